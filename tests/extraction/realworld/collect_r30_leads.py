"""Round 30, leads (blind): PYBOSSA, Scifabric's Flask crowdsourcing platform, whose
account mails (a one-time sign-in code, password recovery, e-mail validation) are
rendered from git snapshots at pinned commits with the sender's own Flask, Jinja2,
Markdown and Flask-Mail versions.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_leads.py \\
        --mirrors /work/.mirror

- Scifabric/pybossa (AGPL-3.0-or-later, ``COPYING``), commit PYBOSSA_COMMIT (2022-06-23),
  and its theme submodule Scifabric/pybossa-default-theme (AGPL-3.0-or-later, ``COPYING`` and ``README.md``) at the
  commit the submodule pins, THEME_COMMIT. Files: ``pybossa/view/account.py``
  (``_email_two_factor_auth``: subject ``One time password generation details for
  PYBOSSA``, body ``/account/email/otp.md``, html ``/account/email/otp.html``;
  ``forgot_password``: subject ``Account Recovery``, ``forgot_password.md`` and ``.html``;
  ``register``: subject ``Welcome to <BRAND>!``, ``validate_account.md``, html
  ``markdown(body)``; ``update_profile``: subject ``You have updated your email in
  <BRAND>! Verify it``, ``validate_email.md``, html ``markdown(body)``),
  ``pybossa/otp.py`` (``_create_otp_secret``: ``OtpAuth(base32 secret).totp()``, a TOTP
  of six digits, the value typed on ``/account/<token>/otpvalidation``),
  ``pybossa/jobs.py`` (``send_mail``: ``flask_mail.Message(**message_dict)``),
  ``pybossa/default_settings.py`` (``BRAND = 'PYBOSSA'``), ``settings_local.py.tmpl``
  (``MAIL_DEFAULT_SENDER = 'PyBossa Support <info@pybossa.com>'``), ``setup.py`` (pins
  Flask==1.1.2, Jinja2==2.11.2, Markdown==2.6.11, Flask-Mail>=0.9.1); theme
  ``templates/account/email/{otp,forgot_password,validate_account,validate_email}.md``,
  ``otp.html``, ``forgot_password.html``, ``base.html``.

  How PYBOSSA sends: the view renders the templates with Flask's ``render_template``
  (autoescaping for ``.html`` only, Flask-Babel's ``_`` installed as new-style
  gettext) and queues ``send_mail``, which builds a Flask-Mail ``Message`` (multipart/mixed
  holding multipart/alternative text/plain + text/html, utf-8).

  Rendered here: a Flask 1.1.2 application whose Jinja loader reads the theme templates
  from the snapshot with ``git show``; ``_`` is the identity (English; the theme's
  catalogues leave these mail strings untranslated or fuzzy, and ``otp.html`` and the
  ``.md`` bodies have no ``_`` at all, so only English is collected); the real
  ``flask_mail.Message._message()`` builds the MIME, with a fixed Date, Message-ID and
  fixed boundaries. ``validate_email.html`` is not used: its ``_('You have updated your
  email's account in')`` is a Jinja syntax error, so the resend path cannot render it.
  The libraries are installed outside the project with ``pip install --target
  /tmp/r30leads-pydeps Flask==1.1.2 Werkzeug==1.0.1 itsdangerous==1.1.0 click==7.1.2
  Jinja2==2.11.2 MarkupSafe==1.1.1 Markdown==2.6.11 Flask-Mail==0.9.1 blinker``.
  Values: the OTP is six digits (``totp()``), the confirmation and recovery keys are
  itsdangerous ``URLSafeTimedSerializer`` tokens of the shape ``signer.dumps`` makes
  (fixed strings here), names and addresses invented.

Labels: the OTP mail's code is the six-digit OTP; the recovery and validation mails carry
only links (null).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, "/tmp/r30leads-pydeps")  # see the docstring: pip install --target

os.environ["TZ"] = "UTC"
time.tzset()

import flask  # noqa: E402
import flask_mail  # noqa: E402
import jinja2  # noqa: E402
from markdown import markdown  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "round30" / "leads.json"
MAIL = HERE / "mail"

PYBOSSA = "Scifabric/pybossa"
PYBOSSA_COMMIT = "d6409eeaf5a88ef36d509e70175905e1b8b834e2"
THEME = "Scifabric/pybossa-default-theme"
THEME_COMMIT = "6276d1334f3ff9533d11f68ebc7e0ab1c0ead0c3"

SENDER = "PyBossa Support <info@pybossa.com>"
BRAND = "PYBOSSA"
DATE = 1767258000.0  # 2026-01-01 09:00:00 UTC
USER_NAME = "Lena Hartmann"
USER_ADDR = "lena.hartmann@example.org"
OTP = "730561"
CONFIRM_KEY = (
    "eyJmdWxsbmFtZSI6IkxlbmEgSGFydG1hbm4iLCJuYW1lIjoibGhhcnRtYW5uIn0"
    ".aVYq8A.3kQwX9fT2bLmN7rPz0sVhYc4dEo"
)
RECOVER_KEY = "eyJ1c2VyIjoibGhhcnRtYW5uIn0.aVYq8A.Jq1v0mYx7Rk2sPb9LwTn4cZ8eUg"
HOST = "https://pybossa.example.org"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


class User:
    fullname = USER_NAME
    name = "lhartmann"
    email_addr = USER_ADDR


def pybossa(mirrors: Path) -> list[tuple[dict, bytes]]:
    def load(name: str) -> str:
        return git_show(mirrors, THEME, THEME_COMMIT, "templates/" + name.lstrip("/"))

    app = flask.Flask("pybossa")
    app.config.update(BRAND=BRAND, MAIL_DEFAULT_SENDER=SENDER, SERVER_NAME=None)
    app.jinja_loader = jinja2.FunctionLoader(load)
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_null_translations(newstyle=True)
    flask_mail.Mail(app)

    user = User()
    account = dict(fullname=USER_NAME, name="lhartmann", email_addr=USER_ADDR)
    confirm_url = f"{HOST}/account/register/confirmation?key={CONFIRM_KEY}"
    recovery_url = f"{HOST}/account/reset-password?key={RECOVER_KEY}"

    mails = []
    with app.test_request_context("/"):
        render = flask.render_template
        # _email_two_factor_auth
        msg = dict(
            subject="One time password generation details for PYBOSSA",
            recipients=[USER_ADDR],
        )
        msg["body"] = render("/account/email/otp.md", user=user, otpcode=int(OTP))
        msg["html"] = render("/account/email/otp.html", user=user, otpcode=int(OTP))
        mails.append(("otp", "saas-otp", OTP, "otp", msg))
        # forgot_password
        msg = dict(subject="Account Recovery", recipients=[USER_ADDR])
        msg["body"] = render(
            "/account/email/forgot_password.md", user=user, recovery_url=recovery_url
        )
        msg["html"] = render(
            "/account/email/forgot_password.html", user=user, recovery_url=recovery_url
        )
        mails.append(("forgot-password", "notice", None, "forgot_password", msg))
        # register
        msg = dict(
            subject=f"Welcome to {BRAND}!",
            recipients=[USER_ADDR],
            body=render(
                "/account/email/validate_account.md",
                user=account,
                confirm_url=confirm_url,
            ),
        )
        msg["html"] = markdown(msg["body"])
        mails.append(("validate-account", "notice", None, "validate_account", msg))
        # update_profile, e-mail changed
        msg = dict(
            subject=f"You have updated your email in {BRAND}! Verify it",
            recipients=[USER_ADDR],
            body=render(
                "/account/email/validate_email.md",
                user=account,
                confirm_url=confirm_url,
            ),
        )
        msg["html"] = markdown(msg["body"])
        mails.append(("validate-email", "notice", None, "validate_email", msg))

        out = []
        for n, (slug, kind, code, tpl, d) in enumerate(mails):
            message = flask_mail.Message(date=DATE, **d)
            mime = message._message()
            mime.replace_header("Message-ID", f"<r30leads.pybossa.{slug}@pybossa.example.org>")
            mime.set_boundary(f"===============r30leads{n}mixed==")
            for part in mime.walk():
                if part.get_content_subtype() == "alternative":
                    part.set_boundary(f"===============r30leads{n}alt==")
            raw = mime.as_bytes()
            item = dict(
                id=f"pybossa-{slug}-en",
                group=f"pybossa-{slug}",
                source="pybossa",
                lang="en",
                kind=kind,
                code=code,
                repository=THEME,
                path=f"templates/account/email/{tpl}.md",
                commit=THEME_COMMIT,
                licence="AGPL-3.0-or-later",
                rendered="Flask 1.1.2 render_template + Flask-Mail 0.9.1 Message",
            )
            if code:
                item["note"] = (
                    "OTP code line of otp.md/otp.html; the value is "
                    "OtpAuth(...).totp() (pybossa/otp.py), compared as a string in "
                    "account.otpvalidation"
                )
            out.append((item, raw))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = []
    for item, raw in pybossa(args.mirrors):
        rel = f"mail/{item['source']}/{item['id']}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path"]
        keys += ["commit", "licence", "rendered"]
        out = {k: item[k] for k in keys}
        out["file"] = rel
        out["sha256"] = hashlib.sha256(raw).hexdigest()
        if "note" in item:
            out["note"] = item["note"]
        items.append(out)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
