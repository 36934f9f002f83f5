"""``extract_code`` alone over every mail of the real-world corpus: CPU ms per mail, the
least and the median of several passes. The mails are decoded once, before timing, so the
figure is the extractor's own.

    .venv/bin/python bench/extract_time.py                        # this checkout
    .venv/bin/python bench/extract_time.py --tree /path/to/other  # another checkout's src

Both read this checkout's corpus (``tests/extraction/realworld``), so two checkouts are
timed on the same mails; run them in turn, a few times each, to see the machine's drift.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--passes", type=int, default=6)
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    sys.path[:0] = [str(tree / "src")]
    import otpmail  # the tree's, before extraction_eval puts this checkout's on the path

    assert Path(otpmail.__file__).is_relative_to(tree), otpmail.__file__
    sys.path.insert(0, str(ROOT / "bench"))
    from extraction_eval import load_realworld

    from otpmail._decoding._extract import extract_code

    emails = [case.email for case in load_realworld("all")]
    per_mail = []
    for _ in range(args.passes):
        start = time.process_time()
        for email in emails:
            extract_code(email)
        per_mail.append((time.process_time() - start) / len(emails) * 1000)
    print(
        f"{tree}: extract_code over {len(emails):,} real-world mails, {args.passes} passes, "
        f"CPU per mail: min {min(per_mail):.3f} ms, median {statistics.median(per_mail):.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
