"""Round 25, events (blind): Hasgeek's Funnel (event, conference and RSVP platform behind
hasgeek.com) sign-in, confirmation and password mails, Gathio's event and RSVP mails and
MAGFest's Ubersystem convention registration mails and the Devoxx and TDC
call-for-papers sign-in mails, rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_events.py \\
        --mirrors /work/.mirror

- hasgeek/funnel (AGPL-3.0-only, Flask), commit FUNNEL_COMMIT:
  ``funnel/views/otp.py`` (``OtpSessionForLogin/ForSudo/ForReset/ForNewEmail.send_email``)
  and ``funnel/views/email.py`` (``send_email_verify_link``) render
  ``funnel/templates/email_{login_otp,sudo_otp,account_reset,add_otp,account_verify}.html.jinja2``
  (all extending ``notifications/layout_email.html.jinja2`` and importing
  ``notifications/macros_email.html.jinja2``) with subjects ``_("Login OTP {otp}")``,
  ``_("Confirmation OTP {otp}")``, ``_("Reset your password - OTP {otp}")``,
  ``_("OTP {otp} to verify your email address")`` and ``_("Verify your email address")``.
  The OTP is ``coaster.utils.newpin()`` (four digits) and is the code of those four mails;
  the verification mail has only a link (a notice). ``funnel/views/notifications/
  account_notification.py`` (``RenderAccountPasswordNotification``) renders
  ``notifications/user_password_set_email.html.jinja2`` with the view's hero image, heading
  ``Password updated!`` and reason line, subject ``"⚠️ " + _("Your password has been
  updated")``, from ``Hasgeek`` (``RenderNotification.email_from``): a notice.
  ``funnel/views/notifications/rsvp_notification.py`` renders the registration
  confirmation and cancellation (``notifications/rsvp_{yes,no}_email.html.jinja2``,
  subjects ``"🎟️ " + _("Registration confirmation for {project}")`` / ``_("Registration
  cancelled for {project}")``) for a project with no scheduled session and no pinned update
  (so no ``event.ics`` attachment and no next-session line): notices. Notification links
  carry ``tracking_tags()`` (utm_campaign the bare type, as these types are
  ``for_private_recipient``), the unsubscribe link ``/account/notifications/unsubscribe/
  <token>`` with utm_source=unsubscribe, and the HTML's base URL is the document's URL.
  The JSON-LD the senders pass (``jsonld_confirm_action``, ``jsonld_view_action``,
  ``jsonld_event_reservation`` of ``funnel/transports/email/send.py``) goes into the
  layout's ``<script type="application/ld+json">`` through Flask's ``tojson`` (sorted
  keys, ASCII, HTML-safe escapes, datetimes as HTTP dates), re-implemented here.

  Rendering: ``funnel/transports/email/send.py`` ``send_email`` sends
  multipart/alternative with ``html2text(content)`` as the text part and
  ``premailer.transform(content, base_url=...)`` as the HTML part. The templates are run by
  jinja2 with the ``jinja2.ext.i18n`` extension and new-style gettext callables (what
  Flask-Babel installs), autoescape off (Flask's ``select_jinja_autoescape`` is off for
  names ending ``.jinja2``), ``get_locale()``, ``config`` (SITE_SUPPORT_EMAIL and phone)
  and a ``url_for`` that builds the external URLs on the example domain. Strings come
  from ``funnel/translations/hi_IN/LC_MESSAGES/messages.po`` (read with polib; an empty
  msgstr falls back to the English msgid, as gettext does). Of these mails the Hindi
  catalogue translates only the verification mail (subject, button and closing line; its
  "Hello" line is not) - the OTP mails' strings and subjects and the password notice's
  heading and body are empty there - so it alone also goes out in hi-IN. html2text (2025.4.15,
  the venv's) is used as is; premailer 3.10.0 with cssutils, polib and babel are installed
  with ``pip install --target /tmp/r25events_lib premailer polib babel jinja2`` (jinja2 3.1.6).
- lowercasename/gathio (GPL-3.0-or-later, Node/Express event and RSVP app), commit
  GATHIO_COMMIT: ``src/lib/email.ts`` ``EmailService.sendEmailFromTemplate`` renders
  ``views/emails/<name>/<name>Html.handlebars`` and ``<name>Text.handlebars`` through
  express-handlebars ``renderView`` with ``layout: "email.handlebars"`` passed for both
  (so the text part is wrapped in the HTML layout ``views/layouts/email.handlebars`` too,
  as the code does), with domain, contactEmail, siteName, siteLogo (empty: the layout's
  ``{{#if siteLogo}}`` falls back to the domain's gif) and the template data, and sends
  subject ``"<site_name>: " + subject`` with both parts through nodemailer from
  ``config.general.email``. The ``t`` helper (``src/helpers.ts``) is
  ``i18next.t(key, context)`` (flat dotted keys in ``locales/<lng>.json``, interpolation
  ``{{ name }}`` with escapeValue off, ``src/app.ts``) compiled again by Handlebars
  against the context; its result is escaped by ``{{ }}`` (``&<>"'`=`` as Handlebars'
  ``escapeExpression`` does) and not by ``{{{ }}}``. A small renderer does exactly that
  for the constructs these files use (``{{x}}``, ``{{{x}}}``, ``{{t "k"}}``,
  ``{{{t "k"}}}``, ``{{#if x}}..{{else}}..{{/if}}``). The language is i18next's, taken
  from the request's Accept-Language; en, de, ja and nn (all four catalogues translate
  these mails). Mails: ``addEventAttendee`` (subject ``routes.addeventattendeesubject``),
  whose removal password ``niceware.generatePassphrase(6).join("-")`` (three niceware
  words joined by hyphens, stored and compared as that string) the reader types on the
  event page to leave it: the code, hyphens kept as part of the password;
  ``attendeePendingConfirmation`` (the password only inside a link: a notice; English
  only, the other catalogues lack its strings);
  ``createEvent`` (subject the event name; the edit token, 32 characters of
  ``Math.random().toString(36).charAt(2)`` (0-9a-z), only in links: a notice);
  ``unattendEvent`` (subject ``routes.removeeventattendeesubject``: a notice);
  ``createEventGroup`` (subject the group name), which asks the reader to copy two codes,
  the group ID and the secret editing code, into the event form: null, two codes.
- magfest/ubersystem (AGPL-3.0-only, CherryPy/Jinja2 convention registration system behind
  MAGFest), commit UBER_COMMIT: ``uber/automated_emails.py`` defines the fixtures (subject,
  template, sender) ``badge_transfer_code`` (``reg_workflow/pending_code.txt``),
  ``code_badge_transfer_new_badge`` / ``code_badge_transfer_old_badge``
  (``reg_workflow/badge_transferee.txt`` / ``badge_transferer.txt``),
  ``new_art_agent_code`` (``art_show/agent_code.html``), ``admin_password_reset``
  (``accounts/password_reset.txt``), ``new_admin_account`` (``accounts/new_account.txt``),
  ``attendee_password_reset``
  (``accounts/password_reset.html``) and ``local_account_setup``
  (``accounts/new_account.html``), all under ``uber/templates/emails/``.
  ``uber/models/email.py`` renders the raw template text with
  ``JinjaEnv.env().from_string(text).render(data)``; ``uber/jinja.py`` sets autoescape,
  ``trim_blocks``, ``lstrip_blocks`` and ``keep_trailing_newline``, which jinja2 does here
  too, with the ``email_only`` filter and ``event_dates()`` of ``uber/custom_tags.py``
  re-implemented as written. ``uber/email.py`` sends through SES a single body,
  ``bodyText`` for ``.txt`` templates and ``bodyHtml`` for ``.html`` ones, so each mail is
  one text/plain or text/html part; the subject is the fixture's, ``format_map``-ed. Config
  values are ``uber/configspec.ini`` defaults (event name MAGFest, password reset hours
  48, one agent per application, attendee accounts on, no consent form, empty email
  signatures) with an example URL base, year and dates. Codes come from
  ``RegistrationCode.generate_random_code`` (``uber/utils.py``): nine characters of 0-9A-Z
  without the ambiguous O I Z S G B, in groups of three joined by hyphens
  (``textwrap.wrap``), hyphens dropped in the label as reading separators. Labels: the
  pending badge's transfer code (pending_code) and the new art show agent code are the
  codes of their mails; the admin mails give a password ``genpasswd()`` made (four words
  of ``uber/static/correcthorsebatterystaple/*.txt``, lowercase, 4-7 letters, joined by
  spaces; the words used are in ``wordlist.txt``): the code, spaces kept as part of it
  (SSO off, so the password is shown); the two transfer mails each show two codes (the pending badge's
  and the transferring badge's): null; the password and account mails carry only links.
  English only (the project has no translations).
- nicmarti/cfp-devoxx (MIT, Play/Scala call-for-papers app of Devoxx FR), commit
  DEVOXX_COMMIT: ``app/notifiers/TransactionalEmails.scala`` sends ``sendAccessCode``
  (subject ``mail.access_code.subject``), ``sendResetPasswordLink``
  (``mail.reset_password_link.subject`` with the time ``HH:mm dd/MM``) and
  ``sendValidateYourEmail`` (``mail.email_validation.subject``) as a text and an HTML
  part from the Twirl views ``app/views/Mails/{sendAccessCode,sendResetLink,
  sendValidateYourEmail}.scala.{txt,html}``. The access code is the user's password,
  ``RandomStringUtils.randomAlphabetic(7)`` (``app/models/Webuser.scala``, seven ASCII
  letters of either case), sent after sign-up to type with the login: the code. The other
  two mails carry only links (notices). Rendering: a small Twirl renderer doing what the
  compiled views do for these files: output starts right after the parameter line (its
  newline kept), ``@if(ConferenceDescriptor.current().frLangEnabled) { ... }`` (true in
  ``app/models/ConferenceDescriptor.scala``) keeps the block's text as written, ``@x``
  inserts a value, escaped in ``.html`` views (``HtmlFormat``: ``<>"'&``) and not in
  ``.txt`` ones, ``@Html(x)`` inserts it raw, ``@Messages("k")`` reads ``conf/messages``
  or ``conf/messages.fr`` (Java MessageFormat: ``{0}`` arguments, ``''`` for a quote, a lone
  ``'`` quoting what follows, as in the French reset subject's ``d'accès``),
  ``cfpURL`` is ``http://cfp.devoxx.fr`` (the default hostname, HTTPS off) and the routes
  come from ``conf/routes`` (``/bug``, ``/resetpassword``, ``/newspeaker/validateMail``;
  query values URL-encoded as Play's reverse router does). ``Messages`` here has no request,
  so it uses the application's first language (``application.langs=${CFP_LANG}``): each
  mail is rendered for CFP_LANG en and fr, which changes the subject (and the conference
  name, the same in both); the bodies are bilingual (English, then the French section).
  From ``program@devoxx.fr``, the configured default of ``mail.from``.
  ``Mails.sendGoldenTicketEmail`` (called from ``app/library/ZapActor.scala``) sends a
  reviewer invited to the Golden Ticket programme the French-only views
  ``app/views/Mails/goldenticket/sendGoldenTicketEmail.scala.{txt,html}`` (subject
  ``mail.goldenticket.subject`` with ``shortYearlyName``, rendered for CFP_LANG fr; the
  HTML view writes ``@@media`` for a literal ``@media``). ``app/models/GoldenTicket.scala``
  creates the reviewer account with password ``RandomStringUtils.randomAlphabetic(8)``,
  the "code d'accès personnel" to type with the email address (the code), and the ticket
  id ``email.hashCode`` and ``ticketId.hashCode`` run together (Java ``String.hashCode``,
  computed here); the ticket number is 16 random digits (``randomNumeric(16)``, the admin
  form's default).
- thedevconf/cfp-devoxx-tdc (MIT), commit TDC_COMMIT: The Developer's Conference (Brazil)
  fork of the same CFP app, whose ``app/notifiers/Mails.scala`` sends the same three mails
  through the Play mailer plugin (``emailer.send(text, html)``) with its own Portuguese-then-
  English views ``app/views/Mails/{sendAccessCode,sendResetLink,sendValidateYourEmail}
  .scala.{txt,html}`` and subjects from ``conf/messages`` (``implicit val lang =
  Lang(CFP_LANG or "pt")``; ``conf/messages`` is the Portuguese file), the conference
  name ``naming.shortTitle + " CFP"`` (``TDC 2021 1ª edição``, ``ConferenceDescriptor
  .scala``), the default hostname ``cfp-edicao1.thedevconf.com.br`` over http, the reset
  time in America/Sao_Paulo, from the default ``organizacao@thedevelopersconference.com.br``.
  Rendered by the same Twirl renderer; the access code is again ``randomAlphabetic(7)``.
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

from collect import HERE, message

# pip install --target /tmp/r25events_lib premailer polib babel jinja2
sys.path.insert(0, "/tmp/r25events_lib")
import logging

import jinja2
import polib
from html2text import html2text
from premailer import transform

logging.getLogger("CSSUTILS").setLevel(logging.CRITICAL)

FUNNEL = "hasgeek/funnel"
FUNNEL_COMMIT = "eaed75d053027044fd526789ff9721d3b48285bb"
DOMAIN = "hasgeek.example.com"
SENT = datetime(2026, 12, 4, 10, 15, tzinfo=UTC)
ITEMS: list[dict] = []
FUNNEL_PROJECT = (
    "The Fifth Elephant / Data Privacy Meetup",
    "https://hasgeek.example.com/fifthelephant/data-privacy-meetup",
)
# Renderer classes of funnel/views/notifications/{account,rsvp}_notification.py (type_ from
# funnel/models/notification_types.py; all three are for_private_recipient, so the
# utm_campaign is the bare type).
FUNNEL_NOTIFICATIONS = {
    "user_password_set": {
        "hero_image": "img/email/chars-v1/password.png",
        "heading": "Password updated!",
        "reason": "You are receiving this because you have an account at hasgeek.com",
        "subject": "Your password has been updated",
        "emoji": "⚠️ ",
        "token": "eyJidWlkIjoiN2ZRbXRaSjJYcHY0SzFkR2VFc2EiLCJ0eXBlIjoidXNlcl9wYXNzd29yZF9zZXQifQ.Z1B5cg.k3Xq9Wc2Lr7TnVb0Ej4Ym8Hd6Pa",
        "base_url": "https://hasgeek.example.com/ananya",
    },
    "rsvp_yes": {
        "hero_image": "img/email/chars-v1/registration-confirmed.png",
        "heading": "Registration confirmed!",
        "reason": "You are receiving this because you have registered for this project",
        "subject": "Registration confirmation for {project}",
        "emoji": "🎟️ ",
        "token": "eyJidWlkIjoiN2ZRbXRaSjJYcHY0SzFkR2VFc2EiLCJ0eXBlIjoicnN2cF95ZXMifQ.Z1B5cg.Qm2Rt8Vx4Nc7Lb1Hs9Kd3Wf6Jp0",
        "base_url": "https://hasgeek.example.com/fifthelephant/data-privacy-meetup",
    },
    "rsvp_no": {
        "hero_image": "img/email/chars-v1/registration-cancelled.png",
        "heading": "Registration cancelled",
        "reason": "You are receiving this because you had registered for this project",
        "subject": "Registration cancelled for {project}",
        "emoji": "🎟️ ",
        "token": "eyJidWlkIjoiN2ZRbXRaSjJYcHY0SzFkR2VFc2EiLCJ0eXBlIjoicnN2cF9ubyJ9.Z1B5cg.Tz5Wn1Kc8Rb3Xv7Mq2Hd9Lf4Gs6",
        "base_url": "https://hasgeek.example.com/fifthelephant/data-privacy-meetup",
    },
}


def _show(git_dir: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _write(item: dict, raw: bytes) -> None:
    path = HERE / item["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# Funnel


def _funnel_gettext(git_dir: Path, locale: str):
    if locale == "en":
        return lambda s: s
    po = polib.pofile(
        _show(git_dir, FUNNEL_COMMIT, f"funnel/translations/{locale}/LC_MESSAGES/messages.po")
    )
    table = {
        e.msgid: e.msgstr for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags
    }
    return lambda s: table.get(s, s)


def _url_for(endpoint: str, _external: bool = False, **kw) -> str:
    if endpoint == "static":
        return f"https://{DOMAIN}/static/{kw['filename']}"
    paths = {"reset": "/account/reset"}
    return f"https://{DOMAIN}{paths[endpoint]}"


def _flask_tojson(obj) -> str:
    """Flask's ``tojson``: ``app.json.dumps`` (sort_keys, ensure_ascii, datetimes as HTTP
    dates) made HTML-safe as ``markupsafe``'s ``htmlsafe_json_dumps`` does."""
    from email.utils import format_datetime as http_date

    def default(value):
        return http_date(value, usegmt=True)

    text = json.dumps(obj, default=default, ensure_ascii=True, sort_keys=True)
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(ch, esc)
    return text


def _funnel_jsonld(group: str, subject: str, params: dict, gettext) -> dict | None:
    """The schema.org JSON-LD each sender passes (funnel/transports/email/send.py)."""
    if group == "verify-email":  # jsonld_confirm_action
        return {
            "@context": "https://schema.org",
            "@type": "EmailMessage",
            "description": subject,
            "potentialAction": {
                "@type": "ConfirmAction",
                "name": gettext("Verify email address"),
                "handler": {"@type": "HttpActionHandler", "url": params["url"]},
            },
        }
    publisher = {"@type": "Organization", "name": "Hasgeek", "url": f"https://{DOMAIN}/"}
    if group == "reset-otp":  # jsonld_view_action
        return {
            "@context": "https://schema.org",
            "@type": "EmailMessage",
            "description": subject,
            "potentialAction": {
                "@type": "ViewAction",
                "name": gettext("Reset password"),
                "url": params["url"],
            },
            "publisher": publisher,
        }
    if group == "rsvp-cancelled":  # jsonld_view_action(joined_title, project url, "View project")
        return {
            "@context": "https://schema.org",
            "@type": "EmailMessage",
            "description": FUNNEL_PROJECT[0],
            "potentialAction": {
                "@type": "ViewAction",
                "name": gettext("View project"),
                "url": FUNNEL_PROJECT[1],
            },
            "publisher": publisher,
        }
    if group == "rsvp-confirmed":  # jsonld_event_reservation: no venue, no start date
        return {
            "@context": "https://schema.org",
            "@type": "EventReservation",
            "reservationNumber": "7pSVmZ3kqDNu2bXcHf9TwR",
            "reservationStatus": "https://schema.org/ReservationConfirmed",
            "underName": {"@type": "Person", "name": "Ananya Rao"},
            "reservationFor": {
                "@type": "Event",
                "name": FUNNEL_PROJECT[0],
                "url": FUNNEL_PROJECT[1],
                "startDate": None,
                "location": {"@type": "VirtualLocation", "url": FUNNEL_PROJECT[1]},
                "performer": {
                    "@type": "Organization",
                    "name": "The Fifth Elephant",
                    "image": "https://images.hasgeek.example.com/embed/file/3c1f0a9e2b7d4c58a6e1f2d3b4c5a697",
                },
            },
            "modifyReservationUrl": FUNNEL_PROJECT[1],
            "modifiedTime": datetime(2026, 12, 4, 10, 14, 52, tzinfo=UTC),
            "numSeats": "1",
        }
    return None  # the OTP mails and the password notice pass none


def funnel(mirrors: Path) -> None:
    from types import SimpleNamespace as NS

    git_dir = mirrors / "hasgeek+funnel" / "repo"
    names = [
        "notifications/layout_email.html.jinja2",
        "notifications/macros_email.html.jinja2",
        "notifications/user_password_set_email.html.jinja2",
        "notifications/rsvp_yes_email.html.jinja2",
        "notifications/rsvp_no_email.html.jinja2",
        "email_login_otp.html.jinja2",
        "email_sudo_otp.html.jinja2",
        "email_account_reset.html.jinja2",
        "email_add_otp.html.jinja2",
        "email_account_verify.html.jinja2",
    ]
    sources = {n: _show(git_dir, FUNNEL_COMMIT, f"funnel/templates/{n}") for n in names}
    fullname = "Ananya Rao"
    mails = [
        # (group, template, subject msgid, vars, code, locales)
        ("login-otp", "email_login_otp", "Login OTP {otp}", {"otp": "4827"}, "4827", ["en"]),
        ("sudo-otp", "email_sudo_otp", "Confirmation OTP {otp}", {"otp": "6159"}, "6159", ["en"]),
        (
            "reset-otp",
            "email_account_reset",
            "Reset your password - OTP {otp}",
            {
                "otp": "3094",
                "url": f"https://{DOMAIN}/account/reset/Ijk3ZTI0YzFmIg.Z1B4kQ.q8VfX2rN7mT0sLp3yHc5Kd1Wb4E"
                "?utm_medium=email&utm_source=account-reset",
            },
            "3094",
            ["en"],
        ),
        (
            "add-email-otp",
            "email_add_otp",
            "OTP {otp} to verify your email address",
            {"otp": "7712"},
            "7712",
            ["en"],
        ),
        (
            "verify-email",
            "email_account_verify",
            "Verify your email address",
            {
                "url": f"https://{DOMAIN}/account/confirm/5d41402abc4b2a76b9719d911017c592/"
                "x7Kp2QwR9mZt4VbN?utm_medium=email&utm_source=account-verify",
            },
            None,
            ["en", "hi_IN"],
        ),
        (
            "password-updated",
            "notifications/user_password_set_email",
            "user_password_set",
            {},
            None,
            ["en"],
        ),
        ("rsvp-confirmed", "notifications/rsvp_yes_email", "rsvp_yes", {}, None, ["en"]),
        ("rsvp-cancelled", "notifications/rsvp_no_email", "rsvp_no", {}, None, ["en"]),
    ]
    for group, template, subject_id, variables, code, locales in mails:
        for locale in locales:
            gettext = _funnel_gettext(git_dir, locale)
            env = jinja2.Environment(
                loader=jinja2.DictLoader(sources), extensions=["jinja2.ext.i18n"], autoescape=False
            )
            env.install_gettext_callables(
                gettext, lambda s, p, n: s if n == 1 else p, newstyle=True
            )
            env.filters["tojson"] = _flask_tojson
            env.globals.update(
                get_locale=lambda locale=locale: locale,
                url_for=_url_for,
                config={
                    "SITE_SUPPORT_EMAIL": "support@hasgeek.example.com",
                    "SITE_SUPPORT_PHONE": "+917676332020",
                    "SITE_SUPPORT_PHONE_FORMATTED": "+91 76763 32020",
                },
            )
            params = dict(variables)
            params.setdefault("fullname", fullname)
            sender = "Hasgeek <sender@hasgeek.example.com>"
            base_url = f"https://{DOMAIN}/"
            if subject_id in FUNNEL_NOTIFICATIONS:
                note = FUNNEL_NOTIFICATIONS[subject_id]
                tags = f"utm_campaign={subject_id}&utm_medium=email&utm_source="
                project = NS(
                    joined_title=FUNNEL_PROJECT[0],
                    next_session_at=None,
                    pinned_update=None,
                    url_for=lambda _external=True, _anchor=None, **kw: (
                        f"{FUNNEL_PROJECT[1]}?"
                        + "&".join(f"{k}={v}" for k, v in kw.items())
                        + (f"#{_anchor}" if _anchor else "")
                    ),
                )
                params["view"] = NS(
                    hero_image=note["hero_image"],
                    email_heading=gettext(note["heading"]),
                    reason_email=gettext(note["reason"]),
                    unsubscribe_url_email=(
                        f"https://{DOMAIN}/account/notifications/unsubscribe/"
                        f"{note['token']}?{tags}unsubscribe"
                    ),
                    rsvp=NS(project=project),
                    tracking_tags=lambda subject_id=subject_id: {
                        "utm_campaign": subject_id,
                        "utm_medium": "email",
                        "utm_source": "notification",
                    },
                )
                subject = note["emoji"] + gettext(note["subject"]).format(project=FUNNEL_PROJECT[0])
                base_url = note["base_url"]
            else:
                subject = gettext(subject_id).format(otp=params.get("otp", ""))
            params.setdefault("view", None)
            params["jsonld"] = _funnel_jsonld(group, subject, params, gettext)
            content = env.get_template(f"{template}.html.jinja2").render(**params)
            body = html2text(content)
            html = transform(content, base_url=base_url)
            raw = message(sender=sender, subject=subject, text=body, html_part=html, sent=SENT)
            lang = "en" if locale == "en" else "hi-IN"
            item = {
                "id": f"funnel-{group}-{lang}",
                "group": f"funnel-{group}",
                "source": "funnel",
                "lang": lang,
                "kind": "saas-otp" if code else "notice",
                "code": code,
                "repository": FUNNEL,
                "path": ",".join(
                    [
                        f"funnel/templates/{template}.html.jinja2",
                        "funnel/templates/notifications/layout_email.html.jinja2",
                        "funnel/templates/notifications/macros_email.html.jinja2",
                        "funnel/views/otp.py"
                        if code
                        else "funnel/views/notifications/rsvp_notification.py"
                        if group.startswith("rsvp")
                        else "funnel/views/notifications/account_notification.py"
                        if group == "password-updated"
                        else "funnel/views/email.py",
                        "funnel/transports/email/send.py",
                    ]
                    + (
                        [f"funnel/translations/{locale}/LC_MESSAGES/messages.po"]
                        if locale != "en"
                        else []
                    )
                ),
                "commit": FUNNEL_COMMIT,
                "licence": "AGPL-3.0-only",
                "rendered": "jinja2 with i18n new-style gettext over the template and layout; "
                "text part html2text(content), HTML part premailer.transform",
                "file": f"mail/funnel/funnel-{group}-{lang}.eml",
            }
            _write(item, raw)


# ---------------------------------------------------------------------------------------
# Gathio

GATHIO = "lowercasename/gathio"
GATHIO_COMMIT = "0ad890c98af7d34790f7468b3acb2194b2d89f37"
GATHIO_DOMAIN = "gathio.example.org"
_HB_ESCAPE = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "'": "&#x27;",
    "`": "&#x60;",
    "=": "&#x3D;",
}


def _hb_escape(value: str) -> str:
    return re.sub(r"[&<>\"'`=]", lambda m: _HB_ESCAPE[m.group()], value)


def _i18next(catalogue: dict, fallback: dict, key: str, context: dict) -> str:
    text = catalogue.get(key) or fallback.get(key) or key
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: str(context.get(m.group(1), "")), text)


def _hb_render(template: str, context: dict, t) -> str:
    """Handlebars for the constructs Gathio's mail templates use."""

    def if_block(m: re.Match) -> str:
        return m.group(2) if context.get(m.group(1)) else m.group(3)

    template = re.sub(
        r"\{\{#if (\w+)\}\}(.*?)\{\{else\}\}(.*?)\{\{/if\}\}", if_block, template, flags=re.S
    )

    def mustache(m: re.Match) -> str:
        triple = m.group(1) is not None
        expr = (m.group(1) if triple else m.group(2)).strip()
        if expr.startswith("t "):
            value = t(re.fullmatch(r't "([^"]+)"', expr).group(1), context)
            # the helper compiles its translation again against the same context
            value = _hb_render(value, context, t)
        else:
            value = context.get(expr)
            value = "" if value is None else str(value)
        return value if triple else _hb_escape(value)

    return re.sub(r"\{\{\{(.*?)\}\}\}|\{\{(.*?)\}\}", mustache, template)


def gathio(mirrors: Path) -> None:
    git_dir = mirrors / "lowercasename+gathio" / "repo"
    layout = _show(git_dir, GATHIO_COMMIT, "views/layouts/email.handlebars")
    english = json.loads(_show(git_dir, GATHIO_COMMIT, "locales/en.json"))
    event_id = "Vq3xT7mKp0aZr_9LwN2bE"
    group_id = "h8Rk2sPq_ZtW4nYc1xLmB"
    base = {
        "domain": GATHIO_DOMAIN,
        "contactEmail": "events@gathio.example.org",
        "siteName": "Gathio",
        "mailService": "nodemailer",
        "siteLogo": "",
        "isFederated": True,
        "cache": True,
        "layout": "email.handlebars",
    }
    event_name = "Community Garden Open Day"
    mails = [
        # (group, template, subject key or None, literal subject, data, code, note)
        (
            "rsvp-confirmed",
            "addEventAttendee",
            "routes.addeventattendeesubject",
            None,
            {
                "eventID": event_id,
                "removalPassword": "orchard-lantern-pebble",
                "removalPasswordHash": "5d0c7f1e9b2a4c8d3e6f1a0b7c9d2e4f5a8b1c3d6e9f0a2b4c7d8e1f3a5b6c9d",
            },
            "orchard-lantern-pebble",
            "the removal (deletion) password: three niceware words joined by hyphens, stored and typed as that string",
        ),
        (
            "rsvp-pending",
            "attendeePendingConfirmation",
            "routes.attendeependingconfirmationsubject",
            None,
            {
                "eventID": event_id,
                "eventName": event_name,
                "removalPassword": "orchard-lantern-pebble",
            },
            None,
            None,
        ),
        (
            "event-created",
            "createEvent",
            None,
            event_name,
            {"eventID": event_id, "editToken": "kx4pq9zr2mt7vb1nc8wy3hl6df0sj5ag"},
            None,
            None,
        ),
        (
            "rsvp-removed",
            "unattendEvent",
            "routes.removeeventattendeesubject",
            None,
            {"eventID": event_id},
            None,
            None,
        ),
        (
            "group-created",
            "createEventGroup",
            None,
            "Riverside Neighbourhood Meetups",
            {"eventGroupID": group_id, "editToken": "tq7wm2xc9lr4bv6nz1hd8kp3gs5jf0ya"},
            None,
            "asks the reader to copy two codes (the event group ID and the secret editing code) into the event form",
        ),
    ]
    for lng in ["en", "de", "ja", "nn"]:
        catalogue = json.loads(_show(git_dir, GATHIO_COMMIT, f"locales/{lng}.json"))

        def t(key: str, context: dict, catalogue=catalogue) -> str:
            return _i18next(catalogue, english, key, context)

        for group, name, subject_key, literal, data, code, note in mails:
            if group == "rsvp-pending" and lng != "en":
                continue  # its strings are only in locales/en.json
            context = {**base, **data}
            parts = []
            for kind in ("Html", "Text"):
                view = _show(git_dir, GATHIO_COMMIT, f"views/emails/{name}/{name}{kind}.handlebars")
                body = _hb_render(view, context, t)
                parts.append(_hb_render(layout, {**context, "body": body}, t))
            html, text = parts
            subject = literal if subject_key is None else t(subject_key, {"eventName": event_name})
            raw = message(
                sender="events@gathio.example.org",
                subject=f"Gathio: {subject}",
                text=text,
                html_part=html,
                sent=SENT,
            )
            item = {
                "id": f"gathio-{group}-{lng}",
                "group": f"gathio-{group}",
                "source": "gathio",
                "lang": lng,
                "kind": "other" if code else "notice",
                "code": code,
                "repository": GATHIO,
                "path": ",".join(
                    [
                        f"views/emails/{name}/{name}Html.handlebars",
                        f"views/emails/{name}/{name}Text.handlebars",
                        "views/layouts/email.handlebars",
                        f"locales/{lng}.json",
                        "src/lib/email.ts",
                        "src/helpers.ts",
                        "src/routes/event.ts" if "group" not in group else "src/routes/group.ts",
                    ]
                ),
                "commit": GATHIO_COMMIT,
                "licence": "GPL-3.0-or-later",
                "rendered": "Handlebars view and email layout for both parts, i18next t helper over "
                f"locales/{lng}.json, multipart/alternative as nodemailer sends it",
                "file": f"mail/gathio/gathio-{group}-{lng}.eml",
            }
            if note:
                item["note"] = note
            _write(item, raw)


# ---------------------------------------------------------------------------------------
# Ubersystem (MAGFest)

UBER = "magfest/ubersystem"
UBER_COMMIT = "78348f8cae9eb74389616623801399e885e75ff0"


def _email_only(email: str) -> str:
    match = re.search(r"[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+", email or "")
    return match.group() if match else ""


def ubersystem(mirrors: Path) -> None:
    from types import SimpleNamespace as NS

    git_dir = mirrors / "magfest+ubersystem" / "repo"
    env = jinja2.Environment(
        autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
    )
    env.filters["email_only"] = _email_only
    epoch, eschaton = datetime(2027, 1, 21, 8), datetime(2027, 1, 24, 18)

    def event_dates() -> str:  # uber/custom_tags.py
        if epoch.date() == eschaton.date():
            return epoch.strftime("%B %-d")
        if epoch.month != eschaton.month:
            return "{} - {}".format(epoch.strftime("%B %-d"), eschaton.strftime("%B %-d"))
        return "{}-{}".format(epoch.strftime("%B %-d"), eschaton.strftime("%-d"))

    env.globals["event_dates"] = event_dates
    regdesk = "MAGFest Registration <regdesk@magfest.example.org>"
    admin = "MAGFest Registration Admin <admin@magfest.example.org>"
    art = "MAGFest Art Show <artshow@magfest.example.org>"
    c = NS(
        EVENT_NAME="MAGFest",
        EVENT_NAME_AND_YEAR="Super MAGFest 2027",
        URL_BASE="https://reg.magfest.example.org/uber",
        PASSWORD_RESET_HOURS=48,
        ONE_AGENT_PER_APP=True,
        ATTENDEE_ACCOUNTS_ENABLED=True,
        CONSENT_FORM_URL="",
        ART_SHOW_RULES_URL="https://www.magfest.example.org/art-show-rules",
        SECURITY_EMAIL="MAGFest Security <security@magfest.example.org>",
        REGDESK_EMAIL=regdesk,
        ADMIN_EMAIL=admin,
        SAML_SETTINGS={},
        OIDC_ENABLED=False,
        LOCAL_ACCOUNTS_DISABLED=False,
    )
    attendee = NS(
        id="3f9c1d2e-7a4b-4c8e-9f1a-2b6d8e0c4a71",
        first_name="Jordan",
        full_name="Jordan Ellis",
        badge_type_label="Attendee",
        age_group_conf={"consent_form": False},
    )
    mails = [
        # (group, template, subject, sender, data, code, note)
        (
            "pending-badge-code",
            "reg_workflow/pending_code.txt",
            "{c.EVENT_NAME} Pending Badge Code",
            regdesk,
            {"attendee": NS(**{**attendee.__dict__, "transfer_code": "7KX-4TP-9RD"})},
            "7KX4TP9RD",
            "the pending badge's transfer code, which someone with a badge types to transfer it",
        ),
        (
            "badge-transferred-new",
            "reg_workflow/badge_transferee.txt",
            "{c.EVENT_NAME} Registration Transferred",
            regdesk,
            {
                "attendee": attendee,
                "transferee_code": "7KX-4TP-9RD",
                "transferer_code": "H3M-W7C-2QA",
            },
            None,
            "two codes (the reader's pending badge code and the code used to transfer it), nothing to type",
        ),
        (
            "badge-transferred-old",
            "reg_workflow/badge_transferer.txt",
            "{c.EVENT_NAME} Registration Transferred",
            regdesk,
            {
                "attendee": NS(**{**attendee.__dict__, "first_name": "Priya"}),
                "transferee_code": "7KX-4TP-9RD",
                "transferer_code": "H3M-W7C-2QA",
            },
            None,
            "two codes (the new badge's code and the reader's own transfer code), nothing to type",
        ),
        (
            "art-agent-code",
            "art_show/agent_code.html",
            "New Agent Code for the {c.EVENT_NAME} Art Show",
            art,
            {
                "agent_code": NS(code="R4V-N7E-K3J"),
                "app": NS(id="c2a7e9d4-51b3-4f6e-8d0a-7e3b9c1f5a28"),
            },
            "R4VN7EK3J",
            "the new agent code, which the reader sends to their agent to enter in their registration",
        ),
        (
            "admin-password-reset",
            "accounts/password_reset.txt",
            "{c.EVENT_NAME} Admin Password Reset",
            admin,
            {"name": "Jordan Ellis", "password": "copper harbor ribbon saddle"},
            "copper harbor ribbon saddle",
            "the new admin password genpasswd() made: four words of the bundled word list joined by "
            "spaces, typed as written",
        ),
        (
            "admin-account",
            "accounts/new_account.txt",
            "New {c.EVENT_NAME} Admin Account",
            admin,
            {
                "account": NS(
                    attendee=NS(full_name="Jordan Ellis", email="jordan.ellis@example.com"),
                    write_access_set=["Registration", "Badge Printing"],
                    read_access_set=["Reports"],
                ),
                "creator": "Sam Okafor",
                "password": "island pocket garden winter",
            },
            "island pocket garden winter",
            "the generated admin password (genpasswd(): four words joined by spaces) to log in with",
        ),
        (
            "password-reset",
            "accounts/password_reset.html",
            "{c.EVENT_NAME} Password Reset",
            admin,
            {
                "account": NS(email="jordan.ellis@example.com"),
                "token": "8d3f2a71-5c9e-4b0d-a6e4-19f7c2b8d350",
            },
            None,
            None,
        ),
        (
            "account-setup",
            "accounts/new_account.html",
            "{c.EVENT_NAME_AND_YEAR} Account Setup",
            admin,
            {
                "attendee": attendee,
                "account_email": "jordan.ellis@example.com",
                "token": "e41b7c09-3d62-4f8a-b5e1-7a9c0d2f6b84",
            },
            None,
            None,
        ),
    ]
    for group, template, subject, sender, data, code, note in mails:
        source = _show(git_dir, UBER_COMMIT, f"uber/templates/emails/{template}")
        body = env.from_string(source).render({"email_signature": "", "c": c, **data})
        subject = subject.format(c=c)
        if template.endswith(".txt"):
            raw = message(sender=sender, subject=subject, text=body, html_part=None, sent=SENT)
        else:
            raw = message(sender=sender, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": f"ubersystem-{group}-en",
            "group": f"ubersystem-{group}",
            "source": "ubersystem",
            "lang": "en",
            "kind": "other" if code else "notice",
            "code": code,
            "repository": UBER,
            "path": ",".join(
                [
                    f"uber/templates/emails/{template}",
                    "uber/automated_emails.py",
                    "uber/models/email.py",
                    "uber/email.py",
                    "uber/jinja.py",
                    "uber/utils.py",
                ]
            ),
            "commit": UBER_COMMIT,
            "licence": "AGPL-3.0-only",
            "rendered": "jinja2 from_string with autoescape, trim_blocks, lstrip_blocks, keep_trailing_newline; "
            + (
                "one text/plain body (SES bodyText)"
                if template.endswith(".txt")
                else "one text/html body (SES bodyHtml)"
            ),
            "file": f"mail/ubersystem/ubersystem-{group}-en.eml",
        }
        if note:
            item["note"] = note
        _write(item, raw)


# ---------------------------------------------------------------------------------------
# cfp-devoxx

DEVOXX = "nicmarti/cfp-devoxx"
DEVOXX_COMMIT = "43294008ec3d703423d8bbc56db5a31bd5630d4b"
DEVOXX_CFP_URL = "http://cfp.devoxx.fr"
_TWIRL_ESCAPE = {"<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;", "&": "&amp;"}


def _java_messages(text: str) -> dict[str, str]:
    table = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            table[key.strip()] = value.strip()
    return table


def _message_format(pattern: str, *args: str) -> str:
    """java.text.MessageFormat for ``{n}`` arguments: ``''`` is a quote, a lone ``'`` opens
    or closes a quoted (literal) stretch and is not printed."""
    out, quoted, i = [], False, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            if pattern[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
        elif ch == "{" and not quoted:
            end = pattern.index("}", i)
            out.append(args[int(pattern[i + 1 : end])])
            i = end
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _twirl(
    template: str, values: dict, messages: dict, exprs: dict[str, str], *, html: bool
) -> str:
    body = template[template.index(")") + 1 :]  # after the parameter list: its newline stays
    body = body.replace("@@", "\x00")  # Twirl's escaped at sign
    head = "@if(ConferenceDescriptor.current().frLangEnabled) {"
    while head in body:  # frLangEnabled is true: the block's text as written
        start = body.index(head)
        end = body.index("}", start + len(head))
        body = body[:start] + body[start + len(head) : end] + body[end + 1 :]
    known = "|".join(re.escape(k) for k in sorted(exprs, key=len, reverse=True))

    def expr(m: re.Match) -> str:
        if m.group(1):
            value, raw = exprs[m.group(1)], False
        elif m.group(2):
            value, raw = _message_format(messages[m.group(2)]), False
        elif m.group(3):
            value, raw = values[m.group(3)], True
        else:
            value, raw = values[m.group(4)], False
        if html and not raw:
            value = re.sub(r"[<>\"'&]", lambda c: _TWIRL_ESCAPE[c.group()], value)
        return value

    out = re.sub(rf'@({known})|@Messages\("([^"]+)"\)|@Html\((\w+)\)|@(\w+)', expr, body)
    return out.replace("\x00", "@")


DEVOXX_EXPRS = {
    "ConferenceDescriptor.current().conferenceUrls.cfpURL": DEVOXX_CFP_URL,
    "routes.Application.bugReport()": "/bug",
    "routes.Application.index()": "/",
}


def devoxx(mirrors: Path) -> None:
    from base64 import b64encode
    from urllib.parse import quote_plus

    git_dir = mirrors / "nicmarti+cfp-devoxx" / "repo"
    email = "camille.durand@example.com"
    signed = "3b9e0f6a1c7d24e58f9a0b1c2d3e4f5a6b7c8d9e"
    b64 = b64encode(email.encode()).decode()
    query = f"t={quote_plus(signed)}&a={quote_plus(b64)}"
    mails = [
        # (group, view, subject key, subject args, values, code, note)
        (
            "access-code",
            "sendAccessCode",
            "mail.access_code.subject",
            [],
            {"email": email, "code": "qTbRwXe"},
            "qTbRwXe",
            "the access code is the account's password (randomAlphabetic(7)), given with the login to sign in",
        ),
        (
            "reset-link",
            "sendResetLink",
            "mail.reset_password_link.subject",
            ["10:15 04/12"],
            {"resetUrl": f"{DEVOXX_CFP_URL}/resetpassword?{query}"},
            None,
            None,
        ),
        (
            "validate-email",
            "sendValidateYourEmail",
            "mail.email_validation.subject",
            [],
            {"validationLink": f"{DEVOXX_CFP_URL}/newspeaker/validateMail?{query}"},
            None,
            None,
        ),
    ]
    catalogues = {
        "en": _java_messages(_show(git_dir, DEVOXX_COMMIT, "conf/messages")),
        "fr": _java_messages(_show(git_dir, DEVOXX_COMMIT, "conf/messages.fr")),
    }
    for lang, messages in catalogues.items():
        for group, view, subject_key, args, values, code, note in mails:
            values = dict(values)
            if view == "sendValidateYourEmail":
                values["conferenceName"] = _message_format(messages["longName"])
            long_name = _message_format(messages["longName"])
            subject = _message_format(messages[subject_key], *args, long_name)
            text = _twirl(
                _show(git_dir, DEVOXX_COMMIT, f"app/views/Mails/{view}.scala.txt"),
                values,
                messages,
                DEVOXX_EXPRS,
                html=False,
            )
            html = _twirl(
                _show(git_dir, DEVOXX_COMMIT, f"app/views/Mails/{view}.scala.html"),
                values,
                messages,
                DEVOXX_EXPRS,
                html=True,
            )
            raw = message(
                sender="program@devoxx.fr", subject=subject, text=text, html_part=html, sent=SENT
            )
            item = {
                "id": f"devoxx-{group}-{lang}",
                "group": f"devoxx-{group}",
                "source": "cfp-devoxx",
                "lang": lang,
                "kind": "saas-otp" if code else "notice",
                "code": code,
                "repository": DEVOXX,
                "path": ",".join(
                    [
                        f"app/views/Mails/{view}.scala.txt",
                        f"app/views/Mails/{view}.scala.html",
                        "app/notifiers/TransactionalEmails.scala",
                        "conf/messages" if lang == "en" else "conf/messages.fr",
                        "conf/routes",
                        "app/models/ConferenceDescriptor.scala",
                    ]
                ),
                "commit": DEVOXX_COMMIT,
                "licence": "MIT",
                "rendered": "Twirl txt and html views by a small renderer, subject from the Play messages "
                f"file of CFP_LANG {lang}; multipart/alternative",
                "file": f"mail/cfp-devoxx/devoxx-{group}-{lang}.eml",
                "note": (
                    "subject in "
                    + ("English" if lang == "en" else "French")
                    + "; body English then French"
                    + (f"; {note}" if note else "")
                ),
            }
            _write(item, raw)


def _java_hash(text: str) -> int:
    """java.lang.String.hashCode (UTF-16 code units, 32-bit wrap-around)."""
    h = 0
    for unit in text.encode("utf-16-be").hex(" ", 2).split():
        h = (31 * h + int(unit, 16)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def devoxx_golden_ticket(mirrors: Path) -> None:
    git_dir = mirrors / "nicmarti+cfp-devoxx" / "repo"
    messages = _java_messages(_show(git_dir, DEVOXX_COMMIT, "conf/messages.fr"))
    email, ticket_id, password = "lucie.bernard@example.com", "4829107356218934", "KfRwTqZm"
    gt_id = f"{_java_hash(email)}{_java_hash(ticket_id)}"  # GoldenTicket.generateId
    exprs = {
        **DEVOXX_EXPRS,
        "ConferenceDescriptor.current().conferenceUrls.cfpURL()": DEVOXX_CFP_URL,
        "ConferenceDescriptor.current().conferenceUrls.cfpHostname": "cfp.devoxx.fr",
        "routes.GoldenTicketController.authenticate()": "/cfp/goldenticket",
        "gt.ticketId": ticket_id,
        "gt.id": gt_id,
        "webuser.firstName": "Lucie",
        "webuser.password": password,
    }
    view = "app/views/Mails/goldenticket/sendGoldenTicketEmail.scala"
    text = _twirl(_show(git_dir, DEVOXX_COMMIT, f"{view}.txt"), {}, messages, exprs, html=False)
    html = _twirl(_show(git_dir, DEVOXX_COMMIT, f"{view}.html"), {}, messages, exprs, html=True)
    subject = _message_format(
        messages["mail.goldenticket.subject"], _message_format(messages["shortYearlyName"])
    )
    raw = message(sender="program@devoxx.fr", subject=subject, text=text, html_part=html, sent=SENT)
    _write(
        {
            "id": "devoxx-golden-ticket-fr",
            "group": "devoxx-golden-ticket",
            "source": "cfp-devoxx",
            "lang": "fr",
            "kind": "saas-otp",
            "code": password,
            "repository": DEVOXX,
            "path": ",".join(
                [
                    f"{view}.txt",
                    f"{view}.html",
                    "app/notifiers/Mails.scala",
                    "app/library/ZapActor.scala",
                    "app/models/GoldenTicket.scala",
                    "conf/messages.fr",
                    "conf/routes",
                ]
            ),
            "commit": DEVOXX_COMMIT,
            "licence": "MIT",
            "rendered": "Twirl txt and html views by a small renderer (@@ for a literal at sign), subject from "
            "conf/messages.fr (CFP_LANG fr); multipart/alternative",
            "file": "mail/cfp-devoxx/devoxx-golden-ticket-fr.eml",
            "note": "the personal access code is the reviewer account's password (randomAlphabetic(8)) to type "
            "with the email address; the text part also shows the golden ticket's internal id (two Java "
            "hashCodes run together) and the HTML part its 16-digit ticket number, neither to type",
        },
        raw,
    )


TDC = "thedevconf/cfp-devoxx-tdc"
TDC_COMMIT = "a971183147cc4bed6a43950909e6554eba3846c7"
TDC_EXPRS = {
    "ConferenceDescriptor.current().naming.shortTitle": "TDC 2021 1ª edição",
    "ConferenceDescriptor.current().conferenceUrls.cfpURL": "http://cfp-edicao1.thedevconf.com.br",
    "routes.Application.bugReport()": "/bug",
}


def tdc(mirrors: Path) -> None:
    from base64 import b64encode
    from urllib.parse import quote_plus

    git_dir = mirrors / "thedevconf+cfp-devoxx-tdc" / "repo"
    messages = _java_messages(_show(git_dir, TDC_COMMIT, "conf/messages"))
    email = "rafael.souza@example.com"
    query = f"t={quote_plus('9c41d7e2b05a8f36c1e4d9b7a2f06e5c8d3b1a47')}&a={quote_plus(b64encode(email.encode()).decode())}"
    base = TDC_EXPRS["ConferenceDescriptor.current().conferenceUrls.cfpURL"]
    name = TDC_EXPRS["ConferenceDescriptor.current().naming.shortTitle"] + " CFP"
    mails = [
        (
            "access-code",
            "sendAccessCode",
            "mail.access_code.subject",
            [name],
            {"email": email, "code": "hWkPzQa"},
            "hWkPzQa",
        ),
        (
            "reset-link",
            "sendResetLink",
            "mail.reset_password_link.subject",
            ["07:15 04/12", name],
            {"resetUrl": f"{base}/resetpassword?{query}"},
            None,
        ),
        (
            "validate-email",
            "sendValidateYourEmail",
            "mail.email_validation.subject",
            [name],
            {"validationLink": f"{base}/newspeaker/validateMail?{query}", "conferenceName": name},
            None,
        ),
    ]
    for group, view, subject_key, args, values, code in mails:
        subject = _message_format(messages[subject_key], *args)
        text = _twirl(
            _show(git_dir, TDC_COMMIT, f"app/views/Mails/{view}.scala.txt"),
            values,
            messages,
            TDC_EXPRS,
            html=False,
        )
        html = _twirl(
            _show(git_dir, TDC_COMMIT, f"app/views/Mails/{view}.scala.html"),
            values,
            messages,
            TDC_EXPRS,
            html=True,
        )
        raw = message(
            sender="organizacao@thedevelopersconference.com.br",
            subject=subject,
            text=text,
            html_part=html,
            sent=SENT,
        )
        item = {
            "id": f"tdc-{group}-pt-BR",
            "group": f"tdc-{group}",
            "source": "cfp-devoxx-tdc",
            "lang": "pt-BR",
            "kind": "saas-otp" if code else "notice",
            "code": code,
            "repository": TDC,
            "path": ",".join(
                [
                    f"app/views/Mails/{view}.scala.txt",
                    f"app/views/Mails/{view}.scala.html",
                    "app/notifiers/Mails.scala",
                    "conf/messages",
                    "conf/routes",
                    "app/models/ConferenceDescriptor.scala",
                ]
            ),
            "commit": TDC_COMMIT,
            "licence": "MIT",
            "rendered": "Twirl txt and html views by a small renderer, subject from conf/messages (CFP_LANG pt); "
            "multipart/alternative",
            "file": f"mail/cfp-devoxx-tdc/tdc-{group}-pt-BR.eml",
            "note": "body Portuguese then English"
            + (
                "; the access code is the account's password (randomAlphabetic(7)) to sign in with"
                if code
                else ""
            ),
        }
        _write(item, raw)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    funnel(args.mirrors)
    gathio(args.mirrors)
    ubersystem(args.mirrors)
    devoxx(args.mirrors)
    devoxx_golden_ticket(args.mirrors)
    tdc(args.mirrors)
    (HERE / "round25").mkdir(exist_ok=True)
    (HERE / "round25" / "events.json").write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
