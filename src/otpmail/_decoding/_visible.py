"""What a person sees in a parsed message (:class:`VisibleText`): which alternative, which
parts, attached messages and reports, in document order, all under one raw budget."""

from __future__ import annotations

import contextlib
import re
from email.message import Message

from otpmail._core._bounds import (
    MAX_ATTACHMENTS,
    MAX_MIME_PARTS,
    MAX_MULTIPART_DEPTH,
    Limits,
    html_output_chars,
)
from otpmail._decoding._addresses import format_address
from otpmail._decoding._charset import decode_bytes, html_meta_charset
from otpmail._decoding._headers import Headers, ParseBudget
from otpmail._decoding._mime import (
    MAX_ENCODED_PER_CHAR,
    child_parts,
    content_disposition,
    control_noise,
    leaf_parts,
    mime_type,
    part_charset,
    repair_reused_boundaries,
    stored_payload,
    transfer_decode,
    transfer_encoding,
)
from otpmail._decoding._text import convert_html_counted, one_line

__all__ = ["VisibleText", "visible_text"]

_WORDS = re.compile(r"[^\W_]+")
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+", re.IGNORECASE)
# A plain alternative with more words than this is never taken for a placeholder.
_PLACEHOLDER_MAX_WORDS = 40
_PLACEHOLDER_MAX_CHARS = 4_000
# The HTML alternative beside a short plain one is first converted only this far past
# the plain text's length: where the two say the same, half of what the plain part says
# is there (in the corpus by 1.05 times its length at most), which tells that it is no
# placeholder, and then the HTML, which is not shown, is not converted further.
_PLACEHOLDER_PROBE_CHARS = 128
_UP_TO_LAST_SPACE = re.compile(r".*\s", re.DOTALL)

_PART_OMITTED = "[part omitted: too large]"
_ATTACHED = "---------- Attached message ----------"


class VisibleText:
    """The text a person sees in a parsed message, built in document order under one budget.

    - ``multipart/alternative``: the ``text/plain`` alternative, unless it is empty or a
      placeholder beside substantive HTML (:meth:`_placeholder`), then the HTML one;
    - ``multipart/related``: its root (``start``, else the first part; a root that is not
      text gives way to the first part that is);
    - ``multipart/signed``: its first part, the content (RFC 1847 §2.1), read as text when
      it is text whatever its label says; ``multipart/encrypted``: nothing;
    - every other multipart (``mixed``, ``digest``, ``report``, ``parallel``, unknown):
      every part in order;
    - ``message/rfc822`` (an attached or forwarded message, a digest entry): a line that
      says so, its From, Subject and Date, then its own visible text; ``message/*``
      reports (delivery status, disposition notifications): their fields, one per line;
    - ``text/plain`` and ``text/html`` that are not attachments: their text.

    Bounds: every part decoded is charged against ``raw_body_chars`` for the whole message
    (attached messages included, so nesting does not multiply the work); a part that does
    not fit is left out undecoded, marked ``[part omitted: too large]`` when other text is
    shown, and the email says ``body_omitted``. At most ``MAX_MIME_PARTS`` parts are visited
    and attached messages are read ``2 * MAX_MULTIPART_DEPTH`` levels deep.
    """

    def __init__(self, limits: Limits) -> None:
        self.raw_left = limits.raw_body_chars
        # What the HTML converter may still write for this message (all its parts), and
        # whether it stopped there: the body is then incomplete, and says so.
        self.html_left = html_output_chars(limits)
        self.stopped = False
        self.header_budget = ParseBudget()  # shared by the attached messages' headers
        self.parts_left = MAX_MIME_PARTS
        self.pieces: list[str | None] = []  # None: a part omitted for size
        self.shown: set[int] = set()
        self.charset: str | None = None
        """The charset of the first part shown: how raw 8-bit headers are read, after
        UTF-8 (see :class:`Headers`)."""
        self._decoded: dict[int, str | None] = {}
        self._sources: dict[int, tuple[bool, str | None]] = {}
        self._types: dict[int, tuple[str, str, str]] = {}

    # -- results -------------------------------------------------------------------------

    @property
    def omitted(self) -> bool:
        return None in self.pieces

    def text(self) -> str:
        shown = [p for p in self.pieces if p]
        if not shown:
            return ""
        return "\n\n".join(_PART_OMITTED if p is None else p for p in self.pieces if p != "")

    # -- the walk ------------------------------------------------------------------------

    def _type(self, part: Message) -> tuple[str, str, str]:
        """Main type, subtype and disposition, parsed once per part (each header access
        parses the header again)."""
        key = id(part)
        found = self._types.get(key)
        if found is None:
            found = self._types[key] = (*mime_type(part), content_disposition(part))
        return found

    def _inline_text(self, part: Message) -> bool:
        maintype, subtype, disposition = self._type(part)
        return maintype == "text" and subtype in ("plain", "html") and disposition != "attachment"

    def render(self, part: Message, depth: int = 0) -> None:
        if self.parts_left <= 0 or depth > 2 * MAX_MULTIPART_DEPTH:
            return
        self.parts_left -= 1
        maintype, subtype, _ = self._type(part)
        if maintype == "multipart":
            self._multipart(part, subtype, depth)
        elif maintype == "message":
            self._message(part, subtype, depth)
        elif self._inline_text(part):
            self._show(part)

    def _multipart(self, part: Message, subtype: str, depth: int) -> None:
        payload = stored_payload(part)
        if isinstance(payload, str):
            # A multipart whose boundary is missing or never occurs: the parser keeps its
            # text whole, and that text is what a mail client shows.
            if payload.strip():
                self._show(part)
            return
        children = child_parts(part)
        if subtype == "alternative":
            chosen = self._choose_alternative(children)
            if chosen is not None:
                self.render(chosen, depth + 1)
        elif subtype == "related":
            root = self._related_root(part, children)
            if root is not None:
                self.render(root, depth + 1)
        elif subtype == "signed":
            if children:
                self._signed_content(children[0], depth + 1)
        elif subtype != "encrypted":
            for child in children:
                self.render(child, depth + 1)

    def _message(self, part: Message, subtype: str, depth: int) -> None:
        inner = child_parts(part)
        if subtype in ("rfc822", "global", "news") and inner and self.parts_left > 0:
            self._header_lines(inner[0])
            self.render(inner[0], depth + 1)
        elif subtype in ("partial", "external-body"):
            return
        elif inner:  # delivery-status, disposition-notification, feedback-report…
            for block in inner[: self.parts_left]:
                self.parts_left -= 1
                self._add(self._fields(block))
        elif isinstance(stored_payload(part), str):
            self._show(part)

    # -- choosing ------------------------------------------------------------------------

    def _kind(self, part: Message, depth: int = 0) -> str | None:
        """``plain`` or ``html``: what an alternative shows when chosen, else None."""
        if depth > MAX_MULTIPART_DEPTH:
            return None
        maintype, subtype, _ = self._type(part)
        if maintype == "text":
            return subtype if self._inline_text(part) else None
        if maintype != "multipart":
            return None
        children = child_parts(part)
        if subtype == "related":
            root = self._related_root(part, children)
            return self._kind(root, depth + 1) if root is not None else None
        if subtype == "signed":
            return self._kind(children[0], depth + 1) if children else None
        kinds = [self._kind(c, depth + 1) for c in children[:MAX_MIME_PARTS]]
        if subtype == "alternative" and "html" in kinds:
            return "html"
        return next((k for k in kinds if k), None)

    def _choose_alternative(self, children: list[Message]) -> Message | None:
        plain = next((c for c in children if self._kind(c) == "plain"), None)
        html = next((c for c in reversed(children) if self._kind(c) == "html"), None)
        if plain is not None and html is not None and self._placeholder(plain, html):
            return html
        return plain if plain is not None else html

    def _placeholder(self, plain: Message, html: Message) -> bool:
        """A plain alternative a person would not read beside the HTML: empty, or a few
        words (at most ``_PLACEHOLDER_MAX_WORDS``) that the HTML mostly does not say
        ("Your client does not support HTML", "View this email in your browser") while the
        HTML says at least twice as much. URLs do not count as words here."""
        leaves = [p for p in leaf_parts(plain) if self._inline_text(p)]
        if sum(len(str(stored_payload(p) or "")) for p in leaves) > _PLACEHOLDER_MAX_CHARS:
            return False
        plain_text = " ".join(self._decoded_text(p) or "" for p in leaves)
        plain_words = _WORDS.findall(_URL.sub(" ", plain_text).lower())
        if not plain_words:
            return True
        if len(plain_words) > _PLACEHOLDER_MAX_WORDS:
            return False
        # What the plain part says, without the short words every text shares.
        telling = {w for w in plain_words if len(w) >= 4 or not w.isalpha()} or set(plain_words)
        if self._html_prefix_says_half(html, telling, len(plain_text) + _PLACEHOLDER_PROBE_CHARS):
            return False
        html_text = " ".join(
            self._decoded_text(p) or "" for p in leaf_parts(html) if self._inline_text(p)
        )
        html_words = _WORDS.findall(_URL.sub(" ", html_text).lower())
        if len(html_words) < 2 * len(plain_words):
            return False
        said = set(html_words)
        return sum(1 for w in telling if w in said) * 2 < len(telling)

    def _html_prefix_says_half(self, html: Message, telling: set[str], probe: int) -> bool:
        """True when the first ``probe`` characters the converter writes for ``html`` (one
        ``text/html`` part) already say at least half of ``telling``: the whole text says at
        least as much, so the plain part is no placeholder, and the HTML, which is then not
        shown, is not converted further. The conversion stops as soon as its text says
        half (asked every few dozen characters), so it often writes less than the probe.
        Its decoded text is charged to the budget as before; the converter wrote only the
        probe, and the output budget is not charged.

        Sound because the converter's output is built by appending (a stop keeps what was
        written: a prefix of the whole text), and only the words before the probe's last
        whitespace are counted, where cleaning, URLs and word boundaries are already what
        they are in the whole text. A probe that reached the end (or the output budget) is
        the whole conversion: it is kept, charged, and read as before."""
        if (
            id(html) in self._decoded
            or self._type(html)[:2] != ("text", "html")
            or not self._inline_text(html)
            or list(leaf_parts(html)) != [html]
        ):
            return False
        found, decoded = self._source(html)
        if not found or decoded is None:
            return False
        # Kept for _decoded_text, which converts it whole if the probe cannot tell.
        self._sources[id(html)] = (found, decoded)
        budget = max(0, self.html_left)

        def says_half(text: str) -> bool:
            # The probe's last word may go on in the whole text: only what precedes it counts.
            complete = _UP_TO_LAST_SPACE.match(text)
            said = set(_WORDS.findall(_URL.sub(" ", complete[0] if complete else "").lower()))
            return sum(1 for w in telling if w in said) * 2 >= len(telling)

        # Within the probe, the conversion stops as soon as its text says half: a shorter
        # prefix of the same text, read by the same rule.
        text, stopped, written = convert_html_counted(
            decoded, min(probe, budget), says_half if probe < budget else None
        )
        if not stopped or probe >= budget:
            # The whole conversion (or as far as the budget goes): what _decoded_text does.
            del self._sources[id(html)]
            self.raw_left -= len(decoded)
            self.html_left -= written
            self.stopped = self.stopped or stopped
            self._decoded[id(html)] = text
            return False
        if not says_half(text):
            return False  # cannot tell yet: converted whole by _decoded_text
        del self._sources[id(html)]
        self.raw_left -= len(decoded)
        return True

    def _related_root(self, part: Message, children: list[Message]) -> Message | None:
        if not children:
            return None
        try:
            start = str(part.get_param("start", "") or "").strip().strip("<>")
        except Exception:
            start = ""
        if start:
            for child in children:
                if str(child.get("Content-ID", "")).strip().strip("<>") == start:
                    return child
        if self._kind(children[0]) is not None:
            return children[0]
        return next((c for c in children if self._kind(c) is not None), children[0])

    def _signed_content(self, part: Message, depth: int) -> None:
        maintype, _, disposition = self._type(part)
        if maintype in ("multipart", "message") or self._inline_text(part):
            self.render(part, depth)
        elif disposition != "attachment":
            self.parts_left -= 1
            self._show(part, sniff=True)

    # -- text ----------------------------------------------------------------------------

    def _decoded_text(self, part: Message, *, sniff: bool = False) -> str | None:
        """The part's text, converted from HTML when it is HTML; None when it does not fit
        the budget (it is then not decoded). Decoded once, charged once."""
        key = id(part)
        if key in self._decoded:
            return self._decoded[key]
        kept = self._sources.pop(key, None)
        found, text = kept if kept is not None else self._source(part, sniff=sniff)
        if found and text is not None:
            self.raw_left -= len(text)
            if self._type(part)[:2] == ("text", "html"):
                text, stopped, written = convert_html_counted(text, max(0, self.html_left))
                self.html_left -= written
                self.stopped = self.stopped or stopped
        self._decoded[key] = text
        return text

    def _source(self, part: Message, *, sniff: bool = False) -> tuple[bool, str | None]:
        """Whether the part has text to decode, and that text before any conversion (None
        when the part does not fit what is left of the budget). Charges nothing."""
        payload = stored_payload(part)
        if not isinstance(payload, str):
            return False, ""
        if len(payload) > MAX_ENCODED_PER_CHAR * self.raw_left:
            return True, None
        try:
            data = transfer_decode(payload, transfer_encoding(part), part)
        except Exception:
            data = b""
        if sniff and control_noise(data):
            data = b""  # binary content under an unusual label: not text
        is_html = self._type(part)[:2] == ("text", "html")
        label = part_charset(part) or (html_meta_charset(data) if is_html else None)
        decoded = decode_bytes(data, label)
        return True, None if len(decoded) > self.raw_left else decoded

    def _show(self, part: Message, *, sniff: bool = False) -> None:
        self.shown.add(id(part))
        if self.charset is None:
            self.charset = part_charset(part)
        self.pieces.append(self._decoded_text(part, sniff=sniff))

    def _add(self, text: str) -> None:
        if len(text) > self.raw_left:
            self.pieces.append(None)
            return
        self.raw_left -= len(text)
        self.pieces.append(text)

    def _header_lines(self, inner: Message) -> None:
        headers = Headers(inner, None, budget=self.header_budget)
        lines = [_ATTACHED]
        sender = ", ".join(format_address(n, a) for n, a in headers.addresses("from"))
        for name, value in (
            ("From", sender),
            ("Subject", headers.text("subject")),
            ("Date", headers.text("date")),
        ):
            if value:
                lines.append(f"{name}: {one_line(value)}")
        self._add("\n".join(lines))

    @staticmethod
    def _fields(block: Message) -> str:
        try:
            items = list(block.raw_items())
        except Exception:
            return ""
        lines = []
        for name, value in items[:MAX_ATTACHMENTS]:
            text = " ".join(
                str(value).encode("utf-8", "surrogateescape").decode("utf-8", "replace").split()
            )
            lines.append(f"{one_line(str(name), 100)}: {one_line(text)}")
        return "\n".join(lines)


def visible_text(msg: Message, limits: Limits) -> VisibleText:
    visible = VisibleText(limits)
    # A repair must never cost the parts the parser did find; on malformed structure what
    # was read so far is shown.
    with contextlib.suppress(Exception):
        repair_reused_boundaries(msg)
    with contextlib.suppress(Exception):
        visible.render(msg)
    return visible
