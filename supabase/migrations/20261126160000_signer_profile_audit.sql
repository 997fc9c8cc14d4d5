-- MedCase: a change to how a doctor signs is on their audit trail (issue #26).
--
-- The name as signed and the credentials go into every version the doctor signs, so
-- setting or changing them is an event: 'signer_profile_updated', with the names of the
-- fields that changed (never their values), written by the database itself in the
-- transaction that writes the profile (a trigger), so a token sent straight to PostgREST
-- cannot change the profile without the event, nor append the event without the change.
-- A save that changes nothing writes no event. sqlite_db migration 20 is the embedded twin.

alter table public.audit_events drop constraint audit_events_action_check;

alter table public.audit_events
    add constraint audit_events_action_check check (action in (
        'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
        'case_deleted', 'case_exported', 'file_added', 'file_downloaded', 'file_viewed',
        'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
        'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
        'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
        'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
        'patient_created', 'patient_merged', 'patient_unmerged',
        'critical_value_acknowledged', 'patient_opened', 'patient_updated',
        'signer_profile_updated'));

comment on constraint audit_events_action_check on public.audit_events is
    'The actions of core/audit.py AuditAction; pilot and patient events carry ids only.';

-- The event is the database's own: a client may not append it.
drop policy "Doctors record events of their own cases" on public.audit_events;

create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and action not in (
            'note_signed', 'note_amended', 'patient_merged', 'patient_unmerged',
            'critical_value_acknowledged', 'signer_profile_updated'
        )
        and (
            case_id is null
            or exists (
                select 1 from public.cases c
                where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
            )
        )
    );

-- Which fields changed: against nothing for a new profile (a name is always set; the
-- credentials when given), against the row before for a change.
create function public.doctor_profile_audited() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    changed text[] := array[]::text[];
begin
    if new.credentials is distinct from
       (case when tg_op = 'INSERT' then '' else old.credentials end) then
        changed := array_append(changed, 'credentials');
    end if;
    if tg_op = 'INSERT' or new.display_name is distinct from old.display_name then
        changed := array_append(changed, 'display_name');
    end if;
    if cardinality(changed) = 0 then
        return null;
    end if;
    insert into public.audit_events (user_id, case_id, action, details)
    values (
        new.user_id, null, 'signer_profile_updated',
        public.canonical_json(jsonb_build_object('fields', to_jsonb(changed)))
    );
    return null;
end;
$$;

create trigger doctor_profiles_audited after insert or update on public.doctor_profiles
    for each row execute function public.doctor_profile_audited();

revoke execute on function public.doctor_profile_audited() from public, anon, authenticated;
