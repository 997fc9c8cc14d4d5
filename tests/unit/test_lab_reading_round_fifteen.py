"""Values in case-report prose the reader did not read at all (issue #29, labs15).

Round fifteen counted, over the three pools (670 reports) and dev's case reports, the numbers
with a lab unit beside words no catalogue test holds, and the values dev's truths name that
the reader missed. Each test quotes the sentence shape of a published case report: Journal
of Medical Case Reports case presentations (CUPCase, felipeocampoos/CUPCase-curhumai-
Adversary, CC BY; row named).
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_of
from core.analysis.labs.parse import read_lab_text
from core.insights import LabValue


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.comparator, v.value, v.unit) for v in read_lab_text(text).values]


# --- viral loads named by their virus -----------------------------------------------------


def test_a_viral_load_named_by_its_virus_is_read() -> None:
    # CUPCase rows 194 and 2057: no catalogue test held a viral load, so both went unread.
    text = (
        "He tested positive for hepatitis B (HBV viral load of 12 IU/mL) and HIV-1 with CD4 "
        "count of 119 cells/mm3."
    )
    assert ("HBV DNA", None, 12.0, "IU/mL") in _read(text)
    text = "His hepatitis B viral load was less than 2000 IU/ml."
    assert _read(text) == [("HBV DNA", "<", 2000.0, "IU/ml")]


def test_a_viral_load_times_a_power_of_ten_is_the_whole_number() -> None:
    # CUPCase row 4904: two loads told "respectively", each as a number times a power of ten.
    # The mantissa (5.9, 4.1) is no load.
    text = (
        "The results of his HCV-RNA and HBV-DNA quantitative tests were 5.9 × 10^5 copies/mL "
        "and 4.1 × 10^6 copies/mL, respectively."
    )
    assert _read(text) == [
        ("HCV RNA", None, 590000.0, "copies/mL"),
        ("HBV DNA", None, 4100000.0, "copies/mL"),
    ]
    text = "His HCV RNA was 5.2 × 10^6 copies/mL."
    assert _read(text) == [("HCV RNA", None, 5200000.0, "copies/mL")]


def test_a_bare_viral_load_names_no_virus_and_is_not_read() -> None:
    # CUPCase row 4374: "Serum viral load" does not say which virus; no test is guessed.
    assert _read("Serum viral load was estimated to 3,545,770IU/mL (6.5log).") == []


def test_a_viral_load_takes_the_loinc_code_of_its_unit() -> None:
    # copies are a count per volume, international units an arbitrary unit per volume
    def code(unit: str) -> str | None:
        found = loinc_of(LabValue(analyte="HBV DNA", value=12.0, unit=unit))
        return found.code if found else None

    assert code("IU/mL") == "11258-1"
    assert code("copies/mL") == "29615-2"
    assert code("mg/dL") is None


# --- the monoclonal protein of a plasma-cell disorder ---------------------------------------


def test_a_paraprotein_with_its_isotype_is_no_total_igg() -> None:
    # CUPCase row 887: "IgG kappa paraprotein of 9.2 g/L" was read as an IgG of 9.2.
    text = (
        "Additional diagnostic workup revealed an IgG kappa paraprotein of 9.2 g/L as well as "
        "a slightly reduced hemoglobin of 106 g/L."
    )
    assert _read(text) == [("Paraprotein", None, 9.2, "g/L"), ("Hemoglobin", None, 106.0, "g/L")]


def test_a_paraprotein_level_after_a_verb_is_read() -> None:
    # CUPCase row 5006
    text = (
        "An excellent response was achieved after the first cycle: his paraprotein levels "
        "dropped to 10 g/L and there was no recurrence of the hematemesis or melena."
    )
    assert _read(text) == [("Paraprotein", None, 10.0, "g/L")]


# --- a factor VIII inhibitor's Bethesda titre -----------------------------------------------


def test_a_factor_viii_inhibitor_titre_in_bethesda_units_is_read() -> None:
    # CUPCase row 887: the unit written in words with its abbreviation inside; the inhibitor
    # was taken out of the line as "no factor VIII" and its titre lost.
    text = (
        "Coagulation tests showed a prolonged aPTT and FVIII:C of 2% in the presence of a "
        "high-titer FVIII inhibitor of 102 Bethesda units (BU)/ml."
    )
    values = read_lab_text(text).values
    assert [(v.analyte, v.value, v.unit) for v in values] == [
        ("Factor VIII", 2.0, "%"),
        ("Factor VIII inhibitor", 102.0, "BU/ml"),
    ]
    assert values[1].flag == "high"
    text = "After two cycles, the FVIII inhibitor had further declined to 0.31 BU/ml."
    assert _read(text) == [("Factor VIII inhibitor", None, 0.31, "BU/ml")]


def test_an_inhibitor_titre_named_in_words_is_read() -> None:
    # CUPCase row 3547
    text = (
        "An inhibitor in a high titer occurred after 2 years of treatment and 20 exposure "
        "days (initial inhibitor titer (IT): 5.4BU/mL; Day −453, 453 days before the start "
        "of ITI)."
    )
    assert ("Factor VIII inhibitor", None, 5.4, "BU/mL") in _read(text)


def test_another_factors_inhibitor_is_still_no_value_of_that_factor() -> None:
    # only factor VIII's inhibitor is a catalogue test; factor IX keeps its own activity
    assert _read("a FIX inhibitor of 12 BU/ml and factor IX activity of 2%") == [
        ("Factor IX", None, 2.0, "%")
    ]


# --- a blood test named as its level in the blood, or by its disorder ------------------------


def test_bilirubinemia_names_the_bilirubin_its_fraction_says() -> None:
    # CUPCase rows 1521 and 2672: "bilirubinemia" (the French "bilirubinémie", the level in
    # the blood) and its value were left unread.
    text = (
        "Initial laboratory investigations revealed lactate dehydrogenase (LDH) increase "
        "(19.7 μkat/L), haptoglobin less than 1 mg/L, and normal bilirubinemia (17.1 μmol/L)."
    )
    assert ("Total bilirubin", None, 17.1, "μmol/L") in _read(text)
    text = (
        "Laboratory evaluation showed microangiopathic hemolytic anemia (hemoglobin: 6.6g/dL; "
        "unconjugated bilirubinemia: 2.1mg/dL; lactate dehydrogenase: 1610U/L (<480U/L))."
    )
    assert ("Indirect bilirubin", None, 2.1, "mg/dL") in _read(text)


def test_hypogammaglobulinemia_names_the_gamma_fraction_not_the_igg() -> None:
    # CUPCase row 2115 (twice in the report)
    text = (
        "An immunologic evaluation showed hypogammaglobulinemia (4.4 g/l), with reduced total "
        "immunoglobulin G (IgG) (4.2 g/l), and a reduction in each subclass of IgG."
    )
    assert _read(text)[:2] == [("Gamma globulin", None, 4.4, "g/l"), ("IgG", None, 4.2, "g/l")]


def test_a_viral_load_on_a_log_scale_is_no_count() -> None:
    # CUPCase row 1001: "2.9 log IU/ml" is 10^2.9 IU/mL; read as 2.9 IU/mL it would be wrong
    # by three orders of magnitude, so it is left unread.
    text = (
        "However, although he had no high risk factors for reinfection, HCV RNA (2.9 log IU/ml) "
        "was detected again in November 2016, 6 months after SVR 24."
    )
    assert _read(text) == []
    assert _read("HBV DNA 4.1 × 10^6 copies/mL (6.6 log)") == [
        ("HBV DNA", None, 4100000.0, "copies/mL")
    ]


# --- a catecholamine named bare beside its level ---------------------------------------------


def test_bare_catecholamines_in_a_work_up_are_read_with_their_specimen() -> None:
    # CUPCase row 2259 (plasma, then a day's urine) and CaseReportBench item 100: the names
    # were read only as "plasma noradrenaline" or "noradrenaline level", so these went unread.
    text = (
        "Catecholamine levels (noradrenaline 10.8 ng/mL, reference range: 0.10–0.50 ng/mL; "
        "adrenaline 8.8 ng/mL, reference range: 0–0.10 ng/mL) in his plasma taken during the "
        "attacks of alternating hypertension and hypotension were markedly elevated."
    )
    assert _read(text) == [
        ("Norepinephrine", None, 10.8, "ng/mL"),
        ("Epinephrine", None, 8.8, "ng/mL"),
    ]
    text = (
        "Free metanephrines in plasma (noradrenaline 4,886.67 pg/mL) and urine (noradrenaline "
        "1,426.9 μg/24 h) were high."
    )
    values = read_lab_text(text).values
    assert [(v.analyte, v.value, v.specimen) for v in values] == [
        ("Norepinephrine", 4886.67, None),
        ("Norepinephrine", 1426.9, "urine"),
    ]


def test_a_catecholamine_given_as_a_drug_is_no_level() -> None:
    # CUPCase rows 1276 and 4831, and a local anaesthetic's strength: rates and strengths
    for text in (
        "antibiotics, additional fluids, high-dose norepinephrine (80 μg/min), and "
        "hydrocortisone were administered.",
        "starting with norepinephrine at 0.3 mcg/kg/min and argipressin at 0.03 IU/min",
        "the patient was administered IV norepinephrine (10 mg/50 mL), which could be stopped",
        "lidocaine with epinephrine 5 μg/mL was infiltrated",
    ):
        assert _read(text) == []
