"""Round 28, ERP (blind): OroPlatform, the application platform under OroCRM and OroCommerce
(its system e-mail templates: the invitation of a new back-office user with the generated
password, password resets, impersonation, maintenance, mailbox and import/export notices),
and ProjeQtOr 5.5, the project, time-tracking and billing manager (the account mail with
the initial password, and the administrator's LDAP new-user notice in 16 locales), rendered
from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_erp.py \\
        --mirrors /work/.mirror

The Oro templates are simple enough (variables, ``if``/``else``, ``apply spaceless``) to be
rendered by the small Twig subset below, with Twig's own whitespace rules. ProjeQtOr's
mails are built by the PHPMailer 5.2.16 its snapshot ships, so a PHP command line is needed:
Debian's ``apt-get install php-cli`` (PHP 8.2 here; deprecation notices are silenced). The
collector writes that one library file from the snapshot to a temporary directory, runs it
and deletes it; nothing of it is committed.

- oroinc/platform (MIT: LICENSE is the MIT text, "Copyright (c) 2024 Oro Inc."), commit
  ORO_COMMIT. The system templates are ``Migrations/Data/ORM/emails/**.html.twig`` files of
  the bundles (paths in each item). They are loaded into the database by
  ``EmailBundle/EmailTemplateHydrator/EmailTemplateRawDataParser.php`` (``parseRawData``):
  every ``{# @name = value #}`` header line is matched by
  ``#(?:\\{\\#\\s*)?@(?P<name>\\w+?)\\s?=\\s?(?P<value>.*?)(?:\\s*\\#\\})?\\n#i``, removed, and the
  rest trimmed; ``@subject`` is the subject. Subject and content are then rendered by the
  sandboxed Twig environment (``{# #}`` comments and ``{% %}`` tags drop one newline right
  after them; ``spaceless`` is ``trim(preg_replace('/>\\s+</', '><', ...))``; ``nl2br``
  puts ``<br />`` before each newline). ``EmailBundle/Sender/EmailFactory.php``
  (``createFromEmailModel``) builds the Symfony e-mail: Date, From, Reply-To and
  Return-Path the sender, To, Subject, and the body as ``html()`` for an HTML template: one
  ``text/html; charset=utf-8`` part (quoted-printable here, as Symfony Mime encodes text
  parts). The sender is the configured notification sender
  (``NotificationBundle/DependencyInjection/Configuration.php``:
  ``email_notification_sender_name`` "Oro", ``email_notification_sender_email``; set here to
  ``no-reply@erp.northwind-supply.example``). Values: ``oro_format_name`` of a user is the
  full name; ``oro_get_absolute_url`` is the configured application URL plus the route path
  (``UserBundle/Resources/config/oro/routing.yml`` prefix ``/user``,
  ``Controller/ResetController.php`` ``/reset/{token}``, ``Controller/SecurityController.php``
  ``/login``); ``confirmationToken`` has the shape of ``AbstractUser::generateToken``
  (``base_convert(bin2hex(sha256(...)), 16, 36)``: lower-case base 36, about 50 characters);
  the invitation's password has the shape of ``BaseUserManager::generatePassword(10)``
  (``UserBundle/Form/Handler/UserHandler.php``: one capital, one digit and a base-36 token,
  cut to 10 and shuffled), passed as ``password`` when "send password in invitation e-mail"
  is on (else empty, and the template shows a reset button instead).
  Labels: the invitation with a password carries that password (the mail gives it to be
  typed at the login page); every other mail is a notice (reset and confirmation tokens are
  only inside links). English only (the templates are not translated).
- projeqtor/main (GPL-3.0-or-later: the file headers say "either version 3 of the License,
  or (at your option) any later version"; the repository has no licence file, so
  LICENSES/projeqtor+main is the GPL-3.0 text), commit PROJEQTOR_COMMIT, an import of the
  project's Subversion tree; the newest branch, ``branches/V5.5/projeqtor/``, is used.
  ``tool/sendMail.php`` (className User) fills the global parameters
  ``paramMailTitleUser`` and ``paramMailBodyUser`` (seeded in English by
  ``db/projeqtor_V3.3.0.sql``) with ``SqlElement::parseMailMessage``: ``str_replace`` of
  ``${dbName}``, ``${sender}`` (the session user's resource name), ``${url}``
  (``getBaseUrl``: the address up to ``/tool/``), ``${login}``, ``${password}``
  (``paramDefaultPassword``, which ``db/projeqtor_V4.0.0.sql`` sets to "projeqtor") and
  ``${adminMail}``. ``model/UserMain.php`` (``authenticate``, a user created from LDAP,
  ``ldapMsgOnUserCreation`` MAIL) sends the administrator "ProjeQtOr - " + i18n('newUser')
  and i18n('newUserMessage', [login]) in the instance's locale: ``tool/projeqtor.php``
  ``i18n`` reads ``tool/i18n/nls/<locale>/lang.js`` line by line (split at ':' then ','),
  done here in Python the same way. Both go through ``sendMail_phpmailer``
  (``tool/projeqtor.php``): SMTP, From ``paramMailSender`` with ``paramMailReplyToName``,
  Reply-To, ``WordWrap`` 70, ``isHTML(true)``, UTF-8, the body alone (one text/html part).
  Rendering: the same settings on the snapshot's ``external/PHPMailer/class.phpmailer.php``,
  stopped after ``preSend()`` and read with ``getSentMIMEMessage()``; Date and Message-ID
  are fixed here (PHPMailer would make them), and line ends are CRLF as its SMTP class
  sends them. Labels: the account mail gives the password to type ("projeqtor", the default
  password, to be changed on first connection); the LDAP notices only a login name
  (Japanese's catalogue writes ``$1``, which stays as written; Persian's is the bracketed
  English placeholder, Greek's message untranslated, all as the instance would send them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round28" / "erp.json"

ORO = "oroinc/platform"
ORO_COMMIT = "3aec000be42c116977babe152a4ebfe81d997235"
ORO_FROM = "Oro <no-reply@erp.northwind-supply.example>"
ORO_URL = "https://erp.northwind-supply.example"
SENT = datetime(2026, 11, 17, 9, 42, 5, tzinfo=UTC)
PROJEQTOR = "projeqtor/main"
PROJEQTOR_COMMIT = "56d0160bf8be2f0d171863b062b41dd46e1b97d0"
PQ = "branches/V5.5/projeqtor/"
PQ_SENDER = "pmo@northwind-supply.example"
PQ_SENDER_NAME = "Northwind PMO"
PQ_BASE_URL = "https://pm.northwind-supply.example/projeqtor"
PQ_DEFAULT_PASSWORD = "projeqtor"
PQ_LOCALES = {
    "de": "de",
    "el": "el",
    "en": "en",
    "es": "es",
    "fa": "fa",
    "fr": "fr",
    "fr-ca": "fr-CA",
    "hr": "hr",
    "it": "it",
    "ja": "ja",
    "nl": "nl",
    "pt": "pt",
    "pt-br": "pt-BR",
    "ru": "ru",
    "ua": "uk",
    "zh": "zh",
}


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def base36_token(seed: str) -> str:
    """A token of AbstractUser::generateToken's shape (sha256 as a base-36 number)."""
    number = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while number:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
    return out


# --- a Twig subset -----------------------------------------------------------------------

HEADER = re.compile(r"(?:\{#\s*)?@(?P<name>\w+?)\s?=\s?(?P<value>.*?)(?:\s*#\})?\n", re.I)
TOKEN = re.compile(r"\{#.*?#\}\n?|\{%\s*(.*?)\s*%\}\n?|\{\{\s*(.*?)\s*\}\}", re.S)


def parse_raw_data(raw: str) -> tuple[dict, str]:
    """EmailTemplateRawDataParser::parseRawData."""
    data = {}
    for match in HEADER.finditer(raw):
        data[match["name"].strip()] = match["value"].strip()
        raw = raw.replace(match[0], "").strip()
    return data, raw


def twig(template: str, values: dict, conditions: dict) -> str:
    """Render the tags these templates use: comments, {{ expr }} (looked up in values),
    {% if c %}/{% else %}/{% endif %} (c looked up in conditions), {% apply spaceless %}."""
    pos = 0
    root: list = []
    stack = [("root", root)]
    for match in TOKEN.finditer(template):
        stack[-1][1].append(template[pos : match.start()])
        pos = match.end()
        tag, expr = match[1], match[2]
        if expr is not None:
            stack[-1][1].append({"expr": expr})
        elif tag is None:
            continue  # comment
        elif tag.startswith("if "):
            node = {"cond": tag[3:], "then": [], "else": []}
            stack[-1][1].append(node)
            stack.append(("if", node["then"], node))
        elif tag == "else":
            node = stack.pop()[2]
            stack.append(("if", node["else"], node))
        elif tag == "endif":
            stack.pop()
        elif tag == "apply spaceless":
            node = {"spaceless": []}
            stack[-1][1].append(node)
            stack.append(("apply", node["spaceless"]))
        elif tag == "endapply":
            stack.pop()
        else:
            raise ValueError(tag)
    stack[-1][1].append(template[pos:])
    assert len(stack) == 1

    def out(nodes: list) -> str:
        text = ""
        for node in nodes:
            if isinstance(node, str):
                text += node
            elif "expr" in node:
                text += str(values[node["expr"]])
            elif "spaceless" in node:
                text += re.sub(r">\s+<", "><", out(node["spaceless"])).strip()
            else:
                text += out(node["then"] if conditions[node["cond"]] else node["else"])
        return text

    return out(root)


def nl2br(text: str) -> str:
    return re.sub(r"(\r\n|\n|\r)", r"<br />\1", text)


def symfony_html_mail(subject: str, html: str, to: str) -> bytes:
    msg = EmailMessage()
    msg["Date"] = format_datetime(SENT)
    msg["From"] = ORO_FROM
    msg["Reply-To"] = ORO_FROM
    msg["Return-Path"] = ORO_FROM.split("<")[1].rstrip(">")
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = "<corpus@mail.example>"
    msg.set_content(html, subtype="html", charset="utf-8", cte="quoted-printable")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


# --- OroPlatform -------------------------------------------------------------------------

USER = "src/Oro/Bundle/UserBundle/"
USER_EMAILS = USER + "Migrations/Data/ORM/emails/user/"
INVITE = USER + "Migrations/Data/ORM/invite_user_emails/invite_user.html.twig"
CODE_FILES = [
    "src/Oro/Bundle/EmailBundle/EmailTemplateHydrator/EmailTemplateRawDataParser.php",
    "src/Oro/Bundle/EmailBundle/Sender/EmailFactory.php",
]

MARTA = {
    "name": "Marta Kowalczyk",
    "username": "mkowalczyk",
    "email": "marta.kowalczyk@northwind-supply.example",
}
DEV = {
    "name": "Devraj Menon",
    "username": "dmenon",
    "email": "devraj.menon@northwind-supply.example",
}
INVITE_PASSWORD = "h4tq8Nz2wk"  # generatePassword(10): a capital, a digit, base-36 token


def oro(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, ORO, ORO_COMMIT, p)  # noqa: E731
    code = {p: show(p) for p in CODE_FILES}
    assert "$symfonyEmail->html($body);" in code[CODE_FILES[1]]
    assert "@(?P<name>\\w+?)\\s?=\\s?(?P<value>.*?)(?:\\s*\\#\\})?\\n#i" in code[CODE_FILES[0]]
    handler = show(USER + "Form/Handler/UserHandler.php")
    assert "$this->manager->generatePassword(10)" in handler
    assert "['entity' => $user, 'user' => $user, 'password' => $plainPassword]" in handler
    manager = show(USER + "Entity/BaseUserManager.php")
    assert "substr(str_shuffle('ABCDEFGHIJKLMNOPQRSTUVWXYZ'), 0, 1)" in manager
    assert re.fullmatch(r"[a-z0-9]*[A-Z][a-z0-9]*", INVITE_PASSWORD) and len(INVITE_PASSWORD) == 10
    assert any(ch.isdigit() for ch in INVITE_PASSWORD)

    def reset_url(seed: str) -> str:
        return f"{ORO_URL}/user/reset/{base36_token(seed)}"

    marta_name = f"{MARTA['name']}"
    mails = [
        # id, template path, values, conditions, to, kind, code, note
        (
            "oro-invite-user-password",
            INVITE,
            {
                "user|oro_format_name": marta_name,
                "oro_get_absolute_url('oro_user_security_login')": f"{ORO_URL}/user/login",
                "system.appURL": ORO_URL,
                "user.username": MARTA["username"],
                "password": INVITE_PASSWORD,
            },
            {"password is not empty": True},
            MARTA,
            "saas-otp",
            INVITE_PASSWORD,
            "invitation of a new back-office user with 'send password in invitation email' on: "
            "Login and the generated Password (generatePassword(10)) to type at the login page",
        ),
        (
            "oro-invite-user-reset",
            INVITE,
            {
                "user|oro_format_name": DEV["name"],
                "oro_get_absolute_url('oro_user_security_login')": f"{ORO_URL}/user/login",
                "system.appURL": ORO_URL,
                "user.username": DEV["username"],
                "oro_get_absolute_url('oro_user_reset_reset', { token: user.confirmationToken })": (
                    reset_url("invite-dmenon")
                ),
            },
            {"password is not empty": False},
            DEV,
            "notice",
            None,
            "invitation without a password: the login name and a Reset Password button "
            "(the token only in its link)",
        ),
        (
            "oro-user-reset-password",
            USER_EMAILS + "user_reset_password.html.twig",
            {
                "entity|oro_format_name": marta_name,
                "oro_get_absolute_url('oro_user_reset_reset', { token: entity.confirmationToken })": (
                    reset_url("reset-mkowalczyk")
                ),
            },
            {},
            MARTA,
            "notice",
            None,
            "password reset request: the token only in the button's link",
        ),
        (
            "oro-force-reset-password",
            USER_EMAILS + "force_reset_password.html.twig",
            {
                "entity|oro_format_name": DEV["name"],
                "oro_get_absolute_url('oro_user_reset_reset', { token: entity.confirmationToken })": (
                    reset_url("force-dmenon")
                ),
            },
            {},
            DEV,
            "notice",
            None,
            "administrator-forced reset: the token only in the button's link",
        ),
        (
            "oro-user-change-password",
            USER_EMAILS + "user_change_password.html.twig",
            {
                "entity|oro_format_name": marta_name,
                "oro_get_absolute_url('oro_default')": f"{ORO_URL}/",
            },
            {},
            MARTA,
            "notice",
            None,
            "says the password was reset; gives no password",
        ),
        (
            "oro-user-impersonate",
            USER_EMAILS + "user_impersonate.html.twig",
            {"entity|oro_format_name": DEV["name"]},
            {},
            DEV,
            "notice",
            None,
            None,
        ),
        (
            "oro-system-maintenance",
            "src/Oro/Bundle/NotificationBundle/Migrations/Data/ORM/data/emails/"
            "system_maintenance.html.twig",
            {
                "maintenance_message|nl2br": nl2br(
                    "The ERP will be unavailable on Saturday, 21 November 2026 from 22:00 to "
                    "23:30 UTC while the database is upgraded.\n"
                    "Please post open purchase orders and time sheets before 21:30.\n"
                    "IT Operations, Northwind Supply"
                ),
            },
            {},
            MARTA,
            "notice",
            None,
            "the message an administrator passes to oro:maintenance-notification",
        ),
        (
            "oro-sync-wrong-credentials-user-box",
            "src/Oro/Bundle/ImapBundle/Migrations/Data/ORM/emails/"
            "sync_wrong_credentials_user_box.html.twig",
            {"username": MARTA["email"], "host": "imap.northwind-supply.example"},
            {},
            MARTA,
            "notice",
            None,
            "the mailbox's user name and host only",
        ),
        (
            "oro-sync-wrong-credentials-system-box",
            "src/Oro/Bundle/ImapBundle/Migrations/Data/ORM/emails/"
            "sync_wrong_credentials_system_box.html.twig",
            {
                "username": "accounts-payable@northwind-supply.example",
                "host": "imap.northwind-supply.example",
            },
            {},
            DEV,
            "notice",
            None,
            "the mailbox's user name and host only",
        ),
        (
            "oro-datagrid-export-result",
            "src/Oro/Bundle/DataGridBundle/Migrations/Data/ORM/emails/datagrid_export_result.html.twig",
            {
                "jobName": "oro_datagrid_export_orders-grid_2026-11-17-094158",
                "exportResult['url']": f"{ORO_URL}/importexport/export/download/"
                "orders_grid_2026_11_17_09_41_58_673c2f1e8b7a4.csv",
            },
            {"exportResult['success']": True},
            MARTA,
            "notice",
            None,
            "job name and a download link",
        ),
        (
            "oro-export-result",
            "src/Oro/Bundle/ImportExportBundle/Migrations/Data/ORM/emails/importExport/"
            "export_result.html.twig",
            {
                "jobName": "oro_importexport_export_invoice_2026-11-17-094201",
                "exportResult['readsCount']": 1284,
                "exportResult['entities']": "Invoices",
                "exportResult['url']": f"{ORO_URL}/importexport/export/download/"
                "invoice_2026_11_17_09_42_01_673c2f21a9d03.csv",
            },
            {"exportResult['readsCount']": True, "exportResult['errorsCount']": False},
            DEV,
            "notice",
            None,
            "export of 1284 invoices: counts and a download link",
        ),
        (
            "oro-import-result",
            "src/Oro/Bundle/ImportExportBundle/Migrations/Data/ORM/emails/importExport/"
            "import_result.html.twig",
            {
                "data['fileName']": "payroll_hours_2026-11.csv",
                "data['errors']": 0,
                "data['process']": 412,
                "data['read']": 412,
                "data['add']": 398,
                "data['delete']": 0,
                "data['update']": 14,
                "data['replace']": 0,
            },
            {"data['delete'] and data['delete'] > 0": False, "data['hasError']": False},
            DEV,
            "notice",
            None,
            "import counts only",
        ),
        (
            "oro-import-error",
            "src/Oro/Bundle/ImportExportBundle/Migrations/Data/ORM/emails/importExport/"
            "import_error.html.twig",
            {
                "originFileName": "supplier_invoices_2026-11.csv",
                "error": "The file has 14 columns in line 37, the header has 12.",
            },
            {},
            MARTA,
            "notice",
            None,
            "file name and the error only",
        ),
    ]
    out = []
    for mail_id, path, values, conditions, person, kind, label, note in mails:
        data, content = parse_raw_data(show(path))
        subject = twig(data["subject"], values, conditions)
        html = twig(content, values, conditions)
        raw = symfony_html_mail(subject, html, f"{person['name']} <{person['email']}>")
        meta = dict(
            id=f"{mail_id}-en",
            source="oro-platform",
            lang="en",
            kind=kind,
            code=label,
            repository=ORO,
            path=", ".join([path, *CODE_FILES]),
            commit=ORO_COMMIT,
            licence="MIT",
            rendered="parseRawData (header comments removed, @subject), Twig subset with "
            "Twig's newline rules, EmailFactory: one text/html utf-8 part",
            note=note,
        )
        out.append((meta, raw))
    return out


# --- ProjeQtOr ---------------------------------------------------------------------------

PHPMAILER_RUN = r"""<?php
error_reporting(E_ALL & ~E_DEPRECATED);
require $argv[1];
$in = json_decode(stream_get_contents(STDIN), true);
$phpmailer = new PHPMailer();
$phpmailer->isSMTP();
$phpmailer->From = $in['from'];
$phpmailer->FromName = $in['fromName'];
$phpmailer->addAddress($in['to'], null);
$phpmailer->addReplyTo($in['replyTo'], $in['fromName']);
$phpmailer->WordWrap = 70;
$phpmailer->isHTML(true);
$phpmailer->Subject = $in['subject'];
$phpmailer->Body = $in['body'];
$phpmailer->CharSet = "UTF-8";
$phpmailer->MessageID = $in['messageId'];
$phpmailer->MessageDate = $in['date'];
if (!$phpmailer->preSend()) { fwrite(STDERR, $phpmailer->ErrorInfo); exit(1); }
echo $phpmailer->getSentMIMEMessage();
"""


def phpmailer(mirrors: Path, to: str, subject: str, body: str) -> bytes:
    """sendMail_phpmailer's settings, run through the snapshot's own PHPMailer 5.2.16 up to
    preSend(); line ends made CRLF as its SMTP class does when it sends the data."""
    lib = git_show(
        mirrors, PROJEQTOR, PROJEQTOR_COMMIT, PQ + "external/PHPMailer/class.phpmailer.php"
    )
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "class.phpmailer.php").write_text(lib)
        (Path(tmp) / "run.php").write_text(PHPMAILER_RUN)
        job = dict(
            **{"from": PQ_SENDER, "fromName": PQ_SENDER_NAME, "replyTo": PQ_SENDER, "to": to},
            subject=subject,
            body=body,
            messageId="<corpus@mail.example>",
            date=format_datetime(SENT),
        )
        raw = subprocess.run(
            ["php", str(Path(tmp) / "run.php"), str(Path(tmp) / "class.phpmailer.php")],
            input=json.dumps(job).encode(),
            check=True,
            capture_output=True,
        ).stdout
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def pq_i18n(lang_js: str, key: str, args: list[str]) -> str:
    """projeqtor.php i18n(): each line split at ':' and its second piece at ',', trimmed of
    spaces and quotes; ${n} replaced by the n-th argument."""
    messages = {}
    for line in lang_js.splitlines(keepends=True):
        split = line.split(":")
        if len(split) > 1:
            messages[split[0].strip(" ")] = split[1].split(",")[0].strip(" ").strip('"')
    value = messages[key]
    for index, arg in enumerate(args):
        value = value.replace("${" + str(index + 1) + "}", arg)
    return value


def projeqtor(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, PROJEQTOR, PROJEQTOR_COMMIT, PQ + p)  # noqa: E731
    send_tool = show("tool/sendMail.php")
    assert (
        "$title=$userMail->parseMailMessage(Parameter::getGlobalParameter('paramMailTitleUser'));"
        in send_tool
    )
    element = show("model/persistence/SqlElement.php")
    assert (
        "$arrayTo[]=($objectClass=='User')?Parameter::getGlobalParameter('paramDefaultPassword'):'';"
        in element
    )
    seed = show("db/projeqtor_V3.3.0.sql")
    body_t = re.search(r"'paramMailBodyUser', '(.*?)'\),", seed)[1]
    title_t = re.search(r"'paramMailTitleUser', '(.*?)'\);", seed)[1]
    assert "parameterValue='projector' and parameterCode='paramDefaultPassword'" in show(
        "db/projeqtor_V4.0.0.sql"
    )
    tool = show("tool/projeqtor.php")
    assert "$phpmailer->WordWrap = 70; // Set word wrap to 70 characters" in tool
    assert "$title=\"ProjeQtOr - \" . i18n('newUser');" in show("model/UserMain.php")
    files_common = ["tool/projeqtor.php", "external/PHPMailer/class.phpmailer.php"]
    out = []

    # the account mail of /tool/sendMail.php (User), English parameters seeded by the database
    values = {
        "${dbName}": "Northwind PMO",
        "${sender}": "Laura Benedetti",
        "${url}": PQ_BASE_URL,
        "${login}": "jpereira",
        "${password}": PQ_DEFAULT_PASSWORD,
        "${adminMail}": "pmo-admin@northwind-supply.example",
    }
    title, body = title_t, body_t
    for key, value in values.items():  # parseMailMessage: str_replace of each ${key}
        title, body = title.replace(key, value), body.replace(key, value)
    raw = phpmailer(mirrors, "joana.pereira@northwind-supply.example", title, body)
    paths = [
        "tool/sendMail.php",
        "model/persistence/SqlElement.php",
        "db/projeqtor_V3.3.0.sql",
        "db/projeqtor_V4.0.0.sql",
        *files_common,
    ]
    meta = dict(
        id="projeqtor-user-account-en",
        source="projeqtor",
        lang="en",
        kind="saas-otp",
        code=PQ_DEFAULT_PASSWORD,
        repository=PROJEQTOR,
        path=", ".join(PQ + p for p in paths),
        commit=PROJEQTOR_COMMIT,
        licence="GPL-3.0-or-later",
        rendered="paramMailTitleUser/paramMailBodyUser as seeded, parseMailMessage's "
        "str_replace, PHPMailer 5.2.16 (isHTML, WordWrap 70, UTF-8) up to preSend",
        note="account mail sent from the user screen: login jpereira and the password it is "
        "initialised to (paramDefaultPassword, seeded 'projeqtor' since V4.0.0), to be changed "
        "on first connection",
    )
    out.append((meta, raw))

    # the administrator's notice of a user created from LDAP (UserMain::authenticate), in
    # the instance's locale
    for folder, lang in PQ_LOCALES.items():
        lang_js = show(f"tool/i18n/nls/{folder}/lang.js")
        title = "ProjeQtOr - " + pq_i18n(lang_js, "newUser", [])
        body = pq_i18n(lang_js, "newUserMessage", ["jpereira"])
        raw = phpmailer(mirrors, "pmo-admin@northwind-supply.example", title, body)
        meta = dict(
            id=f"projeqtor-ldap-new-user-{lang}",
            source="projeqtor",
            lang=lang,
            kind="notice",
            code=None,
            repository=PROJEQTOR,
            path=", ".join(
                PQ + p
                for p in ["model/UserMain.php", f"tool/i18n/nls/{folder}/lang.js", *files_common]
            ),
            commit=PROJEQTOR_COMMIT,
            licence="GPL-3.0-or-later",
            rendered="i18n('newUser') and i18n('newUserMessage', [login]) with projeqtor.php's "
            "line parser, PHPMailer 5.2.16 (isHTML, WordWrap 70, UTF-8) up to preSend",
            note="tells the administrator a user was created from LDAP; the login only"
            + (" (this catalogue writes $1, which i18n does not replace)" if "$1" in body else ""),
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (oro, projeqtor):
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
