"""One poll stream per mailbox per machine, whatever the number of waiting processes
(docs/fleets.md).

The poll engine (``otpmail._reading._wait``) reads each mailbox through a change feed:
"a mark of now" and "what is new since mark X". :func:`shared_feed` puts the machine's
watcher of the mailbox in front of a provider's feed, so that every process's engine —
its marks, its session rules, its filters — runs unchanged on the answers of one poller.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from otpmail._sharing._client import SharedFeed, release
from otpmail._sharing._hub import PollPolicy
from otpmail._sharing._runtime import sharing_enabled

if TYPE_CHECKING:
    from otpmail._providers._base import ChangeFeed

__all__ = ["PollPolicy", "SharedFeed", "release", "share_key", "shared_feed"]


def share_key(identity: tuple[object, ...]) -> str:
    """The name of one mailbox as one integrations entry reads it, from the provider's
    ``mailbox_identity``: provider, address, the credentials' identity (never a secret)
    and the limits its emails are decoded with. Entries that differ in any of these never
    share a watcher."""
    text = "\x1f".join(repr(part) for part in identity)
    return hashlib.sha256(text.encode()).hexdigest()


def shared_feed(feed: ChangeFeed, interval: Callable[[], float], policy: PollPolicy) -> ChangeFeed:
    """``feed`` as the machine's watcher of its mailbox answers it, when the provider says
    which mailbox it reads (``mailbox_identity``) and sharing is on (``OTPMAIL_SHARING`` is
    not ``off``); else ``feed`` itself. ``interval`` says the stream's poll interval now;
    ``policy`` is the poll engine's (a watcher started here polls by it)."""
    identity = getattr(feed, "mailbox_identity", None)
    if not isinstance(identity, tuple) or not sharing_enabled():
        return feed
    return SharedFeed(feed, share_key(identity), interval, policy)
