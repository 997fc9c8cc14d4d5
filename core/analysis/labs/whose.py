"""Whose result a number is: a case report also tells a relative's values and, in a mother's
case, her newborn's. Neither is this patient's result, whatever the test.

- A relative's value: the relative named with a possessive before the test ("her sister's
  potassium was 2.9", issue #29), or the sentence names a relative and the pronoun before the
  test is the relative's, not the patient's ("his elder sister ... had been diagnosed when
  she was five months old: ... her insulin-like growth factor 1 (IGF-1) level was 286ng/mL",
  a boy's case; Journal of Medical Case Reports, CUPCase row 3217).
- A newborn's value in an adult's case: the umbilical cord's blood gas ("The arterial cord pH
  was 7.01 with CO2 of 71 mmHg and lactate of 9.5 mmol/L", a mother's case; Journal of
  Medical Case Reports, CUPCase row 1387), or the baby named with a possessive ("the
  newborn's glucose"), or the whole sentence is the newborn's ("The neonate was born with
  ... an arterial blood gas pH of 6.507", a mother's case). In a child's case the newborn
  may be the patient: read as usual.
- A fluid given to the patient, not taken from them: a dialysis bath's or a replacement
  fluid's concentration ("which uniformly use dialysate with a potassium concentration (KD)
  of 2.0 mmol/L", He et al., Ann Palliat Med 2021;10:12218, PubMed 35016414) is no serum
  potassium, and never a critical one.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME
from core.analysis.labs.reference import Patient

# A relative of the patient's, by name (also a table column's heading: table_columns.py).
RELATIVES = (
    r"sisters?|brothers?|siblings?|mother|father|parents?|husband|wife|spouse|partner|sons?"
    r"|daughters?|cousins?|aunt|uncle|niece|nephew|grand(?:mother|father|parents?)|twin"
)
_FEMALE = re.compile(r"(?i)\b(?:sisters?|mother|wife|daughters?|aunt|niece|grandmother)\b")
_MALE = re.compile(r"(?i)\b(?:brothers?|father|husband|sons?|uncle|nephew|grandfather)\b")
_RELATIVE = re.compile(rf"(?i)\b(?:{RELATIVES})\b")
# "her sister's potassium": a relative's, by the possessive (unless it names the patient).
# The clause may end at the apostrophe itself, where a test's name takes the possessive's
# "s" as its own serum prefix (CK's "s. ck"): "The sister’s CK levels during rhabdomyolysis
# reached 18,000 (1.8 × 10^4) IU/L" (a two-sibling case, J Med Case Rep; CUPCase row 1568).
_RELATIVE_OWNS = re.compile(rf"(?i)\b(?P<who>{RELATIVES})(?:'|’)(?:s?\s+(?:[\w-]+\s+){{0,3}})?$")
# "proband’s sister had a 17-OHP levels (9,072 ng/dL) 1 year after the cessation of
# medication" (CaseReportBench item 104, the brother's case): the relative is the clause's
# subject and has the test.
_RELATIVE_HAS = re.compile(
    rf"(?i)\b(?P<who>{RELATIVES})\s+(?:had|has|showed)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){{0,2}}$"
)
_CHILD_OF = re.compile(r"(?i)sons?|daughters?")
_THE_PATIENT = re.compile(r"(?i)\b(?:our|the|this|index)\s+(?:patient|proband|case)\b")
_PRONOUN = re.compile(r"(?i)\b(his|her)\b")

# The newborn's blood in a mother's case: the umbilical cord's gas or blood, or the baby named
# with a possessive.
_CORD = re.compile(
    r"(?i)\b(?:(?:arterial|venous)\s+)?(?:umbilical\s+)?cord(?:\s+(?:arterial|venous))?"
    r"\s+(?:blood\s+)?(?:gas(?:es)?|ph|blood|samples?)\b|\bumbilical\s+(?:artery|arterial|vein|venous)\b"
)
_BABY = r"(?:newborn|neonate|baby|infant|fetus|foetus)(?:'|’)s\s+"
# "The neonate's laboratory findings: ... hemoglobin (Hb) level of 14.8" (a mother's case;
# Journal of Medical Case Reports, CUPCase row 942): every result of the sentence is the baby's.
_BABYS_RESULTS = re.compile(
    rf"(?i)\b{_BABY}(?:(?:laboratory|lab|blood)\s+)?(?:findings|results|tests|values|investigations)\b"
)
_BABY_OWNS = re.compile(
    rf"(?i)\b{_BABY}(?:[\w-]+\s+){{0,3}}$"
    r"|\b(?:fetal|foetal)\s+(?:[\w-]+\s+){0,1}$"
    # the cord's own pH: "The arterial cord pH was 7.01"
    r"|\bcord\s+(?:(?:arterial|venous)\s+)?(?:blood\s+)?$"
)


# A sentence about the newborn in a case whose patient is old enough to be the parent: its
# values are the baby's, another person's. "The neonate was born with APGARS 0 and 2, an
# arterial blood gas pH of 6.507, pCO2 of 176, and a base excess of −29.4" (PMC-Patients
# note, MedCalc-Bench: the patient is the 29-year-old mother); "She delivered a 1650 gram
# premature baby girl with an umbilical cord pH of 7.01" (J Med Case Rep, CUPCase row 1776).
# The newborn is the sentence's subject, owns the result ("the infant's"), or the blood is
# the umbilical cord's.
_NEWBORN_TOLD = re.compile(
    r"(?i)^\W*(?:the|her|his|their|a|an)\s+(?:\w+\s+){0,2}?(?:neonate|newborn|baby|infant|"
    r"f(?:o)?etus)\b"
    r"|\b(?:neonate|newborn|baby|infant|f(?:o)?etus)(?:'s|’s)\s"
    r"|\bcord\s+(?:blood\s+|arterial\s+|venous\s+)?(?:ph|gas(?:es)?|blood|lactate|"
    r"p?co2|base)"
)
PARENTS_AGE = 12  # a patient this old is not the newborn a report tells of beside them


# The sentence after one that tells the newborn's results goes on with the baby's when it
# names no one: "The newborn was not severely anemic, with a hemoglobin level of 13.3 g/dl.
# The venous blood pH was 6.860 and base excess was − 21.9." (a 29-year-old mother's case, J
# Med Case Rep; CUPCase row 1167: the pH was a false critical value of hers); "The results of
# cord blood gas analysis showed ... a pH of 7.32. and a base excess of −2.9 mmol/L" (MedRBench
# PMC11544788, a stray full stop). Only after a sentence that itself holds a test's name: "The
# baby was delivered by caesarean section. Postpartum haemoglobin was 8.2 g/dL" is hers.
_SOMEONE = re.compile(
    r"(?i)\b(?:she|her|hers|herself|he|his|him|patient|mother|maternal|woman|wife|proband)\b"
)


def a_newborns_sentence(told: str, patient: Patient, previous: str = "") -> bool:
    """Whether ``told`` (the whole sentence a value is told in) is about the newborn, in a
    case whose patient is old enough to be the parent; ``previous`` is the sentence before,
    whose newborn's results a sentence naming no one goes on with."""
    if patient.age is None or patient.age < PARENTS_AGE:
        return False
    if _NEWBORN_TOLD.search(told):
        return True
    return bool(
        _NEWBORN_TOLD.search(previous)
        and ANALYTE_NAME.search(previous)
        and not _SOMEONE.search(told)
    )


# "The mother's test results were prepared at 3:56 p.m., which were as follows. A white blood
# cell (WBC) count of 12.7, Hb level of 12.1, ..." (a neonate's case; Journal of Medical Case
# Reports, CUPCase row 942): a sentence that announces a relative's results to follow makes
# the next sentence's results the relative's.
_RELATIVES_RESULTS_FOLLOW = re.compile(
    rf"(?i)\b(?P<who>{RELATIVES})(?:'|’)s\s+(?:[\w-]+\s+){{0,2}}"
    r"(?:results|findings|tests|values|investigations)\b[^.]*\b(?:as\s+follows|following)\W*$"
)


# A fluid the patient is given, named in the test's own clause.
_FLUID_GIVEN = re.compile(
    r"(?i)\b(?:dialysate|dialys(?:is|ate)\s+(?:bath|fluid|solution)|(?:replacement|substitution)"
    r"\s+(?:fluids?|solutions?))\b"
)


def _the_patient(who: str, patient: Patient, adult: bool) -> bool:
    """Whether the relation names the patient: a child's case tells "her son's glucose"
    (the mother's words), a woman's obstetric case "the mother's haemoglobin"."""
    if _CHILD_OF.fullmatch(who):
        return not adult
    return who.lower() == "mother" and adult and patient.sex == "female"


def _relative_pronoun(sentence: str, patient: Patient) -> bool:
    """The sentence names a relative, not the patient after them, and the last possessive
    pronoun before the test is of the relative's sex and not the patient's."""
    relatives = list(_RELATIVE.finditer(sentence))
    if not relatives or patient.sex is None:
        return False
    after = sentence[relatives[-1].start() :]
    if _THE_PATIENT.search(after):
        return False
    pronouns = _PRONOUN.findall(after)
    if not pronouns:
        return False
    pronoun = pronouns[-1].lower()
    named = relatives[-1].group()
    if pronoun == "her":
        return patient.sex == "male" and bool(_FEMALE.fullmatch(named))
    return patient.sex == "female" and bool(_MALE.fullmatch(named))


# A relative told of over several sentences: the sentences after the one that names them go
# on with the relative's pronoun, never naming the patient. "On the contrary, the other twin
# girl was born with a birth weight of 2.4 kg ... Her liver function test showed mildly
# elevated liver enzymes (peak aspartate aminotransferase of 371 U/L ...)" (a boy's case,
# CaseReportBench item 102); "After his diagnosis, the 3-year-old sister was screened ... At
# the time of her diagnosis she was also of normal growth ... She was also started on
# physiologic doses of hydrocortisone after ACTH1-24 -stimulation showed suboptimal rise in
# cortisol levels (13.12 μg/dL after 60 minutes)" (a boy's case, CaseReportBench item 104).
_PRONOUNS = {
    "male": re.compile(r"(?i)\b(?:he|his|him|himself)\b"),
    "female": re.compile(r"(?i)\b(?:she|her|hers|herself)\b"),
}
# a relative whose word has no sex takes it from a word beside it: "the other twin girl"
_KIN_OF_SEX = {
    "female": re.compile(rf"(?i)\b(?:{RELATIVES})\s+(?:[\w-]+\s+){{0,1}}(?:girl|female)\b"),
    "male": re.compile(rf"(?i)\b(?:{RELATIVES})\s+(?:[\w-]+\s+){{0,1}}(?:boy|male)\b"),
}
_CARRIED_SENTENCES = 3  # how far back the relative may have been named
# A report of two patients who are kin tells each one's values in turn: "Both children were
# transferred to the paediatric intensive care unit ... The sister was treated with two doses
# of atropine ... Her PCE level was 4.6 kU/l on day 10 as well" (two poisoned siblings, Int
# J Emerg Med 2011;4:32; dev case cr4-dx-organophosphate-children-pseudocholinesterase); "The sister
# (patient 2), a 13-year-old girl" (CUPCase row 1568). Once the paragraph has told them as
# patients, a relative's pronoun carries no other person's value.
_KIN_AS_PATIENTS = re.compile(
    r"(?i)\b(?:both|our|two|the\s+two)\s+(?:patients|children|siblings|twins|cases)\b"
    r"|\bpatients?\s+(?:[12AB]|one|two)\b"
)


def _relatives_sex(sentence: str) -> set[str]:
    """The sexes of the relatives a sentence names."""
    sexes = set()
    if _FEMALE.search(sentence) or _KIN_OF_SEX["female"].search(sentence):
        sexes.add("female")
    if _MALE.search(sentence) or _KIN_OF_SEX["male"].search(sentence):
        sexes.add("male")
    return sexes


def _relative_carried(sentence: str, earlier: list[str], patient: Patient) -> bool:
    """The value's sentence speaks of someone of the other sex than the patient, by pronoun
    only, and going back over the sentences before it (none naming the patient or using the
    patient's pronoun) the first one that names a relative names one of that sex, after any
    mention of the patient in that sentence."""
    own = patient.sex
    if own is None:
        return False
    other = "female" if own == "male" else "male"
    if (
        not _PRONOUNS[other].search(sentence)
        or _PRONOUNS[own].search(sentence)
        or _RELATIVE.search(sentence)
        or _THE_PATIENT.search(sentence)
    ):
        return False
    if any(_KIN_AS_PATIENTS.search(told) for told in earlier):
        return False
    for told in reversed(earlier[-_CARRIED_SENTENCES:]):
        relatives = list(_RELATIVE.finditer(told))
        if relatives:
            after = told[relatives[-1].start() :]
            return (
                other in _relatives_sex(after)
                and not _THE_PATIENT.search(after)
                and not _PRONOUNS[own].search(after)
            )
        if _PRONOUNS[own].search(told) or _THE_PATIENT.search(told):
            return False
    return False


def anothers_value(
    sentence: str,
    clause: str,
    patient: Patient,
    earlier: list[str] | None = None,
) -> bool:
    """Whether the test named after ``sentence`` (its sentence up to the name) and ``clause``
    (its own clause up to the name) is a relative's, a fluid's given to the patient or, in an
    adult's case, a newborn's. ``earlier`` holds the sentences before the value's, in order:
    the one right before may announce whose results follow, and a relative told of in them
    may still be the one the value's sentence speaks of."""
    previous = earlier[-1] if earlier else ""
    if _FLUID_GIVEN.search(clause):
        return True
    owner = _RELATIVE_OWNS.search(clause) or _RELATIVE_HAS.search(clause)
    adult = patient.age is not None and not patient.child
    if owner and not _the_patient(owner.group("who"), patient, adult):
        return True
    announced = _RELATIVES_RESULTS_FOLLOW.search(previous)
    if (
        announced
        and not _THE_PATIENT.search(sentence)
        and not _the_patient(announced.group("who"), patient, adult)
    ):
        return True
    if _relative_pronoun(sentence, patient):
        return True
    if earlier and _relative_carried(sentence, earlier, patient):
        return True
    if not adult:
        return False
    return bool(
        _CORD.search(sentence) or _BABYS_RESULTS.search(sentence) or _BABY_OWNS.search(clause)
    )
