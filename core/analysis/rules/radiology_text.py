"""A radiology report as datasets publish it, given back with its section headings.

Report collections publish a report as its text alone: a CSV row with "findings" and
"impression" columns, the labels run into one line ("Findings: ... Impression: ..."), or
the findings and the impression with no label at all (the impression last, or as a numbered
list after the findings). Read as they are, such texts have no impression heading, so the
first condition the findings name (a resolved effusion, a granuloma) became the diagnosis,
as in a lab report's comments. Here each form is given its headings back, so that the notes
reader treats it as a radiologist's report: the impression decides (issue #29).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

# A dataset's columns that carry the report's sections, in the order a report gives them.
_COLUMNS = ("indication", "comparison", "findings", "impression")
# A label run into the text after a sentence ("... clear. Impression: No acute disease."),
# or in capitals anywhere ("FINDINGS: ... IMPRESSION: ...").
_INLINE_LABEL = re.compile(
    r"(?:(?<=[.!?])|(?<=[.!?][\"')]))[ \t]+"
    r"(?=(?i:findings|impressions?|indications?|comparisons?|technique)\s*:)|"
    r"(?<=\S)[ \t]+(?=(?:FINDINGS|IMPRESSIONS?|INDICATIONS?|COMPARISONS?|TECHNIQUE)\s*:)"
)
_IMPRESSION_LABEL = re.compile(r"(?i)\bimpressions?\s*:")
_ANY_LABEL = re.compile(r"(?im)^[ \t]*[A-Za-z][A-Za-z /&]{1,40}:")
_FINDINGS_LABEL = re.compile(r"(?im)^[ \t]*findings\s*:[ \t]*")
# What a chest or body imaging report describes: two of these, distinct, make the text one.
_IMAGING_WORDS = re.compile(
    r"(?i)\b(?:lungs?|pleural|pneumothorax|cardiomediastinal|mediastin\w*|silhouette|hil(?:ar|um)|"
    r"consolidation|opacit(?:y|ies)|airspace|atelectasis|effusions?|heart\s+size|"
    r"cardiac\s+(?:size|silhouette|contours?)|osseous|bony|costophrenic|hemidiaphragms?|"
    r"pulmonary\s+vascularity|radiograph\w*|x-?ray|interstitial|granulomas?|cardiomegaly|"
    r"hyperexpan\w*|hyperinflat\w*|lingula)\b"
)
# A lab result's number with its unit: a text holding these is a lab report, not imaging.
_LAB_VALUE = re.compile(
    r"(?i)\b\d+(?:\.\d+)?\s*(?:mg/dl|mmol/l|g/dl|u/l|iu/l|meq/l|%|x\s*10|/ul|/mm3|ng/ml|pg/ml)"
)
_NUMBERED = re.compile(r"(?:^|(?<=[.!?])\s+)1\.\s+(?=[A-Z])")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")
# A text of at most this many sentences is an impression published alone (a dataset's
# impression column, an article's example report), not findings followed by an impression.
_IMPRESSION_ALONE = 3
# A story of a patient (a case report's case section), not the description of a study.
_STORY = re.compile(
    r"(?i)\b(?:year-old|years?\s+old|presented|presents|admitted|complain\w*|history\s+of|"
    r"was\s+treated|underwent|diagnosed)\b"
)
_LONGEST = 3000  # characters: a report's text, not a case report's narrative


def with_sections(text: str) -> str:
    """The text with its radiology headings given back, or unchanged when it is not a
    report's text in one of the published forms."""
    rows = _csv_rows(text) or _json_rows(text)
    if rows:
        return "\n\n".join(rows)
    if _IMPRESSION_LABEL.search(text):
        return _INLINE_LABEL.sub("\n", text)
    if _ANY_LABEL.search(text):
        label = _FINDINGS_LABEL.search(text)
        if label and _is_bare_report(text):
            # A report published without its impression ("findings: ... mild cardiomegaly.
            # dictating"): the findings are all the radiologist wrote, so they decide.
            return f"{text[: label.start()]}Impression:\n{text[label.end() :].lstrip()}"
        return text
    if _is_bare_report(text):
        findings, impression = _split_bare(text)
        head = f"Findings:\n{findings}\n\n" if findings else ""
        return f"{head}Impression:\n{impression}\n"
    return text


def _csv_rows(text: str) -> list[str]:
    """A CSV (or tab-separated) file whose header names the findings and the impression:
    each row as a report with its sections, the other columns (ids, image names, a dataset's
    labels) left out."""
    first = text.lstrip().split("\n", 1)[0]
    delimiter = "\t" if first.count("\t") > first.count(",") else ","
    names = [c.strip().strip('"').lower() for c in first.split(delimiter)]
    if "impression" not in names or "findings" not in names:
        return []
    rows = csv.DictReader(io.StringIO(text.lstrip()), delimiter=delimiter)
    return [r for r in (_report(row) for row in rows) if r]


def _json_rows(text: str) -> list[str]:
    """A report dataset's record in JSON ({"findings": ..., "impression": ...}), or a list
    of them, as its report."""
    if not text.lstrip().startswith(("{", "[")):
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    records = data if isinstance(data, list) else [data]
    return [r for r in (_report(x) for x in records if isinstance(x, dict)) if r]


def _report(record: dict[Any, Any]) -> str:
    """One record's report sections; its findings are its impression when it has none (the
    findings then are all the radiologist wrote)."""
    parts = {str(k or "").strip().lower(): str(v or "").strip() for k, v in record.items()}
    if "impression" not in parts and "findings" not in parts:
        return ""
    kept = {
        name: parts[name]
        for name in _COLUMNS
        if parts.get(name) and parts[name].lower() not in ("none", "none.", "nan", "n/a")
    }
    if "impression" not in kept and "findings" in kept:
        kept["impression"] = kept.pop("findings")
    return "\n\n".join(f"{name.capitalize()}:\n{value}" for name, value in kept.items())


def _is_bare_report(text: str) -> bool:
    """A short text with no heading, describing an imaging study, without lab values."""
    if len(text) > _LONGEST or _LAB_VALUE.search(text) or _STORY.search(text):
        return False
    words = {m.group().lower() for m in _IMAGING_WORDS.finditer(text)}
    return len(words) >= 2


def _split_bare(text: str) -> tuple[str, str]:
    """The findings and the impression of a report given without labels. A numbered list
    from the first line ("1. Stable mild cardiomegaly. 2. Hyperexpanded but clear lungs.") or
    a paragraph of a few sentences is an impression given alone: all of it. Otherwise the
    last paragraph when there are several; in one paragraph, the numbered list that closes it
    ("1. Left PICC tip ... 2. Mild pulmonary vascular congestion"), else its last sentence."""
    whole = text.strip()
    if _NUMBERED.match(whole):
        return "", whole
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n|\n", whole) if p.strip()]
    if len(paragraphs) > 1:
        return "\n".join(paragraphs[:-1]), paragraphs[-1]
    only = paragraphs[0] if paragraphs else ""
    numbered = _NUMBERED.search(only)
    if numbered and numbered.start() > 0:
        return only[: numbered.start()].strip(), only[numbered.start() :].strip()
    sentences = _SENTENCE_END.split(only)
    if len(sentences) > _IMPRESSION_ALONE:
        return " ".join(sentences[:-1]), sentences[-1]
    return "", only
