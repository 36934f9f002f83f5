"""Extraction: the one-time code and the links in a mail. Pure functions, no I/O.

The argument is an email dict as found in an otpmail envelope (``subject`` and ``body``
are read; ``html`` is read too when present) or a plain string of body text.

How a code is found
-------------------
1. **Normalise** a copy of the text: invisible characters go, NFKC folds full-width
   digits and punctuation, other scripts' decimal digits become ASCII, the markdown
   escapes html2text adds are undone. URLs, e-mail addresses and CSS colours are blanked,
   and the numbers that are never codes are masked before anything else is looked at:
   amounts with a currency, decimals, dates and times written with separators, phone
   numbers with ``+`` or an area code in brackets, durations (``10 minutes``, ``5分钟``).
2. **Candidates** are ASCII runs of 4–10 characters: digits, or letters and digits with
   at least one digit (letters only when written in hyphenated groups, ``KXQ-PTZ``).
   Groups written for readability are joined when their shape is clearly one code: equal
   groups of 3 (``123 456``, ``123-456``, ``123 456 789``), 4 or 5 digits (two groups),
   three pairs separated by spaces, single digits spaced out (``4 8 2 9 1 3``), and
   hyphenated letter/digit groups (``K7P-2QX`` → ``K7P2QX``); a sender prefix is dropped
   (``G-482913`` → ``482913``). Any other run of number groups (phone numbers, IBANs)
   gives no candidate at all, nor does a number glued to ``#``, ``@``, ``/``, ``=``, a
   currency sign or a letter.
3. **Labels** are found in the text: code words (``code``, ``OTP``, ``PIN``,
   ``Bestätigungscode``, ``código``, ``验证码``, ``認証コード``, ``인증번호``, ``код`` …) and
   words that make the next number *not* a code (``order``, ``invoice``, ``tracking``,
   ``phone``, ``zip``, ``promo code``, ``©``, ``#``, ``注文番号`` …). Where two labels
   overlap the longer one wins, so ``Gutscheincode`` and ``código postal`` are negative.
4. **Linking.** A candidate is linked to the nearest label before it on its line (or, when
   the candidate stands alone on its line, in the two lines above); a negative label
   that already has its own number in between is skipped. It can also be linked to a
   code word right after it (``123456 is your Instagram code``). A negative label
   directly before or after vetoes the candidate; so does being one line of a list of
   codes (backup codes).
5. **Score**: direct link 6, code word after 6, code on its own line under a code word
   5 (6 without a sentence break in between), ``… code … is <candidate>`` across other
   numbers 5, ``enter/use <candidate>`` 4; +1 when the mail speaks of verification
   (one-time, sign in, verify …); −3 when it reads as an order, shipping, booking,
   invoice or promotion mail without such words (and letter codes in a promotion mail are
   dropped); −1 for 4-digit and letters-only candidates; −2 for years and 8-digit dates;
   −2 when its sentence calls it previous/old/expired; −4 on a meeting's dial-in line.
   The best candidate with a score of at least 5 wins; two different candidates with the
   same best score give ``None``.

Returning ``None`` is always preferred to returning a wrong code.

Links
-----
:func:`extract_links` returns ``[{"url", "text"}]`` in document order: HTML anchors when
an ``html`` part is present, then the ``text (url)`` renderings of the decoder and bare
URLs of the body. Only ``http``/``https``; trailing punctuation and unbalanced closing
brackets are cut; tracking wrappers are kept as they are; duplicates are dropped (the
first text that is not empty is kept).

:func:`pick_action_link` chooses the sign-in / verify / confirm / reset / magic / unlock /
invitation link, or ``None``. Each link is read with its label and its sentence: the
sentence up to the link (or, for a link that starts its line, the last sentence of the line
above and the one before it) and the rest of the sentence after it. The words are those of
:mod:`otpmail._decoding._vocabulary` (stems per language, so inflected forms count).

- label names an action ("Verify email", "Passwort zurücksetzen", "Unlock my account") +6;
  names something else (help, privacy, unsubscribe, "not you?") −8;
- a label that says nothing ("here", "this link") or no label: the sentence decides — an
  action in it +4, a pointer ("click the link below", "以下のリンク") +3, both +5, and +1
  when the subject names an action; the sentence of a help or contact link −6;
- a "didn't request this" sentence the link belongs to −8; one the sentence closes ("…
  ignore this mail", "otherwise …") does not count against the link after it;
- the URL (with the destination a tracking wrapper carries percent-encoded read too): an
  action path segment (``/verify``, ``/reset``, ``/login-actions``) +3, a token query +2, an
  unsubscribe/help/store URL −8, the site's home page −4; a URL given twice (a button and its
  "paste this URL" fallback) +1; drawn as a button in an ``html`` part +2.

The best link with at least 3 wins, the first one on a tie. :func:`action_link_score`
gives the score of a bare ``{"url", "text"}`` (no sentence) as a sort key.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Mapping, Sequence
from html.parser import HTMLParser
from typing import Any, NamedTuple, TypedDict
from urllib.parse import unquote

from otpmail._decoding._vocabulary import (
    action_in,
    avoid_in,
    closes,
    disown_in,
    generic_label,
    pointer_in,
)

__all__ = [
    "CODE_ALPHABET",
    "Link",
    "action_link_score",
    "annotate",
    "extract_code",
    "extract_links",
    "pick_action_link",
]

CODE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Every character :func:`extract_code` can return."""

_MAX_SCAN = 200_000
"""Characters of a body that are looked at; bodies are bounded upstream already."""


class Link(TypedDict):
    """One link of a mail: the URL as written and the visible text ("" when none)."""

    url: str
    text: str


# =======================================================================================
# Normalisation


_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]"
)
_DASHES = str.maketrans(
    dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
)
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")
_MD_ESCAPE = re.compile(r"\\([-.+*_#!\[\]()`>|])")
_MD_STRONG = re.compile(r"(\*\*|__)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1")
_MD_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+", re.M)
_TABLE_RULE = re.compile(r"^[ \t|:-]*-{3,}[ \t|:-]*$", re.M)
_DIGIT_CELLS = re.compile(r"^[ \t|]*[0-9](?:[ \t]*\|[ \t]*[0-9]){3,9}[ \t|]*$", re.M)
_CHAR_LINES = re.compile(r"^[ \t]*[0-9A-Z][ \t]*(?:\n[ \t]*[0-9A-Z][ \t]*){3,7}$", re.M)
"""One character per line, four to eight lines: a code drawn as a row of boxes
(``display:inline-block`` cells), which a text rendering puts one under another."""
_BOXED_LINE = re.compile(r"^[ \t]*[0-9A-Z](?:[ \t][0-9A-Z]){3,7}[ \t]*$", re.M)


def _join_boxes(m: re.Match[str]) -> str:
    """``K 7 P 2 Q X`` alone on a line (one box per character) as the code it spells; digits
    only are left to the candidate rules, letters only are a spaced-out word."""
    chars = m.group().split()
    if any(ch.isdigit() for ch in chars) and any(ch.isalpha() for ch in chars):
        return "".join(chars)
    return m.group()


_HTMLISH = re.compile(
    r"<(?:!doctype|html|head|body|div|p|table|tr|td|span|a\s|br|font|center|h[1-6]|strong|b)\b",
    re.I,
)

_URL_LIKE = re.compile(r"(?i)(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>\"'`]*")
_EMAIL_ADDR = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CSS_BLOCK = re.compile(r"\{[^{}\n]{0,400}\}")
_HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}(?![0-9A-Za-z])")

_MASK_NUMBER = "\x01"
"""Replaces masked numbers that are not codes but are numbers (amounts, dates, phones)."""
_MASK_QUIET = "\x02"
"""Replaces durations: not a code, and not a competing number either."""
_MASK_BLANK = " \x03 "
"""Replaces URLs and addresses."""

_UNITS_LATIN = (
    r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|"
    r"sekunden|minuten|min\.|stunden?|std\.|tagen?|wochen|"
    r"secondes?|heures?|jours?|semaines?|"
    r"segundos?|minutos?|horas?|d[ií]as?|semanas?|"
    r"secondi|minuti|ore|giorni|settimane|"
    r"seconden|uur|dagen|"
    r"sekund[ay]?|minut[ay]?|godzin[ay]?|dni|"
    r"секунд[аы]?|минут[аы]?|час(?:а|ов)?|дн(?:я|ей)|"
    r"x|times"
)
_DURATION = re.compile(
    rf"(?i)[0-9](?<![0-9A-Za-z][0-9])[0-9]*(?:[.,][0-9]+)?[ \t]?(?:(?:{_UNITS_LATIN})(?![A-Za-zÀ-ÿа-яё])|(?:分钟|分鐘|分間|分|小时|小時|時間|秒|天|日間|분|시간|초|일))"
)
_CURRENCY_CODE = (
    r"USD|EUR|GBP|CHF|PLN|JPY|CNY|RMB|INR|RUB|KRW|BRL|MXN|AUD|CAD|NZD|SEK|NOK|DKK|CZK|HUF|TRY"
    r"|ZAR|SGD|HKD"
)
_CURRENCY = (
    rf"[$€£¥₹₽₩₺₪฿₫円元원]|R\$|(?<![A-Za-z])(?:zł|kr|Kč|Ft|Rs\.?|{_CURRENCY_CODE})(?![A-Za-z])"
    r"|(?<![а-яё])(?:руб\.?|р\.)"
)
_AMOUNT = r"[0-9]{1,3}(?:[,.' ][0-9]{3})+(?:[.,][0-9]{1,2})?|[0-9]+(?:[.,][0-9]{1,2})?"
_MONEY = re.compile(
    rf"(?:{_CURRENCY})[ \t]?(?:{_AMOUNT})"
    # amount first; the pattern starts with a digit so the engine can skip to digits
    r"|[0-9](?<![0-9A-Za-z][0-9])(?:[0-9]{0,2}(?:[,.' ][0-9]{3})+(?:[.,][0-9]{1,2})?"
    rf"|[0-9]*(?:[.,][0-9]{{1,2}})?)[ \t]?(?:{_CURRENCY})"
)
_PERCENT = re.compile(r"(?<![0-9])[0-9]+(?:[.,][0-9]+)?[ \t]?%")
_PHONE = re.compile(
    r"\+[ \t]?[0-9][0-9 \t().-]{5,}[0-9]"
    r"|\([0-9]{2,5}\)[ \t]?[0-9][0-9 \t.-]{3,}[0-9]"
    r"|(?<![0-9])[0-9]{3}[-.][0-9]{3}[-.][0-9]{4}(?![0-9])"
)
_SEPARATED_NUMBER = re.compile(r"(?<![0-9])[0-9]+(?:[.,:/][0-9]+)+")


def _strip_html(text: str) -> str:
    from otpmail._decoding._message import html_to_text

    return html_to_text(text)


def _normalize(text: str) -> str:
    """The copy of ``text`` the code scanner reads (see the module docstring, step 1)."""
    text = text[:_MAX_SCAN]
    if "<" in text and _HTMLISH.search(text, 0, 5000):
        text = _strip_html(text)
    text = _INVISIBLE.sub("", text)
    if not text.isascii():
        # a full-width comma would become "," and glue "582604，5分钟" into one number
        text = text.replace("\uff0c", ", ").replace("\uff0e", ". ")
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.digit(m.group(), 0)), text)
        text = text.translate(_DASHES)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = _MD_ESCAPE.sub(r"\1", text)
    text = _MD_STRONG.sub(r"\2", text)
    text = _MD_HEADING.sub("", text)
    text = _TABLE_RULE.sub("", text)
    text = _DIGIT_CELLS.sub(lambda m: " ".join(ch for ch in m.group() if ch.isdigit()), text)
    if "\n" in text:
        text = _CHAR_LINES.sub(lambda m: " ".join(m.group().split()), text)
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


# =======================================================================================
# Labels: code words (positive) and words that make a number something else (negative)

_POS, _NEG, _VERB = 1, -1, 2


def _split_alternatives(*chunks: str) -> list[str]:
    """The top-level ``|`` alternatives of regex source ``chunks``."""
    alternatives: list[str] = []
    for chunk in chunks:
        depth, current, i = 0, "", 0
        while i < len(chunk):
            ch = chunk[i]
            if ch == "\\":
                current += chunk[i : i + 2]
                i += 2
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "|" and depth == 0:
                alternatives.append(current)
                current, i = "", i + 1
                continue
            current += ch
            i += 1
        if current:
            alternatives.append(current)
    return alternatives


def _words(*chunks: str, cased: bool = False) -> re.Pattern[str]:
    """One regex for word-initial alternatives (``|``-separated in ``chunks``). The shared
    ``\\b`` lets the engine skip every position inside a word, and alternatives are grouped
    by their first letter so that a word start tries one group, not the whole list: this
    keeps long lists fast."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for alt in _split_alternatives(*chunks):
        first = alt[0]
        if first.isalpha() and alt[1:2] not in ("?", "*", "+", "{"):
            key = first if cased else first.lower()
            groups.setdefault(key, []).append(alt[1:])
        else:
            rest.append(alt)
    parts = [f"{key}(?:{'|'.join(alts)})" for key, alts in groups.items()] + rest
    flags = "" if cased else "(?i)"
    return re.compile(flags + r"\b(?:" + "|".join(parts) + ")")


def _phrases(*chunks: str) -> re.Pattern[str]:
    """Alternatives in scripts written without spaces (CJK): no boundary."""
    return re.compile("|".join(_split_alternatives(*chunks)))


_CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_LATIN_LETTER = "a-zà-öø-ÿß"

# Code words. A word ending in "code" counts (Bestätigungscode, verificatiecode); the
# negative compounds (Gutscheincode, promo code) are as long or longer and win.
_POSITIVE = _words(
    r"[a-zà-öø-ÿß]*?code(?![a-z])|pass ?code\b|otp\b|2fa\b|one[- ]time (?:password|pin)\b|"
    r"security token\b|token\b|verification pin\b|einmal-?(?:passwort|kennwort)\b|"
    r"mot de passe (?:à usage unique|temporaire|unique)\b|c[óo]digo\b|clave\b|"
    r"contraseña (?:de un solo uso|temporal|única)\b|codice\b|"
    r"password (?:monouso|temporanea|usa e getta)\b|senha (?:de uso único|temporária|única)\b|"
    r"eenmalig wachtwoord\b|kod(?:u|em|zie|y|unuz|unu|unuzu|a)?\b|has(?:ło|ła) jednorazow\w*|"
    r"код(?:а|у|ом|е|ы)?\b|одноразов\w* парол\w*"
)
_POSITIVE_CASED = _words(r"PIN\b|TAN\b|mTAN\b|smsTAN\b|pushTAN\b", cased=True)
_POSITIVE_CJK = _phrases(
    r"確認コード|認証コード|認証番号|ワンタイムパスワード|ワンタイムコード|セキュリティコード|"
    r"ログインコード|検証コード|パスコード|暗証番号|コード|验证码|驗證碼|校验码|校驗碼|动态码|"
    r"動態碼|动态密码|動態密碼|一次性密码|一次性密碼|安全码|安全碼|确认码|確認碼|认证码|認證碼|"
    r"登录码|登入碼|验证代码|驗證代碼|代码|代碼|인증\s?번호|인증\s?코드|확인\s?코드|"
    r"보안\s?코드|일회용\s?비밀번호|로그인\s?코드|코드"
)

_NEGATIVE = _words(
    r"promo(?:tion(?:al)?)?[ -]?codes?\b|discount[ -]?codes?\b|coupon[ -]?codes?\b|"
    r"voucher[ -]?codes?\b|gift ?card[ -]?codes?\b|gift[ -]?codes?\b|referral[ -]?codes?\b|"
    r"invit(?:e|ation)[ -]?codes?\b|error[ -]?codes?\b|status[ -]?codes?\b|"
    r"response[ -]?codes?\b|product[ -]?codes?\b|item[ -]?codes?\b|area[ -]?codes?\b|"
    r"country[ -]?codes?\b|sort[ -]?codes?\b|swift[ -]?codes?\b|bic[ -]?codes?\b|"
    r"qr[ -]?codes?\b|bar[ -]?codes?\b|source[ -]?codes?\b|embed[ -]?codes?\b|"
    r"html[ -]?codes?\b|reference[ -]?codes?\b|booking[ -]?codes?\b|reservation[ -]?codes?\b|"
    r"tracking[ -]?codes?\b|order[ -]?codes?\b|zip[ -]?codes?\b|postal[ -]?codes?\b|"
    r"post[ -]?codes?\b|pin[ -]?codes?\b|colou?r[ -]?codes?\b|tax[ -]?codes?\b|"
    r"tariff[ -]?codes?\b|vat[ -]?codes?\b|activation key[ -]?codes?\b|redeem[ -]?codes?\b|"
    r"redemption[ -]?codes?\b|offer[ -]?codes?\b|club[ -]?codes?\b|gutscheincode\b|"
    r"rabattcode\b|aktionscode\b|postcode\b|promocode\b|barcode\b|qr-code\b|fehlercode\b|"
    r"zipcode\b|pincode\b|kortingcode\b|kortingscode\b|actiecode\b|cadeaucode\b|"
    r"track(?:ing)?s?code\b|"
    r"code[ -]?(?:reviews?|owners?|freeze|coverage|snippets?|blocks?|changes?|base)\b|"
    r"code (?:promo(?:tionnel)?|de (?:réduction|remise|parrainage|suivi)|cadeau|client|postal|barre)\b|"
    r"c[óo]digo (?:promocional|de (?:descuento|desconto|seguimiento|rastreamento|rastreio|barras|reserva|cupom|cup[óo]n|invitaci[óo]n|convite)|postal|do (?:pedido|produto)|del pedido)\b|"
    r"codice (?:fiscale|sconto|promozionale|postale|cliente|(?:dell')?ordine|di tracciamento|tracking|prodotto|articolo|a barre|coupon)\b|"
    r"kod(?:u|em)? (?:pocztow\w*|rabatow\w*|promocyjn\w*|kreskow\w*|qr|śledzenia|zamówienia|produktu)\b|"
    r"код (?:товара|заказа|купона|скидки)|промокод\w*|почтовый индекс|индекс\b|трек-?номер\w*|"
    r"номер заказа|source\b|pull request\b|pr\b|issue\b|commit\b|merge request\b|"
    r"(?:on|since|until|till|before|after|dated|from|at|am|vom|seit|bis|le|depuis|el|desde|hasta|il|dal|em|op|sinds|dnia|od|от|до)(?= [0-9])|"
    r"(?<!in )order(?: (?:number|no\b\.?|id\b|#))?(?! to\b)|invoice(?: (?:number|no\b\.?|#))?|"
    r"receipt(?: (?:number|no\b\.?|#))?|ticket(?: (?:number|no\b\.?|#|id\b))?|"
    r"case (?:number|no\b\.?|#|id\b)|reference(?: (?:number|no\b\.?|#))?|ref\b\.?|"
    r"booking(?: (?:reference|number|id))?|reservation(?: number)?|"
    r"confirmation (?:number|no\b\.?|#)|tracking(?: (?:number|no\b\.?|id))?|shipment\b|"
    r"parcel\b|waybill\b|customer (?:number|id|no\b\.?)|account (?:number|no\b\.?|id\b)|"
    r"member(?:ship)? (?:number|no\b\.?|id\b)|card ending(?: in)?|ending (?:in|with)\b|"
    r"last (?:4|four) digits|card number|phone(?: number)?(?= *[:#])|phone number|telephone\b|"
    r"tel\b\.?|mobile (?:number|no\b\.?)|call(?: us)?(?: at| on| free)?\b|fax\b|whatsapp\b|"
    r"hotline\b|helpline\b|price\b|sub-?total\b|total\b|amount\b|balance\b|saldo\b|zip\b|"
    r"postcode\b|postal code\b|post code\b|copyright\b|version\b|build\b|release\b|"
    r"serial(?: number)?\b|model\b|sku\b|item(?: (?:number|no\b\.?))?|article\b|room\b|"
    r"flight\b|seat\b|gate\b|terminal\b|suite\b|p\.?o\.? box\b|id\b:?|no\b\.|nr\b\.?|n[°º]|"
    r"num(?:ber)?\b\.?|points?\b|miles\b|pts\b|iban\b|routing number\b|cvv\b|cvc\b|loyalty\b|"
    r"bestell(?:ung|nummer)\b|auftrags?(?:nummer)?\b|rechnung(?:snummer)?\b|betrag\b|summe\b|"
    r"gesamt(?:betrag)?\b|telefon(?:nummer)?\b|sendung(?:snummer)?\b|kundennummer\b|"
    r"vorgangsnummer\b|plz\b|postleitzahl\b|buchung(?:snummer)?\b|commande\b|facture\b|"
    r"montant\b|téléphone\b|appelez\b|colis\b|numéro\b|pedido\b|factura\b|importe\b|"
    r"tel[ée]fono\b|ll[áa]m(?:e|enos)\b|env[íi]o\b|seguimiento\b|n[úu]mero\b|ordine\b|"
    r"fattura\b|importo\b|totale\b|chiam(?:a|aci)\b|spedizione\b|encomenda\b|fatura\b|valor\b|"
    r"telefone\b|rastreamento\b|cep\b|bestel(?:ling|nummer)\b|factuur\b|bedrag\b|totaal\b|"
    r"telefoon\b|zending\b|klantnummer\b|zamówieni[ae]\b|faktur[ay]\b|kwota\b|razem\b|"
    r"przesyłk[ia]\b|numer\b|заказ\w*|сч[её]т\w*|сумм\w*|итого\b|телефон\w*|посылк\w*|номер\b"
)
_NEGATIVE_SYMBOLS = re.compile(r"©|\([cC]\)|#|№")
_NEGATIVE_CJK = _phrases(
    r"クーポンコード|割引コード|プロモーションコード|郵便番号|注文番号|追跡番号|"
    r"お問い合わせ番号|予約番号|会員番号|電話番号|問い合わせ番号|伝票番号|优惠码|優惠碼|兑换码|"
    r"兌換碼|邀请码|邀請碼|取件码|邮编|邮政编码|郵遞區號|订单号|訂單號|订单编号|運單號|运单号|"
    r"快递单号|手机号|电话|電話|金额|金額|发票号|쿠폰\s?코드|할인\s?코드|추천인\s?코드|"
    r"프로모션\s?코드|우편\s?번호|주문\s?번호|운송장\s?번호|송장\s?번호|전화\s?번호|"
    r"예약\s?번호|注文|請求|合計|配送|订单|訂單|发票|合计|总计|快递|주문|청구|금액|합계|전화|"
    r"배송"
)
_VERBS = _words(
    r"(?:enter|type|use|input|eingeben|gib|geben sie|saisissez|saisir|entrez|introduce|introduzca|"
    r"introdúzcalo|introduza|ingresa|ingrese|escriba|inserisci|inserire|digita|digite|insira|voer|"
    r"vul|wpisz|wprowadź|podaj|введите|укажите|girin|giriniz|girerek)\b"
)
_VERBS_CJK = _phrases(r"入力|输入|輸入|입력")

# Mail-level signals (the mail as a whole)
_OTP_DOC = _words(
    r"verif|one[- ]time|otp\b|passcode|sign(?:ing)?[- ]?in\b|log(?:ging)?[- ]?in\b|login\b|2fa|"
    r"two[- ]factor|two[- ]step|security code|authenticat|expire|didn.t request|"
    r"did not request|wasn.t you|bestätigungscode|sicherheitscode|einmal|anmeld|verifizier|"
    r"connexion|se connecter|vérification|iniciar sesión|verificaci[óo]n|acceso|accesso|"
    r"verifica|verificação|entrar|inloggen|verificatie|weryfikac|logowani|jednorazow|подтвержд|"
    r"вход|одноразов|"
    # a code in a password-reset or sign-in mail is a one-time code too
    r"password reset|reset (?:your|the) password|reset code|zurücksetz|zurückzusetz|réinitialis|"
    r"restablec|reimpost|redefini|wachtwoord herstel|resetowa|сброс|sıfırla|"
    r"inicio de sesi[óo]n|iniciar sess[ãa]o|connexion|anmeldung|aanmeld|giriş|oturum|"
    r"[a-zäöü]*(?:bestätigungs|sicherheits|verifizierungs|anmelde|einmal|zugangs|verificatie|beveiligings|inlog)code"
)
_OTP_DOC_CASED = _words(r"PIN\b|TAN\b", cased=True)
_OTP_DOC_CJK = _phrases(r"認証|確認コード|ログイン|验证|驗證|登录|登入|인증|로그인")
_TXN_DOC = _words(
    r"order\b|shipped\b|shipping\b|delivery\b|tracking\b|invoice\b|receipt\b|booking\b|"
    r"reservation\b|flight\b|itinerary\b|ticket\b|subscription\b|payment\b|discount|coupon|"
    r"promo|voucher|sale\b|newsletter|bestellung|lieferung|rechnung|buchung|gutschein|rabatt|"
    r"commande|livraison|facture|réservation|réduction|pedido|env[íi]o|factura|reserva|"
    r"descuento|ordine|spedizione|fattura|prenotazione|sconto|encomenda|entrega|fatura|"
    r"desconto|bestelling|levering|factuur|boeking|korting|zamówieni|dostaw|faktur|rezerwac|"
    r"zniżk|rabat|заказ|доставк|сч[её]т|брониров|скидк"
)
_PROMO_DOC = _words(
    r"discount|coupon|promo|voucher|sale\b|gutschein|rabatt|réduction|descuento|sconto|"
    r"desconto|korting|zniżk|скидк|промокод"
)
_PERCENT_OFF = re.compile(r"%\s?(?:off|de descuento|de réduction|rabatt|sconto|korting)", re.I)
_TXN_DOC_CJK = _phrases(
    r"注文|配送|予約|割引|クーポン|订单|訂單|发货|快递|预订|优惠|折扣|주문|배송|예약|할인|쿠폰"
)
_PROMO_DOC_CJK = _phrases(r"割引|クーポン|优惠|折扣|할인|쿠폰")
_COPULA = re.compile(
    r"(?i)(?:\b(?:is|ist|lautet|est|es|é|è|to|wynosi|это|is:)|[:=]|是|为|為|は|가|는|은)[ \t]*[:\"'“”«»「『(\[]?[ \t]*$"
)
_STALE = _words(
    r"previous\b|old\b|older\b|earlier\b|expired\b|no longer\b|invalid\b|vorherige[nrs]?\b|"
    r"alte[nr]?\b|abgelaufen\b|ancien\b|précédent\b|expiré\b|anterior\b|caducado\b|"
    r"precedente\b|scaduto\b|vorige\b|oude\b|verlopen\b|poprzedni\b|stary\b|предыдущ\w*|стар\w*"
)
_STALE_CJK = _phrases(r"以前の|之前的|旧的|舊的|이전")
_MEETING = _words(
    r"dial[- ]?in\b|meeting (?:id|number|code)\b|conference (?:id|number|line|code)\b|"
    r"webinar\b|participant (?:pin|code)\b|join by phone\b|einwahl|konferenz-?id|"
    r"id de (?:réunion|reunión)|id riunione|vergader-?id|id spotkania|идентификатор конференции"
)
_MEETING_CJK = _phrases(r"ミーティングID|会议号|회의 ID")
_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)(?!\s*[a-zß-ÿа-яё0-9\x01])|[。！？]")
"""The end of a sentence: not a period an abbreviation ends with ("Nr. 7781", "z. B. die"),
which a number or a lower-case word follows."""
_NUMERIC = re.compile(r"[0-9]{2}|\x01")


class _Label(NamedTuple):
    start: int
    end: int
    kind: int


_LABEL_KINDS = (
    (_POSITIVE, _POS),
    (_POSITIVE_CASED, _POS),
    (_NEGATIVE, _NEG),
    (_NEGATIVE_SYMBOLS, _NEG),
    (_VERBS, _VERB),
)
_LABEL_KINDS_CJK = ((_POSITIVE_CJK, _POS), (_NEGATIVE_CJK, _NEG), (_VERBS_CJK, _VERB))


def _labels(seg: str, ranges: list[tuple[int, int]]) -> list[_Label]:
    """The labels in the given ranges of ``seg`` (whole lines, so word boundaries hold),
    a label inside a longer one dropped; sorted by start (and so by end)."""
    found: list[_Label] = []
    kinds = _LABEL_KINDS + _LABEL_KINDS_CJK if _CJK.search(seg) else _LABEL_KINDS
    for lo, hi in ranges:
        for rx, kind in kinds:
            found.extend(
                _Label(m.start(), m.end(), kind)
                for m in rx.finditer(seg, lo, hi)
                if m.end() > m.start()
            )
    found.sort(key=lambda lab: (lab.start, -lab.end, lab.kind))  # negative first on a tie
    kept: list[_Label] = []
    for lab in found:
        # drop labels contained in an earlier, longer one; also same-end shorter ones
        if kept and lab.end <= kept[-1].end:
            continue
        if kept and lab.start < kept[-1].end:
            # partial overlap: keep the longer
            if lab.end - lab.start > kept[-1].end - kept[-1].start:
                kept[-1] = lab
            continue
        kept.append(lab)
    return kept


# =======================================================================================
# Candidates

_TOKEN = re.compile(
    r"(?<![0-9A-Za-z])(?:[0-9A-Za-z]*[0-9][0-9A-Za-z]*|(?<=-)[A-Z]{1,5}(?![0-9A-Za-z])|[A-Z]{1,5}(?=-[0-9A-Z]))"
)
"""Tokens that can be (part of) a code: with a digit, or capitals next to a hyphen."""
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_DATE8 = re.compile(
    r"(?:19|20)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[1-9]|[12][0-9]|3[01])(?:0[1-9]|1[0-2])(?:19|20)[0-9]{2}"
)
_UNIT_TOKEN = re.compile(
    r"(?i)[0-9]+(?:px|pt|em|rem|vh|vw|ms|kb|mb|gb|tb|mm|cm|km|kg|mg|ml|hz|khz|mhz|ghz|st|nd|rd|th|am|pm|h|m|s|x|k|p|d|g|l|w|v|mp|fps|dpi|gbps|mbps)"
)
_WORD_NUMBER = re.compile(r"[A-Za-z][a-z]{0,5}[0-9]+|[A-Z]{1,2}[0-9]{1,3}|[0-9]+[A-Za-z]")
_ATTACHED_BEFORE = set("#@/\\=&?_+$€£¥₹₽~^%'*")
_ATTACHED_AFTER = set("@/\\=_%€$£+'*#")
_DECORATION = " \t*>:[](){}\"'`-•·=~|.,!;" + _MASK_BLANK.strip()


class _Candidate(NamedTuple):
    value: str
    start: int
    end: int
    letters: bool


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
    # "G-482913", "FB-12345": a sender prefix before the digits
    if (
        len(tokens) == 2
        and sep == "-"
        and first.isalpha()
        and first.isupper()
        and len(first) <= 2
        and rest[0].isdigit()
        and 5 <= len(rest[0]) <= 8
    ):
        return rest[0]
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
    return None


def _code_ish(token: str, sep: str) -> bool:
    if any(ch.isdigit() for ch in token):
        return True
    return sep == "-" and token.isalpha() and token.isupper() and len(token) <= 5


def _candidates(seg: str) -> list[_Candidate]:
    out: list[_Candidate] = []
    tokens = list(_TOKEN.finditer(seg))
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
        if value is None or not 4 <= len(value) <= 10:
            continue
        before = seg[start - 1] if start else " "
        after = seg[end] if end < len(seg) else " "
        if before in _ATTACHED_BEFORE or after in _ATTACHED_AFTER:
            continue
        if _is_latin_alnum(before) or _is_latin_alnum(after):
            continue
        if before in ".,-" and start >= 2 and seg[start - 2].isalnum():
            continue
        if after in ".,-" and end + 1 < len(seg) and seg[end + 1].isalnum():
            continue
        letters = not value.isdigit()
        if letters:
            if not any(ch.isdigit() for ch in value):
                if not (len(run) > 1 and value.isupper()):
                    continue
            elif (
                len(run) == 1 and (_UNIT_TOKEN.fullmatch(value) or _WORD_NUMBER.fullmatch(value))
            ) or (len(run) == 1 and not value.isupper() and sum(ch.isdigit() for ch in value) < 2):
                continue
        out.append(_Candidate(value, start, end, letters))
    return out


# =======================================================================================
# Linking and scoring


_LONG_LINE = 2000
"""Lines are looked at up to this far from a position; longer lines are cut there, which
keeps the work per candidate bounded on hostile input."""


def _line_start(text: str, pos: int) -> int:
    floor = max(0, pos - _LONG_LINE)
    found = text.rfind("\n", floor, pos)
    return found + 1 if found >= 0 else floor


def _line_end(text: str, pos: int) -> int:
    ceiling = min(len(text), pos + _LONG_LINE)
    found = text.find("\n", pos, ceiling)
    return found if found >= 0 else ceiling


def _line_bounds(seg: str, start: int, end: int) -> tuple[int, int]:
    return _line_start(seg, start), _line_end(seg, end)


def _window_start(seg: str, line_start: int, lines: int) -> int:
    """Start of the ``lines``-th non-empty line above ``line_start`` (looking at most 50
    lines up)."""
    pos = line_start
    seen = 0
    for _ in range(50):
        if pos <= 0 or seen >= lines:
            break
        prev_end = pos - 1
        prev_start = _line_start(seg, prev_end)
        if seg[prev_start:prev_end].strip(_DECORATION):
            seen += 1
        pos = prev_start
    return pos


_CODE_LINE = re.compile(r"[0-9A-Za-z]{2,10}(?:[ -][0-9A-Za-z]{1,10}){0,3}")


def _in_list(seg: str, line_start: int, line_end: int) -> bool:
    """Whether the nearest non-empty line above or below also holds nothing but a code."""
    above_start = _window_start(seg, line_start, 1)
    above = seg[above_start : _line_end(seg, above_start)] if above_start < line_start else ""
    below = ""
    pos = line_end
    for _ in range(50):
        if pos >= len(seg):
            break
        end = _line_end(seg, pos + 1)
        if seg[pos + 1 : end].strip(_DECORATION):
            below = seg[pos + 1 : end]
            break
        pos = end
    for line in (above, below):
        line = line.strip(_DECORATION)
        if _CODE_LINE.fullmatch(line) and any(ch.isdigit() for ch in line):
            return True
    return False


def _link_before(seg: str, labels: list[_Label], ends: list[int], cand: _Candidate) -> int:
    """Score of the link to the labels before ``cand``; -100 is a veto."""
    ls, le = _line_bounds(seg, cand.start, cand.end)
    alone = not seg[ls : cand.start].strip(_DECORATION) and not seg[cand.end : le].strip(
        _DECORATION
    )
    if alone and _in_list(seg, ls, le):
        return -100  # one of several codes (backup codes): none is *the* code
    floor = _window_start(seg, ls, 2) if alone else max(ls, cand.start - 160)
    idx = bisect.bisect_right(ends, cand.start) - 1
    told_to_enter = False  # "… code is below. Please enter it …": still about that code
    while idx >= 0:
        lab = labels[idx]
        idx -= 1
        if lab.start < floor:
            break
        if lab.end > cand.start:
            continue
        gap = seg[lab.end : cand.start]
        numeric = _NUMERIC.search(gap) is not None
        if lab.kind == _NEG:
            if numeric or len(gap.strip()) > 24:
                continue  # that label has its own number, or is too far away
            return -100
        same_line = "\n" not in gap
        broken = _SENTENCE_BREAK.search(gap) is not None
        if lab.kind == _VERB:
            if same_line and not numeric and len(gap.strip(" :")) <= 12:
                return 4
            told_to_enter = True
            continue
        if not numeric:
            if same_line and not broken and len(gap) <= 60:
                return 6
            if alone:
                if broken and not told_to_enter and idx >= 0:
                    # "Enter this code in your browser." above the code: the verb is the
                    # code word's own
                    verb = labels[idx]
                    told_to_enter = verb.kind == _VERB and "\n" not in seg[verb.end : lab.start]
                    told_to_enter = told_to_enter and lab.start - verb.end <= 30
                return 5 if broken and not told_to_enter else 6
        if same_line and not broken and _COPULA.search(gap[-16:]):
            return 5
        return 0
    return 0


def _link_after(seg: str, labels: list[_Label], starts: list[int], cand: _Candidate) -> int:
    """Score of the link to a label right after ``cand``; -100 is a veto."""
    _, le = _line_bounds(seg, cand.start, cand.end)
    idx = bisect.bisect_left(starts, cand.end)
    while idx < len(labels):
        lab = labels[idx]
        idx += 1
        if lab.start > le or lab.start > cand.end + 60:
            return 0
        gap = seg[cand.end : lab.start]
        if _NUMERIC.search(gap) or _SENTENCE_BREAK.search(gap):
            return 0
        if lab.kind == _VERB:
            continue
        if lab.kind == _NEG:
            follow = seg[lab.end : min(le, lab.end + 24)]
            if _TOKEN.search(follow) and any(ch.isdigit() for ch in follow):
                return 0  # "(order 1234)": the label belongs to the next number
            return -100 if len(gap) <= 24 else 0
        return 6 if len(gap) <= 40 else 0
    return 0


def _is_stale(seg: str, cand: _Candidate) -> bool:
    """Whether the candidate's sentence calls it previous, old or expired."""
    ls, le = _line_bounds(seg, cand.start, cand.end)
    head = seg[max(ls, cand.start - 80) : cand.start]
    cut = max((m.end() for m in _SENTENCE_BREAK.finditer(head)), default=0)
    tail = seg[cand.end : min(le, cand.end + 80)]
    stop = _SENTENCE_BREAK.search(tail)
    sentence = head[cut:] + " " + (tail[: stop.start()] if stop else tail)
    return bool(_STALE.search(sentence) or (_CJK.search(sentence) and _STALE_CJK.search(sentence)))


def _segments(source: Any) -> tuple[str, str]:
    """(subject, body) of an email dict or a string."""
    if isinstance(source, str):
        return "", source
    if isinstance(source, Mapping):
        subject = source.get("subject")
        body = source.get("body")
        html = source.get("html")
        subject_s = subject if isinstance(subject, str) else ""
        body_s = body if isinstance(body, str) else ""
        if not body_s.strip() and isinstance(html, str) and html.strip():
            body_s = _strip_html(html[:_MAX_SCAN])
        return subject_s, body_s
    return "", ""


def _ranges(seg: str, cands: list[_Candidate]) -> list[tuple[int, int]]:
    """Merged line ranges around the candidates where labels can matter."""
    spans: list[tuple[int, int]] = []
    for cand in cands:
        ls, le = _line_bounds(seg, cand.start, cand.end)
        lo = _window_start(seg, ls, 2)
        spans.append((lo, le))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def _scored(source: Any) -> list[tuple[int, str]]:
    subject, body = _segments(source)
    linked: list[tuple[int, str, _Candidate, str]] = []
    for raw in (subject, body):
        if not raw:
            continue
        seg = _normalize(raw)
        cands = _candidates(seg)
        if not cands:
            continue
        labels = _labels(seg, _ranges(seg, cands))
        ends = [lab.end for lab in labels]
        starts = [lab.start for lab in labels]
        for cand in cands:
            before = _link_before(seg, labels, ends, cand)
            if before <= -100:
                continue
            after = _link_after(seg, labels, starts, cand)
            if after <= -100 and before < 5:
                continue
            score = max(before, after)
            if score > 0:
                linked.append((score, cand.value, cand, seg))
    if not linked:
        return []
    whole = unicodedata.normalize("NFKC", f"{subject}\n{body[:_MAX_SCAN]}")
    cjk = _CJK.search(whole) is not None
    otp_doc = bool(
        _OTP_DOC.search(whole)
        or _OTP_DOC_CASED.search(whole)
        or (cjk and _OTP_DOC_CJK.search(whole))
    )
    promo_doc = not otp_doc and bool(
        _PROMO_DOC.search(whole)
        or _PERCENT_OFF.search(whole)
        or (cjk and _PROMO_DOC_CJK.search(whole))
    )
    txn_doc = promo_doc or (
        not otp_doc and bool(_TXN_DOC.search(whole) or (cjk and _TXN_DOC_CJK.search(whole)))
    )
    results: list[tuple[int, str]] = []
    for score, value, cand, seg in linked:
        if otp_doc:
            score += 1
        if txn_doc:
            score -= 3
        if cand.letters:
            if promo_doc:
                continue
            if not any(ch.isdigit() for ch in value):
                score -= 1
        if len(value) == 4 and not cand.letters:
            score -= 1
        if (len(value) == 4 and _YEAR.fullmatch(value)) or (
            len(value) == 8 and _DATE8.fullmatch(value)
        ):
            score -= 2
        if _is_stale(seg, cand):
            score -= 2
        ls, le = _line_bounds(seg, cand.start, cand.end)
        around = seg[max(ls, cand.start - 160) : min(le, cand.end + 160)]
        if _MEETING.search(around) or (_CJK.search(around) and _MEETING_CJK.search(around)):
            score -= 4  # a meeting's dial-in passcode
        results.append((score, value))
    return results


_THRESHOLD = 5


def extract_code(email_or_text: Mapping[str, Any] | str) -> str | None:
    """The one-time code of a mail, or ``None`` when there is none or it is not clear.

    Reads the subject and the body of an email dict, or a string of body text. Never
    raises. The code is returned with readability separators removed (``"123 456"`` →
    ``"123456"``, ``"K7P-2QX"`` → ``"K7P2QX"``) and its letters' case kept.

    >>> extract_code("Your verification code is 482 913. It expires in 10 minutes.")
    '482913'
    >>> extract_code({"subject": "123456 is your Instagram code", "body": ""})
    '123456'
    >>> extract_code("Ihr Bestätigungscode lautet: K7P-2QX")
    'K7P2QX'
    >>> extract_code("Order #12345678 shipped on 2024-05-01. Call 0800 123 4567.") is None
    True
    """
    try:
        results = _scored(email_or_text)
    except Exception:  # pragma: no cover - a bug here must never fail a caller's read
        return None
    best_score = max((s for s, _ in results), default=0)
    if best_score < _THRESHOLD:
        return None
    best = {value for score, value in results if score == best_score}
    if len(best) != 1:
        return None
    return best.pop()


# =======================================================================================
# Links

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
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")


def _destination(url: str) -> str:
    """``url`` with percent-escapes undone (twice): a click-tracking wrapper that carries
    its destination encoded (``/L0/https:%2F%2Fexample.com%2Freset…``) shows the path."""
    for _ in range(2):
        if not _PERCENT.search(url):
            break
        url = unquote(url)
    return url


def _score_found(item: _Found, subject_action: bool = False) -> int:
    """How much ``item`` looks like the mail's action (see the module docstring)."""
    score = 0
    label = item.text
    label_action = action_in(label)
    label_bad = avoid_in(label) or disown_in(label, side="lead")
    if label_bad:
        score -= 8
    elif label_action:
        score += 6
    sentence = f"{item.before} {item.after}"
    if (
        disown_in(item.before)
        or disown_in(item.after, side="after")
        or (disown_in(item.lead, side="lead") and not closes(item.before))
    ):
        score -= 8  # "if this wasn't you, <link>": the link is for that case
    elif not label or (generic_label(label) and not label_bad and not label_action):
        # A label that names something else ("[Product Name]", "Try a different email")
        # keeps the sentence around it from counting: that sentence is about the thing.
        cue_action = action_in(item.before) or action_in(item.after) or action_in(item.lead)
        cue_pointer = pointer_in(sentence) or pointer_in(label) or pointer_in(item.lead)
        if avoid_in(sentence) and not cue_action:
            score -= 0 if cue_pointer else 6  # "Questions? (Visit) our help center: <link>"
        elif cue_action or cue_pointer:
            score += 5 if cue_action and cue_pointer else 4 if cue_action else 3
            score += 1 if subject_action else 0
    destination = _destination(item.url)
    if _ACTION_PATH.search(destination):
        score += 3
    if _ACTION_QUERY.search(destination):
        score += 2
    if _AVOID_URL.search(destination):
        score -= 8
    if _ROOT_URL.match(item.url):
        score -= 4  # the site's home page
    if item.times > 1 and score > 0:
        score += 1  # the button and its "paste this URL" fallback
    if item.button and score > 0:
        score += 2
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


_ACTION_THRESHOLD = 3


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
        best_score = _ACTION_THRESHOLD - 1
        for item in found:
            score = _score_found(item, subject_action)
            if score > best_score:
                best, best_score = item, score
    except Exception:  # pragma: no cover - extraction must never fail a read
        return None
    return None if best is None else Link(url=best.url, text=best.text)


# =======================================================================================


MAX_LINKS = 50
"""Links kept per email: enough for any transactional mail, and it keeps one annotated
message within the result bound (``body_chars`` + the non-body allowance of _bounds)."""


def annotate(email: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``email`` with ``code`` (a string or ``None``) and ``links`` (the first
    :data:`MAX_LINKS`, in document order) added.

    >>> annotate({"subject": "Your code", "body": "Code: 482913"})["code"]
    '482913'
    """
    result = dict(email)
    result["code"] = extract_code(email)
    result["links"] = extract_links(email)[:MAX_LINKS]
    return result
