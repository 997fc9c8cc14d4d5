"""The shared queue's polling: which doctors this replica takes waiting cases for."""

from __future__ import annotations

import time
from collections.abc import Callable

from core.jobs.shared_queue import SharedQueue
from core.models import Doctor
from core.ports import Backend

ALICE = Doctor("u-alice", "alice@clinic.test")
BOB = Doctor("u-bob", "bob@clinic.test")


class TakingRunner:
    def __init__(self) -> None:
        self.asked: list[str] = []

    def take_queued(self, doctor: Doctor, open_backend: Callable[[], Backend]) -> int:
        self.asked.append(doctor.user_id)
        if doctor is BOB:
            raise ConnectionError("the database is away")
        return 2


def no_backend() -> Backend:
    raise AssertionError("the runner opens backends, not the queue")


def test_each_poll_offers_every_served_doctor_until_their_token_expires() -> None:
    runner = TakingRunner()
    queue = SharedQueue(runner, every_seconds=60)
    queue.serve(ALICE, no_backend, until=time.time() + 60)
    queue.serve(BOB, no_backend, until=time.time() + 60)
    # Bob's failure is logged; Alice's jobs still start.
    assert queue.poll_once() == 2
    assert sorted(runner.asked) == ["u-alice", "u-bob"]
    # The next poll starts with the other doctor, so few workers cannot starve one of them.
    queue.poll_once()
    assert runner.asked[2] != runner.asked[0]

    queue.forget(BOB)
    queue.serve(ALICE, no_backend, until=time.time() - 1)  # her token has expired
    assert queue.poll_once() == 0
    assert queue.served == 0


def test_the_poller_thread_polls_until_stopped() -> None:
    runner = TakingRunner()
    queue = SharedQueue(runner, every_seconds=0.02)
    queue.serve(ALICE, no_backend, until=time.time() + 60)
    queue.start()
    deadline = time.monotonic() + 5
    while len(runner.asked) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    queue.stop()
