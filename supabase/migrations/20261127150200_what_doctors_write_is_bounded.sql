-- MedCase: a case's notes, a rejection reason and an edited section are bounded in the
-- database as the app bounds them (round fourteen's red team).
--
-- The app keeps the doctor's notes to 20,000 characters (core/validation.py
-- MAX_SUMMARY_LENGTH), a reason to 2,000 and each field of an edited section to 20,000
-- (core/review.py MAX_REASON_LENGTH, MAX_FIELD_LENGTH). The owner's token sent straight to
-- PostgREST stored megabytes in each, and every later reading of the case carried them:
-- the case page, the model's prompt, the enrolment's scrubbing and redaction check, the
-- reviewers' pages. An edited section holds at most four fields (the SOAP note's) of
-- 20,000 characters: 1 MB of JSON text is above anything the app writes (four bytes a
-- character and JSON's escapes included) and far below what a request could carry.
--
-- NOT VALID: stored rows are never checked again (none can be above the app's bounds).
-- The embedded store is written by the app alone, whose checks are these.

alter table public.cases
    add constraint cases_case_summary_bounded
    check (char_length(case_summary) <= 20000) not valid;

alter table public.section_reviews
    add constraint section_reviews_reason_bounded
    check (char_length(reason) <= 2000) not valid;

alter table public.section_reviews
    add constraint section_reviews_edited_bounded
    check (octet_length(edited::text) <= 1000000) not valid;
