"""The Gmail ten-message read of ``bench/run.py`` ("ten messages (12 match)", token cached,
worker threads warm, 50 ms latency) measured ``-n`` times in one process: median, min and
max wall time, CPU with and without the fake's own work, round trips, the load average.

    .venv/bin/python bench/gmail_wall.py                       # this checkout, 20 reads
    .venv/bin/python bench/gmail_wall.py --tree /path/to/other  # another checkout's src,
                                                                # bench harness and fakes

One read of ``bench/run.py`` is one sample, and on a shared machine one sample can be off
by half; compare checkouts alternately, in the same conditions (issue 19's wall-time target
is 1.3 x two round trips: 130 ms at 50 ms latency).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=20, help="measured reads")
    parser.add_argument("--latency", type=float, default=0.05, help="seconds per request")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    tree = args.tree.resolve()
    sys.path[:0] = [str(tree / "bench"), str(tree / "src"), str(tree / "tests")]
    from _harness import BenchGmail, Probe, guard_network, make_files
    from _reads import WARM_UP, gmail_background, gmail_mail, gmail_reader

    import otpmail

    assert Path(otpmail.__file__).is_relative_to(tree), otpmail.__file__
    guard_network()
    files = make_files()

    async def once() -> tuple[Any, float, float]:
        fake = BenchGmail(args.latency, True)
        gmail_background(fake)
        gmail_mail(fake, "qa+many@example.com", 12, start=10)
        gmail_mail(fake, WARM_UP["to"], 10, start=30)
        reader = gmail_reader(files.gmail, fake)
        await reader.read_emails(**WARM_UP)
        probe = Probe(fake)
        fake_cpu, cpu = fake.cpu_seconds, time.process_time()
        probe.start()
        envelope = await reader.read_emails(to="qa+many@example.com", after="5m")
        figures = probe.stop()
        total = time.process_time() - cpu
        assert envelope["status"] == "ok" and len(envelope["data"]["emails"]) == 10, envelope
        await reader.aclose()
        return figures, total, fake.cpu_seconds - fake_cpu

    asyncio.run(once())  # the process's first read: imports, the Public Suffix List
    load = os.getloadavg()[0]
    runs = [asyncio.run(once()) for _ in range(args.n)]
    wall = [f.wall * 1000 for f, _, _ in runs]

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values):.1f} ms"

    print(f"{tree}: {args.n} reads at {args.latency * 1000:.0f} ms latency")
    print(
        f"wall median {ms(wall)} (min {min(wall):.1f}, max {max(wall):.1f}); "
        f"CPU {ms([t * 1000 for _, t, _ in runs])} in all, the fake's "
        f"{ms([c * 1000 for _, _, c in runs])}, otpmail's (the fake's subtracted) "
        f"{ms([f.cpu * 1000 for f, _, _ in runs])}; round trips "
        f"{sorted({f.round_trips for f, _, _ in runs})}; "
        f"load average {load:.2f} -> {os.getloadavg()[0]:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
