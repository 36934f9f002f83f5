"""Round fifteen, plugins and extensions of CMS and forum software: the mails WordPress,
Joomla, DokuWiki, MODX, phpBB and Strapi add-ons send (generated and chosen passwords, two-step and
one-time codes, and their sibling notices).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_plugins.py \\
        --mirrors /work/.mirror

Every sender is read from its git snapshot under ``--mirrors`` (``owner+name/repo``), at
the commit recorded below; translations are the ``.mo`` catalogues the plugin ships (what
WordPress loads for the site's locale), read with :mod:`gettext`. WordPress sends through
``wp_mail``: text/plain unless the plugin asks for text/html; when a plugin gives no From
header WordPress sends as ``WordPress <wordpress@host>``.

- ``wp-plugins/events-manager`` (Events Manager 5.6.1, GPL-2.0-or-later per the plugin
  header). The default mails are the options ``em-install.php``'s ``em_add_options`` writes,
  its ``__()`` strings translated in the site's language (``includes/langs/dbem-*.mo``);
  ``<br/>`` is turned into ``"\\n\\r"`` there, and PHPMailer's ``normalizeBreaks`` makes each
  of ``\\n`` and ``\\r`` a line break. Placeholders (``#_BOOKINGNAME`` ...) are filled as
  ``EM_Booking::output`` / ``EM_Location::output`` do; the guest-account mail is
  ``em_new_user_notification`` (``%password%`` a ``wp_generate_password(12, false)``).
  Sent as text/plain by ``EM_Mailer::send`` (``dbem_smtp_html`` off by default), From the
  sender address only (``dbem_mail_sender_name`` empty).
- ``wp-plugins/profile-builder`` (Profile Builder 2.2.6, GPL-2.0-or-later per the plugin
  header). ``features/email-confirmation/email-confirmation.php`` and
  ``front-end/recover.php`` build the bodies with ``sprintf(__(...))`` from
  ``translation/profile-builder-*.mo``; ``wppb_mail`` sends them as text/html through
  ``wp_mail`` with no From header. The passwords are the ones the member typed on the form.
- ``wp-plugins/wp-members`` (WP-Members 3.0.x, GPL-2.0-only per its header, ``license.txt``). The
  default mails are ``wp-members-install.php``'s ``wpmem_append_email`` (English only: they
  are not passed through ``__()``), filled by ``inc/email.php``'s ``wpmem_inc_regemail``
  (``[password]`` a ``wp_generate_password()``), footer appended after ``"\\r\\n"``.
- ``wp-insider/simple-membership`` (Simple Membership 4.7.8, GPL-2.0-or-later per its
  readme). The defaults of ``class.swpm-installation.php`` (English, not translated), merge
  tags filled as ``SwpmMiscUtils::replace_dynamic_tags`` does, sent as text/plain by
  ``SwpmMiscUtils::mail`` (HTML option off) From ``<blogname> <hello@host>``.
- ``akeeba/loginguard`` (Akeeba LoginGuard for Joomla, GPL-3.0-or-later). The e-mail
  method's ``sendCode`` fills ``PLG_LOGINGUARD_EMAIL_MESSAGE_SUBJECT`` / ``_BODY`` of its
  en-GB language file (``[SITENAME]``, ``[CODE]``: a six-digit TOTP) and sends it with
  Joomla's mailer as text/plain.
- ``ultimatemember/ultimatemember`` (Ultimate Member, GPL-3.0-only: "License: GPLv3",
  ``license.txt``). Its e-mail templates (``templates/email/*.php``, HTML, English only) put
  in ``UM_Mail::prepare_template``'s HTML frame (``email_html`` on by default), the
  ``{placeholders}`` filled as ``um_convert_tags`` does, with the subjects of
  ``includes/class-config.php``'s ``email_notifications``. None gives a code.
- ``wilminator/dokuwiki-plugin-twofactor`` (GPL-2.0, ``LICENSE``) with its e-mail module
  ``wilminator/dokuwiki-plugin-twofactoremail`` (GPL-2.0). ``_send_otp`` makes a code of
  ``otplength`` (7) digits and fills the ``otpsubject`` / ``otpcontent`` defaults of
  ``conf/default.php``; the module sends them with DokuWiki's ``Mailer`` (``setText``:
  text/plain), which prefixes the subject with ``[wiki title]``. Also the login notice.
- ``AyeCode/userswp`` (UsersWP, GPL-2.0-or-later). The default subjects and bodies of
  ``includes/class-uwp-defaults.php`` filled by ``UsersWP_Mails::replace_variables``, the
  ``[#login_details#]`` HTML built in ``includes/class-forms.php``, the body through
  ``wpautop`` (approximated for these shapes) between the ``uwp-email-header.php`` and
  ``uwp-email-footer.php`` templates; the Emogrifier CSS inlining is not reproduced.
- ``modxcms/twilio`` (MODX extra, GPL-2.0, ``LICENSE.MD``). The ``twilio.totp.code.email.*``
  lexicon entries (English only) filled with the username and the six-digit TOTP of
  ``Twilio::getCode``, sent by ``modUser::sendEmail`` (modMail, HTML).
- ``Sterc/verifylogin`` (MODX extra, GPL-2.0, ``docs/license.txt``). The ``verifyLogin``
  chunk with the ``verifylogin.mail.*`` lexicon of the user's manager language (en, de,
  nl), its MODX tags resolved inside out as the parser does (placeholders, then the
  lexicon tags, then the placeholders those bring), sent as HTML by modMail.
- ``phpbb-extensions/teamsecurity`` (phpBB extension, GPL-2.0-only). Its e-mail templates
  (``language/en/email/*.txt``) filled with ``send_message``'s variables and the messenger's
  ``SITENAME`` and ``EMAIL_SIG`` (``"-- \n"`` + the default board signature), the
  ``Subject:`` line taken out of the body as ``messenger::send`` does; text/plain.
- ``pickplugins/user-verification`` (User Verification, WordPress, GPL-2.0-or-later per its
  header). Its HTML templates (``templates/emails/*.php``) through ``wpautop``, ``{vars}``
  replaced with ``strtr``, the subjects of ``class-emails.php``; the e-mail OTP is
  ``user_verification_random_password`` with its defaults (six letters, both cases: the
  settings are read after they are used). Its French catalogue leaves these strings
  untranslated, so only English is sent.
- ``baytechc/strapi-plugin-email-verification`` (Strapi plugin, MIT per its package.json).
  ``email-verification-subject`` / ``-body`` of its Fluent files (``locales/*.ftl``, formatted
  as @fluent/bundle does for text without placeables; the English subject where a locale has
  none), ``$CODE`` (``crypto.randomInt(100000, 1000000)``), ``$EMAIL``, ``$REASON`` filled. The
  request's language is the bare Accept-Language code, so ``zh_Hans`` / ``zh_Hant`` are never
  reached and are left out. It is sent through a separate ``md-email`` plugin that is not
  available: the Markdown goes as the text part, and Python-Markdown's rendering of it as
  the HTML part.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import io
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import markdown  # Python-Markdown, for the Strapi plugin's HTML part
from collect import HERE, message

SENT = datetime(2026, 11, 24, 15, 12, 41, tzinfo=UTC)
RNG = random.Random("r15-plugins")
ITEMS: list[dict] = []
MIRRORS = Path("/work/.mirror")

EM_REPO = "wp-plugins/events-manager"
EM_COMMIT = "dd0cc878a091113c4d1499d7340ffdedeaa39021"
PB_REPO = "wp-plugins/profile-builder"
PB_COMMIT = "7454755ea7016c597ac9f279c91f3930805a6f4e"
WPM_REPO = "wp-plugins/wp-members"
WPM_COMMIT = "f452833affd6f74565e8ea6fdf066b5240e0fca2"
SWPM_REPO = "wp-insider/simple-membership"
SWPM_COMMIT = "96aeb8ac40d88071209a37edfde923625a0743f7"
LG_REPO = "akeeba/loginguard"
LG_COMMIT = "e4cf86c944b0baa17fb0a4c23573884554b483e6"
UM_REPO = "ultimatemember/ultimatemember"
UM_COMMIT = "d9d4bca03e050a39aaa5c7064146798a88fee059"


def _git(repo: str) -> Path:
    return MIRRORS / repo.replace("/", "+") / "repo"


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(_git(repo)), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


class _WordPressMO(gettext.GNUTranslations):
    """A catalogue read as WordPress's MO class reads it: a translation stored with plural
    forms (NUL-separated) gives its first form for __()."""

    def gettext(self, message: str) -> str:
        return super().gettext(message).split("\x00")[0]


def _mo(repo: str, commit: str, path: str | None) -> gettext.NullTranslations:
    if path is None:
        return gettext.NullTranslations()
    return _WordPressMO(io.BytesIO(_show_bytes(repo, commit, path)))


def _sprintf(fmt: str, *args: str) -> str:
    """PHP sprintf for the %s and %N$s forms these strings use."""
    it = iter(args)

    def repl(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return next(it)

    return re.sub(r"%%|%(?:(\d+)\$)?s", repl, fmt)


def _breaks(text: str) -> str:
    """PHPMailer normalizeBreaks: each \\r\\n, \\r or \\n is one line break."""
    return re.sub(r"\r\n|\r|\n", "\n", text)


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


WP_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
WP_SPECIAL = WP_ALNUM + "!@#$%^&*()"


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text=None, html_part=None, note=None):  # fmt: skip
    subject = re.sub(r"[\r\n]", "", subject).strip()  # PHPMailer secureHeader()
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
# Events Manager (WordPress)

EM_LICENCE = "GPL-2.0-or-later"
EM_FOOTER = "<br/><br/>-------------------------------<br/>Powered by Events Manager - http://wp-events-plugin.com"
# locale -> lang, site, host, booker, username, contact, event, place, address, town, postcode,
# date, times (the site's time_format: g:i a in English, 24-hour elsewhere)
EM_SITES = {
    "": (
        "en",
        "Riverside Community Hall",
        "riversidehall.example",
        "Megan Fairclough",
        "meganf",
        "Tom Ashworth",
        "Autumn Ceilidh Night",
        "Riverside Community Hall",
        "14 Mill Lane",
        "Hebden Bridge",
        "HX7 8AD",
        "28/11/2026",
        "7:30 pm - 10:30 pm",
    ),
    "cs_CZ": (
        "cs",
        "Kulturní dům Vysočany",
        "kdvysocany.example",
        "Tereza Horáková",
        "thorakova",
        "Pavel Doležal",
        "Večer swingu",
        "Velký sál",
        "Freyova 35",
        "Praha 9",
        "190 00",
        "05/12/2026",
        "19:00 - 23:00",
    ),
    "de_DE": (
        "de",
        "Stadtteilzentrum Ehrenfeld",
        "stz-ehrenfeld.example",
        "Jana Wegener",
        "janawegener",
        "Markus Brandt",
        "Lesung: Nachtzug nach Lissabon",
        "Saal 2",
        "Venloer Straße 429",
        "Köln",
        "50825",
        "03/12/2026",
        "19:30 - 21:30",
    ),
    "el": (
        "el",
        "Πολιτιστικός Σύλλογος Καλαμαριάς",
        "psk-kalamaria.example",
        "Ελένη Παπαδάκη",
        "elenipap",
        "Νίκος Σταυρίδης",
        "Βραδιά Ρεμπέτικου",
        "Αίθουσα εκδηλώσεων",
        "Κομνηνών 12",
        "Καλαμαριά",
        "551 33",
        "12/12/2026",
        "21:00 - 00:30",
    ),
    "fa_IR": (
        "fa",
        "خانه فرهنگ نیاوران",
        "niavaran-house.example",
        "مریم احمدی",
        "maryam.ahmadi",
        "رضا کریمی",
        "کارگاه خوشنویسی",
        "سالن شماره ۲",
        "خیابان پاسداران، کوچه گلستان ۴",
        "تهران",
        "19547",
        "10/12/2026",
        "17:00 - 19:00",
    ),
    "fi": (
        "fi",
        "Kallion kirjasto",
        "kallionkirjasto.example",
        "Aino Virtanen",
        "ainovirtanen",
        "Mikko Laine",
        "Kirjailijavierailu: Sofi Oksanen",
        "Lukusali",
        "Viides linja 11",
        "Helsinki",
        "00530",
        "01/12/2026",
        "18:00 - 19:30",
    ),
    "fr_FR": (
        "fr",
        "Maison des associations de Bègles",
        "mda-begles.example",
        "Camille Roussel",
        "camille.roussel",
        "Julien Mercier",
        "Atelier réparation vélo",
        "Salle Garonne",
        "12 rue Calixte Camelle",
        "Bègles",
        "33130",
        "06/12/2026",
        "14:00 - 17:00",
    ),
    "hu_HU": (
        "hu",
        "Óbudai Társaskör",
        "obudaitarsaskor.example",
        "Kovács Eszter",
        "kovacseszter",
        "Szabó Gábor",
        "Adventi kamarakoncert",
        "Nagyterem",
        "Kiskorona utca 7",
        "Budapest",
        "1036",
        "13/12/2026",
        "18:00 - 20:00",
    ),
    "it_IT": (
        "it",
        "Circolo ARCI Porta Venezia",
        "arciportavenezia.example",
        "Giulia Bernardi",
        "giuliab",
        "Luca Ferrari",
        "Cineforum: Nuovo Cinema Paradiso",
        "Sala Cinema",
        "Via Lazzaretto 15",
        "Milano",
        "20124",
        "04/12/2026",
        "21:00 - 23:15",
    ),
    "nb_NO": (
        "nb",
        "Grünerløkka Frivilligsentral",
        "lokka-frivillig.example",
        "Ingrid Solberg",
        "ingrids",
        "Henrik Dahl",
        "Julemarked og vaffelkafé",
        "Storsalen",
        "Thorvald Meyers gate 49",
        "Oslo",
        "0555",
        "06/12/2026",
        "11:00 - 16:00",
    ),
    "nl_NL": (
        "nl",
        "Buurthuis De Pijp",
        "buurthuisdepijp.example",
        "Sanne de Vries",
        "sannedevries",
        "Pieter Bakker",
        "Taalcafé Nederlands",
        "Grote zaal",
        "Ferdinand Bolstraat 106",
        "Amsterdam",
        "1072 LN",
        "02/12/2026",
        "19:00 - 21:00",
    ),
    "pl_PL": (
        "pl",
        "Dom Kultury Śródmieście",
        "dkschodmiescie.example",
        "Agnieszka Wójcik",
        "awojcik",
        "Tomasz Zieliński",
        "Warsztaty ceramiczne",
        "Pracownia 3",
        "ul. Smolna 9",
        "Warszawa",
        "00-375",
        "07/12/2026",
        "10:00 - 13:00",
    ),
    "pt_BR": (
        "pt-BR",
        "Centro Cultural Vila Madalena",
        "ccvilamadalena.example",
        "Fernanda Oliveira",
        "fernanda.oliveira",
        "Rafael Souza",
        "Roda de Samba de Natal",
        "Pátio principal",
        "Rua Aspicuelta 411",
        "São Paulo",
        "05433-010",
        "19/12/2026",
        "18:00 - 22:00",
    ),
    "sl_SI": (
        "sl",
        "Kulturni dom Šiška",
        "kd-siska.example",
        "Maja Kovačič",
        "majakovacic",
        "Andrej Novak",
        "Večer slovenske poezije",
        "Mala dvorana",
        "Trg prekomorskih brigad 3",
        "Ljubljana",
        "1000",
        "09/12/2026",
        "19:00 - 21:00",
    ),
    "sv_SE": (
        "sv",
        "Södermalms Folkets Hus",
        "sodermalmfolketshus.example",
        "Elin Lindqvist",
        "elinlindqvist",
        "Johan Berg",
        "Luciakonsert",
        "Stora salen",
        "Götgatan 44",
        "Stockholm",
        "118 26",
        "13/12/2026",
        "17:00 - 18:30",
    ),
}


def _em_fill(body: str, site: tuple, spaces: str) -> str:
    (_, _, _, booker, _, contact, event, place, address, town, postcode, date, times) = site
    values = {
        "#_BOOKINGNAME": booker, "#_BOOKINGSPACES": spaces, "#_EVENTNAME": event,
        "#_EVENTDATES": date, "#_EVENTTIMES": times, "#_LOCATIONNAME": place,
        "#_LOCATIONFULLLINE": f"{address}, {town}, {postcode}", "#_CONTACTNAME": contact,
    }  # fmt: skip
    for key in sorted(values, key=len, reverse=True):
        body = body.replace(key, values[key])
    return body


def events_manager() -> None:
    repo, c = EM_REPO, EM_COMMIT
    install = _show(repo, c, "em-install.php")
    functions = _show(repo, c, "em-functions.php")
    assert "wp_generate_password( 12, false)" in functions
    assert "str_replace(array('%password%','%username%')" in functions
    confirmed_src = (
        "Dear #_BOOKINGNAME, <br/>You have successfully reserved #_BOOKINGSPACES space/spaces"
        " for #_EVENTNAME.<br/>When : #_EVENTDATES @ #_EVENTTIMES<br/>Where : #_LOCATIONNAME"
        " - #_LOCATIONFULLLINE<br/>Yours faithfully,<br/>#_CONTACTNAME"
    )
    pending_src = (
        "Dear #_BOOKINGNAME, <br/>You have requested #_BOOKINGSPACES space/spaces for"
        " #_EVENTNAME.<br/>When : #_EVENTDATES @ #_EVENTTIMES<br/>Where : #_LOCATIONNAME -"
        " #_LOCATIONFULLLINE<br/>Your booking is currently pending approval by our"
        " administrators. Once approved you will receive an automatic confirmation.<br/>Yours"
        " faithfully,<br/>#_CONTACTNAME"
    )
    rejected_src = (
        "Dear #_BOOKINGNAME, <br/>Your requested booking for #_BOOKINGSPACES spaces at"
        " #_EVENTNAME on #_EVENTDATES has been rejected.<br/>Yours faithfully,<br/>#_CONTACTNAME"
    )
    cancelled_src = rejected_src.replace("has been rejected", "has been cancelled")
    for src in (confirmed_src, pending_src, rejected_src, cancelled_src):
        assert src in install, src[:40]

    def save(template, lang, kind, code, path, rendered, sender, subject, text, note=None):  # fmt: skip
        _save(source="wpeventsmanager", template=template, lang=lang, kind=kind, code=code,
              repository=repo, path=path, commit=c, licence=EM_LICENCE, rendered=rendered,
              sender=sender, subject=subject, text=text, note=note)  # fmt: skip

    for locale, site in EM_SITES.items():
        lang, blog, host = site[0], site[1], site[2]
        mo_path = f"includes/langs/dbem-{locale}.mo" if locale else None
        t = _mo(repo, c, mo_path).gettext
        sender = f"bookings@{host}"
        langs_path = "em-install.php" + (f"; {mo_path}" if mo_path else "")
        # the guest account made at booking time (em_new_user_notification)
        username, password = site[4], _rand(WP_ALNUM, 12)
        body = (
            _sprintf(t("You have successfully created an account at %s"), blog)
            + "<br/>" + _sprintf(t("You can log into our site here : %s"), f"https://{host}/wp-login.php")
            + "<br/>" + t("Username") + " : %username%"
            + "<br/>" + t("Password") + " : %password%"
            + "<br/>" + _sprintf(t("To view your bookings, please visit %s after logging in."),
                                 f"https://{host}/my-bookings/")
        )  # fmt: skip
        body = body.replace("<br/>", "\n\r")
        body = body.replace("%password%", password).replace("%username%", username)
        subject = _sprintf(t("[%s] Your username and password"), blog)
        save("registration", lang, "shop-otp", password,
             langs_path + "; em-functions.php",
             "dbem_bookings_email_registration_* as em_add_options builds them (translated),"
             " %username%/%password% replaced by em_new_user_notification; password"
             " wp_generate_password(12, false)",
             sender, html.unescape(subject), _breaks(body),
             note="guest account created with a booking: gives the username and a generated"
             " password to log in with")  # fmt: skip

        kinds = [("booking-confirmed", "Booking Confirmed", confirmed_src, "2")]
        if lang in {"en", "de", "fr", "it", "pl", "nl"}:
            kinds.append(("booking-pending", "Booking Pending", pending_src, "3"))
        if lang == "en":
            kinds.append(("booking-rejected", "Booking Rejected", rejected_src, "2"))
            kinds.append(("booking-cancelled", "Booking Cancelled", cancelled_src, "4"))
        for template, subj_src, body_src, spaces in kinds:
            translated = t(body_src)
            if translated == body_src and lang != "en":
                continue  # this catalogue leaves the body in English: not sent in the language
            body = (translated + EM_FOOTER).replace("<br/>", "\n\r")
            save(template, lang, "shop-order", None, langs_path,
                 f"dbem_bookings_email_{template.split('-')[1]}_* as em_add_options builds"
                 " them (translated), placeholders filled as EM_Booking::output",
                 sender, t(subj_src), _breaks(_em_fill(body, site, spaces)))  # fmt: skip

    # the event owner's notice of a confirmed booking (with #_BOOKINGSUMMARY), English
    site = EM_SITES[""]
    t = gettext.NullTranslations().gettext
    template_body = (
        "#_EVENTNAME - #_EVENTDATES @ #_EVENTTIMES<br/>"
        + t("Now there are #_BOOKEDSPACES spaces reserved, #_AVAILABLESPACES are still available.")
        + "<br/>" + "BOOKING DETAILS" + "<br/>"
        + "Name : #_BOOKINGNAME\nEmail : #_BOOKINGEMAIL<br/>#_BOOKINGSUMMARY<br/>"
        + "<br/>Powered by Events Manager - http://wp-events-plugin.com"
    )  # fmt: skip
    assert "strtoupper(__('Booking Details','dbem'))" in install
    body = "The following booking is confirmed :<br/>" + template_body
    summary = (
        "\nStandard admission\n\n--------------------------------------\nQuantity: 2\n\n"
        "Price: £8.00\n\nConcession (students, over 65s)\n\n"
        "--------------------------------------\nQuantity: 1\n\nPrice: £5.00\n\n\n"
        "=======================================\n\nSub Total : £21.00\n\n\n\n"
        "Total Price : £21.00"
    )
    body = body.replace("<br/>", "\n\r").replace("#_BOOKINGSUMMARY", summary)
    body = body.replace("#_BOOKEDSPACES", "87").replace("#_AVAILABLESPACES", "33")
    body = body.replace("#_BOOKINGEMAIL", "megan.fairclough@example.net")
    save("owner-confirmed", "en", "notice", None,
         "em-install.php; templates/emails/bookingsummary.php",
         "dbem_bookings_contact_email_confirmed_* as em_add_options builds them; #_BOOKINGSUMMARY"
         " from templates/emails/bookingsummary.php (two ticket types, no tax or discount)",
         "bookings@" + site[2], "Booking Confirmed", _breaks(_em_fill(body, site, "3")))  # fmt: skip


# ---------------------------------------------------------------------------------------
# Profile Builder (WordPress)

PB_LICENCE = "GPL-2.0-or-later"
# locale -> lang, site, host, username, the password the member typed at sign-up, the one
# typed on the reset form
PB_SITES = {
    "": (
        "en",
        "Harbourside Runners",
        "harbourside-runners.example",
        "dan.okafor",
        "Tidewater!Loop42",
        "Pier7-Sunrise-Tempo",
    ),
    "da_DK": (
        "da",
        "Aarhus Roklub",
        "aarhusroklub.example",
        "mette.hansen",
        "Kajak2026Sommer",
        "Bugten#Morgen9",
    ),
    "de_DE": (
        "de",
        "Schachfreunde Bamberg",
        "sf-bamberg.example",
        "lukas.hoffmann",
        "Springer-e4-Rochade",
        "Damengambit!71",
    ),
    "es_ES": (
        "es",
        "Coro Voces del Tormes",
        "vocesdeltormes.example",
        "lucia.martin",
        "Salamanca_Soprano8",
        "Contralto#2026",
    ),
    "fr_FR": (
        "fr",
        "Club photo Lumière d'Anjou",
        "lumiere-anjou.example",
        "claire.dubois",
        "Ruelle#Verte19",
        "Diaphragme-f2.8",
    ),
    "it_IT": (
        "it",
        "Gruppo Alpini Valtellina",
        "alpinivaltellina.example",
        "marco.rossi",
        "Stelvio2758m!",
        "Bernina_Rifugio4",
    ),
    "ja": (
        "ja",
        "横浜ジャズ愛好会",
        "yokohama-jazz.example",
        "kenji.sato",
        "BlueNote1959yk",
        "Sakura-Swing88",
    ),
    "nb_NO": (
        "nb",
        "Bergen Turlag",
        "bergenturlag.example",
        "sindre.haugen",
        "Ulriken643moh",
        "Floyen#Tur7",
    ),
    "nl_NL": (
        "nl",
        "Volkstuinvereniging De Bongerd",
        "debongerd.example",
        "eva.jansen",
        "Pompoen&Prei2026",
        "Moestuin-Lente5",
    ),
    "pl_PL": (
        "pl",
        "Klub Szachowy Hetman Gdańsk",
        "hetman-gdansk.example",
        "piotr.nowak",
        "Obrona_Sycylijska7",
        "Gambit#Krolowej3",
    ),
    "pt_BR": (
        "pt-BR",
        "Associação de Ciclistas de Curitiba",
        "ciclistascwb.example",
        "bruno.costa",
        "Pedal#Araucaria22",
        "Ciclovia2026!",
    ),
    "ro_RO": (
        "ro",
        "Clubul de Carte Cluj",
        "clubcartecluj.example",
        "ioana.popescu",
        "Eminescu1850!",
        "Lectura-Toamna3",
    ),
    "ru_RU": (
        "ru",
        "Клуб любителей астрономии",
        "astroclub.example",
        "dmitry.volkov",
        "Orion-M42-Nebula",
        "Kassiopeya#55",
    ),
    "sl_SL": (
        "sl",
        "Planinsko društvo Kamnik",
        "pd-kamnik.example",
        "jure.zupan",
        "Grintovec2558m",
        "Kamniska#Bistrica",
    ),
    "zh_CN": (
        "zh-CN",
        "上海摄影爱好者协会",
        "sh-photo.example",
        "wang.lei",
        "Waitan1908sh",
        "Guangquan-f18",
    ),
    "zh_TW": (
        "zh-TW",
        "台北登山健行社",
        "tpe-hiking.example",
        "chen.yating",
        "Yushan3952m!",
        "Hehuan#Shan7",
    ),
}


def profile_builder() -> None:
    repo, c = PB_REPO, PB_COMMIT
    confirm_php = "features/email-confirmation/email-confirmation.php"
    recover_php = "front-end/recover.php"
    src = _show(repo, c, confirm_php) + _show(repo, c, recover_php)
    welcome_src = "Welcome to %1$s!<br/><br/><br/>Your username is:%2$s and password:%3$s"
    request_src = (
        "Someone requested that the password be reset for the following account: <b>%1$s</b>"
        "<br/>If this was a mistake, just ignore this email and nothing will happen.<br/>To"
        " reset your password, visit the following link:%2$s"
    )
    success_src = "You have successfully reset your password to: %1$s"
    activate_src = (
        "To activate your user, please click the following link:<br><br>%s%s%s<br><br>After"
        " you activate it you will receive yet *another email* with your login."
    )
    for s in (welcome_src, request_src, success_src, activate_src):
        assert s in src, s[:30]

    def save(template, lang, code, path, rendered, subject, body, kind="other", note=None):  # fmt: skip
        _save(source="profilebuilder", template=template, lang=lang, kind=kind, code=code,
              repository=repo, path=path, commit=c, licence=PB_LICENCE, rendered=rendered,
              sender=f"WordPress <wordpress@{host}>", subject=subject, html_part=body,
              note=note)  # fmt: skip

    for locale, (lang, blog, host, user, password, new_pass) in PB_SITES.items():
        mo_path = f"translation/profile-builder-{locale}.mo" if locale else None
        t = _mo(repo, c, mo_path).gettext
        suffix = f"; {mo_path}" if mo_path else ""
        save("account-info", lang, password, confirm_php + suffix,
             "wppb_notify_user_registration_email (send credentials on): subject and body"
             " sprintf(__()) with the site name, username and the password typed at sign-up",
             _sprintf(t("[%1$s] Your new account information"), blog, user, password),
             _sprintf(t(welcome_src), blog, user, password), kind="saas-otp",
             note="gives the username and the password chosen at sign-up, to log in with")  # fmt: skip
        if lang in {"en", "de", "fr", "es", "it", "nl", "pl", "ru", "ja", "zh-CN"}:
            save("reset-success", lang, new_pass, recover_php + suffix,
                 "second mail of the front-end password recovery: sprintf(__()) with the"
                 " password typed on the reset form",
                 _sprintf(t('Password Successfully Reset for %1$s on "%2$s"'), user, blog),
                 _sprintf(t(success_src), new_pass), kind="saas-otp",
                 note="repeats the new password the member set")  # fmt: skip
        if lang in {"en", "de", "fr", "es", "pt-BR", "da"}:
            key = _rand(WP_ALNUM, 20)
            url = html.escape(
                f"https://{host}/recover-password/?loginName={user.replace('.', '-')}&key={key}"
            )
            save("reset-request", lang, None, recover_php + suffix,
                 "first mail of the front-end password recovery: sprintf(__()) with the"
                 " username and the reset link (key wp_generate_password(20, false))",
                 _sprintf(t('Password Reset from "%1$s"'), blog),
                 _sprintf(t(request_src), user, f'<a href="{url}">{url}</a>'), kind="notice",
                 note="the key is only inside the link")  # fmt: skip
        if lang in {"en", "fr"}:
            key = _rand(WP_ALNUM, 20)
            url = html.escape(f"https://{host}/?activation_key={key}")
            save("activate", lang, None, confirm_php + suffix,
                 "wppb_signup_user_notification: subject and body sprintf(__()) with the"
                 " activation link (the body is not translated in this catalogue)",
                 _sprintf(t("[%1$s] Activate %2$s"), blog, user),
                 _sprintf(t(activate_src), f'<a href="{url}">', url, "</a>."), kind="notice",
                 note="activation key only inside the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# WP-Members (WordPress)

WPM_LICENCE = "GPL-2.0-only"


def _php_single_quoted(src: str, start: str) -> str:
    """The PHP single-quoted literal that follows ``start`` in ``src``."""
    at = src.index(start) + len(start)
    at = src.index("'", at) + 1
    end = src.index("';", at)
    return src[at:end].replace("\\'", "'")


def wp_members() -> None:
    repo, c = WPM_REPO, WPM_COMMIT
    install = _show(repo, c, "wp-members-install.php")
    assert "wp_generate_password()" in _show(repo, c, "inc/register.php")
    host, blog = "northfieldallotments.example", "Northfield Allotment Society"
    user, reg_link = "priya.raman", f"https://{host}/join/"
    members = f"https://{host}/members-area/"
    fn = install[install.index("function wpmem_append_email()") :]
    subjects = re.findall(r"\$subj = '((?:[^'\\]|\\.)*)';", fn)
    bodies = [b for b in re.findall(r"\$body = '((?:[^'\\]|\\.)*)';", fn) if b]
    keys = ("newreg", "newmod", "appmod", "repass", "notify")
    defaults = {k: (subjects[i], bodies[i]) for i, k in enumerate(keys)}
    foot = bodies[5]
    sender = f"WordPress <wordpress@{host}>"

    def fill(text: str, password: str = "") -> str:
        for k, v in (("[blogname]", blog), ("[username]", user), ("[password]", password),
                     ("[reglink]", reg_link), ("[members-area]", members)):  # fmt: skip
            text = text.replace(k, v)
        return text

    specs = [
        ("newreg", "shop-otp", True, "new registration: username and a generated password"),
        ("newmod", "notice", False, None),
        ("appmod", "shop-otp", True, "approved registration: username and a generated password"),
        ("repass", "shop-otp", True, "password reset: the new generated password"),
    ]
    for key, kind, has_code, note in specs:
        password = _rand(WP_SPECIAL, 12) if has_code else ""
        subj, body = defaults[key]
        text = fill(body, password) + "\r\n" + fill(foot)
        _save(source="wpmembers", template=key, lang="en", kind=kind,
              code=password or None, repository=repo,
              path="wp-members-install.php; inc/email.php; inc/register.php", commit=c,
              licence=WPM_LICENCE,
              rendered=f"wpmembers_email_{key} default (wpmem_append_email) filled by"
              " wpmem_inc_regemail; password wp_generate_password(); footer appended",
              sender=sender, subject=fill(subj, password), text=_breaks(text),
              note=note)  # fmt: skip
    subj, body = defaults["notify"]
    fields = (
        "First Name: Priya\r\nLast Name: Raman\r\nAddress 1: 22 Beech Grove\r\n"
        "City: Sheffield\r\nState: South Yorkshire\r\nZip: S6 3QT\r\nCountry: United Kingdom\r\n"
        "Day Phone: 0114 496 0732\r\n"
    )
    values = {"[blogname]": blog, "[username]": user, "[email]": "priya.raman@example.net",
              "[reglink]": reg_link, "[user-ip]": "198.51.100.23",
              "[activate-user]": f"https://{host}/wp-admin/user-edit.php?user_id=318",
              "[fields]": fields}  # fmt: skip
    for k, v in values.items():
        body, subj = body.replace(k, v), subj.replace(k, v)
    _save(source="wpmembers", template="notify", lang="en", kind="notice", code=None,
          repository=repo, path="wp-members-install.php; inc/email.php", commit=c,
          licence=WPM_LICENCE,
          rendered="wpmembers_email_notify default filled by wpmem_notify_admin (the default"
          " fields that are shown); footer appended",
          sender=sender, subject=subj, text=_breaks(body + "\r\n" + fill(foot)),
          note="admin notice of a new member: phone and postcode, no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Simple Membership (WordPress)

SWPM_LICENCE = "GPL-2.0-or-later"


def simple_membership() -> None:
    repo, c = SWPM_REPO, SWPM_COMMIT
    path = "simple-membership/classes/class.swpm-installation.php"
    src = _show(repo, c, path)
    fn = src[src.index("public static function initdb()") :]

    def php_concat(var: str) -> str:
        """The value of ``$var = "..." . "..." ...;`` (double-quoted pieces, \\n escapes)."""
        at = fn.index(f"${var} = ")
        stmt = fn[at : fn.index(";", at)]
        pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', stmt)
        return "".join(pieces).replace("\\n", "\n")

    host, blog = "greenwoodyoga.example", "Greenwood Yoga Collective"
    sender = f"{blog} <hello@{host}>"
    member = {
        "{first_name}": "Hannah", "{last_name}": "Lindgren", "{user_name}": "hannahl",
        "{email}": "hannah.lindgren@example.net", "{member_id}": "1047",
        "{login_link}": f"https://{host}/membership-login/",
        "{subscription_id}": "sub_1QmZ8r2eZvKYlo2CXa0b7T4n",
    }  # fmt: skip

    def fill(text: str, **extra: str) -> str:
        for k, v in {**member, **{"{" + k + "}": v for k, v in extra.items()}}.items():
            text = text.replace(k, v)
        return text

    chosen = "Savasana&Chai2026"
    reset = _rand(WP_SPECIAL, 12)
    specs = [
        ("reg-prompt", "reg_prompt_email", "notice", None, {
            "reg_link": f"https://{host}/membership-join/membership-registration/"
                        "?member_id=1047&code=9c41e5d0a7b3f28e6d1c"}, "registration code only inside the link"),
        ("reg-complete", "reg_email", "saas-otp", chosen, {}, "username and the password the member chose at registration"),
        ("reg-admin", "reg_email_subject_admin", "notice", None, {}, None),
        ("upgrade", "upgrade_email", "notice", None, {}, None),
        ("renew", "renew_email", "notice", None, {}, None),
        ("reset", "reset_email", "saas-otp", reset, {}, "password reset: the new generated password (wp_generate_password())"),
        ("reset-link", "reset_email", "notice", None, {}, "reset by link on: the {password} tag becomes the words 'Reset password using link'"),
        ("status-change", "status_change_email", "notice", None, {}, None),
        ("email-activation", "email_activation_mail", "notice", None, {
            "activation_link": f"https://{host}/?swpm_email_activation=1&swpm_member_id=1047"
                               "&swpm_token=5f0c2a9e7d3b41e8a6c2"}, "activation token only inside the link"),
        ("subscription-cancel", "subscription_cancel_member_mail", "notice", None, {}, "member ID and subscription ID are references, not codes"),
        ("manual-approval", "manual_approval_mail", "notice", None, {}, None),
    ]  # fmt: skip
    for template, var, kind, code, extra, note in specs:
        if var == "reg_email_subject_admin":
            subject, body = (
                php_concat("reg_email_subject_admin"),
                php_concat("reg_email_body_admin"),
            )
        else:
            subject, body = php_concat(f"{var}_subject"), php_concat(f"{var}_body")
        if var == "reset_email":
            subject = f"{blog}: New Password"  # get_bloginfo('name') . ": New Password"
        password = {"reg-complete": chosen, "reset": reset,
                    "reset-link": "Reset password using link"}.get(template, "")  # fmt: skip
        _save(source="swpm", template=template, lang="en", kind=kind, code=code,
              repository=repo, path=path, commit=c, licence=SWPM_LICENCE,
              rendered=f"${var}_* default of SwpmInstallation::initdb, merge tags filled"
              " (replace_dynamic_tags), text/plain",
              sender=sender, subject=fill(subject), text=fill(body, password=password, **extra),
              note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Akeeba LoginGuard (Joomla)


def _ini(text: str) -> dict[str, str]:
    return dict(re.findall(r'^([A-Z0-9_]+)="(.*)"\s*$', text, flags=re.M))


def loginguard() -> None:
    repo, c = LG_REPO, LG_COMMIT
    ini_path = "plugins/loginguard/email/language/en-GB/en-GB.plg_loginguard_email.ini"
    strings = _ini(_show(repo, c, ini_path))
    php = _show(repo, c, "plugins/loginguard/email/email.php")
    assert "private const CODE_LENGTH = 6;" in php
    code = "%06d" % RNG.randint(0, 999999)  # noqa: UP031
    site = "Bergverein Allgäu"
    subject = strings["PLG_LOGINGUARD_EMAIL_MESSAGE_SUBJECT"].replace("[SITENAME]", site)
    body = strings["PLG_LOGINGUARD_EMAIL_MESSAGE_BODY"].replace("[SITENAME]", site)
    _save(source="akeebaloginguard", template="email-code", lang="en", kind="saas-otp",
          code=code, repository=repo, path=ini_path + "; plugins/loginguard/email/email.php",
          commit=c, licence="GPL-3.0-or-later",
          rendered="sendCode: PLG_LOGINGUARD_EMAIL_MESSAGE_SUBJECT/_BODY with [SITENAME] and"
          " [CODE] (six-digit TOTP), Joomla mailer, text/plain",
          sender=f"{site} <noreply@bergverein-allgaeu.example>", subject=subject,
          text=body.replace("[CODE]", code),
          note="the code is written between hyphens: -123456-")  # fmt: skip


# ---------------------------------------------------------------------------------------
# DokuWiki twofactor + twofactoremail (wilminator)

DW_REPO = "wilminator/dokuwiki-plugin-twofactor"
DW_COMMIT = "9d355eb885c19b1b562ca0cb4b9cc1415aa42c04"
DW_MAIL_REPO = "wilminator/dokuwiki-plugin-twofactoremail"
DW_MAIL_COMMIT = "ef2ca69cf0c7d89e5d0a95aa878deac9bb21397c"


def dokuwiki_twofactor() -> None:
    repo, c = DW_REPO, DW_COMMIT
    conf = dict(
        re.findall(r'^\$conf\["(\w+)"\] = \'?(.*?)\'?;$', _show(repo, c, "conf/default.php"), re.M)
    )
    action = _show(repo, c, "action.php")
    assert "$characters = '0123456789';" in action
    helper = _show(DW_MAIL_REPO, DW_MAIL_COMMIT, "helper.php")
    assert "$mail->setText($message);" in helper
    title = "Werkstatt-Wiki"  # under 20 characters: Mailer prefixes "[title] "
    sender = "Werkstatt-Wiki <wiki@werkstatt-wiki.example>"
    otp = "".join(RNG.choice("0123456789") for _ in range(int(conf["otplength"])))
    path = "conf/default.php; action.php (_send_otp); twofactoremail helper.php (transmitMessage)"
    _save(source="dwtwofactor", template="otp", lang="en", kind="saas-otp", code=otp,
          repository=repo, path=path, commit=c, licence="GPL-2.0-only",
          rendered="otpsubject/otpcontent defaults with $otp (otplength 7 digits), sent by the"
          " twofactoremail module through DokuWiki's Mailer (setText: text/plain; subject"
          " prefixed with [title])",
          sender=sender, subject=f"[{title}] " + conf["otpsubject"],
          text=conf["otpcontent"].replace("$otp", otp))  # fmt: skip
    when = "Tue, 24 Nov 2026 15:12:38 +0000"  # date(DATE_RFC2822)
    _save(source="dwtwofactor", template="login-notice", lang="en", kind="notice", code=None,
          repository=repo, path="conf/default.php; action.php (_send_login_notification)",
          commit=c, licence="GPL-2.0-only",
          rendered="loginsubject/logincontent defaults with $time as date(DATE_RFC2822), same"
          " transport",
          sender=sender, subject=f"[{title}] " + conf["loginsubject"],
          text=conf["logincontent"].replace("$time", when),
          note="login notice: only a date and time")  # fmt: skip


# ---------------------------------------------------------------------------------------
# UsersWP (WordPress)

UWP_REPO = "AyeCode/userswp"
UWP_COMMIT = "7c198032dcf74da2eaac5465499ae8213d21a6b1"


def _wpautop(text: str) -> str:
    """WordPress wpautop for the shapes these bodies take: blank-line separated chunks
    become paragraphs, a chunk's own <p> blocks stay as they are (one a line), single line
    breaks inside a paragraph become <br />."""
    out = []
    text = re.sub(r"\s*(<p>.*?</p>)\s*", r"\n\n\1\n\n", text.replace("\r\n", "\n"), flags=re.S)
    for chunk in re.split(r"\n\s*\n", text.strip()):
        chunk = chunk.strip()
        if not chunk:
            continue
        if chunk.startswith("<p>") and chunk.endswith("</p>"):
            out.append(chunk)
        else:
            out.append("<p>" + chunk.replace("\n", "<br />\n") + "</p>")
    return "\n".join(out) + "\n"


def _php_template(src: str, values: dict[str, str]) -> str:
    """A UsersWP e-mail template as PHP outputs it: the leading guard block dropped, the
    <?php ... ?> pieces these templates use replaced by what they print."""
    src = re.sub(r"^<\?php.*?\?>\n", "", src, count=1, flags=re.S)
    src = re.sub(r"^<\?php.*$", "", src, flags=re.S) if src.startswith("<?php") else src
    for pattern, value in values.items():
        src = src.replace(pattern, value)
    return src


def userswp() -> None:
    repo, c = UWP_REPO, UWP_COMMIT
    defaults = _show(repo, c, "includes/class-uwp-defaults.php")
    forms = _show(repo, c, "includes/class-forms.php")
    assert "$password                 = wp_generate_password();" in forms

    def default(name: str) -> str:
        at = defaults.index(f"function {name}()")
        found = re.search(r'__\( "(.*?)", "userswp"', defaults[at:], flags=re.S)
        return found.group(1)

    blog, host = "Lakeside Makerspace", "lakesidemakerspace.example"
    site_url = f"https://{host}"
    user, display = "oskar.nilsson", "Oskar Nilsson"
    header_src = _show(repo, c, "templates/emails/uwp-email-header.php")
    footer_src = _show(repo, c, "templates/emails/uwp-email-footer.php")
    header = header_src[header_src.index("<!DOCTYPE html>") :]
    header = header.replace("<?php echo is_rtl() ? 'rtl' : 'ltr'?>", "ltr")
    header = header.replace("<?php esc_attr( bloginfo( 'charset' ) ); ?>", "UTF-8")
    header = header.replace("<?php echo esc_html( uwp_get_blogname() ); ?>", blog)
    header = header.replace("<?php echo is_rtl() ? 'rightmargin' : 'leftmargin'; ?>", "leftmargin")
    header = header.replace("<?php if ( ! empty( $header_text ) ) { ?>\n", "")
    header = header.replace("<?php echo wp_kses_post( $header_text ); ?>", f"<p>{blog}</p>\n")
    header = header.replace("\t\t\t\t<?php } ?>\n", "", 1)
    header = re.sub(r"[ \t]*<\?php if \( !empty\( \$email_heading \) \) \{ \?>.*?<\?php \} \?>\n",
                    "", header, flags=re.S)  # fmt: skip
    footer = footer_src[footer_src.index("?>\n") + 3 :]
    footer = footer.replace("\t\t\t\t<?php if ( ! empty( $footer_text ) ) { ?>\n", "")
    footer = footer.replace("\t\t\t\t<?php } ?>\n", "")
    footer = re.sub(
        r"<\?php echo \$footer_text;.*?\?>", f"<p>{blog} &#8211; Powered by UsersWP</p>\n", footer
    )
    assert "<?php" not in header + footer, "template left unrendered"
    values = {
        "[#user_name#]": display, "[#site_name#]": blog, "[#login_url#]": f"{site_url}/login/",
        "[#site_name_url#]": f'<a href="{site_url}">{site_url}</a>',
    }  # fmt: skip

    def fill(text: str, login_details: str = "") -> str:
        for k, v in {**values, "[#login_details#]": login_details}.items():
            text = text.replace(k, v)
        return text

    generated = _rand(WP_SPECIAL, 12)
    details = (
        "<p><b>Your login Information :</b></p>\n            <p>Username: {u}</p>\n"
        "            <p>Password: {p}</p>"
    )
    activation = f"{site_url}/?uwp_activate=yes&key=Xq3vK9pT2mWbR7sL1nZd&login={user}"
    forgot_link = f"{site_url}/reset/?key=h4TmQ8wYz2KcV6pNa1Rs&login={user}"
    specs = [
        ("registration-generated", "registration_success", "saas-otp", generated,
         details.format(u=user, p=generated), "registration without a password field: the"
         " generated password (wp_generate_password()) to log in with"),
        ("registration-chosen", "registration_success", "notice", None,
         details.format(u=user, p="Password you entered during registration."),
         "the password line only says to use the one entered at registration"),
        ("registration-activate", "registration_activate", "notice", None,
         "<p><b>Please activate your account :</b></p><p>To activate your account, visit the"
         f" following address:\r\n\r\n<a href='{activation}' target='_blank'>{activation}</a>\r\n</p>",
         "activation key only inside the link"),
        ("forgot-password", "forgot_password", "notice", None,
         "<p>You have requested to reset your password for the following account:</p>"
         f"{site_url}/</p><p>Username: {user}</p><p>If this was by mistake, just ignore this"
         " email and nothing will happen.</p><p>To reset your password, click the following link"
         f" and follow the instructions.</p><a href='{forgot_link}' target='_blank'>{forgot_link}</a>\r\n",
         "reset key only inside the link"),
        ("change-password", "change_password", "notice", None, "", None),
        ("reset-password", "reset_password", "notice", None, "", None),
        ("account-update", "account_update", "notice", None, "", None),
    ]  # fmt: skip
    for template, name, kind, code, login_details, note in specs:
        subject = fill(default(f"{name}_email_subject"))
        body = fill(default(f"{name}_email_content"), login_details)
        # wptexturize leaves these bodies alone but for the ' of target='_blank'
        html_part = header + _wpautop(body) + footer
        _save(source="userswp", template=template, lang="en", kind=kind, code=code,
              repository=repo,
              path="includes/class-uwp-defaults.php; includes/class-forms.php;"
              " includes/class-emails.php; templates/emails/uwp-email-header.php;"
              " templates/emails/uwp-email-footer.php",
              commit=c, licence="GPL-2.0-or-later",
              rendered=f"UsersWP_Defaults::{name}_email_* filled by replace_variables, body"
              " through wpautop between the header and footer templates (email type html;"
              " the Emogrifier CSS inlining of style_body is not reproduced)",
              sender=f"{blog} <wordpress@{host}>", subject=subject, html_part=html_part,
              note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ultimate Member (WordPress)


def ultimate_member() -> None:
    repo, c = UM_REPO, UM_COMMIT
    mail_php = _show(repo, c, "includes/core/class-mail.php")
    config = _show(repo, c, "includes/class-config.php")
    # the HTML frame of prepare_template (email_html on by default): '<html>' then the
    # literal block between ?> and <?php, PHP eating the newline after each ?>
    start = mail_php.index("\t\t\t\t?>\n\n\t\t\t\t<body ")
    frame = mail_php[start + len("\t\t\t\t?>\n") : mail_php.index("<?php\n\t\t\t} else {", start)]
    attrs = re.search(r"\$body_attrs = apply_filters\( 'um_email_template_body_attrs', '(.*?)'",
                      mail_php).group(1)  # fmt: skip
    frame = frame.replace("<?php echo $body_attrs; ?>", attrs)
    host, blog = "trailrunners-collective.example", "Trail Runners Collective"
    values = {
        "{site_name}": blog, "{site_url}": f"https://{host}", "{admin_email}": f"hello@{host}",
        "{display_name}": "Aisha Bello", "{username}": "aishab", "{email}": "aisha.bello@example.net",
        "{login_url}": f"https://{host}/login/",
        "{action_url}": f"https://{host}/user/aishab/", "{action_title}": "View Profile",
        "{user_account_link}": f"https://{host}/account/",
        "{account_activation_link}": f"https://{host}/?act=activate_via_email&hash=5e0b1c9d7a3f28e64b1d90ac72f3e81b5d46a0c9&user_id=214",
        "{password_reset_link}": f"https://{host}/password-reset/?act=reset_password&hash=Kp7Qw2ZxV9mRt4Ls8NcB&login=aishab",
    }  # fmt: skip
    keys = ["welcome_email", "checkmail_email", "pending_email", "approved_email",
            "rejected_email", "inactive_email", "deletion_email", "resetpw_email",
            "changedpw_email", "changedaccount_email"]  # fmt: skip
    notes = {
        "checkmail_email": "activation hash only inside the button link",
        "approved_email": "username and e-mail given, the password is set through a link",
        "resetpw_email": "reset key only inside the button link",
    }
    for key in keys:
        subject = re.search(rf"'key'\s*=>\s*'{key}',.*?'subject'\s*=>\s*'(.*?)',", config,
                            flags=re.S).group(1)  # fmt: skip
        path = f"templates/email/{key}.php"
        tpl = _show(repo, c, path)
        tpl = tpl[tpl.index("?>\n") + 3 :]
        body = "<html>" + frame.replace(
            "<?php echo $this->get_email_template( $slug, $args ); ?>\n", tpl
        )
        for k, v in values.items():
            body, subject = body.replace(k, v), subject.replace(k, v)
        _save(source="ultimatemember", template=key.removesuffix("_email"), lang="en",
              kind="notice", code=None, repository=repo,
              path=f"{path}; includes/core/class-mail.php; includes/class-config.php", commit=c,
              licence="GPL-3.0-only",
              rendered="template file inside prepare_template's HTML frame (email_html on),"
              " placeholders filled as um_convert_tags; subject of class-config's"
              " email_notifications",
              sender=f"{blog} <hello@{host}>", subject=subject, html_part=body,
              note=notes.get(key))  # fmt: skip


# ---------------------------------------------------------------------------------------
# MODX extras: twilio (2-step verification) and VerifyLogin

MODX_TWILIO_REPO = "modxcms/twilio"
MODX_TWILIO_COMMIT = "3af537570d2edf759e5e9989dfcdac23c7e1aec2"
VERIFYLOGIN_REPO = "Sterc/verifylogin"
VERIFYLOGIN_COMMIT = "7cd81972849807041fb36eaed6df4e8bb656ef3a"


def _modx_lexicon(src: str) -> dict[str, str]:
    """``$_lang['key'] = '...' . '...';`` entries of a MODX lexicon file."""
    out = {}
    for key, expr in re.findall(r"\$_lang\['([^']+)'\]\s*=\s*(.*?);\n", src, flags=re.S):
        pieces = re.findall(r"'((?:[^'\\]|\\.)*)'", expr)
        out[key] = "".join(pieces).replace("\\'", "'")
    return out


def _modx_placeholders(text: str, values: dict[str, str]) -> str:
    """[[+name]] placeholders as MODX's parser resolves them (unknown ones to nothing)."""
    for _ in range(3):
        text = re.sub(r"\[\[\+([\w.]+)\]\]", lambda m: values.get(m.group(1), ""), text)
    return text


def modx_extras() -> None:
    repo, c = MODX_TWILIO_REPO, MODX_TWILIO_COMMIT
    lex_path = "core/components/twilio/lexicon/en/email.inc.php"
    lex = _modx_lexicon(_show(repo, c, lex_path))
    event = "core/components/twilio/src/Event/OnWebPagePrerender.php"
    assert "twilio.totp.code.email.body" in _show(repo, c, event)
    code = "%06d" % RNG.randint(0, 999999)  # noqa: UP031
    values = {"username": "ines.moreau", "code": code}
    _save(source="modxtwilio", template="totp-code", lang="en", kind="saas-otp", code=code,
          repository=repo, path=f"{lex_path}; {event}; core/components/twilio/src/Twilio.php",
          commit=c, licence="GPL-2.0-only",
          rendered="twilio.totp.code.email.* lexicon with username and code (six-digit TOTP of"
          " Twilio::getCode), sent by modUser::sendEmail (modMail, HTML) From site_name and"
          " emailsender",
          sender="Atelier Moreau <noreply@atelier-moreau.example>",
          subject=lex["twilio.totp.code.email.subject"],
          html_part=_modx_placeholders(lex["twilio.totp.code.email.body"], values),
          note="the code stands alone in bold between two paragraphs")  # fmt: skip

    repo, c = VERIFYLOGIN_REPO, VERIFYLOGIN_COMMIT
    chunk_path = "core/components/verifylogin/elements/chunks/verifylogin.chunk.tpl"
    chunk = _show(repo, c, chunk_path)
    people = {
        "en": ("Rachel Whitmore", "rachel@northgate-studio.example", "Northgate Studio",
               "northgate-studio.example", "Chrome", "Windows"),
        "de": ("Felix Baumann", "felix.baumann@tischlerei-baumann.example",
               "Tischlerei Baumann", "tischlerei-baumann.example", "Firefox", "Ubuntu"),
        "nl": ("Lotte Visser", "lotte@bakkerij-visser.example", "Bakkerij Visser",
               "bakkerij-visser.example", "Safari", "OS X"),
    }  # fmt: skip
    for lang, (name, email_addr, site, host, browser, os_name) in people.items():
        lex_path = f"core/components/verifylogin/lexicon/{lang}/default.inc.php"
        lex = _modx_lexicon(_show(repo, c, lex_path))
        params = {
            "username": email_addr.split("@")[0], "fullname": name, "email": email_addr,
            "date": "2026-11-24 15:12:41", "ip_address": "203.0.113.77", "browser": browser,
            "os": os_name, "device_type": "desktop", "language": lang, "site_name": site,
            "closure": site, "additional": "", "assets_url": "/assets/components/verifylogin/",
            "site_url": f"https://{host}", "manager_url": f"https://{host}/manager/?a=security/profile",
        }  # fmt: skip
        # inner tags first (MODX parses nested tags inside out), then the lexicon tags, then
        # the placeholders their text brings
        body = _modx_placeholders(chunk, params)
        body = re.sub(r"\[\[%(verifylogin\.mail\.\w+)\?[^\[\]]*\]\]",
                      lambda m, lex=lex: lex[m.group(1)], body)  # fmt: skip
        body = _modx_placeholders(body, params)
        _save(source="verifylogin", template="new-login", lang=lang, kind="notice", code=None,
              repository=repo,
              path=f"{chunk_path}; {lex_path}; core/components/verifylogin/model/verifylogin/verifylogin.class.php",
              commit=c, licence="GPL-2.0-only",
              rendered="verifyLogin chunk with the verifylogin.mail.* lexicon of the user's"
              " manager language, placeholders of VerifyLogin's parameters (date format"
              " manager_date_format + H:i:s), modMail HTML",
              sender=f"{site} <noreply@{host}>",
              subject=_modx_placeholders(lex["verifylogin.mail.subject"], params),
              html_part=body,
              note="new-login notice: date, time and IP address, no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# phpBB Team Security Measures extension

TS_REPO = "phpbb-extensions/teamsecurity"
TS_COMMIT = "70c02302e82d7045441eedc23bbb1cea245e0437"


def phpbb_teamsecurity() -> None:
    repo, c = TS_REPO, TS_COMMIT
    sitename = "Vintage Synth Forum"
    sig = "-- \nThanks, The Management"  # messenger: "-- \n" . board_email_sig (default)
    common = {"SITENAME": sitename, "EMAIL_SIG": sig, "USERNAME": "modular_mike",
              "IP_ADDRESS": "198.51.100.144", "HOST_NAME": "198-51-100-144.dsl.example.net"}  # fmt: skip
    specs = [
        ("acp_login", {"LOGIN_TIME": "Tue Nov 24, 2026 3:12 pm"}, "ACP login notice: date and IP only"),
        ("acp_logs", {"TIME": "Tue Nov 24, 2026 3:12 pm", "LOG_MODE": "admin",
                      "LOGS_SELECTED": "Logs by ID: 18342, 18343, 18351"},
         "log IDs are references, not codes"),
        ("email_change", {"OLD_EMAIL": "mike.h@example.net", "NEW_EMAIL": "synthmike77@example.org",
                          "CONTACT": "the board administrator or webmaster"}, None),
    ]  # fmt: skip
    for template, extra, note in specs:
        path = f"language/en/email/{template}.txt"
        msg = _show(repo, c, path)
        for k, v in {**common, **extra}.items():
            msg = msg.replace("{" + k + "}", v)
        msg = msg.strip()
        found = re.search(r"^(Subject:(.*?))$", msg, flags=re.M)
        subject = found.group(2).strip()
        body = msg.replace(found.group(1), "", 1).strip()
        _save(source="phpbbteamsecurity", template=template.replace("_", "-"), lang="en",
              kind="notice", code=None, repository=repo,
              path=f"{path}; event/listener.php; language/en/info_acp_teamsecurity.php",
              commit=c, licence="GPL-2.0-only",
              rendered="the extension's e-mail template filled with send_message's variables"
              " and phpBB messenger's SITENAME/EMAIL_SIG; Subject line taken out of the body as"
              " messenger::send does; text/plain",
              sender=f"{sitename} <board@vintagesynthforum.example>", subject=subject,
              text=body, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# User Verification (WordPress, PickPlugins)

UV_REPO = "pickplugins/user-verification"
UV_COMMIT = "76f83f14f92f065f9741aa61e57d3052971fc269"


def user_verification() -> None:
    repo, c = UV_REPO, UV_COMMIT
    hook = _show(repo, c, "templates/email-otp-login-form/hook.php")
    # the settings variable is read before it is set: the defaults always apply
    assert "['uppercase', 'lowercase']" in hook and "$length = isset(" in hook
    emails_php = _show(repo, c, "includes/classes/class-emails.php")

    def template(name: str) -> str:
        src = _show(repo, c, f"templates/emails/{name}.php")
        start = src.index("ob_start();\n?>\n") + len("ob_start();\n?>\n")
        body = src[start : src.rindex("<?php", 0, src.index("$templates_data_html["))]
        return body.replace(
            "<?php echo __('Verify My Email', 'user-verification'); ?>", "Verify My Email"
        )

    def subject(name: str) -> str:
        at = emails_php.index(f"'{name}' => array(")
        return re.search(r"'subject' => __\('(.*?)'", emails_php[at:]).group(1)

    host, blog, tagline = (
        "harbourlights-choir.example",
        "Harbour Lights Choir",
        "Singing together since 1987",
    )
    site_url = f"https://{host}"
    values = {"{site_name}": blog, "{site_description}": tagline, "{site_url}": site_url,
              "{user_name}": "sofia-marquez"}  # fmt: skip
    otp = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 6)
    verify = (f"{site_url}/email-verification/?activation_key=7f3c9a1e5b2d8046c1e9"
              "&amp;user_verification_action=email_verification&amp;_wpnonce=4b8e2d19c7")  # fmt: skip
    magic = (
        f"{site_url}/magic-login/?user_verification_magic_login=9e107d9d372bb6826bd81d3542a419d6"
    )
    specs = [
        ("send_mail_otp", "otp", "saas-otp", otp, {"{otp_code}": otp},
         "templates/email-otp-login-form/hook.php (user_verification_send_otp_via_mail)",
         "six letters, upper and lower case (the default character source)"),
        ("send_magic_login_url", "magic-login", "notice", None, {"{magic_login_url}": magic},
         "templates/magic-login-form/hook.php", "login key only inside the link"),
        ("user_registered", "verify-email", "notice", None, {"{ac_activaton_url}": verify},
         "includes/functions.php", "activation key only inside the link"),
        ("email_confirmed", "confirmed", "notice", None, {},
         "includes/classes/class-manage-verification.php", None),
    ]  # fmt: skip
    for name, tpl_id, kind, code, extra, sender_path, note in specs:
        vars_ = {**values, **extra}
        body = _wpautop(template(name))
        subj = subject(name)
        for k, v in vars_.items():
            body, subj = body.replace(k, v), subj.replace(k, v)
        _save(source="userverification", template=tpl_id, lang="en", kind=kind, code=code,
              repository=repo,
              path=f"templates/emails/{name}.php; includes/classes/class-emails.php; {sender_path}",
              commit=c, licence="GPL-2.0-or-later",
              rendered="the template's HTML through wpautop (mail_wpautop yes), {vars} replaced"
              " with strtr, subject of email_templates_data, sent as text/html by send_email",
              sender=f"{blog} <admin@{host}>", subject=subj, html_part=body, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Strapi plugin email-verification (baytechc)

SEV_REPO = "baytechc/strapi-plugin-email-verification"
SEV_COMMIT = "b3a3b3feb52c00a832ab7434e7db0f0167aa39e9"


def _ftl(src: str) -> dict[str, str]:
    """Messages of a Fluent file as @fluent/bundle formats them when they hold no
    placeables: a block pattern loses its common indentation and its blank edges."""
    out: dict[str, str] = {}
    lines = src.splitlines()
    i = 0
    while i < len(lines):
        found = re.match(r"^([a-zA-Z][\w-]*) =\s?(.*)$", lines[i])
        i += 1
        if not found:
            continue
        block = [found.group(2)] if found.group(2).strip() else []
        while i < len(lines) and (lines[i].startswith(" ") or not lines[i].strip()):
            block.append(lines[i])
            i += 1
        indents = [
            len(x) - len(x.lstrip(" "))
            for x in block[1 if found.group(2).strip() else 0 :]
            if x.strip()
        ]
        cut = min(indents) if indents else 0
        text = [block[0]] if found.group(2).strip() else []
        text += [x[cut:] if x.strip() else "" for x in block[len(text) :]]
        out[found.group(1)] = "\n".join(text).strip("\n")
    return out


def strapi_email_verification() -> None:
    repo, c = SEV_REPO, SEV_COMMIT
    service = _show(repo, c, "services/Verification.js")
    assert "crypto.randomInt(100000,1000000)" in service
    controller = _show(repo, c, "controllers/Verification.js")
    assert "return acceptLang[0]?.code;" in controller
    english = _ftl(_show(repo, c, "locales/en.ftl"))
    # the request's language is the bare Accept-Language code ("zh", never "zh_Hans"), so
    # only the catalogues named by a bare code are ever used
    for lang in ("en", "es", "fa", "ja", "ko"):
        path = f"locales/{lang}.ftl"
        msgs = {**english, **_ftl(_show(repo, c, path))}
        code = str(RNG.randint(100000, 999999))
        values = {"$CODE": code, "$EMAIL": "noor.tester@example.com", "$REASON": "cfp"}
        text = msgs["email-verification-body"]
        for k, v in values.items():
            text = text.replace(k, v)
        _save(source="strapiemailverif", template="code", lang=lang, kind="saas-otp",
              code=code, repository=repo,
              path=f"{path}; services/Verification.js; controllers/Verification.js",
              commit=c, licence="MIT",
              rendered="email-verification-subject/-body of the locale's Fluent file (the"
              " English subject where the locale has none), $CODE/$EMAIL/$REASON filled; the"
              " md-email plugin that sends it is not available: the Markdown is sent as the"
              " text part and rendered with Python-Markdown for the HTML part",
              sender="RustFest Global <verify@rustfest.example>",
              subject=msgs["email-verification-subject"], text=text + "\n",
              html_part=markdown.markdown(text),
              note="the code is between backticks written as \\` in the Fluent file (the"
              " text part shows them with the backslashes)")  # fmt: skip


def main() -> int:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    events_manager()
    profile_builder()
    wp_members()
    simple_membership()
    loginguard()
    dokuwiki_twofactor()
    userswp()
    ultimate_member()
    modx_extras()
    phpbb_teamsecurity()
    user_verification()
    strapi_email_verification()
    out = HERE / "round15" / "plugins.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for item in ITEMS if item["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
