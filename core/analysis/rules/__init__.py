"""The offline rules engine and the diagnosis rules it applies to a case's lab values."""
