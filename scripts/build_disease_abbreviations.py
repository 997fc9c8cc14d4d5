"""Build core/analysis/rules/disease_abbreviations.tsv: disease abbreviations whose meaning is
settled, from the Human Disease Ontology and the case-report literature's own definitions.

usage: python scripts/build_disease_abbreviations.py <DO git directory> <corpus dir>... \
    [> the .tsv]

1. Candidates: the acronym synonyms (DO's type OMO:0003012) of a disease with one usable
   ICD-10-CM code, as ``scripts/build_disease_names.py`` keeps a disease's code (one category,
   in the loaded code set, not chapter R, no class of diseases), read at the DO commit that
   script reads (``DO_COMMIT``); an acronym two diseases of different categories share is none.
   DO's subsets give few acronyms of common diseases (no "HCC", "CML" or "GPA"), so the
   abbreviations the articles define after a long form the reader codes are candidates too,
   with the code the reader gives that long form.
2. Settled by usage: every ``*.txt`` of the corpus directories (whole case reports) is read
   for the definitions a document gives ("chronic lymphocytic leukemia (CLL)"), the long form
   found as the reader finds it (``notes._long_form_start``, Schwartz-Hearst); a bracket after
   words that do not spell it ("twice daily (BD)") is another meaning too. A definition agrees
   where its long form is one of DO's names of the disease or ends in a term the reader codes
   in the same category. Each article counts once per meaning. Kept: defined in at least
   ``MIN_ARTICLES`` articles, at least ``MIN_AGREEING`` of its rival meanings' articles
   agreeing. The reader reads the abbreviation only in a statement of the case's diagnosis,
   so the rivals are the meanings such a statement can hold (``disease_meanings``): a
   disease, an organism, a site ("a thrombus in the RA"), a result, a test or a procedure
   ("confirmed by EES"). A name of none of these ("Foundation Medicine (FM)", "gravida/para/
   abortus (GPA)", "twice daily (BD)") is no rival, but such names must stay at most a third
   of the definitions (``MIN_DISEASE_SHARE``: "lipoarabinomannan (LAM)" in 2 of 5 articles
   is too many).
3. Collisions: an abbreviation the hand list, a medicine or an organism already reads, a code
   of no disease (R, Z, S, T, V-Y), a lab catalogue name or unit, or a word the articles write
   in lower case ("as", "iris", "net") is left out.

The counts are written into the file's header; the decisions, with each abbreviation's meanings
and articles, go to stderr. CI has no snapshot: the reader and the tests read only the shipped
file.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_disease_names import (
    PARENTS,
    SUBSETS,
    XREFS,
    descendants,
    git_show,
    labels_and_codes,
    subset_files,
)

from core.analysis.rules.conditions import CONDITIONS, MEDICINES
from core.analysis.rules.disease_abbreviations import SHAPE
from core.analysis.rules.disease_names import names_a_class, one_code
from core.analysis.rules.icd_terms import icd_conditions, term_key
from core.analysis.rules.notes import _DEFINED, _SENTENCES, _long_form_start
from core.analysis.rules.organisms import ORGANISMS
from core.icd10 import code_set
from core.vocabulary.catalog import CATALOG

DO_COMMIT = "9fbefd6651b79526165453395d06c8fd4bfe4247"  # build_disease_names.py's snapshot
_ACRONYM = "OMO:0003012"
_SYNONYM = re.compile(r'^synonym: "(?P<name>[^"]+)" (?P<scope>[A-Z]+)(?: (?P<type>\S+))? ')
_FINDINGS = ("R",)
# The articles read (the whole articles of MedRBench's 957 open-access case reports and
# CUPCase's case presentations), named in the header by their sources.
CORPORA = (
    "MedRBench's 957 open-access articles (wumingxin238/MedRBench @ 827ee187d7)\n"
    "#   and CUPCase's 525 case texts (felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c)"
)
MIN_ARTICLES = 2
# An acronym DO gives has its meaning from DO: one article that defines it so, and none
# otherwise, settles it (CLL: 2 articles, 1 without the pool report's own).
MIN_ARTICLES_DO = 1
MIN_AGREEING = 0.9
# The articles defining an abbreviation as a rival of a disease, of all that define it: two in
# three ("lipoarabinomannan (LAM)", a test, in 2 of 5 articles: no).
MIN_DISEASE_SHARE = 2 / 3
LOWER_ARTICLES = 3


def obo_names(text: str) -> dict[str, tuple[str, list[str], list[str]]]:
    """DOID -> (label, other names, acronyms) of an OBO file's diseases, obsolete ones left out."""
    terms: dict[str, tuple[str, list[str], list[str]]] = {}
    for stanza in text.split("\n[")[1:]:
        if not stanza.startswith("Term]") or "\nis_obsolete: true" in stanza:
            continue
        doid = name = ""
        names: list[str] = []
        acronyms: list[str] = []
        for line in stanza.splitlines():
            if line.startswith("id: "):
                doid = line[4:].strip()
            elif line.startswith("name: "):
                name = line[6:].strip()
            found = _SYNONYM.match(line)
            if found and found["type"] == _ACRONYM:
                acronyms.append(found["name"])
            elif found and found["scope"] == "EXACT":
                names.append(found["name"])
        if doid:
            terms[doid] = (name, names, acronyms)
    return terms


def candidates(repo: str) -> tuple[dict[str, str], dict[str, set[str]], Counter[str]]:
    """Acronym -> its disease's code, acronym -> the keys of its diseases' names, and counts."""
    labels, codes = labels_and_codes(repo, DO_COMMIT)
    terms: dict[str, tuple[str, list[str], list[str]]] = {}
    for path in subset_files(repo, DO_COMMIT):
        for doid, term in obo_names(git_show(repo, DO_COMMIT, path)).items():
            terms.setdefault(doid, term)
    icd = code_set()
    below = descendants(repo, DO_COMMIT, labels)
    counts: Counter[str] = Counter()
    given: dict[str, set[str]] = defaultdict(set)
    names: dict[str, set[str]] = defaultdict(set)
    usable: dict[str, str] = {}
    for doid, each in codes.items():
        code = one_code(each)
        if code and icd.is_valid_item(code) and not code.startswith(_FINDINGS):
            usable[doid] = code
    for doid, (label, others, acronyms) in terms.items():
        counts["acronyms"] += len(acronyms)
        code = usable.get(doid)
        if code is None:
            continue
        narrower = [usable[d] for d in below.get(doid, ()) if d in usable]
        if names_a_class({icd.get_ancestors(c)[-1] for c in narrower}, {c[:3] for c in narrower}):
            continue
        for acronym in acronyms:
            counts["acronyms of a disease with one usable code"] += 1
            if SHAPE.fullmatch(acronym):
                given[acronym].add(code)
                names[acronym] |= {term_key(n) for n in (label, *others)}
    table: dict[str, str] = {}
    for acronym, each in given.items():
        if len({c[:3] for c in each}) != 1:
            counts["acronyms of two categories"] += 1
            continue
        table[acronym] = one_code(each) or min(each)[:3]  # two codes of a category: the category
    counts["candidates"] = len(table)
    return table, names, counts


def definitions(texts: list[str]) -> dict[str, Counter[str]]:
    """Abbreviation -> in how many articles each meaning defines it: the ICD-10-CM code of the
    condition its long form ends in (the reader's terms: the hand list, the code set, DO's and
    the index's names), else the long form itself (lower case)."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for text in texts:
        seen: set[tuple[str, str]] = set()
        for sentence in _SENTENCES.split(text):
            for bracket in _DEFINED.finditer(sentence):
                short = bracket.group(1)
                if not SHAPE.fullmatch(short):
                    continue
                lead = sentence[: bracket.start()].rstrip()
                start = _long_form_start(short, lead)
                if start is None:
                    # Words that do not spell it ("twice daily (BD)", "mg ... (PO)"): another
                    # meaning the letters cannot show.
                    seen.add((short, "unspelled: " + " ".join(lead.lower().split()[-3:])))
                    continue
                seen.add((short, meaning(lead[start:])))
        for short, each in seen:
            found[short][each] += 1
    return found


def meaning(long_form: str) -> str:
    """The code of the condition a long form ends in (the longest ending), else its words; an
    organism ("human herpesvirus (HHV)") is its words: an agent, no disease."""
    if any(o.pattern.search(long_form) for o in ORGANISMS) or _AGENT.search(long_form):
        return " ".join(long_form.lower().split())
    ends = [(a, c.code) for a, b, c in icd_conditions(long_form) if b == len(long_form)]
    ends += [
        (m.start(), c.code)
        for c in CONDITIONS
        for m in c.pattern.finditer(long_form)
        if m.end() == len(long_form)
    ]
    ends = [(a, code) for a, code in ends if not _NOT_A_NAME.search(long_form[:a])]
    if ends:
        return min(ends)[1]
    singular = _PLURAL.sub("", long_form)  # "abdominal aortic aneurysms (AAA)": the disease
    if singular != long_form:
        return meaning(singular)
    return " ".join(long_form.lower().split())


_AGENT = re.compile(r"(?i)(?:virus|bacter|bacill|coccus|cocci|fung)\w*$")
# The condition must name the long form, not end an organisation's or a score's name
# ("European League Against Rheumatism (EULAR)", "Thrombolysis In Myocardial Infarction").
_NOT_A_NAME = re.compile(
    r"(?i)\b(?:of|in|for|against|on|to|the|and|study|society|league|"
    r"association|group|criteria|score|trial|classification)\b"
)
_PLURAL = re.compile(r"(?<=[a-z]{3})(?:s|es)$")


def agrees(each: str, code: str, keys: set[str]) -> bool:
    """A definition's meaning is the disease's: its code in the disease's category, or its long
    form one of DO's names of the disease."""
    return each[:3] == code[:3] if _CODE.fullmatch(each) else term_key(each) in keys


_CODE = re.compile(r"[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?")


def disease_meanings(told: Counter[str]) -> int:
    """In how many articles a definition is a rival where a diagnosis is stated: a code; a long
    form the reader does not code that holds a disease's word ("extrapulmonary tb",
    "superior mesenteric artery syndrome": a disease the reader cannot code is still one);
    an organism ("Mycoplasma pneumoniae (MP)": its infection, "diagnosed with MP"); a site
    ("right atrium (RA)", "common hepatic duct (CHD)": "consistent with a thrombus in the RA")
    or a test's result ("wild type (WT)"), which a statement's clause may hold. Words that do
    not spell the abbreviation ("unspelled: twice daily"), a company's, a protein's or a
    score's name are none: no statement of a diagnosis names them."""
    return sum(
        n
        for each, n in told.items()
        if _CODE.fullmatch(each)
        or (
            not each.startswith("unspelled")
            and (
                _RIVAL_WORD.search(each)
                or _AGENT.search(each)
                or any(o.pattern.search(each) for o in ORGANISMS)
            )
        )
    )


# A word of a disease or a kind of one, of a site, or of a test's result, in a long form the
# reader does not code.
_RIVAL_WORD = re.compile(
    r"(?i)(?:itis|omas?|os[ie]s|a?emia|pathy|plasia|trophy|sclerosis|stenosis|ectasia)\b|"
    r"\b(?:syndrome|disease|disorder|deficiency|cancer|infection|failure|insufficiency|"
    r"hypertension|tb|tuberculosis|aneurysm|malformation|palsy|fever|injury|tumou?rs?|"
    r"lesions?|dystrophy|arrest|embolism|thrombosis|infarction|ha?emorrhage|ulcers?|"
    r"fracture|fistula|hernia|cysts?|abscess|anomal(?:y|ies)|neoplasms?|leuka?emia|spectrum|"
    r"accreta|dysfunction|degeneration|dysgenesis|agenesis|atresia|paralysis|myeloma|"
    r"pneumonia|sepsis|shock|obstruction|occlusion|dissection|"
    # sites
    r"arter(?:y|ies)|veins?|duct|atri(?:um|al)|ventric\w*|valves?|nerves?|nodes?|lobes?|"
    r"glands?|bones?|muscles?|ligaments?|canal|sinus|space|wall|root|tract|cord|plexus|"
    r"septum|aorta|junction|fossa|cortex|matter|nucleus|"
    # results and values ("variant (AF 0.48)"), procedures and tests ("confirmed by EES")
    r"wild[-\s]type|mutation|variant|positive|negative|frequency|ratio|fraction|index|score|"
    r"level|count|surgery|resection|biopsy|therapy|treatment|imaging|scan|test|assay|"
    r"\w+(?:ectomy|otomy|ostomy|oscopy|ography|plasty))\b"
)


def collisions(texts: list[str]) -> tuple[set[str], set[str]]:
    """What an abbreviation must not be: the capitals of a lab name or a unit; and the words
    the articles write in lower case (in ``LOWER_ARTICLES`` of them or more: "as", "iris",
    "net"; one article's "tb" in a reference is no word)."""
    known = {a.name.upper() for a in CATALOG}
    known |= {alias.upper() for a in CATALOG for alias in a.aliases}
    known |= {u.unit.upper() for a in CATALOG for u in a.ranges}
    articles: Counter[str] = Counter()
    for text in texts:
        articles.update(set(re.findall(r"(?<![\w-])[a-z][a-z0-9]{1,7}(?![\w-])", text)))
    return known, {w for w, n in articles.items() if n >= LOWER_ARTICLES}


def read_elsewhere(short: str) -> bool:
    """The hand list, a medicine or an organism already reads the abbreviation."""
    return any(c.pattern.fullmatch(short) for c in (*CONDITIONS, *ORGANISMS)) or any(
        p.fullmatch(short) for p in MEDICINES.values()
    )


def settle(told: Counter[str], do_code: str | None, keys: set[str]) -> tuple[str | None, int, int]:
    """The code an abbreviation names by usage, with its agreeing and defining articles: DO's
    code where DO gives the acronym, else the code most articles' long forms name (within the
    category most of them name)."""
    total = sum(told.values())
    if do_code is not None:
        return do_code, sum(n for m, n in told.items() if agrees(m, do_code, keys)), total
    coded = Counter({m: n for m, n in told.items() if _CODE.fullmatch(m)})
    if not coded:
        return None, 0, total
    categories: Counter[str] = Counter()
    for code, n in coded.items():
        categories[code[:3]] += n
    category, agree = categories.most_common(1)[0]
    code = max((c for c in coded if c[:3] == category), key=lambda c: (coded[c], -len(c)))
    return code, agree, total


def main(repo: str, *corpora: str) -> None:
    table, names, counts = candidates(repo)
    paths = sorted(p for corpus in corpora for p in Path(corpus).glob("*.txt"))
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
    found = definitions(texts)
    known, lower = collisions(texts)
    usage = {s for s, told in found.items() if any(_CODE.fullmatch(m) for m in told)} - set(table)
    counts["usage candidates"] = len(usage)
    rows: dict[str, str] = {}
    notes: list[str] = []
    for short in sorted(set(table) | usage):
        source = "DO" if short in table else "usage"
        told = found.get(short, Counter())
        code, agree, total = settle(told, table.get(short), names[short])
        why = ""
        if read_elsewhere(short):
            why = "read by the hand list"
        elif code is None or code.startswith(_NO_DISEASE):
            why = "no disease's code"
        elif short.upper() in known:
            why = "a lab name or unit"
        elif _GENE_SHAPE.fullmatch(short):
            why = "a gene symbol's shape"
        elif short.lower() in lower:
            why = "a lower-case word"
        elif total < (MIN_ARTICLES_DO if source == "DO" else MIN_ARTICLES):
            why = "defined in too few articles"
        elif disease_meanings(told) < MIN_DISEASE_SHARE * total:
            why = "mostly a name of no disease"
        elif agree < MIN_AGREEING * disease_meanings(told):
            why = "another meaning"
        counts[f"{source}: {why or 'kept'}"] += 1
        if agree:
            others = found[short].most_common(6)
            notes.append(f"{source}\t{short}\t{code}\t{agree}/{total}\t{why or 'kept'}\t{others}")
        if not why and code is not None:
            rows[short] = code
    for line in notes:
        print(line, file=sys.stderr)
    for key, n in sorted(counts.items()):
        print(f"{key}: {n}", file=sys.stderr)
    out = sys.stdout
    out.write(
        "# Disease abbreviations whose meaning is settled by the case-report literature\n"
        f"# Candidates: the Human Disease Ontology (DO), https://disease-ontology.org, commit\n"
        f"#   {DO_COMMIT}: {SUBSETS}/*.obo (acronym synonyms, type\n"
        f"#   {_ACRONYM}), {XREFS} (ICD10CM cross-references), {PARENTS};\n"
        "#   and the abbreviations the articles below define after a long form the reader codes.\n"
        "# Licence: DO's is CC0 1.0 Universal (public domain dedication), DO's LICENSE file; the\n"
        "#   codes are the loaded ICD-10-CM code set's.\n"
        f"# Usage: {len(texts)} case reports, each read for its own definitions:\n#   {CORPORA}.\n"
        f"# Kept: defined in >= {MIN_ARTICLES} articles (DO's acronyms: >= {MIN_ARTICLES_DO}),"
        f" >= {MIN_AGREEING:.0%} of those that give it\n"
        "#   a meaning a statement of a diagnosis can hold (a disease, an organism, a site, a\n"
        "#   result, a test, a procedure) with one disease's meaning (DO's where DO gives the\n"
        f"#   acronym), those meanings >= {MIN_DISEASE_SHARE:.0%} of all"
        ' ("Foundation Medicine (FM)" is\n'
        "#   none); not read by the hand list, no chapter R, Z, S, T or V-Y code, no lab name or\n"
        "#   unit, no gene symbol's shape (NF2, NPC1), no word written in lower case in >= "
        f"{LOWER_ARTICLES}\n#   of the articles.\n"
        f"# Counts: {counts['acronyms']} acronyms in DO's subsets,"
        f" {counts['acronyms of a disease with one usable code']} of a disease with one usable\n"
        f"#   code, {counts['candidates']} DO candidates; {counts['usage candidates']} more"
        " abbreviations the articles define as a coded condition.\n"
    )
    for key, n in sorted(counts.items()):
        if ": " in key:
            out.write(f"#   {key}: {n}\n")
    out.write(
        "# Built by scripts/build_disease_abbreviations.py. abbreviation<TAB>ICD-10-CM code.\n"
    )
    for short, code in rows.items():
        out.write(f"{short}\t{code}\n")


# Capitals then a number, as a gene symbol is written ("NF2", "NPC1", "BRCA1"): DO names a
# disease after its gene, the notes name the gene ("NF1 mutation") as often as the disease.
_GENE_SHAPE = re.compile(r"[A-Z]+[0-9]+[A-Z]?")


# Codes of no disease of the patient's: findings (R), encounters (Z), injuries and poisonings
# (S, T), external causes (V-Y).
_NO_DISEASE = ("R", "Z", "S", "T", "V", "W", "X", "Y")


if __name__ == "__main__":
    main(*sys.argv[1:])
