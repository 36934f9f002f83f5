"""The provider interface. It declares reads and nothing else: there is no method that could
send, move, delete, label or mark a message, so no caller can ask for one."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

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


@runtime_checkable
class ChangeFeed(Protocol):
    """What a provider offers for cheap waiting (read-only, like everything else).

    This is the whole seam between the poll engine (``otpmail._reading._wait``) and the
    mailbox: "a mark of now", and "what is new since mark X". Anything that answers these
    two calls can feed the engine's waiters — a provider polling its own API, or a source
    that watches the mailbox for many processes and hands each its share.
    """

    async def cursor(self) -> object:
        """A marker of "now" on the provider's side (opaque to the engine)."""

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """Messages added after ``cursor``, and the next cursor.

        ``since`` is the earliest delivery time any waiter still wants; providers use it
        when their cursor has expired and they must fall back to a search. Messages whose
        id is in ``known`` were already fetched in this stream and must not be fetched
        again (they may be left out of the answer, or returned: the engine drops them).
        """


@runtime_checkable
class PollSchedule(Protocol):
    """When a mailbox's poll stream polls next, for a provider that hears of news itself
    (Gmail push, docs/pubsub.md): such a provider offers one as its ``poll_schedule``."""

    async def next_poll(self, due_in: float) -> None:
        """Return when the next poll should start; ``due_in`` is when it would by the
        stream's own interval."""
