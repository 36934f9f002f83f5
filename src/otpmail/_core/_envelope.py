"""The three envelope shapes of the ``read_emails`` contract, built in one place: the one
conversion from what the reader found (or the error that stopped it) to the dicts every
public call returns. Their key-by-key shapes are published in :mod:`otpmail.types`."""

from __future__ import annotations

from typing import Any

from otpmail._core._errors import OtpmailError

Envelope = dict[str, Any]


class NothingArrived(OtpmailError):
    """A wait timed out (``NO_EMAILS_FOUND``); ``arrived`` summarises the first few mails
    that came in its window and did not match, for the envelope's extra ``arrived`` key."""

    def __init__(self, message: str, arrived: list[dict[str, str]]) -> None:
        super().__init__("no_emails_found", message)
        self.arrived = arrived


def ok_emails(emails: list[dict[str, Any]]) -> Envelope:
    """``{"status": "ok", "data": {"emails": [...]}}``."""
    return {"status": "ok", "data": {"emails": emails}}


def ok_count(count: int) -> Envelope:
    """``{"status": "ok", "data": {"count": N}}``."""
    return {"status": "ok", "data": {"count": count}}


def error(exc: OtpmailError) -> Envelope:
    """``{"status": "error", "error": "PREFIX: message", "code": ..., "retryable": ...}``;
    a timed-out wait adds ``arrived``."""
    envelope: Envelope = {
        "status": "error",
        "error": str(exc),
        "code": exc.code,
        "retryable": exc.retryable,
    }
    if isinstance(exc, NothingArrived):
        envelope["arrived"] = list(exc.arrived)
    return envelope
