"""Round eleven (``auth``): one-time codes and notices that identity providers, MFA servers and
auth starter kits mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r11_auth.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
mesutpiskin+keycloak-2fa-email-authenticator, multiOTP+multiotp, sebadob+rauthy,
stack-auth+stack-auth, lldap+lldap. Every file is read at the commit named below.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Keycloak 2FA e-mail authenticator (mesutpiskin/keycloak-2fa-email-authenticator,
  Apache-2.0), a Keycloak extension (not Keycloak itself): ``KeycloakEmailSender`` calls
  ``EmailTemplateProvider.send("emailCodeSubject", [realm name], "code-email.ftl", data)``;
  the FreeMarker templates ``templates/{html,text}/code-email.ftl`` print
  ``msg("emailCodeBody", code, ttl)`` with the strings of ``messages/messages_<lang>.properties``
  (read as Java properties: ``\\\\n`` stays a visible backslash-n, as those catalogues
  ship it; ``\\n`` is a newline), MessageFormat filling ``{0}`` and ``{1}``. Code:
  ``SecretGenerator.randomString(6, DIGITS)``, TTL 300 (the defaults). Keycloak sends text and
  HTML parts. Eleven languages, all positives.
- multiOTP (multiOTP/multiotp, LGPL-3.0): ``GenerateEmailToken`` in ``multiotp.class.php``
  mails subject ``"OTP: $nice_token"`` and content ``subject."<br />\\n({MultiotpDateTime
  format=Y-m-d H:i:s})"``, which ``SendEmail`` turns into plain text with ``html2text``
  (``contrib/MultiotpTools.php``: ``<br />`` becomes a line break) and sends with PHP
  ``mail()`` (text only). ``ConvertToNiceToken`` splits tokens of 7-8 digits in two halves with
  a dash and tokens of 9+ digits as 3-3-rest; the default is six digits (``email_digits``),
  the others are the admin's setting. Positives.
- Rauthy (sebadob/rauthy, Apache-2.0): the Askama templates ``templates/email/base.html`` and
  ``login_location.{html,txt}`` rendered with Jinja2 (Askama's ``!x.is_empty()`` tests
  rewritten as Jinja truth tests; HTML autoescaped as Askama does for ``.html``), the strings
  of ``src/data/src/email/i18n/login_location.rs`` and the subject of
  ``src/data/src/email/login_location.rs`` (``"{sub_prefix} - {subject}"``, prefix
  ``Rauthy IAM`` by default). ``theme_vars`` (the CSS variables of the stored theme) left
  empty. Multipart text+HTML as ``mailer.rs`` sends. Negatives (new-location sign-in alert).
- Stack Auth (stack-auth/stack-auth, MIT for ``packages/stack-shared``): the default
  react-email templates of ``packages/stack-shared/src/helpers/emails.ts`` (``Magic Link/OTP``,
  ``Email Verification``, ``Password Reset``, ``Team Invitation``, ``Payment Receipt``,
  ``Payment Failed``) inside the ``Default Light`` theme, filled BY HAND: the JSX is written
  out as the HTML react-email produces (Tailwind classes inlined as style attributes,
  approximately), the text part as react-email's ``plainText`` render would give it. OTP:
  ``codeObj.code.slice(0, 6).toUpperCase()`` (six base-32 characters). English only.
- LLDAP (lldap/lldap, GPL-3.0): ``send_password_reset_email`` in ``server/src/mail.rs``, a
  text-only mail with the reset link (token: 100 alphanumeric characters). Negative.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jinja2
from collect import HERE, message

OUT = HERE / "round11" / "auth.json"
SENT = datetime(2026, 12, 2, 8, 17, 33, tzinfo=UTC)
RNG = random.Random("r11-auth")


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8", errors="replace")  # fmt: skip


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


# ---------------------------------------------------------------------------------------
# Keycloak 2FA e-mail authenticator

KC_REPO = "mesutpiskin/keycloak-2fa-email-authenticator"
KC_COMMIT = "944d3574ee073fa0792fff222256a0fe6be16c73"
KC_RES = "src/main/resources/theme-resources"
KC_LANGS = ["en", "de", "fr", "es", "it", "da", "ru", "tr", "az", "ar", "zh_TW"]


def _properties(text: str) -> dict[str, str]:
    """Java ``Properties.load`` for the simple one-line entries these catalogues hold."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith(("#", "!")):
            continue
        key, _, value = line.partition("=")
        value = re.sub(
            r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), value
        )
        out[key.strip()] = value
    return out


def _msgformat(pattern: str, *args: str) -> str:
    pattern = pattern.replace("''", "\x00")
    for i, a in enumerate(args):
        pattern = pattern.replace("{%d}" % i, a)  # noqa: UP031
    return pattern.replace("\x00", "'")


def keycloak_2fa(repo: Path) -> list[dict[str, Any]]:
    items = []
    realm = "Northwind SSO"
    for lang in KC_LANGS:
        path = f"{KC_RES}/messages/messages_{lang}.properties"
        props = _properties(_show(repo, KC_COMMIT, path))
        code = _digits(6)
        body = _msgformat(props["emailCodeBody"], code, "300")
        subject = _msgformat(props["emailCodeSubject"], realm)
        html_part = f"<html>\n<body>\n{html.escape(body, quote=False)}\n</body>\n</html>\n"
        ident = f"kc2fa-email-code-{lang.lower().replace('_', '-')}"
        rel, sha = _write(ident, "kc2fa-email", message(
            sender="Northwind SSO <no-reply@sso.northwind.example>", subject=subject,
            text=body, html_part=html_part, sent=SENT))  # fmt: skip
        literal = "\\n" in body
        items.append(_item(
            id=ident, group="kc2fa-email-code", source="kc2fa-email", lang=lang.replace("_", "-"),
            kind="saas-otp", code=code, repository=KC_REPO,
            path=f"{KC_RES}/templates/html/code-email.ftl; {KC_RES}/templates/text/code-email.ftl; {path}",
            commit=KC_COMMIT, licence="Apache-2.0",
            rendered="msg('emailCodeBody', code, 300) from the properties catalogue in the html/text code-email.ftl; subject msg('emailCodeSubject', realm)",
            file=rel, sha256=sha,
            note=("catalogue writes \\\\n, so the mail shows a literal backslash-n after the code's full stop"
                  if literal else "code followed by a full stop"),
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# multiOTP

MOTP_REPO = "multiOTP/multiotp"
MOTP_COMMIT = "be1853bfe7eae142c46a7da8140d3ac6bf57b220"


def _nice_token(tok: str) -> str:
    n = len(tok)
    if n >= 9:
        return f"{tok[:3]}-{tok[3:6]}-{tok[6:]}"
    if n > 6:
        return f"{tok[: n // 2]}-{tok[n // 2 :]}"
    return tok


def _motp_html2text(content: str) -> str:
    """The steps of ``html2text`` in contrib/MultiotpTools.php that touch this content."""
    doc = content.replace("<br />", "*CRLF*")
    doc = re.sub(r"<[/!]*?[^<>]*?>", "", doc)
    doc = re.sub(r"([\r\n])[\s]+", " ", doc)
    doc = re.sub(r"[\r\n]", "", doc)
    doc = doc.replace("*CRLF*", "\r\n")
    doc = re.sub(r"[\r\n][ ]+", "\r\n", doc)
    doc = re.sub(r"[\r\n][\r\n]+", "\r\n\r\n", doc)
    return doc.strip()


def multiotp(repo: Path) -> list[dict[str, Any]]:
    _show(repo, MOTP_COMMIT, "multiotp.class.php")  # the version read
    items = []
    for digits, when in (
        (6, "2026-12-02 09:17:33"),
        (8, "2026-12-02 14:03:51"),
        (10, "2026-12-02 17:45:09"),
    ):
        tok = _digits(digits)
        nice = _nice_token(tok)
        subject = f"OTP: {nice}"
        content = subject + "<br />\n(" + when + ")"
        text = _motp_html2text(content)
        ident = f"multiotp-email-token-{digits}d"
        rel, sha = _write(ident, "multiotp", message(
            sender="multiOTP <multiotp@mfa.example>", subject=subject, text=text, html_part=None,
            sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="multiotp-email-token", source="multiotp", lang="en", kind="saas-otp",
            code=tok, repository=MOTP_REPO,
            path="multiotp.class.php (GenerateEmailToken, SendEmail, ConvertToNiceToken); contrib/MultiotpTools.php (html2text)",
            commit=MOTP_COMMIT, licence="LGPL-3.0",
            rendered=f"GenerateEmailToken with email_digits={digits}: subject and html2text body, text only as PHP mail() sends",
            file=rel, sha256=sha,
            note=None if nice == tok else f"shown as {nice}; the dashes only group for reading",
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Rauthy

RAUTHY_REPO = "sebadob/rauthy"
RAUTHY_COMMIT = "f6223305c1b2183bb8fa9e24e3ed44045a6c26a2"
RAUTHY_LANGS = {"en": "en", "de": "de", "fr": "fr", "nl": "nl", "zh_hans": "zh-Hans", "uk": "uk"}


def _rauthy_i18n(src: str, lang: str) -> dict[str, str]:
    m = re.search(r"fn build_%s\(\) -> Self \{\s*Self \{(.*?)\n\s*\}\s*\n\s*\}" % lang, src, re.S)  # noqa: UP031
    assert m, lang
    out = {}
    for k, v in re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', m.group(1), re.S):
        v = re.sub(r"\\\n\s*", "", v)  # Rust string continuation
        out[k] = v.replace('\\"', '"')
    return out


def rauthy(repo: Path) -> list[dict[str, Any]]:
    files = {p: _show(repo, RAUTHY_COMMIT, f"templates/email/{p}") for p in
             ("base.html", "login_location.html", "login_location.txt")}  # fmt: skip
    files = {k: re.sub(r"!(\w+)\.is_empty\(\)", r"\1", v) for k, v in files.items()}
    env_html = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=True)
    env_txt = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=False)
    i18n_src = _show(repo, RAUTHY_COMMIT, "src/data/src/email/i18n/login_location.rs")
    places = [("en", "203.0.113.47", "Vienna, AT", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
              ("de", "198.51.100.23", "", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
              ("fr", "192.0.2.188", "Lyon, FR", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"),
              ("nl", "203.0.113.9", "Utrecht, NL", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"),
              ("zh_hans", "198.51.100.201", "", "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
              ("uk", "192.0.2.77", "Kyiv, UA", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")]  # fmt: skip
    items = []
    for lang, ip, loc, ua in places:
        s = _rauthy_i18n(i18n_src, lang)
        uid = "".join(
            RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in range(24)
        )
        revoke = "".join(
            RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in range(48)
        )
        ctx = dict(lang=RAUTHY_LANGS[lang], theme_vars="", email_sub_prefix="Rauthy IAM", ip=ip,
                   user_agent=ua, location=loc,
                   link_revoke=f"https://iam.example.org/auth/v1/users/{uid}/revoke/{revoke}?ip={ip}",
                   link_account="https://iam.example.org/auth/v1/account",
                   unknown_location=s["unknown_location"], if_invalid=s["if_invalid"],
                   revoke_link=s["revoke_link"], account_link=s["account_link"])  # fmt: skip
        text = env_txt.get_template("login_location.txt").render(ctx)
        html_part = env_html.get_template("login_location.html").render(ctx)
        ident = f"rauthy-login-location-{RAUTHY_LANGS[lang].lower()}"
        rel, sha = _write(ident, "rauthy", message(
            sender="Rauthy <rauthy@iam.example.org>", subject=f"Rauthy IAM - {s['subject']}",
            text=text, html_part=html_part, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="rauthy-login-location", source="rauthy", lang=RAUTHY_LANGS[lang],
            kind="notice", code=None, repository=RAUTHY_REPO,
            path="templates/email/base.html; templates/email/login_location.html; templates/email/login_location.txt; src/data/src/email/i18n/login_location.rs; src/data/src/email/login_location.rs",
            commit=RAUTHY_COMMIT, licence="Apache-2.0",
            rendered="Askama templates rendered with Jinja2 (is_empty tests rewritten), i18n strings from login_location.rs, multipart text+HTML",
            file=rel, sha256=sha,
            note="sign-in from unknown location alert: IP, user agent, revoke link; no code",
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Stack Auth (hand-rendered react-email)

STACK_REPO = "stack-auth/stack-auth"
STACK_COMMIT = "2f719903b181c20940159e9f3aaaa99bc3ec3b0f"
STACK_PATH = "packages/stack-shared/src/helpers/emails.ts"
STACK_FROM = "Lumen Notes <noreply@stackframe.example>"
STACK_PROJECT = "Lumen Notes"
B32 = "abcdefghijklmnopqrstuvwxyz234567"

P_SMALL = "font-size:14px;line-height:20px;font-family:ui-sans-serif,system-ui,sans-serif;font-weight:400;text-align:center;padding:8px 24px 16px 24px;margin:0;opacity:0.8"
P_TINY = "font-size:12px;line-height:16px;font-family:ui-sans-serif,system-ui,sans-serif;font-weight:400;text-align:center;padding:4px 24px 24px 24px;margin:0;opacity:0.6"
H3 = "font-family:ui-sans-serif,system-ui,sans-serif;font-weight:700;font-size:20px;text-align:center;padding:16px 24px;margin:0"
BTN = "line-height:100%;text-decoration:none;display:inline-block;max-width:100%;mso-padding-alt:0px;color:rgb(0,0,0);font-size:14px;font-family:ui-sans-serif,system-ui,sans-serif;font-weight:700;background-color:rgb(240,240,240);border-radius:4px;padding:12px 20px 12px 20px;border-width:0px"
HR = '<hr style="width:100%;border:none;border-top:1px solid #eaeaea;opacity:0.2" />'


def _stack_button(href: str, label: str) -> str:
    return (f'<div style="text-align:center;padding:12px 24px"><a href="{html.escape(href)}" '
            f'style="{BTN}" target="_blank"><span><!--[if mso]><i style="mso-font-width:500%;mso-text-raise:18" hidden>&#8202;&#8202;</i><![endif]--></span>'
            f'<span style="max-width:100%;display:inline-block;line-height:120%;mso-padding-alt:0px;mso-text-raise:9px">{html.escape(label)}</span>'
            f'<span><!--[if mso]><i style="mso-font-width:500%" hidden>&#8202;&#8202;&#8203;</i><![endif]--></span></a></div>')  # fmt: skip


def _stack_theme(inner: str) -> str:
    return ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
            '<html dir="ltr" lang="en"><head><meta content="text/html; charset=UTF-8" http-equiv="Content-Type" /><meta name="x-apple-disable-message-reformatting" /></head>'
            '<body style="background-color:rgb(250,251,251);font-family:ui-sans-serif,system-ui,sans-serif;font-size:16px;line-height:24px;margin:0;padding:0;overflow-x:hidden">'
            '<div style="padding:32px 16px;display:flex;justify-content:center">'
            '<table align="center" width="100%" border="0" cellPadding="0" cellSpacing="0" role="presentation" style="max-width:600px;background-color:rgb(255,255,255);padding:45px;border-radius:8px;box-shadow:0 1px 2px 0 rgb(0,0,0,0.05);margin-left:auto;margin-right:auto;width:100%">'
            '<tbody><tr style="width:100%"><td>'
            f'<div style="font-family:ui-sans-serif,system-ui,sans-serif;font-size:16px;font-weight:400;padding:32px 0;width:100%">'
            '<table align="center" width="100%" border="0" cellPadding="0" cellSpacing="0" role="presentation"><tbody><tr><td>'
            f'{inner}</td></tr></tbody></table></div>'
            '</td></tr></tbody></table></div></body></html>')  # fmt: skip


def stack_auth(repo: Path) -> list[dict[str, Any]]:
    _show(repo, STACK_COMMIT, STACK_PATH)  # the version read
    name = "Maya"
    items = []

    def emit(tpl: str, subject: str, inner: str, text: str, code: str | None, kind: str, note: str):
        ident = f"stackauth-{tpl}-en"
        rel, sha = _write(
            ident,
            "stackauth",
            message(
                sender=STACK_FROM,
                subject=subject,
                text=text,
                html_part=_stack_theme(inner),
                sent=SENT,
            ),
        )
        items.append(_item(
            id=ident, group=f"stackauth-{tpl}", source="stackauth", lang="en", kind=kind, code=code,
            repository=STACK_REPO, path=STACK_PATH, commit=STACK_COMMIT, licence="MIT",
            rendered="default react-email template in the Default Light theme, JSX filled by hand (Tailwind inlined approximately), text part as react-email plainText",
            file=rel, sha256=sha, note=note))  # fmt: skip

    # Magic Link/OTP
    otp = "".join(RNG.choice(B32) for _ in range(6)).upper()
    nonce = "".join(RNG.choice(B32) for _ in range(39))
    link = f"https://notes.lumen.example/handler/magic-link-callback?code={otp.lower()}{nonce}"
    inner = (f'<h3 style="{H3}">Sign in to {STACK_PROJECT}</h3>'
             f'<p style="{P_SMALL}">Hi, {name}! This is your one-time-password for signing in:</p>'
             f'<p style="font-size:24px;line-height:32px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:700;text-align:center;padding:16px 24px;margin:0">{otp}</p>'
             f'<p style="font-size:14px;line-height:20px;font-family:ui-sans-serif,system-ui,sans-serif;font-weight:400;text-align:center;padding:16px 24px;margin:0">Or you can click on <a href="{html.escape(link)}" rel="noopener noreferrer" style="color:rgb(37,99,235);text-decoration-line:underline">this link</a> to sign in</p>'
             f'{HR}<p style="{P_TINY}">If you were not expecting this email, you can safely ignore it.</p>')  # fmt: skip
    text = (
        f"SIGN IN TO {STACK_PROJECT.upper()}\n\nHi, {name}! This is your one-time-password for signing in:\n\n{otp}\n\n"
        f"Or you can click on this link [{link}] to sign in\n\n--------------------------------------------------------------------------------\n\n"
        "If you were not expecting this email, you can safely ignore it."
    )
    emit(
        "magic-link-otp",
        f"Sign in to {STACK_PROJECT}: Your code is {otp}",
        inner,
        text,
        otp,
        "saas-otp",
        "six base-32 letters/digits, upper case, in the subject and the body; the link carries the lower-case code plus a nonce",
    )

    # Email verification
    vlink = "https://notes.lumen.example/handler/email-verification?code=" + "".join(
        RNG.choice(B32) for _ in range(45)
    )
    inner = (f'<h3 style="{H3}">Verify your email at {STACK_PROJECT}</h3>'
             f'<p style="{P_SMALL}">Hi, {name}! Please click on the following button to verify your email.</p>'
             f'{_stack_button(vlink, "Verify my email")}<div style="padding:16px 24px">{HR}</div>'
             f'<p style="{P_TINY}">If you were not expecting this email, you can safely ignore it. </p>')  # fmt: skip
    text = (
        f"VERIFY YOUR EMAIL AT {STACK_PROJECT.upper()}\n\nHi, {name}! Please click on the following button to verify your email.\n\n"
        f"Verify my email [{vlink}]\n\n--------------------------------------------------------------------------------\n\n"
        "If you were not expecting this email, you can safely ignore it."
    )
    emit(
        "email-verification",
        f"Verify your email at {STACK_PROJECT}",
        inner,
        text,
        None,
        "notice",
        "verification by button link only; no code",
    )

    # Password reset
    rlink = "https://notes.lumen.example/handler/password-reset?code=" + "".join(
        RNG.choice(B32) for _ in range(45)
    )
    inner = (f'<h3 style="{H3}">Reset your password at {STACK_PROJECT}</h3>'
             f'<p style="{P_SMALL}">Hi, {name}! Please click on the following button to start the password reset process.</p>'
             f'{_stack_button(rlink, "Reset my password")}<div style="padding:16px 24px">{HR}</div>'
             f'<p style="{P_TINY}">If you were not expecting this email, you can safely ignore it.</p>')  # fmt: skip
    text = (
        f"RESET YOUR PASSWORD AT {STACK_PROJECT.upper()}\n\nHi, {name}! Please click on the following button to start the password reset process.\n\n"
        f"Reset my password [{rlink}]\n\n--------------------------------------------------------------------------------\n\n"
        "If you were not expecting this email, you can safely ignore it."
    )
    emit(
        "password-reset",
        f"Reset your password at {STACK_PROJECT}",
        inner,
        text,
        None,
        "notice",
        "reset link only",
    )

    # Team invitation
    team = "Q3 Research Squad 42"
    ilink = "https://notes.lumen.example/handler/team-invitation?code=" + "".join(
        RNG.choice(B32) for _ in range(45)
    )
    inner = (f'<h3 style="{H3}">You are invited to {team}</h3>'
             f'<p style="{P_SMALL}">Hi, {name}! Please click the button below to join the team {team}</p>'
             f'{_stack_button(ilink, "Join team")}<div style="padding:16px 24px">{HR}</div>'
             f'<p style="{P_TINY}">If you were not expecting this email, you can safely ignore it.</p>')  # fmt: skip
    text = (
        f"YOU ARE INVITED TO {team.upper()}\n\nHi, {name}! Please click the button below to join the team {team}\n\n"
        f"Join team [{ilink}]\n\n--------------------------------------------------------------------------------\n\n"
        "If you were not expecting this email, you can safely ignore it."
    )
    emit(
        "team-invitation",
        f"You have been invited to join {team}",
        inner,
        text,
        None,
        "notice",
        "invitation link; team name holds digits",
    )

    # Payment receipt
    inner = (f'<h3 style="color:rgb(0,0,0);{H3}">Thanks for your purchase</h3>'
             f'<p style="color:rgb(71,72,73);font-family:ui-sans-serif,system-ui,sans-serif;font-size:14px;text-align:center;padding:8px 24px 16px 24px;margin:0">Hi, {name}! Your payment for Pro Plan (annual) is complete.</p>'
             '<div style="padding-left:24px;padding-right:24px"><p style="color:rgb(0,0,0);font-family:ui-sans-serif,system-ui,sans-serif;font-weight:700;font-size:16px;text-align:center;margin:0">Total paid: $348.00</p>'
             '<p style="color:rgb(71,72,73);font-family:ui-sans-serif,system-ui,sans-serif;font-size:13px;text-align:center;margin-top:8px;margin-bottom:0">Quantity: 3</p></div>'
             f'{_stack_button("https://pay.stripe.example/receipts/acct_1PqR7sT2uV/rcpt_3QwE8rT5yU", "View receipt")}<div style="padding:16px 24px">{HR}</div>')  # fmt: skip
    text = (
        f"THANKS FOR YOUR PURCHASE\n\nHi, {name}! Your payment for Pro Plan (annual) is complete.\n\nTotal paid: $348.00\n\nQuantity: 3\n\n"
        "View receipt [https://pay.stripe.example/receipts/acct_1PqR7sT2uV/rcpt_3QwE8rT5yU]\n\n--------------------------------------------------------------------------------"
    )
    emit(
        "payment-receipt",
        f"Your receipt from {STACK_PROJECT}",
        inner,
        text,
        None,
        "invoice",
        "receipt: amount, quantity",
    )

    # Payment failed
    inner = (f'<h3 style="color:rgb(0,0,0);{H3}">We couldn\'t process your payment</h3>'
             f'<p style="color:rgb(71,72,73);font-family:ui-sans-serif,system-ui,sans-serif;font-size:14px;text-align:center;padding:8px 24px 16px 24px;margin:0">Hi, {name}! Your payment for Team Plan ($1,164.00) did not go through.</p>'
             '<p style="color:rgb(138,139,139);font-family:ui-sans-serif,system-ui,sans-serif;font-size:12px;text-align:center;padding:0 24px 8px 24px;margin:0">Reason: Your card ending in 4417 was declined (insufficient_funds)</p>'
             f'{_stack_button("https://billing.stripe.example/p/session/live_b1Nx9K3mQ", "View invoice")}<div style="padding:16px 24px">{HR}</div>'
             '<p style="color:rgb(71,72,73);font-family:ui-sans-serif,system-ui,sans-serif;font-size:12px;text-align:center;padding:4px 24px 24px 24px;margin:0">Please update your payment details to avoid service interruption.</p>')  # fmt: skip
    text = (
        f"WE COULDN'T PROCESS YOUR PAYMENT\n\nHi, {name}! Your payment for Team Plan ($1,164.00) did not go through.\n\n"
        "Reason: Your card ending in 4417 was declined (insufficient_funds)\n\nView invoice [https://billing.stripe.example/p/session/live_b1Nx9K3mQ]\n\n"
        "--------------------------------------------------------------------------------\n\nPlease update your payment details to avoid service interruption."
    )
    emit(
        "payment-failed",
        f"Payment failed for {STACK_PROJECT}",
        inner,
        text,
        None,
        "invoice",
        "failed payment: amount, card's last digits (failureReason is the caller's text)",
    )

    # Sign In Invitation
    slink = "https://notes.lumen.example/handler/sign-in?invitation=" + "".join(
        RNG.choice(B32) for _ in range(45)
    )
    inner = (f'<h3 style="{H3.replace("padding:16px 24px", "padding:32px 24px 0 24px")}">You are invited to sign in to {team}</h3>'
             f'<p style="{P_SMALL}">Hi, {name}! Please click on the following link to sign in to your account</p>'
             f'{_stack_button(slink, "Sign in")}<div style="padding:16px 24px">{HR}</div>'
             f'<p style="{P_TINY}">If you were not expecting this email, you can safely ignore it.</p>')  # fmt: skip
    text = (
        f"YOU ARE INVITED TO SIGN IN TO {team.upper()}\n\nHi, {name}! Please click on the following link to sign in to your account\n\n"
        f"Sign in [{slink}]\n\n--------------------------------------------------------------------------------\n\n"
        "If you were not expecting this email, you can safely ignore it."
    )
    emit(
        "sign-in-invitation",
        f"You have been invited to sign in to {STACK_PROJECT}",
        inner,
        text,
        None,
        "notice",
        "sign-in invitation link; team name holds digits",
    )
    return items


# ---------------------------------------------------------------------------------------
# LLDAP

LLDAP_REPO = "lldap/lldap"
LLDAP_COMMIT = "9cc54ab03c5a044bfe574e30a6b6245d45c8e7b9"


def lldap(repo: Path) -> list[dict[str, Any]]:
    src = _show(repo, LLDAP_COMMIT, "server/src/mail.rs")
    m = re.search(r'let body = format!\(\s*"(.*?)"\s*\);', src, re.S)
    assert m
    token = "".join(
        RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in range(100)
    )
    url = f"https://ldap.example.org/reset-password/step2/{token}"
    body = m.group(1).replace('\\"', '"')
    body = (
        body.replace("{display_name}", "Noor Tester")
        .replace("{username}", "ntester4821")
        .replace("{reset_url}", url)
    )
    ident = "lldap-password-reset-en"
    rel, sha = _write(ident, "lldap", message(
        sender="LLDAP <nobody@lldap>", subject="[LLDAP] Password reset requested", text=body,
        html_part=None, sent=SENT))  # fmt: skip
    return [_item(
        id=ident, group="lldap-password-reset", source="lldap", lang="en", kind="notice", code=None,
        repository=LLDAP_REPO, path="server/src/mail.rs", commit=LLDAP_COMMIT, licence="GPL-3.0",
        rendered="format! body of send_password_reset_email filled, text/plain as lettre sends it",
        file=rel, sha256=sha, note="reset link and username; no code")]  # fmt: skip


# ---------------------------------------------------------------------------------------
# 5 Stones Keycloak e-mail OTP

FIVE_REPO = "5-stones/keycloak-email-otp"
FIVE_COMMIT = "e17ada9262a05689f76dec313880d7c1438c0fb3"
FIVE_RES = "src/main/resources/theme-resources"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _kc_sanitize(fragment: str) -> str:
    """What Keycloak's kcSanitize (OWASP policy) leaves of these catalogue strings: ``<br/>``
    written ``<br />``, the stray ``</div>`` (no opening tag) dropped."""
    return fragment.replace("<br/>", "<br />").replace("</div>", "")


def five_stones(repo: Path) -> list[dict[str, Any]]:
    en = _properties(_show(repo, FIVE_COMMIT, f"{FIVE_RES}/messages/messages_en.properties"))
    items = []
    for lang in ("en", "de"):
        path = f"{FIVE_RES}/messages/messages_{lang}.properties"
        props = dict(en)
        props.update(_properties(_show(repo, FIVE_COMMIT, path)))
        code = "".join(RNG.choice(ALNUM) for _ in range(6))
        realm = "Harbor Clinic"
        body_html = _kc_sanitize(_msgformat(props["emailTOTPBodyHtml"], realm, code, "5"))
        text = _msgformat(props["emailTOTPBody"], realm, code, "5") + "\n"
        html_part = (
            '<html>\n<body>\n    \t<div style="text-align: center;">\n\t\t'
            + body_html
            + "\n\t</div>\n\n</body>\n</html>\n"
        )
        ident = f"kcemailotp-totp-email-{lang}"
        rel, sha = _write(ident, "kcemailotp", message(
            sender="Harbor Clinic <login@harborclinic.example>", subject="Temporary Authentication Code",
            text=text, html_part=html_part, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="kcemailotp-totp-email", source="kcemailotp", lang=lang, kind="health-otp",
            code=code, repository=FIVE_REPO,
            path=f"{FIVE_RES}/templates/html/totp-email.ftl; {FIVE_RES}/templates/text/totp-email.ftl; {path}; src/main/java/com/weare5stones/keycloak/authenticators/emailotp/EmailOTPAuthenticator.java",
            commit=FIVE_COMMIT, licence="MIT",
            rendered="msg('emailTOTPBodyHtml'/'emailTOTPBody', realm, code, ttl/60) in the two totp-email.ftl inside Keycloak's base emailLayout; subject = the factory's default 'Email Subject' (no such message key, so Keycloak prints it as is); defaults: 6 chars A-Za-z0-9, TTL 300 s",
            file=rel, sha256=sha,
            note=("case-sensitive mixed-case code; the German catalogue has no emailTOTPBody (its key is misspelt emailTOTPText), so the text part falls back to the English line"
                  if lang == "de" else "case-sensitive mixed-case code"),
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Amazon Cognito custom-message example (awsdocs)

COGNITO_REPO = "awsdocs/aws-doc-sdk-examples"
COGNITO_COMMIT = "9d90bc1c0f20b766b779e50553d4593838d739d2"
COGNITO_PATH = "javascript/example_code/cognito/lambda-trigger-custom-message-sign-up.js"


def cognito() -> list[dict[str, Any]]:
    # Read with read_file (the repository is too large to fetch); the strings the handler sets:
    #   emailSubject = "Welcome to the service"
    #   emailMessage = "Thank you for signing up. " + event.request.codeParameter + " is your verification code"
    code = _digits(6)
    body = "Thank you for signing up. " + code + " is your verification code"
    ident = "cognito-custom-message-signup-en"
    rel, sha = _write(ident, "cognito", message(
        sender="no-reply@verificationemail.com", subject="Welcome to the service", text=None,
        html_part=body, sent=SENT))  # fmt: skip
    return [_item(
        id=ident, group="cognito-custom-message-signup", source="cognito", lang="en", kind="saas-otp",
        code=code, repository=COGNITO_REPO, path=COGNITO_PATH, commit=COGNITO_COMMIT,
        licence="Apache-2.0",
        rendered="the CustomMessage_SignUp handler's emailSubject/emailMessage with codeParameter replaced by Cognito's six-digit code; one text/html part as Cognito sends custom messages (held inline, read via read_file)",
        file=rel, sha256=sha, note="code given mid-sentence, no markup")]  # fmt: skip


# Rauthy password reset: the default strings of ``password_reset`` in
# src/data/src/rauthy_config.rs (VarsTemplatesLanguages defaults, lines 749-790 at RAUTHY_COMMIT),
# held inline; date format from the ``tz_fmt`` defaults there.
RAUTHY_RESET = {
    "en": dict(
        subject="Password Reset Request",
        header="Password reset request for",
        text="",
        click_link="Click the link below to get forwarded to the password request form.",
        validity="This link is only valid for a short period of time for security reasons.",
        expires="Link expires:",
        button_text="Reset Password",
        footer="If this link has expired, you can request a new one.",
        button_text_request_new="Request New Link",
    ),
    "de": dict(
        subject="Passwort Reset angefordert",
        header="Passwort Reset angefordert für",
        text="",
        click_link="Klicken Sie auf den unten stehenden Link für den Passwort Reset.",
        validity="Dieser Link ist aus Sicherheitsgründen nur für kurze Zeit gültig.",
        expires="Link gültig bis:",
        button_text="Passwort Zurücksetzen",
        footer="Sollte der Link abgelaufen sein, kann ein neuer angefordert werden.",
        button_text_request_new="Neuen Link Anfordern",
    ),
    "fr": dict(
        subject="Demande de réinitialisation du mot de passe",
        header="Demande de réinitialisation du mot de passe pour",
        text="",
        click_link="Cliquez sur le lien ci-dessous pour être redirigé vers le formulaire de demande de mot de passe.",
        validity="Ce lien n'est valable que pendant une courte période pour des raisons de sécurité.",
        expires="Le lien expire :",
        button_text="Réinitialiser le mot de passe",
        footer="Si ce lien a expiré, vous pouvez en demander un nouveau.",
        button_text_request_new="Demander un nouveau lien",
    ),
}
RAUTHY_EXP = {
    "en": "12/02/2026 08:47:33 (UTC)",
    "de": "02.12.2026 09:47:33 (CET)",
    "fr": "02/12/2026 09:47:33 (CET)",
}  # %m/%d/%Y %T (%Z) etc., 30 min after sending


def rauthy_reset(repo: Path) -> list[dict[str, Any]]:
    files = {p: _show(repo, RAUTHY_COMMIT, f"templates/email/{p}") for p in
             ("base.html", "reset.html", "reset.txt")}  # fmt: skip
    files = {k: re.sub(r"!(\w+)\.is_empty\(\)", r"\1", v) for k, v in files.items()}
    env_html = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=True)
    env_txt = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=False)
    items = []
    for lang, s in RAUTHY_RESET.items():
        uid = "".join(RNG.choice(ALNUM) for _ in range(24))
        mlid = "".join(RNG.choice(ALNUM) for _ in range(64))
        ctx = dict(
            s,
            lang=lang,
            theme_vars="",
            email_sub_prefix="Rauthy IAM",
            exp=RAUTHY_EXP[lang],
            link=f"https://iam.example.org/auth/v1/users/{uid}/reset/{mlid}?type=password_reset",
            link_request_new="https://iam.example.org/auth/v1/users/password_reset?email_hint=noor.tester@example.com",
        )
        text = env_txt.get_template("reset.txt").render(ctx)
        html_part = env_html.get_template("reset.html").render(ctx)
        ident = f"rauthy-password-reset-{lang}"
        rel, sha = _write(ident, "rauthy", message(
            sender="Rauthy <rauthy@iam.example.org>", subject=f"Rauthy IAM - {s['subject']}",
            text=text, html_part=html_part, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="rauthy-password-reset", source="rauthy", lang=lang, kind="notice",
            code=None, repository=RAUTHY_REPO,
            path="templates/email/base.html; templates/email/reset.html; templates/email/reset.txt; src/data/src/email/password_reset.rs; src/data/src/rauthy_config.rs",
            commit=RAUTHY_COMMIT, licence="Apache-2.0",
            rendered="Askama templates rendered with Jinja2, default password_reset strings of rauthy_config.rs held inline, expiry date as tz_fmt prints it, multipart text+HTML",
            file=rel, sha256=sha, note="reset link with expiry date and time; no code"))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# OpenAM HOTP module (OpenIdentityPlatform/OpenAM, CDDL-1.0)

OPENAM_REPO = "OpenIdentityPlatform/OpenAM"
OPENAM_DIR = "openam-authentication/openam-auth-hotp/src/main/resources"
# The two lines of each catalogue that the mail uses, as stored (Java escapes kept), read with
# read_file (the repository is too large to fetch); each with the commit read_file reported.
OPENAM_PROPS = {
    "en": (
        "d11451dc189974bfc9fbccf4189fc6fa7d8ddc8f",
        "messageSubject=OpenAM One Time Password\nmessageContent=Your OpenAM One Time Password:",
    ),
    "de": (
        "afec5c8837fd153ae5a8d9bbc13629400414e7e4",
        "messageSubject=OpenAM-Einmal-Passwort\nmessageContent=Ihr OpenAM-Einmal-Passwort: ",
    ),
    "fr": (
        "555eb0a6390e6d5cac68b459a56381b3fb21bd79",
        "messageSubject=Mot de passe OpenAM saisi une fois\nmessageContent=Votre mot de passe OpenAM saisi une fois \\u00a0: ",
    ),
    "ja": (
        "06c07fa5eb7280f72c639d392e66405407cf929f",
        "messageSubject=OpenAM \\u306e\\u30ef\\u30f3\\u30bf\\u30a4\\u30e0\\u30d1\\u30b9\\u30ef\\u30fc\\u30c9\n"
        "messageContent=OpenAM \\u306e\\u30ef\\u30f3\\u30bf\\u30a4\\u30e0\\u30d1\\u30b9\\u30ef\\u30fc\\u30c9:",
    ),
    "ko": (
        "afec5c8837fd153ae5a8d9bbc13629400414e7e4",
        "messageSubject=OpenAM \\uc77c\\ud68c\\uc131 \\ube44\\ubc00\\ubc88\\ud638\n"
        "messageContent=\\uc0ac\\uc6a9\\uc790\\uc758 OpenAM \\uc77c\\ud68c\\uc131 \\ube44\\ubc00\\ubc88\\ud638: ",
    ),
}


def _java_props(text: str) -> dict[str, str]:
    out = {}
    for line in text.split("\n"):
        key, _, value = line.partition("=")
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
        out[key] = value  # trailing blanks are kept, as java.util.Properties keeps them
    return out


def openam() -> list[dict[str, Any]]:
    items = []
    for lang, (commit, raw) in OPENAM_PROPS.items():
        props = _java_props(raw)
        code = _digits(8)  # sunAMAuthHOTPPasswordLength default 8 (amAuthHOTP.xml)
        body = (
            props["messageContent"] + code
        )  # DefaultSMSGatewayImpl.sendSMSMessage: message + code
        ident = f"openam-hotp-email-{lang}"
        rel, sha = _write(ident, "openam", message(
            sender="no-reply@openam.org", subject=props["messageSubject"], text=body, html_part=None,
            sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="openam-hotp-email", source="openam", lang=lang, kind="saas-otp",
            code=code, repository=OPENAM_REPO,
            path=f"{OPENAM_DIR}/amAuthHOTP{'' if lang == 'en' else '_' + lang}.properties; {OPENAM_DIR}/amAuthHOTP.xml; openam-authentication/openam-auth-hotp/src/main/java/com/sun/identity/authentication/modules/hotp/HOTPService.java",
            commit=commit, licence="CDDL-1.0",
            rendered="messageSubject and messageContent + code as HOTPService/DefaultSMSGatewayImpl mail them (AMSendMail, text/plain UTF-8); defaults of amAuthHOTP.xml (eight digits, From no-reply@openam.org); strings held inline",
            file=rel, sha256=sha,
            note="the code follows the colon with no space" if lang in ("en", "ja") else None))  # fmt: skip
    return items


def rauthy_confirm_change(repo: Path) -> list[dict[str, Any]]:
    files = {p: _show(repo, RAUTHY_COMMIT, f"templates/email/{p}") for p in
             ("base.html", "confirm_change.html", "confirm_change.txt")}  # fmt: skip
    env_html = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=True)
    env_txt = jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=False)
    i18n_src = _show(repo, RAUTHY_COMMIT, "src/data/src/email/i18n/confirm_change.rs")
    plan = [
        ("en", "en", "noor.t+work@example.net", False),
        ("de", "de", "noor.tester@firma.example", True),
        ("ru", "ru", "n.tester2027@example.org", False),
        ("nb", "nb", "noor@example.no", True),
    ]
    items = []
    for key, lang, new_addr, admin in plan:
        s = _rauthy_i18n(i18n_src, key)
        ctx = dict(
            lang=lang,
            theme_vars="",
            email_sub_prefix="Rauthy IAM",
            header=s["subject"],
            msg=s["msg"],
            email_changed_to=new_addr,
            changed_by_admin=s["msg_from_admin"] if admin else "",
        )
        text = env_txt.get_template("confirm_change.txt").render(ctx)
        html_part = env_html.get_template("confirm_change.html").render(ctx)
        ident = f"rauthy-confirm-change-{lang}"
        rel, sha = _write(ident, "rauthy", message(
            sender="Rauthy <rauthy@iam.example.org>", subject=f"Rauthy IAM - {s['subject']}",
            text=text, html_part=html_part, sent=SENT))  # fmt: skip
        items.append(_item(
            id=ident, group="rauthy-confirm-change", source="rauthy", lang=lang, kind="notice",
            code=None, repository=RAUTHY_REPO,
            path="templates/email/base.html; templates/email/confirm_change.html; templates/email/confirm_change.txt; src/data/src/email/i18n/confirm_change.rs; src/data/src/email/email_change_confirm.rs",
            commit=RAUTHY_COMMIT, licence="Apache-2.0",
            rendered="Askama templates rendered with Jinja2, i18n strings from confirm_change.rs"
                     + (", was_admin_action true" if admin else "") + ", multipart text+HTML",
            file=rel, sha256=sha, note="e-mail address changed notice (new address shown); no code"))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    a = ap.parse_args()
    items: list[dict[str, Any]] = []
    items += keycloak_2fa(a.mirrors / "mesutpiskin+keycloak-2fa-email-authenticator" / "repo")
    items += multiotp(a.mirrors / "multiOTP+multiotp" / "repo")
    items += rauthy(a.mirrors / "sebadob+rauthy" / "repo")
    items += stack_auth(a.mirrors / "stack-auth+stack-auth" / "repo")
    items += lldap(a.mirrors / "lldap+lldap" / "repo")
    items += five_stones(a.mirrors / "5-stones+keycloak-email-otp" / "repo")
    items += cognito()
    items += rauthy_reset(a.mirrors / "sebadob+rauthy" / "repo")
    items += openam()
    items += rauthy_confirm_change(a.mirrors / "sebadob+rauthy" / "repo")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code -> {OUT}")


if __name__ == "__main__":
    main()
