"""Round sixteen, education and research software: journal and conference systems of the
Public Knowledge Project, research-data portals and repositories, mailing passwords,
confirmations and notices in the languages they ship.

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
- pkp/ocs (GPL-2.0), Open Conference Systems 2.3, PKP's conference system.
  ``locale/<lang>/emailTemplates.xml`` holds the templates; the 2.x ``Mail`` class sends the
  filled body as one text/plain part. PASSWORD_RESET (new password after the confirmation
  link) and USER_REGISTER (self-registration record) give a password from
  ``Validation::generatePassword(8)`` (``classes/security/Validation.inc.php``, the same
  alphabet as above).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import xml.etree.ElementTree as ET
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
                "siteTitle": OJS_JOURNAL, "siteContactName": OJS_EDITOR[0],
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
    "es_ES": "es", "eu_ES": "eu", "fr_CA": "fr", "it_IT": "it", "pt_BR": "pt_BR",
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
     ["en_US", "fr_CA", "pt_BR", "cs_CZ", "eu_ES"]),
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
            name, username = PEOPLE[lang]
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
                repository=OCS, path=path, commit=OCS_COMMIT, licence="GPL-2.0-only",
                rendered=f"emailTemplates.xml {key} filled as MailTemplate ({{$var}}, subject "
                "prefixed with the scheduled conference's acronym); one text/plain part"
                + ("; password Validation::generatePassword(8)" if password else ""),
                sender=f"{OCS_CONTACT[0]} <{OCS_CONTACT[1]}>",
                subject="[ICMSE2026] " + _fill(subject, values), text=_fill(body, values),
                note=note,
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    ojs()
    ocs()
    out = HERE / "round16" / "learning.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
