"""Gmail queries and answers, and which listed ids a search fetches: pure, no I/O.

A search lists ids a page at a time and fetches their bodies in waves (:class:`SearchPlan`),
until enough match, the listing ends, or :data:`MAX_FETCH` were tried. A ``latest`` search
on a mailbox whose ids carry their creation time (:mod:`._gmail_ids`) fetches the newest by
id and the ids too close to it to call, then only what could still be newer.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

from otpmail._core._criteria import Criteria
from otpmail._decoding import Email
from otpmail._providers._gmail_ids import close_to, might_be_newer, newest_first

# Quota per call (https://developers.google.com/workspace/gmail/api/reference/quota):
# list 5, get 20. A content call fetches at most this many bodies, so one call costs at
# most 5 * pages + 20 * MAX_FETCH units.
MAX_FETCH = 30
# `latest` where ids carry no time (see _gmail_ids) fetches this many of the first listed
# ids and keeps the newest by internalDate: list order is only roughly newest-first
# (googleapis/google-api-nodejs-client#3508).
LATEST_PROBE = 3
# Labels of mail the mailbox wrote itself; never OTP mail sent to it.
OWN_LABELS = frozenset({"DRAFT", "SENT"})


def gmail_query(criteria: Criteria) -> str:
    """The Gmail search string for ``criteria``, as the specification builds it.

    >>> from otpmail._core._criteria import build_criteria
    >>> gmail_query(build_criteria("qa@example.com", "no-reply@acme.example", 'Say "hi"'))
    'to:qa@example.com from:no-reply@acme.example subject:"Say \\\\"hi\\\\"" in:anywhere'
    """
    terms = [f"to:{criteria.to.value}"]
    if criteria.sender:
        terms.append(f"from:{criteria.sender.value}")
    if criteria.subject is not None:
        escaped = criteria.subject.replace("\\", "\\\\").replace('"', '\\"')
        terms.append(f'subject:"{escaped}"')
    if criteria.cutoff is not None:
        terms.append(f"after:{int(criteria.cutoff.timestamp())}")
    terms.append("in:anywhere")
    return " ".join(terms)


def get_request(service: Any, message_id: str, messages: Any = None) -> Any:
    """The ``messages.get`` of one body: raw, and only the fields otpmail reads.
    ``messages``: the ``users().messages()`` resource to reuse (the client builds every
    method of a resource anew each time one is asked for: a few ms)."""
    if messages is None:
        messages = service.users().messages()
    return messages.get(
        userId="me", id=message_id, format="raw", fields="id,labelIds,internalDate,raw"
    )


def decode_raw(raw: object) -> bytes:
    """The message bytes of a ``format=raw`` field (base64url, padded or not).

    Each step drops the previous copy before making the next (the answer is up to 4/3 of a
    ``response_bytes`` message, and up to five fetches run at once), so at most two copies
    of the text are alive at a time.

    >>> decode_raw("SGk")
    b'Hi'
    """
    if not isinstance(raw, str):
        raise TypeError("no raw message")
    text = raw.encode("ascii")
    del raw  # the caller popped it from the answer: this was the last reference
    text = text.translate(_URLSAFE_TO_STANDARD)
    if len(text) % 4:
        text += b"=" * (-len(text) % 4)
    return base64.b64decode(text)


_URLSAFE_TO_STANDARD = bytes.maketrans(b"-_", b"+/")


def listed_ids(page: dict[str, Any]) -> list[str]:
    """The message ids of a ``messages.list`` page, in its order."""
    return [str(m["id"]) for m in page.get("messages") or [] if isinstance(m, dict) and m.get("id")]


def added_ids(page: dict[str, Any], ids: list[str]) -> None:
    """Append to ``ids`` the messages a ``history.list`` page says were added, leaving out
    those already there and mail the mailbox wrote itself."""
    for record in page.get("history") or []:
        for added in record.get("messagesAdded") or []:
            message = added.get("message") or {}
            message_id = str(message.get("id") or "")
            if (
                message_id
                and message_id not in ids
                and not OWN_LABELS & set(message.get("labelIds") or ())
            ):
                ids.append(message_id)


class SearchPlan:
    """The ids a search has listed and not yet fetched, and the next wave to fetch."""

    def __init__(self, limit: int, *, latest: bool, ids_tell_time: bool) -> None:
        self.batch = LATEST_PROBE if latest else limit
        """How many ids a wave fetches, unless it is ordered by id."""
        self.token: str | None = None
        """The next page's token; ``None`` once the listing has ended (or before it began)."""
        self.pending: list[str] = []
        self.attempted = 0
        self._seen: set[str] = set()
        # `latest` on a page whose ids carry their creation time: fetch the newest by id
        # and the ids too close to it to call, in one wave; then only what could still be
        # newer (see _gmail_ids).
        self.by_id = False
        self._ids_tell_time = latest and ids_tell_time

    @property
    def page_size(self) -> int:
        return max(self.batch, 10)

    def listed(self, page: dict[str, Any]) -> bool:
        """Take a listed page; whether it brought any id not seen before."""
        self.token = page.get("nextPageToken")
        self.pending = [i for i in listed_ids(page) if i not in self._seen]
        self._seen.update(self.pending)
        if not self.pending:
            return False
        ordered = newest_first(self.pending) if self._ids_tell_time else None
        self.by_id = ordered is not None
        if ordered is not None:
            self.pending = ordered
        return True

    def wave(self) -> list[str]:
        """The ids to fetch next, taken off ``pending``."""
        # At most the probe's three in a wave: ids that only look timed (all "close") cost
        # no more than the probe; a denser burst is finished in a second wave.
        size = self.batch
        if self.by_id:
            size = min(LATEST_PROBE, 1 + len(close_to(self.pending[0], self.pending[1:])))
        take = self.pending[: min(size, MAX_FETCH - self.attempted)]
        self.pending = self.pending[len(take) :]
        self.attempted += len(take)
        return take

    def goes_on_after_newest(self, found: Sequence[Email], wave: Sequence[str]) -> bool:
        """After a wave ordered by id that matched: whether anything listed could still be
        newer than what ``found`` holds (then ``pending`` is what to fetch for it)."""
        # The wave's newest by id, if it matched: its offset between id and internalDate
        # is what the ids were judged by; else the newest match.
        anchor = next((e for e in found if e.id == wave[0]), found[0])
        doubt = might_be_newer(anchor.id, int(anchor.received_at.timestamp() * 1000), self.pending)
        if doubt == []:
            return False
        # Either some ids are close enough to be newer (fetch exactly those), or this
        # mailbox's ids do not carry time (fetch as if they carried none).
        self.by_id = False
        if doubt is not None:
            self.pending, self.batch = doubt, len(doubt)
            return True
        self._ids_tell_time = False
        self.batch = LATEST_PROBE - self.attempted
        return bool(self.pending) and self.batch > 0
