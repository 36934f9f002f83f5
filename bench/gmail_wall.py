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
from types import SimpleNamespace
from typing import Any

TO = "qa+many@example.com"
"""The read's recipient: 12 matching mails in the fake, 5 s apart."""


def options(doc: str, reads: int) -> argparse.Namespace:
    """The command line of this script and of ``bench/gmail_timeline.py``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=reads, help="measured reads")
    parser.add_argument("--latency", type=float, default=0.05, help="seconds per request")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    args.tree = args.tree.resolve()
    return args


def load(tree: Path) -> SimpleNamespace:
    """``tree``'s src, bench harness and fakes, with the network guarded; the read's
    pieces as attributes."""
    sys.path[:0] = [str(tree / "bench"), str(tree / "src"), str(tree / "tests")]
    import _harness
    import _reads

    import otpmail

    assert Path(otpmail.__file__).is_relative_to(tree), otpmail.__file__
    _harness.guard_network()
    return SimpleNamespace(harness=_harness, reads=_reads, files=_harness.make_files())


async def warm_reader(kit: SimpleNamespace, latency: float) -> tuple[Any, Any]:
    """A fake Gmail holding the read's mail and a Reader that has read once (token
    cached, worker threads warm): the state the measured read starts from."""
    fake = kit.harness.BenchGmail(latency, True)
    kit.reads.gmail_background(fake)
    kit.reads.gmail_mail(fake, TO, 12, start=10)
    kit.reads.gmail_mail(fake, kit.reads.WARM_UP["to"], 10, start=30)
    reader = kit.reads.gmail_reader(kit.files.gmail, fake)
    await reader.read_emails(**kit.reads.WARM_UP)
    return fake, reader


def check(envelope: dict[str, Any]) -> None:
    assert envelope["status"] == "ok" and len(envelope["data"]["emails"]) == 10, envelope


def main() -> int:
    args = options(__doc__ or "", 20)
    tree = args.tree
    kit = load(tree)

    async def once() -> tuple[Any, float, float]:
        fake, reader = await warm_reader(kit, args.latency)
        probe = kit.harness.Probe(fake)
        fake_cpu, cpu = fake.cpu_seconds, time.process_time()
        probe.start()
        envelope = await reader.read_emails(to=TO, after="5m")
        figures = probe.stop()
        total = time.process_time() - cpu
        check(envelope)
        await reader.aclose()
        return figures, total, fake.cpu_seconds - fake_cpu

    asyncio.run(once())  # the process's first read: imports, the Public Suffix List
    load_average = os.getloadavg()[0]
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
        f"load average {load_average:.2f} -> {os.getloadavg()[0]:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
