"""Round four (saas): sign-in / verification code mails of self-hosted apps, and their notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r4_saas.py \\
        --pocketbase /work/.mirror/pocketbase+pocketbase/repo \\
        --simplelogin /work/.mirror/simple-login+app/repo \\
        --authelia /work/.mirror/authelia+authelia/repo \\
        --nhost /work/.mirror/nhost+hasura-auth/repo \\
        --pocketid /work/.mirror/pocket-id+pocket-id/repo \\
        --casdoor /work/.mirror/casdoor+casdoor/repo \\
        --supertokens /work/.mirror/supertokens+supertokens-node/repo

- ``--pocketbase``: a git snapshot of pocketbase/pocketbase (MIT). The default auth-collection
  templates of ``core/collection_model_auth_templates.go`` (OTP, auth alert, verification,
  password reset) are filled as ``mails/record.go`` does (the ``{APP_NAME}``, ``{APP_URL}``,
  ``{TOKEN}``, ``{OTP}``, ``{ALERT_INFO}`` placeholders; the alert info is
  ``"<date> - <ip> <user agent>"`` as ``apis/record_helpers.go`` builds it, HTML-escaped),
  put into the ``Layout``/``HTMLBody`` of ``mails/templates/``; the ``text/plain`` part is what
  ``tools/mailer/html2text.go`` derives from the HTML (ported below). The OTP is eight digits
  (``OTPConfig.Length`` default 8, ``RandomStringWithAlphabet(.., "1234567890")``).
- ``--simplelogin``: a git snapshot of simple-login/app (AGPL-3.0). The Jinja2 templates of
  ``templates/emails/`` are rendered with Jinja2 the way ``app/email_utils.render`` does
  (same globals), text part and HTML part as ``send_email`` attaches them; the subjects are the
  ones ``app/email_utils.py`` / ``app/api/views/auth.py`` pass. The activation code is six
  digits (``secrets.choice(string.digits)`` six times).
- Infisical/infisical (MIT outside ``ee/``): too large to fetch; four handlebars templates of
  ``backend/src/services/smtp/templates/`` were read with ``read_file`` and are held inline
  (commit per template in ``INFISICAL``). They are filled as the handlebars ``smtp-service.ts``
  did (``isCloud`` false, the ``emailFooter`` helper) and sent HTML-only with the callers'
  subjects; codes are six digits (``crypto.randomInt(10 ** 5, 10 ** 6 - 1)``).

- ``--authelia``: a git snapshot of authelia/authelia (Apache-2.0). The notification templates
  of ``internal/templates/embed/notification/`` (one-time code for session elevation, event
  notices) are filled with the values the handlers pass; the text part and the HTML
  alternative as the SMTP notifier sends them, subject ``[Authelia] {title}`` (the default
  ``notifier.smtp.subject``). The one-time code is eight characters of
  ``CharSetUnambiguousUpper`` (``identity_validation`` default).

- ``--nhost``: a git snapshot of nhost/hasura-auth (MIT). ``email-templates/<lang>/<name>/``
  ``body.html`` and ``subject.txt`` (sign-in OTP, e-mail verification, password reset; every
  language the repository ships) are filled as ``go/notifications/templates.go`` does
  (fasttemplate ``${...}``, no escaping) and sent HTML-only with the ``X-Ticket``,
  ``X-Redirect-To``, ``X-Email-Template`` and ``X-Link`` headers of ``go/notifications/email.go``.
  The OTP is ``fmt.Sprintf("%06d", n)``; link tickets are ``<type>:<uuid>``.

- ``--pocketid``: a git snapshot of pocket-id/pocket-id (BSD-2-Clause). The built templates
  ``backend/resources/email-templates/<name>_{text,html}.tmpl`` (login code, new-device alert,
  e-mail verification) are executed as ``backend/internal/email/module.go`` does (template
  ``root`` with ``AppName``, ``LogoURL``, ``Data``), text plus HTML alternative, subjects from
  ``templates.go``. The login code is six characters of ``GenerateRandomUnambiguousString``
  (a TTL of 15 minutes or less gives the short code).

- ``--casdoor``: a git snapshot of casdoor/casdoor (Apache-2.0). The default HTML content and
  title an e-mail provider gets (``getDefaultHtmlEmailContent`` in ``web/src/Setting.js``,
  ``"Casdoor Verification Code"`` in ``ProviderEditPage.js``) are filled as
  ``object/verification.go`` ``SendVerificationCodeToEmail`` does, for a sign-up code (the
  ``<reset-link>`` block removed) and a forgotten-password code (the block kept with the
  ``/forget/<app>?code=..&dest=..&username=..`` link); sent HTML-only by the SMTP provider.

- ``--supertokens``: a git snapshot of supertokens/supertokens-node (Apache-2.0). The HTML
  template literals of the SMTP delivery services (passwordless OTP, OTP plus magic link,
  e-mail verification, password reset) are filled with the values the recipes pass and sent
  HTML-only with their subjects; the OTP is six digits, the lifetime the default 15 minutes.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import random
import re
import subprocess
import tarfile
import tempfile
import urllib.parse
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from html.parser import HTMLParser
from pathlib import Path

import jinja2

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 19, 8, 41, 7, tzinfo=UTC)
RNG = random.Random("r4-saas")

POCKETBASE_COMMIT = "5d217ddb50cb144d80a5d0b0bdf11b52b2c3e457"
SIMPLELOGIN_COMMIT = "dbc45fcce4e8e6b4fa615cc729ca95a67bf75266"
AUTHELIA_COMMIT = "23572030b4048922a377ca40d59e804e0ed25fd7"
NHOST_COMMIT = "838f397d0cf53d41fdc474486fdcc554b05ec5b3"
NHOST_LANGS = ("bg", "cs", "en", "es", "fr")
POCKETID_COMMIT = "d258d952b1573300860aff369e300a76f6fb5f09"
CASDOOR_COMMIT = "e6b2338f8955455254ec2f48ef0a0390cbef9ec5"
SUPERTOKENS_COMMIT = "2a4f89ace6fe089f3b5648684520ac609169c563"


def digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def token(n: int) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(RNG.choice(alphabet) for _ in range(n))


def message(*, sender: str, subject: str, text: str | None, html_part: str | None,
            headers: dict[str, str] | None = None) -> bytes:  # fmt: skip
    msg = EmailMessage()
    for key, val in (headers or {}).items():
        msg[key] = val
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    if text is not None:
        msg.set_content(text, subtype="plain", charset="utf-8")
        if html_part is not None:
            msg.add_alternative(html_part, subtype="html", charset="utf-8")
    elif html_part is not None:
        msg.set_content(html_part, subtype="html", charset="utf-8")
    if msg.is_multipart():
        msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


# ---------------------------------------------------------------------------------------
# PocketBase

_SKIP = {"style", "script", "iframe", "applet", "object", "svg", "img",
         "button", "form", "textarea", "input", "select", "option", "template"}  # fmt: skip
_INLINE = {"a", "span", "small", "strike", "strong", "sub", "sup", "em", "b", "u", "i"}
_VOID = {"meta", "br", "hr", "img", "input", "link", "area", "base", "col", "source", "wbr"}


class _Node:
    def __init__(self, tag: str | None, attrs=(), data: str = "") -> None:
        self.tag, self.attrs, self.data, self.children = tag, list(attrs), data, []


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = _Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(_Node(tag, attrs))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        self.stack[-1].children.append(_Node(None, data=data))


def pb_html2text(document: str) -> str:
    """Port of PocketBase's tools/mailer/html2text.go (its rules, Python's parser)."""
    tree = _Tree()
    tree.feed(document)
    tree.close()
    out: list[str] = []
    state = {"nl": False}

    def walk(n: _Node, buf: list[str]) -> None:
        is_link = n.tag == "a"
        if is_link:
            buf = []
        if n.tag is None:
            txt = re.sub(r"\s+", " ", n.data)
            if not state["nl"]:
                txt = txt.lstrip(" ")
            if txt:
                buf.append(txt)
                state["nl"] = True
        elif n.tag != "#root":
            if n.tag == "br" or (state["nl"] and n.tag not in _INLINE):
                buf.append("\r\n")
                state["nl"] = False
            if n.tag == "li":
                buf.append("- ")
        for c in n.children:
            if c.tag is None or c.tag not in _SKIP:
                walk(c, buf)
        if is_link:
            label = "".join(buf).strip() or "LINK"
            out.append(f"[{label}]")
            href = dict(n.attrs).get("href")
            if href:
                out.append(f"({href})")

    walk(tree.root, out)
    return "".join(out).strip()


def pocketbase(repo: Path) -> list[dict]:
    src = show(repo, POCKETBASE_COMMIT, "core/collection_model_auth_templates.go")
    layout = show(repo, POCKETBASE_COMMIT, "mails/templates/layout.go")
    layout = re.search(r"const Layout = `(.*?)`", layout, re.S).group(1)

    def template(var: str) -> tuple[str, str]:
        block = re.search(r"var " + var + r" = EmailTemplate\{(.*?)\n\}", src, re.S).group(1)
        consts = {"EmailPlaceholderAppName": "{APP_NAME}", "EmailPlaceholderAppURL": "{APP_URL}",
                  "EmailPlaceholderToken": "{TOKEN}", "EmailPlaceholderOTP": "{OTP}",
                  "EmailPlaceholderAlertInfo": "{ALERT_INFO}"}  # fmt: skip

        def go_concat(expr: str) -> str:
            parts = re.findall(r'`[^`]*`|"[^"]*"|\w+', expr)
            return "".join(p[1:-1] if p[0] in '`"' else consts[p] for p in parts)

        subject = re.search(r"Subject:\s*(.*?),\n\tBody:", block, re.S).group(1)
        body = re.search(r"Body:\s*(.*),\s*$", block, re.S).group(1)
        return go_concat(subject), go_concat(body)

    app, url = "Lumen Notes", "https://notes.lumen.example"
    items = []
    specs = [
        ("otp", "defaultOTPTemplate", "saas-otp", True),
        ("auth-alert", "defaultAuthAlertTemplate", "notice", False),
        ("verification", "defaultVerificationTemplate", "notice", False),
        ("reset-password", "defaultResetPasswordTemplate", "notice", False),
        ("confirm-email-change", "defaultConfirmEmailChangeTemplate", "notice", False),
    ]
    for name, var, kind, has_code in specs:
        subject, body = template(var)
        code = digits(8) if has_code else None
        jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + token(96) + "." + token(43)
        info = html.escape("2026-11-19 08:40:51.204Z - 203.0.113.47 Mozilla/5.0 (X11; Linux "
                           "x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")  # fmt: skip
        fill = {"{APP_NAME}": app, "{APP_URL}": url, "{TOKEN}": jwt, "{OTP}": code or "",
                "{ALERT_INFO}": info}  # fmt: skip
        for k, v in fill.items():
            subject, body = subject.replace(k, v), body.replace(k, v)
        page = layout.replace('{{template "content" .}}', body)
        raw = message(sender=f"{app} <support@notes.lumen.example>", subject=subject,
                      text=pb_html2text(page), html_part=page)  # fmt: skip
        items.append(item("pocketbase", name, "en", kind, code, "pocketbase/pocketbase",
                          "core/collection_model_auth_templates.go; mails/templates/layout.go; "
                          "mails/record.go; tools/mailer/html2text.go",
                          POCKETBASE_COMMIT, "MIT",
                          f"{var} filled as mails/record.go does, wrapped in Layout; text/plain "
                          "from a Python port of html2text.go", raw,
                          None if has_code else "link or alert only, no code to type"))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# SimpleLogin


def simplelogin(repo: Path) -> list[dict]:
    tar = subprocess.run(
        ["git", "--git-dir", str(repo), "archive", SIMPLELOGIN_COMMIT, "templates/emails"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
            tf.extractall(tmp, filter="data")
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(tmp, "templates/emails")))
        base = {"MAX_NB_EMAIL_FREE_PLAN": 5, "URL": "https://app.simplelogin.io",
                "LANDING_PAGE_URL": "https://simplelogin.io", "YEAR": 2026,
                "SERVICE_PROVIDER": "SimpleLogin", "user": {"name": "Noor", "email":
                "noor.tester@example.com"}}  # fmt: skip

        def render(name: str, **kw) -> str:
            return env.get_template(name).render(**kw)

        link_code = token(30)
        specs = [
            ("code-activation", "Just one more step to join SimpleLogin",
             "transactional/code-activation.txt.jinja2", "transactional/code-activation.html",
             {"code": digits(6)}, "saas-otp", "app/api/views/auth.py"),
            ("invalid-totp-login", "Unsuccessful attempt to login to your SimpleLogin account",
             "transactional/invalid-totp-login.txt", "transactional/invalid-totp-login.html",
             {"type": "TOTP"}, "notice", "app/email_utils.py"),
            ("reset-password", "Reset your password on SimpleLogin",
             "transactional/reset-password.txt", "transactional/reset-password.html",
             {"reset_password_link": "https://app.simplelogin.io/auth/reset_password?code="
              + link_code}, "notice", "app/email_utils.py"),
            ("change-email", "Confirm email update on SimpleLogin",
             "transactional/change-email.txt", "transactional/change-email.html",
             {"link": "https://app.simplelogin.io/auth/change_email?code=" + token(30),
              "new_email": "noor.new@example.com", "current_email": "noor.tester@example.com"},
             "notice", "app/email_utils.py"),
            ("activation", "Just one more step to join SimpleLogin",
             "transactional/activation.txt", "transactional/activation.html",
             {"activation_link": "https://app.simplelogin.io/auth/activate?code=" + token(30),
              "email": "noor.tester@example.com"}, "notice", "app/email_utils.py"),
        ]  # fmt: skip
        for name, subject, txt, htm, kw, kind, caller in specs:
            code = kw.get("code")
            kw = {**base, **kw}
            raw = message(sender='"SimpleLogin" <noreply@simplelogin.io>', subject=subject,
                          text=render(txt, **kw), html_part=render(htm, **kw))  # fmt: skip
            items.append(
                item(
                    "simplelogin",
                    name,
                    "en",
                    kind,
                    code,
                    "simple-login/app",
                    f"templates/emails/{txt}; templates/emails/{htm}; {caller}",
                    SIMPLELOGIN_COMMIT,
                    "AGPL-3.0",
                    "Jinja2 templates rendered with email_utils.render's globals; "
                    "text and HTML alternative as send_email attaches them",
                    raw,
                    None if code else "link or notice only, no code to type",
                )
            )
    return items


# ---------------------------------------------------------------------------------------
# Infisical (read with read_file; the handlebars templates are held inline)

INFISICAL = {
    # backend/src/services/smtp/templates/emailMfa.handlebars @ 2e23cca87f51784d90443b57d59fdbc16437d3f2
    "emailMfa": ("2e23cca87f51784d90443b57d59fdbc16437d3f2", """<!DOCTYPE html>
<html>

<head>
    <meta charset="utf-8">
    <meta http-equiv="x-ua-compatible" content="ie=edge">
    <title>MFA Code</title>
</head>

<body>
    <h2>Infisical</h2>
    <h2>Sign in attempt requires further verification</h2>
    <p>Your MFA code is below — enter it where you started signing in to Infisical.</p>
    <h2>{{code}}</h2>
    <p>The MFA code will be valid for 2 minutes.</p>
    <p>Not you? Contact Infisical or your administrator immediately.</p>
</body>

</html>"""),
    # backend/src/services/smtp/templates/signupEmailVerification.handlebars @ 434afd4666766ddb30c247dd1c4dc35b10e2da70
    "signupEmailVerification": ("434afd4666766ddb30c247dd1c4dc35b10e2da70", """<html>

  <head>
    <meta charset="utf-8" />
    <meta http-equiv="x-ua-compatible" content="ie=edge" />
    <title>Code</title>
  </head>

  <body>
    <h2>Confirm your email address</h2>
    <p>Your confirmation code is below — enter it in the browser window where you've started signing up for Infisical.</p>
    <h1>{{code}}</h1>
    <p>Questions about setting up Infisical?
      {{#if isCloud}}Email us at support@infisical.com{{else}}Contact your administrator{{/if}}.</p>

    {{emailFooter}}
  </body>

</html>"""),
    # backend/src/services/smtp/templates/newDevice.handlebars @ 434afd4666766ddb30c247dd1c4dc35b10e2da70
    "newDevice": ("434afd4666766ddb30c247dd1c4dc35b10e2da70", """<html>

  <head>
    <meta charset="utf-8" />
    <meta http-equiv="x-ua-compatible" content="ie=edge" />
    <title>Successful login for {{email}} from new device</title>
  </head>

  <body>
    <h2>Infisical</h2>
    <p>We're verifying a recent login for {{email}}:</p>
    <p><strong>Timestamp</strong>: {{timestamp}}</p>
    <p><strong>IP address</strong>: {{ip}}</p>
    <p><strong>User agent</strong>: {{userAgent}}</p>
    <p>If you believe that this login is suspicious, please contact
      {{#if isCloud}}Infisical{{else}}your administrator{{/if}}
      or reset your password immediately.</p>

    {{emailFooter}}
  </body>

</html>"""),
    # backend/src/services/smtp/templates/unlockAccount.handlebars @ 41d72d5dc6936962b7575f251f49575cd12406a0
    "unlockAccount": ("41d72d5dc6936962b7575f251f49575cd12406a0", """<html>

  <head>
    <meta charset="utf-8" />
    <meta http-equiv="x-ua-compatible" content="ie=edge" />
    <title>Your Infisical account has been locked</title>
  </head>

  <body>
    <h2>Unlock your Infisical account</h2>
    <p>Your account has been temporarily locked due to multiple failed login attempts. </h2>
    <a href="{{callback_url}}?token={{token}}">Unlock your account now</a>
    <p>If these attempts were not made by you, reset your password immediately.</p>
  </body>

</html>"""),
}  # fmt: skip


def _handlebars(template: str, data: dict) -> str:
    """Fill the few handlebars constructs these templates use: {{#if x}}a{{else}}b{{/if}},
    {{emailFooter}} (the SafeString helper of smtp-service.ts) and escaped {{name}}."""
    template = re.sub(r"\{\{#if (\w+)\}\}(.*?)\{\{else\}\}(.*?)\{\{/if\}\}",
                      lambda m: m.group(2) if data.get(m.group(1)) else m.group(3), template,
                      flags=re.S)  # fmt: skip
    footer = (f'<p style="font-size: 12px;">Email sent via Infisical at '
              f'<a href="{data["SITE_URL"]}">{data["SITE_URL"]}</a></p>')  # fmt: skip
    template = template.replace("{{emailFooter}}", footer)
    # handlebars escapes & < > " ' ` =
    esc = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;",
           "`": "&#x60;", "=": "&#x3D;"}  # fmt: skip
    return re.sub(
        r"\{\{(\w+)\}\}", lambda m: "".join(esc.get(c, c) for c in str(data[m.group(1)])), template
    )


def infisical() -> list[dict]:
    site = "https://vault.lumen.example"
    base = {"isCloud": False, "SITE_URL": site, "siteUrl": site}
    specs = [
        ("email-mfa", "emailMfa", "Infisical MFA code", {"code": str(RNG.randint(10**5, 10**6 - 2))},
         "saas-otp", "backend/src/services/auth/auth-login-service.ts (sendUserMfaCode)"),
        ("signup-verification", "signupEmailVerification", "Infisical confirmation code",
         {"code": str(RNG.randint(10**5, 10**6 - 2))}, "saas-otp",
         "backend/src/services/auth/auth-signup-service.ts"),
        ("new-device", "newDevice", "Successful login from new device",
         {"email": "noor.tester@example.com",
          "timestamp": "Thu Nov 19 2026 08:40:51 GMT+0000 (Coordinated Universal Time)",
          "ip": "198.51.100.23", "userAgent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) "
          "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"},
         "notice", "backend/src/services/auth/auth-login-service.ts"),
        ("unlock-account", "unlockAccount", "Unlock your Infisical account",
         {"token": "".join(RNG.choice("0123456789abcdef") for _ in range(32)),
          "callback_url": f"{site}/api/v1/user/6f1c2a9e-41b7-4d0a-9a8e-2c5b7d3e9f10/unlock"},
         "notice", "backend/src/services/auth/auth-login-service.ts"),
    ]  # fmt: skip
    items = []
    for name, tpl, subject, data, kind, caller in specs:
        commit, template = INFISICAL[tpl]
        page = _handlebars(template, {**base, **data})
        raw = message(sender="Infisical <noreply@vault.lumen.example>", subject=subject,
                      text=None, html_part=page)  # fmt: skip
        code = data.get("code")
        items.append(
            item(
                "infisical",
                name,
                "en",
                kind,
                code,
                "Infisical/infisical",
                f"backend/src/services/smtp/templates/{tpl}.handlebars; {caller}",
                commit,
                "MIT",
                "handlebars template (read with read_file, held inline) filled as "
                "smtp-service.ts does (isCloud false, emailFooter helper); HTML only, "
                "as nodemailer sends it; subject from the caller",
                raw,
                None if code else "alert or unlock link only, no code to type",
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# Authelia


def _authelia_fill(template: str, data: dict, *, escape: bool) -> str:
    """Execute the few Go template actions Authelia's notification templates use."""

    def value(v: object) -> str:
        return html.escape(str(v), quote=True).replace("&#x27;", "&#39;") if escape else str(v)

    template = re.sub(r"\s*\{\{- \$keys := sortAlpha \(keys \.Details\) \}\}", "", template)

    def loop(m: re.Match[str]) -> str:
        body = m.group(1)
        return "".join(
            body.replace("{{ $key }}", value(k)).replace(
                "{{ index $.Details $key }}", value(data["Details"][k]))
            for k in sorted(data["Details"])
        )  # fmt: skip

    template = re.sub(r"\s*\{\{- range \$key := \$keys \}\}(.*?)\{\{ end \}\}", loop,
                      template, flags=re.S)  # fmt: skip
    return re.sub(r"\{\{ \.(\w+) \}\}", lambda m: value(data[m.group(1)]), template)


def authelia(repo: Path) -> list[dict]:
    base = "internal/templates/embed/notification/"
    name_ip = {"DisplayName": "Noor Tester", "RemoteIP": "192.0.2.114"}
    otc = "".join(RNG.choice("ABCDEFGHJKLMNPQRTUVWYXZ2346789") for _ in range(8))
    revoke = ("https://auth.lumen.example/revoke/one-time-code?id="
              + token(22).replace("+", "-"))  # fmt: skip
    specs = [
        ("identity-verification-otc", "IdentityVerificationOTC", "Confirm your identity",
         {**name_ip, "Title": "Confirm your identity", "RevocationLinkURL": revoke,
          "RevocationLinkText": "Revoke", "Domain": "lumen.example", "OneTimeCode": otc},
         "saas-otp", otc, "internal/handlers/handler_session_elevation.go"),
        ("event-password-change", "Event", "Password changed successfully",
         {**name_ip, "Title": "Password changed successfully",
          "Details": {"Action": "Password Change"}, "BodyPrefix": "your",
          "BodyEvent": "Password Change", "BodySuffix": "was successful."},
         "notice", None, "internal/handlers/handler_change_password.go"),
        ("event-2fa-added", "Event", "Second Factor Method Added",
         {**name_ip, "Title": "Second Factor Method Added",
          "Details": {"Action": "Second Factor Method Added", "Category": "One-Time Password"},
          "BodyPrefix": "a", "BodyEvent": "Second Factor Method",
          "BodySuffix": "was added to your account."},
         "notice", None, "internal/handlers/handler_register_totp.go; internal/handlers/util.go"),
    ]  # fmt: skip
    items = []
    for name, tpl, title, data, kind, code, caller in specs:
        text = _authelia_fill(show(repo, AUTHELIA_COMMIT, base + tpl + ".txt"), data, escape=False)
        page = _authelia_fill(show(repo, AUTHELIA_COMMIT, base + tpl + ".html"), data, escape=True)
        assert "{{" not in text + page, name
        raw = message(sender="Authelia <authelia@lumen.example>", subject=f"[Authelia] {title}",
                      text=text, html_part=page)  # fmt: skip
        items.append(item("authelia", name, "en", kind, code, "authelia/authelia",
                          f"{base}{tpl}.txt; {base}{tpl}.html; {caller}", AUTHELIA_COMMIT,
                          "Apache-2.0",
                          "Go text/html templates filled as the SMTP notifier does (text plus "
                          "HTML alternative, subject '[Authelia] {title}' by default)", raw,
                          "eight characters from CharSetUnambiguousUpper" if code else
                          "event notice, no code to type"))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Nhost hasura-auth


def nhost(repo: Path) -> list[dict]:
    server, client = "https://auth.lumen.example/v1", "https://app.lumen.example"
    redirect = client + "/welcome"
    items = []
    for lang in NHOST_LANGS:
        for name, link_type, ticket_type, kind in (
            ("signin-otp", None, None, "saas-otp"),
            ("email-verify", "emailVerify", "verifyEmail", "notice"),
            ("password-reset", "passwordReset", "passwordReset", "notice"),
        ):  # fmt: skip
            if link_type is None:
                ticket = f"{RNG.randrange(1000000):06d}"  # fmt.Sprintf("%06d", n)
                link = ""
            else:
                ticket = f"{ticket_type}:{_uuid4()}"
                link = f"{server}/verify?" + urllib.parse.urlencode(
                    sorted({"type": link_type, "ticket": ticket, "redirectTo": redirect}.items())
                )
            data = {"link": link, "displayName": "Noor Tester", "email": "noor.tester@example.com",
                    "newEmail": "", "ticket": ticket, "redirectTo": redirect, "locale": lang,
                    "serverUrl": server, "clientUrl": client}  # fmt: skip

            def fill(t: str, data: dict = data) -> str:
                return re.sub(r"\$\{(\w+)\}", lambda m: str(data.get(m.group(1), "")), t)

            body = fill(show(repo, NHOST_COMMIT, f"email-templates/{lang}/{name}/body.html"))
            subject = fill(show(repo, NHOST_COMMIT, f"email-templates/{lang}/{name}/subject.txt"))
            headers = {"X-Ticket": ticket, "X-Redirect-To": redirect, "X-Email-Template": name,
                       "X-Link": link}  # fmt: skip
            raw = message(sender="Lumen <no-reply@lumen.example>", subject=subject.strip(),
                          text=None, html_part=body, headers=headers)  # fmt: skip
            code = ticket if link_type is None else None
            items.append(
                item(
                    "nhost",
                    name,
                    lang,
                    kind,
                    code,
                    "nhost/hasura-auth",
                    f"email-templates/{lang}/{name}/body.html; "
                    f"email-templates/{lang}/{name}/subject.txt; "
                    "go/notifications/email.go; go/controller/workflows.go",
                    NHOST_COMMIT,
                    "MIT",
                    "fasttemplate ${...} placeholders filled as Templates.Render does; "
                    "HTML only with the X-Ticket/X-Redirect-To/X-Email-Template/X-Link "
                    "headers Email.SendEmail adds",
                    raw,
                    "six-digit OTP (also in the X-Ticket header)"
                    if code
                    else "verification/reset link only; the ticket is a link token",
                )
            )
    return items


def _uuid4() -> str:
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


# ---------------------------------------------------------------------------------------
# Pocket ID


def _pocketid_fill(template: str, data: dict, *, escape: bool) -> str:
    """Execute the Go template actions of Pocket ID's e-mail templates for these values."""

    def value(v: object) -> str:
        return html.escape(str(v), quote=True).replace("&#x27;", "&#39;") if escape else str(v)

    template = template.replace('{{define "root"}}', "", 1)
    assert template.endswith("{{end}}"), template[-20:]
    template = template[: -len("{{end}}")]
    # {{if and .Data.City .Data.Country}}A{{else if .Data.Country}}B{{else}}C{{end}}
    template = re.sub(
        r"\{\{if and \.Data\.City \.Data\.Country\}\}(.*?)\{\{else if \.Data\.Country\}\}"
        r"(.*?)\{\{else\}\}(.*?)\{\{end\}\}",
        lambda m: m.group(1) if data.get("City") and data.get("Country") else
        (m.group(2) if data.get("Country") else m.group(3)), template, flags=re.S)  # fmt: skip
    template = re.sub(r'\{\{\.Data\.DateTime\.Format "[^"]*"\}\}',
                      lambda m: value(data["DateTimeFormatted"]), template)  # fmt: skip
    out = re.sub(r"\{\{\.(?:Data\.)?(\w+)\}\}", lambda m: value(data[m.group(1)]), template)
    assert "{{" not in out
    return out


def pocketid(repo: Path) -> list[dict]:
    app_url = "https://id.lumen.example"
    base = {"AppName": "Pocket ID", "LogoURL": app_url + "/api/application-images/email"}
    unambiguous = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ0123456789"
    code = "".join(RNG.choice(unambiguous) for _ in range(6))
    specs = [
        ("one-time-access", "Login Code", "saas-otp", code,
         {"Code": code, "LoginLink": app_url + "/lc", "LoginLinkWithCode": f"{app_url}/lc/{code}",
          "ExpirationString": "15 minutes"}, "backend/internal/onetimeaccess/service.go"),
        ("login-with-new-device", "New device login with Pocket ID", "notice", None,
         {"IPAddress": "203.0.113.88", "Country": "Netherlands", "City": "Utrecht",
          "Device": "Firefox on Linux", "DateTimeFormatted": "November 19, 2026 at 8:37 AM UTC"},
         "backend/internal/email/templates.go"),
        ("email-verification", "Verify your Pocket ID email address", "notice", None,
         {"UserFullName": "Noor Tester",
          "VerificationLink": f"{app_url}/verify-email?token={token(32)}"},
         "backend/internal/emailverification/service.go"),
    ]  # fmt: skip
    items = []
    tdir = "backend/resources/email-templates/"
    for name, subject, kind, code_, data, caller in specs:
        data = {**base, **data}
        text = _pocketid_fill(show(repo, POCKETID_COMMIT, f"{tdir}{name}_text.tmpl"), data,
                              escape=False)  # fmt: skip
        page = _pocketid_fill(show(repo, POCKETID_COMMIT, f"{tdir}{name}_html.tmpl"), data,
                              escape=True)  # fmt: skip
        raw = message(sender="Pocket ID <noreply@id.lumen.example>", subject=subject, text=text,
                      html_part=page)  # fmt: skip
        items.append(item("pocketid", name, "en", kind, code_, "pocket-id/pocket-id",
                          f"{tdir}{name}_text.tmpl; {tdir}{name}_html.tmpl; "
                          f"backend/internal/email/module.go; {caller}", POCKETID_COMMIT,
                          "BSD-2-Clause",
                          "Go text/html templates (template 'root') filled as email.send does "
                          "(AppName, LogoURL, Data); text plus HTML alternative, subject from "
                          "templates.go", raw,
                          "six characters of GenerateRandomUnambiguousString (15-minute TTL); "
                          "the sign-in link also carries it" if code_ else
                          "alert or verification link only, no code to type"))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Casdoor


def casdoor(repo: Path) -> list[dict]:
    setting = show(repo, CASDOOR_COMMIT, "web/src/Setting.js")
    content = re.search(r"export function getDefaultHtmlEmailContent\(\) \{\n  return `(.*?)`;",
                        setting, re.S).group(1)  # fmt: skip
    static = re.search(r'export let StaticBaseUrl = "([^"]+)"',
                       show(repo, CASDOOR_COMMIT, "web/src/Conf.js")).group(1)  # fmt: skip
    content = content.replace("${StaticBaseUrl}", static)
    items = []
    for name, method in (("signup-code", "signup"), ("forget-code", "forget")):
        code = "".join(RNG.choice("0123456789") for _ in range(6))  # getRandomCode(6)
        body = content.replace("%s", code, 1)
        if method == "forget":
            query = urllib.parse.urlencode(
                sorted(
                    {"code": code, "username": "noor", "dest": "n*********r@e*****e.com"}.items()
                )
            )
            link = "https://door.lumen.example/forget/app-lumen?" + query
            body = body.replace("%link", link).replace("<reset-link>", "").replace(
                "</reset-link>", "")  # fmt: skip
        else:
            body = re.sub(r"(?s)<reset-link>(.*?)</reset-link>", "", body)
        body = body.replace("%{user.friendlyName}", "Noor Tester", 1)
        raw = message(sender="Lumen Organization <noreply@door.lumen.example>",
                      subject="Casdoor Verification Code", text=None, html_part=body)  # fmt: skip
        items.append(
            item(
                "casdoor",
                name,
                "en",
                "saas-otp",
                code,
                "casdoor/casdoor",
                "web/src/Setting.js (getDefaultHtmlEmailContent); web/src/Conf.js; "
                "web/src/ProviderEditPage.js; object/verification.go; object/email.go",
                CASDOOR_COMMIT,
                "Apache-2.0",
                "the default e-mail provider content and title filled as "
                "SendVerificationCodeToEmail does (method " + method + "); HTML only, "
                "as the SMTP provider sends it",
                raw,
                "six digits (getRandomCode(6)); the reset link also carries it"
                if method == "forget"
                else "six digits (getRandomCode(6))",
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# SuperTokens (supertokens-node SMTP service)


def _js_template(source: str, function: str, values: dict[str, str]) -> str:
    """The template literal a TypeScript function returns, with its ${name} filled."""
    start = source.index(f"function {function}(")
    body = source[source.index("return `", start) + len("return `") :]
    body = body[: body.index("`;")]
    return re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], body)


def supertokens(repo: Path) -> list[dict]:
    base = "lib/ts/recipe/"
    pless = show(repo, SUPERTOKENS_COMMIT,
                 base + "passwordless/emaildelivery/services/smtp/passwordlessLogin.ts")  # fmt: skip
    verify = show(repo, SUPERTOKENS_COMMIT,
                  base + "emailverification/emaildelivery/services/smtp/emailVerify.ts")  # fmt: skip
    reset = show(repo, SUPERTOKENS_COMMIT,
                 base + "emailpassword/emaildelivery/services/smtp/passwordReset.ts")  # fmt: skip
    site = "https://notes.lumen.example"
    common = {"appName": "Lumen Notes", "email": "noor.tester@example.com",
              "codeLifetime": "15 minutes"}  # humaniseMilliseconds(900000)  # fmt: skip
    otp1 = "".join(RNG.choice("0123456789") for _ in range(6))
    otp2 = "".join(RNG.choice("0123456789") for _ in range(6))
    magic = f"{site}/auth/verify?preAuthSessionId={token(43)}&tenantId=public#{token(43)}"
    specs = [
        ("passwordless-otp", "Login to your account", otp1,
         _js_template(pless, "getPasswordlessLoginOTPBody", {**common, "userInputCode": otp1}),
         "passwordless/emaildelivery/services/smtp/passwordlessLogin.ts",
         "six-digit user input code (flowType USER_INPUT_CODE)"),
        ("passwordless-otp-and-link", "Login to your account", otp2,
         _js_template(pless, "getPasswordlessLoginOTPAndURLLinkBody",
                      {**common, "userInputCode": otp2, "urlWithLinkCode": magic}),
         "passwordless/emaildelivery/services/smtp/passwordlessLogin.ts",
         "six-digit user input code next to a magic link (USER_INPUT_CODE_AND_MAGIC_LINK)"),
        ("email-verify", "Email verification instructions", None,
         _js_template(verify, "getEmailVerifyEmailHTML", {**common, "verificationLink":
                      f"{site}/auth/verify-email?token={token(128)}&tenantId=public"}),
         "emailverification/emaildelivery/services/smtp/emailVerify.ts",
         "verification link only, no code to type"),
        ("password-reset", "Password reset instructions", None,
         _js_template(reset, "getPasswordResetEmailHTML", {**common, "resetLink":
                      f"{site}/auth/reset-password?token={token(128)}&tenantId=public"}),
         "emailpassword/emaildelivery/services/smtp/passwordReset.ts",
         "reset link only, no code to type"),
    ]  # fmt: skip
    items = []
    for name, subject, code, body, path, note in specs:
        assert "${" not in body
        raw = message(sender="Lumen Notes <no-reply@notes.lumen.example>", subject=subject,
                      text=None, html_part=body)  # fmt: skip
        items.append(item("supertokens", name, "en", "saas-otp" if code else "notice", code,
                          "supertokens/supertokens-node", base + path, SUPERTOKENS_COMMIT,
                          "Apache-2.0",
                          "the HTML template literal of the SMTP delivery service filled with "
                          "appName, email, codeLifetime (15 minutes, the default 900000 ms "
                          "humanised) and code/link; sent HTML-only (isHtml) with its subject",
                          raw, note))  # fmt: skip
    return items


def item(source, template, lang, kind, code, repo, path, commit, licence, rendered, raw,
         note=None) -> dict:  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    target = HERE / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw)
    out = {"id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
           "kind": kind, "code": code, "repository": repo, "path": path, "commit": commit,
           "licence": licence, "rendered": rendered, "file": rel,
           "sha256": hashlib.sha256(raw).hexdigest()}  # fmt: skip
    if note:
        out["note"] = note
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pocketbase", type=Path, required=True)
    ap.add_argument("--simplelogin", type=Path, required=True)
    ap.add_argument("--authelia", type=Path, required=True)
    ap.add_argument("--nhost", type=Path, required=True)
    ap.add_argument("--pocketid", type=Path, required=True)
    ap.add_argument("--casdoor", type=Path, required=True)
    ap.add_argument("--supertokens", type=Path, required=True)
    args = ap.parse_args()
    items = pocketbase(args.pocketbase) + simplelogin(args.simplelogin) + infisical()
    items += authelia(args.authelia) + nhost(args.nhost) + pocketid(args.pocketid)
    items += casdoor(args.casdoor) + supertokens(args.supertokens)
    out = HERE / "round4" / "saas.json"
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "items")


if __name__ == "__main__":
    main()
