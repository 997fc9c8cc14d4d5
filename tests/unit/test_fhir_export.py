"""The FHIR R4 export: every resource through its R4 model, statuses, codes, the name setting."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from fhirclient.models.bundle import Bundle
from fhirclient.models.fhirabstractbase import FHIRValidationError

from core.analysis.labs.loinc import LOINC, check_digit_ok, loinc_for
from core.analysis.labs.ucum import UCUM, ucum_code
from core.config import Settings, SettingsError
from core.errors import InternalError
from core.export.fhir.document import ExportRequest, document_bundle
from core.export.fhir.labs import interpretation_code
from core.export.fhir.narrative import div
from core.export.fhir.validation import R4_MODELS, r4, r4_model
from core.insights import DifferentialDiagnosis, Insights, LabValue
from core.review import SignedNote, content_hash
from core.vocabulary.catalog import BY_NAME
from tests.unit.test_export import CASE_ID, a_case, insights

SIGNED_AT = datetime(2026, 3, 5, 8, 0, tzinfo=UTC)
INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
ICD10CM = "http://hl7.org/fhir/sid/icd-10-cm"

LABS = [
    LabValue(
        analyte="Hemoglobin",
        value=6.1,
        unit="g/dL",
        reference_low=12,
        reference_high=16,
        flag="low",
        critical=True,
        source_page=1,
        source_line="Hb 6.1 g/dL L",
    ),
    LabValue(
        analyte="Potassium",
        value=6.9,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="high",
        critical=True,
    ),
    LabValue(
        analyte="Glucose", value=182, unit="mg/dL", reference_low=70, reference_high=99, flag="high"
    ),
    LabValue(
        analyte="Creatinine",
        value=48,
        unit="µmol/L",
        reference_low=53,
        reference_high=115,
        flag="low",
    ),
    LabValue(analyte="WBC", value=7.2, unit="x10^9/L", reference_low=4, reference_high=11),
    LabValue(analyte="CRP", value=5, comparator="<", unit="mg/L", reference_high=5),
    LabValue(analyte="Glucose", value=2.1, unit="mmol/L", specimen="csf"),
    LabValue(analyte="Nitrite", value=1, flag="high", specimen="urine", reference_high=0),
    LabValue(analyte="Mystery marker", value=3, unit="furlongs"),
]
DIFFERENTIAL = [
    DifferentialDiagnosis(diagnosis="Type 1 diabetes mellitus", icd_code="E10.9"),
    DifferentialDiagnosis(diagnosis="Made-up condition", icd_code="Q99.999"),
]


def draft(**changes: Any) -> Insights:
    made = insights()
    diagnosis = made.primary_diagnosis.model_copy(update={"differential": DIFFERENTIAL})
    return made.model_copy(update={"lab_values": LABS, "primary_diagnosis": diagnosis, **changes})


def signed(
    version: int = 1, soap: str = "accepted", diagnosis: str = "accepted", **text: Any
) -> SignedNote:
    made = draft()
    sections = {
        "case_summary": {
            "decision": "accepted",
            "text": {
                "comprehensive_summary": "Hyperglycaemia.",
                "key_findings": [],
                "lab_summary": "High glucose.",
                "radiology_summary": "",
            },
            "reason": None,
        },
        "soap_note": {
            "decision": soap,
            "text": None
            if soap == "rejected"
            else {
                "subjective": "Thirst.",
                "objective": "Glucose 182 mg/dL.",
                "assessment": text.get("assessment", "Diabetes, signed."),
                "plan": "Metformin.",
            },
            "reason": "Wrong patient history" if soap == "rejected" else None,
        },
        "primary_diagnosis": {
            "decision": diagnosis,
            "text": None
            if diagnosis == "rejected"
            else {
                "primary_diagnosis": text.get("name", made.primary_diagnosis.primary_diagnosis),
                "icd_code": text.get("code", "E11.9"),
                "description": "",
            },
            "reason": "Needs a second test" if diagnosis == "rejected" else None,
        },
    }
    note_id = f"00000000-0000-4000-8000-00000000000{version}"
    return SignedNote(
        note_id=note_id,
        case_id=CASE_ID,
        version=version,
        draft_id="draft-1",
        content={"sections": sections},
        content_hash=content_hash(CASE_ID, version, "draft-1", sections, "doc-1", "t"),
        signed_by="doc-1",
        signer_email="dr.who@example.org",
        signed_at=SIGNED_AT,
        amendment_reason="Corrected the plan" if version > 1 else None,
        verified=True,  # as a store reads a version whose hash matches
    )


def export(note: SignedNote | None = None, **options: Any) -> dict[str, Any]:
    previous = signed(1) if note is not None and note.version > 1 else None
    request = ExportRequest(
        case=a_case(options.pop("name", "Mary Seacole")),
        insights=options.pop("made", None) or draft(),
        note=note,
        previous=previous,
        draft_id="draft-1",
        **options,
    )
    return document_bundle(request)


def resources(bundle: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def one(bundle: dict[str, Any], kind: str) -> dict[str, Any]:
    (found,) = resources(bundle, kind)
    return found


def observation(bundle: dict[str, Any], text: str) -> dict[str, Any]:
    (found,) = [o for o in resources(bundle, "Observation") if o["code"]["text"] == text]
    return found


# --- every resource through its R4 model ---------------------------------------------------


@pytest.mark.parametrize("note", [None, signed(1), signed(2)], ids=["draft", "signed", "amended"])
def test_every_resource_type_parses_back_into_its_r4_model(note: SignedNote | None) -> None:
    bundle = export(note)
    kinds = {entry["resource"]["resourceType"] for entry in bundle["entry"]}
    expected = {"Composition", "Patient", "Device", "Condition", "DiagnosticReport"}
    expected |= {"Observation", "Provenance"} | ({"Practitioner"} if note else set())
    assert kinds == expected
    for entry in bundle["entry"]:
        resource = entry["resource"]
        model = r4_model(json.loads(json.dumps(resource)))
        assert isinstance(model, R4_MODELS[resource["resourceType"]])
        assert model.as_json() == resource
        assert entry["fullUrl"] == f"urn:uuid:{resource['id']}"


def test_the_bundle_survives_a_round_trip_through_json_and_the_r4_models() -> None:
    bundle = export(signed(1))
    text = json.dumps(bundle, ensure_ascii=False)
    parsed = Bundle(json.loads(text), strict=True)
    assert parsed.as_json() == bundle
    assert json.loads(json.dumps(parsed.as_json(), ensure_ascii=False)) == json.loads(text)
    assert type(parsed.entry[0].resource).__name__ == "Composition"


@pytest.mark.parametrize("note", [None, signed(2)], ids=["draft", "amended"])
def test_an_independent_validator_accepts_every_primitive(note: SignedNote | None) -> None:
    # fhirclient checks structure and times but not the patterns of ids, codes and URIs;
    # fhir.resources' pydantic models do (its R4B models: R4B keeps R4's primitive types).
    from fhir.resources.R4B.bundle import Bundle as CheckedBundle

    bundle = export(note)
    checked = CheckedBundle.model_validate(bundle)
    assert [e.resource.get_resource_type() for e in checked.entry] == [
        e["resource"]["resourceType"] for e in bundle["entry"]
    ]
    broken = json.loads(json.dumps(bundle))
    broken["entry"][0]["resource"]["id"] = "not an id!"
    with pytest.raises(ValueError):
        CheckedBundle.model_validate(broken)


def test_the_models_refuse_what_r4_does_not_allow() -> None:
    bundle = export()
    broken = json.loads(json.dumps(bundle))
    del broken["entry"][0]["resource"]["status"]  # Composition.status is required
    with pytest.raises(FHIRValidationError):
        Bundle(broken, strict=True)
    with pytest.raises(InternalError, match="invalid Observation"):
        r4({"resourceType": "Observation", "code": {"text": "x"}, "colour": "red"})


def test_a_document_bundle_starts_with_its_composition_and_has_an_identity() -> None:
    bundle = export(signed(1))
    assert bundle["type"] == "document"
    assert bundle["entry"][0]["resource"]["resourceType"] == "Composition"
    assert bundle["identifier"]["value"] == "urn:uuid:00000000-0000-4000-8000-000000000001"
    assert bundle["timestamp"] == "2026-03-05T08:00:00+00:00"
    full_urls = [entry["fullUrl"] for entry in bundle["entry"]]
    assert len(set(full_urls)) == len(full_urls)
    # Every reference points at an entry of the document (contained ones start with #).
    text = json.dumps(bundle)
    for reference in {r for r in _references(bundle) if not r.startswith("#")}:
        assert reference in full_urls, reference
    assert export(signed(1)) == bundle  # the same version exports the same document
    assert export(signed(2))["identifier"] != bundle["identifier"]
    assert text.count('"resourceType": "Composition"') == 1


def _references(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("reference"), str):
            found.add(node["reference"])
        for value in node.values():
            found |= _references(value)
    elif isinstance(node, list):
        for value in node:
            found |= _references(value)
    return found


# --- signed or not ---------------------------------------------------------------------------


def test_an_unsigned_draft_is_preliminary_provisional_and_labelled_as_a_draft() -> None:
    bundle = export()
    composition = one(bundle, "Composition")
    assert composition["status"] == "preliminary"
    assert "DRAFT: not signed" in composition["title"]
    assert "DRAFT: not signed" in composition["text"]["div"]
    assert "attester" not in composition
    assert [a["reference"] for a in composition["author"]] == [
        f"urn:uuid:{one(bundle, 'Device')['id']}"
    ]
    primary = resources(bundle, "Condition")[0]
    assert primary["verificationStatus"]["coding"][0]["code"] == "provisional"
    assert one(bundle, "DiagnosticReport")["status"] == "preliminary"
    assert {o["status"] for o in resources(bundle, "Observation")} == {"preliminary"}
    assert "Practitioner" not in {e["resource"]["resourceType"] for e in bundle["entry"]}


def test_a_signed_note_is_final_confirmed_with_the_signer_as_attester() -> None:
    bundle = export(signed(1, assessment="Diabetes <confirmed> & treated"))
    composition = one(bundle, "Composition")
    doctor = one(bundle, "Practitioner")
    assert composition["status"] == "final"
    assert "DRAFT" not in composition["title"]
    assert composition["attester"] == [
        {
            "mode": "legal",
            "time": "2026-03-05T08:00:00+00:00",
            "party": {"reference": f"urn:uuid:{doctor['id']}", "display": "dr.who@example.org"},
        }
    ]
    assert composition["date"] == "2026-03-05T08:00:00+00:00"
    assessment = _section(composition, "Assessment")
    # The signed text, escaped in the XHTML narrative.
    assert "Diabetes &lt;confirmed&gt; &amp; treated" in assessment["text"]["div"]
    assert "Type 2 diabetes mellitus: HbA1c" not in json.dumps(composition)  # not the AI's
    primary = resources(bundle, "Condition")[0]
    assert primary["verificationStatus"]["coding"][0]["code"] == "confirmed"
    assert primary["asserter"]["reference"] == f"urn:uuid:{doctor['id']}"
    assert one(bundle, "DiagnosticReport")["status"] == "final"
    assert doctor["telecom"] == [{"system": "email", "value": "dr.who@example.org"}]


def test_a_version_whose_hash_does_not_match_is_not_attested_and_says_so() -> None:
    doubtful = replace(signed(1), verified=False)
    composition = one(export(doubtful), "Composition")
    assert "attester" not in composition
    assert "Not verified: the stored text of this version" in composition["text"]["div"]
    assert "Not verified" not in one(export(signed(1)), "Composition")["text"]["div"]


def test_an_amendment_is_amended_and_replaces_the_version_before() -> None:
    composition = one(export(signed(2)), "Composition")
    assert composition["status"] == "amended"
    assert composition["relatesTo"] == [
        {
            "code": "replaces",
            "targetIdentifier": {
                "system": "urn:ietf:rfc:3986",
                "value": "urn:uuid:00000000-0000-4000-8000-000000000001",
            },
        }
    ]
    assert "Amended because: Corrected the plan" in composition["text"]["div"]
    # All versions of the case's note share the version-independent identifier.
    assert composition["identifier"] == one(export(signed(1)), "Composition")["identifier"]


def test_the_soap_sections_and_the_case_summary_are_narrative() -> None:
    composition = one(export(), "Composition")
    titles = [s["title"] for s in composition["section"]]
    assert titles == ["Case summary", "Subjective", "Objective", "Assessment", "Plan", "Lab values"]
    codes = {
        s["title"]: s.get("code", {}).get("coding", [{}])[0].get("code")
        for s in composition["section"]
    }
    assert codes["Subjective"] == "61150-9" and codes["Plan"] == "18776-5"
    subjective = _section(composition, "Subjective")["text"]["div"]
    assert "Thirst and fatigue for three weeks." in subjective
    assert "Hyperglycaemia." in _section(composition, "Case summary")["text"]["div"]
    assert "HbA1c ≥ 6.5 % – confirm." in _section(composition, "Assessment")["text"]["div"]
    for section in composition["section"]:
        assert section["text"]["div"].startswith('<div xmlns="http://www.w3.org/1999/xhtml">')


def test_rejected_sections_say_so_and_a_rejected_diagnosis_writes_no_condition() -> None:
    bundle = export(signed(1, soap="rejected", diagnosis="rejected"))
    composition = one(bundle, "Composition")
    assert "Rejected by the physician: Wrong patient history" in json.dumps(
        _section(composition, "Plan")
    )
    assert "rejected by the physician: Needs a second test" in json.dumps(
        _section(composition, "Assessment")
    )
    # A signed document carries only what was signed: no unreviewed differential either.
    assert resources(bundle, "Condition") == []
    assert "Differential" not in json.dumps(composition)


def _section(composition: dict[str, Any], title: str) -> dict[str, Any]:
    (found,) = [s for s in composition["section"] if s["title"] == title]
    return found


# --- conditions ------------------------------------------------------------------------------


def test_the_primary_diagnosis_is_coded_in_icd10cm_and_the_differential_is_marked() -> None:
    bundle = export()
    primary, first, second = resources(bundle, "Condition")
    assert primary["code"]["coding"] == [
        {
            "system": ICD10CM,
            "code": "E11.9",
            "display": "Type 2 diabetes mellitus without complications",
        }
    ]
    assert primary["clinicalStatus"]["coding"][0]["code"] == "active"
    assert first["verificationStatus"]["coding"][0]["code"] == "differential"
    assert first["code"]["coding"][0]["code"] == "E10.9"
    assert "clinicalStatus" not in first
    # An invalid code is never sent as ICD-10-CM: words only, and a note saying why.
    assert "coding" not in second["code"] and second["code"]["text"] == "Made-up condition"
    assert "not a valid ICD-10-CM code" in json.dumps(second["note"])
    entries = {e["reference"] for e in _section(one(bundle, "Composition"), "Assessment")["entry"]}
    assert entries == {f"urn:uuid:{c['id']}" for c in (primary, first, second)}


def test_an_abstention_writes_no_primary_condition() -> None:
    made = draft()
    abstained = made.primary_diagnosis.model_copy(
        update={"primary_diagnosis": "Not determined", "icd_code": "", "differential": []}
    )
    bundle = export(made=made.model_copy(update={"primary_diagnosis": abstained}))
    assert resources(bundle, "Condition") == []
    assert "Not determined" in json.dumps(one(bundle, "Composition"))


# --- lab values ------------------------------------------------------------------------------


def test_one_observation_per_lab_value_in_the_diagnostic_report() -> None:
    bundle = export()
    report = one(bundle, "DiagnosticReport")
    observations = resources(bundle, "Observation")
    assert len(observations) == len(LABS)
    assert [r["reference"] for r in report["result"]] == [
        f"urn:uuid:{o['id']}" for o in observations
    ]
    assert report["code"]["coding"][0]["code"] == "11502-2"
    assert "conclusion" not in report  # the draft's case summary has no lab summary
    signed_report = one(export(signed(1)), "DiagnosticReport")
    assert signed_report["conclusion"] == "High glucose."  # the signed summary's


@pytest.mark.parametrize(
    ("text", "loinc", "ucum"),
    [
        ("Hemoglobin", "718-7", "g/dL"),
        ("Potassium", "2823-3", "mmol/L"),
        ("Glucose", "2345-7", "mg/dL"),
        ("Creatinine", "14682-9", "umol/L"),  # µmol/L: the molar code, not 2160-0
        ("WBC", "26464-8", "10*9/L"),
        ("CRP", "1988-5", "mg/L"),
    ],
)
def test_known_analytes_get_loinc_and_ucum(text: str, loinc: str, ucum: str) -> None:
    found = observation(export(), text)
    (coding,) = found["code"]["coding"]
    assert coding["system"] == "http://loinc.org" and coding["code"] == loinc
    quantity = found["valueQuantity"]
    assert quantity["system"] == "http://unitsofmeasure.org" and quantity["code"] == ucum


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Hemoglobin", "LL"),
        ("Potassium", "HH"),
        ("Glucose", "H"),
        ("Creatinine", "L"),
        ("WBC", "N"),
        ("Nitrite (urine)", "A"),
    ],
)
def test_interpretation_flags_with_hh_and_ll_for_critical_values(text: str, code: str) -> None:
    found = observation(export(), text)
    (coding,) = found["interpretation"][0]["coding"]
    assert coding == {
        "system": INTERPRETATION,
        "code": code,
        "display": {
            "LL": "Critical low",
            "HH": "Critical high",
            "H": "High",
            "L": "Low",
            "N": "Normal",
            "A": "Abnormal",
        }[code],
    }


def test_critical_without_a_direction_is_critical_abnormal() -> None:
    assert interpretation_code(LabValue(analyte="X", value=1, critical=True)) == "AA"
    assert interpretation_code(LabValue(analyte="X", value=1)) is None


def test_values_keep_comparator_range_specimen_and_source() -> None:
    bundle = export()
    crp = observation(bundle, "CRP")
    assert crp["valueQuantity"]["comparator"] == "<"
    assert crp["referenceRange"] == [
        {
            "high": {
                "value": 5.0,
                "unit": "mg/L",
                "system": "http://unitsofmeasure.org",
                "code": "mg/L",
            }
        }
    ]
    hemoglobin = observation(bundle, "Hemoglobin")
    assert hemoglobin["referenceRange"][0]["low"]["value"] == 12
    notes = json.dumps(hemoglobin["note"])
    assert "critical-value list" in notes and "page 1: Hb 6.1 g/dL L" in notes
    csf = observation(bundle, "Glucose (csf)")
    assert "coding" not in csf["code"]  # 2345-7 names serum or plasma, not CSF
    assert csf["contained"] == [
        {"resourceType": "Specimen", "id": "specimen", "type": {"text": "csf"}}
    ]
    nitrite = observation(bundle, "Nitrite (urine)")
    assert nitrite["valueString"] == "positive" and nitrite["code"]["coding"][0]["code"] == "5802-4"
    unknown = observation(bundle, "Mystery marker")
    assert "coding" not in unknown["code"]
    assert unknown["valueQuantity"] == {"value": 3.0, "unit": "furlongs"}


def test_the_loinc_table_covers_the_catalog_with_well_formed_codes() -> None:
    assert set(LOINC) <= set(BY_NAME)
    # Left uncoded on purpose: a code would claim more than the report says.
    # Each reason checked by reader-catalogue4 against LOINC's published files (the LOINC
    # Universal Lab Order Codes Value Set and the LOINC Group file extracts, see
    # docs/clinical-rounds.md): where they hold a code for the analyte, why it is not used.
    assert set(BY_NAME) - set(LOINC) == {
        "eGFR",  # the code names the estimating equation, seldom given
        "Troponin",  # I or T not said
        "CK-MM",  # LOINC's CK-MM codes name electrophoresis or a dried blood spot
        "Creatinine clearance",  # measured (24 h urine) or Cockcroft-Gault: not said
        "D-dimer",  # FEU (48065-7) or DDU (48066-5): the units do not tell them apart
        "HOMA-IR",  # a calculation: no code in LOINC's files
        "Mononuclear cells",  # LOINC's codes are for body fluids (26490-3), not blood
        "Serum-ascites albumin gradient",  # a difference of two specimens: no code
        "Serum-pleural albumin gradient",  # a difference of two specimens, as the ascites one
        "Pleural/serum LDH ratio",  # ratios of two specimens: no code
        "Pleural/serum protein ratio",
        "Osmolal gap",  # a calculation: no code in LOINC's files
        "Transtubular potassium gradient",  # a calculated ratio of ratios: no code
        "Urine-blood pCO2 gradient",  # a difference of two specimens: no code
        # Fractional excretions and the urine anion gap: calculations from urine and serum,
        # no code in LOINC's files
        "Fractional excretion of sodium",
        "Fractional excretion of bicarbonate",
        "Fractional excretion of magnesium",
        "Fractional excretion of urea",
        "Urine anion gap",
        # Plasma amino acids in umol/L: LOINC's files hold only the mass code (ornithine
        # 2679-9) or the urine ones; no serum/plasma molar code confirmed
        "Ornithine",
        "Arginine",
        "Kappa/lambda ratio",  # only the urine ratios (41759-2) confirmed, not the serum's
        "ADAMTS13 activity",  # no code in LOINC's files
        "Glucagon",  # reader-labs21: no plasma code confirmed in the files at hand this round
        "Protein C",  # activity by chromogenic (27818-4) or clotting (27819-2) assay: not said
        "Protein S",  # free antigen (27821-8) or activity (27822-6): aliases read both
        "Anti-Xa",  # coded by heparin type (3274-8 unfractionated), seldom named
        "Fibrin degradation products",  # only urine codes in LOINC's files
        "PT activity",  # 3289-6 is prothrombin (factor II) activity, not the PT's percentage
        "Hyaluronic acid",  # no code in LOINC's files
        # recall28's lymphocyte subsets as shares and the CD4/CD8 ratio: no LOINC file at
        # hand this round to check their codes against, left uncoded rather than guessed
        "CD3 percentage",
        "CD4 percentage",
        "CD8 percentage",
        "CD19 percentage",
        "NK cell percentage",
        "CD4/CD8 ratio",
        # labnames27's hepatitis B profile: read as a number (IU/mL or a signal-to-cutoff
        # index). The public mappings at hand disagree on the quantitative HBsAg's code
        # (5196-1, 58452-4, 63557-3), and the index results have only [Presence] codes in
        # them (anti-HBc 16933-4, HBeAg 13954-3), which name no number: left uncoded.
        "HBsAg",
        "Anti-HBc IgM",
        "Anti-HBc total",
        "HBeAg",
        "Anti-HBe",
        "Type IV collagen",  # no code in LOINC's files
        "Mac-2 binding protein glycosylation isomer",  # no code in LOINC's files
        # Added in the sixth round; LOINC's [U] file holds only the IgG subclass panels
        # (47290-2), no gamma fraction and no haemoglobin A or C fraction; the group file
        # not yet checked for them
        "IgG1",
        "IgG2",
        "IgG3",
        "IgG4",
        "Gamma globulin",
        "Hemoglobin A",
        "Hemoglobin C",
        # Added in the seventh round (core.vocabulary.catalog_specialist): LOINC's [U] file
        # holds none of these; the [G] file's names for the smear cells, the urine ratio,
        # aminolevulinate and amitriptyline are counts, urine or mass ratios that the catalogue's
        # units do not pin down, so no code is claimed
        "Complement factor H",
        "CA 72-4",
        "Leucine aminopeptidase",
        "Glycated albumin",
        "Delta-aminolevulinic acid",
        "Urine calcium/creatinine ratio",
        "IgG index",
        "Metamyelocytes",
        "Myelocytes",
        "Promyelocytes",
        "Immature platelet fraction",
        "Neutrophil/lymphocyte ratio",
        "Metformin",
        "Amitriptyline",
        # the [U] file has no code for these work-up tests, or only another specimen's
        # (metanephrines in a 24-hour urine)
        "Metanephrine",
        "Normetanephrine",
        "Soluble IL-2 receptor",
        # Added in the eighth round: LOINC's [U] file holds no carnitine and no plasma
        # catecholamine (only the platelet-function panel names epinephrine)
        "Total carnitine",
        "Free carnitine",
        "Norepinephrine",
        "Epinephrine",
        "Galactomannan",
        "Hemoglobin A2",
        "Hemoglobin F",  # only the Kleihauer-Betke presence code
        "SCC antigen",
        "CYFRA 21-1",
        "ProGRP",
        "PIVKA-II",
        "KL-6",
        "SP-D",
        # Round ten: neither file holds cholestanol or a serum acylcarnitine's moles (only a
        # deprecated mass code and the urine's)
        "Cholestanol",
        "Acylcarnitine",
        "Hexanoylcarnitine",
        "Octanoylcarnitine",
        "Decanoylcarnitine",
        # Round fifteen: the Universal Lab Order Codes file holds no monoclonal protein's
        # concentration and no factor VIII inhibitor (only factor VIII's activity)
        "Paraprotein",
        "Factor VIII inhibitor",
        # catalog29's work-up tests that the [U] and [G] files give no code fitting what a
        # case report prints: the ANCA patterns' codes are immunofluorescence titres
        # (14277-8, 14278-6), not the unitless levels read; dRVVT's 6303-2 names neither a
        # time nor a ratio; no QuantiFERON, VEGF, alpha-HBDH (1682-4 is the beta enzyme) or
        # CD45 count code; the histoplasma antigen's are [Units/volume], the EIA prints ng/mL;
        # serotonin's are serum (27057-9) or whole blood (2939-7), seldom said; 5-HIAA has
        # no 24-hour mass-per-time code in the files
        "c-ANCA",
        "p-ANCA",
        "dRVVT",
        "QuantiFERON",
        "Histoplasma antigen",
        "Serotonin",
        "5-HIAA",
        "Alpha-hydroxybutyrate dehydrogenase",
        "VEGF",
        "CD45 count",
        # catalog30: the files hold the total kappa light chains' serum code (11050-2) but no
        # total lambda's (33944-0 is the free chain's)
        "Lambda light chains",
    }
    for name, test in LOINC.items():
        for code in [test.default, *test.by_unit.values()]:
            assert check_digit_ok(code.code), (name, code.code)
    assert not check_digit_ok("2345-8")
    assert loinc_for("Glucose", "mmol/l", None).code == "14749-6"  # type: ignore[union-attr]
    assert loinc_for("Glucose", "mg/dl", "serum").code == "2345-7"  # type: ignore[union-attr]
    assert loinc_for("Glucose", "furlongs", None) is None


def test_the_second_catalog_batch_takes_the_code_of_its_unit_or_none() -> None:
    assert loinc_for("Cortisol", "nmol/l", None).code == "14675-3"  # type: ignore[union-attr]
    assert loinc_for("Cortisol", "ug/dl", "serum").code == "2143-6"  # type: ignore[union-attr]
    # a partial pressure is one property, in mmHg or kPa; venous or arterial alike
    assert loinc_for("pCO2", "kpa", "venous blood").code == "11557-6"  # type: ignore[union-attr]
    assert loinc_for("Platelets", "lakh/ul", None).code == "26515-7"  # type: ignore[union-attr]
    upcr = loinc_for("Urine protein/creatinine ratio", "g/g", "urine")
    assert upcr is not None and upcr.code == "2890-2"
    assert loinc_for("Urine protein/creatinine ratio", "mg/mmol", "urine") is None
    assert loinc_for("Postprandial glucose", "mmol/l", None) is None  # no molar code confirmed
    assert ucum_code("lakhs/cumm") == "10*5/uL"
    assert ucum_code("mmHg") == "mm[Hg]"


@pytest.mark.parametrize(
    ("analyte", "unit", "specimen", "code"),
    [
        # Each pair as LOINC's own files give it (reader-catalogue4; the files and commits are
        # in docs/clinical-rounds.md): the code of the analyte's specimen and property.
        ("Vitamin D", "ng/ml", None, "62292-8"),  # D2+D3 mass (1989-3 is D3 alone)
        ("Vitamin D", "nmol/l", None, "68438-1"),  # the molar code, not the mass one
        ("C-peptide", "ng/ml", None, "1986-9"),
        ("Methylmalonic acid", "nmol/l", None, "13964-2"),
        ("Selenium", "ng/ml", None, "5724-0"),
        ("Vitamin A", "ug/dl", None, "2923-1"),
        ("Vitamin E", "mg/l", None, "1823-4"),
        ("Vitamin B6", "nmol/l", None, "62236-5"),
        ("Vitamin C", "umol/l", None, "14622-5"),
        ("Gentamicin", "mg/l", None, "35668-3"),
        ("Anti-CCP", "u/ml", None, "53027-9"),
        ("Antithrombin", "%", None, "27811-9"),
        ("Cholinesterase", "u/l", None, "2098-2"),
        ("Oxygen saturation", "%", None, "20564-1"),
        ("Nucleated RBC", "10^9/l", None, "30392-5"),
        ("Immature granulocytes", "/ul", None, "51584-1"),
        ("Methanol", "mg/dl", None, "5693-7"),
        ("Isopropanol", "mg/dl", None, "5669-7"),
        ("Acetone", "mg/dl", None, "5568-1"),
        ("Beta-hydroxybutyrate", "mmol/l", None, "6873-4"),
        ("Carboxyhemoglobin", "%", None, "20563-3"),
        ("Renin activity", "ng/ml/h", None, "2915-7"),
        ("Pyruvate", "umol/l", None, "14121-8"),
        ("Adenosine deaminase", "u/l", "serum", "47826-3"),
        ("Inhibin B", "pg/ml", None, "34319-4"),
        ("Citrulline", "umol/l", None, "20640-9"),
        ("Porphobilinogen", "umol/l", "urine", "2811-8"),
        ("Uroporphyrin", "ug/24h", "urine", "3113-8"),
        ("Orotic acid", "umol/mmol", "urine", "17869-9"),
    ],
)
def test_codes_added_from_loincs_published_files(
    analyte: str, unit: str, specimen: str | None, code: str
) -> None:
    found = loinc_for(analyte, unit, specimen)
    assert found is not None and found.code == code


def test_a_value_the_codes_do_not_cover_gets_none() -> None:
    # a per-100-leukocytes NRBC, a pleural ADA, a 24-hour porphobilinogen amount: no code
    # was confirmed for them, so none rather than the blood count's, serum's or spot urine's
    assert loinc_for("Nucleated RBC", "%", None) is None
    assert loinc_for("Adenosine deaminase", "u/l", "pleural fluid") is None
    assert loinc_for("Porphobilinogen", "mg/24h", "urine") is None
    assert loinc_for("Porphobilinogen", "mg/l", None) is None  # a urine test's code


def test_every_catalog_unit_has_a_ucum_code() -> None:
    units = {r.unit for analyte in BY_NAME.values() for r in analyte.ranges} - {""}
    assert units <= set(UCUM), units - set(UCUM)
    assert ucum_code("x10^9/L") == "10*9/L"
    assert ucum_code("µIU/mL") == "m[IU]/L"
    assert ucum_code(None) is None


# --- patient, device, provenance ---------------------------------------------------------------


def test_the_patient_has_name_age_and_gender_and_the_name_can_be_left_out() -> None:
    named = one(export(name="Mary <Seacole>"), "Patient")
    assert named["name"] == [{"text": "Mary <Seacole>"}]
    assert "Mary &lt;Seacole&gt;" in named["text"]["div"]
    assert named["gender"] == "female"
    (age,) = named["extension"]
    assert age["valueAge"] == {
        "value": 58,
        "unit": "years",
        "system": "http://unitsofmeasure.org",
        "code": "a",
    }
    assert "birthDate" not in named
    unnamed = one(export(name="Mary Seacole", include_patient_name=False), "Patient")
    assert "name" not in unnamed
    assert "Mary Seacole" not in json.dumps(export(include_patient_name=False))


def test_provenance_names_the_engine_as_author_and_the_signer_as_attester() -> None:
    bundle = export(signed(1))
    trail, device = one(bundle, "Provenance"), one(bundle, "Device")
    doctor = one(bundle, "Practitioner")
    agents = {a["type"]["coding"][0]["code"]: a["who"]["reference"] for a in trail["agent"]}
    assert agents == {"author": f"urn:uuid:{device['id']}", "attester": f"urn:uuid:{doctor['id']}"}
    assert trail["occurredPeriod"] == {
        "start": "2026-03-04T09:41:00+00:00",
        "end": "2026-03-05T08:00:00+00:00",
    }
    assert trail["recorded"] == "2026-03-05T08:00:00+00:00"
    assert trail["signature"][0]["who"]["reference"] == f"urn:uuid:{doctor['id']}"
    targets = {t["reference"] for t in trail["target"]}
    assert f"urn:uuid:{one(bundle, 'Composition')['id']}" in targets
    # composition, the signed primary diagnosis (no unreviewed differential), report, values
    assert len(targets) == 1 + 1 + 1 + len(LABS)
    assert {n["name"] for n in device["deviceName"]} >= {"gpt-test-mini"}
    assert {v["value"] for v in device["version"]} == {"openai", "v7"}
    draft_trail = one(export(), "Provenance")
    assert [a["type"]["coding"][0]["code"] for a in draft_trail["agent"]] == ["author"]
    assert draft_trail["occurredDateTime"] == "2026-03-04T09:41:00+00:00"


def test_narrative_escapes_markup() -> None:
    assert div(["<script>alert(1)</script> & more"]) == (
        '<div xmlns="http://www.w3.org/1999/xhtml">'
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p></div>"
    )


def test_the_name_setting_reads_true_or_false() -> None:
    assert Settings.from_sources({}).fhir_patient_name is True
    assert Settings.from_sources({"MEDCASE_FHIR_PATIENT_NAME": "false"}).fhir_patient_name is False
    assert Settings.from_sources({"MEDCASE_FHIR_PATIENT_NAME": False}).fhir_patient_name is False
    with pytest.raises(SettingsError, match="true or false"):
        Settings.from_sources({"MEDCASE_FHIR_PATIENT_NAME": "maybe"})
