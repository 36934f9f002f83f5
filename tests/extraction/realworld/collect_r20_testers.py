"""Round twenty, the mail e2e test suites wait for: fixtures and test mails of email-testing
tools (a mail-testing service's client test suite, two local SMTP catchers) — the code their
tests read, and the received mails they keep.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_testers.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- mailosaur/mailosaur-node (MIT), the Mailosaur client's test suite: ``test/mailer.ts`` sends
  ``test/resources/testEmail.txt`` and ``testEmail.html`` as text/plain + text/html with
  ``REPLACED_DURING_TEST`` replaced by ``getRandomString(7)`` (letters), Subject
  ``<random> subject``, From ``<random> <random> <random@mailosaur.net>``; the two inline
  images it attaches are left out (no text in them).
- bahmutov/cypress-email-example (ISC, package.json only), a Cypress e-mail testing example:
  ``pages/api/register.js`` sends ``emails/confirmation-code.html`` through nodemailer with the
  literal From, Subject and text it writes (the code is fixed in source).
- rnwood/smtp4dev (BSD-3-Clause), a local SMTP server for testing: ``Rnwood.Smtp4dev/example.eml``,
  a real received marketing mail kept as the server's example message, taken byte for byte.
- axllent/mailpit (MIT), a mail catcher for tests: the received mails of
  ``internal/storage/testdata`` taken byte for byte.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 14, 22, 51, tzinfo=UTC)
RNG = random.Random("r20-testers")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "testers.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
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


def _save(*, sender, subject, text, html_part, **kw):
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    _item(raw=raw, **kw)


def _letters(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------
# Mailosaur client test suite

MO_REPO = "mailosaur/mailosaur-node"
MO_COMMIT = "4bee69c481a07255bd9934a2a3277f22ff0f9384"
MO_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # getRandomString


def mailosaur() -> None:
    text = _show(MO_REPO, MO_COMMIT, "test/resources/testEmail.txt")
    html_src = _show(MO_REPO, MO_COMMIT, "test/resources/testEmail.html")
    rnd = _letters(7, MO_LETTERS)
    _save(
        source="mailosaur-node", template="test-email", lang="en", kind="saas-otp",
        code="123456", repository=MO_REPO,
        path="test/mailer.ts, test/resources/testEmail.txt, test/resources/testEmail.html",
        commit=MO_COMMIT, licence="MIT",
        rendered="test/mailer.ts's sendEmail: both resources with REPLACED_DURING_TEST replaced "
        "(String.replace, first only) by getRandomString(7); inline images left out",
        sender=f"{rnd} {rnd} <{rnd}@mailosaur.net>", subject=f"{rnd} subject",
        text=text.replace("REPLACED_DURING_TEST", rnd, 1),
        html_part=html_src.replace("REPLACED_DURING_TEST", rnd, 1),
        note="The test mail's parts differ: the HTML (what a mail client shows) says 'Your "
        "verification code is 123456', the text part 'Your verification code is 654321'; "
        "labelled by the HTML. 'Your special ID is G3H1Y2' (5H0Y2 in text) is an identifier, "
        "not asked to be typed.",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Gleb Bahmutov's Cypress e-mail example

BA_REPO = "bahmutov/cypress-email-example"
BA_COMMIT = "6ce0804b958d6f881c7cc7c0877e27baee3988bd"


def bahmutov() -> None:
    html_src = _show(BA_REPO, BA_COMMIT, "emails/confirmation-code.html")
    _save(
        source="cypress-email-example", template="confirmation-code", lang="en",
        kind="saas-otp", code="654agc", repository=BA_REPO,
        path="pages/api/register.js, emails/confirmation-code.html", commit=BA_COMMIT,
        licence="ISC",
        rendered="pages/api/register.js's sendMail as written: From, Subject and text "
        "literal, the HTML file sent unchanged",
        sender='"Registration system" <reg@company.co>',
        subject="Confirmation code 1\ufe0f\u20e32\ufe0f\u20e33\ufe0f\u20e3",
        text="Your confirmation code is 654agc", html_part=html_src,
        note="The repository's only licence statement is package.json's 'license': 'ISC' "
        "(no better-licensed sender of a Cypress-tested confirmation mail was at hand). The "
        "code is fixed in the source, lower-case letters and digits; the keycap emoji in "
        "the Subject are decoration.",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Received mails kept by SMTP catchers, byte for byte

RAW = [
    # source, template, repo, commit, path, licence, kind, code, note
    ("smtp4dev", "ocado-voucher", "rnwood/smtp4dev", "10eb0cc6dae663f36fc7d045da148e973f8b4a3b",
     "Rnwood.Smtp4dev/example.eml", "BSD-3-Clause", "other", None,
     "A real Ocado offer mail (Subject 'Robert, we miss you') kept as smtp4dev's example; its "
     "'Voucher code: VOU1303405' is a promotion code, not labelled."),
    ("mailpit", "plain-text", "axllent/mailpit", "408b30d59709e3f2ed69c7748d900a2208cfbf9b",
     "internal/storage/testdata/plain-text.eml", "MIT", "other", None,
     "A received plain-text test mail (lorem ipsum) from mailpit's storage tests."),
    ("mailpit", "tags", "axllent/mailpit", "408b30d59709e3f2ed69c7748d900a2208cfbf9b",
     "internal/storage/testdata/tags.eml", "MIT", "other", None,
     "mailpit's X-Tags test mail (lorem ipsum)."),
]  # fmt: skip


def raw_fixtures() -> None:
    for source, template, repo, commit, path, licence, kind, code, note in RAW:
        _item(
            source=source, template=template, lang="en", kind=kind, code=code,
            repository=repo, path=path, commit=commit, licence=licence,
            rendered="taken byte for byte", raw=_show_bytes(repo, commit, path), note=note,
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    mailosaur()
    bahmutov()
    raw_fixtures()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
