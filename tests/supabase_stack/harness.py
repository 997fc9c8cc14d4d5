"""The contract suite's harness for the Supabase backend, over the local test stack."""

from __future__ import annotations

import shutil
import uuid

from core.backends.supabase import SupabaseBackendProvider
from core.backends.supabase_blobs import BUCKET
from tests.contract.harness import TABLES, SignedIn, with_signer_profile
from tests.supabase_stack.server import SupabaseStack

# auth.users, storage.objects and each table with a foreign key to one already listed.
_EMPTIED_TABLES = """
    with recursive emptied(table_id) as (
        select 'auth.users'::regclass union select 'storage.objects'::regclass
        union
        select c.conrelid from pg_constraint c join emptied e on c.confrelid = e.table_id
        where c.contype = 'f'
    )
    select table_id::text from emptied
"""


class SupabaseHarness:
    """Starts each test from an empty project; looks behind the APIs as the database owner."""

    def __init__(self, stack: SupabaseStack) -> None:
        self.stack = stack
        self.project = stack.project
        with self.project.connect() as connection:
            # Removing the accounts and objects empties every table that refers to them,
            # however indirectly (every case, file row and insight), as TRUNCATE CASCADE
            # would, in a millisecond instead of 65 ms: DELETE on each of those tables,
            # with triggers off (the "never changed" guards, and the cascades done here).
            tables = [row[0] for row in connection.execute(_EMPTIED_TABLES).fetchall()]
            connection.execute("set local session_replication_role = replica")
            for table in tables:
                connection.execute(f"delete from {table}")  # regclass text: quoted names
        shutil.rmtree(self.project.storage_root / BUCKET, ignore_errors=True)
        self.provider = SupabaseBackendProvider(stack.url, stack.anon_key, stack.analyzer_key)

    def sign_up(self) -> SignedIn:
        session = self.provider.accounts.sign_up(
            f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
        )
        # An analysis job's backend, as the app's runner has it: it reads and writes as the
        # doctor, and writes the analysis as the analyzer (the ports' tests run analyses).
        return with_signer_profile(SignedIn(session.doctor, self.provider.for_analysis(session)))

    def row_counts(self) -> dict[str, int]:
        with self.project.connect() as connection:
            return {
                table: connection.execute(f"select count(*) from public.{table}").fetchone()[0]
                for table in TABLES
            }

    def stored_keys(self) -> set[str]:
        """Object rows and stored bytes together: an orphan of either kind shows up."""
        with self.project.connect() as connection:
            rows = connection.execute(
                "select name from storage.objects where bucket_id = %s", [BUCKET]
            ).fetchall()
        root = self.project.storage_root / BUCKET
        on_disk = {
            path.relative_to(root).as_posix()
            for path in root.rglob("*")
            if path.is_file() and not path.name.startswith(".")
        }
        return {name for (name,) in rows} | on_disk

    def close(self) -> None:
        self.provider.close()
