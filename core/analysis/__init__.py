"""The background analyzer: reading files, lab values, rules and model engines, pipeline, runner."""
