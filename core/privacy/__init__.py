"""Keeping the patient's identity out of what an engine sees: identifiers and the name."""
