"""Round 31, shop2 (blind): Shuup, the Django e-commerce platform, its customer and staff mails
in the languages it ships, rendered by Django 2.2 and Jinja2 (django-jinja) from a git snapshot
at a pinned commit. Shuup sends no mail with a code: every mail here is a hard negative (order
numbers, prices, user names, a password line that gives no password, reset links).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_shop2.py \\
        --mirrors /work/.mirror

Needs a Python with Shuup's template stack, made under /tmp (Debian's python3.11; Shuup pins
Jinja2 2.8.1 and Babel 2.5.3, which no longer import on Python 3.11, so the nearest versions
that do are used)::

    /usr/bin/python3.11 -m venv /tmp/shuup-render
    /tmp/shuup-render/bin/pip install Django==2.2.28 Jinja2==2.11.3 MarkupSafe==1.1.1 \\
        django-jinja==2.5.0 Babel==2.9.1

(``--python`` names another interpreter). The collector extracts the templates and the
``.po`` catalogues with ``git archive`` into a temporary directory, compiles the catalogues
with Babel (``write_mo``, fuzzy entries left out as ``msgfmt`` and ``compilemessages`` do)
and runs the driver below there: Django's own translation machinery
(``LOCALE_PATHS`` = the ``shuup/core``, ``shuup/admin``, ``shuup/front`` catalogues, in the
order of ``INSTALLED_APPS`` in ``shuup_workbench/settings/base_settings.py``) and the
django-jinja backend with ``newstyle_gettext`` as that file configures it (its
``XthemeEnvironment`` only adds theme template lookup, not needed for these templates).

- shuup/shuup (OSL-3.0: ``LICENSE`` is the Open Software License 3.0 text), commit
  SHUUP_COMMIT. Mails:
  ``shuup/core/utils/users.py`` ``send_user_reset_password_email`` renders
  ``shuup/user/recover_password_mail_{subject,content}.jinja`` (front, ``RecoverPasswordForm``
  in ``shuup/core/utils/forms.py``) or ``shuup/admin/auth/...`` (admin, ``RequestPasswordForm``
  in ``shuup/admin/forms/_auth.py``) with ``site_name``, ``user_to_recover`` and
  ``recovery_url`` (``/recover-password/<uidb64>/<token>/``, the admin's under ``/sa/`` as the
  workbench mounts it; the token has the shape of Django 2.2's
  ``PasswordResetTokenGenerator``: base-36 time stamp, hyphen, 20 hex digits), subject
  lines joined, ``EmailMessage`` with ``SHUUP_AUTH_EMAIL_CONTENT_SUBTYPE = "plain"``, from
  ``DEFAULT_FROM_EMAIL``, in the language of the request;
  ``shuup/admin/modules/users/views/detail.py`` ``save_form`` sends
  ``NEW_USER_EMAIL_CONFIRMATION_TEMPLATE`` (lazy ``_``, so translated in the admin's language
  when sent, the literal read from the file here with ``ast``) ``% {first_name, shop_url,
  admin_url, username}`` with ``send_mail``; its subject is ``_("... `%s`." % shop_url)``,
  formatted before the lookup, so never translated; the body says "Your password: Please
  contact your admin." (no password given);
  ``shuup/front/apps/simple_order_notification/signal_handler.py`` renders the subject and
  body of ``templates.py`` through the ``jinja2`` engine under
  ``translation.override(order.language)`` (the text is English, the ``money`` filter,
  ``shuup/utils/i18n.py`` ``format_money``: Babel ``format_currency(value, currency,
  locale=Locale.parse(language, "-"), currency_digits=True)``, follows the order's language);
  ``shuup/front/notify_script_templates/generics.py`` ``OrderConfirmationEmailScriptTemplate``:
  the initial ``en-body`` is ``linebreaksbr`` of ``shuup/admin/content/data/
  order_confirmation.jinja`` rendered by the template loader (at import, in the default
  language ``en``), ``en-subject`` ``ORDER_CONFIRMATION["subject"]``
  (``shuup/testing/modules/content/data.py``); when the order is received
  ``shuup/notify/template.py`` renders both in a ``SandboxedEnvironment`` (no autoescape)
  and ``shuup/notify/actions/email.py`` ``SendEmail`` unescapes them (``html.unescape``) and
  sends ``content_type`` html (the script template's default; one part, text/html).
  The shipment-created script template is left out: its body closes ``{% for %}`` with
  ``{% endif %}``, a Jinja syntax error, so no mail goes out.
  Languages: those with catalogues in the snapshot that Django resolves (``de``, ``es``,
  ``fi``, ``fr-ca``, ``it``, ``ja``, ``pt-br``, ``pt-pt``, ``ru``, ``sv``, ``zh-hans``) and
  ``en``, a language left out where its catalogue lacks the text (the mail would be the
  English one again: the new-admin mail is translated only in de, es, fi, pt-pt, ru, the
  reset mails not in it, ja, pt-br); the
  order notice in four order languages (its text is the same, its prices not). Quantities
  print as Django gives a ``QuantityField`` with nine decimal places (``1.000000000``).
  Order identifiers are ``str(order.id)`` (``SHUUP_ORDER_IDENTIFIER_METHOD = "id"``).
  The mail is built with the corpus helper ``collect.message`` (Django's ``EmailMessage``
  sends one text/plain or text/html part, utf-8). Labels: all ``null`` (reset link, user
  name, order number, prices are not codes).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 6, 9, 41, tzinfo=UTC)
OUT = HERE / "round31" / "shop2.json"

SHUUP = "shuup/shuup"
SHUUP_COMMIT = "25f78cfe370109b9885b903e503faac295c7b7f2"
SHUUP_LICENCE = "OSL-3.0"
SHUUP_RENDERED = (
    "Django 2.2.28 + django-jinja 2.5.0 (Jinja2 2.11.3, Babel 2.9.1), Shuup's send code"
)
SHUUP_HOST = "https://shop.nordkapp-outdoor.example/"
SHUUP_SHOP = "Nordkapp Outdoor"
SHUUP_FROM = "no-reply@nordkapp-outdoor.example"

LANGS = ["en", "de", "es", "fi", "fr-ca", "it", "ja", "pt-br", "pt-pt", "ru", "sv", "zh-hans"]
ORDER_LANGS = ["en", "de", "fi", "ja"]
NAMES = {
    "en": ("Noor", "Tester"),
    "de": ("Noor", "Becker"),
    "es": ("Noor", "García"),
    "fi": ("Noor", "Virtanen"),
    "fr-ca": ("Noor", "Tremblay"),
    "it": ("Noor", "Rossi"),
    "ja": ("Noor", "Sato"),
    "pt-br": ("Noor", "Souza"),
    "pt-pt": ("Noor", "Ferreira"),
    "ru": ("Noor", "Ivanova"),
    "sv": ("Noor", "Lindqvist"),
    "zh-hans": ("Noor", "Wang"),
}
# OrderLine.quantity is a QuantityField (DecimalField, decimal_places=9): Decimal("1.000000000")
ONE, TWO = "1.000000000", "2.000000000"
CURRENCY = {"en": "USD", "de": "EUR", "fi": "EUR", "ja": "JPY"}

DRIVER = r"""
import html, json, sys
from decimal import Decimal
from pathlib import Path

import django
from django.conf import settings

root = Path(sys.argv[1])
jobs = json.loads(Path(sys.argv[2]).read_text())
settings.configure(
    USE_I18N=True,
    LANGUAGE_CODE="en",
    LANGUAGES=[(c, c) for c in jobs["langs"]],
    INSTALLED_APPS=[],
    LOCALE_PATHS=[str(root / p) for p in ("shuup/core/locale", "shuup/admin/locale", "shuup/front/locale")],
    TEMPLATES=[
        {
            "BACKEND": "django_jinja.backend.Jinja2",
            "DIRS": [str(root / "shuup/front/apps/auth/templates"), str(root / "shuup/admin/templates")],
            "APP_DIRS": False,
            "OPTIONS": {"match_extension": ".jinja", "newstyle_gettext": True},
            "NAME": "jinja2",
        }
    ],
)
django.setup()
from babel import Locale
from babel.numbers import format_currency
from django.template import engines, loader
from django.template.defaultfilters import linebreaksbr
from django.utils import translation
from jinja2.sandbox import SandboxedEnvironment

engine = engines["jinja2"]


def money(amount):  # shuup/utils/i18n.py format_money, no digits, no widen
    loc = Locale.parse(translation.get_language(), "-")
    return format_currency(amount.value, amount.currency, locale=loc, currency_digits=True)


engine.env.filters["money"] = money


class Money(Decimal):
    def __new__(cls, value, currency):
        self = Decimal.__new__(cls, value)
        self.currency = currency
        return self

    @property
    def value(self):
        return Decimal(self)


class User:
    def __init__(self, first, last, username):
        self.first_name, self.last_name, self.username = first, last, username

    def get_full_name(self):
        return ("%s %s" % (self.first_name, self.last_name)).strip()


class Line:
    def __init__(self, quantity, text, price, currency):
        self.quantity, self.text = Decimal(quantity), text
        self.taxful_price = Money(price, currency)


class Lines:
    def __init__(self, lines):
        self._lines = lines

    def all(self):
        return self._lines


class Order:
    def __init__(self, o):
        self.shop = o["shop"]
        self.identifier = o["identifier"]
        self.customer = o["customer"]
        self.lines = Lines([Line(q, t, p, o["currency"]) for q, t, p in o["lines"]])
        self.taxful_total_price = Money(o["total"], o["currency"])
        self.language = o["language"]
        self._paid = o["paid"]

    def is_paid(self):
        return self._paid


out = []
for job in jobs["jobs"]:
    if job["kind"] == "recover":
        user = User(*job["user"])
        context = {
            "site_name": job["site_name"],
            "uid": job["uid"],
            "user_to_recover": user,
            "token": job["token"],
            "recovery_url": job["recovery_url"],
        }
        bodies = []
        for lang in (job["lang"], "en"):
            with translation.override(lang):
                subject = loader.render_to_string(job["subject_template"], context)
                subject = "".join(subject.splitlines())
                bodies.append(loader.render_to_string(job["body_template"], context))
        translated = job["lang"] == "en" or bodies[0] != bodies[1]
        out.append({"subject": subject, "body": bodies[0], "translated": translated})
    elif job["kind"] == "newuser":
        bodies = []
        for lang in (job["lang"], "en"):
            with translation.override(lang):
                bodies.append(str(translation.gettext_lazy(job["msgid"])) % job["params"])
        translated = job["lang"] == "en" or bodies[0] != bodies[1]
        out.append({"subject": job["subject"], "body": bodies[0], "translated": translated})
    elif job["kind"] == "simple_order":
        order = Order(job["order"])
        with translation.override(order.language):
            env = {"order": order}
            subject = engine.from_string(job["subject_template"]).render(env)
            body = engine.from_string(job["body_template"]).render(env)
        out.append({"subject": subject, "body": body, "translated": True})
    elif job["kind"] == "notify_order":
        with translation.override("en"):
            stored_body = linebreaksbr(loader.get_template(job["body_template"]).render())
            stored_subject = str(translation.gettext_lazy(job["subject_msgid"]))
        order = Order(job["order"])
        sandbox = SandboxedEnvironment()
        subject = sandbox.from_string(stored_subject).render({"order": order})
        body = sandbox.from_string(str(stored_body)).render({"order": order})
        subject = " ".join(html.unescape(subject).splitlines())
        out.append({"subject": subject, "body": html.unescape(body), "translated": True})
print(json.dumps(out))
"""


def git_dir(mirrors: Path, repo: str) -> Path:
    return mirrors / repo.replace("/", "+") / "repo"


def git_show(mirrors: Path, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir(mirrors, SHUUP)), "show", f"{SHUUP_COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def git_extract(mirrors: Path, trees: list[str], target: Path) -> None:
    archive = subprocess.run(
        ["git", "--git-dir", str(git_dir(mirrors, SHUUP)), "archive", "--format=tar",
         SHUUP_COMMIT, *trees],
        check=True,
        capture_output=True,
    ).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")


def module_constant(source: str, name: str) -> str:
    """The string literal bound to ``name`` (inside ``_(...)`` or not) in a Python file."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
                return ast.literal_eval(value.func.value).strip()  # """...""".strip()
            if isinstance(value, ast.Call):  # _("...")
                value = value.args[0]
            return ast.literal_eval(value)
    raise KeyError(name)


def reset_token(seed: str) -> str:
    """Django 2.2 PasswordResetTokenGenerator shape: base-36 timestamp, '-', 20 hex digits."""
    return "5ykq-" + hashlib.sha256(seed.encode()).hexdigest()[:20]


def order_for(lang: str, number: int) -> dict:
    first, last = NAMES[lang]
    currency = CURRENCY[lang]
    if currency == "JPY":
        lines = [(ONE, "Trail Runner GTX", "16800"), (TWO, "Merino Socks (2-pack)", "3960")]
        lines.append((ONE, "Standard shipping", "800"))
        total = "21560"
    else:
        lines = [(ONE, "Trail Runner GTX", "139.90"), (TWO, "Merino Socks (2-pack)", "33.80")]
        lines.append((ONE, "Standard shipping", "6.90"))
        total = "180.60"
    return {
        "shop": SHUUP_SHOP,
        "identifier": str(number),
        "customer": f"{first} {last}",
        "lines": lines,
        "total": total,
        "currency": currency,
        "language": lang,
        "paid": False,
    }


def shuup(mirrors: Path, python: str) -> list[dict]:
    jobs: list[dict] = []
    meta: list[dict] = []
    auth = "shuup/front/apps/auth/templates/shuup/user/"
    admin_auth = "shuup/admin/templates/shuup/admin/auth/"
    for side, tpl_dir, base in (("front", auth, ""), ("admin", admin_auth, "sa/")):
        for lang in LANGS:
            item_id = f"shuup-recover-password-{side}-{lang}"
            first, last = NAMES[lang]
            token = reset_token(item_id)
            prefix = "shuup/user/" if side == "front" else "shuup/admin/auth/"
            jobs.append(
                {
                    "kind": "recover",
                    "lang": lang,
                    "user": [first, last, f"noor.{last.lower()}"],
                    "site_name": SHUUP_SHOP,
                    "uid": "MTQ3",
                    "token": token,
                    "recovery_url": f"{SHUUP_HOST}{base}recover-password/MTQ3/{token}/",
                    "subject_template": prefix + "recover_password_mail_subject.jinja",
                    "body_template": prefix + "recover_password_mail_content.jinja",
                }
            )
            meta.append(
                {
                    "id": item_id,
                    "group": f"shuup-recover-password-{side}",
                    "lang": lang,
                    "kind": "notice",
                    "path": tpl_dir + "recover_password_mail_content.jinja",
                    "html": False,
                    "note": "password reset: the reset link carries the token; no code to type",
                }
            )
    detail = git_show(mirrors, "shuup/admin/modules/users/views/detail.py")
    msgid = module_constant(detail, "NEW_USER_EMAIL_CONFIRMATION_TEMPLATE")
    for lang in LANGS:
        first, last = NAMES[lang]
        jobs.append(
            {
                "kind": "newuser",
                "lang": lang,
                "msgid": msgid,
                "params": {
                    "first_name": first,
                    "shop_url": SHUUP_HOST,
                    "admin_url": SHUUP_HOST + "sa/login/",
                    "username": f"noor.{last.lower()}",
                },
                "subject": f"You've been added as an admin user to `{SHUUP_HOST}`.",
            }
        )
        meta.append(
            {
                "id": f"shuup-new-admin-user-{lang}",
                "group": "shuup-new-admin-user",
                "lang": lang,
                "kind": "notice",
                "path": "shuup/admin/modules/users/views/detail.py",
                "html": False,
                "note": "the mail gives the user name; its password line says to ask the admin",
            }
        )
    templates = git_show(mirrors, "shuup/front/apps/simple_order_notification/templates.py")
    for n, lang in enumerate(ORDER_LANGS):
        jobs.append(
            {
                "kind": "simple_order",
                "order": order_for(lang, 1207 + n),
                "subject_template": module_constant(templates, "MESSAGE_SUBJECT_TEMPLATE"),
                "body_template": module_constant(templates, "MESSAGE_BODY_TEMPLATE"),
            }
        )
        meta.append(
            {
                "id": f"shuup-order-received-{lang}",
                "group": "shuup-order-received",
                "lang": lang,
                "kind": "shop-order",
                "path": "shuup/front/apps/simple_order_notification/templates.py",
                "html": False,
            }
        )
    data = git_show(mirrors, "shuup/testing/modules/content/data.py")
    subject_msgid = next(
        ast.literal_eval(kw.args[0] if isinstance(kw, ast.Call) else kw)
        for node in ast.walk(ast.parse(data))
        if isinstance(node, ast.Dict)
        for key, kw in zip(node.keys, node.values, strict=True)
        if isinstance(key, ast.Constant) and key.value == "subject"
    )
    jobs.append(
        {
            "kind": "notify_order",
            "order": order_for("en", 1211),
            "subject_msgid": subject_msgid,
            "body_template": "shuup/admin/content/data/order_confirmation.jinja",
        }
    )
    meta.append(
        {
            "id": "shuup-order-confirmation-en",
            "group": "shuup-order-confirmation",
            "lang": "en",
            "kind": "shop-order",
            "path": "shuup/admin/templates/shuup/admin/content/data/order_confirmation.jinja",
            "html": True,
        }
    )
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        git_extract(
            mirrors,
            [
                "shuup/core/locale",
                "shuup/admin/locale",
                "shuup/front/locale",
                "shuup/front/apps/auth/templates",
                "shuup/admin/templates/shuup/admin/auth",
                "shuup/admin/templates/shuup/admin/content/data",
            ],
            root / "shuup",
        )
        compile_mo = (
            "import sys\nfrom pathlib import Path\n"
            "from babel.messages.mofile import write_mo\n"
            "from babel.messages.pofile import read_po\n"
            "for po in sorted(Path(sys.argv[1]).glob('shuup/*/locale/*/LC_MESSAGES/django.po')):\n"
            "    with po.open('rb') as f:\n"
            "        cat = read_po(f)\n"
            "    with po.with_suffix('.mo').open('wb') as f:\n"
            "        write_mo(f, cat, use_fuzzy=False)\n"
        )
        subprocess.run([python, "-c", compile_mo, str(root / "shuup")], check=True)
        (root / "driver.py").write_text(DRIVER)
        (root / "jobs.json").write_text(json.dumps({"langs": LANGS, "jobs": jobs}))
        rendered = json.loads(
            subprocess.run(
                [python, str(root / "driver.py"), str(root / "shuup"), str(root / "jobs.json")],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
    items = []
    for m, out in zip(meta, rendered, strict=True):
        if not out["translated"]:
            continue  # the catalogue lacks the text: the mail is the English one again
        raw = message(
            sender=SHUUP_FROM,
            subject=out["subject"],
            text=None if m["html"] else out["body"],
            html_part=out["body"] if m["html"] else None,
            sent=SENT,
        )
        item = {
            "id": m["id"],
            "group": m["group"],
            "source": "shuup",
            "lang": m["lang"],
            "kind": m["kind"],
            "code": None,
            "repository": SHUUP,
            "path": m["path"],
            "commit": SHUUP_COMMIT,
            "licence": SHUUP_LICENCE,
            "rendered": SHUUP_RENDERED,
            "file": f"mail/shuup/{m['id']}.eml",
            "raw": raw,
        }
        if "note" in m:
            item["note"] = m["note"]
        items.append(item)
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--python", default="/tmp/shuup-render/bin/python")
    args = parser.parse_args()
    items = shuup(args.mirrors, args.python)
    out_items = []
    for item in items:
        raw = item.pop("raw")
        path = HERE / item["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item["sha256"] = hashlib.sha256(raw).hexdigest()
        note = item.pop("note", None)
        if note:
            item["note"] = note
        out_items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": out_items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(out_items)} mails, {sum(1 for i in out_items if i['code'])} with a code")


if __name__ == "__main__":
    main()
