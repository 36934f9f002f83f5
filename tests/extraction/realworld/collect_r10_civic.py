"""Round ten (``civic``): codes and notices that appointment, civic-participation and
public-service software mails.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r10_civic.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Easy!Appointments (alextselegidis/easyappointments, GPL-3.0), an appointment scheduler
  (doctors' practices, public offices). Its PHP views ``application/views/emails/
  {appointment_saved_email,appointment_deleted_email,password_reset_email}.php`` are run by a
  small interpreter below that does what PHP does with these files: text outside ``<?php``
  / ``<?=`` is copied, the one newline right after ``?>`` is eaten, ``<?= ... ?>`` prints the
  value the caller passes (``lang()`` from ``application/language/<lang>/
  translations_lang.php``, ``e()`` = ``htmlspecialchars``), ``if`` / ``else`` / ``endif``
  and the custom-field ``for`` loop follow the data (no custom fields displayed). Subjects
  and messages as ``libraries/Notifications.php`` and ``controllers/Recovery.php`` pass them
  (customer: ``appointment_booked`` / ``thank_you_for_appointment``; provider:
  ``appointment_added_to_your_plan`` / ``appointment_link_description``; cancellation:
  ``appointment_cancelled_title``; reset: ``password_reset_request``). Dates as
  ``format_date_time`` prints them with the default settings (``DMY``, ``regular``:
  ``d/m/Y g:i a``), the zone as ``Timezones::get_timezone_name``. Sent as
  ``Email_messages::get_php_mailer`` sends them: HTML body and ``AltBody`` =
  ``str_replace(["\\n\\n", "\\n\\n\\n"], '', strip_tags($html))`` (so the text part keeps the
  ``<style>`` text, as PHP's ``strip_tags`` does); the embedded logo (``cid:logo.png``) and the
  ``invitation.ics`` attachment are not attached. All negatives (booking confirmation,
  provider copy, cancellation, reset link).
- Bluesky PDS (bluesky-social/atproto, MIT OR Apache-2.0): the Handlebars templates
  ``packages/pds/src/mailer/templates/*.hbs`` (English only; the mailer has no i18n yet),
  rendered by a Node helper (``--node-dir``: ``render_bsky.js`` beside ``handlebars@4.7.9``
  and ``nodemailer-html-to-text@3.2.0`` installed with npm) that precompiles each template as
  ``scripts/build.templates.js`` does and fills it with the ``ServerMailer`` config (the
  defaults, or a self-hosted PDS with its own name, logo and colour and
  ``disableConfirmationLink``); the text part is what the transporter's
  ``nodemailer-html-to-text`` compile step adds. Subjects from ``mailer/index.ts``; the token
  is ``getRandomToken().toUpperCase()`` (ten base32 characters, ``XXXXX-XXXXX``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from collect import HERE, message

OUT = HERE / "round10" / "civic.json"
SENT = datetime(2026, 12, 3, 10, 4, 51, tzinfo=UTC)


def _digits(seed: str, n: int) -> str:
    return f"{int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 10**n:0{n}d}"


def _hex(seed: str, n: int) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()[:n]


def _alnum(seed: str, n: int) -> str:
    chars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    v = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    out = []
    for _ in range(n):
        v, r = divmod(v, len(chars))
        out.append(chars[r])
    return "".join(out)


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _php_string(lit: str) -> str:
    """The value of a PHP string literal (single- or double-quoted, as these files use)."""
    body = lit[1:-1]
    if lit[0] == "'":
        return re.sub(r"\\([\\'])", r"\1", body)
    return re.sub(r'\\([\\"$])', r"\1", body).replace("\\n", "\n")


def _php_lang(src: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in re.finditer(
        r"""\$lang\['([^']+)'\]\s*=\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*;""", src, re.S
    ):
        out[m.group(1)] = _php_string(m.group(2))
    return out


def _php_view(tpl: str, values: dict[str, str], conds: dict[str, bool]) -> str:
    """Run a PHP view of echo tags and if/else/endif/for blocks: ``values`` maps each
    ``<?= expr ?>`` (whitespace collapsed) to its printed value, ``conds`` each ``if``
    condition to its truth (``for`` loops here print nothing: no custom field is shown)."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<\?(=|php)(.*?)\?>\n?", tpl, re.S):
        if all(stack):
            out.append(tpl[pos:m.start()])
        pos = m.end()
        stmt = " ".join(m.group(2).split())
        if m.group(1) == "=":
            if all(stack):
                out.append(values[stmt])
        elif stmt.startswith("if "):
            stack.append(conds[stmt] if all(stack) else False)
        elif stmt == "else:":
            stack[-1] = not stack[-1]
        elif stmt.startswith("for "):
            stack.append(False)
        elif stmt in ("endif;", "endfor;"):
            stack.pop()
        # the doc block and the variable set-up print nothing
    out.append(tpl[pos:])
    assert not stack
    return "".join(out)


def _strip_tags(s: str) -> str:  # PHP strip_tags: comments and tags go, their text stays
    s = re.sub(r"<!--.*?-->", "", s, flags=re.S)
    return re.sub(r"<[^>]*>", "", s)


# ---------------------------------------------------------------------------------------
# Easy!Appointments

EA_COMMIT = "e46b4c6befb88c8f00e0a1e0eecdaa0e9c6294fb"
EA_VIEWS = "application/views/emails"
EA_LANGS = {  # folder -> (tag, provider/service data that a practice in that country would use)
    "english": "en", "german": "de", "french": "fr", "spanish": "es", "italian": "it",
    "dutch": "nl", "polish": "pl", "portuguese-br": "pt-BR", "greek": "el", "turkish": "tr",
    "japanese": "ja", "finnish": "fi",
}  # fmt: skip
EA_PEOPLE = {
    "en": ("Riverside Family Practice", "Dr. Amelia", "Hart", "General check-up", "Europe/London",
           "London (+0:00)", "14 Mill Lane, Bristol BS1 4QA", "+44 117 496 0732"),
    "de": ("Praxis am Lindenhof", "Dr. Jana", "Weber", "Vorsorgeuntersuchung", "Europe/Berlin",
           "Berlin (+1:00)", "Lindenstraße 12, 50674 Köln", "+49 221 5873 4410"),
    "fr": ("Cabinet médical des Tilleuls", "Dr Claire", "Moreau", "Consultation générale",
           "Europe/Paris", "Paris (+1:00)", "8 rue des Tilleuls, 69003 Lyon", "+33 4 72 61 08 95"),
    "es": ("Clínica Dental Sol", "Dra. Lucía", "Romero", "Revisión dental", "Europe/Madrid",
           "Madrid (+1:00)", "Calle Mayor 27, 28013 Madrid", "+34 912 48 63 70"),
    "it": ("Studio Medico San Marco", "Dott. Marco", "Ricci", "Visita di controllo", "Europe/Rome",
           "Rome (+1:00)", "Via Garibaldi 41, 10122 Torino", "+39 011 562 7714"),
    "nl": ("Huisartsenpraktijk De Linde", "Dr. Sanne", "de Vries", "Consult huisarts",
           "Europe/Amsterdam", "Amsterdam (+1:00)", "Lindenlaan 5, 3521 AB Utrecht",
           "+31 30 271 4482"),
    "pl": ("Przychodnia Zdrowie", "Dr Anna", "Nowak", "Wizyta kontrolna", "Europe/Warsaw",
           "Warsaw (+1:00)", "ul. Długa 17, 00-238 Warszawa", "+48 22 635 19 07"),
    "pt-BR": ("Clínica Vida Plena", "Dra. Beatriz", "Souza", "Consulta de rotina",
              "America/Sao_Paulo", "Sao Paulo (-3:00)", "Rua Augusta 1508, 01304-001 São Paulo",
              "+55 11 3284 5519"),
    "el": ("Ιατρείο Ακρόπολη", "Δρ. Ελένη", "Παπαδοπούλου", "Γενική εξέταση", "Europe/Athens",
           "Athens (+2:00)", "Ερμού 54, 105 63 Αθήνα", "+30 21 0323 8841"),
    "tr": ("Sağlık Polikliniği", "Dr. Elif", "Yılmaz", "Genel muayene", "Europe/Istanbul",
           "Istanbul (+3:00)", "Bağdat Cad. 210, 34728 İstanbul", "+90 216 418 37 52"),
    "ja": ("さくら歯科クリニック", "美咲", "田中", "定期検診", "Asia/Tokyo", "Tokyo (+9:00)",
           "東京都渋谷区神南1-12-8", "+81 3-5458-2719"),
    "fi": ("Terveysasema Koivu", "Dr. Aino", "Virtanen", "Terveystarkastus", "Europe/Helsinki",
           "Helsinki (+2:00)", "Mannerheimintie 22, 00100 Helsinki", "+358 9 4271 6630"),
}  # fmt: skip
EA_CUSTOMER = ("Noor", "Tester", "noor.tester@example.com")
EA_DOMAINS = {
    "en": "riverside-practice.example", "de": "praxis-lindenhof.example",
    "fr": "cabinet-tilleuls.example", "es": "clinicadentalsol.example",
    "it": "studiosanmarco.example", "nl": "huisarts-delinde.example",
    "pl": "przychodnia-zdrowie.example", "pt-BR": "clinicavidaplena.example",
    "el": "iatreio-akropoli.example", "tr": "saglikpoliklinigi.example",
    "ja": "sakura-shika.example", "fi": "terveysasema-koivu.example",
}  # fmt: skip


def _ea_fmt(dt: datetime) -> str:  # PHP 'd/m/Y g:i a'
    h = dt.hour % 12 or 12
    return f"{dt:%d/%m/%Y} {h}:{dt:%M} {'am' if dt.hour < 12 else 'pm'}"


def easyappointments(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    e = html.escape

    def lang_of(folder: str) -> dict[str, str]:
        en = _php_lang(_show(repo, EA_COMMIT, "application/language/english/translations_lang.php"))
        loc = _php_lang(_show(repo, EA_COMMIT, f"application/language/{folder}/translations_lang.php"))
        return {**en, **loc}  # CodeIgniter falls back to nothing; every key is present anyway

    plan = [  # (view, template, languages, note)
        ("appointment_saved_email", "booked", ["english", "german", "french", "spanish", "italian",
         "dutch", "polish", "portuguese-br", "greek", "turkish", "japanese", "finnish"]),
        ("appointment_saved_email", "provider", ["english", "german"]),
        ("appointment_deleted_email", "cancelled", ["english", "french", "spanish", "polish"]),
        ("password_reset_email", "reset", ["english", "german", "italian"]),
    ]  # fmt: skip
    for view, tname, folders in plan:
        tpl = _show(repo, EA_COMMIT, f"{EA_VIEWS}/{view}.php")
        for folder in folders:
            tag = EA_LANGS[folder]
            L = lang_of(folder)
            company, pfirst, plast, service, tz, tzname, address, phone = EA_PEOPLE[tag]
            seed = f"ea-{tname}-{tag}"
            start = datetime(2026, 12, 14 + int(_digits(seed, 1)) % 5, 8 + int(_digits(seed + "h", 1)), 30)
            end = start.replace(minute=0, hour=start.hour + 1)
            link_hash = _alnum(seed + "hash", 12)
            host = f"https://booking.{EA_DOMAINS[tag]}"
            settings = {"company_name": company, "company_link": f"https://www.{EA_DOMAINS[tag]}"}
            cfirst, clast, cmail = EA_CUSTOMER
            values = {
                "e($settings['company_link'])": e(settings["company_link"]),
                "e($settings['company_name'])": e(settings["company_name"]),
            }
            conds: dict[str, bool] = {}
            if view != "password_reset_email":
                values.update({
                    f"lang('{k}')": L[k] for k in (
                        "address", "appointment_details_title", "customer_details_title",
                        "description", "email", "end", "location", "meeting_link", "name", "notes",
                        "phone_number", "provider", "service", "start", "status", "timezone",
                        "appointment_cancelled_title", "appointment_removed_from_schedule", "reason")
                })  # fmt: skip
                values.update({
                    "e($appointment['location'])": e(address),
                    "e($provider['first_name'] . ' ' . $provider['last_name'])": e(f"{pfirst} {plast}"),
                    "e($service['name'])": e(service),
                    "format_date_time($appointment['end_datetime'])": _ea_fmt(end),
                    "format_date_time($appointment['start_datetime'])": _ea_fmt(start),
                    "format_timezone($timezone)": tzname,
                    "e($customer_address)": "", "e($customer_email)": e(cmail),
                    "e($customer_full_name)": e(f"{cfirst} {clast}"),
                    "e($customer_phone_number)": e(phone),
                    "e($reason)": "",
                })  # fmt: skip
                conds = {
                    "if (!empty($appointment['location'])):": True,
                    "if (!empty($appointment['meeting_link'])):": False,
                    "if (!empty($appointment['notes'])):": False,
                    "if (!empty($appointment['status'])):": False,
                    "if (!empty($service['description'])):": False,
                    "if ($customer_address !== ''):": False,
                    "if ($customer_email !== ''):": True,
                    "if ($customer_full_name !== ''):": True,
                    "if ($customer_phone_number !== ''):": True,
                    "if (str_starts_with($appointment['location'], 'http')):": False,
                }
            if tname == "booked":
                subject, msg = L["appointment_booked"], L["thank_you_for_appointment"]
                link = f"{host}/index.php/booking/reschedule/{link_hash}"
                kind, note = "notice", "booking confirmation: appointment details, phone number, reschedule link; no code"
            elif tname == "provider":
                subject, msg = L["appointment_added_to_your_plan"], L["appointment_link_description"]
                link = f"{host}/index.php/calendar/reschedule/{link_hash}"
                kind, note = "notice", "provider's copy of a new booking; no code"
            elif tname == "cancelled":
                subject, msg, link = L["appointment_cancelled_title"], "", ""
                kind, note = "notice", "cancellation notice with the appointment details; no code"
            else:
                subject, msg = L["password_reset_request"], L["password_reset_email_message"]
                link = f"{host}/index.php/recovery/reset?token={_hex(seed + 'tok', 64)}"
                kind, note = "notice", "password-reset link only; no code to type"
                values.update({
                    "lang('reset_password')": L["reset_password"],
                    "lang('password_reset_link_expires')": L["password_reset_link_expires"],
                    "lang('password_reset_ignore_message')": L["password_reset_ignore_message"],
                    "e($reset_link)": e(link),
                })  # fmt: skip
            values["$subject"] = subject
            values["$message"] = msg
            values["e( $appointment_link, )"] = e(link)
            body = _php_view(tpl, values, conds)
            alt = _strip_tags(body).replace("\n\n", "").replace("\n\n\n", "")
            raw = message(
                sender=f"{company} <no-reply@{settings['company_link'].split('//')[1].removeprefix('www.')}>",
                subject=subject, text=alt, html_part=body, sent=SENT,
            )  # fmt: skip
            ident = f"easyappointments-{tname}-{tag}"
            rel, sha = _write(ident, "easyappointments", raw)
            items.append({
                "id": ident, "group": f"easyappointments-{tname}", "source": "easyappointments",
                "lang": tag, "kind": kind, "code": None,
                "repository": "alextselegidis/easyappointments",
                "path": f"{EA_VIEWS}/{view}.php, application/language/{folder}/translations_lang.php,"
                " application/libraries/Email_messages.php, application/libraries/Notifications.php",
                "commit": EA_COMMIT, "licence": "GPL-3.0",
                "rendered": "PHP view run by a small interpreter (echo tags, if/else, newline after"
                " ?> eaten), lang() strings of the language, HTML + AltBody (strip_tags) as"
                " PHPMailer sends it; logo and .ics not attached",
                "file": rel, "sha256": sha, "note": note,
            })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Bluesky PDS (bluesky-social/atproto)

BSKY_COMMIT = "d6296a1cfdb40a773319cb59061300e4e8e52f26"
BSKY_TPL = "packages/pds/src/mailer/templates"
B32 = "abcdefghijklmnopqrstuvwxyz234567"


def _bsky_token(seed: str) -> str:
    """``getRandomToken().toUpperCase()``: ten base32 characters as ``xxxxx-xxxxx``."""
    v = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    s = ""
    for _ in range(10):
        v, r = divmod(v, 32)
        s += B32[r]
    return (s[:5] + "-" + s[5:]).upper()


def bluesky(repo: Path, node: str, renderer: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    default = {
        "serviceName": "Bluesky", "homeUrl": "https://bsky.app",
        "logoUrl": "https://bsky.social/about/images/email/email_logo_default.png",
        "markUrl": "https://bsky.social/about/images/email/email_mark_dark.png",
        "primaryColor": "#067df7", "showBskyAppEmailConfirmationLink": True,
    }  # fmt: skip
    selfhosted = {  # a self-hosted PDS with PDS_SERVICE_NAME, a logo, a colour, no bsky.app link
        "serviceName": "Fjordnet Social", "homeUrl": "https://fjordnet.example",
        "logoUrl": "https://fjordnet.example/logo.png",
        "markUrl": "https://fjordnet.example/logo.png",
        "primaryColor": "#0b6e4f", "showBskyAppEmailConfirmationLink": False,
    }  # fmt: skip
    plan = [  # (template, method's subject, config, variant, params, note)
        ("confirm-email", "Email Confirmation", default, "",
         "email confirmation code (also in the pre-header and a bsky.app link with ?code=)"),
        ("confirm-email", "Email Confirmation", selfhosted, "-selfhosted",
         "email confirmation code, self-hosted PDS (no bsky.app link)"),
        ("update-email", "Email Update Requested", default, "", "code to update the account's email"),
        ("reset-password", "Password Reset Requested", default, "", "password-reset code, with the @handle"),
        ("reset-password", "Password Reset Requested", selfhosted, "-selfhosted",
         "password-reset code, self-hosted PDS"),
        ("delete-account", "Account Deletion Requested", default, "", "account-deletion code"),
        ("plc-operation", "PLC Update Operation Requested", default, "",
         "PLC identity update confirmation code"),
    ]  # fmt: skip
    for name, subject, config, variant, note in plan:
        src = _show(repo, BSKY_COMMIT, f"{BSKY_TPL}/{name}.hbs")
        ident = f"bluesky-{name}{variant}-en"
        token = _bsky_token(ident)
        params: dict[str, Any] = {"token": token, "config": config}
        if name == "reset-password":
            params["handle"] = "noor-tester.bsky.social" if not variant else "noor.fjordnet.example"
        out = json.loads(subprocess.run(
            [node, str(renderer)], input=json.dumps({"src": src, "params": params}),
            capture_output=True, text=True, check=True,
        ).stdout)  # fmt: skip
        sender = "noreply@bsky.social" if not variant else "Fjordnet Social <noreply@fjordnet.example>"
        raw = message(sender=sender, subject=subject, text=out["text"], html_part=out["html"], sent=SENT)
        rel, sha = _write(ident, "bluesky", raw)
        items.append({
            "id": ident, "group": f"bluesky-{name}", "source": "bluesky", "lang": "en",
            "kind": "saas-otp", "code": token, "repository": "bluesky-social/atproto",
            "path": f"{BSKY_TPL}/{name}.hbs, packages/pds/src/mailer/index.ts,"
            " packages/pds/src/account-manager/helpers/email-token.ts",
            "commit": BSKY_COMMIT, "licence": "MIT OR Apache-2.0",
            "rendered": "Handlebars 4.7.9 (precompiled as scripts/build.templates.js does) with the"
            " mailer's config; text part by nodemailer-html-to-text 3.2.0 (html-to-text 7.1.1)"
            " as the transporter's compile step adds it",
            "file": rel, "sha256": sha,
            "note": note + "; the token is stored and compared with its dash (assertValidToken"
            " only upper-cases), so the dash is kept in the label",
        })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node", default="node")
    ap.add_argument("--node-dir", type=Path, default=Path("/tmp/r10c-node"))
    args = ap.parse_args()
    m = args.mirrors
    items = easyappointments(m / "alextselegidis+easyappointments" / "repo") + bluesky(
        m / "bluesky-social+atproto" / "repo", args.node, args.node_dir / "render_bsky.js"
    )
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
