"""Many waiting processes on one machine: what the mailbox pays, and how soon mail is seen.

    .venv/bin/python bench/many_workers.py                    # 1, 4, 16, 32 processes
    .venv/bin/python bench/many_workers.py --counts 1,16 --json
    .venv/bin/python bench/many_workers.py --unshared         # each process polls alone

For each provider (Gmail, Graph) and each process count N, N real worker processes
(``tests/fleet_worker.py``: the real Reader, the real SDK stacks) wait on one fake mailbox.
The fakes (``tests/fakes/remote.py``) are served by this benchmark's process, apart from
every worker, over a Unix socket, so every request of every worker is counted in one
place, with ``--latency`` seconds per request. Each round, every worker enters
``expect_email`` for the round's mail; once all are ready, the mail is delivered after a
random pause (0.2 to 1.5 s, seeded) and every worker waits for it. Counted from the moment
all workers are ready for the first round to the end of the last (start-up excluded):

- requests per minute at the fake (Gmail: all calls; Graph: all requests, token included),
  Gmail quota units per minute (history.list 2, getProfile 1, messages.get 20, list 5);
- Graph: the most requests in flight at once at the fake;
- detection: from the delivery to the worker's ``value()`` returning, median and p90 over
  every worker and round.

``--json`` prints one line with ``gmail_units_ratio_16_to_1`` (goal <= 1.1),
``graph_max_in_flight_16`` (goal 1) and the detection medians per count (goal: no worse
than one process). A benchmark, not a test: it prints figures and exits 0 unless a run
fails.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT / "tests", ROOT / "src", ROOT / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _harness import _service_account_info  # noqa: E402

from fakes.remote import GRAPH_BOX  # noqa: E402
from fleet import GMAIL_BOX, Fleet  # noqa: E402

QUOTA = {"history.list": 2, "getProfile": 1, "messages.get": 20, "messages.list": 5}


@dataclass
class Row:
    provider: str
    processes: int
    sharing: bool
    minutes: float
    requests: int
    units: int
    polls: int
    max_in_flight: int
    detections: list[float]

    def per_minute(self, value: int) -> float:
        return value / self.minutes

    @property
    def median_ms(self) -> float:
        return statistics.median(self.detections) * 1000

    @property
    def p90_ms(self) -> float:
        ordered = sorted(self.detections)
        return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] * 1000


def _address(provider: str, local: str) -> str:
    name, _, domain = (GMAIL_BOX if provider == "gmail" else GRAPH_BOX).partition("@")
    return f"{name}+{local}@{domain}"


def _gmail_counts(fleet: Fleet) -> tuple[int, int]:
    requests = fleet.upstreams.gmail_count(None) - fleet.upstreams.gmail_count("token")
    units = sum(q * fleet.upstreams.gmail_count(op) for op, q in QUOTA.items())
    return requests, units


def run(
    provider: str,
    processes: int,
    *,
    rounds: int,
    interval: float,
    latency: float,
    sharing: bool,
    seed: int,
) -> Row:
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="otpmail-bench-") as folder:
        fleet = Fleet(Path(folder), _service_account_info(), latency=latency)
        try:
            to = _address(provider, f"n{processes}")
            env = {} if sharing else {"OTPMAIL_SHARING": "off"}
            workers = [
                fleet.start(provider, to, ["code"] * rounds, interval=interval, timeout=60, env=env)
                for _ in range(processes)
            ]
            detections: list[float] = []
            started = 0.0
            before = (0, 0, 0)
            for number in range(rounds):
                for worker in workers:
                    worker.expect(f"READY {number}", 300)
                if number == 0:
                    started = time.monotonic()
                    before = _snapshot(fleet, provider)
                time.sleep(chooser.uniform(0.2, 1.5))
                delivered = time.time()
                fleet.deliver(provider, to, "Your code", f"{100000 + number:06d}")
                for worker in workers:
                    result = worker.result(120)
                    if result["status"] != "ok":
                        raise SystemExit(f"a worker's wait failed: {result['error']}")
                    detections.append(result["at"] - delivered)
            minutes = (time.monotonic() - started) / 60
            after = _snapshot(fleet, provider)
            requests, units, polls = (a - b for a, b in zip(after, before, strict=True))
            in_flight = fleet.upstreams.graph_max_in_flight() if provider == "graph" else 0
            return Row(
                provider, processes, sharing, minutes, requests, units, polls, in_flight, detections
            )
        finally:
            fleet.close()


def _snapshot(fleet: Fleet, provider: str) -> tuple[int, int, int]:
    if provider == "gmail":
        requests, units = _gmail_counts(fleet)
        return requests, units, fleet.upstreams.gmail_count("history.list")
    requests = fleet.upstreams.graph_count(None)
    return requests, 0, fleet.polls("graph")


def _print(row: Row) -> None:
    units = f"{row.per_minute(row.units):8.0f}" if row.provider == "gmail" else "       -"
    flight = f"{row.max_in_flight:6d}" if row.provider == "graph" else "     -"
    print(
        f"{row.provider:6} {row.processes:4d} {'shared' if row.sharing else 'alone':7}"
        f"{row.per_minute(row.requests):9.0f} {units} {row.per_minute(row.polls):8.0f} {flight}"
        f"{row.median_ms:9.0f} {row.p90_ms:8.0f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", default="1,4,16,32")
    parser.add_argument("--providers", default="gmail,graph")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--interval", type=float, default=0.5, help="poll interval (s)")
    parser.add_argument("--latency", type=float, default=0.05, help="per request (s)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--unshared", action="store_true", help="OTPMAIL_SHARING=off")
    parser.add_argument("--json", action="store_true", help="one JSON line at the end")
    options = parser.parse_args()
    counts = [int(c) for c in options.counts.split(",")]
    print(
        f"poll interval {options.interval} s, {options.latency * 1000:.0f} ms a request, "
        f"{options.rounds} rounds, {os.cpu_count()} CPUs"
    )
    print("provid. proc mode     req/min units/min poll/min flight  det.med  det.p90 (ms)")
    rows: list[Row] = []
    for provider in options.providers.split(","):
        for count in counts:
            row = run(
                provider,
                count,
                rounds=options.rounds,
                interval=options.interval,
                latency=options.latency,
                sharing=not options.unshared,
                seed=options.seed,
            )
            _print(row)
            rows.append(row)
    if options.json:
        print(json.dumps(_summary(rows)))


def _summary(rows: list[Row]) -> dict[str, Any]:
    by = {(r.provider, r.processes): r for r in rows}
    summary: dict[str, Any] = {}
    one, sixteen = by.get(("gmail", 1)), by.get(("gmail", 16))
    if one and sixteen:
        summary["gmail_units_ratio_16_to_1"] = round(
            sixteen.per_minute(sixteen.units) / one.per_minute(one.units), 3
        )
    if ("graph", 16) in by:
        summary["graph_max_in_flight_16"] = by[("graph", 16)].max_in_flight
    for row in rows:
        summary[f"{row.provider}_detect_median_ms_{row.processes}"] = round(row.median_ms)
        summary[f"{row.provider}_units_per_min_{row.processes}"] = (
            round(row.per_minute(row.units)) if row.provider == "gmail" else None
        )
        summary[f"{row.provider}_requests_per_min_{row.processes}"] = round(
            row.per_minute(row.requests)
        )
    summary["sharing"] = not any(not r.sharing for r in rows)
    return summary


if __name__ == "__main__":
    main()
