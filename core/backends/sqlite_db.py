"""The embedded database: one SQLite file in WAL mode, a connection per thread."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from core.audit import event_hash, occurred_text
from core.pilot.records import ICD_CODE_FORM, stored_scores_valid
from core.private_files import private_file, private_folder
from core.review import content_hash, signed_at_text
from core.spelling import fold_spelling_or_none

# Each entry moves the schema one version up; PRAGMA user_version records where a file is.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE doctors (
        user_id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        expires_at REAL NOT NULL
    );
    CREATE TABLE cases (
        case_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        patient_name TEXT NOT NULL CHECK (length(patient_name) BETWEEN 1 AND 200),
        patient_age INTEGER NOT NULL CHECK (patient_age BETWEEN 0 AND 150),
        patient_gender TEXT NOT NULL
            CHECK (patient_gender IN ('female', 'male', 'other', 'unknown')),
        case_summary TEXT,
        status TEXT NOT NULL CHECK (status IN
            ('pending', 'analyzing', 'processing', 'completed', 'failed', 'archived')),
        analysis_stage TEXT,
        analysis_error TEXT,
        analysis_claim TEXT,
        analysis_claimed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX cases_owner_created ON cases (user_id, created_at);
    CREATE TRIGGER cases_gender_fixed BEFORE UPDATE OF patient_gender ON cases
        WHEN NEW.patient_gender IS NOT OLD.patient_gender
        BEGIN SELECT RAISE(ABORT, 'patient_gender cannot be changed'); END;
    CREATE TABLE case_files (
        file_id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        file_type TEXT NOT NULL,
        file_size INTEGER NOT NULL CHECK (file_size > 0),
        file_url TEXT NOT NULL UNIQUE,
        file_category TEXT NOT NULL CHECK (file_category IN ('lab', 'radiology')),
        text_data TEXT,
        ai_summary TEXT,
        uploaded_at TEXT NOT NULL
    );
    CREATE INDEX case_files_case ON case_files (case_id, uploaded_at);
    CREATE INDEX case_files_owner ON case_files (user_id);
    CREATE TABLE case_insights (
        case_id TEXT PRIMARY KEY REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        ai_insights TEXT NOT NULL,
        generated_at TEXT NOT NULL
    );
    CREATE INDEX case_insights_owner ON case_insights (user_id);
    """,
    # 2: the case list counts a doctor's cases by status from the index alone.
    """
    CREATE INDEX cases_owner_status ON cases (user_id, status);
    """,
    # 3: physician review: the lifecycle's columns, every AI draft kept, section decisions,
    # signed versions. Drafts, decisions and signed versions are never updated.
    """
    ALTER TABLE cases ADD COLUMN archived_from TEXT;
    ALTER TABLE cases ADD COLUMN content_version INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE cases ADD COLUMN review_state TEXT
        CHECK (review_state IN ('awaiting_review', 'reviewed', 'signed', 'amended'));
    UPDATE cases SET review_state = 'awaiting_review'
        WHERE case_id IN (SELECT case_id FROM case_insights);
    CREATE INDEX cases_owner_review ON cases (user_id, review_state);
    CREATE TABLE ai_drafts (
        draft_id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        ai_insights TEXT NOT NULL,
        case_version INTEGER,
        generated_at TEXT NOT NULL
    );
    CREATE INDEX ai_drafts_case ON ai_drafts (case_id, generated_at);
    INSERT INTO ai_drafts (draft_id, case_id, user_id, ai_insights, generated_at)
        SELECT lower(hex(randomblob(16))), case_id, user_id, ai_insights, generated_at
        FROM case_insights;
    ALTER TABLE case_insights ADD COLUMN draft_id TEXT;
    UPDATE case_insights SET draft_id =
        (SELECT d.draft_id FROM ai_drafts d WHERE d.case_id = case_insights.case_id);
    CREATE TRIGGER ai_drafts_unchanged BEFORE UPDATE ON ai_drafts
        BEGIN SELECT RAISE(ABORT, 'an AI draft is never changed'); END;
    CREATE TABLE section_reviews (
        review_id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        draft_id TEXT NOT NULL REFERENCES ai_drafts(draft_id) ON DELETE CASCADE,
        section TEXT NOT NULL
            CHECK (section IN ('case_summary', 'soap_note', 'primary_diagnosis')),
        decision TEXT NOT NULL CHECK (decision IN ('accepted', 'edited', 'rejected')),
        edited TEXT,
        reason TEXT,
        reviewed_at TEXT NOT NULL,
        CHECK (decision <> 'edited' OR edited IS NOT NULL),
        CHECK (decision <> 'rejected' OR length(trim(reason)) > 0)
    );
    CREATE INDEX section_reviews_case ON section_reviews (case_id, reviewed_at);
    CREATE TRIGGER section_reviews_unchanged BEFORE UPDATE ON section_reviews
        BEGIN SELECT RAISE(ABORT, 'a review decision is never changed'); END;
    CREATE TABLE signed_notes (
        note_id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 1),
        draft_id TEXT NOT NULL REFERENCES ai_drafts(draft_id) ON DELETE CASCADE,
        content TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        signed_by TEXT NOT NULL,
        signer_email TEXT NOT NULL,
        signed_at TEXT NOT NULL,
        amendment_reason TEXT,
        UNIQUE (case_id, version),
        CHECK (version = 1 OR length(trim(amendment_reason)) > 0)
    );
    CREATE TRIGGER signed_notes_read_only BEFORE UPDATE ON signed_notes
        BEGIN SELECT RAISE(ABORT, 'a signed note is read-only; amend it instead'); END;
    """,
    # 4: how many times the current analysis has been claimed (taken over after a crash).
    """
    ALTER TABLE cases ADD COLUMN analysis_attempts INTEGER NOT NULL DEFAULT 0
        CHECK (analysis_attempts >= 0);
    """,
    # 5: the audit trail, append-only and hash-chained per doctor. No foreign key to cases:
    # a deleted case leaves its events (its id and nothing else). The database stamps each
    # event (seq, time, link, hash) as it goes in, and refuses any change or removal.
    """
    CREATE TABLE audit_events (
        event_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        case_id TEXT,
        action TEXT NOT NULL,
        details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
        seq INTEGER,
        occurred_at TEXT,
        prev_hash TEXT,
        hash TEXT
    );
    CREATE UNIQUE INDEX audit_events_chain ON audit_events (user_id, seq);
    CREATE INDEX audit_events_case ON audit_events (user_id, case_id, seq);
    CREATE TRIGGER audit_events_stamped_here BEFORE INSERT ON audit_events
        WHEN NEW.seq IS NOT NULL OR NEW.occurred_at IS NOT NULL
            OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'audit events are stamped by the database'); END;
    CREATE TRIGGER audit_events_seal AFTER INSERT ON audit_events
    BEGIN
        UPDATE audit_events SET
            seq = (SELECT coalesce(max(seq), 0) + 1 FROM audit_events
                   WHERE user_id = NEW.user_id AND seq IS NOT NULL),
            occurred_at = medcase_now(),
            prev_hash = coalesce((SELECT hash FROM audit_events
                                  WHERE user_id = NEW.user_id AND seq IS NOT NULL
                                  ORDER BY seq DESC LIMIT 1), '')
        WHERE event_id = NEW.event_id;
        UPDATE audit_events SET
            hash = medcase_event_hash(prev_hash, seq, user_id, case_id, action, details,
                                      occurred_at)
        WHERE event_id = NEW.event_id;
    END;
    CREATE TRIGGER audit_events_unchanged BEFORE UPDATE ON audit_events
        WHEN OLD.hash IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'audit events are never changed'); END;
    CREATE TRIGGER audit_events_kept BEFORE DELETE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit events are never deleted'); END;
    """,
    # 6: the audit trail refuses in the database what its adapter refuses (as PostgreSQL's
    # check constraints do): an unknown action, and details beyond the alphabet of
    # core.audit's words and numbers, so no name or note goes in by plain SQL either. And a
    # REPLACE: SQLite carries one out as a delete that fires no delete trigger (unless
    # recursive_triggers is on), so it would remove a sealed event unrefused. With no id
    # given, NEW.event_id reads -1 before the insert; no stored event may have an id below
    # 1, so that check never refuses a new event.
    """
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    CREATE TRIGGER audit_events_details_are_words BEFORE INSERT ON audit_events
        WHEN NEW.details GLOB '*[^]a-z0-9_.:,"{}[-]*'
        BEGIN SELECT RAISE(ABORT, 'audit details are words and numbers only'); END;
    CREATE TRIGGER audit_events_never_replaced BEFORE INSERT ON audit_events
        WHEN EXISTS (SELECT 1 FROM audit_events WHERE event_id = NEW.event_id)
        BEGIN SELECT RAISE(ABORT, 'audit events are never replaced'); END;
    CREATE TRIGGER audit_events_numbered_here AFTER INSERT ON audit_events
        WHEN NEW.event_id < 1
        BEGIN SELECT RAISE(ABORT, 'audit events are numbered by the database'); END;
    """,
    # 7: sign-in sessions. Each refresh token belongs to one session (its family), kept
    # after use so that a used one coming back is recognised; an access token names its
    # session and must be the session's current one, so a refresh, a reused refresh token
    # or a sign-out ends every token issued before it. Tokens from before sessions are
    # dropped (those doctors sign in again).
    """
    DELETE FROM refresh_tokens;
    CREATE TABLE sign_in_sessions (
        session_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        access_token_id TEXT NOT NULL,
        revoked_at REAL,
        expires_at REAL NOT NULL
    );
    CREATE INDEX sign_in_sessions_owner ON sign_in_sessions (user_id);
    CREATE INDEX sign_in_sessions_expiry ON sign_in_sessions (expires_at);
    ALTER TABLE refresh_tokens ADD COLUMN session_id TEXT
        REFERENCES sign_in_sessions(session_id) ON DELETE CASCADE;
    ALTER TABLE refresh_tokens ADD COLUMN used_at REAL;
    CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
    """,
    # 8: critical values (#12): how many of the current insights' lab values are on the
    # critical-value list, written with the insights, so that the case list can mark the
    # case without reading every record. Existing records are counted once here.
    """
    ALTER TABLE case_insights ADD COLUMN critical_count INTEGER NOT NULL DEFAULT 0
        CHECK (critical_count >= 0);
    UPDATE case_insights SET critical_count = (
        SELECT count(*) FROM json_each(ai_insights, '$.lab_values')
        WHERE json_extract(value, '$.critical') = 1
    ) WHERE json_valid(ai_insights) AND json_type(ai_insights, '$.lab_values') = 'array';
    """,
    # 9: pilots (issue 14). A coordinator, members (reviewers and enrolling doctors), the
    # enrolled cases as de-identified views (no name, age or gender), the AI draft of each
    # (read by a reviewer only after their blind diagnosis) and the reviewers' reviews.
    # Reviews are final once submitted; enrolments and their drafts are never changed (only
    # the signed note's text beside a draft is recorded once the doctor signs).
    """
    CREATE TABLE pilots (
        pilot_id TEXT PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        starts_on TEXT NOT NULL,
        ends_on TEXT NOT NULL,
        coordinator_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        CHECK (ends_on >= starts_on)
    );
    CREATE INDEX pilots_coordinator ON pilots (coordinator_id);
    CREATE TABLE pilot_members (
        pilot_id TEXT NOT NULL REFERENCES pilots(pilot_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('reviewer', 'doctor')),
        added_at TEXT NOT NULL,
        PRIMARY KEY (pilot_id, user_id)
    );
    CREATE INDEX pilot_members_user ON pilot_members (user_id);
    CREATE TABLE pilot_cases (
        enrolment_id TEXT PRIMARY KEY,
        pilot_id TEXT NOT NULL REFERENCES pilots(pilot_id) ON DELETE CASCADE,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        owner_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number >= 1),
        case_view TEXT NOT NULL CHECK (json_valid(case_view)),
        enrolled_at TEXT NOT NULL,
        UNIQUE (pilot_id, case_id),
        UNIQUE (pilot_id, number)
    );
    CREATE INDEX pilot_cases_owner ON pilot_cases (owner_id, case_id);
    CREATE TRIGGER pilot_cases_unchanged BEFORE UPDATE ON pilot_cases
        BEGIN SELECT RAISE(ABORT, 'an enrolment is never changed'); END;
    CREATE TABLE pilot_case_insights (
        enrolment_id TEXT PRIMARY KEY REFERENCES pilot_cases(enrolment_id) ON DELETE CASCADE,
        pilot_id TEXT NOT NULL REFERENCES pilots(pilot_id) ON DELETE CASCADE,
        owner_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        draft_id TEXT NOT NULL,
        ai_insights TEXT NOT NULL CHECK (json_valid(ai_insights)),
        signed_sections TEXT CHECK (signed_sections IS NULL OR json_valid(signed_sections))
    );
    CREATE INDEX pilot_case_insights_pilot ON pilot_case_insights (pilot_id);
    CREATE TRIGGER pilot_case_insights_unchanged BEFORE UPDATE ON pilot_case_insights
        WHEN NEW.enrolment_id IS NOT OLD.enrolment_id OR NEW.pilot_id IS NOT OLD.pilot_id
            OR NEW.owner_id IS NOT OLD.owner_id OR NEW.draft_id IS NOT OLD.draft_id
            OR NEW.ai_insights IS NOT OLD.ai_insights
        BEGIN SELECT RAISE(ABORT, 'an enrolled draft is never changed'); END;
    CREATE TABLE pilot_reviews (
        review_id TEXT PRIMARY KEY,
        pilot_id TEXT NOT NULL REFERENCES pilots(pilot_id) ON DELETE CASCADE,
        enrolment_id TEXT NOT NULL REFERENCES pilot_cases(enrolment_id) ON DELETE CASCADE,
        reviewer_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        diagnosis TEXT NOT NULL CHECK (length(diagnosis) BETWEEN 1 AND 500),
        icd_code TEXT NOT NULL CHECK (length(icd_code) BETWEEN 3 AND 8),
        diagnosed_at TEXT NOT NULL,
        scores TEXT CHECK (scores IS NULL OR json_valid(scores)),
        submitted_at TEXT,
        supersedes TEXT REFERENCES pilot_reviews(review_id),
        CHECK ((scores IS NULL) = (submitted_at IS NULL))
    );
    CREATE INDEX pilot_reviews_enrolment ON pilot_reviews (enrolment_id, reviewer_id);
    CREATE INDEX pilot_reviews_pilot ON pilot_reviews (pilot_id, reviewer_id);
    CREATE TRIGGER pilot_reviews_final BEFORE UPDATE ON pilot_reviews
        WHEN OLD.submitted_at IS NOT NULL
            OR NEW.review_id IS NOT OLD.review_id OR NEW.pilot_id IS NOT OLD.pilot_id
            OR NEW.enrolment_id IS NOT OLD.enrolment_id
            OR NEW.reviewer_id IS NOT OLD.reviewer_id OR NEW.diagnosis IS NOT OLD.diagnosis
            OR NEW.icd_code IS NOT OLD.icd_code OR NEW.diagnosed_at IS NOT OLD.diagnosed_at
            OR NEW.supersedes IS NOT OLD.supersedes
        BEGIN SELECT RAISE(ABORT, 'a submitted review is final; correct it with a new one'); END;
    """,
    # 10: pilot actions on the audit trail (issue 14): the action list of migration 6 with
    # the pilot's five actions (ids only in their details), as core.audit lists them.
    """
    DROP TRIGGER audit_events_known_action;
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
            'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    """,
    # The sections of the draft being written, each kept as soon as it lands (#17): a
    # JSON object {section name: section}, cleared when an analysis starts or ends.
    """
    ALTER TABLE cases ADD COLUMN draft_sections TEXT;
    """,
    # A case with a signed note is never deleted (#26): archiving keeps it; the last guard
    # behind CaseService.delete_case (supabase: 20261125010000_signed_cases_kept.sql).
    """
    CREATE TRIGGER cases_with_signed_notes_kept BEFORE DELETE ON cases
        WHEN EXISTS (SELECT 1 FROM signed_notes WHERE case_id = OLD.case_id)
        BEGIN SELECT RAISE(ABORT, 'a case with a signed note is never deleted'); END;
    """,
    # One submission, one case (#26): the form's or the API client's request key, unique
    # per doctor (supabase: 20261125020000_case_request_key.sql).
    """
    ALTER TABLE cases ADD COLUMN request_key TEXT
        CHECK (request_key IS NULL OR length(request_key) BETWEEN 8 AND 128);
    CREATE UNIQUE INDEX cases_request_key ON cases (user_id, request_key)
        WHERE request_key IS NOT NULL;
    """,
    # 14: signing belongs to the store (#23), as supabase's sign_note: a signed version
    # goes in only with the hash of its own content, as the next version of its case; an
    # event about signing only beside the version it names (none of them twice).
    """
    CREATE TRIGGER signed_notes_hashed BEFORE INSERT ON signed_notes
        WHEN NEW.content_hash IS NOT medcase_note_hash(NEW.case_id, NEW.version, NEW.draft_id,
            NEW.content, NEW.signed_by, NEW.signed_at)
        BEGIN SELECT RAISE(ABORT, 'a signed note carries the hash of its own content'); END;
    CREATE TRIGGER signed_notes_next_version BEFORE INSERT ON signed_notes
        WHEN NEW.version IS NOT (SELECT coalesce(max(version), 0) + 1 FROM signed_notes
                                 WHERE case_id = NEW.case_id)
            OR NEW.signed_by IS NOT NEW.user_id
        BEGIN SELECT RAISE(ABORT, 'a signed note is the next version, by its owner'); END;
    CREATE TRIGGER audit_events_signing_beside_its_note BEFORE INSERT ON audit_events
        WHEN NEW.action IN ('note_signed', 'note_amended') AND (
            NOT EXISTS (SELECT 1 FROM signed_notes n WHERE n.case_id = NEW.case_id
                        AND n.user_id = NEW.user_id
                        AND n.version = json_extract(NEW.details, '$.version'))
            OR EXISTS (SELECT 1 FROM audit_events e WHERE e.user_id = NEW.user_id
                       AND e.case_id = NEW.case_id AND e.action IN ('note_signed', 'note_amended')
                       AND json_extract(e.details, '$.version')
                           = json_extract(NEW.details, '$.version')))
        BEGIN SELECT RAISE(ABORT, 'signing events are written with their note only'); END;
    CREATE TRIGGER audit_events_details_are_small BEFORE INSERT ON audit_events
        WHEN length(CAST(NEW.details AS BLOB)) > 2048
        BEGIN SELECT RAISE(ABORT, 'audit details are a few words'); END;
    CREATE TABLE audit_checkpoints (
        user_id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        head_hash TEXT NOT NULL,
        seal TEXT NOT NULL,
        made_at TEXT NOT NULL,
        PRIMARY KEY (user_id, seq)
    );
    CREATE TRIGGER audit_checkpoints_of_the_chain BEFORE INSERT ON audit_checkpoints
        WHEN NOT EXISTS (SELECT 1 FROM audit_events WHERE user_id = NEW.user_id
                         AND seq = NEW.seq AND hash = NEW.head_hash)
        BEGIN SELECT RAISE(ABORT, 'a checkpoint is of the chain as it stands'); END;
    CREATE TRIGGER audit_checkpoints_unchanged BEFORE UPDATE ON audit_checkpoints
        BEGIN SELECT RAISE(ABORT, 'checkpoints are never changed'); END;
    CREATE TRIGGER audit_checkpoints_kept BEFORE DELETE ON audit_checkpoints
        BEGIN SELECT RAISE(ABORT, 'checkpoints are never deleted'); END;
    """,
    # 15: the pilot's figures hold in the store (#23), as in
    # supabase/migrations/20261125130000_pilot_integrity.sql: one review per reviewer and
    # case, each corrected at most once, a correction keeping the blind diagnosis; scores
    # and codes of the form a review accepts; a pilot with reviews never deleted.
    """
    CREATE TRIGGER pilot_reviews_one_per_reviewer BEFORE INSERT ON pilot_reviews
        WHEN (NEW.supersedes IS NULL AND EXISTS (SELECT 1 FROM pilot_reviews r
                  WHERE r.enrolment_id = NEW.enrolment_id AND r.reviewer_id = NEW.reviewer_id))
            OR (NEW.supersedes IS NOT NULL AND EXISTS (SELECT 1 FROM pilot_reviews r
                  WHERE r.supersedes = NEW.supersedes))
        BEGIN SELECT RAISE(ABORT, 'one current review per reviewer and case'); END;
    CREATE TRIGGER pilot_reviews_blind_diagnosis_kept BEFORE INSERT ON pilot_reviews
        WHEN NEW.supersedes IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pilot_reviews r
            WHERE r.review_id = NEW.supersedes AND r.diagnosis = NEW.diagnosis
              AND r.icd_code = NEW.icd_code AND r.diagnosed_at = NEW.diagnosed_at)
        BEGIN SELECT RAISE(ABORT, 'a correction keeps the blind diagnosis'); END;
    CREATE TRIGGER pilot_reviews_checked BEFORE INSERT ON pilot_reviews
        WHEN NOT medcase_pilot_review_valid(NEW.icd_code, NEW.scores)
        BEGIN SELECT RAISE(ABORT, 'scores and codes as a review accepts them'); END;
    CREATE TRIGGER pilot_reviews_scores_checked BEFORE UPDATE OF scores ON pilot_reviews
        WHEN NOT medcase_pilot_review_valid(NEW.icd_code, NEW.scores)
        BEGIN SELECT RAISE(ABORT, 'scores and codes as a review accepts them'); END;
    CREATE TRIGGER pilots_with_reviews_kept BEFORE DELETE ON pilots
        WHEN EXISTS (SELECT 1 FROM pilot_reviews r WHERE r.pilot_id = OLD.pilot_id)
        BEGIN SELECT RAISE(ABORT, 'a pilot with reviews is never deleted'); END;
    """,
    # Critical results acknowledged (#27; supabase:
    # 20261126030000_critical_results_acknowledged.sql): each draft's critical values by
    # key, first found when a draft of the case first held the key; one acknowledgment
    # per value and case, written with its audit event; never changed, kept while the case
    # is; a note is signed only once the current draft's critical values are acknowledged.
    """
    CREATE TABLE critical_findings (
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        draft_id TEXT NOT NULL REFERENCES ai_drafts(draft_id) ON DELETE CASCADE,
        value_key TEXT NOT NULL CHECK (length(value_key) = 64),
        analyte TEXT NOT NULL CHECK (length(analyte) BETWEEN 1 AND 200),
        shown TEXT NOT NULL CHECK (length(shown) BETWEEN 1 AND 300),
        found_at TEXT NOT NULL,
        PRIMARY KEY (draft_id, value_key)
    );
    CREATE INDEX critical_findings_case ON critical_findings (case_id, value_key);
    CREATE TRIGGER critical_findings_unchanged BEFORE UPDATE ON critical_findings
        BEGIN SELECT RAISE(ABORT, 'a critical finding is never changed'); END;
    CREATE TRIGGER critical_findings_kept BEFORE DELETE ON critical_findings
        WHEN EXISTS (SELECT 1 FROM cases WHERE case_id = OLD.case_id)
        BEGIN SELECT RAISE(ABORT, 'a critical finding is kept while its case is'); END;
    CREATE TABLE critical_acknowledgments (
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        value_key TEXT NOT NULL,
        acknowledged_by TEXT NOT NULL,
        acknowledged_by_email TEXT NOT NULL,
        acknowledged_at TEXT NOT NULL,
        found_at TEXT NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('read_back_by_phone', 'in_person',
            'seen_on_screen', 'message_to_responsible_clinician')),
        comment TEXT CHECK (comment IS NULL OR length(comment) BETWEEN 1 AND 1000),
        PRIMARY KEY (case_id, value_key),
        CHECK (acknowledged_by = user_id)
    );
    CREATE INDEX critical_acknowledgments_owner
        ON critical_acknowledgments (user_id, acknowledged_at);
    CREATE TRIGGER critical_acknowledgments_of_a_current_finding
        BEFORE INSERT ON critical_acknowledgments
        WHEN NOT EXISTS (SELECT 1 FROM case_insights i JOIN critical_findings f
                         ON f.draft_id = i.draft_id AND f.case_id = i.case_id
                         WHERE i.case_id = NEW.case_id AND i.user_id = NEW.user_id
                           AND f.value_key = NEW.value_key)
        BEGIN SELECT RAISE(ABORT, 'an acknowledgment is of a critical value the case holds');
        END;
    CREATE TRIGGER critical_acknowledgments_unchanged BEFORE UPDATE ON critical_acknowledgments
        BEGIN SELECT RAISE(ABORT, 'an acknowledgment is never changed'); END;
    CREATE TRIGGER critical_acknowledgments_kept BEFORE DELETE ON critical_acknowledgments
        WHEN EXISTS (SELECT 1 FROM cases WHERE case_id = OLD.case_id)
        BEGIN SELECT RAISE(ABORT, 'an acknowledgment is kept while its case is'); END;
    CREATE TRIGGER signed_notes_after_acknowledgment BEFORE INSERT ON signed_notes
        WHEN EXISTS (SELECT 1 FROM case_insights i JOIN critical_findings f
                     ON f.draft_id = i.draft_id AND f.case_id = i.case_id
                     WHERE i.case_id = NEW.case_id AND NOT EXISTS (
                         SELECT 1 FROM critical_acknowledgments a
                         WHERE a.case_id = f.case_id AND a.value_key = f.value_key))
        BEGIN SELECT RAISE(ABORT, 'acknowledge the critical values first'); END;
    DROP TRIGGER audit_events_known_action;
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
            'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
            'critical_value_acknowledged')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    CREATE TRIGGER audit_events_acknowledgment_beside_its_record BEFORE INSERT ON audit_events
        WHEN NEW.action = 'critical_value_acknowledged' AND (
            NOT EXISTS (SELECT 1 FROM critical_acknowledgments a WHERE a.case_id = NEW.case_id
                        AND a.user_id = NEW.user_id
                        AND a.value_key = json_extract(NEW.details, '$.value'))
            OR EXISTS (SELECT 1 FROM audit_events e WHERE e.user_id = NEW.user_id
                       AND e.case_id = NEW.case_id AND e.action = 'critical_value_acknowledged'
                       AND json_extract(e.details, '$.value')
                           = json_extract(NEW.details, '$.value')))
        BEGIN SELECT RAISE(ABORT, 'an acknowledgment event is written with its record only');
        END;
    """,
    # 17: one patient, many cases (#27; supabase: 20261126010000_patients.sql). A doctor's
    # patient records; each case names one of its own doctor's (a trigger, as the composite
    # foreign key does in PostgreSQL). Every existing case gets a record of its own (its
    # id the case's, from the case's name and gender): nothing is joined without the
    # doctor, and a case written without a patient gets one the same way. A merge is a
    # pointer (merged_into) to another record of the same doctor, one level deep; the
    # merge events are written beside a merge as it stands only.
    """
    CREATE TABLE patients (
        patient_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        sex TEXT NOT NULL CHECK (sex IN ('female', 'male', 'other', 'unknown')),
        date_of_birth TEXT
            CHECK (date_of_birth IS NULL OR date(date_of_birth) IS date_of_birth),
        record_number TEXT
            CHECK (record_number IS NULL OR length(record_number) BETWEEN 1 AND 64),
        merged_into TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (user_id, patient_id),
        FOREIGN KEY (user_id, merged_into) REFERENCES patients (user_id, patient_id),
        CHECK (merged_into IS NOT patient_id)
    );
    CREATE INDEX patients_owner ON patients (user_id, created_at);
    CREATE INDEX patients_merged ON patients (merged_into);
    ALTER TABLE cases ADD COLUMN patient_id TEXT REFERENCES patients(patient_id);
    INSERT INTO patients (patient_id, user_id, name, sex, created_at)
        SELECT case_id, user_id, patient_name, patient_gender, created_at FROM cases;
    UPDATE cases SET patient_id = case_id;
    CREATE INDEX cases_patient ON cases (patient_id, created_at);
    CREATE TRIGGER cases_patient_of_the_owner BEFORE INSERT ON cases
        WHEN NEW.patient_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM patients p
            WHERE p.patient_id = NEW.patient_id AND p.user_id = NEW.user_id)
        BEGIN SELECT RAISE(ABORT, 'a case is for a patient of its own doctor'); END;
    CREATE TRIGGER cases_patient_of_the_owner_kept BEFORE UPDATE OF patient_id, user_id ON cases
        WHEN NEW.patient_id IS NULL OR NOT EXISTS (SELECT 1 FROM patients p
            WHERE p.patient_id = NEW.patient_id AND p.user_id = NEW.user_id)
        BEGIN SELECT RAISE(ABORT, 'a case is for a patient of its own doctor'); END;
    CREATE TRIGGER cases_patient_of_their_own AFTER INSERT ON cases
        WHEN NEW.patient_id IS NULL
    BEGIN
        INSERT INTO patients (patient_id, user_id, name, sex, created_at)
            VALUES (NEW.case_id, NEW.user_id, NEW.patient_name, NEW.patient_gender,
                    NEW.created_at);
        UPDATE cases SET patient_id = NEW.case_id WHERE case_id = NEW.case_id;
    END;
    CREATE TRIGGER patients_inserted_unmerged BEFORE INSERT ON patients
        WHEN NEW.merged_into IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'a new patient is merged by a merge only'); END;
    CREATE TRIGGER patients_identity_fixed BEFORE UPDATE OF patient_id, user_id, sex ON patients
        WHEN NEW.patient_id IS NOT OLD.patient_id OR NEW.user_id IS NOT OLD.user_id
            OR NEW.sex IS NOT OLD.sex
        BEGIN SELECT RAISE(ABORT, 'a patient''s id, doctor and sex are fixed'); END;
    CREATE TRIGGER patients_merged_one_level BEFORE UPDATE OF merged_into ON patients
        WHEN NEW.merged_into IS NOT NULL AND (
            OLD.merged_into IS NOT NULL
            OR EXISTS (SELECT 1 FROM patients p WHERE p.patient_id = NEW.merged_into
                       AND p.merged_into IS NOT NULL)
            OR EXISTS (SELECT 1 FROM patients p WHERE p.merged_into = NEW.patient_id))
        BEGIN SELECT RAISE(ABORT, 'a record is merged once, into one that is not merged'); END;
    DROP TRIGGER audit_events_known_action;
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
            'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
            'critical_value_acknowledged', 'patient_created', 'patient_merged',
            'patient_unmerged')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    CREATE TRIGGER audit_events_merging_beside_its_merge BEFORE INSERT ON audit_events
        WHEN (NEW.action = 'patient_merged' AND NOT EXISTS (SELECT 1 FROM patients p
                WHERE p.user_id = NEW.user_id
                  AND p.patient_id = json_extract(NEW.details, '$.patient')
                  AND p.merged_into = json_extract(NEW.details, '$.into')))
            OR (NEW.action = 'patient_unmerged' AND NOT EXISTS (SELECT 1 FROM patients p
                WHERE p.user_id = NEW.user_id
                  AND p.patient_id = json_extract(NEW.details, '$.patient')
                  AND p.merged_into IS NULL))
        BEGIN SELECT RAISE(ABORT, 'merge events are written with their merge only'); END;
    """,
    # 18: the patient page opened, a record's details corrected (#27) and a file looked at
    # on the case page (#26) are events (supabase: 20261126120000_file_viewed_audit.sql,
    # 20261126140000_patient_opened_updated.sql): three more actions a doctor's client writes.
    """
    DROP TRIGGER audit_events_known_action;
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded', 'file_viewed',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
            'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
            'critical_value_acknowledged', 'patient_created', 'patient_merged',
            'patient_unmerged', 'patient_opened', 'patient_updated')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    """,
    # 19: how each doctor signs (#26; supabase: 20261126100000_signer_profiles.sql).
    """
    -- How each doctor signs (issue #26): their name as signed and credentials, kept with
    -- every version they sign as it stood at the signature.
    CREATE TABLE doctor_profiles (
        user_id TEXT PRIMARY KEY REFERENCES doctors(user_id) ON DELETE CASCADE,
        display_name TEXT NOT NULL CHECK (length(trim(display_name)) BETWEEN 1 AND 200),
        credentials TEXT NOT NULL DEFAULT '' CHECK (length(credentials) <= 200),
        updated_at TEXT NOT NULL
    );
    ALTER TABLE signed_notes ADD COLUMN signer_name TEXT NOT NULL DEFAULT '';
    ALTER TABLE signed_notes ADD COLUMN signer_credentials TEXT NOT NULL DEFAULT '';
    """,
    # 20: a change to how a doctor signs is an event, written by the database in the
    # transaction that writes the profile, with the fields that changed and never their
    # values (#26; supabase: 20261126160000_signer_profile_audit.sql). A save that changes
    # nothing writes none. The details are written out as core.audit canonical_details
    # would write them (keys sorted, no spaces).
    """
    DROP TRIGGER audit_events_known_action;
    CREATE TRIGGER audit_events_known_action BEFORE INSERT ON audit_events
        WHEN NEW.action NOT IN (
            'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
            'case_deleted', 'case_exported', 'file_added', 'file_downloaded', 'file_viewed',
            'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
            'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
            'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
            'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
            'critical_value_acknowledged', 'patient_created', 'patient_merged',
            'patient_unmerged', 'patient_opened', 'patient_updated', 'signer_profile_updated')
        BEGIN SELECT RAISE(ABORT, 'unknown audit action'); END;
    CREATE TRIGGER doctor_profiles_audited_new AFTER INSERT ON doctor_profiles
    BEGIN
        INSERT INTO audit_events (user_id, case_id, action, details) VALUES (
            NEW.user_id, NULL, 'signer_profile_updated',
            CASE WHEN NEW.credentials <> '' THEN '{"fields":["credentials","display_name"]}'
                 ELSE '{"fields":["display_name"]}' END);
    END;
    CREATE TRIGGER doctor_profiles_audited_changed AFTER UPDATE ON doctor_profiles
        WHEN NEW.display_name IS NOT OLD.display_name OR NEW.credentials IS NOT OLD.credentials
    BEGIN
        INSERT INTO audit_events (user_id, case_id, action, details) VALUES (
            NEW.user_id, NULL, 'signer_profile_updated',
            CASE WHEN NEW.display_name IS OLD.display_name
                     THEN '{"fields":["credentials"]}'
                 WHEN NEW.credentials IS OLD.credentials
                     THEN '{"fields":["display_name"]}'
                 ELSE '{"fields":["credentials","display_name"]}' END);
    END;
    """,
    # 21: every critical value a case held is acknowledged before its note is signed
    # (CLSI GP47; supabase: 20261127110000_every_critical_value_of_the_case.sql): a
    # re-analysis that no longer finds a value does not let the note go without it, and
    # the value can still be acknowledged.
    """
    DROP TRIGGER critical_acknowledgments_of_a_current_finding;
    CREATE TRIGGER critical_acknowledgments_of_a_finding_of_the_case
        BEFORE INSERT ON critical_acknowledgments
        WHEN NOT EXISTS (SELECT 1 FROM critical_findings f
                         WHERE f.case_id = NEW.case_id AND f.user_id = NEW.user_id
                           AND f.value_key = NEW.value_key)
        BEGIN SELECT RAISE(ABORT, 'an acknowledgment is of a critical value the case holds');
        END;
    DROP TRIGGER signed_notes_after_acknowledgment;
    CREATE TRIGGER signed_notes_after_every_critical_value BEFORE INSERT ON signed_notes
        WHEN EXISTS (SELECT 1 FROM critical_findings f
                     WHERE f.case_id = NEW.case_id AND NOT EXISTS (
                         SELECT 1 FROM critical_acknowledgments a
                         WHERE a.case_id = f.case_id AND a.value_key = f.value_key))
        BEGIN SELECT RAISE(ABORT, 'acknowledge the critical values first'); END;
    """,
    # 22: a case stays with its patient record, a file row as it was uploaded (only its
    # reading changes), and a signed case's file rows are kept (supabase:
    # 20261127150000_records_stay_put.sql). The patient of a case opened without one is
    # set once, by cases_patient_of_their_own, from null.
    """
    CREATE TRIGGER cases_patient_fixed BEFORE UPDATE OF patient_id ON cases
        WHEN OLD.patient_id IS NOT NULL AND NEW.patient_id IS NOT OLD.patient_id
        BEGIN SELECT RAISE(ABORT, 'a case stays with the patient record it was opened for');
        END;
    CREATE TRIGGER case_files_as_uploaded BEFORE UPDATE ON case_files
        WHEN NEW.file_id IS NOT OLD.file_id OR NEW.case_id IS NOT OLD.case_id
          OR NEW.user_id IS NOT OLD.user_id OR NEW.file_name IS NOT OLD.file_name
          OR NEW.file_type IS NOT OLD.file_type OR NEW.file_size IS NOT OLD.file_size
          OR NEW.file_url IS NOT OLD.file_url OR NEW.file_category IS NOT OLD.file_category
          OR NEW.uploaded_at IS NOT OLD.uploaded_at
        BEGIN SELECT RAISE(ABORT, 'a file stays as it was uploaded: only its reading changes');
        END;
    CREATE TRIGGER case_files_of_signed_cases_kept BEFORE DELETE ON case_files
        WHEN EXISTS (SELECT 1 FROM signed_notes WHERE case_id = OLD.case_id)
        BEGIN SELECT RAISE(ABORT, 'the files of a case with a signed note are kept'); END;
    """,
    # 23: a case enrolled in a pilot is never deleted: its enrolment, enrolled draft and
    # every reviewer's review would go with it (supabase:
    # 20261127150300_enrolled_cases_kept.sql).
    """
    CREATE TRIGGER cases_enrolled_in_pilots_kept BEFORE DELETE ON cases
        WHEN EXISTS (SELECT 1 FROM pilot_cases WHERE case_id = OLD.case_id)
        BEGIN SELECT RAISE(ABORT, 'a case enrolled in a pilot is never deleted'); END;
    """,
    # 24: the drafts enrolled before lose their dates of care and the other case's id:
    # generated_at, and each delta check's earlier_at and earlier_case_id (the app leaves
    # them out now: core/pilot/deidentify.py; supabase:
    # 20261127180200_enrolled_draft_without_dates.sql). The one change ever made to an
    # enrolled draft, with its guard lifted for it and put back as it was.
    """
    DROP TRIGGER pilot_case_insights_unchanged;
    UPDATE pilot_case_insights
        SET ai_insights = json_set(
            json_remove(ai_insights, '$.generated_at'),
            '$.delta_checks',
            (SELECT json_group_array(json(json_remove(c.value, '$.earlier_at',
                                                      '$.earlier_case_id')))
             FROM json_each(ai_insights, '$.delta_checks') c))
        WHERE json_type(ai_insights, '$.delta_checks') = 'array'
            AND NOT EXISTS (SELECT 1 FROM json_each(ai_insights, '$.delta_checks') c
                            WHERE c.type <> 'object');
    UPDATE pilot_case_insights SET ai_insights = json_remove(ai_insights, '$.generated_at')
        WHERE json_type(ai_insights, '$.generated_at') IS NOT NULL;
    CREATE TRIGGER pilot_case_insights_unchanged BEFORE UPDATE ON pilot_case_insights
        WHEN NEW.enrolment_id IS NOT OLD.enrolment_id OR NEW.pilot_id IS NOT OLD.pilot_id
            OR NEW.owner_id IS NOT OLD.owner_id OR NEW.draft_id IS NOT OLD.draft_id
            OR NEW.ai_insights IS NOT OLD.ai_insights
        BEGIN SELECT RAISE(ABORT, 'an enrolled draft is never changed'); END;
    """,
    # 25: the drafts enrolled before lose each lab value's collection time (the app leaves
    # it out now, and writes a pilot's dates in texts as [DATE]: core/pilot/deidentify.py;
    # supabase: 20261128040000_pilot_copy_without_dates.sql), with the guard lifted for it.
    """
    DROP TRIGGER pilot_case_insights_unchanged;
    UPDATE pilot_case_insights
        SET ai_insights = json_set(
            ai_insights,
            '$.lab_values',
            (SELECT json_group_array(json(json_remove(v.value, '$.collected')))
             FROM json_each(ai_insights, '$.lab_values') v))
        WHERE json_type(ai_insights, '$.lab_values') = 'array'
            AND NOT EXISTS (SELECT 1 FROM json_each(ai_insights, '$.lab_values') v
                            WHERE v.type <> 'object')
            AND EXISTS (SELECT 1 FROM json_each(ai_insights, '$.lab_values') v
                        WHERE json_type(v.value, '$.collected') IS NOT NULL);
    CREATE TRIGGER pilot_case_insights_unchanged BEFORE UPDATE ON pilot_case_insights
        WHEN NEW.enrolment_id IS NOT OLD.enrolment_id OR NEW.pilot_id IS NOT OLD.pilot_id
            OR NEW.owner_id IS NOT OLD.owner_id OR NEW.draft_id IS NOT OLD.draft_id
            OR NEW.ai_insights IS NOT OLD.ai_insights
        BEGIN SELECT RAISE(ABORT, 'an enrolled draft is never changed'); END;
    """,
)


IDLE_CONNECTIONS = 8  # connections of ended threads kept for the next threads


class _Held:
    """A thread's connection, held in its thread-local state: when the thread ends, the
    holder goes and its finalizer gives the connection back to the database."""

    __slots__ = ("__weakref__", "connection")

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection


class SqliteDatabase:
    """Opens the file, migrates the schema, and hands each thread its own connection.

    A connection is used by one thread at a time: the thread that holds it. Streamlit runs
    every script run on a thread of its own, so a click would open a connection (its
    pragmas and functions, 2 ms of CPU) and drop it; instead a thread that ends gives its
    connection back (outside any transaction) and the next new thread takes it over.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        private_folder(path.parent)
        # SQLite gives its -wal and -shm files the database file's mode: owner only.
        for companion in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm"))):
            if companion == path or companion.exists():
                private_file(companion)
        self._local = threading.local()
        self._idle: list[tuple[int, sqlite3.Connection]] = []  # (process id, connection)
        self._idle_lock = threading.Lock()
        self._migrate()

    def _connect(self) -> sqlite3.Connection:
        # Handed from an ended thread to a new one, never shared by two live threads.
        connection = sqlite3.connect(
            self.path, timeout=30, isolation_level=None, check_same_thread=False
        )
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA busy_timeout=30000")
        # Name search folds case with Unicode rules (SQLite's lower() only knows ASCII).
        connection.create_function("medcase_fold", 1, _folded, deterministic=True)
        # The diagnosis search's spelling fold (anaemia = anemia), the same Python function
        # that folds the query (supabase: public.fold_spelling).
        connection.create_function("medcase_spelling", 1, fold_spelling_or_none, deterministic=True)
        # The audit trail's stamp: the same hash as PostgreSQL's trigger computes.
        connection.create_function("medcase_event_hash", 7, event_hash, deterministic=True)
        connection.create_function("medcase_now", 0, _now)
        connection.create_function("medcase_note_hash", 6, _note_hash, deterministic=True)
        connection.create_function(
            "medcase_pilot_review_valid", 2, _pilot_review_valid, deterministic=True
        )
        return connection

    def connection(self) -> sqlite3.Connection:
        """This thread's connection: its own until it ends."""
        held: _Held | None = getattr(self._local, "held", None)
        if held is None:
            held = _Held(self._taken_over() or self._connect())
            weakref.finalize(held, self._given_back, held.connection, os.getpid())
            self._local.held = held
        return held.connection

    def _taken_over(self) -> sqlite3.Connection | None:
        """A connection an ended thread of this process gave back, if one is idle."""
        with self._idle_lock:
            while self._idle:
                pid, connection = self._idle.pop()
                if pid == os.getpid():
                    return connection
        return None

    def _given_back(self, connection: sqlite3.Connection, pid: int) -> None:
        """An ended thread's connection: kept for the next thread when it is outside a
        transaction (a thread never ends inside ``write``, which rolls back on any error),
        closed otherwise or when enough are idle."""
        if pid != os.getpid():
            return  # a forked child's copy: never used, never closed (the parent owns it)
        try:
            if not connection.in_transaction:
                with self._idle_lock:
                    if len(self._idle) < IDLE_CONNECTIONS:
                        self._idle.append((pid, connection))
                        return
            connection.close()
        except sqlite3.Error:
            pass  # a connection that cannot be closed is dropped with its thread anyway

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; BEGIN IMMEDIATE takes the lock up front (no upgrade deadlocks)."""
        connection = self.connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        else:
            connection.execute("COMMIT")

    def _migrate(self) -> None:
        with self.write() as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {number}")


def _now() -> str:
    return occurred_text(datetime.now(UTC))


def _note_hash(
    case_id: str, version: int, draft_id: str, content: str, signed_by: str, signed_at: str
) -> str | None:
    """The hash a signed version must carry (core.review.content_hash); None when the row
    cannot be read (so the trigger refuses it)."""
    try:
        sections = json.loads(content)["sections"]
        moment = signed_at_text(datetime.fromisoformat(signed_at))
        return content_hash(case_id, version, draft_id, sections, signed_by, moment)
    except (TypeError, ValueError, KeyError):
        return None


def _pilot_review_valid(icd_code: str | None, scores: str | None) -> bool:
    """A review's code and scores as core.pilot.rules accepts them."""
    try:
        parsed = json.loads(scores) if scores is not None else None
    except ValueError:
        return False
    return bool(ICD_CODE_FORM.match(icd_code or "")) and stored_scores_valid(parsed)


def _folded(text: str | None) -> str | None:
    return text.casefold() if isinstance(text, str) else None


def _statements(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
