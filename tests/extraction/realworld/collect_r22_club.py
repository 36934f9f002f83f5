"""Round twenty-two, software of associations, clubs, schools and events: member management
of clubs and societies, a conference call-for-papers system, the volunteer shift planner of
hacker events, a school information system and a video-classroom front end — their sign-in
data, generated passwords, verification and reset mails and their notices, in the languages
they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r22_club.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

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
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
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
    ("login-information", "SYS_SYSMAIL_LOGIN_INFORMATION", "other",
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
            note = None
            if "#subject#" not in src:
                note = ("The translation renamed the #subject#/#content# markers, so Admidio "
                        "sends its fallback subject and the whole text as the body.")
            elif "\\ n" in body:
                note = "The translation has '\\ n' for one line break; it is sent literally."
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


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    admidio()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
