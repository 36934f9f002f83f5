"""A local Maildir (stdlib :mod:`mailbox` layout), or a plain folder of ``.eml`` files.

No network and no credentials: the embedded default, and the target of a local SMTP catcher
(``python -m aiosmtpd -n -l 127.0.0.1:8025 -c aiosmtpd.handlers.Mailbox ./maildir``).

The delivery time is the Maildir stamp: the file name of a delivered message begins with
the delivery time in seconds (``1767225600.M123456P42Q1.host``, microseconds after ``M``).
Files without a stamp, and ``.eml`` files, use their modification time.

A read costs what its answer needs, not what the mailbox holds:

1. the listing is sorted newest first by the stamps in the names, without opening a file,
   and kept between reads (:mod:`otpmail._providers._maildir_index`);
2. files are visited newest first; one before the look-back cutoff ends the scan, and so
   does the ``limit``-th distinct match;
3. of each file only the first :data:`~otpmail._providers._maildir_prefilter.HEAD_BYTES`
   are read, and its header block is judged at the byte level: a file whose recipient
   headers certainly cannot yield the recipient filter's address is skipped unparsed
   (:mod:`otpmail._providers._maildir_prefilter`);
4. the rest are parsed by the one decoder (:func:`otpmail._decoding.parse_rfc822`) and
   decided by the exact rules (:func:`otpmail._core._match.matches`), as before; a count,
   and a candidate the prefilter could not judge, is parsed from its header block alone
   when that is all the decoder would read of it (a whole, single-part file within the
   decoder's line cap, whose 8-bit header text, if any, is UTF-8); a count parses any other
   candidate whole without decoding its body or attachments (``facts_only``), and decodes
   its candidates a batch at a time between reads: the body is read only for an email
   that is returned.

What a read learned (the recipient text of every header block seen, the parsed emails of a
bounded number of files) is kept in memory for the next read of the same provider; the
listing is taken again only when ``new/`` or ``cur/`` changed. Nothing is written to disk.

A file larger than ``email.limits.response_bytes`` is not read (its size is the "provider
response" of a Maildir), and one the decoder finds unreadable (over a fixed structural cap:
:func:`otpmail._core._bounds.unreadable`) is not decoded further: when it could match,
either is skipped with a warning, as Gmail skips a message whose fetch failed.

Every scan checks the call's deadline (:func:`otpmail._core._retry.remaining`, which the
worker thread inherits through its context) between files, and stops just past it with
``deadline_exceeded``: no thread keeps parsing after the call has answered. (The call
itself answers at the deadline, with the reader's message; the scan's own error is what a
caller sees only when nothing else stopped the call.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import re
import stat
import threading
import time
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from otpmail._core._bounds import Limits, check_line_count, check_response_size
from otpmail._core._config import MaildirMailbox
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._match import matches, select
from otpmail._core._retry import current_deadline, remaining
from otpmail._providers._maildir_index import (
    Identity,
    Listing,
    MaildirIndex,
    Message,
    micros_of,
    moment_of,
)
from otpmail._providers._maildir_prefilter import (
    HEAD_BYTES,
    could_match,
    header_block,
    is_utf8,
    learn,
    needle,
)

if TYPE_CHECKING:
    from otpmail._decoding import AuthTrust, Email

__all__ = ["ENVELOPE_HEADER", "MaildirProvider"]

log = logging.getLogger("otpmail.maildir")

ENVELOPE_HEADER = "X-RcptTo"
"""The SMTP envelope recipients, as the README's catcher records them: aiosmtpd's
``handlers.Mailbox`` (``MessageBase.prepare_message``) appends ``X-Peer``, ``X-MailFrom``
and ``X-RcptTo`` after the message's own headers, so the last ``X-RcptTo`` is the
catcher's and one a sender wrote comes before it. Its addresses count as recipients, so
BCC-style mail (``To: undisclosed-recipients:;``) is found. See SECURITY.md. (The
prefilter keeps every file with an ``X-RcptTo`` naming the address, whichever copy.)"""

FACTS_KEPT = 20_000
"""Parsed emails kept without their bodies (for the exact rules) between reads."""
EMAILS_KEPT = 256
"""Parsed emails kept whole (for answers) between reads."""
# Recipient texts of removed files are dropped once they are this many more than the files.
_STALE_SLACK = 1024
# A count decodes its candidates this many at a time (or once their first bytes held add
# up to _BATCH_BYTES), after reading on: decodes one after another, rather than each
# between thousands of reads that push the decoder out of the CPU's caches, took 4-9 % off
# a count's scan of 10,000 files (bench/maildir_scale.py's corpus, 30 alternating runs).
_BATCH = 64
_BATCH_BYTES = 1 << 20

# O_NONBLOCK: a FIFO put in place of a message after the listing must not block the read.
_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def parse_rfc822(raw: bytes, **fields: Any) -> Email:
    """:func:`otpmail._decoding.parse_rfc822`, imported on the first decode: a scan that
    skips every file loads no decoder (nor the standard library's ``email.message``,
    ``email.policy`` and header registry)."""
    from otpmail._decoding import parse_rfc822 as decoder

    return decoder(raw, **fields)


def decode(
    raw: bytes,
    key: str,
    account: str,
    received: datetime,
    limits: Limits,
    trust: AuthTrust | None = None,
    *,
    facts_only: bool = False,
) -> Email:
    """A Maildir file as an email: :func:`otpmail._decoding.parse_rfc822`, the one
    decoder, with what a Maildir adds: its id and delivery time, the catcher's envelope
    recipients (:data:`ENVELOPE_HEADER`) and the receiving server it trusts."""
    return parse_rfc822(
        raw,
        id=key,
        account=account,
        received_at=received,
        limits=limits,
        envelope_header=ENVELOPE_HEADER,
        trust=trust,
        facts_only=facts_only,
    )


# A scan stops this long after the deadline, so that the call's own timeout, which
# answers at the deadline, is what the caller sees.
_PAST_DEADLINE = 0.05


def _check_deadline() -> None:
    left = remaining()
    if left is not None and left < -_PAST_DEADLINE:
        raise OtpmailError("deadline_exceeded", "the Maildir read stopped at the call's deadline")


# A first read this large holds a verification mail whole; os.read allocates what it is
# asked for, and 64 KiB a file costs a tenth more than 16 KiB on 100,000 small files.
_FIRST_READ = 16 * 1024


def _read_head(path: str) -> bytes:
    """The first HEAD_BYTES of the file (all of it when shorter: a regular file's read
    is short only at its end)."""
    fd = os.open(path, _OPEN)
    try:
        head = os.read(fd, _FIRST_READ)
        if len(head) == _FIRST_READ:
            head += os.read(fd, HEAD_BYTES - _FIRST_READ)
        return head
    finally:
        os.close(fd)


def _read_message(path: str, key: str, limits: Limits) -> bytes | None:
    """The whole file, refused past ``response_bytes`` (its size is checked before any of
    it is read, and again while reading, should it grow)."""
    fd = os.open(path, _OPEN)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or device put there since the listing
            return None
        check_response_size(info.st_size, limits, f"maildir message {key}")
        chunks = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            check_response_size(total, limits, f"maildir message {key}")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


if TYPE_CHECKING:
    _Kept = OrderedDict[str, tuple[Identity, Email]]
# A header block that may start more header sections (parts, attached messages).
_MAY_HAVE_PARTS = re.compile(rb"(?i)multipart|message/")


class MaildirProvider:
    """Reads a Maildir or ``.eml`` folder with the shared exact rules."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        self.account = mailbox.address
        self._root = mailbox.path
        self._limits = mailbox.limits
        # A local catcher writes no verdict: only the MTA the configuration names is believed.
        self._trust: AuthTrust | None = None
        if mailbox.trusted_authserv_id:
            from otpmail._decoding import AuthTrust

            self._trust = AuthTrust.for_authserv_id(mailbox.trusted_authserv_id)
        self._lock = threading.Lock()
        self._forget()
        self.parses = 0
        """How many files were parsed whole (for tests and the benchmark)."""
        self.header_parses = 0
        """How many header blocks were parsed alone."""

    def _forget(self) -> None:
        self._haystack: Haystack | None = None
        self._index = MaildirIndex(self._root)
        self._recipients: dict[str, tuple[Identity, bytes | None]] = {}
        self._facts: _Kept = OrderedDict()
        self._emails: _Kept = OrderedDict()

    def __repr__(self) -> str:
        return f"MaildirProvider(account={self.account!r}, path={os.fspath(self._root)!r})"

    # -- the async interface ------------------------------------------------------------

    async def search(self, criteria: Criteria) -> list[Email]:
        """Matching messages, newest delivery first."""
        emails = await asyncio.to_thread(self._search, criteria, criteria.limit)
        return select(criteria, emails, criteria.limit)

    async def count(self, criteria: Criteria) -> int:
        """Every matching message, counted with the same rules as content mode."""
        return len(select(criteria, await asyncio.to_thread(self._search, criteria, None)))

    async def cursor(self) -> object:
        """The message ids present now: later ones are new."""
        return await asyncio.to_thread(self._ids)

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """Messages whose ids appeared since ``cursor``: the names in the folders
        (``os.listdir``) when their times changed, else nothing but a ``stat`` of each."""
        before = cursor if isinstance(cursor, frozenset) else frozenset()
        return await asyncio.to_thread(self._changes, before, known)

    async def aclose(self) -> None:
        """Forget what was read. (A scan still running keeps the objects it holds.)"""
        self._forget()

    # -- in the worker thread -----------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[MaildirIndex]:
        left = remaining()
        if not self._lock.acquire(timeout=-1 if left is None else max(0.0, left)):
            _check_deadline()
            raise OtpmailError("deadline_exceeded", "the Maildir was busy until the deadline")
        try:
            yield self._index
        finally:
            self._lock.release()

    def _ids(self) -> frozenset[str]:
        with self._locked() as index:
            return index.poll(_check_deadline)[0]

    def _search(self, criteria: Criteria, limit: int | None) -> list[Email]:
        """The first ``limit`` distinct matches newest first (all when ``None``); without a
        limit, the emails are body-less (they are only counted)."""
        wanted = needle(criteria.to)
        cutoff = None if criteria.cutoff is None else micros_of(criteria.cutoff)
        chosen: list[Message] = []
        counted: list[Email] = []
        seen: set[str] = set()
        pending: list[tuple[Message, bytes | None]] = []  # a count's, to decode
        held = 0
        recipients = self._recipients
        # The call's deadline is fixed while it scans: the check before each read compares
        # the clock with it, and leaves the raising to _check_deadline.
        end = current_deadline()
        stop_at = math.inf if end is None else end + _PAST_DEADLINE
        with self._locked() as index:
            listing = index.refresh(_check_deadline)
            haystack = self._haystack
            if listing.complete and (haystack is None or haystack.listing is not listing):
                # Read whole once before: join what was learned (not on a first read, which
                # in a one-shot process would not be followed by another).
                haystack = self._haystack = Haystack.of(listing, recipients)
            if haystack is not None and haystack.listing is listing:
                visit: Iterable[Message] = haystack.candidates(wanted)
            else:
                visit = listing
            for number, message in enumerate(visit):
                micros, key, path, identity = message
                if cutoff is not None and micros < cutoff:
                    break  # newest first: every later file is older still
                if number & 1023 == 0:  # a read or a parse checks before it starts, too
                    _check_deadline()
                head = None
                learned = recipients.get(key)
                if learned is not None and learned[0] == identity:
                    text = learned[1]
                else:
                    if time.monotonic() > stop_at:
                        _check_deadline()
                    try:
                        head = _read_head(path)
                    except OSError:  # moved or removed since the listing
                        continue
                    text = learn(head, len(head) < HEAD_BYTES)
                    recipients[key] = (identity, text)
                if not could_match(text, wanted):
                    continue  # see _maildir_prefilter
                facts = self._kept(self._facts, message)
                if facts is None and limit is None:
                    pending.append((message, head))
                    held += 0 if head is None else len(head)
                    if len(pending) >= _BATCH or held >= _BATCH_BYTES:
                        self._count_pending(criteria, pending, seen, counted)
                        held = 0
                    continue
                if facts is None:
                    _check_deadline()
                if facts is None and text is None:  # the body may not be needed
                    facts = self._facts_of(message, head, shown=True)
                elif facts is None:
                    facts = self._parse(message, _whole(head), facts=True)
                if facts is None or not matches(criteria, facts):
                    continue
                mark = facts.message_id or f"id:{facts.id}"
                if mark in seen:
                    continue
                seen.add(mark)
                if limit is None:
                    counted.append(facts)
                    continue
                chosen.append(message)
                if len(chosen) >= limit:
                    break
            self._count_pending(criteria, pending, seen, counted)
            if listing.complete and len(recipients) > len(listing) + _STALE_SLACK:
                for gone in recipients.keys() - listing.ids:  # files removed since
                    del recipients[gone]
            if limit is None:
                return counted
            return self._emails_of(chosen)

    def _count_pending(
        self,
        criteria: Criteria,
        pending: list[tuple[Message, bytes | None]],
        seen: set[str],
        counted: list[Email],
    ) -> None:
        """Decode a count's candidates (newest first, as they were found), each from its
        header block alone when that is all the decoder would read of it, and count the
        distinct matches; ``pending`` is emptied."""
        for message, head in pending:
            _check_deadline()
            facts = self._facts_of(message, head, shown=False)
            if facts is None or not matches(criteria, facts):
                continue
            mark = facts.message_id or f"id:{facts.id}"
            if mark not in seen:
                seen.add(mark)
                counted.append(facts)
        pending.clear()

    def _changes(
        self, before: frozenset[str], known: set[str]
    ) -> tuple[list[Email], frozenset[str]]:
        with self._locked() as index:
            ids, added = index.poll(_check_deadline)
            if ids is before or ids == before:
                return [], ids
            fresh = ids - before - known
            messages = [added[key] for key in fresh if key in added]
            missing = fresh - added.keys()
            if missing:  # appeared before the last poll (another cursor): from a listing
                messages += index.refresh(_check_deadline).messages(set(missing))
            messages.sort(key=lambda m: (m[0], m[1]), reverse=True)
            return self._emails_of(messages), ids

    def _emails_of(self, messages: list[Message]) -> list[Email]:
        emails = []
        for message in messages:
            _check_deadline()
            email = self._kept(self._emails, message) or self._parse(message, None, facts=False)
            if email is not None:
                emails.append(email)
        return emails

    @staticmethod
    def _kept(kept: _Kept, message: Message) -> Email | None:
        found = kept.get(message[1])
        if found is None or found[0] != message[3]:
            return None
        kept.move_to_end(message[1])
        return found[1]

    def _facts_of(self, message: Message, head: bytes | None, *, shown: bool) -> Email | None:
        """What the exact rules need of a candidate, from its header block alone when that
        is all the decoder would read of it: the file is whole in ``head``, within the
        decoder's line cap (:func:`~otpmail._core._bounds.check_line_count`), has a single
        part (the caps on header fields also count the headers of parts and attached
        messages), and its 8-bit header text, if any, is UTF-8 (other text is read in the
        body's charset). Otherwise, or when unsure, the file is parsed whole; its body is
        decoded (and the email kept whole) only if it may be ``shown``."""
        micros, key, path, identity = message
        try:
            if head is None:
                head = _read_head(path)
        except OSError:  # moved or removed since the listing
            return None
        complete = len(head) < HEAD_BYTES
        block = header_block(head, complete)
        if (
            not complete
            or block is None
            or _MAY_HAVE_PARTS.search(block)
            or not (block.isascii() or is_utf8(block))
        ):
            return self._parse(message, _whole(head), facts=True, body=shown)
        try:
            check_response_size(len(head), self._limits, f"maildir message {key}")
            check_line_count(head, self._limits)
            self.header_parses += 1
            facts = decode(
                block + b"\n\n",
                key,
                self.account,
                moment_of(micros),
                self._limits,
                self._trust,
                facts_only=True,
            )
        except OtpmailError as exc:  # over response_bytes, or over a fixed cap of the decoder
            log.warning("skipped message %s: %s", key, exc.message)
            return None
        _remember(self._facts, key, (identity, facts), FACTS_KEPT)
        return facts

    def _parse(
        self, message: Message, head: bytes | None, *, facts: bool, body: bool = True
    ) -> Email | None:
        """Parse the file of ``message`` (``head`` when it is the whole file) and keep the
        email; return its facts (body-less) or the whole email. Without ``body`` only the
        facts are decoded, and kept."""
        micros, key, path, identity = message
        try:
            if head is not None:
                check_response_size(len(head), self._limits, f"maildir message {key}")
                raw: bytes | None = head
            else:
                raw = _read_message(path, key, self._limits)
            if raw is None:
                return None
            self.parses += 1
            email = decode(
                raw,
                key,
                self.account,
                moment_of(micros),
                self._limits,
                self._trust,
                facts_only=not body,
            )
        except OSError:  # moved or removed since the listing
            return None
        except OtpmailError as exc:  # over response_bytes, or over a fixed cap of the decoder
            log.warning("skipped message %s: %s", key, exc.message)
            return None
        if not body:
            _remember(self._facts, key, (identity, email), FACTS_KEPT)
            return email
        stripped = replace(email, body="", attachments=())
        _remember(self._emails, key, (identity, email), EMAILS_KEPT)
        _remember(self._facts, key, (identity, stripped), FACTS_KEPT)
        return stripped if facts else email


class Haystack:
    """The recipient texts of a whole listing joined into one ``bytes``, newest first, so
    that a read of a Maildir already read finds its candidates with ``bytes.find`` instead
    of visiting every file: the files whose text holds the address, and those whose text
    is :data:`~otpmail._providers._maildir_prefilter.UNKNOWN`."""

    def __init__(self, listing: Listing, texts: list[bytes], unknown: list[int]) -> None:
        self.listing = listing
        self._messages = listing.ordered
        self._starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        self._text = b"\0".join(texts)  # no recipient text holds a NUL (it is not plain)
        self._unknown = unknown

    @classmethod
    def of(
        cls, listing: Listing, recipients: dict[str, tuple[Identity, bytes | None]]
    ) -> Haystack | None:
        """The haystack of a complete listing whose every file's text is known, else
        ``None``."""
        texts: list[bytes] = []
        unknown: list[int] = []
        for number, (_, key, _, identity) in enumerate(listing.ordered):
            learned = recipients.get(key)
            if learned is None or learned[0] != identity:
                return None
            if learned[1] is None:
                unknown.append(number)
            texts.append(learned[1] or b"")
        return cls(listing, texts, unknown)

    def candidates(self, wanted: bytes) -> list[Message]:
        """The messages that may match ``wanted``, newest first."""
        found = set(self._unknown)
        text, starts = self._text, self._starts
        at = text.find(wanted)
        while at >= 0:
            number = bisect_right(starts, at) - 1
            found.add(number)
            at = text.find(wanted, starts[number + 1])
        return [self._messages[number] for number in sorted(found)]


def _whole(head: bytes | None) -> bytes | None:
    """``head`` when it holds the whole file."""
    return head if head is not None and len(head) < HEAD_BYTES else None


def _remember(kept: _Kept, key: str, value: tuple[Identity, Email], most: int) -> None:
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > most:
        kept.popitem(last=False)
