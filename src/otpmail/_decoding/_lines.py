"""Line and window helpers shared by the code and link extractors. Pure functions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_MAX_SCAN = 200_000
"""Characters of a body that are looked at; bodies are bounded upstream already."""

_HTMLISH = re.compile(
    r"<(?:!doctype|html|head|body|div|p|table|tr|td|span|a\s|br|font|center|h[1-6]|strong|b)\b",
    re.I,
)
_DECORATION = " \t*<>:[](){}\"'`-•·=~|.,!;\x03"
"""What a line may hold besides its content (``\x03`` marks a blanked URL or address)."""


def _strip_html(text: str) -> str:
    from otpmail._decoding._message import html_to_text

    return html_to_text(text)


_LONG_LINE = 2000
"""Lines are looked at up to this far from a position; longer lines are cut there, which
keeps the work per candidate bounded on hostile input."""


def _line_start(text: str, pos: int) -> int:
    floor = max(0, pos - _LONG_LINE)
    found = text.rfind("\n", floor, pos)
    return found + 1 if found >= 0 else floor


def _line_end(text: str, pos: int) -> int:
    ceiling = min(len(text), pos + _LONG_LINE)
    found = text.find("\n", pos, ceiling)
    return found if found >= 0 else ceiling


def _line_bounds(seg: str, start: int, end: int) -> tuple[int, int]:
    return _line_start(seg, start), _line_end(seg, end)


def _window_start(seg: str, line_start: int, lines: int) -> int:
    """Start of the ``lines``-th non-empty line above ``line_start`` (looking at most 50
    lines up)."""
    pos = line_start
    seen = 0
    for _ in range(50):
        if pos <= 0 or seen >= lines:
            break
        prev_end = pos - 1
        prev_start = _line_start(seg, prev_end)
        if seg[prev_start:prev_end].strip(_DECORATION):
            seen += 1
        pos = prev_start
    return pos


def _line_below(seg: str, line_end: int) -> tuple[int, int]:
    """Bounds of the first non-empty line under the line that ends at ``line_end`` (looking
    at most 50 lines down), or an empty span at the end of ``seg``."""
    pos = line_end
    for _ in range(50):
        if pos >= len(seg):
            break
        end = _line_end(seg, pos + 1)
        if seg[pos + 1 : end].strip(_DECORATION):
            return pos + 1, end
        pos = end
    return len(seg), len(seg)


def _alone_on_line(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]`` is all its line holds, besides decoration, or all its first
    cell holds: it starts the line and a wide gap follows (``    q7RtVw3k    If you…``), or
    the next line's first word was run into it (``0faa…c7ccThis key expires``): a text part
    whose lines were joined after the value."""
    ls, le = _line_bounds(seg, start, end)
    if seg[ls:start].strip(_DECORATION):
        return False
    run_on = end < le and seg[end].isupper() and seg[end - 1].isalnum()
    return not seg[end:le].strip(_DECORATION) or seg.startswith("   ", end) or run_on


def _label_ranges(seg: str, spans: list[tuple[int, int]], lines: int) -> list[tuple[int, int]]:
    """Merged ranges around ``spans`` (from ``lines`` non-empty lines above each span's line
    to its end) where labels can matter."""
    found: list[tuple[int, int]] = []
    for start, end in spans:
        ls, le = _line_bounds(seg, start, end)
        found.append((_window_start(seg, ls, lines), le))
    found.sort()
    merged: list[tuple[int, int]] = []
    for lo, hi in found:
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def _segments(source: Any) -> tuple[str, str]:
    """(subject, body) of an email dict or a string."""
    if isinstance(source, str):
        return "", source
    if isinstance(source, Mapping):
        subject = source.get("subject")
        body = source.get("body")
        html = source.get("html")
        subject_s = subject if isinstance(subject, str) else ""
        body_s = body if isinstance(body, str) else ""
        if not body_s.strip() and isinstance(html, str) and html.strip():
            body_s = _strip_html(html[:_MAX_SCAN])
        return subject_s, body_s
    return "", ""
