"""Round 11, helper ``fixtures``: real received mail kept as test fixtures by mail-handling
projects (parsers, importers, inbox tools).

    M=/work/.mirror
    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r11_fixtures.py \\
        --beancount-gmail $M/kubauk+beancount-import-gmail/repo \\
        --gmail-fisher $M/vnepomuceno+gmail-fisher/repo \\
        --cast-gmail $M/ohthehugemanatee+cast-gmail/repo

Writes ``mail/<source>/<id>.eml`` and ``round11/fixtures.json``. Every mail here is a mail
someone really received; nothing is rendered from a template and no code value is invented.
Each file is read from the commit named in its item (the last commit that changed it).

- ``--beancount-gmail``: a git snapshot of kubauk/beancount-import-gmail (MIT), a Beancount
  importer that matches bank lines with receipts found in Gmail. Its tests keep the HTML
  bodies of receipts its author received in the UK from 2015 to 2021: Amazon.co.uk order
  confirmations (``test/uk_amazon_email/sample_html``), eBay order confirmations
  (``test/uk_ebay_email/sample_html``) and PayPal receipts, payment authorisations, a
  donation receipt and a seller's payment notification (``test/uk_paypal_email/sample_html``).
  The project keeps no headers, so each body is wrapped unchanged (its bytes decoded as the
  UTF-8 they are) as the single ``text/html`` part of a mail from the sender's ``.example``
  address; the subject is the body's own ``<title>`` where it has one (HTML entities
  decoded), else the subject the sender uses for that kind of mail, supplied (``rendered``
  says which). All are order/payment mails full of order numbers, transaction IDs, prices
  and dates, and none gives a code to type: every label is ``null``.
- ``--gmail-fisher``: a git snapshot of vnepomuceno/gmail-fisher (MIT), a tool that reads
  food-delivery receipts from Gmail. ``tests/conftest.py`` keeps, as Python strings, the HTML
  body of a Bolt Food receipt its author received in Lisbon in 2021 (restaurant address,
  postcode, prices, a campaign code) and the plain-text bodies of two more Bolt Food
  receipts. The strings are read with ``ast`` exactly as Python reads them; the HTML is the
  single ``text/html`` part as stored, the plain-text bodies are dedented
  (``inspect.cleandoc``: the project indented them inside its source) and sent as
  ``text/plain``. The project keeps only Gmail snippets for subjects, so the subject is
  supplied. Labels ``null`` (the campaign code is a discount code the sender already applied).
- ``--cast-gmail``: a git snapshot of ohthehugemanatee/cast-gmail (Apache-2.0), a Google Apps
  Script that turns forwarded mails into calendar events. ``dist/TestData.js`` keeps as the
  template literal ``fwdBody`` a Deutsche Bahn booking confirmation (German) forwarded twice,
  anonymised by the author (order ``9DDD99``, customer number, phone number). The literal has
  no escapes or substitutions, so its text is taken verbatim and sent as ``text/plain`` from
  the forwarding address it names; the subject is the one its forward header names. Label
  ``null``: the order number is a booking reference.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import inspect
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from collect import HERE, message

SENT = datetime(2026, 12, 3, 15, 20, 11, tzinfo=UTC)
OUT = HERE / "round11" / "fixtures.json"


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), *args], capture_output=True, check=True
    ).stdout


def _last_commit(repo: Path, path: str) -> str:
    return _git(repo, "log", "-1", "--format=%H", "HEAD", "--", path).decode().strip()


def _show(repo: Path, commit: str, path: str) -> bytes:
    return _git(repo, "show", f"{commit}:{path}")


def _write(source: str, item_id: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{item_id}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _title(body: str) -> str | None:
    found = re.search(r"(?is)<title[^>]*>(.*?)</title>", body)
    return " ".join(html.unescape(found.group(1)).split()) if found else None


# ---------------------------------------------------------------------------------------
# kubauk/beancount-import-gmail
# ---------------------------------------------------------------------------------------

BG_DIR = "test/{}/sample_html/{}"
AMAZON = "Amazon.co.uk <auto-confirm@amazon.co.uk.example>"
EBAY = "eBay <ebay@ebay.co.uk.example>"
PAYPAL = "PayPal <service@paypal.co.uk.example>"
# (id suffix, folder, file, sender, kind, subject if the body has no <title>, note)
BG_MAILS: list[tuple[str, str, str, str, str, str | None, str]] = [
    (
        "amazon-order-2018-02",
        "uk_amazon_email",
        "amazon-order-2018-02-10.html",
        AMAZON,
        "shop-order",
        None,
        "Amazon.co.uk order confirmation: order number, price, delivery estimate",
    ),
    (
        "amazon-order-2018-12-multi",
        "uk_amazon_email",
        "amazon-order-2018-12-11-multiple.html",
        AMAZON,
        "shop-order",
        None,
        "order confirmation with two order numbers",
    ),
    (
        "amazon-order-2020-09a",
        "uk_amazon_email",
        "amazon-order-2020-09-15.html",
        AMAZON,
        "shop-order",
        None,
        "Amazon.co.uk order confirmation",
    ),
    (
        "amazon-order-2020-09b",
        "uk_amazon_email",
        "amazon-order-2020-09-28.html",
        AMAZON,
        "shop-order",
        None,
        "Amazon.co.uk order confirmation",
    ),
    (
        "amazon-order-2021-03",
        "uk_amazon_email",
        "amazon-order-2021-03-11-no-order-details.html",
        AMAZON,
        "shop-order",
        None,
        "order confirmation without the item table",
    ),
    (
        "amazon-order-2021-11-multi",
        "uk_amazon_email",
        "amazon-order-2021-11-24-multiple.html",
        AMAZON,
        "shop-order",
        None,
        "Marketplace order confirmation with two order numbers",
    ),
    (
        "amazon-order-2021-11a",
        "uk_amazon_email",
        "amazon-order-2021-11-24.html",
        AMAZON,
        "shop-order",
        None,
        "Amazon.co.uk order confirmation",
    ),
    (
        "amazon-order-2021-11b",
        "uk_amazon_email",
        "amazon-order-2021-11-30.html",
        AMAZON,
        "shop-order",
        None,
        "Amazon.co.uk order confirmation",
    ),
    (
        "ebay-order-2018",
        "uk_ebay_email",
        "ebay-2018.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: front rear 5 led USB rechargeable bike lights",
        "eBay order confirmation: item number, price",
    ),
    (
        "ebay-order-2019",
        "uk_ebay_email",
        "ebay-2019.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: G9 Halogen 28w 370 Lumen Capsule Bulb",
        "eBay order confirmation",
    ),
    (
        "ebay-order-2021-05",
        "uk_ebay_email",
        "ebay-2021-05.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: Saint St Michael angel pendant silver",
        "eBay order confirmation, several items",
    ),
    (
        "ebay-order-2021a",
        "uk_ebay_email",
        "ebay-2021-2.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: Electric Aroma Diffuser Essential Oil",
        "eBay order confirmation",
    ),
    (
        "ebay-order-2021-two",
        "uk_ebay_email",
        "ebay-2021-two-receipts.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: Teen Titans Go Stickers",
        "eBay order confirmation with two orders",
    ),
    (
        "ebay-order-2021b",
        "uk_ebay_email",
        "ebay-2021.eml.html",
        EBAY,
        "shop-order",
        "Order confirmed: ZURU ROBO ALIVE Robo Alive Snake",
        "eBay order confirmation",
    ),
    (
        "paypal-receipt-2018-12",
        "uk_paypal_email",
        "dec-2018-with-extra-postage-message.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt: transaction ID, amounts, seller's postage note",
    ),
    (
        "paypal-donation-2017",
        "uk_paypal_email",
        "donation-dec-2017.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal donation receipt: transaction ID, amount",
    ),
    (
        "paypal-receipt-2020-07",
        "uk_paypal_email",
        "facebook-donation-2020-07.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt for a payment via Facebook",
    ),
    (
        "paypal-authorised-2021-01",
        "uk_paypal_email",
        "jan-2021-01-PLN.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal payment authorisation in PLN",
    ),
    (
        "paypal-receipt-2018-06",
        "uk_paypal_email",
        "june-2018.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt: transaction ID, amount",
    ),
    (
        "paypal-received-2019-03",
        "uk_paypal_email",
        "mar-2019-selling.html",
        PAYPAL,
        "notice",
        None,
        "seller's instant payment notification: item number, transaction ID, buyer's address",
    ),
    (
        "paypal-authorised-2021-03",
        "uk_paypal_email",
        "mar-2021.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal payment authorisation to eBay",
    ),
    (
        "paypal-merchant-2015",
        "uk_paypal_email",
        "merchant-purchase-nov-2015.html",
        PAYPAL,
        "invoice",
        "Your PayPal order to Boots.com",
        "order submitted to a merchant: transaction ID, amount",
    ),
    (
        "paypal-receipt-2015-12",
        "uk_paypal_email",
        "new-format-dec-2015.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt for several payments",
    ),
    (
        "paypal-receipt-2017-02",
        "uk_paypal_email",
        "new-format-feb-2017.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt: transaction ID, amount",
    ),
    (
        "paypal-receipt-2020-11",
        "uk_paypal_email",
        "nov-2020-payment.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal receipt for several payments",
    ),
    (
        "paypal-sent-2020-11",
        "uk_paypal_email",
        "nov-2020-sent-payment.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal payment receipt (Direct Debit)",
    ),
    (
        "paypal-payment-2015-12",
        "uk_paypal_email",
        "refund-nov-2015.html",
        PAYPAL,
        "invoice",
        "Receipt for your payment to 121ecig.co.uk",
        "PayPal payment receipt: transaction ID, seller's address",
    ),
    (
        "paypal-authorised-2020-05",
        "uk_paypal_email",
        "totals-in-usd-2020.html",
        PAYPAL,
        "invoice",
        None,
        "PayPal payment authorisation in USD",
    ),
]


def beancount_gmail(repo: Path) -> list[dict[str, Any]]:
    items = []
    for suffix, folder, name, sender, kind, subject, note in BG_MAILS:
        path = BG_DIR.format(folder, name)
        commit = _last_commit(repo, path)
        body = _show(repo, commit, path).decode("utf-8")
        title = _title(body)
        how = "subject from the body's <title>" if title else "subject supplied"
        subj = title or subject
        assert subj, path
        item_id = f"beancountgmail-{suffix}-en"
        raw = message(sender=sender, subject=subj, text=None, html_part=body, sent=SENT)
        rel, sha = _write("beancountgmail", item_id, raw)
        items.append({
            "id": item_id, "group": f"beancountgmail-{suffix}", "source": "beancountgmail", "lang": "en",
            "kind": kind, "code": None, "repository": "kubauk/beancount-import-gmail", "path": path,
            "commit": commit, "licence": "MIT",
            "rendered": f"stored HTML body of a received mail wrapped unchanged as the text/html part; From and {how}",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# vnepomuceno/gmail-fisher
# ---------------------------------------------------------------------------------------

GF_PATH = "tests/conftest.py"
BOLT = "Bolt Food <food@bolt.example>"


def gmail_fisher(repo: Path) -> list[dict[str, Any]]:
    commit = _last_commit(repo, GF_PATH)
    tree = ast.parse(_show(repo, commit, GF_PATH).decode("utf-8"))
    html_body = None
    texts: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "bolt_email_html_body":
            ret = next(n for n in ast.walk(node) if isinstance(n, ast.Return))
            assert isinstance(ret.value, ast.Constant)
            html_body = ret.value.value
        if isinstance(node, ast.FunctionDef) and node.name == "bolt_food_messages":
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.keyword)
                    and call.arg == "body"
                    and isinstance(call.value, ast.Constant)
                ):
                    texts.append(call.value.value)
    assert html_body and len(texts) == 2
    mails = [
        (
            "bolt-receipt-2021-11",
            None,
            html_body,
            "Bolt Food receipt (HTML): restaurant address and postcode, prices, a campaign code already applied",
        )
    ]
    for name, text in zip(("bolt-receipt-2021-06", "bolt-receipt-2021-04"), texts, strict=True):
        mails.append(
            (
                name,
                inspect.cleandoc(text) + "\n",
                None,
                "Bolt Food receipt (plain text): address, postcode, total",
            )
        )
    items = []
    for suffix, text, body, note in mails:
        item_id = f"gmailfisher-{suffix}-en"
        raw = message(
            sender=BOLT, subject="Your Bolt Food receipt", text=text, html_part=body, sent=SENT
        )
        rel, sha = _write("gmailfisher", item_id, raw)
        how = (
            "HTML body kept as a Python string, read with ast, wrapped unchanged as the text/html part"
            if body
            else "plain-text body kept as a Python string, read with ast, dedented, sent as text/plain"
        )
        items.append({
            "id": item_id, "group": f"gmailfisher-{suffix}", "source": "gmailfisher", "lang": "en",
            "kind": "shop-order", "code": None, "repository": "vnepomuceno/gmail-fisher", "path": GF_PATH,
            "commit": commit, "licence": "MIT", "rendered": f"{how}; From and Subject supplied",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# ohthehugemanatee/cast-gmail
# ---------------------------------------------------------------------------------------

CG_PATH = "dist/TestData.js"


def cast_gmail(repo: Path) -> list[dict[str, Any]]:
    commit = _last_commit(repo, CG_PATH)
    source = _show(repo, commit, CG_PATH).decode("utf-8")
    found = re.search(r"const fwdBody = `(.*?)`;", source, re.S)
    assert found and "\\" not in found.group(1) and "${" not in found.group(1)
    body = found.group(1) + "\n"
    subject = re.search(r"^Subject: (.+)$", body, re.M)
    sender = re.search(r"^To: (.+)$", body, re.M)
    assert subject and sender
    item_id = "castgmail-db-booking-de"
    raw = message(
        sender=sender.group(1), subject=subject.group(1), text=body, html_part=None, sent=SENT
    )
    rel, sha = _write("castgmail", item_id, raw)
    return [{
        "id": item_id, "group": "castgmail-db-booking", "source": "castgmail", "lang": "de",
        "kind": "travel-booking", "code": None, "repository": "ohthehugemanatee/cast-gmail", "path": CG_PATH,
        "commit": commit, "licence": "Apache-2.0",
        "rendered": "template literal fwdBody taken verbatim as text/plain; From is the forwarder it names, "
                    "Subject the one its forward header names",
        "file": rel, "sha256": sha,
        "note": "forwarded Deutsche Bahn Buchungsbestätigung: Auftragsnummer 9DDD99 and Kundennummer are "
                "references, no code to type",
    }]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--beancount-gmail", type=Path, required=True)
    parser.add_argument("--gmail-fisher", type=Path, required=True)
    parser.add_argument("--cast-gmail", type=Path, required=True)
    args = parser.parse_args()
    items = beancount_gmail(args.beancount_gmail)
    items += gmail_fisher(args.gmail_fisher)
    items += cast_gmail(args.cast_gmail)
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(items), "items")


if __name__ == "__main__":
    main()
