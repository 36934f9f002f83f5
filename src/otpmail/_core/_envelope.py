"""The three envelope shapes of the ``read_emails`` contract, built in one place."""

from __future__ import annotations

from typing import Any

from otpmail._core._errors import OtpmailError

Envelope = dict[str, Any]


def ok_emails(emails: list[dict[str, Any]]) -> Envelope:
    """``{"status": "ok", "data": {"emails": [...]}}``."""
    return {"status": "ok", "data": {"emails": emails}}


def ok_count(count: int) -> Envelope:
    """``{"status": "ok", "data": {"count": N}}``."""
    return {"status": "ok", "data": {"count": count}}


def error(exc: OtpmailError) -> Envelope:
    """``{"status": "error", "error": "PREFIX: message", "code": ..., "retryable": ...}``."""
    return {
        "status": "error",
        "error": str(exc),
        "code": exc.code,
        "retryable": exc.retryable,
    }
