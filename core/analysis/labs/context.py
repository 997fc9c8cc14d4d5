"""Where and when a lab value was taken: its specimen (blood unless the text says otherwise)
and its time (admission, discharge, earlier), from a section heading or the sentence around it.

Notes and discharge summaries write "CSF glucose 40", "On admission, sodium was 118" or
"LABS ON DISCHARGE:"; lab reports write "Pleural fluid analysis" or "Urine chemistry" as a
heading. The word closest before a test's name wins; a sentence ends the scope of a word in
prose, a heading holds until the next heading.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Specimens other than blood. "serum", "plasma", "blood" bring a sentence back to blood.
_SPECIMENS: tuple[tuple[str, str], ...] = (
    # Never a colony-stimulating factor, a drug: "He received G-CSF from 7 days after stem
    # cell infusion and the nadir of white blood cells (0.09×10 9 /L) occurred 12 days after
    # transplantation" (CaseReportBench item 2) tells a blood count.
    (
        "csf",
        r"(?<!g-)(?<!gm-)(?<!m-)\bcsf\b|cerebrospinal\s+fluid|spinal\s+fluid|lumb[ae]r\s+puncture"
        r"|\bLP\b",
    ),
    # The procedure's other spellings name the same fluid: "A diagnostic thoracocentesis
    # produced straw-colored exudate with ...: lactic dehydrogenase of 113 U/L, total proteins
    # of 4.51 g/dL, albumin >2.9 g/dL, glucose value of 110 mg/dL" (MedRBench PMC11621942);
    # "The lumber puncture performed on admission revealed yellow, clear fluid with a white
    # blood cell (WBC) count of 18/uL" (PMC11460248)
    ("pleural fluid", r"pleural(?:\s+fluid)?|thoraco?centesis|pleurocentesis"),
    (
        "peritoneal fluid",
        r"peritoneal(?:\s+fluid)?|ascitic(?:\s+fluid)?|ascites\s+fluid|paracentesis"
        # "Following abdominocentesis, 3100 mL of serous and yellow fluid was drained, which
        # on analysis confirmed urinary ascites (creatinine, 15.48 mg/dL; BUN, 99.0 mg/dL; K,
        # 8.9 U/L)" (MedRBench PMC11535893): the ascites, not the urine, not the blood
        r"|abdominocentesis|urinary\s+ascites"
        # a peritoneal dialysis's fluid: "The white blood cell (WBC) count of PD fluid was 243"
        # (PMC11453173)
        r"|\bPD\s+(?:fluid|effluent)|dialysis[\s-]+effluent",
    ),
    ("synovial fluid", r"synovial(?:\s+fluid)?|joint\s+fluid|arthrocentesis"),
    # The pericardium's fluid is a specimen of its own (LOINC's "Pericard fld", the
    # catalogue's SPECIMENS): told as "pericardial fluid analysis", it was a "body fluid".
    (
        "pericardial fluid",
        r"pericardial(?:\s+(?:fluid|effusion))?(?=\s+(?:fluid|analysis|was|showed|revealed"
        r"|had|with|contained|\w+\s+(?:was|of)))|pericardial\s+fluid|pericardiocentesis",
    ),
    ("body fluid", r"body\s+fluid|fluid\s+analysis|drain\s+fluid"),
    # The lavage of the lungs, whose cells are counted as the blood's are: "Bronchoalveolar
    # lavage fluid (BALF) showed a total cell count of 3.00 × 103/μL, 25 % eosinophils, and 18 %
    # neutrophils" (MedRBench PMC11546930), "The BALF's cell counts showed 66% lymphocytes"
    # (PMC11645288): no blood differential. "BAL" alone is also dimercaprol, a drug.
    (
        "other fluid",
        r"bronchoalveolar\s+lavage|\bBALF\b|\bBAL\s+(?:fluid|samples?|specimens?|cells?|cytology)\b",
    ),
    ("urine", r"\burine\b|urinary|\bu-|urinalysis|\bua\b|\b24[-\s]?h(?:ou)?r?\s+urine"),
    # Bare "blood" is also a urine dipstick test ("4+ blood"): only its compounds name blood.
    (
        "blood",
        r"\bserum\b|\bplasma\b|blood\s+(?:work|tests?|samples?|levels?|chemistr(?:y|ies))"
        r"|venous|arterial|peripheral\s+blood"
        # the blood count in Chinese reports' words, told after a CSF's list in one sentence:
        # "cerebrospinal fluid biochemistry shows: protein 1.91 g/L, chloride 113.0 mmol/L,
        # sugar 0.7 mmol/L,” blood routine shows white blood cells 24.77 × 109/L"
        # (MedRBench PMC11422092)
        r"|blood\s+routine|routine\s+blood"
        # "urine PCO2, blood PCO2, urine HCO3, blood HCO3" of a bicarbonate loading test:
        # "blood" right before a test's name (never a dipstick's "2+ blood")
        r"|(?<![+\d]\s)(?<![+\d])\bblood\s+$"
        # A disorder of the blood's cells is the blood's: in "Laboratory results including
        # renal parameters, blood count, and urine analysis were normal except for
        # leukocytosis of 16,880 cells per ml" (Int J Surg Case Rep, MedRBench PMC11424908)
        # the count is no urine's.
        r"|\bleu[ck]ocytosis\b|\bleu[ck]openia\b|\bneutropenia\b|\bpancytopenia\b"
        r"|\bthrombocyt(?:openia|osis)\b"
        # The blood count's own names: "Urine microscopy was normal, and the initial hemogram
        # showed hemoglobin of 7.5 g/dl" (MedRBench PMC11419586) is the blood's haemoglobin,
        # not a dipstick's blood the urine named earlier in the sentence held
        r"|\bha?emograms?\b|\bcbc\b|\b(?:complete|full)\s+blood\s+counts?\b",
    ),
)
_SPECIMEN_WORDS = re.compile(
    "|".join(f"(?P<s{i}>{pattern})" for i, (_, pattern) in enumerate(_SPECIMENS)), re.IGNORECASE
)

# Time words, the later ones last: "latest" is the largest rank (see TIMING_ORDER).
_TIMES: tuple[tuple[str, str], ...] = (
    (
        "discharge",
        r"(?:on|at|upon|prior\s+to|before|day\s+of)\s+discharge|discharge\s+(?:labs?|"
        r"values|bloods|results)|at\s+the\s+time\s+of\s+discharge",
    ),
    (
        "admission",
        r"(?:on|at|upon)\s+admission|admission\s+(?:labs?|values|bloods|results)|"
        r"admitting\s+labs?|on\s+arrival|at\s+presentation|initial(?:ly)?\s+labs?",
    ),
    (
        "earlier",
        r"previous(?:ly)?|prior\s+(?:results?|values?|labs?)|earlier|baseline|yesterday|"
        r"\blast\b(?!\s+night)|old\s+results?|historical|\bago\b"
        # a result other doctors found before the patient came: "presented to an emergency
        # department because of the finding by penitentiary doctors of severe anemia:
        # hemoglobin (Hb) 43 g/L" (Journal of Medical Case Reports, CUPCase row 1521)
        r"|\bfinding\s+by\s+(?:\w+\s+){0,3}?(?:doctors?|physicians?|practitioners?)\b"
        # a time before the case's own events, fronted to set the time of its clause: "One
        # month before admission, the laboratory data of her regular medical check was normal
        # as per the following values: hemoglobin 12.7g/dL" (J Med Case Rep, CUPCase row
        # 2693), "Medical records indicated that 4 weeks before her delivery, she had normal
        # hemoglobin (12.7 g/dl)" (CUPCase row 631). Not a span the complaint began in ("fever
        # that started 3 days before admission, and his hemoglobin was 6.0" dates no result).
        r"|(?:^\s*|\bthat\s+|;\s*)(?:about\s+|approximately\s+|some\s+)?"
        r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a|an|several|"
        r"a\s+few)\s+(?:days?|weeks?|months?|years?)\s+(?:before|prior\s+to)\s+"
        r"(?:(?:the|his|her|their|this|its)\s+)?(?!discharge\b)[\w-]+(?:\s+[\w-]+)?\s*,",
    ),
    (
        "repeat",
        r"\brepeat(?:ed)?\b|follow[-\s]?up\s+labs?|recheck(?:ed)?|"
        # "... and creatinine fell to 1.0": a later result of the same test
        r"\b(?:rose|fell|dropped|increased|decreased|improved|normali[sz]ed)\s+to\b",
    ),
)
_TIME_WORDS = re.compile(
    "|".join(f"(?P<t{i}>{pattern})" for i, (_, pattern) in enumerate(_TIMES)), re.IGNORECASE
)
# Earlier results count before the report's own time, a discharge value after everything.
TIMING_ORDER = {"earlier": 0, "admission": 1, None: 2, "repeat": 3, "discharge": 4}

_SENTENCE_END = re.compile(r"\.(?=\s)|;|\.$")
_SECTION_BREAK = re.compile(
    r"(?i)\b(?:blood\s+count|\bcbc\b|hematology|haematology|chemistry|metabolic|panel|profile|"
    r"lipid|thyroid|liver|renal|kidney|cardiac|coagulation|electrolytes|serum|plasma|blood)\b"
)


# A heading that opens a document's results as a whole: whatever specimen a title or an
# earlier section named no longer holds ("Laboratory Investigations", "Results").
_RESULTS_HEADING = re.compile(
    r"(?i)^\s*(?:laboratory\s+(?:investigations?|data|results|findings|tests?)|investigations|"
    r"results|lab(?:oratory)?s?)\s*:?\s*$"
)


@dataclass
class Section:
    """The specimen and time a heading set, for the lines under it."""

    specimen: str | None = None
    timing: str | None = None

    def read_heading(self, line: str) -> None:
        """Update from a line that is a heading (it holds no value)."""
        specimen, timing = _closest(line)
        if specimen is None and _RESULTS_HEADING.search(line):
            self.specimen = None  # "Laboratory Investigations" opens the results anew
        elif specimen is not None:
            self.specimen = None if specimen == "blood" else specimen
        elif _SECTION_BREAK.search(line) and self.specimen not in (None, "urine"):
            self.specimen = None
        if timing is not None:
            self.timing = timing


_URINE_ONLY_TESTS = re.compile(
    r"(?i)specific\s+gravity|nitrites?\b|leukocyte\s+esterase|ketones|dipstick"
)


# The name of a test that compares two specimens names neither for the tests after it: in "His
# peritoneal fluid was an exudate with 4.3 g/dl protein and a serum-to-ascites albumin gradient
# of −1.1 g/dl (<1.1 g/dl), a lactic acid dehydrogenase level of 527 U/L, WBC of 73 cells/mm³"
# (Journal of Medical Case Reports, CUPCase row 2377) the LDH and the cells are the fluid's.
_TWO_SPECIMENS = re.compile(
    r"(?i)\b(?:serum|plasma|blood)\s*(?:-\s*to\s*-|\s+to\s+|/|-)\s*(?:ascites|ascitic|pleural)\b"
    r"|\b(?:pleural|ascitic|peritoneal)(?:\s+fluid)?\s*(?:-\s*to\s*-|\s+to\s+|/)\s*"
    r"(?:serum|plasma|blood)\b"
)


# A bracket that holds a result and has closed before a test's name speaks of its own
# specimen only: in "Her laboratory data showed pyuria (urine white blood cell count 30 to
# 50/high power field) and severe peripheral blood pancytopenia: white blood cell (WBC) count
# 2200/mm3 ..., hemoglobin 5.5g/dL" (J Med Case Rep, CUPCase row 2690) the counts are the
# blood's. A bracket without a number ("sodium (urine): 40") still names the specimen.
_RESULT_IN_BRACKETS = re.compile(r"\((?=[^()]*\d)[^()]*\)")


# A fluid the sentence says is not there: "No pleural fluid", "without ascites", "absence of
# effusion", "... fluid was not detected", "the effusion resolved". A negation elsewhere in the
# sentence ("Turbid pleural fluid, not foul-smelling, was drained.") denies no fluid.
_NO_BEFORE = re.compile(r"(?i)\b(?:no|without|absence\s+of|free\s+of)\s+(?:[\w-]+\s+){0,2}$")
_NO_AFTER = re.compile(
    r"(?i)^[\w\s-]{0,30}?\b(?:(?:was|were|is|are)\s+(?:not\s+(?:detected|found|seen|present|"
    r"observed|identified|obtained)|absent)|resolved)\b"
)


def _fluid_denied(sentence: str) -> bool:
    return any(
        _NO_BEFORE.search(sentence[: m.start()]) or _NO_AFTER.match(sentence[m.end() :])
        for m in _SPECIMEN_WORDS.finditer(sentence)
    )


def value_context(section: Section, before: str) -> tuple[str | None, str | None]:
    """(specimen, timing) for a test whose name follows ``before`` on its line."""
    sentences = _SENTENCE_END.split(before)
    sentence = _TWO_SPECIMENS.sub(" ", sentences[-1])
    _, timing = _closest(sentence)
    specimen = _closest(_RESULT_IN_BRACKETS.sub(" ", sentence))[0]
    if specimen is None and _URINE_ONLY_TESTS.search(sentence):
        specimen = "urine"  # "Specific gravity 1.023, and negative for protein"
    previous = sentences[-2] if len(sentences) > 1 else ""
    if specimen is None and previous and not re.search(r"\d", previous):
        # "Spinal fluid evaluation, see below. White count 0, red count 2060.": a short
        # sentence without results that names a body fluid introduces the next one's
        # results. Urine is left out: "minimal urine output." introduces no urine test.
        carried = _closest(previous)[0] if len(previous.split()) <= 12 else None
        if carried is not None and _fluid_denied(previous):
            # "No pleural fluid was detected (Appendix B). A decrease in eosinophil count
            # (0.6%), CRP levels (4.63 mg/L) ... was observed" (MedRBench PMC11596152): a
            # fluid that is not there has no results to introduce.
            carried = None
        specimen = carried if carried not in ("urine", "blood") else None
    if specimen is None and len(sentences) > 1:
        specimen = _list_specimen(before)
    if specimen is None:
        specimen = section.specimen
    elif specimen == "blood":
        specimen = None
    return specimen, timing or section.timing


# A body fluid's analysis told over several sentences, the later ones naming no specimen: "The
# cerebrospinal fluid (CSF) analysis revealed several significant findings ... The CSF
# appearance was clear and colourless, and the opening pressure was within the normal range of
# 10-20 centimetres of water (cm H2O). However, the total protein level was elevated at 80
# mg/dL ... The white blood cell (WBC) count was elevated at 100 cells per microliter"
# (MedRBench PMC11585463); "Pleural fluid analysis was exudative, with a lactate dehydrogenase
# (LDH) level of 296 U/L, ... The cell count revealed 62,000 red blood cells and 68%
# lymphocytes" (PMC11560283). The fluid holds for the next sentences until one opens another
# study ("The hematologic analysis showed", "Cerebral MRI revealed") or names another specimen.
_FLUID_RUN = 3
_ANOTHER_STUDY = re.compile(
    r"(?i)\b(?:h(?:a)?ematolog\w*|biochemi\w*|laborator\w*|labs?|blood(?!\s+cells?\b)|complete|cbc|hemogram"
    r"|investigations?|tests?|work-?up|panel|profile|imaging|mri|ct|scan|ultraso\w*|x-?ray"
    r"|radiograph\w*|echocardiog\w*|biopsy|histolog\w*|patholog\w*|follow-?up|days?|weeks?"
    r"|months?|admission|discharge|repeat\w*|later|then)\b"
)


# A fluid seen on imaging is no analysis of it: "CT ... revealed ... massive bilateral pleural
# effusion" then "Drainage ... was attempted" before the blood count (MedRBench PMC11375620).
_IMAGING = re.compile(
    r"(?i)\b(?:imaging|mri|ct|scans?|tomograph\w*|ultraso\w*|sonograph\w*|x-?rays?"
    r"|radiograph\w*|echocardiog\w*)\b"
)


# What a fluid's analysis goes on to tell in sentences of their own: its cells, their
# differential, its protein and glucose, LDH and adenosine deaminase. Not a chloride (told
# with the blood's sodium and potassium: "Sodium is 107, with 68 chloride and potassium of
# 2.8" after a CSF's cells) nor an IgG (a blood test as often, work_up_fluid): a fluid's own
# sentence gives them theirs.
_TOLD_ON_IN_RUNS = frozenset(
    {
        "WBC",
        "RBC",
        "Neutrophils",
        "Lymphocytes",
        "Monocytes",
        "Eosinophils",
        "Total protein",
        "Glucose",
        "LDH",
    }
)
# A sentence about the patient again ("Her creatinine was 1.2 mg/dL.", "His glucose was 90")
# ends the fluid's run: the analysis's own sentences speak of the fluid ("The cell count",
# "the total protein level").
_THE_PATIENT_AGAIN = re.compile(r"^\W*(?:his|her|their|the\s+patient'?s?)\b", re.I)


def fluid_told_before(before: str, analyte: str) -> str | None:
    """The body fluid whose analysis the sentences just before told, for a test whose own
    sentence names no specimen and opens no other study."""
    if analyte not in _TOLD_ON_IN_RUNS:
        return None
    sentences = _SENTENCE_END.split(before)
    if len(sentences) < 2 or _ANOTHER_STUDY.search(sentences[-1]):
        return None
    if _THE_PATIENT_AGAIN.match(sentences[-1]):
        return None
    if _closest(_TWO_SPECIMENS.sub(" ", sentences[-1]))[0] == "blood":
        # "Pleural fluid LDH was 612 U/L. Serum LDH was 240 U/L." (Light's criteria set the
        # fluid's values beside the blood's): a sentence that names the serum is the blood's
        return None
    return _fluid_walking_back(
        sentences[-1 - _FLUID_RUN : -1],
        ends_the_run=lambda s: bool(_ANOTHER_STUDY.search(s) or _THE_PATIENT_AGAIN.match(s)),
        no_analysis=lambda s: bool(_IMAGING.search(s)),
    )


def _fluid_walking_back(
    sentences: list[str],
    ends_the_run: Callable[[str], bool],
    no_analysis: Callable[[str], bool] = lambda _: False,
) -> str | None:
    """The body fluid the nearest of ``sentences`` (last first) that names a specimen names,
    when it is a work-up's fluid, not denied and told by an analysis of it; None where a
    sentence naming none ``ends_the_run`` first."""
    for sentence in reversed(sentences):
        specimen = _closest(_TWO_SPECIMENS.sub(" ", sentence))[0]
        if specimen is None:
            if ends_the_run(sentence):
                return None
            continue
        if specimen not in _WORK_UP_FLUIDS or _fluid_denied(sentence) or no_analysis(sentence):
            return None
        return specimen
    return None


def fluid_named_last(before: str) -> bool:
    """Whether the specimen ``before``'s sentence names last, as ``value_context`` reads it,
    is a body fluid (neither blood nor urine)."""
    sentence = _TWO_SPECIMENS.sub(" ", _SENTENCE_END.split(before)[-1])
    specimen = _closest(_RESULT_IN_BRACKETS.sub(" ", sentence))[0]
    return specimen not in (None, "blood", "urine")


# A colon that opens a list whose items a semicolon sets apart: the fluid named before the
# colon is every item's. "Examination of his cerebrospinal fluid revealed the following:
# leukocytes 0 cells/mm3; erythrocytes 3 cells/mm3, without xanthochromia" (J Med Case Rep,
# CUPCase row 4148): the erythrocytes are the fluid's too, and a CSF glucose or white count
# told second in such a list is no blood value to telephone.
_FULL_STOP = re.compile(r"\.(?=\s)|\.$")
_OPEN_BRACKET = re.compile(r"\((?=[^()]*$)")  # the bracket still open where the test is named


def _list_specimen(before: str) -> str | None:
    """The body fluid a list's lead names, for a test told after a semicolon in the list."""
    sentence = _FULL_STOP.split(before)[-1]
    colon = sentence.find(":")
    # or a bracket the list is told in: "confirmed urinary ascites (creatinine, 15.48 mg/dL;
    # BUN, 99.0 mg/dL; K, 8.9 U/L)" (MedRBench PMC11535893)
    bracket = _OPEN_BRACKET.search(sentence)
    if bracket is not None and ";" in sentence[bracket.start() :]:
        colon = bracket.start() if colon < 0 else min(colon, bracket.start())
    if colon < 0 or ";" not in sentence[colon:]:
        return None
    specimen = _closest(_RESULT_IN_BRACKETS.sub(" ", sentence[:colon]))[0]
    return specimen if specimen not in (None, "blood") else None


# Tests of a body fluid's work-up that a report tells in a sentence of their own after the
# fluid's results, without naming the fluid again: "His ascitic fluid amylase level was high at
# 3618 IU/L. No malignant cells were seen, ... with the culture remaining sterile. His adenosine
# deaminase level was normal (12 IU/L)." (Journal of Medical Case Reports, CUPCase row 2377);
# "His CSF revealed 73 white cells per mm3 ..., protein 141mg/dL and glucose 93mg/dL. His IgG
# level was elevated at 9.9mg/dL but oligoclonal bands were absent." (CUPCase row 3181). An IgG
# is a blood test as often: only beside oligoclonal bands is it the spinal fluid's.
_WORK_UP_FLUIDS = frozenset(
    {
        "csf",
        "pleural fluid",
        "peritoneal fluid",
        "synovial fluid",
        "pericardial fluid",
        "body fluid",
    }
)
_OLIGOCLONAL = re.compile(r"(?i)\boligoclonal\b")
_SENTENCE_STOP = re.compile(r"\.\s")


def work_up_fluid(analyte: str, before: str, segment: str) -> str | None:
    """The body fluid whose results the sentences before told, for a work-up test
    ("Adenosine deaminase"; "IgG" beside oligoclonal bands) whose own sentence names no
    specimen. A sentence passed over on the way back holds no number (no other results)."""
    sentences = _SENTENCE_STOP.split(before)
    own = sentences[-1] + _SENTENCE_STOP.split(segment)[0]
    oligoclonal = analyte == "IgG" and bool(_OLIGOCLONAL.search(own))
    if analyte != "Adenosine deaminase" and not oligoclonal:
        return None
    if _closest(own)[0] is not None:
        return None  # its own sentence names its specimen: read there
    # a sentence passed over that holds a number: another sentence of results, of no specimen
    specimen = _fluid_walking_back(sentences[-3:-1], lambda s: bool(re.search(r"\d", s)))
    return specimen if not oligoclonal or specimen == "csf" else None


_SPECIMEN_AFTER = re.compile(
    r"(?i)^\s*(?:\(|,)?\s*(?:(?:activity|level|levels|concentration|count)\s+)?(?:in|from|of)\s+"
    r"(?:the\s+)?(?P<what>urine|csf|cerebrospinal\s+fluid|spinal\s+fluid|pleural\s+fluid"
    r"|ascitic\s+fluid|peritoneal\s+fluid|synovial\s+fluid|(?-i:PD)\s+fluid"
    # "The adenosine deaminase activity in PE was 9.3 U/L" (PE: the pleural effusion)
    r"|(?-i:PE)|pleural\s+effusion)\b"
)


# What each body fluid is tested for. A specimen word only applies to these tests: in
# "Urinalysis: SG 1.016, otherwise normal, TSH 2.8" the TSH is still a blood test.
_MEASURED_IN: dict[str, frozenset[str]] = {
    "urine": frozenset(
        {
            "Sodium",
            "Potassium",
            "Chloride",
            "Creatinine",
            "Total protein",
            "Glucose",
            "Albumin",
            "Osmolality",
            "Calcium",
            "Urea",
            "BUN",
            "Uric acid",
            "Amylase",
            "Cortisol",
            "WBC",
            "RBC",
            "Magnesium",
            "Phosphate",
            # a bicarbonate loading test measures the urine's bicarbonate and pCO2
            "Bicarbonate",
            "pCO2",
            # "urine histoplasma antigen ... returned positive at > 25 ng/mL" (MedRBench
            # PMC11647459): the antigen is tested in urine and serum alike (catalog29)
            "Histoplasma antigen",
            # "urinary CPR was extremely low at 0.5 μg/day" (CUPCase row 1240): the day's
            # urine C-peptide (catalog30)
            "C-peptide",
        }
    ),
    "csf": frozenset(
        {
            "Glucose",
            "Total protein",
            "WBC",
            "RBC",
            "Lactate",
            "LDH",
            "Neutrophils",
            "Lymphocytes",
            "Monocytes",
            "Albumin",
            "Mononuclear cells",
            "IgG",
            "IgA",
            "IgM",
            "Adenosine deaminase",
            # "The cerebrospinal fluid lactate (34.8 mg/dL) and pyruvic acid (1.6 mg/dL)
            # levels were elevated" (a mitochondrial encephalopathy, CaseReportBench item 68)
            "Pyruvate",
            # the chloride of a CSF chemistry, told in its list: "A lumbar puncture showed
            # clear cerebrospinal fluid with ..., glucose 0.49 g/L, proteins 0.20 g/L, chloride
            # 121 mmol/L" (MedRBench PMC11378097), "cerebrospinal fluid biochemistry shows:
            # protein 1.91 g/L, chloride 113.0 mmol/L" (PMC11422092)
            "Chloride",
            # "Cerebrospinal fluid (CSF) analysis showed a pH of 7.0" (MedRBench PMC11621671):
            # the name read as blood's, then made the fluid's own test (parse.py)
            "Blood pH",
            "Body fluid pH",
        }
    ),
}
_FLUID_TESTS = frozenset(
    {
        "Mononuclear cells",
        "Glucose",
        "Total protein",
        "WBC",
        "RBC",
        "LDH",
        "Neutrophils",
        "Lymphocytes",
        "Monocytes",
        "Albumin",
        "Amylase",
        "Triglycerides",
        "Total cholesterol",
        "Lactate",
        "Creatinine",
        # the urea of a urinary ascites or urinothorax, told beside its creatinine (MedRBench
        # PMC11535893). Not its potassium: "Thoracentesis was done and her potassium was
        # 6.9" is more often the blood's, and a missed alarm is worse.
        "BUN",
        "Urea",
        "Bilirubin",
        "Lipase",
        "Blood pH",
        "Body fluid pH",
        "Eosinophils",
        "Adenosine deaminase",
    }
)


def measured_in(specimen: str | None, analyte: str) -> str | None:
    """``specimen`` when ``analyte`` is tested in it, else None (a blood test)."""
    if specimen is None:
        return None
    tests = _MEASURED_IN.get(specimen, _FLUID_TESTS)
    return specimen if analyte in tests else None


_FLUID_SENT = re.compile(
    r"(?i)(?:pleural|peritoneal|ascitic|synovial|cerebrospinal|spinal|joint)\s+fluid|"
    r"thoraco?centesis|paracentesis|arthrocentesis"
)


def body_fluid_named(line: str) -> str | None:
    """The body fluid a line says was taken ("the pleural fluid was sent to the laboratory")."""
    match = _FLUID_SENT.search(line)
    return _closest(match.group())[0] if match else None


def specimen_after(segment: str) -> str | None:
    """A specimen named right after a test's name: "creatinine in the urine was 538"."""
    match = _SPECIMEN_AFTER.match(segment)
    if match is None:
        return None
    what = match.group("what").lower()
    if what in ("pe", "pleural effusion"):
        return "pleural fluid"
    if what.startswith("pd"):
        return "peritoneal fluid"
    return (
        "urine"
        if what == "urine"
        else "csf"
        if "spinal" in what or what == "csf"
        else (re.sub(r"\s+", " ", what))
    )


def opens_results(line: str) -> bool:
    """A heading that opens a document's results ("Laboratory Investigations")."""
    return bool(_RESULTS_HEADING.search(line))


# A test's name that begins with "blood" names its specimen ("blood glucose 80" in brackets
# after a CSF glucose); "white blood cells", "blood cell count" do not.
_BLOOD_FIRST = re.compile(r"(?i)^\W*(?:whole\s+)?blood\s+(?!cells?\b|count\b|film\b|smear\b)")


def named_in(name: str) -> str | None:
    """The specimen a test's own words name ("Serum albumin", "urine sodium", "blood
    glucose"), else None."""
    if _BLOOD_FIRST.match(name):
        return "blood"
    return _closest(name)[0]


def sentence_specimen(line: str, carried: str | None) -> str | None:
    """The specimen the last sentence of ``line`` speaks of, when that sentence runs on to
    the next line (it ends with a comma): "CSF analysis: protein 131, albumin 68," then
    "WBC 33, glucose 13" on the next line are still the CSF's."""
    text = line.rstrip()
    if not text.endswith((",", ";")):
        return None
    sentences = re.split(r"\.(?=\s)", text)
    specimen = _closest(sentences[-1])[0]
    if specimen is None and len(sentences) == 1:
        specimen = carried
    return None if specimen == "blood" else specimen


# Urine's amount or colour, told among the signs, is no urine specimen: in "Her vital signs
# (...), and urine output were within normal limits, but inflammatory markers were elevated
# (white blood cells, 11.2 × 10^9/L; C-reactive protein, 30 mg/L)" (Journal of Medical Case
# Reports, CUPCase; dev case cr6-prec-hepatorenal-...) the counts are the blood's; so are
# they after "dark urine" (issue #29) or on a short line under it, read as a heading. "His
# urine was dark brown and turbid, and negative for glucose" (CUPCase row 2212) still names
# the urine the dipstick was done on.
_URINE_AMOUNT_OR_COLOUR = re.compile(
    r"(?i)\burine\s+(?:output|volume|flow|production)s?\b|\b(?:dark|darker|brown|red|reddish"
    r"|bloody|(?:dark|cola|tea|coca[-\s]cola)[-\s]colou?red|scant|scanty|reduced|decreased"
    r"|low|poor)\s+urine\b"
)


def without_urine_amount(text: str) -> str:
    """``text`` with its words on urine's amount or colour blanked (no specimen words)."""
    return _URINE_AMOUNT_OR_COLOUR.sub(lambda m: " " * len(m.group()), text)


def _closest(text: str) -> tuple[str | None, str | None]:
    text = without_urine_amount(text)
    specimen = timing = None
    for match in _SPECIMEN_WORDS.finditer(text):
        specimen = _name_of(match, _SPECIMENS, "s")
    for match in _TIME_WORDS.finditer(text):
        timing = _name_of(match, _TIMES, "t")
    return specimen, timing


def _name_of(match: re.Match[str], table: tuple[tuple[str, str], ...], prefix: str) -> str:
    for i, (name, _) in enumerate(table):
        if match.group(f"{prefix}{i}"):
            return name
    raise AssertionError("a match names one group")
