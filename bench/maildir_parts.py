"""Where a Maildir scan's time goes, part by part (issue 14): the file system calls, the
prefilter, ordering the listing, the poll that sees a delivery, and a fresh process on an
empty Maildir (everything a read pays before its first file); with ``--base``, another
checkout's prefilter and listing modules alternately with this one's.

    .venv/bin/python bench/maildir_scale.py --sizes 10000 --keep /tmp/maildirs   # builds it
    .venv/bin/python bench/maildir_parts.py                       # this checkout, 10,000
    .venv/bin/python bench/maildir_parts.py --base /path/to/other # and another, alternately
    .venv/bin/python bench/maildir_parts.py --size 100000         # the 100,000 corpus

In one process, ``--rounds`` times: ``open``/``read``/``close`` of every file (this
checkout's ``_read_head``); the prefilter's ``learn`` on every header read before, in µs a
file, on the files as written (CRLF) and with LF line ends; ordering a fresh listing of the
folders; and a wait's poll after a delivery to ``new/`` (a file is delivered to the
corpus and removed again, six times a round). The fresh process is ``python -m otpmail
read --count`` on an empty Maildir, compiled (``bench/_fresh.py``), ``--rounds`` times.
Medians, and minimums: on a shared machine the minimum of many runs is the steadier
figure for CPU-bound work (a run with ``--base`` set to this checkout differed by up to
5 % in medians and 4 % in minimums). The modules of ``--base`` are loaded from its files under other names, beside this
checkout's ``otpmail``; they import the rest of otpmail from this checkout.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "bench")]

from _fresh import fresh_env  # noqa: E402

MODULES = ("_maildir_prefilter", "_maildir_index")


def _load(tree: Path, name: str, tag: str) -> ModuleType:
    path = tree / "src" / "otpmail" / "_providers" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{tag}{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _learn_all(prefilter: ModuleType, heads: list[bytes]) -> None:
    for head in heads:
        prefilter.learn(head, len(head) < prefilter.HEAD_BYTES)


def _order(index: ModuleType, folders: tuple[Path, ...]) -> None:
    items: list[os.DirEntry[str]] = []
    for folder in folders:
        with os.scandir(folder) as listing:
            items.extend(listing)
    for _message in index.Listing(items, folders, True, lambda: None):
        pass


def _poll_after_delivery(index_module: ModuleType, maildir: Path) -> list[float]:
    """Six deliveries to ``new/``, each seen by a poll once the folders have settled."""
    index = index_module.MaildirIndex(maildir)
    index.poll(lambda: None)
    costs = []
    names = []
    try:
        for n in range(6):
            time.sleep(0.15)  # older than the settle time: an unchanged folder is trusted
            index.poll(lambda: None)
            name = f"{int(time.time())}.M{n}P{os.getpid()}Q{n}.parts"
            (maildir / "tmp" / name).write_bytes(b"To: qa+parts@example.com\r\n\r\nhi\r\n")
            os.rename(maildir / "tmp" / name, maildir / "new" / name)
            names.append(name)
            started = time.perf_counter()
            _, added = index.poll(lambda: None)
            costs.append(time.perf_counter() - started)
            assert len(added) == 1, added
    finally:
        for name in names:
            (maildir / "new" / name).unlink(missing_ok=True)
    return costs


def _empty_reads(tree: Path, runs: int) -> list[float]:
    """Wall seconds of ``runs`` fresh ``otpmail read --count`` processes on an empty
    Maildir."""
    with tempfile.TemporaryDirectory() as folder:
        box = Path(folder) / "box"
        for sub in ("new", "cur", "tmp"):
            (box / sub).mkdir(parents=True)
        config = Path(folder) / "integrations.yaml"
        config.write_text(
            "email:\n  mailboxes:\n    - provider: maildir\n"
            f"      address: qa@example.com\n      path: {box}\n"
        )
        command = [sys.executable, "-m", "otpmail", "read", "--to", "qa@example.com"]
        command += ["--count", "--integrations", str(config)]
        env = fresh_env(tree)
        return [
            _timed(lambda: subprocess.run(command, env=env, capture_output=True, check=True))
            for _ in range(runs)
        ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="another checkout, measured alternately")
    parser.add_argument("--keep", type=Path, default=Path("/tmp/maildirs"))
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    maildir = args.keep / f"maildir-{args.size}"
    if not (maildir / "new").is_dir():
        print(f"no {maildir}: build it with bench/maildir_scale.py --keep {args.keep}")
        return 2
    from otpmail._providers._maildir import _read_head

    trees = {"this": ROOT} | ({"base": args.base.resolve()} if args.base else {})
    modules = {
        name: {m: _load(tree, m, f"_{name}") for m in MODULES} for name, tree in trees.items()
    }
    folders = (maildir / "new", maildir / "cur")
    paths = [str(f / n) for f in folders for n in os.listdir(f)]
    crlf = [_read_head(p) for p in paths]
    lf = [h.replace(b"\r\n", b"\n") for h in crlf]
    figures: dict[tuple[str, str], list[float]] = {}

    def record(name: str, part: str, value: float) -> None:
        figures.setdefault((name, part), []).append(value)

    before = os.getloadavg()[0]
    names = list(modules)
    for round_number in range(args.rounds):
        seconds = _timed(lambda: [_read_head(p) for p in paths])
        record("this", "open, read, close: ms", 1000 * seconds)
        # Each round in the other order: whichever goes first finds the caches colder.
        for name in names if round_number % 2 == 0 else names[::-1]:
            prefilter = modules[name]["_maildir_prefilter"]
            index = modules[name]["_maildir_index"]
            for label, heads in (("CRLF", crlf), ("LF", lf)):
                seconds = _timed(partial(_learn_all, prefilter, heads))
                record(name, f"prefilter, {label}: µs a file", 1e6 * seconds / len(heads))
            seconds = _timed(partial(_order, index, folders))
            record(name, "listing, scanned and ordered: ms", 1000 * seconds)
            for cost in _poll_after_delivery(index, maildir):
                record(name, "poll after a delivery to new/: ms", 1000 * cost)
    for _ in range(args.rounds):
        for name, tree in trees.items():
            for seconds in _empty_reads(tree, 1):
                record(name, "fresh read of an empty Maildir: ms", 1000 * seconds)
    print(
        f"{len(paths):,} files in {maildir}, {args.rounds} rounds, medians (and minimums) "
        f"(load {before:.2f} -> {os.getloadavg()[0]:.2f})"
    )
    parts = list(dict.fromkeys(part for _, part in figures))
    for part in parts:
        cells = [
            f"{name} {statistics.median(values):8.2f} (min {min(values):.2f})"
            for name in trees
            if (values := figures.get((name, part)))
        ]
        print(f"  {part:38s} {'   '.join(cells)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
