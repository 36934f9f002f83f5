"""Round 3, helper ``raw``: real received mails kept as fixtures in public repositories.

    M=/work/.mirror
    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r3_raw.py \\
        --fakemail $M/akshaythummar+fakemail/repo --kitinerary $M/KDE+kitinerary/repo \\
        --mailpackages $M/moralmunky+Home-Assistant-Mail-And-Packages/repo \\
        --zkemail-verify $M/zkemail+zk-email-verify/repo \\
        --proof-of-twitter $M/zkemail+proof-of-twitter/repo \\
        --zkemail-sdk $M/zkemail+zk-email-sdk-js/repo --zkp2p $M/zkp2p+zk-p2p/repo \\
        --relayer-utils $M/zkemail+relayer-utils/repo --mbox $M/dhcgn+mbox-to-imap/repo

Writes ``mail/<source>/<id>.eml`` and ``round3/raw.json``. Deterministic: fixed Date, fixed
Message-ID, fixed MIME boundary. No code value is invented: every mail carries the code (or
no code) that the real mail carried.

- ``--fakemail``: a git snapshot of akshaythummar/fakemail (MIT), a temp-mail web app whose
  demo data holds mails its author really received, stored decoded as JSON-like TypeScript
  objects (``content-plain`` and ``content-html`` of each mail, its subject and sender). The
  MIME message is rebuilt around those decoded parts unchanged: ``text/plain`` from
  ``content-plain`` (or ``text``), ``text/html`` from ``content-html`` (or ``html``), the
  subject as stored. Taken: a Carv/Banana Game verification mail that the author forwarded
  from Gmail (``app/src/lib/demo.ts`` at 9a943a1d), an AdsPower sign-in code mail in Chinese
  (``app/src/components/mail/data.tsx`` at 8e912ee2), and two OpenRouter mails: a sign-up
  link and a welcome mail (``app/src/lib/demo.ts`` at d37914f7).
- ``--kitinerary``: a git snapshot of KDE/kitinerary; its ``autotests/extractordata`` is
  CC0-1.0 (``REUSE.toml``). Only the samples that are the body of a booking mail are taken
  (not the text of PDF tickets): each is wrapped as the body of a mail from the sender its
  ``context.eml`` names, ``text/plain`` for ``.txt`` and ``text/html`` for ``.html``.
  kitinerary keeps no subject line, so a plain subject naming the booking is supplied.
  These samples were anonymised by kitinerary (John Doe, XXX007, ABC123 ...); kept so.
- ``--mailpackages``: a git snapshot of moralmunky/Home-Assistant-Mail-And-Packages (MIT), a
  Home Assistant integration that reads parcel mails; ``tests/test_emails/*.eml`` are real
  received mails (shops and carriers, several languages), anonymised in places by the
  project (order numbers such as 123-1234567-1234567, test addresses). Well-formed fixtures
  are copied byte for byte (their own From, To, Date and Subject kept). Two fixtures lost
  their multipart header when they were saved (a ``------=_Part`` boundary with no
  ``Content-Type: multipart/...`` above it): their one part is decoded and rebuilt as a
  single-part message (HTML or text as the part says) with the fixture's From and Subject.
  Taken from the last commit that added or changed each file (some were later removed).
- ``--zkemail-verify``, ``--proof-of-twitter``, ``--zkemail-sdk``, ``--zkp2p``: git snapshots of
  zkemail/zk-email-verify (MIT), zkemail/proof-of-twitter (MIT), zkemail/zk-email-sdk-js (MIT
  in its package.json; no LICENSE file) and zkp2p/zk-p2p (MIT). These projects prove facts
  about DKIM-signed mail, so their test mails are real received mails kept whole, headers,
  DKIM signatures and all (personal names and addresses as the projects publish them).
  Copied byte for byte from the commit named for each. zkemail/relayer-utils (MIT in its
  Cargo.toml) gives one more: a Spotify new-login notice.
- ``--mbox``: a git snapshot of dhcgn/mbox-to-imap (MIT, stated in its README; no LICENSE
  file), whose ``test_data/All mail Including Spam and Trash.mbox`` is a Google Takeout
  export of a throw-away Gmail account the author made for the tests: real sign-up mails
  from Facebook, TikTok (German), Google and a German newsletter. Each message is taken as
  the mbox stores it (Python's ``mailbox.mbox.get_bytes``: the ``From `` separator line
  dropped, nothing else changed). Bounces and the author's own test mails are left out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import quopri
import re
import subprocess
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 18, 9, 41, 0, tzinfo=UTC)
TO = "noor.tester@example.com"

FAKEMAIL_REPO = "akshaythummar/fakemail"
KITINERARY_REPO = "KDE/kitinerary"
KITINERARY_COMMIT = "f234c0c0b196475a540adf6fcfeeb8ed93a783d6"
FM_DEMO_FWD = "9a943a1dcfdc59a0157b23c36e55dc56e148b796"  # demo.ts with the forwarded Carv mail
FM_DEMO_OR = "d37914f75064c9bfedc2e5a365b7a9b52472003b"  # demo.ts with both OpenRouter mails
FM_DATA = "8e912ee23eb19c960527647771d89840378dbc89"  # data.tsx with the AdsPower mail


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def js_string(src: str, start: int) -> tuple[str, int]:
    """The JavaScript string literal that begins at ``src[start]`` (a quote), decoded."""
    quote = src[start]
    i = start + 1
    out: list[str] = []
    escapes = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "/": "/", "b": "\b"}
    while src[i] != quote:
        if src[i] == "\\":
            nxt = src[i + 1]
            if nxt == "u":
                out.append(chr(int(src[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(escapes[nxt])
            i += 2
            continue
        out.append(src[i])
        i += 1
    return "".join(out), i + 1


def js_field(src: str, key: str, after: int = 0) -> tuple[str, int]:
    """The value of ``key: '...'`` / ``"key": "..."`` found first after offset ``after``."""
    m = re.compile(r"""['"]?""" + re.escape(key) + r"""['"]?\s*:\s*(['"])""", re.S).search(
        src, after
    )
    if m is None:
        raise KeyError(key)
    return js_string(src, m.start(1))


def message(*, sender: str, subject: str, text: str | None, html_part: str | None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = TO
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<r3raw@mail.example>"
    if text is not None:
        msg.set_content(text, subtype="plain", charset="utf-8")
        if html_part is not None:
            msg.add_alternative(html_part, subtype="html", charset="utf-8")
    elif html_part is not None:
        msg.set_content(html_part, subtype="html", charset="utf-8")
    if msg.is_multipart():
        msg.set_boundary("=_r3raw_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def fakemail(repo: Path) -> list[dict[str, Any]]:
    items = []
    demo = "app/src/lib/demo.ts"
    # Carv (Banana Game) verification mail, forwarded by the author from Gmail.
    src = show(repo, FM_DEMO_FWD, demo)
    subject, pos = js_field(src, "subject")
    text, pos = js_field(src, "content-plain", pos)
    html_part, _ = js_field(src, "content-html", pos)
    items.append(dict(
        id="fakemail-carv-verification-en", template="carv-verification", lang="en",
        kind="saas-otp", code="662144", commit=FM_DEMO_FWD, path=demo,
        sender="wonderful563@gmail.com", subject=subject, text=text, html=html_part,
        rendered="decoded content-plain and content-html of the first mail in demo.ts rebuilt as "
        "multipart/alternative; sender and 'Fwd:' subject as stored",
        note="a Carv/Banana Game code mail forwarded from Gmail (gmail_quote wrapper kept); "
        "the code also stands in the subject",
    ))  # fmt: skip
    # AdsPower sign-in code (Chinese).
    data = "app/src/components/mail/data.tsx"
    src = show(repo, FM_DATA, data)
    start = src.index('name: "AdsPower"')
    subject, pos = js_field(src, "subject", start)
    text, pos = js_field(src, "text", pos)
    html_part, _ = js_field(src, "html", pos)
    items.append(dict(
        id="fakemail-adspower-login-zh", template="adspower-login", lang="zh",
        kind="saas-otp", code="926493", commit=FM_DATA, path=data,
        sender="AdsPower <captcha@email.adspower.net>", subject=subject, text=text,
        html=html_part,
        rendered="decoded text and html of the AdsPower item in data.tsx rebuilt as "
        "multipart/alternative; sender as stored",
        note="code in full-width brackets 【926493】 inside a sentence",
    ))  # fmt: skip
    # OpenRouter: sign-up link, and welcome mail.
    src = show(repo, FM_DEMO_OR, demo)
    for marker, tid, sender, note in (
        ('"sender": "notifications@openrouter.ai"', "openrouter-signup-link",
         "OpenRouter <notifications@openrouter.ai>",
         "sign-up link only (Clerk magic link with a JWT); no code to type"),
        ('"sender": "welcome@openrouter.ai"', "openrouter-welcome",
         "OpenRouter Team <welcome@openrouter.ai>", "welcome mail; no code"),
    ):  # fmt: skip
        start = src.index(marker)
        subject, pos = js_field(src, "subject", start)
        text, pos = js_field(src, "content-plain", pos)
        html_part, _ = js_field(src, "content-html", pos)
        items.append(dict(
            id=f"fakemail-{tid}-en", template=tid, lang="en", kind="notice", code=None,
            commit=FM_DEMO_OR, path=demo, sender=sender, subject=subject, text=text,
            html=html_part,
            rendered="decoded content-plain and content-html of the item in demo.ts rebuilt "
            "as multipart/alternative; subject and sender as stored",
            note=note,
        ))  # fmt: skip
    for it in items:
        it.update(source="fakemail", repository=FAKEMAIL_REPO, licence="MIT")
    return items


KIT = [
    # (template, lang, file, subject, note)
    (
        "amadeus-itinerary",
        "en",
        "amadeus/amadeus_1.txt",
        "Travel document DOE/JOHN MR 07JUN",
        "booking refs 123456, DL/123456; flight numbers, times",
    ),
    (
        "aohostels-booking",
        "en",
        "aohostels/aohostels_1.txt",
        "Booking confirmation AOI-XX-1234567",
        "booking confirmation number AOI-XX-1234567 to quote at arrival: a booking reference",
    ),
    (
        "brusselsairlines-booking",
        "en",
        "brusselsairlines/brusselsairlines_1.html",
        "Your reservation - A00000000",
        "booking reference, flight data",
    ),
    (
        "eurowings-receipt",
        "en",
        "eurowings/eurowings_1.txt",
        "Your booking confirmation",
        "'Individual reservation code: ** ABC123 ** (please state at check-in)' is a booking "
        "reference, not a one-time code",
    ),
    (
        "fcmtravel-booking1",
        "en",
        "fcm/fcmtravel_1.txt",
        "Booking confirmation ABCDEF",
        "booking reference ABCDEF",
    ),
    (
        "fcmtravel-booking2",
        "en",
        "fcm/fcmtravel_2.txt",
        "Booking confirmation",
        "booking references, flight data",
    ),
    (
        "fcmtravel-booking3",
        "sv",
        "fcm/fcmtravel_3.txt",
        "Bokningsbekräftelse",
        "Swedish: 'Din bokningsreferens: ABC123', flight data",
    ),
    (
        "swiss-booking",
        "de",
        "swiss/swiss_one-leg-return.txt",
        "Ihre Buchungsbestätigung",
        "Buchungsreferenz XXX007, e-ticket number, prices",
    ),
]


def kitinerary(repo: Path) -> list[dict[str, Any]]:
    items = []
    for template, lang, rel, subject, note in KIT:
        path = f"autotests/extractordata/{rel}"
        body = show(repo, KITINERARY_COMMIT, path)
        rendered = "the sample wrapped as the mail body"
        if body.startswith("// technically this is HTML"):
            body = body.split("\n", 1)[1]  # a comment kitinerary's author put on top
            rendered += "; kitinerary's first-line comment removed (it notes the sample is HTML reduced to text)"
        ctx = show(
            repo, KITINERARY_COMMIT, f"autotests/extractordata/{rel.split('/')[0]}/context.eml"
        )
        sender = re.search(r"^From:\s*(.+)$", ctx, re.M).group(1).strip()
        is_html = rel.endswith(".html")
        rendered += f" ({'text/html' if is_html else 'text/plain'}), From from context.eml, subject supplied"
        items.append(dict(
            id=f"kitinerary-{template}-{lang}", template=template, lang=lang,
            kind="travel-booking", code=None, commit=KITINERARY_COMMIT, path=path,
            sender=sender, subject=subject, text=None if is_html else body,
            html=body if is_html else None, rendered=rendered, note=note,
            source="kitinerary", repository=KITINERARY_REPO, licence="CC0-1.0",
        ))  # fmt: skip
    return items


MAILPACKAGES_REPO = "moralmunky/Home-Assistant-Mail-And-Packages"
MP = [
    # (file stem, template, lang, kind, code, mode, note)
    (
        "amazon_otp",
        "amazon-delivery-otp",
        "en",
        "shop-otp",
        "671314",
        "raw",
        "Amazon delivery one-time password to give the driver in person; a forwarded copy "
        "(Gmail) of an Amazon.co.uk mail; order number 123-4567890-1234567 beside it",
    ),
    (
        "amazon_hub_notice_2",
        "amazon-hub-locker",
        "en",
        "shop-otp",
        "123456",
        "raw",
        "locker pickup code 'Your pickup code is <b>123456</b>' (value as the project anonymised it; "
        "the text part shows the literal <b> tags)",
    ),
    (
        "inpost_pl_delivered",
        "inpost-paczkomat",
        "pl",
        "shop-otp",
        "777888",
        "rebuild",
        "InPost parcel-locker pickup: 'Numer telefonu 666777888 / Kod odbioru 777888', parcel "
        "number 609999999990999918999993; the code is typed at the locker",
    ),
    (
        "poczta_polska_delivering",
        "pocztapolska-delivering",
        "pl",
        "shop-otp",
        "433566",
        "rebuild",
        "'Odbierz za pomoca kodu odbioru: 433566' (code given to the courier), parcel number "
        "00111222333444555666, courier phone 555666777",
    ),
    ("amazon_delivered_it", "amazon-delivered", "it", "shop-order", None, "raw", "order number"),
    (
        "amazon_shipped_it",
        "amazon-shipped",
        "it",
        "shop-order",
        None,
        "raw",
        "order number, prices",
    ),
    ("amazon_uk_shipped", "amazon-shipped", "en", "shop-order", None, "raw", "order number"),
    (
        "amazon_shipped_alt_2",
        "amazon-shipped-alt",
        "en",
        "shop-order",
        None,
        "raw",
        "order number #113-999999-8459426, dates",
    ),
    ("amazon_exception", "amazon-exception", "en", "shop-order", None, "raw", "delivery update"),
    (
        "dpd_com_pl_delivering",
        "dpd-delivering",
        "pl",
        "shop-order",
        None,
        "raw",
        "parcel number 1000399528451U, courier phone, reference numbers, postcode",
    ),
    ("gls_delivering", "gls-delivering", "pl", "shop-order", None, "raw", "parcel number"),
    (
        "auspost_out_for_delivery",
        "auspost-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "tracking number",
    ),
    (
        "royal_mail_uk_out_for_delivery",
        "royalmail-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "tracking number",
    ),
    (
        "fedex_out_for_delivery",
        "fedex-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "tracking number 61290912345678912345",
    ),
    (
        "ups_out_for_delivery_new",
        "ups-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "tracking number",
    ),
    (
        "usps_exception",
        "usps-exception",
        "en",
        "shop-order",
        None,
        "raw",
        "tracking number 92748902410637553123456789",
    ),
    (
        "hermes_out_for_delivery",
        "hermes-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "parcel number",
    ),
    ("dhl_out_for_delivery", "dhl-on-demand", "en", "shop-order", None, "raw", "waybill number"),
    ("capost_mail", "canadapost-mail", "en", "shop-order", None, "raw", "mail notice"),
    (
        "evri_out_for_delivery",
        "evri-out-for-delivery",
        "en",
        "shop-order",
        None,
        "raw",
        "parcel number",
    ),
]


def mailpackages(repo: Path) -> list[dict[str, Any]]:
    items = []
    for stem, template, lang, kind, code, mode, note in MP:
        path = f"tests/test_emails/{stem}.eml"
        commit = subprocess.run(
            ["git", "--git-dir", str(repo), "log", "--all", "--diff-filter=AM", "--format=%H", "-1",
             "--", path], capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        raw = subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
            capture_output=True,
            check=True,
        ).stdout
        if mode == "raw":
            rendered = "the fixture's bytes unchanged"
        else:
            head, _, rest = raw.partition(b"\n\n")
            sender = re.search(rb"^From: (.+)$", head, re.M).group(1).decode().strip()
            subject = re.search(rb"^Subject: (.+)$", head, re.M).group(1).decode().strip()
            part = rest.split(b"------=_Part", 2)[1].split(b"\n", 1)[1]
            part_head, _, body = part.partition(b"\n\n")
            # The Poczta Polska part says quoted-printable but holds text already decoded
            # (raw UTF-8, a literal "numer=0011..."): decoding it again would corrupt it.
            text = (
                body.decode("utf-8")
                if re.search(rb"[\x80-\xff]", body)
                else quopri.decodestring(body).decode("utf-8")
            )
            is_html = b"text/html" in part_head
            raw = message(sender=sender, subject=subject, text=None if is_html else text,
                          html_part=text if is_html else None)  # fmt: skip
            rendered = ("the fixture's only part (quoted-printable " + ("HTML" if is_html else "text")
                        + ", decoded where it was still encoded) rebuilt as a single-part message with its From and Subject; "
                        "its multipart header was missing in the fixture")  # fmt: skip
        items.append(dict(
            id=f"mailpackages-{template}-{lang}", template=template, lang=lang, kind=kind,
            code=code, commit=commit, path=path, raw=raw, rendered=rendered, note=note,
            source="mailpackages", repository=MAILPACKAGES_REPO, licence="MIT",
        ))  # fmt: skip
    return items


# (snapshot option, repository, commit, path, source, template, group, lang, kind, code, note)
RAW = [
    (
        "zkemail_verify",
        "zkemail/zk-email-verify",
        "6a84aaa09cabf1edd1825609378776f60d9631d1",
        "twitter_msg.eml",
        "zkemail",
        "twitter-password-reset-2022",
        "twitter-password-reset",
        "en",
        "saas-otp",
        "7fdwfdvq",
        "Twitter password-reset confirmation code, eight lower-case letters and digits, alone "
        "in its paragraph (text part: '> 7fdwfdvq')",
    ),
    (
        "proof_of_twitter",
        "zkemail/proof-of-twitter",
        "7c1068827910f3fbcb36b8aa5a1ed2ee99465482",
        "packages/circuits/tests/emls/email-yago.eml",
        "zkemail",
        "x-password-reset-2024",
        "twitter-password-reset",
        "en",
        "saas-otp",
        "uc7jutmn",
        "X password-reset confirmation code (same template as the Twitter one, X branding)",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "1333968f952ad0979876e517cfd48c734201b70c",
        "browser_test_proving/public/x.eml",
        "zkemail",
        "x-password-reset-2025",
        "twitter-password-reset",
        "en",
        "saas-otp",
        "87i8ar3c",
        "X password-reset confirmation code",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "30dcdf3b29ea99d3bbc910164e4d042a5287b8ea",
        "unit_tests/amazon2.eml",
        "zkemail",
        "amazon-password-assistance",
        "amazon-password-assistance",
        "en",
        "shop-otp",
        "402020",
        "Amazon password assistance OTP; the text part shows ':402020'",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "30dcdf3b29ea99d3bbc910164e4d042a5287b8ea",
        "unit_tests/amazon3.eml",
        "zkemail",
        "amazon-password-changed",
        "amazon-password-changed",
        "en",
        "notice",
        None,
        "password changed notice; no code",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "30dcdf3b29ea99d3bbc910164e4d042a5287b8ea",
        "unit_tests/amazon.eml",
        "zkemail",
        "amazon-delivered",
        "amazon-delivered",
        "en",
        "shop-order",
        None,
        "order 111-3061760-5513056, shipment id",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "66c7c26366246ccaad79be89e25890dcdecd2ec5",
        "browser_test_proving/public/amazonjp.eml",
        "zkemail",
        "amazon-order-confirmation",
        "amazon-order-confirmation",
        "en",
        "shop-order",
        None,
        "order confirmation: two order numbers, prices, ZIP",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "984d11793626cd65cbae39c302b9277a8319087c",
        "browser_test_proving/public/amazon2.eml",
        "zkemail",
        "amazon-prime-welcome",
        "amazon-prime-welcome",
        "es",
        "notice",
        None,
        "Prime welcome in Spanish; prices, dates",
    ),
    (
        "zkemail_sdk",
        "zkemail/zk-email-sdk-js",
        "1333968f952ad0979876e517cfd48c734201b70c",
        "browser_test_proving/public/[sptrans.uber.com][gmail]uber_receipt.eml",
        "zkemail",
        "uber-receipt",
        "uber-receipt",
        "en",
        "invoice",
        None,
        "trip receipt: amounts, times, addresses",
    ),
    (
        "proof_of_twitter",
        "zkemail/proof-of-twitter",
        "34b12414db9a83c713de6f61c284f4fd7ccde579",
        "packages/circuits/scripts/email.eml",
        "zkemail",
        "mercadopago-payment-fwd",
        "mercadopago-payment-fwd",
        "es",
        "notice",
        None,
        "forwarded Mercado Pago 'Recibiste un pago': amounts, operation number",
    ),
    (
        "relayer_utils",
        "zkemail/relayer-utils",
        "ac61c9201c850e573516bcb763aec439139587dd",
        "tests/fixtures/spotify.eml",
        "zkemail",
        "spotify-new-login",
        "spotify-new-login",
        "en",
        "notice",
        None,
        "new-login alert: location, time; no code",
    ),
    (
        "zkp2p",
        "zkp2p/zk-p2p",
        "649b299de2943ffe981f7b1ca05e2beb1655d9ef",
        "circuits-circom/emls/venmo_send.eml",
        "zkp2p",
        "venmo-you-paid",
        "venmo-you-paid",
        "en",
        "notice",
        None,
        "Venmo payment sent: amount, Payment ID",
    ),
    (
        "zkp2p",
        "zkp2p/zk-p2p",
        "649b299de2943ffe981f7b1ca05e2beb1655d9ef",
        "circuits-circom/emls/venmo_receive.eml",
        "zkp2p",
        "venmo-paid-you",
        "venmo-paid-you",
        "en",
        "notice",
        None,
        "Venmo payment received: amount, Payment ID",
    ),
    (
        "zkp2p",
        "zkp2p/zk-p2p",
        "77dbe25586a2abff1805e3d58b7397e40cb99748",
        "circuits-circom/emls/venmo_complete.eml",
        "zkp2p",
        "venmo-charge-completed",
        "venmo-charge-completed",
        "en",
        "notice",
        None,
        "Venmo charge completed: amount, bank account ending 2662, Payment ID",
    ),
]


def raw_fixtures(snapshots: dict[str, Path]) -> list[dict[str, Any]]:
    items = []
    for opt, repository, commit, path, source, template, group, lang, kind, code, note in RAW:
        raw = subprocess.run(
            ["git", "--git-dir", str(snapshots[opt]), "show", f"{commit}:{path}"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        items.append(dict(
            id=f"{source}-{template}-{lang}", template=template, group=f"{source}-{group}",
            lang=lang, kind=kind, code=code, commit=commit, path=path, raw=raw,
            rendered="the fixture's bytes unchanged", note=note, source=source,
            repository=repository, licence="MIT",
        ))  # fmt: skip
    return items


MBOX_REPO = "dhcgn/mbox-to-imap"
MBOX_COMMIT = "06a2fcc9f54575521dd61a6814a3f8fa3648af61"
MBOX_PATH = "test_data/All mail Including Spam and Trash.mbox"
MBOX_TAKE = {
    # Subject -> (template, lang, kind, code, note)
    "FB-56738 is your confirmation code": (
        "facebook-signup-code",
        "en",
        "saas-otp",
        "56738",
        "the mail shows 'FB-56738'; Facebook's form takes the digits (the 'FB-' prefix only "
        "names the sender)",
    ),
    "487838 ist dein Bestätigungscode": (
        "tiktok-signup-code",
        "de",
        "saas-otp",
        "487838",
        "German TikTok code, also at the start of the subject",
    ),
    "Information about your new Google Account": (
        "google-new-account",
        "en",
        "notice",
        None,
        "welcome/account information, AMP part as well; no code",
    ),
    "Welcome to Facebook": ("facebook-welcome", "en", "notice", None, "welcome mail; no code"),
}


def mbox_mails(repo: Path) -> list[dict[str, Any]]:
    import email
    import email.policy
    import mailbox
    import tempfile

    data = subprocess.run(["git", "--git-dir", str(repo), "show", f"{MBOX_COMMIT}:{MBOX_PATH}"],
                          capture_output=True, check=True).stdout  # fmt: skip
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "all.mbox"
        path.write_bytes(data)
        box = mailbox.mbox(str(path))
        for key in box.iterkeys():
            raw = box.get_bytes(key)
            subject = str(email.message_from_bytes(raw, policy=email.policy.default)["Subject"])
            wanted = MBOX_TAKE.get(subject)
            if wanted is None and subject.endswith("Zuerst bestätigen..."):
                wanted = ("ainauten-double-optin", "de", "notice", None,
                          "newsletter double opt-in with a confirm link; no code")  # fmt: skip
            if wanted is None:
                continue
            template, lang, kind, code, note = wanted
            items.append(dict(
                id=f"mbox-{template}-{lang}", template=template, lang=lang, kind=kind, code=code,
                commit=MBOX_COMMIT, path=MBOX_PATH, raw=raw, note=note, source="mbox",
                repository=MBOX_REPO, licence="MIT",
                rendered="the message as the mbox stores it (mailbox.get_bytes: 'From ' line dropped)",
            ))  # fmt: skip
    assert len(items) == 5, len(items)
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fakemail", type=Path, required=True)
    ap.add_argument("--kitinerary", type=Path, required=True)
    ap.add_argument("--mailpackages", type=Path, required=True)
    for opt in (
        "zkemail-verify",
        "proof-of-twitter",
        "zkemail-sdk",
        "relayer-utils",
        "zkp2p",
        "mbox",
    ):
        ap.add_argument(f"--{opt}", type=Path, required=True)
    args = ap.parse_args()
    out = []
    snapshots = {
        k: getattr(args, k)
        for k in ("zkemail_verify", "proof_of_twitter", "zkemail_sdk", "relayer_utils", "zkp2p")
    }
    everything = (fakemail(args.fakemail) + kitinerary(args.kitinerary)
                  + mailpackages(args.mailpackages) + raw_fixtures(snapshots) + mbox_mails(args.mbox))  # fmt: skip
    assert len({it["id"] for it in everything}) == len(everything)
    for it in everything:
        raw = it.get("raw") or message(
            sender=it["sender"], subject=it["subject"], text=it["text"], html_part=it["html"]
        )
        rel = f"mail/{it['source']}/{it['id']}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item = {
            "id": it["id"], "group": it.get("group") or f"{it['source']}-{it['template']}", "source": it["source"],
            "lang": it["lang"], "kind": it["kind"], "code": it["code"],
            "repository": it["repository"], "path": it["path"], "commit": it["commit"],
            "licence": it["licence"], "rendered": it["rendered"], "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }  # fmt: skip
        if it.get("note"):
            item["note"] = it["note"]
        out.append(item)
    (HERE / "round3").mkdir(exist_ok=True)
    (HERE / "round3" / "raw.json").write_text(
        json.dumps({"items": out}, ensure_ascii=False, indent=1) + "\n"
    )
    print(len(out), "mails")


if __name__ == "__main__":
    main()
