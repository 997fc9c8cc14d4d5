"""A throwaway PostgreSQL 15 cluster for the Supabase tests.

The cluster lives in a temporary folder owned by the ``postgres`` user (initdb refuses to
run as root), listens only on a unix socket in that folder, and trades durability for
speed (no fsync). A database made with :meth:`PostgresCluster.supabase_database` has the
Supabase stand-in (bootstrap.sql) and then every migration of ``supabase/migrations``,
applied unchanged.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

BIN = Path(os.environ.get("MEDCASE_PG_BIN", "/usr/lib/postgresql/15/bin"))
ROOT = Path(__file__).resolve().parents[2]
BOOTSTRAP = Path(__file__).with_name("bootstrap.sql")
MIGRATIONS = ROOT / "supabase" / "migrations"


def unavailable_reason() -> str | None:
    """Why a cluster cannot be started here, or None when it can."""
    if not (BIN / "initdb").is_file():
        return f"PostgreSQL 15 binaries not found in {BIN} (apt-get install postgresql-15)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, but there is no postgres user to own the cluster"
        if shutil.which("runuser") is None:
            return "running as root without runuser to drop to the postgres user"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresCluster:
    """initdb + pg_ctl start on :meth:`start`; pg_ctl stop and cleanup on :meth:`stop`."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="medcase-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._as_root = os.geteuid() == 0

    def _run(self, *command: str, check: bool = True) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_root else []
        subprocess.run([*prefix, *command], check=check, capture_output=True, timeout=120)

    def start(self) -> PostgresCluster:
        if self._as_root:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self._run(
            str(BIN / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C.UTF-8",  # as on Supabase: lower() folds more than ASCII
            "--no-sync",
        )
        options = (
            f"-k {self.folder} -p {self.port} -c listen_addresses='' -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            str(BIN / "pg_ctl"),
            "start",
            "-w",
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-o",
            options,
        )
        return self

    def stop(self) -> None:
        """Stop the server if it runs, and remove the folder either way."""
        if (self.data / "postmaster.pid").exists():
            self._run(
                str(BIN / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate", check=False
            )
        shutil.rmtree(self.folder, ignore_errors=True)

    def conninfo(self, dbname: str = "postgres") -> str:
        return f"host={self.folder} port={self.port} user=postgres dbname={dbname}"

    def connect(self, dbname: str = "postgres", **options) -> psycopg.Connection:
        return psycopg.connect(self.conninfo(dbname), **options)

    def supabase_database(self, dbname: str) -> str:
        """Create ``dbname`` as a fresh Supabase project with our migrations applied."""
        with self.connect(autocommit=True) as admin:
            admin.execute(f'create database "{dbname}"')
        with self.connect(dbname) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in sorted(MIGRATIONS.glob("*.sql")):
                connection.execute(migration.read_text())
        return dbname
