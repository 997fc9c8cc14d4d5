"""The SOAP note and primary diagnosis as a document for the chart: Markdown or PDF, and
as a FHIR R4 document for a record system (``fhir``, with the ``loinc`` and ``ucum`` codes).

``document`` says what the chart gets; ``markdown`` and ``pdf`` only lay it out. The PDF
module is imported when a PDF is asked for (fpdf2 is slow to import), so this package
imports none of its modules.
"""
