"""A local Maildir (stdlib :mod:`mailbox`), or a plain folder of ``.eml`` files.

No network and no credentials: the embedded default, and the target of a local SMTP catcher
(``python -m aiosmtpd -n -l 127.0.0.1:8025 -c aiosmtpd.handlers.Mailbox ./maildir``).

The delivery time is the Maildir stamp: the file name of a delivered message begins with
the delivery time in seconds (``1767225600.M123456P42Q1.host``, microseconds after ``M``).
Files without a stamp, and ``.eml`` files, use their modification time.

A file larger than ``email.limits.response_bytes`` is not read (its size is the "provider
response" of a Maildir), and one the decoder finds unreadable (over a fixed structural cap:
:func:`otpmail._core._bounds.unreadable`) is not decoded further: either is skipped with a
warning, as Gmail skips a message whose fetch failed.
"""

from __future__ import annotations

import asyncio
import logging
import mailbox
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from otpmail._core._bounds import Limits, check_response_size
from otpmail._core._config import MaildirMailbox, not_configured
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._match import select
from otpmail._decoding import AuthTrust, Email, parse_rfc822

log = logging.getLogger("otpmail.maildir")

ENVELOPE_HEADER = "X-RcptTo"
"""The SMTP envelope recipients, as the README's catcher records them: aiosmtpd's
``handlers.Mailbox`` (``MessageBase.prepare_message``) appends ``X-Peer``, ``X-MailFrom``
and ``X-RcptTo`` after the message's own headers, so the last ``X-RcptTo`` is the
catcher's and one a sender wrote comes before it. Its addresses count as recipients, so
BCC-style mail (``To: undisclosed-recipients:;``) is found. See SECURITY.md."""

_STAMP = re.compile(r"(?P<sec>\d{9,11})\.(?:M(?P<usec>\d{1,6})P|[^.]*)")


def stamp_time(name: str) -> datetime | None:
    """The delivery time encoded at the start of a Maildir file name, if any."""
    match = _STAMP.match(name)
    if not match:
        return None
    seconds = int(match["sec"]) + int(match["usec"] or 0) / 1_000_000
    return datetime.fromtimestamp(seconds, tz=UTC)


def _entries(root: Path) -> dict[str, Path]:
    """Every message file, by id: Maildir ``new`` and ``cur`` (the id is the unique name,
    without the ``:2,`` flags), else the ``*.eml`` files of a plain folder (id = stem)."""
    if not root.is_dir():
        raise not_configured(f"maildir {root} does not exist or is not a folder")
    if (root / "cur").is_dir() or (root / "new").is_dir():
        found = {}
        for sub in ("new", "cur"):
            folder = root / sub
            if not folder.is_dir():
                continue
            for entry in os.scandir(folder):
                if entry.is_file() and not entry.name.startswith("."):
                    found[entry.name.split(mailbox.Maildir.colon, 1)[0]] = Path(entry.path)
        return found
    return {p.stem: p for p in root.glob("*.eml") if p.is_file()}


def _read(
    account: str,
    key: str,
    path: Path,
    cutoff: datetime | None,
    limits: Limits,
    trust: AuthTrust | None = None,
) -> Email | None:
    try:
        stat = path.stat()
        received = stamp_time(key) or datetime.fromtimestamp(stat.st_mtime, tz=UTC)
        if cutoff is not None and received < cutoff:
            return None
        check_response_size(stat.st_size, limits, f"maildir message {key}")
        raw = path.read_bytes()
        return parse_rfc822(
            raw,
            id=key,
            account=account,
            received_at=received,
            limits=limits,
            envelope_header=ENVELOPE_HEADER,
            trust=trust,
        )
    except OSError:  # moved (new → cur) or removed between the listing and the read
        return None
    except OtpmailError as exc:  # over response_bytes, or over a fixed cap of the decoder
        log.warning("skipped message %s: %s", key, exc.message)
        return None


def _scan(
    account: str,
    root: Path,
    cutoff: datetime | None,
    limits: Limits,
    trust: AuthTrust | None = None,
) -> list[Email]:
    emails = []
    for key, path in _entries(root).items():
        email = _read(account, key, path, cutoff, limits, trust)
        if email is not None:
            emails.append(email)
    return emails


class MaildirProvider:
    """Reads a Maildir or ``.eml`` folder with the shared exact rules."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        self.account = mailbox.address
        self._root = mailbox.path
        self._limits = mailbox.limits
        # A local catcher writes no verdict: only the MTA the configuration names is believed.
        self._trust = (
            AuthTrust.for_authserv_id(mailbox.trusted_authserv_id)
            if mailbox.trusted_authserv_id
            else None
        )

    def __repr__(self) -> str:
        return f"MaildirProvider(account={self.account!r}, path={os.fspath(self._root)!r})"

    async def search(self, criteria: Criteria) -> list[Email]:
        """Matching messages, newest delivery first."""
        emails = await asyncio.to_thread(
            _scan, self.account, self._root, criteria.cutoff, self._limits, self._trust
        )
        return select(criteria, emails, criteria.limit)

    async def count(self, criteria: Criteria) -> int:
        """Every matching message, counted with the same rules as content mode."""
        emails = await asyncio.to_thread(
            _scan, self.account, self._root, criteria.cutoff, self._limits, self._trust
        )
        return len(select(criteria, emails))

    async def cursor(self) -> object:
        """The message ids present now: later ones are new."""
        return frozenset(await asyncio.to_thread(_entries, self._root))

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """Messages whose ids appeared since ``cursor`` (a directory listing)."""
        before = cursor if isinstance(cursor, frozenset) else frozenset()

        def look() -> tuple[list[Email], frozenset[str]]:
            entries = _entries(self._root)
            fresh = [
                _read(self.account, key, path, None, self._limits, self._trust)
                for key, path in entries.items()
                if key not in before and key not in known
            ]
            return [e for e in fresh if e is not None], frozenset(entries)

        return await asyncio.to_thread(look)

    async def aclose(self) -> None:
        """Nothing to release."""
