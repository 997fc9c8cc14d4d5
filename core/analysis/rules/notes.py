"""What a doctor's notes say: diagnoses stated, known conditions, medicines, the complaint.

Notes are the doctor's own case notes and lab files that read like notes (transcriptions,
discharge summaries). Sections are found by their usual headings ("ASSESSMENT:", "PAST
MEDICAL HISTORY:", "DISCHARGE DIAGNOSES:"). A mention is dropped when negated ("no fever",
"denies chest pain", "negative for", "ruled out") and kept apart when it is history or
family history; the triggers and the five-word scope are those of NegEx (Chapman et al.,
J Biomed Inform 2001;34:301-10), the clinical standard for rule-based negation.

A document's own words count where they state a diagnosis: its impression or diagnosis
section ("IMPRESSION: Acute appendicitis."), a sentence that says so ("was diagnosed with",
"diagnosis of ... was entertained", "consistent with", "compatible with", "final diagnosis"),
and its presenting complaint; conditions there are found by the hand list and by the
ICD-10-CM code set's terms (core.analysis.rules.icd_terms). A hedged mention ("may
represent", "cannot be excluded", "possible", "versus", "is suspected") is weaker than a
stated one; a question is none ("evaluate for pulmonary embolism", "renal stone protocol").
An imaging report's impression is kept, so that a normal study can be said to be normal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from core.analysis.rules.conditions import CONDITIONS, MEDICINES, Condition
from core.analysis.rules.disease_abbreviations import settled_abbreviations
from core.analysis.rules.gene_words import names_a_gene
from core.analysis.rules.head_names import stated_head
from core.analysis.rules.icd_terms import icd_conditions, singular_word
from core.analysis.rules.mimics import mimicked
from core.analysis.rules.negation import is_negated
from core.analysis.rules.organisms import found_organisms
from core.analysis.rules.qualifiers import outside_its_organ
from core.analysis.rules.radiology_text import with_sections
from core.analysis.rules.relatives import (
    KIN,
    PRESENTATION_VERBS,
    relatives_after,
    relatives_before,
)
from core.analysis.rules.revisions import (
    LATER_WORDS,
    dated_years_before,
    told_as_earlier,
    told_by_another,
)
from core.analysis.rules.tumour_organs import organ_sited_tumours

# Heading kinds: where a condition named under the heading stands.
_HEADINGS: tuple[tuple[str, str], ...] = (
    ("family", r"family\s+history|\bfh\b"),
    (
        "stated",
        r"(?:final\s+|discharge\s+|principal\s+|primary\s+|admi(?:tting|ssion)\s+|"
        r"post-?operative\s+|pre-?operative\s+|working\s+|clinical\s+)?diagnos[ie]s|"
        r"assessments?(?:\s+and\s+plans?)?|impressions?|a\s*/\s*p|problem\s+list",
    ),
    (
        "history",
        r"past\s+(?:medical|surgical)\s+history|medical\s+history|\bpmh\b|\bpmhx\b|"
        r"past\s+history|comorbidities",
    ),
    (
        "medicines",
        r"(?:current\s+|home\s+|discharge\s+|admission\s+|inpatient\s+)?medications?|"
        r"\bmeds\b|current\s+therapy|(?:prescribed\s+)?treatment|prescriptions?",
    ),
    ("allergies", r"allergies|drug\s+allergies"),
    # A lab report's printed teaching ("Possible causes of abnormal parameters: ... Anemia,
    # thalassemia") is about every patient, never this one's history (issue #29).
    ("teaching", r"possible\s+causes(?:\s+of\s+abnormal(?:\s+\w+)?)?"),
    (
        "complaint",
        r"chief\s+complaint|reason\s+for\s+(?:visit|admission|consultation|referral)|"
        r"presenting\s+complaint|\bcc\b|reason\s+for\s+(?:the\s+)?(?:exam(?:ination)?|study)|"
        r"(?:clinical\s+)?indications?",
    ),
    (
        "present",
        r"history\s+of\s+present(?:ing)?\s+illness|\bhpi\b|subjective|"
        r"hospital\s+course|clinical\s+(?:history|information|notes?)|history",
    ),
    (
        "other",
        r"review\s+of\s+systems|\bros\b|physical\s+exam(?:ination)?|social\s+history|"
        r"interpretation|comments?|notes?|reference\s+(?:range|interval)s?|"
        r"plan|laboratory|labs|procedures?|findings|recommendations?|disposition|"
        r"objective|vital\s+signs|exam|technique|comparison",
    ),
)
# Sections whose conditions are no diagnosis of the patient's.
_UNREAD = ("allergies", "family", "teaching")
_HEADING = re.compile(
    r"(?im)^[ \t]*(?:\d{1,2}\.|[A-H]\.)?[ \t]*(?:"
    + "|".join(f"(?P<h{i}>{p})" for i, (_, p) in enumerate(_HEADINGS))
    + r")"
    r"\s*(?:\(.*?\))?\s*(?::|-|$)"
)
# A negation covers what follows it to the end of the sentence, through a list ("denied any
# hemoptysis, gross hematuria, melena, hematemesis"), unless a termination term ends it.
# Negation is NegEx's (core.analysis.rules.negation), not a hand list of patterns.
_HISTORY = re.compile(
    r"(?i)\b(?:history\s+of|h/o|hx\s+of|known|previous|prior|past|since|long[-\s]?standing|chronic|"
    r"(?:recently|previously|already)\s+diagnosed|"
    r"s/p|status\s+post|was\s+on\s+\w+\s+for|had\s+(?:a|an)|recovered\s+from|"
    # what came and went before ("He had experienced some occasional hemarthrosis, but he
    # had been well for two months before he presented"): reader-dx8
    r"had\s+(?:experienced|suffered(?:\s+from)?)\s+(?:some\s+)?"
    r"(?:occasional|recurrent|repeated|frequent|several|intermittent))\b"
)
# After the mention, a time in the past makes it history: "a DVT she had early this year".
# (A decimal point ends no sentence: "who had undergone distal hypospadias surgery 1.5 years
# ago presented with a slowly growing mass", J Med Case Rep, CUPCase row 1391.)
_HISTORY_AFTER = re.compile(
    r"(?i)^(?:[^.;]|\.(?=\d)){0,40}?\b(?:ago|in\s+the\s+past|(?:earlier|last)\s+(?:this\s+)?(?:year|month|week)|"
    r"(?:early|earlier)\s+this\s+year|in\s+(?:19|20)\d\d|years?\s+back|previously|resolved|"
    r"(?:years?|decades?|months?)\s+(?:earlier|before|prior))\b"
)
# A condition that has ended, told in its own clause after it, is one the patient had: "Grade II
# acute GVHD occurred 17 days after transplantation but resolved after the treatment with
# steroid" (CaseReportBench item 2), "Their second pregnancy was terminated at 22 weeks'
# gestation" (CaseReportBench item 82), "who had one pregnancy and was delivered of twins by
# cesarean section" (J Med Case Rep, CUPCase row 3484): no current disease, no pregnant state.
_ENDED_AFTER = re.compile(
    r"(?i)^[^;]{0,80}?,?\s+but\s+(?:it\s+|they\s+)?(?:had\s+|has\s+)?(?:later\s+|then\s+|"
    r"subsequently\s+|eventually\s+|completely\s+|spontaneously\s+|gradually\s+)?"
    r"(?:resolved|subsided|disappeared|abated|remitted|regressed)\b"
)
_PREGNANCY_ENDED_AFTER = re.compile(
    r"(?i)^[^;]{0,30}?\b(?:(?:was|were|had\s+been)\s+(?:\w+\s+)?(?:terminated|interrupted|"
    r"delivered)|(?:and|which)\s+(?:was|were)\s+delivered|ended\s+(?:in|with))\b"
)
# A treatment told in the past perfect, before the condition it treated: "The patient had
# undergone cholecystectomy for acute cholecystitis as a 32-year-old in Latin America" (J Med
# Case Rep, CUPCase row 1344). Told in the past simple ("underwent appendectomy for acute
# appendicitis") it is as often the case's own treatment, and the condition is left current.
_TREATED_BEFORE = re.compile(
    r"(?i)\bhad\s+(?:previously\s+|already\s+|once\s+)?(?:undergone|received)\s+"
    r"(?:an?\s+|the\s+)?(?:[\w-]+\s+){1,3}?for\s+(?:an?\s+|the\s+|his\s+|her\s+)?"
    r"(?:[\w-]+\s+){0,2}$"
)
# Before the mention, a time years past dates it: "Two years ago, she was diagnosed with X",
# "In 1997, he presented with a pathological fracture" when the case presents in 2008.
_YEARS_AGO = re.compile(
    r"(?i)\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|several|many|few)\s+(?:years?|decades?)\s+"
    r"(?:ago|earlier|before|prior|previously)\b"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATED_YEAR = re.compile(
    r"(?i)\b(?:in|during|by|from)\s+(?:(?:early|late|mid)[-\s]?)?(?:" + _MONTH + r"\s+)?"
    r"(?:\d{1,2},?\s+)?((?:19|20)\d\d)\b"
)
_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")
# Words that bring the telling back to now between a past date and the mention.
_NOW = re.compile(r"(?i)\b(?:now|currently|presently|this\s+time|on\s+admission)\b")
# A sentence that lists the history: "His medical history was significant for diabetes
# mellitus, coronary artery disease, and a myocardial infarction" (every item of the list).
_HISTORY_LIST = re.compile(
    r"(?i)\b(?:(?:past\s+)?(?:medical|surgical)\s+)?history(?:\s+of\s+[\w-]+(?:\s+[\w-]+){0,2})?"
    r"\s+(?:was|is|were)\s+(?:significant|notable|remarkable|positive)\s+for|"
    r"\b(?:past\s+)?(?:medical|surgical)\s+history\s+(?:included|includes|of)\b|"
    r"\bcomorbidities\s+(?:included|includes|were|are)\b|"
    # The manifestations of a known disease: "a history of myoclonus epilepsy with ragged red
    # fibers (MERRF) syndrome with symptoms including cardiomyopathy, peripheral neuropathy".
    r"\bhistory\s+of\b[^.;]{1,100}?\bwith\s+(?:symptoms|features|manifestations|complications)"
    r"\s+(?:including|of|such\s+as)\b"
)
# A relative as the subject of a statement: "The parents' first child was diagnosed with
# steroid-resistant nephrotic syndrome at 18 months of age" (CaseReportBench), "the children
# of the oldest sister that were diagnosed with congenital glaucoma" (MedRBench, PMC11477508),
# "one of her three children, who is now 7-years old, was diagnosed with trisomy 21 and
# hypothyroidism", "the parents revealed that their 27-month-old first baby had been diagnosed
# with CLAH" (JMCR, CUPCase; CaseReportBench item 30). The relative is the head of the
# subject: a determiner (and an order word or a number) before it, so that "the second child of
# healthy parents was diagnosed" (the patient) is not a relative's; a relative clause between
# the relative and the verb ("her mother, who is 60,") keeps the relative the subject.
_ORDER = (
    r"(?:first|second|third|elder|older|oldest|eldest|younger|youngest|twin|other|"
    r"two|three|four|five)"
)
_RELATIVE_SUBJECT = re.compile(
    r"(?i)(?:(?:^|[,;:]|\b(?:the|his|her|their|its|our|a|an|one|both|two|whose|patient['’]s|"
    r"proband['’]s))\s+(?:" + _ORDER + r"\s+)?(?:" + KIN + r")|"
    r"\b(?:his|her|their)\s+(?:[\w-]+[-\s]old\s+)?(?:first|older|elder|eldest|oldest|"
    r"previous|other)\s+(?:baby|child|infant))"
    r"(?:['’]s?)?"
    r"(?:\s+(?:" + _ORDER + r"\s+)?(?:child|children|" + KIN + r"))?"
    r"(?:,\s*(?:who|aged|now)\b[^,;.]{0,60},)?"
    r"(?:,?\s+(?:who|that))?\s+(?:was|were|had\s+been|has\s+been)\s+(?:\w+\s+)?$"
)
# A case report's subject, as its opening sentence names it: "We present a case of X", "we
# report a rare case of X", "a rare case of X". It states X (the case is about it) without
# concluding it: a later statement of the report's own ("diagnosed with") comes first.
_SUBJECT = (
    r"\bwe\s+(?:here\s+)?(?:present|report|describe)(?:ed)?\s+(?:here\s+)?"
    r"(?:a|an|the|this|two|three|four)\s+(?:[\w-]+\s+){0,2}?cases?\s+(?:reports?\s+)?of|"
    r"\b(?:a|an)\s+(?:rare|unusual|unique|atypical|interesting)\s+case\s+of"
)
# Between the subject's words and the disease: not the patient ("a case of a 19-year-old man
# with asthma who ..."), whose background conditions are no subject.
_SUBJECT_GAP = re.compile(r"(?i)\b(?:years?|months?|weeks?|days?)[-\s]old\b|\bwho\b|\bwith\b")
_SUBJECT_STATEMENT = re.compile(r"(?i)" + _SUBJECT)
# A diagnosis stated in running text: "working diagnoses of gastroenteritis", "consistent with".
_STATED_INLINE = re.compile(
    r"(?i)\b(?:diagnos[ie]s\s+(?:of|is|was|were|are)|diagnosed\s+(?:with|as|to\s+have)|"
    r"consistent\s+with|compatible\s+with|in\s+keeping(?:\s+with)?|confirmed|"
    # A test's result told after it as its outcome: "an image-guided biopsy of the right
    # retroperitoneal mass ..., confirming a poorly differentiated neuroendocrine carcinoma"
    # (MedRBench PMC11406358), "histopathological examination confirming an undifferentiated
    # adenocarcinoma localized in the submucosa of the duodenum" (PMC11456785).
    r"confirming|"
    # Criteria a case meets: "our patient met the diagnostic criteria for Takayasu's arteritis
    # (TA)" (PMC11609549), "met criteria for sepsis with pyelonephritis" (PMC11584938).
    r"(?:met|meets|meeting|fulfill?ed|fulfils|fulfilling|satisfied)\s+(?:all\s+)?(?:the\s+)?"
    r"(?:\w+\s+)?criteria\s+for|"
    # What the organ showed to the surgeon's or pathologist's eye: "Gross inspection of the
    # spleen revealed a 300 mL splenic abscess" (JMCR, CUPCase; cr4-labs-splenic-abscess-*).
    r"(?:gross\s+(?:inspection|examination|pathology)|autopsy|necropsy|(?:exploratory\s+)?"
    r"laparotomy|laparoscopy|surgical\s+exploration)(?:\s+[\w-]+){0,4}?\s+"
    r"(?:revealed|revealing|reveals|showed|showing|shows|demonstrated|demonstrates|confirmed|"
    r"confirms)|"
    r"suggestive\s+of|suspicious\s+(?:for|of)|concerning\s+for|"
    # What a stain or a work-up leans to: "were negative for CA19-9, CK20, and p53, which are
    # markers for pancreatic ductal adenocarcinoma, favoring lung adenocarcinoma metastasis"
    # (a 2024 case report, PMC11456792, through MedRBench), "a mesenchymal tumor with neural
    # features favoring ganglioneuroma" (JMCR, CUPCase): stated with doubt, as "suggestive
    # of" is.
    r"favou?ring(?:\s+(?:a|the)\s+diagnosis\s+of)?|"
    # A result that settles the diagnosis: "Pleural fluid laboratory studies were sent and
    # were diagnostic for a chylous effusion", "the liver biopsy revealed fibrous obliteration
    # of the central hepatic veins and patchy areas of sinusoidal dilatation diagnostic of
    # hepatic vein obstruction" (JMCR, CUPCase). Not "non-diagnostic for".
    r"(?<!non-)diagnostic\s+(?:of|for)|"
    # A resemblance as "consistent with" tells it: "Muscle biopsy from the right deltoid
    # muscle at age 41y was indicative of mitochondrial myopathy" (CaseReportBench), "the
    # results of which were indicative of meningitis" (JMCR, CUPCase).
    r"(?:was|were|is|are|be|being)\s+(?:\w+\s+)?indicative\s+of|"
    r"impression\s+(?:is|was|of)|(?:revealed|showed|demonstrated)\s+(?:evidence|features)\s+of|"
    r"treated\s+as(?:\s+an?\s+case\s+of)?|we\s+(?:have\s+)?diagnosed|"
    # What the tissue showed: "The biopsy showed mitochondrial myopathy of the pleoconial type".
    # The tissue's examination however it is named and described before its verb:
    # "Histopathological examination by Hematoxylin and Eosin stain (H&E) revealed
    # xanthogranulomatous pyelonephritis" (Cureus 2024, PMC11470198).
    r"(?:biopsy|biopsies|histology|histopatholog\w*|histologic\w*|cytology|cytologic\w*|"
    # Pathology alone is the tissue's examination too: "Final pathology revealed diffuse large
    # B-cell lymphoma" (MedRBench PMC11492432), "Surgical pathology showed ...".
    r"immunohistochemi\w*|patholog(?:y|ical|ic)\s+(?:examination|report|analysis)"
    r"|(?<!speech\s)(?<!speech-language\s)pathology)"
    # A figure's reference between the tissue and its verb is no sentence's end: "Histopathology
    # slide and result (Fig. 3) showed rib hemangioma" (PMC11625228), "histopathology (Fig. 5)
    # revealed a cribriform adenoid cystadenocarcinoma of the trachea" (PMC11406798).
    r"(?:(?:\((?:figs?\.?|figures?)\s*[^()]{0,15}\)|[^.;]){0,60}?\s)??"
    r"(?:revealed|revealing|reveals|showed|showing|shows|demonstrated|"
    r"demonstrates|confirmed|confirms|"
    # The tissue's verdict told with another verb of finding: "A histopathological evaluation
    # of the thyroidectomy specimen identified the presence of a hydatid cyst" (MedRBench
    # PMC11590343), "fine needle aspiration biopsy indicated a plasmacytoma" (PMC11626533),
    # "Histology indicated a tumor, with predominantly yolk sac tumor" (CUPCase row 5094), "A
    # left axillary lymph node excisional biopsy disclosed reactive lymphadenopathy" (row 2107).
    # Not "noted", "reported" or "suggested": their subject is as often the patient or the
    # doctor ("the patient reported pain", "a renal biopsy was suggested").
    r"identified|identifies|indicated|indicates|disclosed|discloses|"
    # The tissue's verdict in the French-trained wording: "Histological study was in favor of
    # Ewing's sarcoma", "the histological and immunohistochemical study were in favor of an
    # hepatic localization of a leiomyosarcoma" (IJSCR 2024, through MedRBench).
    r"(?:was|were|is|are)\s+(?:\w+\s+)?in\s+favou?r\s+of)|"
    # A conclusion told with "concluded" or "corroborative": "the lesions were concluded to be
    # of metastatic disease within the liver", "findings corroborative of primary adrenal
    # insufficiency" (Cureus case sections, through MedRBench).
    r"concluded\s+to\s+be(?:\s+of)?|corroborative\s+of|"
    # A diagnosis the case revised to: "the diagnosis was revised to acute FM" (Frontiers-style
    # revision after an initial impression; the earlier one is denied by the criteria not met).
    r"(?:diagnosis|impression)\s+(?:was|were|is|had\s+been)\s+(?:\w+\s+)?(?:revised|changed|"
    r"amended|corrected)\s+to|"
    r"admitted\s+(?:with|for)|treated\s+for|(?:therapy|treatment)\s+for|"
    # What the work-up pointed to: "The clinical findings and supporting investigations
    # indicated radiation-induced neuropathy".
    r"(?:findings|investigations?|results|studies|tests|work-?up)\b[^.;]{0,60}?\b"
    r"(?:indicated|indicating|pointed\s+to)|" + _SUBJECT + r")\b"
    # The report's subject: "We present a rare case of isolated anterolateral radial head
    # dislocation", "we describe here a case of CGD", "a rare case of X".
)
# A statement after the condition it states: "MELAS ... was confirmed by demonstration of the
# 3243A>G transition", "Gaucher disease was diagnosed" (the same clause, no new subject).
_STATED_AFTER = re.compile(
    r"(?i)^[^.;]{0,100}?\b(?:was|were|is|has\s+been|had\s+been)\s+(?:\w+\s+)?"
    r"(?:confirmed|established|proven|diagnosed)\b|"
    # The condition naming a diagnosis: "data supported the CTX diagnosis", "her MELAS diagnosis".
    r"^\s+diagnosis\b(?!\s+(?:of|was\s+(?:not|excluded|ruled)))"
)
# Treatment of a condition the patient lives with ("on insulin therapy for type 1 diabetes",
# "treated for hypertension") says it is known, not that it is this case's diagnosis; the
# treatment of an acute one ("treatment for acute pancreatitis") still states it.
_TREATMENT = re.compile(r"(?i)\b(?:treated\s+for|(?:therapy|treatment)\s+for)\b")
# A complication of the operation or treatment the case tells ("Few days after his first
# operation, the patient developed pulmonary embolism", "postoperatively developed", "the
# course was complicated by"): the case is about the disease operated on or treated, so the
# complication is known, ranked after it, not the case's diagnosis.
_COMPLICATION_BEFORE = re.compile(
    r"(?i)(?:\b(?:after|following)\s+(?:(?:the|his|her|their|a|an|first|second|initial|"
    r"surgical|elective)\s+){0,3}(?:operation|surgery|procedure|resection|transplant(?:ation)?|"
    r"chemotherapy|radiotherapy|intervention|repair|excision|implantation|ablation)s?\b|"
    r"\bpost-?operative(?:ly)?\b|\b(?:course|stay|recovery)\s+was\s+complicated\b)"
    r"[^.;]{0,80}?\b(?:developed|complicated\s+by|suffered(?:\s+from)?|experienced)\s+"
    r"(?:(?:a|an|the|acute|severe|massive|bilateral)\s+){0,2}$"
)
# What a step of the work-up left, named with the step before it in its clause: "the
# post-biopsy CT imaging revealed a developing left lower quadrant hematoma and a small amount
# of hemoperitoneum" (Cureus 2024, PMC11437698). The condition is that step's complication
# wherever the file names it again ("Diagnostic laparoscopy revealed hemoperitoneum"): known,
# not the case's diagnosis. Only a mention its sentence does not state is one ("post-biopsy
# histology confirmed X" states X). An operation's words are left to _COMPLICATION_BEFORE: a
# case may be about what its operation left ("postoperative chylothorax"), and
# "postoperative" often only dates ("postoperative histopathological analysis").
_POST_PROCEDURE = r"(?i)\bpost-?(?:biopsy|procedur(?:e|al)|puncture)\b"
_AFTER_PROCEDURE = re.compile(_POST_PROCEDURE + r"[^.;]{0,100}$")
# A course or treatment "complicated by" a condition: "His treatment course was complicated by
# cryptococcal meningitis", "anticoagulation treatment, which was complicated by hematuria",
# "His ICU course was further complicated by Moraxella catarrhalis pneumonia ..., and by
# Clostridium difficile colitis" (Journal of Medical Case Reports, CUPCase rows in
# tests/clinical/dev/cr4-labs-warm-aiha-* and cr4-labs-post-transfusion-purpura-*).
_COMPLICATED_BY = re.compile(
    r"(?i)\b(?:course|stay|recovery|treatment|therapy|anticoagulation|procedure|operation|"
    r"surgery|hospitali[sz]ation)\b(?:,?\s+which)?\s+(?:was|were)\s+"
    r"(?:further\s+|later\s+|subsequently\s+|also\s+)?complicated\s+by\s+"
    r"(?:[^.;]{0,100}?,?\s+and\s+(?:by\s+)?)?(?:[\w-]+\s+){0,3}$"
)
# An earlier stay or episode named by its condition, after which the case goes on: "Repeat CT
# abdomen 5 months after the initial episode, or 2 months after his diabetic ketoacidosis
# admission" (JMCR, CUPCase; cr4-labs-splenic-abscess-*): the condition is history.
_EARLIER_STAY_BEFORE = re.compile(
    r"(?i)\b(?:after|since|following)\s+(?:(?:his|her|their|the|a|an)\s+)?(?:(?:first|initial|"
    r"previous|prior|last|index)\s+)?$"
)
_EARLIER_STAY_AFTER = re.compile(r"(?i)^\s+(?:admission|episode|hospitali[sz]ation|stay)\b")
# A chronic condition the patient is introduced with, before the presentation ("A 45-year-old
# woman with type 1 diabetes presented with vomiting"): the background, not the problem.
_PRESENTATION_AFTER = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:presents|presented|presenting|(?:was\s+)?admitted|came|comes|"
    r"(?:was\s+)?referred|(?:was\s+)?brought)\b"
)
# A condition weighed and not (yet) concluded: "The differential diagnosis included 3β-HSD
# deficiency and LCAH", "X was considered", "was less considered".
# The differential told at a point of the case ("The differential diagnoses at this point
# included Takotsubo cardiomyopathy", "The differential diagnosis at the time of examination
# included schwannoma", "The differential diagnoses considered at this point were infections
# such as tuberculosis": JMCR, CUPCase), a possibility raised ("also raised the possibility of
# high-grade glioma", "suggested the possibility of ... such as posterior reversible
# encephalopathy syndrome": PMC11428674, CUPCase) and a condition kept "as differential
# diagnosis" (CaseReportBench item 124) are weighed too. So is a differential told with its
# case, patient or finding ("The differential diagnoses for this case included ... angiomyolipoma
# with epithelial cysts", PMC11372579; "for this presentation were", "of his confusion
# included", "considered in this case included": 12 of the pools' 70 differentials). A ward
# note's "DDx:" ("Ddx includes", "ddx is") is the same list.
_DIFFERENTIAL_BEFORE = re.compile(
    r"(?i)\b(?:differential(?:\s+diagnos[ie]s)?|d\.?dx)(?:\s+(?:considered\s+)?(?:at|during)\s+"
    r"(?:this|that|the)\s+[^.;:]{0,30}?|\s+considered)?\s*"
    r"(?:included|includes|include|of|was|were|is|are|:)|"
    r"\bdifferential\s+diagnos[ie]s(?:\s+[\w-]+){1,5}?\s+"
    r"(?:included|includes|include|should\s+include|were|was|are|is)\b|"
    r"\b(?:raised|raising|raises|suggested|suggesting|suggests|entertained)\s+(?:a|the)\s+"
    r"(?:\w+\s+)?possibility\s+of\b"
)
_DIFFERENTIAL_AFTER = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:was|were|is|are)\s+(?:\w+\s+)?considered\b|"
    r"^[^.;]{0,60}?\bas\s+(?:a\s+|the\s+)?differential(?:\s+diagnos[ie]s)?\b"
)
# A condition considered for a result the sentence gives: "A rare possibility of SSPE was
# considered, as an elevated titer of 625 IgG anti-measles antibodies was detected in the CSF"
# (Cureus 2024, PMC11462780). The result points to it: a diagnosis given with doubt, not an
# item of a differential weighed and left ("X was considered, but the biopsy was normal").
_CONSIDERED_FOR_RESULT = re.compile(
    r"(?i)^[^.;]{0,60}?\b(?:was|were|is|are)\s+(?:\w+\s+)?considered,?\s+(?:as|because|since|"
    r"given\s+that)\s+(?![^.;]*\b(?:not|no|negative|normal|unremarkable|excluded)\b)[^.;]*?\b"
    r"(?:detected|positive|elevated|raised|increased|found|showed|revealed|demonstrated)\b"
)
# Where the words around a mention leave it open: a hedge makes it weaker, a question is no
# diagnosis at all ("evaluate for pulmonary embolism", "pulmonary embolism protocol").
_HEDGE_BEFORE = re.compile(
    r"(?i)\b(?:may|might|could|possibl[ey]|probabl[ey]|questionable|suspect(?:ed)?|"
    r"tentative(?:ly)?|provisional(?:ly)?|presumptive(?:ly)?|presumed|initial(?:ly)?|"
    r"preliminary|pre-?operative|working\s+diagnos[ie]s|"
    r"suspicious\s+(?:for|of)|suggestive\s+of|suggest(?:s|ing)?|concerning\s+for|"
    r"(?:less|more|most)\s+likely|likely|"
    r"cannot\s+(?:be\s+)?(?:exclude[d]?|ruled?\s+out)|versus|vs)\b"
)
_HEDGE_AFTER = re.compile(
    r"(?i)^[^.;]{0,40}?\b(?:is|are)\s+(?:suspected|possible|not\s+excluded)\b|"
    r"^[^.;]{0,60}?\bcannot\s+be\s+(?:excluded|ruled\s+out)\b|^\s*(?:versus|vs)\b"
)
_QUESTION_BEFORE = re.compile(
    r"(?i)\b(?:evaluat(?:e|ion)|assess(?:ment)?|screen(?:ing)?|work[-\s]?up)\s+(?:for|of)\s+"
    r"(?:(?:possible|suspected|an?|the)\s+)?$|\bto\s+exclude\s+$"
)
# A purpose clause listing what a study was to exclude: "a chest radiograph and CT angiogram
# to rule out pulmonary embolism, congestive heart failure, pneumonia, and acute exacerbation
# of chronic obstructive pulmonary disease" (Cureus 2024, PMC11446622): every item of the list
# is asked, none found, until a clause of its own tells a result ("..., which showed X").
_PURPOSE = re.compile(
    r"(?i)\b(?:to|in\s+order\s+to)\s+(?:rule\s+out|exclude|evaluate\s+for|assess\s+for|"
    r"look\s+for|screen\s+for|search\s+for)\s"
)
_RESULT_CLAUSE = re.compile(
    r"(?i)\b(?:which|that|showed|shows|revealed|reveals|demonstrated|identified|found|confirmed|"
    r"was|were|is|are|but|however)\b"
)
_QUESTION_AFTER = re.compile(r"(?i)^\s*(?:protocol|study|series|work[-\s]?up)\b")
# An imaging report names its exam at the top.
_IMAGING = re.compile(
    r"(?i)\b(?:x-?ray|radiograph|ct|cta|mri|mra|ultrasound|sonogra\w+|"
    r"computed\s+tomography|magnetic\s+resonance|frontal\s+views?|pa\s+(?:and|&)\s+lateral)\b"
)
# A radiologist's report: an impression, with the findings or the exam named at the top, and
# none of a clinical note's sections (the history of the illness, the examination, the plan).
_IMPRESSION_HEADING = re.compile(r"(?im)^[ \t]*(?:\d{1,2}\.[ \t]*)?impressions?\s*(?::|-|$)")
_FINDINGS_HEADING = re.compile(r"(?im)^[ \t]*findings\s*(?::|-|$)")
_CLINICAL_NOTE_HEADING = re.compile(
    r"(?im)^[ \t]*(?:chief\s+complaint|history\s+of\s+present(?:ing)?\s+illness|hpi|"
    r"physical\s+exam(?:ination)?|review\s+of\s+systems|assessment|plan|"
    r"past\s+medical\s+history|hospital\s+course|course|discharge)\b"
)
_COMPLAINT = re.compile(
    r"(?i)\b(?:presents?|presented|presenting|admitted|comes?\s+in|came\s+in|complain(?:s|ing)?\s+of|"
    r"c/o|referred)\b[^.]{0,120}"
)
# A sentence ends at its stop, not at a genus's initial ("H. influenzae", "E. coli") nor at a
# figure's abbreviation ("Histopathology slide and result (Fig. 3) showed rib hemangioma").
# A sentence glued to the next where a text extraction dropped the paragraph's break ("managed
# at an outside facility.On examination, the patient", PMC open-access texts as datasets store
# them): a stop after a word or a unit, then a capitalised word, also ends it.
_SENTENCES = re.compile(
    r"(?<=[.;!?])(?<!\b[A-Z]\.)(?<![Ff]ig\.)(?<![Ff]igs\.)\s+|\n+|(?<=[a-z0-9)\]%]\.)(?<!\b[a-z]\.)(?=[A-Z][a-z]+\b)"
)


@dataclass(frozen=True)
class Mention:
    condition: Condition
    sentence: str  # the words it came from, for the evidence
    hedged: bool = False  # "may represent", "cannot be excluded": weaker than stated
    # The document's conclusion ("was diagnosed with", "confirmed", "treated as a case of"):
    # it outranks a critical value's disorder, which the conclusion's disease explains.
    concluded: bool = False
    # Named now by a test's result in a case's telling ("A contrast-enhanced computed
    # tomography scan revealed an abdominal aortic aneurysm"): the work-up found it, which no
    # presenting complaint says, though no statement of the case's diagnosis either.
    found: bool = False
    # What the patient came with, in the presentation's own clause ("In the emergency room
    # she presented with signs of an acute abdomen", "was admitted with ... orthopnea"): the
    # complaint, which a disease the case names beside it explains.
    complaint: bool = False
    # The case's earlier, working diagnosis ("was initially diagnosed with acute
    # appendicitis"): after every condition told now (revisions.py).
    earlier: bool = False


@dataclass
class NoteFacts:
    """A case's notes as the rules read them."""

    stated: list[Mention] = field(default_factory=list)  # the doctor's diagnoses, in order
    current: list[Mention] = field(default_factory=list)  # affirmed now (HPI, complaint)
    history: list[Mention] = field(default_factory=list)  # known conditions
    medicines: set[str] = field(default_factory=set)
    negated: set[str] = field(default_factory=set)  # condition names the notes deny
    impressions: list[str] = field(default_factory=list)  # imaging reports' impressions
    stated_inline: list[Mention] = field(default_factory=list)  # stated in a file's prose
    # Conditions the file being read names as a procedure's complication ("post-biopsy ...
    # hemoperitoneum"): a later statement of them in that file is of the complication.
    complications: set[str] = field(default_factory=set, repr=False)
    # Where the file being read began in ``stated_inline``: a statement of that file which
    # the file denies later ("not consistent with Crohn's disease") was revised, not kept.
    file_start: int = field(default=0, repr=False)
    # The file being read is a doctor's telling (a case report, a radiologist's report), where
    # "suggestive of X" is a diagnosis given with doubt; in a lab report's comments it is not.
    file_tells: bool = field(default=False, repr=False)
    # The abbreviations the file being read defines after a long form that names a condition
    # ("Pyogenic liver abscess (PLA)"): that condition wherever the file writes them.
    defined: list[Condition] = field(default_factory=list, repr=False)
    # The year the file being read presents the patient in ("presented in 2008"): an event
    # the file dates in an earlier year ("In 1997, he presented with a fracture") is history.
    present_year: int | None = field(default=None, repr=False)
    # The primary cancers at a named organ (categories C00-C75) the file being read names so
    # far, stated or not ("a past medical history of rectal cancer"): a later biopsy's tumour
    # is not read at a new organ (tumour_organs.py).
    named_cancers: set[str] = field(default_factory=set, repr=False)

    def knows(self, *names: str) -> bool:
        """True when the notes name one of these conditions as the patient's, not denied."""
        held = {m.condition.name for m in self.stated + self.current + self.history}
        return any(name in held for name in names)


def read_notes(doctor_notes: str | None, documents: list[str]) -> NoteFacts:
    """The facts of the doctor's case notes and of note-like lab files, in that order.

    The case notes are the doctor's own summary: a condition they affirm is a stated
    diagnosis unless written as history; a file's prose counts by its sections."""
    facts = NoteFacts()
    if doctor_notes:
        _read_one(doctor_notes, facts, "notes")
        _read_icd_terms(doctor_notes, facts)
    for document in documents:
        text = with_sections(document)  # a report's text as a dataset gives it: headed
        _read_one(text, facts, "present" if is_note_like(text) else "report")
    facts.stated = _unique(facts.stated + facts.stated_inline)
    facts.stated_inline = []
    facts.current = _unique(facts.current)
    facts.history = _unique(facts.history)
    return facts


def _refused_by_hand(sentence: str, start: int, end: int, condition: Condition) -> bool:
    """True where the hand list knows the term's words for the same code but its guard
    refuses them here: "ST-segment depression" is no depressive disorder for the hand list,
    so not for the code set's "Depression" F32.A either (CUPCase's ECG legends, reader-dxcup31).
    """
    words = sentence[start:end]
    return any(
        hand.code == condition.code
        and hand.pattern.fullmatch(words) is not None
        and not any(m.start() < end and start < m.end() for m in hand.pattern.finditer(sentence))
        for hand in CONDITIONS
    )


def _read_icd_terms(notes: str, facts: NoteFacts) -> None:
    """The conditions the doctor's own notes name in the code set's terms and the hand list
    does not know ("Progressive multifocal leukoencephalopathy"): stated diagnoses, after
    the hand list's, unless negated, a relative's or history."""
    known = {m.condition.code[:3] for m in facts.stated + facts.current + facts.history}
    for sentence in _SENTENCES.split(notes):
        # Words the hand list already read ("Diabetes mellitus, type 1") are not read again.
        hand = [m.span() for c in CONDITIONS for m in c.pattern.finditer(sentence)]
        for start, end, condition in icd_conditions(sentence):
            before, after = sentence[:start], sentence[end:]
            if any(s < end and start < e for s, e in hand) or names_a_gene(after):
                continue
            if _refused_by_hand(sentence, start, end, condition):
                continue
            if condition.code[:3] in known or is_negated(sentence, start, end):
                continue
            if _relatives(before, after) or _HISTORY.search(before[-40:]):
                continue
            if _HISTORY_AFTER.match(after) or _is_question(before, after):
                continue
            known.add(condition.code[:3])
            facts.stated.append(Mention(condition, sentence[:200], _is_hedged(before, after)))


def _read_one(text: str, facts: NoteFacts, kind: str) -> None:
    report = kind == "report"
    own_words = kind != "notes"  # a file's words; the doctor's notes have _read_icd_terms
    facts.file_start = len(facts.stated_inline)
    facts.complications = set()
    facts.defined = defined_abbreviations(text)
    # An abbreviation written and never spelled out ("thus confirming CML"): the disease its
    # settled meaning names, unless this document defines it at all ("SMA: superior
    # mesenteric artery"); disease_abbreviations.py.
    facts.defined += settled_abbreviations(text, defined_here)
    facts.present_year = _presentation_year(text)
    facts.named_cancers = set()
    imaging = own_words and bool(_IMAGING.search(text[:400]))
    # In a radiologist's report the impression decides: the indication, the history and the
    # findings are the question and the evidence, never a diagnosis of their own ("Indication:
    # positive TB test ... Impression: normal chest"); only their stated words count.
    radiologist = own_words and is_imaging_report(text)
    facts.file_tells = kind == "notes" or radiologist or (own_words and is_narrative(text))
    if radiologist:
        kind = "imaging"
    for block in _blocks(text):
        heading = _HEADING.match(block)
        if heading:
            kind = next(k for i, (k, _) in enumerate(_HEADINGS) if heading.group(f"h{i}"))
            if radiologist and kind == "complaint":
                kind = "indication"  # the reason for the exam: its symptoms, nothing else
            elif radiologist and kind not in ("stated", "medicines", *_UNREAD):
                kind = "imaging"  # the exam, its history and findings: evidence, no diagnosis
            elif report and kind not in ("stated", "medicines", *_UNREAD):
                kind = "report"  # a report's interpretation text is no history of the patient
            block = block[heading.end() :]
            if (imaging or radiologist) and re.match(r"(?i)\s*impressions?\b", heading.group()):
                facts.impressions.append(" ".join(block.split()))
        if kind == "medicines":
            facts.medicines |= {n for n, p in MEDICINES.items() if p.search(block)}
            continue
        if kind in _UNREAD:
            continue
        if report:
            # A lab report's lines wrap mid-sentence: only its own sentences count, and in a
            # report only a stated diagnosis does ("consistent with", "diagnosed with").
            block = re.sub(r"(?<![.:;])\n(?!\s*\n)", " ", block)
        # A medicine named anywhere but allergies is one the patient takes or took: either
        # way a plan must not suggest starting it as if it were new.
        facts.medicines |= {n for n, p in MEDICINES.items() if p.search(block)}
        previous = ""
        for sentence in _SENTENCES.split(block):
            # The sentence before, for a tumour's organ told there ("a mass in the sigmoid
            # colon. A biopsy confirmed a malignancy"): tumour_organs.py.
            _read_sentence(sentence.strip(), kind, facts, terms=own_words, previous=previous)
            previous = sentence.strip()
    if own_words and is_narrative(text):
        # A case told as a story reaches its diagnosis at the end ("Histology tests confirmed
        # a benign multi-nodular goiter"): its last statement is its final diagnosis, one
        # made on the way ("consistent with hypertensive heart disease") comes after; a
        # disease before a finding stated about it ("suggestive of medullary carcinoma of
        # thyroid", then "suggestive of ... metastatic lymphadenopathy": C73 before R59.9).
        # The statements are reversed sentence by sentence; within one sentence the order
        # written stands ("diagnosed with CEP, epilepsy, hypertension": CEP first).
        told = [
            m
            for group in _by_sentence(facts.stated_inline[facts.file_start :])[::-1]
            for m in group
        ]
        told.sort(key=lambda m: m.condition.code.startswith("R"))
        facts.stated_inline[facts.file_start :] = told


# What was seen at operation or autopsy concludes as a biopsy does.
_SEEN_AT_OPERATION = re.compile(r"(?i)gross|autops|necrops|laparo|exploration")
_BARE_INFECTION = re.compile(r"(?i)(?:(?:acute|chronic|active|recent|current)\s+)?infections?")


def _own_clause(before: str) -> str:
    """The words of the mention's own clause: after the last "; " or ", but"."""
    return re.split(r";|,\s+(?:but|while|whereas|although)\b", before)[-1]


# A condition joined to the long form's head by a preposition or a conjunction is not what
# the long form names: "angiomyolipoma with epithelial cysts (AMLEC)" (PMC11372579) is an
# angiomyolipoma, "frontotemporal dementia with parkinsonism (FTDP)" (PMC11534418) no
# parkinsonism, "Thrombolysis in Myocardial Infarction (TIMI)" (CUPCase row 1360) a grading
# scale: the abbreviation is left to the hand list, or unread.
_JOINED_BEFORE = re.compile(r"(?i)\b(?:with|without|and|or|of|in|to|from|after|by|plus)\s+$")
# An abbreviation defined in brackets after its long form: "(MELAS)", "(MERRF) syndrome".
_DEFINED = re.compile(r"\(\s*([A-Z][A-Za-z0-9-]{1,9})\s*\)")


def defined_abbreviations(text: str) -> list[Condition]:
    """The abbreviations a document defines after the condition they stand for ("Lymphocytic
    colitis (LC)", "chronic granulomatous disease (CGD)"), each as that condition found by its
    capitals alone. The long form is found as Schwartz and Hearst find it (Pac Symp Biocomput
    2003;8:451-62): the abbreviation's letters in order, right to left, the first at a word's
    start; the condition (the hand list's or a code set term) must end that long form. An
    abbreviation the hand list already reads ("AKI") keeps its hand-written meaning, unless
    the document defines it as another condition ("Rathke's cleft cyst (RCC)")."""
    defined: dict[str, Condition] = {}
    for sentence in _SENTENCES.split(text):
        for found in _DEFINED.finditer(sentence):
            short = found.group(1)
            if short in defined or sum(ch.isupper() for ch in short) < 2:
                continue
            hand = [c for c in CONDITIONS if c.pattern.fullmatch(short)]
            lead = sentence[: found.start()].rstrip()
            start = _long_form_start(short, lead)
            if start is None:
                continue
            long_form = lead[start:]
            ends = [
                (a, b, c)
                for c in CONDITIONS
                for m in c.pattern.finditer(long_form)
                for a, b in [m.span()]
            ] + icd_conditions(long_form)
            ends = [x for x in ends if x[1] == len(long_form)]
            if not ends:
                continue
            at, _, named = min(ends, key=lambda x: x[0])  # the longest ending there
            if _JOINED_BEFORE.search(long_form[:at]):
                continue  # "angiomyolipoma with epithelial cysts (AMLEC)": no cyst
            elsewhere = outside_its_organ(long_form[:at], named)
            if elsewhere is None:
                continue
            named = elsewhere  # "extramammary Paget disease (EMPD)" is no breast's disease
            if hand and not _another_condition(named, hand, long_form):
                continue
            pattern = re.compile(rf"(?<![\w-]){re.escape(short)}(?![\w-])")
            defined[short] = Condition(
                named.name, named.code, named.severity, pattern, named.stated_only
            )
    return list(defined.values())


# An abbreviation followed by its long form: "SMA: superior mesenteric artery", "CLL (chronic
# lymphocytic leukemia)", "PID = pelvic inflammatory disease".
_DEFINED_AFTER = re.compile(r"(?<![\w-])([A-Z][A-Za-z0-9-]{1,9})\s*(?:[:=]|\(|,\s+or\b)\s*")


def defined_here(text: str) -> set[str]:
    """The abbreviations a document defines, whatever they stand for: in brackets after a long
    form its letters begin ("superior mesenteric artery (SMA)", as ``defined_abbreviations``
    finds it), or before one after a colon, an equals sign or a bracket ("SMA: superior
    mesenteric artery")."""
    shorts: set[str] = set()
    for sentence in _SENTENCES.split(text):
        for found in _DEFINED.finditer(sentence):
            if _long_form_start(found.group(1), sentence[: found.start()].rstrip()) is not None:
                shorts.add(found.group(1))
        for found in _DEFINED_AFTER.finditer(sentence):
            short = found.group(1)
            words = re.findall(r"[\w'-]+", sentence[found.end() :])[: len(short) + 3]
            spans = (" ".join(words[:n]) for n in range(1, len(words) + 1))
            if any(_long_form_start(short, span) == 0 for span in spans):
                shorts.add(short)
    return shorts


# The code set's "agents as the cause of diseases" (B95-B97): a long form naming the organism
# ("human immunodeficiency virus (HIV)") names the infection the hand list reads.
_AGENT_CODES = ("B95", "B96", "B97")


def _another_condition(named: Condition, hand: list[Condition], long_form: str) -> bool:
    """Whether a document's long form names another condition than the hand list's reading of
    its abbreviation: "dermatomyositis (DM)", "cough-variant asthma (CVA)", "abdominal
    compartment syndrome (ACS)", "Rathke's cleft cyst (RCC)" (MedRBench PMC11558725,
    PMC11561697, PMC11483752, PMC11614853), not "renal cell carcinoma (RCC)"."""
    if named.code.startswith(_AGENT_CODES) or any(c.pattern.search(long_form) for c in hand):
        return False
    return all(named.name != c.name and named.code[:3] != c.code[:3] for c in hand)


def _long_form_start(short: str, lead: str) -> int | None:
    """Where the long form of ``short`` begins in the words before its bracket, or None."""
    letters = [ch.lower() for ch in short if ch.isalnum()]
    words = list(re.finditer(r"\S+", lead))
    if not letters or not words:
        return None
    reach = words[-min(len(letters) + 5, len(letters) * 2) :]
    text = lead[reach[0].start() :].lower()
    at = len(text) - 1
    for number, letter in reversed(list(enumerate(letters))):
        while at >= 0 and (
            text[at] != letter or (number == 0 and at > 0 and text[at - 1].isalnum())
        ):
            at -= 1
        if at < 0:
            return None
        at -= 1
    return reach[0].start() + at + 1


def _without_long_form_words(
    sentence: str, spans: list[tuple[int, int, Condition]]
) -> list[tuple[int, int, Condition]]:
    """A disease named by the abbreviation its long form defines ("mitochondrial myopathy,
    encephalopathy and stroke-like episodes (MELAS)") is that one disease: the conditions the
    long form's words name on their own (a myopathy, an encephalopathy) are not mentions."""
    drop: set[tuple[int, int]] = set()
    for found in _DEFINED.finditer(sentence):
        named = [x for x in spans if x[0] <= found.start(1) and found.end(1) <= x[1]]
        if not named:
            continue
        # The long form: from the first word, among as many before the bracket as the
        # abbreviation has letters (and a few more for "and", "with", "of"), that begins with
        # its first letter ("sepsis with acute kidney injury (AKI)": from "acute").
        words = list(re.finditer(r"[\w'-]+", sentence[: found.start()]))
        reach = words[-(len(found.group(1)) + 3) :]
        initial = found.group(1)[0].lower()
        begin = next((w.start() for w in reach if w.group()[0].lower() == initial), None)
        if begin is None:
            continue
        kept = {n[2] for n in named}
        drop |= {
            (a, b)
            for a, b, c in spans
            if begin <= a
            and b <= found.start()
            and c not in kept
            and not _DEFINED.fullmatch(sentence, a - 1, b + 1)  # "(LC)": another definition's
        }
    return [x for x in spans if (x[0], x[1]) not in drop]


def _without_repeats(
    sentence: str, spans: list[tuple[int, int, Condition]]
) -> list[tuple[int, int, Condition]]:
    """A condition's abbreviation in brackets right after its name ("a monoclonal gammopathy
    of undetermined significance (MGUS)", "acute lymphoblastic leukemia (ALL)", "chronic
    obstructive pulmonary disease (COPD)") is the same mention: read once, where the name
    stands, so that the words before the name ("was also known to have", "had a history of")
    reach it."""
    return [
        (a, b, c)
        for a, b, c in spans
        if not any(
            c2.name == c.name and b2 <= a and re.fullmatch(r"\s*\(\s*", sentence[b2:a])
            for _, b2, c2 in spans
        )
    ]


def _by_sentence(mentions: list[Mention]) -> list[list[Mention]]:
    """The mentions in groups of one sentence each, in the order written."""
    groups: list[list[Mention]] = []
    for mention in mentions:
        if groups and groups[-1][-1].sentence == mention.sentence:
            groups[-1].append(mention)
        else:
            groups.append([mention])
    return groups


def _read_sentence(
    sentence: str, kind: str, facts: NoteFacts, terms: bool = False, previous: str = ""
) -> None:
    """The conditions of one sentence; ``terms``: also the code set's terms where the
    sentence states a diagnosis or the presenting complaint (a document's own words);
    ``previous``: the sentence before it in its block (a tumour's organ told there)."""
    if not sentence:
        return
    # Longest match first, so "chronic renal failure" is CKD, not "renal failure".
    found = sorted(
        # A document's own definition first: its "RCC" is the Rathke's cleft cyst it defined.
        ((m, c) for c in (*facts.defined, *CONDITIONS) for m in c.pattern.finditer(sentence)),
        key=lambda item: (item[0].start() - item[0].end(), item[0].start()),
    )
    spans: list[tuple[int, int, Condition]] = [
        (m.start(), m.end(), c) for m, c in _longest_first(found, [])
    ]
    stating = terms and (
        kind in ("stated", "complaint", "indication")
        or _STATED_INLINE.search(sentence)
        or (kind == "present" and _COMPLAINT.search(sentence))
    )
    code_set_terms = [
        t for t in (icd_conditions(sentence) if terms else []) if not _refused_by_hand(sentence, *t)
    ]
    tissue: set[tuple[int, int]] = set()  # a tumour a tissue examination found, at its organ
    if terms and kind != "imaging":
        # A tumour's type told without its organ, the organ in the specimen or the mass
        # before: read at that organ, in place of the unsited term (tumour_organs.py).
        sited = organ_sited_tumours(
            sentence, previous, code_set_terms, frozenset(facts.named_cancers)
        )
        facts.named_cancers |= _primary_cancers(sentence, code_set_terms + spans)
        code_set_terms = sorted(
            [t for t in code_set_terms if not any(s < t[1] and t[0] < e for s, e, _ in sited)]
            + sited,
            key=lambda t: t[0],
        )
        tissue = {(start, end) for start, end, _ in sited}
    if terms:
        # The code set's longer term wins over the hand list's shorter one inside it
        # ("microangiopathic hemolytic anemia" is D59.4, not "anemia"); else the hand list.
        # Where the sentence states a diagnosis after naming it only ("H Syndrome was
        # diagnosed based on histological ... examination"), the term it states.
        for start, end, condition in code_set_terms:
            inside = [
                x for x in spans if start <= x[0] and x[1] <= end and x[1] - x[0] < end - start
            ]
            crossing = [x for x in spans if x[0] < end and start < x[1] and x not in inside]
            if crossing:
                continue
            # A term that names a critical condition the hand list read inside it more
            # closely is as grave, stated or not ("Tuberculous meningitis leading to stroke: a
            # case report", PMC11543143; "presented with bacterial meningitis"), unless it
            # names it past ("old myocardial infarction").
            critical = any(x[2].severity == "critical" for x in inside) and not _PAST_TERM.search(
                sentence[start:end]
            )
            if critical:
                condition = replace(condition, severity="critical")
            elif (
                not stating
                and (start, end) not in tissue
                and not _STATED_AFTER.match(sentence[end:])
                and not _term_found_by_test(kind, facts, condition, sentence[:start])
                and not _term_operated_on(kind, facts, condition, sentence[:start], sentence[end:])
            ):
                continue
            spans = [x for x in spans if x not in inside] + [(start, end, condition)]
    # A stated name the reader does not know whole ("confirmed the lesion to be an
    # intraosseous lipoma", PMC11460249): read by its head, less surely (head_names.py).
    heads = _stated_heads(sentence, spans) if stating else set()
    spans += sorted(heads, key=lambda x: (x[0], x[1]))  # a set's order is the hash's
    spans = _without_long_form_words(sentence, spans)
    if terms and re.search(_POST_PROCEDURE, sentence):
        # A procedure's complication is known by the code set's terms too, stated or not.
        facts.complications |= {
            c.name
            for start, _, c in code_set_terms
            if _AFTER_PROCEDURE.search(_own_clause(sentence[:start]))
        }
    # An organism a test found ("PCR for CMV was positive"): the infection, proven.
    proven = {(a, b) for a, b, _ in found_organisms(sentence)} if kind != "imaging" else set()
    if proven:
        organisms = [x for x in found_organisms(sentence) if (x[0], x[1]) in proven]
        spans = [x for x in spans if not any(a < x[1] and x[0] < b for a, b in proven)]
        # "A serology test for CMV confirmed acute infection": the infection is the organism's
        # (the code set's "acute infection" is an inclusion term of T80, a transfusion's).
        spans = [x for x in spans if not _BARE_INFECTION.fullmatch(sentence[x[0] : x[1]])]
        spans += organisms
    ordered = _without_repeats(sentence, sorted(spans, key=lambda item: item[0]))
    for start, end, condition in _causes_first(sentence, ordered) if stating else ordered:
        before, after = sentence[:start], sentence[end:]
        if _COURSE_BEFORE.search(before) or _COURSE_AFTER.match(after):
            continue  # "No recurrence of the chylothorax": it was had, neither denied nor new
        if names_a_gene(after):
            continue  # "leucine-rich glioma inactivated 1 protein": a marker, had or denied
        if _relatives(before, after):
            # A relative's condition, had or denied: "There was no apparent family history
            # (parents, child and parent's siblings) of ... lipid storage diseases inducing
            # xanthomas, including CTX" denies nothing of the patient's CTX.
            continue
        if _negated(sentence, start, end, before):
            facts.negated.add(condition.name)
            _revise(facts, condition.name)
            continue
        if re.search(r"(?i)\bnon[-\s]?$", before):
            continue  # "non-diabetic" denies it
        elsewhere = outside_its_organ(before, condition)
        if elsewhere is None:
            continue  # "extrapulmonary tuberculosis": no respiratory one, its organ told elsewhere
        condition = elsewhere  # "extramammary Paget disease": the skin's, not the breast's
        if re.match(r"(?i)-like\b", after):
            continue  # "stroke-like episodes" of MELAS are no stroke
        if (
            condition.stated_only
            and kind != "stated"
            and not (_states(before) or _STATED_AFTER.match(after))
        ):
            continue  # "CTX" for ceftriaxone: the disease only where a diagnosis is stated
        if _is_question(before, after):
            continue  # the question asked ("evaluate for"), not an answer
        considered = bool(_CONSIDERED_FOR_RESULT.match(after))
        if (_DIFFERENTIAL_BEFORE.search(before) or _DIFFERENTIAL_AFTER.match(after)) and not (
            considered
        ):
            continue  # weighed in a differential, not concluded
        verb = mimicked(before)
        if verb is not None and any(e <= verb and c.severity != "symptom" for _, e, c in ordered):
            continue  # "X masquerading as metastatic adenocarcinoma": the look-alike
        # "Suggestive of X" states X with doubt however far X is from it; a lab report's
        # comment ("suggestive of diabetes" beside a reference range) states nothing.
        doubt = _states_with_doubt(before)
        statement = _statement(before)
        if statement is not None and _admits_a_complaint(statement, condition):
            statement = None  # "admitted with dyspnea, fever, ...": the complaint, not a finding
        # A biopsy's finding proves its tumour as a culture proves its infection.
        by_test = (start, end) in proven or (start, end) in tissue
        states = by_test or considered or statement is not None or bool(_STATED_AFTER.match(after))
        treated = statement is not None and bool(_TREATMENT.fullmatch(statement.group()))
        # A test's result is hedged by its own clause only ("No sputum could be obtained for
        # culture, but his test for Legionella antigenuria was positive").
        hedged = (
            doubt
            or considered
            or _is_hedged(_own_clause(before) if by_test else before, after)
            or _provisional(before, statement)
            or (start, end, condition) in heads
        )
        # The case's earlier, working diagnosis ("was initially diagnosed with"): no conclusion.
        earlier = condition.severity != "symptom" and told_as_earlier(_own_clause(before))
        # An organism a test found (a culture grew it, an identification named it) proves its
        # infection as a biopsy proves a disease: a conclusion of the case, which outranks a
        # critical value's disorder (the anaemia, the hyponatraemia of that sepsis).
        concluded = (
            states
            and not hedged
            and not treated
            and not earlier
            and (by_test or _concludes(statement, after))
        )
        found_by_test = (
            kind == "present"
            and facts.file_tells
            and not states
            and not hedged
            and not condition.code.startswith("R")
            and _found_by_test(before)
        )
        complaint = not states and (
            kind == "complaint"
            or (kind == "present" and bool(_PRESENTED.search(_own_clause(before))))
        )
        mention = Mention(
            condition, sentence[:200], hedged, concluded, found_by_test, complaint, earlier
        )
        history = (
            kind == "history"
            or _stated_earlier(before, statement)
            or (states and dated_years_before(after))  # "diagnosed with X (XA) 4 years ago"
            or _told_by_another(before, statement)
            or _history_words(before)
            or bool(_HISTORY_AFTER.match(after))
            or _has_ended(condition, before, after)
            or _in_history_list(before)
            or (condition.severity != "symptom" and not states and _in_known_list(before))
            or _dated_in_the_past(before, facts.present_year)
            or (not states and bool(_COMPLICATION_BEFORE.search(before)))
            or (not states and bool(_AFTER_PROCEDURE.search(_own_clause(before))))
            or condition.name in facts.complications
            or (not states and bool(_COMPLICATED_BY.search(before)))
            or bool(_EARLIER_STAY_BEFORE.search(before) and _EARLIER_STAY_AFTER.match(after))
            or (
                condition.severity == "chronic"
                and (treated or (not states and bool(_PRESENTATION_AFTER.match(after))))
            )
        )
        if not states and _AFTER_PROCEDURE.search(_own_clause(before)):
            facts.complications.add(condition.name)
        if kind == "stated" or (kind == "notes" and states and not history):
            facts.stated.append(mention)  # an assessment may list a symptom as the problem
        elif states and not history and not (doubt and not facts.file_tells):
            # "consistent with X" in a file's running text: stated, after every diagnosis
            # written under a diagnosis or impression heading of any file.
            facts.stated_inline.append(mention)
        elif condition.severity == "symptom" and _in_history_list(before):
            facts.history.append(mention)  # "... with symptoms including muscle weakness"
        elif condition.severity == "symptom":
            if kind in ("notes", "complaint", "present", "indication"):
                facts.current.append(mention)  # a symptom is the complaint, not a diagnosis
        elif kind == "indication":
            # "Indication: positive TB test": the question, not the patient's disease; a
            # finding of chapter R the code set names ("Flank pain") is the complaint.
            if condition.code.startswith("R"):
                facts.current.append(mention)
        elif kind == "imaging":
            pass  # "History: ... AIDS" above a normal study: the impression decides
        elif history:
            facts.history.append(mention)
        elif kind == "notes":
            facts.stated.append(mention)  # the doctor's own summary of the case
        elif kind in ("complaint", "present"):
            facts.current.append(mention)  # affirmed now in the history of the illness
        elif kind != "report":
            facts.history.append(mention)  # named elsewhere: known, not the complaint


def _primary_cancers(sentence: str, read: list[tuple[int, int, Condition]]) -> set[str]:
    """The categories of the primary cancers at a named organ (C00-C75) the sentence names,
    not denied."""
    return {
        c.code[:3]
        for start, end, c in read
        if "C00" <= c.code[:3] < "C76" and not is_negated(sentence, start, end)
    }


def _stated_heads(
    sentence: str, spans: list[tuple[int, int, Condition]]
) -> set[tuple[int, int, Condition]]:
    """The names the sentence's statements state that hold no name the reader knows, read by
    their heads (head_names.py: "diagnosed with intramural ... lipoma" is a lipoma)."""
    heads = set()
    # A head the sentence has named whole already refers back to that name: "Histopathology
    # examination of the aortic aneurysm wall confirmed an infected aneurysm" (JMCR, CUPCase
    # 810) is the aortic aneurysm (I71.9), not an aneurysm of unspecified site.
    named = {_last_word(sentence[s:e]) for s, e, _ in spans}
    for statement in _STATED_INLINE.finditer(sentence):
        read = stated_head(sentence, statement.end())
        if read is None or _last_word(sentence[read[0] : read[1]]) in named:
            continue
        if not any(s < read[1] and read[0] < e for s, e, _ in spans):
            heads.add(read)
    return heads


def _last_word(name: str) -> str:
    """A name's last word, in the singular and lower case (its head)."""
    words = name.lower().split()
    return singular_word(words[-1]) if words else ""


# A term naming a condition of the past ("old myocardial infarction", "chronic pulmonary
# embolism"): no critical condition now.
_PAST_TERM = re.compile(r"(?i)\b(?:old|chronic|healed|previous)\b")


# A disease stated with its cause after it: "She was diagnosed as having adrenal insufficiency
# caused by CLAH", "we made a diagnosis of erythroderma due to X-linked ichthyosis", "a
# diagnosis of hemophagocytic syndrome secondary to an evolving autoimmune disease was made"
# (CaseReportBench; JMCR, CUPCase), "A diagnosis of keratoconjunctivitis due to nocturnal
# lagophthalmos was made" (J Clin Med 2024, PMC11595896). The cause is the disease the case
# is about, the condition before it its manifestation: the cause is named first. Between the
# two only the link and a few words ("an evolving"); a finding of chapter R is no cause.
_CAUSED_BY = re.compile(
    r"(?i)^\s*,?\s*(?:(?:which\s+(?:was|were|is|are)\s+)?(?:due|secondary|attributed|attributable)"
    r"\s+to|caused\s+by|resulting\s+from|as\s+a\s+(?:result|consequence|complication)\s+of)"
    r"\s+(?:[\w'-]+\s+){0,3}$"
)


def _causes_first(
    sentence: str, spans: list[tuple[int, int, Condition]]
) -> list[tuple[int, int, Condition]]:
    """The spans in their order, a condition's stated cause moved before it."""
    ordered = list(spans)
    for cause in spans:
        if cause[2].code.startswith("R"):
            continue
        effects = [
            x for x in ordered if x[1] <= cause[0] and _CAUSED_BY.match(sentence[x[1] : cause[0]])
        ]
        if effects:
            ordered.remove(cause)
            ordered.insert(ordered.index(effects[0]), cause)
    return ordered


# The course of a condition the case already told: "No recurrence of the chylothorax or acute
# events was observed at the six-month follow-up", "the seizures had ceased", "the effusion
# resolved" (Cureus 2024, PMC11446622): the patient had it; it is neither denied (which would
# revise the diagnosis the case made) nor a new finding.
_COURSE_BEFORE = re.compile(
    r"(?i)\b(?:no|without|free\s+of|absence\s+of)\s+(?:further\s+|signs?\s+of\s+|evidence\s+of\s+)?"
    r"(?:recurrence|relapse|recrudescence|reaccumulation|re-?accumulation)s?\s+of\s+"
    r"(?:the\s+|his\s+|her\s+|their\s+)?$"
)
_COURSE_AFTER = re.compile(
    r"(?i)^\s*(?:had|has|have|were|was|gradually|completely|eventually|then|\s)*"
    r"(?:resolved|ceased|subsided|disappeared|abated|remitted)\b"
)


# The close of a list of diagnoses and the verb that excludes them all: ", and sub-acute lupus
# erythematous were excluded". A clause of its own with a test's result (", and bilateral
# inguinal lymph node specimens were negative") is no exclusion of a diagnosis.
_LIST_EXCLUDED = re.compile(
    r"(?i),\s+(?:and|or)\s+[^,;.]{1,80}?\s(?:was|were|are|is|have\s+been|had\s+been)\s+"
    r"(?:all\s+|also\s+|then\s+|subsequently\s+)?(?:excluded|ruled\s+out|eliminated)\b"
)


def _negated(sentence: str, start: int, end: int, before: str) -> bool:
    """NegEx's reading, where a negation does not reach across a comma into a clause that
    states a diagnosis: "Given ... the absence of any other potential sources, the diagnosis of
    dasatinib-induced chylothorax was made" (PMC11446622) states it; "CT findings were not
    consistent with Crohn's disease" (no comma between) still denies it."""
    statement = _statement(before)
    if statement is None:
        return is_negated(sentence, start, end)
    # Nor back from a clause of its own after it: "The final histopathology report showed
    # malignant melanoma with a proximal resected margin, and bilateral inguinal lymph node
    # specimens were negative and tumor-free" (Cureus 2024, PMC11573236).
    own = re.search(r",\s+(?:and|but|while|whereas)\s|;", sentence[end:])
    # Nor back from an action not taken after it: "the diagnosis was revised to acute FM and
    # cardiac catheterization was not performed" (PMC11624525): no disease is performed.
    undone = _NOT_DONE.search(sentence[end:])
    if undone is not None and (own is None or undone.start() < own.start()):
        own = undone
    # Unless the statement names a list as its subject, excluded after its last item: "The
    # diagnoses of a mycological cause, porokeratosis of Mibelli, and sub-acute lupus
    # erythematous were excluded" (CaseReportBench): the ", and" closes the list, and the
    # exclusion denies every item.
    listed = re.fullmatch(r"(?i)diagnos[ie]s\s+of", statement.group()) and _LIST_EXCLUDED.match(
        sentence[end:], own.start() if own else 0
    )
    if own is not None and not listed:
        sentence = sentence[: end + own.start()]
    cut = 0
    comma = before.rfind(", ", 0, statement.start())
    if comma >= 0 and "," not in before[statement.end() :]:
        cut = comma + 2
    verb = _affirming_verb(before, statement)
    if verb is not None and verb > cut:
        cut = verb
    return is_negated(sentence[cut:], start - cut, end - cut)


# The verb that makes a negative result the evidence for a diagnosis: "the negative bone marrow
# biopsy and absence of clonal plasma cells supported our diagnosis of an isolated
# plasmacytoma" (MedRBench PMC11618910), "gout stones ..., which ruled out other diseases and
# supported the diagnosis of gouty shoulder arthritis" (PMC11462664). What was absent is the
# subject of the verb; the diagnosis after it is stated, with or without a comma between. Past
# forms and participles only, so "did not support the diagnosis of" keeps its denial; and not
# "favouring" (a feature's attribute: "no intermingled histological features favoring a
# diagnosis of adenosquamous cell carcinoma", CUPCase 2638, denies it).
_AFFIRMING = re.compile(
    r"(?i)\b(?:supported|supporting|confirmed|confirming|established|establishing|clinched|"
    r"led\s+to|leading\s+to|made|reinforced|corroborated)\s+(?:(?:the|our|a|an|this|their)\s+)?"
    r"(?:(?:final|definitive|definite|clinical|working|presumptive|eventual|pathological|"
    r"histological|histopathological)\s+)?$"
)
# The clause whose subject is itself denied: "No finding supported the diagnosis of X", "none
# of which confirmed a diagnosis of Y" deny it.
_DENIED_SUBJECT = re.compile(
    r"(?i)(?:^|[,;(]\s*|\b(?:which|that|and|but)\s+)(?:no|none|nothing|neither|nor)\b[^,;]*$"
)


def _affirming_verb(before: str, statement: re.Match[str]) -> int | None:
    """Where the verb that affirms the statement begins ("supported our diagnosis of"), if a
    negative result is its subject and not a denied one."""
    verb = _AFFIRMING.search(before, 0, statement.start())
    if verb is None or _DENIED_SUBJECT.search(before, 0, verb.start()):
        return None
    return verb.start()


# A clause of an action not taken ("and cardiac catheterization was not performed"): what is
# not performed, done or documented is a procedure or a record, never a disease, so the
# negation stays in its clause.
_NOT_DONE = re.compile(
    r"(?i)\s(?:and|but)\s[^,;]{0,60}?\b(?:was|were)\s+not\s+(?:performed|done|possible|"
    r"available|documented|required|needed|necessary|indicated|given|started|obtained|"
    r"carried\s+out|pursued|attempted|feasible)\b"
)


# A list of known conditions opened by the patient's history or by what the patient is known
# to have: "The patient had a history of diabetes mellitus (10 years), hypothyroidism,
# hyperlipidemia, hypertension", "was known to have severe aortic stenosis, type 2 diabetes,
# paroxysmal atrial fibrillation, hypertension", "was known to have SLE (diagnosed at the age
# of 27 years) and hypertension" (JMCR, CUPCase): every disease of the list is known, not only
# the first, which _HISTORY's window reaches. Not a presenting complaint's duration ("a 2-day
# history of left leg pain"), and the list ends at a clause of the presentation or a finding.
_KNOWN_LIST = re.compile(
    r"(?i)\b(?:(?:past|prior|previous|known|significant|medical)\s+){0,3}history\s+of\b|"
    r"\b(?:was|were|is|are|been)\s+(?:also\s+)?known\s+(?:to\s+have|for|with)\b|"
    r"\bknown\s+case\s+of\b"
)
# The history of the presenting illness, not the patient's known conditions: a duration
# before it ("a 2-day history of", "a month-long history of", "3 days' history of") or the
# presentation ("presented ... with a history of generalized weakness, lethargy, ...").
_ILLNESS_HISTORY = re.compile(
    r"(?i)(?:\b(?:day|week|month|year|hour)s?['’]?(?:[-\s]long)?\s+"
    r"(?:(?:past|prior|previous|medical)\s+)*|\d\s*)$|"
    r"\b(?:" + PRESENTATION_VERBS + r"|complain\w*)\b"
)
_KNOWN_LIST_END = re.compile(
    r"(?i)\b(?:presents?|presented|presenting|admitted|brought|came|comes|complain\w*|"
    r"developed|develops|revealed|showed|found|now|currently|recently|led|leading|caused|causing|"
    r"resulted|resulting)\b"
)


def _in_known_list(before: str) -> bool:
    """The mention is an item of a list the patient's history or known conditions open, with
    no clause of the presentation between."""
    clause = _own_clause(before)
    lead = list(_KNOWN_LIST.finditer(clause))
    return (
        bool(lead)
        and not _ILLNESS_HISTORY.search(clause[: lead[-1].start()])
        and not _KNOWN_LIST_END.search(clause[lead[-1].end() :])
    )


def _in_history_list(before: str) -> bool:
    """The mention is an item of a list the sentence opens as the history, with no new
    clause of the presentation between ("... history was significant for A, B, and C")."""
    lead = list(_HISTORY_LIST.finditer(before))
    # From the list's opening: "no family history of SCD was admitted ... with symptoms of
    # anemia" (CUPCase 4296) is the presentation, not a known disease's symptoms.
    return bool(lead) and not _CLAUSE.search(before[lead[-1].start() :])


# The duration of the presenting illness before "history of": "presented ... with a 2-week
# history of hematuria", "with 1-month's history of gait disturbance, dementia, and urinary
# incontinence" (JMCR, CUPCase): the complaint, not a known condition. Years are a known
# disease's ("A 47-year-old Caucasian male with a 10-year history of Crohn's disease").
_DURATION_BEFORE = re.compile(r"(?i)\b(?:day|week|month|hour)s?['’]?(?:s\b)?(?:[-\s]long)?\s+$")


def _has_ended(condition: Condition, before: str, after: str) -> bool:
    """The condition's own clause tells it ended (resolved; a pregnancy delivered or
    terminated) or the past perfect tells its treatment ("had undergone X for")."""
    if condition.code.startswith("Z33") and _PREGNANCY_ENDED_AFTER.match(after):
        return True
    return bool(_ENDED_AFTER.match(after) or _TREATED_BEFORE.search(before[-80:]))


def _history_words(before: str) -> bool:
    """The words just before the mention tell it as known ("history of", "known", "chronic"),
    unless "history of" follows the presenting illness's duration."""
    window = before[-40:]
    told = list(_HISTORY.finditer(window))
    if not told:
        return False
    last = told[-1]
    lead = before[: len(before) - len(window) + last.start()]
    return not (last.group().lower().startswith("history") and _DURATION_BEFORE.search(lead))


_PRESENTS = re.compile(
    r"(?i)\b(?:presents?|presented|presenting|admitted|referred|came|brought|visited)\b"
)


def _presentation_year(text: str) -> int | None:
    """The latest year a sentence telling the presentation names ("A 56-year-old man
    presented in 2008 with weakness"), or None where no such sentence names one."""
    years = [
        int(year)
        for sentence in _SENTENCES.split(text)
        if _PRESENTS.search(sentence)
        for year in _YEAR.findall(sentence)
    ]
    return max(years) if years else None


def _dated_in_the_past(before: str, present_year: int | None) -> bool:
    """The words before a mention date it years before the presentation: "Two years ago",
    "ten years earlier", or a year before the one the case presents in ("In 1997, he
    presented with a pathological fracture" in a case presenting in 2008), with nothing
    bringing the telling back to now between ("now", "on admission")."""
    dates = [m.end() for m in _YEARS_AGO.finditer(before)]
    if present_year is not None:
        dates += [m.end() for m in _DATED_YEAR.finditer(before) if int(m[1]) < present_year]
    return bool(dates) and not _NOW.search(before[max(dates) :])


def _revise(facts: NoteFacts, name: str) -> None:
    """A file that states a diagnosis in its prose and denies it further on ("a tentative
    diagnosis of Crohn's disease was made ... CT findings were not consistent with Crohn's
    disease") revised it, as a case report tells how its diagnosis was reached: the earlier
    statement no longer stands. A diagnosis under a heading is not revised by prose."""
    kept = facts.stated_inline[: facts.file_start] + [
        m for m in facts.stated_inline[facts.file_start :] if m.condition.name != name
    ]
    facts.stated_inline[:] = kept


def _relatives(before: str, after: str = "") -> bool:
    """A relative's condition (core.analysis.rules.relatives): a relative's scope reaching it,
    unless a diagnosis is stated after that word ("history of sudden deaths in the family ...,
    diagnosis of long QT syndrome"); a relative the subject of that statement ("The parents'
    first child was diagnosed with steroid-resistant nephrotic syndrome"); or a kin noun after
    it in its clause ("diabetes mellitus in both her mother and sister")."""
    stated = list(_STATED_INLINE.finditer(before))
    if stated and _RELATIVE_SUBJECT.search(before[: stated[-1].start()]):
        return True
    if relatives_after(after):
        return True
    return relatives_before(before[stated[-1].end() :] if stated else before)


# Between "diagnosed with" and the condition it states: no new clause of the presentation.
_CLAUSE = re.compile(r"(?i)\b(?:presents?|presented|admitted|brought|came|comes|complain\w*)\b")


_DOUBTFUL_STATEMENT = re.compile(r"(?i)suggestive|suspicious|concerning|favou?ring")


def _states_with_doubt(before: str) -> bool:
    """The statement before the mention is a doubtful one ("was suggestive of")."""
    stated = list(_STATED_INLINE.finditer(before))
    return _states(before) and bool(_DOUBTFUL_STATEMENT.match(stated[-1].group()))


# The reason for an admission is a diagnosis when it names a disease ("admitted with diabetic
# ketoacidosis"), but a sign or symptom it gives is what the patient came with, as after
# "presented with": "A 37-year-old male was admitted with dyspnea, fever, weight loss, cough,
# sweating, paroxysmal nocturnal dyspnea, exertional dyspnea, orthopnea, and abdominal pain"
# (CaseReportBench; a work-up then found tricuspid endocarditis), "Our patient was admitted
# with seizures and vertigo 4 months after immunotherapy initiation" (JMCR, CUPCase).
_ADMITTED = re.compile(r"(?i)admitted\s+(?:with|for)")


_PRESENTED = re.compile(
    r"(?i)\b(?:" + PRESENTATION_VERBS + r"|brought|complain(?:s|ed|ing)?|c/o)\b"
)


def _admits_a_complaint(statement: re.Match[str], condition: Condition) -> bool:
    """The statement is an admission's reason and the condition a sign or symptom."""
    complaint = condition.severity == "symptom" or (
        condition.code.startswith("R") and condition.severity != "critical"
    )  # "admitted with septic shock" still tells the diagnosis
    return complaint and bool(_ADMITTED.fullmatch(statement.group()))


def _states(before: str) -> bool:
    """The words just before a mention state it as a diagnosis ("diagnosed with X")."""
    return _statement(before) is not None


def _statement(before: str) -> re.Match[str] | None:
    """The statement just before a mention ("diagnosed with", "consistent with"), if any."""
    stated = list(_STATED_INLINE.finditer(before))
    if not stated:
        return None
    gap = before[stated[-1].end() :]
    if _SUBJECT_STATEMENT.fullmatch(stated[-1].group()) and _SUBJECT_GAP.search(gap):
        return None  # "a case of a 45-year-old woman with diabetes": her background
    return stated[-1] if len(gap) <= 80 and not _CLAUSE.search(gap) else None


_CONCLUDING = re.compile(
    r"(?i)diagnos|confirm|conclu|treated\s+as|biops|histolog|histopatholog|cytolog|"
    r"indicat(?!ive)|pointed|"
    r"revised|changed|amended|corrected"
)


def _concludes(statement: re.Match[str] | None, after: str) -> bool:
    """The statement is a conclusion ("diagnosed with", "diagnosis of", "confirmed", "X was
    confirmed"), not a resemblance ("consistent with") nor a reason for admission."""
    if statement is not None and (
        _CONCLUDING.search(statement.group()) or _SEEN_AT_OPERATION.search(statement.group())
    ):
        return True
    return bool(_STATED_AFTER.match(after))


def _is_question(before: str, after: str) -> bool:
    """ "Evaluate for pulmonary embolism", "renal stone protocol": asked, not found."""
    purposes = list(_PURPOSE.finditer(before))
    asked = bool(purposes) and not _RESULT_CLAUSE.search(before[purposes[-1].end() :])
    return bool(_QUESTION_BEFORE.search(before) or _QUESTION_AFTER.match(after) or asked)


# A statement the case calls provisional, however far its disease is from the word: "the
# following preliminary diagnoses were made: (1) septic shock, and (2) thrombocytopenia",
# "A provisional diagnosis of non-bacterial chronic recurrent multifocal osteomyelitis (CRMO)
# was given", "The newborn was initially diagnosed with respiratory distress syndrome
# secondary to prematurity", "She initially presented with fevers, cough, and a runny nose,
# which were treated as pharyngitis" (JMCR case presentations, CUPCase; Cureus 2024,
# PMC11539092): the working diagnosis a case report later revises, said with doubt so that
# the case's final one leads. Only in the statement's own clause, with no later turn between.
_PROVISIONAL = re.compile(
    r"(?i)\b(?:initial(?:ly)?|preliminary|provisional(?:ly)?|presumptive(?:ly)?|presumed|"
    r"working|pre-?operative(?:ly)?|tentative(?:ly)?|at\s+first|"
    # A treatment of the symptoms or a guess is a working diagnosis too: "he was
    # symptomatically treated as Acute gastroenteritis and dyspepsia later diagnosed with
    # acute appendicitis" (MedRBench PMC11437740), "empirically treated for pneumonia".
    r"symptomatic(?:ally)?|empiric(?:al(?:ly)?)?)\b"
)
_LATER_TURN = re.compile(rf"(?i)\b(?:{LATER_WORDS})\b")


# A statement of what the patient was diagnosed with before the case's telling: "He had
# previously been diagnosed with diabetes and hypertension, which were controlled by oral
# medications", "our patient had also been diagnosed with fibromyalgia" (JMCR case
# presentations, CUPCase): known, however many conditions the statement lists. The present
# perfect ("Both ... have been diagnosed with X-linked hypophosphatemia") is the case's own.
_EARLIER_STATEMENT = re.compile(
    r"(?i)\b(?:had|having)\s+(?:(?:previously|already|earlier|also|once)\s+)?been\s+"
    r"(?:(?:previously|already|earlier)\s+)?$"
)


def _stated_earlier(before: str, statement: re.Match[str] | None) -> bool:
    """The statement before the mention tells a diagnosis made before the case ("had
    previously been diagnosed with")."""
    return statement is not None and bool(
        _EARLIER_STATEMENT.search(_own_clause(before[: statement.start()]))
    )


def _told_by_another(before: str, statement: re.Match[str] | None) -> bool:
    """A relative tells of the diagnosis ("According to the mother, he was diagnosed with")."""
    return (
        statement is not None
        and "diagnos" in statement.group().lower()
        and told_by_another(before[: statement.start()])
    )


# A test's result naming a condition in a case's telling: "A contrast-enhanced computed
# tomography scan revealed an abdominal aortic aneurysm", "Her plain X-ray ... showed a
# transverse fracture of the third sacral vertebra", "An electrocardiogram showed atrial
# fibrillation" (JMCR case presentations, CUPCase). The test comes first in the mention's own
# clause, its verb at most 80 characters before the condition.
_TEST = (
    r"(?:ct|cta|mri|mra|pet(?:-ct)?|computed\s+tomograph\w*|magnetic\s+resonance(?:\s+\w+)?|"
    r"x-?rays?|radiograph\w*|ultrasound|ultrasonograph\w*|sonograph\w*|echocardiogra\w*|"
    r"electrocardiogra\w*|ecg|ekg|eeg|electroencephalogra\w*|electromyogra\w*|endoscop\w*|"
    r"colonoscop\w*|gastroscop\w*|bronchoscop\w*|cystoscop\w*|angiogra\w*|mammogra\w*|"
    r"scans?|imaging|tomograph\w*|doppler)"
)
_TEST_RESULT = re.compile(
    r"(?i)\b" + _TEST + r"\b[^.;]{0,100}?\b(?:showed|shows|showing|revealed|reveals|revealing|"
    r"demonstrated|demonstrates|demonstrating|identified|detected|disclosed|indicated)\b"
    r"(?P<gap>[^.;]{0,80})$"
)


def _found_by_test(before: str) -> bool:
    """A test's result names the mention, with no new clause of the presentation between."""
    if _in_a_legend(before):
        return True
    result = _TEST_RESULT.search(_own_clause(before))
    return result is not None and not _CLAUSE.search(result.group("gap"))


# A figure's legend: the authors' label of what an image of the case shows, as a radiologist's
# or a pathologist's result names it. Journals print the legend inside the case presentation
# as the web page shows it ("Figure 3 Jejunal mucosa infiltrated by multiple myeloma.", JMCR,
# CUPCase row 5006; "Fig. 3 Clinical status of the lower leg at the 19-year follow-up
# examination. Medial and lateral views (left), and radiograph showing tibiocalcaneal
# pseudarthrosis (right).", row 2911; "The figure shows the presence of pancreatic tissue ...
# and a muscular layer of Meckel's diverticulum", row 2614), and CUPCase's presentations, which
# withhold the diagnosis in their prose, often leave it there. The legend is the sentence that
# opens with the figure's label ("Fig. 2", "Figure 1", "Figs. 3 and 4", "The figure shows");
# a reference inside a sentence ("as shown in Figure 2", "(Fig. 3)") is none, and the
# legend's own words still deny ("no evidence of"), hedge or weigh a differential as any
# sentence's do. The page prints "Full size image" after each legend, with no full stop
# between it and the prose that follows ("... from the internal mammary and epigastric
# arteries Full size image Laboratory investigations for preeclampsia during her pregnancy
# revealed ...", row 1300): past it the words are the presentation's again. A follow-up
# study's legend ("Three-month follow-up chest computed tomography (CT) scan: complete
# thrombosis of the aneurysm", row 4426) names what the treatment left, as a follow-up study's
# result does (_NO_WORK_UP_FINDING).
_LEGEND = re.compile(r"(?i)^\s*(?:the\s+)?fig(?:ure)?s?\b\.?(?:\s*\d+[a-z]?\b|\s+shows?\b)")
_LEGEND_END = re.compile(r"(?i)\bfull\s+size\s+(?:image|table)\b")


def _in_a_legend(before: str) -> bool:
    """The mention's sentence is a figure's legend: the words before it open with the label,
    and the legend has not ended before the mention."""
    return bool(
        _LEGEND.match(before)
        and not _LEGEND_END.search(before)
        and not _NO_WORK_UP_FINDING.search(before)
    )


# A study that found nothing ("neither transabdominal nor transvaginal obstetric ultrasound
# revealed signs of uterine or tubal pregnancy", PMC11648800) or that followed the treatment ("The
# follow-up angio-CT revealed postsurgical changes, including the replacement of the aortic root",
# PMC11609549): what its result names is no finding of the case's work-up.
_NO_WORK_UP_FINDING = re.compile(r"(?i)\b(?:neither|nor|follow[-\s]?up|repeat(?:ed)?|control)\b")


def _term_found_by_test(kind: str, facts: NoteFacts, condition: Condition, before: str) -> bool:
    """A code-set term a test's result names in a case's telling: "Postoperative CT revealed
    exacerbated hydrocephalus, likely from VP shunt occlusion" (MedRBench PMC11333776, whose
    case named nothing else). The hand list's conditions are read there as found now
    (``Mention.found``); a term of the code set is too, never a finding of chapter R (a sign
    a test shows is no disease it found), nor a follow-up study's or one that found nothing."""
    if kind != "present" or not facts.file_tells or condition.code.startswith("R"):
        return False
    if _in_a_legend(before):
        return not condition.code.startswith("Z")  # an image shows no status or encounter
    clause = _own_clause(before)
    result = _TEST_RESULT.search(clause)
    return (
        result is not None
        and not _CLAUSE.search(result.group("gap"))
        and not _NO_WORK_UP_FINDING.search(clause[: result.start("gap")])
    )


# The condition an operation of the case treats, named as its object: "The patient underwent
# laparoscopic left diaphragmatic hernia repair with mesh hernioplasty" (MedRBench PMC11445712,
# whose case named the hernia nowhere else but in an X-ray's "herniation of bowel loops").
_OPERATED_BEFORE = re.compile(
    r"(?i)\b(?:excision|resection|removal|repair|enucleation|marsupiali[sz]ation|drainage)\s+of\s+"
    r"(?:the\s+|a\s+|an\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,3}$"
)
_OPERATED_AFTER = re.compile(r"(?i)^\s*(?:repair|excision|resection|removal|enucleation)\b")


def _term_operated_on(
    kind: str, facts: NoteFacts, condition: Condition, before: str, after: str
) -> bool:
    """A code-set term named as the object of an operation in a case's telling ("excision of
    the X", "X repair"): told now, as the hand list's conditions are; an operation of the past
    ("a past surgical history of an inguinal hernia repair several years prior") is history by
    the words around it, as any mention is."""
    if kind != "present" or not facts.file_tells or condition.code.startswith("R"):
        return False
    return bool(_OPERATED_BEFORE.search(_own_clause(before)) or _OPERATED_AFTER.match(after))


def _provisional(before: str, statement: re.Match[str] | None) -> bool:
    """The statement before the mention is qualified as provisional in its own clause."""
    if statement is None:
        return False
    lead = _own_clause(before[: statement.end()])
    window = lead[-(statement.end() - statement.start() + 80) :]
    qualifiers = list(_PROVISIONAL.finditer(window))
    return bool(qualifiers) and not _LATER_TURN.search(window[qualifiers[-1].end() :])


def _is_hedged(before: str, after: str) -> bool:
    """ "May represent", "cannot be excluded", "possible", "versus": said with doubt."""
    return bool(_HEDGE_BEFORE.search(before[-60:]) or _HEDGE_AFTER.match(after))


def _longest_first(
    found: list[tuple[re.Match[str], Condition]], taken: list[tuple[int, int]]
) -> list[tuple[re.Match[str], Condition]]:
    kept = []
    for match, condition in found:
        if any(s < match.end() and match.start() < e for s, e in taken):
            continue
        taken.append((match.start(), match.end()))
        kept.append((match, condition))
    return kept


def _blocks(text: str) -> list[str]:
    """The text cut where a heading starts, each block beginning with its heading."""
    starts = [m.start() for m in _HEADING.finditer(text)]
    if not starts or starts[0] != 0:
        starts = [0, *starts]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def _unique(mentions: list[Mention]) -> list[Mention]:
    """Each condition once, where it was first named; worded firmly if it ever was."""
    kept: dict[str, Mention] = {}
    for mention in mentions:
        first = kept.get(mention.condition.name)
        firmer = (
            first is not None
            and not mention.hedged
            and (
                first.hedged
                or (first.earlier and not mention.earlier)
                or (mention.concluded and not first.concluded)
                or (mention.found and not first.found)
            )
        )
        if first is None or firmer:
            kept[mention.condition.name] = mention
    order = list(dict.fromkeys(m.condition.name for m in mentions))
    return [kept[name] for name in order]


def is_narrative(text: str) -> bool:
    """A case told in running prose (a case report's case section): long lines of prose and
    at most one heading."""
    return len(_HEADING.findall(text)) <= 1 and is_note_like(text)


def is_imaging_report(text: str) -> bool:
    """A radiologist's report: an impression heading, with a findings heading or the exam
    named at the top (or the impression alone, as report datasets publish it), and no
    section of a clinical note (HPI, examination, assessment)."""
    return (
        bool(_IMPRESSION_HEADING.search(text))
        and bool(
            _FINDINGS_HEADING.search(text)
            or _IMAGING.search(text[:400])
            or _IMPRESSION_HEADING.match(text.lstrip())
        )
        and not _CLINICAL_NOTE_HEADING.search(text)
    )


def is_note_like(text: str) -> bool:
    """A lab file that reads like a doctor's note: prose sections, not a table of results."""
    headings = len(_HEADING.findall(text))
    lines = [line for line in text.splitlines() if line.strip()]
    prose = sum(1 for line in lines if len(line) > 90 and line.count(" ") > 12)
    return headings >= 2 or (bool(lines) and prose / len(lines) > 0.3)
