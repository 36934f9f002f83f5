"""FakeGraph with its rows serialised at delivery, so the benchmark's memory figures hold
otpmail's allocations and not the fake's (building a 1,000-row page as Python objects
peaks at about ten times the page's size). A page is then one join of stored bytes: the
one allocation of the page's size that reading it from a socket would make."""

from __future__ import annotations

import json
from datetime import datetime

from fakes.graph import FakeGraph, GraphMessage
from otpmail._providers._graph_messages import CONTENT_FIELDS, COUNT_FIELDS

# The $select lists otpmail sends (content, count, the waiting poll) and none (the naive
# baseline, which gets every property).
_FIELD_SETS: tuple[tuple[str, ...] | None, ...] = (
    CONTENT_FIELDS,
    COUNT_FIELDS,
    ("id", "receivedDateTime"),
    None,
)


class BenchGraph(FakeGraph):
    def __init__(self, mailbox: str, latency: float) -> None:
        super().__init__(mailbox, latency=latency)
        self._rows: dict[tuple[str, tuple[str, ...] | None], bytes] = {}

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
    ) -> str:
        message_id = super().deliver(
            to=to,
            subject=subject,
            body=body,
            sender=sender,
            at=at,
            content_type=content_type,
            is_draft=is_draft,
        )
        message = self.messages[-1]
        for fields in _FIELD_SETS:
            self._row(message, fields)
        return message_id

    def _row(self, message: GraphMessage, fields: tuple[str, ...] | None) -> bytes:
        key = (message.id, fields)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = json.dumps(
                message.row(list(fields) if fields is not None else None)
            ).encode()
        return row

    def _list(self, url: str) -> bytes:
        page, fields, context, next_link = self._page(url)
        chosen = tuple(fields) if fields is not None else None
        parts = [b'{"@odata.context": ', json.dumps(context).encode(), b', "value": [']
        parts.append(b", ".join(self._row(m, chosen) for m in page))
        parts.append(b"]")
        if next_link:
            parts += [b', "@odata.nextLink": ', json.dumps(next_link).encode()]
        parts.append(b"}")
        return b"".join(parts)
