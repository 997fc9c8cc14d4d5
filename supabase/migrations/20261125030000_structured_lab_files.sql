-- MedCase: lab files may be FHIR R4 JSON resources (issue #28); HL7 v2 messages are
-- stored as text/plain, which the bucket already takes.

update storage.buckets
set allowed_mime_types = array[
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'text/plain',
        'text/csv',
        'image/jpeg',
        'image/png',
        'application/dicom',
        'application/fhir+json'
    ]
where id = 'case-files';
