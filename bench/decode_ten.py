"""Decoding the Gmail read's ten mails (``bench/_harness.py``'s 3 kB OTP mail, plain and
HTML alternatives) with ``parse_rfc822`` in a loop: median and minimum CPU ms per ten.

    .venv/bin/python bench/decode_ten.py                        # this checkout
    .venv/bin/python bench/decode_ten.py --tree /path/to/other  # another checkout's src
    .venv/bin/python bench/decode_ten.py --without shared-headers   # one piece switched off
    .venv/bin/python bench/decode_ten.py --digest               # what the decoder answers

``--without`` switches off, in this checkout, one of the pieces that make decoding cheap:
``simple-headers`` (plain headers read directly), ``shared-headers`` (MIME structure
headers parsed once per process) or ``early-probe`` (the placeholder probe stops as soon
as it can tell); the runs alternate with and without it, so both see the same load.

``--digest`` prints a SHA-256 of every ``Email`` the decoder makes of the repository's
mail (``tests/repository_mail.py``: every ``.eml`` of this checkout's ``tests/``, every
hostile mail, 60 of the Maildir benchmark's mails) and the bench OTP mail, whole and
facts-only, at the default limits and at a fiftieth of them: two checkouts that print the
same digest decode all of it the same way.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _switch_off(piece: str) -> Callable[[bool], None]:
    """A switch for one piece of this checkout's decoder: ``switch(False)`` turns it off."""
    from otpmail._decoding import _headers, _html, _mime

    if piece == "simple-headers":
        kept = (_headers.simple_addresses, _headers.simple_text)

        def switch(on: bool) -> None:
            _headers.simple_addresses = kept[0] if on else (lambda value: None)
            _headers.simple_text = kept[1] if on else (lambda name, value: None)

    elif piece == "shared-headers":
        names = _mime._SHARED_HEADERS

        def switch(on: bool) -> None:
            _mime._SHARED_HEADERS = names if on else frozenset()

    else:
        step = _html._ENOUGH_STEP

        def switch(on: bool) -> None:
            _html._ENOUGH_STEP = step if on else sys.maxsize

    return switch


def _digest() -> str:
    import tempfile

    from _harness import otp_mail

    from otpmail._core._bounds import DEFAULT_LIMITS
    from repository_mail import decoded_fields, repository_mail

    with tempfile.TemporaryDirectory() as folder:
        samples = [raw for _, raw in repository_mail(Path(folder), 60, NOW)]
    samples.append(otp_mail("qa@example.com", "123456"))
    small = dataclasses.replace(
        DEFAULT_LIMITS,
        **{
            f.name: max(1, getattr(DEFAULT_LIMITS, f.name) // 50)
            for f in dataclasses.fields(DEFAULT_LIMITS)
            if isinstance(getattr(DEFAULT_LIMITS, f.name), int)
        },
    )
    digest = hashlib.sha256()
    for limits in (DEFAULT_LIMITS, small):
        for raw in samples:
            for facts_only in (False, True):
                answer = repr(decoded_fields(raw, limits=limits, facts_only=facts_only, now=NOW))
                digest.update(answer.encode("utf-8", "surrogatepass") + b"\0")
    return f"{len(samples)} mails x 2 limits x whole/facts-only: sha256 {digest.hexdigest()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--without", choices=["simple-headers", "shared-headers", "early-probe"])
    parser.add_argument("--digest", action="store_true")
    args = parser.parse_args()
    tree = args.tree.resolve()
    if args.without and tree != ROOT:
        parser.error("--without switches a piece of this checkout off: no --tree with it")
    # tests/ first: bench/ has a hostile_mail.py of its own (a script).
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench"), str(tree / "src")]
    from _harness import otp_mail

    import otpmail
    from otpmail._decoding import parse_rfc822

    assert Path(otpmail.__file__).is_relative_to(tree), otpmail.__file__
    if args.digest:
        print(f"{tree}: {_digest()}")
        return 0
    raws = [otp_mail("qa+many@example.com", f"{400000 + i:06d}") for i in range(10)]

    def ten() -> float:
        started = time.process_time()
        for number, raw in enumerate(raws):
            parse_rfc822(raw, id=str(number), account="qa@example.com", received_at=NOW)
        return (time.process_time() - started) * 1000

    ten()  # imports and the first parse of each header class
    switch = _switch_off(args.without) if args.without else None
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.runs):
        for on in (True, False) if switch else (True,):
            if switch:
                switch(on)
            times[on].append(ten())

    def figure(values: list[float]) -> str:
        return f"median {statistics.median(values):.2f} ms, min {min(values):.2f} ms"

    print(f"{tree}: ten {len(raws[0]):,}-byte OTP mails, {args.runs} runs, CPU per ten")
    print(f"  {figure(times[True])}")
    if switch:
        print(f"  without {args.without}: {figure(times[False])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
