"""The chart export as a PDF: the document's blocks laid out with fpdf2.

fpdf2's core fonts only know Latin-1, so a Unicode TrueType font is embedded when the
machine has one; whatever the chosen font lacks is replaced (``fit_text``), never dropped
silently and never a crash.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from core.advisory import ADVISORY
from core.analysis.history import TrendSeries
from core.export.document import TITLE, Block, chart_blocks
from core.insights import Insights
from core.models import Case, CaseFile
from core.review import SignedNote

BANNER_FILL = (255, 243, 205)  # the amber of the page's advisory banner

# Fonts that cover far more than Latin-1, tried in order: (regular, bold). None has to exist:
# without one the PDF falls back to a core font and unsupported characters are replaced.
UNICODE_FONTS: tuple[tuple[Path, Path], ...] = tuple(
    (Path(folder, regular), Path(folder, bold))
    for folder, regular, bold in (
        ("/usr/share/fonts/truetype/dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("/usr/share/fonts/dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("/usr/share/fonts/truetype/noto", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
        (
            "/usr/share/fonts/truetype/liberation",
            "LiberationSans-Regular.ttf",
            "LiberationSans-Bold.ttf",
        ),
        ("/usr/share/fonts/liberation", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    )
)

# Readable stand-ins for characters a font may lack (clinical text is full of them).
_STAND_INS = {
    "–": "-",
    "—": "-",
    "‐": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "•": "-",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "→": "->",
    "±": "+/-",
    "×": "x",
    "µ": "u",
    "Ł": "L",
    "ł": "l",
    "Đ": "D",
    "đ": "d",
    "Œ": "OE",
    "œ": "oe",
    "ı": "i",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
}


def fit_text(text: str, supported: Callable[[str], bool]) -> str:
    """``text`` with each character the font lacks replaced by a stand-in, or by ``?``."""
    fitted: list[str] = []
    for char in text:
        if char in "\n\t" or supported(char):
            fitted.append(char)
            continue
        stand_in = _STAND_INS.get(char)
        if stand_in is not None and all(supported(c) for c in stand_in):
            fitted.append(stand_in)
            continue
        # "ł" has no decomposition, but "ő" is "o" plus an accent: keep the letter.
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        fitted.append(base if base and all(supported(c) for c in base) else "?")
    return "".join(fitted)


def _latin1(char: str) -> bool:
    return ord(char) < 256 and unicodedata.category(char) != "Cc"


class ChartPdf(FPDF):
    """An A4 page with the advisory banner repeated in every footer."""

    def __init__(self, fonts: Sequence[tuple[Path, Path]], footer_text: str = ADVISORY) -> None:
        super().__init__(format="A4")
        self.footer_text = footer_text
        self.chart_family = "helvetica"
        self.chart_supports: Callable[[str], bool] = _latin1
        regular, bold = next(((r, b) for r, b in fonts if r.is_file()), (None, None))
        if regular is not None and bold is not None:
            self.add_font("chart", "", str(regular))
            self.add_font("chart", "B", str(bold if bold.is_file() else regular))
            self.chart_family = "chart"
            self.set_font("chart")
            cmap = self.current_font.cmap  # type: ignore[union-attr]
            self.chart_supports = lambda char: ord(char) in cmap
        self.set_margins(18, 16, 18)
        self.set_auto_page_break(True, margin=18)

    def footer(self) -> None:
        self.set_y(-12)
        self.use_size(8)
        self.set_text_color(110)
        self.cell(0, 5, self.fit(f"{self.footer_text} · page {self.page_no()}"), align="C")
        self.set_text_color(0)

    def fit(self, text: str) -> str:
        return fit_text(text, self.chart_supports)

    def use_size(self, size: float, bold: bool = False) -> None:
        self.set_font(self.chart_family, "B" if bold else "", size)

    def paragraph(self, text: str, size: float = 10.5, bold: bool = False, gap: float = 2) -> None:
        self.use_size(size, bold)
        self.multi_cell(0, size * 0.5, self.fit(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(gap)

    def banner(self, text: str) -> None:
        self.use_size(10.5, bold=True)
        self.set_fill_color(*BANNER_FILL)
        self.multi_cell(0, 8, self.fit(text), fill=True, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(3)


def chart_pdf(
    case: Case,
    insights: Insights,
    note: SignedNote | None = None,
    fonts: Sequence[tuple[Path, Path]] = UNICODE_FONTS,
    files: Sequence[CaseFile] = (),
    trends: Sequence[TrendSeries] = (),
) -> bytes:
    """The export as a PDF (the signed ``note`` when given, else the draft); uses the first
    of ``fonts`` that exists (none: a core font); ``files`` name the lab values' sources,
    ``trends`` the patient's series (the trend table)."""
    footer = ADVISORY if note is None else f"Signed note, version {note.version}"
    return render_pdf(chart_blocks(case, insights, note, files, trends), fonts, footer)


def render_pdf(
    blocks: Sequence[Block], fonts: Sequence[tuple[Path, Path]], footer: str = ADVISORY
) -> bytes:
    """``blocks`` as PDF bytes, in the first of ``fonts`` that exists (else Helvetica)."""
    pdf = ChartPdf(fonts, footer)
    pdf.set_title(TITLE)
    pdf.set_creator("MedCase")
    pdf.add_page()
    for block in blocks:
        if block.kind == "title":
            pdf.paragraph(block.text, size=16, bold=True, gap=1)
        elif block.kind == "banner":
            pdf.banner(block.text)
        elif block.kind == "heading":
            pdf.ln(2)
            pdf.paragraph(block.text, size=13, bold=True, gap=1)
        elif block.kind == "subheading":
            pdf.paragraph(block.text, size=10.5, bold=True, gap=0.5)
        elif block.kind == "text":
            pdf.paragraph(block.text)
        elif block.kind == "bullets":
            for item in block.items:
                pdf.paragraph(f"•  {item}", gap=0.5)
            pdf.ln(1.5)
        else:
            for label, value in block.facts:
                pdf.paragraph(f"{label}: {value}", gap=0.5)
            pdf.ln(1.5)
    return bytes(pdf.output())
