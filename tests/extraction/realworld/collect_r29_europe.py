"""Round 29, europe (blind): PHP-GEREMO, the registration module of Idiap, the Swiss
research institute in Martigny (its e-mail verification code, French and English), and
GRR, the French room and resource booking system of schools, town halls and associations
(its account-request mails in French, German, English, Spanish and Italian), rendered from
git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_europe.py \\
        --mirrors /work/.mirror

- idiap/php-geremo (GPL-3.0-only: COPYRIGHT.TXT says "under the terms of the GNU General
  Public License as published by the Free Software Foundation, Version 3", LICENSE.TXT its
  text), commit GEREMO_COMMIT. ``php/GEREMO.php``: on the e-mail step the code is
  ``substr(base64_encode(mhash(MHASH_SHA1, session_id().':'.email, key)), 0, 20)`` (20
  characters of the base64 alphabet, ``+`` and ``/`` included) and
  ``verification_code.email.tpl`` of the current locale is sent to the applicant; on
  completion ``registration_notice.email.tpl`` of the default locale goes to the
  configured notice address. ``parseMailTemplate`` splits the template at ``#{SUBJECT}``,
  ``#{TEXT}``, ``#{HTML}`` (case-insensitive), ``trim``s each piece and replaces
  ``@{name}`` with the values (``str_ireplace``, no escaping); ``sendMail`` gives the text
  and HTML to PEAR ``Mail_mime`` (``setTXTBody``, ``setHTMLBody``: multipart/alternative)
  with the subject and ``From`` the configured sender. The templates are ISO-8859-1 files
  with CRLF line ends; they are decoded as Latin-1 here and the parts are written as
  ISO-8859-1 quoted-printable (Mail_mime's default charset; its 7bit/QP choice per part
  is not reproduced byte for byte). The code is a fixed value of the generator's shape.
  Four mails: the verification code (en, fr; code) and the admin's registration notice
  (en, fr; the applicant's details, no code).
- JeromeDevome/GRR (GPL-2.0-or-later: LICENSE is the GPL-2.0 text; the file headers say
  "either version 2 of the License, or (at your option) any later version"), commit
  GRR_COMMIT. The mail templates are rows of ``grr_page`` seeded by
  ``installation/tables.my.sql`` (subject, HTML body) per locale (de-de, en-gb, es-es,
  fr-fr, it-it); they are read here from the INSERT lines (MySQL string escapes undone).
  ``reservation/controleurs/creationcompte.php`` sends ``mails_demandecompte_<locale>`` to
  the applicant when an account is requested, and ``admin/controleurs/
  admin_user_demandes.php`` sends ``mails_demandecompte2_<locale>`` (accepted: gives the
  login identifier the admin chose, the password is the one the applicant chose) or
  ``mails_demandecompte3_<locale>`` (refused); both fill the ``%...%`` codes with
  ``str_replace`` (no escaping) from the settings and the request. ``include/
  mail.class.php`` (``Email::Envois``) with the ``mail`` method sends the body as it is
  with ``Content-type: text/html; charset=UTF-8`` and ``From`` the webmaster address (one
  text/html part; the SMTP method would wrap it with PHPMailer instead). Values: an example
  school and applicant. All fifteen are notices (the identifier is a login name).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from email.charset import QP, Charset
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 9, 8, 42, tzinfo=UTC)
OUT = HERE / "round29" / "europe.json"

GEREMO = "idiap/php-geremo"
GEREMO_COMMIT = "44e62742c7a4f1be732fddbffc6b7c2a9b0988be"
GEREMO_FROM = "registration@portal.idiap.example.ch"
GEREMO_CODE = "q8Zk+3VtR0m/LxW2eHa9"
GRR = "JeromeDevome/GRR"
GRR_COMMIT = "1686f64e560b6b1e3fd10c643060a7dd38b86dee"
GRR_FROM = "reservations@college-jean-moulin.example.fr"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


# --- PHP-GEREMO ---------------------------------------------------------------------------


def parse_geremo(template: str, values: dict[str, str]) -> dict[str, str]:
    """GEREMO::parseMailTemplate: split at the markers, trim, replace @{name}."""
    lower = template.lower()
    marks = {k: lower.find("#{" + k + "}") for k in ("subject", "text", "html")}
    out = {}
    for key, start in marks.items():
        if start < 0:
            continue
        start += len(key) + 3
        end = min([p for p in marks.values() if p > start] + [len(template)])
        piece = template[start:end].strip(" \t\n\r\0\x0b")
        for name, value in values.items():
            piece = re.sub(re.escape("@{" + name + "}"), lambda _m, v=value: v, piece, flags=re.I)
        out[key] = piece
    return out


def geremo_mail(parts: dict[str, str]) -> bytes:
    latin = Charset("iso-8859-1")
    latin.body_encoding = QP
    msg = MIMEMultipart("alternative", boundary="=_corpus_alternative_=")
    msg.attach(MIMEText(parts["text"].replace("\r\n", "\n"), "plain", latin))
    msg.attach(MIMEText(parts["html"].replace("\r\n", "\n"), "html", latin))
    msg["From"] = GEREMO_FROM
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = parts["subject"]
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def geremo(mirrors: Path) -> list[tuple[dict, bytes]]:
    source = git_show(mirrors, GEREMO, GEREMO_COMMIT, "php/GEREMO.php").decode("latin-1")
    for piece in (
        "$sVerificationCode = substr( base64_encode( mhash( MHASH_SHA1, session_id()",
        "'/verification_code.email.tpl'",
        "'/registration_notice.email.tpl'",
        "$oMIME->setTXTBody( $asMailParts['text'] );",
        "$oMIME->setHTMLBody( $asMailParts['html'] );",
    ):
        assert piece in source, piece
    applicant = {
        "email": "noor.tester@example.com",
        "title": "Dr",
        "firstname": "Noor",
        "lastname": "Tester",
        "company": "Haute Ecole Valaisanne",
        "jobtitle": "Research assistant",
        "street": "Rue du Simplon 15",
        "street2": "n/a",
        "pobox": "n/a",
        "city": "Martigny",
        "zipcode": "1920",
        "state": "Valais",
        "country": "Switzerland",
        "phone": "+41 27 555 01 23",
        "fax": "n/a",
    }
    out = []
    for lang in ("en", "fr"):
        for name, values, code in (
            ("verification_code", {"verification_code": GEREMO_CODE}, GEREMO_CODE),
            ("registration_notice", {**applicant, "locale": lang}, None),
        ):
            path = f"php/resources/{lang}/{name}.email.tpl"
            template = git_show(mirrors, GEREMO, GEREMO_COMMIT, path).decode("latin-1")
            raw = geremo_mail(parse_geremo(template, values))
            note = (
                "the 20-character base64 code (with + and /) the applicant types into the "
                "registration form"
                if code
                else "sent to the administrator: the new user's details, no code"
            )
            meta = dict(
                id=f"geremo-{name.replace('_', '-')}-{lang}",
                source="php-geremo",
                lang=lang,
                kind="saas-otp" if code else "notice",
                code=code,
                repository=GEREMO,
                path=f"{path}, php/GEREMO.php",
                commit=GEREMO_COMMIT,
                licence="GPL-3.0-only",
                rendered="parseMailTemplate reimplemented (split, trim, str_ireplace); "
                "Mail_mime multipart/alternative, ISO-8859-1 quoted-printable",
                note=note,
            )
            out.append((meta, raw))
    return out


# --- GRR ----------------------------------------------------------------------------------


def mysql_string(text: str) -> str:
    escapes = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "'": "'", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(1)), text)


def grr_pages(sql: str) -> dict[str, tuple[str, str]]:
    pages = {}
    pattern = re.compile(
        r"^INSERT INTO grr_page VALUES\('([^']+)', '((?:[^'\\]|\\.)*)', '((?:[^'\\]|\\.)*)'",
        re.M,
    )
    for name, title, value in pattern.findall(sql):
        pages[name] = (mysql_string(title), mysql_string(value))
    return pages


def grr(mirrors: Path) -> list[tuple[dict, bytes]]:
    sql = git_show(mirrors, GRR, GRR_COMMIT, "installation/tables.my.sql").decode("utf-8")
    mail_class = git_show(mirrors, GRR, GRR_COMMIT, "include/mail.class.php").decode("utf-8")
    for piece in (
        "$headers .= 'Content-type: text/html; charset=UTF-8' . \"\\r\\n\";",
        "if (!mail($to, $sujet, $message, $headers)) {",
    ):
        assert piece in mail_class, piece
    pages = grr_pages(sql)
    codes = {
        "%nomdusite%": "Réservation des salles",
        "%nometablissement%": "Collège Jean Moulin",
        "%urlgrr%": "https://grr.college-jean-moulin.example.fr/",
        "%webmasteremail%": GRR_FROM,
        "%formnom%": "Tester",
        "%formprenom%": "Noor",
        "%formemail%": "noor.tester@example.com",
        "%formtelephone%": "04 78 55 01 23",
        "%formcommentaire%": "Professeure de musique, pour la salle polyvalente.",
    }
    templates = (
        ("demandecompte", "reservation/controleurs/creationcompte.php", {}),
        (
            "demandecompte2",
            "admin/controleurs/admin_user_demandes.php",
            {"%identifiant%": "ntester"},
        ),
        ("demandecompte3", "admin/controleurs/admin_user_demandes.php", {}),
    )
    notes = {
        "demandecompte": "acknowledges the account request (name, e-mail, phone, comment)",
        "demandecompte2": "account accepted: gives the login identifier ntester chosen by the "
        "admin; the password is the one the applicant chose and is not shown",
        "demandecompte3": "account request refused",
    }
    out = []
    for name, sender_path, extra in templates:
        for locale in ("de-de", "en-gb", "es-es", "fr-fr", "it-it"):
            title, body = pages[f"mails_{name}_{locale}"]
            values = {**codes, **extra}
            subject = title
            for key, value in values.items():
                subject = subject.replace(key, value)
                body = body.replace(key, value)
            raw = message(sender=GRR_FROM, subject=subject, text=None, html_part=body, sent=SENT)
            lang = locale.split("-")[0]
            meta = dict(
                id=f"grr-{name}-{lang}",
                source="grr",
                lang=lang,
                kind="notice",
                code=None,
                repository=GRR,
                path=f"installation/tables.my.sql (mails_{name}_{locale}), {sender_path}, "
                "include/mail.class.php",
                commit=GRR_COMMIT,
                licence="GPL-2.0-or-later",
                rendered="grr_page row from the install SQL, str_replace of the %codes%; "
                "Email::Envois 'mail' method: one text/html UTF-8 part",
                note=notes[name],
            )
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (geremo, grr):
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
