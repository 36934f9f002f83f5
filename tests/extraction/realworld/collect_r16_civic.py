"""Round sixteen, civic senders: nonprofit, civic-participation, humanitarian and health
data-collection software, with their codes, passwords and notices in the languages they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_civic.py \\
        --mirrors /work/.mirror

Every snapshot is read from ``<mirrors>/<owner>+<name>/repo`` (a bare git directory) at the
commit recorded below, so every run writes the same bytes.

- OpenSourcePolitics/decidim-module-half_sign_up (AGPL-3.0), the "quick sign-in" module
  for Decidim (the participatory-democracy platform of Barcelona and many city halls). Its
  ``VerificationCodeMailer#verification_code`` sends the ERB view
  ``verification_code_mailer/verification_code.html.erb`` (one text/html part) with the
  subject ``decidim.half_signup.quick_auth.email_verification.subject``; the strings come
  from ``config/locales/{en,fr}.yml`` (the two languages it ships). ``<%= t(...) %>`` is
  filled from those YAML files and ``@verification`` is the code, which
  ``VerificationCodeGenerator#generate_code`` makes as ``SecureRandom.random_number(10**4)``
  left-padded with zeros to ``auth_code_length`` (4). Decidim core's ``decidim/mailer``
  layout (organisation logo header and footer) lives in decidim-core, not in the module, so
  the view is wrapped in a bare html/body.
- kobotoolbox/kpi (AGPL-3.0), KoboToolbox, the humanitarian field-survey platform. Its
  allauth mails are the text templates ``kobo/apps/accounts/templates/account/email/`` and
  the organisation invites ``kobo/apps/organizations/templates/emails/``; they use only
  ``{% load %}``, ``{% autoescape off %}``, ``{% block %}``, ``{% trans %}``,
  ``{% blocktrans trimmed %}`` and ``{{ var }}``, rendered here by a small renderer that does
  what Django does for those tags (``trimmed`` collapses each line break and the spaces
  around it into one space, the msgid has ``%(var)s`` for ``{{ var }}``, the translation
  comes from ``locale/<lang>/LC_MESSAGES/django.po`` when it is there and not fuzzy). As
  allauth's ``render_mail`` does, the subject is joined to one line and the body stripped;
  ``ACCOUNT_EMAIL_SUBJECT_PREFIX`` is ``''`` and the sender ``DEFAULT_FROM_EMAIL``'s
  default ``help@kobotoolbox.org``. The password reset is rendered in every language whose
  catalogue translates it; no mail carries a code (links only).
- getodk/central-backend (Apache-2.0), ODK Central, the server of Open Data Kit. All its
  mails are the mustache strings of ``lib/formats/mail.js`` (one text/html part), from the
  ``serviceAccount`` of ``config/default.json``; ``{{token}}`` and ``{{{domain}}}`` are
  filled as mustache does (no value here holds a character it would escape). English only.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from collect import HERE, message

SENT = datetime(2026, 12, 2, 10, 41, 7, tzinfo=UTC)

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
          sender, subject, text=None, html_part=None, note=None, variant=""):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}-{lang}{variant}"
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
# Decidim quick sign-in (OpenSourcePolitics/decidim-module-half_sign_up)

HALF_REPO = "OpenSourcePolitics/decidim-module-half_sign_up"
HALF_COMMIT = "dd30b80e4514438708d6a608b3892259d267a6d1"
HALF_VIEW = "app/views/decidim/half_signup/verification_code_mailer/verification_code.html.erb"


def half_signup() -> None:
    view = _show(HALF_REPO, HALF_COMMIT, HALF_VIEW)
    senders = {
        "en": "Participate Springfield <no-reply@participate.springfield.example>",
        "fr": "Je participe - Villeurbanne <ne-pas-repondre@jeparticipe.villeurbanne.example>",
    }
    # four-digit codes as generate_code makes them (zero-padded random_number(10**4))
    codes = {"en": ["4821", "0597", "7300"], "fr": ["0064", "9153", "2718"]}
    for lang in ("en", "fr"):
        path = f"config/locales/{lang}.yml"
        strings = yaml.safe_load(_show(HALF_REPO, HALF_COMMIT, path))
        ev = strings[lang]["decidim"]["half_signup"]["quick_auth"]["email_verification"]

        for n, code in enumerate(codes[lang], 1):

            def erb(m: re.Match, code: str = code) -> str:
                expr = m.group(1).strip()
                if expr == "@verification":
                    return html.escape(code)
                key = re.fullmatch(r't\("(\w+)", scope: "[\w.]+"\)', expr).group(1)
                return html.escape(ev[key])

            body = re.sub(r"<%=(.*?)%>", erb, view)
            page = f"<!DOCTYPE html>\n<html>\n<body>\n{body}</body>\n</html>\n"
            subject = ev["subject"].replace("%{verification}", code)
            _save(source="halfsignup", template="signin-code", lang=lang, kind="gov-otp",
                  code=code, repository=HALF_REPO, path=f"{HALF_VIEW}; {path}",
                  commit=HALF_COMMIT, licence="AGPL-3.0", sender=senders[lang],
                  subject=subject, html_part=page, variant="" if n == 1 else f"-{n}",
                  rendered="ERB <%= t() %> filled from the module's locale YAML (html-escaped);"
                  " code SecureRandom.random_number(10**4) zero-padded to 4; core layout not"
                  " reproduced (bare html/body)",
                  note="four-digit sign-in code of a city-hall participation platform, shown"
                  " in a bordered box with letter-spacing and in the subject")  # fmt: skip


# ---------------------------------------------------------------------------------------
# KoboToolbox (kobotoolbox/kpi)

KOBO_REPO = "kobotoolbox/kpi"
KOBO_COMMIT = "2e5efb0172e64fc8c8de222039f2aa02c6d6be8e"
KOBO_FROM = "help@kobotoolbox.org"
KOBO_RESET_LANGS = [
    "am", "ar", "bn", "cs", "de", "es", "fa", "fr", "ha", "hi", "hu", "id", "ja", "km",
    "ln", "my", "ne", "ny", "pl", "pt", "ru", "sw", "th", "tr", "uk", "vi", "yo", "zh-Hans",
]  # fmt: skip


def _catalog(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    po = _git(KOBO_REPO, "show", f"{KOBO_COMMIT}:locale/{lang}/LC_MESSAGES/django.po")
    out = {}
    for msg in read_po(io.BytesIO(po)):
        if msg.id and isinstance(msg.id, str) and msg.string and not msg.fuzzy:
            out[msg.id] = msg.string
    return out


def _django(src: str, catalog: dict[str, str], ctx: dict[str, str]) -> str:
    """The few Django template tags the KoboToolbox mail templates use."""

    def blocktrans(m: re.Match) -> str:
        content = m.group(1)
        msgid = re.sub(r"\{\{\s*(\w+)\s*\}\}", r"%(\1)s", content)
        msgid = re.sub(r"\s*\n\s*", " ", msgid.strip())
        return catalog.get(msgid, msgid) % ctx

    def trans(m: re.Match) -> str:
        return catalog.get(m.group(1), m.group(1))

    out = re.sub(r"\{% blocktrans trimmed %\}(.*?)\{% endblocktrans %\}", blocktrans, src,
                 flags=re.S)  # fmt: skip
    out = re.sub(r'\{% trans "(.*?)" %\}', trans, out)
    out = re.sub(r"\{%-? (load [\w ]+|autoescape off|endautoescape|block content|endblock) -?%\}",
                 "", out)  # fmt: skip
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: ctx[m.group(1)], out)


def kobo() -> None:
    base = "kobo/apps/accounts/templates/account/email/"

    def allauth(template, name, lang, ctx, kind="notice", note=None):  # fmt: skip
        cat = _catalog(lang)
        subject = _django(_show(KOBO_REPO, KOBO_COMMIT, f"{base}{name}_subject.txt"), cat, ctx)
        subject = " ".join(subject.splitlines()).strip()
        body = _django(_show(KOBO_REPO, KOBO_COMMIT, f"{base}{name}_message.txt"), cat, ctx)
        _save(source="kobotoolbox", template=template, lang=lang.lower(), kind=kind, code=None,
              repository=KOBO_REPO,
              path=f"{base}{name}_subject.txt; {base}{name}_message.txt; locale/{lang}/LC_MESSAGES/django.po",
              commit=KOBO_COMMIT, licence="AGPL-3.0", sender=KOBO_FROM, subject=subject,
              text=body.strip(), note=note,
              rendered="Django {% blocktrans trimmed %}/{% trans %} from django.po, {{ }} filled;"
              " allauth render_mail (subject one line, body stripped), text/plain only")  # fmt: skip

    key = "b3k9-1c2f0a8e4d7b6c5a9e3f1d2b4c6a8e0f"
    for lang in ["en", *KOBO_RESET_LANGS]:
        allauth("password-reset", "password_reset_key", lang,
                {"password_reset_url": f"https://kf.kobotoolbox.org/accounts/password/reset/key/{key}/",
                 "username": "amina_field23"},
                note="a password-reset link and the username (amina_field23); nothing to type")  # fmt: skip
    allauth("unknown-account", "unknown_account", "en",
            {"email": "j.okafor@relief.example", "signup_url": "https://kf.kobotoolbox.org/accounts/signup/"})  # fmt: skip
    cat_path = "kobo/apps/accounts/templates/account/email/email_confirmation_message.txt"
    body = _django(_show(KOBO_REPO, KOBO_COMMIT, cat_path), {},
                   {"activate_url": "https://kf.kobotoolbox.org/accounts/confirm-email/MjQ1:1vT8cQ:x3nRf0Z1s-Qm9pLw2yKjHc7dA5bE4uVtGiOoP6sN8qY/"})  # fmt: skip
    subj = _django(_show(KOBO_REPO, KOBO_COMMIT, f"{base}email_confirmation_subject.txt"), {}, {})
    _save(source="kobotoolbox", template="confirm-email", lang="en", kind="notice", code=None,
          repository=KOBO_REPO, path=f"{cat_path}; {base}email_confirmation_subject.txt",
          commit=KOBO_COMMIT, licence="AGPL-3.0", sender=KOBO_FROM,
          subject=" ".join(subj.splitlines()).strip(), text=body.strip(),
          rendered="Django tags rendered as Django does; allauth render_mail")  # fmt: skip

    org = "kobo/apps/organizations/templates/emails/"
    ctx = {
        "recipient_username": "lwazi.m", "recipient_email": "lwazi.m@ngo.example",
        "sender_name": "Clara Hoffmann", "sender_email": "c.hoffmann@wash-cluster.example",
        "sender_username": "chofmann", "organization_name": "WASH Cluster Mozambique",
        "recipient_role": "a member", "base_url": "https://kf.kobotoolbox.org",
        "invite_uid": "orginv3FqZ8wLmP2xRt7", "organization_id": "orgBx7Kq2Hd",
    }  # fmt: skip
    for name, subject, template in [
        ("registered_user_invite", "You're invited to join WASH Cluster Mozambique organization", "org-invite"),
        ("accepted_org_invite", "KoboToolbox organization invitation accepted", "org-invite-accepted"),
    ]:  # fmt: skip
        parts = {}
        for ext in ("txt", "html"):
            src = _show(KOBO_REPO, KOBO_COMMIT, f"{org}{name}.{ext}")
            src = re.sub(r"\{% if has_multiple_accounts %\}.*?\{% else %\}(.*?)\{% endif %\}",
                         r"\1", src, flags=re.S)  # fmt: skip
            src = re.sub(r"\{% if has_multiple_accounts %\}.*?\{% endif %\}", "", src, flags=re.S)
            parts[ext] = _django(src, {}, ctx).strip()
        _save(source="kobotoolbox", template=template, lang="en", kind="notice", code=None,
              repository=KOBO_REPO, path=f"{org}{name}.txt; {org}{name}.html",
              commit=KOBO_COMMIT, licence="AGPL-3.0", sender=KOBO_FROM, subject=subject,
              text=parts["txt"], html_part=parts["html"],
              rendered="Django tags rendered as Django does ({% if has_multiple_accounts %} false);"
              " subject as models.py sets it (English)",
              note="invite uid only inside a link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# ODK Central (getodk/central-backend)

ODK_REPO = "getodk/central-backend"
ODK_COMMIT = "4f5943d13dd775fcecd2e21f9b8957db885d1ca3"


def odk() -> None:
    src = _show(ODK_REPO, ODK_COMMIT, "lib/formats/mail.js")
    found = re.findall(r"  (\w+): message\('([^']*)', '([^']*)'\)", src)
    messages = {name: (subject, body) for name, subject, body in found}
    data = {
        "domain": "https://central.cholera-survey.example",
        "token": "kQ0b7Tn2fV9sx1LmRzYw4HcA8uJ3eGpD6iNoB5tUqZaEr0WyS2hK7vX9cM4nPj",
        "oldEmail": "t.banda@moh.example",
        "newEmail": "tiwonge.banda@health.example",
    }
    for name, (subject, body) in messages.items():

        def fill(m: re.Match) -> str:
            return data[m.group(1) or m.group(2)]

        page = re.sub(r"\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}", fill, body)
        template = re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()
        _save(source="odkcentral", template=template, lang="en", kind="notice", code=None,
              repository=ODK_REPO, path="lib/formats/mail.js; config/default.json",
              commit=ODK_COMMIT, licence="Apache-2.0",
              sender="no-reply@getodk.org", subject=subject, html_part=page,
              rendered="mustache {{token}} / {{{domain}}} filled (no escapable characters);"
              " one text/html part as nodemailer sends it",
              note="account token only inside a link" if "{{token}}" in body else None)  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    half_signup()
    kobo()
    odk()
    out = HERE / "round16" / "civic.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
