-- MedCase: every field of an enrolled case's blind view is the stored case's (round
-- fourteen's red team).
--
-- view_from_stored_case (20261126040100) checked the notes, each lab text, each lab
-- value's analyte, number, unit and flag and each image's reading; every other part of
-- the view reached the reviewers as the enrolling doctor's token sent it. The reviewer's
-- page shows "Age {age_band}", the sex, each file's label, and in the lab table each
-- value's range, timing, specimen and critical mark, so the view could carry the answer
-- ("Lab file 1: iron deficiency anaemia, D50.9"), the patient's exact age or birth date,
-- or a range that makes a high value read as normal, before the reviewer's blind
-- diagnosis. Now, beside the earlier checks:
--
-- * the view has the keys core/pilot/records.py CaseView has, and no other;
-- * age_band is the case's ten-year band (records.age_band: "40-49", "90+"), sex the
--   case's gender (either may be left out);
-- * a lab file is a label "Lab file N" and its text; an image a label "Radiology image
--   N", its reading and its picture (base64, as before not compared: docs/security.md);
-- * each lab value's other fields (range, comparator, specimen, timing, marks, source)
--   are the stored value's, a field the stored value lacks being the model's default;
-- * a reading's other fields (body part, modality, image properties, score) are the
--   stored reading's likewise.
--
-- Stored enrolments are not checked again (the function runs on insert only). The
-- embedded store is reached through the app alone (as for 20261126040100): no twin.

create or replace function public.view_from_stored_case(view jsonb, enrolled_case uuid, owner uuid)
    returns boolean
    language sql
    stable
    set search_path = ''
as $$
    select jsonb_typeof(view) = 'object'
       -- The view's own keys (core/pilot/records.py CaseView).
       and not exists (
           select 1 from jsonb_object_keys(view) k
           where k not in ('age_band', 'sex', 'notes', 'lab_files', 'lab_values', 'images'))
       -- The age as the case's ten-year band, the sex as the case's.
       and coalesce(view -> 'age_band', 'null') in (
           'null',
           (select to_jsonb(case when c.patient_age >= 90 then '90+'
                                 else (c.patient_age / 10 * 10)::text || '-'
                                      || (c.patient_age / 10 * 10 + 9)::text end)
            from public.cases c where c.case_id = enrolled_case))
       and coalesce(view -> 'sex', 'null') in (
           'null',
           (select to_jsonb(c.patient_gender) from public.cases c
            where c.case_id = enrolled_case))
       -- The notes: the case's own summary, redacted.
       and public.redaction_of(
               case when jsonb_typeof(view -> 'notes') = 'string' then view ->> 'notes' end,
               (select c.case_summary from public.cases c where c.case_id = enrolled_case))
       and coalesce(jsonb_typeof(view -> 'notes'), 'null') in ('string', 'null')
       -- Each lab text: a label and one of the case's lab files' text, redacted.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'lab_files', '[]')) lab
           where jsonb_typeof(lab) is distinct from 'object'
              or exists (select 1 from jsonb_object_keys(lab) k where k not in ('label', 'text'))
              or coalesce(lab ->> 'label', '') !~ '^Lab file [1-9][0-9]{0,3}$'
              or not exists (
                  select 1 from public.case_files f
                  where f.case_id = enrolled_case and f.file_category = 'lab'
                    and public.redaction_of(lab ->> 'text', f.text_data)))
       -- Each lab value: a value of one of the case's stored drafts, every field as
       -- stored (a field the stored value lacks: the model's default), its source line
       -- that value's, redacted.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'lab_values', '[]')) shown
           where jsonb_typeof(shown) is distinct from 'object'
              or exists (
                  select 1 from jsonb_object_keys(shown) k
                  where k not in (
                      'analyte', 'value', 'comparator', 'unit', 'reference_low',
                      'reference_high', 'flag', 'source_file_id', 'source_page',
                      'source_line', 'specimen', 'timing', 'critical', 'doubtful', 'read_by',
                      'ocr_confidence', 'sender_flag', 'result_status', 'other_patient'))
              or not exists (
                  select 1 from public.ai_drafts d,
                      jsonb_array_elements(
                          case when jsonb_typeof(d.ai_insights -> 'lab_values') = 'array'
                               then d.ai_insights -> 'lab_values' else '[]' end) stored
                  where d.case_id = enrolled_case and d.user_id = owner
                    and jsonb_typeof(stored) = 'object'
                    and stored ->> 'analyte' = shown ->> 'analyte'
                    and (stored -> 'value') = (shown -> 'value')
                    and (stored ->> 'unit') is not distinct from (shown ->> 'unit')
                    and (stored ->> 'flag') is not distinct from (shown ->> 'flag')
                    and not exists (
                        select 1 from jsonb_each(shown - 'source_line') field
                        where field.value is distinct from coalesce(
                            stored -> field.key,
                            case when field.key in ('critical', 'doubtful', 'other_patient')
                                 then 'false'::jsonb else 'null'::jsonb end))
                    and public.redaction_of(shown ->> 'source_line', stored ->> 'source_line')))
       -- Each image: a label, its picture, and a reading that is one of the case's
       -- radiology files' readings, its texts redacted and the rest as stored.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'images', '[]')) image
           where jsonb_typeof(image) is distinct from 'object'
              or exists (
                  select 1 from jsonb_object_keys(image) k
                  where k not in ('label', 'reading', 'png'))
              or coalesce(image ->> 'label', '') !~ '^Radiology image [1-9][0-9]{0,3}$'
              or coalesce(jsonb_typeof(image -> 'png'), 'null') not in ('string', 'null')
              or coalesce(jsonb_typeof(image -> 'reading'), 'null') not in ('object', 'null')
              or (jsonb_typeof(image -> 'reading') = 'object' and (
                  exists (
                      select 1 from jsonb_object_keys(image -> 'reading') k
                      where k not in (
                          'confidence_score', 'findings', 'impression', 'key_abnormalities',
                          'modality', 'body_part', 'study_description', 'image_properties'))
                  or not exists (
                      select 1 from public.case_files f
                      where f.case_id = enrolled_case and f.file_category = 'radiology'
                        and jsonb_typeof(f.ai_summary) = 'object'
                        and public.redaction_of(image #>> '{reading,findings}',
                                                f.ai_summary ->> 'findings')
                        and public.redaction_of(image #>> '{reading,impression}',
                                                f.ai_summary ->> 'impression')
                        and public.redaction_of(image #>> '{reading,study_description}',
                                                f.ai_summary ->> 'study_description')
                        and coalesce(image #> '{reading,modality}', 'null')
                            = coalesce(f.ai_summary -> 'modality', 'null')
                        and coalesce(image #> '{reading,body_part}', 'null')
                            = coalesce(f.ai_summary -> 'body_part', 'null')
                        and coalesce(image #> '{reading,image_properties}', '{}')
                            = coalesce(f.ai_summary -> 'image_properties', '{}')
                        and coalesce(image #> '{reading,confidence_score}', '0')
                            = coalesce(f.ai_summary -> 'confidence_score', '0')
                        and not exists (
                            select 1 from jsonb_array_elements_text(
                                coalesce(image #> '{reading,key_abnormalities}', '[]')) a(text)
                            where not exists (
                                select 1 from jsonb_array_elements_text(
                                    case when jsonb_typeof(f.ai_summary -> 'key_abnormalities')
                                              = 'array'
                                         then f.ai_summary -> 'key_abnormalities'
                                         else '[]' end) s(text)
                                where public.redaction_of(a.text, s.text)))))))
$$;
