"""Round fifteen (``shop``): shops, event ticketing and food co-ops: codes and notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_shop.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots fetched for this round (``<owner>+<name>/repo``):
HiEventsDev+Hi.Events (AGPL-3.0), aimeos+ai-controller-jobs (LGPL-3.0),
foodcoopshop+foodcoopshop (AGPL-3.0), fossasia+open-event-server (GPL-3.0),
zencart+zencart (GPL-2.0), tastyigniter+core, tastyigniter+ti-ext-cart,
tastyigniter+ti-ext-reservation, tastyigniter+ti-ext-user (MIT).

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Hi.Events (event ticketing): the Laravel markdown mails of
  ``backend/resources/views/emails/**`` with the subjects of ``backend/app/Mail/**``, strings
  from ``backend/lang/<lang>.json`` as Laravel's JSON translator gives them (missing key: the
  English key; ``:name`` replacements), sent in the user's locale where the handler calls
  ``->locale()``. The e-mail confirmation code is ``random_int(10000, 99999)``
  (``EmailVerificationCodeService``). The Blade body is filled by a small renderer here
  (``{{ }}`` HTML-escaped, ``@if``, ``<x-mail::button>``); the HTML part is the body
  converted with Python-Markdown inside the project's own ``vendor/mail/html`` layout
  (header logo, footer "Powered by Hi.Events"), Laravel's CSS inlining NOT reproduced; the
  text part is the ``vendor/mail/text`` layout (header ``[Hi.Events](url)``, tags stripped,
  entities decoded, runs of blank lines folded) as Laravel's ``Markdown::renderText`` does.
  A language is taken for a template where its subject and most of its strings are
  translated and none is an empty string (a key the JSON lacks falls back to English, as
  Laravel does: the JSON's ``We\\'re`` keys never match Blade's ``We\'re``).
- Aimeos (e-commerce framework, ``ai-controller-jobs``): the customer account mail
  (``templates/controller/jobs/customer/email/account/{text,html}.php``) sent by
  ``src/Controller/Jobs/Customer/Email/Account/Standard.php`` (subject "Your new account")
  with the password generated for the customer (``substr(sha1(...), -8)``, eight hex
  digits, in aimeos/ai-controller-frontend's ``Customer::store``), or "Like entered by you"
  when the customer chose one. Strings from ``i18n/<lang>.po`` (domain ``controller/jobs``):
  all 43 .po files translate this mail; 16 languages of them are taken for the generated
  password and 5 for the chosen one. The encoder's ``html()`` is taken as
  ``htmlspecialchars``; the shop has no logo configured (an empty ``img src``). The PHP
  templates are filled by a small renderer here (each ``<?= ?>`` of the template evaluated
  for the few view calls they make).
- FoodCoopShop (food co-operative shop, CakePHP): ``templates/email/html/*.php`` inside
  ``templates/layout/email/html/default.php`` and the ``templates/element/email/*``
  elements, strings from ``resources/locales/<locale>/default.po`` (``__()`` with ``{0}``
  placeholders); sent as HTML only. The new password is
  ``StringComponent::createRandomString(12)`` (``src/Controller/Component/``); the
  activation mail of ``plugins/Admin/src/Traits/Customers/ChangeStatusTrait.php`` gives it
  too, with the admin who activated the member as "signed in". German, English, Russian.
- Open Event Server (eventyay ticketing): the Jinja2 templates of ``app/templates/email/``
  rendered with jinja2 as Flask does (autoescape, ``jinja2.ext.i18n`` new-style ``_`` over
  ``app/translations/<lang>/LC_MESSAGES/messages.po``, fuzzy entries left out), with the
  context and subjects of ``app/api/helpers/mail.py`` / ``system_mails.py`` (the subjects'
  module-level ``_()`` runs outside a request: English). ``send_email_task_smtp`` sends the
  HTML with a text part made by ``bleach.clean(tags=[], strip=True)`` (tags stripped here).
  The password-reset token is ``str(random.getrandbits(128))`` (``app/models/user.py``),
  shown to paste into the app as well as in the link. A language is taken for a template
  only where the .po translates every string of it.
- Zen Cart: the admin password-reset mail (``admin/password_forgotten.php``: a temporary
  password from ``zen_create_PADSS_password(7)``), the admin reset-failure and
  login-failure notices and the storefront reset-link mail, the ``lang.*.php`` defines
  filled with ``sprintf``; text only, as ``includes/classes/Email.php`` sends with the
  install default ``EMAIL_USE_HTML`` false. English only, as the core ships.
- TastyIgniter (restaurant online ordering and table reservations): the mail templates of
  the cart, reservation and user extensions (``resources/views/mail/*.blade.php``: settings,
  text and HTML sections as ``Flame\\Mail\\MailParser`` splits them) with the data of the
  models' ``mailGetData()``, put into tastyigniter/core's default layout and partials
  (``resources/views/system/_mail/``) as ``System\\Classes\\MailManager`` does: the Blade is
  translated to Jinja2 here, the HTML section goes through Python-Markdown (for Laravel's
  CommonMark), the text section has its blank-line runs folded and entities decoded;
  ``{var}`` single-brace fields filled after (``StringParser``). No site logo, theme CSS
  and CSS inlining left out. English only (the extensions ship ``lang/en``). No codes.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import io
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import markdown
from babel.messages.pofile import read_po
from collect import HERE, message

OUT = HERE / "round15" / "shop.json"
SENT = datetime(2026, 12, 3, 17, 12, 44, tzinfo=UTC)
RNG = random.Random("r15-shop")
ITEMS: list[dict[str, Any]] = []


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _ls(repo: Path, commit: str, path: str) -> list[str]:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", commit, path],
        capture_output=True, check=True, text=True,
    ).stdout.split()  # fmt: skip


def _add(
    *, ident: str, group: str, source: str, lang: str, kind: str, code: str | None,
    repository: str, path: str, commit: str, licence: str, rendered: str, raw: bytes,
    note: str | None = None,
) -> None:  # fmt: skip
    rel = f"mail/{source}/{ident}.eml"
    target = HERE / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw)
    item = {
        "id": ident, "group": group, "source": source, "lang": lang, "kind": kind,
        "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _e(value: str) -> str:
    """PHP's ``htmlspecialchars($v, ENT_QUOTES)`` (Laravel's ``e()``): ``'`` as ``&#039;``."""
    return html.escape(value).replace("&#x27;", "&#039;")


def _php_string(lit: str) -> str:
    """The value of a PHP single- or double-quoted string literal (no interpolation)."""
    quote, body = lit[0], lit[1:-1]
    if quote == "'":
        return body.replace("\\'", "'").replace("\\\\", "\\")
    for esc, ch in (('\\"', '"'), ("\\n", "\n"), ("\\t", "\t"), ("\\$", "$")):
        body = body.replace(esc, ch)
    return body.replace("\\\\", "\\")


# ---------------------------------------------------------------------------------------
# Hi.Events

HIEVENTS = ("HiEventsDev/Hi.Events", "944433c77947dc55278622cb8ceb5d208be89b07")
HE_FRONT = "https://tickets.harbourlight.example"
HE_FROM = "Hi.Events <hello@hi.events>"
HE_LANGS = ["en", "de", "es", "fr", "hu", "it", "nl", "pl", "pt-br", "pt", "ru", "se", "tr",
            "vi", "zh-cn", "zh-hk"]  # fmt: skip
STR = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""


def _laravel_replace(line: str, repl: dict[str, str]) -> str:
    """Laravel's ``Translator::makeReplacements``: ``:key``, ``:Key``, ``:KEY``, longest first."""
    for key in sorted(repl, key=len, reverse=True):
        value = repl[key]
        line = line.replace(":" + key, value)
        line = line.replace(":" + key[0].upper() + key[1:], value[:1].upper() + value[1:])
        line = line.replace(":" + key.upper(), value.upper())
    return line


class _Blade:
    """Enough of Blade for Hi.Events' mail views: ``__()``, ``{{ }}``, ``{!! !!}``, ``@if``."""

    def __init__(self, strings: dict[str, str], exprs: dict[str, str]):
        self.strings = strings
        self.exprs = exprs
        self.used: list[str] = []

    def tr(self, key: str, repl: dict[str, str] | None = None) -> str:
        self.used.append(key)
        line = self.strings.get(key)
        if line is None:
            line = key
        return _laravel_replace(line, repl or {})

    def expr(self, src: str) -> str:
        src = src.strip()
        m = re.fullmatch(r"__\(\s*(" + STR + r")\s*(?:,\s*\[(.*)\])?\s*\)", src, re.S)
        if m:
            repl = {}
            for km in re.finditer(r"'(\w+)'\s*=>\s*([^,\]]+(?:\([^)]*\))?)", m.group(2) or ""):
                repl[km.group(1)] = self.expr(km.group(2))
            return self.tr(_php_string(m.group(1)), repl)
        if src in self.exprs:
            return self.exprs[src]
        raise KeyError(src)

    def render(self, src: str, *, text: bool) -> str:
        src = re.sub(r"^@php.*?@endphp\n", "", src, flags=re.M)

        def cond(m: re.Match[str]) -> str:
            value = self.exprs.get(m.group(1).strip(), "")
            return m.group(2) if value else (m.group(4) or "")

        src = re.sub(r"@if\((.*?)\)\n(.*?)(@else\n(.*?))?@endif\n", cond, src, flags=re.S)

        def button(m: re.Match[str]) -> str:
            url = self.exprs[m.group(1)]
            label = _e(self.expr(m.group(2)))
            if text:
                return f"{label}: {url}"
            return (
                '<table class="action" align="center" width="100%" cellpadding="0" '
                'cellspacing="0" role="presentation">\n<tr>\n<td align="center">\n'
                '<table width="100%" border="0" cellpadding="0" cellspacing="0" '
                'role="presentation">\n<tr>\n<td align="center">\n<table border="0" '
                'cellpadding="0" cellspacing="0" role="presentation">\n<tr>\n<td>\n'
                f'<a href="{_e(url)}" class="button button-primary" target="_blank"\n'
                f'rel="noopener">{label}</a>\n</td>\n</tr>\n</table>\n</td>\n</tr>\n</table>\n'
                "</td>\n</tr>\n</table>"
            )

        src = re.sub(
            r'<x-mail::button :url="(\$\w+)">\s*\{\{(.*?)\}\}\s*</x-mail::button>',
            button, src, flags=re.S,
        )  # fmt: skip
        src = re.sub(r"\{!!(.*?)!!\}", lambda m: self.expr(m.group(1)), src)
        src = re.sub(r"\{\{(.*?)\}\}", lambda m: _e(self.expr(m.group(1))), src)
        src = src.replace("<x-mail::message>\n", "").replace("</x-mail::message>", "")
        return src.strip() + "\n"


def _he_html(body_md: str) -> str:
    body = markdown.markdown(body_md, extensions=["tables"])
    footer = markdown.markdown(
        f'© {SENT.year} Hi.Events | Powered by <a title="Manage events and sell tickets '
        'online with Hi.Events" href="https://hi.events?utm_source=app-email-footer">'
        "Hi.Events</a>"
    )
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"\n'
        '    "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n    <title>Hi.Events</title>\n'
        '    <meta name="viewport" content="width=device-width, initial-scale=1.0"/>\n'
        '    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>\n'
        '    <meta name="color-scheme" content="light">\n'
        '    <meta name="supported-color-schemes" content="light">\n</head>\n<body>\n\n'
        '<table class="wrapper" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '    <tr>\n        <td align="center">\n'
        '            <table class="content" width="100%" cellpadding="0" cellspacing="0" '
        'role="presentation">\n<tr>\n    <td class="header">\n'
        f'        <a href="{HE_FRONT}" style="display: inline-block;">\n'
        f'            <img src="{HE_FRONT}/logos/hi-events-stacked-light.png" class="logo" '
        'alt="Hi.Events"\n                     style="max-width: 300px;">\n'
        "        </a>\n    </td>\n</tr>\n\n                <!-- Email Body -->\n"
        '                <tr>\n                    <td class="body" width="100%" cellpadding="0" '
        'cellspacing="0" style="border: hidden !important;">\n'
        '                        <table class="inner-body" align="center" width="570" '
        'cellpadding="0" cellspacing="0"\n                               role="presentation">\n'
        "                            <!-- Body content -->\n                            <tr>\n"
        '                                <td class="content-cell">\n'
        + body
        + "\n\n                                    \n                                </td>\n"
        "                            </tr>\n                        </table>\n"
        "                    </td>\n                </tr>\n\n<tr>\n    <td>\n"
        '        <table class="footer" align="center" width="570" cellpadding="0" '
        'cellspacing="0" role="presentation">\n            <tr>\n'
        '                <td class="content-cell" align="center">\n'
        + footer
        + "\n                </td>\n            </tr>\n        </table>\n    </td>\n</tr>\n"
        "            </table>\n        </td>\n    </tr>\n</table>\n</body>\n</html>\n"
    )


def _he_text(body_md: str, strings: dict[str, str]) -> str:
    rights = strings.get("All rights reserved.") or "All rights reserved."
    raw = (
        f"[Hi.Events]({HE_FRONT})\n\n"
        + re.sub(r"<[^>]+>", "", body_md)
        + f"\n\n© {SENT.year} Hi.Events. {rights}\n"
    )
    raw = re.sub(r"[\r\n]{2,}", "\n\n", raw)
    return html.unescape(raw)


def hievents(repo: Path) -> None:
    commit = HIEVENTS[1]
    views = "backend/resources/views/emails/"
    templates = [
        # (name, view, mail class, subject key, localised, kind)
        ("confirmation-code", "user/email-confirmation-code", "Account/EmailConfirmationCodeEmail",
         "Your confirmation code for :app_name is :code", True, "shop-otp"),
        ("forgot-password", "auth/forgot-password", "User/ForgotPassword", "Password reset",
         True, "notice"),
        ("reset-password-success", "auth/reset-password-success", "User/ResetPasswordSuccess",
         "Your password has been reset", True, "notice"),
        ("ticket-lookup", "ticket-lookup/ticket-lookup", "TicketLookup/TicketLookupEmail",
         "Your Tickets", False, "notice"),
        ("confirm-email", "user/confirm-email-address", "Account/ConfirmEmailAddressEmail",
         "Welcome to :app_name! Please confirm your email address", False, "notice"),
        ("waitlist", "waitlist/confirmation", "Waitlist/WaitlistConfirmationMail",
         "You're on the waitlist!", True, "notice"),
    ]  # fmt: skip
    names = {"en": "Noor", "de": "Lena", "es": "Lucía", "fr": "Camille", "hu": "Zsófia",
             "it": "Giulia", "nl": "Femke", "pl": "Agnieszka", "pt-br": "Beatriz",
             "pt": "Inês", "ru": "Ольга", "se": "Elin", "tr": "Elif", "vi": "Linh",
             "zh-cn": "王芳", "zh-hk": "陳嘉欣"}  # fmt: skip
    for name, view, klass, subject_key, localised, kind in templates:
        src = _show(repo, commit, views + view + ".blade.php")
        for lang in HE_LANGS if localised else ["en"]:
            strings: dict[str, str] = {}
            if lang != "en":
                strings = json.loads(_show(repo, commit, f"backend/lang/{lang}.json"))
            code = str(RNG.randint(10000, 99999)) if name == "confirmation-code" else None
            token = RNG.randbytes(15).hex()
            exprs = {
                "$user->getFirstName()": names[lang],
                "config('app.name')": "Hi.Events",
                "$code": code or "",
                "$link": f"{HE_FRONT}/auth/reset-password/rp{token}"
                if name == "forgot-password"
                else f"{HE_FRONT}/manage/profile/confirm-email-address/{token}",
                "$orderCount": "2",
                "$email": "noor.tester@example.com",
                "$ticketLookupUrl": f"{HE_FRONT}/my-tickets/tl{token}",
                "$productName": "Early Bird - Standing",
                "$event->getTitle()": "Harbour Lights Festival 2027",
                "$eventUrl": f"{HE_FRONT}/event/482/harbour-lights-festival-2027",
                "$organizer->getName() ?: config('app.name')": "Harbour Lights Events",
                "$eventSettings->getGetEmailFooterHtml()": "",
            }
            blade = _Blade(strings, exprs)
            body_html = blade.render(src, text=False)
            keys = [*blade.used, subject_key]
            if lang != "en" and (
                any(strings.get(k) == "" for k in keys)
                or not strings.get(subject_key)
                or sum(k in strings for k in keys) * 2 < len(keys)
            ):
                continue  # an empty string would print as nothing; mostly untranslated
            body_text = _Blade(strings, exprs).render(src, text=True)
            subject = html.unescape(
                _laravel_replace(
                    strings.get(subject_key) or subject_key,
                    {"app_name": "Hi.Events", "code": code or ""},
                )
            )
            raw = message(
                sender=HE_FROM,
                subject=subject,
                text=_he_text(body_text, strings),
                html_part=_he_html(body_html),
                sent=SENT,
            )
            ident = f"hievents-{name}-{lang}"
            _add(
                ident=ident, group=f"hievents-{name}", source="hievents", lang=lang,
                kind=kind, code=code, repository=HIEVENTS[0],
                path=f"{views}{view}.blade.php; backend/app/Mail/{klass}.php; "
                "backend/resources/views/vendor/mail/{html,text}/*; "
                + (f"backend/lang/{lang}.json" if lang != "en" else "backend/lang (en: keys)")
                + ("; backend/app/Services/Infrastructure/User/EmailVerificationCodeService.php"
                   if code else ""),
                commit=commit, licence="AGPL-3.0",
                rendered="Blade body filled by a small renderer; HTML by Python-Markdown in the "
                "project's mail layout (no CSS inlining); text as Laravel renderText",
                raw=raw,
                note="five-digit e-mail confirmation code shown as a heading; also in the subject"
                if code else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Aimeos

AIMEOS = ("aimeos/ai-controller-jobs", "fe605ab751a3bc699bdfd937a6787e6161699277")
AIM_SHOP = "https://shop.lindenhof-feinkost.example"
AIM_FROM = "Lindenhof Feinkost <shop@lindenhof-feinkost.example>"
AIM_CODES = ["en", "de", "fr", "es", "it", "nl", "pl", "cs", "ru", "ja", "zh", "ko", "ar", "he",
             "tr", "th"]  # fmt: skip
AIM_ENTERED = ["en", "de", "fr", "ja", "ar"]
AIM_PEOPLE = {
    "en": ("Noor", "Tester"), "de": ("Lena", "Hartmann"), "fr": ("Camille", "Moreau"),
    "es": ("Lucía", "Navarro"), "it": ("Giulia", "Ferri"), "nl": ("Femke", "de Vries"),
    "pl": ("Agnieszka", "Wójcik"), "cs": ("Tereza", "Dvořáková"), "ru": ("Ольга", "Смирнова"),
    "ja": ("美咲", "佐藤"), "zh": ("芳", "王"), "ko": ("지은", "김"), "ar": ("ليلى", "حداد"),
    "he": ("נועה", "כהן"), "tr": ("Elif", "Yılmaz"), "th": ("สุดา", "ศรีสุข"),
}  # fmt: skip


def _php_wordwrap(text: str, width: int = 75) -> str:
    """PHP's ``wordwrap($s)``: width 75, break at the last space, long words kept whole."""
    out = []
    for line in text.split("\n"):
        while len(line) > width:
            cut = line.rfind(" ", 0, width + 1)
            if cut <= 0:
                cut = line.find(" ", width)
                if cut < 0:
                    break
            out.append(line[:cut])
            line = line[cut + 1 :]
        out.append(line)
    return "\n".join(out)


def _php_template(src: str, evaluate: Any) -> str:
    """Run a PHP view that only echoes (``<?= expr ?>``): ``<?php ... ?>`` blocks output
    nothing here, and PHP eats one newline right after each ``?>``."""
    out = []
    pos = 0
    for m in re.finditer(r"<\?(php|=)(.*?)\?>\n?", src, re.S):
        out.append(src[pos : m.start()])
        if m.group(1) == "=":
            out.append(evaluate(m.group(2).strip()))
        pos = m.end()
    out.append(src[pos:])
    return "".join(out)


def _po(repo: Path, commit: str, lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    raw = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:i18n/{lang}.po"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    return {str(m.id): str(m.string) for m in read_po(io.BytesIO(raw)) if m.id and m.string}


def _aimeos_value(expr: str, *, po: dict[str, str], view: dict[str, Any]) -> str:
    """One ``<?= ?>`` expression of the Aimeos account views."""
    expr = re.sub(r"\s+", " ", expr)
    for fn, wrap in (("$enc->html( ", _e), ("$enc->attr( ", _e),
                     ("wordwrap( ", _php_wordwrap),
                     ("strip_tags( ", lambda v: re.sub(r"<[^>]*>", "", v)),
                     ("nl2br( ", lambda v: v.replace("\n", "<br />\n"))):  # fmt: skip
        if expr.startswith(fn) and expr.endswith(" )"):
            return wrap(_aimeos_value(expr[len(fn) : -2], po=po, view=view))
    m = re.fullmatch(r"\$this->translate\( 'controller/jobs', (" + STR + r") \)", expr)
    if m:
        key = _php_string(m.group(1))
        return po.get(key, key)
    if expr in ("$this->get( 'intro', '' )", "$this->get( 'intro' )"):
        return view["intro"]
    if expr == "$this->get( 'account' )":
        return view["account"]
    if expr.startswith("$this->get( 'password' ) ?: "):
        rest = expr[len("$this->get( 'password' ) ?: ") :]
        return view["password"] or _aimeos_value(rest, po=po, view=view)
    if expr == "$this->get( 'logo' )":
        return ""
    if expr.startswith("$this->link( 'client/html/account/index/url'"):
        return view["login"]
    raise KeyError(expr)


def aimeos(repo: Path) -> None:
    commit = AIMEOS[1]
    base = "templates/controller/jobs/customer/email/account/"
    text_src = _show(repo, commit, base + "text.php")
    html_src = _show(repo, commit, base + "html.php")
    runs = [(lang, True) for lang in AIM_CODES] + [(lang, False) for lang in AIM_ENTERED]
    for lang, generated in runs:
        po = _po(repo, commit, lang)
        first, last = AIM_PEOPLE[lang]
        password = (
            hashlib.sha1(f"aimeos-{lang}".encode()).hexdigest()[-8:] if generated else None
        )  # substr( sha1( microtime( true ) . getmypid() . rand() ), -8 )
        login = f"{AIM_SHOP}/{lang}/profile"

        intro = po.get("Dear Ms %1$s %2$s", "Dear Ms %1$s %2$s")
        intro = intro.replace("%1$s", first).replace("%2$s", last)
        account = "noor.tester@example.com" if lang == "en" else f"customer.{lang}@example.com"
        view = {"intro": intro, "account": account, "password": password, "login": login}
        value = functools.partial(_aimeos_value, po=po, view=view)
        text = _php_template(text_src, value)
        html_part = _php_template(html_src, value)
        subject = po.get("Your new account", "Your new account")
        raw = message(sender=AIM_FROM, subject=subject, text=text, html_part=html_part, sent=SENT)
        ident = f"aimeos-account-{'generated' if generated else 'entered'}-{lang}"
        _add(
            ident=ident, group="aimeos-account", source="aimeos", lang=lang,
            kind="shop-otp" if generated else "notice", code=password,
            repository=AIMEOS[0],
            path=f"{base}text.php; {base}html.php; "
            "src/Controller/Jobs/Customer/Email/Account/Standard.php; src/Controller/Jobs/Mail.php"
            + (f"; i18n/{lang}.po" if lang != "en" else ""),
            commit=commit, licence="LGPL-3.0",
            rendered="PHP views filled by a small renderer (each <?= ?> evaluated; PHP's "
            "newline after ?> dropped, wordwrap 75); no shop logo configured (empty img src)",
            raw=raw,
            note="password generated at checkout as the last 8 hex digits of a sha1 "
            "(aimeos/ai-controller-frontend Customer::store), given with the account name"
            if generated else "account mail for a customer who chose a password: 'Like "
            "entered by you' instead of a password",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# FoodCoopShop

FCS = ("foodcoopshop/foodcoopshop", "51db9cf0e4a3f694e72af61d1fa2126a0cd10073")
FCS_URL = "https://shop.gemuesekiste-ried.example"
FCS_APP = "Gemüsekiste Ried"
FCS_CONF = {
    "appDb.FCS_APP_NAME": FCS_APP,
    "appDb.FCS_APP_ADDRESS": "Hauptstraße 14<br />4910 Ried im Innkreis",
    "appDb.FCS_APP_EMAIL": "bestellung@gemuesekiste-ried.example",
    "App.fullBaseUrl": FCS_URL,
    "app.logoFileName": "logo.jpg",
}
FCS_PEOPLE = {"de_DE": ("Lena", "Hartmann"), "en_US": ("Noor", "Tester"),
              "ru_RU": ("Ольга", "Смирнова")}  # fmt: skip
FCS_PW = "abcdefghijkmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _fcs_password() -> str:
    """``StringComponent::createRandomString(12)`` over its alphabet (no lower-case l)."""
    return "".join(RNG.choice(FCS_PW) for _ in range(12))


def _split_concat(expr: str) -> list[str]:
    """Top-level operands of a PHP ``.`` concatenation."""
    parts, depth, quote, cur = [], 0, "", ""
    i = 0
    while i < len(expr):
        ch = expr[i]
        if quote:
            cur += ch
            if ch == "\\":
                cur += expr[i + 1]
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
            cur += ch
        elif ch in "([":
            depth += 1
            cur += ch
        elif ch in ")]":
            depth -= 1
            cur += ch
        elif ch == "." and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    parts.append(cur.strip())
    return parts


class _Cake:
    """Enough of a CakePHP view for FoodCoopShop's mail templates."""

    def __init__(self, repo: Path, lang: str, values: dict[str, str]):
        self.repo = repo
        self.po = {}
        for path in (
            "resources/locales/{}/default.po",
            "plugins/Admin/resources/locales/{}/admin.po",
        ):
            self.po.update(_po_text(_show(repo, FCS[1], path.format(lang))))
        self.values = values

    def tr(self, key: str, args: list[str] | None = None) -> str:
        line = self.po.get(key) or key
        for n, arg in enumerate(args or []):
            line = line.replace(f"{{{n}}}", arg)
        return line

    def expr(self, src: str) -> str:
        src = src.strip()
        parts = _split_concat(src)
        if len(parts) > 1:
            return "".join(self.expr(p) for p in parts)
        if src[0] in "'\"":
            return _php_string(src)
        m = re.fullmatch(r"__d?\((?:'admin',\s*)?(" + STR + r")(?:,\s*\[(.*)\])?\)", src, re.S)
        if m:
            args = [self.expr(a) for a in _split_args(m.group(2))] if m.group(2) else []
            return self.tr(_php_string(m.group(1)), args)
        m = re.fullmatch(r"Configure::read\('([\w.]+)'\)", src)
        if m:
            return FCS_CONF[m.group(1)]
        if src == "$this->MyHtml->getHostWithoutProtocol(Configure::read('App.fullBaseUrl'))":
            return FCS_URL.split("://", 1)[1]
        if src == "$this->Slug->getLogin()":
            return "/" + self.tr("route_sign_in")
        if src.startswith("$this->Slug->getActivateNewPassword("):
            return "/" + self.tr("route_activate_new_password") + "/" + self.values["$code"]
        if src.startswith("$this->Slug->getActivateEmailAddress("):
            return "/customers/activateEmailAddress/" + self.values["$code"]
        if src == "$this->Slug->getChangePassword()":
            return "/admin/customers/changePassword"
        if src == "$this->Slug->getCustomerProfile()":
            return "/admin/customers/profile"
        return self.values[src]

    def render(self, src: str) -> str:
        src = re.sub(r"/\*\*.*?\*/\n", "", src, flags=re.S)
        # the layout's branches: no unsubscribe link, newsletter off, signed-in identity
        src = re.sub(
            r"<\?php if \(isset\(\$showManufacturerUnsubscribeLink\).*?<\?php \} \?>\n?", "",
            src, flags=re.S,
        )  # fmt: skip
        src = re.sub(
            r"<\?php\s+if \(Configure::read\('appDb.FCS_NEWSLETTER_ENABLED'\).*?\?>\n?", "",
            src, flags=re.S,
        )  # fmt: skip
        signed = self.values.get("$identity->name")
        src = re.sub(
            r"<\?php if \(isset\(\$identity\) && \$identity\) \{ \?>(.*?)"
            r"<\?php \} else \{ \?>(.*?)<\?php  \} \?>\n?",
            lambda m: m.group(1) if signed else m.group(2), src, flags=re.S,
        )  # fmt: skip
        src = re.sub(
            r"<\?php\s+if \(\$identity->isManufacturer\(\)\).*?\?>\n?",
            lambda m: signed + "\n" if signed else "", src, flags=re.S,
        )  # fmt: skip
        src = re.sub(
            r"<\?php\s+if \(\$data->is_company\) \{.*?\?>\n?",
            lambda m: self.expr("__('Hello') . ' ' . $data->firstname . ' ' . $data->lastname"
                                " . ','"), src, flags=re.S,
        )  # fmt: skip

        def block(m: re.Match[str]) -> str:
            code = m.group(1).strip()
            if code.startswith(("declare(", "use ")) or not code:
                return ""
            m2 = re.fullmatch(r"echo \$this->element\('([\w/]+)'(?:, \[.*\])?\);?", code)
            if m2:
                return self.render(_show(self.repo, FCS[1], f"templates/element/{m2.group(1)}.php"))
            if code == "echo $this->fetch('content');":
                return self.values["content"]
            out = []
            for stmt in re.split(r";\s*\n\s*", code.rstrip(";")):
                stmt = stmt.strip().rstrip(";")
                if not stmt.startswith("echo "):
                    if stmt.startswith("if (!isset($cellpadding))"):
                        continue
                    raise KeyError(stmt)
                out.append(self.expr(stmt[5:]))
            return "".join(out)

        return re.sub(r"<\?php(.*?)\?>\n?", block, src, flags=re.S)


def _split_args(src: str) -> list[str]:
    return [a for a in _split_concat_commas(src) if a]


def _split_concat_commas(src: str) -> list[str]:
    out, depth, quote, cur = [], 0, "", ""
    for ch in src:
        if quote:
            cur += ch
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
            cur += ch
        elif ch in "([":
            depth += 1
            cur += ch
        elif ch in ")]":
            depth -= 1
            cur += ch
        elif ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def _po_text(text: str) -> dict[str, str]:
    return {
        str(m.id): str(m.string)
        for m in read_po(io.BytesIO(text.encode("utf-8")))
        if m.id and m.string
    }


def foodcoopshop(repo: Path) -> None:
    commit = FCS[1]
    templates = [
        # (name, template, subject expression, kind, password?)
        ("new-password", "new_password_activation_successful",
         "__('New_password_for_{0}', [Configure::read('appDb.FCS_APP_NAME')])", "shop-otp", True),
        ("account-activated", "customer_activated", "__d('admin', 'Your_account_was_activated')",
         "shop-otp", True),
        ("password-request", "new_password_request_successful",
         "__('New_password_request_for_{0}', [Configure::read('appDb.FCS_APP_NAME')])",
         "notice", False),
    ]  # fmt: skip
    layout = _show(repo, commit, "templates/layout/email/html/default.php")
    for name, template, subject_expr, kind, with_password in templates:
        src = _show(repo, commit, f"templates/email/html/{template}.php")
        for lang in ("de_DE", "en_US", "ru_RU"):
            first, last = FCS_PEOPLE[lang]
            password = _fcs_password() if with_password else None
            values = {
                "$data->firstname": first, "$data->lastname": last,
                "$data->address_customer->email": "noor.tester@example.com",
                "$newPassword": password or "",
                "$code": RNG.randbytes(20).hex()[:40],
                "$cellpadding": "0",  # tableHead.php's default
            }  # fmt: skip
            if name == "account-activated":
                values["$identity->name"] = "Maria Gruber"
            view = _Cake(repo, lang, values)
            content = view.render(src)
            values["content"] = content
            page = view.render(layout)
            subject = view.expr(subject_expr)
            raw = message(
                sender=f"{FCS_APP} <{FCS_CONF['appDb.FCS_APP_EMAIL']}>",
                subject=subject, text=None, html_part=page, sent=SENT,
            )  # fmt: skip
            short = lang[:2]
            _add(
                ident=f"foodcoopshop-{name}-{short}", group=f"foodcoopshop-{name}",
                source="foodcoopshop", lang=short, kind=kind, code=password,
                repository=FCS[0],
                path=f"templates/email/html/{template}.php; templates/layout/email/html/default.php; "
                "templates/element/email/*.php; "
                f"resources/locales/{lang}/default.po; src/Controller/Component/StringComponent.php",
                commit=commit, licence="AGPL-3.0",
                rendered="CakePHP view and layout filled by a small renderer (echo statements "
                "evaluated, PHP's newline after ?> dropped; newsletter off, no attachments); "
                "HTML only, as AppMailer sends (emailFormat html)",
                raw=raw,
                note="12-character generated password (createRandomString) given to sign in with"
                if password else "link to activate a new password; the password itself comes in "
                "a later mail",
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Open Event Server (eventyay)

OES = ("fossasia/open-event-server", "071d1595b4af5a711875706a8fd47ee2887656fe")
OES_FRONT = "https://tickets.kulturwerk-nord.example"
OES_SETTINGS = {
    "app_name": "Kulturwerk Tickets",
    "frontend_url": OES_FRONT,
    "email_from": "no-reply@kulturwerk-nord.example",
    "email_from_name": "Kulturwerk Tickets",
}


def _oes_render(repo: Path, template: str, lang: str, context: dict[str, Any]) -> str:
    """``render_template`` as Flask does it for a ``.html`` template (autoescape on), with
    Flask-Babel's new-style ``_`` (jinja2.ext.i18n) over the language's catalogue (fuzzy
    entries left out, as the compiled .mo leaves them)."""
    import jinja2

    strings: dict[str, str] = {}
    if lang != "en":
        raw = subprocess.run(
            ["git", "--git-dir", str(repo), "show",
             f"{OES[1]}:app/translations/{lang}/LC_MESSAGES/messages.po"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        strings = {
            str(m.id): str(m.string)
            for m in read_po(io.BytesIO(raw))
            if m.id and m.string and not m.fuzzy
        }
    env = jinja2.Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda s: strings.get(s, s),
        lambda s, p, n: s if n == 1 else p,
        newstyle=True,
    )
    env.filters["strip_tags"] = lambda v: re.sub(r"<[^>]*>", "", str(v))
    source = _show(repo, OES[1], f"app/templates/email/{template}.html")
    return env.from_string(source).render(**context)


def _oes_missing(repo: Path, template: str, lang: str) -> bool:
    """Whether a language leaves any ``_()`` string of the template untranslated."""
    if lang == "en":
        return False
    raw = subprocess.run(
        ["git", "--git-dir", str(repo), "show",
         f"{OES[1]}:app/translations/{lang}/LC_MESSAGES/messages.po"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    done = {str(m.id) for m in read_po(io.BytesIO(raw)) if m.id and m.string and not m.fuzzy}
    source = _show(repo, OES[1], f"app/templates/email/{template}.html")
    keys = [_php_string(k) for k in re.findall(r"_\((" + STR + ")", source)]
    return any(k not in done for k in keys)


def open_event(repo: Path) -> None:
    langs = ["en", "de", "es", "fr", "id", "vi", "zh_Hant"]
    templates = [
        # (name, template, subject, languages wanted, kind)
        ("password-reset", "password_reset", "{app_name}: Password Reset", langs, "shop-otp"),
        ("password-reset-verify", "password_reset_and_verify",
         "{app_name}: Reset your password and verify your account", ["en", "de", "vi"], "notice"),
        ("password-change", "password_change", "{app_name}: Password Change",
         ["en", "fr", "zh_Hant"], "notice"),
        ("register", "user_register", "Welcome to {app_name}. Please verify your account",
         ["en", "es", "id"], "notice"),
        ("ticket-cancelled", "ticket_cancelled",
         "Your order for {event_name} has been cancelled ({invoice_id})", ["en", "de", "zh_Hant"],
         "shop-order"),
    ]  # fmt: skip
    event_name = "Nordlicht Jazz Nights 2027"
    for name, template, subject_fmt, wanted, kind in templates:
        for lang in wanted:
            if _oes_missing(repo, template, lang):
                continue
            token = str(RNG.getrandbits(128))  # User.reset_password: str(random.getrandbits(128))
            verify = (
                "ZXlKaGJHY2lPaUpJVXpVeE1pSXNJbWxoZENJNk1UYzRNREF3TURBd01IMC5XeUp1YjI5eUxuUmxjM1JsY2tCbGVHRnRjR3hsTG1OdmJTSXNJa3MzVUZGWU1pSmQu"
                + RNG.randbytes(18).hex()
            )
            order_id = 4127
            invoice = (
                f"O{int(datetime(2026, 11, 28, 19, 4, 11, tzinfo=UTC).timestamp())}-{order_id}"
            )
            identifier = "3f2b8c1e-5d4a-4e7b-9c61-0a8d2e4f7b93"
            context = {
                "settings": OES_SETTINGS,
                "link": f"{OES_FRONT}/reset-password?token={token}"
                if name.startswith("password-reset")
                else f"{OES_FRONT}/verify?token={verify}",
                "token": token,
                "email": "noor.tester@example.com",
                "event_name": event_name,
                "order_url": f"{OES_FRONT}/orders/{identifier}/view/",
                "event_url": f"{OES_FRONT}/e/b7c41f09",
                "cancel_msg": "",
                "app_name": OES_SETTINGS["app_name"],
            }
            page = _oes_render(repo, template, lang, context)
            subject = subject_fmt.format(
                app_name=OES_SETTINGS["app_name"], event_name=event_name, invoice_id=invoice
            )
            text = re.sub(r"<[^>]*>", "", page)  # bleach.clean(tags=[], strip=True)
            raw = message(
                sender=f"{OES_SETTINGS['email_from_name']}<{OES_SETTINGS['email_from']}>",
                subject=subject, text=text, html_part=page, sent=SENT,
            )  # fmt: skip
            code = token if name == "password-reset" else None
            short = lang.replace("_", "-").lower()
            _add(
                ident=f"openevent-{name}-{short}", group=f"openevent-{name}", source="openevent",
                lang=short, kind=kind, code=code, repository=OES[0],
                path=f"app/templates/email/{template}.html; app/api/helpers/system_mails.py; "
                "app/api/helpers/mail.py; app/api/helpers/tasks.py"
                + (f"; app/translations/{lang}/LC_MESSAGES/messages.po" if lang != "en" else "")
                + ("; app/models/user.py" if code else ""),
                commit=OES[1], licence="GPL-3.0",
                rendered="Jinja2 template rendered with jinja2 (autoescape, i18n new-style "
                "gettext over the .po); subject untranslated (module-level _()); text part "
                "= tags stripped, as send_email_task_smtp's bleach strip_tags",
                raw=raw,
                note="the reset token (str(random.getrandbits(128)), up to 39 digits) is given to "
                "paste into the app, besides the link that carries it"
                if code else (
                    "the template's order_id is not passed by send_order_cancel_email: it "
                    "renders empty" if name == "ticket-cancelled" else None),
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Zen Cart

ZEN = ("zencart/zencart", "0306c470b6e10cecc86489226951ff9534a6b773")
ZEN_STORE = "Fernhill Tea Merchants"
ZEN_FROM = f"{ZEN_STORE} <orders@fernhill-tea.example>"
ZEN_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _zen_defines(repo: Path, path: str) -> dict[str, str]:
    """The ``'KEY' => 'a' . "b"`` entries of a Zen Cart ``lang.*.php`` define array, with
    ``zen_config('STORE_NAME')`` as the store's name."""
    src = _show(repo, ZEN[1], path)
    out = {}
    for m in re.finditer(
        r"^\s*'(\w+)' =>\s*(.*?),\n(?=\s*(?:'\w+' =>|\];|//|\n))", src, re.M | re.S
    ):
        value = m.group(2).strip()
        parts = []
        for part in _split_concat(value):
            if part == "zen_config('STORE_NAME')":
                parts.append(ZEN_STORE)
            elif part[:1] in "'\"":
                parts.append(_php_string(part))
            else:
                parts = []
                break
        if parts:
            out[m.group(1)] = "".join(parts)
    return out


def _zen_padss(length: int = 7) -> str:
    """``zen_create_PADSS_password($length)``: letters and digits, a character already in the
    password past its first position drawn again, and one digit forced in if none came."""
    password = ""
    for _ in range(length):
        ch = RNG.choice(ZEN_ALNUM)
        while password.find(ch) > 0:
            ch = RNG.choice(ZEN_ALNUM)
        password += ch
    if not re.search(r"[0-9]", password):
        pos = RNG.randint(0, len(password) - 1)
        password = password[:pos] + RNG.choice("0123456789") + password[pos + 1 :]
    return password


def _php_sprintf(fmt: str, *args: str) -> str:
    """``sprintf`` for ``%s`` and ``%N$s`` only."""
    counter = iter(args)
    return re.sub(
        r"%(?:(\d+)\$)?s",
        lambda m: args[int(m.group(1)) - 1] if m.group(1) else next(counter),
        fmt,
    )


def zencart(repo: Path) -> None:
    admin_pw = _zen_defines(repo, "admin/includes/languages/english/lang.password_forgotten.php")
    admin_login = _zen_defines(repo, "admin/includes/languages/english/lang.login.php")
    shop_pw = _zen_defines(repo, "includes/languages/english/lang.password_forgotten.php")
    ip = "198.51.100.23"
    token = RNG.randbytes(32).hex()
    reset_url = (
        "https://www.fernhill-tea.example/index.php?main_page=password_reset&reset_token=" + token
    )
    mails = []
    for n in range(2):
        password = _zen_padss(7)  # ADMIN_PASSWORD_MIN_LENGTH 7
        mails.append((
            f"admin-temp-password-{n + 1}", "zencart-admin-temp-password",
            admin_pw["TEXT_EMAIL_SUBJECT_PWD_RESET"],
            _php_sprintf(admin_pw["TEXT_EMAIL_MESSAGE_PWD_RESET"], ip, password), password,
            "admin/password_forgotten.php; admin/includes/languages/english/"
            "lang.password_forgotten.php; includes/functions/password_funcs.php",
            "shop-otp",
            "seven-character temporary admin password (zen_create_PADSS_password), one of "
            "two draws of the same template",
        ))  # fmt: skip
    mails.append((
        "admin-reset-failed", "zencart-admin-reset-failed",
        admin_pw["TEXT_EMAIL_SUBJECT_PWD_FAILED_RESET"],
        _php_sprintf(admin_pw["TEXT_EMAIL_MESSAGE_PWD_FAILED_RESET"], ip), None,
        "admin/password_forgotten.php; admin/includes/languages/english/lang.password_forgotten.php",
        "notice", None,
    ))  # fmt: skip
    mails.append((
        "admin-login-failures", "zencart-admin-login-failures",
        admin_login["TEXT_EMAIL_SUBJECT_LOGIN_FAILURES"],
        _php_sprintf(admin_login["TEXT_EMAIL_MULTIPLE_LOGIN_FAILURES"], ip), None,
        "admin/includes/functions/admin_access.php; admin/includes/languages/english/lang.login.php",
        "notice", None,
    ))  # fmt: skip
    mails.append((
        "password-reset-link", "zencart-password-reset-link",
        shop_pw["EMAIL_PASSWORD_RESET_SUBJECT"],
        _php_sprintf(shop_pw["EMAIL_PASSWORD_RESET_BODY"], ip, ZEN_STORE, reset_url), None,
        "includes/modules/pages/password_forgotten/header_php.php; "
        "includes/languages/english/lang.password_forgotten.php",
        "notice", "reset link only; the reset token is in the URL",
    ))  # fmt: skip
    for name, group, subject, body, code, path, kind, note in mails:
        text = re.sub(r"<[^>]*>", "", body)  # Email::sanitizeTextContent: strip_tags
        text = re.sub(r"((&amp;)|&)+", "&", text)
        raw = message(sender=ZEN_FROM, subject=subject, text=text, html_part=None, sent=SENT)
        _add(
            ident=f"zencart-{name}-en", group=group, source="zencart", lang="en", kind=kind,
            code=code, repository=ZEN[0], path=path + "; includes/classes/Email.php",
            commit=ZEN[1], licence="GPL-2.0",
            rendered="language defines filled with sprintf; text only, as Email::send sends it "
            "with the install default EMAIL_USE_HTML false (strip_tags, & clean-up; no "
            "disclaimer for these modules)",
            raw=raw, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# TastyIgniter (restaurant ordering and reservations)

TI_CORE = ("tastyigniter/core", "f4f7b931220213c7d72d1faefb6bd625a76900cd")
TI_EXT = {
    "cart": ("tastyigniter/ti-ext-cart", "b3344518782768544f6404cc598b3f2312d29c5f"),
    "reservation": ("tastyigniter/ti-ext-reservation", "6d77c72e6a4a087a67b8766ad22c3d3184942e9d"),
    "user": ("tastyigniter/ti-ext-user", "507d564030b481c54b4260d32f19ae84bce89164"),
}
TI_SITE = "Trattoria Lanterna"
TI_URL = "https://order.trattoria-lanterna.example"


def _blade_to_jinja(src: str) -> str:
    """The Blade of TastyIgniter's mail templates as Jinja2: ``{{ $x }}``, ``{!! !!}``,
    ``@if``/``@isset``/``@foreach``, ``@partial(...) ... @endpartial`` (a call block)."""
    src = re.sub(r"\{!!\s*(.*?)\s*!!\}", r"{{ \1|safe }}", src)
    src = re.sub(
        r"@partial\('(\w+)'(?:,\s*\[(.*?)\])?\)",
        lambda m: "{% call partial('" + m.group(1) + "', {"
        + re.sub(r"'(\w+)'\s*=>", r"'\1':", m.group(2) or "") + "}) %}",
        src,
    )  # fmt: skip
    src = src.replace("@endpartial", "{% endcall %}")
    src = re.sub(r"@isset\((.*?)\)", r"{% if \1 is defined %}", src)
    src = src.replace("@endisset", "{% endif %}")
    src = re.sub(r"@if\s*\(!empty\((.*?)\)\)", r"{% if \1 %}", src)
    src = re.sub(r"@if\s*\(isset\((.*?)\)\)", r"{% if \1 is defined %}", src)
    src = re.sub(r"@if\s*\((.*?)\)\n", r"{% if \1 %}\n", src)
    src = re.sub(r"@foreach\((\$\w+) as (\$\w+)\)", r"{% for \2 in \1 %}", src)
    src = src.replace("@endforeach", "{% endfor %}").replace("@endif", "{% endif %}")
    src = src.replace("@else", "{% else %}")
    src = re.sub(r"date\('Y'\)", "year", src)
    src = re.sub(r"(\$\w+) \?\? ('[^']*')", r"\1|default(\2)", src)
    return re.sub(r"\$(\w+)", r"\1", src)


def _ti_sections(text: str) -> list[str]:
    """``MailParser::parse``: settings, text and HTML sections split on ``==`` lines."""
    return [part.strip() for part in re.split(r"^={2,}\s*", text, flags=re.M)]


def _ti_env(core: Path, html_mode: bool) -> Any:
    import jinja2

    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True)

    def partial(name: str, params: dict[str, Any], caller: Any) -> Any:
        sections = _ti_sections(
            _show(core, TI_CORE[1], f"resources/views/system/_mail/partials/{name}.blade.php")
        )
        body = sections[2] if html_mode or len(sections) < 3 else (sections[1] or sections[2])
        slot = jinja2.utils.markupsafe.Markup(caller().strip())
        return jinja2.utils.markupsafe.Markup(
            env.from_string(_blade_to_jinja(body)).render(slot=slot, **params)
        )

    env.globals["partial"] = partial
    return env


def tastyigniter(mirrors: Path) -> None:
    import jinja2

    core = mirrors / "tastyigniter+core" / "repo"
    layout = _ti_sections(
        _show(core, TI_CORE[1], "resources/views/system/_mail/layouts/default.blade.php")
    )
    # no site logo is set: the layout's @isset($site_logo) block gives nothing
    layout[2] = re.sub(r"\s*@isset\(\$site_logo\).*?@endisset", "", layout[2], flags=re.S)
    order_view = f"{TI_URL}/account/order/8c1f5e2a9b7d4c3e6f0a1b2c3d4e5f60"
    data: dict[str, Any] = {
        "site_name": TI_SITE, "year": SENT.year, "first_name": "Noor", "last_name": "Tester",
        "full_name": "Noor Tester", "order_number": 2318, "order_type": "delivery",
        "order_time": "7:45 PM", "order_date": "Dec 3, 2026", "order_payment": "Cash On Delivery",
        "order_address": "Flat 4, 27 Linden Road, Brighton BN1 3FG, United Kingdom",
        "location_name": "Trattoria Lanterna - Kemptown", "order_comment": "Please ring twice.",
        "order_view_url": order_view,
        "order_menus": [
            {"menu_quantity": 2, "menu_name": "Pizza Margherita", "menu_price": "£9.50",
             "menu_subtotal": "£19.00", "menu_options": "Size<br /> 1&nbsp;x&nbsp;Large = £2.00",
             "menu_comment": ""},
            {"menu_quantity": 1, "menu_name": "Tiramisu", "menu_price": "£5.25",
             "menu_subtotal": "£5.25", "menu_options": "", "menu_comment": "no cocoa"},
        ],
        "order_totals": [
            {"order_total_title": "Sub Total", "order_total_value": "£26.25"},
            {"order_total_title": "Delivery", "order_total_value": "£2.50"},
            {"order_total_title": "Order Total", "order_total_value": "£28.75"},
        ],
        "status_name": "Preparation", "status_comment": "Your order is in the kitchen.",
        "reservation_number": 1042, "reservation_guest_no": 4, "reservation_date": "Saturday, Dec 12, 2026",
        "reservation_time": "8:00 PM",
        "reservation_view_url": f"{TI_URL}/account/reservations/5d0e7b3c2a194f8e",
        "account_login_link": f"{TI_URL}/login",
        "reset_link": f"{TI_URL}/forgot-password/" + RNG.randbytes(21).hex()[:42],
    }  # fmt: skip
    mails = [
        ("order", "cart", "order", "shop-order", "order confirmation: order number and prices"),
        ("order-update", "cart", "order_update", "shop-order", None),
        ("reservation", "reservation", "reservation", "other",
         "table reservation confirmation with its reservation number"),
        ("reservation-reminder", "reservation", "reservation_reminder", "other", None),
        ("registration", "user", "registration", "notice", None),
        ("password-reset-request", "user", "password_reset_request", "notice",
         "reset link only"),
        ("password-reset", "user", "password_reset", "notice", None),
    ]  # fmt: skip
    for name, ext, template, kind, note in mails:
        repo = mirrors / f"tastyigniter+ti-ext-{ext}" / "repo"
        repository, commit = TI_EXT[ext]
        src = _show(repo, commit, f"resources/views/mail/{template}.blade.php")
        settings, text_src, html_src = _ti_sections(src)
        subject_tpl = re.search(r'subject\s*=\s*"(.*)"', settings).group(1)  # type: ignore[union-attr]

        def braces(out: str) -> str:  # StringParser: {var} after Blade
            return re.sub(r"\{(\w+)\}", lambda m: str(data.get(m.group(1), m.group(0))), out)

        html_env = _ti_env(core, True)
        body_md = braces(html_env.from_string(_blade_to_jinja(html_src)).render(**data))
        body = markdown.markdown(body_md, extensions=["tables"])
        page = braces(
            html_env.from_string(_blade_to_jinja(layout[2])).render(
                body=jinja2.utils.markupsafe.Markup(body), custom_css="", layout_css="", **data
            )
        )
        text_env = _ti_env(core, False)
        text = braces(text_env.from_string(_blade_to_jinja(text_src)).render(**data))
        text = html.unescape(re.sub(r"[\r\n]{2,}", "\n\n", text))
        text = braces(
            text_env.from_string(_blade_to_jinja(layout[1])).render(
                body=jinja2.utils.markupsafe.Markup(text), **data
            )
        )
        subject = html.unescape(
            braces(jinja2.Environment(autoescape=True).from_string(
                _blade_to_jinja(subject_tpl)).render(**data))
        )  # fmt: skip
        raw = message(
            sender=f"{TI_SITE} <hello@trattoria-lanterna.example>",
            subject=subject, text=text, html_part=page, sent=SENT,
        )  # fmt: skip
        _add(
            ident=f"tastyigniter-{name}-en", group=f"tastyigniter-{name}", source="tastyigniter",
            lang="en", kind=kind, code=None, repository=repository,
            path=f"resources/views/mail/{template}.blade.php; (tastyigniter/core "
            f"{TI_CORE[1]}) resources/views/system/_mail/layouts/default.blade.php, "
            "partials/*.blade.php, src/System/Classes/MailManager.php",
            commit=commit, licence="MIT",
            rendered="template sections split as MailParser; Blade translated to Jinja2 "
            "(escaping as jinja2), HTML section through Python-Markdown into the default "
            "layout (theme CSS and inlining left out), text section into the plain layout",
            raw=raw, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    hievents(args.mirrors / "HiEventsDev+Hi.Events" / "repo")
    aimeos(args.mirrors / "aimeos+ai-controller-jobs" / "repo")
    foodcoopshop(args.mirrors / "foodcoopshop+foodcoopshop" / "repo")
    open_event(args.mirrors / "fossasia+open-event-server" / "repo")
    zencart(args.mirrors / "zencart+zencart" / "repo")
    tastyigniter(args.mirrors)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
