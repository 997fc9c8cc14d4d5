"""The background analyzer: extraction, imaging, engines, pipeline and runner."""
