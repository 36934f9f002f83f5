"""Round nine (``idp``): one-time codes e-mailed by identity servers, and their notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r9_idp.py \\
        --wso2 /work/.mirror/wso2+product-is/repo \\
        --gravitee /work/.mirror/gravitee-io+gravitee-access-management/repo \\
        --logto /work/.mirror/logto-io+logto/repo \\
        --jahia /work/.mirror/Jahia+user-password-authentication/repo \\
        --huly /work/.mirror/hcengineering+platform/repo

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- ``--wso2``: a git snapshot of wso2/product-is (Apache-2.0). Its integration tests ship a
  full ``email-admin-config.xml`` (``.../resources/artifacts/IS/email/
  emailOTP-email-template.xml``), the HTML templates of the identity server (one
  ``<configuration type=...>`` per mail: ``<subject>``, ``<body>`` CDATA, ``<footer>``).
  The ``{{placeholder}}`` values are filled as the notification module fills them (the
  e-mail publisher sends ``{{body}}{{footer}}``, text/html only). Positives: ``EmailOTP``
  (``{{OTPCode}}``: six digits, the e-mail OTP authenticator's default),
  ``adminforcedpasswordresetwithotp`` and its resend variant (``{{confirmation-code}}``:
  the admin-forced reset OTP, six letters/digits). Negatives: password-reset link (a UUID
  confirmation code inside the link), account locked, account unlocked, login from a new
  device, password reset successful, account inactive, account-id recovery. English only
  (the file is en_US).
- ``--gravitee``: a git snapshot of gravitee-io/gravitee-access-management (Apache-2.0).
  The gateway's default e-mail templates (``gravitee-am-gateway-standalone-distribution/
  src/main/resources/templates/*.html``, FreeMarker, HTML output format so ``${...}`` is
  HTML-escaped) with ``i18n/messages_<lang>.properties`` (ISO-8859-1): ``<#include
  "header.html" />`` inlined, ``<#if expireAfterSeconds gte N>`` chains evaluated,
  ``${msg('key', args)}`` filled like ``FreemarkerMessageResolver`` (single quotes kept,
  ``java.text.MessageFormat`` ``{0,number,integer}``). Subjects are the defaults of
  ``CommonConfiguration.java`` (some are fixed English strings, some ``${msg(...)}``).
  ``expireAfterSeconds`` are the defaults there (MFA 300, reset 300, blocked 86400, magic
  link 15 min, registration verify 7 days). The e-mail factor's code is six digits (its
  ``returnDigits`` default). Positive: ``mfa_challenge``; negatives: ``blocked_account``,
  ``verify_attempt``, ``reset_password``, ``magic_link``, ``registration_verify``. Two
  languages (en, fr: the ones shipped).
- ``--logto``: a git snapshot of logto-io/logto (MPL-2.0). The SMTP connector's default
  ``templates`` (``packages/connectors/connector-smtp/src/constant.ts``): text/plain
  mails whose ``{{code}}`` is the six-digit passcode of ``packages/core/src/libraries/
  passcode.ts`` (``customAlphabet('1234567890', 6)``); and the Mailgun connector's default
  ``deliveries`` (``connector-mailgun/src/constant.ts``: ``{{code}}`` also in the subject,
  sent as html). All positives, English.
- ``--jahia``: a git snapshot of Jahia/user-password-authentication (Apache-2.0). The MFA
  e-mail code mail (``api/src/main/resources/jnt_template/html/template.emailCodeView.jsp``):
  ``<fmt:message>`` filled from ``resources/user-password-authentication-api_<lang>.properties``
  (ISO-8859-1, as Java reads them), ``{{CODE}}`` replaced by six random digits after
  rendering (``EmailCodeFactorProvider``), subject ``jahia-upa.mfa.mail.title``; sent as
  html only (``sendHtmlMessage``). Six languages (all shipped: en, de, es, fr, it, pt).
- ``--huly``: a git snapshot of hcengineering/platform (EPL-2.0). The account service's
  mails (``server/account/src/utils.ts`` ``sendOtpEmail``, ``getInviteEmail``;
  ``operations.ts`` password recovery): ``<Name>Subject``/``<Name>Text``/``<Name>HTML`` of
  ``server/account/lang/<lang>.json`` filled by ``translate()`` (ICU ``{arg}``), sent as
  text + html through the mail service. ``app`` = ``Huly`` (branding title); the OTP is six
  digits (``otpGenerator.generate(6, digits only)``). Positive: OTP (all twelve shipped
  languages; the code is in the subject too); negatives: password recovery (reset link with
  a JWT) and workspace invitation (link with a numeric invite id, ``expHours`` 48), six
  languages each.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import json
import random
import re
import subprocess
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import collect

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 24, 8, 17, 53, tzinfo=UTC)
NAME = "idp"

WSO2_COMMIT = "4170bf9730231f4fbcd629f514173d53a6fe3b52"
GRAVITEE_COMMIT = "35b314b2c39c3c5584d456bb4360565fe8d42d7e"
LOGTO_COMMIT = "1fbc55441fd28d9e3e7d69c1522e7654dccfe99c"

RNG = random.Random("r9-idp")
JWT_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"  # {"alg":"HS256","typ":"JWT"}

message = functools.partial(collect.message, sent=SENT)
"""The corpus's one MIME builder (``collect.py``), with this round's Date."""


def digits(n: int) -> str:
    while True:
        code = "".join(RNG.choice("0123456789") for _ in range(n))
        if code != "123456" and len(set(code)) > 2:
            return code


def alnum(n: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    while True:
        code = "".join(RNG.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in code) and any(c.isalpha() for c in code):
            return code


def b64url(n: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(RNG.choice(alphabet) for _ in range(n))


def a_uuid() -> str:
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


def show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        check=True, capture_output=True,
    ).stdout  # fmt: skip


def show(repo: Path, commit: str, path: str) -> str:
    return show_bytes(repo, commit, path).decode("utf-8")


def write(items: list[dict[str, Any]], item: dict[str, Any], raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    items.append(item)


# ---------------------------------------------------------------------------------------
# WSO2 Identity Server

WSO2_FILE = (
    "modules/integration/tests-integration/tests-backend/src/test/resources/artifacts/IS/"
    "email/emailOTP-email-template.xml"
)
WSO2_TEMPLATES = {
    # type: (template id, kind, code generator or None)
    "EmailOTP": ("email-otp", "saas-otp", lambda: digits(6)),
    "adminforcedpasswordresetwithotp": ("admin-reset-otp", "saas-otp", lambda: alnum(6)),
    "resendAdminForcedPasswordResetWithOTP": (
        "admin-reset-otp-resend",
        "saas-otp",
        lambda: alnum(6),
    ),
    "passwordReset": ("password-reset", "notice", None),
    "accountLockFailedAttempt": ("account-locked", "notice", None),
    "accountUnlockTimeBased": ("account-unlocked", "notice", None),
    "UnseenDeviceLogin": ("new-device-login", "notice", None),
    "passwordResetSucess": ("password-reset-done", "notice", None),
    "idleAccountReminder": ("account-inactive", "notice", None),
    "accountIdRecovery": ("account-id-recovery", "notice", None),
}


def wso2(repo: Path, items: list[dict[str, Any]]) -> None:
    xml = show(repo, WSO2_COMMIT, WSO2_FILE)
    blocks = re.findall(r'<configuration type="([^"]+)"(.*?)</configuration>', xml, re.S)
    found = {t: body for t, body in blocks}
    for ctype, (tid, kind, gen) in WSO2_TEMPLATES.items():
        block = found[ctype]
        subject = re.search(r"<subject>(.*?)</subject>", block, re.S).group(1).strip()
        body = re.search(r"<body><!\[CDATA\[(.*?)\]\]></body>", block, re.S).group(1)
        footer = re.search(r"<footer>(.*?)</footer>", block, re.S).group(1)
        code = gen() if gen else None
        values = {
            "user.claim.givenname": "Noor",
            "user-name": "noor.tester",
            "username": "noor.tester",
            "url:user-name": "noor.tester",
            "carbon.product-url": "https://id.contoso-health.example:9443",
            "tenant-domain": "carbon.super",
            "userstore-domain": "PRIMARY",
            "callback": "https%3A%2F%2Fid.contoso-health.example%3A9443%2Fmyaccount",
            "confirmation-code": code if code else a_uuid(),
            "OTPCode": code or "",
            "lock-duration": "5",
            "login-time": "2026-11-24 08:17:41 UTC",
        }

        def fill(text: str, values: dict[str, str] = values) -> str:
            return re.sub(r"\{\{([^}]+)\}\}", lambda m: values[m.group(1)], text)

        page = fill(body) + fill(footer)
        raw = message(
            sender="WSO2 Identity Server <no-reply@id.contoso-health.example>",
            subject=fill(subject), text=None, html_part=page,
        )  # fmt: skip
        item = {
            "id": f"wso2is-{tid}-en",
            "group": f"wso2is-{tid}",
            "source": "wso2is",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": "wso2/product-is",
            "path": WSO2_FILE,
            "commit": WSO2_COMMIT,
            "licence": "Apache-2.0",
            "rendered": (
                f"configuration type={ctype}: {{{{placeholders}}}} filled by hand as the "
                "notification module fills them; body + footer as text/html; subject as is"
            ),
        }
        if ctype == "passwordReset":
            item["note"] = "the link carries a UUID confirmation code; nothing to type"
        if ctype.lower().startswith(("admin", "resendadmin")):
            item["note"] = "OTP to use as the password at next login (mixed-case, as sent)"
        write(items, item, raw)


# ---------------------------------------------------------------------------------------
# Gravitee Access Management

GRAVITEE_DIR = (
    "gravitee-am-gateway/gravitee-am-gateway-standalone/"
    "gravitee-am-gateway-standalone-distribution/src/main/resources/templates"
)
GRAVITEE_CONFIG = (
    "gravitee-am-gateway/gravitee-am-gateway-handler/gravitee-am-gateway-handler-common/"
    "src/main/java/io/gravitee/am/gateway/handler/common/spring/CommonConfiguration.java"
)
GRAVITEE_BASE = "https://auth.contoso-health.example/contoso-patients"
GRAVITEE_TEMPLATES = {
    # template: (default subject from CommonConfiguration, expireAfterSeconds, path, kind)
    "mfa_challenge": ("Verification Code", 300, None, "saas-otp"),
    "blocked_account": ("Account has been locked", 86400, "/resetPassword", "notice"),
    "verify_attempt": ("${msg('email.verify_attempt.subject')}", 0, None, "notice"),
    "reset_password": ("Please reset your password", 300, "/resetPassword", "notice"),
    "magic_link": ("Sign in", 900, "/magic-link/auth", "notice"),
    "registration_verify": (
        "${msg('email.registration_verify.subject')}",
        604800,
        "/verifyRegistration",
        "notice",
    ),
}


def java_properties(raw: bytes) -> dict[str, str]:
    """A ``.properties`` file as ``java.util.Properties.load`` reads it (ISO-8859-1,
    ``\\uXXXX`` escapes, ``key=value`` lines)."""
    out: dict[str, str] = {}
    for line in raw.decode("latin-1").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "!")) or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
        out[key.strip()] = value.lstrip()
    return out


def message_format(pattern: str, args: list[Any]) -> str:
    """``java.text.MessageFormat.format`` for the patterns these bundles use: ``{n}`` and
    ``{n,number,integer}``; the resolver doubles single quotes first, so they stay."""

    def arg(m: re.Match[str]) -> str:
        value = args[int(m.group(1))]
        if m.group(2):  # number,integer: HALF_EVEN rounding
            return str(round(value))
        return str(value)

    return re.sub(r"\{(\d+)(,number,integer)?\}", arg, pattern)


def fm_escape(text: str) -> str:
    """FreeMarker ``HTMLOutputFormat`` escaping."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#39;")
    )  # fmt: skip


def split_args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def freemarker(src: str, ctx: dict[str, Any], msgs: dict[str, str], header: str) -> str:
    src = src.replace('<#include "header.html" />', header)

    def cond(m: re.Match[str]) -> str:
        parts = re.split(r"(<#elseif [^>]*>|<#else>)", m.group(2))
        branches = [(m.group(1), parts[0])]
        for i in range(1, len(parts), 2):
            tag = parts[i]
            test = None if tag == "<#else>" else tag[len("<#elseif ") : -1]
            branches.append((test, parts[i + 1]))
        for test, body in branches:
            if test is None:
                return body
            name, op, num = test.split()
            assert op == "gte"
            if ctx[name] >= int(num):
                return body
        return ""

    src = re.sub(r"<#if ([^>]*)>(.*?)</#if>", cond, src, flags=re.S)

    def value(expr: str) -> Any:
        expr = expr.strip()
        m = re.fullmatch(r"msg\('([^']+)'(.*)\)", expr, re.S)
        if m:
            args = [value(a) for a in split_args(m.group(2).lstrip(",").strip())]
            return message_format(msgs.get(m.group(1), m.group(1)), args)
        m = re.fullmatch(r"(\w+) / (\d+)", expr)
        if m:
            return ctx[m.group(1)] / int(m.group(2))
        obj: Any = ctx
        for part in expr.split("."):
            obj = obj[part]
        return obj

    def interp(m: re.Match[str]) -> str:
        return fm_escape(str(value(m.group(1))))

    return re.sub(r"\$\{((?:[^{}'\"]|'[^']*')*)\}", interp, src)


def gravitee(repo: Path, items: list[dict[str, Any]]) -> None:
    header = show(repo, GRAVITEE_COMMIT, f"{GRAVITEE_DIR}/header.html")
    for lang in ("en", "fr"):
        msgs = java_properties(
            show_bytes(repo, GRAVITEE_COMMIT, f"{GRAVITEE_DIR}/i18n/messages_{lang}.properties")
        )
        for name, (subject_src, expire, path, kind) in GRAVITEE_TEMPLATES.items():
            code = digits(6) if name == "mfa_challenge" else None
            token = ".".join((JWT_HEADER, b64url(180), b64url(43)))
            url = f"{GRAVITEE_BASE}{path}?client_id=patient-portal&token={token}" if path else ""
            ctx = {
                "user": {"firstName": "Noor"},
                "client": {"clientName": "Contoso Patient Portal",
                           "name": "Contoso Patient Portal"},
                "expireAfterSeconds": expire,
                "code": code or "",
                "url": url,
            }  # fmt: skip
            page = freemarker(
                show(repo, GRAVITEE_COMMIT, f"{GRAVITEE_DIR}/{name}.html"), ctx, msgs, header
            )
            subject = html.unescape(freemarker(subject_src, ctx, msgs, header))
            raw = message(
                sender="Gravitee.io AM <no-reply@auth.contoso-health.example>",
                subject=subject, text=None, html_part=page,
            )  # fmt: skip
            tid = name.replace("_", "-")
            item = {
                "id": f"gravitee-am-{tid}-{lang}",
                "group": f"gravitee-am-{tid}",
                "source": "gravitee-am",
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": "gravitee-io/gravitee-access-management",
                "path": (
                    f"{GRAVITEE_DIR}/{name}.html, {GRAVITEE_DIR}/header.html, "
                    f"{GRAVITEE_DIR}/i18n/messages_{lang}.properties, {GRAVITEE_CONFIG}"
                ),
                "commit": GRAVITEE_COMMIT,
                "licence": "Apache-2.0",
                "rendered": (
                    "FreeMarker template filled by hand like EmailServiceImpl "
                    "(include, #if on expireAfterSeconds, msg() via MessageFormat, HTML "
                    "escaping); default subject of CommonConfiguration; text/html only"
                ),
            }
            if name in ("reset_password", "blocked_account", "magic_link",
                        "registration_verify"):  # fmt: skip
                item["note"] = "only a link with a signed JWT token; nothing to type"
            write(items, item, raw)


# ---------------------------------------------------------------------------------------
# Logto

LOGTO_FILE = "packages/connectors/connector-smtp/src/constant.ts"
LOGTO_MAILGUN = "packages/connectors/connector-mailgun/src/constant.ts"
LOGTO_USAGES = {
    # usageType: template id
    "SignIn": "sign-in",
    "Register": "register",
    "ForgotPassword": "forgot-password",
    "MfaVerification": "mfa",
    "BindMfa": "bind-mfa",
    "UserPermissionValidation": "permission",
}


def logto(repo: Path, items: list[dict[str, Any]]) -> None:
    src = show(repo, LOGTO_COMMIT, LOGTO_FILE)
    blocks = re.findall(
        r"contentType: 'text/plain',\s*content:\s*'([^']*)',\s*subject: '([^']*)',\s*"
        r"usageType: '([^']*)'",
        src,
    )
    found = {usage: (content, subject) for content, subject, usage in blocks}
    for usage, tid in LOGTO_USAGES.items():
        content, subject = found[usage]
        code = digits(6)
        raw = message(
            sender="Contoso Notes <no-reply@notes.contoso.example>",
            subject=subject, text=content.replace("{{code}}", code), html_part=None,
        )  # fmt: skip
        item = {
            "id": f"logto-smtp-{tid}-en",
            "group": f"logto-smtp-{tid}",
            "source": "logto",
            "lang": "en",
            "kind": "saas-otp",
            "code": code,
            "repository": "logto-io/logto",
            "path": f"{LOGTO_FILE}, packages/core/src/libraries/passcode.ts",
            "commit": LOGTO_COMMIT,
            "licence": "MPL-2.0",
            "rendered": (
                f"SMTP connector default template usageType={usage}: {{{{code}}}} replaced "
                "as replaceSendMessageHandlebars does; text/plain; subject as is"
            ),
        }
        write(items, item, raw)

    src = show(repo, LOGTO_COMMIT, LOGTO_MAILGUN)
    deliveries = re.findall(r"(\w+): \{\s*subject: '([^']*)',\s*html: '([^']*)',\s*\}", src)
    for usage, subject, body in deliveries:
        if usage not in ("SignIn", "Generic"):
            continue
        code = digits(6)
        raw = message(
            sender="Contoso Notes <no-reply@notes.contoso.example>",
            subject=subject.replace("{{code}}", code), text=None,
            html_part=body.replace("{{code}}", code),
        )  # fmt: skip
        tid = usage.lower().replace("signin", "sign-in")
        item = {
            "id": f"logto-mailgun-{tid}-en",
            "group": f"logto-mailgun-{tid}",
            "source": "logto",
            "lang": "en",
            "kind": "saas-otp",
            "code": code,
            "repository": "logto-io/logto",
            "path": f"{LOGTO_MAILGUN}, packages/core/src/libraries/passcode.ts",
            "commit": LOGTO_COMMIT,
            "licence": "MPL-2.0",
            "rendered": (
                f"Mailgun connector default delivery {usage}: {{{{code}}}} replaced in "
                "subject and html as replaceSendMessageHandlebars does; html only"
            ),
            "note": "the code is also in the subject",
        }
        write(items, item, raw)


# ---------------------------------------------------------------------------------------
# Jahia user-password-authentication

JAHIA_COMMIT = "9f4468d013ec350c11b26e72b1bf31f08667a81b"
JAHIA_JSP = "api/src/main/resources/jnt_template/html/template.emailCodeView.jsp"
JAHIA_BUNDLE = "api/src/main/resources/resources/user-password-authentication-api_{}.properties"
JAHIA_JAVA = "api/src/main/java/org/jahia/modules/upa/mfa/emailcode/EmailCodeFactorProvider.java"


def jahia(repo: Path, items: list[dict[str, Any]]) -> None:
    jsp = show(repo, JAHIA_COMMIT, JAHIA_JSP)
    page = jsp[jsp.index("<!DOCTYPE") :]
    for lang in ("en", "de", "es", "fr", "it", "pt"):
        msgs = java_properties(show_bytes(repo, JAHIA_COMMIT, JAHIA_BUNDLE.format(lang)))
        body = re.sub(r'<fmt:message key="([^"]+)"/>', lambda m: msgs[m.group(1)], page)  # noqa: B023
        code = digits(6)
        raw = message(
            sender="Jahia <no-reply@cms.contoso-health.example>",
            subject=msgs["jahia-upa.mfa.mail.title"], text=None,
            html_part=body.replace("{{CODE}}", code),
        )  # fmt: skip
        item = {
            "id": f"jahia-upa-email-code-{lang}",
            "group": "jahia-upa-email-code",
            "source": "jahia-upa",
            "lang": lang,
            "kind": "saas-otp",
            "code": code,
            "repository": "Jahia/user-password-authentication",
            "path": f"{JAHIA_JSP}, {JAHIA_BUNDLE.format(lang)}, {JAHIA_JAVA}",
            "commit": JAHIA_COMMIT,
            "licence": "Apache-2.0",
            "rendered": (
                "JSP output from <!DOCTYPE on (directives/comments before it emit no markup), "
                "fmt:message filled from the language's bundle (ISO-8859-1), {{CODE}} "
                "replaced after rendering as EmailCodeFactorProvider does; subject = "
                "jahia-upa.mfa.mail.title; text/html only"
            ),
        }
        write(items, item, raw)


# ---------------------------------------------------------------------------------------
# Huly (hcengineering/platform)

HULY_COMMIT = "32858aff1b15b584b06526200dcb4e6be23b0e05"
HULY_LANG = "server/account/lang/{}.json"
HULY_CODE = "server/account/src/utils.ts"
HULY_FRONT = "https://huly.contoso-clinic.example"
HULY_TEMPLATES = {
    # string prefix: (template id, kind, languages)
    "Otp": (
        "otp",
        "saas-otp",
        ("en", "cs", "de", "es", "fr", "it", "ko", "pt", "pt-br", "ru", "tr", "zh"),
    ),
    "Recovery": ("recovery", "notice", ("en", "de", "es", "ru", "tr", "zh")),
    "Invite": ("invite", "notice", ("en", "cs", "fr", "it", "ko", "pt")),
}


def icu(pattern: str, params: dict[str, str]) -> str:
    """What ``IntlMessageFormat`` gives for these strings: simple ``{name}`` arguments (the
    bundles hold no plural/select and no apostrophe before a brace)."""
    assert "'{" not in pattern and "''" not in pattern
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), pattern)


def huly(repo: Path, items: list[dict[str, Any]]) -> None:
    for prefix, (tid, kind, langs) in HULY_TEMPLATES.items():
        for lang in langs:
            strings = json.loads(show(repo, HULY_COMMIT, HULY_LANG.format(lang)))["string"]
            code = None
            if prefix == "Otp":
                code = digits(6)
                params = {"code": code, "app": "Huly"}
                subject_params = params
                note = "the code is also in the subject"
            elif prefix == "Recovery":
                token = ".".join((JWT_HEADER, b64url(160), b64url(43)))
                params = {"link": f"{HULY_FRONT}/login/recovery?id={token}"}
                subject_params = {}
                note = "only a reset link; nothing to type"
            else:
                invite_id = "1" + digits(17)
                params = {
                    "link": f"{HULY_FRONT}/login/join?inviteId={invite_id}",
                    "ws": "Contoso Clinic",
                    "expHours": "48",
                }
                subject_params = {"ws": "Contoso Clinic"}
                note = "an invitation link (numeric invite id inside it); nothing to type"
            raw = message(
                sender="Huly <noreply@huly.contoso-clinic.example>",
                subject=icu(strings[f"{prefix}Subject"], subject_params),
                text=icu(strings[f"{prefix}Text"], params),
                html_part=icu(strings[f"{prefix}HTML"], params),
            )  # fmt: skip
            item = {
                "id": f"huly-{tid}-{lang}",
                "group": f"huly-{tid}",
                "source": "huly",
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": "hcengineering/platform",
                "path": f"{HULY_LANG.format(lang)}, {HULY_CODE}, server/account/src/operations.ts",
                "commit": HULY_COMMIT,
                "licence": "EPL-2.0",
                "rendered": (
                    f"{prefix}Subject/{prefix}Text/{prefix}HTML of the language's bundle, "
                    "{arguments} filled as translate() (IntlMessageFormat) does; text + html"
                ),
                "note": note,
            }
            write(items, item, raw)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--wso2", type=Path, required=True)
    ap.add_argument("--gravitee", type=Path, required=True)
    ap.add_argument("--logto", type=Path, required=True)
    ap.add_argument("--jahia", type=Path, required=True)
    ap.add_argument("--huly", type=Path, required=True)
    args = ap.parse_args()
    items: list[dict[str, Any]] = []
    wso2(args.wso2, items)
    gravitee(args.gravitee, items)
    logto(args.logto, items)
    jahia(args.jahia, items)
    huly(args.huly, items)
    out = HERE / "round9" / f"{NAME}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code -> {out}")


if __name__ == "__main__":
    main()
