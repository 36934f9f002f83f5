"""Round seventeen, hospitality and booking: appointment-booking mails of a self-hosted
scheduling app, with the video-room password a guest types, and the same sender's notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_booking.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- SergeyMosin/Appointments (AGPL-3.0), the Nextcloud appointment-booking app (clients book
  a slot on a public page; the organiser's calendar holds it): the attendee mails of
  ``lib/Backend/DavListener.php`` — "appointment (action needed)" after booking (Confirm /
  Cancel buttons), "Appointment is confirmed" (with the Talk room link and its guest
  password from ``addVideoLinkInfo``, or in person), "Appointment is canceled" and the
  reminder of ``REMINDER`` mails — with the strings of ``l10n/<lang>.json`` (every language
  that translates all the strings used; English is the source), ``%s`` / ``%1$s``
  replaced as Nextcloud's ``L10N::t`` does. ``formatEmailBodyHtml`` pieces are put into
  Nextcloud's ``EMailTemplate``: the text part as its plain body (heading and body texts
  followed by two newlines, the button group as a newline and ``Label: url`` lines, the
  footer after ``\\n-- \\n``, as ``lib/private/Mail/EMailTemplate.php`` of nextcloud/server
  at 03a08e3863dde0ac5231bbb7bbe3f3dcadbae918 writes them); the HTML part is reduced to the app's own body ``<div>``s (Nextcloud's table
  chrome is not reproduced). The date is ``getDateTimeString``: the locale's full date,
  ``", "``, its short time (babel's CLDR data here, as Nextcloud's IntlDateFormatter).
  The From is the organisation's name on ``appointments-noreply@`` (``setFromAddress``).
  The Talk guest password is Nextcloud's password-policy ``Generator::generate()``:
  here ten characters of letters, digits and one symbol.

- nextcloud/calendar (AGPL-3.0), the Nextcloud calendar's appointment booking:
  ``lib/Service/Appointments/MailService.php`` — ``sendConfirmationEmail`` (a Confirm button
  and the booking list) and ``sendBookingInformationEmail`` (accepted; its ``.ics``
  attachment is not reproduced) with the strings of ``l10n/<lang>.json``, through the same
  ``EMailTemplate`` plain body (list items as ``  * text (label)``, a single button as
  ``Label: url``) and reduced HTML; the default footer (theming name and slogan, and the
  server's "automatically sent" sentence, whose translations live in nextcloud/server and
  are left in English). The date is the long date and short time with the time zone name.
  No code in either.

- aelassas/movinin (MIT), a property-rental booking platform: the nodemailer mails of
  ``backend/src/controllers/bookingController.ts`` (booking confirmed and paid; booking
  status updated; account activation at checkout) and ``userController.ts`` (password reset),
  the controllers' template literals (whitespace as in the source) filled with
  ``backend/src/lang/{en,fr}.ts``; HTML only, subjects as given. Dates are
  ``toLocaleString`` of node 20 (en-US / fr-FR, long weekday and month). The booking
  number is a MongoDB ObjectId; the tokens are only in links (nanoid ``-`` epoch ms).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_time
from collect import HERE, message

SENT = datetime(2026, 11, 28, 8, 41, 7, tzinfo=UTC)
RNG = random.Random("r17-booking")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round17" / "booking.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")  # BCP 47 tag (the l10n file names use "_")
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
# Nextcloud Appointments

APPT_REPO = "SergeyMosin/Appointments"
APPT_COMMIT = "91be115f4c11d7f31ba85947d23c93fe3d063987"
APPT_PATH = "lib/Backend/DavListener.php"
APPT_LANGS = [
    "en", "ar", "bg", "cs", "da", "de", "el", "es", "eu", "fa", "fr", "ga", "gl", "hu",
    "is", "it", "ja", "ko", "lo", "lt_LT", "lv", "nb", "nl", "pl", "pt_BR", "ru", "sk",
    "sr", "sw", "tr", "ug", "uk", "zh_HK", "zh_TW",
]  # fmt: skip
# the notices without a code, in a subset of the languages
APPT_NOTICE_LANGS = ["en", "de", "fr", "es", "it", "nl", "pl", "pt_BR", "cs", "ja", "ru", "tr"]

ORGS = [
    ("Hotel Seeblick Rezeption", "+49 8821 94 27 310"),
    ("Studio Lumière", "+33 4 91 27 58 06"),
    ("Clínica Dental Ribera", "+34 963 51 72 48"),
    ("Marina Porto Azzurro", "+39 0565 92 41 77"),
    ("Camping De Kromme Rijn", "+31 30 762 44 19"),
]
GUESTS = [
    "Amira Haddad", "Jonas Petersen", "Mei Lin Chen", "Tomás Rivera", "Ingrid Solberg",
    "Kenji Watanabe", "Olga Nowak", "Lucas Ferreira", "Elif Kaya", "Sofia Marchetti",
]  # fmt: skip
SYMBOLS = "!#$%&*+-.:=?@_"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _talk_password() -> str:
    chars = [RNG.choice(LETTERS) for _ in range(9)] + [RNG.choice(SYMBOLS)]
    RNG.shuffle(chars)
    return "".join(chars)


def _fmt(s: str, args: list[str]) -> str:
    """PHP vsprintf for the ``%s`` / ``%n$s`` placeholders the strings use."""
    out, i, pos = [], 0, 0
    while pos < len(s):
        if s[pos] == "%" and pos + 1 < len(s):
            if s[pos + 1] == "s":
                out.append(args[i])
                i += 1
                pos += 2
                continue
            if s[pos + 1].isdigit() and s[pos + 2 : pos + 4] == "$s":
                out.append(args[int(s[pos + 1]) - 1])
                pos += 4
                continue
            if s[pos + 1] == "%":
                out.append("%")
                pos += 2
                continue
        out.append(s[pos])
        pos += 1
    return "".join(out)


class _Template:
    """Nextcloud EMailTemplate as the app fills it (plain body; HTML reduced)."""

    def __init__(self) -> None:
        self.subject = ""
        self.plain = ""
        self.html: list[str] = []

    def heading(self, title: str) -> None:
        self.plain += title + "\n\n"  # the HTML heading escapes the title
        self.html.append(f"<h1>{html.escape(title)}</h1>")

    def body(self, html_text: str, plain: str | None = None) -> None:
        if plain is None:
            plain = _strip_tags(html_text)
        self.plain += plain + "\n\n"
        self.html.append(
            '<p></p><div style="color: #222222; text-align: left; margin: 0; padding: 0">'
            + html_text
            + '</div><p style="margin: 0; padding: 0; height: 0; line-height: 0; display: block;">'
            + "</p>"
        )

    def buttons(self, left: str, url_left: str, right: str, url_right: str) -> None:
        self.plain += f"\n{left}: {url_left}\n{right}: {url_right}\n\n"
        self.html.append(
            f'<p><a href="{url_left}">{html.escape(left)}</a> '
            f'<a href="{url_right}">{html.escape(right)}</a></p>'
        )

    def list_item(self, text: str, meta: str, plain: str | None = None) -> None:
        if plain is None:
            plain = text
            text = html.escape(text).replace("\n", "<br/>")
        self.plain += "  * " + plain + " (" + meta + ")\n"
        self.html.append(f'<p><em style="color:#777;">{html.escape(meta)}</em><br>{text}</p>')

    def button(self, text: str, url: str) -> None:
        self.plain += text + ": " + url + "\n"
        self.html.append(f'<p><a href="{url}">{html.escape(text)}</a></p>')

    def footer(self, text: str) -> None:
        self.plain += "\n-- \n" + text.replace("<br>", "\n")
        self.html.append(f"<p>{html.escape(text)}</p>")

    def render_html(self) -> str:
        return "<!DOCTYPE html>\n<html><body>\n" + "\n".join(self.html) + "\n</body></html>\n"


def _strip_tags(s: str) -> str:
    return re.sub(r"<[^>]*>", "", s)


def _babel_locale(lang: str) -> Locale:
    if lang == "zh_HK":
        return Locale.parse("zh_Hant_HK")
    if lang == "zh_TW":
        return Locale.parse("zh_Hant_TW")
    return Locale.parse(lang)


def appointments(mirrors: Path) -> None:
    repo = mirrors / "SergeyMosin+Appointments" / "repo"
    licence = "AGPL-3.0"
    when = datetime(2026, 12, 9, 14, 30)
    for n, lang in enumerate(APPT_LANGS):
        if lang == "en":
            tr: dict[str, str] = {}
        else:
            tr = json.loads(_show(repo, APPT_COMMIT, f"l10n/{lang}.json"))["translations"]

        def t(key: str, args: list[str] | None = None, tr=tr) -> str:
            s = tr.get(key) or key
            return _fmt(s, args or [])

        loc = _babel_locale(lang)
        date_time = (
            format_date(when, "full", locale=loc) + ", " + format_time(when, "short", locale=loc)
        )
        org, phone = ORGS[n % len(ORGS)]
        guest = GUESTS[n % len(GUESTS)]
        sender = f"{org} <appointments-noreply@cloud.example.org>"
        page = _rand("abcdefghijklmnopqrstuvwxyz0123456789", 20)
        btn_url = f"https://cloud.example.org/index.php/apps/appointments/pub/{page}/cncf?d="
        btn_tkn = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 43)
        cancel_url = btn_url + "0" + btn_tkn
        paths = f"{APPT_PATH}; l10n/{lang}.json" if lang != "en" else APPT_PATH

        def finalize(tmpl: _Template, cnl: str, t=t) -> None:
            tmpl.body(t("Thank you"))
            if cnl:
                tmpl.body(
                    '<span style="font-size: 80%;color: #989898;">'
                    + t(
                        "To cancel your appointment please click: %1$s Cancel Appointment %2$s",
                        [f'<a style="color: #989898" href="{cnl}">', "</a>"],
                    )
                    + "</span>",
                    t("To cancel your appointment please visit: %s", [cnl]),
                )
            tmpl.footer(t("Booked via %s Appointments", ["Nextcloud"]))

        rendered = (
            "DavListener.php strings through l10n JSON, EMailTemplate plain body as text part,"
            " HTML reduced to the app's body blocks; date as getDateTimeString (babel CLDR)"
        )

        # confirmed, online: the Talk room link and its guest password
        tmpl = _Template()
        tmpl.subject = t("%s Appointment is confirmed", [org])
        tmpl.heading(" ")
        tmpl.body(html.escape(guest) + ",", guest + ",")
        tmpl.body(t("Your %1$s appointment scheduled for %2$s is now confirmed.", [org, date_time]))
        room = "https://cloud.example.org/index.php/call/" + _rand(
            "abcdefghijklmnopqrstuvwxyz0123456789", 8
        )
        password = _talk_password()
        link_html = t("Meeting link: %s", [f'<a target="_blank" href="{room}">{room}</a>'])
        link_html += "<br>" + t("Password: %s", [password])
        tmpl.body(link_html, _strip_tags(link_html.replace("<br>", "\n")))
        finalize(tmpl, cancel_url)
        _save(
            source="ncappointments", template="confirmed-talk", lang=lang, kind="travel-booking",
            code=password, repository=APPT_REPO, path=paths, commit=APPT_COMMIT,
            licence=licence, rendered=rendered, sender=sender, subject=tmpl.subject,
            text=tmpl.plain, html_part=tmpl.render_html(),
            note="the guest password of the Nextcloud Talk room, typed to join the video "
            "appointment; Nextcloud's password-policy generator (letters, digits, a symbol)",
        )  # fmt: skip

        if lang not in APPT_NOTICE_LANGS:
            continue

        # booked, awaiting the attendee's confirmation
        tmpl = _Template()
        tmpl.subject = t("%s appointment (action needed)", [org])
        tmpl.heading(" ")
        tmpl.body(html.escape(t("Dear %s,", [guest])), t("Dear %s,", [guest]))
        tmpl.body(
            t(
                "The %1$s appointment scheduled for %2$s is awaiting your confirmation.",
                [org, date_time],
            )
        )
        tmpl.buttons(t("Confirm"), btn_url + "1" + btn_tkn, t("Cancel"), btn_url + "0" + btn_tkn)
        finalize(tmpl, "")
        _save(
            source="ncappointments", template="action-needed", lang=lang, kind="travel-booking",
            code=None, repository=APPT_REPO, path=paths, commit=APPT_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(),
        )  # fmt: skip

        # confirmed, in person (no video room)
        tmpl = _Template()
        tmpl.subject = t("%s Appointment is confirmed", [org])
        tmpl.heading(" ")
        tmpl.body(html.escape(guest) + ",", guest + ",")
        tmpl.body(t("Your %1$s appointment scheduled for %2$s is now confirmed.", [org, date_time]))
        finalize(tmpl, cancel_url)
        _save(
            source="ncappointments", template="confirmed", lang=lang, kind="travel-booking",
            code=None, repository=APPT_REPO, path=paths, commit=APPT_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(),
        )  # fmt: skip

        # canceled by the attendee
        tmpl = _Template()
        tmpl.subject = t("%s Appointment is canceled", [org])
        tmpl.heading(" ")
        tmpl.body(html.escape(guest) + ",", guest + ",")
        tmpl.body(t("Your %1$s appointment scheduled for %2$s is now canceled.", [org, date_time]))
        finalize(tmpl, "")
        _save(
            source="ncappointments", template="canceled", lang=lang, kind="notice",
            code=None, repository=APPT_REPO, path=paths, commit=APPT_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(),
        )  # fmt: skip

        # reminder, with the organisation's phone number
        tmpl = _Template()
        tmpl.subject = t("%s appointment reminder", [org])
        tmpl.heading(" ")
        tmpl.body(html.escape(t("Dear %s,", [guest])), t("Dear %s,", [guest]))
        tmpl.body(
            t(
                "This is a reminder from %1$s about your upcoming appointment on %2$s. "
                "If you need to reschedule, please call %3$s.",
                [org, date_time, phone],
            )
        )
        finalize(tmpl, "")
        _save(
            source="ncappointments", template="reminder", lang=lang, kind="notice",
            code=None, repository=APPT_REPO, path=paths, commit=APPT_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(),
            note="a date, a time and a phone number, no code",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Nextcloud Calendar appointments

NCAL_REPO = "nextcloud/calendar"
NCAL_COMMIT = "cbe92dbc7ebe7dd573a1ced142dced1a72584cf5"
NCAL_PATH = "lib/Service/Appointments/MailService.php"
NCAL_LANGS = [
    "en", "de", "fr", "es", "it", "nl", "pl", "pt_BR", "sv", "ja", "zh_CN", "ru", "tr", "ar",
    "cs", "uk",
]  # fmt: skip
NCAL_ORGS = [
    ("Front desk – Pension Alpenrose", "Airport transfer briefing"),
    ("Reservations Desk", "Room viewing"),
    ("Bike Share Service Point", "E-bike handover"),
    ("Harbour Office", "Berth allocation"),
]
NCAL_FOOTER = "Nextcloud - a safe home for all your data<br>"
NCAL_FOOTER += "This is an automatically sent email, please do not reply."


def nextcloud_calendar(mirrors: Path) -> None:
    repo = mirrors / "nextcloud+calendar" / "repo"
    licence = "AGPL-3.0"
    when = datetime(2026, 12, 14, 9, 15)
    for n, lang in enumerate(NCAL_LANGS):
        if lang == "en":
            tr: dict[str, str] = {}
        else:
            tr = json.loads(_show(repo, NCAL_COMMIT, f"l10n/{lang}.json"))["translations"]

        def t(key: str, args: list[str] | None = None, tr=tr) -> str:
            s = tr.get(key) or key
            return _fmt(s, args or [])

        loc = _babel_locale(lang)
        date_str = (
            format_date(when, "long", locale=loc) + ", " + format_time(when, "short", locale=loc)
        )
        timestring = date_str + " (Europe/Vienna)"
        organizer, appt = NCAL_ORGS[n % len(NCAL_ORGS)]
        guest = GUESTS[(n + 3) % len(GUESTS)]
        sender = f"{organizer} <noreply@cloud.example.org>"
        paths = f"{NCAL_PATH}; l10n/{lang}.json" if lang != "en" else NCAL_PATH
        rendered = (
            "MailService.php strings through l10n JSON into Nextcloud EMailTemplate: text part"
            " as its plain body, HTML reduced; date as long date and short time (babel CLDR)"
        )
        note = (
            "the default footer's sentence comes from Nextcloud server's lib translations, "
            "left in English; the theming name and slogan are the defaults"
        )
        location = "Rezeption, Hauptstraße 12, 6020 Innsbruck"

        # the booking needs confirmation
        tmpl = _Template()
        tmpl.subject = t('Your appointment "%s" with %s needs confirmation', [appt, organizer])
        tmpl.heading(t("Dear %s, please confirm your booking", [guest]))
        token = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 32)
        tmpl.button(
            t("Confirm"),
            f"https://cloud.example.org/index.php/apps/calendar/appointment/confirm/{token}",
        )
        tmpl.list_item(organizer, t("Appointment with:"))
        tmpl.list_item(guest, t("Appointment for:"))
        tmpl.list_item(timestring, t("Date:"))
        tmpl.list_item(location, t("Where:"))
        tmpl.body(html.escape(t("This confirmation link expires in %s hours.", ["24"])),
                  t("This confirmation link expires in %s hours.", ["24"]))  # fmt: skip
        cancel = t(
            "If you wish to cancel the appointment after all, please contact your organizer by "
            "replying to this email or by visiting their profile page."
        )
        tmpl.body(html.escape(cancel), cancel)
        tmpl.footer(NCAL_FOOTER)
        _save(
            source="nccalendar", template="confirm-booking", lang=lang, kind="travel-booking",
            code=None, repository=NCAL_REPO, path=paths, commit=NCAL_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(), note=note,
        )  # fmt: skip

        # the booking is accepted (the .ics attachment is left out)
        tmpl = _Template()
        tmpl.subject = t('Your appointment "%s" with %s has been accepted', [appt, organizer])
        tmpl.heading(t("Dear %s, your booking has been accepted.", [guest]))
        tmpl.list_item(organizer, t("Appointment with:"))
        tmpl.list_item(guest, t("Appointment for:"))
        tmpl.list_item(timestring, t("Date:"))
        tmpl.list_item(location, t("Where:"))
        tmpl.body(html.escape(cancel), cancel)
        tmpl.footer(NCAL_FOOTER)
        _save(
            source="nccalendar", template="booking-accepted", lang=lang, kind="travel-booking",
            code=None, repository=NCAL_REPO, path=paths, commit=NCAL_COMMIT, licence=licence,
            rendered=rendered + "; the appointment.ics attachment is not reproduced",
            sender=sender, subject=tmpl.subject, text=tmpl.plain,
            html_part=tmpl.render_html(), note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Movin' In

MOV_REPO = "aelassas/movinin"
MOV_COMMIT = "9ee929c672332c92cfe218c5a17bf61f5aeface7"
MOV_BOOKING = "backend/src/controllers/bookingController.ts"
MOV_USER = "backend/src/controllers/userController.ts"
MOV_TZ = "Europe/Paris"
# Date.prototype.toLocaleString(locale, {weekday, month, year, day: long/numeric, hour,
# minute, timeZone}) as node 20 writes it for en-US and fr-FR
MOV_DATES = {
    "en": ("Monday, December 14, 2026 at 10:00 AM", "Monday, December 21, 2026 at 10:00 AM"),
    "fr": ("lundi 14 décembre 2026 à 10:00", "lundi 21 décembre 2026 à 10:00"),
}


def _mov_strings(repo: Path, lang: str) -> dict[str, str]:
    """The ``export const <lang> = { KEY: '...' }`` table, ``${env.X}`` filled."""
    src = _show(repo, MOV_COMMIT, f"backend/src/lang/{lang}.ts")
    env = {"env.WEBSITE_NAME": "Movin' In", "env.TIMEZONE": MOV_TZ}
    out = {}
    for m in re.finditer(r"^\s+([A-Z0-9_]+): (['\"`])(.*)\2,$", src, re.M):
        value = m.group(3)
        if m.group(2) == "`":
            value = re.sub(r"\$\{([^}]*)\}", lambda v: env[v.group(1)], value)
        else:
            value = value.replace("\\'", "'")
        out[m.group(1)] = value
    return out


def movinin(mirrors: Path) -> None:
    repo = mirrors / "aelassas+movinin" / "repo"
    licence = "MIT"
    sender = "Movin' In <no-reply@movinin.example.com>"
    front = "https://movinin.example.com"
    rendered = (
        "the controller's template literal with the backend/src/lang strings (i18n-js), "
        "nodemailer html only"
    )
    people = {"en": "Grace Okafor", "fr": "Hélène Marchand"}
    for lang in ("en", "fr"):
        t = _mov_strings(repo, lang)
        name = people[lang]
        user_id = _rand("0123456789abcdef", 24)
        booking_id = _rand("0123456789abcdef", 24)
        email = "noor.tester@example.com"
        frm, to = MOV_DATES[lang]
        agency = "Riviera Lettings"
        prop = "Villa Les Oliviers" if lang == "fr" else "Seaside Loft 3B"
        address = "14 avenue des Pins, 06400 Cannes"
        lat, lng = "43.5513", "7.0128"
        paths = f"{MOV_BOOKING}; backend/src/lang/{lang}.ts"

        # booking confirmed and paid (bookingController.confirm, payLater false)
        subject = (
            f"{t['BOOKING_CONFIRMED_SUBJECT_PART1']} {booking_id} "
            f"{t['BOOKING_CONFIRMED_SUBJECT_PART2']}"
        )
        body = (
            f"<p>{t['HELLO']}{name},<br><br>\n        "
            + f"{t['BOOKING_CONFIRMED_PART1']} {booking_id} {t['BOOKING_CONFIRMED_PART2']}"
            + "<br><br>\n        "
            + f"{t['BOOKING_CONFIRMED_PART3']}{agency}{t['BOOKING_CONFIRMED_PART4']}"
            + f"{t['BOOKING_CONFIRMED_PART5']}"
            + f"{frm} {t['BOOKING_CONFIRMED_PART6']}"
            + f"{prop}{t['BOOKING_CONFIRMED_PART7']}"
            + f"<br><br>{t['BOOKING_CONFIRMED_ADDRESS']}{address}"
            + f"<br><br>{t['BOOKING_CONFIRMED_MAP_PART1']}"
            + f"<a href='https://maps.google.com/?q={lat},{lng}'>"
            + f"{t['BOOKING_CONFIRMED_MAP_PART2']}</a>"
            + f"<br><br>{t['BOOKING_CONFIRMED_PART8']}<br><br>"
            + f"{t['BOOKING_CONFIRMED_PART9']}{agency}{t['BOOKING_CONFIRMED_PART10']}"
            + f"{t['BOOKING_CONFIRMED_PART11']}"
            + f"{to} {t['BOOKING_CONFIRMED_PART12']}"
            + f"<br><br>{t['BOOKING_CONFIRMED_PART13']}<br><br>{t['BOOKING_CONFIRMED_PART14']}"
            + f"{front}<br><br>\n        {t['REGARDS']}<br></p>"
        )
        _save(
            source="movinin", template="booking-confirmed", lang=lang, kind="travel-booking",
            code=None, repository=MOV_REPO, path=paths, commit=MOV_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=subject, text=None, html_part=body,
            note="the booking number is a MongoDB ObjectId (24 hex), a reference, not a code",
        )  # fmt: skip

        # booking status updated (bookingController.update, to the renter)
        message_ = (
            f"{t['BOOKING_UPDATED_NOTIFICATION_PART1']} {booking_id} "
            f"{t['BOOKING_UPDATED_NOTIFICATION_PART2']}"
        )
        body = (
            f"<p>{t['HELLO']}{name},<br><br>\n    {message_}<br><br>\n    "
            f"{front}/booking?b={booking_id}<br><br>\n    {t['REGARDS']}<br></p>"
        )
        _save(
            source="movinin", template="booking-updated", lang=lang, kind="notice",
            code=None, repository=MOV_REPO, path=f"{MOV_BOOKING}; backend/src/lang/{lang}.ts",
            commit=MOV_COMMIT, licence=licence, rendered=rendered, sender=sender,
            subject=message_, text=None, html_part=body,
        )  # fmt: skip

        # account activation at checkout (bookingController.checkout)
        token = _rand(ALNUM_URL, 21) + "-1796378400000"
        url = f"{front}/activate/?u={user_id}&e={email.replace('@', '%40')}&t={token}"
        body = (
            f"<p>{t['HELLO']}{name},<br><br>\n        {t['ACCOUNT_ACTIVATION_LINK']}<br><br>\n"
            f"        {url}<br><br>\n        {t['REGARDS']}<br></p>"
        )
        _save(
            source="movinin", template="checkout-activation", lang=lang, kind="notice",
            code=None, repository=MOV_REPO, path=paths, commit=MOV_COMMIT, licence=licence,
            rendered=rendered, sender=sender, subject=t["ACCOUNT_ACTIVATION_SUBJECT"],
            text=None, html_part=body, note="the token is only inside the link",
        )  # fmt: skip

        # password reset (userController.resend, reset=true)
        token = _rand(ALNUM_URL, 21) + "-1796378460000"
        url = f"{front}/reset-password/?u={user_id}&e={email.replace('@', '%40')}&t={token}"
        body = (
            f"<p>{t['HELLO']}{name},<br><br>\n            {t['PASSWORD_RESET_LINK']}<br><br>\n"
            f"            {url}<br><br>\n            {t['REGARDS']}<br></p>"
        )
        _save(
            source="movinin", template="password-reset", lang=lang, kind="notice",
            code=None, repository=MOV_REPO, path=f"{MOV_USER}; backend/src/lang/{lang}.ts",
            commit=MOV_COMMIT, licence=licence, rendered=rendered, sender=sender,
            subject=t["PASSWORD_RESET_SUBJECT"], text=None, html_part=body,
            note="the token is only inside the link",
        )  # fmt: skip


ALNUM_URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    appointments(args.mirrors)
    nextcloud_calendar(args.mirrors)
    movinin(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), sum(1 for i in ITEMS if i["code"]))


if __name__ == "__main__":
    main()
