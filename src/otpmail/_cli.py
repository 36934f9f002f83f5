"""The ``otpmail`` command line. Prints the JSON envelope on stdout; the exit status tells
the outcome without parsing it."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from otpmail._errors import Prefix

EXIT_OK = 0
# One status per error prefix. 2 is also argparse's own usage error, which is an input
# problem too.
EXIT_CODES: dict[Prefix, int] = {
    Prefix.INVALID: 2,
    Prefix.NOT_CONFIGURED: 3,
    Prefix.API_ERROR: 4,
    Prefix.NO_EMAILS_FOUND: 5,
}
EXIT_UNEXPECTED = 70

_EPILOG = """\
exit status:
  0  ok (emails or a count printed)
  2  INVALID: bad arguments
  3  NOT_CONFIGURED: integrations file, key or secret problem
  4  API_ERROR: the provider failed or refused
  5  NO_EMAILS_FOUND: nothing matched (yet)

examples:
  otpmail read --to otp@example.test --integrations integrations.example.yaml --latest
  otpmail read --to qa+signup@example.com --sender no-reply@acme.example --after 5m
  otpmail read --to example.com --after 1h --count
"""


def exit_status(envelope: dict[str, Any]) -> int:
    """The process exit status for an envelope."""
    if envelope.get("status") == "ok":
        return EXIT_OK
    prefix = str(envelope.get("error", "")).split(":", 1)[0]
    try:
        return EXIT_CODES[Prefix(prefix)]
    except ValueError:
        return EXIT_UNEXPECTED


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation and tests)."""
    parser = argparse.ArgumentParser(
        prog="otpmail",
        description="Read one-time codes and transactional mail from Gmail, Microsoft 365 "
        "or a local Maildir. Read-only.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    read = commands.add_parser(
        "read",
        help="read matching emails (or count them) and print the JSON envelope",
        description="Read the emails sent to a recipient, newest first (up to ten), and print "
        'the envelope {"status": "ok", "data": {"emails": [...]}} as JSON.',
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    read.add_argument(
        "--to", required=True, metavar="ADDR", help="recipient address (+tag kept) or domain"
    )
    read.add_argument("--sender", metavar="ADDR", help="only mail from this address or domain")
    read.add_argument("--subject", metavar="TEXT", help="only mail whose subject contains TEXT")
    read.add_argument("--after", metavar="DURATION", help="look back this far: 30s, 5m, 1h, 2d")
    mode = read.add_mutually_exclusive_group()
    mode.add_argument("--latest", action="store_true", help="only the newest matching email")
    mode.add_argument("--count", action="store_true", help="print the number of matches instead")
    read.add_argument(
        "--integrations",
        metavar="FILE",
        help="integrations file (default: $OTPMAIL_INTEGRATIONS, else ./integrations.yaml)",
    )
    return parser


def _read(args: argparse.Namespace) -> dict[str, Any]:
    from otpmail._reader import Reader

    async def run() -> dict[str, Any]:
        async with Reader.from_file(args.integrations) as reader:
            return await reader.read_emails(
                args.to, args.sender, args.subject, args.after, latest=args.latest, count=args.count
            )

    return asyncio.run(run())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``otpmail`` command."""
    args = build_parser().parse_args(argv)
    envelope = _read(args)
    try:
        json.dump(envelope, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of our output went away (``| head``): nothing more to say. Point
        # stdout at devnull so the interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return exit_status(envelope)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
