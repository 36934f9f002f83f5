"""Remove the characters that render as nothing from sender-controlled text.

Invisible characters hide things from the person who reads a mail while the program (or
model) that reads it still sees them: a zero-width space splits a code, tag characters spell
instructions no font draws. :func:`sanitize_text` is the one function the decoder applies
to every field a sender controls. What it removes, keeps and changes, and why:
docs/decoding.md, "Invisible characters". Pure and idempotent.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["sanitize_text"]


def _ranges(*spans: tuple[int, int]) -> str:
    return "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in spans
    )


# Every character the callback has to look at. Anything else is kept untouched, so the
# common case (no such character at all) costs one regex search.
_CANDIDATES = _ranges(
    (0x00, 0x08),
    (0x0B, 0x0C),
    (0x0E, 0x1F),
    (0x7F, 0x9F),  # DEL, C1 controls (NEL among them)
    (0xAD, 0xAD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong/jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x200B, 0x200F),  # ZWSP, ZWNJ, ZWJ, LRM, RLM
    (0x2028, 0x202E),  # line/paragraph separators, bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, isolates, deprecated formats
    (0x2800, 0x2800),  # braille pattern blank
    (0x3164, 0x3164),  # Hangul filler
    (0xD800, 0xDFFF),  # lone surrogates (from undecodable bytes)
    (0xFDD0, 0xFDEF),  # noncharacters
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # BOM / zero-width no-break space
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFFB),  # unassigned specials, interlinear annotation
    (0xFFFE, 0xFFFF),
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement, reserved ignorables
    *((p * 0x10000 + 0xFFFE, p * 0x10000 + 0xFFFF) for p in range(1, 17)),
)

_TAG = 0xE0000
_CANCEL_TAG = chr(0xE007F)
_BLACK_FLAG = "\U0001f3f4"
# The recommended subdivision flags (emoji-sequences.txt, RGI_Emoji_Tag_Sequence): the only
# tag sequences a person can see.
_RGI_FLAGS = ("gbeng", "gbsct", "gbwls")
_FLAG_SEQUENCES = "|".join(
    re.escape(_BLACK_FLAG + "".join(chr(_TAG + ord(c)) for c in tag) + _CANCEL_TAG)
    for tag in _RGI_FLAGS
)

_PATTERN = re.compile(f"(?P<flag>{_FLAG_SEQUENCES})|[{_CANDIDATES}]")

_ZWNJ, _ZWJ = "\u200c", "\u200d"
_VS15, _VS16 = "\ufe0e", "\ufe0f"
_KEYCAP = "\u20e3"
_KEYCAP_BASES = frozenset("0123456789#*")
_LINE_BREAKS = frozenset("\x85\u2028\u2029")


def _in(code: int, spans: tuple[tuple[int, int], ...]) -> bool:
    return any(a <= code <= b for a, b in spans)


# A superset of Extended_Pictographic (emoji-data.txt) that needs no table: the emoji
# blocks and the older symbols that have emoji presentations. Used only to decide whether
# a ZWJ or a VS15/VS16 sits inside an emoji sequence.
_PICTOGRAPHIC = (
    (0x00A9, 0x00A9),
    (0x00AE, 0x00AE),
    (0x203C, 0x203C),
    (0x2049, 0x2049),
    (0x2122, 0x2122),
    (0x2139, 0x2139),
    (0x2194, 0x21AA),
    (0x231A, 0x23FF),
    (0x24C2, 0x24C2),
    (0x25AA, 0x25FE),
    (0x2600, 0x27BF),
    (0x2934, 0x2935),
    (0x2B05, 0x2B55),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x3297, 0x3299),
    (0x1F000, 0x1FAFF),
    (0x1FC00, 0x1FFFD),
)
_CJK_IDEOGRAPHS = (
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x3FFFF),
)
# Scripts with standardized variation sequences on letters (StandardizedVariants.txt).
_VARIANT_SCRIPTS = (
    (0x1000, 0x109F),  # Myanmar
    (0x1800, 0x18AF),  # Mongolian
    (0xA840, 0xA877),  # Phags-pa
    (0x10AC0, 0x10AFF),  # Manichaean
)
_MONGOLIAN_LETTERS = ((0x1820, 0x18AA),)
# Scripts whose shaping uses ZWJ/ZWNJ between letters.
_JOINING_SCRIPTS = (
    (0x0600, 0x06FF),  # Arabic
    (0x0700, 0x074F),  # Syriac
    (0x0750, 0x077F),  # Arabic Supplement
    (0x07C0, 0x07FF),  # N'Ko
    (0x0860, 0x08FF),  # Syriac Supplement, Arabic Extended-A/B
    (0x0900, 0x0DFF),  # Devanagari … Sinhala
    (0x1800, 0x18AF),  # Mongolian
    (0xA8E0, 0xA8FF),  # Devanagari Extended
)


def _is_variation_selector(code: int) -> bool:
    return (
        0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x180B <= code <= 0x180D
        or code == 0x180F
    )


def _is_pictographic(ch: str) -> bool:
    return _in(ord(ch), _PICTOGRAPHIC)


def _is_joining_letter(ch: str) -> bool:
    return _in(ord(ch), _JOINING_SCRIPTS) and unicodedata.category(ch)[0] in "LM"


def _keep_joiner(text: str, start: int, char: str) -> bool:
    before = text[start - 1] if start > 0 else ""
    after = text[start + 1] if start + 1 < len(text) else ""
    if not before or not after:
        return False
    if char == _ZWJ and _is_pictographic(after):
        if _is_pictographic(before):
            return True
        if before == _VS16 and start >= 2 and _is_pictographic(text[start - 2]):
            return True
    return _is_joining_letter(before) and _is_joining_letter(after)


def _keep_variation_selector(text: str, start: int, char: str) -> bool:
    if start == 0:
        return False
    base = text[start - 1]
    code = ord(char)
    if base.isascii():
        # Only keycaps (1️⃣, #️⃣): ASCII letters and digits take no selector that a person
        # would notice, and one inside a code splits it.
        return (
            char == _VS16
            and base in _KEYCAP_BASES
            and start + 1 < len(text)
            and text[start + 1] == _KEYCAP
        )
    if _PATTERN.fullmatch(base):
        return False  # a second selector, or one after a removed character
    base_code = ord(base)
    if 0xE0100 <= code <= 0xE01EF:
        return _in(base_code, _CJK_IDEOGRAPHS)
    if 0x180B <= code <= 0x180F:  # Mongolian free variation selectors
        return _in(base_code, _MONGOLIAN_LETTERS)
    category = unicodedata.category(base)
    if char in (_VS15, _VS16) and (_is_pictographic(base) or category[0] == "S"):
        return True
    return category[0] == "S" or _in(base_code, _CJK_IDEOGRAPHS) or _in(base_code, _VARIANT_SCRIPTS)


def _replace(match: re.Match[str]) -> str:
    if match.group("flag"):
        return match.group(0)
    char = match.group(0)
    text = match.string
    start = match.start()
    code = ord(char)
    if char in (_ZWJ, _ZWNJ):
        return char if _keep_joiner(text, start, char) else ""
    if _is_variation_selector(code):
        return char if _keep_variation_selector(text, start, char) else ""
    if char in _LINE_BREAKS:
        return "\n"
    if code == 0x2800:
        return " "
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return ""


def sanitize_text(text: str) -> str:
    """``text`` without the characters that render as nothing (see the module docstring).

    >>> sanitize_text("12\\u200b34\\u2060\\u00ad56")
    '123456'
    >>> sanitize_text("Pay\\u202egnp.exe")
    'Paygnp.exe'
    >>> sanitize_text("ok" + "".join(chr(0xE0000 + ord(c)) for c in "run rm -rf"))
    'ok'
    >>> sanitize_text("👩\\u200d💻 café 東京")
    '👩\\u200d💻 café 東京'
    """
    if not _PATTERN.search(text):
        return text
    return _PATTERN.sub(_replace, text)
