"""An infection a case proves by its organism (issue #29, reader-casedx5).

A case presentation often reaches its diagnosis by a positive test for a named pathogen
rather than by naming the disease: "Polymerase chain reaction (PCR) for (CMV) was also
positive in the serum and the CSF", "his test for Legionella antigenuria was positive",
"Pleural fluid culture and blood culture grew S. constellatus", "SARS-CoV-2 testing was
positive by polymerase chain reaction (PCR)" (Journal of Medical Case Reports, CUPCase
rows of tests/clinical/dev/cr4-labs-*). The organism found is then the case's infection: a
disease of its own where ICD-10-CM has one (cytomegaloviral disease B25, Legionnaires'
disease A48.1, COVID-19 U07.1), else the organism "as the cause of diseases classified
elsewhere" (B95-B96), which the reader ranks after a disease the case names.

Only a test that found the organism counts: a culture that grew it, a test for it that was
positive, detected or confirmed it, "positive for" it, or the organism "isolated",
"detected", "identified". A test that excluded it ("serological tests excluded
cytomegalovirus"), a negative one, or one only named ("PCR for CMV was sent") is none.

ICD-10-CM has no index of organisms in the code set the project reads (the tabular list's
descriptions name a disease, "Cytomegaloviral disease", not its organism's usual spelling),
so the organisms are this short table of the pathogens case reports name most, each with
the code set's category for its infection (every code is checked against the code set by
tests/unit/test_rules_organisms.py).
"""

from __future__ import annotations

import re

from core.analysis.rules.conditions import Condition


def _o(name: str, code: str, pattern: str) -> Condition:
    return Condition(name, code, "acute", re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.I))


# Specific spellings before the genus alone ("Staphylococcus aureus" before "Staphylococcus").
ORGANISMS: tuple[Condition, ...] = (
    _o("Cytomegaloviral disease", "B25.9", r"cytomegalovirus|CMV"),
    _o("Legionnaires' disease", "A48.1", r"legionella(?:\s+pneumophila)?|L\.\s*pneumophila"),
    _o("Leptospirosis", "A27.9", r"leptospir(?:a|es?)(?:\s+interrogans)?"),
    _o(
        "Tuberculosis",
        "A15.9",
        r"mycobacterium\s+tuberculosis(?:\s+complex)?|M\.\s*tuberculosis|MTB|"
        r"tubercle\s+bacill(?:us|i)",
    ),
    # A species told with its genus's initial where the species names one genus only ("M.
    # abscessus", "C. glabrata", "N. farcinica"): an initial alone ("N.") could be Nocardia or
    # Neisseria, the species cannot (reader-organism31).
    _o(
        "Mycobacterial infection",
        "A31.9",
        r"mycobacteri(?:um|a)(?:\s+avium(?:\s+complex)?)?|"
        r"M\.\s*(?:avium|intracellulare|abscessus|kansasii|gordonae|chelonae|fortuitum|xenopi)",
    ),
    _o(
        "COVID-19", "U07.1", r"SARS-CoV-2|severe\s+acute\s+respiratory\s+syndrome\s+coronavirus\s+2"
    ),
    _o("Human immunodeficiency virus disease", "B20", r"HIV(?:-1|-2)?"),
    _o(
        "Viral hepatitis B",
        "B19.10",
        r"hepatitis\s+B\s+virus|HBV|HBsAg|hepatitis\s+B\s+surface\s+antigen",
    ),
    _o("Viral hepatitis C", "B19.20", r"hepatitis\s+C\s+virus|HCV"),
    _o("Hepatitis A", "B15.9", r"hepatitis\s+A\s+virus|HAV"),
    _o("Epstein-Barr virus infection", "B27.00", r"Epstein[-\s]Barr\s+virus|EBV"),
    _o("Herpes simplex infection", "B00.9", r"herpes\s+simplex(?:\s+virus)?|HSV(?:-1|-2)?"),
    _o("Varicella zoster infection", "B02.9", r"varicella[-\s]zoster(?:\s+virus)?|VZV"),
    _o("Listeriosis", "A32.9", r"listeria(?:\s+monocytogenes)?|L\.\s*monocytogenes"),
    _o(
        "Melioidosis",
        "A24.9",
        r"burkholderia\s+pseudomallei|B\.\s*pseudomallei|pseudomonas\s+pseudomallei",
    ),
    _o("Brucellosis", "A23.9", r"brucella(?:\s+\w+)?|B\.\s*(?:melitensis|abortus)"),
    _o("Typhoid fever", "A01.00", r"salmonella\s+typhi|S\.\s*typhi"),
    _o(
        "Enterocolitis due to Clostridioides difficile",
        "A04.72",
        r"clostridi(?:um|oides)\s+difficile|C\.\s*difficile|C\.\s*diff",
    ),
    _o("Malaria", "B54", r"plasmodium(?:\s+\w+)?|P\.\s*falciparum"),
    _o("Pneumocystosis", "B59", r"pneumocystis(?:\s+jiroveci[i]?)?|P\.\s*jiroveci[i]?"),
    _o("Cryptococcosis", "B45.9", r"cryptococc(?:us|al)(?:\s+neoformans)?|C\.\s*neoformans"),
    _o("Aspergillosis", "B44.9", r"aspergill(?:us|i)(?:\s+\w+)?|A\.\s*fumigatus"),
    _o("Histoplasmosis", "B39.9", r"histoplasma(?:\s+capsulatum)?|H\.\s*capsulatum"),
    _o(
        "Candidiasis",
        "B37.9",
        r"candida(?:\s+\w+)?|"
        r"C\.\s*(?:albicans|glabrata|parapsilosis|tropicalis|krusei|auris|dubliniensis|lusitaniae)",
    ),
    _o(
        "Nocardiosis",
        "A43.9",
        r"nocardia(?:\s+\w+)?|"
        r"N\.\s*(?:farcinica|asteroides|brasiliensis|nova|cyriacigeorgica|otitidiscaviarum)",
    ),
    # The dermatophytes, a fungal culture's "growth of Trichophyton rubrum" (PMC11570442): the
    # ringworm the code set files by its site (B35.-), unspecified when the organism alone tells it.
    _o(
        "Dermatophytosis",
        "B35.9",
        r"(?:trichophyton|microsporum|epidermophyton)(?:\s+\w+)?|"
        r"T\.\s*(?:rubrum|mentagrophytes|interdigitale|tonsurans|benhamiae|verrucosum)",
    ),
    _o("Actinomycosis", "A42.9", r"actinomyces(?:\s+\w+)?"),
    _o("Bartonellosis", "A44.9", r"bartonella(?:\s+\w+)?"),
    _o("Toxoplasmosis", "B58.9", r"toxoplasma(?:\s+gondii)?|T\.\s*gondii"),
    _o("Toxocariasis", "B83.0", r"toxocara(?:\s+(?:canis|cati))?|T\.\s*canis"),
    _o("Strongyloidiasis", "B78.9", r"strongyloides(?:\s+stercoralis)?|S\.\s*stercoralis"),
    _o("Syphilis", "A53.9", r"treponema\s+pallidum|T\.\s*pallidum"),
    # The disease's own name before its test: "Lyme disease serology later confirmed IgG 1:32
    # and IgM 1:16" (Cureus 2024, through MedRBench): the serology names the infection.
    _o("Lyme disease", "A69.20", r"borrelia\s+burgdorferi|B\.\s*burgdorferi|lyme(?:\s+disease)?"),
    _o("Q fever", "A78", r"coxiella(?:\s+burnetii)?|C\.\s*burnetii"),
    _o("Meningococcal infection", "A39.9", r"neisseria\s+meningitidis|N\.\s*meningitidis"),
    _o(
        "Methicillin resistant Staphylococcus aureus infection",
        "B95.62",
        r"methicillin[-\s]resistant\s+staphylococcus\s+aureus|MRSA",
    ),
    _o(
        "Staphylococcus aureus infection",
        "B95.61",
        r"(?:methicillin[-\s]s(?:usceptible|ensitive)\s+)?staphylococcus\s+aureus|"
        r"S\.\s*aureus|MSSA",
    ),
    _o(
        "Streptococcus pneumoniae infection",
        "B95.3",
        r"streptococcus\s+pneumoniae|S\.\s*pneumoniae|pneumococc(?:us|i)",
    ),
    _o(
        "Group A streptococcal infection",
        "B95.0",
        r"streptococcus\s+pyogenes|S\.\s*pyogenes|group\s+A\s+streptococc(?:us|i)",
    ),
    _o(
        "Group B streptococcal infection",
        "B95.1",
        r"streptococcus\s+agalactiae|S\.\s*agalactiae|group\s+B\s+streptococc(?:us|i)",
    ),
    _o(
        "Enterococcal infection",
        "B95.2",
        r"enterococc(?:us|i)(?:\s+\w+)?|E\.\s*faecalis|E\.\s*faecium",
    ),
    _o("Streptococcal infection", "B95.4", r"streptococc(?:us|i)(?:\s+\w+)?|S\.\s*[a-z]{4,}"),
    _o("Escherichia coli infection", "B96.20", r"escherichia\s+coli|E\.\s*coli"),
    _o(
        "Klebsiella pneumoniae infection", "B96.1", r"klebsiella(?:\s+pneumoniae)?|K\.\s*pneumoniae"
    ),
    _o("Pseudomonas infection", "B96.5", r"pseudomonas(?:\s+aeruginosa)?|P\.\s*aeruginosa"),
    _o("Proteus infection", "B96.4", r"proteus(?:\s+mirabilis)?|P\.\s*mirabilis"),
    _o("Mycoplasma pneumoniae infection", "B96.0", r"mycoplasma\s+pneumoniae|M\.\s*pneumoniae"),
)

# The organism a test found, before it: "culture grew", "positive for", "isolated".
_FOUND_BEFORE = re.compile(
    # (a culture "reported" what it grew: "Sputum cultures in Mexico reported unspeciated
    # Nocardia"; a work-up "which confirmed Toxocara canis infection": Cureus and MDPI 2024
    # case sections, through MedRBench)
    r"(?i)(?:\bcultures?\b[^.;]{0,40}?\b(?:grew|grown|yielded|isolated|revealed|showed|"
    r"reported|identified|(?:was|were)\s+positive\s+for)|\bpositive\s+(?:for|result\s+for)|"
    r"\b(?:which|that)\s+confirmed\s+(?:an?\s+|the\s+)?$|"
    r"\b(?:grew|growth\s+of|isolation\s+of|isolated|detection\s+of|detected|identified|"
    # ("the macro- and microscopic characteristics of the colony allowed for the identification
    # of Trichophyton spp", PMC11567915)
    r"identification\s+of)|"
    r"\b(?:test(?:ing)?|PCR|serology|antigen|antibod(?:y|ies)|IgM|assay)\s+(?:for|against|to)"
    r"\s+(?:\(?\s*)?$)"
)
# The test before it, whose result comes after: "test for Legionella antigenuria was positive".
_TEST_BEFORE = re.compile(
    r"(?i)\b(?:test(?:ing)?|PCR|polymerase\s+chain\s+reaction(?:\s*\(PCR\))?|serology|"
    r"antigen|antibod(?:y|ies)|IgM|assay)\s+(?:for|against|to)\s*\(?\s*$"
)
# The result after the organism (or after its test named after it): "... was positive",
# "CMV PCR positive", "SARS-CoV-2 testing was positive", "confirmed acute infection".
_FOUND_AFTER = re.compile(
    # (an abbreviation may follow the name: "Assay for Treponema pallidum (MHA-TP) was positive")
    r"(?i)^\)?\s*(?:\([^()]{1,20}\)\s*)?(?:[\w-]+\s+){0,5}?(?:(?:was|were|is|are|came\s+back|returned)\s+"
    r"(?:also\s+|strongly\s+)?(?:positive|detected|isolated|identified|grown)\b|"
    r"positive\b|confirmed\b|(?:was|were)\s+(?:also\s+)?confirmed\b)"
)
# What a test named as the cause, whatever the test: "Vitek-2 revealed B. pseudomallei as the
# organism in pus and blood samples" (Cureus 2024, PMC11465958; dev cr6-dx-melioidosis-*).
_NAMED_AS_CAUSE = re.compile(
    r"(?i)^\)?\s*as\s+the\s+(?:causative\s+|causal\s+|responsible\s+|offending\s+)?"
    r"(?:organism|pathogen|agent|bacteri(?:um|a))\b"
)
# The organism as the subject of a passive verb of finding, told of the case's specimen: "N.
# farcinica had been isolated from the aspirate" (PMC11622114), "Listeria monocytogenes was
# cultured in both the patient's cerebrospinal fluid and blood samples" (PMC11422092),
# "Pneumocystis jirovecii, Pneumococcus and Bordetella were detected on bronchoalveolar
# aspirate" (PMC11603356). Other organisms may share the subject; "was not isolated" never
# matches, and the present perfect ("has been isolated from soil") is the literature's tense.
_FOUND_AS_SUBJECT = re.compile(
    r"^\)?(?:\s*\([^()]{1,20}\))?(?:\s+(?:DNA|RNA))?"
    r"(?:(?:,\s*|\s+and\s+|,\s+and\s+)(?:the\s+)?[A-Z][\w.-]*(?:\s+[a-z][\w-]+)?){0,4}"
    # ("C. glabrata, which is resistant to F-FLCZ, was detected via the blood culture", CUPCase
    # row 2247)
    r"(?:,\s+(?:which|that)\s+[^,()]{1,60},)?"
    r"\s+(?:was|were|had\s+been)\s+(?:also\s+|subsequently\s+|later\s+|then\s+|eventually\s+|"
    r"finally\s+|again\s+|successfully\s+)?(?:isolated|cultured|grown|identified|detected|"
    r"recovered)\b(?!\s+as\b)"
)
# What the organism was found in or by: a specimen of the patient's or a test.
_SPECIMEN_OR_TEST = re.compile(
    r"(?i)\b(?:blood|urine|sputum|sputa|CSF|cerebrospinal|fluid|aspirate|pus|tissue|biops(?:y|ies)|"
    r"cultures?|swabs?|lavage|BAL|specimens?|samples?|lesions?|wound|abscess|stool|feces|faeces|"
    r"bile|drainage|discharge|scrap(?:ing|ings|es)|placenta|PCR|polymerase|sequencing|MALDI|"
    r"matrix[-\s]assisted|"
    r"mass\s+spectrometry|VITEK|mNGS|metagenomic)\b"
)
# A sentence of what an organism usually does, no finding of the case's.
_GENERAL = re.compile(r"(?i)\b(?:commonly|frequently|often|usually|typically|rarely|is\s+known)\b")
_NEGATIVE = re.compile(r"(?i)\b(?:negative|excluded|ruled\s+out|not\s+detected|no\s+growth)\b")
# An organism grown but not the patient's disease: "Wound bacterial culture grew 1+ Klebsiella
# pneumoniae, considered a secondary infection" (JMCR, CUPCase row 2891), a contaminant, a
# coloniser.
_NOT_THE_DISEASE = re.compile(
    r"(?i)\b(?:secondary\s+infection|contamina(?:nt|nts|tion|ted)|coloni[sz](?:ation|ed|ing|er)|"
    r"commensal|superinfection)\b"
)


def found_organisms(sentence: str) -> list[tuple[int, int, Condition]]:
    """The organisms ``sentence`` says a test found, as (start, end, infection) spans."""
    found: list[tuple[int, int, Condition]] = []
    taken: list[tuple[int, int]] = []
    for organism in ORGANISMS:
        for match in organism.pattern.finditer(sentence):
            start, end = match.span()
            if any(s < end and start < e for s, e in taken):
                continue  # "Staphylococcus aureus" already read, not "Staphylococcus" again
            before, after = sentence[:start], sentence[end:]
            clause = re.split(r"[;,]\s+(?:but|while|whereas|and)\b|;", before)[-1]
            if _NEGATIVE.search(clause[-60:]):
                continue  # "was negative, but ..." belongs to another clause only
            ahead = re.split(r"[;]|,\s+(?:but|while|whereas)\b", after)[0]
            if _NEGATIVE.search(ahead[:60]):
                continue  # "PCR for CMV was negative"
            if _NOT_THE_DISEASE.search(ahead[:80]):
                continue  # "..., considered a secondary infection"
            tested_after = _TEST_BEFORE.search(clause[-60:]) or not clause.strip()
            if _FOUND_BEFORE.search(clause[-60:]) and not _TEST_BEFORE.search(clause[-60:]):
                pass  # "culture grew S. constellatus", "positive for CMV"
            elif _NAMED_AS_CAUSE.match(ahead):
                pass  # "revealed B. pseudomallei as the organism"
            elif (
                _FOUND_AS_SUBJECT.match(ahead)
                and _SPECIMEN_OR_TEST.search(sentence[:start] + " " + ahead)
                and not _GENERAL.search(sentence)
            ):
                pass  # "N. farcinica had been isolated from the aspirate"
            elif not (_FOUND_AFTER.match(ahead) and (tested_after or _test_after(ahead))):
                continue
            taken.append((start, end))
            found.append((start, end, organism))
    return sorted(found, key=lambda x: x[0])


_TEST_WORD = re.compile(
    r"(?i)^\)?\s*(?:[\w-]+\s+){0,2}?(?:test(?:ing)?|PCR|serology|antigen\w*|antibod(?:y|ies)|"
    r"IgM|IgG|assay|culture|smear|RNA|DNA|viral\s+load)\b"
)


def _test_after(ahead: str) -> bool:
    """The organism's test is named after it: "SARS-CoV-2 testing was positive"."""
    return bool(_TEST_WORD.match(ahead))
