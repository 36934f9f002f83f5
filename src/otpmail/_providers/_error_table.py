"""HTTP failures as otpmail errors, by a table read top-down: the first row that matches
wins, as in httpx's ``HTTPCORE_EXC_MAP``. Each provider keeps its tables beside its
transport (:mod:`._gmail_errors`, :mod:`._graph_errors`), so the mapping is reviewed as
data, not as an if-ladder."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, NamedTuple

from otpmail._core._errors import OtpmailError

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
    detail: str
    """What the error message says in brackets after the status (nothing if empty); a
    template whose ``{fields}`` the provider fills in with what the answer named."""
    waits: bool
    """Whether the wait the service asked for is kept, for the retry policy."""

    def matches(self, status: int | None, reasons: Collection[str]) -> bool:
        if self.status is not ANY:
            if status is None:
                return False
            if isinstance(self.status, range) and status not in self.status:
                return False
            if isinstance(self.status, int) and status != self.status:
                return False
        return self.reason is ANY or self.reason in reasons


class ErrorTable:
    """Rows read top-down; the last matches any status and reason, so every answer has one.

    >>> table = ErrorTable(
    ...     ErrorRow(403, "domainPolicy", "permission_denied", "policy", False),
    ...     ErrorRow(403, ANY, "permission_denied", "", False),
    ...     ErrorRow(ANY, ANY, "request_failed", "{code}", False),
    ... )
    >>> table.error(403, {"domainPolicy"}, "HTTP 403", None, code="x").message
    'HTTP 403 (policy)'
    >>> table.error(404, {"notFound"}, "HTTP 404", None, code="notFound").code
    'request_failed'
    """

    def __init__(self, *rows: ErrorRow) -> None:
        if not rows or rows[-1][:2] != (ANY, ANY):
            raise ValueError("the last row of an error table matches any status and reason")
        self.rows = rows

    def row_for(self, status: int | None, reasons: Collection[str]) -> ErrorRow:
        """The first row that an answer with ``status`` and ``reasons`` matches."""
        return next(row for row in self.rows if row.matches(status, reasons))

    def error(
        self,
        status: int | None,
        reasons: Collection[str],
        where: str,
        wait: float | None,
        **fields: str,
    ) -> OtpmailError:
        """The error an answer becomes: ``where`` (what failed, and the status), then the
        row's detail in brackets, filled in with ``fields``; ``wait`` if the row keeps it."""
        row = self.row_for(status, reasons)
        detail = row.detail.format(**fields)
        return OtpmailError(
            row.code,
            f"{where} ({detail})" if detail else where,
            retry_after=wait if row.waits else None,
        )
