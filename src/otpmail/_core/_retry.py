"""Deadlines and retries: one mechanism and one policy for every provider.

Each call has one end time (``time.monotonic()`` seconds) in a context variable, so the Gmail
worker threads and the Graph coroutines see the same deadline; everything that waits asks
:func:`remaining` and never waits past it. Only reads are retried, and only failures a retry
can fix (:data:`RETRY_NOW`: throttling, 5xx, network errors), with jittered exponential backoff
or the server's ``Retry-After`` if longer; a wait that would end past the deadline is not
started. The policy in full, and why a spent quota is not retried: docs/internals.md.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import re
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TypeGuard, TypeVar

from otpmail._core._errors import OtpmailError, invalid

log = logging.getLogger("otpmail.retry")

DEFAULT_DEADLINE = 30.0
"""Seconds one ``read_emails`` call may take, token request, retries and paging included."""
MAX_DEADLINE = 3600.0

RETRY_NOW = frozenset({"rate_limited", "provider_unavailable", "network_error"})
"""Codes worth another attempt within the same call: the per-code notion of in-call retry,
a subset of the retryable codes. (``bad_response`` and ``deadline_exceeded`` are retryable
by a later call, not by hammering now; ``quota_exhausted`` by a call after the quota
resets.)"""

# An attempt needs some time to be worth starting.
_MIN_ATTEMPT = 0.05

T = TypeVar("T")

_deadline: ContextVar[float | None] = ContextVar("otpmail_deadline", default=None)


# -- the deadline -----------------------------------------------------------------------


def current_deadline() -> float | None:
    """The running call's end, in ``time.monotonic()`` seconds, or ``None``."""
    return _deadline.get()


def remaining() -> float | None:
    """Seconds left before the running call's deadline (may be negative), or ``None``."""
    end = _deadline.get()
    return None if end is None else end - time.monotonic()


def expired() -> bool:
    """Whether the running call's deadline has passed (or is about to)."""
    left = remaining()
    return left is not None and left <= _MIN_ATTEMPT / 5


@contextmanager
def deadline_scope(seconds: float, *, within_caller: bool = True) -> Iterator[float]:
    """Run the block with a deadline ``seconds`` from now, or the caller's, if sooner.

    ``within_caller=False`` ignores the caller's: for a background task (the wait's poll
    loop) that inherited the context of whichever call started it.
    """
    end = time.monotonic() + seconds
    outer = _deadline.get() if within_caller else None
    if outer is not None:
        end = min(end, outer)
    token = _deadline.set(end)
    try:
        yield end
    finally:
        _deadline.reset(token)


@contextmanager
def default_deadline(seconds: float) -> Iterator[float]:
    """Keep the caller's deadline; if there is none, set one ``seconds`` from now."""
    outer = _deadline.get()
    if outer is not None:
        yield outer
        return
    with deadline_scope(seconds) as end:
        yield end


async def within(
    seconds: float,
    what: str,
    work: Callable[[], Awaitable[T]],
    *,
    within_caller: bool = True,
    shown: float | None = None,
) -> T:
    """Run ``work()`` under a deadline ``seconds`` from now (or the caller's, if sooner),
    for providers to read, and cancel it there if it has not returned: the call ends on
    time even if a provider does not. Running out is ``deadline_exceeded``; its message
    names ``shown`` seconds (default ``seconds``)."""
    with deadline_scope(seconds, within_caller=within_caller) as end:
        scope = asyncio.timeout(max(0.0, end - time.monotonic()))
        try:
            async with scope:
                return await work()
        except TimeoutError:
            if not scope.expired():
                raise
        raise OtpmailError(
            "deadline_exceeded",
            f"{what} did not finish within {seconds if shown is None else shown:g} s",
        )


def seconds_in_range(value: object, most: float) -> TypeGuard[int | float]:
    """Whether ``value`` is a number of seconds above 0 and at most ``most``: an ``int`` or
    a finite ``float``, never a ``bool``. An integer too large for a float is out of range,
    not an ``OverflowError``.

    >>> seconds_in_range(10**400, MAX_DEADLINE), seconds_in_range(0.5, MAX_DEADLINE)
    (False, True)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return 0 < value <= most


def check_deadline(value: object, what: str = "deadline") -> float:
    """A per-call deadline must be a number of seconds above 0 and at most an hour."""
    if not seconds_in_range(value, MAX_DEADLINE):
        raise invalid(f"{what} must be a number of seconds above 0 and at most {MAX_DEADLINE:g}")
    return float(value)


# -- server hints -----------------------------------------------------------------------

_GMAIL_RETRY_AT = re.compile(
    r"retry after (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))",
    re.IGNORECASE,
)


def parse_retry_after(value: object, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds or an HTTP date.

    >>> parse_retry_after("2")
    2.0
    >>> parse_retry_after("Wed, 21 Oct 2015 07:28:05 GMT", datetime(2015, 10, 21, 7, 28, tzinfo=UTC))
    5.0
    >>> parse_retry_after("soon") is None
    True
    """
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(min(int(text), 10 * int(MAX_DEADLINE)))
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def parse_retry_at_text(message: object, now: datetime | None = None) -> float | None:
    """Seconds until the time in Gmail's ``"… Retry after 2018-04-27T17:20:36.724Z"`` text.

    >>> parse_retry_at_text(
    ...     "User-rate limit exceeded.  Retry after 2018-04-27T17:20:36.724Z",
    ...     datetime(2018, 4, 27, 17, 20, 30, tzinfo=UTC),
    ... )
    6.724
    """
    if not isinstance(message, str):
        return None
    match = _GMAIL_RETRY_AT.search(message)
    if match is None:
        return None
    try:
        when = datetime.fromisoformat(match[1].replace("Z", "+00:00"))
    except ValueError:
        return None
    return max(0.0, round((when - (now or datetime.now(UTC))).total_seconds(), 3))


# -- the policy -------------------------------------------------------------------------


def backoff(retry: int, base: float, cap: float) -> float:
    """The wait before retry number ``retry`` (1 for the first): exponential, capped, with
    "equal jitter" (between half and all of the exponential step), so that many clients
    throttled at once do not come back in step. Used by the provider calls and by the
    wait's poll loop alike."""
    step = min(cap, base * 2.0 ** max(0, retry - 1))
    return step * (0.5 + random.random() / 2)


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently one provider request is retried.

    ``attempts`` counts the first one; ``base`` and ``cap`` shape :func:`backoff`. The
    deadline bounds everything regardless.
    """

    attempts: int = 5
    base: float = 0.5
    cap: float = 8.0

    def delay(self, error: OtpmailError, attempt: int) -> float | None:
        """Seconds to wait before attempt ``attempt + 1`` after ``error``, or ``None`` to
        stop now and report ``error``."""
        if error.code not in RETRY_NOW or attempt >= self.attempts:
            return None
        wait = backoff(attempt, self.base, self.cap)
        if error.retry_after is not None:
            wait = max(wait, error.retry_after)
        left = remaining()
        if left is not None and wait + _MIN_ATTEMPT >= left:
            # The server's wait (or ours) would end past the deadline: waiting would only
            # turn a useful "retry later" into a deadline failure.
            return None
        return wait

    async def run(self, what: str, attempt: Callable[[int], Awaitable[T]]) -> T:
        """Call ``attempt(n)`` for n = 1, 2, … until it returns, or raises an error this
        policy does not retry (see :meth:`delay`)."""
        number = 1
        while True:
            try:
                return await attempt(number)
            except OtpmailError as exc:
                wait = self.delay(exc, number)
                if wait is None:
                    raise
                log.info("%s failed (%s); attempt %d in %.2fs", what, exc.code, number + 1, wait)
            await asyncio.sleep(wait)
            number += 1


DEFAULT_POLICY = RetryPolicy()
NO_RETRY = RetryPolicy(attempts=1)
"""One attempt only: for tests of the error mapping itself."""
