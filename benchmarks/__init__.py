"""Benchmarks: ``python -m benchmarks.analysis``."""
