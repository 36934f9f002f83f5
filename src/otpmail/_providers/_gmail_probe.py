"""The Gmail calls ``otpmail check --deep`` makes, for its front end to judge.

Each is a call the provider makes when it reads, through its own code (the egress check,
the retry policy, the error mapping), so the check sees what a read would see.
"""

from __future__ import annotations

from typing import Any

from otpmail._core._errors import OtpmailError
from otpmail._decoding import Email
from otpmail._providers._gmail import GmailProvider


class GmailProbe:
    """The calls a deep check may make on one Gmail mailbox."""

    def __init__(self, provider: GmailProvider) -> None:
        self._provider = provider
        self.account = provider.account

    async def token(self) -> None:
        """Get an access token for the mailbox (a token request unless one is cached)."""
        await self._provider._call("token request", None)

    async def list_ids(self, query: str, size: int) -> dict[str, Any]:
        """The first ``messages.list`` page of ids for ``query``, as Gmail answered it."""
        return await self._provider._list_page(query, size, None, ids_only=True)

    async def fetch(self, ids: list[str]) -> tuple[list[Email], list[OtpmailError], int]:
        """Fetch and decode ``ids`` the way every read does: the emails, the failures, and
        how many were deleted since they were listed."""
        return await self._provider._fetch_all(ids)

    async def history_id(self) -> int:
        """The mailbox's current history id (``getProfile``)."""
        return await self._provider._history_id()

    async def history_since(self, start: int) -> int:
        """Read the history from ``start`` (``history.list``); the history id it reached.
        Raises :class:`~._gmail_errors.HistoryExpired` if Gmail refuses ``start``."""
        _, latest = await self._provider._added_since(start)
        return latest
