"""A tumour's type told without its organ, the organ told by the specimen or the mass before
(issue #29, thirty-first round).

Case reports tell a tissue diagnosis in two steps: where the tumour is, then what the
pathologist found. "Transbronchial lung biopsy ... revealed invasive mucin-secreting
adenocarcinoma" (MedRBench PMC11550787) names the organ in the specimen; "A colonoscopy
revealed a bleeding polypoid mass ... of the sigmoid colon. A biopsy confirmed a malignancy"
(CUPCase row 5265) in the sentence before. The index sends a class of tumours ("carcinoma",
"adenocarcinoma", "malignancy") to "Neoplasm, by site": read alone they name no site
(neoplasms.py reads them only with one), and the sentence gives none. A coder reads the
site from the specimen or from the mass the biopsy sampled, and so does this module:

1. the organ of the specimen the same sentence names before the tumour ("Endometrial pipelle
   sampling revealed ... endometrioid adenocarcinoma", PMC11582521), when the sentence names
   exactly one organ before it and no other organ after it (another organ after is where the
   tumour lies, neoplasms.py's ground);
2. else the organ of the mass the immediately preceding sentence of the same block locates
   ("Resection of the right breast lesion and sentinel lymph node was performed ... Chronic
   inflammation, locally invasive ductal carcinoma ... were found by pathological
   examination", PMC11520920).

What a coder would not read as the organ's primary tumour is left unread, as before:
- a metastasis: "metastatic adenocarcinoma" in a liver biopsy is the liver's secondary
  (C78.7) with the primary unknown, never the liver's carcinoma; any "metasta-",
  "secondary", "deposits" or "involvement by" in the sentence (or the mass's sentence)
  keeps the organ out;
- a lymph node, or a fluid ("pleural fluid", "cerebral spinal fluid"): the tumour found there
  came from elsewhere;
- two organs that could be the tumour's, with no mass word to choose between them;
- a denied tumour ("no evidence of malignancy"), a suspected or weighed one ("suspicious for
  malignancy"): only a tissue finding stated by its verb ("revealed", "confirmed", "showed",
  "consistent with", "were found") reads.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.analysis.rules.conditions import Condition
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.negation import is_negated
from core.analysis.rules.neoplasms import (
    _UNSITED,
    IN_SITU,
    MALIGNANT,
    Morphology,
    _readable_sites,
    morphology_names,
    sited_neoplasms,
)

_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")

# A tissue diagnosis: the sentence names the sample or its examination.
_TISSUE = re.compile(
    r"(?i)\bbiops|patholog|histolog|histopatholog|cytolog|specimen|\bsampling|aspirat|"
    r"\bresect|curett|\bexcision|\bFNA|\bFNAC\b|frozen\s+section|puncture"
)
# A finding the examination states: its verb before the tumour, or after it ("were found by
# pathological examination", "was revealed to be").
_FINDING_BEFORE = re.compile(
    r"(?i)\b(?:revealed|revealing|reveals|confirmed|confirming|confirms|showed|shows|showing|"
    r"demonstrated|demonstrating|unveiled|disclosed|identified|indicated|proved|yielded|"
    r"consistent\s+with|compatible\s+with|in\s+keeping\s+with|diagnostic\s+of|"
    r"diagnosis\s+of|to\s+be|as)\b"
)
_FINDING_AFTER = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:was|were|is)\s+(?:\w+\s+)?(?:found|confirmed|identified|"
    r"diagnosed|revealed|demonstrated|seen)\b"
)
# Words that make the tumour another organ's, or only a question.
_SECONDARY = re.compile(r"(?i)metasta|\bsecondary\b|\bdeposits?\b|involvement\s+by|\bspread")
_DOUBT = re.compile(
    r"(?i)suspici|suspect|concern\s+for|rule\s+out|ruled\s+out|exclude|possib|probabl|"
    r"likely|differential|versus|\bvs\b|\bor\b|risk|history|previous|prior|uncertain|"
    r"such\s+as|\bother\b|consider"
)
# A tumour weighed after its name: "Other renal tumors, such as urothelial carcinoma, were
# considered and excluded" (PMC11416197).
_WEIGHED_AFTER = re.compile(r"(?i)^[^.;]{0,60}?\b(?:considered|excluded|ruled\s+out|unlikely)\b")
# The words a mass is told by ("a bleeding polypoid mass", "the right breast lesion").
_MASS = frozenset(("mass", "masses", "tumor", "tumors", "tumour", "tumours", "lesion", "lesions"))
_MASS |= {"nodule", "nodules", "polyp", "polyps", "growth", "neoplasm", "thickening", "ulcer"}
# A site whose tumour came from elsewhere, or a fluid sampled for its cells.
_NOT_THE_ORGAN = frozenset(("lymph", "node", "nodes", "nodal", "lymphatic"))
_FLUIDS = frozenset(
    ["fluid", "fluids", "effusion", "effusions", "lavage", "wash", "washing", "washings"]
)
_MAX_SITE_WORDS = 6


def _morphologies() -> dict[tuple[str, ...], Morphology]:
    """The tumour classes and types a site decides: malignant or in situ, with no code of
    their own for an unnamed site (a glioma is the brain's without one)."""
    return {
        words: m
        for words, m in morphology_names().items()
        if m.behaviour in (MALIGNANT, IN_SITU) and m.unsited is None
    }


def _sites_in(words: list[str], sites: dict[str, str]) -> list[tuple[int, int, str]]:
    """The organs the words name (first word, one past the last, the site's words), longest
    first, leaving out lymph nodes and fluids."""
    found: list[tuple[int, int, str]] = []
    index = 0
    while index < len(words):
        for size in range(min(_MAX_SITE_WORDS, len(words) - index), 0, -1):
            site = " ".join(words[index : index + size])
            if site not in sites:
                continue
            end = index + size
            near = set(words[max(0, index - 1) : end + 2])
            if not (near & _NOT_THE_ORGAN or set(words[end : end + 2]) & _FLUIDS):
                found.append((index, end, site))
            index = end - 1
            break
        index += 1
    return found


def _one_organ(found: list[tuple[int, int, str]], sites: dict[str, str]) -> str | None:
    codes = {sites[site] for _, _, site in found}
    if len(codes) != 1:
        return None
    return found[0][2]


def _mass_organ(previous: str, sites: dict[str, str]) -> str | None:
    """The organ the sentence before locates a mass in: its only organ, or the one written
    just before the mass word ("pancreatic head mass obstructing the common bile duct")."""
    if _SECONDARY.search(previous):
        return None
    words = _WORD.findall(previous.lower())
    masses = [i for i, word in enumerate(words) if word in _MASS]
    if not masses:
        return None
    found = _sites_in(words, sites)
    organ = _one_organ(found, sites)
    if organ is not None:
        return organ
    before_mass = [s for s in found if any(0 <= m - s[1] <= 1 for m in masses)]
    return _one_organ(before_mass, sites)


def organ_sited_tumours(
    sentence: str,
    previous: str,
    read: list[tuple[int, int, Condition]],
    known: frozenset[str] = frozenset(),
) -> list[tuple[int, int, Condition]]:
    """The tumours of ``sentence`` whose type names no site, each read at the organ of the
    specimen the sentence names or of the mass ``previous`` locates; ``read``: the terms
    already read (a tumour they code at a site is left as read); ``known``: the categories
    of the primary cancers the document named before (see ``_cancer_known``)."""
    # A metastasis told in the sentence or the one before ("thoracoscopic segmentectomy for a
    # pulmonary metastasis ... the resected lung specimen showed adenocarcinoma", CUPCase row
    # 1668, a pancreatobiliary primary): not the organ's own tumour.
    if not _TISSUE.search(sentence) or _SECONDARY.search(sentence) or _SECONDARY.search(previous):
        return []
    plain = sentence.lower()
    spans = [(m.start(), m.end()) for m in _WORD.finditer(plain)]
    words = [plain[a:b] for a, b in spans]
    morphologies = _morphologies()
    if not morphologies:
        return []
    sited = {named: code for _, _, code, named in sited_neoplasms(words)}
    longest = max(len(name) for name in morphologies)
    found: list[tuple[int, int, Condition]] = []
    first = 0
    while first < len(words):
        for size in range(min(longest, len(words) - first), 0, -1):
            morphology = morphologies.get(tuple(words[first : first + size]))
            if morphology is None:
                continue
            reading = _at_organ(sentence, previous, words, spans, first, first + size, morphology)
            code = sited.get((first, first + size))
            start, end = spans[first][0], spans[first + size - 1][1]
            if (
                reading
                and code in (None, *_UNSITED.values())
                and not _coded(read, start, end)
                and not _cancer_known(known)
            ):
                found.append((start, end, reading))
            first += size - 1
            break
        first += 1
    return found


def _cancer_known(known: frozenset[str]) -> bool:
    """The document named a primary cancer before: a tumour a later biopsy finds is that
    cancer (told again, or its past staging: "past medical history of rectal cancer ... At the
    time of diagnosis, rectal cancer was stage IV ... and was revealed to be adenocarcinoma",
    CUPCase row 810, whose case is an infected aortic aneurysm) or its spread to the new
    organ, which a coder reads as no new primary until the pathologist calls it one ("history
    of ... lung cancer", then "a pancreatic head mass ... Cytology revealed malignant cells
    consistent with adenocarcinoma", PMC11456792, a lung adenocarcinoma's metastasis; a
    prostate carcinoma's needle-tract seeding by the anal sphincter, PMC11470588). Either way
    the organ adds nothing the reader should conclude."""
    return bool(known)


def _coded(read: list[tuple[int, int, Condition]], start: int, end: int) -> bool:
    """A term already read over these words codes a neoplasm at a site."""
    return any(
        s < end
        and start < e
        and c.code[:1] in "CD"
        and c.code[:3] < "D50"
        and c.code not in _UNSITED.values()
        for s, e, c in read
    )


def _at_organ(
    sentence: str,
    previous: str,
    words: list[str],
    spans: list[tuple[int, int]],
    first: int,
    last: int,
    morphology: Morphology,
) -> Condition | None:
    start, end = spans[first][0], spans[last - 1][1]
    before, after = sentence[:start], sentence[end:]
    stated = _FINDING_BEFORE.search(before) or _FINDING_AFTER.match(after)
    if not stated or _DOUBT.search(before) or _WEIGHED_AFTER.match(after):
        return None
    if is_negated(sentence, start, end):
        return None
    sites = _readable_sites(morphology)
    within = _sites_in(words[:first], sites)
    organ = _one_organ(within, sites) if within else _mass_organ(previous, sites)
    if organ is None:
        return None
    # A site after the tumour that is another organ is where it lies ("tubular adenocarcinoma
    # ..., while the retroperitoneal mass was ...", PMC11388041): left as read. The same organ
    # again is no other ("duodenal mass ... adenocarcinoma localized in the submucosa of the
    # duodenum", PMC11456785).
    if any(sites[site] != sites[organ] for _, _, site in _sites_in(words[last:], sites)):
        return None
    # Read as a doctor would have written it with its organ ("lung adenocarcinoma"), by the
    # same term finder: the code set's term where it has one, else neoplasms.py's site.
    phrase = " ".join([organ, *words[first:last]])
    coded = [c for s, e, c in icd_conditions(phrase) if e == len(phrase)]
    if not coded or coded[0].code in _UNSITED.values():
        return None
    pattern = re.compile(re.escape(sentence[start:end]), re.IGNORECASE)
    return replace(coded[0], pattern=pattern)
