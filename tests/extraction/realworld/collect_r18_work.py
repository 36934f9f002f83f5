"""Round eighteen, organisations' software: the mails of HR and leave-management systems and
of a property-management platform — the passwords and codes they send, and the same senders'
notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_work.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- bbalet/jorani (AGPL-3.0), a leave and overtime management system: the CodeIgniter views
  ``application/views/emails/<lang>/*.php`` — ``new_user`` (the account created by an admin:
  login and password in a table, ``Users.php::create``), ``password_forgotten`` (a new random
  password, ``Connection.php::forgetpassword``), ``password_reset`` (notice), and the
  employee's ``request_accepted`` / ``request_rejected`` (``Requests.php::sendMail``). Each
  view is run as PHP would run it (the leading doc-comment block and the newline after each
  ``?>`` dropped; ``ldap_enabled`` FALSE, so the password branch), then the parser's
  ``{Key}`` pseudo-variables filled; titles, subjects, date format and half-day names from
  ``application/language/<language>/{email,global}_lang.php`` (``Polyglot::code2language``);
  ``pl`` is left out (its views exist but no ``polish`` language folder does, so the
  mail cannot be built). Subjects as the controllers make them with the shipped
  ``subject_prefix`` ``'[Jorani] '`` (``sendMailByWrapper``, used by the forgotten-password and
  leave mails, adds one more space); From is the
  shipped ``from_name`` / ``from_mail``. HTML only (``mailtype`` html). The admin's password
  is the create form's ``password_generator(8)`` (a letter, maybe capitalised, a digit and one
  of ``!@?/=``, repeated; ``charAt`` past the end gives nothing); the forgotten password is
  ``randomPassword(10)`` (ten distinct letters and digits, ``str_shuffle``).

- open-condo-software/condo (MIT), "Doma", a property-management platform (residents'
  tickets, meters, management companies): ``apps/condo/lang/<en|ru|es>/messages/<TYPE>/``
  through ``domains/notification/templates.js::emailRenderer`` — the email template
  (``email.njk`` as text, ``email.html.njk`` as HTML) or, when a type has none, ``default.njk``
  as the text part; rendered with jinja2 (nunjucks syntax, autoescape, then lodash
  ``unescape`` for text); the subject is ``notification.messages.<TYPE>.email.subject`` of
  ``lang/<lang>/<lang>.json`` with ``{data.x}`` filled from ``meta``. Types: EMAIL_VERIFY
  (the four-digit ``generateSecureCode(4)``), SERVICE_USER_CREATED (a 32-character
  ``generateStrongPassword``), the ticket notices (ticket numbers are an organisation's
  running number), BANK_ACCOUNT_CREATION_REQUEST, METER_VERIFICATION_DATE_REMINDER and
  DIRTY_INVITE_NEW_EMPLOYEE_EMAIL. The From is the deployment's (not in the source):
  ``Doma <noreply@doma.ai>`` here.

- gamonoid/icehrm (GPL-3.0-or-later), an HR system: ``UsersEmailSender`` (the welcome mail
  with a temporary password — ``UsersActionManager::generateRandomString(6)`` when an admin
  adds a user, ``StringUtils::randomString(9)`` when an invited employee's user is created —
  and the invitation), ``EmailSender::sendResetPasswordEmail`` and the document-expiry task;
  each body's ``#_key_#`` filled with ``str_replace`` and put into
  ``core/templates/email/emailBody.html`` as ``EmailSender::sendEmail`` does. HTML only
  (``SMTPEmailSender``: ``Content-type: text/html``); From the ``Email: Email From`` setting.

- horilla-opensource/horilla (LGPL-2.1), an HRMS: the sign-in OTP mail of
  ``base/views.py::send_otp`` (plain text as written; ``generate_otp`` six digits) and the
  leave mails of ``leave/threading.py`` through
  ``base/templates/base/mail_templates/leave_request_template.html`` (Django template: its
  ``load``/``now``/``static`` tags done by hand, the rest through jinja2 with autoescape).
  From the configured mail server's display name and address.

- frappe/hrms (GPL-3.0), Frappe HR: the weekly holiday reminder and the birthday reminder of
  ``hrms/controllers/employee_reminders.py`` — the body templates
  ``hrms/templates/emails/*.html`` with jinja2, the strings through ``hrms/locale/<lang>.po``
  (the languages that translate every string used). Frappe's standard mail wrapper lives in
  frappe/frappe and is not reproduced: the HTML part is the app's own body.

- orangehrm/orangehrm (GPL-3.0): the leave mails (applied, approved, rejected) of
  ``src/plugins/orangehrmLeavePlugin/Mail/templates/en_US/`` rendered as
  ``EmailService`` renders them with Twig (jinja2 with autoescape and trim_blocks), the
  replacements as ``AbstractLeaveEmailProcessor`` makes them; HTML only, From ``OrangeHRM``
  and the configured address; the subject template's final newline dropped.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
import re
import subprocess
import uuid
from datetime import UTC, date, datetime
from pathlib import Path

import jinja2
from collect import HERE, message

SENT = datetime(2026, 12, 3, 9, 14, 52, tzinfo=UTC)
RNG = random.Random("r18-work")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round18" / "work.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
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


PEOPLE = [
    ("Amira", "Haddad"), ("Jonas", "Petersen"), ("Mei", "Lin"), ("Tomás", "Rivera"),
    ("Ingrid", "Solberg"), ("Kenji", "Watanabe"), ("Olga", "Nowak"), ("Lucas", "Ferreira"),
    ("Elif", "Kaya"), ("Sofia", "Marchetti"), ("Pieter", "de Vries"), ("Nadia", "Rahimi"),
]  # fmt: skip

# ---------------------------------------------------------------------------------------
# Jorani

JOR_REPO = "bbalet/jorani"
JOR_COMMIT = "446f8f5a98668624abfb0ea7bf5f2c96bb0b47c8"
JOR_LANGS = {
    "en": "english", "en-GB": "english_gb", "ar": "arabic", "ca": "catalan", "cs": "czech",
    "de": "german", "el": "greek", "es": "spanish", "fa": "persian", "fr": "french",
    "hu": "hungarian", "it": "italian", "km": "khmer", "nl": "dutch", "pt": "portuguese",
    "ro": "romanian", "ru": "russian", "sk": "slovak", "tr": "turkish", "uk": "ukrainian",
    "vi": "vietnamese", "zh": "chinese",
}  # fmt: skip
# the notices in a subset of the languages
JOR_NOTICE_LANGS = ["en", "de", "fr", "es", "it", "nl", "pt", "ru", "tr", "cs", "ar", "uk"]
JOR_SENDER = "Jorani <do.not@reply.me>"
LEAVE_TYPES = ["paid leave", "maternity leave", "paternity leave", "special leave", "sick leave"]
CAUSES = [
    "Family wedding in Porto", "Moving flat", "Dentist appointment", "School holidays",
    "Visit to my parents", "Marathon in Valencia",
]  # fmt: skip


def _php_lang(src: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$lang\['([^']+)'\]\s*=\s*(['\"])((?:\\.|(?!\2).)*)\2\s*;", src):
        value = m.group(3)
        if m.group(2) == "'":
            value = value.replace("\\'", "'").replace("\\\\", "\\")
        else:
            value = value.replace('\\"', '"').replace("\\\\", "\\")
        out[m.group(1)] = value
    return out


_IF_LDAP = re.compile(
    r"<\?php if \(\$this->config->item\('ldap_enabled'\) == FALSE\) \{ \?>\n?(.*?)"
    r"(?:<\?php \} else \{ \?>\n?(.*?))?<\?php \} \?>\n?",
    re.S,
)


def _run_view(src: str, data: dict[str, str]) -> str:
    """The view as PHP outputs it (ldap_enabled FALSE), then CodeIgniter's parser."""
    src = re.sub(r"\A<\?php.*?\?>\n?", "", src, count=1, flags=re.S)
    src = _IF_LDAP.sub(lambda m: m.group(1), src)
    if "<?php" in src:
        raise ValueError("unhandled PHP in a view")
    for key, value in data.items():
        src = src.replace("{" + key + "}", value)
    return src


def _left_over(body: str) -> str | None:
    left = sorted(set(re.findall(r"\{[A-Z]\w+\}", body)))
    if not left:
        return None
    return (f"the view writes {', '.join(left)}, a pseudo-variable the controller does not "
            "fill, so CodeIgniter's parser leaves it as written")  # fmt: skip


def _php_date(d: date, fmt: str) -> str:
    table = {"d": f"{d.day:02d}", "m": f"{d.month:02d}", "Y": f"{d.year:04d}",
             "j": str(d.day), "n": str(d.month), "y": f"{d.year % 100:02d}"}  # fmt: skip
    return "".join(table.get(ch, ch) for ch in fmt)


def _jorani_generator(length: int = 8) -> str:
    """The create form's password_generator(len) (users/create.php)."""
    string, numeric, punctuation = "abcdefghijklnopqrstuvwxyz", "0123456789", "!@?/="
    character = ""
    while len(character) < length:
        e1 = -(-len(string) * RNG.random() * RNG.random() // 1)
        e2 = -(-len(numeric) * RNG.random() * RNG.random() // 1)
        e3 = -(-len(punctuation) * RNG.random() * RNG.random() // 1)
        e1, e2, e3 = int(e1), int(e2), int(e3)
        hold = string[e1] if e1 < len(string) else ""
        hold = hold.upper() if e1 % 2 == 0 else hold
        character += hold
        character += numeric[e2] if e2 < len(numeric) else ""
        character += punctuation[e3] if e3 < len(punctuation) else ""
    return character


def _jorani_random(length: int = 10) -> str:
    chars = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    RNG.shuffle(chars)
    return "".join(chars[:length])


def jorani(mirrors: Path) -> None:
    repo = mirrors / "bbalet+jorani" / "repo"
    common = {"repository": JOR_REPO, "commit": JOR_COMMIT, "licence": "AGPL-3.0",
              "source": "jorani", "sender": JOR_SENDER}  # fmt: skip
    for i, (code, folder) in enumerate(JOR_LANGS.items()):
        email = _php_lang(_show(repo, JOR_COMMIT, f"application/language/{folder}/email_lang.php"))
        glob = _php_lang(_show(repo, JOR_COMMIT, f"application/language/{folder}/global_lang.php"))
        first, last = PEOPLE[i % len(PEOPLE)]
        login = (first[0] + last.replace(" ", "")).lower()
        login = login.encode("ascii", "ignore").decode()
        base = "https://conges.example-coop.org/"

        # new user: the admin's password from the create form
        view = f"application/views/emails/{code}/new_user.php"
        password = _jorani_generator(8)
        body = _run_view(_show(repo, JOR_COMMIT, view), {
            "Title": email["email_user_create_title"], "BaseURL": base, "Firstname": first,
            "Lastname": last, "Login": login, "Password": password,
        })  # fmt: skip
        _save(**common, template="new-user", lang=code, kind="saas-otp", code=password,
              path=view, rendered="Users.php::create: the view run as PHP (ldap off), "
              "CodeIgniter parser {Key}s, email_lang.php title/subject; HTML only",
              subject="[Jorani] " + email["email_user_create_subject"], text=None,
              html_part=body, note="the account's password, chosen by the admin's form "
              "generator (password_generator(8): letters, digits and !@?/=), given to type "
              "with the login")  # fmt: skip

        # forgotten password: a new random password
        view = f"application/views/emails/{code}/password_forgotten.php"
        password = _jorani_random(10)
        body = _run_view(_show(repo, JOR_COMMIT, view), {
            "Title": email["email_password_forgotten_title"], "BaseURL": base,
            "Firstname": first, "Lastname": last, "Login": login, "Password": password,
        })  # fmt: skip
        _save(**common, template="password-forgotten", lang=code, kind="saas-otp",
              code=password, path=view, rendered="Connection.php::forgetpassword: the view run "
              "as PHP, CodeIgniter parser {Key}s, email_lang.php title/subject, "
              "sendMailByWrapper's subject prefix; HTML only",
              subject="[Jorani]  " + email["email_password_forgotten_subject"], text=None,
              html_part=body, note="the new password Users_model::randomPassword(10) made, "
              "given to type with the login")  # fmt: skip

        if code not in JOR_NOTICE_LANGS:
            continue
        view = f"application/views/emails/{code}/password_reset.php"
        body = _run_view(_show(repo, JOR_COMMIT, view), {
            "Title": email["email_password_reset_title"], "Firstname": first, "Lastname": last,
        })  # fmt: skip
        _save(**common, template="password-reset", lang=code, kind="notice", code=None,
              path=view, rendered="Users.php::reset: the view, parser {Key}s, email_lang.php; "
              "HTML only", subject="[Jorani] " + email["email_password_reset_subject"],
              text=None, html_part=body)  # fmt: skip

        start = date(2027, 1, 4 + i % 10)
        end = date(2027, 1, 8 + i % 10 + i % 3)
        for template, subject_key in (("request_accepted", "email_leave_request_accept_subject"),
                                      ("request_rejected", "email_leave_request_reject_subject")):  # fmt: skip
            view = f"application/views/emails/{code}/{template}.php"
            body = _run_view(_show(repo, JOR_COMMIT, view), {
                "Title": email["email_leave_request_validation_title"], "Firstname": first,
                "Lastname": last,
                "StartDate": _php_date(start, glob["global_date_format"]),
                "EndDate": _php_date(end, glob["global_date_format"]),
                "StartDateType": glob["Morning"], "EndDateType": glob["Afternoon"],
                "Cause": CAUSES[i % len(CAUSES)], "Type": LEAVE_TYPES[i % len(LEAVE_TYPES)],
                "Comments": "OK, enjoy!" if template == "request_accepted" else
                "Too many people away that week, sorry.",
            })  # fmt: skip
            _save(**common, template=template.replace("_", "-"), lang=code, kind="notice",
                  code=None, path=view, rendered="Requests.php::sendMail: the view, parser "
                  "{Key}s, dates in global_date_format, half-day names of global_lang.php; "
                  "HTML only", subject="[Jorani]  " + email[subject_key], text=None,
                  html_part=body, note=_left_over(body))  # fmt: skip


# ---------------------------------------------------------------------------------------
# Doma (open-condo-software/condo)

CONDO_REPO = "open-condo-software/condo"
CONDO_COMMIT = "7de0bfec25b3ffe3c8311ea8673a493f5ff6795f"
CONDO_SENDER = "Doma <noreply@doma.ai>"
CONDO_URL = "https://condo.d.doma.ai"
CONDO_LANGS = ["en", "ru", "es"]
ORG = {"en": "Riverside Homes Management", "ru": "УК «Северный квартал»",
       "es": "Administración de Fincas Sol y Mar"}  # fmt: skip
ADDRESS = {"en": "14 Willow Street, Leeds LS6 2QT", "ru": "г. Казань, ул. Баумана, д. 38",
           "es": "Calle de la Paz 21, 46003 Valencia"}  # fmt: skip
WATER = {"en": "Cold water", "ru": "Холодная вода", "es": "Agua fría"}


def _i18n(template: str, meta: dict) -> str:
    def look(m: re.Match) -> str:
        value = meta
        for part in m.group(1).split("."):
            value = value[part]
        return str(value)

    return re.sub(r"\{([\w.]+)\}", look, template)


def _unescape(text: str) -> str:  # lodash unescape
    for ent, ch in (("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'),
                    ("&#39;", "'")):  # fmt: skip
        text = text.replace(ent, ch)
    return text


def condo(mirrors: Path) -> None:
    repo = mirrors / "open-condo-software+condo" / "repo"
    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True)
    names = {lang: _show(repo, CONDO_COMMIT, f"apps/condo/lang/{lang}/{lang}.json")
             for lang in CONDO_LANGS}  # fmt: skip
    strings = {lang: json.loads(text) for lang, text in names.items()}

    def files(lang: str, kind: str) -> list[str]:
        out = subprocess.run(
            ["git", "--git-dir", str(repo), "ls-tree", "--name-only", CONDO_COMMIT,
             f"apps/condo/lang/{lang}/messages/{kind}/"],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        return [p.rsplit("/", 1)[1] for p in out]

    def send(kind, lang, meta, *, template, mkind, code, note=None):
        present = files(lang, kind)
        base = f"apps/condo/lang/{lang}/messages/{kind}/"
        text_file = "email.njk" if "email.njk" in present else None
        html_file = "email.html.njk" if "email.html.njk" in present else None
        if not text_file and not html_file:
            text_file = "default.njk"
        ctx = {"message": {"meta": meta, "lang": lang, "type": kind},
               "env": {"serverUrl": CONDO_URL}}  # fmt: skip
        text = html_part = None
        paths = []
        if text_file:
            text = _unescape(
                env.from_string(_show(repo, CONDO_COMMIT, base + text_file)).render(ctx)
            )
            paths.append(base + text_file)
        if html_file:
            html_part = env.from_string(_show(repo, CONDO_COMMIT, base + html_file)).render(ctx)
            paths.append(base + html_file)
        subject = _i18n(strings[lang][f"notification.messages.{kind}.email.subject"], meta)
        _save(source="doma", template=template, lang=lang, kind=mkind, code=code,
              repository=CONDO_REPO, path=", ".join(paths), commit=CONDO_COMMIT,
              licence="MIT", rendered="templates.js::emailRenderer: the type's email or default "
              "nunjucks template (jinja2, autoescape; lodash unescape on text), subject from "
              f"lang/{lang}/{lang}.json", sender=CONDO_SENDER, subject=subject, text=text,
              html_part=html_part, note=note)  # fmt: skip

    for i, lang in enumerate(CONDO_LANGS):
        secret = f"{RNG.randrange(1000, 10000)}"
        send("EMAIL_VERIFY", lang, {"dv": 1, "secretCode": secret}, template="email-verify",
             mkind="utility-otp", code=secret, note="the email confirmation code "
             "(generateSecureCode(4)) typed in the sign-in form")  # fmt: skip
        password = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "01234567890") for _ in range(32))  # fmt: skip
        send("SERVICE_USER_CREATED", lang, {"dv": 1, "data": {
            "email": f"integration.{['billing', 'meters', 'erp'][i]}@pm-partner.example",
            "password": password, "serverUrl": CONDO_URL}},
            template="service-user-created", mkind="utility-otp", code=password,
            note="the service account's generated password (32 letters and digits), "
            "given with the email to sign in")  # fmt: skip
        tickets = [5231 + 17 * i, 812 + i, 40977 - 3 * i, 1290 + 5 * i, 77 + i]
        for n, kind in enumerate(["TICKET_STATUS_COMPLETED", "TICKET_STATUS_IN_PROGRESS",
                                  "TICKET_STATUS_DECLINED", "TICKET_ASSIGNEE_CONNECTED",
                                  "TICKET_COMMENT_ADDED"]):  # fmt: skip
            number = tickets[n]
            meta = {"dv": 1, "data": {
                "ticketNumber": number,
                "url": f"{CONDO_URL}/ticket/{uuid.UUID(int=RNG.getrandbits(128), version=4)}",
            }}  # fmt: skip
            send(
                kind,
                lang,
                meta,
                template=kind.lower().replace("_", "-"),
                mkind="notice",
                code=None,
                note="the number is the ticket's number (not a code)",
            )
        send("BANK_ACCOUNT_CREATION_REQUEST", lang, {
            "dv": 1, "propertyAddress": ADDRESS[lang], "name": ORG[lang],
            "tin": ["7708123456", "1655098765", "B46512873"][i],
            "bankAccountClient": {"name": " ".join(PEOPLE[i + 3]),
                                  "phone": ["+447700900431", "+79031234567", "+34612345678"][i],
                                  "email": "accounts@pm-partner.example"},
            "organizationName": ORG[lang]}, template="bank-account-request", mkind="notice",
            code=None, note="the TIN and the phone number are not codes")  # fmt: skip
        send("METER_VERIFICATION_DATE_REMINDER", lang, {"dv": 1, "data": {
            "resource": {"name": WATER[lang]}, "reminderDate": "2027-01-15"}},
            template="meter-verification-reminder", mkind="notice", code=None)  # fmt: skip
        send("DIRTY_INVITE_NEW_EMPLOYEE_EMAIL", lang, {
            "dv": 1, "organizationName": ORG[lang], "serverUrl": CONDO_URL,
            "isRegistration": True}, template="invite-employee", mkind="notice",
            code=None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# IceHrm

ICE_REPO = "gamonoid/icehrm"
ICE_COMMIT = "ef8c23501031f6f9c0bb9b69da22b5260d06454a"
ICE_SENDER = "hr-noreply@harbourline-logistics.example"
ICE_URL = "https://hr.harbourline-logistics.example/"
ICE_ADMIN = "people.ops@harbourline-logistics.example"


def _ice_wrap(repo: Path, body: str, params: dict[str, str]) -> str:
    """EmailSender::sendEmail: fill the body, put it into emailBody.html, fill again."""
    for key, value in params.items():
        body = body.replace(f"#_{key}_#", value)
    page = _show(repo, ICE_COMMIT, "core/templates/email/emailBody.html")
    page = page.replace("#_adminEmail_#", ICE_ADMIN)
    reason = (
        'You are receiving this email because your <a href="#_url_#"><strong><font '
        'color="405A6A">organization</font></strong></a> has added you as an employee. '
    )
    page = page.replace("#_emailReason_#", reason)
    page = page.replace("#_emailBody_#", body)
    params = dict(params, adminEmail=ICE_ADMIN, emailReason=reason, year="2026",
                  icehrm_url="https://icehrm.com", company_name="Harbourline Logistics",
                  logourl=ICE_URL + "data/logo.png")  # fmt: skip
    params.setdefault("url", ICE_URL)
    for key, value in params.items():
        page = page.replace(f"#_{key}_#", value)
    return page


def _ice_string(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def icehrm(mirrors: Path) -> None:
    repo = mirrors / "gamonoid+icehrm" / "repo"
    common = {"repository": ICE_REPO, "commit": ICE_COMMIT, "licence": "GPL-3.0-or-later",
              "source": "icehrm", "sender": ICE_SENDER, "text": None}  # fmt: skip
    welcome = "core/admin/users/emailTemplates/welcomeUser.html"
    digits_letters = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    letters_digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for template, password, name, user, note in (
        ("welcome-user", _ice_string(digits_letters, 6), "Priya Natarajan", "priya.n",
         "the temporary password UsersActionManager::generateRandomString(6) made when an "
         "admin adds a user"),
        ("welcome-invited", _ice_string(letters_digits, 9), "Declan Byrne", "declan.byrne",
         "the temporary password StringUtils::randomString(9) made when an invited employee's "
         "user is created"),
    ):  # fmt: skip
        params = {"name": name, "url": ICE_URL, "password": password,
                  "email": f"{user}@harbourline-logistics.example", "username": user}  # fmt: skip
        page = _ice_wrap(repo, _show(repo, ICE_COMMIT, welcome), params)
        _save(**common, template=template, lang="en", kind="saas-otp", code=password,
              path=welcome, rendered="UsersEmailSender::sendWelcomeUserEmail through "
              "EmailSender::sendEmail (#_key_# str_replace, emailBody.html wrapper); HTML only",
              subject="Your IceHrm account is ready", html_part=page, note=note)  # fmt: skip

    path = "core/admin/users/emailTemplates/inviteUser.html"
    params = {"name": "Marta Kowalczyk", "url": ICE_URL, "inviter": "Harbourline Logistics",
              "hash": f"{RNG.getrandbits(128):032x}"}  # fmt: skip
    _save(**common, template="invite-user", lang="en", kind="notice", code=None, path=path,
          rendered="UsersEmailSender::sendInviteUserEmail through EmailSender::sendEmail; "
          "HTML only", subject="Harbourline Logistics invites you to IceHrm",
          html_part=_ice_wrap(repo, _show(repo, ICE_COMMIT, path), params),
          note="the invitation hash is only inside the link")  # fmt: skip

    path = "core/templates/email/passwordReset.html"
    key = f"{RNG.getrandbits(256):064x}"
    params = {"url": ICE_URL, "passurl": f"{ICE_URL}service.php?a=rsp&key={key}"}
    _save(**common, template="password-change-request", lang="en", kind="notice", code=None,
          path=path, rendered="EmailSender::sendResetPasswordEmail through sendEmail; HTML only",
          subject="[IceHrm] Password Change Request",
          html_part=_ice_wrap(repo, _show(repo, ICE_COMMIT, path), params),
          note="the reset key is only inside the link")  # fmt: skip

    path = "core/admin/documents/emailTemplates/documentExpireEmailTemplate.html"
    row = (
        '<p style="background-color: #EEE;padding: 5px;font-size: 0.9em;font-weight: bold;">'
        '<span style="font-size: 1em;font-weight: bold;">'
        '#_name_#</span> - Expire in #_days_# day(s)</p><br/><span style="font-size: 0.8em;'
        'font-weight: bold;">#_description_#</span><hr/>'
    )
    docs = ""
    for doc, days, details in (("Forklift Operator Licence", "14", "Licence no. FLT-2291-0457"),
                               ("Passport", "30", "P7782910, renewal needed for travel")):  # fmt: skip
        docs += row.replace("#_name_#", doc).replace("#_days_#", days).replace(
            "#_description_#", details)  # fmt: skip
    body = _show(repo, ICE_COMMIT, path).replace("#_employee_#", "Marta")
    body = body.replace("#_documents_#", docs)
    _save(**common, template="document-expiry", lang="en", kind="notice", code=None,
          path=path, rendered="DocumentExpiryNotificationTask: rows as getExpireDocumentHTML"
          "ByEmployee builds them, sent through EmailSender::sendEmail; HTML only",
          subject="IceHrm Employee Document Expiry Reminder",
          html_part=_ice_wrap(repo, body, {"url": ICE_URL}),
          note="licence and passport numbers are document numbers, not codes")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Horilla

HOR_REPO = "horilla-opensource/horilla"
HOR_COMMIT = "72e7198fa42220e704579d23db071cf902fc20d9"
HOR_SENDER = "Brightwater HR <hr@brightwater-foods.example>"


def _django_mail(src: str, ctx: dict) -> str:
    """A mail template as Django renders it (its load/now/static tags done by hand)."""
    src = src.replace("{% load static %}", "").replace('{% now "Y" as current_year %}', "")
    src = re.sub(r"\{% static '/?([^']+)' %\}", r"/static/\1", src)
    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True,
                             undefined=jinja2.ChainableUndefined)  # fmt: skip
    return env.from_string(src).render(ctx)


def horilla(mirrors: Path) -> None:
    repo = mirrors / "horilla-opensource+horilla" / "repo"
    common = {"repository": HOR_REPO, "commit": HOR_COMMIT, "licence": "LGPL-2.1",
              "source": "horilla", "sender": HOR_SENDER, "lang": "en"}  # fmt: skip
    otp = str(RNG.randint(100000, 999999))
    _save(**common, template="two-factor-otp", kind="saas-otp", code=otp,
          path="base/views.py", rendered="base/views.py::send_otp: EmailMessage subject and "
          "body as written (plain text)", subject="Your OTP Code",
          text=f"Your OTP code is {otp}", html_part=None,
          note="the sign-in OTP (generate_otp: six digits)")  # fmt: skip
    path = "base/templates/base/mail_templates/leave_request_template.html"
    src = _show(repo, HOR_COMMIT, path)
    owner, manager = "Rahul Menon", "Grace Okafor"
    for template, subject, content in (
        ("leave-created", "Leave request created successfully",
         "This is to inform you that the leave request you created has been successfully "
         "logged into our system. The manager will now take the necessary actions to address "
         "leave request. Should you have any additional information or updates, please feel "
         f"free to communicate directly with the {manager}."),
        ("leave-approved", "The Leave request has been successfully approved",
         "This is to inform you that the leave request has been approved. If you have any "
         "questions or require further information, feel free to reach out to the "
         f"{manager}."),
        ("leave-rejected", "The Leave request has been rejected",
         "This is to inform you that the leave request has been rejected. If you have any "
         "questions or require further information, feel free to reach out to the "
         f"{manager}."),
    ):  # fmt: skip
        ctx = {"link": 4187, "protocol": "https", "host": "hr.brightwater-foods.example",
               "subject": subject, "content": content, "current_year": "2026",
               "white_label_company_name": "Horilla",
               "instance": {"get_full_name": owner, "get_company": {"icon": {
                   "url": "/media/base/icon/brightwater.png"}}}}  # fmt: skip
        _save(**common, template=template, kind="notice", code=None, path=path,
              rendered="leave/threading.py::LeaveMailSendThread: subject and content as "
              "written, the Django template (load/now/static done by hand, the rest "
              "through jinja2 with autoescape); HTML only", subject=subject, text=None,
              html_part=_django_mail(src, ctx),
              note="4187 is the leave request's id in the link only")  # fmt: skip
    path = "onboarding/templates/onboarding/mail_templates/default.html"
    token = f"{RNG.getrandbits(120):030x}"
    ctx = {"portal": f"https://hr.brightwater-foods.example/onboarding/user-creation/{token}",
           "protocol": "https", "host": "hr.brightwater-foods.example",
           "white_label_company_name": "Horilla",
           "instance": {"name": "Sipho Dlamini", "recruitment_id": {"company_id": {
               "company": "Brightwater Foods"}}}}  # fmt: skip
    _save(**common, template="onboarding-portal", kind="notice", code=None, path=path,
          rendered="onboarding/views.py (candidate to onboarding): the Django template "
          "(load/static done by hand, the rest through jinja2 with autoescape), subject as "
          "written; HTML only (the offer documents attached as PDF are left out)",
          subject="Hello Sipho Dlamini, Congratulations on your selection!", text=None,
          html_part=_django_mail(_show(repo, HOR_COMMIT, path), ctx),
          note="the portal token (secrets.token_hex(15)) is only inside the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Frappe HR

HRMS_REPO = "frappe/hrms"
HRMS_COMMIT = "80f17c99aee38116c0bd4b794845ebe5290d083c"
HRMS_SENDER = "Nordlicht HR <hr@nordlicht-werkzeuge.example>"
# the languages whose hrms/locale/<lang>.po translates every string these mails use
HRMS_LANGS = ["en", "de", "fr", "sv", "tr", "fa"]


def hrms(mirrors: Path) -> None:
    from babel.messages.pofile import read_po

    repo = mirrors / "frappe+hrms" / "repo"
    env = jinja2.Environment(keep_trailing_newline=True)
    env.filters["len"] = len
    frappe_ns = {
        "utils": {"get_abbr": lambda name: "".join(p[0] for p in name.split(" ") if p)[:2]},
        "format": lambda value, kind: value.strftime("%d-%m-%Y"),
    }
    holidays = [
        {"holiday_date": date(2026, 12, 24), "description": "Christmas Eve"},
        {"holiday_date": date(2026, 12, 25), "description": "Christmas Day"},
        {"holiday_date": date(2026, 12, 26), "description": "Boxing Day"},
    ]
    persons = [
        {"name": "Lena Hoffmann", "image": None},
        {"name": "Yusuf Demir", "image": "/files/yusuf-demir.jpg"},
    ]
    for lang in HRMS_LANGS:
        catalog = None
        if lang != "en":
            po = subprocess.run(
                ["git", "--git-dir", str(repo), "show", f"{HRMS_COMMIT}:hrms/locale/{lang}.po"],
                capture_output=True, check=True,
            ).stdout  # fmt: skip
            catalog = read_po(io.BytesIO(po))

        def _(msgid: str, catalog=catalog) -> str:
            if catalog is None:
                return msgid
            msg = catalog.get(msgid)
            return msg.string if msg and msg.string else msgid

        # advance holiday reminder (weekly)
        path = "hrms/templates/emails/holiday_reminder.html"
        body = env.from_string(_show(repo, HRMS_COMMIT, path)).render(
            frappe=frappe_ns,
            reminder_text=_("Hey {}! This email is to remind you about the upcoming "
                            "holidays.").format("Jonas"),
            message=_("Below is the list of upcoming holidays for you:"),
            advance_holiday_reminder=True, holidays=holidays, frequency="Week",
        )  # fmt: skip
        _save(source="frappehr", template="holiday-reminder", lang=lang, kind="notice",
              code=None, repository=HRMS_REPO, path=path + ", hrms/controllers/"
              "employee_reminders.py", commit=HRMS_COMMIT, licence="GPL-3.0",
              rendered="employee_reminders.py::send_holidays_reminder_in_advance: the body "
              "template with jinja2, strings through hrms/locale/<lang>.po, dates in Frappe's "
              "default dd-mm-yyyy; Frappe's standard mail wrapper (frappe/frappe) not "
              "reproduced; HTML only", sender=HRMS_SENDER,
              subject=_("Upcoming Holidays Reminder"), text=None, html_part=body,
              note="dates only, no code")  # fmt: skip

        # birthday reminder (two people share the day)
        names = _("{0} & {1}").format(persons[0]["name"], persons[1]["name"])
        message = _("A friendly reminder of an important date for our team.") + "<br>"
        message += _("Everyone, let’s congratulate {0} on their birthday.").format(names)
        path = "hrms/templates/emails/birthday_reminder.html"
        body = env.from_string(_show(repo, HRMS_COMMIT, path)).render(
            frappe=frappe_ns, birthday_persons=persons, css_style=None,
            reminder_text=_("Today is {0}'s birthday 🎉").format(names), message=message,
        )  # fmt: skip
        _save(source="frappehr", template="birthday-reminder", lang=lang, kind="notice",
              code=None, repository=HRMS_REPO, path=path + ", hrms/controllers/"
              "employee_reminders.py", commit=HRMS_COMMIT, licence="GPL-3.0",
              rendered="employee_reminders.py::send_birthday_reminder: the body template "
              "with jinja2, strings through hrms/locale/<lang>.po (comma_sep with '{0} & "
              "{1}'); Frappe's standard mail wrapper not reproduced; HTML only",
              sender=HRMS_SENDER, subject=_("Birthday Reminder"), text=None,
              html_part=body)  # fmt: skip


# ---------------------------------------------------------------------------------------
# OrangeHRM

OHRM_REPO = "orangehrm/orangehrm"
OHRM_COMMIT = "194a751e23977d76374386f2e405ac68eeed6904"
OHRM_SENDER = "OrangeHRM <hr-notifications@tallgrass-engineering.example>"


def orangehrm(mirrors: Path) -> None:
    repo = mirrors / "orangehrm+orangehrm" / "repo"
    # Twig: autoescape html, the first newline after a tag removed (trim_blocks)
    env = jinja2.Environment(autoescape=True, trim_blocks=True, keep_trailing_newline=True)
    base = "src/plugins/orangehrmLeavePlugin/Mail/templates/en_US/"
    details = [
        {"date": "2027-01-18", "duration": "8.00"},
        {"date": "2027-01-19", "duration": "8.00"},
        {"date": "2027-01-20 (09:00 - 13:00) Half Day", "duration": "4.00"},
    ]
    comments = [{"name": "Aiko Brandt", "date": "2026-12-02", "time": "16:48",
                 "comment": "Covering handover with Sam before I go."}]  # fmt: skip
    mails = [
        ("leave-approved", "approve/leaveApproval", {
            "recipientFirstName": "Aiko", "performerFullName": "Martin Oduya",
            "leaveDetails": details, "leaveType": "Annual", "leaveRequestComments": comments}),
        ("leave-rejected", "reject/leaveRejection", {
            "recipientFirstName": "Aiko", "performerFullName": "Martin Oduya",
            "leaveDetails": details, "leaveType": "Annual", "leaveRequestComments": []}),
        ("leave-applied", "apply/leaveApplication", {
            "recipientFirstName": "Martin", "performerFullName": "Aiko Brandt",
            "performerFirstName": "Aiko", "leaveDetails": details, "leaveType": "Annual",
            "numberOfDays": "2.50", "leaveRequestComments": comments}),
    ]  # fmt: skip
    for template, stem, ctx in mails:
        body = env.from_string(_show(repo, OHRM_COMMIT, base + stem + "Body.html.twig"))
        subject = env.from_string(_show(repo, OHRM_COMMIT, base + stem + "Subject.txt.twig"))
        _save(source="orangehrm", template=template, lang="en", kind="notice", code=None,
              repository=OHRM_REPO, path=f"{base}{stem}Body.html.twig, "
              f"{base}{stem}Subject.txt.twig", commit=OHRM_COMMIT, licence="GPL-3.0",
              rendered="EmailService::queueEmailNotifications: the Twig body and subject "
              "(jinja2 with autoescape and trim_blocks, as Twig does), replacements as "
              "AbstractLeaveEmailProcessor makes them; the subject's final newline dropped; "
              "HTML only", sender=OHRM_SENDER, subject=subject.render(ctx).strip(),
              text=None, html_part=body.render(ctx),
              note="dates, hours and day counts only, no code")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    jorani(args.mirrors)
    condo(args.mirrors)
    icehrm(args.mirrors)
    horilla(args.mirrors)
    hrms(args.mirrors)
    orangehrm(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
