"""Round twenty-six, health and care: WHO's outbreak investigation tool (Go.Data), a clinic
EHR's patient portal (LibreHealth EHR), a street-outreach tool for social workers (Mano), a
health-department case tracker (Quarano), a tele-rehabilitation platform (OpenTeleRehab)
and a student mental-health scheme (Santé Psy Étudiant) — a two-factor sign-in code in two
generations, generated patient-portal passwords in seven languages, and sign-in-link,
welcome, referral, diary-reminder and password notices.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r26_health.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Beyond the standard library the script runs ``node`` (20.x): Mano's welcome function
as is, and ejs 3.1.10 for Santé Psy Étudiant (``npm install --prefix /tmp/r26health-node
ejs@3.1.10``).

- WorldHealthOrganization/GoDataSource-API (GPL-3.0-only, ``LICENSE``: GNU GPL version 3),
  commit cf8a5259: the API of Go.Data, WHO's outbreak investigation tool (cases, contacts,
  follow-ups). ``common/models/user.js`` ``User.helpers.createAndSendEmail`` picks a subject
  and a body token for the template (``two_factor_authentication``, ``reset_password``,
  ``change_password``, ``update_user``), reads their translations from the languageToken
  collection (the user's language, else ``english_us``: the only language whose catalogue,
  ``server/install/scripts/migrations/2.48.0/data/languages/english_us.json``, carries these
  ``LNG_REFERENCE_DATA_CATEGORY_EMAIL_TEMPLATE_*`` tokens), and fills the body with lodash
  ``_.template(body, {interpolate: /{{([\\s\\S]+?)}}/g})`` — each ``{{name}}`` replaced by
  the value, unescaped; here a regular expression does the same (the bodies hold no
  ``<% %>`` delimiters). Values: ``serverLink``, ``changePasswordLink`` and
  ``resetPasswordLink`` are ``<a href="URL">URL</a>`` built from ``server/config.json``'s
  ``public`` settings (here a deployment at https://godata.example.org, no port) and the
  paths ``/account/change-password`` and ``/auth/reset-password?token=<access token id>``
  (a 64-character loopback token). loopback's ``Email.send`` gets subject and ``html`` only:
  one text/html part. From is ``passwordReset.from`` (empty in the shipped config; here the
  deployment's no-reply address).

  * ``two_factor_authentication`` (``common/controllers/user.js`` after login): the code of
    ``components/twoFactorAuthentication.js``: ``randomatic('?', 6, {chars: '0123456789'})``
    (the config's ``code.length`` 6, charset digits): six digits.
  * ``reset_password`` (the link), ``change_password`` and ``update_user`` (an administrator
    changed the account; the change-password mail carries a reset link): no code.
  * ``two-factor-2023``: the same two-factor mail as the API sent it before October 2023, at
    commit f352948b (parent of the change to the token templates):
    ``components/twoFactorAuthentication.js`` ``sendEmail`` renders
    ``server/views/twoFactorAuthenticationCodeEmail.ejs`` with lodash ``_.template``
    (``<%= heading %>`` etc., inserted unescaped), then the result and the subject once more
    with the ``{{ }}`` interpolation (``twoFACode``, ``email``, names). The tokens are the
    english_us dictionary as installed: ``older/data/languages/english_us.json`` updated by
    ``2.46.0/data/english_single/english_us.json`` (heading, subject, first paragraph), as
    ``languageMigrator.createUpdateLanguageTokens`` of ``2.46.0/languageToken.js`` does. Only
    English: the other five shipped language files carry the English text for these tokens
    (French translates only heading and subject), so they are left out. From is
    ``login.twoFactorAuthentication.emailFrom`` (empty in the shipped config; the same
    deployment address here).

- SocialGouv/mano (Apache-2.0, ``LICENSE``), commit 94a8d199: Mano, the French social
  ministries' tool for street outreach teams (homeless people, addiction, health follow-up).
  ``api/src/utils/mailservice.js`` posts to Tipimail: from ``App Mano <admin@manoapp.fr>``,
  the subject, and ``text`` or ``html`` only (one part). French only (no catalogue).

  * ``welcome`` (``api/src/controllers/user.js`` and ``organisation.js``, "Bienvenue dans
    Mano"): the HTML of ``api/src/utils/mail-bienvenue.js`` ``mailBienvenueHtml(name, email,
    organisationName, token)``, run by node 20 from the file at this commit; the token is
    ``crypto.randomBytes(20).toString("hex")`` and only inside the link; the user's e-mail is
    the login name. No code.
  * ``forgot_password`` (``user.js``): the ``body`` template literal of the forgot-password
    route, its one ``${link}`` filled as JavaScript does (the literal is read from the file),
    text only. A link, no code.

- quarano/quarano-application (EUPL-1.2, ``LICENSE``: the German text of EUPL v1.2),
  commit 1aeb1f33: the case tracking tool German public-health departments used for
  COVID-19 index and contact persons (Spring Boot). Mail texts live in the ``email_texts``
  table, filled by ``backend/src/main/resources/db/migration/V1014.0__Insert_email_texts.sql``
  (read here from the INSERT statements, ``''`` unescaped as SQL does).
  ``masterdata/DatabaseEmailTemplates.expandTemplate`` picks the text of the person's locale
  and, since only two languages are supported (``core/I18nProperties``: German, English),
  joins the other language's text after it (``TemplatedWithFallback``: separator
  ``\r\n\r\n==========\r\n\r\n``); ``EmailText.expand`` replaces each ``{name}``
  with ``String.replace``. Placeholders: ``lastName``, ``host`` (``quarano.app.host``; here
  quarano.example.de), ``departmentName`` (the default department), and per mail those of
  ``department/TrackedCaseEmails`` (``activationCode``: the activation code's UUID, only
  inside the enrolment link; ``quarantineEndDate`` as ``dd.MM.yyyy``) or of
  ``diary/DiaryEntryReminderMailJob`` (``slot``: ``quarano.diary.Slot.TimeOfDay.2.evening``
  of ``messages[_en].properties`` in each text's language, with the date formatted by
  ``DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG)`` in the JVM's default locale, here
  German, so both halves show "3. Dezember 2026"). Subjects are the ``*.subject`` messages of
  ``messages.properties`` / ``messages_en.properties`` in the person's locale, with the
  department name for ``{0}``. ``core/EmailSender`` sends a ``SimpleMailMessage`` (text only)
  from ``Department name <contact address>`` (``account/DepartmentSender``: the department's
  index or contact address for the case type). Department: "Gesundheitsamt Musterstadt".

  * ``registration-index`` and ``registration-contact``: the registration link for the
    symptom diary (the activation code only in the link), ``new-contact-case``: notice to a
    reported contact, ``diary-reminder``: a missing diary entry. Each in a German-first (de)
    and an English-first (en) mail; both carry both languages. No code.

- OpenTeleRehab/admin-service (Apache-2.0, ``LICENSE``), commit fe6e3a2e: the
  administration service of OpenTeleRehab, Humanity & Inclusion's tele-rehabilitation
  platform (Laravel). Its mails are ``email_templates`` rows imported by
  ``app/Console/Commands/ImportEmailTemplate.php`` from
  ``storage/app/email_template/content.json`` (``${ADMIN_APP_URL}`` and
  ``${THERAPIST_APP_URL}`` replaced by the environment's URLs, here
  https://admin.telerehab.example.org and https://therapist.telerehab.example.org; prefix =
  ``Str::slug(content_type)``). The notifications (``app/Notifications/PatientReferral.php``
  and the others keyed by these prefixes) take the title as subject and the content with
  ``str_replace`` of ``#user_name#`` and the other party's ``#..._name#``, names made by
  ``UserHelper::getFullName`` (the default format ``${lastName} ${firstName}``), and send
  ``MailMessage::view('emails.patient-referral')``, whose Blade view is ``{!! $content !!}``:
  HTML only. From is ``MAIL_FROM_NAME <MAIL_FROM_ADDRESS>`` (here OpenTeleRehab
  <no-reply@telerehab.example.org>). English only: other languages are machine-translated
  into the database at run time (``ApplyEmailTemplateAutoTranslationListener``), not
  shipped. The ten referral notices (new referral, assigned, accepted, declined,
  counter-referred, for the admins, therapists and health-care workers they concern): no code.

- LibreHealthIO/lh-ehr (MPL-2.0: ``COPYRIGHT_AND_LICENSE.txt`` and ``mpl_license.txt``),
  commit 144776eb: LibreHealth EHR, a clinic electronic health record. When staff create a
  patient's portal login, ``interface/patient_file/summary/create_portallogin.php`` builds
  the message in ``messageCreate`` (the portal address, "User Name" and "Password" with the
  values, ``htmlspecialchars`` around each) and ``emailLogin`` sends it through
  ``MyMailer`` (PHPMailer): subject ``xl('Access Your Patient Portal')``, HTML
  ``<html><body><div class='wrapper'>…</div></body></html>`` via ``MsgHTML``, and
  ``AltBody`` set to the same message string, so the text part shows the ``<br>`` tags as
  written; From (and Reply-To) is the ``patient_reminder_sender_email`` global, as both name
  and address. The password comes from the file's ``generatePassword()``: two triplets, one
  of consonant/digit/special (``@#$%``) and one of digit/special/consonant, the order set by
  ``time() % 2``: six characters such as ``k4#7$m``; the user name defaults to first name
  plus patient id. ``xl()`` (``library/translation.inc.php``) translates in the staff
  member's session language from ``lang_definitions`` (else the English constant) and turns
  ``'`` and ``"`` into a backquote. The definitions are read from
  ``modules/language_translations/current_spreadsheet.tsv`` (the translation spreadsheet the
  project ships; SQL-style ``\\'`` unescaped): English plus the six languages whose rows
  translate all four strings and survive in that file (its non-Latin columns are stored as
  ``?``): de, fr, es, it, cs, fi. The portal address is ``portal_onsite_address``
  (https://ehr.greenvalley.example.org/patient_portal here).

  * ``portal-login``: staff-created login (above).
  * ``portal-registration``: a patient's self-registration on the portal,
    ``patient_portal/account/account.lib.php`` ``doCredentials``: its own ``messageCreate``
    (the onsite address when ``portal_onsite_enable`` is on, each address followed by one
    ``<br>``, then one more ``<br>``) and ``generatePassword($length = 8)``, whose loop runs
    while ``$i < 8/3`` and so gives three triplets: nine characters. The user name is first
    name plus patient id; the language is the portal session's.

- betagouv/sante-psy (MIT, ``LICENSE``), commit e0e933c2: Santé Psy Étudiant, the French
  state's free psychologist sessions for students. ``controllers/loginController.ts``
  renders ``views/emails/psyLogin.ejs``, ``studentLogin.ejs`` and
  ``loginNotAcceptedYet.ejs`` (each including ``header.ejs`` and ``footer.ejs``) with
  ``ejs.renderFile``; here the same files are exported to a temporary folder and rendered by
  ejs 3.1.10 under node (installed outside the tree: ``npm install --prefix
  /tmp/r26health-node ejs@3.1.10``, the version ``package.json`` asks for). ``utils/email.ts``
  sends ``html`` and ``text`` = the html with ``/<(?:.|\n)*?>/gm`` removed (so the header's
  CSS stays in the text part), from ``appName <sendingEmail>`` (the defaults of
  ``utils/config.ts``), subject ``Connexion à Santé Psy Étudiant`` or ``C'est trop tôt pour
  vous connecter à …``. Login links carry ``generateToken(32)`` (64 hex digits) after
  ``/login/``; the site is https://santepsy.etudiant.example.fr here. French only. Three
  notices: the psychologist's and the student's magic sign-in links, and "not yet
  accepted". No code.

Labels (``code``) are what a person would type: the two-factor code; links are not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round26" / "health.json"
SENT = datetime(2026, 12, 4, 18, 52, 14, tzinfo=UTC)


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# Go.Data

GODATA = "WorldHealthOrganization+GoDataSource-API"
GODATA_COMMIT = "cf8a5259700792742f401ace0e68b363784c71cd"
GODATA_LANG = "server/install/scripts/migrations/2.48.0/data/languages/english_us.json"
GODATA_TEMPLATES = {
    # template: (token stem, kind, code)
    "two_factor_authentication": ("TWO_FACTOR_AUTHENTICATION", "health-otp", "730418"),
    "reset_password": ("PASSWORD_RESET", "notice", None),
    "change_password": ("PASSWORD_CHANGE", "notice", None),
    "update_user": ("USER_UPDATE", "notice", None),
}


def lodash_interpolate(template: str, values: dict[str, str]) -> str:
    """lodash ``_.template`` with ``interpolate: /{{([\\s\\S]+?)}}/g``: each ``{{expr}}`` is
    the value of ``expr`` (bare names here), inserted as is; null/undefined give ''."""
    return re.sub(r"{{([\s\S]+?)}}", lambda m: values[m.group(1).strip()] or "", template)


GODATA_OLD_COMMIT = "f352948b00668cf955ded7c3801aa99cdcb45d4d"
GODATA_OLD_FILES = [
    "server/install/scripts/migrations/older/data/languages/english_us.json",
    "server/install/scripts/migrations/2.46.0/data/english_single/english_us.json",
]


def lodash_ejs(template: str, values: dict[str, str]) -> str:
    """lodash ``_.template`` with its default settings for a template that only uses
    ``<%= name %>``: the value inserted as is (the view holds nothing else)."""
    assert "<%-" not in template and not re.search(r"<%(?![=])", template)
    return re.sub(r"<%=([\s\S]+?)%>", lambda m: values[m.group(1).strip()], template)


def godata_2023(mirrors: Path, w: Writer) -> None:
    tokens: dict[str, str] = {}
    for path in GODATA_OLD_FILES:
        data = json.loads(git_show(mirrors, GODATA, GODATA_OLD_COMMIT, path))
        # the older file groups its tokens by section, the 2.46.0 one lists them
        if "sections" in data:
            data = {k: v for section in data["sections"].values() for k, v in section.items()}
        else:
            data = data["tokens"]
        for key, value in data.items():
            if key.startswith("LNG_REFERENCE_DATA_CATEGORY_TWO_FACTOR_AUTHENTICATION_"):
                tokens[key[len("LNG_REFERENCE_DATA_CATEGORY_TWO_FACTOR_AUTHENTICATION_") :]] = (
                    value["translation"]
                )
    view = git_show(
        mirrors, GODATA, GODATA_OLD_COMMIT, "server/views/twoFactorAuthenticationCodeEmail.ejs"
    ).decode()
    html = lodash_ejs(
        view,
        {
            "heading": tokens["HEADING"],
            "paragraph1": tokens["PARAGRAPH1"],
            "paragraph2": tokens["PARAGRAPH2"],
        },
    )
    code = "058263"
    values = {
        "twoFACode": code,
        "email": "noor.tester@example.com",
        "firstName": "Amina",
        "lastName": "Okafor",
    }
    raw = message(
        sender="no-reply@godata.example.org",
        subject=lodash_interpolate(tokens["SUBJECT"], values),
        text=None,
        html_part=lodash_interpolate(html, values),
        sent=SENT,
    )
    w.add(
        source="godata",
        group="godata-two-factor-2023",
        lang="en",
        raw=raw,
        kind="health-otp",
        code=code,
        repository="WorldHealthOrganization/GoDataSource-API",
        path=", ".join(
            [
                "components/twoFactorAuthentication.js",
                "server/views/twoFactorAuthenticationCodeEmail.ejs",
                "server/config.json",
                *GODATA_OLD_FILES,
            ]
        ),
        commit=GODATA_OLD_COMMIT,
        licence="GPL-3.0-only",
        rendered="lodash _.template of the .ejs view with the english_us tokens, then {{ }} "
        "interpolation of body and subject; loopback Email.send html only",
    )


def godata(mirrors: Path, w: Writer) -> None:
    tokens = json.loads(git_show(mirrors, GODATA, GODATA_COMMIT, GODATA_LANG))["tokens"]
    host = "https://godata.example.org"
    server_link = f'<a href="{host}">{host}</a>'
    change = f"{host}/account/change-password"
    token = "Qm7vT2kXw9LcR4nJpB8eYs1ZfH6uGd3AaK5tNx0WiE7oMrV2bCj9PlS4hUy8FqD1"
    reset = f"{host}/auth/reset-password?token={token}"
    for template, (stem, kind, code) in GODATA_TEMPLATES.items():
        subject = tokens[f"LNG_REFERENCE_DATA_CATEGORY_EMAIL_TEMPLATE_{stem}_SUBJECT"]
        body = tokens[f"LNG_REFERENCE_DATA_CATEGORY_EMAIL_TEMPLATE_{stem}_BODY"]
        with_token = template in ("reset_password", "change_password", "update_user")
        html_body = lodash_interpolate(
            body["translation"],
            {
                "code": code or "",
                "firstName": "Amina",
                "serverLink": server_link,
                "changePasswordLink": f'<a href="{change}">{change}</a>',
                "resetPasswordLink": f'<a href="{reset}">{reset}</a>' if with_token else "",
            },
        )
        raw = message(
            sender="no-reply@godata.example.org",
            subject=subject["translation"],
            text=None,
            html_part=html_body,
            sent=SENT,
        )
        w.add(
            source="godata",
            group=f"godata-{template.replace('_', '-')}",
            lang="en",
            raw=raw,
            kind=kind,
            code=code,
            repository="WorldHealthOrganization/GoDataSource-API",
            path=", ".join(
                [
                    "common/models/user.js",
                    "common/controllers/user.js",
                    "components/twoFactorAuthentication.js",
                    "server/config.json",
                    GODATA_LANG,
                ]
            ),
            commit=GODATA_COMMIT,
            licence="GPL-3.0-only",
            rendered="english_us subject/body tokens, lodash {{ }} interpolation as "
            "createAndSendEmail does; loopback Email.send html only",
        )


# ---------------------------------------------------------------------------------------
# Mano

MANO = "SocialGouv+mano"
MANO_COMMIT = "94a8d19946098d9c934a55de0cee868689436759"
MANO_FROM = "App Mano <admin@manoapp.fr>"
MANO_TOKEN = "9c41e07b2f85d3a6e1b04c7f58d2a93e6b1f0c47"


def mano(mirrors: Path, w: Writer) -> None:
    common = {
        "source": "mano",
        "lang": "fr",
        "kind": "notice",
        "code": None,
        "repository": "SocialGouv/mano",
        "commit": MANO_COMMIT,
        "licence": "Apache-2.0",
    }
    # welcome: the module's own function, run by node
    with tempfile.TemporaryDirectory() as tmp:
        module = Path(tmp) / "mail-bienvenue.js"
        module.write_bytes(git_show(mirrors, MANO, MANO_COMMIT, "api/src/utils/mail-bienvenue.js"))
        script = (
            f"const {{ mailBienvenueHtml }} = require({json.dumps(str(module))});"
            "process.stdout.write(mailBienvenueHtml('Camille Rousseau', "
            "'camille.rousseau@example.com', 'Maraude Solidarité Lyon', "
            f"{json.dumps(MANO_TOKEN)}));"
        )
        html_body = subprocess.run(
            ["node", "-e", script], capture_output=True, check=True, text=True
        ).stdout
    raw = message(
        sender=MANO_FROM, subject="Bienvenue dans Mano", text=None, html_part=html_body, sent=SENT
    )
    w.add(
        group="mano-welcome",
        raw=raw,
        path="api/src/utils/mail-bienvenue.js, api/src/controllers/user.js, "
        "api/src/utils/mailservice.js",
        rendered="mailBienvenueHtml run by node 20 from the file; Tipimail html only",
        **common,
    )
    # forgot password: the template literal of the route
    source = git_show(mirrors, MANO, MANO_COMMIT, "api/src/controllers/user.js").decode()
    subject = re.search(r'const subject = "(Réinitialiser[^"]*)";', source).group(1)
    literal = re.search(r"const body = `([^`]*)`;", source).group(1)
    link = f"https://dashboard-mano.fabrique.social.gouv.fr/auth/reset?token={MANO_TOKEN}"
    assert literal.count("${") == 1 and "${link}" in literal
    raw = message(
        sender=MANO_FROM,
        subject=subject,
        text=literal.replace("${link}", link),
        html_part=None,
        sent=SENT,
    )
    w.add(
        group="mano-forgot-password",
        raw=raw,
        path="api/src/controllers/user.js, api/src/utils/mailservice.js",
        rendered="the route's subject and body template literal with its link; Tipimail text only",
        **common,
    )


# ---------------------------------------------------------------------------------------
# Quarano

QUARANO = "quarano+quarano-application"
QUARANO_COMMIT = "1aeb1f331c70c652596f5a12f05f6866a76d5082"
QUARANO_SQL = "backend/src/main/resources/db/migration/V1014.0__Insert_email_texts.sql"
QUARANO_MESSAGES = {
    "de": "backend/src/main/resources/messages.properties",
    "en": "backend/src/main/resources/messages_en.properties",
}
QUARANO_DEPARTMENT = "Gesundheitsamt Musterstadt"
QUARANO_MAILS = {
    # key: (subject message, sender contact)
    "registration-index": (
        "RegistriationMail.subject",
        "index@gesundheitsamt-musterstadt.example.de",
    ),
    "registration-contact": (
        "RegistriationMail.subject",
        "kontakt@gesundheitsamt-musterstadt.example.de",
    ),
    "new-contact-case": (
        "NewContactCaseMail.subject",
        "kontakt@gesundheitsamt-musterstadt.example.de",
    ),
    "diary-reminder": (
        "DiaryEntryReminderMail.subject",
        "index@gesundheitsamt-musterstadt.example.de",
    ),
}


def java_properties(raw: bytes) -> dict[str, str]:
    """The plain ``key=value`` lines of a .properties file read as UTF-8 (Spring Boot's
    ``spring.messages.encoding`` default), ``\\uXXXX`` escapes decoded (the lines used
    here have no continuation lines)."""
    props: dict[str, str] = {}
    for line in raw.decode("utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "!")) or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value.strip())
        props[key.strip()] = value
    return props


def message_format(pattern: str, *args: str) -> str:
    """java.text.MessageFormat for these patterns: ``{n}`` replaced, no quotes in them."""
    assert "'" not in pattern
    return re.sub(r"{(\d)}", lambda m: args[int(m.group(1))], pattern)


def quarano_expand(text: str, messages: dict[str, str], values: dict[str, str]) -> str:
    """``EmailText.expand``: every ``{name}`` replaced; ``slot`` is the evening slot message
    of the text's own language with the date as the JVM's default (German) locale writes it
    (``FormatStyle.LONG``)."""
    slot = message_format(messages["quarano.diary.Slot.TimeOfDay.2.evening"], "3. Dezember 2026")
    for name, value in {**values, "slot": slot}.items():
        text = text.replace("{" + name + "}", value)
    return text


def quarano(mirrors: Path, w: Writer) -> None:
    sql = git_show(mirrors, QUARANO, QUARANO_COMMIT, QUARANO_SQL).decode()
    texts = {
        (m.group(1), m.group(2)): m.group(3).replace("''", "'")
        for m in re.finditer(
            r"INSERT INTO public\.email_texts VALUES \('[^']*', '([^']*)', '([^']*)',\s*"
            r"'((?:[^']|'')*)'",
            sql,
        )
    }
    messages = {
        lang: java_properties(git_show(mirrors, QUARANO, QUARANO_COMMIT, path))
        for lang, path in QUARANO_MESSAGES.items()
    }
    for key, (subject_key, contact) in QUARANO_MAILS.items():
        for lang in ("de", "en"):
            other = "en" if lang == "de" else "de"
            values = {
                "lastName": "Wagner",
                "host": "quarano.example.de",
                "departmentName": QUARANO_DEPARTMENT,
                "activationCode": "5f0c2e7a-93b1-4d6e-8a24-c71b9e30d4f8",
                "quarantineEndDate": "14.12.2026",
            }

            body = "\r\n\r\n==========\r\n\r\n".join(
                quarano_expand(texts[(key, text_lang)], messages[text_lang], values)
                for text_lang in (lang, other)
            )
            subject = message_format(messages[lang][subject_key], QUARANO_DEPARTMENT)
            raw = message(
                sender=f"{QUARANO_DEPARTMENT} <{contact}>",
                subject=subject,
                text=body,
                html_part=None,
                sent=SENT,
            )
            w.add(
                source="quarano",
                group=f"quarano-{key}",
                lang=lang,
                raw=raw,
                kind="notice",
                code=None,
                repository="quarano/quarano-application",
                path=", ".join(
                    [
                        QUARANO_SQL,
                        QUARANO_MESSAGES["de"],
                        QUARANO_MESSAGES["en"],
                        "backend/src/main/java/quarano/masterdata/DatabaseEmailTemplates.java",
                        "backend/src/main/java/quarano/masterdata/EmailText.java",
                        "backend/src/main/java/quarano/masterdata/TemplatedWithFallback.java",
                        "backend/src/main/java/quarano/core/EmailSender.java",
                        "backend/src/main/java/quarano/department/TrackedCaseEmails.java",
                        "backend/src/main/java/quarano/diary/DiaryEntryReminderMailJob.java",
                    ]
                ),
                commit=QUARANO_COMMIT,
                licence="EUPL-1.2",
                rendered="email_texts rows of the migration, {name} replaced as EmailText.expand, "
                "the other language appended as TemplatedWithFallback; SimpleMailMessage text only",
                note=f"bilingual: the {lang} text first, then the {other} one, as the sender "
                "always joins both supported languages",
            )


# ---------------------------------------------------------------------------------------
# OpenTeleRehab

OTR = "OpenTeleRehab+admin-service"
OTR_COMMIT = "fe6e3a2eac5d8f61159483d5a81b82a17a3d1d32"
OTR_CONTENT = "storage/app/email_template/content.json"
OTR_NAMES = {
    "#user_name#": ("Sok", "Dara"),
    "#therapist_name#": ("Chan", "Sophea"),
    "#rehab_service_admin_name#": ("Lim", "Vannak"),
    "#healthcare_worker_name#": ("Kim", "Sreymom"),
}


def str_slug(title: str) -> str:
    """Laravel ``Str::slug`` for these ASCII titles: lower case, runs of anything but
    letters and digits become one ``-``, none at the ends."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def opentelerehab(mirrors: Path, w: Writer) -> None:
    raw_json = git_show(mirrors, OTR, OTR_COMMIT, OTR_CONTENT).decode()
    raw_json = raw_json.replace("${ADMIN_APP_URL}", "https://admin.telerehab.example.org")
    raw_json = raw_json.replace("${THERAPIST_APP_URL}", "https://therapist.telerehab.example.org")
    for template in json.loads(raw_json):
        content = template["content"]
        for placeholder, (last, first) in OTR_NAMES.items():
            content = content.replace(placeholder, f"{last} {first}")
        assert "#" not in re.sub(r"&#\d+;", "", content), content
        prefix = str_slug(template["content_type"])
        raw = message(
            sender="OpenTeleRehab <no-reply@telerehab.example.org>",
            subject=template["title"],
            text=None,
            html_part=content,
            sent=SENT,
        )
        w.add(
            source="opentelerehab",
            group=f"opentelerehab-{prefix}",
            lang="en",
            raw=raw,
            kind="notice",
            code=None,
            repository="OpenTeleRehab/admin-service",
            path=", ".join(
                [
                    OTR_CONTENT,
                    "app/Console/Commands/ImportEmailTemplate.php",
                    "app/Notifications/PatientReferral.php",
                    "app/Helpers/UserHelper.php",
                    "resources/views/emails/patient-referral.blade.php",
                ]
            ),
            commit=OTR_COMMIT,
            licence="Apache-2.0",
            rendered="content.json template with the import's URLs and the notification's "
            "str_replace of names; Blade view {!! $content !!}, html only",
        )


# ---------------------------------------------------------------------------------------
# LibreHealth EHR

LH = "LibreHealthIO+lh-ehr"
LH_COMMIT = "144776eb0550178c57716efbf733d00aa6b45c89"
LH_TSV = "modules/language_translations/current_spreadsheet.tsv"
LH_LANGS = {"en": "en", "de": "de", "fr": "fr", "es": "es", "it": "it", "cs": "cs", "fi": "fi"}
LH_STRINGS = ["Access Your Patient Portal", "Patient Portal Web Address", "User Name", "Password"]
LH_PORTAL = "https://ehr.greenvalley.example.org/patient_portal"
LH_SENDER = "portal@greenvalley.example.org"
LH_PASSWORDS = {
    "en": "k4#7$m",
    "de": "5%tq2@",
    "fr": "h8$3#v",
    "es": "0@pz9%",
    "it": "r6%4$b",
    "cs": "2#gm7@",
    "fi": "w3@6%x",
}


def php_htmlspecialchars(text: str, quotes: bool) -> str:
    """PHP ``htmlspecialchars`` (``ENT_QUOTES`` or ``ENT_NOQUOTES``)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quotes:
        text = text.replace('"', "&quot;").replace("'", "&#039;")
    return text


LH_REG_PASSWORDS = {
    "en": "7#kd2$6@t",
    "de": "m5%8@ps3#",
    "fr": "4$hz7#9%b",
    "es": "q2@6%gv8$",
    "it": "3%nt4#0@w",
    "cs": "j9$5@rk6%",
    "fi": "8#ms3$2@e",
}


def libreehr(mirrors: Path, w: Writer) -> None:
    rows = [
        line.split("\t")
        for line in git_show(mirrors, LH, LH_COMMIT, LH_TSV).decode("utf-8").split("\n")
    ]
    codes = rows[1]
    table = {row[1]: dict(zip(codes[2:], row[2:], strict=False)) for row in rows if len(row) > 2}

    def xl(constant: str, lang: str) -> str:
        found = "" if lang == "en" else table[constant].get(lang, "").strip()
        found = found.replace("\\'", "'")
        string = found or constant
        for old, new in (("\n", " "), ("\r", ""), ('"', "`"), ("'", "`")):
            string = string.replace(old, new)
        return re.sub(r"\{\{.*\}\}", "", string)

    link = (
        "<a href='"
        + php_htmlspecialchars(LH_PORTAL, True)
        + "'>"
        + php_htmlspecialchars(LH_PORTAL, False)
        + "</a>"
    )
    variants = [
        # group, address lines (as each messageCreate writes them), passwords, files
        (
            "libreehr-portal-login",
            link + "<br><br>",
            LH_PASSWORDS,
            "interface/patient_file/summary/create_portallogin.php",
            "the staff-generated portal password",
        ),
        (
            "libreehr-portal-registration",
            link + "<br>" + "<br>",
            LH_REG_PASSWORDS,
            "patient_portal/account/account.lib.php",
            "the password generated at self-registration (nine characters: "
            "generatePassword(8) makes three triplets)",
        ),
    ]
    for (group, addresses, passwords, source_file, what), (lang, code) in (
        (v, lc) for v in variants for lc in LH_LANGS.items()
    ):
        assert lang == "en" or all(table[c].get(code, "").strip() for c in LH_STRINGS)
        uname = "Maria14"
        password = passwords[lang]
        body = php_htmlspecialchars(xl("Patient Portal Web Address", code), False) + ":<br>"
        body += addresses
        body += (
            php_htmlspecialchars(xl("User Name", code), False)
            + ": "
            + php_htmlspecialchars(uname, False)
            + "<br><br>"
            + php_htmlspecialchars(xl("Password", code), False)
            + ": "
            + php_htmlspecialchars(password, False)
            + "<br><br>"
        )
        raw = message(
            sender=f"{LH_SENDER} <{LH_SENDER}>",
            subject=xl("Access Your Patient Portal", code),
            text=body,
            html_part="<html><body><div class='wrapper'>" + body + "</div></body></html>",
            sent=SENT,
        )
        w.add(
            source="libreehr",
            group=group,
            lang=lang,
            raw=raw,
            kind="health-otp",
            code=password,
            repository="LibreHealthIO/lh-ehr",
            path=", ".join(
                [
                    source_file,
                    "library/translation.inc.php",
                    "library/classes/postmaster.php",
                    "library/globals.inc.php",
                    LH_TSV,
                ]
            ),
            commit=LH_COMMIT,
            licence="MPL-2.0",
            rendered="the file's messageCreate and mail code with xl() strings from the "
            "translation spreadsheet; PHPMailer MsgHTML + AltBody (the same HTML string)",
            note=f"{what}; the user name next to it is the login name",
        )


# ---------------------------------------------------------------------------------------
# Santé Psy Étudiant

PSY = "betagouv+sante-psy"
PSY_COMMIT = "e0e933c2b29dbd13939059e23d6b1ffe8059f250"
PSY_NODE_MODULES = Path("/tmp/r26health-node/node_modules")
PSY_SITE = "https://santepsy.etudiant.example.fr"
PSY_TOKEN = "3f9a1c07d2b84e65a0c1f7e93b2d5a4c8e61f02b97d3c5a1e4f8b06d2c79a3e5"
PSY_DRIVER = r"""
const ejs = require('ejs');
const jobs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
(async () => {
  const out = [];
  for (const job of jobs) {
    const html = await ejs.renderFile(job.file, job.data);
    out.push({ html, text: html.replace(/<(?:.|\n)*?>/gm, '') });
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


def sante_psy(mirrors: Path, w: Writer) -> None:
    app = "Santé Psy Étudiant"
    login_url = f"{PSY_SITE}/login"
    mails = [
        (
            "psy-login",
            "psyLogin.ejs",
            {
                "loginUrlWithToken": f"{login_url}/{PSY_TOKEN}",
                "appName": app,
                "loginUrl": login_url,
            },
            f"Connexion à {app}",
        ),
        (
            "student-login",
            "studentLogin.ejs",
            {"loginUrlWithToken": f"{login_url}/{PSY_TOKEN}", "site": f"{PSY_SITE}/login"},
            f"Connexion à {app}",
        ),
        (
            "login-not-accepted-yet",
            "loginNotAcceptedYet.ejs",
            {"appName": app},
            f"C'est trop tôt pour vous connecter à {app}",
        ),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        views = Path(tmp) / "emails"
        views.mkdir()
        for name in ["header.ejs", "footer.ejs"] + [m[1] for m in mails]:
            (views / name).write_bytes(git_show(mirrors, PSY, PSY_COMMIT, f"views/emails/{name}"))
        jobs = [{"file": str(views / m[1]), "data": m[2]} for m in mails]
        rendered = json.loads(
            subprocess.run(
                ["node", "-e", PSY_DRIVER],
                input=json.dumps(jobs),
                capture_output=True,
                check=True,
                text=True,
                env={**os.environ, "NODE_PATH": str(PSY_NODE_MODULES)},
            ).stdout
        )
    for (group, template, _, subject), parts in zip(mails, rendered, strict=True):
        raw = message(
            sender=f"{app} <contact@santepsyetudiant.beta.gouv.fr>",
            subject=subject,
            text=parts["text"],
            html_part=parts["html"],
            sent=SENT,
        )
        w.add(
            source="santepsy",
            group=f"santepsy-{group}",
            lang="fr",
            raw=raw,
            kind="notice",
            code=None,
            repository="betagouv/sante-psy",
            path=", ".join(
                [
                    f"views/emails/{template}",
                    "views/emails/header.ejs",
                    "views/emails/footer.ejs",
                    "controllers/loginController.ts",
                    "services/loginInformations.ts",
                    "utils/email.ts",
                    "utils/config.ts",
                ]
            ),
            commit=PSY_COMMIT,
            licence="MIT",
            rendered="ejs 3.1.10 renderFile of the view with its header/footer includes; "
            "nodemailer html + text (tags stripped by the sender's regex)",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    godata(args.mirrors, w)
    godata_2023(args.mirrors, w)
    mano(args.mirrors, w)
    quarano(args.mirrors, w)
    opentelerehab(args.mirrors, w)
    libreehr(args.mirrors, w)
    sante_psy(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
