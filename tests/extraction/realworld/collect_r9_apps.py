"""Round nine (``apps``): codes that web apps mail to type, and their notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r9_apps.py \\
        --ente /work/.mirror/ente-io+ente/repo \\
        --joomlagerman /work/.mirror/joomlagerman+joomla/repo

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- ``--ente``: a git snapshot of ente-io/ente (AGPL-3.0), the museum server's
  ``server/mail-templates/*.html`` (Go ``html/template``). Filled as
  ``server/pkg/utils/email/email.go`` does: ``getMailBody`` executes one file,
  ``getMailBodyWithBase`` executes ``base.html``'s ``base`` template with the file's
  ``content`` block; the simple ``{{.Name}}`` / ``{{ .Name }}`` actions are replaced by the
  value escaped as ``html/template`` escapes it, HTML comments are dropped (as
  ``html/template`` drops them) and ``{{ if .App }}...{{ end }}`` is dropped (``App`` is only set for
  ``@ente.io`` staff). Mails are HTML only (``text/html``), as ``sendViaSMTP`` sends them;
  the inline images a few templates attach by ``cid:`` are not attached. Subjects, senders and
  data as in ``userauth.go`` (``emailOTT``: subject ``Verification code: <ott>``, the OTT from
  ``random.GenerateSixDigitOtp``, six digits, zero-padded), ``email_notification.go``,
  ``user.go``, ``family/admin.go`` and ``discountcoupon/controller.go``.
- Plausible (plausible/analytics, AGPL-3.0): too large to fetch, the HEEx templates were read
  one by one (commits in each item) and are held inline below. Rendered as
  ``lib/plausible_web/email.ex`` does: the ``priority_email.html`` layout (``Hey <first
  name>,``, the EE sign-off, ``https://plausible.io``) around the template, the HTML body,
  and a text body made by ``textify`` (links as ``text (href)``, ``<br>`` as a new line, runs
  of spaces collapsed). The activation code is ``Enum.random(1000..9999)``
  (``lib/plausible/auth/email_activation_code.ex``).
- Joomla (joomla/joomla-cms, GPL-2.0-or-later; the German pack joomlagerman/joomla,
  GPL-2.0): the language strings of the mail templates ``plg_multifactorauth_email.mail``
  (Multi-factor Authentication code by e-mail, six digits) and ``com_users.password_reset``
  / ``com_users.reminder`` / ``com_users.registration.user.registration_mail`` are filled as
  ``Joomla\\CMS\\Mail\\MailTemplate`` does (``{TAG}`` replaced, ``\\n`` in the ini strings
  turned into new lines by ``Text::_``) and sent as plain text (``com_mails`` default
  ``mail_style`` ``plaintext``). The en-GB strings were read with ``read_file`` and are held
  inline; the de-DE strings come from the joomlagerman snapshot. The password-reset token is
  ``ApplicationHelper::getHash(UserHelper::genRandomPassword())`` (32 hex digits) and the
  mail asks the reader to submit it as the verification code.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from collect import HERE, message

OUT = HERE / "round9" / "apps.json"
SENT = datetime(2026, 12, 1, 8, 17, 42, tzinfo=UTC)


def _digits(seed: str, n: int) -> str:
    return f"{int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 10**n:0{n}d}"


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


# ---------------------------------------------------------------------------------------
# Ente

ENTE_COMMIT = "a621d733154a834f23754e7e874de769be532d9d"
TPL = "server/mail-templates"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _go_fill(tpl: str, data: dict[str, str]) -> str:
    tpl = re.sub(r"\{\{ ?if \.App ?\}\}.*?\{\{ ?end ?\}\}", "", tpl, flags=re.S)
    tpl = re.sub(r"<!--.*?-->", "", tpl, flags=re.S)  # html/template drops HTML comments

    def sub(m: re.Match[str]) -> str:  # html/template's htmlEscaper (values hold no URL quirks)
        v = data[m.group(1)]
        for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&#34;"),
                     ("'", "&#39;"), ("+", "&#43;")):  # fmt: skip
            v = v.replace(a, b)
        return v

    out = re.sub(r"\{\{ ?\.(\w+) ?\}\}", sub, tpl)
    if "{{" in out:
        raise SystemExit("unfilled Go template action")
    return out


def _go_with_base(base: str, page: str, data: dict[str, str]) -> str:
    body = re.search(r'\{\{define "base"\}\}(.*)\{\{end\}\}', base, re.S)
    content = re.search(r'\{\{define "content"\}\}(.*)\{\{end\}\}', page, re.S)
    if not body or not content:
        raise SystemExit("base/content not found")
    merged = re.sub(
        r'\{\{block "content" \.\}\}.*?\{\{end\}\}', lambda _m: content.group(1), body.group(1)
    )
    return _go_fill(merged, data)


ENTE_PLAN = [
    # (template, subject, sender, data, code?, base?, kind, note)
    ("ott", "Verification code: {c}", "Ente <verify@ente.com>", {}, True, False, "saas-otp",
     "login / sign-up code (web and desktop)"),
    ("ott_mobile", "Verification code: {c}", "Ente <verify@ente.com>", {}, True, False,
     "saas-otp", "Photos mobile: a verify button (the code in its URL) and the code to enter"),
    ("ott_change_email", "Verification code: {c}", "Ente <verify@ente.com>", {}, True, False,
     "saas-otp", "code to confirm a change of e-mail address"),
    ("on_login", "New login to your Ente account", "Ente <team@ente.com>",
     {"Date": "28 Nov, 2026 17:42"}, False, False, "notice", "new-login notice, date only"),
    ("email_changed", "Email address updated", "ente <team@ente.com>",
     {"NewEmail": "noor.t.2026@example.org"}, False, False, "notice",
     "e-mail changed notice, no code"),
    ("discount_coupon_kagi", "Ente Friends - Kagi trial code", "Ente <team@ente.com>",
     {"CouponCode": "K7QF2M9XRD4B", "ProviderName": "Kagi"}, False, True, "other",
     "a partner's trial coupon code (promotion code, not a one-time code to confirm anything);"
     " the value is invented (Ente mails codes from a stored list)"),
    ("discount_coupon_tuta", "Ente Friends - Tuta discount code", "Ente <team@ente.com>",
     {"CouponCode": "TUTA-ENTE-4H8W2Q", "ProviderName": "Tuta"}, False, True, "other",
     "a partner's discount code (promotion code); the value is invented"),
    ("family_invited", "You've been invited to join a family on Ente!", "Ente <team@ente.com>",
     {"AdminEmailID": "amira.haddad@example.com", "MemberEmailID": "noor.tester@example.com",
      "FamilyInviteLink": "https://family.ente.io?inviteToken=f3c9a1e7-52b4-4d0e-9a86-1b7e3c2d5f90"},
     False, False, "notice", "family-plan invitation link, nothing to type"),
    ("account_deleted", "Your Ente account has been deleted", "Ente <team@ente.com>",
     {"AccountRecoveryLink": "https://api.ente.io/users/recover-account?token=eyJhbGciOiJIUzI1NiIs"
      "InR5cCI6IkpXVCJ9.eyJ1c2VySUQiOjE1ODA0MjcsImV4cCI6MTc5NzQwODAwMCwic2NvcGUiOiJyZXN0b3JlQWNj"
      "b3VudCJ9.3qY0vJm8kq1N5Rb2QwVtXH7fPz9cLdS4eUaG6oTiBnM"},
     False, False, "notice", "account-deletion notice with a recovery link"),
    ("subscription_upgraded", "Thank you for choosing Ente!", "Ente <team@ente.com>", {},
     False, False, "invoice", "subscription thank-you, no code"),
    ("storage_limit_exceeded", "[Alert] You have exceeded your storage limit",
     "Ente <team@ente.com>", {}, False, False, "notice", "storage alert, no code"),
]  # fmt: skip


def ente(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    base = _show(repo, ENTE_COMMIT, f"{TPL}/base.html")
    for name, subject, sender, data, has_code, with_base, kind, note in ENTE_PLAN:
        page = _show(repo, ENTE_COMMIT, f"{TPL}/{name}.html")
        data = dict(data)
        code = None
        if has_code:
            code = _digits(f"r9apps:ente:{name}", 6)
            data["VerificationCode"] = code
        body = _go_with_base(base, page, data) if with_base else _go_fill(page, data)
        raw = message(
            sender=sender, subject=subject.format(c=code), text=None, html_part=body, sent=SENT
        )
        ident = f"ente-{name.replace('_', '-')}-en"
        rel, sha = _write(ident, "ente", raw)
        paths = f"{TPL}/{name}.html" + (f", {TPL}/base.html" if with_base else "")
        items.append({
            "id": ident, "group": f"ente-{name.replace('_', '-')}", "source": "ente",
            "lang": "en", "kind": kind, "code": code, "repository": "ente-io/ente",
            "path": paths + ", server/pkg/utils/email/email.go", "commit": ENTE_COMMIT,
            "licence": "AGPL-3.0",
            "rendered": "Go html/template actions filled as email.go does (getMailBody"
            + (" with base.html" if with_base else "") + "), HTML only, inline images left out",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Plausible (templates read with read_file; held inline, commits per file)

PLAUSIBLE_LAYOUT = (  # lib/plausible_web/templates/layout/priority_email.html.heex @ 4bf290d2
    "{greet}\n<br /><br />\n\n{inner}\n<br /><br />\n\n"
    "\n  Regards,<br /> The Plausible Team 💌 <br /><br />\n\n"
    '-- <br /><br />\n<a href="https://plausible.io">https://plausible.io</a>\n<br />\n'
)
PLAUSIBLE = [
    # (name, template commit, subject, body (HEEx filled), layout?, code?, kind, note)
    ("activation_email", "b99b99552472cdaf77e42d9c3ac79e1e09163e10",
     "{code} is your Plausible email verification code",
     "Enter {code} to verify your email address. This code will expire in 4 hours.\n"
     "<br /><br />\nIf you didn’t try to sign up for Plausible Analytics, you can safely ignore"
     " this email.\n", True, True, "saas-otp", "four-digit e-mail verification code"),
    ("two_factor_enabled_email", "4ecd27e5d12f4c980bc9062b45653504f0bc008b",
     "Plausible Two-Factor Authentication enabled",
     "Two-factor authentication is now enabled on your account.", True, False, "notice",
     "2FA-enabled notice, no code"),
    ("password_reset_email", "0d35a261cc0102a08ee3738338f4ef7556f82b9b",
     "Plausible password reset",
     '<a href="https://plausible.io/password/reset?token=SFMyNTY.g2gDdAAAAAF3BWVtYWlsbQAAABdub29y'
     'LnRlc3RlckBleGFtcGxlLmNvbW4GAKjc7ymaAWIAAA4Q.4x9Vb0kWqY3zR1mTj7sLpN2cE8uH6aDfG5oKiXw">'
     "Click here</a>\nto reset your Plausible password.<br /><br />\nThis link will expire in 1"
     " hour. If you don't use it by then, you can request another login link.\n",
     False, False, "notice", "password-reset link (a signed token in the URL), nothing to type"),
    ("yearly_renewal_notification", "299e59afc24739159f3150a743b629358dd6a8d5",
     "Your Plausible subscription is up for renewal",
     "Time flies! This is a reminder that your annual subscription for Plausible Analytics is"
     " due to renew on January 7, 2027. We will automatically charge €190 from your"
     " preferred billing method. <br /><br />\nThere's no action required if you're happy to"
     " continue using Plausible to count your website stats in a privacy-friendly way.\n"
     "<br /><br /> If you don't want to continue your subscription, you can cancel it on your\n"
     '<a href="https://plausible.io/settings?__team=6b0e2f94-3c1d-4a57-8e29-d5f0a7c3b186">account'
     " settings page</a>.\n<br /><br />\nBTW, most of our subscribers come from word of mouth,"
     " so if you love Plausible, and know someone else who might find it useful, we'd"
     " appreciate if you'd let them know. Thank you!\n<br /><br /> Have a question, feedback"
     " or need some guidance? Do reply back to this email.\n",
     True, False, "invoice", "renewal reminder: date and amount, no code"),
]  # fmt: skip
PLAUSIBLE_EMAIL_EX = "f621e589f4691a84dbe610ed1ab22c2a3b67fc53"


def _textify(page: str) -> str:
    """PlausibleWeb.Email.textify: text nodes' new lines -> spaces, <a> -> 'text (href)',
    <br> -> new line, tags dropped, spaces collapsed line by line."""
    page = page.replace("\n", " ")
    page = re.sub(
        r'<a href="([^"]*)">(.*?)</a>',
        lambda m: m.group(2) if m.group(2) == m.group(1) else f"{m.group(2)} ({m.group(1)})",
        page,
    )
    page = re.sub(r"<br ?/?>", "\n", page)
    page = html.unescape(re.sub(r"<[^>]+>", "", page))
    return "\n".join(" ".join(x for x in line.split(" ") if x) for line in page.split("\n"))


def plausible() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for name, commit, subject, body, layout, has_code, kind, note in PLAUSIBLE:
        code = str(1000 + int(_digits(f"r9apps:plausible:{name}", 6)) % 9000) if has_code else None
        inner = body.replace("{code}", code or "")
        page = PLAUSIBLE_LAYOUT.format(greet="Hey Noor,", inner=inner) if layout else inner
        raw = message(
            sender="Plausible Analytics <hello@plausible.io>",
            subject=subject.replace("{code}", code or ""),
            text=_textify(page), html_part=page, sent=SENT,
        )  # fmt: skip
        ident = f"plausible-{name.replace('_', '-')}-en"
        rel, sha = _write(ident, "plausible", raw)
        tpl = f"lib/plausible_web/templates/email/{name}.html.heex"
        items.append({
            "id": ident, "group": f"plausible-{name.replace('_', '-')}", "source": "plausible",
            "lang": "en", "kind": kind, "code": code, "repository": "plausible/analytics",
            "path": tpl + (", lib/plausible_web/templates/layout/priority_email.html.heex"
                           " (4bf290d26e5d76ee7e53522cd1db148b4a0460ab)" if layout else "")
            + f", lib/plausible_web/email.ex ({PLAUSIBLE_EMAIL_EX})",
            "commit": commit, "licence": "AGPL-3.0",
            "rendered": "HEEx filled by hand as email.ex renders it (priority layout, EE"
            " sign-off" if layout else "HEEx filled by hand as email.ex renders it (no layout",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
        items[-1]["rendered"] += "), HTML + textify() text alternative"
    return items


# ---------------------------------------------------------------------------------------
# Joomla

JOOMLA_EN_MFA_COMMIT = "16f49ad040eb2fccd8029ee702658bab7aa12a6e"
JOOMLA_EN_USERS_COMMIT = "052e1b5a630bba35fa2ba67eebf14949c3cd539a"
JOOMLA_EN = {  # administrator/language/en-GB/plg_multifactorauth_email.ini, language/en-GB/com_users.ini
    "PLG_MULTIFACTORAUTH_EMAIL_EMAIL_BODY":
        "Multi-factor Authentication on {SITENAME}. Your authentication code is {CODE}.",
    "PLG_MULTIFACTORAUTH_EMAIL_EMAIL_SUBJECT": "Your {SITENAME} authentication code is -{CODE}-",
    "COM_USERS_EMAIL_PASSWORD_RESET_BODY":
        "Hello,\\n\\nA request has been made to reset your {SITENAME} account password. To reset"
        " your password, you will need to submit this verification code to verify that the"
        " request was legitimate.\\n\\nThe verification code is {TOKEN}\\n\\nSelect the URL below"
        " and proceed with resetting your password.\\n\\n{LINK_TEXT} \\n\\nThank you.",
    "COM_USERS_EMAIL_PASSWORD_RESET_SUBJECT": "Your {SITENAME} password reset request",
    "COM_USERS_EMAIL_USERNAME_REMINDER_BODY":
        "Hello,\\n\\nA username reminder has been requested for your {SITENAME} account.\\n\\n"
        "Your username is {USERNAME}.\\n\\nTo login to your account, select the link below.\\n\\n"
        "{LINK_TEXT} \\n\\nThank you.",
    "COM_USERS_EMAIL_USERNAME_REMINDER_SUBJECT": "Your {SITENAME} username",
    "COM_USERS_EMAIL_REGISTERED_WITH_ACTIVATION_BODY_NOPW":
        "Hello {NAME},\\n\\nThank you for registering at {SITENAME}. Your account is created and"
        " must be activated before you can use it.\\nTo activate the account select the"
        " following link or copy-paste it in your browser:\\n{ACTIVATE} \\n\\nAfter activation"
        " you may login to {SITEURL} using the following username and the password you entered"
        " during registration:\\n\\nUsername: {USERNAME}",
    "COM_USERS_EMAIL_ACCOUNT_DETAILS": "Account Details for {NAME} at {SITENAME}",
}  # fmt: skip
JOOMLAGERMAN_COMMIT = "aa87e7c286cd70e9c824453da22a92570afc3dc3"


def _ini(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        m = re.match(r'^([A-Z0-9_]+)="(.*)"\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _text(s: str, tags: dict[str, str]) -> str:
    s = s.replace("\\n", "\n").replace("\\t", "\t")  # Text::_ with interpretBackSlashes
    for k, v in tags.items():
        s = s.replace("{" + k.upper() + "}", v)
    return s


JOOMLA_SITES = {
    "en": ("Lindqvist Rowing Club", "https://www.lindqvist-rowing.example/"),
    "de": ("Ruderverein Altmühltal", "https://www.ruderverein-altmuehltal.example/"),
}


def joomla(german: Path) -> list[dict[str, Any]]:
    de = _ini(_show(german, JOOMLAGERMAN_COMMIT, "language/de-DE/com_users.ini"))
    de.update(_ini(_show(german, JOOMLAGERMAN_COMMIT,
                         "administrator/language/de-DE/plg_multifactorauth_email.ini")))  # fmt: skip
    items: list[dict[str, Any]] = []
    for lang, strings in (("en", JOOMLA_EN), ("de", de)):
        site, url = JOOMLA_SITES[lang]
        user = "noor.t" if lang == "en" else "noor.tester"
        token = hashlib.md5(f"r9apps:joomla:{lang}".encode()).hexdigest()
        plan = [
            ("mfa-email", "PLG_MULTIFACTORAUTH_EMAIL_EMAIL", "saas-otp",
             _digits(f"r9apps:joomla:mfa:{lang}", 6),
             {"sitename": site, "siteurl": url, "username": user,
              "email": "noor.tester@example.com", "fullname": "Noor Tester"},
             "administrator/language/{L}/plg_multifactorauth_email.ini",
             "six-digit MFA code; the subject shows it between hyphens (-code-)"),
            ("password-reset", "COM_USERS_EMAIL_PASSWORD_RESET", "saas-otp", token,
             {"sitename": site,
              "link_text": f"{url}index.php?option=com_users&view=reset&layout=confirm&token={token}",
              "token": token},
             "language/{L}/com_users.ini",
             "the mail asks to submit the 32-hex verification code (it is also in the link)"),
            ("username-reminder", "COM_USERS_EMAIL_USERNAME_REMINDER", "notice", None,
             {"sitename": site, "username": user,
              "link_text": f"{url}index.php?option=com_users&view=login"},
             "language/{L}/com_users.ini", "username reminder, no code"),
            ("registration-activation", "COM_USERS_EMAIL_REGISTERED_WITH_ACTIVATION_BODY_NOPW",
             "notice", None,
             {"name": "Noor Tester", "sitename": site, "siteurl": url, "username": user,
              "activate": f"{url}index.php?option=com_users&task=registration.activate&token="
              + hashlib.md5(f"r9apps:joomla:act:{lang}".encode()).hexdigest()},
             "language/{L}/com_users.ini", "activation link (token in the URL), nothing to type"),
        ]  # fmt: skip
        for name, key, kind, code, tags, path, note in plan:
            if code is not None and name == "mfa-email":
                tags["code"] = code
            if key.endswith("_NOPW"):
                body_key, subj_key = key, "COM_USERS_EMAIL_ACCOUNT_DETAILS"
            else:
                body_key, subj_key = key + "_BODY", key + "_SUBJECT"
            raw = message(
                sender=f"{site} <no-reply@{url.split('//')[1].strip('/').removeprefix('www.')}>",
                subject=_text(strings[subj_key], tags), text=_text(strings[body_key], tags),
                html_part=None, sent=SENT,
            )  # fmt: skip
            ident = f"joomla-{name}-{lang}"
            rel, sha = _write(ident, "joomla", raw)
            lpath = path.replace("{L}", "en-GB" if lang == "en" else "de-DE")
            if lang == "en":
                repo = "joomla/joomla-cms"
                commit = JOOMLA_EN_MFA_COMMIT if "multifactor" in path else JOOMLA_EN_USERS_COMMIT
                lic = "GPL-2.0-or-later"
            else:
                repo, commit, lic = "joomlagerman/joomla", JOOMLAGERMAN_COMMIT, "GPL-2.0"
            items.append({
                "id": ident, "group": f"joomla-{name}", "source": "joomla", "lang": lang,
                "kind": kind, "code": code, "repository": repo, "path": lpath, "commit": commit,
                "licence": lic,
                "rendered": "ini strings filled as MailTemplate::send does ({TAG} replaced,"
                " \\n as new lines), plain text (com_mails mail_style plaintext)",
                "file": rel, "sha256": sha, "note": note,
            })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ente", type=Path, required=True)
    ap.add_argument("--joomlagerman", type=Path, required=True)
    args = ap.parse_args()
    items = ente(args.ente) + plausible() + joomla(args.joomlagerman)
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
