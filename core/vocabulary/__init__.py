"""The coded vocabulary of lab values: analytes with their synonyms, units and ranges.

One catalogue the whole product reads (the lab reader, flags and critical limits, the
scrubber that must never take a value for an identifier, the FHIR export), so it sits in
core's base layer, below the reading of a case.
"""
