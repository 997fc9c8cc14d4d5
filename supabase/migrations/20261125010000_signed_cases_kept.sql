-- A case with a signed note is never deleted (issue #26): the doctor archives it instead,
-- and the note, its versions and its audit trail stay. CaseService.delete_case refuses
-- first with a clear message; this trigger is the last guard for a client that deletes
-- through PostgREST directly. (SQLite: migration 12 of core/backends/sqlite_db.py.)

create function public.keep_cases_with_signed_notes() returns trigger
    language plpgsql
    set search_path to ''
as $$
begin
    if exists (select 1 from public.signed_notes n where n.case_id = old.case_id) then
        raise exception 'a case with a signed note is never deleted'
            using errcode = 'P0001', hint = 'archive the case instead';
    end if;
    return old;
end;
$$;

create trigger cases_with_signed_notes_kept before delete on public.cases
    for each row execute function public.keep_cases_with_signed_notes();
