"""Round 25, events (blind): Hasgeek's Funnel (event, conference and RSVP platform behind
hasgeek.com) sign-in, confirmation and password mails, rendered from a git snapshot at a
pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_events.py \\
        --mirrors /work/.mirror

- hasgeek/funnel (AGPL-3.0-only, Flask), commit FUNNEL_COMMIT:
  ``funnel/views/otp.py`` (``OtpSessionForLogin/ForSudo/ForReset/ForNewEmail.send_email``)
  and ``funnel/views/email.py`` (``send_email_verify_link``) render
  ``funnel/templates/email_{login_otp,sudo_otp,account_reset,add_otp,account_verify}.html.jinja2``
  (all extending ``notifications/layout_email.html.jinja2`` and importing
  ``notifications/macros_email.html.jinja2``) with subjects ``_("Login OTP {otp}")``,
  ``_("Confirmation OTP {otp}")``, ``_("Reset your password - OTP {otp}")``,
  ``_("OTP {otp} to verify your email address")`` and ``_("Verify your email address")``.
  The OTP is ``coaster.utils.newpin()`` (four digits) and is the code of those four mails;
  the verification mail has only a link (a notice). ``funnel/views/notifications/
  account_notification.py`` (``RenderAccountPasswordNotification``) renders
  ``notifications/user_password_set_email.html.jinja2`` with the view's hero image, heading
  ``Password updated!`` and reason line, subject ``"⚠️ " + _("Your password has been
  updated")``, from ``Hasgeek`` (``RenderNotification.email_from``): a notice.

  Rendering: ``funnel/transports/email/send.py`` ``send_email`` sends
  multipart/alternative with ``html2text(content)`` as the text part and
  ``premailer.transform(content, base_url=...)`` as the HTML part. The templates are run by
  jinja2 with the ``jinja2.ext.i18n`` extension and new-style gettext callables (what
  Flask-Babel installs), autoescape off (Flask's ``select_jinja_autoescape`` is off for
  names ending ``.jinja2``), ``get_locale()``, ``config`` (SITE_SUPPORT_EMAIL and phone)
  and a ``url_for`` that builds the external URLs on the example domain. Strings come
  from ``funnel/translations/hi_IN/LC_MESSAGES/messages.po`` (read with polib; an empty
  msgstr falls back to the English msgid, as gettext does). Only the verification mail and
  the password notice are translated to Hindi there (the OTP mails' strings and subjects
  are empty in the catalogue, and so are the password notice's heading and body), so the
  verification mail alone also goes out in hi-IN. html2text (2025.4.15,
  the venv's) is used as is; premailer 3.10.0 with cssutils, polib and babel are installed
  with ``pip install --target /tmp/r25events_lib premailer polib babel jinja2`` (jinja2 3.1.6).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

# pip install --target /tmp/r25events_lib premailer polib babel jinja2
sys.path.insert(0, "/tmp/r25events_lib")
import logging

import jinja2
import polib
from html2text import html2text
from premailer import transform

logging.getLogger("CSSUTILS").setLevel(logging.CRITICAL)

FUNNEL = "hasgeek/funnel"
FUNNEL_COMMIT = "eaed75d053027044fd526789ff9721d3b48285bb"
DOMAIN = "hasgeek.example.com"
SENT = datetime(2026, 12, 4, 10, 15, tzinfo=UTC)
ITEMS: list[dict] = []


def _show(git_dir: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _write(item: dict, raw: bytes) -> None:
    path = HERE / item["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# Funnel


def _funnel_gettext(git_dir: Path, locale: str):
    if locale == "en":
        return lambda s: s
    po = polib.pofile(_show(git_dir, FUNNEL_COMMIT, f"funnel/translations/{locale}/LC_MESSAGES/messages.po"))
    table = {e.msgid: e.msgstr for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags}
    return lambda s: table.get(s, s)


def _url_for(endpoint: str, _external: bool = False, **kw) -> str:
    if endpoint == "static":
        return f"https://{DOMAIN}/static/{kw['filename']}"
    paths = {"reset": "/account/reset"}
    return f"https://{DOMAIN}{paths[endpoint]}"


def funnel(mirrors: Path) -> None:
    git_dir = mirrors / "hasgeek+funnel" / "repo"
    names = [
        "notifications/layout_email.html.jinja2",
        "notifications/macros_email.html.jinja2",
        "notifications/user_password_set_email.html.jinja2",
        "email_login_otp.html.jinja2",
        "email_sudo_otp.html.jinja2",
        "email_account_reset.html.jinja2",
        "email_add_otp.html.jinja2",
        "email_account_verify.html.jinja2",
    ]
    sources = {n: _show(git_dir, FUNNEL_COMMIT, f"funnel/templates/{n}") for n in names}
    fullname = "Ananya Rao"
    mails = [
        # (group, template, subject msgid, vars, code, locales)
        ("login-otp", "email_login_otp", "Login OTP {otp}", {"otp": "4827"}, "4827", ["en"]),
        ("sudo-otp", "email_sudo_otp", "Confirmation OTP {otp}", {"otp": "6159"}, "6159", ["en"]),
        (
            "reset-otp",
            "email_account_reset",
            "Reset your password - OTP {otp}",
            {
                "otp": "3094",
                "url": f"https://{DOMAIN}/account/reset/Ijk3ZTI0YzFmIg.Z1B4kQ.q8VfX2rN7mT0sLp3yHc5Kd1Wb4E"
                "?utm_medium=email&utm_source=account-reset",
                "jsonld": None,
            },
            "3094",
            ["en"],
        ),
        (
            "add-email-otp",
            "email_add_otp",
            "OTP {otp} to verify your email address",
            {"otp": "7712"},
            "7712",
            ["en"],
        ),
        (
            "verify-email",
            "email_account_verify",
            "Verify your email address",
            {
                "url": f"https://{DOMAIN}/account/confirm/5d41402abc4b2a76b9719d911017c592/"
                "x7Kp2QwR9mZt4VbN?utm_medium=email&utm_source=account-verify",
                "jsonld": None,
            },
            None,
            ["en", "hi_IN"],
        ),
        ("password-updated", "notifications/user_password_set_email", None, {}, None, ["en"]),
    ]
    for group, template, subject_id, variables, code, locales in mails:
        for locale in locales:
            gettext = _funnel_gettext(git_dir, locale)
            env = jinja2.Environment(
                loader=jinja2.DictLoader(sources), extensions=["jinja2.ext.i18n"], autoescape=False
            )
            env.install_gettext_callables(gettext, lambda s, p, n: s if n == 1 else p, newstyle=True)
            env.globals.update(
                get_locale=lambda locale=locale: locale,
                url_for=_url_for,
                config={
                    "SITE_SUPPORT_EMAIL": "support@hasgeek.example.com",
                    "SITE_SUPPORT_PHONE": "+917676332020",
                    "SITE_SUPPORT_PHONE_FORMATTED": "+91 76763 32020",
                },
            )
            params = dict(variables)
            params.setdefault("fullname", fullname)
            sender = "Hasgeek <sender@hasgeek.example.com>"
            base_url = f"https://{DOMAIN}/"
            if subject_id is None:

                class View:
                    hero_image = "img/email/chars-v1/password.png"
                    email_heading = gettext("Password updated!")
                    reason_email = gettext("You are receiving this because you have an account at hasgeek.com")
                    unsubscribe_url_email = (
                        f"https://{DOMAIN}/account/notifications/unsubscribe/"
                        "Fq3ZrT8vKx2mNw7Lp0sYbH?utm_campaign=webpush&utm_medium=email"
                        "&utm_source=unsubscribe"
                    )

                params["view"] = View()
                subject = "⚠️ " + gettext("Your password has been updated")
                sender = "Hasgeek <sender@hasgeek.example.com>"
                base_url = f"https://{DOMAIN}/~ananya"
            else:
                subject = gettext(subject_id).format(otp=params.get("otp", ""))
            params.setdefault("view", None)
            params.setdefault("jsonld", None)
            content = env.get_template(f"{template}.html.jinja2").render(**params)
            body = html2text(content)
            html = transform(content, base_url=base_url)
            raw = message(sender=sender, subject=subject, text=body, html_part=html, sent=SENT)
            lang = "en" if locale == "en" else "hi-IN"
            item = {
                "id": f"funnel-{group}-{lang}",
                "group": f"funnel-{group}",
                "source": "funnel",
                "lang": lang,
                "kind": "saas-otp" if code else "notice",
                "code": code,
                "repository": FUNNEL,
                "path": ",".join(
                    [
                        f"funnel/templates/{template}.html.jinja2",
                        "funnel/templates/notifications/layout_email.html.jinja2",
                        "funnel/templates/notifications/macros_email.html.jinja2",
                        "funnel/views/otp.py" if code else "funnel/views/email.py",
                        "funnel/transports/email/send.py",
                    ]
                    + ([f"funnel/translations/{locale}/LC_MESSAGES/messages.po"] if locale != "en" else [])
                ),
                "commit": FUNNEL_COMMIT,
                "licence": "AGPL-3.0-only",
                "rendered": "jinja2 with i18n new-style gettext over the template and layout; "
                "text part html2text(content), HTML part premailer.transform",
                "file": f"mail/funnel/funnel-{group}-{lang}.eml",
            }
            _write(item, raw)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    funnel(args.mirrors)
    (HERE / "round25").mkdir(exist_ok=True)
    (HERE / "round25" / "events.json").write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
