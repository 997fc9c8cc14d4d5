-- MedCase: what the audit trail accepts from a client, and its anchor outside the database
-- (issue 23).
--
-- 1. Events the database writes itself come only from the database. note_signed and
--    note_amended are written by public.sign_note (20261125110000_signing_in_the_database),
--    as the table's owner; a doctor's token sent straight to PostgREST may append neither.
-- 2. Details are small: the app's largest (20 words of 64 characters) is under 1,500
--    bytes; a client cannot fill the trail with megabytes. NOT VALID: stored events are
--    never changed, so there is nothing to revalidate.
-- 3. Checkpoints: the app seals (HMAC-SHA256 with its own key, which the database never
--    sees) the count and head hash of a doctor's chain each time it verifies it intact,
--    and keeps that here. An owner of the database who deletes an event and re-chains the
--    rest changes the hash at every later position, so a sealed checkpoint no longer
--    matches; forging a new checkpoint needs the app's key. What the owner can still do:
--    delete the checkpoints too, and rewrite the events after the newest checkpoint the
--    app made; the audit tab and the audit CSV show the newest checkpoint, so a copy kept
--    outside the database tells.

drop policy "Doctors record events of their own cases" on public.audit_events;

create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and action not in ('note_signed', 'note_amended')
        and (
            case_id is null
            or exists (
                select 1 from public.cases c
                where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
            )
        )
    );

alter table public.audit_events
    add constraint audit_events_details_size check (octet_length(details) <= 2048) not valid;

comment on constraint audit_events_details_size on public.audit_events is
    'An event''s details are a few words and numbers (core/audit.py MAX_DETAILS_BYTES).';

create table public.audit_checkpoints (
    user_id uuid not null default auth.uid(),
    seq bigint not null check (seq >= 1),
    head_hash text not null check (head_hash ~ '^[0-9a-f]{64}$'),
    seal text not null check (seal ~ '^[0-9a-f]{64}$'),
    made_at timestamptz not null default now(),
    primary key (user_id, seq)
);

comment on table public.audit_checkpoints is
    'The app''s sealed checkpoints of each doctor''s audit chain: the event count (seq) and '
    'the head hash then, with an HMAC by the app''s key (core/audit.py checkpoint_seal).';

alter table public.audit_checkpoints enable row level security;

create policy "Doctors read their own checkpoints" on public.audit_checkpoints
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors' sessions checkpoint their own chain as it stands" on public.audit_checkpoints
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.audit_events e
            where e.user_id = (select auth.uid())
              and e.seq = audit_checkpoints.seq
              and e.hash = audit_checkpoints.head_hash
        )
    );

create trigger audit_checkpoints_unchanged before update on public.audit_checkpoints
    for each row execute function public.refuse_change();
create trigger audit_checkpoints_kept before delete on public.audit_checkpoints
    for each row execute function public.refuse_change();

revoke all on table public.audit_checkpoints from anon;
revoke update, delete, truncate on table public.audit_checkpoints from authenticated;
