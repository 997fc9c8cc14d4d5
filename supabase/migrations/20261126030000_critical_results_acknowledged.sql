-- MedCase: critical results acknowledged (issue #27; CLSI GP47, CAP).
--
-- Each critical value the analysis finds waits for the doctor's acknowledgment: who, when
-- (the database's time), how it was communicated (a fixed list) and an optional comment.
--
-- * critical_findings: each draft's critical values by key (core/analysis/labs/
--   critical_keys.py: the analyte's code, specimen, result, unit and source, hashed),
--   written by the analysis beside its draft; found_at is the database's time of the
--   first draft of the case that held the key (a trigger sets it), so a re-analysis that
--   finds the same value keeps its time and its acknowledgment.
-- * critical_acknowledgments: one per case and key, written only by
--   public.acknowledge_critical_value (SECURITY DEFINER), which takes the time from now(),
--   the signer and e-mail from auth.uid(), and writes the critical_value_acknowledged
--   event in the same transaction. No client inserts, updates or deletes one.
-- * public.sign_note signs only once every critical value of the current draft is
--   acknowledged (hint critical_values_unacknowledged).
-- * list_case_page: each row's unacknowledged critical values and since when; critical
--   first puts those cases before the rest; a filter keeps only them.
-- The embedded backend's twin: core/backends/sqlite_db.py (the #27 migration) and
-- core/backends/sqlite_critical.py.

create table public.critical_findings (
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    draft_id uuid not null references public.ai_drafts (draft_id) on delete cascade,
    value_key text not null check (value_key ~ '^[0-9a-f]{64}$'),
    analyte text not null check (length(analyte) between 1 and 200),
    shown text not null check (length(shown) between 1 and 300),
    found_at timestamptz not null default now(),
    primary key (draft_id, value_key)
);

comment on table public.critical_findings is
    'The critical values of each AI draft by key; found_at is when the case first held the key.';

create index critical_findings_case on public.critical_findings (case_id, value_key);
create index critical_findings_owner on public.critical_findings (user_id);

alter table public.critical_findings enable row level security;

create policy "Doctors see the critical values of their own cases" on public.critical_findings
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors' analyses record critical values of their own drafts"
    on public.critical_findings
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.ai_drafts d
            where d.draft_id = critical_findings.draft_id
              and d.case_id = critical_findings.case_id
              and d.user_id = (select auth.uid())
        )
    );

-- The database's time of the case's first finding of the key, whatever a client sends.
create function public.critical_finding_first_found() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.found_at := coalesce(
        (select min(f.found_at) from public.critical_findings f
         where f.case_id = new.case_id and f.value_key = new.value_key),
        now());
    return new;
end;
$$;

create trigger critical_findings_first_found before insert on public.critical_findings
    for each row execute function public.critical_finding_first_found();
create trigger critical_findings_unchanged before update on public.critical_findings
    for each row execute function public.refuse_change();

create table public.critical_acknowledgments (
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null references auth.users (id) on delete cascade,
    value_key text not null check (value_key ~ '^[0-9a-f]{64}$'),
    acknowledged_by uuid not null,
    acknowledged_by_email text not null,
    acknowledged_at timestamptz not null default now(),
    found_at timestamptz not null,
    method text not null check (method in (
        'read_back_by_phone', 'in_person', 'seen_on_screen',
        'message_to_responsible_clinician')),
    comment text check (comment is null or length(comment) between 1 and 1000),
    primary key (case_id, value_key),
    check (acknowledged_by = user_id)
);

comment on table public.critical_acknowledgments is
    'Who acknowledged each critical value of a case, when (the database''s time) and how; '
    'written only by public.acknowledge_critical_value, never changed.';

create index critical_acknowledgments_owner
    on public.critical_acknowledgments (user_id, acknowledged_at);

alter table public.critical_acknowledgments enable row level security;

create policy "Doctors see the acknowledgments of their own cases"
    on public.critical_acknowledgments
    for select to authenticated
    using (user_id = (select auth.uid()));

create trigger critical_acknowledgments_unchanged before update
    on public.critical_acknowledgments
    for each row execute function public.refuse_change();

revoke all on table public.critical_findings, public.critical_acknowledgments from anon;
revoke update, delete, truncate on table public.critical_findings from authenticated;
revoke insert, update, delete, truncate on table public.critical_acknowledgments
    from authenticated;
grant select, insert on table public.critical_findings to authenticated;
grant select on table public.critical_acknowledgments to authenticated;

-- The audit trail: the new action, written only by the database -------------------------

alter table public.audit_events drop constraint audit_events_action_check;

alter table public.audit_events
    add constraint audit_events_action_check check (action in (
        'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
        'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
        'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
        'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
        'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
        'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
        'patient_created', 'patient_merged', 'patient_unmerged',
        'critical_value_acknowledged'));

comment on constraint audit_events_action_check on public.audit_events is
    'The actions of core/audit.py AuditAction; pilot and patient events carry ids only.';

drop policy "Doctors record events of their own cases" on public.audit_events;

create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and action not in (
            'note_signed', 'note_amended', 'patient_merged', 'patient_unmerged',
            'critical_value_acknowledged'
        )
        and (
            case_id is null
            or exists (
                select 1 from public.cases c
                where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
            )
        )
    );

-- Acknowledging: the caller's own case, a critical value of its current draft, once ------

create function public.acknowledge_critical_value(
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
    select f.found_at into first_found
    from public.case_insights i
    join public.critical_findings f on f.draft_id = i.draft_id and f.case_id = i.case_id
    where i.case_id = p_case and i.user_id = doctor and f.value_key = p_value_key;
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

comment on function public.acknowledge_critical_value(uuid, text, text, text) is
    'Acknowledges a critical value of the caller''s case: time, doctor and audit event are '
    'the database''s own; true once recorded (read it back under RLS).';

revoke execute on function public.acknowledge_critical_value(uuid, text, text, text)
    from public, anon;
grant execute on function public.acknowledge_critical_value(uuid, text, text, text)
    to authenticated;
revoke execute on function public.critical_finding_first_found() from public, anon, authenticated;

-- Signing waits for the acknowledgments (the function of 20261125110000, one check more) --

create or replace function public.sign_note(
    p_case uuid,
    p_version integer,
    p_draft uuid,
    p_sections jsonb,
    p_reason text default null
) returns uuid
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    signer uuid := (select auth.uid());
    signer_email text;
    latest public.signed_notes;
    moment timestamptz := now();
    changed jsonb;
    new_id uuid := gen_random_uuid();
begin
    if signer is null then
        raise exception 'sign in to sign a note' using errcode = 'insufficient_privilege';
    end if;
    -- The caller's own case, locked: one signature of a case at a time.
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = signer
    for update;
    if not found then
        raise exception 'no such case' using errcode = 'foreign_key_violation';
    end if;
    -- Every critical value of the current draft acknowledged first (issue #27).
    if exists (
        select 1 from public.case_insights i
        join public.critical_findings f on f.draft_id = i.draft_id and f.case_id = i.case_id
        where i.case_id = p_case
          and not exists (
              select 1 from public.critical_acknowledgments a
              where a.case_id = f.case_id and a.value_key = f.value_key)
    ) then
        raise exception 'acknowledge the critical values first'
            using errcode = 'check_violation', hint = 'critical_values_unacknowledged';
    end if;
    select n.* into latest from public.signed_notes n
    where n.case_id = p_case order by n.version desc limit 1;
    if p_version is distinct from coalesce(latest.version, 0) + 1 then
        return null;
    end if;
    if jsonb_typeof(p_sections) is distinct from 'object'
       or not p_sections ?& array['case_summary', 'soap_note', 'primary_diagnosis']
       or (select count(*) from jsonb_object_keys(p_sections)) <> 3
       or octet_length(p_sections::text) > 200000
    then
        raise exception 'a note has the three sections, and no more'
            using errcode = 'check_violation';
    end if;
    if latest.note_id is null then
        -- The sign-off is of the case's current draft, and has no amendment reason.
        if p_reason is not null or not exists (
            select 1 from public.case_insights i
            where i.case_id = p_case and i.user_id = signer and i.draft_id = p_draft
        ) then
            raise exception 'the sign-off is of the current draft'
                using errcode = 'check_violation';
        end if;
    else
        if length(trim(coalesce(p_reason, ''))) = 0 or not exists (
            select 1 from public.ai_drafts d
            where d.draft_id = p_draft and d.case_id = p_case and d.user_id = signer
        ) then
            raise exception 'an amendment needs a reason and a draft of the case'
                using errcode = 'check_violation';
        end if;
        select coalesce(jsonb_agg(e.key order by e.key collate "C"), '[]'::jsonb) into changed
        from jsonb_each(p_sections) e
        where e.value is distinct from latest.content -> 'sections' -> e.key;
        if changed = '[]'::jsonb then
            raise exception 'the amendment is the same as the signed version'
                using errcode = 'check_violation';
        end if;
    end if;
    select u.email into signer_email from auth.users u where u.id = signer;
    insert into public.signed_notes (
        note_id, case_id, user_id, version, draft_id, content, content_hash, signed_by,
        signer_email, signed_at, amendment_reason
    ) values (
        new_id, p_case, signer, p_version, p_draft, jsonb_build_object('sections', p_sections),
        public.signed_note_hash(p_case, p_version, p_draft, p_sections, signer, moment),
        signer, coalesce(signer_email, ''), moment, p_reason
    );
    update public.cases
    set review_state = case when p_version = 1 then 'signed' else 'amended' end
    where case_id = p_case;
    -- The event only this function writes (the audit policy refuses it from clients).
    insert into public.audit_events (user_id, case_id, action, details)
    values (
        signer, p_case,
        case when p_version = 1 then 'note_signed' else 'note_amended' end,
        public.canonical_json(case when p_version = 1
            then jsonb_build_object('version', p_version)
            else jsonb_build_object('version', p_version, 'sections', changed) end)
    );
    return new_id;
end;
$$;


-- The case list (20261125193000) with each row's unacknowledged critical values ---------

drop function public.list_case_page(
    uuid, text, text[], text[], boolean, integer, integer,
    timestamptz, timestamptz, integer, integer, text, text, text, boolean, boolean);

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
        -- The current draft's critical values no acknowledgment names yet (#27).
        left join lateral (
            select count(*) as unacknowledged_critical, min(f.found_at) as critical_waiting_since
            from public.critical_findings f
            where f.case_id = m.case_id and f.draft_id = i.draft_id
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

revoke execute on function
    public.list_case_page(
        uuid, text, text[], text[], boolean, integer, integer,
        timestamptz, timestamptz, integer, integer, text, text, text, boolean, boolean,
        boolean)
    from public, anon;
grant execute on function
    public.list_case_page(
        uuid, text, text[], text[], boolean, integer, integer,
        timestamptz, timestamptz, integer, integer, text, text, text, boolean, boolean,
        boolean)
    to authenticated;
