"""Round thirty, game servers and communities: the lobby server of the SpringRTS engine
(spring/uberserver), the plugin portal of the PaperMC Minecraft community (HangarMC/Hangar)
and WebEngine CMS, the account website of MU Online private servers
(lautaroangelico/WebEngine) — e-mail verification codes for registering, changing the
address and recovering an account, the generated password after a recovery, verification
and password-reset codes, passwords the player or an administrator set and the mail repeats,
and their sibling notices without a code (reset and verification links, welcome, e-mail,
user-name and password changed, account deletion requested, cancelled and done). All three
senders ship English only (WebEngine's language files are for its pages, not its mails).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_games.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Beyond the standard library the script runs ``php`` (8.2 CLI, ``-n``; Debian's ``php-cli``)
for WebEngine, with the PHPMailer 6.9.3 the repository ships.

- spring/uberserver (GPL-2.0-or-later, ``LICENSE``: "either version 2 of the License, or
  (at your option) any later version"), commit dc81d037 (2024-11-20). ``SQLUsers.py``,
  ``VerificationsHandler``: ``_send`` builds the subject ``mail_identity + " verification
  code"`` (``mail_identity = "SpringRTS"``) and the body from the reason the protocol gives,
  the code and the expiry (``datetime.now() + timedelta(days=2)``, ``%Y-%m-%d`` at
  ``%H:%M`` CET); ``_send_reset_password_email`` the ``account recovery`` mail with the new
  password; ``_send_email`` appends the contact line, makes ``MIMEText(body, 'plain')``
  with ``Subject``, ``From`` (``SpringRTS <mail_user>``) and ``To`` (``"," + to``: the
  leading comma is sent), and hands ``message.as_string()`` to ``smtplib.sendmail``, which
  turns every line end into CRLF. The same calls are made here (Python's own ``email``);
  the mail carries no Date or Message-ID (the server adds none). The reasons are those of
  ``protocol/Protocol.py``: ``in_REGISTER`` (four digits), ``in_CHANGEEMAILREQUEST`` (four
  digits; its "on on" is in the source), ``in_RESETPASSWORDREQUEST`` (eight digits).
  ``Verification.__init__`` draws the code with ``random.randint(10**(digits-1),
  10**digits-1)``; ``reset_password`` the new password as ten characters of
  ``a-zA-Z1234567890!£$%^&*?`` (one without ``£`` is used here, so the mail stays ASCII).
  Every mail of this sender carries a code.

- HangarMC/Hangar (MIT, ``LICENSE``), commit d9573a3a (2026-08-22). ``MailService``
  (``backend/src/main/java/io/papermc/hangar/service/internal/MailService.java``): each
  ``MailType`` has a fixed English subject and a file of
  ``backend/src/main/resources/mail-templates``; ``queueMail`` replaces ``%key%`` with
  each value (``replaceAll``; no value here holds ``$`` or ``\\``), ``sendMail`` uses
  Spring's ``MimeMessageHelper(message, true)`` (multipart/mixed holding
  multipart/related) and ``setText(text, true)`` with no encoding set, so Jakarta Mail
  sends the HTML as ``text/html; charset=us-ascii``, 7bit (all text here is ASCII); From is
  ``hangar.mail.from`` of ``application.yml`` (``Hangar <noreply@mail.papermc.dev>``).
  The boundaries and Message-ID here are fixed strings of Jakarta's shape. Values:
  ``VerificationService``: the code is ``String.format("%06d", secureRandom.nextInt(999999))``,
  the verification link ``baseUrl + "/auth/settings/account?verify=" + code`` (base URL the
  public ``https://hangar.papermc.io``); ``AccountDeletionService``: the deletion date is
  the request plus ``DELETION_DELAY`` (seven days) in ``RFC_1123_DATE_TIME``; ``AuthService``
  gives ``user``, ``newMail``, ``oldName``/``newName``.

- lautaroangelico/WebEngine (MIT, ``LICENSE``), commit 98542131 (2025-03-06), WebEngine CMS
  1.2.6. ``includes/classes/class.email.php``: subjects from ``includes/config/email.xml``
  with ``{SERVER_NAME}`` replaced; the body is ``includes/emails/<TEMPLATE>.txt`` read
  whole, ``str_replace`` of the variables in the order added (``{SERVER_NAME}`` first);
  PHPMailer ``SetFrom(send_from, send_name)``, ``MsgHTML(body)`` (HTML plus PHPMailer's
  ``html2text`` alternative), default Mailer ``mail`` and charset ISO-8859-1. Here a PHP
  driver loads the repository's own ``includes/classes/phpmailer`` and does the same, with
  ``generateId`` overridden to a fixed value (boundaries), fixed ``MessageID``,
  ``MessageDate`` and ``Hostname``, and writes ``getSentMIMEMessage()`` after ``preSend``.
  Callers (``includes/classes/class.account.php``, ``admincp/modules/accountinfo.php``,
  ``includes/classes/class.common.php``): ``CHANGE_PASSWORD`` repeats the password the
  player chose; ``PASSWORD_RECOVERY_COMPLETED`` mails ``rand(11111111,99999999)``;
  ``ADMIN_CHANGE_PASSWORD`` the password the administrator typed; the recovery link's key
  is ``md5(userid . username . date("m-d-Y"))``; the password-change link carries
  ``mt_rand(111111,999999)`` only in the link; the registration key is ``uniqid()``; the
  e-mail-change key ``md5(md5(user).md5(email).md5(date).md5(newemail))``; the expiry is
  ``change_password_request_timeout`` (12) of ``usercp.mypassword.xml``. Server name
  ``MuOnline`` (``webengine.json.default``), sender address an example one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime, timedelta
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

from collect import HERE

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round30" / "games.json"
SENT = datetime(2026, 12, 4, 18, 41, 3, tzinfo=UTC)
TO = "noor.tester@example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo / "repo"
    if (git_dir / ".git").is_dir():
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# uberserver (SpringRTS lobby server)

UBER = "spring+uberserver"
UBER_COMMIT = "dc81d0370506d65bf0aba649019c89ef1ab14842"
UBER_FROM = "no-reply@springrts.com"  # root.mail_user of SQLUsers.py's own test block
UBER_IDENTITY = "SpringRTS"
UBER_CONTACT = "https://springrts.com"
UBER_USER = "NoorT"
UBER_EXPIRY = datetime(2026, 12, 6, 19, 41, 3)  # datetime.now() + timedelta(days=2)
UBER_PATHS = "SQLUsers.py, protocol/Protocol.py"
UBER_RENDERED = (
    "VerificationsHandler._send / _send_reset_password_email and _send_email redone: "
    "MIMEText(body, 'plain'), Subject, From, To; as_string() with CRLF line ends as "
    "smtplib.sendmail sends it"
)

UBER_MAILS = [
    (
        "uberserver-register",
        "verify",
        f"registered an account on the SpringRTS lobbyserver (username: {UBER_USER})",
        "4827",
    ),
    (
        "uberserver-changeemail",
        "verify",
        f"requested to change your email address for the account <{UBER_USER}> on on the "
        "SpringRTS lobbyserver",
        "7391",
    ),
    (
        "uberserver-recover",
        "verify",
        "requested to recover your account <" + UBER_USER + "> on the SpringRTS lobbyserver",
        "60482915",
    ),
    ("uberserver-newpassword", "reset", None, "r7K!mQ2x^P"),
]


def uber_mail(subject: str, body: str) -> bytes:
    body += (
        "\r\n\r\nIf you received this message in error, please contact us at "
        + UBER_CONTACT
        + ". Direct replies to this message will be automatically deleted."
    )
    message = MIMEText(body, "plain")
    message["Subject"] = subject
    message["From"] = UBER_IDENTITY + " <" + UBER_FROM + ">"
    message["To"] = "," + TO
    data = message.as_string()
    return re.sub(r"(?:\r\n|\n|\r(?!\n))", "\r\n", data).encode("ascii")  # smtplib


def uberserver(mirrors: Path, w: Writer) -> None:
    source = git_show(mirrors, UBER, UBER_COMMIT, "SQLUsers.py").decode()
    assert 'body = "You are recieving this email because you recently " + reason' in source
    assert "self.code = random.randint(10**(digits-1),10**(digits)-1)" in source
    protocol = git_show(mirrors, UBER, UBER_COMMIT, "protocol/Protocol.py").decode()
    for group, kind, reason, code in UBER_MAILS:
        if kind == "verify":
            assert reason.split("(")[0].split("<")[0] in protocol, reason
            subject = UBER_IDENTITY + " verification code"
            body = (
                "You are recieving this email because you recently "
                + reason
                + ".\r\nYour email verification code is "
                + code
                + "\r\n\r\nThis verification code will expire on "
                + UBER_EXPIRY.strftime("%Y-%m-%d")
                + " at "
                + UBER_EXPIRY.strftime("%H:%M")
                + " CET."
            )
            note = None
        else:
            subject = UBER_IDENTITY + " account recovery"
            body = (
                "You are recieving this email because you recently requested to recover the "
                "account <"
                + UBER_USER
                + "> at the "
                + UBER_IDENTITY
                + " lobby server.\r\nYour new password is "
                + code
            )
            note = (
                "the new password is ten characters of reset_password's set, which holds "
                "!$%^&*?; its symbols are part of the password and kept"
            )
        fields = {
            "source": "uberserver",
            "group": group,
            "lang": "en",
            "raw": uber_mail(subject, body),
            "kind": "saas-otp",
            "code": code,
            "repository": "spring/uberserver",
            "path": UBER_PATHS,
            "commit": UBER_COMMIT,
            "licence": "GPL-2.0-or-later",
            "rendered": UBER_RENDERED,
        }
        if note:
            fields["note"] = note
        w.add(**fields)


# ---------------------------------------------------------------------------------------
# Hangar (PaperMC plugin portal)

HANGAR = "HangarMC+Hangar"
HANGAR_COMMIT = "d9573a3a79985ac7d924aa178d0fd51ba83f6f31"
HANGAR_BASE = "https://hangar.papermc.io"
HANGAR_FROM = "Hangar <noreply@mail.papermc.dev>"
HANGAR_USER = "NoorT"
HANGAR_DELETION = SENT + timedelta(days=7)
HANGAR_RENDERED = (
    "MailService.queueMail (%key% replaced) and sendMail redone: MimeMessageHelper(message, "
    "true) multipart/mixed > multipart/related > text/html (no encoding set: us-ascii, 7bit)"
)

HANGAR_MAILS = [
    # group, MailType subject, file, placeholders, code, kind
    (
        "hangar-verification",
        "Hangar Email Verification",
        "email-verification.html",
        {
            "user": HANGAR_USER,
            "code": "305817",
            "link": HANGAR_BASE + "/auth/settings/account?verify=305817",
        },
        "305817",
        "saas-otp",
    ),
    (
        "hangar-reset",
        "Hangar Password Reset",
        "password-reset.html",
        {"user": HANGAR_USER, "code": "049263"},
        "049263",
        "saas-otp",
    ),
    (
        "hangar-emailchanged",
        "Hangar Email Changed",
        "email-changed.html",
        {"user": HANGAR_USER, "newMail": "noor.t@example.org"},
        None,
        "notice",
    ),
    (
        "hangar-usernamechanged",
        "Hangar Username Changed",
        "username-changed.html",
        {"oldName": HANGAR_USER, "newName": "NoorTester"},
        None,
        "notice",
    ),
    (
        "hangar-passwordchanged",
        "Hangar Password Changed",
        "password-changed.html",
        {"user": HANGAR_USER},
        None,
        "notice",
    ),
    (
        "hangar-deletionrequested",
        "Hangar Account Deletion Requested",
        "account-deletion-requested.html",
        {
            "user": HANGAR_USER,
            # DateTimeFormatter.RFC_1123_DATE_TIME of an OffsetDateTime at UTC
            "date": HANGAR_DELETION.strftime("%a, ")
            + str(HANGAR_DELETION.day)
            + HANGAR_DELETION.strftime(" %b %Y %H:%M:%S GMT"),
            "link": HANGAR_BASE + "/auth/settings/account",
        },
        None,
        "notice",
    ),
    (
        "hangar-deletioncancelled",
        "Hangar Account Deletion Cancelled",
        "account-deletion-cancelled.html",
        {"user": HANGAR_USER},
        None,
        "notice",
    ),
    (
        "hangar-deleted",
        "Hangar Account Deleted",
        "account-deleted.html",
        {"user": HANGAR_USER},
        None,
        "notice",
    ),
]


def hangar(mirrors: Path, w: Writer) -> None:
    service = git_show(
        mirrors,
        HANGAR,
        HANGAR_COMMIT,
        "backend/src/main/java/io/papermc/hangar/service/internal/MailService.java",
    ).decode()
    for n, (group, subject, file, values, code, kind) in enumerate(HANGAR_MAILS):
        assert f'("{subject}", "{file}")' in service, subject
        path = "backend/src/main/resources/mail-templates/" + file
        template = git_show(mirrors, HANGAR, HANGAR_COMMIT, path).decode()
        text = "\n".join(template.splitlines())  # reader.lines() joined by lineSeparator
        for key, value in values.items():
            text = text.replace("%" + key + "%", value)
        html = MIMEText(text, "html", "us-ascii")
        del html["MIME-Version"]
        html.replace_header("Content-Transfer-Encoding", "7bit")
        html.replace_header("Content-Type", "text/html; charset=us-ascii")  # Jakarta's form
        related = MIMEMultipart("related", boundary=f"----=_Part_{n}_1048576.1796410863001")
        del related["MIME-Version"]
        related.attach(html)
        root = MIMEMultipart("mixed", boundary=f"----=_Part_{n}_2097152.1796410863000")
        root.attach(related)
        # Jakarta Mail's header order: Date, From, To, Message-ID, Subject, MIME-Version
        headers = [
            ("Date", "Fri, 4 Dec 2026 18:41:03 +0000 (UTC)"),
            ("From", HANGAR_FROM),
            ("To", TO),
            ("Message-ID", f"<{n}.1796410863000@hangar.example>"),
            ("Subject", subject),
        ]
        del root["MIME-Version"]
        del root["Content-Type"]
        for key, value in headers:
            root[key] = value
        root["MIME-Version"] = "1.0"
        root["Content-Type"] = f'multipart/mixed; boundary="----=_Part_{n}_2097152.1796410863000"'
        raw = root.as_bytes(policy=root.policy.clone(linesep="\r\n"))
        fields = {
            "source": "hangar",
            "group": group,
            "lang": "en",
            "raw": raw,
            "kind": kind,
            "code": code,
            "repository": "HangarMC/Hangar",
            "path": (
                path + ", backend/src/main/java/io/papermc/hangar/service/internal/"
                "MailService.java, backend/src/main/java/io/papermc/hangar/components/auth/"
                "service/VerificationService.java"
            ),
            "commit": HANGAR_COMMIT,
            "licence": "MIT",
            "rendered": HANGAR_RENDERED,
        }
        if group == "hangar-verification":
            fields["note"] = (
                "the code is shown in the text and again at the end of the verification "
                "link; the text's six digits are the label"
            )
        w.add(**fields)


# ---------------------------------------------------------------------------------------
# WebEngine CMS (MU Online)

WE = "lautaroangelico+WebEngine"
WE_COMMIT = "98542131bb88e33eba4603912d1e0dcd6e6bc800"
WE_BASE = "https://mu.example.com/"  # __BASE_URL__
WE_USER = "noortest"
WE_UID = "1042"
WE_IP = "203.0.113.45"
WE_DAY = "12-04-2026"  # date("m-d-Y") of the recovery request
WE_RECOVERY_KEY = hashlib.md5((WE_UID + WE_USER + WE_DAY).encode()).hexdigest()
WE_NEW_EMAIL = "noor.t@example.org"
WE_REQUEST_DATE = "1796515140"  # strtotime(date("m/d/Y 23:59")) at UTC
WE_EMAIL_KEY = hashlib.md5(
    "".join(
        hashlib.md5(s.encode()).hexdigest() for s in (WE_USER, TO, WE_REQUEST_DATE, WE_NEW_EMAIL)
    ).encode()
).hexdigest()

WE_MAILS = [
    # group, template, variables (after {SERVER_NAME}), code, kind, caller
    (
        "webengine-changepassword",
        "CHANGE_PASSWORD",
        [("{USERNAME}", WE_USER), ("{NEW_PASSWORD}", "Kalima2026")],
        "Kalima2026",
        "saas-otp",
        "includes/classes/class.account.php",
    ),
    (
        "webengine-recoverycompleted",
        "PASSWORD_RECOVERY_COMPLETED",
        [("{USERNAME}", WE_USER), ("{NEW_PASSWORD}", "58203716")],
        "58203716",
        "saas-otp",
        "includes/classes/class.account.php",
    ),
    (
        "webengine-adminchangepassword",
        "ADMIN_CHANGE_PASSWORD",
        [("{USERNAME}", WE_USER), ("{NEW_PASSWORD}", "DevilSq77")],
        "DevilSq77",
        "saas-otp",
        "admincp/modules/accountinfo.php",
    ),
    (
        "webengine-recoveryrequest",
        "PASSWORD_RECOVERY_REQUEST",
        [
            ("{USERNAME}", WE_USER),
            ("{DATE}", "2026-12-04 @ 06:41 pm"),
            ("{IP_ADDRESS}", WE_IP),
            (
                "{LINK}",
                WE_BASE + f"forgotpassword/?ui={WE_UID}&ue={TO}&key={WE_RECOVERY_KEY}",
            ),
        ],
        None,
        "notice",
        "includes/classes/class.account.php, includes/classes/class.common.php",
    ),
    (
        "webengine-changepasswordverify",
        "CHANGE_PASSWORD_EMAIL_VERIFICATION",
        [
            ("{USERNAME}", WE_USER),
            ("{DATE}", "12/04/2026 @ 06:41 pm"),
            ("{IP_ADDRESS}", WE_IP),
            ("{LINK}", WE_BASE + f"verifyemail/?op=1&uid={WE_UID}&ac=736204"),
            ("{EXPIRATION_TIME}", "12"),
        ],
        None,
        "notice",
        "includes/classes/class.account.php, includes/classes/class.common.php, "
        "includes/config/modules/usercp.mypassword.xml",
    ),
    (
        "webengine-welcomeverify",
        "WELCOME_EMAIL_VERIFICATION",
        [
            ("{USERNAME}", WE_USER),
            ("{LINK}", WE_BASE + f"verifyemail/?op=2&user={WE_USER}&key=6750a1b3c2d4e"),
        ],
        None,
        "notice",
        "includes/classes/class.account.php",
    ),
    (
        "webengine-welcome",
        "WELCOME_EMAIL",
        [("{USERNAME}", WE_USER)],
        None,
        "notice",
        "includes/classes/class.account.php",
    ),
    (
        "webengine-changeemailverify",
        "CHANGE_EMAIL_VERIFICATION",
        [
            ("{USERNAME}", WE_USER),
            ("{IP_ADDRESS}", WE_IP),
            ("{NEW_EMAIL}", WE_NEW_EMAIL),
            (
                "{LINK}",
                WE_BASE + f"verifyemail/?op=3&uid={WE_UID}&email={WE_NEW_EMAIL}&key={WE_EMAIL_KEY}",
            ),
        ],
        None,
        "notice",
        "includes/classes/class.account.php",
    ),
    (
        "webengine-adminchangeemail",
        "ADMIN_CHANGE_EMAIL",
        [("{USERNAME}", WE_USER), ("{NEW_EMAIL}", WE_NEW_EMAIL)],
        None,
        "notice",
        "admincp/modules/accountinfo.php",
    ),
]

WE_DRIVER = r"""<?php
// Email::send() of includes/classes/class.email.php, with fixed ids and date.
require $argv[1] . '/Exception.php';
require $argv[1] . '/PHPMailer.php';
require $argv[1] . '/SMTP.php';
class FixedMailer extends PHPMailer\PHPMailer\PHPMailer {
    protected function generateId() { return 'Zm9yIHRoZSBjb3JwdXMsIGZpeGVkIGlkcw'; }
}
$job = json_decode(file_get_contents($argv[2]), true);
$mail = new FixedMailer(true);
$mail->Hostname = 'mu.example.com';
$mail->MessageID = '<Zm9yIHRoZSBjb3JwdXMsIGZpeGVkIGlkcw@mu.example.com>';
$mail->MessageDate = 'Fri, 4 Dec 2026 18:41:03 +0000';
$mail->SetFrom($job['from'], $job['name']);
$mail->AddAddress($job['to']);
$mail->Subject = str_replace('{SERVER_NAME}', $job['server'], $job['subject']);
$variables = array_merge(array('{SERVER_NAME}'), $job['variables']);
$values = array_merge(array($job['server']), $job['values']);
$mail->MsgHTML(str_replace($variables, $values, $job['template']));
$mail->preSend();
echo $mail->getSentMIMEMessage();
"""


def webengine(mirrors: Path, w: Writer) -> None:
    config = git_show(mirrors, WE, WE_COMMIT, "includes/config/email.xml").decode("latin-1")
    subjects = dict(
        (name, subject)
        for subject, name in re.findall(
            r"<subject>(.*?)</subject>\s*<filename>(.*?)</filename>", config
        )
    )
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / "phpmailer"
        lib.mkdir()
        for name in ("Exception.php", "PHPMailer.php", "SMTP.php"):
            (lib / name).write_bytes(
                git_show(mirrors, WE, WE_COMMIT, "includes/classes/phpmailer/" + name)
            )
        driver = Path(tmp) / "driver.php"
        driver.write_text(WE_DRIVER)
        for group, template, variables, code, kind, caller in WE_MAILS:
            path = f"includes/emails/{template}.txt"
            job = {
                "from": "noreply@mu.example.com",
                "name": "MuOnline",
                "server": "MuOnline",
                "to": TO,
                "subject": subjects[template],
                "template": git_show(mirrors, WE, WE_COMMIT, path).decode("latin-1"),
                "variables": [k for k, _ in variables],
                "values": [v for _, v in variables],
            }
            job_file = Path(tmp) / "job.json"
            job_file.write_text(json.dumps(job))
            raw = subprocess.run(
                ["php", "-n", str(driver), str(lib), str(job_file)],
                capture_output=True,
                check=True,
            ).stdout
            fields = {
                "source": "webengine",
                "group": group,
                "lang": "en",
                "raw": raw,
                "kind": kind,
                "code": code,
                "repository": "lautaroangelico/WebEngine",
                "path": f"{path}, includes/config/email.xml, includes/classes/class.email.php, "
                + caller,
                "commit": WE_COMMIT,
                "licence": "MIT",
                "rendered": (
                    "class.email.php's steps in a PHP 8.2 driver with the repository's "
                    "PHPMailer 6.9.3: str_replace of the variables, MsgHTML (text/html plus "
                    "html2text text/plain), ISO-8859-1, fixed ids; getSentMIMEMessage()"
                ),
            }
            if group == "webengine-changepassword":
                fields["note"] = "the password the player chose, repeated in green after 'to:'"
            if group == "webengine-adminchangepassword":
                fields["note"] = "the password the administrator typed, shown in bold"
            w.add(**fields)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    uberserver(args.mirrors, w)
    hangar(args.mirrors, w)
    webengine(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
