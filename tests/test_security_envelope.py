"""The envelope-recipient header (``X-RcptTo``) is read where its writer is known, and only
the writer's own copy counts.

The README's catcher (aiosmtpd's ``handlers.Mailbox``) appends ``X-Peer``, ``X-MailFrom`` and
``X-RcptTo`` after the message's own headers (``MessageBase.prepare_message``), so in a
Maildir it fills, the last ``X-RcptTo`` is the catcher's. A sender can write the header
too; such a copy always comes before the catcher's and never counts. Gmail and Graph
mailboxes never read the header: their providers' own delivery data covers BCC mail.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from catcher import mail, send, smtp_catcher
from conftest import gmail_reader, write_config
from fakes.gmail import FakeGmail
from otpmail import Reader
from otpmail._decoding import parse_rfc822

MAILDIR_CONFIG = (
    "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
    "      path: maildir\n"
)


@pytest.mark.loopback
async def test_only_the_catchers_own_envelope_header_counts_in_a_maildir(tmp_path: Path) -> None:
    reader = Reader(write_config(tmp_path, MAILDIR_CONFIG))
    forged = mail("undisclosed-recipients:;", body="Your code is 777777")
    # The sender's own copies, more than the decoder keeps of a repeated header: all of
    # them come before the catcher's.
    for _ in range(30):
        forged["X-RcptTo"] = "qa+forged@example.com"

    with smtp_catcher(tmp_path / "maildir") as port:
        send(port, forged, rcpt=["qa+real@example.com"])
    real = await reader.read_emails("qa+real@example.com")
    claimed = await reader.read_emails("qa+forged@example.com")

    assert real["status"] == "ok" and real["data"]["emails"][0]["body"] == "Your code is 777777"
    assert claimed["code"] == "no_emails_found"


async def test_gmail_never_reads_the_envelope_header(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    msg = mail("undisclosed-recipients:;", X_RcptTo="qa+claimed@example.com")
    upstream.deliver(msg)

    envelope = await gmail_reader(tmp_path, service_account_info, upstream).read_emails(
        "qa+claimed@example.com"
    )

    assert envelope["code"] == "no_emails_found"


def test_the_decoder_reads_the_envelope_header_only_when_told_to() -> None:
    raw = bytes(mail("undisclosed-recipients:;", X_RcptTo="qa+x@example.com"))
    when = datetime(2026, 11, 30, tzinfo=UTC)

    plain = parse_rfc822(raw, id="1", account="qa@example.com", received_at=when)
    told = parse_rfc822(
        raw, id="1", account="qa@example.com", received_at=when, envelope_header="X-RcptTo"
    )

    assert plain.recipients == ()
    assert told.recipients == ("qa+x@example.com",)
