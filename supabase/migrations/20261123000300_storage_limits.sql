-- MedCase: the case-files bucket takes only what the app accepts, and nothing bigger.
--
-- Storage checks these on every upload, whoever sends it (the app checks the same before
-- it uploads; this keeps a client that talks to Storage directly within the same rules).
-- The size matches MEDCASE_MAX_FILE_MB's default (50 MB): raise both together.

update storage.buckets
set file_size_limit = 52428800,
    allowed_mime_types = array[
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'text/plain',
        'text/csv',
        'image/jpeg',
        'image/png',
        'application/dicom'
    ]
where id = 'case-files';
