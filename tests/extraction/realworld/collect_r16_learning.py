"""Round sixteen, education and research software: journal and conference systems of the
Public Knowledge Project, an ePortfolio and an LMS, repositories and data portals, an
annotation service and a lab notebook, mailing passwords, codes and notices in the
languages they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_learning.py \\
        --mirrors /work/.mirror

Every snapshot is read from ``<mirrors>/<owner>+<name>/repo`` (a bare git directory) at the
commit recorded below, so every run writes the same bytes.

- pkp/ojs (GPL-3.0), Open Journal Systems 3.5. Its e-mail templates are the ``emails.*``
  entries of ``locale/<lang>/emails.po`` (subject and body; untranslated or fuzzy entries
  are not taken). ``pkp-lib``'s ``Mailable`` fills ``{$var}`` and sends the body alone as
  text/html. USER_REGISTER (``UserCreated``, an editor creating an account) and
  REVIEWER_REGISTER (``ReviewerRegister``, an editor enrolling a reviewer) carry the
  password from ``Validation::generatePassword()``: the site's minimum length (8 here),
  each character a digit 2-9 with chance 1/4, else a letter without i, l, o, I, O.
- pkp/ocs (GPL-2.0, "GNU GPL v2" in its headers), Open Conference Systems 2.3, PKP's
  conference system.
  ``locale/<lang>/emailTemplates.xml`` holds the templates; the 2.x ``Mail`` class sends the
  filled body as one text/plain part. PASSWORD_RESET (new password after the confirmation
  link) and USER_REGISTER (the account record ``UserManagementForm`` sends when a director
  creates an account with a generated password) give a password from
  ``Validation::generatePassword(8)`` (``classes/security/Validation.inc.php``, the same
  alphabet as above).
- MaharaProject/mahara (GPL-3.0-or-later), the ePortfolio Mahara (English: other languages
  are separate language packs). ``htdocs/lang/en.utf8/mahara.php`` strings through
  ``get_string`` (sprintf) as ``admin/users/add.php``, ``uploadcsv.php``, ``forgotpass.php``,
  ``auth/lib.php`` and ``lib/institution.php`` call them; ``email_user`` sends text and HTML
  (PHPMailer ``WordWrap`` 79 wraps the text alternative, reproduced from ``wrapText``) and
  adds "Please do not reply" when sent from the no-reply address. The account mails carry
  the password an administrator set.
- DSpace/DSpace (BSD-3-Clause), the repository platform. Velocity templates in
  ``dspace/config/emails/`` filled by a small renderer of the directives they use
  (``#set``, ``#if``, ``${params[n]}``, ``${config.get(..)}``, Velocity 2 line gobbling),
  with the arguments ``RequestItemEmailNotifier`` and the workflow pass; one text/plain part.
- ckan/ckan (AGPL-3.0-or-later), the open-data portal. ``ckan/templates/emails/*.txt`` are
  rendered with jinja2's i18n extension, new-style gettext from ``ckan/i18n/<lang>`` and the
  ``ext.i18n.trimmed`` policy CKAN sets (so each mail is one line); text part only.
- hypothesis/h (BSD-2-Clause), the Hypothesis annotation service used in teaching. Jinja2
  text and HTML templates with the contexts of ``h/emails/*.py``; the password-reset code
  is an itsdangerous ``URLSafeTimedSerializer`` token of the username, reproduced with the
  standard library.
- claroline/Claroline (AGPL-3.0, as composer.json declares), the LMS Claroline Connect
  (English and French).
  System templates (titles from their DataFixtures), ``%placeholder%`` replacement as
  ``PlaceholderManager`` does, wrapped in the ``email_layout`` template and
  ``external.html.twig`` (its few Twig expressions spelled in Jinja); one text/html part.
  The registration mail gives the password the account was created with.
- elabftw/elabftw (AGPL-3.0-or-later), the electronic lab notebook. Notification
  ``getEmail()`` strings with gettext in the recipient's language
  (``src/langs/<locale>/LC_MESSAGES/messages.po``), subject prefixed ``[eLabFTW] ``; one
  text/plain part.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import html
import json
import random
import re
import subprocess
import xml.etree.ElementTree as ET
import zlib
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 2, 8, 41, 17, tzinfo=UTC)
RNG = random.Random("r16-learning")
ITEMS: list[dict] = []
MIRRORS = Path("/work/.mirror")


def _git(repo: str, *args: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), *args], capture_output=True, check=True
    ).stdout


def _show(repo: str, commit: str, path: str) -> str:
    return _git(repo, "show", f"{commit}:{path}").decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text=None, html_part=None, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = {"nb_NO": "nb"}.get(lang, lang.replace("_", "-"))
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


def _pick(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _pkp_password(n: int = 8) -> str:
    """``Validation::generatePassword``: a digit with chance 1/4, else a letter."""
    letters = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
    return "".join(
        RNG.choice("23456789") if RNG.randint(1, 4) == 4 else RNG.choice(letters) for _ in range(n)
    )


def _fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\$(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), template)


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (fuzzy and empty entries left out)."""
    out: dict[str, str] = {}
    entry: dict[str, str] = {}
    key = None
    fuzzy = False

    def flush() -> None:
        nonlocal entry, fuzzy
        if entry.get("msgstr") and "msgid" in entry and not fuzzy:
            out[entry["msgid"]] = entry["msgstr"]
        entry, fuzzy = {}, False

    for line in text.splitlines():
        if line.startswith("#,") and "fuzzy" in line:
            flush()
            fuzzy = True
            continue
        m = re.match(r'(msgid|msgstr|msgctxt)\s+"(.*)"\s*$', line)
        if m:
            if m.group(1) == "msgid" and "msgid" in entry:
                keep = fuzzy
                flush()
                fuzzy = keep
            key = m.group(1)
            entry[key] = m.group(2)
            continue
        m = re.match(r'\s*"(.*)"\s*$', line)
        if m and key:
            entry[key] += m.group(1)
            continue
        if not line.strip():
            flush()
            key = None
    flush()

    def unescape(s: str) -> str:
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)

    return {unescape(k): unescape(v) for k, v in out.items()}


# Invented people, one per language: (full name, username).
PEOPLE = {
    "en": ("Hannah Whitfield", "hwhitfield"), "de": ("Jonas Brenner", "jbrenner"),
    "fr": ("Camille Roussel", "croussel"), "es": ("Lucía Navarro", "lnavarro"),
    "pt_BR": ("Beatriz Carvalho", "bcarvalho"), "pt_PT": ("Inês Figueiredo", "ifigueiredo"),
    "it": ("Giulia Ferraro", "gferraro"), "ru": ("Ольга Смирнова", "osmirnova"),
    "uk": ("Тарас Мельник", "tmelnyk"), "ar": ("ليلى حداد", "lhaddad"),
    "fa": ("سارا رحیمی", "srahimi"), "ja": ("佐藤 美咲", "msato"),
    "zh_Hans": ("王 丽华", "wanglihua"), "zh_TW": ("陳 怡君", "chenyijun"),
    "tr": ("Elif Yıldız", "eyildiz"), "pl": ("Katarzyna Wójcik", "kwojcik"),
    "id": ("Dewi Lestari", "dlestari"), "cs": ("Petra Dvořáková", "pdvorakova"),
    "sv": ("Erik Lindqvist", "elindqvist"), "fi": ("Aino Virtanen", "avirtanen"),
    "hr": ("Ivana Horvat", "ihorvat"), "hu": ("Nagy Eszter", "nagyeszter"),
    "vi": ("Nguyễn Thu Trang", "nttrang"), "th": ("สมชาย ใจดี", "somchai.j"),
    "mn": ("Батболд Ганбаатар", "batbold.g"), "ky": ("Айгүл Токтосунова", "aigul.t"),
    "eu": ("Ane Etxeberria", "aetxeberria"), "gl": ("Xoán Castro", "xcastro"),
    "nb_NO": ("Ingrid Solberg", "isolberg"), "nl": ("Sanne de Vries", "sdevries"),
    "da": ("Mette Kjær", "mkjaer"), "sl": ("Maja Novak", "mnovak"),
    "ca": ("Jordi Puig", "jpuig"), "es_AR": ("Martín Giménez", "mgimenez"),
    "he": ("נועה לוי", "noa.levi"),
}  # fmt: skip

# ---------------------------------------------------------------------------------------
# Open Journal Systems (pkp/ojs)

OJS = "pkp/ojs"
OJS_COMMIT = "718a023c28e01fea6161f2719ba14c745eb36356"
OJS_JOURNAL = "Journal of Coastal Ecology"
OJS_URL = "https://journals.tidewater-univ.example.edu/index.php/jce"
OJS_EDITOR = ("Amara Okafor", "a.okafor@tidewater-univ.example.edu")

# template key, group name, kind, languages
OJS_TEMPLATES = [
    ("userRegister", "user-register", "saas-otp",
     ["en", "de", "fr", "es", "pt_BR", "it", "ru", "uk", "ar", "fa", "ja", "zh_Hans", "tr",
      "pl", "id"]),
    ("reviewerRegister", "reviewer-register", "saas-otp",
     ["en", "cs", "sv", "fi", "hr", "hu", "vi", "th", "mn", "ky", "eu", "gl", "nb_NO"]),
    ("passwordResetConfirm", "password-reset-confirm", "notice",
     ["en", "de", "es", "fr", "pt_BR", "ru"]),
    ("userValidateContext", "validate-account", "notice", ["en", "it", "ja", "tr", "id"]),
    ("issuePublishNotify", "issue-published", "notice", ["en", "nl", "da", "sl"]),
    ("editorDecisionAccept", "decision-accept", "notice", ["en", "fr", "pl", "ar"]),
    ("subscriptionPurchaseIndl", "subscription-purchase", "invoice", ["en", "de", "es"]),
]  # fmt: skip


def ojs() -> None:
    en = parse_po(_show(OJS, OJS_COMMIT, "locale/en/emails.po"))
    for key, group, kind, langs in OJS_TEMPLATES:
        for lang in langs:
            path = f"locale/{lang}/emails.po"
            cat = parse_po(_show(OJS, OJS_COMMIT, path))
            body = cat[f"emails.{key}.body"]
            subject = cat.get(f"emails.{key}.subject", en[f"emails.{key}.subject"])
            name, username = PEOPLE[lang]
            password = _pkp_password() if "{$password}" in body else None
            issue = "Vol. 14 No. 3 (2026)"
            values = {
                "recipientName": html.escape(name), "contextName": OJS_JOURNAL,
                "recipientUsername": username, "password": html.escape(password or ""),
                "signature": f"<p>{OJS_EDITOR[0]}<br />Managing Editor, {OJS_JOURNAL}</p>",
                "contextSignature": f"<p>{OJS_EDITOR[0]}<br />{OJS_JOURNAL}</p>",
                "siteTitle": OJS_JOURNAL, "contextUrl": OJS_URL, "siteContactName": OJS_EDITOR[0],
                "passwordResetUrl": f"{OJS_URL}/login/resetPassword/{username}"
                "?confirm=eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.a7f3c91e2b",
                "activateUrl": f"{OJS_URL}/user/activateUser/{username}/0c8e4b29d1f7",
                "issueIdentification": issue, "issueUrl": f"{OJS_URL}/issue/view/87",
                "issueToc": "<ul><li>Seagrass recovery after the 2024 storm season — "
                "M. Haddad, P. Lindgren</li><li>Microplastics in estuarine sediments of the "
                "Tagus — I. Figueiredo</li></ul>",
                "submissionTitle": "Salt-marsh carbon burial under sea-level rise",
                "authorSubmissionUrl": f"{OJS_URL}/dashboard/submissions?workflowSubmissionId=1294",
                "subscriptionType": "Individual — Online (1 year) 45.00 EUR",
                "subscriberDetails": f"{html.escape(name)}<br />{username}@mail.example.org",
                "membership": "Coastal Ecology Society, member no. 20417",
                "subscriptionUrl": f"{OJS_URL}/payments/editSubscription/individual/3316",
            }  # fmt: skip
            note = None
            if password:
                note = "password OJS generated for the account the editor made; username beside it"
            _save(
                source="ojs", template=group, lang=lang, kind=kind, code=password,
                repository=OJS, path=path, commit=OJS_COMMIT, licence="GPL-3.0",
                rendered=f"emails.po emails.{key} filled as pkp-lib Mailable ({{$var}}); "
                "one text/html part" + ("; password Validation::generatePassword()" if password else ""),
                sender=f"{OJS_EDITOR[0]} <{OJS_EDITOR[1]}>", subject=_fill(subject, values),
                html_part=_fill(body, values), note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Open Conference Systems (pkp/ocs)

OCS = "pkp/ocs"
OCS_COMMIT = "a5c069448da7314789c4e7b90d037f513649c740"
OCS_LOCALES = {
    "en_US": "en", "de_DE": "de", "ca_ES": "ca", "cs_CZ": "cs", "es_AR": "es_AR",
    "es_ES": "es", "eu_ES": "eu", "fr_CA": "fr_CA", "it_IT": "it", "pt_BR": "pt_BR",
    "pt_PT": "pt_PT", "zh_TW": "zh_TW",
}  # fmt: skip
OCS_CONF = "International Conference on Marine Sensor Engineering"
OCS_CONTACT = ("Rafael Montoya", "icmse2026@conf.oceanlab.example.org")
OCS_URL = "https://conf.oceanlab.example.org/index.php/icmse/2026"

OCS_TEMPLATES = [
    ("PASSWORD_RESET", "password-reset", "saas-otp", list(OCS_LOCALES)),
    ("USER_REGISTER", "user-register", "saas-otp", list(OCS_LOCALES)),
    ("PASSWORD_RESET_CONFIRM", "password-reset-confirm", "notice",
     ["en_US", "de_DE", "es_ES", "it_IT", "zh_TW"]),
    ("SUBMISSION_ACK", "submission-ack", "notice",
     ["en_US", "fr_CA", "pt_BR", "cs_CZ", "it_IT"]),
    ("USER_VALIDATE", "validate-account", "notice", ["en_US", "es_ES", "zh_TW"]),
]  # fmt: skip


def ocs() -> None:
    for key, group, kind, locales in OCS_TEMPLATES:
        for locale in locales:
            path = f"locale/{locale}/emailTemplates.xml"
            root = ET.fromstring(_git(OCS, "show", f"{OCS_COMMIT}:{path}"))
            node = next(e for e in root.findall("email_text") if e.get("key") == key)
            body, subject = node.findtext("body"), node.findtext("subject")
            lang = OCS_LOCALES[locale]
            name, username = PEOPLE[lang if lang in PEOPLE else lang[:2]]
            password = _pkp_password() if "{$password}" in body else None
            values = {
                "username": username, "password": password or "", "siteTitle": OCS_CONF,
                "conferenceName": OCS_CONF, "principalContactSignature": OCS_CONTACT[0],
                "editorialContactSignature": f"{OCS_CONTACT[0]}\nICMSE 2026",
                "url": f"{OCS_URL}/login/resetPassword/{username}?confirm=5d41402abc4b2a76b9719d911017c592",
                "userFullName": name, "authorName": name, "authorUsername": username,
                "activateUrl": f"{OCS_URL}/user/activateUser/{username}/7fa2e0c4",
                "paperTitle": "A low-drift optical dissolved-oxygen sensor for moored buoys",
                "submissionUrl": f"{OCS_URL}/author/submission/412",
            }  # fmt: skip
            note = None
            if key == "PASSWORD_RESET":
                note = "new password after the reset link was followed; username beside it"
            elif password:
                note = "password of the account (generated when the director creates it); username beside it"
            _save(
                source="ocs", template=group, lang=lang, kind=kind, code=password,
                repository=OCS, path=path, commit=OCS_COMMIT, licence="GPL-2.0",
                rendered=f"emailTemplates.xml {key} filled as MailTemplate ({{$var}}, subject "
                "prefixed with the scheduled conference's acronym); one text/plain part"
                + ("; password Validation::generatePassword(8)" if password else ""),
                sender=f"{OCS_CONTACT[0]} <{OCS_CONTACT[1]}>",
                subject="[ICMSE2026] " + _fill(subject, values), text=_fill(body, values),
                note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Mahara (MaharaProject/mahara)

MAHARA = "MaharaProject/mahara"
MAHARA_COMMIT = "0881d0f9c2fec773b2a7ac3f223499e42c00d805"
MAHARA_LANG = "htdocs/lang/en.utf8/mahara.php"
MAHARA_SITE = "Riverside College ePortfolio"
MAHARA_WWW = "https://folio.riverside.example.ac.nz/"
MAHARA_NOREPLY = "noreply@folio.riverside.example.ac.nz"


def _php_strings(source: str) -> dict[str, str]:
    """``$string['key'] = '...';`` (single- or double-quoted) of a Mahara language file."""
    out = {}
    pattern = r"\$string\['(\w+)'\]\s*=\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")\s*;"
    for m in re.finditer(pattern, source):
        if m.group(2) is not None:
            out[m.group(1)] = re.sub(r"\\([\\'])", r"\1", m.group(2))
        else:
            out[m.group(1)] = m.group(3).replace('\\"', '"').replace("\\n", "\n")
    return out


def _phpmailer_wrap(message: str, length: int = 79) -> str:
    """PHPMailer::wrapText (not quoted-printable): words joined up to ``length`` bytes."""
    message = message.replace("\r\n", "\n")
    if message.endswith("\n"):
        message = message[:-1]
    out = ""
    for line in message.split("\n"):
        buf, first = "", True
        for word in line.split(" "):
            before = buf
            if not first:
                buf += " "
            buf += word
            if before != "" and len(buf.encode()) > length:
                out += before + "\n"
                buf = word
            first = False
        out += buf + "\n"
    return out


def mahara() -> None:
    s = _php_strings(_show(MAHARA, MAHARA_COMMIT, MAHARA_LANG))
    site, www = MAHARA_SITE, MAHARA_WWW
    admin = ("Tama Ngata", "t.ngata@riverside.example.ac.nz")
    key = "c1f0a8e77b9d42d3a5e06f4b8c21e9d7"
    mails = [
        # group, text key, html key, subject, text args, html args, code, from-user, note
        ("account-created-admin", "accountcreatedchangepasswordtext",
         "accountcreatedchangepasswordhtml", s["accountcreated"] % site,
         ("Mereana", site, "mereana.walker", "Tui.Nest84", www, site),
         ("Mereana", www, site, "mereana.walker", "Tui.Nest84", www, www, site),
         "Tui.Nest84", admin, "htdocs/admin/users/add.php: the password the administrator set"),
        ("account-created-csv", "accountcreatedtext", "accountcreatedhtml",
         s["accountcreated"] % site,
         ("Liam", site, "liam.fraser", "Kowhai#2026", www, site),
         ("Liam", www, site, "liam.fraser", "Kowhai#2026", www, www, site),
         "Kowhai#2026", None, "htdocs/admin/users/uploadcsv.php: the password of the CSV row"),
        ("forgot-password", "forgotusernamepasswordemailmessagetext",
         "forgotusernamepasswordemailmessagehtml", s["forgotusernamepasswordemailsubject"] % site,
         ("Aroha Kingi", site, "aroha.kingi", f"{www}forgotpass.php?key={key}",
          f"{www}contact.php", site),
         ("Aroha Kingi", site, "aroha.kingi", f"{www}forgotpass.php?key={key}",
          f"{www}forgotpass.php?key={key}", f"{www}contact.php", site),
         None, None, "htdocs/forgotpass.php: the username and a reset link, no code"),
        ("account-expiry", "accountexpirywarningtext1", "accountexpirywarninghtml1",
         s["accountexpirywarning"],
         ("Sione Tupou", site, "14 January 2027", f"{www}export/index.php", f"{www}contact.php",
          site),
         ("Sione Tupou", site, "14 January 2027", f"{www}export/index.php", f"{www}contact.php",
          site),
         None, None, "htdocs/auth/lib.php auth_handle_account_expiries"),
        ("membership-ended", "noinstitutionsetpassemailmessagetext",
         "noinstitutionsetpassemailmessagehtml",
         s["noinstitutionsetpassemailsubject"] % (site, "School of Nursing"),
         ("Hana Reweti", "School of Nursing", site, "hana.reweti", www, key, www, site, www,
          key),
         ("Hana Reweti", "School of Nursing", site, "hana.reweti", www, key, www, key, www, site,
          www, key, www, key),
         None, None, "htdocs/lib/institution.php: a reset link after leaving an institution"),
    ]  # fmt: skip
    for group, tkey, hkey, subject, targs, hargs, code, sender, note in mails:
        text, body = s[tkey] % targs, s[hkey] % hargs
        if sender is None:
            sender_line = f"{site} <{MAHARA_NOREPLY}>"
            text += "\n\n" + s["pleasedonotreplytothismessage"] + "\n"
            body += "\n\n<p>" + s["pleasedonotreplytothismessage"] + "</p>\n"
        else:
            sender_line = f"{sender[0]} <{sender[1]}>"
        _save(
            source="mahara", template=group, lang="en", kind="saas-otp" if code else "notice",
            code=code, repository=MAHARA, path=MAHARA_LANG, commit=MAHARA_COMMIT,
            licence="GPL-3.0-or-later",
            rendered=f"mahara.php {tkey}/{hkey} through get_string (sprintf) and email_user "
            "(PHPMailer: text wrapped at 79 as wrapText does, html as is; 'please do not "
            "reply' added when sent from no-reply); text and html parts",
            sender=sender_line, subject=subject, text=_phpmailer_wrap(text), html_part=body,
            note=(note + "; English is the language the repository ships (others are "
            "separate language packs)") if code else note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# DSpace (DSpace/DSpace)

DSPACE = "DSpace/DSpace"
DSPACE_COMMIT = "3d8bdc92c0471fcc02946b526e1cd545ed8c5c88"
DSPACE_CONFIG = {
    "dspace.name": "Lakeshore University Digital Repository",
    "dspace.shortname": "DSpace",
    "mail.helpdesk": "repository-help@lib.lakeshore.example.edu",
    "mail.message.helpdesk.telephone": "+1 (312) 555-0176",
}
DSPACE_UI = "https://repository.lakeshore.example.edu"


def _velocity(template: str, params: list[str]) -> tuple[str, str]:
    """The directives DSpace's mail templates use, with Velocity 2's 'lines' space gobbling
    (a line holding only a directive or a ``##`` comment leaves no trace)."""
    variables: dict[str, str | None] = {}

    def value(expr: str) -> str | None:
        m = re.fullmatch(r"config\.get\(['\"]([\w.]+)['\"]\)", expr)
        if m:
            return DSPACE_CONFIG.get(m.group(1))
        m = re.fullmatch(r"params\[(\d+)\]", expr)
        if m:
            return params[int(m.group(1))] if int(m.group(1)) < len(params) else None
        return variables.get(expr)

    def subst(line: str) -> str:
        def keep(m: re.Match) -> str:
            found = value(m.group(1))
            return m.group(0) if found is None else found

        line = re.sub(r"\$\{([^}]+)\}", keep, line)
        return re.sub(r"\$(params\[\d+\])", keep, line)

    out, stack = [], [True]
    for line in template.split("\n"):
        stripped = line.strip()
        if stripped.startswith("##"):
            continue
        m = re.fullmatch(r"#set\(\s*\$(\w+)\s*=\s*(.+)\)", stripped)
        if m:
            raw = m.group(2).strip()
            if raw[0] in "'\"":
                variables[m.group(1)] = subst(raw[1:-1])
            else:
                variables[m.group(1)] = value(raw.strip("${}"))
            continue
        m = re.fullmatch(r"#if\(\s*\$\{?([^)]+?)\}?\s*\)", stripped)
        if m:
            stack.append(stack[-1] and bool(value(m.group(1))))
            continue
        if stripped == "#end":
            stack.pop()
            continue
        if stack[-1]:
            out.append(subst(line))
    return variables["subject"] or "", "\n".join(out)


def dspace() -> None:
    ui = DSPACE_UI
    name = DSPACE_CONFIG["dspace.name"]
    mails = [
        ("register", [f"{ui}/register/4c2d91e8f6a04b7e9d3a51c0b8e27f61"], "account registration link"),
        ("change_password", [f"{ui}/forgot/9e71b0c3a5d84f26b1e07c2d4a89f350"], "password link"),
        ("welcome", [], "welcome after registering"),
        ("submit_archive", ["Groundwater recharge in the Lake Michigan basin, 1990-2024",
                            "Department of Earth Sciences: Theses",
                            "https://hdl.handle.net/20.500.14212/8841"],
         "item archived; a handle to cite"),
        ("submit_task", ["Groundwater recharge in the Lake Michigan basin, 1990-2024",
                         "Department of Earth Sciences: Theses", "Priya Raman (praman@lakeshore.example.edu)",
                         "", f"{ui}/mydspace?configuration=workflow"],
         "review task for an editor"),
        ("request_item.author", ["Tomás Quiroga", "tquiroga@uni.example.cl", "Calumet_cores_data.xlsx",
                                 "https://hdl.handle.net/20.500.14212/7319",
                                 "Sediment cores from Calumet Harbor", "Could you share the "
                                 "supplementary data tables? I am writing a review on harbour "
                                 "sediments.", f"{ui}/request-a-copy/2bd4f0e9a7c1", "Dr. Helen Park",
                                 "hpark@lakeshore.example.edu", name,
                                 DSPACE_CONFIG["mail.helpdesk"]],
         "request-a-copy to the author"),
        ("request_item.granted_token", ["Tomás Quiroga", "https://hdl.handle.net/20.500.14212/7319",
                                        "Sediment cores from Calumet Harbor", "Dr. Helen Park",
                                        "hpark@lakeshore.example.edu", "Happy to help - the "
                                        "tables are in the second file.",
                                        f"{ui}/items/5f0c8a2e-71d4-4b9e-a3c6-0e2f9d18b7a4?accessToken=e3b0c44298fc1c149afbf4c8996fb924",
                                        "2027-01-31"],
         "access granted through a secure link (the token only in the link)"),
    ]  # fmt: skip
    for template, params, note in mails:
        path = f"dspace/config/emails/{template}"
        subject, body = _velocity(_show(DSPACE, DSPACE_COMMIT, path), params)
        if template == "request_item.granted_token":
            # RequestItemEmailNotifier.sendResponse sets the subject the grantor gave
            subject = "Re: Request copy of document"
        _save(
            source="dspace", template=template.replace("_", "-").replace(".", "-"), lang="en",
            kind="notice", code=None, repository=DSPACE, path=path, commit=DSPACE_COMMIT,
            licence="BSD-3-Clause",
            rendered="Velocity template filled as org.dspace.core.Email (params[], config.get, "
            "#set/#if with 'lines' space gobbling); subject from $subject; one text/plain part",
            sender=f"{name} <dspace-noreply@lib.lakeshore.example.edu>", subject=subject,
            text=body, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# CKAN (ckan/ckan)

CKAN = "ckan/ckan"
CKAN_COMMIT = "2dbe2c18f65ec75798c3667dd412c2320ac44ab0"
CKAN_SITE = ("Open Research Data Portal", "https://data.nordhaven-univ.example.org")
# i18n directory -> lang; the English mails are those every untranslated locale sends too
CKAN_RESET = {"en": "en", "de": "de", "es": "es", "cs_CZ": "cs", "fa_IR": "fa",
              "pt_BR": "pt_BR", "zh_Hant_TW": "zh_TW", "he": "he"}  # fmt: skip
CKAN_INVITE = {"en": "en", "de": "de", "es": "es", "pt_BR": "pt_BR", "gl": "gl",
               "cs_CZ": "cs"}  # fmt: skip


def ckan() -> None:
    import jinja2

    title, url = CKAN_SITE
    for template, langs in (("reset_password", CKAN_RESET), ("invite_user", CKAN_INVITE)):
        for locale, lang in langs.items():
            catalogue = {}
            if locale != "en":
                path_po = f"ckan/i18n/{locale}/LC_MESSAGES/ckan.po"
                catalogue = parse_po(_show(CKAN, CKAN_COMMIT, path_po))

            def gettext(msgid: str, _cat: dict = catalogue, **kw: str) -> str:
                found = _cat.get(msgid, msgid)
                return found % kw if kw else found

            # Flask-Babel installs new-style callables; flask_app.py sets i18n 'trimmed'
            env = jinja2.Environment(extensions=["jinja2.ext.i18n"])
            env.policies["ext.i18n.trimmed"] = True
            env.install_gettext_callables(
                gettext, lambda s, p, n, **kw: gettext(s if n == 1 else p, **kw), newstyle=True
            )
            name = PEOPLE[lang][1].replace(".", "_")
            user_id = "7b1e4c90-2f3a-4d5e-9c8b-61a0f2d3e4b5"
            values = {
                "site_title": title, "site_url": url, "user_name": name,
                "reset_link": f"{url}/user/reset/{user_id}?key=3f9a0c7e51d84b26a9e1c4f07d2b8e63",
                "role_name": gettext("Editor"), "group_type": gettext("organization"),
                "group_title": "Institute for Marine Biology",
            }  # fmt: skip
            body_src = _show(CKAN, CKAN_COMMIT, f"ckan/templates/emails/{template}.txt")
            subj_src = _show(CKAN, CKAN_COMMIT, f"ckan/templates/emails/{template}_subject.txt")
            body = env.from_string(body_src).render(values)
            subject = env.from_string(subj_src).render(site_title=title).split("\n")[0]
            _save(
                source="ckan", template=template.replace("_", "-"), lang=lang, kind="notice",
                code=None, repository=CKAN, commit=CKAN_COMMIT, licence="AGPL-3.0-or-later",
                path=f"ckan/templates/emails/{template}.txt"
                + ("" if locale == "en" else f", ckan/i18n/{locale}/LC_MESSAGES/ckan.po"),
                rendered="jinja2 with the i18n extension, new-style gettext and the 'trimmed' "
                "policy CKAN sets (the {% trans %} text collapses to one line); subject's first "
                "line; mail_user: one text/plain part from the site title",
                sender=f"{title} <noreply@data.nordhaven-univ.example.org>", subject=subject,
                text=body, note="a link to reset the password (an invitation sets one through "
                "it); no code",
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Hypothesis (hypothesis/h)

H = "hypothesis/h"
H_COMMIT = "24395ca438e3bd4b5c301e30ab81ca1d024ee840"
H_URL = "https://hypothes.is"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _itsdangerous_dumps(obj: object, secret: bytes, timestamp: int) -> str:
    """itsdangerous ``URLSafeTimedSerializer(secret).dumps(obj)``: compact JSON, base64url
    (not compressed when that is not shorter), a timestamp and an HMAC-SHA1 signature
    under the key sha1(b"itsdangerous" + b"signer" + secret) ('django-concat')."""
    payload = json.dumps(obj, separators=(",", ":")).encode()
    compressed = zlib.compress(payload)
    value = _b64(payload)
    if len(compressed) < len(payload) - 1:
        value = "." + _b64(compressed)
    value += "." + _b64(timestamp.to_bytes(4, "big"))
    key = hashlib.sha1(b"itsdangerous" + b"signer" + secret).digest()
    return value + "." + _b64(hmac.new(key, value.encode(), hashlib.sha1).digest())


def hypothesis() -> None:
    import jinja2

    env = jinja2.Environment(autoescape=True)  # pyramid_jinja2's default
    env.filters["human_timestamp"] = lambda t: t.strftime("%d %B at %H:%M")
    sender = '"Hypothesis" <no-reply@hypothes.is>'
    code = _itsdangerous_dumps("maria_llorente", RNG.randbytes(32), 1796201534)
    parent = {"created": datetime(2026, 11, 30, 15, 2), "text": "Is this figure from the "
              "2019 survey or the 2023 one? The caption is unclear."}  # fmt: skip
    reply = {"created": datetime(2026, 12, 2, 8, 37), "text": "<p>It is the 2023 survey, "
             "see the methods section (p. 14).</p>"}  # fmt: skip
    mails = [
        ("reset_password", "Reset your password", "saas-otp", code,
         {"username": "maria_llorente", "reset_code": code,
          "reset_link": f"{H_URL}/account/reset/{code}"},
         "the reset code is an itsdangerous URLSafeTimedSerializer token of the username "
         "(payload.timestamp.signature), to paste into the reset form; kept whole with its "
         "dots, hyphens and underscores"),
        ("signup", "Please activate your account", "notice", None,
         {"activate_link": f"{H_URL}/activate/4418207/6f1c93e0a5b24d7c8e19f3a0b2c4d6e8"},
         "activation link only"),
        ("reply_notification", "New activity on Climate Literacy in Secondary Schools (2026)",
         "notice", None,
         {"document_title": "Climate Literacy in Secondary Schools (2026)",
          "document_url": "https://journals.example.org/cl/article/view/512",
          "parent": parent, "parent_user_display_name": "Maria Llorente",
          "parent_user_url": f"{H_URL}/users/maria_llorente",
          "unsubscribe_url": f"{H_URL}/notification/unsubscribe/"
          "eyJ0eXBlIjoicmVwbHkifQ.aZp3Rw.KzC1",
          "reply": reply, "reply_url": "https://hyp.is/Vd9kQq3fEe-T0pvH2n5xXg/"
          "journals.example.org/cl/article/view/512",
          "reply_user_display_name": "Jamal Osei",
          "reply_user_url": f"{H_URL}/users/jamal_osei"},
         "reply notification from the stream"),
        ("flag_notification", "An annotation has been flagged", "notice", None,
         {"incontext_link": "https://hyp.is/Q2c8yq3gEe-4mW7jK1pZrA/"
          "lms.example.edu/courses/2291/readings/7"},
         "to a group's moderator"),
    ]  # fmt: skip
    for template, subject, kind, label, context, note in mails:
        path = f"h/templates/emails/{template}"
        text = env.from_string(_show(H, H_COMMIT, path + ".txt.jinja2")).render(context)
        body = env.from_string(_show(H, H_COMMIT, path + ".html.jinja2")).render(context)
        _save(
            source="hypothesis", template=template.replace("_", "-"), lang="en", kind=kind,
            code=label, repository=H, path=path + ".{txt,html}.jinja2", commit=H_COMMIT,
            licence="BSD-2-Clause",
            rendered="jinja2 (autoescape as pyramid_jinja2) with the context of "
            f"h/emails/{template}.py; pyramid_mailer: text and html parts",
            sender=sender, subject=subject, text=text, html_part=body, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Claroline Connect (claroline/Claroline)

CLARO = "claroline/Claroline"
CLARO_COMMIT = "42687b76a72adce91a9ae07f6374aff6e183d4be"
CLARO_URL = "https://campus.hautes-fagnes.example.be/"
CLARO_NAME = "Campus Hautes Fagnes"


def _claro_template(bundle: str, fixture: str, name: str, lang: str) -> tuple[str, str, str]:
    """(title, content, twig path) of a system template, as its DataFixture installs it."""
    php = _show(CLARO, CLARO_COMMIT, f"{bundle}/Installation/DataFixtures/Template/{fixture}.php")
    block = php.split(f"'{lang}' => [", 1)[1]
    title = re.search(r"'title' => '((?:[^'\\]|\\.)*)'", block).group(1).replace("\\'", "'")
    path = f"{bundle}/Resources/views/template/{name}.{lang}.html.twig"
    return title, _show(CLARO, CLARO_COMMIT, path), path


def _claro_fill(text: str, values: dict[str, str]) -> str:
    """PlaceholderManager::replacePlaceholders: str_replace of %key%."""
    base = {"platform_name": CLARO_NAME, "platform_url": CLARO_URL.rstrip("/")}
    for key, value in {**base, **values}.items():
        text = text.replace(f"%{key}%", value)
    return text


def claroline() -> None:
    import jinja2

    external = _show(CLARO, CLARO_COMMIT, "src/main/app/Resources/views/external.html.twig")
    # the Twig expressions of external.html.twig in Jinja spelling (the same output)
    for twig, jinja in (
        ("{{ locale is defined ? locale : app.request.locale }}", "{{ locale }}"),
        ("{{ config.getParameter('theme') }}", "{{ theme }}"),
        ("{% if title is not empty %}", "{% if title %}"),
        ("{{ url('claro_index') }}", "{{ base_url }}"),
        ("{{ themeAsset('bootstrap.css') }}", "{{ theme_css }}"),
        ("{{ content | raw }}", "{{ content | safe }}"),
    ):
        external = external.replace(twig, jinja)
    # Twig drops the first newline after a block or comment tag, as Jinja's trim_blocks does
    page = jinja2.Environment(autoescape=True, trim_blocks=True).from_string(external)
    core = "src/main/core"
    people = {"en": ("Olivia", "Marchal", "omarchal", "Sunflower#88"),
              "fr": ("Lucas", "Dubois", "ldubois", "Lavande#2026")}  # fmt: skip
    mails = [
        (core, "UserRegistrationData", "user_registration", "saas-otp"),
        (core, "ForgottenPasswordData", "forgotten_password", "notice"),
        (core, "PasswordInitializationData", "password_initialization", "notice"),
        (core, "UserActivationData", "user_activation", "notice"),
        (core, "UserEmailValidationData", "user_email_validation", "notice"),
        ("src/plugin/cursus", "TrainingSessionConfirmationData", "training_session_confirmation",
         "notice"),
    ]  # fmt: skip
    for bundle, fixture, name, kind in mails:
        for lang in ("en", "fr"):
            first, last, username, password = people[lang]
            title, content, path = _claro_template(bundle, fixture, name, lang)
            values = {
                "first_name": first, "last_name": last, "username": username,
                "password": password,
                "validation_mail": f"{CLARO_URL}validate/email/7c0e5f3b9a21d4e8",
                "password_reset_link": f"{CLARO_URL}#/newpassword/a41f09c7e2b35d86",
                "password_initialization_link": f"{CLARO_URL}#/newpassword/5be8d02f7c9a1346",
                "user_activation_link": f"{CLARO_URL}user/activate/e9d3b7a1c5f20486",
                "session_name": "Premiers secours en milieu scolaire" if lang == "fr"
                else "First aid in schools",
                "session_start_date": "2027-01-18", "session_end_date": "2027-01-20",
                "session_description": "<p>Trois demi-journées, salle B12.</p>" if lang == "fr"
                else "<p>Three half-days, room B12.</p>",
                "registration_confirmation_url": f"{CLARO_URL}cursus/session/confirm/3f7a9c1e",
            }  # fmt: skip
            subject = _claro_fill(title, values)
            body = _claro_fill(content, values)
            _, layout, _ = _claro_template(core, "EmailLayoutData", "email_layout", lang)
            body = _claro_fill(layout, {"content": body})
            html_part = page.render(
                locale=lang, theme="claroline", title=subject, base_url=CLARO_URL, includeTheme=True,
                content=body, theme_css=f"{CLARO_URL}themes/claroline/bootstrap.css",
            )  # fmt: skip
            code = password if name == "user_registration" else None
            _save(
                source="claroline", template=name.replace("_", "-"), lang=lang, kind=kind,
                code=code, repository=CLARO, path=path, commit=CLARO_COMMIT,
                licence="AGPL-3.0",
                rendered="system template (title from its DataFixture) through "
                "PlaceholderManager %placeholders%, wrapped in the email_layout template and "
                "external.html.twig (MailManager::send); one text/html part",
                sender=f"noreply@{CLARO_URL.split('/')[2]}", subject=subject,
                html_part=html_part,
                note="the password the account was created with (getPlainPassword), "
                "username beside it" if code else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# eLabFTW (elabftw/elabftw)

ELAB = "elabftw/elabftw"
ELAB_COMMIT = "205421ebdf2cecbdf6cbbe6dd7f263021b421827"
ELAB_URL = "https://elab.biochem.example.ac.uk"
# template, lang (gettext locale directory) list
ELAB_MAILS = [
    ("SelfIsValidated", "account-validated", ["en_GB", "de_DE", "ja_JP", "ko_KR", "pt_BR"]),
    ("CommentCreated", "comment-created", ["en_GB", "fr_FR", "es_ES", "zh_CN", "ru_RU"]),
    ("StepDeadline", "step-deadline", ["en_GB", "it_IT", "pl_PL", "nl_BE", "el_GR"]),
    ("UserCreated", "user-created", ["en_GB", "sv_SE", "uk_UA", "id_ID"]),
]  # fmt: skip


def elabftw() -> None:
    for klass, group, locales in ELAB_MAILS:
        for locale in locales:
            cat = {}
            if locale != "en_GB":
                cat = parse_po(
                    _show(ELAB, ELAB_COMMIT, f"src/langs/{locale}/LC_MESSAGES/messages.po")
                )

            def _(msgid: str, _cat: dict = cat) -> str:
                return _cat.get(msgid, msgid)

            if klass == "SelfIsValidated":
                subject = _("Account validated")
                body = _("Hello. Your account on eLabFTW was validated by an admin. Follow this "
                         "link to login: %s") % f"{ELAB_URL}/login.php"  # fmt: skip
            elif klass == "CommentCreated":
                subject = _("New comment posted")
                body = _("Hi. %s left a comment. Have a look: %s") % (
                    "Rosalind Achebe",
                    f"{ELAB_URL}/experiments.php?mode=view&id=2318",
                )
            elif klass == "StepDeadline":
                subject = _("A step deadline is approaching.")
                body = (
                    _("Hello. A step deadline is approaching: ")
                    + f"{ELAB_URL}/experiments.php?mode=view&id=2318&highlightstep=9041"
                    + "#step_view_9041"
                )  # the sprintf of StepDeadline::getEmail
            else:
                subject = _("New user added to team: %s") % "Structural Biology Lab"
                body = _("Hi. A new user registered an account on eLabFTW: %s (%s).") % (
                    "Kenji Watanabe",
                    "k.watanabe@biochem.example.ac.uk",
                )
            lang = locale[:2] if locale not in ("pt_BR", "zh_CN", "nl_BE") else locale
            lang = {"zh_CN": "zh-Hans", "nl_BE": "nl-BE", "el": "el"}.get(lang, lang)
            _save(
                source="elabftw", template=group, lang=lang, kind="notice", code=None,
                repository=ELAB, commit=ELAB_COMMIT, licence="AGPL-3.0-or-later",
                path=f"src/Models/Notifications/{klass}.php"
                + ("" if locale == "en_GB" else f", src/langs/{locale}/LC_MESSAGES/messages.po"),
                rendered=f"{klass}::getEmail() with gettext in the recipient's language "
                "(EmailNotifications::setLang), subject prefixed '[eLabFTW] '; Email::sendEmail: "
                "one text/plain part",
                sender="eLabFTW <elabftw@biochem.example.ac.uk>", subject="[eLabFTW] " + subject,
                text=body, note="notification, no code",
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    ojs()
    ocs()
    mahara()
    dspace()
    ckan()
    hypothesis()
    claroline()
    elabftw()
    out = HERE / "round16" / "learning.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
