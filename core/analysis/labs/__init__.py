"""Lab values: the analyte catalog, how reports write units, parsing and formatting."""
