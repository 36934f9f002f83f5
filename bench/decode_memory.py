"""Peak memory and time of decoding one large message: a 25 MB verification mail (Gmail's
largest message) that is mostly one base64 attachment, through otpmail's decoder and, for
comparison, through the standard library's one-call parse.

    .venv/bin/python bench/decode_memory.py             # a 25 MiB message, table
    .venv/bin/python bench/decode_memory.py --mb 10     # another size
    .venv/bin/python bench/decode_memory.py --json      # machine-readable

Each variant runs in fresh interpreters, so one cannot warm the allocator for the next:
once under ``tracemalloc`` for the peak of Python allocations during the call (the raw
message is built before tracing starts and is not counted; its size is printed next to
it), and once untraced for the time (tracing slows allocation-heavy code two- to
threefold). Variants:

- ``otpmail``: :func:`otpmail._decoding._message.parse_rfc822` (chunked parse, attachment sized
  from its transfer encoding, never decoded);
- ``stdlib-parse``: ``email.message_from_bytes(raw, policy=email.policy.default)`` alone;
- ``stdlib-decode``: the same, then ``get_content()`` of every part, which is what a
  decoder that decodes attachments to size them would do.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import base64, email, email.policy, json, os, sys, time, tracemalloc
from datetime import UTC, datetime

# base64 with CRLF line ends is 78/57 of the data: pick the data size that makes the
# whole message the requested size.
size = int(sys.argv[1]) * 1024 * 1024 * 57 // 78
variant = sys.argv[2]
traced = sys.argv[3] == "traced"
attachment = base64.encodebytes(os.urandom(size)).replace(b"\n", b"\r\n")
raw = (
    b"Delivered-To: qa@example.com\r\nFrom: Acme <no-reply@acme.example>\r\n"
    b"To: qa@example.com\r\nSubject: Your code and the report\r\nMIME-Version: 1.0\r\n"
    b'Content-Type: multipart/mixed; boundary="B"\r\n\r\n'
    b"--B\r\nContent-Type: multipart/alternative; boundary=\"A\"\r\n\r\n"
    b"--A\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nYour code is 123456\r\n"
    b"--A\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Your code is <b>123456</b></p>\r\n"
    b"--A--\r\n"
    b"--B\r\nContent-Type: application/pdf; name=report.pdf\r\n"
    b"Content-Disposition: attachment; filename=report.pdf\r\n"
    b"Content-Transfer-Encoding: base64\r\n\r\n" + attachment + b"--B--\r\n"
)
if traced:
    tracemalloc.start()
start = time.perf_counter()
if variant == "otpmail":
    from otpmail._decoding._message import parse_rfc822
    e = parse_rfc822(raw, id="1", account="qa@example.com", received_at=datetime.now(UTC))
    check = {"body": e.body, "attachment_size": e.attachments[0].size}
else:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    check = {}
    if variant == "stdlib-decode":
        sizes = [len(p.get_content()) for p in msg.walk() if not p.is_multipart()]
        check = {"attachment_size": sizes[-1]}
elapsed = time.perf_counter() - start
peak = tracemalloc.get_traced_memory()[1] if traced else 0
print(json.dumps({"variant": variant, "raw_bytes": len(raw), "peak_bytes": peak,
                  "seconds": round(elapsed, 2), **check}))
"""

VARIANTS = ("otpmail", "stdlib-parse", "stdlib-decode")


def _child(mb: int, variant: str, mode: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(mb), variant, mode],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def run(mb: int, variant: str) -> dict[str, object]:
    """Peak from a traced run, seconds from an untraced one."""
    traced = _child(mb, variant, "traced")
    timed = _child(mb, variant, "timed")
    return {**traced, "seconds": timed["seconds"], "seconds_traced": traced["seconds"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=25, help="message size in MiB")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args()
    results = [run(args.mb, v) for v in VARIANTS]
    if args.json:
        for r in results:
            print(json.dumps(r))
        return
    print(f"{'variant':<14} {'raw MiB':>8} {'peak MiB':>9} {'peak/raw':>9} {'seconds':>8}")
    for r in results:
        raw = int(str(r["raw_bytes"]))
        peak = int(str(r["peak_bytes"]))
        print(
            f"{r['variant']!s:<14} {raw / 2**20:>8.1f} {peak / 2**20:>9.1f} "
            f"{peak / raw:>9.2f} {r['seconds']!s:>8}"
        )
    otp = results[0]
    print(f"\notpmail read body={otp['body']!r}, attachment size={otp['attachment_size']} bytes")


if __name__ == "__main__":
    main()
