"""Codes and links of a mail, and :func:`annotate`, which adds both to an email dict.

The code is read by :mod:`otpmail._decoding._codes`, the links by
:mod:`otpmail._decoding._links`; ``docs/code-scoring.md`` describes both. The names used
before the split are importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from otpmail._decoding._codes import CODE_ALPHABET, extract_code
from otpmail._decoding._links import Link, action_link_score, extract_links, pick_action_link

__all__ = [
    "CODE_ALPHABET",
    "MAX_LINKS",
    "Link",
    "action_link_score",
    "annotate",
    "extract_code",
    "extract_links",
    "pick_action_link",
]

MAX_LINKS = 50
"""Links kept per email: enough for any transactional mail, and it keeps one annotated
message within the result bound (``body_chars`` + the non-body allowance of _bounds)."""


def annotate(email: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``email`` with ``code`` (a string or ``None``) and ``links`` (the first
    :data:`MAX_LINKS`, in document order) added.

    >>> annotate({"subject": "Your code", "body": "Code: 482913"})["code"]
    '482913'
    """
    result = dict(email)
    result["code"] = extract_code(email)
    result["links"] = extract_links(email)[:MAX_LINKS]
    return result
