"""ICD-10-CM check for every diagnosis code an engine writes (simple-icd-10-cm's code set).

What counts as valid: any code that exists in the ICD-10-CM tabular list as a category
("E11") or subcategory ("E11.9", "S72.001A"). A category is a real ICD-10-CM code, so
it is valid here, but it is not billable; ``is_billable`` tells the two apart so a page
can ask the doctor for a more specific code. Chapters ("4") and blocks ("E08-E13") are
headings, not codes, and are invalid. An invalid code is flagged, never replaced: the
engine's code stays as written so the doctor sees what was suggested.
"""

from __future__ import annotations

import re
import threading
import warnings
from functools import cache
from types import ModuleType

from core.insights import PrimaryDiagnosis

_SHAPE = re.compile(r"^[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$")


# The code set is loaded by one thread at a time: the package fills its list of every code
# lazily, on the first call that needs it, without a lock, so two threads asking at once
# (the summary and the diagnosis are written side by side) could see a half-filled list.
_LOADING = threading.Lock()


@cache
def _code_set() -> ModuleType:
    # Imported on first use: loading the code set takes about two seconds. The package
    # still uses importlib.resources.read_text, deprecated; that warning is theirs, not ours.
    with _LOADING:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            import simple_icd_10_cm

        simple_icd_10_cm.get_all_codes()  # the list of every code, filled whole, now
    module: ModuleType = simple_icd_10_cm
    return module


def code_set() -> ModuleType:
    """The ICD-10-CM code set (simple-icd-10-cm), loaded on first use."""
    return _code_set()


def load_in_background() -> threading.Thread:
    """Load the code set now, off the caller's thread, so no analysis waits for it."""
    loader = threading.Thread(target=_code_set, name="medcase-icd10-load", daemon=True)
    loader.start()
    return loader


def normalize_icd10(code: str) -> str:
    """The code in its usual form: upper case, no spaces, dot after the third character."""
    compact = re.sub(r"[\s.]", "", str(code or "")).upper()
    return f"{compact[:3]}.{compact[3:]}" if len(compact) > 3 else compact


def check_icd10(code: str) -> tuple[bool, str | None]:
    """(valid, official description) for an ICD-10-CM code, with or without its dot."""
    dotted = normalize_icd10(code)
    if not _SHAPE.match(dotted):
        return False, None
    icd = _code_set()
    if not icd.is_valid_item(dotted) or not icd.is_category_or_subcategory(dotted):
        return False, None
    return True, icd.get_description(dotted)


def is_billable(code: str) -> bool:
    """True for a valid code with no more specific codes below it."""
    valid, _ = check_icd10(code)
    return valid and _code_set().is_leaf(normalize_icd10(code))


def annotate_diagnosis(diagnosis: PrimaryDiagnosis) -> PrimaryDiagnosis:
    """A copy with icd_code_valid and the official description; an invalid code stays as is.

    An empty code is an abstention ("Not determined"), not an invalid code: left unchecked."""
    if not diagnosis.icd_code.strip():
        return diagnosis.model_copy(update={"icd_code_valid": None, "icd_description": None})
    valid, description = check_icd10(diagnosis.icd_code)
    update: dict[str, object] = {"icd_code_valid": valid, "icd_description": description}
    if valid:
        update["icd_code"] = normalize_icd10(diagnosis.icd_code)  # same code, usual spelling
    return diagnosis.model_copy(update=update)


def chapter(code: str) -> str | None:
    """The ICD-10-CM chapter ("3") a valid code belongs to; None for an invalid code."""
    valid, _ = check_icd10(code)
    if not valid:
        return None
    ancestors: list[str] = _code_set().get_ancestors(normalize_icd10(code))
    return ancestors[-1] if ancestors else None
