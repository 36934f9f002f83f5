"""Round fifteen (``business``): passwords, codes and notices that business software mails.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_business.py \
        [--mirrors /work/.mirror] [--gauzy-node-modules /tmp/gauzynm/node_modules]

``--mirrors`` holds the git snapshots fetched for this round: redmine+redmine (GPL-2.0),
tryton+trytond (GPL-3.0), ever-co+ever-gauzy (AGPL-3.0), snipe+snipe-it (AGPL-3.0),
kaleidos-ventures+taiga-back (MPL-2.0), firefly-iii+firefly-iii (AGPL-3.0), kimai+kimai
(AGPL-3.0). polonel/trudesk (Apache-2.0) is over the snapshot size limit: its three templates
are held inline below. ``--gauzy-node-modules`` is a ``node_modules`` with mjml 4.18.0,
handlebars 4.7.10 and email-templates 12.0.3 (``npm install mjml@4 handlebars@4
email-templates@12``); ``node`` (20) runs the Ever Gauzy and Trudesk renderers with it.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Redmine (project management / issue tracking): ``app/views/mailer/<name>.text.erb`` and
  ``.html.erb`` inside ``app/views/layouts/mailer.{text,html}.erb``, as ``app/models/mailer.rb``
  builds them (subject, ``From`` = ``Setting.mail_from`` with ``Setting.app_title`` as display
  name), strings from ``config/locales/<lang>.yml`` (``%{value}`` filled). ERB is rendered by
  hand exactly as Rails' Erubi with trim mode does (statement tags alone on a line vanish with
  their newline; ``-%>`` drops the newline after an expression; ``<%=`` HTML-escaped in the
  html part only). The default ``emails_footer`` is used; its CommonMark rendering in the html
  part (hard breaks, ``external`` link) is done by hand. Mails: ``account_information`` (the
  password an administrator set or generated, ``User#random_password``: length
  ``max(password_min_length + 2, 10)`` = 10, one capital, one small letter, one digit, no
  ``0O1l``), the same mail for an LDAP account (no password), ``lost_password`` and
  ``register`` (links), ``account_activated``, and the ``security_notification`` sent when the
  password was changed. Each mail in several of the shipped languages.
- Tryton (ERP, trytond): ``trytond/res/email_reset_password.html`` (Genshi, with
  ``i18n:msg``) as ``User.reset_password`` sends it: temporary password
  ``gen_password(length=8)`` (ascii letters and digits), expiry ``reset_timeout`` = one day,
  ``format_timedelta`` with the ``ir.msg_timedelta_d`` translation; title (subject) the report
  name. The translated paragraphs are the non-fuzzy ``report:res.user.email_reset_password:``
  entries of ``trytond/res/locale/<lang>.po`` (Tryton skips fuzzy ones), the ``[n:...]``
  markers put back as the template's elements; the result was checked once against Genshi
  0.7 itself (not needed to run this script). ``get_email`` sends an ``alternative`` with
  only a ``text/html`` part when html2text is not installed; here it is one ``text/html``
  part (the ``Content-Language`` headers are left out). Languages whose three strings are
  translated and not fuzzy: ca, de, es, fr, nl, ro, uk, and en.
- Ever Gauzy (HR / ERP / time tracking): ``packages/core/src/lib/core/seeds/data/
  default-email-templates/<template>/<lang>/{html.mjml,subject.hbs}`` turned into Handlebars
  with mjml as the seed does, filled by Handlebars with the locals ``email.service.ts`` passes
  (app integration defaults of ``packages/config``), through email-templates' ``renderAll``
  with Gauzy's custom render (subject trimmed, text part by html-to-text). Codes
  ``generateAlphaNumericCode()``: eight of A-Z0-9. Languages where the template is really
  translated (en, bg, he, ru; several templates are English in every folder and are taken in
  English only).
- Snipe-IT (asset management): the welcome notification an administrator sends with the
  login and password (``notifications/Welcome.blade.php``) in fifteen of the shipped
  languages, and the asset checkout mail; Laravel markdown mail reduced by hand (see items).
- Taiga (project management): ``*-subject/-body-text/-body-html.jinja`` rendered with Jinja2
  and the ``django.po`` catalogue (languages whose e-mail strings are translated: en, es, fr,
  ru, tr, de for the invitation).
- Firefly III (personal finance): security and account notices, English only.
- Kimai (time tracking): sign-in link and account activation, Twig run with Jinja2, XLIFF.
- Trudesk (helpdesk): new password after a reset, reset and account-recovery links.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import html
import json
import random
import re
import subprocess
import tempfile
import uuid
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import jinja2
import markdown
import yaml
from collect import HERE, message

OUT = HERE / "round15" / "business.json"
SENT = datetime(2026, 12, 3, 16, 12, 48, tzinfo=UTC)
RNG = random.Random("r15-business")


def _show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / repo.replace("/", "+") / "repo"), "show",
         f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _write(source: str, ident: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _item(
    *, ident: str, group: str, source: str, lang: str, kind: str, code: str | None,
    repo: tuple[str, str], path: str, licence: str, rendered: str, raw: bytes,
    note: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    rel, digest = _write(source, ident, raw)
    lang = lang.replace("_", "-")  # the senders' locale names as language tags
    if lang not in ("pt-BR", "zh-CN", "zh-TW"):
        lang = lang.split("-")[0]
    item: dict[str, Any] = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repo[0],
        "path": path,
        "commit": repo[1],
        "licence": licence,
        "rendered": rendered,
        "file": rel,
        "sha256": digest,
    }
    if note:
        item["note"] = note
    return item


# ---------------------------------------------------------------------------------------
# Redmine

REDMINE = ("redmine/redmine", "890812e49cc60e96c7c252b7dedbd881a4edba55")
RM_HOST = "https://projects.example.org"
RM_FROM = "Redmine <redmine@projects.example.org>"
RM_RENDERED = (
    "ERB rendered by hand as Rails/Erubi trim mode does, strings from config/locales, inside "
    "layouts/mailer.text.erb and mailer.html.erb (default emails_footer, its CommonMark by "
    "hand); multipart/alternative text/plain + text/html; subject as app/models/mailer.rb builds it"
)
RM_USERS = {
    "en": "mgreen", "de": "jdoerfler", "fr": "mlefebvre", "es": "agarcia", "it": "mrossi",
    "ja": "k.tanaka", "ko": "sjkim", "nl": "pvandijk", "pl": "anowak", "pt-BR": "lsouza",
    "ru": "ivolkov", "sv": "elundqvist", "tr": "ayildiz", "uk": "oshevchenko", "zh": "wangfang",
    "zh-TW": "chenyc", "cs": "jnovak", "fa": "rahmadi", "vi": "nguyenlinh", "ar": "hmansour",
}  # fmt: skip
RM_PASSWORD_CHARS = [
    [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in "0O1l|'\"`*"],
    [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "0O1l|'\"`*"],
    [c for c in "0123456789" if c not in "0O1l|'\"`*"],
]


def _rm_password(length: int = 10) -> str:
    chars = [RNG.choice(cls) for cls in RM_PASSWORD_CHARS]
    pool = [c for cls in RM_PASSWORD_CHARS for c in cls]
    chars += [RNG.choice(pool) for _ in range(length - len(chars))]
    RNG.shuffle(chars)
    return "".join(chars)


def _rm_token() -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(40))


def _h(text: str) -> str:
    """ERB::Util.html_escape."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#39;")
    )  # fmt: skip


FOOTER = (
    "You have received this notification because you have either subscribed to it, or are "
    "involved in it.\nTo change your notification preferences, please click here: "
    "http://hostname/my/account"
)
FOOTER_HTML = (
    "<p>You have received this notification because you have either subscribed to it, or are "
    "involved in it.<br>\nTo change your notification preferences, please click here: "
    '<a href="http://hostname/my/account" class="external">http://hostname/my/account</a></p>'
)


class Redmine:
    def __init__(self, mirrors: Path) -> None:
        self.mirrors = mirrors
        self.layout_html = self.show("app/views/layouts/mailer.html.erb")
        self.locales: dict[str, dict[str, Any]] = {}

    def show(self, path: str) -> str:
        return _show(self.mirrors, *REDMINE, path)

    def t(self, lang: str, key: str, **values: str) -> str:
        if lang not in self.locales:
            self.locales[lang] = yaml.safe_load(self.show(f"config/locales/{lang}.yml"))[lang]
        node: Any = self.locales[lang]
        for part in key.split("."):
            node = node[part]
        text = str(node)
        for name, value in values.items():
            text = text.replace("%{" + name + "}", value)
        return text

    def wrap(self, text_body: str, html_body: str) -> tuple[str, str]:
        text = text_body + "\n" + "-- \n" + FOOTER + "\n"
        head = self.layout_html.split("<body>")[0]
        page = (
            head + "<body>\n" + html_body + "\n<hr />\n"
            f'<span class="footer">{FOOTER_HTML}</span>\n</body>\n</html>\n'
        )
        return text, page

    def mail(self, *, subject: str, text_body: str, html_body: str) -> bytes:
        text, page = self.wrap(text_body, html_body)
        return message(sender=RM_FROM, subject=subject, text=text, html_part=page, sent=SENT)

    def time(self, lang: str, when: datetime) -> str:
        date_fmt = self.t(lang, "date.formats.default")
        time_fmt = self.t(lang, "time.formats.time")
        return when.strftime(date_fmt) + " " + when.strftime(time_fmt)


def redmine(mirrors: Path) -> list[dict[str, Any]]:
    rm = Redmine(mirrors)
    login_url = f"{RM_HOST}/login"
    items: list[dict[str, Any]] = []
    base = dict(source="redmine", repo=REDMINE, licence="GPL-2.0-or-later", rendered=RM_RENDERED)

    def paths(name: str) -> str:
        return (
            f"app/views/mailer/{name}.text.erb ; app/views/mailer/{name}.html.erb ; "
            "app/views/layouts/mailer.text.erb ; app/views/layouts/mailer.html.erb ; "
            "app/models/mailer.rb ; config/locales/<lang>.yml"
        )

    # account_information with a password
    for lang in ("en", "de", "fr", "es", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "sv",
                 "tr", "uk", "zh", "zh-TW", "cs", "fa", "vi", "ar"):  # fmt: skip
        login = RM_USERS[lang]
        password = _rm_password()
        t = partial(rm.t, lang)
        text_body = (
            f"{t('mail_body_account_information')}:\n"
            f"* {t('field_login')}: {login}\n"
            f"* {t('field_password')}: {password}\n"
            f"{t('label_login')}: {login_url}\n"
        )
        html_body = (
            f"<p>{_h(t('mail_body_account_information'))}:</p>\n<ul>\n"
            f"    <li>{_h(t('field_login'))}: {_h(login)}</li>\n"
            f"    <li>{_h(t('field_password'))}: {_h(password)}</li>\n"
            f"</ul>\n\n<p>{_h(t('label_login'))}: "
            f'<a href="{login_url}">{login_url}</a></p>\n'
        )
        raw = rm.mail(
            subject=t("mail_subject_register", value="Redmine"),
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-account-information-{lang.lower()}", group="redmine-account-information",
            lang=lang, kind="saas-otp", code=password, path=paths("account_information"), raw=raw,
            note="account created by an administrator: login and the password set for it "
                 "(generated: ten letters and digits), to be typed at the login page",
            **base,
        ))  # fmt: skip

    # account_information for an LDAP account: no password in it
    for lang in ("en", "de", "fr"):
        login = {"en": "t.ashworth", "de": "b.kaiser", "fr": "c.moreau"}[lang]
        t = partial(rm.t, lang)
        ext = t("mail_body_account_information_external", value="Corp LDAP")
        text_body = f"{ext}\n{t('label_login')}: {login_url}\n"
        html_body = (
            f"<p>{_h(ext)}</p>\n\n<p>{_h(t('label_login'))}: "
            f'<a href="{login_url}">{login_url}</a></p>\n'
        )
        raw = rm.mail(
            subject=t("mail_subject_register", value="Redmine"),
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-account-information-ldap-{lang}", group="redmine-account-information-ldap",
            lang=lang, kind="notice", code=None, path=paths("account_information"), raw=raw,
            note=f"account of an LDAP user ({login}): the mail names the directory, no password",
            **base,
        ))  # fmt: skip

    # lost_password
    for lang in ("en", "de", "fr", "ja", "ru", "pt-BR"):
        login = {"en": "hpatel", "de": "s.wagner", "fr": "lbernard", "ja": "yamada.h",
                 "ru": "apetrova", "pt-BR": "rcosta"}[lang]  # fmt: skip
        t = partial(rm.t, lang)
        url = f"{RM_HOST}/account/lost_password?token={_rm_token()}"
        text_body = (
            f"{t('mail_body_lost_password')}\n{url}\n\n"
            f"{t('mail_body_lost_password_validity')}\n\n"
            f"{t('field_login')}: {login}\n"
        )
        html_body = (
            f"<p>{_h(t('mail_body_lost_password'))}<br />\n"
            f'<a href="{html.escape(url)}">{html.escape(url)}</a></p>\n\n'
            f"<p>{_h(t('mail_body_lost_password_validity'))}</p>\n\n"
            f"<p>{_h(t('field_login'))}: <b>{_h(login)}</b></p>\n"
        )
        raw = rm.mail(
            subject=t("mail_subject_lost_password", value="Redmine"),
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-lost-password-{lang.lower()}", group="redmine-lost-password",
            lang=lang, kind="notice", code=None, path=paths("lost_password"), raw=raw,
            note="password recovery link with a 40-hex token (only inside the link) and the "
                 "login name; nothing to type",
            **base,
        ))  # fmt: skip

    # register (activation link)
    for lang in ("en", "es", "it", "pl"):
        t = partial(rm.t, lang)
        url = f"{RM_HOST}/account/activate?token={_rm_token()}"
        text_body = f"{t('mail_body_register')}\n{url}\n"
        html_body = (
            f"<p>{_h(t('mail_body_register'))}<br />\n"
            f'<a href="{html.escape(url)}">{html.escape(url)}</a></p>\n'
        )
        raw = rm.mail(
            subject=t("mail_subject_register", value="Redmine"),
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-register-{lang}", group="redmine-register",
            lang=lang, kind="notice", code=None, path=paths("register"), raw=raw,
            note="account activation link (token only inside the link)",
            **base,
        ))  # fmt: skip

    # account_activated
    for lang in ("en", "nl", "cs"):
        t = partial(rm.t, lang)
        text_body = f"{t('notice_account_activated')}\n{t('label_login')}: {login_url}\n"
        html_body = (
            f"<p>{_h(t('notice_account_activated'))}</p>\n"
            f'<p>{_h(t("label_login"))}: <a href="{login_url}">{login_url}</a></p>\n'
        )
        raw = rm.mail(
            subject=t("mail_subject_register", value="Redmine"),
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-account-activated-{lang}", group="redmine-account-activated",
            lang=lang, kind="notice", code=None, path=paths("account_activated"), raw=raw,
            note="the administrator activated the account; login link only",
            **base,
        ))  # fmt: skip

    # security_notification: password changed
    when = datetime(2026, 12, 3, 15, 47, 0)
    for lang, login, ip in (("en", "mgreen", "203.0.113.58"), ("de", "jdoerfler", "198.51.100.23"),
                            ("fr", "mlefebvre", "192.0.2.141"), ("zh", "wangfang", "203.0.113.7"),
                            ("es", "agarcia", "198.51.100.219")):  # fmt: skip
        t = partial(rm.t, lang)
        msg = t("mail_body_password_updated")
        title = t("button_change_password")
        url = f"{RM_HOST}/my/password"
        stamp = rm.time(lang, when)
        text_body = (
            f"{msg}\n\n{url}\n\n"
            f"{t('field_user')}: {login}\n"
            f"{t('field_remote_ip')}: {ip}\n"
            f"{t('label_date')}: {stamp}\n"
        )
        html_body = (
            f"<p>{_h(msg)}<br />\n"
            f'<a href="{url}">{_h(title)}</a></p>\n\n'
            f"<p>{_h(t('field_user'))}: <strong>{_h(login)}</strong><br/>\n"
            f"{_h(t('field_remote_ip'))}: <strong>{ip}</strong><br/>\n"
            f"{_h(t('label_date'))}: <strong>{_h(stamp)}</strong></p>\n"
        )
        raw = rm.mail(
            subject=f"[Redmine] {t('mail_subject_security_notification')}",
            text_body=text_body,
            html_body=html_body,
        )
        items.append(_item(
            ident=f"redmine-password-updated-{lang}", group="redmine-password-updated",
            lang=lang, kind="notice", code=None, path=paths("security_notification"), raw=raw,
            note="security notice: the password was changed (user, IP address, date); no code",
            **base,
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Tryton

TRYTON = ("tryton/trytond", "3df41d95dd2758c253cbf1c52043a104a2cae51a")
TRYTON_FROM = "Tryton ERP <erp@example.com>"
TRYTON_LANGS = ("en", "ca", "de", "es", "fr", "nl", "ro", "uk")


def parse_po(text: str) -> dict[tuple[str, str], str]:
    """(msgctxt, msgid) -> msgstr of a .po file, fuzzy entries left out."""
    out: dict[tuple[str, str], str] = {}
    cur: dict[str, str] = {}
    key = ""
    fuzzy = False
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if not line:
            if "msgid" in cur and not fuzzy:
                out[(cur.get("msgctxt", ""), cur["msgid"])] = cur.get("msgstr", "")
            cur, key, fuzzy = {}, "", False
        elif line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif line.startswith('"'):
            cur[key] += ast.literal_eval(line)
        else:
            key, _, rest = line.partition(" ")
            cur[key] = ast.literal_eval(rest)
    return out


def _tryton_msg(msgstr: str, elements: dict[int, tuple[str, str]], values: dict[str, str]) -> str:
    """Put Genshi's ``[n:text]`` markers back as the template's elements."""
    out = msgstr
    for n, (start, end) in elements.items():
        marker = f"[{n}:"
        i = out.index(marker)
        j = out.index("]", i)
        inner = out[i + len(marker) : j]
        out = out[:i] + (start + inner + end if end else start) + out[j + 1 :]
    for name, value in values.items():
        out = out.replace(f"%({name})s", value)
    return out


def tryton(mirrors: Path) -> list[dict[str, Any]]:
    template = _show(mirrors, *TRYTON, "trytond/res/email_reset_password.html")
    ctx = "report:res.user.email_reset_password:"
    en_title = "Reset Password"
    en_msg1 = (
        "The password for your account, [1:%(login)s], has been reset.[2:]\n"
        "                You must set a new one from the user's preferences.[3:]\n"
        "                You can connect with this temporary password [4:%(password)s] to[5:]\n"
        "                [6:tryton://%(host)s/%(database)s][7:]\n"
        "                [8:%(http_host)s/#%(database)s]"
    )
    en_msg2 = "The password will expire in [1:%(datetime)s]."
    host, http_host, database = "erp.example.com:8000", "https://erp.example.com", "tryton"
    people = {"en": "rhughes", "ca": "jpuig", "de": "kbraun", "es": "lmartin",
              "fr": "egirard", "nl": "sdevries", "ro": "apopescu", "uk": "tkovalenko"}  # fmt: skip
    items = []
    for lang in TRYTON_LANGS:
        po = (
            {}
            if lang == "en"
            else parse_po(_show(mirrors, *TRYTON, f"trytond/res/locale/{lang}.po"))
        )
        ir = (
            {}
            if lang == "en"
            else parse_po(_show(mirrors, *TRYTON, f"trytond/ir/locale/{lang}.po"))
        )
        title = po.get((ctx, en_title)) or en_title
        subject = po.get(("model:ir.action,name:report_email_reset_password", en_title)) or en_title
        msg1 = po.get((ctx, en_msg1)) or en_msg1
        msg2 = po.get((ctx, en_msg2)) or en_msg2
        day = ir.get(("model:ir.message,text:msg_timedelta_d", "d")) or "d"
        password = "".join(
            RNG.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            for _ in range(8)
        )
        expire = datetime(2026, 12, 4, 16, 12, 47, RNG.randint(0, 999999))
        login = people[lang]
        link1 = f"tryton://{host}/{database}"
        link2 = f"{http_host}/#{database}"
        p1 = _tryton_msg(
            msg1,
            {
                1: ("<strong>", "</strong>"),
                2: ("<br/>", ""),
                3: ("<br/>", ""),
                4: ("<strong>", "</strong>"),
                5: ("<br/>", ""),
                6: (f'<a href="{link1}">', "</a>"),
                7: ("<br/>", ""),
                8: (f'<a href="{link2}">', "</a>"),
            },
            {
                "login": login,
                "password": password,
                "host": host,
                "database": database,
                "http_host": http_host,
            },
        )
        p2 = _tryton_msg(
            msg2,
            {1: (f'<time datetime="{expire.isoformat()}">', "</time>")},
            {"datetime": "1" + day},
        )
        page = (
            template.replace(
                ' xmlns:py="http://genshi.edgewall.org/"'
                ' xmlns:i18n="http://genshi.edgewall.org/i18n"',
                "",
            )
            .replace("<title>Reset Password</title>", f"<title>{html.escape(title)}</title>")
            .replace("<h1>Reset Password</h1>", f"<h1>{html.escape(title)}</h1>")
            .replace('#EEE"></hr>', '#EEE"/>')
        )
        start = page.index('<p i18n:msg="login')
        end = page.index("</p>", start)
        page = page[:start] + "<p>" + p1 + page[end:]
        start = page.index('<p i18n:msg="datetime')
        end = page.index("</p>", start)
        page = page[:start] + "<p>" + p2 + "</p>" + page[end + 4 :]
        page = page.rstrip("\n")
        raw = message(sender=TRYTON_FROM, subject=subject, text=None, html_part=page, sent=SENT)
        items.append(_item(
            ident=f"tryton-reset-password-{lang}", group="tryton-reset-password", source="tryton",
            lang=lang, kind="saas-otp", code=password, repo=TRYTON,
            path="trytond/res/email_reset_password.html ; trytond/res/user.py ; "
                 "trytond/report/report.py ; trytond/res/locale/<lang>.po ; trytond/ir/locale/<lang>.po",
            licence="GPL-3.0-or-later",
            rendered="Genshi template with i18n:msg rendered by a small renderer (checked against "
                     "Genshi 0.7 once), translations from the .po files (fuzzy skipped); one "
                     "text/html part as get_email sends it without html2text",
            raw=raw,
            note="temporary password (eight letters and digits) to connect with after an "
                 "administrator reset the account; the <time> datetime attribute holds the "
                 "expiry timestamp with microseconds",
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Ever Gauzy

GAUZY = ("ever-co/ever-gauzy", "39a5c3adfe123197e2b89086b756f086b77cfda3")
GAUZY_DIR = "packages/core/src/lib/core/seeds/data/default-email-templates"
GAUZY_FROM = "noreply@gauzy.co"
GAUZY_BASE = "https://app.gauzy.co"
GAUZY_INTEGRATION = {
    "appName": "Gauzy",
    "appLogo": f"{GAUZY_BASE}/assets/images/logos/logo_Gauzy.png",
    "appSignature": "Gauzy Team",
    "appLink": "https://app.gauzy.co/",
    "appEmailConfirmationUrl": f"{GAUZY_BASE}/#/auth/confirm-email",
    "appMagicSignUrl": f"{GAUZY_BASE}/#/auth/magic-sign-in",
    "companyLink": "https://ever.co",
    "companyName": "Ever Co. LTD",
}
_GAUZY_JS = """
const Email = require('email-templates');
const mjml2html = require('mjml');
const Handlebars = require('handlebars');
const jobs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
(async () => {
  const out = [];
  for (const job of jobs) {
    // email-template.seed.ts: hbs = mjml2html(html.mjml).html, subject.hbs as it is
    const store = { html: mjml2html(job.mjml).html, subject: job.subject };
    // email-template-render.service.ts: Handlebars.compile(emailTemplate.hbs)(locals), '' if none
    const render = async (view, locals) => {
      const hbs = store[view.replace('\\\\', '/').split('/').pop()];
      if (!hbs) return '';
      return Handlebars.compile(hbs)(locals);
    };
    // email-send.service.ts getEmailConfig (transport and send left out)
    const email = new Email({
      message: { from: job.from }, send: false, transport: { jsonTransport: true }, i18n: {},
      views: { options: { extension: 'hbs' } }, render,
    });
    out.push(await email.renderAll(job.template, job.locals));
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def _gauzy_code() -> str:
    return "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(8))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _uuid() -> str:
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


def _jwt(payload: dict[str, Any]) -> str:
    head = _b64url(b'{"alg":"HS256","typ":"JWT"}')
    body = _b64url(json.dumps(payload, separators=(",", ":")).encode())
    return f"{head}.{body}.{_b64url(RNG.randbytes(32))}"


def _gauzy_render(node_modules: Path, jobs: list[dict[str, Any]]) -> list[dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "node_modules").symlink_to(node_modules)
        (work / "render.js").write_text(_GAUZY_JS)
        out = subprocess.run(
            ["node", "render.js"], input=json.dumps(jobs), capture_output=True, text=True,
            check=True, cwd=work,
        ).stdout  # fmt: skip
    return json.loads(out)


def gauzy(mirrors: Path, node_modules: Path) -> list[dict[str, Any]]:
    def show(path: str) -> str:
        return _show(mirrors, *GAUZY, f"{GAUZY_DIR}/{path}")

    iat = 1796314368
    specs: list[tuple[str, str, str, str | None, dict[str, Any], str, str]] = []
    # (template, lang, kind, code, locals, email service method, note)
    code = _gauzy_code()
    email = "dana.whitfield@northwind-studio.com"
    specs.append((
        "password-less-authentication", "en", "saas-otp", code,
        {**GAUZY_INTEGRATION, "locale": "en", "email": email, "magicCode": code,
         "magicLink": f"{GAUZY_INTEGRATION['appMagicSignUrl']}?email={email}&code={code}"},
        "sendMagicLoginCode",
        "magic login code (eight capitals and digits) shown twice, also inside the sign-in link",
    ))  # fmt: skip
    people = {"en": ("Marcus", "Ellery", "marcus.ellery@brightlane.io"),
              "bg": ("Мария", "Петрова", "maria.petrova@sofiadev.bg"),
              "he": ("נועה", "כהן", "noa.cohen@telaviv-labs.co.il"),
              "ru": ("Дмитрий", "Соколов", "d.sokolov@volga-it.ru")}  # fmt: skip
    for lang, (first, last, mail) in people.items():
        code = _gauzy_code()
        token = _jwt({"id": _uuid(), "email": mail, "iat": iat, "exp": iat + 604800})
        specs.append((
            "email-verification", lang, "saas-otp", code,
            {"name": f"{first} {last}", "email": mail,
             "verificationLink": f"{GAUZY_INTEGRATION['appEmailConfirmationUrl']}?email={mail}&token={token}",
             "verificationCode": code, **GAUZY_INTEGRATION, "locale": lang, "host": GAUZY_BASE},
            "emailVerification",
            "e-mail verification code (eight capitals and digits) after sign-up, shown twice; "
            "the link holds a JWT",
        ))  # fmt: skip
    code = _gauzy_code()
    specs.append((
        "email-reset", "en", "saas-otp", code,
        {**GAUZY_INTEGRATION, "locale": "en", "email": "p.osei@harbourfreight-co.com",
         "host": GAUZY_BASE, "verificationCode": code, "name": "Priscilla Osei"},
        "emailReset",
        "code sent to the new address when a user changes their e-mail address",
    ))  # fmt: skip
    code = _gauzy_code()
    specs.append((
        "organization-team-join-request", "en", "saas-otp", code,
        {"locale": "en", "host": GAUZY_BASE, "id": _uuid(), "name": "Platform Squad",
         "prefix": "PLA", "email": "liam.kowalczyk@fastmail.com", "fullName": "Liam Kowalczyk",
         "linkAddress": "https://linkedin.com/in/liamkowalczyk", "position": "Backend Developer",
         "status": "REQUESTED", "code": code, **GAUZY_INTEGRATION},
        "sendOrganizationTeamJoinRequestEmail",
        "code to verify the e-mail address of a request to join a team, shown on a button",
    ))  # fmt: skip
    specs.append((
        "payment-receipt", "en", "invoice", None,
        {"email": "accounts@lakeshore-dental.com", "contactName": "Lakeshore Dental",
         "invoiceNumber": 1047, "amount": 2380.5, "currency": "USD",
         "organizationId": _uuid(), "tenantId": _uuid(), "organizationName": "Brightlane Studio",
         "locale": "en", "host": GAUZY_BASE},
        "sendPaymentReceipt",
        "payment receipt: invoice number and amount; no code",
    ))  # fmt: skip
    est_mail, est_id = "procurement@harbourfreight-co.com", _uuid()
    est_token = _jwt({"id": est_id, "email": est_mail, "iat": iat})
    est = f"{GAUZY_BASE}#/auth/estimate/?token={est_token}&id={est_id}"
    specs.append((
        "email-estimate", "en", "invoice", None,
        {"tenantId": _uuid(), "organizationId": _uuid(), "locale": "en", "host": GAUZY_BASE,
         "acceptUrl": f"{est}&action=accept&email={est_mail}",
         "rejectUrl": f"{est}&action=reject&email={est_mail}"},
        "sendInvoiceEstimateEmail",
        "new estimate notice (its PDF attachment left out); no code",
    ))  # fmt: skip
    invites = {"en": "ines.duarte@cafe-aurora.pt", "bg": "georgi.ivanov@varna-soft.bg",
               "ru": "o.morozova@ural-print.ru"}  # fmt: skip
    for lang, mail in invites.items():
        reg = f"{GAUZY_BASE}/#/auth/accept-invite?email={mail}&token={_b64url(RNG.randbytes(24))}"
        specs.append((
            "invite-employee", lang, "notice", None,
            {"locale": lang, "organizationName": "Brightlane Studio", "organizationId": _uuid(),
             "tenantId": _uuid(), "generatedUrl": reg, "host": GAUZY_BASE},
            "inviteEmployee",
            "invitation to join an organisation as employee (link only); no code",
        ))  # fmt: skip
    for lang, mail in (("en", "t.harlow@greenfield.org"), ("he", "yael.mizrahi@jaffa-media.co.il")):
        specs.append((
            "welcome-user", lang, "notice", None,
            {"locale": lang, "email": mail, "host": GAUZY_BASE, "organizationId": _uuid(),
             "tenantId": _uuid(), **GAUZY_INTEGRATION},
            "welcomeUser",
            "welcome mail after sign-up; no code",
        ))  # fmt: skip
    resets = {"en": ("Owen Brady", "owen.brady@kestrel-logistics.com"),
              "bg": ("Елена Димитрова", "e.dimitrova@plovdiv-trade.bg"),
              "he": ("אבי לוי", "avi.levi@haifa-tech.co.il"),
              "ru": ("Анна Кузнецова", "a.kuznetsova@neva-soft.ru")}  # fmt: skip
    for lang, (name, mail) in resets.items():
        token = _jwt({"id": _uuid(), "email": mail, "iat": iat, "exp": iat + 3600})
        specs.append((
            "password", lang, "notice", None,
            {**GAUZY_INTEGRATION, "userName": name, "tenantName": "Brightlane Studio",
             "locale": lang, "generatedUrl": f"{GAUZY_BASE}/#/auth/reset-password?token={token}",
             "host": GAUZY_BASE},
            "requestPassword",
            "password reset link (JWT only inside the link); no code",
        ))  # fmt: skip
    jobs = [
        {"template": t, "mjml": show(f"{t}/{lang}/html.mjml"),
         "subject": show(f"{t}/{lang}/subject.hbs"), "from": GAUZY_FROM, "locals": loc}
        for t, lang, _k, _c, loc, _m, _n in specs
    ]  # fmt: skip
    rendered = _gauzy_render(node_modules, jobs)
    items = []
    for (t, lang, kind, code, _loc, method, note), out in zip(specs, rendered, strict=True):
        raw = message(
            sender=GAUZY_FROM, subject=out["subject"], text=out["text"], html_part=out["html"],
            sent=SENT,
        )  # fmt: skip
        items.append(_item(
            ident=f"gauzy-{t}-{lang}", group=f"gauzy-{t}", source="gauzy", lang=lang, kind=kind,
            code=code, repo=GAUZY,
            path=f"{GAUZY_DIR}/{t}/{lang}/html.mjml ; {GAUZY_DIR}/{t}/{lang}/subject.hbs ; "
                 f"packages/core/src/lib/email-send/email.service.ts ({method}) ; "
                 "packages/core/src/lib/email-send/email-template-render.service.ts ; "
                 "packages/core/src/lib/email-template/email-template.seed.ts",
            licence="AGPL-3.0-only",
            rendered="mjml 4.18 (mjml2html as the seed does) and Handlebars 4.7 with the locals "
                     "email.service.ts passes, through email-templates 12 renderAll (subject "
                     "trimmed, text part by its html-to-text) in node; multipart/alternative "
                     "text/plain + text/html",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Snipe-IT

SNIPE = ("snipe/snipe-it", "5aa5c48018f25ae5eb8671bc278469e85d0ac054")
SNIPE_SITE = "Northwind IT Assets"
SNIPE_URL = "https://assets.northwind.example"
SNIPE_FROM = "Snipe-IT <assets@northwind.example>"
SNIPE_LANGS = ("en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "pl-PL", "pt-BR", "cs-CZ",
               "sv-SE", "tr-TR", "ru-RU", "ja-JP", "ko-KR", "zh-CN")  # fmt: skip
_PHP_PAIR = re.compile(r"""(['"])(\w+)\1\s*=>\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")


def _php_strings(text: str) -> dict[str, str]:
    out = {}
    for m in _PHP_PAIR.finditer(text):
        value = m.group(3) if m.group(3) is not None else m.group(4)
        out[m.group(2)] = re.sub(r"\\(.)", r"\1", value)
    return out


def _snipe_password() -> str:
    # resources/views/users/edit.blade.php: pGenerator, length pwd_secure_min (8) + 5, upper,
    # lower, numbers and special characters (here only specials that need no HTML escaping)
    classes = [
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "abcdefghijklmnopqrstuvwxyz",
        "0123456789",
        "!#$%*-_=+?@",
    ]
    chars = [RNG.choice(c) for c in classes]
    chars += [RNG.choice("".join(classes)) for _ in range(13 - len(chars))]
    RNG.shuffle(chars)
    return "".join(chars)


def _snipe_button(url: str, label: str) -> str:
    return (
        '<table class="action" align="center" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td align="center">\n'
        '<table width="100%" border="0" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td align="center">\n'
        '<table border="0" cellpadding="0" cellspacing="0" role="presentation">\n'
        "<tr>\n<td>\n"
        f'<a href="{url}" class="button button-primary" target="_blank">{label}</a>\n'
        "</td>\n</tr>\n</table>\n</td>\n</tr>\n</table>\n</td>\n</tr>\n</table>"
    )


def _snipe_html(body_md: str, footer_md: str) -> str:
    body = markdown.markdown(body_md, extensions=["tables"])
    footer = markdown.markdown(footer_md)
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n'
        '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />\n'
        "</head>\n<body>\n"
        '<table class="wrapper" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td align="center">\n'
        '<table class="content" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        f'<tr>\n<td class="header">\n<a href="">\n{SNIPE_SITE}\n</a>\n</td>\n</tr>\n\n'
        "<!-- Email Body -->\n<tr>\n"
        '<td class="body" width="100%" cellpadding="0" cellspacing="0">\n'
        '<table class="inner-body" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<!-- Body content -->\n<tr>\n<td class="content-cell">\n'
        f"{body}\n\n\n</td>\n</tr>\n</table>\n</td>\n</tr>\n\n"
        "<tr>\n<td>\n"
        '<table class="footer" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td class="content-cell" align="center">\n'
        f"{footer}\n</td>\n</tr>\n</table>\n</td>\n</tr>\n"
        "</table>\n</td>\n</tr>\n</table>\n</body>\n</html>\n"
    )


def _snipe_text(body_md: str) -> str:
    text = (
        f"[Snipe-IT]({SNIPE_URL})\n\n"
        + re.sub(r"<[^>]+>", "", body_md)
        + "\n\n© 2026 Snipe-IT. All rights reserved.\n"
    )
    return html.unescape(re.sub(r"[\r\n]{2,}", "\n\n", text))


def snipeit(mirrors: Path) -> list[dict[str, Any]]:
    def show(path: str) -> str:
        return _show(mirrors, *SNIPE, path)

    people = {
        "en-US": ("Rachel", "Dunmore", "rdunmore"), "de-DE": ("Lukas", "Hoffmann", "lhoffmann"),
        "fr-FR": ("Camille", "Roux", "croux"), "es-ES": ("Javier", "Navarro", "jnavarro"),
        "it-IT": ("Giulia", "Ferri", "gferri"), "nl-NL": ("Sanne", "Bakker", "sbakker"),
        "pl-PL": ("Tomasz", "Wiśniewski", "twisniewski"), "pt-BR": ("Beatriz", "Almeida", "balmeida"),
        "cs-CZ": ("Petra", "Dvořáková", "pdvorakova"), "sv-SE": ("Oskar", "Berg", "oberg"),
        "tr-TR": ("Emre", "Demir", "edemir"), "ru-RU": ("Ольга", "Смирнова", "osmirnova"),
        "ja-JP": ("美咲", "佐藤", "msato"), "ko-KR": ("민준", "박", "mjpark"),
        "zh-CN": ("伟", "李", "liwei"),
    }  # fmt: skip
    footer_md = f"© 2026 {SNIPE_SITE}. All rights reserved.\n"
    items = []
    rendered = (
        "Laravel markdown mail reduced by hand: Blade output of the view written out, "
        "CommonMark by python-markdown inside resources/views/vendor/mail/html (layout, "
        "header, button, footer; the theme CSS inlining left out); the text part as "
        "Markdown::renderText does it (text components, tags stripped, entities decoded); "
        "multipart/alternative"
    )
    for lang in SNIPE_LANGS:
        tr = _php_strings(show(f"resources/lang/{lang}/mail.php"))
        first, last, login = people[lang]
        password = _snipe_password()
        body_md = (
            f"{tr['hello']} {first} {last},\n\n"
            f"{tr['admin_has_created'].replace(':web', SNIPE_SITE)}\n\n"
            f"{tr['login']}: {login} <br>\n"
            f"{tr['password']}: {password}\n\n"
            + _snipe_button(SNIPE_URL, f"Go To {SNIPE_SITE}")
            + f"\n\n{tr['best_regards']} <br>\n<p>{SNIPE_SITE}</p>\n"
        )
        text_md = (
            f"{tr['hello']} {first} {last},\n\n"
            f"{tr['admin_has_created'].replace(':web', SNIPE_SITE)}\n\n"
            f"{tr['login']}: {login} <br>\n"
            f"{tr['password']}: {password}\n\n"
            f"Go To {SNIPE_SITE}: {SNIPE_URL}\n\n"
            f"{tr['best_regards']} <br>\n{SNIPE_SITE}\n"
        )
        raw = message(
            sender=SNIPE_FROM,
            subject=tr["welcome"].replace(":name", f"{first} {last}"),
            text=_snipe_text(text_md),
            html_part=_snipe_html(body_md, footer_md),
            sent=SENT,
        )
        items.append(_item(
            ident=f"snipeit-welcome-{lang.lower()}", group="snipeit-welcome", source="snipeit",
            lang=lang, kind="saas-otp", code=password, repo=SNIPE,
            path="resources/views/notifications/Welcome.blade.php ; "
                 "app/Notifications/WelcomeNotification.php ; resources/views/vendor/mail/html/* ; "
                 f"resources/views/vendor/mail/text/* ; resources/lang/{lang}/mail.php",
            licence="AGPL-3.0-or-later", rendered=rendered, raw=raw,
            note="asset-management account created by an administrator: login name and the "
                 "password set for it (generated: 13 characters with symbols), to be typed to "
                 "sign in",
        ))  # fmt: skip

    # checkout-asset: asset tag, serial, model number, dates: no code
    for lang, (first, last), tag, serial in (
        ("en-US", ("Rachel", "Dunmore"), "NW-004217", "C02ZK3XHMD6T"),
        ("de-DE", ("Lukas", "Hoffmann"), "NW-003985", "5CG2147QZB"),
        ("fr-FR", ("Camille", "Roux"), "NW-004402", "PF3A9KXW"),
    ):  # fmt: skip
        tr = _php_strings(show(f"resources/lang/{lang}/mail.php"))
        gen = _php_strings(show(f"resources/lang/{lang}/general.php"))
        rows = [
            (tr["asset_name"], "MacBook Pro 14"),
            (tr["asset_tag"], tag),
            (gen["category"], "Laptops"),
            (gen["manufacturer"], "Apple"),
            (gen["asset_model"], "MacBook Pro 14 (2023)"),
            (gen["model_no"], "A2779"),
            (tr["serial"], serial),
            (tr["checkout_date"], "2026-12-03 09:14"),
            (gen["status"], "Deployed"),
            (tr["expecting_checkin_date"], "2027-12-03"),
            (gen["administrator"], "Helpdesk Team"),
        ]
        table = "|        |          |\n| ------------- | ------------- |\n" + "".join(
            f"| **{k}** | {v} |\n" for k, v in rows
        )
        intro = tr["new_item_checked"]
        body_md = (
            f"# {tr['hello']} {first} {last},\n\n{intro}\n\n{table}\n\n"
            f"{tr['best_regards']}\n\n{SNIPE_SITE}\n"
        )
        text_md = (
            f"# {tr['hello']} {first} {last},\n\n{intro}\n\n{table}\n\n"
            f"{tr['best_regards']}\n\n{SNIPE_SITE}\n"
        )
        raw = message(
            sender=SNIPE_FROM,
            subject=tr["Asset_Checkout_Notification"],
            text=_snipe_text(text_md),
            html_part=_snipe_html(body_md, footer_md),
            sent=SENT,
        )
        items.append(_item(
            ident=f"snipeit-checkout-asset-{lang.lower()}", group="snipeit-checkout-asset",
            source="snipeit", lang=lang, kind="notice", code=None, repo=SNIPE,
            path="resources/views/mail/markdown/checkout-asset.blade.php ; app/Mail/CheckoutAssetMail.php ; "
                 f"resources/views/vendor/mail/html/* ; resources/lang/{lang}/mail.php ; "
                 f"resources/lang/{lang}/general.php",
            licence="AGPL-3.0-or-later", rendered=rendered, raw=raw,
            note="asset checked out to the reader: asset tag, serial and model numbers, dates; "
                 "no code",
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Taiga

TAIGA = ("kaleidos-ventures/taiga-back", "b6eac2c503eaa955e5d81bc29b2e8a988b7cb36b")
TAIGA_URL = "https://taiga.brightlane.example"
TAIGA_FROM = "Taiga <no-reply@taiga.brightlane.example>"
TAIGA_DIRS = ("taiga/users/templates", "taiga/projects/templates", "taiga/base/templates")
TAIGA_SR = {
    "taigaio_url": "https://taiga.io",
    "social": {
        "twitter_url": "https://twitter.com/taigaio",
        "github_url": "https://github.com/kaleidos-ventures",
    },
    "support": {"url": "https://tree.taiga.io/support/", "email": "support@taiga.io"},
    "signature": "The Taiga Team",
    "product_name": "Taiga",
}  # settings/common.py SR
TAIGA_FRONT = {
    "home": "/", "settings-mail-notifications": "/user-settings/mail-notifications",
    "change-password": "/change-password/{0}", "change-email": "/change-email/{0}",
    "verify-email": "/verify-email/{0}", "cancel-account": "/cancel-account/{0}",
    "invitation": "/invitation/{0}",
}  # taiga/front/urls.py  # fmt: skip


class _TaigaUser:
    def __init__(self, full_name: str, token: str, email_token: str) -> None:
        self.full_name = full_name
        self.token = token
        self.email_token = email_token
        self.verified_email = False

    def get_full_name(self) -> str:
        return self.full_name


def _taiga_env(mirrors: Path, lang: str) -> jinja2.Environment:
    def load(name: str) -> str:
        for base in TAIGA_DIRS:
            try:
                return _show(mirrors, *TAIGA, f"{base}/{name}")
            except subprocess.CalledProcessError:
                continue
        raise jinja2.TemplateNotFound(name)

    po = {} if lang == "en" else parse_po(
        _show(mirrors, *TAIGA, f"taiga/locale/{lang}/LC_MESSAGES/django.po")
    )  # fmt: skip

    def gettext(text: str) -> str:
        return po.get(("", text)) or text

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    def sr(name: str) -> Any:
        node: Any = TAIGA_SR
        for part in name.split("."):
            node = node[part]
        return node

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load), autoescape=True, extensions=["jinja2.ext.i18n"]
    )  # django_jinja defaults: autoescape, i18n with new-style gettext
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(
        sr=sr,
        resolve_front_url=lambda kind, *a: TAIGA_URL + TAIGA_FRONT[kind].format(*a),
        static=lambda path: f"{TAIGA_URL}/static/{path}",
    )
    return env


def taiga(mirrors: Path) -> list[dict[str, Any]]:
    items = []
    names = {
        "en": "Harriet Lowe", "de": "Felix Schneider", "es": "Lucía Romero", "fr": "Hugo Lambert",
        "it": "Chiara Bianchi", "ru": "Михаил Орлов", "ja": "高橋 結衣", "pt_BR": "Rafael Lima",
        "zh_Hans": "张 敏", "pl": "Katarzyna Zielińska", "tr": "Zeynep Aydın",
    }  # fmt: skip
    plan = [
        ("password_recovery", "taiga/users/templates", ("en", "es", "ru", "tr"),
         "password recovery link (token only inside the link); no code"),
        ("registered_user", "taiga/users/templates", ("en", "fr", "es"),
         "welcome after sign-up with e-mail confirmation and account-cancel links; no code"),
        ("membership_invitation", "taiga/projects/templates", ("en", "de", "fr", "ru"),
         "invitation to join a project (link with a token); no code"),
        ("change_email", "taiga/users/templates", ("en", "tr", "es"),
         "confirm a new e-mail address (link only); no code"),
    ]  # fmt: skip
    for template, base, langs, note in plan:
        for lang in langs:
            env = _taiga_env(mirrors, lang)
            user = _TaigaUser(names[lang], _uuid(), _uuid())
            ctx: dict[str, Any] = {"user": user, "lang": lang}
            if template == "registered_user":
                ctx["cancel_token"] = _b64url(RNG.randbytes(30))
            if template == "membership_invitation":
                inviter = _TaigaUser("Harriet Lowe", "", "")
                ctx["membership"] = type("Membership", (), {
                    "invited_by": inviter, "project": "Harbour Logistics Portal",
                    "token": _uuid(), "invitation_extra_text": "",
                })()  # fmt: skip
            parts = [
                env.get_template(f"emails/{template}-{kind}.jinja").render(ctx)
                for kind in ("subject", "body-text", "body-html")
            ]
            raw = message(
                sender=TAIGA_FROM, subject=parts[0].strip(), text=parts[1], html_part=parts[2],
                sent=SENT,
            )  # fmt: skip
            items.append(_item(
                ident=f"taiga-{template.replace('_', '-')}-{lang.lower().replace('_', '-')}",
                group=f"taiga-{template.replace('_', '-')}", source="taiga", lang=lang,
                kind="notice", code=None, repo=TAIGA,
                path=f"{base}/emails/{template}-subject.jinja ; {base}/emails/{template}-body-text.jinja ; "
                     f"{base}/emails/{template}-body-html.jinja ; taiga/base/templates/emails/* ; "
                     f"taiga/locale/{lang}/LC_MESSAGES/django.po ; settings/common.py (SR) ; taiga/front/urls.py",
                licence="MPL-2.0",
                rendered="Jinja2 (the sender's engine) with the i18n extension, new-style gettext "
                         "from the .po catalogue, autoescape as django_jinja sets it, sr / "
                         "resolve_front_url / static as Taiga defines them; subject stripped; "
                         "multipart/alternative text/plain + text/html as djmail sends it",
                raw=raw, note=note,
            ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Firefly III

FIREFLY = ("firefly-iii/firefly-iii", "a95b82b14cb01b6e40491f2a94c53b47b71766e7")
FIREFLY_URL = "https://money.lowe-household.example"
FIREFLY_FROM = "Firefly III <firefly@lowe-household.example>"


def _firefly_html(body_md: str, footer_md: str) -> str:
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n'
        '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />\n'
        '<meta name="color-scheme" content="light">\n'
        '<meta name="supported-color-schemes" content="light">\n'
        "</head>\n<body>\n\n"
        '<table class="wrapper" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td align="center">\n'
        '<table class="content" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td class="header">\n<a href="#" style="display: inline-block;">\nFirefly III\n'
        "</a>\n</td>\n</tr>\n\n<!-- Email Body -->\n<tr>\n"
        '<td class="body" width="100%" cellpadding="0" cellspacing="0">\n'
        '<table class="inner-body" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<!-- Body content -->\n<tr>\n<td class="content-cell">\n'
        f"{markdown.markdown(body_md)}\n\n\n</td>\n</tr>\n</table>\n</td>\n</tr>\n\n"
        "<tr>\n<td>\n"
        '<table class="footer" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td class="content-cell" align="center">\n'
        f"{markdown.markdown(footer_md)}\n</td>\n</tr>\n</table>\n</td>\n</tr>\n"
        "</table>\n</td>\n</tr>\n</table>\n</body>\n</html>\n"
    )


def firefly(mirrors: Path) -> list[dict[str, Any]]:
    tr = _php_strings(_show(mirrors, *FIREFLY, "resources/lang/en_US/email.php"))

    def t(key: str, **values: Any) -> str:
        text = tr[key]
        for name, value in values.items():
            text = text.replace(f":{name}", str(value))
        return text

    email = "harriet.lowe@fastmail.example"
    ua = (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/142.0.7444.59 Safari/537.36"
    )
    when = "December 3rd, 2026, @ 16:04:31"  # config.date_time_js, isoFormat
    ip, host = "198.51.100.74", "74-100-51-198.dsl.example-isp.net"

    def facts(*, link: bool = False, order: str = "tihu") -> str:
        rows = {
            "t": f"- {t('date_time')}: {when}",
            "i": f"- {t('ip_address')}: {ip}",
            "h": f"- {t('host_name')}: {host}",
            "u": f"- {t('user_agent')}: {ua}",
        }
        out = "\n".join(rows[k] for k in order)
        if link:
            out += f"\n- {t('firefly_iii_url')}: {FIREFLY_URL}"
        return out + "\n"

    reset = f"{FIREFLY_URL}/password/reset/{''.join(RNG.choice('0123456789abcdef') for _ in range(64))}?email=harriet.lowe%40fastmail.example"
    mails = [
        ("enabled-mfa", "security/enabled-mfa", t("enabled_mfa_subject"),
         f"{t('have_enabled_mfa', email=email)}\n\n{t('enabled_mfa_warning')}\n\n{facts()}",
         "multi-factor authentication was switched on; date, IP, host, browser; no code"),
        ("used-backup-code", "security/used-backup-code", t("used_backup_code_subject"),
         f"{t('used_backup_code_intro', email=email)}\n\n{t('used_backup_code_warning')}\n\n{facts()}",
         "a back-up code was used to sign in (the code itself is not in the mail); no code"),
        ("many-failed-attempts", "security/many-failed-attempts",
         t("mfa_many_failed_subject", count=5),
         f"{t('mfa_many_failed_attempts_intro', email=email, count=5)}\n\n"
         f"{t('mfa_many_failed_attempts_warning')}\n\n{facts()}",
         "five failed MFA attempts; no code"),
        ("failed-login", "security/failed-login", t("failed_login_subject"),
         f"{t('failed_login_body', email=email)}\n\n{t('failed_login_warning')}\n\n{facts(link=True)}\n",
         "failed login attempt warning; no code"),
        ("new-ip", "new-ip", t("login_from_new_ip"),
         f"{t('new_ip_body')}\n\n{t('new_ip_warning')}\n\n{facts(link=True, order='ihtu')}\n",
         "login from a new IP address; no code"),
        ("password", "password", t("reset_pw_subject"),
         f"{t('reset_pw_instructions')}\n\n{t('reset_pw_warning')}\n\n{reset}\n\n{facts(order='ihtu')}",
         "password reset link (64-hex token only inside the link); no code"),
        ("registered", "registered", t("registered_subject"),
         f"{t('registered_welcome', address=FIREFLY_URL)}\n\n"
         f"{t('registered_pw', address=FIREFLY_URL)} {t('registered_help')}\n\n"
         f"{t('registered_closing')}\n\n"
         f"* {t('registered_firefly_iii_link')} [{FIREFLY_URL}]({FIREFLY_URL})\n"
         f"* {t('registered_pw_reset_link')} [{FIREFLY_URL}/password/reset]({FIREFLY_URL}/password/reset)\n"
         f"* {t('registered_doc_link')} [https://docs.firefly-iii.org/](https://docs.firefly-iii.org/)\n",
         "welcome after registration; no code"),
    ]  # fmt: skip
    items = []
    for name, view, subject, slot, note in mails:
        body_md = f"{t('greeting')}\n\n{slot}\n\n{t('closing')}\n\n{t('signature')}\n"
        footer_md = t("footer_ps", ipAddress=ip) + "\n"
        text = (
            f"Firefly III: {FIREFLY_URL}\n\n{body_md}\n\n© 2026 Firefly III. All rights reserved.\n"
        )
        text = html.unescape(re.sub(r"[\r\n]{2,}", "\n\n", text))
        raw = message(
            sender=FIREFLY_FROM, subject=subject, text=text,
            html_part=_firefly_html(body_md, footer_md), sent=SENT,
        )  # fmt: skip
        items.append(_item(
            ident=f"firefly-{name}-en", group=f"firefly-{name}", source="fireflyiii", lang="en",
            kind="notice", code=None, repo=FIREFLY,
            path=f"resources/views/emails/{view}.blade.php ; resources/views/vendor/mail/html/* ; "
                 "resources/lang/en_US/email.php ; app/Notifications/**",
            licence="AGPL-3.0-or-later",
            rendered="Laravel markdown mail reduced by hand: Blade output written out (greeting, "
                     "closing, signature and footer_ps of vendor/mail/html/message), CommonMark by "
                     "python-markdown inside vendor/mail/html/layout (CSS inlining left out); text "
                     "part as Laravel's default text components give it; English (the snapshot "
                     "ships en_US only); multipart/alternative",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Kimai

KIMAI = ("kimai/kimai", "1f421c276badbf9eeff40852de305a1e4c1e829f")
KIMAI_URL = "https://time.brightlane.example"
KIMAI_FROM = "Kimai <kimai@time.brightlane.example>"
_XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"


def _xliff(text: str) -> dict[str, str]:
    """resname -> target of the units that have one (Symfony falls back to ``en`` otherwise)."""
    out = {}
    for unit in ElementTree.fromstring(text).iter(f"{_XLIFF}trans-unit"):
        target = unit.find(f"{_XLIFF}target")
        if target is not None and target.text:
            out[unit.get("resname") or ""] = target.text
    return out


def _inky(fragment: str) -> str:
    """The two Inky tags the Kimai mails use, as twig/inky-extra (Pinky) expands them."""
    fragment = re.sub(
        r'<spacer size="(\d+)"></spacer>',
        lambda m: (
            '<table class="spacer"><tbody><tr><td height="{0}px" style="font-size:{0}px;'
            'line-height:{0}px;">&#xA0;</td></tr></tbody></table>'
        ).format(m.group(1)),
        fragment,
    )
    return re.sub(
        r'<button class="([^"]*)" href="([^"]*)">(.*?)</button>',
        lambda m: (
            f'<table class="button {m.group(1)}"><tbody><tr><td><table><tbody><tr><td>'
            f'<a href="{m.group(2)}">{m.group(3)}</a></td></tr></tbody></table></td></tr></tbody></table>'
        ),
        fragment,
        flags=re.S,
    )


def kimai(mirrors: Path) -> list[dict[str, Any]]:
    def load(name: str) -> str:
        text = _show(mirrors, *KIMAI, f"templates/{name}")
        # Twig's {% apply inky_to_html|inline_css(...) %} as a Jinja2 filter block
        text = re.sub(
            r"\{% apply inky_to_html\|inline_css\(.*?\) %\}", "{% filter inky_to_html %}", text
        )
        return text.replace("{% endapply %}", "{% endfilter %}")

    items = []
    plan = [
        ("password-reset", "reset", ("en", "de", "fr", "es", "it", "nl", "pl", "pt_BR"),
         "sign-in link sent from the password reset page (token only inside the link, valid "
         "15 minutes); no code"),
        ("confirmation", "registration", ("en", "de", "fr", "sv", "tr"),
         "self-registration: account activation link; no code"),
    ]  # fmt: skip
    people = {"en": "Harriet Lowe", "de": "Jonas Weber", "fr": "Léa Fontaine", "es": "Pablo Ortega",
              "it": "Francesca Galli", "nl": "Daan Visser", "pl": "Marta Kowalska",
              "ja": "中村 陽菜", "pt_BR": "Gabriel Rocha", "sv": "Ingrid Nyström", "tr": "Mehmet Kaya"}  # fmt: skip
    english = _xliff(_show(mirrors, *KIMAI, "translations/email.en.xlf"))
    for template, prefix, langs, note in plan:
        for lang in langs:
            tr = {**english, **_xliff(_show(mirrors, *KIMAI, f"translations/email.{lang}.xlf"))}

            def trans(
                key: str, params: dict[str, str], _domain: str, tr: dict[str, str] = tr
            ) -> str:
                text = tr.get(key, key)
                for name, value in params.items():
                    text = text.replace(name, value)
                return text

            env = jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True)
            env.filters["trans"] = trans
            env.filters["inky_to_html"] = _inky
            name = people[lang]
            mail = name.split()[0].lower() + "@brightlane.example"
            token = _b64url(RNG.randbytes(32))
            url = (
                f"{KIMAI_URL}/{lang}/resetting/reset/{token}" if prefix == "reset"
                else f"{KIMAI_URL}/{lang}/register/confirm/{token}"
            )  # fmt: skip
            page = env.get_template(f"emails/{template}.html.twig").render(
                user={"displayName": name, "email": mail}, username=name, confirmationUrl=url
            )
            text = re.sub(r"<(head|style)\b.*?</\1>", "", page, flags=re.S | re.I)
            text = re.sub(r"<[^>]+>", "", text)
            raw = message(
                sender=KIMAI_FROM, subject=trans(f"{prefix}.subject", {"%username%": name}, "email"),
                text=text, html_part=page, sent=SENT,
            )  # fmt: skip
            items.append(_item(
                ident=f"kimai-{template}-{lang.lower().replace('_', '-')}", group=f"kimai-{template}",
                source="kimai", lang=lang, kind="notice", code=None, repo=KIMAI,
                path=f"templates/emails/{template}.html.twig ; templates/emails/layout.html.twig ; "
                     f"translations/email.{lang}.xlf ; src/Controller/Security/"
                     + ("PasswordResetController.php" if prefix == "reset" else "SelfRegistrationController.php"),
                licence="AGPL-3.0-or-later",
                rendered="Twig templates run with Jinja2 (same syntax here; the apply block as a "
                         "filter block), trans from the XLIFF catalogue, Inky spacer/button expanded "
                         "as Pinky does, CSS inlining left out; text part as Symfony's BodyRenderer "
                         "makes it without html-to-markdown (head/style removed, tags stripped, entities left as they are); "
                         "multipart/alternative",
                raw=raw, note=note,
            ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Trudesk (the snapshot is over the size limit: the three templates are held inline, each
# read from the index at the commit given; sending code src/controllers/main.js at
# 01e2cb841570046b8b9447ccb083a18760507632)

TRUDESK_MAIN = "01e2cb841570046b8b9447ccb083a18760507632"
TRUDESK_FROM = "Trudesk <support@helpdesk.kestrel-logistics.example>"
TRUDESK_BASE = "https://helpdesk.kestrel-logistics.example"
_TRUDESK_HEAD = """<!doctype html>
<html>
<head>
    <meta charset="UTF-8">
    <title>{title}</title>
    <style>
        h1,h2,h3,h4,h5,h6 {{
            margin-bottom: 2px;
        }}
        hr {{
            display: block;
            margin: 0;
            padding: 0;
            width: 100%;
            background: #ccc;
            height: 3px;
            border: none;
        }}{extra}
    </style>
</head>
<body>
<div>
"""
TRUDESK_TEMPLATES = {
    # src/mailer/templates/new-password/index.handlebars @ e6f0a0e0388f9dd51f1464ed007e0e06283365fa
    "new-password": (
        "e6f0a0e0388f9dd51f1464ed007e0e06283365fa",
        _TRUDESK_HEAD.format(
            title="New Password",
            extra="\n        .hidden {\n          display: none\n        }",
        )
        + "    <p>Dear {{user.fullname}},</p>\n"
        "    <p>Your password has been reset to: {{password}}</p>\n"
        '    <span class="hidden">--trudesk-ignore--</span>\n'
        "</div>\n</body>\n</html>\n",
    ),
    # src/mailer/templates/password-reset/index.handlebars @ 9c6e4c767ea1d23b60d7f205f070ef230efa7919
    "password-reset": (
        "9c6e4c767ea1d23b60d7f205f070ef230efa7919",
        _TRUDESK_HEAD.format(title="Password Reset", extra="")
        + "    <p>Dear {{user.fullname}},</p>\n"
        "    <p>You have requested to reset your password for your Trudesk account: {{user.username}}</p>\n"
        "    <p>\n"
        '        <a href="{{base_url}}/resetpassword/{{user.resetPassHash}}">Click here to reset your password</a>\n'
        "    </p>\n</div>\n</body>\n</html>",
    ),
    # src/mailer/templates/l2auth-reset/index.handlebars @ 9c6e4c767ea1d23b60d7f205f070ef230efa7919
    "l2auth-reset": (
        "9c6e4c767ea1d23b60d7f205f070ef230efa7919",
        _TRUDESK_HEAD.format(title="Password Reset", extra="")
        + "    <p>Dear {{user.fullname}},</p>\n"
        "    <p>Someone (or you) has requested account recovery for your trudesk account: {{user.username}}</p>\n"
        "    <p>Click the link below if you made this request to recover your account.</p>\n"
        "    <p>\n"
        '        <a href="{{base_url}}/resetl2auth/{{user.resetL2AuthHash}}">Click here to recovery your trudesk account</a>\n'
        "    </p>\n</div>\n</body>\n</html>",
    ),
}
_TRUDESK_JS = """
const fs = require('fs');
const path = require('path');
const Email = require('email-templates');
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
(async () => {
  const out = [];
  for (const job of jobs) {
    const root = path.resolve('templates');
    fs.mkdirSync(path.join(root, job.view), { recursive: true });
    fs.writeFileSync(path.join(root, job.view, 'index.handlebars'), job.template);
    // src/controllers/main.js: new Email({views: {root, options: {extension: 'handlebars'}}})
    const email = new Email({ views: { root, options: { extension: 'handlebars' } } });
    out.push(await email.render(job.view, job.data));
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def _chance_hash() -> str:
    return "".join(RNG.choice("0123456789ABCDEF") for _ in range(40))


def trudesk(node_modules: Path) -> list[dict[str, Any]]:
    # chance.string({length: 8}): pool a-z A-Z 0-9 !@#$%^&*()[]
    pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()[]"
    password = "".join(RNG.choice(pool) for _ in range(8))
    specs = [
        ("new-password", "[Trudesk] New Password", password,
         {"password": password, "user": {"fullname": "Owen Brady", "username": "obrady",
                                          "email": "owen.brady@kestrel-logistics.example"}},
         "new password (chance.string, eight characters from letters, digits and !@#$%^&*()[]) "
         "generated after the reset link was followed; to be typed at the login page"),
        ("password-reset", "[Trudesk] Password Reset Request", None,
         {"base_url": TRUDESK_BASE, "user": {"fullname": "Owen Brady", "username": "obrady",
                                              "resetPassHash": _chance_hash()}},
         "password reset request: link with an upper-case hash only; no code"),
        ("l2auth-reset", "[Trudesk] Account Recovery", None,
         {"base_url": TRUDESK_BASE, "user": {"fullname": "Mina Qureshi", "username": "mqureshi",
                                              "resetL2AuthHash": _chance_hash()}},
         "two-factor account recovery: link with an upper-case hash only; no code"),
    ]  # fmt: skip
    jobs = [
        {"view": view, "template": TRUDESK_TEMPLATES[view][1], "data": data}
        for view, _s, _c, data, _n in specs
    ]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "node_modules").symlink_to(node_modules)
        (work / "render.js").write_text(_TRUDESK_JS)
        pages = json.loads(
            subprocess.run(
                ["node", "render.js"], input=json.dumps(jobs), capture_output=True, text=True,
                check=True, cwd=work,
            ).stdout
        )  # fmt: skip
    items = []
    for (view, subject, code, _data, note), page in zip(specs, pages, strict=True):
        raw = message(sender=TRUDESK_FROM, subject=subject, text=None, html_part=page, sent=SENT)
        items.append(_item(
            ident=f"trudesk-{view}-en", group=f"trudesk-{view}", source="trudesk", lang="en",
            kind="saas-otp" if code else "notice", code=code,
            repo=("polonel/trudesk", TRUDESK_TEMPLATES[view][0]),
            path=f"src/mailer/templates/{view}/index.handlebars ; "
                 f"src/controllers/main.js @ {TRUDESK_MAIN}",
            licence="Apache-2.0",
            rendered="template held inline (read from the index); email-templates render() with "
                     "its handlebars engine and juice in node, as src/controllers/main.js calls it "
                     "(email-templates 12 here); one text/html part (generateTextFromHTML is an "
                     "option current nodemailer ignores); subject as main.js sets it",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--gauzy-node-modules", type=Path, default=Path("/tmp/gauzynm/node_modules"))
    args = ap.parse_args()
    items = redmine(args.mirrors) + tryton(args.mirrors)
    items += gauzy(args.mirrors, args.gauzy_node_modules)
    items += snipeit(args.mirrors)
    items += taiga(args.mirrors)
    items += firefly(args.mirrors)
    items += kimai(args.mirrors)
    items += trudesk(args.gauzy_node_modules)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(items), "items;", sum(i["code"] is not None for i in items), "positives")


if __name__ == "__main__":
    main()
