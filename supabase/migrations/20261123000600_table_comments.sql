-- MedCase: what each table of the first migration holds, for whoever reads the schema.

comment on table public.cases is
    'A patient case, owned by one doctor (user_id); RLS keeps every doctor to their own.';
comment on column public.cases.status is
    'pending | analyzing | processing | completed | failed | archived; see core/lifecycle.py.';
comment on column public.cases.analysis_stage is
    'The analyzer''s last stage, shown live on the case page.';
comment on column public.cases.analysis_error is
    'Why the last analysis failed, in words that carry no patient data.';
comment on column public.cases.analysis_claim is
    'The job that is the only writer of the case while it analyses it.';
comment on column public.cases.analysis_claimed_at is
    'The claim''s heartbeat; a claim silent past the stale window belongs to a dead process.';

comment on table public.case_files is
    'Lab files and radiology images of a case; the bytes live in the case-files bucket.';
comment on column public.case_files.file_url is
    'Storage key {user_id}/{case_id}/{file_id}/{safe_name}; file_name is for display only.';
comment on column public.case_files.text_data is
    'Text extracted from a lab file by the analyzer.';
comment on column public.case_files.ai_summary is
    'A radiology image''s reading by the analyzer (JSON).';

comment on table public.case_insights is
    'The current AI insights of a case (sealed by the analyzer); every draft is in ai_drafts.';
