"""The built-in catcher (``otpmail catch``, ``otpmail_smtp``) can be reached from this
machine only, and the envelope-recipient header in the files it writes is its own.

A catcher's Maildir is what the tests trust for their codes and links: whoever can deliver
into it can hand a test a code. So it listens on loopback addresses only, and a sender's
``X-RcptTo`` (which the Maildir provider would otherwise read as a recipient, were it
last) never reaches the file.
"""

from __future__ import annotations

import email
import os
import smtplib
import subprocess
import sys
from pathlib import Path

import pytest

from catcher import builtin_catcher
from conftest import write_config
from otpmail import Reader
from otpmail._frontends._catch import CatcherError, loopback_host

MAILDIR_CONFIG = (
    "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
    "      path: maildir\n"
)


@pytest.mark.parametrize(
    "host", ["0.0.0.0", "::", "192.0.2.10", "10.0.0.1", "example.com", "127.0.0.1.nip.io", ""]
)
def test_the_catcher_refuses_to_listen_beyond_loopback(tmp_path: Path, host: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "otpmail", "catch", str(tmp_path / "maildir"), "--host", host],
        env={k: v for k, v in os.environ.items() if not k.startswith("OTPMAIL_")},
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 2, result.stderr
    assert "listens on loopback addresses only" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not (tmp_path / "maildir").exists()  # refused before anything was made
    with pytest.raises(CatcherError):
        loopback_host(host)


def test_loopback_addresses_are_what_the_catcher_takes() -> None:
    assert [loopback_host(h) for h in ("127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost")] == [
        "127.0.0.1",
        "127.3.2.1",
        "::1",
        "::1",
        "127.0.0.1",
    ]


@pytest.mark.loopback
async def test_the_catcher_writes_one_envelope_header_its_own(tmp_path: Path) -> None:
    reader = Reader(write_config(tmp_path, MAILDIR_CONFIG))
    # The sender's copies: several, one folded onto a second line, one in lower case.
    forged = (
        b"X-RcptTo: qa+forged@example.com\r\n"
        b"From: Acme <no-reply@acme.example>\r\nTo: undisclosed-recipients:;\r\n"
        b"X-MailFrom: bank@bank.example\r\n"
        b"X-RcptTo: qa+forged@example.com,\r\n qa+folded@example.com\r\n"
        b"x-rcptto: qa+forged@example.com\r\n"
        b"Subject: Your code\r\n\r\nYour code is 777777\r\n"
    )

    with builtin_catcher(tmp_path / "maildir") as port, smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.sendmail("no-reply@acme.example", ["qa+real@example.com"], forged)
    (file,) = (tmp_path / "maildir" / "new").iterdir()
    stored = email.message_from_bytes(file.read_bytes())
    real = await reader.read_emails("qa+real@example.com")
    claimed = [await reader.read_emails(f"qa+{t}@example.com") for t in ("forged", "folded")]

    assert stored.get_all("X-RcptTo") == ["qa+real@example.com"]
    assert stored.get_all("X-MailFrom") == ["no-reply@acme.example"]
    assert b"forged" not in file.read_bytes() and b"folded" not in file.read_bytes()
    assert real["status"] == "ok" and real["data"]["emails"][0]["code"] == "777777"
    assert [c["code"] for c in claimed] == ["no_emails_found", "no_emails_found"]
