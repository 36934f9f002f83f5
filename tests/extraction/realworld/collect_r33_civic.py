"""Round thirty-three, civic (collector ``civic``): a Brazilian public-school management
system's new-user mail with its generated password, the City of Helsinki's event-registration
notices (signup confirmations, waiting list, payment, cancellations, messages to attendees,
user-access invitations) in Finnish, Swedish and English, and a volunteer time bank's
organisation notices in Spanish, Catalan, Brazilian Portuguese and English.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_civic.py \\
        --mirrors /work/.mirror [--django-site /tmp/djvenv/lib/python3.11/site-packages]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values (the password in the shape the sender's
generator makes it), so each run writes the same bytes. Writes ``mail/<source>/<id>.eml``
and ``round33/civic.json``.

External tools: the Linked Events mails are rendered and built by Django itself and the
calendar file by icalendar, at the versions the project's ``uv.lock`` pins, installed outside
the repository::

    python3.11 -m venv /tmp/djvenv
    /tmp/djvenv/bin/pip install django==5.2.17 icalendar==7.1.2

and GNU gettext's ``msgfmt`` (``/usr/bin/msgfmt``, as Django's ``compilemessages`` runs it)
compiles the project's ``.po`` catalogues into a temporary folder.

- portabilis/i-educar (GPL-2.0-or-later: ``LICENSE`` and ``composer.json``), the school-management system used by Brazilian
  municipal school networks, at 70850d75d2b99330d259a3bbfb5c96a4e517e4e0. Files:
  ``app/Mail/NewUserMail.php`` (subject ``Bem-vindo ao i-Educar!``, view ``mails.new-user``),
  ``resources/views/mails/new-user.blade.php`` (Blade ``{{ }}``: htmlspecialchars with
  ENT_QUOTES; ``@if($url)``), ``app/Services/ImportUsersService.php`` (``Str::random(8)``
  password, login from the imported sheet; ``$url`` is ``config('app.url')`` unless the
  install is multi-tenant, where it stays ``[]`` and the button is left out),
  ``app/Console/Commands/ResetPasswordCommand.php`` (``reset:password``: a new
  ``Str::random(8)`` mailed through the same ``sendPasswordEmail``), ``config/mail.php`` (From
  ``MAIL_FROM_ADDRESS``/``MAIL_FROM_NAME``, defaults ``hello@example.com`` / ``Example``).
  A Laravel Mailable with only ``view()`` is one text/html part. The Blade template is filled
  here in Python (the ``@if`` blocks kept or dropped, Blade's lines otherwise as written). The
  password-changed notice (``ResetPasswordNotification``) is not rendered: its layout is the
  framework's markdown mail, not in the repository.
- City-of-Helsinki/linkedevents (MIT, ``LICENSE``), the City of Helsinki's event and
  registration API (Linked Events / Linked Registrations), at
  69e3f1ba730235fb0e193d93e93d0d0c2fc95eb5. Files: ``registrations/notifications.py``
  (subjects and texts; loaded and run here as it is, with ``events.models.Event.TypeId``
  and ``registrations.utils`` stood in by their values and by ``registrations/utils/
  notifications.py`` itself), ``registrations/models.py`` (``SignUpContactPerson.
  get_notification_message`` / ``send_notification``: ``EmailMultiAlternatives`` whose body
  *and* HTML alternative are the rendered template, plus ``event_<id>.ics`` for
  confirmations and waiting-list mails; ``get_registration_message`` with
  ``send_mass_html_mail`` for a message to attendees, from ``SUPPORT_EMAIL`` (empty by
  default, so Django's ``DEFAULT_FROM_EMAIL``); ``RegistrationUserAccess.send_invitation``;
  ``Registration.send_paid_registration_notification`` in ``DEFAULT_LANG``),
  ``registrations/utils/registration.py`` (``create_events_ics_file_content``,
  ``send_mass_html_mail``, ``get_email_noreply_address``), ``registrations/templates/*.html``,
  ``locale/{fi,sv}/LC_MESSAGES/django.po`` and ``linkedevents/settings.py`` (``LANGUAGES``
  fi, sv, en…, ``LANGUAGE_CODE`` fi, ``TIME_ZONE`` Europe/Helsinki, ``DEFAULT_FROM_EMAIL``
  ``noreply-linkedevents@hel.fi``, the UI URLs). The mails are built by Django's
  ``EmailMultiAlternatives.message()`` with a fixed Date and Message-ID, and their boundaries
  set after. The edit link carries a signup's access code (``uuid4()``, only inside the
  link): no mail here has a code to type.
- coopdevs/timeoverflow (AGPL-3.0-only: ``LICENSE``, README "AGPL3"), the time-bank platform of Spanish and
  Catalan volunteer time banks, at ddaec8a77e24e2595c9fbfc9e9a25627fe3ecdab. Files:
  ``app/mailers/organization_notifier.rb`` (From ``"TimeOverflow" <info@timeoverflow.org>``;
  subjects as written there, English, except ``recent_posts``'s default i18n subject),
  ``app/views/organization_notifier/*.html.erb``, ``config/locales/{es,ca,pt-BR,en}.yml``
  (``config/application.rb``: default locale ``es``, fallbacks on, so a key a locale lacks
  is taken from ``es``), ``config/routes.rb`` (``petitions/manage``, ``organizations``,
  ``offers/:id``, ``inquiries/:id``). ERB is filled here in Python as Rails does: ``<%= %>``
  HTML-escapes a string that is not ``html_safe`` (``& < > " '``), ``.html_safe`` leaves the
  translation (and ``link_to``'s anchor) as it is, statement-only lines are trimmed. No
  layout (there is no ``layouts/mailer``): one text/html part. These are notices without a
  code (hard negatives).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
import sys
import tempfile
import types
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from collect import HERE, message

SENT = datetime(2026, 12, 8, 7, 42, 5, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round33" / "civic.json"

IEDUCAR = "portabilis/i-educar"
IEDUCAR_COMMIT = "70850d75d2b99330d259a3bbfb5c96a4e517e4e0"
LE = "City-of-Helsinki/linkedevents"
LE_COMMIT = "69e3f1ba730235fb0e193d93e93d0d0c2fc95eb5"
TO = "coopdevs/timeoverflow"
TO_COMMIT = "ddaec8a77e24e2595c9fbfc9e9a25627fe3ecdab"


def _show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _record(raw: bytes, *, source, ident, lang, kind, code, repository, path, commit, licence,
            rendered, note=None):  # fmt: skip
    name = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{name}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": name, "group": f"{source}-{ident}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# portabilis/i-educar (Laravel Mailable, Blade view)


def _blade_e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars with ENT_QUOTES (``'`` as ``&#039;``)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _blade_if(template: str, keep: bool) -> str:
    """``@if($url) … @endif`` kept or dropped (Blade drops the directive lines' text only;
    the indentation before the directive stays, as Blade compiles it)."""

    def repl(m: re.Match) -> str:
        return m.group(1) if keep else ""

    return re.sub(r"@if\(\$url\)(.*?)@endif", repl, template, flags=re.S)


def ieducar(mirrors: Path) -> None:
    path = "resources/views/mails/new-user.blade.php"
    view = _show(mirrors, IEDUCAR, IEDUCAR_COMMIT, path)
    mailable = _show(mirrors, IEDUCAR, IEDUCAR_COMMIT, "app/Mail/NewUserMail.php")
    service = _show(mirrors, IEDUCAR, IEDUCAR_COMMIT, "app/Services/ImportUsersService.php")
    command = _show(
        mirrors, IEDUCAR, IEDUCAR_COMMIT, "app/Console/Commands/ResetPasswordCommand.php"
    )
    assert "$this->subject('Bem-vindo ao i-Educar!');" in mailable
    assert "$password = Str::random(8);" in service and "$url = config('app.url');" in service
    assert "$newPassword = Str::random(8);" in command
    subject = "Bem-vindo ao i-Educar!"
    sender = "Example <hello@example.com>"
    cases = [
        # (ident, name, login, password, url, note)
        ("new-user-import", "Maria Aparecida Santos", "maria.santos", "q7Rk2mXa",
         "https://ieducar.educacao.municipio.example",
         "users:import (ImportUsersService): Str::random(8) password given with the login to "
         "sign in with"),
        ("new-user-multitenant", "José Carlos Ferreira", "jcferreira", "L3vNw8Tz", "",
         "multi-tenant install: $url stays [] so the button and link are left out; "
         "Str::random(8) password given with the login to sign in with"),
        ("reset-password-command", "Ana Beatriz Oliveira", "20231187", "Hp4sYe9K",
         "https://ieducar.educacao.municipio.example",
         "reset:password command: a new Str::random(8) password mailed with the same "
         "NewUserMail; the login is the employee's matrícula"),
    ]  # fmt: skip
    for ident, name, login, password, url, note in cases:
        body = _blade_if(view, bool(url))
        for var, value in (("name", name), ("username", login), ("password", password),
                           ("url", url)):  # fmt: skip
            body = body.replace("{{$" + var + "}}", _blade_e(value))
        assert "{{" not in body and "@" not in body.replace("@media", ""), ident
        raw = message(sender=sender, subject=subject, text=None, html_part=body, sent=SENT)
        _record(
            raw, source="ieducar", ident=ident, lang="pt", kind="gov-otp", code=password,
            repository=IEDUCAR, commit=IEDUCAR_COMMIT, licence="GPL-2.0-or-later",
            path=f"app/Mail/NewUserMail.php; {path}; app/Services/ImportUsersService.php; "
            "app/Console/Commands/ResetPasswordCommand.php; config/mail.php",
            rendered="Laravel Mailable view('mails.new-user'): Blade filled in Python "
            "(htmlspecialchars ENT_QUOTES, @if($url)); one text/html part",
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# City-of-Helsinki/linkedevents (Django templates and mail)

LE_FROM = "noreply-linkedevents@hel.fi"
LE_UI = "https://linkedevents.hel.fi"
LE_REG_UI = "https://linkedregistrations-ui-prod.apps.platta.hel.fi"
ACCESS_CODE = "5b0e8a3c-7d21-4f6e-9c84-1a2f3e4d5b67"  # str(uuid4()), only in the edit link

EVENTS = {
    1: {"fi": "Lasten satutunti Oodissa", "sv": "Sagostund för barn i Ode",
        "en": "Children's story hour at Oodi"},
    2: {"fi": "Keramiikan alkeiskurssi", "sv": "Nybörjarkurs i keramik",
        "en": "Beginners' ceramics course"},
    3: {"fi": "Puistosiivoustalkoot Kaisaniemessä", "sv": "Parkstädningstalko i Kajsaniemi",
        "en": "Park clean-up volunteering in Kaisaniemi"},
}  # fmt: skip
SHORT = {
    1: {"fi": "Satuja 3–6-vuotiaille.", "sv": "Sagor för 3–6-åringar.",
        "en": "Stories for 3–6-year-olds."},
    2: {"fi": "Dreijaus ja käsinrakennus.", "sv": "Drejning och handbyggnad.",
        "en": "Wheel throwing and hand building."},
    3: {"fi": "Tule mukaan siivoamaan puistoa.", "sv": "Kom med och städa parken.",
        "en": "Join us to tidy up the park."},
}  # fmt: skip
PLACE = {"fi": ("Keskustakirjasto Oodi", "Töölönlahdenkatu 4", "Helsinki"),
         "sv": ("Centrumbiblioteket Ode", "Tölöviksgatan 4", "Helsingfors"),
         "en": ("Central Library Oodi", "Töölönlahdenkatu 4", "Helsinki")}  # fmt: skip
MESSAGES = {
    "fi": ("Muistutus huomisesta", "Hei! Muistathan ottaa mukaan sisäkengät. Ovet avataan "
           "15 minuuttia ennen alkua.\n\nTervetuloa!"),
    "sv": ("Påminnelse om morgondagen", "Hej! Kom ihåg att ta med inneskor. Dörrarna öppnas "
           "15 minuter före start.\n\nVälkommen!"),
    "en": ("Reminder about tomorrow", "Hi! Please remember to bring indoor shoes. The doors "
           "open 15 minutes before the start.\n\nWelcome!"),
}  # fmt: skip


def _le_setup(mirrors: Path, site: Path, work: Path):
    sys.path.insert(0, str(site))
    import django
    from django.conf import settings

    (work / "templates").mkdir()
    git_dir = mirrors / LE.replace("/", "+") / "repo"
    names = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "--name-only", LE_COMMIT,
         "registrations/templates/"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    for name in names:
        if name.endswith(".html"):
            (work / "templates" / Path(name).name).write_text(
                _show(mirrors, LE, LE_COMMIT, name), encoding="utf-8"
            )
    for lang in ("fi", "sv"):
        folder = work / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        po = folder / "django.po"
        po.write_text(_show(mirrors, LE, LE_COMMIT, f"locale/{lang}/LC_MESSAGES/django.po"),
                      encoding="utf-8")  # fmt: skip
        subprocess.run(["msgfmt", "--check-format", "-o", str(folder / "django.mo"), str(po)],
                       check=True)  # fmt: skip
    settings.configure(
        DEBUG=False, USE_I18N=True, USE_TZ=True, TIME_ZONE="Europe/Helsinki",
        LANGUAGE_CODE="fi",
        LANGUAGES=[("fi", "Finnish"), ("sv", "Swedish"), ("en", "English"),
                   ("zh-hans", "Simplified Chinese"), ("ru", "Russian"), ("ar", "Arabic")],
        LOCALE_PATHS=[str(work / "locale")], INSTALLED_APPS=[],
        TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates",
                    "DIRS": [str(work / "templates")], "APP_DIRS": False}],
        DEFAULT_FROM_EMAIL=LE_FROM, SUPPORT_EMAIL="", LINKED_EVENTS_UI_URL=LE_UI,
        LINKED_REGISTRATIONS_UI_URL=LE_REG_UI, STATIC_URL="/static/",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )  # fmt: skip
    django.setup()

    # the sender's own modules, with their two imports stood in
    utils_src = _show(mirrors, LE, LE_COMMIT, "registrations/utils/notifications.py")
    utils = types.ModuleType("registrations.utils")
    exec(compile(utils_src, "registrations/utils/notifications.py", "exec"), utils.__dict__)
    event_mod = types.ModuleType("events.models")
    event_mod.Event = SimpleNamespace(TypeId=SimpleNamespace(GENERAL=1, COURSE=2, VOLUNTEERING=3))
    sys.modules.update({
        "registrations": types.ModuleType("registrations"), "registrations.utils": utils,
        "events": types.ModuleType("events"), "events.models": event_mod,
    })  # fmt: skip
    notif = types.ModuleType("registrations.notifications")
    src = _show(mirrors, LE, LE_COMMIT, "registrations/notifications.py")
    exec(compile(src, "registrations/notifications.py", "exec"), notif.__dict__)
    reg_utils = _show(mirrors, LE, LE_COMMIT, "registrations/utils/registration.py")
    ics = types.ModuleType("registrations.utils.registration")
    # create_events_ics_file_content and its helper, as written (Site is not needed by them)
    ics_src = reg_utils.replace("from django.contrib.sites.models import Site\n", "")
    exec(compile(ics_src, "registrations/utils/registration.py", "exec"), ics.__dict__)
    return notif, utils, ics


class _Named:
    """A translated field as modeltranslation gives it: the active language's value."""

    def __init__(self, values):
        self.values = values

    def __get__(self, obj, owner=None):
        from django.utils import translation

        return (
            self.values[obj.type_id].get(translation.get_language(), None)
            or self.values[obj.type_id]["fi"]
        )


class _Event:
    name = _Named(EVENTS)
    short_description = _Named(SHORT)

    def __init__(self, type_id, eid):
        from zoneinfo import ZoneInfo

        tz = ZoneInfo("Europe/Helsinki")
        self.type_id = type_id
        self.id = eid
        self.is_recurring_super_event = False
        self.start_time = datetime(2027, 1, 14, 17, 0, tzinfo=tz).astimezone(UTC)
        self.end_time = self.start_time + timedelta(hours=2)
        self.location = _Place()


class _Place:
    @property
    def _values(self):
        from django.utils import translation

        return PLACE.get(translation.get_language(), PLACE["fi"])

    name = property(lambda self: self._values[0])
    street_address = property(lambda self: self._values[1])
    address_locality = property(lambda self: self._values[2])


def _le_contact(lang, type_id, *, group=False, first_name="Aino"):
    event = _Event(type_id, f"helsinki:agk{type_id}q7ngmi")
    registration = SimpleNamespace(id=1400 + type_id, pk=1400 + type_id, event=event,
                                   confirmation_message=None)  # fmt: skip
    language = SimpleNamespace(pk=lang)
    contact = SimpleNamespace(
        first_name=first_name, email="noor.tester@example.com", registration=registration,
        signup_group_id=73 if group else None, signup_id=None if group else 5821,
        service_language=language, get_service_language_pk=lambda: lang,
    )  # fmt: skip
    return contact


def _le_bytes(email) -> bytes:
    msg = email.message()
    n = 0
    for part in msg.walk():
        if part.is_multipart():
            n += 1
            part.set_boundary(f"=_linkedevents_{n}_=")
    return msg.as_bytes(linesep="\r\n")


def _le_headers():
    from email.utils import format_datetime

    return {"Date": format_datetime(SENT), "Message-ID": "<corpus@mail.example>"}


def linkedevents(mirrors: Path, site: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        notif, utils, ics = _le_setup(mirrors, site, Path(tmp))
        _linkedevents(notif, utils, ics)


def _linkedevents(notif, utils, ics) -> None:
    from django.core.mail import EmailMultiAlternatives
    from django.template.loader import render_to_string
    from django.utils import translation
    from django.utils.translation import override

    T = notif.SignUpNotificationType
    base = "registrations/notifications.py; registrations/models.py; registrations/utils/"
    base += "{notifications,registration}.py; registrations/templates/{base_email,"
    rendered = ("Django 5.2.17 render_to_string of the sender's templates with its compiled "
                "catalogues, texts from its notifications.py; EmailMultiAlternatives."
                "message()")  # fmt: skip
    payment_url = "https://checkout.hel.fi/fi/7b3d9e21-4c5a-4f08-8e6b-92d1a0c4f3e5?lang="
    expiry = datetime(2027, 1, 10, 10, 30, tzinfo=UTC)
    signup_cases = [
        # ident, type, event type, group, template, payment
        ("signup-confirmation", T.CONFIRMATION, 1, False, "common_signup_confirmation", None),
        ("group-confirmation", T.CONFIRMATION, 2, True, "common_signup_confirmation", None),
        ("confirmation-with-payment", T.CONFIRMATION_WITH_PAYMENT, 2, False,
         "common_signup_confirmation", "pay"),
        ("waiting-list", T.CONFIRMATION_TO_WAITING_LIST, 3, False,
         "common_signup_confirmation", None),
        ("transferred-as-participant", T.TRANSFERRED_AS_PARTICIPANT, 1, False,
         "common_signup_confirmation", None),
        ("cancellation", T.CANCELLATION, 1, False, "cancellation_confirmation", None),
        ("cancellation-refunded", T.CANCELLATION, 2, False, "cancellation_confirmation",
         "refunded"),
        ("payment-expired", T.PAYMENT_EXPIRED, 2, False, "cancellation_confirmation", None),
        ("event-cancelled", T.EVENT_CANCELLATION, 1, False,
         "event_cancellation_confirmation", None),
    ]  # fmt: skip
    for lang in ("fi", "sv", "en"):
        for ident, ntype, type_id, group, template, pay in signup_cases:
            contact = _le_contact(lang, type_id, group=group)
            # get_notification_message, as written in registrations/models.py
            _, ui_locale = utils.get_ui_locales(contact.service_language)
            with override(ui_locale, deactivate=True):
                variables = notif.get_signup_notification_variables(
                    contact, access_code=ACCESS_CODE
                )
                variables["texts"] = notif.get_signup_notification_texts(
                    contact, ntype, payment_refunded=pay == "refunded",
                    payment_expiry_time=expiry if pay == "pay" else None,
                )  # fmt: skip
                variables["payment_url"] = payment_url + lang if pay == "pay" else None
                body = render_to_string(f"{template}.html", variables)
            subject = notif.get_signup_notification_subject(contact, ntype)
            email = EmailMultiAlternatives(subject, body, LE_FROM, [contact.email],
                                           headers=_le_headers())  # fmt: skip
            email.attach_alternative(body, "text/html")
            note = "the edit link carries the signup's access code (uuid4), only in the link"
            if ntype in (T.CONFIRMATION, T.CONFIRMATION_TO_WAITING_LIST):
                content = ics.create_events_ics_file_content([contact.registration.event], lang)
                email.attach(f"event_{contact.registration.event.id}.ics", content,
                             "text/calendar")  # fmt: skip
            if pay == "pay":
                note = "payment link to the web shop; no code"
            _record(
                _le_bytes(email), source="linkedevents", ident=ident, lang=lang,
                kind="notice", code=None, repository=LE,
                commit=LE_COMMIT, licence="MIT",
                path=base + f"{template}}}.html; locale/{{fi,sv}}/LC_MESSAGES/django.po",
                rendered=rendered + "; text/plain and text/html both the HTML",
                note=note,
            )  # fmt: skip

        # message to attendees (get_registration_message + send_mass_html_mail)
        contact = _le_contact(lang, 2, first_name="Aino")
        subject, text = MESSAGES[lang]
        cleaned = text.replace("\n", "<br>")
        _, ui_locale = utils.get_ui_locales(contact.service_language)
        with override(ui_locale):
            variables = notif.get_signup_notification_variables(contact)
            variables["body"] = cleaned
            body = render_to_string("message_to_signup.html", variables)
        email = EmailMultiAlternatives(subject, text, "", [contact.email],
                                       headers=_le_headers())  # fmt: skip
        email.attach_alternative(body, "text/html")
        _record(
            _le_bytes(email), source="linkedevents", ident="message-to-signup", lang=lang,
            kind="notice", code=None, repository=LE, commit=LE_COMMIT, licence="MIT",
            path=base + "message_to_signup,_message_to_signup_heading}.html; "
            "registrations/api.py; locale/{fi,sv}/LC_MESSAGES/django.po",
            rendered=rendered + "; send_mail with the organiser's plain text and the HTML",
            note="an organiser's message (subject and body written here) to a course's "
            "attendees",
        )  # fmt: skip

        # user-access invitation (RegistrationUserAccess.send_invitation)
        for ident, substitute in (("user-access-invitation", False),
                                  ("substitute-user-invitation", True)):  # fmt: skip
            event = _Event(1, "helsinki:agk1q7ngmi")
            registration = SimpleNamespace(id=1401, pk=1401, event=event)
            access = SimpleNamespace(
                registration=registration, email="noor.tester@example.com",
                is_substitute_user=substitute, get_language_pk=lambda lang=lang: lang,
            )  # fmt: skip
            subject = notif.get_registration_user_access_invitation_subject(access)
            variables = notif.get_registration_user_access_invitation_variables(access)
            variables["texts"] = notif.get_registration_user_access_invitation_texts(access)
            with translation.override(lang):
                body = render_to_string("registration_user_access_invitation.html", variables)
            email = EmailMultiAlternatives(str(subject), body, LE_FROM, [access.email],
                                           headers=_le_headers())  # fmt: skip
            email.attach_alternative(body, "text/html")
            _record(
                _le_bytes(email), source="linkedevents", ident=ident, lang=lang,
                kind="notice", code=None, repository=LE, commit=LE_COMMIT, licence="MIT",
                path=base + "registration_user_access_invitation}.html; "
                "locale/{fi,sv}/LC_MESSAGES/django.po",
                rendered=rendered + "; send_mail, text/plain and text/html both the HTML",
                note="the subject is formatted outside translation.override "
                "(get_registration_user_access_invitation_subject), so it is in the active "
                "language, here LANGUAGE_CODE fi; no code",
            )  # fmt: skip

    # paid registration to the financial admins, always in DEFAULT_LANG (fi)
    event = _Event(2, "helsinki:agk2q7ngmi")
    with translation.override("fi"):
        event_name = event.name
        subject = translation.gettext("New paid registration - %(event_name)s") % {
            "event_name": event_name
        }
    variables = {
        "event_name": event_name,
        "registration_url": f"{LE_UI}/fi/registrations/edit/1402",
        "linked_events_ui_url": LE_UI,
    }
    with translation.override("fi"):
        body = render_to_string("paid_registration_notification.html", variables)
    email = EmailMultiAlternatives(subject, "", LE_FROM, ["noor.tester@example.com"],
                                   headers=_le_headers())  # fmt: skip
    email.attach_alternative(body, "text/html")
    _record(
        _le_bytes(email), source="linkedevents", ident="paid-registration", lang="fi",
        kind="notice", code=None, repository=LE, commit=LE_COMMIT, licence="MIT",
        path=base + "paid_registration_notification}.html; locale/fi/LC_MESSAGES/django.po",
        rendered=rendered + "; send_mail with an empty text part and the HTML",
        note="to the organisation's financial admins",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# coopdevs/timeoverflow (Rails ActionMailer, ERB views, YAML locales)

TO_HOST = "https://www.timeoverflow.org"


def _erb_e(value: str) -> str:
    """ERB::Util.html_escape: & < > " ' (as &#39;)."""
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))  # fmt: skip


def timeoverflow(mirrors: Path) -> None:
    import yaml

    locales = {}
    for lang in ("es", "ca", "pt-BR", "en"):
        data = yaml.safe_load(_show(mirrors, TO, TO_COMMIT, f"config/locales/{lang}.yml"))
        locales[lang] = data[lang]
    mailer = _show(mirrors, TO, TO_COMMIT, "app/mailers/organization_notifier.rb")
    views = {
        name: _show(mirrors, TO, TO_COMMIT, f"app/views/organization_notifier/{name}.html.erb")
        for name in ("member_deleted", "new_petition", "petition_sent",
                     "no_membership_warning", "recent_posts")
    }  # fmt: skip
    for subject in ("New Application - #{organization.name}", "'Application sent correctly'",
                    "Membership deleted - #{organization.name}",
                    '"Do not forget to join a Timebank"'):  # fmt: skip
        assert subject in mailer, subject

    org = "Banc de Temps de Sants"
    for lang in ("es", "ca", "pt-BR", "en"):

        def t(key, lang=lang, **kw):
            for loc in (lang, "es"):  # fallbacks to the default locale
                value = locales[loc]
                for part in key.split("."):
                    value = value.get(part) if isinstance(value, dict) else None
                if value is not None:
                    break
            assert value is not None, key
            return re.sub(r"%\{(\w+)\}", lambda m: str(kw[m.group(1)]), value)

        mails = []
        assert views["member_deleted"].strip() == (
            '<%= t("organization_notifier.member_deleted.body", username: @username) %>'
        )
        mails.append(("member-deleted", f"Membership deleted - {org}",
                      _erb_e(t("organization_notifier.member_deleted.body",
                               username="jordi.puig")) + "\n"))  # fmt: skip
        assert (
            "here_link: link_to(t('global.here'), manage_petitions_url)).html_safe"
            in (views["new_petition"])
        )
        here = f'<a href="{TO_HOST}/petitions/manage">{_erb_e(t("global.here"))}</a>'
        mails.append(("new-petition", f"New Application - {org}",
                      t("petitions.new_body", username="laia.ferrer", organization_name=org,
                        here_link=here) + "\n"))  # fmt: skip
        assert views["petition_sent"].strip() == (
            "<%= t('petitions.application_sent_body', organization_name: @organization_name) %>"
        )
        mails.append(("petition-sent", "Application sent correctly",
                      _erb_e(t("petitions.application_sent_body", organization_name=org))
                      + "\n"))  # fmt: skip
        assert views["no_membership_warning"].strip() == (
            "<%= t('layouts.application.no_memberhsip_warning', link: organizations_url)"
            ".html_safe %>"
        )
        mails.append(("no-membership-warning", "Do not forget to join a Timebank",
                      t("layouts.application.no_memberhsip_warning",
                        link=f"{TO_HOST}/organizations") + "\n"))  # fmt: skip
        mails.append(("recent-posts", t("organization_notifier.recent_posts.subject"),
                      _recent_posts(views["recent_posts"], t, org)))  # fmt: skip
        for ident, subject, body in mails:
            raw = message(sender='"TimeOverflow" <info@timeoverflow.org>', subject=subject,
                          text=None, html_part=body, sent=SENT)  # fmt: skip
            name = ident.replace("-", "_")
            _record(
                raw, source="timeoverflow", ident=ident, lang=lang.split("-")[0],
                kind="notice", code=None, repository=TO, commit=TO_COMMIT,
                licence="AGPL-3.0-only",
                path=f"app/mailers/organization_notifier.rb; app/views/organization_notifier/"
                f"{name}.html.erb; config/locales/{lang}.yml; config/locales/es.yml",
                rendered="ActionMailer view filled in Python as ERB does (html_escape unless "
                "html_safe, statement lines trimmed); one text/html part",
            )  # fmt: skip


def _recent_posts(view: str, t, org: str) -> str:
    offers = [(3187, "Classes de guitarra per a principiants", "Música"),
              (3202, "Acompanyament al metge", "Acompanyament")]  # fmt: skip
    inquiries = [(3190, "Ajuda per pintar una habitació", "Bricolatge")]
    out = []
    lines = view.split("\n")
    i = 0
    keep_stack: list[bool] = []

    def visible() -> bool:
        return all(keep_stack)

    loop_body: list[str] = []
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith(("<% if @offers.present?", "<% if @inquiries.present?")):
            keep_stack.append(True)
        elif stripped.startswith(("<% @offers.each", "<% @inquiries.each")):
            kind = "offer" if "offers" in stripped else "inquiry"
            items = offers if kind == "offer" else inquiries
            j = i + 1
            loop_body = []
            while lines[j].strip() != "<% end %>":
                loop_body.append(lines[j])
                j += 1
            for pid, title, cat in items:
                for body_line in loop_body:
                    body_line = body_line.replace(
                        f"<%= {kind}_url({kind}.id)%>",
                        f"{TO_HOST}/{'offers' if kind == 'offer' else 'inquiries'}/{pid}",
                    )
                    body_line = body_line.replace(
                        f'<%= "#{{{kind}.title}} (#{{{kind}.try(&:category_name)}})" %>',
                        _erb_e(f"{title} ({cat})"),
                    )
                    assert "<%" not in body_line, body_line
                    out.append(body_line)
            i = j + 1
            continue
        elif stripped == "<% end %>":
            keep_stack.pop()
        elif visible():
            line = re.sub(
                r'<%= t\("organization_notifier\.recent_posts\.(text\d)"\) %>',
                lambda m: _erb_e(t(f"organization_notifier.recent_posts.{m.group(1)}")),
                line,
            )
            line = line.replace(
                '<%= t("mailers_globals.footer.text", organization_name: @organization_name) %>',
                _erb_e(t("mailers_globals.footer.text", organization_name=org)),
            )
            line = line.replace("<%= root_url %>", TO_HOST + "/")
            line = re.sub(
                r"<%= t\(\"mailers_globals\.footer\.text_donation\".*%>",
                lambda m: t(
                    "mailers_globals.footer.text_donation",
                    href='<a href="https://www.teaming.net/poreldesarrollodelosbancosdetiempo">'
                    + _erb_e(t("mailers_globals.footer.text_donation_link"))
                    + "</a>",
                ),
                line,
            )
            assert "<%" not in line, line
            out.append(line)
        i += 1
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--django-site", type=Path,
                        default=Path("/tmp/djvenv/lib/python3.11/site-packages"))  # fmt: skip
    args = parser.parse_args()
    ieducar(args.mirrors)
    linkedevents(args.mirrors, args.django_site)
    timeoverflow(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
