-- Typed text other doctors read, or that is signed, holds no hidden reordering and no
-- control character (round fourteen, hostile14).
--
-- The app refuses text-direction controls (embeddings, overrides, isolates) and control
-- characters other than tab and line ends in a doctor's edited section of the note and
-- in a pilot's name and description (core/review.py, core/pilot/rules.py, through
-- core/plain_text.py): a right-to-left override shows "Metoprolol 05 mg daily" with its
-- dose reordered, a terminal's escape hides text in an exported file, and no FHIR string
-- may hold a control character. A doctor's token reaches these tables straight through
-- PostgREST, so the database holds the same rule. Existing rows are not checked (NOT VALID).

create function public.plain_typed_text(value text) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select value is null
        or value !~ '[\u202a-\u202e\u2066-\u2069\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
$$;

comment on function public.plain_typed_text(text) is
    'No text-direction control and no control character but tab, line feed and return '
    '(core/plain_text.py: has_direction_controls, has_control_characters).';

-- Every string anywhere in a JSON value (an edited section: fields of text or of lines).
create function public.plain_typed_json(value jsonb) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select coalesce(bool_and(public.plain_typed_text(item #>> '{}')), true)
    from jsonb_path_query(value, 'strict $.**') as item
    where jsonb_typeof(item) = 'string'
$$;

comment on function public.plain_typed_json(jsonb) is
    'public.plain_typed_text of every string in the JSON value.';

alter table public.section_reviews
    add constraint section_reviews_edited_plain
    check (edited is null or public.plain_typed_json(edited)) not valid;

alter table public.pilots
    add constraint pilots_text_plain
    check (public.plain_typed_text(name) and public.plain_typed_text(description)) not valid;

-- The checks run as the inserting doctor; nobody signed out has a use for them.
revoke execute on function public.plain_typed_text(text), public.plain_typed_json(jsonb)
    from public, anon;
grant execute on function public.plain_typed_text(text), public.plain_typed_json(jsonb)
    to authenticated;
