"""Round 33, westeu (blind): Canaille's account mails (e-mail one-time passcode, password
reset by code and by link, password initialisation, invitation, registration, e-mail
address confirmation, group invitation) in English, French, German, Spanish, Polish,
Finnish and Norwegian Bokmål, rendered with the sender's own Jinja templates, its
translation catalogues and the stdlib ``email`` calls of its mail sender.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_westeu.py \\
        --mirrors /work/.mirror [--pydeps /tmp/r33g-pydeps]

Needs Jinja2 and Babel (the versions Canaille's lock file allows), installed outside the
project:

    python3 -m pip install --target /tmp/r33g-pydeps jinja2==3.1.6 markupsafe==3.0.3 \\
        babel==2.17.0

``--pydeps`` names that folder (it is put first on ``sys.path``).

- yaal-coop/canaille (MIT: LICENSE.rst, ``License :: OSI Approved :: MIT License`` in
  pyproject.toml), commit CANAILLE_COMMIT. A French (Yaal Coop) OpenID Connect / identity
  server for associations and small organisations.
  Senders: ``canaille/core/mails.py`` (``send_one_time_password_mail``,
  ``send_password_reset_mail``, ``send_password_initialization_mail``,
  ``send_invitation_mail``, ``send_registration_mail``, ``send_confirmation_email``,
  ``send_group_invitation_mail``) render ``canaille/templates/core/mails/<name>.txt`` and
  ``.html`` with Flask's ``render_template`` and hand both to ``send_email`` of
  ``canaille/app/mails.py``: ``EmailMessage``, ``set_content(text)``,
  ``add_alternative(html, subtype="html")``, Subject, ``To: <addr>``,
  ``From: "<NAME>" <admin@<domain>>``, and the logo (config ``LOGO`` default
  ``/static/img/canaille-head.webp``, read from the static folder when ``SERVER_NAME`` is
  set) added to the HTML part with ``add_related`` under a ``make_msgid`` cid, then
  ``smtplib.send_message`` (no Date or Message-ID is added by the sender; none is added
  here). Subjects come from ``flask_babel.gettext`` + ``str.format``.
  Codes: ``User.generate_sms_or_mail_otp`` (``canaille/core/models.py``):
  ``string_code(secrets.randbelow(10**length), length)``, six digits with leading zeros
  (``OTP_DIGITS = 6``; ``RESET_CODE_LENGTH = 6`` for the reset mail). The reset mail
  carries the code when no trusted hosts are configured
  (``current_app.features.has_trusted_hosts`` false), else a link with
  ``secrets.token_urlsafe(16)``; both forms are rendered. Links: ``url_for(...,
  _external=True)`` of ``/reset/<user_name>/<token>``, ``/register/<data>/<hash>``,
  ``/email-confirmation/<data>/<hash>``, ``/groups/join/<data>/<hash>`` where ``data`` is
  ``obj_to_b64(astuple(payload))`` and ``hash`` the HMAC-SHA256 ``build_hash`` of
  ``canaille/app/__init__.py`` under the instance's SECRET_KEY (both computed here the
  same way; Werkzeug quotes path values with ``safe="!$&'()*+,/:;=@"``).
  How it is rendered here: the Jinja environment Flask + Flask-Babel set up (autoescape for
  ``.html`` only, ``jinja2.ext.i18n`` with new-style gettext callables, the policy
  ``ext.i18n.trimmed = True`` from ``canaille/app/templating.py``, ``url_for`` for the
  static font CSS). The catalogues ``canaille/translations/<lang>/LC_MESSAGES/messages.po``
  are compiled the way ``hatch_build.py`` does (Babel ``compile_catalog``: fuzzy entries
  left out), so the Finnish, Norwegian and German mails keep the English text for strings
  whose translation is missing or fuzzy, as the deployed sender does. Boundaries and the
  logo cid are fixed values of the stdlib's shapes.
  Instances (one per language): a tenants' association, a French shared-garden
  association, a German sports club, a Spanish neighbourhood association, a Polish
  cycling club, a Finnish school cooperative and a Norwegian choir.
  Labels: the passcode (email_otp) and the reset code (reset with code) are codes; every
  other mail only carries links (their tokens are only inside links): notices.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import hmac
import io
import json
import subprocess
import sys
from base64 import b64encode
from email.generator import BytesGenerator
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
REPO = "yaal-coop/canaille"
CANAILLE_COMMIT = "8606256c8b84c6ce7fcedc81c9b7501512663584"
LICENCE = "MIT"
SOURCE = "canaille"

# lang: (catalogue dir or None, NAME, host, secret key, user name, person, recipient)
INSTANCES = {
    "en": (
        None,
        "Riverside Tenants",
        "account.riverside-tenants.example.org",
        "rt-7f3c1e9a2b",
        "mreeves",
        "Molly Reeves",
        "molly.reeves@example.net",
    ),
    "fr": (
        "fr",
        "Jardins de Belleville",
        "compte.jardins-belleville.example.fr",
        "jb-51ad09c4e7",
        "cmorel",
        "Claire Morel",
        "claire.morel@example.fr",
    ),
    "de": (
        "de",
        "TSV Hohenbrunn",
        "login.tsv-hohenbrunn.example.de",
        "tsv-2e8b4d61f0",
        "jbecker",
        "Jonas Becker",
        "jonas.becker@example.de",
    ),
    "es": (
        "es",
        "Vecinos de Lavapiés",
        "cuenta.vecinos-lavapies.example.es",
        "vl-93c0a7e25d",
        "lgarcia",
        "Lucía García",
        "lucia.garcia@example.es",
    ),
    "pl": (
        "pl",
        "Klub Rowerowy Mokotów",
        "konto.kr-mokotow.example.pl",
        "kr-4b17e0c9a3",
        "akowalska",
        "Anna Kowalska",
        "anna.kowalska@example.pl",
    ),
    "fi": (
        "fi",
        "Koulun vanhempainyhdistys",
        "tunnus.vanhempainyhdistys.example.fi",
        "vy-0d6f2a8c71",
        "mvirtanen",
        "Mikko Virtanen",
        "mikko.virtanen@example.fi",
    ),
    "nb": (
        "nb_NO",
        "Bergen Kammerkor",
        "konto.bergenkammerkor.example.no",
        "bk-c85e3b1d49",
        "ihansen",
        "Ingrid Hansen",
        "ingrid.hansen@example.no",
    ),
}
# string_code(secrets.randbelow(10**6), 6): six digits, zero-padded
OTPS = {
    "en": "048215",
    "fr": "730964",
    "de": "512087",
    "es": "906341",
    "pl": "275918",
    "fi": "083472",
    "nb": "649130",
}
RESET_CODES = {
    "en": "391746",
    "fr": "027583",
    "de": "864209",
    "es": "158632",
    "pl": "720451",
    "fi": "436870",
    "nb": "905318",
}
# secrets.token_urlsafe(16): 22 URL-safe base64 characters
RESET_TOKENS = {
    "en": "q7Jx2LmN9vTb0KcYwR4uHg",
    "fr": "Zp3sVd8QeA1nFk6tLr0yWm",
    "de": "hT5uB9cXo2GjM7wNq4PzEa",
    "es": "Kd0rY6nVb3SxLq8fHt1wJc",
    "pl": "Wn2pE7gRz5MaCv9kTy0sQb",
    "fi": "f8LcQ1xHr6VnZb3mPk7uDe",
    "nb": "Ry4tK0wJm9BsXe2qNg6vLa",
}
GROUPS = {
    "en": ("Repairs committee", "Priya Natarajan"),
    "fr": ("Parcelle des Lilas", "Hélène Dubois"),
    "de": ("Abteilung Tischtennis", "Markus Weber"),
    "es": ("Comisión de fiestas", "Javier Romero"),
    "pl": ("Sekcja szosowa", "Piotr Nowak"),
    "fi": ("Retkitoimikunta", "Laura Korhonen"),
    "nb": ("Tenorstemmen", "Erik Solberg"),
}
# (template, group, has code, sender function)
TEMPLATES = [
    ("email_otp", "canaille-email-otp", True, "send_one_time_password_mail"),
    ("reset-code", "canaille-reset-code", True, "send_password_reset_mail"),
    ("reset-link", "canaille-reset-link", False, "send_password_reset_mail"),
    ("firstlogin", "canaille-firstlogin", False, "send_password_initialization_mail"),
    ("invitation", "canaille-invitation", False, "send_invitation_mail"),
    ("registration", "canaille-registration", False, "send_registration_mail"),
    ("email-confirmation", "canaille-email-confirmation", False, "send_confirmation_email"),
    ("group_invitation", "canaille-group-invitation", False, "send_group_invitation_mail"),
]
SUBJECTS = {
    "email_otp": "One-time passcode authentication on {website_name}",
    "reset-code": "Password reset on {website_name}",
    "reset-link": "Password reset on {website_name}",
    "firstlogin": "Password initialization on {website_name}",
    "invitation": "You have been invited to create an account on {website_name}",
    "registration": "Continue your registration on {website_name}",
    "email-confirmation": "Confirm your email address on {website_name}",
    "group_invitation": "Invitation to join {group_name} on {website_name}",
}
# fixed creation times for the payloads (isoformat of datetime.now(timezone.utc))
WHEN = {
    lang: f"2025-03-{10 + n:02d}T{8 + n:02d}:1{n}:3{n}.{412006 + 97 * n:06d}+00:00"
    for n, lang in enumerate(INSTANCES)
}


def git_show(git_dir: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{CANAILLE_COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def translations(git_dir: Path, catdir: str | None):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import NullTranslations, Translations

    if catdir is None:
        return NullTranslations()
    po = git_show(git_dir, f"canaille/translations/{catdir}/LC_MESSAGES/messages.po")
    with contextlib.redirect_stdout(io.StringIO()):  # babel prints warnings on #~| lines
        catalog = read_po(io.BytesIO(po), locale=catdir)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf)


def obj_to_b64(obj) -> str:
    return b64encode(json.dumps(obj).encode("utf-8")).decode("utf-8")


def build_hash(secret: str, *args) -> str:
    message = obj_to_b64(str(args)).encode("utf-8")
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def path_value(value: str) -> str:
    # werkzeug BaseConverter.to_url
    return quote(value, safe="!$&'()*+,/:;=@")


def fixed_uuid(seed: str) -> str:
    return hashlib.md5(seed.encode()).hexdigest()


def boundary(seed: str) -> str:
    # email.generator._make_boundary: '=' * 15 + 19 digits + '=='
    n = int(hashlib.sha256(seed.encode()).hexdigest(), 16) % (2**63 - 1)
    return "=" * 15 + f"{n:019d}" + "=="


def render_all(git_dir: Path) -> list[tuple[dict, bytes]]:
    import jinja2

    logo_raw = git_show(git_dir, "canaille/static/img/canaille-head.webp")

    def load(name: str) -> str:
        return git_show(git_dir, f"canaille/templates/{name}").decode("utf-8")

    out = []
    for n, (lang, inst) in enumerate(INSTANCES.items()):
        catdir, site_name, host, secret, user_name, _person, rcpt = inst
        trans = translations(git_dir, catdir)
        env = jinja2.Environment(
            loader=jinja2.FunctionLoader(load),
            autoescape=lambda name: (
                name is not None and name.endswith((".html", ".htm", ".xml", ".xhtml", ".svg"))
            ),
            extensions=["jinja2.ext.i18n"],
        )
        env.install_gettext_callables(
            gettext=trans.ugettext,
            ngettext=trans.ungettext,
            newstyle=True,
            pgettext=trans.upgettext,
            npgettext=trans.unpgettext,
        )
        env.policies["ext.i18n.trimmed"] = True
        base = f"https://{host}"

        def url_for(endpoint, filename=None, _external=False, base=base):
            assert endpoint == "static" and _external
            return f"{base}/static/{filename}"

        env.globals["url_for"] = url_for
        site_url = f"{base}/"
        when = WHEN[lang]
        group_name, inviter = GROUPS[lang]
        for m, (tpl, group, has_code, func) in enumerate(TEMPLATES):
            ctx = {"site_name": site_name, "site_url": site_url}
            name = tpl
            to = rcpt
            if tpl == "email_otp":
                ctx["otp"] = OTPS[lang]
            elif tpl in ("reset-code", "reset-link"):
                name = "reset"
                code = tpl == "reset-code"
                token = None if code else RESET_TOKENS[lang]
                ctx.update(
                    reset_url=None
                    if code
                    else f"{base}/reset/{path_value(user_name)}/{path_value(token)}",
                    server_name=host,
                    reset_token=token,
                    reset_code=RESET_CODES[lang] if code else None,
                )
            elif tpl == "firstlogin":
                ctx["reset_url"] = (
                    f"{base}/reset/{path_value(user_name)}/{path_value(RESET_TOKENS[lang][::-1])}"
                )
            elif tpl in ("invitation", "registration"):
                invited = tpl == "invitation"
                payload = (
                    when,
                    user_name if invited else "",
                    not invited,
                    rcpt,
                    [fixed_uuid(f"group-{lang}")] if invited else [],
                )
                ctx["registration_url"] = (
                    f"{base}/register/{path_value(obj_to_b64(payload))}/"
                    f"{build_hash(secret, *payload)}"
                )
            elif tpl == "email-confirmation":
                to = rcpt.replace("@", ".work@", 1)
                payload = (when, user_name, to)
                ctx["confirmation_url"] = (
                    f"{base}/email-confirmation/{path_value(obj_to_b64(payload))}/"
                    f"{build_hash(secret, *payload)}"
                )
            else:
                payload = (
                    when.replace("2025-03-", "2025-04-"),
                    fixed_uuid(f"group-{lang}"),
                    fixed_uuid(f"user-{lang}"),
                )
                ctx.update(
                    invitation_url=f"{base}/groups/join/{path_value(obj_to_b64(payload))}/"
                    f"{build_hash(secret, *payload)}",
                    group_name=group_name,
                    inviter_name=inviter,
                )
            fmt = {"website_name": site_name}
            if tpl == "group_invitation":
                fmt["group_name"] = group_name
            subject = trans.ugettext(SUBJECTS[tpl]).format(**fmt)
            mail_id = f"canaille-{tpl}-{lang}"
            cid = f"<{174160000000 + 3700 * n + 61 * m}.{2140 + n}.{int(fixed_uuid(mail_id)[:16], 16)}@{host}>"
            text = env.get_template(f"core/mails/{name}.txt").render(**ctx)
            html = env.get_template(f"core/mails/{name}.html").render(
                **ctx, logo=f"cid:{cid[1:-1]}", title=subject
            )
            msg = EmailMessage()
            msg.set_content(text)
            msg.add_alternative(html, subtype="html")
            msg["Subject"] = subject
            msg["To"] = f"<{to}>"
            msg["From"] = f'"{site_name}" <admin@{host}>'
            msg.get_payload()[1].add_related(logo_raw, maintype="image", subtype="webp", cid=cid)
            msg.set_boundary(boundary(mail_id + "/alt"))
            msg.get_payload()[1].set_boundary(boundary(mail_id + "/rel"))
            buf = io.BytesIO()
            BytesGenerator(buf).flatten(msg)
            item = {
                "id": mail_id,
                "group": group,
                "lang": lang,
                "has_code": has_code,
                "code": OTPS[lang]
                if tpl == "email_otp"
                else (RESET_CODES[lang] if tpl == "reset-code" else None),
                "func": func,
                "name": name,
                "catdir": catdir,
            }
            out.append((item, buf.getvalue()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--pydeps", type=Path, default=Path("/tmp/r33g-pydeps"))
    args = ap.parse_args()
    sys.path.insert(0, str(args.pydeps))
    git_dir = args.mirrors / "yaal-coop+canaille" / "repo"
    maildir = HERE / "mail" / SOURCE
    maildir.mkdir(parents=True, exist_ok=True)
    items = []
    for job, data in render_all(git_dir):
        (maildir / f"{job['id']}.eml").write_bytes(data)
        cat = (
            f", canaille/translations/{job['catdir']}/LC_MESSAGES/messages.po"
            if job["catdir"]
            else ""
        )
        item = {
            "id": job["id"],
            "group": job["group"],
            "source": SOURCE,
            "lang": job["lang"],
            "kind": "saas-otp" if job["code"] else "notice",
            "code": job["code"],
            "repository": REPO,
            "path": (
                f"canaille/core/mails.py ({job['func']}), "
                f"canaille/templates/core/mails/{job['name']}.txt, "
                f"canaille/templates/core/mails/{job['name']}.html, "
                f"canaille/app/mails.py{cat}"
            ),
            "commit": CANAILLE_COMMIT,
            "licence": LICENCE,
            "rendered": (
                "python: the sender's Jinja templates and compiled catalogue under jinja2 "
                "with Flask-Babel's i18n set-up, its send_email EmailMessage calls"
            ),
            "file": f"mail/{SOURCE}/{job['id']}.eml",
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if job["lang"] in ("fi", "nb", "de") and job["code"]:
            item["note"] = (
                "the catalogue's strings for this mail are missing or fuzzy, so its "
                "text stays (partly or wholly) in English, as the deployed sender sends it"
            )
        items.append(item)
    out = HERE / "round33" / "westeu.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
