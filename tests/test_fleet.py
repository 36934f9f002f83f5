"""Many waiting processes on one machine, one poll stream per mailbox (docs/fleets.md).

Real worker processes (``tests/fleet_worker.py``) wait with the real Reader and the real
SDK stacks on one fake Gmail and one fake Graph mailbox served by this process
(``tests/fleet.py``), so every request any of them makes is counted here.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fakes.graph import GraphFault
from fakes.remote import GRAPH_BOX
from fleet import GMAIL_BOX, Fleet, otp_mail

INTERVAL = 0.2
WINDOW = 2.0
"""Seconds every worker waits, idle, while the polls are counted."""


@pytest.fixture
def fleet(tmp_path: Path, service_account_info: dict[str, Any]) -> Iterator[Fleet]:
    fleet = Fleet(tmp_path, service_account_info)
    try:
        yield fleet
    finally:
        fleet.close()


def _address(provider: str, local: str) -> str:
    box = GMAIL_BOX if provider == "gmail" else GRAPH_BOX
    name, _, domain = box.partition("@")
    return f"{name}+{local}@{domain}"


@pytest.mark.parametrize("provider", ["gmail", "graph"])
def test_four_waiting_processes_cost_one_poll_stream(fleet: Fleet, provider: str) -> None:
    to = _address(provider, "signup")
    workers = [fleet.start(provider, to, ["code"], interval=INTERVAL) for _ in range(4)]
    for worker in workers:
        worker.expect("READY 0", 60)
    before = fleet.polls(provider)
    time.sleep(WINDOW)
    idle_polls = fleet.polls(provider) - before
    fleet.deliver(provider, to, "Your code", "123456")
    results = [worker.result(30) for worker in workers]

    assert [r["codes"] for r in results] == [["123456"]] * 4
    # One stream polls WINDOW / INTERVAL = 10 times; four processes on their own, 40.
    assert idle_polls <= 1.5 * WINDOW / INTERVAL, idle_polls


def _rounds(
    fleet: Fleet,
    workers: list[Any],
    provider: str,
    to: str,
    mails: list[list[str]],
    first: int = 0,
) -> None:
    """Each round: every worker is ready, then the round's mails arrive in that order."""
    for number, codes in enumerate(mails, first):
        for worker in workers:
            worker.expect(f"READY {number}", 60)
        # together: no poll between them, so "newest first" has one answer
        if provider == "graph":
            fleet.upstreams.deliver_graph_together(
                [{"to": to, "subject": "Your code", "body": f"Your code is {c}"} for c in codes]
            )
        else:
            fleet.upstreams.deliver_gmail_together([otp_mail(to, "Your code", c) for c in codes])


@pytest.mark.parametrize("provider", ["gmail", "graph"])
def test_every_process_gets_what_a_lone_waiter_gets(fleet: Fleet, provider: str) -> None:
    """Newest first, only mail after its own mark, nothing twice: as alone."""
    mails = [["111111", "222222"], ["333333"]]
    answers = []
    for label, count in (("alone", 1), ("fleet", 4)):
        to = _address(provider, label)
        fleet.deliver(provider, to, "Your code", "000000")  # before every mark: never counts
        workers = [fleet.start(provider, to, ["code", "code"]) for _ in range(count)]
        _rounds(fleet, workers, provider, to, mails)
        answers.append([[_answer(w.result(30)) for _ in mails] for w in workers])
    alone, together = answers

    assert alone == [[("ok", ["222222"]), ("ok", ["333333"])]]
    assert together == alone * 4


def _answer(result: dict[str, Any]) -> tuple[str, list[str]] | tuple[str, str]:
    """What a wait returned: its status and codes (or its error, to say what went wrong)."""
    if result["status"] != "ok":
        return result["status"], result["error"]
    return result["status"], result["codes"]


@pytest.mark.parametrize("provider", ["gmail", "graph"])
def test_a_killed_watcher_is_replaced_and_no_mail_is_lost_or_repeated(
    fleet: Fleet, provider: str
) -> None:
    to = _address(provider, "takeover")
    # A slow poll, so that the mail below arrives after the watcher's last poll.
    watcher = fleet.start(provider, to, ["code"], interval=1.0)
    watcher.expect("READY 0", 60)
    others = [fleet.start(provider, to, ["code", "code"], interval=1.0) for _ in range(3)]
    for worker in others:
        worker.expect("READY 0", 60)

    fleet.deliver(provider, to, "Your code", "111111")
    os.kill(watcher.process.pid, signal.SIGKILL)
    first = [w.result(30) for w in others]
    _rounds(fleet, others, provider, to, [["222222"]], first=1)
    second = [w.result(30) for w in others]

    assert watcher.process.wait(10) == -signal.SIGKILL
    assert [_answer(r) for r in first] == [("ok", ["111111"])] * 3
    assert [_answer(r) for r in second] == [("ok", ["222222"])] * 3


def test_graph_never_has_two_requests_in_flight_for_the_mailbox(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    """Not even when the watcher exits while others wait: it hands over after its request
    in flight (slow here, 0.3 s) has finished."""
    fleet = Fleet(tmp_path, service_account_info, latency=0.3)
    try:
        _one_request_in_flight(fleet)
    finally:
        fleet.close()


def _one_request_in_flight(fleet: Fleet) -> None:
    to = _address("graph", "inflight")
    leaving = fleet.start("graph", to, ["code"], interval=0.1)
    leaving.expect("READY 0", 60)
    staying = [fleet.start("graph", to, ["code", "code"], interval=0.1) for _ in range(3)]
    _rounds(fleet, staying, "graph", to, [["111111"]])
    assert _answer(leaving.result(30)) == ("ok", ["111111"])
    assert leaving.process.wait(30) == 0
    _rounds(fleet, staying, "graph", to, [["222222"]], first=1)
    results = [[_answer(w.result(30)) for _ in range(2)] for w in staying]

    assert results == [[("ok", ["111111"]), ("ok", ["222222"])]] * 3
    assert fleet.upstreams.graph_max_in_flight() == 1


def test_retry_after_holds_for_every_waiting_process_at_once(fleet: Fleet) -> None:
    to = _address("graph", "throttled")
    workers = [fleet.start("graph", to, ["code"], interval=0.1) for _ in range(3)]
    for worker in workers:
        worker.expect("READY 0", 60)
    throttled = json.dumps(
        {
            "error": {
                "code": "ApplicationThrottled",
                "message": "Application is over its MailboxConcurrency limit.",
            }
        }
    )
    fleet.upstreams.fail_graph(
        "messages.list", GraphFault(status=429, body=throttled, headers={"Retry-After": "2"})
    )
    time.sleep(0.5)  # the next poll is throttled
    fleet.deliver("graph", to, "Your code", "123456")
    results = [_answer(w.result(30)) for w in workers]

    assert results == [("ok", ["123456"])] * 3
    times = sorted(fleet.upstreams.graph_times("messages.list"))
    gaps = [later[0] - earlier[1] for earlier, later in itertools.pairwise(times)]
    # Polls 0.1 s apart, except once: nobody asked before the 2 s had passed.
    assert max(gaps) >= 2.0
    assert sum(1 for gap in gaps if gap >= 1.0) == 1
