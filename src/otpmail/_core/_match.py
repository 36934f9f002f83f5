"""The exact rules, applied identically to every provider's candidates.

Provider queries (Gmail ``q``, Graph ``$filter``, a Maildir scan) only narrow the set; this
module decides. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from otpmail._core._criteria import Criteria

if TYPE_CHECKING:  # the shared ground does not import the layers above it
    from otpmail._decoding import Email


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def matches(criteria: Criteria, email: Email) -> bool:
    """True when ``email`` satisfies every filter in ``criteria``.

    - the recipient is one of To, Cc or Delivered-To, exactly (``+tag`` included), or at the
      domain when the filter is a bare domain;
    - the sender filter matches a From address the same way;
    - the subject filter occurs in the subject, ignoring case and runs of whitespace;
    - delivery is at or after the look-back cutoff, to the second and below.
    """
    if not any(criteria.to.matches(addr) for addr in email.recipients):
        return False
    if criteria.sender and not any(
        criteria.sender.matches(addr) for addr in email.sender_addresses
    ):
        return False
    if criteria.subject is not None and _fold(criteria.subject) not in _fold(email.subject):
        return False
    return not (criteria.cutoff is not None and email.received_at < criteria.cutoff)


def select(
    criteria: Criteria, candidates: Iterable[Email], limit: int | None = None
) -> list[Email]:
    """Matching emails, newest delivery first, one per Message-ID, at most ``limit``."""
    seen: set[str] = set()
    chosen: list[Email] = []
    ordered = sorted(candidates, key=lambda e: (e.received_at, e.id), reverse=True)
    for candidate in ordered:
        if not matches(criteria, candidate):
            continue
        key = candidate.message_id or f"id:{candidate.id}"
        if key in seen:
            continue
        seen.add(key)
        chosen.append(candidate)
    return chosen if limit is None else chosen[:limit]
