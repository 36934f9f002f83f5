"""Round nine (``apps``): codes that web apps and a public-sector portal mail to type, and
their notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r9_apps.py \\
        [--mirrors /work/.mirror] [--notify-python /tmp/r9c-notify/bin/python]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round;
``--notify-python`` is a Python with cds-snc/notification-utils' rendering dependencies
(``flask==2.3.3 mistune==0.8.4 bleach==6.3.0 smartypants==2.0.2 markupsafe==2.1.5 jinja2``),
used only to run that library's own renderer on the GC Notify templates.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Ente (ente-io/ente, AGPL-3.0), the museum server's ``server/mail-templates/*.html`` (Go
  ``html/template``). Filled as ``server/pkg/utils/email/email.go`` does: ``getMailBody``
  executes one file, ``getMailBodyWithBase`` executes ``base.html``'s ``base`` template with
  the file's ``content`` block; the simple ``{{.Name}}`` / ``{{ .Name }}`` actions are replaced by
  the value escaped as ``html/template`` escapes it, HTML comments are dropped (as
  ``html/template`` drops them) and ``{{ if .App }}...{{ end }}`` is dropped (``App`` is only
  set for ``@ente.io`` staff). Mails are HTML only, as ``sendViaSMTP`` sends them; the inline
  images a few templates attach by ``cid:`` are not attached. Subjects, senders and data as in
  ``userauth.go`` (``emailOTT``: subject ``Verification code: <ott>``, the OTT from
  ``random.GenerateSixDigitOtp``, six digits, zero-padded), ``email_notification.go``,
  ``family/admin.go`` and ``discountcoupon/controller.go``.
- Plausible (plausible/analytics, AGPL-3.0): too large to fetch, the HEEx templates were read
  one by one (commits in each item) and are held inline below. Rendered as
  ``lib/plausible_web/email.ex`` does: the ``priority_email.html`` layout (``Hey <first
  name>,``, the EE sign-off, ``https://plausible.io``) around the template, the HTML body, and a
  text body made by ``textify`` (links as ``text (href)``, ``<br>`` as a new line, runs of
  spaces collapsed). The activation code is ``Enum.random(1000..9999)``
  (``lib/plausible/auth/email_activation_code.ex``).
- Joomla (joomla/joomla-cms, GPL-2.0-or-later, en-GB strings read with ``read_file`` and held
  inline; language packs joomlagerman/joomla (de), AFUJ/joomla-cms-fr (fr),
  JoomlaPolska/jezyk-J4 (pl), JPathRu/localisation (ru) from their snapshots): the strings of
  the mail templates ``plg_multifactorauth_email.mail`` (MFA code by e-mail, six digits),
  ``com_users.password_reset``, ``com_users.reminder`` and (en only)
  ``com_users.registration.user.registration_mail`` are filled as
  ``Joomla\\CMS\\Mail\\MailTemplate`` does (``{TAG}`` replaced by the template data the
  models pass: the user's properties plus sitename / link_text / token, or the plugin's code /
  sitename / siteurl / username / email / fullname; ``\\n`` in the ini strings turned into new
  lines by ``Text::_``) and sent as plain text (``com_mails`` default ``mail_style``
  ``plaintext``). The password-reset token is
  ``ApplicationHelper::getHash(UserHelper::genRandomPassword())`` (32 hex digits); the mail asks
  the reader to submit it as the verification code.
- WordPress Two Factor (WordPress/two-factor, GPL-2.0-or-later): the e-mail provider's login
  code mail (``generate_and_email_token``: eight digits from ``get_code``, 15-minute TTL, the
  client IP) and the compromised-password notice of ``class-two-factor-core.php``; the
  ``__()`` strings are read from the snapshot (English as shipped) and sent as ``wp_mail``
  sends them (text/plain).
- DokuWiki (dokuwiki/dokuwiki, GPL-2.0; cosmocode/dokuwiki-plugin-twofactoremail, GPL-2.0):
  the plugin's ``lang/en/mail.txt`` (six-digit TOTP code, only English ships a mail text) and
  the core password-reset confirmation ``inc/lang/<lang>/pwconfirm.txt`` (four languages), run
  through ``Mailer::setBody`` as ``inc/Mailer.class.php`` does (HTML made from the text with
  ``hsc`` / ``nl2br``, ``mailwrap.html``, the default replacements and the caller's, external
  URLs linked in the HTML, the signature appended), subject prefixed with ``[title]``.
- GC Notify (cds-snc/notification-api, MIT; rendered by cds-snc/notification-utils, MIT): the
  system templates of migration ``0488_update_2fa_templates.py`` (e-mail 2FA code, five digits
  from ``users_dao.create_secret_code``; magic link; change-of-e-mail confirmation; account
  change) with the personalisation ``app/user/rest.py`` sends, rendered by the library's own
  ``HTMLEmailTemplate`` / ``PlainTextEmailTemplate`` with the default GC branding
  (``get_html_email_options``: English FIP banner). Each mail is bilingual (English, French).
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
JOOMLA_PACKS = {  # lang: (repository, commit, licence, site ini, admin ini)
    "de": ("joomlagerman/joomla", "aa87e7c286cd70e9c824453da22a92570afc3dc3", "GPL-2.0",
           "language/de-DE/com_users.ini",
           "administrator/language/de-DE/plg_multifactorauth_email.ini"),
    "fr": ("AFUJ/joomla-cms-fr", "24268443eac1316927e59450033b895baefa359a", "GPL-2.0-or-later",
           "language/fr-FR/com_users.ini",
           "administrator/language/fr-FR/plg_multifactorauth_email.ini"),
    "pl": ("JoomlaPolska/jezyk-J4", "9c44412fcd777c3cd538acb448632842289727b8", "GPL-2.0-or-later",
           "language/pl-PL/com_users.ini",
           "administrator/language/pl-PL/plg_multifactorauth_email.ini"),
    "ru": ("JPathRu/localisation", "e50a31afd78b701b7308857ae36a93d03e7fdb13", "GPL-2.0-or-later",
           "language/ru-RU/com_users.ini",
           "administrator/language/ru-RU/plg_multifactorauth_email.ini"),
}  # fmt: skip


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


JOOMLA_SITES = {  # sitename, site URL, username
    "en": ("Lindqvist Rowing Club", "https://www.lindqvist-rowing.example/", "noor.t"),
    "de": ("Ruderverein Altmühltal", "https://www.ruderverein-altmuehltal.example/", "noor.tester"),
    "fr": ("Association des Jardins Partagés", "https://www.jardins-partages.example/", "noor"),
    "pl": ("Klub Turystyczny Wędrowiec", "https://www.wedrowiec.example/", "noor_t"),
    "ru": ("Клуб любителей шахмат", "https://www.chess-club.example/", "noor.tester"),
}


def joomla(mirrors: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for lang in ("en", "de", "fr", "pl", "ru"):
        if lang == "en":
            strings = JOOMLA_EN
        else:
            repo, commit, lic, site_ini, admin_ini = JOOMLA_PACKS[lang]
            snap = mirrors / repo.replace("/", "+") / "repo"
            strings = _ini(_show(snap, commit, site_ini))
            strings.update(_ini(_show(snap, commit, admin_ini)))
        site, url, user = JOOMLA_SITES[lang]
        token = hashlib.md5(f"r9apps:joomla:{lang}".encode()).hexdigest()
        account = {"name": "Noor Tester", "username": user, "email": "noor.tester@example.com"}
        plan = [
            ("mfa-email", "PLG_MULTIFACTORAUTH_EMAIL_EMAIL", "saas-otp",
             _digits(f"r9apps:joomla:mfa:{lang}", 6),
             {"sitename": site, "siteurl": url, "username": user,
              "email": "noor.tester@example.com", "fullname": "Noor Tester"},
             "admin", "six-digit MFA code (TOTP from the plugin's secret); the subject shows it"),
            ("password-reset", "COM_USERS_EMAIL_PASSWORD_RESET", "saas-otp", token,
             {**account, "sitename": site,
              "link_text": f"{url}index.php?option=com_users&view=reset&layout=confirm&token={token}",
              "link_html": "", "token": token},
             "site", "the mail asks to submit the 32-hex verification code (it is also in the"
             " link; link written as with search-engine-friendly URLs off)"),
            ("username-reminder", "COM_USERS_EMAIL_USERNAME_REMINDER", "notice", None,
             {**account, "sitename": site,
              "link_text": f"{url}index.php?option=com_users&view=login", "link_html": ""},
             "site", "username reminder, no code"),
        ]  # fmt: skip
        if lang == "en":
            plan.append(
                ("registration-activation", "COM_USERS_EMAIL_REGISTERED_WITH_ACTIVATION_BODY_NOPW",
                 "notice", None,
                 {**account, "sitename": site, "siteurl": url,
                  "activate": f"{url}index.php?option=com_users&task=registration.activate&token="
                  + hashlib.md5(f"r9apps:joomla:act:{lang}".encode()).hexdigest()},
                 "site", "activation link (token in the URL), nothing to type")
            )  # fmt: skip
        for name, key, kind, code, tags, which, note in plan:
            if name == "mfa-email":
                tags["code"] = code
            if key.endswith("_NOPW"):
                body_key, subj_key = key, "COM_USERS_EMAIL_ACCOUNT_DETAILS"
            else:
                body_key, subj_key = key + "_BODY", key + "_SUBJECT"
            host = url.split("//")[1].strip("/").removeprefix("www.")
            raw = message(
                sender=f"{site} <no-reply@{host}>",
                subject=_text(strings[subj_key], tags), text=_text(strings[body_key], tags),
                html_part=None, sent=SENT,
            )  # fmt: skip
            ident = f"joomla-{name}-{lang}"
            rel, sha = _write(ident, "joomla", raw)
            if lang == "en":
                repo, lic = "joomla/joomla-cms", "GPL-2.0-or-later"
                if which == "admin":
                    commit, path = (
                        JOOMLA_EN_MFA_COMMIT,
                        "administrator/language/en-GB/plg_multifactorauth_email.ini",
                    )
                else:
                    commit, path = JOOMLA_EN_USERS_COMMIT, "language/en-GB/com_users.ini"
            else:
                repo, commit, lic, site_ini, admin_ini = JOOMLA_PACKS[lang]
                path = admin_ini if which == "admin" else site_ini
            items.append({
                "id": ident, "group": f"joomla-{name}", "source": "joomla", "lang": lang,
                "kind": kind, "code": code, "repository": repo, "path": path, "commit": commit,
                "licence": lic,
                "rendered": "ini strings filled as MailTemplate::send does ({TAG} replaced,"
                " \\n as new lines), plain text (com_mails mail_style plaintext)",
                "file": rel, "sha256": sha, "note": note,
            })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# WordPress Two Factor plugin

WP_COMMIT = "31d2bec8240bfdabaad93ed1ab177efc62d2ee82"


def _php_sq(s: str) -> str:
    """The value of a PHP single-quoted string body."""
    return re.sub(r"\\([\\'])", r"\1", s)


def _wp_strings(src: str, start: str) -> list[str]:
    """The single-quoted __() strings of the PHP source after ``start`` (in order)."""
    tail = src[src.index(start) :]
    return [_php_sq(m.group(1)) for m in re.finditer(r"__\(\s*'((?:[^'\\]|\\.)*)'", tail, re.S)]


def wordpress(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "WordPress+two-factor" / "repo"
    email_php = _show(repo, WP_COMMIT, "providers/class-two-factor-email.php")
    core_php = _show(repo, WP_COMMIT, "class-two-factor-core.php")
    site, home = "Lindqvist Design Studio", "https://lindqvist-design.example"
    subj, intro, expires, ip_line = _wp_strings(email_php, "function generate_and_email_token")[:4]
    token = _digits("r9apps:wp:token", 8)  # Two_Factor_Provider::get_code(8): eight of 0-9
    body = "\n\n".join([intro, token, expires.replace("%d", "15"),
                        ip_line.replace("%1$s", "198.51.100.23").replace("%2$s", "noor")])  # fmt: skip
    user_msg, user_subj = _wp_strings(core_php, "function notify_user_password_reset")[:2]
    user_msg = (
        user_msg.replace("%1$s", "noor").replace("%2$s", home)
        .replace("%3$s", "https://wordpress.org/documentation/article/password-best-practices/")
        .replace("%4$s", f"{home}/wp-login.php?action=lostpassword")
        .replace("\t", "")
    )  # fmt: skip
    plan = [
        ("email-token", subj.replace("%s", site), body, token, "saas-otp",
         "providers/class-two-factor-email.php, providers/class-two-factor-provider.php",
         "eight-digit login code; the mail also gives the client IP address"),
        ("password-reset-notice", user_subj, user_msg, None, "notice", "class-two-factor-core.php",
         "password reset after failed second-factor attempts: links only, no code"),
    ]  # fmt: skip
    items: list[dict[str, Any]] = []
    for name, subject, text, code, kind, path, note in plan:
        raw = message(
            sender="WordPress <wordpress@lindqvist-design.example>", subject=subject, text=text,
            html_part=None, sent=SENT,
        )  # fmt: skip
        ident = f"wp2fa-{name}-en"
        rel, sha = _write(ident, "wp2fa", raw)
        items.append({
            "id": ident, "group": f"wp2fa-{name}", "source": "wp2fa", "lang": "en", "kind": kind,
            "code": code, "repository": "WordPress/two-factor", "path": path, "commit": WP_COMMIT,
            "licence": "GPL-2.0-or-later",
            "rendered": "the plugin's __() strings (English, as shipped) filled as its PHP does"
            " (sprintf, implode with blank lines, tabs removed), sent by wp_mail as text/plain",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# DokuWiki (core mails and the twofactoremail plugin)

DOKU_COMMIT = "24c6a7e084c6d268bbf844edb54f6ff84bce2935"
DOKU_2FA_COMMIT = "2663f103ef43f2a49e91341ba009fbbc9436ecea"


def _php_lang(src: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"^\$lang\['(\w+)'\]\s*=\s*'((?:[^'\\]|\\.)*)'\s*;", src, re.M | re.S):
        out[m.group(1)] = _php_sq(m.group(2))
    return out


def _hsc(s: str) -> str:  # DokuWiki hsc(): htmlspecialchars(ENT_QUOTES)
    return html.escape(s, quote=True).replace("&#x27;", "&#039;")


def _doku_mail(
    doku: Path,
    lang: str,
    text: str,
    textrep: dict[str, str],
    title: str,
    url: str,
    user: str,
    name: str,
) -> tuple[str, str]:
    """Mailer::setBody as DokuWiki runs it: HTML made from the text (hsc, ---- to <hr >,
    nl2br), wrapped in mailwrap.html, default replacements (prepareTokenReplacements) then
    the caller's, external URLs linked in the HTML part; the signature appended to the text."""
    strings = _php_lang(_show(doku, DOKU_COMMIT, f"inc/lang/{lang}/lang.php"))
    sig = strings["email_signature_text"]
    try:
        wrapper = _show(doku, DOKU_COMMIT, f"inc/lang/{lang}/mailwrap.html")
    except subprocess.CalledProcessError:
        wrapper = _show(doku, DOKU_COMMIT, "inc/lang/en/mailwrap.html")
    h = re.sub(r"^----+$", "<hr >", _hsc(text), flags=re.M).replace("\n", "<br />\n")
    h = re.sub(r"\n-- <br />.*$", "", h, flags=re.S).replace("@EMAILSIGNATURE@", "")
    h = wrapper.replace("@HTMLBODY@", h)
    if "@EMAILSIGNATURE@" not in text:
        text += "@EMAILSIGNATURE@"
    trep = {"TITLE": title, "DOKUWIKIURL": url, "USER": user, "NAME": name,
            "MAIL": "noor.tester@example.com",
            "EMAILSIGNATURE": "\n-- \n" + sig.replace("@DOKUWIKIURL@", url) + "\n"}  # fmt: skip
    hrep = {"TITLE": _hsc(title), "DOKUWIKIURL": f'<a href="{url}">{url}</a>', "USER": _hsc(user),
            "NAME": _hsc(name),
            "MAIL": '<a href="mailto:"noor.tester@example.com">noor.tester@example.com</a>',
            "EMAILSIGNATURE": sig.replace("@DOKUWIKIURL@", f'<a href="{url}">{url}</a>')
            .replace("\n", "<br />")}  # fmt: skip
    for k, v in textrep.items():
        hrep[k] = f'<a href="{_hsc(v)}">{_hsc(v)}</a>' if re.match(r"https?://", v) else _hsc(v)
    for k, v in {**trep, **textrep}.items():
        text = text.replace(f"@{k}@", v)
    for k, v in hrep.items():
        h = h.replace(f"@{k}@", v)
    return text, h


DOKU_SITES = {  # title, URL
    "en": ("Lindqvist Team Wiki", "https://wiki.lindqvist-design.example/"),
    "de": ("Vereinswiki", "https://wiki.ruderverein-altmuehltal.example/"),
    "fr": ("Wiki des Jardins", "https://wiki.jardins-partages.example/"),
    "ja": ("社内ナレッジベース", "https://wiki.kaisha.example/"),
}


def _doku_subject(title: str, subject: str) -> str:
    prefix = f"[{title}]" if len(title) < 20 else f"[{title[:20]}...]"
    return f"{prefix} {subject}"


def dokuwiki(mirrors: Path) -> list[dict[str, Any]]:
    doku = mirrors / "dokuwiki+dokuwiki" / "repo"
    tfa = mirrors / "cosmocode+dokuwiki-plugin-twofactoremail" / "repo"
    items: list[dict[str, Any]] = []

    def add(ident: str, group: str, lang: str, kind: str, code: str | None, subject: str,
            text: str, htm: str, repo: str, path: str, commit: str, note: str) -> None:  # fmt: skip
        title, url = DOKU_SITES[lang]
        host = url.split("//")[1].strip("/")
        raw = message(sender=f"{title} <noreply@{host}>", subject=subject, text=text,
                      html_part=htm, sent=SENT)  # fmt: skip
        rel, sha = _write(ident, "dokuwiki", raw)
        items.append({
            "id": ident, "group": group, "source": "dokuwiki", "lang": lang, "kind": kind,
            "code": code, "repository": repo, "path": path, "commit": commit,
            "licence": "GPL-2.0",
            "rendered": "Mailer::setBody filled as inc/Mailer.class.php does (HTML made from"
            " the text, mailwrap.html, default and caller replacements, signature), subject"
            " prefixed with [title]; text + HTML alternative (DokuWiki nests the HTML in a"
            " multipart/related part)",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip

    # twofactoremail: lang/en/mail.txt, subject from lang/en/lang.php (only English ships a
    # mail text)
    title, url = DOKU_SITES["en"]
    code = _digits("r9apps:doku:2fa", 6)  # GoogleAuthenticator::getCode: six digits
    mail_txt = _show(tfa, DOKU_2FA_COMMIT, "lang/en/mail.txt")
    subj = _php_lang(_show(tfa, DOKU_2FA_COMMIT, "lang/en/lang.php"))["subject"]
    text, htm = _doku_mail(doku, "en", mail_txt, {"CODE": code}, title, url, "noor", "Noor Tester")
    add(
        "dokuwiki-twofactoremail-en",
        "dokuwiki-twofactoremail",
        "en",
        "saas-otp",
        code,
        _doku_subject(title, subj),
        text,
        htm,
        "cosmocode/dokuwiki-plugin-twofactoremail",
        "lang/en/mail.txt, lang/en/lang.php (+ dokuwiki/dokuwiki inc/Mailer.class.php,"
        f" inc/lang/en/mailwrap.html @ {DOKU_COMMIT})",
        DOKU_2FA_COMMIT,
        "six-digit login code shown as **code** in both parts (the plugin's text, as sent)",
    )

    # core: the password-reset confirmation (link) in four languages
    for lang in ("en", "de", "fr", "ja"):
        title, url = DOKU_SITES[lang]
        strings = _php_lang(_show(doku, DOKU_COMMIT, f"inc/lang/{lang}/lang.php"))
        pw = _show(doku, DOKU_COMMIT, f"inc/lang/{lang}/pwconfirm.txt")
        token = hashlib.md5(f"r9apps:doku:pwauth:{lang}".encode()).hexdigest()
        confirm = f"{url}doku.php?do=resendpwd&pwauth={token}"
        text, htm = _doku_mail(doku, lang, pw, {"FULLNAME": "Noor Tester", "LOGIN": "noor",
                                                "CONFIRM": confirm}, title, url, "", "")  # fmt: skip
        add(
            f"dokuwiki-pwconfirm-{lang}",
            "dokuwiki-pwconfirm",
            lang,
            "notice",
            None,
            _doku_subject(title, strings["regpwmail"]),
            text,
            htm,
            "dokuwiki/dokuwiki",
            f"inc/lang/{lang}/pwconfirm.txt, inc/lang/{lang}/lang.php, inc/auth.php,"
            " inc/Mailer.class.php",
            DOKU_COMMIT,
            "password-reset confirmation link (token in the URL), nothing to type",
        )
    return items


# ---------------------------------------------------------------------------------------
# GC Notify (Canadian Digital Service)

GCN_API_COMMIT = "72e3ae1e0c090819a8779455e837acf034923a11"
GCN_UTILS_COMMIT = "ecff1b67474eb82ca6f64bec1cc68e31fe504d23"
GCN_HELPER = r"""
import json, sys, types
sys.path.insert(0, sys.argv[1])
stub = types.ModuleType("py_w3c"); sys.modules["py_w3c"] = stub
for name in ("py_w3c.validators", "py_w3c.validators.html", "py_w3c.validators.html.validator"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["py_w3c.validators.html.validator"].HTMLValidator = object
from notifications_utils.template import HTMLEmailTemplate, PlainTextEmailTemplate
out = []
for job in json.load(sys.stdin):
    tpl = {"content": job["content"], "subject": job["subject"], "template_type": "email"}
    html = HTMLEmailTemplate(tpl, values=job["values"], fip_banner_english=True,
                             fip_banner_french=False, logo_with_background_colour=False,
                             alt_text_en=None, alt_text_fr=None, allow_html=False)
    text = PlainTextEmailTemplate(tpl, values=job["values"])
    out.append({"subject": str(text.subject), "text": str(text), "html": str(html)})
json.dump(out, sys.stdout)
"""


def _gcn_templates(src: str) -> dict[str, dict[str, str]]:
    """The ``templates`` list of a migration: config key -> subject, content."""
    import ast

    tree = ast.parse(src)
    out: dict[str, dict[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "templates":
            for d in node.value.elts:  # type: ignore[attr-defined]
                entry = {k.value: v for k, v in zip(d.keys, d.values, strict=False)}  # type: ignore[union-attr]
                key = entry["id"].slice.value  # current_app.config["..."]
                out[key] = {"subject": ast.literal_eval(entry["subject"]),
                            "content": ast.literal_eval(entry["content"])}  # fmt: skip
    return out


def gcnotify(mirrors: Path, python: str) -> list[dict[str, Any]]:
    import tarfile
    import tempfile

    api = mirrors / "cds-snc+notification-api" / "repo"
    utils = mirrors / "cds-snc+notification-utils" / "repo"
    m488 = "migrations/versions/0488_update_2fa_templates.py"
    t = _gcn_templates(_show(api, GCN_API_COMMIT, m488))
    base = "https://notification.canada.ca"
    tok = "eyJ1c2VyX2lkIjogImY0YjJlOWQwLTdhMzEtNGM1ZS05YjE4LTJkNmYwYzhhMzE1NyJ9%2EZ0x7Qw%2Eq3Vh8kR1mT5yN0bW2cZ4pL7sJ9dF"
    code = _digits("r9apps:gcnotify:2fa", 5)  # users_dao.create_secret_code: five of 0-9
    plan = [
        ("email-2fa", "EMAIL_2FA_TEMPLATE_ID", {"name": "Noor Tester", "verify_code": code},
         code, "gov-otp", "five-digit security code, in the English and the French block"),
        ("magic-link", "EMAIL_MAGIC_LINK_TEMPLATE_ID",
         {"name": "Noor Tester", "link_url_en": f"{base}/sign-in/magic/{tok}?lang=en",
          "link_url_fr": f"{base}/sign-in/magic/{tok}?lang=fr"}, None, "notice",
         "sign-in link (magic link), nothing to type"),
        ("change-email-confirmation", "CHANGE_EMAIL_CONFIRMATION_TEMPLATE_ID",
         {"name": "Noor Tester", "url": f"{base}/user-profile/email/confirm/{tok}",
          "feedback_url": f"{base}/contact"}, None, "notice",
         "link to confirm a new e-mail address, nothing to type"),
        ("account-change", "ACCOUNT_CHANGE_TEMPLATE_ID",
         {"base_url": base, "contact_us_url": f"{base}/contact",
          "change_type_en": "\n- password changed\n- second verification method changed\n",
          "change_type_fr": "\n- Mot de passe modifié\n- Deuxième méthode de vérification modifiée\n"},
         None, "notice", "account-change notice (app/utils.update_dct_to_str lists), no code"),
    ]  # fmt: skip
    jobs = [{**t[key], "values": values} for _n, key, values, _c, _k, _note in plan]
    with tempfile.TemporaryDirectory() as tmp:
        arch = subprocess.run(
            ["git", "--git-dir", str(utils), "archive", GCN_UTILS_COMMIT, "notifications_utils"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        tar_path = Path(tmp) / "u.tar"
        tar_path.write_bytes(arch)
        with tarfile.open(tar_path) as tf:
            tf.extractall(tmp, filter="data")
        res = subprocess.run(
            [python, "-c", GCN_HELPER, tmp], input=json.dumps(jobs), capture_output=True,
            text=True, check=True,
        )  # fmt: skip
    rendered = json.loads(res.stdout)
    items: list[dict[str, Any]] = []
    for (name, key, _v, code_, kind, note), r in zip(plan, rendered, strict=False):
        raw = message(
            sender="GC Notify <gc.notify.notification.gc@notification.canada.ca>",
            subject=r["subject"], text=r["text"], html_part=r["html"], sent=SENT,
        )  # fmt: skip
        ident = f"gcnotify-{name}-en-fr"
        rel, sha = _write(ident, "gcnotify", raw)
        items.append({
            "id": ident, "group": f"gcnotify-{name}", "source": "gcnotify", "lang": "en-fr",
            "kind": kind, "code": code_, "repository": "cds-snc/notification-api",
            "path": f"{m488} ({key}), app/user/rest.py, app/delivery/send_to_providers.py;"
            f" cds-snc/notification-utils notifications_utils/template.py,"
            f" jinja_templates/email/email_template.jinja2 @ {GCN_UTILS_COMMIT}",
            "commit": GCN_API_COMMIT, "licence": "MIT",
            "rendered": "notification-utils' own HTMLEmailTemplate / PlainTextEmailTemplate run"
            " on the migration's template with the personalisation app/user/rest.py sends"
            " (default GC branding: English FIP banner), text + HTML alternative",
            "file": rel, "sha256": sha, "note": note + "; one bilingual mail (English then French)",
        })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--notify-python", default="/tmp/r9c-notify/bin/python")
    args = ap.parse_args()
    m = args.mirrors
    items = (
        ente(m / "ente-io+ente" / "repo") + plausible() + joomla(m) + wordpress(m)
        + dokuwiki(m) + gcnotify(m, args.notify_python)
    )  # fmt: skip
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
