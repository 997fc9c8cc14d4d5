"""Labs in the prose of published case reports, the classes left over (issue #29,
reader-prose2).

Each test quotes a sentence of a real case report of `tests/clinical/dev`, named by its
case: PubMed Central open-access case reports as PMC-Patients extracted them, stored in
ncbi-nlp/MedCalc-Bench (evaluation/one_shot_finalized_explanation.json @ 20b10f9d66,
CC BY-SA 4.0); MTSamples for the dictated note.
"""

from __future__ import annotations

from tests.unit.test_lab_reading_case_reports import _read


def _read_out(text: str) -> dict[str, list[tuple[float, str | None, str | None]]]:
    return {
        name: [(v.value, v.unit, v.specimen) for v in values]
        for name, values in _read(text).items()
    }


def test_an_approximate_value_is_no_result() -> None:
    # dev cr-braf-mek-inhibitor-aki-serial-creatinine-proteinuria-per-day
    assert "Creatinine" not in _read_out(
        "From March to July 2016, serum creatinine level was around 1.1 mg/dL, and there was "
        "a resolution of proteinuria."
    )
    # dev cr-porphyria-siadh-urine-sodium-porphobilinogen-24h-uroporphyrin: the measured
    # creatinine stands, its approximate baseline does not
    assert _read_out("an elevated creatinine 1.14 mg/dl (baseline around 0.80 mg/dl).") == {
        "Creatinine": [(1.14, "mg/dl", None)]
    }
    # dev mt-aki-hyperkalaemia-consult (MTSamples): a dictated "about" of a measured value
    # is kept, as the set's truth keeps it
    assert _read_out("He did have a CPK level of about 234 while his BUN")["CK"] == [
        (234, None, None)
    ]


def test_cells_counted_before_a_polynuclear_name_and_an_eosinophilic_ratio() -> None:
    # dev cr-braf-mek-inhibitor-aki-serial-creatinine-proteinuria-per-day (a French-style
    # "polynuclear neutrophils" count after "including")
    values = _read_out(
        "She had a leucocyte count of 11,000/mm3 including 8700 polynuclear neutrophils and "
        "1500 lymphocytes without polynuclear eosinophils."
    )
    assert values == {
        "WBC": [(11000, "/mm3", None)],
        "Neutrophils": [(8700, None, None)],
        "Lymphocytes": [(1500, None, None)],
    }
    # dev cr-hydatid-cyst-anaphylaxis-counts-per-mm3-repeat-hemogram
    assert _read_out("The peripheric blood film showed an eosinophilic ratio of 45%.") == {
        "Eosinophils": [(45, "%", None)]
    }


def test_an_amount_per_day_written_before_proteinuria() -> None:
    # dev cr-braf-mek-inhibitor-aki-serial-creatinine-proteinuria-per-day
    assert _read_out(
        "Urine analysis showed a 1 g/day proteinuria, without leucocyturia or hematuria."
    ) == {"24-hour urine protein": [(1, "g/day", "urine")]}
    # a count of days is no amount: "a 3 day proteinuria" has no unit of mass per day
    assert _read_out("He had a 3 day history of proteinuria.") == {}


def test_the_gradients_of_a_renal_tubular_acidosis_work_up() -> None:
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium
    values = _read_out(
        "Her spot urine potassium was 16.9 mEq/L, and the transtubular potassium gradient "
        "(TTKG) was 7%, suggesting renal loss."
    )
    assert values["Transtubular potassium gradient"][0][0] == 7
    assert values["Potassium"] == [(16.9, "mEq/L", "urine")]
    values = _read_out(
        "The results of NaHCO3 loading test revealed a fractionated excretion of HCO3 of "
        "1.68% and the urine-to-blood carbon dioxide tension gradient (U-B PCO2) of 9.7, "
        "suggesting distal RTA."
    )
    assert values["Urine-blood pCO2 gradient"] == [(9.7, None, "urine")]
    assert "pCO2" not in values


def test_one_item_of_a_name_value_list_written_value_first() -> None:
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium
    values = _read_out(
        "blood urea nitrogen, 17.7 mg/dL; creatinine, 1.0 mg/dL; 7.5, bicarbonate; and "
        "albumin, 4.2 g/dL."
    )
    assert values["Bicarbonate"] == [(7.5, None, None)]
    assert values["Creatinine"] == [(1.0, "mg/dL", None)]
    assert values["Albumin"] == [(4.2, "g/dL", None)]


def test_a_bound_given_as_the_reason_for_a_suspicion_is_no_result() -> None:
    # dev cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium: "< 10"
    # restates distal RTA's criterion; the urine pH beside it was measured
    values = _read_out(
        "We suspected distal renal tubular acidosis (RTA) due to the normal anion gap "
        "metabolic acidosis, a serum bicarbonate level < 10, hypokalemia, and urine pH of 6.5 "
        "(> 5.5), and due to the presence of a calyceal stone in her left kidney."
    )
    assert "Bicarbonate" not in values
    assert values["Urine pH"] == [(6.5, None, "urine")]


def test_specimens_and_names_of_urine_and_pleural_fluid_in_prose() -> None:
    # dev cr-meigs-syndrome-pleural-ada-albumin-gradient-inline-reference ("PE" is the
    # pleural effusion drained earlier in the report)
    assert _read_out("The adenosine deaminase activity in PE was 9.3 U/L. PE cytology") == {
        "Adenosine deaminase": [(9.3, "U/L", "pleural fluid")]
    }
    # dev cr-distal-rta-membranous-colon-separated-panel-critical-potassium-abg
    assert _read_out("Urinary pH was <5.5 and the fractional excretion")["Urine pH"] == [
        (5.5, None, "urine")
    ]
    values = _read_out("urinary protein: 3+, urinary sugar: 0, urinary pH: −6.5,")
    assert values["Urine glucose"] == [(0, None, "urine")]
    assert values["Urine pH"] == [(6.5, None, "urine")]
    # dev cr-late-onset-otc-deficiency-serial-ammonia-misprinted-unit
    assert (
        _read_out(
            "Urine organic acids analysis revealed highly elevated urinary orotic acid (603.5 "
            "mg/mg creatinine) and a mild urinary uracil peak."
        )["Orotic acid"][0][0]
        == 603.5
    )


def test_cells_counted_per_high_power_field_are_no_result() -> None:
    # dev cr-chronic-prostatitis-haemophilus-psa: urine microscopy per field is not counted
    # (tests/clinical/README.md), written value first as written name first
    assert (
        _read_out(
            "Microscopic analysis of the urine specimen revealed 10 white blood cells per high "
            "power field."
        )
        == {}
    )


def test_a_maker_s_country_is_no_urine_potassium() -> None:
    # dev cr-melas-appendectomy-serial-arterial-gases: "UK" closing the maker's bracket
    assert (
        _read_out(
            "we then injected 2% propofol (Fresofol®, Fresenius Kabi, Austria) and remifentanil "
            "(Ultiva™, GlaxoSmithKline, UK) at target concentrations of 4 µg/ml (Marsh-model) "
            "and 5 ng/ml (Minto-model), respectively."
        )
        == {}
    )
    # a urine potassium written "UK" with its value is still read
    assert _read_out("UNa 20, UK 35, UCl 40")["Potassium"] == [(35, None, "urine")]


def test_a_peak_reached_and_dipstick_grades_in_prose() -> None:
    # dev cr-propofol-infusion-syndrome-melas-lactate-mg-dl-creatinine-kinase
    assert _read_out(
        "metabolic acidosis and creatinine kinase gradually decreased after reaching 59,000 "
        "IU/L on day 2 of ICU admission."
    ) == {"CK": [(59000, "IU/L", None)]}
    # dev cr-argininaemia-inline-normal-ranges-serial-bilirubin: the bracketed grade
    assert _read_out("A urine occult blood test was positive (++). Red blood cells") == {
        "Urine blood": [(2, None, "urine")]
    }
    assert _read_out("His urine occult blood test was positive (+). No red") == {
        "Urine blood": [(1, None, "urine")]
    }
    # dev cr-cholangiocarcinoma-bile-cast-nephropathy-equals-sign-panel-fena: "trace
    # proteinuria" is the dipstick's grade
    values = _read_out(
        "Urine appeared greenish with a specific gravity of 1.010, trace proteinuria, 5–10 red "
        "blood cells (RBCs)/high-power field"
    )
    assert values["Urine protein"] == [(0.5, None, "urine")]
    assert "24-hour urine protein" not in values


def test_a_new_standard_is_a_target_not_a_result() -> None:
    # dev mt-uti-chest-pain-csf-er (MTSamples): the measured LDL stands, the target not
    assert _read_out(
        "Hypertension, diabetes, hyperlipidemia, particularly elevated triglycerides with a "
        "slightly elevated LDL at 81 with an new standard LDL of 74, diabetics with a bad "
        "family history"
    ) == {"LDL cholesterol": [(81, None, None)]}


def test_one_dipstick_word_for_two_tests() -> None:
    # dev mt-ovarian-cancer-clinic-wbc-0-9-earlier-platelets-29000 (MTSamples)
    assert _read_out(
        "Urinalysis negative for nitrite and leukocyte esterase with moderate epithelial cells"
    ) == {"Nitrite": [(0, None, "urine")], "Leukocyte esterase": [(0, None, "urine")]}


def test_a_lower_case_potassium_ion() -> None:
    # dev cr-cah-infant-cholestasis-sodium-102-potassium-9-then-corrected
    assert _read_out(
        "The laboratory tests were as follows: serum sodium 102 meq/lit and serum k + level 9 "
        "meq/lit. Total"
    ) == {"Sodium": [(102, "meq/lit", None)], "Potassium": [(9, "meq/lit", None)]}


def test_two_bilirubins_sharing_one_noun_then_their_values() -> None:
    # dev cr-cah-infant-cholestasis-sodium-102-potassium-9-then-corrected ("retrospectively"
    # as printed for "respectively")
    assert _read_out(
        "Total and direct bilirubin was 13.9 mg/dl and 5.4 mg/dl retrospectively. Erythrocyte"
    ) == {"Total bilirubin": [(13.9, "mg/dl", None)], "Direct bilirubin": [(5.4, "mg/dl", None)]}
    assert _read_out(
        "One week later, the total and direct bilirubin declined to 5 and 2.5 mg/dl "
        "respectively. After one month"
    ) == {"Total bilirubin": [(5, "mg/dl", None)], "Direct bilirubin": [(2.5, "mg/dl", None)]}
