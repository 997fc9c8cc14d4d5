-- MedCase: lab files may be FHIR R4 resources in XML as well as JSON (issue #28).

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
        'application/fhir+json',
        'application/fhir+xml'
    ]
where id = 'case-files';
