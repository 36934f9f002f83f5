"""What in a mail's text can be a one-time code: the candidates :mod:`otpmail._decoding._codes`
links to labels and scores. Runs of letters and digits of a code's shape, groups joined where
they are clearly one code (``482 913``, ``K7P-2QX``), random-looking tokens kept only where a
code stands; never a number glued to a currency, a unit, an address or a masked number.
Pure functions (``docs/code-scoring.md``, step 2).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from otpmail._decoding._code_words import (
    _ASKS_ABOVE,
    _ASKS_ABOVE_CJK,
    _CJK_SECRET_WORDS,
    _IS_WORDS,
    _POSITIVE,
    _POSITIVE_CASED,
    _POSITIVE_CJK,
    _POSITIVE_SCRIPTS,
    _SCRIPT_MARKS,
    _SECRET_IN_BRACKETS,
    _SECRET_IN_TABLE,
    _SECRET_IS,
    _SECRET_WORDS,
    _VERBS,
)
from otpmail._decoding._lines import (
    _DECORATION,
    _alone_on_line,
    _line_bounds,
    _line_end,
    _line_start,
    _window_start,
)

_TOKEN = re.compile(
    r"(?<![0-9A-Za-z])(?:[0-9A-Za-z]*[0-9][0-9A-Za-z]*|(?<=-)[A-Z]{1,5}(?![0-9A-Za-z])|[A-Z]{1,5}(?=-[0-9A-Z])"
    r"|(?=[A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}[a-z]))[A-Za-z]{6,32}(?![0-9A-Za-z])|[A-Z]{4,10}(?![0-9A-Za-z]))"
)
"""Tokens that can be (part of) a code: with a digit, capitals next to a hyphen, or letters
in mixed case or capitals (``ybYbWP``, ``RXJNTSGG``: kept only where a code stands)."""
_LOWER_UPPER = re.compile(r"[a-z][A-Z]")
_LABEL_COPULAS = _IS_WORDS + "|wynosi|to|это"


def _right_after_pattern(copulas: str) -> re.Pattern[str]:
    return re.compile(
        r"(?:[ \t]*\([^()\n]{1,12}\)|\))?"
        r"(?:(?:[ \t]*[^\W\d]+){3}[ \t]+is[ \t]*|"
        r"(?:[ \t]*[^\W\d]+){3,4}[ \t]*[:：]|"
        # a word may hold the vowel signs \w leaves out (Thai "รหัสผ่านของคุณ:"); possessive,
        # since a script without spaces (Lao, Thai) would be split every way at every start
        rf"(?:[ \t]*(?:[^\W\d]|[{_SCRIPT_MARKS}])++(?:['’][^\W\d]+)?){{0,2}}(?:[ \t]*(?:[:：=>\-]{{1,2}}|[:：][ \t]+[:：])|"
        rf"[ \t]+(?:{copulas})(?:[ \t]+(?:le|el|il|o))?[ \t]*:?)|"
        r"[ \t]*(?:是|为|為|は)[ \t]*[:：]?)?[ \t]*[\"“«„]?"
    )


_RIGHT_AFTER_LABEL = _right_after_pattern(_LABEL_COPULAS)
"""What may stand between a code word and the code: a word or two that qualify it, then a
colon or "is" (``Cód fíoraithe: …``, ``Verification code: …``, ``token is UMXBL``, ``code
de vérification est …``), three words and "is" (``OTP for recovering password is …``), or
up to four words and a colon (``One-time password for current session: …``), a colon
doubled by a template (``your password:  : …``); an
abbreviation in brackets may come first (``one-time password (OTP) is: …``)."""
_RIGHT_AFTER_SECRET = _right_after_pattern(_LABEL_COPULAS + "|a|à|إلى")
"""The same after a password word, which may also be set "to" a value (``restablecer su
contraseña a …``, ``كلمة المرور … إلى …``); after a code word "a" is a preposition
(``codice per accedere a EspoCRM``)."""
_AFTER_CODE_COLON = re.compile(
    r"(?i)\b(?:code|kod\w*|c[óo]digo|codice|код\w*|pin|otp|token|key)"
    r"(?:[ \t]+[^\W\d]+){0,4}[ \t]*[:：][ \t]*$"
)
"""``Code:`` right before a value on its line."""
_SECRET_BEFORE_ITS_VALUE = re.compile(
    f"(?i)\\b(?:{_SECRET_IN_BRACKETS}|{_SECRET_IN_TABLE}|{_SECRET_IS})"
)
"""Password words that look ahead at their value, so are sought on the whole line."""
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_DATE8 = re.compile(
    r"(?:19|20)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[1-9]|[12][0-9]|3[01])(?:0[1-9]|1[0-2])(?:19|20)[0-9]{2}"
)
_UNIT_TOKEN = re.compile(
    r"(?i)[0-9]+(?:px|pt|em|rem|vh|vw|ms|kb|mb|gb|tb|mm|cm|km|kg|mg|ml|hz|khz|mhz|ghz|st|nd|rd|th|am|pm|h|m|s|x|k|p|d|g|l|w|v|mp|fps|dpi|gbps|mbps)"
)
_WORD_NUMBER = re.compile(r"[A-Za-z][a-z]{0,5}[0-9]+|[A-Z]{1,2}[0-9]{1,3}|[0-9]+[A-Za-z]")
_CODE_NAME = re.compile(r"(?i)(?:pin|puk|tan|otp|code)[0-9]")
"""A code's name and its number (``kód PIN1``, ``PIN3``): what the code is called."""
_MASKED = re.compile(r"(?i)x{3,}[0-9]{1,6}|[0-9]{1,6}x{3,}")
"""A number shown masked (an account or identity number, ``XXXXXXXX01``): never a code."""
_ATTACHED_BEFORE = set("#@/\\=&?_+$€£¥₹₽~^%'*")
_ATTACHED_AFTER = set("@/\\=_%€$£+'*#")
_APOSTROPHE_SUFFIX = re.compile(r"(?:[dt][ıiuü]r|y?[ıiuü]|[dt][ae]n?|n?[ıiuü]n)(?!\w)")
"""A Turkish case ending a number takes after an apostrophe (``482913'tür``, ``'ü``)."""


class _Candidate(NamedTuple):
    value: str
    start: int
    end: int
    letters: bool
    mixed_case: bool = False
    """A random mixed-case token (``tXrrAkqAEb``): letters, but not a word."""
    symbolic: bool = False
    """A generated password or code with symbols (``Shl@9v64vf``): the code only where a
    label gives it, never as a lone value."""
    given: bool = False
    """Given by a password word right before it, on its line or alone on the line above
    (``Password`` / ``pitiwuna``): linked to that word even where no code label is."""
    prefixed: bool = False
    """Read after a session's prefix of capitals (``KQT-7RZ4M2XH`` → ``7RZ4M2XH``): the code
    only in a mail about a one-time code (a booking's ``RES-5378224B`` is its reference)."""
    told: bool = False
    """Named as what the reader types: after the colon of a sentence that names it a
    password (``Your password … It is:`` / ``ehtenici``), or in a command to a chat
    network's service the mail gives (``/msg NickServ CONFIRM HL45HyCtaEI7XSa``): the code
    even where a weaker label is nearer."""


_DIGITS_THEN_WORD = re.compile(r"([0-9]{4,8})(?=[A-Z][a-z]{2,}$)[A-Za-z]+")
"""Digits run into a capitalised word (``346624Dies``): the code, then the next sentence."""
_LOWER = "a-zß-ÿ\u0100-\u024f\u1e00-\u1eff"
_SENTENCE_GOES_ON = re.compile(rf"(?:['’]?[{_LOWER}]+)?[ \t]+[{_LOWER}]")
"""The rest of a capitalised word, then a lower-case word: a sentence going on."""


_SHORT_STARTERS = frozenset(
    ("We", "If", "It", "In", "On", "To", "At", "As", "So", "No", "Do", "My",
     "By", "Il", "Le", "La", "Je", "Tu", "Si", "Es", "Er", "Da", "De", "En",
     "Et", "Ik", "Ne", "Se", "Vi", "Du", "Om", "Og", "Ja", "Al", "Ma", "Na")
)  # fmt: skip
"""Two-letter words that start sentences: run into a value in mixed case they are still the
next sentence (``q7RfM2xaWe do not``); other pairs may end the code (``cQ5jAb and``)."""


def _run_on_end(seg: str, start: int, end: int) -> int | None:
    """Where a value ends that ran into the next sentence (``975376S'il s'agit``,
    ``572425If this``, ``F4UL86740KThis was``, ``d9I2Wa7nY3PActivate expired``): a text part
    made by stripping the HTML's tags joins the lines. The value ends before the capitalised
    word that a lower-case word follows; at least four characters with a digit stay."""
    if end - start > 48:
        return None
    cut = end
    while cut > start and "a" <= seg[cut - 1] <= "z":
        cut -= 1
    cut -= 1  # the capital the word starts with
    if cut - start < 4 or not "A" <= seg[cut] <= "Z":
        return None
    if cut == end - 1 and seg[end : end + 1].isascii() and seg[end : end + 1] not in "'’":
        # "K7P2QX and": a code's last capital, unless the word goes on ("Mã", "S'il")
        return None
    head = seg[start:cut]
    if not any(ch.isdigit() for ch in head) or not _SENTENCE_GOES_ON.match(seg, end):
        return None
    # a short word ("If", "Se", "Mã", "Ne") only after a value in one case: "cQ5jAb and" is
    # a code
    mixed = head.upper() != head and head.lower() != head
    word_end = end  # the word may go on in letters beyond ASCII ("b3XvL8sQJiž nemáme")
    while word_end < len(seg) and seg[word_end].isalpha():
        word_end += 1
    # a letter beyond ASCII is no generated password's: the capital before it starts a word
    # ("R7dfQ2vMUž nemáme")
    beyond_ascii = end < len(seg) and seg[end].isalpha() and not seg[end].isascii()
    if (
        word_end - cut < 3
        and seg[end : end + 1] not in "'’"
        and not beyond_ascii
        and mixed
        and seg[cut:end] not in _SHORT_STARTERS
    ):
        return None
    return cut


def _starts_a_word_of_its_own(ch: str) -> bool:
    """Whether ``ch``, right after an ASCII value, starts another word: a capital of another
    alphabet (``Ş``, ``П``, ``Ν``) or a letter of a script without case (``پ``, ``ז``)."""
    return ch.isalpha() and not ch.isascii() and not ch.islower()


def _is_latin_alnum(ch: str) -> bool:
    return ch.isalnum() and ord(ch) < 0x2E80


def _joined(tokens: list[str], seps: list[str]) -> str | None:
    """The code a run of groups spells, or ``None`` when the run is not clearly one code."""
    if len(tokens) == 1:
        return tokens[0]
    if len(set(seps)) != 1:
        return None
    sep = seps[0]
    first, rest = tokens[0], tokens[1:]
    # "G-482913", "FB-12345", "KDW-418275": a sender's or a session's prefix before the
    # digits
    if (
        len(tokens) == 2
        and sep == "-"
        and first.isalpha()
        and first.isupper()
        and len(first) <= 3
        and rest[0].isdigit()
        and 5 <= len(rest[0]) <= 16
    ):
        return rest[0]  # over 8 digits only where a code word gives it (the caller checks)
    lengths = {len(t) for t in tokens}
    if len(lengths) != 1:
        return None
    size, count = lengths.pop(), len(tokens)
    joined = "".join(tokens)
    if joined.isdigit():
        ok = (
            (size == 1 and sep == " " and 4 <= count <= 8)
            or (size == 2 and sep == " " and count == 3)
            or (size == 3 and count in (2, 3))
            or (size in (4, 5) and count == 2)
        )
        if ok and size == 4 and all(_YEAR.fullmatch(t) for t in tokens):
            return None  # "2023-2024"
        return joined if ok else None
    letter_groups_ok = any(ch.isdigit() for ch in joined) or joined.isupper()
    if sep == "-" and size in (3, 4, 5) and count >= 2 and size * count <= 10 and letter_groups_ok:
        return joined
    if sep == " " and _SPACED_GROUPS.fullmatch(" ".join(tokens)) and count in (2, 3):
        return joined  # "q7kx3m be1ho9": a pad in groups, read where a code stands
    return None


_SESSION_PREFIXED = re.compile(r"[A-Z]{2,3}-(?=[A-Z0-9]{6,8}$)(?=(?:[A-Z]*[0-9]){2})[A-Z0-9]+")
"""A session's prefix before capitals and digits (``KQT-7RZ4M2XH``)."""


_QUOTED_TITLE = re.compile(r"‘[^’\n]{1,100}’|“[^”\n]{1,100}”|«[^»\n]{1,100}»|„[^“”\n]{1,100}[“”]")


def _in_quoted_title(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]`` is part of a quoted title of three words or more (the
    ‘Tell HMRC about changes to P11D expenses and benefits’ service): part of a name."""
    ls, le = _line_bounds(seg, start, end)
    for m in _QUOTED_TITLE.finditer(seg, max(ls, start - 100), min(le, end + 100)):
        if m.start() < start and end < m.end():
            return sum(word.isalpha() for word in m.group()[1:-1].split()) >= 3
    return False


_SPACED_GROUPS = re.compile(
    r"(?=[a-z]*[0-9])(?=[0-9]*[a-z])[0-9a-z]{4,6}(?: (?=[a-z]*[0-9])(?=[0-9]*[a-z])[0-9a-z]{4,6})+"
)
"""Groups of lower-case letters and digits, each with both, split by spaces for reading."""


_SIGN_OFF = re.compile(
    r"(?i)(?:(?:best|kind|warm|many)[ \t]+)?(?:regards|wishes|thanks|thank you|cheers|"
    r"sincerely|yours(?: truly| sincerely)?|cordialement|bien à vous|"
    r"(?:mit[ \t]+)?(?:freundlichen[ \t]+|besten[ \t]+|viele[ \t]+|liebe[ \t]+)?gr(?:ü|ue)(?:ß|ss)e?n?|"
    r"saludos(?: cordiales)?|atentamente|cordiali saluti|saluti|"
    r"met vriendelijke groet(?:en)?|groeten|pozdrawiam|с уважением|mvh|hälsningar|terveisin)"
    r"[ \t]*[,.!]?"
)
"""A closing formula (``Regards,``): the line under it is a name, not a code (``UPSMF``)."""


def _under_sign_off(seg: str, start: int) -> bool:
    """Whether the value starting at ``seg[start]`` opens the line right under a sign-off."""
    ls = _line_bounds(seg, start, start)[0]
    if seg[ls:start].strip(_DECORATION) or ls == 0:
        return False
    above = _line_bounds(seg, ls - 1, ls - 1)[0]
    return _SIGN_OFF.fullmatch(seg[above : ls - 1].strip()) is not None


def _code_ish(token: str, sep: str) -> bool:
    if any(ch.isdigit() for ch in token):
        return True
    return sep == "-" and token.isalpha() and token.isupper() and len(token) <= 5


_CAMEL_PART = re.compile(r"[A-Z]?[a-z]+")
_CAPS_THEN_SMALL = re.compile(r"[A-Z]{2}[a-z]{2}")
_VOWEL = re.compile(r"[aeiouy]")
_ANY_VOWEL = re.compile(r"[aeiouyAEIOUY]")


def _wordlike(value: str, vowel: re.Pattern[str] = _VOWEL) -> bool:
    """Whether ``value`` reads as words run together (``NoorTester``, ``iPhone``, ``GitHub``),
    each part with a lower-case vowel (or with any ``vowel``: ``ThisIsMyBand``); ``czKrqn``,
    ``UwnplwSu`` and ``mPCWVtvpju`` do not."""
    parts = _CAMEL_PART.findall(value)
    return "".join(parts) == value and all(vowel.search(p) for p in parts)


def _random_shape(value: str) -> str | None:
    """What kind of random token ``value`` looks like, if any: ``mixed`` (6-10 letters in
    mixed case with at most one digit, and two lower-to-upper humps or one that does not
    join words: ``tXrrAkqAEb``, ``ybYbWP``, ``czKrqn``; not ``YouTube``), ``caps-small``
    (capitals, then small letters: ``BPJSeqxl``), ``long`` (11-32 characters with upper-
    and lower-case letters and digits: ``9PazD2JMU5Fm7XwPgWRM``, or letters only with two
    humps that do not join words: ``NIVMkjLRxzTD``) or ``capitals`` (5-10
    capitals with at most one vowel: ``RXJNTSGG``; not ``WARNING``)."""
    if len(value) > 10:
        has = (any(ch.isupper() for ch in value), any(ch.islower() for ch in value))
        digits = any(ch.isdigit() for ch in value)
        if len(value) > 32:
            return None
        if not all(has):
            # capitals and digits, at least two digits and three capitals: a key to type
            # (``NVZMBDNM75OEH17HBI``, ``LBRSSHLLY5QGPNCXE9``); the caller keeps it only
            # alone under a line that asks for it or after "Code:"
            caps = value.isupper() and value.isalnum()
            count = sum(ch.isdigit() for ch in value)
            return "caps-long" if caps and 2 <= count <= len(value) - 3 else None
        if digits:
            return "long"
        # letters only: random when two humps or more, and not words run together
        humps = len(_LOWER_UPPER.findall(value))
        return "long" if humps >= 2 and not _wordlike(value, _ANY_VOWEL) else None
    few_digits = sum(ch.isdigit() for ch in value) <= 1
    humps = len(_LOWER_UPPER.findall(value))
    if len(value) >= 6 and few_digits and (humps >= 2 or (humps == 1 and not _wordlike(value))):
        return "mixed"
    if len(value) >= 6 and few_digits and not humps and _CAPS_THEN_SMALL.search(value):
        return "caps-small"  # capitals, then small letters: "BPJSeqxl" (or "HTTPServer")
    capitals = len(value) >= 4 and value.isalpha() and value.isupper()
    if capitals and sum(ch in "AEIOUY" for ch in value) <= 1:
        return "capitals"
    return None


_CODE_WORDS = (_POSITIVE, _POSITIVE_CASED, _POSITIVE_SCRIPTS, _POSITIVE_CJK)


def _right_after(
    seg: str,
    start: int,
    words: tuple[re.Pattern[str], ...],
    *,
    looking_ahead: bool = False,
    between: re.Pattern[str] = _RIGHT_AFTER_LABEL,
) -> bool:
    """Whether ``seg[start:]`` starts right after one of ``words`` on its line, with at most
    what :data:`_RIGHT_AFTER_LABEL` allows between (``looking_ahead``: also the password
    words that look ahead at their value, sought on the whole line)."""
    ls, le = _line_bounds(seg, start, start)
    lo = max(ls, start - 60)
    head = seg[lo:start]
    last = max((m.end() for rx in words for m in rx.finditer(head)), default=-1)
    if looking_ahead:
        for m in _SECRET_BEFORE_ITS_VALUE.finditer(seg, lo, le):
            if m.end() <= start:
                last = max(last, m.end() - lo)
    return last >= 0 and between.fullmatch(head, last) is not None


def _right_after_label(seg: str, start: int) -> bool:
    """Whether ``seg[start:]`` starts right after a code word on its line (``Cód fíoraithe:
    …``, ``Verification Code: …``, ``Your credential: …``)."""
    return _right_after(seg, start, _CODE_WORDS, looking_ahead=True)


def _stands_as_code(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]`` stands where a code stands: alone on its line, or right
    after a code word."""
    return _alone_on_line(seg, start, end) or _right_after_label(seg, start)


def _under_a_label_line(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]`` stands alone on its line right under a line that ends in a
    code word and its colon or "is" (``Your verification token is`` over the token), or
    that names a code and ends in a colon (``Insert this code into the form field:``) or
    asks for it (``Wprowadź ten kod w polu formularza``)."""
    if not _alone_on_line(seg, start, end):
        return False
    ls = _line_bounds(seg, start, end)[0]
    above = _window_start(seg, ls, 1)
    if above >= ls:
        return False
    line = seg[above : _line_end(seg, above)].rstrip()
    if _right_after_label(seg, above + len(line)):
        return True
    if line.endswith((":", "：")) and above > 0:
        # a sentence wrapped over two lines: "here is the code to paste into the recovery" /
        # "interface in which you made the request :"
        first = _window_start(seg, above, 1)
        wrapped = seg[first : above - 1].rstrip()
        if first < above and wrapped and wrapped[-1] not in ".!?:：。":
            line = f"{wrapped} {line}"
    if not any(rx.search(line) for rx in _CODE_WORDS):
        return False
    # "… code …:", or "Enter this code in the form on our site" over it
    return line.endswith((":", "：")) or any(
        rx.search(line) for rx in (_ASKS_ABOVE, _ASKS_ABOVE_CJK)
    )


_LONG_HEX = re.compile(r"[0-9a-f]{33,64}")
"""A hash in lower-case hex longer than a code (SHA-1's 40, SHA-256's 64): a reset token a
mail asks to be pasted, only where :func:`_long_plain` allows it."""


def _long_plain(value: str, seg: str, start: int, end: int) -> bool:
    """A long lower-case token (``bad16c1c627481f73a2d1409e524ea2d``, a reset token the mail
    asks to be entered; ``tartiflette74``): 11-32 lower-case letters and digits, or up to 64
    in hex, at least two of each, only right after a code word or alone under one (a serial
    or a tracking number is in capitals)."""
    if not (11 <= len(value) <= 32 or _LONG_HEX.fullmatch(value)) or not value.islower():
        return False
    digits = sum(ch.isdigit() for ch in value)
    return 2 <= digits <= len(value) - 2 and (
        _right_after_label(seg, start) or _under_a_label_line(seg, start, end)
    )


_DASHED_CREDENTIAL = re.compile(
    r"(?<![0-9A-Za-z-])[0-9A-Za-z]{4,6}(?:-[0-9A-Za-z]{4,6}){1,5}(?![0-9A-Za-z-])"
)
"""Groups of 4-6 letters and digits joined by hyphens (``AF63E-273W5``, ``5itLQ-J6o2Kc-
ptbbx-mHvH55``): a token typed with its hyphens (see :func:`_dashed_credentials`)."""


def _dashed_credentials(seg: str) -> list[_Candidate]:
    """Hyphenated tokens kept whole, hyphens and all, where a code stands: two or more
    groups of five or six letters and digits, or of vowel-poor letters (``AF63E-273W5``,
    ``PZPKC-OXNJF``: a server that makes such a token compares it with its hyphen), or
    three or more groups of four to six in both cases with a digit
    (``5itLQ-J6o2Kc-ptbbx-mHvH55``) right after a code word. Shorter groups are for reading
    (``K7P-2QX`` is typed ``K7P2QX``); a gift card's ``4KQP-X2MN-7TRW`` is in one case."""
    out: list[_Candidate] = []
    for m in _DASHED_CREDENTIAL.finditer(seg):
        value = m.group()
        groups = value.split("-")
        digit = any(ch.isdigit() for ch in value)
        if not any(ch.isalpha() for ch in value):
            continue
        if all(len(g) >= 5 for g in groups) and (
            digit or all(sum(ch in "AEIOUaeiou" for ch in g) <= 1 for g in groups)
        ):
            if _stands_as_code(seg, m.start(), m.end()):
                out.append(_Candidate(value, m.start(), m.end(), True, True))
        elif (
            digit
            and len(groups) >= 3
            and value.lower() != value
            and value.upper() != value
            and _right_after_label(seg, m.start())
        ):
            out.append(_Candidate(value, m.start(), m.end(), True, True))
    return out


_LONG_TOKEN = re.compile(
    r"(?<=[:：])[ \t]*(?P<v>(?=[0-9A-Za-z._-]*[0-9])(?=[0-9A-Za-z._-]*[A-Za-z])"
    r"[0-9A-Za-z](?:[._-]?[0-9A-Za-z]){32,63})[ \t]*$",
    re.M,
)
"""A token of 33-64 letters and digits, single hyphens, dots or underscores between, that
ends its line after a colon (``Password recovery token: 1796544917-d668794a…``)."""


def _long_labelled_tokens(seg: str) -> list[_Candidate]:
    """Tokens longer than a code, kept whole where a code or password word and its colon
    give them (a recovery token the mail asks to be entered with the user name): typed, or
    pasted, as shown."""
    out: list[_Candidate] = []
    for m in _LONG_TOKEN.finditer(seg):
        start, end = m.span("v")
        if end - start <= 64 and (_right_after_label(seg, start) or _after_secret_word(seg, start)):
            out.append(_Candidate(seg[start:end], start, end, True, True))
    return out


_UUID = re.compile(
    r"(?<![0-9A-Za-z-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"(?![0-9A-Za-z-])"
)


def _uuid_codes(seg: str) -> list[_Candidate]:
    """A UUID given as a code or a password, kept whole: the whole body (a key mailed bare
    under "Reset password"), right after a code or password word (``Please use this code
    50e016ea-f4f2-…``, ``the password "3f8c2a71-9d4e-…"``) or alone under a line that names
    and asks for it. Anywhere else a UUID is an identifier (a request's, an order's)."""
    out: list[_Candidate] = []
    for m in _UUID.finditer(seg):
        start, end = m.span()
        given = _after_secret_word(seg, start)
        if (
            given
            or seg.strip(_DECORATION + "\n") == m.group()
            or _right_after_label(seg, start)
            or _under_a_label_line(seg, start, end)
        ):
            out.append(_Candidate(m.group(), start, end, True, True, given=given))
    return out


_INNER_SYMBOL = re.compile(
    r"[!#$%&*+/:;<=>?@\[\]^_{|}~.-](?=[!-~])|[#$%&*+/<=>@\]^_{|}~)](?![!-~])"
)
"""A symbol with more printable text after it, or one that may end a password (``Q7TdUdC$``):
where a value with symbols may be (not the full stop that ends a sentence)."""


def _bounds_a_value(ch: str) -> bool:
    """Whether ``ch`` can stand next to a value: a space, or a letter of a script written
    without spaces (``パスワード:%$MjZHyX43p7R7qe``)."""
    return ch.isspace() or ord(ch) > 0x7F


def _spaced_runs(seg: str) -> list[tuple[int, int]]:
    """The runs of 6-48 printable ASCII characters between spaces (or the ends of ``seg``, or
    letters of other scripts) that hold a symbol. Found from the symbols outwards: far
    cheaper than trying every word."""
    runs: list[tuple[int, int]] = []
    reached, size = -1, len(seg)
    for m in _INNER_SYMBOL.finditer(seg):
        if m.start() < reached:
            continue
        lo = hi = m.start()
        while lo > 0 and "!" <= seg[lo - 1] <= "~":
            lo -= 1
        while hi < size and "!" <= seg[hi] <= "~":
            hi += 1
        reached = hi
        bounded = (lo == 0 or _bounds_a_value(seg[lo - 1])) and (
            hi == size or _bounds_a_value(seg[hi])
        )
        if bounded and 6 <= hi - lo <= 48:
            runs.append((lo, hi))
    return runs


_LABEL_PREFIX = re.compile(
    "(?i)(?:" + "|".join(_SECRET_WORDS) + r"|code|otp|pin|passcode|token)[:=]"
)
"""``password:`` glued to its value (``password:Shl@9v64vf``)."""
_GLUED_WORD = re.compile(r"[^\W\d_]{1,24}:(?=[!-~])")
"""A word and its colon glued to the value (``er:Kajak2026Sommer``, "is:" in Danish)."""
_SECRET_WORD = re.compile(
    "(?i)(?:\\b(?:" + "|".join(_SECRET_WORDS) + ")|" + _CJK_SECRET_WORDS + ")"
)
_SYMBOLS = frozenset("!#$%&*+/:;<=>?@[]^_{|}~.")
_NOT_A_SECRET = re.compile(
    r"://|^www\.|\w@[\w-]+\.\w|^[\w-]+(?:\.[\w-]+)+/|\{\{|\}\}|\$\{|%\(|</|/>|\.\.|\\"
    r"|(?:^|[^0-9A-Za-z])__(?=[A-Za-z]+(?:__|$))|__[0-9A-Za-z]+__"
    r"|\.[A-Z][a-z]+[!?]?$|[0-9]\.[A-Z][a-z]+(?![A-Z])|&(?:[a-z]+|#[0-9]+);|\]\(|^[(\[<]|[(<]$"
)
"""A link, an address, a host and path, a template's placeholder (``{{x}}``, ``__PASSWORD__``;
not a generated ``!iF5sA__``), an escape, an HTML entity,
a sentence run on after a full stop (``301733.This``; not ``A2.PxDVAIU``, capitals go on),
or bracketed text."""


def _is_symbolic_secret(value: str, *, hyphen: bool = False, labelled: bool = False) -> bool:
    """Whether ``value`` reads as a generated password or code that holds symbols
    (``Shl@9v64vf``, ``~lk:Shsi+{:W4YFS``, ``0r/9RMnL``; hyphens too after a password word,
    ``Pier7-Sunrise-Tempo``): 6-32 characters, letters in both cases with a digit or a
    lower-to-upper hump (not ``Thanks!``, not ``user_name1``), mostly letters and digits, no
    label glued in; not a link, an address, a template placeholder, a path or a handle
    (``@noor1985``, ``#A1B2C3``)."""
    if not 6 <= len(value) <= 32 or not value.isascii() or value.isalnum():
        return False
    marks = [ch for ch in value if not ch.isalnum()]
    symbols = _SYMBOLS | {"-"} if hyphen else _SYMBOLS
    if not any(ch in symbols for ch in marks) or len(marks) * 2 > len(value):
        return False  # mostly letters and digits
    digit = any(ch.isdigit() for ch in value)
    # one case is an identifier or a path (user_name1, src/app1.py), except a password a
    # password word gives, with digits and symbols an identifier does not hold (M8W5!!C$)
    # (or underscores, which phpMyFAQ's generator strews at either end: XU4I62__, H__IU_T_)
    given = (
        hyphen
        and labelled
        and ((digit and any(ch in "!#$%&*+=?@^~" for ch in marks)) or marks.count("_") >= 2)
    )
    if ((value.isupper() or value.islower()) and not given) or sum(
        ch.isalpha() for ch in value
    ) < 2:
        return False
    # words joined by a mark inside (``Champagne&Co``) only right after a code word
    joined = labelled and any(ch in _SYMBOLS for ch in value[1:-1])
    if not (digit or joined or _LOWER_UPPER.search(value)):
        return False
    if any(q in value for q in "\"'`"):
        return False  # quoted text is not one value
    if _NOT_A_SECRET.search(value) or (
        (":" in value or "=" in value) and _LABEL_PREFIX.search(value)
    ):
        return False
    # one leading mark before a name or a number is a handle, a tag or a path
    return not (len(marks) == 1 and value[0] in "#@/" and not digit)


def _after_secret_word(seg: str, start: int) -> bool:
    """Whether ``seg[start:]`` starts right after a password word (``Kennwort:``, ``password
    to:``, ``密码更改成:``): what follows is typed as shown, hyphens and all."""
    return _right_after(seg, start, (_SECRET_WORD,), between=_RIGHT_AFTER_SECRET)


_TAIL_WORD = re.compile(r"(?<=[0-9])[A-Z][a-z]*$")


def _symbolic_secrets(seg: str) -> list[_Candidate]:
    """Values with symbols where a code stands (alone on its line, or right after a code or
    password word): a generated password is typed as shown, ``!15`` and all, so it is one
    candidate with its symbols, never a piece of it (``pq5Ep75L55`` of ``pq5Ep75L55!15``)."""
    out: list[_Candidate] = []
    for start, end in _spaced_runs(seg):
        glued = _LABEL_PREFIX.match(seg, start, end)
        if glued is None:
            glued = _GLUED_WORD.match(seg, start, end)
            if glued and not seg[start : glued.end() - 1].islower():
                glued = None  # "kLGEH:xK5n" is one password, not a word and its colon
        if glued:
            start = glued.end()
        elif seg[start] == ":":
            start += 1  # "パスワード:%$MjZ…", "mot de passe :Ruelle#Verte19": the label's colon
        if end - start > 6 and seg[end - 1] in ".,;:":
            end -= 1  # the end of a sentence
        if seg[start] in "\"'([<" and seg[end - 1] in "\"')]>":
            start, end = start + 1, end - 1
        run_on = _TAIL_WORD.search(seg, start, end)
        if run_on and _SENTENCE_GOES_ON.match(seg, end):
            end = run_on.start()  # "Welcome-Hoa2026We recommend": the next sentence's word
        elif (cut := _run_on_end(seg, start, end)) is not None:
            end = cut  # "h7Rq~2XePlease change it": a text part whose lines ran together
        value = seg[start:end]
        if not _is_symbolic_secret(value, hyphen=True, labelled=True):
            continue  # not even where a label would allow the most (cheap, so first)
        secret = _after_secret_word(seg, start)
        labelled = secret or _right_after_label(seg, start)
        if _is_symbolic_secret(value, hyphen=secret, labelled=labelled) and (
            labelled or _alone_on_line(seg, start, end)
        ):
            out.append(_Candidate(value, start, end, True, True, True))
    return out


_CASED = "0-9A-Za-zÀ-ÖØ-öø-ɏͰ-ϿЀ-ӿ"
"""Digits and the letters of the Latin, Greek and Cyrillic scripts: what a password a
password word gives is written in (``Пароль: Ладожская2026``, ``Password: p8vjs3åqn6…``)."""
_LABELLED_VALUE = re.compile(
    rf"(?:[:：\t]|[ \t]-(?=[ \t]*[^\s0-9]*[0-9])|[ \t](?:{_IS_WORDS}|a|à|to|إلى))[ \t]*(?P<q>[\"“«„]?)"
    rf"(?P<v>[{_CASED}][{_CASED}._~#$%&*+=@^-]{{2,30}}[{_CASED}](?:[!?]{{1,2}}(?=[ \t]*$))?)"
    r"(?P=q)[\"”»“]?(?=[ \t]*\([^\n]*$|[.,;]?[ \t]*$)",
    re.M,
)
"""A value that ends its line (or its clause, before a bracketed remark) right after a colon,
a tab or "is" (``New password: moss7harbor``, ``Password: redcross (can be changed…)``, ``le
code d'accès est "raclette2017"``): where a password word would give it."""
_TIGHT_SECRET = re.compile(
    r"(?:(?:new|your|temporary|initial|generated|neues|nouveau|nuevo|nova|nuova)[ \t]+){0,2}(?:"
    + "|".join(_SECRET_WORDS)
    + rf")(?:[ \t]+(?:{_IS_WORDS}))?[ \t]*[:：\t]?[ \t]*[\"“«„]?",
    re.I,
)
"""A password word right before its value, with at most a colon, a tab or "is" between
(``Password:``, ``New password``, ``Wachtwoord is``): what gives a plain word as a password,
and, alone on its line, a table's row laid out in a column (``Password`` / ``pitiwuna``)."""
_QUOTED_VALUE = re.compile(
    r"\"(?P<v1>[!-~]{4,32}?)\"|'(?P<v2>[!-~]{4,32}?)'|“(?P<v3>[!-~]{4,32}?)[”“]"
    r"|«(?P<v4>[!-~]{4,32}?)»|„(?P<v5>[!-~]{4,32}?)[“”]|「(?P<v6>[!-~]{4,32}?)」"
    r"|【(?P<v7>[!-~]{4,32}?)】"
)
"""A value in quotes (``dem Passwort "aQCZQAyp8F"``, ``with pin 'ct8mWe'``)."""
_ENDS_IN_COLON = re.compile(r"[:：][ \t]*$", re.M)
_ALONE_VALUE = re.compile(r"^[ \t]*(?P<v>[0-9A-Za-z]{4,32})[ \t]*$", re.M)
_ALONE_SECRET = re.compile(
    r"^[ \t]*(?P<v>[0-9A-Za-z]{4,32}[!?]{0,2}|[0-9A-Za-z][!-~]{4,30}[0-9A-Za-z!?])[ \t]*$", re.M
)
"""A value alone on its line, with the ``!`` a generated password may end in or the symbols
it holds (``Gr4cePeace2026!``, ``Hs8!nQ3v.Zk6yPe4`` under ``Your new password is:``)."""
_BELOW_CJK = re.compile(
    rf"(?:{_CJK_SECRET_WORDS})[^\n。]{{0,12}}(?:아래와 같습니다|다음과 같습니다|如下)[.。:：]?[ \t]*$|"
    rf"(?:以下|下記|下面|下列)の?(?:{_CJK_SECRET_WORDS})[^\n。]{{0,16}}[。:：][ \t]*$",
    re.M,
)
"""A sentence that ends its line by saying the password is below, in a script without spaces:
the value alone on the next line is that password, as after a colon."""


_SECRET_THEN_COLON = re.compile(rf"(?:[ \t]+(?:{_IS_WORDS}))?[ \t]*[:：][ \t]*[\"“«„]?")


def _tightly_after_secret_word(seg: str, start: int) -> bool:
    """Whether ``seg[start:]`` follows a password word that starts its line, with at most a
    colon, a tab or "is" between (not ``Forgot Password: Canvas``)."""
    ls = _line_bounds(seg, start, start)[0]
    head = seg[ls:start].lstrip(_DECORATION)
    if len(head) <= 60 and _TIGHT_SECRET.fullmatch(head) is not None:
        return True
    # "Your Hikers password is: pupadiez": the word, then its "is" and colon, nothing else
    words = list(_SECRET_WORD.finditer(seg, max(ls, start - 60), start))
    return bool(words) and _SECRET_THEN_COLON.fullmatch(seg, words[-1].end(), start) is not None


def _lines_above(seg: str, line_start: int, count: int) -> list[str]:
    """Up to ``count`` non-blank lines above ``line_start``, nearest first, stripped (a
    blanked address, ``\x03``, counts as a line)."""
    out: list[str] = []
    pos = line_start
    while pos > 0 and len(out) < count and line_start - pos < 400:
        prev = _line_start(seg, pos - 1)
        line = seg[prev : pos - 1].strip()
        if line:
            out.append(line)
        pos = prev
    return out


def _row_above(seg: str, line_start: int) -> bool:
    """Whether the two lines above ``line_start`` are a row of the same column layout: a
    short label (``Username``) over one value (``j.moreau@example.com``)."""
    lines = _lines_above(seg, line_start, 2)
    if len(lines) < 2:
        return False
    value, label = lines[0], lines[1].rstrip(":：")
    return (
        len(value) <= 64
        and " " not in value
        and 0 < len(label) <= 32
        and len(label.split()) <= 3
        and not label.endswith((".", "!", "?", ","))
    )


_INLINE_VALUE = re.compile(
    r"(?<=[^\W\d_])[ \t]+(?P<v>(?=[0-9a-z]*[0-9])(?=[0-9a-z]*[a-z])[0-9a-z]{4,32})"
    r"(?=[.,;]?(?:[ \t]|$))",
    re.M,
)
"""A value of lower-case letters and digits after a word, in a sentence: given where the
word is a password word."""


_GLUED_IN_CJK = re.compile(
    rf"(?:{_CJK_SECRET_WORDS})(?P<v>[0-9A-Za-z]{{4,32}})(?=[をはが]|で(?:ログイン|入力))"
)
"""A value written straight after a password word in a script without spaces and before
the particle that makes it the object (``パスワードchosimpoalを入力``): the word gives it."""


_RANDOM_IN_SENTENCE = re.compile(
    r"(?<![0-9A-Za-z_.@/#&=?+-]|[À-ɏ])[0-9A-Za-z]{10,32}(?![0-9A-Za-z_@/-]|[À-ɏ])"
)
"""A run of 10-32 letters and digits: random where it holds both cases and digits, two of
each at least (``Tb6yHs2kMw4p``, :func:`_two_of_each`): no word nor number of a sentence
looks like that. A word of another script may be run into it, where a text part lost the tag
between (``Hn5sPd7xQa2wашиглана``), or written up to it (``パスワードをg9rWIUThaM9C1k1XCm4へ``)."""


def _two_of_each(value: str) -> bool:
    """Whether ``value`` holds two capitals, two small letters and two digits at least."""
    if value.isalpha() or value.isdigit() or value.islower() or value.isupper():
        return False  # a word or a number, most runs of a text: no need to count
    return (
        sum(ch.isdigit() for ch in value) >= 2
        and sum(ch.isupper() for ch in value) >= 2
        and sum(ch.islower() for ch in value) >= 2
    )


_QUOTED_RANDOM = re.compile(r"(?<=['\"“«])[0-9A-Za-z]{11,32}(?=['\"”»])")
"""A long value in quotes: random where its shape says so (``'YdWVrPNvXAzMxomE'``)."""
_CLAUSE_END = re.compile(r"[.!?;։।](?:\s|$)|[。！？]")
_SECRET_REACH = 60


def _secret_word_in_sentence(seg: str, start: int, end: int) -> bool:
    """Whether a password word stands in the sentence of ``seg[start:end]``, within
    :data:`_SECRET_REACH` characters on its line, before or after it: what it names is the
    value, in whatever order the language puts them (``Use o seguinte para redefinir sua
    senha para Ls4wDk9pBn2q``, ``तुमचा पासवर्ड Gy3kWp8nSd6v ला रीसेट``)."""
    ls, le = _line_bounds(seg, start, end)
    lo, hi = max(ls, start - _SECRET_REACH), min(le, end + _SECRET_REACH)
    head = seg[lo:start]
    cut = max((m.end() for m in _CLAUSE_END.finditer(head)), default=0)
    tail = seg[end:hi]
    stop = _CLAUSE_END.search(tail)
    return bool(
        _SECRET_WORD.search(head, cut)
        or _SECRET_WORD.search(tail, 0, stop.start() if stop else len(tail))
    )


_FIELD_WORD = re.compile(r"(?i)\b(?:field|box|feld|champ|campo|veld|pole|поле|alan[ıi])\b")
"""The form field a key is pasted into (``the 'Activation Key' field``)."""
_KEY_WORD = re.compile(
    r"(?i)\b(?:activation|verification|security|confirmation) key\b|clé d'activation|"
    r"aktivierungsschlüssel|clave de activación|chiave di attivazione|activeringssleutel"
)
"""A key's name, which needs its colon to be a label elsewhere (``Activation Key``)."""


def _pasted_into_its_field(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]``, a long random key ending its line after a dash or a
    colon, is what its sentence asks the reader to paste or type into the field a code
    word names (BuddyPress's ``If the 'Activation Key' field is empty, copy and paste the
    following into the field - Vq3L…``)."""
    value = seg[start:end]
    if len(value) < 12 or not value.isalnum() or not _two_of_each(value):
        return False
    ls = _line_bounds(seg, start, end)[0]
    gap = seg[ls:start].rstrip(" \t")
    if not gap.endswith(("-", ":", "：")):
        return False
    head = gap[:-1]  # the sentence up to its dash or colon, from its last clause
    head = head[max((m.end() for m in _CLAUSE_END.finditer(head)), default=0) :]
    field = _FIELD_WORD.search(head)
    return (
        field is not None
        and _VERBS.search(head) is not None
        and any(words.search(head, 0, field.start()) for words in (*_CODE_WORDS, _KEY_WORD))
    )


def _asked_for(seg: str, start: int, end: int) -> bool:
    """Whether ``seg[start:end]``, letters and digits ending its line, follows a code word
    and its colon on a line that asks for it (``You can also use this OTP: fh1zl``); letters
    alone only in one case without a vowel, which no word is (``vhqpt``)."""
    value = seg[start:end]
    if len(value) < 5 or not value.isalnum():
        return False
    if value.isalpha() and not (value.islower() and not _ANY_VOWEL.search(value)):
        return False
    if not _right_after_label(seg, start):
        return False
    ls = _line_bounds(seg, start, end)[0]
    return _VERBS.search(seg, ls, start) is not None


_CLAUSE_START = re.compile(r"(?:[.!?。！？](?=\s)|[:：](?=[ \t]*\n)|\n[ \t]*\n|^)[\s\"“«„]*")
_COPULA = rf"(?:{_IS_WORDS}|on|ono|yra|da)"
_COPULA_END = re.compile(rf"(?i)(?:^|\s){_COPULA}$")
"""The verb that ends a clause giving a value (``Votre mot de passe est:``)."""
_IT_IS = re.compile(
    rf"(?i)(?:it|this|es|sie|ela|ele|elle|il|lei|ella|deze|dit|het|det|den|она|оно|он|это)"
    rf" {_COPULA}|brzmi ono"
)
"""A clause that is only "it is" (``It is:``, ``Es lautet:``, ``Ela é:``, ``Brzmi ono:``):
what the sentence before it names is the value."""


_SET_OF_SECRETS = re.compile(r"(?i)credenc|credenz|credential|zugangsdaten")
"""Words for a set of login details: what follows their colon is a login's name as often."""


def _clause_before(seg: str, colon: int) -> tuple[int, int, str]:
    """Where the clause ending at ``seg[colon]`` starts (where the sentence before it ends,
    and the clause's first character) and its text without the colon: back to the end of
    the sentence before it or a blank line, at most 160 characters."""
    lo = max(0, colon - 160)
    bounds = [m.span() for m in _CLAUSE_START.finditer(seg, lo, colon)]
    stop, begin = bounds[-1] if bounds else (lo, lo)
    return stop, begin, " ".join(seg[begin:colon].split())


def _told_as_password(seg: str, start: int, end: int) -> bool:
    """Whether the value at ``seg[start:end]`` is the password a sentence names and gives
    after its colon, on the same line or alone below it (Mailman's ``Your password … It
    is:`` / ``ehtenici``, ``Ihr Passwort fuer die Liste Hikers ist: poewbici``): the clause
    ending in the colon starts with its password word (within three words), ends in it or in
    "is"; or is only "it is" after a sentence that names the password. The value must stand
    alone: no other short value on the line below (a list of rules is not a password)."""
    pos = start
    while pos > 0 and seg[pos - 1] in " \t\n" and start - pos < 16:
        pos -= 1
    if pos == 0 or seg[pos - 1] not in ":：" or seg.count("\n", pos, start) > 2:
        return False
    le = _line_end(seg, end)
    if seg[end:le].strip(" \t.") and not seg.startswith("   ", end):
        # "link: here (https://…)" is a link's text; a wide gap ends the value's cell
        return False
    nxt = _ALONE_VALUE.match(seg, le + 1) if le < len(seg) else None
    if nxt is not None:
        return False
    stop, begin, clause = _clause_before(seg, pos - 1)
    if not clause or len(clause) > 120:
        return False
    line = max(begin, _line_bounds(seg, pos - 1, pos - 1)[0])
    words = [
        w for w in _SECRET_WORD.finditer(seg, line, pos - 1) if not _SET_OF_SECRETS.match(w.group())
    ]
    if words:  # on the colon's line: not a line of its own above a login's row
        lead = seg[begin : words[0].start()].split()
        return (
            len(lead) <= 2
            or _COPULA_END.search(clause) is not None
            or not seg[words[-1].end() : pos - 1].strip()
        )
    if begin < line and _wrapped_from_its_password_word(seg, begin, line, clause):
        return True  # "Das Passwort für Ihren Benutzer …" / "auf https://… ist:"
    if _IT_IS.fullmatch(clause) is None:
        return False
    previous = _clause_before(seg, stop)[2] if stop > 0 else ""
    return _SECRET_WORD.search(previous) is not None


def _wrapped_from_its_password_word(seg: str, begin: int, line: int, clause: str) -> bool:
    """Whether the clause that ends in "is" and its colon at the start of ``seg[line:]``
    wrapped there from the line above, which opens with its password word (at most two
    words before it): a sentence giving the password, broken where the text was wrapped."""
    if _COPULA_END.search(clause) is None:
        return False
    above = max(begin, _line_bounds(seg, line - 1, line - 1)[0])
    word = _SECRET_WORD.search(seg, above, line)
    return (
        word is not None
        and not _SET_OF_SECRETS.match(word.group())
        and len(seg[above : word.start()].split()) <= 2
    )


_PASSPHRASE = re.compile(r"[a-z]{3,12}(?:-[a-z]{3,12}){2,5}")
"""Three to six lower-case words joined by hyphens (``orchard-lantern-pebble``): a generated
passphrase, typed as shown where a password word and its colon give it."""


def _typed_as_shown(value: str) -> bool:
    """Whether a value a password word gives at the start of its line, with marks in one
    case (``Passwort : orbit-runner-42``), reads as a password: letters and a digit, mostly
    letters and digits, not a link, an address, a path or a placeholder."""
    marks = sum(not ch.isalnum() for ch in value)
    return (
        any(ch.isalpha() for ch in value)
        and any(ch.isdigit() for ch in value)
        and marks * 3 <= len(value)
        and not _NOT_A_SECRET.search(value)
        and "/" not in value
    )


_WRAPPED_IS = re.compile(
    rf"(?i)[ \t](?:{_IS_WORDS})[ \t]*\n[ \t]*"
    r"(?P<v>(?=\S*(?-i:[0-9]|[a-z][A-Z]))[0-9A-Za-z]{6,32})(?=[.,;]?(?:[ \t]|$))",
    re.M,
)
"""A line that ends in "is", then a random value starting the next: where the password word
before the "is" gives it, the text wrapped between (``Ihr neues Passwort lautet`` /
``X3wGKoeqJa7X und kann …``)."""
_TWO_WORDS = re.compile(r"(?: [\w-]+){0,2}")


def _wrapped_secret_values(seg: str) -> list[tuple[int, int]]:
    """Spans of values a password word says "is" on the next line of wrapped text."""
    out = []
    for m in _WRAPPED_IS.finditer(seg):
        ls = _line_bounds(seg, m.start(), m.start())[0]
        words = list(_SECRET_WORD.finditer(seg, max(ls, m.start() - 60), m.start()))
        if words and _TWO_WORDS.fullmatch(seg, words[-1].end(), m.start()):
            out.append(m.span("v"))
    return out


def _labelled_values(seg: str, found_before: list[_Candidate]) -> list[_Candidate]:
    """Values of any shape a password word gives, on its line (``New password:
    moss7harbor``) or alone on the next (``Password`` / ``pitiwuna``): typed as shown, so
    kept only there, never as lone values. A plain word (``redcross``) only right after the
    password word, not after more words (``password for your account: obrady`` gives a
    login)."""
    out: list[_Candidate] = []
    found: list[tuple[int, int, bool, bool]] = []  # start, end, tight, told
    for m in _LABELLED_VALUE.finditer(seg):
        start, end = m.span("v")
        told = _told_as_password(seg, start, end)
        if _after_secret_word(seg, start):
            found.append((start, end, told or _tightly_after_secret_word(seg, start), told))
        elif told:  # "Ihr Passwort fuer die Liste Hikers ist: poewbici"
            found.append((start, end, True, True))
        elif _asked_for(seg, start, end) or _pasted_into_its_field(seg, start, end):
            found.append((start, end, True, False))  # its letters checked there
    for start, end in _wrapped_secret_values(seg):
        found.append((start, end, True, False))
    for m in _GLUED_IN_CJK.finditer(seg):
        found.append((*m.span("v"), True, False))
    for m in _INLINE_VALUE.finditer(seg):
        # "mit dem Kennwort b401 anmelden", "and the password 91ok."
        word = _SECRET_WORD.search(seg, max(0, m.start() - 40), m.start())
        while word and word.end() < m.start():
            word = _SECRET_WORD.search(seg, word.end(), m.start())
        if word:
            found.append((*m.span("v"), False, False))
    for m in _RANDOM_IN_SENTENCE.finditer(seg):
        if _two_of_each(m.group()) and _secret_word_in_sentence(seg, *m.span()):
            found.append((*m.span(), False, False))  # "… réinitialiser … Tb6yHs2kMw4p pour …"
    for cand in found_before:
        # "pasahitza mq95Z7$hx2ce da.", with a digit: not a brand's "Easy!Appointments"
        if (
            cand.symbolic
            and not cand.given
            and any(ch.isdigit() for ch in cand.value)
            and _secret_word_in_sentence(seg, cand.start, cand.end)
        ):
            found.append((cand.start, cand.end, False, False))
    for m in _QUOTED_RANDOM.finditer(seg):
        # "Le mot de passe pour 'noor' est à présent 'YdWVrPNvXAzMxomE'."
        if _random_shape(m.group()) == "long" and _secret_word_in_sentence(seg, *m.span()):
            found.append((*m.span(), False, False))
    for m in _QUOTED_VALUE.finditer(seg):
        start, end = m.span(m.lastindex or 0)
        secret = _after_secret_word(seg, m.start())
        if secret or _right_after_label(seg, m.start()):
            # a plain word in quotes only right after a password word and its colon or
            # "is" ("con la parola "help"" is a word to send, Italian "parola")
            tight = secret and _tightly_after_secret_word(seg, m.start())
            found.append((start, end, tight, False))
    for m in _ALONE_SECRET.finditer(seg):
        start, end = m.span("v")
        ls = _line_bounds(seg, start, end)[0]
        above = _window_start(seg, ls, 1)
        told = _told_as_password(seg, start, end)
        if above < ls and _TIGHT_SECRET.fullmatch(seg, above, _line_end(seg, above)):
            # a plain word only in a table of such rows (a login's row above it), or where
            # the password word ends a sentence ("Ваш" / "пароль:")
            found.append((start, end, told or _row_above(seg, above), told))
        elif (
            above < ls
            and _ENDS_IN_COLON.search(seg, above, _line_end(seg, above))
            and _after_secret_word(seg, _line_end(seg, above))
        ):  # "dein neues Kennwort … lautet:" over it
            found.append((start, end, told, told))
        elif told:
            found.append((start, end, True, True))  # "Your password … It is:" over it
        elif above < ls and _BELOW_CJK.search(seg, above, _line_end(seg, above)):
            # "패스워드는 아래와 같습니다." / "以下のパスワードを使ってください。" over it
            found.append((start, end, True, True))
    taken = [(c.start, c.end) for c in found_before]
    for start, end, tight, told in found:
        same = next((c for c in found_before if (c.start, c.end) == (start, end)), None)
        if same is not None and same.letters and not same.given:
            # a token already read there ("e senha 91ok.", "和密码 6k04 访问"): the password
            # word gives it, so it is linked to that word as a value after a colon is
            found_before[found_before.index(same)] = same._replace(given=True, told=told)
            continue
        value = seg[start:end]
        if value[-1] in "!?" and not (told or _after_secret_word(seg, start)):
            continue
        if any(lo < end and start < hi for lo, hi in taken):
            # a password that ends in "!" after its word or alone under it: the mark is its
            # own ("Mot de passe : KTWfuxQ!", "is:" / "Gr4cePeace2026!"), not the sentence's
            if not (seg[end - 1] in "!?" and (start, end - 1) in taken):
                continue
            found_before[:] = [c for c in found_before if (c.start, c.end) != (start, end - 1)]
        if value.isdigit():
            continue  # digits are candidates already
        if not value.isalnum() and not (
            _is_symbolic_secret(value, hyphen=True, labelled=True)
            or (tight and _typed_as_shown(value))
            or (_PASSPHRASE.fullmatch(value) and _after_secret_word(seg, start))
        ):
            continue
        if value.isalpha() and not value.islower() and _wordlike(value):
            continue  # words run together ("Password: NoorTester") are a name
        plain = value.isalpha() and value.islower()
        if plain and _SECRET_WORD.fullmatch(value):
            continue  # "Wachtwoord: 'wachtwoord'": the template's placeholder
        if tight or not plain:
            out.append(_Candidate(value, start, end, True, True, True, given=True, told=told))
            taken.append((start, end))
    return out


_SERVICE_COMMAND = re.compile(
    r"(?i)(?<![\w/.:])/(?:msg|quote|query)[ \t]+(?:[\w.@\[\]-]{2,40}|\x03)[ \t]+"
    r"[A-Z]{3,12}\b(?P<args>[^\n]*)"
)
"""A command to a chat network's service (``/msg NickServ VERIFY REGISTER noor <code>``,
``/msg AuthServ@X3.AfterNET.Services COOKIE …``, its address blanked), typed as the mail
gives it."""
_COMMAND_ARG = re.compile(r"[^\s\"”'`]+")
_SLASH_COMMAND = re.compile(r"(?m)^[ \t]*/[a-z]{3,24}(?P<args>(?:[ \t]+[^\s]+){1,3})[ \t]*$")
"""A chat or game command alone on its line (``/verifyemail LBmvpdE89MM0FnO4``), typed as
given where the line above asks for a command."""
_COMMAND_WORD = re.compile(r"(?i)command|befehl|commande|comando|команд|komend|komut|polecen")


def _service_command_values(seg: str) -> list[_Candidate]:
    """The random value in a service command the mail tells the reader to type: letters
    and digits, or mixed case that is not words run together (not the account's name, a
    sub-command in capitals or a ``new_password`` placeholder)."""
    out: list[_Candidate] = []
    lines = list(_SERVICE_COMMAND.finditer(seg))
    for line in _SLASH_COMMAND.finditer(seg):
        ls = _line_bounds(seg, line.start("args"), line.start("args"))[0]
        above = _window_start(seg, ls, 1)
        if above < ls and _COMMAND_WORD.search(seg, above, ls):
            lines.append(line)  # "please run the following command in-game:" over it
    for line in lines:
        lo, hi = line.span("args")
        for arg in _COMMAND_ARG.finditer(seg, lo, hi):
            value = arg.group()
            if not value.isalnum() or not value.isascii() or not 4 <= len(value) <= 32:
                continue
            digits = any(ch.isdigit() for ch in value)
            letters = not value.isdigit()
            if value.isdigit() and len(value) < 6:
                continue
            if letters and not digits and (value.isupper() or value.islower() or _wordlike(value)):
                continue
            out.append(_Candidate(value, *arg.span(), letters, letters, False, True, told=True))
    return out


def _candidates(seg: str) -> list[_Candidate]:
    out = _dashed_credentials(seg) + _uuid_codes(seg) if "-" in seg else []
    if ":" in seg or "：" in seg:
        taken = [(c.start, c.end) for c in out]
        out += [
            c
            for c in _long_labelled_tokens(seg)
            if not any(lo < c.end and c.start < hi for lo, hi in taken)
        ]
    out += _symbolic_secrets(seg)
    tokens = list(_TOKEN.finditer(seg))
    if out:
        taken = [(c.start, c.end) for c in out]
        tokens = [m for m in tokens if not any(lo <= m.start() < hi for lo, hi in taken)]
    i = 0
    while i < len(tokens):
        run = [tokens[i]]
        seps: list[str] = []
        j = i
        while j + 1 < len(tokens):
            nxt = tokens[j + 1]
            between = seg[tokens[j].end() : nxt.start()]
            if (
                between in (" ", "-")
                and _code_ish(tokens[j].group(), between)
                and _code_ish(nxt.group(), between)
            ):
                run.append(nxt)
                seps.append(between)
                j += 1
                continue
            break
        i = j + 1
        start, end = run[0].start(), run[-1].end()
        texts = [m.group() for m in run]
        value = _joined(texts, seps)
        prefixed = value is None and _SESSION_PREFIXED.fullmatch(seg, start, end) is not None
        if prefixed:
            value = texts[1]
        # "lautet: 346624Dies ist …", "572425If this": a text part whose lines ran together
        digits_then_word = _DIGITS_THEN_WORD.fullmatch(value) if len(run) == 1 and value else None
        if digits_then_word:
            cut: int | None = start + len(digits_then_word.group(1))
        else:
            cut = _run_on_end(seg, start, end) if len(run) == 1 and value else None
        glued = cut is not None
        if cut is not None:
            value, end = seg[start:cut], cut
        if value is None or not (4 <= len(value) <= 32 or _LONG_HEX.fullmatch(value)):
            continue
        before = seg[start - 1] if start else " "
        after = seg[end] if end < len(seg) else " "
        beyond = seg[end + 1] if end + 1 < len(seg) else " "
        quoted = before == after == "'"  # "کد امنیتی شما '719851' است"
        # "Doğrulama kodunuz 482913'tür": a Turkish case ending after its apostrophe
        suffixed = after == "'" and value.isdigit() and _APOSTROPHE_SUFFIX.match(seg, end + 1)
        if not (quoted or suffixed) and (before in _ATTACHED_BEFORE or after in _ATTACHED_AFTER):
            continue
        # "mhsahvygПосле", "bshz0n9bŞifrenizi", "7k0sczfhپس": the next sentence's first word,
        # in a capital of another alphabet or in a script without case
        glued = glued or (_starts_a_word_of_its_own(after) and not value.isalpha())
        if _is_latin_alnum(before) or (_is_latin_alnum(after) and not glued):
            continue
        if before in ".,-!?" and start >= 2 and seg[start - 2].isalnum():
            continue
        if before == "." and (start < 2 or seg[start - 2].isspace()):
            continue  # ".FCfu1uRahDE": the dot is part of it, and cannot be returned
        # glued to more of itself ("pq5Ep75L55!15", "1.5"), but not a sentence run on
        # ("is: 301733.This is")
        if after == "-" and beyond in "-!#$%&*+/:;<=>?@[]^_{|}~":
            continue  # "5K55--bc%lCL%": the start of something longer
        run_on = after == "." and value.isdigit() and beyond.isupper()
        if after in ".,-!?;:" and beyond.isalnum() and not run_on:
            continue
        letters = not value.isdigit()
        if letters and (_MASKED.fullmatch(value) or _CODE_NAME.fullmatch(value)):
            continue
        if _in_quoted_title(seg, start, end):
            continue
        if letters and not any(ch.isdigit() for ch in value) and _under_sign_off(seg, start):
            continue
        shape = _random_shape(value) if len(run) == 1 else None
        if len(run) > 1 and seps[0] == " " and value.islower() and not value.isdigit():
            # spaced groups of letters and digits, only alone on their line or after a label
            shape = "long" if _stands_as_code(seg, start, end) else None
            if shape is None:
                continue
        if shape == "caps-long":
            # alone under a line that asks for it, or after "Code:"; after other words it is
            # a serial, a transaction or a tracking number as often as a key
            keyed = _under_a_label_line(seg, start, end) or _AFTER_CODE_COLON.search(
                seg, _line_bounds(seg, start, start)[0], start
            )
            shape = "long" if keyed else None
        elif shape == "capitals" and len(value) == 4:
            # four capitals only right after a code word ("Your code is: PXKT"); alone on
            # a line they are an acronym ("SMTP")
            shape = shape if _right_after_label(seg, start) else None
        elif shape == "caps-small":
            # only right after a code word: alone on a line it may be a name ("HTTPServer")
            shape = "mixed" if _right_after_label(seg, start) else None
        elif shape is not None and not _stands_as_code(seg, start, end):
            shape = None
        if shape is None and len(run) == 1 and _long_plain(value, seg, start, end):
            shape = "long"
        if len(run) == 2 and value.isdigit() and len(value) > 8:
            # "A-2718281828459045" under "Your recovery code is:": a long TAN with its
            # sender's prefix; elsewhere such a run is an account or a card number
            if not (_under_a_label_line(seg, start, end) or _right_after_label(seg, start)):
                continue
            shape = "long"
        if len(value) > 10 and shape is None:
            continue
        # capitals in groups a sender made for reading ("PJWV-BDLV") are a code, not a word
        mixed = shape in ("mixed", "long") or (len(run) > 1 and value.isalpha())
        if letters and shape is None:
            if not any(ch.isdigit() for ch in value):
                if not (len(run) > 1 and value.isupper()):
                    continue
            elif (
                len(run) == 1
                and (_UNIT_TOKEN.fullmatch(value) or _WORD_NUMBER.fullmatch(value))
                # "Password: 4783119c": random hex right after its word, not a house number
                and not (len(value) >= 6 and _right_after_label(seg, start))
            ) or (
                len(run) == 1
                and not value.isupper()
                and sum(ch.isdigit() for ch in value) < 2
                # a code of letters and one digit shows alone on its line or after its
                # code word ("OTP : k5IRCb"); five characters do in both cases ("RbT9d"),
                # or in small letters right after the code word ("code is: qe6fu")
                and not (
                    len(value) >= (5 if value.lower() != value else 6)
                    and _stands_as_code(seg, start, end)
                )
                and not (len(value) == 5 and _right_after_label(seg, start))
            ):
                continue
        out.append(_Candidate(value, start, end, letters, mixed, prefixed=prefixed))
    out += _labelled_values(seg, out)
    if "/" in seg:
        commands = _service_command_values(seg)
        spans = {(c.start, c.end) for c in commands}
        out = [c for c in out if (c.start, c.end) not in spans] + commands
    return sorted(out, key=lambda c: c.start)
