"""Round 26, money (blind): the OPEX open-source cryptocurrency exchange (its e-mail OTP
service), Paheko, the French association manager with membership fees and double-entry
accounting (its system notices), the Invoicerr invoicing app (quote-signing and
danger-zone codes, signature requests, invoices and payment receipts), BitPay's Bitcore
Wallet Service (payment notices in four languages), TRISA Envoy, the crypto Travel Rule
node (verification code and notices), the LNbits Lightning wallet server (payment
notifications) and the Sempo cash-transfer wallet (wallet funding by wire), rendered from
git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r26_money.py \\
        --mirrors /work/.mirror

- opexdev/core (MIT, Kotlin exchange back end), commit OPEX_COMMIT:
  ``otp/otp-app/src/main/kotlin/co/nilin/opex/otp/app/service/OTPService.kt``
  (``requestOTP``) makes the code with ``generateCode(config.charCount,
  config.includeAlphabetChars)``: ``charCount`` characters drawn from A-Z, a-z, 0-9 when
  alphabet characters are on, digits otherwise. ``otp/otp-app/src/main/resources/
  schema.sql`` seeds the EMAIL row with 8 characters and alphabet on, and
  ``message_template`` defaults to ``'%s'``. ``service/message/MessageManager.kt`` formats
  the message with ``String.format(config.messageTemplate, code)`` (so the body is the code
  alone) and ``service/message/EmailSender.kt`` sends it with the subject "Your otp code"
  as one ``text/html; charset=utf-8`` part, From ``otp.email.from`` (``SMTP_FROM``, set
  here to ``OPEX <otp@exchange.example.com>``). The same service is used for login,
  withdrawal and other actions; the mail never says which. Rendered here: the format is
  done in Python (``%s`` replaced by the code), the code a fixed value of the generator's
  shape. One mail, with a code.
- paheko/paheko (AGPL-3.0-only, PHP; LICENSE.md: "GNU Affero General Public License version 3", COPYING its text), commit
  PAHEKO_COMMIT: ``src/include/lib/Paheko/Email/Templates.php`` fetches
  ``src/templates/emails/*.tpl`` with the project's Smarty-like engine, escaping
  disabled, takes the ``subject`` the template assigns, ``trim``s the body and queues it
  in the system context (``src/include/lib/Paheko/Email/Emails.php``): the HTML part is
  ``Utils::linkifyURLs(nl2br(htmlspecialchars($text)))`` (``src/include/lib/Paheko/
  Utils.php``), system mails get no opt-out footer, text/plain plus text/html, From
  ``getFromHeader()`` (``"<org name>" <<org email>>``). The templates are French only.
  Rendering: the ``{assign var="subject" value="..."}`` tag outputs nothing and sets the
  subject; ``{$var}`` is replaced by the value; ``verify_preferences.tpl``'s
  ``{if $preferences.x}...{/if}`` blocks are kept when the preference is on (all three on
  here); then ``trim``. ``htmlspecialchars``, ``nl2br`` and the ``linkifyURLs`` regex are
  run by the real ``php`` (PHP 8 defaults) so the HTML part is byte-exact. URLs are made as
  the code makes them (``ADMIN_URL . 'password.php?c=' ...``, ``WWW_URL . '?un=' hash .
  '&y=' code``) on an example host. All five are notices: the recovery and verification
  tokens are only inside links; the login-changed mail gives the member's new login
  identifier, which is the e-mail address (the default login field), not a code.
- invoicerr-app/invoicerr (AGPL-3.0-only: LICENSE is the AGPL-3.0 text; LICENSE.COMMERCIAL.md
  adds a commercial licence for paid use, which this corpus is not), commit
  INVOICERR_COMMIT, a NestJS invoicing app for freelancers. ``backend/src/modules/company/
  company.service.ts`` (``getCompanyInfo``) seeds each company's mail templates
  (SIGNATURE_REQUEST, VERIFICATION_CODE, INVOICE, PAYMENT: a subject and an HTML body,
  JavaScript string literals, read here from the source and unescaped). The senders fill
  them with ``.replace(/{{(\w+)}}/g, (_, key) => envVariables[key] || '')``:
  ``modules/signatures/signatures.service.ts`` (``sendSignatureEmail``: APP_URL,
  SIGNATURE_URL = APP_URL + "/signature/" + id, SIGNATURE_ID a uuid, SIGNATURE_NUMBER the
  quote's number; ``sendOtpToUser``: OTP_CODE = the 8-digit code of ``generateOTPCode``
  (``Math.floor(10000000 + Math.random() * 90000000)``) written ``1234-5678``),
  ``modules/invoices/invoices.service.ts`` (INVOICE_NUMBER, COMPANY_NAME, CLIENT_NAME,
  APP_URL; the invoice PDF goes as an attachment) and ``modules/payments/
  payments.service.ts`` (PAYMENT_NUMBER, the receipt PDF attached). The replacement is done
  in Python with the same regex and the same empty-string fallback. Each goes out through
  ``mail/providers/smtp.provider.ts`` (nodemailer, ``html`` only: one text/html part), From
  SMTP_FROM (here ``Atelier Lumen <billing@atelier-lumen.example.com>``).
  ``modules/danger/danger.service.ts`` (``requestOtp``, the danger-zone reset) sends a
  template literal as ``text`` only (one text/plain part), subject "OTP Code Sent", to the
  SMTP_FROM address itself. The invoice and payment mails are rendered without their PDF
  attachments (made by a PDF renderer that is not run here; they would carry no code).
  Labels: the quote-signing verification code (hyphen removed) and the danger-zone OTP;
  the signature request (signature id and quote number), invoice and payment mails are
  notices. English only (the templates are not translated).
- bitpay/bitcore (MIT), commit BITCORE_COMMIT: the Bitcore Wallet Service's e-mail
  notifications (``packages/bitcore-wallet-service/src/lib/emailservice.ts``) for a
  multisig Bitcoin wallet: the plain template ``templates/<lang>/<name>.plain`` gives the
  subject (first line) and text, the ``.html`` one goes into ``templates/
  master-template.html`` in place of ``{{> htmlContent}}``; both are rendered with
  Mustache against the notification data (``subjectPrefix`` "[Wallet service] ", the
  default; ``title`` the plain first line in its ``toTitleCase``; ``icon`` from
  ``src/lib/iconsconfig.ts`` with the default base URL; ``amount`` ``Utils.formatAmount``
  in BTC: ``toFixed(6)``, zeros after the second decimal dropped, plus " BTC";
  ``networkStr`` is never set by the e-mail service, so it renders empty), then the HTML
  is passed through juice with the service's options and sent by nodemailer as text +
  HTML. Rendering: the real mustache 2.3.2 (the version ``package.json`` pins) and juice
  11.1.1 (the ``package-lock.json`` version, with the dependencies npm resolves today) run
  by ``node``; they must be installed first with ``npm install --prefix /tmp/bws-render
  mustache@2.3.2 juice@11.1.1``. Templates: new incoming payment and payment sent, in the
  four languages the service ships (en, es, fr, ja). All are
  notices with amounts (the txid is not shown).
- trisacrypto/envoy (MIT), commit ENVOY_COMMIT: TRISA Envoy, the open-source Travel Rule
  node that virtual-asset service providers run to exchange the originator / beneficiary
  data of crypto transfers. ``pkg/emails/builders.go`` gives the subjects
  (``VerifyEmailRE``, ``ResetPasswordRE``, ``SunriseInviteRE``) and data types;
  ``pkg/emails/render.go`` parses ``templates/<name>.txt`` alone and
  ``templates/<name>.html`` with ``templates/partials/*.html`` with Go's html/template (for
  both parts) and ``pkg/emails/email.go`` sends text/plain + text/html. Rendering: the real
  html/template of Go 1.19 (Debian's golang-go, ``apt-get install golang-go``) runs a small program written here that
  parses the snapshot's template files with the same patterns and executes them with data
  structs copied from ``builders.go`` (the ``VerifyURL`` methods as there; the
  verification token a fixed string). Mails: the one-time verification code a
  counterparty's compliance officer types to open a Travel Rule message (built by
  ``NewVerifyEmail``; the code is six of A-Z0-9, the shape the package's own test uses,
  since the builder's caller does not make one at this commit), the password reset (token
  only in the link) and the Sunrise invitation to review a transfer (link only). English
  only.
- lnbits/lnbits (MIT), commit LNBITS_COMMIT: the LNbits Lightning wallet/accounts server's
  e-mail notifications. ``lnbits/core/services/notifications.py``
  (``_notification_message_to_text``) formats ``NOTIFICATION_TEMPLATES[type]``
  (``lnbits/core/models/notifications.py``, read here with ``ast.literal_eval``) with
  ``str.format(**values)`` and puts ``[<site title>]\n`` (default "LNbits") in front;
  ``send_email`` sends it with the fixed subject "LNbits Notification" as
  ``MIMEMultipart()`` holding one ``MIMEText(message, "plain")`` (Python's own email
  package, so the same classes build it here; non-ASCII text becomes UTF-8 base64, as
  there). Values as ``send_chat_payment_notification`` (incoming / outgoing payment, with
  ``fiat_value_fmt`` when the wallet has a fiat currency) and ``user_api.py`` (admin
  credit of a wallet) make them; the wallet id is ``uuid4().hex``. Notices only.
- teamsempo/SempoBlockchain (GPL-3.0-only: LICENSE is the GPL-3.0 text with no "or later"
  notice), commit SEMPO_COMMIT: Sempo, a humanitarian cash-transfer / community-currency
  wallet platform. ``app/server/utils/amazon_ses.py`` loads ``app/server/templates/*`` with
  ``jinja2.Environment(loader=FileSystemLoader)`` (no autoescape) and sends text + HTML
  through SES from admin@withsempo.com. ``send_bank_transfer_email`` ("Sempo: Fund your
  wallet") and ``send_transfer_update_email`` ("Sempo: Transfer Update") pass the Wyre
  charge / transfer values; their two text templates are each other's (the funding mail's
  text prints an empty "Transfer Status:", the update's text empty wire details), and that
  is rendered as the code does it. Rendering: the real jinja2 (3.1.6; if the venv lacks it,
  ``pip install --target /tmp/r26money-pydeps jinja2==3.1.6``) with the templates read from
  the snapshot. Notices (transfer id, account, routing and SWIFT numbers are references).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from pathlib import Path

try:
    import jinja2
except ModuleNotFoundError:  # pip install --target /tmp/r26money-pydeps jinja2==3.1.6
    sys.path.insert(0, "/tmp/r26money-pydeps")
    import jinja2

from collect import HERE, message

SENT = datetime(2026, 12, 4, 18, 5, tzinfo=UTC)
OUT = HERE / "round26" / "money.json"

OPEX = "opexdev/core"
OPEX_COMMIT = "23e0daf3ee42f82b2170f2bfbfefa1cb70a4b6dd"
OPEX_FROM = "OPEX <otp@exchange.example.com>"
OPEX_CODE = "q7RxK2mD"
PAHEKO = "paheko/paheko"
PAHEKO_COMMIT = "51fc59bc544c9c9b130e60503ea383ec677f5c26"
PAHEKO_FROM = '"Les Amis du Jardin partagé" <tresorerie@amisdujardin.example.org>'
PAHEKO_ADMIN = "https://gestion.amisdujardin.example.org/admin/"
PAHEKO_WWW = "https://gestion.amisdujardin.example.org/"
INVOICERR = "invoicerr-app/invoicerr"
INVOICERR_COMMIT = "0e5804fe2fe9b23a6facec6380df33a522d2f259"
INVOICERR_FROM = "Atelier Lumen <billing@atelier-lumen.example.com>"
INVOICERR_OTP = "73914268"
INVOICERR_DANGER_OTP = "58207146"
BITCORE = "bitpay/bitcore"
BITCORE_COMMIT = "78b95920daa1de2feaa6744d009ad033f520fc3e"
BITCORE_FROM = "Wallet Service <wallet-service@wallet.example.com>"
BITCORE_TXID = "4e7a0c2b9f13d85e6a7c1b0f92d4e3a8c5b6f7091d2e3c4b5a6f7e8d9c0b1a2f"
BITCORE_NODE_MODULES = "/tmp/bws-render/node_modules"
ENVOY = "trisacrypto/envoy"
ENVOY_COMMIT = "8051b772c7a854ab5b533b5752e8a32be431d8ff"
ENVOY_FROM = "Northwind Compliance <compliance@vasp.example.com>"
ENVOY_CODE = "7QK4MZ"
LNBITS = "lnbits/lnbits"
LNBITS_COMMIT = "7d98c6b0808efab3edafc21310ec34d1c38c23df"
LNBITS_FROM = "lnbits@pay.example.com"
SEMPO = "teamsempo/SempoBlockchain"
SEMPO_COMMIT = "1e8fd140dd501517b455788d88e46690f27de79c"
ENVOY_TOKEN = "Vq3kN8xR2mT5wY7zB4cD6fH9jL1pS0uA"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


# --- OPEX --------------------------------------------------------------------------------


def opex(mirrors: Path) -> list[tuple[dict, bytes]]:
    base = "otp/otp-app/src/main/"
    files = [
        base + "kotlin/co/nilin/opex/otp/app/service/OTPService.kt",
        base + "kotlin/co/nilin/opex/otp/app/service/message/MessageManager.kt",
        base + "kotlin/co/nilin/opex/otp/app/service/message/EmailSender.kt",
        base + "resources/schema.sql",
    ]
    sources = {f: git_show(mirrors, OPEX, OPEX_COMMIT, f) for f in files}
    assert 'val subject = "Your otp code"' in sources[files[2]]
    assert 'setContent(message, "text/html; charset=utf-8")' in sources[files[2]]
    assert "String.format(config.messageTemplate, code)" in sources[files[1]]
    assert "values ('EMAIL', 60, 8, true)" in sources[files[3]]
    assert "message_template       text    not null default '%s'" in sources[files[3]]
    assert len(OPEX_CODE) == 8 and OPEX_CODE.isalnum() and OPEX_CODE.isascii()
    body = "%s".replace("%s", OPEX_CODE)  # String.format(messageTemplate, code)
    raw = message(sender=OPEX_FROM, subject="Your otp code", text=None, html_part=body, sent=SENT)
    meta = dict(
        id="opex-email-otp-en",
        source="opex",
        lang="en",
        kind="fintech-otp",
        code=OPEX_CODE,
        repository=OPEX,
        path=", ".join(files),
        commit=OPEX_COMMIT,
        licence="MIT",
        rendered="String.format('%s', code) as the whole body; EmailSender: subject "
        "'Your otp code', one text/html part",
        note="the body is the code alone (8 of A-Za-z0-9, the seeded EMAIL otp_config)",
    )
    return [(meta, raw)]


# --- Paheko ------------------------------------------------------------------------------

PHP_HTML = r"""
$text = stream_get_contents(STDIN);
$text = preg_replace(';(?<!")\bhttps?://[^<\s]+\b(?!");',
    '<a href="$0" target="_blank">$0</a>', nl2br(htmlspecialchars($text)));
echo $text;
"""


def paheko_html(mirrors: Path, text: str) -> str:
    utils = git_show(mirrors, PAHEKO, PAHEKO_COMMIT, "src/include/lib/Paheko/Utils.php")
    assert "preg_replace(';(?<!\")\\bhttps?://[^<\\s]+\\b(?!\");'" in utils
    return subprocess.run(
        ["php", "-r", PHP_HTML], input=text.encode(), capture_output=True, check=True
    ).stdout.decode("utf-8")


def paheko_render(template: str, variables: dict) -> tuple[str, str]:
    m = re.match(r'\{assign var="subject" value="([^"]*)"\}', template)
    assert m
    subject = m.group(1)
    body = template[m.end() :]

    def if_block(match: re.Match) -> str:
        value = variables
        for part in match.group(1).split("."):
            value = value[part]
        return match.group(2) if value else ""

    body = re.sub(r"\{if \$([\w.]+)\}(.*?)\{/if\}", if_block, body, flags=re.S)
    body = re.sub(r"\{\$(\w+)\}", lambda mm: variables[mm.group(1)], body)
    assert "{" not in body, body
    return subject, body.strip()


def paheko(mirrors: Path) -> list[tuple[dict, bytes]]:
    hash_ = "4f1c9a7e2b"
    mails = {
        "password_recovery": {
            "recovery_url": PAHEKO_ADMIN + "password.php?c=" + "2k9QxT7vLm3Rw8Zp.1796405100.a3f09c",
        },
        "password_changed": {
            "ip": "203.0.113.47",
            "login": "noor.tester@example.com",
            "admin_url": PAHEKO_ADMIN,
        },
        "login_changed": {
            "new_login": "noor.tester@example.com",
            "admin_url": PAHEKO_ADMIN,
        },
        "verify_email": {
            "verify_url": f"{PAHEKO_WWW}?un={hash_}&y=8c21d7",
        },
        "verify_preferences": {
            "verify_url": f"{PAHEKO_WWW}?un={hash_}&p=7&s=e19b44c2",
            "preferences": {
                "accepts_messages": True,
                "accepts_reminders": True,
                "accepts_mailings": True,
            },
        },
    }
    out = []
    for name, variables in mails.items():
        path = f"src/templates/emails/{name}.tpl"
        subject, text = paheko_render(git_show(mirrors, PAHEKO, PAHEKO_COMMIT, path), variables)
        html_part = paheko_html(mirrors, text)
        raw = message(
            sender=PAHEKO_FROM, subject=subject, text=text, html_part=html_part, sent=SENT
        )
        meta = dict(
            id=f"paheko-{name.replace('_', '-')}-fr",
            source="paheko",
            lang="fr",
            kind="notice",
            code=None,
            repository=PAHEKO,
            path=f"{path}, src/include/lib/Paheko/Email/Templates.php, "
            "src/include/lib/Paheko/Email/Emails.php, src/include/lib/Paheko/Utils.php",
            commit=PAHEKO_COMMIT,
            licence="AGPL-3.0-only",
            rendered="template tags replaced, trim; text/plain + linkifyURLs(nl2br("
            "htmlspecialchars(text))) by php as text/html",
        )
        if name == "login_changed":
            meta["note"] = "gives the new login identifier, the member's e-mail address: not a code"
        out.append((meta, raw))
    return out


# --- Invoicerr ---------------------------------------------------------------------------


def js_string(literal: str) -> str:
    """A single-quoted JavaScript string literal's value (these use only ``\\'``)."""
    assert "\\" not in literal.replace("\\'", "")
    return literal.replace("\\'", "'")


def invoicerr_fill(template: str, variables: dict) -> str:
    """``template.replace(/{{(\\w+)}}/g, (_, key) => envVariables[key] || '')``."""
    return re.sub(r"{{(\w+)}}", lambda m: variables.get(m.group(1)) or "", template)


def invoicerr(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, INVOICERR, INVOICERR_COMMIT, p)  # noqa: E731
    company_path = "backend/src/modules/company/company.service.ts"
    company = show(company_path)
    start = company.index("async getCompanyInfo()")
    templates = {}
    for m in re.finditer(
        r"type: MailTemplateType\.(\w+),\s*subject: '((?:[^'\\]|\\.)*)',\s*"
        r"body: '((?:[^'\\]|\\.)*)'",
        company[start:],
    ):
        templates.setdefault(m.group(1), (js_string(m.group(2)), js_string(m.group(3))))
    assert set(templates) == {"SIGNATURE_REQUEST", "VERIFICATION_CODE", "INVOICE", "PAYMENT"}
    sig_path = "backend/src/modules/signatures/signatures.service.ts"
    sig = show(sig_path)
    assert "OTP_CODE: `${otpCode.slice(0, 4)}-${otpCode.slice(4, 8)}`," in sig
    assert "SIGNATURE_URL: `${process.env.APP_URL}/signature/${signature.id}`," in sig
    assert "SIGNATURE_NUMBER: signature.quote.number," in sig
    inv_path = "backend/src/modules/invoices/invoices.service.ts"
    pay_path = "backend/src/modules/payments/payments.service.ts"
    assert "INVOICE_NUMBER: invoice.rawNumber || invoice.number.toString()," in show(inv_path)
    assert "PAYMENT_NUMBER: paymentNumber," in show(pay_path)
    danger_path = "backend/src/modules/danger/danger.service.ts"
    danger = show(danger_path)
    danger_text = (
        "An OTP code was sent to ${user.email}. The code is: ${otp}. "
        "It is valid for ${this.otpExpirationMinutes} minutes."
    )
    assert "subject: 'OTP Code Sent'," in danger and f"text: `{danger_text}`," in danger
    assert "private readonly otpExpirationMinutes = 10;" in danger
    smtp = "backend/src/mail/providers/smtp.provider.ts"
    assert "html: options.html," in show(smtp)
    app_url = "https://invoices.atelier-lumen.example.com"
    signature_id = "3f6c1e2a-8b4d-4c7e-9a15-d2e7b0c94f38"
    mails = [
        (
            "verification-code",
            "VERIFICATION_CODE",
            {"OTP_CODE": f"{INVOICERR_OTP[:4]}-{INVOICERR_OTP[4:]}"},
            sig_path,
            INVOICERR_OTP,
            "saas-otp",
            "quote-signing code, sent as 1234-5678; the hyphen is for reading",
        ),
        (
            "signature-request",
            "SIGNATURE_REQUEST",
            {
                "APP_URL": app_url,
                "SIGNATURE_URL": f"{app_url}/signature/{signature_id}",
                "SIGNATURE_ID": signature_id,
                "SIGNATURE_NUMBER": "42",
            },
            sig_path,
            None,
            "notice",
            "document number and signature id are references; signing is by link",
        ),
        (
            "invoice",
            "INVOICE",
            {
                "APP_URL": app_url,
                "INVOICE_NUMBER": "INV-2026-0117",
                "COMPANY_NAME": "Atelier Lumen",
                "CLIENT_NAME": "Noor Tester",
            },
            inv_path,
            None,
            "invoice",
            "sent with the invoice PDF attached; the attachment is left out here",
        ),
        (
            "payment-receipt",
            "PAYMENT",
            {
                "APP_URL": app_url,
                "PAYMENT_NUMBER": "PAY-2026-0093",
                "COMPANY_NAME": "Atelier Lumen",
                "CLIENT_NAME": "Noor Tester",
            },
            pay_path,
            None,
            "invoice",
            "sent with the receipt PDF attached; the attachment is left out here",
        ),
    ]
    out = []
    for name, kind_key, variables, path, code, kind, note in mails:
        subject, body = templates[kind_key]
        raw = message(
            sender=INVOICERR_FROM,
            subject=invoicerr_fill(subject, variables),
            text=None,
            html_part=invoicerr_fill(body, variables),
            sent=SENT,
        )
        meta = dict(
            id=f"invoicerr-{name}-en",
            source="invoicerr",
            lang="en",
            kind=kind,
            code=code,
            repository=INVOICERR,
            path=f"{company_path}, {path}, {smtp}",
            commit=INVOICERR_COMMIT,
            licence="AGPL-3.0-only",
            rendered=f"seeded {kind_key} template, {{{{KEY}}}} replaced as the sender does; "
            "nodemailer html only",
            note=note,
        )
        out.append((meta, raw))
    text = (
        danger_text.replace("${user.email}", "noor.tester@example.com")
        .replace("${otp}", INVOICERR_DANGER_OTP)
        .replace("${this.otpExpirationMinutes}", "10")
    )
    raw = message(
        sender=INVOICERR_FROM, subject="OTP Code Sent", text=text, html_part=None, sent=SENT
    )
    meta = dict(
        id="invoicerr-danger-otp-en",
        source="invoicerr",
        lang="en",
        kind="saas-otp",
        code=INVOICERR_DANGER_OTP,
        repository=INVOICERR,
        path=f"{danger_path}, {smtp}",
        commit=INVOICERR_COMMIT,
        licence="AGPL-3.0-only",
        rendered="DangerService.requestOtp template literal; nodemailer text only",
        note="8-digit code for resetting the app (danger zone)",
    )
    out.append((meta, raw))
    return out


# --- Bitcore Wallet Service --------------------------------------------------------------

BWS_NODE = r"""
const Mustache = require('mustache');
const juice = require('juice');
const job = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const plainLines = job.plain.split('\n');
const plain = { subject: plainLines[0], body: plainLines.slice(1).join('\n') };
const htmlLines = job.html.split('\n');
htmlLines.unshift('');
const html = { subject: htmlLines[0], body: htmlLines.slice(1).join('\n') };
html.body = job.master.replace('{{> htmlContent}}', html.body);
const out = {
  subject: Mustache.render(plain.subject, job.data),
  text: Mustache.render(plain.body, job.data),
  html: juice(Mustache.render(html.body, job.data), {
    removeStyleTags: false,
    preserveImportant: true,
    preserveMediaQueries: true,
    preserveFontFaces: true,
    applyStyleTags: true
  })
};
process.stdout.write(JSON.stringify(out));
"""


def bws_title(first_line: str) -> str:
    """``toTitleCase`` of ``_getDataForTemplate`` (the plain template's first line without
    ``{{subjectPrefix}}``)."""
    minor = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the",
             "to", "via"}  # fmt: skip
    words = first_line.split(" ")
    return " ".join(
        w[:1].upper() + w[1:].lower() if i == 0 or w.lower() not in minor else w.lower()
        for i, w in enumerate(words)
    )


def bws_amount(satoshis: int) -> str:
    """``Utils.formatAmount(satoshis, 'btc')`` + ' BTC': ``toFixed(6)`` (short
    maxDecimals), trailing zeros dropped past minDecimals 2, ',' thousands."""
    whole, frac = f"{satoshis / 100000000:.6f}".split(".")
    while len(frac) > 2 and frac.endswith("0"):
        frac = frac[:-1]
    return f"{int(whole):,}.{frac} BTC"


def bitcore(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, BITCORE, BITCORE_COMMIT, p)  # noqa: E731
    base = "packages/bitcore-wallet-service/"
    service = show(base + "src/lib/emailservice.ts")
    for piece in (
        "this.subjectPrefix = opts.emailOpts.subjectPrefix || '[Wallet service]';",
        "data.subjectPrefix = this.subjectPrefix.trim() + ' ';",
        "compiled.body = this.masterTemplate.replace('{{> htmlContent}}', compiled.body);",
        "data.amount = Utils.formatAmount(+data.amount, unit, opts) + ' ' + label;",
        "preserveMediaQueries: true,",
    ):
        assert piece in service, piece
    icons = show(base + "src/lib/iconsconfig.ts")
    assert "const staticUrl = config.baseUrl || 'https://bws.bitpay.com';" in icons
    icon_files = dict(re.findall(r"^  (\w+): '([\w.-]+\.png)'", icons, flags=re.M))
    master = show(base + "templates/master-template.html")
    node_modules = Path(BITCORE_NODE_MODULES)
    mails = {
        "new_incoming_tx": 12540000,
        "new_outgoing_tx": 250000000,
    }
    out = []
    for lang in ("en", "es", "fr", "ja"):
        for name, satoshis in mails.items():
            plain = show(f"{base}templates/{lang}/{name}.plain")
            html_t = show(f"{base}templates/{lang}/{name}.html")
            first = plain.split("\n")[0]
            assert first.startswith("{{subjectPrefix}}")
            data = {
                "amount": bws_amount(satoshis),
                "txid": BITCORE_TXID,
                "subjectPrefix": "[Wallet service] ",
                "title": bws_title(first.replace("{{subjectPrefix}}", "", 1)),
                "icon": f'<img src="https://bws.bitpay.com/bws/static/images/{icon_files[name]}"'
                f' alt="{name} icon" style="width: 50px; height: 50px;" />',
                "walletId": "9d3b5c1e-27a4-4f0b-8e6d-5a1c2f7b9e04",
                "walletName": "Household savings",
                "walletM": 2,
                "walletN": 3,
            }
            job = json.dumps({"plain": plain, "html": html_t, "master": master, "data": data})
            result = json.loads(
                subprocess.run(
                    ["node", "-e", BWS_NODE],
                    input=job.encode(),
                    capture_output=True,
                    check=True,
                    env={"NODE_PATH": str(node_modules), "PATH": "/usr/bin:/bin"},
                ).stdout
            )
            raw = message(
                sender=BITCORE_FROM,
                subject=result["subject"],
                text=result["text"],
                html_part=result["html"],
                sent=SENT,
            )
            meta = dict(
                id=f"bitcore-{name.replace('_', '-')}-{lang}",
                source="bitcore",
                lang=lang,
                kind="notice",
                code=None,
                repository=BITCORE,
                path=f"{base}templates/{lang}/{name}.plain, {base}templates/{lang}/{name}.html, "
                f"{base}templates/master-template.html, {base}src/lib/emailservice.ts, "
                f"{base}src/lib/iconsconfig.ts",
                commit=BITCORE_COMMIT,
                licence="MIT",
                rendered="mustache 2.3.2 (plain: first line subject; html: master template) and "
                "juice 11.1.1 run by node; nodemailer text + html",
            )
            out.append((meta, raw))
    return out


# --- TRISA Envoy -------------------------------------------------------------------------

ENVOY_GO = r"""package main

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/url"
	"os"
	"path/filepath"
)

type Token string

func (t Token) String() string { return string(t) }

type SunriseInviteData struct {
	ContactName     string
	ComplianceName  string
	OriginatorName  string
	BeneficiaryName string
	BaseURL         *url.URL
	Token           Token
	SupportEmail    string
	ComplianceEmail string
}

func (s SunriseInviteData) VerifyURL() string {
	if s.BaseURL == nil {
		return ""
	}
	params := make(url.Values, 1)
	params.Set("token", s.Token.String())
	s.BaseURL.RawQuery = params.Encode()
	return s.BaseURL.String()
}

type VerifyEmailData struct {
	Code           string
	SupportEmail   string
	ComplianceName string
}

type ResetPasswordEmailData struct {
	ContactName  string
	BaseURL      *url.URL
	Token        Token
	SupportEmail string
}

func (s ResetPasswordEmailData) VerifyURL() string {
	if s.BaseURL == nil {
		return ""
	}
	params := make(url.Values, 1)
	params.Set("token", s.Token.String())
	s.BaseURL.RawQuery = params.Encode()
	return s.BaseURL.String()
}

func render(root, name string, data interface{}) string {
	patterns := []string{filepath.Join("templates", name)}
	if filepath.Ext(name) == ".html" {
		patterns = append(patterns, filepath.Join("templates", "partials", "*.html"))
	}
	t := template.Must(template.ParseFS(os.DirFS(root), patterns...))
	buf := &bytes.Buffer{}
	if err := t.Execute(buf, data); err != nil {
		panic(err)
	}
	return buf.String()
}

func main() {
	root, name := os.Args[1], os.Args[2]
	var job map[string]string
	if err := json.NewDecoder(os.Stdin).Decode(&job); err != nil {
		panic(err)
	}
	var data interface{}
	switch name {
	case "verify_email":
		data = VerifyEmailData{Code: job["Code"], SupportEmail: job["SupportEmail"],
			ComplianceName: job["ComplianceName"]}
	case "reset_password":
		u, _ := url.Parse(job["BaseURL"])
		data = ResetPasswordEmailData{ContactName: job["ContactName"], BaseURL: u,
			Token: Token(job["Token"]), SupportEmail: job["SupportEmail"]}
	case "sunrise_invite":
		u, _ := url.Parse(job["BaseURL"])
		data = SunriseInviteData{ContactName: job["ContactName"], ComplianceName: job["ComplianceName"],
			OriginatorName: job["OriginatorName"], BeneficiaryName: job["BeneficiaryName"], BaseURL: u,
			Token: Token(job["Token"]), SupportEmail: job["SupportEmail"],
			ComplianceEmail: job["ComplianceEmail"]}
	}
	out := map[string]string{"text": render(root, name+".txt", data), "html": render(root, name+".html", data)}
	json.NewEncoder(os.Stdout).Encode(out)
}
"""


def envoy(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, ENVOY, ENVOY_COMMIT, p)  # noqa: E731
    base = "pkg/emails/"
    builders = show(base + "builders.go")
    render_go = show(base + "render.go")
    email_go = show(base + "email.go")
    assert (
        'case ".html":\n\t\t\tpatterns = append(patterns, filepath.Join(templatesDir, partialsDir, "*.html"))'
        in render_go
    )
    assert '"html/template"' in render_go
    assert 'sgmail.NewContent("text/plain", text),' in email_go
    subjects = dict(re.findall(r'(\w+)RE\s+= "([^"]+)"', builders))
    files = ["partials/base.html", "partials/disclaimer.html", "partials/footer.html",
             "partials/style.html"]  # fmt: skip
    mails = [
        (
            "verify_email",
            subjects["VerifyEmail"],
            {
                "Code": ENVOY_CODE,
                "SupportEmail": "support@vasp.example.com",
                "ComplianceName": "Northwind Digital Assets",
            },
            ENVOY_CODE,
            "fintech-otp",
            "one-time code to view a Travel Rule message (six of A-Z0-9, the shape of the "
            "package's own test, ABC123)",
        ),
        (
            "reset_password",
            subjects["ResetPassword"],
            {
                "ContactName": "Noor Tester",
                "BaseURL": "https://envoy.vasp.example.com/reset-password",
                "Token": ENVOY_TOKEN,
                "SupportEmail": "support@vasp.example.com",
            },
            None,
            "notice",
            "reset token only inside the link",
        ),
        (
            "sunrise_invite",
            subjects["SunriseInvite"],
            {
                "ContactName": "Noor Tester",
                "ComplianceName": "Northwind Digital Assets",
                "OriginatorName": "Jonas Berg",
                "BeneficiaryName": "Amara Okafor",
                "BaseURL": "https://envoy.vasp.example.com/sunrise/verify",
                "Token": ENVOY_TOKEN,
                "SupportEmail": "support@vasp.example.com",
                "ComplianceEmail": "compliance@vasp.example.com",
            },
            None,
            "notice",
            "review link only; no code",
        ),
    ]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in files + [f"{m[0]}.{ext}" for m in mails for ext in ("txt", "html")]:
            target = root / "templates" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(show(base + "templates/" + name))
        (root / "main.go").write_text(ENVOY_GO)
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "GOCACHE": str(root / ".cache"),
               "GO111MODULE": "off", "GOFLAGS": ""}  # fmt: skip
        subprocess.run(["go", "build", "-o", str(root / "render"), str(root / "main.go")],
                       check=True, env=env, cwd=tmp)  # fmt: skip
        for name, subject, data, code, kind, note in mails:
            result = json.loads(
                subprocess.run(
                    [str(root / "render"), str(root), name],
                    input=json.dumps(data).encode(),
                    capture_output=True,
                    check=True,
                ).stdout
            )
            raw = message(
                sender=ENVOY_FROM,
                subject=subject,
                text=result["text"],
                html_part=result["html"],
                sent=SENT,
            )
            meta = dict(
                id=f"envoy-{name.replace('_', '-')}-en",
                source="envoy",
                lang="en",
                kind=kind,
                code=code,
                repository=ENVOY,
                path=f"{base}templates/{name}.txt, {base}templates/{name}.html, "
                f"{base}templates/partials/*.html, {base}builders.go, {base}render.go, "
                f"{base}email.go",
                commit=ENVOY_COMMIT,
                licence="MIT",
                rendered="Go html/template (go1.19) with the package's ParseFS patterns; "
                "text/plain + text/html",
                note=note,
            )
            out.append((meta, raw))
    return out


# --- LNbits ------------------------------------------------------------------------------


def lnbits_templates(source: str) -> dict[str, str]:
    """``NOTIFICATION_TEMPLATES`` of ``lnbits/core/models/notifications.py`` (a dict of
    string literals), evaluated with ``ast.literal_eval``."""
    start = source.index("NOTIFICATION_TEMPLATES = {")
    end = source.index("\n}\n", start) + 2
    return ast.literal_eval(source[start + len("NOTIFICATION_TEMPLATES = ") : end])


def lnbits(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, LNBITS, LNBITS_COMMIT, p)  # noqa: E731
    models = "lnbits/core/models/notifications.py"
    services = "lnbits/core/services/notifications.py"
    templates = lnbits_templates(show(models))
    service = show(services)
    for piece in (
        "text = meesage_value.format(**notification_message.values)",
        'text = f"""[{settings.lnbits_site_title}]\\n{text}"""',
        'to_emails: list[str], message: str, subject: str = "LNbits Notification"',
        "msg = MIMEMultipart()",
        'msg["To"] = ", ".join(to_emails)',
        'msg.attach(MIMEText(message, "plain"))',
        'values["fiat_value_fmt"] = f"`{amount_fiat}`*{currency}* / "',
    ):
        assert piece in service, piece
    wallet = {"wallet_id": "3f9c2a7d5e1b4c8f9a0d6e2b7c4f1a95", "wallet_name": "Café till"}
    mails = [
        (
            "incoming_payment",
            {**wallet, "amount_sats": 21000, "fiat_value_fmt": "`19.87`*EUR* / "},
            services,
        ),
        ("outgoing_payment", {**wallet, "amount_sats": 150000, "fiat_value_fmt": ""}, services),
        (
            "balance_update",
            {**wallet, "amount": 50000, "balance": 271000},
            "lnbits/core/views/user_api.py",
        ),
    ]
    out = []
    for name, values, caller in mails:
        text = f"[LNbits]\n{templates[name].format(**values)}"
        msg = MIMEMultipart(boundary="=_corpus_mixed_=")
        msg["From"] = LNBITS_FROM
        msg["To"] = "noor.tester@example.com"
        msg["Subject"] = "LNbits Notification"
        msg["Date"] = format_datetime(SENT)
        msg["Message-ID"] = "<corpus@mail.example>"
        msg.attach(MIMEText(text, "plain"))
        raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
        meta = dict(
            id=f"lnbits-{name.replace('_', '-')}-en",
            source="lnbits",
            lang="en",
            kind="notice",
            code=None,
            repository=LNBITS,
            path=f"{models}, {services}, {caller}",
            commit=LNBITS_COMMIT,
            licence="MIT",
            rendered="NOTIFICATION_TEMPLATES[type].format(**values) after '[<site title>]\\n'; "
            "MIMEMultipart with one MIMEText plain part, as send_email builds it",
            note="wallet id and amounts only",
        )
        out.append((meta, raw))
    return out


# --- Sempo -------------------------------------------------------------------------------


def sempo(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, SEMPO, SEMPO_COMMIT, p)  # noqa: E731
    ses = "app/server/utils/amazon_ses.py"
    source = show(ses)
    for piece in (
        "templateEnv = jinja2.Environment(loader=templateLoader)",
        "[email_address, 'Sempo: Fund your wallet', textbody, htmlbody]",
        "[email_address, 'Sempo: Transfer Update', textbody, htmlbody]",
        'sender = "admin@withsempo.com"',
        "TEXT_TEMPLATE_FILE = 'bank_transfer_email.txt'",
        "TEXT_TEMPLATE_FILE = 'transfer_update_email.txt'",
    ):
        assert piece in source, piece
    names = ["bank_transfer_email", "transfer_update_email"]
    env = jinja2.Environment(
        loader=jinja2.DictLoader(
            {
                f"{n}.{ext}": show(f"app/server/templates/{n}.{ext}")
                for n in names
                for ext in ("txt", "html")
            }
        )
    )
    wire = {
        "instructions": "Include the Transfer ID in the wire memo so that the payment can be "
        "matched to your wallet.",
        "account_number": "483920571",
        "routing_number": "026073150",
        "swift_code": "CMFGUS33",
        "account_type": "Checking",
        "bank_address": "5 Penn Plaza, 14th Floor, New York, NY 10001",
        "beneficiary": "Wyre Payments Inc.",
    }
    charge = {"amount": 250.0, "transfer_id": "TF-VN8R3QXKT2", "currency": "USD"}
    mails = [
        (
            "bank_transfer_email",
            "Sempo: Fund your wallet",
            {**charge, **wire},
            "send_bank_transfer_email renders bank_transfer_email.txt (which prints the "
            "status it is not given) and bank_transfer_email.html (the wire details)",
        ),
        (
            "transfer_update_email",
            "Sempo: Transfer Update",
            {**charge, "status": "Your wire has been received and is being processed."},
            "send_transfer_update_email renders transfer_update_email.txt (whose wire "
            "details it is not given) and transfer_update_email.html (the status)",
        ),
    ]
    out = []
    for name, subject, values, note in mails:
        text = env.get_template(f"{name}.txt").render(**values)
        html_part = env.get_template(f"{name}.html").render(**values)
        raw = message(
            sender="admin@withsempo.com", subject=subject, text=text, html_part=html_part, sent=SENT
        )
        meta = dict(
            id=f"sempo-{name.removesuffix('_email').replace('_', '-')}-en",
            source="sempo",
            lang="en",
            kind="notice",
            code=None,
            repository=SEMPO,
            path=f"app/server/templates/{name}.txt, app/server/templates/{name}.html, {ses}",
            commit=SEMPO_COMMIT,
            licence="GPL-3.0-only",
            rendered="jinja2 Environment(FileSystemLoader) render of the .txt and .html "
            "templates with the values the sender passes; SES text + html",
            note=note + "; the transfer id and bank numbers are references, not codes",
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (opex, paheko, invoicerr, bitcore, envoy, lnbits, sempo):
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
