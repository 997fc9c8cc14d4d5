"""Words that hold a test's name but name something else: another test, a tissue, a
regimen or a score (issue #29, round eight's audit of case sections).

Each shape is taken out of a line before names are looked for, so that the number beside
it is never given to the test whose name it holds:

- "FIX inhibitor of 12 BU/ml": the inhibitor's titre, not factor IX (factor VIII's inhibitor
  is a catalogue test since round fifteen);
- "immature reticulocytes 12.9%": the immature fraction, not the reticulocyte count;
- "Microhemagglutination Assay for Treponema pallidum (MHA-TP) was positive": a syphilis
  test, not total protein ("TP");
- "the last TP + BV infusion": a regimen's drugs joined by "+", not a dipstick's "+";
- "internal mammary lymph nodes with the highest SUV of 6.0", "Tumor infiltrating
  lymphocyte and macrophage is less than 5%": a node or a tissue, not the blood count;
- "\u201cabsence of RF or ACPA\u201d: 2 points": a criterion's points, not a result;
- "fecal coproporphyrin was 18 nmol/g": a stool porphyrin, not the urine's (round ten);
- "positive for cytokeratin (CK) 7", "negativity for CK20 ... as well as CK 19", "gross cystic
  disease fluid protein 15": a tumour's immunostain markers, not creatine kinase or total
  protein (round twelve);
- "No antibodies (contactin associated protein-like 2, CASPR2; ...)", "this nonsense mutation
  leads to ... a truncated protein 5, 6 .": a protein named by the words before it, its member
  or citation numbers after it, no total protein (round thirteen);
- "a calcium score of 2 Agatston Units", "a free T4 index of 3.8", "absolute T lymphocytes
  (CD3+/CD19-) 1688 cells/μL": a score, an index or a lymphocyte subset named by a test
  (round seventeen);
- "a pathogenic variant in PIK3CD (p.Glu1021Lys)": a protein's amino-acid change, its residue
  number glued to the amino acid's code; no glucose ("Glu"), leukocyte esterase ("Leu") or
  urine protein ("Pro") of that number (round sixteen);
- "anti-GAD 65 antibodies", "a Biosafety Level 3 (BSL-3) specialized mycology laboratory",
  "TCF4 (E2-2)", "mono-allelic loss of 5q31", "the PD-1 protein (programmed death protein 1)":
  a number that belongs to a name (an antigen's isoform, a laboratory's biosafety level, a
  protein's other name), or a word that begins like a test's short name; no GAD antibody of
  65, glucose ("BSL", blood sugar level) of 3, estradiol ("E2") of 2, monocytes ("mono") of 5
  or urine protein of 1 (round twenty-one).
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME, KNOWN_UNITS
from core.vocabulary.units import unit_key

# Factor VIII's inhibitor is a test of its own (the catalogue's "Factor VIII inhibitor",
# round fifteen); another factor's inhibitor is still no value of that factor.
_FACTOR = r"(?:F|factor\s+)(?:II|V|VII|IX|X|XI|XII|XIII)(?::C)?"

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
    # a score named by a test: a coronary CT's calcium score ("CTCA revealed a calcium score
    # of 2 Agatston Units", MedRBench PMC11550582; "The total Ca score was 7.7 UA",
    # PMC11432985): no calcium. (The free thyroxine index, "a free T4 index of 3.8 (normal
    # range 1.4-3.8)", PMC11457949, is no free T4 either, and since labnames27 a test of the
    # catalogue's own, "Free T4 index".)
    r"|(?i:\b(?:calcium|Ca)\s+scores?\b)"
    # a lymphocyte subset, not the lymphocyte count: "borderline low absolute T lymphocytes
    # (CD3+/CD19-) 1688 cells/ μL" (PMC11489862); after "CD4+" it is the CD4 count's own name
    # (since recall28 a subset's share named as such is read: "total T lymphocytes at
    # 58.39%", "the total B lymphocyte percentage was reduced to 3.83%", PMC11638744)
    r"|(?<![+\w])(?<!\+\s)(?<!CD\d\s)(?<![Tt]otal\s)(?:T|B|NK|Th)[\s-]+(?i:lymphocytes?)\b"
    r"(?!\s+(?i:percentage))"
    # a subset of a subset: "borderline low memory B-cells 2.81% (3.5-12.2%)" (PMC11489862)
    # is a share of the B cells, not the B cells' share of the lymphocytes (recall28)
    r"|(?i:\b(?:memory|na[iï]ve|switched|transitional|regulatory)\s+[BT][\s-]*(?:cells?|lymphocytes?)\b)"
)
# A protein change in the HGVS nomenclature: the amino acid's three-letter code, the residue's
# number glued to it, then what it became (another code, a stop, a deletion, a frame shift):
# "a pathogenic variant in PIK3CD (p.Glu1021Lys)", "the amino acid sequence p.Glu548Asp"
# (MedRBench PMC11632462, PMC11571544), "p.Glu835-Leu838del" (PMC11484529), "p.Leu81Profs*54"
# (PMC11631573). Three codes are also the short names of tests (Glu, Leu, Pro); a result is
# never written with its number glued to the name and another code after it.
_AMINO_ACID = (
    r"(?:Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val|Sec"
    r"|Pyl|Ter|Xaa)"
)
_CHANGED_RESIDUE = (
    rf"{_AMINO_ACID}\d+(?:\s*[-_]\s*{_AMINO_ACID}\d+)?(?={_AMINO_ACID}|del|dup|ins|fs|\*|=|X\b|\?)"
    rf"(?:{_AMINO_ACID}|[a-z]+|\*|=|X|\?)*(?:\*?\d+)?"
)
_PROTEIN_CHANGE = re.compile(
    # written after "p." in any case ("p.leu81Profs*54"), else bare with capital codes
    rf"(?i:\bp\.\s*\(\s*{_CHANGED_RESIDUE}\s*\)|\bp\.\s*{_CHANGED_RESIDUE})"
    rf"|(?<![A-Za-z]){_CHANGED_RESIDUE}"
)


# A number that belongs to a name, blanked with its name's tail so the test's short name finds
# no value in it: glutamic acid decarboxylase's 65 kDa isoform ("The level of anti-GAD 65
# antibodies in serum and CSF was measured by Western blot", MedRBench PMC11367131; a titre
# told after it, "anti-GAD65 antibodies 250 IU/mL", keeps its number); a laboratory's
# biosafety level ("a Biosafety Level 3 (BSL-3) specialized mycology laboratory", "examined in
# a BSL-3 laboratory", PMC11489327: BSL is also a blood sugar level, never of 1 to 4 with no
# unit); TCF4's other name E2-2 ("TCF4 (E2-2), CD43, BCL-2", PMC11648018); "mono-allelic"
# ("mono-allelic loss of 5q31", PMC11648018: no monocytes). Not the erythrocyte membrane's
# "ankyrin and protein 4.2" (PMC11512739): a list's bare "protein 4.2" is a total protein
# ("chloride 103, bicarbonate 23, protein 4.2", dev mt-uti-chest-pain-csf-er).
_NUMBERED_NAMES = re.compile(
    r"(?<=GAD)[\s-]?6[57](?![\d.,])(?=\s*(?:kDa\b|(?i:auto)?antibod|Abs?\b|IgG\b|[),;]|$))"
    r"|\bBSL[\s-]?[1-4](?![\d.,])(?!\s*(?:mg|mmol|g/))"
    r"|\bE2-2\b"
    r"|(?i:\bmono-(?=[a-z]{4,})(?!nuclear|cyte))"
)
# A gene's or a protein's symbol before "protein" makes it that protein's name: "between the
# PD-1 protein (programmed death protein 1) present on T cells" (PMC11592753) is no urine
# protein of 1; "the p53 protein". The symbol holds a letter and a digit ("PD-1", "BAP1",
# "S100"); "24-hour urine protein" and "CSF protein" are measured.
_SYMBOL_PROTEIN = re.compile(
    r"(?<![\w-])[A-Za-z][A-Za-z]*-?\d{1,3}[A-Za-z]?\s+(?P<name>proteins?)\b"
)


def without_numbered_names(line: str) -> str:
    """``line`` with the numbers that belong to a name blanked (see ``_NUMBERED_NAMES``)."""
    line = _NUMBERED_NAMES.sub(lambda m: " " * len(m.group()), line)
    return _SYMBOL_PROTEIN.sub(
        lambda m: m.group()[: m.start("name") - m.start()] + " " * len(m.group("name")), line
    )


def without_protein_changes(line: str) -> str:
    """``line`` with its HGVS protein changes blanked; before a name is unglued from its
    number ("Glu1021" would become "Glu 1021")."""
    return _PROTEIN_CHANGE.sub(" ", line)


# "2 points", "1 point": a criterion's score
_POINTS = re.compile(r"(?i)(?<![\d.])\d{1,2}(?:\.\d)?\s+points?\b")

# A cytokeratin stained in a tumour is written "CK" and its number, the number no result:
# "negative for thyroid transcription factor 1 (TTF-1) and cytokeratin (CK) 7", "mixed
# cytokeratin (CK) 5 and 14, p63 and smooth muscle myosin positivity", "negativity for CK20
# ..., galactin-3 as well as CK 19", "immunohistochemical positivity for CK-7 and CD117"
# (Journal of Medical Case Reports, CUPCase rows 2765, 3058, 2947, 3794). "cytokeratin (CK)"
# is always the marker; "CK" and a cytokeratin's number with no unit after it is the marker
# where its sentence tells of staining. "creatine kinase (CK) 20 U/L" keeps its unit and
# stays a result; "cytokeratin 19 fragment" (CYFRA 21-1) is a serum tumour marker.
_CYTOKERATIN_CK = re.compile(r"(?i)\bcytokeratins?\s*\(\s*CK\s*\)")
_CK_NUMBERED = re.compile(
    r"(?<![\w-])CK[\s-]?(?:5|6|7|8|10|13|14|17|18|19|20)(?:\s*/\s*\d{1,2})?(?![\d.,]\d)"
    r"(?!\s*(?:U|IU|UI|units?|u/l|iu/l|ng|[µμ]|mg|%|nkat|[µμ]kat)(?![A-Za-z]))"
)
_STAINING = re.compile(
    r"(?i)positiv|negativ|stain|immuno|express|reactiv|\bIHC\b|\bCD\d|markers?\b|tumou?r\s+cells"
)
# "negative staining for mammaglobin, estrogen receptor, gross cystic disease fluid protein
# 15, and CK20" (CUPCase row 3678), "negative for gross cystic disease fluid protein 15"
# (row 3906): a breast marker's name, no total protein of 15.
_GCDFP = re.compile(
    r"(?i)\bgross\s+cystic\s+disease\s+fluid\s+protein(?:[\s-]*15\b)?|\bGCDFP[\s-]*15\b"
)


def _stained_markers(line: str) -> str:
    line = _GCDFP.sub(" ", _CYTOKERATIN_CK.sub(" ", line))
    if "CK" not in line:
        return line
    out: list[str] = []
    for sentence in re.split(r"(?<=[.;])(?=\s)", line):
        if _STAINING.search(sentence):
            sentence = _CK_NUMBERED.sub(lambda m: " " * len(m.group()), sentence)
        out.append(sentence)
    return "".join(out)


# "protein" alone is the total protein where a list, a specimen, a level word or a sentence's
# small words stand before it ("cells, protein 24, red blood cells 13", "CSF protein 45",
# "a high protein of 70 mg/dL"). After another word it is the last word of a protein's own name,
# and a number after it with no unit is the name's member number or a citation: "No antibodies
# (contactin associated protein-like 2, CASPR2; leucine-rich glioma inactivated protein 1)"
# (Journal of Medical Case Reports, CUPCase row 2660), "or a truncated protein 5, 6 ."
# (CaseReportBench item 53, its reference numbers printed bare).
_MEASURED_PROTEIN = frozenset(
    {
        "total", "serum", "plasma", "blood", "csf", "urine", "urinary", "fluid", "pleural",
        "ascitic", "peritoneal", "synovial", "spinal", "high", "elevated", "raised",
        "increased", "low", "decreased", "reduced", "normal", "and", "or", "of", "with", "the",
        "his", "her", "their", "its", "a", "an", "was", "were", "showed", "revealed", "level",
    }
)  # fmt: skip
_NAMED_PROTEIN = re.compile(
    r"(?i)(?<![\w-])(?P<word>[a-z][\w-]*)\s+(?P<name>protein(?:-like)?)\s+\d+(?:\.\d+)?"
    r"(?P<after>\s*[^\s,;.()]*)"
)


def _named_proteins(line: str) -> str:
    if "protein" not in line.lower():
        return line
    for match in reversed(list(_NAMED_PROTEIN.finditer(line))):
        name = match.group("name")
        after = match.group("after").strip()
        if not name.lower().endswith("-like"):
            if match.group("word").lower() in _MEASURED_PROTEIN:
                continue
            if after and (unit_key(after) in KNOWN_UNITS or "/" in after or after == "%"):
                continue
            # a longer catalogued name ending in "protein" ("C reactive protein") is its own
            at = match.start("name")
            if any(m.start() < at < m.end() for m in ANALYTE_NAME.finditer(line)):
                continue
        line = line[: match.start("name")] + " " * len(name) + line[match.end("name") :]
    return line


def without_other_names(line: str) -> str:
    """``line`` with the shapes above blanked (the rest of the line unchanged)."""
    line = _named_proteins(_stained_markers(_OTHER_NAMES.sub(" ", without_numbered_names(line))))
    return _POINTS.sub(" ", line)
