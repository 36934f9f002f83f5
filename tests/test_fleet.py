"""Many waiting processes on one machine, one poll stream per mailbox (docs/fleets.md).

Real worker processes (``tests/fleet_worker.py``) wait with the real Reader and the real
SDK stacks on one fake Gmail and one fake Graph mailbox served by this process
(``tests/fleet.py``), so every request any of them makes is counted here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fakes.remote import GRAPH_BOX
from fleet import GMAIL_BOX, Fleet

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

    print("idle polls", idle_polls)
    assert [r["codes"] for r in results] == [["123456"]] * 4
    # One stream polls WINDOW / INTERVAL = 10 times; four processes on their own, 40.
    assert idle_polls <= 1.5 * WINDOW / INTERVAL, idle_polls
