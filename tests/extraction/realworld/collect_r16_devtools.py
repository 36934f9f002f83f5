"""Round sixteen, developer and operations tools: generated passwords and confirmation codes
they mail, and the same senders' notices without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_devtools.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below (or, for Keycloak, from the strings held inline, each cited),
with fixed values, so each run writes the same bytes.

- phpipam/phpipam (GPL-3.0), the IP address manager, commit ``PHPIPAM_COMMIT``: the account
  mail an administrator sends when creating or editing a user
  (``app/admin/users/edit-notify.php``), built as the PHP builds it: the HTML table of
  ``$content`` wrapped by ``phpipam_mail::generate_message`` (``functions/classes/
  class.Mail.php``: header, body start with the built-in logo of
  ``app/admin/settings/logo/logo-builtin.php``, footer) and the plain ``AltBody``; PHPMailer's
  ``msgHTML`` + ``AltBody`` make a text + HTML alternative. The strings go through ``_()``
  with the admin's locale, looked up here in ``functions/locale/<locale>.UTF-8/LC_MESSAGES/
  phpipam.po`` (babel; fuzzy or empty entries stay English, as msgfmt leaves them out). The
  password is what the form's "random password" button fills in (``js/magic.js``
  ``randomPass``: fifteen of ``a-zA-Z0-9#_-![]=~``); a domain (AD/LDAP) account's mail gives
  no password. Also the SMTP test mail (``app/admin/mail/test-mail.php``), the CLI
  admin-password reset notice (``functions/scripts/reset-admin-password.php``) and the
  temporary-share mail (``app/tools/temp-shares/edit-result.php``), all English in the code.
- healthchecks/healthchecks (BSD-3-Clause), commit ``HC_COMMIT``: ``hc/lib/emails.py``
  ``make_message`` renders ``templates/emails/<name>-subject.html`` (stripped),
  ``-body-text.html`` and ``-body-html.html`` with Django and sends text + HTML
  alternatives. The Django templates are rendered here with jinja2 after replacing the
  ``hc_extras`` tags (``site_name``, ``site_root``, ``absolute_site_logo_url``, ``url``,
  ``now``) with their values; Django autoescapes every template, so jinja2 autoescape is
  on for all three. The sudo-mode confirmation code is ``"%06d" % secrets.randbelow(10**6)``
  (``hc/accounts/decorators.py``).
- gogs/gogs (MIT), commit ``GOGS_COMMIT``: ``internal/email/email.go`` renders the
  ``templates/mail/**.tmpl`` html/templates (text escaped, the e-mail query-escaped inside
  the href) and sends them text/html only (the default ``USE_PLAIN_TEXT`` and
  ``ADD_PLAIN_TEXT_ALT`` are off); the subject is ``[Gogs] `` (``SUBJECT_PREFIX``) and the
  ``[mail]`` string of the user's ``conf/locale/locale_<lang>.ini``, the body English. The
  activation and reset codes (``CreateTimeLimitCode``: a timestamp, the lifetime and a sha1
  hex, then the hex of the user name) appear only in the links.
- keycloak/keycloak (Apache-2.0): the snapshot is larger than a fetch allows, so the
  strings are held inline, each file cited with the commit it was read at (``KC_*``,
  ``KC_BUNDLES``). The e-mail theme's FreeMarker templates
  ``themes/src/main/resources/theme/base/email/{text,html}/email-verification-with-code.ftl``
  (the HTML inside the ``emailLayout`` macro of ``html/template.ftl``, FreeMarker dropping the
  lines that hold only FTL tags) and ``email-test.ftl``, applied to the community message
  bundles ``themes/src/main/resources-community/theme/base/email/messages/
  messages_<lang>.properties`` (German, French, Italian, Japanese, Polish: the languages whose
  stored bundle has the code strings). The strings are Java ``MessageFormat`` patterns
  (``''`` a quote, ``{0}`` the code); ``kcSanitize`` leaves these tags and texts as they are.
  ``FreeMarkerEmailTemplateProvider`` sends text + HTML alternatives; the subject is the
  bundle's ``emailVerificationSubject`` / ``emailTestSubject``. The code is what
  ``ConsoleVerifyEmail`` (``services/.../requiredactions/ConsoleVerifyEmail.java``) puts in
  the mail: ``SecretGenerator.getInstance().randomString(8)``, eight letters (both cases)
  and digits.

- drakkan/sftpgo (AGPL-3.0), commit ``SFTPGO_COMMIT``: the password-reset mail
  (``templates/email/reset-password.html``, html/template, text/html only as
  ``smtp.SendEmail`` sends it, subject ``Email Verification Code for user|admin %q`` of
  ``internal/httpd/api_utils.go``); the code is ``util.GenerateUniqueID``, a shortuuid (22
  of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz``). Also the event
  manager's password-expiration notice (``templates/email/password-expiration.html``).
- getredash/redash (BSD-2-Clause), commit ``REDASH_COMMIT``: the Flask Jinja2 mail
  templates ``redash/templates/emails/*.{html,txt}`` rendered with jinja2 (``.html``
  autoescaped as Flask does; ``url_for`` replaced by the account URL), subjects of
  ``redash/authentication/account.py`` and ``redash/tasks/failure_report.py``; Flask-Mail
  sends text + HTML alternatives. Invitation, verification and reset carry links only.
- postfixadmin/postfixadmin (GPL-2.0-or-later), commit ``PFA_COMMIT``: the password
  recovery mail of ``public/users/password-recover.php`` (``sendCodebyEmail``: subject
  ``pPassword_welcome``, body ``pPassword_recovery_email_body`` of ``languages/<lang>.lang``
  with the link, ``admin_name`` the ``config.inc.php`` default) and the new-mailbox welcome
  (``MailboxHandler::send_welcome_mail``: ``pSendmail_subject_text``, default
  ``welcome_text``), text/plain as ``smtp_mail`` sends them. The recovery code
  (``generate_password``, twelve characters) is only in the link.
- virtualmin/virtualmin-gpl (GPL-3.0), commit ``VM_COMMIT``: the default templates
  ``domain-template``, ``user-template`` and ``update-template`` filled as Webmin's
  ``substitute_template`` (``web-lib-funcs.pl`` of webmin/webmin, BSD-3-Clause, commit
  ``WEBMIN_COMMIT``, reimplemented here: ``${KEY}``, ``${IF-KEY}``/``${ELSE-KEY}``/
  ``${ENDIF-KEY}`` with the newline after each tag dropped) with the substitutions of
  ``send_domain_email`` / ``send_user_email``; subjects ``mail_dsubject``,
  ``mail_usubject``, ``mail_upsubject`` of the admin's ``lang/<lang>`` (the bodies stay the
  English default templates); text/plain. The passwords are ``random_password``: 25 of
  ``a-zA-Z0-9`` with each kind present.

- mantisbt/mantisbt (GPL-2.0-or-later), commit ``MANTIS_COMMIT``: the account-created
  (``email_signup`` with an admin name) and password-reset (``email_send_confirm_hash_url``)
  mails of ``core/email_api.php``, their strings from ``lang/strings_<language>.txt``
  (``lang_get`` falling back to English, ``sprintf`` for the ``%1$s`` placeholders), the
  link ``string_get_confirm_hash_url`` builds (``auth_generate_confirm_hash``: 84 url-safe
  base64 characters), subject ``[MantisBT] `` (``window_title``) + the string; text/plain.
  Links, user names and IP addresses only, no code.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import html
import io
import json
import random
import re
import string
import subprocess
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from babel.messages.pofile import read_po
from collect import HERE, message

SENT = datetime(2026, 11, 24, 10, 17, 43, tzinfo=UTC)
RNG = random.Random("r16-devtools")
ITEMS: list[dict] = []


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: Path, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


# ---------------------------------------------------------------------------------------
# phpIPAM

PHPIPAM_COMMIT = "6e11367e5f43eb9f50bde7f7b25bf65fc53d844d"
PHPIPAM_REPO = "phpipam/phpipam"
PHPIPAM_FROM = "IPAM Netops <ipam@netops.example>"
PHPIPAM_LANGS = {
    "en": "en_US", "cs": "cs_CZ", "de": "de_DE", "es": "es_ES", "fr": "fr_FR", "it": "it_IT",
    "ja": "ja_JP", "nl": "nl_NL", "pt-BR": "pt_BR", "ru": "ru_RU", "sl": "sl_SI",
    "zh-CN": "zh_CN", "zh-TW": "zh_TW",
}  # fmt: skip
FONT = "<font face='Helvetica, Verdana, Arial, sans-serif' style='font-size:12px;color:#333;'>"
FONT_LIGHT = (
    "<font face='Helvetica, Verdana, Arial, sans-serif' style='font-size:11px;color:#777;'>"
)
FONT_HREF = (
    "<font face='Helvetica, Verdana, Arial, sans-serif' style='font-size:12px;color:#a0ce4e;'>"
)
IPAM_SITE = "https://ipam.netops.example/"
IPAM_ADMIN = ("Netops IPAM admin", "ipam-admin@netops.example")
IPAM_PEOPLE = [
    ("Marta Kowalczyk", "mkowalczyk", "marta.kowalczyk@netops.example", "User"),
    ("Jonas Albrecht", "jalbrecht", "jonas.albrecht@netops.example", "Operator"),
    ("Inès Laurent", "ilaurent", "ines.laurent@netops.example", "User"),
    ("Tomás Ibarra", "tibarra", "tomas.ibarra@netops.example", "Administrator"),
    ("Hana Sato", "hsato", "hana.sato@netops.example", "User"),
    ("Pieter de Wit", "pdewit", "pieter.dewit@netops.example", "User"),
    ("Lucas Moreira", "lmoreira", "lucas.moreira@netops.example", "Operator"),
    ("Dmitri Volkov", "dvolkov", "dmitri.volkov@netops.example", "User"),
    ("Nejc Kranjc", "nkranjc", "nejc.kranjc@netops.example", "User"),
    ("Wang Lei", "wanglei", "wang.lei@netops.example", "User"),
    ("Chen Mei-ling", "mlchen", "meiling.chen@netops.example", "Operator"),
    ("Petra Novotná", "pnovotna", "petra.novotna@netops.example", "User"),
    ("Giulia Ferri", "gferri", "giulia.ferri@netops.example", "User"),
]  # fmt: skip
IPAM_SENDER = "Rafael Ortega"


def _ipam_catalog(repo: Path, locale: str) -> dict[str, str]:
    if locale == "en_US":
        return {}
    path = f"functions/locale/{locale}.UTF-8/LC_MESSAGES/phpipam.po"
    with contextlib.redirect_stdout(io.StringIO()):  # babel's warnings on a malformed line
        cat = read_po(io.BytesIO(_show_bytes(repo, PHPIPAM_COMMIT, path)))
    out = {}
    for m in cat:
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy:
            out[m.id] = m.string
    return out


def _random_pass(rng: random.Random) -> str:
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890#_-![]=~"
    return "".join(chars[rng.randrange(70)] for _ in range(15))


def _ipam_logo(repo: Path) -> str:
    php = _show(repo, PHPIPAM_COMMIT, "app/admin/settings/logo/logo-builtin.php")
    first = re.search(r'\$img = "(.*?)";', php, re.S)
    assert first
    return first.group(1).replace('".$logo_width."', "220")


def _ipam_wrap(repo: Path, body: str, tr) -> str:
    head = [
        "<!DOCTYPE HTML PUBLIC '-//W3C//DTD HTML 4.01 Transitional//EN' 'http://www.w3.org/TR/html4/loose.dtd'>",
        "<html><head>",
        "<meta http-equiv='Content-Type' content='text/html; charset=utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=0.7, maximum-scale=1, user-scalable=no'>",
        "</head>",
    ]  # fmt: skip
    start = [
        "<body style='margin:0px;padding:0px;background:#f9f9f9;border-collapse:collapse;'>",
        _ipam_logo(repo),
    ]
    footer = [
        "<hr style='margin-left:10px;width:300px;height:0px;margin-top:40px;margin-left:0px;border-top:0px;border-bottom:1px solid #ddd;'>",
        "<div class='padding-left:10px;'>",
        f"&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; {FONT_LIGHT} "
        + tr(
            "This email was automatically generated. You can change your notification "
            "settings in account details"
        )
        + "!</font><br>",
        f"&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; <a href='{IPAM_SITE}' font-size:'11px;'>{FONT_HREF} "
        f"{IPAM_SITE}</font></a><br>",
        "</div>",
    ]  # fmt: skip
    return "\n".join(["\n".join(head), "\n".join(start), body, "\n".join(footer), "</body></html>"])


def _ipam_account(repo, lang, locale, person, *, action, local, password, when):
    cat = _ipam_catalog(repo, locale)

    def tr(s: str) -> str:
        return cat.get(s, s)

    real_name, username, email, role = person
    if action == "Add":
        subject = tr("New ipam account created")
    elif action == "Edit":
        subject = tr("User ipam account updated")
    else:
        subject = tr("IPAM account details")
    td_l = '<tr><td style="padding: 0px;padding-left:10px;line-height:18px;text-align:left;">'
    td_r = '<td style="padding: 0px;padding-left:15px;line-height:18px;text-align:left;">'
    c = ["<table style='margin-left:10px;margin-top:5px;width:auto;padding:0px;border-collapse:collapse;'>"]  # fmt: skip
    c.append(
        "<tr><td style='padding:5px;color:#333;font-size:16px;text-shadow:1px 1px 1px white;"
        f"border-bottom:1px solid #eeeeee;' colspan='2'>{FONT} <strong>{subject}</font></td></tr>"
    )
    c.append(
        '<tr><td style="padding: 0px;padding-left:10px;border-top:1px solid white;">'
        + FONT + " &bull; " + tr("Name") + "</font></td>\t  \t"
        '<td style="padding: 0px;padding-left:15px;line-height:18px;text-align:left;padding-top:10px;">'
        + FONT + " " + real_name + "</font></td></tr>"
    )  # fmt: skip
    if local:
        c.append(td_l + FONT + " &bull; " + tr("Username") + "</font></td>\t" + td_r + FONT + " " + username + "</font></td></tr>")  # fmt: skip
        if password:
            c.append(td_l + FONT + " &bull; " + tr("Password") + "</font></td>\t" + td_r + FONT + " " + password + "</font></td></tr>")  # fmt: skip
    else:
        c.append(td_l + FONT + " &bull; " + tr("Username") + "</font></td>\t" + td_r + FONT + " * " + tr("your domain username") + " (" + username + ")</font></td></tr>")  # fmt: skip
        c.append(td_l + FONT + " &bull; " + tr("Password") + "</font></td>\t" + td_r + FONT + " * " + tr("your domain password") + "</font></td></tr>")  # fmt: skip
    c.append(td_l + FONT + " &bull; " + tr("Email") + "</font></td>\t" + td_r + '<a href="mailto:' + email + '">' + FONT_HREF + email + "</font></a></td></tr>")  # fmt: skip
    c.append(td_l + FONT + " &bull; " + tr("Role") + "</font></td>\t\t" + td_r + FONT + " " + role + "</font></td></tr>")  # fmt: skip
    c.append(
        '<tr><td style="padding: 0px;padding-left:10px;line-height:18px;text-align:left;border-bottom:1px solid #eeeeee;padding-bottom:10px;">'
        + FONT + " &bull; " + tr("WebApp") + "</font></td>\t"
        '<td style="padding: 0px;padding-left:15px;line-height:18px;text-align:left;border-bottom:1px solid #eeeeee;padding-bottom:10px;">'
        '<a href="' + IPAM_SITE + '">' + FONT_HREF + IPAM_SITE + "</font></a><td></tr>"
    )  # fmt: skip
    c.append(
        "<tr><td style='padding:5px;padding-left:15px;font-style:italic;padding-bottom:3px;"
        f"text-align:right;' colspan='2'>{FONT_LIGHT} " + tr("Sent by user")
        + f" {IPAM_SENDER} at {when}</font></td></tr>"
    )  # fmt: skip
    c.append("</table>")
    p = [f"{subject}\r\n------------------------------\r\n", tr("Name") + ": " + real_name]
    if local:
        p.append(tr("Username") + ": " + username)
        if password:
            p.append(tr("Password") + ": " + password)
    else:
        p.append(tr("Username") + ": * your domain username(" + username)
        p.append(tr("Password") + ": * your domain password")
    p.append(tr("Email") + ": " + email)
    p.append(tr("Role") + ": " + role)
    p.append(tr("WebApp") + ": " + IPAM_SITE)
    p.append("\r\n" + tr("Sent by user") + f" {IPAM_SENDER} at {when}")
    return subject, "\r\n".join(p), _ipam_wrap(repo, "\r\n".join(c), tr)


def phpipam(mirrors: Path) -> None:
    repo = mirrors / "phpipam+phpipam" / "repo"
    common = {
        "source": "phpipam", "repository": PHPIPAM_REPO, "commit": PHPIPAM_COMMIT,
        "licence": "GPL-3.0", "sender": PHPIPAM_FROM,
    }  # fmt: skip
    rendered = (
        "the PHP of app/admin/users/edit-notify.php rebuilt in Python (HTML table wrapped by "
        "phpipam_mail::generate_message, plain AltBody), strings through the locale's "
        "phpipam.po; PHPMailer msgHTML + AltBody: text + HTML alternatives"
    )
    for n, (lang, locale) in enumerate(PHPIPAM_LANGS.items()):
        person = IPAM_PEOPLE[n]
        path = "app/admin/users/edit-notify.php; functions/classes/class.Mail.php"
        if locale != "en_US":
            path += f"; functions/locale/{locale}.UTF-8/LC_MESSAGES/phpipam.po"
        pw = _random_pass(RNG)
        when = f"2026/11/{10 + n:02d} {8 + n % 9:02d}:{(7 * n + 3) % 60:02d}"
        subject, text, page = _ipam_account(
            repo, lang, locale, person, action="Add", local=True, password=pw, when=when
        )
        _save(template="new-account", lang=lang, kind="saas-otp", code=pw, path=path,
              rendered=rendered, subject=subject, text=text, html_part=page,
              note="the generated password given for the new local account (the form's "
              "random-password button: fifteen of a-zA-Z0-9#_-![]=~), labelled as shown",
              **common)  # fmt: skip
        if lang in ("en", "de", "fr", "ja", "ru", "es", "nl"):
            pw2 = _random_pass(RNG)
            subject, text, page = _ipam_account(
                repo, lang, locale, IPAM_PEOPLE[(n + 5) % 13], action="Edit", local=True,
                password=pw2, when=when.replace("/11/", "/12/"),
            )  # fmt: skip
            _save(template="account-updated", lang=lang, kind="saas-otp", code=pw2, path=path,
                  rendered=rendered, subject=subject, text=text, html_part=page,
                  note="the new password an administrator set and mailed with the updated "
                  "account details", **common)  # fmt: skip
        if lang in ("en", "de", "fr", "it", "pt-BR", "zh-CN", "cs", "sl"):
            subject, text, page = _ipam_account(
                repo, lang, locale, IPAM_PEOPLE[(n + 3) % 13], action="Add", local=False,
                password=None, when=when.replace(" 0", " 1"),
            )  # fmt: skip
            _save(template="domain-account", lang=lang, kind="notice", code=None, path=path,
                  rendered=rendered, subject=subject, text=text, html_part=page,
                  note="a domain (LDAP/AD) account: the mail says to use the domain password, "
                  "no password is given", **common)  # fmt: skip
    identity = lambda s: s  # noqa: E731
    page = _ipam_wrap(repo, "phpIPAM test HTML message", identity)
    _save(template="test-mail", lang="en", kind="notice", code=None,
          path="app/admin/mail/test-mail.php; functions/classes/class.Mail.php",
          rendered="test-mail.php's subject and bodies, HTML wrapped by generate_message",
          subject="phpIPAM localhost mail test", text="phpIPAM test text message",
          html_part=page, **common)  # fmt: skip
    body = "\r\n".join(
        [
            "<h3>phpIPAM Administrator password updated</h3>",
            "<hr>",
            "Administrator password was updated via cli script",
        ]
    )
    text = "\r\n".join(
        [
            "phpIPAM Administrator password updated \r\n------------------------------",
            "Administrator password was updated via cli script",
        ]
    )
    _save(template="admin-password-reset", lang="en", kind="notice", code=None,
          path="functions/scripts/reset-admin-password.php; functions/classes/class.Mail.php",
          rendered="the CLI script's subject and bodies, HTML wrapped by generate_message",
          subject="phpIPAM Administrator password updated", text=text,
          html_part=_ipam_wrap(repo, body, identity),
          note="a password-changed notice; the new password is not in the mail",
          **common)  # fmt: skip
    code = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))
    url = f"{IPAM_SITE}temp_share/{code}/"
    tmp = ["Share type: subnet", "\t10.42.16.0/22", "\tDatacentre B – storage VLAN 416"]
    c = [
        "<table style='margin-left:10px;margin-top:5px;width:auto;padding:0px;border-collapse:collapse;'>",
        f"<tr><td>{FONT}<strong>New ipam share created</strong></font><br><br></td></tr>",
        f"<tr><td colspan='2'>{FONT} Hi, new share was created on Netops IPAM, available on following address:</font></td></tr>",
        f"<tr><td colspan='2'><a href='{url}'>{FONT_HREF} <xmp>{url}</xmp></font></a></td></tr>",
        f"<tr><td colsapn='2' style='line-height:18px;'>{FONT} <strong>Details:</strong><br>"
        + "<br> - ".join(tmp) + "</font><br></td></tr>",
        f"<tr><td style='padding:5px;padding-left:15px;padding-top:20px;font-style:italic;'>{FONT_LIGHT} Sent by user {IPAM_SENDER} at 2026/11/23 16:05</font></td></tr>",
    ]  # fmt: skip
    p = [
        "New ipam share created\r\n------------------------------\r\n",
        "Hi, new share was created on Netops IPAM, available on following address:\r\n " + url,
        "\r\nDetails: \r\n" + "\r\n".join(tmp) + "\r\n",
        f"\r\n\r\nSent by user {IPAM_SENDER} at 2026/11/23 16:05",
    ]
    c.append("</table>")
    _save(template="temp-share", lang="en", kind="notice", code=None,
          path="app/tools/temp-shares/edit-result.php; functions/classes/class.Mail.php",
          rendered="the PHP's HTML and plain bodies rebuilt, HTML wrapped by generate_message",
          subject="New ipam share created", text="\r\n".join(p),
          html_part=_ipam_wrap(repo, "\r\n".join(c), identity),
          note="the share code is only inside the link", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Healthchecks

HC_COMMIT = "29b5ec251059034b79e0120e2ff0c3e35d7bd9f8"
HC_REPO = "healthchecks/healthchecks"
HC_FROM = "Cronwatch <noreply@cronwatch.example>"
HC_SITE = {"name": "Cronwatch", "root": "https://cronwatch.example"}


def _hc_django_to_jinja(src: str) -> str:
    src = re.sub(r"\{% load [^%]*%\}", "", src)
    src = re.sub(r"\{% site_name ?%\}", HC_SITE["name"], src)
    src = src.replace("{% site_root %}", HC_SITE["root"])
    src = src.replace("{% absolute_site_logo_url %}", HC_SITE["root"] + "/static/img/logo.png")
    src = src.replace("{% url 'hc-docs' %}", "/docs/")
    return src.replace("{% now 'Y' %}", "2026")


class _HcLoader(jinja2.BaseLoader):
    def __init__(self, repo: Path) -> None:
        self.repo = repo

    def get_source(self, environment, template):
        src = _show(self.repo, HC_COMMIT, f"templates/{template}")
        return _hc_django_to_jinja(src), template, lambda: True


class _Project:
    def __init__(self, name: str, owner_email: str) -> None:
        self.name = name
        self.owner = {"email": owner_email}

    def __str__(self) -> str:
        return self.name or self.owner["email"]


def healthchecks(mirrors: Path) -> None:
    repo = mirrors / "healthchecks+healthchecks" / "repo"
    env = jinja2.Environment(loader=_HcLoader(repo), autoescape=True, keep_trailing_newline=True)

    def render(name: str, ctx: dict) -> tuple[str, str, str]:
        subject = env.get_template(f"emails/{name}-subject.html").render(ctx).strip()
        text = env.get_template(f"emails/{name}-body-text.html").render(ctx).replace("\xa0", " ")
        page = env.get_template(f"emails/{name}-body-html.html").render(ctx)
        return subject, text, page

    common = {
        "source": "healthchecks", "repository": HC_REPO, "commit": HC_COMMIT,
        "licence": "BSD-3-Clause", "sender": HC_FROM, "lang": "en",
    }  # fmt: skip
    rendered = (
        "Django templates templates/emails/<name>-{subject,body-text,body-html}.html rendered "
        "with jinja2 (hc_extras tags replaced by their values, autoescape on); text + HTML "
        "alternatives as hc/lib/emails.py make_message sends them"
    )

    def path(name: str) -> str:
        return (
            f"templates/emails/{name}-subject.html; templates/emails/{name}-body-text.html; "
            f"templates/emails/{name}-body-html.html; templates/emails/base.html; "
            "hc/lib/emails.py"
        )

    code = f"{RNG.randrange(1000000):06d}"
    s, t, h = render("sudo-code", {"sudo_code": code})
    _save(template="sudo-code", kind="saas-otp", code=code, path=path("sudo-code"),
          rendered=rendered, subject=s, text=t, html_part=h,
          note="the confirmation code asked before a sensitive action (sudo mode); it is "
          "also in the subject", **common)  # fmt: skip
    link = HC_SITE["root"] + "/accounts/check_token/priya-n/2b7f1c9e-4d0a-4a8e-9f3b-61c2d8e5a7f4/"
    s, t, h = render("login", {"button_text": "Sign In", "button_url": link, "membership": None})
    _save(template="login-link", kind="notice", code=None, path=path("login"),
          rendered=rendered, subject=s, text=t, html_part=h,
          note="sign-in by link only", **common)  # fmt: skip
    membership = {"project": _Project("Billing batch jobs", "sanjay.rao@fernhollow.example"),
                  "role": "r"}  # fmt: skip
    s, t, h = render(
        "login", {"button_text": "Sign In", "button_url": link, "membership": membership}
    )
    _save(template="project-invite", kind="notice", code=None, path=path("login"),
          rendered=rendered, subject=s, text=t, html_part=h,
          note="project invitation with a sign-in link", **common)  # fmt: skip
    verify = HC_SITE["root"] + "/integrations/4f1d2c3b-8a9e-4c7d-b6e5-0a1f2e3d4c5b/verify/5k2m9q7r/"
    s, t, h = render("verify-email", {"verify_link": verify})
    _save(template="verify-email", kind="notice", code=None, path=path("verify-email"),
          rendered=rendered, subject=s, text=t, html_part=h,
          note="the verification token is only inside the link", **common)  # fmt: skip
    s, t, h = render(
        "transfer-request",
        {
            "project": _Project("Edge nodes EU", "lena.hartmann@fernhollow.example"),
            "button_text": "Project Settings",
            "button_url": HC_SITE["root"] + "/projects/7c0e4b1a-2f3d-4e5a-9b8c-d1e2f3a4b5c6/settings/",
        },
    )  # fmt: skip
    _save(template="transfer-request", kind="notice", code=None,
          path=path("transfer-request"), rendered=rendered, subject=s, text=t, html_part=h,
          **common)  # fmt: skip
    s, t, h = render(
        "deletion-notice",
        {"email": "priya.nair@fernhollow.example", "support_email": "support@cronwatch.example"},
    )
    _save(template="deletion-notice", kind="notice", code=None, path=path("deletion-notice"),
          rendered=rendered, subject=s, text=t, html_part=h, **common)  # fmt: skip
    check = {
        "name": "nightly-pg-backup",
        "project": {"name": "Billing batch jobs"},
        "cloaked_url": HC_SITE["root"] + "/cloaked/9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d/",
    }
    s, t, h = render(
        "flapping-notice",
        {"check": check, "num_flips": 14, "support_email": "support@cronwatch.example"},
    )
    _save(template="flapping-notice", kind="notice", code=None, path=path("flapping-notice"),
          rendered=rendered, subject=s, text=t, html_part=h, **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Gogs

GOGS_COMMIT = "eb1054e5432fc8397678372f08613429be233d7c"
GOGS_REPO = "gogs/gogs"
GOGS_FROM = "noreply@git.quarry.example"
GOGS_URL = "https://git.quarry.example/"
GOGS_LANGS = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "zh-CN": "zh-CN", "ru": "ru-RU",
              "es": "es-ES", "ja": "ja-JP", "pt-BR": "pt-BR"}  # fmt: skip


def _gogs_mail_strings(repo: Path, locale: str) -> dict[str, str]:
    ini = _show(repo, GOGS_COMMIT, f"conf/locale/locale_{locale}.ini")
    out: dict[str, str] = {}
    section = ""
    for line in ini.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif section == "mail" and "=" in line and not line.startswith(";"):
            key, value = line.split("=", 1)
            out[key.strip()] = value.strip()
    return out


def _gogs_code(seed: str, minutes: int, login: str) -> str:
    digest = hashlib.sha1(seed.encode()).hexdigest()
    return "202611241017" + f"{minutes:06d}" + digest + login.encode().hex()


def gogs(mirrors: Path) -> None:
    repo = mirrors / "gogs+gogs" / "repo"

    def render(tpl: str, data: dict, *, href_query: dict | None = None) -> str:
        src = _show(repo, GOGS_COMMIT, f"templates/mail/{tpl}.tmpl")
        if href_query:
            for key, value in href_query.items():
                # html/template query-escapes a value inside a URL attribute
                src = src.replace(
                    f'href="{{{{AppURL}}}}user/activate_email?code={{{{.Code}}}}&{key}={{{{.{value[0]}}}}}"',
                    f'href="{{{{AppURL}}}}user/activate_email?code={{{{.Code}}}}&{key}='
                    + urllib.parse.quote(value[1], safe="")
                    + '"',
                )
        src = src.replace("{{AppURL}}", GOGS_URL).replace("{{AppName}}", "Gogs")
        src = src.replace("{{Year}}", "2026")
        for key, value in data.items():
            src = src.replace("{{." + key + "}}", html.escape(str(value)))
        return src

    common = {"source": "gogs", "repository": GOGS_REPO, "commit": GOGS_COMMIT,
              "licence": "MIT", "kind": "notice", "code": None,
              "sender": GOGS_FROM}  # fmt: skip
    rendered = (
        "html/template mail template filled as Go escapes it (text HTML-escaped, the e-mail "
        "query-escaped in the href); subject '[Gogs] ' + the [mail] string of the user's "
        "locale; text/html only as the default config sends it"
    )
    users = {"en": "harriet", "de": "kbauer", "fr": "amorel", "zh-CN": "zhangwei",
             "ru": "ivanova", "es": "jgarcia", "ja": "tanaka", "pt-BR": "rsouza"}  # fmt: skip
    plan = {
        "auth/activate": ("activate_account", ["en", "de", "fr", "zh-CN", "ja"]),
        "auth/reset_passwd": ("reset_password", ["en", "de", "ru", "es", "pt-BR"]),
        "auth/activate_email": ("activate_email", ["en", "fr", "ru"]),
        "auth/register_notify": ("register_notify", ["en", "de", "ja"]),
    }
    for tpl, (key, langs) in plan.items():
        for lang in langs:
            locale = GOGS_LANGS[lang]
            strings = _gogs_mail_strings(repo, locale)
            user = users[lang]
            data = {"Username": user, "ActiveCodeLives": 3, "ResetPwdCodeLives": 3,
                    "Code": _gogs_code(f"{tpl}{lang}", 180, user)}  # fmt: skip
            query = None
            if tpl == "auth/activate_email":
                email = f"{user}@mail.quarry.example"
                data["Email"] = email
                query = {"email": ("Email", email)}
            page = render(tpl, data, href_query=query)
            name = tpl.split("/")[1].replace("_", "-")
            _save(template=name, lang=lang,
                  path=f"templates/mail/{tpl}.tmpl; conf/locale/locale_{locale}.ini; "
                  "internal/email/email.go", rendered=rendered,
                  subject="[Gogs] " + strings[key], text=None, html_part=page,
                  note=None if tpl == "auth/register_notify"
                  else "the code is only inside the link", **common)  # fmt: skip
    subject = "marek added you to quarry/ansible-roles"
    page = render(
        "notify/collaborator",
        {"Subject": subject, "RepoName": "quarry/ansible-roles",
         "Link": GOGS_URL + "quarry/ansible-roles"},
    )  # fmt: skip
    _save(template="collaborator", lang="en",
          path="templates/mail/notify/collaborator.tmpl; internal/email/email.go",
          rendered=rendered.split("; subject")[0] + "; subject as SendCollaboratorMail formats it",
          subject="[Gogs] " + subject, text=None, html_part=page, **common)  # fmt: skip
    subject = "[quarry/ansible-roles] Role nginx fails on Debian 13 (#482)"
    body = (
        "<p>Reproduced on two hosts; the handler restarts before the config test. "
        'Fix in <a href="https://git.quarry.example/quarry/ansible-roles/commit/4e1a9c2">'
        "4e1a9c2</a>, tag v3.8.1 to follow.</p>\n"
    )
    src = _show(repo, GOGS_COMMIT, "templates/mail/issue/comment.tmpl")
    page = (
        src.replace("{{.Subject}}", html.escape(subject))
        .replace("{{.Body | Str2HTML}}", body)
        .replace("{{.Link}}", GOGS_URL + "quarry/ansible-roles/issues/482#issuecomment-9314")
    )
    _save(template="issue-comment", lang="en",
          path="templates/mail/issue/comment.tmpl; internal/email/email.go",
          rendered="html/template filled (Markdown body as sanitized HTML), From the commenter",
          subject="[Gogs] " + subject, text=None, html_part=page,
          note="issue and commit numbers, a version tag: no code",
          **{**common, "sender": f"marek <{GOGS_FROM}>"})  # fmt: skip


# ---------------------------------------------------------------------------------------
# Keycloak (strings held inline: the snapshot is larger than a fetch allows)

KC_REPO = "keycloak/keycloak"
KC_FROM = "Meridian SSO <sso@meridian.example>"
KC_TEXT_CODE = (
    "themes/src/main/resources/theme/base/email/text/email-verification-with-code.ftl",
    "091ec956bb27ecbf692f0bbe4a14d570d6f44b3c",
    '<#ftl output_format="plainText">\n${msg("emailVerificationBodyCode",code)}',
)
KC_HTML_CODE = (
    "themes/src/main/resources/theme/base/email/html/email-verification-with-code.ftl",
    "119bcab3dcd0a549b6985c053460baab7494e520",
    '<#import "template.ftl" as layout>\n<@layout.emailLayout>\n'
    '${kcSanitize(msg("emailVerificationBodyCodeHtml",code))?no_esc}\n</@layout.emailLayout>\n',
)
KC_LAYOUT = (
    "themes/src/main/resources/theme/base/email/html/template.ftl",
    "4e671f1306c7e7aca30a07856fc2c2b0bb33ef7d",
    "<#macro emailLayout>\n<html lang=\"${locale.language}\" dir=\"${(ltr)?then('ltr','rtl')}\">\n"
    "<body>\n    <#nested>\n</body>\n</html>\n</#macro>\n",
)
KC_TEXT_TEST = (
    "themes/src/main/resources/theme/base/email/text/email-test.ftl",
    "4e6701b3561bb395454e78643a08b7a98418a92c",
    '${msg("emailTestBody", realmName)}',
)
KC_HTML_TEST = (
    "themes/src/main/resources/theme/base/email/html/email-test.ftl",
    "5f36d546ba75492a1570b08d764fa6938583bd34",
    '<html>\n<body>\n${kcSanitize(msg("emailTestBodyHtml",realmName))?no_esc}\n</body>\n</html>\n',
)
KC_GENERATOR = (
    "services/src/main/java/org/keycloak/authentication/requiredactions/ConsoleVerifyEmail.java",
    "511f62870298a80e0b1fd5df29bc48a73c7e9b13",
)
_KC_COMMUNITY = (
    "themes/src/main/resources-community/theme/base/email/messages/messages_{}.properties"
)
# The lines of each bundle these mails use, exactly as the file has them.
KC_BUNDLES = {
    "de": ("e2f7cd3e846352f13e165df16d12187bce917abf", r"""
emailVerificationSubject=E-Mail verifizieren
emailVerificationBodyCode=Bitte verifizieren Sie Ihre E-Mail-Adresse, indem Sie den folgenden Code eingeben.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Bitte verifizieren Sie Ihre E-Mail-Adresse, indem Sie den folgenden Code eingeben.</p><p><b>{0}</b></p>
emailTestBody=Dies ist eine Testnachricht
emailTestSubject=[KEYCLOAK] - SMTP Testnachricht
emailTestBodyHtml=<p>Dies ist eine Testnachricht</p>
"""),
    "fr": ("e2f7cd3e846352f13e165df16d12187bce917abf", r"""
emailVerificationSubject=Vérification du courriel
emailVerificationBodyCode=Veuillez vérifier votre adresse de courriel en saisissant le code suivant.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Veuillez vérifier votre adresse de courriel en saisissant le code suivant.</p><p><b>{0}</b></p>
emailTestSubject=[KEYCLOAK] - Message de test du SMTP
emailTestBody=Ceci est un message de test
emailTestBodyHtml=<p>Ceci est un message de test</p>
"""),
    "it": ("956e33704659b9aa77ce3bea59a0c0c9d52a33ba", r"""
emailVerificationSubject=Verifica l''email
emailTestSubject=[KEYCLOAK] - messaggio di test SMTP
emailTestBody=Questo è un messaggio di test
emailTestBodyHtml=<p>Questo è un messaggio di test</p>
emailVerificationBodyCode=Per favore verifica il tuo indirizzo email inserendo il codice seguente.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Per favore verifica il tuo indirizzo email inserendo il codice seguente.</p><p><b>{0}</b></p>
"""),
    "ja": ("5bf7e005bc9623df61882ebc005d78c2005ed0e1", r"""
emailVerificationSubject=Eメールの確認
emailTestSubject=[KEYCLOAK] - SMTPテストメッセージ
emailTestBody=これはテストメッセージです
emailTestBodyHtml=<p>これはテストメッセージです</p>
emailVerificationBodyCode=次のコードを入力してメールアドレスを確認してください。\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>次のコードを入力してメールアドレスを確認してください。</p><p><b>{0}</b></p>
"""),
    "pl": ("110a62421652e631dc667d8d9584dd52d101f96a", r"""
emailVerificationSubject=Zweryfikuj email
emailTestSubject=[KEYCLOAK] - wiadomość testowa SMTP
emailTestBody=To jest wiadomość testowa
emailTestBodyHtml=<p>To jest wiadomość testowa</p>
emailVerificationBodyCode=Potwierdź proszę swój adres e-mail wprowadzając następujący kod.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Potwierdź proszę swój adres e-mail, wprowadzając następujący kod.</p><p><b>{0}</b></p>
"""),
}  # fmt: skip


def _kc_bundle(lines: str) -> dict[str, str]:
    out = {}
    for line in lines.strip().splitlines():
        key, value = line.split("=", 1)
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
        out[key] = value.replace("\\n", "\n").replace('\\"', '"')
    return out


def _kc_msg(pattern: str, *args: str) -> str:
    """java.text.MessageFormat for these patterns: '' is a quote, {n} an argument."""
    out = pattern.replace("''", "\x00")
    for n, arg in enumerate(args):
        out = out.replace("{" + str(n) + "}", arg)
    return out.replace("\x00", "'")


def keycloak() -> None:
    common = {"source": "keycloak", "repository": KC_REPO, "licence": "Apache-2.0",
              "sender": KC_FROM}  # fmt: skip
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for lang, (commit, lines) in KC_BUNDLES.items():
        msgs = _kc_bundle(lines)
        bundle = _KC_COMMUNITY.format(lang)
        code = "".join(RNG.choice(alnum) for _ in range(8))
        text = _kc_msg(msgs["emailVerificationBodyCode"], code)
        body = _kc_msg(msgs["emailVerificationBodyCodeHtml"], code)
        page = f'<html lang="{lang}" dir="ltr">\n<body>\n{body}\n</body>\n</html>\n'
        _save(template="verify-email-code", lang=lang, kind="saas-otp", code=code,
              path=f"{bundle}; {KC_TEXT_CODE[0]}; {KC_HTML_CODE[0]}; {KC_LAYOUT[0]}; "
              f"{KC_GENERATOR[0]}", commit=commit,
              rendered="FreeMarker templates (text, and HTML in the emailLayout macro) "
              "applied by hand to the bundle's MessageFormat strings held inline "
              f"(templates: text {KC_TEXT_CODE[1]}, html {KC_HTML_CODE[1]}, layout "
              f"{KC_LAYOUT[1]}; sender {KC_GENERATOR[1]}); subject emailVerificationSubject; "
              "text + HTML alternatives as FreeMarkerEmailTemplateProvider sends them",
              subject=_kc_msg(msgs["emailVerificationSubject"]), text=text, html_part=page,
              note="ConsoleVerifyEmail's code: SecretGenerator.randomString(8), eight "
              "mixed-case letters and digits", **common)  # fmt: skip
        page = (
            f"<html>\n<body>\n{_kc_msg(msgs['emailTestBodyHtml'], 'meridian')}\n</body>\n</html>\n"
        )
        _save(template="smtp-test", lang=lang, kind="notice", code=None,
              path=f"{bundle}; {KC_TEXT_TEST[0]}; {KC_HTML_TEST[0]}", commit=commit,
              rendered="FreeMarker templates applied by hand to the bundle's strings held "
              f"inline (templates: text {KC_TEXT_TEST[1]}, html {KC_HTML_TEST[1]}); "
              "text + HTML alternatives",
              subject=_kc_msg(msgs["emailTestSubject"]),
              text=_kc_msg(msgs["emailTestBody"], "meridian"), html_part=page,
              note="the SMTP test message an administrator sends from the realm settings",
              **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# SFTPGo

SFTPGO_COMMIT = "42f7a4d415dc7a97da08880edb82e5b0db5fcfc8"
SFTPGO_REPO = "drakkan/sftpgo"
SFTPGO_FROM = "SFTPGo <sftpgo@files.harbour.example>"
_SHORTUUID = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _shortuuid(rng: random.Random) -> str:
    """shortuuid.DefaultEncoder.Encode of a random UUID: 22 base-57 digits, most
    significant first (lithammer/shortuuid)."""
    number = rng.getrandbits(128) & ~(0xF << 76) | (4 << 76)  # version 4
    number = number & ~(0x3 << 62) | (0x2 << 62)  # RFC 4122 variant
    out = []
    for _ in range(22):
        number, digit = divmod(number, 57)
        out.append(_SHORTUUID[digit])
    return "".join(reversed(out))


def sftpgo(mirrors: Path) -> None:
    repo = mirrors / "drakkan+sftpgo" / "repo"
    common = {"source": "sftpgo", "repository": SFTPGO_REPO, "commit": SFTPGO_COMMIT,
              "licence": "AGPL-3.0", "sender": SFTPGO_FROM, "lang": "en"}  # fmt: skip
    reset = _show(repo, SFTPGO_COMMIT, "templates/email/reset-password.html")
    rendered = (
        "html/template filled as Go escapes it; sent text/html only (smtp.SendEmail with "
        "EmailContentTypeTextHTML); subject as the Go code formats it"
    )
    for who, name in (("user", "anna.berg"), ("admin", "ops-admin")):
        code = _shortuuid(RNG)
        page = reset.replace("{{.Code}}", html.escape(code))
        _save(template=f"reset-code-{who}", kind="saas-otp", code=code,
              path="templates/email/reset-password.html; internal/httpd/api_utils.go; "
              "internal/httpd/resetcode.go", rendered=rendered,
              subject=f'Email Verification Code for {who} "{name}"', text=None,
              html_part=page,
              note="the password-reset code (util.GenerateUniqueID: a shortuuid, 22 "
              "characters) shown in quotes", **common)  # fmt: skip
    tmpl = _show(repo, SFTPGO_COMMIT, "templates/email/password-expiration.html")
    for template, days in (("password-expiring", 3), ("password-expired", 0)):
        if days <= 0:
            state = "has expired"
        else:
            state = f"expires in {days} {'day' if days == 1 else 'days'}"
        page = re.sub(r"\{\{if le \.Days 0\}\}.*?\{\{end\}\}\{\{end\}\}", state, tmpl)
        page = page.replace("{{.Username}}", "anna.berg")
        _save(template=template, kind="notice", code=None,
              path="templates/email/password-expiration.html; internal/common/eventmanager.go",
              rendered=rendered, subject="SFTPGo password expiration notification",
              text=None, html_part=page, **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Redash

REDASH_COMMIT = "ca79fe988d81cdac9675b412f3dfcab107bc1fbc"
REDASH_REPO = "getredash/redash"
REDASH_FROM = "Redash <redash@bi.larchmont.example>"


class _RedashLoader(jinja2.BaseLoader):
    def __init__(self, repo: Path) -> None:
        self.repo = repo

    def get_source(self, environment, template):
        src = _show(self.repo, REDASH_COMMIT, f"redash/templates/{template}")
        return src, template, lambda: True


def redash(mirrors: Path) -> None:
    repo = mirrors / "getredash+redash" / "repo"
    env = jinja2.Environment(
        loader=_RedashLoader(repo),
        autoescape=lambda name: bool(name) and name.endswith(".html"),
    )
    env.globals["url_for"] = lambda *a, **k: "https://bi.larchmont.example/larchmont/"

    def render(name: str, ctx: dict) -> tuple[str, str]:
        return (
            env.get_template(f"emails/{name}.html").render(**ctx),
            env.get_template(f"emails/{name}.txt").render(**ctx),
        )

    common = {"source": "redash", "repository": REDASH_REPO, "commit": REDASH_COMMIT,
              "licence": "BSD-2-Clause", "sender": REDASH_FROM, "lang": "en",
              "kind": "notice", "code": None}  # fmt: skip
    rendered = (
        "Flask Jinja2 templates redash/templates/emails/<name>.{html,txt} rendered with "
        "jinja2 (autoescape for .html as Flask does; url_for replaced by the account URL); "
        "Flask-Mail Message(html=..., body=...): text + HTML alternatives"
    )
    user = {"name": "Olu Adeyemi", "email": "olu.adeyemi@larchmont.example"}
    token = "ImE0ZjE5YzMyIg.Z0ODrw.m3xQv1Yk0pW7sJd9LrT2bN6cHfU"
    html_part, text = render(
        "invite",
        {
            "inviter": {"name": "Greta Lind", "email": "greta.lind@larchmont.example"},
            "invited": user,
            "org": {"name": "Larchmont Analytics", "slug": "larchmont"},
            "invite_url": f"https://bi.larchmont.example/larchmont/invite/{token}",
        },
    )
    _save(template="invite", path="redash/templates/emails/invite.html; "
          "redash/templates/emails/invite.txt; redash/authentication/account.py",
          rendered=rendered, subject="Greta Lind invited you to join Redash", text=text,
          html_part=html_part, note="setup link only", **common)  # fmt: skip
    html_part, text = render(
        "verify",
        {"user": user, "verify_url": f"https://bi.larchmont.example/larchmont/verify/{token}"},
    )
    _save(template="verify", path="redash/templates/emails/verify.html; "
          "redash/templates/emails/verify.txt; redash/authentication/account.py",
          rendered=rendered, subject="Olu Adeyemi, please verify your email address",
          text=text, html_part=html_part, note="verification link only", **common)  # fmt: skip
    html_part, text = render(
        "reset",
        {"user": user, "reset_link": f"https://bi.larchmont.example/larchmont/reset/{token}"},
    )
    _save(template="reset", path="redash/templates/emails/reset.html; "
          "redash/templates/emails/reset.txt; redash/authentication/account.py",
          rendered=rendered, subject="Reset your password", text=text,
          html_part=html_part, note="reset link only", **common)  # fmt: skip
    html_part, text = render("reset_disabled", {"user": user})
    _save(template="reset-disabled", path="redash/templates/emails/reset_disabled.html; "
          "redash/templates/emails/reset_disabled.txt; redash/authentication/account.py",
          rendered=rendered, subject="Your Redash account is disabled", text=text,
          html_part=html_part, **common)  # fmt: skip
    failures = [
        {"id": 1184, "name": "Weekly churn by plan", "failed_at": "2026-11-23 06:00 UTC",
         "failure_reason": "Error running query: relation \"billing.plan_events\" does not exist",
         "failure_count": 3, "comment": None},
        {"id": 907, "name": "Orders per region (EU)", "failed_at": "2026-11-23 07:30 UTC",
         "failure_reason": "Query exceeded Redash query execution time limit.",
         "failure_count": 1, "comment": None},
    ]  # fmt: skip
    ctx = {"failures": failures, "base_url": "https://bi.larchmont.example/larchmont"}
    html_part, text = render("failures", ctx)
    _save(template="failure-report", path="redash/templates/emails/failures.html; "
          "redash/templates/emails/failures.txt; redash/tasks/failure_report.py",
          rendered=rendered,
          subject="Redash failed to execute 2 of your scheduled queries", text=text,
          html_part=html_part, note="query ids, counts and times: no code",
          **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# PostfixAdmin

PFA_COMMIT = "65b10f7285524bc6753f604bd11ff3c3de5cbf97"
PFA_REPO = "postfixadmin/postfixadmin"
PFA_FROM = "Postmaster <postmaster@mail.kestrel.example>"
PFA_SITE = "https://mailadmin.kestrel.example/users/"
PFA_RECOVERY_LANGS = ["en", "de", "fr", "es", "nl", "ru", "ja", "cs", "tr"]


def _pfa_lang(repo: Path, lang: str, key: str) -> str:
    src = _show(repo, PFA_COMMIT, f"languages/{lang}.lang")
    line = next(ln for ln in src.splitlines() if ln.startswith(f"$PALANG['{key}']"))
    value = line.split("=", 1)[1].strip()
    if value.startswith("'"):
        m = re.match(r"'((?:[^'\\]|\\.)*)'", value)
        assert m
        out = m.group(1).replace("\\'", "'").replace("\\\\", "\\")
    else:
        m = re.match(r'"((?:[^"\\]|\\.)*)"', value)
        assert m
        out = re.sub(
            r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), m.group(1)
        )
    if "$CONF['admin_name']" in value[m.end() :]:
        out += "Postmaster"  # config.inc.php default admin_name
    return out


def postfixadmin(mirrors: Path) -> None:
    repo = mirrors / "postfixadmin+postfixadmin" / "repo"
    common = {"source": "postfixadmin", "repository": PFA_REPO, "commit": PFA_COMMIT,
              "licence": "GPL-2.0-or-later", "sender": PFA_FROM}  # fmt: skip
    possible = "2345678923456789abcdefghijkmnpqrstuvwxyzABCDEFGHIJKLMNPQRSTUVWXYZ"
    users = ["j.okafor", "l.brandt", "c.roux", "m.vidal", "s.dekker", "a.smirnov",
             "k.yamada", "p.dvorak", "e.yilmaz"]  # fmt: skip
    for lang, user in zip(PFA_RECOVERY_LANGS, users, strict=True):
        token = "".join(possible[RNG.randrange(len(possible))] for _ in range(12))
        username = f"{user}@kestrel.example"
        url = (
            PFA_SITE + "password-change.php?username="
            + urllib.parse.quote_plus(username) + "&code=" + token
        )  # fmt: skip
        body = _pfa_lang(repo, lang, "pPassword_recovery_email_body").replace("%s", url, 1)
        _save(template="password-recovery", lang=lang, kind="notice", code=None,
              path=f"public/users/password-recover.php; languages/{lang}.lang; "
              "functions.inc.php", rendered="sendCodebyEmail: subject pPassword_welcome and "
              "body pPassword_recovery_email_body (lang_f with the link) of the language file, "
              "text/plain as smtp_mail sends it",
              subject=_pfa_lang(repo, lang, "pPassword_welcome"), text=body,
              html_part=None,
              note="the recovery code (generate_password, twelve characters) is only inside "
              "the link; the page asks for a 'code sent by email', but the mail shows it only "
              "in the URL", **common)  # fmt: skip
    config = _show(repo, PFA_COMMIT, "config.inc.php")
    m = re.search(r"\$CONF\['welcome_text'\] = <<<EOM\n(.*?)\nEOM;", config, re.S)
    assert m
    for lang in ("en", "de", "ja"):
        _save(template="welcome", lang=lang, kind="notice", code=None,
              path=f"model/MailboxHandler.php; config.inc.php; languages/{lang}.lang",
              rendered="send_welcome_mail: subject pSendmail_subject_text of the admin's "
              "language, body the default welcome_text of config.inc.php; text/plain",
              subject=_pfa_lang(repo, lang, "pSendmail_subject_text"), text=m.group(1),
              html_part=None, note="welcome to a new mailbox, no credentials",
              **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Virtualmin

VM_COMMIT = "69a9c2af70eb5eb5d15b44fdef2fe343d7fb4b38"
VM_REPO = "virtualmin/virtualmin-gpl"
WEBMIN_COMMIT = "d16d9ea205a2b4ca4f5bdcd895de0236e15c0fa9"
VM_HOST = "vps7.hostdeck.example"
VM_FROM = f"root@{VM_HOST}"


def _webmin_substitute(text: str, values: dict[str, str]) -> str:
    """web-lib-funcs.pl substitute_template (webmin/webmin, WEBMIN_COMMIT): for each key,
    ${KEY} and $KEY are replaced, then ${IF-KEY}..${ELSE-KEY}..${ENDIF-KEY} blocks kept or
    dropped (with the newline after each tag); left-over IF blocks of unknown [A-Z]+ names
    are false and unknown ${NAME}s vanish."""
    rv = text
    for key in sorted(values):
        us, sv = key.upper(), values[key]
        q = re.escape(us)
        rv = rv.replace("${" + us + "}", sv).replace("$" + us, sv)
        keep = r"\2" if sv and sv != "0" else r"\4"
        rv = re.sub(
            r"\$\{IF-" + q + r"\}(\n?)([\s\S]*?)\$\{ELSE-" + q + r"\}(\n?)([\s\S]*?)\$\{ENDIF-"
            + q + r"\}(\n?)", keep, rv,
        )  # fmt: skip
        rv = re.sub(
            r"\$\{IF-" + q + r"\}(\n?)([\s\S]*?)\$\{ENDIF-" + q + r"\}(\n?)",
            r"\2" if sv and sv != "0" else "", rv,
        )  # fmt: skip
    rv = re.sub(r"\$\{IF\-([A-Z]+)\}.*?\$\{ELSE\-\1\}(.*?)\$\{ENDIF\-\1\}", r"\2", rv, flags=re.S)
    rv = re.sub(r"\$\{IF\-([A-Z]+)\}.*?\$\{ENDIF\-\1\}", "", rv, flags=re.S)
    return re.sub(r"\$\{[A-Z]+\}", "", rv)


def _vm_password(rng: random.Random) -> str:
    """random_password with the default length 25 over useradmin's a-z A-Z 0-9, retried
    until it has each kind (random_password_validate)."""
    chars = string.ascii_lowercase + string.ascii_uppercase + string.digits
    while True:
        pw = "".join(rng.choice(chars) for _ in range(25))
        if re.search("[a-z]", pw) and re.search("[A-Z]", pw) and re.search("[0-9]", pw):
            return pw


def _vm_subject(repo: Path, lang: str, key: str) -> str | None:
    for line in _show(repo, VM_COMMIT, f"lang/{lang}").splitlines():
        if line.startswith(key + "="):
            return html.unescape(line.split("=", 1)[1])  # entities_to_ascii
    return None


def virtualmin(mirrors: Path) -> None:
    repo = mirrors / "virtualmin+virtualmin-gpl" / "repo"
    common = {"source": "virtualmin", "repository": VM_REPO, "commit": VM_COMMIT,
              "licence": "GPL-3.0", "sender": VM_FROM}  # fmt: skip
    rendered = (
        "the default template file filled by web-lib-funcs.pl substitute_template (webmin/"
        f"webmin {WEBMIN_COMMIT}, reimplemented) with the substitutions send_template_email "
        "makes; subject the admin's language's lang/<lang> string (entities_to_ascii); "
        "text/plain"
    )
    domains = [
        ("en", "brightfern.example", "brightfern"), ("de", "holzwerk-seiler.example", "holzwerk"),
        ("fr", "atelier-mauve.example", "ateliermauve"), ("es", "vinoteca-ruiz.example", "vinoteca"),
        ("nl", "fietsmaker.example", "fietsmaker"), ("pl", "piekarnia-zorza.example", "piekarnia"),
        ("ru", "severny-veter.example", "severny"),
    ]  # fmt: skip
    tmpl = _show(repo, VM_COMMIT, "domain-template")
    for lang, dom, user in domains:
        pw = _vm_password(RNG)
        values = {
            "dom": dom, "hostname": VM_HOST, "virt": "0", "ip": "203.0.113.47", "user": user,
            "pass": pw, "webmin": "1", "webmin_proto": "https", "webmin_port": "10000",
            "web": "1", "webalizer": "0", "virtualmin-awstats": "0", "mail": "1",
            "mx_slaves": "", "dns": "1", "dns_server": f"ns1.{VM_HOST}", "dns_slave": "",
            "mysql": "1", "mysql_type": "MariaDB", "db": user, "mysql_user": user,
            "mysql_pass": "", "postgres": "0",
        }  # fmt: skip
        _save(template="server-created", lang=lang, kind="saas-otp", code=pw,
              path=f"domain-template; lang/{lang}; virtual-server-lib-funcs.pl",
              rendered=rendered, subject=_vm_subject(repo, lang, "mail_dsubject"),
              text=_webmin_substitute(tmpl, values), html_part=None,
              note="the new server's administration password (random_password: 25 letters "
              "and digits), shown again as the MariaDB password; the body is the English "
              "default template whatever the subject's language", **common)  # fmt: skip
    tmpl = _show(repo, VM_COMMIT, "user-template")
    for lang, dom, mailbox in (("en", "brightfern.example", "hello"),
                               ("de", "holzwerk-seiler.example", "buero"),
                               ("es", "vinoteca-ruiz.example", "pedidos"),
                               ("it", "trattoria-sole.example", "prenotazioni")):  # fmt: skip
        pw = _vm_password(RNG)
        values = {"mailbox": mailbox, "dom": dom, "user": f"{mailbox}@{dom}", "plainpass": pw,
                  "ftp": "0", "home": f"/home/{dom.split('.')[0]}/homes/{mailbox}"}  # fmt: skip
        _save(template="mailbox-created", lang=lang, kind="saas-otp", code=pw,
              path=f"user-template; lang/{lang}; virtual-server-lib-funcs.pl",
              rendered=rendered, subject=_vm_subject(repo, lang, "mail_usubject"),
              text=_webmin_substitute(tmpl, values), html_part=None,
              note="the new mailbox's POP3 password", **common)  # fmt: skip
    tmpl = _show(repo, VM_COMMIT, "update-template")
    for lang, dom, mailbox, changed in (("en", "brightfern.example", "accounts", True),
                                        ("pl", "piekarnia-zorza.example", "zamowienia", True),
                                        ("nl", "fietsmaker.example", "werkplaats", False),
                                        ("de", "holzwerk-seiler.example", "lager", False)):  # fmt: skip
        pw = _vm_password(RNG) if changed else ""
        values = {"mailbox": mailbox, "dom": dom, "user": f"{mailbox}@{dom}", "plainpass": pw,
                  "ftp": "1", "home": f"/home/{dom.split('.')[0]}/homes/{mailbox}"}  # fmt: skip
        _save(template="mailbox-updated" if changed else "mailbox-updated-nopass", lang=lang,
              kind="saas-otp" if changed else "notice", code=pw or None,
              path=f"update-template; lang/{lang}; virtual-server-lib-funcs.pl",
              rendered=rendered, subject=_vm_subject(repo, lang, "mail_upsubject"),
              text=_webmin_substitute(tmpl, values), html_part=None,
              note="the mailbox's new POP3 password" if changed
              else "mailbox details updated without a password change: no password shown",
              **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# MantisBT

MANTIS_COMMIT = "b50cdcfeb0d3b8baa6b0e8271ab1ed7a19b1bad4"
MANTIS_REPO = "mantisbt/mantisbt"
MANTIS_FROM = "Mantis Bug Tracker <noreply@bugs.tallgrass.example>"
MANTIS_PATH = "https://bugs.tallgrass.example/"
MANTIS_LANGS = {
    "en": "english", "de": "german", "fr": "french", "es": "spanish", "it": "italian",
    "nl": "dutch", "pl": "polish", "ru": "russian", "ja": "japanese",
    "zh-CN": "chinese_simplified", "pt-BR": "portuguese_brazil", "cs": "czech",
    "tr": "turkish", "uk": "ukrainian", "sv": "swedish", "ko": "korean",
}  # fmt: skip


def _mantis_strings(repo: Path, name: str) -> dict[str, str]:
    src = _show(repo, MANTIS_COMMIT, f"lang/strings_{name}.txt")
    out = {}
    single = r"'((?:[^'\\]|\\.)*)'"
    double = r'"((?:[^"\\]|\\.)*)"'
    for m in re.finditer(
        r"^\$s_(\w+)\s*=\s*(?:" + single + "|" + double + r")\s*;", src, re.M | re.S
    ):
        if m.group(2) is not None:
            value = re.sub(r"\\([\\'])", r"\1", m.group(2))
        else:
            value = re.sub(
                r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), m.group(3)
            )
        out[m.group(1)] = value
    return out


def _php_sprintf(fmt: str, *args: str) -> str:
    def sub(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        index = int(m.group(1)) - 1 if m.group(1) else sub.n
        sub.n += 0 if m.group(1) else 1
        return args[index]

    sub.n = 0
    return re.sub(r"%%|%(?:(\d+)\$)?s", sub, fmt)


def _mantis_hash(rng: random.Random) -> str:
    raw = bytes(rng.randrange(256) for _ in range(63))
    return base64.b64encode(raw).decode().translate(str.maketrans("+/", "-_"))


def mantisbt(mirrors: Path) -> None:
    repo = mirrors / "mantisbt+mantisbt" / "repo"
    english = _mantis_strings(repo, "english")
    common = {"source": "mantisbt", "repository": MANTIS_REPO, "commit": MANTIS_COMMIT,
              "licence": "GPL-2.0-or-later", "sender": MANTIS_FROM, "kind": "notice",
              "code": None}  # fmt: skip
    rendered = (
        "core/email_api.php's string building rebuilt in Python with the strings of "
        "lang/strings_<language>.txt (lang_get falls back to English); text/plain"
    )
    people = ["hkrause", "mlefevre", "jnavarro", "rbianchi", "tvisser", "kwozniak",
              "aorlova", "ysuzuki", "lijun", "fcosta", "jnovak", "ecelik", "opetrenko",
              "lsvensson", "jhpark", "dmorgan"]  # fmt: skip
    for n, (lang, name) in enumerate(MANTIS_LANGS.items()):
        strings = {**english, **_mantis_strings(repo, name)}
        user = people[n]
        uid = 40 + 3 * n
        url = f"{MANTIS_PATH}verify.php?id={uid}&confirm_hash={_mantis_hash(RNG)}"
        path = f"core/email_api.php; lang/strings_{name}.txt; core/string_api.php"
        if n % 2 == 0 or lang in ("de", "fr", "ja"):
            intro = _php_sprintf(
                strings["new_account_greeting_admincreated"], "administrator", user
            )
            body = (
                intro + "\n\n" + url + "\n\n" + strings["new_account_message"] + "\n\n"
                + strings["new_account_do_not_reply"]
            )  # fmt: skip
            _save(template="account-created", lang=lang, path=path, rendered=rendered,
                  subject="[MantisBT] " + strings["new_account_subject"], text=body,
                  html_part=None, note="set-password link only; the user name is given",
                  **common)  # fmt: skip
        if n % 2 == 1 or lang in ("de", "fr", "ja"):
            url = f"{MANTIS_PATH}verify.php?id={uid}&confirm_hash={_mantis_hash(RNG)}"
            body = (
                strings["reset_request_msg"] + "\n\n" + url + "\n\n"
                + strings["new_account_username"] + " " + user + "\n"
                + strings["new_account_IP"] + " 198.51.100." + str(20 + n) + "\n\n"
                + strings["new_account_do_not_reply"]
            )  # fmt: skip
            _save(template="password-reset", lang=lang, path=path, rendered=rendered,
                  subject="[MantisBT] " + strings["lost_password_subject"], text=body,
                  html_part=None, note="reset link only; an IP address, no code",
                  **common)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    phpipam(args.mirrors)
    healthchecks(args.mirrors)
    gogs(args.mirrors)
    keycloak()
    sftpgo(args.mirrors)
    redash(args.mirrors)
    postfixadmin(args.mirrors)
    virtualmin(args.mirrors)
    mantisbt(args.mirrors)
    out = HERE / "round16" / "devtools.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} codes")


if __name__ == "__main__":
    main()
