"""Validate the caller's filters into :class:`Criteria`, the one value every provider reads,
and parse the look-back (``after``) and ``since`` texts of the command line and the MCP tools.

Pure: no I/O; the clock is read only when no ``now`` is passed in. The rules are the ``read_emails``
specification's, plus one of our own: a filter may only narrow the search. A recipient or
sender that could change the structure of a provider query (whitespace, quotes,
parentheses, braces, a leading ``-``, a bare ``OR``, a stray colon) is refused as
``INVALID`` instead of being passed through.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from otpmail._core._errors import invalid

# Filters longer than this are not addresses or subjects a product sends; refusing them
# keeps provider URLs within their limits.
MAX_FILTER_CHARS = 320

_DURATION = re.compile(r"(?P<n>[0-9]+)(?P<unit>[smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# No provider query reaches before the Unix epoch.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SINCE_EXAMPLE = "2026-11-30T09:41:17Z"
"""The ISO-8601 form ``since`` takes, as the messages and the help show it."""

# RFC 5322 atext minus the characters that carry meaning in Gmail search or OData
# ({ } " ( ) and the quote-like backtick); a dot-separated local part.
_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_|~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_|~-]+)*"
# A DNS name of two or more labels; internationalised labels are letters of any script.
_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
_DOMAIN = rf"{_LABEL}(?:\.{_LABEL})+"
_ADDRESS_RE = re.compile(rf"(?P<local>{_LOCAL})@(?P<domain>{_DOMAIN})")
_DOMAIN_RE = re.compile(rf"@?(?P<domain>{_DOMAIN})")


@dataclass(frozen=True)
class AddressFilter:
    """A recipient or sender filter: a whole address, or every address at a domain."""

    value: str
    """The filter as given (lowercased), used verbatim in provider queries."""
    domain: str
    local: str | None
    """``None`` when the filter is a bare domain."""

    def matches(self, address: str) -> bool:
        """True when ``address`` is this address exactly, or lies in this domain.

        ``+tag`` parts count: ``qa+a@x`` does not match ``qa+b@x`` or ``qa@x``.
        """
        address = address.strip().lower()
        local, sep, domain = address.rpartition("@")
        if not sep:
            return False
        if self.local is None:
            return domain == self.domain
        return domain == self.domain and local == self.local

    @property
    def routing_key(self) -> str:
        """The address with any ``+tag`` removed, or the bare domain."""
        if self.local is None:
            return self.domain
        return f"{self.local.split('+', 1)[0]}@{self.domain}"


@dataclass(frozen=True)
class Criteria:
    """What to look for, validated. Built by :func:`build_criteria`."""

    to: AddressFilter
    sender: AddressFilter | None
    subject: str | None
    cutoff: datetime | None
    """Earliest delivery time accepted (UTC), from the ``after`` look-back."""
    after: str | None
    """The look-back as given, for messages."""
    latest: bool
    count: bool
    authenticated: bool = False
    """Only mail the receiving server authenticated for its From domain counts
    (:func:`otpmail._core._match.authenticated`)."""

    @property
    def limit(self) -> int:
        """How many emails content mode returns at most."""
        return 1 if self.latest else 10

    def describe(self) -> str:
        """A one-line, secret-free echo of the criteria for error messages."""
        parts = [f"to={self.to.value}"]
        if self.sender:
            parts.append(f"sender={self.sender.value}")
        if self.subject is not None:
            parts.append(f"subject={self.subject!r}")
        if self.after:
            parts.append(f"after={self.after}")
        if self.authenticated:
            parts.append("authenticated")
        return " ".join(parts)


def parse_address_filter(value: str, field: str) -> AddressFilter:
    """Accept an address, a ``+tag`` address or a bare domain; refuse anything else."""
    text = value.strip().lower()
    if any(ch.isspace() for ch in text):
        raise invalid(f"{field} must not contain whitespace")
    if len(text) > MAX_FILTER_CHARS:
        raise invalid(f"{field} is longer than {MAX_FILTER_CHARS} characters")
    if text.startswith("-"):
        raise invalid(f"{field} must not start with '-': it would negate the search")
    if text.startswith("'"):
        # Valid in RFC 5322 but unseen in real mailboxes, and Gmail does not document
        # what a leading quote does to a search term: refuse rather than guess.
        raise invalid(f"{field} must not start with a quote")
    match = _ADDRESS_RE.fullmatch(text)
    if match:
        return AddressFilter(text, match["domain"], match["local"])
    match = _DOMAIN_RE.fullmatch(text)
    if match:
        return AddressFilter(match["domain"], match["domain"], None)
    raise invalid(
        f"{field} must be an email address or a domain such as example.com; "
        "quotes, parentheses, braces, colons and search operators are not accepted"
    )


def parse_after(value: str, what: str = "after") -> timedelta:
    """Digits followed by ``s``, ``m``, ``h`` or ``d``; anything else is ``INVALID``.

    ``what`` names the argument in messages: ``after``, or ``since`` for a look-back there.

    >>> parse_after("90s")
    datetime.timedelta(seconds=90)
    """
    match = _DURATION.fullmatch(value)
    if not match:
        raise invalid(
            f"{what} must be digits followed by s, m, h or d (for example 5m), got {value!r}"
        )
    seconds = int(match["n"]) * _UNIT_SECONDS[match["unit"]]
    try:
        return timedelta(seconds=seconds)
    except OverflowError:  # more than a timedelta holds: far before 1970 from any clock
        raise invalid(f"{what} {value!r} reaches back before 1970") from None


def _look_back(value: str, what: str, now: datetime | None) -> datetime:
    """``now`` (default: the clock) minus the look-back ``value``, or ``INVALID``."""
    look_back = parse_after(value, what)
    moment = now or datetime.now(UTC)
    try:
        cutoff = moment - look_back
    except OverflowError:  # before the year 1
        raise invalid(f"{what} {value!r} reaches back before 1970") from None
    if cutoff < _EPOCH:
        raise invalid(f"{what} {value!r} reaches back before 1970")
    return cutoff


def parse_since(value: str | None, *, now: datetime | None = None) -> datetime | None:
    """``since`` as the command line (``--since``) and the MCP tool take it: a look-back
    before ``now`` (``2m``, the grammar of ``after``) or an ISO-8601 time with a zone, in
    UTC. ``None`` or a blank text means omitted; anything else is ``INVALID``.

    >>> parse_since("2026-11-30T10:41:17+01:00").isoformat()
    '2026-11-30T09:41:17+00:00'
    >>> parse_since("5m", now=datetime(2026, 1, 1, tzinfo=UTC)).isoformat()
    '2025-12-31T23:55:00+00:00'
    >>> parse_since(" ") is None
    True
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    if _DURATION.fullmatch(text):
        return _look_back(text, "since", now)
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise invalid(
            "since must be a look-back such as 2m or an ISO-8601 time with a zone such as "
            f"{SINCE_EXAMPLE}, got {value[:64]!r}"
        ) from None
    if parsed.tzinfo is None:
        # Local time or UTC? Whichever we guessed, some caller's clock would be wrong.
        raise invalid(f"since {value!r} has no time zone: add Z for UTC ({SINCE_EXAMPLE})")
    if parsed < _EPOCH:
        raise invalid(f"since {value!r} reaches back before 1970")
    try:
        return parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:00:00-02:00 is past the last UTC datetime
        raise invalid(f"since {value!r} lies beyond the year 9999") from None


def _subject(value: str) -> str:
    if not value.strip():
        raise invalid("subject must not be blank; omit it to match any subject")
    if len(value) > MAX_FILTER_CHARS:
        raise invalid(f"subject is longer than {MAX_FILTER_CHARS} characters")
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        raise invalid("subject must not contain control characters")
    return value


def build_criteria(
    to: object,
    sender: object = None,
    subject: object = None,
    after: object = None,
    *,
    latest: object = False,
    count: object = False,
    authenticated: object = False,
    now: datetime | None = None,
) -> Criteria:
    """Validate raw arguments into :class:`Criteria` or raise an ``INVALID`` error.

    Empty optional strings mean "omitted", as the specification says.

    >>> c = build_criteria("qa+signup@example.com", after="5m",
    ...                    now=datetime(2026, 1, 1, tzinfo=UTC))
    >>> c.to.routing_key, c.cutoff.isoformat()
    ('qa@example.com', '2025-12-31T23:55:00+00:00')
    """
    if not isinstance(to, str) or not to.strip():
        raise invalid("to (the recipient) is required and must not be empty")
    for name, val in (("sender", sender), ("subject", subject), ("after", after)):
        if val is not None and not isinstance(val, str):
            raise invalid(f"{name} must be a string")
    for name, flag in (("latest", latest), ("count", count), ("authenticated", authenticated)):
        if not isinstance(flag, bool):
            raise invalid(f"{name} must be true or false")
    assert isinstance(sender, str | None) and isinstance(subject, str | None)
    assert isinstance(after, str | None) and isinstance(latest, bool)
    assert isinstance(count, bool) and isinstance(authenticated, bool)

    to_filter = parse_address_filter(to, "to")
    sender_filter = parse_address_filter(sender, "sender") if sender else None
    subject_value = _subject(subject) if subject else None
    cutoff = _look_back(after, "after", now) if after else None
    return Criteria(
        to=to_filter,
        sender=sender_filter,
        subject=subject_value,
        cutoff=cutoff,
        after=after or None,
        latest=latest and not count,
        count=count,
        authenticated=authenticated,
    )


# -- the timing of a wait --------------------------------------------------------------

DEFAULT_TIMEOUT = 60.0
"""Seconds a wait lasts unless the call says otherwise."""
MAX_TIMEOUT = 3600.0
MIN_POLL_INTERVAL = 0.05


def check_timing(timeout: object, poll_interval: object) -> tuple[float, float | None]:
    """Validate ``timeout`` and ``poll_interval`` (seconds) or raise ``INVALID``."""
    if (
        isinstance(timeout, bool)
        or not isinstance(timeout, int | float)
        or not 0 < timeout <= MAX_TIMEOUT
    ):
        raise invalid(f"timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}")
    if poll_interval is None:
        return float(timeout), None
    if (
        isinstance(poll_interval, bool)
        or not isinstance(poll_interval, int | float)
        or not MIN_POLL_INTERVAL <= poll_interval <= timeout
    ):
        raise invalid(f"poll_interval must be between {MIN_POLL_INTERVAL:g} s and the timeout")
    return float(timeout), float(poll_interval)


def check_since(since: object) -> datetime | None:
    """``since`` must be a timezone-aware datetime (or None)."""
    if since is None:
        return None
    if not isinstance(since, datetime) or since.tzinfo is None:
        raise invalid("since must be a timezone-aware datetime, e.g. datetime.now(timezone.utc)")
    if since.timestamp() < 0:
        # As for read_emails' look-back: no provider query reaches before 1970.
        raise invalid("since must not be before 1970")
    try:
        return since.astimezone(UTC)
    except OverflowError:  # 9999-12-31 23:00 at UTC-2 is past the last UTC datetime
        raise invalid("since must not be beyond the year 9999") from None
