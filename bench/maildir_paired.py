"""Fresh-process Maildir reads of two checkouts side by side with the stdlib scan: in each
round, for each query, ``otpmail read`` with the other checkout's ``src/``, then with this
one's (or ``--tree``'s), then ``bench/_maildir_naive.py``; medians of the rounds, and each one's ratio to
the stdlib scan. Run alternately like this, a busy machine's load falls on all three.

    .venv/bin/python bench/maildir_scale.py --sizes 10000 --keep /tmp/maildirs   # builds it
    .venv/bin/python bench/maildir_paired.py --base /path/to/other --keep /tmp/maildirs
    .venv/bin/python bench/maildir_paired.py --base /path/to/old --tree /path/to/new

Each checkout runs from its compiled bytecode (``bench/_fresh.py`` compiles its ``src/``).

The Maildir is the one ``bench/maildir_scale.py --keep`` built (and its integrations file
next to it); the queries are its four.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from _fresh import fresh_env  # noqa: E402
from _maildir_corpus import NOBODY, RECENT, SPREAD  # noqa: E402

QUERIES = {
    "--latest (recent mail)": (RECENT, ["--latest"], "latest"),
    "ten newest": (SPREAD, [], "ten"),
    "--count": (SPREAD, ["--count"], "count"),
    "no mail": (NOBODY, [], "nobody"),
}


def _run(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout compared with it")
    parser.add_argument("--keep", type=Path, default=Path("/tmp/maildirs"))
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    maildir = args.keep / f"maildir-{args.size}"
    config = args.keep / f"maildir-{args.size}.yaml"
    if not config.is_file():
        print(f"no {config}: build it with bench/maildir_scale.py --keep {args.keep}")
        return 2
    plain = {k: v for k, v in os.environ.items() if not k.startswith("OTPMAIL_")}
    trees = {"base": args.base.resolve(), "this": args.tree.resolve()}
    times: dict[tuple[str, str], list[float]] = {}
    before = os.getloadavg()[0]
    for _ in range(args.rounds):
        for query, (to, extra, mode) in QUERIES.items():
            for name, tree in trees.items():
                command = [sys.executable, "-m", "otpmail", "read", "--to", to, *extra]
                env = fresh_env(tree)
                wall = _run([*command, "--integrations", str(config)], env)
                times.setdefault((query, name), []).append(wall)
            naive = [
                sys.executable,
                str(ROOT / "bench" / "_maildir_naive.py"),
                str(maildir),
                to,
                mode,
            ]
            times.setdefault((query, "stdlib"), []).append(_run(naive, plain))
    print(
        f"{args.size:,} messages, median of {args.rounds} rounds, wall seconds of a fresh "
        f"process (load {before:.2f} -> {os.getloadavg()[0]:.2f}); base = {trees['base']}, "
        f"this = {trees['this']}"
    )
    for query in QUERIES:
        stdlib = statistics.median(times[(query, "stdlib")])
        cells = []
        for name in ("base", "this"):
            wall = statistics.median(times[(query, name)])
            cells.append(f"{name} {wall:.3f} ({stdlib / wall:.1f}x)")
        print(f"  {query:24s} {'   '.join(cells)}   stdlib {stdlib:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
