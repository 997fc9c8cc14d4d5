-- MedCase: every critical value a case held is acknowledged before its note is signed
-- (round twelve's red team, second pass; CLSI GP47: a critical result once raised is
-- acknowledged).
--
-- The analyzer writes drafts with the doctor's own token, so that token can make a draft
-- without the critical values current: a clean new one, or an older one pointed back to
-- (case_insights.draft_id names any draft of the same case). public.sign_note waited
-- only for the current draft's values (20261126030000, 20261126100000), so such a draft
-- was signed without them. Now:
--
-- * signed_notes: a trigger refuses a signature while any key in critical_findings for
--   the case, whatever its draft, has no acknowledgment (same words and hint as
--   sign_note's own check, critical_values_unacknowledged). sign_note is the only writer
--   of signed_notes, so every signature and amendment passes it.
-- * acknowledge_critical_value: a value any draft of the case held (it asked for the
--   current draft's), so the doctor can always acknowledge what blocks the signature.
-- * list_case_page: a row's unacknowledged values and since when count every draft of
--   the case (each key once), as the case page lists them.
-- The embedded backend's twin: the last entry of MIGRATIONS in core/backends/sqlite_db.py.

create function public.signed_after_every_critical_value() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if exists (
        select 1 from public.critical_findings f
        where f.case_id = new.case_id
          and not exists (
              select 1 from public.critical_acknowledgments a
              where a.case_id = f.case_id and a.value_key = f.value_key)
    ) then
        raise exception 'acknowledge the critical values first'
            using errcode = 'check_violation', hint = 'critical_values_unacknowledged';
    end if;
    return new;
end;
$$;

create trigger signed_notes_after_every_critical_value before insert on public.signed_notes
    for each row execute function public.signed_after_every_critical_value();

revoke execute on function public.signed_after_every_critical_value()
    from public, anon, authenticated;

-- Acknowledging (20261126030000): a critical value of any draft of the caller's case -----

create or replace function public.acknowledge_critical_value(
    p_case uuid,
    p_value_key text,
    p_method text,
    p_comment text default null
) returns boolean
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    doctor uuid := (select auth.uid());
    doctor_email text;
    first_found timestamptz;
begin
    if doctor is null then
        raise exception 'sign in to acknowledge' using errcode = 'insufficient_privilege';
    end if;
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = doctor
    for update;
    if not found then
        raise exception 'no such case' using errcode = 'foreign_key_violation';
    end if;
    -- Any draft of the case: a value an earlier analysis found is acknowledged too.
    select min(f.found_at) into first_found
    from public.critical_findings f
    where f.case_id = p_case and f.user_id = doctor and f.value_key = p_value_key;
    if first_found is null then
        raise exception 'no such critical value'
            using errcode = 'no_data_found', hint = 'critical_value_not_found';
    end if;
    select u.email into doctor_email from auth.users u where u.id = doctor;
    -- A second acknowledgment of the same value breaks the primary key (unique_violation).
    insert into public.critical_acknowledgments (
        case_id, user_id, value_key, acknowledged_by, acknowledged_by_email, acknowledged_at,
        found_at, method, comment
    ) values (
        p_case, doctor, p_value_key, doctor, coalesce(doctor_email, ''), now(), first_found,
        p_method, nullif(btrim(p_comment), '')
    );
    insert into public.audit_events (user_id, case_id, action, details)
    values (
        doctor, p_case, 'critical_value_acknowledged',
        public.canonical_json(jsonb_build_object('method', p_method, 'value', p_value_key))
    );
    -- true: the caller reads the acknowledgment back under RLS (no row leaves here).
    return true;
end;
$$;

-- The case list (20261126030000): every draft's waiting values, each key once ------------

create or replace function public.list_case_page(
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
    critical_only boolean default false,
    unacknowledged_only boolean default false
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
               coalesce(i.critical_count, 0) as critical_count,
               coalesce(w.unacknowledged_critical, 0) as unacknowledged_critical,
               w.critical_waiting_since
        from mine m
        left join public.case_insights i on i.case_id = m.case_id
        left join lateral (
            select n.content from public.signed_notes n
            where n.case_id = m.case_id
            order by n.version desc
            limit 1
        ) s on true
        -- The critical values any draft of the case held that no acknowledgment names
        -- yet (#27; CLSI GP47), each key once.
        left join lateral (
            select count(distinct f.value_key) as unacknowledged_critical,
                   min(f.found_at) as critical_waiting_since
            from public.critical_findings f
            where f.case_id = m.case_id
              and not exists (
                  select 1 from public.critical_acknowledgments a
                  where a.case_id = f.case_id and a.value_key = f.value_key)
        ) w on true
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
          and (not unacknowledged_only or l.unacknowledged_critical > 0)
    ),
    page as (
        select m.case_id, m.user_id, m.patient_name, m.patient_age, m.patient_gender,
               m.case_summary, m.status, m.created_at, m.updated_at, m.analysis_stage,
               m.analysis_error, m.archived_from, m.content_version, m.review_state,
               m.primary_diagnosis, m.icd_code, m.diagnosis_signed, m.critical_count,
               m.unacknowledged_critical, m.critical_waiting_since,
               row_number() over (
                   order by
                       case when critical_first then m.unacknowledged_critical > 0 end
                           desc nulls last,
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
