"""Words that hold a test's name but name something else: another test, a tissue, a
regimen or a score (issue #29, round eight's audit of case sections).

Each shape is taken out of a line before names are looked for, so that the number beside
it is never given to the test whose name it holds:

- "FVIII inhibitor of 102 Bethesda units (BU)/ml": the inhibitor's titre, not factor VIII;
- "immature reticulocytes 12.9%": the immature fraction, not the reticulocyte count;
- "Microhemagglutination Assay for Treponema pallidum (MHA-TP) was positive": a syphilis
  test, not total protein ("TP");
- "the last TP + BV infusion": a regimen's drugs joined by "+", not a dipstick's "+";
- "internal mammary lymph nodes with the highest SUV of 6.0", "Tumor infiltrating
  lymphocyte and macrophage is less than 5%": a node or a tissue, not the blood count;
- "\u201cabsence of RF or ACPA\u201d: 2 points": a criterion's points, not a result;
- "fecal coproporphyrin was 18 nmol/g": a stool porphyrin, not the urine's (round ten).
"""

from __future__ import annotations

import re

_FACTOR = r"(?:F|factor\s+)(?:II|V|VII|VIII|IX|X|XI|XII|XIII)(?::C)?"

_OTHER_NAMES = re.compile(
    # a coagulation factor's inhibitor (its Bethesda titre)
    rf"(?i:\b{_FACTOR}\s+inhibitors?\b)"
    # the immature fraction of the reticulocytes
    r"|(?i:\bimmature\s+reticulocytes?(?:\s+fraction)?\b)"
    # treponemal tests written with "TP": MHA-TP, TP-PA, TPHA, FTA
    r"|\b(?:MHA|TPHA|FTA)-TP\b|\bTP-(?:PA|HA|ELISA|CLIA)\b"
    # a regimen's drugs joined by "+" and given ("TP + BV infusion", "AC + T cycles")
    r"|\b[A-Z][A-Za-z]{0,5}\s*\+\s*[A-Z][A-Za-z]{0,5}(?=\s+(?i:infusions?|regimens?|"
    r"chemotherapy|therapy|cycles?|courses?|treatment)\b)"
    # a lymph node, and lymphocytes seen in a tissue rather than counted in blood
    r"|(?i:\blymph[\s-]+nodes?\b)"
    r"|(?i:\b(?:tumou?r[\s-]+)?infiltrating\s+lymphocytes?\b)"
    # a porphyrin measured in stool, not in the urine its catalogue name means
    r"|(?i:\b(?:fa?ecal|stool)\s+(?:copro|proto|uro)?porphyrins?\b)"
)
# "2 points", "1 point": a criterion's score
_POINTS = re.compile(r"(?i)(?<![\d.])\d{1,2}(?:\.\d)?\s+points?\b")


def without_other_names(line: str) -> str:
    """``line`` with the shapes above blanked (the rest of the line unchanged)."""
    line = _OTHER_NAMES.sub(" ", line)
    return _POINTS.sub(" ", line)
