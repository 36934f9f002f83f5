"""The Maildir provider through the public contract, and the documented SMTP-catcher recipe."""

from __future__ import annotations

import contextlib
import itertools
import mailbox
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest

from catcher import aiosmtpd_process, send
from conftest import EXAMPLE_CONFIG, write_config
from otpmail import Reader


def message(
    to: str, subject: str = "Your code", body: str = "Your code is 123456", **headers: str
) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = headers.pop("sender", "Acme <no-reply@acme.example>")
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2026, 11, 30, 9, 0, tzinfo=UTC))
    msg["Message-ID"] = headers.pop(
        "message_id", f"<{abs(hash((to, subject, body)))}@acme.example>"
    )
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg


_DELIVERIES = itertools.count(1)


def deliver(box: Path, msg: EmailMessage, at: datetime) -> str:
    """Deliver like an MTA does: the file name carries the delivery time."""
    stamp = at.timestamp()
    # A unique delivery number, as an MTA's: two messages at one instant never share a name.
    name = f"{int(stamp)}.M{round(stamp % 1 * 1e6):06d}P1Q{next(_DELIVERIES)}.test"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True, exist_ok=True)
    (box / "new" / name).write_bytes(bytes(msg))
    return name


@pytest.fixture
def box(tmp_path: Path) -> Path:
    return tmp_path / "box"


@pytest.fixture
def reader(tmp_path: Path, box: Path) -> Iterator[Reader]:
    yield Reader(
        write_config(
            tmp_path,
            f"email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: {box.name}\n",
        )
    )


def subjects(envelope: dict[str, object]) -> list[str]:
    assert envelope["status"] == "ok", envelope
    return [e["subject"] for e in envelope["data"]["emails"]]  # type: ignore[index]


async def test_default_mode_returns_up_to_ten_newest_first(reader: Reader, box: Path) -> None:
    start = datetime.now(UTC) - timedelta(hours=1)
    for i in range(12):
        deliver(
            box, message("qa@example.com", subject=f"code {i:02d}"), start + timedelta(minutes=i)
        )

    names = subjects(await reader.read_emails("qa@example.com"))

    assert names == [f"code {i:02d}" for i in range(11, 1, -1)]


async def test_latest_is_the_newest_delivery_not_the_newest_date_header(
    reader: Reader, box: Path
) -> None:
    now = datetime.now(UTC)
    late = message("qa@example.com", subject="delivered last")
    late.replace_header("Date", format_datetime(now - timedelta(days=3)))
    deliver(box, message("qa@example.com", subject="delivered first"), now - timedelta(minutes=2))
    deliver(box, late, now - timedelta(minutes=1))

    assert subjects(await reader.read_emails("qa@example.com", latest=True)) == ["delivered last"]


async def test_the_envelope_has_exactly_the_specified_keys_plus_documented_extras(
    reader: Reader, box: Path
) -> None:
    at = datetime(2026, 11, 30, 9, 0, 5, 250000, tzinfo=UTC)
    name = deliver(box, message("qa@example.com"), at)

    envelope = await reader.read_emails("qa@example.com")

    assert set(envelope) == {"status", "data"}
    assert set(envelope["data"]) == {"emails"}
    (email,) = envelope["data"]["emails"]
    assert email == {
        "from": "Acme <no-reply@acme.example>",
        "to": "qa@example.com",
        "subject": "Your code",
        "date": "Mon, 30 Nov 2026 09:00:00 +0000",
        "body": "Your code is 123456",
        "id": name,
        "received_at": "2026-11-30T09:00:05.250000Z",
        "account": "qa@example.com",
        "attachments": [],
        # A local catcher writes no verdict, and no MTA is named as trusted.
        "authentication": {
            "authenticated": False,
            "checked": False,
            "authserv_id": None,
            "spf": None,
            "dkim": None,
            "dmarc": None,
            "mailed_by": None,
            "signed_by": None,
            "header_from": None,
            "dkim_aligned": None,
        },
        "code": "123456",
        "links": [],
    }


async def test_the_look_back_is_exact_to_the_second(reader: Reader, box: Path) -> None:
    now = datetime.now(UTC)
    deliver(box, message("qa@example.com", subject="inside"), now - timedelta(seconds=50))
    deliver(box, message("qa@example.com", subject="outside"), now - timedelta(seconds=62))

    assert subjects(await reader.read_emails("qa@example.com", after="60s")) == ["inside"]
    assert (await reader.read_emails("qa@example.com", after="60s", count=True))["data"] == {
        "count": 1
    }


async def test_the_recipient_must_be_in_to_cc_or_delivered_to_exactly(
    reader: Reader, box: Path
) -> None:
    at = datetime.now(UTC) - timedelta(minutes=5)
    deliver(box, message("qa+a@example.com", subject="to tag a"), at)
    deliver(box, message("other@example.com", subject="cc", Cc="QA+A@example.com"), at)
    deliver(
        box, message("list@example.com", subject="delivered", Delivered_To="qa+a@example.com"), at
    )
    deliver(box, message("qa+b@example.com", subject="to tag b"), at)
    deliver(box, message("qa@example.com", subject="untagged"), at)
    deliver(box, message("x@example.com", subject="body only", body="for qa+a@example.com"), at)

    assert sorted(subjects(await reader.read_emails("qa+a@example.com"))) == [
        "cc",
        "delivered",
        "to tag a",
    ]


async def test_sender_and_subject_filters_narrow(reader: Reader, box: Path) -> None:
    at = datetime.now(UTC) - timedelta(minutes=5)
    deliver(box, message("qa@example.com", subject="Your Acme code"), at)
    deliver(
        box,
        message("qa@example.com", subject="Your  ACME   code!", sender="x@mail.acme.example"),
        at,
    )
    deliver(box, message("qa@example.com", subject="Welcome", sender="hi@acme.example"), at)

    by_sender = await reader.read_emails("qa@example.com", sender="no-reply@acme.example")
    by_domain = await reader.read_emails("qa@example.com", sender="acme.example")
    by_subject = await reader.read_emails("qa@example.com", subject="acme code")

    assert subjects(by_sender) == ["Your Acme code"]
    assert sorted(subjects(by_domain)) == ["Welcome", "Your Acme code"]
    assert sorted(subjects(by_subject)) == ["Your ACME code!", "Your Acme code"]


async def test_nothing_found_is_no_emails_found_but_count_is_zero(
    reader: Reader, box: Path
) -> None:
    deliver(box, message("qa@example.com"), datetime.now(UTC))

    found = await reader.read_emails("qa@example.com", sender="nobody@example.org")
    counted = await reader.read_emails("qa@example.com", sender="nobody@example.org", count=True)

    assert found["status"] == "error"
    assert found["error"].startswith("NO_EMAILS_FOUND: ")
    assert "sender=nobody@example.org" in found["error"]
    assert found["retryable"] is True
    assert counted == {"status": "ok", "data": {"count": 0}}


async def test_count_counts_every_match_not_just_ten(reader: Reader, box: Path) -> None:
    start = datetime.now(UTC) - timedelta(hours=2)
    for i in range(25):
        deliver(box, message("qa@example.com", subject=f"m{i}"), start + timedelta(minutes=i))

    assert await reader.read_emails("qa@example.com", count=True, latest=True) == {
        "status": "ok",
        "data": {"count": 25},
    }


async def test_the_same_message_delivered_twice_is_returned_once(reader: Reader, box: Path) -> None:
    at = datetime.now(UTC) - timedelta(minutes=5)
    deliver(box, message("qa@example.com", message_id="<same@acme.example>"), at)
    deliver(
        box, message("qa@example.com", message_id="<same@acme.example>"), at + timedelta(seconds=1)
    )

    assert len(subjects(await reader.read_emails("qa@example.com"))) == 1


async def test_a_malformed_message_reads_as_an_empty_body_not_a_failure(
    reader: Reader, box: Path
) -> None:
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True, exist_ok=True)
    raw = (
        b'To: qa@example.com\r\nSubject: broken\r\nContent-Type: multipart/alternative; boundary="\r\n'
        b"Content-Transfer-Encoding: base64\r\n\r\n--\xff\xfe==not base64\r\n"
    )
    (box / "new" / f"{int(time.time())}.M1P1Q1.test").write_bytes(raw)

    envelope = await reader.read_emails("qa@example.com")

    assert subjects(envelope) == ["broken"]
    assert isinstance(envelope["data"]["emails"][0]["body"], str)


async def test_a_folder_of_eml_files_is_read_with_file_times(tmp_path: Path) -> None:
    folder = tmp_path / "eml"
    folder.mkdir()
    (folder / "a.eml").write_bytes(bytes(message("qa@example.com", subject="from an eml file")))
    reader = Reader(
        write_config(
            tmp_path,
            "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: eml\n",
        )
    )

    assert subjects(await reader.read_emails("qa@example.com", after="1m")) == ["from an eml file"]


async def test_a_missing_maildir_is_not_configured(tmp_path: Path) -> None:
    reader = Reader(
        write_config(
            tmp_path,
            "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: nowhere\n",
        )
    )

    envelope = await reader.read_emails("qa@example.com")

    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert "nowhere" in envelope["error"]


async def test_the_bundled_example_mailbox_holds_a_verification_mail() -> None:
    async with Reader.from_file(EXAMPLE_CONFIG) as reader:
        envelope = await reader.read_emails("otp@example.test", sender="acme.example", latest=True)

    (email,) = envelope["data"]["emails"]
    assert email["subject"] == "Your Acme verification code"
    assert "482913" in email["body"]


@contextlib.contextmanager
def smtp_catcher(maildir: Path) -> Iterator[Callable[[EmailMessage], None]]:
    """aiosmtpd's own ``Mailbox`` handler, ``python -m aiosmtpd -n -l 127.0.0.1:PORT -c
    aiosmtpd.handlers.Mailbox ./maildir``, on a free port; yields a function that sends one
    message to it with ``smtplib``."""
    with aiosmtpd_process(maildir) as port:
        yield lambda msg: send(port, msg)


@pytest.mark.loopback
async def test_the_documented_smtp_catcher_recipe_delivers_mail_otpmail_reads(
    tmp_path: Path,
) -> None:
    """``python -m aiosmtpd -n -l 127.0.0.1:PORT -c aiosmtpd.handlers.Mailbox ./maildir``,
    then ``smtplib`` sends a verification mail and ``read_emails`` finds it."""
    maildir = tmp_path / "maildir"
    with smtp_catcher(maildir) as send:
        send(message("qa+e2e@example.com", subject="Sign-up code", body="Your code is 918273"))
        reader = Reader(
            write_config(
                tmp_path,
                "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: maildir\n",
            )
        )

        envelope = await reader.read_emails("qa+e2e@example.com", after="1m", latest=True)

    (email,) = envelope["data"]["emails"]
    assert email["subject"] == "Sign-up code"
    assert email["body"] == "Your code is 918273"
    assert len(list(mailbox.Maildir(maildir, create=False).keys())) == 1
