"""The provider interface. It declares reads and nothing else: there is no method that could
send, move, delete, label or mark a message, so no caller can ask for one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from otpmail._core._criteria import Criteria

if TYPE_CHECKING:
    from otpmail._decoding import Email


class Provider(Protocol):
    """A mailbox that can be searched and counted."""

    account: str
    """The mailbox address, reported in every email as ``account``."""

    async def search(self, criteria: Criteria) -> list[Email]:
        """Up to ``criteria.limit`` matching emails, newest delivery first.

        Implementations narrow with the provider's own query, then decide with
        :func:`otpmail._core._match.select`, so every provider applies the same exact rules.
        Content-mode "nothing found" is an empty list, not an error.
        """

    async def count(self, criteria: Criteria) -> int:
        """How many messages match, walking every result page."""

    async def aclose(self) -> None:
        """Release clients and connections."""
