"""Third-party loggers that can see credentials say nothing during an otpmail call.

The SDKs log what they handle, and what they handle holds secrets: azure-identity logs a
failed token request at WARNING with Entra's error body, which can echo the request (the
client secret, a signed assertion); logging's last-resort handler prints such a record on
stderr even when the caller configured no logging. No SDK promises to keep secrets out of
its log text, so otpmail does not let them speak for it: a filter on the loggers of every
SDK on a request's path (:data:`SDK_LOGGERS`) drops each record made while an otpmail call
runs (its deadline is set, :func:`otpmail._core._retry.current_deadline`; that context
follows the call into its worker threads). The same SDKs used by the caller outside
otpmail's calls log as they always did. otpmail's own loggers (``otpmail.*``) say what
happened, from fixed texts.
"""

from __future__ import annotations

import logging
import threading

from otpmail._core._retry import current_deadline

SDK_LOGGERS = (
    "aiohttp",
    "azure",
    "google",
    "google_auth_httplib2",
    "googleapiclient",
    "httpcore",
    "httplib2",
    "httpx",
    "kiota_abstractions",
    "kiota_authentication_azure",
    "kiota_http",
    "kiota_serialization_json",
    "msal",
    "msal_extensions",
    "msgraph",
    "msgraph_core",
    "oauthlib",
    "requests",
    "requests_oauthlib",
    "urllib3",
)
"""Top-level logger names of the SDKs that build, sign, send or answer otpmail's requests
(and their children)."""


class _OutsideOtpmailCalls(logging.Filter):
    """Passes a record only if no otpmail call is running in the context that made it."""

    def filter(self, record: logging.LogRecord) -> bool:
        return current_deadline() is None


_FILTER = _OutsideOtpmailCalls()
_lock = threading.Lock()


def is_sdk_logger(name: str) -> bool:
    """Whether ``name`` is one of :data:`SDK_LOGGERS` or a child of one.

    >>> is_sdk_logger("azure.identity.aio._internal.get_token_mixin"), is_sdk_logger("azurex")
    (True, False)
    """
    return any(name == top or name.startswith(top + ".") for top in SDK_LOGGERS)


def quiet_sdk_loggers() -> None:
    """Put the filter on every SDK logger that exists (a filter on a logger sees only that
    logger's own records, so each one needs it). Idempotent and cheap; the providers call
    it once their SDKs are imported, when every logger those modules create exists."""
    with _lock:
        # list() copies the registry in one step: other threads may add loggers meanwhile.
        names = [n for n in list(logging.Logger.manager.loggerDict) if is_sdk_logger(n)]
        for name in {*names, *SDK_LOGGERS}:
            logger = logging.getLogger(name)
            if _FILTER not in logger.filters:
                logger.addFilter(_FILTER)


__all__ = ["SDK_LOGGERS", "is_sdk_logger", "quiet_sdk_loggers"]
