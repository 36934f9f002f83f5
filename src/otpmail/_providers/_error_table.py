"""HTTP failures as otpmail errors, by a table read top-down: the first row that matches
wins, as in httpx's ``HTTPCORE_EXC_MAP``. Each provider keeps its table beside its transport
(:mod:`._gmail_errors`, :mod:`._graph_errors`), so the mapping is reviewed as data."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, NamedTuple

ANY: Final = None
"""Matches any status, or any reason."""

SERVER_ERROR: Final = range(500, 1000)
"""Every 5xx status (a status has three digits: http.client and h11 refuse others)."""


class ErrorRow(NamedTuple):
    """One row: an answer with this status and this reason becomes ``code``."""

    status: int | range | None
    """The HTTP status: one, a range of them, or :data:`ANY`."""
    reason: str | None
    """A name the answer carries (the service's reason or code, or a provider's marker for
    a fact read from its message), or :data:`ANY`."""
    code: str
    """The otpmail error code."""
    detail: str | None
    """What the error message says in brackets after the status, if anything."""
    waits: bool
    """Whether the wait the service asked for is kept, for the retry policy."""


def first_match(
    table: Sequence[ErrorRow], status: int | None, reasons: Collection[str]
) -> ErrorRow | None:
    """The first row of ``table`` that an answer with ``status`` and ``reasons`` matches.

    >>> table = (ErrorRow(403, "domainPolicy", "permission_denied", "policy", False),
    ...          ErrorRow(403, ANY, "permission_denied", None, False))
    >>> first_match(table, 403, {"domainPolicy"}).detail
    'policy'
    >>> first_match(table, 403, {"forbidden"}).detail is None
    True
    >>> first_match(table, 404, set()) is None
    True
    """
    for row in table:
        if row.status is not ANY and (
            status is None
            or (status not in row.status if isinstance(row.status, range) else status != row.status)
        ):
            continue
        if row.reason is ANY or row.reason in reasons:
            return row
    return None
