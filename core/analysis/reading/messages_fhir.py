"""FHIR R4 lab results (JSON or XML): an Observation, a DiagnosticReport with its contained
Observations, or a Bundle of these with its Patient and Specimens, validated with the
fhir.resources models before anything is read.

Each Observation with a valueQuantity becomes a result with its code (LOINC where given),
comparator, unit (the UCUM code when the Quantity says UCUM), reference range, the sender's
interpretation, status, specimen and collection time. A result's subject must be the
file's patient (its Patient resource, or without one the one patient its results name): a
result naming another patient makes the file a wrong-patient file, as a Patient of another
name does, so another person's values never pass into the case. A valueString is never
turned into a number; a cancelled, entered-in-error or registered Observation is not a value. Entry
counts are bounded on the raw bytes, before the JSON or XML is parsed; XML is read by
core.analysis.reading.messages_fhir_xml into the same models, so both forms of a
resource give the same results.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from fhir.resources.R4B import get_fhir_model_class
from fhir.resources.R4B.diagnosticreport import DiagnosticReport
from fhir.resources.R4B.identifier import Identifier
from fhir.resources.R4B.observation import Observation
from fhir.resources.R4B.patient import Patient
from fhir.resources.R4B.specimen import Specimen
from pydantic import ValidationError

from core.analysis.reading.collection_time import fhir_collection_time
from core.analysis.reading.messages_common import (
    BEYOND_MEASUREMENT,
    MAX_BUNDLE_ENTRIES,
    MAX_MESSAGE_BYTES,
    MessageError,
    MessageResult,
    analyte_for_code,
    comparator_symbol,
    range_upside_down,
    specimen_of,
    upside_down_note,
    usual_range,
)
from core.analysis.reading.messages_fhir_xml import fhir_xml_resource, looks_like_xml
from core.analysis.reading.patient_match import record_numbers
from core.insights import MessagePatient
from core.json_keys import RepeatedKey, once_each

READABLE = ("Observation", "DiagnosticReport", "Bundle")
_VALUES = {"final", "amended", "corrected", "preliminary"}
_UCUM = "http://unitsofmeasure.org"
_SEX = {"male": "male", "female": "female"}
_VERSION = re.compile(r"/_history/[^/]*$")  # "Patient/pat2/_history/1" is Patient/pat2


@dataclass
class FHIRReading:
    """What a FHIR file holds: results, patients, element-level notes, and a text."""

    results: list[MessageResult] = field(default_factory=list)
    patients: list[MessagePatient] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    text: str = ""


def looks_like_fhir(content: bytes) -> bool:
    """True when the bytes are a JSON object naming a ``resourceType`` near its start."""
    head = content[:4096].lstrip(b"\xef\xbb\xbf\r\n\t ")
    return head.startswith(b"{") and b'"resourceType"' in head


def read_fhir(content: bytes) -> FHIRReading:
    """The results of one FHIR resource in JSON or XML; MessageError naming the element
    otherwise."""
    if len(content) > MAX_MESSAGE_BYTES:
        raise MessageError(f"the resource is larger than {MAX_MESSAGE_BYTES // 2**20} MB")
    if looks_like_xml(content):
        resource = fhir_xml_resource(content, READABLE)
    else:
        resource = _json_resource(content)
    reading = FHIRReading()
    _Resources(resource, reading).read()
    reading.text = "\n".join(result.source for result in reading.results)
    return reading


def _json_resource(content: bytes) -> Any:
    # Counted on the bytes: a Bundle of 100,000 entries is refused before it is parsed.
    if content.count(b'"resourceType"') > MAX_BUNDLE_ENTRIES + 1:
        raise MessageError(f"Bundle.entry: more than {MAX_BUNDLE_ENTRIES:,} resources")
    try:
        document = json.loads(content.decode("utf-8-sig"), object_pairs_hook=once_each)
    except RepeatedKey as repeated:
        raise MessageError(
            f"the file repeats the key {repeated.key[:40]!r} in one object"
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise MessageError(f"the file is not JSON ({type(error).__name__})") from None
    except RecursionError:  # arrays in arrays, 100,000 deep: valid JSON, and no resource
        raise MessageError("the JSON is nested deeper than any FHIR resource") from None
    if not isinstance(document, dict):
        raise MessageError("the JSON is not a FHIR resource (an object with resourceType)")
    without_narratives(document)
    kind = document.get("resourceType")
    if kind not in READABLE:
        raise MessageError(
            f"resourceType '{str(kind)[:40]}' is not a lab result: an Observation, a "
            "DiagnosticReport or a Bundle of them is read"
        )
    return _validated(kind, document)


def without_narratives(document: dict[str, Any]) -> None:
    """Drop every resource's narrative (``text``: {"status", "div"}), which no value is
    read from: US Core's published examples send it without its ``div`` ({"status":
    "generated"}), which R4 requires, and the whole file was refused for it. A narrative is
    the only object-valued ``text`` in FHIR R4 (a CodeableConcept's or a note's text is a
    string). Walked with a list, not recursion: the parsed JSON may be deep."""
    pending: list[Any] = [document]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if isinstance(item.get("text"), dict):
                del item["text"]
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _validated(kind: str, document: dict[str, Any]) -> Any:
    try:
        return get_fhir_model_class(kind).model_validate(document)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in (kind, *first["loc"]))
        raise MessageError(f"{where}: {first['msg']}") from None


class _Resources:
    """The resources of one file, with what references resolve to."""

    def __init__(self, root: Any, reading: FHIRReading) -> None:
        self.reading = reading
        self.top: list[tuple[Any, str | None]] = []  # (resource, its fullUrl)
        if root.get_resource_type() == "Bundle":
            for entry in root.entry or []:
                if entry.resource is not None:
                    self.top.append((entry.resource, entry.fullUrl))
        else:
            self.top.append((root, None))
        self.by_reference: dict[str, Any] = {}
        for resource, full_url in self.top:
            if resource.id:
                self.by_reference[f"{resource.get_resource_type()}/{resource.id}"] = resource
            if full_url:
                self.by_reference[full_url] = resource
        self.own = {id(r) for r, _ in self.top if r.get_resource_type() == "Patient"}
        self.named: str | None = None  # without a Patient: the one patient results name
        self.stranger = False  # a result names another patient than the file's

    def read(self) -> None:
        seen: set[int] = set()
        for resource, _ in self.top:
            kind = resource.get_resource_type()
            if kind == "Patient":
                self.reading.patients.append(_patient(resource))
            elif kind == "Observation" and id(resource) not in seen:
                seen.add(id(resource))
                self._observation(resource, None, None, None, _observation_identity(resource))
            elif kind == "DiagnosticReport":
                self._report(resource, seen)

    def _whose(self, resource: Any, contained: dict[str, Any]) -> None:
        """Note a subject that is not the file's patient (once: one warning a file)."""
        subject = getattr(resource, "subject", None)
        reference = _VERSION.sub("", subject.reference or "") if subject is not None else ""
        if not reference:
            return  # no subject: the file's own
        target = self._resolve(reference, contained)
        if target is not None and id(target) in self.own:
            return
        if not self.own and self.named in (None, reference):
            self.named = reference  # a file without a Patient: its results' one patient
            return
        if not self.stranger:
            self.stranger = True
            self.reading.patients.append(MessagePatient(other_subject=True))

    def _report(self, report: DiagnosticReport, seen: set[int]) -> None:
        contained = {f"#{r.id}": r for r in report.contained or [] if r.id}
        self._whose(report, contained)
        specimens = [self._resolve(ref.reference, contained) for ref in report.specimen or []]
        only = specimens[0] if len(specimens) == 1 else None
        for reference in report.result or []:
            target = self._resolve(reference.reference, contained)
            if target is None:
                self.reading.notes.append(
                    f"DiagnosticReport/{report.id}.result: '{reference.reference}' is not "
                    "in the file"
                )
                continue
            if id(target) in seen or target.get_resource_type() != "Observation":
                continue
            seen.add(id(target))
            inside = f"DiagnosticReport/{report.id}" if reference.reference in contained else None
            # A contained Observation's id is the report's own; anyone else's is the file's.
            within = _report_identity(report) if inside else None
            identity = _observation_identity(target, within) if not inside or within else None
            self._observation(target, contained if inside else None, only, inside, identity)

    def _resolve(self, reference: str | None, contained: dict[str, Any]) -> Any:
        if not reference:
            return None
        return contained.get(reference) or self.by_reference.get(reference)

    def _observation(
        self,
        observation: Observation,
        contained: dict[str, Any] | None,
        report_specimen: Any,
        inside: str | None = None,
        identity: str | None = None,
    ) -> None:
        name = f"Observation/{observation.id or '(no id)'}"
        if inside:
            name += f" in {inside}"
        self._whose(
            observation,
            {**(contained or {}), **{f"#{r.id}": r for r in observation.contained or [] if r.id}},
        )
        status = observation.status
        quantity = observation.valueQuantity
        if quantity is None:
            if observation.valueString and any(c.isdigit() for c in observation.valueString):
                self.reading.notes.append(
                    f"{name}.valueString: a string holding digits; it is not read as a number"
                )
            for kind in ("valueRange", "valueRatio"):
                # IPS's urine sediment: "valueRange" 10-20 /[HPF]; no one number is chosen.
                if getattr(observation, kind) is not None:
                    self.reading.notes.append(f"{name}.{kind}: not one number; it is not read")
            return  # a panel (hasMember), a coded or text result: not a number
        if status not in _VALUES:
            self.reading.notes.append(f"{name}: status '{status}', so it is not a value")
            return
        if quantity.value is None:
            self.reading.notes.append(f"{name}.valueQuantity.value is missing")
            return
        code, system, display = _coding(observation)
        text = observation.code.text or display
        analyte = analyte_for_code(system, code, text) or analyte_for_code(None, None, display)
        if analyte is None:
            self.reading.notes.append(f"{name}.code '{code or text}' names no test MedCase knows")
            return
        own = {**(contained or {}), **{f"#{r.id}": r for r in observation.contained or [] if r.id}}
        specimen = (
            self._resolve(observation.specimen.reference, own)
            if observation.specimen is not None
            else report_specimen
        )
        unit = quantity.code if quantity.system == _UCUM and quantity.code else quantity.unit
        written = _reference_range(observation)
        if range_upside_down(*written):
            self.reading.notes.append(upside_down_note(f"{name}.referenceRange", *written))
        low, high = usual_range(*written)
        value = float(quantity.value)
        if abs(value) >= BEYOND_MEASUREMENT:
            self.reading.notes.append(
                f"{name}.valueQuantity.value {value:g} is beyond any measurement"
            )
            return
        shown = f"{text or code}: {quantity.comparator or ''}{quantity.value:g} {unit or ''}"
        collected = _collected(specimen, observation)
        self.reading.results.append(
            MessageResult(
                analyte=analyte,
                value=value,
                comparator=comparator_symbol(quantity.comparator),
                unit=unit,
                low=low,
                high=high,
                sender_flag=_interpretation(observation),
                specimen=_specimen(specimen, observation),
                collected=None if collected is None else _when(collected),
                status=status,
                source=f"{name}: {shown.strip()}",
                identity=identity,
                collected_at=None if collected is None else fhir_collection_time(collected),
            )
        )


def _report_identity(report: DiagnosticReport) -> str | None:
    """A DiagnosticReport's business identifier (system and value), else its id."""
    for identifier in report.identifier or []:
        if identifier.value:
            return f"{identifier.system or ''}|{identifier.value}"
    return f"DiagnosticReport/{report.id}" if report.id else None


def _observation_identity(observation: Observation, within: str | None = None) -> str | None:
    """The Observation's id (within its report's identity when contained); None without."""
    if not observation.id:
        return None
    return f"fhir|{within or ''}|Observation/{observation.id}"


def _coding(observation: Observation) -> tuple[str | None, str | None, str | None]:
    """The LOINC coding when there is one, else the first: (code, system, display)."""
    codings = observation.code.coding or []
    chosen = next((c for c in codings if c.system == "http://loinc.org"), None)
    chosen = chosen or (codings[0] if codings else None)
    if chosen is None:
        return None, None, None
    return chosen.code, chosen.system, chosen.display


def _reference_range(observation: Observation) -> tuple[float | None, float | None]:
    ranges = observation.referenceRange or []
    if not ranges:
        return None, None
    first = ranges[0]
    low = float(first.low.value) if first.low is not None and first.low.value is not None else None
    high = (
        float(first.high.value) if first.high is not None and first.high.value is not None else None
    )
    return low, high


def _interpretation(observation: Observation) -> str | None:
    for concept in observation.interpretation or []:
        for coding in concept.coding or []:
            if coding.code:
                return str(coding.code).upper()
    return None


def _specimen(specimen: Any, observation: Observation) -> str | None:
    if isinstance(specimen, Specimen) and specimen.type is not None:
        codings = specimen.type.coding or []
        words = specimen.type.text or next((c.display for c in codings if c.display), None)
        return specimen_of(words)
    if observation.specimen is not None and observation.specimen.display:
        return specimen_of(observation.specimen.display)
    return None


def _collected(specimen: Any, observation: Observation) -> Any:
    """The collection time as the models give it: the Specimen's, else the effective time
    (a period's start)."""
    collection = specimen.collection if isinstance(specimen, Specimen) else None
    if collection is not None and collection.collectedDateTime is not None:
        return collection.collectedDateTime
    if observation.effectiveDateTime is not None:
        return observation.effectiveDateTime
    if observation.effectivePeriod is not None and observation.effectivePeriod.start is not None:
        return observation.effectivePeriod.start
    return None


def _when(moment: Any) -> str:
    """A FHIR dateTime as written ("2015-08-16T06:40:17Z" -> "2015-08-16 06:40")."""
    if isinstance(moment, datetime):
        return f"{moment.year:04d}-{moment:%m-%d %H:%M}"  # strftime writes year 1 as "1"
    if isinstance(moment, date):
        return moment.isoformat()
    return str(moment)


def _patient(patient: Patient) -> MessagePatient:
    name = patient.name[0] if patient.name else None
    family = (name.family or "") if name is not None else ""
    given = " ".join(g for g in (name.given or []) if g) if name is not None else ""
    birth = patient.birthDate.isoformat() if isinstance(patient.birthDate, date) else None
    return MessagePatient(
        family=family,
        given=given,
        birth_date=birth or (str(patient.birthDate) if patient.birthDate else None),
        sex=_SEX.get(str(patient.gender or "")),
        record_numbers=_record_numbers(patient),
    )


def _record_numbers(patient: Patient) -> list[str]:
    """The Patient's identifier values with their types (table 0203), as
    ``record_numbers`` compares them."""
    return record_numbers([(i.value or "", _identifier_types(i)) for i in patient.identifier or []])


def _identifier_types(identifier: Identifier) -> set[str]:
    kind = identifier.type
    return {(c.code or "").upper() for c in (kind.coding or [])} if kind is not None else set()
