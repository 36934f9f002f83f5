"""Round fifteen, helper ``received``: real received mails kept byte for byte as test
fixtures by public projects (mail relays, receipt importers).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_received.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round15/received.json``. Nothing is rendered and no
value is invented: each mail is the fixture file as the project keeps it, read with
``git show <commit>:<path>`` from the snapshot under ``--mirrors`` (``<owner>+<name>/repo``)
and written unchanged; its sha256 is checked against the one recorded here, so a changed
snapshot stops the run instead of writing other bytes. The commit is the last one that
added or changed the file (for a file since removed, the commit that still has it).

- ``mozilla/fx-private-relay`` (MPL-2.0), Firefox Relay, the e-mail masking service. Its
  ``emails/tests/fixtures/*_incoming.email`` are mails Relay received for its masks. Taken:
  the two its one-time-code detection was written against (commit f64a1f87, files removed
  later): a Mozilla accounts "Confirm your account" mail (plain text, as Relay stored it
  with the soft line breaks of its quoted-printable encoding left in and a 7bit header) and
  an Uber sign-up verification mail as Relay forwards it (Relay's own banner and footer
  around Uber's HTML); and the Russian conference-invitation spam of
  ``russian_spam_incoming.email`` (its sending addresses replaced by the project with
  ``spam.example.com`` names). The synthetic fixtures (``emperor_norton``, ``plain_text``
  and the like, written by the project) are left out.
- ``thetestgame/email-to-lunchmoney`` (MIT), a Cloudflare worker that matches receipt mails
  with Lunch Money transactions. Its ``src/processors/*/fixtures/*.eml`` are receipts its
  author received, passed through its ``scripts/sanitize-email.mts`` (e-mail addresses,
  card digits, invoice ids, message ids and URL tokens redacted, headers whitelisted).
  Taken: Alaska Airlines and Southwest booking receipts, two Amazon.com order
  confirmations, a Cloudflare invoice notice, a Lyft Bike receipt, a Twitch subscription
  receipt and four Uber trip mails (two receipts and two "charge summary" mails). Left out,
  as they still show the author's full name, personal address, e-mail address, a member
  number or a fellow passenger's name unredacted: the American, Delta and United receipts,
  the second Southwest itinerary, the Apple, Booking.com and Steam receipts, the Lyft ride
  receipts and the Twitch Bits receipt.

- ``xhos/arian-email-parser`` (GPL-3.0), a Go service that turns bank alert mails into
  transactions. ``internal/email/rbc/testdata/*.decoded.eml`` are Royal Bank of Canada alert
  mails its author received, made into test data by its ``cmd/prepare-testdata`` (the body
  decoded, addresses replaced by ``Example <email@example.com>``, links by
  ``https://example.com``, card numbers masked to ``************1001``): the direct alerts
  keep the bank's HTML as the body of a message with no MIME headers, the ``fw-`` ones are
  the same alerts forwarded by the account holder as Markdown-like quoted text. Seven
  alerts (purchase, purchase without amount, credit, payment, deposit, withdrawal, credit
  limit), each direct and forwarded; none gives a code.

Labels are what a person reading the mail would type (``code``), else ``null``: an airline
confirmation code (PNR) is a booking reference, not a code (as in earlier rounds).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

from collect import HERE

OUT = HERE / "round15" / "received.json"

RELAY = "mozilla/fx-private-relay"
RELAY_OTP = "f64a1f8716d02e6e1bbd4c7a9a140da341e16cd9"
RELAY_SPAM = "b837b1d425b1f69d1e2779ae094b199ecae661b7"
LM = "thetestgame/email-to-lunchmoney"
LM_AIR = "4d2e5877f102e658d53ebde948e97a8af9141ab4"
LM_SHOP = "13b5f6881d01e8d87396aa402ac8bdb44fd14ad7"
LM_TWITCH = "1b474e0b3a0fc9f6df94e5b737bbf777e35332a4"
LM_UBER = "4f063c4382efb2a4a169e067fe38fb085068f851"
LM_DIR = "src/processors/"
ARIAN = "xhos/arian-email-parser"
ARIAN_COMMIT = "66183a28188fcdd989712f3b11e333df717b0d3b"
ARIAN_DIR = "internal/email/rbc/testdata/"
LICENCES = {RELAY: "MPL-2.0", LM: "MIT", ARIAN: "GPL-3.0"}
SOURCES = {RELAY: "fxrelay", LM: "lunchmoney", ARIAN: "arianrbc"}

# (repository, commit, path, id suffix, group suffix, lang, kind, code, sha256, note)
MAILS: list[tuple[str, str, str, str, str, str, str, str | None, str, str]] = [
    (
        RELAY,
        RELAY_OTP,
        "emails/tests/fixtures/otp_mozilla_incoming.email",
        "mozilla-accounts-confirm",
        "mozilla-accounts-confirm",
        "en",
        "saas-otp",
        "376637",
        "34e314b725b8b1891bb2ce40f8948892e8c8d380b255854fa7d6663f318619fc",
        "Mozilla accounts sign-up: 'Use this confirmation code: 376637', valid 5 minutes, "
        "after the device, date and time (Monday, Dec 18, 2023 9:34:39 PM); stored as plain "
        "text with quoted-printable soft breaks and =3D left in (the project's fixture)",
    ),
    (
        RELAY,
        RELAY_OTP,
        "emails/tests/fixtures/uber_otp_only_html_incoming.email",
        "uber-welcome-otp",
        "uber-welcome-otp",
        "en",
        "saas-otp",
        "1973",
        "2e0cd7eeed342e8ce2b31daff7c54d187a30167babfb3466e9e42a5870d8e570",
        "Uber sign-up 'Verification code: 1973' (four digits) as Relay forwards it: Relay's "
        "banner ('0 email trackers removed', a mask link) around Uber's HTML; HTML only",
    ),
    (
        RELAY,
        RELAY_SPAM,
        "emails/tests/fixtures/russian_spam_incoming.email",
        "russian-conference-spam",
        "russian-conference-spam",
        "ru",
        "other",
        None,
        "b3404df60fabaac2fe70b201534f87e8712c4c5d11dd618c486c0854621ee40c",
        "Russian invitation to a business conference (bulk mail, unsubscribe link); no code",
    ),
    (
        LM,
        LM_AIR,
        LM_DIR + "airline-alaska/fixtures/receipt-1.eml",
        "alaska-receipt-1",
        "alaska-receipt",
        "en",
        "travel-booking",
        None,
        "5525e8aa58cb3bb32774f3c9c0e7edfffb83548411e9c5b736ee2d5ab62f474c",
        "Alaska Airlines confirmation receipt: 'Confirmation code: IUZWKS' is the booking "
        "reference (PNR), also in the subject; seats, flight numbers, fares",
    ),
    (
        LM,
        LM_AIR,
        LM_DIR + "airline-alaska/fixtures/receipt-2.eml",
        "alaska-receipt-2",
        "alaska-receipt",
        "en",
        "travel-booking",
        None,
        "fc823305abf404d361bb08a1020b8a1a4e52b87574d60947764fe4f79e4e67a6",
        "Alaska Airlines confirmation receipt, older layout: PNR GPEHPG (booking reference)",
    ),
    (
        LM,
        LM_AIR,
        LM_DIR + "airline-southwest/fixtures/receipt-1.eml",
        "southwest-itinerary",
        "southwest-itinerary",
        "en",
        "travel-booking",
        None,
        "7519300357c36a85b7a3640792d431bd5f031ee975f90f9d0921d97514808d53",
        "Southwest 'trip is all set': 'Confirmation # 2CEPA9' is the booking reference",
    ),
    (
        LM,
        LM_SHOP,
        LM_DIR + "amazon/fixtures/example.eml",
        "amazon-ordered-1",
        "amazon-ordered",
        "en",
        "shop-order",
        None,
        "4e654ecdb5aea46916c86c51580a93b273413c4b891964a07e0fd86b2aafd473",
        "Amazon.com 'Ordered:' confirmation, two items, order number, prices, delivery day",
    ),
    (
        LM,
        LM_SHOP,
        LM_DIR + "amazon/fixtures/example-2.eml",
        "amazon-ordered-2",
        "amazon-ordered",
        "en",
        "shop-order",
        None,
        "4a2d2950ad23bc9c341eec09be03990507f94c57d899019a198ce83b55d4e29b",
        "Amazon.com 'Ordered:' confirmation, one book, order number, grand total",
    ),
    (
        LM,
        LM_SHOP,
        LM_DIR + "cloudflare/fixtures/example-invoice.eml",
        "cloudflare-invoice",
        "cloudflare-invoice",
        "en",
        "invoice",
        None,
        "e8c1d0d9dfbc78e7e24a9316266048c043c0aba820e6656f0f8b3fdfc6ef2f5d",
        "Cloudflare invoice notice: invoice ID IN-48951432, due date, amount",
    ),
    (
        LM,
        LM_SHOP,
        LM_DIR + "lyft-bike/fixtures/example.eml",
        "lyft-bike-ride",
        "lyft-bike-ride",
        "en",
        "invoice",
        None,
        "a1eaefdbb6813b17e5a46f00c94cd0ce8a33b0d8ac74d0d1d4c018618f04e009",
        "Lyft Bike ride receipt: fare, tax, docks, ride id (redacted to 1s)",
    ),
    (
        LM,
        LM_TWITCH,
        LM_DIR + "twitch/fixtures/subscription.eml",
        "twitch-subscription",
        "twitch-subscription",
        "en",
        "invoice",
        None,
        "15dc8e51674b3b1407564518f347c2dcda722a7222085d783904d3b7b29b1df6",
        "Twitch subscription receipt: invoice number, amounts, dates",
    ),
    (
        LM,
        LM_UBER,
        LM_DIR + "uber-ride/fixtures/example-1.eml",
        "uber-trip-receipt-1",
        "uber-trip-receipt",
        "en",
        "invoice",
        None,
        "66c1cdbbb7849df23d103bd98249daf74f35c6342f70f6a1d568c6df691d2539",
        "Uber trip receipt: total, fare lines, licence plate, pick-up and drop-off times",
    ),
    (
        LM,
        LM_UBER,
        LM_DIR + "uber-ride/fixtures/example-2.eml",
        "uber-trip-receipt-2",
        "uber-trip-receipt",
        "en",
        "invoice",
        None,
        "a03b8043877c7534e605292cbc742fdf1a2f6278d22759066c1cfca77d320a5f",
        "Uber trip receipt: total, fare lines, addresses, times",
    ),
    (
        LM,
        LM_UBER,
        LM_DIR + "uber-ride/fixtures/not-receipt-1.eml",
        "uber-charge-summary-1",
        "uber-charge-summary",
        "en",
        "notice",
        None,
        "ff9ae9e1dfe92317efc98c355acc8e6490ee3519cc3618c00e7c6c461dce25fb",
        "Uber 'This is your charge summary' (not a payment receipt): fare lines, surcharges",
    ),
    (
        LM,
        LM_UBER,
        LM_DIR + "uber-ride/fixtures/not-receipt-2.eml",
        "uber-charge-summary-2",
        "uber-charge-summary",
        "en",
        "notice",
        None,
        "9109f87bfe445ef695a0982812c9b2cc64c77bc902bb4dce6d2cb84c01565663",
        "Uber trip summary that is not a payment receipt: fare lines, addresses, times",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "approaching-credit-limit.decoded.eml",
        "approaching-credit-limit",
        "rbc-credit-limit",
        "en",
        "notice",
        None,
        "52aeca4e234da559ca2b55315f57c46995574e4fb2afc8a643b9290c611f8794",
        "RBC credit-card alert: available credit below the set limit ($800.00), masked card number, date, available credit; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-approaching-credit-limit.decoded.eml",
        "fw-approaching-credit-limit",
        "rbc-credit-limit",
        "en",
        "notice",
        None,
        "7ba24879b7d94fd659333c4a0f75a5e674114a20400384fdabfff247e69f58cf",
        "RBC credit-card alert: available credit below the set limit ($800.00), masked card number, date, available credit; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "deposit-notice.decoded.eml",
        "deposit-notice",
        "rbc-deposit",
        "en",
        "notice",
        None,
        "aad22cedabbb06943a6ed87ede7bf2c6dbb9c814d1e350ac585ef98ea58ca857",
        "RBC deposit notice: amount, account name, date; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-deposit-notice.decoded.eml",
        "fw-deposit-notice",
        "rbc-deposit",
        "en",
        "notice",
        None,
        "9c9050f9c247e763517b489fda34938ca3fe70bed66b7341ff5d1943f59b8c52",
        "RBC deposit notice: amount, account name, date; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "payment-made.decoded.eml",
        "payment-made",
        "rbc-payment-made",
        "en",
        "notice",
        None,
        "fbe111055867b5f9966045461cdf62e65fa56ab275b81876733e3669fc1fd62c",
        "RBC credit-card payment notice: masked card number, amount, date; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-payment-made.decoded.eml",
        "fw-payment-made",
        "rbc-payment-made",
        "en",
        "notice",
        None,
        "8a9ceb239b5f8d07a2ca1226e758a7927baf2490c3e5d5d3212204b352325783",
        "RBC credit-card payment notice: masked card number, amount, date; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "withdrawal-warning.decoded.eml",
        "withdrawal-warning",
        "rbc-withdrawal",
        "en",
        "notice",
        None,
        "1d2f182fb9ad9a7469d5455026afab37e229e829fa923eebee253776f0f533ce",
        "RBC withdrawal notice: amount, account name, date; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-withdrawal-warning.decoded.eml",
        "fw-withdrawal-warning",
        "rbc-withdrawal",
        "en",
        "notice",
        None,
        "182af9fb53f5e34654a8b00860f647e34664100770065402a558365f993c0966",
        "RBC withdrawal notice: amount, account name, date; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "you-made-a-purchase.decoded.eml",
        "you-made-a-purchase",
        "rbc-purchase",
        "en",
        "notice",
        None,
        "ac84e63ce24275e91143079c3f433ecbffed906bbea1fc416e8526fe3ca8781e",
        "RBC 'You made a purchase.': amount, masked card, merchant, the bank's phone number 1-800-769-2512 (non-breaking hyphens); HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-you-made-a-purchase.decoded.eml",
        "fw-you-made-a-purchase",
        "rbc-purchase",
        "en",
        "notice",
        None,
        "6fa443378a3283002fa2eb38844301d89b0304eb3e5e30945f918d2e04cdce4f",
        "RBC 'You made a purchase.': amount, masked card, merchant, the bank's phone number 1-800-769-2512 (non-breaking hyphens); forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "you-made-a-purchase-no-account.decoded.eml",
        "you-made-a-purchase-no-account",
        "rbc-purchase",
        "en",
        "notice",
        None,
        "3afdc5d9062833ffbfa087076e87709ad275a296cbac82a85ce71e24b437ac23",
        "RBC 'You made a purchase.' without the amount and card number in the sentence (empty fields as the bank sent them); phone number with non-breaking hyphens; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-you-made-a-purchase-no-account.decoded.eml",
        "fw-you-made-a-purchase-no-account",
        "rbc-purchase",
        "en",
        "notice",
        None,
        "18ea595bd1cbd5ab6bc95c62439a1c294e56601472f228099d66bc1f0db21d03",
        "RBC 'You made a purchase.' without the amount and card number in the sentence (empty fields as the bank sent them); phone number with non-breaking hyphens; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "you-received-a-credit.decoded.eml",
        "you-received-a-credit",
        "rbc-credit",
        "en",
        "notice",
        None,
        "5b21abd9f53ca2e44b33cf382dadb20fe1852330c14ae8c0058df97727cacecc",
        "RBC 'You received a credit.': masked card, amount, merchant, phone number; HTML body with no MIME headers (the project's decoded fixture)",
    ),
    (
        ARIAN,
        ARIAN_COMMIT,
        ARIAN_DIR + "fw-you-received-a-credit.decoded.eml",
        "fw-you-received-a-credit",
        "rbc-credit",
        "en",
        "notice",
        None,
        "c92f8e8216fab8e6a2a673cca9142e156ff939bcda726407544fe6aa64bca911",
        "RBC 'You received a credit.': masked card, amount, merchant, phone number; forwarded by the account holder as Markdown-like text under '------- Forwarded Message -------'",
    ),
]


def _show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument(
        "--record", action="store_true", help="print the sha256 of each fixture, write nothing"
    )
    args = parser.parse_args()
    items: list[dict[str, object]] = []
    bad = 0
    for repository, commit, path, suffix, group, lang, kind, code, sha, note in MAILS:
        repo = args.mirrors / repository.replace("/", "+") / "repo"
        raw = _show(repo, commit, path)
        digest = hashlib.sha256(raw).hexdigest()
        if args.record:
            print(digest, suffix)
            continue
        if digest != sha:
            print(f"{suffix}: sha256 {digest} differs from the recorded {sha}")
            bad += 1
            continue
        source = SOURCES[repository]
        item_id = f"{source}-{suffix}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        items.append(
            {
                "id": item_id,
                "group": f"{source}-{group}",
                "source": source,
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": repository,
                "path": path,
                "commit": commit,
                "licence": LICENCES[repository],
                "rendered": "fixture file copied byte for byte (git show commit:path)",
                "file": rel,
                "sha256": digest,
                "note": note,
            }
        )
    if args.record or bad:
        return 1 if bad else 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for item in items if item["code"])
    print(f"{len(items)} mails ({codes} with a code) -> {OUT.relative_to(HERE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
