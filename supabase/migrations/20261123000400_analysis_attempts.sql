-- MedCase: how many times the current analysis of a case has been claimed.
--
-- A job that dies (its process killed) leaves a claim that stops beating; another job
-- takes the case over. Each claim counts, and a case taken over too many times ends
-- 'failed' with the reason instead of looping (core/jobs/recovery.py's policy).

alter table public.cases
    add column analysis_attempts integer not null default 0 check (analysis_attempts >= 0);

comment on column public.cases.analysis_attempts is
    'Claims of the current analysis since it was last requested; a re-run resets it.';
