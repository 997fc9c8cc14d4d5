"""The server's CPU for opening a case, one open at a time, repeated: what to compare.

``benchmarks.clinic_load`` measures an open on the real server from /proc (the click's run
of the list, the case page's run, Streamlit writing its messages), one figure per round on a
shared machine. This measures the same open in-process, many times, so that a change can be
compared with the code before it as a ratio: one doctor of ``clinic_load``'s seed (30
completed cases) in AppTest; each open is the list row's click (its fragment's run, which
switches page) and the case page's run, as a first look at that case (an "opened" event,
as every round of ``clinic_load`` opens a case not seen before in that session). Between
opens the doctor goes back to the list (not measured).

For each open: the script thread's CPU (``time.thread_time``) over its runs; the messages
the runs sent (deltas: blocks and elements by type) and their bytes; and the CPU of
serialising them as the server's event loop does before writing them to the browser's
socket (``ForwardMsg.SerializeToString``), the part of an open that is not the script's.
Prints the per-open figures (median and mean over ``--runs``, after ``--warm-up`` opens),
the element counts of the last open, and the Python function calls of an open (cProfile's
count over a few more opens: unlike CPU time, the same on a busy machine as on a quiet
one, so two versions of the code compare on it directly). The last line is exactly
``open_script_ms=A open_serialise_ms=B calls=C messages=D deltas=E blocks=F elements=G kb=H``.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import logging
import os
import statistics
import time
from functools import partial

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.forward_msg_queue import ForwardMsgQueue
from streamlit.testing.v1 import AppTest

from benchmarks.server_cpu import CASES_PAGE, _rows_fragment, signed_in_doctor
from tests.app.fragment_runs import in_fragment
from ui.session import OPENED

ROWS = 23  # the list's first page
CALL_COUNT_OPENS = 5


class SentMessages:
    """Every ForwardMsg the script runs enqueue (the browser queue's input)."""

    def __init__(self) -> None:
        self.messages: list[ForwardMsg] = []

    def install(self) -> None:
        original = ForwardMsgQueue.enqueue
        sent = self

        def recorded(queue: ForwardMsgQueue, msg: ForwardMsg) -> None:
            sent.messages.append(msg)
            original(queue, msg)

        ForwardMsgQueue.enqueue = recorded  # type: ignore[method-assign, assignment]

    def take(self) -> list[ForwardMsg]:
        taken, self.messages = self.messages, []
        return taken


def serialise_seconds(messages: list[ForwardMsg]) -> tuple[float, int]:
    """CPU seconds and bytes of serialising ``messages`` as the server writes them."""
    began = time.thread_time()
    size = sum(len(message.SerializeToString()) for message in messages)
    return time.thread_time() - began, size


def census(messages: list[ForwardMsg]) -> collections.Counter[str]:
    """Deltas by kind: ``block`` for containers, columns, tabs, forms; an element's type."""
    counts: collections.Counter[str] = collections.Counter()
    for message in messages:
        if message.WhichOneof("type") != "delta":
            counts[f"message {message.WhichOneof('type')}"] += 1
            continue
        delta = message.delta
        kind = delta.WhichOneof("type")
        if kind == "new_element":
            counts[delta.new_element.WhichOneof("type") or "element"] += 1
        elif kind == "add_block":
            counts["block"] += 1
        else:
            counts[kind or "delta"] += 1
    return counts


def open_once(app: AppTest, row: int) -> None:
    """The list row's click, as the browser sends it (the rows' fragment), as a first look."""
    app.session_state[OPENED] = set()
    app.session_state["cases_table"] = {
        "selection": {"rows": [], "columns": [], "cells": [[row, "Patient"]]}
    }
    with in_fragment(app, _rows_fragment(app)):
        app.run()
    assert not app.exception, app.exception
    assert app.session_state["open_case_id"], "no case opened"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warm-up", type=int, default=4)
    parser.add_argument(
        "--profile", metavar="FILE", help="also write a cProfile of the opens' script runs"
    )
    options = parser.parse_args()
    logging.disable(logging.WARNING)

    script: list[float] = []
    serialise: list[float] = []
    sizes: list[int] = []
    last: collections.Counter[str] = collections.Counter()
    with signed_in_doctor("medcase-open-") as (app, meter):
        sent = SentMessages()
        sent.install()
        profile = cProfile.Profile(time.thread_time) if options.profile else None
        for number in range(options.warm_up + options.runs):
            if number == options.warm_up:
                print(f"measuring {options.runs} opens", flush=True)
            sent.take()
            meter.profile = profile if number >= options.warm_up else None
            spent = meter.step(partial(open_once, app, number % ROWS))
            meter.profile = None
            messages = sent.take()
            cost, size = serialise_seconds(messages)
            if number >= options.warm_up:
                script.append(spent)
                serialise.append(cost)
                sizes.append(size)
                last = census(messages)
            app.switch_page(CASES_PAGE).run()
            assert not app.exception, app.exception
        # Python function calls per open: a count that the machine's load does not move.
        counter = cProfile.Profile(lambda: 0)
        for number in range(CALL_COUNT_OPENS):
            meter.profile = counter
            meter.step(partial(open_once, app, number % ROWS))
            meter.profile = None
            app.switch_page(CASES_PAGE).run()
        counter.create_stats()
        calls = sum(entry[1] for entry in counter.stats.values()) / CALL_COUNT_OPENS
    if profile is not None:
        profile.dump_stats(options.profile)

    def ms(values: list[float]) -> str:
        median, mean = statistics.median(values) * 1000, statistics.fmean(values) * 1000
        return f"median {median:6.1f} ms, mean {mean:6.1f} ms"

    print(f"script     {ms(script)} over {len(script)} opens (load {os.getloadavg()[0]:.1f})")
    print(f"serialise  {ms(serialise)}")
    print(f"calls      {calls:.0f} Python function calls per open")
    messages_sent = sum(v for k, v in last.items())
    blocks = last["block"]
    deltas = sum(v for k, v in last.items() if not k.startswith("message "))
    kb = statistics.median(sizes) / 1000
    print(
        f"last open: {messages_sent} messages, {deltas} deltas ({blocks} blocks, "
        f"{deltas - blocks} elements), {kb:.1f} KB"
    )
    print("  " + ", ".join(f"{kind} {count}" for kind, count in last.most_common()))
    print(
        f"open_script_ms={statistics.median(script) * 1000:.1f} "
        f"open_serialise_ms={statistics.median(serialise) * 1000:.2f} calls={calls:.0f} "
        f"messages={messages_sent} deltas={deltas} blocks={blocks} "
        f"elements={deltas - blocks} kb={kb:.1f}"
    )


if __name__ == "__main__":
    main()
