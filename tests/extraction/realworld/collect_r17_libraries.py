"""Round seventeen, collector ``libraries``: e-mail OTP, verification-code and passwordless
libraries (PHP, Python) and the default mails they ship, with codes in the shape their
generators make, and the same libraries' mails that carry none.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_libraries.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round17/libraries.json``. Every template is read with
``git show <commit>:<path>`` from the snapshot under ``--mirrors`` (``<owner>+<name>/repo``)
and filled here; values (names, codes, passwords) are invented, in the shape the library's
own code makes them.

- ``2amigos/yii2-usuario`` (BSD-3-Clause), the Yii 2 user module. ``MailService::run``
  composes ``['html' => view, 'text' => 'text/' . view]`` (multipart/alternative) inside
  ``views/mail/layouts/html.php`` / ``text.php``. Rendered by a small PHP-template renderer
  (``<?= … ?>`` echoes, ``<?php if (…): ?>`` blocks, PHP's eating of the newline right after
  ``?>``; ``Yii::t`` from ``resources/i18n/<lang>/usuario.php``, an empty translation falls
  back to the English source as Yii does; ``Html::encode`` escapes). Mails: the two-factor
  e-mail code (``TwoFactorEmailCodeGeneratorService``: ``random_int(0, 999999)`` padded to
  six digits; subject ``Code for two factor authentication on {0}``) in English and every
  language that translates its sentence; the welcome mail with a generated password
  (``SecurityHelper::generatePassword(8)``: letters without i/l/o, digits 1-9, at least one
  lower, upper and digit) and the welcome mail without one (a confirmation link), subject
  ``Welcome to {0}``, and the password-recovery link mail (subject ``Complete password reset
  on {0}``), in English and every language that translates the welcome sentence; links in
  the module's pretty-URL form (``/user/confirm/<id>/<code>``, ``/user/recover/…``,
  ``/user/forgot``), tokens of 32 url-safe characters (``generateRandomString``).
  Languages whose catalogue translates the greeting or the closing line but not the code
  sentence are taken too (Yii sends the English source for empty translations, so those
  mails are partly English, as the module really sends them).
- ``tigrish/devise-i18n`` (MIT), the translated views and locales of Devise (Ruby on Rails).
  The five Devise mails (``app/views/devise/mailer/*.html.erb``: confirmation, password
  reset, unlock, password changed, e-mail changed), text/html only and without a layout as
  ``Devise::Mailer`` sends them, strings and subjects from ``rails/locales/<lang>.yml``
  (``devise.mailer.<mail>.*``), ERB rendered by a small renderer (``t('.key', …)`` escaped as
  Rails escapes, ``link_to``, statement lines trimmed as Erubi does). Tokens (in links only)
  in the shape of ``Devise.friendly_token`` (20 url-safe characters). No code: all negatives.
- ``for-keycloak/email-otp-authenticator`` (Unlicense), a Keycloak e-mail OTP authenticator
  (Java). ``EmailOTPFormAuthenticator.sendGeneratedOtp``: Keycloak's ``EmailTemplateProvider``
  sends ``otp-email.ftl`` (``templates/html`` and ``templates/text``, multipart/alternative)
  with subject key ``emailOtpSubject``; strings from ``messages_<lang>.properties`` in every
  language the extension ships, formatted by ``java.text.MessageFormat`` as Keycloak does (a
  single apostrophe opens a quote and is dropped: the French and Catalan strings lose it);
  the html inside Keycloak's base ``email/html/template.ftl`` layout (inline below, from
  ``keycloak/keycloak`` at 4e671f13, Apache-2.0); FreeMarker's stripping of lines holding only
  directives. The code: six characters of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ`` (the default
  alphabet and length), lifetime 600 s ("10 minutes").
- ``mikker/passwordless`` (MIT), the Rails passwordless engine. ``Passwordless::Mailer#sign_in``
  with ``app/views/passwordless/mailer/sign_in.text.erb`` (text/plain only, no layout from
  ``ActionMailer::Base``), body and subject from ``config/locales/en.yml`` (English only): the
  token from ``ShortTokenGenerator`` (six distinct characters of A-Z and 0-9) and the magic
  link ``/users/sign_in/<session uuid>/<token>`` as ``passwordless_for :users`` routes it.
- ``aaronn/django-rest-framework-passwordless`` (MIT), drfpasswordless. The default login
  and verification token mails as ``utils.send_email_with_callback_token`` sends them:
  Django ``send_mail`` with the plain-text message from ``settings.py`` (``"Enter this token
  to sign in: %s"``) and the html template ``passwordless_default_token_email.html`` (and the
  verification pair), the token from ``models.generate_numeric_token`` (six digits).
  English only (not translated).
- ``scheb/2fa`` (MIT), the Symfony two-factor bundle. ``SymfonyAuthCodeMailer``: subject
  ``Authentication Code``, text/plain body the code alone; ``CodeGenerator`` with the
  default ``digits: 4`` (``random_int(1000, 9999)``) and one app configured with 6 digits.

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import yaml
from collect import HERE, message

OUT = HERE / "round17" / "libraries.json"
BASE_SENT = datetime(2026, 4, 14, 7, 41, 0, tzinfo=UTC)

USUARIO = "2amigos/yii2-usuario"
USUARIO_COMMIT = "2a95a8d4d267adcf1dcf252ce226f66a48c6ec70"
DRFPL = "aaronn/django-rest-framework-passwordless"
DRFPL_COMMIT = "2604dfbecb64913bdfa9323a10cd0c29b6155d8d"
SCHEB = "scheb/2fa"
SCHEB_COMMIT = "cdee02f7a57eda551d0af05581056f5096ca93a4"

LICENCES = {USUARIO: "BSD-3-Clause", DRFPL: "MIT", SCHEB: "MIT"}

MIRRORS = Path("/work/.mirror")


def _show(repository: str, commit: str, path: str) -> str:
    repo = MIRRORS / repository.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


class Collector:
    def __init__(self) -> None:
        self.items: list[dict[str, object]] = []
        self.n = 0

    def add(
        self,
        *,
        source: str,
        ident: str,
        group: str,
        lang: str,
        kind: str,
        code: str | None,
        repository: str,
        commit: str,
        path: str,
        rendered: str,
        sender: str,
        subject: str,
        text: str | None,
        html_part: str | None,
        note: str,
    ) -> None:
        sent = BASE_SENT + timedelta(minutes=43 * self.n)
        self.n += 1
        raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=sent)
        item_id = f"{source}-{ident}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        self.items.append(
            {
                "id": item_id,
                "group": f"{source}-{group}",
                "source": source,
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": repository,
                "path": path,
                "commit": commit,
                "licence": LICENCES[repository],
                "rendered": rendered,
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
                "note": note,
            }
        )


# ---------------------------------------------------------------------------------------
# yii2-usuario (PHP view files, a small renderer)

USUARIO_VIEWS = "src/User/resources/views/mail/"
USUARIO_I18N = "src/User/resources/i18n/"
_PHP_STR = r"'((?:[^'\\]|\\.)*)'"


def _php_unescape(s: str) -> str:
    return re.sub(r"\\([\\'])", r"\1", s)


def _usuario_catalogue(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    text = _show(USUARIO, USUARIO_COMMIT, f"{USUARIO_I18N}{lang}/usuario.php")
    return {
        _php_unescape(k): _php_unescape(v)
        for k, v in re.findall(_PHP_STR + r"\s*=>\s*" + _PHP_STR, text)
    }


def _yii_t(catalogue: dict[str, str], msg: str, params: list[str] | dict[str, str]) -> str:
    out = catalogue.get(msg) or msg  # an empty translation falls back to the source
    items = params.items() if isinstance(params, dict) else enumerate(params)
    for key, value in items:
        out = out.replace("{" + str(key) + "}", value)
    return out


def _php_render(template: str, evaluate) -> str:
    """Echo ``<?= expr ?>`` through ``evaluate``, keep ``<?php if (cond): ?>`` blocks whose
    condition ``evaluate`` says is true, drop other ``<?php … ?>`` blocks; PHP eats one
    newline right after every ``?>``."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<\?(php|=)\s(.*?)\?>\n?", template, flags=re.DOTALL):
        if all(stack):
            out.append(template[pos : m.start()])
        pos = m.end()
        body = m.group(2).strip()
        if m.group(1) == "=":
            if all(stack):
                out.append(evaluate(body))
            continue
        cond = re.fullmatch(r"if \((.*)\):", body, flags=re.DOTALL)
        if cond:
            stack.append(bool(evaluate(cond.group(1))))
        elif body == "endif":
            stack.pop()
    if all(stack):
        out.append(template[pos:])
    return "".join(out)


def _usuario_evaluator(catalogue: dict[str, str], values: dict[str, object]):
    def evaluate(expr: str) -> object:
        expr = re.sub(r"\s*\n\s*", " ", expr).replace("( ", "(").replace(" )", ")")
        m = re.fullmatch(r"Yii::t\('usuario', " + _PHP_STR + r"(?:, (.*))?\)", expr)
        if m:
            msg = _php_unescape(m.group(1))
            arg = m.group(2)
            if arg is None:
                return _yii_t(catalogue, msg, [])
            if arg == "Yii::$app->name":
                return _yii_t(catalogue, msg, [str(values["app"])])
            if arg == "['app_name' => Yii::$app->name]":
                return _yii_t(catalogue, msg, {"app_name": str(values["app"])})
            raise ValueError(expr)
        if expr in values:
            return values[expr]
        raise ValueError(expr)

    return evaluate


def _usuario_mail(view: str, lang: str, values: dict[str, object]) -> tuple[str, str]:
    catalogue = _usuario_catalogue(lang)
    evaluate = _usuario_evaluator(catalogue, values)
    body_html = _php_render(_show(USUARIO, USUARIO_COMMIT, f"{USUARIO_VIEWS}{view}.php"), evaluate)
    body_text = _php_render(
        _show(USUARIO, USUARIO_COMMIT, f"{USUARIO_VIEWS}text/{view}.php"), evaluate
    )
    layout_values = dict(values)
    layout_values["$content"] = body_html
    layout_values["Yii::$app->name"] = values["app"]
    layout_values["date('Y')"] = "2026"
    full_html = _php_render(
        _show(USUARIO, USUARIO_COMMIT, f"{USUARIO_VIEWS}layouts/html.php"),
        _usuario_evaluator(catalogue, layout_values),
    )
    text_values = {"$content": body_text}
    full_text = _php_render(
        _show(USUARIO, USUARIO_COMMIT, f"{USUARIO_VIEWS}layouts/text.php"),
        _usuario_evaluator(catalogue, text_values),
    )
    return full_text, full_html


USUARIO_LANGS = [
    "en", "ca", "da", "de", "de-DU", "es", "et", "fa-IR", "fi", "fr", "hr", "hu", "it", "kk",
    "lt", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "th", "tr-TR", "uk", "vi", "zh-CN",
]  # fmt: skip

# (app name, sender, two-factor code, generated password) per language, invented
USUARIO_APPS = {
    "en": ("Harbourside Credit Union", "no-reply@harbourside-cu.example", "048213", "q7RtVw3k"),
    "ca": ("Mercat de Gràcia", "no-reply@mercatgracia.example", "730615", "Ub4nPxe9"),
    "da": ("Bogbussen Aarhus", "no-reply@bogbussen.example", "592840", "m3HsKd7T"),
    "de": ("Stadtwerke Lindau Kundenportal", "no-reply@sw-lindau.example", "316907", "Zr8p#t2e"),
    "de-DU": ("Turnverein Eichstätt", "no-reply@tv-eichstaett.example", "884152", "Wc5yGh4n"),
    "es": ("Farmacia Robles", "no-reply@farmaciarobles.example", "207493", "h6PqJv2X"),
    "et": ("Tartu Rattaringlus", "no-reply@rattaringlus.example", "661038", "Ny3ruK8d"),
    "fa-IR": ("Ketabkhaneh Online", "no-reply@ketabkhaneh.example", "925174", "t4XwBn6M"),
    "fi": ("Kuopion Kirjasto", "no-reply@kuopionkirjasto.example", "413586", "Pe7kSz3q"),
    "fr": ("Mutuelle des Cèdres", "no-reply@mutuelle-cedres.example", "059327", "Jd2v@y8u"),
    "hr": ("Zadarska Tržnica", "no-reply@trznica-zadar.example", "748201", "c9TfMx4A"),
    "hu": ("Debreceni Uszoda", "no-reply@debreceni-uszoda.example", "382964", "Ks6w~q3h"),
    "it": ("Cantina Val di Sole", "no-reply@cantinavaldisole.example", "190475", "y8GmCe5R"),
    "kk": ("Almaty Sport Club", "no-reply@almatysport.example", "627308", "Rb3zXp7w"),
    "lt": ("Kauno Knygynas", "no-reply@kaunoknygynas.example", "504719", "e5QvHt9K"),
    "nl": ("Fietsenmakerij De Spaak", "no-reply@despaak.example", "871246", "Ga4u&m8s"),
    "pl": ("Apteka Pod Lipami", "no-reply@apteka-lipy.example", "236580", "v7Nc+k2P"),
    "pt-BR": ("Clínica Boa Vista", "no-reply@clinicaboavista.example", "093815", "Ff6hYr3z"),
    "pt-PT": ("Livraria do Chiado", "no-reply@livrariachiado.example", "452067", "s2MxDq9E"),
    "ro": ("Biblioteca Cluj", "no-reply@bibliotecacluj.example", "318492", "Tw8eJn4b"),
    "ru": ("Книжный клуб Орион", "no-reply@orion-books.example", "765031", "k3Zp%v6C"),
    "sk": ("Mestská knižnica Žilina", "no-reply@kniznica-zilina.example", "140958", "Hx9sUd2g"),
    "th": ("Chiang Mai Co-working", "no-reply@cm-cowork.example", "583726", "u4BtWk7N"),
    "tr-TR": ("Kadıköy Kitap Evi", "no-reply@kadikoykitap.example", "907364", "Dn5qMy8r"),
    "uk": ("Львівська бібліотека", "no-reply@lviv-library.example", "281579", "p6VcGx3S"),
    "vi": ("Nhà sách Hạ Long", "no-reply@nhasachhalong.example", "634102", "Ya7rEf4m"),
    "zh-CN": ("云帆会员中心", "no-reply@yunfan.example", "820493", "w9KtPb5u"),
}


def collect_usuario(col: Collector) -> None:
    for lang in USUARIO_LANGS:
        catalogue = _usuario_catalogue(lang)
        app, sender, code, password = USUARIO_APPS[lang]
        translated_code = lang == "en" or bool(
            catalogue.get("This is the code to insert to enable two factor authentication")
        )
        translated_welcome = lang == "en" or bool(
            catalogue.get("Your account on {0} has been created")
        )
        partly = not translated_code and any(
            catalogue.get(m)
            for m in ("Hello", "If you did not make this request you can ignore this email")
        )
        if translated_code or partly:
            text, body = _usuario_mail("twofactorcode", lang, {"$code": code, "app": app})
            col.add(
                source="yii2usuario",
                ident="twofactor-code",
                group="twofactor-code",
                lang=lang,
                kind="saas-otp",
                code=code,
                repository=USUARIO,
                commit=USUARIO_COMMIT,
                path=(
                    f"{USUARIO_VIEWS}twofactorcode.php ; {USUARIO_VIEWS}text/twofactorcode.php ; "
                    f"{USUARIO_VIEWS}layouts/html.php ; {USUARIO_VIEWS}layouts/text.php ; "
                    "src/User/Service/TwoFactorEmailCodeGeneratorService.php ; "
                    f"src/User/Bootstrap.php ; {USUARIO_I18N}{lang}/usuario.php"
                ),
                rendered=(
                    "PHP views by a small renderer (Yii::t from the language's usuario.php, "
                    "empty translations fall back to English); multipart/alternative "
                    "text + html as MailService composes it"
                ),
                sender=sender,
                subject=_yii_t(catalogue, "Code for two factor authentication on {0}", [app]),
                text=text,
                html_part=body,
                note=(
                    "two-factor e-mail code, six digits (random_int padded); in the text part "
                    "PHP eats the newline after the code, so it runs into the next sentence"
                    + (
                        "; the language's catalogue leaves the code sentence (and the subject) "
                        "untranslated, so Yii sends them in English around translated lines"
                        if partly
                        else ""
                    )
                ),
            )
        if not translated_welcome:
            continue
        subject = _yii_t(catalogue, "Welcome to {0}", [app])
        host = sender.split("@")[1]
        url = f"https://{host}/user/forgot"  # the module's pretty URL rules
        confirm = f"https://{host}/user/confirm/3187/xK2vQ9mTrL0pWn4YbHc7Zs1eFd8gJu5A"
        recover = f"https://{host}/user/recover/3187/Tq8-mZ2vKw5_LpX9nRc4Ye7HdJ3bGs6F"
        welcome_path = (
            f"{USUARIO_VIEWS}welcome.php ; {USUARIO_VIEWS}text/welcome.php ; "
            f"{USUARIO_VIEWS}layouts/html.php ; {USUARIO_VIEWS}layouts/text.php ; "
            "src/User/Helper/SecurityHelper.php ; src/User/Bootstrap.php ; "
            f"{USUARIO_I18N}{lang}/usuario.php"
        )

        class _User:
            pass

        for with_password in (True, False):
            token_url = None if with_password else confirm
            values: dict[str, object] = {
                "app": app,
                "$showPassword || $module->generatePasswords": with_password,
                "$module->allowPasswordRecovery": True,
                "$token !== null": token_url is not None,
                "Html::encode($user->password)": html.escape(password),
                "$user->password": password,
                "Html::a(Html::encode(Url::to(['/user/recovery/request'], true)), "
                "Url::to(['/user/recovery/request'], true))": f'<a href="{url}">{url}</a>',
                "Url::to(['/user/recovery/request'], true)": url,
                "Html::a(Html::encode($token->url), $token->url);": (
                    f'<a href="{confirm}">{confirm}</a>'
                ),
                "$token->url": confirm,
            }
            text, body = _usuario_mail("welcome", lang, values)
            col.add(
                source="yii2usuario",
                ident="welcome-password" if with_password else "welcome-confirm",
                group="welcome-password" if with_password else "welcome-confirm",
                lang=lang,
                kind="saas-otp" if with_password else "notice",
                code=password if with_password else None,
                repository=USUARIO,
                commit=USUARIO_COMMIT,
                path=welcome_path,
                rendered=(
                    "PHP views by a small renderer (Yii::t from the language's usuario.php, "
                    "empty translations fall back to English); multipart/alternative "
                    "text + html as MailService composes it"
                ),
                sender=sender,
                subject=subject,
                text=text,
                html_part=body,
                note=(
                    "welcome mail with the password the module generated (generatePassword(8)) "
                    "given to be typed at sign-in"
                    if with_password
                    else "welcome mail of a registration needing confirmation: a link, no code"
                ),
            )
        values = {
            "app": app,
            "Html::a(Html::encode($token->url), $token->url);": f'<a href="{recover}">{recover}</a>',
            "$token->url": recover,
        }
        text, body = _usuario_mail("recovery", lang, values)
        col.add(
            source="yii2usuario",
            ident="recovery",
            group="recovery",
            lang=lang,
            kind="notice",
            code=None,
            repository=USUARIO,
            commit=USUARIO_COMMIT,
            path=(
                f"{USUARIO_VIEWS}recovery.php ; {USUARIO_VIEWS}text/recovery.php ; "
                f"{USUARIO_VIEWS}layouts/html.php ; {USUARIO_VIEWS}layouts/text.php ; "
                f"src/User/Bootstrap.php ; {USUARIO_I18N}{lang}/usuario.php"
            ),
            rendered=(
                "PHP views by a small renderer (Yii::t from the language's usuario.php, "
                "empty translations fall back to English); multipart/alternative "
                "text + html as MailService composes it"
            ),
            sender=sender,
            subject=_yii_t(catalogue, "Complete password reset on {0}", [app]),
            text=text,
            html_part=body,
            note="password-reset mail: a link carrying a 32-character token, no code",
        )


# ---------------------------------------------------------------------------------------
# devise-i18n (ERB views, a small renderer)

DEVISE = "tigrish/devise-i18n"
DEVISE_COMMIT = "6bc267898c3873b82a7463925160d5dbf85ee04d"
LICENCES[DEVISE] = "MIT"
DEVISE_VIEWS = "app/views/devise/mailer/"
DEVISE_MAILS = [
    "confirmation_instructions",
    "reset_password_instructions",
    "unlock_instructions",
    "password_change",
    "email_changed",
]
# lang: (sender, recipient, new address, site host)
DEVISE_LANGS = {
    "en": ("Tidewater Ferries <accounts@tidewater-ferries.example>", "marcus.hale@example.com", "m.hale@example.net", "tidewater-ferries.example"),
    "de": ("Bergbahnen Oberstdorf <konto@bergbahnen.example>", "jana.vogt@example.de", "jana.vogt@example.org", "bergbahnen.example"),
    "fr": ("Cinéma Le Régent <compte@leregent.example>", "claire.dumas@example.fr", "c.dumas@example.org", "leregent.example"),
    "es": ("Teatro Arriaga <cuentas@arriaga.example>", "lucia.ortega@example.es", "lortega@example.org", "arriaga.example"),
    "ja": ("さくら書店 <account@sakura-shoten.example>", "yuki.tanaka@example.jp", "y.tanaka@example.org", "sakura-shoten.example"),
    "pl": ("Kolej Mazowiecka <konto@kolej-maz.example>", "piotr.nowak@example.pl", "p.nowak@example.org", "kolej-maz.example"),
    "pt-BR": ("Hortifruti Boa Safra <conta@boasafra.example>", "ana.souza@example.com.br", "ana.s@example.org", "boasafra.example"),
    "tr": ("Bilet Durağı <hesap@biletduragi.example>", "emre.yildiz@example.com.tr", "e.yildiz@example.org", "biletduragi.example"),
    "uk": ("Укрпошта Плюс <account@poshta-plus.example>", "olena.koval@example.ua", "o.koval@example.org", "poshta-plus.example"),
    "zh-CN": ("青禾生鲜 <account@qinghe.example>", "li.wei@example.cn", "liwei@example.org", "qinghe.example"),
}  # fmt: skip
DEVISE_TOKENS = {
    "confirmation_instructions": ("confirmation", "confirmation_token", "sP3gW7xkQ2nVhc9TtaRe"),
    "reset_password_instructions": (
        "password/edit",
        "reset_password_token",
        "Hq8yZx2cmNvR4kWp6fJs",
    ),
    "unlock_instructions": ("unlock", "unlock_token", "vK7tBz3sYe9xQm2RgHwn"),
}


def _devise_render(template: str, strings: dict[str, str], values: dict[str, str]) -> str:
    """``t('.key', name: @var)`` escaped, ``link_to t('.action'), url``, ``<% if %>`` /
    ``<% else %>`` / ``<% end %>`` lines trimmed whole as Erubi does (the condition chosen
    by ``values['if']``)."""
    out: list[str] = []
    state: list[bool] = []
    for line in template.splitlines(keepends=True):
        stmt = re.fullmatch(r"\s*<% (.*?) %>\n?", line)
        if stmt:
            if stmt.group(1).startswith("if "):
                state.append(values["if"] == "true")
            elif stmt.group(1) == "else":
                state[-1] = not state[-1]
            elif stmt.group(1) == "end":
                state.pop()
            continue
        if not all(state):
            continue

        def _t(m: re.Match[str]) -> str:
            text = strings[m.group(1)]
            for name, var in re.findall(r"(\w+): ([@\w.?:()]+)", m.group(2) or ""):
                text = text.replace("%{" + name + "}", values[var])
            return html.escape(text)

        def _expr(m: re.Match[str]) -> str:
            expr = m.group(1)
            link = re.fullmatch(r"link_to t\('\.(\w+)'\), \w+\(@resource, \w+: @token\)", expr)
            if link:
                return f'<a href="{html.escape(values["url"])}">{html.escape(strings[link.group(1)])}</a>'
            tm = re.fullmatch(r"t\('\.(\w+)'(?:, (.*))?\)", expr)
            if tm:
                return _t(tm)
            raise ValueError(expr)

        out.append(re.sub(r"<%= (.*?) %>", _expr, line))
    return "".join(out)


def collect_devise(col: Collector) -> None:
    for lang, (sender, rcpt, new_addr, host) in DEVISE_LANGS.items():
        locale = yaml.safe_load(_show(DEVISE, DEVISE_COMMIT, f"rails/locales/{lang}.yml"))
        mailer = locale[lang]["devise"]["mailer"]
        for mail in DEVISE_MAILS:
            strings = {k: str(v) for k, v in mailer[mail].items()}
            values = {"@email": rcpt, "@resource.email": rcpt, "if": "false"}
            if mail == "email_changed":
                values["@resource.email"] = new_addr
            if mail in DEVISE_TOKENS:
                route, param, token = DEVISE_TOKENS[mail]
                values["url"] = f"https://{host}/users/{route}?{param}={token}"
            template = _show(DEVISE, DEVISE_COMMIT, f"{DEVISE_VIEWS}{mail}.html.erb")
            body = _devise_render(template, strings, values)
            col.add(
                source="devisei18n",
                ident=mail.replace("_", "-"),
                group=mail.replace("_", "-"),
                lang=lang,
                kind="notice",
                code=None,
                repository=DEVISE,
                commit=DEVISE_COMMIT,
                path=f"{DEVISE_VIEWS}{mail}.html.erb ; rails/locales/{lang}.yml",
                rendered=(
                    "ERB view by a small renderer with the locale's devise.mailer strings; "
                    "text/html only, no layout, as Devise::Mailer sends it"
                ),
                sender=sender,
                subject=strings["subject"],
                text=None,
                html_part=body,
                note=(
                    "a link carrying the token, no code"
                    if mail in DEVISE_TOKENS
                    else "a notice, no code"
                ),
            )


# ---------------------------------------------------------------------------------------
# for-keycloak/email-otp-authenticator (FreeMarker templates, Java MessageFormat)

KCOTP = "for-keycloak/email-otp-authenticator"
KCOTP_COMMIT = "02fea7a8e48262c5f3db32136db0d4b08ab38005"
LICENCES[KCOTP] = "Unlicense"
KCOTP_RES = "src/main/resources/theme-resources/"
# keycloak/keycloak, themes/src/main/resources/theme/base/email/html/template.ftl at
# 4e671f1306c7e7aca30a07856fc2c2b0bb33ef7d (Apache-2.0): the layout otp-email.ftl imports
KEYCLOAK_EMAIL_LAYOUT = (
    "<#macro emailLayout>\n"
    "<html lang=\"${locale.language}\" dir=\"${(ltr)?then('ltr','rtl')}\">\n"
    "<body>\n"
    "    <#nested>\n"
    "</body>\n"
    "</html>\n"
    "</#macro>\n"
)
KCOTP_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def _java_properties(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!" or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
        out[key.strip()] = value.strip()
    return out


def _message_format(pattern: str, args: list[str]) -> str:
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


def _ftl_lines(template: str) -> list[str]:
    """FreeMarker drops lines that hold only directives (and their white-space)."""
    return [
        line
        for line in template.splitlines(keepends=True)
        if not re.fullmatch(r"\s*(</?[#@][^>]*>\s*)+", line)
    ]


KCOTP_SENDERS = [
    ("en", "Northwind Health SSO <sso@northwind-health.example>"),
    ("ar", "بوابة الدخول الموحد <sso@baraka-bank.example>"),
    ("ca", "Accés Ajuntament de Girona <sso@girona-portal.example>"),
    ("cs", "Přihlášení VŠ Ostrava <sso@vs-ostrava.example>"),
    ("da", "Login Aalborg Forsyning <sso@aalborg-forsyning.example>"),
    ("de", "Anmeldung Klinikum Rhein <sso@klinikum-rhein.example>"),
    ("el", "Σύνδεση Δήμος Πάτρας <sso@patra-portal.example>"),
    ("es", "Acceso Universidad del Sur <sso@unisur.example>"),
    ("fa", "ورود یکپارچه <sso@pardis-net.example>"),
    ("fi", "Kirjautuminen Oulun Energia <sso@oulunenergia.example>"),
    ("fr", "Connexion Crédit Mutuel Alpin <sso@cm-alpin.example>"),
    ("hr", "Prijava Grad Rijeka <sso@rijeka-portal.example>"),
    ("hu", "Belépés Pécsi Egyetem <sso@pecsi-egyetem.example>"),
    ("it", "Accesso Comune di Lucca <sso@comune-lucca.example>"),
    ("ja", "シングルサインオン <sso@hikari-denki.example>"),
    ("ka", "ავტორიზაცია <sso@tbilisi-transit.example>"),
    ("ko", "통합 로그인 <sso@hanbit-edu.example>"),
    ("lt", "Prisijungimas Vilniaus vandenys <sso@vv-portal.example>"),
    ("nl", "Inloggen Zorggroep Veluwe <sso@zorggroep-veluwe.example>"),
    ("no", "Innlogging Bergen Kommune <sso@bergen-portal.example>"),
    ("pl", "Logowanie Uniwersytet Gdański <sso@ug-portal.example>"),
    ("pt", "Acesso Câmara de Braga <sso@cm-braga.example>"),
    ("pt_BR", "Acesso Cooperativa Sicredi Sul <sso@coop-sul.example>"),
    ("ro", "Autentificare Spitalul Județean <sso@spital-cluj.example>"),
    ("ru", "Вход Сбер Лизинг Портал <sso@leasing-portal.example>"),
    ("sk", "Prihlásenie Košice <sso@kosice-portal.example>"),
    ("sl", "Prijava Mestna občina Kranj <sso@kranj-portal.example>"),
    ("sv", "Inloggning Region Dalarna <sso@region-dalarna.example>"),
    ("th", "เข้าสู่ระบบ <sso@siam-clinic.example>"),
    ("tr", "Giriş İzmir Büyükşehir <sso@izmir-portal.example>"),
    ("uk", "Вхід Київводоканал <sso@kyiv-water.example>"),
    ("zh_CN", "统一登录 <sso@lanting-edu.example>"),
    ("zh_TW", "單一登入 <sso@taipei-clinic.example>"),
]
KCOTP_CODES = [
    "K7P2QX", "4HWN9R", "ZT38LM", "9BVX2E", "QF5DJ7", "M2R8YH", "7XKP4C", "GN6TZ3", "S9E2WB",
    "3LQH8V", "DR47KN", "Y5MC2P", "8JTW6F", "HB3XQ9", "2VZN7L", "RK9P5G", "6EYD3T", "WQ4M8J",
    "C8H2RZ", "5TGL9X", "NP7F3K", "JX2B6W", "U9DR4M", "4ZK8YE", "L3WQ7H", "V6NJ2S", "E8PX5D",
    "TG2K9C", "9MHV3R", "B4ZY7Q", "X7RE2N", "P3CW8L", "F6KT4U",
]  # fmt: skip


def collect_kcotp(col: Collector) -> None:
    html_tpl = _show(KCOTP, KCOTP_COMMIT, KCOTP_RES + "templates/html/otp-email.ftl")
    text_tpl = _show(KCOTP, KCOTP_COMMIT, KCOTP_RES + "templates/text/otp-email.ftl")
    for (lang, sender), code in zip(KCOTP_SENDERS, KCOTP_CODES, strict=True):
        assert all(c in KCOTP_ALPHABET for c in code)
        props_path = f"{KCOTP_RES}messages/messages_{lang}.properties"
        props = _java_properties(_show(KCOTP, KCOTP_COMMIT, props_path))

        def msg(key: str, *args: str, props: dict[str, str] = props) -> str:
            return _message_format(props.get(key, key), list(args))

        def fill(lines: list[str], msg=msg, code: str = code) -> str:
            out = "".join(lines)
            out = out.replace(
                '${kcSanitize(msg("emailOtpYourAccessCode"))?no_esc}', msg("emailOtpYourAccessCode")
            )
            out = out.replace(
                '${kcSanitize(msg("emailOtpYourAccessCode"))}', msg("emailOtpYourAccessCode")
            )
            out = out.replace(
                '${kcSanitize(msg("emailOtpExpiration", ttlMinutes))?no_esc}',
                msg("emailOtpExpiration", "10"),
            )
            out = out.replace(
                '${kcSanitize(msg("emailOtpExpiration", ttlMinutes))}',
                msg("emailOtpExpiration", "10"),
            )
            out = out.replace("${otp?no_esc}", code).replace("${otp}", code)
            return out

        body = fill(_ftl_lines(html_tpl))
        language = lang.split("_")[0]
        rtl = language in {"ar", "fa", "he"}
        layout = "".join(_ftl_lines(KEYCLOAK_EMAIL_LAYOUT))
        layout = layout.replace("${locale.language}", language)
        layout = layout.replace("${(ltr)?then('ltr','rtl')}", "rtl" if rtl else "ltr")
        html_part = layout.replace("<body>\n", "<body>\n" + body)
        text = fill(_ftl_lines(text_tpl))
        col.add(
            source="kcemailotpauth",
            ident="access-code",
            group="access-code",
            lang=lang.replace("_", "-"),
            kind="saas-otp",
            code=code,
            repository=KCOTP,
            commit=KCOTP_COMMIT,
            path=(
                f"{KCOTP_RES}templates/html/otp-email.ftl ; {KCOTP_RES}templates/text/otp-email.ftl ; "
                f"{props_path} ; src/main/java/ch/jacem/for_keycloak/email_otp_authenticator/"
                "EmailOTPFormAuthenticator.java ; …/EmailOTPFormAuthenticatorFactory.java"
            ),
            rendered=(
                "FreeMarker templates by a small renderer (directive-only lines stripped), "
                "strings through java.text.MessageFormat, Keycloak's base html layout; "
                "multipart/alternative text + html as Keycloak's EmailTemplateProvider sends it"
            ),
            sender=sender,
            subject=msg("emailOtpSubject"),
            text=text,
            html_part=html_part,
            note=(
                "e-mail OTP: six characters of the default alphabet (digits 2-9, capitals "
                "without I and O), alone in an <h1> and on its own line"
                + (
                    "; MessageFormat drops the single apostrophe of the language's strings"
                    if "'" in props.get("emailOtpSubject", "")
                    else ""
                )
            ),
        )


# ---------------------------------------------------------------------------------------
# mikker/passwordless (Rails: a text view and the locale)

PWLESS = "mikker/passwordless"
PWLESS_COMMIT = "e08d721dd9584333387730861a7b942f237ea37d"
LICENCES[PWLESS] = "MIT"


def collect_pwless(col: Collector) -> None:
    view = _show(PWLESS, PWLESS_COMMIT, "app/views/passwordless/mailer/sign_in.text.erb")
    strings = yaml.safe_load(_show(PWLESS, PWLESS_COMMIT, "config/locales/en.yml"))
    mailer = strings["en"]["passwordless"]["mailer"]["sign_in"]
    cases = [
        ("sign-in", "Q7XK2M", "3f2b8c1e-5d47-4a90-b6e2-91c0d8f4a7b3", "app.fieldnotes.example",
         "Fieldnotes <hello@fieldnotes.example>"),
        ("sign-in-shop", "8RWD4T", "a91e6c02-7f3b-4d58-8c1a-2e5b70f9d4c6", "shop.kettleandcrumb.example",
         "Kettle & Crumb <orders@kettleandcrumb.example>"),
    ]  # fmt: skip
    for ident, token, session_id, host, sender in cases:
        assert len(set(token)) == 6 and re.fullmatch(r"[A-Z0-9]{6}", token)
        link = f"https://{host}/users/sign_in/{session_id}/{token}"
        body = mailer["body"].replace("%{token}", token).replace("%{magic_link}", link)
        text = view.replace(
            '<%= t("passwordless.mailer.sign_in.body", token: @token, magic_link: @magic_link) %>',
            html.escape(body),
        )
        col.add(
            source="railspasswordless",
            ident=ident,
            group="sign-in",
            lang="en",
            kind="saas-otp",
            code=token,
            repository=PWLESS,
            commit=PWLESS_COMMIT,
            path=(
                "app/views/passwordless/mailer/sign_in.text.erb ; config/locales/en.yml ; "
                "app/mailers/passwordless/mailer.rb ; lib/passwordless/short_token_generator.rb"
            ),
            rendered="the ERB text view filled with the locale's body; text/plain only",
            sender=sender,
            subject=mailer["subject"],
            text=text,
            html_part=None,
            note=(
                "'Use this token to complete your sign in:' then six capitals/digits; the "
                "same token also ends the magic link below"
            ),
        )


# ---------------------------------------------------------------------------------------
# drfpasswordless (Django send_mail: plain message + html template)


def collect_drfpl(col: Collector) -> None:
    tdir = "drfpasswordless/templates/"
    cases = [
        (
            "login-token",
            "Your Login Token",
            "Enter this token to sign in: %s",
            "passwordless_default_token_email.html",
            "306518",
            "login token",
        ),
        (
            "verify-token",
            "Your Verification Token",
            "Enter this verification code: %s",
            "passwordless_default_verification_token_email.html",
            "072946",
            "e-mail verification token",
        ),
    ]
    for ident, subject, plain, tname, code, what in cases:
        template = _show(DRFPL, DRFPL_COMMIT, tdir + tname)
        body = template.replace("{{ callback_token }}", code)
        col.add(
            source="drfpasswordless",
            ident=ident,
            group=ident,
            lang="en",
            kind="saas-otp",
            code=code,
            repository=DRFPL,
            commit=DRFPL_COMMIT,
            path=(
                f"{tdir}{tname} ; drfpasswordless/settings.py ; drfpasswordless/utils.py ; "
                "drfpasswordless/models.py"
            ),
            rendered=(
                "Django template filled (one variable); send_mail with the settings' "
                "plain-text message and html_message: multipart/alternative"
            ),
            sender="Parcel Locker Network <noreply@lockers.example>",
            subject=subject,
            text=plain % code,
            html_part=body,
            note=f"default {what} mail, six digits (generate_numeric_token)",
        )


# ---------------------------------------------------------------------------------------
# scheb/2fa (Symfony mailer: subject and the code alone)


def collect_scheb(col: Collector) -> None:
    _show(SCHEB, SCHEB_COMMIT, "src/email/Mailer/SymfonyAuthCodeMailer.php")
    cases = [
        (
            "auth-code-4",
            "7351",
            "Kantine Nord <security@kantine-nord.example>",
            "default digits: 4",
        ),
        ("auth-code-6", "584092", "Ticketdesk <no-reply@ticketdesk.example>", "digits: 6"),
    ]
    for ident, code, sender, what in cases:
        col.add(
            source="scheb2fa",
            ident=ident,
            group="auth-code",
            lang="en",
            kind="saas-otp",
            code=code,
            repository=SCHEB,
            commit=SCHEB_COMMIT,
            path=(
                "src/email/Mailer/SymfonyAuthCodeMailer.php ; "
                "src/email/Security/TwoFactor/Provider/Email/Generator/CodeGenerator.php ; "
                "src/bundle/DependencyInjection/Configuration.php"
            ),
            rendered="as SymfonyAuthCodeMailer builds it: subject 'Authentication Code', text/plain body the code alone",
            sender=sender,
            subject="Authentication Code",
            text=code,
            html_part=None,
            note=f"the body is only the code ({what})",
        )


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    col = Collector()
    collect_usuario(col)
    collect_devise(col)
    collect_kcotp(col)
    collect_pwless(col)
    collect_drfpl(col)
    collect_scheb(col)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": col.items}, ensure_ascii=False, indent=2) + "\n")
    codes = sum(1 for i in col.items if i["code"])
    print(f"{len(col.items)} mails, {codes} codes")


if __name__ == "__main__":
    main()
