"""Bounding a result (bound 4): the list of emails is cut keeping whole messages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from otpmail._core._bounds._limits import Limits

NON_BODY_MAX_CHARS = 25_000
"""Upper bound of everything but the body in one email dict, as :func:`email_chars` counts
it: four header fields, the attachment list, ids, dates and flags. Checked by a test."""


def email_chars(value: Any) -> int:
    """The size :func:`bound_result` counts: the characters of every string and number in
    an email dict (keys and JSON punctuation are not counted).

    >>> email_chars({"from": "a@x.example", "attachments": [{"name": "a.pdf", "size": 120}]})
    19
    """
    if isinstance(value, str):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int | float):
        return len(str(value))
    if isinstance(value, Mapping):
        return sum(email_chars(v) for v in value.values())
    if isinstance(value, Iterable):
        return sum(email_chars(v) for v in value)
    return len(str(value))


_E = TypeVar("_E", bound=Mapping[str, Any])


def bound_result(emails: Sequence[_E], limits: Limits) -> tuple[list[_E], int]:
    """Keep the longest run of whole emails, in order, whose sizes add up to at most
    ``limits.result_chars``; return them and how many were dropped.

    The list is newest first, so the oldest messages are the ones dropped. A message is
    never cut here: bodies were already bounded when they were decoded. The newest message
    is always kept, so a call that matched mail never answers with an empty list: the
    configuration makes one decoded message fit (``result_chars >= body_chars +
    NON_BODY_MAX_CHARS``); only fields added after decoding (extracted ``links``, say) can
    push one message past the bound on its own.

    >>> kept, dropped = bound_result([{"body": "x" * 40}] * 3, Limits(result_chars=100))
    >>> len(kept), dropped
    (2, 1)
    """
    total = 0
    for index, item in enumerate(emails):
        total += email_chars(item)
        if total > limits.result_chars and index > 0:
            return list(emails[:index]), len(emails) - index
    return list(emails), 0
