"""A worker's poll of the shared queue (core.jobs.workers) against hand-written fakes:
it asks for waiting doctors only when the database changed, a sweep is due, or a doctor
was left waiting because every worker was busy."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from core.jobs.workers import WorkerQueue
from core.models import Doctor
from core.ports import Backend


class Database:
    def __init__(self) -> None:
        self.version = 1
        self.waiting: list[Doctor] = []
        self.looks = 0

    def changes_seen(self) -> int:
        return self.version

    def waiting_doctors(self, stale_before: datetime) -> list[Doctor]:
        self.looks += 1
        return list(self.waiting)

    def open_backend(self) -> Backend:
        raise AssertionError("the fake runner opens nothing")


class Runner:
    def __init__(self) -> None:
        self.free = True
        self.taken: list[str] = []

    def take_queued(self, doctor: Doctor, open_backend: Callable[[], Backend]) -> int:
        if not self.free:
            return 0
        self.taken.append(doctor.user_id)
        return 1


def queue(database: Database, runner: Runner, sweep_seconds: float = 3600) -> WorkerQueue:
    return WorkerQueue(database, runner, timedelta(seconds=30), 0.01, sweep_seconds)


def test_it_looks_only_when_the_database_changed() -> None:
    database, runner = Database(), Runner()
    worker = queue(database, runner)
    assert worker.poll_once() == 0 and database.looks == 1  # the first poll always looks
    assert worker.poll_once() == 0 and database.looks == 1  # nothing changed: no query
    database.waiting = [Doctor("dr-a", "")]
    database.version += 1  # the dashboard committed a new case
    assert worker.poll_once() == 1
    assert runner.taken == ["dr-a"] and database.looks == 2


def test_a_doctor_left_waiting_by_busy_workers_is_looked_for_again_unchanged() -> None:
    database, runner = Database(), Runner()
    database.waiting = [Doctor("dr-a", "")]
    runner.free = False
    worker = queue(database, runner)
    assert worker.poll_once() == 0
    runner.free = True  # a job finished; its last write may have been seen already
    assert worker.poll_once() == 1
    assert database.looks == 2


def test_a_sweep_looks_for_claims_gone_stale_without_any_change() -> None:
    database, runner = Database(), Runner()
    worker = queue(database, runner, sweep_seconds=0)
    worker.poll_once()
    worker.poll_once()
    assert database.looks == 2
