"""What the reader found: a decoded :class:`Email` with what extraction reads from it.

Inside otpmail a result stays this typed value; it becomes the envelope's email dict once,
at the public edge (:meth:`Mail.to_dict`), and the pytest fixture takes ``code`` and
``action_link`` from it without digging through that dict again.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from otpmail._decoding import Authentication, Email
    from otpmail._decoding._extract import Link


class Mail:
    """One email a read or a wait returns. Extraction runs on first use, once."""

    def __init__(self, email: Email) -> None:
        self.email = email

    def __repr__(self) -> str:
        return f"Mail(id={self.email.id!r}, account={self.email.account!r})"

    @property
    def received_at(self) -> datetime:
        """Delivery time at the mailbox (UTC)."""
        return self.email.received_at

    @property
    def authentication(self) -> Authentication:
        """The receiving server's verdict on the mail's From domain."""
        return self.email.authentication

    @cached_property
    def _fields(self) -> dict[str, Any]:
        # Extraction reads the envelope form, so that a code or link found here is the one
        # the envelope shows.
        from otpmail._decoding import annotate  # only a read that returns mail extracts

        return annotate(self.email.to_dict())

    @property
    def code(self) -> str | None:
        """The one-time code, or ``None`` when there is none or it is not clear."""
        code: str | None = self._fields["code"]
        return code

    @property
    def links(self) -> list[Link]:
        """The first links of the mail, in document order."""
        links: list[Link] = self._fields["links"]
        return links

    @cached_property
    def action_link(self) -> Link | None:
        """The link the mail asks its reader to follow (sign in, verify, reset), or
        ``None`` (see :func:`action_link_of`)."""
        return action_link_of(self._fields)

    def to_dict(self) -> dict[str, Any]:
        """The envelope form (:class:`otpmail.types.EmailDict`): the specified keys, the
        extra ones, ``code`` and ``links``. One dict per ``Mail``: the edge hands it out."""
        return self._fields


def action_link_of(email: Mapping[str, Any]) -> Link | None:
    """The action link of an email in its envelope form: picked from the mail itself, so
    the sentence around each link counts as it does for ``pick_action_link(email)``; from
    the bare list of links only when the body was not kept."""
    from otpmail._decoding import pick_action_link

    return pick_action_link(email if email.get("body") else (email.get("links") or []))
