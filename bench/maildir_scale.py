"""A Maildir read at scale (issue 14): 1,000 / 10,000 / 100,000 small realistic messages.

    .venv/bin/python bench/maildir_scale.py                 # all sizes, 3 runs each
    .venv/bin/python bench/maildir_scale.py --sizes 10000 --runs 5
    .venv/bin/python bench/maildir_scale.py --keep /tmp/maildirs   # build once, reuse

Builds the Maildirs (``bench/_maildir_corpus.py``: many plus-addresses of one domain, a
third multipart, encoded names and subjects, Delivered-To and X-RcptTo headers) in a
temporary folder, then measures, each in a **fresh process** (median of ``--runs``, wall
time and peak RSS from ``wait4``):

- ``otpmail read --to RECENT --latest`` (an address with recent mail),
- ``otpmail read --to SPREAD`` (the ten newest of 100 spread over the mailbox),
- ``otpmail read --to SPREAD --count``,
- ``otpmail read --to NOBODY`` (no mail at all),

side by side with the plain stdlib scan (``bench/_maildir_naive.py``: ``mailbox.Maildir``
filtering on ``To:``) for the same question; then the same reads **on a Reader that has
read the mailbox before** (median of 5 repeats in one process); then, at the largest size,
``wait_for_email``: how long after a delivery the wait returns (median of 10 deliveries;
the Maildir poll interval is 0.25 s), and what idle polls cost (folder listings, parses).
Prints the load average before and after each size: figures from a busy machine are not
the machine's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
for _path in (ROOT / "src", BENCH):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _fresh import fresh_env  # noqa: E402
from _maildir_corpus import NOBODY, RECENT, RECENT_CODE, SPREAD, SPREAD_COUNT, build  # noqa: E402

QUERIES: dict[str, tuple[str, list[str]]] = {
    "latest (recent mail)": (RECENT, ["--latest"]),
    "ten newest": (SPREAD, []),
    "count": (SPREAD, ["--count"]),
    "no mail": (NOBODY, []),
}
NAIVE_MODE = {"latest (recent mail)": "latest", "ten newest": "ten", "count": "count"}
TARGETS = {"latest (recent mail)": 0.5, "ten newest": 2.0, "count": 2.0, "no mail": 2.0}
WARM_TARGET = 0.1
RSS_TARGET_MIB = 150
SPEEDUP_TARGET = 5.0


def _env() -> dict[str, str]:
    return fresh_env(ROOT)


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


class Run(NamedTuple):
    wall: float
    cpu: float
    """User and system seconds of the process: what a busy machine inflates least."""
    rss_mib: float
    status: int
    out: str


def _run(command: list[str]) -> Run:
    """One fresh process: its wall and CPU seconds, peak RSS, exit status and output."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env(), cwd=ROOT
    )
    assert child.stdout is not None
    out = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return Run(time.perf_counter() - started, cpu, usage.ru_maxrss / 1024, child.returncode, out)


def _config(folder: Path, maildir: Path) -> Path:
    path = folder / f"{maildir.name}.yaml"
    path.write_text(
        "email:\n  deadline_seconds: 3600\n  mailboxes:\n    - provider: maildir\n"
        f"      address: qa@example.com\n      path: {maildir}\n"
    )
    return path


def _otpmail(config: Path, to: str, extra: list[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "otpmail",
        "read",
        "--to",
        to,
        *extra,
        "--integrations",
        str(config),
    ]


def _check(name: str, out: str) -> str:
    """What the answer was, checked against what the corpus holds."""
    data = json.loads(out)
    if name == "no mail":
        assert data.get("code") == "no_emails_found", data
        return "none"
    assert data["status"] == "ok", data
    if name == "count":
        assert data["data"]["count"] == SPREAD_COUNT, data
        return f"{SPREAD_COUNT} counted"
    emails = data["data"]["emails"]
    if name.startswith("latest"):
        assert RECENT_CODE in emails[0]["body"], emails
    else:
        assert len(emails) == 10, emails
    return f"{len(emails)} email(s)"


def fresh(config: Path, maildir: Path, n: int, runs: int) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for name, (to, extra) in QUERIES.items():
        ours = [_run(_otpmail(config, to, extra)) for _ in range(runs)]
        answer = _check(name, ours[0].out)
        mode = NAIVE_MODE.get(name, "ten")
        naive_cmd = [sys.executable, str(BENCH / "_maildir_naive.py"), str(maildir), to, mode]
        # The baseline takes half a minute a run at 100,000: once is enough there.
        naive = [_run(naive_cmd) for _ in range(runs if n < 100_000 else 1)]
        rows[name] = {
            "otpmail_s": statistics.median(r.wall for r in ours),
            "otpmail_cpu_s": statistics.median(r.cpu for r in ours),
            "otpmail_rss_mib": max(r.rss_mib for r in ours),
            "naive_s": statistics.median(r.wall for r in naive),
            "naive_cpu_s": statistics.median(r.cpu for r in naive),
            "naive_rss_mib": max(r.rss_mib for r in naive),
            "answer": answer,
        }
    return rows


def indexed(config: Path, cache: Path, runs: int) -> dict[str, Any]:
    """The same fresh reads with the prototype's SQLite index, after a first process that
    read every header block and wrote the index (a count for an address with no mail)."""
    shutil.rmtree(cache, ignore_errors=True)
    script = [sys.executable, str(BENCH / "_maildir_sqlite.py"), str(config), str(cache)]
    build = _run([*script, NOBODY, "count"])
    built = json.loads(build.out)
    rows: dict[str, Any] = {
        "build": {
            "seconds": build.wall,
            "cpu_s": build.cpu,
            "rss_mib": build.rss_mib,
            "rows": built["written"],
            "index_mib": built["index_bytes"] / 2**20,
        }
    }
    for name, (to, _) in QUERIES.items():
        mode = "nobody" if name == "no mail" else NAIVE_MODE[name]
        done = [_run([*script, to, mode]) for _ in range(runs)]
        rows[name] = {
            "fresh_s": statistics.median(r.wall for r in done),
            "cpu_s": statistics.median(r.cpu for r in done),
            "rss_mib": max(r.rss_mib for r in done),
            "loaded": json.loads(done[-1].out)["loaded"],
        }
    return rows


# -- in a child process: a Reader that has read the mailbox before ------------------------


async def _warm(config: str, repeats: int) -> dict[str, Any]:
    from otpmail import Reader

    rows: dict[str, Any] = {}
    for name, (to, extra) in QUERIES.items():
        async with Reader(config) as reader:
            latest, count = "--latest" in extra, "--count" in extra
            started = time.perf_counter()
            await reader.read_emails(to, latest=latest, count=count)
            first = time.perf_counter() - started
            times, cpus = [], []
            for _ in range(repeats):
                started, cpu = time.perf_counter(), time.process_time()
                await reader.read_emails(to, latest=latest, count=count)
                times.append(time.perf_counter() - started)
                cpus.append(time.process_time() - cpu)
            provider: Any = next(iter(reader._providers.values()))
            rows[name] = {
                "first_s": first,
                "warm_s": statistics.median(times),
                "warm_cpu_s": statistics.median(cpus),
                "parses": provider.parses,
                "listings": provider._index.listings,
            }
    return rows


async def _wait(config: str, maildir: str, deliveries: int) -> dict[str, Any]:
    from otpmail import Reader

    box = Path(maildir)
    latencies = []
    async with Reader(config) as reader:
        # Idle: a wait on an address that gets no mail, with the folders unchanged.
        await reader.read_emails(NOBODY)  # the listing a first read takes anyway
        provider: Any = next(iter(reader._providers.values()))
        before = (provider._index.listings, provider.parses)
        started = time.perf_counter()
        await reader.wait_for_email("qa+idle@example.com", timeout=3)
        idle_s = time.perf_counter() - started
        idle = (provider._index.listings - before[0], provider.parses - before[1])
        for n in range(deliveries):
            address = f"qa+wait{n}@example.com"
            waiter = asyncio.create_task(reader.wait_for_email(address, timeout=15))
            await asyncio.sleep(0.3 + (n % 5) / 10)
            name = f"{int(time.time())}.M{n}P99Q{n}.bench-wait"
            (box / "tmp" / name).write_bytes(
                f"From: a@acme.example\r\nTo: {address}\r\nSubject: wait {n}\r\n\r\n"
                f"Your code is {n:06d}\r\n".encode()
            )
            os.rename(box / "tmp" / name, box / "new" / name)
            delivered = time.perf_counter()
            envelope = await waiter
            latencies.append(time.perf_counter() - delivered)
            assert envelope["status"] == "ok", envelope
            os.unlink(box / "new" / name)
    return {
        "median_s": statistics.median(latencies),
        "max_s": max(latencies),
        "idle_s": idle_s,
        "idle_listings": idle[0],
        "idle_parses": idle[1],
    }


def _child(args: list[str]) -> int:
    kind = args[0]
    if kind == "warm":
        result = asyncio.run(_warm(args[1], int(args[2])))
    else:
        result = asyncio.run(_wait(args[1], args[2], int(args[3])))
    print(json.dumps(result))
    return 0


# -- the report --------------------------------------------------------------------------


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="build the Maildirs here once and reuse them")
    parser.add_argument("--deliveries", type=int, default=10)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--index",
        action="store_true",
        help="at the largest size, also measure the SQLite-index prototype (bench/_maildir_sqlite.py)",
    )
    parser.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return _child(options.child)

    sizes = [int(s) for s in options.sizes.split(",")]
    work = options.keep or Path(tempfile.mkdtemp(prefix="otpmail-maildir-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"sizes": {}}
    failures = []
    try:
        for n in sizes:
            maildir = work / f"maildir-{n}"
            if not (maildir / ".built").exists():
                shutil.rmtree(maildir, ignore_errors=True)
                print(f"building {n:,} messages in {maildir} …", flush=True)
                build(maildir, n, now=time.time() - 120)
                (maildir / ".built").write_text(str(n))
                time.sleep(2.5)  # let the folders' times settle, as a quiet mailbox's have
            config = _config(work, maildir)
            load_before = _load()
            rows = fresh(config, maildir, n, options.runs)
            warm_cmd = [sys.executable, __file__, "--child", "warm", str(config), "5"]
            done = _run(warm_cmd)
            assert done.status == 0, done.out
            warm = json.loads(done.out)
            entry: dict[str, Any] = {"fresh": rows, "warm": warm, "load": [load_before]}
            if n == max(sizes):
                wait_cmd = [sys.executable, __file__, "--child", "wait", str(config)]
                done = _run([*wait_cmd, str(maildir), str(options.deliveries)])
                assert done.status == 0, done.out
                entry["wait"] = json.loads(done.out)
            if options.index and n == max(sizes):
                entry["index"] = indexed(config, work / "index-cache", options.runs)
            entry["load"].append(_load())
            report["sizes"][n] = entry

            print(f"\n{n:,} messages ({entry['load'][0]} before, {entry['load'][1]} after)")
            print(
                "  wall seconds (CPU seconds) of a fresh process; the warm Reader in ms"
                f"\n  {'query':22} {'otpmail fresh':>16} {'stdlib scan':>16} {'speed-up':>9} "
                f"{'RSS MiB':>8} {'warm Reader':>16}  answer"
            )
            for name, row in rows.items():
                speedup = row["naive_s"] / row["otpmail_s"]
                hot = warm[name]
                print(
                    f"  {name:22} {row['otpmail_s']:>7.3f} ({row['otpmail_cpu_s']:.3f}) "
                    f"{row['naive_s']:>7.3f} ({row['naive_cpu_s']:.3f}) {speedup:>8.1f}x "
                    f"{row['otpmail_rss_mib']:>8.1f} {hot['warm_s'] * 1000:>7.1f} "
                    f"({hot['warm_cpu_s'] * 1000:.1f})  {row['answer']}"
                )
                if n >= 100_000:
                    if row["otpmail_s"] > TARGETS[name]:
                        failures.append(f"{n}: {name} fresh {row['otpmail_s']:.2f}s")
                    if name != "latest (recent mail)" and warm[name]["warm_s"] > WARM_TARGET:
                        failures.append(f"{n}: {name} warm {warm[name]['warm_s']:.3f}s")
                    if row["otpmail_rss_mib"] > RSS_TARGET_MIB:
                        failures.append(f"{n}: {name} RSS {row['otpmail_rss_mib']:.0f} MiB")
                if n == 10_000 and speedup < SPEEDUP_TARGET:
                    failures.append(f"{n}: {name} only {speedup:.1f}x the stdlib scan")
            if "index" in entry:
                index = entry["index"]
                build_row = index["build"]
                print(
                    f"  with the SQLite-index prototype: the first process reads every header "
                    f"block and writes {build_row['rows']:,} rows, {build_row['index_mib']:.1f} "
                    f"MiB, in {build_row['seconds']:.2f}s ({build_row['cpu_s']:.2f}); then, fresh:"
                )
                for name in QUERIES:
                    row = index[name]
                    print(
                        f"    {name:22} {row['fresh_s']:>7.3f} ({row['cpu_s']:.3f})  RSS "
                        f"{row['rss_mib']:.0f} MiB  (without: {rows[name]['otpmail_s']:.3f} "
                        f"({rows[name]['otpmail_cpu_s']:.3f}))"
                    )
            if "wait" in entry:
                wait = entry["wait"]
                print(
                    f"  wait_for_email: detected {wait['median_s'] * 1000:.0f} ms after delivery "
                    f"(median of {options.deliveries}; max {wait['max_s'] * 1000:.0f} ms; poll "
                    f"interval 250 ms); a 3 s idle wait took {wait['idle_listings']} folder "
                    f"listing(s) and {wait['idle_parses']} parse(s)"
                )
                if wait["median_s"] > 0.25:
                    failures.append(f"{n}: wait detection {wait['median_s']:.2f}s")
                if wait["idle_parses"]:
                    failures.append(f"{n}: idle polls parsed {wait['idle_parses']} file(s)")
        print()
        if 100_000 in sizes or 10_000 in sizes:
            print(
                f"{_verdict(not failures)}  issue 14 targets"
                + "".join(f"\n  {f}" for f in failures)
            )
        if options.json:
            options.json.write_text(json.dumps(report, indent=2))
    finally:
        if options.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
