"""Round 29, collector ``jvmgo`` (blind): Java server applications and Keycloak extensions
whose mails carry a code, with their sibling notices. Rendered from git snapshots at pinned
commits; no external tools.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_jvmgo.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round29/jvmgo.json``.

- ``thomasdarimont/keycloak-project-example`` (Apache-2.0), commit DARIMONT_COMMIT, the
  Keycloak extensions and the ``internal`` email theme of the "Acme" example. Files:
  ``keycloak/themes/internal/email/{html,text}/*.ftl`` (the theme's own ``template.ftl``
  layout with "Acme Header"/"Acme Footer"), ``keycloak/themes/internal/email/messages/
  messages_{en,de}.properties``; senders ``…/custom/auth/mfa/emailcode/
  EmailCodeAuthenticatorForm.java`` (``SecretGenerator.randomString(8, DIGITS)`` shown by
  ``toDisplayCode`` with a hyphen after the fourth digit; ``fromDisplayCode`` removes the
  hyphen before comparing), ``…/custom/profile/emailupdate/UpdateEmailRequiredAction.java``
  (``SecretGenerator.randomString(6).toLowerCase()``: letters and digits, lower case),
  ``…/custom/registration/formaction/WelcomeEmailFormAction.java``, ``…/custom/account/
  AccountActivity.java`` (MFA, passkey, trusted-device, blocked, updated, deletion mails,
  subject argument ``RealmUtils.getDisplayName``), ``…/custom/auth/magiclink/
  MagicLinkAuthenticator.java``. Keycloak's ``EmailTemplateProvider`` renders the html and
  the text template with FreeMarker and sends multipart/alternative (text, then html),
  UTF-8; the subject is the message key through ``java.text.MessageFormat`` with the realm's
  display name. Rendered here: a small FreeMarker subset (lines holding only directives are
  dropped as FreeMarker does; ``<#if>`` lines decided per mail; ``${…}`` looked up), the
  ``.properties`` read as Java does (``\\n``, ``\\uXXXX``), ``msg()`` through MessageFormat
  (a single apostrophe quotes and is dropped, ``''`` is one), a missing key prints itself (as
  Keycloak's ``msg`` does). ``kcSanitize`` (OWASP html sanitizer) is approximated: the text
  characters ``' " + = @ `` ` `` are written as numeric references as the OWASP encoder does,
  the tags in these strings are kept as written (the magic-link string's unbalanced ``<p>``
  are balanced as the sanitizer does). Mails in English and German: the e-mail access code
  (code), the e-mail verification code (code), the welcome mail, the magic link, MFA
  added/removed, passkey added/removed, trusted device added/removed, account blocked,
  account updated, account deletion request (no code).
- ``skydrinker-tox/keycloak-email-otp-authenticator`` (MIT), commit SKY_COMMIT. Files:
  ``src/main/resources/theme/email-otp-theme/email/{html,text}/code-email.ftl`` and
  ``…/email/messages/messages_{en,fr}.properties``; sender ``src/main/java/org/keycloak/
  extensions/authentication/authenticators/email/EmailOtpAuthenticatorForm.java``
  (``SecretGenerator.randomString(length, DIGITS)``, ``EmailOtpConstants.DEFAULT_LENGTH``
  6, ``DEFAULT_TTL`` 300 s; subject ``emailCodeSubject`` with the realm name). The html
  template is its own (no layout); rendered as above; English and French.
- ``elunez/eladmin`` (Apache-2.0), commit ELADMIN_COMMIT, the Spring Boot admin system.
  ``eladmin-system/src/main/resources/template/email.ftl`` filled by ``VerifyServiceImpl.
  sendEmail`` (Hutool ``TemplateUtil`` with FreeMarker, no html escaping; code
  ``RandomUtil.randomNumbers(6)``; subject "ELADMIN后台管理系统") and ``template/taskAlarm.ftl``
  filled by ``modules/quartz/utils/ExecutionJob.taskAlarm`` (subject
  ``定时任务【<job>】执行失败，请尽快处理！``, the failed job and its stack trace). Sent by
  ``eladmin-tools/…/service/impl/EmailServiceImpl.send`` through Hutool ``Mail``: From
  ``<user><<fromUser>>``, one ``text/html; charset=UTF-8`` body part inside a
  multipart/mixed (Hutool's ``MimeMultipart``). ``${.now?string("yyyy")}`` is the year of
  the fixed send date. Chinese only.

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from collect import HERE, message

OUT = HERE / "round29" / "jvmgo.json"
BASE_SENT = datetime(2026, 5, 11, 8, 17, 0, tzinfo=UTC)

DARIMONT = "thomasdarimont/keycloak-project-example"
DARIMONT_COMMIT = "188ff5af37169c3f5373e96de04ed0ce75dc40fc"
SKY = "skydrinker-tox/keycloak-email-otp-authenticator"
SKY_COMMIT = "a6be98cd89432783ce35ee2ea08c495adaa57636"
ELADMIN = "elunez/eladmin"
ELADMIN_COMMIT = "be2f1370f3b9cd2e9c1369a8026f3a54073edda5"

LICENCES = {DARIMONT: "Apache-2.0", SKY: "MIT", ELADMIN: "Apache-2.0"}


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


# --- Java / Keycloak helpers -------------------------------------------------------------


def java_properties(text: str) -> dict[str, str]:
    """java.util.Properties.load for these files: comments, key=value, escapes."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while line.endswith("\\") and not line.endswith("\\\\") and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        key, _, value = line.partition("=")
        value = value.lstrip()

        def unescape(m: re.Match) -> str:
            ch = m.group(1)
            if ch.startswith("u"):
                return chr(int(ch[1:], 16))
            return {"n": "\n", "t": "\t", "r": "\r"}.get(ch, ch)

        out[key.strip()] = re.sub(r"\\(u[0-9a-fA-F]{4}|.)", unescape, value)
    return out


def message_format(pattern: str, args: list[str]) -> str:
    """java.text.MessageFormat: '' is an apostrophe, a single ' quotes up to the next one
    (and is dropped), {n} outside quotes is the n-th argument."""
    out: list[str] = []
    i = 0
    quoted = False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            if i + 1 < len(pattern) and pattern[i + 1] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
            i += 1
            continue
        if ch == "{" and not quoted:
            end = pattern.index("}", i)
            out.append(args[int(pattern[i + 1 : end])])
            i = end + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


OWASP_TEXT = {"'": "&#39;", '"': "&#34;", "+": "&#43;", "=": "&#61;", "@": "&#64;", "`": "&#96;"}


def kc_sanitize(fragment: str) -> str:
    """kcSanitize for these strings: OWASP's encoder writes these characters of text and
    attribute values as numeric references; ``&`` of a URL as ``&amp;``; tags kept."""
    out: list[str] = []
    for part in re.split(r"(<[^>]*>)", fragment):
        if part.startswith("<"):
            m = re.fullmatch(r'<a href="([^"]*)">', part)
            if m:
                url = m.group(1).replace("&", "&amp;")
                part = '<a href="' + "".join(OWASP_TEXT.get(c, c) for c in url) + '">'
            out.append(part)
        else:
            out.append("".join(OWASP_TEXT.get(c, c) for c in part))
    return "".join(out)


def ftl_render(template: str, values: dict[str, str], conditions: dict[str, bool]) -> str:
    """The FreeMarker subset these templates use: lines holding only directives vanish
    (``<#if cond>`` … ``</#if>`` keep their inside when ``conditions[cond]``), ``${expr}``
    is replaced by ``values[expr]``."""
    out: list[str] = []
    keep: list[bool] = []
    for line in template.splitlines(keepends=True):
        stripped = line.strip()
        m = re.fullmatch(r"<#if (.*)>", stripped)
        if m:
            keep.append(conditions[m.group(1)])
            continue
        if stripped == "</#if>":
            keep.pop()
            continue
        if re.fullmatch(r"(</?[#@][^>]*>\s*)+", stripped):
            continue
        if not all(keep):
            continue
        out.append(re.sub(r"\$\{(.*?)\}(?=[^}]|$)", lambda m: values[m.group(1)], line))
    return "".join(out)


def layout(layout_template: str, nested: str) -> str:
    """The theme's ``emailLayout`` macro: its lines, ``<#nested>`` replaced by the body."""
    lines = []
    for line in layout_template.splitlines(keepends=True):
        stripped = line.strip()
        if stripped == "<#nested>":
            lines.append(nested)
        elif re.fullmatch(r"</?#macro[^>]*>", stripped):
            continue
        else:
            lines.append(line)
    return "".join(lines)


# --- thomasdarimont/keycloak-project-example ------------------------------------------------

DM_THEME = "keycloak/themes/internal/email/"
DM_JAVA = "keycloak/extensions/src/main/java/com/github/thomasdarimont/keycloak/custom/"
DM_USERS = {
    "en": dict(
        sender="Acme Internal <no-reply@id.acme-internal.example>",
        realm="Acme Internal",
        username="noor.tester",
        display="Noor Tester",
        new_email="noor.tester@acme-mail.example",
        device="Chrome on Windows (Dell Latitude)",
        passkey="YubiKey 5C NFC",
        host="id.acme-internal.example",
    ),
    "de": dict(
        sender="Acme Intern <no-reply@id.acme-intern.example>",
        realm="Acme Intern",
        username="jonas.becker",
        display="Jonas Becker",
        new_email="jonas.becker@acme-post.example",
        device="Firefox auf Linux (ThinkPad T14)",
        passkey="Windows Hello",
        host="id.acme-intern.example",
    ),
}
DM_EMAIL_CODES = {"en": "48291735", "de": "73058264"}  # randomString(8, DIGITS)
DM_VERIFY_CODES = {"en": "k7q2xm", "de": "4hwt9p"}  # randomString(6).toLowerCase()


def darimont(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return git_show(mirrors, DARIMONT, DARIMONT_COMMIT, path)

    html_layout = show(DM_THEME + "html/template.ftl")
    text_layout = show(DM_THEME + "text/template.ftl")
    out = []
    for lang, u in DM_USERS.items():
        props_path = f"{DM_THEME}messages/messages_{lang}.properties"
        props = java_properties(show(props_path))

        def msg(key: str, *args: str, props: dict[str, str] = props) -> str:
            return message_format(props[key], list(args)) if key in props else key

        code = DM_EMAIL_CODES[lang]
        display_code = code[:4] + "-" + code[4:]
        vcode = DM_VERIFY_CODES[lang]
        session_key = {"en": "3f9c2a71-5b8e-4d06-a4c7-91e2b0d5f6a8",
                       "de": "c81d4e2f-07a3-4b95-8e6c-2f5a9d1b7e40"}[lang]  # fmt: skip
        magic = (
            f"https://{u['host']}/realms/acme-internal/login-actions/authenticate?"
            f"execution=7a2e91c4-3d5b-4f80-b6a1-0c9e8d7f2b35&client_id=acme-account-console"
            f"&tab_id=Xq4Vn8Lr2Tw&magicLinkSessionKey={session_key}"
        )
        deletion = (
            f"https://{u['host']}/realms/acme-internal/login-actions/action-token?key="
            "eyJhbGciOiJIUzUxMiIsInR5cCIgOiAiSldUIiwia2lkIiA6ICI5YzJmIn0.eyJleHAiOjE3NzgwMDAw"
            "MDAsInR5cCI6ImFjbWUtcmVxdWVzdC1hY2NvdW50ZGVsZXRpb24ifQ.q3Zr8TnW5xKp2LmV7cYb4HdJ"
            "&client_id=acme-account-console"
        )
        user = u["username"]
        # (ident, template, subject key, kind, code, values of the html and text ${...},
        #  conditions, note)
        mails = [
            ("email-code", "code-email", "emailCodeSubject", "saas-otp", code,
             {'kcSanitize(msg("emailCodeBody", code))?no_esc':
                  kc_sanitize(msg("emailCodeBody", display_code)),
              'msg("emailCodeBody", code)': msg("emailCodeBody", display_code)},
             {}, "e-mail access code, eight digits shown as 4829-1735 (toDisplayCode adds the "
                 "hyphen, fromDisplayCode removes it: a separator for reading)"),
            ("verify-email-code", "acme-email-verification-with-code", "acmeEmailVerifySubject",
             "saas-otp", vcode,
             {'kcSanitize(msg("acmeEmailVerificationBodyCodeHtml",code))?no_esc':
                  kc_sanitize(msg("acmeEmailVerificationBodyCodeHtml", vcode)),
              'msg("acmeEmailVerificationBodyCode",code)': msg("acmeEmailVerificationBodyCode", vcode)},
             {}, "e-mail change verification code, six lower-case letters and digits"),
            ("welcome", "acme-welcome", "acmeWelcomeSubject", "notice", None,
             {'kcSanitize(msg("acmeWelcomeBodyHtml",realm.displayName, username, userDisplayName))?no_esc':
                  kc_sanitize(msg("acmeWelcomeBodyHtml", u["realm"], user, u["display"])),
              'msg("acmeWelcomeBodyHtml",realm.displayName, username, userDisplayName)':
                  msg("acmeWelcomeBodyHtml", u["realm"], user, u["display"])},
             {}, "welcome notice with the username, no code"),
            ("magic-link", "acme-magic-link", "acmeMagicLinkEmailSubject", "notice", None,
             {'kcSanitize(msg("acmeMagicLinkEmailBodyHtml", userDisplayName, link))?no_esc':
                  kc_sanitize(msg("acmeMagicLinkEmailBodyHtml", u["display"], magic))
                  .replace(",<p><p>", ",</p><p></p><p>"),
              'msg("acmeMagicLinkEmailBody", userDisplayName, link)':
                  msg("acmeMagicLinkEmailBody", u["display"], magic)},
             {}, "sign-in link only, no code"),
            ("mfa-added", "acme-mfa-added", "acmeMfaAddedSubject", "notice", None,
             {'kcSanitize(msg("acmeMfaAddedBodyHtml",user.username,msg(mfaInfo.type)))?no_esc':
                  kc_sanitize(msg("acmeMfaAddedBodyHtml", user, msg("otp"))),
              'msg("acmeMfaAddedBody",user.username,msg(mfaInfo.type))':
                  msg("acmeMfaAddedBody", user, msg("otp")),
              "kcSanitize(mfaInfo.label)": "OTP"},
             {"mfaInfo.label?? && mfaInfo.label?has_content": True},
             "notice: an authenticator app (type otp, label OTP) was added, no code"),
            ("mfa-removed", "acme-mfa-removed", "acmeMfaRemovedSubject", "notice", None,
             {'kcSanitize(msg("acmeMfaRemovedBodyHtml",user.username,msg(mfaInfo.type)))?no_esc':
                  kc_sanitize(msg("acmeMfaRemovedBodyHtml", user, msg("mfa-email-code"))),
              'msg("acmeMfaRemovedBody",user.username,msg(mfaInfo.type))':
                  msg("acmeMfaRemovedBody", user, msg("mfa-email-code"))},
             {"mfaInfo.label?? && mfaInfo.label?has_content": False},
             "notice: the e-mail code factor was removed (no label), no code"),
            ("passkey-added", "acme-passkey-added", "acmePasskeyAddedSubject", "notice", None,
             {'kcSanitize(msg("acmePasskeyAddedBodyHtml",user.username,msg(passkeyInfo.label)))?no_esc':
                  kc_sanitize(msg("acmePasskeyAddedBodyHtml", user, msg(u["passkey"]))),
              'msg("acmePasskeyAddedBody",user.username,msg(passkeyInfo.label))':
                  msg("acmePasskeyAddedBody", user, msg(u["passkey"])),
              "kcSanitize(passkeyInfo.label)": kc_sanitize(u["passkey"])},
             {"passkeyInfo.label?? && passkeyInfo.label?has_content": True},
             "notice: a passkey was added, no code"),
            ("passkey-removed", "acme-passkey-removed", "acmePasskeyRemovedSubject", "notice", None,
             {'kcSanitize(msg("acmePasskeyRemovedBodyHtml",user.username,msg(passkeyInfo.label)))?no_esc':
                  kc_sanitize(msg("acmePasskeyRemovedBodyHtml", user, msg(u["passkey"]))),
              'msg("acmePasskeyRemovedBody",user.username,msg(passkeyInfo.label))':
                  msg("acmePasskeyRemovedBody", user, msg(u["passkey"])),
              "kcSanitize(passkeyInfo.label)": kc_sanitize(u["passkey"])},
             {"passkeyInfo.label?? && passkeyInfo.label?has_content": True},
             "notice: a passkey was removed, no code"),
            ("trusted-device-added", "acme-trusted-device-added", "acmeTrustedDeviceAddedSubject",
             "notice", None,
             {'kcSanitize(msg("acmeTrustedDeviceAddedBodyHtml",user.username,trustedDeviceInfo.deviceName))?no_esc':
                  kc_sanitize(msg("acmeTrustedDeviceAddedBodyHtml", user, u["device"])),
              'msg("acmeTrustedDeviceAddedBody",user.username,trustedDeviceInfo.deviceName)':
                  msg("acmeTrustedDeviceAddedBody", user, u["device"])},
             {}, "notice: a trusted device was added, no code"),
            ("trusted-device-removed", "acme-trusted-device-removed",
             "acmeTrustedDeviceRemovedSubject", "notice", None,
             {'kcSanitize(msg("acmeTrustedDeviceRemovedBodyHtml",user.username,trustedDeviceInfo.deviceName))?no_esc':
                  kc_sanitize(msg("acmeTrustedDeviceRemovedBodyHtml", user, u["device"])),
              'msg("acmeTrustedDeviceRemovedBody",user.username,trustedDeviceInfo.deviceName)':
                  msg("acmeTrustedDeviceRemovedBody", user, u["device"])},
             {}, "notice: a trusted device was removed, no code"),
            ("account-blocked", "acme-account-blocked", "acmeAccountBlockedSubject", "notice", None,
             {'kcSanitize(msg("acmeAccountBlockedBodyHtml",user.username))?no_esc':
                  kc_sanitize(msg("acmeAccountBlockedBodyHtml", user)),
              'msg("acmeAccountBlockedBody",user.username)': msg("acmeAccountBlockedBody", user)},
             {}, "notice: account locked after failed logins, no code"),
            ("account-updated", "acme-account-updated", "acmeAccountUpdatedSubject", "notice", None,
             {'kcSanitize(msg("acmeAccountUpdatedBodyHtml",user.username,update.changedAttribute,update.changedValue))?no_esc':
                  kc_sanitize(msg("acmeAccountUpdatedBodyHtml", user, "email", u["new_email"])),
              'msg("acmeAccountUpdatedBodyHtml",user.username,update.changedAttribute,update.changedValue)':
                  msg("acmeAccountUpdatedBodyHtml", user, "email", u["new_email"])},
             {}, "notice: e-mail address changed (AcmeAuditListener: AccountChange('email', "
                 "new address)); the text part prints the Html string as the template asks, no code"),
            ("account-deletion", "acme-account-deletion-requested",
             "acmeAccountDeletionRequestedSubject", "notice", None,
             {'kcSanitize(msg("acmeAccountDeletionRequestedBodyHtml",user.username,actionTokenUrl))?no_esc':
                  kc_sanitize(msg("acmeAccountDeletionRequestedBodyHtml", user, deletion)),
              'msg("acmeAccountDeletionRequestedBody",user.username,actionTokenUrl)':
                  msg("acmeAccountDeletionRequestedBody", user, deletion)},
             {}, "confirmation link only (action token in the link), no code"),
        ]  # fmt: skip
        for ident, tpl, subject_key, kind, label, values, conditions, note in mails:
            html_tpl = show(f"{DM_THEME}html/{tpl}.ftl")
            text_tpl = show(f"{DM_THEME}text/{tpl}.ftl")
            html_part = layout(html_layout, ftl_render(html_tpl, values, conditions))
            text = layout(text_layout, ftl_render(text_tpl, values, conditions))
            raw = message(
                sender=u["sender"],
                subject=msg(subject_key, u["realm"]),
                text=text,
                html_part=html_part,
                sent=BASE_SENT + timedelta(minutes=37 * len(out) + (0 if lang == "en" else 900)),
            )
            sender_java = {
                "code-email": "auth/mfa/emailcode/EmailCodeAuthenticatorForm.java",
                "acme-email-verification-with-code": "profile/emailupdate/UpdateEmailRequiredAction.java",
                "acme-welcome": "registration/formaction/WelcomeEmailFormAction.java",
                "acme-magic-link": "auth/magiclink/MagicLinkAuthenticator.java",
            }.get(tpl, "account/AccountActivity.java")  # fmt: skip
            meta = dict(
                id=f"darimontkc-{ident}-{lang}",
                source="darimontkc",
                lang=lang,
                kind=kind,
                code=label,
                repository=DARIMONT,
                path=(
                    f"{DM_THEME}html/{tpl}.ftl ; {DM_THEME}text/{tpl}.ftl ; {DM_THEME}html/"
                    f"template.ftl ; {DM_THEME}text/template.ftl ; {props_path} ; "
                    f"{DM_JAVA}{sender_java}"
                ),
                commit=DARIMONT_COMMIT,
                licence=LICENCES[DARIMONT],
                rendered=(
                    "Keycloak EmailTemplateProvider as done here: html and text FreeMarker "
                    "templates in the theme's emailLayout, msg() through java.text.MessageFormat, "
                    "kcSanitize approximated; subject MessageFormat with the realm display "
                    "name; multipart/alternative text + html, UTF-8"
                ),
                note=note,
            )
            out.append((meta, raw))
    return out


# --- skydrinker-tox/keycloak-email-otp-authenticator ------------------------------------------

SKY_THEME = "src/main/resources/theme/email-otp-theme/email/"
SKY_JAVA = "src/main/java/org/keycloak/extensions/authentication/authenticators/email/"


def skydrinker(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return git_show(mirrors, SKY, SKY_COMMIT, path)

    cases = [
        ("en", "Harbourside Dental <login@harbourside-dental.example>", "Harbourside Dental",
         "615087", "health-otp"),
        ("fr", "Mairie de Villeurbanne <connexion@villeurbanne-services.example>",
         "Mairie de Villeurbanne", "290473", "gov-otp"),
    ]  # fmt: skip
    html_tpl = show(SKY_THEME + "html/code-email.ftl")
    text_tpl = show(SKY_THEME + "text/code-email.ftl")
    out = []
    for n, (lang, sender, realm, code, kind) in enumerate(cases):
        props_path = f"{SKY_THEME}messages/messages_{lang}.properties"
        props = java_properties(show(props_path))
        body = message_format(props["emailCodeBody"], [code, str(300)])
        values = {
            'kcSanitize(msg("emailCodeBody", code, ttl))?no_esc': kc_sanitize(body),
            'msg("emailCodeBody", code, ttl)': body,
        }
        raw = message(
            sender=sender,
            subject=message_format(props["emailCodeSubject"], [realm]),
            text=ftl_render(text_tpl, values, {}),
            html_part=ftl_render(html_tpl, values, {}),
            sent=BASE_SENT + timedelta(days=2, minutes=53 * n),
        )
        meta = dict(
            id=f"kcemailotpsky-access-code-{lang}",
            source="kcemailotpsky",
            lang=lang,
            kind=kind,
            code=code,
            repository=SKY,
            path=(
                f"{SKY_THEME}html/code-email.ftl ; {SKY_THEME}text/code-email.ftl ; {props_path} ; "
                f"{SKY_JAVA}EmailOtpAuthenticatorForm.java ; {SKY_JAVA}EmailOtpConstants.java"
            ),
            commit=SKY_COMMIT,
            licence=LICENCES[SKY],
            rendered=(
                "Keycloak EmailTemplateProvider as done here: the extension's html and text "
                "FreeMarker templates (no layout), msg() through java.text.MessageFormat with "
                "code and ttl 300, kcSanitize approximated; multipart/alternative, UTF-8"
            ),
            note="six-digit e-mail OTP (default length 6, ttl 300 s)"
            + ("; MessageFormat turns '' into one apostrophe" if lang == "fr" else ""),
        )
        out.append((meta, raw))
    return out


# --- elunez/eladmin -----------------------------------------------------------------------

ELADMIN_TPL = "eladmin-system/src/main/resources/template/"
ELADMIN_FROM = "eladmin<notice@ops.hengda-logistics.example>"
ELADMIN_STACK = (
    "java.lang.reflect.InvocationTargetException\n"
    "\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:118)\n"
    "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)\n"
    "\tat me.zhengjie.modules.quartz.utils.QuartzRunnable.call(QuartzRunnable.java:56)\n"
    "\tat me.zhengjie.modules.quartz.utils.ExecutionJob.executeInternal(ExecutionJob.java:86)\n"
    "Caused by: java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not "
    "available, request timed out after 30004ms.\n"
    "\tat com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)\n"
)


def hutool_mail(sender: str, subject: str, html_body: str, sent: datetime) -> bytes:
    """Hutool ``Mail``: a multipart/mixed holding one text/html UTF-8 body part."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(sent)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["MIME-Version"] = "1.0"
    msg.make_mixed()
    part = EmailMessage()
    part.set_content(html_body, subtype="html", charset="utf-8")
    del part["MIME-Version"]
    msg.attach(part)
    msg.set_boundary("=_corpus_mixed_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def eladmin(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return git_show(mirrors, ELADMIN, ELADMIN_COMMIT, path)

    out = []
    sent = BASE_SENT + timedelta(days=3)
    year = sent.strftime("%Y")
    code = "504817"  # RandomUtil.randomNumbers(6)
    page = show(ELADMIN_TPL + "email.ftl")
    page = page.replace("${code}", code).replace('${.now?string("yyyy")}', year)
    assert "${" not in page
    meta = dict(
        id="eladmin-email-code-zh",
        source="eladmin",
        lang="zh",
        kind="saas-otp",
        code=code,
        repository=ELADMIN,
        path=(
            f"{ELADMIN_TPL}email.ftl ; eladmin-system/src/main/java/me/zhengjie/modules/system/"
            "service/impl/VerifyServiceImpl.java ; eladmin-tools/src/main/java/me/zhengjie/"
            "service/impl/EmailServiceImpl.java"
        ),
        commit=ELADMIN_COMMIT,
        licence=LICENCES[ELADMIN],
        rendered=(
            "FreeMarker (Hutool TemplateUtil, no escaping) ${code} and the year filled; Hutool "
            "Mail: multipart/mixed with one text/html UTF-8 part"
        ),
        note="six-digit e-mail verification code (RandomUtil.randomNumbers(6)) in its own <p>",
    )
    out.append((meta, hutool_mail(ELADMIN_FROM, "ELADMIN后台管理系统", page, sent)))

    job = dict(
        jobName="同步运单状态",
        beanName="waybillSyncTask",
        methodName="run",
        params="carrier=SF&batch=200",
        cronExpression="0 0/10 * * * ?",
        description="每10分钟从承运商接口同步运单轨迹",
    )
    page = show(ELADMIN_TPL + "taskAlarm.ftl")
    for key, value in job.items():
        page = page.replace("${task." + key + "}", value)
        page = page.replace("${(task." + key + ')!""}', value)
    page = page.replace("${msg}", ELADMIN_STACK).replace('${.now?string("yyyy")}', year)
    assert "${" not in page
    meta = dict(
        id="eladmin-task-alarm-zh",
        source="eladmin",
        lang="zh",
        kind="notice",
        code=None,
        repository=ELADMIN,
        path=(
            f"{ELADMIN_TPL}taskAlarm.ftl ; eladmin-system/src/main/java/me/zhengjie/modules/"
            "quartz/utils/ExecutionJob.java ; eladmin-tools/src/main/java/me/zhengjie/service/"
            "impl/EmailServiceImpl.java"
        ),
        commit=ELADMIN_COMMIT,
        licence=LICENCES[ELADMIN],
        rendered=(
            "FreeMarker (Hutool TemplateUtil, no escaping) with the failed job and its stack "
            "trace; Hutool Mail: multipart/mixed with one text/html UTF-8 part"
        ),
        note="scheduled-task failure alarm: job table and stack trace (numbers are line "
        "numbers and timeouts), no code",
    )
    subject = "定时任务【" + job["jobName"] + "】执行失败，请尽快处理！"
    out.append((meta, hutool_mail(ELADMIN_FROM, subject, page, sent + timedelta(minutes=41))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (darimont, skydrinker, eladmin):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            if meta.get("note"):
                item["note"] = meta["note"]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
