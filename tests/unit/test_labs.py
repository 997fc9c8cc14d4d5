"""Lab value parsing: analytes, values, units, reference ranges and flags from real-looking text."""

from __future__ import annotations

import io
import math
import random

import pytest
from pypdf import PdfReader

from core.analysis.labs.format import format_lab_value, format_result
from core.analysis.labs.parse import parse_lab_values
from core.vocabulary.catalog import CATALOG, Analyte
from tests.samples import pdf_bytes


def _by_analyte(
    text: str,
) -> dict[str, tuple[float, str | None, float | None, float | None, str | None]]:
    return {
        v.analyte: (v.value, v.unit, v.reference_low, v.reference_high, v.flag)
        for v in parse_lab_values(text)
    }


def _line(analyte: Analyte, value_for: str) -> str:
    """One report line for ``analyte`` with a value inside ("normal") or above ("high") range."""
    if analyte.qualitative and value_for == "high":
        return f"{analyte.aliases[0]}: positive"
    if analyte.qualitative:
        return f"{analyte.aliases[0]}: negative"
    first = analyte.ranges[0]
    if value_for == "high":  # above the range, yet plausible for the analyte
        value = min(first.high * 1.5, first.high + (first.limit - first.high) / 2)
    elif first.low is not None and first.high is not None:
        value = (first.low + first.high) / 2
    elif first.low is None and first.high is None:  # no default range: the middle of its span
        value = (first.floor + first.limit) / 2
    else:
        value = first.high / 2 if first.high is not None else first.low * 1.5
    return f"{analyte.aliases[0]} {value:g} {first.unit}".rstrip()


def test_the_catalog_covers_at_least_40_analytes_with_unique_names():
    names = [analyte.name for analyte in CATALOG]
    assert len(set(names)) == len(names)
    assert len(names) >= 40
    panels = {analyte.panel for analyte in CATALOG}
    for panel in (
        "Blood count",
        "Metabolic panel",
        "Lipids",
        "Thyroid",
        "Liver",
        "Kidney",
        "Inflammation",
        "Cardiac",
        "Coagulation",
        "Urinalysis",
    ):
        assert panel in panels


def test_one_line_per_analyte_reads_every_catalog_entry():
    report = "\n".join(_line(analyte, "normal") for analyte in CATALOG)
    found = _by_analyte(report)
    assert sorted(found) == sorted(a.name for a in CATALOG)
    assert all(flag is None for *_, flag in found.values())


@pytest.mark.parametrize("analyte", CATALOG, ids=[a.name for a in CATALOG])
def test_a_value_outside_the_default_range_is_flagged(analyte: Analyte):
    first = analyte.ranges[0] if analyte.ranges else None
    if first is not None and first.low is None and first.high is None:
        # no default range (a body fluid's pH: each fluid has its own): never flagged by one
        values = parse_lab_values(f"{analyte.aliases[0]} {first.limit * 0.9:g} {first.unit}")
        assert [(v.analyte, v.flag) for v in values] == [(analyte.name, None)]
        return
    if not analyte.qualitative and analyte.ranges[0].high is None:  # eGFR, HDL: only a low limit
        first = analyte.ranges[0]
        values = parse_lab_values(f"{analyte.aliases[0]} {first.low / 2:g} {first.unit}")
        assert [(v.analyte, v.flag) for v in values] == [(analyte.name, "low")]
        return
    values = parse_lab_values(_line(analyte, "high"))
    assert [(v.analyte, v.flag) for v in values] == [(analyte.name, "high")]


def test_a_typical_report_gives_values_units_ranges_and_flags():
    report = "\n".join(
        [
            "CITY LAB — Complete Blood Count",
            "Test\tResult\tUnits\tReference\tFlag",
            "Hemoglobin:\t9.8\tg/dL\t12.0 - 16.0\tL",
            "WBC 14.2 x10^9/L (4.0-11.0) H",
            "Platelets   250   x10^9/L   150-400",
            "Hemoglobin A1c 8.1 % (4.0-5.6) H",
            "Total Cholesterol 245 mg/dL (<200)",
            "HDL 35 mg/dL > 40",
            "eGFR 42 mL/min/1.73 m2",
            "TSH 9.5 uIU/mL (0.4-4.0)",
            "Sodium 128 mmol/L",
        ]
    )
    found = _by_analyte(report)
    assert found["Hemoglobin"] == (9.8, "g/dL", 12.0, 16.0, "low")
    assert found["WBC"] == (14.2, "x10^9/L", 4.0, 11.0, "high")
    assert found["Platelets"] == (250.0, "x10^9/L", 150.0, 400.0, None)
    assert found["HbA1c"] == (8.1, "%", 4.0, 5.6, "high")
    assert found["Total cholesterol"][2:] == (None, 200.0, "high")
    assert found["HDL cholesterol"][2:] == (40.0, None, "low")
    assert found["eGFR"][0] == 42.0 and found["eGFR"][4] == "low"  # default range: > 60
    assert found["TSH"][4] == "high"
    assert found["Sodium"] == (128.0, "mmol/L", 135.0, 145.0, "low")


def test_the_labs_own_flag_wins_over_the_default_range():
    # The report flags H with no range; our default range (70-99) would agree anyway,
    # so use a value our range calls normal but the lab calls high.
    found = _by_analyte("Glucose 95 mg/dL H\nPotassium 5.0 mmol/L L")
    assert found["Glucose"][4] == "high"
    assert found["Potassium"][4] == "low"


def test_csv_rows_and_european_decimals_are_read():
    report = "\n".join(
        [
            "Test,Result,Unit,Reference,Flag",
            "Hemoglobin,9.8,g/dL,12.0-16.0,L",
            'WBC,"3,200",/uL,"4,000-11,000",L',
            "Kalium;5,9;mmol/l;3,5-5,1;H",  # not an alias we know: ignored, never misread
            "Potassium;5,9;mmol/l;3,5-5,1;H",
        ]
    )
    found = _by_analyte(report)
    assert found["Hemoglobin"] == (9.8, "g/dL", 12.0, 16.0, "low")
    assert found["WBC"] == (3200.0, "/uL", 4000.0, 11000.0, "low")
    assert found["Potassium"] == (5.9, "mmol/l", 3.5, 5.1, "high")
    assert len(found) == 3


def test_unit_systems_pick_the_matching_default_range():
    found = parse_lab_values(
        "Glucose 7.8 mmol/L\nFasting glucose 95 mg/dL\nCreatinine 120 umol/L\n"
        "Hemoglobin A1c 48 mmol/mol"
    )
    flags = {v.analyte: (v.reference_low, v.reference_high, v.flag) for v in found}
    assert flags["Glucose"] == (3.9, 5.5, "high")
    assert flags["Fasting glucose"] == (70.0, 99.0, None)
    assert flags["Creatinine"] == (53.0, 115.0, "high")
    assert flags["HbA1c"] == (20.0, 38.0, "high")


def test_a_missing_unit_is_not_invented_but_the_magnitude_chooses_the_range():
    mmol = parse_lab_values("Glucose 5.2")[0]
    mg = parse_lab_values("Glucose 150")[0]
    assert mmol.unit is None and (mmol.reference_high, mmol.flag) == (5.5, None)
    assert mg.unit is None and (mg.reference_high, mg.flag) == (99.0, "high")


def test_several_results_on_one_line_are_split_at_each_analyte():
    found = _by_analyte("Sodium 140 mmol/L Potassium 5.9 mmol/L H Chloride 101")
    assert found["Sodium"][4] is None
    assert found["Potassium"][:2] == (5.9, "mmol/L") and found["Potassium"][4] == "high"
    assert found["Chloride"][0] == 101.0


def test_a_table_extracted_one_cell_per_line_is_read():
    found = _by_analyte("Hemoglobin\n9.8\ng/dL\n12.0-16.0\nL\nPotassium\nSodium 140 mmol/L")
    assert found["Hemoglobin"] == (9.8, "g/dL", 12.0, 16.0, "low")
    assert found["Sodium"][0] == 140.0
    assert "Potassium" not in found  # a name with no value is no result


def test_results_written_as_below_or_above_a_limit():
    found = _by_analyte("CRP <5 mg/L (<5)\nTroponin I <0.01 ng/mL\neGFR >60\nGlucose >500 mg/dL")
    assert found["CRP"][4] is None  # below 5 is within "< 5"
    assert found["Troponin I"][4] is None
    assert found["eGFR"][4] is None
    assert found["Glucose"][4] == "high"


def test_a_bound_is_kept_and_shown_as_a_bound_never_as_a_measurement():
    values = {v.analyte: v for v in parse_lab_values("CRP <5 mg/L (0-5)\nTroponin I <= 0.01\n")}
    values |= {v.analyte: v for v in parse_lab_values("eGFR >90 mL/min/1.73m2 (>60)")}
    assert {name: v.comparator for name, v in values.items()} == {
        "CRP": "<",
        "Troponin I": "≤",
        "eGFR": ">",
    }
    assert format_lab_value(values["CRP"]) == "CRP <5 mg/L (reference 0–5)"
    assert format_result(values["Troponin I"]) == "≤0.01"
    assert format_result(values["eGFR"]) == ">90"
    measured = parse_lab_values("Glucose 182 mg/dL (70-99)")[0]
    assert (measured.comparator, format_result(measured)) == (None, "182")
    assert format_result(parse_lab_values("Protein trace")[0]) == "trace"


def test_urinalysis_section_maps_dipstick_words():
    report = "\n".join(
        [
            "Chemistry",
            "Glucose 95 mg/dL",
            "Urinalysis (dipstick)",
            "pH 6.0",
            "Specific gravity 1.020",
            "Protein trace",
            "Glucose negative",
            "Nitrite positive",
            "Leukocytes 2+",
            "Blood negative",
        ]
    )
    found = _by_analyte(report)
    assert found["Glucose"][0] == 95.0  # the blood glucose before the urine section
    assert found["Urine pH"][0] == 6.0 and found["Urine pH"][4] is None
    assert found["Urine specific gravity"][0] == 1.02
    assert found["Urine protein"][0::4] == (0.5, "high")
    assert found["Urine glucose"][0::4] == (0.0, None)
    assert found["Nitrite"][0::4] == (1.0, "high")
    assert found["Leukocyte esterase"][0::4] == (2.0, "high")
    assert found["Urine blood"][0::4] == (0.0, None)
    assert (
        format_lab_value(parse_lab_values("Nitrite positive")[0]) == "Nitrite positive (abnormal)"
    )


def test_dates_phone_numbers_page_numbers_and_ids_are_never_values():
    header = "\n".join(
        [
            "Report date: 2024-03-12 08:30",
            "Collected: 12/03/2024 07:45 AM   Received 03.12.2024",
            "Phone: (555) 123-4567   Fax +1 555 987 6543",
            "Page 2 of 3",
            "Patient ID: 123456   MRN 0098812",
            "Lab Corp, 1200 Main St., Suite 5",
            "Pt. seen today, 45 y, na 140",
        ]
    )
    assert parse_lab_values(header) == []
    found = _by_analyte("Glucose 12/03/2024 95 mg/dL\nHemoglobin 13.5 g/dL  Page 1 of 2")
    assert found == {
        "Glucose": (95.0, "mg/dL", 70.0, 99.0, None),
        "Hemoglobin": (13.5, "g/dL", 12.0, 17.5, None),
    }


def test_implausible_numbers_after_a_name_are_not_values():
    assert parse_lab_values("HbA1c (2023) 2023\nVitamin D 50000 IU weekly") == []
    # "CA 125" is no calcium of 125: since issue #29 it is the tumour marker CA-125.
    found = parse_lab_values("CA 125 35 U/mL")
    assert [(v.analyte, v.value) for v in found] == [("CA-125", 35.0)]


def test_longer_names_win_over_shorter_ones():
    found = _by_analyte("Hemoglobin A1c 6.1 %\nDirect bilirubin 0.2 mg/dL\nCK-MB 3 ng/mL")
    assert set(found) == {"HbA1c", "Direct bilirubin", "CK-MB"}


def test_a_real_pdf_with_a_repeated_page_gives_each_value_once():
    reader = PdfReader(io.BytesIO(pdf_bytes(pages=2)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    values = parse_lab_values(text, source_file_id="file-1")
    assert [v.analyte for v in values] == [
        "Hemoglobin",
        "WBC",
        "Platelets",
        "Glucose",
        "HbA1c",
        "Creatinine",
    ]
    assert {v.source_file_id for v in values} == {"file-1"}
    assert [v.flag for v in values] == ["low", "high", None, "high", "high", None]


def test_garbage_never_crashes_and_values_stay_finite():
    rng = random.Random(20240312)
    words = [a for analyte in CATALOG for a in analyte.aliases] + [
        "9.8",
        "<",
        ">",
        "-",
        "(",
        ")",
        "H",
        "L",
        "mg/dL",
        "x10^9/L",
        "%",
        ",",
        ";",
        "\t",
        "positive",
        "1+",
        "99999999999999",
        "1e400",
        "..",
        "/",
        ":",
        "NaN",
        "inf",
        "\x00",
    ]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        for value in parse_lab_values(text):
            assert math.isfinite(value.value)
            assert value.flag in (None, "high", "low")
    noise = bytes(rng.randrange(256) for _ in range(5000)).decode("latin-1")
    parse_lab_values(noise)
    assert parse_lab_values("") == []
    assert parse_lab_values(None) == []  # type: ignore[arg-type]
