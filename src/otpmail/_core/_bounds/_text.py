"""Cutting text (bounds 2 and 3): a body omitted before conversion, the HTML converter's
output budget, a cleaned body cut with a marker, and the fixed caps on one-line fields.

The caps on header fields and attachment lists are fixed, not configurable, so that one
decoded message has a known maximum size whatever ``body_chars`` is.
"""

from __future__ import annotations

from otpmail._core._bounds._limits import Limits

MAX_HEADER_CHARS = 1_000
"""Displayed From, To, Subject and Date are cut to this many characters."""
MAX_ATTACHMENTS = 50
"""Attachments listed per message; the rest are counted in ``attachments_omitted``."""
MAX_ATTACHMENT_NAME_CHARS = 255
"""An attachment name is cut to this many characters (the usual file-name limit)."""
MAX_CONTENT_TYPE_CHARS = 127
"""An attachment content type is cut to this many characters (RFC 6838 sizes)."""
MAX_HTML_NESTING = 16
"""Levels of list and quote nesting shown as indentation in converted HTML; deeper levels
are shown at this depth. Each level indents every line below it, so unbounded nesting
made text quadratic in the markup (20,000 nested lists: 70 s and 1.5 GB)."""

BODY_TRUNCATED_MARKER = "[body truncated]"
"""Ends a body cut at ``body_chars``."""
BODY_OMITTED_MARKER = "[message body omitted: too large]"
"""How a renderer shows a body omitted at ``raw_body_chars`` (the body itself is "")."""


def raw_body_too_large(n_chars: int, limits: Limits) -> bool:
    """True when a body of ``n_chars`` decoded characters must be omitted unconverted.

    >>> raw_body_too_large(250_001, Limits())
    True
    """
    return n_chars > limits.raw_body_chars


def html_output_chars(limits: Limits) -> int:
    """The most characters the HTML converter may produce before it stops: twice
    ``body_chars`` plus 64 KiB. What it produces is cleaned (runs of blank lines and
    trailing spaces go) and then cut at ``body_chars``, so text past this is never shown;
    the budget is checked as text is produced, so no markup makes the converter work past
    it.

    >>> html_output_chars(Limits())
    105536
    """
    return 2 * limits.body_chars + 65_536


def cut_text(text: str, max_chars: int) -> str:
    """``text`` cut to at most ``max_chars`` characters, ending in "…" when it was cut.

    Used for one-line fields (header values, attachment names).

    >>> cut_text("abcdef", 4)
    'abc…'
    >>> cut_text("abc", 4)
    'abc'
    """
    if len(text) <= max_chars:
        return text
    if max_chars <= 1:
        return text[:max_chars]
    return text[: max_chars - 1].rstrip() + "…"


# A cut that lands inside a word would leave a fragment that looks like a shorter code or
# link ("…code is 123" from "1234567"): the cut backs off to the last whitespace when one
# is this close to the limit.
_WORD_BACKOFF = 200


def bound_body(text: str, limits: Limits, *, stopped: bool = False) -> tuple[str, bool]:
    """Cut a normalised body to ``limits.body_chars`` characters, marker included.

    Returns the body and whether it was cut. A cut body ends with a blank line and
    :data:`BODY_TRUNCATED_MARKER`, and the cut falls on whitespace when there is some in the
    last 200 characters, so no half code or half link is left at the end. ``stopped`` says
    the text is already incomplete (the HTML converter stopped at its budget): it gets the
    marker even when it is short.

    >>> bound_body("short", Limits())
    ('short', False)
    >>> body, cut = bound_body("word " * 10, Limits(body_chars=30))
    >>> cut, body
    (True, 'word word\\n\\n[body truncated]')
    >>> bound_body("short", Limits(), stopped=True)
    ('short\\n\\n[body truncated]', True)
    """
    limit = limits.body_chars
    if len(text) <= limit and not stopped:
        return text, False
    if stopped and len(text) + 2 + len(BODY_TRUNCATED_MARKER) <= limit:
        return (text + "\n\n" if text else "") + BODY_TRUNCATED_MARKER, True
    suffix = "\n\n" + BODY_TRUNCATED_MARKER
    keep = limit - len(suffix)
    if keep <= 0:
        return BODY_TRUNCATED_MARKER[:limit], True
    head = text[:keep]
    if not text[keep].isspace():
        space = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
        if space >= 0 and keep - space <= _WORD_BACKOFF:
            head = head[:space]
    return head.rstrip() + suffix, True
