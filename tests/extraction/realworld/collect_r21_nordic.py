"""Round twenty-one, projects first written in German, Dutch or the Nordic languages: a food
cooperative's member software, the City of Helsinki's room booking, and a Finnish student
guild's member registry and event sign-up — sign-in codes, door access codes, generated
passwords, and the same senders' notices, in the languages they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_nordic.py \\
        --mirrors /work/.mirror --node-modules /tmp/r21nordic-nm/node_modules

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.
``--node-modules`` holds email-templates 11.1.1 (with its pug 3.0.3 and juice 9.1.0;
``npm install email-templates@11.1.1 pug@3.0.3`` under /tmp/r21nordic-nm), run by node 20.

- foodcoops/foodsoft (AGPL-3.0-or-later), web software for non-profit food co-ops, first
  written in German (Berlin) and developed with Dutch co-ops: ``app/mailers/mailer.rb`` sends
  ``app/views/mailer/<name>.text.haml`` inside ``app/views/layouts/email.text.haml`` as a
  single text/plain part (no HTML view exists for these mails). A small faithful renderer
  replaces Haml's ``= raw t('.text', ...)`` by the locale string from
  ``config/locales/<lang>.yml`` with its ``%{…}`` filled, then the layout's blank line,
  ``--`` separator and footer; Subject ``[<foodcoop name>] <mailer.<name>.subject>``, From
  ``Foodsoft <email_sender>``. ``I18n.l`` dates use rails-i18n's ``time.formats.default`` of
  each language (written out below: that gem is not in the repository).
- City-of-Helsinki/respa (MIT), the booking backend of Helsinki's Varaamo: the notification
  templates its migration ``0002_create_existing_notifications`` seeds (Finnish and English,
  header + body + footer), rendered with jinja2's SandboxedEnvironment as
  ``NotificationTemplate.render`` does; text/plain only. The reservation mail of a resource
  with a door PIN (``generate_access_code``: 4 or 6 digits) carries the access code.
- Tietokilta/rekisteri (MIT), the member registry of Tietokilta ry: its four mail templates
  (sign-in OTP, payment received, membership approved, renewed) with the typesafe-i18n
  strings of ``src/lib/i18n/{fi,en}/index.ts``; text/plain only. The OTP is
  ``generateRandomOTP``: 5 random bytes in upper-case base32, eight characters.
- Tietokilta/ilmomasiina (MIT), the event sign-up system of Finnish guilds: its pug mails
  (sign-up confirmation, promoted from queue, admin user created, password reset) rendered by
  email-templates with the source's options and sent as one text/html part; the admin mails
  give a generated 24-character password (``generatePassword``).
- hitobito/hitobito (AGPL-3.0-or-later), membership and event software of Swiss associations
  (first written in German): the German bodies ``db/seeds/custom_contents.rb`` seeds for
  seven system mails, placeholders filled, in the ``application_mailer`` layout written out;
  text/html only. No codes (links and notices).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import yaml
from collect import HERE, message
from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

SENT = datetime(2026, 12, 3, 21, 31, 7, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "nordic.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# Foodsoft (food cooperatives)

FS_REPO = "foodcoops/foodsoft"
FS_COMMIT = "f15f30fd4a3bdcf243e88de3713a02b462c080e1"
FS_NAME = "Foodcoop Kornblume"
FS_HOST = "https://foodsoft.kornblume-coop.example"
FS_SENDER = "Foodsoft <noreply@kornblume-coop.example>"
FS_EXPIRES = datetime(2026, 12, 5, 21, 31, 7, tzinfo=UTC)
FS_WHEN = datetime(2026, 12, 3, 18, 4, 0, tzinfo=UTC)
# rails-i18n time.formats.default, written out for the fixed dates above
FS_DATES = {
    "de": ("Sa, 05. Dez 2026, 21:31 Uhr", "03.12.2026 18:04"),
    "nl": ("za 05 dec 2026 21:31:07 UTC", "03-12-2026 18:04"),
    "en": ("Sat, 05 Dec 2026 21:31:07 +0000", "2026-12-03 18:04"),
}
FS_MONEY = {"de": ("-12,40 €", "38,90 €"), "nl": ("€ -12,40", "€ 38,90"),
            "en": ("€-12.40", "€38.90")}  # fmt: skip
FS_TOKEN = "Xq3vR8tLm2PzK7wN"  # reset_password_token / invite token (a 16-char random token)


def _fill(text: str, params: dict[str, str]) -> str:
    for key, value in params.items():
        text = text.replace("%{" + key + "}", value)
    return text


def foodsoft() -> None:
    for lang in ("de", "nl", "en"):
        loc = yaml.safe_load(_show(FS_REPO, FS_COMMIT, f"config/locales/{lang}.yml"))[lang]
        en = yaml.safe_load(_show(FS_REPO, FS_COMMIT, "config/locales/en.yml"))["en"]
        m, lay = loc["mailer"], loc["layouts"]["email"]
        expires, when = FS_DATES[lang]
        footer = (
            "\n" + lay["footer_1_separator"] + "\n"
            + _fill(lay["footer_2_foodsoft"], {"url": FS_HOST + "/f/"}) + "\n"
        )  # fmt: skip
        link = f"{FS_HOST}/f/login/new_password?id=214&token={FS_TOKEN}"
        invite_link = f"{FS_HOST}/f/login/accept_invitation/{FS_TOKEN}"
        bodies = {
            "reset-password": (
                _fill(m["reset_password"]["subject"], {"username": "Jonas Becker"}),
                _fill(m["reset_password"]["text"],
                      {"user": "Jonas Becker", "link": link, "expires": expires}) + "\n",
                "fs-reset_password",
            ),
            "welcome": (
                m["welcome"]["subject"],
                _fill(m["welcome"]["text0"], {"user": "Jonas Becker"}) + "\n\n"
                + _fill(m["welcome"]["text1"], {"link": link, "expires": expires,
                                                "foodcoop": FS_NAME}) + "\n",
                "fs-welcome",
            ),
            "invite": (
                m["invite"]["subject"],
                _fill(m["invite"]["text"], {"user": "Maartje de Vries",
                      "mail": "maartje@example.org", "group": "WG Lindenstraße",
                      "link": invite_link, "expires": expires}) + "\n"
                + ("" if lang == "en" else "=======\n\n" + _fill(en["mailer"]["invite"]["text"],
                   {"user": "Maartje de Vries", "mail": "maartje@example.org",
                    "group": "WG Lindenstraße", "link": invite_link,
                    "expires": FS_DATES["en"][0]}) + "\n"),
                "fs-invite",
            ),
            "negative-balance": (
                m["negative_balance"]["subject"],
                _fill(m["negative_balance"]["text"], {"group": "WG Lindenstraße",
                      "when": when, "balance": FS_MONEY[lang][0], "amount": FS_MONEY[lang][1],
                      "note": "Bestellung Gemüsekiste #1187", "user": "Maartje de Vries",
                      "foodcoop": FS_NAME}) + "\n",
                "fs-negative_balance",
            ),
        }  # fmt: skip
        for template, (subject, body, view) in bodies.items():
            raw = message(
                sender=FS_SENDER,
                subject=f"[{FS_NAME}] {subject}",
                text=body + footer,
                html_part=None,
                sent=SENT,
            )
            note = None
            if template == "negative-balance":
                note = (
                    "A notice of a negative balance with amounts and an order note "
                    "('#1187'); nothing to type."
                )
            elif template == "invite" and lang != "en":
                note = "The view appends the English text after '=======' for other locales."
            _item(
                source="foodsoft", template=template, lang=lang,
                kind="notice" if template == "negative-balance" else "other", code=None,
                repository=FS_REPO,
                path=f"app/mailers/mailer.rb, app/views/mailer/{view[3:]}.text.haml, "
                f"app/views/layouts/email.text.haml, config/locales/{lang}.yml",
                commit=FS_COMMIT, licence="AGPL-3.0-or-later",
                rendered="locale strings filled into the Haml view and text layout by a "
                "small renderer (raw t(...) then blank line, '--', 'Foodsoft: <url>'); "
                "rails-i18n default date format written out",
                raw=raw, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Respa / Varaamo (City of Helsinki's booking of rooms, saunas and equipment)

RE_REPO = "City-of-Helsinki/respa"
RE_COMMIT = "58421a24cc999e630e3d6b364e435610b322bd5e"
RE_MIGRATION = "notifications/migrations/0002_create_existing_notifications.py"
RE_SENDER = "noreply@varaamo.example.fi"  # RESPA_MAILS_FROM_ADDRESS (env MAIL_DEFAULT_FROM)
# Django's DATETIME_FORMAT of each language for 2026-12-12 14:00 and 16:30 Europe/Helsinki
RE_DATES = {
    "fi": ("12. joulukuuta 2026 kello 14.00", "12. joulukuuta 2026 kello 16.30"),
    "en": ("Dec. 12, 2026, 2 p.m.", "Dec. 12, 2026, 4:30 p.m."),
}
RE_PLACES = {
    "fi": ("Kokoushuone Aurora", "Kallion kirjasto"),
    "en": ("Meeting room Aurora", "Kallio Library"),
}
# generate_access_code: get_random_string(4 or 6, '0123456789') for PIN4 / PIN6 resources
RE_CODES = {"fi": "4071", "en": "839264"}
RE_TYPES = (
    ("reservation_requested", "travel-booking"),
    ("reservation_requested_official", "notice"),
    ("reservation_cancelled", "notice"),
    ("reservation_confirmed", "travel-booking"),
    ("reservation_denied", "notice"),
    ("reservation_created_with_access_code", "travel-booking"),
)


def respa() -> None:
    module = ast.parse(_show(RE_REPO, RE_COMMIT, RE_MIGRATION))
    consts = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in module.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Constant)
    }  # fmt: skip
    env = SandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    for ntype, kind in RE_TYPES:
        for lang in ("fi", "en"):
            subject = consts[f"{ntype}_subject_{lang}".upper()]
            body = consts[f"{ntype}_body_{lang}".upper()]
            up = lang.upper()
            body = consts[f"BODY_HEADER_{up}"] + body + consts[f"BODY_FOOTER_{up}"]
            resource, unit = RE_PLACES[lang]
            context = {"resource": resource, "unit": unit, "begin": RE_DATES[lang][0],
                       "end": RE_DATES[lang][1]}  # fmt: skip
            code = None
            if ntype == "reservation_created_with_access_code":
                context["access_code"] = code = RE_CODES[lang]
            text = env.from_string(body).render(context)
            raw = message(
                sender=RE_SENDER,
                subject=env.from_string(subject).render(context),
                text=text,
                html_part=None,
                sent=SENT,
            )
            note = None
            if code:
                note = (
                    f"The access code ({len(code)}-digit PIN of a PIN{len(code)} resource) is "
                    "typed on the door keypad of the booked room; labelled."
                )
            _item(
                source="respa", template=ntype.replace("_", "-"), lang=lang, kind=kind,
                code=code, repository=RE_REPO,
                path=f"{RE_MIGRATION}, notifications/models.py, resources/models/reservation.py",
                commit=RE_COMMIT, licence="MIT",
                rendered="the seeded NotificationTemplate (header + body + footer as the "
                "migration joins them) rendered with jinja2's SandboxedEnvironment(trim_blocks, "
                "lstrip_blocks, StrictUndefined) as NotificationTemplate.render does; empty "
                "html_body, so send_respa_mail sends text/plain only; begin/end in Django's "
                "DATETIME_FORMAT (Europe/Helsinki) written out",
                raw=raw, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Tietokilta ry's member registry (a Finnish student guild)

RK_REPO = "Tietokilta/rekisteri"
RK_COMMIT = "a10afdf5c495e3a9e3d6592bd5c68e5afe893b08"
RK_SENDER = "TiK-Rekisteri <noreply@rekisteri.tietokilta.fi>"  # .env.example SMTP_FROM
RK_ORG = "Tietokilta ry"
RK_DOMAIN = "rekisteri.tietokilta.fi"  # env.RP_ID
# generateRandomOTP: 5 random bytes, encodeBase32UpperCaseNoPadding -> 8 of A-Z2-7
RK_CODES = {"fi": "K7QD3MZA", "en": "WX4NB2RJ"}
# Intl.NumberFormat / DateTimeFormat(`${locale}-FI`) in node 20, for 25 EUR, 1.1.-31.12.2027
RK_FORMATS = {
    "fi": ("25,00\u00a0€", "1. tammikuuta 2027", "31. joulukuuta 2027"),
    "en": ("€25.00", "1 January 2027", "31 December 2027"),
}


def _rk_strings(lang: str) -> dict[str, dict[str, str]]:
    """The ``emails`` block of src/lib/i18n/<lang>/index.ts (typesafe-i18n strings)."""
    src = _show(RK_REPO, RK_COMMIT, f"src/lib/i18n/{lang}/index.ts")
    block = src[src.index("\n  emails: {\n") : src.index("\n  // User\n")]
    out: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r"\n    (\w+): \{\n(.*?)\n    \},", block, re.S):
        fields = {}
        for key, quoted in re.findall(r'(subject|body): ("[^"]*"|`[^`]*`)', body):
            fields[key] = quoted[1:-1]
        out[name] = fields
    return out


def _rk_fill(text: str, params: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)(?::string)?\}", lambda m: params[m.group(1)], text)


def rekisteri() -> None:
    for lang in ("fi", "en"):
        strings = _rk_strings(lang)
        amount, start, end = RK_FORMATS[lang]
        params = {"organizationName": RK_ORG, "code": RK_CODES[lang], "domain": RK_DOMAIN,
                  "membershipName": "Varsinainen" if lang == "fi" else "Full member",
                  "amount": amount, "firstName": "Aino", "startDate": start, "endDate": end}  # fmt: skip
        for name, template, kind in (
            ("otp", "otp", "saas-otp"),
            ("paymentSuccess", "payment-success", "invoice"),
            ("membershipApproved", "membership-approved", "notice"),
            ("membershipRenewed", "membership-renewed", "notice"),
        ):
            raw = message(
                sender=RK_SENDER, subject=_rk_fill(strings[name]["subject"], params),
                text=_rk_fill(strings[name]["body"], params), html_part=None, sent=SENT,
            )  # fmt: skip
            code = RK_CODES[lang] if name == "otp" else None
            note = None
            if code:
                note = (
                    "The code is base32 (A-Z, 2-7), eight characters; it is shown twice, the "
                    "second time in the '@domain #code' line for domain-bound autofill. The "
                    "X-Apple-DBC and X-Entity-Ref-ID headers sendOTPEmail adds are left out."
                )
            _item(
                source="rekisteri", template=template, lang=lang, kind=kind, code=code,
                repository=RK_REPO,
                path=f"src/lib/server/emails/templates/{template}.ts, "
                f"src/lib/server/emails/index.ts, src/lib/i18n/{lang}/index.ts",
                commit=RK_COMMIT, licence="MIT",
                rendered="the template's LL.emails.<name> strings (typesafe-i18n {param} "
                "filled) as subject and text; nodemailer sends text/plain only (no html); "
                "amounts and dates as Intl formats them in node 20 for <locale>-FI",
                raw=raw, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ilmomasiina (event sign-up system of Finnish student guilds)

IM_REPO = "Tietokilta/ilmomasiina"
IM_COMMIT = "cf0a1fd003f235b1ed0128c38dd0de18e7f03940"
IM_DIR = "packages/ilmomasiina-backend/emails"
IM_SENDER = "Ilmomasiina <ilmo@tietokilta.fi>"  # MAIL_FROM
IM_BRANDING = {"footerText": "Tietokilta ry", "footerLink": "https://tietokilta.fi"}
IM_ADMIN = "https://ilmo.tietokilta.fi/admin"  # ADMIN_URL default `${BASE_URL}/admin`
# generatePassword: 24 characters from "abcdefghijklmnopqrstuvwxyzåäö0123456789"
IM_PASSWORDS = {
    ("new-user", "fi"): "k4äw9rmt2öxq7bzn0ceå5hjy",
    ("new-user", "en"): "p8vjs3åqn6ywe1öcz0fmk4tx",
    ("reset-password", "fi"): "ö2hbz7nqa5vxkt9wåm3rjc0e",
    ("reset-password", "en"): "t6gäy1cmw8ksqö4znb0hxpr3",
}
IM_SUBJECTS = {
    "confirmation": "emails.confirmation.subject",
    "promoted-from-queue": "emails.promotedFromQueue.subject",
    "new-user": "emails.newUser.subject",
    "reset-password": "emails.resetPassword.subject",
}
IM_VIEWS = {"confirmation": "confirmation", "promoted-from-queue": "queueMail",
            "new-user": "newUser", "reset-password": "resetPassword"}  # fmt: skip
IM_EVENT = {
    "fi": {"title": "Pikkujoulusitsit 2026", "location": "Otaniemi, Dipoli",
           "verificationEmail": "Kiitos ilmoittautumisesta! Maksa osallistumismaksu 18 € "
           "9.12.2026 mennessä tilille FI21 1234 5600 0007 85, viitenumero 13579."},
    "en": {"title": "Christmas Sitsit 2026", "location": "Otaniemi, Dipoli",
           "verificationEmail": "Thanks for signing up! Please pay the 18 € fee by "
           "9.12.2026 to FI21 1234 5600 0007 85, reference 13579."},
}  # fmt: skip
IM_RENDER_JS = """
// no network while rendering: the layout's Google Fonts <link> fails to resolve, as offline
require("dns").lookup = (host, opts, cb) =>
  (typeof opts === "function" ? opts : cb)(Object.assign(new Error("offline"), { code: "ENOTFOUND" }));
const Email = require("email-templates");
const path = require("path");
const [dir, jobsJson] = process.argv.slice(1);  // node -e: no script path in argv
const TEMPLATE_OPTIONS = {
  juice: true,
  juiceResources: {
    preserveImportant: true,
    webResources: { relativeTo: path.join(dir, "css") },
  },
};
(async () => {
  const out = [];
  for (const job of JSON.parse(jobsJson)) {
    const email = new Email(TEMPLATE_OPTIONS);
    out.push(await email.render(path.join(dir, job.lang, job.view + ".pug"), job.params));
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


def ilmomasiina(node_modules: Path) -> None:
    import tempfile

    git_dir = MIRRORS / IM_REPO.replace("/", "+") / "repo"
    with tempfile.TemporaryDirectory() as tmp:
        tar = subprocess.run(
            ["git", "--git-dir", str(git_dir), "archive", IM_COMMIT, IM_DIR],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        subprocess.run(["tar", "-x", "-C", tmp], input=tar, check=True)
        emails_dir = Path(tmp) / IM_DIR
        jobs, meta = [], []
        for template in IM_VIEWS:
            for lang in ("fi", "en"):
                event = IM_EVENT[lang]
                params: dict = {"branding": IM_BRANDING}
                if template == "confirmation":
                    params |= {
                        "name": "Aino Virtanen", "email": "aino.virtanen@example.fi",
                        "quota": "Tietokiltalaiset",
                        "answers": [{"label": "Ruokavalio" if lang == "fi" else "Diet",
                                     "answer": "Vegaani" if lang == "fi" else "Vegan"}],
                        "queuePosition": None, "edited": False, "date": "12.12.2026 18:00",
                        "event": event,
                        "cancelLink": "https://ilmo.tietokilta.fi/signup/"
                        "k3v9x2m8qz/5d1c0e7a9b3f4a62",
                    }  # fmt: skip
                elif template == "promoted-from-queue":
                    params |= {"event": event, "date": "12.12.2026 18:00",
                               "cancelLink": "https://ilmo.tietokilta.fi/signup/"
                               "k3v9x2m8qz/5d1c0e7a9b3f4a62"}  # fmt: skip
                else:
                    params |= {"email": "aino.virtanen@example.fi",
                               "password": IM_PASSWORDS[(template, lang)],
                               "siteUrl": IM_ADMIN}  # fmt: skip
                jobs.append({"lang": lang, "view": IM_VIEWS[template], "params": params})
                meta.append((template, lang, event))
        run = subprocess.run(
            ["node", "-e", IM_RENDER_JS, str(emails_dir), json.dumps(jobs)],
            capture_output=True, env={"NODE_PATH": str(node_modules), "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
        if run.returncode:
            raise SystemExit(run.stderr.decode())
        htmls = json.loads(run.stdout)
    for (template, lang, event), html_part in zip(meta, htmls, strict=True):
        locale = json.loads(
            _show(IM_REPO, IM_COMMIT, f"packages/ilmomasiina-backend/src/locales/{lang}.json")
        )["translation"]
        subject = locale[IM_SUBJECTS[template]].replace("{{event}}", event["title"])
        code = IM_PASSWORDS.get((template, lang))
        note = None
        if code:
            note = (
                "The mail gives a generated 24-character password (letters a-z, å, ä, ö and "
                "digits) to type at the admin sign-in; labelled."
            )
            if template == "reset-password" and lang == "fi":
                note += " The 'fi' view's text is in English (as the repository has it)."
        elif template == "confirmation":
            note = (
                "The organiser's event text gives an IBAN and a payment reference number "
                "(13579): a reference number, not a code."
            )
        kind = {"confirmation": "travel-booking", "promoted-from-queue": "notice"}.get(
            template, "saas-otp"
        )
        _item(
            source="ilmomasiina", template=template, lang=lang, kind=kind, code=code,
            repository=IM_REPO,
            path=f"{IM_DIR}/{lang}/{IM_VIEWS[template]}.pug, {IM_DIR}/layout.pug, "
            "packages/ilmomasiina-backend/src/mail/index.ts, "
            f"packages/ilmomasiina-backend/src/locales/{lang}.json",
            commit=IM_COMMIT, licence="MIT",
            rendered="email-templates 11.1.1 render() of the pug view with the source's "
            "TEMPLATE_OPTIONS (juice CSS inlining from emails/css), in node 20; sent as a "
            "single text/html part as EmailService.send does; subject from the locale JSON",
            raw=message(sender=IM_SENDER, subject=subject, text=None, html_part=html_part,
                        sent=SENT),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# hitobito (Swiss-German membership and event software of associations and youth clubs)

HB_REPO = "hitobito/hitobito"
HB_COMMIT = "f040bafbe064cc52dc85903a80330ac4d9d55874"
HB_SEEDS = "db/seeds/custom_contents.rb"
HB_SENDER = "hitobito <noreply@db.pfadi-aarau.example.ch>"  # Settings.email.sender
HB_LAYOUT = (
    "<!DOCTYPE html>\n<html lang='de'>\n<head>\n<meta charset='utf-8'>\n"
    "<meta content='width=device-width, initial-scale=1' name='viewport'>\n</head>\n<body>\n"
    "<div id='content'>{body}</div>\n</body>\n</html>\n"
)
HB_VALUES = {
    "recipient-name": "Lea Meier", "recipient-names": "Lea Meier",
    "sender-name": "Jonas Brunner",
    "login-url": "https://db.pfadi-aarau.example.ch/users/password/edit?"
    "reset_password_token=q7Zx2LmP9aKd4WnR8tYc",
    "taker-name": "Jonas Brunner", "warn-after-days": "540", "block-after-days": "180",
    "event-name": "Sommerlager 2027", "event-url": "https://db.pfadi-aarau.example.ch/groups/"
    "214/public_events/3187",
    "person-name": "Lea Meier", "group-name": "Pfadi Aarau – Wölfe",
    "person-url": "https://db.pfadi-aarau.example.ch/groups/214/people/90412",
    "assignment-title": "Lagerbrief Sommerlager 2027",
}  # fmt: skip
HB_TEMPLATES = (
    # seed variable, template, kind
    ("send_login_id", "send-login", "other"),
    ("user_impersonation_id", "user-impersonation", "notice"),
    ("user_password_override_id", "user-password-override", "notice"),
    ("inactivity_block_warning_id", "inactivity-block-warning", "notice"),
    ("temp_login_id", "event-temp-login", "other"),
    ("self_registration_notification_id", "self-registration-notification", "notice"),
    ("assignment_assignee_notification_id", "assignment-notification", "notice"),
)


def _hb_field(block: str, name: str) -> str:
    """A seed field written as Ruby string literals (joined by ``\\`` line continuations)."""
    m = re.search(name + r""": ((?:(?:"(?:[^"\\]|\\.)*"|'[^']*')\s*\\?\s*)+)""", block)
    parts = re.findall(r""""((?:[^"\\]|\\.)*)"|'([^']*)'""", m.group(1))
    text = "".join(a.replace('\\"', '"') if a else b for a, b in parts)
    return text.replace("#{Settings.application.name}", "hitobito")


def hitobito() -> None:
    seeds = _show(HB_REPO, HB_COMMIT, HB_SEEDS)
    for var, template, kind in HB_TEMPLATES:
        start = seeds.index("{custom_content_id: " + var + ",\n   locale: 'de',")
        block = seeds[start : seeds.index("},\n", start)]
        subject = _hb_field(block, "subject")
        body = _hb_field(block, "body")
        for key, value in HB_VALUES.items():
            subject = subject.replace("{" + key + "}", value)
            body = body.replace("{" + key + "}", html.escape(value, quote=False))
        _item(
            source="hitobito", template=template, lang="de", kind=kind, code=None,
            repository=HB_REPO,
            path=f"{HB_SEEDS}, app/mailers/application_mailer.rb, "
            "app/views/layouts/application_mailer.html.haml",
            commit=HB_COMMIT, licence="AGPL-3.0-or-later",
            rendered="the German CustomContent seeded for the mail, placeholders replaced as "
            "body_with_values does, in the mailer layout written out (no layout extensions "
            "in core); sent as one text/html part (custom_content_mail renders html only)",
            raw=message(sender=HB_SENDER, subject=subject, text=None,
                        html_part=HB_LAYOUT.format(body=body), sent=SENT),
            note="The password-reset link (token only inside the URL) is not a code."
            if template == "send-login" else None,
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    parser.add_argument("--node-modules", type=Path, default=Path("/tmp/r21nordic-nm/node_modules"))
    args = parser.parse_args()
    MIRRORS = args.mirrors
    foodsoft()
    respa()
    rekisteri()
    ilmomasiina(args.node_modules)
    hitobito()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
