"""Where the wall time of ``bench/gmail_wall.py``'s read goes: the moment each step of one
Gmail ten-message read starts and ends (the list and batch requests as the fake sees
them, the egress checks, each message's decoding, each email's extraction), in ms from
the call, medians over ``-n`` reads.

    .venv/bin/python bench/gmail_timeline.py                       # this checkout
    .venv/bin/python bench/gmail_timeline.py --tree /path/to/other  # another checkout

The batch's egress check is the second check (``#2``); it checks each of its ten parts
as a request of its own inside it, so it ends at ``egress check ends #12``. The steps
are timed by wrapping the functions named in the output with
``time.perf_counter``; the wrappers cost a few microseconds each. Compare checkouts
alternately, on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import functools
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=30, help="measured reads")
    parser.add_argument("--latency", type=float, default=0.05, help="seconds per request")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    tree = args.tree.resolve()
    sys.path[:0] = [str(tree / "bench"), str(tree / "src"), str(tree / "tests")]
    from _harness import BenchGmail, guard_network, make_files
    from _reads import WARM_UP, gmail_background, gmail_mail, gmail_reader

    import otpmail._core._egress as egress
    import otpmail._providers._gmail as gmail
    import otpmail._reading._reader as reader_module

    assert Path(gmail.__file__).is_relative_to(tree), gmail.__file__
    guard_network()
    files = make_files()
    events: list[tuple[float, str]] = []
    recording = [False]

    def timed(owner: Any, name: str, label: str) -> None:
        function = getattr(owner, name)

        @functools.wraps(function)
        def wrapper(*a: Any, **k: Any) -> Any:
            if recording[0]:
                events.append((time.perf_counter(), f"{label} starts"))
            try:
                return function(*a, **k)
            finally:
                if recording[0]:
                    events.append((time.perf_counter(), f"{label} ends"))

        setattr(owner, name, wrapper)

    timed(BenchGmail, "handle", "request at the fake")
    timed(egress, "check", "egress check")
    timed(gmail, "parse_rfc822", "decoding")
    timed(reader_module.Reader, "_annotate", "extraction")
    marks: dict[str, list[float]] = collections.defaultdict(list)

    async def once(measured: bool) -> None:
        fake = BenchGmail(args.latency, True)
        gmail_background(fake)
        gmail_mail(fake, "qa+many@example.com", 12, start=10)
        gmail_mail(fake, WARM_UP["to"], 10, start=30)
        reader = gmail_reader(files.gmail, fake)
        await reader.read_emails(**WARM_UP)
        events.clear()
        recording[0] = measured
        started = time.perf_counter()
        envelope = await reader.read_emails(to="qa+many@example.com", after="5m")
        ended = time.perf_counter()
        recording[0] = False
        await reader.aclose()
        assert envelope["status"] == "ok" and len(envelope["data"]["emails"]) == 10, envelope
        if measured:
            seen: collections.Counter[str] = collections.Counter()
            for moment, label in events:
                seen[label] += 1
                marks[f"{label} #{seen[label]}"].append((moment - started) * 1000)
            marks["the call returns"].append((ended - started) * 1000)

    asyncio.run(once(False))  # the process's first read: imports, the Public Suffix List
    for _ in range(args.n):
        asyncio.run(once(True))
    print(f"{tree}: {args.n} reads at {args.latency * 1000:.0f} ms latency, ms from the call")
    for label, moments in sorted(marks.items(), key=lambda item: statistics.median(item[1])):
        if label.startswith(("decoding", "extraction")) and not label.endswith((" #1", " #10")):
            continue  # the first and the last of ten
        if label.startswith("egress") and not label.endswith((" #1", " #2", " #12")):
            continue  # the batch's own check holds one check per part
        print(f"{statistics.median(moments):8.2f}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
