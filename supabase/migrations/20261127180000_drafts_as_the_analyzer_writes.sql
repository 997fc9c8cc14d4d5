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
-- of objects. Refused otherwise (check_violation) when an API role writes the draft; the
-- project's owner and existing rows are not checked (the pilot's readers read a draft of
-- another shape as empty: core/pilot/records.py as_fields). The embedded file has no twin:
-- only the app writes its drafts, from Insights.

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
       or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(draft -> 'lab_values') = 'array'
                           then draft -> 'lab_values' else '[]'::jsonb end) v
                  where jsonb_typeof(v) <> 'object')
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
