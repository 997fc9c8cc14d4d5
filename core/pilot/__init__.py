"""Pilot evaluation: clinical reviewers score the AI blind on de-identified cases."""
