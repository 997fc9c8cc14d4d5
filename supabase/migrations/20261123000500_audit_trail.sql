-- MedCase: the audit trail. Every action on a case, and every sign-in and sign-out, is an
-- event: who, when, the case id, the action and small details (field names, a section, a
-- version), never patient data.
--
-- Append-only and tamper-evident: each doctor's events form a chain; the trigger below
-- stamps every new event with its number in the chain, the time, the previous event's hash
-- and a SHA-256 over that hash and the event's own content, whatever the client sent. There
-- is no update or delete policy, the privileges are revoked, and triggers refuse updates
-- and deletes for every role, the table owner included. No foreign key to the cases or
-- accounts: a deleted case leaves its events (its id, nothing else). core/audit.py
-- verifies a chain with the same hash.

create table public.audit_events (
    event_id bigint generated always as identity primary key,
    -- No foreign keys: the trail outlives the cases and accounts it speaks of.
    user_id uuid not null default auth.uid(),
    case_id uuid,
    action text not null check (action in (
        'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
        'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
        'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
        'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
        'note_amended', 'signed_in', 'signed_out')),
    -- Canonical JSON text (sorted keys, no spaces), hashed exactly as stored.
    details text not null default '{}' check (details::jsonb is not null),
    seq bigint not null,
    occurred_at timestamptz not null,
    prev_hash text not null,
    hash text not null check (hash ~ '^[0-9a-f]{64}$'),
    unique (user_id, seq)
);

comment on table public.audit_events is
    'Append-only, hash-chained audit trail: one chain per doctor (user_id, seq).';
comment on column public.audit_events.hash is
    'SHA-256 of prev_hash|seq|user_id|case_id|action|details|occurred_at (UTC, microseconds).';

create index audit_events_case on public.audit_events (user_id, case_id, seq);

create function public.stamp_audit_event() returns trigger
    language plpgsql
    set search_path = ''
as $$
declare
    previous text;
begin
    -- One writer per doctor's chain at a time: the number and the link are taken in turn.
    perform pg_advisory_xact_lock(hashtextextended(new.user_id::text, 0));
    select e.seq, e.hash into new.seq, previous
    from public.audit_events e
    where e.user_id = new.user_id
    order by e.seq desc
    limit 1;
    new.seq := coalesce(new.seq, 0) + 1;
    new.prev_hash := coalesce(previous, '');
    new.occurred_at := clock_timestamp();
    new.hash := encode(sha256(convert_to(concat_ws('|',
        new.prev_hash,
        new.seq::text,
        new.user_id::text,
        coalesce(new.case_id::text, ''),
        new.action,
        new.details,
        to_char(new.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    ), 'UTF8')), 'hex');
    return new;
end;
$$;

create trigger audit_events_stamp
    before insert on public.audit_events
    for each row execute function public.stamp_audit_event();

create trigger audit_events_unchanged before update on public.audit_events
    for each row execute function public.refuse_change();
create trigger audit_events_kept before delete on public.audit_events
    for each row execute function public.refuse_change();
create trigger audit_events_not_truncated before truncate on public.audit_events
    for each statement execute function public.refuse_change();

alter table public.audit_events enable row level security;

create policy "Doctors read their own audit trail" on public.audit_events
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and (
            case_id is null
            or exists (
                select 1 from public.cases c
                where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
            )
        )
    );

revoke all on table public.audit_events from anon;
revoke update, delete, truncate on table public.audit_events from authenticated;
revoke execute on function public.stamp_audit_event() from public, anon, authenticated;
