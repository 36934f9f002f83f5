"""Round seventeen, backend frameworks and admin-panel plugins: the login codes their mails
give, and the same senders' account notices without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_backends.py \\
        --mirrors /work/.mirror [--node-modules /tmp/gauzynm/node_modules]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- chiiya/filament-access-control (MIT), the Filament admin access-control plugin, at the last
  commit that still sends the e-mail two-factor code (``CHIIYA_COMMIT``):
  ``src/Notifications/TwoFactorCode.php`` (six ``random_int(0, 9)`` digits) and
  ``src/Notifications/SetPassword.php`` as ``MailMessage::markdown`` mails of
  ``resources/views/emails/{two-factor,password-set}.blade.php`` with the strings of
  ``resources/lang/<lang>/default.php`` (ar, de, en, id, ja; Laravel's ``:host`` / ``:count``
  / ``:url`` replacement), subject ``notifications.*.title``; the set-password mail also in
  es, fr, nl and pl at ``CHIIYA_HEAD`` (the view and notification unchanged there). The
  Markdown mail is laid out with the ``mail::message`` component of laravel/framework (MIT,
  ``LARAVEL_COMMIT``): the text part as ``text/layout`` gives it (header ``app: url``, the Markdown source with tags
  stripped, footer), the HTML part ``html/layout`` with the Markdown converted by hand
  (``#`` headings, paragraphs, the button table, links); the theme CSS inlining is not
  reproduced. ``filament()->getBrandName()`` is the app name.
- afsakar/filament-otp-login (MIT), the Filament OTP-login plugin:
  ``src/Notifications/SendOtpCode.php`` (greeting, three lines, salutation) with
  ``resources/lang/{en,tr}/translations.php`` (and ``fa`` at ``AFSAKAR_FA_COMMIT``, before it was
  dropped), in the framework's notification view
  (``Notifications/resources/views/email.blade.php``) laid out as above; the code is
  ``str_pad(rand(0, 10 ** 6 - 1), 6, '0', STR_PAD_LEFT)`` (``src/Filament/Pages/Login.php``),
  valid ``otp_code.expires`` (120) seconds.
- jeremyevans/rodauth (MIT), the Ruby authentication framework: every ``templates/*-email.str``
  body (``#{...}`` filled as the features do: ``token_link`` ``<account id>_<urlsafe base64
  HMAC>`` links, logins, the WebAuthn count) with the default subject of each ``email``
  declaration in ``lib/rodauth/features/*.rb`` and ``email_from`` ``webmaster@<domain>``;
  the mail gem sends the body alone as text/plain. No code in any of them (TOTP codes come
  from an app, the links carry the keys).
- instantdb/instant (Apache-2.0), the Instant backend-as-a-service (Clojure server): the app
  users' default magic-code mail (``runtime/magic_code_auth.clj`` ``default-email-params``:
  subject ``<code> is your verification code for <app>``, the app title as sender name,
  ``friendly-expiration`` of the app's setting), the dashboard's own magic code
  (``dash/routes.clj``), the custom-sender verification code
  (``model/app_email_verification_code.clj``) and the team and transfer invitations
  (``dash/routes.clj``, ``superadmin/routes.clj``); hiccup2 bodies written out inside
  ``util/email.clj`` ``standard-body``; Postmark sends the HTML body alone. Codes are
  ``rand-num-str 6`` (``(rand-nth (range 0 9))``: digits 0-8).
- q23/mfa-email (GPL-2.0-or-later), a TYPO3 extension for e-mail codes at frontend login:
  ``Classes/Service/MailService.php`` ``sendCode`` as written (text lines joined, HTML
  ``sprintf``) with ``Resources/Private/Language/{,de.}locallang.xlf`` (``vsprintf``), subject
  prefix ``Login`` (``ext_conf_template.txt``), once with a configured site name and signature
  and once with the defaults; TYPO3 ``MailMessage`` sends text and HTML.
- payloadcms/payload (MIT), the headless CMS: the default forgot-password
  (``auth/operations/forgotPassword.ts``) and verification (``auth/sendVerificationEmail.ts``)
  mails with the ``authentication:*`` strings of ``packages/translations/src/languages/<lang>.ts``
  (twelve of its languages; ``replaceVars`` fills ``{{serverURL}}`` / ``{{verificationURL}}``),
  ``sendEmail`` with the HTML alone. Link mails, no code.
- mkalioby/django-mfa2 (MIT), the Django multi-factor app: the e-mail token
  (``mfa/Email.py`` ``sendEmail``, ``templates/Email/mfa_email_token_template.html``, subject
  ``MFA_OTP_EMAIL_SUBJECT`` default ``OTP``, once with ``MFA_SHOW_OTP_IN_EMAIL_SUBJECT``) and
  the trusted-device link (``mfa/TrustedDevice.py``); ``Common.send`` sends the HTML alone.
- afonsofigs/vendure-plugin-email-otp (MIT), a Vendure storefront sign-in by e-mailed code:
  ``src/email-handler.ts`` (subject, ``{{ fromAddress }}``) and
  ``src/template/onetimecode-requested/body.hbs`` rendered with Handlebars and ``mjml2html``
  in node (``--node-modules``: a ``node_modules`` with mjml 4.18.0 and handlebars, as the
  Vendure e-mail plugin's ``HandlebarsMjmlGenerator`` does); the code as
  ``simple-auth.service.ts`` makes it, with the default options and with ``includeAlphabet``.
- 2amigos/yii2-usuario (BSD-3-Clause), the Yii 2 user module: ``MailFactory`` mails (subjects
  of ``Bootstrap.php`` ``mailParams``) rendered from ``src/User/resources/views/mail/{,text/}
  *.php`` in ``layouts/{html,text}.php`` by a small PHP-view runner (echo tags, ``if``/``endif``
  blocks, the newline after ``?>`` eaten), ``Yii::t`` from ``i18n/<lang>/usuario.php`` (an
  empty translation falls back to the English source): the e-mail 2FA code, the welcome mail
  with a generated password (``generatePasswords``, ``SecurityHelper::generatePassword(8)``),
  the welcome mail with a confirmation link and the recovery mail.
- vendure-ecommerce/vendure (GPL-3.0-or-later), the headless commerce framework: the e-mail
  plugin's default templates (``packages/email-plugin/templates/*/body.hbs`` with the header and
  footer partials, subjects of ``default-email-handlers.ts``) rendered in node as its
  ``HandlebarsMjmlGenerator`` does (its ``formatMoney``; ``formatDate`` with dateformat's
  default mask, in UTC); an order confirmation and three link mails, no code.
- phoenixframework/phoenix (MIT): the ``phx.gen.auth`` notifier template
  (``priv/templates/phx.gen.auth/notifier.ex.eex``) as generated for ``Accounts``/``User`` in
  an app ``Tidewater``: its three heredoc mails with Swoosh ``text_body`` only. No code.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import random
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 2, 8, 41, 17, tzinfo=UTC)
RNG = random.Random("r17-backends")
ITEMS: list[dict] = []
DROPPED = {"yii2usuario", "q23mfaemail"}
"""Senders kept out: yii2-usuario, which another collector of this round renders too
(``collect_r17_libraries.py``: the same module at the same commit, in more languages), and
q23/mfa-email, which round ten already holds (``typo3mfaemail``, the same commit), so it
is seen. Their codes are still drawn here, so every other mail keeps its bytes."""
DIGITS = "0123456789"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    if source in DROPPED:
        return  # rendered for its random draws only (see DROPPED)
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


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------
# Laravel Markdown mail (shared by the Filament plugins)

LARAVEL_COMMIT = "bd71b45fbb7e672957bf6ff61baddefe15fbca6a"
LARAVEL_VIEWS = (
    f"laravel/framework@{LARAVEL_COMMIT}:src/Illuminate/Mail/resources/views/"
    "{html,text}/{layout,message,header,footer,button}.blade.php"
)


def _php_lang(source: str) -> dict[str, str]:
    """The nested 'key' => 'value' strings of a Laravel lang file, as dotted keys."""
    out: dict[str, str] = {}
    stack: list[str] = []
    for line in source.splitlines():
        m = re.match(r"\s*'(\w+)' => \[$", line)
        if m:
            stack.append(m.group(1))
            continue
        if re.match(r"\s*\],?$", line) and stack:
            stack.pop()
            continue
        m = re.match(r"""\s*'(\w+)' => (['"])(.*)\2,$""", line)
        if m:
            value = m.group(3).replace("\\'", "'") if m.group(2) == "'" else m.group(3)
            out[".".join([*stack, m.group(1)])] = value
    return out


def _trans(value: str, repl: dict[str, str]) -> str:
    """Laravel makeReplacements: longest key first, :key / :Key / :KEY."""
    for key in sorted(repl, key=len, reverse=True):
        value = value.replace(":" + key, repl[key])
        value = value.replace(":" + key.capitalize(), repl[key].capitalize())
        value = value.replace(":" + key.upper(), repl[key].upper())
    return value


def _e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars with ENT_QUOTES."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _md_inline(value: str) -> str:
    """Markdown inline links of an (already escaped) paragraph."""
    return re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', value)


def _laravel_mail(laravel: Path, *, app: str, url: str, lang: str, blocks: list[tuple],
                  subcopy: str | None = None) -> tuple[str, str]:  # fmt: skip
    """Text and HTML parts of a ``mail::message`` whose slot is ``blocks``: ("h1", text),
    ("p", text; ``<br>`` kept as Blade leaves it) or ("button", text, url, color)."""
    layout = _show(
        laravel, LARAVEL_COMMIT, "src/Illuminate/Mail/resources/views/html/layout.blade.php"
    )
    md: list[str] = []
    body: list[str] = []
    for block in blocks:
        if block[0] == "h1":
            md.append(f"# {_e(block[1])}")
            body.append(f"<h1>{_md_inline(_e(block[1]))}</h1>\n")
        elif block[0] == "p":
            md.append(block[1])
            body.append(f"<p>{_md_inline(block[1])}</p>\n")
        else:
            _, label, href, color = block
            md.append(f"{_e(label)}: {href}")
            body.append(
                '<table class="action" align="center" width="100%" cellpadding="0" '
                'cellspacing="0" role="presentation">\n<tr>\n<td align="center">\n<table '
                'width="100%" border="0" cellpadding="0" cellspacing="0" role="presentation">\n'
                '<tr>\n<td align="center">\n<table border="0" cellpadding="0" cellspacing="0" '
                f'role="presentation">\n<tr>\n<td>\n<a href="{html.escape(href)}" '
                f'class="button button-{color}" target="_blank" rel="noopener">'
                f"{_e(label)}</a>\n</td>\n</tr>\n</table>\n</td>\n</tr>\n"
                "</table>\n</td>\n</tr>\n</table>\n"
            )
    footer = f"© {SENT.year} {app}. All rights reserved."
    slot = "\n\n".join(md)
    text = f"{app}: {url}\n\n{re.sub(r'<[^>]*>', '', slot)}\n"
    if subcopy:
        text += f"\n{re.sub(r'<[^>]*>', '', subcopy)}\n"
    text = html.unescape(text + f"\n{footer}\n")
    sub = ""
    if subcopy:
        sub = (
            '<table class="subcopy" width="100%" cellpadding="0" cellspacing="0" '
            f'role="presentation">\n<tr>\n<td>\n<p>{_md_inline(subcopy)}</p>\n'
            "\n</td>\n</tr>\n</table>"
        )
    header = (
        f'<tr>\n<td class="header">\n<a href="{url}" style="display: inline-block;">\n'
        f"{app}\n</a>\n</td>\n</tr>"
    )
    foot = (
        '<tr>\n<td>\n<table class="footer" align="center" width="570" cellpadding="0" '
        'cellspacing="0" role="presentation">\n<tr>\n<td class="content-cell" '
        f'align="center">\n<p>{html.escape(footer, quote=False)}</p>\n\n</td>\n</tr>\n'
        "</table>\n</td>\n</tr>"
    )
    page = (
        layout.replace("{{ str_replace('_', '-', app()->getLocale()) }}", lang.replace("_", "-"))
        .replace("{{ config('app.name') }}", app)
        .replace("{!! $head ?? '' !!}\n", "")
        .replace("{!! $header ?? '' !!}", header)
        .replace("{!! Illuminate\\Mail\\Markdown::parse($slot) !!}", "".join(body))
        .replace("{!! $subcopy ?? '' !!}", sub)
        .replace("{!! $footer ?? '' !!}", foot)
    )
    assert "{{" not in page and "{!!" not in page, page
    return text, page


# ---------------------------------------------------------------------------------------
# chiiya/filament-access-control

CHIIYA_REPO = "chiiya/filament-access-control"
CHIIYA_COMMIT = "8af3a8d57334f443130550ac4b8b9aa16f3b4dcf"
CHIIYA_HEAD = "b9a9fc174994c2f6613bf24a39159c1ab546382c"
CHIIYA_LANGS = ["en", "de", "ar", "id", "ja"]


def chiiya(repo: Path, laravel: Path) -> None:
    app, url = "Harbourline Freight", "https://admin.harbourline.example"
    host = "admin.harbourline.example"
    sender = f"{app} <no-reply@harbourline.example>"
    # es, fr, nl and pl came after the e-mail code was dropped: their set-password mail (view
    # and notification unchanged) is taken at CHIIYA_HEAD
    runs = [(lang, CHIIYA_COMMIT) for lang in CHIIYA_LANGS]
    runs += [(lang, CHIIYA_HEAD) for lang in ["es", "fr", "nl", "pl"]]
    for lang, commit in runs:
        s = _php_lang(_show(repo, commit, f"resources/lang/{lang}/default.php"))

        def t(key: str, repl: dict[str, str] | None = None, s=s) -> str:
            return _trans(s[f"notifications.{key}"], repl or {})

        regards = f"{_e(t('salutation'))},<br>\n{_e(app)}"
        common = dict(
            source="filamentaccess", lang=lang, repository=CHIIYA_REPO, commit=commit,
            licence="MIT", sender=sender,
            rendered="MailMessage::markdown of the plugin's Blade view with its lang strings, "
            "laid out with laravel/framework's mail::message (text part as text/layout gives "
            "it, HTML part html/layout with the Markdown converted by hand)",
        )  # fmt: skip
        if commit == CHIIYA_COMMIT:
            code = _rand(DIGITS, 6)
            text, page = _laravel_mail(laravel, app=app, url=url, lang=lang, blocks=[
                ("h1", t("two_factor.title", {"host": host})),
                ("p", _e(t("two_factor.message"))),
                ("h1", code),
                ("p", regards),
            ])  # fmt: skip
            _save(
                template="two-factor", kind="saas-otp", code=code,
                path="src/Notifications/TwoFactorCode.php; resources/views/emails/two-factor"
                f".blade.php; resources/lang/{lang}/default.php; {LARAVEL_VIEWS}",
                subject=t("two_factor.title", {"host": host}), text=text, html_part=page,
                note="six random_int(0, 9) digits shown as a Markdown # heading", **common,
            )  # fmt: skip
        else:
            for path in ["src/Notifications/SetPassword.php",
                         "resources/views/emails/password-set.blade.php"]:  # fmt: skip
                assert _show(repo, commit, path) == _show(repo, CHIIYA_COMMIT, path), path
        token = hashlib.sha256(f"chiiya-{lang}".encode()).hexdigest()
        set_url = f"{url}/admin/password/set/{token}?email=noor.tester%40example.com"
        request_url = f"{url}/admin/password/request"
        text, page = _laravel_mail(laravel, app=app, url=url, lang=lang, blocks=[
            ("h1", t("password_set.title", {"host": host})),
            ("p", _e(t("password_set.message", {"host": host}))),
            ("button", t("password_set.button"), set_url, "primary"),
            ("p", _e(t("password_set.expiry", {"count": "60", "url": request_url}))),
            ("p", regards),
        ])  # fmt: skip
        _save(
            template="password-set", kind="notice", code=None,
            path="src/Notifications/SetPassword.php; resources/views/emails/password-set.blade"
            f".php; resources/lang/{lang}/default.php; {LARAVEL_VIEWS}",
            subject=t("password_set.title", {"host": host}), text=text, html_part=page,
            note="a set-password link only", **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# afsakar/filament-otp-login

AFSAKAR_REPO = "afsakar/filament-otp-login"
AFSAKAR_COMMIT = "e24e99b9b5198e309170617df7e0434b5854d018"
AFSAKAR_FA_COMMIT = "7ccfe01c68a293c58d1809e1d089bc6f45adb2d8"


def afsakar(repo: Path, laravel: Path) -> None:
    app, url = "Kestrel Clinic Portal", "https://portal.kestrelclinic.example"
    # fa was shipped until a later commit dropped it: taken from AFSAKAR_FA_COMMIT (the same
    # notification and code generator)
    for lang, commit in [("en", AFSAKAR_COMMIT), ("tr", AFSAKAR_COMMIT),
                         ("fa", AFSAKAR_FA_COMMIT)]:  # fmt: skip
        s = _php_lang(_show(repo, commit, f"resources/lang/{lang}/translations.php"))
        code = _rand(DIGITS, 6)
        lines = [
            _trans(s["mail.line1"], {"code": code}),
            _trans(s["mail.line2"], {"seconds": "120"}),
            s["mail.line3"],
        ]
        text, page = _laravel_mail(laravel, app=app, url=url, lang=lang, blocks=[
            ("h1", s["mail.greeting"]),
            *[("p", _e(x)) for x in lines],
            ("p", _e(_trans(s["mail.salutation"], {"app_name": app}))),
        ])  # fmt: skip
        _save(
            source="filamentotplogin", template="otp-code", lang=lang, kind="saas-otp",
            code=code, repository=AFSAKAR_REPO, commit=commit, licence="MIT",
            path="src/Notifications/SendOtpCode.php; src/Filament/Pages/Login.php; "
            f"resources/lang/{lang}/translations.php; laravel/framework@{LARAVEL_COMMIT}:"
            "src/Illuminate/Notifications/resources/views/email.blade.php; " + LARAVEL_VIEWS,
            rendered="Laravel MailMessage (greeting, lines, salutation) in the framework's "
            "notification view, laid out as text/layout and html/layout (Markdown converted "
            "by hand)",
            sender=f"{app} <no-reply@kestrelclinic.example>", subject=s["mail.subject"],
            text=text, html_part=page,
            note="six digits zero-padded, after 'Your OTP code is:'; 120 is the validity in "
            "seconds",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# jeremyevans/rodauth

RODAUTH_REPO = "jeremyevans/rodauth"
RODAUTH_COMMIT = "8471e32e232294313d8545dcfa6b7c0ce21266c7"
RODAUTH_MAILS = [
    # template, default subject, feature file, link route (None: no link)
    ("email-auth", "Login Link", "email_auth", "email-auth"),
    ("reset-password", "Reset Password", "reset_password", "reset-password"),
    ("reset-password-notify", "Password Reset Completed", "reset_password_notify", None),
    ("unlock-account", "Unlock Account", "lockout", "unlock-account"),
    ("verify-account", "Verify Account", "verify_account", "verify-account"),
    ("verify-login-change", "Verify Login Change", "verify_login_change",
     "verify-login-change"),
    ("password-changed", "Password Changed", "change_password_notify", None),
    ("otp-setup", "TOTP Authentication Setup", "otp_modify_email", None),
    ("otp-disabled", "TOTP Authentication Disabled", "otp_modify_email", None),
    ("otp-locked-out", "TOTP Authentication Locked Out", "otp_lockout_email", None),
    ("otp-unlocked", "TOTP Authentication Unlocked", "otp_lockout_email", None),
    ("otp-unlock-failed", "TOTP Authentication Unlocking Failed", "otp_lockout_email", None),
    ("webauthn-authenticator-added", "WebAuthn Authenticator Added", "webauthn_modify_email",
     None),
    ("webauthn-authenticator-removed", "WebAuthn Authenticator Removed",
     "webauthn_modify_email", None),
]  # fmt: skip


def rodauth(repo: Path) -> None:
    base = "https://accounts.tallowmere.example"
    account_id = "4187"
    for template, subject, feature, route in RODAUTH_MAILS:
        path = f"templates/{template}-email.str"
        body = _show(repo, RODAUTH_COMMIT, path)
        declared = _show(repo, RODAUTH_COMMIT, f"lib/rodauth/features/{feature}.rb")
        assert f"'{subject}'" in declared, (feature, subject)
        values = {
            "rodauth.verify_login_change_old_login": "noor.tester@example.com",
            "rodauth.verify_login_change_new_login": "noor.tester@example.com",
            "rodauth.account_webauthn_ids.length": "2"
            if template.endswith("added") else "1",
        }  # fmt: skip
        if route:
            hmac = (
                base64.urlsafe_b64encode(hashlib.sha256(f"rodauth-{template}".encode()).digest())
                .decode()
                .rstrip("=")
            )
            key = "key"
            values[f"rodauth.{route.replace('-', '_')}_email_link"] = (
                f"{base}/{route}?{key}={account_id}_{hmac}"
            )

        def fill(m: re.Match, values=values) -> str:
            return values[m.group(1)]

        body = re.sub(r"#\{([^}]+)\}", fill, body)
        _save(
            source="rodauth", template=template, lang="en", kind="notice", code=None,
            repository=RODAUTH_REPO, path=f"{path}; lib/rodauth/features/{feature}.rb; "
            "lib/rodauth/features/email_base.rb", commit=RODAUTH_COMMIT, licence="MIT",
            rendered="the .str template with #{...} filled as the feature does; mail gem, "
            "the body alone as text/plain, default subject and email_from",
            sender="webmaster@accounts.tallowmere.example", subject=subject, text=body,
            html_part=None,
            note="the key is only inside the link" if route else None,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# instantdb/instant

INSTANT_REPO = "instantdb/instant"
INSTANT_COMMIT = "a4d2ef33b60f281a437191006e4541d4780f9e4a"
INSTANT_DIGITS = "012345678"  # rand-num-str: (rand-nth (range 0 9))


def _hiccup(*forms) -> str:
    """hiccup2 ``h/html`` (2.0.0-RC3, xhtml mode): elements as (tag, attrs or None,
    *children); strings escaped by ``escape-html`` (& < > " and ' as ``&apos;``)."""

    def one(form) -> str:
        if isinstance(form, str):
            return html.escape(form, quote=True).replace("&#x27;", "&apos;")
        tag, attrs, *children = form
        attr = "".join(f' {k}="{one(v)}"' for k, v in (attrs or {}).items())
        return f"<{tag}{attr}>" + "".join(one(c) for c in children) + f"</{tag}>"

    return "".join(one(f) for f in forms)


def instant(repo: Path) -> None:
    util = _show(repo, INSTANT_COMMIT, "server/src/instant/util/email.clj")
    m = re.search(r'\(defn standard-body \[& body\]\s*\(str\s*"([^"]*)"\s*"([^"]*)"', util)
    assert m
    head, tail = m.group(1) + m.group(2), "</div></div>"
    assert '"</div>"\n   "</div>"' in util

    def standard(body: str) -> str:
        return head + body + tail

    runtime = _show(repo, INSTANT_COMMIT, "server/src/instant/runtime/magic_code_auth.clj")
    dash = _show(repo, INSTANT_COMMIT, "server/src/instant/dash/routes.clj")
    verification = _show(
        repo, INSTANT_COMMIT, "server/src/instant/model/app_email_verification_code.clj"
    )
    strings = _show(repo, INSTANT_COMMIT, "server/src/instant/util/string.clj")
    assert "(rand-nth (range 0 9))" in strings
    common = dict(
        source="instantdb", lang="en", repository=INSTANT_REPO, commit=INSTANT_COMMIT,
        licence="Apache-2.0", text=None,
        rendered="the hiccup2 body written out (strings escaped) inside util/email.clj "
        "standard-body; Postmark HTMLBody only, no TextBody",
    )  # fmt: skip
    code_note = (
        "six of rand-num-str (digits 0-8 only); the code is also at the start of the subject"
    )

    def magic_body(title: str, code: str, expiration: str) -> str:
        return standard(_hiccup(
            ("p", None, ("strong", None, "Welcome,")),
            ("p", None, "You asked to join ", title, ". To complete your registration, use "
             "this ", "verification code:"),
            ("h2", {"style": "text-align: center"}, ("strong", None, code)),
            ("p", None, "Copy and paste this into the confirmation box, and you'll be on your "
             "way."),
            ("p", None, "Note: This code will expire in ", expiration, ", and can only be used "
             "once. If you ", "didn't request this code, please reply to this email."),
        ))  # fmt: skip

    assert '"You asked to join " app_title' in runtime
    for template, title, expiration in [
        ("app-magic-code", "Fernhill Allotments", "24 hours"),
        ("app-magic-code-short", "Quayside Bikes & Repairs", "15 minutes"),
    ]:
        code = _rand(INSTANT_DIGITS, 6)
        _save(
            template=template, kind="saas-otp", code=code,
            path="server/src/instant/runtime/magic_code_auth.clj; server/src/instant/util/"
            "email.clj; server/src/instant/model/app_user_magic_code.clj",
            sender=f"{title} <verify@auth-pm.instantdb.com>",
            subject=f"{code} is your verification code for {title}",
            html_part=magic_body(title, code, expiration),
            note=code_note + "; the app's default magic-code mail (friendly-expiration "
            f"{expiration})", **common,
        )  # fmt: skip
    assert "This code will expire in 10 minutes" in dash
    code = _rand(INSTANT_DIGITS, 6)
    body = magic_body("Instant", code, "10 minutes")
    _save(
        template="dashboard-magic-code", kind="saas-otp", code=code,
        path="server/src/instant/dash/routes.clj; server/src/instant/config.clj; "
        "server/src/instant/model/instant_user_magic_code.clj",
        sender="Instant <verify@dash-pm.instantdb.com>",
        subject=f"{code} is your verification code for Instant", html_part=body,
        note=code_note + "; the Instant dashboard's own sign-in", **common,
    )  # fmt: skip
    assert "is your Instant sender verification code for app: " in verification
    code = _rand(INSTANT_DIGITS, 6)
    title = "Fernhill Allotments"
    _save(
        template="sender-verification", kind="saas-otp", code=code,
        path="server/src/instant/model/app_email_verification_code.clj; "
        "server/src/instant/dash/routes.clj",
        sender="Instant <verify@dash-pm.instantdb.com>",
        subject=f"{code} is your Instant sender verification code for app: {title}",
        html_part=_hiccup(
            ("p", None, "Use this code to verify your custom sender email address on Instant "
             "for the app: ", ("strong", None, title)),
            ("h2", {"style": "text-align: center"}, code),
            ("p", None, "This code can only be used once."),
        ),
        note=code_note + "; sent without standard-body", **common,
    )  # fmt: skip
    assert '" invited you to collaborate on their "' in dash
    for kind_, title in [("app", "Fernhill Allotments"), ("org", "Quayside Cooperative")]:
        body = standard(_hiccup(
            ("p", None, ("strong", None, "Hey there!")),
            ("p", None, "mara.oyelaran@example.org", " invited you to collaborate on their ",
             {"app": "app", "org": "organization"}[kind_], " ", title, "."),
            ("p", None, "Navigate to ", ("a", {"href": "https://instantdb.com/dash?s=invites"},
             "Instant"), " to accept the invite."),
            ("p", None, "Note: this invite will expire in 3 days. ", "If you don't know the "
             "user inviting you, please reply to this email."),
        ))  # fmt: skip
        _save(
            template=f"team-invite-{kind_}", kind="notice", code=None,
            path="server/src/instant/dash/routes.clj; server/src/instant/config.clj",
            sender="Instant <teams@pm.instantdb.com>",
            subject=f"[Instant] You've been invited to collaborate on {title}",
            html_part=body, **common,
        )  # fmt: skip
    superadmin = _show(repo, INSTANT_COMMIT, "server/src/instant/superadmin/routes.clj")
    assert '" invited you to become the new owner of "' in superadmin
    title = "Fernhill Allotments"
    body = standard(_hiccup(
        ("p", None, ("strong", None, "Hey there!")),
        ("p", None, "mara.oyelaran@example.org", " invited you to become the new owner of ",
         title, "."),
        ("p", None, "Navigate to ", ("a", {"href": "https://instantdb.com/dash?s=invites"},
         "Instant"), " to accept the invite."),
        ("p", None, "Note: This invite will expire in 3 days. If you ", "don't know the user "
         "inviting you, please reply to this email."),
    ))  # fmt: skip
    _save(
        template="transfer-invite", kind="notice", code=None,
        path="server/src/instant/superadmin/routes.clj; server/src/instant/util/email.clj",
        sender="Instant <teams@pm.instantdb.com>",
        subject=f"[Instant] You've been asked to take ownership of {title}", html_part=body,
        **common,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# q23/mfa-email (TYPO3)

Q23_REPO = "q23/mfa-email"
Q23_COMMIT = "8f8db3f7a079abddf04364cbffa87886fe8a60d2"


def _xlf(source: str) -> dict[str, str]:
    """trans-unit id -> target (or source) of a TYPO3 XLIFF file."""
    out: dict[str, str] = {}
    for m in re.finditer(r'<trans-unit id="([^"]+)"[^>]*>(.*?)</trans-unit>', source, re.S):
        target = re.search(r"<target>(.*?)</target>", m.group(2), re.S)
        src = re.search(r"<source>(.*?)</source>", m.group(2), re.S)
        out[m.group(1)] = html.unescape((target or src).group(1))
    return out


def _php_e(value: str) -> str:
    """htmlspecialchars (ENT_QUOTES | ENT_SUBSTITUTE, PHP 8.1 default)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def q23(repo: Path) -> None:
    service = _show(repo, Q23_COMMIT, "Classes/Service/MailService.php")
    m = re.search(r"\$htmlBody = sprintf\(\s*(.*?),\s*htmlspecialchars\(\$htmlLanguage\)", service,
                  re.S)  # fmt: skip
    assert m
    html_format = "".join(re.findall(r"'([^']*)'", m.group(1)))
    assert "CODE_VALIDITY_SECONDS = 360;" in _show(
        repo, Q23_COMMIT, "Classes/Service/CodeService.php"
    )
    minutes = 6
    for lang, path in [("en", "locallang.xlf"), ("de", "de.locallang.xlf")]:
        s = _xlf(_show(repo, Q23_COMMIT, f"Resources/Private/Language/{path}"))
        for variant, site, name, signature, sender in [
            ("configured", "Stadtwerke Lindenau Kundenportal", "Noor Tester",
             "Stadtwerke Lindenau GmbH · Kundenservice 0341 555 0190",
             "Stadtwerke Lindenau <portal@stadtwerke-lindenau.example>"),
            ("defaults", None, "", "", "noreply@typo3-site.example"),
        ]:  # fmt: skip
            site_name = site or s["defaults.siteName"]
            code = f"{RNG.randrange(0, 1000000):06d}"
            subject = s["mail.subject.withPrefix"] % "Login"
            greeting = s["mail.greeting.named"] % name if name else s["mail.greeting.unnamed"]
            validity = s["mail.body.validity"] % minutes
            sig_line = f"\n\n{signature}" if signature else ""
            text = (
                "\n\n".join([greeting, s["mail.body.intro"] % site_name, "    " + code,
                             validity, s["mail.body.security"]]) + sig_line
            )  # fmt: skip
            sig_html = (
                f'<p style="color: #888; font-size: 12px; margin-top: 20px;">{_php_e(signature)}</p>'
                if signature else ""
            )  # fmt: skip
            page = html_format % (
                lang, _php_e(site_name), _php_e(greeting), _php_e(s["mail.body.lead"]),
                _php_e(code), _php_e(validity), _php_e(s["mail.body.security"]), sig_html,
            )  # fmt: skip
            _save(
                source="q23mfaemail", template=f"login-code-{variant}", lang=lang,
                kind="saas-otp", code=code, repository=Q23_REPO, commit=Q23_COMMIT,
                licence="GPL-2.0-or-later",
                path=f"Classes/Service/MailService.php; Classes/Service/CodeService.php; "
                f"Resources/Private/Language/{path}; ext_conf_template.txt",
                rendered="MailService::sendCode as written (implode of the text lines, sprintf "
                "of the HTML) with the XLIFF strings (vsprintf) of the request language; TYPO3 "
                "MailMessage text and HTML parts",
                sender=sender, subject=subject, text=text, html_part=page,
                note="str_pad(random_int(0, 999999), 6, '0'): six digits, indented in the text "
                "part and letter-spaced in a box in the HTML; 6 is the validity in minutes"
                + ("" if site else "; site name and greeting left at the extension defaults"),
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# payloadcms/payload

PAYLOAD_REPO = "payloadcms/payload"
PAYLOAD_COMMIT = "db7543c2121f0b672e33436447122b5e09ea4f2b"
PAYLOAD_LANGS = ["en", "de", "fr", "es", "it", "pl", "tr", "uk", "ar", "ja", "ko", "zh"]


def _ts_strings(source: str, keys: list[str]) -> dict[str, str]:
    """``key: 'value'`` (or double-quoted, possibly on the next line) of a Payload
    language file."""
    out: dict[str, str] = {}
    for key in keys:
        m = re.search(r"\n\s+" + key + r""":\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"),""",
                      source)  # fmt: skip
        assert m, key
        value = m.group(1) if m.group(1) is not None else m.group(2)
        out[key] = re.sub(r"\\(.)", r"\1", value)
    return out


def payload(repo: Path) -> None:
    forgot = _show(repo, PAYLOAD_COMMIT, "packages/payload/src/auth/operations/forgotPassword.ts")
    m = re.search(r"let html = `(.*?)`", forgot, re.S)
    assert m
    forgot_tpl = m.group(1)
    verify = _show(repo, PAYLOAD_COMMIT, "packages/payload/src/auth/sendVerificationEmail.ts")
    assert "req.t('authentication:newAccountCreated'" in verify
    server = "https://cms.harbourmuseum.example"
    sender = '"Harbour Museum CMS" <cms@harbourmuseum.example>'
    keys = ["youAreReceivingResetPassword", "youDidNotRequestPassword", "resetYourPassword",
            "newAccountCreated", "verifyYourEmail"]  # fmt: skip
    for lang in PAYLOAD_LANGS:
        path = f"packages/translations/src/languages/{lang}.ts"
        t = _ts_strings(_show(repo, PAYLOAD_COMMIT, path), keys)
        token = hashlib.sha1(f"payload-reset-{lang}".encode()).hexdigest()
        forgot_url = f"{server}/admin/reset/{token}"
        body = (
            forgot_tpl.replace(
                "${req.t('authentication:youAreReceivingResetPassword')}",
                t["youAreReceivingResetPassword"],
            )
            .replace("${forgotURL}", forgot_url)
            .replace(
                "${req.t('authentication:youDidNotRequestPassword')}", t["youDidNotRequestPassword"]
            )
        )
        assert "${" not in body
        common = dict(
            source="payloadcms", lang=lang, kind="notice", code=None, repository=PAYLOAD_REPO,
            commit=PAYLOAD_COMMIT, licence="MIT", sender=sender, text=None,
            rendered="the operation's default html and subject with req.t strings of the "
            "language file ({{var}} replaced unescaped); sendEmail sends the HTML alone",
        )  # fmt: skip
        _save(
            template="forgot-password", subject=t["resetYourPassword"], html_part=body,
            path=f"packages/payload/src/auth/operations/forgotPassword.ts; {path}",
            note="the 40-hex reset token is only in the link", **common,
        )  # fmt: skip
        token = hashlib.sha1(f"payload-verify-{lang}".encode()).hexdigest()
        body = t["newAccountCreated"].replace("{{serverURL}}", server)
        body = body.replace("{{verificationURL}}", f"{server}/admin/users/verify/{token}")
        _save(
            template="verify-email", subject=t["verifyYourEmail"], html_part=body,
            path=f"packages/payload/src/auth/sendVerificationEmail.ts; {path}",
            note="the 40-hex verification token is only in the link", **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# mkalioby/django-mfa2

MFA2_REPO = "mkalioby/django-mfa2"
MFA2_COMMIT = "32aeda41020b74018699c904eeaca5f60259b8cf"


def mfa2(repo: Path) -> None:
    email_py = _show(repo, MFA2_COMMIT, "mfa/Email.py")
    assert "str(randint(0, 1000000)).zfill(6)" in email_py
    assert 'getattr(settings, "MFA_OTP_EMAIL_SUBJECT", "OTP")' in email_py
    assert 'subject = secret + " " + subject' in email_py
    token_tpl = _show(repo, MFA2_COMMIT, "mfa/templates/Email/mfa_email_token_template.html")
    sender = "Lakeside Physio Bookings <bookings@lakesidephysio.example>"
    common = dict(
        source="djangomfa2", lang="en", repository=MFA2_REPO, commit=MFA2_COMMIT,
        licence="MIT", sender=sender, text=None,
        rendered="the Django template rendered (variables substituted, autoescaped); "
        "Common.send: EmailMessage with content_subtype html, From EMAIL_FROM <address>",
    )  # fmt: skip
    for template, username, subject_in in [("email-otp", "noor.tester", False),
                                           ("email-otp-subject", "ntester", True)]:  # fmt: skip
        code = f"{RNG.randrange(0, 1000000):06d}"
        body = token_tpl.replace("{{ user.get_username }}", username).replace("{{ otp }}", code)
        subject = f"{code} OTP" if subject_in else "OTP"
        _save(
            template=template, kind="saas-otp", code=code, subject=subject, html_part=body,
            path="mfa/Email.py; mfa/Common.py; mfa/templates/Email/mfa_email_token_template.html",
            note="str(randint(0, 1000000)).zfill(6); default subject 'OTP'"
            + ("; MFA_SHOW_OTP_IN_EMAIL_SUBJECT puts the code before it" if subject_in else ""),
            **common,
        )  # fmt: skip
    td = _show(repo, MFA2_COMMIT, "mfa/templates/TrustedDevices/email.html")
    assert '"Add Trusted Device Link"' in _show(repo, MFA2_COMMIT, "mfa/TrustedDevice.py")
    body = td.replace("{{ user.get_full_name }}", "Noor Tester").replace(
        "{{ HOST }}{% url 'add_td' %}", "/mfa/td/add"
    )
    assert "{" not in body
    _save(
        template="trusted-device-link", kind="notice", code=None,
        subject="Add Trusted Device Link", html_part=body,
        path="mfa/TrustedDevice.py; mfa/Common.py; mfa/templates/TrustedDevices/email.html",
        note="HOST is not in the render context, so the link is the bare path", **common,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# afonsofigs/vendure-plugin-email-otp (Vendure)

VENDURE_OTP_REPO = "afonsofigs/vendure-plugin-email-otp"
VENDURE_OTP_COMMIT = "db76285559b24025b5b8c45050b03bd56bd9ac5c"
_VENDURE_JS = r"""
// Vendure email-plugin HandlebarsMjmlGenerator.generate: from (noEscape), subject and body
// compiled with Handlebars, the body then given to mjml2html.
const Handlebars = require('handlebars');
const mjml2html = require('mjml');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const out = JSON.parse(input).map((job) => {
    const opts = { allowProtoPropertiesByDefault: true };
    const from = Handlebars.compile(job.from, { noEscape: true })(job.vars, opts);
    const subject = Handlebars.compile(job.subject)(job.vars, opts);
    const mjml = Handlebars.compile(job.body)(job.vars, opts);
    return { from, subject, body: mjml2html(mjml).html };
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def _node_render(node_modules: Path, script: str, jobs: list[dict] | dict) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "node_modules").symlink_to(node_modules)
        (work / "render.js").write_text(script)
        out = subprocess.run(
            ["node", "render.js"], input=json.dumps(jobs), capture_output=True, text=True,
            check=True, cwd=work,
        ).stdout  # fmt: skip
    return json.loads(out)


def vendure_otp(repo: Path, node_modules: Path) -> None:
    handler = _show(repo, VENDURE_OTP_COMMIT, "src/email-handler.ts")
    subject = re.search(r"\.setSubject\('([^']*)'\)", handler).group(1)
    from_tpl = re.search(r"\.setFrom\('([^']*)'\)", handler).group(1)
    body_path = "src/template/onetimecode-requested/body.hbs"
    body = _show(repo, VENDURE_OTP_COMMIT, body_path)
    service = _show(repo, VENDURE_OTP_COMMIT, "src/simple-auth.service.ts")
    assert "const alphabets = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';" in service
    from_address = '"Ashgrove Tea Co." <orders@ashgrovetea.example>'
    variants = [
        ("one-time-code", _rand(DIGITS, 6), "the default options: length 6, digits only"),
        ("one-time-code-alpha", _rand(DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 8),
         "includeAlphabet and length 8: capitals and digits"),
    ]  # fmt: skip
    jobs = [
        {"from": from_tpl, "subject": subject, "body": body,
         "vars": {"fromAddress": from_address, "code": code}}
        for _, code, _ in variants
    ]  # fmt: skip
    for (template, code, note), out in zip(variants, _node_render(node_modules, _VENDURE_JS, jobs),
                                           strict=True):  # fmt: skip
        _save(
            source="vendureotp", template=template, lang="en", kind="shop-otp", code=code,
            repository=VENDURE_OTP_REPO, commit=VENDURE_OTP_COMMIT, licence="MIT",
            path=f"src/email-handler.ts; src/simple-auth.service.ts; src/constants.ts; {body_path}",
            rendered="Handlebars then mjml2html (mjml 4.18.0) as Vendure's "
            "HandlebarsMjmlGenerator does; the e-mail plugin sends the HTML alone",
            sender=out["from"], subject=out["subject"], text=None, html_part=out["body"],
            note="the storefront's one-time sign-in code (crypto.randomInt over the alphabet); "
            + note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# 2amigos/yii2-usuario

USUARIO_REPO = "2amigos/yii2-usuario"
USUARIO_COMMIT = "2a95a8d4d267adcf1dcf252ce226f66a48c6ec70"
USUARIO_MAIL = "src/User/resources/views/mail"


def _php_strings(source: str) -> dict[str, str]:
    """'message' => 'translation' pairs of a Yii PHP message file (empty: untranslated)."""
    out: dict[str, str] = {}
    q = r"'((?:[^'\\]|\\.)*)'"
    for m in re.finditer(r"^\s*" + q + r"\s*=>\s*" + q + r",?\s*$", source, re.M):
        out[re.sub(r"\\(.)", r"\1", m.group(1))] = re.sub(r"\\(.)", r"\1", m.group(2))
    return out


def _php_view(source: str, expr, cond) -> str:
    """A PHP view run as PHP does: ``<?php ... ?>`` blocks output nothing but their ``if
    (...):`` / ``endif`` steer the output, ``<?= ... ?>`` prints ``expr(code)``, and the one
    newline right after ``?>`` is eaten."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<\?(php|=)(.*?)\?>\n?", source, re.S):
        if all(stack):
            out.append(source[pos : m.start()])
        pos = m.end()
        code = m.group(2).strip()
        if m.group(1) == "=":
            if all(stack):
                out.append(expr(code))
        elif code.startswith("if ("):
            stack.append(cond(code[4 : code.rindex(")")]))
        elif code == "endif":
            stack.pop()
    out.append(source[pos:])
    return "".join(out)


def usuario(repo: Path) -> None:
    app = "Ostara Coworking"
    base = "https://members.ostara-cowork.example"
    sender = "no-reply@ostara-cowork.example"
    bootstrap = _show(repo, USUARIO_COMMIT, "src/User/Bootstrap.php")
    subjects = dict(re.findall(r"'(\w+MailSubject)' => Yii::t\('usuario', '([^']*)'", bootstrap))
    helper = _show(repo, USUARIO_COMMIT, "src/User/Helper/SecurityHelper.php")
    sets = dict(re.findall(r"'(lower|upper|digit|special)' => '([^']*)'", helper))
    assert "random_int(0, 999999)" in _show(
        repo, USUARIO_COMMIT, "src/User/Service/TwoFactorEmailCodeGeneratorService.php"
    )

    def password() -> str:  # generatePassword(8, lower/digit/upper 1 each)
        chars = [RNG.choice(sets["lower"]), RNG.choice(sets["digit"]), RNG.choice(sets["upper"])]
        every = "".join(sets[k] for k in ["lower", "upper", "digit", "special"])
        chars += [RNG.choice(every) for _ in range(5)]
        RNG.shuffle(chars)
        return "".join(chars)

    def html_a(text: str, url: str) -> str:
        return f'<a href="{_php_e(url)}">{text}</a>'

    mails = [
        # template, view, subject key, languages, token route, generatePasswords, kind
        ("two-factor-code", "twofactorcode", "twoFactorMailSubject",
         ["en", "fr", "it", "nl", "pl"], None, False),
        ("welcome-password", "welcome", "welcomeMailSubject",
         ["en", "de", "es", "fr", "it", "nl", "pl", "ru", "uk", "pt-BR"], None, True),
        ("welcome-confirm", "welcome", "welcomeMailSubject", ["en", "de", "hu"], "confirm",
         False),
        ("recovery", "recovery", "recoveryMailSubject", ["en", "de", "es", "ro"], "recover",
         False),
    ]  # fmt: skip
    layouts = {k: _show(repo, USUARIO_COMMIT, f"{USUARIO_MAIL}/layouts/{k}.php")
               for k in ["html", "text"]}  # fmt: skip
    for template, view, subject_key, langs, route, generate in mails:
        for lang in langs:
            msgs = {} if lang == "en" else _php_strings(
                _show(repo, USUARIO_COMMIT, f"src/User/resources/i18n/{lang}/usuario.php")
            )  # fmt: skip

            missed: list[str] = []

            def t(message: str, params: dict[str, str] | None = None, msgs=msgs,
                  missed=missed, lang=lang) -> str:  # fmt: skip
                value = msgs.get(message) or message
                if lang != "en" and not msgs.get(message):
                    missed.append(message)
                for k, v in (params or {}).items():
                    value = value.replace("{" + k + "}", v)
                return value

            code = f"{RNG.randrange(0, 1000000):06d}" if view == "twofactorcode" else None
            pw = password() if generate else None
            token_url = None
            if route:
                key = hashlib.sha256(f"usuario-{template}-{lang}".encode()).hexdigest()[:32]
                token_url = f"{base}/user/{route}/4187/{key}"
            recovery_url = f"{base}/user/recovery/request"

            def expr(code_: str, escape: bool, t=t, code=code, pw=pw, token_url=token_url,
                     recovery_url=recovery_url) -> str:  # fmt: skip
                m = re.fullmatch(r"Yii::t\(\s*'usuario',\s*'((?:[^'\\]|\\.)*)'\s*(?:,\s*(.*?))?\s*\)",
                                 code_, re.S)  # fmt: skip
                if m:
                    message = re.sub(r"\\(.)", r"\1", m.group(1))
                    arg = m.group(2)
                    if arg is None:
                        return t(message)
                    if arg == "Yii::$app->name":
                        return t(message, {"0": app})
                    assert arg == "['app_name' => Yii::$app->name]", arg
                    return t(message, {"app_name": app})
                values = {
                    "$code": code,
                    "Html::encode($user->password)": _php_e(pw or ""),
                    "$user->password": pw,
                    "Url::to(['/user/recovery/request'], true)": recovery_url,
                    "Html::a(Html::encode(Url::to(['/user/recovery/request'], true)), "
                    "Url::to(['/user/recovery/request'], true))":
                        html_a(_php_e(recovery_url), recovery_url),
                    "Html::a(Html::encode($token->url), $token->url);":
                        html_a(_php_e(token_url or ""), token_url or ""),
                    "Html::a(Html::encode($token->url), $token->url)":
                        html_a(_php_e(token_url or ""), token_url or ""),
                    "$token->url": token_url,
                    "Yii::$app->name": app,
                    "date('Y')": str(SENT.year),
                }  # fmt: skip
                return values[code_]

            def cond(c: str, token_url=token_url, generate=generate) -> bool:
                return {
                    "$showPassword || $module->generatePasswords": generate,
                    "$module->allowPasswordRecovery": True,
                    "$token !== null": token_url is not None,
                }[c]

            parts = {}
            for kind_, vpath in [("html", view), ("text", f"text/{view}")]:
                body = _php_view(_show(repo, USUARIO_COMMIT, f"{USUARIO_MAIL}/{vpath}.php"),
                                 lambda c, k=kind_: expr(c, k == "html"), cond)  # fmt: skip
                parts[kind_] = _php_view(
                    layouts[kind_], lambda c, body=body: body if c == "$content" else expr(c, True),
                    cond,
                )  # fmt: skip
            subject = t(subjects[subject_key], {"0": app})
            label = code or pw
            if view == "twofactorcode":
                note = "random_int(0, 999999) padded to six digits, to enable e-mail 2FA"
            elif generate:
                note = ("generatePasswords: the generated password (8 of the four sets, at least "
                        "one lower, upper and digit) is the credential to type; the recovery "
                        "link is not")  # fmt: skip
            else:
                note = "link mail: the token is only in the link"
            if missed:
                note += f"; {len(set(missed))} strings untranslated in {lang} (English fallback)"
            _save(
                source="yii2usuario", template=template, lang=lang,
                kind="saas-otp" if label else "notice", code=label,
                repository=USUARIO_REPO, commit=USUARIO_COMMIT, licence="BSD-3-Clause",
                path=f"{USUARIO_MAIL}/{{,text/}}{view}.php; {USUARIO_MAIL}/layouts/{{html,text}}"
                f".php; src/User/Factory/MailFactory.php; src/User/Bootstrap.php; "
                f"src/User/resources/i18n/{lang}/usuario.php",
                rendered="the Yii PHP views and layouts run as PHP does (echo tags filled, "
                "control blocks followed, the newline after ?> eaten); Yii::t with strtr "
                "placeholders and the source message where the translation is empty; text and "
                "HTML parts",
                sender=sender, subject=subject, text=parts["text"], html_part=parts["html"],
                note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# vendure-ecommerce/vendure (the e-mail plugin's default templates)

VENDURE_REPO = "vendure-ecommerce/vendure"
VENDURE_COMMIT = "1633446f4ee203e5e3fbca628bee952893bffa5b"
VENDURE_TPL = "packages/email-plugin/templates"
_VENDURE_CORE_JS = r"""
// HandlebarsMjmlGenerator: partials registered, the formatMoney helper as written there,
// formatDate with dateformat's 'default' mask (ddd mmm dd yyyy HH:MM:ss; UTC here).
const Handlebars = require('handlebars');
const mjml2html = require('mjml');
const D = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const M = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p = (n) => String(n).padStart(2, '0');
Handlebars.registerHelper('formatDate', (date, format) => {
  if (!date) return date;
  const d = new Date(date);
  return `${D[d.getUTCDay()]} ${M[d.getUTCMonth()]} ${p(d.getUTCDate())} ${d.getUTCFullYear()} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
});
Handlebars.registerHelper('formatMoney', (amount, currencyCode, locale) => {
  if (amount == null) return amount;
  if (!currencyCode || typeof currencyCode === 'object') {
    return new Intl.NumberFormat(typeof locale === 'object' ? undefined : locale,
      { style: 'decimal' }).format(amount / 100);
  }
  return new Intl.NumberFormat(typeof locale === 'object' ? undefined : locale,
    { style: 'currency', currency: currencyCode }).format(amount / 100);
});
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const { partials, jobs } = JSON.parse(input);
  for (const [name, content] of Object.entries(partials)) Handlebars.registerPartial(name, content);
  const out = jobs.map((job) => {
    const opts = { allowProtoPropertiesByDefault: true };
    const from = Handlebars.compile(job.from, { noEscape: true })(job.vars, opts);
    const subject = Handlebars.compile(job.subject)(job.vars, opts);
    const mjml = Handlebars.compile(job.body)(job.vars, opts);
    return { from, subject, body: mjml2html(mjml).html };
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def vendure(repo: Path, node_modules: Path) -> None:
    handlers = _show(
        repo, VENDURE_COMMIT, "packages/email-plugin/src/handler/default-email-handlers.ts"
    )
    subjects = dict(re.findall(
        r"new EmailEventListener\('([\w-]+)'\).*?\.setSubject\('([^']*)'\)", handlers, re.S))  # fmt: skip
    partials = {n: _show(repo, VENDURE_COMMIT, f"{VENDURE_TPL}/partials/{n}.hbs")
                for n in ["header", "footer"]}  # fmt: skip
    shop = "https://shop.fellside-outdoor.example"
    base_vars = {"fromAddress": '"Fellside Outdoor" <noreply@fellside-outdoor.example>'}
    order = {
        "code": "W4K7QZP2M9XB3D6T", "orderPlacedAt": "2026-12-02T08:39:51.000Z",
        "currencyCode": "GBP", "total": 15875, "totalWithTax": 19050, "subTotalWithTax": 17555,
        "customer": {"firstName": "Noor", "lastName": "Tester"},
        "shippingAddress": {"fullName": "Noor Tester", "streetLine1": "14 Larch Terrace",
                            "city": "Keswick", "province": "Cumbria", "postalCode": "CA12 5DJ",
                            "country": "United Kingdom", "phoneNumber": "+44 17687 55019"},
        "lines": [
            {"quantity": 1, "discountedLinePriceWithTax": 12999,
             "productVariant": {"name": "Borrowdale 2-Person Tent"},
             "featuredAsset": {"preview": f"{shop}/assets/preview/2f/borrowdale-tent__preview.jpg"}},
            {"quantity": 2, "discountedLinePriceWithTax": 4556,
             "productVariant": {"name": "Merino Hiking Socks (L)"},
             "featuredAsset": {"preview": f"{shop}/assets/preview/a1/merino-socks__preview.jpg"}},
        ],
        "discounts": [],
    }  # fmt: skip
    shipping = [{"priceWithTax": 1495, "shippingMethod": {"name": "Standard Shipping"}}]
    mails = [
        ("order-confirmation", "shop-order", {"order": order, "shippingLines": shipping},
         "the 16-character order code is an order number, not a code to type"),
        ("email-verification", "notice",
         {"verifyEmailAddressUrl": f"{shop}/verify", "verificationToken":
          "MTc5NjM3NDU2NzAxNg==_8QZ2KXPV7RMJD4NE"}, "the token is only in the button link"),
        ("password-reset", "notice",
         {"passwordResetUrl": f"{shop}/password-reset", "passwordResetToken":
          "MTc5NjM3NDU3MTIwNw==_3HWT9CLBQ6YAUF2S"}, "the token is only in the button link"),
        ("email-address-change", "notice",
         {"changeEmailAddressUrl": f"{shop}/verify-email-address-change",
          "identifierChangeToken": "MTc5NjM3NDU4MDQ0Mg==_J5NR8GEMV2KTX7PD"},
         "the token is only in the button link"),
    ]  # fmt: skip
    jobs = [
        {"from": "{{ fromAddress }}", "subject": subjects[name],
         "body": _show(repo, VENDURE_COMMIT, f"{VENDURE_TPL}/{name}/body.hbs"),
         "vars": {**base_vars, **vars_}}
        for name, _, vars_, _ in mails
    ]  # fmt: skip
    outs = _node_render(node_modules, _VENDURE_CORE_JS, {"partials": partials, "jobs": jobs})
    for (name, kind, _, note), out in zip(mails, outs, strict=True):
        _save(
            source="vendure", template=name, lang="en", kind=kind, code=None,
            repository=VENDURE_REPO, commit=VENDURE_COMMIT, licence="GPL-3.0-or-later",
            path=f"packages/email-plugin/src/handler/default-email-handlers.ts; "
            f"packages/email-plugin/src/generator/handlebars-mjml-generator.ts; "
            f"{VENDURE_TPL}/{name}/body.hbs; {VENDURE_TPL}/partials/{{header,footer}}.hbs",
            rendered="Handlebars (partials, the generator's formatMoney and formatDate helpers) "
            "then mjml2html (mjml 4.18.0) in node; the e-mail plugin sends the HTML alone",
            sender=out["from"], subject=out["subject"], text=None, html_part=out["body"],
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# phoenixframework/phoenix (phx.gen.auth)

PHOENIX_REPO = "phoenixframework/phoenix"
PHOENIX_COMMIT = "167c46950cf53aef363d672687cc653267c20aa6"
PHOENIX_NOTIFIER = "priv/templates/phx.gen.auth/notifier.ex.eex"


def phoenix(repo: Path) -> None:
    src = _show(repo, PHOENIX_COMMIT, PHOENIX_NOTIFIER)
    # the generator run for ``mix phx.gen.auth Accounts User users`` in an app Tidewater
    src = src.replace("<%= schema.singular %>", "user")
    assert '{"<%= inspect context.base_module %>", "contact@example.com"}' in src
    base = "https://tidewater-rowing.example"
    urls = {
        "Update email instructions": "/users/settings/confirm-email/",
        "Log in instructions": "/users/log-in/",
        "Confirmation instructions": "/users/log-in/",
    }
    for m in re.finditer(r'deliver\(user\.email, "([^"]+)", """\n(.*?)\n( *)"""\)', src, re.S):
        subject, body, indent = m.group(1), m.group(2), len(m.group(3))
        # Elixir heredoc: the closing delimiter's indentation is stripped from every line
        text = "\n".join(line[indent:] for line in body.split("\n")) + "\n"
        token = base64.urlsafe_b64encode(hashlib.sha256(subject.encode()).digest()).decode()
        text = text.replace("#{user.email}", "noor.tester@example.com")
        text = text.replace("#{url}", base + urls[subject] + token.rstrip("="))
        assert "#{" not in text
        template = subject.lower().replace(" ", "-")
        _save(
            source="phxgenauth", template=template, lang="en", kind="notice", code=None,
            repository=PHOENIX_REPO, commit=PHOENIX_COMMIT, licence="MIT",
            path=PHOENIX_NOTIFIER,
            rendered="the generated UserNotifier's heredoc (closing indentation stripped, "
            "#{...} filled); Swoosh text_body only, from {app, contact@example.com}",
            sender='"Tidewater" <contact@example.com>', subject=subject, text=text,
            html_part=None, note="the token is only inside the URL",
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument(
        "--node-modules", type=Path, default=Path("/tmp/gauzynm/node_modules"),
        help="a node_modules with mjml 4.18.0 and handlebars",
    )  # fmt: skip
    args = parser.parse_args()
    m = args.mirrors
    laravel = m / "laravel+framework/repo"
    chiiya(m / "chiiya+filament-access-control/repo", laravel)
    afsakar(m / "afsakar+filament-otp-login/repo", laravel)
    rodauth(m / "jeremyevans+rodauth/repo")
    instant(m / "instantdb+instant/repo")
    q23(m / "q23+mfa-email/repo")
    payload(m / "payloadcms+payload/repo")
    mfa2(m / "mkalioby+django-mfa2/repo")
    vendure_otp(m / "afonsofigs+vendure-plugin-email-otp/repo", args.node_modules)
    usuario(m / "2amigos+yii2-usuario/repo")
    vendure(m / "vendure-ecommerce+vendure/repo", args.node_modules)
    phoenix(m / "phoenixframework+phoenix/repo")
    out = HERE / "round17" / "backends.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} codes")


if __name__ == "__main__":
    main()
