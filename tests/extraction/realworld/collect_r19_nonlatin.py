"""Round nineteen, projects first written in Russian (and the other languages of the round's
non-Latin theme): the sign-in codes, one-time passwords, generated passwords and notices that
a CMS framework, a community club and a site engine send, in the languages they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_nonlatin.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- webasyst/webasyst-framework (LGPL-3.0), the Russian PHP framework and CMS behind
  Shop-Script: the email verification channel's default templates
  ``wa-system/verification/default_templates/email/<en_US|ru_RU>/*.html`` — each file is
  ``subject{SEPARATOR}body`` (``waVerificationChannelEmail::getTemplate``); both halves are
  trimmed and run through Smarty (``renderTemplate``: ``{$var}`` and ``{if $password}``
  done by hand, no escaping but ``site_name``), and ``waMailMessage::prepareBody`` wraps a
  body without ``<html>`` in its fixed HTML page; HTML only (``setBody`` text/html). The
  confirmation code and the one-time password are four digits (``generateCode`` /
  ``generateOnetimePassword``: ``rand(0, 9)`` four times); the sent and the signup
  passwords are ``waContact::generatePassword(11)`` (first and last from letters and
  digits, the rest also from ``!@#$%^&*-?``). Templates: confirmation_code,
  onetime_password, password, successful_signup (with and without a generated password),
  confirm_signup and recovery_password (links only). From: the channel's address
  (invented).

- Cotonti/Cotonti (BSD-3-Clause), a site engine from the Russian-speaking Neocrome/Seditio
  line: ``modules/users/inc/users.passrecover.php`` (the reset link, then the new
  ``cot_randomstring()`` password: eight of ``A-Z a-z 0-9`` without Q, W, X, q, w, x),
  ``users.functions.php::cot_add_user`` (the activation mail, or the "registration request"
  mail and the administrator's notice when accounts need approval) and
  ``users.edit.php`` (account activated). Strings from ``lang/<en|ru>/{main,users}.<l>.lang
  .php`` (PHP sprintf ``%1$s``); ``cot_mail`` puts them into the shipped ``body_mail`` and
  ``subject_mail`` (``setup/install.sql``: ``{MAIL_BODY}\\n\\n{SITE_TITLE} - {SITE_URL}\\n
  {SITE_DESCRIPTION}`` and ``{SITE_TITLE} - {MAIL_SUBJECT}``); plain text; From the site
  title and ``mail_sender@`` the domain. Dates as ``datetime_medium`` of each language.

- vas3k/vas3k.club (MIT), a Russian paid community: ``notifications/email/users.py`` — the
  sign-in code (``AUTH_CODE_LENGTH`` 6 digits, ``random_number``), the account-deletion code
  (``GDPR_DELETE_CODE_LENGTH`` 14 digits), and the registration, renewal, deletion and ban
  notices; ``frontend/html/emails/*.html`` (Django templates extending ``layout.html``)
  rendered with jinja2 after the ``{% load %}``, ``{% static %}`` and ``{% url %}`` tags
  are resolved by hand (``STATIC_URL`` ``/static/``, ``club/urls.py``) and the
  ``rupluralize`` / ``date:"j E Y"`` filters done as the project / Django's Russian locale
  do. HTML only (``send_transactional_email`` attaches the HTML and no text body). The
  ``Premailer`` CSS inlining of ``prepare_letter`` is not reproduced (the ``<style>`` blocks
  stay, ``keep_style_tags``), only its ``<!doctype html>`` prefix rule. From is the default
  ``DEFAULT_FROM_EMAIL``.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from collect import HERE, message

SENT = datetime(2026, 12, 3, 10, 27, 41, tzinfo=UTC)
RNG = random.Random("r19-nonlatin")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "nonlatin.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _php_strings(src: str, var: str = "L") -> dict[str, str]:
    """``$L['key'] = '...';`` / ``"..."`` of a PHP language file, unescaped as PHP does."""
    out: dict[str, str] = {}
    pat = re.compile(
        r"\$" + var + r"\['([^']+)'\]\s*=\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")\s*;"
    )
    for m in pat.finditer(src):
        if m.group(2) is not None:
            out[m.group(1)] = re.sub(r"\\([\\'])", r"\1", m.group(2))
        else:
            s = m.group(3)
            s = re.sub(
                r"\\(n|t|\$|\"|\\)",
                lambda x: {"n": "\n", "t": "\t", "$": "$", '"': '"', "\\": "\\"}[x.group(1)],
                s,
            )
            out[m.group(1)] = s
    return out


def _sprintf(fmt: str, *args: str) -> str:
    """PHP sprintf with ``%s`` and positional ``%1$s`` only."""
    counter = iter(range(len(args)))

    def rep(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return args[next(counter)]

    return re.sub(r"%%|%(?:(\d+)\$)?s", rep, fmt)


# ---------------------------------------------------------------------------------------
# Webasyst

WA_REPO = "webasyst/webasyst-framework"
WA_COMMIT = "d6fed674fb3f935a5a169f19f2a745976dffed2e"
WA_DIR = "wa-system/verification/default_templates/email"
WA_PW_ALPHA = "AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz0123456789"


def _wa_password(n: int = 11) -> str:
    ext = WA_PW_ALPHA + "!@#$%^&*-?"
    return "".join(RNG.choice(WA_PW_ALPHA if i in (0, n - 1) else ext) for i in range(n))


def _wa_smarty(tpl: str, v: dict[str, str]) -> str:
    tpl = tpl.strip()
    tpl = re.sub(
        r"\{if \$(\w+)\}(.*?)\{/if\}", lambda m: m.group(2) if v.get(m.group(1)) else "", tpl,
        flags=re.S,
    )  # fmt: skip
    return re.sub(r"\{\$(\w+)\}", lambda m: v.get(m.group(1), ""), tpl)


def webasyst(mirrors: Path) -> None:
    repo = mirrors / "webasyst+webasyst-framework" / "repo"
    sites = {
        "ru_RU": ("Фотолавка «Диафрагма»", "diafragma-foto.example", "Диафрагма"),
        "en_US": ("Northwind Camera Supply", "northwind-camera.example", "Northwind"),
    }
    plan = [
        ("confirmation_code", "saas-otp", "code"),
        ("onetime_password", "saas-otp", "otp"),
        ("password", "saas-otp", "pw"),
        ("successful_signup", "notice", "pw"),
        ("successful_signup", "notice", None),
        ("confirm_signup", "notice", None),
        ("recovery_password", "notice", None),
    ]
    for lang, (site_name, site_url, short) in sites.items():
        for name, kind, what in plan:
            path = f"{WA_DIR}/{lang}/{name}.html"
            raw = _show(repo, WA_COMMIT, path)
            subject_t, body_t = raw.split("{SEPARATOR}", 1)
            v = {
                "site_name": html.escape(site_name, quote=True),
                "site_url": site_url,
                "login_url": f"https://{site_url}/login/",
                "email": "noor.tester@example.com",
                "confirmation_url": f"https://{site_url}/signup/confirm/"
                + hashlib.md5(f"{lang}{name}".encode()).hexdigest()
                + "4f1/",
                "recovery_url": f"https://{site_url}/forgotpassword/set/"
                + hashlib.sha1(f"{lang}{name}".encode()).hexdigest()
                + "/",
            }
            code = None
            template = name.replace("_", "-")
            if what == "code":
                code = v["code"] = _digits(4)
            elif what == "otp":
                code = v["password"] = _digits(4)
            elif what == "pw":
                code = v["password"] = _wa_password()
            if name == "successful_signup":
                template += "-password" if what else "-nopassword"
            body = _wa_smarty(body_t, v)
            subject = _wa_smarty(subject_t, v)
            page = (
                '<!DOCTYPE html>\n<html>\n    <head>\n        <meta http-equiv="Content-Type" '
                'content="text/html; charset=utf-8">\n    </head>\n    <body>\n        '
                + body
                + "\n    </body>\n</html>"
            )
            note = None
            if name == "successful_signup" and what:
                note = (
                    "the signup notice carries the password the site generated for the new "
                    "account (generatePassword), to be typed at login"
                )
            elif name == "password":
                note = "the password the site generated and sends to be typed at login"
            _save(
                source="webasyst", template=template, lang=lang, kind=kind, code=code,
                repository=WA_REPO, path=path, commit=WA_COMMIT, licence="LGPL-3.0",
                rendered="waVerificationChannelEmail: subject{SEPARATOR}body, Smarty vars by "
                "hand, waMailMessage::prepareBody HTML wrapper; HTML only",
                sender=f"{short} <noreply@{site_url}>", subject=subject, text=None,
                html_part=page, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Cotonti

COT_REPO = "Cotonti/Cotonti"
COT_COMMIT = "f43f1fc38ba4e02027786dad9dac1435c7c52b30"
COT_ALPHA = "ABCDEFGHIJKLMNOPRSTUVYZabcdefghijklmnoprstuvyz0123456789"


def cotonti(mirrors: Path) -> None:
    repo = mirrors / "Cotonti+Cotonti" / "repo"
    sites = {
        "ru": (
            "Клуб любителей речного туризма", "https://splav-klub.example",
            "Походы, сплавы и снаряжение", "Алексей Воронцов", "vorontsov_a",
            "03.12.2026 13:27",
        ),
        "en": (
            "Riverside Paddlers", "https://riverside-paddlers.example",
            "Trips, gear and river reports", "Mark Ellison", "mellison",
            "2026-12-03 10:27",
        ),
    }  # fmt: skip
    body_mail = "{MAIL_BODY}\n\n{SITE_TITLE} - {SITE_URL}\n{SITE_DESCRIPTION}"
    subject_mail = "{SITE_TITLE} - {MAIL_SUBJECT}"
    for lang, (title, url, desc, full, uname, when) in sites.items():
        paths = [f"lang/{lang}/main.{lang}.lang.php", f"lang/{lang}/users.{lang}.lang.php"]
        L: dict[str, str] = {}
        for p in paths:
            L.update(_php_strings(_show(repo, COT_COMMIT, p)))
        domain = url.split("//", 1)[1]
        sender = f"{title} <mail_sender@{domain}>"
        token = hashlib.md5(f"cot{lang}".encode()).hexdigest()
        utoken = hashlib.md5(f"cot-u{lang}".encode()).hexdigest()[:16]
        mails = []
        # password recovery: the link
        body = _sprintf(
            L["pasrec_email1"], full,
            f"{url}/index.php?e=users&m=passrecover&a=auth&v={token}", "185.76.12.40", when,
        ) + "\n\n " + L["aut_contactadmin"]  # fmt: skip
        mails.append(("passrecover-link", L["pasrec_title"], body, None, "notice",
                      "modules/users/inc/users.passrecover.php", None))  # fmt: skip
        # password recovery: the new password
        pw = "".join(RNG.choice(COT_ALPHA) for _ in range(8))
        body = (
            L["Hi"] + " " + full + ",\n\n" + L["pasrec_email2"] + "\n\n" + pw + "\n\n"
            + L["aut_contactadmin"]
        )  # fmt: skip
        mails.append(("passrecover-newpass", L["pasrec_title"], body, pw, "saas-otp",
                      "modules/users/inc/users.passrecover.php",
                      "the new password cot_randomstring() made, on a line of its own, "
                      "to be typed at login"))  # fmt: skip
        # registration: activation link
        act = f"{url}/index.php?e=users&m=register&a=validate&token={utoken}&v={token}"
        body = _sprintf(L["aut_emailreg"], uname, act + "&y=1", act + "&y=0")
        body += "\n\n" + L["aut_contactadmin"]
        mails.append(("register-activate", L["Registration"], body, None, "notice",
                      "modules/users/inc/users.functions.php", None))  # fmt: skip
        # registration request (admin approval)
        body = _sprintf(L["aut_regrequest"], uname) + "\n\n" + L["aut_contactadmin"]
        mails.append(("register-request", L["aut_regrequesttitle"], body, None, "notice",
                      "modules/users/inc/users.functions.php", None))  # fmt: skip
        body = _sprintf(
            L["aut_regreqnotice"], uname, f"{url}/index.php?e=users&gm=2&s=regdate&w=desc"
        )
        mails.append(("register-adminnotice", L["aut_regreqnoticetitle"], body, None, "notice",
                      "modules/users/inc/users.functions.php", None))  # fmt: skip
        # account activated by an administrator
        body = L["Hi"] + " " + uname + ",\n\n" + L["useed_email"] + "\n\n" + L["aut_contactadmin"]
        mails.append(("account-activated", L["useed_accountactivated"], body, None, "notice",
                      "modules/users/inc/users.edit.php", None))  # fmt: skip
        for template, subj, body, code, kind, path, note in mails:
            full_body = (
                body_mail.replace("{MAIL_BODY}", body)
                .replace("{SITE_TITLE}", title)
                .replace("{SITE_URL}", url)
                .replace("{SITE_DESCRIPTION}", desc)
            )
            subject = subject_mail.replace("{SITE_TITLE}", title).replace("{MAIL_SUBJECT}", subj)
            _save(
                source="cotonti", template=template, lang=lang, kind=kind, code=code,
                repository=COT_REPO, path=f"{path}; {'; '.join(paths)}; system/functions.php",
                commit=COT_COMMIT, licence="BSD-3-Clause",
                rendered="cot_mail: language strings through PHP sprintf, the shipped "
                "body_mail/subject_mail masks (cot_title); plain text",
                sender=sender, subject=subject, text=full_body, html_part=None, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# vas3k.club

VAS_REPO = "vas3k/vas3k.club"
VAS_COMMIT = "bcf60c509fdfa3110463d01ac125c69cdd2f250d"
VAS_HOST = "https://vas3k.club"
RU_MONTHS_GEN = [
    "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
    "октября", "ноября", "декабря",
]  # fmt: skip


def _rupluralize(value, arg):
    args = arg.split(",")
    number = abs(int(value or 0))
    a, b = number % 10, number % 100
    if a == 1 and b != 11:
        return args[0]
    if 2 <= a <= 4 and (b < 10 or b >= 20):
        return args[1]
    return args[2]


def _django_date(value, fmt):
    assert fmt == "j E Y"
    return f"{value.day} {RU_MONTHS_GEN[value.month - 1]} {value.year}"


def vas3k(mirrors: Path) -> None:
    repo = mirrors / "vas3k+vas3k.club" / "repo"
    urls = {"login": "/auth/login/", "email_login_code": "/auth/email/code/"}

    def load(name: str) -> str:
        src = _show(repo, VAS_COMMIT, f"frontend/html/{name}")
        src = re.sub(r"\{% load [^%]*%\}", "", src)
        src = re.sub(r'\{% static "([^"]+)" %\}', r"/static/\1", src)
        src = re.sub(r'\{% url "([^"]+)" %\}', lambda m: urls[m.group(1)], src)
        return re.sub(r'\|\s*(\w+):"([^"]*)"', r'| \1("\2")', src)  # Django filter args

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load), autoescape=True, undefined=jinja2.ChainableUndefined
    )
    env.filters["rupluralize"] = _rupluralize
    env.filters["date"] = _django_date
    env.filters["urlencode"] = lambda s: urllib.parse.quote(s, safe="/")
    user = {
        "slug": "ilya_sokolov", "email": "noor.tester@example.com",
        "is_banned_until": datetime(2026, 12, 10, 10, 27, tzinfo=UTC),
    }  # fmt: skip
    settings = {"APP_HOST": VAS_HOST}
    auth_code = _digits(6)
    del_code = _digits(14)
    plan = [
        ("auth", f"{auth_code} — ваш код для входа", "saas-otp", auth_code,
         {"code": {"code": auth_code, "recipient": user["email"]}},
         "the six-digit sign-in code is the mail's title, letter-spaced; it is also in the "
         "subject and the button's link"),
        ("delete_account_request", "🧨 Код для удаления аккаунта", "saas-otp", del_code,
         {"code": {"code": del_code, "recipient": user["email"]}},
         "the fourteen-digit code (GDPR_DELETE_CODE_LENGTH) to type on the account-deletion "
         "page"),
        ("delete_account_confirm", "✌️ Ваш аккаунт в Клубе будет удалён", "notice", None, {},
         None),
        ("registration", "Ваша Клубная Карта 🪪", "notice", None, {}, None),
        ("renewal", "Ваша подписка стала еще длиннее!", "notice", None, {}, None),
        ("banned", "💩 Вас забанили", "notice", None,
         {"days": 7, "reason": "Переход на личности в комментариях к посту про ипотеку"},
         None),
    ]  # fmt: skip
    for name, subject, kind, code, ctx, note in plan:
        tpl = env.get_template(f"emails/{name}.html")
        page = tpl.render(user=user, settings=settings, **ctx)
        if "<!doctype" not in page:
            page = f"<!doctype html>{page}"
        _save(
            source="vas3k-club", template=name.replace("_", "-"), lang="ru", kind=kind,
            code=code, repository=VAS_REPO,
            path=f"notifications/email/users.py; frontend/html/emails/{name}.html; "
            "frontend/html/emails/layout.html",
            commit=VAS_COMMIT, licence="MIT",
            rendered="Django template (extends layout.html) through jinja2, load/static/url "
            "tags resolved by hand; Premailer inlining not reproduced; HTML only",
            sender="Вастрик Клуб <club@vas3k.club>", subject=subject, text=None,
            html_part=page, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# InstantCMS 2

ICMS_REPO = "instantsoft/icms2"
ICMS_COMMIT = "0a0dbd62e7dc882925e525a3d75d2a87de287ae5"


def _icms_fill(text: str, data: dict[str, str]) -> str:
    """``string_replace_keys_values_extended`` for plain ``{key}`` placeholders."""
    return re.sub(r"\{(\w[^}\n]*)\}", lambda m: data.get(m.group(1), m.group(0)), text)


def _php_nl2br(text: str) -> str:
    return re.sub(r"(\r\n|\n)", r"<br />\1", text)


def _phpmailer_html2text(page: str) -> str:
    page = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", page).strip())


def icms2(mirrors: Path) -> None:
    repo = mirrors / "instantsoft+icms2" / "repo"
    sites = {
        "ru": ("Сообщество садоводов «Урожай»", "https://urozhai-sad.example", "Садовод_Петрович",
               "Марина Лебедева"),
        "en": ("Harbourside Makers", "https://harbourside-makers.example", "tinkerer_jo",
               "Joanna Reeves"),
    }  # fmt: skip
    valid_html = (
        '<time datetime="2026-12-05T13:27:00+03:00">05.12.2026</time> <span class="time">13:27'
        "</span>"
    )
    for lang, (site, host, nick, other) in sites.items():
        pass_token = hashlib.sha256(f"icms-reg-{lang}".encode()).hexdigest()
        hash32 = hashlib.md5(f"icms-mail-{lang}".encode()).hexdigest()
        reset_token = hashlib.sha256(f"icms-restore-{lang}".encode()).hexdigest()
        plan = [
            ("reg_verify", "saas-otp", pass_token, {
                "nickname": nick, "page_url": f"{host}/auth/verify/{pass_token}",
                "pass_token": pass_token, "valid_until": valid_html},
             "the 64-hex confirmation code (sha256 pass_token) the mail offers to use instead "
             "of the link, on the verify form"),
            ("email_verify", "saas-otp", hash32, {
                "nickname": nick,
                "page_url": f"{host}/users/{nick}/edit/password?new_email_confirm_hash={hash32}",
                "hash": hash32, "valid_until": valid_html},
             "the 32-hex code (string_random) that confirms the new address, also in the link"),
            ("reg_restore", "notice", None, {
                "nickname": nick, "page_url": f"{host}/auth/reset/{reset_token}",
                "valid_until": valid_html}, None),
            ("email_verify_notice", "notice", None, {
                "nickname": nick, "new_email": "noor.tester@example.com"}, None),
            ("users_invite", "notice", None, {
                "nickname": other, "code": "A7F3C9E2B1D4", "page_url": f"{host}/auth/register"},
             "the invitation code is an invite code, which the rules do not count"),
            ("billing_out", "notice", None, {
                "amount": "1 500,00 ₽" if lang == "ru" else "$150.00",
                "summ": "1 425,00 ₽" if lang == "ru" else "$142.50",
                "system": "ЮMoney" if lang == "ru" else "PayPal",
                "purse": "4100 1174 8820 3391" if lang == "ru" else "payouts@example.com",
                "confirm_url": f"{host}/billing/out_confirm/{hash32[:16]}"}, None),
            ("billing_transfer", "notice", None, {
                "to_url": f"{host}/users/{other.split()[0].lower()}", "to_name": other,
                "amount": "350 ₽" if lang == "ru" else "$35.00",
                "description": "За семена томатов" if lang == "ru" else "For the laser cutter time",
                "confirm_url": f"{host}/billing/transfer_confirm/{hash32[16:]}"}, None),
            ("moderation_approved", "notice", None, {
                "nickname": nick,
                "page_title": "Обрезка яблонь весной" if lang == "ru" else "Building a CNC router",
                "page_url": f"{host}/articles/4187.html"}, None),
        ]  # fmt: skip
        for name, kind, code, data, note in plan:
            path = f"system/languages/{lang}/letters/{name}.txt"
            text = _show(repo, ICMS_COMMIT, path)
            data = {
                "site": site,
                "ip": "91.203.5.17",
                "date": "03.12.2026",
                "time": "13:27",
                **data,
            }
            text = _icms_fill(text, data)
            m = re.search(r"\[subject:(.+)\]", text)
            subject = m.group(1).strip()
            text = text.replace(m.group(0), "").strip()
            page = _php_nl2br(text)
            _save(
                source="instantcms", template=name.replace("_", "-"), lang=lang, kind=kind,
                code=code, repository=ICMS_REPO,
                path=f"{path}; system/controllers/messages/frontend.php; system/core/mailer.php",
                commit=ICMS_COMMIT, licence="GPL-2.0",
                rendered="messages::sendEmail: {key} filled, [subject:] taken out, nl2br (no "
                "email_template, the shipped default); PHPMailer msgHTML with html2text AltBody",
                sender=f"{site} <noreply@{host.split('//')[1]}>", subject=subject,
                text=_phpmailer_html2text(page), html_part=page, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Evolution CMS

EVO_REPO = "evolution-cms/evolution"
EVO_COMMIT = "d535966811bcb679d927a64ee4d460a8477914fb"
EVO_ALPHA = "abcdefghjkmnpqrstuvxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def _evo_lang(src: str, key: str) -> str:
    m = re.search(r'\$_lang\["' + key + r"\"\]\s*=\s*'((?:[^'\\]|\\.)*)';", src, flags=re.S)
    return re.sub(r"\\([\\'])", r"\1", m.group(1))


def evolution(mirrors: Path) -> None:
    repo = mirrors / "evolution-cms+evolution" / "repo"
    sites = {
        "ru": ("Стройматериалы «Кирпичик»", "https://kirpichik.example/", "s.morozova"),
        "uk": ("Пасіка «Медова долина»", "https://medova-dolyna.example/", "o.kravchenko"),
        "pl": ("Hurtownia Papieru Wisła", "https://papier-wisla.example/", "k.zielinska"),
        "cs": ("Pekárna U Mlýna", "https://pekarna-umlyna.example/", "j.dvorak"),
        "fa": ("کتاب‌فروشی نیلوفر", "https://niloofar-books.example/", "m.rahimi"),
        "en": ("Brookfield Allotments", "https://brookfield-allotments.example/", "p.hughes"),
    }  # fmt: skip
    for lang, (site_name, url, uid) in sites.items():
        path = f"core/lang/{lang}/global.php"
        src = _show(repo, EVO_COMMIT, path)
        tpl = _evo_lang(src, "system_email_websignup")
        subject = _evo_lang(src, "emailsubject_default")
        pwd = "".join(RNG.choice(EVO_ALPHA) for _ in range(8))
        sender_addr = "info@" + url.split("//")[1].rstrip("/")
        body = tpl.replace("%s", "%s")  # sprintf($message, $uid, $pwd): no % in the texts
        body = body.replace("[+uid+]", uid).replace("[+pwd+]", pwd).replace("[+ufn+]", "")
        body = body.replace("[+sname+]", html.escape(site_name, quote=True))
        body = body.replace("[+saddr+]", sender_addr).replace("[+semail+]", sender_addr)
        body = body.replace("[+surl+]", url)
        note = (
            "the account an administrator created in the manager (generate_password(8)): "
            "username and password; the password is what the mail gives to type"
        )
        if lang == "fa":
            note += "; the Persian lexicon leaves emailsubject_default in English"
        _save(
            source="evolution-cms", template="websignup", lang=lang, kind="saas-otp",
            code=pwd, repository=EVO_REPO,
            path=f"{path}; core/functions/processors.php; core/src/Controllers/Users/"
            "EditOrNewUser.php",
            commit=EVO_COMMIT, licence="GPL-2.0-or-later",
            rendered="sendMailMessageForUser: websignupemail_message (the lexicon's "
            "system_email_websignup) with its [+placeholders+] replaced; plain text",
            sender=f"{site_name} <{sender_addr}>", subject=subject, text=body, html_part=None,
            note=note,
        )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    webasyst(args.mirrors)
    cotonti(args.mirrors)
    vas3k(args.mirrors)
    icms2(args.mirrors)
    evolution(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
