-- A reviewer's blind diagnosis and their comments hold no hidden reordering and no control
-- character either (round fourteen, after hostile14).
--
-- The app refuses text-direction controls and control characters in a reviewer's diagnosis
-- and comments (core/pilot/rules.py, through core/plain_text.py): the coordinator and the
-- pilot's figures read them, and its CSV carries them. A reviewer's own token reaches
-- pilot_reviews straight through PostgREST, so the database holds the same rule, with the
-- functions of 20261127121400_typed_text_guards.sql. Existing rows are not checked.

alter table public.pilot_reviews
    add constraint pilot_reviews_text_plain
    check (
        public.plain_typed_text(diagnosis)
        and (scores is null or public.plain_typed_json(scores))
    ) not valid;
