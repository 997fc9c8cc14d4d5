"""Tumours a case report names by their morphology, with or without a site (issue #29).

ICD-10-CM's tabular list holds no morphology names ("leiomyosarcoma", "paraganglioma",
"solitary fibrous tumor"): its alphabetic index sends each to "Neoplasm, <behaviour>, by
site". So the reader does what the index asks, in three steps:

1. the morphology's behaviour, as the WHO's International Classification of Diseases for
   Oncology, third edition (ICD-O-3, with its WHO updates 3.1 and 3.2 where a comment says
   so), gives it by the behaviour digit of its morphology code (/0 benign, /1 uncertain,
   /2 in situ, /3 malignant); each name below carries its ICD-O code. Only names whose
   behaviour ICD-O states are here;
2. the site the words name, in the code set's own site words: each code whose description is
   "Malignant neoplasm of <site>", "Benign neoplasm of <site>", "Neoplasm of uncertain
   behavior of <site>" or "Carcinoma in situ of <site>" gives its site (and the adjectives
   doctors write for it, icd_terms' list), before the morphology ("uterine leiomyosarcoma",
   "carotid body paraganglioma") or after it ("leiomyosarcoma of the uterus", "solitary
   fibrous tumor of the pleura", "schwannoma arising from the left kidney");
3. the code: that site's code of the morphology's behaviour (its unspecified code where it has
   codes below it); with no site named, the code the index gives the morphology where it gives
   one ("Paraganglioma ... unspecified site D44.7", "Craniopharyngioma D44.4"), else the
   behaviour's unspecified-site code (C80.1, D36.9, D48.9, D09.9).

Every code comes from the loaded code set; nothing here invents one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from core.analysis.rules.index_morphologies import (
    index_longer_names,
    index_morphologies,
    index_recodings,
)
from core.analysis.rules.neoplasm_sites import table_sites, uncoded_sites
from core.icd10 import check_icd10, code_set

MALIGNANT, BENIGN, UNCERTAIN, IN_SITU = "malignant", "benign", "uncertain", "in situ"

# The code set's neoplasm categories by behaviour, and how their descriptions name a site.
_DESCRIBED = {
    MALIGNANT: (("C00", "C77"), re.compile(r"^malignant neoplasm of (?P<sites>.+?)(?:,|$)")),
    BENIGN: (("D10", "D37"), re.compile(r"^benign neoplasm of (?P<sites>.+?)(?:,|$)")),
    UNCERTAIN: (
        ("D37", "D49"),
        re.compile(r"^neoplasm of uncertain behavior of (?P<sites>.+?)(?:,|$)"),
    ),
    IN_SITU: (("D00", "D10"), re.compile(r"^carcinoma in situ of (?P<sites>.+?)(?:,|$)")),
}
_UNSITED = {MALIGNANT: "C80.1", BENIGN: "D36.9", UNCERTAIN: "D48.9", IN_SITU: "D09.9"}


@dataclass(frozen=True)
class Morphology:
    names: tuple[str, ...]  # the usual spellings, singular; plurals are made from them
    behaviour: str
    # The ICD-O-3 morphology code whose behaviour digit is ``behaviour`` ("": the index's
    # morphologies, index_morphologies.py, which name their behaviour only).
    icd_o: str
    unsited: str | None = None  # the index's code with no site named, where it gives one
    # A word of a class of tumours ("carcinoma", "cancer") read only with its site: alone, it
    # names no diagnosis ("carcinoma" of a differential, "cancer" of a family history).
    sited_only: bool = False
    # Sites the index codes otherwise for this morphology, by the site code's start: "Leiomyoma,
    # uterus (cervix) (corpus) D25.9", where the table's benign uterus is D26 (other benign).
    recoded: tuple[tuple[str, str], ...] = ()
    # The words of its benign morphology, read where "mature", "benign" or "adult" stands
    # before its site ("Teratoma, adult (cystic), benign, mature - see Neoplasm, benign"):
    # "a mature adrenal teratoma" (PMC11637885) is the adrenal gland's benign D35.0-.
    benign_as: tuple[str, ...] = ()


_TUMOUR = ("tumor", "tumour")
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


def _tumour(*heads: str) -> tuple[str, ...]:
    return tuple(f"{head} {noun}" for head in heads for noun in _TUMOUR)


MORPHOLOGIES: tuple[Morphology, ...] = (
    # Sarcomas: "Neoplasm, connective tissue, malignant" where no site is named (C49.9).
    Morphology(("leiomyosarcoma",), MALIGNANT, "8890/3", "C49.9"),
    Morphology(("synovial sarcoma",), MALIGNANT, "9040/3", "C49.9"),
    Morphology(("sarcoma",), MALIGNANT, "8800/3", "C49.9"),
    # The index's other sarcomas (twenty-third round, lead): "Angiosarcoma - see also Neoplasm,
    # connective tissue, malignant" but "liver C22.3"; "Liposarcoma", "Rhabdomyosarcoma",
    # "Myxofibrosarcoma" and "Fibrosarcoma" the same; "Osteosarcoma - see Neoplasm, bone,
    # malignant", "Chondrosarcoma - see Neoplasm, cartilage, malignant" (C41.9 unsited), and
    # "Sarcoma, Ewing's" with bone. "right atrial angiosarcoma" (PMC11424893) is the heart's
    # C38.0 and "splenic angiosarcoma" (PMC11503393) the spleen's C26.1, no liver's C22.
    Morphology(
        ("angiosarcoma", "hemangiosarcoma", "haemangiosarcoma"),
        MALIGNANT,
        "9120/3",
        "C49.9",
        recoded=(("C22", "C22.3"),),
    ),
    Morphology(("liposarcoma",), MALIGNANT, "8850/3", "C49.9"),
    Morphology(("rhabdomyosarcoma",), MALIGNANT, "8900/3", "C49.9"),
    Morphology(("myxofibrosarcoma",), MALIGNANT, "8811/3", "C49.9"),
    Morphology(("fibrosarcoma",), MALIGNANT, "8810/3", "C49.9"),
    Morphology(("osteosarcoma", "osteogenic sarcoma"), MALIGNANT, "9180/3", "C41.9"),
    Morphology(("chondrosarcoma",), MALIGNANT, "9220/3", "C41.9"),
    Morphology(("ewing sarcoma", "ewing's sarcoma"), MALIGNANT, "9260/3", "C41.9"),
    Morphology(("carcinosarcoma",), MALIGNANT, "8980/3"),
    Morphology(
        (
            "malignant mixed mullerian tumor",
            "malignant mixed mullerian tumour",
            "malignant mixed mesodermal tumor",
            "malignant mixed mesodermal tumour",
        ),
        MALIGNANT,
        "8950/3",
    ),
    Morphology(_tumour("malignant rhabdoid", "rhabdoid"), MALIGNANT, "8963/3"),
    Morphology(("acinar cell carcinoma", "acinic cell carcinoma"), MALIGNANT, "8550/3"),
    Morphology(("clear cell carcinoma",), MALIGNANT, "8310/3"),
    Morphology(("urothelial carcinoma", "transitional cell carcinoma"), MALIGNANT, "8120/3"),
    Morphology(("mucoepidermoid carcinoma",), MALIGNANT, "8430/3"),
    Morphology(("adenoid cystic carcinoma",), MALIGNANT, "8200/3"),
    Morphology(("secretory carcinoma",), MALIGNANT, "8502/3"),
    Morphology(
        ("mucinous adenocarcinoma", "mucinous carcinoma", "colloid carcinoma"), MALIGNANT, "8480/3"
    ),
    Morphology(("signet ring cell carcinoma",), MALIGNANT, "8490/3"),
    Morphology(("squamous cell carcinoma",), MALIGNANT, "8070/3"),
    Morphology(("choriocarcinoma",), MALIGNANT, "9100/3"),
    Morphology(_tumour("malignant germ cell"), MALIGNANT, "9064/3"),
    Morphology(_tumour("mixed germ cell"), MALIGNANT, "9085/3"),
    Morphology(("dysgerminoma",), MALIGNANT, "9060/3"),
    Morphology(_tumour("yolk sac", "yolk-sac", "endodermal sinus"), MALIGNANT, "9071/3"),
    Morphology(("retinoblastoma",), MALIGNANT, "9510/3", "C69.20"),
    # "Glioma (malignant) - see Neoplasm, brain, malignant" where no site is named (the hand
    # list's "Glioma" C71.9); at another site of the table, that site's: "optic nerve
    # glioblastoma" (Cureus 2024, PMC11509173) is the optic nerve's C72.3-.
    Morphology(("glioma",), MALIGNANT, "9380/3", "C71.9"),
    Morphology(("glioblastoma",), MALIGNANT, "9440/3", "C71.9"),
    # "Ganglioneuroblastoma - see Neoplasm, nerve, malignant".
    Morphology(("ganglioneuroblastoma",), MALIGNANT, "9490/3", "C47.9"),
    # "Tumor, neuroectodermal, primitive ... unspecified site C71.9".
    Morphology(_tumour("primitive neuroectodermal"), MALIGNANT, "9473/3", "C71.9"),
    # "Tumor, neuroectodermal (peripheral) - see Neoplasm, malignant, by site".
    Morphology(
        _tumour("peripheral neuroectodermal", "peripheral primitive neuroectodermal"),
        MALIGNANT,
        "9364/3",
    ),
    # The index's tumours of the nervous system and the testis with "unspecified site" codes
    # and "specified site - see Neoplasm, malignant, by site": "Astrocytoma" (every kind) and
    # "Oligodendroglioma" C71.9, "Ependymoma" C71.9 but "myxopapillary D43.2" (ICD-O-3 9394/1),
    # "Medulloblastoma" C71.6 (the cerebellum), "Seminoma C62.9-" (an unspecified testis);
    # "Neuroblastoma ... unspecified site C74.90" (the adrenal gland).
    Morphology(("astrocytoma",), MALIGNANT, "9400/3", "C71.9"),
    Morphology(("oligodendroglioma",), MALIGNANT, "9450/3", "C71.9"),
    Morphology(("myxopapillary ependymoma",), UNCERTAIN, "9394/1", "D43.2"),
    Morphology(("ependymoma",), MALIGNANT, "9391/3", "C71.9"),
    Morphology(("medulloblastoma",), MALIGNANT, "9470/3", "C71.6"),
    Morphology(("seminoma",), MALIGNANT, "9061/3", "C62.90"),
    Morphology(("neuroblastoma",), MALIGNANT, "9500/3", "C74.90"),
    # Benign ones.
    # "Oncocytoma - see Neoplasm, benign, by site" ("renal oncocytoma": the kidney's D30.0-);
    # "Neurofibroma - see also Neoplasm, nerve, benign" (D36.10 unsited).
    Morphology(("oncocytoma",), BENIGN, "8290/0"),
    Morphology(("neurofibroma",), BENIGN, "9540/0", "D36.10"),
    Morphology(("schwannoma", "neurilemmoma", "neurilemoma"), BENIGN, "9560/0", "D36.10"),
    Morphology(("rhabdomyoma",), BENIGN, "8900/0"),
    Morphology(("intraductal papilloma",), BENIGN, "8503/0"),
    Morphology(("osteoma",), BENIGN, "9180/0"),
    Morphology(("osteochondroma",), BENIGN, "9210/0", "D16.9"),
    Morphology(("myofibroma",), BENIGN, "8824/0", "D21.9"),
    # "Leiomyoma - see also Neoplasm, connective tissue, benign" (D21.9 with no site named);
    # at an organ the table's connective tissue list does not name, the organ's: "the diagnosis
    # of esophageal leiomyoma" (Medicina 2024, PMC11432985) is D13.0. The uterus's keeps the
    # hand list's D25 (conditions.py), read at the same words first.
    Morphology(("leiomyoma",), BENIGN, "8890/0", "D21.9", recoded=(("D26", "D25.9"),)),
    # "Teratoma - see Neoplasm, uncertain behavior" (the hand list's D48.9); "mature", "benign"
    # or "adult (cystic)" ones "see Neoplasm, benign": "the histopathology confirmed the
    # diagnosis of primary adrenal teratoma" (PMC11532896) is the adrenal gland's D44.1-.
    Morphology(
        ("mature teratoma", "mature cystic teratoma", "benign teratoma"), BENIGN, "9080/0", "D36.9"
    ),
    Morphology(("adenoma",), BENIGN, "8140/0"),
    # "Adenoma, liver cell D13.4": "Hepatocellular adenomas (HCAs) are relatively rare benign
    # tumors of the liver" (PMC11570408), no adenoma of an unnamed site (D36.9).
    Morphology(("hepatocellular adenoma", "liver cell adenoma"), BENIGN, "8170/0", "D13.4"),
    Morphology(("ganglioneuroma",), BENIGN, "9490/0", "D36.10"),
    # Uncertain behaviour. Paraganglioma is 8680/1 in ICD-O-3 (ICD-O-3.2 made it /3); the
    # ICD-10-CM index agrees with ICD-O-3 ("Paraganglioma ... unspecified site D44.7").
    Morphology(("paraganglioma",), UNCERTAIN, "8680/1", "D44.7"),
    # ICD-O-3.2 (the WHO's 2019 update): "Solitary fibrous tumor, NOS" 8815/1, "Hyalinizing
    # trabecular tumor" 8336/1 (the first edition's 8815/0 and 8336/0 adenoma were revised).
    Morphology(_tumour("solitary fibrous"), UNCERTAIN, "8815/1", "D48.1"),
    Morphology(_tumour("inflammatory myofibroblastic"), UNCERTAIN, "8825/1", "D48.1"),
    Morphology(_tumour("giant cell") + _tumour("giant-cell"), UNCERTAIN, "9250/1", "D48.0"),
    Morphology(
        _tumour("hyalinizing trabecular", "hyalinising trabecular"), UNCERTAIN, "8336/1", "D44.0"
    ),
    Morphology(("craniopharyngioma",), UNCERTAIN, "9350/1", "D44.4"),
    Morphology(("teratoma",), UNCERTAIN, "9080/1", "D48.9", benign_as=("mature", "teratoma")),
    Morphology(_tumour("granular cell"), BENIGN, "9580/0"),
    # The classes of tumours the index sends to "Neoplasm, <behaviour>, by site" with no
    # histology of their own ("Carcinoma (malignant) - see Neoplasm, by site, malignant";
    # "Adenocarcinoma - see also Neoplasm, by site, malignant"; "Carcinoma in situ - see
    # Neoplasm, by site, in situ"), at a site of the Neoplasm Table (neoplasm_sites.py) or the
    # code set's: "carcinoma of the ampulla of Vater" C24.1, "urachal adenocarcinoma".
    Morphology(("carcinoma", "adenocarcinoma"), MALIGNANT, "8010/3", sited_only=True),
    Morphology(("cancer", "malignancy"), MALIGNANT, "8000/3", sited_only=True),
    Morphology(("carcinoma in situ", "adenocarcinoma in situ"), IN_SITU, "8010/2", sited_only=True),
)


# The adjectives doctors write for a site the code set names by its noun ("Malignant neoplasm
# of pancreas": "pancreatic adenocarcinoma"; "of kidney": "renal cell carcinoma").
SITE_ADJECTIVES: dict[str, tuple[str, ...]] = {
    "esophagus": ("esophageal", "oesophageal", "oesophagus"),
    "stomach": ("gastric",),
    "small intestine": ("small bowel", "small intestinal"),
    "colon": ("colonic",),
    "rectum": ("rectal",),
    "anus": ("anal",),
    "liver": ("hepatic",),
    "pancreas": ("pancreatic",),
    "larynx": ("laryngeal",),
    "bronchus": ("bronchial", "bronchogenic"),
    "lung": ("pulmonary",),
    "thymus": ("thymic",),
    "breast": ("mammary",),
    "vulva": ("vulvar", "vulval"),
    "vagina": ("vaginal",),
    "cervix uteri": ("cervical", "cervix"),
    "corpus uteri": ("endometrial",),
    "uterus": ("uterine",),
    "ovary": ("ovarian",),
    "penis": ("penile",),
    "prostate": ("prostatic",),
    "testis": ("testicular",),
    "kidney": ("renal", "renal cell"),
    "renal pelvis": ("renal pelvic",),  # "renal pelvic urothelial carcinoma" (PMC11572399)
    "ureter": ("ureteral", "ureteric"),
    "bladder": ("urinary bladder",),
    "urachus": ("urachal",),
    "brain": ("cerebral",),
    "thyroid gland": ("thyroid",),
    "adrenal gland": ("adrenal", "adrenocortical"),
    "nasopharynx": ("nasopharyngeal",),
    "oropharynx": ("oropharyngeal",),
    "hypopharynx": ("hypopharyngeal",),
    "parotid gland": ("parotid",),
    "major salivary gland": ("salivary gland", "salivary"),
    "tonsil": ("tonsillar",),
    "trachea": ("tracheal",),
    "gallbladder": ("gall bladder",),
    "spleen": ("splenic",),
    # Not "ventricular": a "fourth ventricular ependymoma" lies in the brain's ventricle.
    "heart": ("cardiac", "atrial"),
}

# Adjectives for the sites the benign and uncertain codes name by a noun the malignant ones
# do not use (icd_terms' list holds the malignant ones').
EXTRA_SITE_ADJECTIVES: dict[str, tuple[str, ...]] = {
    "parathyroid gland": ("parathyroid",),
    "pituitary gland": ("pituitary",),
    "choroid": ("choroidal",),
    "retina": ("retinal",),
    "pleura": ("pleural",),
    "peritoneum": ("peritoneal",),
    "retroperitoneum": ("retroperitoneal",),
    "mediastinum": ("mediastinal",),
    "cranial nerves": ("vestibular", "acoustic", "cranial nerve"),
    "meninges": ("meningeal",),
    "duodenum": ("duodenal",),
    "appendix": ("appendiceal",),
    "skin": ("cutaneous",),
    "bone": ("bony", "osseous"),  # "bone and articular cartilage", split at "and"
    "connective": (
        "soft tissue",
        "soft-tissue",
        "connective tissue",
    ),  # "... and other soft tissue"
    "mouth": ("oral",),
    "placenta": ("placental", "intraplacental"),
}


# The hand-kept sites and adjectives above: a class of tumours is read at these too.
_HAND_FORMS = frozenset(
    word
    for table in (SITE_ADJECTIVES, EXTRA_SITE_ADJECTIVES)
    for site, adjectives in table.items()
    for word in (site, *adjectives)
)


def _code_of(icd: object, code: str) -> str:
    """A code a site's description names, or the unspecified one below it ("D30.0 Benign
    neoplasm of kidney" has D30.00, of the unspecified kidney)."""
    below: list[str] = icd.get_children(code)  # type: ignore[attr-defined]
    unspecified = sorted(
        c
        for c in below
        if "unspecified" in icd.get_description(c).lower()  # type: ignore[attr-defined]
    )
    return _code_of(icd, unspecified[0]) if unspecified else code


_SITE_STARTS = (
    "unspecified",
    "other",
    "right",
    "left",
    "bilateral",
    "multiple",
    "site",
    "overlapping",
    "ill-defined",
    "secondary",
)


@cache
def site_codes(behaviour: str) -> dict[str, str]:
    """Site words (noun or adjective, lower case) -> the site's code of that behaviour: the
    code set's (code_set_sites), then the Neoplasm Table's it does not name."""
    sites = dict(code_set_sites(behaviour))
    for form, code in table_sites(behaviour).items():
        sites.setdefault(form, code)
    return sites


@cache
def code_set_sites(behaviour: str) -> dict[str, str]:
    """Site words the code set's descriptions give -> the site's code of that behaviour, for
    every site whose codes of the behaviour fall in one category."""
    icd = code_set()
    (low, high), described = _DESCRIBED[behaviour]
    found: dict[str, set[str]] = {}
    for code in icd.get_all_codes(True):
        if not low <= code < high or "-" in code or len(code) > 6:
            continue
        match = described.match(icd.get_description(code).lower())
        if not match:
            continue
        for site in re.split(r" and |, ", match["sites"]):
            site = site.strip()
            if not site or site.split()[0] in _SITE_STARTS:
                continue
            forms = (site, *SITE_ADJECTIVES.get(site, ()), *EXTRA_SITE_ADJECTIVES.get(site, ()))
            for form in forms:
                found.setdefault(form, set()).add(code)
    sites: dict[str, str] = {}
    for form, codes in found.items():
        shortest = min(codes, key=len)
        if not all(c.startswith(shortest) for c in codes):
            continue
        # A category that names several sites first by this one ("Malignant neoplasm of heart,
        # mediastinum and pleura" C38) with one code of this site alone below it ("of heart"
        # C38.0): that code, not the category's unspecified one (C38.3 is the mediastinum's).
        own = codes - {shortest}
        if len(own) == 1 and _names_several_sites(icd.get_description(shortest)):
            sites[form] = _code_of(icd, own.pop())
        else:
            sites[form] = _code_of(icd, shortest)
    return sites


def _names_several_sites(description: str) -> bool:
    return "," in description or " and " in description


def _plurals(name: str) -> tuple[str, ...]:
    if name.endswith("oma"):
        return (name, f"{name}s", f"{name}ta")
    return (name, f"{name}s")


@cache
def index_morphology_list() -> tuple[Morphology, ...]:
    """The ICD-10-CM index's morphologies (index_morphologies.py), read as the hand-kept ones
    are; their ICD-O code is not in the index, only its behaviour."""
    recodings = index_recodings()
    return tuple(
        Morphology(
            (name,),
            behaviour,
            "",
            unsited or None,
            # "Hibernoma - see Lipoma": the lipoma's sites (the kidney's D17.71, else D17.79).
            recoded=recodings.get(name, ()),
        )
        for name, behaviour, unsited in index_morphologies()
    )


@cache
def _longer_names() -> frozenset[tuple[str, ...]]:
    """The index's longer names filed outside the neoplasms, by their words without hyphens
    ("non-ossifying fibroma" is "nonossifying fibroma")."""
    return frozenset(tuple(_WORD.findall(name.replace("-", ""))) for name in index_longer_names())


@cache
def morphology_names() -> dict[tuple[str, ...], Morphology]:
    """Each spelling of a morphology (its words) -> the morphology: the hand-kept ones first,
    then the index's."""
    names: dict[tuple[str, ...], Morphology] = {}
    for morphology in (*MORPHOLOGIES, *index_morphology_list()):
        for name in morphology.names:
            for form in _plurals(name):
                names.setdefault(tuple(_WORD.findall(form)), morphology)
    return names


_BENIGN_WORDS = ("mature", "benign", "adult")
_MAX_LONGER = 4  # "surgical complication neuroma", the longest of the index's longer names
_MAX_SITE_WORDS = 6  # "lower lobe of the lung", a site of the Neoplasm Table
# Words between a morphology and the site after it: "of the", "arising from the left", "in".
_JOINS = (
    ("of",),
    ("of", "the"),
    ("in", "the"),
    ("in",),
    ("arising", "from", "the"),
    ("arising", "in", "the"),
    ("arising", "from"),
    ("from", "the"),
    ("involving", "the"),
)
_SIDES = ("left", "right")


def sited_neoplasms(words: list[str]) -> list[tuple[int, int, str, tuple[int, int]]]:
    """The morphologies the words name, each as (first word, one past the last word, code,
    the morphology's own words): with the site before it or after it where one is named,
    else the morphology alone."""
    names = morphology_names()
    found: list[tuple[int, int, str, tuple[int, int]]] = []
    longest = max(len(name) for name in names)
    longer = _longer_names()
    unhyphened = [word.replace("-", "") for word in words]
    skip_to = 0
    for first in range(len(words)):
        # A longer name the index files elsewhere ("nonossifying fibroma", "Morton's neuroma"):
        # the type inside it is none of its readings.
        for size in range(_MAX_LONGER, 1, -1):
            if tuple(unhyphened[first : first + size]) in longer:
                skip_to = max(skip_to, first + size)
        if first < skip_to:
            continue
        for size in range(min(longest, len(words) - first), 0, -1):
            morphology = names.get(tuple(words[first : first + size]))
            if morphology is None:
                continue
            sited = _with_site(words, first, first + size, morphology)
            benign = names.get(morphology.benign_as)
            if sited and benign and sited[0] > 0 and words[sited[0] - 1] in _BENIGN_WORDS:
                resited = _with_site(words, first, first + size, benign)
                if resited:
                    sited = (sited[0] - 1, resited[1], resited[2])
            if sited:
                start, end, code = sited
                found.append((start, end, code, (first, first + size)))
            break
    return found


def _with_site(
    words: list[str], start: int, end: int, morphology: Morphology
) -> tuple[int, int, str] | None:
    # The morphology's abbreviation in brackets after it: "Inflammatory myofibroblastic tumor
    # (IMT) of the liver", "Primitive neuroectodermal tumor (PNET) of the cervix".
    if end < len(words) and _abbreviates(words[end], words[start:end]):
        end += 1
    sited = _site_of(words, start, end, morphology)
    if sited is None:
        return None
    first, last, code = sited
    if code == morphology.unsited:
        return sited  # no site named: the index's own code ("Hibernoma - see Lipoma": D17.9)
    recoded = (new for old, new in morphology.recoded if code.startswith(old))
    return first, last, next(recoded, code)


def _site_of(
    words: list[str], start: int, end: int, morphology: Morphology
) -> tuple[int, int, str] | None:
    sites = _readable_sites(morphology)
    after = _site_after(words, end, sites)
    if after and after[1] in code_set_sites(morphology.behaviour):
        return start, after[0], sites[after[1]]
    # The site before: "(primary) uterine leiomyosarcoma", "carotid body paraganglioma"; it
    # names the organ where a site of the Neoplasm Table after names where the tumour lies
    # ("parathyroid adenoma of the posterior mediastinum", ectopic).
    before = _site_before(words, start, sites)
    if before:
        return start - len(before.split()), end, sites[before]
    if after:
        return start, after[0], sites[after[1]]
    return _unsited(start, end, morphology)


def _readable_sites(morphology: Morphology) -> dict[str, str]:
    """The site words a morphology is read with: a class of tumours ("carcinoma") only at a
    site the Neoplasm Table codes or a hand-kept adjective names ("oral"), never at a code-set
    description's other words ("duct" of "lacrimal gland and duct", "head" of C76.0)."""
    sites = site_codes(morphology.behaviour)
    if not morphology.sited_only:
        return sites
    table = table_sites(morphology.behaviour)
    return {site: code for site, code in sites.items() if site in table or site in _HAND_FORMS}


def _site_after(words: list[str], end: int, sites: dict[str, str]) -> tuple[int, str] | None:
    """The site after the morphology ("of the (left) uterus"): one past its last word, and its
    words; none where the words name a site the morphology alone codes ("of the thigh")."""
    for join in sorted(_JOINS, key=len, reverse=True):
        after = end + len(join)
        if tuple(words[end:after]) != join:
            continue
        if after < len(words) and words[after] in _SIDES:
            after += 1
        for size in range(_MAX_SITE_WORDS, 0, -1):
            if after + size > len(words):
                continue
            site = " ".join(words[after : after + size])
            if site in sites:
                return after + size, site
            if site in uncoded_sites():
                return None
    return None


def _site_before(words: list[str], start: int, sites: dict[str, str]) -> str | None:
    for size in range(_MAX_SITE_WORDS, 0, -1):
        if start - size < 0:
            continue
        site = " ".join(words[start - size : start])
        if site in sites:
            return site
        if site in uncoded_sites():
            return None
    return None


def _unsited(start: int, end: int, morphology: Morphology) -> tuple[int, int, str] | None:
    if morphology.sited_only:
        return None
    return start, end, morphology.unsited or _UNSITED[morphology.behaviour]


def _abbreviates(word: str, name: list[str]) -> bool:
    """ "imt" of "inflammatory myofibroblastic tumor", "pnet" of "primitive neuroectodermal
    tumor": the initials' first and last letters, two to six letters in all."""
    return (
        len(name) > 1
        and 2 <= len(word) <= 6
        and word.isalpha()
        and word[0] == name[0][0]
        and word[-1] == name[-1][0]
    )


def every_code() -> set[str]:
    """Every code the morphologies can give (checked against the code set by the tests)."""
    every = (*MORPHOLOGIES, *index_morphology_list())
    codes = {m.unsited or _UNSITED[m.behaviour] for m in every if not m.sited_only}
    codes |= {new for m in every for _, new in m.recoded}
    for behaviour in _DESCRIBED:
        codes |= set(site_codes(behaviour).values())
    return {code for code in codes if code}


def valid(code: str) -> bool:
    return check_icd10(code)[0]
