"""A local Maildir (stdlib :mod:`mailbox`), or a plain folder of ``.eml`` files.

No network and no credentials: the embedded default, and the target of a local SMTP catcher
(``python -m aiosmtpd -n -l 127.0.0.1:8025 -c aiosmtpd.handlers.Mailbox ./maildir``).

The delivery time is the Maildir stamp: the file name of a delivered message begins with
the delivery time in seconds (``1767225600.M123456P42Q1.host``, microseconds after ``M``).
Files without a stamp, and ``.eml`` files, use their modification time.
"""

from __future__ import annotations

import asyncio
import mailbox
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from otpmail._config import MaildirMailbox, not_configured
from otpmail._criteria import Criteria
from otpmail._match import select
from otpmail._message import Email, parse_rfc822

_STAMP = re.compile(r"(?P<sec>\d{9,11})\.(?:M(?P<usec>\d{1,6})P|[^.]*)")


def stamp_time(name: str) -> datetime | None:
    """The delivery time encoded at the start of a Maildir file name, if any."""
    match = _STAMP.match(name)
    if not match:
        return None
    seconds = int(match["sec"]) + int(match["usec"] or 0) / 1_000_000
    return datetime.fromtimestamp(seconds, tz=UTC)


def _maildir(account: str, root: Path, cutoff: datetime | None) -> list[Email]:
    box = mailbox.Maildir(root, factory=None, create=False)
    emails = []
    for key in box.keys():  # noqa: SIM118 - iterating a Maildir yields messages, not keys
        try:
            received = stamp_time(key)
            if received is None:
                received = datetime.fromtimestamp(box.get_message(key).get_date(), tz=UTC)
            if cutoff is not None and received < cutoff:
                continue
            raw = box.get_bytes(key)
        except (KeyError, OSError):  # moved or removed between the listing and the read
            continue
        emails.append(parse_rfc822(raw, id=key, account=account, received_at=received))
    return emails


def _eml_folder(account: str, root: Path, cutoff: datetime | None) -> list[Email]:
    emails = []
    for path in sorted(root.glob("*.eml")):
        try:
            received = stamp_time(path.name) or datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
            if cutoff is not None and received < cutoff:
                continue
            raw = path.read_bytes()
        except OSError:
            continue
        emails.append(parse_rfc822(raw, id=path.stem, account=account, received_at=received))
    return emails


def _scan(account: str, root: Path, cutoff: datetime | None) -> list[Email]:
    if not root.is_dir():
        raise not_configured(f"maildir {root} does not exist or is not a folder")
    if (root / "cur").is_dir() or (root / "new").is_dir():
        return _maildir(account, root, cutoff)
    return _eml_folder(account, root, cutoff)


class MaildirProvider:
    """Reads a Maildir or ``.eml`` folder with the shared exact rules."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        self.account = mailbox.address
        self._root = mailbox.path

    def __repr__(self) -> str:
        return f"MaildirProvider(account={self.account!r}, path={os.fspath(self._root)!r})"

    async def search(self, criteria: Criteria) -> list[Email]:
        """Matching messages, newest delivery first."""
        emails = await asyncio.to_thread(_scan, self.account, self._root, criteria.cutoff)
        return select(criteria, emails, criteria.limit)

    async def count(self, criteria: Criteria) -> int:
        """Every matching message, counted with the same rules as content mode."""
        emails = await asyncio.to_thread(_scan, self.account, self._root, criteria.cutoff)
        return len(select(criteria, emails))

    async def aclose(self) -> None:
        """Nothing to release."""
