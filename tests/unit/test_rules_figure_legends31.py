"""A figure's legend names what an image of the case shows (reader-dxcup31, issue #29): the
authors' label ("Figure 3 Jejunal mucosa infiltrated by multiple myeloma.") is a result, as a
radiologist's or a pathologist's is, and the code set's term it names is read as a test's
finding (`notes._in_a_legend`). CUPCase's presentations withhold the diagnosis in their prose
and often leave it in a legend.

Every quoted line is the shape of a real case presentation of the CUPCase dataset
(felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c, JMCR, the row id given).
"""

from __future__ import annotations

from tests.unit.notes_reading import note_facts, primary_code, read_codes

# A case's telling before its legends, so that the file reads as a narrative.
_TOLD = (
    "An 81-year-old woman was tested for faecal occult blood during preventive colorectal "
    "cancer screening. Test results were positive and she underwent a colonoscopy. She then "
    "underwent elective surgery. A right hemicolectomy was performed to excise the MD from her "
    "jejunal loop. There were no complications related to the surgery. "
)


def test_the_figure_shows_the_diverticulum_the_prose_calls_md() -> None:
    # Row 2614 (adenocarcinoma of the caecum and Meckel's diverticulum with heterotopic
    # pancreas): main read nothing at all ("Not determined"); the legend names the diverticulum.
    text = _TOLD + (
        "Figure 1 Histological section (hematoxylin and eosin ×200) of the small intestine. "
        "The figure shows the presence of pancreatic tissue (black arrow – pancreatic acini) in "
        "the small intestine and a muscular layer of Meckel’s diverticulum with cystic "
        "dilatation of the ducts (blue arrow). Full size image"
    )
    assert primary_code(text) == "Q43.0"


def test_a_legend_that_opens_with_the_figure_label_is_a_finding() -> None:
    # Row 3978 (spinal dural arteriovenous fistula): main led with the weakness (R53.1).
    text = (
        "A 52-year-old man presented with weakness of both legs for 6 months. No "
        "contraindications were found during the examination, and an intracranial resection "
        "was performed. Fig. 1 The imaging results of the dural arteriovenous fistula."
    )
    facts = note_facts(text)
    found = [m for m in facts.current if m.condition.code == "I77.0"]
    assert found and found[0].found
    assert primary_code(text) == "I77.0"


def test_a_histology_legend_names_the_tumour() -> None:
    # Row 3340 (embryonal paratesticular rhabdomyosarcoma): main led with the lymphadenopathy.
    text = (
        "A 17-year-old boy presented with a painless left scrotal swelling and inguinal "
        "lymphadenopathy. A left radical orchiectomy was performed. Figure 1 Histological "
        "aspects of embryonic paratesticular rhabdomyosarcoma ×20 magnification."
    )
    assert primary_code(text).startswith("C49")


def test_the_legend_ends_where_the_page_prints_full_size_image() -> None:
    # Guard, row 1300 (chronic aortopathy in pregnancy): the prose after "Full size image"
    # runs on with no full stop; its "Laboratory investigations for preeclampsia" asked about
    # a pre-eclampsia the case did not have.
    text = (
        "A 32-year-old pregnant woman was referred with hypertension at 28 weeks of gestation. "
        "Fig. 1 CT angiogram showing 75% infrarenal aortic stenosis with collateral circulation "
        "from the internal mammary and epigastric arteries Full size image Laboratory "
        "investigations for preeclampsia during her pregnancy revealed low-grade proteinuria "
        "(urine protein/creatinine ratio 40 mg/mmol) and normal renal and liver function."
    )
    assert not any(code.startswith("O14") for code in read_codes(text))


def test_a_follow_up_study_legend_is_no_finding_of_the_work_up() -> None:
    # Guard, row 4426 (descending thoracic aortic aneurysm): the stent-graft's result three
    # months on, not a venous thrombosis of the case.
    text = (
        "A 64-year-old man was referred for evaluation of back pain and shortness of breath. "
        "Successful exclusion of the aneurysm was carried out by percutaneous stent-graft "
        "implantation. Figure 4 Three-month follow-up chest computed tomography (CT) scan: "
        "complete thrombosis of the aneurysm, without leakage from the stented segment."
    )
    assert not any(code.startswith("I82") for code in read_codes(text))


def test_a_figure_referred_to_inside_a_sentence_is_no_legend() -> None:
    # Guard: "as shown in Figure 2" is the prose's own sentence, read as any other.
    text = (
        "A 64-year-old man presented with chest pain. His mother, as shown in Figure 2, had "
        "a dural arteriovenous fistula."
    )
    assert "I77.0" not in read_codes(text)


def test_a_legend_still_denies() -> None:
    # Guard: the legend's own "no evidence of" denies what it names.
    text = (
        "A 52-year-old man presented with weakness of both legs for 6 months. Fig. 2 Spinal "
        "angiography showing no evidence of a dural arteriovenous fistula."
    )
    assert "I77.0" not in read_codes(text)
