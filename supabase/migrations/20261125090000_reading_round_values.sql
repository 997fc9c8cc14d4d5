-- MedCase: the reading round's lab values on the case page before the writing round (#25).
--
-- The analyzer saves every lab value it read, with its critical mark, as the section
-- 'lab_values' of cases.draft_sections the moment the lab files are read, so a critical
-- value is on screen within a second of Create while the summary is still being written.
-- The function is the one of 20261124080000_draft_sections.sql with that name allowed.

create or replace function public.save_draft_section(
    target_case uuid,
    claim_token uuid,
    section_name text,
    section jsonb
) returns boolean
    language sql
    volatile
    security invoker
    set search_path = ''
as $$
    with saved as (
        update public.cases c
        set draft_sections = coalesce(c.draft_sections, '{}'::jsonb)
            || jsonb_build_object(section_name, section)
        where c.case_id = target_case
          and c.user_id = (select auth.uid())
          and c.analysis_claim = claim_token
          and section_name in ('case_summary', 'soap_note', 'primary_diagnosis', 'lab_values')
        returning 1
    )
    select exists (select 1 from saved);
$$;

revoke execute on function public.save_draft_section(uuid, uuid, text, jsonb) from public, anon;
grant execute on function public.save_draft_section(uuid, uuid, text, jsonb) to authenticated;
