"""FakeGraph with its rows serialised at delivery, so the benchmark's memory figures hold
otpmail's allocations and not the fake's (building a 1,000-row page as Python objects
peaks at about ten times the page's size). A page is then one join of stored bytes: the
one allocation of the page's size that reading it from a socket would make."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from fakes.graph import FakeGraph, GraphAttachment, GraphMessage, attachment_fields
from otpmail._providers._graph_messages import CONTENT_EXPAND, CONTENT_FIELDS, COUNT_FIELDS

_Fields = tuple[str, ...] | None
_Attachments = tuple[str, ...] | None | Literal[False]

# The $select and $expand pairs otpmail sends (content with attachment metadata, count, the
# waiting poll) and the naive baseline's (every property, nothing expanded).
_CONTENT_ATTACHMENTS = attachment_fields(CONTENT_EXPAND[0])
assert isinstance(_CONTENT_ATTACHMENTS, list)
_SHAPES: tuple[tuple[_Fields, _Attachments], ...] = (
    (CONTENT_FIELDS, tuple(_CONTENT_ATTACHMENTS)),
    (COUNT_FIELDS, False),
    (("id", "receivedDateTime"), False),
    (None, False),
)


class BenchGraph(FakeGraph):
    def __init__(self, mailbox: str, latency: float) -> None:
        super().__init__(mailbox, latency=latency)
        self._rows: dict[tuple[str, _Fields, _Attachments], bytes] = {}

    def deliver(
        self,
        *,
        to: str,
        subject: str = "Your code",
        body: str = "Your code is 123456",
        sender: str = "no-reply@acme.example",
        at: datetime | None = None,
        content_type: str = "text",
        is_draft: bool = False,
        attachments: Sequence[GraphAttachment] = (),
    ) -> str:
        message_id = super().deliver(
            to=to,
            subject=subject,
            body=body,
            sender=sender,
            at=at,
            content_type=content_type,
            is_draft=is_draft,
            attachments=attachments,
        )
        message = self.messages[-1]
        for fields, expanded in _SHAPES:
            self._row(message, fields, expanded)
        return message_id

    def _row(self, message: GraphMessage, fields: _Fields, expanded: _Attachments) -> bytes:
        key = (message.id, fields, expanded)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = json.dumps(
                message.row(
                    list(fields) if fields is not None else None,
                    list(expanded) if isinstance(expanded, tuple) else expanded,
                    self.mailbox,
                )
            ).encode()
        return row

    def _list(self, url: str) -> bytes:
        listing = self._page(url)
        fields = tuple(listing.fields) if listing.fields is not None else None
        attachments = listing.attachments
        expanded: _Attachments = (
            tuple(attachments) if isinstance(attachments, list) else attachments
        )
        parts = [b'{"@odata.context": ', json.dumps(listing.context).encode(), b', "value": [']
        parts.append(b", ".join(self._row(m, fields, expanded) for m in listing.messages))
        parts.append(b"]")
        if listing.next_link:
            parts += [b', "@odata.nextLink": ', json.dumps(listing.next_link).encode()]
        parts.append(b"}")
        return b"".join(parts)
