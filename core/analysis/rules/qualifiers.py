"""A disease named with the organ it lies outside of: "extramammary Paget disease".

Some names carry an organ in their code: the code set gives "Paget's disease" the breast
(C50), "Ewing sarcoma" bone (C41), "tuberculosis" the lungs (A15.9, its default), a
cholangiocarcinoma the liver (C22.1), a pregnancy the uterus. The qualifier "extra-<organ>"
says the disease is outside that organ, so the plain name's code is wrong there: the ICD-10-CM
index sends "Paget's disease, extramammary" to the skin's neoplasm, "Pregnancy, extrauterine" to
ectopic pregnancy; an extraskeletal Ewing sarcoma is a soft tissue sarcoma, an extrahepatic
cholangiocarcinoma a carcinoma of the extrahepatic bile duct. An extrapulmonary tuberculosis is
no respiratory one and has no code without its organ (the case names it elsewhere).

In MedRBench's 957 pool reports (issue #29, reader-dx19): "Invasive acantholytic anaplastic
extramammary Paget disease" (PMC11460466), "extraskeletal Ewing sarcoma" (3 reports),
"extrapulmonary tuberculosis" or "extra-pulmonary TB" (19), "extrahepatic cholangiocarcinoma"
(1), "extrauterine pregnancy" (3).
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.analysis.rules.conditions import Condition

# The qualifier just before the name: "extramammary ", "extra-pulmonary ".
_OUTSIDE = re.compile(r"(?i)\bextra-?(mammary|pulmonary|hepatic|skeletal|osseous|uterine)\s+$")

# For the organ the qualifier excludes: the codes that place the disease in it, and the code
# (with its code-set description) of the same disease outside it, or None where the code set
# has none without the organ the case names elsewhere.
_ELSEWHERE: dict[str, tuple[tuple[str, ...], tuple[str, str] | None]] = {
    "mammary": (("C50",), ("C44.9", "Other and unspecified malignant neoplasm of skin")),
    "skeletal": (("C40", "C41"), ("C49.9", "Malignant neoplasm of connective and soft tissue")),
    "osseous": (("C40", "C41"), ("C49.9", "Malignant neoplasm of connective and soft tissue")),
    "hepatic": (("C22.1",), ("C24.0", "Malignant neoplasm of extrahepatic bile duct")),
    "uterine": (("Z33", "O09", "Z34"), ("O00.9", "Ectopic pregnancy")),
    "pulmonary": (("A15",), None),
}


def outside_its_organ(before: str, condition: Condition) -> Condition | None:
    """The condition a name means where the words before it place it outside the organ its
    code names: the same disease elsewhere, or None (no reading); the condition unchanged
    where no such qualifier stands before it."""
    qualifier = _OUTSIDE.search(before)
    if qualifier is None:
        return condition
    codes, elsewhere = _ELSEWHERE[qualifier.group(1).lower()]
    if not condition.code.startswith(codes):
        return condition
    if elsewhere is None:
        return None
    code, name = elsewhere
    return replace(condition, name=name, code=code)
