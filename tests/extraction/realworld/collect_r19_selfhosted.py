"""Round nineteen, self-hosted software: the mails of a hosting control panel, a GPS/IoT
tracking server, two music servers, a mail-server suite, Webmin and an RSS reader — the passwords and
codes they send, and the same senders' notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_selfhosted.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- serghey-rodin/vesta (GPL-3.0), Vesta Control Panel: the password-reset mail of
  ``web/reset/index.php`` (``GREETINGS_GORDON_FREEMAN`` + ``PASSWORD_RESET_REQUEST`` with the
  user's ``RKEY``, ``generate_password``: ten letters and digits), in every language of
  ``web/inc/i18n/<l>.php`` that translates it; the new-account mail of ``web/add/user``
  (``ACCOUNT_READY``, the form's ``randomString`` password), the database and FTP credential
  mails of ``web/add/db`` and ``web/add/web``, and three system notices sent through
  ``web/inc/mail-wrapper.php`` (backup done with its log, backup failed, OpenSSH restart
  failed). The PHP arrays are read as PHP reads them and ``_translate``'s ``sprintf`` done;
  ``send_email`` sends text/plain, From ``MAIL_FROM``.

- traccar/traccar (Apache-2.0), a GPS tracking server: the Velocity templates
  ``templates/notifications/<lang>/*.vm`` (device online/offline, geofence entered, ignition
  on, maintenance due, password reset) in eight languages, rendered by a small Velocity
  subset (``#set`` lines gobbled, ``$subject`` taken from its ``#set``, ``$esc.html``,
  ``$dateTool.format`` with the template's Java pattern, ``#{if}``/``#{else}``/``#{end}`` on
  the address); HTML only, as ``SmtpMailManager`` sends it.

- ampache/ampache (AGPL-3.0), a music streaming server: the lost-password mail of
  ``NewPasswordSender`` (the new password of ``PasswordGenerator::generate``), the
  registration mails of ``Registration.php``, ``UserStateToggler``'s account-enabled mail and
  ``ShoutCreator``'s comment notice, each message built as the PHP builds it with ``T_()``
  through the locale's compiled ``messages.mo`` (Python's gettext) — the languages that
  translate the strings; text/plain (PHPMailer), From the default sender with a site domain.

- mailcow/mailcow-dockerized (GPL-3.0), a mail-server suite: the password-reset mail of
  ``reset_password('issue')`` — the default ``pw_reset_text.tpl`` and ``pw_reset_html.tpl``
  with ``str_replace`` of each ``{{var}}``; the token is only inside the link.

- webmin/webmin (BSD-3-Clause): the forgotten-password mail of ``forgot_send.cgi`` in the
  two languages whose ``lang/<l>`` carries ``forgot_msg`` (en, de): ``&text`` filled, the
  literal ``\\n`` made newlines, ``mailboxes::wrap_lines(msg, 75)`` (boxes-lib.pl) as Perl
  runs it; a link only.

- tesshucom/jpsonic (GPL-3.0), a music server: the password-recovery mail of
  ``RecoverService`` at two commits — before 7fa21fd3 it gives the new 32-character password
  (``RecoverController``: ``SYMBOLS``, ``PASSWORD_LENGTH``), after it the password is
  masked as ``******``; the Java text is checked to be in the source and built as Java
  builds it (concatenation; a text block with its indentation stripped).

- tt-rss/tt-rss (GPL-3.0), Tiny Tiny RSS: ``templates/*_template.txt`` through its
  ``MiniTemplator`` (``${VAR}`` filled, the ``$BeginBlock``/``$EndBlock`` lines dropped): the
  password-reset link, e-mail-change and OTP-disabled notices and the daily digest (its
  blocks repeated per headline); subjects as the PHP writes them; text/plain
  (``Mailer::mail``), From the default ``SMTP_FROM_NAME`` / ``SMTP_FROM_ADDRESS``.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import gettext
import hashlib
import html
import io
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 10, 41, 7, tzinfo=UTC)
RNG = random.Random("r19-selfhosted")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "selfhosted.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


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


# ---------------------------------------------------------------------------------------
# Vesta Control Panel

VE_REPO = "serghey-rodin/vesta"
VE_COMMIT = "bba7400b8a01d462dae4b2f805866c2ac5efbf00"
VE_HOST = "srv1.lindenhof-hosting.example"
PW_CHARS = (
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXTZabcdefghiklmnopqrstuvwxyz"  # the forms' randomString
)
RKEY_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # generate_password
_PHP_ENTRY = re.compile(
    r"'((?:\\.|[^'\\])*)'\s*=>\s*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)')", re.S
)
_DQ_ESC = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "$": "$", "'": "\\'"}


def _php_strings(src: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in _PHP_ENTRY.finditer(src):
        key = m.group(1).replace("\\'", "'").replace("\\\\", "\\")
        if m.group(2) is not None:
            value = re.sub(r"\\(.)", lambda e: _DQ_ESC.get(e.group(1), "\\" + e.group(1)),
                           m.group(2))  # fmt: skip
        else:
            value = m.group(3).replace("\\'", "'").replace("\\\\", "\\")
        out.setdefault(key, value)
    return out


def _sprintf(fmt: str, *args: str) -> str:
    """PHP sprintf for the %s, %d, %n$s and %% the strings use."""
    it = iter(args)

    def one(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return str(args[int(m.group(1)) - 1])
        return str(next(it))

    return re.sub(r"%%|%(?:(\d+)\$)?[sd]", one, fmt)


def _ve_lang(lang: str) -> dict[str, str]:
    return _php_strings(_show(VE_REPO, VE_COMMIT, f"web/inc/i18n/{lang}.php"))


def _pick(chars: str, n: int) -> str:
    return "".join(RNG.choice(chars) for _ in range(n))


VE_SENDER = f"Vesta Control Panel <noreply@{VE_HOST}>"
VE_BCP47 = {"cz": "cs", "cn": "zh-CN", "tw": "zh-TW", "se": "sv"}  # Vesta's file names
# (lang, first name, last name, user) — every language the panel ships
VE_PEOPLE = {
    "en": ("Harriet", "Cole", "hcole"), "de": ("Jonas", "Petersen", "jpetersen"),
    "fr": ("Claire", "Dubois", "cdubois"), "es": ("Tomás", "Rivera", "trivera"),
    "it": ("Sofia", "Marchetti", "smarchetti"), "nl": ("Pieter", "de Vries", "pdevries"),
    "pl": ("Olga", "Nowak", "onowak"), "cz": ("Petr", "Horák", "phorak"),
    "ja": ("Kenji", "Watanabe", "kwatanabe"), "cn": ("Mei", "Lin", "meilin"),
    "tw": ("Yu-ting", "Chen", "ytchen"), "pt-BR": ("Lucas", "Ferreira", "lferreira"),
    "pt": ("Inês", "Carvalho", "icarvalho"), "se": ("Ingrid", "Lindqvist", "ilindqvist"),
    "no": ("Ola", "Nordmann", "onordmann"), "da": ("Mette", "Jensen", "mjensen"),
    "fi": ("Aino", "Virtanen", "avirtanen"), "hu": ("Bence", "Nagy", "bnagy"),
    "ro": ("Andrei", "Popescu", "apopescu"), "el": ("Eleni", "Papadaki", "epapadaki"),
    "bg": ("Ivan", "Petrov", "ipetrov"), "id": ("Dewi", "Lestari", "dlestari"),
    "vi": ("Minh", "Nguyen", "mnguyen"), "ko": ("Jiwoo", "Park", "jpark"),
    "th": ("Somchai", "Srisuk", "ssrisuk"), "ka": ("Nino", "Beridze", "nberidze"),
    "sr": ("Marko", "Jovanović", "mjovanovic"), "bs": ("Amra", "Hadžić", "ahadzic"),
    "az": ("Leyla", "Aliyeva", "laliyeva"),
}  # fmt: skip


def vesta() -> None:
    en = _ve_lang("en")
    port = "8083"
    sent_php = SENT.strftime("%Y-%m-%d %H:%M:%S")
    # the password-reset code: web/reset/index.php, in every language that translates it
    for lang, (fname, lname, user) in VE_PEOPLE.items():
        strings = _ve_lang(lang)
        if lang != "en" and strings["PASSWORD_RESET_REQUEST"] == en["PASSWORD_RESET_REQUEST"]:
            continue
        rkey = _pick(RKEY_CHARS, 10)
        host = f"{VE_HOST}:{port}"
        text = _sprintf(strings["GREETINGS_GORDON_FREEMAN"], fname, lname)
        text += _sprintf(strings["PASSWORD_RESET_REQUEST"], host, user, rkey, host, user, rkey)
        _save(
            source="vestacp", template="reset-code", lang=VE_BCP47.get(lang, lang), kind="saas-otp", code=rkey,
            repository=VE_REPO, path=f"web/reset/index.php; web/inc/i18n/{lang}.php",
            commit=VE_COMMIT, licence="GPL-3.0",
            rendered="reset/index.php: GREETINGS_GORDON_FREEMAN + PASSWORD_RESET_REQUEST "
            "through _translate (sprintf), subject MAIL_RESET_SUBJECT with date('Y-m-d "
            "H:i:s'), From MAIL_FROM; send_email text/plain",
            sender=_sprintf(strings["MAIL_FROM"], VE_HOST),
            subject=_sprintf(strings["MAIL_RESET_SUBJECT"], sent_php), text=text,
            html_part=None,
            note="the reset code (the user's RKEY, generate_password: 10 letters and digits) "
            "the mail asks to enter on the reset page; the same value is also inside the "
            "confirm link above it",
        )  # fmt: skip

    # account created (add/user), in the language chosen for the new user
    for lang in ["en", "de", "fr", "es", "nl", "pl", "ja", "pt-BR", "it", "cz"]:
        strings = _ve_lang(lang)
        fname, lname, user = VE_PEOPLE[lang]
        pw = _pick(PW_CHARS, 10)
        text = _sprintf(strings["GREETINGS_GORDON_FREEMAN"], fname, lname)
        text += _sprintf(strings["ACCOUNT_READY"], f"{VE_HOST}:{port}", user, pw)
        _save(
            source="vestacp", template="account-ready", lang=VE_BCP47.get(lang, lang), kind="saas-otp", code=pw,
            repository=VE_REPO, path=f"web/add/user/index.php; web/inc/i18n/{lang}.php",
            commit=VE_COMMIT, licence="GPL-3.0",
            rendered="add/user/index.php: _translate(v_language, GREETINGS_GORDON_FREEMAN / "
            "ACCOUNT_READY), subject 'Welcome to Vesta Control Panel' translated; text/plain",
            sender=_sprintf(strings["MAIL_FROM"], VE_HOST),
            subject=strings["Welcome to Vesta Control Panel"], text=text, html_part=None,
            note="the panel password under the username (the add-user form's randomString: "
            "10 characters)",
        )  # fmt: skip

    # database and FTP credentials (the admin's session language)
    for lang in ["en", "de", "fr", "es", "it", "nl"]:
        strings = _ve_lang(lang)
        _, _, user = VE_PEOPLE[lang]
        pw = _pick(PW_CHARS, 10)
        text = _sprintf(strings["DATABASE_READY"], f"{user}_shop", f"{user}_shopadm", pw,
                        f"http://{VE_HOST}/phpmyadmin/")  # fmt: skip
        _save(
            source="vestacp", template="database-credentials", lang=lang, kind="saas-otp",
            code=pw, repository=VE_REPO,
            path=f"web/add/db/index.php; web/inc/i18n/{lang}.php", commit=VE_COMMIT,
            licence="GPL-3.0",
            rendered="add/db/index.php: __('DATABASE_READY', db, dbuser, password, "
            "phpMyAdmin link), subject __('Database Credentials'); text/plain",
            sender=_sprintf(strings["MAIL_FROM"], VE_HOST),
            subject=strings["Database Credentials"], text=text, html_part=None,
            note="the database user's password (add-db form's randomString, 10 characters)",
        )  # fmt: skip
        ftp_pw = _pick(PW_CHARS, 10)
        dom = f"{user}-atelier.example"
        text = _sprintf(strings["FTP_ACCOUNT_READY"], dom, user, "deploy", ftp_pw)
        _save(
            source="vestacp", template="ftp-credentials", lang=lang, kind="saas-otp",
            code=ftp_pw, repository=VE_REPO,
            path=f"web/add/web/index.php; web/inc/i18n/{lang}.php", commit=VE_COMMIT,
            licence="GPL-3.0",
            rendered="add/web/index.php: __('FTP_ACCOUNT_READY', domain, user, ftp user, "
            "password), subject __('FTP login credentials'), From MAIL_FROM of the domain; "
            "text/plain",
            sender=_sprintf(strings["MAIL_FROM"], dom),
            subject=strings["FTP login credentials"], text=text, html_part=None,
            note="the FTP password (the form's generated or typed password)",
        )  # fmt: skip

    # the system's notices through mail-wrapper.php (From vesta@hostname, subject as given)
    wrapper_from = f"Vesta Control Panel <vesta@{VE_HOST}>"
    day = "2026-12-03"
    log = "\n".join([
        "-- SYSTEM --", f"{day} 03:10:02 hcole.conf", f"{day} 03:10:02 stats.log",
        f"{day} 03:10:02 history.log", f"{day} 03:10:02 backup-excludes.conf",
        f"{day} 03:10:02 pam", "", "-- WEB --", f"{day} 03:10:03 hcole-atelier.example",
        f"{day} 03:10:09 shop.hcole-atelier.example", f"{day} 03:10:11 *** 2 domains ***",
        "", "-- DNS --", f"{day} 03:10:11 hcole-atelier.example",
        f"{day} 03:10:11 *** 1 domain ***", "", "-- MAIL --",
        f"{day} 03:10:11 hcole-atelier.example", f"{day} 03:10:14 *** 1 domain ***", "",
        "-- DB --", f"{day} 03:10:14 hcole_shop (mysql)", f"{day} 03:10:16 *** 1 database ***",
        "", "-- CRON --", f"{day} 03:10:16 cron.conf", "", "-- User Dir --",
        f"{day} 03:10:16 adding .bash_logout", f"{day} 03:10:16 adding .profile",
        f"{day} 03:10:16 adding tmp", "", "-- SUMMARY --",
        f"{day} 03:10:21 Local: /backup/hcole.{day}_03-10-02.tar", f"{day} 03:10:21 Size: 412 MB",
        f"{day} 03:10:21 Runtime: 1 minute", "",
    ])  # fmt: skip
    for template, subject, body, path, note in (
        ("backup-completed", "hcole → backup has been completed", log, "bin/v-backup-user",
         "the backup log (dates, times, a 412 MB size), no code; the log as v-backup-user's "
         "echo lines write it for a user with two web domains, one mail domain and one "
         "database"),
        ("backup-failed", "hcole → backup failed", "Not enough disk space\n",
         "bin/v-backup-user", None),
        ("sshd-restart-failed", "OpenSSH restart failed",
         "OpenSSH can not be restarted. Please check config:\n            \n\n"
         "/etc/ssh/sshd_config line 121: Subsystem 'sftp' already defined.\n",
         "bin/v-add-sys-sftp-jail", "echo -e of mail_text with sshd -t's output"),
    ):  # fmt: skip
        _save(
            source="vestacp", template=template, lang="en", kind="notice", code=None,
            repository=VE_REPO, path=path + "; web/inc/mail-wrapper.php", commit=VE_COMMIT,
            licence="GPL-3.0",
            rendered="$SENDMAIL (mail-wrapper.php -s SUBJECT): stdin as the body, From "
            "vesta@hostname; text/plain",
            sender=wrapper_from, subject=subject, text=body, html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Traccar

TC_REPO = "traccar/traccar"
TC_COMMIT = "9e5c458ad0bf44ceaddf72534bf6874787f41b6c"
TC_SENDER = "Nordhafen Fleet <fleet-alerts@nordhafen-logistik.example>"
TC_WEB = "https://track.nordhafen-logistik.example"
TC_LANGS = ["en", "de", "el", "es", "fr", "it", "pl", "pt_BR"]
TC_TEMPLATES = ["deviceOnline", "deviceOffline", "geofenceEnter", "ignitionOn", "maintenance",
                "passwordReset"]  # fmt: skip
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_TC_IF = re.compile(r"#\{if\}\(\$([\w.]+)\)(.*?)#\{else\}(.*?)#\{end\}", re.S)
_TC_DATE = re.compile(r"\$dateTool\.format\('([^']*)', \$event\.eventTime, \$locale, \$timezone\)")


def _java_date(fmt: str, when: datetime) -> str:
    table = {"yyyy": f"{when.year:04d}", "MM": f"{when.month:02d}", "dd": f"{when.day:02d}",
             "HH": f"{when.hour:02d}", "mm": f"{when.minute:02d}", "ss": f"{when.second:02d}"}  # fmt: skip
    return re.sub(r"yyyy|MM|dd|HH|mm|ss", lambda m: table[m.group(0)], fmt)


def _velocity(src: str, ctx: dict[str, str], when: datetime) -> tuple[str, str]:
    """The notification template as Velocity 2 runs it (space gobbling 'lines': a line
    holding only #set is dropped); returns (subject, body)."""

    def value(name: str) -> str:
        return ctx.get(name, "")

    def expand(text: str) -> str:
        text = _TC_IF.sub(lambda m: m.group(2) if value(m.group(1)) else m.group(3), text)
        text = _TC_DATE.sub(lambda m: _java_date(m.group(1), when), text)
        text = re.sub(r"\$esc\.html\(\$([\w.]+)\)", lambda m: html.escape(value(m.group(1))),
                      text)  # fmt: skip
        return re.sub(r"\$([a-zA-Z][\w]*(?:\.[a-zA-Z]\w*)?)",
                      lambda m: value(m.group(1)), text)  # fmt: skip

    subject = ""
    body_lines = []
    for line in src.split("\n"):
        m = re.match(r'^#set\(\$(\w+) = "(.*)"\)$', line)
        if m:
            if m.group(1) == "subject":
                subject = expand(m.group(2))
            continue
        body_lines.append(line)
    return subject, expand("\n".join(body_lines))


def traccar() -> None:
    when = datetime(2026, 12, 3, 7, 48, 16)
    devices = [
        ("HH-NL 417 Sprinter", "Depot Hamburg-Waltershof", "Köhlbrandbrücke 1, 21129 Hamburg"),
        ("Kühlkoffer 12", "Lager Bremen Nord", "Am Waller Freihafen 8, 28217 Bremen"),
        ("Trailer TR-2291", "Customer yard Rotterdam", ""),
    ]  # fmt: skip
    for t_index, template in enumerate(TC_TEMPLATES):
        for l_index, lang in enumerate(TC_LANGS):
            device, geofence, address = devices[(t_index + l_index) % len(devices)]
            token = "".join(RNG.choice(B64URL) for _ in range(142))
            ctx = {
                "device.name": device, "geofence.name": geofence,
                "maintenance.name": "Ölwechsel / oil service 60 000 km",
                "position.address": address, "position.latitude": "53.5412",
                "position.longitude": "9.9325", "event.id": str(8_731_204 + t_index * 10 + l_index),
                "webUrl": TC_WEB, "token": token,
            }  # fmt: skip
            path = f"templates/notifications/{lang}/{template}.vm"
            subject, body = _velocity(_show(TC_REPO, TC_COMMIT, path), ctx, when)
            kebab = re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), template)
            _save(
                source="traccar", template=kebab, lang=lang, kind="notice", code=None,
                repository=TC_REPO, path=path, commit=TC_COMMIT, licence="Apache-2.0",
                rendered="NotificationFormatter: the Velocity template (#set lines gobbled, "
                "$subject taken), $esc.html, $dateTool.format in the template's pattern, "
                "#{if} on the position address; SmtpMailManager sends it as text/html",
                sender=TC_SENDER, subject=subject, text=None, html_part=body,
                note=("a reset link only (the signed token inside it)"
                      if template == "passwordReset" else None),
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ampache

AM_REPO = "ampache/ampache"
AM_COMMIT = "58503596dd60238958baf19e62a07baaa703a932"
AM_SENDER = "Ampache <info@music.hartmann-home.example>"
AM_WEB = "https://music.hartmann-home.example"
AM_TITLE = "Ampache :: Pour l'Amour de la Musique"  # the default site_title (docs)
AM_PEOPLE = {
    "en": ("rcole", "Rosa Cole"), "de_DE": ("jhartmann", "Jana Hartmann"),
    "es_ES": ("trivera", "Tomás Rivera"), "fr_FR": ("cdubois", "Claire Dubois"),
    "hu_HU": ("bnagy", "Bence Nagy"), "id_ID": ("dlestari", "Dewi Lestari"),
    "it_IT": ("smarchetti", "Sofia Marchetti"), "ja_JP": ("kwatanabe", "渡辺 健二"),
    "ko_KR": ("jpark", "박지우"), "pl_PL": ("onowak", "Olga Nowak"),
    "pt_BR": ("lferreira", "Lucas Ferreira"), "sv_SE": ("ilindqvist", "Ingrid Lindqvist"),
    "nl_NL": ("pdevries", "Pieter de Vries"), "zh_CN": ("meilin", "林美"),
    "zh_TW": ("ytchen", "陳雨婷"),
}  # fmt: skip


class _NoTranslation:
    def gettext(self, text: str) -> str:
        return text


def _am_t(lang: str):
    if lang == "en":
        return _NoTranslation()
    path = f"locale/{lang}/LC_MESSAGES/messages.mo"
    return gettext.GNUTranslations(io.BytesIO(_show_bytes(AM_REPO, AM_COMMIT, path)))


def _am_password() -> str:
    """PasswordGenerator::generate(): mt_rand(14, 20) as length, ceil(length * 0.67) random
    bytes, base64 without '=', '+' and '/' made '^' and '*'."""
    length = RNG.randint(14, 20)
    raw = bytes(RNG.randrange(256) for _ in range(-(-length * 67 // 100)))
    return base64.b64encode(raw).decode().replace("=", "").translate(str.maketrans("+/", "^*"))


def _am_save(template, lang, code, path, subject, text, note=None, kind=None):
    _save(
        source="ampache", template=template, lang=lang.split("_")[0] if lang != "pt_BR"
        and lang not in ("zh_CN", "zh_TW") else lang, kind=kind or ("saas-otp" if code else "notice"),
        code=code, repository=AM_REPO,
        path=path + ("" if lang == "en" else f"; locale/{lang}/LC_MESSAGES/messages.mo"),
        commit=AM_COMMIT, licence="AGPL-3.0",
        rendered="the message built as the PHP builds it, T_() through the locale's compiled "
        "messages.mo (Python gettext), PHP sprintf; Mailer: PHPMailer text/plain, From "
        "mail_name <mail_user@mail_domain>",
        sender=AM_SENDER, subject=subject, text=text, html_part=None, note=note,
    )  # fmt: skip


def ampache() -> None:
    for i, (lang, (username, _fullname)) in enumerate(AM_PEOPLE.items()):
        t = _am_t(lang)
        pw = _am_password()
        ip = f"198.51.100.{23 + i * 7}"
        message = _sprintf(t.gettext('A user from "%1$s" has requested a password reset for '
                                     '"%2$s"'), ip, username)  # fmt: skip
        message += "\n" + _sprintf(t.gettext("The password has been set to: %s"), pw)
        _am_save("lost-password", lang, pw, "src/Module/User/NewPasswordSender.php",
                 t.gettext("Lost Password"), message,
                 note="the new password PasswordGenerator::generate() made (base64 with + and / "
                 "as ^ and *), given to log in with; the IP address before it is not a code")  # fmt: skip

    for lang in ["en", "de_DE", "es_ES", "fr_FR", "it_IT", "pl_PL", "pt_BR", "sv_SE", "ja_JP"]:
        t = _am_t(lang)
        username, _fullname = AM_PEOPLE[lang]
        validation = hashlib.md5(f"{username}-validation".encode()).hexdigest()
        message = t.gettext("Thank you for registering") + "\n"
        message += t.gettext("Please keep this e-mail for your records. Your account information "
                             "is as follows:") + "\n"  # fmt: skip
        message += "----------------------\n"
        message += t.gettext("Username") + ": " + username + "\n"
        message += "----------------------\n"
        message += t.gettext("To begin using your account, you must verify your e-mail address "
                             "by vising the following link:") + "\n\n"  # fmt: skip
        message += f"{AM_WEB}/register.php?action=validate&username={username}&auth={validation}"
        _am_save("registration", lang, None, "src/Module/User/Registration.php",
                 _sprintf(t.gettext("New User Registration at %s"), AM_TITLE), message,
                 note="a validation link only (the auth token inside it); the username is not a "
                 "code")  # fmt: skip

    for lang in ["en", "de_DE", "fr_FR"]:
        t = _am_t(lang)
        username, fullname = AM_PEOPLE[lang]
        message = t.gettext("A new user has registered, the following values were entered:")
        message += "\n\n" + t.gettext("Username") + f": {username}\n"
        message += t.gettext("Fullname") + f": {fullname}\n"
        message += t.gettext("E-mail") + f": {username}@mailbox.example\n"
        _am_save("registration-admin", lang, None, "src/Module/User/Registration.php",
                 _sprintf(t.gettext("New User Registration at %s"), AM_TITLE), message)  # fmt: skip

    for lang in ["en", "de_DE", "es_ES", "hu_HU", "ko_KR"]:
        t = _am_t(lang)
        username, _fullname = AM_PEOPLE[lang]
        message = _sprintf(t.gettext("A new user has been enabled. %s"), username)
        message += "\n\n" + _sprintf(t.gettext("You can log in at the following address %s"),
                                     AM_WEB)  # fmt: skip
        _am_save("account-enabled", lang, None, "src/Module/User/UserStateToggler.php",
                 _sprintf(t.gettext("Account enabled at %s"), AM_TITLE), message)  # fmt: skip

    for n, lang in enumerate(["en", "de_DE", "fr_FR", "it_IT"]):
        t = _am_t(lang)
        message = _sprintf(t.gettext("You just received a new shout from %1$s on your content "
                                     "%2$s"), "Lucas Ferreira", "Kind of Blue - Miles Davis")  # fmt: skip
        message += "\n\n----------------------\n\n"
        message += ["Track 3 at 2:41 still gives me chills.", "Klingt live noch besser!",
                    "Superbe remasterisation de 2026.", "Che bel disco, grazie per la condivisione."][n]  # fmt: skip
        message += "\n\n----------------------\n\n"
        message += (
            f"{AM_WEB}/shout.php?action=show_add_shout&type=album&id={1842 + n}#shout{507 + n}"
        )
        _am_save("new-shout", lang, None, "src/Module/Shout/ShoutCreator.php",
                 t.gettext("New shout on your content"), message,
                 note="a comment notice; album and shout ids are only in the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# mailcow

MC_REPO = "mailcow/mailcow-dockerized"
MC_COMMIT = "06424670fa5d60fee851f58bfc49f66086d5f0a6"


def mailcow() -> None:
    """reset_password('issue'): the default templates with str_replace of each {{var}}."""
    hexu = "0123456789ABCDEF"
    user, recovery = "amira@bluefern.example", "amira.haddad@fastpost.example"
    date_text = "Thursday, December 3, 2026 at 10:41:07 AM Coordinated Universal Time"
    token = "-".join("".join(RNG.choice(hexu) for _ in range(6)) for _ in range(5))
    link = "https://mail.bluefern.example/reset-password?token=" + token
    values = {"hostname": "mail.bluefern.example", "link": link, "username": user,
              "username2": recovery, "date": date_text, "token_lifetime": "15"}  # fmt: skip
    parts = []
    for tpl in ("pw_reset_text.tpl", "pw_reset_html.tpl"):
        body = _show(MC_REPO, MC_COMMIT, "data/assets/templates/" + tpl)
        for key in ("hostname", "link", "username", "username2", "date", "token_lifetime"):
            body = body.replace("{{" + key + "}}", values[key])
        parts.append(body)
    _save(
        source="mailcow", template="password-reset", lang="en",
        kind="notice", code=None, repository=MC_REPO,
        path="data/assets/templates/pw_reset_text.tpl; data/assets/templates/"
        "pw_reset_html.tpl; data/web/inc/functions.inc.php",
        commit=MC_COMMIT, licence="GPL-3.0",
        rendered="functions.inc.php reset_password('issue'): str_replace of {{hostname}}, "
        "{{link}}, {{username}}, {{username2}}, {{date}} (IntlDateFormatter FULL, en_US), "
        "{{token_lifetime}} (PW_RESET_TOKEN_LIFETIME 15); text and HTML parts; From and "
        "subject are the admin's settings (no default)",
        sender="mailcow <noreply@mail.bluefern.example>",
        subject=f"Password reset for {user}",
        text=parts[0], html_part=parts[1],
        note="the reset token (five groups of six hex capitals) is only inside the link, "
        "so no code to type",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Webmin

WM_REPO = "webmin/webmin"
WM_COMMIT = "d16d9ea205a2b4ca4f5bdcd895de0236e15c0fa9"


def _webmin_lang(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for raw in _show_bytes(WM_REPO, WM_COMMIT, f"lang/{lang}").split(b"\n"):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        m = re.match(r"^([^=]*)=(.*)$", line.rstrip("\r"))
        if m:
            out.setdefault(m.group(1), m.group(2))
    return out


def _perl_text(template: str, *args: str) -> str:
    return re.sub(r"\$(\d+)", lambda m: args[int(m.group(1)) - 1], template)


def _wrap_lines(text: str, width: int) -> list[str]:
    """mailboxes/boxes-lib.pl wrap_lines: each line cut into pieces of up to ``width``
    characters plus the rest of a word, the spaces at a cut dropped; Perl's split drops
    trailing empty fields."""
    lines = text.split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    out = []
    pattern = re.compile(r"^(.{1," + str(width) + r"}\S*)\s*(.*)$", re.S)
    for rest in lines:
        if re.search(r"\S", rest):
            while m := pattern.match(rest):
                out.append(m.group(1))
                rest = m.group(2)
        else:
            out.append(rest)
    return out


def webmin() -> None:
    base = "https://nas01.fjordnet.example:10000"
    for lang, user, remote in (
        ("en", "admin", "203.0.113.77"),
        ("de", "jpetersen", "198.51.100.14"),
    ):
        strings = _webmin_lang(lang)
        link_id = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        url = f"{base}/forgot.cgi?id={link_id}"
        msg = _perl_text(strings["forgot_msg"], user, url, remote, base)
        msg = msg.replace("\\n", "\n")
        msg = "\n".join(_wrap_lines(msg, 75)) + "\n"
        _save(
            source="webmin", template="forgot-password", lang=lang, kind="notice", code=None,
            repository=WM_REPO, path=f"forgot_send.cgi; lang/{lang}", commit=WM_COMMIT,
            licence="BSD-3-Clause",
            rendered="forgot_send.cgi: &text(forgot_msg, user, url, REMOTE_HOST, base URL), "
            "literal \\n made newlines, mailboxes::wrap_lines(75); subject forgot_subject; "
            "send_text_mail text/plain, From get_from_address",
            sender="webmin@nas01.fjordnet.example",
            subject=_perl_text(strings["forgot_subject"], user), text=msg, html_part=None,
            note="a reset link only (a 32-hex id inside it); the IP address is not a code",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Jpsonic

JP_REPO = "tesshucom/jpsonic"
JP_OLD = "cc02750f3466a1ee0e79d152308c14a61cf93623"  # the parent of 7fa21fd3 (Nov 2022)
JP_NEW = "73c136318325709b6e638418d28135888142a147"
JP_SERVICE = "jpsonic-main/src/main/java/com/tesshu/jpsonic/service/RecoverService.java"
JP_SYMBOLS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"


def jpsonic() -> None:
    """RecoverService: the mail text is a Java string in the source — checked to be there at
    each commit, then built as Java builds it."""
    old_src = _show(JP_REPO, JP_OLD, JP_SERVICE)
    new_src = _show(JP_REPO, JP_NEW, JP_SERVICE)
    if (
        '"Username: " + username + "\\n" + "Password: " + password + "\\n\\n" + "--\\n"'
        not in old_src
    ):
        raise ValueError("old RecoverService text changed")
    if "Password: ******" not in new_src:
        raise ValueError("new RecoverService text changed")
    password = "".join(RNG.choice(JP_SYMBOLS) for _ in range(32))  # PASSWORD_LENGTH
    old_text = ("Hi there!\n\n"
                "You have requested to reset your Jpsonic password.  Please find your new login "
                "details below.\n\n"
                "Username: kwatanabe\n" + "Password: " + password + "\n\n" + "--\n"
                + "Your Jpsonic server\n" + "tesshu.com/")  # fmt: skip
    new_text = ("Hi there!\n\n"
                "You have requested to reset your Jpsonic password. Please find your new login "
                "details below.\n\n"
                "Username: kwatanabe\nPassword: ******\n\n")  # fmt: skip
    sender = "jpsonic@media.watanabe-home.example"
    for template, commit, text, code, note in (
        ("recover-password", JP_OLD, old_text, password,
         "the new password RecoverController made (PASSWORD_LENGTH 32 letters and digits), "
         "given with the username; the version before 7fa21fd3 'Fix not to include password in "
         "password reset notification'"),
        ("recover-masked", JP_NEW, new_text, None,
         "the current version masks the password (******): the mail speaks of new login "
         "details but gives none to type"),
    ):  # fmt: skip
        _save(
            source="jpsonic", template=template, lang="en", kind="saas-otp" if code else "notice",
            code=code, repository=JP_REPO,
            path=JP_SERVICE + "; jpsonic-main/src/main/java/com/tesshu/jpsonic/controller/"
            "RecoverController.java", commit=commit, licence="GPL-3.0",
            rendered="RecoverService: the Java message text (string concatenation, or a text "
            "block with its indentation stripped, .formatted(username)); subject 'Jpsonic "
            "Password'; MimeMessage.setText: text/plain, From the smtp.from setting",
            sender=sender, subject="Jpsonic Password", text=text, html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Tiny Tiny RSS

TT_REPO = "tt-rss/tt-rss"
TT_COMMIT = "b72ea11798a3f37a6a837b51f9453729faf43b4f"
TT_SENDER = "Tiny Tiny RSS <noreply@localhost>"
TT_HOST = "https://news.lindqvist.example/tt-rss"


def _minitemplator(src: str, values: dict[str, str]) -> str:
    lines = [ln for ln in src.split("\n") if not re.match(r"\s*<!-- \$(Begin|End)Block", ln)]
    out = "\n".join(lines)
    return re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], out)


def ttrss() -> None:
    login = "ingrid"
    mails = [
        ("password-reset", "resetpass_link_template.txt", "[tt-rss] Password reset request",
         {"RESETPASS_LINK": TT_HOST + "/public.php?op=forgotpass&hash="
          "3f9a61c2e07b4d58a9e1f6c3b27d0e8a4c5b9f12&login=ingrid"},
         "a reset link only (sha1 token inside the link)"),
        ("mail-change", "mail_change_template.txt", "[tt-rss] Email address change notification",
         {"NEWMAIL": "ingrid.solberg@fjordpost.example"}, None),
        ("otp-disabled", "otp_disabled_template.txt", "[tt-rss] OTP change notification", {},
         None),
    ]  # fmt: skip
    # the daily digest (Digest::prepare_headlines_digest, text part only: Mailer::mail
    # leaves message_html unused); times as TimeHelper::smart_date_time writes them (GMT)
    articles = [
        ("LWN.net", "Kernel prepatch 6.19-rc8", "https://lwn.net/Articles/1049911/", "5:41"),
        ("LWN.net", "Security updates for Thursday", "https://lwn.net/Articles/1049936/",
         "Dec 02, 21:40"),
        ("Selfhosted Weekly", "Issue #212: backups you actually test",
         "https://selfhosted.example/issues/212", "4:15"),
    ]  # fmt: skip
    src = _show(TT_REPO, TT_COMMIT, "templates/digest_template.txt")
    lines = src.split("\n")
    head = "\n".join(lines[1:3]) + "\n"
    feed_head = lines[4] + "\n\n"
    article = "\n".join(lines[7:9]) + "\n"
    tail = "\n".join(lines[11:14]) + "\n"
    if not (
        lines[0].endswith("digest -->")
        and lines[6].endswith("article -->")
        and lines[14].endswith("digest -->")
    ):
        raise ValueError("digest template changed")
    values = {"CUR_DATE": "2026/12/03", "CUR_TIME": "6:02", "TTRSS_HOST": TT_HOST}
    body = head
    for n, (feed, title, link, updated) in enumerate(articles):
        if n == 0 or articles[n - 1][0] != feed:
            body += feed_head.replace("${FEED_TITLE}", feed)
        body += (article.replace("${ARTICLE_TITLE}", title)
                 .replace("${ARTICLE_UPDATED}", updated).replace("${ARTICLE_LINK}", link))  # fmt: skip
    body += tail
    body = re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], body)
    _save(
        source="ttrss", template="digest", lang="en", kind="notice", code=None,
        repository=TT_REPO, path="templates/digest_template.txt; classes/Digest.php",
        commit=TT_COMMIT, licence="GPL-3.0",
        rendered="Digest::prepare_headlines_digest: MiniTemplator blocks digest/feed/article "
        "repeated per headline, block lines dropped; subject DIGEST_SUBJECT default; "
        "text/plain",
        sender=TT_SENDER, subject="[tt-rss] New headlines for last 24 hours", text=body,
        html_part=None, note="headlines with times and an issue number, no code",
    )  # fmt: skip

    for template, name, subject, values, note in mails:
        body = _minitemplator(
            _show(TT_REPO, TT_COMMIT, "templates/" + name),
            {"LOGIN": login, "TTRSS_HOST": TT_HOST, **values},
        )
        _save(
            source="ttrss", template=template, lang="en", kind="notice", code=None,
            repository=TT_REPO, path="templates/" + name, commit=TT_COMMIT, licence="GPL-3.0",
            rendered="Templator (MiniTemplator): ${VAR} filled, block lines dropped; "
            "Mailer::mail text/plain",
            sender=TT_SENDER, subject=subject, text=body, html_part=None, note=note,
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    vesta()
    traccar()
    ampache()
    mailcow()
    webmin()
    jpsonic()
    ttrss()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON}")


if __name__ == "__main__":
    main()
