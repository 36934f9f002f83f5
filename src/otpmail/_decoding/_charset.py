"""Declared charsets to Python codecs, with the fallbacks real mail needs.

Senders get charset labels wrong in predictable ways; the table follows the WHATWG Encoding
Standard (what browsers and mail clients learned to do with the same labels), reads valid
UTF-8 as UTF-8 under a label that cannot read it, and never uses a Python codec that is not
a charset. The rules and their reasons: docs/decoding.md, "Charsets". The lenient decoders
are registered as codecs (``x-otpmail-*``) so that RFC 2047 header decoding uses them too.
Decoding never raises.
"""

from __future__ import annotations

import codecs
import re
from typing import Any

__all__ = ["codec_for", "decode_bytes", "html_meta_charset", "rewrite_encoded_word_charsets"]

_LATIN = "x-otpmail-latin"
_TEXT = "x-otpmail-text"
_UTF8 = "x-otpmail-utf8"
_ISO2022JP = "x-otpmail-iso2022jp"
_UTF16 = "x-otpmail-utf16"

_LABELS: dict[str, str] = {}
_LABEL_CLEAN = re.compile(r"[\s\"']+")


def _key(label: str) -> str:
    # Labels are matched case-insensitively with "_" and "-" as one character: senders
    # write both ("shift_jis", "Shift-JIS", "latin_1").
    return _LABEL_CLEAN.sub("", label).lower().replace("_", "-")


def _add(codec: str, *labels: str) -> None:
    for label in labels:
        _LABELS[_key(label)] = codec


_add(
    _LATIN,
    "us-ascii",
    "ascii",
    "ansi_x3.4-1968",
    "iso-ir-6",
    "iso646-us",
    "us",
    "iso-8859-1",
    "iso8859-1",
    "iso_8859-1",
    "iso88591",
    "iso-ir-100",
    "latin1",
    "latin-1",
    "l1",
    "cp819",
    "ibm819",
    "csisolatin1",
    "windows-1252",
    "cp1252",
    "x-cp1252",
)
_add(
    _UTF8, "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"
)
_add(_UTF16, "utf-16", "utf16", "unicode", "ucs-2", "csunicode")
_add("utf-16-le", "utf-16le", "unicodefeff")
_add("utf-16-be", "utf-16be", "unicodefffe")
_add("utf-7", "utf-7", "utf7", "unicode-1-1-utf-7", "csunicode11utf7")
_add(
    "cp932",
    "shift_jis",
    "shift-jis",
    "shiftjis",
    "sjis",
    "x-sjis",
    "ms_kanji",
    "ms932",
    "csshiftjis",
    "windows-31j",
    "cp932",
)
_add(_ISO2022JP, "iso-2022-jp", "iso2022-jp", "csiso2022jp", "cp50220", "cp50221", "cp50222")
_add(
    "gb18030",
    "gb18030",
    "gb2312",
    "gb_2312",
    "gb_2312-80",
    "gbk",
    "x-gbk",
    "cp936",
    "ms936",
    "windows-936",
    "chinese",
    "csgb2312",
    "csiso58gb231280",
    "iso-ir-58",
    "euc-cn",
    "x-euc-cn",
)
_add("big5hkscs", "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5")
_add(
    "cp949",
    "euc-kr",
    "euckr",
    "ks_c_5601-1987",
    "ks_c_5601-1989",
    "ksc5601",
    "ksc_5601",
    "korean",
    "windows-949",
    "cp949",
    "csksc56011987",
    "iso-ir-149",
    "cseuckr",
)
_add("cp1254", "iso-8859-9", "iso8859-9", "latin5", "l5", "windows-1254", "csisolatin5")
_add("cp874", "tis-620", "iso-8859-11", "iso8859-11", "windows-874", "dos-874")
_add("iso8859-8", "iso-8859-8-i", "iso-8859-8-e", "csiso88598i", "logical", "visual")
_add("iso8859-6", "iso-8859-6-i", "iso-8859-6-e")
_add("mac-roman", "macintosh", "x-mac-roman", "mac", "csmacintosh")
_add("koi8-u", "koi8-ru")

# Python codecs that turn bytes into text by rules other than a charset's.
_NOT_CHARSETS = frozenset(
    {
        "unicode_escape",
        "raw_unicode_escape",
        "idna",
        "punycode",
        "undefined",
        "charmap",
        "mbcs",
        "oem",
    }
)


def codec_for(label: str | None) -> str | None:
    """The codec that decodes text declared with ``label``, or None when the label is
    missing or names no charset.

    >>> codec_for("Shift_JIS"), codec_for("ISO-8859-1"), codec_for("unicode_escape")
    ('cp932', 'x-otpmail-latin', None)
    >>> codec_for("iso-8859-2")
    'iso8859-2'
    """
    if not label:
        return None
    key = _key(label)
    if not key:
        return None
    if key in _LABELS:
        return _LABELS[key]
    try:
        info = codecs.lookup(key)
    except (LookupError, ValueError):
        return None
    if info.name.replace("-", "_") in _NOT_CHARSETS or not getattr(info, "_is_text_encoding", True):
        return None
    return info.name


# One complete UTF-8 multi-byte sequence (RFC 3629 table 3-7), for telling UTF-8 from
# windows-1252 when neither decodes strictly.
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]"
    rb"|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
    rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)


def _utf8_or_cp1252(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if _UTF8_SEQUENCE.search(data):
        return data.decode("utf-8", "replace")
    return data.decode("cp1252", "replace")


def _latin(data: bytes) -> str:
    if data.isascii():
        return data.decode("ascii")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _utf16(data: bytes) -> str:
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return data.decode("utf-16", "replace")
    return data.decode("utf-16-be", "replace")


def _jis_to_sjis(first: int, second: int) -> bytes:
    """One JIS X 0208 code (two bytes 0x21–0x7E) as the Shift_JIS bytes of the same
    character; rows 13 and 89–92 land on cp932's NEC and IBM extensions."""
    lead = (first + 1) // 2 + (0x70 if first <= 0x5E else 0xB0)
    if not first % 2:
        return bytes((lead, second + 0x7E))
    return bytes((lead, second + (0x20 if second >= 0x60 else 0x1F)))


def _iso2022jp(data: bytes) -> str:
    try:
        return data.decode("iso2022_jp")
    except UnicodeDecodeError:
        pass
    out = bytearray()
    mode = "ascii"
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if byte == 0x1B:
            seq = data[i + 1 : i + 3]
            if seq in (b"(B", b"(J"):
                mode, i = "ascii", i + 3
                continue
            if seq == b"(I":
                mode, i = "kana", i + 3
                continue
            if seq in (b"$@", b"$B"):
                mode, i = "jis", i + 3
                continue
            if seq == b"$(" and i + 3 < n:
                mode, i = "jis", i + 4  # JIS X 0212/0213: best effort through cp932
                continue
        elif byte == 0x0E:  # SO: CP50222 half-width katakana
            mode, i = "kana", i + 1
            continue
        elif byte == 0x0F:
            mode, i = "ascii", i + 1
            continue
        elif byte in (0x0A, 0x0D):
            mode = "ascii"  # RFC 1468: every line ends in ASCII; repair senders that forget
        if mode == "jis" and 0x21 <= byte <= 0x7E and i + 1 < n and 0x21 <= data[i + 1] <= 0x7E:
            out += _jis_to_sjis(byte, data[i + 1])
            i += 2
            continue
        if mode == "kana" and 0x21 <= byte <= 0x5F:
            out.append(byte + 0x80)
        else:
            out.append(byte)
        i += 1
    return bytes(out).decode("cp932", "replace")


_DECODERS = {
    _LATIN: _latin,
    _TEXT: _utf8_or_cp1252,
    _UTF8: _utf8_or_cp1252,
    _ISO2022JP: _iso2022jp,
    _UTF16: _utf16,
}


def _codec_search(name: str) -> codecs.CodecInfo | None:
    wanted = name.replace("_", "-")
    decoder = _DECODERS.get(wanted)
    if decoder is None:
        return None

    def decode(data: Any, errors: str = "strict", /) -> tuple[str, int]:
        # Lenient by design: these codecs never fail, whatever ``errors`` asks.
        raw = bytes(data)
        return decoder(raw), len(raw)

    def encode(text: str, errors: str = "strict", /) -> tuple[bytes, int]:
        return codecs.utf_8_encode(text, errors)

    return codecs.CodecInfo(encode, decode, name=wanted)


codecs.register(_codec_search)


_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Labels whose own rules already decide about UTF-8 (or that are Unicode themselves).
_UNICODE = frozenset({_LATIN, _TEXT, _UTF8, _UTF16, "utf-16-le", "utf-16-be", "utf-7"})
# This many multi-byte UTF-8 sequences outvote a label that read the bytes without error.
_UTF8_QUORUM = 3


def _utf8_instead(data: bytes, label_failed: bool) -> str | None:
    """The bytes as UTF-8 when they are valid UTF-8 with non-ASCII characters and the label
    failed to read them or they hold enough multi-byte sequences to tell; else None."""
    if data.isascii():
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if label_failed or sum(1 for ch in text if ord(ch) > 0x7F) >= _UTF8_QUORUM:
        return text
    return None


def decode_bytes(data: bytes, label: str | None) -> str:
    """Decode body or parameter bytes declared with charset ``label``. Never raises.

    >>> decode_bytes(b"caf\\xe9 \\x80", "iso-8859-1")
    'café €'
    >>> decode_bytes("café".encode(), "iso-8859-1")
    'café'
    >>> decode_bytes(b"\\x82\\xa0", "shift_jis")
    'あ'
    >>> decode_bytes("验证码：482913".encode(), "gb2312")  # UTF-8 under a wrong label
    '验证码：482913'
    """
    for bom, bom_codec in _BOMS:
        if data.startswith(bom):
            return data.decode(bom_codec, "replace").lstrip("\ufeff")
    codec = codec_for(label) or _TEXT
    decoder = _DECODERS.get(codec)
    if decoder is not None:
        if codec not in _UNICODE:
            utf8 = _utf8_instead(data, label_failed=True)  # 8-bit bytes under a 7-bit label
            if utf8 is not None:
                return utf8
        return decoder(data)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        pass
    except LookupError:
        return _utf8_or_cp1252(data)
    else:
        if codec in _UNICODE:
            return text
        return _utf8_instead(data, label_failed=False) or text
    utf8 = _utf8_instead(data, label_failed=True)
    if utf8 is not None:
        return utf8
    if codec == "euc_jp":
        try:
            return data.decode("euc_jis_2004")
        except UnicodeDecodeError:
            pass
    return data.decode(codec, "replace")


# The two forms of the WHATWG prescan: <meta charset=X> and <meta http-equiv content="…;
# charset=X">, within the first 1024 bytes, as browsers look for them.
_META_CHARSET = re.compile(
    rb"<meta\b[^>]*?\bcharset\s*=\s*[\"']?\s*([A-Za-z0-9._:()+-]+)", re.IGNORECASE
)
_PRESCAN_BYTES = 1024


def html_meta_charset(data: bytes) -> str | None:
    """The charset an HTML document declares for itself in a ``<meta>`` element near its
    start, for a part whose Content-Type names none (the HTTP header wins over the meta in
    browsers, and the MIME header does here).

    >>> html_meta_charset(b'<html><head><meta charset="windows-1251"></head>')
    'windows-1251'
    >>> html_meta_charset(b"<p>no declaration</p>") is None
    True
    """
    match = _META_CHARSET.search(data[:_PRESCAN_BYTES])
    return match.group(1).decode("ascii") if match else None


_ENCODED_WORD_CHARSET = re.compile(
    r"=\?(?P<charset>[^?*\s]+)(?P<rest>(?:\*[^?\s]*)?\?[bBqQ]\?[^?\s]*\?=)"
)


def _rewrite(match: re.Match[str]) -> str:
    codec = codec_for(match.group("charset")) or _TEXT
    return f"=?{codec}{match.group('rest')}"


def rewrite_encoded_word_charsets(value: str) -> str:
    """Point every RFC 2047 encoded word in a raw header value at the codec the table
    picks for its label, so the standard library's header parser decodes it the same way
    as a body. Only the label changes.

    >>> rewrite_encoded_word_charsets("=?ISO-8859-1?Q?=80?= =?utf-8*en?B?w6k=?=")
    '=?x-otpmail-latin?Q?=80?= =?x-otpmail-utf8*en?B?w6k=?='
    """
    if "=?" not in value:
        return value
    return _ENCODED_WORD_CHARSET.sub(_rewrite, value)
