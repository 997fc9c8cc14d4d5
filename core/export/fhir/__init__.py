"""The case's note as a FHIR R4 document Bundle, for a clinic's record system.

``document.document_bundle`` assembles it; every resource is built as R4 JSON and checked
through the FHIR R4 (4.0.1) models of ``fhirclient`` (``validation``) before it leaves.
"""
