-- MedCase: each section of the AI draft on the case page as soon as it is written (#17).
--
-- The analyzer writes the case summary beside the SOAP note and diagnosis; each is kept
-- here the moment it lands, under the job's claim, and the case page shows it (marked as
-- still being written) while the case is analysing. The finished draft is saved whole in
-- ai_drafts / case_insights as before; a new attempt or the analysis's end clears this.

alter table public.cases add column draft_sections jsonb;

comment on column public.cases.draft_sections is
    'Sections of the AI draft being written ({section name: section}), saved as each lands; null outside an analysis.';

-- One statement, so that two sections landing at once are merged, never overwritten, and
-- only the job holding the claim writes (as the other analyzer writes are guarded).
create function public.save_draft_section(
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
          and section_name in ('case_summary', 'soap_note', 'primary_diagnosis')
        returning 1
    )
    select exists (select 1 from saved);
$$;

revoke execute on function public.save_draft_section(uuid, uuid, text, jsonb) from public, anon;
grant execute on function public.save_draft_section(uuid, uuid, text, jsonb) to authenticated;
