-- One submission, one case (issue #26): the new-case form and API clients send a request
-- key; a second insert with the same key for the same doctor is refused by this index, and
-- the service answers with the case the first one made. (SQLite: migration 13.)

alter table public.cases
    add column request_key text
    check (request_key is null or char_length(request_key) between 8 and 128);

create unique index cases_request_key on public.cases (user_id, request_key)
    where request_key is not null;

comment on column public.cases.request_key is
    'The creating request''s idempotency key, unique per doctor (null for older cases).';
