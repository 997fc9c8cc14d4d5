"""A radiology report given as datasets publish it (issue #29): its text alone, without the
headings of a printed report. The impression decides, as in a printed report.

Three published forms: the findings and the impression run together with no label (real
reports given as datasets give them, without their headings: an MTSamples chest radiograph
report, dev case ``mtr-cxr-post-asd-repair-basilar-atelectasis``; an openly licensed example
report of BMC Med Inform Decis Mak 2013;13:90, CC BY 2.0, dev case
``bmc-cxr-normal-no-acute-cardiopulmonary-disease``); labels run into one line ("Findings: ...
Impression: ..."); and a dataset's CSV file, one report a row, with "findings" and
"impression" columns. Each test fails on the code before (the first condition the findings
name, or a dataset's label column, was the diagnosis).
"""

from __future__ import annotations

from core.analysis.reading.extraction import extract_lab_document
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes
from core.analysis.rules.radiology_text import with_sections
from tests.unit.notes_reading import primary_code

# MTSamples, Radiology / Single Frontal View of Chest (terrah27/spider_mtsamples.com @
# 7794f006f0, dev case mtr-cxr-post-asd-repair-basilar-atelectasis; no licence stated, the
# collection is also published as CC0): its findings, then its numbered impression, given here
# in one paragraph without the headings, as a dataset gives a report's text.
NUMBERED = (
    "Current film reveals there is a right-sided central venous catheter, the distal tip appears "
    "to be in the superior vena cava.  Endotracheal tube with the distal tip appears to be in "
    "appropriate position, approximately 2 cm superior to the carina.  Sternotomy wires are "
    "noted.  They appear in appropriate placement.  There are no focal areas of consolidation to "
    "suggest pneumonia.  Once again seen is minimal amount of bilateral basilar atelectasis.  The "
    "cardiomediastinal silhouette appears to be within normal limits at this time.  No evidence "
    "of any pneumothoraces or pleural effusions. 1.  There has been interval placement of a "
    "right-sided central venous catheter, endotracheal tube, and sternotomy wires secondary to "
    "patient's most recent surgical intervention. 2.  Minimal bilateral basilar atelectasis with "
    "no significant interval changes from the patient's most recent prior. 3.  Interval decrease "
    "in the patient's heart size which may be secondary to the surgery versus positional and "
    "technique."
)
# MTSamples, Cardiovascular / Pulmonary / Cardiology Progress Note - 1 (the same cache):
# a diagnosis line of a condition that is gone.
RESOLVED = "Acute pulmonary edema, resolved."
# BMC Med Inform Decis Mak 2013;13:90 (doi 10.1186/1472-6947-13-90, CC BY 2.0), Table 3,
# example 5 (dev case bmc-cxr-normal-no-acute-cardiopulmonary-disease): a normal chest
# radiograph report's text, its findings then its impression, without headings.
NORMAL = (
    "Lungs are clear without pulmonary edema, focal consolidation, or pleural effusion. "
    "No acute cardiopulmonary disease."
)
# RadioX-Labs/RADSet @ a601238e6c assets/samples/sample_reports.md, Sample 3 (dev case
# rxl-cxr-right-lower-lobe-pneumonia-effusion): its findings and impression text, given here
# as a dataset gives them, without the headings or with the labels run into one line.
RLL_FINDINGS = (
    "There is a consolidation in the right lower lobe. Mild right pleural effusion is present. "
    "The heart is normal in size. The left lung is clear."
)
RLL_IMPRESSION = "Right lower lobe pneumonia with small pleural effusion."


def test_report_text_without_headings_is_decided_by_its_closing_impression() -> None:
    # The numbered impression that closes the paragraph decides: the atelectasis it names,
    # not the pneumonia the findings deny or the devices.
    assert primary_code(NUMBERED) == "J98.11"
    # A finding that is gone is no diagnosis: the last paragraph decides, and the resolved
    # oedema before it is not ranked.
    text = f"{RLL_FINDINGS}\n{RESOLVED}\n{RLL_IMPRESSION}\n"
    assert primary_code(text) == "J18.9"
    ranked = diagnose([], 50, read_notes(None, [text])).ranked
    assert not any(r.code.startswith("J81") for r in ranked)
    # Findings and impression as two paragraphs: the last is the impression.
    assert primary_code(f"{RLL_FINDINGS}\n{RLL_IMPRESSION}\n") == "J18.9"


def test_a_normal_report_text_without_headings_is_said_to_be_normal() -> None:
    result = diagnose([], 50, read_notes(None, [NORMAL]))
    assert result.diagnosis.icd_code == ""
    assert result.diagnosis.description.startswith("A normal imaging study")


def test_labels_run_into_one_line_are_headings() -> None:
    text = f"Findings: {RLL_FINDINGS} Impression: {RLL_IMPRESSION}"
    assert with_sections(text).splitlines()[-1] == f"Impression: {RLL_IMPRESSION}"
    assert primary_code(text) == "J18.9"


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
    assert primary_code(text) == "J18.9"


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
    assert primary_code(csv_text) == "J91.8"  # the effusion the findings state, not the cough
    record = f'{{"uid": 5, "findings": "{RLL_FINDINGS}", "impression": "{RLL_IMPRESSION}"}}'
    assert with_sections(record).endswith(f"Impression:\n{RLL_IMPRESSION}")
    assert primary_code(record) == "J18.9"


def test_gaucher_disease_by_its_type_abbreviation_is_the_concluded_diagnosis() -> None:
    # dev/cr-gaucher-type-1-confirmed-aspergillosis-mycobacterium-avium (CaseReportBench,
    # cindyzhangxy/CaseReportBench @ 629533d91f): the abbreviation the code set lacks.
    line = (
        "The final diagnosis of GD1 was confirmed by the absence of glucocerebrosidase "
        "activity in peripheral blood leukocytes and an increased activity of plasma "
        "chitotriosidase."
    )
    assert primary_code(line) == "E75.22"


# stanfordmlgroup/chexpert-labeler @ 6dd0efa93d sample_reports.csv (MIT), rows 4 and 2: chest
# radiograph impressions published alone, a numbered list from the first line (dev cases
# cxp-cxr-stable-mild-cardiomegaly-hyperexpanded-lungs and
# cxp-cxr-numbered-left-effusion-atelectasis-cardiomegaly).
STABLE_CARDIOMEGALY = "1. Stable mild cardiomegaly. 2. Hyperexpanded but clear lungs."
EFFUSION_FIRST = (
    "1. Left pleural effusion with adjacent atelectasis. Right effusion is also present.\n\n"
    "2. Cardiomegaly without overt edema.\n"
)
# BMC Med Inform Decis Mak 2013;13:90 (CC BY 2.0), Table 3, example 4 (dev case
# bmc-cxr-persistent-cardiomegaly-chf-effusions-pneumonia-not-excluded): three sentences of
# a report, the last a doubt.
NOT_EXCLUDED = (
    "Endotracheal tube pulled back. Persistent cardiomegaly with congestive heart failure and "
    "bilateral pleural effusions. Bibasilar pneumonia is not excluded."
)


def test_a_numbered_impression_given_alone_is_all_impression() -> None:
    # Was: the last item alone was the impression ("Hyperexpanded but clear lungs": nothing;
    # "Cardiomegaly without overt edema" before the effusion the list names first), and a
    # stable finding was lost. Now the whole list decides, in its order.
    assert with_sections(STABLE_CARDIOMEGALY) == f"Impression:\n{STABLE_CARDIOMEGALY}\n"
    assert primary_code(STABLE_CARDIOMEGALY) == "I51.7"
    codes = [r.code for r in diagnose([], 50, read_notes(None, [EFFUSION_FIRST])).ranked]
    assert codes == ["J91.8", "J98.11", "I51.7"]


def test_a_short_report_text_is_an_impression_not_decided_by_its_last_doubt() -> None:
    # Was: the last sentence alone was the impression, so "pneumonia is not excluded" (J18.9)
    # was the diagnosis and the heart failure the report states was lost.
    ranked = diagnose([], 50, read_notes(None, [NOT_EXCLUDED])).ranked
    assert [r.code for r in ranked] == ["I51.7", "I50.9", "J91.8", "J18.9"]
    assert ranked[-1].hedged  # the pneumonia "not excluded": a doubt, ranked last


# ncbi-nlp/NegBio @ a7d4e8e46d examples/1.xml (public domain, a US Government Work), document
# 00019248 (dev case negbio-cxr-picc-probable-enlarged-pulmonary-artery-mild-cardiomegaly): a
# chest radiograph report published without its impression, lower case, a dictation's last word.
FINDINGS_ONLY = (
    "findings:\nchest: four images:\nright picc with tip within the upper svc.\n"
    "probable enlargement of the main pulmonary artery.\nmild cardiomegaly.\n"
    "no evidence of focal infiltrate, effusion or pneumothorax.\ndictating \n"
)


def test_a_report_published_without_its_impression_is_decided_by_its_findings() -> None:
    # Was: read as a note whose findings state nothing (no diagnosis at all); the findings
    # are all the radiologist wrote, so they decide, their negations kept.
    assert with_sections(FINDINGS_ONLY).startswith("Impression:\nchest: four images:")
    codes = [r.code for r in diagnose([], 50, read_notes(None, [FINDINGS_ONLY])).ranked]
    assert codes[0] == "I51.7"
    assert not any(c.startswith(("J90", "J91", "J93", "J18")) for c in codes)
