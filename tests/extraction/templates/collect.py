# ruff: noqa: B007, B023 -- the closures are called at once, inside the loop that binds them
"""Take stock auth-mail templates and their own translations from public repositories.

    python tests/extraction/templates/collect.py /work/.mirror

reads git snapshots (``<mirror>/<owner>+<name>/repo``, as the search tool's ``fetch`` lays
them out) at the commits named below and writes one ``<source>.yaml`` beside this file per
source: each template's subject, text part and HTML part in every language the framework
translates it into, with ``{{LINK}}`` / ``{{CODE}}`` where the action URL / one-time code
goes. ``bench/extraction_corpus.py`` turns them into MIME messages. Files written by hand
(sources that were too large to fetch whole) carry the same keys.

Only the frameworks' own strings and markup are used; the structure of each template is
followed as its source lays it out (the comment at each template says which file).
"""

from __future__ import annotations

import ast
import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
LANGS = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "tr", "ja", "zh", "ko"]


def git_show(repo: Path, commit: str, path: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), "show", f"{commit}:{path}"]).decode()


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue; fuzzy and untranslated entries left out."""
    catalogue: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        if "#, fuzzy" in block or "msgid_plural" in block:
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            m = re.match(r'^(msgctxt|msgid|msgstr)\s+(".*")\s*$', line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid") and fields.get("msgstr") and "msgctxt" not in fields:
            catalogue[fields["msgid"]] = fields["msgstr"]
    return catalogue


class Missing(Exception):
    pass


UNTRANSLATED: list[str] = []
"""msgids the catalogue of the language being rendered lacks (gettext shows the msgid)."""


LOOKED_UP: list[str] = []


def tr(catalogue: dict[str, str] | None, msgid: str, **values: str) -> str:
    LOOKED_UP.append(msgid)
    if catalogue is None:
        text = msgid
    elif msgid in catalogue:
        text = catalogue[msgid]
    else:
        UNTRANSLATED.append(msgid)
        text = msgid
    return text % values if values else text


def rendered(render: Any, catalogue: dict[str, str] | None) -> Any:
    """``render(catalogue)``, or Missing when most of its strings are untranslated (the
    mail would be an English mail with a translated subject, not a mail in that language)."""
    UNTRANSLATED.clear()
    LOOKED_UP.clear()
    result = render(catalogue)
    if catalogue is not None and len(UNTRANSLATED) * 2 > len(LOOKED_UP):
        raise Missing(UNTRANSLATED[0])
    return result


def source_block(repo: str, commit: str, licence: str, copyright: str) -> dict[str, str]:
    return {"repo": repo, "commit": commit, "licence": licence, "copyright": copyright}


# ---------------------------------------------------------------------------------------
# django-allauth (MIT): text templates, Django blocktrans, catalogues in allauth/locale


def allauth(mirror: Path) -> dict[str, Any]:
    repo = mirror / "pennersr+django-allauth" / "repo"
    commit = "20f4bded2fd2e12d0d172d1321626a94c17ac97e"
    locales = {
        "en": None,
        "de": "de",
        "fr": "fr",
        "es": "es",
        "it": "it",
        "pt": "pt_BR",
        "nl": "nl",
        "pl": "pl",
        "ru": "ru",
        "tr": "tr",
        "ja": "ja",
        "zh": "zh_Hans",
        "ko": "ko",
    }
    site, domain = "Example", "example.com"

    def base(cat: dict[str, str] | None, content: str) -> str:
        # account/email/base_message.txt
        return (
            tr(cat, "Hello from %(site_name)s!", site_name=site)
            + "\n\n"
            + content
            + "\n\n"
            + tr(
                cat,
                "Thank you for using %(site_name)s!\n%(site_domain)s",
                site_name=site,
                site_domain=domain,
            )
        )

    def notification(cat: dict[str, str] | None, message: str) -> str:
        # account/email/base_notification.txt
        return base(
            cat,
            tr(
                cat,
                "You are receiving this mail because the following change was made to your account:",
            )
            + "\n\n"
            + message
            + "\n\n"
            + tr(
                cat,
                "If you do not recognize this change then please take proper security precautions immediately. The change to your account originates from:\n\n- IP address: %(ip)s\n- Browser: %(user_agent)s\n- Date: %(timestamp)s",
                ip="203.0.113.7",
                user_agent="Mozilla/5.0",
                timestamp="2026-03-14 09:26",
            ),
        )

    ignore = "This mail can be safely ignored if you did not initiate this action."
    templates: list[dict[str, Any]] = [
        {
            "id": "allauth-password-reset-key",
            "path": "allauth/templates/account/email/password_reset_key_message.txt",
            "kind": "reset",
            "expects": "link",
            "subject": "Password Reset Email",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "You're receiving this email because you or someone else has requested a password reset for your user account.\nIt can be safely ignored if you did not request a password reset. Click the link below to reset your password.",
                )
                + "\n\n{{LINK}}",
            ),
        },
        {
            "id": "allauth-email-confirmation",
            "path": "allauth/templates/account/email/email_confirmation_message.txt",
            "kind": "verify",
            "expects": "link",
            "subject": "Please Confirm Your Email Address",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "You're receiving this email because user %(user_display)s has given your email address to register an account on %(site_domain)s.",
                    user_display="noor",
                    site_domain=domain,
                )
                + "\n\n"
                + tr(
                    c, "To confirm this is correct, go to %(activate_url)s", activate_url="{{LINK}}"
                ),
            ),
        },
        {
            "id": "allauth-email-confirmation-code",
            "path": "allauth/templates/account/email/email_confirmation_message.txt",
            "kind": "verify",
            "expects": "code",
            "subject": "Please Confirm Your Email Address",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "You're receiving this email because user %(user_display)s has given your email address to register an account on %(site_domain)s.",
                    user_display="noor",
                    site_domain=domain,
                )
                + "\n\n"
                + tr(
                    c,
                    "Your email verification code is listed below. Please enter it in your open browser window.",
                )
                + "\n\n{{CODE}}",
            ),
        },
        {
            "id": "allauth-login-code",
            "path": "allauth/templates/account/email/login_code_message.txt",
            "kind": "code",
            "expects": "code",
            "subject": "Sign-In Code",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "Your sign-in code is listed below. Please enter it in your open browser window.",
                )
                + "\n\n{{CODE}}\n\n"
                + tr(c, ignore),
            ),
        },
        {
            "id": "allauth-password-reset-code",
            "path": "allauth/templates/account/email/password_reset_code_message.txt",
            "kind": "code",
            "expects": "code",
            "subject": "Password Reset Code",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "Your password reset code is listed below. Please enter it in your open browser window.",
                )
                + "\n\n{{CODE}}\n\n"
                + tr(c, ignore),
            ),
        },
        {
            "id": "allauth-unknown-account",
            "path": "allauth/templates/account/email/unknown_account_message.txt",
            "kind": "signup",
            "expects": "link",
            "subject": "Unknown Account",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "You are receiving this email because you, or someone else, tried to access an account with email %(email)s. However, we do not have any record of such an account in our database.",
                    email="noor.tester@example.com",
                )
                + "\n\n"
                + tr(c, ignore)
                + "\n\n"
                + tr(c, "If it was you, you can sign up for an account using the link below.")
                + "\n\n{{LINK}}",
            ),
        },
        {
            "id": "allauth-account-already-exists",
            "path": "allauth/templates/account/email/account_already_exists_message.txt",
            "kind": "reset",
            "expects": "link",
            "subject": "Account Already Exists",
            "body": lambda c: base(
                c,
                tr(
                    c,
                    "You are receiving this email because you or someone else tried to signup for an\naccount using email address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In case you have\nforgotten about this, please use the password forgotten procedure to recover\nyour account:\n\n%(password_reset_url)s",
                    email="noor.tester@example.com",
                    password_reset_url="{{LINK}}",
                ),
            ),
        },
        {
            "id": "allauth-password-changed",
            "path": "allauth/templates/account/email/password_changed_message.txt",
            "kind": "notice",
            "expects": "none",
            "subject": "Password Changed",
            "body": lambda c: notification(c, tr(c, "Your password has been changed.")),
        },
        {
            "id": "allauth-email-changed",
            "path": "allauth/templates/account/email/email_changed_message.txt",
            "kind": "notice",
            "expects": "none",
            "subject": "Email Changed",
            "body": lambda c: notification(
                c,
                tr(
                    c,
                    "Your email has been changed from %(from_email)s to %(to_email)s.",
                    from_email="noor@old.example",
                    to_email="noor.tester@example.com",
                ),
            ),
        },
    ]
    out = []
    catalogues = {
        lang: None
        if loc is None
        else parse_po(git_show(repo, commit, f"allauth/locale/{loc}/LC_MESSAGES/django.po"))
        for lang, loc in locales.items()
    }
    for t in templates:
        langs = {}
        for lang, cat in catalogues.items():
            try:
                langs[lang] = rendered(
                    lambda c: {
                        "subject": "[Example] " + tr(c, t["subject"]),
                        "text": t["body"](c),
                        "html": None,
                    },
                    cat,
                )
            except Missing:
                continue
        out.append(
            {k: v for k, v in t.items() if k not in ("body", "subject")}
            | {"send": "text", "languages": langs}
        )
    return {
        "source": source_block(
            "pennersr/django-allauth",
            commit,
            "MIT",
            "Copyright (c) 2010-2026 Raymond Penners and contributors",
        ),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Flask-Security (MIT): Jinja templates (.txt and .html), _fsdomain() strings, babel catalogues


def flask_security(mirror: Path) -> dict[str, Any]:
    repo = mirror / "pallets-eco+flask-security" / "repo"
    commit = "3a0bc27c5eb542bb1e900a804665222e3291572f"
    locales = {
        "en": None,
        "de": "de_DE",
        "fr": "fr_FR",
        "es": "es_ES",
        "it": "it_IT",
        "pt": "pt_BR",
        "nl": "nl_NL",
        "pl": "pl_PL",
        "ru": "ru_RU",
        "tr": "tr_TR",
        "ja": "ja_JP",
        "zh": "zh_Hans_CN",
    }
    catalogues = {
        lang: None
        if loc is None
        else parse_po(
            git_show(
                repo, commit, f"flask_security/translations/{loc}/LC_MESSAGES/flask_security.po"
            )
        )
        for lang, loc in locales.items()
    }
    email, within = "noor.tester@example.com", "1 days"
    T = tr
    templates: list[dict[str, Any]] = [
        {
            "id": "flask-security-reset",
            "name": "reset_instructions",
            "kind": "reset",
            "expects": "link",
            "subject": "Password reset instructions",
            "text": lambda c: (
                T(c, "Use %(reset_link)s to reset your password.", reset_link="{{LINK}}")
                + "\n"
                + T(c, "This link will expire in %(within)s.", within=within)
            ),
            "html": lambda c: (
                "<p>"
                + T(
                    c,
                    'Use <a href="%(reset_link)s">this link</a> to reset your password.',
                    reset_link="{{LINK}}",
                )
                + "</p>\n<p>"
                + html.escape(T(c, "This link will expire in %(within)s.", within=within))
                + "</p>"
            ),
        },
        {
            "id": "flask-security-confirm",
            "name": "confirmation_instructions",
            "kind": "verify",
            "expects": "link",
            "subject": "Please confirm your email",
            "text": lambda c: (
                T(
                    c,
                    "Use %(confirmation_link)s to confirm your email address.",
                    confirmation_link="{{LINK}}",
                )
                + "\n"
                + T(c, "This link will expire in %(within)s.", within=within)
            ),
            "html": lambda c: (
                "<p>"
                + T(
                    c,
                    'Use <a href="%(confirmation_link)s">this link</a> to confirm your email address.',
                    confirmation_link="{{LINK}}",
                )
                + "</p>\n<p>"
                + html.escape(T(c, "This link will expire in %(within)s.", within=within))
                + "</p>"
            ),
        },
        {
            "id": "flask-security-login",
            "name": "login_instructions",
            "kind": "magic",
            "expects": "link",
            "subject": "Login instructions",
            "text": lambda c: (
                T(c, "Welcome %(email)s!", email=email)
                + "\n\n"
                + T(c, "You can log into your account through the link below:")
                + "\n\n{{LINK}}"
            ),
            "html": lambda c: (
                "<p>"
                + html.escape(T(c, "Welcome %(email)s!", email=email))
                + "</p>\n<p>"
                + html.escape(T(c, "You can log into your account through the link below:"))
                + '</p>\n<p>\n  <a href="{{LINK}}">'
                + html.escape(T(c, "Login now"))
                + "</a>\n</p>"
            ),
        },
        {
            "id": "flask-security-welcome",
            "name": "welcome",
            "kind": "verify",
            "expects": "link",
            "subject": "Welcome",
            "text": lambda c: (
                T(c, "Welcome %(email)s!", email=email)
                + "\n\n  "
                + T(
                    c,
                    "Use %(confirmation_link)s to confirm your email address.",
                    confirmation_link="{{LINK}}",
                )
            ),
            "html": lambda c: (
                "<p>"
                + html.escape(T(c, "Welcome %(email)s!", email=email))
                + "</p>\n  <p>"
                + T(
                    c,
                    'Use <a href="%(confirmation_link)s">this link</a> to confirm your email address.',
                    confirmation_link="{{LINK}}",
                )
                + "</p>"
            ),
        },
        {
            "id": "flask-security-us-signin",
            "name": "us_instructions",
            "kind": "code",
            "expects": "code+link",
            "subject": "Login instructions",
            "text": lambda c: (
                T(c, "Welcome %(username)s!", username="noor")
                + "\n"
                + T(
                    c,
                    "You can sign in to your account using the following code: %(code)s",
                    code="{{CODE}}",
                )
                + "\n    "
                + T(c, "Or use this link: %(login_link)s", login_link="{{LINK}}")
                + "\n"
                + T(c, "This code/link will expire in %(within)s.", within=within)
            ),
            "html": lambda c: (
                "<p>"
                + html.escape(T(c, "Welcome %(username)s!", username="noor"))
                + "</p>\n<p>"
                + T(
                    c,
                    "You can sign in to your account using the following code: %(code)s",
                    code="{{CODE}}",
                )
                + "</p>\n  <p>"
                + T(
                    c,
                    'Or use this link: <a href="%(login_link)s">Sign in</a>',
                    login_link="{{LINK}}",
                )
                + "</p>\n<p>"
                + html.escape(T(c, "This code/link will expire in %(within)s.", within=within))
                + "</p>"
            ),
        },
        {
            "id": "flask-security-two-factor",
            "name": "two_factor_instructions",
            "kind": "code",
            "expects": "code",
            "subject": "Two-Factor Login",
            "text": lambda c: (
                T(c, "Welcome %(username)s!", username="noor")
                + "\n\n"
                + T(
                    c,
                    "You can log into your account using the following code: %(token)s",
                    token="{{CODE}}",
                )
                + "\n\n"
                + T(c, "This code will expire in %(within)s.", within=within)
            ),
            "html": lambda c: (
                "<p>"
                + html.escape(T(c, "Welcome %(username)s!", username="noor"))
                + "</p>\n<p>"
                + T(
                    c,
                    "You can log into your account using the following code: %(token)s",
                    token="{{CODE}}",
                )
                + "</p>\n<p>"
                + html.escape(T(c, "This code will expire in %(within)s.", within=within))
                + "</p>"
            ),
        },
        {
            "id": "flask-security-reset-notice",
            "name": "reset_notice",
            "kind": "notice",
            "expects": "none",
            "subject": "Your password has been reset",
            "text": lambda c: T(c, "Your password has been reset"),
            "html": lambda c: "<p>" + html.escape(T(c, "Your password has been reset")) + "</p>",
        },
    ]
    out = []
    for t in templates:
        langs = {}
        for lang, cat in catalogues.items():
            try:
                langs[lang] = rendered(
                    lambda c: {
                        "subject": T(c, t["subject"]),
                        "text": t["text"](c),
                        "html": t["html"](c),
                    },
                    cat,
                )
            except Missing:
                continue
        out.append(
            {
                "id": t["id"],
                "path": f"flask_security/templates/security/email/{t['name']}.txt, .html",
                "kind": t["kind"],
                "expects": t["expects"],
                "send": "alternative",
                "languages": langs,
            }
        )
    return {
        "source": source_block(
            "pallets-eco/flask-security",
            commit,
            "MIT",
            "Copyright (C) 2012-2021 by Matthew Wright; 2019-2026 by Chris Wagner",
        ),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Devise (MIT) views with devise-i18n (MIT) translations: HTML only, as Devise sends them


def devise(mirror: Path) -> dict[str, Any]:
    repo = mirror / "tigrish+devise-i18n" / "repo"
    commit = "6bc267898c3873b82a7463925160d5dbf85ee04d"
    locales = {
        "en": "en",
        "de": "de",
        "fr": "fr",
        "es": "es",
        "it": "it",
        "pt": "pt",
        "nl": "nl",
        "pl": "pl",
        "ru": "ru",
        "tr": "tr",
        "ja": "ja",
        "zh": "zh-CN",
        "ko": "ko",
    }
    email = "noor.tester@example.com"
    out: dict[str, dict[str, Any]] = {}
    views = {
        # app/views/devise/mailer/*.html.erb
        "reset_password_instructions": (
            "reset",
            "link",
            lambda m: (
                f'<p>{m["greeting"] % {"recipient": email}}</p>\n\n<p>{m["instruction"]}</p>\n\n<p><a href="{{{{LINK}}}}">{m["action"]}</a></p>\n\n<p>{m["instruction_2"]}</p>\n<p>{m["instruction_3"]}</p>'
            ),
        ),
        "confirmation_instructions": (
            "verify",
            "link",
            lambda m: (
                f'<p>{m["greeting"] % {"recipient": email}}</p>\n\n<p>{m["instruction"]}</p>\n\n<p><a href="{{{{LINK}}}}">{m["action"]}</a></p>'
            ),
        ),
        "unlock_instructions": (
            "unlock",
            "link",
            lambda m: (
                f'<p>{m["greeting"] % {"recipient": email}}</p>\n\n<p>{m["message"]}</p>\n\n<p>{m["instruction"]}</p>\n\n<p><a href="{{{{LINK}}}}">{m["action"]}</a></p>'
            ),
        ),
        "password_change": (
            "notice",
            "none",
            lambda m: f"<p>{m['greeting'] % {'recipient': email}}</p>\n\n<p>{m['message']}</p>",
        ),
        "email_changed": (
            "notice",
            "none",
            lambda m: (
                f"<p>{m['greeting'] % {'recipient': email}}</p>\n\n  <p>{m['message'] % {'email': 'noor@new.example'}}</p>"
            ),
        ),
    }
    for view, (kind, expects, render) in views.items():
        out[view] = {
            "id": "devise-" + view.replace("_", "-"),
            "path": f"app/views/devise/mailer/{view}.html.erb (devise-i18n rails/locales/*.yml)",
            "kind": kind,
            "expects": expects,
            "send": "html",
            "languages": {},
        }
    for lang, loc in locales.items():
        data = yaml.safe_load(git_show(repo, commit, f"rails/locales/{loc}.yml"))
        mailer = data[loc]["devise"]["mailer"]
        for view, (kind, expects, render) in views.items():
            m = {
                k: html.escape(str(v), quote=False).replace("%{", "%(").replace("}", ")s")
                for k, v in mailer[view].items()
            }
            body = render(m)
            out[view]["languages"][lang] = {
                "subject": str(mailer[view]["subject"]),
                "text": None,
                "html": '<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n  </head>\n\n  <body>\n'
                + body
                + "\n  </body>\n</html>\n",
            }
    return {
        "source": source_block(
            "tigrish/devise-i18n",
            commit,
            "MIT",
            "Copyright (c) 2011 Christopher Dell, 2012 mcasimir; views from heartcombo/devise 7ca7ed9c174525a4d36167441b35af4a0991b6af, Copyright (c) 2020-CURRENT Rafael França, Carlos Antonio da Silva, (c) 2009-2019 Plataformatec",
        ),
        "templates": list(out.values()),
    }


# ---------------------------------------------------------------------------------------
# Supabase Auth (MIT): the default HTML templates and subjects, English


def supabase(mirror: Path) -> dict[str, Any]:
    repo = mirror / "supabase+auth" / "repo"
    commit = "bc32168e13fdc928c98b449fc76bc3fdb9a293c5"
    src = git_show(repo, commit, "internal/mailer/templatemailer/templatemailer.go")
    bodies = dict(re.findall(r"const default(\w+)Mail = `(.*?)`", src, re.S))
    subjects = dict(re.findall(r"^\s+(\w+):\s+\"(.*?)\",", src, re.M))
    wanted = {
        "Invite": ("invite", "link", "Invite"),
        "Confirmation": ("verify", "link", "Confirmation"),
        "Recovery": ("reset", "link", "Recovery"),
        "MagicLink": ("magic", "link", "MagicLink"),
        "EmailChange": ("verify", "link", "EmailChange"),
        "Reauthenticate": ("code", "code", "Reauthentication"),
        "PasswordChangedNotification": ("notice", "none", "PasswordChangedNotification"),
        "IdentityLinkedNotification": ("notice", "none", "IdentityLinkedNotification"),
    }
    out = []
    for name, (kind, expects, subject_key) in wanted.items():
        body = (
            bodies[name]
            .replace("{{ .ConfirmationURL }}", "{{LINK}}")
            .replace("{{ .Token }}", "{{CODE}}")
        )
        body = (
            body.replace("{{ .NewEmail }}", "noor.new@example.com")
            .replace("{{ .Email }}", "noor.tester@example.com")
            .replace("{{ .Provider }}", "GitHub")
        )
        subject = subjects[subject_key].replace("{{ .Token }}", "{{CODE}}")
        out.append(
            {
                "id": "supabase-" + re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower(),
                "path": f"internal/mailer/templatemailer/templatemailer.go default{name}Mail",
                "kind": kind,
                "expects": expects,
                "send": "html",
                "languages": {"en": {"subject": subject, "text": None, "html": body}},
            }
        )
    return {
        "source": source_block("supabase/auth", commit, "MIT", "Copyright (c) 2021-2025 Supabase"),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Ory Kratos (Apache-2.0): courier templates, plain text and HTML, English


def kratos(mirror: Path) -> dict[str, Any]:
    repo = mirror / "ory+kratos" / "repo"
    commit = "b86338da04a040247a07f46100a86dcfb3875909"
    base = "courier/template/courier/builtin/templates"
    wanted = {
        "recovery/valid": ("reset", "link"),
        "recovery_code/valid": ("code", "code"),
        "verification/valid": ("verify", "link"),
        "verification_code/valid": ("verify", "code+link"),
        "login_code/valid": ("code", "code"),
        "registration_code/valid": ("code", "code"),
        "recovery/invalid": ("notice", "none"),
        "verification/invalid": ("notice", "none"),
    }
    subs = {
        "{{ .RecoveryURL }}": "{{LINK}}",
        "{{ .VerificationURL }}": "{{LINK}}",
        "{{ .RecoveryCode }}": "{{CODE}}",
        "{{ .VerificationCode }}": "{{CODE}}",
        "{{ .LoginCode }}": "{{CODE}}",
        "{{ .RegistrationCode }}": "{{CODE}}",
        "{{ .ExpiresInMinutes }}": "60",
    }
    out = []
    for name, (kind, expects) in wanted.items():
        parts = {}
        for key, fname in (
            ("subject", "email.subject"),
            ("text", "email.body.plaintext"),
            ("html", "email.body"),
        ):
            text = git_show(repo, commit, f"{base}/{name}/{fname}.gotmpl")
            for a, b in subs.items():
                text = text.replace(a, b)
            parts[key] = text.strip() if key == "subject" else text
        out.append(
            {
                "id": "kratos-" + name.replace("/", "-").replace("_", "-"),
                "path": f"{base}/{name}/email.*.gotmpl",
                "kind": kind,
                "expects": expects,
                "send": "alternative",
                "languages": {"en": parts},
            }
        )
    return {
        "source": source_block("ory/kratos", commit, "Apache-2.0", "Copyright Ory Corp"),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Postmark templates (MIT): "basic" layout, HTML and text, English


def postmark(mirror: Path) -> dict[str, Any]:
    repo = mirror / "ActiveCampaign+postmark-templates" / "repo"
    commit = "fa73527acb4eb59cf673a54572d213e908f1515c"
    # "welcome" is left out: its call to action is a placeholder ("Do this Next") beside a
    # login link, so which link a reader should follow is not clear from the mail.
    wanted = {
        "password-reset": ("reset", "link", "Set up a new password for [Product Name]"),
        "user-invitation": (
            "invite",
            "link",
            "{{invite_sender_name}} invited you to [Product Name]",
        ),
        "password-reset-help": ("notice", "none", "Password reset help"),
        "receipt": ("notice", "none", "Your [Product Name] receipt"),
        "trial-expiring": ("notice", "none", "Your trial is ending soon"),
        "comment-notification": ("notice", "none", "New comment on {{commenter_name}}'s post"),
    }
    values = {
        "name": "Noor",
        "product_url": "https://example.com",
        "support_url": "https://example.com/support",
        "help_url": "https://example.com/help",
        "live_chat_url": "https://example.com/chat",
        "login_url": "https://example.com/login",
        "username": "noor",
        "trial_length": "14 days",
        "trial_start_date": "March 1",
        "trial_end_date": "March 14",
        "operating_system": "Windows",
        "browser_name": "Firefox",
        "invite_sender_name": "Ana",
        "invite_sender_organization_name": "Contoso",
        "sender_name": "Ana",
        "commenter_name": "Ana",
        "body": "Looks good to me.",
        "receipt_id": "R-20394",
        "date": "March 14, 2026",
        "total": "$42.00",
        "description": "Pro plan",
        "amount": "$42.00",
        "credit_card_statement_name": "EXAMPLE*PRO",
        "purchase_date": "March 14, 2026",
        "company_name": "Contoso",
        "billing_url": "https://example.com/billing",
        "feedback_url": "https://example.com/feedback",
        "export_url": "https://example.com/export",
        "action_url_comment": "https://example.com/posts/8#comment",
    }
    out = []
    for name, (kind, expects, subject) in wanted.items():
        parts = {"subject": subject}
        for key, fname in (("text", "content.txt"), ("html", "content.html")):
            text = git_show(repo, commit, f"templates/basic/{name}/{fname}")
            text = re.sub(
                r"\{\{\s*action_url\s*\}\}",
                "{{LINK}}" if expects != "none" else "https://example.com/account",
                text,
            )
            text = re.sub(
                r"\{\{#each receipt_details\}\}.*?\{\{/each\}\}",
                "Pro plan $42.00",
                text,
                flags=re.S,
            )
            text = re.sub(r"\{\{[#/^][^}]*\}\}", "", text)
            text = re.sub(
                r"\{\{\s*([a-z_]+)\s*\}\}", lambda m: values.get(m.group(1), m.group(1)), text
            )
            parts[key] = text
        parts["subject"] = re.sub(
            r"\{\{\s*([a-z_]+)\s*\}\}", lambda m: values.get(m.group(1), m.group(1)), subject
        )
        out.append(
            {
                "id": "postmark-" + name,
                "path": f"templates/basic/{name}/content.html, content.txt",
                "kind": kind,
                "expects": expects,
                "send": "alternative",
                "languages": {"en": parts},
            }
        )
    return {
        "source": source_block(
            "ActiveCampaign/postmark-templates", commit, "MIT", "Copyright (c) 2015 Wildbit"
        ),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Laravel (MIT) notification mails: the layout of laravel/framework's email.blade.php (at
# commit 050668aba4a6b36bc9f371e44266c196381babaa, read through the search tool) and the
# lines of Auth\Notifications\ResetPassword / VerifyEmail, translated by Laravel-Lang (MIT)


def laravel(mirror: Path) -> dict[str, Any]:
    repo = mirror / "Laravel-Lang+lang" / "repo"
    commit = "bd286f095bdfa2ec4607994af45f1a9f037de112"
    locales = {
        "en": None,
        "de": "de",
        "fr": "fr",
        "es": "es",
        "it": "it",
        "pt": "pt",
        "nl": "nl",
        "pl": "pl",
        "ru": "ru",
        "tr": "tr",
        "ja": "ja",
        "zh": "zh_CN",
        "ko": "ko",
    }
    notes = {
        "laravel-reset-password": (
            "reset",
            "Reset Password Notification",
            [
                "You are receiving this email because we received a password reset request for your account."
            ],
            "Reset Password",
            [
                "This password reset link will expire in :count minutes.",
                "If you did not request a password reset, no further action is required.",
            ],
        ),
        "laravel-verify-email": (
            "verify",
            "Verify Email Address",
            ["Please click the button below to verify your email address."],
            "Verify Email Address",
            ["If you did not create an account, no further action is required."],
        ),
    }
    out = []
    for tid, (kind, subject, intro, action, outro) in notes.items():
        langs = {}
        for lang, loc in locales.items():
            cat = (
                None
                if loc is None
                else json.loads(git_show(repo, commit, f"locales/{loc}/json.json"))
            )

            def t(s: str) -> str:
                if cat is None:
                    return s.replace(":count", "60")
                if s not in cat:
                    raise Missing(s)
                return cat[s].replace(":count", "60")

            try:
                e = lambda s: html.escape(t(s))  # noqa: E731
                trouble = t(
                    'If you\'re having trouble clicking the ":actionText" button, copy and paste the URL below\ninto your web browser:'
                ).replace(":actionText", t(action))
                page = LARAVEL_LAYOUT.format(
                    greeting=e("Hello!"),
                    intro="".join(
                        f'<p style="margin-top: 0; color: #74787E; font-size: 16px; line-height: 1.5em;">\n    {e(x)}\n</p>\n'
                        for x in intro
                    ),
                    action=e(action),
                    outro="".join(
                        f'<p style="margin-top: 0; color: #74787E; font-size: 16px; line-height: 1.5em;">\n    {e(x)}\n</p>\n'
                        for x in outro
                    ),
                    regards=e("Regards,"),
                    trouble=html.escape(trouble),
                    rights=e("All rights reserved."),
                )
                # the text part Laravel renders from the same MailMessage (text/email.blade.php)
                text = (
                    "\n\n".join(
                        [t("Hello!")]
                        + [t(x) for x in intro]
                        + [f"{t(action)}: {{{{LINK}}}}"]
                        + [t(x) for x in outro]
                        + [t("Regards,") + "\nExample"]
                    )
                    + "\n\n"
                    + trouble
                    + " {{LINK}}\n\n© 2026 Example. "
                    + t("All rights reserved.")
                )
                langs[lang] = {"subject": t(subject), "text": text, "html": page}
            except Missing:
                continue
        out.append(
            {
                "id": tid,
                "path": "src/Illuminate/Notifications/resources/views/email.blade.php (laravel/framework); locales/*/json.json (Laravel-Lang/lang)",
                "kind": kind,
                "expects": "link",
                "send": "alternative",
                "languages": langs,
            }
        )
    return {
        "source": source_block(
            "Laravel-Lang/lang",
            commit,
            "MIT",
            "Copyright (c) 2013-2026 Laravel Lang Team; layout from laravel/framework, Copyright (c) Taylor Otwell",
        ),
        "templates": out,
    }


LARAVEL_LAYOUT = """<!DOCTYPE html>
<html>
<head>
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
    <style type="text/css" rel="stylesheet" media="all">
        @media only screen and (max-width: 500px) {{ .button {{ width: 100% !important; }} }}
    </style>
</head>
<body style="margin: 0; padding: 0; width: 100%; background-color: #F2F4F6;">
<table width="100%" cellpadding="0" cellspacing="0"><tr><td style="width: 100%; margin: 0; padding: 0; background-color: #F2F4F6;" align="center">
<table width="100%" cellpadding="0" cellspacing="0">
<tr><td style="padding: 25px 0; text-align: center;">
    <a style="font-family: Arial, 'Helvetica Neue', Helvetica, sans-serif; font-size: 16px; font-weight: bold; color: #2F3133; text-decoration: none;" href="https://example.com" target="_blank">Example</a>
</td></tr>
<tr><td style="width: 100%; margin: 0; padding: 0; border-top: 1px solid #EDEFF2; border-bottom: 1px solid #EDEFF2; background-color: #FFF;" width="100%">
<table style="width: auto; max-width: 570px; margin: 0 auto; padding: 0;" align="center" width="570" cellpadding="0" cellspacing="0"><tr>
<td style="font-family: Arial, 'Helvetica Neue', Helvetica, sans-serif; padding: 35px;">
<h1 style="margin-top: 0; color: #2F3133; font-size: 19px; font-weight: bold; text-align: left;">
    {greeting}
</h1>
{intro}
<table style="width: 100%; margin: 30px auto; padding: 0; text-align: center;" align="center" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
    <a href="{{{{LINK}}}}"
        style="font-family: Arial, 'Helvetica Neue', Helvetica, sans-serif; display: block; display: inline-block; width: 200px; min-height: 20px; padding: 10px; background-color: #3869D4; border-radius: 3px; color: #ffffff; font-size: 15px; line-height: 25px; text-align: center; text-decoration: none; -webkit-text-size-adjust: none; background-color: #3869D4;"
        class="button"
        target="_blank">
        {action}
    </a>
</td></tr></table>
{outro}
<p style="margin-top: 0; color: #74787E; font-size: 16px; line-height: 1.5em;">
    {regards}<br>Example
</p>
<table style="margin-top: 25px; padding-top: 25px; border-top: 1px solid #EDEFF2;"><tr><td style="font-family: Arial, 'Helvetica Neue', Helvetica, sans-serif;">
    <p style="margin-top: 0; color: #74787E; font-size: 12px; line-height: 1.5em;">
        {trouble}
    </p>
    <p style="margin-top: 0; color: #74787E; font-size: 12px; line-height: 1.5em;">
        <a style="color: #3869D4;" href="{{{{LINK}}}}" target="_blank">
            {{{{LINK}}}}
        </a>
    </p>
</td></tr></table>
</td></tr></table>
</td></tr>
<tr><td>
<table style="width: auto; max-width: 570px; margin: 0 auto; padding: 0; text-align: center;" align="center" width="570" cellpadding="0" cellspacing="0"><tr>
<td style="font-family: Arial, 'Helvetica Neue', Helvetica, sans-serif; color: #AEAEAE; padding: 35px; text-align: center;">
    <p style="margin-top: 0; color: #74787E; font-size: 12px; line-height: 1.5em;">
        &copy; 2026
        <a style="color: #3869D4;" href="https://example.com" target="_blank">Example</a>.
        {rights}
    </p>
</td></tr></table>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
"""


# ---------------------------------------------------------------------------------------
# Keycloak (Apache-2.0): theme/base/email messages. The repository is too large to fetch
# whole; these entries were read file by file (search tool read_file) and are copied here
# verbatim from the commits named in KEYCLOAK_FILES. Sent as text + HTML (html/template.ftl
# wraps the *Html message in <html><body>).

KEYCLOAK_FILES = {
    "en": "themes/src/main/resources/theme/base/email/messages/messages_en.properties@0111c3329505e7bcaf44604443f52e7ace5157ae",
    "de": "themes/src/main/resources-community/theme/base/email/messages/messages_de.properties@e2f7cd3e846352f13e165df16d12187bce917abf",
    "ru": "themes/src/main/resources-community/theme/base/email/messages/messages_ru.properties@956e33704659b9aa77ce3bea59a0c0c9d52a33ba",
    "ja": "themes/src/main/resources-community/theme/base/email/messages/messages_ja.properties@5bf7e005bc9623df61882ebc005d78c2005ed0e1",
}
KEYCLOAK = {
    "en": r"""
emailVerificationSubject=Verify email
emailVerificationBody=Someone has created a {2} account with this email address. If this was you, click the link below to verify your email address\n\n{0}\n\nThis link will expire within {3}.\n\nIf you didn''t create this account, just ignore this message.
emailVerificationBodyHtml=<p>Someone has created a {2} account with this email address. If this was you, click the link below to verify your email address</p><p><a href="{0}">Link to e-mail address verification</a></p><p>This link will expire within {3}.</p><p>If you didn''t create this account, just ignore this message.</p>
orgInviteSubject=Invitation to join the {0} organization
orgInviteBody=You were invited to join the "{3}" organization. Click the link below to join.\n\n{0}\n\nThis link will expire within {4}.\n\nIf you don''t want to join the organization, just ignore this message.
orgInviteBodyHtml=<p>You were invited to join the {3} organization. Click the link below to join. </p><p><a href="{0}">Link to join the organization</a></p><p>This link will expire within {4}.</p><p>If you don''t want to join the organization, just ignore this message.</p>
emailUpdateConfirmationSubject=Verify new email
emailUpdateConfirmationBody=To update your {2} account with email address {1}, click the link below\n\n{0}\n\nThis link will expire within {3}.\n\nIf you don''t want to proceed with this modification, just ignore this message.
emailUpdateConfirmationBodyHtml=<p>To update your {2} account with email address {1}, click the link below</p><p><a href="{0}">{0}</a></p><p>This link will expire within {3}.</p><p>If you don''t want to proceed with this modification, just ignore this message.</p>
identityProviderLinkSubject=Link {0}
identityProviderLinkBody=Someone wants to link your "{1}" account with "{0}" account of user {2} . If this was you, click the link below to link accounts\n\n{3}\n\nThis link will expire within {5}.\n\nIf you didn''t initiate this process or don''t want to link account, just ignore this message. If you link accounts, you will be able to login to {1} through {0}.
identityProviderLinkBodyHtml=<p>Someone wants to link your <b>{1}</b> account with <b>{0}</b> account of user {2}. If this was you, click the link below to link accounts</p><p><a href="{3}">Link to confirm account linking</a></p><p>This link will expire within {5}.</p><p>If you didn''t initiate this process or don''t want to link account, just ignore this message. If you link accounts, you will be able to login to {1} through {0}.</p>
passwordResetSubject=Reset password
passwordResetBody=Someone just requested to change your {2} account''s credentials. If this was you, click on the link below to reset them.\n\n{0}\n\nThis link and code will expire within {3}.\n\nIf you don''t want to reset your credentials, just ignore this message and nothing will be changed.
passwordResetBodyHtml=<p>Someone just requested to change your {2} account''s credentials. If this was you, click on the link below to reset them.</p><p><a href="{0}">Link to reset credentials</a></p><p>This link will expire within {3}.</p><p>If you don''t want to reset your credentials, just ignore this message and nothing will be changed.</p>
executeActionsSubject=Update Your Account
executeActionsBody=Your administrator has just requested that you update your {2} account by performing the following action(s): {3}. Click on the link below to start this process.\n\n{0}\n\nThis link will expire within {4}.\n\nIf you are unaware that your administrator has requested this, just ignore this message and nothing will be changed.
executeActionsBodyHtml=<p>Your administrator has just requested that you update your {2} account by performing the following action(s): {3}. Click on the link below to start this process.</p><p><a href="{0}">Link to account update</a></p><p>This link will expire within {4}.</p><p>If you are unaware that your administrator has requested this, just ignore this message and nothing will be changed.</p>
eventUpdatePasswordSubject=Update password
eventUpdatePasswordBody=Your password was changed on {0} from {1}. If this was not you, please contact an administrator.
eventUpdatePasswordBodyHtml=<p>Your password was changed on {0} from {1}. If this was not you, please contact an administrator.</p>
emailVerificationBodyCode=Please verify your email address by entering in the following code.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Please verify your email address by entering in the following code.</p><p><b>{0}</b></p>
""",
    "de": r"""
emailVerificationSubject=E-Mail verifizieren
emailVerificationBody=Jemand hat ein {2} Konto mit dieser E-Mail-Adresse erstellt. Falls Sie das waren, dann klicken Sie auf den Link, um die E-Mail-Adresse zu verifizieren.\n\n{0}\n\nDer Link ist {3} gültig.\n\nFalls Sie dieses Konto nicht erstellt haben, dann können sie diese Nachricht ignorieren.
emailVerificationBodyHtml=<p>Jemand hat ein {2} Konto mit dieser E-Mail-Adresse erstellt. Falls Sie das waren, klicken Sie auf den Link, um die E-Mail-Adresse zu verifizieren.</p><p><a href="{0}">Link zur Bestätigung der E-Mail-Adresse</a></p><p>Der Link ist {3} gültig.</p><p>Falls Sie dieses Konto nicht erstellt haben, dann können sie diese Nachricht ignorieren.</p>
emailUpdateConfirmationSubject=Neue E-Mail verifizieren
emailUpdateConfirmationBody=Um Ihren {2} Account mit der E-Mail-Adresse {1} zu verifizieren, klicken Sie den folgenden Link\n\n{0}\n\nDer Link ist {3} gültig.\n\nSollten Sie die neue E-Mail-Adresse nicht verwenden wollen, ignorieren Sie diese Nachricht.
emailUpdateConfirmationBodyHtml=<p>Um Ihren {2} Account mit der E-Mail-Adresse {1} zu verifizieren, klicken Sie den folgenden Link</p><p><a href="{0}">{0}</a></p><p>Der Link ist {3} gültig.</p><p>Sollten Sie die neue E-Mail-Adresse nicht verwenden wollen, ignorieren Sie diese Nachricht.</p>
identityProviderLinkSubject=Link {0}
identityProviderLinkBody=Es wurde beantragt Ihren Account "{1}" mit dem Account "{0}" von Benutzer {2} zu verlinken. Sollten Sie dies beantragt haben, klicken Sie auf den unten stehenden Link.\n\n{3}\n\nDer Link ist {5} gültig.\n\nSollten Sie dies nicht veranlasst haben oder Ihren Account nicht verlinken wollen, ignorieren Sie diese Nachricht. Wenn Sie die Accounts verlinken wird ein Login auf {1} über {0} ermöglicht.
identityProviderLinkBodyHtml=<p>Es wurde beantragt Ihren Account <b>{1}</b> mit dem Account <b>{0}</b> von Benutzer {2} zu verlinken. Sollten Sie dies beantragt haben, klicken Sie auf den unten stehenden Link.</p><p><a href="{3}">Link zur Bestätigung der Kontoverknüpfung</a></p><p>Der Link ist {5} gültig.</p><p>Sollten Sie dies nicht veranlasst haben oder Ihren Account nicht verlinken wollen, ignorieren Sie diese Nachricht. Wenn Sie die Accounts verlinken wird ein Login auf {1} über {0} ermöglicht.</p>
passwordResetSubject=Passwort zurücksetzen
passwordResetBody=Es wurde eine Änderung der Zugangsdaten für Ihren Account {2} angefordert. Wenn Sie diese Änderung beantragt haben, klicken Sie auf den unten stehenden Link.\n\n{0}\n\nDer Link ist {3} gültig.\n\nSollten Sie keine Änderung vollziehen wollen können Sie diese Nachricht ignorieren und an Ihrem Account wird nichts geändert.
passwordResetBodyHtml=<p>Es wurde eine Änderung der Zugangsdaten für Ihren Account {2} angefordert. Wenn Sie diese Änderung beantragt haben, klicken Sie auf den unten stehenden Link.</p><p><a href="{0}">Link zum Zurücksetzen von Zugangsdaten</a></p><p>Der Link ist {3} gültig.</p><p>Sollten Sie keine Änderung vollziehen wollen können Sie diese Nachricht ignorieren und an Ihrem Account wird nichts geändert.</p>
executeActionsSubject=Aktualisieren Sie Ihr Konto
executeActionsBody=Ihr Administrator hat Sie aufgefordert Ihren Account {2} zu aktualisieren und folgende Aktion(en) durchzuführen: {3}. Klicken Sie auf den unten stehenden Link um den Prozess zu starten.\n\n{0}\n\nDer Link ist {4} gültig.\n\nSollten Sie sich dieser Aufforderung nicht bewusst sein, ignorieren Sie diese Nachricht und Ihr Account bleibt unverändert.
executeActionsBodyHtml=<p>Ihr Administrator hat Sie aufgefordert Ihren Account {2} zu aktualisieren und folgende Aktion(en) durchzuführen: {3}. Klicken Sie auf den unten stehenden Link um den Prozess zu starten.</p><p><a href="{0}">Link zum Account-Update</a></p><p>Der Link ist {4} gültig.</p><p>Sollten Sie sich dieser Aufforderung nicht bewusst sein, ignorieren Sie diese Nachricht und Ihr Account bleibt unverändert.</p>
eventUpdatePasswordSubject=Passwort Aktualisiert
eventUpdatePasswordBody=Ihr Passwort wurde am {0} von {1} geändert. Falls das nicht Sie waren, dann kontaktieren Sie bitte Ihren Admin.
eventUpdatePasswordBodyHtml=<p>Ihr Passwort wurde am {0} von {1} geändert. Falls das nicht Sie waren, dann kontaktieren Sie bitte Ihren Admin.</p>
emailVerificationBodyCode=Bitte verifizieren Sie Ihre E-Mail-Adresse, indem Sie den folgenden Code eingeben.\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>Bitte verifizieren Sie Ihre E-Mail-Adresse, indem Sie den folgenden Code eingeben.</p><p><b>{0}</b></p>
orgInviteSubject=Einladung der Organization {0} beizutreten
orgInviteBody=Sie wurden eingeladen, der "{3}" Organization beizutreten. Klicken Sie auf den Link unten, um ihr beizutreten.\n\n{0}\n\nDieser Link läuft innerhalb von {4} ab.\n\nWenn Sie nicht der Organization beitreten wollen, ignorieren Sie diese Nachricht.
orgInviteBodyHtml=<p>Sie wurden eingeladen, der {3} Organization beizutreten. Klicken Sie auf den Link unten, um ihr beizutreten. </p><p><a href="{0}">Link zur Organization</a></p><p> Dieser Link wird innerhalb von {4} ablaufen.</p><p> Wenn Sie der Organization nicht beitreten möchten, ignorieren Sie diese Nachricht.</p>
""",
    "ru": r"""
emailVerificationSubject=Подтверждение E-mail
emailVerificationBody=Кто-то создал учетную запись {2} с этим E-mail. Если это были Вы, нажмите на следующую ссылку для подтверждения вашего email\n\n{0}\n\nЭта ссылка устареет через {1} минут.\n\nЕсли Вы не создавали учетную запись, просто проигнорируйте это письмо.
emailVerificationBodyHtml=<p>Кто-то создал учетную запись {2} с этим E-mail. Если это были Вы, нажмите по ссылке для подтверждения вашего E-mail</p><p><a href="{0}">{0}</a></p><p>Эта ссылка устареет через {1} минут.</p><p>Если Вы не создавали учетную запись, просто проигнорируйте это письмо.</p>
identityProviderLinkSubject=Ссылка {0}
identityProviderLinkBody=Кто-то хочет связать вашу учетную запись "{1}" с "{0}" учетной записью пользователя {2} . Если это были Вы, нажмите по следующей ссылке, чтобы связать учетные записи\n\n{3}\n\nЭта ссылка устареет через {4} минут.\n\nЕсли это не хотите объединять учетные записи, просто проигнориуйте это письмо. После объединения учетных записей Вы можете войти в  {1} через {0}.
identityProviderLinkBodyHtml=<p>Кто-то хочет связать вашу учетную запись <b>{1}</b> с <b>{0}</b> учетной записью пользователя {2} . Если это были Вы, нажмите по следующей ссылке, чтобы связать учетные записи</p><p><a href="{3}">{3}</a></p><p>Эта ссылка устареет через  {4} минут.</p><p>Если это не хотите объединять учетные записи, просто проигнориуйте это письмо. После объединения учетных записей Вы можете войти в  {1} через {0}.</p>
passwordResetSubject=Сброс пароля
passwordResetBody=Кто-то только что запросил изменение пароля от Вашей учетной записи {2}. Если это были Вы, нажмите на следующую ссылку, чтобы сбросить его.\n\n{0}\n\nЭта ссылка устареет через {1} минут.\n\nЕсли Вы не хотите сбрасывать пароль, просто проигнорируйте это письмо.
passwordResetBodyHtml=<p>Кто-то только что запросил изменение пароля от Вашей учетной записи {2}. Если это были Вы, нажмите на следующую ссылку, чтобы сбросить его.</p><p><a href="{0}">{0}</a></p><p>Эта ссылка устареет через  {1} минут.</p><p>Если Вы не хотите сбрасывать пароль, просто проигнорируйте это письмо и ничего не изменится.</p>
executeActionsSubject=Обновление Вашей учетной записи
executeActionsBody=Администратор просит Вас обновить данные Вашей учетной записи {2}. Нажмите по следующей ссылке чтобы начать этот процесс.\n\n{0}\n\nЭта ссылка устареет через {1} минут.\n\nЕсли у вас есть подозрения, что администратор не мог сделать такой запрос, просто проигнорируйте это письмо.
executeActionsBodyHtml=<p>Администратор просит Вас обновить данные Вашей учетной записи {2}.  Нажмите по следующей ссылке чтобы начать этот процесс.</p><p><a href="{0}">{0}</a></p><p>Эта ссылка устареет через  {1} минут.</p><p>Если у вас есть подозрения, что администратор не мог сделать такой запрос, просто проигнорируйте это письмо.</p>
eventUpdatePasswordSubject=Обновление пароля
eventUpdatePasswordBody=Ваш пароль был изменен в {0} с {1}. Если это были не Вы, пожалуйста, свяжитесь с администратором.
eventUpdatePasswordBodyHtml=<p>Ваш пароль был изменен в {0} с {1}. Если это были не Вы, пожалуйста, свяжитесь с администратором.</p>
""",
    "ja": r"""
emailVerificationSubject=Eメールの確認
emailVerificationBody=このメールアドレスで {2} アカウントが作成されました。以下のリンクをクリックしてメールアドレスの確認を完了してください。\n\n{0}\n\nこのリンクは {3} だけ有効です。\n\nもしこのアカウントの作成に心当たりがない場合は、このメールを無視してください。
emailVerificationBodyHtml=<p>このメールアドレスで {2} アカウントが作成されました。以下のリンクをクリックしてメールアドレスの確認を完了してください。</p><p><a href="{0}">メールアドレスの確認</a></p><p>このリンクは {3} だけ有効です。</p><p>もしこのアカウントの作成に心当たりがない場合は、このメールを無視してください。</p>
identityProviderLinkSubject=リンク {0}
identityProviderLinkBody=あなたの "{1}" アカウントと {2} ユーザーの "{0}" アカウントのリンクが要求されました。以下のリンクをクリックしてアカウントのリンクを行ってください。\n\n{3}\n\nこのリンクは {5} だけ有効です。\n\nもしアカウントのリンクを行わない場合は、このメッセージを無視してください。アカウントのリンクを行うことで、{0} 経由で {1} にログインすることができるようになります。
identityProviderLinkBodyHtml=<p>あなたの <b>{1}</b> アカウントと {2} ユーザーの <b>{0}</b> アカウントのリンクが要求されました。以下のリンクをクリックしてアカウントのリンクを行ってください。</p><p><a href="{3}">アカウントリンクの確認</a></p><p>このリンクは {5} だけ有効です。</p><p>もしアカウントのリンクを行わない場合は、このメッセージを無視してください。アカウントのリンクを行うことで、{0} 経由で {1} にログインすることができるようになります。</p>
passwordResetSubject=パスワードのリセット
passwordResetBody=あなたの {2} アカウントのパスワードの変更が要求されています。以下のリンクをクリックしてパスワードのリセットを行ってください。\n\n{0}\n\nこのリンクは {3} だけ有効です。\n\nもしパスワードのリセットを行わない場合は、このメッセージを無視してください。何も変更されません。
passwordResetBodyHtml=<p>あなたの {2} アカウントのパスワードの変更が要求されています。以下のリンクをクリックしてパスワードのリセットを行ってください。</p><p><a href="{0}">パスワードのリセット</a></p><p>このリンクは {3} だけ有効です。</p><p>もしパスワードのリセットを行わない場合は、このメッセージを無視してください。何も変更されません。</p>
executeActionsSubject=アカウントの更新
executeActionsBody=次のアクションを実行することにより、管理者よりあなたの {2} アカウントの更新が要求されています: {3}。以下のリンクをクリックしてこのプロセスを開始してください。\n\n{0}\n\nこのリンクは {4} だけ有効です。\n\n管理者からのこの変更要求についてご存知ない場合は、このメッセージを無視してください。何も変更されません。
executeActionsBodyHtml=<p>次のアクションを実行することにより、管理者よりあなたの {2} アカウントの更新が要求されています: {3}。以下のリンクをクリックしてこのプロセスを開始してください。</p><p><a href="{0}">アカウントの更新</a></p><p>このリンクは {4} だけ有効です。</p><p>管理者からのこの変更要求についてご存知ない場合は、このメッセージを無視してください。何も変更されません。</p>
eventUpdatePasswordSubject=パスワードの更新
eventUpdatePasswordBody={0} に {1} からの操作であなたのパスワードが変更されました。心当たりがない場合は、管理者に連絡してください。
eventUpdatePasswordBodyHtml=<p>{0} に {1} からの操作であなたのパスワードが変更されました。心当たりがない場合は、管理者に連絡してください。</p>
emailVerificationBodyCode=次のコードを入力してメールアドレスを確認してください。\n\n{0}\n\n.
emailVerificationBodyCodeHtml=<p>次のコードを入力してメールアドレスを確認してください。</p><p><b>{0}</b></p>
""",
}


def keycloak(mirror: Path) -> dict[str, Any]:
    del mirror  # transcribed above
    expiry = {"en": "5 minutes", "de": "5 Minuten", "ja": "5 分", "ru": "5"}
    link, code = "{{LINK}}", "{{CODE}}"
    wanted = {  # message key: (kind, expects, subject key, subject args, body args)
        "emailVerification": (
            "verify",
            "link",
            "emailVerification",
            ["Example"],
            lambda e: [link, "5", "Example", e],
        ),
        "passwordReset": (
            "reset",
            "link",
            "passwordReset",
            [],
            lambda e: [link, "5", "Example", e],
        ),
        "executeActions": (
            "update",
            "link",
            "executeActions",
            [],
            lambda e: [link, "5", "Example", "Update Password", e],
        ),
        "identityProviderLink": (
            "link-accounts",
            "link",
            "identityProviderLink",
            ["GitHub"],
            lambda e: ["GitHub", "Example", "noor", link, "5", e],
        ),
        "orgInvite": (
            "invite",
            "link",
            "orgInvite",
            ["Contoso"],
            lambda e: [link, "", "", "Contoso", e],
        ),
        "emailUpdateConfirmation": (
            "verify",
            "link",
            "emailUpdateConfirmation",
            [],
            lambda e: [link, "noor.new@example.com", "Example", e],
        ),
        "eventUpdatePassword": (
            "notice",
            "none",
            "eventUpdatePassword",
            [],
            lambda e: ["2026-03-14 09:26", "203.0.113.7"],
        ),
        "emailVerificationBodyCode": ("verify", "code", "emailVerification", [], lambda e: [code]),
    }

    def fmt(pattern: str, args: list[str]) -> str:
        # java.text.MessageFormat: '' is a quote, {n} an argument
        return re.sub(r"\{(\d)\}", lambda m: args[int(m.group(1))], pattern.replace("''", "'"))

    out = []
    for key, (kind, expects, subject_key, subject_args, body_args) in wanted.items():
        langs = {}
        for lang, source in KEYCLOAK.items():
            messages = dict(line.split("=", 1) for line in source.strip().splitlines())
            text_key = key if key.endswith("Code") else key + "Body"
            if text_key not in messages:
                continue
            args = body_args(expiry[lang])
            text = fmt(messages[text_key], args).replace("\\n", "\n")
            body_html = fmt(messages[text_key + "Html"], args)
            langs[lang] = {
                "subject": fmt(messages[subject_key + "Subject"], subject_args),
                "text": text + "\n",
                "html": f"<html>\n<body>\n{body_html}\n</body>\n</html>\n",
            }
        out.append(
            {
                "id": "keycloak-" + re.sub(r"(?<!^)(?=[A-Z])", "-", key).lower(),
                "path": "theme/base/email/messages/messages_*.properties ("
                + ", ".join(f"{k}: {v}" for k, v in KEYCLOAK_FILES.items())
                + ")",
                "kind": kind,
                "expects": expects,
                "send": "alternative",
                "languages": langs,
            }
        )
    return {
        "source": source_block(
            "keycloak/keycloak",
            "see path",
            "Apache-2.0",
            "Copyright Red Hat, Inc. and/or its affiliates and other contributors",
        ),
        "templates": out,
    }


# ---------------------------------------------------------------------------------------
# Auth.js / NextAuth (ISC): the magic-link mail of the email providers, English. Read
# through the search tool: packages/core/src/lib/utils/email.ts at
# 343fd8e71dc02327f0fb599e5f7019c5496afa48 (html(), text()) and the subject of
# packages/core/src/providers/nodemailer.ts at f42683dabdaec48fd1b32ccb474edb262394e993.


def nextauth(mirror: Path) -> dict[str, Any]:
    del mirror
    host = "app.example.com"
    escaped = host.replace(".", "&#8203;.")
    page = f"""
<body style="background: #f9f9f9;">
  <table width="100%" border="0" cellspacing="20" cellpadding="0"
    style="background: #fff; max-width: 600px; margin: auto; border-radius: 10px;">
    <tr>
      <td align="center"
        style="padding: 10px 0px; font-size: 22px; font-family: Helvetica, Arial, sans-serif; color: #444;">
        Sign in to <strong>{escaped}</strong>
      </td>
    </tr>
    <tr>
      <td align="center" style="padding: 20px 0;">
        <table border="0" cellspacing="0" cellpadding="0">
          <tr>
            <td align="center" style="border-radius: 5px;" bgcolor="#346df1"><a href="{{{{LINK}}}}"
                target="_blank"
                style="font-size: 18px; font-family: Helvetica, Arial, sans-serif; color: #fff; text-decoration: none; border-radius: 5px; padding: 10px 20px; border: 1px solid #346df1; display: inline-block; font-weight: bold;">Sign
                in</a></td>
          </tr>
        </table>
      </td>
    </tr>
    <tr>
      <td align="center"
        style="padding: 0px 0px 10px 0px; font-size: 16px; line-height: 22px; font-family: Helvetica, Arial, sans-serif; color: #444;">
        If you did not request this email you can safely ignore it.
      </td>
    </tr>
  </table>
</body>
"""
    return {
        "source": source_block(
            "nextauthjs/next-auth", "see path", "ISC", "Copyright (c) 2022-2024, Balázs Orbán"
        ),
        "templates": [
            {
                "id": "nextauth-magic-link",
                "path": "packages/core/src/lib/utils/email.ts@343fd8e71dc02327f0fb599e5f7019c5496afa48",
                "kind": "magic",
                "expects": "link",
                "send": "alternative",
                "languages": {
                    "en": {
                        "subject": f"Sign in to {host}",
                        "text": f"Sign in to {host}\n{{{{LINK}}}}\n\n",
                        "html": page,
                    }
                },
            }
        ],
    }


SOURCES = {
    "allauth": allauth,
    "flask-security": flask_security,
    "devise": devise,
    "supabase": supabase,
    "kratos": kratos,
    "postmark": postmark,
    "laravel": laravel,
    "keycloak": keycloak,
    "nextauth": nextauth,
}


def _block_strings(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


yaml.SafeDumper.add_representer(str, _block_strings)


def main(argv: list[str]) -> int:
    mirror = Path(argv[1]) if len(argv) > 1 else Path("/work/.mirror")
    for name, collect in SOURCES.items():
        data = collect(mirror)
        path = HERE / f"{name}.yaml"
        header = (
            f"# Collected by collect.py from {data['source']['repo']} at {data['source']['commit']}\n"
            f"# ({data['source']['licence']}; {data['source']['copyright']}). Do not edit by hand.\n"
        )
        path.write_text(
            header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100),
            encoding="utf-8",
        )
        n = sum(len(t["languages"]) for t in data["templates"])
        print(f"{name}: {len(data['templates'])} templates, {n} languages x templates")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
