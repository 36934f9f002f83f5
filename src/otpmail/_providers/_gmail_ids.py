"""The newest of several listed Gmail messages, told from their ids.

``messages.list`` answers ids only, in an order that is only roughly newest first, and each
``messages.get`` costs quota. A Gmail id's top 44 bits read as the epoch milliseconds of the
message's creation, which is third-party evidence, not API documentation, so it is checked on
every call: the fetched ``internalDate`` must agree with the id within :data:`TOLERANCE_MS`,
and :class:`OffsetWatch` stops ordering by id for a mailbox whose offsets spread. The
reasoning and sources: docs/internals.md, ``_providers/_gmail_ids.py``. Pure: no I/O.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

__all__ = [
    "MARGIN_MS",
    "TOLERANCE_MS",
    "OffsetWatch",
    "close_to",
    "id_offset_ms",
    "id_time_ms",
    "might_be_newer",
    "newest_first",
]

TOLERANCE_MS = 10_000
"""How far a fetched message's ``internalDate`` may be from its id's time (ms) for ids to
count as carrying time in this mailbox."""
MARGIN_MS = 2_000
"""How much two messages of one mailbox may differ in that offset (ms)."""

_EARLIEST_MS = 1_072_915_200_000  # 2004-01-01, before Gmail existed
_LATEST_MS = 4_102_444_800_000  # 2100-01-01: past this, the id does not carry a time


def id_time_ms(message_id: str) -> int | None:
    """The creation time a Gmail id carries (epoch ms), or ``None`` when it carries none.

    >>> id_time_ms("1872208dcc053b54")  # 2023-03-27 07:46:58.880 UTC
    1679903218880
    >>> id_time_ms("not-an-id") is None
    True
    """
    if not 12 <= len(message_id) <= 16:
        return None
    try:
        value = int(message_id, 16)
    except ValueError:
        return None
    if message_id[:1] in "+-" or "_" in message_id:
        return None  # int() accepts these; Gmail ids are plain hex digits
    ms = value >> 20
    return ms if _EARLIEST_MS <= ms <= _LATEST_MS else None


def newest_first(ids: Sequence[str]) -> list[str] | None:
    """``ids`` ordered by the time they carry, newest first; ``None`` when any carries none.

    >>> newest_first(["1872208dcc053b54", "1872208f04800000"])  # the second is 5 s newer
    ['1872208f04800000', '1872208dcc053b54']
    """
    times = {i: id_time_ms(i) for i in ids}
    if any(t is None for t in times.values()):
        return None
    return sorted(ids, key=lambda i: times[i] or 0, reverse=True)


def close_to(newest_id: str, others: Sequence[str]) -> list[str]:
    """Of ``others``, those whose id time is within :data:`MARGIN_MS` of ``newest_id``'s, or
    carries no time: what :func:`might_be_newer` would ask for, whatever the offset between
    ids and ``internalDate`` turns out to be.

    >>> close_to("1872208dcc053b54", ["1872208dacc53b54", "1872207f26053b54"])  # 0.5 s, 60 s
    ['1872208dacc53b54']
    """
    newest = id_time_ms(newest_id)
    if newest is None:
        return list(others)
    return [o for o in others if (t := id_time_ms(o)) is None or t + MARGIN_MS >= newest]


def might_be_newer(newest_id: str, internal_ms: int, others: Sequence[str]) -> list[str] | None:
    """Of ``others`` (not fetched), those that could be newer than the fetched message
    ``newest_id``, delivered at ``internal_ms``; ``None`` when its id does not agree with
    its ``internalDate``, so ids tell nothing here.

    >>> # fetched: created 07:46:58.880, delivered 07:46:58.900; the other one a minute older
    >>> might_be_newer("1872208dcc053b54", 1679903218900, ["1872207f26053b54"])
    []
    """
    carried = id_time_ms(newest_id)
    if carried is None or abs(internal_ms - carried) > TOLERANCE_MS:
        return None
    offset = internal_ms - carried
    return [
        other
        for other in others
        if (t := id_time_ms(other)) is None or t + offset + MARGIN_MS >= internal_ms
    ]


def id_offset_ms(message_id: str, internal_ms: int) -> int | None:
    """How far ``internalDate`` is behind the time the id carries (ms); ``None`` when the id
    carries no time or the two are more than :data:`TOLERANCE_MS` apart (imported mail, or
    ids that carry no time in this mailbox).

    >>> id_offset_ms("1872208dcc053b54", 1679903218900)
    20
    >>> id_offset_ms("1872208dcc053b54", 1679903318900) is None  # 100 s apart
    True
    """
    carried = id_time_ms(message_id)
    if carried is None or abs(internal_ms - carried) > TOLERANCE_MS:
        return None
    return internal_ms - carried


class OffsetWatch:
    """The spread of :func:`id_offset_ms` over the messages of one mailbox seen so far.

    ``agrees`` stays true while every offset seen lies within :data:`MARGIN_MS` of every
    other, and turns false for good once two do not. Thread-safe.

    >>> watch = OffsetWatch()
    >>> watch.observe("1872208dcc053b54", 1679903218900)  # offset 20 ms
    >>> watch.observe("1872208f04800000", 1679903227880)  # offset 4,000 ms
    >>> watch.agrees, watch.spread_ms
    (False, 3980)
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._low: int | None = None
        self._high: int | None = None

    def observe(self, message_id: str, internal_ms: int) -> None:
        """Note one fetched message; messages whose id tells nothing are left out."""
        offset = id_offset_ms(message_id, internal_ms)
        if offset is None:
            return
        with self._lock:
            self._low = offset if self._low is None else min(self._low, offset)
            self._high = offset if self._high is None else max(self._high, offset)

    @property
    def spread_ms(self) -> int:
        with self._lock:
            if self._low is None or self._high is None:
                return 0
            return self._high - self._low

    @property
    def agrees(self) -> bool:
        return self.spread_ms <= MARGIN_MS
