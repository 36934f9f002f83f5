"""Round twenty-three, travel and bookings: room booking notices, cargo-bike sharing
bookings with the pickup code, and two appointment-booking plugins' e-mail verification
codes, in the languages the senders ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r23_travel.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- meeting-room-booking-system/mrbs-code (GPL-2.0), MRBS, the Meeting Room Booking System
  (rooms, desks and other resources booked on a web calendar): the booking notifications of
  ``web/functions_mail.inc`` — ``notify_by_email`` for the actions ``book`` (new entry and
  changed entry), ``delete``, ``approve``, ``reject`` (with the approver's reason),
  ``more_info`` (with the information requested) and ``remind`` — with the strings of
  ``web/lang/lang.<lang>`` loaded over ``web/lang/lang.en`` as ``Language::loadVocab``
  does and filled with PHP ``sprintf`` (``getVocab``: ``%s`` is the company name in the
  subject, the acting user's display name in the body). The body is ``create_body`` with
  the defaults of ``web/systemdefaults.inc.php``: plain text only (``$mail_settings['html']``
  false), no iCalendar, no full details (``$mail_settings['details']`` false), so it is
  the action sentence, the link to ``view_entry.php?id=…`` built from ``$url_base`` (not for
  delete and reject), and the one table row "Brief description: <name>", every line ended
  with ``MAIL_EOL`` (CRLF) exactly as the function concatenates them. A language is used
  only when its file translates the mail's sentence (not a copy of English). ``$mrbs_company``
  is set to a fixed organisation name; From is ``$mail_settings['from']``. PHP string
  literals of the language files are read by a small parser that joins ``"…" . "…"``
  pieces and applies PHP's double- and single-quote escapes. No code in any of them.
  Languages: English, German and French (a sample of the shipped ones).

- wielebenwir/commonsbooking (GPL-2.0-or-later), CommonsBooking, the WordPress plugin of
  free cargo-bike sharing ("Freie Lastenräder"): the default e-mail templates of
  ``includes/OptionsArray.php`` — booking confirmed (with "Your booking code is: …", the
  code from the admin's code pool that the borrower gives at pickup, shown for full-day
  timeframes with booking codes), booking canceled, the reminder before a booking, the
  notice after it ends, and the location's start and end reminders — in English (source)
  and German (``languages/commonsbooking-de_DE.po``, whose msgids are the source strings).
  ``commonsbooking_parse_template`` (``includes/TemplateParser.php``) replaces every
  ``{{type:method}}`` with the Booking / Location / user method of ``src/Model``:
  ``formattedBookingDate`` ("from %1$s until %2$s"), ``pickupDatetime`` /
  ``returnDatetime`` of a full-day booking (the date alone), ``formattedPickupInstructions``
  (``<br><br>…<br>``), ``formattedBookingCode`` (``<br>`` sentence ``<br>``),
  ``formattedAddress`` (title, street, postcode and city joined by a space with ``<br>``
  after title, street and city), ``formattedContactInfoOneLine``, ``bookingLink`` (an
  ``<a>`` to ``home_url/?cb_booking=<post_name>``, a 24-character ``[0-9a-z]`` slug of
  ``Helper::generateRandomString``) and ``getEmailSignature`` (the translated default
  signature). The subject goes through ``sanitize_text_field`` (whitespace collapsed,
  trimmed). Dates are WordPress ``date_i18n`` with the default ``date_format`` of an
  en_US site (``F j, Y``) and of a de_DE site (``j. F Y``), month names of WordPress's
  catalogues. ``Message::prepareMail`` sends HTML only (``Content-Type: text/html``).

- WordPressBugBounty/plugins-bookly-responsive-appointment-booking-tool (GPL-3.0, per the
  headers of ``main.php`` and ``readme.txt``; a copy of the Bookly appointment-booking
  WordPress plugin, version 27.4): the notifications ``lib/Installer.php`` creates — the
  customer's e-mail verification code (``TYPE_VERIFY_EMAIL``: subject "Bookly verification
  code", message ``{verification_code}``, a ``mt_rand(100000, 999999)`` number of
  ``lib/UserBookingData.php``), the customer's approved-appointment notice and the
  customer's cancelled-appointment notice — with the strings of
  ``languages/bookly-<locale>.po`` (installed in the site's language; every locale that
  translates the verification subject, and the notices where their subject and message
  are translated). ``Reminder::_sendEmailTo`` replaces the ``{codes}`` and, as
  ``bookly_email_send_as`` is ``html`` by default, runs WordPress ``wpautop`` (a small
  port for text without block tags: ``<p>`` per blank-line paragraph, ``<br />`` for the
  other line breaks); ``Utils\\Mail::send`` hands it to ``wp_mail`` as ``text/html`` from
  the site name and admin address. Dates and times are ``date_i18n`` with each site's
  ``date_format`` / ``time_format`` options (English ``F j, Y`` and ``g:i a``; numeric
  formats set on the other sites).

- WordPressBugBounty/plugins-latepoint (GPL-3.0, per the headers of ``latepoint.php`` and
  ``readme.txt``; a copy of the LatePoint appointment-booking WordPress plugin, 5.6.5): the
  customer's one-time code of ``lib/helpers/otp_helper.php`` (``OsOTPHelper::sendOTP``:
  subject ``__( 'Your OTP Code' )``, content ``sprintf( esc_html__( 'Your OTP code is: %s' ),
  $otp_code )``, the code ``str_pad( random_int( 0, 999999 ), 6, '0', STR_PAD_LEFT )``) in
  every language of ``languages/latepoint-<locale>.po`` (all translate both strings), sent
  by ``OsNotificationsHelper::send`` → ``OsEmailHelper::send_email`` → ``wp_mail`` with
  ``OsMailer``'s ``Content-Type: text/html`` and From (site name and admin address), the
  content as it is; and the customer's password reset of
  ``lib/mailers/customer_mailer.php`` (subject "Reset Your Password", body the bundled
  ``lib/views/mailers/customer/password_reset_request.html`` with ``{{customer_full_name}}``
  and ``{{token}}`` replaced; the token, ``account_nonse``, is a sha1 hex digest the
  customer types into the reset form). The view is English only, so that mail is English.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 4, 9, 17, 42, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round23" / "travel.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


# ---------------------------------------------------------------------------------------
# PHP string literals


def _php_string(src: str, i: int) -> tuple[str, int]:
    """Parse one PHP string literal starting at src[i] (a quote); return (value, end)."""
    quote = src[i]
    i += 1
    out = []
    while src[i] != quote:
        ch = src[i]
        if ch == "\\":
            nxt = src[i + 1]
            if quote == "'":
                out.append(nxt if nxt in "'\\" else "\\" + nxt)
            else:
                out.append({"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "$": "$"}.get(
                    nxt, "\\" + nxt))  # fmt: skip
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out), i + 1


def _php_vocab(src: str) -> dict[str, str]:
    """``$vocab["key"] = "a" . 'b';`` assignments of an MRBS language file."""
    vocab: dict[str, str] = {}
    for m in re.finditer(r'\$vocab\[(["\'])(.*?)\1\]\s*=\s*', src):
        i = m.end()
        parts = []
        while src[i] in "'\"":
            value, i = _php_string(src, i)
            parts.append(value)
            # a concatenation dot, or the end of the statement (a comment may follow)
            j = re.compile(r"\s*(\.|;)\s*").match(src, i)
            if j is None:
                break
            i = j.end()
            if j.group(1) == ";":
                vocab[m.group(2)] = "".join(parts)
                break
    return vocab


def _php_sprintf(fmt: str, *values: str) -> str:
    """PHP ``sprintf`` for the ``%s`` / ``%1$s`` / ``%%`` conversions these strings use."""
    it = iter(values)

    def sub(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return values[int(m.group(1)) - 1]
        return next(it)

    return re.sub(r"%%|%(?:(\d+)\$)?s", sub, fmt)


# ---------------------------------------------------------------------------------------
# MRBS

MRBS_REPO = "meeting-room-booking-system/mrbs-code"
MRBS_COMMIT = "47a3f85ccd9a2d990c1fc8a83a6a1c13ac292d65"
MRBS_COMPANY = "Harbourside Conference Centre"
MRBS_FROM = "Harbourside Room Booking <rooms@harbourside.example.com>"
MRBS_URL_BASE = "https://rooms.harbourside.example.com/mrbs/"
MRBS_USER = "Ingrid Solberg"
# a sample of the shipped languages (the corpus wants codes to be a good share of it)
MRBS_LANGS = {"en": "en", "de": "de", "fr": "fr"}
# what the approver types as the reason / the question, in the site's language
MRBS_NOTES = {
    "en": {
        "reason": "Room 3B is reserved for the board that afternoon.",
        "info": "How many guests will attend, and do you need catering?",
    },
    "de": {
        "reason": "Raum 3B ist an diesem Nachmittag für den Vorstand reserviert.",
        "info": "Wie viele Gäste kommen, und brauchen Sie Verpflegung?",
    },
    "fr": {
        "reason": "La salle 3B est réservée au conseil cet après-midi-là.",
        "info": "Combien d'invités seront présents, et faut-il prévoir un traiteur ?",
    },
}
MRBS_ENTRY = {"id": 4187, "name": "Quarterly partner review"}
# action -> (template id, subject tag, body tag, extra (label tag, note) or None, with link)
MRBS_ACTIONS = [
    ("new-entry", "mail_subject_new_entry", "mail_body_new_entry", None, True),
    ("changed-entry", "mail_subject_changed_entry", "mail_body_changed_entry", None, True),
    ("deleted", "mail_subject_delete", "mail_body_del_entry", None, False),
    ("approved", "mail_subject_approved", "mail_body_approved", None, True),
    ("rejected", "mail_subject_rejected", "mail_body_rej_entry",
     ("reason", "reason"), False),
    ("more-info", "mail_subject_more_info", "mail_body_more_info",
     ("info_requested", "info"), True),
    ("reminder", "mail_subject_reminder", "mail_body_reminder", None, True),
]  # fmt: skip


def _mrbs(mirrors: Path) -> None:
    repo = mirrors / "meeting-room-booking-system+mrbs-code" / "repo"
    english = _php_vocab(_show(repo, MRBS_COMMIT, "web/lang/lang.en"))
    eol = "\r\n"
    for file_lang, bcp in MRBS_LANGS.items():
        own = _php_vocab(_show(repo, MRBS_COMMIT, f"web/lang/lang.{file_lang}"))
        vocab = {**english, **own}
        for template, subj_tag, body_tag, extra, link in MRBS_ACTIONS:
            needed = [subj_tag, body_tag] + ([extra[0]] if extra else [])
            if file_lang != "en" and any(
                t not in own or own[t] == english[t] for t in needed
            ):  # fmt: skip
                continue
            subject = _php_sprintf(vocab[subj_tag], MRBS_COMPANY)
            # create_body(), plain text, $mail_settings['details'] false
            body = ""
            if body_tag == "mail_body_reminder":
                body += vocab[body_tag]
            else:
                body += _php_sprintf(vocab[body_tag], MRBS_USER)
            if extra:
                body += eol + eol
                body += vocab[extra[0]] + ": "
                body += MRBS_NOTES[file_lang][extra[1]]
            if link:
                body += eol + eol
                body += MRBS_URL_BASE + "view_entry.php?id=" + str(MRBS_ENTRY["id"])
            body += eol + eol
            body += eol
            body += f"{vocab['namebooker']}: {MRBS_ENTRY['name']}" + eol
            path = "web/functions_mail.inc,web/lang/lang.en"
            if file_lang != "en":
                path += f",web/lang/lang.{file_lang}"
            _save(
                source="mrbs",
                template=template,
                lang=bcp,
                kind="travel-booking",
                code=None,
                repository=MRBS_REPO,
                path=path,
                commit=MRBS_COMMIT,
                licence="GPL-2.0-only",
                rendered="create_body() of functions_mail.inc (plain text, default settings: "
                "no details, no HTML, no iCalendar) with lang.en overlaid by the language "
                "file, PHP sprintf",
                sender=MRBS_FROM,
                subject=subject,
                text=body,
                html_part=None,
            )


# ---------------------------------------------------------------------------------------
# CommonsBooking


def _po_catalogue(src: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext .po file (no plural forms are needed here)."""

    def unquote(lines: list[str]) -> str:
        out = []
        for line in lines:
            body = line[line.index('"') + 1 : line.rindex('"')]
            out.append(re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(
                m.group(1), m.group(1)), body))  # fmt: skip
        return "".join(out)

    cat: dict[str, str] = {}
    for block in src.split("\n\n"):
        lines = [ln for ln in block.splitlines() if not ln.startswith("#")]
        if "#, fuzzy" in block:
            continue
        key, parts = None, {"msgid": [], "msgstr": []}
        for ln in lines:
            if ln.startswith("msgid "):
                key = "msgid"
            elif ln.startswith("msgstr "):
                key = "msgstr"
            elif ln.startswith(("msgctxt", "msgid_plural", "msgstr[")):
                key = None
                continue
            if key and '"' in ln:
                parts[key].append(ln)
        if parts["msgid"] and parts["msgstr"]:
            msgid, msgstr = unquote(parts["msgid"]), unquote(parts["msgstr"])
            if msgid and msgstr:
                cat[msgid] = msgstr
    return cat


CB_REPO = "wielebenwir/commonsbooking"
CB_COMMIT = "66ad9093e2782e54baf21c43227ee9f3eaf2831a"
CB_MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
}
# per site language: WordPress date_format of a fresh install in that locale, the site, the
# booking code from the admin's code pool, the people and places
CB_SITES = {
    "en": {
        "date": lambda d, m, y: f"{m} {d}, {y}", "home": "https://cargobikes.example.org/",
        "from": "Riverside Cargo Bikes <bikes@cargobikes.example.org>",
        "code": "Pelican", "item": "Bakfiets Long John", "location": "Riverside Bike Kitchen",
        "street": "14 Canal Street", "postcode": "M1 3HE", "city": "Manchester",
        "contact": "Phone 0161 555 0142, Mon–Fri 10–18",
        "pickup": "Ring the bell at the yard gate; the key is handed over by the staff.",
        "first": "Amelia", "last": "Hartley", "login": "ahartley",
        "email": "amelia.hartley@example.com", "slug": "k3x9q0m7w2p5t8r1c4v6b0n3",
    },
    "de": {
        "date": lambda d, m, y: f"{d}. {m} {y}", "home": "https://lastenrad.example.de/",
        "from": "Freies Lastenrad Nordstadt <rad@lastenrad.example.de>",
        "code": "Kranich", "item": "Lastenrad Emma", "location": "Radwerkstatt Nordstadt",
        "street": "Hafenstraße 12", "postcode": "20457", "city": "Hamburg",
        "contact": "Telefon 040 555 0173, Mo–Fr 10–18 Uhr",
        "pickup": "Bitte hinten im Hof klingeln, das Schloss gibt es im Laden.",
        "first": "Jonas", "last": "Brückner", "login": "jbrueckner",
        "email": "jonas.brueckner@example.de", "slug": "7f2m0q8x4k1w9c3t6p5z0r2b",
    },
}  # fmt: skip
CB_START = (12, 12, 2026)  # a two-day, full-day booking: 12 and 13 December 2026
CB_END = (13, 12, 2026)
# template id -> (subject option default, body option default, code shown, to the booker)
CB_TEMPLATES = [
    ("booking-confirmed", "emailtemplates_mail-booking-confirmed", True),
    ("booking-canceled", "emailtemplates_mail-booking-canceled", False),
    ("pre-booking-reminder", "pre-booking-reminder", False),
    ("post-booking-notice", "post-booking-notice", False),
    ("booking-start-location-reminder", "booking-start-location-reminder", False),
    ("booking-end-location-reminder", "booking-end-location-reminder", False),
]


def _php_default(options: str, option_id: str) -> str:
    """The ``__( '…', 'commonsbooking' )`` default of an option in includes/OptionsArray.php."""
    i = (
        options.index(f"'id'            => '{option_id}'")
        if (f"'id'            => '{option_id}'" in options)
        else options.index(f"=> '{option_id}'")
    )
    j = options.index("'default'", i)
    k = options.index("__(", j) + 3
    k = options.index("'", k)
    value, _ = _php_string(options, k)
    return value


def _cb_tags(lang: str, t: dict[str, str]) -> dict[str, str]:
    """What each template tag renders to (the methods of src/Model/*.php), before the
    final commonsbooking_sanitizeHTML (wp_kses: it keeps every tag these use)."""
    months = CB_MONTHS[lang].split()
    start = t["date"](CB_START[0], months[CB_START[1] - 1], CB_START[2])
    end = t["date"](CB_END[0], months[CB_END[1] - 1], CB_END[2])
    g = t["gettext"]
    return {
        "user:first_name": t["first"], "user:last_name": t["last"],
        "user:user_login": t["login"], "user:user_email": t["email"],
        "item:post_title": t["item"], "location:post_title": t["location"],
        # Booking::formattedBookingDate (start and end day differ)
        "booking:formattedBookingDate": _php_sprintf(g("from %1$s until %2$s"), start, end),
        # pickupDatetime / returnDatetime of a full-day booking: the dates only
        "booking:pickupDatetime": start, "booking:returnDatetime": end,
        "location:formattedPickupInstructions": "<br><br>" + t["pickup"] + "<br>",
        "booking:formattedBookingCode": "<br>" + _php_sprintf(
            g("Your booking code is: %s"), t["code"]) + "<br>",
        "location:formattedAddress": " ".join([
            t["location"] + "<br>", t["street"] + "<br>", t["postcode"], t["city"] + "<br>"]),
        "location:formattedContactInfoOneLine": t["contact"] + "<br>",
        "booking:bookingLink": '<a href="{}?cb_booking={}">{}</a>'.format(
            t["home"], t["slug"], g("Link to your booking")),
        "booking:getEmailSignature": t["signature"],
    }  # fmt: skip


def _cb(mirrors: Path) -> None:
    repo = mirrors / "wielebenwir+commonsbooking" / "repo"
    options = _show(repo, CB_COMMIT, "includes/OptionsArray.php")
    de = _po_catalogue(_show(repo, CB_COMMIT, "languages/commonsbooking-de_DE.po"))
    signature_default = options[options.index("'id'      => 'emailbody_signature'") :]
    signature_default = signature_default[signature_default.index("__(") + 3 :]
    signature_default, _ = _php_string(signature_default, signature_default.index("'"))
    for lang, site in CB_SITES.items():
        catalogue = de if lang == "de" else {}
        t = dict(site)
        t["gettext"] = lambda s, c=catalogue: c.get(s, s)
        t["signature"] = t["gettext"](signature_default)
        tags = _cb_tags(lang, t)
        for template, option, with_code in CB_TEMPLATES:
            subject_src = t["gettext"](_php_default(options, option + "-subject"))
            body_src = t["gettext"](_php_default(options, option + "-body"))
            if lang == "de" and body_src not in de.values():
                continue

            def fill(src: str, tags: dict[str, str] = tags) -> str:
                # commonsbooking_parse_template: each {{type:method}} replaced, repeated while
                # any tag is left (the signature holds none)
                while re.search(r"\{\{.*?\}\}", src):
                    src = re.sub(r"\{\{(.*?)\}\}", lambda m: tags[m.group(1).strip()], src)
                return src

            body = fill(body_src)
            # sanitize_text_field: tags stripped, whitespace runs collapsed, trimmed
            subject = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", fill(subject_src))).strip()
            path = (
                "includes/OptionsArray.php,src/Model/Booking.php,src/Model/Location.php,"
                "src/Messages/Message.php,includes/TemplateParser.php"
            )
            if lang == "de":
                path += ",languages/commonsbooking-de_DE.po"
            _save(
                source="commonsbooking",
                template=template,
                lang=lang,
                kind="travel-booking",
                code=t["code"] if with_code else None,
                repository=CB_REPO,
                path=path,
                commit=CB_COMMIT,
                licence="GPL-2.0-or-later",
                rendered="default e-mail template of OptionsArray.php (de_DE.po for German) "
                "through commonsbooking_parse_template with the Booking/Location tag methods; "
                "HTML only, as wp_mail sends it",
                sender=t["from"],
                subject=subject,
                text=None,
                html_part=body,
                note="the booking code is the pickup code the borrower gives at the station"
                if with_code
                else None,
            )


# ---------------------------------------------------------------------------------------
# Bookly

BK_REPO = "WordPressBugBounty/plugins-bookly-responsive-appointment-booking-tool"
BK_COMMIT = "0ccdee9e6c4c4839727abb26d233b686cf952a48"
BK_DIR = "bookly-responsive-appointment-booking-tool/"
# site locale -> (BCP 47, the site's date_format and time_format options, the business)
BK_SITES = {
    "en_US": ("en", "F j, Y", "g:i a", "Northgate Physio", "Dr. Emily Carter", "Sports massage",
              "Oliver Bennett", "+44 20 7946 0321", "https://northgate-physio.example.com"),
    "de_DE": ("de", "d.m.Y", "H:i", "Praxis am Hafen", "Lena Vogt", "Sportmassage",
              "Markus Weber", "+49 40 555 0199", "https://praxis-am-hafen.example.de"),
    "fr_FR": ("fr", "d/m/Y", "H:i", "Salon Lumière", "Claire Martin", "Coupe et brushing",
              "Julien Moreau", "+33 1 55 50 12 34", "https://salon-lumiere.example.fr"),
    "es_ES": ("es", "d/m/Y", "H:i", "Clínica Dental Sol", "Ana Ruiz", "Limpieza dental",
              "Javier López", "+34 910 555 123", "https://clinicasol.example.es"),
    "it_IT": ("it", "d/m/Y", "H:i", "Studio Benessere", "Giulia Rossi", "Massaggio sportivo",
              "Marco Bianchi", "+39 02 5555 0142", "https://studiobenessere.example.it"),
    "nl_NL": ("nl", "d-m-Y", "H:i", "Kapsalon De Linde", "Sanne de Vries", "Knippen",
              "Daan Jansen", "+31 20 555 0147", "https://kapsalondelinde.example.nl"),
    "pl_PL": ("pl", "d.m.Y", "H:i", "Gabinet Zdrowie", "Anna Nowak", "Masaż relaksacyjny",
              "Piotr Kowalski", "+48 22 555 01 42", "https://gabinetzdrowie.example.pl"),
    "pt_PT": ("pt-PT", "d/m/Y", "H:i", "Clínica Atlântico", "Marta Sousa", "Fisioterapia",
              "João Ferreira", "+351 21 555 0142", "https://clinicaatlantico.example.pt"),
    "ru_RU": ("ru", "d.m.Y", "H:i", "Студия «Лотос»", "Ольга Смирнова", "Массаж спины",
              "Дмитрий Иванов", "+7 495 555-01-42", "https://lotos-studio.example.ru"),
    "uk": ("uk", "d.m.Y", "H:i", "Студія «Каштан»", "Ірина Коваленко", "Масаж спини",
           "Олександр Шевченко", "+380 44 555 0142", "https://kashtan.example.ua"),
    "zh_TW": ("zh-TW", "Y-m-d", "H:i", "晨光物理治療所", "林雅婷", "運動按摩",
              "陳志明", "+886 2 5555 0142", "https://chenguang.example.tw"),
}  # fmt: skip
BK_ADDRESS = {
    "en": "12 Northgate Road, London N1 5AB", "de": "Hafenstraße 8, 20457 Hamburg",
    "fr": "14 rue des Lilas, 75011 Paris", "es": "Calle Mayor 21, 28013 Madrid",
    "it": "Via Roma 15, 20121 Milano", "nl": "Lindengracht 40, 1015 KK Amsterdam",
    "pl": "ul. Marszałkowska 10, 00-590 Warszawa", "pt-PT": "Rua Augusta 100, 1100-053 Lisboa",
    "ru": "ул. Тверская, 12, Москва", "uk": "вул. Хрещатик, 22, Київ",
    "zh-TW": "台北市中正區重慶南路一段 100 號",
}  # fmt: skip
# appointment: 15 December 2026, 14:30; verification codes: mt_rand( 100000, 999999 )
BK_WHEN = (15, 12, 2026, 14, 30)
BK_CODES = {
    "en": "482915", "de": "730264", "fr": "159837", "es": "604182", "it": "927451",
    "nl": "318096", "pl": "846203", "pt-PT": "275649", "ru": "593017", "uk": "461728",
    "zh-TW": "208375",
}  # fmt: skip
BK_APPROVED = (
    "Dear {client_name}.\n\nThis is a confirmation that you have booked {service_name}.\n\n"
    "We are waiting you at {company_address} on {appointment_date} at {appointment_time}.\n\n"
    "Thank you for choosing our company.\n\n{company_name}\n{company_phone}\n{company_website}"
)
BK_CANCELLED = (
    "Dear {client_name}.\n\nYou have cancelled your booking of {service_name} on "
    "{appointment_date} at {appointment_time}.\n\nThank you for choosing our company.\n\n"
    "{company_name}\n{company_phone}\n{company_website}"
)
BK_EN_MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
]  # fmt: skip


def _php_date(fmt: str) -> str:
    """PHP date() / date_i18n for the format letters used here, at BK_WHEN."""
    d, m, y, hh, mm = BK_WHEN
    out = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        out.append({
            "d": f"{d:02d}", "j": str(d), "m": f"{m:02d}", "Y": str(y), "F": BK_EN_MONTHS[m - 1],
            "H": f"{hh:02d}", "i": f"{mm:02d}", "g": str((hh - 1) % 12 + 1),
            "a": "am" if hh < 12 else "pm",
        }.get(ch, ch))  # fmt: skip
        i += 1
    return "".join(out)


def _wpautop(text: str) -> str:
    """WordPress wpautop() for text without block tags: paragraphs on blank lines, ``<br />``
    for the other line breaks."""
    if text.strip() == "":
        return ""
    text = text + "\n"
    text = re.sub(r"\n\n+", "\n\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    pees = [p for p in re.split(r"\n\s*\n", text) if p]
    text = "".join("<p>" + p.strip("\n") + "</p>\n" for p in pees)
    text = re.sub(r"<p>\s*</p>", "", text)
    text = re.sub(r"(?<!<br />)\s*\n", "<br />\n", text)
    text = re.sub(r"(</?p[^>]*>)\s*<br />", r"\1", text)
    text = re.sub(r"\n</p>$", "</p>", text)
    return text


def _bookly(mirrors: Path) -> None:
    repo = (
        mirrors / "WordPressBugBounty+plugins-bookly-responsive-appointment-booking-tool" / "repo"
    )
    installer = _show(repo, BK_COMMIT, BK_DIR + "lib/Installer.php")
    assert "'message' => '{verification_code}'," in installer
    assert "__( 'Bookly verification code', 'bookly' )" in installer
    approved_php = BK_APPROVED.replace("\n", "\\n")
    assert f"__( \"{approved_php}\", 'bookly' )" in installer
    cancelled_php = BK_CANCELLED.replace("\n", "\\n")
    assert f"__( \"{cancelled_php}\", 'bookly' )" in installer
    for locale, (lang, date_fmt, time_fmt, company, staff, service, client, phone, site) in (
        BK_SITES.items()
    ):  # fmt: skip
        po = f"{BK_DIR}languages/bookly-{locale}.po"
        cat = {} if locale == "en_US" else _po_catalogue(_show(repo, BK_COMMIT, po))
        path = (
            BK_DIR
            + "lib/Installer.php,"
            + BK_DIR
            + "lib/notifications/base/Reminder.php,"
            + BK_DIR
            + "lib/utils/Mail.php"
        )
        if locale != "en_US":
            path += "," + po
        host = site.split("//")[1]
        sender = f"{company} <info@{host}>"
        codes = {
            "client_name": client, "service_name": service, "staff_name": staff,
            "company_address": BK_ADDRESS[lang], "company_name": company,
            "company_phone": phone, "company_website": site,
            "appointment_date": _php_date(date_fmt), "appointment_time": _php_date(time_fmt),
        }  # fmt: skip

        def replace(text: str, values: dict[str, str]) -> str:
            return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), text)

        rendered = (
            f"Installer.php default notification in the site language ({locale}), codes "
            "replaced, wpautop (bookly_email_send_as html), wp_mail text/html"
        )
        # the customer's e-mail verification code (TYPE_VERIFY_EMAIL)
        subject = cat.get("Bookly verification code", "Bookly verification code")
        code = BK_CODES[lang]
        _save(
            source="bookly",
            template="verify-email",
            lang=lang,
            kind="travel-otp",
            code=code,
            repository=BK_REPO,
            path=path,
            commit=BK_COMMIT,
            licence="GPL-3.0-only",
            rendered=rendered,
            sender=sender,
            subject=subject,
            text=None,
            html_part=_wpautop(replace("{verification_code}", {"verification_code": code})),
            note="the whole body is the code (the default message is {verification_code})",
        )
        # the customer's notices of an approved and of a cancelled appointment
        # (TYPE_NEW_BOOKING and TYPE_CUSTOMER_APPOINTMENT_STATUS_CHANGED, e-mail gateway)
        for template, subject_src, message_src in (
            ("appointment-approved", "Your appointment information", BK_APPROVED),
            ("appointment-cancelled", "Booking cancellation", BK_CANCELLED),
        ):
            subject = cat.get(subject_src, subject_src)
            message = cat.get(message_src, message_src)
            if locale != "en_US" and (message == message_src or subject == subject_src):
                continue
            _save(
                source="bookly",
                template=template,
                lang=lang,
                kind="travel-booking",
                code=None,
                repository=BK_REPO,
                path=path,
                commit=BK_COMMIT,
                licence="GPL-3.0-only",
                rendered=rendered,
                sender=sender,
                subject=subject,
                text=None,
                html_part=_wpautop(replace(message, codes)),
            )


# ---------------------------------------------------------------------------------------
# LatePoint

LP_REPO = "WordPressBugBounty/plugins-latepoint"
LP_COMMIT = "b9ea08a76427f4345dfdc77793156d70e332e7d4"
# po locale -> BCP 47; each a site in that language (blog name and admin address as From)
LP_LOCALES = {
    "en_US": "en", "ar": "ar", "cs_CZ": "cs", "de_DE": "de", "el": "el", "es_ES": "es",
    "fr_FR": "fr", "he_IL": "he", "id_ID": "id", "it_IT": "it", "ja": "ja", "nl_NL": "nl",
    "pl_PL": "pl", "pt_BR": "pt-BR", "ru_RU": "ru", "sv_SE": "sv", "th": "th", "tr_TR": "tr",
    "vi": "vi", "zh_CN": "zh-CN",
}  # fmt: skip
# OsOTPHelper: str_pad( random_int( 0, 999999 ), 6, '0', STR_PAD_LEFT )
LP_OTP = [
    "038514", "927306", "451892", "160473", "784025", "302917", "569148", "815630", "247089",
    "693751", "074392", "528164", "916803", "340276", "685419", "102958", "871543", "459027",
    "736180", "290645",
]  # fmt: skip
# account_nonse: sha1( wp_rand( 10000, 99999 ) . time() . wp_generate_password( 32, true, true ) )
LP_RESET_TOKEN = "3f9c1e7a52b84d06e1a9c7f3b20d58e46a1c9b73"


def _esc_html(text: str) -> str:
    """WordPress esc_html for plain text (no entities in it)."""
    assert "&" not in text
    return (text.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#039;"))  # fmt: skip


def _latepoint(mirrors: Path) -> None:
    repo = mirrors / "WordPressBugBounty+plugins-latepoint" / "repo"
    helper = _show(repo, LP_COMMIT, "latepoint/lib/helpers/otp_helper.php")
    assert "$subject     = __( 'Your OTP Code', 'latepoint' );" in helper
    assert "sprintf( esc_html__( 'Your OTP code is: %s', 'latepoint' ), $otp_code )" in helper
    from_name = "Harbour Yoga Studio"
    sender = f"{from_name} <bookings@harbour-yoga.example.com>"
    for (locale, lang), code in zip(LP_LOCALES.items(), LP_OTP, strict=True):
        po = f"latepoint/languages/latepoint-{locale}.po"
        cat = {} if locale == "en_US" else _po_catalogue(_show(repo, LP_COMMIT, po))
        subject = cat.get("Your OTP Code", "Your OTP Code")
        content = _php_sprintf(_esc_html(cat.get("Your OTP code is: %s", "Your OTP code is: %s")),
                               code)  # fmt: skip
        path = (
            "latepoint/lib/helpers/otp_helper.php,latepoint/lib/helpers/notifications_helper.php,"
            "latepoint/lib/helpers/email_helper.php,latepoint/lib/mailers/mailer.php"
        )
        if locale != "en_US":
            path += "," + po
        _save(
            source="latepoint",
            template="otp",
            lang=lang,
            kind="travel-otp",
            code=code,
            repository=LP_REPO,
            path=path,
            commit=LP_COMMIT,
            licence="GPL-3.0-only",
            rendered="OsOTPHelper::sendOTP subject and sprintf(esc_html__()) content in the site "
            "language, sent as is by wp_mail with the mailer's text/html header",
            sender=sender,
            subject=subject,
            text=None,
            html_part=content,
        )
    # the customer's password reset (English only: the body is a bundled .html view)
    body = _show(
        repo, LP_COMMIT, "latepoint/lib/views/mailers/customer/password_reset_request.html"
    )
    body = body.replace("{{customer_full_name}}", "Hannah Lindqvist").replace(
        "{{token}}", LP_RESET_TOKEN)  # fmt: skip
    _save(
        source="latepoint",
        template="password-reset",
        lang="en",
        kind="travel-otp",
        code=LP_RESET_TOKEN,
        repository=LP_REPO,
        path="latepoint/lib/mailers/customer_mailer.php,"
        "latepoint/lib/views/mailers/customer/password_reset_request.html",
        commit=LP_COMMIT,
        licence="GPL-3.0-only",
        rendered="CustomerMailer::password_reset_request: the default view with "
        "{{customer_full_name}} and {{token}} replaced, wp_mail text/html",
        sender=sender,
        subject="Reset Your Password",
        text=None,
        html_part=body,
        note="the secret key (account_nonse, 40 hex) is typed into the reset form",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    _mrbs(args.mirrors)
    _cb(args.mirrors)
    _bookly(args.mirrors)
    _latepoint(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "with a code")


if __name__ == "__main__":
    main()
