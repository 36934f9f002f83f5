"""The Microsoft Graph calls ``otpmail check --deep`` makes, for its front end to judge.

Each is a request the provider makes when it reads, sent through its own code (the egress
check, the retry policy, the error mapping), so the check sees what a read would see.
"""

from __future__ import annotations

from otpmail._providers._graph_messages import ListQuery, Page
from otpmail._providers._outlook import SCOPE, OutlookProvider


class OutlookProbe:
    """The calls a deep check may make on one Outlook mailbox."""

    def __init__(self, provider: OutlookProvider) -> None:
        self._provider = provider
        self.account = provider.account

    async def token(self) -> None:
        """Get an app-only access token from Entra ID (unless one is cached)."""

        async def token() -> object:
            return await self._provider._credential.get_token(SCOPE)

        await self._provider._call("token request", token)

    async def list_page(self, query: ListQuery) -> Page:
        """One ``messages.list`` page for ``query``, as a read sends it. Raises
        :class:`~._outlook.QueryShapeRefused` if Graph refuses the query's shape."""
        provider = self._provider

        async def work() -> Page:
            return await provider._page(provider._session(), query, None)

        return await provider._call("messages.list", work)

    def list_url(self) -> str:
        """The messages URL of this mailbox, which a next link must stay on."""
        return self._provider._session().list_url
