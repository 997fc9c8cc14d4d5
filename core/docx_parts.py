"""What a DOCX may hold beyond its text: no macros, and nothing fetched from elsewhere.

MedCase reads only a DOCX's paragraphs and tables, but it keeps the file and a doctor
downloads it and opens it in Word. A macro-enabled document renamed .docx (its vbaProject
part) runs code there; a relationship of TargetMode="External" makes Word fetch a part
from another address when it opens the file: a remote template (the classic way to bring
in macros), a frame, an OLE object, a linked picture (each fetch also tells the address's
owner who opened it). Such files are refused at upload. An external hyperlink is kept: it is
followed only when clicked, as in any letter, and the text reader never follows it.
"""

from __future__ import annotations

import re
import zipfile

from lxml import etree

MACROS = (
    "it is a macro-enabled Word document (.docm); save it as a plain Word document (.docx) "
    "or a PDF and upload it again"
)
EXTERNAL = (
    "it makes Word fetch content from outside the file when opened (an external template, "
    "frame, object or picture); save it as a PDF, or as a new .docx without the link, and "
    "upload it again"
)
_RELATIONSHIPS_TOO_LARGE = "its relationship parts are implausibly large"
_MAX_RELATIONSHIPS_BYTES = 1024 * 1024  # a real .rels part is a few kilobytes
_HYPERLINK = "/relationships/hyperlink"
_MACRO_TYPE = re.compile(rb"macroEnabled|vbaProject|ms-office\.vbaProject", re.IGNORECASE)


def docx_problem(archive: zipfile.ZipFile) -> str | None:
    """Why a DOCX is refused (macros, an external part; safe to show), or None."""
    members = archive.infolist()
    names = [member.filename.lower() for member in members]
    if any(name.endswith("vbaproject.bin") or name.endswith("vbadata.xml") for name in names):
        return MACROS
    for member in members:
        name = member.filename.lower()
        if name != "[content_types].xml" and not name.endswith(".rels"):
            continue
        if member.file_size > _MAX_RELATIONSHIPS_BYTES:
            return _RELATIONSHIPS_TOO_LARGE
        with archive.open(member) as part:
            content = part.read(_MAX_RELATIONSHIPS_BYTES + 1)
        if len(content) > _MAX_RELATIONSHIPS_BYTES:
            return _RELATIONSHIPS_TOO_LARGE
        if name == "[content_types].xml":
            if _MACRO_TYPE.search(content):
                return MACROS
        elif _fetches_from_elsewhere(content):
            return EXTERNAL
    return None


def _fetches_from_elsewhere(relationships: bytes) -> bool:
    """A relationship part naming an external target that is not a hyperlink (an unreadable
    part counts: Word may read what lxml refuses)."""
    parser = etree.XMLParser(
        resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False
    )
    try:
        root = etree.fromstring(relationships, parser)
    except etree.XMLSyntaxError:
        return b"external" in relationships.lower()
    for element in root.iter():
        if not isinstance(element.tag, str) or etree.QName(element).localname != "Relationship":
            continue
        external = (element.get("TargetMode") or "").strip().lower() == "external"
        if external and not (element.get("Type") or "").endswith(_HYPERLINK):
            return True
    return False
