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
  ``users.edit.php`` (account activated) and ``users.profile.php`` (e-mail change link). Strings from ``lang/<en|ru>/{main,users}.<l>.lang
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

- instantsoft/icms2 (GPL-2.0), InstantCMS 2, a Russian CMS for community sites:
  ``system/languages/<ru|en>/letters/*.txt`` as ``messages::sendEmail`` sends them —
  ``{key}`` filled (``string_replace_keys_values_extended``), the ``[subject:…]`` line taken
  out (``cmsMailer::parseSubject``), ``nl2br`` (no ``email_template`` in the shipped
  options), PHPMailer ``msgHTML`` with the ``html2text`` alternative (text + HTML).
  reg_verify carries the 64-hex ``pass_token`` (sha256) "or use the verification code",
  email_verify the 32-hex ``string_random()``; the rest are notices (reset link, e-mail
  changed, an invitation with an invite code, the billing payout and transfer
  confirmations by link, a subscription reminder, a new private message, a group
  invitation, moderation approved and refused). Dates as ``html_date`` with the installer's
  ``d.m.Y``.

- evolution-cms/evolution (GPL-2.0-or-later), Evolution CMS (the Russian-led MODX
  Evolution fork): the web-user account mail ``sendMailMessageForUser`` sends when an
  administrator creates a user with "send password by e-mail" — the lexicon's
  ``system_email_websignup`` of ``core/lang/<lang>/global.php`` with ``[+uid+]``,
  ``[+pwd+]``, ``[+sname+]``, ``[+surl+]`` replaced and ``emailsubject_default`` as subject;
  plain text. The password is ``generate_password(8)`` (``EditOrNewUser``). Every language whose
  lexicon translates the text: ru, uk, pl, cs, fa of the theme, and en, bg, da, de, es, fi,
  fr, it, ja, nl, nn, pt, sv, zh that the project ships too (some keep the English subject;
  fr and nn write ``\\n`` in single quotes, which PHP leaves as it is); ``he`` is left out
  (its text is the English one).

- CZ-NIC/fred-db (GPL-3.0-or-later), FRED, the registry system of the Czech .cz domain and
  of mojeID: the mail templates of ``sql/_defaults/mail_archive/`` (subject and body of each
  ``INSERT INTO mail_template``; ClearSilver ``var`` / ``if`` / ``elif`` / ``else`` done by a
  small renderer; ``mail_template_default``'s defaults; footer 1 appended to the body, as
  the template row names it; From of ``mail_header_default`` 1 or 2). Most are Czech then
  English in one body (``lang`` cs). Codes: the domain transfer password (authinfo, sent on
  a web or registrar request) and the mojeID / contact-verification PIN1s; their generators
  live in fred-server, not in this repository, so they are invented here as eight letters
  and digits. Negatives: PIN3 announced by post, domain expiry and cancellation, invoices,
  a blocking request handled, a registry statement, mojeID validation, DNSSEC notice.

- instantsoft/icms1 (GPL-2.0), InstantCMS 1 (the older line): ``languages/<ru|en>/letters``
  as ``cmsCore::mailText`` sends them (``{key}`` by ``str_replace``, ``[subject:]`` when no
  subject is given, PHPMailer ``MsgHTML(nl2br())`` and ``AltBody = strip_tags()``):
  registration and activation (both repeat the login and the password chosen at sign-up),
  e-mail change (link), new private message, invitation (invite code).

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


def _htmlentities(text: str) -> str:
    """PHP htmlentities(ENT_QUOTES, utf-8) for the characters these values hold."""
    text = html.escape(text, quote=True).replace("&#x27;", "&#039;")
    return text.replace("«", "&laquo;").replace("»", "&raquo;")


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

    # the Team app's invitation (teamHelper::sendEmailSimpleTemplate, str_replace of {VARS})
    team = {
        "ru_RU": ("Команда", "72 часа", "Ирина Белова"),
        "en_US": ("Team", "72 hours", "Grace Holloway"),
    }
    for lang, (app_name, hours, inviter) in team.items():
        site_name, site_url, short = sites[lang]
        path = f"wa-apps/team/templates/messages/welcome_invite.{lang}.html"
        raw = _show(repo, WA_COMMIT, path)
        subject_t, body_t = raw.split("{SEPARATOR}", 1)
        token = hashlib.sha1(f"team-{lang}".encode()).hexdigest()[:32]
        v = {
            "{LOCALE}": lang,
            "{CONTACT_NAME}": _htmlentities(inviter),
            "{CONTACT_ID}": "41",
            "{COMPANY_SUB}": site_name,
            "{COMPANY}": _htmlentities(site_name),
            "{LINK}": f"https://{site_url}/link.php/{token}/",
            "{HOURS_LEFT}": hours,
            "{WA_URL}": f"https://{site_url}/",
            "{WA_APP_NAME}": app_name,
        }
        subject, body = subject_t.strip(), body_t.strip()
        for key, val in v.items():
            subject, body = subject.replace(key, val), body.replace(key, val)
        _save(
            source="webasyst", template="team-invite", lang=lang, kind="notice", code=None,
            repository=WA_REPO, path=f"{path}; wa-apps/team/lib/classes/teamHelper.class.php; "
            "wa-apps/team/lib/classes/invite/teamUserInvitingByEmail.class.php",
            commit=WA_COMMIT, licence="LGPL-3.0",
            rendered="teamHelper::sendEmailSimpleTemplate: subject{SEPARATOR}body trimmed, "
            "{VARS} by str_replace (hours and app name from team.po); HTML only",
            sender=f"{short} <noreply@{site_url}>", subject=subject, text=None, html_part=body,
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
        # e-mail address change (users.profile.php): a validation link
        body = _sprintf(
            L["aut_emailchange"], uname, f"{url}/index.php?e=users&m=register&a=validate&v={token}"
        ) + "\n\n" + L["aut_contactadmin"]  # fmt: skip
        mails.append(("email-change", L["aut_mailnoticetitle"], body, None, "notice",
                      "modules/users/inc/users.profile.php", None))  # fmt: skip
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
        ("invited", "🚀 Вас пригласили в Клуб", "notice", None,
         {"from_user": {"full_name": "Денис Ковалёв"}, "to_user": user}, None),
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
            ("messages_new", "notice", None, {
                "nickname": nick, "user_url": f"{host}/users/{other.split()[0].lower()}",
                "user_nickname": other}, None),
            ("groups_invite", "notice", None, {
                "user_url": f"{host}/users/{other.split()[0].lower()}", "user_nickname": other,
                "group_url": f"{host}/groups/312",
                "group_title": "Томаты и перцы" if lang == "ru" else "3D printing guild"}, None),
            ("moderation_refused", "notice", None, {
                "nickname": nick,
                "page_title": "Продам рассаду" if lang == "ru" else "Selling spare parts",
                "reason": "Объявления размещаются в разделе «Барахолка»" if lang == "ru"
                else "Adverts belong in the Marketplace section"}, None),
            ("billing_remind", "notice", None, {
                "plan": "Садовод+" if lang == "ru" else "Maker Pro",
                "days": "3 дня" if lang == "ru" else "3 days", "date_until": "06.12.2026",
                "plan_url": f"{host}/billing/plan"}, None),
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
        "bg": ("Пекарна „Зора“", "https://pekarna-zora.example/", "i.petrova"),
        "da": ("Fiskerhuset Skagen", "https://fiskerhuset.example/", "m.jensen"),
        "de": ("Bäckerei Sonnenkorn", "https://sonnenkorn.example/", "l.becker"),
        "es": ("Librería El Faro", "https://libreria-elfaro.example/", "a.ortega"),
        "fi": ("Kahvila Kuura", "https://kahvila-kuura.example/", "e.virtanen"),
        "fr": ("Fromagerie des Alpes", "https://fromagerie-alpes.example/", "c.moreau"),
        "it": ("Enoteca Il Grappolo", "https://enoteca-grappolo.example/", "g.ricci"),
        "ja": ("さくら書店", "https://sakura-shoten.example/", "y.tanaka"),
        "nl": ("Fietsenmaker De Spaak", "https://despaak.example/", "s.dejong"),
        "nn": ("Fjordbakeriet", "https://fjordbakeriet.example/", "k.haugen"),
        "pt": ("Padaria Aurora", "https://padaria-aurora.example/", "r.silva"),
        "sv": ("Cykelverkstan Norr", "https://cykelverkstan.example/", "a.lindqvist"),
        "zh": ("青竹茶馆", "https://qingzhu-tea.example/", "wang.lei"),
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
        if subject == "Your login details" and lang != "en":
            note += "; this lexicon leaves emailsubject_default in English"
        if "\\n" in tpl:
            note += (
                "; the lexicon writes its line breaks as \\n inside a single-quoted PHP "
                "string, so the mail shows them literally"
            )
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


# ---------------------------------------------------------------------------------------
# FRED (CZ.NIC)

FRED_REPO = "CZ-NIC/fred-db"
FRED_COMMIT = "17d4562d5006452ea71ecdf9757d4af99ecd69a5"
FRED_DIR = "sql/_defaults/mail_archive"
CS_TAG = re.compile(r"<\?cs\s*(.*?)\s*\?>", re.S)


def _cs_cond(expr: str, data: dict) -> bool:
    m = re.fullmatch(r"([\w.]+)\s*(==|!=)\s*(#\d+|\"[^\"]*\")", expr.strip())
    if m:
        val = str(data.get(m.group(1), ""))
        lit = m.group(3)
        lit = lit[1:] if lit.startswith("#") else lit[1:-1]
        return (val == lit) if m.group(2) == "==" else (val != lit)
    return bool(data.get(expr.strip()))


def _clearsilver(tpl: str, data: dict) -> str:
    """ClearSilver's var / if / elif / else of the FRED templates (no def, call, each)."""
    parts = CS_TAG.split(tpl)
    out: list[str] = []
    # stack of (active_parent, branch_taken, active_now)
    stack: list[list[bool]] = []

    def active() -> bool:
        return all(frame[2] for frame in stack)

    for i, part in enumerate(parts):
        if i % 2 == 0:
            if active():
                out.append(part)
            continue
        cmd = part.strip()
        if cmd.startswith("var:"):
            if active():
                out.append(str(data[cmd[4:].strip()]))
        elif cmd.startswith("if:"):
            ok = _cs_cond(cmd[3:], data)
            stack.append([active(), ok, ok])
        elif cmd.startswith("elif:"):
            frame = stack[-1]
            ok = not frame[1] and _cs_cond(cmd[5:], data)
            frame[2] = ok
            frame[1] = frame[1] or ok
        elif cmd == "else":
            frame = stack[-1]
            frame[2] = not frame[1]
            frame[1] = True
        elif cmd == "/if":
            stack.pop()
        else:
            raise ValueError(cmd)
    return "".join(out)


def _sql_strings(sql: str) -> list[str]:
    return [m.replace("''", "'") for m in re.findall(r"'((?:[^']|'')*)'", sql)]


def fred(mirrors: Path) -> None:
    repo = mirrors / "CZ-NIC+fred-db" / "repo"
    defaults = json.loads(
        _sql_strings(_show(repo, FRED_COMMIT, f"{FRED_DIR}/mail_template_default.sql"))[0]
    )
    footer = _sql_strings(_show(repo, FRED_COMMIT, f"{FRED_DIR}/mail_template_footer.sql"))[0]
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    authinfo1 = "".join(RNG.choice(alnum) for _ in range(8))
    authinfo2 = "".join(RNG.choice(alnum) for _ in range(8))
    pins = ["".join(RNG.choice(alnum) for _ in range(8)) for _ in range(3)]
    pin_change = "".join(RNG.choice(alnum) for _ in range(8))
    person = {
        "handle": "KUCEROVA-P", "firstname": "Petra", "lastname": "Kučerová",
        "email": "noor.tester@example.com", "telephone": "+420.603123456",
        "hostname": "mojeid.cz",
    }  # fmt: skip
    plan = [
        ("sendauthinfo_pif", "saas-otp", authinfo1, 1, {
            "reqdate": "02.12.2026", "reqid": "1736542", "type": "3", "handle": "pekarna-umlyna.cz",
            "authinfo": authinfo1},
         "the domain's transfer password (authinfo) the registry sends on request, to give "
         "to the new registrar; Czech then English; the request id is a reference"),
        ("sendauthinfo_epp", "saas-otp", authinfo2, 1, {
            "registrar": "REG-WEBHOSTING-CZ", "registrar_url": "https://www.webhosting.example",
            "type": "3", "handle": "kavarna-na-rohu.cz", "authinfo": authinfo2},
         "the domain's transfer password (authinfo), requested through the registrar; Czech "
         "then English"),
        ("mojeid_identification", "gov-otp", pins[0], 2, {
            **person, "passwd": pins[0], "identification": "9f2c41d7-6b1e-4a53-8d0e-2b7c5a1e3f90"},
         "PIN1 of the mojeID account activation (PIN2 comes by SMS); also in the link"),
        ("mojeid_verified_contact_transfer", "gov-otp", pins[1], 2, {
            **person, "passwd": pins[1], "identification": "c3e8a215-0f4d-4b7a-9e62-7d1b8f4a2c06"},
         "PIN1 of the mojeID account activation; also in the link"),
        ("conditional_contact_identification", "gov-otp", pins[2], 1, {
            **person, "passwd": pins[2], "identification": "5a7d9e31-2c48-4f0b-b6e1-93d0c2f7a814"},
         "PIN1 of the registry's contact verification (PIN2 by SMS to the phone shown); also in "
         "the link; Czech then English"),
        ("mojeid_email_change", "gov-otp", pin_change, 2, {"pin": pin_change},
         "the PIN1 to type to finish the mojeID e-mail change"),
        ("contact_identification", "notice", None, 1, dict(person),
         "PIN3 is only announced (it comes by post), not given"),
        ("expiration_register_owner", "notice", None, 1, {"domain": "kavarna-na-rohu.cz"}, None),
        ("expiration_register_tech", "notice", None, 1, {
            "domain": "kavarna-na-rohu.cz", "exregdate": "2026-12-18", "nsset": "NSS:WEBHOST:1"},
         None),
        ("expiration_dns_tech", "notice", None, 1, {
            "domain": "kavarna-na-rohu.cz", "nsset": "NSS:WEBHOST:1",
            "statechangedate": "2026-12-03"}, None),
        ("invoice_deposit", "invoice", None, 1, {"zone": "cz"}, None),
        ("invoice_audit", "invoice", None, 1, {
            "zone": "cz", "fromdate": "2026-11-01", "todate": "2026-11-30"}, None),
        ("request_block", "notice", None, 1, {
            "reqdate": "01.12.2026", "reqid": "1736129", "otype": "1", "rtype": "2", "type": "3",
            "handle": "pekarna-umlyna.cz"},
         "the request id is a reference number"),
        ("record_statement", "notice", None, 1, {
            "request_day": "2", "request_month": "12", "request_year": "2026"}, None),
        ("mojeid_validation", "notice", None, 2, {
            "status": "1", "reqid": "88214", "reqdate": "28.11.2026", "name": "Petra Kučerová",
            "org": "", "ic": "", "birthdate": "14.03.1988",
            "address": "Korunní 810/104, 101 00 Praha 10"}, None),
        ("akm_candidate_state_ko", "notice", None, 1, {
            "domain": "kavarna-na-rohu.cz", "datetime": "2026-12-03 04:12:55"}, None),
    ]  # fmt: skip
    senders = {1: "podpora@nic.cz", 2: "podpora@mojeid.cz"}
    for name, kind, code, header, data, note in plan:
        path = f"{FRED_DIR}/mail_template_{name}.sql"
        strings = _sql_strings(_show(repo, FRED_COMMIT, path))
        subject_t, body_t = strings[0], strings[1]
        data = {**defaults, **data}
        subject = _clearsilver(subject_t, data).strip()
        body = _clearsilver(body_t, data) + _clearsilver(footer, data)
        _save(
            source="fred-cznic", template=name.replace("_", "-"), lang="cs", kind=kind, code=code,
            repository=FRED_REPO,
            path=f"{path}; {FRED_DIR}/mail_template_footer.sql; "
            f"{FRED_DIR}/mail_template_default.sql; {FRED_DIR}/mail_header_default.sql",
            commit=FRED_COMMIT, licence="GPL-3.0-or-later",
            rendered="mail_template subject and body through a small ClearSilver (var, "
            "if/elif/else) with mail_template_default's defaults, footer 1 appended; plain text",
            sender=senders[header], subject=subject, text=body, html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# InstantCMS 1

ICMS1_REPO = "instantsoft/icms1"
ICMS1_COMMIT = "89848ff51338e71618a678777517ffcf88a4730c"


def icms1(mirrors: Path) -> None:
    repo = mirrors / "instantsoft+icms1" / "repo"
    sites = {
        "ru": ("Клуб рыболовов Приладожья", "https://ladoga-fish.example", "Щукарь_Виктор",
               "shchukar", "Ладожская2026", "Ольга Смирнова"),
        "en": ("Cedar Valley Anglers", "https://cedar-anglers.example", "RiverFox",
               "riverfox", "BrownTrout#88", "Tom Gallagher"),
    }  # fmt: skip
    for lang, (sitename, host, nick, login, password, friend) in sites.items():
        langs = {}
        for comp in ("components/registration", "components/users"):
            langs.update(
                _php_strings(_show(repo, ICMS1_COMMIT, f"languages/{lang}/{comp}.php"), "_LANG")
            )
        token = hashlib.md5(f"icms1-{lang}".encode()).hexdigest()
        user = {"id": "2187", "login": login, "nickname": nick, "email": "noor.tester@example.com"}
        plan = [
            ("registration", langs["THANKS_FOR_REGISTERING"] + " - " + sitename, "saas-otp",
             password, {**user, "password": password},
             "components/registration/model.php",
             "the registration notice repeats the login and the password the person chose"),
            ("activation", langs["ACTIVATION_ACCOUNT"] + " - " + sitename, "saas-otp", password,
             {**user, "password": password, "codelink": f"{host}/activate/{token}"},
             "components/registration/model.php",
             "the activation mail (a link) also repeats the login and the chosen password"),
            ("change_email", "", "notice", None,
             {"nickname": nick, "codelink": f"{host}/users/change_email/{token}/new@example.org"},
             "components/users/frontend.php", None),
            ("newmessage", langs["YOU_HAVE_NEW_MESS"] + "! - " + sitename, "notice", None,
             {"answerlink": f"{host}/users/2187/messages.html", "date": "03/12/2026 13:27:41",
              "from": friend}, "components/users/model.php", None),
            ("invite", _sprintf(langs["INVITE_SUBJECT"], friend), "notice", None,
             {"site_url": host, "invite_code": token[:10], "username": friend},
             "components/users/model.php",
             "the invitation code is an invite code, which the rules do not count"),
        ]  # fmt: skip
        for name, subject, kind, code, data, caller, note in plan:
            path = f"languages/{lang}/letters/{name}.txt"
            letter = _show(repo, ICMS1_COMMIT, path)
            for key, val in {**data, "sitename": sitename}.items():
                letter = letter.replace("{" + key + "}", val)
            if not subject:
                m = re.search(r"\[subject:(.+)\]", letter)
                subject = m.group(1)
                letter = letter.replace(m.group(0), "").strip()
            _save(
                source="instantcms1", template=name.replace("_", "-"), lang=lang, kind=kind,
                code=code, repository=ICMS1_REPO,
                path=f"{path}; {caller}; languages/{lang}/components/*.php; core/cms.php",
                commit=ICMS1_COMMIT, licence="GPL-2.0",
                rendered="cmsCore::mailText: {keys} by str_replace; PHPMailer MsgHTML(nl2br) "
                "and AltBody strip_tags of the letter",
                sender=f"{sitename} <robot@{host.split('//')[1]}>", subject=subject,
                text=re.sub(r"<[^>]*>", "", letter), html_part=_php_nl2br(letter), note=note,
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
    fred(args.mirrors)
    icms1(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
