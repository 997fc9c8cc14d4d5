-- MedCase: an AI draft an API role stores has the shape the analyzer writes (round
-- fifteen, red15).
--
-- The analyzer writes drafts with the doctor's own token (round twelve left the analyzer's
-- tables writable by it), and the enrolment check (check_enrolled_draft) asks only that an
-- enrolled draft be the stored draft, redacted. A doctor's token could store a draft whose
-- provenance, diagnosis or a section was a word or a list, make it the case's current
-- draft and enrol the case: every page that reads the pilot's drafts then failed for other
-- accounts (the coordinator's figures and CSV export of the whole pilot, each reviewer's
-- figures, the AI draft a reviewer scores).
--
-- core/insights.py Insights, as model_dump writes it: a JSON object whose three sections
-- and provenance are objects, whose lab values (and a diagnosis's differential) are lists
-- of objects, each lab value with LabValue's types (an analyte's name, a number, marks
-- true or false): a value whose number was text ("4 (low)") passed the enrolment check as
-- stored and made the reviewers' view of the case unreadable. Refused otherwise
-- (check_violation) when an API role writes the draft; the project's owner and existing
-- rows are not checked (the pilot's readers read a draft of another shape as empty, and
-- leave a blind view's unreadable value out: core/pilot/records.py as_fields,
-- stored_view). The embedded file has no twin: only the app writes its drafts, from
-- Insights.

create function public.draft_as_the_analyzer_writes() returns trigger
    language plpgsql
    set search_path = ''
as $$
declare
    draft jsonb := new.ai_insights;
begin
    if (select auth.uid()) is null then
        return new;  -- the project's owner (migrations, repairs), never an API role
    end if;
    if jsonb_typeof(draft) is distinct from 'object'
       or jsonb_typeof(draft -> 'case_summary') is distinct from 'object'
       or jsonb_typeof(draft -> 'soap_note') is distinct from 'object'
       or jsonb_typeof(draft -> 'primary_diagnosis') is distinct from 'object'
       or jsonb_typeof(draft -> 'provenance') is distinct from 'object'
       or coalesce(jsonb_typeof(draft -> 'lab_values'), 'array') <> 'array'
       or coalesce(jsonb_typeof(draft #> '{primary_diagnosis,differential}'), 'array')
          <> 'array'
       -- Each lab value an object of core/insights.py LabValue's types (the blind view of
       -- an enrolled case copies its values as stored).
       or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(draft -> 'lab_values') = 'array'
                           then draft -> 'lab_values' else '[]'::jsonb end) v
                  where jsonb_typeof(v) <> 'object'
                     or jsonb_typeof(v -> 'analyte') is distinct from 'string'
                     or jsonb_typeof(v -> 'value') is distinct from 'number'
                     or exists (
                         select 1 from jsonb_each(v) field
                         where jsonb_typeof(field.value) <> case
                             when field.key in ('critical', 'doubtful', 'other_patient')
                                 then 'boolean'
                             when field.key in ('reference_low', 'reference_high',
                                                'source_page', 'ocr_confidence')
                                 then (case when jsonb_typeof(field.value) = 'null'
                                            then 'null' else 'number' end)
                             when field.key in ('comparator', 'unit', 'flag', 'source_file_id',
                                                'source_line', 'specimen', 'timing', 'read_by',
                                                'sender_flag', 'result_status')
                                 then (case when jsonb_typeof(field.value) = 'null'
                                            then 'null' else 'string' end)
                             else jsonb_typeof(field.value)
                         end))
       or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(draft #> '{primary_diagnosis,differential}')
                                = 'array'
                           then draft #> '{primary_diagnosis,differential}'
                           else '[]'::jsonb end) v
                  where jsonb_typeof(v) <> 'object')
    then
        raise exception 'an AI draft has the analyzer''s shape'
            using errcode = 'check_violation', hint = 'draft_shape';
    end if;
    return new;
end;
$$;

revoke all on function public.draft_as_the_analyzer_writes() from public, anon, authenticated;

create trigger ai_drafts_as_the_analyzer_writes before insert on public.ai_drafts
    for each row execute function public.draft_as_the_analyzer_writes();
