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
EXIT_NO_CODE = 6
EXIT_CHECK_FAILED = 1
EXIT_UNEXPECTED = 70

_EPILOG = """\
exit status:
  0  ok (emails or a count printed)
  2  INVALID: bad arguments
  3  NOT_CONFIGURED: integrations file, key or secret problem
  4  API_ERROR: the provider failed or refused
  5  NO_EMAILS_FOUND: nothing matched (yet), or the wait timed out

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


def _filters(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--to", required=True, metavar="ADDR", help="recipient address (+tag kept) or domain"
    )
    command.add_argument("--sender", metavar="ADDR", help="only mail from this address or domain")
    command.add_argument("--subject", metavar="TEXT", help="only mail whose subject contains TEXT")


def _integrations(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--integrations",
        metavar="FILE",
        help="integrations file (default: $OTPMAIL_INTEGRATIONS, else ./integrations.yaml)",
    )


def _waiting(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="give up after this long (default 60)",
    )
    command.add_argument(
        "--since",
        metavar="DURATION",
        help="also accept mail delivered this long before the call, e.g. 2m (default: 10s)",
    )
    command.add_argument(
        "--poll-interval",
        type=float,
        metavar="SECONDS",
        help="seconds between polls (default per provider)",
    )


_WAIT_EPILOG = """exit status:
  0  the mail arrived
  2  INVALID   3  NOT_CONFIGURED   4  API_ERROR
  5  NO_EMAILS_FOUND: nothing matching arrived before the timeout
  6  (code only) the mail arrived but holds no recognisable code

While it waits on a terminal, progress is shown on stderr; otherwise it is quiet.
"""


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
    _integrations(read)

    wait = commands.add_parser(
        "wait",
        help="wait for a matching email to arrive and print the JSON envelope",
        description="Wait until a mail matching the filters is delivered (at or after the call, "
        "less --since) and print the envelope with that one email.",
        epilog=_WAIT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _filters(wait)
    _waiting(wait)
    _integrations(wait)

    code = commands.add_parser(
        "code",
        help="wait for a matching email and print only its one-time code",
        description='Wait like "otpmail wait", then print just the code, for CODE=$(otpmail code --to ...).',
        epilog=_WAIT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _filters(code)
    _waiting(code)
    _integrations(code)

    check = commands.add_parser(
        "check",
        help="validate the integrations file, keys and access, with one read-only call per mailbox",
        description="Validate the integrations file, the presence of keys and secrets, and for "
        "each mailbox the credentials, delegation and scope, with one live read-only call. "
        "Prints a fix for every problem; exits 1 if there is any.",
    )
    _integrations(check)

    serve = commands.add_parser(
        "mcp",
        help="serve read_emails and wait_for_email to an AI agent over MCP (stdio)",
        description="Run a stdio MCP server with two read-only tools, read_emails and "
        "wait_for_email, for the mailboxes of the integrations file. Needs the mcp extra: "
        "pip install 'otpmail[mcp]'. See docs/mcp.md.",
    )
    _integrations(serve)
    return parser


def _read(args: argparse.Namespace) -> dict[str, Any]:
    from otpmail._reader import Reader

    async def run() -> dict[str, Any]:
        async with Reader.from_file(args.integrations) as reader:
            return await reader.read_emails(
                args.to, args.sender, args.subject, args.after, latest=args.latest, count=args.count
            )

    return asyncio.run(run())


def _since(value: str | None) -> Any:
    """``--since 2m`` → a datetime; an invalid duration is left for the library to report."""
    if not value:
        return None
    from datetime import UTC, datetime

    from otpmail._criteria import parse_after
    from otpmail._errors import OtpmailError

    try:
        return datetime.now(UTC) - parse_after(value)
    except OtpmailError:
        return value  # the library answers INVALID for a non-datetime since


async def _progress(args: argparse.Namespace) -> None:
    """A one-line countdown on a terminal's stderr."""
    import time

    start = time.monotonic()
    try:
        while True:
            waited = time.monotonic() - start
            sys.stderr.write(
                f"\rwaiting for mail to {args.to}: {waited:4.0f}s of {args.timeout:g}s "
            )
            sys.stderr.flush()
            await asyncio.sleep(1)
    finally:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _wait(args: argparse.Namespace) -> dict[str, Any]:
    from otpmail._reader import Reader

    async def run() -> dict[str, Any]:
        progress = asyncio.create_task(_progress(args)) if sys.stderr.isatty() else None
        try:
            async with Reader.from_file(args.integrations) as reader:
                return await reader.wait_for_email(
                    args.to,
                    args.sender,
                    args.subject,
                    timeout=args.timeout,
                    since=_since(args.since),
                    poll_interval=args.poll_interval,
                )
        finally:
            if progress is not None:
                progress.cancel()

    return asyncio.run(run())


def _check(args: argparse.Namespace) -> int:
    from otpmail._check import format_findings, run_check
    from otpmail._reader import Reader

    async def run() -> list[Any]:
        async with Reader.from_file(args.integrations) as reader:
            return await run_check(reader)

    findings = asyncio.run(run())
    print(format_findings(findings))
    return EXIT_CHECK_FAILED if any(f.failed for f in findings) else EXIT_OK


def _mcp(args: argparse.Namespace) -> int:
    """Run the MCP server; the SDK is imported only here, and only if installed."""
    try:
        from otpmail._mcp import main as serve_mcp
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in {"mcp", "mcp_types"}:
            raise
        print(
            "NOT_CONFIGURED: otpmail mcp needs the MCP SDK, which is the mcp extra: "
            "pip install 'otpmail[mcp]'",
            file=sys.stderr,
        )
        return EXIT_CODES[Prefix.NOT_CONFIGURED]
    return serve_mcp(args.integrations)


def _print_json(envelope: dict[str, Any]) -> None:
    try:
        json.dump(envelope, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of our output went away (``| head``): nothing more to say. Point
        # stdout at devnull so the interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``otpmail`` command."""
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return _check(args)
    if args.command == "mcp":
        return _mcp(args)
    if args.command == "read":
        envelope = _read(args)
        _print_json(envelope)
        return exit_status(envelope)
    envelope = _wait(args)
    if args.command == "wait":
        _print_json(envelope)
        return exit_status(envelope)
    # code: only the code on stdout; the reason for any failure on stderr.
    if envelope.get("status") != "ok":
        print(envelope.get("error"), file=sys.stderr)
        return exit_status(envelope)
    email = envelope["data"]["emails"][0]
    code = email.get("code")
    if not code:
        print(
            f"NO_CODE: the matching email ({email.get('subject')!r}) holds no recognisable code",
            file=sys.stderr,
        )
        return EXIT_NO_CODE
    print(code)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
