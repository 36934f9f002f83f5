"""The five shapes of real-world mail that used to lose visible text (issue 17), each read the
way a person reads it, and the bounds that still hold around them.

1. an empty or placeholder ``text/plain`` alternative beside a rich ``text/html`` one;
2. several inline parts in a ``multipart/mixed``;
3. attached messages (``message/rfc822``, ``multipart/digest``) and delivery reports;
4. wrong labels: UTF-8 under a legacy charset, plain text labelled ``base64``;
5. ``multipart/signed`` whose content part has an unusual type, and nested multiparts
   that reuse their parent's boundary.

The messages are built here, byte for byte; ``tests/corpus/real`` holds the real-world
ones these shapes were found in (scored by ``bench/decode_compare.py``).
"""

from __future__ import annotations

import base64
import time
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from otpmail._core._bounds import MAX_MIME_PARTS, Limits
from otpmail._decoding import annotate, parse_rfc822
from otpmail._decoding._email import Email

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
HEAD = b"From: Acme <no-reply@acme.example>\r\nTo: qa@example.com\r\nSubject: Your code\r\n"
HEAD += b"Date: Mon, 30 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\n"


def decode(raw: bytes, limits: Limits | None = None) -> Email:
    return parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW, limits=limits)


def part(ctype: str, body: bytes | str, *headers: str) -> bytes:
    data = body.encode() if isinstance(body, str) else body
    lines = [f"Content-Type: {ctype}", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def multipart(subtype: str, *parts: bytes, boundary: str = "B", params: str = "") -> bytes:
    """A multipart entity (headers and body) with the given parts."""
    out = f'Content-Type: multipart/{subtype}; boundary="{boundary}"{params}\r\n\r\n'.encode()
    for p in parts:
        out += f"--{boundary}\r\n".encode() + p + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


def message(entity: bytes, head: bytes = HEAD) -> bytes:
    return head + entity


RICH_HTML = (
    "<html><body><table><tr><td><h1>Confirm your sign-in</h1>"
    "<p>Enter this code to finish signing in to Acme: <b>482913</b></p>"
    "<p>The code expires in 10 minutes. If you did not try to sign in, "
    "<a href='https://acme.example/security'>secure your account</a>.</p>"
    "</td></tr></table></body></html>"
)


# ---------------------------------------------------------------------------------------
# 1. An empty or placeholder text/plain alternative next to a rich HTML one


@pytest.mark.parametrize(
    "plain",
    [
        "",
        "\r\n \r\n",
        "Your email client does not support HTML messages.",
        "To view this message, please use an HTML-capable email client.",
        "View this email in your browser: https://acme.example/v/8f2a",
    ],
    ids=["empty", "blank-lines", "not-supported", "html-capable", "view-in-browser"],
)
def test_an_empty_or_placeholder_plain_alternative_gives_way_to_the_html(plain: str) -> None:
    raw = message(
        multipart(
            "alternative",
            part("text/plain; charset=utf-8", plain),
            part("text/html; charset=utf-8", RICH_HTML),
        )
    )
    e = decode(raw)
    assert "Enter this code to finish signing in to Acme: 482913" in e.body
    assert "secure your account (https://acme.example/security)" in e.body
    assert annotate(e.to_dict())["code"] == "482913"


def test_a_real_plain_alternative_still_wins_over_the_html() -> None:
    """The plain part is what otpmail shows when it says the same thing as the HTML, even
    when it is much shorter."""
    raw = message(
        multipart(
            "alternative",
            part("text/plain; charset=utf-8", "Your Acme code: 482913"),
            part("text/html; charset=utf-8", RICH_HTML + "<p>HTML ONLY TEXT</p>"),
        )
    )
    assert decode(raw).body == "Your Acme code: 482913"


_WORDS = ["code", "your", "sign", "Acme", "482913", "expires", "minutes", "in", "to", "the"]
_WORD = st.sampled_from([*_WORDS, "verify", "account", "help", "privacy", "Straße", "ÉTÉ"])
_TEXT = st.lists(
    st.one_of(
        _WORD,
        st.sampled_from([" ", "  ", "\n", ". ", ", ", "&nbsp;", "&amp;", "&#8203;", "\u200b"]),
        st.sampled_from(["&#52;8", "co&shy;de", "\u2800", "-", "https://acme.example/x"]),
    ),
    max_size=12,
).map(" ".join)


@st.composite
def _html_fragments(draw: st.DrawFn) -> str:
    pieces = []
    for _ in range(draw(st.integers(0, 14))):
        text = draw(_TEXT)
        shape = draw(st.integers(0, 9))
        if shape == 0:
            pieces.append(f'<div style="display:none">{text}</div>')
        elif shape == 1:
            pieces.append(
                f'<a href="{draw(st.sampled_from(["https://a.example/v", "/x", "#"]))}">{text}</a>'
            )
        elif shape == 2:
            pieces.append(f"<ol><li>{text}</li><li>{draw(_TEXT)}</li></ol>")
        elif shape == 3:
            pieces.append(f'<span class="h">{text}</span>')
        elif shape == 4:
            pieces.append(f"<table><tr><td>{text}</td><td>{draw(_TEXT)}</td></tr></table>")
        elif shape == 5:
            pieces.append(f"<span>{text}</span><b>{draw(_TEXT)}</b>")
        elif shape == 6:
            pieces.append("<p>" + " ".join(["Acme Inc., 1 Example Street."] * 8) + "</p>")
        else:
            pieces.append(f"<p>{text}</p>")
    head = draw(st.sampled_from(["", "<head><style>.h{display:none}</style></head>"]))
    return f"<html>{head}<body>{''.join(pieces)}</body></html>"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    plain=st.lists(_WORD, min_size=1, max_size=12).map(" ".join),
    html=_html_fragments(),
)
@example(plain="Your Acme code 482913 expires in 10 minutes", html=RICH_HTML * 20)
def test_a_short_plain_part_is_judged_on_the_html_as_if_it_were_converted_whole(
    plain: str, html: str
) -> None:
    """Beside a short plain part, the HTML is first converted only as far as it takes to
    tell that the plain part is no placeholder (VisibleText._html_prefix_says_half); the message
    reads exactly as when the HTML is converted whole to decide."""
    from otpmail._decoding import _visible

    raw = message(
        multipart(
            "alternative",
            part("text/plain; charset=utf-8", plain),
            part("text/html; charset=utf-8", html, "Content-Transfer-Encoding: 8bit"),
        )
    )
    probed = decode(raw).to_dict()
    original = _visible.VisibleText._html_prefix_says_half
    _visible.VisibleText._html_prefix_says_half = lambda *args: False  # type: ignore[method-assign]
    try:
        whole = decode(raw).to_dict()
    finally:
        _visible.VisibleText._html_prefix_says_half = original  # type: ignore[method-assign]
    assert probed == whole


def test_the_probe_stops_as_soon_as_the_html_says_half_of_the_plain_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beside a short plain part, the HTML is converted only until its text says half of
    the plain part's telling words, not on to the probe's full length (the plain text's
    length plus 128): here the first paragraph says all of them."""
    from otpmail._decoding import _visible

    plain = "Use this code to finish signing in to Acme: 482913"
    html = "<p>Use this code to finish signing in to Acme: 482913</p>" + (
        "<p>Acme Inc., 1 Example Street, Springfield.</p>" * 20
    )
    written: list[tuple[int, bool]] = []
    convert = _visible.convert_html_counted

    def counting(*args: object) -> tuple[str, bool, int]:
        text, stopped, count = convert(*args)  # type: ignore[arg-type]
        written.append((count, stopped))
        return text, stopped, count

    monkeypatch.setattr(_visible, "convert_html_counted", counting)
    raw = message(
        multipart(
            "alternative",
            part("text/plain; charset=utf-8", plain),
            part("text/html; charset=utf-8", html, "Content-Transfer-Encoding: 8bit"),
        )
    )
    assert decode(raw).body == plain
    assert len(written) == 1  # the probe told: the HTML was never converted whole
    count, stopped = written[0]
    assert stopped and count < len(plain) + 128 - 64, written


def test_a_placeholder_inside_related_and_mixed_nesting_gives_way_too() -> None:
    raw = message(
        multipart(
            "mixed",
            multipart(
                "alternative",
                part("text/plain", "This is an HTML message."),
                multipart(
                    "related",
                    part("text/html; charset=utf-8", RICH_HTML),
                    part(
                        "image/png",
                        base64.b64encode(b"\x89PNG"),
                        "Content-ID: <logo>",
                        "Content-Transfer-Encoding: base64",
                    ),
                    boundary="R",
                ),
                boundary="A",
            ),
            part(
                "application/pdf",
                b"JVBERi0=",
                "Content-Transfer-Encoding: base64",
                'Content-Disposition: attachment; filename="invoice.pdf"',
            ),
        )
    )
    e = decode(raw)
    assert "482913" in e.body and "This is an HTML message" not in e.body
    assert [a.content_type for a in e.attachments] == ["image/png", "application/pdf"]


# ---------------------------------------------------------------------------------------
# 2. Every inline text part of a multipart/mixed, in order


def test_every_inline_text_part_is_shown_in_order() -> None:
    raw = message(
        multipart(
            "mixed",
            part("text/plain; charset=utf-8", "Your sign-in code is"),
            part(
                "image/png",
                base64.b64encode(b"\x89PNG"),
                "Content-Disposition: inline",
                "Content-Transfer-Encoding: base64",
            ),
            part("text/plain; charset=utf-8", "482913. It expires in 10 minutes."),
            part("text/html; charset=utf-8", "<p>Sent by the <b>Acme</b> mail gateway.</p>"),
        )
    )
    e = decode(raw)
    assert e.body == (
        "Your sign-in code is\n\n482913. It expires in 10 minutes.\n\nSent by the Acme mail gateway."
    )
    assert [a.content_type for a in e.attachments] == ["image/png"]


def test_a_disclaimer_appended_after_an_alternative_is_shown() -> None:
    raw = message(
        multipart(
            "mixed",
            multipart(
                "alternative",
                part("text/plain", "Your code is 482913."),
                part("text/html", "<p>Your code is <b>482913</b>.</p>"),
                boundary="A",
            ),
            part("text/plain", "CONFIDENTIALITY NOTICE: this message is for its addressee."),
        )
    )
    assert decode(raw).body == (
        "Your code is 482913.\n\nCONFIDENTIALITY NOTICE: this message is for its addressee."
    )


def test_a_text_part_with_only_a_name_is_inline_and_one_marked_attachment_is_not() -> None:
    """RFC 2183: only ``Content-Disposition: attachment`` makes a part an attachment; a
    ``name`` parameter alone does not (mail clients show such a part inline)."""
    raw = message(
        multipart(
            "mixed",
            part("text/plain", "Main text."),
            part('text/plain; name="note.txt"', "Named but inline."),
            part(
                "text/plain", "Attached text.", 'Content-Disposition: attachment; filename="a.txt"'
            ),
        )
    )
    e = decode(raw)
    assert e.body == "Main text.\n\nNamed but inline."
    assert [a.name for a in e.attachments] == ["a.txt"]


# ---------------------------------------------------------------------------------------
# 3. Attached messages and delivery reports


INNER = (
    b"From: Globex Accounts <accounts@globex.example>\r\nTo: sam@example.com\r\n"
    b"Subject: Your Globex verification code\r\nDate: Sun, 29 Nov 2026 18:04:00 +0100\r\n"
    b"MIME-Version: 1.0\r\n"
)


def test_a_forwarded_message_shows_its_headers_and_body() -> None:
    inner = INNER + multipart(
        "alternative",
        part("text/plain", ""),
        part("text/html", "<p>Your Globex verification code is <b>715004</b>.</p>"),
        boundary="IN",
    )
    raw = message(
        multipart(
            "mixed",
            part("text/plain", "Forwarding this, see below."),
            part("message/rfc822", inner, 'Content-Disposition: attachment; filename="fw.eml"'),
        )
    )
    e = decode(raw)
    assert e.body.startswith("Forwarding this, see below.\n\n")
    assert (
        "From: Globex Accounts <accounts@globex.example>\n"
        "Subject: Your Globex verification code\n"
        "Date: Sun, 29 Nov 2026 18:04:00 +0100\n\n"
        "Your Globex verification code is 715004."
    ) in e.body
    assert [a.content_type for a in e.attachments] == ["message/rfc822"]


def test_a_message_wrapped_whole_by_a_gateway_is_read_and_its_code_extracted() -> None:
    raw = message(part("message/rfc822", INNER + part("text/plain", "Your Globex code: 715004")))
    e = decode(raw)
    assert "Subject: Your Globex verification code" in e.body
    assert "Your Globex code: 715004" in e.body
    assert annotate(e.to_dict())["code"] == "715004"


@pytest.mark.parametrize(
    ("outer", "code"),
    [
        ("FYI, the mail below.", "715004"),  # the attached mail's code is the only one
        ("Your Acme sign-in code is 111111.", None),  # two codes: not clear, never a guess
        ("Your verification code is 111111. It expires in 10 minutes.", None),
    ],
)
def test_extraction_sees_an_attached_messages_code_but_never_prefers_it_to_the_outer_one(
    outer: str, code: str | None
) -> None:
    """A forwarded verification mail is read; when the outer mail has a code of its own,
    ``code`` is None (two candidates) rather than the attached mail's older code."""
    raw = message(
        multipart(
            "mixed",
            part("text/plain", outer),
            part("message/rfc822", INNER + part("text/plain", "Your Globex code: 715004")),
        )
    )
    assert annotate(decode(raw).to_dict())["code"] == code


def test_a_digest_shows_every_message() -> None:
    # RFC 2046 §5.1.5: a digest's parts default to message/rfc822; a part without headers
    # of its own starts with the blank line that ends them.
    one = b"\r\nFrom: a@x.example\r\nSubject: First\r\n\r\nFirst message text.\r\n"
    two = b"\r\nFrom: b@x.example\r\nSubject: Second\r\n\r\nSecond message text.\r\n"
    raw = message(multipart("digest", one, two))
    body = decode(raw).body
    assert body.index("Subject: First") < body.index("First message text.")
    assert body.index("First message text.") < body.index("Subject: Second")
    assert "Second message text." in body


def test_a_delivery_report_shows_its_readable_status() -> None:
    status = (
        b"Reporting-MTA: dns; mx.acme.example\r\n\r\n"
        b"Final-Recipient: rfc822; nobody@example.com\r\nAction: failed\r\n"
        b"Status: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 user unknown\r\n"
    )
    raw = message(
        multipart(
            "report",
            part("text/plain", "Delivery to the following recipient failed."),
            part("message/delivery-status", status),
            part("text/rfc822-headers", b"From: qa@example.com\r\nSubject: hello\r\n"),
            params="; report-type=delivery-status",
        )
    )
    body = decode(raw).body
    assert body.startswith("Delivery to the following recipient failed.")
    assert "Reporting-MTA: dns; mx.acme.example" in body
    assert "Final-Recipient: rfc822; nobody@example.com\nAction: failed\nStatus: 5.1.1" in body
    assert "Diagnostic-Code: smtp; 550 5.1.1 user unknown" in body


def test_attached_messages_inside_attached_messages_stay_within_the_raw_bound() -> None:
    """Twelve messages nested in each other, each with 30,000 characters of text: what is
    decoded is held to ``raw_body_chars`` in all, not per message."""
    entity = part("text/plain", "x " * 15_000 + "innermost")
    for level in range(12):
        entity = part(
            "message/rfc822",
            f"From: l{level}@x.example\r\nSubject: level {level}\r\n".encode()
            + multipart("mixed", part("text/plain", "y " * 15_000), entity, boundary=f"L{level}"),
        )
    limits = Limits(raw_body_chars=100_000, body_chars=1_000_000, result_chars=2_000_000)
    e = decode(message(entity), limits)
    assert e.body_omitted  # some of it was left out for size, and says so
    assert len(e.body) <= 100_000 + 2_000  # what is shown: the bound plus header lines
    assert "[part omitted: too large]" in e.body
    assert "Subject: level 11" in e.body  # the outer messages come first


@pytest.mark.parametrize("count", [400, 5_000])
def test_a_digest_of_many_messages_is_read_in_one_bounded_pass(count: int) -> None:
    """Every part is visited once, and at most MAX_MIME_PARTS of them: 400 messages (800
    parts) are all shown; of 5,000, the first ones are, and the rest is not visited."""
    msgs = [f"\r\nFrom: m{i}@x.example\r\n\r\ntext {i}.\r\n".encode() for i in range(count)]
    raw = message(multipart("digest", *msgs))
    started = time.process_time()
    e = decode(raw, Limits(body_chars=200_000, result_chars=250_000))
    assert time.process_time() - started < 20  # a sanity stop, not a benchmark
    shown = e.body.count("---------- Attached message ----------")
    assert "text 0." in e.body
    assert shown == min(count, (MAX_MIME_PARTS - 1) // 2)
    assert (f"text {count - 1}." in e.body) == (count == 400)


# ---------------------------------------------------------------------------------------
# 4. Wrong labels


@pytest.mark.parametrize("label", ["gb2312", "gbk", "shift_jis", "euc-kr", "big5", "euc-jp"])
def test_utf8_bytes_under_a_legacy_multibyte_label_are_read_as_utf8(label: str) -> None:
    text = "你好！验证码：482913。有效期十分钟。请勿泄露。"
    raw = message(
        part(
            f"text/plain; charset={label}", text.encode("utf-8"), "Content-Transfer-Encoding: 8bit"
        )
    )
    assert decode(raw).body == text


@pytest.mark.parametrize(
    ("label", "text"),
    [
        ("gb2312", "您好，验证码：482913，十分钟内有效。"),
        ("shift_jis", "認証コードは482913です。十分間有効です。"),
        ("euc-kr", "인증 코드는 482913입니다. 10분 동안 유효합니다."),
        ("big5", "您好，驗證碼：482913，十分鐘內有效。"),
    ],
)
def test_text_that_is_really_in_its_label_stays_in_its_label(label: str, text: str) -> None:
    raw = message(
        part(f"text/plain; charset={label}", text.encode(label), "Content-Transfer-Encoding: 8bit")
    )
    assert decode(raw).body == text


def test_utf8_under_a_single_byte_label_other_than_latin_is_read_as_utf8() -> None:
    text = "Ваш код подтверждения: 482913. Żółć — ok."
    raw = message(
        part("text/plain; charset=koi8-r", text.encode("utf-8"), "Content-Transfer-Encoding: 8bit")
    )
    assert decode(raw).body == text


@pytest.mark.parametrize(
    "meta",
    [
        '<meta charset="windows-1251">',
        "<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=windows-1251'>",
    ],
)
def test_an_html_part_without_a_mime_charset_is_read_in_its_meta_charset(meta: str) -> None:
    """What browsers do (WHATWG HTML, the encoding sniffing prescan): with no charset in the
    Content-Type header, the document's own ``<meta>`` declares it."""
    html = f"<html><head>{meta}</head><body><p>Ваш код: 482913</p></body></html>"
    raw = message(part("text/html", html.encode("cp1251"), "Content-Transfer-Encoding: 8bit"))
    assert decode(raw).body == "Ваш код: 482913"


def test_the_mime_charset_wins_over_a_meta_charset() -> None:
    html = '<html><head><meta charset="windows-1251"></head><body><p>Grüße</p></body></html>'
    raw = message(
        part(
            "text/html; charset=iso-8859-1",
            html.encode("latin-1"),
            "Content-Transfer-Encoding: 8bit",
        )
    )
    assert decode(raw).body == "Grüße"


def test_a_byte_order_mark_overrides_the_label() -> None:
    """WHATWG Encoding Standard, "decode": a BOM wins over the declared encoding."""
    text = "Votre code : 482913 — à bientôt"
    raw = message(
        part(
            "text/plain; charset=iso-8859-2",
            b"\xef\xbb\xbf" + text.encode("utf-8"),
            "Content-Transfer-Encoding: 8bit",
        )
    )
    assert decode(raw).body == text


def test_plain_text_labelled_base64_is_shown_as_the_text_it_is() -> None:
    text = (
        "Hello Sam,\r\n\r\nYour verification code is 482913. It expires in ten minutes.\r\n"
        "If you did not ask for it, you can ignore this message.\r\n"
    )
    raw = message(part("text/plain; charset=utf-8", text, "Content-Transfer-Encoding: base64"))
    assert decode(raw).body == text.replace("\r\n", "\n").strip()


@pytest.mark.parametrize("word", ["Hello", "Thanks"])
def test_a_single_word_labelled_base64_is_not_taken_for_base64(word: str) -> None:
    raw = message(part("text/plain", f"{word}\r\n", "Content-Transfer-Encoding: base64"))
    assert decode(raw).body == word


def test_real_base64_with_sloppy_whitespace_is_still_decoded() -> None:
    encoded = base64.encodebytes("Your code is 482913 — thanks".encode()).decode()
    sloppy = " " + encoded.replace("\n", " \r\n\t")  # transport whitespace all around
    raw = message(part("text/plain; charset=utf-8", sloppy, "Content-Transfer-Encoding: base64"))
    assert decode(raw).body == "Your code is 482913 — thanks"


# ---------------------------------------------------------------------------------------
# 5. multipart/signed with an unusual content type; boundaries reused by a nested multipart


SIGNATURE = part(
    "application/pgp-signature; name=signature.asc",
    "-----BEGIN PGP SIGNATURE-----\r\n\r\niQEzBAEBCAAdFiEE\r\n-----END PGP SIGNATURE-----\r\n",
)


@pytest.mark.parametrize("ctype", ["application/plain", "application/text", "text/x-plain"])
def test_the_content_part_of_a_signed_message_is_shown_whatever_its_type(ctype: str) -> None:
    raw = message(
        multipart(
            "signed",
            part(f"{ctype}; charset=utf-8", "Your code is 482913."),
            SIGNATURE,
            params='; protocol="application/pgp-signature"; micalg=pgp-sha256',
        )
    )
    e = decode(raw)
    assert e.body == "Your code is 482913."
    assert "PGP SIGNATURE" not in e.body


def test_a_signed_binary_content_part_is_not_shown_as_text() -> None:
    raw = message(
        multipart(
            "signed",
            part(
                "application/octet-stream",
                base64.b64encode(bytes(range(256))),
                "Content-Transfer-Encoding: base64",
            ),
            SIGNATURE,
        )
    )
    assert decode(raw).body == ""


def test_a_nested_multipart_that_reuses_its_parents_boundary_keeps_every_part() -> None:
    raw = message(
        multipart(
            "mixed",
            multipart(
                "alternative",
                part("text/plain", "Your code is 482913."),
                part("text/html", "<p>Your code is <b>482913</b>.</p>"),
                boundary="B",
            ),
            part("text/plain", "Sent from the Acme gateway."),
            part(
                "application/pdf",
                b"JVBERi0=",
                "Content-Transfer-Encoding: base64",
                'Content-Disposition: attachment; filename="terms.pdf"',
            ),
            boundary="B",
        )
    )
    e = decode(raw)
    assert e.body == "Your code is 482913.\n\nSent from the Acme gateway."
    assert [a.name for a in e.attachments] == ["terms.pdf"]


def test_raw_8bit_headers_of_a_multipart_message_use_the_first_shown_parts_charset() -> None:
    subject = "認証コード".encode("cp932")
    raw = (
        b"From: a@x.example\r\nTo: qa@example.com\r\nSubject: "
        + subject
        + b"\r\n"
        + multipart(
            "mixed",
            part("text/plain; charset=shift_jis", "コードは482913です".encode("cp932")),
            part("text/plain; charset=shift_jis", "以上".encode("cp932")),
        )
    )
    e = decode(raw)
    assert e.subject == "認証コード"
    assert e.body == "コードは482913です\n\n以上"


# ---------------------------------------------------------------------------------------
# Every shape together, drawn at random


def _tree(draw: st.DrawFn, depth: int, tokens: list[str], parent: str = "") -> bytes:
    """A random MIME entity of mixed, related, digest entries, attached messages, inline
    text and attachments; every inline text part carries a fresh token a person would see."""
    kind = draw(
        st.sampled_from(
            ["plain", "html", "mixed", "rfc822", "file"] if depth < 4 else ["plain", "html", "file"]
        )
    )
    if kind in ("plain", "html"):
        token = f"tok{len(tokens)}x"
        tokens.append(token)
        cte = draw(st.sampled_from(["7bit", "base64", "quoted-printable"]))
        text = f"seen {token} here" if kind == "plain" else f"<p>seen <b>{token}</b> here</p>"
        body = base64.b64encode(text.encode()) if cte == "base64" else text.encode()
        named = draw(st.booleans())
        return part(
            f"text/{kind}" + ('; name="n.txt"' if named else ""),
            body,
            f"Content-Transfer-Encoding: {cte}",
        )
    if kind == "file":
        return part(
            "application/octet-stream",
            b"AAEC",
            "Content-Transfer-Encoding: base64",
            'Content-Disposition: attachment; filename="f.bin"',
        )
    if kind == "rfc822":
        return part(
            "message/rfc822",
            f"From: m{depth}@x.example\r\nSubject: s\r\n".encode() + _tree(draw, depth + 1, tokens),
        )
    # Reused boundaries too: a multipart may take its parent's (the shape senders produce).
    boundary = draw(st.sampled_from([parent, f"B{depth}"] if parent else [f"B{depth}"]))
    children = [_tree(draw, depth + 1, tokens, boundary) for _ in range(draw(st.integers(1, 4)))]
    return multipart("mixed", *children, boundary=boundary)


@st.composite
def _messages(draw: st.DrawFn) -> tuple[bytes, list[str]]:
    tokens: list[str] = []
    return message(_tree(draw, 0, tokens)), tokens


THREE_LEVELS_ONE_BOUNDARY = message(
    multipart(
        "mixed",
        multipart(
            "mixed",
            multipart("mixed", part("text/plain", "seen tok0x here"), boundary="B0"),
            boundary="B0",
        ),
        part("text/plain", "seen tok1x here"),
        boundary="B0",
    )
)


@example(drawn=(THREE_LEVELS_ONE_BOUNDARY, ["tok0x", "tok1x"]))  # found by the explore profile
@settings(
    max_examples=150, deadline=timedelta(seconds=3), suppress_health_check=[HealthCheck.too_slow]
)
@given(_messages())
def test_every_inline_text_part_of_any_mixed_tree_is_shown_in_order(
    drawn: tuple[bytes, list[str]],
) -> None:
    raw, tokens = drawn
    body = decode(raw).body
    positions = [body.find(t) for t in tokens]
    assert -1 not in positions, (tokens, body)
    assert positions == sorted(positions)
