"""Round ten (``civic``): codes and notices that appointment, civic-participation and
public-service software mails.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r10_civic.py \\
        [--mirrors /work/.mirror] [--node node] [--node-dir /tmp/r10c-node] \\
        [--of-python /tmp/r10c-of/bin/python]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
alextselegidis+easyappointments, bluesky-social+atproto, open-formulieren+open-forms,
matrix-org+sydent. ``--node-dir`` is a directory with ``npm install handlebars@4.7.9
nodemailer-html-to-text@3.2.0 mjml@4`` done in it (the script writes its two small helpers
there); ``--of-python`` is described under Open Forms below.

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
- Go Vocal, formerly CitizenLab (CitizenLabDotCo/citizenlab, AGPL-3.0 for the files used, all
  outside ``/commercial``): municipal participation platforms. Too large to fetch; the files
  were read one by one from the index (each path and commit in the item) and are held inline:
  ``UserConfirmation::ConfirmationsMailer#send_confirmation_code`` (the four-digit
  ``rand.to_s[2..5]`` code), its ``.mjml`` view inside ``layouts/mailer.mjml`` with the
  ``application/_head``, ``_header`` (``header_logo_only?`` true: logo only) and ``_footer``
  partials, the ERB filled by hand (values HTML-escaped as ERB does), the strings of
  ``user_confirmation/config/locales/<lang>.yml`` (only the languages whose stored file is
  translated) and the ``email_campaigns.footer`` strings; compiled with mjml 4.18
  (``render_mjml.js`` under ``--node-dir``, ``npm install mjml@4``). HTML only.
- Open Forms (open-formulieren/open-forms, EUPL-1.2): Dutch municipal e-forms. Its own Django
  templates (``emails/email_verification``, ``emails/co_sign/otp.html``, ``emails/save_form``,
  ``emails/wrapper.html``) rendered by Django 5.2.17 with the snapshot's Dutch catalogue
  (compiled with ``msgfmt``) in a separate interpreter (``--of-python``: a venv with
  ``django==5.2.17 mail-cleaner==2.0.0 django-capture-tag``), as the senders do: the
  ``GlobalConfiguration`` default text (``_render``) rendered again with the context of
  ``EmailVerification.send_email`` / ``notify_suspension``, or
  ``CosignOTP.render_email_template`` (code shown as ``123-456``; the form keeps only the
  digits); text part by ``mail_cleaner.text.strip_tags_plus`` (the co-sign mail passes the HTML
  itself as text), ``sanitize_content``, the wrapper with the default design tokens.
  Dutch and English.
- Sydent, the Matrix identity server (matrix-org/sydent, Apache-2.0): the branded
  ``res/<brand>/{verification,invite}_template.eml.j2`` rendered with Jinja2 (autoescape, as
  ``config/general.py``) and the substitutions of ``util/emailutils.sendEmail``,
  ``validators/emailvalidator.py`` and ``store_invite_servlet.py``; the rendered message's
  subject and its two parts are rebuilt with ``collect.message``. The matrix.org validation
  mail gives the 32-character token as a code; the Element one and the invitations do not.
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
    out: list[str] = []
    block = 0
    while len(out) < n:  # 40 characters from each hash block
        v = int(
            hashlib.sha256(f"{seed}#{block}".encode() if block else seed.encode()).hexdigest(), 16
        )
        for _ in range(min(40, n - len(out))):
            v, r = divmod(v, len(chars))
            out.append(chars[r])
        block += 1
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
            out.append(tpl[pos : m.start()])
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
        loc = _php_lang(
            _show(repo, EA_COMMIT, f"application/language/{folder}/translations_lang.php")
        )
        return {**en, **loc}  # CodeIgniter falls back to nothing; every key is present anyway

    plan = [  # (view, template, languages, note)
        ("appointment_saved_email", "booked", ["english", "german", "french", "spanish", "polish",
         "greek", "turkish", "japanese"]),
        ("appointment_saved_email", "provider", ["english", "german"]),
        ("appointment_deleted_email", "cancelled", ["english", "french", "spanish", "polish"]),
        ("password_reset_email", "reset", ["english", "german", "italian"]),
    ]  # fmt: skip
    for view, tname, folders in plan:
        tpl = _show(repo, EA_COMMIT, f"{EA_VIEWS}/{view}.php")
        for folder in folders:
            tag = EA_LANGS[folder]
            L = lang_of(folder)
            company, pfirst, plast, service, _tz, tzname, address, phone = EA_PEOPLE[tag]
            seed = f"ea-{tname}-{tag}"
            start = datetime(
                2026, 12, 14 + int(_digits(seed, 1)) % 5, 8 + int(_digits(seed + "h", 1)), 30
            )
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
                kind, note = (
                    "notice",
                    "booking confirmation: appointment details, phone number, reschedule link; no code",
                )
            elif tname == "provider":
                subject, msg = (
                    L["appointment_added_to_your_plan"],
                    L["appointment_link_description"],
                )
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


RENDER_BSKY_JS = r"""// {"src": <hbs>, "params": {...}} on stdin -> {"html", "text"}: Handlebars (precompiled,
// as the PDS build does), then nodemailer-html-to-text's compile step (default options).
const Handlebars = require('handlebars');
const converter = require('html-to-text');
let buf = '';
process.stdin.on('data', (d) => (buf += d));
process.stdin.on('end', () => {
  const { src, params } = JSON.parse(buf);
  const tpl = Handlebars.template(eval('(' + Handlebars.precompile(src) + ')'));
  const html = tpl(params);
  let text = converter.htmlToText(html, {});
  text = text.replace(/(\n)\[cid:.*?\] |\[cid:.*?\]/g, '$1');
  process.stdout.write(JSON.stringify({ html, text }));
});
"""

RENDER_MJML_JS = r"""// MJML source on stdin -> HTML on stdout (mjml 4, as mjml-rails calls it: soft validation,
// beautified, not minified).
const mjml2html = require('mjml');
let buf = '';
process.stdin.on('data', (d) => (buf += d));
process.stdin.on('end', () => {
  const out = mjml2html(buf, { validationLevel: 'soft', beautify: true, minify: false });
  process.stdout.write(out.html);
});
"""


def _node_helpers(node_dir: Path) -> None:
    (node_dir / "render_bsky.js").write_text(RENDER_BSKY_JS)
    (node_dir / "render_mjml.js").write_text(RENDER_MJML_JS)


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
        sender = (
            "noreply@bsky.social" if not variant else "Fjordnet Social <noreply@fjordnet.example>"
        )
        raw = message(
            sender=sender, subject=subject, text=out["text"], html_part=out["html"], sent=SENT
        )
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


# ---------------------------------------------------------------------------------------
# Go Vocal / CitizenLab (CitizenLabDotCo/citizenlab, AGPL-3.0): too large to fetch; the
# files were read one by one with the index (commit of each below) and are held inline.

CL_VIEW_COMMIT = "2ac2afd439008ae798da478d3ca1dbd24ee631e7"
CL_VIEW = ("back/engines/free/user_confirmation/app/views/user_confirmation/confirmations_mailer/"
           "send_confirmation_code.mjml")  # fmt: skip
CL_FILES = {  # path -> commit read
    CL_VIEW: CL_VIEW_COMMIT,
    "back/engines/free/user_confirmation/app/mailers/user_confirmation/confirmations_mailer.rb":
        "a948ceca416be6caa63d8d2c53498f67851bf464",
    "back/engines/free/user_confirmation/app/services/user_confirmation/code_generator.rb":
        "74389ec3058d482a797532d278a2450d883f76c5",
    "back/app/mailers/application_mailer.rb": "04cc3e60d284b950ea131973c2f82498ad924e46",
    "back/app/views/layouts/mailer.mjml": "2c4ac34a2893aa2e41d0cede8a49c14a05a36d31",
    "back/app/views/application/_head.mjml": "0b2974bd341d656f71d9ff54b91b763722749950",
    "back/app/views/application/_header.mjml": "006b179c43923d407a25af92ef14184b58115d85",
    "back/app/views/application/_logo_medium_top.mjml": "2a61c26833b03a39c3522e6a9e2d746a91356917",
    "back/app/views/application/_footer.mjml": "04cc3e60d284b950ea131973c2f82498ad924e46",
    "back/engines/free/email_campaigns/config/locales/*.yml (footer)":
        "0003c83ea0db8c2b686a0a7618f8df37a08f4979",
}  # fmt: skip
# send_confirmation_code.mjml (the commented-out section at its end is an MJML/HTML comment and
# is kept, as ERB still fills it: its t() calls need Frontend::UrlService, written out below).
CL_BODY = """<!-- Notifications -->
<mj-section
  background-color="#fff"
  border-radius="5px"
  text-align="left"
>
  <mj-column padding="0 30px 12px" background-color="#fff">
    <mj-text>
      <p>
        {thanks_for_signing_up}
        {please_confirm_your_email_address}
      </p>
    </mj-text>
  </mj-column>
</mj-section>

<mj-section padding="0 16px 72px" border-radius="5px">
  <mj-column padding="24px 25px 12px" background-color="#F6F6F6" border-radius="5px">
    <mj-text>
      <p style="color: rgb(111, 119, 125); text-align: center;">
        {copy_paste_the_link_below}
      </p>
      <h2 style="font-size: 44px; text-align: center;">
        {code}
      </h2>
    </mj-text>
  </mj-column>
</mj-section>

<!--
<mj-section
  background-color="#fff"
  border-radius="5px"
  text-align="left"
>
  <mj-column padding="0 30px 25px" background-color="#fff">
    <mj-text>
      <p style="font-size: 0.9em; color: rgb(111, 119, 125) ">
        {the_link_is_valid_for}
      </p>
      <p style="font-size: 0.9em; color: rgb(111, 119, 125)">
        {did_you_receive_this_email_in_error}
      </p>
    </mj-text>
  </mj-column>
</mj-section>
-->
"""
# layouts/mailer.mjml with the partials rendered in place: _head (ltr: no rtl rule),
# _header with header_logo_only? true (ConfirmationsMailer) = _logo_medium_top only,
# _footer with terms / privacy links and the "powered by" block (branding not removed).
CL_LAYOUT = """<!DOCTYPE html>
<mjml>
  <mj-head>
  <mj-style inline="inline">
    h1 {{
      font-size: 25px;
      margin-bottom: 40px;
    }}
    a {{text-decoration: underline; color: inherit}}


  </mj-style>
  <mj-attributes>
    <mj-all padding="0" font-family="Arial" font-size="15px" line-height="150%" color="black" />
  </mj-attributes>
</mj-head>


  <mj-body background-color="#FFFFFF">


<mj-section padding="0px 25px 0">
  <mj-column>
    <mj-raw>
      <a href="{home}">
        <img alt="Organization logo" src="{logo}" />
</a>
    </mj-raw>
  </mj-column>
</mj-section>


    {body}
    <mj-section full-width="full-width" background-color="#F6F6F6" padding="40px 25px">
  <mj-column>
    <mj-text padding-bottom="20px">
        <a
          href="{terms_url}"
          style="color: #84939E; text-decoration: none; margin: 0 10px;"
        >
          {link_terms_conditions}
        </a>
        |

        <a
          href="{privacy_url}"
          style="color: #84939E; text-decoration: none; margin-left: 10px;"
        >
          {link_privacy_policy}
        </a>
    </mj-text>

      <mj-text color="#84939E">
        <span style="font-style: italic;
                      font-weight: bold;
                      font-size: 12px;
                      display: inline-block;
                      margin-bottom: 10px">{powered_by}</span>
      </mj-text>
      <mj-image align="left" width="155px" padding-top="0" href="https://www.citizenlab.co/"
        src="https://res.cloudinary.com/citizenlabco/image/upload/v1593689890/logo-email-x2_wbnwkf.png" alt="CitizenLab logo" />
  </mj-column>
</mj-section>

  </mj-body>
</mjml>
"""
CL_STRINGS = {  # user_confirmation/config/locales/<file> (commit) + email_campaigns footer
    "en": ("en.yml", "7bdbcc77b4c5c0c7fa2dcf1c5f88a51d49b9ef93", {
        "subject": "Confirm your email address for %{organizationName}'s participation platform",
        "thanks_for_signing_up": "Thanks for signing up for %{organizationName}'s participation platform.",
        "please_confirm_your_email_address": "Please confirm your email address to complete your registration.",
        "copy_paste_the_link_below": "Copy and paste the code below into your registration form.",
        "the_link_is_valid_for": 'This link is valid for 24 hours. If the link has expired, you may <a href="%{link}">request a new code</a>.',
        "did_you_receive_this_email_in_error": 'Did you receive this email in error? <a href="%{link}">Let us know</a>.',
        "link_privacy_policy": "Privacy Policy", "link_terms_conditions": "Terms & Conditions",
        "powered_by": "Powered by"}),
    "de": ("de-DE.yml", "2cd10da7200322d14ba6e29bdb402cfeec7f5268", {
        "subject": "Bestätige deine E-Mail-Adresse für die Teilnahmeplattform von %{organizationName}",
        "thanks_for_signing_up": "Vielen Dank, dass du dich für die Teilnahmeplattform von %{organizationName} registriert hast.",
        "please_confirm_your_email_address": "Bitte bestätige deine E-Mail-Adresse, um deine Registrierung abzuschließen.",
        "copy_paste_the_link_below": "Kopiere den untenstehenden Code und füge ihn in dein Registrierungsformular ein.",
        "the_link_is_valid_for": 'Dieser Link ist 24 Stunden lang gültig. Wenn der Link abgelaufen ist, kannst du <a href="%{link}">einen neuen Code anfordern</a>.',
        "did_you_receive_this_email_in_error": 'Hast du diese E-Mail irrtümlicherweise erhalten? <a href="%{link}">Lass es uns wissen</a>.',
        "link_privacy_policy": "Impressum & Datenschutz", "link_terms_conditions": "Nutzungsbedingungen",
        "powered_by": "Ermöglicht durch"}),
    "nl": ("nl-NL.yml", "2ac2afd439008ae798da478d3ca1dbd24ee631e7", {
        "subject": "Bevestig uw e-mailadres voor het deelnameplatform van %{organizationName}",
        "thanks_for_signing_up": "Bedankt voor uw inschrijving op het deelnameplatform van %{organizationName}.\n",
        "please_confirm_your_email_address": "Gelieve uw e-mailadres te bevestigen om uw registratie te voltooien.\n",
        "copy_paste_the_link_below": "Kopieer en plak de onderstaande code in uw registratieformulier.\n",
        "the_link_is_valid_for": 'Deze link is 24 uur geldig. Als de link is verlopen, kunt u <a href="%{link}">een nieuwe code aanvragen</a>.',
        "did_you_receive_this_email_in_error": 'Heeft u deze e-mail per vergissing ontvangen? <a href="%{link}">Laat het ons weten</a>.',
        "link_privacy_policy": "Privacybeleid", "link_terms_conditions": "Gebruiksvoorwaarden",
        "powered_by": "Mogelijk gemaakt door"}),
    "es": ("es-ES.yml", "197c530c1224cc2818272f7728bb796fa6be5c01", {
        "subject": "Confirma tu correo electrónico para participar en la plataforma de %{organizationName}",
        "thanks_for_signing_up": "Gracias por inscribirte en la plataforma de participación de %{organizationName}.",
        "please_confirm_your_email_address": "Por favor, confirma tu dirección de correo electrónico para completar tu registro.",
        "copy_paste_the_link_below": "Copia y pega el siguiente código en tu formulario de registro.",
        "the_link_is_valid_for": 'El enlace será valido durante 24 horas. Si el enlace ha caducado puedes <a href="%{link}">solicitar un nuevo código</a>.',
        "did_you_receive_this_email_in_error": 'Si recibiste este correo electrónico por error <a href="%{link}">Agradecemos nos puedas avisar</a>.',
        "link_privacy_policy": "Política de privacidad", "link_terms_conditions": "Términos & Condiciones",
        "powered_by": "Impulsado por"}),
    "hr": ("hr-HR.yml", "030802abd20d95abf8a2bf652ac86b96a26c8ba2", {
        "subject": "Potvrdite svoju e-mail adresu za platformu %{organizationName}",
        "thanks_for_signing_up": "Hvala vam što ste se registrirali na platformu %{organizationName}.",
        "please_confirm_your_email_address": "Kako biste dovršili registraciju, potvrdite svoju e-mail adresu.",
        "copy_paste_the_link_below": "Kopirajte i zalijepite donji kod u obrazac za registraciju na platformi.",
        "the_link_is_valid_for": 'Ovaj link važi naredna 24 sata. Ako istekne, možete <a href="%{link}">zatražiti novi kod</a>.',
        "did_you_receive_this_email_in_error": 'Da li ste ovaj email dobili greškom?<a href="%{link}">Obavestite nas</a>.',
        "link_privacy_policy": "Pravila o privatnosti", "link_terms_conditions": "Uvjeti korištenja",
        "powered_by": "Omogućava"}),
    "pt-BR": ("pt-BR.yml", "185e2891c8d4c153b38b864bdfbc95f083716723", {
        "subject": "Confirme seu endereço de e-mail para %{organizationName}'s plataforma de participação",
        "thanks_for_signing_up": "Obrigado por se inscrever na %{organizationName}'s plataforma de participação.",
        "please_confirm_your_email_address": "Por favor, confirme o seu endereço de e-mail para completar o seu registo.",
        "copy_paste_the_link_below": "Copie e cole o código abaixo no seu formulário de inscrição.",
        "the_link_is_valid_for": 'Este link é válido por 24 horas. Se o link tiver expirado, você pode <a href="%{link}">solicitar um novo código</a>.',
        "did_you_receive_this_email_in_error": 'Você recebeu este e-mail por engano? <a href="%{link}">Deixe-nos saber</a>.',
        "link_privacy_policy": "Política de Privacidade", "link_terms_conditions": "Termos e condições",
        "powered_by": "Criado por"}),
}  # fmt: skip
CL_ORGS = {  # organisation (multiloc, recipient's locale), platform host
    "en": ("Borough of Ashford Vale", "participate.ashfordvale.example"),
    "de": ("Stadt Lindenau", "mitmachen.lindenau.example"),
    "nl": ("Gemeente Lindendaal", "doemee.lindendaal.example"),
    "es": ("Ayuntamiento de Valdeluz", "participa.valdeluz.example"),
    "hr": ("Grad Novi Brijeg", "sudjeluj.novibrijeg.example"),
    "pt-BR": ("Prefeitura de Serra Clara", "participe.serraclara.example"),
}


def _erb(s: str) -> str:  # ERB <%= %>: ERB::Util.html_escape
    return html.escape(s, quote=True).replace("&#x27;", "&#39;")


def citizenlab(node: str, renderer: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for tag, (yml, ycommit, t) in CL_STRINGS.items():
        org, host = CL_ORGS[tag]
        home = f"https://{host}/{tag}"
        reset = f"https://{host}/{tag}/reset-confirmation-code"  # not shown: inside a comment
        ident = f"citizenlab-confirmation-{tag}"
        code = _digits(ident, 4)  # rand.to_s[2..5]
        tr = {k: v.replace("\\n", "\n") for k, v in t.items()}
        body = CL_BODY.format(
            thanks_for_signing_up=_erb(tr["thanks_for_signing_up"].replace("%{organizationName}", org)),
            please_confirm_your_email_address=_erb(tr["please_confirm_your_email_address"]),
            copy_paste_the_link_below=_erb(tr["copy_paste_the_link_below"]),
            code=code,
            the_link_is_valid_for=tr["the_link_is_valid_for"].replace("%{link}", reset),
            did_you_receive_this_email_in_error=tr["did_you_receive_this_email_in_error"].replace("%{link}", reset),
        )  # fmt: skip
        mj = CL_LAYOUT.format(
            home=_erb(home), logo=f"https://res.cloudinary.example/{host.split('.')[1]}/logo_medium.png",
            body=body, terms_url=_erb(f"{home}/pages/terms-and-conditions"),
            privacy_url=_erb(f"{home}/pages/privacy-policy"),
            link_terms_conditions=_erb(tr["link_terms_conditions"]),
            link_privacy_policy=_erb(tr["link_privacy_policy"]), powered_by=_erb(tr["powered_by"]),
        )  # fmt: skip
        out = subprocess.run(
            [node, str(renderer)], input=mj, capture_output=True, text=True, check=True
        ).stdout
        subject = tr["subject"].replace("%{organizationName}", org)
        raw = message(
            sender=f'"{org}" <no-reply@{host}>',
            subject=subject,
            text=None,
            html_part=out,
            sent=SENT,
        )
        rel, sha = _write(ident, "citizenlab", raw)
        items.append({
            "id": ident, "group": "citizenlab-confirmation", "source": "citizenlab", "lang": tag,
            "kind": "gov-otp", "code": code, "repository": "CitizenLabDotCo/citizenlab",
            "path": f"{CL_VIEW}; back/engines/free/user_confirmation/config/locales/{yml} @ {ycommit}; "
            + "; ".join(f"{p} @ {c}" for p, c in CL_FILES.items() if p != CL_VIEW),
            "commit": CL_VIEW_COMMIT, "licence": "AGPL-3.0",
            "rendered": "ERB filled by hand as the view, layout and partials do (values"
            " HTML-escaped, header_logo_only?, footer with terms/privacy/powered-by), compiled"
            " with mjml 4.18 (soft validation, beautified) as mjml-rails does; HTML only, as"
            " a Rails mailer with only an .mjml view sends it; files read from the index at"
            " the commits listed in path (not one snapshot)",
            "file": rel, "sha256": sha,
            "note": "four-digit e-mail confirmation code of a municipal participation platform;"
            " the link texts that mention the code sit inside an HTML comment",
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Open Forms (open-formulieren/open-forms, EUPL-1.2): Dutch municipal e-forms

OF_COMMIT = "5e5813168708e7ec6dd670f8d36c302ec6743ad6"
OF_TPL = "src/openforms/emails/templates"
OF_PO = "src/openforms/conf/locale/nl/LC_MESSAGES/django.po"
# Run with the --of-python interpreter (Django 5.2.17, mail-cleaner 2.0.0 and
# django-capture-tag, the project's pins): renders the project's own templates with Django,
# the Dutch catalogue compiled from the snapshot's django.po.
OF_RENDER_PY = r"""
import json, sys
import django
from django.conf import settings
job = json.load(sys.stdin)
settings.configure(
    INSTALLED_APPS=["capture_tag"], USE_I18N=True, USE_TZ=True, TIME_ZONE="Europe/Amsterdam",
    LANGUAGE_CODE="nl", LANGUAGES=[("nl", "Nederlands"), ("en", "English")],
    LOCALE_PATHS=[job["locale"]],
    TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [job["templates"]], "OPTIONS": {}}],
)
django.setup()
from datetime import datetime
from zoneinfo import ZoneInfo
from django.template import Context, Template
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from mail_cleaner.sanitizer import sanitize_content
from mail_cleaner.text import strip_tags_plus
out = []
for it in job["items"]:
    ctx = dict(it["context"])
    for k in it.get("datetimes", []):
        ctx[k] = datetime.fromisoformat(ctx[k]).replace(tzinfo=ZoneInfo("UTC"))
    with translation.override(it["lang"]):
        if it["kind"] == "config":  # GlobalConfiguration default (_render) then render_from_string
            subject_tpl = render_to_string(it["subject"]).strip()
            content_tpl = render_to_string(it["content"]).strip()
            subject = Template(subject_tpl).render(Context(ctx))
            content = Template(content_tpl).render(Context(ctx))
            text = None
        else:  # co-sign OTP: CosignOTP.render_email_template, text_message=content
            subject = gettext(it["subject"])
            content = get_template(it["content"]).render(ctx)
            text = content
    if not text:
        text = strip_tags_plus(content)
    allow = job["allowlist"]
    html_body = sanitize_content(content, allow)
    text = sanitize_content(text, allow)
    style = {"header": {"fg": "#000000", "bg": "#ffffff"},
             "logo": {"height": "50px", "width": "auto", "height_attr": "50", "width_attr": ""},
             "footer": {"fg": "#ffffff", "bg": "#2980b9"}, "layout": {"bg": "#e6e6e6"}}
    wrapper = get_template("emails/wrapper.html").render({
        "content": mark_safe(html_body), "main_website_url": job["main_website"],
        "style": style, "logo_url": job["logo_url"]})
    out.append({"subject": str(subject), "html": wrapper, "text": text})
json.dump(out, sys.stdout)
"""


def openforms(repo: Path, of_python: str) -> list[dict[str, Any]]:
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="r10c-of-"))
    names = subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "-r", "--name-only", OF_COMMIT, f"{OF_TPL}/emails"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    for n in names:
        dest = tmp / "templates" / n[len(OF_TPL) + 1 :]
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(_show(repo, OF_COMMIT, n))
    lc = tmp / "locale" / "nl" / "LC_MESSAGES"
    lc.mkdir(parents=True)
    (lc / "django.po").write_text(_show(repo, OF_COMMIT, OF_PO))
    subprocess.run(["msgfmt", "-o", str(lc / "django.mo"), str(lc / "django.po")], check=True)

    host = "formulieren.gemeente-lindendaal.example"
    plan = []  # (ident, group, lang, kind, code, note, job item)
    for lang, form in (("nl", "Aanvraag parkeervergunning"), ("en", "Parking permit application")):
        ident = f"openforms-emailverification-{lang}"
        code = "".join(
            "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[int(c, 16) % 32] for c in _hex(ident, 6)
        )  # get_random_string(6, allowed_chars=...)
        plan.append((ident, "openforms-emailverification", lang, "gov-otp", code,
                     "e-mail verification code (six characters of A-Z without I/O and 2-9) for an"
                     " e-mail field of a municipal form",
                     {"kind": "config", "lang": lang,
                      "subject": "emails/email_verification/subject.txt",
                      "content": "emails/email_verification/request.html",
                      "context": {"form_name": form, "code": code}}))  # fmt: skip
        ident = f"openforms-cosignotp-{lang}"
        otp = _digits(ident, 6)
        ref = "OF-" + "".join(
            "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[int(c, 16) % 32] for c in _hex(ident + "r", 6)
        )
        plan.append((ident, "openforms-cosignotp", lang, "gov-otp", otp,
                     f"co-sign one-time password, shown as {otp[:3]}-{otp[3:]} (the form keeps only"
                     " the digits); the submission reference and the expiry time are beside it;"
                     " the text part is the HTML content itself (text_message=content)",
                     {"kind": "cosign", "lang": lang, "subject": "Co-sign verification code",
                      "content": "emails/co_sign/otp.html",
                      "context": {"public_reference": ref, "otp": f"{otp[:3]}-{otp[3:]}",
                                  "expires_at": "2026-12-03T10:19:51"},
                      "datetimes": ["expires_at"]}))  # fmt: skip
        ident = f"openforms-saveform-{lang}"
        token = f"{_alnum(ident, 3).lower()}-{_hex(ident, 32)}"
        uuid = f"{_hex(ident + 'u', 8)}-{_hex(ident + 'v', 4)}-4{_hex(ident + 'w', 3)}-a{_hex(ident + 'x', 3)}-{_hex(ident + 'y', 12)}"
        plan.append((ident, "openforms-saveform", lang, "notice", None,
                     "form saved for later: resume link, dates; no code",
                     {"kind": "config", "lang": lang, "subject": "emails/save_form/subject.txt",
                      "content": "emails/save_form/content.html",
                      "context": {"form_name": form, "save_date": "2026-12-03T10:04:51",
                                  "expiration_date": "2026-12-10T09:58:12",
                                  "continue_url": f"https://{host}/submissions/{uuid}/{token}/resume"},
                      "datetimes": ["save_date", "expiration_date"]}))  # fmt: skip
    job = {"locale": str(tmp / "locale"), "templates": str(tmp / "templates"),
           "allowlist": [host], "main_website": "https://www.gemeente-lindendaal.example",
           "logo_url": f"https://{host}/media/logo/lindendaal.png",
           "items": [p[-1] for p in plan]}  # fmt: skip
    res = json.loads(subprocess.run(
        [of_python, "-c", OF_RENDER_PY], input=json.dumps(job), capture_output=True, text=True,
        check=True,
    ).stdout)  # fmt: skip
    items: list[dict[str, Any]] = []
    for (ident, group, lang, kind, code, note, it), r in zip(plan, res, strict=True):
        raw = message(sender=f"Gemeente Lindendaal <noreply@{host}>", subject=r["subject"],
                      text=r["text"], html_part=r["html"], sent=SENT)  # fmt: skip
        rel, sha = _write(ident, "openforms", raw)
        paths = f"{OF_TPL}/{it['content']}, {OF_TPL}/emails/wrapper.html, {OF_PO}"
        items.append({
            "id": ident, "group": group, "source": "openforms", "lang": lang, "kind": kind,
            "code": code, "repository": "open-formulieren/open-forms", "path": paths,
            "commit": OF_COMMIT, "licence": "EUPL-1.2",
            "rendered": "the project's Django templates rendered by Django 5.2.17 (the pinned"
            " version) with the snapshot's Dutch catalogue: the GlobalConfiguration default"
            " (_render) then render_from_string with the sender's context, or"
            " CosignOTP.render_email_template; text by mail-cleaner 2.0.0 strip_tags_plus,"
            " sanitize_content, emails/wrapper.html with the default design tokens",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Sydent, the Matrix identity server (matrix-org/sydent, Apache-2.0)

SYDENT_COMMIT = "a37d60bd8efd78cd71a109136c30b7c9c633f56a"


def _b64u(seed: str, n: int) -> str:
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    v = int(hashlib.sha512(seed.encode()).hexdigest(), 16)
    return "".join(chars[(v >> (6 * i)) & 63] for i in range(n))


def sydent(repo: Path) -> list[dict[str, Any]]:
    import email
    import email.policy
    from email.header import Header

    import jinja2

    class _Loader(jinja2.BaseLoader):  # the snapshot's res/ as sydent's FileSystemLoader
        def get_source(self, environment, template):  # type: ignore[no-untyped-def]
            return _show(repo, SYDENT_COMMIT, f"res/{template}"), template, lambda: True

    env = jinja2.Environment(loader=_Loader(), autoescape=True)  # config/general.py
    items: list[dict[str, Any]] = []
    plan = [  # (brand, template, host of the identity server)
        ("matrix-org", "verification", "matrix.org"),
        ("vector-im", "verification", "vector.im"),
        ("matrix-org", "invite", "matrix.org"),
        ("vector-im", "invite", "vector.im"),
    ]
    for brand, tname, host in plan:
        ident = f"sydent-{tname}-{brand}-en"
        subs: dict[str, str] = {}
        code: str | None = None
        if tname == "verification":
            token = _alnum(ident, 32)  # generateTokenForMedium("email")
            secret = _alnum(ident + "s", 24)
            sid = int(_digits(ident + "sid", 6))
            next_link = "https://app.element.io/#/register?client_secret=" + secret
            import urllib.parse as up

            link = (f"https://{host}/_matrix/identity/api/v1/validate/email/submitToken?token="
                    f"{up.quote(token)}&client_secret={up.quote(secret)}&sid={sid}"
                    f"&nextLink={up.quote(next_link + '&sid=' + str(sid))}")  # fmt: skip
            subs = {"ipaddress": "an unknown location", "link": link, "token": token}
            if brand == "matrix-org":
                code = token
                kind = "saas-otp"
                note = (
                    "e-mail validation: a link, and 'If your client requires a code, the code"
                    " is' followed by the 32-character token (generateTokenForMedium)"
                )
            else:
                kind = "notice"
                note = (
                    "e-mail validation by link only (the token sits inside the URL); no code shown"
                )
        else:
            kind = "notice"
            note = "room invitation with a join link (token and key inside the URL); no code"
            subs = {
                "sender_display_name": "Amara Okafor", "token": _alnum(ident, 128),
                "room_name": "Neighbourhood garden", "room_avatar_url": "",
                "sender_avatar_url": "", "guest_user_id": "", "guest_access_token": "",
                "room_type": "", "room_id": "!" + _alnum(ident + "r", 18) + ":matrix.example",
                "ephemeral_private_key": _b64u(ident, 43),
                "bracketed_verified_sender": "",
                "web_client_location": "https://app.element.io",
            }  # fmt: skip
            subs["bracketed_room_name"] = "(%s) " % subs["room_name"]  # noqa: UP031
            subject = "%(sender_display_name)s has invited you to chat" % subs  # noqa: UP031
            subs["subject_header_value"] = Header(subject, "utf8").encode()
        subs.update({
            "messageid": f"<1796284491000{_alnum(ident + 'm', 16)}@{host}>",
            "date": "Thu, 03 Dec 2026 10:04:51 -0000",
            "to": "noor.tester@example.com",
            "from": f"Sydent Validation <noreply@{host}>",
            "multipart_boundary": _alnum(ident + "b", 32),
        })  # fmt: skip
        raw_text = env.get_template(f"{brand}/{tname}_template.eml.j2").render(subs)
        parsed = email.message_from_string(raw_text, policy=email.policy.default)
        parts = {
            p.get_content_type(): p.get_content() for p in parsed.walk() if not p.is_multipart()
        }
        raw = message(sender=str(parsed["From"]), subject=str(parsed["Subject"]),
                      text=parts["text/plain"], html_part=parts["text/html"], sent=SENT)  # fmt: skip
        rel, sha = _write(ident, "sydent", raw)
        items.append({
            "id": ident, "group": f"sydent-{tname}-{brand}", "source": "sydent", "lang": "en",
            "kind": kind, "code": code, "repository": "matrix-org/sydent",
            "path": f"res/{brand}/{tname}_template.eml.j2, sydent/util/emailutils.py,"
            " sydent/validators/emailvalidator.py, sydent/http/servlets/store_invite_servlet.py",
            "commit": SYDENT_COMMIT, "licence": "Apache-2.0",
            "rendered": "the .eml.j2 template rendered with Jinja2 (autoescape on, as"
            " config/general.py) and sendEmail's substitutions, then its subject and its"
            " text/plain and text/html parts rebuilt as a fresh MIME message",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node", default="node")
    ap.add_argument("--node-dir", type=Path, default=Path("/tmp/r10c-node"))
    ap.add_argument("--of-python", default="/tmp/r10c-of/bin/python")
    args = ap.parse_args()
    m = args.mirrors
    _node_helpers(args.node_dir)
    items = (
        easyappointments(m / "alextselegidis+easyappointments" / "repo")
        + bluesky(
            m / "bluesky-social+atproto" / "repo", args.node, args.node_dir / "render_bsky.js"
        )
        + citizenlab(args.node, args.node_dir / "render_mjml.js")
        + openforms(m / "open-formulieren+open-forms" / "repo", args.of_python)
        + sydent(m / "matrix-org+sydent" / "repo")
    )
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
