-- MedCase: the note is signed and amended by the database (issue 23).
--
-- Until now the app built a signed version (time, signer, version, hash) and inserted it
-- with the doctor's token, so the same token sent straight to PostgREST could insert any
-- content with any time, signer and hash, and no audit event. Now a client cannot insert
-- into signed_notes at all: public.sign_note (SECURITY DEFINER) takes the time from now(),
-- the signer and their e-mail from auth.users by auth.uid(), the version as the next one,
-- computes the hash in SQL (the same as core/review.py content_hash), sets the case's
-- review state and writes the note_signed / note_amended event, in one transaction. The
-- client says only what it signs: the case, the version it expects to create, the draft
-- and the sections (and the reason of an amendment).

-- The canonical JSON text core/review.py hashes (Python's json.dumps with sorted keys,
-- no spaces, non-ASCII kept): keys in code-point order (UTF-8 byte order, collate "C"),
-- strings escaped as jsonb escapes them (", \, control characters: the same set Python
-- escapes). Numbers as jsonb writes them: a signed note holds none (text, lists, null).
create function public.canonical_json(value jsonb) returns text
    language plpgsql
    immutable
    strict
    set search_path = ''
as $$
declare
    result text;
begin
    case jsonb_typeof(value)
        when 'object' then
            select '{' || coalesce(string_agg(
                       to_jsonb(e.key)::text || ':' || public.canonical_json(e.value), ','
                       order by e.key collate "C"), '') || '}'
            into result
            from jsonb_each(value) e;
        when 'array' then
            select '[' || coalesce(string_agg(public.canonical_json(a.value), ','
                                              order by a.n), '') || ']'
            into result
            from jsonb_array_elements(value) with ordinality a(value, n);
        else
            result := value::text;
    end case;
    return result;
end;
$$;

-- The signing time as core/review.py signed_at_text writes it (datetime.isoformat in
-- UTC: no fraction when the microseconds are 0).
create function public.signed_at_text(moment timestamptz) returns text
    language sql
    immutable
    strict
    set search_path = ''
as $$
    select to_char(moment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
        || case when to_char(moment at time zone 'UTC', 'US') = '000000' then ''
                else to_char(moment at time zone 'UTC', '.US') end
        || '+00:00'
$$;

-- SHA-256 over the signed content, the signer and the moment (core/review.py content_hash).
create function public.signed_note_hash(
    p_case uuid, p_version integer, p_draft uuid, p_sections jsonb, p_signer uuid,
    p_signed_at timestamptz
) returns text
    language sql
    immutable
    set search_path = ''
as $$
    select encode(sha256(convert_to(public.canonical_json(jsonb_build_object(
        'case_id', p_case::text,
        'version', p_version,
        'draft_id', p_draft::text,
        'sections', coalesce(p_sections, 'null'::jsonb),
        'signed_by', p_signer::text,
        'signed_at', public.signed_at_text(p_signed_at)
    )), 'UTF8')), 'hex')
$$;

-- Sign (version 1) or amend (later versions) the caller's note. Returns the new version's
-- id, or null when p_version is not the next version any more (someone signed first).
create function public.sign_note(
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
    end if;
    select u.email into signer_email from auth.users u where u.id = signer;
    insert into public.signed_notes (
        note_id, case_id, user_id, version, draft_id, content, content_hash, signed_by,
        signer_email, signed_at, amendment_reason
    ) values (
        new_id, p_case, signer, p_version, p_draft, jsonb_build_object('sections', p_sections),
        public.signed_note_hash(p_case, p_version, p_draft, p_sections, signer, moment),
        signer, coalesce(signer_email, ''), moment, p_reason
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

comment on function public.sign_note(uuid, integer, uuid, jsonb, text) is
    'Signs (version 1) or amends the caller''s note: time, signer, version, hash, review '
    'state and audit event are the database''s own; null when the version was taken.';

-- No client inserts a signed version any more.
drop policy "Doctors sign notes of their own cases" on public.signed_notes;
revoke insert on table public.signed_notes from authenticated;

revoke execute on function public.canonical_json(jsonb), public.signed_at_text(timestamptz),
    public.signed_note_hash(uuid, integer, uuid, jsonb, uuid, timestamptz),
    public.sign_note(uuid, integer, uuid, jsonb, text)
    from public, anon;
grant execute on function public.canonical_json(jsonb), public.signed_at_text(timestamptz),
    public.signed_note_hash(uuid, integer, uuid, jsonb, uuid, timestamptz),
    public.sign_note(uuid, integer, uuid, jsonb, text)
    to authenticated;
