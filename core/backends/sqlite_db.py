"""The embedded database: one SQLite file in WAL mode, a connection per thread."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Each entry moves the schema one version up; PRAGMA user_version records where a file is.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE doctors (
        user_id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        expires_at REAL NOT NULL
    );
    CREATE TABLE cases (
        case_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        patient_name TEXT NOT NULL CHECK (length(patient_name) BETWEEN 1 AND 200),
        patient_age INTEGER NOT NULL CHECK (patient_age BETWEEN 0 AND 150),
        patient_gender TEXT NOT NULL
            CHECK (patient_gender IN ('female', 'male', 'other', 'unknown')),
        case_summary TEXT,
        status TEXT NOT NULL CHECK (status IN
            ('pending', 'analyzing', 'processing', 'completed', 'failed', 'archived')),
        analysis_stage TEXT,
        analysis_error TEXT,
        analysis_claim TEXT,
        analysis_claimed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX cases_owner_created ON cases (user_id, created_at);
    CREATE TRIGGER cases_gender_fixed BEFORE UPDATE OF patient_gender ON cases
        WHEN NEW.patient_gender IS NOT OLD.patient_gender
        BEGIN SELECT RAISE(ABORT, 'patient_gender cannot be changed'); END;
    CREATE TABLE case_files (
        file_id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        file_type TEXT NOT NULL,
        file_size INTEGER NOT NULL CHECK (file_size > 0),
        file_url TEXT NOT NULL UNIQUE,
        file_category TEXT NOT NULL CHECK (file_category IN ('lab', 'radiology')),
        text_data TEXT,
        ai_summary TEXT,
        uploaded_at TEXT NOT NULL
    );
    CREATE INDEX case_files_case ON case_files (case_id, uploaded_at);
    CREATE INDEX case_files_owner ON case_files (user_id);
    CREATE TABLE case_insights (
        case_id TEXT PRIMARY KEY REFERENCES cases(case_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES doctors(user_id) ON DELETE CASCADE,
        ai_insights TEXT NOT NULL,
        generated_at TEXT NOT NULL
    );
    CREATE INDEX case_insights_owner ON case_insights (user_id);
    """,
    # 2: the case list counts a doctor's cases by status from the index alone.
    """
    CREATE INDEX cases_owner_status ON cases (user_id, status);
    """,
)


class SqliteDatabase:
    """Opens the file, migrates the schema, and hands each thread its own connection."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._migrate()

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA busy_timeout=30000")
        # Name search folds case with Unicode rules (SQLite's lower() only knows ASCII).
        connection.create_function("medcase_fold", 1, _folded, deterministic=True)
        return connection

    def connection(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._connect()
            self._local.connection = connection
        return connection

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; BEGIN IMMEDIATE takes the lock up front (no upgrade deadlocks)."""
        connection = self.connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        else:
            connection.execute("COMMIT")

    def _migrate(self) -> None:
        with self.write() as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {number}")


def _folded(text: str | None) -> str | None:
    return text.casefold() if isinstance(text, str) else None


def _statements(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
