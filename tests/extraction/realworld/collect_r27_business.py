"""Round 27, business (blind): two open-source helpdesks (ticket systems) whose mails carry
the codes and passwords a customer or agent is given, next to the ticket notices that carry
only ticket numbers: OpenSupports (15 languages) and Faveo Helpdesk, rendered from git
snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_business.py \\
        --mirrors /work/.mirror

- opensupports/opensupports (GPL-3.0: LICENSE is the GPL-3.0 text, no "or later" notice
  found, so GPL-3.0-only), commit OPENSUPPORTS_COMMIT, a PHP ticket system.
  ``server/controllers/system/init-settings.php`` (``storeMailTemplates``) stores every
  language of ``server/data/MailTexts.php`` as a ``mailtemplate`` row: element 0 the subject,
  1..3 ``text1``..``text3``. ``server/models/MailTemplate.php``: ``getSubject`` and
  ``getBody`` replace ``{{<TEMPLATE>_MATCH_n}}`` in the template's HTML file (``getFilePaths``:
  ``server/data/mail-templates/*.html``) by text1..text4 (text4 does not exist: empty) and
  ``{{IMAGE_HEADER_URL}}`` by the ``mail-template-header-image`` setting (its default,
  ``https://s3.amazonaws.com/opensupports/logo.png``), then ``compileString`` replaces each
  ``{{name}}`` of the sender's config in order with ``str_replace`` (no escaping).
  ``server/libs/MailSender.php`` sends through PHPMailer with ``isHTML(true)`` and no
  AltBody: one text/html part, UTF-8, From "OpenSupports" <server-email>. The language is
  the instance's global ``language`` setting. Senders and values:
  ``controllers/user/signup.php`` (USER_SIGNUP: to, name, url, verificationToken),
  ``controllers/user/send-recover-password.php`` (PASSWORD_FORGOT: to, name, url, token),
  ``controllers/user/invite.php`` (USER_INVITE: to, name, url, token),
  ``controllers/ticket/create.php`` (TICKET_CREATED: to, name, ticketNumber, title, url),
  ``controllers/ticket/comment.php`` (TICKET_RESPONDED), ``controllers/ticket/close.php``
  (TICKET_CLOSED), ``controllers/user/edit-password.php`` (USER_PASSWORD) and
  ``controllers/user/edit-email.php`` (USER_EMAIL: newemail). Tokens are
  ``Hashing::generateRandomToken()`` (``server/libs/Hashing.php``: ``bin2hex(random_bytes(20))``,
  40 hex digits); ticket numbers six digits (``ticket-first-number``
  ``generateRandomNumber(100000, 999999)``, then a linear congruential step). Rendering here:
  the PHP array is parsed from the snapshot and the same replacements done in Python in the
  same order. Labels: the signup, password-recovery and invitation mails show the token in
  the ``code-block`` cell under "Use this code in <url> ..." (the token is what the mail
  tells the reader to use; it is also in the button link); the ticket mails show the
  ticket number in the same cell (a reference: notices), the changed-password and
  changed-email mails are notices. A selection of the 15 catalogue languages per template.
- ladybirdweb/faveo-helpdesk (OSL-3.0: LICENSE is the Open Software License 3.0 text),
  commit FAVEO_COMMIT, a Laravel helpdesk. The mail bodies are database rows seeded by
  ``database/seeders/v_2_0_0/DatabaseSeeder.php`` (``Template::create``: ``variable``,
  ``subject``, ``message`` PHP string literals, parsed here). ``app/Http/Controllers/Common/
  PhpMailController.php`` (``sendEmail``) takes the row of the scenario in the active set,
  uses its subject when ``variable`` is 1 (adding `` [#<ticket>]`` when a ticket number is
  given), else the caller's subject, replaces the ``{!!$name!!}`` placeholders with
  ``str_replace`` in its fixed order (missing values empty; ``system_from`` defaults to
  ``company()``, "Support Center" when the company has no name; ``system_link`` to
  ``app.url``) and sends ``emails.mail`` (``resources/views/emails/mail.blade.php``,
  ``{!! $data !!}``) through Laravel's mailer: one text/html part, From the system e-mail.
  Callers: ``Agent/helpdesk/UserController.php`` (registration-notification with the
  password of ``generateRandomString()``, 10 of 0-9a-zA-Z; ``randomPostPassword``:
  reset_new_password with the password the admin typed), ``Auth/ForgotPasswordController.php``
  (reset-password, a ``Str::random(60)`` token inside the link),
  ``Agent/helpdesk/TicketController.php`` (create-ticket, close-ticket),
  ``Client/helpdesk/UnAuthController.php`` (check-ticket). The ticket number has the shape
  of the format ``AAAA-9999-9999999`` seeded in ``app/Api/v1/TicketController.php``.
  English only (the seeded set is English). Labels: both passwords; the rest are notices.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 9, 10, 17, tzinfo=UTC)
OUT = HERE / "round27" / "business.json"

OPENSUPPORTS = "opensupports/opensupports"
OPENSUPPORTS_COMMIT = "20720ca4f9175373ee8075fc18ce823707350534"
OPENSUPPORTS_FROM = "OpenSupports <soporte@helpdesk-andino.example.com>"
OPENSUPPORTS_URL = "https://soporte.helpdesk-andino.example.com"
OPENSUPPORTS_LOGO = "https://s3.amazonaws.com/opensupports/logo.png"
FAVEO = "ladybirdweb/faveo-helpdesk"
FAVEO_COMMIT = "713868c77565d8dc0703886525afb472fac69363"
FAVEO_FROM = "Brightline Support <support@brightline-tools.example.com>"
FAVEO_URL = "https://help.brightline-tools.example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


# --- PHP literals --------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:('(?:[^'\\]|\\.)*')|(\"(?:[^\"\\]|\\.)*\")|(=>|\[|\]|,|\.))", re.S)


def php_single(literal: str) -> str:
    """A PHP single-quoted literal's value: only \\' and \\\\ are escapes."""
    return re.sub(r"\\([\\'])", r"\1", literal[1:-1])


def php_double(literal: str) -> str:
    body = literal[1:-1]
    if "$" in body or "\\" in body:
        raise ValueError(f"not a plain double-quoted literal: {literal}")
    return body


def parse_php_array(text: str, start: int) -> tuple[object, int]:
    """Parse a PHP short array of string literals and arrays beginning at ``text[start]``
    (``[``); returns a dict when it has keys, else a list, and the index after ``]``."""
    pos = start + 1
    keyed: dict[str, object] = {}
    items: list[object] = []
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ValueError(f"cannot parse at {pos}: {text[pos : pos + 40]!r}")
        pos = m.end()
        if m.group(3) == "]":
            return (keyed if keyed else items), pos
        if m.group(3) == ",":
            continue
        if m.group(3) == "[":
            value, pos = parse_php_array(text, m.start(3))
            items.append(value)
            continue
        value = php_single(m.group(1))
        nxt = _TOKEN.match(text, pos)
        if nxt is not None and nxt.group(3) == "=>":
            after = _TOKEN.match(text, nxt.end())
            if after.group(3) == "[":
                sub, pos = parse_php_array(text, after.start(3))
            else:
                sub, pos = php_single(after.group(1)), after.end()
            keyed[value] = sub
        else:
            items.append(value)


def php_string_expr(text: str, start: int) -> str:
    """A concatenation of string literals ('a'."b".'c') beginning at ``text[start]``."""
    parts = []
    pos = start
    while True:
        m = _TOKEN.match(text, pos)
        if m.group(1):
            parts.append(php_single(m.group(1)))
        elif m.group(2):
            parts.append(php_double(m.group(2)))
        else:
            raise ValueError("expected a string literal")
        pos = m.end()
        nxt = _TOKEN.match(text, pos)
        if nxt is None or nxt.group(3) != ".":
            return "".join(parts)
        pos = nxt.end()


# --- OpenSupports --------------------------------------------------------------------------

OS_FILES = {
    "USER_SIGNUP": "data/mail-templates/user-signup.html",
    "USER_PASSWORD": "data/mail-templates/user-edit-password.html",
    "USER_EMAIL": "data/mail-templates/user-edit-email.html",
    "PASSWORD_FORGOT": "data/mail-templates/user-password-forgot.html",
    "USER_INVITE": "data/mail-templates/user-invite.html",
    "TICKET_CREATED": "data/mail-templates/ticket-created.html",
    "TICKET_RESPONDED": "data/mail-templates/ticket-responded.html",
    "TICKET_CLOSED": "data/mail-templates/ticket-closed.html",
}
OS_SENDERS = {
    "USER_SIGNUP": "server/controllers/user/signup.php",
    "USER_PASSWORD": "server/controllers/user/edit-password.php",
    "USER_EMAIL": "server/controllers/user/edit-email.php",
    "PASSWORD_FORGOT": "server/controllers/user/send-recover-password.php",
    "USER_INVITE": "server/controllers/user/invite.php",
    "TICKET_CREATED": "server/controllers/ticket/create.php",
    "TICKET_RESPONDED": "server/controllers/ticket/comment.php",
    "TICKET_CLOSED": "server/controllers/ticket/close.php",
}
# catalogue key -> BCP 47 tag
OS_LANGS = {
    "en": "en",
    "cn": "zh",
    "de": "de",
    "es": "es",
    "fr": "fr",
    "in": "hi",
    "it": "it",
    "jp": "ja",
    "pt": "pt",
    "ru": "ru",
    "tr": "tr",
    "br": "pt-BR",
    "gr": "el",
    "nl": "nl",
    "pl": "pl",
}
OS_NAMES = {
    "en": "Megan Cartwright",
    "cn": "王丽娜",
    "de": "Jonas Bergmann",
    "es": "Valentina Ríos",
    "fr": "Camille Lefèvre",
    "in": "प्रिया शर्मा",
    "it": "Giulia Marchetti",
    "jp": "佐藤 美咲",
    "pt": "Inês Carvalho",
    "ru": "Анна Смирнова",
    "tr": "Elif Yıldız",
    "br": "Lucas Almeida",
    "gr": "Ελένη Παπαδοπούλου",
    "nl": "Sanne de Vries",
    "pl": "Katarzyna Nowak",
}
OS_TITLES = {
    "en": "Invoice PDF shows the wrong VAT rate",
    "de": "Rechnungs-PDF zeigt falschen Mehrwertsteuersatz",
    "es": "El PDF de la factura muestra un IVA incorrecto",
    "fr": "Le PDF de la facture affiche un mauvais taux de TVA",
    "ja": "請求書PDFの消費税率が間違っています",
    "ru": "В PDF счёта указана неверная ставка НДС",
    "it": "Il PDF della fattura mostra l'aliquota IVA sbagliata",
    "nl": "Factuur-pdf toont het verkeerde btw-tarief",
    "pl": "PDF faktury pokazuje złą stawkę VAT",
    "pt": "O PDF da fatura mostra a taxa de IVA errada",
    "tr": "Fatura PDF'inde KDV oranı yanlış görünüyor",
    "el": "Το PDF του τιμολογίου δείχνει λάθος συντελεστή ΦΠΑ",
}
# the staff reply comment.php passes as content (the editor's HTML)
OS_REPLIES = {
    "en": "<p>Thanks for the report. The VAT rate on invoices is fixed now; please download "
    "the invoice again from your account.</p>",
    "it": "<p>Grazie per la segnalazione. L'aliquota IVA sulle fatture ora è corretta; "
    "scarica di nuovo la fattura dal tuo account.</p>",
    "nl": "<p>Bedankt voor de melding. Het btw-tarief op facturen is nu gecorrigeerd; "
    "download de factuur opnieuw vanuit je account.</p>",
    "pl": "<p>Dziękujemy za zgłoszenie. Stawka VAT na fakturach została poprawiona; "
    "pobierz fakturę ponownie ze swojego konta.</p>",
}
# template -> (kind, catalogue languages)
OS_PLAN = {
    "USER_SIGNUP": ("saas-otp", ["en", "de", "es", "fr", "ru", "jp", "cn", "pt"]),
    "PASSWORD_FORGOT": ("saas-otp", ["en", "de", "es", "it", "nl", "pl", "tr", "gr"]),
    "USER_INVITE": ("saas-otp", ["en", "fr", "br", "in"]),
    "TICKET_CREATED": ("notice", ["en", "de", "es", "fr", "jp", "ru"]),
    "TICKET_RESPONDED": ("notice", ["en", "it", "nl", "pl"]),
    "TICKET_CLOSED": ("notice", ["en", "pt", "tr", "gr"]),
    "USER_PASSWORD": ("notice", ["en", "de", "es"]),
    "USER_EMAIL": ("notice", ["en", "fr", "cn"]),
}
OS_SLUG = {
    "USER_SIGNUP": "signup",
    "PASSWORD_FORGOT": "password-forgot",
    "USER_INVITE": "invite",
    "TICKET_CREATED": "ticket-created",
    "TICKET_RESPONDED": "ticket-responded",
    "TICKET_CLOSED": "ticket-closed",
    "USER_PASSWORD": "password-changed",
    "USER_EMAIL": "email-changed",
}


def os_token(seed: str) -> str:
    """40 hex digits, the shape of bin2hex(random_bytes(20)), fixed per mail."""
    return hashlib.sha1(("opensupports-" + seed).encode()).hexdigest()


def opensupports(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return git_show(mirrors, OPENSUPPORTS, OPENSUPPORTS_COMMIT, path)

    source = show("server/data/MailTexts.php")
    texts, _ = parse_php_array(source, source.index("return [") + len("return "))
    out = []
    ticket_numbers = iter(["418093", "657241", "229867", "804515", "371662", "962348"] * 4)
    for template, (kind, langs) in OS_PLAN.items():
        page = show("server/" + OS_FILES[template])
        for key in langs:
            lang = OS_LANGS[key]
            row = texts[key][template]
            subject_text = row[0]
            fields = [row[i] if i < len(row) else "" for i in (1, 2, 3)] + [""]
            matches = [f"{{{{{template}_MATCH_{n}}}}}" for n in (1, 2, 3, 4)]
            body = page
            for match, value in zip(
                [*matches, "{{IMAGE_HEADER_URL}}"], [*fields, OPENSUPPORTS_LOGO], strict=True
            ):
                body = body.replace(match, value)
            to = "noor.tester@example.com"
            config: dict[str, str] = {"to": to, "name": OS_NAMES[key]}
            code = None
            if template in ("USER_SIGNUP", "PASSWORD_FORGOT", "USER_INVITE"):
                code = os_token(f"{template}-{key}")
                config["url"] = OPENSUPPORTS_URL
                config["verificationToken" if template == "USER_SIGNUP" else "token"] = code
            elif template.startswith("TICKET_"):
                config["ticketNumber"] = next(ticket_numbers)
                config["title"] = OS_TITLES[lang]
                config["url"] = OPENSUPPORTS_URL
                if template == "TICKET_RESPONDED":
                    config["content"] = OS_REPLIES[key]
            elif template == "USER_EMAIL":
                config["newemail"] = "noor.tester@example.com"
                config["to"] = "noor.old@example.com"
            subject = subject_text
            for name, value in config.items():
                subject = subject.replace("{{" + name + "}}", value)
                body = body.replace("{{" + name + "}}", value)
            raw = message(
                sender=OPENSUPPORTS_FROM, subject=subject, text=None, html_part=body, sent=SENT
            )
            slug = OS_SLUG[template]
            note = None
            if code:
                note = (
                    "the 40-hex token (bin2hex(random_bytes(20))) stands alone in the "
                    "code-block cell under 'Use this code in <url> or click the button "
                    "below'; the same token is in the link"
                )
            elif template.startswith("TICKET_"):
                note = "the six-digit number is the ticket number (a reference)"
            meta = dict(
                id=f"opensupports-{slug}-{lang.lower()}",
                group=f"opensupports-{slug}",
                source="opensupports",
                lang=lang,
                kind=kind if code else "notice",
                code=code,
                repository=OPENSUPPORTS,
                path=", ".join(
                    [
                        "server/data/MailTexts.php",
                        "server/" + OS_FILES[template],
                        "server/models/MailTemplate.php",
                        "server/libs/MailSender.php",
                        OS_SENDERS[template],
                    ]
                ),
                commit=OPENSUPPORTS_COMMIT,
                licence="GPL-3.0-only",
                rendered="MailTexts row into the template's _MATCH_n slots, then str_replace "
                "of the sender's {{config}} values (no escaping); PHPMailer isHTML, "
                "one text/html part",
                note=note,
            )
            out.append((meta, raw))
    return out


# --- Faveo ---------------------------------------------------------------------------------

FAVEO_VARIABLES = [
    "user",
    "agent",
    "ticket_number",
    "content",
    "from",
    "ticket_agent_name",
    "ticket_client_name",
    "ticket_client_email",
    "ticket_body",
    "ticket_assigner",
    "ticket_link_with_number",
    "system_error",
    "agent_sign",
    "department_sign",
    "password_reset_link",
    "email_address",
    "user_password",
    "system_from",
    "system_link",
    "ticket_link",
    "merged_ticket_numbers",
]
FAVEO_SEEDER = "database/seeders/v_2_0_0/DatabaseSeeder.php"
FAVEO_TICKET = "AAAA-0000-0000142"
FAVEO_RESET = "pQ7vK2mX9rT4wZ8bN3cF6hJ1yL5sD0gA4eR7uI2oP9kM3nB6vC8xZ1qW5tY0"  # Str::random(60)


def faveo(mirrors: Path) -> list[tuple[dict, bytes]]:
    seeder = git_show(mirrors, FAVEO, FAVEO_COMMIT, FAVEO_SEEDER)
    types = {
        m.group(2): m.group(1)
        for m in re.finditer(
            r"TemplateType::create\(\['id' => '(\d+)', 'name' => '([^']+)'", seeder
        )
    }
    rows = {}
    for m in re.finditer(r"Template::create\(\[", seeder):
        start = m.end()
        fields = {}
        for key in ("variable", "type", "subject"):
            f = re.compile(rf"'{key}' => '([^']*)'").search(
                seeder, start, seeder.index("\n", start)
            )
            fields[key] = f.group(1) if f else None
        msg = seeder.index("'message' => ", start) + len("'message' => ")
        fields["message"] = php_string_expr(seeder, msg)
        rows[fields["type"]] = fields
    company = "Support Center"
    mails = [
        (
            "registration-notification",
            None,
            {"user": "Daniel Okafor", "email_address": "noor.tester@example.com",
             "user_password": "k7RqP2wXm9"},
            "k7RqP2wXm9",
            "saas-otp",
            "app/Http/Controllers/Agent/helpdesk/UserController.php",
            "the password generateRandomString() made (10 of 0-9a-zA-Z) after 'Password:'",
        ),
        (
            "reset_new_password",
            None,
            {"user": "Daniel Okafor", "user_password": "Harbour-Lamp-58"},
            "Harbour-Lamp-58",
            "saas-otp",
            "app/Http/Controllers/Agent/helpdesk/UserController.php",
            "randomPostPassword mails the password an administrator typed for the user; "
            "the seeded subject reads 'Verify your email address'",
        ),
        (
            "reset-password",
            "Your Password Reset Link",
            {"user": "Daniel", "email_address": "noor.tester@example.com",
             "password_reset_link": f"{FAVEO_URL}/password/reset/{FAVEO_RESET}"
             "?email=noor.tester@example.com"},
            None,
            "notice",
            "app/Http/Controllers/Auth/ForgotPasswordController.php",
            "the Str::random(60) token is only inside the link",
        ),
        (
            "create-ticket",
            f"Barcode scanner not pairing with the stock app[#{FAVEO_TICKET}]",
            {"user": "Daniel Okafor", "ticket_number": FAVEO_TICKET, "department_sign": "",
             "system_link": f"{FAVEO_URL}/check_ticket/eyJpdiI6IkR3c1ZtQ2xhN0ZpVjRNZ2R0"},
            None,
            "notice",
            "app/Http/Controllers/Agent/helpdesk/TicketController.php",
            "the ticket ID is a reference",
        ),
        (
            "close-ticket",
            f"Barcode scanner not pairing with the stock app[#{FAVEO_TICKET}]",
            {"ticket_number": FAVEO_TICKET},
            None,
            "notice",
            "app/Http/Controllers/Agent/helpdesk/TicketController.php",
            "the ticket ID is a reference",
        ),
        (
            "check-ticket",
            f"Ticket link Request [{FAVEO_TICKET}]",
            {"user": "Daniel Okafor", "ticket_number": FAVEO_TICKET,
             "ticket_link_with_number": f"{FAVEO_URL}/check_ticket/eyJpdiI6IkR3c1ZtQ2xhN0ZpVjRNZ2R0"},
            None,
            "notice",
            "app/Http/Controllers/Client/helpdesk/UnAuthController.php",
            "the ticket number is a reference (in the subject); the link opens the ticket",
        ),
    ]  # fmt: skip
    out = []
    for scenario, caller_subject, values, code, kind, caller, note in mails:
        row = rows[types[scenario]]
        ticket_number = values.get("ticket_number", "")
        if row["variable"] == "1" and row["subject"]:
            subject = row["subject"]
            if ticket_number:
                subject = subject + " [#" + ticket_number + "]"
        else:
            subject = caller_subject
        data = dict(values)
        data.setdefault("system_from", company)
        data.setdefault("system_link", FAVEO_URL)
        contents = row["message"]
        for name in FAVEO_VARIABLES:
            contents = contents.replace("{!!$" + name + "!!}", data.get(name, ""))
        raw = message(sender=FAVEO_FROM, subject=subject, text=None, html_part=contents, sent=SENT)
        slug = scenario.replace("_", "-")
        meta = dict(
            id=f"faveo-{slug}-en",
            group=f"faveo-{slug}",
            source="faveo",
            lang="en",
            kind=kind,
            code=code,
            repository=FAVEO,
            path=", ".join(
                [
                    FAVEO_SEEDER,
                    "app/Http/Controllers/Common/PhpMailController.php",
                    "resources/views/emails/mail.blade.php",
                    caller,
                ]
            ),
            commit=FAVEO_COMMIT,
            licence="OSL-3.0",
            rendered="seeded template row, str_replace of the {!!$var!!} placeholders in "
            "PhpMailController's order; emails.mail ({!! $data !!}), one text/html part",
            note=note,
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (opensupports, faveo):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["group"],
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
