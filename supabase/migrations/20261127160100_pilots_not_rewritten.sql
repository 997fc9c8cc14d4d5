-- A pilot is not rewritten after it is made (round fourteen, after red14).
--
-- The product never changes a pilot once created (core/services/pilots.py creates and
-- deletes; there is no edit), yet the API roles held UPDATE on public.pilots and a policy
-- let a coordinator change a pilot's name, description and dates after its reviews were
-- filed: the pilot the reviewers joined could read as another one in its figures and CSV.
-- Whatever the app does not do, a token sent straight to PostgREST may not do either.

drop policy "Coordinators change their pilots" on public.pilots;
revoke update on table public.pilots from authenticated, anon;
