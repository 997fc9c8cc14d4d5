"""The patterns that read lab text: analyte names (from the catalog's aliases), values,
reference ranges, flags, dipstick words, and what is never a value (dates, phones, pages)."""

from __future__ import annotations

import re

from core.vocabulary.catalog import CATALOG, Analyte

_SEPARATOR_CHARS = r"\s,\-./()_:"
_SEPARATORS = re.compile(f"[{_SEPARATOR_CHARS}]+")


# The two terms of a ratio joined by "to" rather than a slash: "urine albumin-to-creatinine
# ratio, 58 mg/g" (Journal of Medical Case Reports, CUPCase row 446), "kappa to lambda ratio".
# A ratio's name in the catalogue (a name ending in "ratio", its terms joined by "/") is read
# with either join, and the "to" is no part of the name's key.
_RATIO_TO = re.compile(r"(?i)(?<=[a-z0-9)])[\s-]+to[\s-]+(?=[a-z(])(?=.*\bratio\b)")
_RATIO_JOIN = rf"(?:[\s-]+(?i:to)[\s-]+|[{_SEPARATOR_CHARS}]*)"


def alias_key(text: str) -> str:
    return _SEPARATORS.sub("", _RATIO_TO.sub("/", text)).lower()


def _alias_pattern(alias: str) -> str:
    tokens = [re.escape(token) for token in _SEPARATORS.split(_RATIO_TO.sub("/", alias)) if token]
    ratio = tokens[-1].lower() == "ratio" and len(tokens) > 2
    body = (_RATIO_JOIN if ratio else f"[{_SEPARATOR_CHARS}]*").join(tokens)
    if len(tokens) > 1 and len(tokens[-1]) == 1 and tokens[-1].isalpha():
        # A name ending in one letter ("hemoglobin C", "protein S") never ends where that
        # letter opens a hyphenated word: in "hemoglobin, C-reactive protein and ferritin
        # were ..." the list names a haemoglobin and a CRP, no haemoglobin C. Nor where a
        # number of two digits is glued to the letter: "protein S-100" is the S100 protein of
        # a tumour's staining (MedRBench PMC11608915, PMC11625103), no protein S of 100.
        body = f"{body}(?!-[A-Za-z])(?!-?\\d\\d)"
        if tokens[-1].lower() == "s" and len(tokens[-2]) >= 4:
            # After a whole word an "s" stands apart: glued, it is the word's plural
            # ("defects of proteins. BM has a prevalence of 0.7", PMC11593470: no protein S;
            # "glycated hemoglobins"), while a short symbol takes it glued ("HbS").
            body = body.replace(
                f"{tokens[-2]}[{_SEPARATOR_CHARS}]*{tokens[-1]}",
                f"{tokens[-2]}[{_SEPARATOR_CHARS}]+{tokens[-1]}",
            )
    # An alias written with a capital matches only as written ("K", "PT"); see labs.catalog.
    if not any(c.isupper() for c in alias):
        return f"(?i:{body})"
    if len(alias) <= 2:
        # A symbol joined by a hyphen to a word is part of that word: "K-F rings = 2" (the
        # Kayser-Fleischer rings of a Wilson disease score, Journal of Medical Case Reports,
        # CUPCase row 4470) or a "K-wire" holds no potassium, "PT-INR" no prothrombin time.
        return f"{body}(?!-[A-Za-z])"
    return body


def _words(alias: str) -> tuple[str, ...]:
    return tuple(t.lower() for t in _SEPARATORS.split(_RATIO_TO.sub("/", alias)) if t)


# Words any test's name may end in: never the end of another test's name.
_ANY_TEST_WORDS = frozenset({"count", "counts", "level", "levels", "activity", "value", "values"})


def _overrun_guards(aliases: list[tuple[str, str]]) -> dict[str, str]:
    """For each alias whose last words open a longer name, the lookahead that forbids it there.

    "Serum lactate dehydrogenase was elevated (926 U/l)" (Journal of Medical Case Reports,
    CUPCase row 1975): the leftmost name wins a regular expression, so "serum lactate" (an
    alias of lactate) took the words before "lactate dehydrogenase" and the LDH was lost.
    Where an alias's last words are the first words of another analyte's alias and the rest
    of that alias follows, the shorter name is not read and the longer one is.
    """
    lower = [(a, name) for a, name in aliases if not any(c.isupper() or c == "/" for c in a)]
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for alias, name in lower:
        words = _words(alias)
        if words:
            by_first.setdefault(words[0], []).append((words, name))
    guards: dict[str, set[str]] = {}
    for alias, name in lower:
        words = _words(alias)
        for k in range(1, len(words)):  # a proper tail of the alias
            tail = words[len(words) - k :]
            for longer, other in by_first.get(tail[0], ()):
                rest = longer[k:]
                if other == name or longer[:k] != tail or not rest or not rest[0].isalpha():
                    continue
                # The longer name goes on with a word that opens no name of its own:
                # "dehydrogenase", "nitrogen", "kinase", "(insulin-)like growth factor 1";
                # never "urine" or "direct", which begin the next test of a list ("blood
                # glucose, urine ketones"), nor a word any test may carry ("atypical
                # lymphocyte count").
                if len(rest[0]) >= 4 and rest[0] not in by_first.keys() | _ANY_TEST_WORDS:
                    guards.setdefault(alias, set()).add(r"[\s-]+".join(map(re.escape, rest)))
    return {
        alias: rf"(?!(?i:[\s-]+(?:{'|'.join(sorted(rests))})(?![A-Za-z0-9])))"
        for alias, rests in guards.items()
    }


def _alias_index() -> tuple[dict[str, tuple[Analyte, bool]], re.Pattern[str]]:
    index: dict[str, tuple[Analyte, bool]] = {}
    patterns: list[tuple[int, str]] = []
    named_all = [
        (analyte, alias, urine_only)
        for analyte in CATALOG
        for alias, urine_only in [(a, False) for a in analyte.aliases]
        + [(a, True) for a in analyte.urine_aliases]
    ]
    guards = _overrun_guards([(alias, analyte.name) for analyte, alias, _ in named_all])
    for analyte, alias, urine_only in named_all:
        key = alias_key(alias)
        known = index.get(key)
        if known is not None and known[0] is not analyte:
            raise ValueError(f"lab alias {alias!r} names two analytes")
        index[key] = (analyte, urine_only)
        patterns.append((len(alias), _alias_pattern(alias) + guards.get(alias, "")))
    # Longest alias first, so "hemoglobin a1c" wins over "hemoglobin" at the same place.
    alternatives = "|".join(p for _, p in sorted(patterns, key=lambda item: -item[0]))
    return index, re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


ALIASES, ANALYTE_NAME = _alias_index()
KNOWN_UNITS = {r.unit for analyte in CATALOG for r in analyte.ranges if r.unit}

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)

# What is never a lab value: dates, times, phone numbers and page numbers.
NOT_VALUES = re.compile(
    r"(?<![\d.])(?:\d{4}([-/.])\d{1,2}\1\d{1,2}|\d{1,2}([-/])\d{1,2}\2\d{2,4}"
    r"|\d{1,2}\.\d{1,2}\.\d{4})(?![\d.])"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?"
    r"|(?<![\d.])(?:\+\d{1,3}[\s-]?)?\(?\d{3}\)?[\s.-]?\d{3}[-.]\d{4}(?![\d.])"
    r"|(?i:\bpage\s*\d+(?:\s*(?:of|/)\s*\d+)?)"
    # Ordinals belong to reference text ("99th percentile"), never to a result; dates with a
    # month's name ("March 3, 2024", "3 Mar 2024") are dates.
    r"|(?i:\b\d{1,4}(?:st|nd|rd|th)\b)"
    rf"|(?i:\b{_MONTH}\.?\s+\d{{1,2}}(?:,?\s+\d{{4}})?\b|\b\d{{1,2}}\s+{_MONTH}\.?(?:\s+\d{{4}})?\b"
    rf"|\b{_MONTH}\.?\s+\d{{4}}\b)"
    # A gestational age in weeks and days: "the 100 g oral glucose tolerance test conducted at
    # 23+4 week of gestation" (CaseReportBench item 45) holds no glucose of 23.
    r"|(?i:(?<![\d.])\d{1,2}\s*\+\s*[0-6]\s*(?:(?:gestational\s+)?weeks?|wks?)\b)"
    # A number whose decimal point was lost to a space, alone in its bracket before the unit:
    # "Serum cholestanol levels were raised (14 1 micromole/liter)" (CaseReportBench CTX
    # case of dev): 14.1 or 141, never 14.
    r"|(?<=\()\s*\d{1,4}\s\d(?=\s*[A-Za-zµμ]+\s*/)"
)
_NUMBER = r"\d{1,9}(?:\.\d{1,6})?|\.\d{1,6}"
# A bound written in words before a number: "less than 10 pg/ml", "below 0.1 ng/ml".
BOUND_WORD = r"(?i:(?:less|greater|more)\s+than|over|above|below|under)"
VALUE = re.compile(
    rf"(?P<cmp><=|>=|≤|≥|<|>|{BOUND_WORD})?\s*(?P<num>{_NUMBER})(?P<flag>[HL](?![A-Za-z/]))?(?!\d|\.\d)"
    r"(?!\s*[-–/:]\s*\d)"  # "12.0-16.0" or "12/03" is a range or a date, not a result
)
# A value may end a sentence ("INR of 6.52."): a point after it is not a decimal point.
RANGE = re.compile(
    rf"(?<![\d.])(?P<lo>{_NUMBER})\s*(?:-|–|—|to)\s*(?P<hi>{_NUMBER})(?!\d|\.\d)"
    rf"|(?P<op><=|>=|=<|=>|≤|≥|<|>|(?i:less than|greater than|below|above|up to|under|over"
    rf"|at least))\s*(?P<bound>{_NUMBER})(?!\d|\.\d)"
)
# Never the litre of a unit after its micro sign: "eosinophil counts (1.58 K/μL, 18%,
# reference value: 0.1–0.5 K/μL, 1–5%)" (MedRBench PMC11596152) is high, not "L".
FLAG = re.compile(
    r"(?<![A-Za-zµμ/])(?:(?P<high>HH|H|HI|HIGH|(?i:high)|↑)|(?P<low>LL|L|LO|LOW|(?i:low)|↓))(?![A-Za-z])"
)
# "detected by" a method names how something was found, not a dipstick's result: "The
# patient's peripheral blood leukocytes was detected by restriction fragment length
# polymorphism (RFLP) and revealed a mitochondrial DNA (mtDNA) mutation" (CaseReportBench
# item 69) holds no leukocytes in urine.
QUALITATIVE = re.compile(
    r"(?i)(?P<word>not\s+detected|negative|neg\b|nil\b|none\b|absent|normal|trace|tr\b|"
    # "+2" is the grade written sign first: "Urinalysis revealed a turbid appearance, blood +2,
    # and many RBCs per HPF" (MedRBench PMC11626717), never one plus
    r"positive|pos\b|present|detected(?!\s+(?:by|using|through|via)\b)|small|moderate"
    r"|mod\b|large|[1-4]\s*\+|\+[1-4](?![\d.])|\+{1,4}|±)"
    r"(?![A-Za-z])"
)
QUALITATIVE_SCORES = {
    "trace": 0.5,
    "tr": 0.5,
    "±": 0.5,
    "small": 1.0,
    "moderate": 2.0,
    "mod": 2.0,
    "large": 3.0,
    "positive": 1.0,
    "pos": 1.0,
    "present": 1.0,
    "detected": 1.0,
}
FILLERS = {
    "level",
    "levels",
    "count",
    "counts",  # "His platelet counts remain below 10,000/μL" (CUPCase row 2711)
    "result",
    "results",
    "value",
    "values",
    "total",
    "serum",
    "plasma",
    "blood",
    "whole",
    "random",
    "was",
    "is",
    "of",
    "at",
    "ser",
    "calc",
    "calculated",
    "measured",
    "conc",
    "concentration",
    "activity",
    "absolute",
    "abs",
    "auto",
    "automated",
    "quantitative",
    "quant",
    "test",
    "deficiency",  # "Vitamin B 12 deficiency (191 ng/L, normal range 200-900 ng/L)"
    "being",  # "raised levels of thyroid-stimulating hormone being 9.92 uIU/ml"
    # "serum sodium ion (Na+) of 140 mmol/L, serum potassium ion (K+) of 4.0 mmol/L" (Journal
    # of Medical Case Reports, CUPCase row 1588): the ion named after the element
    "ion",
    "ions",
    # Narrative writing: "TSH suppressed at 0.01", "potassium was low at 2.9", "white count
    # came back at 14": words between a test's name and its value in a doctor's sentence.
    "were",
    "are",
    "came",
    "back",
    "to",
    "now",
    "today",
    "noted",
    "found",
    "still",
    "again",
    "only",
    "suppressed",
    "elevated",
    "raised",
    # "Prothrombin time was prolonged (>100 seconds)" (Asian J Surg 2014, DOAJ abstract)
    "prolonged",
    "increased",
    "decreased",
    "reduced",
    "low",
    "high",
    "markedly",
    # "post-meal C-peptide levels were repeatedly undetectable (below 0.1 ng/ml)" (J Med Case
    # Rep, CUPCase row 5083): an adverb of how often, between the verb and the verdict
    "repeatedly",
    "persistently",
    "consistently",
    "highly",  # "Serum ferritin was highly elevated (>1650 ng/dl)" (CUPCase row 1975)
    # "except for serum alkaline phosphatase (ALP), which was raised (785IU/L)" (Journal of
    # Medical Case Reports, CUPCase row 2883): a relative clause hands the value over
    "which",
    "mildly",
    # "IgMs were moderately reduced (26 mg/dL, lower limit of normal [LLN] 40)" (MedRBench
    # PMC11509757)
    "moderately",
    "slightly",
    # "Serum aldosterone level was marginally elevated (0.414 ng/mL)" (CaseReportBench
    # item 17)
    "marginally",
    "significantly",
    "very",
    "checked",
    "reported",
    "remained",
    "remains",
    # "His platelet counts remain below 10,000/μL having only temporary responses to IVIG"
    # (J Med Case Rep, CUPCase row 2711): the present tense, and "stays", "stayed"
    "remain",
    "stay",
    "stays",
    "stayed",
    "on",
    "her",
    "his",
    "the",
    "a",
    "admission",
    "discharge",
    "arrival",
    "presentation",
    "repeat",
    "initial",
    "initially",
    "baseline",
    "about",
    "approximately",
    "approx",
    "around",
    "roughly",
    "nearly",
    "like",
    "already",
    "gone",
    "went",
    "has",
    "had",
    "have",
    "been",
    "be",
    "as",
    "well",
    "further",
    "peaked",
    "rose",
    "fell",
    "fallen",  # "His serum zinc level was found to have fallen to 17.4 μg/dL"
    "risen",
    "dropped",
    "trended",
    "trending",
    "respectively",
    "progressively",
    "gradually",
    "steadily",
    "slowly",
    "generation",
    "ultrasensitive",
    "yesterday",
    "overnight",
    "this",
    "morning",
    "tonight",
    "night",
    # "The platelet count was normalized (23×104/µL)", "lactic acid was discovered (7.54
    # mM/L)", "found to be" (issue #29, third round)
    "normalized",
    "normalised",
    "confirmed",
    "subsequently",
    "measuring",  # "a reduced level of Inhibin B, measuring 71.1 pg/mL"
    "discovered",
    "determined",
    "observed",
    # "Her blood glucose was documented to be 41mg/dL at this time" (J Med Case Rep, CUPCase
    # row 4319); "point-of-care glucose read 1.6 mmol/L": the verbs a result is told with
    "documented",
    "recorded",
    "read",
    "reads",
    # A course told with its verb: "her beta-hCG continued to trend down to 2642 mIU/mL",
    # "creatine kinase elevation (500 U/L; ...) which quickly increased to 2800 U/L"
    # (MedRBench PMC11439479, PMC11421287), "CK climbed to", "declined to", "reached a peak
    # of": the number after them is the test's later result (context.py times it).
    "continued",
    "continuing",
    "trend",
    "trends",
    "quickly",
    "rapidly",
    "improved",
    "improving",
    "declined",
    "climbed",
    "elevation",
    "increasing",
    "decreasing",
    "rising",
    "falling",
    "reached",
    "nadir",
    "peak",
    "peaking",
}
# Text that makes a number reference text, not a result, when it stands before a test's
# name on the line or right after it: "Reference: troponin I < 0.04", "INR goal 2-3",
# "99th percentile upper reference limit".
REFERENCE_TEXT = re.compile(
    r"(?i)\b(?:reference|ref\.?(?=\s*(?:range|interval|value))|normal\s+(?:range|values?|limits?)"
    r"|cut-?\s*off|decision\s+limit|upper\s+(?:reference\s+)?limit|percentile|therapeutic"
    r"\s+range|target|goal|desirable|desired|optimal|recommended"
    # "an new standard LDL of 74", "new normal being less than 70": a guideline's new target
    r"|new\s+(?:standard|normal))\b"
)
URINE_HEADING = re.compile(
    r"(?i:\b(?:urinalysis|urine\s*analysis|urine\s*routine|dipstick"
    r"|urine\s*examination)\b)|\bUA\b"
)
OTHER_HEADING = re.compile(
    r"(?i)blood count|\bcbc\b|hematology|haematology|chemistry|metabolic"
    r"|panel|profile|lipid|thyroid|liver|renal|kidney|cardiac|coagulation"
    r"|electrolytes|hormones|inflammat|vitamin|serum"
)
# A monoclonal component named by its heavy chain is the paraprotein, not the serum's whole
# immunoglobulin: "an increase in monoclonal IgG (22 g/L)", "His monoclonal IgG had dropped
# from 65 g/L" (Journal of Medical Case Reports, CUPCase row 5006).
MONOCLONAL_BEFORE = re.compile(r"(?i)\bmonoclonal\s+(?:serum\s+)?$")
LOWER_BOUNDS = {">", ">=", "=>", "≥", "greater than", "above", "over", "at least"}
STRICT_BOUNDS = {"<", ">", "less than", "greater than", "below", "above", "under", "over"}


# One result, then the upper or lower bound it is judged by, run together after the test's
# unit: "ALT (U/L)301<40", "ALT (U/L)301< 40", "0.53<0.45" (a casebook's tables run together).
# The table reader lets such a row through its glued-cells check and the rewrite splits it.
RESULT_THEN_BOUND = r"(?P<value>\d+(?:\.\d+)?)(?P<bound>[<>≤≥]=?\s*\d+(?:\.\d+)?)"
