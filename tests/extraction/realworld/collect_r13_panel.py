"""Round thirteen (``panel``): codes and notices that web-hosting control panels mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r13_panel.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
hestiacp+hestiacp and Froxlor+Froxlor.

hotspotbilling+phpnuxbill and louislam+uptime-kuma as well.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- HestiaCP (hestiacp/hestiacp, GPL-3.0): no custom template under ``data/templates/email``
  (the install ships only ``examples/``), so the ``_()`` fallback texts of
  ``web/reset/index.php`` (password reset code), ``web/add/user/index.php`` (account ready)
  and ``web/add/db/index.php`` (database credentials) are translated with the gettext
  catalogue ``web/locale/<lang>/LC_MESSAGES/hestiacp.mo`` (read by Python's ``gettext``;
  languages whose catalogue lacks the string are left out), placeholders filled as
  ``translate_email`` does (``htmlentities`` on the values), subject ``SUBJECT_EMAIL`` =
  ``{{subject}}`` (the syshealth default) with ``sprintf(_("..."), date("Y-m-d H:i:s"))``.
  ``send_email`` (``web/inc/main.php``) sends ``MsgHTML(nl2br(text))``: an HTML body and
  PHPMailer's ``html2text`` alternative (tags stripped, entities decoded, trimmed).
  The reset subject is translated in the visitor's language (``detect_user_language``), taken
  here to be the user's own. Reset code: ``substr(password_hash("", PASSWORD_DEFAULT), 8, 12)``, i.e. 12 characters of
  the bcrypt salt alphabet ``./A-Za-z0-9``. Panel on port 8083 (the HTTP_HOST port is kept).
  The backup-failed notice is the ``echo ... | $SENDMAIL -s "$subj"`` of ``bin/v-backup-user``
  through ``web/inc/mail-wrapper.php`` (subject and recipient with the trailing newline the
  wrapper appends dropped by the mailer's header encoding).
- Froxlor (Froxlor/Froxlor, GPL-2.0): ``lng/<lang>.lng.php`` ``mails.*`` strings (read from
  the PHP arrays; English merged under the requested language as ``Language`` does; PHP
  ``vsprintf`` turns ``%%`` into ``%``), ``PhpHelper::replaceVariables`` (``\\n`` → newline)
  and ``html_entity_decode``. ``CurrentUser::sendOtpEmail`` (2FA code: a TOTP of
  ``FroxlorTwoFactorAuth``, six digits), ``Customers`` (account information) and ``Mysqls``
  (new database) set ``AltBody`` then call ``msgHTML(str_replace("\\n", "<br />", body))``,
  which overwrites AltBody with ``html2text`` of that HTML: the text part has its lines run
  together, as the real mail has. ``ReportsCron`` (disk and traffic limits) uses
  ``nl2br``, so its text part keeps its line breaks. Sizes via ``PhpHelper::sizeReadable``
  with the ``bi`` system (``%01.2f %s``; Froxlor stores KiB).
- PHPNuxBill (hotspotbilling/phpnuxbill, GPL-2.0), an ISP hotspot/PPPoE billing panel:
  ``Message::sendEmail`` (``system/autoload/Message.php``) with SMTP configured puts the
  subject and ``nl2br(body)`` into ``pages_template/Email.html`` (copied to ``pages/``) and
  sends that HTML alone (no AltBody). Bodies as ``system/controllers/forgot.php`` (password
  recovery code ``mt_rand(100000, 999999)``, the company name glued to the subject as the code
  does; username reminder), ``system/controllers/accounts.php`` (email change code) and
  ``Package::rechargeBalance`` (``invoice_balance`` of ``system/uploads/notifications.default.json``,
  ``Lang::moneyFormat`` / ``dateTimeFormat`` with the install defaults ``Rp.``, ``,``/``.``,
  ``d M Y``). English only: other languages lack these keys and PHPNuxBill machine-translates
  missing keys at run time (``Lang::translate``), which cannot be replayed.
- Uptime Kuma (louislam/uptime-kuma, MIT): ``server/notification-providers/smtp.js`` with no
  custom subject/body: subject ``msg``, body ``msg`` plus ``Time (<tz>): <localDateTime>`` for
  monitor events (``Monitor.sendNotification``: ``[name] [✅ Up|🔴 Down] <bean.msg>``), the bare
  message for certificate and domain expiry; one text/plain part as nodemailer sends it.
- MeshCentral (Ylianst/MeshCentral, Apache-2.0), too large to fetch: the translated
  ``emails/translations/account-login_<lang>.{html,txt}`` (e-mail 2FA login token) and
  ``account-invite_<lang>.{html,txt}`` were read file by file and are held inline (each with
  the commit read_file reported); ``getTemplate`` (subject = first HTML line without its
  ``<div>``, ``<html>``/``<head>``/``<body>`` and `` notrans="1"`` removed, ``~`` stripped from
  text lines, CRLF joins) and ``mailReplacements`` of ``meshmail.js`` ported; server URL
  ``https://<CommonName>:443`` as it builds it. The English ``account-login.txt`` is not in the
  index, so English is left out (getTemplate needs both files).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import io
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round13" / "panel.json"
SENT = datetime(2026, 12, 3, 10, 17, 42, tzinfo=UTC)
STAMP = "2026-12-03 10:17:41"  # PHP date("Y-m-d H:i:s") a second before the Date header
RNG = random.Random("r13-panel")


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: Path, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _alnum(n: int) -> str:
    return "".join(
        RNG.choice("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(n)
    )


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


def _nl2br(s: str) -> str:
    """PHP nl2br: '<br />' inserted before each line break."""
    return re.sub(r"(\r\n|\n|\r)", r"<br />\1", s)


def _html2text(h: str) -> str:
    """PHPMailer::html2text (not advanced) followed by normalizeBreaks."""
    h = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", h, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", h).strip())


def _htmlentities(s: str) -> str:
    return html.escape(s, quote=True).replace("&#x27;", "&#039;")


# ---------------------------------------------------------------------------------------
# HestiaCP

HESTIA_REPO = "hestiacp/hestiacp"
HESTIA_COMMIT = "d128cc6f37f2fb7599325cb2a7cf791cd2f874ad"
HESTIA_HOST = "panel.northwind.example"
HESTIA_PORT = ":8083"
HESTIA_APP = "Hestia Control Panel"

HESTIA_RESET = (
    "Hello {{name}},\n" "\n"
    "To reset your {{appname}} password, please follow this link:\n"
    "https://{{hostname}}/reset/?action=confirm&user={{user}}&code={{resetcode}}\n" "\n"
    "Alternatively, you may go to https://{{hostname}}/reset/?action=code&user={{user}} and enter the following reset code:\n"
    "{{resetcode}}\n" "\n"
    "If you did not request password reset, please ignore this message and accept our apologies.\n" "\n"
    "Best regards,\n" "\n" "--\n" "{{appname}}"
)  # fmt: skip
HESTIA_ACCOUNT = (
    "Hello {{name}},\n" "\n" "Your account has been created and ready to use.\n" "\n"
    "https://{{hostname}}/login/\n" "Username: {{user}}\n" "Password: {{password}}\n" "\n"
    "Best regards,\n" "\n" "--\n" "{{appname}}"
)  # fmt: skip
HESTIA_DB = (
    "Database has been created.\n" "\n" "Database: {{database}}\n" "Username: {{username}}\n"
    "Password: {{password}}\n" "SQL Manager: {{dbadmin}}\n" "\n" "Best regards,\n" "\n" "--\n"
    "{{appname}}"
)  # fmt: skip

HESTIA_NAMES = {
    "en": ("Noor Tester", "noor"), "de": ("Jonas Weber", "jweber"), "fr": ("Camille Durand", "cdurand"),
    "es": ("Lucía Martín", "lmartin"), "nl": ("Sanne de Vries", "sanne"), "pl": ("Kamil Nowak", "knowak"),
    "ru": ("Алексей Смирнов", "asmirnov"), "ja": ("佐藤 花子", "hsato"), "zh-cn": ("王 伟", "wangwei"),
    "pt-br": ("João Souza", "jsouza"), "tr": ("Elif Yılmaz", "elify"), "uk": ("Олена Коваль", "okoval"),
    "cs": ("Petr Dvořák", "pdvorak"),
}  # fmt: skip


def _hestia_tr(repo: Path, lang: str):
    if lang == "en":
        return lambda s: s
    mo = _show_bytes(repo, HESTIA_COMMIT, f"web/locale/{lang}/LC_MESSAGES/hestiacp.mo")
    return gettext.GNUTranslations(io.BytesIO(mo)).gettext


def _sprintf(fmt: str, arg: str) -> str:
    """PHP sprintf with one %s argument (an extra argument is ignored, as PHP does)."""
    return fmt.replace("%s", arg, 1) if "%s" in fmt else fmt


def _hestia_fill(template: str, params: dict[str, str]) -> str:
    for k, v in params.items():
        template = template.replace("{{" + k + "}}", v)
    return template


def _hestia_send(subject: str, mailtext: str) -> bytes:
    body = _nl2br(mailtext)
    return message(sender=f"{HESTIA_APP} <noreply@{HESTIA_HOST}>", subject=subject,
                   text=_html2text(body), html_part=body, sent=SENT)  # fmt: skip


def hestia(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "hestiacp+hestiacp" / "repo"
    items: list[dict[str, Any]] = []
    common = {"source": "hestiacp", "repository": HESTIA_REPO, "commit": HESTIA_COMMIT,
              "licence": "GPL-3.0"}  # fmt: skip
    host = HESTIA_HOST + HESTIA_PORT
    salt = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for lang in ["en", "de", "fr", "es", "nl", "pl", "ru", "ja", "zh-cn", "pt-br", "tr", "uk"]:
        _ = _hestia_tr(repo, lang)
        name, user = HESTIA_NAMES[lang]
        rkey = "".join(RNG.choice(salt) for _i in range(12))
        text = _hestia_fill(_(HESTIA_RESET), {
            "name": _htmlentities(name), "hostname": _htmlentities(host), "user": _htmlentities(user),
            "resetcode": _htmlentities(rkey), "appname": HESTIA_APP})  # fmt: skip
        subject = _sprintf(_("Password Reset at %s"), STAMP)
        ident = f"hestiacp-resetcode-{lang}"
        rel, sha = _write(ident, "hestiacp", _hestia_send(subject, text))
        items.append(_item(
            id=ident, group="hestiacp-resetcode", lang=lang, kind="saas-otp", code=rkey,
            path=f"web/reset/index.php; web/inc/i18n.php; web/inc/main.php; web/locale/{lang}/LC_MESSAGES/hestiacp.mo",
            rendered="gettext fallback text of web/reset/index.php filled as translate_email; nl2br HTML + PHPMailer html2text part",
            file=rel, sha256=sha,
            note="12-character reset code from the bcrypt salt alphabet (may hold '.' or '/'), on its own line and in a reset link",
            **common))  # fmt: skip
    for lang in ["en", "de", "ru", "ja"]:
        _ = _hestia_tr(repo, lang)
        name, user = HESTIA_NAMES[lang]
        pw = _alnum(10) + RNG.choice("!#%+") + _digits(2)
        text = _hestia_fill(_(HESTIA_ACCOUNT), {
            "name": _htmlentities(name), "user": _htmlentities(user), "password": _htmlentities(pw),
            "hostname": _htmlentities(host), "appname": HESTIA_APP})  # fmt: skip
        subject = _sprintf(_("Welcome to %s"), HESTIA_APP)
        ident = f"hestiacp-accountready-{lang}"
        rel, sha = _write(ident, "hestiacp", _hestia_send(subject, text))
        items.append(_item(
            id=ident, group="hestiacp-accountready", lang=lang, kind="notice", code=None,
            path=f"web/add/user/index.php; web/inc/main.php; web/locale/{lang}/LC_MESSAGES/hestiacp.mo",
            rendered="gettext fallback text of web/add/user/index.php filled as translate_email; nl2br HTML + html2text part",
            file=rel, sha256=sha,
            note="account credentials (username and an initial password chosen by the admin), panel URL with port 8083; no one-time code",
            **common))  # fmt: skip
    for lang, user in [("en", "noor"), ("fr", "cdurand"), ("cs", "pdvorak")]:
        _ = _hestia_tr(repo, lang)
        db = f"{user}_shop{_digits(2)}"
        dbuser = f"{user}_app"
        pw = _alnum(14)
        text = _hestia_fill(_(HESTIA_DB), {
            "database": _htmlentities(db), "username": _htmlentities(dbuser), "password": _htmlentities(pw),
            "dbadmin": f"https://{HESTIA_HOST}/phpmyadmin/", "appname": HESTIA_APP})  # fmt: skip
        subject = _sprintf(_("Database Credentials: %s"), db)
        ident = f"hestiacp-dbcredentials-{lang}"
        rel, sha = _write(ident, "hestiacp", _hestia_send(subject, text))
        items.append(_item(
            id=ident, group="hestiacp-dbcredentials", lang=lang, kind="notice", code=None,
            path=f"web/add/db/index.php; web/inc/main.php; web/locale/{lang}/LC_MESSAGES/hestiacp.mo",
            rendered="gettext fallback text of web/add/db/index.php filled as translate_email; nl2br HTML + html2text part",
            file=rel, sha256=sha, note="database name, user and password (a credential, not a one-time code)",
            **common))  # fmt: skip
    # bin/v-backup-user, not enough disk space: plain echo through mail-wrapper.php (English only)
    v_disk, u_orig = 3172, 2846
    text = (f"Not enough disk space available ({v_disk} mb) to perform the backup  of noor. "
            f"( {u_orig} mb * 2 = {u_orig * 2} mb). https://hestiacp.com/docs/server-administration/backup-restore.html\n")  # fmt: skip
    ident = "hestiacp-backupfailed-en"
    rel, sha = _write(ident, "hestiacp", _hestia_send("noor → backup failed", text))
    items.append(_item(
        id=ident, group="hestiacp-backupfailed", lang="en", kind="notice", code=None,
        path="bin/v-backup-user; web/inc/mail-wrapper.php; web/inc/main.php",
        rendered="echo text of bin/v-backup-user (disk-space branch) sent by mail-wrapper.php: nl2br HTML + html2text part",
        file=rel, sha256=sha, **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Froxlor

FROX_REPO = "Froxlor/Froxlor"
FROX_COMMIT = "b49f20af95ebfbf44ba7e039b2aa660fc025a035"
FROX_FROM = "Froxlor Administrator <admin@hosting.northwind.example>"


def _php_sq(s: str) -> str:
    """Value of a PHP single-quoted string literal body."""
    return re.sub(r"\\([\\'])", r"\1", s)


def _frox_mails(repo: Path, lang: str) -> dict[str, str]:
    src = _show(repo, FROX_COMMIT, f"lng/{lang}.lng.php")
    start = src.index("\n\t'mails' => [")
    end = src.index("\n\t],", start)
    block = src[start:end]
    out: dict[str, str] = {}
    for m in re.finditer(r"\n\t\t'([a-z0-9_]+)' => \[(.*?)\n\t\t\],", block, re.S):
        for f in re.finditer(r"'(mailbody|subject)' => '((?:[^'\\]|\\.)*)'", m.group(2), re.S):
            out[f"{m.group(1)}.{f.group(1)}"] = _php_sq(f.group(2))
    return out


def _frox_lng(repo: Path, lang: str) -> dict[str, str]:
    merged = _frox_mails(repo, "en")
    if lang != "en":
        merged.update(_frox_mails(repo, lang))
    return {k: v.replace("%%", "%") for k, v in merged.items()}  # vsprintf without arguments


def _frox_replace(text: str, vars_: dict[str, str]) -> str:
    for k, v in vars_.items():
        text = text.replace("{" + k + "}", v)
    return html.unescape(text.replace("\\n", "\n"))


def _size_bi(kib: int) -> str:
    size, i = kib * 1024.0, 0
    units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
    while size >= 1024 and i < len(units) - 1:
        size /= 1024
        i += 1
    return f"{size:.2f} {units[i]}"


def _frox_send(subject: str, body: str, *, nl2br: bool) -> bytes:
    h = _nl2br(body) if nl2br else body.replace("\n", "<br />")
    return message(sender=FROX_FROM, subject=subject, text=_html2text(h), html_part=h, sent=SENT)


FROX_PEOPLE = {
    "en": ("Noor", "Tester", "noor01"), "de": ("Jonas", "Weber", "web7"), "es": ("Lucía", "Martín", "web12"),
    "ca": ("Jordi", "Puig", "web15"), "fr": ("Camille", "Durand", "web4"),
}  # fmt: skip


def froxlor(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "Froxlor+Froxlor" / "repo"
    items: list[dict[str, Any]] = []
    common = {
        "source": "froxlor",
        "repository": FROX_REPO,
        "commit": FROX_COMMIT,
        "licence": "GPL-2.0",
    }

    def add(ident: str, group: str, lang: str, kind: str, code: str | None, path: str,
            rendered: str, raw: bytes, note: str | None = None) -> None:  # fmt: skip
        rel, sha = _write(ident, "froxlor", raw)
        items.append(_item(id=ident, group=group, lang=lang, kind=kind, code=code,
                           path=f"{path}; lng/{lang}.lng.php; lib/Froxlor/PhpHelper.php", rendered=rendered,
                           file=rel, sha256=sha, note=note, **common))  # fmt: skip

    for lang in ["en", "de", "es", "ca"]:
        lng = _frox_lng(repo, lang)
        code = _digits(6)
        body = _frox_replace(lng["2fa.mailbody"], {"CODE": code})
        add(f"froxlor-2facode-{lang}", "froxlor-2facode", lang, "saas-otp", code,
            "lib/Froxlor/CurrentUser.php",
            "mails.2fa strings (English subject where the language has none) as sendOtpEmail; HTML with <br />, html2text part run together",
            _frox_send(lng["2fa.subject"], body, nl2br=False),
            "six-digit TOTP login code in a one-paragraph body")  # fmt: skip
    for lang in ["en", "de", "fr"]:
        lng = _frox_lng(repo, lang)
        first, name, login = FROX_PEOPLE[lang]
        vars_ = {"FIRSTNAME": first, "NAME": name, "COMPANY": "", "SALUTATION": f"{first} {name}",
                 "CUSTOMER_NO": f"K-{_digits(5)}", "USERNAME": login, "PASSWORD": _alnum(12),
                 "SERVER_HOSTNAME": "hosting.northwind.example", "SERVER_IP": "203.0.113.24",
                 "SERVER_PORT": "80", "DOMAINNAME": f"{login}.hosting.northwind.example"}  # fmt: skip
        add(f"froxlor-createcustomer-{lang}", "froxlor-createcustomer", lang, "notice", None,
            "lib/Froxlor/Api/Commands/Customers.php; lib/Froxlor/Api/ApiCommand.php",
            "mails.createcustomer strings filled as Customers::add/getMailTemplate; HTML with <br />, html2text part run together",
            _frox_send(_frox_replace(lng["createcustomer.subject"], vars_),
                       _frox_replace(lng["createcustomer.mailbody"], vars_), nl2br=False),
            "account information: login name and initial password; no one-time code")  # fmt: skip
    for lang in ["en", "de"]:
        lng = _frox_lng(repo, lang)
        first, name, login = FROX_PEOPLE[lang]
        avail, used = 10 * 1024 * 1024, 9 * 1024 * 1024 + int(_digits(5)) * 3
        vars_ = {"SALUTATION": f"{first} {name}", "NAME": name, "FIRSTNAME": first, "COMPANY": "",
                 "USERNAME": login, "CUSTOMER_NO": f"K-{_digits(5)}", "DISKAVAILABLE": _size_bi(avail),
                 "DISKUSED": _size_bi(used), "USAGE_PERCENT": str(round(used * 100 / avail, 2)),
                 "MAX_PERCENT": "90"}  # fmt: skip
        add(f"froxlor-diskmax-{lang}", "froxlor-diskmax", lang, "notice", None,
            "lib/Froxlor/Cron/Traffic/ReportsCron.php",
            "mails.diskmaxpercent strings filled as ReportsCron; nl2br HTML + html2text part",
            _frox_send(_frox_replace(lng["diskmaxpercent.subject"], vars_),
                       _frox_replace(lng["diskmaxpercent.mailbody"], vars_), nl2br=True))  # fmt: skip
    for lang in ["en", "es"]:
        lng = _frox_lng(repo, lang)
        first, name, login = FROX_PEOPLE[lang]
        avail, used = 100 * 1024 * 1024, 82 * 1024 * 1024 + int(_digits(6))
        vars_ = {"SALUTATION": f"{first} {name}", "NAME": name, "FIRSTNAME": first, "COMPANY": "",
                 "USERNAME": login, "CUSTOMER_NO": f"K-{_digits(5)}", "TRAFFIC": _size_bi(avail),
                 "TRAFFICUSED": _size_bi(used), "USAGE_PERCENT": str(round(used * 100 / avail, 2)),
                 "MAX_PERCENT": "80"}  # fmt: skip
        add(f"froxlor-trafficmax-{lang}", "froxlor-trafficmax", lang, "notice", None,
            "lib/Froxlor/Cron/Traffic/ReportsCron.php",
            "mails.trafficmaxpercent strings filled as ReportsCron; nl2br HTML + html2text part",
            _frox_send(_frox_replace(lng["trafficmaxpercent.subject"], vars_),
                       _frox_replace(lng["trafficmaxpercent.mailbody"], vars_), nl2br=True))  # fmt: skip
    for lang in ["en", "de", "ca"]:
        lng = _frox_lng(repo, lang)
        first, name, login = FROX_PEOPLE[lang]
        vars_ = {"SALUTATION": f"{first} {name}", "CUST_NAME": f"{first} {name}", "NAME": name,
                 "FIRSTNAME": first, "COMPANY": "", "USERNAME": login, "CUSTOMER_NO": f"K-{_digits(5)}",
                 "DB_NAME": f"{login}sql{RNG.randint(1, 9)}", "DB_PASS": _alnum(12),
                 "DB_DESC": "shop", "DB_SRV": "localhost",
                 "PMA_URI": "https://hosting.northwind.example/phpmyadmin/"}  # fmt: skip
        add(f"froxlor-newdatabase-{lang}", "froxlor-newdatabase", lang, "notice", None,
            "lib/Froxlor/Api/Commands/Mysqls.php; lib/Froxlor/Api/ApiCommand.php",
            "mails.new_database_by_customer strings filled as Mysqls::add; HTML with <br />, html2text part run together",
            _frox_send(_frox_replace(lng["new_database_by_customer.subject"], vars_),
                       _frox_replace(lng["new_database_by_customer.mailbody"], vars_), nl2br=False),
            "database name, password, host and phpMyAdmin URL; no one-time code")  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# PHPNuxBill

NUX_REPO = "hotspotbilling/phpnuxbill"
NUX_COMMIT = "6757f7b8f392d0d8c87e8d8530ce6b3d36834dac"
NUX_COMPANY = "Northwind Net"
NUX_ADDRESS = "Jl. Melati No. 14\nBandung 40115"
NUX_FROM = "billing@northwind-net.example"


def _nux_send(repo: Path, subject: str, body: str) -> bytes:
    page = _show(repo, NUX_COMMIT, "pages_template/Email.html")
    page = page.replace("[[Subject]]", subject)
    page = page.replace("[[Company_Address]]", _nl2br(NUX_ADDRESS))
    page = page.replace("[[Company_Name]]", _nl2br(NUX_COMPANY))
    page = page.replace("[[Body]]", _nl2br(body))
    return message(sender=NUX_FROM, subject=subject, text=None, html_part=page, sent=SENT)


def phpnuxbill(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "hotspotbilling+phpnuxbill" / "repo"
    items: list[dict[str, Any]] = []
    common = {"source": "phpnuxbill", "repository": NUX_REPO, "commit": NUX_COMMIT, "licence": "GPL-2.0",
              "lang": "en"}  # fmt: skip
    tpl = "pages_template/Email.html; system/autoload/Message.php"

    def add(ident: str, kind: str, code: str | None, path: str, rendered: str, raw: bytes,
            note: str | None = None) -> None:  # fmt: skip
        rel, sha = _write(f"phpnuxbill-{ident}-en", "phpnuxbill", raw)
        items.append(_item(id=f"phpnuxbill-{ident}-en", group=f"phpnuxbill-{ident}", kind=kind, code=code,
                           path=f"{path}; {tpl}", rendered=rendered, file=rel, sha256=sha, note=note,
                           **common))  # fmt: skip

    otp = str(RNG.randint(100000, 999999))
    add("forgotcode", "utility-otp", otp, "system/controllers/forgot.php",
        "forgot.php step 1 subject/body in Email.html as Message::sendEmail fills it; one HTML part",
        _nux_send(repo, NUX_COMPANY + "Your Verification Code" + " : " + otp,
                  "Your Verification Code" + " : <b>" + otp + "</b>"),
        "six-digit password-recovery code, bold in the body and at the end of the subject")  # fmt: skip
    otp = str(RNG.randint(100000, 999999))
    add("emailchange", "utility-otp", otp, "system/controllers/accounts.php",
        "accounts.php email-update body in Email.html as Message::sendEmail fills it; one HTML part",
        _nux_send(repo, "Change Email Verification Code",
                  "Hello" + " " + "Noor Tester" + ",\n\n" + "Your Email Verification Code is:" + " " + otp))  # fmt: skip
    add("usernames", "notice", None, "system/controllers/forgot.php",
        "forgot.php step 7 (username reminder by e-mail address) in Email.html; one HTML part",
        _nux_send(repo, "Your username for" + " " + NUX_COMPANY,
                  "Your username for" + " " + NUX_COMPANY + "\n" + "noor.t, 081234567812"),
        "usernames of the account (one is a phone number, as PHPNuxBill allows); no code")  # fmt: skip
    notif = json.loads(_show(repo, NUX_COMMIT, "system/uploads/notifications.default.json"))
    inv = "INV-" + str(RNG.randint(1200, 4800))
    text = notif["invoice_balance"]
    for k, v in [("[[company_name]]", NUX_COMPANY), ("[[address]]", NUX_ADDRESS), ("[[phone]]", "022-7301846"),
                 ("[[invoice]]", inv), ("[[date]]", "03 Dec 2026 17:17"), ("[[trx_date]]", "03 Dec 2026 17:17"),
                 ("[[payment_gateway]]", "Duitku"), ("[[payment_channel]]", "BRIVA"), ("[[type]]", "Balance"),
                 ("[[plan_name]]", "Saldo 150K"), ("[[plan_price]]", "Rp. 150.000"), ("[[name]]", "Noor Tester"),
                 ("[[user_name]]", "noor.t"), ("[[footer]]", "Thank you..."),
                 ("[[balance_before]]", "Rp. 20.000"), ("[[balance]]", "Rp. 170.000")]:  # fmt: skip
        text = text.replace(k, v)
    add("invoicebalance", "invoice", None, "system/autoload/Package.php; system/uploads/notifications.default.json",
        "invoice_balance notification filled as Package::rechargeBalance, sent by e-mail; one HTML part",
        _nux_send(repo, "[" + NUX_COMPANY + "] " + "Invoice" + " " + inv, text),
        "balance top-up invoice: invoice number, date, gateway channel, price; no code")  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Uptime Kuma

KUMA_REPO = "louislam/uptime-kuma"
KUMA_COMMIT = "6398a9581d1c3c427a7536559f47ccf45dac08b4"


def uptimekuma() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    common = {"source": "uptimekuma", "repository": KUMA_REPO, "commit": KUMA_COMMIT, "licence": "MIT",
              "lang": "en", "kind": "notice"}  # fmt: skip
    tz = "Europe/Berlin"
    cases = [
        ("down", "[Postgres primary] [🔴 Down] connect ECONNREFUSED 203.0.113.41:5432", "2026-12-03 11:14:09",
         "server/model/monitor.js; server/notification-providers/smtp.js", "TCP port monitor down, Node's error message"),
        ("up", "[Shop API] [✅ Up] 200 - OK", "2026-12-03 11:16:52",
         "server/model/monitor.js; server/notification-providers/smtp.js", "HTTP monitor back up"),
        ("certexpiry", "[Webmail][https://mail.northwind.example:8443] server certificate mail.northwind.example will expire in 14 days",
         None, "server/model/monitor.js; server/notification-providers/smtp.js", "certificate expiry (no heartbeat: bare message)"),
        ("domainexpiry", "Domain name northwind.example will expire in 21 days", None,
         "server/model/domain_expiry.js; server/notification-providers/smtp.js", "domain expiry (bare message)"),
    ]  # fmt: skip
    for name, msg, when, path, note in cases:
        body = msg if when is None else f"{msg}\nTime ({tz}): {when}"
        raw = message(sender="Uptime Kuma <kuma@status.northwind.example>", subject=msg, text=body,
                      html_part=None, sent=SENT)  # fmt: skip
        ident = f"uptimekuma-{name}-en"
        rel, sha = _write(ident, "uptimekuma", raw)
        items.append(_item(id=ident, group=f"uptimekuma-{name}", code=None, path=path,
                           rendered="smtp.js defaults (no custom subject/body): subject msg, text body", file=rel,
                           sha256=sha, note=note, **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# MeshCentral (texts read with read_file; the repository is too large to fetch)

MESH_REPO = "Ylianst/MeshCentral"
MESH_MAIL_JS = ("meshmail.js", "0225fe979b627546a1b8129123602ce900227fdd")
MESH_TABLE = (
    '<div style="font-family:Arial,Helvetica,sans-serif">\n'
    '    <table style="background-color:#003366;color:lightgray;width:100%" cellpadding="8">\n'
    "        <tbody><tr>\n"
    "            <td>\n"
    '                <b style="font-size:20px;font-family:Arial,Helvetica,sans-serif">{title}</b>\n'
    "            </td>\n"
    "        </tr>\n"
    "    </tbody></table>\n"
)  # fmt: skip
# account-login_<lang>.html / .txt: (title, html paragraphs, txt body lines, html commit, txt commit)
MESH_LOGIN = {
    "de": ("[[[SERVERNAME]]] - Konto-Login",
           ["Ihr Login-Token lautet: [[[TOKEN]]]", "Dieser Token kann nur einmal verwendet werden und ist 5 Minuten gültig."],
           "[[[SERVERNAME]]] - Konto-Login\nIhr Login-Token lautet: [[[TOKEN]]]\n~\nDieser Token kann nur einmal verwendet werden und ist 5 Minuten gültig.",
           "f1e27908ac106a20549c57cb3054ebaba1056ff6", "3ee9a4352a97802edba438b2093152e7d4494633"),
    "fr": ("[[[SERVERNAME]]] - Connexion au compte",
           ["Votre jeton de connexion est&nbsp;: [[[TOKEN]]]", "Ce jeton ne peut être utilisé qu'une seule fois et est valide pendant 5 minutes."],
           "[[[SERVERNAME]]] - Connexion au compte\nVotre jeton de connexion est: [[[TOKEN]]]\n~\nCe jeton ne peut être utilisé qu'une seule fois et est valide pendant 5 minutes.",
           "bf7b1ffd60eaf3c43ad01b38a1bf59c095ea3a95", "3ee9a4352a97802edba438b2093152e7d4494633"),
    "es": ("[[[SERVERNAME]]] - Inicio de Sesión",
           ["Tu token de inicio de sesión es: [[[TOKEN]]]", "Este token sólo se puede usar una vez y es válido durante 5 minutos."],
           "[[[SERVERNAME]]] - Inicio de Sesión\nTu token de inicio de sesión es: [[[TOKEN]]]\n~\nEste token sólo se puede usar una vez y es válido durante 5 minutos.",
           "914d3ba82b7ae9a4f980a0dfc222676b1c8689e4", "0f717d75ccb31c83c52fca3a3f6cc83277040d16"),
    "ja": ("[[[SERVERNAME]]]-アカウントログイン",
           ["ログイントークンは次のとおりです：[[[TOKEN]]]", "このトークンは1回だけ使用でき、5分間有効です。"],
           "[[[SERVERNAME]]]-アカウントログイン\nログイントークンは次のとおりです：[[[TOKEN]]]\n~\nこのトークンは1回だけ使用でき、5分間有効です。",
           "78ebbc0188217d3ec7be4e33e4b20f9cb31b5a34", "d513facb147e97b0ac7ba97c22017ec6e5dcb108"),
    "zh-chs": ("[[[SERVERNAME]]]-帐户登录",
               ["您的登录令牌为：[[[TOKEN]]]", "该令牌只能使用一次，有效期为5分钟。"],
               "[[[SERVERNAME]]]-帐户登录\n您的登录令牌为：[[[TOKEN]]]\n~\n该令牌只能使用一次，有效期为5分钟。",
               "3ee9a4352a97802edba438b2093152e7d4494633", "3ee9a4352a97802edba438b2093152e7d4494633"),
    "ko": ("[[[SERVERNAME]]]-계정 로그인",
           ["귀하의 로그인 토큰은 [[[TOKEN]]]입니다.", "이 토큰은 한 번만 사용할 수 있으며 5 분 동안 유효합니다."],
           "[[[SERVERNAME]]]-계정 로그인\n귀하의 로그인 토큰은 [[[TOKEN]]]입니다.\n~\n이 토큰은 한 번만 사용할 수 있으며 5 분 동안 유효합니다.",
           "c8e1a1c30513bf36c12209dc770de8064f77aa85", "91c17ce74d9a3a354001b8d5318091caac696ec0"),
    "tr": ("[[[SERVERNAME]]] - Hesap Girişi",
           ["Giriş jetonunuz: [[[TOKEN]]]", "Bu simge yalnızca bir kez kullanılabilir ve 5 dakika geçerlidir."],
           "[[[SERVERNAME]]] - Hesap Girişi\nGiriş jetonunuz: [[[TOKEN]]]\n~\nBu simge yalnızca bir kez kullanılabilir ve 5 dakika geçerlidir.",
           "be4d1f3d09a829b7346568ddc89c8352f552c23a", "be4d1f3d09a829b7346568ddc89c8352f552c23a"),
}  # fmt: skip
MESH_INVITE = {
    "de": ("[[[SERVERNAME]]] - Kontoeinladung",
           '    <p>Auf dem Server wurde ein Konto für Sie erstellt <a href="[[[SERVERURL]]][[[URLARGS1]]]" notrans="1">[[[SERVERNAME]]]</a>können Sie jetzt darauf zugreifen mit:</p>\n'
           "    <p>\n"
           '        &nbsp;&nbsp;&nbsp;Benutzername: <b notrans="1">[[[ACCOUNTNAME]]]</b><br>\n'
           '        &nbsp;&nbsp;&nbsp;Passwort: <b notrans="1">[[[PASSWORD]]]</b>\n'
           "    </p>\n    Freundliche Grüße,\n    <br>\n    [[[USERNAME]]]\n    <br>\n</div>",
           '[[[SERVERNAME]]] - Kontoeinladung\nAuf dem Server [[[SERVERNAME]]] ([[[SERVERURL]]]/) wurde ein Konto für Sie erstellt, Sie können ab sofort mit dem Benutzernamen "[[[ACCOUNTNAME]]]" und dem Passwort "[[[PASSWORD]]]" darauf zugreifen.\n~\nFreundliche Grüße,\n~[[[USERNAME]]]',
           "98544382dba4f25a03e72cfa786d950c591ff305", "2141cfb14d5733e5aef1bfd5f5cd456a2ba44457"),
    "es": ("[[[SERVERNAME]]] - Account Invitation",
           '    <p>An account was created for you on server <a href="[[[SERVERURL]]]" notrans="1">[[[SERVERNAME]]]</a>, you can access it now with:</p>\n'
           "    <p>\n"
           '        &nbsp;&nbsp;&nbsp;Usuario: <b notrans="1">[[[ACCOUNTNAME]]]</b><br>\n'
           '        &nbsp;&nbsp;&nbsp;Contraseña: <b notrans="1">[[[PASSWORD]]]</b>\n'
           "    </p>\n    Best regards,\n    <br>\n    [[[USERNAME]]]\n    <br>\n</div>",
           '[[[SERVERNAME]]] - Invitación de Cuenta\nUna cuenta ha sido creada en su servidor [[[SERVERNAME]]] ([[[SERVERURL]]]/), ahora puede acceder con el usuario "[[[ACCOUNTNAME]]]" y la contraseña "[[[PASSWORD]]]".\n~\nAtentamente,\n~[[[USERNAME]]]',
           "78ebbc0188217d3ec7be4e33e4b20f9cb31b5a34", "59ad0647808cb9565df3e149efbc10917578f885"),
}  # fmt: skip
MESH_SERVERNAME = "Northwind Remote"
MESH_URL = "https://mesh.northwind.example:443"  # 'https://' + CommonName + ':' + port + '/' minus the last '/'


def _mesh_template(html_file: str, txt_file: str) -> tuple[str, str, str]:
    """getTemplate of meshmail.js: subject from the first HTML line, '~' stripped in the text."""
    for tag in ["<html>", "</html>", "<head>", "</head>", "<body>", "</body>", ' notrans="1"']:
        html_file = html_file.replace(tag, "")
    lines = html_file.replace("\r\n", "\n").split("\n")
    subject = lines.pop(0)
    if subject.startswith("<div>"):
        subject = subject[5:]
    if subject.endswith("</div>"):
        subject = subject[:-6]
    body_html = "\r\n".join(lines)
    tl = txt_file.replace("\r\n", "\n").split("\n")
    tl.pop(0)
    body_txt = "\r\n".join(x[1:] if x.startswith("~") else x for x in tl)
    return subject, body_html, body_txt


def _mesh_fill(text: str, options: dict[str, str]) -> str:
    options = dict(options, serverurl=MESH_URL)
    for k, v in options.items():
        text = text.replace("[[[" + k.upper() + "]]]", v)
    return text


def meshcentral() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    common = {"source": "meshcentral", "repository": MESH_REPO, "licence": "Apache-2.0"}
    sender = f"{MESH_SERVERNAME} <meshcentral@mesh.northwind.example>"
    for lang, (title, paras, txt, c_html, c_txt) in MESH_LOGIN.items():
        html_file = ("<html><head></head><body><div>" + title + "</div>\n" + MESH_TABLE.format(title=title)
                     + "".join(f"    <p>{p}</p>\n" for p in paras) + "</div></body></html>")  # fmt: skip
        subject, body_html, body_txt = _mesh_template(html_file, txt)
        token = _digits(8)
        opts = {"email": "noor.tester@example.com", "servername": MESH_SERVERNAME, "token": token}
        raw = message(sender=sender, subject=_mesh_fill(subject, opts), text=_mesh_fill(body_txt, opts),
                      html_part=_mesh_fill(body_html, opts), sent=SENT)  # fmt: skip
        ident = f"meshcentral-logintoken-{lang}"
        rel, sha = _write(ident, "meshcentral", raw)
        items.append(_item(
            id=ident, group="meshcentral-logintoken", lang=lang, kind="saas-otp", code=token,
            path=(f"emails/translations/account-login_{lang}.html@{c_html}; emails/translations/account-login_{lang}.txt@{c_txt}; "
                  f"{MESH_MAIL_JS[0]}@{MESH_MAIL_JS[1]}"),
            commit=c_html,
            rendered="templates held inline (read_file); getTemplate/mailReplacements of meshmail.js ported; text+HTML as nodemailer sends",
            file=rel, sha256=sha,
            note="eight-digit e-mail 2FA login token (zeroPad(getRandomEightDigitInteger(), 8)); English template not in the index, so translations only",
            **common))  # fmt: skip
    for lang, (title, body, txt, c_html, c_txt) in MESH_INVITE.items():
        html_file = (
            "<html><head></head><body><div>"
            + title
            + "</div>\n"
            + MESH_TABLE.format(title=title)
            + body
            + "</body></html>"
        )
        subject, body_html, body_txt = _mesh_template(html_file, txt)
        opts = {"username": "Jonas Weber" if lang == "de" else "Lucía Martín", "accountname": "noor.tester",
                "email": "noor.tester@example.com", "servername": MESH_SERVERNAME, "password": _alnum(10),
                "urlargs1": ""}  # fmt: skip
        raw = message(sender=sender, subject=_mesh_fill(subject, opts), text=_mesh_fill(body_txt, opts),
                      html_part=_mesh_fill(body_html, opts), sent=SENT)  # fmt: skip
        ident = f"meshcentral-accountinvite-{lang}"
        rel, sha = _write(ident, "meshcentral", raw)
        items.append(_item(
            id=ident, group="meshcentral-accountinvite", lang=lang, kind="notice", code=None,
            path=(f"emails/translations/account-invite_{lang}.html@{c_html}; emails/translations/account-invite_{lang}.txt@{c_txt}; "
                  f"{MESH_MAIL_JS[0]}@{MESH_MAIL_JS[1]}"),
            commit=c_html,
            rendered="templates held inline (read_file); meshmail.js sendAccountInviteMail options; [[[URLARGS1]]] (newer template) filled empty; text+HTML",
            file=rel, sha256=sha,
            note="account invitation with account name and an initial password chosen by the admin; no one-time code",
            **common))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = hestia(args.mirrors) + froxlor(args.mirrors) + phpnuxbill(args.mirrors) + uptimekuma()
    items += meshcentral()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} items, {sum(i['code'] is not None for i in items)} with a code")


if __name__ == "__main__":
    main()
