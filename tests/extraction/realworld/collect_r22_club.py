"""Round twenty-two, software of associations, clubs, schools, libraries and events: member
management of clubs and societies, the volunteer shift planner of hacker events, the German
school cloud, a public-library system and a university campus system — their sign-in data,
generated passwords, one-time codes, PINs, verification and reset mails and their notices,
in the languages they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r22_club.py \\
        --mirrors /work/.mirror [--site /tmp/r22club-site]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.
``--site`` is a folder with jinja2 3.1.6 (``/work/main/.venv/bin/python -m pip install
--target /tmp/r22club-site jinja2==3.1.6``), used for Engelsystem's Twig views.

- Admidio/admidio (GPL-2.0-only), member management of clubs and associations (first written
  in German). Its system mails (``src/Infrastructure/SystemMail.php``) are texts that
  ``Organization::createBasicData`` copies at installation from the language file
  ``languages/<lang>.xml`` (``SYS_SYSMAIL_*``) into the database. The renderer does what the
  code does on that path: ``Language::prepareXmlText`` (``\\n`` -> ``<br />``, ``\\'`` -> ``'``,
  ``'`` -> ``&rsquo;``, ``\\"`` -> ``&quot;``, then ``[]`` -> ``<>``), ``Text::setValue`` (``<br />``
  -> CRLF), ``Entity::setValue`` (trim, ``html_entity_decode``, ``strip_tags``), then
  ``SystemMail::getMailText`` (CRLF -> LF, the ``#user_…#`` / ``#organization_…#`` /
  ``#variableN#`` placeholders, subject cut between ``#subject#`` and ``#content#``, or
  ``Systemmail von <homepage>`` where a translation renamed those markers) and
  ``Email::setText`` (``strip_tags``); system mails are not sent as HTML, so one text/plain
  part. The login-data mail (``User::sendNewPassword``) carries a generated password:
  ``SecurityUtils::getRandomString(16, [0-9a-zA-Z])``; the reset mail a link with a 50-char
  id. Some translations are machine-made and keep their flaws (Hungarian ``\\ n``, Romanian
  and Tamil translated the placeholder names): they are sent that way.
- engelsystem/engelsystem (GPL-2.0-or-later), the shift planner of volunteers ("angels") at
  hacker events and festivals: ``EngelsystemMailer::sendViewTranslated`` renders
  ``resources/views/emails/<name>.text.twig`` (extending ``mail.text.twig``) in the text Twig
  environment (no autoescape) and sends it as one text/plain part, Subject ``[<app_name>]
  <translated subject>``. The templates are rendered with jinja2 3.1.6 (``pip install
  --target /tmp/r22club-site jinja2==3.1.6``; ``--site`` points there) with Twig's
  whitespace rules (``trim_blocks``: the first newline after a block tag is dropped;
  ``keep_trailing_newline``) and ``is not null`` written as Jinja's ``is not none``; ``__()``
  is ``Translator::translate``: the user's catalogue, then en_US, then the key itself, and
  PHP ``sprintf`` with the values (unused ones ignored). German and English, the two
  catalogues it ships. No codes: the reset mail carries a link.
- hpi-schul-cloud/schulcloud-server (AGPL-3.0-only), the server of the German
  dBildungscloud (HPI Schul-Cloud) for schools: the registration PIN mail
  (``registrationPins.js``: ``getRandomInt(9999, 1000)``, a four-digit PIN, for parents and
  for pupils), the password recovery mail, the registration invitation and the team
  invitation. Each is a JavaScript template literal in the source; the renderer takes the
  literal from the file, fills ``${…}`` with fixed values and reads its escapes as
  JavaScript does (the recovery text keeps the tabs of its indentation). ``sendEmail``
  passes ``content.text`` as ``plainTextContent`` with an empty HTML content: one
  text/plain part from ``SMTP_SENDER``. German only.
- evergreen-library-system/Evergreen (GPL-2.0-or-later), the integrated library system of
  public library consortia: action-trigger event definitions seeded in
  ``Open-ILS/src/sql/Pg/950.data.seed-values.sql`` (Template Toolkit templates whose output
  is a whole message: header lines, a blank line, the body; the SendEmail reactor parses it
  with Email::MIME and sends text/plain). The multi-factor one-time code by email and by
  the carrier's email-to-SMS gateway (``MultiFactorAuth.pm``: Pass::OTP, six digits by the
  ``email.mfa.digits`` flag), the Ecard verification code (``Ecard.pm``:
  ``generate_verify_code``, six of C D F H J K L M N P R T V W X 3 4 7 9), the password
  reset request, the hold-ready notice, the welcome and the account-expiry notices. A small
  Template Toolkit renderer (``_TT``) does what ``Template->new`` does with these
  templates; its output was checked equal to Template Toolkit 2.27 (Debian's
  libtemplate-perl) for five of them. From and Subject come from the template's header
  lines; its Reply-To and Auto-Submitted lines are not carried over. English only (the
  seed templates are not translated).
- studip/studip (GPL-2.0-or-later), Stud.IP, the learning and campus management system of
  German universities (the GitHub mirror's snapshot, 2021): the two-factor token mail
  (``TwoFactorAuth::showConfirmationScreen`` for an email secret: gettext strings with
  ``sprintf``, the TOTP of OTPHP, six digits), the e-mail change mail with its 10-character
  activation key (``User::changeEmail``; the activation page asks for the key) and the
  registration confirmation. The last two are the language's ``locale/<lang>/LC_MAILS/*.php``
  files, which assign ``$subject`` and ``$mailbody`` by PHP string concatenation: a small
  evaluator reads their single- and double-quoted literals as PHP does (escapes, ``$name``
  interpolation) and puts fixed values for the other operands. English strings come from
  ``locale/en/LC_MESSAGES/studip.po``. ``StudipMail::sendMessage`` sends one text/plain part
  from ``"Stud.IP - <UNI_NAME_CLEAN>" <wwwrun@MAIL_LOCALHOST>`` (the defaults).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import json
import re
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 4, 14, 12, 9, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round22" / "club.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _rand(seed: str, length: int, alphabet: str) -> str:
    """A fixed string of the generator's shape (length and alphabet), chosen by a hash."""
    out, counter = [], 0
    while len(out) < length:
        digest = hashlib.sha256(f"{seed}/{counter}".encode()).digest()
        out.extend(alphabet[b % len(alphabet)] for b in digest)
        counter += 1
    return "".join(out[:length])


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


ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

# ---------------------------------------------------------------------------------------
# Admidio (member management of clubs and associations)

AD_REPO = "Admidio/admidio"
AD_COMMIT = "de13dd84039b7721d33b5ecfb4c71d65609a45d4"
# one club per language: (long name, homepage, admin mail, first name, last name, login)
AD_ORGS = {
    "en": ("Riverside Rowing Club", "https://www.riverside-rowing.example", "Emily", "Carter"),
    "de": ("TSV Lindenau 1898 e.V.", "https://www.tsv-lindenau.example", "Jonas", "Becker"),
    "cs": ("TJ Sokol Vinohrady", "https://www.sokol-vinohrady.example", "Tereza", "Dvořáková"),
    "hu": ("Budai Sakkegyesület", "https://www.budaisakk.example", "Levente", "Kovács"),
    "nb": ("Grünerløkka Idrettslag", "https://www.grunerlokka-il.example", "Ingrid", "Solberg"),
    "pl": ("Klub Sportowy Wisła Kępa", "https://www.ks-wislakepa.example", "Agnieszka",
           "Wójcik"),
    "ro": ("Asociația Culturală Dor de Cluj", "https://www.dordecluj.example", "Andrei", "Pop"),
    "ta": ("Chennai Cricket Club", "https://www.chennaicc.example", "Karthik", "Raman"),
    "fr": ("Club Alpin de Grenoble", "https://www.cag-grenoble.example", "Camille", "Girard"),
    "nl": ("Schaakvereniging De Toren", "https://www.svdetoren.example", "Sanne", "de Vries"),
    "ru": ("Шахматный клуб «Ладья»", "https://www.ladya-club.example", "Наталья", "Смирнова"),
    "sv": ("Södermalms Orienteringsklubb", "https://www.sok-orientering.example", "Elin",
           "Lindqvist"),
    "uk": ("Спортивний клуб «Дніпро»", "https://www.sk-dnipro.example", "Олена", "Коваленко"),
    "fi": ("Tampereen Kuoroyhdistys ry", "https://www.tampereenkuoro.example", "Aino",
           "Virtanen"),
}  # fmt: skip
AD_MAILS = (
    # template, language string, kind, languages
    ("login-information", "SYS_SYSMAIL_LOGIN_INFORMATION", "saas-otp",
     ("en", "de", "cs", "hu", "nb", "pl", "ro", "ta")),
    ("password-reset", "SYS_SYSMAIL_PASSWORD_RESET", "other",
     ("en", "de", "fr", "nl", "ru", "sv", "uk", "fi")),
    ("registration-approved", "SYS_SYSMAIL_REGISTRATION_USER", "notice",
     ("en", "de", "fr", "ru")),
)  # fmt: skip


def _admidio_db_text(xml_text: str) -> str:
    """The text stored in adm_texts: Language::prepareXmlText + strtr('[]', '<>'), then
    Text::setValue (<br /> -> CRLF) and Entity::setValue (trim, html_entity_decode,
    strip_tags)."""
    text = xml_text
    for old, new in (("\\n", "<br />"), ("\\'", "'"), ("'", "&rsquo;"), ('\\"', "&quot;")):
        text = text.replace(old, new)  # str_replace with arrays: one pair after the other
    text = text.translate(str.maketrans("[]", "<>"))
    text = re.sub(r"<br[ \t\n\r\f\v]*/?[ \t\n\r\f\v]*>", "\r\n", text)
    text = html.unescape(text.strip()).strip()
    assert "<" not in text, "strip_tags would change this text"
    return text


def admidio() -> None:
    for template, key, kind, langs in AD_MAILS:
        for lang in langs:
            root = ET.fromstring(_show(AD_REPO, AD_COMMIT, f"languages/{lang}.xml"))
            strings = {e.get("name"): e.text or "" for e in root.iter("string")}
            org, homepage, first, last = AD_ORGS[lang]
            login = (first[0] + last).lower() if lang not in ("ru", "uk") else "user2291"
            login = login.replace(" ", "")
            host = homepage.split("//")[1].removeprefix("www.")
            src = _admidio_db_text(strings[key]).replace("\r\n", "\n")
            replaces = {
                "#user_first_name#": first, "#user_last_name#": last,
                "#user_login_name#": login, "#user_email#": f"{login}@example.org",
                "#administrator_email#": f"vorstand@{host}" if lang == "de"
                else f"admin@{host}",
                "#organization_short_name#": org.split()[0],
                "#organization_long_name#": org, "#organization_homepage#": homepage,
            }  # fmt: skip
            for old, new in replaces.items():
                src = src.replace(old, new)
            code = None
            if template == "login-information":
                code = _rand(f"admidio-{lang}", 16, ALNUM)
                src = src.replace("#variable1#", code)
            elif template == "password-reset":
                uuid = "8d3f0c52-6b1e-4a7d-9c2e-" + _rand(f"ad-uuid-{lang}", 12, "0123456789abcdef")
                rid = _rand(f"ad-reset-{lang}", 50, ALNUM)
                src = src.replace(
                    "#variable1#",
                    f"{homepage}/admidio/system/password_reset.php?user_uuid={uuid}&id={rid}",
                )
            if "#subject#" in src:
                start, end = src.index("#subject#"), src.index("#content#")
                subject = src[start + 9 : start + 9 + end - 9].strip()
            else:
                subject = "Systemmail von " + homepage
            body = src[src.index("#content#") + 9 :].strip() if "#content#" in src else src
            notes = []
            if "#subject#" not in src:
                notes.append(
                    "The translation has no #subject#/#content# markers (translated or "
                    "left out), so Admidio sends its fallback subject and the whole "
                    "text as the body."
                )
            if "\\ n" in body:
                notes.append("The translation has '\\ n' for one line break; it is sent literally.")
            note = " ".join(notes) or None
            raw = message(
                sender=f"{org} <noreply@{host}>",
                subject=subject.replace("\\", ""),
                text=body + "\n",
                html_part=None,
                sent=SENT,
            )
            _item(
                source="admidio", template=template, lang=lang, kind=kind, code=code,
                repository=AD_REPO,
                path=f"languages/{lang}.xml, src/Infrastructure/SystemMail.php, "
                "src/Infrastructure/Email.php, src/Infrastructure/Language.php, "
                "src/Infrastructure/Entity/Text.php, src/Organizations/Entity/Organization.php",
                commit=AD_COMMIT, licence="GPL-2.0-only",
                rendered=f"{key} from the language file through prepareXmlText, "
                "Text/Entity::setValue and SystemMail::getMailText by a small renderer; "
                "text/plain",
                raw=raw, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Engelsystem (shift planning of volunteers, "angels", at hacker events and festivals)

ES_REPO = "engelsystem/engelsystem"
ES_COMMIT = "c4ee71550446961a6e55fad3d800c97911c09086"
ES_URL = "https://engel.hackerfest.example"
ES_EVENT = "Hackerfest 2026"  # config('name')
ES_APP = "Engelsystem"  # config('app_name'), its default; also the subject prefix
ES_LOCALES = {"de": "de_DE", "en": "en_US"}


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (no plurals are needed here)."""
    out: dict[str, str] = {}
    key = cur = None
    parts: dict[str, list[str]] = {}
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith(("msgid ", "msgstr ")):
            cur, _, rest = line.partition(" ")
            parts[cur] = [ast.literal_eval(rest)]
        elif line.startswith('"') and cur:
            parts[cur].append(ast.literal_eval(line))
        elif not line and "msgstr" in parts:
            key, value = "".join(parts["msgid"]), "".join(parts["msgstr"])
            if key and value:
                out[key] = value
            parts, cur = {}, None
    return out


def _sprintf(fmt: str, args: list) -> str:
    """PHP's sprintf for the conversions these catalogues use (%s, %d, %1$s, %%); unused
    arguments are ignored, as PHP does."""
    counter = iter(range(len(args)))

    def conv(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        value = args[int(m.group(1)) - 1] if m.group(1) else args[next(counter)]
        return str(int(value)) if m.group(2) == "d" else str(value)

    return re.sub(r"%%|%(?:(\d+)\$)?([sd])", conv, fmt)


class _PhpDate:
    """A DateTime whose ``format`` understands the PHP letters these templates use."""

    def __init__(self, when: datetime) -> None:
        self.when = when

    def format(self, fmt: str) -> str:
        table = {"Y": "%Y", "m": "%m", "d": "%d", "H": "%H", "i": "%M"}
        return "".join(self.when.strftime(table[c]) if c in table else c for c in fmt)


def engelsystem() -> None:
    from jinja2 import DictLoader, Environment, StrictUndefined

    views = "resources/views/emails/"
    templates = {
        f"emails/{name}.text.twig": _show(ES_REPO, ES_COMMIT, f"{views}{name}.text.twig").replace(
            "is not null", "is not none")  # Twig's test name -> Jinja's
        for name in ("mail", "password-reset", "user-welcome", "shift-assigned",
                     "shift-removed", "messages-new")
    }  # fmt: skip
    sender_id, token = 1187, _rand("es-reset", 32, "0123456789abcdef")  # bin2hex(random_bytes(16))
    for lang, locale in ES_LOCALES.items():
        cat: dict[str, str] = {}
        for loc in (ES_LOCALES["en"], locale):  # fallback locale first, then the user's
            for name in ("default", "additional"):
                cat.update(_po(_show(ES_REPO, ES_COMMIT, f"resources/lang/{loc}/{name}.po")))

        def tr(key, replace=(), cat=cat):
            text = cat.get(key, key)
            return _sprintf(text, list(replace)) if replace else text

        def url(path, params=None):
            return ES_URL + path + ("?" + urllib.parse.urlencode(params) if params else "")

        config = {"name": ES_EVENT, "app_name": ES_APP, "signup_requires_arrival": False,
                  "autoarrive": False}  # fmt: skip
        # Twig removes the first newline after a block tag and keeps a final newline; text
        # templates are not escaped.
        env = Environment(loader=DictLoader(templates), trim_blocks=True,
                          keep_trailing_newline=True, autoescape=False,
                          undefined=StrictUndefined)  # fmt: skip
        env.globals.update({"__": tr, "url": url, "config": config.get, "day_of_event": None})
        user = "Tessa" if lang == "de" else "Robin"
        shift = {
            "id": 4121, "title": "Frühschicht Tor 2", "shiftType": {"name": "Einlass"},
            "location": {"name": "Eingang Nord"},
            "start": _PhpDate(datetime(2026, 12, 27, 8, 0)),
            "end": _PhpDate(datetime(2026, 12, 27, 12, 0)),
        }  # fmt: skip
        mails = {
            "password-reset": ("Password recovery", {"username": user, "reset": {"token": token}}),
            "user-welcome": ("email.user.welcome.subject", {"app_name": ES_APP,
                                                            "username": user}),
            "shift-assigned": ("Assigned to Shift", {"shift": shift, "username": user}),
            "shift-removed": ("Removed from Shift", {"shift": shift, "username": user}),
            "messages-new": ("notification.messages.new", {
                "sender": "Heaven-Team", "send_message": {"sender": {"id": sender_id}},
                "username": user}),
        }  # fmt: skip
        for template, (subject_key, data) in mails.items():
            # translate($subject, $data): sprintf with the data's values in order
            subject = cat.get(subject_key, subject_key)
            subject = _sprintf(subject, list(data.values()))
            body = env.get_template(f"emails/{template}.text.twig").render(data)
            raw = message(
                sender=f"{ES_EVENT} Engelsystem <noreply@engel.hackerfest.example>",
                subject=f"[{ES_APP}] {subject.strip()}",
                text=body,
                html_part=None,
                sent=SENT,
            )
            note = None
            if template == "password-reset" and lang == "de":
                note = (
                    "'Password recovery' has no German translation, so the subject stays English."
                )
            _item(
                source="engelsystem", template=template, lang=lang, kind="other"
                if template in ("password-reset", "user-welcome") else "notice", code=None,
                repository=ES_REPO,
                path=f"resources/views/emails/{template}.text.twig, "
                "resources/views/emails/mail.text.twig, "
                f"resources/lang/{locale}/default.po, resources/lang/{locale}/additional.po, "
                "src/Mail/EngelsystemMailer.php, src/Helpers/Translation/Translator.php",
                commit=ES_COMMIT, licence="GPL-2.0-or-later",
                rendered="Twig text view and mail.text.twig layout rendered with jinja2 3.1.6 "
                "(trim_blocks, keep_trailing_newline: Twig's whitespace rules), __() from the "
                "gettext catalogues with sprintf; text/plain",
                raw=raw, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# dBildungscloud / HPI Schul-Cloud (the German school cloud; server in Node.js)

SC_REPO = "hpi-schul-cloud/schulcloud-server"
SC_COMMIT = "d7c5cbd2890fb0e42397d7521c06dda04ae8a319"
SC_TITLE = "dBildungscloud"  # config SC_TITLE, its default
SC_HOST = "https://dbildungscloud.example"  # config HOST
SC_SENDER = "noreply@dbildungscloud.de"  # config SMTP_SENDER, its default
SC_SCHOOL = "5f2987e020834114b8efd6f8"  # a school's ObjectId


def _js_literal(source: str, anchor: str) -> str:
    """The raw text of the first JavaScript template literal after ``anchor``."""
    begin = source.index("`", source.index(anchor)) + 1
    end = begin
    while source[end] != "`":
        end += 2 if source[end] == "\\" else 1
    return source[begin:end]


def _js_eval(raw: str, values: dict[str, str]) -> str:
    """A template literal's value: each ``${expr}`` by the value given for that expression,
    then the escapes (``\\n``, ``\\'``, ``\\\\``, ``\\` ``) as JavaScript reads them."""
    text = re.sub(r"\$\{([^}]*)\}", lambda m: values[m.group(1)], raw)
    escapes = {"n": "\n", "t": "\t", "'": "'", '"': '"', "\\": "\\", "`": "`"}
    return re.sub(r"\\(.)", lambda m: escapes[m.group(1)], text)


def schulcloud() -> None:
    pins_path = "src/services/user/hooks/registrationPins.js"
    recovery_path = "src/services/passwordRecovery/services/GenerateRecoveryPasswordTokenService.js"
    reglink_path = "src/services/user/services/MailRegistrationLink.js"
    teams_path = "src/services/teams/hooks/mail-text.js"
    pins = _show(SC_REPO, SC_COMMIT, pins_path)
    recovery = _show(SC_REPO, SC_COMMIT, recovery_path)
    reglink = _show(SC_REPO, SC_COMMIT, reglink_path)
    teams = _show(SC_REPO, SC_COMMIT, teams_path)
    team_hooks = _show(SC_REPO, SC_COMMIT, "src/services/teams/hooks/index.js")
    # getRandomInt(9999, 1000): four digits; randomStringAsBase64Url(24): 32 characters
    pin_parent, pin_student = "4817", "7352"
    token = _rand("sc-recovery", 32, ALNUM + "-_")
    # the registration hash: a bcrypt hash of the address, '/', '$' and '.' replaced
    import_hash = _rand("sc-importhash", 60, ALNUM)
    t = {"SC_TITLE": SC_TITLE}
    pin_subject = _js_eval(_js_literal(pins, "subject:"), t)
    close = _js_eval(_js_literal(teams, "const close ="), t)
    reg_link = f"{SC_HOST}/registration/{SC_SCHOOL}?importHash={import_hash}"
    team_link = f"{SC_HOST}/registration/{SC_SCHOOL}/byemployee?importHash={import_hash}"
    mails = [
        # template, subject, text, code, kind, path, note
        ("pin-parent", pin_subject,
         _js_eval(_js_literal(pins, "if (role === 'parent')"),
                  {**t, "consentWords": "durch Ihr Einverständnis ", "pin": pin_parent}),
         pin_parent, "saas-otp", pins_path, "For a parent (role 'parent'); SKIP_CONDITIONS_CONSENT "
         "unset (its default)."),
        ("pin-student", pin_subject,
         _js_eval(_js_literal(pins, "if (role === 'student'"), {**t, "pin": pin_student}),
         pin_student, "saas-otp", pins_path, None),
        ("password-recovery", _js_eval(_js_literal(recovery, "subject:"), t),
         _js_eval(_js_literal(recovery, "const mailContent ="),
                  {**t, "user.firstName": "Miriam", "user.lastName": "Hoffmann",
                   "recoveryLink": f"{SC_HOST}/pwrecovery/{token}"}),
         None, "other", recovery_path, "The source's template literal keeps its indentation "
         "tabs; the mail is sent that way."),
        ("registration-invitation", _js_eval(_js_literal(reglink, "subject:"), t),
         _js_eval(_js_literal(reglink, "text:"),
                  {**t, "firstName": "Lukas", "lastName": "Schneider",
                   "registrationLink": reg_link}),
         None, "other", reglink_path + ", src/services/link/index.js", None),
        ("team-invitation", _js_eval(_js_literal(team_hooks, "subject: `${SC_TITLE}: Team"), t),
         _js_eval(_js_literal(teams, "const inviteWithRegistration ="),
                  {**t, "invitee": "sabine.krueger@example.org", "inviter": "Thomas Weber",
                   "teamName": "Projektwoche Klimaschutz", "shortLink": team_link,
                   "close": close}),
         None, "notice", teams_path + ", src/services/teams/hooks/index.js", None),
    ]  # fmt: skip
    for template, subject, text, code, kind, path, note in mails:
        raw = message(sender=SC_SENDER, subject=subject, text=text, html_part=None, sent=SENT)
        _item(
            source="schulcloud", template=template, lang="de", kind=kind, code=code,
            repository=SC_REPO,
            path=path + ", src/hooks/index.js, src/services/helpers/service.js, "
            "config/default.schema.json",
            commit=SC_COMMIT, licence="AGPL-3.0-only",
            rendered="the JavaScript template literal of the source filled with fixed values "
            "(SC_TITLE, HOST, SMTP_SENDER: config defaults or example values); "
            "plainTextContent only, the HTML content is empty",
            raw=raw, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Evergreen ILS (library system of public library consortia)

EG_REPO = "evergreen-library-system/Evergreen"
EG_COMMIT = "921164cbfe938ca0ea3865f8cabaa4bc21a88e35"
EG_SEED = "Open-ILS/src/sql/Pg/950.data.seed-values.sql"
EG_SENDER = "notices@lakeside-library.example"  # email_notify/sender_address


class _TT:
    """A small Template Toolkit 2 renderer for the constructs of Evergreen's action-trigger
    templates, as ``Template->new`` (no PRE_/POST_CHOMP) processes them: ``[%- … -%]``
    chomping (CHOMP_ONE: one newline and the blanks next to it), ``GET`` of dotted paths
    with ``||``, assignment and ``SET``, ``IF``/``END``, ``FOR x IN list``/``END``, ``USE``,
    and calls of the helpers given; an undefined value prints as ''."""

    TAG = re.compile(r"\[%(-?)(.*?)(-?)%\]", re.S)

    def __init__(self, source: str) -> None:
        tokens: list[tuple[str, str]] = []
        pos = 0
        for m in self.TAG.finditer(source):
            text = source[pos : m.start()]
            if m.group(1):  # pre-chomp: s/(\r?\n|^)[^\S\n]*\z//m on the text before
                text = re.sub(r"(\r?\n|^)[^\S\n]*\Z", "", text, flags=re.M)
            tokens.append(("text", text))
            tokens.append(("dir", m.group(2).strip()))
            pos = m.end()
            if m.group(3):  # post-chomp: s/^([^\S\n]*\n)// on the text after
                rest = re.match(r"[^\S\n]*\n", source[pos:])
                if rest:
                    pos += rest.end()
        tokens.append(("text", source[pos:]))
        self.tokens = tokens

    def render(self, stash: dict) -> str:
        out: list[str] = []
        self._block(0, len(self.tokens), dict(stash), out)
        return "".join(out)

    def _match_end(self, start: int) -> int:
        depth = 0
        for i in range(start, len(self.tokens)):
            kind, value = self.tokens[i]
            if kind != "dir":
                continue
            if re.match(r"(IF|FOR|FOREACH)\b", value):
                depth += 1
            elif value == "END":
                depth -= 1
                if depth == 0:
                    return i
        raise ValueError("no END")

    def _block(self, i: int, stop: int, stash: dict, out: list[str]) -> None:
        while i < stop:
            kind, value = self.tokens[i]
            if kind == "text":
                out.append(value)
            elif value.startswith("USE "):
                pass
            elif m := re.fullmatch(r"IF (.+)", value, re.S):
                end = self._match_end(i)
                if self._truth(self._expr(m.group(1), stash)):
                    self._block(i + 1, end, stash, out)
                i = end
            elif m := re.fullmatch(r"FOR (\w+) IN (.+)", value, re.S):
                end = self._match_end(i)
                for item in self._expr(m.group(2), stash) or []:
                    stash[m.group(1)] = item
                    self._block(i + 1, end, stash, out)
                i = end
            elif m := re.fullmatch(r"(?:SET )?(\w+) = (.+)", value, re.S):
                stash[m.group(1)] = self._expr(m.group(2), stash)
            else:
                result = self._expr(value, stash)
                out.append("" if result is None else str(result))
            i += 1

    @staticmethod
    def _truth(value) -> bool:
        return bool(value) and value != "0"

    def _expr(self, expr: str, stash: dict):
        expr = expr.strip()
        if "||" in expr:
            for part in expr.split("||"):
                value = self._expr(part, stash)
                if self._truth(value):
                    return value
            return value
        if expr.startswith("!"):
            return not self._truth(self._expr(expr[1:], stash))
        if expr[0] in "'\"":
            return expr[1:-1]
        if re.fullmatch(r"\d+", expr):
            return int(expr)
        m = re.fullmatch(r"([\w.]+)\((.*)\)", expr, re.S)
        if m:
            args = [a.strip() for a in re.split(r",(?=(?:[^']*'[^']*')*[^']*$)", m.group(2))]
            pos = [self._expr(a, stash) for a in args if "=>" not in a]
            if m.group(1).endswith(".substr"):  # the scalar virtual method
                text = str(self._path(m.group(1)[: -len(".substr")], stash))
                return text[pos[0] : pos[0] + pos[1]] if len(pos) > 1 else text[pos[0] :]
            return self._path(m.group(1), stash)(*pos)
        return self._path(expr, stash)

    @staticmethod
    def _path(path: str, stash: dict):
        value = stash
        for part in path.split("."):
            if value is None:
                return None
            if isinstance(value, list):
                value = value[int(part)] if part.isdigit() and int(part) < len(value) else None
            elif isinstance(value, dict):
                value = value.get(part)
            else:
                value = getattr(value, part, None)
        return value


def _eg_template(seed: str, name: str) -> str:
    """The template of the event definition called ``name`` in the seed data ($$…$$)."""
    start = seed.index("$$", seed.index(f"'{name}'")) + 2
    return seed[start : seed.index("$$", start)]


def evergreen() -> None:
    seed = _show(EG_REPO, EG_COMMIT, EG_SEED)
    address = {"street1": "210 Harbor Street", "street2": "", "city": "Lakeside",
               "state": "MI", "post_code": "49116"}  # fmt: skip
    lib = {
        "id": 4,
        "name": "Lakeside Public Library",
        "email": "info@lakeside-library.example",
        "phone": "269-555-0142",
        "mailing_address": address,
        "billing_address": None,
    }
    user = {"id": 88213, "first_given_name": "Dana", "family_name": "Okafor",
            "email": "dana.okafor@example.org", "home_ou": lib, "ident_value2": None,
            "create_date": "2026-12-04T14:11:52-0500"}  # fmt: skip
    helpers = {
        "get_org_setting": lambda org, name: None,  # org.bounced_emails unset
        "get_copy_bib_basics": lambda copy_id: {
            "title": "The overstory : a novel",
            "author": "Powers, Richard, 1957-",
        },
        "get_sms_gateway_email": lambda carrier, phone: f"{phone}@txt.carrier.example",
    }
    date = {"now": None, "format": lambda now, fmt: SENT.strftime(fmt)}
    # Pass::OTP::otp: digits from the email.mfa.digits flag (6); Ecard: six of
    # generate_verify_code's characters (C D F H J K L M N P R T V W X 3 4 7 9)
    otp, ecard = "305718", "K7WR3N"
    hold = {"current_copy": {"id": 51120, "barcode": "39007004118826",
                             "call_number": {"label": "FIC POWERS"}},
            "pickup_lib": lib}  # fmt: skip
    mails = [
        # template, event definition, stash, code, kind
        ("mfa-email-otp", "Send One-Time Password Email",
         {"target": user, "user_data": {"email": user["email"], "otp_code": otp,
                                        "issuer": "Lakeside Library"}}, otp, "saas-otp"),
        ("mfa-sms-otp", "Send One-Time Password SMS",
         {"target": user, "user_data": {"phone": "2695550187", "carrier": 3, "otp_code": otp[::-1],
                                        "issuer": "Lakeside Library"}}, otp[::-1], "saas-otp"),
        ("ecard-verification", "Send Ecard Verification Email",
         {"target": {**user, "ident_value2": ecard}, "user_data": {"email": user["email"]}},
         ecard, "saas-otp"),
        ("password-reset", "Password reset request notification",
         {"target": {"usr": user, "uuid": "0d1d8e4c2f9b4c6e8a7d3b2f1e0c9a87"},
          "params": {"hostname": "catalog.lakeside-library.example"}}, None, "other"),
        ("hold-available", "Hold Ready for Pickup Email Notification",
         {"target": [{**hold, "usr": user}]}, None, "notice"),
        ("welcome", "New User Created Welcome Notice", {"target": user}, None, "notice"),
        ("account-expiration", "30 Day Account Expiration Courtesy Notice", {"target": user},
         None, "notice"),
    ]  # fmt: skip
    for template, name, stash, code, kind in mails:
        stash = {"params": {}, **stash, "helpers": helpers, "date": date,
                 "default_sender": EG_SENDER}  # fmt: skip
        text = _TT(_eg_template(seed, name)).render(stash)
        head, _, body = text.partition("\n\n")  # Email::MIME: headers, blank line, body
        headers = dict(line.split(": ", 1) for line in head.splitlines())
        raw = message(sender=headers["From"], subject=headers["Subject"], text=body,
                      html_part=None, sent=SENT)  # fmt: skip
        note = None
        if template == "mfa-sms-otp":
            note = (
                "Sent as an email to the carrier's email-to-SMS gateway (SendSMS reactor); "
                "the phone shows it as a text message."
            )
        _item(
            source="evergreen", template=template, lang="en", kind=kind, code=code,
            repository=EG_REPO,
            path=f"{EG_SEED}, Open-ILS/src/perlmods/lib/OpenILS/Application/Trigger/Reactor.pm, "
            "Open-ILS/src/perlmods/lib/OpenILS/Application/Trigger/Reactor/SendEmail.pm"
            + (", Open-ILS/src/perlmods/lib/OpenILS/WWW/EGCatLoader/Ecard.pm"
               if template == "ecard-verification" else "")
            + (", Open-ILS/src/perlmods/lib/OpenILS/Application/MultiFactorAuth.pm"
               if template.startswith("mfa") else ""),
            commit=EG_COMMIT, licence="GPL-2.0-or-later",
            rendered=f"the '{name}' action-trigger template (Template Toolkit) by a small TT "
            "renderer; its header lines become the mail's From and Subject (Reply-To and "
            "Auto-Submitted dropped), the rest is the text/plain body",
            raw=raw, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Stud.IP (learning and campus management of German universities)

SI_REPO = "studip/studip"
SI_COMMIT = "ff5baa68fcf0a507a94a3d583f0a2469e9146914"
SI_UNI = "Hochschule Weserbergland"  # Config UNI_NAME_CLEAN
SI_URI = "https://studip.hsw.example/"  # $ABSOLUTE_URI_STUDIP
SI_HOST = "studip.hsw.example"  # $MAIL_LOCALHOST
# StudipMail: From "Stud.IP - <UNI_NAME_CLEAN>" <wwwrun@MAIL_LOCALHOST> when MAIL_FROM and
# MAIL_ENV_FROM are empty (config_defaults.inc.php), Reply-To abuse@MAIL_LOCALHOST
SI_SENDER = f'"Stud.IP - {SI_UNI}" <wwwrun@{SI_HOST}>'


def _php_string(token: str, values: dict[str, str]) -> str:
    """A PHP string literal's value: single-quoted (only \\\\ and \\' escapes) or double-quoted
    (escapes and ``$name`` interpolation)."""
    body = token[1:-1]
    if token[0] == "'":
        return body.replace("\\'", "'").replace("\\\\", "\\")
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "$": "$"}

    def unescape(m: re.Match) -> str:
        if m.group(1):
            return escapes.get(m.group(1), "\\" + m.group(1))
        return values["$" + m.group(2)]

    return re.sub(r"\\(.)|\$(\w+)", unescape, body)


def _php_assignment(source: str, name: str, values: dict[str, str]) -> str:
    """The value PHP gives ``$name`` by the statement ``$name = a . b . …`` of an included
    LC_MAILS file (ended by ';' or by the closing tag): string literals are read as PHP
    does, any other operand is looked up by its source text in ``values``."""
    m = re.search(rf"\${name}\s*=\s*", source)
    pos, operands, current, depth = m.end(), [], "", 0
    while True:
        ch = source[pos]
        if ch in "\"'":
            end = pos + 1
            while source[end] != ch:
                end += 2 if source[end] == "\\" else 1
            current += source[pos : end + 1]
            pos = end + 1
            continue
        if depth == 0 and (ch == ";" or source.startswith("?>", pos)):
            break
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "." and depth == 0:
            operands.append(current.strip())
            current = ""
        else:
            current += ch
        pos += 1
    operands.append(current.strip())
    parts = []
    for operand in operands:
        if operand[0] in "\"'" and operand[-1] == operand[0]:
            parts.append(_php_string(operand, values))
        else:
            parts.append(values[operand])
    return "".join(parts)


def studip() -> None:
    po_en = _po(_show(SI_REPO, SI_COMMIT, "locale/en/LC_MESSAGES/studip.po"))
    user_id = _rand("si-user", 32, "0123456789abcdef")  # md5-style user ids
    for lang in ("de", "en"):
        gettext = (lambda s: s) if lang == "de" else (lambda s: po_en.get(s, s))
        # TwoFactorAuth::showConfirmationScreen, type 'email': a TOTP (OTPHP: six digits)
        token = "482093" if lang == "de" else "715264"
        tfa = (
            "tfa-token",
            gettext("Ihr Zwei-Faktor-Token"),
            _sprintf(gettext("Bitte geben Sie dieses Token ein: %s"), [token]),
            token,
            "lib/classes/TwoFactorAuth.php, lib/models/TFASecret.php, "
            f"locale/{lang}/LC_MESSAGES/studip.po",
            "gettext string filled by sprintf",
        )
        # User::changeEmail: a 10-character activation key of [0-9a-z] (mt_rand % 36)
        key = _rand(f"si-key-{lang}", 10, "0123456789abcdefghijklmnopqrstuvwxyz")
        path = f"locale/{lang}/LC_MAILS/change_self_mail.inc.php"
        src = _show(SI_REPO, SI_COMMIT, path)
        values = {
            "Config::get()->UNI_NAME_CLEAN": SI_UNI,
            "$key": key,
            "$activatation_url": f"{SI_URI}activate_email.php?uid={user_id}&key={key}",
        }
        change = (
            "email-activation-key",
            _php_assignment(src, "subject", values),
            _php_assignment(src, "mailbody", values),
            key,
            f"{path}, lib/models/User.class.php, public/activate_email.php",
            "the included PHP file's string expressions evaluated",
        )
        # Seminar_Register_Auth::sendValidationMail
        path = f"locale/{lang}/LC_MAILS/register_mail.inc.php"
        src = _show(SI_REPO, SI_COMMIT, path)
        values = {
            "Config::get()->UNI_NAME_CLEAN": SI_UNI,
            "$Zeit": "15:12:09, 04.12.2026",
            "$username": "jmeyer",
            "$Vorname": "Johanna",
            "$Nachname": "Meyer",
            "$Email": "johanna.meyer@example.org",
            "$abuse": f"abuse@{SI_HOST}",
            "$url": f"{SI_URI}email_validation.php?secret="
            + _rand(f"si-token-{lang}", 32, "0123456789abcdef"),
        }
        register = (
            "registration-confirmation",
            _php_assignment(src, "subject", values),
            _php_assignment(src, "mailbody", values),
            None,
            f"{path}, lib/phplib/Seminar_Register_Auth.class.php",
            "the included PHP file's string expressions evaluated",
        )
        for template, subject, body, code, path, how in (tfa, change, register):
            raw = message(sender=SI_SENDER, subject=subject, text=body, html_part=None, sent=SENT)
            note = None
            if template == "email-activation-key":
                note = (
                    "The activation page asks for this key ('Aktivierungs Schlüssel'); the "
                    "link carries it too."
                )
            _item(
                source="studip", template=template, lang=lang, kind="saas-otp" if code else "other", code=code,
                repository=SI_REPO, path=path + ", lib/classes/StudipMail.class.php",
                commit=SI_COMMIT, licence="GPL-2.0-or-later",
                rendered=f"{how} by a small renderer; StudipMail::sendMessage sends the text "
                "as one quoted-printable text/plain part",
                raw=raw, note=note,
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    parser.add_argument("--site", type=Path, default=Path("/tmp/r22club-site"))
    args = parser.parse_args()
    MIRRORS = args.mirrors
    sys.path.insert(0, str(args.site))
    admidio()
    engelsystem()
    schulcloud()
    evergreen()
    studip()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
