-- MedCase: a pilot's copy of a case holds no date of the patient's care (eighteenth round).
--
-- Round fifteen took the analysis time and the earlier visit's date out of the enrolled
-- draft, but two kinds of date stayed: each lab value's `collected` (the day and hour a
-- message says the specimen was taken) and the dates written in the texts (a lab file's
-- "Collected: 25/11/2026", a value's source line, the note). HIPAA's Safe Harbor keeps the
-- year alone. The app now leaves `collected` out of each lab value of the enrolled draft and
-- writes every full date of a pilot's texts as [DATE] (core/privacy/dates.py,
-- core/pilot/deidentify.py). Here:
-- - redaction_of takes [DATE] as a placeholder, like [PATIENT] (the enrolled draft, the
--   signed text beside it and the reviewer's view are the stored texts with spans replaced);
-- - draft_without_dates_of_care also leaves out each lab value's `collected`, so a draft
--   that keeps it is refused by check_enrolled_draft (it compares with that function);
-- - the drafts enrolled before lose `collected` (the one kind of change ever made to an
--   enrolled draft: it removes). Their texts' dates stay as enrolled (SQL cannot find dates
--   as the app does); a new enrolment of the case is redacted in full.
-- The embedded file's twin: core/backends/sqlite_db.py migration 25.

create or replace function public.redaction_of(shown text, stored text) returns boolean
    language plpgsql
    immutable
    set search_path = ''
as $$
declare
    pieces text[];
    total integer;
    next_char integer;
    found integer;
begin
    if shown is null or shown = '' then
        return true;
    end if;
    if stored is null then
        return false;
    end if;
    pieces := regexp_split_to_array(
        shown,
        '\[(?:PATIENT|CLINICIAN|NAME|IDENTIFIER|FILE|DATE)\]|(?:Lab file|Radiology image) [0-9]+');
    total := array_length(pieces, 1);
    if total = 1 then
        return shown = stored;
    end if;
    if left(stored, length(pieces[1])) <> pieces[1] then
        return false;
    end if;
    -- The first piece starts the stored text, the last ends it, and each one between is
    -- found after the one before (the leftmost match leaves the most room for the rest).
    next_char := length(pieces[1]) + 1;
    for i in 2 .. total - 1 loop
        if pieces[i] <> '' then
            found := strpos(substr(stored, next_char), pieces[i]);
            if found = 0 then
                return false;
            end if;
            next_char := next_char + found - 1 + length(pieces[i]);
        end if;
    end loop;
    return length(stored) - length(pieces[total]) + 1 >= next_char
       and right(stored, length(pieces[total])) = pieces[total];
end;
$$;

revoke execute on function public.redaction_of(text, text) from public, anon, authenticated;

-- The stored draft as a pilot may hold it: no date of care, no other case.
create or replace function public.draft_without_dates_of_care(stored jsonb) returns jsonb
    language sql
    immutable
    set search_path = ''
as $$
    select case
        when jsonb_typeof(stored) is distinct from 'object' then stored
        else (
            select case
                when jsonb_typeof(stored -> 'lab_values') is distinct from 'array' then d
                else jsonb_set(d, '{lab_values}',
                    (select coalesce(jsonb_agg(
                                case when jsonb_typeof(v) = 'object' then v - 'collected'
                                     else v end
                                order by n), '[]'::jsonb)
                     from jsonb_array_elements(stored -> 'lab_values') with ordinality x(v, n)))
            end
            from (select case
                    when jsonb_typeof(stored -> 'delta_checks') is distinct from 'array'
                        then stored - 'generated_at'
                    else jsonb_set(
                        stored - 'generated_at',
                        '{delta_checks}',
                        (select coalesce(jsonb_agg(
                                    case when jsonb_typeof(c) = 'object'
                                         then c - 'earlier_at' - 'earlier_case_id' else c end
                                    order by n), '[]'::jsonb)
                         from jsonb_array_elements(stored -> 'delta_checks')
                              with ordinality x(c, n)))
                  end as d) without_visits)
    end
$$;

comment on function public.draft_without_dates_of_care(jsonb) is
    'An AI draft without generated_at, its delta checks'' earlier_at and earlier_case_id, '
    'and its lab values'' collected.';

revoke execute on function public.draft_without_dates_of_care(jsonb)
    from public, anon, authenticated;

-- The drafts enrolled before: each lab value's collection time removed, nothing else.
alter table public.pilot_case_insights disable trigger pilot_case_insights_unchanged;
update public.pilot_case_insights
set ai_insights = public.draft_without_dates_of_care(ai_insights)
where ai_insights is distinct from public.draft_without_dates_of_care(ai_insights);
alter table public.pilot_case_insights enable trigger pilot_case_insights_unchanged;
