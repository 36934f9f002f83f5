"""The closed set of failures otpmail reports, and how each becomes an envelope.

A documented failure travels as an :class:`OtpmailError` inside the library and leaves it as an
error envelope (:mod:`otpmail._core._envelope`) with one of the four prefixes of the
``read_emails`` contract (``INVALID``, ``NOT_CONFIGURED``, ``API_ERROR``, ``NO_EMAILS_FOUND``).
The ``code`` refines the prefix, ``retryable`` says whether the same call may succeed later,
and :data:`QUESTIONS` says what the caller should do. Messages never hold a token, key, secret
or provider response body. The prefixes and the codes: docs/errors.md, docs/internals.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Prefix(enum.StrEnum):
    """The four error categories of the ``read_emails`` contract."""

    INVALID = "INVALID"
    NOT_CONFIGURED = "NOT_CONFIGURED"
    API_ERROR = "API_ERROR"
    NO_EMAILS_FOUND = "NO_EMAILS_FOUND"


QUESTIONS = ("fix the input", "fix the configuration", "re-consent", "wait and retry", "report it")
"""What a failed call asks of its caller. Each code answers exactly one of these."""


@dataclass(frozen=True)
class CodeInfo:
    """What one error code means: its prefix, whether a retry can help, what to do, and
    which of the :data:`QUESTIONS` it answers."""

    prefix: Prefix
    retryable: bool
    remedy: str
    answers: str

    def __post_init__(self) -> None:
        if self.answers not in QUESTIONS:
            raise ValueError(f"unknown question {self.answers!r}")


# The closed set. The README's error table is generated from nothing else; a test keeps
# them in step.
CODES: dict[str, CodeInfo] = {
    "invalid_argument": CodeInfo(
        Prefix.INVALID, False, "Fix the arguments of the call.", answers="fix the input"
    ),
    "config_missing": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Create the integrations file or point to it.",
        answers="fix the configuration",
    ),
    "config_invalid": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Fix the integrations file at the named field.",
        answers="fix the configuration",
    ),
    "secret_missing": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Provide the key file or set the named variable.",
        answers="fix the configuration",
    ),
    "secret_invalid": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Replace the key or secret with a valid one.",
        answers="fix the configuration",
    ),
    "no_mailbox": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Add a mailbox whose address or domains cover the recipient.",
        answers="fix the configuration",
    ),
    "extra_missing": CodeInfo(
        Prefix.NOT_CONFIGURED,
        False,
        "Install the optional dependencies named.",
        answers="fix the configuration",
    ),
    "auth_failed": CodeInfo(
        Prefix.API_ERROR,
        False,
        "The provider rejected the credentials: rotate or fix them.",
        answers="fix the configuration",
    ),
    "delegation_denied": CodeInfo(
        Prefix.API_ERROR,
        False,
        "Grant domain-wide delegation (Gmail) or admin consent (Graph) for the read scope.",
        answers="re-consent",
    ),
    "permission_denied": CodeInfo(
        Prefix.API_ERROR, False, "Give the app read access to this mailbox.", answers="re-consent"
    ),
    "api_disabled": CodeInfo(
        Prefix.API_ERROR,
        False,
        "The provider's API is switched off for the app: enable it (Gmail: in the service account's Google Cloud project).",
        answers="fix the configuration",
    ),
    "mailbox_not_found": CodeInfo(
        Prefix.API_ERROR,
        False,
        "Check the mailbox address in the integrations file.",
        answers="fix the configuration",
    ),
    "rate_limited": CodeInfo(
        Prefix.API_ERROR, True, "Wait and retry; the provider throttled.", answers="wait and retry"
    ),
    # Retryable (the same call succeeds once the quota resets, with no change), but not
    # within the call: otpmail._core._retry.RETRY_NOW leaves it out, so no attempt waits for it.
    "quota_exhausted": CodeInfo(
        Prefix.API_ERROR,
        True,
        "A usage quota is spent (Gmail: the Cloud project's daily quota, reset at midnight Pacific time): retry after it resets, or have the quota raised.",
        answers="wait and retry",
    ),
    "provider_unavailable": CodeInfo(
        Prefix.API_ERROR,
        True,
        "The provider failed for now: retry later.",
        answers="wait and retry",
    ),
    "network_error": CodeInfo(
        Prefix.API_ERROR, True, "Check connectivity and retry.", answers="wait and retry"
    ),
    "deadline_exceeded": CodeInfo(
        Prefix.API_ERROR,
        True,
        "The call ran out of time: retry or raise the deadline.",
        answers="wait and retry",
    ),
    "egress_refused": CodeInfo(
        Prefix.API_ERROR,
        False,
        "A request to a host or path outside the allowlist was stopped before it left.",
        answers="report it",
    ),
    "bad_response": CodeInfo(
        Prefix.API_ERROR,
        True,
        "The provider sent a response otpmail could not use.",
        answers="wait and retry",
    ),
    "response_too_large": CodeInfo(
        Prefix.API_ERROR,
        False,
        "A message (or a listing) was larger than email.limits.response_bytes and was refused before parsing: raise the limit to read it.",
        answers="fix the configuration",
    ),
    "request_failed": CodeInfo(
        Prefix.API_ERROR,
        False,
        "The provider rejected the request; see the status.",
        answers="report it",
    ),
    "fetch_failed": CodeInfo(
        Prefix.API_ERROR,
        True,
        "Every matched message failed to fetch: retry.",
        answers="wait and retry",
    ),
    "no_emails_found": CodeInfo(
        Prefix.NO_EMAILS_FOUND,
        True,
        "Nothing matched yet; the mail may still be in transit.",
        answers="wait and retry",
    ),
}


class OtpmailError(Exception):
    """A documented failure, carried until it becomes an error envelope.

    ``message`` is safe to show: it never holds secret material or response bodies.
    ``retry_after`` is the wait in seconds the provider asked for, if it named one (it
    steers the retry policy and is not part of the envelope).
    """

    def __init__(self, code: str, message: str, *, retry_after: float | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after

    @property
    def prefix(self) -> Prefix:
        """The contract prefix this code belongs to."""
        return CODES[self.code].prefix

    @property
    def retryable(self) -> bool:
        """Whether the same call may succeed later without any change."""
        return CODES[self.code].retryable

    def __str__(self) -> str:
        return f"{self.prefix.value}: {self.message}"

    def __repr__(self) -> str:
        return f"OtpmailError(code={self.code!r}, message={self.message!r})"


def invalid(message: str) -> OtpmailError:
    """An ``INVALID:`` error about the caller's arguments."""
    return OtpmailError("invalid_argument", message)
