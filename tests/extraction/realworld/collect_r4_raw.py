"""Round 4, helper ``raw``: real received mails kept as fixtures in public repositories.

    M=/work/.mirror
    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r4_raw.py \\
        --breaking-dkim $M/YilunAllenChen+Breaking_DKIM/repo \\
        --php-mime $M/php-mime-mail-parser+php-mime-mail-parser/repo \\
        --spamscope $M/SpamScope+mail-parser/repo \\
        --banorte $M/ramomar+banorte-email-scraper/repo --banes $M/ramomar+banes/repo \\
        --dkim-verifier $M/lieser+dkim_verifier/repo

Writes ``mail/<source>/<id>.eml`` and ``round4/raw.json``. Every mail here is a mail someone
really received; nothing is rendered from a template and no code value is invented. Each is
read from the commit named below (the last commit that changed the file).

- ``--breaking-dkim``: a git snapshot of YilunAllenChen/Breaking_DKIM (MIT), a student
  project on DKIM replay. ``email_templates.py`` keeps, as the Python string
  ``original_dhl_email``, a DHL Express "On Demand Delivery" notice its author received in
  2021 (English and Spanish, waybill number, delivery address), headers and DKIM signature
  included. The string is read with ``ast`` exactly as Python reads it and written out as its
  UTF-8 bytes (LF line ends as stored); nothing else is changed.
- ``--php-mime``: a git snapshot of php-mime-mail-parser/php-mime-mail-parser (MIT). Its
  ``tests/mails`` hold mails reported by users; two are real transactional/commercial mails:
  ``m0009``, an Ogone (payment service provider) Dutch order/payment notification to a
  merchant (order reference, PAYID, authorisation code, masked card, phone number), and
  ``m0015``, a Vitamart.ca promotional mail with three coupon codes. Copied byte for byte.
- ``--spamscope``: a git snapshot of SpamScope/mail-parser (Apache-2.0), whose ``tests/mails``
  are real spam/phishing captures. ``mail_test_15`` is a "Request for Order Quotation"
  phishing mail (postal code, street numbers, PDF attachment). Copied byte for byte.

- ``--banorte``: a git snapshot of ramomar/banorte-email-scraper (MIT), a scraper for the
  notification mails of the Mexican bank Banorte. ``test/emails/*.html`` are the HTML bodies
  of notifications its author received over a year (anonymised by the author: ``******0000``,
  ``USUARIO DE BANORTE``; some files were re-indented by the project). The project keeps no
  headers, so each body is wrapped unchanged as the single ``text/html`` part (UTF-8) of a
  mail from ``Banorte <notificaciones@banorte.example>``; the subject is supplied (the
  operation the mail names, in Spanish) and says so in ``rendered``. Twelve of the nineteen
  are taken, one per kind of operation (card blocking, NIP change, transfers, SPEI, ...).
- ``--banes``: a git snapshot of ramomar/banes (MIT), the same author's successor project,
  whose ``tests/emails`` add later Banorte notifications (2020-2021); six kinds not in the
  older set are taken and wrapped the same way.
- ``--dkim-verifier``: a git snapshot of lieser/dkim_verifier (MIT), the DKIM Verifier
  add-on for Thunderbird. ``test/data/original/`` keeps whole mails received at a Fastmail
  test account in October 2023, headers and DKIM signatures included: an Amazon
  account-verification mail with a One Time Password, a CNN newsletter welcome and a
  Fastmail welcome. Copied byte for byte.
- DuckDuckGo (no snapshot needed): RyanKung/mailSitter (GPL-3.0, stated in its Cargo.toml;
  no LICENSE file, so the GPL-3.0 text is copied) keeps in ``src/tests.rs`` the plain-text
  body of a DuckDuckGo Email Protection sign-in mail its author received (a one-time
  passphrase of four words, and a login link carrying the same words). The body is held
  inline below exactly as the Rust string literal decodes (CRLF kept), read with
  ``read_file`` at the commit named; it is wrapped as the single ``text/plain`` part, From and
  Subject supplied.

The same fixture sets were read for OTP mails: none of them holds one (see the round's report).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

BREAKING_DKIM = "YilunAllenChen/Breaking_DKIM"
BREAKING_DKIM_COMMIT = "882bc57f5c0f9fa7e705c60b71d3e77a0493a0fa"
PHP_MIME = "php-mime-mail-parser/php-mime-mail-parser"
PHP_MIME_COMMIT = "70b520a0a9a2602cc40b92f62430599dd2043d89"
SPAMSCOPE = "SpamScope/mail-parser"
SPAMSCOPE_COMMIT = "86a841784086bb3d1346e08e53e148a3ecc20401"
BANORTE = "ramomar/banorte-email-scraper"
BANORTE_COMMIT = "cff79ff5fb42f4078c4497f12e6693d050f08961"  # HEAD; every file below as there
BANES = "ramomar/banes"
BANES_COMMIT = "ccd4e83a294d4e6abffbb9c4adc30f05cb986d23"  # HEAD; every file below as there
DKIMV = "lieser/dkim_verifier"
DKIMV_COMMIT = "d7885cd2eb4a040564ebf2cc6c0b173dfb44127c"
MAILSITTER = "RyanKung/mailSitter"
MAILSITTER_COMMIT = "9b0a7854a7b4a8e47d4d771431fde6eed2cc534e"
# src/tests.rs at MAILSITTER_COMMIT, the string literal `mail`, decoded.
DDG_BODY = (
    "To continue, open this link in your browser:\r\n\r\n"
    "https://duckduckgo.com/email/login?otp=unstamped-matching-onboard-proofs&user=0xhack1984"
    "\r\n\r\nOr, enter this one-time passphrase in your open DuckDuckGo tab:\r\n\r\n"
    "unstamped matching onboard proofs\r\n\r\n"
    "If you didn\u2019t expect this email, someone may have accidentally entered your Duck\r\n"
    "Address when attempting to enable Email Protection in their browser. If needed,\r\n"
    "you can reach us at support@duck.com.\r\n"
)
SENT = datetime(2026, 11, 18, 9, 41, 0, tzinfo=UTC)
TO = "noor.tester@example.com"

# file stem -> (template id, supplied subject, what the mail shows)
BANORTE_MAILS = {
    "account-info-email": (
        "account-info",
        "Banorte: Información de tu Cuenta",
        "phone-banking balance enquiry notice: masked account and card, date, phone number",
    ),
    "cash-withdrawal-email": (
        "cash-withdrawal",
        "Banorte: Retiro de efectivo",
        "ATM withdrawal: operation ID, card ID, folio, ATM ID, amount",
    ),
    "charge-email": (
        "charge",
        "Banorte: Cargo a tu cuenta",
        "card purchase: amount, 'Movimiento en su cuenta/autorizacion: 002422' (an "
        "authorisation number of the purchase, not a code to type), phone numbers",
    ),
    "credit-card-payment-other-banks-email": (
        "cc-payment",
        "Banorte: Pago de Tarjeta de Crédito Otros Bancos",
        "card payment to another bank: masked accounts, amount, Clave de Rastreo (tracking key)",
    ),
    "debit-card-blocked-email": (
        "card-blocked",
        "Banorte: Bloqueo de Tarjeta de Débito",
        "debit card blocked in the app: masked card, date and time",
    ),
    "deposit-email": (
        "deposit",
        "Banorte: Instrucción de Depósito",
        "incoming deposit instruction: masked account, amount, message",
    ),
    "fast-transfer-other-banks-email": (
        "fast-transfer",
        "Banorte: Transferencias Rápidas",
        "transfer to another bank: RFC/CURP, reference number, Clave de Rastreo, fee",
    ),
    "identification-by-phone-email": (
        "identification",
        "Banorte: Identificación en Menú Telefónico",
        "caller identified in phone banking: masked card, date, phone number",
    ),
    "nip-change-email": (
        "nip-change",
        "Banorte: Cambio de NIP",
        "card PIN (NIP) changed at an ATM: 'Folio Cambio de NIP', ATM ID, masked card; the "
        "new NIP itself is not in the mail",
    ),
    "phone-recharge-email": (
        "phone-recharge",
        "Banorte: Compra de Tiempo Aire",
        "prepaid phone top-up: phone number, amount, Clave de Rastreo",
    ),
    "spei-devolution-email": (
        "spei-devolution",
        "Banorte: Devolución SPEI",
        "returned SPEI transfer: amount, masked account, Clave de Rastreo, phone number",
    ),
    "spei-income-email": (
        "spei-income",
        "Banorte: SPEI Recibido",
        "incoming SPEI transfer: amount, masked account, Clave de Rastreo",
    ),
}


def show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def python_string(src: str, name: str) -> str:
    """The value of the module-level string assignment ``name = "..."`` in ``src``."""
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, str)
            return value
    raise KeyError(name)


BANES_MAILS = {
    "email-change-confirmation-email": (
        "email-confirm",
        "Banorte: Confirma tu correo electrónico",
        "asks to confirm a new e-mail address by a CONFIRMAR link; no code",
    ),
    "banco-en-linea-blocked-user-email": (
        "user-blocked",
        "Banorte: Bloqueo de usuario",
        "online-banking user blocked after wrong token/password: masked token serial "
        "'******1020' and account, phone number",
    ),
    "banorte-movil-activation-email": (
        "app-activation",
        "Banorte: Activación de Banorte Móvil",
        "mobile-banking activation notice: date and time, no code",
    ),
    "contact-media-update-email": (
        "contact-update",
        "Banorte: Actualización de Medios de Contacto",
        "contact e-mail changed: old and new address, phone number",
    ),
    "third-party-account-registration-email": (
        "payee-added",
        "Banorte: Alta de cuenta de terceros",
        "new payee added: approve it in the app (no code), masked account",
    ),
    "banorte-movil-cancelation-email": (
        "app-cancel",
        "Banorte: Cancelación de Banorte Móvil",
        "mobile-banking cancelled: masked card, phone number",
    ),
}


def item(
    *, id: str, source: str, lang: str, kind: str, code: str | None, repository: str,
    path: str, commit: str, licence: str, rendered: str, note: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    out: dict[str, Any] = dict(
        id=id, group=id.rsplit("-", 1)[0], source=source, lang=lang, kind=kind, code=code,
        repository=repository, path=path, commit=commit, licence=licence, rendered=rendered,
        file=f"mail/{source}/{id}.eml",
    )  # fmt: skip
    if note:
        out["note"] = note
    return out


def breaking_dkim(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    path = "email_templates.py"
    src = show(repo, BREAKING_DKIM_COMMIT, path).decode("utf-8")
    raw = python_string(src, "original_dhl_email").encode("utf-8")
    return [(item(
        id="breakingdkim-dhl-ondemand-en", source="breakingdkim", lang="en", kind="notice",
        code=None, repository=BREAKING_DKIM, path=path, commit=BREAKING_DKIM_COMMIT,
        licence="MIT",
        rendered="the received mail kept as the Python string original_dhl_email, read with "
        "ast and written as its UTF-8 bytes, headers and DKIM signature as stored",
        note="DHL Express delivery-today notice in English and Spanish: waybill number, "
        "address with ZIP code, no code to type",
    ), raw)]  # fmt: skip


def php_mime(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    out = []
    path = "tests/mails/m0009"
    out.append((item(
        id="phpmime-ogone-order-nl", source="phpmime", lang="nl", kind="notice", code=None,
        repository=PHP_MIME, path=path, commit=PHP_MIME_COMMIT, licence="MIT",
        rendered="fixture copied byte for byte",
        note="Ogone payment notification to a merchant: order reference, PAYID, an "
        "'Autorisatiecode' of the card payment (a bank reference, not a code for the reader "
        "to type), UID, TID, masked card, phone number",
    ), show(repo, PHP_MIME_COMMIT, path)))  # fmt: skip
    path = "tests/mails/m0015"
    out.append((item(
        id="phpmime-vitamart-promo-en", source="phpmime", lang="en", kind="other", code=None,
        repository=PHP_MIME, path=path, commit=PHP_MIME_COMMIT, licence="MIT",
        rendered="fixture copied byte for byte",
        note="promotional mail with three coupon codes (5multi, 15multi, 30multi): "
        "promotion codes, not one-time codes",
    ), show(repo, PHP_MIME_COMMIT, path)))  # fmt: skip
    return out


def spamscope(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    path = "tests/mails/mail_test_15"
    return [(item(
        id="spamscope-rfq-phish-en", source="spamscope", lang="en", kind="other", code=None,
        repository=SPAMSCOPE, path=path, commit=SPAMSCOPE_COMMIT, licence="Apache-2.0",
        rendered="fixture copied byte for byte",
        note="phishing 'request for order quotation' with a signature block (postal code "
        "117440, unit numbers) and an attachment; no code",
    ), show(repo, SPAMSCOPE_COMMIT, path))]  # fmt: skip


def banorte(
    repo: Path, *, source: str = "banorte", repository: str = BANORTE,
    commit: str = BANORTE_COMMIT, folder: str = "test/emails",
    mails: dict[str, tuple[str, str, str]] = BANORTE_MAILS,
) -> list[tuple[dict[str, Any], bytes]]:  # fmt: skip
    out = []
    for stem, (template, subject, note) in mails.items():
        path = f"{folder}/{stem}.html"
        body = show(repo, commit, path).decode("utf-8")
        msg = EmailMessage()
        msg["From"] = "Banorte <notificaciones@banorte.example>"
        msg["To"] = TO
        msg["Subject"] = subject
        msg["Date"] = format_datetime(SENT)
        msg["Message-ID"] = f"<r4raw-{source}-{template}@mail.example>"
        msg.set_content(body, subtype="html", charset="utf-8")
        raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
        out.append((item(
            id=f"{source}-{template}-es", source=source, lang="es", kind="notice",
            code=None, repository=repository, path=path, commit=commit, licence="MIT",
            rendered="stored HTML body of a received notification wrapped unchanged as the "
            "text/html part; From and Subject supplied (the project keeps no headers)",
            note=note,
        ), raw))  # fmt: skip
    return out


def dkim_verifier(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    folder = "test/data/original"
    mails = [
        ("Fastmail from Amazon - Verify your new Amazon account.eml", "amazon-verify",
         "shop-otp", "159200", "OTP to verify the e-mail address of a new Amazon account"),
        ("Fastmail from CNN - Thanks for subscribing to 5 Things.eml", "cnn-subscribed",
         "other", None, "newsletter welcome: tracking links, no code"),
        ("Fastmail from Fastmail - Welcome! Get set up in 3 steps..eml", "fastmail-welcome",
         "other", None, "welcome mail with numbered steps, no code"),
    ]  # fmt: skip
    out = []
    for name, template, kind, code, note in mails:
        path = f"{folder}/{name}"
        out.append((item(
            id=f"dkimverifier-{template}-en", source="dkimverifier", lang="en", kind=kind,
            code=code, repository=DKIMV, path=path, commit=DKIMV_COMMIT, licence="MIT",
            rendered="fixture copied byte for byte", note=note,
        ), show(repo, DKIMV_COMMIT, path)))  # fmt: skip
    return out


def duckduckgo() -> list[tuple[dict[str, Any], bytes]]:
    msg = EmailMessage()
    msg["From"] = "DuckDuckGo <dax@duckduckgo.example>"
    msg["To"] = TO
    msg["Subject"] = "Your DuckDuckGo one-time passphrase"
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<r4raw-ddg-passphrase@mail.example>"
    msg.set_content(DDG_BODY.replace("\r\n", "\n"), subtype="plain", charset="utf-8")
    raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
    return [(item(
        id="mailsitter-ddg-passphrase-en", source="mailsitter", lang="en", kind="saas-otp",
        code="unstamped matching onboard proofs", repository=MAILSITTER, path="src/tests.rs",
        commit=MAILSITTER_COMMIT, licence="GPL-3.0",
        rendered="decoded plain-text body kept in a test string wrapped as text/plain; "
        "From and Subject supplied (the project keeps no headers)",
        note="the one-time code is a passphrase of four words typed with spaces; the login "
        "link carries the same words joined by hyphens",
    ), raw)]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaking-dkim", type=Path, required=True)
    ap.add_argument("--php-mime", type=Path, required=True)
    ap.add_argument("--spamscope", type=Path, required=True)
    ap.add_argument("--banorte", type=Path, required=True)
    ap.add_argument("--banes", type=Path, required=True)
    ap.add_argument("--dkim-verifier", type=Path, required=True)
    args = ap.parse_args()
    pairs = breaking_dkim(args.breaking_dkim) + php_mime(args.php_mime)
    pairs += spamscope(args.spamscope) + banorte(args.banorte)
    pairs += banorte(
        args.banes, source="banes", repository=BANES, commit=BANES_COMMIT,
        folder="tests/emails", mails=BANES_MAILS,
    )  # fmt: skip
    pairs += dkim_verifier(args.dkim_verifier) + duckduckgo()
    out = []
    for it, raw in pairs:
        dest = HERE / it["file"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(raw)
        it["sha256"] = hashlib.sha256(raw).hexdigest()
        out.append(it)
    (HERE / "round4").mkdir(exist_ok=True)
    (HERE / "round4" / "raw.json").write_text(
        json.dumps({"items": out}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(out)} mails")


if __name__ == "__main__":
    main()
