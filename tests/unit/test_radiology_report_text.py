"""A radiology report given as datasets publish it (issue #29): its text alone, without the
headings of a printed report. The impression decides, as in a printed report.

Three published forms: the findings and the impression run together with no label (the
MIMIC-CXR report texts of MAGIC-AI4Med/RadIR @ f49d741845, ``CXR_CT_inference.py``, the
development set's ``radir-mimic-cxr-*`` cases); labels run into one line ("Findings: ...
Impression: ..."); and a dataset's CSV file, one report a row, with "findings" and
"impression" columns. Each test fails on the code before (the first condition the findings
name, or a dataset's label column, was the diagnosis).
"""

from __future__ import annotations

from core.analysis.reading.extraction import extract_lab_document
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes
from core.analysis.rules.radiology_text import with_sections

# MAGIC-AI4Med/RadIR @ f49d741845 CXR_CT_inference.py, the second of cxr_reports (MIMIC-CXR):
# the findings, then a numbered impression, in one paragraph without headings.
CONGESTION = (
    "Left PICC tip is seen terminating in the region of the distal left brachiocephalic vein. "
    "Tracheostomy tube is in unchanged standard position. The heart is moderately enlarged. "
    "Marked calcification of the aortic knob is again present. Mild pulmonary vascular "
    "congestion is similar. Bibasilar streaky airspace opacities are minimally improved. "
    "Previously noted left pleural effusion appears to have resolved. No pneumothorax is "
    "identified. Percutaneous gastrostomy tube is seen in the left upper quadrant. 1. Left PICC "
    "tip appears to terminate in the distal left brachiocephalic vein. 2. Mild pulmonary "
    "vascular congestion. 3. Interval improvement in aeration of the lung bases with residual "
    "streaky opacity likely reflective of atelectasis. Interval resolution of the left pleural "
    "effusion."
)
# The same file, the first of cxr_reports: a normal study closing with its impression.
NORMAL = (
    "Lateral view somewhat limited due to overlying motion artifact. The lungs are low in "
    "volume. There is no focal airspace consolidation to suggest pneumonia. A 1.2-cm calcified "
    "granuloma just below the medial aspect of the right hemidiaphragm is unchanged from prior "
    "study. No pleural effusions or pulmonary edema. There is no pneumothorax. The inferior "
    "sternotomy wire is fractured but unchanged. Surgical clips and vascular markers in the "
    "thorax are related to prior CABG surgery. No evidence of acute cardiopulmonary process."
)
# RadioX-Labs/RADSet @ a601238e6c assets/samples/sample_reports.md, Sample 3 (dev case
# rxl-cxr-right-lower-lobe-pneumonia-effusion): its findings and impression text, given here
# as a dataset gives them, without the headings or with the labels run into one line.
RLL_FINDINGS = (
    "There is a consolidation in the right lower lobe. Mild right pleural effusion is present. "
    "The heart is normal in size. The left lung is clear."
)
RLL_IMPRESSION = "Right lower lobe pneumonia with small pleural effusion."


def _primary(text: str) -> str:
    return diagnose([], 50, read_notes(None, [text])).diagnosis.icd_code


def test_report_text_without_headings_is_decided_by_its_closing_impression() -> None:
    # The findings' resolved effusion was the diagnosis (J91.8); the numbered impression
    # names the atelectasis, and "interval resolution of" the effusion denies it.
    assert _primary(CONGESTION) == "J98.11"
    assert "J91.8" not in [r.code for r in diagnose([], 50, read_notes(None, [CONGESTION])).ranked]
    # Findings and impression as two paragraphs: the last is the impression.
    assert _primary(f"{RLL_FINDINGS}\n{RLL_IMPRESSION}\n") == "J18.9"


def test_a_normal_report_text_without_headings_is_said_to_be_normal() -> None:
    result = diagnose([], 50, read_notes(None, [NORMAL]))
    assert result.diagnosis.icd_code == ""
    assert result.diagnosis.description.startswith("A normal imaging study")


def test_labels_run_into_one_line_are_headings() -> None:
    text = f"Findings: {RLL_FINDINGS} Impression: {RLL_IMPRESSION}"
    assert with_sections(text).splitlines()[-1] == f"Impression: {RLL_IMPRESSION}"
    assert _primary(text) == "J18.9"


def test_a_dataset_csv_row_is_read_as_a_report_with_its_sections() -> None:
    # The layout of a report dataset's CSV (an id, the dataset's labels, the image, then the
    # report's sections); the dataset's label column must not decide, the impression does.
    content = (
        "uid,MeSH,Problems,image,indication,comparison,findings,impression\n"
        f"3,Pleural Effusion/right,Pleural Effusion,Xray Chest PA,Fever and cough,None,"
        f'"{RLL_FINDINGS}","{RLL_IMPRESSION}"\n'
    ).encode()
    text = extract_lab_document("f", "Lab file 1", "reports.csv", content).text
    assert "Pleural Effusion/right" not in text
    assert f"Impression:\n{RLL_IMPRESSION}" in text
    assert _primary(text) == "J18.9"


def test_a_case_report_or_lab_text_is_left_as_it_is() -> None:
    story = (
        "A 45-year-old man presented with fever. The chest radiograph showed a right lower "
        "lobe consolidation and a small pleural effusion."
    )
    assert with_sections(story) == story
    lab = "Hemoglobin 9.8 g/dL. Lungs clear on the radiograph, no pleural effusion."
    assert with_sections(lab) == lab


def test_a_csv_or_json_record_in_a_text_file_and_a_row_without_impression() -> None:
    # A row that has findings only: they are all the radiologist wrote, so they decide.
    csv_text = (
        "uid,MeSH,Problems,image,indication,comparison,findings,impression\n"
        f'4,normal,normal,Xray Chest PA,Cough,None,"{RLL_FINDINGS}",\n'
    )
    assert with_sections(csv_text).startswith("Indication:\nCough\n\nImpression:\n")
    assert _primary(csv_text) == "J91.8"  # the effusion the findings state, not the cough
    record = f'{{"uid": 5, "findings": "{RLL_FINDINGS}", "impression": "{RLL_IMPRESSION}"}}'
    assert with_sections(record).endswith(f"Impression:\n{RLL_IMPRESSION}")
    assert _primary(record) == "J18.9"


def test_gaucher_disease_by_its_type_abbreviation_is_the_concluded_diagnosis() -> None:
    # dev/cr-gaucher-type-1-confirmed-aspergillosis-mycobacterium-avium (CaseReportBench,
    # cindyzhangxy/CaseReportBench @ 629533d91f): the abbreviation the code set lacks.
    line = (
        "The final diagnosis of GD1 was confirmed by the absence of glucocerebrosidase "
        "activity in peripheral blood leukocytes and an increased activity of plasma "
        "chitotriosidase."
    )
    assert _primary(line) == "E75.22"
