"""Round 27 (community): a wiki, a private-tracker forum, an online election tool.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_community.py \\
        --mirrors /work/.mirror

Needs nothing outside the standard library and the snapshots (``fetch`` of each repository,
read with ``git show``). No PHP is run (there is no php here): each sender's steps are redone
in Python, as said per repository.

- moinwiki/moin-1.9 (MoinMoin 1.9, GPL-2.0-or-later), commit ``MOIN_COMMIT``.
  ``MoinMoin/mail/sendmail.py`` (``sendmail``) sends one text/plain part, UTF-8,
  quoted-printable body and Q-encoded subject (``email.charset.Charset`` with QP), CRLF
  lines, From and To both the wiki's ``mail_from``, ``Auto-Submitted: auto-generated``.
  Mails: the password recovery mail of ``User.mailAccountData`` (``MoinMoin/user.py``; the
  ``recoverpass`` action): subject ``[%(sitename)s] Your wiki account data``, text
  ``'\\n' + _(text_msg) + '\\n' + _(text_data) % (name, token, url, quoted name, token)``; the
  token is ``generate_recovery_token()``: ``str(int(time.time())) + '-' +`` the HMAC-SHA1
  hex of that time under a 64-character random key (here a fixed key), which the mail asks
  to enter with the username on the recovery page (code, hyphen kept: two groups of ten
  and forty characters). The page-renamed notification (``MoinMoin/events/emailnotify.py``
  ``prep_page_changed_mail`` with ``notification.page_change_message``, the defaults
  ``notify_page_renamed_subject``/``_intro`` and ``notify_page_text`` of
  ``MoinMoin/config/multiconfig.py``, a rename comment) and the new-account notice to the
  superuser (``notification.user_created_message``, ``notify_user_created_*``): no code.
  ``getText`` (``MoinMoin/i18n/__init__.py``) returns the raw msgstr of
  ``MoinMoin/i18n/<lang>.MoinMoin.po`` (fuzzy entries left out, as msgfmt does). A language
  is used for a mail only where its catalogue translates every string of that mail.
- xiaomlove/nexusphp (NexusPHP, GPL-2.0-only), commit ``NEXUS_COMMIT``.
  ``sent_mail()`` (``include/functions.php``) with ``$smtptype == 'external'`` calls
  ``ToolRepository::sendMail`` (``app/Repositories/ToolRepository.php``): a Symfony
  ``Email`` with ``->html($body)`` only, so one text/html part, UTF-8; From the site mail with
  the site name. Bodies are the heredocs of ``public/recover.php`` (reset link; then the
  account details with the new password: 10 characters of ``[a-zA-Z0-9]`` drawn with
  ``mt_rand`` - code), ``public/takesignup.php`` (registration confirmation link) and
  ``public/usercp.php`` (e-mail change confirmation, through ``nl2br``), the strings of
  ``lang/<en|chs|cht>/lang_<page>.php`` (PHP arrays; ``$SITENAME``/``$REPORTMAIL``
  concatenated as there). Subjects ``$SITENAME . mail_title``. Link hashes are md5 hex.
- Orelab/election-libre (GPL-3.0-only: LICENSE.txt is the GPL version 3 text, no file says "or later"),
  commit ``ELECTION_COMMIT``. CodeIgniter 3 ``CI_Email`` (``system/libraries/Email.php``,
  ``application/config/email.php``: ``mailtype = html``) through ``sendmail()`` of
  ``application/helpers/misc_helper.php``: multipart/alternative, the text part being
  ``_get_alt_message()`` (``strip_tags``, tabs removed, runs of blank lines and of spaces
  reduced, ``word_wrap`` at 76 with PHP's ``wordwrap`` and the ``{unwrap}`` markers), the
  HTML part the view with ``{unwrap}`` removed. Views ``application/views/email/
  creation.php`` (to the election's administrator: login and the password
  ``random_key()``, 20 characters of ``ABCDEFGHJKMNPQRSTUVWXYZ123456789`` - code),
  ``invitation.php`` (to each elector; the public id only inside the link) and
  ``confirmation.php`` (after a vote: the elector's public id and the ballot's md5
  fingerprint, shown for checking the vote list, nothing asked to be typed - no code).
  Strings of ``application/language/<english|french>/el_mail_lang.php`` (german and
  spanish files are empty); dates through PHP ``date()`` with the catalogue's formats
  (``'y/m/d at H:i'``: ``a`` and ``t`` are format letters, so am/pm and the days of the
  month appear, as PHP prints them). Subjects are the controllers' English literals
  (``application/controllers/Manage.php``, ``Vote.php``). ``resend-invitation.php`` is left
  out: its ``require-once(...)`` does not include the invitation.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import subprocess
from datetime import UTC, datetime
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import quote_plus

from collect import HERE, message

ROUND = HERE / "round27" / "community.json"

MOIN = "moinwiki/moin-1.9"
MOIN_COMMIT = "8fa67f1a18276be25f50b5cdb886893ecb55a679"
NEXUS = "xiaomlove/nexusphp"
NEXUS_COMMIT = "a514ed57f8579f9854f1a7470a861d03fd2735ac"
ELECTION = "Orelab/election-libre"
ELECTION_COMMIT = "3b872be5284d37b6553713ae3e9afcfdcae4effc"

ITEMS: list[dict] = []


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def _ls(repo: Path, commit: str, path: str) -> list[str]:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", commit, path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw: bytes, note: str | None = None) -> None:  # fmt: skip
    group = f"{source}-{template}"
    ident = f"{group}-{lang}"
    out = HERE / "mail" / source / f"{ident}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": f"mail/{source}/{ident}.eml",
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# MoinMoin 1.9


def _po_unquote(s: str) -> str:
    s = s.strip()[1:-1]
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}.get(nxt, "\\" + nxt))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _load_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file, fuzzy and untranslated entries left out (as msgfmt)."""
    table: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        lines = block.strip().splitlines()
        if any(line.startswith("#,") and "fuzzy" in line for line in lines):
            continue
        field = None
        parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
        for line in lines:
            if line.startswith("#"):
                continue
            m = re.match(r"(msgid|msgstr)\s+(\".*\")\s*$", line)
            if m:
                field = m.group(1)
                parts[field].append(_po_unquote(m.group(2)))
            elif line.startswith('"') and field:
                parts[field].append(_po_unquote(line))
            else:
                field = None
        msgid, msgstr = "".join(parts["msgid"]), "".join(parts["msgstr"])
        if msgid and msgstr:
            table[msgid] = msgstr
    return table


MOIN_RECOVER_SUBJECT = "[%(sitename)s] Your wiki account data"
MOIN_RECOVER_MSG = """\
Somebody has requested to email you a password recovery token.

If you lost your password, please go to the password reset URL below or
go to the password recovery page again and enter your username and the
recovery token.
"""
MOIN_RECOVER_DATA = """\
Login Name: %s

Password recovery token: %s

Password reset URL: %s?action=recoverpass&name=%s&token=%s
"""
MOIN_RENAMED_SUBJECT = '[%(sitename)s] %(trivial)sUpdate of "%(pagename)s" by %(username)s'
MOIN_RENAMED_INTRO = (
    "Dear wiki user,\n\n"
    'You have subscribed to a wiki page "%(sitename)s" for change notification.\n\n'
    'The page "%(pagename)s" has been renamed from "%(oldname)s" by %(editor)s:\n'
)
MOIN_PAGE_TEXT = "%(intro)s%(difflink)s\n\n%(comment)s%(diff)s"
MOIN_CREATED_SUBJECT = "[%(sitename)s] New user account created"
MOIN_CREATED_INTRO = (
    'Dear Superuser, a new user has just been created on "%(sitename)s". Details follow:\n\n'
    "    User name: %(username)s\n"
    "    Email address: %(useremail)s"
)
# A choice among the catalogues that translate every string of the mail (25 do for the
# recovery mail, 30 for the rename notice, 24 for the new-account notice).
MOIN_LANGS = {
    "recover": ["en", "de", "fr", "es", "it", "nl", "pl", "pt-br", "ru", "ja", "zh", "he", "fa",
                "el", "cs", "sv"],
    "page-renamed": ["en", "de", "fr", "ru", "ja", "zh-tw", "fi", "it"],
    "user-created": ["en", "de", "es", "ar", "hi", "da"],
}  # fmt: skip
MOIN_FROM = "Contoso Wiki <noreply@wiki.example>"
MOIN_SITE = "Contoso Wiki"


def _moin_mail(subject: str, text: str, sent: datetime) -> bytes:
    """As MoinMoin/mail/sendmail.py: one text/plain part, QP body and subject, CRLF."""
    charset = Charset("utf-8")
    charset.header_encoding = QP
    charset.body_encoding = QP
    msg = Message()
    msg["MIME-Version"] = "1.0"
    msg["Content-Type"] = 'text/plain; charset="utf-8"'
    msg["Content-Transfer-Encoding"] = "quoted-printable"
    msg.set_payload(charset.body_encode(text.replace("\n", "\r\n")))
    msg["From"] = MOIN_FROM
    msg["To"] = MOIN_FROM
    msg["Date"] = format_datetime(sent)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["Subject"] = Header(subject, charset)
    msg["Auto-Submitted"] = "auto-generated"
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def moin(repo: Path) -> None:
    names = [n for n in _ls(repo, MOIN_COMMIT, "MoinMoin/i18n/") if n.endswith(".MoinMoin.po")]
    catalogues = {"en": {}}
    for name in names:
        lang = name.rsplit("/", 1)[1].split(".")[0]
        if lang != "en":
            catalogues[lang] = _load_po(_show(repo, MOIN_COMMIT, name))
    key = b"q3v8k1m0z7x2c5n9b4a6s1d8f3g7h2j5k9l0p4o8i6u1y3t7r5e2w9q0a4s8d6f2"
    stamp = "1796544917"  # str(int(time.time())) at the request (2026-12-06 09:35:17 UTC)
    token = stamp + "-" + hmac.new(key, stamp.encode(), hashlib.sha1).hexdigest()
    username = "NoorTester"
    url = "https://wiki.example/FrontPage"
    mails = {
        "recover": (
            [MOIN_RECOVER_SUBJECT, MOIN_RECOVER_MSG, MOIN_RECOVER_DATA],
            "saas-otp",
            token,
            "MoinMoin/user.py",
            datetime(2026, 12, 6, 9, 35, 17, tzinfo=UTC),
        ),
        "page-renamed": (
            [MOIN_RENAMED_SUBJECT, MOIN_RENAMED_INTRO, "Comment:"],
            "notice",
            None,
            "MoinMoin/events/emailnotify.py,MoinMoin/events/notification.py",
            datetime(2026, 12, 6, 11, 2, 44, tzinfo=UTC),
        ),
        "user-created": (
            [MOIN_CREATED_SUBJECT, MOIN_CREATED_INTRO],
            "notice",
            None,
            "MoinMoin/events/notification.py",
            datetime(2026, 12, 6, 8, 51, 3, tzinfo=UTC),
        ),
    }
    for template, (strings, kind, code, code_path, sent) in mails.items():
        for lang in MOIN_LANGS[template]:
            table = catalogues[lang]
            if lang != "en" and not all(s in table for s in strings):
                raise ValueError(f"{lang} does not translate every string of {template}")

            def _(text: str, table=table) -> str:
                return table.get(text, text)

            if template == "recover":
                subject = _(MOIN_RECOVER_SUBJECT) % {"sitename": MOIN_SITE}
                text_msg = _(MOIN_RECOVER_MSG)
                text_data = _(MOIN_RECOVER_DATA)
                text = "" + "\n" + _(text_msg) + "\n" + _(text_data) % (
                    username, token, url, quote_plus(username), token)  # fmt: skip
            elif template == "page-renamed":
                v = {
                    "sitename": MOIN_SITE,
                    "pagename": "MeetingNotes/2026-12",
                    "oldname": "MeetingNotes/December",
                    "editor": "NoorTester",
                    "username": "NoorTester",
                    "trivial": "",
                }
                subject = _(MOIN_RENAMED_SUBJECT) % v
                intro = _(MOIN_RENAMED_INTRO) % v
                comment = _("Comment:") + "\n" + "Renamed to the date scheme" + "\n\n"
                text = _(MOIN_PAGE_TEXT) % {
                    "intro": intro,
                    "difflink": "https://wiki.example/MeetingNotes/2026-12",
                    "comment": comment,
                    "diff": "",
                }
            else:
                v = {
                    "sitename": MOIN_SITE,
                    "username": "LenaVoss",
                    "useremail": "lena.voss@example.org",
                }
                subject = _(MOIN_CREATED_SUBJECT) % v
                text = _(MOIN_CREATED_INTRO) % v
            paths = [code_path, "MoinMoin/mail/sendmail.py"]
            if template != "recover":
                paths.insert(1, "MoinMoin/config/multiconfig.py")
            if lang != "en":
                paths.append(f"MoinMoin/i18n/{lang}.MoinMoin.po")
            _save(
                source="moin",
                template=template,
                lang=lang,
                kind=kind,
                code=code,
                repository=MOIN,
                path=",".join(paths),
                commit=MOIN_COMMIT,
                licence="GPL-2.0-or-later",
                rendered="MoinMoin 1.9 getText (raw msgstr) and %-formatting redone in Python; "
                "text/plain, UTF-8, quoted-printable as MoinMoin/mail/sendmail.py",
                raw=_moin_mail(subject, text, sent),
                note=(
                    "the mail gives the recovery token and asks to enter it with the username "
                    "on the recovery page (also inside the reset link); label the whole token, "
                    "hyphen kept (groups of 10 and 40 characters)"
                    if code
                    else None
                ),
            )


# ---------------------------------------------------------------------------------------
# PHP helpers (NexusPHP, election-libre)


def _php_string(src: str, i: int, variables: dict[str, str]) -> tuple[str, int]:
    quote = src[i]
    i += 1
    out = []
    while src[i] != quote:
        c = src[i]
        if c == "\\":
            nxt = src[i + 1]
            if quote == '"':
                table = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "$": "$"}
                out.append(table.get(nxt, "\\" + nxt))
            else:
                out.append(nxt if nxt in "'\\" else "\\" + nxt)
            i += 2
            continue
        if c == "$" and quote == '"':
            m = re.match(r"\$([A-Za-z_]\w*)", src[i:])
            if m:
                out.append(variables[m.group(1)])
                i += m.end()
                continue
        out.append(c)
        i += 1
    return "".join(out), i + 1


def _php_expr(src: str, i: int, variables: dict[str, str]) -> tuple[str, int]:
    """A concatenation of string literals and $variables, up to ',' ';' or ')'."""
    out = []
    while True:
        while src[i] in " \t\r\n.":
            i += 1
        if src[i] in "\"'":
            value, i = _php_string(src, i, variables)
            out.append(value)
        elif src[i] == "$":
            m = re.match(r"\$([A-Za-z_]\w*)", src[i:])
            out.append(variables[m.group(1)])
            i += m.end()
        else:
            return "".join(out), i


def _php_lang(src: str, variables: dict[str, str]) -> dict[str, str]:
    table = {}
    for m in re.finditer(r"""(?:\$lang\[|^\s*)(["'])(\w*)\1\]?\s*(?:=>|=)\s*""", src, re.M):
        value, _end = _php_expr(src, m.end(), variables)
        table[m.group(2)] = value
    return table


# ---------------------------------------------------------------------------------------
# NexusPHP

NEXUS_VARS = {"SITENAME": "Contoso PT", "REPORTMAIL": "report@pt.example"}
NEXUS_FROM = "Contoso PT <noreply@pt.example>"
NEXUS_BASE = "https://pt.example"
NEXUS_LANGS = {"en": "en", "chs": "zh-Hans", "cht": "zh-Hant"}


def _nl2br(text: str) -> str:
    return re.sub(r"(\r\n|\n\r|\n|\r)", r"<br />\1", text)


def nexus(repo: Path) -> None:
    ip = "203.0.113.47"
    email = "noor.tester@example.com"
    uid = "10482"
    username = "noortester"
    recover_hash = "9c1e5b7f2a4d6e8f0b3a5c7d9e1f2a4b"
    psecret = "4f8a2c6e0b9d1f3a5c7e9b2d4f6a8c0e"
    change_hash = "e2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1"
    password = "q7XkR2mTb9"  # 10 of [a-zA-Z0-9] as recover.php draws with mt_rand
    mails = [
        ("recover-link", "recover", "saas-otp", None, datetime(2026, 12, 7, 20, 14, 5, tzinfo=UTC)),
        ("new-password", "recover", "saas-otp", password,
         datetime(2026, 12, 7, 20, 16, 31, tzinfo=UTC)),
        ("signup", "takesignup", "saas-otp", None, datetime(2026, 12, 7, 19, 2, 48, tzinfo=UTC)),
        ("email-change", "usercp", "notice", None, datetime(2026, 12, 7, 21, 40, 12, tzinfo=UTC)),
    ]  # fmt: skip
    for template, page, kind, code, sent in mails:
        for folder, lang in NEXUS_LANGS.items():
            lang_path = f"lang/{folder}/lang_{page}.php"
            L = _php_lang(_show(repo, NEXUS_COMMIT, lang_path), NEXUS_VARS)
            site = NEXUS_VARS["SITENAME"]
            if template == "recover-link":
                title = site + L["mail_title"]
                url = f"{NEXUS_BASE}/recover.php?id={uid}&secret={recover_hash}"
                body = (
                    f"{L['mail_one']}({email}){L['mail_two']}{ip}{L['mail_three']}\n"
                    f'<b><a href="{url}" target="_blank"> {L["mail_this_link"]} </a></b><br />\n'
                    f"{url}\n"
                    f"{L['mail_four']}"
                )
                php = "public/recover.php"
            elif template == "new-password":
                title = site + L["mail_two_title"]
                body = (
                    f"{L['mail_two_one']}{username}\n"
                    f"{L['mail_two_two']}{password}\n"
                    f"{L['mail_two_three']}\n"
                    f'<b><a href="{NEXUS_BASE}/login.php">{L["mail_here"]}</a></b>\n'
                    f"{L['mail_two_four']}"
                )
                php = "public/recover.php"
            elif template == "signup":
                title = site + L["mail_title"]
                confirm = f"{NEXUS_BASE}/confirm.php?id={uid}&secret={psecret}"
                resend = f"{NEXUS_BASE}/confirm_resend.php"
                body = (
                    f"{L['mail_one']}{username}{L['mail_two']}({email}){L['mail_three']}{ip}"
                    f"{L['mail_four']}\n"
                    f'<b><a href="javascript:void(null)" onclick="window.open({confirm})">\n'
                    f"{L['mail_this_link']} </a></b><br />\n"
                    f"{confirm}\n"
                    f"{L['mail_four_1']}\n"
                    f'<b><a href="javascript:void(null)" onclick="window.open({resend})">'
                    f"{L['mail_here']}</a></b><br />\n"
                    f"{resend}\n"
                    f"<br />\n"
                    f"{L['mail_five']}"
                )
                php = "public/takesignup.php"
            else:
                title = site + L["mail_profile_change_confirmation"]
                link = f"http://pt.example/confirmemail.php/{uid}/{change_hash}/" + quote_plus(
                    email
                ).replace("%40", "%40")
                body = (
                    f"{L['mail_change_email_one']}{username}{L['mail_change_email_two']}({email})"
                    f"{L['mail_change_email_three']}\n\n"
                    f"{L['mail_change_email_four']}{ip}{L['mail_change_email_five']}\n\n"
                    f'{L["mail_change_email_six"]}<b><a href="javascript:void(null)" '
                    f"onclick=\"window.open('{link}')\">{L['mail_here']}</a></b>"
                    f"{L['mail_change_email_six_1']}<br />\n"
                    f"{link}\n\n"
                    f"{L['mail_change_email_seven']}\n\n"
                    f"------{L['mail_change_email_eight']}\n"
                    f"{L['mail_change_email_nine']}"
                )
                body = _nl2br(body)
                php = "public/usercp.php"
            _save(
                source="nexusphp",
                template=template,
                lang=lang,
                kind=kind,
                code=code,
                repository=NEXUS,
                path=f"{php},{lang_path},include/functions.php,app/Repositories/ToolRepository.php",
                commit=NEXUS_COMMIT,
                licence="GPL-2.0-only",
                rendered="the page's heredoc with the lang array's strings redone in Python; "
                "one text/html part as ToolRepository::sendMail (Symfony Email ->html())",
                raw=message(sender=NEXUS_FROM, subject=title, text=None, html_part=body, sent=sent),
                note=(
                    "the account-details mail gives the new generated password after "
                    "'Password:' to log in with"
                    if code
                    else None
                ),
            )


# ---------------------------------------------------------------------------------------
# election-libre

ELECTION_FROM = "Election Libre <no-reply@election-libre.com>"
ELECTION_SITE = "https://vote.example/"  # site_url(): base_url + index_page ('')
ELECTION_LANGS = {"english": "en", "french": "fr"}


def _php_date(fmt: str, when: datetime) -> str:
    """PHP date() for the letters these catalogues use (others are copied)."""
    days_in_month = {2: 28, 4: 30, 6: 30, 9: 30, 11: 30}.get(when.month, 31)
    table = {
        "d": f"{when.day:02d}",
        "m": f"{when.month:02d}",
        "y": f"{when.year % 100:02d}",
        "Y": str(when.year),
        "H": f"{when.hour:02d}",
        "i": f"{when.minute:02d}",
        "s": f"{when.second:02d}",
        "a": "am" if when.hour < 12 else "pm",
        "A": "AM" if when.hour < 12 else "PM",
        "t": str(days_in_month),
        "j": str(when.day),
        "n": str(when.month),
        "G": str(when.hour),
    }
    out = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c == "\\" and i + 1 < len(fmt):
            out.append(fmt[i + 1])
            i += 2
            continue
        out.append(table.get(c, c))
        i += 1
    return "".join(out)


def _php_wordwrap(text: str, width: int) -> str:
    """PHP wordwrap($str, $width, "\\n", false) (byte-based, single-char break)."""
    data = bytearray(text.encode("utf-8"))
    laststart = lastspace = 0
    for current in range(len(data)):
        if data[current] == 0x0A:
            laststart = lastspace = current + 1
        elif data[current] == 0x20:
            if current - laststart >= width:
                data[current] = 0x0A
                laststart = current + 1
            lastspace = current
        elif current - laststart >= width and laststart != lastspace:
            data[lastspace] = 0x0A
            laststart = lastspace + 1
    return data.decode("utf-8")


def _ci_word_wrap(text: str, charlim: int = 76) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = re.sub(r" +\n", "\n", text)
    unwrap = re.findall(r"\{unwrap\}(.+?)\{/unwrap\}", text, re.S)
    for n, val in enumerate(unwrap):
        text = text.replace("{unwrap}" + val + "{/unwrap}", "{{unwrapped" + str(n) + "}}", 1)
    text = _php_wordwrap(text, charlim)
    output = ""
    for line in text.split("\n"):
        if len(line) <= charlim:
            output += line + "\n"
            continue
        temp = ""
        while True:
            if re.search(r"\[url.+\]|://|www\.", line):
                break
            temp += line[: charlim - 1]
            line = line[charlim - 1 :]
            if len(line) <= charlim:
                break
        if temp:
            output += temp + "\n"
        output += line + "\n"
    for n, val in enumerate(unwrap):
        output = output.replace("{{unwrapped" + str(n) + "}}", val)
    return output


def _ci_alt(body: str) -> str:
    """CI_Email::_get_alt_message() for a body without <body>."""
    text = re.sub(r"<[^>]*>", "", body).strip()
    text = re.sub(r"<!--(.*)--\>", "", text).replace("\t", "")
    for n in range(20, 2, -1):
        text = text.replace("\n" * n, "\n\n")
    text = re.sub(r" +", " ", text)
    return _ci_word_wrap(text, 76)


def _php_view(src: str, values: dict[str, str], L: dict[str, str]) -> str:
    """The views' <?= ... ?> / <?=lang('x')?> / date(lang('x'), strtotime($v)) echoes."""

    def echo(m: re.Match) -> str:
        expr = m.group(1).strip()
        if mm := re.fullmatch(r"lang\('(\w+)'\)", expr):
            return L.get(mm.group(1), "")
        if mm := re.fullmatch(r"date\( ?lang\('(\w+)'\), strtotime\(\$(\w+)\)\)", expr):
            return _php_date(L[mm.group(1)], values[mm.group(2)])
        return "".join(
            values[part.strip().lstrip("$")] if part.strip().startswith("$")
            else (part.strip()[1:-1] if part.strip()[:1] in "'\"" else values[part.strip()])
            for part in re.split(r"\s\.\s", expr)
        )  # fmt: skip

    return re.sub(r"<\?=(.*?)\?>", echo, src, flags=re.S)


def election(repo: Path) -> None:
    password = "K7MQ2XHR9TPBW4NCZ8JD"  # random_key(): 20 of ABCDEFGHJKMNPQRSTUVWXYZ123456789
    public_id = "R4TW8NJ2KPX6MCZ3HQ9B"
    fingerprint = hashlib.md5(b"noortestergreen-heron-41").hexdigest()
    start = datetime(2026, 12, 10, 8, 0, tzinfo=UTC)
    end = datetime(2026, 12, 17, 20, 0, tzinfo=UTC)
    page = (
        "<p>Dear members,</p>\n<p>The Riverside Tenants Association elects its board for "
        "2027. Five candidates stand for three seats; their statements are on the voting "
        "page.</p>\n<p>Marta Keller, secretary</p>"
    )
    mails = [
        ("creation", "saas-otp", password, "Congratulations ! Elections are on rails now",
         "application/controllers/Manage.php", datetime(2026, 12, 8, 16, 20, 9, tzinfo=UTC)),
        ("invitation", "notice", None, "Riverside Tenants Association - board election 2027",
         "application/controllers/Manage.php", datetime(2026, 12, 8, 16, 20, 11, tzinfo=UTC)),
        ("confirmation", "notice", None, "Congratulation, your vote is effective !",
         "application/controllers/Vote.php", datetime(2026, 12, 11, 18, 3, 52, tzinfo=UTC)),
    ]  # fmt: skip
    for template, kind, code, subject, controller, sent in mails:
        view_path = f"application/views/email/{template}.php"
        view = _show(repo, ELECTION_COMMIT, view_path)
        for folder, lang in ELECTION_LANGS.items():
            lang_path = f"application/language/{folder}/el_mail_lang.php"
            L = _php_lang(_show(repo, ELECTION_COMMIT, lang_path), {})
            values = {
                "password": password,
                "public_id": public_id,
                "fingerprint": fingerprint,
                "start": start,
                "end": end,
                "message": page,
                "fk_election": "27",
                "data['admin_email']": "noor.tester@example.com",
                "site_url()": ELECTION_SITE,
            }
            view_src = view.replace("$data['admin_email']", "$data['admin_email']")
            body = _php_view(view_src.replace("site_url()", "$site_url()"), values, L)
            body = body.replace("\r", "").rstrip()  # CI_Email::message()
            html_part = body.replace("{unwrap}", "").replace("{/unwrap}", "")
            text = _ci_alt(body)
            _save(
                source="election-libre",
                template=template,
                lang=lang,
                kind=kind,
                code=code,
                repository=ELECTION,
                path=f"{view_path},{lang_path},{controller},application/helpers/misc_helper.php,"
                "system/libraries/Email.php",
                commit=ELECTION_COMMIT,
                licence="GPL-3.0-only",
                rendered="the view's echoes with the el_mail catalogue redone in Python; "
                "CodeIgniter 3 CI_Email html mail: text part _get_alt_message(), HTML part",
                raw=message(
                    sender=ELECTION_FROM, subject=subject, text=text, html_part=html_part, sent=sent
                ),
                note=(
                    "the administrator's mail gives the generated password after 'Password :' "
                    "with the login, to manage the election"
                    if code
                    else (
                        "shows the elector's public id (already used to vote) and the ballot's "
                        "md5 fingerprint to compare on the vote list; nothing is asked to be "
                        "typed, so no code"
                        if template == "confirmation"
                        else None
                    )
                ),
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    moin(args.mirrors / "moinwiki+moin-1.9" / "repo")
    nexus(args.mirrors / "xiaomlove+nexusphp" / "repo")
    election(args.mirrors / "Orelab+election-libre" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
