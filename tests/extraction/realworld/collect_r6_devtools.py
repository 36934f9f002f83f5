"""Round six, ``devtools``: code mails and notices of three developer/ops tools.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r6_devtools.py

Both repositories are far too large to fetch, so every template was read file by file with
``read_file``; the text each mail needs is held inline below, each block citing the
repository, path and the commit the read reported (the stored versions of one repository
come from different commits; each item names the commit of its main view).

- GitLab (``gitlabhq/gitlabhq``, the CE mirror of gitlab-org/gitlab; ``app/`` is MIT): the
  identity-verification mail ``Emails::IdentityVerification#verification_instructions_email``
  (``app/mailers/emails/identity_verification.rb``): ``text/plain`` from
  ``verification_instructions_email.text.erb`` inside ``layouts/mailer.text.erb``,
  ``text/html`` from ``verification_instructions_email.html.haml`` inside
  ``layouts/mailer.html.haml`` / ``layouts/_mailer.html.haml``, the Haml rendered by hand;
  English strings (the ``s_()`` msgids), and German and French from ``locale/*/gitlab.po``. The token is six digits
  (``Users::EmailVerification::GenerateTokenService``: ``SecureRandom.random_number(10**6)``
  left-padded), valid 60 minutes. Negatives: the secondary-address notice sent with it
  (mentions a verification code, gives none) and the new-location sign-in notice.
- Grafana (``grafana/grafana``, AGPL-3.0): the MJML-compiled templates in
  ``public/emails/*.html`` share one frame (head, logo row, bordered body, footer); that frame
  is written once here as read from ``signup_started.html`` and each template's own blocks are
  filled in as Go's ``html/template`` would (``{{ __dangerouslyInjectHTML `x` }}`` prints x).
  ``signup_started`` carries the 20-character sign-up code (``util.GetRandomString(20)``),
  ``passwordless_verify_existing_user`` and ``_new_user`` the 8-letter confirmation code
  (``generateCodes``: ``GetRandomString(8, "BCDFGHJKLMNPQRSTVWXZ")``) beside a link with a
  32-character code. Negatives are the plain-text templates (``reset_password.txt``,
  ``verify_email.txt``, ``invited_to_org.txt``) whose code lives only inside a link.
- Coder (``coder/coder``, AGPL-3.0): the rendered SMTP golden files of its notification
  tests; its "one-time passcode" mail carries the passcode only inside a reset link, so it
  and the two other Coder notices are negatives.

Deterministic: codes from a seeded RNG, fixed Date (``collect.SENT``).
"""

from __future__ import annotations

import hashlib
import html
import json
import random
import string
from typing import Any

from collect import HERE, message

RNG = random.Random("otpmail-r6-devtools")
ITEMS: list[dict[str, Any]] = []

GITLAB = "gitlabhq/gitlabhq"
GRAFANA = "grafana/grafana"
GL_HOST = "gitlab.example.com"
GF_URL = "https://grafana.example.com/"
GF_VERSION = "12.3.0"
YEAR = "2026"


def _digits(n: int) -> str:
    return "".join(RNG.choice(string.digits) for _ in range(n))


def _chars(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _save(item: dict[str, Any], raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# GitLab
# layouts/_mailer.html.haml @ 31dfc31aaa227224152f200b9fb961404a08fa40 (rendered by hand;
# html_header_message/html_footer_message empty as on a default instance, header_logo the
# default GitLab logo image), layouts/mailer.text.erb @ 1983356d647290fe38ca21bbbca43fe2d6292913

F = "font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;"

GL_CSS = """
/* CLIENT-SPECIFIC STYLES */
body, table, td, a { -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table, td { mso-table-lspace: 0pt; mso-table-rspace: 0pt; }
img { -ms-interpolation-mode: bicubic; }
.hidden {
    display: none !important;
    visibility: hidden !important;
}

/* iOS BLUE LINKS */
a[x-apple-data-detectors] {
    color: inherit !important;
    text-decoration: none !important;
    font-size: inherit !important;
    font-family: inherit !important;
    font-weight: inherit !important;
    line-height: inherit !important;
}

/* ANDROID MARGIN HACK */
body { margin:0 !important; }
div[style*="margin: 16px 0"] { margin:0 !important; }

@media only screen and (max-width: 639px) {
    body, #body {
        min-width: 320px !important;
    }
    table.wrapper {
        width: 100% !important;
        min-width: 320px !important;
    }
    table.wrapper > tbody > tr > td {
        border-left: 0 !important;
        border-right: 0 !important;
        border-radius: 0 !important;
        padding-left: 10px !important;
        padding-right: 10px !important;
    }
}
"""


def gl_html(subject: str, body: str) -> str:
    manage = (
        f'<a style="color:#3777b0;text-decoration:none;" '
        f'href="https://{GL_HOST}/-/profile/notifications">Manage all notifications</a>'
    )
    helpl = f'<a style="color:#3777b0;text-decoration:none;" href="https://{GL_HOST}/help">Help</a>'
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional //EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html lang="en">
<head>
<meta content="text/html; charset=UTF-8" http-equiv="Content-Type">
<meta content="width=device-width, initial-scale=1" name="viewport">
<meta content="IE=edge" http-equiv="X-UA-Compatible">
<title>{html.escape(subject)}</title>
<style>{GL_CSS}</style>
</head>
<body style="background-color:#fafafa;margin:0;padding:0;text-align:center;min-width:640px;width:100%;height:100%;{F}">
<table border="0" cellpadding="0" cellspacing="0" id="body" style="background-color:#fafafa;margin:0;padding:0;text-align:center;min-width:640px;width:100%;">
<tbody>
<tr class="line">
<td style="{F}background-color:#6b4fbb;height:4px;font-size:4px;line-height:4px;"></td>
</tr>
<tr class="header">
<td style="{F}padding:25px 0;font-size:13px;line-height:1.6;color:#5c5c5c;">
<img alt="GitLab" height="50" src="https://{GL_HOST}/assets/mailers/gitlab_logo.png" width="55">
</td>
</tr>
<tr>
<td style="{F}">
<table border="0" cellpadding="0" cellspacing="0" class="wrapper" style="width:640px;margin:0 auto;border-collapse:separate;border-spacing:0;">
<tbody>
<tr>
<td style="{F}background-color:#ffffff;text-align:left;padding:18px 25px;border:1px solid #ededed;border-radius:3px;overflow:hidden;">
<table border="0" cellpadding="0" cellspacing="0" class="content" style="width:100%;border-collapse:separate;border-spacing:0;">
<tbody>
{body}
</tbody>
</table>
</td>
</tr>
</tbody>
</table>
</td>
</tr>
<tr class="footer">
<td style="{F}padding:25px 0;font-size:13px;line-height:1.6;color:#5c5c5c;">
<img alt="GitLab" height="33" src="https://{GL_HOST}/assets/mailers/gitlab_footer_logo.gif" style="display:block;margin:0 auto 1em;" width="90">
<div>
You're receiving this email because of your account on {GL_HOST}. {manage} &middot; {helpl}
</div>
</td>
</tr>
<tr>
<td style="{F}padding:25px 0;font-size:13px;line-height:1.6;color:#5c5c5c;">
</td>
</tr>
</tbody>
</table>
</body>
</html>
"""


def gl_text(body: str) -> str:
    return f"{body}\n\n-- \nYou're receiving this email because of your account on {GL_HOST}.\n"


def gitlab() -> None:
    sender = f"GitLab <gitlab@{GL_HOST}>"
    help_pw = f"https://{GL_HOST}/help/user/profile/user_passwords.md#change-your-password"
    help_2fa = (
        f"https://{GL_HOST}/help/user/profile/account/two_factor_authentication_troubleshooting.md"
    )

    # verification_instructions_email.html.haml / .text.erb @ 55eb439f6bfb82a732d86ac171ba99e29e1e6a88
    token = _digits(6)
    subject = "Verify your identity"
    body = f"""<div style="text-align:center;color:#1F1F1F;line-height:1.25em;max-width:400px;margin:0 auto;">
<h3>
Help us protect your account
</h3>
<p style="font-size:0.9em">
Before you sign in, we need to verify your identity. Enter the following code on the sign-in page.
</p>
<div style="margin:26px 0;width:207px;height:53px;background-color:#F0F0F0;line-height:53px;font-weight:700;font-size:1.5em;color:#303030;">
{token}
</div>
<p style="font-size:0.75em">
If you have not recently tried to sign into GitLab, we recommend changing your password and setting up Two-Factor Authentication to keep your account safe. Your verification code expires after 60 minutes.
</p>
</div>"""
    text = (
        "Help us protect your account\n\n"
        "Before you sign in, we need to verify your identity. Enter the following code on the sign-in page.\n\n"
        f"{token}\n\n"
        "If you have not recently tried to sign into GitLab, we recommend changing your password and setting up Two-Factor Authentication to keep your account safe.\n"
        "Your verification code expires after 60 minutes."
    )
    _save(
        {
            "id": "gitlab-verification-instructions-en",
            "group": "gitlab-verification-instructions",
            "source": "gitlab",
            "lang": "en",
            "kind": "saas-otp",
            "code": token,
            "repository": GITLAB,
            "path": "app/views/notify/verification_instructions_email.html.haml; app/views/notify/verification_instructions_email.text.erb; app/mailers/emails/identity_verification.rb; app/services/users/email_verification/generate_token_service.rb; app/views/layouts/_mailer.html.haml; app/views/layouts/mailer.text.erb",
            "commit": "55eb439f6bfb82a732d86ac171ba99e29e1e6a88",
            "licence": "MIT",
            "rendered": "Haml/ERB views filled by hand with the English msgids inside the mailer layouts (layout commits 31dfc31aaa227224152f200b9fb961404a08fa40 and 1983356d647290fe38ca21bbbca43fe2d6292913), text/plain + text/html, all read with read_file",
            "note": "six-digit token alone in a grey box / on its own line",
        },
        message(
            sender=sender, subject=subject, text=gl_text(text), html_part=gl_html(subject, body)
        ),
    )

    # verification_instructions_sent_to_secondary_email.html.haml @ 8df6f3233c0f923d603499ce0d4514f551076f59
    # and .text.erb @ 9f2fc39e133ffa2f0b9771b45182f2f5c82f4dea
    secondary = "noor.backup@example.org"
    acct = f"https://{GL_HOST}/-/profile/account"
    subject = "Verification code sent to your secondary email address"
    body = f"""<div style="text-align:center;color:#1F1F1F;line-height:1.25em;max-width:400px;margin:0 auto;">
<h3>
Verification code sent to your secondary email address
</h3>
<p style="font-size:0.9em">
We received a request to access your GitLab account with your secondary email address {secondary}.
</p>
<p style="font-size:0.9em">
If you have not tried to sign into your account, we recommend <a href="{help_pw}" target="_blank" rel="noopener noreferrer">changing your password</a> and <a href="{help_2fa}" target="_blank" rel="noopener noreferrer">setting up Two-Factor Authentication</a> to keep your account safe.
</p>
<p style="font-size:0.9em">
To stop using this email with your GitLab account, remove it in your <a href="{acct}" target="_blank" rel="noopener noreferrer">account settings</a>.
</p>
</div>"""
    text = (
        "Verification code sent to your secondary email address\n\n"
        f"We received a request to access your GitLab account with your secondary email address ({secondary}).\n\n"
        f"If you have not tried to sign into your account, we recommend changing your password ({help_pw}) and setting up Two-Factor Authentication ({help_2fa}) to keep your account safe.\n"
        f"To stop using this email with your GitLab account, remove it in your account settings ({acct})."
    )
    _save(
        {
            "id": "gitlab-secondary-email-notice-en",
            "group": "gitlab-secondary-email-notice",
            "source": "gitlab",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": GITLAB,
            "path": "app/views/notify/verification_instructions_sent_to_secondary_email.html.haml; app/views/notify/verification_instructions_sent_to_secondary_email.text.erb; app/mailers/emails/identity_verification.rb; app/views/layouts/_mailer.html.haml; app/views/layouts/mailer.text.erb",
            "commit": "8df6f3233c0f923d603499ce0d4514f551076f59",
            "licence": "MIT",
            "rendered": "Haml/ERB views filled by hand with the English msgids inside the mailer layouts (text view commit 9f2fc39e133ffa2f0b9771b45182f2f5c82f4dea), text/plain + text/html, read with read_file",
            "note": "sent to the primary address when the code went to the secondary one: says a verification code was sent, gives none",
        },
        message(
            sender=sender, subject=subject, text=gl_text(text), html_part=gl_html(subject, body)
        ),
    )

    # unknown_sign_in_email.html.haml @ 26e44c6225a19c3ec4e7d607f92b16d42b437c80,
    # unknown_sign_in_email.text.haml @ 43a25d93ebdabea52f99b05e15b06250cd8f07d7;
    # subject from app/mailers/emails/profile.rb: '%{host} sign-in from new location'
    ip = "203.0.113.87"
    when = "2026-11-20  9:38:51 AM UTC"
    subject = f"{GL_HOST} sign-in from new location"
    ds = f"{F}font-size:15px;line-height:1.4;color:#8c8c8c;font-weight:300;padding:14px 0;margin:0;"
    sp = f"{F};height:18px;font-size:18px;line-height:18px;"
    val = f"{ds}color:#333333;font-weight:400;width:75%;padding-left:5px;"
    body = f"""<tr class="alert">
<td style="{F}padding:10px;border-radius:3px;font-size:14px;line-height:1.3;text-align:center;overflow:hidden;color:#ffffff;background-color:#FC6D26;">
<table border="0" cellpadding="0" cellspacing="0" class="img" style="border-collapse:collapse;margin:0 auto;">
<tbody>
<tr>
<td style="{F}vertical-align:middle;color:#ffffff;text-align:center;">
<span>
Your {GL_HOST} account was signed in to from a new location
</span>
</td>
</tr>
</tbody>
</table>
</td>
</tr>
<tr class="spacer">
<td style="{sp}">
&nbsp;
</td>
</tr>
<tr class="section">
<td style="{F};padding:0 15px;border:1px solid #ededed;border-radius:3px;overflow:hidden;">
<table border="0" cellpadding="0" cellspacing="0" class="info" style="width:100%;">
<tbody>
<tr>
<td style="{ds}">
Hostname
</td>
<td style="{val}">
{GL_HOST}
</td>
</tr>
<tr>
<td style="{ds}border-top:1px solid #ededed;">
IP Address
</td>
<td style="{val}border-top:1px solid #ededed;">
<span class="muted" style="color:#333333;text-decoration:none;">
{ip}
</span>
</td>
</tr>
<tr>
<td style="{ds}border-top:1px solid #ededed;">
Time
</td>
<td style="{val}border-top:1px solid #ededed;">
{when}
</td>
</tr>
</tbody>
</table>
</td>
</tr>
<tr class="spacer">
<td style="{sp}">
&nbsp;
</td>
</tr>
<tr class="section">
<td style="{F};line-height:1.4;text-align:center;padding:0 15px;overflow:hidden;">
<table border="0" cellpadding="0" cellspacing="0" class="img" style="border-collapse:collapse;width:100%;">
<tbody>
<tr style="width:100%;">
<td style="{ds}text-align:center;">
If you recently signed in and recognize the IP address, you may disregard this email.
<p>
If you did not recently sign in, you should immediately <a href="https://docs.gitlab.com/ee/user/profile/#changing-your-password" target="_blank" rel="noopener noreferrer">change your password</a>.
Passwords should be unique and not used for any other sites or services.
</p>
<p>
To further protect your account, consider configuring a <a href="https://docs.gitlab.com/ee/user/profile/account/two_factor_authentication.html" target="_blank">two-factor authentication</a> method.
</p>
</td>
</tr>
</tbody>
</table>
</td>
</tr>"""
    text = (
        "Hi Noor Tester (noor.tester)!\n\n"
        f"A sign-in to your account has been made from the following IP address: {ip}\n\n"
        "If you recently signed in and recognize the IP address, you may disregard this email.\n"
        f"If you did not recently sign in, you should immediately change your password: https://{GL_HOST}/help/user/profile/user_passwords#change-your-password.\n"
        "Passwords should be unique and not used for any other sites or services.\n\n"
        f"To further protect your account, consider configuring a two-factor authentication method: https://{GL_HOST}/help/user/profile/account/two_factor_authentication."
    )
    _save(
        {
            "id": "gitlab-unknown-sign-in-en",
            "group": "gitlab-unknown-sign-in",
            "source": "gitlab",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": GITLAB,
            "path": "app/views/notify/unknown_sign_in_email.html.haml; app/views/notify/unknown_sign_in_email.text.haml; app/views/layouts/_mailer.html.haml; app/views/layouts/mailer.text.erb",
            "commit": "26e44c6225a19c3ec4e7d607f92b16d42b437c80",
            "licence": "MIT",
            "rendered": "Haml views filled by hand with the English msgids inside the mailer layouts (text view commit 43a25d93ebdabea52f99b05e15b06250cd8f07d7), user without 2FA, text/plain + text/html, read with read_file",
            "note": "new-location sign-in alert: IP address, time, no code",
        },
        message(
            sender=sender, subject=subject, text=gl_text(text), html_part=gl_html(subject, body)
        ),
    )


# GitLab's verification mail in German and French. Strings from locale/<lang>/gitlab.po
# @ 017a6c129d6a9e4ad9fec792cd84f88641d7dbfe; in that generation the closing paragraph's
# msgids carry the password / 2FA links (HTML: %{password_link_start}...%{link_end}; text:
# "(%{password_link})" plus a separate "expires after" line), so the view is filled with those
# msgids, the links built as in verification_instructions_sent_to_secondary_email
# (link_start/link_end). The HTML layout's footer strings were not looked up and stay English.
GL_PO_COMMIT = "017a6c129d6a9e4ad9fec792cd84f88641d7dbfe"
GL_I18N = {
    "de": {
        "subject": "Verifiziere deine Identität",
        "heading": "Hilf uns, dein Konto zu schützen.",
        "before": "Bevor du dich anmeldest, müssen wir deine Identität überprüfen. Gib den folgenden Code auf der Anmeldeseite ein.",
        "html_tail": "Wenn du dich in letzter Zeit nicht bei GitLab angemeldet hast, empfehlen wir dir, %{password_link_start}dein Passwort zu ändern%{link_end} und %{two_fa_link_start}die Zwei-Faktor-Authentifizierung einzurichten%{link_end}, um dein Konto sicher zu halten. Dein Verifizierungscode läuft in %{expires_in_minutes} Minuten ab.",
        "text_tail": "Wenn du dich in letzter Zeit nicht bei GitLab angemeldet hast, empfehlen wir dir, dein Passwort zu ändern (%{password_link}) und die Zwei-Faktor-Authentifizierung einzurichten (%{two_fa_link}), um dein Konto zu schützen.",
        "expires": "Dein Bestätigungscode läuft nach %{expires_in_minutes} Minuten ab.",
    },
    "fr": {
        "subject": "Vérifier votre identité",
        "heading": "Aidez-nous à protéger votre compte",
        "before": "Avant que vous ne vous connectiez, nous devons vérifier votre identité. Entrez le code suivant sur la page de connexion.",
        "html_tail": "Si vous n'avez pas essayé de vous connecter à GitLab récemment, nous vous conseillons de %{password_link_start}modifier votre mot de passe%{link_end} et de %{two_fa_link_start}configurer l'authentification à deux facteurs%{link_end} afin de garder votre compte sécurisé. Votre code de vérification expire dans %{expires_in_minutes} minutes.",
        "text_tail": "Si vous n'avez pas essayé de vous connecter à GitLab récemment, nous vous conseillons de modifier votre mot de passe (%{password_link}) et de configurer l'authentification à deux facteurs (%{two_fa_link}) afin de garder votre compte sécurisé.",
        "expires": "Votre code de vérification expire dans %{expires_in_minutes} minutes.",
    },
    # es.po leaves both closing-paragraph msgstrs empty: gettext falls back to the English msgid
    "es": {
        "subject": "Verifique su identidad",
        "heading": "Ayúdenos a proteger su cuenta",
        "before": "Antes de que inicie sesión, debemos verificar su identidad. Ingrese el siguiente código en la página de inicio de sesión.",
        "html_tail": "If you have not recently tried to sign into GitLab, we recommend %{password_link_start}changing your password%{link_end} and %{two_fa_link_start}setting up Two-Factor Authentication%{link_end} to keep your account safe. Your verification code expires after %{expires_in_minutes} minutes.",
        "text_tail": "If you have not recently tried to sign into GitLab, we recommend changing your password (%{password_link}) and setting up Two-Factor Authentication (%{two_fa_link}) to keep your account safe.",
        "expires": "Su código de verificación vence en %{expires_in_minutes} minutos.",
    },
}


def _ruby_fmt(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("%{" + key + "}", value)
    return template


def gitlab_i18n() -> None:
    sender = f"GitLab <gitlab@{GL_HOST}>"
    help_pw = f"https://{GL_HOST}/help/user/profile/user_passwords.md#change-your-password"
    help_2fa = (
        f"https://{GL_HOST}/help/user/profile/account/two_factor_authentication_troubleshooting.md"
    )
    for lang, t in GL_I18N.items():
        token = _digits(6)
        esc = {k: html.escape(v, quote=False) for k, v in t.items()}
        tail = _ruby_fmt(
            esc["html_tail"],
            {
                "password_link_start": f'<a href="{help_pw}" target="_blank" rel="noopener noreferrer">',
                "two_fa_link_start": f'<a href="{help_2fa}" target="_blank" rel="noopener noreferrer">',
                "link_end": "</a>",
                "expires_in_minutes": "60",
            },
        )
        body = f"""<div style="text-align:center;color:#1F1F1F;line-height:1.25em;max-width:400px;margin:0 auto;">
<h3>
{esc["heading"]}
</h3>
<p style="font-size:0.9em">
{esc["before"]}
</p>
<div style="margin:26px 0;width:207px;height:53px;background-color:#F0F0F0;line-height:53px;font-weight:700;font-size:1.5em;color:#303030;">
{token}
</div>
<p style="font-size:0.75em">
{tail}
</p>
</div>"""
        text = (
            f"{t['heading']}\n\n{t['before']}\n\n{token}\n\n"
            + _ruby_fmt(t["text_tail"], {"password_link": help_pw, "two_fa_link": help_2fa})
            + "\n"
            + _ruby_fmt(t["expires"], {"expires_in_minutes": "60"})
        )
        _save(
            {
                "id": f"gitlab-verification-instructions-{lang}",
                "group": "gitlab-verification-instructions",
                "source": "gitlab",
                "lang": lang,
                "kind": "saas-otp",
                "code": token,
                "repository": GITLAB,
                "path": f"locale/{lang}/gitlab.po; app/views/notify/verification_instructions_email.html.haml; app/views/notify/verification_instructions_email.text.erb; app/views/notify/verification_instructions_sent_to_secondary_email.html.haml; app/views/layouts/_mailer.html.haml; app/views/layouts/mailer.text.erb",
                "commit": GL_PO_COMMIT,
                "licence": "MIT",
                "rendered": "views (55eb439f6bfb82a732d86ac171ba99e29e1e6a88) filled by hand with the po strings of this commit; the closing paragraph uses this po's link-carrying msgids (view line reconstructed from them, links as in the secondary-email view); HTML layout footer left in English; read with read_file",
                "note": "six-digit token alone in a grey box / on its own line"
                + (
                    "; the closing paragraph is untranslated in es.po, so it stays English as GitLab sends it"
                    if lang == "es"
                    else ""
                ),
            },
            message(
                sender=sender,
                subject=t["subject"],
                text=gl_text(text),
                html_part=gl_html(t["subject"], body).replace(
                    '<html lang="en">', f'<html lang="{lang}">'
                ),
            ),
        )


# ---------------------------------------------------------------------------------------
# Grafana: the frame of public/emails/*.html as read from signup_started.html
# @ 041556ba89f60e4dc73e34262d9f690adaf40552 (passwordless_verify_existing_user.html
# @ 14bc307c6a45a443599778c9ddbbc8d61a7b1286 has the same frame).

GF_HEAD = """<!doctype html>
<html lang="und" dir="auto" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">

<head>
  <title>%TITLE%</title>
  <!--[if !mso]><!-->
  <meta http-equiv="X-UA-Compatible" content="IE=edge">
  <!--<![endif]-->
  <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style type="text/css">
    #outlook a {
      padding: 0;
    }

    body {
      margin: 0;
      padding: 0;
      -webkit-text-size-adjust: 100%;
      -ms-text-size-adjust: 100%;
    }

    table,
    td {
      border-collapse: collapse;
      mso-table-lspace: 0pt;
      mso-table-rspace: 0pt;
    }

    img {
      border: 0;
      height: auto;
      line-height: 100%;
      outline: none;
      text-decoration: none;
      -ms-interpolation-mode: bicubic;
    }

    p {
      display: block;
      margin: 13px 0;
    }

  </style>
  <!--[if mso]>
    <noscript>
    <xml>
    <o:OfficeDocumentSettings>
      <o:AllowPNG/>
      <o:PixelsPerInch>96</o:PixelsPerInch>
    </o:OfficeDocumentSettings>
    </xml>
    </noscript>
    <![endif]-->
  <!--[if lte mso 11]>
    <style type="text/css">
      .mj-outlook-group-fix { width:100% !important; }
    </style>
    <![endif]-->
  <!--[if !mso]><!-->
  <style type="text/css">
    /* Use system fonts in emails to avoid remote font fetches in privacy-focused clients. */
  </style>
  <!--<![endif]-->
  <style type="text/css">
    @media only screen and (min-width:480px) {
      .mj-column-per-100 {
        width: 100% !important;
        max-width: 100%;
      }
    }

  </style>
  <style media="screen and (min-width:480px)">
    .moz-text-html .mj-column-per-100 {
      width: 100% !important;
      max-width: 100%;
    }

  </style>
  <style type="text/css">
    @media only screen and (max-width:479px) {
      table.mj-full-width-mobile {
        width: 100% !important;
      }

      td.mj-full-width-mobile {
        width: auto !important;
      }
    }

  </style>
</head>

<body style="word-spacing:normal;">
  <div class="canvas" style="background-color: #fff;" lang="und" dir="auto">
    <!--[if mso | IE]><table align="center" border="0" cellpadding="0" cellspacing="0" class="" role="presentation" style="width:600px;" width="600" ><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
    <div style="margin:0px auto;max-width:600px;">
      <table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:100%;">
        <tbody>
          <tr>
            <td style="direction:ltr;font-size:0px;padding:20px 0;text-align:center;">
              <!--[if mso | IE]><table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr><td class="" style="vertical-align:top;width:600px;" ><![endif]-->
              <div class="mj-column-per-100 mj-outlook-group-fix" style="font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;">
                <table border="0" cellpadding="0" cellspacing="0" role="presentation" style="background-color:transparent;vertical-align:top;" width="100%">
                  <tbody>
                    <tr>
                      <td align="left" style="font-size:0px;padding:0;word-break:break-word;">
                        <table border="0" cellpadding="0" cellspacing="0" role="presentation" style="border-collapse:collapse;border-spacing:0px;">
                          <tbody>
                            <tr>
                              <td style="width:200px;">
                                <div style="font-family: Helvetica Neue, Helvetica, Arial, sans-serif; font-size: 26px; font-weight: 700; line-height: 1.2; color: #111217; letter-spacing: 0.3px;">Grafana</div>
                              </td>
                            </tr>
                          </tbody>
                        </table>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </div>
              <!--[if mso | IE]></td></tr></table><![endif]-->
            </td>
          </tr>
        </tbody>
      </table>
    </div>
    <!--[if mso | IE]></td></tr></table><table align="center" border="0" cellpadding="0" cellspacing="0" class="background-outlook" role="presentation" style="width:600px;" width="600" ><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
    <div class="background" style="background-color: #FFF; border: 1px solid #e4e5e6; margin: 0px auto; max-width: 600px;">
      <table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:100%;">
        <tbody>
          <tr>
            <td style="direction:ltr;font-size:0px;padding:0;text-align:center;">
              <!--[if mso | IE]><table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr><td class="" width="600px" ><table align="center" border="0" cellpadding="0" cellspacing="0" class="" role="presentation" style="width:600px;" width="600" ><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
"""

GF_SEP = """              <!--[if mso | IE]></td></tr></table></td></tr><tr><td class="" width="600px" ><table align="center" border="0" cellpadding="0" cellspacing="0" class="" role="presentation" style="width:600px;" width="600" ><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
"""

GF_FOOT = """              <!--[if mso | IE]></td></tr></table></td></tr></table><![endif]-->
            </td>
          </tr>
        </tbody>
      </table>
    </div>
    <!--[if mso | IE]></td></tr></table><table align="center" border="0" cellpadding="0" cellspacing="0" class="" role="presentation" style="width:600px;" width="600" ><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
    <div style="margin:0px auto;max-width:600px;">
      <table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:100%;">
        <tbody>
          <tr>
            <td style="direction:ltr;font-size:0px;padding:20px 0;text-align:center;">
              <!--[if mso | IE]><table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr><td class="" style="vertical-align:top;width:600px;" ><![endif]-->
              <div class="mj-column-per-100 mj-outlook-group-fix" style="font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;">
                <table border="0" cellpadding="0" cellspacing="0" role="presentation" style="background-color:transparent;vertical-align:top;" width="100%">
                  <tbody>
                    <tr>
                      <td align="center" class="txt" style="font-size:0px;padding:10px 25px;word-break:break-word;">
                        <div style="font-family: 'Helvetica Neue', Helvetica, Arial, sans-serif; font-size: 13px; line-height: 150%; text-align: center; color: #000000;">&copy; %YEAR% Grafana Labs. Sent by <a href="%APPURL%" style="color: #6E9FFF;">Grafana v%VERSION%</a>.</div>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </div>
              <!--[if mso | IE]></td></tr></table><![endif]-->
            </td>
          </tr>
        </tbody>
      </table>
    </div>
    <!--[if mso | IE]></td></tr></table><![endif]-->
  </div>
</body>

</html>
"""

TXT = "font-family: 'Helvetica Neue', Helvetica, Arial, sans-serif; font-size: 13px; line-height: 150%; text-align: left; color: #000000;"


def _gf_section(rows: str, *, well: bool = False) -> str:
    """One mj-section of the body: a column (a grey 'well' for the code) holding rows."""
    pad = "10px 25px" if well else "0"
    if well:
        col_open = (
            '                        <!--[if mso | IE]><table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr><td class="well-outlook" style="vertical-align:top;width:550px;" ><![endif]-->\n'
            '                        <div class="mj-column-per-100 mj-outlook-group-fix well" style="background-color: #F4F5F5; border: 1px solid #e4e5e6; font-size: 0px; text-align: left; direction: ltr; display: inline-block; vertical-align: top; width: 100%;">\n'
        )
    else:
        col_open = (
            '                        <!--[if mso | IE]><table role="presentation" border="0" cellpadding="0" cellspacing="0"><tr><td class="" style="vertical-align:top;width:600px;" ><![endif]-->\n'
            '                        <div class="mj-column-per-100 mj-outlook-group-fix" style="font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;">\n'
        )
    return (
        '              <div style="margin:0px auto;max-width:600px;">\n'
        '                <table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:100%;">\n'
        "                  <tbody>\n"
        "                    <tr>\n"
        f'                      <td style="direction:ltr;font-size:0px;padding:{pad};text-align:center;">\n'
        + col_open
        + '                          <table border="0" cellpadding="0" cellspacing="0" role="presentation" style="vertical-align:top;" width="100%">\n'
        "                            <tbody>\n" + rows + "                            </tbody>\n"
        "                          </table>\n"
        "                        </div>\n"
        "                        <!--[if mso | IE]></td></tr></table><![endif]-->\n"
        "                      </td>\n"
        "                    </tr>\n"
        "                  </tbody>\n"
        "                </table>\n"
        "              </div>\n"
    )


def _row(inner: str, *, align: str = "left") -> str:
    return (
        "                              <tr>\n"
        f'                                <td align="{align}" class="txt" style="font-size:0px;padding:10px 25px;word-break:break-word;">\n'
        f'                                  <div style="{inner[0]}">{inner[1]}</div>\n'
        "                                </td>\n"
        "                              </tr>\n"
    )


def _button(href: str, label: str) -> str:
    return (
        "                              <tr>\n"
        '                                <td align="center" style="font-size:0px;padding:10px 25px;word-break:break-word;">\n'
        '                                  <table border="0" cellpadding="0" cellspacing="0" role="presentation" style="border-collapse:separate;line-height:100%;">\n'
        "                                    <tbody>\n"
        "                                      <tr>\n"
        '                                        <td align="center" bgcolor="#3D71D9" role="presentation" style="border:none;border-radius:3px;cursor:auto;mso-padding-alt:10px 25px;background:#3D71D9;" valign="middle">\n'
        f'                                          <a href="{href}" rel="noopener" style="display: inline-block; background: #3D71D9; color: #ffffff; font-family: \'Helvetica Neue\', Helvetica, Arial, sans-serif; font-size: 13px; font-weight: normal; line-height: 120%; margin: 0; text-decoration: none; text-transform: none; padding: 10px 25px; mso-padding-alt: 0px; border-radius: 3px;" target="_blank"> {label} </a>\n'
        "                                        </td>\n"
        "                                      </tr>\n"
        "                                    </tbody>\n"
        "                                  </table>\n"
        "                                </td>\n"
        "                              </tr>\n"
    )


CODE_STYLE = "font-family: 'Helvetica Neue', Helvetica, Arial, sans-serif; font-size: 22px; font-weight: bold; line-height: 150%; text-align: center; color: #000000;"


def _gf_page(title: str, heading: str, intro: str, code: str, rest: str) -> str:
    sections = [
        _gf_section(
            _row(
                (
                    TXT,
                    f"\n                                    <h2>{heading}</h2>\n                                  ",
                )
            )
            + _row((TXT, intro))
        ),
        _gf_section(_row((CODE_STYLE, html.escape(code)), align="center"), well=True),
        _gf_section(rest),
    ]
    page = GF_HEAD.replace("%TITLE%", html.escape(title)) + GF_SEP.join(sections) + GF_FOOT
    return page.replace("%YEAR%", YEAR).replace("%APPURL%", GF_URL).replace("%VERSION%", GF_VERSION)


def grafana() -> None:
    sender = "Grafana <grafana@grafana.example.com>"
    alnum = string.digits + string.ascii_letters  # util.GetRandomString's default alphabet

    # signup_started.html @ 041556ba89f60e4dc73e34262d9f690adaf40552
    code = _chars(20, alnum)
    url = f"{GF_URL}signup/?email=noor.tester%40example.com&code={code}"
    title = "Welcome to Grafana, please complete your sign up!"
    rest = (
        _button(html.escape(url), "Complete Sign Up")
        + _row((TXT, "You can also copy and paste this link into your browser directly:"))
        + _row(
            (
                TXT,
                f'<a rel="noopener" href="{html.escape(url)}" style="color: #6E9FFF;">{html.escape(url)}</a>',
            )
        )
    )
    page = _gf_page(
        title,
        "Complete the signup",
        "Copy and paste the email verification code in the sign up form <strong>or</strong> use the link below.",
        code,
        rest,
    )
    _save(
        {
            "id": "grafana-signup-started-en",
            "group": "grafana-signup-started",
            "source": "grafana",
            "lang": "en",
            "kind": "saas-otp",
            "code": code,
            "repository": GRAFANA,
            "path": "public/emails/signup_started.html; pkg/api/signup.go",
            "commit": "041556ba89f60e4dc73e34262d9f690adaf40552",
            "licence": "AGPL-3.0",
            "rendered": "compiled MJML template read with read_file, Go template actions filled by hand (SignUpUrl = LinkUrl), text/html only (the stored signup_started.txt is a fork's)",
            "note": "20-character mixed-case sign-up code (util.GetRandomString(20)) in a grey box, also inside the sign-up link",
        },
        message(sender=sender, subject=title, text=None, html_part=page),
    )

    # passwordless_verify_existing_user.html @ 14bc307c6a45a443599778c9ddbbc8d61a7b1286;
    # pkg/services/authn/clients/passwordless.go @ 14206c7c7c79d7bd00bf4795ccf0d4c91ef16690
    conf = _chars(8, "BCDFGHJKLMNPQRSTVWXZ")
    long = _chars(32, alnum)
    link = f"{GF_URL}login?code={long}&amp;confirmationCode={conf}"
    title = "Verify your email"
    rest = (
        _row((TXT, "Alternatively, you can use the button below to verify your email address."))
        + _button(f"{GF_URL}login/?code={long}&amp;confirmationCode={conf}", "Verify your email")
        + _row((TXT, "You can also copy and paste this link into your browser directly:"))
        + _row((TXT, f'<a rel="noopener" href="{link}" style="color: #6E9FFF;">{link}</a>'))
    )
    page = _gf_page(
        title,
        "Please verify your email",
        "Copy and paste the confirmation code into the login form to verify your email address. This confirmation code will expire in 20 minutes.",
        conf,
        rest,
    )
    _save(
        {
            "id": "grafana-passwordless-existing-en",
            "group": "grafana-passwordless-existing",
            "source": "grafana",
            "lang": "en",
            "kind": "saas-otp",
            "code": conf,
            "repository": GRAFANA,
            "path": "public/emails/passwordless_verify_existing_user.html; pkg/services/authn/clients/passwordless.go",
            "commit": "14bc307c6a45a443599778c9ddbbc8d61a7b1286",
            "licence": "AGPL-3.0",
            "rendered": "compiled MJML template read with read_file, Go template actions filled by hand (Expire = 20, the default code_expiration), text/html only",
            "note": "8-letter confirmation code in a grey box; the links also carry a 32-character code, which is not what the reader types",
        },
        message(sender=sender, subject=title, text=None, html_part=page),
    )

    footer = f"\n\nSent by Grafana v{GF_VERSION} (c) {YEAR} Grafana Labs\n"
    # reset_password.txt @ 1a3950ac713b0ef1863a34c3833546e1cf3e63cd
    rcode = _chars(20, alnum) + _chars(40, "0123456789abcdef")
    text = (
        "Hi Noor Tester,\n\nCopy and paste the following link directly in your browser to reset your password within 2 hours.\n"
        f"{GF_URL}user/password/reset?code={rcode}\n" + footer
    )
    _save(
        {
            "id": "grafana-reset-password-en",
            "group": "grafana-reset-password",
            "source": "grafana",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": GRAFANA,
            "path": "public/emails/reset_password.txt",
            "commit": "1a3950ac713b0ef1863a34c3833546e1cf3e63cd",
            "licence": "AGPL-3.0",
            "rendered": "Go text template filled by hand (EmailCodeValidHours = 2), text/plain only",
            "note": "the reset code is only inside the link",
        },
        message(
            sender=sender,
            subject="Reset your Grafana password - Noor Tester",
            text=text,
            html_part=None,
        ),
    )

    # verify_email.txt @ 97c31e52f773b4b218aad5db59c9c06ed7d6053f
    vcode = _chars(20, alnum)
    text = (
        "Hi Noor Tester,\n\nCopy and paste the following link directly in your browser to verify your email within 1 hour(s).\n"
        f"{GF_URL}user/email/update?code={vcode}\n" + footer
    )
    _save(
        {
            "id": "grafana-verify-email-en",
            "group": "grafana-verify-email",
            "source": "grafana",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": GRAFANA,
            "path": "public/emails/verify_email.txt",
            "commit": "97c31e52f773b4b218aad5db59c9c06ed7d6053f",
            "licence": "AGPL-3.0",
            "rendered": "Go text template filled by hand (VerificationEmailLifetimeHours = 1), text/plain only",
            "note": "verification by link only; the code sits in the URL, the reader is not asked to type it",
        },
        message(
            sender=sender, subject="Verify your email - Noor Tester", text=text, html_part=None
        ),
    )

    # invited_to_org.txt @ 268a9a507299f751230bc5463b78ef970d30c293
    org = "Platform Team 42"
    text = (
        f"You have been added to {org}\n\nRavi Okafor has added you to the {org} organization in Grafana.\n"
        f"Once logged in, {org} will be available in the left side menu, in the dropdown below your username.\n\n"
        f"Log in now:\n{GF_URL}\n" + footer
    )
    _save(
        {
            "id": "grafana-invited-to-org-en",
            "group": "grafana-invited-to-org",
            "source": "grafana",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": GRAFANA,
            "path": "public/emails/invited_to_org.txt",
            "commit": "268a9a507299f751230bc5463b78ef970d30c293",
            "licence": "AGPL-3.0",
            "rendered": "Go text template filled by hand, text/plain only",
        },
        message(
            sender=sender,
            subject=f"Ravi Okafor has added you to the {org} organization",
            text=text,
            html_part=None,
        ),
    )


def grafana_new_user() -> None:
    """passwordless_verify_new_user: public/emails/passwordless_verify_new_user.html
    @ 041556ba89f60e4dc73e34262d9f690adaf40552 (same frame as signup_started.html at that
    commit); text part from emails/templates/passwordless_verify_new_user.txt
    @ 3b764a1c4fee52ec02e51ba8a596d2481f1b6a7a ([[ ]] delimiters as the build turns them into
    {{ }}) with the "Sent by" line the compiled .txt templates end with."""
    sender = "Grafana <grafana@grafana.example.com>"
    alnum = string.digits + string.ascii_letters
    conf = _chars(8, "BCDFGHJKLMNPQRSTVWXZ")
    long = _chars(32, alnum)
    link = f"{GF_URL}login?code={long}&amp;confirmationCode={conf}&amp;signup=true"
    title = "Welcome to Grafana, please complete your signup!"
    rest = (
        _row((TXT, "Alternatively, you can use the button below to complete your sign up."))
        + _button(
            f"{GF_URL}login/?code={long}&amp;confirmationCode={conf}&amp;signup=true",
            "Complete Sign Up",
        )
        + _row((TXT, "You can also copy and paste this link into your browser directly:"))
        + _row((TXT, f'<a rel="noopener" href="{link}" style="color: #6E9FFF;">{link}</a>'))
    )
    page = _gf_page(
        title,
        "Please complete your signup",
        "Copy and paste the confirmation code into the sign up form to verify your email address. This confirmation code will expire in 20 minutes.",
        conf,
        rest,
    )
    text = (
        "Hi,\n\nCopy and paste the email verification code:\n"
        f"{conf}\n"
        "into the sign up form to verify your email address. This confirmation code will expire in 20 minutes. \n"
        "Alternatively, you can use the button below to verify your email address. \n\n"
        f"{GF_URL}login/?code={long}&confirmationCode={conf}\n"
        f"\n\nSent by Grafana v{GF_VERSION} (c) {YEAR} Grafana Labs\n"
    )
    _save(
        {
            "id": "grafana-passwordless-new-en",
            "group": "grafana-passwordless-new",
            "source": "grafana",
            "lang": "en",
            "kind": "saas-otp",
            "code": conf,
            "repository": GRAFANA,
            "path": "public/emails/passwordless_verify_new_user.html; emails/templates/passwordless_verify_new_user.txt; pkg/services/authn/clients/passwordless.go",
            "commit": "041556ba89f60e4dc73e34262d9f690adaf40552",
            "licence": "AGPL-3.0",
            "rendered": "compiled MJML template and the text template (commit 3b764a1c4fee52ec02e51ba8a596d2481f1b6a7a) read with read_file, Go template actions filled by hand (Expire = 20), text/plain + text/html",
            "note": "8-letter confirmation code in a grey box / on its own line; the links also carry a 32-character code",
        },
        message(sender=sender, subject=title, text=text, html_part=page),
    )


# ---------------------------------------------------------------------------------------
# Coder (coder/coder, AGPL-3.0): the SMTP golden files of its notification tests,
# coderd/notifications/testdata/rendered-templates/smtp/<Template>.html.golden
# @ 0563f7e64906e6886906029473b1be3c6dcdef96 (full rendered messages: a text/plain part and
# the text/html part from coderd/notifications/dispatch/smtp/html.gotmpl). Their shared frame
# is written once below, decoded from quoted-printable; the test values (bobby, test.com,
# the OTP UUID) are replaced by corpus values.

CODER = "coder/coder"
CODER_COMMIT = "0563f7e64906e6886906029473b1be3c6dcdef96"
CODER_URL = "https://coder.example.com"
CODER_FONT = (
    "-apple-system, system-ui, BlinkMacSystemFont, 'Segoe UI', 'Roboto', 'Oxygen', "
    "'Ubuntu', 'Cantarell', 'Fira Sans', 'Droid Sans', 'Helvetica Neue', sans-serif"
)


def _coder_html(title: str, body: str, href: str, label: str, disabled: str) -> str:
    t = html.escape(title, quote=False)
    return f"""<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>{t}</title>
  </head>
  <body style="margin: 0; padding: 0; font-family: {CODER_FONT}; color: #020617; background: #f8fafc;">
    <div style="max-width: 600px; margin: 20px auto; padding: 60px; border: 1px solid #e2e8f0; border-radius: 8px; background-color: #fff; text-align: left; font-size: 14px; line-height: 1.5;">
      <div style="text-align: center;">
        <img src="https://coder.com/coder-logo-horizontal.png" alt="Coder Logo" style="height: 40px;" />
      </div>
      <h1 style="text-align: center; font-size: 24px; font-weight: 400; margin: 8px 0 32px; line-height: 1.5;">
        {t}
      </h1>
      <div style="line-height: 1.5;">
\t\t\t\t<p>Hi noor,</p><br />
        {body}
      </div>
      <div style="text-align: center; margin-top: 32px;">
        
        <a href="{href}" style="display: inline-block; padding: 13px 24px; background-color: #020617; color: #f8fafc; text-decoration: none; border-radius: 8px; margin: 0 4px;">
          {label}
        </a>
        
      </div>
      <div style="border-top: 1px solid #e2e8f0; color: #475569; font-size: 12px; margin-top: 64px; padding-top: 24px; line-height: 1.6;">
        <p>&copy;&nbsp;{YEAR}&nbsp;Coder. All rights reserved&nbsp;-&nbsp;<a href="{CODER_URL}" style="color: #2563eb; text-decoration: none;">{CODER_URL}</a></p>
        <p><a href="{CODER_URL}/settings/notifications" style="color: #2563eb; text-decoration: none;">Click here to manage your notification settings</a></p>
        <p><a href="{CODER_URL}/settings/notifications?disabled={disabled}" style="color: #2563eb; text-decoration: none;">Stop receiving emails like this</a></p>
      </div>
    </div>
  </body>
</html>
"""


def _uuid4() -> str:
    h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    h = h[:12] + "4" + h[13:16] + RNG.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def coder() -> None:
    sender = "system@coder.example.com"
    email_q = "noor.tester%40example.com"
    # TemplateUserRequestedOneTimePasscode: the passcode (uuid.New()) only inside the link
    otp = _uuid4()
    link = f"{CODER_URL}/reset-password/change?otp={otp}&email={email_q}"
    title = "Reset your password for Coder"
    text = (
        "Use the link below to reset your password.\n\n"
        "If you did not make this request, you can ignore this message.\n\n\n"
        f"Reset password: {link}\n"
    )
    body = (
        "<p>Use the link below to reset your password.</p>\n\n"
        "<p>If you did not make this request, you can ignore this message.</p>"
    )
    mails = [
        (
            "coder-user-requested-otp",
            title,
            text,
            body,
            link,
            "Reset password",
            "TemplateUserRequestedOneTimePasscode",
            "the one-time passcode (a UUID) is only a parameter of the reset link; nothing to type",
        )
    ]
    # TemplateWorkspaceAutobuildFailed
    ws = f"{CODER_URL}/@noor/noor-dev-7"
    mails.append(
        (
            "coder-workspace-autobuild-failed",
            'Workspace "noor-dev-7" autobuild failed',
            'Automatic build of your workspace noor-dev-7 failed.\n\nThe specified reason was "autostart".\n\n\n'
            f"View workspace: {ws}\n",
            "<p>Automatic build of your workspace <strong>noor-dev-7</strong> failed.</p>\n\n"
            "<p>The specified reason was &ldquo;<strong>autostart</strong>&rdquo;.</p>",
            ws,
            "View workspace",
            "TemplateWorkspaceAutobuildFailed",
            None,
        )
    )
    # TemplateUserAccountCreated
    users = f"{CODER_URL}/deployment/users?filter=status%3Aactive"
    mails.append(
        (
            "coder-user-account-created",
            'User account "ravi.okafor" created',
            "New user account ravi.okafor has been created.\n\nThis new user account was created for Ravi Okafor by noor.\n\n\n"
            f"View accounts: {users}\n",
            "<p>New user account <strong>ravi.okafor</strong> has been created.</p>\n\n"
            "<p>This new user account was created for <strong>Ravi Okafor</strong> by <strong>noor</strong>.</p>",
            users,
            "View accounts",
            "TemplateUserAccountCreated",
            None,
        )
    )
    for group, subject, text, body, href, label, golden, note in mails:
        item = {
            "id": f"{group}-en",
            "group": group,
            "source": "coder",
            "lang": "en",
            "kind": "notice",
            "code": None,
            "repository": CODER,
            "path": f"coderd/notifications/testdata/rendered-templates/smtp/{golden}.html.golden",
            "commit": CODER_COMMIT,
            "licence": "AGPL-3.0",
            "rendered": "the golden SMTP message (text/plain + text/html) read with read_file, decoded and re-emitted with the test values replaced",
        }
        if note:
            item["note"] = note
        _save(
            item,
            message(
                sender=sender,
                subject=subject,
                text=text,
                html_part=_coder_html(subject, body, html.escape(href), label, _uuid4()),
            ),
        )


def main() -> None:
    gitlab()
    grafana()
    coder()
    gitlab_i18n()
    grafana_new_user()
    out = HERE / "round6" / "devtools.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{len(ITEMS)} items -> {out}")


if __name__ == "__main__":
    main()
