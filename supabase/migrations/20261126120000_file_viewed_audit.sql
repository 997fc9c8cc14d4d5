-- A lab file or radiology image looked at on the case page is an audit event (issue #26),
-- as a download is: its file id only. The action list again, in full (core/audit.py
-- AuditAction); the insert policy is unchanged (doctors write this one themselves).

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
        'critical_value_acknowledged'));

comment on constraint audit_events_action_check on public.audit_events is
    'The actions of core/audit.py AuditAction; pilot and patient events carry ids only.';
