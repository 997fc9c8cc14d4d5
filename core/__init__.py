"""MedCase core: the case service, its backends and the analyzer. Never imports Streamlit."""
