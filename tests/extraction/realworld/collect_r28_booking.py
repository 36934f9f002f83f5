"""Round 28, booking (blind): the ep-3 Bookingsystem for tennis and squash courts, in the
fork of a Munich tennis club that opens its court doors with a code (zebinho20-belenus/
ep3-bs), rendered from a git snapshot at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_booking.py \\
        --mirrors /work/.mirror

- zebinho20-belenus/ep3-bs (MIT, LICENSE "Copyright (c) 2022 Tobias Krebs", the MIT text;
  a fork of tkrebs/ep3-bs), commit EP3_COMMIT, PHP on Zend Framework 2. Files used:
  ``module/Booking/src/Booking/Service/Listener/NotificationListener.php`` (``onCreateSingle``:
  the booking confirmation, with the door code when ``genDoorCode`` is on and the court has
  ``square_control``; ``onCancelSingle``: the cancellation), ``module/Booking/src/Booking/
  Service/BookingService.php`` (the door code is ``random_int(100000, 999999)``, line 99;
  ``sendAdminBookingNotification``: German text written in the code, "Tür code: %s" when the
  booking has one; ``sendCancellationNotification``: German text with the refund),
  ``module/User/src/User/Service/MailService.php`` (wraps the text: "Hello <first last>,",
  "Sincerely,", "Your team from <short name> <service name>", the website),
  ``module/Base/src/Base/Service/MailService.php`` (``sendPlain``: one text/plain part,
  charset utf-8, Zend\\Mime\\Part's default 8bit encoding; From ``mail.address`` named
  ``client.name.short + ' ' + service.name.full``, Reply-To the club's contact address),
  the view helpers ``DateRange``, ``TimeRange``, ``TimeFormat``, ``PriceFormatPlain``
  (``module/Base/src/Base/View/Helper/``) and the translation catalogues
  ``data/res/i18n/<locale>/*.php``, loaded in the order of ``module/Base/src/Base/I18n/
  Translator/TranslatorFactory.php`` (backend, base, booking, calendar, frontend, service,
  setup, square, user; a later file's entry replaces an earlier one's, as Zend's
  TextDomain::merge does; a string with no entry stays English, as the translator leaves it).
  How it is rendered here: the real ``php`` on this machine (PHP 8.2 with intl, Debian's
  ``php-cli`` and ``php-intl``: ``apt-get install php-cli php-intl``) loads the catalogues
  (``include`` of each file) and formats dates (``IntlDateFormatter`` MEDIUM/SHORT, as
  Zend's DateFormat helper does) and prices (``NumberFormatter::CURRENCY`` in EUR, as
  Zend's CurrencyFormat helper does); the ``sprintf`` assembly of each mail is copied from
  the PHP above into Python (``%s`` in order). The club's options (names, website, square
  type and unit) are example values. The confirmation goes to the user with an ``event.ics``
  attachment (eluceo/ical) which is left out here: the mail's text part is what is tested.
  The French catalogue's cancellation subject ("Vos %s-réservation %sa été annulée%s") has
  three ``%s`` for one argument, so PHP 8's ``sprintf`` throws and no French cancellation is
  sent; none is made here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round28" / "booking.json"
SENT = datetime(2026, 12, 5, 9, 14, tzinfo=UTC)

EP3 = "zebinho20-belenus/ep3-bs"
EP3_COMMIT = "638028717989362f94df1d408d983e633aaf71ee"
EP3_FILES = [
    "module/Booking/src/Booking/Service/Listener/NotificationListener.php",
    "module/Booking/src/Booking/Service/BookingService.php",
    "module/User/src/User/Service/MailService.php",
    "module/Base/src/Base/Service/MailService.php",
    "module/Base/src/Base/View/Helper/DateRange.php",
    "module/Base/src/Base/View/Helper/TimeFormat.php",
    "module/Base/src/Base/View/Helper/PriceFormatPlain.php",
    "module/Base/src/Base/I18n/Translator/TranslatorFactory.php",
]
CATALOGUES = [
    "backend", "base", "booking", "calendar", "frontend", "service", "setup", "square", "user",
]  # fmt: skip
# the door code: random_int(100000, 999999) (BookingService.php line 99)
DOOR_CODES = {"en": "573904", "de": "418275", "fr": "926031", "hu": "304718"}
ADMIN_DOOR_CODE = "751486"
BOOKING_ID = {"en": "4817", "de": "4822", "fr": "4830", "hu": "4836"}
LOCALES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "hu": "hu_HU"}
CLUB = {
    "client.name.short": "TCN",
    "client.name.full": "Tennisclub Nordpark e.V.",
    "service.name.full": "Online-Platzbuchung",
    "service.website": "https://platzbuchung.tc-nordpark.example.de/",
    "client.website.contact": "mailto:info@tc-nordpark.example.de",
    "client.contact.email": "info@tc-nordpark.example.de",
    "mail.address": "platzbuchung@tc-nordpark.example.de",
}
SQUARE_TYPE = {"en": "court", "de": "Platz", "fr": "court", "hu": "pálya"}
SQUARE_UNIT = SQUARE_TYPE
SQUARE_NAME = {"en": "Court 3", "de": "Platz 3", "fr": "Court 3", "hu": "3. pálya"}
USER = ("Noor", "Tester")
START = "2026-12-12 18:00"
END = "2026-12-12 19:00"

PHP = r"""
$job = json_decode(stream_get_contents(STDIN), true);
$out = ['catalogue' => [], 'dates' => []];
foreach ($job['files'] as $file) {
    $out['catalogue'] = array_replace($out['catalogue'], include $file);
}
$loc = $job['locale'];
$start = new DateTime($job['start']);
$end = new DateTime($job['end']);
$f = function ($d, $date, $time) use ($loc) {
    return (new IntlDateFormatter($loc, $date, $time))->format($d);
};
$out['dates'] = [
    'medium' => $f($start, IntlDateFormatter::MEDIUM, IntlDateFormatter::NONE),
    'medium_short' => $f($start, IntlDateFormatter::MEDIUM, IntlDateFormatter::SHORT),
    'time_start' => $f($start, IntlDateFormatter::NONE, IntlDateFormatter::SHORT),
    'time_end' => $f($end, IntlDateFormatter::NONE, IntlDateFormatter::SHORT),
];
$nf = new NumberFormatter($loc, NumberFormatter::CURRENCY);
$out['price'] = $nf->formatCurrency($job['price'], 'EUR');
echo json_encode($out);
"""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def php_context(mirrors: Path, lang: str, tmp: Path) -> dict:
    files = []
    if lang != "en":
        for name in CATALOGUES:
            path = f"data/res/i18n/{LOCALES[lang].replace('_', '-')}/{name}.php"
            target = tmp / f"{lang}-{name}.php"
            target.write_text(git_show(mirrors, EP3, EP3_COMMIT, path), encoding="utf-8")
            files.append(str(target))
    job = {"files": files, "locale": LOCALES[lang], "start": START, "end": END, "price": 18.0}
    out = subprocess.run(
        ["php", "-r", PHP], input=json.dumps(job).encode(), capture_output=True, check=True
    ).stdout
    return json.loads(out)


def sprintf(fmt: str, *args: str) -> str:
    parts = fmt.split("%s")
    assert len(parts) == len(args) + 1, (fmt, args)
    out = parts[0]
    for arg, rest in zip(args, parts[1:], strict=True):
        out += arg + rest
    return out.replace("%%", "%")


def mail(sender: str, reply_to: str | None, subject: str, text: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    if reply_to:
        msg["Reply-To"] = reply_to
    msg["To"] = "Noor Tester <noor.tester@example.com>"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg.set_content(text, subtype="plain", charset="utf-8", cte="8bit")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def ep3(mirrors: Path, tmp: Path) -> list[tuple[dict, bytes]]:
    sources = {f: git_show(mirrors, EP3, EP3_COMMIT, f) for f in EP3_FILES}
    listener, service = sources[EP3_FILES[0]], sources[EP3_FILES[1]]
    assert "random_int(100000, 999999)" in service
    assert "Door code: %s . The booking and the code is only valid after payment" in listener
    assert '$doorCodeMessage = sprintf("\\n\\nTür code: %s", $doorCode);' in service
    assert '"%s %s,\\r\\n\\r\\n%s\\r\\n\\r\\n%s,\\r\\n%s %s\\r\\n%s"' in sources[EP3_FILES[2]]
    assert "$part->type = 'text/plain';" in sources[EP3_FILES[3]]
    contact = CLUB["client.website.contact"].replace("mailto:", "")
    from_name = CLUB["client.name.short"] + " " + CLUB["service.name.full"]
    sender = f"{from_name} <{CLUB['mail.address']}>"
    reply_to = f"{CLUB['client.name.full']} <{CLUB['client.contact.email']}>"
    out = []
    path = ", ".join(EP3_FILES) + ", data/res/i18n/<locale>/*.php"
    for lang in ("en", "de", "fr", "hu"):
        ctx = php_context(mirrors, lang, tmp)
        cat, dates = ctx["catalogue"] or {}, ctx["dates"]

        def t(s: str, cat: dict = cat) -> str:
            return cat.get(s, s)

        de = lang == "de"
        # TimeRange(start, end, '%s to %s'): TimeFormat(start, postfix false), (end, postfix
        # true: ' Uhr' for de_DE); DateRange on one day: 'MEDIUM date, time range'
        time_range = sprintf(
            t("%s to %s"), dates["time_start"], dates["time_end"] + (" Uhr" if de else "")
        )
        date_range = f"{dates['medium']}, {time_range}"
        square_type, square = SQUARE_TYPE[lang], SQUARE_NAME[lang]
        bid = BOOKING_ID[lang]
        subject = sprintf(
            t("Your %s-booking %s for %s"), square_type, square, dates["medium_short"]
        )

        def wrap(text: str, t=t) -> str:
            from_text = t("team from") + " " + from_name
            return sprintf(
                "%s %s,\r\n\r\n%s\r\n\r\n%s,\r\n%s %s\r\n%s",
                t("Hello"), " ".join(USER), text, t("Sincerely"), t("Your"), from_text,
                CLUB["service.website"],
            )  # fmt: skip

        def bill(t=t, ctx=ctx, square=square, lang=lang) -> str:
            # PriceFormatPlain: ' ' + currency + ' ' then '  ' + 'incl. 19% VAT' (rate, gross)
            price = " " + ctx["price"] + " " + "  " + f"{t('incl.')} 19% {t('VAT')}"
            text = "\n\n" + "-" * 40 + "\n" + t("Bill") + ":\n"
            text += "\n- " + f"{square} (1 {SQUARE_UNIT[lang]})" + " → " + price
            text += "\n\n" + t("Total") + ": " + " " + ctx["price"] + " "
            text += "\n" + t("Billing status") + ": " + t("Pending")
            text += "\n" + "-" * 40
            text += "\n\n" + sprintf(
                t(
                    "Should you have any questions and commentaries, please contact us "
                    "through Email - %s"
                ),
                contact,
            )
            return text

        for with_code in (True, False):
            if with_code:
                body = sprintf(
                    t(
                        'we have reserved %s "%s", %s for you (booking id: %s). Thank you for '
                        "your booking. Door code: %s . The booking and the code is only valid "
                        "after payment is fully completed."
                    ),
                    square_type, square, date_range, bid, DOOR_CODES[lang],
                )  # fmt: skip
            else:
                body = sprintf(
                    t(
                        'we have reserved %s "%s", %s for you (booking id: %s). Thank you for '
                        "your booking."
                    ),
                    square_type, square, date_range, bid,
                )  # fmt: skip
            raw = mail(sender, reply_to, subject, wrap(body + bill()))
            name = "booking-door-code" if with_code else "booking-confirmation"
            out.append(
                (
                    dict(
                        id=f"ep3bs-{name}-{lang}",
                        source="ep3bs",
                        lang=lang,
                        kind="travel-booking",
                        code=DOOR_CODES[lang] if with_code else None,
                        repository=EP3,
                        path=path,
                        commit=EP3_COMMIT,
                        licence="MIT",
                        rendered="NotificationListener::onCreateSingle sprintf assembly, "
                        "catalogues and intl formatting by php; User MailService wrapper; "
                        "one text/plain utf-8 8bit part (the event.ics attachment left out)",
                        note=(
                            "the door code (random_int(100000, 999999)) is typed at the "
                            "court door; the booking id and price are not codes"
                            + (
                                "; this catalogue has no entry for the sentence, so it stays "
                                "English as the translator leaves it"
                                if lang in ("fr", "hu")
                                else ""
                            )
                        )
                        if with_code
                        else "booking confirmation without a door code (the court has no "
                        "square_control); the booking id is a reference",
                    ),
                    raw,
                )
            )
        if lang == "fr":
            continue  # the French subject's three %s for one argument: PHP 8 sprintf throws
        cancel_subject = sprintf(t("Your %s-booking has been cancelled"), square_type)
        details = sprintf(
            "- %s: %s\n- %s: %s\n- %s: %s - %s Uhr\n- %s: %s",
            t("Court"), square, t("Date"), "12.12.2026", t("Time"), "18:00", "19:00",
            t("Booking ID"), bid,
        )  # fmt: skip
        body = sprintf("%s\n\n%s", t("your booking has been cancelled."), details)
        body += "\n\n" + sprintf(
            t(
                "Should you have any questions and commentaries, please contact us through "
                "Email - %s"
            ),
            contact,
        )
        raw = mail(sender, reply_to, cancel_subject, wrap(body))
        out.append(
            (
                dict(
                    id=f"ep3bs-cancellation-{lang}",
                    source="ep3bs",
                    lang=lang,
                    kind="travel-booking",
                    code=None,
                    repository=EP3,
                    path=path,
                    commit=EP3_COMMIT,
                    licence="MIT",
                    rendered="NotificationListener::onCancelSingle sprintf assembly with the "
                    "catalogue; User MailService wrapper; one text/plain utf-8 8bit part",
                    note="cancellation notice; the booking id is a reference",
                ),
                raw,
            )
        )
    # BookingService: German text written in the code, From "<client.name> Online-Platzbuchung"
    client = CLUB["client.name.short"]
    admin_from = f"{client} Online-Platzbuchung <{CLUB['client.contact.email']}>"
    body = sprintf(
        'Hallo,\n\nwir haben den Platz "%s" am %s, %s bis %s Uhr für Sie gebucht (Buchungs-Nr: '
        "%s).%s\n\nDiese Nachricht wurde automatisch gesendet. Ursprünglich gesendet an %s (%s)."
        "\n\nViele Grüße,\nIhr %s Online-Platzbuchung",
        "Platz 3", "12.12.2026", "18:00", "19:00", "4841",
        sprintf("\n\nTür code: %s", ADMIN_DOOR_CODE), "Noor", "noor.tester@example.com", client,
    )  # fmt: skip
    raw = mail(admin_from, admin_from, "Noor's Platz-Buchung wurde erstellt", body)
    out.append(
        (
            dict(
                id="ep3bs-admin-booking-de",
                source="ep3bs",
                lang="de",
                kind="travel-booking",
                code=ADMIN_DOOR_CODE,
                repository=EP3,
                path=EP3_FILES[1],
                commit=EP3_COMMIT,
                licence="MIT",
                rendered="BookingService::sendAdminBookingNotification sprintf (German in the "
                "code); Base MailService::sendPlain, one text/plain utf-8 8bit part",
                note="a booking an administrator made for the member; 'Tür code' is the door "
                "code (random_int(100000, 999999)); the Buchungs-Nr is a reference",
            ),
            raw,
        )
    )
    body = sprintf(
        "Hallo %s,\n\nIhre Buchung für %s am %s um %s Uhr wurde storniert.%s\n\nBei Fragen "
        "kontaktieren Sie uns bitte.\n\nViele Grüße,\n%s",
        "Noor", "Platz 3", "12.12.2026", "18:00",
        "\n\nEine Rückerstattung von 18.00 EUR wurde Ihrem Konto gutgeschrieben.", client,
    )  # fmt: skip
    raw = mail(
        f"{client} <{CLUB['client.contact.email']}>",
        f"{client} <{CLUB['client.contact.email']}>",
        "Ihre Buchung für Platz 3 wurde storniert",
        body,
    )
    out.append(
        (
            dict(
                id="ep3bs-admin-cancellation-de",
                source="ep3bs",
                lang="de",
                kind="travel-booking",
                code=None,
                repository=EP3,
                path=EP3_FILES[1],
                commit=EP3_COMMIT,
                licence="MIT",
                rendered="BookingService::sendCancellationNotification sprintf (German in the "
                "code, refund number_format(total / 100, 2)); one text/plain utf-8 8bit part",
                note="cancellation with refund; no code",
            ),
            raw,
        )
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    import tempfile

    items = []
    with tempfile.TemporaryDirectory() as tmp:
        built = ep3(args.mirrors, Path(tmp))
    for meta, raw in built:
        file = f"mail/{meta['source']}/{meta['id']}.eml"
        path = HERE / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = dict(
            id=meta["id"],
            group=re.sub(r"-(en|de|fr|hu)$", "", meta["id"]),
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
