"""Round nine (commerce): mails a buyer gets from event-ticketing and shop software.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r9_commerce.py \\
        --alfio /work/.mirror/alfio-event+alf.io/repo \\
        --bagisto /work/.mirror/bagisto+bagisto/repo \\
        --shopxo /work/.mirror/gongfuxiang+shopxo/repo \\
        --saleor /work/.mirror/saleor+saleor/repo

- ``--alfio``: a git snapshot of alfio-event/alf.io (GPL-3.0), event ticketing. Three mails
  alf.io sends as ``text/plain`` only (``TemplateResource`` gives them no HTML template):
  ``send-reserved-code`` (a reserved promotional code for a restricted ticket category),
  ``reminder-email`` (an offline-payment reservation about to expire) and
  ``waiting-queue-reservation-email`` (a seat freed for a waiting-list subscriber). The
  ``src/main/resources/alfio/templates/<name>-txt.ms`` templates are rendered as
  ``TemplateManager`` does with JMustache (no HTML escaping, standalone section lines
  dropped) and its lambdas: ``i18n`` (``key [arg] [arg]`` parsed with the same regular
  expressions, the message of ``i18n/public_<lang>.properties`` formatted with Java
  ``MessageFormat``, since the message source always uses it) and ``format-date`` (the
  pattern taken as ``parseParams`` takes it, spaces around included; the CLDR month and day
  names Java prints for these locales are written out below). Subjects come from the
  callers (``SpecialPriceManager``, ``TicketReservationManager``,
  ``WaitingQueueSubscriptionProcessor``); URLs as ``EventManager.getEventUrl`` and
  ``ReservationUtil.reservationUrl`` build them; the short reservation id is the first
  eight characters of the UUID upper-cased (alf.io's default). The reserved code is six
  characters of ``SpecialPriceTokenGenerator``'s alphabet. The event is in UTC so that Java
  prints the zone as ``UTC`` in every locale. No mail footer is configured.

- ``--bagisto``: a git snapshot of bagisto/bagisto (MIT), a Laravel shop. Its Blade mail
  views ``packages/Webkul/{Shop,Admin}/src/Resources/views/emails/...`` inside their
  ``emails/layout.blade.php`` are filled by hand in Python following the Blade code line by
  line (``@lang`` / ``trans`` with ``:placeholder`` replacement from
  ``Resources/lang/<lang>/app.php``, ``{{ }}`` HTML-escaped, ``{!! !!}`` and ``@lang`` raw; the newline after a directive
  dropped as PHP drops it after ``?>``), the shop in EUR with prices as ``formatPrice``
  prints them through PHP intl's currency pattern of each locale (written out below, amounts
  kept under 1000), default tax display settings, no logo configured (the layouts'
  ``@if ($logo = ...)`` taken as false), subjects from the ``Mail`` classes. Sent as one
  ``text/html`` part, as Laravel sends a Mailable with only an HTML view.

- ``--shopxo``: a git snapshot of gongfuxiang/shopxo (MIT), a Chinese shop system. Its
  e-mail code templates are configuration rows shipped in ``config/shopxo.sql``
  (``sxo_config``: ``home_email_login_template`` and friends, Chinese by default whatever
  the UI language); ``extend/base/Email.php`` ``SendHtml`` replaces ``#code#`` and sends the
  HTML body with ``AltBody = strip_tags(body)`` (entities left as they are), the subject as
  ``UserService`` / ``SafetyService`` / ``AdminService`` / ``FormInputService`` build it from the site name and
  ``app/lang/<lang>.php``. The code is ``GetNumberCode(4)``: four digits 1-9.

- WooCommerce (woocommerce/woocommerce, GPL-3.0; too large to fetch, read file by file): the
  fraud-protection OTP mail of ``plugins/woocommerce/templates/emails/plain/
  fraud-protection-otp.php`` as a shop set to plain-text e-mails sends it: the template's
  echoes are held inline (English source strings; translations are not in the repository),
  then ``WC_Email::get_content`` (``wp_strip_all_tags``, the ``$plain_search`` replacements,
  ``wordwrap(..., 70)``). Six-digit code, the default 60-minute expiry, the classic default
  footer ``{site_title} &mdash; Built with {WooCommerce}``.

- ``--saleor``: a git snapshot of saleor/saleor (BSD-3-Clause). Three default user e-mail
  templates ``saleor/plugins/user_email/default_email_templates/{gift_card,
  confirm_fulfillment,order_refund}.html`` filled as ``email_common.send_email`` does with
  pybars (only ``{{x}}``, ``{{#if}}``/``{{else}}`` and ``{{#each}}`` occur; values escaped),
  the payloads as ``giftcard/notifications.py`` and ``order/notifications.py`` build them
  (prices through ``quantize_price``; no storefront redirect URL, so no order link), the
  default subjects of ``user_email/constants.py``; the text part is the whitespace-collapsed
  text of ``<body>`` (``get_plain_text_message_for_email``). English only.

What a person reading the mail sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from collections.abc import Callable
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from collect import HERE, message

SENT = datetime(2027, 2, 28, 16, 12, 44, tzinfo=UTC)
OUT = HERE / "round9" / "commerce.json"
ITEMS: list[dict[str, Any]] = []
RNG = random.Random(20261203)


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _write(item: dict[str, Any], raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# alf.io

ALFIO_COMMIT = "61ee4309768bf0b72b4ac8b8fe0786ce6e5c546c"
ALFIO_REPO = "alfio-event/alf.io"
ALFIO_TPL = "src/main/resources/alfio/templates"
ALFIO_I18N = "src/main/resources/alfio/i18n"

# Java (CLDR) names, format context, for the dates used below.
JAVA_NAMES = {
    "en": {"months": {3: "March"}, "days": {3: "Thursday", 4: "Friday"}},
    "de": {"months": {3: "März"}, "days": {3: "Donnerstag", 4: "Freitag"}},
    "fr": {"months": {3: "mars"}, "days": {3: "jeudi", 4: "vendredi"}},
    "it": {"months": {3: "marzo"}, "days": {3: "giovedì", 4: "venerdì"}},
    "es": {"months": {3: "marzo"}, "days": {3: "jueves", 4: "viernes"}},
    "nl": {"months": {3: "maart"}, "days": {3: "donderdag", 4: "vrijdag"}},
    "pt": {"months": {3: "março"}, "days": {3: "quinta-feira", 4: "sexta-feira"}},
    "tr": {"months": {3: "Mart"}, "days": {3: "Perşembe", 4: "Cuma"}},
}


def _java_properties(text: str) -> dict[str, str]:
    """Parse a .properties file as java.util.Properties does (enough for these files)."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while re.search(r"(?<!\\)(\\\\)*\\$", line) and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        found = re.match(r"((?:\\.|[^=:\s\\])+)\s*[=:]?\s*(.*)", line, re.S)
        assert found, line
        key, value = found.group(1), found.group(2)

        def unescape(s: str) -> str:
            def one(m: re.Match[str]) -> str:
                c = m.group(1)
                if c.startswith("u"):
                    return chr(int(c[1:], 16))
                return {"n": "\n", "t": "\t", "r": "\r", "f": "\f"}.get(c, c)

            return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, s)

        out[unescape(key)] = unescape(value)
    return out


def _message_format(pattern: str, args: list[str]) -> str:
    """java.text.MessageFormat with plain string arguments ({n} only, quotes as Java)."""
    out, i, quoted = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "'":
            if i + 1 < len(pattern) and pattern[i + 1] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
            i += 1
            continue
        if c == "{" and not quoted:
            end = pattern.index("}", i)
            index = int(pattern[i + 1 : end].strip())
            out.append(args[index] if index < len(args) else pattern[i : end + 1])
            i = end + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _mustache(template: str, ctx: dict[str, Any], lambdas: dict[str, Callable]) -> str:
    """A small JMustache (escapeHTML false, defaultValue "") for alf.io's text templates."""
    template = re.sub(r"(?m)^[ \t]*(\{\{[#^/][^}]*\}\})[ \t]*\r?\n", r"\1", template)
    tokens = re.split(r"(\{\{[#^/]?[^}]*\}\})", template)

    def lookup(name: str, stack: list[Any]) -> Any:
        for frame in reversed(stack):
            value: Any = frame
            ok = True
            for part in name.split("."):
                if isinstance(value, dict) and part in value:
                    value = value[part]
                else:
                    ok = False
                    break
            if ok:
                return value
        return None

    def parse(pos: int, closing: str | None) -> tuple[list[Any], int]:
        nodes: list[Any] = []
        while pos < len(tokens):
            tok = tokens[pos]
            pos += 1
            if tok.startswith("{{/"):
                assert tok[3:-2].strip() == closing, (tok, closing)
                return nodes, pos
            if tok.startswith(("{{#", "{{^")):
                name = tok[3:-2].strip()
                body, pos = parse(pos, name)
                nodes.append((tok[2], name, body))
            elif tok.startswith("{{"):
                nodes.append(("var", tok[2:-2].strip(), None))
            elif tok:
                nodes.append(("text", tok, None))
        assert closing is None, closing
        return nodes, pos

    def render(nodes: list[Any], stack: list[Any]) -> str:
        out = []
        for kind, name, body in nodes:
            if kind == "text":
                out.append(name)
            elif kind == "var":
                value = lookup(name, stack)
                out.append("" if value is None else str(value))
            elif kind == "#" and name in lambdas:
                out.append(lambdas[name](render(body, stack)))
            else:
                value = lookup(name, stack)
                truthy = bool(value) and value != ""
                if kind == "^":
                    if not truthy:
                        out.append(render(body, stack))
                elif isinstance(value, list):
                    out.extend(render(body, [*stack, v]) for v in value)
                elif truthy:
                    out.append(render(body, [*stack, value] if isinstance(value, dict) else stack))
        return "".join(out)

    nodes, _ = parse(0, None)
    return render(nodes, [ctx])


def _java_date(iso: str, pattern: str, lang: str | None) -> str:
    """DateTimeFormatter.ofPattern(pattern, locale).format(ZonedDateTime.parse(iso))."""
    found = re.match(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):\d\dZ\[UTC\]$", iso)
    assert found, iso
    y, mo, d, h, mi = (int(x) for x in found.groups())
    names = JAVA_NAMES[lang or "en"]
    weekday = datetime(y, mo, d).weekday()
    pieces: dict[str, Callable[[], str]] = {
        "EEEE": lambda: names["days"][weekday], "dd": lambda: f"{d:02d}",
        "MMMM": lambda: names["months"][mo], "yyyy": lambda: str(y),
        "HH": lambda: f"{h:02d}", "mm": lambda: f"{mi:02d}", "z": lambda: "UTC",
    }  # fmt: skip
    return re.sub(r"EEEE|dd|MMMM|yyyy|HH|mm|z", lambda m: pieces[m.group(0)](), pattern)


def _alfio_lambdas(messages: dict[str, str]) -> dict[str, Callable[[str], str]]:
    def i18n(text: str) -> str:
        key_match = re.match(r"^([^\[]+)[\s\[]", text)
        key = key_match.group(1).strip() if key_match else text.strip()
        args = re.findall(r"\[(.*?)]", text)
        return _message_format(messages[key], args)

    def format_date(text: str) -> str:
        execution = text.strip()
        date = execution[: execution.index(" ")].strip()
        label = execution.find("locale:")
        end = label if label != -1 else len(execution)
        pattern = execution[execution.index(" ") : end]
        lang = None
        for part in execution.split():
            if part.startswith("locale:"):
                lang = part[len("locale:") :]
        return _java_date(date, pattern, lang)

    return {"i18n": i18n, "format-date": format_date}


def _alfio_code() -> str:
    alphabet = "ABCDEFGHJKMNPQRSTWXYZ23456789"  # SpecialPriceTokenGenerator
    return "".join(RNG.choice(alphabet) for _ in range(6))


def _uuid() -> str:
    h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


ALFIO_BASE = "https://tickets.devdays-zurich.example"
ALFIO_ORG = {"name": "Dev Days Zürich", "email": "team@devdays-zurich.example"}
ALFIO_EVENT = {
    "displayName": "Dev Days Zürich 2027",
    "shortName": "devdays27",
    "location": "Kongresshaus Zürich, Claridenstrasse 5, 8002 Zürich",
    "begin": "2027-03-18T09:00:00Z[UTC]",
    "end": "2027-03-18T17:30:00Z[UTC]",
    "sameDay": True,
}
ALFIO_PEOPLE = ["Noor Tester", "Lena Haller", "Marco Bianchi", "Sofie de Vries",
                "Inês Rocha", "Elif Kaya", "Julien Marchand", "Lucía Ortega", "Karin Berg"]  # fmt: skip
ALFIO_SENDS = {
    "send-reserved-code": ("en", "de", "fr", "it", "nl", "pt", "tr", "sv"),
    "reminder-email": ("en", "de", "es", "fr", "nl", "tr"),
    "waiting-queue-reservation-email": ("en", "it", "de", "es", "pt", "nl"),
}


def alfio(repo: Path) -> None:
    base = _java_properties(_show(repo, ALFIO_COMMIT, f"{ALFIO_I18N}/public.properties"))
    event_url = f"{ALFIO_BASE}/event/{ALFIO_EVENT['shortName']}/"
    for template, langs in ALFIO_SENDS.items():
        source = _show(repo, ALFIO_COMMIT, f"{ALFIO_TPL}/{template}-txt.ms")
        for n, lang in enumerate(langs):
            own = _java_properties(
                _show(repo, ALFIO_COMMIT, f"{ALFIO_I18N}/public_{lang}.properties")
            )
            messages = {**base, **own}  # ResourceBundle parent chain: public_<lang> -> public
            person = ALFIO_PEOPLE[(n + len(template)) % len(ALFIO_PEOPLE)]
            ctx: dict[str, Any] = {"event": ALFIO_EVENT, "organization": ALFIO_ORG,
                                   "hasMailFooter": False}  # fmt: skip
            code: str | None = None
            note = None
            if template == "send-reserved-code":
                promo = messages["show-event.promo-code-type.promotional"]
                secret = _alfio_code()
                ctx.update(code=secret, eventPage=event_url, assignee=person,
                           promoCodeDescription=promo)  # fmt: skip
                subject = _message_format(
                    messages["email-code.subject"], [ALFIO_EVENT["displayName"], promo]
                )
                kind = "shop-order"
                note = (f"the mail gives the reserved {promo!r} code {secret} to enter on the event "
                        "page; a promotional code, so null as the brief says")  # fmt: skip
            else:
                reservation = _uuid()
                url = f"{ALFIO_BASE}/event/{ALFIO_EVENT['shortName']}/reservation/{reservation}?lang={lang}"
                if template == "reminder-email":
                    ctx.update(ticketReservation={"fullName": person, "id": reservation},
                               expirationDate="2027-03-02T23:59:00Z[UTC]", reservationUrl=url)  # fmt: skip
                    subject = _message_format(messages["reservation.reminder.mail.subject"],
                                              [reservation[:8].upper()])  # fmt: skip
                    kind = "shop-order"
                else:
                    ctx.update(subscription={"fullName": person}, reservationUrl=url,
                               reservationTimeout="2027-03-05T14:30:00Z[UTC]")  # fmt: skip
                    subject = _message_format(messages["email-waiting-queue-acquired.subject"],
                                              [ALFIO_EVENT["displayName"]])  # fmt: skip
                    kind = "notice"
            text = _mustache(source, ctx, _alfio_lambdas(messages))
            raw = message(sender=f"{ALFIO_ORG['name']} <noreply@devdays-zurich.example>",
                          subject=subject, text=text, html_part=None, sent=SENT)  # fmt: skip
            item = {
                "id": f"alfio-{template}-{lang}", "group": f"alfio-{template}", "source": "alfio",
                "lang": lang, "kind": kind, "code": code, "repository": ALFIO_REPO,
                "path": f"{ALFIO_TPL}/{template}-txt.ms, {ALFIO_I18N}/public_{lang}.properties",
                "commit": ALFIO_COMMIT, "licence": "GPL-3.0",
                "rendered": "JMustache text template with alf.io's i18n/format-date lambdas re-done in Python; text/plain only, as alf.io sends it",
            }  # fmt: skip
            if note:
                item["note"] = note
            _write(item, raw)


# ---------------------------------------------------------------------------------------
# Bagisto

BAGISTO_COMMIT = "889a7c6bd7200867d528f6ddc2668798e7db05d8"
BAGISTO_REPO = "bagisto/bagisto"
SHOP = "packages/Webkul/Shop/src/Resources"
ADMIN = "packages/Webkul/Admin/src/Resources"
BAGISTO_URL = "https://shop.lindenhof.example"
NBSP = "\u00a0"


def _php_array(source: str) -> Any:
    """The ``return [...]`` of a Laravel lang file as nested dicts (strings only)."""
    body = source[source.index("return") + len("return") :]
    tokens = re.findall(
        r"'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"|=>|\[|\]|,|//[^\n]*|/\*.*?\*/", body, re.S
    )
    tokens = [t for t in tokens if not t.startswith(("//", "/*"))]
    pos = 0

    def string(tok: str) -> str:
        if tok[0] == "'":
            return re.sub(r"\\([\\'])", r"\1", tok[1:-1])
        return re.sub(
            r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), tok[1:-1]
        )

    def value() -> Any:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        if tok == "[":
            out: dict[str, Any] = {}
            while tokens[pos] != "]":
                key = string(tokens[pos])
                assert tokens[pos + 1] == "=>", tokens[pos : pos + 3]
                pos += 2
                out[key] = value()
                if tokens[pos] == ",":
                    pos += 1
            pos += 1
            return out
        return string(tok)

    return value()


def _php_expr(expr: str) -> str:
    """Translate the PHP expressions of these Blade views into Jinja2 expressions."""
    parts = re.split(r"('(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\")", expr)
    code = []
    for i, part in enumerate(parts):
        if i % 2:
            code.append(part)
            continue
        part = part.replace("->", ".").replace("::", "__")
        part = re.sub(r"\$(\w+)", r"\1", part)
        part = re.sub(r"\s\.\s", " ~ ", part)
        part = (
            part.replace("!==", "!=")
            .replace("===", "==")
            .replace("||", " or ")
            .replace("&&", " and ")
        )
        part = part.replace("?:", " or ")
        part = re.sub(r"!(?!=)", " not ", part)
        part = part.replace("=>", ":")
        code.append(part)
    out = "".join(code)
    out = re.sub(r"(\w[\w.\[\]']*) \?\? ('[^']*')", r"(\1 or \2)", out)
    out = re.sub(r"isset\(([^()]*(?:\[[^\]]*\])?)\)", r"(\1 is defined and \1 is not none)", out)
    out = re.sub(r"empty\((\w+)\)", r"(not \1)", out)
    # PHP arrays with keys become dicts
    return re.sub(r"\[(\s*'[^']*'\s*:[\s\S]*?)\](?=\s*\)|\s*$)", r"{\1}", out)


def _balanced(text: str, start: int) -> int:
    """Index just past the parenthesis group opening at ``start`` (strings respected)."""
    depth, i, quote = 0, start, None
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(text[start : start + 80])


def _blade_to_jinja(src: str) -> str:
    """Compile the Blade subset these views use to Jinja2 (PHP's newline after ``?>`` kept
    out as Blade leaves it: eaten after directives, kept after echoes)."""
    src = re.sub(r"[ \t]*@php.*?@endphp\n?", "", src, flags=re.S)
    src = re.sub(r"@component\('[^']*'\)\n?|@endcomponent\n?", "", src)
    out, i = [], 0
    pattern = re.compile(
        r"\{!!(.*?)!!\}|\{\{(.*?)\}\}|(?<![\w@])@(lang|if|elseif|else|endif|foreach|endforeach)\b",
        re.S,
    )
    while True:
        m = pattern.search(src, i)
        if not m:
            out.append(src[i:])
            break
        out.append(src[i : m.start()])
        if m.group(1) is not None:
            out.append("{{ (" + _php_expr(m.group(1).strip()) + ")|safe }}")
            i = m.end()
            continue
        if m.group(2) is not None:
            expr = m.group(2).strip()
            out.append("{{ " + ("slot|safe" if expr == "$slot" else _php_expr(expr)) + " }}")
            i = m.end()
            continue
        name, j = m.group(3), m.end()
        args = ""
        if name in ("lang", "if", "elseif", "foreach"):
            k = j
            while src[k] in " \t":
                k += 1
            end = _balanced(src, k)
            args, j = src[k + 1 : end - 1].strip(), end
        if name == "lang":
            out.append("{{ trans(" + _php_expr(args) + ")|safe }}")
        elif name in ("if", "elseif"):
            out.append("{% " + name.replace("elseif", "elif") + " " + _php_expr(args) + " %}")
        elif name == "foreach":
            found = re.match(r"(.*)\sas\s+\$(\w+)$", args, re.S)
            assert found, args
            out.append("{% for " + found.group(2) + " in " + _php_expr(found.group(1)) + " %}")
        else:
            out.append("{% " + {"endforeach": "endfor"}.get(name, name) + " %}")
        if src.startswith("\n", j):  # PHP drops the newline right after "?>"
            j += 1
        i = j
    return "".join(out)


class _Obj:
    """A model: attributes, also readable as keys (a dict would shadow ``items``)."""

    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)

    def __getitem__(self, key: str) -> Any:
        return self.__dict__[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.__dict__[key] = value


EUR_FORMAT = {  # ICU currency pattern of each locale for EUR, as PHP intl prints it
    "en": "€{}", "de": "{} €", "fr": "{} €", "es": "{} €", "it": "{} €", "nl": "€ {}",
    "pt_BR": "€ {}", "pl": "{} €", "ru": "{} €", "tr": "€{}", "ja": "€{}", "zh_CN": "€{}",
}  # fmt: skip
DECIMAL_COMMA = {"de", "fr", "es", "it", "nl", "pt_BR", "pl", "ru", "tr"}


def _price(amount: float, lang: str) -> str:
    number = f"{amount:.2f}"
    if lang in DECIMAL_COMMA:
        number = number.replace(".", ",")
    assert amount < 1000  # no grouping separators to get wrong
    return EUR_FORMAT[lang].format(number).replace(" ", NBSP)


class _Core:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def formatPrice(self, amount: float, currency: str) -> str:
        assert currency == "EUR"
        return _price(amount, self.lang)

    def formatDate(self, date: str, fmt: str) -> str:
        assert fmt == "Y-m-d H:i:s"
        return date

    def getConfigData(self, key: str) -> Any:
        return {
            "sales.taxes.sales.display_prices": "excluding_tax",
            "sales.taxes.sales.display_subtotal": "excluding_tax",
            "sales.taxes.sales.display_shipping_amount": "excluding_tax",
            "sales.payment_methods.moneytransfer.title": "Money Transfer",
            "sales.payment_methods.cashondelivery.title": "Cash On Delivery",
        }.get(key)

    def getContactEmailDetails(self) -> dict[str, str]:
        return {"email": "support@lindenhof.example", "name": "Lindenhof Store"}


def _route(name: str, *args: Any) -> str:
    paths = {
        "shop.home.index": "/",
        "shop.customers.account.orders.view": "/customer/account/orders/view/{}",
        "shop.customers.verify": "/customer/verify-account/{}",
    }
    return BAGISTO_URL + paths[name].format(*args)


def _order(lang: str) -> _Obj:
    n = RNG.randint(1000, 9999)
    person = {"de": ("Lena", "Haller"), "fr": ("Julien", "Marchand"), "es": ("Lucía", "Ortega"),
              "it": ("Marco", "Bianchi"), "nl": ("Sofie", "de Vries"), "pt_BR": ("Inês", "Rocha"),
              "pl": ("Zofia", "Nowak"), "ru": ("Анна", "Смирнова"), "tr": ("Elif", "Kaya"),
              "ja": ("陽菜", "佐藤"), "zh_CN": ("伟", "王")}.get(lang, ("Noor", "Tester"))  # fmt: skip
    name = f"{person[0]} {person[1]}"
    address = _Obj(company_name=None, name=name, address="Lindenstraße 14",
                   postcode="79098", city="Freiburg im Breisgau",
                   state="BW", phone=f"+49 761 {RNG.randint(1000000, 9999999)}")  # fmt: skip
    items = [
        _Obj(sku="WOOL-SCARF-GRY", name="Merino Wool Scarf", price=34.90, qty_ordered=2,
             qty=2, additional={"attributes": [{"attribute_name": "Color", "option_label": "Grey"}]}),
        _Obj(sku="MUG-ENAMEL-12", name="Enamel Camping Mug", price=12.50, qty_ordered=1,
             qty=1, additional={}),
    ]  # fmt: skip
    for item in items:
        item["getTypeInstance"] = lambda: _Obj(getOrderedItem=lambda it: it)
    sub_total = sum(i.price * i.qty_ordered for i in items)
    shipping, tax = 5.90, round((sum(i.price * i.qty_ordered for i in items) + 5.90) * 0.19, 2)
    return _Obj(
        id=RNG.randint(100, 999), increment_id=str(n), customer_full_name=name,
        created_at=f"2027-02-2{RNG.randint(1, 7)} {RNG.randint(8, 21):02d}:{RNG.randint(0, 59):02d}:{RNG.randint(0, 59):02d}",
        shipping_address=address, billing_address=address, shipping_title="Flat Rate - Flat Rate",
        payment=_Obj(method="moneytransfer"), items=items, order_currency_code="EUR",
        order_currency_code_incl_tax="EUR", sub_total=sub_total, shipping_amount=shipping,
        shipping_amount_incl_tax=shipping, tax_amount=tax, discount_amount=0,
        grand_total=round(sub_total + shipping + tax, 2),
    )  # fmt: skip


BAGISTO_SENDS = {
    "order-created": ("shop", "emails/orders/created", "shop::app.emails.orders.created.subject",
                      ("en", "de", "fr", "ja", "pt_BR"), "shop-order"),
    "order-shipped": ("shop", "emails/orders/shipped", "shop::app.emails.orders.shipped.subject",
                      ("en", "es", "it", "pl", "zh_CN"), "shop-order"),
    "order-refunded": ("shop", "emails/orders/refunded", "shop::app.emails.orders.refunded.subject",
                       ("en", "nl", "ru", "tr"), "shop-order"),
    "email-verification": ("shop", "emails/customers/email-verification",
                           "shop::app.emails.customers.verification.subject",
                           ("en", "de", "es", "tr"), "notice"),
    "backup-codes": ("admin", "emails/admin/backup-codes", "admin::app.account.emails.backup-codes.subject",
                     ("en", "de", "fr", "it", "nl"), "notice"),
}  # fmt: skip


def bagisto(repo: Path) -> None:
    from jinja2 import Environment, StrictUndefined  # the Blade views as Jinja

    env = Environment(autoescape=True, keep_trailing_newline=True, undefined=StrictUndefined)
    layouts = {}
    for ns, res in (("shop", SHOP), ("admin", ADMIN)):
        layout = _show(repo, BAGISTO_COMMIT, f"{res}/views/emails/layout.blade.php")
        # the logo conditions assign and test at once; no channel/admin logo is configured
        layout = re.sub(r"@if \(\$logo = [^\n]*\)\n", "@if (false)\n", layout)
        layouts[ns] = env.from_string(_blade_to_jinja(layout))
    for template, (ns, view, subject_key, langs, kind) in BAGISTO_SENDS.items():
        res = SHOP if ns == "shop" else ADMIN
        body = env.from_string(
            _blade_to_jinja(_show(repo, BAGISTO_COMMIT, f"{res}/views/{view}.blade.php"))
        )
        for lang in langs:
            catalogues = {}
            for cns, cres in (("shop", SHOP), ("admin", ADMIN)):
                for cl in (lang, "en"):
                    catalogues[(cns, cl)] = _php_array(
                        _show(repo, BAGISTO_COMMIT, f"{cres}/lang/{cl}/app.php")
                    )

            def trans(key: str, replace: dict[str, Any] | None = None) -> str:
                cns, dotted = key.split("::app.")
                for cl in (lang, "en"):  # Laravel falls back to the fallback locale (en)  # noqa: B023
                    node: Any = catalogues[(cns, cl)]  # noqa: B023
                    for part in dotted.split("."):
                        node = node.get(part) if isinstance(node, dict) else None
                    if isinstance(node, str):
                        break
                assert isinstance(node, str), key
                for k, v in sorted((replace or {}).items(), key=lambda kv: -len(kv[0])):
                    v = str(v)
                    node = (
                        node.replace(":" + k, v)
                        .replace(":" + k[:1].upper() + k[1:], v)
                        .replace(":" + k.upper(), v)
                    )
                return node

            core = _Core(lang)
            ctx: dict[str, Any] = {
                "trans": trans, "core": lambda core=core: core, "route": _route,
                "config": lambda key: {"app.name": "Bagisto"}[key],
                "bagisto_asset": lambda path, ns: f"{BAGISTO_URL}/themes/{ns}/default/build/assets/logo.svg",
                "Storage__url": lambda p: p, "File__basename": lambda p: p, "additionalDetails": None,
                "false": False,
            }  # fmt: skip
            code = None
            note = None
            if template.startswith("order-"):
                order = _order(lang)
                ctx["order"] = order
                if template == "order-shipped":
                    track = "1Z" + "".join(
                        RNG.choice("0123456789ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(16)
                    )
                    ctx["shipment"] = _Obj(order=order, order_id=order.id, increment_id=str(RNG.randint(100, 999)),
                                           carrier_title="UPS", track_number=track, items=order["items"])  # fmt: skip
                    note = f"tracking number {track}; no code to type"
                if template == "order-refunded":
                    ctx["refund"] = _Obj(order=order, order_id=order.id, increment_id=str(RNG.randint(10, 99)), items=order["items"], order_currency_code="EUR",
                                         order_currency_code_incl_tax="EUR", sub_total=order.sub_total,
                                         shipping_amount=order.shipping_amount, shipping_amount_incl_tax=order.shipping_amount,
                                         tax_amount=order.tax_amount, discount_amount=0, adjustment_refund=0,
                                         adjustment_fee=0, grand_total=order.grand_total)  # fmt: skip
            elif template == "email-verification":
                token = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
                ctx["customer"] = _Obj(name=_order(lang).customer_full_name, token=token)
            else:
                codes = [f"{RNG.randint(0, 999999):06d}" for _ in range(8)]
                ctx["admin"] = _Obj(name="Noor Tester")
                ctx["backupCodes"] = codes
                note = ("lists eight six-digit two-factor backup codes to keep (" + ", ".join(codes)
                        + "); no single code is given to type now")  # fmt: skip
            ctx["slot"] = body.render(**ctx)
            page = layouts[ns].render(**ctx)
            raw = message(sender="Bagisto <shop@lindenhof.example>", subject=trans(subject_key),
                          text=None, html_part=page, sent=SENT)  # fmt: skip
            item = {
                "id": f"bagisto-{template}-{lang}", "group": f"bagisto-{template}", "source": "bagisto",
                "lang": lang.replace("_", "-"), "kind": kind, "code": code, "repository": BAGISTO_REPO,
                "path": f"{res}/views/{view}.blade.php, {res}/views/emails/layout.blade.php, {res}/lang/{lang}/app.php",
                "commit": BAGISTO_COMMIT, "licence": "MIT",
                "rendered": "Blade view and layout compiled to Jinja2 by this script (PHP expressions translated), lang strings filled as Laravel's translator does; text/html only",
            }  # fmt: skip
            if note:
                item["note"] = note
            _write(item, raw)


# ---------------------------------------------------------------------------------------
# ShopXO

SHOPXO_COMMIT = "69e617b858e1b488ddc9d359d701e48075d52af1"
SHOPXO_REPO = "gongfuxiang/shopxo"
SHOPXO_SENDS = {  # template -> (config only_tag, subject: (lang key, joined with " - "), UI languages)
    "user-login": ("home_email_login_template", "common_service.user.login_email_send_title", True,
                   ("zh", "en", "cht", "spa")),
    "user-register": ("home_email_user_reg_template", "common_service.user.register_email_send_title", True,
                      ("zh", "en")),
    "forget-password": ("home_email_user_forget_pwd_template",
                        "common_service.user.forget_pwd_email_send_title", True, ("zh", "cht")),
    "email-binding": ("home_email_user_email_binding_template",
                      "common_service.safety.send_verify_email_title", True, ("zh", "spa")),
    "admin-login": ("admin_email_login_template", "common_service.admin.login_verify_send_last_title",
                    False, ("zh", "en")),
    # FormInputService: the generic template, its subject suffix written in the code
    "form-input": ("common_email_currency_template", "literal:表单数据填写验证", True, ("zh",)),
}  # fmt: skip
SHOPXO_LANG = {"zh": "zh", "en": "en", "cht": "zh-Hant", "spa": "es"}
SHOPXO_SITE = {"zh": "优品小铺", "cht": "優品小鋪", "en": "Youpin Shop", "spa": "Youpin Shop"}


def _php_lang_value(source: str, dotted: str) -> str:
    """A value of ShopXO's nested lang array, found by walking the keys in order."""
    pos = 0
    for key in dotted.split("."):
        found = re.compile(r"'" + re.escape(key) + r"'\s*=>").search(source, pos)
        assert found, dotted
        pos = found.end()
    value = re.compile(r"\s*'((?:\\.|[^'\\])*)'").match(source, pos)
    assert value, dotted
    return re.sub(r"\\([\\'])", r"\1", value.group(1))


def shopxo(repo: Path) -> None:
    sql = _show(repo, SHOPXO_COMMIT, "config/shopxo.sql")
    for template, (tag, title_key, dashed, langs) in SHOPXO_SENDS.items():
        found = re.search(
            r"\(\d+, '((?:\\.|[^'\\])*)', '[^']*', '[^']*', '[^']*', '[a-z]+', '" + tag + "'", sql
        )
        assert found, tag
        content = re.sub(r"\\(.)", r"\1", found.group(1))  # MySQL string escapes
        for lang in langs:
            catalogue = _show(repo, SHOPXO_COMMIT, f"app/lang/{lang}.php")
            suffix = (
                title_key[8:]
                if title_key.startswith("literal:")
                else _php_lang_value(catalogue, title_key)
            )
            title = SHOPXO_SITE[lang] + (" - " if dashed else "") + suffix
            code = "".join(str(RNG.randint(1, 9)) for _ in range(4))  # GetNumberCode(4): rand(1, 9)
            body = content.replace("#code#", code)
            alt = re.sub(r"<[^>]*>", "", body)  # PHP strip_tags: entities stay as they are
            raw = message(sender="ShopXO <notice@youpin-shop.example>", subject=title, text=alt,
                          html_part=body, sent=SENT)  # fmt: skip
            item = {
                "id": f"shopxo-{template}-{SHOPXO_LANG[lang]}", "group": f"shopxo-{template}",
                "source": "shopxo", "lang": SHOPXO_LANG[lang], "kind": "shop-otp", "code": code,
                "repository": SHOPXO_REPO,
                "path": f"config/shopxo.sql ({tag}), extend/base/Email.php, app/lang/{lang}.php",
                "commit": SHOPXO_COMMIT, "licence": "MIT",
                "rendered": "the shipped default template (sxo_config) with #code# replaced as Email::SendHtml does; AltBody = strip_tags(body); subject as the service builds it",
            }  # fmt: skip
            if lang != "zh":
                item["note"] = (
                    f"body is the shipped Chinese default template; only the subject follows the {lang} catalogue"
                )
            _write(item, raw)


# ---------------------------------------------------------------------------------------
# WooCommerce (read with read_file: the repository is too large to fetch)

WOO_COMMIT = "55698ed32f6c020201d6a34c0ff04cb2d5aa6b95"
WOO_REPO = "woocommerce/woocommerce"
# plugins/woocommerce/templates/emails/plain/fraud-protection-otp.php at WOO_COMMIT, its echo
# statements with esc_html__() of the English source strings.
WOO_OTP_PLAIN = (
    "=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=\n"
    "{heading}"
    "\n=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=\n\n"
    "We received a request to verify your email address for fraud protection purposes.\n\n"
    "Use the following verification code to complete your purchase:\n\n"
    "----------------------------------------\n"
    "    {otp}\n"
    "----------------------------------------\n\n"
    "This code will expire in {minutes} minutes.\n\n"
    "For security reasons, do not share this code with anyone.\n\n"
    "----------------------------------------\n\n"
    "{additional}"
    "\n\n----------------------------------------\n\n"
    "{footer}"
)
# includes/emails/class-wc-email.php: $plain_search / $plain_replace (the ones these mails need)
WOO_PLAIN_REPLACE = [
    (r"\r", ""), (r"&(nbsp|#0*160);", " "), (r"&(mdash|#0*151|#0*8212);", "--"),
    (r"&[^&\s;]+;", ""), (r"[ ]{2,}", " "),
]  # fmt: skip


def _php_wordwrap(text: str, width: int = 70) -> str:
    """PHP wordwrap($text, $width) with break "\n" and no cutting (php-src's loop)."""
    out, laststart, lastspace = [], 0, 0
    current = 0
    while current < len(text):
        ch = text[current]
        if ch == "\n" and current + 1 < len(text):
            out.append(text[laststart : current + 1])
            laststart = lastspace = current + 1
        elif ch == " ":
            if current - laststart >= width:
                out.append(text[laststart:current] + "\n")
                laststart = current + 1
            lastspace = current
        elif current - laststart >= width and laststart < lastspace:
            out.append(text[laststart:lastspace] + "\n")
            laststart = lastspace = lastspace + 1
        current += 1
    if laststart != current:
        out.append(text[laststart:current])
    return "".join(out)


def woocommerce() -> None:
    blogname = "Kestrel Outdoor"
    # default option woocommerce_email_footer_text, placeholders as WC_Emails::replace_placeholders
    footer = "{site_title} &mdash; Built with {WooCommerce}".replace("{site_title}", blogname).replace(
        "{WooCommerce}", '<a href="https://woocommerce.com">WooCommerce</a>')  # fmt: skip
    otp = f"{RNG.randint(0, 999999):06d}"
    content = WOO_OTP_PLAIN.format(
        heading="Verify your email address", otp=otp, minutes=60,
        additional="If you did not request this code, please ignore this email.", footer=footer,
    )  # fmt: skip
    content = re.sub(r"<[^>]*>", "", content).strip()  # wp_strip_all_tags
    for pattern, repl in WOO_PLAIN_REPLACE:
        content = re.sub(pattern, repl, content, flags=re.I)
    text = _php_wordwrap(content, 70)
    raw = message(sender=f"{blogname} <shop@kestrel-outdoor.example>",
                  subject=f"Verification code for {blogname}", text=text, html_part=None, sent=SENT)  # fmt: skip
    _write({
        "id": "woocommerce-fraud-protection-otp-en", "group": "woocommerce-fraud-protection-otp",
        "source": "woocommerce", "lang": "en", "kind": "shop-otp", "code": otp, "repository": WOO_REPO,
        "path": "plugins/woocommerce/templates/emails/plain/fraud-protection-otp.php, plugins/woocommerce/includes/emails/class-wc-email-fraud-protection-otp.php, plugins/woocommerce/includes/emails/class-wc-email.php",
        "commit": WOO_COMMIT, "licence": "GPL-3.0",
        "rendered": "plain-text e-mail type: template echoes filled by hand (default heading, subject, additional content, 60-minute default expiry, classic default footer), then WC_Email::get_content's strip_tags, $plain_search replacements and wordwrap(70)",
        "note": "class-wc-email.php read at 04da07b9f74918f9c868d30cb7cc512ab5b674b1 (get_content, $plain_search); the template shows the code as ' " + otp + "' between rules (runs of spaces collapsed)",
    }, raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Saleor

SALEOR_COMMIT = "723cd4eba87dfc72822ade45dc08a3caa548428d"
SALEOR_REPO = "saleor/saleor"
SALEOR_TPL = "saleor/plugins/user_email/default_email_templates"


def _handlebars(template: str, ctx: dict[str, Any]) -> str:
    """The Handlebars subset of these templates as pybars renders it: {{x.y}} escaped,
    {{#if}}/{{else}}/{{/if}}, {{#each}} (no helpers are used by these three)."""
    tokens = re.split(r"(\{\{[^}]*\}\})", template)

    def lookup(name: str, stack: list[Any]) -> Any:
        value: Any = stack[-1]
        for part in name.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return value

    def parse(pos: int, closing: str | None) -> tuple[list[Any], list[Any], int]:
        body: list[Any] = []
        other: list[Any] = []
        current = body
        while pos < len(tokens):
            tok = tokens[pos]
            pos += 1
            inner = tok[2:-2].strip() if tok.startswith("{{") else None
            if inner is None:
                current.append(("text", tok))
            elif inner == "else":
                current = other
            elif inner.startswith("/"):
                assert inner[1:] == closing, (inner, closing)
                return body, other, pos
            elif inner.startswith("#"):
                block, arg = inner[1:].split(None, 1)
                b, o, pos = parse(pos, block)
                current.append((block, arg, b, o))
            else:
                current.append(("var", inner))
        return body, other, pos

    def render(nodes: list[Any], stack: list[Any]) -> str:
        out = []
        for node in nodes:
            if node[0] == "text":
                out.append(node[1])
            elif node[0] == "var":
                value = lookup(node[1], stack)
                out.append("" if value is None else html.escape(str(value), quote=True))
            elif node[0] == "if":
                value = lookup(node[1], stack)
                out.append(
                    render(node[2] if value not in (None, False, "", 0, []) else node[3], stack)
                )
            elif node[0] == "each":
                for item in lookup(node[1], stack) or []:
                    out.append(render(node[2], [*stack, item]))
        return "".join(out)

    nodes, _, _ = parse(0, None)
    return render(nodes, [ctx])


class _TextContent(HTMLParser):
    """lxml's text_content() of <body>: the text nodes, comments left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.in_body = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "body":
            self.in_body = True

    def handle_data(self, data: str) -> None:
        if self.in_body:
            self.parts.append(data)


SALEOR_SENDS = {  # template -> (subject template, kind)
    "gift_card": ("Gift card for {{ site_name }}", "shop-order"),
    "confirm_fulfillment": ("Your order {{ order.number }} has been fulfilled", "shop-order"),
    "order_refund": ("Order {{ order.number }} refunded", "shop-order"),
}


def saleor(repo: Path) -> None:
    site = {"domain": "shop.maple-and-moss.example", "site_name": "Maple Moss Store",
            "logo_url": "https://shop.maple-and-moss.example/static/images/saleor-logo-sm.png"}  # fmt: skip
    order = {"number": str(RNG.randint(1000, 9999)), "order_details_url": None}
    for template, (subject_tpl, kind) in SALEOR_SENDS.items():
        note = None
        if template == "gift_card":
            code = "-".join(
                "".join(RNG.choice("0123456789ABCDEF") for _ in range(4)) for _ in range(3)
            )
            ctx = {"gift_card": {"code": code, "balance": "50.00", "currency": "EUR"},
                   "user": {"first_name": "Noor", "last_name": "Tester"},
                   "recipient_email": "noor.tester@example.com", **site}  # fmt: skip
            note = f"gift card code {code} (generate_promo_code) to pay with at checkout: a voucher-like code, not a one-time code"
        elif template == "confirm_fulfillment":
            track = "".join(RNG.choice("0123456789") for _ in range(20))
            ctx = {"order": order, "fulfillment": {"tracking_number": track, "is_tracking_number_url": False},
                   "physical_lines": [
                       {"order_line": {"product_name": "Linen Apron", "variant_name": "Olive"}, "quantity": 1},
                       {"order_line": {"product_name": "Beeswax Wraps", "variant_name": None}, "quantity": 3}],
                   "recipient_email": "noor.tester@example.com", **site}  # fmt: skip
            note = f"'You can track your shipment with {track} code.': a tracking number"
        else:
            ctx = {"order": order, "amount": "42.90", "currency": "EUR",
                   "recipient_email": "noor.tester@example.com", **site}  # fmt: skip
        page = _handlebars(_show(repo, SALEOR_COMMIT, f"{SALEOR_TPL}/{template}.html"), ctx)
        parser = _TextContent()
        parser.feed(page)
        text = " ".join("".join(parser.parts).split())
        subject = _handlebars(subject_tpl, ctx)
        raw = message(sender="Maple Moss Store <noreply@maple-and-moss.example>", subject=subject,
                      text=text, html_part=page, sent=SENT)  # fmt: skip
        item = {
            "id": f"saleor-{template.replace('_', '-')}-en", "group": f"saleor-{template.replace('_', '-')}",
            "source": "saleor", "lang": "en", "kind": kind, "code": None, "repository": SALEOR_REPO,
            "path": f"{SALEOR_TPL}/{template}.html, saleor/plugins/email_common.py, saleor/plugins/user_email/constants.py",
            "commit": SALEOR_COMMIT, "licence": "BSD-3-Clause",
            "rendered": "default Handlebars template filled as pybars does (payload as saleor/*/notifications.py builds it); text part = whitespace-collapsed text of <body> as get_plain_text_message_for_email gives it",
        }  # fmt: skip
        if note:
            item["note"] = note
        _write(item, raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--alfio", type=Path, required=True)
    parser.add_argument("--bagisto", type=Path, required=True)
    parser.add_argument("--shopxo", type=Path, required=True)
    parser.add_argument("--saleor", type=Path, required=True)
    args = parser.parse_args()
    alfio(args.alfio)
    bagisto(args.bagisto)
    shopxo(args.shopxo)
    woocommerce()
    saleor(args.saleor)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} items -> {OUT}")


if __name__ == "__main__":
    main()
