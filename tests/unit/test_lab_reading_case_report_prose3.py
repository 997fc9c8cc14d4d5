"""Labs and critical values in the prose of published case reports and lab cases, the
classes of the third prose round (issue #29, reader-prose3).

Each test quotes a line of a real public document of `tests/clinical/dev`, named by its
case (the case's `case.json` gives the page or repository, commit and cut): case-report
abstracts and teaching cases as stored by the public-pages corpus, and case sections of
CaseReportBench (cindyzhangxy/CaseReportBench @ 629533d91f, CC BY-NC 4.0).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.insights import LabValue


def _values(text: str) -> list[LabValue]:
    return read_lab_text(text).values


def _read(text: str) -> dict[str, list[tuple[float, str | None, str | None, str | None]]]:
    out: dict[str, list[tuple[float, str | None, str | None, str | None]]] = {}
    for v in _values(text):
        out.setdefault(v.analyte, []).append((v.value, v.comparator, v.specimen, v.timing))
    return out


def _critical(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in _values(text) if v.critical]


def test_a_worked_formula_holds_no_result() -> None:
    # dev web-blood-gas-two-columns-sodium-165-glucose-39-mmol-calculations (rphdoctor.org,
    # Blood Gas #3): the author's calculations under the gas. Before, "pCO2 1.5" and
    # "bicarbonate 8" were read and called critical.
    text = (
        "pH 7.21 Na 165 mmol/L\n"
        "pCO2 36 mmHg K 6.2 mmol/L\n"
        "HCO3 14 mmol/L Cl 136 mmol/L\n"
        "Lactate 10.3 mmol/L Glucose  39 mmol/L\n"
        "\n"
        "Expected pCO2 = 1.5 x HCO3 + 8\n"
        "\n"
        "= 1.5 x 14 + 8\n"
        "\n"
        "Corrected Na = Na + (glucose – 5) / 3\n"
    )
    read = _read(text)
    assert read["pCO2"] == [(36, None, None, None)]
    assert read["Bicarbonate"] == [(14, None, None, None)]
    assert read["Glucose"] == [(39, None, None, None)]
    # the gas's second column: a short name after the first column's value
    assert read["Sodium"] == [(165, None, None, None)]
    assert sorted(_critical(text)) == [("Glucose", 39), ("Lactate", 10.3), ("Sodium", 165)]
    # a line with "=" that is no formula: a list's dash, markdown's bold (dev
    # md-flag-markup-lipid-thyroid-a1c-vitamin-d-crp, hs-crp.txt)
    assert _read("- **hs-CRP = 3.6 mg/L → High risk category**.")["CRP"] == [
        (3.6, None, None, None)
    ]


def test_an_expected_value_beside_the_measured_one_is_no_result() -> None:
    # dev web-lab-case-9-interpretation-ph-6-91-base-excess-hb-g-per-l (emergucate.com)
    assert "Bicarbonate" not in _read(
        "Compensation using Winter's formula: expected CO2 18, actual is 36"
    )


def test_the_options_of_a_multiple_choice_question_are_no_results() -> None:
    # dev web-quiz-hyponatraemia-answer-options-are-not-results (medicobridge.com)
    text = (
        "Laboratory tests show a serum sodium level of 125 mEq/L, a serum potassium level of "
        "4.0 mEq/L, and a normal creatinine level.\n"
        "a) Serum sodium level of 135 mEq/L\n"
        "b) Serum sodium level of 125 mEq/L\n"
        "c) Serum potassium level of 5.5 mEq/L\n"
        "d) Serum creatinine level of 1.2 mg/dL\n"
    )
    read = _read(text)
    assert read["Sodium"] == [(125, None, None, None)]
    assert read["Potassium"] == [(4.0, None, None, None)]
    assert "Creatinine" not in read


def test_lettered_results_that_name_each_test_once_stay() -> None:
    # The same layout with one test a line is a list of results, not a question's options
    # (the option rule needs two options naming one test): lines of the quiz above, each
    # test once.
    text = (
        "a) Serum sodium level of 135 mEq/L\n"
        "b) Serum potassium level of 5.5 mEq/L\n"
        "c) Serum creatinine level of 1.2 mg/dL\n"
    )
    assert set(_read(text)) == {"Sodium", "Potassium", "Creatinine"}


def test_a_treatment_threshold_is_no_result() -> None:
    # dev web-mala-esrd-venous-gas-ranges-in-brackets-repeat-after-dialysis (J Emerg Med
    # 2023, PMID 38423865): before, "lactate > 20" superseded the measured 27 and was called
    # critical.
    text = (
        "The venous blood gas revealed a venous pH of 6.857 [reference range (7.32-7.43)], "
        "pCO2 of 15.9 mm Hg (40.6-60 mm Hg), HCO3 of 2.7 mmol/L (21-30 mmol/L), lactate of "
        "27 mmol/L (0.5-2 mmol/L), and ammonia of 233 µmol/L. Sodium bicarbonate is "
        "controversial, but a pH < 7.15 indicates consideration of its use. A pH < 7.1 and a "
        "lactate level > 20 mmol/L indicate the need for emergent hemodialysis."
    )
    read = _read(text)
    assert [v[0] for v in read["Lactate"]] == [27]
    assert [v[0] for v in read["Blood pH"]] == [6.857]
    assert ("Lactate", 27) in _critical(text)


def test_one_test_told_twice_respectively_and_at_hours_is_a_series() -> None:
    # dev web-hyponatraemia-sodium-103-102-potassium-2-6-2-7 (J Coll Physicians Surg Pak
    # 2022;32(4):12): the second potassium is the current one, and critical
    text = (
        "A repeat electrolyte assay done 24 hours later showed a serum sodium level of 102 "
        "mmol/L. The simultaneous level of potassium was 2.6 mmol/L and 2.7 mmol/L, "
        "respectively."
    )
    assert _read(text)["Potassium"] == [(2.7, None, None, None), (2.6, None, None, "earlier")]
    assert sorted(_critical(text)) == [("Potassium", 2.7), ("Sodium", 102)]
    # dev web-hyponatraemia-serial-sodium-to-119-mid-120s (Hospital Medicine 2011, abstract
    # 277): before, the 110 at 16 hours was not read
    serial = _read("Frequent labs showed sodium 106 mmol/L at 10 hours, 110 mmol/L at 16 hours.")
    assert serial["Sodium"] == [(110, None, None, None), (106, None, None, "earlier")]


def test_two_tests_respectively_are_no_series_of_one() -> None:
    # The names-then-values form of the same reports keeps one value each (dev
    # web-normocalcaemic-tetany-adjusted-calcium-then-respectively, Endocrine Abstracts 44
    # EP32), and a value written before the next test's name is that test's.
    read = _read(
        "Magnesium and phosphate levels were also normal at 0.82 mmol/l and 0.96 mmol/l "
        "respectively."
    )
    assert read["Magnesium"] == [(0.82, None, None, None)]
    assert read["Phosphate"] == [(0.96, None, None, None)]


def test_an_adjusted_calcium_in_short_is_the_calcium() -> None:
    # dev web-normocalcaemic-tetany-adjusted-calcium-then-respectively
    text = (
        "His investigations were keeping with primary hyperparathyroidism with adjusted ca "
        "raised at 3.3 mmol/l.\nInvestigations and results: His calcium levels were normal at "
        "2.3 mmol/l."
    )
    read = _read(text)
    assert [v[0] for v in read["Calcium"]] == [3.3, 2.3]
    assert _critical(text) == []  # the 3.3 before the operation is superseded


def test_a_disorders_adjective_and_an_undetectable_bound_carry_their_test() -> None:
    # dev web-mala-icu-potassium-7-garbled-ph (Physician's Weekly abstract)
    assert _read("was hypotensive and hypoglycemic (48 mg/dL), and required emergent intubation")[
        "Glucose"
    ] == [(48, None, None, None)]
    # dev web-multiple-electrolyte-emergencies-ionised-calcium-in-mg-dl (Case Rep Nephrol
    # 2017:4521319)
    read = _read('hypophosphatemia ("undetectable," <1.0 mg/dL), and hypokalemia (2.2 mEq/L)')
    assert read["Phosphate"] == [(1.0, "<", None, None)]
    assert read["Potassium"] == [(2.2, None, None, None)]


def test_a_bound_after_prolonged_and_a_ph_bound_are_read_and_critical() -> None:
    # dev web-warm-whole-blood-hb-4-5-pt-bound-inr-9-99 (Asian J Surg 2014, DOAJ)
    text = (
        "Prothrombin time was prolonged (>100 seconds), international normalized ratio was "
        "elevated (9.99), and partial thromboplastin time was elevated (>180 seconds)."
    )
    assert _read(text)["PT"] == [(100, ">", None, None)]
    assert ("PT", 100) in _critical(text)
    # dev web-mala-ph-bound-below-6-75-undetectable-bicarbonate (Case Rep Nephrol
    # 2018:4696182)
    ph = "Initial investigations revealed severe acidemia (pH <6.75, undetectable bicarbonate)"
    assert _read(ph)["Blood pH"] == [(6.75, "<", None, None)]
    assert _critical(ph) == [("Blood pH", 6.75)]


def test_lactate_in_meq_and_a_sodium_in_the_eighties_are_critical() -> None:
    # dev web-mala-overdose-ph-6-93-lactate-in-meq (BMJ Case Rep 13(9):e235608)
    text = (
        "he developed severe lactic acidosis (blood pH 6.93, bicarbonate 7.8 mEq/L, lactate "
        "28.0 mEq/L)."
    )
    assert sorted(_critical(text)) == [("Bicarbonate", 7.8), ("Blood pH", 6.93), ("Lactate", 28)]
    # dev web-double-digit-hyponatraemia-88-in-brackets (Egypt J Intern Med 2015;27:121)
    assert _critical(
        "We report the case of a diabetic patient who presented with severe hyponatremia "
        "(serum sodium concentration of 88 mEq/l) caused by hypovolemia."
    ) == [("Sodium", 88)]


def test_a_value_in_brackets_after_normal_and_in_the_normal_range() -> None:
    # dev cr-mitochondrial-encephalopathy-serum-and-csf-lactate-pyruvate-mg-dl
    # (CaseReportBench item 68): the serum's, then the CSF's (both CSF values)
    read = _read(
        "A laboratory examination showed slightly increased serum pyruvic acid levels (1.2 "
        "mg/dL), but his serum lactate levels were normal (14.2 mg/dL). The cerebrospinal "
        "fluid lactate (34.8 mg/dL) and pyruvic acid (1.6 mg/dL) levels were elevated."
    )
    assert read["Lactate"] == [(14.2, None, None, None), (34.8, None, "csf", None)]
    assert read["Pyruvate"] == [(1.2, None, None, None), (1.6, None, "csf", None)]
    # dev cr-neonatal-haemochromatosis-...-normal-values-in-brackets (CaseReportBench 41)
    assert _read(
        "The serum alpha-fetoprotein level was in the high normal range (19,737.27 ng/mL; "
        "normal values are 40-19,953 ng/mL)."
    )["AFP"] == [(19737.27, None, None, None)]


def test_a_long_aside_then_fell_to_and_the_earlier_bound_in_brackets() -> None:
    # dev web-lupus-nephritis-titre-c3-upcr-egfr-previously (Lupus Sci Med 5:e000241)
    assert _read(
        "Her estimated glomerular filtration rate (eGFR) (by Modification of Diet in Renal "
        "Disease study equation) fell to 30 mL/min/1.73 m2 (previously >90 mL/min/1.73 m2) "
        "in 3 months."
    )["eGFR"] == [(30, None, None, None), (90, ">", None, "earlier")]


def test_a_specimen_column_printed_on_a_blocks_first_row() -> None:
    # dev web-dka-plasma-table-beside-urine-sodium-creatinine (biochem.saica.com.au, case
    # 12): the urine creatinine was read as the blood's, and a numbered item's "3." as a
    # urea
    text = (
        "Specimen Name Result Units Range\n\n"
        "Plasma Sodium 123 mmol/L (135-145)\n"
        "Creatinine 450 μmol/L (60-110)\n\n"
        "Urine Sodium 91 mmol/L (> 20)\n"
        "Creatinine 655 μmol/L\n\n"
        "Unconscious 16yo female.\n\n"
        "  2. Urea:\n"
        "    • esp. salt-losing nephritis\n"
        "    • high [K+], creatinine, urea\n"
        "  3. Others:\n"
    )
    read = _read(text)
    assert read["Creatinine"] == [(450, None, None, None), (655, None, "urine", None)]
    assert read["Sodium"] == [(123, None, None, None), (91, None, "urine", None)]
    assert "Urea" not in read


def test_a_guideline_band_after_the_result_is_no_result() -> None:
    # Dr Crunch blog, "Your first patient has an INR of 10" (2012,
    # drcrunch.co.uk/blog/2012/08/23/...): the laboratory said ">10"; the band the BNF's
    # advice is written for is no second INR, and was called critical before.
    assert "INR" not in _read(
        "This was a patient with an INR > 8 without any significant bleed (haemarrhoids "
        "alone do not count)."
    )
    # a patient's own bound keeps its alarm
    assert _critical("He presented with an INR >10 and haematuria.") == [("INR", 10)]


def test_a_repeated_inr_supersedes_the_critical_one() -> None:
    # dev web-warfarin-haematuria-inr-11-repeat-1-6-dose-as-high (clinicalcases.org, 2004)
    text = (
        "He may be overanticoagulated with INR as high as his warfarin (Coumadin) dose (15 mg "
        "daily).\n\nLaboratory results\n\nINR 11\nCT abdomen: no retroperitoneal hematoma\n\n"
        "The laboratory results revealed INR of 11 (click to enlarge the images).\n\n"
        "Vitamin K 5 mg PO x 2 was given.\n\nThe repeated INR was 1.6.\n"
    )
    assert sorted({v[0] for v in _read(text)["INR"]}) == [1.6, 11]
    assert _critical(text) == []


def test_a_unit_in_words_a_baseline_in_brackets_and_ranges_of_ca2_plus() -> None:
    # dev web-lab-case-255-vbg-calcium-mmol-per-lit-ranges-of-ca2 (emergucate.com, Lab Case
    # 255): the calcium was not read (curly quotes, "mmol per lit"), the baseline creatinine
    # was lost, and the textbook lines of "Ca2+" are no results
    text = (
        "Creatinine   380 ( baseline 350).\n"
        "  • Total serum Ca2+ range = 2.2 – 2.5 mmol/L (55% bound, 45% ionised)\n"
        "  • ionized Ca2+ range (50%) = 1.1-1.3mmol/L\n"
        "  • complex Ca2+ (10% – calcium phosphate, salts) = 0.05mmol/L\n"
        "\n"
        "Patients Calcium results came back as \u201cserum calcium\u201d 1.5 mmol per lit.\n"
    )
    read = _read(text)
    assert read["Creatinine"] == [(380, None, None, None), (350, None, None, "earlier")]
    assert read["Calcium"] == [(1.5, None, None, None)]
    assert "Ionised calcium" not in read
    assert _critical(text) == [("Calcium", 1.5)]
    # the unit in words with its symbol after it (dev
    # cr-porphyria-electrolytes-ionised-calcium-mg-dl-urine-osmolarity, CaseReportBench 127)
    assert _read("sodium level: 108 milliequivalents per liter (mEq/L), potassium level")[
        "Sodium"
    ] == [(108, None, None, None)]
