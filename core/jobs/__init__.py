"""The background-job runtime: the analyzer's queue, claims, recovery and seal."""
