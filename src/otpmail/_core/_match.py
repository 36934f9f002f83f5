"""The exact rules, applied identically to every provider's candidates.

Provider queries (Gmail ``q``, Graph ``$filter``, a Maildir scan) only narrow the set; this
module decides. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from otpmail._core._criteria import Criteria

if TYPE_CHECKING:  # the shared ground does not import the layers above it
    from otpmail._decoding import Email


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


# What "no DMARC record" looks like: Gmail writes no dmarc result at all, RFC 8601 and
# Exchange Online write "none", and Exchange Online's "bestguesspass" says there is no record
# (it would have passed had there been one).
_NO_DMARC_RECORD = frozenset({None, "none", "bestguesspass"})


def _domain(address: str) -> str:
    return address.rpartition("@")[2].strip().rstrip(".").lower()


def vouches(authentication: Mapping[str, Any], from_addresses: Sequence[str]) -> bool:
    """True when a receiving server's report (an ``authentication`` object, as in the
    envelope) vouches for the domain of the one From address:

    - DMARC passed, for exactly that domain; or
    - the domain has no DMARC record, and a DKIM signature passed whose signer has the From
      domain's organisational domain (``dkim_aligned``).

    Unchecked mail (no trusted report) never counts; neither does SPF alone, which speaks of
    the envelope sender, not of From.

    >>> vouches({"checked": True, "dmarc": "pass", "header_from": "acme.example"},
    ...         ["no-reply@acme.example"])
    True
    >>> vouches({"checked": True, "dmarc": "pass", "header_from": "acme.example"},
    ...         ["no-reply@acme-login.example"])
    False
    """
    if authentication.get("checked") is not True or len(from_addresses) != 1:
        return False
    from_domain = _domain(from_addresses[0])
    dmarc = authentication.get("dmarc")
    if dmarc == "pass":
        return bool(from_domain) and authentication.get("header_from") == from_domain
    if dmarc in _NO_DMARC_RECORD:
        return authentication.get("dkim") == "pass" and authentication.get("dkim_aligned") is True
    return False


def authenticated(email: Email) -> bool:
    """Whether the receiving server's own report on ``email`` vouches for its From domain
    (:func:`vouches`)."""
    return vouches(email.authentication.to_dict(), email.sender_addresses)


def matches_filters(criteria: Criteria, email: Email) -> bool:
    """True when ``email`` satisfies every filter in ``criteria`` but authentication:

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


def matches(criteria: Criteria, email: Email) -> bool:
    """True when ``email`` satisfies every filter in ``criteria`` (:func:`matches_filters`)
    and, with ``criteria.authenticated``, is :func:`authenticated`."""
    if not matches_filters(criteria, email):
        return False
    return not criteria.authenticated or authenticated(email)


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
