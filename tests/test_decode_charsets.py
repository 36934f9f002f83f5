"""Declared charsets, their fallbacks, headers (RFC 2047, RFC 2231, raw 8-bit) and transfer
encodings, down to the bytes."""

from __future__ import annotations

import base64
import codecs
import quopri
from datetime import UTC, datetime

import pytest

from otpmail._decoding._charset import codec_for, decode_bytes, rewrite_encoded_word_charsets
from otpmail._decoding._email import Email
from otpmail._decoding._message import parse_rfc822


def decode(raw: bytes | str) -> Email:
    data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw
    return parse_rfc822(data, id="1", account="qa@example.com", received_at=datetime.now(UTC))


def text_message(body: bytes, charset: str | None, cte: str = "8bit") -> bytes:
    if cte == "base64-encode":
        body, cte = base64.encodebytes(body), "base64"
    ctype = "text/plain" + (f'; charset="{charset}"' if charset is not None else "")
    head = f"From: a@x.example\r\nTo: qa@example.com\r\nSubject: s\r\nContent-Type: {ctype}\r\n"
    return head.encode() + f"Content-Transfer-Encoding: {cte}\r\n\r\n".encode() + body


# -- declared charsets and fallbacks ---------------------------------------------------


@pytest.mark.parametrize(
    ("label", "data", "expected"),
    [
        ("utf-8", "Grüße ☕".encode(), "Grüße ☕"),
        ("UTF8", "Grüße".encode(), "Grüße"),
        ("iso-8859-1", b"caf\xe9", "café"),
        # Latin-1 labels are windows-1252 in practice (WHATWG): 0x80-0x9f are € “ ” – …
        ("iso-8859-1", b"\x80 \x93q\x94 \x96", "€ “q” –"),
        ("us-ascii", b"\x85", "…"),
        ("windows-1252", b"\x99", "™"),
        # valid UTF-8 under a Latin label is UTF-8 (mislabel; Gmail format=full symptom)
        ("iso-8859-1", "café €".encode(), "café €"),
        ("windows-1252", "Grüße".encode(), "Grüße"),
        ("iso-8859-15", b"\xa4", "€"),
        ("iso-8859-2", b"\xb1", "ą"),
        ("windows-1251", "привет".encode("cp1251"), "привет"),
        ("koi8-r", "привет".encode("koi8-r"), "привет"),
        ("iso-8859-9", b"\x80\xfd", "€ı"),  # read as windows-1254
        ("tis-620", "สวัสดี".encode("cp874"), "สวัสดี"),
        ("Shift_JIS", "①髙ｱ".encode("cp932"), "①髙ｱ"),  # cp932 extensions
        ("shift-jis", "テスト".encode("shift_jis"), "テスト"),
        ("euc-jp", "テスト".encode("euc_jp"), "テスト"),
        ("iso-2022-jp", "テスト".encode("iso2022_jp"), "テスト"),
        ("gb2312", "镕".encode("gbk"), "镕"),  # GBK-only under gb2312
        ("GBK", "𠀀".encode("gb18030"), "𠀀"),  # four-byte GB18030
        ("gb18030", "€".encode("gb18030"), "€"),
        ("big5", "香港".encode("big5hkscs"), "香港"),
        ("euc-kr", "똠".encode("cp949"), "똠"),  # cp949-only syllable
        ("ks_c_5601-1987", "인증".encode("cp949"), "인증"),
        ("utf-16", codecs.BOM_UTF16_LE + "ok".encode("utf-16-le"), "ok"),
        ("utf-16", codecs.BOM_UTF16_BE + "ok".encode("utf-16-be"), "ok"),
        ("utf-16", "ok".encode("utf-16-be"), "ok"),  # no BOM: big-endian (RFC 2781)
        ("utf-16le", "ok".encode("utf-16-le"), "ok"),
        ("utf-7", b"+AOk-", "é"),
    ],
)
def test_declared_charsets_decode_with_the_superset_senders_use(
    label: str, data: bytes, expected: str
) -> None:
    assert decode_bytes(data, label) == expected
    assert decode(text_message(data, label, "base64-encode")).body in (
        expected,
        expected.strip(),
    )


@pytest.mark.parametrize(
    ("label", "data", "expected"),
    [
        (None, "café".encode(), "café"),  # no label: UTF-8 …
        (None, b"caf\xe9", "café"),  # … else windows-1252
        ("x-unknown", "café".encode(), "café"),
        ("no-such-charset", b"caf\xe9", "café"),
        ('"utf-8"', "é".encode(), "é"),
        # UTF-8 label on windows-1252 bytes with no UTF-8 sequence at all
        ("utf-8", b"caf\xe9 \x80", "café €"),
        # UTF-8 label, UTF-8 text with one bad byte: the bad byte only is replaced
        ("utf-8", "café".encode() + b" \xff", "café \ufffd"),
        ("shift_jis", b"\x82\xa0\x81", "あ\ufffd"),  # a lead byte with no trail byte
    ],
)
def test_missing_unknown_and_wrong_labels_fall_back_sensibly(
    label: str | None, data: bytes, expected: str
) -> None:
    assert decode_bytes(data, label) == expected


@pytest.mark.parametrize(
    "label",
    ["unicode_escape", "raw-unicode-escape", "punycode", "idna", "undefined", "base64", "rot13"],
)
def test_python_codecs_that_are_not_charsets_are_never_used(label: str) -> None:
    assert codec_for(label) is None
    assert decode_bytes(b"\\u200b\\x41 xn--caf-dma", label) == "\\u200b\\x41 xn--caf-dma"


def jis(text: str) -> bytes:
    """ISO-2022-JP as Windows writes it (CP50220): JIS codes of cp932's extensions."""

    def code(ch: str) -> bytes:
        candidates = [bytes((a, b)) for a in (0xED, 0xEE) for b in range(0x40, 0xFD)]
        sjis = next(
            (c for c in candidates if c.decode("cp932", "ignore") == ch), ch.encode("cp932")
        )
        s1, s2 = sjis
        j1 = (s1 - (0x70 if s1 <= 0x9F else 0xB0)) * 2
        if s2 >= 0x9F:
            return bytes((j1, s2 - 0x7E))
        return bytes((j1 - 1, s2 - (0x20 if s2 >= 0x80 else 0x1F)))

    return b"\x1b$B" + b"".join(code(c) for c in text) + b"\x1b(B"


def test_iso_2022_jp_with_microsoft_extensions_is_read_through_cp932() -> None:
    data = jis("①髙﨑") + b" 123"
    with pytest.raises(UnicodeDecodeError):
        data.decode("iso2022_jp")

    assert decode_bytes(data, "ISO-2022-JP") == "①髙﨑 123"


def test_iso_2022_jp_half_width_katakana_and_unterminated_lines_are_repaired() -> None:
    data = b"\x1b(I123\x1b(B \x1b$B%F%9%H\nabc"  # half-width kana; JIS left open at line end
    assert decode_bytes(data, "iso-2022-jp") == "ｱｲｳ テスト\nabc"


# -- headers ---------------------------------------------------------------------------


def header_message(**headers: str) -> bytes:
    lines = [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\nTo: qa@example.com\r\n\r\nbody\r\n").encode(
        "utf-8", "surrogateescape"
    )


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        ("=?UTF-8?B?w6l0w6k=?=", "été"),
        ("=?utf-8?q?caf=C3=A9_cr=C3=A8me?=", "café crème"),
        # adjacent encoded words join without the whitespace between them
        ("=?utf-8?q?a?= =?utf-8?q?b?=\r\n =?utf-8?q?c?=", "abc"),
        ("=?utf-8?q?a?= plain =?utf-8?q?b?=", "a plain b"),
        ("=?iso-8859-1?q?=80uro_=93q=94?=", "€uro “q”"),  # Latin-1 label, cp1252 bytes
        ("=?utf-8*en-us?q?hello?=", "hello"),  # RFC 2231 language tag
        ("=?utf-8?b?w6l0w6k?=", "été"),  # base64 without padding
        ("=?Shift_JIS?B?" + base64.b64encode("①テスト".encode("cp932")).decode() + "?=", "①テスト"),
        ("=?ISO-2022-JP?B?" + base64.b64encode(jis("髙")).decode() + "?=", "髙"),
        ("=?gb2312?B?" + base64.b64encode("镕".encode("gbk")).decode() + "?=", "镕"),
        ("=?x-unknown?q?caf=C3=A9?=", "café"),  # unknown label: UTF-8
        ("=?x-unknown?q?caf=E9?=", "café"),  # … else windows-1252
        ("=?unicode_escape?q?\\u0041?=", "\\u0041"),  # not a charset: no escapes
        ("Caf\udcc3\udca9 raw 8-bit", "Café raw 8-bit"),  # RFC 6532 UTF-8 header
        ("=?utf-8?q?broken", "=?utf-8?q?broken"),  # not an encoded word: shown as written
    ],
)
def test_subjects_decode_rfc_2047_and_raw_8bit(subject: str, expected: str) -> None:
    assert decode(header_message(From="a@x.example", Subject=subject)).subject == expected


def test_raw_8bit_headers_that_are_not_utf8_use_the_body_charset() -> None:
    raw = (
        b"From: a@x.example\r\nTo: qa@example.com\r\nSubject: "
        + "認証コード".encode("cp932")
        + b'\r\nContent-Type: text/plain; charset="Shift_JIS"\r\n\r\n'
        + "本文".encode("cp932")
    )
    e = decode(raw)
    assert (e.subject, e.body) == ("認証コード", "本文")


@pytest.mark.parametrize(
    ("from_", "sender", "addresses"),
    [
        ("=?utf-8?q?Caf=C3=A9?= <a@x.example>", "Café <a@x.example>", ("a@x.example",)),
        ('"=?utf-8?q?Caf=C3=A9?=" <a@x.example>', "Café <a@x.example>", ("a@x.example",)),
        ("Zo\udcc3\udcab <z@x.example>", "Zoë <z@x.example>", ("z@x.example",)),
        ("a@x.example (Comment Name)", "a@x.example", ("a@x.example",)),
        ('"Doe, Jane" <J.Doe@X.example>', '"Doe, Jane" <J.Doe@X.example>', ("j.doe@x.example",)),
        ("MAILER-DAEMON <>", "MAILER-DAEMON", ()),
        # an encoded word cannot smuggle a second address into the header
        ("=?utf-8?q?x=3Cvictim=40bank.example=3E?= <a@x.example>", "a@x.example", ("a@x.example",)),
        ("(" * 5000 + "a@x.example", "", ()),  # too deeply nested comments: nothing, no error
    ],
)
def test_from_headers_decode_to_a_display_and_exact_addresses(
    from_: str, sender: str, addresses: tuple[str, ...]
) -> None:
    e = decode(header_message(From=from_, Subject="s"))
    assert (e.sender, e.sender_addresses) == (sender, addresses)


@pytest.mark.parametrize(
    ("name", "address", "shown"),
    [
        ("support@bank.example", "attacker@evil.example", "attacker@evil.example"),
        ("support＠bank.example", "attacker@evil.example", "attacker@evil.example"),
        ("Bank <support@bank.example>", "attacker@evil.example", "attacker@evil.example"),
        ("bank.example", "attacker@evil.example", "attacker@evil.example"),
        ("www.bank.example security", "attacker@evil.example", "attacker@evil.example"),
        ("bank．example", "attacker@evil.example", "attacker@evil.example"),
        ("bank。example", "attacker@evil.example", "attacker@evil.example"),
        ("https://bank.example/login", "attacker@evil.example", "attacker@evil.example"),
        # the sender's own domain, or a parent or child of it, is not posing
        ("Amazon.com", "store-news@amazon.com", "Amazon.com <store-news@amazon.com>"),
        ("Booking.com", "noreply@mailer.booking.com", "Booking.com <noreply@mailer.booking.com>"),
        ("mail.acme.example", "a@acme.example", "mail.acme.example <a@acme.example>"),
        ("a@x.example", "a@x.example", "a@x.example"),
        ("J. R. Smith", "j@x.example", "J. R. Smith <j@x.example>"),
        ("Acme (Support)", "s@acme.example", '"Acme (Support)" <s@acme.example>'),
    ],
)
def test_a_display_name_never_poses_as_the_sender(name: str, address: str, shown: str) -> None:
    encoded = "=?utf-8?b?" + base64.b64encode(name.encode()).decode() + "?="
    e = decode(header_message(From=f"{encoded} <{address}>", Subject="s"))
    assert e.sender == shown
    assert e.sender_addresses == (address.lower(),)


def test_a_huge_header_is_cut_before_it_is_parsed() -> None:
    # Each field far over MAX_RAW_HEADER_CHARS, all of them under MAX_HEADER_BYTES (past it
    # the message is skipped unread: tests/test_decode_bounds.py).
    to = ", ".join(f"user{i}@x.example" for i in range(10_000)) + ", qa@example.com"
    e = decode(header_message(From="a@x.example", Subject="=?utf-8?q?a?= " * 15_000, To_=to))
    assert len(e.subject) <= 1_000
    assert len(e.to) <= 1_000


# -- transfer encodings -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoded", "expected"),
    [
        (b"WW91ciBjb2RlIGlzIDEyMzQ1Ng==", "Your code is 123456"),
        (b"WW91ciBjb2RlIGlzIDEyMzQ1Ng", "Your code is 123456"),  # no padding
        (b"WW91ciBjb2Rl\r\nIGlzIDEy\r\nMzQ1Ng==", "Your code is 123456"),  # odd line lengths
        (b"WW91ciBjb2Rl!!IGlzIDEyMzQ1Ng===", "Your code is 123456"),  # stray characters
        (b"WW91ciBjb2RlIGlzIDEyMzQ1N", "Your code is 12345"),  # a dangling last character
        (b"WW91ciA=Y29kZQ==", "Your code"),  # two padded chunks in a row
        (b"", ""),
    ],
)
def test_base64_bodies_decode_as_far_as_they_can(encoded: bytes, expected: str) -> None:
    assert decode(text_message(encoded, "utf-8", "base64")).body == expected


@pytest.mark.parametrize(
    ("encoded", "expected"),
    [
        (b"caf=C3=A9", "café"),
        (b"caf=c3=a9", "café"),  # lowercase hex
        (b"12=\r\n34=  \r\n56", "123456"),  # soft breaks, one with transport whitespace
        (b"a =ZZ b", "a =ZZ b"),  # a broken escape stays as written
        (b"x" * 300 + b"=3D", "x" * 300 + "="),  # a line longer than 76
    ],
)
def test_quoted_printable_bodies_decode_leniently(encoded: bytes, expected: str) -> None:
    assert decode(text_message(encoded, "utf-8", "quoted-printable")).body == expected


@pytest.mark.parametrize("cte", ["BASE64", " base64 ", "Base64"])
def test_the_transfer_encoding_name_is_matched_loosely(cte: str) -> None:
    assert decode(text_message(b"Y29kZSA0Mg==", "utf-8", cte)).body == "code 42"


def test_quoted_printable_utf16_round_trip() -> None:
    encoded = quopri.encodestring("код 42".encode("utf-16"))
    assert decode(text_message(encoded, "utf-16", "quoted-printable")).body == "код 42"


def test_encoded_word_labels_are_rewritten_to_the_table_codecs_only() -> None:
    assert rewrite_encoded_word_charsets("no words =? here") == "no words =? here"
    assert rewrite_encoded_word_charsets("=?Shift_JIS?B?gqA=?=") == "=?cp932?B?gqA=?="
