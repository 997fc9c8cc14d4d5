"""Settings, read once from the environment and Streamlit secrets by the entrypoint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from limits import parse_many

from core.client_address import trusted_networks

# Every setting, its environment name and its default; the configuration table of
# docs/operations.md mirrors this (tests/unit/test_settings.py).
DEFAULTS: dict[str, Any] = {
    "MEDCASE_DATA_DIR": "data",
    "MEDCASE_MAX_FILE_MB": 50,
    "MEDCASE_MAX_UNPACKED_MB": 64,
    "MEDCASE_MAX_FILES_PER_CASE": 50,
    "MEDCASE_MAX_CASE_MB": 500,
    "MEDCASE_MAX_FILES_PER_REQUEST": 20,
    "MEDCASE_MAX_REQUEST_MB": 200,
    "MEDCASE_ANALYZER_WORKERS": 4,
    # Where analyses run: "in-process" (the dashboard's own threads) or "separate" (the
    # worker processes `make run` starts, `python worker.py`; embedded backend only).
    "MEDCASE_ANALYZER": "in-process",
    # How often a separate worker looks for waiting cases: a look at SQLite's data_version
    # (microseconds) when nothing changed, so a new case is claimed within 50 ms of Create.
    "MEDCASE_WORKER_POLL_SECONDS": 0.05,
    # How much lower a worker process (and its file readers) runs than what started it, in
    # nice steps: a page's run gets a core before an analysis does. 0 leaves it as is.
    "MEDCASE_ANALYZER_NICE": 10,
    "MEDCASE_ANALYSIS_STALE_SECONDS": 30,
    "MEDCASE_ANALYSIS_DEADLINE_MINUTES": 10,
    "MEDCASE_ANALYSIS_MAX_ATTEMPTS": 3,
    "MEDCASE_FILE_READING_SECONDS": 60,
    "MEDCASE_FILE_READING_MB": 1024,  # OCR of a page: 640-768 MB (docs/analyzer.md)
    "MEDCASE_FILE_READERS": 2,
    # The zone of a lab result's time sent with no offset of its own or of its message
    # (an IANA name such as "Europe/Paris"); unset: such a time is read as UTC, and marked.
    "MEDCASE_CLINIC_TIMEZONE": None,
    "MEDCASE_JWT_SECRET": None,
    "MEDCASE_ACCESS_TOKEN_MINUTES": 15,  # embedded accounts; Supabase Auth sets its own
    # Sign-in throttling, in the `limits` library's notation: each tier that is full makes
    # the next attempt wait until its oldest attempt leaves the window (longer each tier).
    "MEDCASE_SIGN_IN_ACCOUNT_LIMITS": "5/minute;10/15 minutes;20/hour;50/day",
    "MEDCASE_SIGN_IN_ADDRESS_LIMITS": "20/minute;100/hour;500/day",
    # Sign-ups per client address, made or not (embedded accounts; Supabase Auth has its
    # own): one client cannot make accounts without end, each limit kept per account with
    # them.
    "MEDCASE_SIGN_UP_ADDRESS_LIMITS": "20/hour;100/day",
    # Reverse proxies whose X-Forwarded-For names the client (addresses or networks,
    # comma-separated); none: the header is never read and the peer is the client.
    "MEDCASE_TRUSTED_PROXIES": None,
    "MEDCASE_PASSWORD_HASHES_AT_ONCE": 2,
    "MEDCASE_INSIGHTS_KEY": None,
    "SUPABASE_URL": None,
    "SUPABASE_ANON_KEY": None,
    # The analyzer's own token (role medcase_analyzer): drafts, insights, critical values
    # and a file's reading are written with it, never with a doctor's (docs/operations.md).
    "SUPABASE_ANALYZER_KEY": None,
    "OPENAI_API_KEY": None,
    "OPENAI_BASE_URL": None,
    "OPENAI_TEXT_MODEL": "gpt-4o-mini",
    "OPENAI_VISION_MODEL": "gpt-4o-mini",
    "OPENAI_TIMEOUT_SECONDS": 60.0,
    "OPENAI_MAX_RETRIES": 2,
    "MEDCASE_CORS_ORIGINS": None,  # the HTTP API's allowed browser origins, comma-separated
    # The FHIR export's Patient carries the name (a record system matches patients by it);
    # false leaves it out, age and gender stay.
    "MEDCASE_FHIR_PATIENT_NAME": True,
}


IN_PROCESS_ANALYZER, SEPARATE_ANALYZER = "in-process", "separate"
ANALYZER_PLACES = (IN_PROCESS_ANALYZER, SEPARATE_ANALYZER)

_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


class SettingsError(ValueError):
    """A setting has a value the app cannot use."""


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("data")
    max_file_mb: int = 50
    max_unpacked_mb: int = 64
    max_files_per_case: int = 50
    max_case_mb: int = 500
    max_files_per_request: int = 20
    max_request_mb: int = 200
    analyzer_workers: int = 4
    analyzer: str = "in-process"
    worker_poll_seconds: float = 0.05
    analyzer_nice: int = 10
    analysis_stale_seconds: int = 30
    analysis_deadline_minutes: int = 10
    analysis_max_attempts: int = 3
    file_reading_seconds: float = 60.0
    file_reading_mb: int = 1024
    file_readers: int = 2
    clinic_timezone: str | None = None
    jwt_secret: str | None = None
    access_token_minutes: int = 15
    sign_in_account_limits: str = DEFAULTS["MEDCASE_SIGN_IN_ACCOUNT_LIMITS"]
    sign_in_address_limits: str = DEFAULTS["MEDCASE_SIGN_IN_ADDRESS_LIMITS"]
    sign_up_address_limits: str = DEFAULTS["MEDCASE_SIGN_UP_ADDRESS_LIMITS"]
    trusted_proxies: tuple[str, ...] = ()
    password_hashes_at_once: int = 2
    insights_key: str | None = None
    supabase_url: str | None = None
    supabase_anon_key: str | None = None
    supabase_analyzer_key: str | None = None
    openai_api_key: str | None = None
    openai_base_url: str | None = None
    openai_text_model: str = "gpt-4o-mini"
    openai_vision_model: str = "gpt-4o-mini"
    openai_timeout_seconds: float = 60.0
    openai_max_retries: int = 2
    cors_origins: tuple[str, ...] = ()
    fhir_patient_name: bool = True

    @property
    def clinic_zone(self) -> ZoneInfo | None:
        """Where a result's time sent without any offset was taken (None: read as UTC)."""
        return ZoneInfo(self.clinic_timezone) if self.clinic_timezone else None

    @property
    def max_file_bytes(self) -> int:
        return self.max_file_mb * 1024 * 1024

    @property
    def supabase_project(self) -> tuple[str, str] | None:
        """The project's URL and anon key when both are set; None: the embedded backend."""
        if self.supabase_url and self.supabase_anon_key:
            return self.supabase_url, self.supabase_anon_key
        return None

    @property
    def uses_supabase(self) -> bool:
        return self.supabase_project is not None

    @property
    def analyses_in_workers(self) -> bool:
        """Analyses run in separate worker processes, not in the dashboard's. Embedded only:
        under Supabase's RLS only the dashboard holds the doctors' tokens (docs/operations.md)."""
        return self.analyzer == SEPARATE_ANALYZER and not self.uses_supabase

    @property
    def uses_model(self) -> bool:
        return bool(self.openai_api_key)

    @classmethod
    def from_sources(cls, *sources: Mapping[str, Any]) -> Settings:
        """Build settings; the first source that has a non-empty value wins."""

        def pick(name: str) -> Any:
            for source in sources:
                value = source.get(name)
                if value not in (None, ""):
                    return value
            return DEFAULTS[name]

        def number(name: str, kind: type, low: float, high: float) -> Any:
            raw = pick(name)
            try:
                value = kind(raw)
            except (TypeError, ValueError):
                raise SettingsError(f"{name} must be a number, got {raw!r}") from None
            if not low <= value <= high:
                raise SettingsError(f"{name} must be between {low} and {high}")
            return value

        def flag(name: str) -> bool:
            raw = pick(name)
            if isinstance(raw, bool):
                return raw
            word = str(raw).strip().lower()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            raise SettingsError(f"{name} must be true or false, got {raw!r}")

        def choice(name: str, allowed: tuple[str, ...]) -> str:
            word = str(pick(name)).strip().lower()
            if word not in allowed:
                raise SettingsError(f"{name} must be one of {', '.join(allowed)}, got {word!r}")
            return word

        def rate_limits(name: str) -> str:
            raw = str(pick(name))
            try:
                parse_many(raw)
            except ValueError:
                raise SettingsError(
                    f"{name} must be rate limits such as '5/minute;20/hour', got {raw!r}"
                ) from None
            return raw

        return cls(
            data_dir=Path(pick("MEDCASE_DATA_DIR")),
            max_file_mb=number("MEDCASE_MAX_FILE_MB", int, 1, 2000),
            max_unpacked_mb=number("MEDCASE_MAX_UNPACKED_MB", int, 1, 4000),
            max_files_per_case=number("MEDCASE_MAX_FILES_PER_CASE", int, 1, 10_000),
            max_case_mb=number("MEDCASE_MAX_CASE_MB", int, 1, 100_000),
            max_files_per_request=number("MEDCASE_MAX_FILES_PER_REQUEST", int, 1, 10_000),
            max_request_mb=number("MEDCASE_MAX_REQUEST_MB", int, 1, 100_000),
            analyzer_workers=number("MEDCASE_ANALYZER_WORKERS", int, 1, 64),
            analyzer=choice("MEDCASE_ANALYZER", ANALYZER_PLACES),
            worker_poll_seconds=number("MEDCASE_WORKER_POLL_SECONDS", float, 0.05, 60),
            analyzer_nice=number("MEDCASE_ANALYZER_NICE", int, 0, 19),
            analysis_stale_seconds=number("MEDCASE_ANALYSIS_STALE_SECONDS", int, 8, 86_400),
            analysis_deadline_minutes=number("MEDCASE_ANALYSIS_DEADLINE_MINUTES", int, 1, 1440),
            analysis_max_attempts=number("MEDCASE_ANALYSIS_MAX_ATTEMPTS", int, 1, 20),
            file_reading_seconds=number("MEDCASE_FILE_READING_SECONDS", float, 1, 3600),
            file_reading_mb=number("MEDCASE_FILE_READING_MB", int, 64, 65_536),
            file_readers=number("MEDCASE_FILE_READERS", int, 1, 64),
            clinic_timezone=_zone_name(pick("MEDCASE_CLINIC_TIMEZONE")),
            jwt_secret=pick("MEDCASE_JWT_SECRET"),
            # At least 15: the dashboard refreshes a token 10 minutes before it expires.
            access_token_minutes=number("MEDCASE_ACCESS_TOKEN_MINUTES", int, 15, 1440),
            sign_in_account_limits=rate_limits("MEDCASE_SIGN_IN_ACCOUNT_LIMITS"),
            sign_in_address_limits=rate_limits("MEDCASE_SIGN_IN_ADDRESS_LIMITS"),
            sign_up_address_limits=rate_limits("MEDCASE_SIGN_UP_ADDRESS_LIMITS"),
            trusted_proxies=_proxies(pick("MEDCASE_TRUSTED_PROXIES")),
            password_hashes_at_once=number("MEDCASE_PASSWORD_HASHES_AT_ONCE", int, 1, 64),
            insights_key=pick("MEDCASE_INSIGHTS_KEY"),
            supabase_url=pick("SUPABASE_URL"),
            supabase_anon_key=pick("SUPABASE_ANON_KEY"),
            supabase_analyzer_key=pick("SUPABASE_ANALYZER_KEY"),
            openai_api_key=pick("OPENAI_API_KEY"),
            openai_base_url=pick("OPENAI_BASE_URL"),
            openai_text_model=pick("OPENAI_TEXT_MODEL"),
            openai_vision_model=pick("OPENAI_VISION_MODEL"),
            openai_timeout_seconds=number("OPENAI_TIMEOUT_SECONDS", float, 1, 600),
            openai_max_retries=number("OPENAI_MAX_RETRIES", int, 0, 10),
            cors_origins=_origins(pick("MEDCASE_CORS_ORIGINS")),
            fhir_patient_name=flag("MEDCASE_FHIR_PATIENT_NAME"),
        )


def _zone_name(raw: Any) -> str | None:
    """An IANA time zone name the zone database knows, or None when unset."""
    if raw is None or not str(raw).strip():
        return None
    name = str(raw).strip()
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingsError(
            f"MEDCASE_CLINIC_TIMEZONE must be a time zone name such as 'Europe/Paris', got {raw!r}"
        ) from None
    return name


def _proxies(raw: Any) -> tuple[str, ...]:
    """Trusted proxies' addresses or networks, each checked."""
    entries = _origins(raw)
    try:
        trusted_networks(entries)
    except ValueError:
        raise SettingsError(
            f"MEDCASE_TRUSTED_PROXIES must be addresses or networks such as"
            f" '127.0.0.1,10.0.0.0/8', got {raw!r}"
        ) from None
    return entries


def _origins(raw: Any) -> tuple[str, ...]:
    """Origins from a comma-separated string (environment) or a list (secrets.toml)."""
    if raw is None:
        return ()
    items = raw.split(",") if isinstance(raw, str) else raw
    return tuple(origin.strip().rstrip("/") for origin in map(str, items) if origin.strip())
