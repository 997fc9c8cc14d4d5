"""One line of a lab text before it is read: cleaned, headings told apart, test names
found, the quoted source line; the shapes a line's words take around its results."""

from __future__ import annotations

import csv
import re

from core.analysis.labs.daily_amounts import daily_amounts_per_day
from core.analysis.labs.number_first import CELLS, VALUE_FIRST, counts_named_in_their_unit
from core.analysis.labs.other_names import without_other_names, without_protein_changes
from core.analysis.labs.patterns import (
    ALIASES,
    ANALYTE_NAME,
    KNOWN_UNITS,
    NOT_VALUES,
    OTHER_HEADING,
    alias_key,
)
from core.analysis.labs.rewrite import (
    EARLIER,
    counts_set_apart,
    joined_thousands,
    plain_numbers,
    rewrite_prose,
    unglue,
    without_citation_marks,
)
from core.plain_text import shown_as_read
from core.vocabulary.catalog import CATALOG, Analyte
from core.vocabulary.units import plain_exponent, unit_key

MAX_SOURCE_LINE = 200
PAGE_BREAK = "\f"  # extraction separates a PDF's pages with a form feed
# "K/uL", "M/uL": a unit whose first letter is also a test's short name.
UNIT_AFTER = re.compile(r"\s*/\s*(?:[uµμ]l|mcl|mm3|mm³|cumm|l|dl|hpf|lpf)\b", re.IGNORECASE)
# A count per microscope field, after a number: "10 white blood cells per high power field",
# "WBC 10/hpf" (urine microscopy: no result on a count's scale).
PER_FIELD = re.compile(r"(?i)^\s*(?:per|/|a)\s*(?:high[-\s]*power(?:ed)?\s+field|hpf|lpf)\b")
# Prose in a heading-like line ends its heading role: headings are short and hold no value.
HEADING_MAX = 60
# A time right after the value, in the same clause: "creatinine 1.9 on admission", "INR 2.1
# last week" (a bracket or a comma starts another clause: "1.9 (baseline 1.0)").
TIME_AFTER = re.compile(
    r"(?i)^(?:[^.;(,]|\.\d){0,40}?(?:\b(?:on|at|upon)\s+(?P<admission>admission|arrival|"
    r"presentation)|\b(?:on|at|upon)\s+(?:the\s+time\s+of\s+)?(?P<discharge>discharge)|"
    r"(?P<earlier>\blast\s+(?:week|month|year|visit)|\b\w+\s+(?:days?|weeks?|months?|years?)\s+"
    rf"ago|\bpreviously|\bearlier|\byesterday|{EARLIER})|"
    r"(?P<repeat>\b(?:rose|fell|dropped|increased|decreased|improved|normali[sz]ed)\s+to))(?!\w)"
)


SUGAR_HEADING = re.compile(
    r"(?i)^\s*(?:blood\s+)?(?:sugar|glucose)(?:\s+(?:profile|test|levels?))?\s*:?\s*$"
)
SUGAR_ROW = re.compile(  # a row named by the state alone: "Fasting", then its value
    r"(?i)^\s*(fasting|post\s*-?\s*prandial|pp|random)\s*(?=$|[\d:(<>])"
)
SUGAR_NAMES = {
    "fast": "Fasting glucose",
    "post": "Postprandial glucose",
    "pp": "Postprandial glucose",
    "rand": "Random glucose",
}
FLUID_ANALYSIS = re.compile(
    r"(?i)microscopic\s+exam|chemical\s+exam|cell\s+count\s+and\s+differential"
)
URINE_SENTENCE = re.compile(r"(?i)\burin(?:e|alysis)\b|\bUA\b|dipstick")


def sentence_of(before: str) -> str:
    return re.split(r"\.\s", before)[-1]


def is_heading(line: str) -> bool:
    """A section heading: short, no digits, no sentence ("Urinalysis", "CSF ANALYSIS:")."""
    text = line.strip()
    if not text or len(text) > HEADING_MAX or re.search(r"\d", text) or text.endswith("."):
        return False
    return text.endswith(":") or text.isupper() or len(text.split()) <= 4


def ends_urine_section(line: str) -> bool:
    """Another panel's heading after a urinalysis ("CBC (INCLUDES DIFF/PLT)", "LIPID PANEL"),
    even one naming a test; a urine heading ("Urine chemistry") does not end it."""
    return bool(OTHER_HEADING.search(line)) and not re.search(r"(?i)urin|\bUA\b", line)


def known_unit(text: str) -> bool:
    return bool(text) and (unit_key(text) in KNOWN_UNITS or text == "%")


def own_specimen(analyte: Analyte | None) -> str | None:
    """The specimen a test's name already says ("Urine glucose" is urine)."""
    if analyte is None:
        return None
    if analyte.specimen is not None:
        return analyte.specimen
    if analyte.panel == "Urinalysis" or analyte.name.startswith("Urine"):
        return "urine"
    return None


def quoted(
    raw: str,
    name: str,
    number: float | None = None,
    grade: str | None = None,
    told: str | None = None,
) -> str:
    """The line a value came from; in a long paragraph, the sentence that names the test
    and holds its number (issue #29: a quote must show the value it is quoted for), or for
    a dipstick result its printed grade (``grade``, a pattern: "4+ blood", not "white blood
    cells 6.5"). When several sentences name the test and hold the number, the one the
    value was read from (``told``, as the reader saw it) is quoted. A document's direction
    controls and control characters are not quoted: the doctor reads the line as stored."""
    line = " ".join(shown_as_read(raw).split())
    if len(line) <= MAX_SOURCE_LINE:
        return line
    sentences = re.split(r"(?<=[.;])\s+", line)
    for wanted in (grade, None) if grade else (None,):
        fitting = [
            sentence
            for sentence in sentences
            if name.lower() in sentence.lower()
            and len(sentence) <= MAX_SOURCE_LINE
            and (number is None or holds_number(sentence, number))
            and (wanted is None or re.search(wanted, sentence, re.IGNORECASE))
        ]
        if fitting:
            return _likest(fitting, told)
        grades = list(re.finditer(wanted, line, re.IGNORECASE)) if wanted else []
        if grades:
            # The sentence that prints the grade is too long: quote around the grade printed
            # beside the test's name, never another sentence that only names the test ("She
            # was transfused with packed red blood cells" for "3+ blood").
            beside = [
                g
                for g in grades
                if name.lower() in line[max(0, g.start() - 40) : g.end() + 40].lower()
            ]
            return _cut_around(line, (beside or grades)[0].start())
    if number is not None:
        # No short sentence holds both: the stretch of the line from the test's name to its
        # number, else around the number itself.
        for at in _where_written(line, name, number):
            start = max(0, min(at, len(line) - MAX_SOURCE_LINE + 2))
            cut = line[start : start + MAX_SOURCE_LINE - 2]
            return ("…" if start else "") + cut + ("…" if start + len(cut) < len(line) else "")
    named = line.lower().find(name.lower())
    if named > MAX_SOURCE_LINE // 2:
        # The number is not written as read: quote around the test's name, never the
        # paragraph's opening words that hold neither.
        start = min(named - MAX_SOURCE_LINE // 4, len(line) - MAX_SOURCE_LINE + 2)
        cut = line[start : start + MAX_SOURCE_LINE - 2]
        return "…" + cut + ("…" if start + len(cut) < len(line) else "")
    return line[: MAX_SOURCE_LINE - 1] + "…"


# "Her basal serum sodium levels were 140 mmol/l and she was commenced on [hypertonic
# saline], aiming to increase her sodium levels to 160 to 170 mmol/l. ... Her serum sodium
# levels dropped to 160 mmol/l on the following day" (J Med Case Rep, CUPCase row 2223): both
# sentences name sodium and hold 160; the measured 160 is quoted from the second, never from
# the target's sentence.
_WORD = re.compile(r"[a-z]{3,}")


def _likest(sentences: list[str], told: str | None) -> str:
    """Of ``sentences``, the one whose words are most of them in ``told`` (the reader's
    sentence may hold several of the quote's clauses: "...; C-reactive protein (CRP),
    16.02mg/dl; ..."); the first on a tie, or without ``told``."""
    if told is None or len(sentences) == 1:
        return sentences[0]
    words = set(_WORD.findall(told.lower()))

    def share(sentence: str) -> float:
        own = set(_WORD.findall(sentence.lower()))
        return len(own & words) / len(own) if own else 0.0

    return max(sentences, key=share)


def _cut_around(line: str, at: int) -> str:
    """A quote of ``line`` that shows the place ``at``, cut to the longest quote."""
    start = max(0, min(at - MAX_SOURCE_LINE // 4, len(line) - MAX_SOURCE_LINE + 2))
    cut = line[start : start + MAX_SOURCE_LINE - 2]
    return ("…" if start else "") + cut + ("…" if start + len(cut) < len(line) else "")


def _where_written(line: str, name: str, number: float) -> list[int]:
    """Where to start a quote of ``line``: at each ``name`` with ``number`` within the
    next 150 characters, then a little before each place ``number`` is written."""
    # A count read per microlitre and shown in 10^9/L (platelets 116,000/mm3 as 116) is
    # written a thousand times larger: either form marks where the value stands.
    numbers = [
        m
        for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", line)
        if holds_number(m.group(), number) or holds_number(m.group(), number * 1000)
    ]
    starts = [
        m.start()
        for m in re.finditer(re.escape(name), line, re.IGNORECASE)
        if any(0 <= n.start() - m.end() <= 150 for n in numbers)
    ]
    # "leukocytosis (17 000/mm3)": a count whose thousands are set apart by a space
    apart = [at for at, count in counts_set_apart(line) if count in (number, number * 1000)]
    return (
        starts
        + [max(0, n.start() - MAX_SOURCE_LINE // 2) for n in numbers]
        + [max(0, at - MAX_SOURCE_LINE // 2) for at in apart]
    )


_POINT_THOUSANDS_WRITTEN = re.compile(r"[1-9]\d{0,2}\.\d{3}")


def holds_number(text: str, number: float, *, glued: bool = False) -> bool:
    """True when ``text`` writes ``number`` (as "6.52", "6.520", "3,200" or "3.2" for 3.20);
    with ``glued``, also inside cells run together ("thou/mm34.80" holds 4.8)."""
    plain = plain_numbers(text)
    # "17 000/mm3" holds 17000 (and, as written, 17 and 000)
    joined = joined_thousands(text)
    searched = plain if joined == text else f"{plain} {plain_numbers(joined)}"
    for written in re.findall(r"\d[\d,]*(?:\.\d+)?|\.\d+", searched):
        try:
            if abs(float(written.replace(",", "")) - abs(number)) < 1e-9:
                return True
        except ValueError:
            continue
        # a point as the thousands separator of a count: "346.000 cells/mm3" holds 346000
        if _POINT_THOUSANDS_WRITTEN.fullmatch(written) and float(written.replace(".", "")) == abs(
            number
        ):
            return True
    if not glued:
        return False
    digits = f"{abs(number):.6f}".rstrip("0").rstrip(".")
    return digits in plain.replace(",", "")


def without_names(line: str) -> str:
    """The line without test names, whose digits ("HbA1c", "Free T4") are not values."""
    return ANALYTE_NAME.sub(" ", line)


# A test's name glued to its value: "CRP1.4 (normal<0.4)", "IgG10mg/dl". Only names of three
# letters or more, so "CA125" (the tumour marker) never becomes a calcium of 125.
# A number glued to a name and followed by another number is the name's own ("IgG1 2.48 g/l,
# IgG2 1.65 g/l": the immunoglobulin G subclasses, Journal of Medical Case Reports, CUPCase
# row 2115), never the test's value.
_GLUED_NAME = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z][A-Za-z-]*[A-Za-z])(?=\d+(?:\.\d+)?(?![\d.])(?!\s+[<>]?\d))"
)


# A single digit glued to a name with no unit after it names a kind of the test, not its value:
# "only his IgG4 level (16.9 mg/dL; ...)" (Journal of Medical Case Reports, CUPCase row 5068).
_ONE_DIGIT = re.compile(r"\d(?![\d.])")
_NEXT_TOKEN = re.compile(r"\s*([^\s(),;:]+)")


def _unglue_name(match: re.Match[str]) -> str:
    word = match.group(1)
    known = len(word) >= 3 and alias_key(word) in ALIASES
    if known and _ONE_DIGIT.match(match.string, match.end()):
        after = _NEXT_TOKEN.match(match.string, match.end() + 1)
        if after is None or unit_key(after.group(1).rstrip(".")) not in KNOWN_UNITS:
            return word
    return f"{word} " if known else word


# Counts in "G/l" (giga per litre, 10^9/L), as French laboratories print them: "platelets were
# at 187 G/l, total leucocytes were at 11.61 G/l" (Journal of Medical Case Reports, CUPCase row
# 728). A capital G before a small "/l" is never a gram; "G/L" may be grams in capitals.
_GIGA_PER_LITRE = re.compile(r"(?<=\d)\s*G/l\b")


# An ion's charge printed in superscript after its symbol ("Na⁺", "Cl⁻", "Ca²⁺", "HCO₃⁻")
# is written as reports type it ("Na+", "Ca2+", "Cl", never a minus sign before a number);
# the subscript of a formula becomes a plain digit ("HCO3").
_ION_CHARGE = re.compile(r"(?<=[A-Za-z\d₀-₉])([¹²³]?)([⁺⁻])")
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


# A name abbreviated with dots ("Total R.B.C. Count", "R.D.W.", "S.G.P.T.") is the name
# without them, as the catalogue spells it.
_DOTTED = re.compile(r"\b((?:[A-Z]\.){1,5}[A-Z])\.?(?![A-Za-z])")


# An assay's qualifier between the name and the result ("TROPONIN-I, SERUM HIGH SENSITIVE
# 4 ng/L") says how it was measured, not what: it is no flag and no word of a sentence.
_ASSAY_SENSITIVITY = re.compile(r"(?i)\bhigh(?:ly)?[\s-]+sensitiv(?:e|ity)\b")


# What OCR makes of a scanned table's marks (issue #29): a footnote mark read as "<" or a
# quote glued to a test's name ("RBC<\" 4.85": a bound touches its number, never the name),
# a stray quote standing alone between cells ("Neutrophils\"' 52"), and the 1 and 0 of a
# unit's power of ten read as the letters l and O ("xlOE3/uL" is x10E3/uL).
_MARK_AFTER_NAME = re.compile(r"(?<=[A-Za-z)])[<>](?=[\s\"'])")
_STRAY_QUOTE = re.compile(r"(?<=\s)['`´]+(?=\s)")
# A delta-check mark before a result ("Na  δ-  124 L", "Creat  61  δ-  66"): the result
# moved far from the one before; a mark, never a minus sign or a value.
_DELTA_MARK = re.compile(r"(?<!\w)[δΔ][-+]?(?=\s)")
_OCR_POWER = re.compile(r"(?i)\bx\s*[l1I|]\s*[oO0]\s*[eE]\s*(?=\d)")


# A name cell cut short by its column's width ("Mean Corpuscular Hemoglobin Co", "Red Cell
# Distribution Wid", "Alkaline Phosphat") opening a table row: the one catalogue name it
# begins, when it is at least half of it and no name itself (issue #29).
_NAME_CELL = re.compile(r"^(\s*)([A-Za-z][A-Za-z ,'-]{10,60}?[A-Za-z])\.?(?=\s{2,}|\.?\s+[<>]?\d)")
_LONG_NAMES = sorted(
    {" ".join(a.split()) for x in CATALOG for a in x.aliases if a.islower() and len(a) >= 12}
)


def _complete_truncated(line: str) -> str:
    cell = _NAME_CELL.match(line)
    if cell is None:
        return line
    name = " ".join(cell.group(2).lower().split())
    if alias_key(name) in ALIASES:
        return line
    whole = [a for a in _LONG_NAMES if a.startswith(name) and len(name) * 2 >= len(a)]
    if not whole or len({ALIASES[alias_key(a)][0].name for a in whole}) != 1:
        return line
    return cell.group(1) + min(whole, key=len) + line[cell.end() :]


def _charge(match: re.Match[str]) -> str:
    times = {"¹": "", "²": "2", "³": "3"}[match.group(1)] if match.group(1) else ""
    return f"{times}+" if match.group(2) == "⁺" else ""


# "mm Hg" in two words, as case reports print it ("PaO2 48 mm Hg"): without it the number
# has no unit, and "PaO2 of 38 mm Hg" could be kPa, so never critical.
_MM_HG = re.compile(r"\bmm\s+Hg\b")
# A 24-hour urine's amount with its period in words or after a space: "hypercortisoluria
# ... (226.4 µg/24 hr; 122.1 µg/24 hr)", "uroporphyrin level, 24,200 nmol/24 hours",
# "urine (noradrenaline 1,426.9 μg/24 h)" (three case reports of CaseReportBench): the unit
# is one token, "µg/24h", or the period is lost and the amount read as a blood value.
_PER_24_HOURS = re.compile(r"(?i)(?<=[a-zµμ])\s*/\s*24\s*-?\s*(?:hours?|hrs?|h)\b")
# A unit written as a product with a negative power, as the European Respiratory Society's
# journals print it: "Lactate, mmol·L−1 | ... | 4.40", "HCO3−, mmol·L−1", "2 L·min−1"
# (Breathe, table of serial blood gases, highwire 14124). Unread, the lactate had no unit and
# was flagged low against mg/dL; "mmol/L" is the same unit.
_PER_POWER = re.compile(r"(?<=[A-Za-zµμ])\s?[·⋅]\s?(L|dL|mL|kg|min|h|d)\s?[−-]1(?!\d|\.\d)")


# A unit written in words: "“serum calcium” 1.5 mmol per lit" (emergucate.com, Lab Case
# 255), "108 milliequivalents per liter", "milligrams per deciliter"; and per millilitre:
# "the level of B-type natriuretic peptide was 230 pg per mL (normal range 0 to 100)"
# (Journal of Medical Case Reports, CUPCase row 5100), unread before.
_UNIT_IN_WORDS = re.compile(
    r"(?i)(?<=\d)\s*(?P<amount>mmol|meq|mg|µmol|μmol|umol|nmol|pmol|ng|pg|µg|μg|ug|mcg"
    r"|millimoles?|milliequivalents?|milligrams?)"
    r"\s+per\s+(?P<volume>lit(?:re|er)?s?|l|dl|decilit(?:re|er)s?|ml|millilit(?:re|er)s?)\b"
)
_AMOUNT_SYMBOL = {"millimole": "mmol", "milliequivalent": "mEq", "milligram": "mg"}


def _unit_in_symbols(match: re.Match[str]) -> str:
    amount = match.group("amount")
    amount = _AMOUNT_SYMBOL.get(amount.lower().rstrip("s"), amount)
    volume = match.group("volume").lower()
    symbol = "dL" if volume.startswith("d") else "mL" if volume.startswith("m") else "L"
    return f" {amount}/{symbol}"


# A filtration rate's unit in words or with spaces: "estimated glomerular filtration rate
# (eGFR) was 89 ml per minute per 1.73 m 2" (CaseReportBench item 125, unread before),
# "106 mL/minute/1.73 m²" (CUPCase row 3881), "mL/min per 1.73 m2": one unit,
# mL/min/1.73m2, whatever the spelling.
_FILTRATION_UNIT = re.compile(
    r"(?i)(?<=\d)\s*ml\s*(?:/\s*|\s+per\s+)min(?:ute)?s?\s*(?:/\s*|\s+per\s+)"
    r"1[.,]73\s*(?:m\s*(?:\^?\s*2|²)|sq\.?\s*m|square\s+met(?:re|er)s?)(?![\w])"
)


# A vaccine's name is letters glued to its valency: "his second PCV13 dose" (Journal of Medical
# Case Reports, CUPCase row 2891), "PPSV23 vaccine", "HPV9". Glued to a test's abbreviation
# ("PCV" is also the packed cell volume) it was read as a haematocrit of 13. Before a vaccine
# word, the name and its number are the vaccine, no result.
_VACCINE_NAME = re.compile(
    r"\b[A-Z]{2,6}-?\d{1,2}(?=\s+(?:(?:conjugate|polysaccharide)\s+)?"
    r"(?:doses?|vaccin\w*|immuni[sz]ations?|boosters?|shots?|series)\b)"
)


def clean_line(line: str) -> str:
    line = line.replace("\u00a0", " ").replace("\r", "")
    line = _OCR_POWER.sub("x10E", _MARK_AFTER_NAME.sub(" ", line))
    line = _DELTA_MARK.sub("  ", line)
    line = _PER_24_HOURS.sub("/24h", _MM_HG.sub("mmHg", _PER_POWER.sub(r"/\1", line)))
    line = counts_named_in_their_unit(daily_amounts_per_day(line))
    line = _ION_CHARGE.sub(_charge, line).translate(_SUBSCRIPTS)
    line = _DOTTED.sub(lambda m: m.group(1).replace(".", ""), line)
    line = _ASSAY_SENSITIVITY.sub(" ", line)
    line = _VACCINE_NAME.sub("the", line)  # before a name is unglued from its number
    line = without_protein_changes(line)  # so too "p.Glu1021Lys"
    line = plain_exponent(_GLUED_NAME.sub(_unglue_name, line))
    line = _GIGA_PER_LITRE.sub(" x10^9/L", line)
    line = without_citation_marks(line)
    delimiter = ";" if line.count(";") >= 2 else ","
    # A CSV row has separators without a following space; prose writes "a, b".
    # Commas between digits are thousands ("8,200"), not separators.
    separators = len(re.findall(rf"(?<!\d){delimiter}|{delimiter}(?!\d)", line))
    if "\t" not in line and separators >= 2 and f"{delimiter} " not in line:
        fields = next(csv.reader([line], delimiter=delimiter), [])
        line = "  ".join(plain_numbers(field) for field in fields)
    else:
        line = plain_numbers(line)
    # "base excess –5", "BE −3": a dash after a word, not between numbers, is a minus sign.
    line = re.sub(r"(?<![\d.\s])(\s+)[–−](?=\d)", r"\1-", line.replace("\u2212", "-"))
    line = line.replace("\t", "  ").replace('"', " ").replace("|", "  ")
    line = line.replace("\u201c", " ").replace("\u201d", " ")  # curly double quotes
    line = _UNIT_IN_WORDS.sub(_unit_in_symbols, _FILTRATION_UNIT.sub(" mL/min/1.73m2", line))
    line = _STRAY_QUOTE.sub(" ", line)
    line = unglue(line, known_unit)
    line = rewrite_prose(without_other_names(line))
    line = NOT_VALUES.sub(" ", line)
    return _complete_truncated(re.sub(r"1\.73\s+m", "1.73m", line))


# A short name after a wide gap is the next cell of a row laid out in two columns, not the
# previous value's unit: "pH 7.07      Na 141 mmol/l" (it is followed by its own value).
# With one space, the next cell prints its own value and unit: "pH 7.21 Na 165 mmol/L" (a
# blood gas in two columns, rphdoctor.org's Blood Gas #3), never "182 mg" alone.
_NEW_CELL = re.compile(
    r"\s{3,}[A-Za-z][\w/]{0,4}\s*[:=]?\s*-?\d"
    r"|\s[A-Z][a-z]?\+?\s+\d+(?:\.\d+)?\s*(?:mmol|meq|mEq)/[lL]\b"
)
# A vertebral level or a span of them ("C4-6", "T4-5", "L3-S1") is no test ("C4", "T4").
_SPINAL_LEVEL = re.compile(r"\s*[-–]\s*[CTLS]?\d{1,2}\b(?!\.\d)")
_SPINAL_NAME = re.compile(r"[CTLS]\d{1,2}")


def test_starts(line: str, in_urine: bool) -> list[tuple[re.Match[str], Analyte]]:
    """Where analyte names start a result in ``line``."""
    starts = []
    for match in ANALYTE_NAME.finditer(line):
        analyte, urine_only = ALIASES[alias_key(match.group())]
        before = line[: match.start()].rstrip()
        if urine_only and not (in_urine or URINE_SENTENCE.search(sentence_of(before))):
            continue  # "pH", "blood" are urine tests only where urine is the subject
        # A short name after a number is a unit ("182 mg" is no magnesium); a cell or a
        # full name may follow its value ("0 white blood cells", "with 68 chloride").
        value_first = alias_key(match.group()) in VALUE_FIRST or analyte.name in CELLS
        gap = line[len(before) : match.start()]
        if (
            before
            and before[-1].isdigit()
            and not value_first
            and len(match.group()) < 5
            and not _NEW_CELL.match(gap + line[match.start() :])
        ):
            continue
        if UNIT_AFTER.match(line, match.end()) and not (
            # "0 leukocytes/μL and 50 erythrocytes/μL": cells counted, their unit glued on
            before[-1:].isdigit()
            and analyte.name in ("WBC", "RBC")
            and not PER_FIELD.match(line[match.end() :])
        ):
            continue  # "K/uL" is a unit, not potassium
        if _SPINAL_NAME.fullmatch(match.group()) and _SPINAL_LEVEL.match(line, match.end()):
            continue  # "the C4-6 levels", "below T4-5"
        starts.append((match, analyte))
    return starts
