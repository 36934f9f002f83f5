"""Round twenty-eight, government: the mails of La Régie, the French state's administration
centre for La Suite numérique (DINUM), which provisions public agents' mailboxes and sends
their generated and reset passwords, with its login-link, domain and invitation notices,
in English and French.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_gov.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from it at the commit named below, with fixed values, so each run writes the same bytes.
The sender's own tool chain is run, installed outside the tree (none of it is committed):

- node 20 with the versions of ``src/mail/package.json``:
  ``npm install --prefix /tmp/r28gov-node mjml@4.18.0 @html-to/text-cli@0.6.0``;
- a Python 3.11 venv with Django and Pillow:
  ``python3 -m venv /tmp/r28gov-venv && /tmp/r28gov-venv/bin/pip install django==5.2.19
  pillow``. The project pins django 6.0.5, which needs Python 3.12; the template engine,
  ``{% trans %}``/``{% blocktranslate trimmed %}``, gettext and ``EmailMultiAlternatives``
  used here behave the same in 5.2 (LTS);
- GNU gettext's ``msgfmt`` (Debian ``gettext``), which ``compilemessages`` runs.

This script runs the Django part by starting itself under ``/tmp/r28gov-venv/bin/python``
with ``--people-worker DIR`` (paths can be changed with ``--node`` and ``--venv``).

- suitenumerique/people (MIT, ``LICENSE``), commit 9bb1758f: La Régie ("people"), Django.
  The mails are built as its Dockerfile's ``mail-builder`` stage does: ``src/mail/bin/
  mjml-to-html`` compiles ``src/mail/mjml/*.mjml`` (with ``partial/header.mjml`` and
  ``partial/footer.mjml``) to ``core/templates/mail/html/*.html`` with mjml 4.18.0, and
  ``bin/html-to-plain-text`` turns each into ``mail/text/*.txt`` with ``html-to-text -j
  html-to-text.config.json`` (the Django tags survive both steps and are rendered later).
  The Dockerfile runs ``compilemessages``: the ``.po`` catalogues of ``src/backend/locale``
  (en_US, fr_FR, the two ``LANGUAGES``) are compiled here with ``msgfmt`` (the committed
  ``.mo`` files are older than the ``.po``). Django then renders text and HTML with
  ``render_to_string`` inside ``translation.override(language)`` and ``mail.send_mail``
  sends text plus the HTML alternative: multipart/alternative, UTF-8 (Django's
  ``SafeMIMEText``: 8bit, or quoted-printable where a line passes 998 octets).
  ``{% base64_static %}`` (``core/templatetags/extra_tags.py``, loaded here from the
  snapshot) inlines ``core/static/images/*.png`` as data URIs. ``EMAIL_FROM`` is a
  deployment setting (here ``La Suite <noreply@regie.suite.example>``), ``Site`` is
  ``regie.suite.example`` named "La Régie", ``WEBMAIL_URL`` ``https://webmail.suite.example``.

  * ``new-mailbox-password`` (code): ``mailbox_manager/utils/dimail.py``
    ``notify_mailbox_creation`` with ``SEND_MAILBOX_PASSWORD`` on and dimail's response
    ``{"email", "password"}`` (``tests/fixtures/dimail.py`` ``response_mailbox_created``)
    as ``mailbox_data`` (so ``mailbox_data.link`` is empty, as sent); subject "Your new
    mailbox information". dimail (the provisioning API) generates the password; its
    generator is not in this repository, so a 12-character letters-and-digits value is
    used.
  * ``reset-password`` (code): ``dimail.reset_password`` then
    ``_notify_mailbox_password_reset`` with dimail's new ``password``, "Temporary password
    (to be modified on first login)".
  * ``new-mailbox`` (the same mail without the password, ``SEND_MAILBOX_PASSWORD`` off:
    the serializer pops it), ``send-login-link`` (``send_login_link``: dimail's login code
    only inside ``WEBMAIL_URL/code/<code>``), ``maildomain-enabled``,
    ``maildomain-action-required``, ``maildomain-failed`` (``MailDomain.
    notify_status_change``), ``maildomain-invitation`` (``MailDomainInvitation``) and
    ``team-invitation`` (``Invitation``, whose context carries only ``site``, so team and
    role render empty as sent): no code.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

MIRRORS = Path("/work/.mirror")
NODE = Path("/tmp/r28gov-node")
VENV = Path("/tmp/r28gov-venv")
SENT = "Tue, 08 Dec 2026 09:14:27 +0000"
TO = "camille.martin@example.com"

PEOPLE = "suitenumerique+people"
PEOPLE_REPO = "suitenumerique/people"
PEOPLE_COMMIT = "9bb1758f15736035f2684a6ec52f70daa6003eeb"
PEOPLE_FROM = "La Suite <noreply@regie.suite.example>"
MAILBOX = "camille.martin@mairie-lacanau.example"
LANGS = {"en": "en-us", "fr": "fr-fr"}

# (group, template, subject msgid, context, code, note)
PEOPLE_MAILS = [
    (
        "people-new-mailbox-password",
        "new_mailbox_password",
        "Your new mailbox information",
        {"mailbox_data": {"email": MAILBOX, "password": "tR7mKq2vXe9L"}},
        "tR7mKq2vXe9L",
        "The mail gives 'Email address: camille.martin@…' and 'Password: tR7mKq2vXe9L' "
        "(dimail's generated password, typed at the webmail's login).",
    ),
    (
        "people-reset-password",
        "reset_password",
        "Your password has been updated",
        {"mailbox_data": {"email": MAILBOX, "password": "Wb4nHs8pZc3Q"}},
        "Wb4nHs8pZc3Q",
        "The mail gives 'Temporary password (to be modified on first login): "
        "Wb4nHs8pZc3Q' (dimail's reset password).",
    ),
    (
        "people-new-mailbox",
        "new_mailbox",
        "Your new mailbox information",
        {"mailbox_data": {"email": MAILBOX}},
        None,
        None,
    ),
    (
        "people-send-login-link",
        "send_login_link",
        "Here is your login link",
        {
            "mailbox_data": {
                "email": MAILBOX,
                "link": "https://webmail.suite.example/code/7c1f0e5a-3b9d-4e62-a8f4-2d6b90c1e357",
            }
        },
        None,
        "The one-time login code is only inside the link.",
    ),
    (
        "people-maildomain-enabled",
        "maildomain_enabled",
        "[La Suite] Your domain is ready",
        {
            "domain_name": "mairie-lacanau.example",
            "manage_domain_url": "regie.suite.example/mail-domains/mairie-lacanauexample/",
        },
        None,
        None,
    ),
    (
        "people-maildomain-action-required",
        "maildomain_action_required",
        "[La Suite] Your domain requires action",
        {
            "domain_name": "mairie-lacanau.example",
            "manage_domain_url": "regie.suite.example/mail-domains/mairie-lacanauexample/",
        },
        None,
        None,
    ),
    (
        "people-maildomain-failed",
        "maildomain_failed",
        "[La Suite] Your domain has failed",
        {
            "domain_name": "mairie-lacanau.example",
            "manage_domain_url": "regie.suite.example/mail-domains/mairie-lacanauexample/",
        },
        None,
        None,
    ),
    (
        "people-maildomain-invitation",
        "maildomain_invitation",
        "[La Suite] You have been invited to join La Régie",
        {"domain": "mairie-lacanau.example", "role": "administrator"},
        None,
        None,
    ),
    (
        "people-team-invitation",
        "team_invitation",
        "Invitation to join La Régie!",
        {},
        None,
        None,
    ),
]


def git_archive(mirrors: Path, repo: str, commit: str, paths: list[str], dest: Path) -> None:
    tar = subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "archive", commit, *paths],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=tar, check=True)


def people_build(mirrors: Path, node: Path, venv: Path) -> dict[str, str]:
    """Run the sender's mail build, then the Django worker; returns id -> base64 .eml."""
    with tempfile.TemporaryDirectory(prefix="r28gov-") as tmp_name:
        tmp = Path(tmp_name)
        git_archive(
            mirrors,
            PEOPLE,
            PEOPLE_COMMIT,
            [
                "src/mail",
                "src/backend/locale",
                "src/backend/core/static/images",
                "src/backend/core/templatetags/extra_tags.py",
            ],
            tmp,
        )
        mail_dir = tmp / "src/mail"
        html_dir = tmp / "src/backend/core/templates/mail/html"
        text_dir = tmp / "src/backend/core/templates/mail/text"
        html_dir.mkdir(parents=True)
        text_dir.mkdir(parents=True)
        sources = sorted(p.name for p in (mail_dir / "mjml").glob("*.mjml"))
        env = dict(os.environ, PATH=f"{node / 'node_modules/.bin'}:{os.environ['PATH']}")
        subprocess.run(
            ["mjml", *[f"mjml/{s}" for s in sources], "-o", str(html_dir) + "/"],
            cwd=mail_dir,
            env=env,
            check=True,
            capture_output=True,
        )
        for html_file in sorted(html_dir.glob("*.html")):
            text = subprocess.run(
                ["html-to-text", "-j", "./html-to-text.config.json"],
                cwd=mail_dir,
                env=env,
                input=html_file.read_bytes(),
                capture_output=True,
                check=True,
            ).stdout
            (text_dir / f"{html_file.stem}.txt").write_bytes(text)
        for po in sorted((tmp / "src/backend/locale").glob("*/LC_MESSAGES/django.po")):
            subprocess.run(
                ["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)],
                check=True,
            )
        out = subprocess.run(
            [str(venv / "bin/python"), __file__, "--people-worker", str(tmp)],
            capture_output=True,
            check=True,
        ).stdout
        return json.loads(out)


def people_worker(tmp: Path) -> None:
    """Runs under the venv with Django: render and build every mail, print JSON."""
    import django
    from django.conf import settings

    backend = tmp / "src/backend"
    sys.path.insert(0, str(backend / "core/templatetags"))
    settings.configure(
        DEBUG=False,
        INSTALLED_APPS=["django.contrib.staticfiles"],
        STATIC_URL="/static/",
        STATICFILES_DIRS=[str(backend / "core/static")],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [str(backend / "core/templates")],
                "OPTIONS": {"libraries": {"extra_tags": "extra_tags"}},
            }
        ],
        LOCALE_PATHS=[str(backend / "locale")],
        LANGUAGE_CODE="en-us",
        LANGUAGES=[("en-us", "English"), ("fr-fr", "French")],
        USE_I18N=True,
        USE_TZ=True,
        TIME_ZONE="UTC",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        DEFAULT_CHARSET="utf-8",
    )
    django.setup()
    from types import SimpleNamespace

    from django.core.mail import EmailMultiAlternatives
    from django.template.loader import render_to_string
    from django.utils.translation import gettext, override

    site = SimpleNamespace(domain="regie.suite.example", name="La Régie")
    result = {}
    for group, template, subject_id, context, _code, _note in PEOPLE_MAILS:
        for lang, django_lang in LANGS.items():
            with override(django_lang):
                subject = gettext(subject_id)
                ctx = {"title": subject, "site": site, **context}
                if "mailbox_data" in context:
                    ctx["webmail_url"] = "https://webmail.suite.example"
                text = render_to_string(f"mail/text/{template}.txt", ctx)
                html_part = render_to_string(f"mail/html/{template}.html", ctx)
            msg = EmailMultiAlternatives(
                subject,
                text,
                PEOPLE_FROM,
                [TO],
                headers={"Date": SENT, "Message-ID": "<corpus@mail.example>"},
            )
            msg.attach_alternative(html_part, "text/html")
            mime = msg.message()
            mime.set_boundary("=_corpus_alternative_=")
            raw = mime.as_bytes(linesep="\r\n")
            result[f"{group}-{lang}"] = base64.b64encode(raw).decode("ascii")
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    parser.add_argument("--node", type=Path, default=NODE)
    parser.add_argument("--venv", type=Path, default=VENV)
    parser.add_argument("--people-worker", type=Path)
    args = parser.parse_args()
    if args.people_worker:
        people_worker(args.people_worker)
        return
    from collect import HERE

    built = people_build(args.mirrors, args.node, args.venv)
    items = []
    for group, template, _subject, _ctx, code, note in PEOPLE_MAILS:
        for lang in LANGS:
            item_id = f"{group}-{lang}"
            raw = base64.b64decode(built[item_id])
            rel = f"mail/people-regie/{item_id}.eml"
            (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
            (HERE / rel).write_bytes(raw)
            item = {
                "id": item_id,
                "group": group,
                "source": "people-regie",
                "lang": lang,
                "kind": "gov-otp" if code else "notice",
                "code": code,
                "repository": PEOPLE_REPO,
                "path": f"src/mail/mjml/{template}.mjml, src/mail/mjml/partial/header.mjml, "
                "src/mail/mjml/partial/footer.mjml, src/backend/locale/"
                f"{'fr_FR' if lang == 'fr' else 'en_US'}/LC_MESSAGES/django.po, "
                "src/backend/mailbox_manager/utils/dimail.py, "
                "src/backend/mailbox_manager/models.py, src/backend/core/models.py",
                "commit": PEOPLE_COMMIT,
                "licence": "MIT",
                "rendered": "mjml 4.18.0 and html-to-text 0.6.0 (src/mail build), msgfmt, "
                "Django 5.2 render_to_string under override(lang); EmailMultiAlternatives "
                "text + html",
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
            }
            if note:
                item["note"] = note
            items.append(item)
    out = HERE / "round28" / "gov.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "mails,", sum(i["code"] is not None for i in items), "with a code")


if __name__ == "__main__":
    main()
