-- The case list shows what was signed (issue #26): each row's diagnosis is the latest
-- signed version's when the case is signed (none when the doctor rejected the AI's), the
-- AI draft's otherwise, and the diagnosis filter searches that one, with British and
-- American spellings folded alike (public.fold_spelling, rule for rule core/spelling.py).
-- The list is sorted on the server by any of its columns, either way, empty values last,
-- ties by creation time then id; critical cases can come first or alone.
-- The embedded backend's twin: SqliteCaseRepository.list_case_page.

-- Lower-cased, then each replacement in core.spelling.SPELLING_FOLDS's order.
create function public.fold_spelling(words text) returns text
    language sql immutable parallel safe
    set search_path = ''
as $$
    select replace(replace(replace(replace(replace(
        lower(words), 'tumour', 'tumor'), 'æ', 'e'), 'œ', 'e'), 'ae', 'e'), 'oe', 'e')
$$;

drop function public.list_case_page(
    uuid, text, text[], text[], boolean, integer, integer,
    timestamptz, timestamptz, integer, integer, text, text);

create function public.list_case_page(
    owner_id uuid,
    name_search text,
    wanted_statuses text[],
    wanted_review_states text[],
    descending boolean,
    page_size integer,
    page_offset integer,
    created_from timestamptz default null,
    created_before timestamptz default null,
    min_age integer default null,
    max_age integer default null,
    diagnosis_search text default null,
    icd_prefix text default null,
    sort_key text default 'created_at',
    critical_first boolean default false,
    critical_only boolean default false
) returns jsonb
language sql stable
set search_path = ''
as $$
    with mine as (
        select c.* from public.cases c
        where c.user_id = owner_id and c.user_id = (select auth.uid())
    ),
    listed as (
        select m.*,
               s.content is not null as diagnosis_signed,
               case when s.content is not null
                    then case when jsonb_typeof(
                                  s.content #> '{sections,primary_diagnosis,text,primary_diagnosis}')
                                  = 'string'
                              then s.content #>> '{sections,primary_diagnosis,text,primary_diagnosis}'
                         end
                    when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,primary_diagnosis}')
                         = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,primary_diagnosis}'
               end as primary_diagnosis,
               case when s.content is not null
                    then case when jsonb_typeof(
                                  s.content #> '{sections,primary_diagnosis,text,icd_code}')
                                  = 'string'
                              then s.content #>> '{sections,primary_diagnosis,text,icd_code}'
                         end
                    when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,icd_code}') = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,icd_code}'
               end as icd_code,
               coalesce(i.critical_count, 0) as critical_count
        from mine m
        left join public.case_insights i on i.case_id = m.case_id
        left join lateral (
            select n.content from public.signed_notes n
            where n.case_id = m.case_id
            order by n.version desc
            limit 1
        ) s on true
    ),
    matching as (
        select l.* from listed l
        where l.status = any (wanted_statuses)
          and (wanted_review_states is null or l.review_state = any (wanted_review_states))
          -- strpos, not ilike: a % or _ the doctor types is a character, not a wildcard.
          and (name_search is null or strpos(lower(l.patient_name), lower(name_search)) > 0)
          and (created_from is null or l.created_at >= created_from)
          and (created_before is null or l.created_at < created_before)
          and (min_age is null or l.patient_age >= min_age)
          and (max_age is null or l.patient_age <= max_age)
          and (diagnosis_search is null
               or strpos(public.fold_spelling(l.primary_diagnosis),
                         public.fold_spelling(diagnosis_search)) > 0
               or strpos(lower(l.primary_diagnosis), lower(diagnosis_search)) > 0
               or (icd_prefix is not null
                   and starts_with(replace(upper(l.icd_code), '.', ''), icd_prefix)))
          and (not critical_only or l.critical_count > 0)
    ),
    page as (
        select m.case_id, m.user_id, m.patient_name, m.patient_age, m.patient_gender,
               m.case_summary, m.status, m.created_at, m.updated_at, m.analysis_stage,
               m.analysis_error, m.archived_from, m.content_version, m.review_state,
               m.primary_diagnosis, m.icd_code, m.diagnosis_signed, m.critical_count,
               row_number() over (
                   order by
                       case when critical_first then m.critical_count > 0 end desc nulls last,
                       -- Text keys compare as the embedded backend does (code points).
                       case when sort_key = 'patient_name' and descending
                            then lower(m.patient_name) collate "C" end desc nulls last,
                       case when sort_key = 'patient_name' and not descending
                            then lower(m.patient_name) collate "C" end asc nulls last,
                       case when sort_key = 'diagnosis' and descending
                            then lower(m.primary_diagnosis) collate "C" end desc nulls last,
                       case when sort_key = 'diagnosis' and not descending
                            then lower(m.primary_diagnosis) collate "C" end asc nulls last,
                       case when sort_key = 'status' and descending
                            then m.status collate "C" end desc nulls last,
                       case when sort_key = 'status' and not descending
                            then m.status collate "C" end asc nulls last,
                       case when sort_key = 'review_state' and descending
                            then m.review_state collate "C" end desc nulls last,
                       case when sort_key = 'review_state' and not descending
                            then m.review_state collate "C" end asc nulls last,
                       case when sort_key = 'patient_age' and descending
                            then m.patient_age end desc nulls last,
                       case when sort_key = 'patient_age' and not descending
                            then m.patient_age end asc nulls last,
                       case when sort_key = 'critical_count' and descending
                            then m.critical_count end desc nulls last,
                       case when sort_key = 'critical_count' and not descending
                            then m.critical_count end asc nulls last,
                       case when sort_key = 'updated_at' and descending
                            then m.updated_at end desc nulls last,
                       case when sort_key = 'updated_at' and not descending
                            then m.updated_at end asc nulls last,
                       case when descending then m.created_at end desc,
                       case when not descending then m.created_at end asc,
                       m.case_id
               ) as position
        from matching m
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

revoke execute on function
    public.list_case_page(
        uuid, text, text[], text[], boolean, integer, integer,
        timestamptz, timestamptz, integer, integer, text, text, text, boolean, boolean)
    from public, anon;
grant execute on function
    public.list_case_page(
        uuid, text, text[], text[], boolean, integer, integer,
        timestamptz, timestamptz, integer, integer, text, text, text, boolean, boolean)
    to authenticated;
