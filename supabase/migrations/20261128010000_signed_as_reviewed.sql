-- MedCase: a signed note says what the doctor decided, and whose words each section holds
-- (round seventeen, sign17).
--
-- public.sign_note (20261126100000) signed the sections as the caller sent them: it checked
-- the three keys and the size only. The owner's token sent straight to
-- POST /rest/v1/rpc/sign_note could sign "accepted" (the AI's words, unchanged) over text
-- the AI never wrote, "accepted" where the doctor had rejected, a doctor's edit as the AI's,
-- or, in an amendment, a changed section still marked as the AI's. The signed note, its
-- PDF and FHIR exports and every pilot or agreement figure read from its decisions then
-- misstated who wrote what. Now:
--
-- * a sign-off (version 1) signs exactly what core/review.py signed_sections computes from
--   the draft it names and the doctor's latest decision on each of its sections
--   (section_reviews, latest by reviewed_at then review_id, as the app reads them): the
--   AI's text (core/review.py ai_text, mirrored by public.drafted_section) when accepted,
--   the recorded edit when edited, no text and the recorded reason when rejected;
-- * an amendment leaves each unchanged section as the previous version signed it, and
--   signs each changed one as the doctor's own ({"decision": "edited", "text": ...,
--   "reason": null}, as core/review.py amended_sections writes it), whose text has the
--   shape core/review.py edited_text gives (its section's fields, text or lines, stripped,
--   bounded, plain, not empty; a diagnosis named). The ICD-10-CM code set is not in the
--   database: the app checks the code.
--
-- Refused otherwise with check_violation and hint 'signed_not_as_reviewed' (the app says
-- core/errors.py NoteNotAsReviewed). The embedded store's twin is
-- core/backends/sqlite_reviews.py (sign_note, with the same rules in Python).

-- The text form of a value stored in a draft's section ----------------------------------

-- Python's str() of float(value) for a JSON number with a fraction (json.loads reads it
-- as a float; jsonb writes numbers without an exponent): the shortest digits that read
-- back as the same double (PostgreSQL's float8 output with extra_float_digits 1, as
-- Python's repr), written as Python writes them (fixed from 1e-4 to below 1e16, with ".0"
-- when whole; otherwise "1e+16", "1.5e-05"); "inf" and "0.0" beyond a double's range.
create function public.python_float_text(value text) returns text
    language plpgsql
    immutable
    strict
    set search_path = ''
    set extra_float_digits = 1
as $$
declare
    number double precision;
    shortest text;
    sign text := '';
    plain text;
    whole text;
    fraction text;
    digits text;
    exponent integer;
    candidate numeric;
begin
    begin
        number := value::double precision;
    exception when numeric_value_out_of_range then
        if value like '-%' then
            sign := '-';
        end if;
        if abs(value::numeric) > 1 then
            return sign || 'inf';
        end if;
        return sign || '0.0';
    end;
    shortest := number::text;
    if shortest like '-%' then
        sign := '-';
        shortest := substr(shortest, 2);
    end if;
    plain := shortest::numeric::text;  -- no exponent: "0.000012345", "10000000000000000"
    if plain::numeric = 0 then
        return sign || '0.0';
    end if;
    for attempt in 1..2 loop
        whole := split_part(plain, '.', 1);
        fraction := split_part(plain, '.', 2);
        if whole <> '0' then
            exponent := length(whole) - 1;
            digits := rtrim(whole || fraction, '0');
        else
            exponent := -(length(fraction) - length(ltrim(fraction, '0')) + 1);
            digits := rtrim(ltrim(fraction, '0'), '0');
        end if;
        exit when attempt = 2;
        -- PostgreSQL's shortest digits leave out a decimal halfway between two doubles
        -- that reads back (ties to even) as this one; Python's repr takes it: fewer
        -- digits that read back as the same double win.
        for precision in 1..length(digits) - 1 loop
            candidate := round(plain::numeric, precision - 1 - exponent);
            if candidate::double precision = abs(number) then
                plain := candidate::text;
                exit;
            end if;
        end loop;
    end loop;
    if exponent >= -4 and exponent < 16 then
        if exponent < 0 then
            return sign || '0.' || repeat('0', -exponent - 1) || digits;
        end if;
        if length(digits) <= exponent + 1 then
            return sign || digits || repeat('0', exponent + 1 - length(digits)) || '.0';
        end if;
        return sign || substr(digits, 1, exponent + 1) || '.' || substr(digits, exponent + 2);
    end if;
    return sign || substr(digits, 1, 1)
        || case when length(digits) > 1 then '.' || substr(digits, 2) else '' end
        || 'e' || case when exponent < 0 then '-' else '+' end
        || case when abs(exponent) < 10 then '0' else '' end || abs(exponent)::text;
end;
$$;

comment on function public.python_float_text(text) is
    'str(float(value)) as Python writes it, for a JSON number (core/review.py stored_text).';

-- Python's json.dumps(value, ensure_ascii=False) of json.loads of the jsonb's text (the
-- keys in the jsonb's order, which PostgREST writes and json.loads keeps).
create function public.python_json_text(value jsonb) returns text
    language plpgsql
    immutable
    strict
    set search_path = ''
as $$
declare
    number text;
begin
    case jsonb_typeof(value)
        when 'object' then
            return '{' || coalesce((
                select string_agg(
                    to_jsonb(e.key)::text || ': ' || public.python_json_text(e.value),
                    ', ' order by e.position)
                from jsonb_each(value) with ordinality as e(key, value, position)), '') || '}';
        when 'array' then
            return '[' || coalesce((
                select string_agg(public.python_json_text(x.value), ', ' order by x.position)
                from jsonb_array_elements(value) with ordinality as x(value, position)), '')
                || ']';
        when 'number' then
            if value::text !~ '[.]' then
                return value::text;
            end if;
            number := public.python_float_text(value::text);
            return case number when 'inf' then 'Infinity' when '-inf' then '-Infinity'
                               else number end;
        else
            return value::text;  -- a string JSON-escaped as json.dumps does; true, false, null
    end case;
end;
$$;

comment on function public.python_json_text(jsonb) is
    'json.dumps(json.loads(value::text), ensure_ascii=False) (core/review.py stored_text).';

-- core/review.py stored_text: a value of a draft's section as text.
create function public.stored_text(value jsonb) returns text
    language sql
    immutable
    strict
    set search_path = ''
as $$
    select case jsonb_typeof(value)
        when 'string' then value #>> '{}'
        when 'null' then 'None'
        when 'boolean' then case when value = 'true'::jsonb then 'True' else 'False' end
        when 'number' then case when value::text ~ '[.]'
                                then public.python_float_text(value::text)
                                else value::text end
        else public.python_json_text(value)
    end
$$;

comment on function public.stored_text(jsonb) is
    'A value of a draft''s section as core/review.py stored_text writes it.';

-- core/review.py SECTION_FIELDS: the fields of each section a doctor reads, edits, signs.
create function public.section_fields(p_section text) returns text[]
    language sql
    immutable
    set search_path = ''
as $$
    select case p_section
        when 'case_summary' then
            array['comprehensive_summary', 'key_findings', 'lab_summary', 'radiology_summary']
        when 'soap_note' then array['subjective', 'objective', 'assessment', 'plan']
        when 'primary_diagnosis' then array['primary_diagnosis', 'icd_code', 'description']
    end
$$;

comment on function public.section_fields(text) is
    'The fields of a section of the note (core/review.py SECTION_FIELDS).';

-- core/review.py ai_text: the AI draft's text of a section, in the fields the doctor signs
-- (key findings a list of text, every list item as text; a missing field empty).
create function public.drafted_section(p_insights jsonb, p_section text) returns jsonb
    language sql
    immutable
    set search_path = ''
as $$
    with drafted as (
        select case when jsonb_typeof(p_insights -> p_section) = 'object'
                    then p_insights -> p_section else '{}'::jsonb end as section
    )
    select jsonb_object_agg(
        f.name,
        case
            when f.name = 'key_findings' then
                case when jsonb_typeof(d.section -> f.name) = 'array' then coalesce((
                    select jsonb_agg(to_jsonb(public.stored_text(x.item)) order by x.position)
                    from jsonb_array_elements(d.section -> f.name)
                        with ordinality as x(item, position)), '[]'::jsonb)
                else '[]'::jsonb end
            when coalesce(jsonb_typeof(d.section -> f.name), 'null') = 'null' then '""'::jsonb
            else to_jsonb(public.stored_text(d.section -> f.name))
        end)
    from drafted d, unnest(public.section_fields(p_section)) as f(name)
$$;

comment on function public.drafted_section(jsonb, text) is
    'The AI draft''s text of a section, as core/review.py ai_text reads it.';

-- What a sign-off signs --------------------------------------------------------------------

-- core/review.py signed_sections: per section of the draft, the doctor's latest decision
-- and the text that stands (null while a section has no decision). Read as the owner of
-- the tables, inside sign_note, which has checked whose case and draft it is.
create function public.reviewed_sections(p_case uuid, p_draft uuid, p_doctor uuid)
    returns jsonb
    language sql
    stable
    set search_path = ''
as $$
    select case when count(*) = 3 then jsonb_object_agg(
        r.section,
        jsonb_build_object(
            'decision', r.decision,
            'text', case r.decision
                when 'accepted' then public.drafted_section(d.ai_insights, r.section)
                when 'edited' then r.edited
            end,
            'reason', r.reason))
    end
    from public.ai_drafts d
    cross join lateral (
        select distinct on (s.section) s.section, s.decision, s.edited, s.reason
        from public.section_reviews s
        where s.case_id = p_case and s.draft_id = p_draft and s.user_id = p_doctor
        order by s.section, s.reviewed_at desc, s.review_id desc
    ) r
    where d.draft_id = p_draft and d.case_id = p_case and d.user_id = p_doctor
$$;

comment on function public.reviewed_sections(uuid, uuid, uuid) is
    'The sections a sign-off signs: each decision as recorded, with the text that stands '
    '(core/review.py signed_sections); null until every section has a decision.';

-- What an amendment may sign in a section it changes --------------------------------------

-- Characters Python's str.strip() removes (str.isspace) that typed text may hold.
create function public.edited_line(value text) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select value is not null
        and char_length(value) <= 20000
        and public.plain_typed_text(value)
        and value !~ '[\u061c\u200e\u200f]'
        and value !~ ('^[\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a'
                      '\u2028\u2029\u202f\u205f\u3000]')
        and value !~ ('[\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a'
                      '\u2028\u2029\u202f\u205f\u3000]$')
$$;

comment on function public.edited_line(text) is
    'A field of a doctor''s version as core/review.py edited_text leaves it: stripped, at '
    'most 20,000 characters, no control or text-direction character.';

-- core/review.py edited_text: exactly the section's fields; text (key findings: a list of
-- non-empty lines, 20,000 characters in all), not all empty; a diagnosis named.
create function public.edited_section_shape(p_section text, p_text jsonb) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select jsonb_typeof(p_text) = 'object'
        and public.section_fields(p_section) is not null
        and (select array_agg(k order by k) from jsonb_object_keys(p_text) k)
            = (select array_agg(f order by f) from unnest(public.section_fields(p_section)) f)
        and not exists (
            select 1 from jsonb_each(p_text) e
            where case
                when e.key = 'key_findings' then
                    jsonb_typeof(e.value) <> 'array'
                    or exists (select 1 from jsonb_array_elements(e.value) x
                               where jsonb_typeof(x) <> 'string' or x #>> '{}' = ''
                                  or not public.edited_line(x #>> '{}'))
                    or char_length(coalesce((
                           select string_agg(x #>> '{}', E'\n')
                           from jsonb_array_elements(e.value) x), '')) > 20000
                else jsonb_typeof(e.value) <> 'string' or not public.edited_line(e.value #>> '{}')
            end)
        and exists (
            select 1 from jsonb_each(p_text) e
            where e.value not in ('""'::jsonb, '[]'::jsonb))
        and (p_section <> 'primary_diagnosis' or p_text ->> 'primary_diagnosis' <> '')
$$;

comment on function public.edited_section_shape(text, jsonb) is
    'Whether a section''s text is a doctor''s version as core/review.py edited_text writes it '
    '(the ICD-10-CM code itself is checked by the app).';

revoke execute on function public.python_float_text(text), public.python_json_text(jsonb),
    public.stored_text(jsonb), public.section_fields(text), public.drafted_section(jsonb, text),
    public.reviewed_sections(uuid, uuid, uuid), public.edited_line(text),
    public.edited_section_shape(text, jsonb)
    from public, anon, authenticated;

-- sign_note (20261126100000) signs the sections as reviewed -------------------------------

create or replace function public.sign_note(
    p_case uuid,
    p_version integer,
    p_draft uuid,
    p_sections jsonb,
    p_reason text default null
) returns uuid
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    signer uuid := (select auth.uid());
    signer_email text;
    profile public.doctor_profiles;
    latest public.signed_notes;
    moment timestamptz := now();
    changed jsonb;
    new_id uuid := gen_random_uuid();
begin
    if signer is null then
        raise exception 'sign in to sign a note' using errcode = 'insufficient_privilege';
    end if;
    -- The caller's own case, locked: one signature of a case at a time.
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = signer
    for update;
    if not found then
        raise exception 'no such case' using errcode = 'foreign_key_violation';
    end if;
    -- Every critical value of the current draft acknowledged first (issue #27).
    if exists (
        select 1 from public.case_insights i
        join public.critical_findings f on f.draft_id = i.draft_id and f.case_id = i.case_id
        where i.case_id = p_case
          and not exists (
              select 1 from public.critical_acknowledgments a
              where a.case_id = f.case_id and a.value_key = f.value_key)
    ) then
        raise exception 'acknowledge the critical values first'
            using errcode = 'check_violation', hint = 'critical_values_unacknowledged';
    end if;
    select n.* into latest from public.signed_notes n
    where n.case_id = p_case order by n.version desc limit 1;
    if p_version is distinct from coalesce(latest.version, 0) + 1 then
        return null;
    end if;
    if jsonb_typeof(p_sections) is distinct from 'object'
       or not p_sections ?& array['case_summary', 'soap_note', 'primary_diagnosis']
       or (select count(*) from jsonb_object_keys(p_sections)) <> 3
       or octet_length(p_sections::text) > 200000
    then
        raise exception 'a note has the three sections, and no more'
            using errcode = 'check_violation';
    end if;
    if latest.note_id is null then
        -- The sign-off is of the case's current draft, and has no amendment reason.
        if p_reason is not null or not exists (
            select 1 from public.case_insights i
            where i.case_id = p_case and i.user_id = signer and i.draft_id = p_draft
        ) then
            raise exception 'the sign-off is of the current draft'
                using errcode = 'check_violation';
        end if;
        -- ... and signs each section as the doctor decided it (sign17).
        if public.reviewed_sections(p_case, p_draft, signer) is distinct from p_sections then
            raise exception 'each section is signed as the doctor decided it: the AI''s text '
                'when accepted, the doctor''s version when edited, the reason when rejected'
                using errcode = 'check_violation', hint = 'signed_not_as_reviewed';
        end if;
        -- An edit recorded with the token in a shape the editor never writes (a field the
        -- section has not, a control character) is not signed either (sec17).
        if exists (
            select 1 from jsonb_each(p_sections) e
            where e.value ->> 'decision' = 'edited'
              and not public.edited_section_shape(e.key, e.value -> 'text')
        ) then
            raise exception 'an edited section is the doctor''s version, in the shape the '
                'editor writes'
                using errcode = 'check_violation', hint = 'signed_not_as_reviewed';
        end if;
    else
        if length(trim(coalesce(p_reason, ''))) = 0 or not exists (
            select 1 from public.ai_drafts d
            where d.draft_id = p_draft and d.case_id = p_case and d.user_id = signer
        ) then
            raise exception 'an amendment needs a reason and a draft of the case'
                using errcode = 'check_violation';
        end if;
        select coalesce(jsonb_agg(e.key order by e.key collate "C"), '[]'::jsonb) into changed
        from jsonb_each(p_sections) e
        where e.value is distinct from latest.content -> 'sections' -> e.key;
        if changed = '[]'::jsonb then
            raise exception 'the amendment is the same as the signed version'
                using errcode = 'check_violation';
        end if;
        -- A section the amendment changes is the doctor's own version (sign17).
        if exists (
            select 1 from jsonb_each(p_sections) e
            where e.value is distinct from latest.content -> 'sections' -> e.key
              and (e.value is distinct from jsonb_build_object(
                       'decision', 'edited', 'text', e.value -> 'text', 'reason', null)
                   or not public.edited_section_shape(e.key, e.value -> 'text'))
        ) then
            raise exception 'an amended section is the doctor''s version, in the shape the '
                'editor writes; the other sections stay as signed'
                using errcode = 'check_violation', hint = 'signed_not_as_reviewed';
        end if;
    end if;
    select u.email into signer_email from auth.users u where u.id = signer;
    -- The signer's name and credentials as they stand now, kept with the version (#26).
    select p.* into profile from public.doctor_profiles p where p.user_id = signer;
    -- Refused here too, not only by the app: a token sent straight to PostgREST.
    if profile.user_id is null then
        raise exception 'set your name as signed before signing'
            using errcode = 'check_violation', hint = 'signer_name_missing';
    end if;
    insert into public.signed_notes (
        note_id, case_id, user_id, version, draft_id, content, content_hash, signed_by,
        signer_email, signed_at, amendment_reason, signer_name, signer_credentials
    ) values (
        new_id, p_case, signer, p_version, p_draft, jsonb_build_object('sections', p_sections),
        public.signed_note_hash(p_case, p_version, p_draft, p_sections, signer, moment),
        signer, coalesce(signer_email, ''), moment, p_reason,
        coalesce(profile.display_name, ''), coalesce(profile.credentials, '')
    );
    update public.cases
    set review_state = case when p_version = 1 then 'signed' else 'amended' end
    where case_id = p_case;
    -- The event only this function writes (the audit policy refuses it from clients).
    insert into public.audit_events (user_id, case_id, action, details)
    values (
        signer, p_case,
        case when p_version = 1 then 'note_signed' else 'note_amended' end,
        public.canonical_json(case when p_version = 1
            then jsonb_build_object('version', p_version)
            else jsonb_build_object('version', p_version, 'sections', changed) end)
    );
    return new_id;
end;
$$;
