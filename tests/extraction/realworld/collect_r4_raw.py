"""Round 4, helper ``raw``: real received mails kept as fixtures in public repositories.

    M=/work/.mirror
    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r4_raw.py \\
        --breaking-dkim $M/YilunAllenChen+Breaking_DKIM/repo \\
        --php-mime $M/php-mime-mail-parser+php-mime-mail-parser/repo \\
        --spamscope $M/SpamScope+mail-parser/repo

Writes ``mail/<source>/<id>.eml`` and ``round4/raw.json``. Every mail here is a mail someone
really received; nothing is rendered from a template and no code value is invented. Each is
read from the commit named below (the last commit that changed the file).

- ``--breaking-dkim``: a git snapshot of YilunAllenChen/Breaking_DKIM (MIT), a student
  project on DKIM replay. ``email_templates.py`` keeps, as the Python string
  ``original_dhl_email``, a DHL Express "On Demand Delivery" notice its author received in
  2021 (English and Spanish, waybill number, delivery address), headers and DKIM signature
  included. The string is read with ``ast`` exactly as Python reads it and written out as its
  UTF-8 bytes (LF line ends as stored); nothing else is changed.
- ``--php-mime``: a git snapshot of php-mime-mail-parser/php-mime-mail-parser (MIT). Its
  ``tests/mails`` hold mails reported by users; two are real transactional/commercial mails:
  ``m0009``, an Ogone (payment service provider) Dutch order/payment notification to a
  merchant (order reference, PAYID, authorisation code, masked card, phone number), and
  ``m0015``, a Vitamart.ca promotional mail with three coupon codes. Copied byte for byte.
- ``--spamscope``: a git snapshot of SpamScope/mail-parser (Apache-2.0), whose ``tests/mails``
  are real spam/phishing captures. ``mail_test_15`` is a "Request for Order Quotation"
  phishing mail (postal code, street numbers, PDF attachment). Copied byte for byte.

The same fixture sets were read for OTP mails: none of them holds one (see the round's report).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

BREAKING_DKIM = "YilunAllenChen/Breaking_DKIM"
BREAKING_DKIM_COMMIT = "882bc57f5c0f9fa7e705c60b71d3e77a0493a0fa"
PHP_MIME = "php-mime-mail-parser/php-mime-mail-parser"
PHP_MIME_COMMIT = "70b520a0a9a2602cc40b92f62430599dd2043d89"
SPAMSCOPE = "SpamScope/mail-parser"
SPAMSCOPE_COMMIT = "86a841784086bb3d1346e08e53e148a3ecc20401"


def show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def python_string(src: str, name: str) -> str:
    """The value of the module-level string assignment ``name = "..."`` in ``src``."""
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, str)
            return value
    raise KeyError(name)


def item(
    *, id: str, source: str, lang: str, kind: str, code: str | None, repository: str,
    path: str, commit: str, licence: str, rendered: str, note: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    out: dict[str, Any] = dict(
        id=id, group=id.rsplit("-", 1)[0], source=source, lang=lang, kind=kind, code=code,
        repository=repository, path=path, commit=commit, licence=licence, rendered=rendered,
        file=f"mail/{source}/{id}.eml",
    )  # fmt: skip
    if note:
        out["note"] = note
    return out


def breaking_dkim(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    path = "email_templates.py"
    src = show(repo, BREAKING_DKIM_COMMIT, path).decode("utf-8")
    raw = python_string(src, "original_dhl_email").encode("utf-8")
    return [(item(
        id="breakingdkim-dhl-ondemand-en", source="breakingdkim", lang="en", kind="notice",
        code=None, repository=BREAKING_DKIM, path=path, commit=BREAKING_DKIM_COMMIT,
        licence="MIT",
        rendered="the received mail kept as the Python string original_dhl_email, read with "
        "ast and written as its UTF-8 bytes, headers and DKIM signature as stored",
        note="DHL Express delivery-today notice in English and Spanish: waybill number, "
        "address with ZIP code, no code to type",
    ), raw)]  # fmt: skip


def php_mime(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    out = []
    path = "tests/mails/m0009"
    out.append((item(
        id="phpmime-ogone-order-nl", source="phpmime", lang="nl", kind="notice", code=None,
        repository=PHP_MIME, path=path, commit=PHP_MIME_COMMIT, licence="MIT",
        rendered="fixture copied byte for byte",
        note="Ogone payment notification to a merchant: order reference, PAYID, an "
        "'Autorisatiecode' of the card payment (a bank reference, not a code for the reader "
        "to type), UID, TID, masked card, phone number",
    ), show(repo, PHP_MIME_COMMIT, path)))  # fmt: skip
    path = "tests/mails/m0015"
    out.append((item(
        id="phpmime-vitamart-promo-en", source="phpmime", lang="en", kind="other", code=None,
        repository=PHP_MIME, path=path, commit=PHP_MIME_COMMIT, licence="MIT",
        rendered="fixture copied byte for byte",
        note="promotional mail with three coupon codes (5multi, 15multi, 30multi): "
        "promotion codes, not one-time codes",
    ), show(repo, PHP_MIME_COMMIT, path)))  # fmt: skip
    return out


def spamscope(repo: Path) -> list[tuple[dict[str, Any], bytes]]:
    path = "tests/mails/mail_test_15"
    return [(item(
        id="spamscope-rfq-phish-en", source="spamscope", lang="en", kind="other", code=None,
        repository=SPAMSCOPE, path=path, commit=SPAMSCOPE_COMMIT, licence="Apache-2.0",
        rendered="fixture copied byte for byte",
        note="phishing 'request for order quotation' with a signature block (postal code "
        "117440, unit numbers) and an attachment; no code",
    ), show(repo, SPAMSCOPE_COMMIT, path))]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaking-dkim", type=Path, required=True)
    ap.add_argument("--php-mime", type=Path, required=True)
    ap.add_argument("--spamscope", type=Path, required=True)
    args = ap.parse_args()
    pairs = breaking_dkim(args.breaking_dkim) + php_mime(args.php_mime)
    pairs += spamscope(args.spamscope)
    out = []
    for it, raw in pairs:
        dest = HERE / it["file"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(raw)
        it["sha256"] = hashlib.sha256(raw).hexdigest()
        out.append(it)
    (HERE / "round4").mkdir(exist_ok=True)
    (HERE / "round4" / "raw.json").write_text(
        json.dumps({"items": out}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(out)} mails")


if __name__ == "__main__":
    main()
