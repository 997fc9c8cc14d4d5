"""The embedded database's connections: a thread's own while it lives, handed to the next
thread once it ends (Streamlit runs each script run on a new thread; a new connection per
click cost 2 ms of CPU), never two live threads on one."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from core.backends.sqlite_db import IDLE_CONNECTIONS, SqliteDatabase

T = TypeVar("T")


def on_a_thread(work: Callable[[], T]) -> T:
    """``work`` run on a new thread that then ends, as a script run does."""
    done: list[T] = []
    thread = threading.Thread(target=lambda: done.append(work()))
    thread.start()
    thread.join()
    return done[0]


def test_a_new_thread_takes_over_the_connection_of_an_ended_one(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "medcase.sqlite3")
    # A temporary table lives in its connection only: it marks which one a thread has.
    on_a_thread(lambda: db.connection().execute("CREATE TEMP TABLE marked (x)"))
    marked, foreign_keys, folded = on_a_thread(
        lambda: (
            db.connection().execute("SELECT count(*) FROM temp.sqlite_master").fetchone()[0],
            db.connection().execute("PRAGMA foreign_keys").fetchone()[0],
            db.connection().execute("SELECT medcase_fold('ÄB')").fetchone()[0],
        )
    )
    assert marked == 1
    assert foreign_keys == 1  # the pragmas and functions came with it
    assert folded == "äb"


def test_live_threads_never_share_a_connection(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "medcase.sqlite3")
    on_a_thread(db.connection)  # one idle connection to take over
    held: list[int] = []
    both_hold = threading.Barrier(2)

    def hold() -> None:
        held.append(id(db.connection()))
        both_hold.wait(timeout=10)  # neither ends before the other has its connection

    threads = [threading.Thread(target=hold) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(held)) == 2


def test_a_connection_left_in_a_transaction_is_closed_not_handed_on(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "medcase.sqlite3")

    def begin_and_end() -> sqlite3.Connection:
        connection = db.connection()
        connection.execute("BEGIN IMMEDIATE")
        return connection

    left = on_a_thread(begin_and_end)
    assert on_a_thread(lambda: db.connection() is not left)
    # The file's write lock went with it: another thread can write.
    on_a_thread(lambda: db.connection().execute("BEGIN IMMEDIATE").execute("ROLLBACK"))


def test_at_most_so_many_idle_connections_are_kept(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "medcase.sqlite3")
    go = threading.Event()
    threads = [
        threading.Thread(target=lambda: (db.connection(), go.wait(timeout=10)))
        for _ in range(IDLE_CONNECTIONS + 3)
    ]
    for thread in threads:
        thread.start()
    go.set()
    for thread in threads:
        thread.join()
    assert len(db._idle) == IDLE_CONNECTIONS
