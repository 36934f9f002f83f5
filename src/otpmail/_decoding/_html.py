"""HTML mail to plain text, with html2text, showing only what a person sees.

html2text does the conversion; this module decides what reaches it:

- **non-content elements** are dropped with everything inside them: ``head``, ``title``,
  ``style``, ``script``, ``template``, ``svg``, ``math``, ``iframe``, ``object``, ``embed``,
  ``audio``, ``video``, ``canvas``, ``select`` and Outlook's ``xml`` islands; comments are
  dropped (so are Outlook's ``<!--[if mso]>`` blocks, which only repeat the content);
  images are dropped, so no image, tracking pixel, stylesheet or frame URL is ever in the
  text: the only URLs are those of links;
- **hidden elements** are dropped with their content, as a browser would hide them: the
  ``hidden`` attribute, ``display:none``, ``visibility:hidden`` (until a descendant says
  ``visible``), ``opacity`` below 0.1, a font size of at most 1px (until a descendant sets a
  readable one), ``max-height:0``, a zero (or 1px) ``height``/``width`` with
  ``overflow:hidden``, ``mso-hide:all``, a transparent text colour, text pushed 999px or more
  off screen, and ``clip: rect(0…)``. These are the preheader tricks: text a person never
  sees, placed first so that mail clients show it as a preview, and a place to hide
  instructions for a program. Declarations come from the ``style`` attribute (the first
  one, as browsers take it) and from simple top-level ``<style>`` rules (``.class``,
  ``#id``, ``tag``, ``tag.class``); rules inside ``@media`` are ignored, so the desktop
  rendering is the one reproduced. CSS escapes are decoded before matching;
- **links** become ``text (url)``; a link whose text is its URL appears once; ``mailto:``,
  ``tel:``, in-page, ``javascript:``, ``data:`` and ``cid:`` targets are not shown;
- **Markdown is not produced**: no ``#`` headings, no ``**``, no backticks, no table pipes,
  no backslash escapes; table cells are separated by a space, list items start with ``-``
  or their number, ``<pre>`` keeps its lines.
- **Bounded work.** Markup cannot make the text grow faster than itself: list indentation
  and quote marks stop deepening at ``MAX_HTML_NESTING`` levels (each level used to indent
  every line below it, so 20,000 nested lists made 1.5 GB of text); the output is counted
  as it is produced and the conversion stops at ``max_chars`` (:func:`convert` says it
  stopped); CSS rules are looked up by the element's id, classes and tag, and the checks
  of one conversion are capped at ``_MAX_RULE_CHECKS``, past which it stops too (it never
  goes on with the rules unapplied, which would show hidden text); an unterminated
  ``<![CDATA[`` ends at the next ``>``, as browsers read it in HTML, instead of being
  searched for its end once per ``>``.

Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape
from html.entities import html5 as _NAMED_REFERENCES
from typing import Any

import html2text

from otpmail._core._bounds import MAX_HTML_NESTING

__all__ = ["convert", "html_to_text"]

_NON_CONTENT = frozenset(
    {
        "head",
        "title",
        "style",
        "script",
        "noembed",
        "noframes",
        "template",
        "svg",
        "math",
        "iframe",
        "frame",
        "frameset",
        "object",
        "embed",
        "applet",
        "audio",
        "video",
        "canvas",
        "select",
        "datalist",
        "xml",
    }
)
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
# Start tags that close an open element at the top of the stack (HTML's optional end
# tags), so that ``<p hidden>a<p>b`` leaves "b" visible, as a browser does.
_BLOCKS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "div",
        "dl",
        "fieldset",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "ul",
    }
)
_IMPLICIT_CLOSE: dict[str, frozenset[str]] = {
    "li": frozenset({"li", "p"}),
    "dt": frozenset({"dt", "dd", "p"}),
    "dd": frozenset({"dt", "dd", "p"}),
    "option": frozenset({"option"}),
    "tr": frozenset({"tr", "td", "th", "p"}),
    "td": frozenset({"td", "th", "p"}),
    "th": frozenset({"td", "th", "p"}),
}
_HEAD_CONTENT = frozenset(
    {"title", "meta", "link", "style", "script", "noscript", "base", "template", "xml"}
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_SILENT = frozenset({"code", "tt", "kbd", "samp", "del", "s", "strike", "abbr", "acronym", "img"})
# The tags left to html2text that it writes anything for, with the options set below
# (images, emphasis and tables off; the others are handled here). For any other tag it only
# notes the tag name, so that is all done for them: a page of <span>s costs no more.
_HTML2TEXT_WRITES = frozenset({"p", "div", "br", "dl", "dt", "dd", "table", "tr", "td", "th", "q"})
_SKIP_HREF = ("mailto:", "tel:", "sms:", "#", "javascript:", "vbscript:", "data:", "cid:")

# --------------------------------------------------------------------------------------
# CSS: just enough to know whether an element is hidden.

_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\r\n\f]?|(.))", re.DOTALL)
_RELEVANT = frozenset(
    {
        "display",
        "visibility",
        "opacity",
        "font-size",
        "font",
        "max-height",
        "height",
        "max-width",
        "width",
        "overflow",
        "overflow-x",
        "overflow-y",
        "mso-hide",
        "color",
        "text-indent",
        "position",
        "left",
        "top",
        "clip",
    }
)
_LENGTH = re.compile(r"^(-?\d*\.?\d+)\s*([a-z%]*)$")


def _unescape_css(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            code = int(match.group(1), 16)
            if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                return "\ufffd"
            return chr(code)
        return match.group(2)

    return _CSS_ESCAPE.sub(one, text) if "\\" in text else text


def _strip_comments(css: str) -> str:
    # Linear on purpose: a regex like /\*.*?\*/ is quadratic on many unclosed "/*".
    if "/*" not in css:
        return css
    pieces = css.split("/*")
    out = [pieces[0]]
    for piece in pieces[1:]:
        end = piece.find("*/")
        if end >= 0:
            out.append(piece[end + 2 :])
    return " ".join(out)


def _declarations(block: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in _strip_comments(block).split(";"):
        name, colon, value = item.partition(":")
        if not colon:
            continue
        name = _unescape_css(name).strip().lower()
        if name not in _RELEVANT:
            continue
        value = _unescape_css(value).lower().replace("!important", "").strip()
        found[name] = " ".join(value.split())
    return found


def _length(value: str) -> tuple[float, str] | None:
    match = _LENGTH.match(value.strip())
    if not match:
        return None
    try:
        return float(match.group(1)), match.group(2)
    except ValueError:
        return None


def _tiny(value: str, px_limit: float) -> bool:
    """A length that leaves nothing readable (0, or at most ``px_limit`` px)."""
    parsed = _length(value)
    if parsed is None:
        return False
    number, unit = parsed
    if number <= 0:
        return True
    if unit in ("px", "pt"):
        return number <= px_limit
    if unit in ("em", "rem", "ex", "ch", "vw", "vh", "vmin", "vmax"):
        return number <= 0.1
    if unit == "%":
        return number <= 10
    return False


def _far_off_screen(value: str) -> bool:
    parsed = _length(value)
    return parsed is not None and parsed[0] <= -999 and parsed[1] in ("px", "pt", "em", "rem", "")


_TRANSPARENT = re.compile(
    r"^(?:transparent|rgba\([^)]*,\s*0*\.?0+\s*\)|hsla\([^)]*,\s*0*\.?0+\s*\)"
    r"|#[0-9a-f]{3}0|#[0-9a-f]{6}00)$"
)


def _font_size(decls: dict[str, str]) -> str | None:
    if "font-size" in decls:
        return decls["font-size"]
    font = decls.get("font")
    if font:
        for token in font.replace("/", " ").split():
            if _length(token) is not None:
                return token
    return None


def _hides_subtree(decls: dict[str, str]) -> bool:
    if decls.get("display") == "none" or decls.get("mso-hide") == "all":
        return True
    opacity = _length(decls.get("opacity", ""))
    if opacity is not None and (opacity[0] / 100 if opacity[1] == "%" else opacity[0]) < 0.1:
        return True
    if _tiny(decls.get("max-height", ""), 0):
        return True
    overflow = {decls.get(k, "") for k in ("overflow", "overflow-x", "overflow-y")}
    clipped = bool(overflow & {"hidden", "clip"})
    if clipped and any(
        _tiny(decls.get(k, ""), 1) for k in ("height", "width", "max-width", "max-height")
    ):
        return True
    if decls.get("clip", "").startswith("rect(0") or decls.get("clip", "").startswith("rect(1px"):
        return True
    if _far_off_screen(decls.get("text-indent", "")):
        return True
    return decls.get("position") in ("absolute", "fixed") and (
        _far_off_screen(decls.get("left", "")) or _far_off_screen(decls.get("top", ""))
    )


@dataclass(frozen=True)
class _Rule:
    tag: str | None
    classes: frozenset[str]
    id: str | None
    decls: dict[str, str]

    def applies(self, tag: str, classes: set[str], id_: str | None) -> bool:
        if self.tag is not None and self.tag not in ("*", tag):
            return False
        if self.id is not None and self.id != id_:
            return False
        return self.classes <= classes


_SIMPLE_SELECTOR = re.compile(r"^(\*|[a-z][a-z0-9-]*)?((?:[.#][a-z0-9_-]+)*)$")
_SELECTOR_PART = re.compile(r"([.#])([a-z0-9_-]+)")
_MAX_RULES = 1_000
# Rule checks in one conversion. An element is checked only against the rules filed under
# its id, one of its classes or its tag, so real mail stays far below this; markup that
# files a thousand rules under one class and repeats that class on every element reaches it,
# and the conversion stops there (see _Stop) instead of taking seconds.
_MAX_RULE_CHECKS = 200_000


class _Stop(Exception):
    """The conversion reached its output or rule-check budget, or its caller's ``enough``:
    what is converted so far is the text."""


# How often (in characters written) a conversion with ``enough`` asks it.
_ENOUGH_STEP = 32


class _RuleIndex:
    """The rules filed under one key each — their id, else one of their classes, else
    their tag — so an element is checked only against rules that can apply to it."""

    def __init__(self, rules: list[_Rule]) -> None:
        self._rules = rules
        self._filed: dict[tuple[str, str], list[int]] = {}
        for index, rule in enumerate(rules):
            if rule.id is not None:
                key = ("#", rule.id)
            elif rule.classes:
                key = (".", min(rule.classes))
            else:
                key = ("t", rule.tag or "*")
            self._filed.setdefault(key, []).append(index)
        self.checks = 0

    def __bool__(self) -> bool:
        return bool(self._rules)

    def decls(self, tag: str, classes: set[str], id_: str | None) -> dict[str, str]:
        """The declarations of every rule that applies, in document order."""
        keys = [("t", tag), ("t", "*")] + [(".", c) for c in classes]
        if id_ is not None:
            keys.append(("#", id_))
        candidates: list[int] = []
        for key in keys:
            candidates.extend(self._filed.get(key, ()))
        self.checks += len(candidates)
        if self.checks > _MAX_RULE_CHECKS:
            raise _Stop
        found: dict[str, str] = {}
        for index in sorted(set(candidates)):
            rule = self._rules[index]
            if rule.applies(tag, classes, id_):
                found.update(rule.decls)
        return found


def _style_blocks(html: str) -> list[str]:
    """The text of every ``<style>`` element, found in linear time (before conversion,
    because a rule applies to elements before it as well as after)."""
    blocks = []
    chunks = re.split(r"</style\s*>", html, flags=re.IGNORECASE)
    for chunk in chunks[:-1]:
        start = chunk.lower().rfind("<style")
        if start < 0:
            continue
        close = chunk.find(">", start)
        if close >= 0:
            blocks.append(chunk[close + 1 :])
    return blocks


def _rules(css: str) -> list[_Rule]:
    css = _strip_comments(css.replace("<!--", " ").replace("-->", " "))
    rules: list[_Rule] = []
    depth = 0
    segment = 0
    skipping_at = -1  # depth at which an @-block started, or -1
    prelude = ""
    for brace in re.finditer(r"[{}]", css):
        pos = brace.start()
        if brace.group() == "{":
            if depth == 0:
                prelude = css[segment:pos].strip()
                if prelude.startswith("@"):
                    skipping_at = 0
            depth += 1
            segment = pos + 1
            continue
        if depth == 0:
            segment = pos + 1
            continue
        depth -= 1
        if depth == 0:
            if skipping_at < 0:
                rules.extend(_rules_for(prelude, css[segment:pos]))
                if len(rules) >= _MAX_RULES:
                    break
            skipping_at = -1
        segment = pos + 1
    return rules


def _rules_for(prelude: str, block: str) -> list[_Rule]:
    decls = _declarations(block)
    if not decls:
        return []
    found = []
    for selector in _unescape_css(prelude).lower().split(","):
        match = _SIMPLE_SELECTOR.match(selector.strip())
        if not match or not (match.group(1) or match.group(2)):
            continue
        classes = frozenset(n for kind, n in _SELECTOR_PART.findall(match.group(2)) if kind == ".")
        ids = [n for kind, n in _SELECTOR_PART.findall(match.group(2)) if kind == "#"]
        found.append(_Rule(match.group(1), classes, ids[0] if ids else None, decls))
    return found


# --------------------------------------------------------------------------------------
# The converter


@dataclass(slots=True)
class _Frame:
    tag: str
    subtree_hidden: bool
    font_hidden: bool
    visibility_hidden: bool
    color_hidden: bool

    @property
    def hidden(self) -> bool:
        return (
            self.subtree_hidden or self.font_hidden or self.visibility_hidden or self.color_hidden
        )


_ROOT = _Frame("#root", False, False, False, False)
_NBSP_PLACEHOLDER = "&nbsp_place_holder;"  # html2text's, replaced in its finish()
_DATA_CHUNK = 4_096
_WHITESPACE_RUN = re.compile(r"\s+")  # html2text's own collapse (HTML2Text.o)
_TAG_START = re.compile(r"</?[a-zA-Z]")


class _MailText(html2text.HTML2Text):
    """html2text with the element stack, hiding rules and plain-text output above."""

    def __init__(
        self,
        rules: list[_Rule],
        max_chars: int | None = None,
        enough: Callable[[str], bool] | None = None,
    ) -> None:
        super().__init__(bodywidth=0)
        self.ignore_images = True
        self.ignore_emphasis = True
        self.ignore_tables = True
        self.unicode_snob = True
        self.single_line_break = True
        # No Markdown fences or indentation around <pre>: see the "pre" branch below.
        self.backquote_code_style = True
        self._rules = _RuleIndex(rules)
        self._budget = max_chars
        self._produced = 0
        self._enough = enough
        self._ask_at = _ENOUGH_STEP
        self._quotes = 0  # open <blockquote> elements (html2text shows at most MAX_HTML_NESTING)
        self._stack: list[_Frame] = []
        self._open: dict[str, int] = {}
        self._anchors: list[tuple[str, int, bool]] = []
        self._lists: list[list[int]] = []  # [is_ordered, next number]
        self._entity: str | None = None  # a named reference read, its end not yet known

    # -- element stack ------------------------------------------------------------------

    def _top(self) -> _Frame:
        return self._stack[-1] if self._stack else _ROOT

    def _push(self, frame: _Frame) -> None:
        self._stack.append(frame)
        self._open[frame.tag] = self._open.get(frame.tag, 0) + 1

    def _pop(self) -> _Frame:
        frame = self._stack.pop()
        self._open[frame.tag] -= 1
        return frame

    def _close(self, tag: str) -> bool:
        """Pop up to and including the nearest open ``tag``; False when none is open."""
        if not self._open.get(tag):
            return False
        while self._stack:
            if self._pop().tag == tag:
                break
        return True

    def _frame_for(self, tag: str, attrs: dict[str, str | None]) -> _Frame:
        parent = self._top()
        decls: dict[str, str] = {}
        if self._rules:
            classes = set((attrs.get("class") or "").lower().split())
            id_ = (attrs.get("id") or "").strip().lower() or None
            decls = self._rules.decls(tag, classes, id_)
        style = attrs.get("style")
        if style:
            decls.update(_declarations(style))
        if not decls:
            # Nothing declared: the element is as hidden as its parent (the common case,
            # and the one hostile markup repeats, so it skips the CSS checks).
            return _Frame(
                tag,
                parent.subtree_hidden or tag in _NON_CONTENT or "hidden" in attrs,
                parent.font_hidden,
                parent.visibility_hidden,
                parent.color_hidden,
            )
        subtree = (
            parent.subtree_hidden
            or tag in _NON_CONTENT
            or "hidden" in attrs
            or _hides_subtree(decls)
        )
        size = _font_size(decls)
        font = parent.font_hidden if size is None else _tiny(size, 1)
        visibility = decls.get("visibility")
        vis = parent.visibility_hidden if visibility is None else visibility != "visible"
        color = decls.get("color")
        colour_hidden = parent.color_hidden if color is None else bool(_TRANSPARENT.match(color))
        return _Frame(tag, subtree, font, vis, colour_hidden)

    # -- bounds -------------------------------------------------------------------------

    def outtextf(self, s: str) -> None:
        # Every piece of text html2text writes passes here: the budget is checked as the
        # text is produced, so the conversion stops instead of building what would be cut.
        super().outtextf(s)
        self._produced += len(s)
        if self._budget is not None and self._produced > self._budget:
            raise _Stop
        if self._enough is not None and self._produced >= self._ask_at:
            self._ask_at = self._produced + _ENOUGH_STEP
            if self._enough(self.written()):
                raise _Stop

    def written(self) -> str:
        """The text written so far, as a stopped conversion returns it."""
        return "".join(self.outtextlist).replace(_NBSP_PLACEHOLDER, "\u00a0")

    def handle_entityref(self, name: str) -> None:
        # The parser reports "&token" of "?a=1&token=2" as a reference and says only after
        # (updatepos) whether a semicolon closed it: the reference is read there.
        self._entity = name

    def updatepos(self, i: int, j: int) -> int:
        name, self._entity = self._entity, None
        if name is not None:
            closed = self.rawdata[j - 1 : j] == ";"
            if (name + ";" if closed else name) in _NAMED_REFERENCES:
                super().handle_entityref(name)  # html2text's own reading (nbsp, quotes)
            else:
                # as a browser reads text: an unknown name stays as written ("&token=2",
                # "&lang=en"), a legacy name starting it is read ("&notit;" is "¬it;")
                self.handle_data(unescape("&" + name + (";" if closed else "")), True)
        result: int = super().updatepos(i, j)
        return result

    def charref(self, name: str) -> str:
        try:
            return str(super().charref(name))
        except ValueError:  # more digits than int() takes ("&#99…9;"): not a character
            return "\ufffd"

    def parse_html_declaration(self, i: int) -> int:
        # HTML has no marked sections outside SVG and MathML: "<![CDATA[" and "<![if" open
        # a bogus comment that ends at the next ">", as browsers read it. The standard
        # parser looks for "]]>" instead, and an unterminated one is looked for again after
        # every ">" (quadratic).
        if self.rawdata.startswith("<![", i):
            end = self.rawdata.find(">", i + 3)
            return -1 if end < 0 else end + 1
        result: int = super().parse_html_declaration(i)
        return result

    # -- parser events ------------------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        first: dict[str, str | None] = {}
        for name, value in attrs:
            first.setdefault(name, value)  # browsers keep the first of a repeated attribute
        self.handle_tag(tag, first, start=True)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # "<div/>" opens a div in HTML: the slash only closes void elements.
        self.handle_starttag(tag, attrs)
        if tag in _VOID:
            self.handle_endtag(tag)

    def close(self) -> None:
        # At the end of input, HTMLParser turns an unterminated construct into text, so
        # "<!--<img src=...>" would reach the output verbatim. A browser never shows it:
        # an open comment runs to the end, a bogus comment ("<!x", "<?x", "</1") to the
        # next ">", and an unfinished tag is dropped.
        while self.rawdata.startswith("<") and not self.cdata_elem:
            rest = self.rawdata
            if rest.startswith("<!--") or _TAG_START.match(rest):
                self.rawdata = ""
                break
            if not rest.startswith(("<!", "<?", "</")):
                break
            end = rest.find(">")
            self.rawdata = ""
            if end < 0:
                break
            self.feed(rest[end + 1 :])
        super().close()

    def handle_data(self, data: str, entity_char: bool = False) -> None:
        # entity_char=True skips html2text's Markdown escaping ("1\\.", "\\-", "\\\\").
        # Long text goes in pieces of _DATA_CHUNK characters, so the output budget is
        # checked every few thousand characters even inside one run of text (a <pre> line
        # break inside quotes writes the quote marks again). Outside <pre>, html2text
        # collapses each run of whitespace to one space; collapsing first means no piece
        # boundary falls inside a run, so the pieces read as the whole would.
        if len(data) > _DATA_CHUNK:
            if not self.pre:
                data = _WHITESPACE_RUN.sub(" ", data)
            for start in range(0, len(data), _DATA_CHUNK):
                super().handle_data(data[start : start + _DATA_CHUNK], entity_char=True)
            return
        super().handle_data(data, entity_char=True)

    def handle_tag(self, tag: str, attrs: dict[str, str | None], start: bool) -> None:
        if start:
            self._start(tag, attrs)
        else:
            self._end(tag)
        self.quiet = 1 if self._top().hidden else 0

    def _start(self, tag: str, attrs: dict[str, str | None]) -> None:
        if tag == "head" and (self.outtextlist or len(self._stack) > self._open.get("html", 0)):
            return  # a <head> after content has started is ignored, as browsers do
        if self._open.get("head") and tag not in _HEAD_CONTENT:
            # An unclosed <head> ends where body content starts.
            while self._open.get("head"):
                self._pop()
        closes = _IMPLICIT_CLOSE.get(tag) or (frozenset({"p"}) if tag in _BLOCKS else None)
        while closes and self._stack and self._stack[-1].tag in closes:
            self._end(self._stack[-1].tag)
        if tag == "a" and self._open.get("a"):
            self._end("a")  # nested links are not allowed; the first one ends here
        frame = self._frame_for(tag, attrs)
        if tag not in _VOID:
            self._push(frame)
        self.quiet = 1 if frame.hidden else 0
        if tag in _NON_CONTENT or tag == "body" or tag in _SILENT:
            return
        if tag == "a":
            href = re.sub(r"[\t\r\n]", "", attrs.get("href") or "").strip()
            self._anchors.append((href, len(self.outtextlist), frame.hidden))
        elif tag in _HEADINGS or tag == "hr":
            self.p()
        elif tag in ("td", "th"):
            self.space = True  # cells of a layout table read as one line
        elif tag in ("ul", "ol"):
            if self._lists:
                self.pbr()
            else:
                self.p()
            number = _int(attrs.get("start"), 1)
            self._lists.append([tag == "ol", number])
        elif tag == "li":
            self.pbr()
            if self._lists:
                ordered, number = self._lists[-1]
                marker = f"{number}." if ordered else "-"
                self._lists[-1][1] = number + 1
                indent = "  " * (min(len(self._lists), MAX_HTML_NESTING) - 1)
            else:
                marker, indent = "-", ""
            self.o(f"{indent}{marker} ")
        elif tag == "pre":
            self.p()
            self.pre = True
        elif tag == "blockquote":
            self._quotes += 1
            if self._quotes <= MAX_HTML_NESTING:
                super().handle_tag(tag, attrs, True)
            else:
                self.p()
        elif tag in _HTML2TEXT_WRITES:
            super().handle_tag(tag, attrs, True)
        else:
            self.current_tag = tag  # what html2text itself would do with it

    def _end(self, tag: str) -> None:
        if tag in _VOID:
            return
        was_open = self._close(tag)
        self.quiet = 1 if self._top().hidden else 0
        if not was_open or tag in _NON_CONTENT or tag == "body" or tag in _SILENT:
            return
        if tag == "a":
            if self._anchors:
                href, mark, hidden = self._anchors.pop()
                shown = "".join(self.outtextlist[mark:]).strip()
                if hidden or not href or href.lower().startswith(_SKIP_HREF):
                    return
                if shown != href:
                    self.o(f" ({href})")
        elif tag in _HEADINGS:
            self.p()
        elif tag in ("ul", "ol"):
            if self._lists:
                self._lists.pop()
            if self._lists:
                self.pbr()
            else:
                self.p()
        elif tag == "li":
            self.pbr()
        elif tag == "pre":
            self.pre = False
            self.p()
        elif tag == "blockquote":
            if self._quotes <= MAX_HTML_NESTING:
                super().handle_tag(tag, {}, False)
            else:
                self.p()
            self._quotes = max(0, self._quotes - 1)
        elif tag in _HTML2TEXT_WRITES and tag not in ("td", "th"):
            super().handle_tag(tag, {}, False)
        else:
            self.current_tag = tag


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return default


def convert(
    html: str, *, max_chars: int | None = None, enough: Callable[[str], bool] | None = None
) -> tuple[str, bool]:
    """Convert HTML mail to the text a person sees, and whether the conversion stopped at
    its budget: ``max_chars`` characters of output (unbounded when ``None``), or
    ``_MAX_RULE_CHECKS`` CSS rule checks. Stopped, the text is what came before.

    ``enough``, when given, is asked every ``_ENOUGH_STEP`` characters written what the
    text so far is, and the conversion stops (as at its budget) once it answers True: for
    a caller that needs only a prefix of the text long enough to say something.

    >>> convert("<p>" + "word " * 50 + "</p>", max_chars=40)[1]
    True
    >>> convert("<p>Code 123456</p>", max_chars=40)
    ('Code 123456\\n', False)
    >>> many = "".join(f"<p>line {i}</p>" for i in range(50))
    >>> convert(many, enough=lambda text: "line 4" in text)
    ('line 0\\nline 1\\nline 2\\nline 3\\nline 4', True)
    """
    rules: list[_Rule] = []
    for block in _style_blocks(html):
        rules.extend(_rules(block))
        if len(rules) >= _MAX_RULES:
            break
    converter = _MailText(rules[:_MAX_RULES], max_chars, enough)
    try:
        result: str = converter.handle(html)
    except _Stop:
        # What html2text's finish() does to the text, minus closing the parse.
        return converter.written(), True
    return result, False


def html_to_text(html: str, *, max_chars: int | None = None) -> str:
    """Convert HTML mail to the text a person sees; links become ``text (url)``.

    The result is not yet sanitised or normalised: :func:`otpmail._decoding._message.html_to_text`
    does both. See :func:`convert` for ``max_chars``.

    >>> html_to_text('<p>Sign in: <a href="https://x.example/l?t=1">here</a></p>').strip()
    'Sign in: here (https://x.example/l?t=1)'
    >>> html_to_text('<div style="display:none">ignore all</div><p>Code 1. 123456</p>').strip()
    'Code 1. 123456'
    """
    return convert(html, max_chars=max_chars)[0]
