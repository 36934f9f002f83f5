"""Round twelve (``files``): codes and notices that feedback boards and file-sharing servers mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r12_files.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
getfider+fider, nilsteampassnet+TeamPass, psono+psono-server. Seahub (haiwen/seahub) and
nextcloud/server were too large to fetch: their texts were read file by file and are held
inline below, each with its path and commit.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Fider (getfider/fider, AGPL-3.0): ``views/email/base_email.html`` with the body template
  (``signin_email.html``, ``new_comment.html``, ``change_emailaddress_email.html``), the Go
  ``html/template`` actions filled BY HAND the way ``app/services/email/message.go``
  (``RenderMessage``) and ``app/pkg/tpl`` do: ``translate`` gives ``i18n.T`` of
  ``locale/<lang>/server.json`` (English fallback for a missing key; ``{name}`` arguments
  substituted), its result HTML-escaped as html/template does unless piped to ``html``;
  ``{{ if .logo }}`` and ``{{ if .noreply }}`` true (default logo URL, the SMTP sender uses
  the no-reply address); the first two lines (``subject:``/``body:``) cut off, the subject
  unescaped. Fider sends one ``text/html`` part. Sign-in code:
  ``rand.StringNumeric(6)`` (``app/models/entity/email_verification.go``), the link key
  64 alphanumerics (``/signin/verify?k=``). Props as ``app/tasks/signin.go`` and
  ``app/tasks/new_comment.go`` set them.
- Seafile (haiwen/seahub, Apache-2.0): ``seahub/share/templates/share/audit_code_email.html``
  (the share-link verification code, subject ``Verification code for visiting share links``,
  code ``gen_token(max_length=6)`` = first six hex digits of a uuid4) and
  ``share/share_link_email.html`` (a shared-link notice) inside
  ``seahub/templates/email_base.html``, Django templates filled BY HAND with the msgstr of
  ``seahub/locale/<lang>/LC_MESSAGES/django.po``; sent as one HTML part
  (``send_html_email_with_dj_template``). English only: the catalogues could not be read at
  the commits of these templates.
- TeamPass (nilsteampassnet/TeamPass, GPL-3.0): language strings of
  ``app/includes/language/<language>.php`` (Language::get: the language, then English) filled
  as ``reset-password.php``, ``users.queries.php``, ``identify.php`` and the lock notice of
  ``main.functions.php`` fill them, wrapped by ``emailBody()`` (verbatim, with its stray ``=``
  line breaks) and, as PHPMailer does with WordWrap 80 and no AltBody, wrapped at 80 bytes by
  ``wrapText`` (ported); one HTML part. Temporary password ``GenerateCryptKey(20, ...)``
  (letters and digits); LDAP encryption code ``generateQuickPassword(12, true)``. Dates in
  the install defaults d/m/Y and H:i:s.
- Psono (psono/psono-server, Apache-2.0): ``psono/templates/email/<name>{.html,.txt,
  _subject.txt}`` (Django, English only, no catalogue shipped) filled by hand with Django's
  autoescaping of variables; text+HTML as ``EmailMultiAlternatives`` sends, the logo linked as
  with the Brevo backend (the other backends attach it inline).
- Nextcloud share by mail (nextcloud/server, AGPL-3.0): the ``OC\\Mail\\EMailTemplate`` calls
  of ``ShareByMailProvider::sendPassword`` and ``::sendEmail`` replayed by hand with the
  heredocs of ``lib/private/Mail/EMailTemplate.php`` transcribed inline (the two files were
  read at different commits, both named), the strings of ``apps/sharebymail/l10n/<lang>.json``
  (English where a catalogue lacks a key); custom theming name and slogan, so the footer
  needs no ``lib`` catalogue; text+HTML.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import string
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round12" / "files.json"
SENT = datetime(2026, 12, 3, 9, 41, 7, tzinfo=UTC)
RNG = random.Random("r12-files")


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _alnum(n: int) -> str:
    return "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(n))


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


# ---------------------------------------------------------------------------------------
# Fider

FIDER_REPO = "getfider/fider"
FIDER_COMMIT = "67c52826cca176724a59dd58b9795e1bc8d67bc8"
FIDER_SITE = "Northwind Feedback"
FIDER_BASE = "https://feedback.northwind.example"
FIDER_LOGO = "https://login.fider.io/static/assets/logo.png"


def _go_esc(s: str) -> str:
    """html/template's htmlEscaper for text in an element body."""
    return (s.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("+", "&#43;").replace("\x00", "\ufffd"))  # fmt: skip


class _Fider:
    def __init__(self, repo: Path, lang: str) -> None:
        self.cat = json.loads(_show(repo, FIDER_COMMIT, f"locale/{lang}/server.json"))
        self.en = json.loads(_show(repo, FIDER_COMMIT, "locale/en/server.json"))

    def t(self, key: str, params: dict[str, str] | None = None) -> str:
        msg = self.cat.get(key) or self.en[key]
        for k, v in (params or {}).items():
            msg = msg.replace("{" + k + "}", v)
        return msg


def _fider_render(repo: Path, tr: _Fider, name: str, props: dict[str, str]) -> tuple[str, str]:
    base = _show(repo, FIDER_COMMIT, "views/email/base_email.html")
    body_tpl = _show(repo, FIDER_COMMIT, f"views/email/{name}.html")
    defs = {}
    for chunk in body_tpl.split('{{define "')[1:]:
        name_, _, rest = chunk.partition('"}}')
        defs[name_] = rest.rstrip()[: -len("{{end}}")]  # a define's own {{end}} closes the chunk
    text = base.replace('{{block "subject" .}}{{end}}', defs["subject"])
    text = text.replace('{{block "body" .}}{{end}}', defs["body"])
    text = (
        text.replace("{{ if .logo }}", "").replace("{{ if .noreply }}", "").replace("{{ end }}", "")
    )

    def dictargs(s: str) -> dict[str, str]:
        out = {}
        for k, expr in re.findall(r'"(\w+)" (\(\.\w+ \| stripHtml\)|\.\w+)', s):
            out[k] = props[re.search(r"\.(\w+)", expr).group(1)]
        return out

    def action(m: re.Match[str]) -> str:
        a = m.group(1).strip()
        if mm := re.fullmatch(r'"([\w.]+)" \| translate', a):
            return _go_esc(tr.t(mm.group(1)))
        if mm := re.fullmatch(r"translate (\S+) \(dict (.*)\)( \| html)?", a):
            key = mm.group(1).strip('"')
            key = props[key[1:]] if key.startswith(".") else key
            out = tr.t(key, dictargs(mm.group(2)))
            return out if mm.group(3) else _go_esc(out)
        if mm := re.fullmatch(r"\.(\w+) \| html", a):
            return props[mm.group(1)]
        if mm := re.fullmatch(r"\.(\w+)", a):
            v = props[mm.group(1)]
            return v if mm.group(1) == "content" else _go_esc(v)
        raise ValueError(a)

    out = re.sub(r"\{\{(.*?)\}\}", action, text)
    lines = out.split("\n")
    subject = html.unescape(lines[0].lstrip("subject: "))
    body = "\n".join(lines[2:]).lstrip(" ")
    return subject, body


FIDER_SIGNIN_LANGS = [
    "en",
    "de",
    "fr",
    "es-ES",
    "ja",
    "ru",
    "pl",
    "tr",
    "zh-TW",
    "ar",
    "pt-BR",
    "sv-SE",
]
FIDER_COMMENT_LANGS = ["en", "de", "ja", "nl"]
FIDER_CHANGE_LANGS = ["en", "it", "ko"]


def fider(repo: Path) -> list[dict[str, Any]]:
    items = []
    common = dict(source="fider", repository=FIDER_REPO, commit=FIDER_COMMIT, licence="AGPL-3.0")
    for lang in FIDER_SIGNIN_LANGS:
        tr = _Fider(repo, lang)
        code = _digits(6)
        key = _alnum(64)
        props = {
            "siteName": FIDER_SITE,
            "code": code,
            "logo": FIDER_LOGO,
            "link": f"<a href='{FIDER_BASE}/signin/verify?k={key}'>{FIDER_BASE}/signin/verify?k={key}</a>",
        }
        subject, body = _fider_render(repo, tr, "signin_email", props)
        ident = f"fider-signin-{lang.lower()}"
        rel, sha = _write(ident, "fider", message(
            sender=f"{FIDER_SITE} <noreply@feedback.northwind.example>", subject=subject, text=None,
            html_part=body, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="fider-signin", lang=lang, kind="saas-otp", code=code,
            path="views/email/base_email.html; views/email/signin_email.html; locale/%s/server.json; app/tasks/signin.go" % lang,  # noqa: UP031
            rendered="Go html/template filled by hand as RenderMessage does; HTML only as the SMTP sender sends it",
            file=rel, sha256=sha, note="six digits in the subject and in a large letter-spaced box; also a sign-in link",
            **common))  # fmt: skip
    posts = [
        (
            412,
            "export-invoices-as-csv-with-up-to-2500-rows",
            "Export invoices as CSV (up to 2,500 rows)",
            "<p>Since release 4.12 the export stops at 1,000 rows. Our March batch had 2,318 invoices, "
            "see ticket #88412 for the file.</p>",
        ),
        (
            97,
            "dark-mode-for-the-mobile-app",
            "Dark mode for the mobile app",
            "<p>+1 from our team of 35. Android 14, build 2026.11.3.</p>",
        ),
        (
            1530,
            "sso-login-with-azure-ad",
            "SSO login with Azure AD",
            "<p>We need this before 1 February 2027; 640 seats are waiting.</p>",
        ),
        (
            268,
            "api-rate-limit-is-too-low",
            "API rate limit is too low (60 requests/minute)",
            "<p>We hit HTTP 429 after 60 calls; 300/min would do. Request ID 7f3c9e21.</p>",
        ),
    ]
    for lang, (num, slug, title, content) in zip(FIDER_COMMENT_LANGS, posts, strict=False):
        tr = _Fider(repo, lang)
        url = f"{FIDER_BASE}/posts/{num}/{slug}"
        props = {
            "title": title,
            "messageLocaleString": "email.new_comment.text",
            "siteName": FIDER_SITE,
            "userName": "Marta Quinlan",
            "content": content,
            "postLink": f"<a href='{url}'>#{num}</a>",
            "view": f"<a href='{url}'>{tr.t('email.subscription.view')}</a>",
            "unsubscribe": f"<a href='{url}'>{tr.t('email.subscription.unsubscribe')}</a>",
            "change": f"<a href='{FIDER_BASE}/settings'>{tr.t('email.subscription.change')}</a>",
            "logo": FIDER_LOGO,
        }
        subject, body = _fider_render(repo, tr, "new_comment", props)
        ident = f"fider-new-comment-{lang.lower()}"
        rel, sha = _write(ident, "fider", message(
            sender="Marta Quinlan <noreply@feedback.northwind.example>", subject=subject, text=None,
            html_part=body, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="fider-new-comment", lang=lang, kind="notice", code=None,
            path="views/email/base_email.html; views/email/new_comment.html; locale/%s/server.json; app/tasks/new_comment.go" % lang,  # noqa: UP031
            rendered="Go html/template filled by hand as RenderMessage does; props as sendEmailNotifications sets them",
            file=rel, sha256=sha, note="comment notification: post number, versions, counts, a ticket and request id; no code",
            **common))  # fmt: skip
    for lang in FIDER_CHANGE_LANGS:
        tr = _Fider(repo, lang)
        key = _alnum(64)
        props = {
            "name": "Noor Tester",
            "oldEmail": "noor.t@oldmail.example",
            "newEmail": "noor.tester@example.com",
            "logo": FIDER_LOGO,
            "link": f"<a href='{FIDER_BASE}/change-email/verify?k={key}'>{FIDER_BASE}/change-email/verify?k={key}</a>",
        }
        subject, body = _fider_render(repo, tr, "change_emailaddress_email", props)
        ident = f"fider-change-email-{lang.lower()}"
        rel, sha = _write(ident, "fider", message(
            sender=f"{FIDER_SITE} <noreply@feedback.northwind.example>", subject=subject, text=None,
            html_part=body, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="fider-change-email", lang=lang, kind="notice", code=None,
            path="views/email/base_email.html; views/email/change_emailaddress_email.html; locale/%s/server.json; app/tasks/change_email.go" % lang,  # noqa: UP031
            rendered="Go html/template filled by hand as RenderMessage does",
            file=rel, sha256=sha, note="confirm-new-address mail with a link (64-character key); nothing to type",
            **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Seafile (haiwen/seahub): too large to fetch, the templates were read one by one with the
# commits named here (the stored versions of one era: 2016, ``service_url`` in email_base).

SEAHUB_REPO = "haiwen/seahub"
SEAHUB_BASE_COMMIT = "160ec14e2107368ff2ffaa33dfe0e4f862b4e421"  # seahub/templates/email_base.html
SEAHUB_BASE = """{% load i18n %}
<div style="background:#f2f2f2;padding:40px 0;">
<div style="width:700px;background:#fff;border-style:solid;border-width:1px;border-color:#eaeaea #cccccc #a6a6a6;border-radius:4px;box-shadow:0 2px 2px #cdcdcd;margin:0 auto;">
    <img src="{{ service_url }}{{media_url}}{{logo_path}}" alt="" style="display:block;margin:20px 0 15px 50px;" />
    <div style="padding:30px 55px 40px;min-height:300px;border-top:1px solid #efefef;background:transparent url('{{ service_url }}{{media_url}}img/email_bg.jpg') scroll repeat-x center top;">
        {% block email_con %}{% endblock %}

        <p style="font-size:14px;color:#434144;margin:30px 0;">
        {% trans "Thanks for using our site!" %}
        </p>

        <p style="font-size:14px;color:#434144;">
        {% blocktrans %}The {{ site_name }} team{% endblocktrans %}
        </p>
    </div>
</div>
</div>
"""
SEAHUB_AUDIT_COMMIT = (
    "5a52ad7168db92b66ecc0b71ed66917c0dca113d"  # seahub/share/templates/share/audit_code_email.html
)
SEAHUB_AUDIT = """{% extends 'email_base.html' %}
{% load i18n %}

{% block email_con %}

{% autoescape off %}

<p style="color:#121214;font-size:14px;">{% trans "Hi," %}</p>

<p style="font-size:14px;color:#434144;">
{% blocktrans %}Your code is {{code}}, this code will be valid for one hour.{% endblocktrans%}
</p>

{% endautoescape %}

{% endblock %}
"""
SEAHUB_LINK_COMMIT = (
    "1372b010e650b096668ce06d01e7adac2e6e5e7a"  # seahub/templates/shared_link_email.html
)
SEAHUB_LINK = """{% extends 'email_base.html' %}

{% load i18n %}

{% block email_con %}

{% autoescape off %}

<p style="color:#121214;font-size:14px;">{% trans "Hi," %}</p>

<p style="font-size:14px;color:#434144;">
{% blocktrans %}{{ email }} shared a {{ file_shared_type }} <span style="font-weight:bold;">{{ file_shared_name}}</span> to you on {{ site_name }}:{% endblocktrans%} <br />
{{ file_shared_link }}
</p>

{% if extra_msg %}
<p>" {{ extra_msg }} "</p>
{% endif %}

{% endautoescape %}

{% endblock %}
"""
SEAHUB_CTX = {
    "service_url": "https://files.northwind.example",
    "media_url": "/media/",
    "logo_path": "img/seafile-logo.png",
    "site_name": "Seafile",
}


def _django(child: str, ctx: dict[str, str]) -> str:
    """Django's rendering of these two levels (English, autoescape off in the block; the base
    values need no escaping): the child's block replaces the base's, the tags leave their
    line breaks."""
    block = re.search(r"\{% block email_con %\}(.*?)\{% endblock %\}", child, re.S).group(1)
    out = SEAHUB_BASE.replace("{% block email_con %}{% endblock %}", block)
    out = re.sub(
        r"\{% if (\w+) %\}(.*?)\{% endif %\}",
        lambda m: m.group(2) if ctx.get(m.group(1)) else "",
        out,
        flags=re.S,
    )
    out = re.sub(r"\{% trans \"(.*?)\" %\}", r"\1", out)
    out = re.sub(r"\{% blocktrans %\}(.*?)\{% endblocktrans ?%\}", r"\1", out, flags=re.S)
    out = re.sub(r"\{% (load i18n|autoescape off|endautoescape) %\}", "", out)
    return re.sub(r"\{\{ ?(\w+) ?\}\}", lambda m: ctx[m.group(1)], out)


def seafile() -> list[dict[str, Any]]:
    items = []
    common = dict(source="seafile", repository=SEAHUB_REPO, licence="Apache-2.0", lang="en")
    sender = "Seafile <noreply@files.northwind.example>"
    for n in range(2):
        code = uuid_hex(RNG)[:6]
        body = _django(SEAHUB_AUDIT, {**SEAHUB_CTX, "code": code})
        ident = f"seafile-share-audit-code-en-{n + 1}"
        rel, sha = _write(ident, "seafile", message(
            sender=sender, subject="Verification code for visiting share links", text=None,
            html_part=body, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="seafile-share-audit-code", kind="saas-otp", code=code,
            path="seahub/share/templates/share/audit_code_email.html; seahub/templates/email_base.html; seahub/share/views.py (ajax_get_link_audit_code)",
            commit=SEAHUB_AUDIT_COMMIT,
            rendered=f"Django template filled by hand (English), base email_base.html at {SEAHUB_BASE_COMMIT}; one HTML part as send_html_email_with_dj_template sends",
            file=rel, sha256=sha, note="six lowercase hex characters (gen_token: uuid4 hex) inside a sentence, followed by a comma",
            **common))  # fmt: skip
    links = [
        (
            "file",
            "Q3-2026 budget v7.xlsx",
            "https://files.northwind.example/f/4c1e9a07b2d84f6fa3e1/",
            "marta.quinlan@northwind.example",
        ),
        (
            "directory",
            "Invoices 2026-11",
            "https://files.northwind.example/d/91f0b6d3c8e24a5d9b72/",
            "ops@northwind.example",
        ),
    ]
    for n, (kind, name, url, who) in enumerate(links):
        body = _django(
            SEAHUB_LINK,
            {
                **SEAHUB_CTX,
                "email": who,
                "file_shared_type": kind,
                "file_shared_name": name,
                "file_shared_link": url,
                "extra_msg": "",
            },
        )
        subject = (
            "A file is shared to you on %s"
            if kind == "file"
            else "A directory is shared to you on %s"
        ) % "Seafile"
        ident = f"seafile-shared-link-en-{n + 1}"
        rel, sha = _write(ident, "seafile", message(
            sender=sender, subject=subject, text=None, html_part=body, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="seafile-shared-link", kind="notice", code=None,
            path="seahub/templates/shared_link_email.html; seahub/templates/email_base.html; seahub/share/views.py (send_shared_link)",
            commit=SEAHUB_LINK_COMMIT,
            rendered=f"Django template filled by hand (English), base email_base.html at {SEAHUB_BASE_COMMIT}; one HTML part",
            file=rel, sha256=sha, note="shared-link notice: the link token is hex, the file name has figures; nothing to type",
            **common))  # fmt: skip
    return items


def uuid_hex(rng: random.Random) -> str:
    return "%032x" % rng.getrandbits(128)  # noqa: UP031


# ---------------------------------------------------------------------------------------
# TeamPass

TP_REPO = "nilsteampassnet/TeamPass"
TP_COMMIT = "6b43fc57145c2895368a9699bcfdfe9e427221ad"
TP_LANG = "app/includes/language/%s.php"
TP_ISO = {
    "english": "en",
    "french": "fr",
    "italian": "it",
    "chinese": "zh",
    "german": "de",
    "spanish": "es",
    "russian": "ru",
    "portuguese_br": "pt-BR",
    "ukrainian": "uk",
    "polish": "pl",
    "turkish": "tr",
}
TP_SENDER = "Teampass <teampass@vault.northwind.example>"
TP_URL = "https://vault.northwind.example"
TP_DATE, TP_TIME = "03/12/2026", "09:41:07"  # the install defaults d/m/Y and H:i:s


def _php_strings(src: str) -> dict[str, str]:
    """The ``'key' => '...'`` entries of a TeamPass language file (PHP single-quoted strings:
    only \\' and \\\\ are escapes)."""
    out = {}
    for m in re.finditer(r"'((?:[^'\\]|\\.)*)'\s*=>\s*'((?:[^'\\]|\\.)*)'", src):
        out[m.group(1)] = re.sub(r"\\([\\'])", r"\1", m.group(2))
    return out


class _TpLang:
    def __init__(self, repo: Path, name: str) -> None:
        self.en = _php_strings(_show(repo, TP_COMMIT, TP_LANG % "english"))
        self.tr = (
            self.en if name == "english" else _php_strings(_show(repo, TP_COMMIT, TP_LANG % name))
        )

    def get(self, key: str) -> str:  # Language::get: primary, then English, then the key
        return self.tr.get(key) or self.en.get(key, key)


def _tp_email_body(text: str) -> str:
    """emailBody() of app/sources/main.functions.php, verbatim (its stray '=' line breaks too)."""
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.=\n'
        '    w3.org/TR/html4/loose.dtd"><html>\n'
        "    <head><title>Email Template</title>\n"
        '    <style type="text/css">\n'
        "    body { background-color: #f0f0f0; padding: 10px 0; margin:0 0 10px =0; }\n"
        "    </style></head>\n"
        '    <body style="-ms-text-size-adjust: none; size-adjust: none; margin: 0; padding: 10px 0; background-color: #f0f0f0;" bgcolor="#f0f0f0" leftmargin="0" topmargin="0" marginwidth="0" marginheight="0">\n'
        '    <table border="0" width="100%" height="100%" cellpadding="0" cellspacing="0" bgcolor="#f0f0f0" style="border-spacing: 0;">\n'
        '    <tr><td style="border-collapse: collapse;"><br>\n'
        '        <table border="0" width="100%" cellpadding="0" cellspacing="0" bgcolor="#17357c" style="border-spacing: 0; margin-bottom: 25px;">\n'
        '        <tr><td style="border-collapse: collapse; padding: 11px 20px;">\n'
        '            <div style="max-width:150px; max-height:34px; color:#f0f0f0; font-weight:bold;">Teampass</div>\n'
        "        </td></tr></table></td>\n"
        "    </tr>\n"
        '    <tr><td align="center" valign="top" bgcolor="#f0f0f0" style="border-collapse: collapse; background-color: #f0f0f0;">\n'
        '        <table width="600" cellpadding="0" cellspacing="0" border="0" class="container" bgcolor="#ffffff" style="border-spacing: 0; border-bottom: 1px solid #e0e0e0; box-shadow: 0 0 3px #ddd; color: #434343; font-family: Helvetica, Verdana, sans-serif;">\n'
        '        <tr><td class="container-padding" bgcolor="#ffffff" style="border-collapse: collapse; border-left: 1px solid #e0e0e0; background-color: #ffffff; padding-left: 30px; padding-right: 30px;">\n'
        '        <br><div style="float:right;">' + text + "<br><br></td></tr></table>\n"
        "    </td></tr></table>\n"
        "    <br></body></html>"
    )


def _phpmailer_wrap(message: str, length: int = 80) -> str:
    """PHPMailer::wrapText (not QP mode), lengths in bytes as PHP's strlen counts them."""
    message = message.replace("\r\n", "\n").replace("\r", "\n").removesuffix("\n")
    out = []
    for line in message.split("\n"):
        buf, first = "", True
        for word in line.split(" "):
            buf_o = buf
            if not first:
                buf += " "
            buf += word
            if buf_o != "" and len(buf.encode()) > length:
                out.append(buf_o + "\n")
                buf = word
            first = False
        out.append(buf + "\n")
    return "".join(out)


def _tp_mail(subject: str, text: str) -> bytes:
    """EmailService::sendMail: isHtml, WordWrap 80, Body = emailBody(text), AltBody '' (so
    PHPMailer wraps the HTML body itself and sends one text/html part)."""
    body = _phpmailer_wrap(_tp_email_body(text))
    return message(sender=TP_SENDER, subject=subject, text=None, html_part=body, sent=SENT)


def _tp_gen(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def teampass(repo: Path) -> list[dict[str, Any]]:
    items = []
    common = dict(source="teampass", repository=TP_REPO, commit=TP_COMMIT, licence="GPL-3.0")
    alnum = string.ascii_lowercase + string.ascii_uppercase + string.digits
    # forgot local password: sendMailToUser -> background task -> '#password#' filled by EmailTrait
    for name in ["english", "french", "italian", "chinese"]:
        lg = _TpLang(repo, name)
        pw = _tp_gen(20, alnum)  # GenerateCryptKey(20, false, true, true, false, true)
        body = lg.get("forgot_local_password_email_body")
        for k, v in {
            "#login#": "ntester",
            "#name#": "Noor",
            "#lastname#": "Tester",
            "#tp_link#": TP_URL,
        }.items():
            body = body.replace(k, v)
        body = body.replace("\r", "").replace("\n", "").replace("#password#", pw)
        lang = TP_ISO[name]
        ident = f"teampass-forgot-temp-password-{lang.lower()}"
        rel, sha = _write(
            ident,
            "teampass",
            _tp_mail(html.unescape(lg.get("forgot_local_password_email_subject")), body),
        )
        items.append(_item(
            id=ident, group="teampass-forgot-temp-password", lang=lang, kind="saas-otp", code=pw,
            path=f"app/sources/reset-password.php; app/sources/main.functions.php (sendMailToUser, emailBody); app/scripts/traits/EmailTrait.php; {TP_LANG % name}",
            rendered="language string filled as sendMailToUser and EmailTrait do; emailBody() wrapper; PHPMailer wrapText(80) on the HTML body; one HTML part",
            file=rel, sha256=sha,
            note="20-character temporary password (letters and digits) in bold after 'Temporary password', to type at the next login" + ("; the Italian string writes #nome#, left unfilled" if name == "italian" else ""),
            **common))  # fmt: skip
    # LDAP user created: encryption code to enter at first login (users.queries.php, sent at once)
    for name in ["english", "german", "spanish", "russian", "portuguese_br", "ukrainian"]:
        lg = _TpLang(repo, name)
        code = _tp_gen(12, alnum + "#_-@$+!")  # generateQuickPassword(12, true)
        body = lg.get("email_body_user_added_from_ldap_encryption_code")
        body = (
            body.replace("#tp_login#", "ntester")
            .replace("#enc_code#", code)
            .replace("#tp_link#", TP_URL)
        )
        lang = TP_ISO[name]
        ident = f"teampass-ldap-encryption-code-{lang.lower()}"
        rel, sha = _write(ident, "teampass", _tp_mail(lg.get("email_subject_new_user"), body))
        items.append(_item(
            id=ident, group="teampass-ldap-encryption-code", lang=lang, kind="saas-otp", code=code,
            path=f"app/sources/users.queries.php (add user from LDAP); app/sources/main.functions.php (generateQuickPassword, emailBody); {TP_LANG % name}",
            rendered="language string filled as users.queries.php does; emailBody() wrapper; PHPMailer wrapText(80); one HTML part",
            file=rel, sha256=sha,
            note="12-character encryption code (letters, digits and #_-@$+!) in bold, asked for at the first login",
            **common))  # fmt: skip
    # notices to administrators: a user logged in; a user was locked
    ips = ["198.51.100.23", "203.0.113.87", "192.0.2.146", "198.51.100.201", "203.0.113.9"]
    for name, ip in zip(
        ["english", "french", "spanish", "chinese", "portuguese_br"], ips, strict=False
    ):
        lg = _TpLang(repo, name)
        body = lg.get("email_body_on_user_login")
        body = (
            body.replace("#tp_user#", f" ntester (IP: {ip})")
            .replace("#tp_date#", TP_DATE)
            .replace("#tp_time#", TP_TIME)
        )
        lang = TP_ISO[name]
        ident = f"teampass-user-login-{lang.lower()}"
        rel, sha = _write(
            ident, "teampass", _tp_mail(html.unescape(lg.get("email_subject_on_user_login")), body)
        )
        items.append(_item(
            id=ident, group="teampass-user-login", lang=lang, kind="notice", code=None,
            path=f"app/sources/identify.php (enable_send_email_on_user_login); app/sources/main.functions.php (prepareSendingEmail, emailBody); {TP_LANG % name}",
            rendered="language string filled as identify.php does (date d/m/Y, time H:i:s); emailBody(); PHPMailer wrapText(80); one HTML part",
            file=rel, sha256=sha, note="login notice to the administrator: login, IP address, date and time; no code",
            **common))  # fmt: skip
    for name, ip in zip(["english", "french", "italian", "chinese"], ips[1:], strict=False):
        lg = _TpLang(repo, name)
        body = lg.get("email_body_on_user_lock")
        for k, v in {
            "#tp_user#": "ntester",
            "#tp_name#": "Noor Tester",
            "#tp_email#": "noor.tester@example.com",
            "#tp_ip#": ip,
            "#tp_date#": TP_DATE,
            "#tp_time#": TP_TIME,
            "#tp_unlock_at#": "03/12/2026 10:11:07",
        }.items():
            body = body.replace(k, v)
        lang = TP_ISO[name]
        ident = f"teampass-user-locked-{lang.lower()}"
        rel, sha = _write(
            ident, "teampass", _tp_mail(html.unescape(lg.get("email_subject_on_user_lock")), body)
        )
        items.append(_item(
            id=ident, group="teampass-user-locked", lang=lang, kind="notice", code=None,
            path=f"app/sources/main.functions.php (brute-force lock notice, prepareSendingEmail, emailBody); {TP_LANG % name}",
            rendered="language string filled as the lock notice does; emailBody(); PHPMailer wrapText(80); one HTML part",
            file=rel, sha256=sha, note="account-locked notice: login, e-mail, IP, dates and times; no code",
            **common))  # fmt: skip
    for name in ["english", "french", "italian"]:
        lg = _TpLang(repo, name)
        token = _tp_gen(64, string.hexdigits[:16])
        body = lg.get("forgot_local_password_confirm_email_body")
        for k, v in {
            "#login#": "ntester",
            "#name#": "Noor",
            "#lastname#": "Tester",
            "#reset_url#": f"{TP_URL}/reset-password.php?token={token}",
        }.items():
            body = body.replace(k, v)
        body = body.replace("\r", "").replace("\n", "")
        lang = TP_ISO[name]
        ident = f"teampass-forgot-confirm-{lang.lower()}"
        rel, sha = _write(
            ident,
            "teampass",
            _tp_mail(html.unescape(lg.get("forgot_local_password_confirm_email_subject")), body),
        )
        items.append(_item(
            id=ident, group="teampass-forgot-confirm", lang=lang, kind="notice", code=None,
            path=f"app/sources/identify.php (forgot local password); app/sources/main.functions.php (sendMailToUser, emailBody); {TP_LANG % name}",
            rendered="language string filled as identify.php does; emailBody(); PHPMailer wrapText(80); one HTML part",
            file=rel, sha256=sha, note="password-recovery link (token in the URL), valid 15 minutes; nothing to type",
            **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Psono server

PSONO_REPO = "psono/psono-server"
PSONO_COMMIT = "dc39a66628535035c0b484047dc951b3e16d296b"
PSONO_WEB = "https://psono.northwind.example"


def _dj_escape(v: str) -> str:
    return (v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))  # fmt: skip


def _django_lite(tpl: str, ctx: dict[str, str | None]) -> str:
    """Django's rendering of these English templates: {% load %} gives nothing, {% trans %}
    and {% blocktrans %} give their (safe) literal, {% if %} tests truth, {{ v }} is
    autoescaped unless piped to ``safe``."""
    out = re.sub(
        r"\{% if (\w+) %\}(.*?)\{% endif %\}",
        lambda m: m.group(2) if ctx.get(m.group(1)) else "",
        tpl,
        flags=re.S,
    )
    out = re.sub(r"\{% load \w+ %\}", "", out)
    out = re.sub(r"\{% trans \"(.*?)\" %\}", r"\1", out)
    out = re.sub(r"\{% blocktrans %\}(.*?)\{% endblocktrans %\}", r"\1", out, flags=re.S)

    def var(m: re.Match[str]) -> str:
        v = ctx[m.group(1)] or ""
        return v if m.group(2) else _dj_escape(v)

    return re.sub(r"\{\{ ?(\w+) ?(\| ?safe ?)?\}\}", var, out)


def psono(repo: Path) -> list[dict[str, Any]]:
    items = []
    common = dict(
        source="psono", repository=PSONO_REPO, commit=PSONO_COMMIT, licence="Apache-2.0", lang="en"
    )
    sender = "Psono <psono@psono.northwind.example>"

    def show(name: str) -> str:
        return _show(repo, PSONO_COMMIT, f"psono/templates/email/{name}")

    def build(name: str, ctx: dict[str, str | None]) -> bytes:
        subject = (
            _django_lite(show(f"{name}_subject.txt"), ctx).replace("\n", " ").replace("\r", "")
        )
        text = _django_lite(show(f"{name}.txt"), ctx)
        body = _django_lite(show(f"{name}.html"), ctx).replace(
            "cid:logo.png", f"{PSONO_WEB}/img/logo.png"
        )
        return message(sender=sender, subject=subject, text=text, html_part=body, sent=SENT)

    logins = [
        ("Dec. 3, 2026, 9:41 a.m. UTC", "198.51.100.23", "Germany", "noor@psono.northwind.example"),
        (
            "Dec. 3, 2026, 10:41 a.m. CET",
            "2001:db8:4f2a::17",
            None,
            "noor.tester@psono.northwind.example",
        ),
    ]
    for n, (when, ip, country, user) in enumerate(logins):
        url = PSONO_WEB
        ctx = {
            "country_name": country,
            "ip_address": ip,
            "login_datetime_timezone": when,
            "username": user,
            "webclient_url": url,
            "webclient_url_with_wbr": "<wbr>".join(url[i : i + 40] for i in range(0, len(url), 40)),
        }
        ident = f"psono-new-login-en-{n + 1}"
        rel, sha = _write(ident, "psono", build("new_login", ctx))
        items.append(_item(
            id=ident, group="psono-new-login", kind="notice", code=None,
            path="psono/templates/email/new_login{.html,.txt,_subject.txt}; psono/restapi/views/activate_token.py",
            rendered="Django templates filled by hand (English, no catalogue shipped), text+HTML as EmailMultiAlternatives sends; the logo linked as the Brevo backend does instead of attached",
            file=rel, sha256=sha, note="new-login alert: date and time, IP address, user name, reset link; no code", **common))  # fmt: skip
    for n, (desc, delay) in enumerate(
        [("Sister – sealed envelope #2", "86400"), ("Notary Weber (safe box 1147)", "604800")]
    ):
        ctx = {
            "emergency_code_description": desc,
            "emergency_code_activation_delay": delay,
            "activation_link": f"{PSONO_WEB}/activate.html#!/account/emergency-codes",
        }
        ident = f"psono-emergency-code-armed-en-{n + 1}"
        rel, sha = _write(ident, "psono", build("emergency_code_armed", ctx))
        items.append(_item(
            id=ident, group="psono-emergency-code-armed", kind="notice", code=None,
            path="psono/templates/email/emergency_code_armed{.html,.txt,_subject.txt}; psono/restapi/views/emergency_login.py",
            rendered="Django templates filled by hand (English), text+HTML; logo linked as the Brevo backend does",
            file=rel, sha256=sha,
            note="warns that an emergency code was armed: shows its description and the delay in seconds, not the code; nothing to type",
            **common))  # fmt: skip
    ctx = {"pending_share_link": f"{PSONO_WEB}/index.html#!/share/pendingshares"}
    ident = "psono-new-share-en"
    rel, sha = _write(ident, "psono", build("new_share_created", ctx))
    items.append(_item(
        id=ident, group="psono-new-share", kind="notice", code=None,
        path="psono/templates/email/new_share_created{.html,.txt,_subject.txt}; psono/restapi/views/share_right.py",
        rendered="Django templates filled by hand (English), text+HTML; logo linked as the Brevo backend does",
        file=rel, sha256=sha, note="new shared entry notice; nothing to type", **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Nextcloud server, share by mail (apps/sharebymail). The repository is too large to fetch:
# the pieces were read file by file (commits below) and are held inline.

NC_REPO = "nextcloud/server"
NC_PROVIDER_COMMIT = (
    "0035814de4bad356d2420c84c27c708b1a3ca1b9"  # apps/sharebymail/lib/ShareByMailProvider.php
)
NC_TEMPLATE_COMMIT = (
    "03a08e3863dde0ac5231bbb7bbe3f3dcadbae918"  # lib/private/Mail/EMailTemplate.php
)
NC_F = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Oxygen-Sans,Ubuntu,Cantarell,'Helvetica Neue',Arial,sans-serif"
# The heredocs of EMailTemplate.php, transcribed by hand ({F} stands for the font stack that
# every one of them repeats). head, bodyBegin, listBegin, bodyEnd and tail are not passed
# through vsprintf (literal %); the others are (%% for %).
NC_HEAD = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en" style="-webkit-font-smoothing:antialiased;background:#fff!important">
<head>
\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
\t<meta name="viewport" content="width=device-width">
\t<title></title>
\t<style type="text/css">@media only screen{html{min-height:100%;background:#fff}}@media only screen and (max-width:610px){table.body img{width:auto;height:auto}table.body center{min-width:0!important}table.body .container{width:95%!important}table.body .columns{height:auto!important;-moz-box-sizing:border-box;-webkit-box-sizing:border-box;box-sizing:border-box;padding-left:30px!important;padding-right:30px!important}th.small-12{display:inline-block!important;width:100%!important}table.menu{width:100%!important}table.menu td,table.menu th{width:auto!important;display:inline-block!important}table.menu.vertical td,table.menu.vertical th{display:block!important}table.menu[align=center]{width:auto!important}}</style>
</head>
<body style="-moz-box-sizing:border-box;-ms-text-size-adjust:100%;-webkit-box-sizing:border-box;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%;margin:0;background:#fff!important;box-sizing:border-box;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;min-width:100%;padding:0;text-align:left;width:100%!important">
\t<span class="preheader" style="color:#F5F5F5;display:none!important;font-size:1px;line-height:1px;max-height:0;max-width:0;mso-hide:all!important;opacity:0;overflow:hidden;visibility:hidden">
\t</span>
\t<table class="body" style="-webkit-font-smoothing:antialiased;margin:0;background:#fff;border-collapse:collapse;border-spacing:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t<td class="center" align="center" valign="top" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t<center data-parsed="" style="min-width:580px;width:100%">"""
NC_TAIL = (
    """\t\t\t\t\t</center>
\t\t\t\t</td>
\t\t\t</tr>
\t\t</table>
\t\t<!-- prevent Gmail on iOS font size manipulation -->
\t\t<div style="display:none;white-space:nowrap;font:15px courier;line-height:0">"""
    + " ".join(["&nbsp;"] * 30)
    + """</div>
\t</body>
</html>
"""
)
NC_HEADER = """<table align="center" class="wrapper header float-center" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:20px;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:0 0;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:150px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t<table class="row collapse" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t\t\t\t<tbody>
\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t<center data-parsed="" style="background-color:%s;min-width:175px;max-height:175px; padding:35px 0px;border-radius:200px">
\t\t\t\t\t\t\t\t\t<img class="logo float-center" src="%s" alt="%s" align="center" style="-ms-interpolation-mode:bicubic;clear:both;display:block;float:none;margin:0 auto;outline:0;text-align:center;text-decoration:none;max-height:105px;max-width:105px;width:auto;height:auto"%s>
\t\t\t\t\t\t\t\t</center>
\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</tbody>
\t\t\t\t\t\t</table>
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="40px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:80px;font-weight:400;hyphens:auto;line-height:80px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>"""
NC_HEADING = """<table align="center" class="container main-heading float-center" style="Margin:0 auto;background:0 0!important;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:580px">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<h1 class="text-center" style="Margin:0;Margin-bottom:10px;color:inherit;font-family:{F};font-size:24px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:center;word-wrap:normal">%s</h1>
\t\t</td>
\t</tr>
\t</tbody>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="36px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:40px;font-weight:400;hyphens:auto;line-height:36px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>"""
NC_BODY_BEGIN = """<table align="center" class="wrapper content float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:580px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">"""
NC_BODY_TEXT = """<table class="row description" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<p style="Margin:0;Margin-bottom:10px;color:#777;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;text-align:center">%s</p>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_LIST_BEGIN = """<table class="row description" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">"""
NC_LIST_ITEM = """\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left;width:15px;">
\t\t\t\t\t\t<p class="text-left" style="Margin:0;Margin-bottom:10px;color:#777;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;padding-left:10px;text-align:left">%s</p>
\t\t\t\t\t</td>
\t\t\t\t\t<td style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<p class="text-left" style="Margin:0;Margin-bottom:10px;color:#555;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;padding-left:10px;text-align:left">%s</p>
\t\t\t\t\t</td>
\t\t\t\t\t<td class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></td>
\t\t\t\t</tr>"""
NC_LIST_END = """\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_BUTTON = """<table class="spacer" style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="50px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:50px;font-weight:400;hyphens:auto;line-height:50px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
<table align="center" class="row btn-group" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<center data-parsed="" style="min-width:490px;width:100%%">
\t\t\t\t\t\t\t<table class="button btn default primary float-center" style="Margin:0;border-collapse:collapse;border-spacing:0;display:inline-block;float:none;margin:0;max-height:60px;padding:0;text-align:center;vertical-align:top;width:auto;background:%1$s;color:#fefefe;background-color:%1$s;">
\t\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t\t\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border:0 solid %2$s;border-collapse:collapse!important;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t\t\t\t\t\t\t\t<a href="%3$s" style="Margin:0;border:0 solid %4$s;border-radius:2px;color:%5$s;display:inline-block;font-family:{F};font-size:16px;font-weight:regular;line-height:1.3;margin:0;padding:10px 25px 10px 25px;text-align:left;outline:1px solid %5$s;text-decoration:none">%7$s</a>
\t\t\t\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t</center>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_BODY_END = """
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>"""
NC_FOOTER = """<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="60px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:60px;font-weight:400;hyphens:auto;line-height:60px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
<table align="center" class="wrapper footer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<center data-parsed="" style="min-width:580px;width:100%%">
\t\t\t\t<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t\t\t\t\t<tbody>
\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t<td height="15px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:15px;font-weight:400;hyphens:auto;line-height:15px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t\t\t\t\t</tr>
\t\t\t\t\t</tbody>
\t\t\t\t</table>
\t\t\t\t<p class="text-center float-center" align="center" style="Margin:0;Margin-bottom:10px;color:#C8C8C8;font-family:{F};font-size:12px;font-weight:400;line-height:16px;margin:0;margin-bottom:10px;padding:0;text-align:center">%s</p>
\t\t\t</center>
\t\t</td>
\t</tr>
</table>"""

# The strings of apps/sharebymail/l10n/<lang>.json that these two mails use (commit of each
# file read); a key a catalogue lacks falls back to English, as Nextcloud's L10N does.
NC_L10N_COMMITS = {
    "de": "5c5e26edf5cd6d2af9092a647f38743a8e761180",
    "fr": "141ba03ec15b6c464b5450207137e434341ddbed",
    "pt_BR": "c87755d95526107136c93a343eff8d4593c2795c",
    "pl": "e3b10c76eaaa8826c7224e79422aff941da4f32a",
    "ja": "4384806f616cf7b9f6a4492ba2fd094afd064f86",
}
NC_K_BODY = "%1$s shared %2$s with you. You should have already received a separate mail with a link to access it."
NC_K_SUBJ = "Password to access %1$s shared to you by %2$s"
NC_K_HEAD = "Password to access %s"
NC_K_PROT = "It is protected with the following password:"
NC_K_VIA = "%1$s via %2$s"
NC_K_SHARED = "%1$s shared %2$s with you"
NC_K_NOTE = "Note:"
NC_K_OPEN = "Open shared item"
NC_L10N = {
    "de": {
        NC_K_BODY: "%1$s hat %2$s mit dir geteilt. Den entsprechenden Link solltest du bereits in einer separaten Mail erhalten haben.",
        NC_K_SUBJ: "Passwort für den Zugriff auf %1$s, mit dir geteilt von %2$s",
        NC_K_HEAD: "Zugriffspasswort %s",
        NC_K_PROT: "Dies ist mit dem folgendem Passwort geschützt:",
        NC_K_VIA: "%1$s über %2$s",
        NC_K_SHARED: "%1$s hat %2$s mit dir geteilt",
        NC_K_NOTE: "Bemerkung:",
    },
    "fr": {
        NC_K_BODY: "%1$s à partagé %2$s avec vous. Vous devriez déjà avoir reçu un courrier séparé avec un lien pour y accéder.",
        NC_K_SUBJ: "Mot de passe d'accès %1$s à partagé avec vous par %2$s",
        NC_K_HEAD: "Mot de passe pour accéder à %s",
        NC_K_PROT: "Il est protégé avec le mot de passe suivant :",
        NC_K_VIA: "%1$s via %2$s",
        NC_K_SHARED: "%1$s à partagé %2$s avec vous",
        NC_K_NOTE: "Note :",
    },
    "pt_BR": {
        NC_K_BODY: "%1$s compartilhou %2$s com você. Você já deve ter recebido um e-mail separado com um link para acessá-lo.",
        NC_K_SUBJ: "Senha de acesso %1$s compartilhada com você por %2$s",
        NC_K_HEAD: "Senha para acessar %s",
        NC_K_PROT: "Está protegida com a seguinte senha:",
        NC_K_VIA: "%1$s via %2$s",
        NC_K_SHARED: "%1$s compartilhou %2$s com você",
        NC_K_NOTE: "Anotação:",
    },
    "pl": {
        NC_K_PROT: "Zasób jest chroniony następującym hasłem:",
        NC_K_VIA: "%1$s przez %2$s",
        NC_K_NOTE: "Notatka:",
    },
    "ja": {NC_K_PROT: "次のパスワードで保護されています。", NC_K_VIA: "%1$s に %2$s から"},
    "en": {},
}
NC_NAME, NC_SLOGAN = (
    "Northwind Cloud",
    "Files for the Northwind team",
)  # theming (custom name and slogan)
NC_BASE = "https://cloud.northwind.example"
NC_PRIMARY, NC_TEXT_PRIMARY = "#00679e", "#ffffff"
NC_LOGO = NC_BASE + "/index.php/apps/theming/image/logo?useSvg=0&v=3"
NC_HUMAN = (
    "abcdefgijkmnopqrstwxyzABCDEFGHJKLMNPQRSTWXYZ23456789"  # ISecureRandom::CHAR_HUMAN_READABLE
)


def _php_hsc(v: str) -> str:
    """PHP 8 htmlspecialchars (ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML401)."""
    return (v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#039;"))  # fmt: skip


def _vsprintf(fmt: str, args: list[str]) -> str:
    """PHP vsprintf for the %s, %N$s and %% these templates use."""
    it = iter(args)

    def rep(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return next(it)

    return re.sub(r"%%|%(?:(\d+)\$)?s", rep, fmt.replace("{F}", NC_F))


class _NcMail:
    """The calls of OC\\Mail\\EMailTemplate these mails make, HTML and plain text side by side."""

    def __init__(self) -> None:
        self.html = NC_HEAD.replace("{F}", NC_F)
        self.plain = ""
        self.body_open = self.list_open = False

    def header(self) -> None:
        self.html += _vsprintf(
            NC_HEADER, [NC_PRIMARY, NC_LOGO, NC_NAME, ' width="250" height="80"']
        )

    def heading(self, title: str) -> None:  # plainTitle false: nothing in the text part
        self.html += _vsprintf(NC_HEADING, [_php_hsc(title)])

    def _open(self) -> None:
        if not self.body_open:
            self.html += NC_BODY_BEGIN.replace("{F}", NC_F)
            self.body_open = True

    def _close_list(self) -> None:
        if self.list_open:
            self.html += NC_LIST_END
            self.list_open = False

    def body_text(self, text: str, plain: str | None = None) -> None:
        if plain is None:
            plain, text = text, _php_hsc(text)
        self._close_list()
        self._open()
        self.html += _vsprintf(NC_BODY_TEXT, [text])
        self.plain += plain + "\n\n"

    def list_item(self, text: str, meta: str, icon: str, plain: str) -> None:
        if not self.list_open:
            self._open()
            self.list_open = True
            self.html += NC_LIST_BEGIN.replace("{F}", NC_F)
        html_text = '<em style="color:#777;">' + _php_hsc(meta) + "</em><br>" + text
        icon_html = '<img src="' + _php_hsc(icon) + '" alt="&bull;">'
        self.html += _vsprintf(NC_LIST_ITEM, [icon_html, html_text])
        self.plain += "  * " + plain + " (" + meta + ")\n"

    def button(self, text: str, url: str) -> None:
        self._open()
        self._close_list()
        c, t = NC_PRIMARY, NC_TEXT_PRIMARY
        self.html += _vsprintf(NC_BUTTON, [c, c, url, c, t, t, _php_hsc(text)])
        self.plain += text + ": " + url + "\n"

    def footer(self, text: str) -> None:
        if self.body_open:
            self._close_list()
            self.html += NC_BODY_END
            self.body_open = False
        self.html += _vsprintf(NC_FOOTER, [text]) + NC_TAIL
        self.plain += "\n-- \n" + text.replace("<br>", "\n")


def _nc_t(lang: str, key: str, *args: str) -> str:
    return _vsprintf(NC_L10N[lang].get(key, key), list(args)).replace(NC_F, "{F}")


def nextcloud() -> list[dict[str, Any]]:
    items = []
    common = dict(
        source="nextcloud-sharebymail",
        repository=NC_REPO,
        commit=NC_PROVIDER_COMMIT,
        licence="AGPL-3.0",
    )
    initiator = "Marta Quinlan"
    footer = NC_NAME + " - " + NC_SLOGAN  # replyToInitiator on and the sharer has an address
    files = {
        "en": "Lease agreement 2027 (signed).pdf",
        "de": "Jahresabschluss 2026.xlsx",
        "fr": "Devis-4471-renovation.pdf",
        "pt_BR": "Contrato_0925.docx",
        "pl": "Faktury_2026-11.zip",
        "ja": "見積書_2026-12.pdf",
    }
    for lang, fname in files.items():
        if lang in ("en", "pl"):
            pw = _tp_gen(8, NC_HUMAN)  # autoGeneratePassword without password_policy
            how = (
                "auto-generated: ISecureRandom 8 human-readable characters (no password_policy app)"
            )
        else:
            pw = RNG.choice(
                [
                    "Harbour-Lantern-42",
                    "Kiefer7Mondlicht",
                    "Ruelle#Verte19",
                    "Garoa2026!sol",
                    "Sakura-Tetsu88",
                ]
            )
            how = "chosen by the sharer in the share dialog"
        m = _NcMail()
        m.header()
        m.heading(_nc_t(lang, NC_K_HEAD, fname))
        body = _nc_t(lang, NC_K_BODY, initiator, fname)
        m.body_text(_php_hsc(body), body)
        m.body_text(_nc_t(lang, NC_K_PROT))
        m.body_text(pw)
        m.footer(footer)
        subject = _nc_t(lang, NC_K_SUBJ, fname, initiator)
        sender = f'"{_nc_t(lang, NC_K_VIA, initiator, NC_NAME)}" <noreply@cloud.northwind.example>'
        ident = f"nextcloud-sharebymail-password-{lang.lower().replace('_', '-')}"
        rel, sha = _write(
            ident,
            "nextcloud-sharebymail",
            message(sender=sender, subject=subject, text=m.plain, html_part=m.html, sent=SENT),
        )
        path = "apps/sharebymail/lib/ShareByMailProvider.php (sendPassword); lib/private/Mail/EMailTemplate.php"
        if lang != "en":
            path += f"; apps/sharebymail/l10n/{lang}.json@{NC_L10N_COMMITS[lang]}"
        items.append(_item(
            id=ident, group="nextcloud-sharebymail-password", lang=lang.replace("_", "-"), kind="saas-otp", code=pw,
            path=path,
            rendered=f"EMailTemplate calls of sendPassword replayed by hand (heredocs transcribed from EMailTemplate.php@{NC_TEMPLATE_COMMIT}); text+HTML; custom theming name/slogan; password {how}",
            file=rel, sha256=sha,
            note="share password on a line of its own after 'It is protected with the following password:'; the reader types it to open the shared link"
            + ("; the catalogue lacks most of these strings, which stay English" if lang in ("pl", "ja") else ""),
            **common))  # fmt: skip
    notes = {
        "en": "Signed copy, pages 1-14. Deposit of EUR 2,400 due by 15 January 2027.",
        "de": "Bitte bis 20.12.2026 prüfen – Summe 48.311,07 EUR, Kostenstelle 4410.",
        "fr": "Devis n° 4471 : 12 830,00 € TTC, acompte 30 %.",
        "pt_BR": "Contrato 0925, vigência 01/01/2027 a 31/12/2027. CNPJ 12.345.678/0001-90.",
    }
    for lang, note in notes.items():
        fname = files[lang]
        token = _tp_gen(15, NC_HUMAN)
        link = f"{NC_BASE}/index.php/s/{token}"
        m = _NcMail()
        m.header()
        m.heading(_nc_t(lang, NC_K_SHARED, initiator, fname))
        m.list_item(
            _php_hsc(note),
            _nc_t(lang, NC_K_NOTE),
            NC_BASE + "/core/img/caldav/description.png",
            note,
        )
        m.button(_nc_t(lang, NC_K_OPEN), link)
        m.footer(footer)
        subject = _nc_t(lang, NC_K_SHARED, initiator, fname)
        sender = f'"{_nc_t(lang, NC_K_VIA, initiator, NC_NAME)}" <noreply@cloud.northwind.example>'
        ident = f"nextcloud-sharebymail-shared-{lang.lower().replace('_', '-')}"
        rel, sha = _write(
            ident,
            "nextcloud-sharebymail",
            message(sender=sender, subject=subject, text=m.plain, html_part=m.html, sent=SENT),
        )
        path = "apps/sharebymail/lib/ShareByMailProvider.php (sendEmail); lib/private/Mail/EMailTemplate.php"
        if lang != "en":
            path += f"; apps/sharebymail/l10n/{lang}.json@{NC_L10N_COMMITS[lang]}"
        items.append(_item(
            id=ident, group="nextcloud-sharebymail-shared", lang=lang.replace("_", "-"), kind="notice", code=None,
            path=path,
            rendered=f"EMailTemplate calls of sendEmail (a note, no expiry) replayed by hand (heredocs from EMailTemplate.php@{NC_TEMPLATE_COMMIT}); text+HTML; button label English (no catalogue has it)",
            file=rel, sha256=sha, note="share notification with the sharer's note (amounts, dates, reference numbers) and the link; nothing to type",
            **common))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", default="/work/.mirror")
    args = ap.parse_args()
    mirrors = Path(args.mirrors)
    items = fider(mirrors / "getfider+fider" / "repo")
    items += seafile()
    items += teampass(mirrors / "nilsteampassnet+TeamPass" / "repo")
    items += psono(mirrors / "psono+psono-server" / "repo")
    items += nextcloud()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} items, {sum(1 for i in items if i['code'])} positives")


if __name__ == "__main__":
    main()
