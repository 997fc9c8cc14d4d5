"""The operations of the product: accounts, and one doctor's cases."""

from core.services.accounts import AccountService
from core.services.cases import (
    DEFAULT_MAX_FILE_BYTES,
    AnalysisQueue,
    AnalysisRecovery,
    CaseService,
    Limits,
)

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "AccountService",
    "AnalysisQueue",
    "AnalysisRecovery",
    "CaseService",
    "Limits",
]
