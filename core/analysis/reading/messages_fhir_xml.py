"""FHIR R4 resources in XML, read into the same fhir.resources models as JSON.

FHIR's XML never declares a DOCTYPE or entities, so a file that does is refused before
it is parsed (billion laughs, external entities); lxml parses with entities unresolved,
no DTD loaded and no network, and the document's resources are counted on the raw bytes
first, as for JSON. fhir.resources then validates the parsed tree
(``model_validate_xml``, which needs lxml).
"""

from __future__ import annotations

import re
from typing import Any

from fhir.resources.R4B import get_fhir_model_class
from lxml import etree
from pydantic import ValidationError

from core.analysis.reading.messages_common import MAX_BUNDLE_ENTRIES, MessageError

FHIR_NAMESPACE = "http://hl7.org/fhir"
# Markup FHIR's XML never holds: a DOCTYPE or entity declarations (internal or external).
_DECLARATIONS = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
# Each resource in a Bundle or a resource's contained list is one of these elements.
_RESOURCE_HOLDERS = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(?:entry|contained)[\s>/]")


def looks_like_xml(content: bytes) -> bool:
    """True when the bytes start as XML (a declaration or an element), in UTF-8 or -16."""
    head = content[:64].lstrip(b"\xef\xbb\xbf\xff\xfe\r\n\t ").replace(b"\x00", b"")
    return head.startswith(b"<")


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        load_dtd=False,
        no_network=True,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


_NARRATIVE = f"{{{FHIR_NAMESPACE}}}text"


def _drop_narratives(root: etree._Element) -> None:
    """Drop every resource's narrative (a ``text`` element holding ``status`` and an XHTML
    ``div``), which no value is read from. fhir.resources' XML reader knows XHTML only as
    the default namespace: the IPS example Bundle writes its narratives as ``<xhtml:div>``
    and the reader failed on ``xhtml:thead`` (KeyError). A CodeableConcept's or a note's
    ``text`` has a ``value`` attribute and is kept."""
    for narrative in list(root.iter(_NARRATIVE)):
        if narrative.get("value") is None:
            parent = narrative.getparent()
            if parent is not None:
                parent.remove(narrative)


def fhir_xml_resource(content: bytes, readable: tuple[str, ...]) -> Any:
    """The validated fhir.resources model of one FHIR XML resource whose type is one of
    ``readable``; MessageError naming the element otherwise."""
    if _DECLARATIONS.search(content):
        raise MessageError("the XML declares a DOCTYPE or entities, which FHIR never does")
    if len(_RESOURCE_HOLDERS.findall(content)) > MAX_BUNDLE_ENTRIES:
        raise MessageError(f"Bundle.entry: more than {MAX_BUNDLE_ENTRIES:,} resources")
    try:
        root = etree.fromstring(content, parser=_parser())
    except etree.XMLSyntaxError as error:
        raise MessageError(f"the file is not well-formed XML (line {error.lineno})") from None
    if root.getroottree().docinfo.doctype:  # declared in an encoding the bytes check missed
        raise MessageError("the XML declares a DOCTYPE or entities, which FHIR never does")
    name = etree.QName(root)
    if name.namespace != FHIR_NAMESPACE:
        raise MessageError(f"the root element is not in the FHIR namespace ({FHIR_NAMESPACE})")
    kind = name.localname
    if kind not in readable:
        raise MessageError(
            f"resourceType '{kind[:40]}' is not a lab result: an Observation, a "
            "DiagnosticReport or a Bundle of them is read"
        )
    _drop_narratives(root)
    try:
        return get_fhir_model_class(kind).model_validate_xml(
            etree.tostring(root), xmlparser=_parser()
        )
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in (kind, *first["loc"]))
        raise MessageError(f"{where}: {first['msg']}") from None
    except (ValueError, TypeError, KeyError, AttributeError, etree.LxmlError) as error:
        # fhir.resources' XML reader meets an element it has no field for.
        raise MessageError(
            f"{kind}: the XML does not follow FHIR R4 ({type(error).__name__})"
        ) from None
