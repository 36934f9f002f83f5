"""Round 24, public services (blind): sign-in codes and account notices from public-sector,
civic and NGO projects, rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_public.py \\
        --mirrors /work/.mirror

Senders (each rendered the way its own code builds the mail; nothing is run but git):

- ``opengovsg/askgov2`` (MIT, Open Government Products' licence text), AskGov, the Singapore
  Government's public question-and-answer service. ``backend/src/auth/auth.service.ts``
  ``generateOtp`` builds the officer's sign-in mail inline: subject ``One-Time Password
  (OTP) for AskGov``, from ``AskGov <admin@ask.gov.sg>``, an HTML-only body (Postmark
  ``HtmlBody``) from a template literal with ``${token}`` and ``${timeLeft}``. The token is
  otplib's ``totp`` (six digits); ``timeLeft`` is ``OTP_EXPIRY`` (default 300 s,
  ``backend/src/util/api-config.service.ts``) floored to minutes, i.e. 5. The literal is cut
  out of the source as written (its line breaks and indentation are sent as they are).
- ``Sunbird-RC/sunbird-rc-core`` (MIT), Sunbird Registries and Credentials, a digital public
  good used by Indian state bodies (this module was written for UPSMF, the Uttar Pradesh
  State Medical Faculty). ``java/user-management`` sends two FreeMarker templates with
  Spring's ``MimeMessageHelper`` (``setText(html, true)``): ``otp-verification-mail.ftl``
  (``MailService.generateMailContent``: ``signature`` ``UPSMF``, ``location`` empty, the OTP
  from ``OtpUtil`` ``ThreadLocalRandom.nextInt(100000, 999999)``, ``otpDuration`` and
  ``timeUnit`` from ``application.properties``: 10 and ``HOUR`` -> ``hours``) and
  ``user-creation-notification-mail.ftl`` (``loginLInk`` is ``custom.user.login.url`` of the
  shipped properties). Subjects and sender names come from ``application.properties``. The
  templates use only ``${name}`` interpolation, which this script fills as FreeMarker does
  (no auto-escaping in ``.ftl`` files; the values have no markup). The module was removed
  later, so the commit is the last one that has it. Spring wraps the HTML in a
  multipart/mixed + related container; here the same HTML is the single body part.
- ``nyaruka/rapidpro`` (UNICEF's RapidPro, the messaging platform NGOs and ministries run
  health and civic services on). Its ``LICENSE`` is the Business Source License 1.1 with
  Change Date 2026-01-01 and Change License GNU AGPL v3; the pinned commit (2025-12-19) was
  published under that text, so it is AGPL-3.0 now (later commits carry later change dates
  and are not used). ``temba/users/adapter.py`` ``send_mail`` hands allauth's mails to
  ``temba/utils/email/send.py`` ``EmailSender``: subject template rendered and joined on one
  line, text from ``<prefix>.txt`` (none exists for these mails, so Django sends an empty
  text part), HTML from ``<prefix>_message.html``, from the branding's notifications address
  ``support@rapidpro.io``; ``branding`` and ``now`` are added to the context. The templates
  (``templates/account/email/*``, ``templates/mfa/email/*``, ``templates/email_base.html``)
  are rendered by Django itself (5.2, installed with ``python3 -m venv /tmp/djv &&
  /tmp/djv/bin/pip install 'django>=5.1,<5.3' polib``; RapidPro pins 6.1, whose template
  language is the same here). The two template libraries they load are stubbed with the
  code they run (``format_datetime`` from ``temba/utils/templatetags/temba.py``; allauth's
  ``user_display``: no username field, so ``str(user)``, which ``temba/users/models.py``
  makes the name or else the address; a new sign-up has only the address). Codes are the
  shape of the allauth in ``poetry.lock`` (65.13.0, ``core/internal/cryptokit.py``
  ``generate_user_code``): six characters of A-Z and 0-9 without 0, O, I, 1, 8, B, 2, Z,
  A, E, U.
  Only English: the es/fr/pt_BR catalogues at this commit do not translate these mails yet.
- ``rahvaalgatus/rahvaalgatus`` (AGPL-3.0-or-later), Estonia's citizen-initiative portal.
  Mails are text-only (nodemailer, ``lib/emailer.js``, from ``config/defaults.json``
  ``email.from``); subject and body are ``lib/i18n/<lang>.json`` strings filled by
  ``lib/i18n.js`` (``{{x}}`` replaced; bodies get ``EMAIL_PROPS`` ``siteUrl``,
  ``facebookUrl``), as the controllers named in each item call them. Estonian and English
  where the controller uses the reader's language; the expiry notice of
  ``cli/initiatives_cli.js`` is Estonian only (bound to ``et``). Tokens are
  ``Crypto.randomBytes(12)`` in hex and only ever sit in links.
- ``opengovsg/reach-prototype`` and ``opengovsg/hfpg-data-jarvis`` (MIT), two Singapore
  public-sector services on Open Government Products' Next.js starter.
  ``src/server/modules/auth/email/email.router.ts`` sends the sign-in OTP through
  ``src/lib/mail.ts`` (Postman's transactional API or SendGrid, HTML only); its template
  literal is cut out of the source and filled: Reach's token is six digits
  (``randomInt``), Watson's (hfpg-data-jarvis) six characters of
  ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ`` after a three-letter prefix; the expiry is
  ``formatInTimeZone(..., 'Asia/Singapore', 'dd MMM yyyy, hh:mmaaa')`` of send time plus
  ``OTP_EXPIRY`` (600 s). The sender address is not in the repositories (an environment
  variable); Postman's ``donotreply@mail.postman.gov.sg`` stands for it, and Reach's host
  (``getBaseUrl()``) is given as ``reach.open.gov.sg``.
- ``BaseAdresseNationale/mes-adresses-api`` (MIT), the French State's tool with which
  communes (mairies) keep their local address base. ``libs/shared/src/params/mailer.params.ts``
  configures ``@nestjs-modules/mailer`` with ``new HandlebarsAdapter()`` and
  ``{strict: true}``; version 2.0.2 (``yarn.lock``) compiles ``email-templates/<name>.hbs``
  with Handlebars and then inlines the CSS with ``@css-inline/css-inline`` (0.14.1 in
  ``yarn.lock``). Both are run for real in node (``npm install handlebars@4.7.8
  @css-inline/css-inline@0.14.1`` into /tmp/banjs); subjects and contexts are the
  ``sendMail`` calls named in each item; ``editorUrl`` follows ``EDITOR_URL_PATTERN`` of
  ``.env.sample``, the token is ``generateToken(20)``'s shape (base62). ``SMTP_FROM`` is
  unset in the repository; ``adresse@data.gouv.fr`` stands for it. French only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

ROUND = HERE / "round24" / "public.json"
ITEMS: list[dict[str, Any]] = []


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def licence(repo: Path, commit: str, path: str, name: str) -> None:
    out = HERE / "LICENSES" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(show(repo, commit, path), encoding="utf-8")


def ftl(template: str, values: dict[str, str]) -> str:
    """FreeMarker ``${name}`` interpolation (the only construct these templates use)."""

    def sub(m: re.Match[str]) -> str:
        return values[m.group(1)]

    return re.sub(r"\$\{(\w+)\}", sub, template)


def add(
    *,
    source: str,
    ident: str,
    lang: str,
    kind: str,
    code: str | None,
    repository: str,
    paths: list[str],
    commit: str,
    spdx: str,
    rendered: str,
    raw: bytes,
    note: str | None = None,
) -> None:
    file = f"mail/{source}/{ident}.eml"
    out = HERE / file
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item: dict[str, Any] = {
        "id": ident,
        "group": ident.removesuffix("-" + lang),
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": ", ".join(paths),
        "commit": commit,
        "licence": spdx,
        "rendered": rendered,
        "file": file,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# opengovsg/askgov2

ASKGOV_COMMIT = "c6933cdcc687122c01b48b9fa3140306aea44f20"


def askgov(mirrors: Path) -> None:
    repo = mirrors / "opengovsg+askgov2" / "repo"
    licence(repo, ASKGOV_COMMIT, "LICENSE", "opengovsg+askgov2")
    path = "backend/src/auth/auth.service.ts"
    src = show(repo, ASKGOV_COMMIT, path)
    literal = re.search(r"const html = `(.*?)`", src, re.S).group(1)
    subject = re.search(r"Subject: '([^']*)'", src).group(1)
    sender = re.search(r"From: '([^']*)'", src).group(1)
    token = "604318"
    body = literal.replace("${token}", token).replace("${timeLeft}", "5")
    raw = message(
        sender=sender,
        subject=subject,
        text=None,
        html_part=body,
        sent=datetime(2026, 12, 4, 8, 12, 40, tzinfo=UTC),
    )
    add(
        source="askgov2",
        ident="askgov2-officer-otp-en",
        lang="en",
        kind="gov-otp",
        code=token,
        repository="opengovsg/askgov2",
        paths=[path, "backend/src/util/otp.service.ts", "backend/src/util/api-config.service.ts"],
        commit=ASKGOV_COMMIT,
        spdx="MIT",
        raw=raw,
        rendered="template literal of generateOtp cut from the source, ${token} and "
        "${timeLeft} filled; HTML-only body as Postmark sends HtmlBody",
    )


# ---------------------------------------------------------------------------------------
# Sunbird-RC/sunbird-rc-core (user-management)

SUNBIRD_COMMIT = "3f240856e58c94dd4e02595a6c78db4aa6b104d0"


def sunbird(mirrors: Path) -> None:
    repo = mirrors / "Sunbird-RC+sunbird-rc-core" / "repo"
    licence(repo, SUNBIRD_COMMIT, "LICENSE", "Sunbird-RC+sunbird-rc-core")
    base = "java/user-management/src/main/"
    props_path = base + "resources/application.properties"
    props = {}
    for line in show(repo, SUNBIRD_COMMIT, props_path).splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            props[key.strip()] = value.strip()
    service = base + "java/dev/sunbirdrc/service/MailService.java"
    rendered = (
        "FreeMarker ${name} interpolation over the .ftl with MailService's map and the "
        "shipped application.properties; HTML-only body"
    )

    otp_tpl = base + "resources/templates/otp-verification-mail.ftl"
    otp = "482951"
    html_part = ftl(
        show(repo, SUNBIRD_COMMIT, otp_tpl),
        {
            "userFirstName": "Priya",
            "userLastName": "Verma",
            "signature": "UPSMF",
            "location": "",
            "otp": otp,
            "otpDuration": props["otp.ttl.duration"],
            "timeUnit": {"HOUR": "hours", "MINUTE": "minutes", "SECOND": "seconds"}.get(
                props["otp.time.unit"], "days"
            ),
        },
    )
    raw = message(
        sender=f"{props['otp.mail.verification.personal.name']} "
        f"<{props['otp.mail.verification.from.address']}>",
        subject=props["otp.mail.verification.subject"],
        text=None,
        html_part=html_part,
        sent=datetime(2026, 12, 4, 8, 31, 5, tzinfo=UTC),
    )
    add(
        source="sunbird-rc",
        ident="sunbird-rc-otp-verification-en",
        lang="en",
        kind="gov-otp",
        code=otp,
        repository="Sunbird-RC/sunbird-rc-core",
        paths=[otp_tpl, service, base + "java/dev/sunbirdrc/utils/OtpUtil.java", props_path],
        commit=SUNBIRD_COMMIT,
        spdx="MIT",
        rendered=rendered,
        raw=raw,
    )

    made_tpl = base + "resources/templates/user-creation-notification-mail.ftl"
    html_part = ftl(
        show(repo, SUNBIRD_COMMIT, made_tpl),
        {
            "userFirstName": "Priya",
            "userLastName": "Verma",
            "loginLInk": props["custom.user.login.url"],
            "signature": "UPSMF",
        },
    )
    raw = message(
        sender=f"{props['custom.user.creation.personal.name']} "
        f"<{props['custom.user.creation.from.address']}>",
        subject=props["custom.user.creation.subject"],
        text=None,
        html_part=html_part,
        sent=datetime(2026, 12, 4, 8, 29, 51, tzinfo=UTC),
    )
    add(
        source="sunbird-rc",
        ident="sunbird-rc-user-created-en",
        lang="en",
        kind="notice",
        code=None,
        repository="Sunbird-RC/sunbird-rc-core",
        paths=[made_tpl, service, props_path],
        commit=SUNBIRD_COMMIT,
        spdx="MIT",
        rendered=rendered,
        raw=raw,
    )


# ---------------------------------------------------------------------------------------
# nyaruka/rapidpro

RAPIDPRO_COMMIT = "539df0fa59bb732ab0479de41deaa95a8c77b835"
# English only: at this commit the es/fr/pt_BR catalogues do not yet translate these mails
# (their strings came in 2026-07, under a later licence), so only en_US is rendered.
RAPIDPRO_LANGS = [("en_US", "en-us", "en")]
RAPIDPRO_NOW = datetime(2026, 12, 4, 9, 14, 27, tzinfo=UTC)


def _django() -> Any:
    """Django from /tmp/djv (``python3 -m venv /tmp/djv && /tmp/djv/bin/pip install
    'django>=5.1,<5.3' polib``); the main venv has no Django."""
    try:
        import django
    except ImportError:
        for site in sorted(Path("/tmp/djv/lib").glob("python*/site-packages")):
            sys.path.append(str(site))
    import django

    return django


def _stub_libraries() -> None:
    """The two template libraries RapidPro's mail templates load, with the code they run:
    ``temba.format_datetime`` (``temba/utils/templatetags/temba.py``, no org in context:
    UTC, ``%d-%m-%Y %H:%M``) and allauth's ``user_display`` (no username field in RapidPro:
    ``str(user)``, the name or else the address; a new sign-up has no name)."""
    import types

    from django import template

    temba = types.ModuleType("r24_temba")
    temba.register = template.Library()

    @temba.register.simple_tag(takes_context=True)
    def format_datetime(context: Any, dt: datetime, seconds: bool = False) -> str:
        fmt = "%d-%m-%Y %H:%M:%S" if seconds else "%d-%m-%Y %H:%M"
        return dt.astimezone(UTC).strftime(fmt)

    account = types.ModuleType("r24_account")
    account.register = template.Library()

    @account.register.simple_tag
    def user_display(user: dict[str, str]) -> str:
        return user["email"]

    sys.modules["r24_temba"] = temba
    sys.modules["r24_account"] = account


def rapidpro(mirrors: Path) -> None:
    import tempfile

    repo = mirrors / "nyaruka+rapidpro" / "repo"
    licence(repo, RAPIDPRO_COMMIT, "LICENSE", "nyaruka+rapidpro")
    django = _django()
    import polib
    from django.conf import settings

    work = Path(tempfile.mkdtemp(prefix="r24-rapidpro-"))
    names = subprocess.run(
        [
            "git",
            "--git-dir",
            str(repo),
            "ls-tree",
            "-r",
            "--name-only",
            RAPIDPRO_COMMIT,
            "templates",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in names:
        if "/email" in name or name == "templates/email_base.html":
            out = work / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(show(repo, RAPIDPRO_COMMIT, name), encoding="utf-8")
    for folder, _, _ in RAPIDPRO_LANGS:
        po = f"locale/{folder}/LC_MESSAGES/django.po"
        out = work / po
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(show(repo, RAPIDPRO_COMMIT, po), encoding="utf-8")
        polib.pofile(str(out)).save_as_mofile(str(out.with_suffix(".mo")))
    _stub_libraries()
    settings.configure(
        USE_I18N=True,
        USE_TZ=True,
        TIME_ZONE="GMT",
        LANGUAGE_CODE="en-us",
        LANGUAGES=[(code, code) for _, code, _ in RAPIDPRO_LANGS],
        LOCALE_PATHS=[str(work / "locale")],
        INSTALLED_APPS=[],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [str(work / "templates")],
                "OPTIONS": {"libraries": {"temba": "r24_temba", "account": "r24_account"}},
            }
        ],
    )
    django.setup()
    from django.template import loader
    from django.utils import translation

    branding = {
        "name": "RapidPro",
        "domain": "app.rapidpro.io",
        "emails": {"notifications": "support@rapidpro.io"},
    }
    address = "noor.tester@example.com"
    notification = {
        "timestamp": RAPIDPRO_NOW,
        "ip": "41.186.78.12",
        "user_agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    }
    mails = [
        # (group, template prefix, context, kind, code, note)
        ("login-code", "account/email/login_code", {"code": "KXR7PM"}, "saas-otp", "KXR7PM",
         "sent when a deployment sets ACCOUNT_LOGIN_BY_CODE_ENABLED (RapidPro's login page offers it then)"),
        ("email-confirmation-code", "account/email/email_confirmation_signup",
         {"user": {"email": address}, "code": "H4TWQ9", "key": "H4TWQ9",
          "activate_url": "https://app.rapidpro.io/accounts/confirm-email/"},
         "saas-otp", "H4TWQ9",
         "the code branch of the template, used with ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED"),
        ("email-confirmation-link", "account/email/email_confirmation_signup",
         {"user": {"email": address}, "code": None, "key": "MTg0Nw:1tS0aB:kq3Hc6",
          "activate_url": "https://app.rapidpro.io/accounts/confirm-email/MTg0Nw:1tS0aB:kq3Hc6/"},
         "notice", None, "the link branch (RapidPro's shipped settings); the key is only in the link"),
        ("password-reset", "account/email/password_reset_key",
         {"user": {"email": address}, "username": None,
          "password_reset_url": "https://app.rapidpro.io/accounts/password/reset/key/1fk-cjmz2q-8b1e6d0f47a2c5e93b17/"},
         "notice", None, None),
        ("password-changed", "account/email/password_changed", dict(notification), "notice", None, None),
        ("email-changed", "account/email/email_changed",
         dict(notification, from_email="noor.old@example.com", to_email=address), "notice", None, None),
        ("recovery-codes-generated", "mfa/email/recovery_codes_generated", dict(notification), "notice",
         None, "says new recovery codes exist; none is in the mail"),
    ]  # fmt: skip
    minute = 0
    for group, prefix, extra, kind, code, note in mails:
        for folder, lang_code, bcp in RAPIDPRO_LANGS:
            with translation.override(lang_code):
                context = {"branding": branding, "now": RAPIDPRO_NOW, "email": address, **extra}
                subject = loader.get_template(prefix + "_subject.txt").render(context)
                subject = " ".join(subject.splitlines()).strip()
                try:
                    html_part = loader.get_template(prefix + ".html").render(context)
                except loader.TemplateDoesNotExist:
                    html_part = loader.get_template(prefix + "_message.html").render(context)
            minute += 1
            raw = message(
                sender=branding["emails"]["notifications"],
                subject=subject,
                text="",
                html_part=html_part,
                sent=datetime(2026, 12, 4, 9, 14 + minute, 27, tzinfo=UTC),
            )
            add(
                source="rapidpro",
                ident=f"rapidpro-{group}-{bcp}",
                lang=bcp,
                kind=kind,
                code=code,
                repository="nyaruka/rapidpro",
                paths=[
                    f"templates/{prefix}_subject.txt",
                    f"templates/{prefix}_message.html",
                    "templates/account/email/base_message.html",
                    "templates/email_base.html",
                    "temba/utils/email/send.py",
                    "temba/users/adapter.py",
                    f"locale/{folder}/LC_MESSAGES/django.po",
                ],
                commit=RAPIDPRO_COMMIT,
                spdx="AGPL-3.0-only",
                rendered="Django templates (Django 5.2 from /tmp/djv) with the repository's own .po "
                "compiled by polib; EmailSender: subject on one line, empty text part (no .txt "
                "template), HTML alternative",
                raw=raw,
                note=note,
            )


# ---------------------------------------------------------------------------------------
# rahvaalgatus/rahvaalgatus

RAHVA_COMMIT = "bba27e7f29508e42612c0d394a08f5011d5a3b9c"


def rahvaalgatus(mirrors: Path) -> None:
    repo = mirrors / "rahvaalgatus+rahvaalgatus" / "repo"
    licence(repo, RAHVA_COMMIT, "LICENSE", "rahvaalgatus+rahvaalgatus")
    config = json.loads(show(repo, RAHVA_COMMIT, "config/defaults.json"))
    strings = {
        lang: json.loads(show(repo, RAHVA_COMMIT, f"lib/i18n/{lang}.json")) for lang in ("et", "en")
    }
    default = config["language"]

    def t(lang: str, key: str, props: dict[str, str] | None = None) -> str:
        # lib/i18n.js t(): the language's string, else the default language's; {{x}} filled
        text = strings[lang].get(key) or strings[default][key]
        if props is None:
            return text
        return re.sub(r"\{\{(\w+)\}\}", lambda m: props[m.group(1)], text)

    def email_props(props: dict[str, str]) -> dict[str, str]:
        # lib/i18n.js email(): EMAIL_PROPS under the call's own props
        base = {"siteUrl": config["url"], "facebookUrl": config["facebookUrl"]}
        base["unsubscribeUrl"] = "{{unsubscribeUrl}}"
        return {**base, **props}

    site = config["url"]
    title = "Kohalike omavalitsuste lasteaiakohtade tasuta tegemine"
    initiative_url = f"{site}/initiatives/3f2c9a71-5d0e-4b8a-9e6f-21c4d7b0a913"
    mails = [
        # (group, controller, subject key, body key, subject props, body props, languages)
        ("confirm-email", "controllers/user_controller.js", "CONFIRM_EMAIL_SUBJECT",
         "CONFIRM_EMAIL_BODY", None,
         {"url": f"{site}/user/email?confirmation-token=8c1f0e7a2b94d3c65e07a1f4"}, ("et", "en")),
        ("confirm-initiative-subscription", "controllers/initiatives/subscriptions_controller.js",
         "CONFIRM_INITIATIVE_SUBSCRIPTION_TITLE", "CONFIRM_INITIATIVE_SUBSCRIPTION_BODY",
         {"initiativeTitle": title},
         {"url": f"{initiative_url}/subscriptions/new?confirmation_token=5e9b1c04d7a3f2e86b0c4d19",
          "initiativeTitle": title, "initiativeUrl": initiative_url}, ("et", "en")),
        ("already-subscribed-initiative", "controllers/initiatives/subscriptions_controller.js",
         "ALREADY_SUBSCRIBED_TO_INITIATIVE_TITLE", "ALREADY_SUBSCRIBED_TO_INITIATIVE_BODY",
         {"initiativeTitle": title},
         {"url": f"{initiative_url}/subscriptions/5e9b1c04d7a3f2e86b0c4d19",
          "initiativeTitle": title, "initiativeUrl": initiative_url}, ("et", "en")),
        ("confirm-initiatives-subscription", "controllers/subscriptions_controller.js",
         "CONFIRM_INITIATIVES_SUBSCRIPTION_TITLE", "CONFIRM_INITIATIVES_SUBSCRIPTION_BODY", None,
         {"url": f"{site}/subscriptions/new?confirmation_token=a07d3e9c51b2f84e6d1c0b37"}, ("et", "en")),
        ("already-subscribed-initiatives", "controllers/subscriptions_controller.js",
         "ALREADY_SUBSCRIBED_TO_INITIATIVES_TITLE", "ALREADY_SUBSCRIBED_TO_INITIATIVES_BODY", None,
         {"url": f"{site}/subscriptions/a07d3e9c51b2f84e6d1c0b37"}, ("et", "en")),
        ("signing-expired", "cli/initiatives_cli.js", "SIGNING_EXPIRED_EMAIL_SUBJECT",
         "SIGNING_EXPIRED_EMAIL_BODY", None,
         {"initiativeTitle": title, "initiativeUrl": initiative_url,
          "newInitiativeUrl": f"{site}/initiatives/new"}, ("et",)),
    ]  # fmt: skip
    minute = 0
    for group, controller, subject_key, body_key, subject_props, body_props, langs in mails:
        for lang in langs:
            minute += 1
            raw = message(
                sender=config["email"]["from"],
                subject=t(lang, subject_key, subject_props),
                text=t(lang, body_key, email_props(body_props)),
                html_part=None,
                sent=datetime(2026, 12, 4, 10, minute, 3, tzinfo=UTC),
            )
            add(
                source="rahvaalgatus",
                ident=f"rahvaalgatus-{group}-{lang}",
                lang=lang,
                kind="notice",
                code=None,
                repository="rahvaalgatus/rahvaalgatus",
                paths=[controller, f"lib/i18n/{lang}.json", "lib/i18n.js", "lib/emailer.js",
                       "config/defaults.json"],
                commit=RAHVA_COMMIT,
                spdx="AGPL-3.0-or-later",
                rendered="lib/i18n.js t()/email(): the language's JSON string ({{x}} filled, "
                "EMAIL_PROPS added to the body's props); nodemailer text-only mail from "
                "config email.from",
                raw=raw,
                note="links only; no code to type" if "confirm" in group else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# opengovsg/reach-prototype and opengovsg/hfpg-data-jarvis (Open Government Products'
# Next.js starter: src/server/modules/auth/email/email.router.ts, src/lib/mail.ts)

OGP_SENDERS = [
    # (repository, commit, source, id, token, prefix, host, note)
    ("opengovsg/reach-prototype", "dec754fd8dd24f693d156c1aff6c5b59282562f2", "reach-prototype",
     "reach-prototype-login-otp-en", "058231", None, "reach.open.gov.sg",
     "six digits from randomInt(0, 1000000) padded (src/server/modules/auth/auth.util.ts)"),
    ("opengovsg/hfpg-data-jarvis", "fb7a237905895e2e616d779e147471174ee248a0", "watson",
     "watson-login-otp-en", "7QX3MZ", "KJD", None,
     "the three-letter prefix and dash are shown fixed before the sign-in field "
     "(VerificationInput.tsx InputLeftAddon); the reader types the six characters in bold"),
]  # fmt: skip


def ogp_starters(mirrors: Path) -> None:
    sent = datetime(2026, 12, 4, 10, 12, 40, tzinfo=UTC)
    # formatInTimeZone(expires, 'Asia/Singapore', 'dd MMM yyyy, hh:mmaaa'), OTP_EXPIRY 600 s
    expires = "04 Dec 2026, 06:22pm"
    for repository, commit, source, ident, token, prefix, host, note in OGP_SENDERS:
        repo = mirrors / repository.replace("/", "+") / "repo"
        licence(repo, commit, "LICENSE", repository.replace("/", "+"))
        path = "src/server/modules/auth/email/email.router.ts"
        src = show(repo, commit, path)
        call = re.search(
            r"sendMail\(\{\s*subject: `([^`]*)`,\s*body: `(.*?)`,\s*recipient", src, re.S
        )
        subject = call.group(1).replace("${url.host}", host or "")
        body = re.sub(r"\$\{formatInTimeZone\(.*?\)\}", expires, call.group(2), flags=re.S)
        body = body.replace("${token}", token).replace("${otpPrefix}", prefix or "")
        assert "${" not in body + subject
        raw = message(
            sender="donotreply@mail.postman.gov.sg",
            subject=subject,
            text=None,
            html_part=body,
            sent=sent,
        )
        add(
            source=source,
            ident=ident,
            lang="en",
            kind="gov-otp",
            code=token,
            repository=repository,
            paths=[path, "src/server/modules/auth/auth.util.ts", "src/lib/mail.ts", "src/env.mjs"],
            commit=commit,
            spdx="MIT",
            rendered="template literal of the login mutation cut from the source; token, "
            "prefix, host and the formatted expiry filled; HTML-only body (Postman/SendGrid html)",
            raw=raw,
            note=note,
        )


# ---------------------------------------------------------------------------------------
# BaseAdresseNationale/mes-adresses-api

BAN_COMMIT = "c140fa74f90384e35550c5cf2799184a44804477"
BAN_NODE = """
const Handlebars = require('handlebars');
const {inline} = require('@css-inline/css-inline');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const {template, context} = JSON.parse(input);
  const rendered = Handlebars.compile(template, {strict: true})(context);
  process.stdout.write(inline(rendered, {}));
});
"""


def mes_adresses(mirrors: Path) -> None:
    repo = mirrors / "BaseAdresseNationale+mes-adresses-api" / "repo"
    licence(repo, BAN_COMMIT, "LICENSE", "BaseAdresseNationale+mes-adresses-api")
    api_url = "https://api-bal.adresse.data.gouv.fr"
    bal = {
        "id": "0b6e1f52-8c3a-4d7e-9f21-5a4c7e2d9b10",
        "nom": "Adresses de Saint-Julien-en-Genevois",
        "token": "pQ7xT2mKfR9wLc4ZbN8s",
        "communeNom": "Saint-Julien-en-Genevois",
    }
    # EDITOR_URL_PATTERN of .env.sample with the base's id and token (getEditorUrl)
    editor_url = f"https://mes-adresses.data.gouv.fr/bal/{bal['id']}/{bal['token']}"
    token_note = (
        "the administration token is printed 'for experts' and is the last part of the "
        "editor link; the reader is told to use the button, nothing to type"
    )
    mails = [
        # (template, subject, context, caller, note)
        ("bal-creation-notification", "Création d’une nouvelle Base Adresse Locale",
         {"baseLocale": bal, "editorUrl": editor_url, "apiUrl": api_url},
         "apps/api/src/modules/base_locale/base_locale.service.ts", token_note),
        ("new-admin-notification", "Invitation à l’administration d’une Base Adresse Locale",
         {"baseLocale": bal, "editorUrl": editor_url, "apiUrl": api_url},
         "apps/api/src/modules/base_locale/base_locale.service.ts", token_note),
        ("bal-renewal-notification", "Renouvellement de jeton de Base Adresse Locale",
         {"baseLocale": bal, "editorUrl": editor_url, "apiUrl": api_url},
         "apps/api/src/modules/base_locale/base_locale.service.ts", token_note),
        ("bal-publication-notification", "Publication de votre Base Adresse Locale",
         {"baseLocale": bal, "codeCommune": "74243", "editorUrl": editor_url, "apiUrl": api_url},
         "libs/shared/src/modules/publication/publication.service.ts", token_note),
        ("recovery-commune-notification",
         f"Demande de récupération de la Bases Adresses Locales de {bal['communeNom']}",
         {"apiUrl": api_url, "recoveryUrl": editor_url, "communeNom": bal["communeNom"]},
         "apps/api/src/modules/base_locale/base_locale.service.ts",
         "the recovery link carries the token; nothing to type"),
    ]  # fmt: skip
    env = {"PATH": "/usr/bin:/bin", "NODE_PATH": "/tmp/banjs/node_modules"}
    for minute, (name, subject, context, caller, note) in enumerate(mails, start=1):
        path = f"email-templates/{name}.hbs"
        html_part = subprocess.run(
            ["node", "-e", BAN_NODE],
            input=json.dumps({"template": show(repo, BAN_COMMIT, path), "context": context}),
            capture_output=True,
            text=True,
            check=True,
            env=env,
        ).stdout
        raw = message(
            sender="adresse@data.gouv.fr",
            subject=subject,
            text=None,
            html_part=html_part,
            sent=datetime(2026, 12, 4, 11, minute, 50, tzinfo=UTC),
        )
        add(
            source="mes-adresses",
            ident=f"mes-adresses-{name}-fr",
            lang="fr",
            kind="notice",
            code=None,
            repository="BaseAdresseNationale/mes-adresses-api",
            paths=[path, caller, "libs/shared/src/params/mailer.params.ts",
                   "libs/shared/src/utils/mailer.utils.ts", "apps/api/src/lib/utils/token.utils.ts"],
            commit=BAN_COMMIT,
            spdx="MIT",
            rendered="@nestjs-modules/mailer 2.0.2 HandlebarsAdapter as configured: handlebars "
            "4.7.8 compile(strict) then @css-inline/css-inline 0.14.1 inline(), both run in node "
            "from /tmp/banjs; HTML-only nodemailer mail",
            raw=raw,
            note=note,
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    askgov(args.mirrors)
    sunbird(args.mirrors)
    rapidpro(args.mirrors)
    rahvaalgatus(args.mirrors)
    ogp_starters(args.mirrors)
    mes_adresses(args.mirrors)
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} with a code")


if __name__ == "__main__":
    main()
