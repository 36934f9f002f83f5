"""Round 31, money (blind): Akaunting, the Laravel accounting and invoicing application, its
customer invoice, overdue-reminder and payment-receipt notices in twelve of its languages,
rendered from a git snapshot pinned at the last commit released under the GPL.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_money.py \\
        --mirrors /work/.mirror

- akaunting/akaunting (GPL-3.0-only at the pinned commit: ``LICENSE.txt`` there is the GNU
  GPL version 3 text; the next commit, f15f8c68 "akaunting 3.1", replaced it with the
  Business Source License, so nothing after it is used), commit AKAUNTING_COMMIT.
  Files used: ``database/seeds/EmailTemplates.php`` (each company's templates are seeded
  from ``trans('email_templates.<alias>.subject|body')`` in the company's locale),
  ``resources/lang/<locale>/email_templates.php`` and ``resources/lang/<locale>/footer.php``
  (read here by the real ``php`` CLI, ``json_encode`` of the returned array, so the strings
  are exactly PHP's), ``app/Abstracts/Notification.php`` (``initMailMessage``: a
  ``MailMessage`` with ``->view('components.email.body', ['body' => getBody()])``, so one
  text/html part and no text part; ``getBody`` is the template body with its tags replaced
  plus the rendered ``components/email/footer.blade.php``; ``replaceTags`` is
  ``preg_replace`` of ``/{tag}/`` by the ``preg_quote``d value, then every backslash
  removed: for the values used here (no ``$`` and no backslash) that is the value as it is),
  ``app/Notifications/Sale/Invoice.php`` (invoice_new_customer, invoice_remind_customer)
  and ``app/Notifications/Portal/PaymentReceived.php`` (invoice_payment_customer): their
  ``getTags`` / ``getTagsReplacement`` give the values, ``resources/views/components/email/
  body.blade.php`` (``{!! $body !!}`` and a newline) and ``footer.blade.php`` (``{{ }}``
  escaped with ``htmlspecialchars``, ``{!! !!}`` raw; the footer link ``https://akaunting.com/
  accounting-software?utm_source=email&utm_medium=footer&utm_campaign=plg&utm_content=<alias>``,
  the logo ``asset('public/img/akaunting-logo-wild-blue.png')`` on APP_URL), ``routes/
  signed.php`` with ``app/Providers/Route.php`` (guest link ``{company_id}/signed/invoices/
  {invoice}?signature=<HMAC-SHA256 hex>``, made by ``URL::signedRoute``).
  Rendering here: the tag replacement and the two Blade views done in Python with the same
  strings (Blade's ``{{ }}`` is ``htmlspecialchars`` with ENT_QUOTES, done with
  ``html.escape``, which gives the same for these strings), the subject from the template's
  subject with its tags replaced; From is the company (MAIL_FROM). Values: invoice number
  ``INV-00042`` (the default prefix ``INV-`` and five digits), amounts in EUR as
  akaunting/money writes them (``€1.250,00``), dates in the company's date format set to
  ``Y-m-d`` (one of the formats it offers), payment method a bank transfer; the signature a
  fixed 64-hex string. All are notices (the invoice number is a reference, shown in a link).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)
OUT = HERE / "round31" / "money.json"

AKAUNTING = "akaunting/akaunting"
AKAUNTING_COMMIT = "503cfa2118dc6b592fe102d4ed12b4dc5c40c490"
AKAUNTING_LICENCE = "GPL-3.0-only"
AKAUNTING_FROM = "Atelier Nordlicht <buchhaltung@atelier-nordlicht.example.com>"
AKAUNTING_URL = "https://books.atelier-nordlicht.example.com"
SIGNATURE = "3f9a1c7e5b2d8046e1a9c3b7d5f20486a1c9e3b7d5f2048613a9c7e5b1d3f208"
# locale of the Akaunting catalogue -> lang of the item
LOCALES = {
    "en-GB": "en",
    "de-DE": "de",
    "fr-FR": "fr",
    "es-ES": "es",
    "it-IT": "it",
    "nl-NL": "nl",
    "pt-BR": "pt",
    "pl-PL": "pl",
    "tr-TR": "tr",
    "ru-RU": "ru",
    "ar-SA": "ar",
    "zh-CN": "zh-CN",
}
TEMPLATES = ("invoice_new_customer", "invoice_remind_customer", "invoice_payment_customer")
FILES = {
    "invoice_new_customer": "app/Notifications/Sale/Invoice.php",
    "invoice_remind_customer": "app/Notifications/Sale/Invoice.php",
    "invoice_payment_customer": "app/Notifications/Portal/PaymentReceived.php",
}


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def php_array(source: str) -> dict:
    """The array a Laravel language file returns, as PHP itself reads it."""
    code = "echo json_encode(eval('?>' . stream_get_contents(STDIN)));"
    out = subprocess.run(
        ["php", "-r", code], input=source.encode("utf-8"), check=True, capture_output=True
    ).stdout
    return json.loads(out)


def akaunting_values(alias: str) -> dict[str, str]:
    company = "1"
    invoice = "42"
    base = AKAUNTING_URL + "/" + company
    values = {
        "{invoice_number}": "INV-00042",
        "{invoice_total}": "€1.250,00",
        "{invoice_amount_due}": "€1.250,00",
        "{invoiced_date}": "2026-11-20",
        "{invoice_due_date}": "2026-12-04",
        "{invoice_guest_link}": f"{base}/signed/invoices/{invoice}?signature={SIGNATURE}",
        "{invoice_admin_link}": f"{base}/sales/invoices/{invoice}",
        "{invoice_portal_link}": f"{base}/portal/invoices/{invoice}",
        "{customer_name}": "Marta Kowalczyk",
        "{company_name}": "Atelier Nordlicht",
        "{company_email}": "buchhaltung@atelier-nordlicht.example.com",
        "{company_tax_number}": "DE312456789",
        "{company_phone}": "+49 30 1234567",
        "{company_address}": "Lindenstraße 12<br />\n10969 Berlin",
    }
    if alias == "invoice_payment_customer":
        # {invoice_status} and {transaction_payment_method} are tags no template here uses
        values["{transaction_total}"] = "€1.250,00"
        values["{transaction_paid_date}"] = "2026-12-06"
        values["{transaction_payment_method}"] = "Bank Transfer"
    return values


def akaunting(mirrors: Path) -> list[tuple[dict, bytes]]:
    repo, commit = AKAUNTING, AKAUNTING_COMMIT
    body_view = git_show(mirrors, repo, commit, "resources/views/components/email/body.blade.php")
    footer_view = git_show(
        mirrors, repo, commit, "resources/views/components/email/footer.blade.php"
    )
    fallback = {
        "footer": php_array(git_show(mirrors, repo, commit, "resources/lang/en-GB/footer.php")),
    }
    out = []
    for alias in TEMPLATES:
        for locale, lang in LOCALES.items():
            base = f"resources/lang/{locale}/"
            templates = php_array(git_show(mirrors, repo, commit, base + "email_templates.php"))
            # a key missing from a catalogue falls back to en-GB (config/app.php)
            footer = fallback["footer"] | php_array(
                git_show(mirrors, repo, commit, base + "footer.php")
            )
            values = akaunting_values(alias)
            subject = templates[alias]["subject"]
            body = templates[alias]["body"]
            for tag, value in values.items():
                subject = subject.replace(tag, value)
                body = body.replace(tag, value)
            url = (
                "https://akaunting.com/accounting-software?utm_source=email&utm_medium=footer"
                "&utm_campaign=plg&utm_content=" + alias
            )
            get_started = (
                '<a href="'
                + url
                + '" style="color: #676ba2; text-decoration: none;">'
                + footer["get_started"]
                + "</a>"
            )
            rendered_footer = (
                footer_view.replace("{!! $url !!}", url)
                .replace("{{ trans('footer.powered_by') }}", html.escape(footer["powered_by"]))
                .replace(
                    "{{ asset('public/img/akaunting-logo-wild-blue.png') }}",
                    AKAUNTING_URL + "/public/img/akaunting-logo-wild-blue.png",
                )
                .replace(
                    "{!! trans('footer.tag_line', ['get_started_url' => $get_started]) !!}",
                    footer["tag_line"].replace(":get_started_url", get_started),
                )
            )
            page = body_view.replace("{!! $body !!}", body + rendered_footer)
            raw = message(
                sender=AKAUNTING_FROM, subject=subject, text=None, html_part=page, sent=SENT
            )
            meta = dict(
                id=f"akaunting-{alias.replace('_', '-')}-{lang}",
                source="akaunting",
                lang=lang,
                kind="invoice",
                code=None,
                repository=repo,
                path=f"{base}email_templates.php ({alias}); {FILES[alias]}",
                commit=commit,
                licence=AKAUNTING_LICENCE,
                rendered=(
                    "tags replaced as Notification::replaceTags does, body plus the footer "
                    "view into components.email.body; one text/html part"
                ),
            )
            if "{invoice_numer}" in subject:
                meta["note"] = (
                    "the nl-NL catalogue's subject misspells its tag ({invoice_numer}); "
                    "replaceTags leaves it as it is, so the subject shows it"
                )
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (akaunting,):
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
