"""The rules engine's diagnosis: the doctor's words and the lab findings, ranked together.

Critical first (a value on the critical list, a life-threatening condition), then the
doctor's stated diagnoses (an assessment, an impression, the case notes) in the order
written, then by severity: acute, chronic, a presenting complaint; a condition the
notes affirm before a lab pattern alone. A lab finding that a stated or known condition
explains joins that condition as its evidence instead of competing with it. Up to three
further diagnoses make the differential. With nothing to go on the engine abstains: "Not
determined", no code (never an encounter code such as Z00, which says nothing about the
patient).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.analysis.labs.format import format_lab_value
from core.analysis.rules.age_codes import for_the_age
from core.analysis.rules.conditions import SEVERITY_RANK, Condition
from core.analysis.rules.confidence import abstain, confidence_of
from core.analysis.rules.deltas import delta_findings
from core.analysis.rules.evidence import Candidate, LabResults, Ranked
from core.analysis.rules.hematology import anemia, blood_cells, coagulation, iron_and_vitamins
from core.analysis.rules.metabolic import (
    acid_base,
    diabetes_evidence,
    electrolytes,
    glycemia,
    kidney,
    lipids,
    thyroid,
)
from core.analysis.rules.notes import Mention, NoteFacts
from core.analysis.rules.organisms import ORGANISMS
from core.analysis.rules.organs import cardiac, inflammation, liver, urine
from core.icd10 import annotate_diagnosis
from core.insights import DeltaCheck, DifferentialDiagnosis, LabValue, PrimaryDiagnosis

# Which stated or known conditions explain a lab finding (by the condition's name).
_EXPLAINS: dict[str, tuple[str, ...]] = {
    "abnormal_kidney_function": ("Acute kidney injury", "Chronic kidney disease", "Kidney failure"),
    "elevated_troponin": (
        "Acute myocardial infarction",
        "Non-ST elevation myocardial infarction",
        "ST elevation myocardial infarction",
        "Acute coronary syndrome",
        "Unstable angina",
    ),
    "elevated_natriuretic_peptide": ("Heart failure", "Acute on chronic heart failure"),
    "abnormal_coagulation": ("Warfarin-related coagulopathy", "Coagulopathy"),
    "type2_diabetes": (
        "Type 2 diabetes mellitus",
        "Type 1 diabetes mellitus",
        "Diabetic ketoacidosis",
    ),
    "hyperglycemia": (
        "Type 2 diabetes mellitus",
        "Type 1 diabetes mellitus",
        "Diabetic ketoacidosis",
    ),
    "anemia": ("Anemia", "Iron deficiency anemia", "Gastrointestinal hemorrhage"),
    "iron_deficiency_anemia": ("Iron deficiency anemia",),
    "hyperkalemia": ("Hyperkalemia",),
    "hypokalemia": ("Hypokalemia",),
    "hyponatremia": ("Hyponatremia",),
    "hypernatremia": ("Hypernatremia",),
    "hypercalcemia": ("Hypercalcemia",),
    "thrombocytopenia": ("Thrombocytopenia",),
    "thrombocytosis": ("Thrombocytosis",),
    "hypothyroidism": ("Hypothyroidism",),
    "autoimmune_thyroiditis": ("Hypothyroidism",),
    "hyperthyroidism": ("Hyperthyroidism",),
    "abnormal_thyroid_tests": ("Hypothyroidism", "Hyperthyroidism"),
    "urinary_tract_infection": ("Urinary tract infection", "Pyelonephritis"),
    "leukocytosis": (
        "Sepsis",
        "Septic shock",
        "Pneumonia",
        "Urinary tract infection",
        "Cellulitis",
    ),
    "elevated_crp": ("Sepsis", "Septic shock", "Pneumonia", "Cellulitis"),
    "elevated_procalcitonin": ("Sepsis", "Septic shock", "Pneumonia"),
    "mixed_hyperlipidemia": ("Hyperlipidemia",),
    "pure_hypercholesterolemia": ("Hyperlipidemia",),
    "hyperlipidemia": ("Hyperlipidemia",),
}


def rank_findings(
    values: list[LabValue], age: int, deltas: Sequence[DeltaCheck] = ()
) -> list[Candidate]:
    """Every finding the lab values (and their changes since earlier results) support, most
    urgent first."""
    labs = LabResults(values)
    found = delta_findings(labs, deltas) + glycemia(labs, age)
    found += anemia(labs) + iron_and_vitamins(labs) + blood_cells(labs) + coagulation(labs)
    found += kidney(labs) + electrolytes(labs) + acid_base(labs)
    found += thyroid(labs) + lipids(labs)
    found += cardiac(labs) + inflammation(labs) + liver(labs)
    found += urine(labs, diabetic=bool(diabetes_evidence(labs)))
    return sorted(found, key=lambda c: (-_lab_tier(c), -c.weight, -c.confidence))


# A lab finding whose weight reaches this is acute: an important test well outside its range
# (potassium 5.8, sodium 120, ALP 3.4 x ULN), not a creatinine just above it.
_ACUTE_WEIGHT = 1.05


def _lab_tier(candidate: Candidate) -> int:
    if any(v.critical for v in candidate.evidence):
        return SEVERITY_RANK["critical"]
    if candidate.borderline:
        return SEVERITY_RANK["symptom"]
    return SEVERITY_RANK["acute" if candidate.weight >= _ACUTE_WEIGHT else "chronic"]


@dataclass(frozen=True)
class RulesDiagnosis:
    diagnosis: PrimaryDiagnosis  # ICD-10-CM checked
    ranked: list[Ranked]  # every diagnosis, first is the primary one (empty: abstained)
    findings: list[Candidate]  # every lab finding, most urgent first


def diagnose(
    values: list[LabValue],
    age: int,
    facts: NoteFacts | None = None,
    unsure: int = 0,
    deltas: Sequence[DeltaCheck] = (),
) -> RulesDiagnosis:
    """The primary diagnosis, its differential and every ranked finding behind them.

    ``unsure`` counts what could not be read (tests named without a value, pages without
    text): it lowers the confidence, since the missing part may change the picture."""
    facts = facts or NoteFacts()
    findings = rank_findings(values, age, deltas)
    ranked = _ranking(findings, facts)
    for_the_age(ranked, age)  # an adult's failure to thrive is not the child's code
    if not ranked:
        return RulesDiagnosis(abstain(values, unsure, facts.impressions), [], findings)
    first = ranked[0]
    confidence, reason = confidence_of(first, unsure)
    differential = [
        DifferentialDiagnosis(
            diagnosis=r.name,
            icd_code=r.code,
            supporting_evidence=r.evidence[:4],
            confidence_score=confidence_of(r, unsure)[0],
        )
        for r in ranked[1:4]
    ]
    description = (
        f"Stated by the doctor and supported by lab values: {first.lab.reason}."
        if first.lab is not None and first.source == "stated"
        else f"Named in the notes and supported by lab values: {first.lab.reason}."
        if first.lab is not None and first.source != "lab"
        else f"Suggested by lab values: {first.lab.reason}."
        if first.lab is not None
        else "Named in the notes."
        if first.source in ("stated", "current")
        else "A known condition named in the notes."
    )
    diagnosis = PrimaryDiagnosis(
        primary_diagnosis=first.name,
        icd_code=first.code,
        description=description,
        confidence_score=confidence,
        supporting_evidence=first.evidence,
        differential=differential,
        confidence_reason=reason,
    )
    return RulesDiagnosis(annotate_diagnosis(diagnosis), ranked, findings)


def _ranking(findings: list[Candidate], facts: NoteFacts) -> list[Ranked]:
    from_notes: dict[str, Ranked] = {}
    for source, mentions in (
        ("stated", _disease_before_its_values(facts.stated)),
        ("current", facts.current),
        ("history", facts.history),
    ):
        for order, mention in enumerate(mentions):
            kept = from_notes.get(mention.condition.name)
            # A condition the case told as its earlier diagnosis and names now as well
            # ("initially suspected appendicitis", then "CT revealed acute appendicitis")
            # is told now.
            now = kept is not None and kept.earlier and not mention.earlier and source != "history"
            if kept is None or now:
                from_notes[mention.condition.name] = _from_note(mention, source, order)
    from_notes = _sited_over_unsited(from_notes)
    dka = from_notes.get("Diabetic ketoacidosis")
    type_2 = facts.knows("Type 2 diabetes mellitus") and not facts.knows("Type 1 diabetes mellitus")
    if dka is not None and type_2:
        dka.code = "E11.10"  # ketoacidosis in a patient the notes call type 2
    ranked = list(from_notes.values())
    for finding in findings:
        explained = sorted(  # the gravest condition that explains it takes the evidence
            (
                from_notes[name]
                for name in _EXPLAINS.get(finding.key, ())
                if name in from_notes and from_notes[name].lab is None
            ),
            key=lambda r: -r.tier,
        )
        if explained:  # the lab finding is evidence for what the doctor already named
            target = explained[0]
            target.lab = finding
            target.evidence += [format_lab_value(v) for v in finding.evidence]
            target.tier = max(target.tier, _lab_tier(finding))
            continue
        ranked.append(
            Ranked(
                finding.finding.name,
                finding.finding.code,
                _lab_tier(finding),
                "lab",
                [format_lab_value(v) for v in finding.evidence + finding.supporting],
                lab=finding,
            )
        )
    # Known conditions and complaints that nothing supports now are context, not diagnoses,
    # unless nothing else is known.
    symptom = SEVERITY_RANK["symptom"]
    active = [
        r
        for r in ranked
        if r.source in ("stated", "lab")
        or r.lab is not None
        or (r.source == "current" and r.tier > symptom)
    ]
    pool = active or [r for r in ranked if r.source == "current"] or ranked
    # A diagnosis the documents conclude ("a diagnosis of CAH ... was confirmed") is the
    # case's primary: a critical value's disorder (hyperkalaemia of that CAH) stays in the
    # differential and in the critical values, ahead of everything else.
    # A chronic condition concluded ("he was diagnosed with hypertension") does not explain
    # an acute critical value: that one still comes first.
    concluded = any(
        r.source == "stated" and r.concluded and not r.hedged and r.tier >= SEVERITY_RANK["acute"]
        for r in pool
    )
    # Where a critical condition or value would lead, the diagnoses the case concluded come
    # first, in their order: the disease established ("was diagnosed with IE", an organism a
    # test named) before the critical complication only found compatible with it ("consistent
    # with embolic stroke complications", Cureus 2024 PMC11647062) or the critical value it
    # explains (a haemoglobin of 4.9 g/dL in melioidosis, PMC11465958).
    critical_present = concluded and any(r.tier == SEVERITY_RANK["critical"] for r in pool)
    # A critical value's disorder is a finding: where the case states a disease firmly ("the
    # histopathological features were in keeping with a pancreatic neuroendocrine tumor"
    # beside a glucose of 1.9 mmol/L; "Iodine-131 uptake ... consistent with thyroiditis"
    # beside a raised troponin; JMCR, CUPCase), that disease explains the value, which stays
    # in the critical values and the differential.
    states = _states_a_disease_first(pool)
    ordered = sorted(pool, key=lambda r: _order(r, concluded, critical_present, states))
    # Borderline values (within 10 % of a limit) never make the primary diagnosis alone.
    firm = [r for r in ordered if not _borderline_alone(r)]
    return firm + [r for r in ordered if _borderline_alone(r)] if firm else []


# A condition told first without its site and named later with it: the code set's "Fracture
# NOS" and "Injury NOS" ("Radiographs revealed a displaced and angulated fracture", then "The
# distal radius fracture was fixed"), a pseudoaneurysm without its artery (I72.9) beside the
# one of the hepatic artery (I72.8).
_UNSITED = (
    (("T14.8", "T14.9"), lambda r: r.code.startswith("S") and "fracture" in r.name.lower()),
    (("I72.9",), lambda r: r.code.startswith("I72.") and r.code != "I72.9"),
    # Tuberculosis told without its organ (the code set's default, respiratory A15.9: "PCR
    # testing confirmed the presence of Mycobacterium tuberculosis") and by its organ elsewhere
    # ("Tuberculosis of gastrointestinal tract", MedRBench PMC11471654; "Sternal tuberculosis",
    # PMC11488405; "Gastric Tuberculosis", PMC11550494): the tuberculosis of that organ.
    (("A15.9",), lambda r: r.code.startswith(("A17", "A18"))),
)


def _sited_over_unsited(from_notes: dict[str, Ranked]) -> dict[str, Ranked]:
    for generic_codes, sited in _UNSITED:
        from_notes = _sited_over_generic(from_notes, generic_codes, sited)
    return from_notes


def _sited_over_generic(
    from_notes: dict[str, Ranked], generic_codes: tuple[str, ...], sited: Callable[[Ranked], bool]
) -> dict[str, Ranked]:
    """Where the notes name the condition's site, that one takes the place of the generic one
    told before it (its first place, its source at the strongest)."""
    ranked = list(from_notes.values())
    generic = [r for r in ranked if r.code.startswith(generic_codes)]
    named = [r for r in ranked if sited(r)]
    if not generic or not named:
        return from_notes
    place = min(_SOURCE_ORDER[r.source] for r in generic)
    first = min(named, key=lambda r: _SOURCE_ORDER[r.source])
    if _SOURCE_ORDER[first.source] > place:  # the generic one now, the sited only in the past
        return from_notes
    kept: dict[str, Ranked] = {}
    for name, r in from_notes.items():
        if any(r is g for g in generic):
            kept.setdefault(first.name, first)
        elif r is not first:
            kept[name] = r
    kept.setdefault(first.name, first)
    return kept


_SOURCE_ORDER = {"stated": 0, "current": 1, "history": 2}


def _borderline_alone(r: Ranked) -> bool:
    return r.source == "lab" and r.lab is not None and r.lab.borderline


_SOURCE_RANK = {"stated": 6, "current": 4, "lab": 2, "history": 0}


def _telling_rank(r: Ranked) -> int:
    """Where the documents tell a condition: stated, told now, a lab pattern, known.

    Of the conditions told now, a sign the patient presented with (chapter R: "In the
    emergency room she presented with signs of an acute abdomen") comes after a disease the
    case names beside it ("showed a CM extravasation at the level of the lower thoracic
    esophagus ... and a small mediastinal emphysema", JMCR, CUPCase): by the coding guidelines
    a sign is no first-listed diagnosis where a definitive one is known. It still comes
    before a lab pattern; a sign a test or an examination found keeps its place."""
    complaint = r.source == "current" and r.complaint and r.code.startswith("R")
    return _SOURCE_RANK[r.source] - int(complaint)


# Disorders a lab value names ("hyponatremia"): named in the notes while the current values
# no longer show them (a sodium of 138 at follow-up), they come after a disease named beside
# them (congenital adrenal hyperplasia), which explains them.
_NAMED_BY_A_VALUE = frozenset(
    {
        "Hyperkalemia",
        "Hypokalemia",
        "Hyponatremia",
        "Hypernatremia",
        "Hypercalcemia",
        "Hypocalcemia",
        "Hypomagnesemia",
        "Hypoglycemia",
        "Hypoalbuminemia",
        "Thrombocytopenia",
        "Thrombocytosis",
        "Anemia",
    }
)


# A sentence that states a disease beside the disorders of its values ("considering
# hyponatremia, hyperkalemia, metabolic acidosis and decreased cortisol level and increased
# ACTH level, lipoid CAH was diagnosed"; "... severe salt losing symptoms, except
# hyponatremia, but she was also diagnosed with CLAH") states the disease: the values'
# disorders are its grounds and come after it.
_VALUE_GROUNDS = _NAMED_BY_A_VALUE | {"Metabolic acidosis"}


def _disease_before_its_values(mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions in their order, each sentence's value disorders after its diseases."""
    sentences: dict[str, int] = {}
    for mention in mentions:
        sentences.setdefault(mention.sentence, len(sentences))
    diseases = {m.sentence for m in mentions if m.condition.name not in _VALUE_GROUNDS}
    return sorted(
        mentions,
        key=lambda m: (
            sentences[m.sentence],
            m.sentence in diseases and m.condition.name in _VALUE_GROUNDS,
        ),
    )


def _unsupported_value_disorder(r: Ranked) -> bool:
    return r.source != "lab" and r.lab is None and r.name in _NAMED_BY_A_VALUE


def _states_a_disease_first(pool: Sequence[Ranked]) -> bool:
    """The case's first firm statement names a disease: not a factor, a value's disorder, a
    sign or a chronic background ("which was being managed as a case of diabetic nephropathy"
    beside a sodium of 102 leaves the hyponatraemia first)."""
    firm = [r for r in pool if r.source == "stated" and not r.hedged and not r.earlier]
    if not firm:
        return False
    first = min(firm, key=lambda r: r.order)
    return (
        first.tier >= SEVERITY_RANK["acute"]
        and not _a_factor(first)
        and first.name not in _VALUE_GROUNDS
    )


def _order(
    r: Ranked, concluded: bool = False, concluded_first: bool = False, states: bool = False
) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]:
    stated = r.source == "stated" and not r.earlier
    history = r.source == "history"
    # A critical finding first (unless the documents conclude a diagnosis: then that one),
    # then what the doctor wrote, in the order written; then by severity, a condition the
    # notes affirm before a lab pattern alone. A critical condition of the history (a
    # myocardial infarction years ago) is no emergency now, unless a current value shows it;
    # among known conditions, the one
    # the documents state as a diagnosis ("a long-standing, biopsy-proven diagnosis of PXE")
    # comes before those listed beside it.
    now = not history or r.lab is not None  # a current value makes a known condition current
    # Where the case concludes a diagnosis, a critical condition it only found compatible
    # ("imaging findings were consistent with embolic stroke complications" after "was
    # diagnosed with IE": Cureus 2024, PMC11647062) no longer jumps ahead of it; nor does one
    # it concludes itself: the conclusions keep the order the case gives them ("The patient
    # was diagnosed with severe pneumonia, severe acute respiratory distress syndrome (ARDS),
    # septic shock, sepsis", PMC11608958: the disease, then its complications). A critical
    # value's disorder gives way to a disease the case states firmly first (states).
    critical = (
        r.tier == SEVERITY_RANK["critical"]
        and now
        and not r.earlier
        and not concluded
        and not (states and r.source == "lab")
    )
    established = concluded_first and stated and r.concluded and not r.hedged
    return (
        int(_a_factor(r)),
        int(_an_agent(r)),
        -int(critical),
        -int(established),
        -int(stated),
        r.order if stated else 0,
        # The case's earlier, working diagnosis ("was initially diagnosed with acute
        # appendicitis" in a Meckel's diverticulitis; revisions.py) comes after every
        # condition and lab finding told now, before what is only known or complained of.
        int(r.earlier),
        -int(history and r.concluded),
        -r.tier,
        -int(r.found),
        int(_unsupported_value_disorder(r)),
        -_telling_rank(r),
        -round((r.lab.weight if r.lab is not None else 0) * 1000),
    )


# Chapter 21 of the code set (Z00-Z99) holds factors that bear on a patient's care, not
# conditions: a week of pregnancy ("referred to our hospital at 22 weeks of gestation with a
# diagnosis of large fetal intra-abdominal cysts", Z3A), a body mass index ("Her body mass
# index (BMI) was 19.4", Z68), a pregnancy the case meets on the way ("in the first trimester
# of her second pregnancy was referred to the neurology department", Z33.1), a status ("who is
# HIV positive presented with multiple, pruritic, purplish colored plaques", Z21) (JMCR case
# presentations, CUPCase). The guidelines code Z3A and Z68 only beside the condition they bear
# on; a case report tells such a factor in its opening words, before its problem. It comes
# after every condition the documents name, and leads only where nothing else is known.
def _a_factor(r: Ranked) -> bool:
    return r.code.startswith("Z")


# "Bacterial and viral infectious agents (B95-B97): These categories are provided for use as
# supplementary or additional codes to identify the infectious agent(s) in diseases classified
# elsewhere" (the ICD-10-CM tabular list's note): an organism a culture grew is never the
# first-listed diagnosis. Named beside the disease it caused ("CSF culture revealed
# Enterococcus avium" in a child admitted for meningitis; "Surgical cultures were positive for
# Staphylococcus aureus" from an epidural abscess presenting as diabetic ketoacidosis; MedRBench
# PMC11578613), it comes after every condition and finding the documents tell, and leads only
# where nothing else is known, before a factor.
def _an_agent(r: Ranked) -> bool:
    return r.code.startswith(("B95", "B96", "B97"))


def _from_note(mention: Mention, source: str, order: int) -> Ranked:
    condition = mention.condition
    quote = mention.sentence.strip()
    where = {"stated": "the doctor's diagnosis", "current": "presenting", "history": "known"}
    label = ("found by a test" if mention.found and source == "current" else where[source]) + (
        ", worded with doubt" if mention.hedged else ""
    )
    return Ranked(
        condition.name,
        condition.code,
        SEVERITY_RANK[condition.severity],
        source,
        [f'Notes ({label}): "{quote}"'],
        # A hedged diagnosis comes after every one stated firmly, in its own order; an
        # infection known only by its organism's positive test ("PCR for CMV was positive")
        # after every diagnosis the case states, firmly or with doubt: a case that names its
        # disease (acute intermittent porphyria) met the organism on the way (C. difficile).
        order=order + (_HEDGED_AFTER if mention.hedged else 0) + _organism_after(condition),
        hedged=mention.hedged,
        concluded=mention.concluded and source in ("stated", "history"),
        found=mention.found and source == "current",
        complaint=mention.complaint and source == "current",
        earlier=mention.earlier,
    )


_HEDGED_AFTER = 1000


def _organism_after(condition: Condition) -> int:
    return 2 * _HEDGED_AFTER if condition in ORGANISMS else 0
