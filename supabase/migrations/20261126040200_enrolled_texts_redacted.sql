-- MedCase: the AI draft and the signed text beside an enrolled case are checked word by
-- word against what the database holds (issue #23): every text in them must be the stored
-- text with only stretches replaced by the redaction's placeholders or a file's label
-- (public.redaction_of, 20261126040100), where before only their shape was checked and
-- any text was let through. "Stop all insulin" in place of the stored plan is refused.

-- Whether ``enrolled`` is ``stored`` with its texts redacted: the same keys, list lengths,
-- numbers, flags and nulls, and each string the stored one with placeholders put in.
create function public.redacted_copy(enrolled jsonb, stored jsonb) returns boolean
    language plpgsql
    immutable
    set search_path = ''
as $$
begin
    if jsonb_typeof(enrolled) is distinct from jsonb_typeof(stored) then
        return false;
    end if;
    case jsonb_typeof(stored)
        when 'string' then
            return public.redaction_of(enrolled #>> '{}', stored #>> '{}');
        when 'object' then
            return (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(enrolled) k)
                   = (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(stored) k)
               and not exists (select 1 from jsonb_each(stored) s
                               where not public.redacted_copy(enrolled -> s.key, s.value));
        when 'array' then
            return jsonb_array_length(enrolled) = jsonb_array_length(stored)
               and not exists (select 1 from jsonb_array_elements(stored) with ordinality s(v, n)
                               where not public.redacted_copy(enrolled -> (s.n::int - 1), s.v));
        else
            return enrolled = stored;
    end case;
end;
$$;

revoke execute on function public.redacted_copy(jsonb, jsonb) from public, anon, authenticated;

create or replace function public.check_enrolled_draft() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    stored jsonb;
    patient text;
    enrolled_case uuid;
    signed jsonb;
begin
    select d.ai_insights into stored from public.ai_drafts d
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
                                   'lab_values'])
          is distinct from
          (stored - array['case_summary', 'soap_note', 'primary_diagnosis', 'lab_values'])
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
