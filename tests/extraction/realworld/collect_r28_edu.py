"""Round 28, education (blind): OpenSWAD, the University of Granada's learning platform
(its new-password, e-mail confirmation and call-for-exam notification mails in its nine
interface languages), CTFd, the capture-the-flag platform used for security classes and
contests (its account mails), and Forma LMS, the e-learning suite (new-account,
administrator password-reset and course-message notices in fourteen languages), rendered
from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_edu.py \\
        --mirrors /work/.mirror

- acanas/swad-core (AGPL-3.0-or-later: LICENSE is the AGPL-3.0 text and every source file
  says "either version 3 of the License, or (at your option) any later version"), commit
  SWAD_COMMIT. SWAD is written in C; every mail is plain text that the CGI ``fprintf``\\ s
  into a temporary file (``swad_mail.c``: ``Mai_CreateFileNameMail`` opens it ``"wb"``),
  framed by ``Mai_WriteWelcomeNoteEMail`` ("<Dear> <first name>:") and
  ``Mai_WriteFootNoteEMail`` (the do-not-reply line, ``Cfg_PLATFORM_SHORT_NAME`` and
  ``Cfg_URL_SWAD_CGI``), and hands to ``py/swad_smtp.py`` (``Mai_SendMailMsg``: subject
  ``"[<short name>] <subject>"``). That script builds the message by hand: ``From``,
  ``To``, ``Content-type: text/plain; charset=iso-8859-1``, ``Subject`` (the raw argument,
  not encoded), ``Date`` (``email.utils.formatdate()``), a blank line and the file's bytes,
  and sends it with smtplib (whose ``sendmail`` makes every line end in CRLF). The
  script's shebang is ``#!/usr/bin/python`` of the Python 2 era (its commented
  ``print "..."``), which passes the bytes through unchanged; the texts are ISO-8859-1
  in the sources (``swad_text_no_html.c``), so the body and the subject are ISO-8859-1
  bytes, the subject 8-bit as the script writes it. The platform values are those of the
  ``OPENSWAD_ORG`` block of ``swad_config.h`` (short name "OpenSWAD", CGI URL
  https://openswad.org, From acanas@openswad.org). Texts: ``swad_text_no_html.c``
  defines some strings per compiled language (``#if L==1`` ... ``L==10``, one binary per
  interface language, ``Makefile``: ``-D L=n``) and others as arrays indexed by the
  recipient's language (``Lan_LANGUAGE_CA`` ... ``Lan_LANGUAGE_PT``); each mail here is
  rendered for a server compiled with language n and a recipient whose language is n, for
  the nine languages the arrays have (ca, de, en, es, fr, gn, it, pl, pt; Guarani and some
  others keep Spanish or English text, marked "Okoteve traducción" / "Need Übersetzung"
  in the source, and Polish carries HTML entities such as ``&lstrok;`` though its comment
  says not to: that is what is sent). The C string literals are read from the snapshot
  here (adjacent literals joined, ``#if L==n`` branch chosen, escapes decoded) and the
  ``fprintf`` formats applied with the same arguments. Mails:
  ``swad_password.c`` (``Pwd_SendNewPasswordByEmail``, "New password"): the password is
  ``Str_CreateRandomAlphanumStr`` of ``Pwd_MIN_CHARS_PLAIN_PASSWORD`` = 8 characters of
  0-9A-Za-z (``swad_string.c``), valid for ``Cfg_TIME_TO_DELETE_OLD_PENDING_PASSWORDS``
  / one day = 1 day; with a code. ``swad_mail.c`` (``Mai_SendMailMsgToConfirmEmail``,
  "Confirmation of your email"): the key is ``Cry_CreateUniqueNameEncrypted`` (SHA-256 of
  "<ip>-<time hex>-<pid hex>-<n>" in unpadded base64url, ``swad_cryptography.c``; made the
  same way here from fixed values) and appears only in the link, ``act`` the action code
  of ``ActCnfMai`` (1091, ``swad_action_list.c``): a notice. ``swad_notification.c``
  (``Ntf_SendPendingNotifByEMailToOneUsr``, subject "Notifications"), one pending
  ``Ntf_EVENT_CALL_FOR_EXAM`` event with its course and sender: a notice.
- CTFd/CTFd (Apache-2.0), commit CTFD_COMMIT. ``CTFd/utils/email/__init__.py`` fills the
  default subjects and bodies of ``CTFd/constants/email.py`` (read here with ``ast``) with
  ``safe_format`` (``CTFd/utils/formatters/__init__.py``, its regex copied) and
  ``CTFd/utils/email/providers/smtp.py`` builds ``EmailMessage()``, ``set_content(text)``,
  then Subject, From (``formataddr((ctf_name, mailfrom_addr))``) and To, sent with
  ``smtplib.send_message`` (no Date or Message-ID is added; flattened with CRLF): the
  same stdlib classes build it here. Mails: the account the admin creates with
  ``?notify=true`` (``CTFd/api/v1/users.py``: ``user_created_notification`` gives the
  username and the password the admin typed: with a code), the e-mail confirmation and
  the password reset (their nonce, ``hexencode(os.urandom(32))`` of
  ``CTFd/utils/security/email.py``, only in the link), the registration notice and the
  password-change alert (notices). English only (CTFd's mails are not translated).
- formalms/formalms (GPL-2.0-only: every source file's header points to the GPL-2.0
  text, ``html/lib/System/license/license_english.txt``, with no "or later"), commit
  FORMA_COMMIT. Texts are the ``email`` module keys of ``html/xml_language/
  lang[<language>].xml`` (the catalogue the installer imports; read here with
  ElementTree). ``EventMessageComposer`` (``html/lib/lib.eventmanager.php``) composes
  subject and body with ``Lang::t`` (``html/i18n/lib.lang.php``: ``str_replace`` of the
  substitution keys), bodies of several keys joined with nothing between them;
  ``FormaUserNotifier`` (``html/appCore/lib/lib.usernotifier.php``) sends each in the
  recipient's language through ``FormaMailer::SendMail`` (``html/lib/Mailer/
  FormaMailer.php``): MAIL_HTML on, so the body goes into the Twig layout
  ``html/templates/standard/layout/mail/mail.html.twig`` (``{{ subject }}`` escaped,
  ``{{ body|raw }}``) and PHPMailer's ``msgHTML`` makes the text/plain part (its
  ``html2text``) and the text/html part; CharSet ``'Utf-8'``, WordWrap 0, SMTP, From
  and FromName the domain's system sender, Reply-To its reply address, the recipient's
  name his address. Rendering: the real Twig and PHPMailer run by ``php`` (a script
  kept here, FORMA_PHP); Forma's composer.lock pins PHPMailer 6.9.3 and Twig 2.16.1, which
  this machine cannot download; Debian's ``libphp-phpmailer`` (6.6.3) and ``php-twig``
  (3.5.1) are used instead (``apt-get install php-cli libphp-phpmailer php-twig``), so
  the X-Mailer header names 6.6.3; the layout renders the same under both Twig versions.
  PHPMailer's random ``uniqueid`` (Message-ID and boundary) is fixed by overriding
  ``generateId``; the Date is fixed. Mails, in english, italian, german, french,
  spanish, portuguese, dutch, polish, russian, greek, japanese, turkish, swedish and
  simplified_chinese: the new account (``_REGISTERED_USER_*``, sent as
  ``html/appCore/modules/org_chart/import.org_chart.php`` sends it, with the password of
  ``FormaACLManager::random_password``: ten characters, each a digit, A-Z or a-z,
  ``html/lib/lib.aclmanager.php``), the administrator's password reset
  (``UsermanagementAdm::randomPassword``: ``_MODIFIED_USER_*`` plus ``_PASSWORD_CHANGED``
  with the new ``random_password``) and a new message in a course
  (``html/appCore/lib/lib.message.php``: ``_YOU_RECIVE_MSG_SUBJECT`` and
  ``_YOU_RECIVE_MSG_TEXT_COURSE``, a notice). The German texts carry no ``[password]``,
  so those two German mails give no password and are notices.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formataddr, formatdate
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round28" / "edu.json"
SENT = datetime(2026, 12, 5, 9, 14, 27, tzinfo=UTC)
TO = "noor.tester@example.com"

SWAD = "acanas/swad-core"
SWAD_COMMIT = "7abff2a0a0e7457988c4b768dbf0ab245d4ab8da"
CTFD = "CTFd/CTFd"
CTFD_COMMIT = "91ced62d44d3ec3142a0948ee96ed19947cfc979"
FORMA = "formalms/formalms"
FORMA_COMMIT = "b8871be5eccf437e1cce79ba5f393d3c9c0e078f"
SWAD_LANGS = ["ca", "de", "en", "es", "fr", "gn", "it", "pl", "pt"]  # Lan_LANGUAGE_CA = 1 ...
# Str_CreateRandomAlphanumStr (Pwd_MIN_CHARS_PLAIN_PASSWORD = 8, 0-9A-Za-z), one per mail
SWAD_PASSWORDS = [
    "q4TzW9mK",
    "B7xLr2Nd",
    "h3VsK8pQ",
    "Zm5cR1tY",
    "w8GjP6eA",
    "N2kHu7bX",
    "c9DqF4sL",
    "T6yMa3vJ",
    "r1XnE5gW",
]


def git_show_bytes(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


# --- OpenSWAD ----------------------------------------------------------------------------

C_ESCAPES = {"n": "\n", '"': '"', "\\": "\\", "'": "'", "t": "\t"}


def c_literal(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: C_ESCAPES[m.group(1)], body)


def c_definition(source: str, name: str) -> str:
    """The initializer of ``const char *<name>`` up to its closing ``;`` (outside strings),
    or to ``#endif`` when it is made per compiled language, ``//`` comments dropped."""
    start = re.search(r"^const char \*" + re.escape(name) + r"\b[^=]*=", source, re.M)
    assert start, name
    out = []
    i = start.end()
    in_string = False
    while True:
        ch = source[i]
        if in_string:
            if ch == "\\":
                out.append(source[i : i + 2])
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "/" and source[i + 1] == "/":
            i = source.index("\n", i)
            continue
        elif source.startswith("#endif", i) or (ch == ";" and "#if" not in "".join(out)):
            return "".join(out)
        out.append(ch)
        i += 1


def c_strings(text: str) -> list[str]:
    """Comma-separated groups of adjacent string literals, in order."""
    groups: list[str] = []
    current: list[str] | None = None
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"|(,)|(\})', text):
        if m.group(1) is not None:
            current = (current or []) + [c_literal(m.group(1))]
        elif current is not None:
            groups.append("".join(current))
            current = None
    if current is not None:
        groups.append("".join(current))
    return groups


def c_for_build(source: str, name: str, build: int) -> str:
    """A string defined per compiled language (``#if L==n`` ... ``#endif``)."""
    text = c_definition(source, name)
    branches = re.split(r"^#(?:if|elif)\s+L==(\d+)[^\n]*\n", text, flags=re.M)
    chosen = dict(zip(branches[1::2], branches[2::2], strict=True))[str(build)]
    chosen = chosen.split("#endif")[0]
    (value,) = c_strings(chosen)
    return value


def c_for_language(source: str, name: str, lang: int, outer: str | None = None) -> str:
    """An entry of an array indexed by ``[1 + Lan_NUM_LANGUAGES]`` (index 0 is unknown);
    ``outer`` picks the ``[outer] = {...}`` block of a two-dimensional array."""
    text = c_definition(source, name)
    if outer is not None:
        start = text.index(f"[{outer}] =")
        text = text[start : text.index("}", start)]
    values = c_strings(text)
    assert len(values) == 10, (name, len(values))
    assert values[0] == ""
    return values[lang]


def c_printf(fmt: str, *args: object) -> str:
    assert "%%" not in fmt
    converted = re.sub(r"%l?[du]", "%d", fmt)
    used = len(re.findall(r"%[sd]", converted))
    assert used <= len(args), fmt  # printf ignores arguments past the last conversion
    return converted % args[:used]


def swad_message(subject: str, body: str) -> bytes:
    """py/swad_smtp.py's message, with smtplib's CRLF line ends."""
    date = formatdate(SENT.timestamp())
    head = (
        "From: {}\r\nTo: {}\r\nContent-type: text/plain; charset=iso-8859-1\r\n"
        "Subject: {}\r\nDate: {}\r\n\r\n".format("acanas@openswad.org", TO, subject, date)
    )
    text = head + body
    text = re.sub(r"\r\n|\n|\r(?!\n)", "\r\n", text)
    return text.encode("iso-8859-1")


def swad(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show_bytes(mirrors, SWAD, SWAD_COMMIT, p)  # noqa: E731
    texts_path = "swad_text_no_html.c"
    texts = show(texts_path).decode("iso-8859-1")
    config = show("swad_config.h").decode("iso-8859-1")
    openswad = config[config.index("#elif defined OPENSWAD_ORG") :]
    for line in (
        '#define Cfg_PLATFORM_SHORT_NAME			"OpenSWAD"',
        '#define Cfg_URL_SWAD_CGI			"https://openswad.org"',
        '#define Cfg_AUTOMATIC_EMAIL_FROM		"acanas@openswad.org"',
    ):
        assert line in openswad, line
    assert (
        "#define Cfg_TIME_TO_DELETE_OLD_PENDING_PASSWORDS 	((time_t)(       24UL * 60UL * 60UL))"
        in config
    )
    short, cgi, days = "OpenSWAD", "https://openswad.org", 1
    smtp = show("py/swad_smtp.py").decode("iso-8859-1")
    assert "Content-type: text/plain; charset=iso-8859-1\\r\\nSubject: %s\\r\\nDate: %s" in smtp
    mail_c = show("swad_mail.c").decode("iso-8859-1")
    assert '"%s \\"%s\\" \\"%s\\" \\"%s\\" \\"%s\\" \\"%s\\" \\"[%s] %s\\" \\"%s\\""' in mail_c
    assert 'fprintf (FileMail,"%s %s:\\n",' in mail_c
    password_c = show("swad_password.c").decode("iso-8859-1")
    assert "Str_CreateRandomAlphanumStr (PlainPassword,Pwd_MIN_CHARS_PLAIN_PASSWORD);" in (
        password_c
    )
    assert "#define Pwd_MIN_CHARS_PLAIN_PASSWORD	  8" in show("swad_password.h").decode(
        "iso-8859-1"
    )
    notif_c = show("swad_notification.c").decode("iso-8859-1")
    assert "[ActCnfMai		] = {1091," in show("swad_action_list.c").decode("iso-8859-1")
    sex = "Usr_SEX_FEMALE"
    first = "Noor"

    def welcome(lang: int) -> str:
        return "{} {}:\n".format(c_for_language(texts, "Txt_Dear_NO_HTML", lang, sex), first)

    def foot(lang: int) -> str:
        line = c_for_language(
            texts, "Txt_Please_do_not_reply_to_this_automatically_generated_email_NO_HTML", lang
        )
        return f"{line}\n{short}\n{cgi}\n"

    key_plain = f"203.0.113.47-{int(SENT.timestamp()) - 95:x}-{48213:x}-{1:x}"
    digest = hashlib.sha256(key_plain.encode()).digest()
    key = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    assert len(key) == 43
    out = []
    for n, lang in enumerate(SWAD_LANGS, start=1):
        common = dict(
            source="openswad",
            lang=lang,
            repository=SWAD,
            commit=SWAD_COMMIT,
            licence="AGPL-3.0-or-later",
        )
        # New password (swad_password.c, Pwd_SendNewPasswordByEmail)
        password = SWAD_PASSWORDS[n - 1]
        assert len(password) == 8 and password.isalnum() and password.isascii()
        body = welcome(n)
        body += c_printf(
            c_for_build(
                texts, "Txt_The_following_password_has_been_assigned_to_you_to_log_in_X_NO_HTML", n
            ),
            short,
            password,
            cgi,
            days,
            TO,
        )
        body += foot(n)
        subject = "[{}] {}".format(short, c_for_language(texts, "Txt_New_password_NO_HTML", n))
        meta = dict(
            id=f"openswad-new-password-{lang}",
            kind="saas-otp",
            code=password,
            path="swad_password.c, swad_text_no_html.c, swad_mail.c, swad_string.c, "
            "swad_config.h, py/swad_smtp.py",
            rendered="C literals of swad_text_no_html.c for build L=n and recipient language n, "
            "fprintf formats applied; swad_smtp.py's hand-made text/plain ISO-8859-1 message",
            note="an 8-character generated password to log in with (Str_CreateRandomAlphanumStr)",
            **common,
        )
        out.append((meta, swad_message(subject, body)))
        # E-mail confirmation (swad_mail.c, Mai_SendMailMsgToConfirmEmail)
        body = welcome(n)
        body += c_printf(
            c_for_build(
                texts,
                "Txt_If_you_just_requested_from_X_the_confirmation_of_your_email_Y_NO_HTML",
                n,
            ),
            cgi,
            TO,
            cgi,
            1091,
            key,
            cgi,
        )
        body += foot(n)
        subject = "[{}] {}".format(
            short,
            c_for_build(texts, "Txt_Confirmation_of_your_email_NO_HTML", n),
        )
        meta = dict(
            id=f"openswad-confirm-email-{lang}",
            kind="notice",
            code=None,
            path="swad_mail.c, swad_text_no_html.c, swad_cryptography.c, swad_action_list.c, "
            "swad_config.h, py/swad_smtp.py",
            rendered="C literals of swad_text_no_html.c for build L=n and recipient language n, "
            "fprintf formats applied; swad_smtp.py's hand-made text/plain ISO-8859-1 message",
            note="the confirmation key is only inside the link (…/?act=1091&key=…)",
            **common,
        )
        out.append((meta, swad_message(subject, body)))
        # Call for exam notification (swad_notification.c)
        assert "Txt_NOTIFY_EVENTS_There_is_a_new_event_NO_HTML[ToUsrLanguage]," in notif_c
        body = welcome(n)
        body += c_printf(
            c_for_language(texts, "Txt_NOTIFY_EVENTS_There_is_a_new_event_NO_HTML", n), short
        )
        body += ": \n"
        body += c_printf(
            c_for_language(
                texts, "Txt_NOTIFY_EVENTS_SINGULAR_NO_HTML", n, "Ntf_EVENT_CALL_FOR_EXAM"
            ),
            short,
        )
        body += "\n"
        body += "{}: {}\n".format(
            c_for_language(texts, "Txt_Course_NO_HTML", n),
            "Estructura de Computadores",
        )
        body += "{}: {}\n".format(
            c_for_language(texts, "Txt_MSG_From_NO_HTML", n),
            "María López Ortega",
        )
        body += "{}: {}/ > {} > {}\n".format(
            c_for_language(texts, "Txt_Go_to_NO_HTML", n),
            cgi,
            c_for_language(texts, "Txt_TAB_Messages_NO_HTML", n),
            c_for_language(texts, "Txt_Notifications_NO_HTML", n),
        )
        body += "\n{}\n".format(
            c_for_language(
                texts, "Txt_If_you_no_longer_wish_to_receive_email_notifications_NO_HTML", n
            )
        )
        body += foot(n)
        subject = "[{}] {}".format(short, c_for_language(texts, "Txt_Notifications_NO_HTML", n))
        meta = dict(
            id=f"openswad-call-for-exam-{lang}",
            kind="notice",
            code=None,
            path="swad_notification.c, swad_text_no_html.c, swad_mail.c, swad_config.h, "
            "py/swad_smtp.py",
            rendered="C literals of swad_text_no_html.c for recipient language n, fprintf "
            "formats applied; swad_smtp.py's hand-made text/plain ISO-8859-1 message",
            **common,
        )
        out.append((meta, swad_message(subject, body)))
    return out


# --- CTFd --------------------------------------------------------------------------------

CTFD_NAME = "Campus CTF 2026"
CTFD_URL = "https://ctf.campus.example.edu"
CTFD_MAILFROM = "noreply@ctf.campus.example.edu"
CTFD_PASSWORD = "blue-Falcon-42"  # typed by the admin who created the account
CTFD_CONFIRM_NONCE = "3f9a0c7e1b5d2486a0e9c3f7b1d5a2e8c4f6b0a9d3e7c1f5b2a8d6e0c9f4a3b7"
CTFD_RESET_NONCE = "a7c2e9f4b0d6183c5e7a9f2b4d6c8e0a1f3b5d7c9e2a4f6b8d0c1e3a5f7b9d2c"


def ctfd_safe_format(fmt: str, **kwargs: str) -> str:
    """CTFd/utils/formatters/__init__.py ``safe_format``."""
    return re.sub(r"\{?\{([^{}]*)\}\}?", lambda m: kwargs.get(m.group(1).strip(), m.group(0)), fmt)


def ctfd(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show_bytes(mirrors, CTFD, CTFD_COMMIT, p).decode("utf-8")  # noqa: E731
    constants_path = "CTFd/constants/email.py"
    constants = {}
    for node in ast.parse(show(constants_path)).body:
        if isinstance(node, ast.Assign):
            constants[node.targets[0].id] = ast.literal_eval(node.value)
    email_path = "CTFd/utils/email/__init__.py"
    email_py = show(email_path)
    smtp_path = "CTFd/utils/email/providers/smtp.py"
    smtp = show(smtp_path)
    for line in (
        "msg = EmailMessage()",
        "msg.set_content(text)",
        'msg["Subject"] = subject',
        'msg["From"] = mailfrom_addr',
        'msg["To"] = addr',
        "mailfrom_addr = formataddr((ctf_name, mailfrom_addr))",
    ):
        assert line in smtp, line
    assert "nonce = hexencode(os.urandom(32))" in show("CTFd/utils/security/email.py")
    assert (
        'r"\\{?\\{([^{}]*)\\}\\}?", lambda m: kwargs.get(m.group(1).strip(), m.group(0)), fmt'
        in (show("CTFd/utils/formatters/__init__.py"))
    )
    assert "user_created_notification(addr=email, name=name, password=password)" in show(
        "CTFd/api/v1/users.py"
    )
    home = CTFD_URL + "/"
    mails = [
        (
            "user-created",
            "USER_CREATION_EMAIL",
            {"url": home, "name": "noor", "password": CTFD_PASSWORD},
            CTFD_PASSWORD,
            "saas-otp",
            "user_created_notification: the admin created the account with ?notify=true; the "
            "mail gives the password the admin typed, to log in with (its hyphens are part of "
            "it, not separators)",
        ),
        (
            "verify-email",
            "VERIFICATION_EMAIL",
            {"url": f"{CTFD_URL}/confirm/{CTFD_CONFIRM_NONCE}"},
            None,
            "notice",
            "the confirmation nonce (64 hex) is only inside the link",
        ),
        (
            "successful-registration",
            "SUCCESSFUL_REGISTRATION_EMAIL",
            {"url": home},
            None,
            "notice",
            None,
        ),
        (
            "password-reset",
            "PASSWORD_RESET",
            {"url": f"{CTFD_URL}/reset_password/{CTFD_RESET_NONCE}"},
            None,
            "notice",
            "the reset nonce (64 hex) is only inside the link",
        ),
        (
            "password-change-alert",
            "PASSWORD_CHANGE_ALERT",
            {"url": f"{CTFD_URL}/reset_password"},
            None,
            "notice",
            None,
        ),
    ]
    out = []
    for name, key, values, code, kind, note in mails:
        assert f"DEFAULT_{key}_BODY" in email_py and f"DEFAULT_{key}_SUBJECT" in email_py
        text = ctfd_safe_format(
            constants[f"DEFAULT_{key}_BODY"],
            ctf_name=CTFD_NAME,
            ctf_description="",
            **values,
        )
        subject = ctfd_safe_format(constants[f"DEFAULT_{key}_SUBJECT"], ctf_name=CTFD_NAME)
        msg = EmailMessage()
        msg.set_content(text)
        msg["Subject"] = subject
        msg["From"] = formataddr((CTFD_NAME, CTFD_MAILFROM))
        msg["To"] = TO
        raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
        meta = dict(
            id=f"ctfd-{name}-en",
            source="ctfd",
            lang="en",
            kind=kind,
            code=code,
            repository=CTFD,
            path=f"{constants_path}, {email_path}, {smtp_path}, CTFd/utils/formatters/__init__.py",
            commit=CTFD_COMMIT,
            licence="Apache-2.0",
            rendered="default subject/body of CTFd/constants/email.py through safe_format; "
            "EmailMessage().set_content(text) with Subject, From, To as the SMTP provider "
            "builds it (smtplib.send_message flattens it with CRLF)",
        )
        if note:
            meta["note"] = note
        out.append((meta, raw))
    return out


# --- Forma LMS ---------------------------------------------------------------------------

FORMA_LANGS = {
    "english": "en",
    "italian": "it",
    "german": "de",
    "french": "fr",
    "spanish": "es",
    "portuguese": "pt",
    "dutch": "nl",
    "polish": "pl",
    "russian": "ru",
    "greek": "el",
    "japanese": "ja",
    "turkish": "tr",
    "swedish": "sv",
    "simplified_chinese": "zh",
}
FORMA_SITE = "https://academy.example.org/"
FORMA_FROM = "noreply@academy.example.org"
FORMA_FROM_NAME = "Northfield Academy"
FORMA_REPLY_TO = "helpdesk@academy.example.org"
FORMA_SMTP_HOST = "smtp.academy.example.org"
FORMA_USERID = "noor.tester"
# random_password(): ten characters, each a digit, A-Z or a-z (lib.aclmanager.php)
FORMA_NEW_USER_PASSWORDS = [
    "k4QmzT7bxR", "Wd2pLr8aNe", "u7HcB3qvKs", "Ty5nGx9wDm", "b8ZfJe2RkL", "Qa6vMs4hPt",
    "n3XrC7yuWb", "Hg9kTd5zAe", "p2LwVn8sFj", "Rc4bYq6mZu", "e9KtNh3xGa", "Jm7sPw2dQv",
    "x5DuRb8nLc", "Fz3yHk9tMp",
]  # fmt: skip
FORMA_RESET_PASSWORDS = [
    "Sm8qWx3kZa", "c6TbNr9vHe", "Lp2uGd7yQw", "y4KzMf5tBn", "Vh9aRs2pXc", "d3NwJq8mTe",
    "Gk7xPb4rYu", "r5CeZt9hLa", "Bw2nKv6sQd", "m8FyDx3jRp", "Ut4gHc7wNz", "a9QrLm2kVe",
    "Nd6sTy8bJx", "h3WpGz5uCf",
]  # fmt: skip
FORMA_MESSAGE_ID = "b1f0c7a2e94d3f86a5c2017e4b9d8f3c61a0e7b5d2c4f9a8e3b6d1c0f7a2e5b9"

FORMA_PHP = r"""<?php
require '/usr/share/php/libphp-phpmailer/autoload.php';
require '/usr/share/php/Twig/autoload.php';
class CorpusMailer extends \PHPMailer\PHPMailer\PHPMailer {
    // the random uniqueid (Message-ID and boundary), fixed so that every run is the same
    protected function generateId() { return getenv('CORPUS_UNIQUEID'); }
}
$jobs = json_decode(stream_get_contents(STDIN), true);
$out = [];
foreach ($jobs['mails'] as $m) {
    // FormaMailer::SendMail with MAIL_HTML: the Twig layout, then msgHTML
    $loader = new \Twig\Loader\ArrayLoader(['mail.html.twig' => $jobs['layout']]);
    $twig = new \Twig\Environment($loader);
    $html = $twig->render('mail.html.twig',
        ['subject' => $m['subject'], 'body' => $m['body'], 'otherParams' => []]);
    $mail = new CorpusMailer();
    $mail->isSMTP();
    $mail->Hostname = $jobs['hostname'];
    $mail->From = $jobs['from'];
    $mail->FromName = $jobs['from_name'];
    $mail->AddReplyTo($jobs['reply_to']);
    $mail->CharSet = 'Utf-8';
    $mail->WordWrap = 0;
    $mail->isHTML(true);
    $mail->Subject = $m['subject'];
    $mail->msgHTML($html);
    $mail->addAddress($m['to'], $m['to']);
    $mail->MessageDate = $jobs['date'];
    $mail->preSend();
    $out[] = base64_encode($mail->getSentMIMEMessage());
}
echo json_encode($out);
"""


def forma_catalogue(mirrors: Path, name: str) -> tuple[dict[str, str], str]:
    raw = git_show_bytes(mirrors, FORMA, FORMA_COMMIT, f"html/xml_language/lang[{name}].xml")
    root = ET.fromstring(raw)
    texts = {}
    for key in root.iter("key"):
        module, _, text_key = key.get("id").partition("&")
        if module == "email":
            texts[text_key] = key.text or ""
    return texts, f"html/xml_language/lang[{name}].xml"


def forma(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show_bytes(mirrors, FORMA, FORMA_COMMIT, p).decode("utf-8")  # noqa: E731
    layout_path = "html/templates/standard/layout/mail/mail.html.twig"
    layout = show(layout_path)
    mailer_path = "html/lib/Mailer/FormaMailer.php"
    mailer = show(mailer_path)
    for line in (
        "MAIL_HTML => true,",
        "MAIL_WORDWRAP => 0,",
        "MAIL_CHARSET => 'Utf-8',",
        "private string $mailTemplate = 'mail.html.twig';",
        "$this->msgHTML($eventResponse['html']);",
        "$name = $recipient;",
    ):
        assert line in mailer, line
    notifier_path = "html/appCore/lib/lib.usernotifier.php"
    assert "['[firstname]', '[lastname]', '[username]']," in show(notifier_path)
    composer_path = "html/lib/lib.eventmanager.php"
    assert "$compose .= Lang::t($arr_text['lang_text'], $media" in show(composer_path)
    lang_path = "html/i18n/lib.lang.php"
    assert (
        "return str_replace(array_keys($substitution), array_values($substitution), $translation);"
        in show(lang_path)
    )
    acl = show("html/lib/lib.aclmanager.php")
    assert "for ($a = 0; $a < 10; ++$a) {" in acl and "$pass .= chr(mt_rand(65, 90));" in acl
    import_path = "html/appCore/modules/org_chart/import.org_chart.php"
    assert "$e_msg->setBodyLangText('email', '_REGISTERED_USER_TEXT', $array_subst);" in show(
        import_path
    )
    model_path = "html/appCore/models/UsermanagementAdm.php"
    model = show(model_path)
    assert "$new_password = $this->aclManager->random_password();" in model
    assert (
        "$msg_composer->setBodyLangText('email', '_PASSWORD_CHANGED', "
        "['[password]' => $new_password]);" in model
    )
    message_path = "html/appCore/lib/lib.message.php"
    assert "'_YOU_RECIVE_MSG_TEXT_COURSE', ['[url]' => _MESSAGE_PL_URL," in show(message_path)
    for pw in FORMA_NEW_USER_PASSWORDS + FORMA_RESET_PASSWORDS:
        assert len(pw) == 10 and pw.isalnum() and pw.isascii()

    def t(texts: dict[str, str], key: str, subst: dict[str, str] | None = None) -> str:
        text = texts[key]
        assert text.strip()
        for k, v in (subst or {}).items():  # Lang::t: str_replace of the keys
            text = text.replace(k, v)
        return text

    jobs = []
    metas = []
    for n, (name, lang) in enumerate(FORMA_LANGS.items()):
        texts, cat_path = forma_catalogue(mirrors, name)
        new_pw = FORMA_NEW_USER_PASSWORDS[n]
        reset_pw = FORMA_RESET_PASSWORDS[n]
        subst = {
            "[url]": FORMA_SITE,
            "[userid]": FORMA_USERID,
            "[dynamic_link]": FORMA_SITE,
            "[password]": new_pw,
        }
        common = dict(
            source="formalms",
            lang=lang,
            repository=FORMA,
            commit=FORMA_COMMIT,
            licence="GPL-2.0-only",
            rendered="catalogue texts with Lang::t's substitutions; FormaMailer: Twig layout "
            "mail.html.twig, PHPMailer msgHTML (text/plain from html2text + text/html), run "
            "by php with Debian's PHPMailer 6.6.3 and Twig 3.5.1",
        )
        # new account (import.org_chart.php / UsermanagementAdmController: UserNew)
        shows = "[password]" in texts["_REGISTERED_USER_TEXT"]
        jobs.append(
            {
                "subject": t(texts, "_REGISTERED_USER_SBJ"),
                "body": t(texts, "_REGISTERED_USER_TEXT", subst),
                "to": TO,
            }
        )
        meta = dict(
            id=f"formalms-registered-user-{lang}",
            kind="saas-otp" if shows else "notice",
            code=new_pw if shows else None,
            path=f"{cat_path}, {import_path}, {composer_path}, {lang_path}, {notifier_path}, "
            f"{mailer_path}, {layout_path}",
            note="the account's password (random_password, ten letters and digits) under "
            "the username"
            if shows
            else "this language's _REGISTERED_USER_TEXT has no [password]: the mail gives "
            "only the username",
            **common,
        )
        metas.append(meta)
        # password reset by the administrator (UsermanagementAdm::randomPassword: UserMod)
        reset_subst = dict(subst, **{"[password]": reset_pw})
        shows = "[password]" in texts["_PASSWORD_CHANGED"]
        jobs.append(
            {
                "subject": t(texts, "_MODIFIED_USER_SBJ"),
                "body": t(texts, "_MODIFIED_USER_TEXT", reset_subst)
                + t(texts, "_PASSWORD_CHANGED", {"[password]": reset_pw}),
                "to": TO,
            }
        )
        meta = dict(
            id=f"formalms-password-changed-{lang}",
            kind="saas-otp" if shows else "notice",
            code=reset_pw if shows else None,
            path=f"{cat_path}, {model_path}, {composer_path}, {lang_path}, {notifier_path}, "
            f"{mailer_path}, {layout_path}",
            note="the new random password the administrator's reset assigned; the two "
            "texts are joined with no space, as the composer joins them"
            if shows
            else "this language's _PASSWORD_CHANGED has no [password]: the mail says the "
            "password was changed without giving it",
            **common,
        )
        metas.append(meta)
        # new message in a course (lib.message.php: MsgNewReceived)
        jobs.append(
            {
                "subject": t(texts, "_YOU_RECIVE_MSG_SUBJECT"),
                "body": t(
                    texts,
                    "_YOU_RECIVE_MSG_TEXT_COURSE",
                    {"[url]": FORMA_SITE, "[course]": "Workplace Safety 101", "[from]": "m.rossi"},
                ),
                "to": TO,
            }
        )
        meta = dict(
            id=f"formalms-message-received-{lang}",
            kind="notice",
            code=None,
            path=f"{cat_path}, {message_path}, {composer_path}, {lang_path}, {notifier_path}, "
            f"{mailer_path}, {layout_path}",
            **common,
        )
        metas.append(meta)
    job = {
        "layout": layout,
        "hostname": FORMA_SMTP_HOST,
        "from": FORMA_FROM,
        "from_name": FORMA_FROM_NAME,
        "reply_to": FORMA_REPLY_TO,
        "date": SENT.strftime("%a, %-d %b %Y %H:%M:%S +0000"),
        "mails": jobs,
    }
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "render.php"
        script.write_text(FORMA_PHP)
        result = subprocess.run(
            ["php", str(script)],
            input=json.dumps(job).encode(),
            capture_output=True,
            check=True,
            env={"CORPUS_UNIQUEID": FORMA_MESSAGE_ID, "PATH": "/usr/bin:/bin"},
        )
    raws = [base64.b64decode(r) for r in json.loads(result.stdout)]
    assert len(raws) == len(metas)
    return list(zip(metas, raws, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (swad, ctfd, forma):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            if meta.get("note"):
                item["note"] = meta["note"]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
