-- The app's sealed checkpoint is kept even where a client wrote one first.
--
-- A checkpoint was keyed by (user_id, seq): a doctor's token sent straight to PostgREST
-- could write a checkpoint with a made-up seal at the head of its own chain before the app
-- did, and the app's own insert then met the primary key and was skipped, so that position
-- stayed unanchored (and the dashboard's verify answer said it was anchored). The seal is
-- now part of the key: a client's checkpoint without the app's key sits beside the app's
-- and counts for nothing (core/audit.py verify_chain skips a seal it did not make). Rows
-- stay insert-only, of the chain as it stands, each doctor's own (the existing policy and
-- triggers). Embedded SQLite needs no twin: no client writes its tables.

alter table public.audit_checkpoints drop constraint audit_checkpoints_pkey;
alter table public.audit_checkpoints add primary key (user_id, seq, seal);

comment on table public.audit_checkpoints is
    'The app''s sealed checkpoints of each doctor''s audit chain: the event count (seq) and '
    'the head hash then, with an HMAC by the app''s key (core/audit.py checkpoint_seal). A '
    'row whose seal the app did not make is ignored; it never keeps the app''s from its place.';
