"""What the code scanner reads: a normalised copy of a mail's text in which the numbers that
are never codes (amounts, dates, phone numbers, durations, URLs) are masked. Pure functions;
``docs/code-scoring.md``, step 1.
"""

from __future__ import annotations

import html
import re
import unicodedata

from otpmail._decoding._lines import _HTMLISH, _MAX_SCAN, _strip_html

_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]"
)
_DASHES = str.maketrans(
    dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
)
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")
_LITERAL_NEWLINE = re.compile(r"(?<!\\)\\n(?![a-z])")
"""A newline a template wrote as ``\\n`` (``Mot de passe: 4cuvGmTN\\n\\nUne fois``): shown so,
but read as the line break it meant, where a text has two or more."""
_ESCAPED_TAG = re.compile(r"(?i)&(?:amp;)*lt;/?(?:br|p|li|ul|div|span|a|b|strong|hr|td|tr)\b")
"""A tag a text part shows escaped (``&amp;lt;li&amp;gt;Password : …``): what its HTML means is
what the reader of the HTML part sees."""
_ANY_LITERAL_NEWLINE = re.compile(r"(?<!\\)\\n")
_BLANK_LINE = re.compile(r"(?<=[^>\s])[ \t]*\n[ \t]*\n(?=[ \t]*[^<\s])")
"""A blank line between two lines of text (not between tags) in HTML source."""
_MD_ESCAPE = re.compile(r"\\([-.+*_#!\[\]()`>|])")
_MD_STRONG = re.compile(r"(\*\*|__)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1")
_MD_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+", re.M)
_TABLE_RULE = re.compile(r"^[ \t|:-]*-{3,}[ \t|:-]*$", re.M)
_DIGIT_CELLS = re.compile(r"^[ \t|]*[0-9](?:[ \t]*\|[ \t]*[0-9]){3,9}[ \t|]*$", re.M)
_CHAR_LINES = re.compile(r"^[ \t]*[0-9A-Z][ \t]*(?:\n[ \t]*[0-9A-Z][ \t]*){3,7}$", re.M)
"""One character per line, four to eight lines: a code drawn as a row of boxes
(``display:inline-block`` cells), which a text rendering puts one under another."""
_SPREAD_LINE = re.compile(r"^[ \t]*[0-9A-Z](?:[ \t]{2,4}[0-9A-Z]){3,7}[ \t]*$", re.M)
"""One character a box with empty cells (``&nbsp;``) between them: ``7   3   1   0``."""
_BOXED_LINE = re.compile(r"^[ \t]*[0-9A-Z](?:[ \t][0-9A-Z]){3,7}[ \t]*$", re.M)


def _join_boxes(m: re.Match[str]) -> str:
    """``K 7 P 2 Q X`` alone on a line (one box per character) as the code it spells; digits
    only are left to the candidate rules, letters only are a spaced-out word."""
    chars = m.group().split()
    if any(ch.isdigit() for ch in chars) and any(ch.isalpha() for ch in chars):
        return "".join(chars)
    return m.group()


_URL_LIKE = re.compile(
    r"(?i)(?<=\()(?:https?|ftp)://[^\s<>\"'`()]*|(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>\"'`]*"
)
"""A link; one in brackets ends before its closing bracket (``Your password to log in
(https://…/login/): VCpUtl7*NSz``)."""
_EMAIL_ADDR = re.compile(
    r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.(?:[a-z]{2,24}(?=[A-Z][^\W\d_A-Z]|[^\W\d_a-zA-Z])|[\w-]+)"
)
"""A mail address; its last label ends before a capitalised word run into it
(``noor@example.comPassword:``, ``…@gmail.comMật khẩu:``, ``….comപാസ്വേഡ്``, a text part
whose lines ran together)."""
_CSS_BLOCK = re.compile(r"\{[^{}\n]{0,400}\}")
_HEX_COLOUR = re.compile(r"(?<![0-9A-Za-z])#[0-9A-Fa-f]{3,8}(?![0-9A-Za-z])")

_MASK_NUMBER = "\x01"
"""Replaces masked numbers that are not codes but are numbers (amounts, dates, phones)."""
_MASK_QUIET = "\x02"
"""Replaces durations: not a code, and not a competing number either."""
_MASK_BLANK = " \x03 "
"""Replaces URLs and addresses."""


def _by_first_letter(units: str) -> str:
    """The ``|``-separated ``units`` as one alternation grouped by first letter: after a
    number the engine then tries one small group, not the whole list."""
    groups: dict[str, list[str]] = {}
    others: list[str] = []  # those that start with a lookbehind
    for unit in units.split("|"):
        if unit[0].isalpha():
            groups.setdefault(unit[0].lower(), []).append(unit[1:])
        else:
            others.append(unit)
    grouped = [f"{first}(?:{'|'.join(rest)})" for first, rest in groups.items()]
    return "|".join(grouped + others)


_UNITS_LATIN = _by_first_letter(
    r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|"
    r"sekunden|minuten|min\.|stunden?|std\.|tagen?|wochen|"
    r"secondes?|heures?|jours?|semaines?|"
    r"segundos?|minutos?|horas?|d[ií]as?|semanas?|"
    r"secondi|minuti|ore|giorni|settimane|"
    r"seconden|uur|dagen|"
    r"sekund[ay]?|minut[ay]?|godzin[ay]?|dni|"
    r"секунд[аы]?|минут[аы]?|час(?:а|ов)?|дн(?:я|ей)|"
    # minutes and hours in more languages, by stem (minutter, minuter, minuta, minučių …)
    r"minut\w*|minuut\w*|mínút\w*|minūt\w*|minuč\w*|nóiméad|dakika|perc|phút|menit|minit|"
    r"хвилин\w*|минут\w*|λεπτ\w*|timmar|timer|tunti\w*|hodin\w*|saat|jam|óra|"
    # a count ("3x", "10 times"); never after four digits: "5398x" ends a code
    r"(?<![0-9]{4})(?<![0-9]{4}[ \t])x(?![0-9])|(?<![0-9]{4})(?<![0-9]{4}[ \t])times"
)
_UNITS_UNSPACED = _by_first_letter(
    r"分钟|分鐘|分間|分|小时|小時|時間|秒|天|日間|분|시간|초|일|"
    # minutes in scripts whose letters \w does not all match (Arabic, Indic, Thai …)
    r"دقيقة|دقائق|دقیقه|ساعة|דקות|דקה|मिनट|मिनिट|মিনিট|મિનિટ|ਮਿੰਟ|ನಿಮಿಷ|நிமிட|నిమిష|"
    r"മിനിറ്റ|ମିନିଟ|منٹ|منٽ|นาที|នាទី"
)
_DURATION = re.compile(
    rf"(?i)[0-9](?<![0-9A-Za-z][0-9])[0-9]*(?:[.,][0-9]+)?[ \t]?(?:(?:{_UNITS_LATIN})(?![A-Za-zÀ-ÿа-яё])|(?:{_UNITS_UNSPACED}))"
)
_CURRENCY_CODE = (
    r"USD|EUR|GBP|CHF|PLN|JPY|CNY|RMB|INR|RUB|KRW|BRL|MXN|AUD|CAD|NZD|SEK|NOK|DKK|CZK|HUF|TRY"
    r"|ZAR|SGD|HKD"
)
_CURRENCY = (
    # a sign glued to letters or digits is part of a token (a password's "k$2v"), not a price
    rf"(?<![0-9A-Za-z])[$€£¥₹₽₩₺₪฿₫円元원]|R\$|(?<![A-Za-z])(?:zł|kr|Kč|Ft|Rs\.?|{_CURRENCY_CODE})(?![A-Za-z])"
    r"|(?<![а-яё])(?:руб\.?|р\.)"
)
_AMOUNT = r"[0-9]{1,3}(?:[,.' ][0-9]{3})+(?:[.,][0-9]{1,2})?|[0-9]+(?:[.,][0-9]{1,2})?"
_MONEY = re.compile(
    # currency first, not inside a token ("Cq6Ft9Jx" is a key, not 9 forints)
    rf"(?<![0-9A-Za-z])(?:{_CURRENCY})[ \t]?(?:{_AMOUNT})(?![A-Za-z])"
    # amount first; the pattern starts with a digit so the engine can skip to digits
    r"|[0-9](?<![0-9A-Za-z][0-9])(?:[0-9]{0,2}(?:[,.' ][0-9]{3})+(?:[.,][0-9]{1,2})?"
    rf"|[0-9]*(?:[.,][0-9]{{1,2}})?)[ \t]?(?:{_CURRENCY})"
)
_PERCENT = re.compile(
    r"[0-9](?<![0-9A-Za-z][0-9])[0-9]*(?:[.,][0-9]+)?[ \t]?%(?![0-9A-Za-z@#$&*!?~^=+])"
)
"""A percentage (``12.5 %``): a number, never a code; not a sign inside a password that
goes on after it (``5%tq2@``)."""
_PHONE = re.compile(
    r"\+[ \t]?[0-9][0-9 \t().-]{5,}[0-9]"
    r"|\([0-9]{2,5}\)[ \t]?[0-9][0-9 \t.-]{3,}[0-9]"
    r"|(?<![0-9])[0-9]{3}[-.][0-9]{3}[-.][0-9]{4}(?![0-9])"
)
_SEPARATED_NUMBER = re.compile(r"(?<![0-9A-Za-z])[0-9]+(?:[.,:/][0-9]+)+")


_BLOCK_TAG = re.compile(
    r"<(?:!doctype|html|head|body|div|p|table|tr|td|br|center|h[1-6]|ul|ol|li)\b", re.I
)
_INLINE_TAG = re.compile(r"</?(?:b|strong|i|em|u|span|font|a)\b[^<>\n]{0,300}>", re.I)
"""Inline markup a template wrote into its text part (``<b>Jq3vZ8wNc5Ra</b>``): what a
person reads is the text between."""


def _normalize(text: str) -> str:
    """The copy of ``text`` the code scanner reads (``docs/code-scoring.md``, step 1)."""
    text = text[:_MAX_SCAN]
    if "&" in text and len(_ESCAPED_TAG.findall(text, 0, 5000)) >= 2:
        for _ in range(3):  # tags escaped once or twice over ("&amp;lt;li&amp;gt;")
            text = html.unescape(text)
            if "&lt;" not in text and "&amp;" not in text:
                break
    if "<" in text and _HTMLISH.search(text, 0, 5000):
        # a text part with bold or a link written in keeps its lines
        block = _BLOCK_TAG.search(text, 0, 5000)
        if block:
            # a blank line in the text a layout wraps is a paragraph the reader sees, in the
            # text part shown as written and in the HTML part's <p> alike
            text = _strip_html(_BLANK_LINE.sub("<br><br>", text))
        else:
            text = _INLINE_TAG.sub("", text)
    text = _INVISIBLE.sub("", text)
    if not text.isascii():
        # a full-width comma would become "," and glue "582604，5分钟" into one number
        text = text.replace("\uff0c", ", ").replace("\uff0e", ". ")
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.digit(m.group(), 0)), text)
        text = text.translate(_DASHES)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    if "⇥" in text:
        text = text.replace("⇥", " ")  # a tab a template shows as its sign
    if "\\n\\n" in text:  # a blank line written so: every "\n" is one
        text = _ANY_LITERAL_NEWLINE.sub("\n", text)
    elif text.count("\\n") >= 2:
        text = _LITERAL_NEWLINE.sub("\n", text)
    text = _MD_ESCAPE.sub(r"\1", text)
    text = _MD_STRONG.sub(r"\2", text)
    text = _MD_HEADING.sub("", text)
    text = _TABLE_RULE.sub("", text)
    text = _DIGIT_CELLS.sub(lambda m: " ".join(ch for ch in m.group() if ch.isdigit()), text)
    if "\n" in text:
        text = _CHAR_LINES.sub(lambda m: " ".join(m.group().split()), text)
    if "  " in text:
        text = _SPREAD_LINE.sub(lambda m: " ".join(m.group().split()), text)
    text = _BOXED_LINE.sub(_join_boxes, text)
    text = text.replace("|", "  ")
    text = _URL_LIKE.sub(_MASK_BLANK, text)
    if "@" in text:
        text = _EMAIL_ADDR.sub(_MASK_BLANK, text)
    text = _CSS_BLOCK.sub(" ", text)
    text = _HEX_COLOUR.sub(_MASK_NUMBER, text)
    text = _DURATION.sub(_MASK_QUIET, text)
    text = _MONEY.sub(_MASK_NUMBER, text)
    text = _PERCENT.sub(_MASK_NUMBER, text)
    text = _PHONE.sub(_MASK_NUMBER, text)
    return _SEPARATED_NUMBER.sub(_MASK_NUMBER, text)
