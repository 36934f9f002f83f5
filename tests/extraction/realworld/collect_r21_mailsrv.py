"""Round twenty-one, mail-centred software: helpdesks and ticketing — the password-reset code
and ticket notices they mail to agents and customers.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_mailsrv.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- Peppermint-Lab/peppermint (apps/api: MIT, its ``apps/api/LICENSE``; the root ``license``
  is AGPL-3.0 with a commercial-licence preamble), an open-source helpdesk:
  ``apps/api/src/lib/nodemailer/auth/forgot-password.ts`` sends a JS template literal filled
  with the six-digit code of ``controllers/auth.ts``'s ``generateRandomCode()`` (10^5 ..
  10^6-1) and the reset link; the ticket mails of ``lib/nodemailer/ticket/*.ts`` compile the
  HTML templates that ``prisma/seed.js`` stores (handlebars, ``{{var}}`` escaped — the values
  used need no escaping) and send them with the literal Subject and text each file writes.
  ``from`` is the configured reply address (invented here).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 21, 24, 9, tzinfo=UTC)
RNG = random.Random("r21-mailsrv")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "mailsrv.json"
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


# ---------------------------------------------------------------------------------------
# Peppermint helpdesk

PM_REPO = "Peppermint-Lab/peppermint"
PM_COMMIT = "ba6e2179f9409db76abeb9a3007a262160e24628"
PM_LICENCE = "MIT"
PM_FROM = "support@helpdesk.brightwater.example"
PM_NOTE_LIC = (
    "Licence: apps/api/LICENSE (MIT) covers the API that sends these mails; the root 'license' "
    "is AGPL-3.0 with a commercial-licence preamble."
)


def _pm_literal(src: str) -> str:
    """The HTML template literal of a nodemailer call (``html: `...```)."""
    return src.split("html: `", 1)[1].split("`,\n", 1)[0]


def _pm_seed() -> dict[str, str]:
    seed = _show(PM_REPO, PM_COMMIT, "apps/api/src/prisma/seed.js")
    found = re.findall(r'html: `(.*?)`,\s*type: "(\w+)"', seed, flags=re.S)
    return {kind: body for body, kind in found}


def _hbs(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: values.get(m.group(1), ""), template)


def peppermint() -> None:
    common = {
        "source": "peppermint", "lang": "en", "repository": PM_REPO, "commit": PM_COMMIT,
        "licence": PM_LICENCE,
    }  # fmt: skip
    # forgot password: six-digit code + link with the reset token's uuid
    src = _show(PM_REPO, PM_COMMIT, "apps/api/src/lib/nodemailer/auth/forgot-password.ts")
    code = str(RNG.randint(100000, 999999))
    token = "3f9c2a71-5be0-4d8e-9a16-c07b4e2d81f5"
    link = f"https://desk.brightwater.example/auth/reset-password?token={token}"
    body = _pm_literal(src).replace("${code}", code).replace("${resetlink}", link)
    _save(
        template="forgot-password", kind="saas-otp", code=code,
        path="apps/api/src/lib/nodemailer/auth/forgot-password.ts, "
        "apps/api/src/controllers/auth.ts",
        rendered="forgotPassword(): the text and HTML template literals filled with "
        "generateRandomCode() (six digits) and the reset link",
        sender=PM_FROM, subject="Password Reset Request",
        text=f"Password Reset Code: {code}, follow this link to reset your password {link}",
        html_part=body,
        note="The code is typed on the reset page (POST /auth/password-reset/code). The hidden "
        "pre-header says 'Ticket Created' (copied from the ticket template). " + PM_NOTE_LIC,
        **common,
    )  # fmt: skip
    seed = _pm_seed()
    seed_path = "apps/api/src/prisma/seed.js"
    # ticket created: the customer gets the ticket's uuid
    tid = "b81e4f02-6d3a-4c97-8e25-1fa9c3d07b64"
    created = "Thu Dec 03 2026 21:18:44 GMT+0000 (Coordinated Universal Time)"
    _save(
        template="ticket-created", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/create.ts, {seed_path}",
        rendered="sendTicketCreate(): the seeded ticket_created template with {id}; text with "
        "the ticket's createdAt as JavaScript prints a Date",
        sender=PM_FROM, subject=f"Issue #{tid} has just been created & logged",
        text=f"Hello there, Issue #{tid}, which you reported on {created}, has now been "
        "created and logged",
        html_part=_hbs(seed["ticket_created"], {"id": tid}),
        note="The ticket's id (a UUID) is a reference, not a code to type. " + PM_NOTE_LIC,
        **common,
    )  # fmt: skip
    _save(
        template="ticket-assigned", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/assigned.ts, {seed_path}",
        rendered="sendAssignedEmail(): the seeded ticket_assigned template with no values",
        sender=PM_FROM, subject="A new ticket has been assigned to you",
        text="Hello there, a ticket has been assigned to you",
        html_part=_hbs(seed["ticket_assigned"], {}), note=PM_NOTE_LIC, **common,
    )  # fmt: skip
    title = "Printer on floor 3 jams on A3"
    comment = "We have ordered a new fuser unit (part 126K34851); ETA Monday 7 December."
    _save(
        template="ticket-comment", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/comment.ts, {seed_path}",
        rendered="sendComment(): the seeded ticket_comment template with title and comment",
        sender=PM_FROM, subject=f"New comment on Issue #{title} ref: #{tid}",
        text=f"Hello there, Issue #{title}, has had an update with a comment of {comment}",
        html_part=_hbs(seed["ticket_comment"], {"title": title, "comment": comment}),
        note="A part number and the ticket UUID, no code. " + PM_NOTE_LIC, **common,
    )  # fmt: skip
    for number, status in ((2417, "COMPLETED"), (2418, "OUTSTANDING")):
        _save(
            template=f"ticket-status-{status.lower()}", kind="notice", code=None,
            path=f"apps/api/src/lib/nodemailer/ticket/status.ts, {seed_path}",
            rendered="sendTicketStatus(): the seeded ticket_status_changed template with "
            "title and status",
            sender=PM_FROM, subject=f"Issue #{number} status is now {status}",
            text=f"Hello there, Issue #{number}, now has a status of {status}",
            html_part=_hbs(seed["ticket_status_changed"], {"title": title, "status": status}),
            note="The status word in capitals and the issue number are not codes. "
            + PM_NOTE_LIC,
            **common,
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    peppermint()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
