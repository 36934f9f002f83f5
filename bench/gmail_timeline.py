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

import asyncio
import collections
import functools
import statistics
import sys
import time
from typing import Any

from gmail_wall import TO, check, load, options, warm_reader


def main() -> int:
    args = options(__doc__ or "", 30)
    tree = args.tree
    kit = load(tree)
    import otpmail._core._egress as egress
    import otpmail._providers._gmail as gmail
    import otpmail._reading._reader as reader_module

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

    timed(kit.harness.BenchGmail, "handle", "request at the fake")
    timed(egress, "check", "egress check")
    timed(gmail, "parse_rfc822", "decoding")
    timed(reader_module.Reader, "_annotate", "extraction")
    marks: dict[str, list[float]] = collections.defaultdict(list)

    async def once(measured: bool) -> None:
        _, reader = await warm_reader(kit, args.latency)
        events.clear()
        recording[0] = measured
        started = time.perf_counter()
        envelope = await reader.read_emails(to=TO, after="5m")
        ended = time.perf_counter()
        recording[0] = False
        await reader.aclose()
        check(envelope)
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
