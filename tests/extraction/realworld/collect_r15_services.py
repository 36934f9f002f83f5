"""Round fifteen (``services``): codes and notices of telecom, school, library, health, energy,
voting and car-rental systems.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_services.py [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots fetched for this round: 2600hz+kazoo (MPL-2.0),
GibbonEdu+core (GPL-3.0), emoncms+emoncms (AGPL-3.0), SORMAS-Foundation+SORMAS-Project
(GPL-3.0), sequentech+iam, sequentech+admin-console, sequentech+step (AGPL-3.0),
FreePBX+userman (AGPL-3.0), aelassas+bookcars (MIT), btcpayserver+btcpayserver (MIT). Koha's notices
are held inline (below).

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``. Passwords a mail gives to log in with count as
codes (kind ``other``); user names, case / sample / booking / invoice / account ids,
barcodes, phone numbers and links do not.

- Kazoo (2600hz/kazoo), a telecom / VoIP carrier platform: the teletype notification
  templates ``applications/teletype/priv/templates/<name>.text`` and ``.html`` (erlydtl,
  Django syntax) rendered with Jinja2 after a mechanical translation of the Django syntax
  (``|f:arg`` filters as Jinja calls, ``firstof``, ``spaceless``, Django's ``date``,
  ``floatformat``, ``default``, ``filesizeformat``, ``join``, ``wordwrap`` re-implemented); the
  subjects from ``applications/teletype/src/templates/teletype_<name>.erl`` (``subject()``
  or ``TEMPLATE_SUBJECT``), rendered the same way; From ``no_reply@<host>``
  (``teletype_util:default_from_address``); multipart/alternative text + html as
  ``teletype_util:email_body`` builds it (voicemail audio attachment left out: the box does
  not include the message). English only. The new-user mail carries the password an
  administrator set for the user (invented).
- Gibbon (GibbonEdu/core), a school management platform: the email templates of
  ``gibbon.sql`` (``gibbonEmailTemplate`` rows, Twig) and the legacy inline bodies of
  ``modules/Students/applicationForm_manage_accept.php`` (student and parent welcome),
  ``modules/Staff/applicationForm_manage_accept.php`` and ``passwordResetProcess.php``, put
  into ``resources/templates/mail/message.twig.html`` / ``email.twig.html`` with Jinja2 (the
  few Twig-only expressions of the layout rewritten as Jinja: the ternary of the button
  URL, ``replace({...})``, the footer's ``__()|format``). Subject as ``Mailer::setDefaultSender``
  makes it (``organisationNameShort - subject``) where the caller uses it; the text part as
  ``Mailer::emailBodyStripTags`` makes ``AltBody``; PHPMailer's base64 not reproduced.
  Passwords as ``Gibbon\\Data\\PasswordPolicy::generate`` makes them (eight characters of
  lower, upper case letters and digits under the default policy). English only (the i18n
  submodule is not part of the snapshot).
- emoncms (emoncms/emoncms), an energy-monitoring portal: the password-reset mail of
  ``Modules/user/user_model.php`` (``passwordreset``: a new password
  ``hash('sha256', generate_secure_key(32))``, 64 hex digits, given in the mail to log in
  with) and the e-mail verification mail (link only), built as ``Lib/email.php`` builds the raw
  message (one ``text/html`` 8bit body). English only.
- SORMAS (SORMAS-Foundation/SORMAS-Project), a public-health surveillance system: the
  staff notifications of ``sormas-backend/.../common/messaging/MessagingService.java`` (subject
  ``MessageSubject.<X>`` of ``enum.properties``, body ``String.format`` of the
  ``strings.properties`` message, one ``text/plain; charset=utf-8`` body from
  ``EmailService.sendEmailAsync``; From ``noreply@sormas.org`` / ``SORMAS Support`` as the
  schema's defaults). The case, contact and sample references are ``DataHelper.getShortUuid``
  (first six characters of a base32 uuid, upper case): not codes. Languages: en and every
  locale whose ``strings_<lang>.properties`` translates the three messages (de-DE, fr-FR,
  it-IT, cs-CZ, ur-PK); subjects from ``enum_<lang>.properties`` (English where the file
  holds it).
- Koha (Koha-Community/Koha, GPL-3.0-or-later), a library system: rows of the installer's
  notice files at commit 0031db5c172052296cb67dc50de59786ad1dc268, copied verbatim into
  ``KOHA_ROWS`` (``installer/data/mysql/de-DE/mandatory/sample_notices.sql``,
  ``fr-FR/1-Obligatoire/sample_notices.sql``, ``fr-CA/obligatoire/sample_notices.sql``,
  ``it-IT/necessari/notices.sql``, ``nb-NO/1-Obligatorisk/sample_notices.sql``, and
  ``pl-PL/mandatory/sample_notices.sql``, which ships them in English), filled as
  ``C4::Letters::_parseletter`` does and sent as ``C4/Letters.pm`` (read at
  002a2dcb1f1faed12a24fd820dc5fdaad60f3512) sends them: ACCTDETAILS through ``SendAlerts``
  with the password the librarian set (``substitute => {'borrowers.password' => ...}``),
  the others queued and sent by ``_send_message_by_email`` (html letters wrapped by
  ``_wrap_html``), one part, quoted-printable as Mail::Sendmail sends.
- Sequent, online voting (AGPL-3.0): sequentech/iam's e-mail vote codes
  (``send_email_code``: the auth method's default census config or the admin console's
  translated defaults ``avAdmin.auth.emailsubdef`` / ``emaildef`` of
  sequentech/admin-console ``locales/<lang>.json``, iam's base title and body templates of
  ``iam/iam/settings.py``; codes of eight digits 2-9 shown as two groups of four by
  ``format_code``); sequentech/step's Keycloak extension
  ``packages/keycloak-extensions/message-otp-authenticator`` (FreeMarker ``send-code-email``,
  ``forgot-password-send-new-password``, ``send-link-email`` with ``messages_<lang>.properties``
  as MessageFormat, Keycloak's base html ``emailLayout``; 6-digit codes, 12-character
  temporary passwords from the default set with punctuation) and the COMELEC realm template
  of its janitor (``packages/windmill/external-bin/janitor/templates/COMELEC/keycloak.hbs``,
  whose ``localizationTexts`` override the theme messages).
- FreePBX User Manager (FreePBX/userman), telephony: ``views/emails/welcome_text.tpl`` filled
  as ``Userman::sendWelcomeEmail`` does (with the administrator-set password, or the
  translated "set by your administrator" / "obfuscated" text), subject
  ``_('Your %brand% Account')`` from the ``i18n/<locale>/LC_MESSAGES/userman.po`` catalogues
  (the body template is English in every locale), CodeIgniter text mail.
- BookCars (aelassas/bookcars), car rental: the account-activation, booking-confirmed and
  supplier booking-paid mails of ``backend/src/controllers/userController.ts`` and
  ``bookingController.ts`` with ``backend/src/lang/<lang>.ts`` strings (en, fr, es), nodemailer
  html-only; booking ids are MongoDB ObjectIds (not codes).
- BTCPay Server (btcpayserver/btcpayserver), payment processor: the default email rules of
  ``BTCPayServer/Plugins/Emails/EmailsPlugin.cs`` (server: password reset, email confirmation,
  through ``CreateEmailBody`` / ``CallToAction``) and ``BTCPayServer/Plugins/Webhooks/WebhooksPlugin.cs``
  (store: invoice settled / received payment / expired, payout created / approved), placeholders
  filled, sent by ``EmailSettings.CreateMailMessage`` as one text/html part. Invoice ids are
  base58 of 16 random bytes, payout and pull-payment ids of 20 (not codes). English only.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import hashlib
import json
import random
import re
import subprocess
import textwrap
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import jinja2
from collect import HERE, message
from markupsafe import Markup

OUT = HERE / "round15" / "services.json"
SENT = datetime(2026, 12, 3, 15, 12, 40, tzinfo=UTC)
RNG = random.Random("r15-services")

KAZOO = ("2600hz/kazoo", "dcf86cbc6d06f85f0b9397fc115b52b6560967af")
GIBBON = ("GibbonEdu/core", "c153137f8692dcb4994606a4a5b62c10b719cc2b")
EMONCMS = ("emoncms/emoncms", "ef6464555de99671e25bee5bb4b92733e6468a1c")
SORMAS = ("SORMAS-Foundation/SORMAS-Project", "af6249bc672f10c283ebddd73ca2314d9ec0c3de")


def _show(mirrors: Path, repo: tuple[str, str], path: str) -> str:
    gitdir = mirrors / repo[0].replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(gitdir), "show", f"{repo[1]}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _write(source: str, ident: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


# ---------------------------------------------------------------------------------------
# Kazoo teletype (erlydtl / Django templates)

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]  # fmt: skip
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _dj_date(value: Any, fmt: str) -> str:
    """Django's ``date`` filter for the format characters these templates use."""
    if not isinstance(value, datetime):
        return ""
    out, esc = [], False
    for ch in fmt:
        if esc:
            out.append(ch)
            esc = False
        elif ch == "\\":
            esc = True
        elif ch == "l":
            out.append(_DAYS[value.weekday()])
        elif ch == "F":
            out.append(_MONTHS[value.month - 1])
        elif ch == "j":
            out.append(str(value.day))
        elif ch == "n":
            out.append(str(value.month))
        elif ch == "m":
            out.append(f"{value.month:02d}")
        elif ch == "d":
            out.append(f"{value.day:02d}")
        elif ch == "Y":
            out.append(str(value.year))
        elif ch == "H":
            out.append(f"{value.hour:02d}")
        elif ch == "h":
            out.append(f"{(value.hour % 12) or 12:02d}")
        elif ch == "i":
            out.append(f"{value.minute:02d}")
        elif ch == "A":
            out.append("AM" if value.hour < 12 else "PM")
        else:
            out.append(ch)
    return "".join(out)


def _dj_filesize(value: Any) -> str:
    n = float(value)
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{int(n)} bytes" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return str(value)


def _django_to_jinja(src: str) -> str:
    src = re.sub(r"\{%\s*firstof\s+([\w.]+)\s+([\w.]+)\s*%\}", r"{{ \1 or \2 }}", src)
    src = re.sub(r"\{%\s*spaceless\s*%\}", "{% filter dj_spaceless %}", src)
    src = re.sub(r"\{%\s*endspaceless\s*%\}", "{% endfilter %}", src)
    src = re.sub(r"\|\s*(\w+)\s*:\s*(\"(?:[^\"\\]|\\.)*\"|[\w.]+)", r"|dj_\1(\2)", src)
    for name in ("upper", "filesizeformat", "safe"):
        src = re.sub(r"\|\s*" + name + r"\b(?!\()", "|dj_" + name, src)
    return src


def _kazoo_env() -> jinja2.Environment:
    env = jinja2.Environment(undefined=jinja2.ChainableUndefined, autoescape=False,
                             keep_trailing_newline=True)  # fmt: skip
    env.filters.update({
        "dj_date": _dj_date,
        "dj_floatformat": lambda v, n: f"{float(v):.{int(n)}f}",
        "dj_default": lambda v, d: v if v else d,
        "dj_upper": lambda v: str(v).upper() if v else "",
        "dj_filesizeformat": _dj_filesize,
        "dj_safe": lambda v: v,
        "dj_join": lambda v, sep: sep.join(v),
        "dj_stringformat": lambda v, f: str(v),
        "dj_wordwrap": lambda v, w: textwrap.fill(str(v), int(w), break_long_words=False, break_on_hyphens=False),
        "dj_spaceless": lambda s: re.sub(r">\s+<", "><", s.strip()),
    })  # fmt: skip
    return env


def _kazoo_subject(erl: str) -> str:
    m = re.search(r"^subject\(\) -> <<\"(.*)\">>\.", erl, re.M)
    if not m:
        m = re.search(r"-define\(TEMPLATE_SUBJECT, <<\"(.*)\">>\)\.", erl)
    assert m, "no subject"
    return m.group(1)


def kazoo(mirrors: Path) -> list[dict[str, Any]]:
    env = _kazoo_env()
    items: list[dict[str, Any]] = []
    tdir = "applications/teletype/priv/templates"
    sdir = "applications/teletype/src/templates"
    host = "apps1.harbourtel.example"
    node = base64.urlsafe_b64encode(hashlib.md5(b"kazoo_apps@" + host.encode()).digest())
    node_enc = node.decode().rstrip("=")
    account = {"id": "4d7a1f0c9b3e42a6b8f25c1e7d9a0b63", "name": "Lindqvist Dental Care",
               "realm": "lindqvist-dental.sip.harbourtel.example"}  # fmt: skip
    user = {"first_name": "Noor", "last_name": "Tester", "email": "noor.tester@example.com"}
    base = {"account": account, "user": user, "system": {"encoded_node": node_enc}}
    when = datetime(2026, 12, 3, 9, 41, 0)
    pw = "".join(
        RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789") for _ in range(10)
    )
    plan: list[tuple[str, str, str | None, dict[str, Any], str | None]] = [
        ("new_user", "other", pw, {"user": {**user, "password": pw}},
         "login details table with the password the administrator set (invented); user name is the e-mail address"),
        ("new_account", "notice", None,
         {"admin": {"first_name": "Noor", "last_name": "Tester", "email": "noor.tester@example.com",
                    "timezone": "Europe/Stockholm"}},
         "account id (32 hex) and realm, no code"),
        ("password_recovery", "notice", None,
         {"link": "https://portal.harbourtel.example/#/?recover_password=7f0c2b9e61d44a8fa3c5e0b1d2f94c67"},
         "reset link only"),
        ("low_balance", "notice", None, {"threshold": "$10.00", "current_balance": "$4.17"},
         "credit amounts, no code"),
        ("topup", "invoice", None,
         {"transaction": {"date": {"local": when}, "amount": 25, "currency_code": "usd", "success": True,
                          "response": "Approved", "card_last_four": "4417"}, "balance": "$29.17"},
         "automatic top-up result with amount and balance, no code"),
        ("transaction", "invoice", None,
         {"transaction": {"id": "8c1e5a7b20", "date": {"local": when}, "amount": 49.9, "currency_code": "usd",
                          "card_last_four": "4417",
                          "address": {"first_name": "Noor", "last_name": "Tester", "company": "Lindqvist Dental Care",
                                      "locality": "Malmo", "region": "Skane", "postal_code": "211 19",
                                      "country_name": "Sweden", "street_address": "Stora Nygatan 18"}}},
         "payment receipt: invoice id, amount, card's last four digits; no code"),
        ("transaction_failed", "invoice", None,
         {"transaction": {"date": {"local": when}, "amount": 49.9, "currency_code": "usd",
                          "response": "Card declined (insufficient funds)", "card_last_four": "4417"}},
         "failed charge notice, no code"),
        ("voicemail_to_email", "notice", None,
         {"caller_id": {"name_number": "Erik Holm (+46406114820)", "number": "+46406114820"},
          "to": {"user": "+46406114833"}, "date_called": {"local": when},
          "voicemail": {"vmbox_name": "Reception", "vmbox_number": "3105", "length": "00:00:41",
                        "file_name": "b1f0a4e2c3d94f7e8a6b5c4d3e2f1a0b.mp3", "file_type": "mp3",
                        "file_size": 331776}},
         "caller phone numbers, voicemail box number 3105, length; no code"),
        ("missed_call", "notice", None,
         {"caller_id": {"name_number": "+46701234567", "number": "+46701234567"},
          "to": {"user": "+46406114833"}, "callee_id": {"name_number": "Reception"},
          "date_called": {"local": when}, "missed_call": {"reason": "NO_ANSWER"}},
         "phone numbers only"),
        ("voicemail_full", "notice", None,
         {"voicemail": {"name": "Reception", "mailbox": "3105", "max_messages": "100"}},
         "voicemail box number, no code"),
        ("port_scheduled", "notice", None,
         {"port_request": {"id": "9f3b2a1c0d8e47f6a5b4c3d2e1f0a9b8", "name": "Malmo clinic lines",
                           "numbers": ["+46406114820", "+46406114821", "+46406114833"],
                           "port_state": "scheduled",
                           "port_scheduled_date": {"local": datetime(2026, 12, 10, 8, 0), "timezone": "Europe/Stockholm"},
                           "transition_reason": {"content": "Losing carrier confirmed FOC date.",
                                                 "date": {"local": when}, "user": {"author": "Porting team"}}}},
         "port request id and the numbers being ported, no code"),
        ("ported", "notice", None,
         {"port_request": {"id": "9f3b2a1c0d8e47f6a5b4c3d2e1f0a9b8", "name": "Malmo clinic lines",
                           "numbers": ["+46406114820", "+46406114821", "+46406114833"],
                           "port_state": "completed",
                           "ported_date": {"local": datetime(2026, 12, 10, 8, 14), "timezone": "Europe/Stockholm"},
                           "transition_reason": {"content": "", "date": {"local": when}, "user": {"author": ""}}}},
         "port completed: request id and numbers, no code"),
    ]  # fmt: skip
    for name, kind, code, extra, note in plan:
        ctx = {**base, **extra}
        erl = _show(mirrors, KAZOO, f"{sdir}/teletype_{name}.erl")
        subject = env.from_string(_django_to_jinja(_kazoo_subject(erl))).render(ctx)
        text = env.from_string(
            _django_to_jinja(_show(mirrors, KAZOO, f"{tdir}/{name}.text"))
        ).render(ctx)
        page = env.from_string(
            _django_to_jinja(_show(mirrors, KAZOO, f"{tdir}/{name}.html"))
        ).render(ctx)
        ident = "kazoo-" + name.replace("_", "-") + "-en"
        raw = message(
            sender=f"no_reply@{host}", subject=subject, text=text, html_part=page, sent=SENT
        )
        rel, sha = _write("kazoo", ident, raw)
        items.append(_item(
            id=ident, group=ident[:-3], source="kazoo", lang="en", kind=kind, code=code,
            repository=KAZOO[0], path=f"{tdir}/{name}.text; {tdir}/{name}.html; {sdir}/teletype_{name}.erl; "
            "applications/teletype/src/teletype_util.erl", commit=KAZOO[1], licence="MPL-2.0",
            rendered="erlydtl templates translated mechanically to Jinja2 and rendered; subject from the module; "
            "multipart/alternative text + html as teletype_util:email_body",
            file=rel, sha256=sha, note=note))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Gibbon (Twig templates)

GIBBON_SESSION = {
    "absoluteURL": "https://school.kestrelbay.example",
    "absolutePath": "/var/www/gibbon",
    "systemName": "Gibbon",
    "organisationName": "Kestrel Bay International School",
    "organisationNameShort": "KBIS",
    "organisationEmail": "office@kestrelbay.example",
    "organisationLogo": "/themes/Default/img/logo.png",
    "organisationAdministratorName": "Ms Priya Raman",
    "organisationAdministratorEmail": "it@kestrelbay.example",
}
ADMISSIONS = ("Mr Tomasz Wojcik", "admissions@kestrelbay.example")
HR = ("Ms Amara Okafor", "hr@kestrelbay.example")


def _sql_tuples(text: str, i: int = 0) -> list[list[str | None]]:
    """The value tuples of a MySQL ``VALUES (...), (...)`` list from ``text[i:]`` up to ``;``."""
    rows: list[list[str | None]] = []
    row: list[str | None] = []
    esc = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "'": "'", '"': '"', "\\": "\\"}
    while i < len(text):
        ch = text[i]
        if ch == "(":
            row = []
            i += 1
        elif ch == "'":
            buf, i = [], i + 1
            while text[i] != "'" or text[i + 1 : i + 2] == "'":
                if text[i] == "\\":
                    buf.append(esc.get(text[i + 1], text[i + 1]))
                    i += 2
                elif text[i] == "'":
                    buf.append("'")
                    i += 2
                else:
                    buf.append(text[i])
                    i += 1
            row.append("".join(buf))
            i += 1
        elif ch == ")":
            rows.append(row)
            i += 1
        elif ch == ";":
            break
        elif ch in ", \r\n\t":
            i += 1
        else:
            m = re.match(r"[^,)]+", text[i:])
            assert m
            row.append(m.group(0).strip())
            i += m.end()
    return rows


def _sql_rows(sql: str, table: str) -> list[list[str | None]]:
    """The value tuples of ``INSERT INTO `table` ... VALUES (...), (...);``."""
    start = sql.index(f"INSERT INTO `{table}`")
    return _sql_tuples(sql, sql.index("VALUES", start) + len("VALUES"))


def _twig_layout(src: str) -> str:
    """Rewrite the few Twig-only expressions of email.twig.html as Jinja."""
    src = (
        src.replace(
            "{{ button.external or 'http' in button.url ? button.url : absoluteURL ~ '/' ~ button.url }}",
            "{{ button.url if (button.external or 'http' in button.url) else absoluteURL ~ '/' ~ button.url }}",
        )
        .replace(
            "{{ button2.external or 'http' in button2.url ? button2.url : absoluteURL ~ '/' ~ button2.url }}",
            "{{ button2.url if (button2.external or 'http' in button2.url) else absoluteURL ~ '/' ~ button2.url }}",
        )
        .replace(
            "organisationLogo|replace({'svg':'png'})|default(",
            "organisationLogo|replace('svg','png')|default(",
        )
    )
    assert " ? " not in src and "replace({" not in src
    return src


def _sprintf(fmt: str, *args: Any) -> str:
    """PHP sprintf for %s and %N$s."""
    it = iter(args)

    def rep(m: re.Match[str]) -> str:
        if m.group(1):
            return str(args[int(m.group(1)) - 1])
        return str(next(it))

    return re.sub(r"%(?:(\d+)\$)?s", rep, fmt)


def _gibbon_env(mirrors: Path) -> jinja2.Environment:
    tpl = {
        "mail/email.twig.html": _twig_layout(
            _show(mirrors, GIBBON, "resources/templates/mail/email.twig.html")
        ),
        "mail/message.twig.html": _show(
            mirrors, GIBBON, "resources/templates/mail/message.twig.html"
        ),
    }
    env = jinja2.Environment(
        loader=jinja2.DictLoader(tpl), autoescape=True, undefined=jinja2.ChainableUndefined
    )
    env.filters["raw"] = lambda v: Markup(v)
    env.filters["format"] = lambda fmt, *a: _sprintf(str(fmt), *a)
    env.globals["__"] = lambda s: s
    return env


def _strip_tags_alt(body: str, button: dict[str, str] | None) -> str:
    """Mailer::emailBodyStripTags."""
    body = re.sub(r"<br\s*/?>", "\n", body, flags=re.I)
    body = body.replace("</p>", "\n\n").replace("</div>", "\n\n")
    body = re.sub(r"<a.+href=[\"|'](.+?)[\"|'].*?>.*?</a>", r"\1", body)
    body = re.sub(r"<(?!/?a\b)[^>]*>", "", body)
    if button and button.get("url") and button.get("text"):
        body += "\n\n" + button["text"] + ": " + button["url"] + "\n\n"
    return body


def gibbon(mirrors: Path) -> list[dict[str, Any]]:
    env = _gibbon_env(mirrors)
    sql = _show(mirrors, GIBBON, "gibbon.sql")
    rows = {r[4]: r for r in _sql_rows(sql, "gibbonEmailTemplate")}
    items: list[dict[str, Any]] = []
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    def password() -> str:  # PasswordPolicy::generate, default policy (alpha, numeric, 8)
        while True:
            pw = "".join(RNG.choice(alphabet) for _ in range(8))
            if (
                any(c.islower() for c in pw)
                and any(c.isupper() for c in pw)
                and any(c.isdigit() for c in pw)
            ):
                return pw

    def db(name: str, data: dict[str, Any]) -> tuple[str, str]:
        row = rows[name]
        ctx = {**GIBBON_SESSION, **data}
        subj = env.from_string(str(row[5])).render(ctx)
        body = env.from_string(str(row[6])).render(ctx)
        return subj, body

    def send(tid: str, kind: str, code: str | None, subject: str, sender: tuple[str, str], layout: str,
             title: str, body: str, button: dict[str, Any] | None, path: str, rendered: str,
             note: str | None) -> None:  # fmt: skip
        page = env.get_template(layout).render(
            {
                **GIBBON_SESSION,
                "title": title,
                "body": body,
                **({"button": button} if button else {}),
            }
        )
        alt = _strip_tags_alt(body, button)
        ident = f"gibbon-{tid}-en"
        raw = message(
            sender=f"{sender[0]} <{sender[1]}>",
            subject=subject,
            text=alt,
            html_part=page,
            sent=SENT,
        )
        rel, sha = _write("gibbon", ident, raw)
        items.append(_item(
            id=ident, group=f"gibbon-{tid}", source="gibbon", lang="en", kind=kind, code=code,
            repository=GIBBON[0], path=path + f"; resources/templates/{layout}; src/Comms/Mailer.php",
            commit=GIBBON[1], licence="GPL-3.0", rendered=rendered, file=rel, sha256=sha, note=note))  # fmt: skip

    org = (GIBBON_SESSION["organisationName"], GIBBON_SESSION["organisationEmail"])
    short = GIBBON_SESSION["organisationNameShort"]
    common = {"date": "03/12/2026", "applicationID": "0000412", "applicationName": "Secondary Admissions 2027",
              "studentPreferredName": "Leila", "studentSurname": "Haddad", "studentOfficialName": "Leila Noor Haddad",
              "organisationAdmissionsName": ADMISSIONS[0], "organisationAdmissionsEmail": ADMISSIONS[1]}  # fmt: skip
    # Form Builder acceptance: student and parent welcome (SendAcceptanceEmail)
    for who, name, data in [
        ("student", "Student Welcome Email",
         {"email": "leila.haddad@student.kestrelbay.example", "username": "leila.haddad"}),
        ("parent", "Parent Welcome Email",
         {"email": "noor.haddad@example.com", "username": "noor.haddad", "parentTitle": "Mrs",
          "parentPreferredName": "Noor", "parentSurname": "Haddad"}),
    ]:  # fmt: skip
        pw = password()
        subj, body = db(name, {**common, **data, "password": pw})
        send(f"{who}-welcome", "other", pw, f"{short} - {subj}", org, "mail/message.twig.html", subj, body, None,
             "gibbon.sql (gibbonEmailTemplate '" + name + "'); src/Forms/Builder/Process/SendAcceptanceEmail.php; "
             "src/Forms/Builder/Process/CreateStudent.php; src/Data/PasswordPolicy.php",
             "email template row rendered with Jinja2 (Twig syntax) into message.twig.html; subject with the "
             "setDefaultSender prefix; AltBody as emailBodyStripTags; PHPMailer's base64 not reproduced",
             f"username {data['username']} and generated password (PasswordPolicy::generate) on separate lines")  # fmt: skip
    # Legacy acceptance pages: student (Students module) and new staff (Staff module)
    stu_php = _show(mirrors, GIBBON, "modules/Students/applicationForm_manage_accept.php")
    staff_php = _show(mirrors, GIBBON, "modules/Staff/applicationForm_manage_accept.php")
    subj = _sprintf("Welcome to %1$s at %2$s", GIBBON_SESSION["systemName"], short)
    assert (
        "__('Welcome to %1$s at %2$s')" in stu_php and "__('Welcome to %1$s at %2$s')" in staff_php
    )
    for who, php, path, sig, signer, sender, user in [
        ("student-accept", stu_php, "modules/Students/applicationForm_manage_accept.php", " Admissions Administrator",
         ADMISSIONS[0], ADMISSIONS, ("Leila", "Haddad", "leila.haddad")),
        ("staff-accept", staff_php, "modules/Staff/applicationForm_manage_accept.php", " Administrator",
         HR[0], HR, ("Daniel", "Mensah", "daniel.mensah")),
    ]:  # fmt: skip
        pw = password()
        body = (
            "Dear " + user[0] + " " + user[1] + ",<br/><br/>Welcome to " + GIBBON_SESSION["systemName"] + ", " + short
            + "'s system for managing school information. You can access the system by going to "
            + GIBBON_SESSION["absoluteURL"] + " and logging in with your new username (" + user[2] + ") and password ("
            + pw + ").<br/><br/>In order to maintain the security of your data, we highly recommend you change your "
            "password to something easy to remember but hard to guess. This can be done by using the Preferences page "
            "after logging in (top-right of the screen).<br/><br/>Please feel free to reply to this email should you "
            "have any questions.<br/><br/>" + signer + ",<br/><br/>" + GIBBON_SESSION["systemName"] + sig
        )  # fmt: skip
        assert (
            "and logging in with your new username ('.$inform" in php
            and '").<br/><br/>In order to maintain' in php
        )
        send(who, "other", pw, subj, sender, "mail/email.twig.html", subj, body, None, path,
             "the page's built-in English body (no custom notification message set) in email.twig.html; Subject set "
             "directly; AltBody as emailBodyStripTags; PHPMailer's base64 not reproduced",
             "generated password in brackets inside a sentence, next to the username in brackets")  # fmt: skip
    # Legacy acceptance page: parent welcome (formats read from the PHP source)
    m = re.search(r"\$body = sprintf\(__\('(Dear %1\$s,<br/><br/>Welcome to %2\$s.*?)'\), .*?\)\.sprintf\(__\('(Please feel "
                  r"free.*?)'\), ", stu_php[stu_php.index("//SEND PARENTS EMAIL"):])  # fmt: skip
    assert m
    fmt1, fmt2 = (x.replace("\\'", "'") for x in m.groups())
    pw = password()
    body = _sprintf(fmt1, "Noor Haddad", GIBBON_SESSION["systemName"], short, GIBBON_SESSION["absoluteURL"],
                    "noor.haddad", pw, GIBBON_SESSION["systemName"]) + _sprintf(fmt2, ADMISSIONS[0],
                    GIBBON_SESSION["systemName"])  # fmt: skip
    send("parent-accept", "other", pw, subj, ADMISSIONS, "mail/email.twig.html", subj, body, None,
         "modules/Students/applicationForm_manage_accept.php",
         "the page's built-in English parent body (no custom notification message) in email.twig.html; Subject set "
         "directly; AltBody as emailBodyStripTags; PHPMailer's base64 not reproduced",
         "generated password in brackets inside a sentence, next to the username and a docs URL")  # fmt: skip
    # Admissions access link
    link = (
        GIBBON_SESSION["absoluteURL"]
        + "/index.php?q=/modules/Admissions/applicationFormView.php&acc=K7Q2ZP&tok=9f2c4b1e7a"
    )
    subj, body = db("Admissions Access Link", {"email": "noor.haddad@example.com", "date": "03/12/2026", "link": link,
                                               "organisationAdmissionsName": ADMISSIONS[0],
                                               "organisationAdmissionsEmail": ADMISSIONS[1]})  # fmt: skip
    send("admissions-access", "notice", None, f"{short} - {subj}", org, "mail/email.twig.html", subj, body,
         {"url": link, "text": "Access your Application Forms", "external": True},
         "gibbon.sql (gibbonEmailTemplate 'Admissions Access Link'); modules/Admissions/applicationFormSelectProcess.php",
         "email template row rendered with Jinja2 into email.twig.html with its button; AltBody as emailBodyStripTags",
         "access link (button) only; access id and token only inside the link")  # fmt: skip
    # Application form confirmation
    details = {"heading": "Student", "Preferred Name": "Leila", "Surname": "Haddad", "Date of Birth": "14/05/2014",
               "Year Group at Entry": "Year 8", "Parent/Guardian 1 Email": "noor.haddad@example.com",
               "Parent/Guardian 1 Phone": "+61 2 9555 0148"}  # fmt: skip
    lst = "<ul class=''>" + "".join(
        f"<li class='leading-normal'><h3>{v}</h3></li>" if k == "heading"
        else f"<li class='leading-normal'><strong>{k}</strong>: {v}</li>" for k, v in details.items()
    ) + "</ul>"  # fmt: skip
    subj, body = db("Application Form Confirmation", {**common, "email": "noor.haddad@example.com",
                                                      "submissionDetails": lst, "parentTitle": "Mrs",
                                                      "parentPreferredName": "Noor", "parentSurname": "Haddad"})  # fmt: skip
    acc = (
        GIBBON_SESSION["absoluteURL"]
        + "/index.php?q=/modules/Admissions/applicationFormView.php&acc=K7Q2ZP&tok=9f2c4b1e7a"
    )
    send("application-confirmation", "notice", None, f"{short} - {subj}", ADMISSIONS, "mail/message.twig.html", subj,
         body, {"url": acc, "text": "Access your Application Forms", "external": True},
         "gibbon.sql (gibbonEmailTemplate 'Application Form Confirmation'); src/Forms/Builder/Process/SendSubmissionEmail.php; "
         "src/Services/Format.php",
         "email template row with Format::listDetails of the submitted fields, in message.twig.html with the button",
         "submitted details (date of birth, phone number); no code")  # fmt: skip
    # Petty cash notices
    subj, body = db("Student Petty Cash", {"parentTitle": "Mrs", "parentPreferredName": "Noor", "parentSurname": "Haddad",
                                           "studentPreferredName": "Leila", "studentSurname": "Haddad",
                                           "amount": "37.50", "parentEmail": "noor.haddad@example.com"})  # fmt: skip
    send("student-petty-cash", "invoice", None, f"{short} - {subj}", org, "mail/message.twig.html", subj, body, None,
         "gibbon.sql (gibbonEmailTemplate 'Student Petty Cash'); cli/finance_studentPettyCashNotification.php",
         "email template row in message.twig.html", "balance amount only")  # fmt: skip
    subj, body = db("Staff Petty Cash", {"title": "Mr", "preferredName": "Daniel", "surname": "Mensah",
                                         "amount": "112.80", "email": "daniel.mensah@kestrelbay.example"})  # fmt: skip
    send("staff-petty-cash", "invoice", None, f"{short} - {subj}", org, "mail/message.twig.html", subj, body, None,
         "gibbon.sql (gibbonEmailTemplate 'Staff Petty Cash'); cli/finance_staffPettyCashNotification.php",
         "email template row in message.twig.html", "balance amount only")  # fmt: skip
    # Password reset (link)
    reset_php = _show(mirrors, GIBBON, "passwordResetProcess.php")
    fmt = ("A password reset request has been initiated for account %1$s, which is registered to this email address."
           "%2$sIf you did not initiate this request, please ignore this email.%2$sIf you do wish to reset your "
           "password, please use the link below to access the reset form:%2$s%3$s%2$s%4$s")  # fmt: skip
    assert fmt.replace("'", "\\'") in reset_php
    text = _sprintf(fmt, "leila.haddad", "\n\n", "", "")
    url = (GIBBON_SESSION["absoluteURL"] + "/index.php?q=passwordReset.php&input=leila.haddad&step=2"
           "&gibbonPersonResetID=000000000087&key=Yc2mT9qLxV4bN7rW")  # fmt: skip
    body = text.strip("\n").replace("\n", "<br />\n")  # nl2br(trim($body, "\n"))
    send("password-reset", "notice", None, f"{short} Gibbon Password Reset", org, "mail/email.twig.html",
         "Password Reset", body, {"url": url, "text": "Click Here", "external": True}, "passwordResetProcess.php",
         "built-in English body, nl2br, in email.twig.html with the Click Here button",
         "reset link (button) only")  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# emoncms (hand-built raw mail of Lib/email.php)


def _emoncms_raw(subject: str, body: str) -> bytes:
    """Lib/email.php buildHeaders()/buildBody() without attachments: text/html, 8bit."""
    headers = [
        "From: emoncms <emoncms@energy.fernhill.example>",
        "To: noor.tester@example.com",
        f"Subject: {subject}",
        "Date: " + format_datetime(SENT),
        "Message-ID: <corpus@mail.example>",
        "MIME-Version: 1.0",
        "Content-Type: text/html; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]
    return ("\r\n".join(headers) + "\r\n\r\n" + body).encode("utf-8")


def emoncms(mirrors: Path) -> list[dict[str, Any]]:
    src = _show(mirrors, EMONCMS, "Modules/user/user_model.php")
    items: list[dict[str, Any]] = []
    appname = "emoncms"  # default-settings.php 'appname'
    newpass = hashlib.sha256(bytes(RNG.getrandbits(8) for _ in range(32))).hexdigest()
    reset = '"<p>A password reset was requested for your ".$this->appname." account.</p><p>You can now login with password: $newpass </p>"'
    verify = '"<p>To complete ".$this->appname." registration please verify your email by following this link: <a href=\'$verification_link\'>$verification_link</a></p>"'
    assert (
        reset in src
        and verify in src
        and "$newpass = hash('sha256',generate_secure_key(32));" in src
    )
    link = "https://energy.fernhill.example/emoncms/user/verify?key=" + "".join(
        RNG.choice("0123456789abcdef") for _ in range(64)
    )
    for tid, subject, body, code, note in [
        ("password-reset", appname.capitalize() + " password reset",
         f"<p>A password reset was requested for your {appname} account.</p><p>You can now login with password: {newpass} </p>",
         newpass, "new password (sha256 hex of random bytes, 64 hex digits) given to log in with"),
        ("email-verification", appname.capitalize() + " email verification",
         f"<p>To complete {appname} registration please verify your email by following this link: <a href='{link}'>{link}</a></p>",
         None, "verification link only (64-hex key inside the link)"),
    ]:  # fmt: skip
        ident = f"emoncms-{tid}-en"
        raw = _emoncms_raw(subject, body)
        rel, sha = _write("emoncms", ident, raw)
        items.append(_item(
            id=ident, group=f"emoncms-{tid}", source="emoncms", lang="en", kind="other" if code else "notice",
            code=code, repository=EMONCMS[0], path="Modules/user/user_model.php; Lib/email.php; default-settings.php",
            commit=EMONCMS[1], licence="AGPL-3.0",
            rendered="body string of user_model.php filled as PHP does; raw message built as Lib/email.php's "
            "buildHeaders/buildBody (single text/html 8bit part)", file=rel, sha256=sha, note=note))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# SORMAS (Java properties, plain-text notifications)


def _properties(src: str) -> dict[str, str]:
    """java.util.Properties.load for what these files use."""
    out: dict[str, str] = {}
    lines = src.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while line.endswith("\\") and not line.endswith("\\\\") and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        m = re.match(r"((?:[^=:\s\\]|\\.)+)\s*[=:]?\s*(.*)$", line)
        if not m:
            continue

        def unesc(v: str) -> str:
            return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", lambda e: chr(int(e.group(1)[1:], 16)) if e.group(1)[0] == "u"
                          and len(e.group(1)) == 5 else {"n": "\n", "t": "\t", "r": "\r"}.get(e.group(1), e.group(1)), v)  # fmt: skip

        out[unesc(m.group(1))] = unesc(m.group(2))
    return out


def sormas(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    res = "sormas-api/src/main/resources"
    base_s = _properties(_show(mirrors, SORMAS, f"{res}/strings.properties"))
    base_e = _properties(_show(mirrors, SORMAS, f"{res}/enum.properties"))

    def short() -> str:
        return "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(6))

    for lang, suffix in [("en", ""), ("de", "_de-DE"), ("fr", "_fr-FR"), ("it", "_it-IT"), ("cs", "_cs-CZ"),
                         ("ur", "_ur-PK")]:  # fmt: skip
        s = {
            **base_s,
            **(
                _properties(_show(mirrors, SORMAS, f"{res}/strings{suffix}.properties"))
                if suffix
                else {}
            ),
        }
        e = {
            **base_e,
            **(
                _properties(_show(mirrors, SORMAS, f"{res}/enum{suffix}.properties"))
                if suffix
                else {}
            ),
        }
        case, contact = short(), short()
        plan = [
            ("case-classification-changed", "CASE_CLASSIFICATION_CHANGED",
             s["notificationCaseClassificationChanged"] % (case, e["CaseClassification.CONFIRMED"]),
             "sormas-backend/src/main/java/de/symeda/sormas/backend/caze/CaseFacadeEjb.java",
             f"case reference {case} (short uuid) and the new classification; no code"),
            ("lab-sample-shipped", "LAB_SAMPLE_SHIPPED", s["notificationLabSampleShippedShort"] % (case,),
             "sormas-backend/src/main/java/de/symeda/sormas/backend/sample/SampleFacadeEjb.java",
             f"case reference {case} (short uuid); no code"),
            ("contact-symptomatic", "CONTACT_SYMPTOMATIC", s["notificationContactSymptomatic"] % (contact, case),
             "sormas-backend/src/main/java/de/symeda/sormas/backend/visit/VisitFacadeEjb.java",
             f"contact {contact} and case {case} references (short uuids); no code"),
        ]  # fmt: skip
        for tid, subj_key, body, caller, note in plan:
            subject = e[f"MessageSubject.{subj_key}"]
            msg = EmailMessage()
            msg["From"] = "SORMAS Support <noreply@sormas.org>"
            msg["To"] = "noor.tester@example.com"
            msg["Subject"] = subject
            msg["Date"] = format_datetime(SENT)
            msg["Message-ID"] = "<corpus@mail.example>"
            msg.set_content(body, subtype="plain", charset="utf-8")
            raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
            ident = f"sormas-{tid}-{lang}"
            rel, sha = _write("sormas", ident, raw)
            items.append(_item(
                id=ident, group=f"sormas-{tid}", source="sormas", lang=lang, kind="notice", code=None,
                repository=SORMAS[0],
                path=f"{res}/strings{suffix}.properties; {res}/enum{suffix}.properties; {caller}; "
                "sormas-backend/src/main/java/de/symeda/sormas/backend/common/messaging/MessagingService.java; "
                "sormas-backend/src/main/java/de/symeda/sormas/backend/common/messaging/EmailService.java",
                commit=SORMAS[1], licence="GPL-3.0",
                rendered="String.format of the locale's message and subject caption (English file as fallback, as "
                "I18nProperties does); one text/plain UTF-8 body as EmailService.sendEmailAsync sends it",
                file=rel, sha256=sha, note=note))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Koha (library system): installer notices held inline

KOHA = ("Koha-Community/Koha", "0031db5c172052296cb67dc50de59786ad1dc268")
KOHA_LETTERS = ("C4/Letters.pm", "002a2dcb1f1faed12a24fd820dc5fdaad60f3512")

KOHA_FILES = {
    "de": "installer/data/mysql/de-DE/mandatory/sample_notices.sql",
    "fr": "installer/data/mysql/fr-FR/1-Obligatoire/sample_notices.sql",
    "it": "installer/data/mysql/it-IT/necessari/notices.sql",
    "nb": "installer/data/mysql/nb-NO/1-Obligatorisk/sample_notices.sql",
    "en": "installer/data/mysql/pl-PL/mandatory/sample_notices.sql",
    "fr-CA": "installer/data/mysql/fr-CA/obligatoire/sample_notices.sql",
}
C6 = ("module", "code", "name", "title", "content", "message_transport_type")
C7 = ("module", "code", "branchcode", "name", "is_html", "title", "content")
C8 = (
    "module",
    "code",
    "branchcode",
    "name",
    "is_html",
    "title",
    "content",
    "message_transport_type",
)
KOHA_ROWS = {
    "de": [
        (
            C6,
            r"""('members','ACCTDETAILS','Kontoinformationen - Standard','Ihr neues Benutzerkonto','Liebe/r <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>.\r\n\r\nDie Daten Ihres neuen Benutzerkontos sind:\r\n\r\nBenutzer:  <<borrowers.userid>>\r\nPasswort: <<borrowers.password>>\r\n\r\nWenn Sie Probleme in Hinsicht auf Ihr Benutzerkonto haben, wenden Sie sich bitte an die Bibliothek.\r\n\r\nVielen Dank,\r\nIhr Bibliotheksteam', 'email')""",
        ),
        (
            C6,
            r"""('circulation','PREDUE','Erinnerungsbenachrichtigung','Erinnerungsbenachrichtigung','Liebe/r <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nFolgende Ausleihe wird bald fällig:\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)', 'email')""",
        ),
        (
            C6,
            r"""('reserves', 'HOLD', 'Vormerkbenachrichtigung', 'Vormerkung abholbereit in <<branches.branchname>>', 'Liebe/r <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nFür Sie liegt seit <<reserves.waitingdate>> eine Vormerkung zur Abholung bereit:\r\n\r\nTitel: <<biblio.title>>\r\nVerfasser: <<biblio.author>>\r\nExemplar: <<items.copynumber>>\r\nStandort: <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>\r\n<<branches.branchcity>> <<branches.branchzip>>', 'email')""",
        ),
        (
            C7,
            r"""(
'members',  'OPAC_REG_VERIFY',  '',  'Bestätigung der Anmeldung zur Bibliotheksnutzung',  '1',  'E-Mail-Adresse für Benutzerkonto verifizieren',  'Guten Tag,

Ihr Bibliothekskonto wurde angelegt. Bitte bestätigen Sie Ihre E-Mail-Adresse indem Sie auf folgenden Link klicken:

<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>

Wenn Sie keine Kontoanmeldung durchgeführt haben, können Sie diese Benachrichtigung ignorieren. Sie wird in Kürze ungültig.

Vielen Dank,
Ihr Bibliotheksteam'
)""",
        ),
        (
            C8,
            r"""('members','PASSWORD_RESET','','Neues Passwort',1,'Neues Passwort','<html>\r\n<p>Liebe(r) <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>,</p>\r\n\r\n<p>Diese E-Mail wurde verschickt, da Sie ein neues Passwort für Ihr Bibliotheksbenutzerkonto angefordert haben: <strong><<user>></strong>.\r\n</p>\r\n<p>\r\nBitte klicken Sie auf den folgenden Link um Ihr neues Passwort zu erstellen:\r\n<br/><a href=\"<<passwordreseturl>>\"><<passwordreseturl>></a>\r\n</p>\r\n<p>Dieser Link ist von dieser E-Mail an für 2 Tage gültig. Wenn Sie bis dahin Ihr Passwort nicht geändert haben, müssen Sie die E-Mail erneut anfordern.</p>\r\n<p>Vielen Dank</p>\r\n</html>\r\n','email'
)""",
        ),
    ],
    "fr": [
        (
            C6,
            r"""('members','ACCTDETAILS','Nouveau compte adhérent','Votre nouveau compte adhérent.','Bonjour <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>.\r\n\r\nLes informations de votre nouveau compte sont:\r\n\r\nIdentifiant:  <<borrowers.userid>>\r\nMot de passe: <<borrowers.password>>\r\n\r\nSi vous avez des questions au sujet de votre nouveau compte, merci de prendre contact à l\'acceuil de la Bibliothèque.\r\n\r\nMerci,\r\nLa Bibliothèque\r\nkohaadmin@yoursite.org', 'email')""",
        ),
        (
            C6,
            r"""('circulation','PREDUE','Document à rendre bientôt','Document à rendre bientôt','Cher(e) <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nLa date de retour du doucment suivant est proche:\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)', 'email')""",
        ),
        (
            C6,
            r"""('reserves', 'HOLD', 'Réservation disponible pour retrait', 'Réservation disponible à la banque de retrait du site <<branches.branchname>>', 'Cher(e) <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nVous avez une réservation disponible pour retrait depuis le <<reserves.waitingdate>>:\r\n\r\nTitre: <<biblio.title>>\r\nAuteur: <<biblio.author>>\r\nNuméro de fascicule: <<items.copynumber>>\r\nSite: <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>', 'email')""",
        ),
        (
            C7,
            r"""(
'members',  'OPAC_REG_VERIFY',  '',  'Vérification de l''email donné à l''auto-inscription OPAC',  '1',  'Vérification de votre compte',  'Bonjour,

Votre compte de bibliothèque a été créé. Veuillez valider votre adresse email et le processus d''inscription en cliquant sur ce lien:

<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>

Si vous n''êtes pas à l''origine de cette inscription, vous pouvez ignorer ce message.'
)""",
        ),
    ],
    "it": [
        (
            C6,
            r"""('members','ACCTDETAILS','Messaggio per i nuovi utenti registrati','Messaggio per i nuovi utenti registrati.','Salve <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>.\r\n\r\nI dettagli del tuo nuovo account per la biblioteca sono:\r\n\r\nLogin:  <<borrowers.userid>>\r\nPassword: <<borrowers.password>>\r\n\r\nSe hai domande o problemi sul tuo account, contattaci a questo indirizzo e-mail: youremailadmin@library.it.\r\nGrazie di tutto\r\n\r\nLo staff della biblioteca\r\n', 'email')""",
        ),
        (
            C6,
            r"""('circulation','PREDUE','Preavviso scadenza prestito','Preavviso scadenza prestito','Salve <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nQuesti prestiti stanno per scadere:\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)', 'email')""",
        ),
        (
            C6,
            r"""('reserves', 'HOLD', 'Prenotazione disponibile per il ritiro', 'Prenotazione disponibile per il ritiro a <<branches.branchname>>', 'Salve <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nHai una prenotazione disponibile per il ritiro fino al <<reserves.waitingdate>>:\r\n\r\nTitolo: <<biblio.title>>\r\nAutore: <<biblio.author>>\r\nCopia n. : <<items.copynumber>>\r\nPresso: <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>\r\n<<branches.branchcity>> <<branches.branchzip>>', 'email')""",
        ),
        (
            C7,
            r"""(
'members',  'OPAC_REG_VERIFY',  '',  'Email di verifica dell\'autoregistrazione',  '1',  'Verifica la tua autoregistrazione',  'Ciao!

Sei stato registrato tra gli utenti della biblioteca. Per favore verifica il tuo email cliccando questo link per finire il processo.

<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>

Se non hai fatto tu la richiesta, puoi ignorare questo messaggio. La richciesta scadrà in posco tempo.'
)""",
        ),
        (
            C8,
            r"""('members','PASSWORD_RESET','','Nuova password',1,'Nuova password','<html>\r\n<p>Questa email ti è stata mandata come risposta allaa tua richiesta di recupero pssword per l\'utente <strong><<user>></strong>.\r\n</p>\r\n<p>\r\nPuoi ora creare una nuova password usando questo link:\r\n<br/><a href=\"<<passwordreseturl>>\"><<passwordreseturl>></a>\r\n</p>\r\n<p>Queso link rimarrà valido per 2 giorni dalla ricezione dell\' email, successivamente dovrai rifare la procedura se non cambi la tua password.</p>\r\n<p>Grazie.</p>\r\n</html>\r\n','email'
)""",
        ),
    ],
    "nb": [
        (
            C6,
            r"""('members','ACCTDETAILS','Mal for kontodetaljer - STANDARD','Dine nye kontodetaljer i Koha.','Hei <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>.\r\n\r\nDine nye detaljer er:\r\n\r\nBruker:  <<borrowers.userid>>\r\nPassord: <<borrowers.password>>\r\n\r\nDersom det oppstår problemer, vennligst kontakt biblioteket.\r\n\r\nVennlig hilsen,\r\nBiblioteket\r\nkohaadmin@yoursite.org', 'email')""",
        ),
        (
            C6,
            r"""('circulation','PREDUE','Forhåndspåminnelse','Forhåndspåminnelse','<<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nDette dokumentet må snart leveres:\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)', 'email')""",
        ),
        (
            C6,
            r"""('reserves', 'HOLD', 'Hentemelding', 'Hentemelding fra <<branches.branchname>>', '<<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nEt reservert dokument er klart til henting fra <<reserves.waitingdate>>:\r\n\r\nTittel: <<biblio.title>>\r\nForfatter: <<biblio.author>>\r\nEksemplar: <<items.copynumber>>\r\nHentested: <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>\r\n<<branches.branchcity>> <<branches.branchzip>>', 'email')""",
        ),
        (
            C7,
            r"""(
'members',  'OPAC_REG_VERIFY',  '',  'Verifikasjon av egenregistrering i publikumskatalogen',  '1',  'Verifiser registreringen din',  'Hei!

D har blitt registrert som bruker av biblioteket. Verifiser epostadressen din ved å klikke på lenka nedenfor:

<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>

Dersom du ikke har bedt om å bli registret som bruker av biblioteket kan du se bort fra denne engangsmeldingen. Forespørselen vil snart gå ut på dato.'
)""",
        ),
    ],
    "en": [
        (
            C6,
            r"""('members','ACCTDETAILS','Account Details Template - DEFAULT','Your new Koha account details.','Hello <<borrowers.title>> <<borrowers.firstname>> <<borrowers.surname>>.\r\n\r\nYour new Koha account details are:\r\n\r\nUser:  <<borrowers.userid>>\r\nPassword: <<borrowers.password>>\r\n\r\nIf you have any problems or questions regarding your account, please contact your Koha Administrator.\r\n\r\nThank you,\r\nKoha Administrator\r\nkohaadmin@yoursite.org', 'email')""",
        ),
        (
            C6,
            r"""('circulation','PREDUE','Advance Notice of Item Due','Advance Notice of Item Due','Dear <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nThe following item will be due soon:\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)', 'email')""",
        ),
        (
            C6,
            r"""('reserves', 'HOLD', 'Hold Available for Pickup', 'Hold Available for Pickup at <<branches.branchname>>', 'Dear <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nYou have a hold available for pickup as of <<reserves.waitingdate>>:\r\n\r\nTitle: <<biblio.title>>\r\nAuthor: <<biblio.author>>\r\nCopy: <<items.copynumber>>\r\nLocation: <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>\r\n<<branches.branchcity>> <<branches.branchzip>>', 'email')""",
        ),
        (
            C7,
            r"""(
'members',  'OPAC_REG_VERIFY',  '',  'Opac Self-Registration Verification Email',  '1',  'Verify Your Account',  'Hello!

Your library account has been created. Please verify your email address by clicking this link to complete the signup process:

<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>

If you did not initiate this request, you may safely ignore this one-time message. The request will expire shortly.'
)""",
        ),
        (
            C8,
            r"""('members','PASSWORD_RESET','','Online password reset',1,'Koha password recovery','<html>\r\n<p>This email has been sent in response to your password recovery request for the account <strong><<user>></strong>.\r\n</p>\r\n<p>\r\nYou can now create your new password using the following link:\r\n<br/><a href=\"<<passwordreseturl>>\"><<passwordreseturl>></a>\r\n</p>\r\n<p>This link will be valid for 2 days from this email\'s reception, then you must reapply if you do not change your password.</p>\r\n<p>Thank you.</p>\r\n</html>\r\n','email'
)""",
        ),
    ],
    "fr-CA": [
        (
            C8,
            r"""('members','ACCTDETAILS','','Modèle de message pour les détails d\'un compte lecteur - DEFAULT',0,'Votre compte Koha','Bonjour <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nLes informations pour vous connecter à votre compte lecteur sont :\r\n\r\nIdentifiant :  <<borrowers.userid>>\r\nMot de passe: <<borrowers.password>>\r\n\r\nSi vous rencontrez des problèmes ou avez des questions concernant votre compte, veuillez contacter l\'administrateur de Koha.\r\n\r\nMerci, \r\nL\'administrateur de Koha\r\nkohaadmin@yoursite.org','email')""",
        ),
        (
            C8,
            r"""('circulation','PREDUE','','Document à rendre bientôt',0,'Document à rendre bientôt','Bonjour <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nNous souhaitons vous informer que le prêt de ce document arrive bientôt à expiration :\r\n\r\n<<biblio.title>>, <<biblio.author>> (<<items.barcode>>)\r\n\r\nMerci.\r\n\r\n<<branches.branchname>>','email')""",
        ),
        (
            C8,
            r"""('reserves','HOLD','','Réservation en attente de retrait',0,'Réservation en attente de retrait à <<branches.branchname>>','Bonjour <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nVotre réservation est disponible depuis le <<reserves.waitingdate>> :\r\n\r\nTitre : <<biblio.title>>\r\nAuteur : <<biblio.author>>\r\nCopie : <<items.copynumber>>\r\nLocalisation : <<branches.branchname>>\r\n<<branches.branchaddress1>>\r\n<<branches.branchaddress2>>\r\n<<branches.branchaddress3>>\r\n<<branches.branchcity>> <<branches.branchzip>>\r\n\r\nNous vous invitons à venir emprunter votre document rapidement.\r\n\r\nMerci.\r\n\r\n<<branches.branchname>>','email')""",
        ),
        (
            C8,
            r"""('members','OPAC_REG_VERIFY','','Courriel de vérification lors d\'une auto-inscription',1,'Vérification de votre compte','Bonjour <<borrowers.firstname>> <<borrowers.surname>>,\r\n\r\nVotre compte lecteur a été créé. Pour terminer votre inscription, veuillez confirmer votre courriel en cliquant sur ce lien : \r\n\r\nhttp://<<OPACBaseURL>>/cgi-bin/koha/opac-registration-verify.pl?token=<<borrower_modifications.verification_token>>\r\n\r\nSi vous n\'êtes pas à l\'origine de cette inscription, vous pouvez ignorer ce message. Le lien expirera sous peu.\r\n\r\nMerci.\r\n\r\n<<branches.branchname>>','email')""",
        ),
    ],
}


KOHA_PEOPLE = {
    "de": {"title": "Frau", "firstname": "Lena", "surname": "Vogt", "userid": "lvogt",
           "branch": ("Stadtbibliothek Kornmarkt", "Kornmarkt 4", "Zweiter Stock", "", "Göttingen", "37073",
                      "ausleihe@stadtbibliothek-kornmarkt.example"),
           "title_b": "Die Vermessung der Welt", "author": "Kehlmann, Daniel", "date": "03.12.2026"},
    "fr": {"title": "Mme", "firstname": "Camille", "surname": "Rousseau", "userid": "crousseau",
           "branch": ("Médiathèque des Capucins", "12 rue des Capucins", "", "", "Brest", "29200",
                      "pret@mediatheque-capucins.example"),
           "title_b": "L'Élégance du hérisson", "author": "Barbery, Muriel", "date": "03/12/2026"},
    "it": {"title": "Sig.ra", "firstname": "Giulia", "surname": "Ferri", "userid": "gferri",
           "branch": ("Biblioteca civica Sormani", "Corso di Porta Vittoria 6", "", "", "Milano", "20122",
                      "prestiti@biblioteca-sormani.example"),
           "title_b": "Il nome della rosa", "author": "Eco, Umberto", "date": "03/12/2026"},
    "nb": {"title": "", "firstname": "Ingrid", "surname": "Solberg", "userid": "isolberg",
           "branch": ("Deichman Grünerløkka", "Schous plass 10", "", "", "Oslo", "0552",
                      "utlan@deichman-grunerlokka.example"),
           "title_b": "Sult", "author": "Hamsun, Knut", "date": "03.12.2026"},
    "fr-CA": {"title": "", "firstname": "Émilie", "surname": "Gagnon", "userid": "egagnon",
              "branch": ("Bibliothèque du Boisé", "2727, boulevard Thimens", "", "", "Montréal", "H4R 1T4",
                         "pret@biblio-boise.example"),
              "title_b": "Kamouraska", "author": "Hébert, Anne", "date": "2026-12-03"},
    "en": {"title": "Ms", "firstname": "Noor", "surname": "Tester", "userid": "ntester",
           "branch": ("Riverside Branch Library", "221 Water Street", "Suite 2", "", "Hamilton", "3204",
                      "circulation@riverside-library.example"),
           "title_b": "The Luminaries", "author": "Catton, Eleanor", "date": "12/03/2026"},
}  # fmt: skip


def _koha_raw(sender: str, subject: str, content_type: str, body: str) -> bytes:
    """A Mail::Sendmail message as Koha::Email->create_message_headers feeds it: one part,
    the letter's content type, quoted-printable body (X-Mailer header left out)."""
    from email.header import Header

    norm = re.sub(r"\r\n|\r|\n", "\n", body)
    qp = binascii.b2a_qp(norm.encode("utf-8"), istext=True).decode("ascii").replace("\n", "\r\n")
    subj = subject if subject.isascii() else Header(subject, "utf-8").encode()
    headers = [
        f"From: {sender}",
        "To: noor.tester@example.com",
        f"Subject: {subj}",
        "Date: " + format_datetime(SENT),
        "Message-ID: <corpus@mail.example>",
        "MIME-Version: 1.0",
        f"Content-Type: {content_type}",
        "Content-Transfer-Encoding: quoted-printable",
    ]
    return ("\r\n".join(headers) + "\r\n\r\n" + qp).encode("ascii")


def _koha_wrap_html(content: str, title: str) -> str:
    """C4::Letters::_wrap_html (NoticeCSS empty)."""
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"\n'
        '    "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
        '<html lang="en" xml:lang="en" xmlns="http://www.w3.org/1999/xhtml">\n<head>\n'
        f'<title>{title}</title>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n\n'
        f"</head>\n<body>\n{content}\n</body>\n</html>\n"
    )


def _koha_fill(t: str, values: dict[str, str]) -> str:
    """C4::Letters::_parseletter's <<table.field>> substitution."""
    for k, v in values.items():
        t = t.replace(f"<<{k}>>", v)
    return re.sub(r"<<\S*>>", "", t)  # GetPreparedLetter drops what is left


def koha() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    opac = "https://katalog.library.example"
    for lang, rows in KOHA_ROWS.items():
        who = KOHA_PEOPLE[lang]
        br = who["branch"]
        pw = "".join(
            RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
            for _ in range(10)
        )
        barcode = "3900" + "".join(str(RNG.randint(0, 9)) for _ in range(10))
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        values = {
            "borrowers.title": who["title"], "borrowers.firstname": who["firstname"],
            "borrowers.surname": who["surname"], "borrowers.userid": who["userid"], "borrowers.password": pw,
            "branches.branchname": br[0], "branches.branchaddress1": br[1], "branches.branchaddress2": br[2],
            "branches.branchaddress3": br[3], "branches.branchcity": br[4], "branches.branchzip": br[5],
            "biblio.title": who["title_b"], "biblio.author": who["author"], "items.barcode": barcode,
            "items.copynumber": "2", "reserves.waitingdate": who["date"], "OPACBaseURL": opac,
            "borrower_modifications.verification_token": token, "user": who["userid"],
            "passwordreseturl": f"{opac}/cgi-bin/koha/opac-password-recovery.pl?uniqueKey={token[::-1]}",
        }  # fmt: skip
        for cols, text in rows:
            (row,) = _sql_tuples(text)
            rec = dict(zip(cols, row, strict=True))
            code_name = str(rec["code"])

            title, content = (
                _koha_fill(str(rec["title"]), values),
                _koha_fill(str(rec["content"]), values),
            )
            is_html = str(rec.get("is_html", "0")) == "1"
            if code_name == "ACCTDETAILS":  # SendAlerts('members', ...)
                ctype, body = 'text/plain; charset="utf-8"', content
            elif is_html:  # queued; _send_message_by_email wraps it
                ctype, body = 'text/html; charset="UTF-8"', _koha_wrap_html(content, title)
            else:
                ctype, body = 'text/plain; charset="UTF-8"', content
            raw = _koha_raw(br[6], title, ctype, body)
            tid = code_name.lower().replace("_", "-")
            ident = f"koha-{tid}-{lang.lower()}"
            rel, sha = _write("koha", ident, raw)
            code = pw if code_name == "ACCTDETAILS" else None
            kind = {"ACCTDETAILS": "other", "PREDUE": "notice", "HOLD": "notice", "OPAC_REG_VERIFY": "notice",
                    "PASSWORD_RESET": "notice"}[code_name]  # fmt: skip
            note = {
                "ACCTDETAILS": "user name and the password the librarian set, given to log in to the catalogue",
                "PREDUE": f"due-date reminder; item barcode {barcode} in brackets, not a code",
                "HOLD": "hold ready for pickup: title, copy number, branch address; no pickup code",
                "OPAC_REG_VERIFY": "verification link only (token inside the link)",
                "PASSWORD_RESET": "reset link only",
            }[code_name]
            if lang == "en":
                note += "; the pl-PL installer file ships these notices untranslated (English)"
            if lang == "fr-CA" and code_name == "OPAC_REG_VERIFY":
                note += "; the fr-CA template puts http:// before OPACBaseURL, which already holds the scheme"
            items.append(_item(
                id=ident, group=f"koha-{tid}", source="koha", lang=lang, kind=kind, code=code,
                repository=KOHA[0], path=f"{KOHA_FILES[lang]}; {KOHA_LETTERS[0]} (at {KOHA_LETTERS[1]})",
                commit=KOHA[1], licence="GPL-3.0",
                rendered="installer notice row (held inline, copied verbatim) filled as C4::Letters::_parseletter "
                "does; sent as _send_message_by_email / SendAlerts build it (one part, the letter's content type, "
                "html wrapped by _wrap_html); quoted-printable as Mail::Sendmail sends",
                file=rel, sha256=sha, note=note))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Sequent (sequentech/iam + sequentech/admin-console), online voting: vote codes by e-mail

SEQ_IAM = ("sequentech/iam", "f302f60b36b169eda2f9a3b165cb4e8e9bc3910b")
SEQ_ADMIN = ("sequentech/admin-console", "358dbf7d0bbb91225a44a59c5bb215d90bcf26f7")


def _seq_replace(templ: str, data: dict[str, str]) -> str:
    """iam/utils.py template_replace_data: __KEY__ (upper case) replaced."""
    for key, value in data.items():
        templ = templ.replace(f"__{key.upper()}__", str(value))
    return templ


def sequent(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    settings = _show(mirrors, SEQ_IAM, "iam/iam/settings.py")
    base_body = (
        re.search(r'^EMAIL_BASE_TEMPLATE = "(.*)"$', settings, re.M)
        .group(1)
        .encode()
        .decode("unicode_escape")
    )  # type: ignore[union-attr]
    base_title = re.search(r'^EMAIL_BASE_TITLE_TEMPLATE = "(.*)"$', settings, re.M).group(1)  # type: ignore[union-attr]
    auth_url = re.search(r'^EMAIL_AUTH_CODE_URL = "(.*)"$', settings, re.M).group(1)  # type: ignore[union-attr]
    home_url = re.search(r'^HOME_URL = "(.*)"$', settings, re.M).group(1)  # type: ignore[union-attr]
    size = int(re.search(r"^SIZE_CODE = (\d+)$", settings, re.M).group(1))  # type: ignore[union-attr]
    host = "https://vota.ciudadana.example"
    auth_url = auth_url.replace("https://sequent.example.com", host)
    home_url = home_url.replace("https://sequent.example.com", host)
    sender = "Sequent <noreply@vota.ciudadana.example>"
    event_id = "4127"
    receiver = "noor.tester@example.com"

    def send(ident: str, group: str, lang: str, subject_cfg: str, msg_cfg: str, path: str, rendered: str,
             note: str) -> None:  # fmt: skip
        raw_code = "".join(
            RNG.choice("2346789") for _ in range(size)
        )  # generate_code: random_code(size, "2346789")
        shown = "-".join(raw_code[i : i + 4] for i in range(0, len(raw_code), 4))  # format_code
        url = _seq_replace(auth_url, {"event_id": event_id, "receiver": receiver})
        tdict = {"event_id": event_id, "url": url, "home_url": _seq_replace(home_url, {"event_id": event_id}),
                 "code": shown, "url2": url + "/" + raw_code}  # fmt: skip
        subject = _seq_replace(_seq_replace(base_title, {"title": subject_cfg}), tdict)
        body = _seq_replace(_seq_replace(base_body, {"message": msg_cfg}), tdict)
        raw = message(sender=sender, subject=subject, text=body, html_part=None, sent=SENT)
        rel, sha = _write("sequent", ident, raw)
        items.append(_item(
            id=ident, group=group, source="sequent", lang=lang, kind="gov-otp", code=raw_code,
            repository=SEQ_IAM[0] if "iam/" in path.split(";")[0] else SEQ_ADMIN[0], path=path,
            commit=SEQ_IAM[1] if "iam/" in path.split(";")[0] else SEQ_ADMIN[1], licence="AGPL-3.0",
            rendered=rendered, file=rel, sha256=sha, note=note))  # fmt: skip

    iam_paths = "iam/iam/settings.py; iam/utils.py (send_email_code, format_code, generate_code)"
    for method, path in [
        ("email", "iam/authmethods/m_email.py"),
        ("email-otp", "iam/authmethods/m_email_otp.py"),
    ]:
        src = _show(mirrors, SEQ_IAM, path)
        subj = re.search(r"'subject': '([^']*)'", src).group(1)  # type: ignore[union-attr]
        msg = re.search(r"'msg': '([^']*)'", src).group(1)  # type: ignore[union-attr]
        send(f"sequent-{method}-default-en", f"sequent-{method}-default", "en", subj, msg,
             f"{path}; {iam_paths}",
             "the auth method's default census config (subject, msg) through send_email_code: base title and body "
             "templates of settings.py, __URL__/__CODE__ filled; Django EmailMultiAlternatives text only "
             "(ALLOW_HTML_EMAILS False); From set by the deployer",
             "8-digit vote code from digits 2-9, shown in two groups of four (format_code); the link has no code")  # fmt: skip
    # the admin console's translated default e-mail templates (avAdmin.auth.emailsubdef / emaildef)
    title = {"en": "Harbour District budget 2027", "es": "Presupuestos participativos del Distrito Puerto 2027",
             "fr": "Budget participatif du quartier du Port 2027", "gl": "Orzamentos participativos do Porto 2027",
             "it": "Bilancio partecipativo del quartiere Porto 2027"}  # fmt: skip
    for lang in ("en", "es", "fr", "gl", "it"):
        auth = json.loads(_show(mirrors, SEQ_ADMIN, f"locales/{lang}.json"))["avAdmin"]["auth"]
        subj = auth["emailsubdef"].replace("__name__", title[lang])
        send(f"sequent-census-email-{lang}", "sequent-census-email", lang, subj, auth["emaildef"],
             f"locales/{lang}.json (avAdmin.auth.emailsubdef, emaildef); iam {iam_paths} at {SEQ_IAM[1]}",
             "the admin console's default census e-mail subject and message in the election's language, as an "
             "administrator sets them (__name__ filled by hand with the election title), sent through iam's "
             "send_email_code (base templates, __URL__/__CODE__ filled); text only",
             "8-digit vote code (digits 2-9) in two groups of four after the election link")  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Sequent step (sequentech/step): the voting platform's Keycloak OTP / new-password e-mails

SEQ_STEP = ("sequentech/step", "e2fd70ab07486abe7046aa8e3831536e82984c59")
SEQ_KC = "packages/keycloak-extensions/message-otp-authenticator/src/main"


def _message_format(pattern: str, *args: Any) -> str:
    """java.text.MessageFormat for {n} arguments and '' (no quoted sections in these strings)."""
    assert "'" not in pattern.replace("''", ""), pattern
    out = re.sub(r"\{(\d+)\}", lambda m: str(args[int(m.group(1))]), pattern)
    return out.replace("''", "'")


def _kc_html(body: str) -> str:
    """Keycloak's base theme email/html/template.ftl (emailLayout macro) around the body."""
    return f"<html>\n<body>\n{body}\n</body>\n</html>\n"


def sequent_step(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    res = f"{SEQ_KC}/resources/theme-resources"
    utils = _show(
        mirrors,
        SEQ_STEP,
        f"{SEQ_KC}/java/sequent/keycloak/authenticator/forgot_password/Utils.java",
    )
    chars = re.search(r'PASSWORD_CHARS_DEFAULT =\s*"([^"]*)"', utils).group(1)  # type: ignore[union-attr]
    plen = int(re.search(r'PASSWORD_LENGTH_DEFAULT = "(\d+)"', utils).group(1))  # type: ignore[union-attr]
    base = _properties(_show(mirrors, SEQ_STEP, f"{res}/messages/messages_en.properties"))
    realm = {"en": "Harbour District Elections", "es": "Elecciones del Distrito Puerto",
             "eu": "Portu Barrutiko Hauteskundeak", "gl": "Eleccións do Distrito Porto",
             "tl": "Halalan sa Distrito ng Daungan"}  # fmt: skip
    sender = "Sequent Voting <no-reply@vota.ciudadana.example>"
    for lang in ("en", "es", "eu", "gl", "tl"):
        msgs = {
            **base,
            **_properties(_show(mirrors, SEQ_STEP, f"{res}/messages/messages_{lang}.properties")),
        }
        rn = realm[lang]
        code = "".join(
            RNG.choice("0123456789") for _ in range(6)
        )  # SecretGenerator DIGITS, length 6
        temp = "".join(RNG.choice(chars) for _ in range(plen))
        link = f"https://vota.ciudadana.example/realms/harbour-2027/login-actions/action-token?key={RNG.getrandbits(96):024x}"
        plan = [
            ("send-code", "messageOtp.sendCode.email", (rn, code, 5), "send-code-email.ftl", "gov-otp", code,
             "6-digit authentication code (Keycloak SecretGenerator digits, length 6, ttl 300 s shown as 5 minutes)"),
            ("new-password", "newPassword.email", (rn, temp), "forgot-password-send-new-password.ftl", "other",
             temp, "temporary password of 12 characters from the default set including punctuation, to log in with; "
             "symbols are part of it"),
            ("send-link", "messageOtp.sendLink.email", (rn, link, 5), "send-link-email.ftl", "notice", None,
             "one-time link only"),
        ]  # fmt: skip
        for tid, key, args, ftl, kind, label, note in plan:
            subject = _message_format(msgs[f"{key}.subject"], rn)
            text = _message_format(msgs[f"{key}.textBody"], *args)
            page = _kc_html(_message_format(msgs[f"{key}.htmlBody"], *args))
            assert f'msg("{key}.textBody"' in _show(
                mirrors, SEQ_STEP, f"{res}/templates/text/{ftl}"
            )
            ident = f"sequent-step-{tid}-{lang}"
            raw = message(sender=sender, subject=subject, text=text, html_part=page, sent=SENT)
            rel, sha = _write("sequent", ident, raw)
            items.append(_item(
                id=ident, group=f"sequent-step-{tid}", source="sequent", lang=lang, kind=kind, code=label,
                repository=SEQ_STEP[0],
                path=f"{res}/templates/text/{ftl}; {res}/templates/html/{ftl}; {res}/messages/messages_{lang}.properties; "
                f"{SEQ_KC}/java/sequent/keycloak/authenticator/Utils.java; "
                f"{SEQ_KC}/java/sequent/keycloak/authenticator/forgot_password/Utils.java",
                commit=SEQ_STEP[1], licence="AGPL-3.0",
                rendered="FreeMarker templates' msg() calls rendered as MessageFormat with the locale's properties "
                "(English as fallback); html in Keycloak's base emailLayout; multipart/alternative as Keycloak's "
                "email sender sends it; realm display name invented",
                file=rel, sha256=sha, note=note))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# FreePBX User Manager (FreePBX/userman), telephony: the welcome mail with login details

USERMAN = ("FreePBX/userman", "1c71a98634f5ce4fa6d4b1ddf257716e82b3a636")


def _po(src: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext .po file (single-line entries, as these are)."""
    out: dict[str, str] = {}
    for m in re.finditer(r'^msgid "(.*)"\nmsgstr "(.*)"$', src, re.M):
        out[m.group(1)] = m.group(2)
    return out


def freepbx(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    tpl = _show(mirrors, USERMAN, "views/emails/welcome_text.tpl")
    cls = _show(mirrors, USERMAN, "Userman.class.php")
    assert "_('Your %brand% Account')" in cls and '_("Set by your administrator")' in cls
    brand = "FreePBX"
    locales = [
        ("en", None),
        ("de", "de_DE"),
        ("es", "es_ES"),
        ("pl", "pl"),
        ("pt-BR", "pt_BR"),
        ("ja", "ja_JP"),
    ]
    for lang, loc in locales:
        po = f"i18n/{loc}/LC_MESSAGES/userman.po"
        tr = _po(_show(mirrors, USERMAN, po)) if loc else {}

        def t(msgid: str, tr: dict[str, str] = tr) -> str:
            return tr.get(msgid) or msgid  # gettext falls back to the msgid

        cases = [("password", "".join(RNG.choice("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
                                        for _ in range(12)), "the password the administrator set when creating "
                  "the user (invented), to log in to the listed services"),
                 ("admin-set", None, "password line says it was set by the administrator; no credential"),
                 ("obfuscated", None, "password line says it is obfuscated; no credential")]  # fmt: skip
        for case, pw, note in cases:
            if loc and case == "obfuscated":
                continue  # untranslated in these catalogues: it would be the English line again
            user = {"fname": "Noor", "lname": "Tester", "username": "ntester", "brand": brand,
                    "email": "noor.tester@example.com", "host": "https://pbx.lindqvist-dental.example",
                    "services": ""}  # fmt: skip
            if pw:
                user["password"] = pw
            elif case == "admin-set":
                user["password"] = t("Set by your administrator")
            else:
                user["password"] = t("Obfuscated. To reset use the reset link in this email")
            body = tpl
            for match in re.findall(r"\$\{([\w|\d]*)\}", tpl, re.ASCII):
                body = body.replace("${" + match + "}", user.get(match) or "")
            subject = t("Your %brand% Account")
            for match in re.findall(
                r"%([\w|\d]*)%", subject, re.ASCII
            ):  # PCRE \w without /u: ASCII only
                subject = subject.replace("%" + match + "%", user.get(match) or "")
            ident = f"freepbx-welcome-{case}-{lang.lower()}"
            raw = message(sender=f"{brand} <freepbx@pbx.lindqvist-dental.example>", subject=subject, text=body,
                          html_part=None, sent=SENT)  # fmt: skip
            rel, sha = _write("freepbx", ident, raw)
            n = note
            if loc:
                n += "; the body template ships in English only, the subject (and the password line) translated"
            if subject.rstrip() != subject or "%" in subject:
                n += f"; the catalogue's subject placeholder is not the one the code fills, so the subject reads {subject!r}"
            items.append(_item(
                id=ident, group=f"freepbx-welcome-{case}", source="freepbx", lang=lang,
                kind="other" if pw else "notice", code=pw, repository=USERMAN[0],
                path="views/emails/welcome_text.tpl; Userman.class.php (sendWelcomeEmail, sendEmail)"
                + (f"; {po}" if loc else ""),
                commit=USERMAN[1], licence="AGPL-3.0",
                rendered="welcome_text.tpl with ${...} filled as sendWelcomeEmail does (services from other modules' "
                "hooks left empty); subject _('Your %brand% Account') with %...% filled the same way; CodeIgniter "
                "CI_Email text mail",
                file=rel, sha256=sha, note=n))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# BookCars (aelassas/bookcars), car rental: activation, booking confirmation, supplier notice

BOOKCARS = ("aelassas/bookcars", "52cebb4906484c227ad1fa15cb29cd98a49a35a9")


def _ts_strings(src: str, env: dict[str, str]) -> dict[str, str]:
    """KEY: 'value' / "value" / `value with ${env.X}` entries of a backend/src/lang/<lang>.ts object."""
    out: dict[str, str] = {}
    for m in re.finditer(
        r"^\s*([A-Z0-9_]+):\s*(?:\n\s*)?('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`),?\s*$",
        src,
        re.M,
    ):
        raw = m.group(2)
        val = raw[1:-1]
        if raw[0] == "`":
            val = re.sub(r"\$\{env\.(\w+)\}", lambda e: env[e.group(1)], val)
        else:
            val = re.sub(r"\\(.)", r"\1", val)
        out[m.group(1)] = val
    return out


def bookcars(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    env = {"WEBSITE_NAME": "BookCars", "TIMEZONE": "Europe/Lisbon"}
    frontend, admin = "https://rent.atlanticdrive.example", "https://admin.atlanticdrive.example"
    sender = "Atlantic Drive <bookings@atlanticdrive.example>"
    ctl = _show(mirrors, BOOKCARS, "backend/src/controllers/bookingController.ts")
    assert (
        "BOOKING_CONFIRMED_SUBJECT_PART1')} ${booking._id} ${i18n.t('BOOKING_CONFIRMED_SUBJECT_PART2')}"
        in ctl
    )
    dates = {  # booking.from / booking.to .toLocaleString('fr-FR' if fr else 'en-US', {weekday, month long, ...})
        "en": (
            "Thursday, December 10, 2026 at 9:00\u202fAM",
            "Monday, December 14, 2026 at 6:00\u202fPM",
        ),
        "es": (
            "Thursday, December 10, 2026 at 9:00\u202fAM",
            "Monday, December 14, 2026 at 6:00\u202fPM",
        ),
        "fr": ("jeudi 10 décembre 2026 à 09:00", "lundi 14 décembre 2026 à 18:00"),
    }
    place = {"en": "Lisbon Airport, Terminal 1", "es": "Aeropuerto de Lisboa, Terminal 1",
             "fr": "Aéroport de Lisbonne, Terminal 1"}  # fmt: skip
    for lang in ("en", "fr", "es"):
        t = _ts_strings(_show(mirrors, BOOKCARS, f"backend/src/lang/{lang}.ts"), env)
        booking_id = "".join(RNG.choice("0123456789abcdef") for _ in range(24))  # MongoDB ObjectId
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
        name = "Noor Tester"
        supplier = "Atlantic Drive Rentals"
        # user.signup: activation mail
        link = f"{frontend}/api/confirm-email/noor.tester@example.com/{token}"
        act = (
            '<div style="font-family: Arial, sans-serif; max-width: 600px; margin: 0 auto; padding: 20px; border: 1px '
            'solid #e0e0e0; border-radius: 5px;">\n          <p style="font-size: 16px; color: #555;">\n            '
            f"{t['HELLO']} {name},<br><br>\n            {t['ACCOUNT_ACTIVATION_LINK']}<br><br>\n            "
            f'<a href="{link}" target="_blank">{link}</a><br><br>\n            {t["REGARDS"]}<br>\n          </p>\n'
            "        </div>"
        )
        # bookingController.confirm (paid now)
        frm, to = dates[lang]
        conf = (
            f"<p>\n        {t['HELLO']}{name},<br><br>\n        "
            f"{t['BOOKING_CONFIRMED_PART1']} {booking_id} {t['BOOKING_CONFIRMED_PART2']}<br><br>\n        "
            f"{t['BOOKING_CONFIRMED_PART3']}{supplier}{t['BOOKING_CONFIRMED_PART4']}{place[lang]}"
            f"{t['BOOKING_CONFIRMED_PART5']}{frm} {t['BOOKING_CONFIRMED_PART6']}Peugeot 208 1.2 PureTech"
            f"{t['BOOKING_CONFIRMED_PART7']}<br><br>{t['BOOKING_CONFIRMED_PART8']}<br><br>"
            f"{t['BOOKING_CONFIRMED_PART9']}{supplier}{t['BOOKING_CONFIRMED_PART10']}{place[lang]}"
            f"{t['BOOKING_CONFIRMED_PART11']}{to} {t['BOOKING_CONFIRMED_PART12']}<br><br>"
            f"{t['BOOKING_CONFIRMED_PART13']}<br><br>{t['BOOKING_CONFIRMED_PART14']}{frontend}<br><br>\n        "
            f"{t['REGARDS']}<br>\n        </p>"
        )
        # bookingController.notify: the supplier is told the driver paid
        msg = f"{name} {t['BOOKING_PAID_NOTIFICATION']} {booking_id}."
        notif = (
            f"<p>\n    {t['HELLO']}{supplier},<br><br>\n    {msg}<br><br>\n    "
            f"{admin}/update-booking?b={booking_id}<br><br>\n    {t['REGARDS']}<br>\n    </p>"
        )
        plan = [
            ("account-activation", t["ACCOUNT_ACTIVATION_SUBJECT"], act, "backend/src/controllers/userController.ts (signup)",
             "activation link only (token inside the link)"),
            ("booking-confirmed", f"{t['BOOKING_CONFIRMED_SUBJECT_PART1']} {booking_id} {t['BOOKING_CONFIRMED_SUBJECT_PART2']}",
             conf, "backend/src/controllers/bookingController.ts (confirm)",
             f"booking id {booking_id} (MongoDB ObjectId, 24 hex) in subject and body, pick-up and drop-off dates; no code"),
            ("booking-paid-notification", msg, notif, "backend/src/controllers/bookingController.ts (notify)",
             "supplier notification: booking id and admin link; no code"),
        ]  # fmt: skip
        for tid, subject, page, path, note in plan:
            ident = f"bookcars-{tid}-{lang}"
            raw = message(sender=sender, subject=subject, text=None, html_part=page, sent=SENT)
            rel, sha = _write("bookcars", ident, raw)
            items.append(_item(
                id=ident, group=f"bookcars-{tid}", source="bookcars", lang=lang, kind="travel-booking",
                code=None, repository=BOOKCARS[0], path=f"{path}; backend/src/lang/{lang}.ts; backend/src/utils/mailHelper.ts",
                commit=BOOKCARS[1], licence="MIT",
                rendered="the controller's template literal filled with the lang file's strings (env.WEBSITE_NAME, "
                "env.TIMEZONE set by the deployer; dates as Node's toLocaleString gives them, en-US for es as the code "
                "does); nodemailer html-only mail; the supplier's contract attachment left out",
                file=rel, sha256=sha, note=note))  # fmt: skip
    return items


def _json_object_at(text: str, key: str) -> dict[str, Any]:
    """The JSON object that follows ``"key": `` in a (handlebars) JSON template."""
    i = text.index(f'"{key}": ') + len(f'"{key}": ')
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return json.loads(text[i : j + 1])
    raise ValueError(key)


def sequent_comelec(mirrors: Path) -> list[dict[str, Any]]:
    """The COMELEC (Philippines) realm template of step's janitor: its localizationTexts override the
    authenticator's theme messages (Keycloak realm localization), the rest falls back to the theme."""
    items: list[dict[str, Any]] = []
    path = "packages/windmill/external-bin/janitor/templates/COMELEC/keycloak.hbs"
    texts = _json_object_at(_show(mirrors, SEQ_STEP, path), "localizationTexts")
    res = f"{SEQ_KC}/resources/theme-resources"
    base = _properties(_show(mirrors, SEQ_STEP, f"{res}/messages/messages_en.properties"))
    sender = "Commission on Elections <no-reply@ov.comelec.example>"
    realm = "2025 NLE Internet Voting"
    for lang in ("en", "tl"):
        theme = {
            **base,
            **_properties(_show(mirrors, SEQ_STEP, f"{res}/messages/messages_{lang}.properties")),
        }
        msgs = {**theme, **texts[lang]}
        code = "".join(RNG.choice("0123456789") for _ in range(6))
        key = "messageOtp.sendCode.email"
        subject = _message_format(msgs[f"{key}.subject"], realm)
        text = _message_format(msgs[f"{key}.textBody"], realm, code, 5)
        page = _kc_html(_message_format(msgs[f"{key}.htmlBody"], realm, code, 5))
        ident = f"sequent-comelec-otp-{lang}"
        raw = message(sender=sender, subject=subject, text=text, html_part=page, sent=SENT)
        rel, sha = _write("sequent", ident, raw)
        note = "6-digit OTP in bold in the html part"
        if lang == "en":
            note += "; the realm's English text body holds \\n escaped twice, so the text part shows literal \\n"
        else:
            note += "; no Tagalog text body in the realm texts: the text part falls back to the theme's messages_tl"
        items.append(_item(
            id=ident, group="sequent-comelec-otp", source="sequent", lang=lang, kind="gov-otp", code=code,
            repository=SEQ_STEP[0], path=f"{path} (localizationTexts); {res}/templates/text/send-code-email.ftl; "
            f"{res}/templates/html/send-code-email.ftl; {res}/messages/messages_{lang}.properties",
            commit=SEQ_STEP[1], licence="AGPL-3.0",
            rendered="send-code-email templates with the realm's localization texts over the theme messages "
            "(MessageFormat), Keycloak base emailLayout, multipart/alternative",
            file=rel, sha256=sha, note=note))  # fmt: skip
    # enrollment confirmation (success-email.ftl), English: every key is in the realm texts
    msgs = {**base, **texts["en"]}
    user = "nt" + "".join(RNG.choice("0123456789") for _ in range(8))
    login = "https://ov.comelec.example/tenant/90505c8a/event/2025-nle/login"
    enroll = "https://ov.comelec.example/tenant/90505c8a/event/2025-nle/enroll"
    args = (realm, user, enroll, login)
    text = _message_format(msgs["messageSuccessEmailTextBody"], *args)
    page = _kc_html(_message_format(msgs["messageSuccessEmailHtmlBody"], *args))
    raw = message(sender=sender, subject=_message_format(msgs["messageSuccessEmailSubject"], realm), text=text,
                  html_part=page, sent=SENT)  # fmt: skip
    rel, sha = _write("sequent", "sequent-comelec-enrollment-en", raw)
    items.append(_item(
        id="sequent-comelec-enrollment-en", group="sequent-comelec-enrollment", source="sequent", lang="en",
        kind="notice", code=None, repository=SEQ_STEP[0],
        path=f"{path} (localizationTexts); {res}/templates/text/success-email.ftl; {res}/templates/html/success-email.ftl",
        commit=SEQ_STEP[1], licence="AGPL-3.0",
        rendered="success-email templates with the realm's English texts (MessageFormat), Keycloak base emailLayout",
        file=rel, sha256=sha,
        note=f"enrollment confirmation: login link and the username {user} to log in with the password the voter "
        "chose; no code (a user name is not a code)"))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# BTCPay Server (btcpayserver/btcpayserver), payment processor: server and store email rules

BTCPAY = ("btcpayserver/btcpayserver", "03345c2886a58ea4d2f603cb6554b2e3f5d690a4")
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _base58(data: bytes) -> str:
    """NBitcoin's Encoders.Base58 (Bitcoin alphabet, leading zero bytes as '1')."""
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def _cs_string(src: str, anchor: str, field: str) -> str:
    """The C# string literal of ``field = "..."`` after ``anchor`` in a source file."""
    i = src.index(anchor)
    if field == "Body" and src.startswith("Body = CreateEmailBody($", src.index("Body = ", i)):
        m = re.compile(r'Body = CreateEmailBody\(\$"(.*)"\),\s*$', re.M).search(src, i)
    else:
        m = re.compile(field + r' = "((?:[^"\\]|\\.)*)"').search(src, i)
    assert m
    return m.group(1)


def btcpay(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    plugin = _show(mirrors, BTCPAY, "BTCPayServer/Plugins/Emails/EmailsPlugin.cs")
    hooks = _show(mirrors, BTCPAY, "BTCPayServer/Plugins/Webhooks/WebhooksPlugin.cs")
    style = re.search(r'BODY_STYLE = "([^"]*)"', plugin).group(1)  # type: ignore[union-attr]
    header = re.search(r'HEADER_HTML = "([^"]*)"', plugin).group(1)  # type: ignore[union-attr]
    button = re.search(r'BUTTON_HTML = "([^"]*)"', plugin).group(1)  # type: ignore[union-attr]
    server = "Harbour Pay"
    sender = "Harbour Pay <payments@pay.harbourcoffee.example>"

    def body(inner: str) -> str:  # EmailsPlugin.CreateEmailBody
        return f"<html><body style='{style}'>{header}{inner}</body></html>"

    def cta(name: str, link: str) -> str:  # EmailsPlugin.CallToAction
        return button.replace("{button_description}", name).replace("{button_link}", link)

    def fill(t: str, values: dict[str, str]) -> str:
        for k, v in values.items():
            t = t.replace("{" + k + "}", v)
        return t

    invoice = _base58(
        bytes(RNG.getrandbits(8) for _ in range(16))
    )  # InvoiceRepository: 16 random bytes
    payout = _base58(
        bytes(RNG.getrandbits(8) for _ in range(20))
    )  # PullPaymentHostedService: 20 bytes
    pull = _base58(bytes(RNG.getrandbits(8) for _ in range(20)))
    values = {"Server.Name": server, "Invoice.Id": invoice, "Invoice.OrderId": "HC-2026-00418",
              "Payout.Id": payout, "Payout.PullPaymentId": pull,
              "ResetLink": "https://pay.harbourcoffee.example/login/set-password?code=CfDJ8Kx2&userId=4b1e",
              "ConfirmLink": "https://pay.harbourcoffee.example/register/confirm-email?uid=4b1e&token=CfDJ8Nq7"}  # fmt: skip
    plan = [
        ("password-reset", "ServerMailTriggers.PasswordReset", plugin, "notice", "reset link (button) only"),
        ("email-confirmation", "ServerMailTriggers.EmailConfirm", plugin, "notice", "confirmation link (button) only"),
        ("invoice-settled", "WebhookEventType.InvoiceSettled,", hooks, "invoice",
         f"invoice id {invoice} (base58 of 16 bytes) and the shop's order id; no code"),
        ("invoice-received-payment", "WebhookEventType.InvoiceReceivedPayment,", hooks, "invoice",
         "invoice and order ids; no code"),
        ("invoice-expired", "WebhookEventType.InvoiceExpired,", hooks, "invoice", "invoice and order ids; no code"),
        ("payout-approved", "WebhookEventType.PayoutApproved,", hooks, "notice",
         f"payout id {payout} and pull payment id (base58 of 20 bytes); no code"),
        ("payout-created", "WebhookEventType.PayoutCreated,", hooks, "notice", "payout and pull payment ids; no code"),
    ]  # fmt: skip
    for tid, anchor, src, kind, note in plan:
        subject = fill(_cs_string(src, "Trigger = " + anchor, "Subject"), values)
        raw_body = _cs_string(src, "Trigger = " + anchor, "Body")
        if src is plugin:  # CreateEmailBody($"...{CallToAction("X", "{Link}")}") with {{ }} escapes
            m = re.search(r'\{CallToAction\("([^"]*)", "\{(\w+)\}"\)\}', raw_body)
            assert m
            inner = (
                raw_body.replace(m.group(0), cta(m.group(1), "{" + m.group(2) + "}"))
                .replace("{{", "{")
                .replace("}}", "}")
            )
            page = fill(body(inner), values)
        else:
            page = fill(raw_body, values)  # store rules: the body as given, sent as HTML
        ident = f"btcpay-{tid}-en"
        raw = message(sender=sender, subject=subject, text=None, html_part=page, sent=SENT)
        rel, sha = _write("btcpay", ident, raw)
        items.append(_item(
            id=ident, group=f"btcpay-{tid}", source="btcpay", lang="en", kind=kind, code=None,
            repository=BTCPAY[0],
            path=("BTCPayServer/Plugins/Emails/EmailsPlugin.cs" if src is plugin else
                  "BTCPayServer/Plugins/Webhooks/WebhooksPlugin.cs; BTCPayServer/Plugins/Emails/EmailsPlugin.cs")
            + "; BTCPayServer/Plugins/Emails/Services/EmailSettings.cs; BTCPayServer/Services/Invoices/InvoiceRepository.cs",
            commit=BTCPAY[1], licence="MIT",
            rendered="the trigger's default email rule (subject, body) with its placeholders filled; server rules "
            "through CreateEmailBody/CallToAction; CreateMailMessage with isHtml (one text/html part)",
            file=rel, sha256=sha, note=note))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = (
        kazoo(args.mirrors)
        + gibbon(args.mirrors)
        + emoncms(args.mirrors)
        + sormas(args.mirrors)
        + koha()
        + sequent(args.mirrors)
        + sequent_step(args.mirrors)
        + freepbx(args.mirrors)
        + bookcars(args.mirrors)
        + sequent_comelec(args.mirrors)
        + btcpay(args.mirrors)
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(items), "items;", sum(i["code"] is not None for i in items), "positives")


if __name__ == "__main__":
    main()
