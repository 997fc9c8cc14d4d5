"""Analysis failures whose message is safe to store and show: it never carries patient data."""

from __future__ import annotations


class AnalysisFailure(Exception):
    """A failure the case page can show as is (e.g. the model did not answer)."""


class ModelUnavailable(AnalysisFailure):
    """The language model could not be reached, timed out or kept answering with an error."""


class InvalidModelAnswer(AnalysisFailure):
    """The language model answered, but not with JSON that fits the requested schema."""


class AnalyzerNotConfigured(AnalysisFailure):
    """The server cannot write an analysis: the analyzer's own credential is not set."""
