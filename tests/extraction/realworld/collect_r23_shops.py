"""Round twenty-three, shops: the mails of shop, marketplace and point-of-sale software — the
codes they mail to be typed, and the same shops' order and account notices.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r23_shops.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. Django
5.2 and Babel are needed for django-oscar (``pip install --target /tmp/djlib django==5.2.*
babel``; the script puts ``/tmp/djlib`` on ``sys.path``).

- django-oscar/django-oscar (BSD-3-Clause), the Django e-commerce framework. Its
  ``CommunicationEventType.get_messages`` renders, for an event code, the file templates
  ``src/oscar/templates/oscar/communication/emails/commtype_<code>_{subject.txt,body.txt,
  body.html}`` (the body templates extend ``base.txt`` / ``base.html``) with the context the
  sending view builds, then removes newlines from the subject; ``Dispatcher.send_email_messages``
  sends the text body with the HTML body as an alternative (``EmailMultiAlternatives``),
  From ``OSCAR_FROM_EMAIL``. The templates are run here by Django 5.2's own template engine,
  with ``src/oscar/templatetags/url_tags.py`` and ``currency_filters.py`` taken from the
  snapshot as tag libraries (``OSCAR_URL_SCHEMA`` http, Babel's ``format_currency`` in the
  active locale) and the snapshot's compiled catalogues ``src/oscar/locale/<lang>/LC_MESSAGES/
  django.mo`` as ``LOCALE_PATHS`` (``translation.activate(lang)``, as Oscar's locale middleware
  does for a visitor's language). Mails: ``ORDER_PLACED`` (``checkout/mixins.py``
  ``get_message_context``: order, its lines, ``status_path`` of ``customer:order`` for a
  signed-in customer), ``PASSWORD_RESET`` (``customer/forms.py``: ``reset_url`` of
  ``password-reset-confirm`` with the uid and a Django token), ``PASSWORD_CHANGED`` and
  ``EMAIL_CHANGED`` (``customer/views.py``), ``REGISTRATION`` (``customer/utils.py``; its body
  is one line) and ``PRODUCT_ALERT`` (``customer/alerts/utils.py``, ``hurry`` true). All are
  notices (a reset link, no code): null. Languages are the ones whose catalogue translates the
  mail's strings (order placed: one string of ten, the closing "The team", is untranslated in
  it, ja, pt_BR and uk and stays English there, as Django's gettext falls back).

- innocommerce/innoshop (OSL-3.0, with the project's notice in ``LICENSE.txt`` that the
  licence file, copyright notices and plugin marketplace be kept), a Laravel shop. The
  customer's password-reset mail (``front/src/Services/AccountService::sendVerifyCode``: a
  code ``mt_rand(100000, 999999)``, six digits, sent through ``Customer::notifyForgotten`` /
  ``common/src/Notifications/ForgottenNotification`` as ``front/src/Mail/ForgottenMail``) and
  the welcome mail (``RegistrationMail``, a notice). Each Mailable renders its Blade view
  (``front/resources/views/mails/{forgotten,registration}.blade.php`` extending
  ``layouts/mail.blade.php``) as HTML only, and sets no subject, so Laravel's
  ``Mailable::buildSubject`` gives the class name as words ("Forgotten Mail",
  "Registration Mail"), untranslated. The Blade is run by a small renderer below that does
  what Blade's compiler and ``PhpEngine`` do with these files: ``{{ }}`` echoes escaped with
  ``htmlspecialchars`` (ENT_QUOTES) keeping the newline after them, the newline after
  ``@section``/``@endsection``/``@yield`` eaten by PHP, the child's section put at
  ``@yield('content')``, the output left-trimmed. ``__()`` reads ``lang/<locale>/front/
  mail.php`` and ``front/forgotten.php`` (``:name`` replaced); the locale is the visitor's
  front locale, which also prefixes ``front_route`` URLs. Store name "Lotus Market", URL
  https://shop.lotus.example, logo ``images/logo.png``; From ``system_setting('email')`` and
  ``config('app.name')``. The code is also in the button's link; the mail shows it as text to
  type into the reset form: labelled. Languages: the catalogues that translate the mail
  (``km`` ships the English strings and is left out).

- yclas/yclas (GPL-3.0), Yclas (formerly Open Classifieds), a classified-ads marketplace in
  Kohana PHP, at its last commit. Its mails are rows of the ``content`` table that
  ``install/samples/install.sql.php`` installs (English rows with the column default locale
  ``en_UK``, translated rows for ``ca_ES cs_CZ da_DK in_ID ml_IN no_NO pl_PL ro_RO sk_SK``);
  ``Model_Content::get_by_title`` takes the row of the current locale. The row text is read
  here as PHP (double-quoted string: ``\\n`` is a newline) and then MySQL (``''`` is ``'``)
  read it. ``Email::content`` (``oc/classes/email.php``) adds ``[SITE.NAME]``,
  ``[SITE.URL]``, ``[USER.NAME]``, ``[USER.EMAIL]`` to the caller's replacements, makes every
  ``[URL.*]`` value an anchor whose text is the URL's host, and ``str_replace``s title and
  body; ``Email::send`` turns newlines into ``<br />`` (``Text::nl2br``) and renders the view
  ``themes/default/views/email.php`` (run here by a small renderer of its PHP tags: the
  preheader ``Text::limit_chars(strip_tags(title.' '.content), 75, NULL, TRUE)`` of
  ``oc/kohana/system/classes/Kohana/Text.php``, the ``d-m-y`` date of the installed
  ``general.date_format``, the logo block left out as the default theme has no
  ``logo_url``, ``__('Unsubscribe')`` from ``languages/<locale>/LC_MESSAGES/messages.mo``, the
  newline after each ``?>`` eaten as PHP does). ``Email::phpmailer`` hands it to PHPMailer
  6.1.8's ``msgHTML`` (``oc/vendor/php-mailer/phpmailer.php``), which also makes the text
  part with ``html2text``: head removed, ``strip_tags``, ``trim``, entities decoded. From is
  ``email.notify_email`` / ``notify_name``. Mails: ``auth-register`` (``Model_User::
  create_email``: a user made from an e-mail address when someone posts an ad or writes
  without an account, with ``Text::random('alnum', 8)`` as password, shown to log in with),
  ``auth-verify-email`` (the same with a verification link, when users must verify),
  ``password-changed`` (``controller/panel/user.php``: the password an administrator typed
  for the user) — all labelled with the password — and, null, ``auth-remember`` (a reset
  link), ``ads-activated`` (``controller/panel/ad.php``: an ad approved) and ``new-order``
  (``cron/ad.php``: the receipt with a checkout link, English only). The quick-login link ``[URL.QL]`` is ``oc-panel/auth/ql/<token>``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import struct
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OSCAR_REPO = "django-oscar/django-oscar"
OSCAR_COMMIT = "cdbfc4412c87dd9037d62b04755780b76490373c"
ROUND = "round23"
NAME = "shops"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():  # a snapshot with a work tree
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def write(item: dict[str, Any], raw: bytes) -> dict[str, Any]:
    path = HERE / item["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    return item


def item(
    *,
    source: str,
    group: str,
    lang: str,
    kind: str,
    code: str | None,
    repository: str,
    path: str,
    commit: str,
    licence: str,
    rendered: str,
    note: str | None = None,
) -> dict[str, Any]:
    ident = f"{group}-{lang}"
    out: dict[str, Any] = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": f"mail/{source}/{ident}.eml",
    }
    if note:
        out["note"] = note
    return out


# ---------------------------------------------------------------------------------------
# django-oscar

OSCAR_EMAILS = "src/oscar/templates/oscar/communication/emails/"
OSCAR_LANGS = {  # Oscar's locale folder -> BCP 47
    "en": "en",
    "de": "de",
    "fr": "fr",
    "nl": "nl",
    "it": "it",
    "ja": "ja",
    "pt_BR": "pt-BR",
}
OSCAR_EVENTS = {  # event code -> languages
    "order_placed": list(OSCAR_LANGS),
    "password_reset": list(OSCAR_LANGS),
    "password_changed": list(OSCAR_LANGS),
    "email_changed": list(OSCAR_LANGS),
    "registration": ["en"],
    "product_alert": ["en", "de", "fr"],
}


def _oscar_setup(mirrors: Path, tmp: Path) -> None:
    sys.path.insert(0, "/tmp/djlib")
    templates = tmp / "templates" / "oscar" / "communication" / "emails"
    templates.mkdir(parents=True)
    names = ["base.html", "base.txt"] + [
        f"commtype_{event}_{part}"
        for event in OSCAR_EVENTS
        for part in ("subject.txt", "body.txt", "body.html")
    ]
    for name in names:
        (templates / name).write_bytes(
            git_show(mirrors, OSCAR_REPO, OSCAR_COMMIT, OSCAR_EMAILS + name)
        )
    tags = tmp / "oscartags"
    tags.mkdir()
    (tags / "__init__.py").write_text("")
    for lib in ("url_tags", "currency_filters"):
        (tags / f"{lib}.py").write_bytes(
            git_show(mirrors, OSCAR_REPO, OSCAR_COMMIT, f"src/oscar/templatetags/{lib}.py")
        )
    for folder in OSCAR_LANGS:
        mo = tmp / "locale" / folder / "LC_MESSAGES" / "django.mo"
        mo.parent.mkdir(parents=True)
        mo.write_bytes(
            git_show(
                mirrors,
                OSCAR_REPO,
                OSCAR_COMMIT,
                f"src/oscar/locale/{folder}/LC_MESSAGES/django.mo",
            )
        )
    sys.path.insert(0, str(tmp))
    import django
    from django.conf import settings

    settings.configure(
        USE_I18N=True,
        LANGUAGE_CODE="en",
        LOCALE_PATHS=[str(tmp / "locale")],
        INSTALLED_APPS=[],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [str(tmp / "templates")],
                "OPTIONS": {
                    "libraries": {
                        "url_tags": "oscartags.url_tags",
                        "currency_filters": "oscartags.currency_filters",
                    }
                },
            }
        ],
        OSCAR_URL_SCHEMA="http",  # oscar/defaults.py
        OSCAR_DEFAULT_CURRENCY="GBP",
        OSCAR_CURRENCY_FORMAT=None,
    )
    django.setup()


class _Lines(list):
    def all(self) -> list:  # order.lines.all in the template
        return self


def _oscar_context(event: str) -> dict[str, Any]:
    site = SimpleNamespace(name="Fernhill Books", domain="shop.fernhill.example")
    user = SimpleNamespace(get_short_name="Noor", email="noor.tester@example.com")
    reset_url = "/password-reset/confirm/MTI4/cg9xke-5f0a3b7c21e94d68a1b2c3d4e5f60718/"
    if event == "order_placed":
        order = SimpleNamespace(
            number="100217",
            currency="EUR",
            lines=_Lines(
                [
                    SimpleNamespace(
                        title="The Long Way to a Small, Angry Planet",
                        quantity=1,
                        line_price_incl_tax=Decimal("14.99"),
                    ),
                    SimpleNamespace(
                        title="Field Notes Pocket Notebook (3-pack)",
                        quantity=2,
                        line_price_incl_tax=Decimal("25.00"),
                    ),
                ]
            ),
            basket_total_incl_tax=Decimal("39.99"),
            shipping_incl_tax=Decimal("4.95"),
            total_incl_tax=Decimal("44.94"),
            shipping_address=SimpleNamespace(
                active_address_fields=[
                    "Ms Noor Tester",
                    "Lindenstraße 12",
                    "Berlin",
                    "10969",
                    "Germany",
                ]
            ),
        )
        path = "/accounts/orders/100217/"
        return {
            "user": user,
            "order": order,
            "lines": order.lines,
            "site": site,
            "status_path": path,
            "status_url": f"http://{site.domain}{path}",
        }
    if event == "email_changed":
        return {
            "user": user,
            "site": site,
            "reset_url": reset_url,
            "new_email": "noor.t@example.net",
        }
    if event in ("password_reset", "password_changed"):
        return {"user": user, "site": site, "reset_url": reset_url}
    if event == "product_alert":
        product = SimpleNamespace(
            get_title="Moleskine Classic Notebook, Large, Ruled",
            get_absolute_url="/catalogue/moleskine-classic-notebook_57/",
        )
        return {"alert": SimpleNamespace(user=user, product=product), "hurry": True, "site": site}
    return {"user": user, "site": site}


def oscar(mirrors: Path) -> list[dict[str, Any]]:
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        _oscar_setup(mirrors, Path(tmp))
        from django.template.loader import get_template
        from django.utils import translation

        for event, langs in OSCAR_EVENTS.items():
            for folder in langs:
                lang = OSCAR_LANGS[folder]
                with translation.override(folder.replace("_", "-").lower()):
                    ctx = _oscar_context(event)
                    ctx["static_base_url"] = None
                    parts = {
                        part: get_template(
                            f"oscar/communication/emails/commtype_{event}_{part}"
                        ).render(ctx)
                        for part in ("subject.txt", "body.txt", "body.html")
                    }
                subject = parts["subject.txt"].replace("\n", "").replace("\r", "")
                raw = message(
                    sender="shop@fernhill.example",
                    subject=subject,
                    text=parts["body.txt"],
                    html_part=parts["body.html"] or None,
                    sent=datetime(2026, 12, 4, 10, 12, 5, tzinfo=UTC),
                )
                files = [
                    f"{OSCAR_EMAILS}commtype_{event}_{p}"
                    for p in ("subject.txt", "body.txt", "body.html")
                ]
                if event != "registration" and event != "product_alert":
                    files += [OSCAR_EMAILS + "base.txt", OSCAR_EMAILS + "base.html"]
                elif event == "product_alert":
                    files += [OSCAR_EMAILS + "base.html"]
                files.append(f"src/oscar/locale/{folder}/LC_MESSAGES/django.mo")
                it = item(
                    source="oscar",
                    group=f"oscar-{event.replace('_', '-')}",
                    lang=lang,
                    kind="shop-order" if event == "order_placed" else "notice",
                    code=None,
                    repository=OSCAR_REPO,
                    path=", ".join(files),
                    commit=OSCAR_COMMIT,
                    licence="BSD-3-Clause",
                    rendered="Django 5.2 template engine with Oscar's url_tags/currency_filters "
                    "and compiled catalogue; subject newlines removed; text/plain + text/html",
                )
                items.append(write(it, raw))
    return items


# ---------------------------------------------------------------------------------------
# InnoShop

INNO_REPO = "innocommerce/innoshop"
INNO_COMMIT = "d01e4449eae6e1ddcf3d4f5e508e0fbdb29ca4f2"
INNO_VIEWS = "innopacks/front/resources/views/"
INNO_FORGOTTEN = [
    "en",
    "de",
    "es",
    "fr",
    "it",
    "nl",
    "pt-br",
    "ru",
    "tr",
    "ar",
    "ja",
    "ko",
    "zh-cn",
    "vi",
]
INNO_REGISTRATION = ["en", "de", "fr", "es", "zh-cn"]
INNO_BCP47 = {"pt-br": "pt-BR", "zh-cn": "zh-CN"}
INNO_URL = "https://shop.lotus.example"


def php_lang(src: str) -> dict[str, str]:
    """The ``'key' => 'value'`` pairs of a flat Laravel language file (single or double
    quotes, with PHP's escapes for them)."""
    out = {}
    pattern = r"""'(\w+)'\s*=>\s*('((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")"""
    for m in re.finditer(pattern, src):
        if m.group(3) is not None:
            out[m.group(1)] = re.sub(r"\\([\\'])", r"\1", m.group(3))
        else:
            out[m.group(1)] = re.sub(r'\\(["\\$])', r"\1", m.group(4))
    return out


def php_e(value: str) -> str:
    """Laravel's ``e()``: htmlspecialchars with ENT_QUOTES, double encoding."""
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


def blade(child: str, layout: str, values: dict[str, str]) -> str:
    """Render a child view that extends the layout with one ``content`` section."""

    def echo(src: str) -> str:
        def one(m: re.Match) -> str:
            return php_e(values[m.group(1).strip()])

        return re.sub(r"\{\{(.*?)\}\}", one, src, flags=re.S)

    start = child.index("@section('content')") + len("@section('content')")
    if child[start] == "\n":
        start += 1
    section = echo(child[start : child.index("@endsection")])
    marker = "@yield('content')"
    at = layout.index(marker)
    rest = layout[at + len(marker) :]
    if rest.startswith("\n"):
        rest = rest[1:]
    return (echo(layout[:at]) + section + echo(rest)).lstrip()


def innoshop(mirrors: Path) -> list[dict[str, Any]]:
    def show(path: str) -> str:
        return git_show(mirrors, INNO_REPO, INNO_COMMIT, path).decode()

    layout = show(INNO_VIEWS + "layouts/mail.blade.php")
    items = []
    for view, langs in (("forgotten", INNO_FORGOTTEN), ("registration", INNO_REGISTRATION)):
        child = show(INNO_VIEWS + f"mails/{view}.blade.php")
        for locale in langs:
            mail = php_lang(show(f"lang/{locale}/front/mail.php"))
            forgotten = php_lang(show(f"lang/{locale}/front/forgotten.php"))
            code = six_digits(f"innoshop-{view}-{locale}")
            email = "noor.tester@example.com"
            values = {
                "front_route('home.index')": f"{INNO_URL}/{locale}",
                "image_origin(system_setting('front_logo'))": f"{INNO_URL}/images/logo.png",
                "config('app.name')": "Lotus Market",
                "date('Y')": "2026",
                "__('front/mail.retrieve_password_title')": mail["retrieve_password_title"],
                "__('front/mail.retrieve_password_text')": mail["retrieve_password_text"],
                "__('front/forgotten.verification_code')": forgotten["verification_code"],
                "$code": code,
                "$is_admin ? panel_route('forgotten.index') : front_route('forgotten.index')": f"{INNO_URL}/{locale}/forgotten",
                "$email": email,
                "__('front/mail.retrieve_password_btn')": mail["retrieve_password_btn"],
                "__('front/mail.welcome_register')": mail["welcome_register"],
                "__('front/mail.customer_name', ['name' => $customer->name])": mail[
                    "customer_name"
                ].replace(":name", "Noor Tester"),
                "__('front/mail.register_end')": mail["register_end"],
                "config('app.url')": INNO_URL,
                "__('front/mail.btn_buy_now')": mail["btn_buy_now"],
            }
            html_part = blade(child, layout, values)
            raw = message(
                sender="Lotus Market <service@lotus.example>",
                subject="Forgotten Mail" if view == "forgotten" else "Registration Mail",
                text=None,
                html_part=html_part,
                sent=datetime(2026, 12, 4, 11, 3, 41, tzinfo=UTC),
            )
            files = [
                f"{INNO_VIEWS}mails/{view}.blade.php",
                INNO_VIEWS + "layouts/mail.blade.php",
                f"lang/{locale}/front/mail.php",
            ]
            if view == "forgotten":
                files += [
                    f"lang/{locale}/front/forgotten.php",
                    "innopacks/front/src/Services/AccountService.php",
                    "innopacks/front/src/Mail/ForgottenMail.php",
                ]
            else:
                files.append("innopacks/front/src/Mail/RegistrationMail.php")
            it = item(
                source="innoshop",
                group=f"innoshop-{view}",
                lang=INNO_BCP47.get(locale, locale),
                kind="shop-otp" if view == "forgotten" else "notice",
                code=code if view == "forgotten" else None,
                repository=INNO_REPO,
                path=", ".join(files),
                commit=INNO_COMMIT,
                licence="OSL-3.0",
                rendered="Blade view and layout by a small renderer of Blade's echo/section/yield "
                "rules with the locale's language file; Laravel's class-name subject; text/html only",
            )
            items.append(write(it, raw))
    return items


# ---------------------------------------------------------------------------------------
# Yclas

YCLAS_REPO = "yclas/yclas"
YCLAS_COMMIT = "e4b5f2c0ec936ceab339c402449c8b93cfea60d7"
YCLAS_SQL = "install/samples/install.sql.php"
YCLAS_VIEW = "themes/default/views/email.php"
YCLAS_URL = "https://bazaar.example/"
YCLAS_SITE = "Bazaar Central"
YCLAS_BCP47 = {
    "en_UK": "en-GB",
    "ca_ES": "ca",
    "cs_CZ": "cs",
    "da_DK": "da",
    "in_ID": "id",
    "ml_IN": "ml",
    "no_NO": "no",
    "pl_PL": "pl",
    "ro_RO": "ro",
    "sk_SK": "sk",
}
YCLAS_MAILS = {  # seotitle -> locales
    "auth-register": list(YCLAS_BCP47),
    "auth-verify-email": ["en_UK"],
    "password-changed": ["en_UK"],
    "auth-remember": ["en_UK", "ca_ES", "pl_PL", "ro_RO"],
    "ads-activated": ["en_UK", "ca_ES", "cs_CZ", "pl_PL", "ro_RO"],
    "new-order": ["en_UK"],
}
YCLAS_PASSWORDS = {  # Text::random('alnum', 8) for each new user; the admin's typed one
    "auth-register-en_UK": "q7RfM2xa",
    "auth-register-ca_ES": "Kd4pW9nT",
    "auth-register-cs_CZ": "b3XvL8sQ",
    "auth-register-da_DK": "Zm6tR2cY",
    "auth-register-in_ID": "h9NqE4wJ",
    "auth-register-ml_IN": "P2gkU7fD",
    "auth-register-no_NO": "t5HbV3mZ",
    "auth-register-pl_PL": "W8xnC6rA",
    "auth-register-ro_RO": "e4JsY9kG",
    "auth-register-sk_SK": "R7dfQ2vM",
    "auth-verify-email-en_UK": "n6TzK3pB",
    "password-changed-en_UK": "Tulip!Garden84",
}
PHP_WS = " \t\n\r\x0b\f"
GLUED = (
    "the text part (PHPMailer's html2text strips the <br /> tags without a newline) runs "
    "the password into the next sentence's first word; the HTML part shows it on its own line"
)
YCLAS_NOTES = {
    "auth-register": "a generated password to log in with; " + GLUED,
    "auth-verify-email": "a generated password to log in with once the link is followed; " + GLUED,
    "password-changed": "the password an administrator typed for the user, given to log in "
    "with; " + GLUED,
}


def yclas_rows(php: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(locale, seotitle) -> (title, description) of the e-mail rows of install.sql.php."""

    def php_dq(text: str) -> str:  # the PHP double-quoted string around the SQL
        return re.sub(r'\\([n"\\$])', lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), text)

    def sql(text: str) -> str:  # a MySQL single-quoted literal
        text = re.sub(
            r"\\(.)",
            lambda m: {"n": "\n", "r": "\r", "t": "\t"}.get(m.group(1), m.group(1)),
            text,
            flags=re.S,
        )
        return text.replace("''", "'")

    rows = {}
    lit = r"'((?:[^'\\]|''|\\.)*)'"
    for m in re.finditer(
        r"^\((?:0|\d+, '(\w\w_\w\w)', 0), " + lit + r", '([\w-]+)', " + lit, php, flags=re.M
    ):
        locale = m.group(1) or "en_UK"
        rows[(locale, m.group(3))] = (sql(php_dq(m.group(2))), sql(php_dq(m.group(4))))
    return rows


def mo_lookup(mo: bytes, msgid: str) -> str:
    """The translation of one message in a compiled gettext catalogue (UTF-8 bytes, as PHP
    prints them; some of Yclas's catalogues have no charset header), or the message itself."""
    order = "<" if mo[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack(order + "3I", mo[8:20])
    for i in range(count):
        length, offset = struct.unpack(order + "2I", mo[originals + 8 * i : originals + 8 * i + 8])
        if mo[offset : offset + length] == msgid.encode():
            length, offset = struct.unpack(
                order + "2I", mo[translations + 8 * i : translations + 8 * i + 8]
            )
            return mo[offset : offset + length].decode() or msgid
    return msgid


def limit_chars(text: str, limit: int) -> str:
    """Kohana's ``Text::limit_chars($str, $limit, NULL, TRUE)``."""
    if text.strip(PHP_WS + "\0") == "" or len(text) <= limit:
        return text
    m = re.match(rf"^.{{0,{limit}}}[ \t\n\x0b\f\r]", text, flags=re.S)
    if not m:
        return "…"
    return m.group(0).rstrip(" \t\n\r\0\x0b") + ("" if len(m.group(0)) == len(text) else "…")


def strip_tags(text: str) -> str:
    return re.sub(r"<!--.*?-->|<[^>]*>", "", text, flags=re.S)


def php_view(view: str, values: dict[str, str]) -> str:
    """The ``<?=...?>`` tags of the view replaced by their values; the logo block, whose
    condition is false, left out; the newline after each ``?>`` eaten, as PHP does."""
    view = re.sub(
        r"<\?if \(Theme::get\('logo_url'\)!=''\):\?>.*?<\?endif\?>\n?", "", view, flags=re.S
    )
    return re.sub(r"<\?=(.*?)\?>\n?", lambda m: values[m.group(1)], view, flags=re.S)


def yclas(mirrors: Path) -> list[dict[str, Any]]:
    def show(path: str) -> bytes:
        return git_show(mirrors, YCLAS_REPO, YCLAS_COMMIT, path)

    rows = yclas_rows(show(YCLAS_SQL).decode())
    view = show(YCLAS_VIEW).decode()
    sent = datetime(2026, 12, 4, 9, 27, 50, tzinfo=UTC)
    items = []
    for seotitle, locales in YCLAS_MAILS.items():
        for locale in locales:
            title, description = rows[(locale, seotitle)]
            mo = f"languages/{locale}/LC_MESSAGES/messages.mo"
            unsubscribe = mo_lookup(show(mo), "Unsubscribe")
            password = YCLAS_PASSWORDS.get(f"{seotitle}-{locale}")
            replace: dict[str, str] = {}
            if seotitle == "auth-remember":
                replace["[URL.QL]"] = (
                    YCLAS_URL + "oc-panel/auth/ql/Uk5mT0pLeFd2cGJ0Q0FkSlZuN2xQZz09OmZn"
                )
            elif seotitle == "ads-activated":  # controller/panel/ad.php
                replace = {
                    "[USER.OWNER]": "Noor Tester",
                    "[URL.QL]": YCLAS_URL + "oc-panel/auth/ql/TXpGb2VrOHhWM0pCY0dsUVpYUXdaejA5OmI1",
                    "[AD.NAME]": "Vintage oak dining table",
                }
            elif seotitle == "new-order":  # cron/ad.php
                replace = {
                    "[ORDER.ID]": "1843",
                    "[ORDER.DESC]": "Vintage oak dining table",
                    "[URL.CHECKOUT]": YCLAS_URL + "oc-panel/auth/ql/"
                    "VjJGaU9UUmxOMlZtWmpGak5qRTBNZz09OmMy",
                }
            else:
                replace["[USER.PWD]"] = password or ""
                if seotitle != "password-changed":
                    replace["[URL.QL]"] = (
                        YCLAS_URL + "oc-panel/auth/ql/ZHlQc2F4VmZrM2JYTjFtR2hQcTQ5QT09OmQ3"
                    )
            for key, value in {
                "[SITE.NAME]": YCLAS_SITE,
                "[SITE.URL]": YCLAS_URL,
                "[USER.NAME]": "Noor Tester",
                "[USER.EMAIL]": "noor.tester@example.com",
            }.items():
                replace.setdefault(key, value)
            for key, value in replace.items():
                if key.startswith("[URL.") or (key == "[SITE.URL]" and value != ""):
                    host = re.match(r"https?://([^/:]+)", value).group(1)
                    replace[key] = f'<a href="{value}">{host}</a>'
            subject, body = title, description
            for key, value in replace.items():
                subject = subject.replace(key, value)
                body = body.replace(key, value)
            for nl in ("\\r\\n", "\r\\n", "r\\n", "\r\n", "\n", "\r"):
                body = body.replace(nl, "<br />")
            values = {
                "Kohana::$charset": "utf-8",
                "$title": subject,
                "Text::limit_chars(strip_tags($title.' '.$content), 75, NULL, TRUE)": limit_chars(
                    strip_tags(subject + " " + body), 75
                ),
                "date(core::config('general.date_format'))": sent.strftime("%d-%m-%y"),
                "core::config('general.base_url')": YCLAS_URL,
                "HTML::chars(core::config('general.site_name'))": php_e(YCLAS_SITE),
                "core::config('general.site_name')": YCLAS_SITE,
                "$content": body,
                "date('Y')": "2026",
                "$unsubscribe_link": YCLAS_URL + "oc-panel/auth/unsubscribe/"
                "SWJnZk5vY3h2T0ZqMmRZcE1rWnlNQT09OmE0",
                "__('Unsubscribe')": unsubscribe,
            }
            page = php_view(view, values)
            text = html.unescape(
                strip_tags(
                    re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", page, flags=re.S | re.I)
                ).strip(PHP_WS + "\0")
            )
            raw = message(
                sender=f"{YCLAS_SITE} <noreply@bazaar.example>",
                subject=subject,
                text=text,
                html_part=page,
                sent=sent,
            )
            lang = YCLAS_BCP47[locale]
            it = item(
                source="yclas",
                group=f"yclas-{seotitle}",
                lang=lang,
                kind={
                    "auth-remember": "notice",
                    "ads-activated": "notice",
                    "new-order": "shop-order",
                }.get(seotitle, "shop-otp"),
                code=password,
                repository=YCLAS_REPO,
                path=", ".join(
                    [
                        YCLAS_SQL,
                        "oc/classes/email.php",
                        YCLAS_VIEW,
                        mo,
                        "oc/vendor/php-mailer/phpmailer.php",
                    ]
                ),
                commit=YCLAS_COMMIT,
                licence="GPL-3.0-only",
                rendered="install.sql.php content row, Email::content replacements and nl2br, "
                "default theme's email view by a small PHP-tag renderer; PHPMailer msgHTML "
                "text/plain (html2text) + text/html",
                note=YCLAS_NOTES.get(seotitle),
            )
            items.append(write(it, raw))
    return items


def six_digits(seed: str) -> str:
    """A six-digit code fixed by the item's name (100000-999999, as ``mt_rand`` gives)."""
    return str(100000 + int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 900000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = oscar(args.mirrors)
    items += innoshop(args.mirrors)
    items += yclas(args.mirrors)
    out = HERE / ROUND / f"{NAME}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "mails,", sum(1 for i in items if i["code"]), "with a code")


if __name__ == "__main__":
    main()
