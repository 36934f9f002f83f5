"""The parameters of the front ends, each declared once: the ``otpmail`` command's options
and the MCP tools' input schemas are built from this table, and so is what their help says
about each one (its meaning, bounds and default).

A bound is read from the constant the library validates against (:data:`MAX_TIMEOUT`,
:data:`MAX_DEADLINE`, :data:`MAX_FILTER_CHARS`, ...), so the help, the schema and the check
cannot disagree. The library still validates every value; the schema only states it.

A front end takes a row as it is, or with :func:`dataclasses.replace` where its policy
differs (the MCP tool's shorter ``timeout``, the command's ``--deadline`` naming what it
bounds). To give a subcommand a new option, add a row here and name it in the subcommand's
``_add_<command>`` function of :mod:`._cli`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from otpmail._core._criteria import (
    DEFAULT_TIMEOUT,
    MAX_FILTER_CHARS,
    MAX_TIMEOUT,
    MIN_POLL_INTERVAL,
    SINCE_EXAMPLE,
)
from otpmail._core._retry import DEFAULT_DEADLINE, MAX_DEADLINE
from otpmail._reading._wait import SKEW_ALLOWANCE
from otpmail._signin import SIGNIN_TIMEOUT

Kind = Literal["string", "number", "boolean", "integer"]
"""A parameter's JSON type, as its MCP schema names it."""

AUTHENTICATED_HELP = (
    "only mail the receiving server authenticated for its From domain (DMARC pass, or with "
    "no DMARC record an aligned DKIM pass)"
)
"""What ``authenticated`` means, for every front end's help (the one copy in the front ends)."""


@dataclass(frozen=True)
class Param:
    """One parameter of a command or tool.

    ``help`` is one clause, lower case and without a final stop: the command's help shows
    it as it is, an MCP schema as a sentence. ``above`` (exclusive), ``at_least`` and
    ``at_most`` are numeric bounds (``at_most_note`` one that is not a figure),
    ``min_length``/``max_length`` a string's. ``default`` is the value a front end fills
    in, ``default_note`` how the help says a default that is not a plain value.
    ``cli_note``/``mcp_note`` hold what only one front end needs to say.
    """

    name: str
    kind: Kind
    help: str
    metavar: str | None = None
    required: bool = False
    above: float | None = None
    at_least: float | None = None
    at_most: float | None = None
    at_most_note: str | None = None
    min_length: int = 0
    max_length: int | None = None
    default: Any = None
    default_note: str | None = None
    cli_note: str | None = None
    mcp_note: str | None = None
    positional: bool = False
    parse: Callable[[str], Any] | None = None
    """The command line's own conversion of the text (argparse ``type=``), if any."""

    @property
    def flag(self) -> str:
        """The command-line option: ``--poll-interval`` for ``poll_interval``."""
        return self.name if self.positional else "--" + self.name.replace("_", "-")

    def bounds(self) -> str:
        """The numeric bounds in words, ``above 0, at most 3600``; empty if none."""
        words = []
        if self.above is not None:
            words.append(f"above {self.above:g}")
        if self.at_least is not None:
            words.append(f"at least {self.at_least:g}")
        if self.at_most_note is not None:
            words.append(f"at most {self.at_most_note}")
        elif self.at_most is not None:
            words.append(f"at most {self.at_most:g}")
        return ", ".join(words)

    def default_words(self) -> str:
        """The default in words, ``default: 60``; empty if the parameter has none."""
        if self.default_note is not None:
            return f"default: {self.default_note}"
        if self.default is None or isinstance(self.default, bool):
            return ""
        return f"default: {_text(self.default)}"

    def cli_help(self) -> str:
        """The option's line in ``otpmail <command> --help``.

        >>> TIMEOUT.cli_help()
        'seconds to wait before giving up (above 0, at most 3600; default: 60)'
        """
        notes = "; ".join(n for n in (self.bounds(), self.default_words(), self.cli_note) if n)
        return f"{self.help} ({notes})" if notes else self.help

    def schema(self) -> dict[str, Any]:
        """The parameter's MCP input-schema property.

        >>> TIMEOUT.schema()["maximum"], TIMEOUT.schema()["description"]
        (3600.0, 'Seconds to wait before giving up. Above 0, at most 3600.')
        """
        schema: dict[str, Any] = {"type": self.kind}
        if self.kind == "string" and self.max_length is not None:
            schema["maxLength"] = self.max_length
        if self.min_length:
            schema["minLength"] = self.min_length
        if self.above is not None:
            schema["exclusiveMinimum"] = self.above
        if self.at_least is not None:
            schema["minimum"] = self.at_least
        if self.at_most is not None:
            schema["maximum"] = self.at_most
        if self.default is not None:
            schema["default"] = self.default
        sentences = [self.help, self.bounds(), self._mcp_default(), self.mcp_note]
        schema["description"] = " ".join(_sentence(s) for s in sentences if s)
        return schema

    def _mcp_default(self) -> str:
        # A plain default is the schema's "default"; only a described one needs words.
        return "" if self.default_note is None else self.default_words()

    def add_to(self, parser: argparse._ActionsContainer) -> None:
        """Add the option to ``parser`` (or to a group of it), help included.

        A boolean is a switch: ``--x`` alone if it defaults to false, ``--x``/``--no-x`` if
        leaving it out means "as configured" (``default`` ``None``). A number stays text
        here: the library's validators take it and answer ``INVALID`` with their own message.
        """
        options: dict[str, Any] = {"help": self.cli_help()}
        if self.kind == "boolean":
            if self.default is None:
                options.update(action=argparse.BooleanOptionalAction, default=None)
            else:
                options["action"] = "store_true"
        else:
            options["metavar"] = self.metavar
            if self.default is not None:
                options["default"] = self.default if self.kind == "integer" else _text(self.default)
            if self.kind == "integer":
                options["type"] = int
            if self.parse is not None:
                options["type"] = self.parse
        if self.positional:
            options.update(nargs="?" if self.default is not None else None)
            options.pop("metavar", None)
            parser.add_argument(self.name, **options)
            return
        if self.required:
            options["required"] = True
        parser.add_argument(self.flag, **options)


def _text(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _sentence(clause: str) -> str:
    text = clause[:1].upper() + clause[1:]
    return text if text.endswith(".") else text + "."


def input_schema(params: Iterable[Param]) -> dict[str, Any]:
    """An MCP tool's input schema: one property per parameter, in order; no other name."""
    params = tuple(params)
    return {
        "type": "object",
        "properties": {p.name: p.schema() for p in params},
        "required": [p.name for p in params if p.required],
        "additionalProperties": False,
    }


def _integrations_path(value: str) -> str:
    if not value.strip():
        raise argparse.ArgumentTypeError(
            "must not be empty; leave it out to use $OTPMAIL_INTEGRATIONS or ./integrations.yaml"
        )
    return value


# ---------------------------------------------------------------------------------------
# The table

TO = Param(
    "to",
    "string",
    "recipient: an email address (a +tag is kept and matched exactly) or a bare domain",
    metavar="ADDR",
    required=True,
    min_length=1,
    max_length=MAX_FILTER_CHARS,
)
SENDER = Param(
    "sender",
    "string",
    "only mail from this address or domain",
    metavar="ADDR",
    max_length=MAX_FILTER_CHARS,
)
SUBJECT = Param(
    "subject",
    "string",
    "only mail whose subject contains this text, ignoring case",
    metavar="TEXT",
    max_length=MAX_FILTER_CHARS,
)
AUTHENTICATED = Param(
    "authenticated",
    "boolean",
    AUTHENTICATED_HELP + "; the rest is left out, which makes a sender filter a proof",
    default_note="the mailbox's configured setting, usually false",
)
AFTER = Param(
    "after",
    "string",
    "look back this far: digits followed by s, m, h or d (30s, 5m, 1h, 2d)",
    metavar="DURATION",
    max_length=32,
)
LATEST = Param("latest", "boolean", "only the newest matching email", default=False)
COUNT = Param(
    "count",
    "boolean",
    "only the number of matching emails, not the emails",
    default=False,
    mcp_note="count beats latest",
)
TIMEOUT = Param(
    "timeout",
    "number",
    "seconds to wait before giving up",
    metavar="SECONDS",
    above=0,
    at_most=MAX_TIMEOUT,
    default=DEFAULT_TIMEOUT,
)
SINCE = Param(
    "since",
    "string",
    "the earliest delivery time that counts: an ISO-8601 time with a zone such as "
    f"{SINCE_EXAMPLE}, or a look-back before the call such as 30s or 2m",
    metavar="WHEN",
    max_length=64,
    default_note=f"the call minus {SKEW_ALLOWANCE.total_seconds():g} seconds",
    mcp_note="empty means the default",
)
POLL_INTERVAL = Param(
    "poll_interval",
    "number",
    "seconds between polls",
    metavar="SECONDS",
    at_least=MIN_POLL_INTERVAL,
    at_most_note="the timeout",
    default_note="per provider",
)


def deadline_of(what: str) -> Param:
    """``deadline``, its help naming what it bounds: ``the call``, ``each provider call of
    the wait``, ``each mailbox's call``."""
    return Param(
        "deadline",
        "number",
        f"{what} may take at most this long, token request, retries and paging included",
        metavar="SECONDS",
        above=0,
        at_most=MAX_DEADLINE,
        default_note=f"the file's email.deadline_seconds, else {DEFAULT_DEADLINE:g}",
    )


DEADLINE = deadline_of("one call")
INTEGRATIONS = Param(
    "integrations",
    "string",
    "integrations file",
    metavar="FILE",
    default_note="$OTPMAIL_INTEGRATIONS, else ./integrations.yaml",
    parse=_integrations_path,
)
DEEP = Param(
    "deep",
    "boolean",
    "also check each assumption otpmail makes about the provider (a few more read-only "
    "calls per mailbox; see below)",
    default=False,
)
MAILDIR = Param(
    "maildir",
    "string",
    "the Maildir to store into",
    positional=True,
    default="maildir",
    default_note="./maildir",
)
HOST = Param(
    "host",
    "string",
    "a loopback address to listen on",
    metavar="HOST",
    default="127.0.0.1",
    cli_note="others are refused",
)
PORT = Param(
    "port", "integer", "TCP port", metavar="PORT", default=8025, cli_note="0: any free port"
)
ADDRESS = Param(
    "address",
    "string",
    "the mailbox address of the printed integrations entry",
    metavar="ADDR",
    default="qa@example.com",
)
WRITE_INTEGRATIONS = Param(
    "write_integrations",
    "string",
    "also write that integrations file (never over a different existing file)",
    metavar="FILE",
)

MAILBOX = Param(
    "mailbox",
    "string",
    "the address of a Gmail mailbox of the integrations file",
    positional=True,
    required=True,
)
TOPIC = Param(
    "topic",
    "string",
    "the Pub/Sub topic Gmail publishes the mailbox's changes to",
    metavar="projects/P/topics/T",
    default_note="the entry's push.topic",
)

ADDRESSING = (TO, SENDER, SUBJECT)
"""Who sent what to whom: the first filters of every reading command and tool."""
FILTERS = (*ADDRESSING, AUTHENTICATED)
"""The filters of every reading command."""


# otpmail login (its runner imports the sign-in modules; parsing needs only these)
LOGIN_NAME = Param(
    "name",
    "string",
    "the mailbox to sign in to: its address in the integrations file",
    positional=True,
    required=True,
)
DEVICE_CODE = Param(
    "device_code",
    "boolean",
    "Outlook only: sign in by typing a code in any browser, for a machine without one",
    default=False,
)
EXPORT = Param(
    "export",
    "boolean",
    "print the grant on stdout (for a CI secret read through grant_env) instead of storing it",
    default=False,
)
GRANT_FILE = Param(
    "grant_file",
    "string",
    "store the grant in this file, mode 0600, instead of the OS keyring",
    metavar="PATH",
)
NO_BROWSER = Param(
    "no_browser", "boolean", "only print the sign-in URL, do not open a browser", default=False
)
LOGIN_TIMEOUT = Param(
    "timeout",
    "number",
    "seconds the browser or the device code has to bring the sign-in back",
    metavar="SECONDS",
    default=SIGNIN_TIMEOUT,
    above=0,
    at_most=3600,
    parse=float,
)
