"""The ``otpmail`` command line. Prints the JSON envelope on stdout; the exit status tells
the outcome without parsing it.

Whatever happens, the command ends with a message and an exit status, never a traceback:
an interruption (Ctrl-C) is 130, output that cannot be written (a full disk, a closed
stdout) is 74, and a bug is 70 with the exception's type only. A reader that stops reading
(``| head``) is not an error: the rest of the output is dropped and the status is the
outcome's.

The deadline holds in wall time (:func:`~._process.run_async`): ``read --deadline N``
answers within N seconds (and ``wait``/``code`` within ``--timeout``), and the process ends
then, even if something past the library's deadline is still running: the command runs on
its own thread and event loop, whose worker threads are daemon threads nothing waits for
(:class:`~otpmail._core._workers.WorkerPool`); the main thread stops waiting for it at the
deadline plus :data:`~._process.DEADLINE_GRACE`. Run as the ``otpmail`` command
(:func:`console_main`), the process ends as soon as its output is written and the
``atexit`` handlers have run (:func:`~._process.end_process`): tearing down the
interpreter with the SDKs loaded took 0.3 to 1.8 s. :func:`main` itself returns, for a
caller in Python.

The options of every subcommand are declared once, in :mod:`._params`; each subcommand is
one ``_add_<command>`` function (see ``docs/cli-internals.md``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from otpmail._core._errors import CODES, OtpmailError, Prefix
from otpmail._frontends import _params
from otpmail._frontends._params import Param
from otpmail._frontends._process import (
    OutputFailed,
    end_process,
    out_of_time,
    print_json,
    run_async,
    status_of,
    write,
)
from otpmail._reading._wait import SKEW_ALLOWANCE

if TYPE_CHECKING:
    from otpmail._reading._reader import Reader

    _Commands = argparse._SubParsersAction["_Command"]

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
# From sysexits.h: EX_SOFTWARE (a bug) and EX_IOERR (the output could not be written).
EXIT_UNEXPECTED = 70
EXIT_OUTPUT_FAILED = 74
# 128 + SIGINT, what a shell reports for a command ended by Ctrl-C.
EXIT_INTERRUPTED = 130

_PROCESS_STATUSES: tuple[tuple[int, str], ...] = (
    (EXIT_UNEXPECTED, "a bug: the message names the exception type; please report it"),
    (EXIT_OUTPUT_FAILED, "the output could not be written (disk full, stdout closed)"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C); nothing is printed on stdout"),
)
"""The statuses of the process itself, the same for every command."""

_INVALID = "bad arguments"
_NOT_CONFIGURED = "integrations file, key or secret problem"


def _exit_statuses(
    outcomes: Sequence[tuple[int | Prefix, str]], *, interruptible: bool = True
) -> str:
    """The ``exit status:`` section of a command's help: its own outcomes (a prefix stands
    for its status and is named before its meaning), then the process's statuses (without
    130 for a command that Ctrl-C stops normally)."""
    rows = [
        (EXIT_CODES[key], f"{key.value}: {meaning}") if isinstance(key, Prefix) else (key, meaning)
        for key, meaning in outcomes
    ]
    rows += [(n, text) for n, text in _PROCESS_STATUSES if interruptible or n != EXIT_INTERRUPTED]
    width = max(len(str(n)) for n, _ in rows)
    return "exit status:\n" + "".join(f"  {n:<{width}}  {text}\n" for n, text in rows)


def _reading_outcomes(ok: str, call: str, nothing: str) -> list[tuple[int | Prefix, str]]:
    """The outcomes of a command that reads mail: ``ok``, each prefix, ``nothing`` found."""
    return [
        (EXIT_OK, ok),
        (Prefix.INVALID, _INVALID),
        (Prefix.NOT_CONFIGURED, _NOT_CONFIGURED),
        (
            Prefix.API_ERROR,
            f"the provider failed or refused, or {call} ran out of time (--deadline)",
        ),
        (Prefix.NO_EMAILS_FOUND, nothing),
    ]


_READ_EPILOG = (
    _exit_statuses(
        _reading_outcomes("ok (emails or a count printed)", "the call", "nothing matched (yet)")
    )
    + """
examples:
  otpmail read --to otp@example.test --integrations integrations.example.yaml --latest
  otpmail read --to qa+signup@example.com --sender no-reply@acme.example --after 5m
  otpmail read --to example.com --after 1h --count --deadline 10
(without --integrations: $OTPMAIL_INTEGRATIONS, else ./integrations.yaml)
"""
)

_WAIT_EPILOG = (
    _exit_statuses(
        [
            *_reading_outcomes(
                "the mail arrived", "one call", "nothing matching arrived before the timeout"
            ),
            (EXIT_NO_CODE, "(code only) the mail arrived but holds no recognisable code"),
        ]
    )
    + """
--timeout bounds the whole wait; --deadline bounds each provider call the wait makes
(the token request, retries and paging of one poll), and no call outlasts the wait.
While it waits on a terminal, progress is shown on stderr; otherwise it is quiet.
"""
)

_CHECK_EPILOG = """\
--deep then checks, for each mailbox that passed, what otpmail assumes of its provider:
one line per assumption (holds / does not hold / could not tell) and what otpmail does in
that case. Read-only and bounded: at most 108 Gmail quota units or 4 Graph list requests
per mailbox. A verdict never fails the check; a read path that fails does.

""" + _exit_statuses(
    [
        (EXIT_OK, "every check passed (warnings do not fail it)"),
        (EXIT_CHECK_FAILED, 'a problem was found; each has a "fix:" line'),
        (Prefix.INVALID, "bad arguments (--deadline)"),
    ]
)

# The catcher's own statuses are _catch.EXIT_UNAVAILABLE and EXIT_CANT_CREATE (a test keeps
# them in step): importing _catch here would load YAML and the Maildir provider for --help.
_CATCH_EPILOG = (
    _exit_statuses(
        [
            (EXIT_OK, "stopped by SIGINT or SIGTERM"),
            (
                EXIT_CODES[Prefix.INVALID],
                "bad arguments (an address that is not loopback, a bad --port or --address)",
            ),
            (69, "the address cannot be listened on (the port is in use, or not permitted)"),
            (73, "the Maildir or the --write-integrations file cannot be created or written"),
        ],
        interruptible=False,
    )
    + """
examples:
  otpmail catch ./maildir --port 8025
  otpmail catch ./maildir --port 2525 --write-integrations integrations.yaml
"""
)


def exit_status(envelope: Mapping[str, Any]) -> int:
    """The process exit status for an envelope: its ``code``'s prefix decides."""
    if envelope.get("status") == "ok":
        return EXIT_OK
    info = CODES.get(str(envelope.get("code")))
    return EXIT_UNEXPECTED if info is None else EXIT_CODES[info.prefix]


# ---------------------------------------------------------------------------------------
# Arguments


class _Parser(argparse.ArgumentParser):
    """argparse, with a hint for the one usage error that puzzles: a value that starts
    with ``-`` (``--subject -50%``, ``--after -1h``) is taken for an option."""

    def error(self, message: str) -> NoReturn:
        match = re.fullmatch(r"argument (--[\w-]+)(?:/\S+)?: expected one argument", message)
        if match:
            message += f" (a value that starts with '-' must be attached: {match[1]}=-VALUE)"
        super().error(message)


class _Command(_Parser):
    """A subcommand's parser: an argument it does not know is its own usage error, with
    its own usage line (argparse would leave it to the top-level parser, whose usage does
    not show the subcommand's options)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


_SUBCOMMANDS: list[Callable[[_Commands], None]] = []


def _subcommand(add: Callable[[_Commands], None]) -> Callable[[_Commands], None]:
    """Register ``add`` (an ``_add_<command>`` function): the subcommands are listed in
    the order their functions are defined."""
    _SUBCOMMANDS.append(add)
    return add


def _add(command: argparse._ActionsContainer, *params: Param) -> None:
    for param in params:
        param.add_to(command)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation and tests)."""
    parser = _Parser(
        prog="otpmail",
        description="Read one-time codes and transactional mail from Gmail, Microsoft 365 "
        "or a local Maildir. Read-only.",
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Command
    )
    for add in _SUBCOMMANDS:
        add(commands)
    return parser


def _new(
    commands: _Commands, name: str, *, help: str, description: str, epilog: str | None = None
) -> argparse.ArgumentParser:
    """A subcommand's parser. An epilog (exit statuses, examples) is laid out as written,
    and so is the description of a command that has one."""
    if epilog is None:
        return commands.add_parser(name, help=help, description=description)
    return commands.add_parser(
        name,
        help=help,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


@_subcommand
def _add_read(commands: _Commands) -> None:
    read = _new(
        commands,
        "read",
        help="read matching emails (or count them) and print the JSON envelope",
        description="Read the emails sent to a recipient, newest first (up to ten), and print "
        'the envelope {"status": "ok", "data": {"emails": [...]}} as JSON.',
        epilog=_READ_EPILOG,
    )
    _add(read, *_params.FILTERS, _params.AFTER)
    _add(read.add_mutually_exclusive_group(), _params.LATEST, _params.COUNT)
    _add(read, _params.deadline_of("the call"), _params.INTEGRATIONS)
    read.set_defaults(run=_print_read)


def _add_waiting(
    commands: _Commands,
    name: str,
    run: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
) -> None:
    """``wait`` and ``code``: the same options, two ways of printing the outcome."""
    command = _new(commands, name, help=help, description=description, epilog=_WAIT_EPILOG)
    _add(command, *_params.FILTERS, _params.TIMEOUT, _params.SINCE, _params.POLL_INTERVAL)
    _add(command, _params.deadline_of("each provider call of the wait"), _params.INTEGRATIONS)
    command.set_defaults(run=run)


@_subcommand
def _add_wait(commands: _Commands) -> None:
    _add_waiting(
        commands,
        "wait",
        _print_wait,
        help="wait for a matching email to arrive and print the JSON envelope",
        description="Wait until a mail matching the filters is delivered (at or after --since, "
        f"by default {SKEW_ALLOWANCE.total_seconds():g} s before the call) and print the "
        "envelope with that one email.",
    )


@_subcommand
def _add_code(commands: _Commands) -> None:
    _add_waiting(
        commands,
        "code",
        _print_code,
        help="wait for a matching email and print only its one-time code",
        description='Wait like "otpmail wait", then print just the code, for '
        "CODE=$(otpmail code --to ...). Failures are one line on stderr.",
    )


@_subcommand
def _add_watch(commands: _Commands) -> None:
    watch = _new(
        commands,
        "watch",
        help="start or renew the Gmail push watch of a mailbox (Pub/Sub; never stops one)",
        description="Ask Gmail to publish a notification of each change of the mailbox to a "
        "Cloud Pub/Sub topic, for seven days; run it again to renew (docs/pubsub.md). Prints "
        '{"status": "ok", "data": {"address", "topic", "expires_at"}} as JSON.',
        epilog=_exit_statuses(
            [
                (EXIT_OK, "the watch is on until expires_at"),
                (Prefix.INVALID, "bad arguments (the topic, a mailbox that is not Gmail)"),
                (Prefix.NOT_CONFIGURED, _NOT_CONFIGURED),
                (Prefix.API_ERROR, "Gmail refused (see the code: e.g. the topic's permissions)"),
            ]
        ),
    )
    _add(watch, _params.MAILBOX, _params.TOPIC, _params.DEADLINE, _params.INTEGRATIONS)
    watch.set_defaults(run=_print_watch)


@_subcommand
def _add_check(commands: _Commands) -> None:
    check = _new(
        commands,
        "check",
        help="validate the integrations file, keys and access, with one read-only call per mailbox",
        description="Validate the integrations file, the presence of keys and secrets, and for "
        "each mailbox the credentials, delegation and scope, with one live read-only call. "
        "Prints a fix for every problem; exits 1 if there is any.",
        epilog=_CHECK_EPILOG,
    )
    _add(check, _params.DEEP, _params.deadline_of("each mailbox's call"), _params.INTEGRATIONS)
    check.set_defaults(run=_check)


@_subcommand
def _add_mcp(commands: _Commands) -> None:
    serve = _new(
        commands,
        "mcp",
        help="serve read_emails and wait_for_email to an AI agent over MCP (stdio)",
        description="Run a stdio MCP server with two read-only tools, read_emails and "
        "wait_for_email, for the mailboxes of the integrations file. Needs the mcp extra: "
        "pip install 'otpmail[mcp]'. See docs/mcp.md.",
    )
    _add(serve, _params.INTEGRATIONS)
    serve.set_defaults(run=_mcp)


@_subcommand
def _add_catch(commands: _Commands) -> None:
    catch = _new(
        commands,
        "catch",
        help="run a local SMTP catcher that stores mail in a Maildir for otpmail to read",
        description="Listen for SMTP on a loopback address and store every message in a "
        "Maildir, with its envelope recipients (X-RcptTo), so that mail sent BCC-style is "
        "found too. Prints where mail goes and the integrations entry that reads it; "
        "SIGINT or SIGTERM stops it after the message being received.",
        epilog=_CATCH_EPILOG,
    )
    _add(catch, _params.MAILDIR, _params.HOST, _params.PORT, _params.ADDRESS)
    _add(catch, _params.WRITE_INTEGRATIONS)
    catch.set_defaults(run=_catch)


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for: a command that
    does not print it loads no ``importlib.metadata`` and reads no distribution's files."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show program's version number and exit",
        )

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        write(f"otpmail {_version()}\n")  # on stdout, as argparse's own action prints it
        parser.exit()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("otpmail")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "(not installed)"


def _number(text: str | None) -> object:
    """A numeric option as the library's validators take it: a float if the text is one,
    else the text itself, which they refuse with their own ``INVALID`` message."""
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        return text


def _deadline_seconds(text: str | None) -> float | None:
    """``--deadline``, validated exactly like the library's ``deadline=``."""
    if text is None:
        return None
    from otpmail._core._retry import check_deadline

    return check_deadline(_number(text))


# ---------------------------------------------------------------------------------------
# Commands


def _reader(path: str | None) -> Reader:
    """The Reader of a command (imported here, so that ``--help`` loads no provider code)."""
    from otpmail._reading._reader import Reader

    return Reader.from_file(path)


def _read(args: argparse.Namespace) -> dict[str, Any]:
    from otpmail._core._envelope import error

    try:
        deadline = _deadline_seconds(args.deadline)
    except OtpmailError as exc:
        return error(exc)

    async def run() -> dict[str, Any]:
        async with _reader(args.integrations) as reader:
            return await reader.read_emails(
                args.to,
                args.sender,
                args.subject,
                args.after,
                latest=args.latest,
                count=args.count,
                deadline=deadline,
                authenticated=args.authenticated,
            )

    if deadline is None:
        return run_async(run, None, out_of_time("read_emails", 0))
    return run_async(run, deadline, out_of_time("read_emails", deadline))


async def _progress(to: str, timeout: float) -> None:
    """A one-line countdown on a terminal's stderr (plain text: no escape sequences)."""
    import asyncio
    import time

    start = time.monotonic()
    width = 0
    try:
        while True:
            waited = time.monotonic() - start
            line = f"waiting for mail to {to}: {waited:4.0f}s of {timeout:g}s "
            width = max(width, len(line))
            write(f"\r{line}", err=True)
            await asyncio.sleep(1)
    finally:
        write("\r" + " " * width + "\r", err=True)


def _wait(args: argparse.Namespace) -> dict[str, Any]:
    import asyncio

    from otpmail._core._criteria import check_timing, parse_since
    from otpmail._core._envelope import error

    try:
        timeout, poll_interval = check_timing(_number(args.timeout), _number(args.poll_interval))
        deadline = _deadline_seconds(args.deadline)
        since = parse_since(args.since)
    except OtpmailError as exc:
        return error(exc)

    async def run() -> dict[str, Any]:
        show = sys.stderr is not None and sys.stderr.isatty()
        progress = asyncio.create_task(_progress(args.to, timeout)) if show else None
        try:
            async with _reader(args.integrations) as reader:
                return await reader.wait_for_email(
                    args.to,
                    args.sender,
                    args.subject,
                    timeout=timeout,
                    since=since,
                    poll_interval=poll_interval,
                    deadline=deadline,
                    authenticated=args.authenticated,
                )
        finally:
            if progress is not None:
                progress.cancel()
                # Its last write clears the line: before the answer is printed.
                await asyncio.gather(progress, return_exceptions=True)

    # No call of the wait outlasts it: the wait as a whole ends at its timeout.
    return run_async(run, timeout, out_of_time("wait_for_email", timeout))


def _check(args: argparse.Namespace) -> int:
    from otpmail._frontends._check import format_findings, run_check

    try:
        deadline = _deadline_seconds(args.deadline)
    except OtpmailError as exc:
        write(f"{exc}\n", err=True)
        return EXIT_CODES[exc.prefix]

    async def run() -> list[Any]:
        async with _reader(args.integrations) as reader:
            return await run_check(reader, deadline=deadline, deep=args.deep)

    # Each mailbox has its own deadline: the check as a whole has none.
    findings = run_async(run, None, list)
    write(format_findings(findings) + "\n")
    return EXIT_CHECK_FAILED if any(f.failed for f in findings) else EXIT_OK


def _mcp(args: argparse.Namespace) -> int:
    """Run the MCP server; the SDK is imported only here, and only if installed."""
    try:
        from otpmail._frontends._mcp import main as serve_mcp
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in {"mcp", "mcp_types"}:
            raise
        write(
            "NOT_CONFIGURED: otpmail mcp needs the MCP SDK, which is the mcp extra: "
            "pip install 'otpmail[mcp]' (from a checkout: pip install -e '.[mcp]')\n",
            err=True,
        )
        return EXIT_CODES[Prefix.NOT_CONFIGURED]
    return serve_mcp(args.integrations)


@_subcommand
def _add_login(commands: _Commands) -> None:
    login = _new(
        commands,
        "login",
        help="sign in as a mailbox's owner (auth: user) and store the grant",
        description="Sign in to your own Gmail or Outlook mailbox (an auth: user entry) in "
        "a browser, and store the grant in the OS keyring, a 0600 file (--grant-file), or "
        "print it for a CI secret (--export).",
        epilog=_exit_statuses(
            [
                (EXIT_OK, "signed in; the grant is stored (or printed, with --export)"),
                (Prefix.INVALID, "bad arguments"),
                (
                    Prefix.NOT_CONFIGURED,
                    "the entry, the OAuth client, or where the grant goes (no OS keyring)",
                ),
                (Prefix.API_ERROR, "the sign-in failed, was refused or timed out"),
            ]
        )
        + "\nGmail has no device-code sign-in: on a machine without a browser, sign in on one "
        "that has\none and move the grant (--export into grant_env, or --grant-file). See "
        "docs/own-account.md.\n",
    )
    _add(
        login,
        _params.LOGIN_NAME,
        _params.DEVICE_CODE,
        _params.EXPORT,
        _params.GRANT_FILE,
        _params.NO_BROWSER,
        _params.LOGIN_TIMEOUT,
        _params.INTEGRATIONS,
    )
    login.set_defaults(run=_run_login)


def _run_login(args: argparse.Namespace) -> int:
    from otpmail._frontends._login import login

    try:
        out = login(args)
    except OtpmailError as exc:
        write(f"{exc}\n", err=True)
        return EXIT_CODES[exc.prefix]
    write(out)
    return EXIT_OK


def _catch(args: argparse.Namespace) -> int:
    """Run the built-in catcher until SIGINT or SIGTERM (aiosmtpd is imported only here)."""
    from otpmail._frontends._catch import run_command

    return run_command(
        args.maildir,
        host=args.host,
        port=args.port,
        address=args.address,
        integrations=args.write_integrations,
        out=write,
        err=lambda text: write(text, err=True),
    )


def _print_read(args: argparse.Namespace) -> int:
    envelope = _read(args)
    print_json(envelope)
    return exit_status(envelope)


def _print_wait(args: argparse.Namespace) -> int:
    envelope = _wait(args)
    print_json(envelope)
    return exit_status(envelope)


def _print_watch(args: argparse.Namespace) -> int:
    from otpmail._core._envelope import error
    from otpmail._frontends._watch import run_watch

    try:
        deadline = _deadline_seconds(args.deadline)
    except OtpmailError as exc:
        envelope = error(exc)
    else:

        async def run() -> dict[str, Any]:
            async with _reader(args.integrations) as reader:
                return await run_watch(reader, args.mailbox, args.topic, deadline)

        envelope = run_async(run, deadline, out_of_time("watch", deadline or 0))
    print_json(envelope)
    return exit_status(envelope)


def _print_code(args: argparse.Namespace) -> int:
    """Only the code on stdout; the reason for any failure on stderr."""
    envelope = _wait(args)
    if envelope.get("status") != "ok":
        write(f"{envelope.get('error')}\n", err=True)
        return exit_status(envelope)
    email = envelope["data"]["emails"][0]
    code = email.get("code")
    if not code:
        write(
            f"NO_CODE: the matching email ({email.get('subject')!r}) holds no recognisable code\n",
            err=True,
        )
        return EXIT_NO_CODE
    write(f"{code}\n")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``otpmail`` command on ``argv`` (default: the process's arguments) and return
    its exit status; the process goes on.

    Whatever the command meets, the outcome is a status (130 for Ctrl-C, 74 for output that
    cannot be written, 70 for a bug), with one exception kept from argparse: ``--help``,
    ``--version`` and a usage error raise :exc:`SystemExit` (0, 0 and 2), as they do in any
    argparse program. The ``otpmail`` command itself is :func:`console_main`.

    >>> main(["read", "--to", "otp@example.test", "--count",
    ...       "--integrations", "integrations.example.yaml"])  # doctest: +SKIP
    0
    """
    try:
        parsed = build_parser().parse_args(argv)
        run: Callable[[argparse.Namespace], int] = parsed.run
        return run(parsed)
    except KeyboardInterrupt:
        write("otpmail: interrupted\n", err=True)
        return EXIT_INTERRUPTED
    except OutputFailed as exc:
        write(f"otpmail: cannot write the output: {exc}\n", err=True)
        return EXIT_OUTPUT_FAILED
    except Exception as exc:
        # Only the type: an exception's text could hold anything.
        write(
            f"otpmail: unexpected failure ({type(exc).__name__}); this is a bug, please "
            "report it\n",
            err=True,
        )
        return EXIT_UNEXPECTED


def console_main() -> NoReturn:
    """The ``otpmail`` command (the console script, and ``python -m otpmail``): :func:`main`
    on the process's arguments, then the end of the process.

    The process ends as soon as the command has answered, so that the deadline holds in
    wall time: :func:`end_process` runs the ``atexit`` handlers (a caller's, coverage's,
    logging's) and then ``os._exit``, waiting neither for a thread still running past the
    deadline nor for the interpreter's teardown of the SDKs (0.3 to 1.8 s).
    """
    try:
        status = main()
    except SystemExit as exc:  # argparse: --help, --version, a usage error
        status = status_of(exc)
    end_process(status)


if __name__ == "__main__":  # pragma: no cover
    console_main()
