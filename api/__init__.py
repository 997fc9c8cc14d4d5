"""MedCase over HTTP: a FastAPI app on the same core services and backends."""
