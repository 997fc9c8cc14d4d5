-- MedCase: when a case or a patient's record was opened, a section decided and a member
-- added are the database's now() (round twelve's red team, second pass).
--
-- The doctor's token wrote these times itself on insert, so it could open a case "in
-- 2001" (the case list's order and date filters, the patient's timeline), file a section
-- decision before or after another (the latest decision of a section is the one signed),
-- and a coordinator could date a member's addition. Nothing in the product brings a case
-- or a patient record from elsewhere with an earlier date (CaseService.create_case and
-- PatientService open each one now; the lab results' own dates come from the reports),
-- so no caller keeps a time of its own. Each time is set by a BEFORE INSERT trigger, as
-- critical_findings.found_at (20261126030000) and the pilot review's times
-- (20261127100100) are; an update of a case keeps its created_at (20261127100000), and
-- section decisions and members are never updated (no privilege; section_reviews'
-- refuse_change). A case's updated_at on insert is its created_at. The patient record
-- case_patient_of_its_own makes for a case without one takes the case's (now) time.
--
-- The embedded backend needs no twin: no token reaches its file, and its adapters write
-- the app's clock.

create function public.case_opened_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.created_at := now();
    new.updated_at := now();
    return new;
end;
$$;

-- Named to run before cases_patient_of_their_own (triggers fire in name order), so the
-- patient record it makes carries the database's time too.
create trigger cases_opened_now before insert on public.cases
    for each row execute function public.case_opened_now();

create function public.patient_record_opened_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.created_at := now();
    return new;
end;
$$;

create trigger patients_opened_now before insert on public.patients
    for each row execute function public.patient_record_opened_now();

create function public.section_decided_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.reviewed_at := now();
    return new;
end;
$$;

create trigger section_reviews_decided_now before insert on public.section_reviews
    for each row execute function public.section_decided_now();

create function public.pilot_member_added_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.added_at := now();
    return new;
end;
$$;

create trigger pilot_members_added_now before insert on public.pilot_members
    for each row execute function public.pilot_member_added_now();

revoke execute on function
    public.case_opened_now(), public.patient_record_opened_now(),
    public.section_decided_now(), public.pilot_member_added_now()
    from public, anon, authenticated;
