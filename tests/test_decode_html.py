"""HTML-only mail becomes the text a person sees: links as ``text (url)``, nothing hidden,
nothing remote, no Markdown."""

from __future__ import annotations

import re
from typing import Any

import html2text
import pytest

from otpmail._core._bounds import MAX_HTML_NESTING
from otpmail._decoding import _html
from otpmail._decoding._text import html_to_text


def test_links_render_as_text_and_url() -> None:
    html = '<p>Sign in: <a href="https://x.example/l?t=1&amp;u=2">here</a></p>'
    assert html_to_text(html) == "Sign in: here (https://x.example/l?t=1&u=2)"


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<a href="https://x.example/a">https://x.example/a</a>', "https://x.example/a"),
        ('<a href="mailto:help@x.example">Write to us</a>', "Write to us"),
        ('<a href="tel:+331234">Call</a>', "Call"),
        ('<a href="#top">Top</a>', "Top"),
        ('<a href="javascript:alert(1)">Click</a>', "Click"),
        ('<a href="data:text/html,x">Data</a>', "Data"),
        ('<a href="cid:part1">Inline</a>', "Inline"),
        ('<a href=" https://x.example/a\n/b ">Wrapped</a>', "Wrapped (https://x.example/a/b)"),
        # the text of a link is not its target: both are shown
        (
            '<a href="https://evil.example/login">https://bank.example/login</a>',
            "https://bank.example/login (https://evil.example/login)",
        ),
        (
            '<a href="https://x.example">one<a href="https://y.example">two</a>',
            "one (https://x.example)two (https://y.example)",
        ),
    ],
)
def test_link_targets_are_shown_once_and_only_when_they_lead_somewhere(
    html: str, expected: str
) -> None:
    assert html_to_text(html) == expected


REMOTE = """<html><head>
<link rel="stylesheet" href="https://r.example/a.css">
<style>@import url(https://r.example/b.css); body{background:url(https://r.example/c.png)}</style>
<script src="https://r.example/d.js"></script><script>fetch('https://r.example/e')</script>
</head><body background="https://r.example/f.png">
<img src="https://r.example/g.gif" alt="tracking"><picture><source srcset="https://r.example/h.webp"><img src="https://r.example/i.png" alt="logo"></picture>
<iframe src="https://r.example/j.html">frame text</iframe><video poster="https://r.example/k.jpg"><source src="https://r.example/l.mp4">video text</video>
<object data="https://r.example/m.swf">object text</object><embed src="https://r.example/n.swf">
<svg><image href="https://r.example/o.png"/><text>svg text</text></svg>
<table background="https://r.example/p.png"><tr><td style="background-image:url(https://r.example/q.png)">Visible text</td></tr></table>
<form action="https://r.example/r"><input type="image" src="https://r.example/s.png"></form>
</body></html>"""


def test_the_text_references_no_remote_content() -> None:
    text = html_to_text(REMOTE)
    assert text == "Visible text"
    assert "r.example" not in text


@pytest.mark.parametrize(
    "hidden",
    [
        '<div style="display:none">SECRET</div>',
        '<div style="DISPLAY : NONE !important">SECRET</div>',
        '<div style="visibility:hidden">SECRET</div>',
        '<div style="opacity:0">SECRET</div>',
        '<div style="opacity:0.01">SECRET</div>',
        '<div style="max-height:0;overflow:hidden">SECRET</div>',
        '<div style="max-height:0px">SECRET</div>',
        '<div style="height:0;overflow:hidden">SECRET</div>',
        '<div style="width:0px;max-width:0;overflow:hidden">SECRET</div>',
        '<div style="height:1px;width:1px;overflow:hidden;position:absolute">SECRET</div>',
        '<div style="font-size:0">SECRET</div>',
        '<div style="font-size:1px;line-height:1px;color:#ffffff">SECRET</div>',
        '<div style="font:0/0 a">SECRET</div>',
        '<div style="mso-hide:all">SECRET</div>',
        '<div style="color:transparent">SECRET</div>',
        '<div style="color:rgba(0,0,0,0)">SECRET</div>',
        '<div style="text-indent:-9999px">SECRET</div>',
        '<div style="position:absolute;left:-10000px">SECRET</div>',
        '<div style="clip:rect(0 0 0 0);position:absolute">SECRET</div>',
        "<div hidden>SECRET</div>",
        '<div style="/* x */display:none">SECRET</div>',
        '<div style="display:\\6e one">SECRET</div>',  # a CSS escape
        '<div style="display:none" style="display:block">SECRET</div>',  # the first wins
        '<div style="display:none"/>SECRET</div>',  # "/>" does not close a div
        '<div style="display:none"><p>SECRET<p>SECRET<table><tr><td>SECRET</table></div>',
        '<span style="display:none"><a href="https://evil.example">SECRET</a></span>',
        '<div style="display:none"><div style="display:block">SECRET</div></div>',
        '<style>.pre{display:none}</style><div class="x pre">SECRET</div>',
        '<style>#p { visibility : hidden }</style><p id="p">SECRET</p>',
        '<style>span.p{display:none}</style><span class="p">SECRET</span>',
        '<style>.a.b{display:none}</style><i class="b a">SECRET</i>',
        '<div class="late">SECRET</div><style>.late{display:none}</style>',
        "<!-- SECRET -->",
        "<!--[if mso]><p>SECRET</p><![endif]-->",
        "<title>SECRET</title>",
        '<head><meta name="x" content="SECRET"><title>SECRET</title>',
        "<script>SECRET</script>",
        "<template><p>SECRET</p></template>",
        "<noembed>SECRET</noembed>",
        "<select><option>SECRET</option></select>",
        "<xml><o:x>SECRET</o:x></xml>",
    ],
)
def test_what_a_person_cannot_see_is_dropped(hidden: str) -> None:
    text = html_to_text(f"<p>Before</p>{hidden}<p>After 123456</p>")
    assert "SECRET" not in text
    assert "evil.example" not in text
    assert text.startswith("Before") and text.endswith("After 123456")


@pytest.mark.parametrize(
    ("tail", "after"),
    [
        ("<!-- <img src='https://t.example/p.gif'> SECRET", ""),
        ("<!--", ""),
        ("<![CDATA[<img src='https://t.example/p.gif'>After", "After"),
        ("<?php <img src='https://t.example/p.gif'> After", "After"),
        ("<!DOCTYPE x <img src='https://t.example/p.gif'>", ""),
        ("</p x='<img src=https://t.example/p.gif>'>After", "'>After"),
        ("<img src='https://t.example/p.gif' alt='SECRET", ""),
        ('<a href="https://t.example/l>SECRET', ""),
    ],
)
def test_an_unterminated_construct_at_the_end_is_not_text(tail: str, after: str) -> None:
    """HTMLParser turns what is still open at the end into text; a browser shows none of it
    (an open comment runs to the end, a bogus one to the next ">", an open tag is dropped)."""
    text = html_to_text(f"<p>Code 123456</p>{tail}")
    assert "t.example" not in text and "SECRET" not in text
    assert text == "\n".join(filter(None, ["Code 123456", after]))


@pytest.mark.parametrize(
    ("html", "visible"),
    [
        # a container with font-size:0 (gaps between inline blocks) and a readable child
        (
            '<div style="font-size:0"><span style="font-size:14px">Code 123456</span></div>',
            "Code 123456",
        ),
        (
            '<div style="visibility:hidden"><b style="visibility:visible">Code 123456</b></div>',
            "Code 123456",
        ),
        # a rule inside @media applies to small screens only; the desktop rendering shows it
        (
            '<style>@media (max-width:600px){.d{display:none}}</style><p class="d">Code 123456</p>',
            "Code 123456",
        ),
        ('<style>.x .d{display:none}</style><p class="d">Code 123456</p>', "Code 123456"),
        # a hidden paragraph ends where the next one starts, as in a browser
        ("<p hidden>x<p>Code 123456", "Code 123456"),
        ('<table><tr><td style="display:none">x<td>Code 123456</table>', "Code 123456"),
        ('<div style="height:0">Code 123456</div>', "Code 123456"),  # no overflow:hidden
        ("<!--[if !mso]><!--><p>Code 123456</p><!--<![endif]-->", "Code 123456"),
        ('<div style="font-size:12px;opacity:0.9">Code 123456</div>', "Code 123456"),
        ("<noscript>Code 123456</noscript>", "Code 123456"),
    ],
)
def test_what_a_person_sees_is_kept(html: str, visible: str) -> None:
    assert html_to_text(html) == visible


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<h1>Your code</h1><p>123456</p>", "Your code\n123456"),
        (
            "<p>Use <code>123456</code> <strong>now</strong> <del>later</del></p>",
            "Use 123456 now later",
        ),
        (
            "<p>1. Enter the code</p><p>- not a list</p><p>C:\\Users\\bob a_b *c* [d](e)</p>",
            "1. Enter the code\n- not a list\nC:\\Users\\bob a_b *c* [d](e)",
        ),
        (
            "<table><tr><td>Code</td><td>123456</td></tr><tr><td>Expires</td><td>10 min</td></tr></table>",
            "Code 123456\nExpires 10 min",
        ),
        (
            "<ul><li>one</li><li>two<ol start=3><li>a<li>b</ol></li></ul>after",
            "- one\n- two\n  3. a\n  4. b\nafter",
        ),
        ("<pre>line 1\n  line 2</pre>", "line 1\n  line 2"),
        ("<p>a<br>b<br/>c</p><hr><p>d</p>", "a\nb\nc\nd"),
        ("<p>Hi&nbsp;there &amp; &lt;you&gt; &#169; &euro;</p>", "Hi there & <you> © €"),
        ("<span>12</span><span>3456</span>", "123456"),
        ("<abbr title='one-time password'>OTP</abbr>: 123456", "OTP: 123456"),
    ],
)
def test_the_text_is_plain_not_markdown(html: str, expected: str) -> None:
    assert html_to_text(html) == expected


def test_preheader_padding_characters_leave_nothing_behind() -> None:
    html = "<p>Code&#847;&zwnj;&nbsp;&#8203;&#65279;&#173;1&#8203;2&#8204;3&#8205;456</p>"
    assert html_to_text(html) == "Code 123456"


@pytest.mark.parametrize(
    "html",
    [
        "<",
        "<<<>>>",
        "<!",
        "<![CDATA[x",
        "<!DOCTYPE",
        "<div" * 2000,
        "</div>" * 2000,
        "<style>" * 2000,
        "<a href='x'>" * 500,
        "<p style='" + "/*" * 5000 + "'>x</p>",
        "<style>" + "{" * 5000 + "</style>",
        "&#x110000; &#xD800; &#0; &bogus;",
        "\x00<p>\x00</p>",
    ],
)
def test_hostile_markup_gives_text_or_nothing_but_never_an_error(html: str) -> None:
    text = html_to_text(html)
    assert isinstance(text, str)
    assert "\x00" not in text


def test_conversion_time_is_linear_in_the_markup() -> None:
    import time

    row = '<tr><td style="font-size:14px"><a href="https://x.example/{0}">Item {0}</a></td></tr>'
    html = "<table>" + "".join(row.format(i) for i in range(3000)) + "</table>"  # ~240 KB
    start = time.perf_counter()
    text = html_to_text(html)
    assert time.perf_counter() - start < 5
    assert len(re.findall(r"Item \d+ \(https://x\.example/\d+\)", text)) == 3000


# -- bounded work (issue 15, item 1) ----------------------------------------------------
#
# Each construct below used to write text proportional to its nesting depth for each
# line or item: the text grew with the square of the markup (20,000 nested lists: 180 KB
# of HTML, 8 GB of text would have been built; the read gave up after 70 s and 1.5 GB).


def deepest_prefix(text: str, char: str) -> int:
    return max((len(line) - len(line.lstrip(char)) for line in text.splitlines()), default=0)


@pytest.mark.parametrize("n", [MAX_HTML_NESTING + 1, 2_000])
def test_list_indentation_stops_deepening_at_the_nesting_cap(n: int) -> None:
    text = html_to_text("<ul>" * n + "<li>x" * n)
    assert deepest_prefix(text, " ") == 2 * (MAX_HTML_NESTING - 1)
    assert text.count("- x") == n
    assert len(text) <= n * (2 * MAX_HTML_NESTING + 4)


def test_lists_within_the_cap_keep_their_indentation() -> None:
    text = html_to_text("<ul><li>a<ul><li>b<ol><li>c</ol></ul></ul>")
    assert text == "- a\n  - b\n    1. c"


@pytest.mark.parametrize(
    "html",
    [
        "<blockquote>x" * 2_000,
        "<blockquote>" * 2_000 + "x<br>" * 2_000,
        "<div><blockquote>x</div>" * 2_000,  # quotes closed by their parent, never by </blockquote>
        "<blockquote>" * 2_000 + "<pre>" + "a\n" * 2_000,
    ],
)
def test_quote_marks_stop_deepening_at_the_nesting_cap(html: str) -> None:
    text = html_to_text(html)
    assert 0 < deepest_prefix(text, ">") <= MAX_HTML_NESTING
    assert len(text) <= len(html) * (MAX_HTML_NESTING + 2)


def test_quotes_within_the_cap_are_marked_by_depth() -> None:
    assert html_to_text("<blockquote>a<blockquote>b</blockquote></blockquote><p>c</p>") == (
        "> a\n>> b\nc"
    )


def test_the_converter_stops_at_its_output_budget_and_says_so() -> None:
    html = "<p>" + "word " * 100_000 + "</p><p>last</p>"
    text, stopped = _html.convert(html, max_chars=5_000)
    assert stopped
    assert 5_000 < len(text) <= 5_000 + _html._DATA_CHUNK
    assert "last" not in text
    assert _html.convert("<p>Code 123456</p>", max_chars=5_000) == ("Code 123456\n", False)


def test_text_in_pieces_reads_as_the_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long text reaches html2text in pieces (so the budget is checked within it); where a
    piece ends must not change a space or a line."""
    html = "<p>a  b\n\n c" * 3_000 + "</p><pre>  x  \n\n  y</pre>" * 2_000
    pieces = _html_to_text_with_chunk(html, 7, monkeypatch)
    whole = _html_to_text_with_chunk(html, 10**9, monkeypatch)
    assert pieces == whole


def _html_to_text_with_chunk(html: str, chunk: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(_html, "_DATA_CHUNK", chunk)
    return html_to_text(html)


def test_an_unterminated_cdata_section_ends_at_the_next_angle_bracket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a browser reads HTML. The standard parser looked for "]]>" instead, and the
    converter fed it the rest of the text again after every ">" (25,000 of them: 4.5 s)."""
    assert html_to_text("<p>a<![CDATA[ hidden > b</p>") == "a b"
    assert html_to_text("<p>a<![if !supportLists]>1.<![endif]> item</p>") == "a1. item"
    fed: list[int] = []
    feed = html2text.HTML2Text.feed

    def counting(self: Any, data: str) -> None:
        fed.append(len(data))
        feed(self, data)

    monkeypatch.setattr(html2text.HTML2Text, "feed", counting)
    assert html_to_text("<![CDATA[>" * 25_000 + "<p>end</p>") == "end"
    assert len(fed) <= 3 and sum(fed) <= 250_100


def test_a_character_reference_of_too_many_digits_is_a_replacement_character() -> None:
    assert html_to_text("<p>a &#" + "9" * 5_000 + "; b</p>") == "a \ufffd b"


def test_class_rules_apply_in_document_order_through_the_index() -> None:
    html = (
        "<style>.a{display:none} .b{display:block} p.a.b{font-size:0} #k{color:transparent}"
        "*{visibility:visible}</style>"
        '<p class="b">one</p><p class="a">two</p><p class="a b">three</p>'
        '<p id="k">four</p><span class="c">five</span>'
    )
    assert html_to_text(html) == "one\nfive"


def test_css_rules_that_all_match_one_element_stop_the_conversion_not_the_hiding() -> None:
    """A thousand rules filed under one class and an element using it 12,000 times: the
    checks are capped, and past the cap the conversion stops — it never goes on with the
    rules unapplied, which would show text the rules hide."""
    rules = "".join(f".a.r{i}{{display:none}}" for i in range(1_000))
    html = f'<style>{rules}</style><p class="a r5">hidden</p>' + '<i class="a">x</i>' * 12_000
    text, stopped = _html.convert(html, max_chars=None)
    assert stopped
    assert "hidden" not in text


@pytest.mark.parametrize(
    ("html", "visible"),
    [
        # a URL written out in the text: its parameters are not character references
        (
            "<p>Use this code in https://x.example/r?email=a@b.example&token=32a6 or</p>",
            "Use this code in https://x.example/r?email=a@b.example&token=32a6 or",
        ),
        ("<p>https://x.example/?a=1&lang=en&id=7</p>", "https://x.example/?a=1&lang=en&id=7"),
        # a name HTML knows only with its semicolon stays as written without it
        ("<p>&lang=en and &lang;</p>", "&lang=en and \u27e8"),
        # the legacy names a browser reads without a semicolon (HTML's named references)
        ("<p>&copy 2026 &amp more &notit;</p>", "\u00a9 2026 & more \u00acit;"),
        ("<p>&token; stays</p>", "&token; stays"),
        ("<p>&rsquo;x&rsquo;</p>", "\u2019x\u2019"),
    ],
)
def test_character_references_read_as_a_browser_reads_them(html: str, visible: str) -> None:
    assert html_to_text(html) == visible
