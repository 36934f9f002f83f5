"""Round twenty-three, money: personal-finance, budgeting and subscription-cost apps, a
crypto-exchange platform, an accounting package, an invoicing app and a cooperative's
shares-and-dues system — e-mail codes, generated passwords, account mails, lockout, payment,
dues-invoice and reminder notices — in the languages they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r23_money.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- maybe-finance/maybe (AGPL-3.0-only), personal finance (Rails): ``app/mailers/
  application_mailer.rb`` (``from: "Maybe Finance" <sender@maybe.local>``, the default of
  ``EMAIL_SENDER``; layout ``mailer``), ``email_confirmation_mailer.rb``,
  ``password_mailer.rb`` and ``invitation_mailer.rb``. Views ``app/views/<mailer>/<name>.
  {html,text}.erb`` inside ``app/views/layouts/mailer.{html,text}.erb``, rendered by a small
  ERB renderer written for exactly these files: ``<%= … %>`` is replaced by its value
  (HTML-escaped in the HTML part unless ``.html_safe``; ``t(".key", …)`` looked up in
  ``config/locales/views/<mailer>/en.yml`` and ``config/locales/mailers/<mailer>/en.yml``
  with ``%{name}`` interpolation; ``link_to`` as ``<a class=… href=…>…</a>`` in Rails'
  attribute order; ``yield`` the view, inserted where the layout has it), everything else
  kept byte for byte. A mailer with a text and an HTML view sends multipart/alternative
  (text first), one with only an HTML view sends text/html. The confirmation and reset
  links carry signed tokens (fixed random-looking values here); nothing is to be typed.
  English only: the app ships no other locale for these mails.
- ellite/Wallos (GPL-3.0-only), subscription-cost tracker (PHP, PHPMailer): the cron jobs
  ``endpoints/cronjobs/sendverificationemails.php`` and ``sendresetpasswordemails.php`` build
  Subject and Body by PHP string concatenation (read from the source here: single-quoted
  literals with their indentation, ``$server_url`` and the row's e-mail and token —
  ``bin2hex(random_bytes(32))``-shaped, 64 hex digits); ``isHTML(true)`` without AltBody gives
  one text/html part (PHPMailer's default charset there is ISO-8859-1; the text is ASCII, the
  bytes here say UTF-8). ``endpoints/notifications/testemailnotifications.php`` sends
  ``translate('wallos_notification')`` / ``translate('test_notification')`` from
  ``includes/i18n/<lang>.php`` as text/plain UTF-8 from "Wallos App"; every language whose
  catalogue translates both strings is kept (ten). ``endpoints/cronjobs/sendnotifications.php``
  ``buildNotificationMessage`` gives the renewal reminder (English in the code;
  ``getDaysText``; ``formatPrice`` through ``includes/currency_formatter.php``, ICU
  ``en_US`` currency format when the cron job runs), subject ``Wallos Notification``.
- fasenderos/bitify (Apache-2.0), crypto-exchange platform (NestJS):
  ``packages/api-gateway/src/common/modules/mailer/mailer.service.ts`` sends
  ``templates/email-confirmation.hbs`` (the e-mail authentication code: ``createPinCode``,
  ``Math.random().toString().substring(2, 8)``, six digits) and
  ``templates/email-reset-password.hbs`` (a link with ``FRONTEND_BASE_URL`` and a
  ``createRandomString(32)`` token) through ``@nestjs-modules/mailer``'s Handlebars adapter:
  ``{{name}}`` HTML-escaped as Handlebars does (``=`` becomes ``&#x3D;``), one text/html part,
  From the ``EMAIL_FROM`` of ``.env.template``. ``appName`` is ``app.name`` of ``src/config.ts``:
  the package name, ``@bitify/api-gateway``, which is what the mails show. The adapter's CSS
  inlining pass (juice) has no style to inline in these fragments; it is taken to leave them
  as they are (not run here).
- teelur/budget-board (AGPL-3.0-only), personal-finance budgeting (ASP.NET Core): when a
  login locks the account, ``server/BudgetBoard.WebAPI/Overrides/
  IdentityApiEndpointRouteBuilderExtensions.cs`` sends ``localizer["AccountLockedOutEmailSubject"]``
  and ``["AccountLockedOutEmailBody"]`` from ``Resources/ApiResponseStrings[.<culture>].resx``
  through ``Utils/EmailSender.cs`` (MimeKit ``TextPart(Html)``, From ``EMAIL_SENDER``). The
  mails with a code (the ASP.NET Identity password-reset code) are worded by the framework's
  ``DefaultMessageEmailSender``, not by this repository: left out. Languages: en and the
  cultures whose .resx translates the mail (de, fr, id; it, pt-BR, ru, zh-Hans carry the
  English text and are left out).
- C3S/c3sMembership (GPL-3.0-only), membership, shares and dues invoicing of a cooperative
  (Pyramid): ``c3smembership/mail_utils.py`` ``get_template_text`` reads
  ``templates/mail/<name>_<de|en>.txt`` for subject and body, and the body is filled with
  ``str.format`` (salutation "first last", ``email_footer_<lang>.txt`` and the values) by
  ``make_payment_confirmation_email``, ``make_signature_confirmation_email``,
  ``make_membership_certificate_email`` (``mail_utils.py``), ``make_signature_reminder_email``
  and ``make_payment_reminder_email`` (``presentation/views/membership_acquisition.py``; dates
  by ``format_date``, ``%d. %m. %Y`` / ``%d %b %Y``; transfer purpose ``C3Shares`` + the
  ten-character confirmation code of ``join.py``) and ``business/dues_texts.py`` (dues invoice
  of a member who joined in the second quarter: 37.50, "from second quarter 2021", invoice
  ``C3S-dues2021-0042``; reduction; exemption; investing member). URLs follow the routes of
  ``presentation/configuration/dues_config.py`` and ``membership_config.py`` with fixed
  ten-letter tokens. ``pyramid_mailer`` ``Message(body=…)``: one text/plain part, From
  ``c3smembership.notification_sender``. German and English, the two locales the project
  ships. (The general-assembly invitations are stored in the database at this commit, not read
  from the ``bcga*_invite`` files: left out.)
- FrontAccountingERP/FA (GPL-3.0-or-later), accounting: with ``$allow_password_reset`` on,
  ``includes/current_user.inc`` ``reset_password`` sends the new password by PHP ``mail()``:
  subject ``_("New password for")`` + ``$app_title`` (``FrontAccounting``, of
  ``config.default.php``), body the password alone — ``generate_password()`` of
  ``includes/main.inc``, ``base64_encode`` of eight random bytes (twelve characters ending in
  ``=``) — From the company e-mail. ``mail()`` adds no MIME headers; the bytes here carry
  text/plain UTF-8 (the body is ASCII). English only: translations are separate packages.
- derekallard/BambooInvoice (GPL, no version named: GPL-1.0-or-later), invoicing
  (CodeIgniter 1.7): ``application/controllers/login.php`` ``forgot_password`` mails a
  confirmation link (``random_string('alnum', 12)`` passkey, ``anchor()`` of
  ``helpers/url_helper.php`` with ``site_url``: ``base_url`` + ``index.php/``) and
  ``confirm_password`` mails the new password (``random_string('alnum', 12)``), both with
  subject ``login_password_reset_title`` and bodies built from
  ``application/language/<language>/bamboo_lang.php`` (read as PHP reads the literals: a
  double-quoted ``\'`` keeps its backslash; HTML entities in the strings are sent as they
  are, in the subject too). ``CI_Email`` with ``mailtype`` html and ``send_multipart``
  (``libraries/Email.php``) sends multipart/alternative: a text part made by
  ``_get_alt_message`` (``strip_tags``, trim, tab and blank-line collapsing, then
  ``word_wrap`` at 76: runs of spaces reduced, PHP ``wordwrap`` without cut, over-long
  non-URL words split) and the HTML part. From the ``primary_contact`` settings. All twelve
  shipped languages translate both mails. The licence is stated only in the language files'
  credits ("released under the GPL license"); LICENSES holds that statement.
- jeroenvheel/MyClientBase (GPL-3.0-only), invoicing (CodeIgniter): ``application/
  modules_core/sessions/models/mdl_recover.php`` ``recover_password`` resets the password to
  ``random_string()`` (eight letters and digits) and mails it (``password_recovery_email`` + a
  space + the password + ``<br />`` + ``anchor(site_url(), …)``), subject
  ``password_recovery``, through ``phpmail_send`` (PHPMailer, ``IsHtml``, no AltBody: one
  text/html part), From the user's own address. Only the English catalogue has these strings.

What a person sees decides each label (``code``, or ``null``).
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

import yaml
from collect import HERE, message

MAYBE = ("maybe-finance/maybe", "77b5469832758d1cbee1a940f3012a1ae1c74cd3", "AGPL-3.0-only")

MIRRORS = Path("/work/.mirror")
ITEMS: list[dict] = []
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def git_show(repo: tuple[str, str, str], path: str) -> str:
    owner_name, commit, _ = repo
    git_dir = MIRRORS / owner_name.replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():  # some snapshots keep the git directory one level down
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def token(seed: str, alphabet: str, length: int) -> str:
    """A fixed random-looking string of the sender's alphabet and length."""
    digest = b"".join(hashlib.sha256(f"{k}:{seed}".encode()).digest() for k in range(4))
    return "".join(alphabet[b % len(alphabet)] for b in digest[:length])


def sent(n: int) -> datetime:
    return datetime(2026, 12, 4, 9 + n // 60, n % 60, 23, tzinfo=UTC)


def add(
    repo: tuple[str, str, str], *, source: str, name: str, lang: str, kind: str,
    code: str | None, paths: list[str], rendered: str, raw: bytes, note: str | None = None,
) -> None:  # fmt: skip
    item_id = f"{source}-{name}-{lang}"
    file = f"mail/{source}/{item_id}.eml"
    out = HERE / file
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": item_id,
        "group": f"{source}-{name}",
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repo[0],
        "path": ", ".join(dict.fromkeys(paths)),
        "commit": repo[1],
        "licence": repo[2],
        "rendered": rendered,
        "file": file,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# Maybe Finance

MAYBE_FROM = "Maybe Finance <sender@maybe.local>"
MAYBE_HOST = "https://maybe.example.com"


def deep_merge(a: dict, b: dict) -> dict:
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(a.get(k), dict):
            deep_merge(a[k], v)
        else:
            a[k] = v
    return a


class MaybeView:
    """Evaluates the few ERB expressions these views and layouts use."""

    def __init__(self, strings: dict, scope: str, env: dict[str, str], escape: bool) -> None:
        self.strings, self.scope, self.env, self.escape = strings, scope, env, escape

    def t(self, key: str, **values: object) -> str:
        node = self.strings
        for part in (self.scope + key if key.startswith(".") else key).split("."):
            node = node[part]
        return re.sub(r"%\{(\w+)\}", lambda m: str(values[m.group(1)]), node)

    def esc(self, s: str) -> str:
        return html.escape(s, quote=True).replace("&#x27;", "&#39;") if self.escape else s

    def link_to(self, name: str, url: str, cls: str | None) -> str:
        attrs = (f' class="{self.esc(cls)}"' if cls else "") + f' href="{self.esc(url)}"'
        return f"<a{attrs}>{self.esc(name)}</a>"

    def expr(self, code: str) -> str:
        code = " ".join(code.split())
        if code == "yield":
            return self.env["yield"]
        m = re.fullmatch(r"@(\w+)", code)
        if m:
            return self.esc(self.env[m.group(1)])
        m = re.fullmatch(r'link_to (.+?), (.+?)(?:, class: "(\w+)")?', code)
        if m:
            return self.link_to(self.value(m.group(1)), self.value(m.group(2)), m.group(3))
        safe = code.endswith(".html_safe")
        value = self.value(code.removesuffix(".html_safe"))
        return value if safe else self.esc(value)

    def value(self, code: str) -> str:
        m = re.fullmatch(r"@(\w+)", code)
        if m:
            return self.env[m.group(1)]
        m = re.fullmatch(r"(\w+)\((.*)\)", code)
        if m and m.group(1) != "t":
            return self.env[code]
        m = re.fullmatch(r't\("(\.?[\w.]+)"(?:, (.*))?\)', code)
        assert m, code
        values = {}
        if m.group(2):
            for k, v in re.findall(r"(\w+): ([^,]+)", m.group(2)):
                v = v.strip()
                values[k] = int(v) if v.isdigit() else self.env[v]
        return self.t(m.group(1), **values)


def erb(template: str, view: MaybeView) -> str:
    return re.sub(r"<%= (.*?) %>", lambda m: view.expr(m.group(1)), template, flags=re.S)


def maybe(n: int) -> int:
    strings: dict = {}
    locale_paths = [
        "config/locales/views/email_confirmation_mailer/en.yml",
        "config/locales/views/password_mailer/en.yml",
        "config/locales/views/invitation_mailer/en.yml",
        "config/locales/mailers/invitation_mailer/en.yml",
    ]
    for p in locale_paths:
        deep_merge(strings, yaml.safe_load(git_show(MAYBE, p))["en"])
    layout_html = git_show(MAYBE, "app/views/layouts/mailer.html.erb")
    layout_text = git_show(MAYBE, "app/views/layouts/mailer.text.erb")

    mails = [
        (
            "email-confirmation",
            "email_confirmation_mailer",
            "confirmation_email",
            True,
            {
                "confirmation_url": f"{MAYBE_HOST}/email_confirmation/new?token="
                + token("maybe-confirm", B64URL, 43),
            },
            lambda t: t.t("email_confirmation_mailer.confirmation_email.subject"),
            "app/mailers/email_confirmation_mailer.rb",
        ),
        (
            "password-reset",
            "password_mailer",
            "password_reset",
            False,
            {
                "edit_password_reset_url(token: params[:token])": f"{MAYBE_HOST}/password_reset/edit?token="
                + token("maybe-reset", B64URL, 43),
            },
            lambda t: t.t("password_mailer.password_reset.subject"),
            "app/mailers/password_mailer.rb",
        ),
        (
            "household-invitation",
            "invitation_mailer",
            "invite_email",
            False,
            {
                "accept_url": f"{MAYBE_HOST}/invitations/"
                + token("maybe-invite", "abcdefghijklmnopqrstuvwxyz0123456789", 32)
                + "/accept",
                "@invitation.inviter.display_name": "Daniel Weber",
                "@invitation.family.name": "Weber",
            },
            lambda t: t.t("invitation_mailer.invite_email.subject", inviter="Daniel Weber"),
            "app/mailers/invitation_mailer.rb",
        ),
    ]
    for name, mailer, action, has_text, env, subject_of, mailer_path in mails:
        env = dict(env)
        env.setdefault("cta", "")
        scope = f"{mailer}.{action}"
        # @cta of the mailers that set it is t(".cta")
        if mailer in ("email_confirmation_mailer", "password_mailer"):
            env["cta"] = strings[mailer][action]["cta"]
        # invitation body's named values
        if mailer == "invitation_mailer":
            env["inviter"] = env.pop("@invitation.inviter.display_name")
            env["family"] = env.pop("@invitation.family.name")
            env["@invitation.inviter.display_name"] = env["inviter"]
            env["@invitation.family.name"] = env["family"]
        html_view_path = f"app/views/{mailer}/{action}.html.erb"
        view_html = git_show(MAYBE, html_view_path)
        view_html = view_html.replace("@invitation.inviter.display_name", "inviter").replace(
            "@invitation.family.name", "family"
        )
        hv = MaybeView(strings, scope, env, escape=True)
        body_html = erb(view_html, hv)
        html_part = erb(layout_html, MaybeView(strings, scope, {"yield": body_html}, escape=True))
        paths = [
            mailer_path,
            "app/mailers/application_mailer.rb",
            html_view_path,
            "app/views/layouts/mailer.html.erb",
        ]
        text = None
        if has_text:
            text_view_path = f"app/views/{mailer}/{action}.text.erb"
            body_text = erb(
                git_show(MAYBE, text_view_path), MaybeView(strings, scope, env, escape=False)
            )
            text = erb(layout_text, MaybeView(strings, scope, {"yield": body_text}, escape=False))
            paths += [text_view_path, "app/views/layouts/mailer.text.erb"]
        paths += [p for p in locale_paths if f"/{mailer}/" in p]
        subject = subject_of(MaybeView(strings, scope, env, escape=False))
        add(
            MAYBE, source="maybefinance", name=name, lang="en", kind="notice", code=None,
            paths=paths,
            rendered="ERB view in the mailer layout with the en.yml strings"
            + (", text and HTML alternatives" if has_text else ", one text/html part"),
            raw=message(sender=MAYBE_FROM, subject=subject, text=text, html_part=html_part, sent=sent(n)),
        )  # fmt: skip
        n += 1
    return n


# ---------------------------------------------------------------------------------------
# Wallos

WALLOS = ("ellite/Wallos", "5d5baf357182a1bee2a9d918fe2e657ca4585269", "GPL-3.0-only")
WALLOS_URL = "https://wallos.example.com"
WALLOS_FROM_DEFAULT = "wallos@wallosapp.com"
WALLOS_TEST_LANGS = ["en", "de", "fr", "es", "it", "ja", "ru", "tr", "pt", "zh_cn"]
WALLOS_BCP47 = {"zh_cn": "zh-Hans", "pt": "pt-PT"}


def php_concat(src: str, start: str, values: dict[str, str]) -> str:
    """Evaluates the PHP expression after ``start`` (up to its ``;``): single-quoted strings
    (``\\'`` and ``\\\\`` unescaped), variables and ``$row['key']`` looked up in ``values``,
    joined by ``.``."""
    i = src.index(start) + len(start)
    out, pos = [], i
    token = re.compile(r"\s*(?:'((?:[^'\\]|\\.)*)'|(\$\w+(?:\['\w+'\])?))\s*(\.|;)", re.S)
    while True:
        m = token.match(src, pos)
        assert m, src[pos : pos + 80]
        if m.group(1) is not None:
            out.append(m.group(1).replace("\\'", "'").replace("\\\\", "\\"))
        else:
            out.append(values[m.group(2)])
        pos = m.end()
        if m.group(3) == ";":
            return "".join(out)


def php_array_value(src: str, key: str) -> str:
    m = re.search(r'"' + re.escape(key) + r'"\s*=>\s*"((?:[^"\\]|\\.)*)"', src)
    assert m, key
    return m.group(1).replace('\\"', '"').replace("\\\\", "\\")


def wallos(n: int) -> int:
    for name, path, row in (
        ("email-verification", "endpoints/cronjobs/sendverificationemails.php",
         {"$user['email']": "noor.tester@example.com", "$user['token']": token("wallos-verify", "0123456789abcdef", 64)}),
        ("password-reset", "endpoints/cronjobs/sendresetpasswordemails.php",
         {"$user['email']": "noor.tester@example.com", "$user['token']": token("wallos-reset", "0123456789abcdef", 64)}),
    ):  # fmt: skip
        src = git_show(WALLOS, path)
        values = {"$server_url": WALLOS_URL, **row}
        subject = php_concat(src, "$mail->Subject = ", values)
        body = php_concat(src, "$mail->Body = ", values)
        add(
            WALLOS, source="wallos", name=name, lang="en", kind="notice", code=None, paths=[path],
            rendered="PHP string concatenation of the cron job's Subject/Body, isHTML(true) without "
            "AltBody: one text/html part",
            raw=message(sender=WALLOS_FROM_DEFAULT, subject=subject, text=None, html_part=body, sent=sent(n)),
        )  # fmt: skip
        n += 1

    test_path = "endpoints/notifications/testemailnotifications.php"
    assert "$mail->Subject = translate('wallos_notification', $i18n);" in git_show(
        WALLOS, test_path
    )
    for lang in WALLOS_TEST_LANGS:
        cat_path = f"includes/i18n/{lang}.php"
        cat = git_show(WALLOS, cat_path)
        add(
            WALLOS, source="wallos", name="test-notification", lang=WALLOS_BCP47.get(lang, lang),
            kind="notice", code=None, paths=[test_path, "includes/i18n/getlang.php", cat_path],
            rendered="translate('wallos_notification') subject and translate('test_notification') "
            "body from the user's catalogue; PHPMailer text/plain, UTF-8",
            raw=message(sender=f"Wallos App <{WALLOS_FROM_DEFAULT}>",
                        subject=php_array_value(cat, "wallos_notification"),
                        text=php_array_value(cat, "test_notification"), html_part=None, sent=sent(n)),
        )  # fmt: skip
        n += 1

    # renewal reminder: buildNotificationMessage("", …) with two subscriptions, no period summary
    notif_path = "endpoints/cronjobs/sendnotifications.php"
    src = git_show(WALLOS, notif_path)
    assert (
        'return "In " . $days . " days";' in src
        and "$mail->Subject = 'Wallos Notification';" in src
    )
    assert '$message = "The following subscriptions are up for renewal:\\n";' in src
    assert (
        '$subscription[\'name\'] . " for " . $subscription[\'formatted_price\'] . " (" . $dayText . ")\\n"'
        in src
    )
    # CurrencyFormatter: NumberFormatter('en_US', CURRENCY) when the cron job runs (no
    # Accept-Language): $15.49 and €9.99.
    text = (
        "The following subscriptions are up for renewal:\n"
        "Netflix for $15.49 (Tomorrow)\n"
        "Spotify Family for €9.99 (In 3 days)\n"
    )
    add(
        WALLOS, source="wallos", name="renewal-reminder", lang="en", kind="notice", code=None,
        paths=[notif_path, "includes/currency_formatter.php"],
        rendered="buildNotificationMessage (two subscriptions, getDaysText, formatPrice with the "
        "en_US NumberFormatter); subject 'Wallos Notification'; PHPMailer text/plain, UTF-8",
        raw=message(sender=f"Wallos App <{WALLOS_FROM_DEFAULT}>", subject="Wallos Notification",
                    text=text, html_part=None, sent=sent(n)),
    )  # fmt: skip
    return n + 1


# ---------------------------------------------------------------------------------------
# Bitify

BITIFY = ("fasenderos/bitify", "a11bb7c101b470c40e6fe8449b635ba91066f66d", "Apache-2.0")
BITIFY_MAILER = "packages/api-gateway/src/common/modules/mailer"
BITIFY_FROM = "no-reply <email@somesite.com>"  # EMAIL_FROM of packages/api-gateway/.env.template


def handlebars(template: str, values: dict[str, str]) -> str:
    """``{{name}}`` replaced by the HTML-escaped value, as Handlebars' escapeExpression does
    (``& < > " ' ` =``)."""
    table = {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "'": "&#x27;",
        "`": "&#x60;",
        "=": "&#x3D;",
    }

    def esc(v: str) -> str:
        return "".join(table.get(ch, ch) for ch in v)

    return re.sub(r"\{\{(\w+)\}\}", lambda m: esc(values[m.group(1)]), template)


def bitify(n: int) -> int:
    service = git_show(BITIFY, f"{BITIFY_MAILER}/mailer.service.ts")
    package = json.loads(git_show(BITIFY, "packages/api-gateway/package.json"))
    app_name = package["name"]  # config.ts: app.name is the package name
    auth = git_show(BITIFY, "packages/api-gateway/src/auth/auth.service.ts")
    assert "return Math.random().toString().substring(2, 8);" in auth
    code = "407318"  # six digits of Math.random()

    def subject(start: str) -> str:
        i = service.index(start) + len(start)
        raw = service[i : service.index("`", i)]
        return raw.replace("${this.appName}", app_name)

    path = f"{BITIFY_MAILER}/templates/email-confirmation.hbs"
    body = handlebars(git_show(BITIFY, path), {"code": code, "appName": app_name})
    add(
        BITIFY, source="bitify", name="email-confirmation", lang="en", kind="fintech-otp", code=code,
        paths=[f"{BITIFY_MAILER}/mailer.service.ts", path, "packages/api-gateway/src/auth/auth.service.ts",
               "packages/api-gateway/src/config.ts", "packages/api-gateway/package.json"],
        rendered="Handlebars template with code and appName (package name), one text/html part",
        raw=message(sender=BITIFY_FROM, subject=subject("subject: `"), text=None, html_part=body, sent=sent(n)),
    )  # fmt: skip
    n += 1

    path = f"{BITIFY_MAILER}/templates/email-reset-password.hbs"
    url = "http://127.0.0.1:3000/auth/reset-password?token=" + token(
        "bitify-reset", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 32
    )
    body = handlebars(git_show(BITIFY, path), {"url": url, "appName": app_name})
    second = service.index("subject: `", service.index("emailResetPassword"))
    add(
        BITIFY, source="bitify", name="reset-password", lang="en", kind="notice", code=None,
        paths=[f"{BITIFY_MAILER}/mailer.service.ts", path, "packages/api-gateway/.env.template"],
        rendered="Handlebars template with the reset URL (FRONTEND_BASE_URL of .env.template, "
        "createRandomString(32) token) and appName; one text/html part",
        raw=message(sender=BITIFY_FROM, subject=subject_at(service, second, app_name), text=None,
                    html_part=body, sent=sent(n)),
    )  # fmt: skip
    return n + 1


def subject_at(service: str, i: int, app_name: str) -> str:
    i += len("subject: `")
    return service[i : service.index("`", i)].replace("${this.appName}", app_name)


# ---------------------------------------------------------------------------------------
# Budget Board

BUDGETBOARD = ("teelur/budget-board", "0d75433bf0386bb8852a582e90952aaf30f1d9e3", "AGPL-3.0-only")
BB_RES = "server/BudgetBoard.WebAPI/Resources/ApiResponseStrings{}.resx"
BB_LANGS = {"en": "", "de": ".de", "fr": ".fr", "id": ".id"}


def resx_value(xml_text: str, name: str) -> str:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(xml_text.encode("utf-8"))
    for data in root.iter("data"):
        if data.get("name") == name:
            value = data.find("value")
            assert value is not None and value.text is not None
            return value.text
    raise KeyError(name)


def budgetboard(n: int) -> int:
    ext = "server/BudgetBoard.WebAPI/Overrides/IdentityApiEndpointRouteBuilderExtensions.cs"
    sender_path = "server/BudgetBoard.WebAPI/Utils/EmailSender.cs"
    src = git_show(BUDGETBOARD, ext)
    assert (
        'localizer["AccountLockedOutEmailSubject"]' in src
        and 'localizer["AccountLockedOutEmailBody"]' in src
    )
    assert "TextFormat.Html" in git_show(BUDGETBOARD, sender_path)
    english = git_show(BUDGETBOARD, BB_RES.format(""))
    for lang, suffix in BB_LANGS.items():
        path = BB_RES.format(suffix)
        res = git_show(BUDGETBOARD, path)
        subject = resx_value(res, "AccountLockedOutEmailSubject")
        body = resx_value(res, "AccountLockedOutEmailBody")
        if lang != "en":
            assert subject != resx_value(english, "AccountLockedOutEmailSubject")
        add(
            BUDGETBOARD, source="budgetboard", name="account-locked", lang=lang, kind="notice", code=None,
            paths=[ext, sender_path, path],
            rendered="IStringLocalizer strings AccountLockedOutEmailSubject/Body of the request "
            "culture's .resx; MimeKit TextPart(Html): one text/html part",
            raw=message(sender="budget-board@finance.example", subject=subject, text=None, html_part=body,
                        sent=sent(n)),
        )  # fmt: skip
        n += 1
    return n


# ---------------------------------------------------------------------------------------
# C3S membership (shares and dues)

C3S = ("C3S/c3sMembership", "197658196e15232118fd52251dd0e5fbf5ae0d3e", "GPL-3.0-only")
C3S_MAIL = "c3smembership/templates/mail/{}_{}.txt"
C3S_FROM = "membership@example.com"  # c3smembership.notification_sender of production.ini
C3S_HOST = "https://members.c3s.example"


def c3s_text(name: str, lang: str) -> str:
    return git_show(C3S, C3S_MAIL.format(name, lang))


def c3s(n: int) -> int:
    mail_utils = git_show(C3S, "c3smembership/mail_utils.py")
    assert "'date_format': '%d. %m. %Y'" in mail_utils and "'date_format': '%d %b %Y'" in mail_utils
    dues_calc = git_show(C3S, "c3smembership/business/dues_calculation.py")
    assert (
        "u'q2': u'from second quarter {year}'" in dues_calc
        and "u'q2': u'ab zweitem Quartal {year}'" in dues_calc
    )
    invoice_token = token("c3s-invoice", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 10)
    reversal_token = token("c3s-reversal", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 10)
    confirm_code = token("c3s-confirm", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10)
    submission = {"de": "14. 09. 2026", "en": "14 Sep 2026"}  # format_date of 2026-09-14
    quarter = {"de": "ab zweitem Quartal 2021", "en": "from second quarter 2021"}
    invoice_url = f"{C3S_HOST}/dues21_invoice_no/{invoice_token}/C3S-dues21-0042.pdf"
    reversal_url = f"{C3S_HOST}/dues21_reversal/{reversal_token}/C3S-dues21-0042-S.pdf"
    cert_url = f"{C3S_HOST}/cert/1187/C3S_Marta_Lindqvist_{token('c3s-cert', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 10)}.pdf"
    mails = [
        # name, subject template, body template, values, code, note, code file
        ("payment-confirmation", "payment_confirmation_subject", "payment_confirmation_body",
         {"num_shares": "3", "sum_shares": "150"}, "c3smembership/mail_utils.py"),
        ("signature-confirmation", "signature_confirmation_subject", "signature_confirmation_body",
         {"num_shares": "3", "sum_shares": "150"}, "c3smembership/mail_utils.py"),
        ("signature-reminder", "signature_reminder_subject", "signature_reminder_body",
         {"submission_date": None}, "c3smembership/presentation/views/membership_acquisition.py"),
        ("payment-reminder", "payment_reminder_subject", "payment_reminder_body",
         {"submission_date": None, "shares_value": "150", "shares_count": "3",
          "transfer_purpose": "C3Shares " + confirm_code},
         "c3smembership/presentation/views/membership_acquisition.py"),
        ("dues-invoice", "dues_invoice_subject", "dues_invoice_body",
         {"dues_amount": "37.50", "invoice_url": invoice_url, "invoice_quarter": None,
          "invoice_number": "C3S-dues2021-0042", "membership_number": "1187"},
         "c3smembership/business/dues_texts.py"),
        ("dues-reduction", "dues_reduction_subject", "dues_reduction_body",
         {"dues_amount": "25.00", "invoice_number": "C3S-dues2021-0043", "membership_number": "1187",
          "invoice_url": f"{C3S_HOST}/dues21_invoice_no/{invoice_token}/C3S-dues21-0043.pdf",
          "reversal_invoice_url": reversal_url},
         "c3smembership/business/dues_texts.py"),
        ("dues-exemption", "dues_exemption_subject", "dues_exemption_body",
         {"reversal_invoice_url": reversal_url}, "c3smembership/business/dues_texts.py"),
        ("dues-investing", "dues_invoice_investing_subject", "dues_invoice_investing_body",
         {"membership_number": "1187"}, "c3smembership/business/dues_texts.py"),
        ("membership-certificate", "membership_certificate_subject",
         "membership_certificate_naturalperson_body", {"url": cert_url}, "c3smembership/mail_utils.py"),
    ]  # fmt: skip
    for name, subj_t, body_t, values, code_file in mails:
        for lang in ("de", "en"):
            vals = dict(values)
            if "submission_date" in vals:
                vals["submission_date"] = submission[lang]
            if "invoice_quarter" in vals:
                vals["invoice_quarter"] = quarter[lang]
            body = c3s_text(body_t, lang).format(
                salutation="Marta Lindqvist", footer=c3s_text("email_footer", lang), **vals
            )
            note = None
            if name == "payment-reminder":
                note = (
                    "the transfer purpose 'C3Shares " + confirm_code + "' is a payment reference "
                    "to copy into a bank transfer, not a code to type into the sender's site"
                )
            add(
                C3S, source="c3s", name=name, lang=lang, kind="invoice" if name.startswith("dues") else "notice",
                code=None,
                paths=[code_file, "c3smembership/mail_utils.py", C3S_MAIL.format(subj_t, lang),
                       C3S_MAIL.format(body_t, lang), C3S_MAIL.format("email_footer", lang)],
                rendered="subject and body .txt of the member's locale, body filled with str.format "
                "(salutation, values, footer); pyramid_mailer Message body: one text/plain part",
                raw=message(sender=C3S_FROM, subject=c3s_text(subj_t, lang), text=body, html_part=None,
                            sent=sent(n)),
                note=note,
            )  # fmt: skip
            n += 1
    return n


# ---------------------------------------------------------------------------------------
# FrontAccounting

FRONTACC = ("FrontAccountingERP/FA", "9464a3ffef03c139d9396e697bce9a0a9f131a72", "GPL-3.0-or-later")


def frontaccounting(n: int) -> int:
    import base64

    cu = git_show(FRONTACC, "includes/current_user.inc")
    call = 'mail($email, _("New password for")." ".$SysPrefs->app_title, $password, $header);'
    assert call in cu and "$password = generate_password();" in cu
    main_inc = git_show(FRONTACC, "includes/main.inc")
    assert (
        "openssl_random_pseudo_bytes(8, $cstrong);" in main_inc
        and "return  base64_encode($bytes);" in main_inc
    )
    config = git_show(FRONTACC, "config.default.php")
    app_title = re.search(r'\$app_title = "([^"]*)";', config).group(1)
    password = base64.b64encode(hashlib.sha256(b"frontaccounting-reset").digest()[:8]).decode()
    add(
        FRONTACC, source="frontaccounting", name="new-password", lang="en", kind="fintech-otp",
        code=password,
        paths=["includes/current_user.inc", "includes/main.inc", "config.default.php"],
        rendered="reset_password: PHP mail() with subject 'New password for' + app_title and the "
        "generated password as the whole body; From the company e-mail",
        raw=message(sender="accounts@company.example", subject=f"New password for {app_title}",
                    text=password, html_part=None, sent=sent(n)),
        note="the whole body is the new password: base64 of eight random bytes, its '=' padding "
        "is part of what is typed",
    )  # fmt: skip
    return n + 1


# ---------------------------------------------------------------------------------------
# BambooInvoice

BAMBOO = (
    "derekallard/BambooInvoice",
    "c2927caf048b2258612a438be5dad89343552d32",
    "GPL-1.0-or-later",
)
BAMBOO_LANG = "bamboo_system_files/application/language/{}/bamboo_lang.php"
BAMBOO_LANGS = {
    "english": "en", "bulgarian": "bg", "danish": "da", "dutch": "nl", "estonian": "et",
    "french": "fr", "german": "de", "italian": "it", "portuguese": "pt", "romanian": "ro",
    "spanish": "es", "swedish": "sv",
}  # fmt: skip
BAMBOO_SITE = "https://invoices.example.com/index.php/"  # base_url + index_page
BAMBOO_FROM = "Daniel Weber <billing@weber-design.example>"  # primary_contact / _email settings


PHP_DQ_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "$": "$"}


def php_lang(src: str) -> dict[str, str]:
    """``$lang['key'] = '…';`` / ``"…";`` as PHP reads the literal (single quotes: ``\\'`` and
    ``\\\\``; double quotes: ``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\$``, other escapes kept)."""
    out = {}
    for m in re.finditer(
        r"""\$lang\['(\w+)'\]\s*=\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*;""", src, re.S
    ):
        if m.group(2) is not None:
            value = re.sub(r"\\([\\'])", r"\1", m.group(2))
        else:
            value = re.sub(
                r"\\(.)",
                lambda e: PHP_DQ_ESCAPES.get(e.group(1), e.group(0)),
                m.group(3),
                flags=re.S,
            )
        out[m.group(1)] = value
    return out


def php_wordwrap(text: str, width: int) -> str:
    """PHP ``wordwrap($str, $width, "\n", FALSE)``: greedy on spaces, lengths in bytes."""
    lines = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = words[0]
        for word in words[1:]:
            if len((line + " " + word).encode()) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return "\n".join(lines)


def ci_alt_message(body: str) -> str:
    """CodeIgniter 1.7 ``CI_Email::_get_alt_message`` then ``word_wrap($body, 76)``."""
    text = re.sub(r"<[^>]*>", "", body).strip()  # strip_tags (these bodies hold plain tags only)
    text = text.replace("\t", "")
    for i in range(20, 2, -1):
        text = text.replace("\n" * i, "\n\n")
    text = re.sub(r" +", " ", text)
    out = ""
    for line in php_wordwrap(text, 76).split("\n"):
        if len(line.encode()) <= 76 or re.search(r"\[url.+\]|://|wwww.", line):
            out += line + "\n"
            continue
        temp = ""
        while len(line.encode()) > 76:
            temp += line[:75]
            line = line[75:]
        out += temp + "\n" + line + "\n"
    return out


def bamboo(n: int) -> int:
    ctrl_path = "bamboo_system_files/application/controllers/login.php"
    ctrl = git_show(BAMBOO, ctrl_path)
    assert "random_string('alnum', 12);" in ctrl and "$config['mailtype'] = 'html';" in ctrl
    email_lib = git_show(BAMBOO, "bamboo_system_files/libraries/Email.php")
    assert "var $send_multipart\t= TRUE;" in email_lib
    english = php_lang(git_show(BAMBOO, BAMBOO_LANG.format("english")))
    alnum = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for folder, lang in BAMBOO_LANGS.items():
        path = BAMBOO_LANG.format(folder)
        t = php_lang(git_show(BAMBOO, path))
        # the reset request (a link) and the new password
        keys_reset = [
            "login_password_reset_email1",
            "login_password_reset_email2",
            "login_password_reset_email3",
        ]
        keys_new = ["login_password_email1", "login_password_email2"]
        for name, keys in (("password-reset-link", keys_reset), ("new-password", keys_new)):
            if lang != "en" and all(t[k] == english[k] for k in keys):
                continue  # not translated: the English text again
            if name == "password-reset-link":
                passkey = token(f"bamboo-passkey-{lang}", alnum, 12)
                url = f"{BAMBOO_SITE}login/confirm_password/27/{passkey}"
                body = "<p>" + t["login_password_reset_email1"] + ".</p>"
                body += (
                    "<p>"
                    + t["login_password_reset_email2"]
                    + " "
                    + f'<a href="{url}">{url}</a>'
                    + ".</p>"
                )
                body += "<p>" + t["login_password_reset_email3"] + "</p>"
                body += "<p>-----------------------<br />203.0.113.45</p>"
                code = None
                kind = "notice"
            else:
                code = token(f"bamboo-password-{lang}", alnum, 12)
                body = (
                    "<p>" + t["login_password_email1"] + f" <em>{code}</em> " + t["login_password_email2"]
                    + " " + f'<a href="{BAMBOO_SITE}login">{t["login_login"]}</a>' + ".</p>"
                )  # fmt: skip
                kind = "saas-otp"
            add(
                BAMBOO, source="bambooinvoice", name=name, lang=lang, kind=kind, code=code,
                paths=[ctrl_path, "bamboo_system_files/libraries/Email.php",
                       "bamboo_system_files/helpers/url_helper.php", path],
                rendered="login controller's HTML body from the language file (anchor() links); "
                "CI_Email mailtype html with send_multipart: a text/plain part made by "
                "_get_alt_message (strip_tags, word_wrap 76) and the text/html part",
                raw=message(sender=BAMBOO_FROM, subject=t["login_password_reset_title"],
                            text=ci_alt_message(body), html_part=body, sent=sent(n)),
            )  # fmt: skip
            n += 1
    return n


# ---------------------------------------------------------------------------------------
# MyClientBase

MCB = ("jeroenvheel/MyClientBase", "41197c87ab37d19b01d6dd5752b99fc68b28b7cb", "GPL-3.0-only")


def myclientbase(n: int) -> int:
    model_path = "application/modules_core/sessions/models/mdl_recover.php"
    model = git_show(MCB, model_path)
    assert "$password = random_string();" in model
    assert (
        "$email_body .= $password . '<br />' . anchor(site_url(), $this->lang->line('password_recovery_email_2'));"
        in model
    )
    helper_path = "application/modules_core/mailer/helpers/phpmailer_helper.php"
    assert "$mail->IsHtml();" in git_show(MCB, helper_path)
    assert "function random_string($type = 'alnum', $len = 8)" in git_show(
        MCB, "system/helpers/string_helper.php"
    )
    lang_path = "application/language/english/mcb_lang.php"
    t = php_lang(git_show(MCB, lang_path))
    password = token(
        "mcb-password", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 8
    )
    site = "https://clients.example.com/index.php"  # site_url(): base_url (detected) + index_page
    body = t["password_recovery_email"] + " " + password + "<br />"
    body += f'<a href="{site}">' + t["password_recovery_email_2"] + "</a>"
    add(
        MCB, source="myclientbase", name="password-recovery", lang="en", kind="saas-otp", code=password,
        paths=[model_path, helper_path, "system/helpers/string_helper.php", "system/helpers/url_helper.php",
               lang_path],
        rendered="Mdl_Recover::recover_password body (language strings, random_string() password, "
        "anchor to site_url()); phpmail_send: PHPMailer IsHtml without AltBody, one text/html part",
        raw=message(sender="owner@clients.example.com", subject=t["password_recovery"], text=None,
                    html_part=body, sent=sent(n)),
    )  # fmt: skip
    return n + 1


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    n = 0
    n = maybe(n)
    n = wallos(n)
    n = bitify(n)
    n = budgetboard(n)
    n = c3s(n)
    n = frontaccounting(n)
    n = bamboo(n)
    n = myclientbase(n)
    out = HERE / "round23" / "money.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
