"""Round fifteen, self-hosted applications and auth frameworks: sign-in, verification and
password codes, and the same senders' notices without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_apps.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- pennersr/django-allauth (MIT), commit ``ALLAUTH_COMMIT``: the Django auth package's mails
  are text templates (``allauth/templates/{account,mfa}/email/*_subject.txt`` and
  ``*_message.txt``, extending ``base_message.txt`` / ``base_notification.txt``). They are
  rendered here by a small renderer of the Django tags they use (extends, block, include,
  if, autoescape, ``blocktrans``/``blocktranslate`` looked up in the locale's
  ``allauth/locale/<lang>/LC_MESSAGES/django.po``, read with babel, fuzzy or empty entries
  falling back to English as gettext does). ``DefaultAccountAdapter.render_mail`` joins the
  subject's lines, prefixes ``[<site name>] `` and strips the body; with no ``.html``
  template the mail is text/plain only. The login, e-mail-verification and password-reset
  codes are ``generate_user_code()`` with the default format: eight letters of
  ``BCDFGHJKLMNPQRSTVWXZ`` shown as two dashed groups of four (``BCDF-GHJK``), labelled
  without the dash. Notifications carry Django's locale ``DATETIME_FORMAT`` of the timestamp.
- supabase/auth (MIT), the GoTrue server behind Supabase Auth: the default subjects and
  HTML bodies of ``internal/mailer/templatemailer/templatemailer.go`` at two commits — before
  ``305c1bf`` ("improve default auth email copy", read at its parent ``SUPABASE_OLD``), when
  every link mail also said "Alternatively, enter the code: {{ .Token }}", and at
  ``SUPABASE_COMMIT``, where only the reauthentication mail carries the code. ``{{ .X }}``
  is filled as html/template does (text HTML-escaped, ``&`` in the href as ``&amp;``); the
  mail is text/html only (``mailmeclient`` ``SetBody("text/html", body)``). The OTP is six
  digits (``crypto.GenerateOtp``, ``MAILER_OTP_LENGTH`` default 6); the token hash is a
  sha224 hex as GoTrue makes it.

- pallets-eco/flask-security (MIT), Flask-Security: the Jinja2 mail templates
  ``flask_security/templates/security/email/<name>.txt`` and ``.html`` rendered with jinja2
  (autoescape for ``.html`` as Flask does), ``_fsdomain`` being gettext over the locale's
  ``flask_security/translations/<lang>/LC_MESSAGES/flask_security.po`` (read with babel; a
  line the catalogue does not translate stays English, as it does for the sender), the
  subject the ``core.py`` default ``EMAIL_SUBJECT_*`` / ``US_EMAIL_SUBJECT`` translated the
  same way; Flask-Mail sends the text and the HTML part. The two-factor and unified sign-in
  codes are passlib TOTP passwords (six digits); ``within`` is ``td_format`` in English.
- authorizerdev/authorizer (Apache-2.0): the default subject and HTML constants of
  ``internal/email/templates/*.go`` filled as html/template does (template comments dropped),
  sent text/html only by gomail; the OTP is ``GenerateOTP`` (six of
  ``ABCDEFGHJKLMNPQRSTUVWXYZ123456789``).
- kanidm/kanidm (MPL-2.0): ``tools/mail_sender/src/main.rs`` ``to_email_content`` — the
  ``format!`` subject and plain-text body of the test message and the credential-reset mail
  (the reset token, ``readable_password_from_random``, only in the links).
- AppFlowy-IO/AppFlowy-Cloud (AGPL-3.0): the GoTrue templates it ships
  (``assets/mailer_templates/build_production/{magic_link,confirmation,recovery}.html``,
  filled as html/template does, six-digit GoTrue OTP, subjects GoTrue's defaults) and the
  handlebars notification templates ``src/mailer.rs`` sends (values escaped as
  handlebars-rust does, subjects as it formats them); text/html only.
- spatie/laravel-one-time-passwords (MIT): ``OneTimePasswordNotification`` — a Laravel
  markdown mail (``resources/views/mail.blade.php``, strings of
  ``resources/lang/<lang>/notifications.php``, six-digit numeric password) laid out with the
  mail views of laravel/framework (MIT, commit ``LARAVEL_COMMIT``): the text part as
  ``Markdown::renderText`` gives it, the HTML part ``html/layout.blade.php`` with header,
  footer and the body's Markdown turned into HTML by hand (the theme CSS inlining is not
  reproduced).
- merixstudio/django-trench (MIT): the e-mail MFA backend sends the default subject and the
  templates ``code.txt`` / ``code.html``, which are ``{{ code }}`` alone (TOTP, six digits).
- hoppscotch/hoppscotch (MIT): the two Handlebars mails of its backend (magic-link sign-in
  and team invitation), filled as Handlebars.js escapes values, HTML only.
- LemmyNet/lemmy (AGPL-3.0): ``crates/email/src/account.rs`` — subject and HTML body from
  the rosetta strings of its translations submodule (LemmyNet/lemmy-translations, AGPL-3.0,
  ``backend/<lang>.json`` at ``LEMMY_TR_COMMIT``; a string a language lacks falls back to
  English), sent by ``send.rs`` as plain + HTML alternatives, the plain part html2text's
  (approximated here: headings, line breaks, links as footnotes).

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
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from babel.messages.pofile import read_po
from collect import HERE, message

SENT = datetime(2026, 11, 19, 8, 41, 7, tzinfo=UTC)
RNG = random.Random("r15-apps")
ITEMS: list[dict] = []


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: Path, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# django-allauth

ALLAUTH_COMMIT = "20f4bded2fd2e12d0d172d1321626a94c17ac97e"
ALLAUTH_REPO = "pennersr/django-allauth"
ALLAUTH_FROM = "Larkspur <no-reply@larkspur.example>"
ALLAUTH_SITE = {"name": "Larkspur", "domain": "larkspur.example"}
_TOKEN = re.compile(r"(\{%.*?%\}|\{\{.*?\}\})", re.S)


def _dj_parse(tokens: list[str], pos: int, ends: tuple[str, ...]) -> tuple[list, int, str]:
    """A small parser for the Django template tags these mails use."""
    nodes: list = []
    while pos < len(tokens):
        tok = tokens[pos]
        pos += 1
        if tok.startswith("{{"):
            nodes.append(("var", tok[2:-2].strip()))
        elif tok.startswith("{%"):
            words = tok[2:-2].split()
            name = words[0]
            if name in ends:
                return nodes, pos, name
            if name in ("load",):
                continue
            if name == "extends":
                nodes.append(("extends", words[1].strip("\"'")))
            elif name == "include":
                nodes.append(("include", words[1].strip("\"'")))
            elif name == "block":
                body, pos, _ = _dj_parse(tokens, pos, ("endblock",))
                nodes.append(("block", words[1], body))
            elif name == "autoescape":
                body, pos, _ = _dj_parse(tokens, pos, ("endautoescape",))
                nodes.append(("autoescape", words[1] == "on", body))
            elif name == "if":
                then, pos, end = _dj_parse(tokens, pos, ("else", "endif"))
                other: list = []
                if end == "else":
                    other, pos, _ = _dj_parse(tokens, pos, ("endif",))
                nodes.append(("if", words[1], then, other))
            elif name in ("blocktrans", "blocktranslate"):
                withs = dict(w.split("=", 1) for w in words[1:] if "=" in w)
                raw = ""
                while not tokens[pos].startswith(("{% endblocktrans", "{% endblocktranslate")):
                    raw += tokens[pos]
                    pos += 1
                pos += 1
                nodes.append(("trans", withs, raw))
            elif name == "user_display":
                nodes.append(("user_display", words[1], words[3]))
            else:
                raise ValueError(tok)
        else:
            nodes.append(("text", tok))
    return nodes, pos, ""


def _dj_resolve(ctx: dict, expr: str) -> str:
    value: object = ctx
    for part in expr.split("."):
        value = value.get(part, "") if isinstance(value, dict) else ""
    return str(value)


class _Django:
    """Renders allauth's mail templates like Django would: blocks and extends, include,
    ``{% blocktrans %}`` looked up in the locale's ``django.po`` (an entry that is fuzzy or
    untranslated falls back to the English msgid, as gettext does), autoescape."""

    def __init__(self, repo: Path, lang: str) -> None:
        self.repo = repo
        self.catalog: dict[str, str] = {}
        if lang != "en":
            po = _show_bytes(repo, ALLAUTH_COMMIT, f"allauth/locale/{lang}/LC_MESSAGES/django.po")
            for entry in read_po(io.BytesIO(po)):
                if entry.id and entry.string and not entry.fuzzy:
                    self.catalog[entry.id] = entry.string

    def load(self, name: str) -> list:
        src = _show(self.repo, ALLAUTH_COMMIT, f"allauth/templates/{name}")
        return _dj_parse(_TOKEN.split(src), 0, ())[0]

    def render(self, name: str, ctx: dict, blocks: dict | None = None) -> str:
        blocks = dict(blocks or {})
        nodes = self.load(name)
        parent = next((n[1] for n in nodes if n[0] == "extends"), None)
        if parent:
            self._collect(nodes, blocks)
            return self.render(parent, ctx, blocks)
        return self._nodes(nodes, ctx, blocks, True)

    def _collect(self, nodes: list, blocks: dict) -> None:
        for node in nodes:
            if node[0] == "block":
                blocks.setdefault(node[1], node[2])
                self._collect(node[2], blocks)
            elif node[0] in ("autoescape",):
                self._collect(node[2], blocks)

    def _nodes(self, nodes: list, ctx: dict, blocks: dict, esc: bool) -> str:
        out = []
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "var":
                value = _dj_resolve(ctx, node[1])
                out.append(html.escape(value) if esc else value)
            elif kind == "block":
                out.append(self._nodes(blocks.get(node[1], node[2]), ctx, blocks, esc))
            elif kind == "autoescape":
                out.append(self._nodes(node[2], ctx, blocks, node[1]))
            elif kind == "include":
                out.append(self.render(node[1], ctx))
            elif kind == "if":
                branch = node[2] if _dj_resolve(ctx, node[1]) else node[3]
                out.append(self._nodes(branch, ctx, blocks, esc))
            elif kind == "user_display":
                ctx = {**ctx, node[2]: _dj_resolve(ctx, node[1] + ".username")}
            elif kind == "trans":
                values = {k: _dj_resolve(ctx, v) for k, v in node[1].items()}
                names = re.findall(r"\{\{\s*(\w+)\s*\}\}", node[2])
                for var in names:
                    values.setdefault(var, _dj_resolve(ctx, var))
                msgid = re.sub(r"\{\{\s*(\w+)\s*\}\}", r"%(\1)s", node[2].replace("%", "%%"))
                msgstr = self.catalog.get(msgid, msgid)
                if esc:
                    values = {k: html.escape(v) for k, v in values.items()}
                out.append(msgstr % values)
        return "".join(out)


# Django's DATETIME_FORMAT of each locale (django/conf/locale/<lang>/formats.py) applied to
# the notification's timestamp, 2026-11-19 08:41 UTC.
ALLAUTH_STAMP = {
    "en": "Nov. 19, 2026, 8:41 a.m.",
    "de": "19. November 2026 08:41",
    "fr": "19 novembre 2026 08:41",
    "es": "19 de noviembre de 2026 a las 08:41",
    "ja": "2026年11月19日8:41",
    "nl": "19 november 2026 08:41",
    "pl": "19 listopada 2026 08:41",
}
ALLAUTH_ALPHA = "BCDFGHJKLMNPQRSTVWXZ"  # allauth/core/internal/cryptokit.py


def _allauth_code() -> str:
    code = "".join(RNG.choice(ALLAUTH_ALPHA) for _ in range(8))
    return code[:4] + "-" + code[4:]


def allauth(repo: Path) -> None:
    plan = [
        # template prefix, group, kind, languages
        ("account/email/login_code", "login-code", "saas-otp",
         ["en", "de", "fr", "es", "it", "nl", "pl", "pt_BR", "ru", "ja", "zh_Hans", "ko", "tr",
          "ar"]),
        ("account/email/email_confirmation_signup", "verify-code", "saas-otp",
         ["en", "de", "fr", "sv", "cs", "fi", "hu", "el"]),
        ("account/email/password_reset_code", "reset-code", "saas-otp",
         ["en", "es", "pt_PT", "ro", "da", "uk"]),
        ("account/email/email_confirmation_signup", "verify-link", "notice", ["en", "de"]),
        ("account/email/password_reset_key", "reset-link", "notice", ["en", "fr", "zh_Hans"]),
        ("account/email/password_changed", "password-changed", "notice",
         ["en", "de", "fr", "ja", "es"]),
        ("account/email/unknown_account", "unknown-account", "notice", ["en", "de", "it"]),
        ("account/email/email_changed", "email-changed", "notice", ["en", "nl"]),
        ("mfa/email/totp_activated", "totp-activated", "notice", ["en", "pl"]),
        ("mfa/email/recovery_codes_generated", "recovery-codes", "notice", ["en", "de"]),
        ("account/email/account_already_exists", "account-exists", "notice", ["en", "ru"]),
    ]  # fmt: skip
    for prefix, template, kind, langs in plan:
        for lang in langs:
            engine = _Django(repo, lang)
            ctx: dict = {
                "email": "noor.tester@example.com",
                "current_site": ALLAUTH_SITE,
                "user": {"username": "noor"},
                "timestamp": ALLAUTH_STAMP.get(lang, ""),
                "ip": "203.0.113.42",
                "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 "
                "Firefox/132.0",
                "from_email": "noor.old@example.com",
                "to_email": "noor.tester@example.com",
                "signup_url": "https://larkspur.example/accounts/signup/",
                "password_reset_url": "https://larkspur.example/accounts/password/reset/",
            }
            code = None
            note = None
            if template.endswith("-code"):
                shown = _allauth_code()
                ctx["code"] = shown
                code = shown.replace("-", "")
                note = f"allauth's default user code, shown dashed as {shown}"
            if template == "verify-link":
                ctx["activate_url"] = (
                    "https://larkspur.example/accounts/confirm-email/"
                    "MTI:1vLhQp:kq3Xw0c8Tn2Hq5fYyR1mB7oZ4uE9sVaJdLgPiC6xWb0/"
                )
            if template == "reset-link":
                ctx["password_reset_url"] = (
                    "https://larkspur.example/accounts/password/reset/key/"
                    "c-cnb8w2-4f7d0b9e2a61c35d8e0f1a2b3c4d5e6f/"
                )
                ctx["username"] = "noor"
                note = "the username it reminds of is not a code"
            if template == "recovery-codes":
                note = "says recovery codes were generated; none is in the mail"
            subject = engine.render(prefix + "_subject.txt", ctx)
            subject = "[Larkspur] " + " ".join(subject.splitlines()).strip()
            body = engine.render(prefix + "_message.txt", ctx).strip()
            _save(
                source="allauth", template=template, lang=lang.replace("_", "-"), kind=kind,
                code=code, repository=ALLAUTH_REPO,
                path=f"allauth/templates/{prefix}_message.txt; allauth/locale/{lang}/LC_MESSAGES"
                "/django.po", commit=ALLAUTH_COMMIT, licence="MIT",
                rendered="Django text template (subject and message) rendered by a small "
                "Django-tag renderer with the locale's django.po; text/plain only, as "
                "DefaultAccountAdapter.render_mail sends when no .html template exists",
                sender=ALLAUTH_FROM, subject=subject, text=body, html_part=None, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Supabase Auth (GoTrue)

SUPABASE_COMMIT = "bc32168e13fdc928c98b449fc76bc3fdb9a293c5"
SUPABASE_OLD = "cda62a9c215ea1b8eb7ab281e0db549a2c9e4b46"
SUPABASE_REPO = "supabase/auth"
SUPABASE_PATH = "internal/mailer/templatemailer/templatemailer.go"
SUPABASE_FROM = "Ledgerly <no-reply@auth.ledgerly.example>"


def _go_consts(source: str) -> tuple[dict[str, str], dict[str, str]]:
    """The default bodies (Go raw-string constants) and subjects of templatemailer.go."""
    bodies = dict(re.findall(r"const (default\w+Mail) = `(.*?)`", source, re.S))
    block = re.search(r"defaultTemplateSubjects = &conf.EmailContentConfiguration\{(.*?)\n\t\}",
                      source, re.S).group(1)  # fmt: skip
    subjects = dict(re.findall(r"(\w+):\s+\"(.*?)\",", block))
    return bodies, subjects


def _go_fill(template: str, data: dict[str, str], *, attr: bool = False) -> str:
    """``{{ .Name }}`` as html/template fills it: text escaped; inside an attribute the URL
    keeps its characters and ``&`` becomes ``&amp;``."""

    def one(m: re.Match[str]) -> str:
        value = data[m.group(1)]
        before = template[: m.start()]
        if before.endswith('href="'):
            return value.replace("&", "&amp;")
        return html.escape(value, quote=True).replace("&#x27;", "&#39;")

    return re.sub(r"\{\{ \.(\w+) \}\}", one, template)


def supabase(repo: Path) -> None:
    site = "https://app.ledgerly.example"
    api = "https://auth.ledgerly.example/auth/v1"
    rows = [
        # consts, subject key, template, kind, verify type, with a code
        ("defaultInviteMail", "Invite", "invite", "invite"),
        ("defaultConfirmationMail", "Confirmation", "confirmation", "signup"),
        ("defaultRecoveryMail", "Recovery", "recovery", "recovery"),
        ("defaultMagicLinkMail", "MagicLink", "magic-link", "magiclink"),
        ("defaultEmailChangeMail", "EmailChange", "email-change", "email_change"),
        ("defaultReauthenticateMail", "Reauthentication", "reauthentication", ""),
        ("defaultPasswordChangedNotificationMail", "PasswordChangedNotification",
         "password-changed", ""),
        ("defaultEmailChangedNotificationMail", "EmailChangedNotification", "email-changed", ""),
        ("defaultPhoneChangedNotificationMail", "PhoneChangedNotification", "phone-changed", ""),
        ("defaultIdentityLinkedNotificationMail", "IdentityLinkedNotification",
         "identity-linked", ""),
        ("defaultIdentityUnlinkedNotificationMail", "IdentityUnlinkedNotification",
         "identity-unlinked", ""),
        ("defaultMFAFactorEnrolledNotificationMail", "MFAFactorEnrolledNotification",
         "mfa-enrolled", ""),
        ("defaultMFAFactorUnenrolledNotificationMail", "MFAFactorUnenrolledNotification",
         "mfa-unenrolled", ""),
    ]  # fmt: skip
    old_keep = {"invite", "confirmation", "recovery", "magic-link", "email-change",
                "reauthentication", "password-changed", "mfa-enrolled", "identity-linked"}  # fmt: skip
    for commit, era in ((SUPABASE_OLD, "v1"), (SUPABASE_COMMIT, "v2")):
        bodies, subjects = _go_consts(_show(repo, commit, SUPABASE_PATH))
        for const, key, template, vtype in rows:
            if era == "v1" and template not in old_keep:
                continue
            token = "".join(RNG.choice("0123456789") for _ in range(6))
            token_hash = hashlib.sha224(f"noor.tester@example.com{token}".encode()).hexdigest()
            url = f"{api}/verify?token={token_hash}&type={vtype}&redirect_to={site}/welcome"
            data = {
                "SiteURL": site, "ConfirmationURL": url, "Email": "noor.tester@example.com",
                "NewEmail": "noor.work@example.com", "OldEmail": "noor.old@example.com",
                "Token": token, "TokenHash": token_hash, "OldPhone": "+14155550172",
                "Phone": "+14155550199", "Provider": "github", "FactorType": "totp",
            }  # fmt: skip
            body = _go_fill(bodies[const], data)
            shows = "{{ .Token }}" in bodies[const]
            code = token if shows else None
            note = None
            if template == "invite" and shows:
                note = "the invitation mail's one-time code ('Alternatively, enter the code'): a "
                note += "verification code the invitee types, not an invite/referral code"
            elif template in ("email-change", "reauthentication") and shows:
                note = "six-digit OTP (crypto.GenerateOtp, MAILER_OTP_LENGTH default 6)"
            if era == "v2" and not shows and vtype:
                note = "the token is only inside the link"
            _save(
                source="supabase-auth", template=f"{era}-{template}", lang="en",
                kind="saas-otp" if shows else "notice", code=code, repository=SUPABASE_REPO,
                path=SUPABASE_PATH, commit=commit, licence="MIT",
                rendered="default body/subject constants of templatemailer.go filled as "
                "html/template does; sent as text/html only (mailmeclient SetBody text/html)",
                sender=SUPABASE_FROM, subject=_go_fill(subjects[key], data), text=None,
                html_part=body, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Flask-Security

FLASKSEC_COMMIT = "3a0bc27c5eb542bb1e900a804665222e3291572f"
FLASKSEC_REPO = "pallets-eco/flask-security"
FLASKSEC_FROM = "Quayside Tools <no-reply@quayside.example>"


def flask_security(repo: Path) -> None:
    base = "flask_security/templates/security/email/"

    def catalog(lang: str) -> dict[str, str]:
        if lang == "en":
            return {}
        po = _show_bytes(
            repo,
            FLASKSEC_COMMIT,
            f"flask_security/translations/{lang}/LC_MESSAGES/flask_security.po",
        )
        return {
            e.id: e.string for e in read_po(io.BytesIO(po)) if e.id and e.string and not e.fuzzy
        }

    plan = [
        # template, group, subject msgid, kind, languages
        ("two_factor_instructions", "two-factor", "Two-Factor Login", "saas-otp",
         ["en", "de_DE", "es_ES", "it_IT", "ca_ES", "ar"]),
        ("us_instructions", "us-code", "Verification Code", "saas-otp",
         ["en", "de_DE", "pl_PL", "ru_RU", "zh_Hans_CN"]),
        ("change_notice", "change-notice", "Your password has been changed", "notice",
         ["en", "de_DE", "fr_FR", "ja_JP", "pt_BR"]),
        ("reset_notice", "reset-notice", "Your password has been reset", "notice",
         ["en", "nl_NL"]),
        ("welcome", "welcome", "Welcome", "notice", ["en", "es_ES"]),
        ("reset_instructions", "reset-link", "Password reset instructions", "notice",
         ["en", "it_IT"]),
    ]  # fmt: skip
    for name, template, subject_id, kind, langs in plan:
        for lang in langs:
            strings = catalog(lang)

            def fsdomain(msgid: str, _s: dict = strings, **values: object) -> str:
                text = _s.get(msgid, msgid)
                return text % values if values else text

            code = None
            ctx: dict = {
                "user": {"email": "noor.tester@example.com"},
                "username": "noor.tester@example.com",
                "security": {"confirmable": True, "recoverable": True},
                "_fsdomain": fsdomain,
                # the default SECURITY_RESET_URL of the forgot_password endpoint
                "url_for_security": lambda endpoint, **kw: "https://tools.quayside.example/reset",
            }
            if template in ("two-factor", "us-code"):
                code = "".join(RNG.choice("0123456789") for _ in range(6))
                ctx.update(token=code, login_token=code)
                ctx["within"] = "5 minutes" if template == "two-factor" else "2 minutes"
            if template == "us-code":
                ctx["login_link"] = (
                    "https://tools.quayside.example/us-verify-link?id=3f0c9a8e"
                    f"-6b1d-4e27-9a55-0d2c7e4b1f86&code={code}"
                )
            if template == "welcome":
                ctx["confirmation_link"] = (
                    "https://tools.quayside.example/confirm/"
                    "WyIzZjBjOWE4ZSJd.aTxQ2w.mS0e3bUq7Xk1Vd9Rr2fJtY8oHcA"
                )
            if template == "reset-link":
                ctx["reset_link"] = (
                    "https://tools.quayside.example/reset/"
                    "WyIzZjBjOWE4ZSIsIjYxNmYyMSJd.aTxQ2w.V0pG7n2yQf5LcR8sTk1mXb3eZdA"
                )
                ctx["within"] = "1 day"  # RESET_PASSWORD_WITHIN "1 days", td_format
                ctx["reset_token"] = (
                    "WyIzZjBjOWE4ZSIsIjYxNmYyMSJd.aTxQ2w.V0pG7n2yQf5LcR8sTk1mXb3eZdA"
                )
            bodies = {}
            for ext in ("txt", "html"):
                env = jinja2.Environment(autoescape=ext == "html")
                source = _show(repo, FLASKSEC_COMMIT, f"{base}{name}.{ext}")
                bodies[ext] = env.from_string(source).render(**ctx)
            note = None
            if template == "us-code":
                note = "the unified sign-in code is also inside the sign-in link"
            if lang != "en" and template in ("two-factor", "us-code"):
                missing = [
                    s for s in re.findall(r'_fsdomain\(\s*["\'](.*?)["\']\s*[,)]',
                                          _show(repo, FLASKSEC_COMMIT, f"{base}{name}.txt"))
                    if s not in strings
                ]  # fmt: skip
                if missing:
                    note = (note + "; " if note else "") + (
                        "partly English: lines the locale's .po does not translate fall back to "
                        "the English msgid"
                    )
            _save(
                source="flask-security", template=template, lang=lang.split("_")[0]
                if lang not in ("pt_BR", "zh_Hans_CN") else lang.replace("_Hans_CN", "-Hans")
                .replace("_", "-"), kind=kind, code=code, repository=FLASKSEC_REPO,
                path=f"{base}{name}.txt; {base}{name}.html; flask_security/translations/"
                f"{lang}/LC_MESSAGES/flask_security.po; flask_security/core.py",
                commit=FLASKSEC_COMMIT, licence="MIT",
                rendered="Jinja2 .txt and .html templates rendered with jinja2 (autoescape for "
                ".html, as Flask), _fsdomain = the locale's .po gettext with % values; subject "
                "= the core.py default EMAIL_SUBJECT_* translated; Flask-Mail text + html",
                sender=FLASKSEC_FROM, subject=strings.get(subject_id, subject_id),
                text=bodies["txt"], html_part=bodies["html"], note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Authorizer

AUTHORIZER_COMMIT = "4ad0758cebf49e65e91ae45047a1f288d1c95a7f"
AUTHORIZER_REPO = "authorizerdev/authorizer"
AUTHORIZER_FROM = "Cobalt Labs <auth@cobalt.example>"


def _go_html(template: str, data: dict[str, str]) -> str:
    """html/template: comments in the template text are dropped, ``{{.a.b}}`` filled
    (escaped in text; in an href/src attribute ``&`` becomes ``&amp;``)."""
    template = re.sub(r"<!--.*?-->", "", template, flags=re.S)

    def one(m: re.Match[str]) -> str:
        value = data[m.group(1)]
        before = template[: m.start()]
        if re.search(r'(href|src)="$', before):
            return value.replace("&", "&amp;")
        return html.escape(value, quote=True).replace("&#x27;", "&#39;")

    return re.sub(r"\{\{\s*\.([\w.]+)\s*\}\}", one, template)


def authorizer(repo: Path) -> None:
    rows = [
        ("otp.go", "OtpEmail", "otp", "saas-otp"),
        ("email_verification.go", "EmailVerification", "verify-email", "notice"),
        ("forgot_password.go", "ForgotPassword", "forgot-password", "notice"),
        ("invite_user.go", "InviteUserEmail", "invite", "notice"),
    ]
    for file, const, template, kind in rows:
        path = f"internal/email/templates/{file}"
        source = _show(repo, AUTHORIZER_COMMIT, path)
        subject = re.search(const + r'Subject = "(.*?)"', source).group(1)
        body = re.search(const + r"Template = `(.*?)`", source, re.S).group(1)
        otp = "".join(RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZ123456789") for _ in range(6))
        data = {
            "organization.name": "Cobalt Labs",
            "organization.logo": "https://cobalt.example/static/logo.png",
            "otp": otp,
            "verification_url": "https://auth.cobalt.example/verify_email?token=eyJhbGciOiJIUzI1"
            "NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJub29yIn0.Zk3v9Qw2mB7x&redirect_uri="
            "https://app.cobalt.example/",
        }
        code = otp if template == "otp" else None
        _save(
            source="authorizer", template=template, lang="en", kind=kind, code=code,
            repository=AUTHORIZER_REPO, path=f"{path}; internal/email/email.go; "
            "internal/utils/generate_otp.go", commit=AUTHORIZER_COMMIT, licence="Apache-2.0",
            rendered="default subject/template constants filled as html/template does "
            "(template comments dropped); gomail text/html only; OTP = GenerateOTP, six of "
            "ABCDEFGHJKLMNPQRSTUVWXYZ123456789",
            sender=AUTHORIZER_FROM, subject=subject, text=None, html_part=_go_html(body, data),
            note="the template's '100%%' is sent as written (no Sprintf)" if code else None,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Kanidm

KANIDM_COMMIT = "f72676f73006e83bd0819d75a3b1a57fe85beef6"
KANIDM_REPO = "kanidm/kanidm"
KANIDM_PATH = "tools/mail_sender/src/main.rs"


def kanidm(repo: Path) -> None:
    source = _show(repo, KANIDM_COMMIT, KANIDM_PATH)
    bodies = re.findall(r'format!\(\s*r#"(.*?)"#', source, re.S)
    subjects = re.findall(r'format!\("\{0\}: (.*?)", ctx\.instance_display_name\)', source)
    alphabet = "abcdefghjkpqrstuvwxyz0123456789"  # server/lib/src/utils.rs DistinctAlpha
    intent = "-".join("".join(RNG.choice(alphabet) for _ in range(5)) for _ in range(4))
    values = {
        "display_name": "Noor Tester",
        "message_id": "5b0f3c7e-2d4a-4e61-9c1b-8a7f2e6d3b90",
        "reset_url": f"https://idm.northwind.example/ui/reset?token={intent}",
        "revoke_url": f"https://idm.northwind.example/ui/revoke?token={intent}",
        "pretty_expiry_time": "Thu, 19 Nov 2026 09:41:07 +0000",
    }
    for (template, note), subject, body in zip(
        [("test-message", None),
         ("credential-reset", "the reset token (four groups of five) is only inside the links")],
        subjects, bodies, strict=True,
    ):  # fmt: skip
        text = re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], body)
        _save(
            source="kanidm", template=template, lang="en", kind="notice", code=None,
            repository=KANIDM_REPO, path=f"{KANIDM_PATH}; server/lib/src/idm/"
            "credupdatesession.rs", commit=KANIDM_COMMIT, licence="MPL-2.0",
            rendered="to_email_content's format! strings filled; lettre text/plain",
            sender="Northwind IDM <idm@northwind.example>",
            subject=f"Northwind IDM: {subject}", text=text, html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# AppFlowy Cloud

APPFLOWY_COMMIT = "4fb9c9290bfac085d6b83bb7b43ca9b858c7166e"
APPFLOWY_REPO = "AppFlowy-IO/AppFlowy-Cloud"


def _handlebars_html(template: str, data: dict[str, str]) -> str:
    """handlebars-rust ``{{ name }}``: the value HTML-escaped (& < > " ' ` =)."""

    def esc(value: str) -> str:
        table = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;",
                 "`": "&#x60;", "=": "&#x3D;"}  # fmt: skip
        return "".join(table.get(c, c) for c in value)

    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: esc(data[m.group(1)]), template)


def appflowy(repo: Path) -> None:
    base = "assets/mailer_templates/build_production/"
    gotrue = [
        ("magic_link", "magic-link", "Your Magic Link", "magiclink"),
        ("confirmation", "confirmation", "Confirm Your Email", "signup"),
        ("recovery", "recovery", "Reset Your Password", "recovery"),
    ]
    for name, template, subject, vtype in gotrue:
        token = "".join(RNG.choice("0123456789") for _ in range(6))
        token_hash = hashlib.sha224(f"noor.tester@example.com{token}".encode()).hexdigest()
        data = {
            "Token": token,
            "ConfirmationURL": f"https://appflowy.harbor.example/gotrue/verify?token={token_hash}"
            f"&type={vtype}&redirect_to=appflowy-flutter://login-callback",
        }
        _save(
            source="appflowy", template=template, lang="en", kind="saas-otp", code=token,
            repository=APPFLOWY_REPO, path=f"{base}{name}.html; deploy.env; dev.env",
            commit=APPFLOWY_COMMIT, licence="AGPL-3.0",
            rendered="GoTrue custom template (GOTRUE_MAILER_TEMPLATES_*) filled as "
            "html/template does (comments dropped); text/html only; six-digit GoTrue OTP",
            sender="AppFlowy <notify@appflowy.harbor.example>", subject=subject, text=None,
            html_part=_go_html(_show(repo, APPFLOWY_COMMIT, base + name + ".html"), data),
            note="subject: GoTrue's default of that template (AppFlowy sets only the body)",
        )  # fmt: skip
    people = {
        "username": "Ines Alvarado",
        "user_icon_url": "https://appflowy.harbor.example/avatars/ines.png",
        "workspace_name": "Harbor Ops",
        "workspace_icon_url": "https://appflowy.harbor.example/icons/harbor-ops.png",
        "workspace_member_count": "14",
        "accept_url": "https://appflowy.harbor.example/accept-invitation?invited_id="
        "7c1e9b52-4f0a-4d83-b6e2-93a15d0c8f47",
        "approve_url": "https://appflowy.harbor.example/app/approve-request?request_id="
        "1b8f3e6a-2c47-4d95-8a0e-5f7c9d2b4e13",
        "launch_workspace_url": "https://appflowy.harbor.example/app/"
        "5d2a7c91-8e3b-4f06-a1d4-6b9e0c3f7a28",
        "mentioner_name": "Ines Alvarado",
        "mentioner_icon_url": "https://appflowy.harbor.example/avatars/ines.png",
        "mentioned_page_name": "Q4 berth schedule",
        "mentioned_at": "Nov 19, 2026 08:37 AM",
    }
    rust = [
        ("workspace_invitation", "workspace-invite",
         "Ines Alvarado invited you to Harbor Ops in AppFlowy"),
        ("access_request", "access-request", "Ines Alvarado requested access to Harbor Ops in "
         "AppFlowy"),
        ("access_request_approved_notification", "access-approved",
         "Notification: Workspace access request approved"),
        ("page_mention_notification", "page-mention",
         "Ines Alvarado has mentioned you in Q4 berth schedule in AppFlowy"),
    ]  # fmt: skip
    for name, template, subject in rust:
        _save(
            source="appflowy", template=template, lang="en", kind="notice", code=None,
            repository=APPFLOWY_REPO, path=f"{base}{name}.html; src/mailer.rs; "
            "libs/mailer/src/sender.rs", commit=APPFLOWY_COMMIT, licence="AGPL-3.0",
            rendered="handlebars template filled as handlebars-rust does (values escaped), "
            "subject as src/mailer.rs formats it; lettre text/html only",
            sender="AppFlowy Notification <notify@appflowy.harbor.example>", subject=subject,
            text=None, html_part=_handlebars_html(_show(repo, APPFLOWY_COMMIT, base + name +
                                                        ".html"), people),
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# spatie/laravel-one-time-passwords (mail layout of laravel/framework)

SPATIE_COMMIT = "b510325dcacd5100bd6ec393c36786998b5c4ebd"
SPATIE_REPO = "spatie/laravel-one-time-passwords"
LARAVEL_COMMIT = "bd71b45fbb7e672957bf6ff61baddefe15fbca6a"


def _php_strings(source: str) -> dict[str, str]:
    """The 'key' => 'value' / "value" pairs of a Laravel lang file."""
    out = {}
    for key, q, value in re.findall(r"'(\w+)'\s*=>\s*(['\"])(.*?)(?<!\\)\2,", source, re.S):
        out[key] = value.replace("\\'", "'") if q == "'" else value
    return out


def _blade_e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars with ENT_QUOTES."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def spatie_otp(repo: Path, laravel: Path) -> None:
    app, url = "Pinecone", "https://pinecone.example"
    views = "src/Illuminate/Mail/resources/views/"
    layout = _show(laravel, LARAVEL_COMMIT, views + "html/layout.blade.php")
    for lang in ["en", "de", "fr", "nl", "ar", "pt_BR", "pt_PT", "ru"]:
        strings = _php_strings(
            _show(repo, SPATIE_COMMIT, f"resources/lang/{lang}/notifications.php")
        )
        code = "".join(RNG.choice("0123456789") for _ in range(6))
        intro = strings["intro"].replace(":url", url)
        # resources/views/mail.blade.php: the markdown slot of <x-mail::message>
        slot = (
            f"# {_blade_e(strings['title'])}\n\n{_blade_e(intro)}\n\n**{code}**\n\n"
            f"{_blade_e(strings['outro'])}"
        )
        footer = f"© {SENT.year} {app}. All rights reserved."
        text = f"{app}: {url}\n\n{slot}\n\n{footer}\n"
        text = html.unescape(re.sub(r"[\r\n]{2,}", "\n\n", text))

        def para(s: str) -> str:
            return f"<p>{html.escape(html.unescape(s), quote=False)}</p>\n"

        body = (
            f"<h1>{html.escape(strings['title'], quote=False)}</h1>\n"
            + para(intro)
            + f"<p><strong>{code}</strong></p>\n"
            + para(strings["outro"])
        )
        header = (
            f'<tr>\n<td class="header">\n<a href="{url}" style="display: inline-block;">\n'
            f"{app}\n</a>\n</td>\n</tr>"
        )
        foot = (
            '<tr>\n<td>\n<table class="footer" align="center" width="570" cellpadding="0" '
            'cellspacing="0" role="presentation">\n<tr>\n<td class="content-cell" '
            f'align="center">\n<p>{footer}</p>\n\n</td>\n</tr>\n</table>\n</td>\n</tr>'
        )
        page = (
            layout.replace(
                "{{ str_replace('_', '-', app()->getLocale()) }}", lang.replace("_", "-")
            )
            .replace("{{ config('app.name') }}", app)
            .replace("{!! $head ?? '' !!}\n", "")
            .replace("{!! $header ?? '' !!}", header)
            .replace("{!! Illuminate\\Mail\\Markdown::parse($slot) !!}", body)
            .replace("{!! $subcopy ?? '' !!}", "")
            .replace("{!! $footer ?? '' !!}", foot)
        )
        _save(
            source="spatie-otp", template="login-code", lang=lang.replace("_", "-"),
            kind="saas-otp", code=code, repository=SPATIE_REPO,
            path=f"src/Notifications/OneTimePasswordNotification.php; resources/views/mail.blade"
            f".php; resources/lang/{lang}/notifications.php; laravel/framework@{LARAVEL_COMMIT}"
            f":{views}{{html,text}}/*.blade.php", commit=SPATIE_COMMIT, licence="MIT",
            rendered="MailMessage->markdown('one-time-passwords::mail'): lang strings filled "
            "(Blade-escaped), text part as Markdown::renderText lays it out, HTML part the "
            "framework's html/layout with the body converted from Markdown by hand (the theme "
            "CSS inlining is not reproduced); password_length 6, numeric",
            sender=f"{app} <hello@pinecone.example>",
            subject=strings["mail_subject"].replace(":oneTimePassword", code), text=text,
            html_part=page, note="the code is in the subject and in bold in the body",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# django-trench

TRENCH_COMMIT = "b7f0eb4f0031e6013826e59a38ebd7010661cfd9"


def trench(repo: Path) -> None:
    code = "".join(RNG.choice("0123456789") for _ in range(6))
    base = "trench/templates/trench/backends/email/"
    text = _show(repo, TRENCH_COMMIT, base + "code.txt").replace("{{ code }}", code)
    page = _show(repo, TRENCH_COMMIT, base + "code.html").replace("{{ code }}", code)
    _save(
        source="trench", template="email-code", lang="en", kind="saas-otp", code=code,
        repository="merixstudio/django-trench", path=f"{base}code.txt; {base}code.html; "
        "trench/settings.py; trench/backends/basic_mail.py", commit=TRENCH_COMMIT,
        licence="MIT", rendered="SendMailMessageDispatcher: send_mail with the default "
        "subject and the two templates ('{{ code }}' alone) rendered; TOTP now(), six digits",
        sender="Fernway <no-reply@fernway.example>", subject="Your verification code",
        text=text, html_part=page,
        note="the whole body is the code; the de/pl catalogues leave the subject untranslated",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Hoppscotch

HOPPSCOTCH_COMMIT = "afc2cf181c16e56647b099e5d18cfe55710c6cdd"


def hoppscotch(repo: Path) -> None:
    base = "packages/hoppscotch-backend/src/mailer/"
    rows = [
        ("user-invitation", "magic-link", "Sign in to Hoppscotch",
         {"inviteeEmail": "noor.tester@example.com",
          "magicLink": "https://hoppscotch.tidewater.example/enter?token="
          "7Qm2xK9vR4pL8sZ1nB6cW3yT5hJ0dF"},
         "sign-in by magic link: the token is only inside the link"),
        ("team-invitation", "team-invite",
         "A user has invited you to join a team workspace in Hoppscotch",
         {"invitee": "Ines Alvarado", "invite_team_name": "Payments API",
          "action_url": "https://hoppscotch.tidewater.example/join-team?id="
          "c3b8e1f4-6a2d-4f90-b7e5-1d9c0a4e8f26"}, None),
    ]  # fmt: skip
    for name, template, subject, data, note in rows:
        page = _show(repo, HOPPSCOTCH_COMMIT, f"{base}templates/{name}.hbs")
        _save(
            source="hoppscotch", template=template, lang="en", kind="notice", code=None,
            repository="hoppscotch/hoppscotch", path=f"{base}templates/{name}.hbs; "
            f"{base}mailer.service.ts", commit=HOPPSCOTCH_COMMIT, licence="MIT",
            rendered="Handlebars template filled as Handlebars.js does (values escaped, '=' "
            "as &#x3D;), subject from resolveSubjectForMailDesc; HTML only (the mailer "
            "adapter's CSS inlining is not reproduced)",
            sender="Hoppscotch <no-reply@hoppscotch.tidewater.example>", subject=subject,
            text=None, html_part=_handlebars_html(page, data), note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Lemmy

LEMMY_COMMIT = "439734dd638a2c06a2f907beab7dcf4646e88f86"
LEMMY_TR_COMMIT = "38ec882e588ebacb08b96ac1b1ad3847f48b2b45"  # crates/email/translations


def _html2text(markup: str) -> str:
    """An approximation of html2text's plain rendering: h1 as '# ', <br> as a line break,
    links as [text][n] with the footnotes after the text."""
    notes: list[str] = []

    def link(m: re.Match[str]) -> str:
        notes.append(m.group(1))
        return f"[{m.group(2)}][{len(notes)}]"

    text = re.sub(r"<a href=[\"']([^\"']*)[\"']>(.*?)</a>", link, markup)
    text = re.sub(r"<h1>(.*?)</h1>", r"# \1\n\n", text)
    text = re.sub(r"<br\s*/?>", "\n", text)
    text = html.unescape(re.sub(r"<[^>]+>", "", text)).strip("\n")
    text = re.sub(r"\n{3,}", "\n\n", text)
    if notes:
        text += "\n\n" + "\n".join(f"[{i}]: {u}" for i, u in enumerate(notes, 1))
    return text + "\n"


def lemmy(tr_repo: Path) -> None:
    en = json.loads(_show(tr_repo, LEMMY_TR_COMMIT, "backend/en.json"))
    host = "lemmy.fjord.example"
    values = {
        "username": "noor", "hostname": host,
        "reset_link": f"https://{host}/password_change/9b3f6e2a-51c7-4d8e-a0f4-7c2d9e1b6a35",
        "verify_link": f"https://{host}/verify_email/2e7c4a91-b6d3-4f58-9e0a-1d5b8c3f7a62",
    }  # fmt: skip
    plan = [
        ("password-reset", "password_reset", "account.rs send_password_reset_email",
         ["en", "de", "fr", "ja", "pl", "zh_Hans"]),
        ("verify-email", "verify_email", "account.rs send_verification_email",
         ["en", "es", "it", "nl", "ru", "uk"]),
        ("verify-email-application", "verify_email", "account.rs send_verification_email "
         "(registration mode RequireApplication)", ["en", "pl"]),
        ("registration-approved", "registration_approved", "account.rs "
         "send_application_approved_email", ["en", "es", "fi"]),
        ("registration-denied", "registration_denied", "account.rs "
         "send_application_denied_email (no reason)", ["en", "nl"]),
        ("email-verified", "email_verified", "account.rs send_email_verified_email",
         ["en", "ko", "pt"]),
    ]  # fmt: skip
    for template, key, how, langs in plan:
        body_key = key + "_body" + ("_with_application" if template.endswith("application") else "")
        for lang in langs:
            tr = {**en, **json.loads(_show(tr_repo, LEMMY_TR_COMMIT, f"backend/{lang}.json"))}
            fill = lambda s: re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], s)  # noqa: E731
            subject = fill(tr[key + "_subject"])
            body = fill(tr[body_key])
            note = None
            if lang != "en" and body_key not in json.loads(
                _show(tr_repo, LEMMY_TR_COMMIT, f"backend/{lang}.json")
            ):
                note = "the language has no body string: rosetta falls back to English"
            _save(
                source="lemmy", template=template, lang=lang.replace("_", "-"), kind="notice",
                code=None, repository="LemmyNet/lemmy",
                path=f"crates/email/src/account.rs; crates/email/src/send.rs; "
                f"LemmyNet/lemmy-translations@{LEMMY_TR_COMMIT}:backend/{lang}.json",
                commit=LEMMY_COMMIT, licence="AGPL-3.0",
                rendered=f"{how}: the rosetta strings (translations submodule) filled; lettre "
                "alternative_plain_html, the plain part an approximation of html2text",
                sender=f"Fjord Lemmy <noreply@{host}>", subject=subject,
                text=_html2text(body), html_part=body, note=note,
            )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, required=True)
    args = ap.parse_args()

    def mirror(name: str) -> Path:
        return args.mirrors / name / "repo"

    allauth(mirror("pennersr+django-allauth"))
    supabase(mirror("supabase+auth"))
    flask_security(mirror("pallets-eco+flask-security"))
    authorizer(mirror("authorizerdev+authorizer"))
    kanidm(mirror("kanidm+kanidm"))
    appflowy(mirror("AppFlowy-IO+AppFlowy-Cloud"))
    spatie_otp(mirror("spatie+laravel-one-time-passwords"), mirror("laravel+framework"))
    trench(mirror("merixstudio+django-trench"))
    hoppscotch(mirror("hoppscotch+hoppscotch"))
    lemmy(mirror("LemmyNet+lemmy-translations"))
    out = HERE / "round15" / "apps.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
