"""``otpmail watch ADDRESS``: create or renew the Gmail push watch of a mailbox.

The watch asks Gmail to publish a notification of each change of the mailbox to a Pub/Sub
topic for seven days (docs/pubsub.md). Calling it again renews it; otpmail never stops one.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from otpmail._core._config import GmailMailbox
from otpmail._core._egress import PUBSUB_TOPIC
from otpmail._core._envelope import error
from otpmail._core._errors import OtpmailError, invalid
from otpmail._core._retry import within
from otpmail._reading._reader import Reader


async def run_watch(
    reader: Reader, address: str, topic: str | None, deadline: float | None
) -> dict[str, Any]:
    """The envelope of ``otpmail watch``: ``{"status": "ok", "data": {"address", "topic",
    "expires_at"}}``, or an error envelope."""
    try:
        mailbox = _gmail_mailbox(reader, address)
        chosen = topic or (mailbox.push.topic if mailbox.push else None)
        if chosen is None:
            raise invalid(
                "name the topic with --topic projects/PROJECT/topics/NAME, or set push.topic "
                f"for {mailbox.address} in the integrations file"
            )
        if not PUBSUB_TOPIC.fullmatch(chosen):
            raise invalid("--topic must be a full topic name, projects/PROJECT_ID/topics/NAME")
        provider = reader.provider_for(mailbox)
        watch = getattr(provider, "watch", None)
        if watch is None:  # a provider factory of a test or an embedding application
            raise invalid(f"the provider of {mailbox.address} offers no push watch")
        seconds = reader.config().deadline_for(deadline)
        expires_ms = await within(seconds, "watch", lambda: watch(chosen))
    except OtpmailError as exc:
        return error(exc)
    expires = datetime.fromtimestamp(expires_ms / 1000, UTC)
    return {
        "status": "ok",
        "data": {
            "address": mailbox.address,
            "topic": chosen,
            "expires_at": expires.isoformat().replace("+00:00", "Z"),
        },
    }


def _gmail_mailbox(reader: Reader, address: str) -> GmailMailbox:
    wanted = address.strip().lower()
    for mailbox in reader.config().mailboxes:
        if mailbox.address == wanted:
            if not isinstance(mailbox, GmailMailbox):
                raise invalid(f"{mailbox.address} is a {mailbox.provider} mailbox: push is Gmail's")
            return mailbox
    known = ", ".join(m.address for m in reader.config().mailboxes)
    raise OtpmailError(
        "no_mailbox", f"no mailbox {address.strip()!r} in {reader.config().path} (it has: {known})"
    )
