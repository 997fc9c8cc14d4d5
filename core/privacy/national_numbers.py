"""National identity and health numbers, labelled or not.

Presidio's pattern recognisers check each candidate's check digit (NHS number modulus 11,
Canadian SIN Luhn, Australian Medicare, Aadhaar Verhoeff), which is what lets a bare
"2123 45670 1" go without every grouped number going with it. They are called directly,
without Presidio's analyzer engine, so no spaCy model is ever loaded.

US social security numbers are ours: Presidio deliberately rejects the published sample
numbers ("123-45-6789") and mixed separators, and before a model call an SSN-shaped
number is better gone whether or not it was ever issued. So is any run of nine or more
digits: no lab result is written that way, and record numbers, unseparated SSNs and
NHS numbers are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from core.privacy.findings import Finding, spans

_SSN = re.compile(r"(?<![\w.-])\d{3}(?P<sep>[\s.-])\d{2}(?P=sep)\d{4}(?![\w-]|\.\d)")
# A National Insurance number's shape is ours too: Presidio's leaves out the prefixes
# HMRC never issues, which are the ones examples (and test records) use.
_NATIONAL_INSURANCE = re.compile(r"(?<!\w)[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D](?!\w)")
_LONG_NUMBER = re.compile(r"(?<![\w.,])\d{9,}(?![\w]|[.,]\d)")


def national_numbers(text: str) -> Iterator[Finding]:
    """Every national identity or health number in ``text``."""
    yield from spans(_SSN, text)
    yield from spans(_NATIONAL_INSURANCE, text)
    yield from spans(_LONG_NUMBER, text)
    for recogniser in _recognisers():
        for result in recogniser.analyze(text, recogniser.supported_entities, None):
            yield Finding(result.start, result.end)


@cache
def _recognisers() -> tuple[Any, ...]:
    # Imported on first use: Presidio imports spaCy (about two seconds), which the app
    # need not pay until a case is analysed.
    from presidio_analyzer.predefined_recognizers import (
        AuMedicareRecognizer,
        CaSinRecognizer,
        InAadhaarRecognizer,
        NhsRecognizer,
    )

    return (
        NhsRecognizer(),
        CaSinRecognizer(),
        AuMedicareRecognizer(),
        InAadhaarRecognizer(),
    )
