-- MedCase: pilot actions on the audit trail (issue 14).
--
-- A pilot created, a member added or removed, a case enrolled, a review submitted: each is
-- an event on the acting account's chain, with ids only in its details (the pilot, the
-- member, the enrolment, the review), never a name, a diagnosis or a note. A reviewer's
-- event carries no case id: they never learn which case a pseudonym stands for. The
-- action list is core/audit.py's AuditAction, as in the embedded backend (sqlite_db
-- migration 10); the check replaces the one of 20261123000500_audit_trail.sql. Every
-- stored action is in the new list, so the check validates at once.

alter table public.audit_events drop constraint audit_events_action_check;

alter table public.audit_events
    add constraint audit_events_action_check check (action in (
        'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
        'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
        'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
        'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
        'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
        'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted'));

comment on constraint audit_events_action_check on public.audit_events is
    'The actions of core/audit.py AuditAction; pilot events carry ids only.';
