"""Round 28, shop (blind): Juntagrico, the open-source management platform of Swiss
community-supported-agriculture co-operatives (vegetable-box subscriptions fetched at
pickup depots, paid for with co-operative shares), its member mails in the seven
languages it ships, rendered by Django itself; Unchained, the Swiss headless e-commerce
engine (account and order mails); OTOBO, the help-desk ticket system (customer-portal and
agent password mails); all from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_shop.py \\
        --mirrors /work/.mirror

Needs Django 5.2 (juntagrico's ``pyproject.toml`` pins ``Django~=5.2.3``); if the venv
lacks it: ``/work/main/.venv/bin/python -m pip install --target /tmp/r28shop-pydeps
django==5.2.8`` (the collector puts that directory on ``sys.path``).

- juntagrico/juntagrico (LGPL-3.0-only: LICENCE.txt is the LGPL-3.0 text, pyproject.toml
  says "GNU Lesser General Public License v3 (LGPLv3)", no "or later" notice), commit
  JUNTAGRICO_COMMIT. ``juntagrico/mailer/membernotification.py`` sends the member mails:
  ``welcome`` (a new member, with the password ``Member.set_password`` made),
  ``welcome_co_member`` (``co_welcome`` for a new co-subscriber, with the password;
  ``co_added`` when the person was already a member), ``shares_created`` (the share
  payment request, with the bank connection), ``email_confirmation`` and ``depot_changed``
  (the pickup depot of the subscription changed). Each renders ``Config.emails(key)``
  (``juntagrico/config.py``: ``mails/member/member_welcome.txt``, ``co_member_welcome.txt``,
  ``co_member_added.txt``, ``share_created.txt``, ``email_confirm.txt``,
  ``depot_changed.txt``, all extending ``mails/email.txt`` with
  ``juntagrico/mails/signature.txt``) with ``get_template(...).render(base_dict(...))``
  (``juntagrico/mailer/__init__.py``; ``serverurl`` is ``Config.url_protocol()`` plus the
  Site's domain), and ``EmailSender`` builds a Django ``EmailMultiAlternatives`` with that
  text as its only body (one text/plain part; no HTML is attached for these mails) after
  ``trim_newlines`` (the regex there, then ``strip``). Subjects are the ``gettext`` strings
  of membernotification.py (``Willkommen bei {0}`` with ``enriched_organisation('D')``;
  ``organisation_subject`` puts "<organisation name> - " in front of the others); From is
  ``Config.contacts(...)`` (all default to ``INFO_EMAIL``).
  Rendering here: the ``juntagrico`` directory of the snapshot is extracted with ``git
  archive`` into a temporary directory and put on ``sys.path``; Django is configured with
  its templates directory, its ``locale`` directory (the ``.mo`` catalogues it ships: de,
  the source language, and en, es, fr, it, nl, pt; nl and pt translate almost none of
  these strings, so their mails are the German ones and are left out; the others leave
  some lines German, as sent), its real ``juntagrico.config`` tag
  library (``juntagrico/templatetags/juntagrico/config.py``, which reads the settings
  through ``juntagrico.config.Config``) and a URLconf with the two routes the templates
  reverse, copied from ``juntagrico/urls.py`` (``my/confirm/<str:member_hash>/`` named
  ``confirm``). The settings of an example co-operative (name, address, bank connection,
  website, e-mail, server URL, bylaws and regulations links) are set as a deployment sets
  them. Models are stood in for by small objects giving the attributes the templates read:
  ``Member.__str__`` is ``get_name()`` (first and last name), ``get_hash()`` is
  ``sha1(email + pk)`` as in ``juntagrico/entity/member.py``, ``Depot.pickup_display`` is
  computed as in ``juntagrico/entity/depot.py`` (weekday label of
  ``juntagrico/util/temporal.py`` translated, ``date(time, 'H:i')``, ``gettext('bis')``,
  end time), ``Location.address`` as in ``entity/location.py``, the depot contact an
  ``EmailContact`` (its ``__str__`` is the address). Passwords are 8 characters of A-Z0-9,
  the shape of ``make_password`` (``juntagrico/util/users.py``). The mail is then built by
  Django's own ``EmailMultiAlternatives.message()`` (its MIME classes and header encoding),
  with Date and Message-ID given as headers so every run writes the same bytes.
  Labels: the welcome and co-member welcome mails give the generated password to log in
  with ("Passwort: ..."), labelled; the co-member-added notice, the share payment request
  (share numbers, amount, IBAN, postal account, ZIP), the e-mail confirmation (link only)
  and the depot change (pickup depot, address, times) are notices.
- unchainedshop/unchained (EUPL-1.2: ``license`` is the EUPL 1.2 text, package.json
  "EUPL-1.2"), commit UNCHAINED_COMMIT. ``packages/platform/src/templates/
  resolveAccountActionTemplate.ts`` builds the account mails from ``emailConfig[action]
  [user language]`` (en, de, fr; fr is a copy of the English text, verify-email is English
  for all three, so those copies are not repeated here; the password-changed entry keyed
  ``''`` is never sent, ``if (!token || !action) return [];``) and ``buildTextTemplate``;
  ``resolveOrderConfirmationTemplate.ts``, ``resolveOrderRejectionTemplate.ts`` and
  ``resolveForwardDeliveryTemplate.ts`` (the new order sent on to the shop's own address by
  the send-message delivery provider) wrap ``order-parser/index.ts``
  (``transformOrderToText``: prices by ``ch.priceToString``, ``CHF `` plus cents / 100 as
  JavaScript prints the number; addresses by ``ch.addressToString``; the order date by
  ``toLocaleString()``, here as Node 20 prints it in en-US with TZ=UTC; payment and delivery
  shown as the providers' adapter keys ``shop.unchained.invoice`` and
  ``shop.unchained.post``). The text goes to nodemailer as ``text`` only (one text/plain
  part, ``packages/plugins/src/worker/email/adapter.ts``). Rendering here: the template
  literals are read from the TypeScript sources (escapes read, ``${...}`` filled with the
  values the code computes) and the mail built with the corpus helper ``collect.message``.
  Values: EMAIL_WEBSITE_NAME / URL / FROM of an example bicycle shop, the token a
  ``crypto.randomUUID()`` (``core-users``), the order number six characters of the Hashids
  alphabet ``generateRandomHash`` uses (``packages/utils/src/generate-random-hash.ts``),
  two positions, delivery fee and 8.1 % VAT. All eight are notices (tokens only in links;
  the order number is a reference).
- RotherOSS/otobo (GPL-3.0-or-later: LICENSE is the GPL-3.0 text, the sources say "either
  version 3 of the License, or (at your option) any later version"), commit OTOBO_COMMIT.
  The customer portal (``Kernel/System/Web/InterfaceCustomer.pm``) and the agent interface
  (``Kernel/System/Web/InterfaceAgent.pm``) send the SysConfig defaults of
  ``Kernel/Config/Files/XML/Framework.xml`` (``CustomerPanelSubject/BodyNewAccount``,
  ``...LostPasswordToken``, ``...LostPassword``, ``NotificationSubject/Body
  LostPasswordToken``, ``...LostPassword``; English only, the values are not translated)
  with ``Email->Send(MimeType => 'text/plain')``, From the default ``AdminEmail``
  (``support@<OTOBO_CONFIG_FQDN>``). Rendering here: the value is the ``Item`` text as the
  XML loader keeps it (trailing newline and indentation before ``</Item>`` included),
  ``<OTOBO_CONFIG_X>`` replaced by the setting X as ``Kernel/Config/Defaults.pm`` does
  (HttpType https, the default ScriptAlias ``otobo/``, an example FQDN), then the user's
  ``<OTOBO_Key>`` tags replaced case-insensitively in sorted key order as the interface
  modules do; the mail built with ``collect.message``. Passwords are 8 characters of
  0-9A-Za-z (``GenerateRandomPassword`` -> ``Main::GenerateRandomString``), tokens 14
  (customer) and 15 (agent) characters. Labels: the self-registration mail (user name and
  generated password), the customer's and the agent's new-password mails carry the
  password; the two reset requests carry the token only inside the link.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import types
from datetime import UTC, datetime, time, timedelta
from email.utils import format_datetime
from pathlib import Path

from collect import HERE

sys.path.insert(1, "/tmp/r28shop-pydeps")  # pip install --target /tmp/r28shop-pydeps django==5.2.8

SENT = datetime(2026, 12, 5, 7, 42, tzinfo=UTC)
OUT = HERE / "round28" / "shop.json"
TO = "noor.tester@example.com"

JUNTAGRICO = "juntagrico/juntagrico"
JUNTAGRICO_COMMIT = "018bb26dda32ac0f47bc9642daad3f20be7e4d48"
JUNTAGRICO_LANGS = ["de", "en", "es", "fr", "it"]
JUNTAGRICO_DOMAIN = "my.radiesli.example.ch"
JUNTAGRICO_SETTINGS = dict(
    ORGANISATION_NAME="Radiesli",
    ORGANISATION_LONG_NAME="Radiesli Gemüsekooperative",
    ORGANISATION_ADDRESS={
        "name": "Genossenschaft Radiesli",
        "street": "Hofweg",
        "number": "7",
        "zip": "3074",
        "city": "Muri bei Bern",
        "extra": "",
    },
    ORGANISATION_PHONE="031 555 18 40",
    ORGANISATION_WEBSITE={
        "name": "www.radiesli.example.ch",
        "url": "https://www.radiesli.example.ch",
    },
    ORGANISATION_BANK_CONNECTION={
        "PC": "30-745812-4",
        "IBAN": "CH32 0900 0000 3074 5812 4",
        "BIC": "POFICHBEXXX",
        "NAME": "PostFinance AG",
    },
    SHARE_PRICE="250",
    CURRENCY="CHF",
    INFO_EMAIL="info@radiesli.example.ch",
    SERVER_URL=JUNTAGRICO_DOMAIN,
    URL_PROTOCOL="https://",
    BYLAWS="https://www.radiesli.example.ch/docs/statuten.pdf",
    BUSINESS_REGULATIONS="https://www.radiesli.example.ch/docs/betriebsreglement.pdf",
)
WELCOME_PASSWORD = "7RKQ4ZTW"
CO_WELCOME_PASSWORD = "M3XH8PDA"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def git_extract(mirrors: Path, repo: str, commit: str, tree: str, target: Path) -> None:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    archive = subprocess.run(
        ["git", "--git-dir", str(git_dir), "archive", "--format=tar", commit, tree],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")


# --- Juntagrico --------------------------------------------------------------------------


class Obj:
    def __init__(self, text: str = "", **attrs):
        self._text = text
        self.__dict__.update(attrs)

    def __str__(self) -> str:
        return self._text


def setup_django(root: Path) -> None:
    import django
    from django.conf import settings
    from django.urls import path

    urls = types.ModuleType("r28shop_urls")

    def view(request, **kwargs):  # never called: only reversed
        raise NotImplementedError

    urls.urlpatterns = [  # juntagrico/urls.py
        path("my/confirm/<str:member_hash>/", view, name="confirm"),
        path("my/jobs/<int:job_id>/", view, name="job"),
    ]
    sys.modules["r28shop_urls"] = urls
    settings.configure(
        DEBUG=False,
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.sites"],
        DATABASES={},
        SITE_ID=1,
        USE_I18N=True,
        USE_TZ=True,
        TIME_ZONE="Europe/Zurich",
        LANGUAGE_CODE="de",
        LANGUAGES=[(code, code) for code in JUNTAGRICO_LANGS],
        LOCALE_PATHS=[str(root / "juntagrico" / "locale")],
        ROOT_URLCONF="r28shop_urls",
        DEFAULT_CHARSET="utf-8",
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [str(root / "juntagrico" / "templates")],
                "OPTIONS": {
                    "libraries": {
                        "juntagrico.config": "juntagrico.templatetags.juntagrico.config",
                    },
                },
            }
        ],
        **JUNTAGRICO_SETTINGS,
    )
    django.setup()


def trim_newlines(text: str) -> str:  # juntagrico/mailer/__init__.py EmailSender
    return re.sub(r"((?:\r?\n|\r){,2})(?:\r?\n|\r)*", r"\1", text).strip()


def pickup_display(weekday: int, start: time, duration: float) -> str:
    """Depot.pickup_display (juntagrico/entity/depot.py) for a depot with these values."""
    from django.template.defaultfilters import date
    from django.utils.translation import gettext

    labels = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    parts = [gettext(labels[weekday - 1])]  # weekday_choices, juntagrico/util/temporal.py
    if start and start > time.min:
        parts.append(date(start, "H:i"))
    if duration:
        start_date = datetime.strptime("1970 1 " + str(weekday), "%Y %W %w")
        end_time = datetime.combine(start_date, start or time.min) + timedelta(hours=duration)
        display_format = []
        if end_time.time() > time.min:
            display_format.append("H:i")
        else:
            end_time -= timedelta(1)
        if end_time.isoweekday() != weekday:
            display_format.insert(0, "l")
        if display_format:
            parts.append(gettext("bis"))
            parts.append(date(end_time, " ".join(display_format)))
    return " ".join(parts)


def juntagrico(mirrors: Path) -> list[tuple[dict, bytes]]:
    mailer = git_show(mirrors, JUNTAGRICO, JUNTAGRICO_COMMIT, "juntagrico/mailer/__init__.py")
    notes = git_show(
        mirrors, JUNTAGRICO, JUNTAGRICO_COMMIT, "juntagrico/mailer/membernotification.py"
    )
    users = git_show(mirrors, JUNTAGRICO, JUNTAGRICO_COMMIT, "juntagrico/util/users.py")
    member_py = git_show(mirrors, JUNTAGRICO, JUNTAGRICO_COMMIT, "juntagrico/entity/member.py")
    for piece in (
        "return re.sub(r'((?:\\r?\\n|\\r){,2})(?:\\r?\\n|\\r)*', r'\\1', text).strip()",
        "add['serverurl'] = Config.url_protocol() + Site.objects.get_current().domain",
        "return Config.organisation_name() + ' - ' + subject",
        "kwargs.setdefault(\"from_email\", Config.contacts('general'))",
    ):
        assert piece in mailer, piece
    for piece in (
        "_('Willkommen bei {0}').format(enriched_organisation('D'))",
        "get_email_content('co_welcome' if new else 'co_added', base_dict(locals()))",
        "organisation_subject(_('Dein neuer Anteilschein'))",
        "organisation_subject(_('E-Mail-Adresse bestätigen'))",
        "organisation_subject(_('{} geändert').format(Config.vocabulary('depot')))",
    ):
        assert piece in notes, piece
    assert "def make_password(size=8, chars=string.ascii_uppercase + string.digits):" in users
    assert "hashlib.sha1((str(self.email) + str(self.pk)).encode('utf8')).hexdigest()" in member_py
    for password in (WELCOME_PASSWORD, CO_WELCOME_PASSWORD):
        assert len(password) == 8 and re.fullmatch(r"[A-Z0-9]{8}", password)

    tmp = Path(tempfile.mkdtemp(prefix="r28shop-juntagrico-"))
    git_extract(mirrors, JUNTAGRICO, JUNTAGRICO_COMMIT, "juntagrico", tmp)
    sys.path.insert(0, str(tmp))
    setup_django(tmp)

    from django.core.mail import EmailMultiAlternatives
    from django.template.loader import get_template
    from django.utils import translation
    from django.utils.translation import gettext as _
    from juntagrico.config import Config
    from juntagrico.util.organisation_name import enriched_organisation

    serverurl = Config.url_protocol() + JUNTAGRICO_DOMAIN  # base_dict (Site domain)

    def member(first: str, last: str, email: str, pk: int) -> Obj:
        digest = hashlib.sha1((email + str(pk)).encode("utf8")).hexdigest()
        return Obj(f"{first} {last}", email=email, pk=pk, get_hash=lambda: digest)

    reader = member("Noor", "Tester", TO, 412)
    primary = member("Jonas", "Keller", "jonas.keller@example.net", 377)
    sub = Obj(primary_member=primary)

    def depot_sub() -> Obj:
        location = Obj(address="Lorrainestrasse 12, 3013 Bern")
        depot = Obj(
            "412 Lorraine",
            name="Lorraine",
            location=location,
            pickup_display=pickup_display(4, time(17, 0), 2.5),
            contacts=[Obj("depot-lorraine@radiesli.example.ch")],
            description="<p>Im Hinterhof links, die Taschen stehen im Kühlraum.</p>",
        )
        return Obj(depot=depot, primary_member=reader)

    mails = [
        (
            "welcome",
            "member-welcome",
            lambda: _("Willkommen bei {0}").format(enriched_organisation("D")),
            lambda: {"member": reader, "password": WELCOME_PASSWORD},
            WELCOME_PASSWORD,
            "shop-otp",
            "the new member's login data: e-mail and the generated password (make_password)",
        ),
        (
            "co_welcome",
            "co-member-welcome",
            lambda: _("Willkommen bei {0}").format(enriched_organisation("D")),
            lambda: {
                "co_member": Obj(
                    str(reader), email=TO, get_hash=reader.get_hash, usable_shares_count=1
                ),
                "password": CO_WELCOME_PASSWORD,
                "new_shares": 1,
                "sub": sub,
                "new": True,
            },
            CO_WELCOME_PASSWORD,
            "shop-otp",
            "the new co-subscriber's login data: e-mail and the generated password",
        ),
        (
            "co_added",
            "co-member-added",
            lambda: _("Willkommen bei {0}").format(enriched_organisation("D")),
            lambda: {
                "co_member": reader,
                "password": None,
                "new_shares": 1,
                "sub": sub,
                "new": False,
            },
            None,
            "notice",
            "an existing member added to a subscription; no login data",
        ),
        (
            "s_created",
            "share-created",
            lambda: Config.organisation_name() + " - " + _("Dein neuer Anteilschein"),
            lambda: {"member": reader, "shares": [Obj(id=1184), Obj(id=1185)], "total": 500},
            None,
            "invoice",
            "payment request for two shares: share numbers, amount, IBAN, postal account and "
            "address are references, not codes",
        ),
        (
            "confirm",
            "email-confirm",
            lambda: Config.organisation_name() + " - " + _("E-Mail-Adresse bestätigen"),
            lambda: {"hash": reader.get_hash()},
            None,
            "notice",
            "the confirmation hash is only inside the link",
        ),
        (
            "d_changed",
            "depot-changed",
            lambda: (
                Config.organisation_name()
                + " - "
                + _("{} geändert").format(Config.vocabulary("depot"))
            ),
            lambda: {"subscription": depot_sub()},
            None,
            "shop-order",
            "the pickup depot changed: depot name, address, pickup day and times",
        ),
    ]
    out = []
    for key, slug, subject_of, values_of, code, kind, note in mails:
        template = Config.emails(key)
        for lang in JUNTAGRICO_LANGS:
            with translation.override(lang):
                values = values_of()
                values["serverurl"] = serverurl
                body = get_template(template).render(values)
                subject = subject_of()
            email = EmailMultiAlternatives(
                subject,
                trim_newlines(body),
                from_email=Config.contacts("general"),
                to=[TO],
                headers={"Date": format_datetime(SENT), "Message-ID": "<corpus@mail.example>"},
            )
            raw = email.message().as_bytes(linesep="\r\n")
            if code is not None:
                assert code in raw.decode("utf-8"), (slug, lang)
            meta = dict(
                id=f"juntagrico-{slug}-{lang}",
                source="juntagrico",
                lang=lang,
                kind=kind,
                code=code,
                repository=JUNTAGRICO,
                path=f"juntagrico/templates/{template}, juntagrico/templates/mails/email.txt, "
                "juntagrico/templates/juntagrico/mails/signature.txt, "
                "juntagrico/mailer/membernotification.py, juntagrico/mailer/__init__.py, "
                f"juntagrico/locale/{lang}/LC_MESSAGES/django.mo",
                commit=JUNTAGRICO_COMMIT,
                licence="LGPL-3.0-only",
                rendered="Django 5.2 get_template().render() of the snapshot's template with "
                "its locale catalogues and juntagrico.config tags, EmailSender.trim_newlines, "
                "Django EmailMultiAlternatives.message(): one text/plain part",
                note=note
                + (
                    f"; strings the {lang} catalogue leaves untranslated stay German, as "
                    "Django sends them"
                    if lang != "de"
                    else ""
                ),
            )
            out.append((meta, raw))
    return out


# --- Unchained ---------------------------------------------------------------------------

UNCHAINED = "unchainedshop/unchained"
UNCHAINED_COMMIT = "39fd45a84c58ba0746cd1d1255a78f5efa7c2503"
UNCHAINED_ENV = {
    "EMAIL_WEBSITE_NAME": "Velohaus Bern",
    "EMAIL_WEBSITE_URL": "https://shop.velohaus.example.ch",
    "EMAIL_FROM": "shop@velohaus.example.ch",
}
UNCHAINED_TOKEN = "3f9c2a71-5b0e-4d8a-9e64-c1f7d2b85a03"  # crypto.randomUUID()
UNCHAINED_ORDER_NUMBER = "K7WQ3P"  # generateRandomHash: Hashids, min 6 of A-Z minus O, 2-9
UNCHAINED_ORDERED = "12/3/2026, 2:14:09 PM"  # new Date(...).toLocaleString(): Node, en-US, UTC


def js_literal(source: str, start: str, end: str = "`") -> str:
    """The template literal that follows ``start`` in a TypeScript source, its escapes read."""
    begin = source.index(start) + len(start)
    text = source[begin : source.index(end, begin)]
    return text.replace("\\n", "\n")


def js_fill(literal: str, values: dict[str, str]) -> str:
    def sub(match: re.Match) -> str:
        return values[match.group(1)]

    return re.sub(r"\$\{([^}]+)\}", sub, literal)


def js_number(value: float) -> str:
    """A JavaScript number as String() writes it (integral values without a point)."""
    return str(int(value)) if value == int(value) else repr(value)


def unchained(mirrors: Path) -> list[tuple[dict, bytes]]:
    from collect import message

    show = lambda p: git_show(mirrors, UNCHAINED, UNCHAINED_COMMIT, p)  # noqa: E731
    base = "packages/platform/src/templates/"
    action_path = base + "resolveAccountActionTemplate.ts"
    action_src = show(action_path)
    env = UNCHAINED_ENV
    assert "if (!token || !action) return [];" in action_src
    assert "from: EMAIL_FROM || 'noreply@unchained.local'," in action_src
    url_section = js_literal(action_src, "const urlSection = url\n    ? `")
    assert js_literal(action_src, "return `") == "  ${message}${urlSection}"

    def action_texts(action: str, lang: str) -> dict[str, str]:
        block = action_src[action_src.index(f"  '{action}': {{") :]
        if action == "verify-email":
            block = action_src[action_src.index("const verifyEmailEnglishConfig = {") :]
        else:
            block = block[block.index(f"    {lang}: {{") :]
        block = block[: block.index("},")]
        out = {}
        for key in ("buttonText", "message", "subject"):
            m = re.search(key + r": (['`])(.*?)\1,", block, re.S)
            out[key] = js_fill(m.group(2).replace("\\n", "\n"), env)
        return out

    url_of = {
        "enroll-account": f"{env['EMAIL_WEBSITE_URL']}/enroll-account?token={UNCHAINED_TOKEN}",
        "reset-password": f"{env['EMAIL_WEBSITE_URL']}/reset-password?token={UNCHAINED_TOKEN}",
        "verify-email": f"{env['EMAIL_WEBSITE_URL']}/verify-email?token={UNCHAINED_TOKEN}",
    }
    out = []
    for action, langs, note in (
        (
            "enroll-account",
            ["en", "de"],
            "an account set up by the shop; the token is only inside the link",
        ),
        ("reset-password", ["en", "de"], "the reset token is only inside the link"),
        (
            "verify-email",
            ["en"],
            "the verification token is only inside the link (de and fr "
            "users get the same English text)",
        ),
    ):
        for lang in langs:
            t = action_texts(action, lang)
            url_text = js_fill(url_section, {"buttonText": t["buttonText"], "url": url_of[action]})
            text = "  " + t["message"] + url_text
            raw = message(
                sender=env["EMAIL_FROM"],
                subject=t["subject"],
                text=text,
                html_part=None,
                sent=SENT,
            )
            out.append(
                (
                    dict(
                        id=f"unchained-{action}-{lang}",
                        source="unchained",
                        lang=lang,
                        kind="notice",
                        code=None,
                        repository=UNCHAINED,
                        path=action_path + ", packages/plugins/src/worker/email/adapter.ts",
                        commit=UNCHAINED_COMMIT,
                        licence="EUPL-1.2",
                        rendered="resolveAccountActionTemplate: emailConfig[action][language] "
                        "and buildTextTemplate (template literals read from the source); "
                        "nodemailer text only: one text/plain part",
                        note=note,
                    ),
                    raw,
                )
            )

    # orders: packages/platform/src/templates/order-parser/*.ts, packages/utils/src/ch/*.ts
    parser_src = show(base + "order-parser/index.ts")
    assert "const orderDate = new Date(order.ordered!).toLocaleString();" in parser_src
    price_src = show("packages/utils/src/ch/priceToString.ts")
    assert (
        "const fixedPrice = amount / 100;\n  return `${currencyCode} ${fixedPrice}`;" in price_src
    )
    address_src = show("packages/utils/src/ch/addressToString.ts")
    assert ".filter(Boolean)\n    .join('\\n');" in address_src

    def price(cents: int) -> str:  # ch.priceToString
        return f"CHF {js_number(cents / 100)}"

    def address(a: dict) -> str:  # ch.addressToString
        rows = [
            " ".join(x for x in (a.get("firstName"), a.get("lastName")) if x),
            a.get("company"),
            a.get("addressLine"),
            a.get("addressLine2"),
            " ".join(x for x in (a.get("postalCode"), a.get("city")) if x),
            a.get("regionCode"),
            a.get("countryCode"),
        ]
        return "\n".join(r for r in rows if r)

    billing = {
        "firstName": "Noor",
        "lastName": "Tester",
        "addressLine": "Monbijoustrasse 41",
        "postalCode": "3011",
        "city": "Bern",
        "countryCode": "CH",
    }
    delivery_address = {**billing, "addressLine": "Breitenrainplatz 26", "postalCode": "3014"}
    positions = [(1, "Allroad MIPS helmet", 12990), (2, "Inner tube 700x28-32 Presta", 1780)]
    items, delivery_fee, payment_fee = sum(p[2] for p in positions), 900, 0
    gross = items + delivery_fee + payment_fee
    taxes = round(gross - gross / 1.081)  # 8.1 % Swiss VAT included
    positions_text = "\n".join(f"  {q}x {title} {price(total)}" for q, title, total in positions)
    subtotal_text = f"  Subtotal {price(items)}\n" if items else ""
    delivery_text = f"  Delivery {price(delivery_fee)}\n" if delivery_fee else ""
    payment_text = f"  Payment {price(payment_fee)}\n" if payment_fee else ""
    total_line = f"  {'─' * 50}\n  Order Total {price(gross)}"
    taxes_text = f"\n  (incl. VAT {price(taxes)})" if taxes else ""
    for piece in (
        "`  ${pos.quantity}x ${pos.productTexts.title} ${pos.total}`",
        "`  Subtotal ${summary.prices.items}\\n`",
        "`  Delivery ${summary.prices.delivery}\\n`",
        "`  ${'─'.repeat(50)}\\n  Order Total ${summary.prices.gross}`",
        "`\\n  (incl. VAT ${summary.prices.taxes})`",
    ):
        assert piece in parser_src, piece
    details = js_fill(
        js_literal(parser_src, "  return `"),
        {
            "orderNumber": UNCHAINED_ORDER_NUMBER,
            "orderDate": UNCHAINED_ORDERED,
            "summary.delivery": "shop.unchained.post",
            "summary.deliveryAddress": address(delivery_address),
            "summary.payment": "shop.unchained.invoice",
            "summary.billingAddress": address(billing),
            "positionsText": positions_text,
            "subtotalText": subtotal_text,
            "deliveryFeesText": delivery_text,
            "paymentFeesText": payment_text,
            "totalLine": total_line,
            "taxesText": taxes_text,
        },
    )
    orders = [
        (
            "resolveOrderConfirmationTemplate.ts",
            "order-confirmation",
            f"Order {UNCHAINED_ORDER_NUMBER}",
            TO,
            "shop-order",
            "order confirmation: the order number (a random 6-character Hashids value) is a "
            "reference, not a code",
        ),
        (
            "resolveOrderRejectionTemplate.ts",
            "order-rejection",
            f"Order rejected {UNCHAINED_ORDER_NUMBER}",
            TO,
            "shop-order",
            "order rejected: order number, prices and addresses only",
        ),
        (
            "resolveForwardDeliveryTemplate.ts",
            "forward-delivery",
            f"{env['EMAIL_WEBSITE_NAME']} Order {UNCHAINED_ORDER_NUMBER}",
            "orders@velohaus.example.ch",
            "shop-order",
            "the new order forwarded to the shop's fulfilment address (send-message delivery "
            "provider config 'to'); order number and prices only",
        ),
    ]
    for file, slug, subject, to, kind, note in orders:
        src = show(base + file)
        assert (
            f"const subject = `{subject.replace(UNCHAINED_ORDER_NUMBER, '${order.orderNumber}').replace(env['EMAIL_WEBSITE_NAME'], '${EMAIL_WEBSITE_NAME}')}`;"
            in src
        )
        text = js_fill(
            js_literal(src, "const text = `"),
            {"orderDetails": details, **env},
        )
        raw = message(
            sender=f"{env['EMAIL_WEBSITE_NAME']} <{env['EMAIL_FROM']}>",
            subject=subject,
            text=text,
            html_part=None,
            sent=SENT,
        )
        if to != TO:
            raw = raw.replace(f"To: {TO}".encode(), f"To: {to}".encode(), 1)
        out.append(
            (
                dict(
                    id=f"unchained-{slug}-en",
                    source="unchained",
                    lang="en",
                    kind=kind,
                    code=None,
                    repository=UNCHAINED,
                    path=f"{base}{file}, {base}order-parser/index.ts, "
                    "packages/utils/src/ch/priceToString.ts, "
                    "packages/utils/src/ch/addressToString.ts, "
                    "packages/plugins/src/worker/email/adapter.ts",
                    commit=UNCHAINED_COMMIT,
                    licence="EUPL-1.2",
                    rendered="the resolver's text literal with transformOrderToText's literal "
                    "(read from the source) filled as the code fills them; nodemailer text "
                    "only: one text/plain part",
                    note=note,
                ),
                raw,
            )
        )
    return out


# --- OTOBO -------------------------------------------------------------------------------

OTOBO = "RotherOSS/otobo"
OTOBO_COMMIT = "9f0e4d921d0b6458275e68e50ebb882ac48a9261"
OTOBO_CONFIG = {
    "HttpType": "https",
    "FQDN": "helpdesk.velohaus.example.ch",
    "ScriptAlias": "otobo/",
}
OTOBO_CUSTOMER_PASSWORD = "q4Rk8TzW"  # GenerateRandomString(Length => 8): 0-9, A-Z, a-z
OTOBO_CUSTOMER_NEWPW = "Hb3mX9cL"
OTOBO_AGENT_NEWPW = "7uVd2KpN"
OTOBO_CUSTOMER_TOKEN = "c8LqT2wZ5rNk0V"  # CustomerUser TokenGenerate: 14 characters
OTOBO_AGENT_TOKEN = "X3fW9pQm7Ls2DaK"  # User TokenGenerate: 15 characters


def otobo(mirrors: Path) -> list[tuple[dict, bytes]]:
    import xml.etree.ElementTree as ET

    from collect import message

    show = lambda p: git_show(mirrors, OTOBO, OTOBO_COMMIT, p)  # noqa: E731
    xml_path = "Kernel/Config/Files/XML/Framework.xml"
    root = ET.fromstring(show(xml_path).encode("utf-8"))

    def setting(name: str) -> str:
        node = root.find(f"./Setting[@Name='{name}']/Value/Item")
        return node.text

    defaults = show("Kernel/Config/Defaults.pm")
    assert r"$Self->{$Key} =~ s/\<OTOBO_CONFIG_(.+?)\>/$Self->{$1}/g;" in defaults
    assert "$Self->{AdminEmail} = 'support@<OTOBO_CONFIG_FQDN>';" in defaults
    main_pm = show("Kernel/System/Main.pm")
    assert "my @DictionaryChars = ( 0 .. 9, 'A' .. 'Z', 'a' .. 'z' );" in main_pm
    for pw in (OTOBO_CUSTOMER_PASSWORD, OTOBO_CUSTOMER_NEWPW, OTOBO_AGENT_NEWPW):
        assert re.fullmatch(r"[0-9A-Za-z]{8}", pw)
    customer_pm = "Kernel/System/Web/InterfaceCustomer.pm"
    agent_pm = "Kernel/System/Web/InterfaceAgent.pm"
    customer_src, agent_src = show(customer_pm), show(agent_pm)
    assert "$Body =~ s/<OTOBO_$_>/$GetParams{$_}/gi;" in customer_src
    assert "$GetParams{UserPassword} = $UserObject->GenerateRandomPassword();" in customer_src
    assert "$UserData{NewPW} = $UserObject->GenerateRandomPassword();" in agent_src
    assert "MimeType => 'text/plain'," in customer_src and "MimeType => 'text/plain'," in agent_src

    def config_replace(value: str) -> str:  # Kernel/Config/Defaults.pm, top-level strings
        return re.sub(r"<OTOBO_CONFIG_(.+?)>", lambda m: OTOBO_CONFIG[m.group(1)], value)

    def fill(body: str, data: dict[str, str]) -> str:  # for (sort keys) s/<OTOBO_$_>/.../gi
        for key in sorted(data):
            body = re.sub(f"<OTOBO_{re.escape(key)}>", lambda m, v=data[key]: v, body, flags=re.I)
        return body

    customer = {
        "UserFirstname": "Noor",
        "UserLastname": "Tester",
        "UserLogin": TO,
        "UserEmail": TO,
        "UserTitle": "",
    }
    agent = {
        "UserFirstname": "Noor",
        "UserLastname": "Tester",
        "UserLogin": "ntester",
        "UserEmail": TO,
    }
    mails = [
        (
            "customer-new-account",
            customer_pm,
            "CustomerPanelSubjectNewAccount",
            "CustomerPanelBodyNewAccount",
            {**customer, "UserPassword": OTOBO_CUSTOMER_PASSWORD},
            OTOBO_CUSTOMER_PASSWORD,
            "self-registration in the customer portal: user name and the generated password",
        ),
        (
            "customer-password-request",
            customer_pm,
            "CustomerPanelSubjectLostPasswordToken",
            "CustomerPanelBodyLostPasswordToken",
            {**customer, "Token": OTOBO_CUSTOMER_TOKEN},
            None,
            "the reset token is only inside the link",
        ),
        (
            "customer-new-password",
            customer_pm,
            "CustomerPanelSubjectLostPassword",
            "CustomerPanelBodyLostPassword",
            {**customer, "NewPW": OTOBO_CUSTOMER_NEWPW},
            OTOBO_CUSTOMER_NEWPW,
            "the new generated password after the reset link was followed",
        ),
        (
            "agent-password-request",
            agent_pm,
            "NotificationSubjectLostPasswordToken",
            "NotificationBodyLostPasswordToken",
            {**agent, "Token": OTOBO_AGENT_TOKEN},
            None,
            "the reset token is only inside the link",
        ),
        (
            "agent-new-password",
            agent_pm,
            "NotificationSubjectLostPassword",
            "NotificationBodyLostPassword",
            {**agent, "NewPW": OTOBO_AGENT_NEWPW},
            OTOBO_AGENT_NEWPW,
            "the agent's new generated password",
        ),
    ]
    out = []
    for slug, pm, subject_key, body_key, data, code, note in mails:
        subject = config_replace(setting(subject_key))
        body = fill(config_replace(setting(body_key)), data)
        raw = message(
            sender=f"support@{OTOBO_CONFIG['FQDN']}",
            subject=subject,
            text=body,
            html_part=None,
            sent=SENT,
        )
        out.append(
            (
                dict(
                    id=f"otobo-{slug}-en",
                    source="otobo",
                    lang="en",
                    kind="saas-otp" if code else "notice",
                    code=code,
                    repository=OTOBO,
                    path=f"{xml_path} ({subject_key}, {body_key}), {pm}, "
                    "Kernel/Config/Defaults.pm, Kernel/System/Email.pm",
                    commit=OTOBO_COMMIT,
                    licence="GPL-3.0-or-later",
                    rendered="the setting's default value as XML::Simple keeps it, "
                    "<OTOBO_CONFIG_*> replaced as Kernel::Config does, <OTOBO_*> user tags "
                    "replaced as the interface module does; Email->Send text/plain",
                    note=note,
                ),
                raw,
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (juntagrico, unchained, otobo):
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
