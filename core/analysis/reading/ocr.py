"""Text read off a scanned page by OCR, for the offline engine and the grounding check.

RapidOCR runs the PP-OCR models that its wheel carries (detection, line orientation,
recognition) on onnxruntime: nothing is downloaded at run time, so a clinic without
internet reads scanned pages too. It runs only in the reading child (reading.isolation),
under the file's time limit and memory cap; the forkserver imports this module once, and
each child builds the engine at its first page and keeps it for the file's other pages.

The boxes come back in no useful order; they are put back into the page's lines by their
height on the page, so that a table row ("Haemoglobin  9.10 [L]  gm/dl  13.0-17.0") stays
one line, as the lab parser reads a printed report.
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy

from core.insights import LabValue, OcrLine

if TYPE_CHECKING:  # imported by the forkserver (reading.isolation), not the web process
    from rapidocr import RapidOCR

# One onnxruntime thread: the reading children run side by side (ReadingLimits.processes)
# on a server whose own threads must stay responsive. One line recognised at a time: six
# at once (the default) took the child past 900 MB of address space on an A4 page.
_ENGINE_PARAMS = {
    "Global.log_level": "warning",
    "EngineConfig.onnxruntime.intra_op_num_threads": 1,
    "EngineConfig.onnxruntime.inter_op_num_threads": 1,
    "Rec.rec_batch_num": 1,
}
# Two boxes sit on one line when their centres are less apart, vertically, than this
# share of the line's height (a scan tilted by a degree drifts ~14 px across a page).
_SAME_LINE = 0.5
# A page with fewer letters and digits than this has no text OCR can read: a picture's
# shapes come back as "0" or "O" on their own.
_MIN_CHARACTERS = 10
# Rows are matched against the last few lines only: a box belongs near where it stands.
_LINES_LOOKED_BACK = 3
# A column's left edges lie within this many line heights of each other; a page
# needs this many row names in one column for its rows to be built along them.
_COLUMN_ALIGNMENT = 1.5
_MIN_ROWS = 4
# A number OCR read with less confidence than this is shown (marked "read by OCR", with its
# confidence) but never raises a critical alarm: a misread digit ("7.1" for "2.1") must not
# telephone anyone. Clean print reads at 0.95 and over; smudged or tilted cells fall below.
ALARM_CONFIDENCE = 0.9


@dataclass(frozen=True)
class TextBox:
    """One piece of text OCR found: what it says, how sure it is, where it stands."""

    text: str
    confidence: float
    left: float
    top: float
    right: float
    bottom: float

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def height(self) -> float:
        return max(1.0, self.bottom - self.top)


@functools.cache
def _engine() -> RapidOCR:
    """The OCR engine, built once per process (its models load at the first page)."""
    from rapidocr import RapidOCR  # seconds to import: readers only

    return RapidOCR(params=_ENGINE_PARAMS)


def read_page(image: numpy.typing.NDArray[numpy.uint8], page: int) -> list[OcrLine]:
    """The lines of one scanned page (a greyscale or RGB image), top to bottom; none when
    OCR found hardly any text on it."""
    found = _engine()(image)
    # A page without text gives None in each (and the boxes are an array when present).
    points_found = getattr(found, "boxes", None)
    boxes = [
        _text_box(points, str(text), float(score))
        for points, text, score in zip(
            () if points_found is None else points_found,
            getattr(found, "txts", None) or (),
            getattr(found, "scores", None) or (),
            strict=False,
        )
        if str(text).strip()
    ]
    if sum(character.isalnum() for box in boxes for character in box.text) < _MIN_CHARACTERS:
        return []
    return [
        OcrLine(
            page=page,
            text="  ".join(box.text.strip() for box in row),
            confidence=round(min(box.confidence for box in row), 3),
        )
        for row in lines_of(boxes)
    ]


def _text_box(points: Sequence[Sequence[float]], text: str, score: float) -> TextBox:
    xs = [float(point[0]) for point in points]
    ys = [float(point[1]) for point in points]
    return TextBox(text, score, min(xs), min(ys), max(xs), max(ys))


def lines_of(boxes: Sequence[TextBox]) -> list[list[TextBox]]:
    """The boxes grouped into the page's lines, top to bottom, each left to right.

    A photographed page is tilted and curved: a row's cells drift up or down across it, by
    more than half a row at the foot of a table. So the rows are first built along the page's
    column of row names (the left-aligned column with the most boxes): each other column is
    followed down the page, its boxes joined to the row name nearest where the drift
    measured on the rows above puts them. The boxes left over (titles, a signature block,
    a page with no such column) are grouped by their height on the page: a box joins a
    line when its centre is within half a line's height of the centre of the line's box
    nearest to it across the page, so a slightly tilted row stays one line.
    """
    if not boxes:
        return []
    usual = statistics.median(box.height for box in boxes)
    rows, left_over = _rows_along_names(boxes, usual)
    lines = [*rows, *_lines_by_height(left_over, usual)]
    ordered = [sorted(line, key=lambda b: b.left) for line in lines]
    return sorted(ordered, key=lambda line: statistics.fmean(b.middle for b in line))


def _lines_by_height(boxes: Sequence[TextBox], usual: float) -> list[list[TextBox]]:
    lines: list[list[TextBox]] = []
    for box in sorted(boxes, key=lambda b: b.middle):
        best: list[TextBox] | None = None
        best_gap = _SAME_LINE * min(usual, box.height)
        for line in lines[-_LINES_LOOKED_BACK:]:
            nearest = min(line, key=lambda other: _across(box, other))
            gap = abs(nearest.middle - box.middle)
            if gap <= best_gap:
                best, best_gap = line, gap
        if best is None:
            lines.append([box])
        else:
            best.append(box)
    return lines


def _columns(boxes: Sequence[TextBox], usual: float) -> list[list[TextBox]]:
    """The boxes in left-aligned columns, each column top to bottom: a box joins the column
    of the box left of it when their left edges are less than half a line's height apart
    and the column stays narrower than ``_COLUMN_ALIGNMENT`` lines' height."""
    columns: list[list[TextBox]] = []
    for box in sorted(boxes, key=lambda b: b.left):
        column = columns[-1] if columns else []
        if (
            column
            and box.left - column[-1].left <= usual / 2
            and box.left - column[0].left <= _COLUMN_ALIGNMENT * usual
        ):
            column.append(box)
        else:
            columns.append([box])
    return [sorted(column, key=lambda b: b.middle) for column in columns]


def _rows_along_names(
    boxes: Sequence[TextBox], usual: float
) -> tuple[list[list[TextBox]], list[TextBox]]:
    """Rows built along the column of row names, and the boxes no row took."""
    columns = _columns(boxes, usual)
    names = max(columns, key=len)
    if len(names) < _MIN_ROWS:
        return [], list(boxes)
    rows: list[list[TextBox]] = [[name] for name in names]
    left_over: list[TextBox] = []
    for column in columns:
        if column is names:
            continue
        drift = 0.0  # how far this column's cells sit below their row's name, so far
        taken: set[int] = set()
        for box in column:
            row = min(range(len(names)), key=lambda r: abs(box.middle - names[r].middle - drift))
            gap = abs(box.middle - names[row].middle - drift)
            fits = gap <= _SAME_LINE * min(usual, box.height)
            if not fits or row in taken or any(_across(box, o) == 0 for o in rows[row]):
                left_over.append(box)
                continue
            taken.add(row)
            rows[row].append(box)
            drift = box.middle - names[row].middle
    return rows, left_over


def _across(box: TextBox, other: TextBox) -> float:
    """How far apart two boxes stand across the page (0 when they overlap)."""
    return max(0.0, other.left - box.right, box.left - other.right)


class PageClock:
    """Whether another page can be read by OCR before the file's reading time runs out.

    The reading child sets the deadline (reading.isolation): a page is started only when
    the slowest page so far would still finish in time, so a long scan ends with the pages
    read and a warning for the rest instead of being stopped with nothing.
    """

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.slowest = 0.0

    def has_time(self) -> bool:
        return self.deadline is None or time.monotonic() + self.slowest < self.deadline

    def timed(self, started: float) -> None:
        self.slowest = max(self.slowest, time.monotonic() - started)


_deadline: float | None = None


def set_deadline(seconds_from_now: float | None) -> None:
    """The moment the reading child must have finished its OCR by (None: no limit)."""
    global _deadline
    _deadline = None if seconds_from_now is None else time.monotonic() + seconds_from_now


def page_clock() -> PageClock:
    """A clock for one file's pages, against the deadline the child set."""
    return PageClock(_deadline)


def mark_read_by_ocr(values: Sequence[LabValue], lines: Sequence[OcrLine]) -> list[LabValue]:
    """``values`` with those read off an OCR'd page marked ``read_by="ocr"``, each with its
    line's confidence (the page's median when its line is not one OCR gave whole). A value
    read with less than ``ALARM_CONFIDENCE`` is never critical."""
    if not lines:
        return list(values)
    by_page: dict[int, dict[str, float]] = {}
    for line in lines:
        by_page.setdefault(line.page, {})[" ".join(line.text.split())] = line.confidence
    marked = []
    for value in values:
        page = by_page.get(value.source_page or 1)
        if page is None:
            marked.append(value)
            continue
        confidence = page.get(" ".join((value.source_line or "").split()))
        if confidence is None:
            confidence = statistics.median(page.values())
        sure = confidence >= ALARM_CONFIDENCE
        update = {
            "read_by": "ocr",
            "ocr_confidence": confidence,
            "critical": value.critical and sure,
        }
        marked.append(value.model_copy(update=update))
    return marked
