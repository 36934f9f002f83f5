"""Round twenty, travel and hospitality (collected blind): a carpooling platform's and a
hospitality exchange's account and trip mails, with the validation codes, passwords and keys
a person types, and the same senders' notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_travel.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- Covivo/mobicoop (AGPL-3.0), the Mobicoop carpooling (ride-sharing) platform: the French
  e-mail templates of ``api/templates/communication/fr/email/notification/<name>.html.twig``
  (the platform ships its e-mails in French only; the English folder holds push texts),
  each extending ``base.html.twig`` (banner, body block, FAQ / contact footer), the subject
  the template of ``title/<name>.html.twig`` as ``NotificationManager`` renders it. The Twig
  templates are rendered with Jinja2 (the constructs used are the same in both; ``is not
  null`` is read as ``is not none``, ``elseif`` as ``elif``; Twig's ``date`` filter is the PHP ``date()`` format;
  ``trans`` reads ``api/translations/messages+intl-icu.fr.yaml``; the first newline after a
  tag is dropped as Twig's lexer does — Jinja's ``trim_blocks``; HTML autoescaping as Twig's
  ``html`` strategy). ``api_env`` gives the colours and font of ``api/.env`` and an invented
  platform name and URL. ``EmailManager`` sends the body as ``text/html`` only, From
  ``MAILER_SENDER`` with ``MAILER_SENDER_NAME``. The e-mail validation code and the parental
  consent code are ``UserManager::createShortToken`` (``rand(100000, 999999)``); the password
  given to a user registered by a third party is ``randomPassword`` (ten letters and digits);
  the temporary password of a person imported by a mass migration is
  ``MassMigrateManager::randomPassword`` (the same shape);
  the password-reset token (a sha256 hex string) is only inside a link. The alternative
  design of ``api/templates/communicationAlt/{en,fr}/email/notification/`` (chosen by
  ``ALT_COMMUNICATION_FOLDER``; English and French) is rendered the same way, its own group.

- Couchers-org/couchers (MIT), the Couchers.org couch-surfing (hospitality exchange)
  platform: ``notifications/background.py`` ``_send_email_notification`` — the plain template
  ``app/backend/templates/v2/<name>.txt`` plus the unsubscribe section, and
  ``generated_html/<name>.html`` with ``___UNSUB_SECTION___`` replaced, both rendered with
  Jinja2 (``trim_blocks``) and the filters of ``couchers/templates/v2.py``; subjects and
  arguments as ``notifications/render.py`` gives them (host request created / accepted /
  declined / confirmed / cancelled, the security notices, the password reset and the API
  key issued by an admin). English only. From ``Couchers.org <notify@couchers.org>``; the
  logo the SMTP sender attaches inline stays as its path. Tokens are ``urlsafe_secure_token``
  (32 random bytes, urlsafe base64); the unsubscribe links carry invented payloads.

- cciw-uk/cciw.co.uk (BSD-2-Clause), the booking site of CCiW's summer camps: the booking
  mails of ``cciw/bookings/email.py`` (account verification link, places confirmed /
  declined, place booked, booking expired, payment received) — plain-text Django templates
  of ``templates/cciw/bookings/``, rendered with Jinja2 (``{% autoescape off %}`` as
  ``false``; Django's ``date`` filter for the letters used), subjects and From
  (``SERVER_EMAIL`` / ``WEBMASTER_FROM_EMAIL``) as given there; a camp is printed as its
  ``__str__`` (``<year>-<slug> (<leaders>)``). The e-mail token is a ``TimestampSigner``
  signature, urlsafe base64, only inside links. No code.

- minical/minical (OSL-3.0), an open-source hotel property-management system: the e-mail
  views of ``public/application/views/email/`` (plain PHP: ``echo``, ``site_url()``, one
  ``strlen`` test, rendered by a small renderer that also drops the newline after ``?>``
  as PHP does) — the two-factor set-up mail with the authenticator secret
  (``auth.php _send_secret_qr_to_customer_email``, HTML only), the password reset and the
  staff account activation (HTML with the ``-txt`` view as the alternative part), subjects
  and From as the controllers set them. English only (the views are not translated).

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
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import jinja2
import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 3, 7, 18, 44, tzinfo=UTC)
RNG = random.Random("r20-travel")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "travel.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, variant=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}" + (f"-{variant}" if variant else "") + f"-{lang}"
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


def _php_date(value: datetime | str, fmt: str) -> str:
    """PHP ``date()`` for the format letters the templates use."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    table = {"d": "%d", "m": "%m", "Y": "%Y", "H": "%H", "i": "%M", "y": "%y"}
    return "".join(value.strftime(table[c]) if c in table else c for c in fmt)


# ---------------------------------------------------------------------------------------
# Mobicoop

MOB_REPO = "Covivo/mobicoop"
MOB_COMMIT = "43afc69e2131ea8b312e27e755185d5d42548d24"
MOB_DIR = "api/templates/communication/fr/email/notification"
MOB_ENV = {
    "EMAILS_PLATFORM_NAME": "Covoit-Vallée",
    "EMAILS_PLATFORM_URL": "https://www.covoit-vallee.fr",
    "EMAILS_MOBILE_PLATFORM_URL": "https://m.covoit-vallee.fr",
    "EMAILS_BANNER_URL": "https://www.covoit-vallee.fr/images/email/banner.png",
    "EMAILS_EXTERIOR_BACKGROUND_COLOR": "#F1F1F1",
    "EMAILS_INTERIOR_BACKGROUND_COLOR": "#FFFFFF",
    "EMAILS_COLOR_PRIMARY": "#00D28C",
    "EMAILS_COLOR_SECONDARY": "#F045AB",
    "EMAILS_COLOR_ACCENT": "#00BEF0",
    "EMAILS_COLOR_PRIMARY_LIGHT": "#b9eeee",
    "EMAILS_FONT": "Roboto",
    "EMAILS_IMAGES_BASE_URL": "/images/email/",
    "EMAILS_WAY_LOGO": "way.png",
    "EMAILS_DAY_DARK": "emptyDayDark.png",
    "EMAILS_DAY_LIGHT": "emptyDayLight.png",
}
MOB_SENDER = "Covoit-Vallée <ne-pas-repondre@covoit-vallee.fr>"
MOB_PEOPLE = [
    ("élodie", "m."), ("karim", "b."), ("jean-baptiste", "l."), ("amandine", "r."),
    ("théo", "g."), ("nadia", "h."), ("pierre", "v."), ("sophie", "c."), ("yannick", "d."),
    ("maëlle", "f."), ("hugo", "p."), ("léa", "t."), ("camille", "n."), ("bastien", "j."),
    ("inès", "k."), ("lucas", "s."), ("chloé", "w."), ("mathis", "o."), ("oliver", "a."),
    ("grace", "e."), ("samuel", "i."), ("emma", "u."), ("noah", "y."), ("zoé", "x."),
    ("arthur", "q."), ("manon", "z."), ("adam", "m."), ("jade", "b."), ("louis", "r."),
    ("alice", "h."), ("gabriel", "k."), ("rose", "d."), ("victor", "l."), ("lina", "c."),
    ("raphaël", "t."), ("anna", "g."), ("jules", "f."), ("clara", "n."), ("tom", "p."),
    ("margaux", "v."), ("ethan", "s."), ("lou", "j."),
]  # fmt: skip


def _twig_env(mirrors: Path) -> jinja2.Environment:
    repo = mirrors / "Covivo+mobicoop" / "repo"
    trans = yaml.safe_load(_show(repo, MOB_COMMIT, "api/translations/messages+intl-icu.fr.yaml"))

    def load(name: str) -> str:
        src = _show(repo, MOB_COMMIT, f"api/templates/{name}")
        src = src.replace("is not null", "is not none").replace("is null", "is none")
        return re.sub(r"\{%(-?)\s*elseif\b", r"{%\1 elif", src)

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load),
        autoescape=True,
        trim_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.ChainableUndefined,
    )
    env.globals["api_env"] = lambda name: MOB_ENV.get(name, "")
    env.globals["null"] = None
    env.filters["date"] = _php_date
    env.filters["trans"] = lambda key: trans.get(key, key)
    env.tests["empty"] = lambda value: value in ("", None, [], {})
    return env


def mobicoop(mirrors: Path) -> None:
    env = _twig_env(mirrors)
    licence = "AGPL-3.0"
    people = iter(MOB_PEOPLE)

    def user(**extra) -> dict:
        given, short = next(people)
        email = f"{given.replace('é', 'e').replace('ë', 'e').replace('è', 'e').replace('ï', 'i')}.{short[0]}@example.fr"
        return {"givenName": given, "shortFamilyName": short, "email": email, **extra}

    def send(name, *, ctx, kind, code, rendered_extra="", note=None, variant=None,
             folder="communication", lang="fr"):  # fmt: skip
        tdir = f"{folder}/{lang}/email/notification"
        body = env.get_template(f"{tdir}/{name}.html.twig").render(context=ctx)
        subject = " ".join(
            env.get_template(f"{tdir}/title/{name}.html.twig").render(context=ctx).split()
        )
        rendered = (
            f"api/templates/{tdir}/{name}.html.twig (extends its base.html.twig) with Jinja2 "
            f"as Twig; subject title/{name}.html.twig; HTML only, From MAILER_SENDER"
            + rendered_extra
        )
        prefix = "alt-" if folder == "communicationAlt" else ""
        _save(
            source="mobicoop", template=prefix + name.replace("_", "-"), lang=lang, kind=kind,
            code=code, repository=MOB_REPO,
            path=f"api/templates/{tdir}/{name}.html.twig; api/templates/{tdir}/title/{name}.html.twig",
            commit=MOB_COMMIT, licence=licence, rendered=rendered, sender=MOB_SENDER,
            subject=subject, text=None, html_part=body, note=note, variant=variant,
        )  # fmt: skip

    def short() -> str:
        return str(RNG.randint(100000, 999999))

    # registration: three branches of the same template (web, mobile app, a partner's link)
    for variant, extra in (
        (None, {}),
        ("mobile", {"mobileRegistration": 1}),
        ("backlink", {"backLink": "https://www.mairie-saint-amand.fr/covoiturage/valider?t="}),
    ):
        token = short()
        send(
            "user_registered",
            ctx={"user": user(emailToken=token, **extra), "signature": None},
            kind="travel-otp",
            code=token,
            variant=variant,
            rendered_extra=f"; branch {variant or 'web'}",
            note="the validation code is shown after the link that carries it",
        )

    # registered by a third party (an operator): code, and the password by mail or by SMS
    token, password = (
        short(),
        _rand("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890", 10),
    )
    send(
        "user_registered_delegate",
        ctx={"user": user(emailToken=token, passwordSendType=2, clearPassword=password)},
        kind="travel-otp", code=token, variant="password",
        note=f"two things to type: the validation code (asked first, labelled) and the "
        f"password {password} for the first sign-in",
    )  # fmt: skip
    token = short()
    send(
        "user_registered_delegate",
        ctx={"user": user(emailToken=token, passwordSendType=1)},
        kind="travel-otp", code=token, variant="sms",
        note="the password went by SMS; the validation code is the one to type",
    )  # fmt: skip

    # parental consent for a minor's account (a code copied into a form)
    for variant, gender in (("daughter", 1), ("son", 2), ("child", 3)):
        token = short()
        u = user(parentalConsentToken=token, gender=gender, familyName="Lemoine")
        u["birthDate"] = "2011-05-14T00:00:00"
        u["parentalConsentUuid"] = "3f9c1b2e-7a4d-4e21-9b6f-0c8d5e2a1f47"
        send(
            "ask_parental_consent", ctx={"user": u}, kind="travel-otp", code=token,
            variant=variant, note="the parental consent code is typed into the consent form",
        )  # fmt: skip

    hex64 = "0123456789abcdef"
    send(
        "user_send_validation_email",
        ctx={"user": user(emailToken=_rand(hex64, 64))},
        kind="notice", code=None, note="the token is only inside the link",
    )  # fmt: skip
    send(
        "user_password_change_asked",
        ctx={"user": user(pwdToken=_rand(hex64, 64))},
        kind="notice", code=None, note="the token is only inside the link",
    )  # fmt: skip
    send("user_password_changed", ctx={"user": user()}, kind="notice", code=None)
    send(
        "too_long_inactivity_1rst_warning",
        ctx={
            "user": user(), "signature": None,
            "details": {"nbMonthsOfInactvity": 22, "autoDeleteDate": "2027-01-31T00:00:00"},
        },
        kind="notice", code=None,
    )  # fmt: skip
    sender_user = user(avatars=["/images/avatarsDefault/avatar.svg"])
    send(
        "carpool_ask_posted",
        ctx={
            "user": user(), "sender": sender_user,
            "ad": {"results": [{"frequency": 1, "date": "2026-12-12T00:00:00", "seats": 2,
                                "roundedPrice": "7,40"}]},
            "result": {"outward": {"multipleTimes": False}, "return": None},
            "outwardOrigin": {"address": {"displayLabel": ["Gare SNCF, Annecy"]},
                              "time": "2026-12-12T07:45:00"},
            "outwardDestination": {"address": {"displayLabel": ["Place du Marché, Rumilly"]},
                                   "time": "2026-12-12T08:20:00"},
        },
        kind="travel-booking", code=None,
        note="a ride request: date, times, seats and price, no code",
    )  # fmt: skip

    # a person imported by a mass migration (MassMigrateManager): a temporary password
    alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"
    for folder, lang in (("communication", "fr"), ("communicationAlt", "en"),
                         ("communicationAlt", "fr")):  # fmt: skip
        password = _rand(alnum, 10)
        send(
            "mass_migrate_user_migrated", ctx={"user": user(), "clearPassword": password},
            kind="travel-otp", code=password, folder=folder, lang=lang,
            rendered_extra="; MassMigrateManager::randomPassword (ten letters and digits)",
            note="the temporary password given for the first sign-in",
        )  # fmt: skip

    # the alternative design (ALT_COMMUNICATION_FOLDER), shipped in English and French
    for lang in ("en", "fr"):
        alt = {"folder": "communicationAlt", "lang": lang}
        for variant, extra in (
            (None, {}),
            ("mobile", {"mobileRegistration": 1}),
            ("backlink", {"backLink": "https://www.mairie-saint-amand.fr/covoiturage/valider?t="}),
        ):
            token = short()
            send(
                "user_registered",
                ctx={"user": user(emailToken=token, **extra), "signature": None},
                kind="travel-otp", code=token, variant=variant, **alt,
                rendered_extra=f"; branch {variant or 'web'}",
                note="the validation code is shown after the link that carries it",
            )  # fmt: skip
        token, password = (
            short(),
            _rand("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890", 10),
        )
        send(
            "user_registered_delegate",
            ctx={"user": user(emailToken=token, passwordSendType=2, clearPassword=password)},
            kind="travel-otp", code=token, variant="password", **alt,
            note=f"two things to type: the validation code (asked first, labelled) and the "
            f"password {password}; the template's own '<pstyle=' typo is kept",
        )  # fmt: skip
        token = short()
        send(
            "user_registered_delegate",
            ctx={"user": user(emailToken=token, passwordSendType=1)},
            kind="travel-otp", code=token, variant="sms", **alt,
            note="the password went by SMS; the validation code is the one to type",
        )  # fmt: skip
        send(
            "user_send_validation_email", ctx={"user": user(emailToken=_rand(hex64, 64))},
            kind="notice", code=None, note="the token is only inside the link", **alt,
        )  # fmt: skip
        send(
            "user_password_change_asked", ctx={"user": user(pwdToken=_rand(hex64, 64))},
            kind="notice", code=None, note="the token is only inside the link", **alt,
        )  # fmt: skip
        send("user_password_changed", ctx={"user": user()}, kind="notice", code=None, **alt)


# ---------------------------------------------------------------------------------------
# Couchers.org

CCH_REPO = "Couchers-org/couchers"
CCH_COMMIT = "3e1b7a583d125acbd445130fc5f0edf6a6a568a5"
CCH_DIR = "app/backend/templates/v2"
CCH_BASE = "https://couchers.org"
CCH_SENDER = "Couchers.org <notify@couchers.org>"


class _Obj:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def _b64token(n: int = 32) -> str:
    return base64.urlsafe_b64encode(bytes(RNG.randrange(256) for _ in range(n))).decode("ascii")


def couchers(mirrors: Path) -> None:
    repo = mirrors / "Couchers-org+couchers" / "repo"
    env = jinja2.Environment(trim_blocks=True)

    # the filters of app/backend/src/couchers/templates/v2.py
    def v2date(value, user):
        return date.fromisoformat(value).strftime("%A %-d %B %Y")

    def v2time(value, user):
        return value.astimezone(tz=ZoneInfo(user.timezone)).strftime("%-I:%M %p (%H:%M)")

    def v2timestamp(value, user):
        tz = ZoneInfo(user.timezone)
        return value.astimezone(tz=tz).strftime("%A %-d %B %Y at %-I:%M %p (%H:%M)")

    env.filters.update(
        v2esc=lambda v: html.escape(str(v)),
        v2multiline=lambda v: "<br />".join(v.splitlines()),
        v2sf=lambda v: v,
        v2url=lambda v: v,
        v2date=v2date,
        v2time=v2time,
        v2timestamp=v2timestamp,
        v2avatar=lambda u: u.avatar_thumbnail_url or f"{CCH_BASE}/logo512.png",
        v2quote=lambda v: "\n> ".join(["", *v.splitlines()]),
    )
    licence = "MIT"
    created = datetime(2026, 12, 3, 7, 18, 12, tzinfo=UTC)

    def unsub() -> str:
        payload = base64.urlsafe_b64encode(bytes(RNG.randrange(256) for _ in range(23)))
        return f"{CCH_BASE}/unsubscribe?payload={payload.decode()}&sig={_b64token()}"

    def send(template, name, *, user, subject, args, critical, unsub_text=None, kind="notice",
             code=None, note=None, variant=None):  # fmt: skip
        targs = {"user": user, "time": created, **args}
        targs["_year"] = created.year
        tzname = datetime(2026, 12, 3, tzinfo=ZoneInfo(user.timezone)).strftime("%Z/UTC%z")
        targs["_timezone_display"] = tzname
        plain_unsub = "\n\n---\n\n"
        if critical:
            plain_unsub += "This is a security email, you cannot unsubscribe from it."
            html_unsub = "This is a security email, you cannot unsubscribe from it."
        else:
            manage = f"{CCH_BASE}/account-settings/notification-settings"
            plain_unsub += f"Edit your notification settings at <{manage}>"
            html_unsub = f'<a href="{manage}">Manage notification preferences</a>.'
            ta_link, dne_link = unsub(), unsub()
            plain_unsub += f"\n\nTurn off emails for {unsub_text}: <{ta_link}>"
            html_unsub += f'<br />Turn off emails for: <a href="{ta_link}">{unsub_text}</a>.'
            plain_unsub += f"\n\nDo not email me (disables hosting): <{dne_link}>"
            html_unsub += f'<br /><a href="{dne_link}">Do not email me (disables hosting)</a>.'
        plain_t = _show(repo, CCH_COMMIT, f"{CCH_DIR}/{template}.txt")
        html_t = _show(repo, CCH_COMMIT, f"{CCH_DIR}/generated_html/{template}.html")
        plain = env.from_string(plain_t + plain_unsub).render(targs)
        body = env.from_string(html_t.replace("___UNSUB_SECTION___", html_unsub)).render(targs)
        _save(
            source="couchers", template=name, lang="en", kind=kind, code=code,
            repository=CCH_REPO,
            path=f"{CCH_DIR}/{template}.txt; {CCH_DIR}/generated_html/{template}.html; "
            "app/backend/src/couchers/notifications/render.py",
            commit=CCH_COMMIT, licence=licence,
            rendered=f"notifications/background.py _send_email_notification: {template}.txt "
            "and generated_html/{template}.html with Jinja2 (trim_blocks) and the v2 filters; "
            "subject and arguments of render.py; text/plain and text/html (the inline logo "
            "image is left as its path)",
            sender=CCH_SENDER, subject=subject, text=plain, html_part=body, note=note,
            variant=variant,
        )  # fmt: skip

    host = _Obj(name="Marta Kowalczyk", age=34, city="Kraków, Poland",
                avatar_thumbnail_url=None, timezone="Europe/Warsaw")  # fmt: skip
    surfer = _Obj(name="Diego Fernández", age=27, city="Valparaíso, Chile",
                  avatar_thumbnail_url=None, timezone="America/Santiago")  # fmt: skip
    hr = _Obj(from_date="2027-01-14", to_date="2027-01-17")
    link = f"{CCH_BASE}/messages/request/48213"

    # host request: created (with a message), then accepted / declined / confirmed / cancelled
    text = (
        "Hi Marta! I'm travelling through Poland by train in January and would love to stay "
        "three nights.\nI can cook Chilean empanadas for you :)"
    )
    send(
        "host_request__message", "host-request-create", user=host,
        subject=f"{surfer.name} sent you a host request", critical=False,
        unsub_text="new host requests", kind="travel-booking",
        args={"view_link": link, "host_request": hr, "message":
              f"{surfer.name} sent you a host request", "other": surfer, "text": text},
    )  # fmt: skip
    for action, actioned, rcpt, other, whose in (
        ("accept", "accepted", surfer, host, "your"),
        ("reject", "declined", surfer, host, "your"),
        ("confirm", "confirmed", host, surfer, "their"),
        ("cancel", "cancelled", host, surfer, "their"),
    ):
        msg = f"{other.name} {actioned} {whose} host request"
        send(
            "host_request__plain", f"host-request-{action}", user=rcpt, subject=msg,
            critical=False, unsub_text=f"{actioned} host requests", kind="travel-booking",
            args={"view_link": link, "host_request": hr, "message": msg, "other": other},
        )  # fmt: skip

    # security notices
    for name, title, message_ in (
        ("password-change", "Your password was changed",
         "Your login password for Couchers.org was changed."),
        ("password-reset-complete", "Your password was successfully reset",
         "Your password on Couchers.org was changed. If that was you, then no further action "
         "is needed."),
        ("email-change", "An email change was initiated on your account",
         "An email change to the email <b>diego.fernandez@example.cl</b> was initiated on "
         "your account."),
        ("email-verify", "Email change completed", "Your new email address has been verified."),
    ):  # fmt: skip
        send("security", name, user=surfer, subject=title, critical=True,
             args={"title": title, "message": message_})  # fmt: skip
    send(
        "password_reset", "password-reset-start", user=surfer,
        subject="Reset your Couchers.org password", critical=True,
        args={"password_reset_link":
              f"{CCH_BASE}/complete-password-reset?token={_b64token()}"},
        note="the token is only inside the link",
    )  # fmt: skip
    send(
        "account_deletion_start", "account-deletion-start", user=surfer,
        subject="Confirm your Couchers.org account deletion", critical=True,
        args={"deletion_link": f"{CCH_BASE}/delete-account?token={_b64token()}"},
        note="the token is only inside the link",
    )  # fmt: skip
    send(
        "account_deletion_complete", "account-deletion-complete", user=surfer,
        subject="Your Couchers.org account has been deleted", critical=True,
        args={"undelete_link": f"{CCH_BASE}/recover-account?token={_b64token()}", "days": 7},
        note="the token is only inside the link",
    )  # fmt: skip
    # tasks.py send_signup_email through send_simple_pretty_email (no user: UTC)
    send(
        "signup_verify", "signup-verify", user=_Obj(timezone="Etc/UTC"),
        subject="Finish signing up for Couchers.org", critical=True,
        args={"flow": _Obj(name="Aiyana"), "signup_link": f"{CCH_BASE}/signup?token={_b64token()}"},
        note="the token is only inside the link",
    )  # fmt: skip
    key = _b64token()
    send(
        "api_key", "api-key", user=host, subject="Your API key for Couchers.org",
        critical=True, kind="saas-otp", code=key,
        args={"api_key": key, "expiry": datetime(2027, 12, 3, 7, 18, 12, tzinfo=UTC)},
        note="an API key issued by an admin (urlsafe_secure_token: 32 random bytes, urlsafe "
        "base64 with its padding): a credential the mail gives to be used",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# CCiW (camp booking)

CCIW_REPO = "cciw-uk/cciw.co.uk"
CCIW_COMMIT = "24d225638f7e876b1d2a3b6d62d0e4555a2cbabb"
CCIW_DOMAIN = "www.cciw.co.uk"


def _django_date(value: date, fmt: str) -> str:
    """Django's ``date`` filter for the format letters the templates use."""
    out = []
    for c in fmt:
        if c == "d":
            out.append(f"{value.day:02d}")
        elif c == "j":
            out.append(str(value.day))
        elif c == "S":
            d = value.day
            out.append("th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))
        elif c == "F":
            out.append(value.strftime("%B"))
        elif c == "Y":
            out.append(str(value.year))
        else:
            out.append(c)
    return "".join(out)


def cciw(mirrors: Path) -> None:
    repo = mirrors / "cciw-uk+cciw.co.uk" / "repo"
    env = jinja2.Environment(keep_trailing_newline=True)
    env.filters["djdate"] = _django_date
    licence = "BSD-2-Clause"

    def load(path: str) -> str:
        src = _show(repo, CCIW_COMMIT, path).replace(
            "{% autoescape off %}", "{% autoescape false %}"
        )
        return re.sub(r'\|date:"([^"]*)"', r'|djdate("\1")', src)

    def token(email: str) -> str:
        ts = "".join(RNG.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
                     for _ in range(6))  # fmt: skip
        sig = _b64token()[:43]
        signed = f"{email}:{ts}:{sig}"
        return base64.urlsafe_b64encode(signed.encode()).decode().rstrip("=")

    class Camp:
        def __init__(self, year, slug, name, leaders, start, end):
            self.year, self.slug, self.name = year, slug, name
            self.leaders, self.start_date, self.end_date = leaders, start, end
            self.nice_name = f"{name.title()} Camp, year {year}"

        def __str__(self):
            return f"{self.year}-{self.slug} ({', '.join(self.leaders)})"

    blue = Camp(2027, "blue", "Blue", ["Tom Hughes", "Ruth Allen"], date(2027, 7, 24),
                date(2027, 7, 31))  # fmt: skip
    red = Camp(2027, "red", "Red", ["Gareth Price"], date(2027, 8, 7), date(2027, 8, 14))
    email = "hannah.morgan@example.org.uk"
    account = _Obj(name="Hannah Morgan", email=email)
    bookings = [
        _Obj(name="Eli Morgan", camp=blue, account=account),
        _Obj(name="Poppy Morgan", camp=red, account=account),
    ]
    base = f"https://{CCIW_DOMAIN}"
    webmaster = "webmaster@cciw.co.uk"
    mails = [
        ("verification_email", "verification", "[CCIW] Booking account",
         "CCIW website <noreply@cciw.co.uk>",
         {"verify_url": f"{base}/booking/v/?bt={token(email)}"},
         "the verification token is only inside the link"),
        ("places_confirmed_email", "places-confirmed", "[CCIW] Booking - places confirmed",
         webmaster,
         {"account": account, "bookings": bookings,
          "booking_open_data": _Obj(payments_due_on=date(2027, 6, 1)),
          "pay_url": f"{base}/booking/pay/?bt={token(email)}",
          "contact_url": f"{base}/contact/?bookings"}, None),
        ("places_declined_email", "places-declined", "[CCIW] Booking - places declined",
         webmaster,
         {"account": account, "bookings": bookings[:1],
          "account_overview_url": f"{base}/booking/overview/?bt={token(email)}"}, None),
        ("place_booked_email", "place-booked", "[CCIW] Booking - confirmed", webmaster,
         {"account": account, "booking": bookings[1]}, None),
        ("place_expired_email", "place-expired", "[CCIW] Booking expired", webmaster,
         {"account": account, "booking": bookings[0]}, None),
        ("payment_received_email", "payment-received", "[CCIW] Payment received", webmaster,
         {"account": account, "ipn_obj": _Obj(mc_gross="245.00")}, None),
    ]  # fmt: skip
    for tname, name, subject, sender, ctx, note in mails:
        path = f"templates/cciw/bookings/{tname}.txt"
        body = env.from_string(load(path)).render(ctx)
        _save(
            source="cciw", template=name, lang="en",
            kind="travel-booking" if "place" in name else "notice", code=None,
            repository=CCIW_REPO, path=f"{path}; cciw/bookings/email.py", commit=CCIW_COMMIT,
            licence=licence,
            rendered="cciw/bookings/email.py: render_to_string of the template (Django syntax "
            "rendered with Jinja2: autoescape off, the date filter's d/j/S/F/Y), "
            "mail.send_mail: text/plain only, subject and From as given there",
            sender=sender, subject=subject, text=body, html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Minical (hotel property management)

MIN_REPO = "minical/minical"
MIN_COMMIT = "19f0f2aa06f830555938d0aab70b08cb0a93e18b"
MIN_DIR = "public/application/views/email"
MIN_BASE = "https://pms.hotel-alpenrose.at"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _php_view(src: str, data: dict) -> str:
    """The PHP of these views: ``echo`` (or ``<?=``) of a variable, an array item or ``site_url(...)``,
    ``if (strlen($x) > 0) {`` ... ``}``; the newline right after ``?>`` is eaten as PHP does."""

    def value(expr: str) -> str:
        expr = expr.strip().rstrip(";").strip()
        m = re.fullmatch(r"site_url\((.*)\)", expr)
        if m:
            return MIN_BASE + "".join(value(part) for part in m.group(1).split("."))
        m = re.fullmatch(r"'([^']*)'", expr)
        if m:
            return m.group(1)
        m = re.fullmatch(r"\$(\w+)\['(\w+)'\]", expr)
        if m:
            return str(data[m.group(1)][m.group(2)])
        m = re.fullmatch(r"\$(\w+)", expr)
        return str(data[m.group(1)])

    out, skip = [], []
    pos = 0
    for m in re.finditer(r"<\?(php|=)(.*?)\?>\n?", src, flags=re.S):
        if not any(skip):
            out.append(src[pos : m.start()])
        pos = m.end()
        stmt = ("echo " if m.group(1) == "=" else "") + m.group(2).strip()
        if stmt.startswith("echo "):
            if not any(skip):
                out.append(value(stmt[5:]))
        elif stmt.startswith("if"):
            cond = re.fullmatch(r"if \(strlen\(\$(\w+)\) > 0\) \{", stmt)
            skip.append(len(str(data[cond.group(1)])) == 0)
        elif stmt == "}":
            skip.pop()
        else:
            raise ValueError(stmt)
    if not any(skip):
        out.append(src[pos:])
    return "".join(out)


def minical(mirrors: Path) -> None:
    repo = mirrors / "minical+minical" / "repo"
    licence = "OSL-3.0"

    def view(name: str, data: dict) -> str:
        return _php_view(_show(repo, MIN_COMMIT, f"{MIN_DIR}/{name}.php"), data)

    # two-factor set-up: the authenticator secret (auth.php _send_secret_qr_to_customer_email)
    for variant, email in ((None, "front.desk@hotel-alpenrose.at"),
                           ("owner", "k.huber@hotel-alpenrose.at")):  # fmt: skip
        secret = "".join(RNG.choice(B32) for _ in range(16))
        label = f"pms.hotel-alpenrose.at:{email}".replace("@", "%40").replace(":", "%3A")
        qr = (
            "https://api.qrserver.com/v1/create-qr-code/?data=otpauth%3A%2F%2Ftotp%2F"
            f"{label}%3Fsecret%3D{secret}%26issuer%3Dpms.hotel-alpenrose.at&size=200x200&ecc=M"
        )
        body = view(
            "show_qr_code-html", {"secure_data": {"secret_code": secret, "qr_code_url": qr}}
        )
        _save(
            source="minical", template="secret-qr-code", lang="en", kind="travel-otp",
            code=secret, repository=MIN_REPO,
            path=f"{MIN_DIR}/show_qr_code-html.php; public/application/controllers/auth.php; "
            "public/application/libraries/Google_security.php",
            commit=MIN_COMMIT, licence=licence,
            rendered="auth.php _send_secret_qr_to_customer_email: the view show_qr_code-html "
            "(PHP echo only), HTML only, subject 'Secret QR Code', From donotreply@minical.io; "
            "the secret is GoogleAuthenticator::generateSecret (16 base32 characters), the QR "
            "image URL GoogleQrUrl::generate",
            sender="donotreply@minical.io", subject="Secret QR Code", text=None,
            html_part=body, variant=variant,
            note="the two-factor secret to type into an authenticator app when the QR code "
            "cannot be scanned; the same secret is inside the QR image URL",
        )  # fmt: skip

    # password reset and staff account activation (tank_auth keys: md5 hex, only in links)
    key = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    data = {"username": "Katharina Huber", "user_id": 2417, "new_pass_key": key,
            "site_name": "Minical", "support_email": "support@minical.io"}  # fmt: skip
    _save(
        source="minical", template="forgot-password", lang="en", kind="notice", code=None,
        repository=MIN_REPO,
        path=f"{MIN_DIR}/forgot_password-html.php; {MIN_DIR}/forgot_password-txt.php; "
        "public/application/language/english/tank_auth_lang.php",
        commit=MIN_COMMIT, licence=licence,
        rendered="auth.php _send_email('forgot_password'): HTML view and its -txt view as the "
        "alternative, subject sprintf(auth_subject_forgot_password, 'Minical'), From "
        "Minical <donotreply@minical.io>",
        sender="Minical <donotreply@minical.io>", subject="Forgot your password on Minical?",
        text=view("forgot_password-txt", data), html_part=view("forgot_password-html", data),
        note="the reset key is only inside the link",
    )  # fmt: skip
    key = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    data = {"username": "Jonas Berger", "user_id": 2431, "new_pass_key": key, "partner_name": "Minical",
            "site_name": "Minical", "support_email": "support@minical.io"}  # fmt: skip
    _save(
        source="minical", template="register-employee", lang="en", kind="notice", code=None,
        repository=MIN_REPO,
        path=f"{MIN_DIR}/register_employee-html.php; {MIN_DIR}/register_employee-txt.php; "
        "public/application/controllers/settings/company.php",
        commit=MIN_COMMIT, licence=licence,
        rendered="settings/company.php _send_email('register_employee'): HTML view and its "
        "-txt view as the alternative, subject 'Activate Your Minical Account', From the "
        "tank_auth webmaster address",
        sender="Minical <support@minical.io>", subject="Activate Your Minical Account",
        text=view("register_employee-txt", data), html_part=view("register_employee-html", data),
        note="a hotel staff account: the activation key is only inside the link",
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    mobicoop(args.mirrors)
    couchers(args.mirrors)
    cciw(args.mirrors)
    minical(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), sum(1 for i in ITEMS if i["code"]))


if __name__ == "__main__":
    main()
