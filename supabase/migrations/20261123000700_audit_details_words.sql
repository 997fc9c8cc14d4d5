-- MedCase: an audit event's details hold words and numbers only, in the database too.
--
-- core/audit.py refuses details that are not short lower-case words, whole numbers or
-- lists of words, so no name or note goes into the trail; but a doctor's token reaches
-- PostgREST directly, and until now the table only asked for valid JSON. This check keeps
-- the canonical JSON of such details to its alphabet: no space, capital or other letter.
-- NOT VALID: it holds for every new event; events already written are never changed, so
-- there is nothing to revalidate (and an old one cannot make this migration fail).

alter table public.audit_events
    add constraint audit_events_details_words
    check (details ~ '^[]a-z0-9_.:,"{}[-]*$') not valid;

comment on constraint audit_events_details_words on public.audit_events is
    'Details are canonical JSON of lower-case words and whole numbers (core/audit.py).';
