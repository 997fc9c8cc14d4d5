-- MedCase: the AI draft beside an enrolled case carries no date of the patient's care and
-- no id of the doctor's other cases (round fifteen, red15).
--
-- The blind view's own fields give the age as a ten-year band and no date (HIPAA's Safe
-- Harbor keeps only years), and reviewers never read a case's id (20261125140000). But
-- the enrolled draft had to be the stored draft with only its texts redacted, every other
-- field as stored (check_enrolled_draft, 20261127100000), so the pilot's reviewers (after
-- their diagnosis, in the API's answer or straight from this table) and its coordinator
-- read when the case was analysed (generated_at) and, for a patient seen before, each
-- delta check's earlier_at (the day and hour of the earlier visit) and earlier_case_id
-- (the doctor's other case of the same patient).
--
-- Now the enrolled draft is the stored draft without generated_at and without those two
-- fields of each delta check, its texts redacted (core/pilot/deidentify.py
-- redacted_insights leaves them out; a draft that keeps them is refused), and the drafts
-- enrolled before lose them here (the one change ever made to an enrolled draft: it
-- removes, and the signed text beside it is untouched). The embedded file's twin:
-- core/backends/sqlite_db.py migration 24.

-- The stored draft as a pilot may hold it: no date of care, no other case.
create function public.draft_without_dates_of_care(stored jsonb) returns jsonb
    language sql
    immutable
    set search_path = ''
as $$
    select case
        when jsonb_typeof(stored) is distinct from 'object' then stored
        when jsonb_typeof(stored -> 'delta_checks') is distinct from 'array'
            then stored - 'generated_at'
        else jsonb_set(
            stored - 'generated_at',
            '{delta_checks}',
            (select coalesce(jsonb_agg(
                        case when jsonb_typeof(c) = 'object'
                             then c - 'earlier_at' - 'earlier_case_id' else c end
                        order by n), '[]'::jsonb)
             from jsonb_array_elements(stored -> 'delta_checks') with ordinality x(c, n)))
    end
$$;

comment on function public.draft_without_dates_of_care(jsonb) is
    'An AI draft without generated_at and its delta checks'' earlier_at and earlier_case_id.';

revoke execute on function public.draft_without_dates_of_care(jsonb)
    from public, anon, authenticated;

-- The check of 20261127100000, comparing with the stored draft without its dates of care.
create or replace function public.check_enrolled_draft() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
    stored jsonb;
    patient text;
    enrolled_case uuid;
    signed jsonb;
begin
    -- Before any comparison with stored data: the caller's own enrolment.
    if caller is not null and (
        new.owner_id is distinct from caller
        or not exists (select 1 from public.pilot_cases e
                       where e.enrolment_id = new.enrolment_id and e.owner_id = caller))
    then
        raise exception 'only the case''s own doctor keeps its enrolled draft'
            using errcode = 'insufficient_privilege';
    end if;
    select public.draft_without_dates_of_care(d.ai_insights) into stored
    from public.ai_drafts d
    where d.draft_id = new.draft_id and d.user_id = new.owner_id;
    select c.patient_name, c.case_id into patient, enrolled_case
    from public.pilot_cases e join public.cases c on c.case_id = e.case_id
    where e.enrolment_id = new.enrolment_id;
    -- The signed text beside the draft is the latest signed version's on that draft, its
    -- texts redacted: the same sections, fields and list lengths, rejected ones null.
    if new.signed_sections is not null then
        select (select jsonb_object_agg(s.key, s.value -> 'text')
                from jsonb_each(n.content -> 'sections') s)
        into signed
        from public.signed_notes n
        where n.case_id = enrolled_case and n.user_id = new.owner_id
        order by n.version desc limit 1;
        if signed is null or not public.redacted_copy(new.signed_sections, signed)
           or not exists (select 1 from public.signed_notes n
                          where n.case_id = enrolled_case and n.draft_id = new.draft_id)
        then
            raise exception 'the signed text beside a draft is its signed note''s, redacted'
                using errcode = 'check_violation';
        end if;
    end if;
    if stored is null
       or not public.redacted_copy(new.ai_insights, stored)
       or (new.ai_insights - array['case_summary', 'soap_note', 'primary_diagnosis',
                                   'lab_values', 'delta_checks'])
          is distinct from
          (stored - array['case_summary', 'soap_note', 'primary_diagnosis', 'lab_values',
                          'delta_checks'])
       or (new.ai_insights #> '{primary_diagnosis,icd_code}')
          is distinct from (stored #> '{primary_diagnosis,icd_code}')
    then
        raise exception 'the enrolled draft is the stored draft, its texts redacted'
            using errcode = 'check_violation';
    end if;
    if public.names_patient(new.ai_insights, patient)
       or public.names_patient(new.signed_sections, patient)
    then
        raise exception 'an enrolled case never holds the patient''s name'
            using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

-- The drafts enrolled before: the same fields removed, nothing else changed.
alter table public.pilot_case_insights disable trigger pilot_case_insights_unchanged;
update public.pilot_case_insights
set ai_insights = public.draft_without_dates_of_care(ai_insights)
where ai_insights is distinct from public.draft_without_dates_of_care(ai_insights);
alter table public.pilot_case_insights enable trigger pilot_case_insights_unchanged;
