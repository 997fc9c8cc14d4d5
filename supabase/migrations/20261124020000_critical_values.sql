-- MedCase: critical values in the case list (#12).
--
-- The analyzer marks each lab value that is on the published critical-value list; the
-- case list shows a case with any as urgent. How many there are is written with the
-- insights (core/backends/supabase_cases.py), so the list reads one integer per row
-- instead of every record's lab values. Existing records are counted once here.

alter table public.case_insights
    add column critical_count integer not null default 0
        constraint case_insights_critical_count_not_negative check (critical_count >= 0);

comment on column public.case_insights.critical_count is
    'How many lab values of ai_insights are critical (lab_values[].critical): the case list''s urgent mark.';

update public.case_insights i
set critical_count = (
    select count(*)
    from jsonb_array_elements(i.ai_insights -> 'lab_values') v
    where v ->> 'critical' = 'true'
)
where jsonb_typeof(i.ai_insights -> 'lab_values') = 'array';

-- The case list with its filters (20261124010000), as before, and each row's critical_count:
-- the same signature, defaults and grants, so this replaces that function rather than
-- adding a second one beside it.
create or replace function public.list_case_page(
    owner_id uuid,
    name_search text,
    wanted_statuses text[],
    wanted_review_states text[],
    newest_first boolean,
    page_size integer,
    page_offset integer,
    created_from timestamptz default null,
    created_before timestamptz default null,
    min_age integer default null,
    max_age integer default null,
    diagnosis_search text default null,
    icd_prefix text default null
) returns jsonb
    language sql
    stable
    security invoker
    set search_path = ''
as $$
    with mine as (
        select c.* from public.cases c
        where c.user_id = owner_id and c.user_id = (select auth.uid())
    ),
    matching as (
        select m.* from mine m
        where m.status = any (wanted_statuses)
          and (wanted_review_states is null or m.review_state = any (wanted_review_states))
          -- strpos, not ilike: a % or _ the doctor types is a character, not a wildcard.
          and (name_search is null or strpos(lower(m.patient_name), lower(name_search)) > 0)
          and (created_from is null or m.created_at >= created_from)
          and (created_before is null or m.created_at < created_before)
          and (min_age is null or m.patient_age >= min_age)
          and (max_age is null or m.patient_age <= max_age)
          and (diagnosis_search is null or exists (
              select 1 from public.case_insights d
              where d.case_id = m.case_id
                and ((jsonb_typeof(d.ai_insights #> '{primary_diagnosis,primary_diagnosis}')
                          = 'string'
                      and strpos(lower(d.ai_insights #>> '{primary_diagnosis,primary_diagnosis}'),
                                 lower(diagnosis_search)) > 0)
                  or (icd_prefix is not null
                      and jsonb_typeof(d.ai_insights #> '{primary_diagnosis,icd_code}') = 'string'
                      and starts_with(
                          replace(upper(d.ai_insights #>> '{primary_diagnosis,icd_code}'), '.', ''),
                          icd_prefix)))))
    ),
    page as (
        select m.case_id, m.user_id, m.patient_name, m.patient_age, m.patient_gender,
               m.case_summary, m.status, m.created_at, m.updated_at, m.analysis_stage,
               m.analysis_error, m.archived_from, m.content_version, m.review_state,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,primary_diagnosis}')
                         = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,primary_diagnosis}' end
                   as primary_diagnosis,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,icd_code}') = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,icd_code}' end as icd_code,
               coalesce(i.critical_count, 0) as critical_count,
               row_number() over (
                   order by
                       case when newest_first then m.created_at end desc,
                       case when not newest_first then m.created_at end asc,
                       m.case_id
               ) as position
        from matching m
        left join public.case_insights i on i.case_id = m.case_id
        order by position
        limit page_size offset page_offset
    )
    select jsonb_build_object(
        'rows', coalesce(
            (select jsonb_agg(to_jsonb(p) - 'position' order by p.position) from page p),
            '[]'::jsonb),
        'total', (select count(*) from matching),
        'counts_by_status', coalesce(
            (select jsonb_object_agg(s.status, s.number)
             from (select status, count(*) as number from mine group by status) s),
            '{}'::jsonb),
        'counts_by_review_state', coalesce(
            (select jsonb_object_agg(r.review_state, r.number)
             from (select review_state, count(*) as number from mine
                   where status <> 'archived' and review_state is not null
                   group by review_state) r),
            '{}'::jsonb)
    )
$$;
