"""The standard library's own email test messages (``Lib/test/test_email/data``), used as
input: each decodes without error and within the bounds, the way a person reads it.

They are read from this interpreter's test package, never copied into the repository;
interpreters packaged without their test suite (many Linux distributions split it out)
skip these tests with the reason. Each message is decoded directly and through Gmail's
``format=raw`` JSON (base64url, as ``GmailProvider`` decodes it); most of them carry no
recipient a Maildir read could be routed to.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from otpmail._core._bounds import DEFAULT_LIMITS, MAX_HEADER_CHARS, NON_BODY_MAX_CHARS, email_chars
from otpmail._decoding._email import Email
from otpmail._decoding._message import parse_rfc822
from otpmail._decoding._sanitize import sanitize_text


def _data_dir() -> Path | None:
    try:
        import test.test_email
    except ImportError:
        return None
    folder = Path(test.test_email.__file__).parent / "data"
    return folder if folder.is_dir() else None


DATA = _data_dir()
pytestmark = pytest.mark.skipif(
    DATA is None,
    reason="this Python ships without its test suite (test.test_email), whose messages "
    "these tests read; install it (e.g. Debian's libpython3-testsuite) to run them",
)
MESSAGES = sorted(p.name for p in DATA.glob("msg_*.txt")) if DATA else []
NOW = datetime(2026, 12, 1, tzinfo=UTC)


def decoded(name: str) -> Email:
    assert DATA is not None
    return parse_rfc822((DATA / name).read_bytes(), id="1", account="a@x.example", received_at=NOW)


def through_gmail_raw(name: str) -> Email:
    """The steps GmailProvider._get takes on a format=raw response."""
    assert DATA is not None
    response = json.loads(
        json.dumps(
            {
                "id": "18c2f0a9d4b1e7aa",
                "internalDate": str(int(NOW.timestamp() * 1000)),
                "raw": base64.urlsafe_b64encode((DATA / name).read_bytes()).decode().rstrip("="),
            }
        )
    )
    raw = response["raw"]
    blob = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
    received = datetime.fromtimestamp(int(response["internalDate"]) / 1000, tz=UTC)
    return parse_rfc822(blob, id=response["id"], account="a@x.example", received_at=received)


def test_the_interpreter_ships_the_messages_these_tests_read() -> None:
    assert len(MESSAGES) >= 40


@pytest.mark.parametrize("name", MESSAGES)
def test_every_standard_library_message_decodes_within_the_bounds(name: str) -> None:
    email = decoded(name)
    for value in (email.sender, email.to, email.subject, email.date, email.body):
        assert sanitize_text(value) == value
        value.encode("utf-8")
    assert max(len(email.sender), len(email.to), len(email.subject)) <= MAX_HEADER_CHARS
    assert len(email.body) <= DEFAULT_LIMITS.body_chars
    assert email_chars(email.to_dict()) <= DEFAULT_LIMITS.body_chars + NON_BODY_MAX_CHARS
    assert through_gmail_raw(name).to_dict() == {**email.to_dict(), "id": "18c2f0a9d4b1e7aa"}


# What a person reads in a mail client, for the messages that have something to read.
EXPECTED = {
    "msg_01.txt": (
        "bbb@ddd.com",
        "This is a test message",
        "Hi,\n\nDo you like this message?\n\n-Me",
    ),
    "msg_04.txt": (
        "barry@python.org",
        "a simple multipart",  # two inline parts, both shown (issue 17)
        "a simple kind of mirror\nto reflect upon our own\n\n"
        "a simple kind of mirror\nto reflect upon our own",
    ),
    "msg_07.txt": (
        "Barry <barry@digicool.com>",
        "Here is your dingus fish",
        "Hi there,\n\nThis is the dingus fish.",
    ),
    "msg_10.txt": (  # five inline parts in five transfer encodings, all shown
        "Barry Warsaw <barry@python.org>",
        "Lyrics",
        "This is a 7bit encoded message.\n\n¡This is a Quoted Printable encoded message!\n\n"
        "This is a Base64 encoded message.\n\nThis is a Base64 encoded message.\n\n"
        "This has no Content-Transfer-Encoding: header.",
    ),
    # declared multipart, but the boundary never occurs: a client shows the text
    "msg_17.txt": (
        "Barry <barry@digicool.com>",
        "Here is your dingus fish",
        "Hi there,\n\nThis is the dingus fish.\n\n"
        "[Non-text (image/gif) part of message omitted, filename dingusfish.gif]",
    ),
    "msg_21.txt": ("aperson@dom.ain", "Test", "One\n\nTwo"),
    "msg_32.txt": (
        "Anne Person <aperson@example.com>",
        "Re: Limiting Perl CPU Utilization...",
        "Some message.",
    ),
    "msg_35.txt": (
        "aperson@dom.ain",
        "here's something interesting",
        "counter to RFC 2822, there's no separating newline here",
    ),
    "msg_41.txt": (
        "Allison Dunlap <xxx@example.com>",
        "64423",
        "Blah blah blah",
    ),  # no boundary parameter
    "msg_45.txt": ("foo@bar.baz", "test", "This is the signed contents."),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_standard_library_messages_read_as_a_person_reads_them(name: str) -> None:
    sender, subject, body = EXPECTED[name]
    email = decoded(name)
    assert (email.sender, email.subject, email.body) == (sender, subject, body)


@pytest.mark.parametrize(
    ("name", "attachments"),
    [
        ("msg_07.txt", [("dingusfish.gif", "image/gif")]),
        ("msg_22.txt", [("wibble.JPG", "image/jpeg"), ("wibble2.JPG", "image/jpeg")]),
        ("msg_26.txt", [("clock.bmp", "application/riscos")]),
        ("msg_45.txt", [("signature.asc", "application/pgp-signature")]),
    ],
)
def test_standard_library_attachments_are_listed_by_name_and_type(
    name: str, attachments: list[tuple[str, str]]
) -> None:
    assert [(a.name, a.content_type) for a in decoded(name).attachments] == attachments


def test_a_bounce_from_the_null_sender_shows_the_name_only() -> None:
    email = decoded("msg_43.txt")
    assert (email.sender, email.sender_addresses) == ("MAILER DAEMON", ())
