-- MedCase: a pilot review's times are the database's (round twelve's red team).
--
-- When a reviewer diagnosed blind (diagnosed_at) and when they submitted their scores
-- (submitted_at) go into the coordinator's CSV and order the reviews, and both came from the
-- reviewer's own request: a token sent straight to PostgREST filed a diagnosis dated a year
-- back and scores dated years ahead. Now the insert trigger takes diagnosed_at from now()
-- (a correction keeps the corrected review's, as before) and submitted_at from now() when a
-- review is filed scored; the update trigger takes submitted_at from now() when the scores
-- go in. The app reads the stored review back (core/services/pilot_reviews.py).

create or replace function public.keep_pilot_review_blind() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
    corrected public.pilot_reviews;
begin
    -- Before reading any review: the caller files their own, and corrects only their own
    -- review of the same case (the policy says so too, after this trigger has run).
    if caller is not null and new.reviewer_id is distinct from caller then
        raise exception 'a reviewer files their own reviews only'
            using errcode = 'insufficient_privilege';
    end if;
    -- One writer per reviewer and case at a time: the checks below see each other's rows.
    perform pg_advisory_xact_lock(
        hashtextextended(new.enrolment_id::text || new.reviewer_id::text, 23));
    if new.supersedes is null then
        if exists (select 1 from public.pilot_reviews r
                   where r.enrolment_id = new.enrolment_id and r.reviewer_id = new.reviewer_id)
        then
            raise exception 'one review per reviewer and case; correct the current one'
                using errcode = 'unique_violation';
        end if;
        -- The blind diagnosis's time is the database's (and a review scored at once,
        -- its submission's).
        new.diagnosed_at := now();
        if new.submitted_at is not null then
            new.submitted_at := now();
        end if;
        return new;
    end if;
    select r.* into corrected from public.pilot_reviews r where r.review_id = new.supersedes;
    if caller is not null and (corrected.reviewer_id is distinct from caller
                               or corrected.enrolment_id is distinct from new.enrolment_id)
    then
        raise exception 'a reviewer files their own reviews only'
            using errcode = 'insufficient_privilege';
    end if;
    if exists (select 1 from public.pilot_reviews r where r.supersedes = new.supersedes) then
        raise exception 'that review is corrected already; correct the current one'
            using errcode = 'unique_violation';
    end if;
    if (new.diagnosis, new.icd_code) is distinct from (corrected.diagnosis, corrected.icd_code)
    then
        raise exception 'a correction keeps the blind diagnosis'
            using errcode = 'check_violation';
    end if;
    new.diagnosed_at := corrected.diagnosed_at;
    if new.submitted_at is not null then
        new.submitted_at := now();
    end if;
    return new;
end;
$$;

create or replace function public.keep_pilot_review() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if old.submitted_at is not null
       or (new.review_id, new.pilot_id, new.enrolment_id, new.reviewer_id, new.diagnosis,
           new.icd_code, new.diagnosed_at, new.supersedes)
          is distinct from
          (old.review_id, old.pilot_id, old.enrolment_id, old.reviewer_id, old.diagnosis,
           old.icd_code, old.diagnosed_at, old.supersedes)
    then
        raise exception 'a submitted review is final; correct it with a new one'
            using errcode = 'insufficient_privilege';
    end if;
    -- The scores go in now, whatever time the request names.
    if new.submitted_at is not null then
        new.submitted_at := now();
    end if;
    return new;
end;
$$;
