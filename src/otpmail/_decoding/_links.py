"""The links of a mail and the one it asks the reader to follow. Pure functions, no I/O.

:func:`extract_links` lists the http(s) links of a mail (HTML anchors, then ``text (url)``
renderings and bare URLs of the body), each once. :func:`pick_action_link` reads each link
with its label and sentence (the words of :mod:`otpmail._decoding._vocabulary`), scores it
with :data:`LINK_WEIGHTS` and returns the best at :attr:`LinkWeights.threshold` or above.
``docs/code-scoring.md`` gives the whole algorithm.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any, NamedTuple, TypedDict
from urllib.parse import unquote

from otpmail._decoding._lines import (
    _DECORATION,
    _HTMLISH,
    _MAX_SCAN,
    _line_end,
    _line_start,
    _window_start,
)
from otpmail._decoding._vocabulary import (
    action_in,
    avoid_in,
    closes,
    disown_in,
    generic_label,
    pointer_in,
)

__all__ = [
    "LINK_WEIGHTS",
    "Link",
    "LinkWeights",
    "action_link_score",
    "extract_links",
    "pick_action_link",
]


class Link(TypedDict):
    """One link of a mail: the URL as written and the visible text ("" when none)."""

    url: str
    text: str


@dataclass(frozen=True, slots=True)
class LinkWeights:
    """The points a link gets as the mail's action; ``docs/code-scoring.md`` explains each."""

    label_action: int = 6
    """Its label names an action ("Verify email", "Passwort zurücksetzen")."""
    label_elsewhere: int = -8
    """Its label names something else (help, privacy, unsubscribe, "not you?")."""
    disowned: int = -8
    """Its sentence is the "didn't request this" one."""
    help_sentence: int = -6
    """A plain label in a help or contact sentence."""
    sentence_action_and_pointer: int = 5
    """A plain label in a sentence that names an action and points at the link."""
    sentence_action: int = 4
    sentence_pointer: int = 3
    """"click the link below", "以下のリンク"."""
    subject_action: int = 1
    """The subject names an action too (with a sentence cue)."""
    action_path: int = 3
    """``/verify``, ``/reset``, ``/login-actions`` in the URL or its tracked destination."""
    token_query: int = 2
    """``?token=``, ``&code=`` …"""
    avoid_url: int = -8
    """An unsubscribe, help or app-store URL."""
    home_page: int = -4
    given_twice: int = 1
    """A button and its "paste this URL" fallback (only on a positive score)."""
    button: int = 2
    """Drawn as a button in the ``html`` part (only on a positive score)."""
    threshold: int = 3
    """The least score a link is picked with."""


LINK_WEIGHTS = LinkWeights()


_NO_URL_CHARS = (
    "\\s<>\"'`\x00-\x1f\x7f\u00a0\u200b-\u200f\u2028\u2029\u2060\ufeff"
    # scripts written without spaces: a particle glued to a URL's end is not part of it
    "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_LINK_URL = re.compile(rf"(?i)(?<![A-Za-z0-9+.-])https?://[^{_NO_URL_CHARS}]+")
_HOST = re.compile(r"(?i)https?://[^/?#\s]*[A-Za-z0-9][^/?#\s]*")
_TRAILING = ".,;:!?'\"»›…"
_EMPHASIS = "*_~"
"""Markdown emphasis: trimmed from a URL's end only when the same mark opens before it."""
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
_TEXT_CUT = re.compile(r".*(?:[.!?:;](?:\s|$)|\||\x00|(?:^|\s)[-–—•*]\s)")
_TEXT_CLEAN = re.compile(r"^[\s*#>\-•·_~]+|[\s*_~]+$")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|[。！？]")
_CUE_CHARS = 240
"""Characters of a sentence read as a link's cue, on each side."""


def _trim_url(url: str, opener: str = "") -> str:
    """``url`` without trailing punctuation, unbalanced closing brackets and, when
    ``opener`` is an emphasis mark written before it, that mark."""
    end = len(url)
    counts: dict[str, int] = {}
    while end:
        last = url[end - 1]
        if last in _TRAILING or (opener and last == opener):
            end -= 1
            continue
        opening = _CLOSERS.get(last)
        if opening is not None:
            if last not in counts:
                counts[last] = url.count(last, 0, end)
                counts[opening] = url.count(opening, 0, end)
            if counts[last] > counts[opening]:
                counts[last] -= 1
                end -= 1
                continue
        break
    return url[:end]


class _Found(NamedTuple):
    url: str
    text: str
    before: str
    """The sentence before the link (before its label): on its line, or, when the link
    starts its line, the last sentence of the nearest line above."""
    lead: str
    """The sentence before that one in the same paragraph (the intro above a button)."""
    after: str
    """The rest of the link's sentence after it."""
    times: int = 1
    button: bool = False


def _split_last(text: str) -> tuple[str, str]:
    """(the sentence before the last one, the last sentence) of ``text``."""
    text = text.rstrip()
    floor = max(0, len(text) - 2 * _CUE_CHARS)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, floor) if m.end() < len(text)]
    cut = ends[-1] if ends else floor
    lead_cut = ends[-2] if len(ends) > 1 else floor
    last = text[max(cut, len(text) - _CUE_CHARS) :]
    lead = text[max(lead_cut, cut - _CUE_CHARS) : cut] if ends else ""
    return " ".join(lead.split()), " ".join(last.split())


_NEW_SENTENCE = re.compile(r"\s*[A-ZÀ-ÖØ-ÞА-ЯЁ]")


def _first_sentence(text: str) -> str:
    """The rest of a sentence after a link; nothing when what follows starts a new one
    (a capital right after the URL: "…link: <url> If this was not you, …")."""
    if _NEW_SENTENCE.match(text):
        return ""
    m = _SENTENCE_END.search(text, 0, _CUE_CHARS)
    return " ".join(text[: m.start() if m else _CUE_CHARS].split())


def _cues(text: str, start: int, end: int) -> tuple[str, str, str]:
    """(lead, before, after) of the link that spans ``text[start:end]`` (see
    :class:`_Found`)."""
    line_start = _line_start(text, start)
    head = text[line_start:start]
    if head.strip(_DECORATION):
        lead, before = _split_last(head)
    else:
        above_start = _window_start(text, line_start, 1)
        above = text[above_start:line_start] if above_start < line_start else ""
        if _LINK_URL.search(above):
            above = ""  # the line above is another link's: no sentence that leads to this one
        lead, before = _split_last(above)
    after = _first_sentence(text[end : _line_end(text, end)])
    return lead, before, after


def _rendered_paren(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where ``(`` before and ``)`` after the URL at ``text[start:end]`` are, for the
    ``label (url)`` and ``label ( url )`` renderings; None when it is not one."""
    i = start
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    j = end
    while j < len(text) and text[j] in " \t":
        j += 1
    if i >= 1 and text[i - 1] == "(" and text[j : j + 1] == ")":
        return i - 1, j + 1
    return None


def _text_links(text: str) -> list[_Found]:
    """Links of a text body: ``text (url)`` renderings, ``[text](url)`` and bare URLs."""
    text = text[:_MAX_SCAN]
    found: list[_Found] = []
    boundary = 0  # end of the previous ``(url)`` rendering: anchor text starts after it
    for m in _LINK_URL.finditer(text):
        opener = text[m.start() - 1] if m.start() and text[m.start() - 1] in _EMPHASIS else ""
        url = _trim_url(m.group(), opener)
        if not _HOST.match(url):
            continue
        start, end = m.start(), m.start() + len(url)
        line_start = _line_start(text, start)
        label = ""
        link_start, link_end = start, end
        paren = _rendered_paren(text, start, end)
        if paren is not None:
            head_end = paren[0]
            if head_end >= 1 and text[head_end - 1] == "]":
                opening = text.rfind("[", max(line_start, boundary), head_end - 1)
                head = text[opening + 1 : head_end - 1] if opening >= 0 else ""
                link_start = opening if opening >= 0 else head_end
            else:
                head = text[max(line_start, boundary, head_end - 300) : head_end]
                head = _TEXT_CUT.sub("", head)
                link_start = head_end - len(head)
            label = " ".join(_TEXT_CLEAN.sub("", head).split())[:200]
            if label == url:
                label = ""
            link_end = paren[1]
            boundary = link_end
        lead, before, after = _cues(text, link_start, link_end)
        found.append(_Found(url, label, before, lead, after))
    return found


_BUTTON_STYLE = re.compile(r"(?i)background|padding|border-radius")
_BUTTON_CLASS = re.compile(r"(?i)\b(?:button|btn|cta)")


class _AnchorParser(HTMLParser):
    """The anchors of an HTML part with the text around them, and whether each is drawn
    as a button (a filled or padded box, or a cell with a background around it)."""

    _BLOCKS = frozenset(("br", "p", "div", "tr", "td", "th", "li", "table", "h1", "h2", "h3", "h4"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.size = 0
        self.anchors: list[tuple[str, int, int, bool]] = []
        self._open: list[tuple[str, int, bool]] = []
        self._cells: list[bool] = []
        self._skip = 0

    def _emit(self, text: str) -> None:
        if self.size < _MAX_SCAN:
            self.parts.append(text)
            self.size += len(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in ("style", "script", "head", "title"):
            self._skip += 1
        elif tag == "a":
            styled = bool(
                _BUTTON_CLASS.search(values.get("class", ""))
                or _BUTTON_STYLE.search(values.get("style", ""))
                or (self._cells and self._cells[-1])
            )
            self._open.append((values.get("href", "").strip(), self.size, styled))
        elif tag == "img" and self._open:
            if values.get("alt"):
                self._emit(values["alt"])
        elif tag in self._BLOCKS:
            self._emit("\n")
            if tag in ("td", "th"):
                self._cells.append(
                    bool(values.get("bgcolor") or "background" in values.get("style", ""))
                )

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "head", "title"):
            self._skip = max(0, self._skip - 1)
        elif tag == "a" and self._open:
            href, start, styled = self._open.pop()
            self.anchors.append((href, start, self.size, styled))
        elif tag in ("td", "th") and self._cells:
            self._cells.pop()
        elif tag in self._BLOCKS:
            self._emit("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._emit(data)


def _html_links(html: str) -> list[_Found]:
    parser = _AnchorParser()
    try:
        parser.feed(html[:_MAX_SCAN])
        parser.close()
    except Exception:  # hostile markup: the anchors found so far
        pass
    text = "".join(parser.parts)
    found = []
    for href, start, end, styled in sorted(parser.anchors, key=lambda a: a[1]):
        url = _trim_url(href)
        if not (url.lower().startswith(("http://", "https://")) and _HOST.match(url)):
            continue
        label = " ".join(text[start:end].split())[:200]
        lead, before, after = _cues(text, start, end)
        found.append(_Found(url, "" if label == url else label, before, lead, after, 1, styled))
    return found


def _all_links(source: Any) -> list[_Found]:
    found: list[_Found] = []
    if isinstance(source, str):
        if "<" in source and _HTMLISH.search(source, 0, 5000):
            found.extend(_html_links(source))
        found.extend(_text_links(source))
    elif isinstance(source, Mapping):
        html = source.get("html")
        if isinstance(html, str) and html:
            found.extend(_html_links(html))
        body = source.get("body")
        if isinstance(body, str):
            found.extend(_text_links(body))
    merged: dict[str, _Found] = {}
    for item in found:
        seen = merged.get(item.url)
        if seen is None:
            merged[item.url] = item
            continue
        better = not seen.text and bool(item.text)
        merged[item.url] = seen._replace(
            text=item.text if better else seen.text,
            before=item.before if better else seen.before,
            lead=item.lead if better else seen.lead,
            after=item.after if better else seen.after,
            times=seen.times + 1,
            button=seen.button or item.button,
        )
    return list(merged.values())


def extract_links(email_or_text: Mapping[str, Any] | str) -> list[Link]:
    """All http(s) links of a mail, in document order, each once.

    ``text`` is the anchor's visible text (``""`` for a bare URL). With an ``html`` part,
    its anchors come first, then links of the body not already listed.

    >>> extract_links("Sign in (https://app.example/login?t=abc). Or see https://example.com/help.")
    [{'url': 'https://app.example/login?t=abc', 'text': 'Sign in'}, {'url': 'https://example.com/help', 'text': ''}]
    """
    try:
        return [Link(url=f.url, text=f.text) for f in _all_links(email_or_text)]
    except Exception:  # pragma: no cover - extraction must never fail a read
        return []


# --------------------------------------------------------------------------------------
# The action link

_ACTION_PATH = re.compile(
    r"(?i)/(?:[a-z0-9]+[_-])*(?:verif(?:y|ication)s?|confirm(?:ation)?s?|activat(?:e|ion)|log-?in"
    r"|sign-?in|sign_in|magic(?:[_-]?link)?|reset|passwordless|invit(?:e|ation)s?|validat(?:e|ion)"
    r"|auth|otp|redeem|unlock|recover(?:y)?|action-token)(?:[_-][a-z0-9]+)*(?=[/?#.]|$)"
)
_ACTION_QUERY = re.compile(
    r"(?i)[?&](?:token|otp|code|key|confirmation_token|reset_token|unlock_token|magic|oobcode)="
)
_AVOID_URL = re.compile(
    r"(?i)unsubscribe|optout|opt-out|/privacy|/terms|/legal|/help|/support|/faq|/preferences|list-manage"
    r"|apps\.apple\.com|play\.google\.com|/contact"
)
_ROOT_URL = re.compile(r"(?i)https?://[^/?#]+/?$")
_PERCENT_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _destination(url: str) -> str:
    """``url`` with percent-escapes undone (twice): a click-tracking wrapper that carries
    its destination encoded (``/L0/https:%2F%2Fexample.com%2Freset…``) shows the path."""
    for _ in range(2):
        if not _PERCENT_ESCAPE.search(url):
            break
        url = unquote(url)
    return url


def _score_found(item: _Found, subject_action: bool = False) -> int:
    """How much ``item`` looks like the mail's action (``docs/code-scoring.md``)."""
    weights = LINK_WEIGHTS
    score = 0
    label = item.text
    label_action = action_in(label)
    label_bad = avoid_in(label) or disown_in(label, side="lead")
    if label_bad:
        score += weights.label_elsewhere
    elif label_action:
        score += weights.label_action
    sentence = f"{item.before} {item.after}"
    if (
        disown_in(item.before)
        or disown_in(item.after, side="after")
        or (disown_in(item.lead, side="lead") and not closes(item.before))
    ):
        score += weights.disowned  # "if this wasn't you, <link>": the link is for that case
    elif not label or (generic_label(label) and not label_bad and not label_action):
        # A label that names something else ("[Product Name]", "Try a different email")
        # keeps the sentence around it from counting: that sentence is about the thing.
        cue_action = action_in(item.before) or action_in(item.after) or action_in(item.lead)
        cue_pointer = pointer_in(sentence) or pointer_in(label) or pointer_in(item.lead)
        if avoid_in(sentence) and not cue_action:
            # "Questions? (Visit) our help center: <link>"
            score += 0 if cue_pointer else weights.help_sentence
        elif cue_action or cue_pointer:
            if cue_action and cue_pointer:
                score += weights.sentence_action_and_pointer
            elif cue_action:
                score += weights.sentence_action
            else:
                score += weights.sentence_pointer
            score += weights.subject_action if subject_action else 0
    destination = _destination(item.url)
    if _ACTION_PATH.search(destination):
        score += weights.action_path
    if _ACTION_QUERY.search(destination):
        score += weights.token_query
    if _AVOID_URL.search(destination):
        score += weights.avoid_url
    if _ROOT_URL.match(item.url):
        score += weights.home_page
    if item.times > 1 and score > 0:
        score += weights.given_twice
    if item.button and score > 0:
        score += weights.button
    return score


def action_link_score(link: Mapping[str, str]) -> int:
    """How much a ``{"url", "text"}`` link looks like the mail's action (higher is more);
    usable as a sort key: ``sorted(links, key=action_link_score, reverse=True)``.

    >>> action_link_score({"url": "https://x.example/verify?token=a", "text": "Verify email"}) > 0
    True
    >>> action_link_score({"url": "https://x.example/unsubscribe", "text": "Unsubscribe"}) < 0
    True
    """
    return _score_found(_Found(str(link.get("url", "")), str(link.get("text", "")), "", "", ""))


def pick_action_link(
    email_or_links: Mapping[str, Any] | str | Sequence[Mapping[str, str]],
) -> Link | None:
    """The link the mail asks the reader to follow (sign in, verify, confirm, reset, magic
    link, unlock, accept an invitation), or ``None`` when no link clearly is one.

    Takes what :func:`extract_links` takes, or a list of its links. From a mail, the
    sentence around each link counts too ("Click the link below to sign in:"), so a mail is
    read better than its bare list of links. Among equals the first in the mail wins.

    >>> pick_action_link("Questions? help (https://x.example/help)\\n"
    ...                  "Confirm your email (https://x.example/c?token=q)")
    {'url': 'https://x.example/c?token=q', 'text': 'Confirm your email'}
    """
    try:
        subject_action = False
        if isinstance(email_or_links, (str, Mapping)):
            found = _all_links(email_or_links)
            if isinstance(email_or_links, Mapping):
                subject = email_or_links.get("subject")
                subject_action = isinstance(subject, str) and action_in(subject[:300])
        else:
            found = [
                _Found(str(x.get("url", "")), str(x.get("text", "")), "", "", "")
                for x in email_or_links
                if isinstance(x, Mapping)
            ]
        best: _Found | None = None
        best_score = LINK_WEIGHTS.threshold - 1
        for item in found:
            score = _score_found(item, subject_action)
            if score > best_score:
                best, best_score = item, score
    except Exception:  # pragma: no cover - extraction must never fail a read
        return None
    return None if best is None else Link(url=best.url, text=best.text)
