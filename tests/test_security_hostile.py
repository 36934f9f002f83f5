"""A stranger's mail cannot stall a read (issue 15): each mail of ``tests/hostile_mail.py``
is read within bounded work, or skipped unread with a warning, and the reads around it go
on.

"Bounded work" is counted, not timed (timing is ``bench/hostile_mail.py``'s job): the
characters the HTML converter writes, the length of every value the standard library's
structured header parser is handed, and the message objects the MIME parser creates. On
the code before issue 15 these counts grew with the nesting, the parameter list and the
part count: 8 million characters for 2,000 nested lists, a 45 KB ``Content-Type`` parsed
a dozen times, 300,001 message objects.
"""

from __future__ import annotations

import email.headerregistry
import email.message
import logging
import smtplib
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import html2text
import pytest

from catcher import smtp_catcher
from conftest import gmail_reader, write_config
from fakes.gmail import FakeGmail
from gmail_cassettes import quick_key
from hostile_mail import HOSTILE, OTHER, RECIPIENT, Hostile
from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    MAX_ADDRESS_PARSE_CHARS,
    MAX_ADDRESS_PARSE_TOTAL,
    MAX_HTML_NESTING,
    MAX_MIME_FIELD_CHARS,
    MAX_MIME_PARTS,
    html_output_chars,
)
from otpmail._core._errors import OtpmailError
from otpmail._decoding import _html
from otpmail._decoding._message import parse_rfc822
from otpmail._providers._maildir_prefilter import HEAD_BYTES, learn
from otpmail._reading._reader import Reader

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
ADDRESS_FIELDS = frozenset({"from", "to", "cc", "bcc", "delivered-to", "reply-to", "sender"})
# The most one write of the converter adds past its budget: one piece of text
# (_html._DATA_CHUNK characters), each of its line breaks followed by the deepest quote
# marks, or one list marker at the deepest indentation.
PIECE = _html._DATA_CHUNK * (MAX_HTML_NESTING + 3)
LEGIT = (
    b"From: Acme <no-reply@acme.example>\r\nTo: " + RECIPIENT.encode() + b"\r\n"
    b"Subject: Your code\r\nDate: Tue, 01 Dec 2026 09:59:00 +0000\r\n"
    b"Message-ID: <legit@acme.example>\r\n\r\nYour code is 123456\r\n"
)


@dataclass
class Work:
    """What the decoder did, counted at the standard library's and html2text's seams."""

    html_chars: int = 0
    parsed: list[tuple[str, int]] = field(default_factory=list)
    """(header name, value length) of every structured header parse."""
    messages: int = 0
    """Message objects created (the message, its parts, attached messages)."""

    def longest(self, names: frozenset[str] | None = None, prefix: str = "") -> int:
        return max(
            (
                n
                for name, n in self.parsed
                if (names is None or name in names) and name.startswith(prefix)
            ),
            default=0,
        )


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    counted = Work()
    write = html2text.HTML2Text.outtextf
    parse = email.headerregistry.HeaderRegistry.__call__
    create = email.message.Message.__init__

    def counting_write(self: Any, s: str) -> None:
        counted.html_chars += len(s)
        write(self, s)

    def counting_parse(self: Any, name: str, value: str) -> Any:
        counted.parsed.append((name.lower(), len(value)))
        return parse(self, name, value)

    def counting_create(self: Any, *args: Any, **kwargs: Any) -> None:
        counted.messages += 1
        create(self, *args, **kwargs)

    monkeypatch.setattr(html2text.HTML2Text, "outtextf", counting_write)
    monkeypatch.setattr(email.headerregistry.HeaderRegistry, "__call__", counting_parse)
    monkeypatch.setattr(email.message.Message, "__init__", counting_create)
    yield counted


def decode(raw: bytes) -> Any:
    return parse_rfc822(raw, id="hostile", account=RECIPIENT, received_at=NOW)


@pytest.mark.parametrize("mail", HOSTILE, ids=[h.name for h in HOSTILE])
def test_every_hostile_mail_is_decoded_within_bounded_work_or_refused_unread(
    mail: Hostile, work: Work
) -> None:
    raw = mail.build()
    assert len(raw) < DEFAULT_LIMITS.response_bytes  # no size check stops it first

    if mail.kind == "skipped":
        with pytest.raises(OtpmailError) as caught:
            decode(raw)
        assert caught.value.code == "bad_response"
        assert caught.value.message.startswith("unreadable message: ")
        assert "Mallory" not in caught.value.message and "evil" not in caught.value.message
    else:
        e = decode(raw)
        assert len(e.body) <= DEFAULT_LIMITS.body_chars
        assert e.sender or e.subject  # the message was read, not emptied
        assert e.body_omitted == (mail.kind == "cut")  # a parse stopped at a cap says so

    # The work, whatever the outcome: text written, header values parsed, parts created.
    assert work.html_chars <= html_output_chars(DEFAULT_LIMITS) + PIECE
    assert work.longest(prefix="content-") <= MAX_MIME_FIELD_CHARS
    assert work.longest(ADDRESS_FIELDS) <= MAX_ADDRESS_PARSE_CHARS
    # The message's own address fields, and all its attached messages' header fields,
    # each within MAX_ADDRESS_PARSE_TOTAL (the message's From may pass it by one field).
    addresses = sum(n for name, n in work.parsed if name in ADDRESS_FIELDS)
    assert addresses <= 2 * MAX_ADDRESS_PARSE_TOTAL + MAX_ADDRESS_PARSE_CHARS
    assert work.messages <= MAX_MIME_PARTS + 1


def test_the_catalogue_aims_at_every_amplifier_of_issue_15() -> None:
    """Lists, quotes, preformatted text, tables, entities, nested inline tags (item 1);
    long parameter lists, many parts, many fields, deep nesting (item 2)."""
    names = {h.name for h in HOSTILE}
    for needed in (
        "html-lists-2000",
        "html-lists-8000",
        "html-lists-20000",
        "html-blockquotes-19000",
        "html-pre-in-quotes",
        "html-tables",
        "html-entities",
        "html-inline-tags",
        "content-type-46k",
        "parts-300000-empty",
        "header-fields-200000",
        "nesting-300-deep",
    ):
        assert needed in names
    html_bodies = [h for h in HOSTILE if h.name.startswith("html-")]
    for mail in html_bodies:  # each body within raw_body_chars: none is omitted unconverted
        assert not decode(mail.build()).body_omitted, mail.name


def deliver(box: Path, raw: bytes, name: str) -> None:
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True, exist_ok=True)
    (box / "new" / name).write_bytes(raw)


def maildir_reader(folder: Path) -> Reader:
    return Reader(
        write_config(
            folder,
            "email:\n  mailboxes:\n    - provider: maildir\n"
            f"      address: {RECIPIENT}\n      path: box\n",
        )
    )


def _unjudged(raw: bytes) -> bool:
    """Whether the Maildir prefilter must parse ``raw`` to tell its recipients."""
    return learn(raw[:HEAD_BYTES], len(raw) < HEAD_BYTES) is None


async def test_a_read_skips_every_unreadable_mail_with_a_warning_and_answers_with_the_rest(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One Maildir holding every hostile mail of the catalogue (all to someone else) and a
    verification mail: the read answers with the verification mail without parsing any of
    them (they cannot match); a read for their recipient parses them, and names each
    skipped mail in a warning."""
    box = tmp_path / "box"
    stamp = int(time.time())
    deliver(box, LEGIT, f"{stamp - 60}.M1P1.legit")
    skipped = []
    unjudged = []  # header blocks past what the Maildir prefilter reads: parsed to be judged
    for i, mail in enumerate(HOSTILE):
        key = f"{stamp}.M{i + 2}P1.{mail.name}"
        raw = mail.build()
        deliver(box, raw, key)
        if mail.kind == "skipped":
            skipped.append(key)
            if _unjudged(raw):
                unjudged.append(key)
    caplog.set_level(logging.WARNING, logger="otpmail")

    async with maildir_reader(tmp_path) as reader:
        envelope = await reader.read_emails(RECIPIENT)
        unwarned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        caplog.clear()
        counted = await reader.read_emails(OTHER, count=True)

    assert envelope["status"] == "ok", envelope
    (email,) = envelope["data"]["emails"]
    assert email["body"] == "Your code is 123456"
    # Mail for someone else is skipped unparsed (issue 14) unless its header block is too
    # large for the prefilter to judge: then it is parsed, refused and named.
    assert sorted(unwarned) == sorted(
        w for w in unwarned if any(f"skipped message {key}: unreadable" in w for key in unjudged)
    )
    assert len(unwarned) == len(unjudged)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    for key in skipped:
        assert any(f"skipped message {key}: unreadable message" in w for w in warned), key
    assert len(warned) == len(skipped)
    assert counted["status"] == "ok", counted  # the rest are read (one per Message-ID)


# Hostile mails the catcher itself stores quickly (aiosmtpd parses each message with the
# standard library before it writes it, so 300,000 parts would stall the catcher, not
# otpmail); together they cover the HTML converter and the header caps.
SMTP_MAILS = ("html-lists-20000", "html-blockquotes-19000", "content-type-46k", "cc-1mb")


@pytest.mark.loopback
async def test_hostile_mail_sent_over_smtp_does_not_stall_the_read_of_a_verification_mail(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The user's flow: the README's catcher (aiosmtpd's ``Mailbox`` handler); an attacker
    sends hostile mail to another address of the same catcher, the application sends a
    verification mail, and ``read_emails`` answers with it — on the code before issue 15
    the read answered ``deadline_exceeded`` after 30 s (the 20,000 nested lists alone took
    70 s)."""
    by_name = {h.name: h for h in HOSTILE}
    with (
        smtp_catcher(tmp_path / "box") as port,
        smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp,
    ):
        for name in SMTP_MAILS:
            smtp.sendmail("mallory@evil.example", [OTHER], by_name[name].build())
        smtp.sendmail("no-reply@acme.example", [RECIPIENT], LEGIT)
    caplog.set_level(logging.WARNING, logger="otpmail")

    envelope = await maildir_reader(tmp_path).read_emails(RECIPIENT, after="5m")

    assert envelope["status"] == "ok", envelope
    (email,) = envelope["data"]["emails"]
    assert email["body"] == "Your code is 123456"
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    # Refused and named: the skipped mails whose header block is too large for the Maildir
    # prefilter to see that they are for someone else (the others are never parsed).
    expected = sum(
        by_name[n].kind == "skipped" and _unjudged(by_name[n].build()) for n in SMTP_MAILS
    )
    assert expected >= 1
    assert len([w for w in warned if "unreadable message" in w]) == expected


async def test_gmail_skips_an_unreadable_message_with_a_warning_and_reads_the_others(
    tmp_path: Path, service_account_info: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """The same rule on Gmail (``format=raw`` goes through the same decoder): the hostile
    message is skipped with a warning naming its id; when it is the only match, the read
    fails as a read whose every fetch failed does (``bad_response``, retryable: the mail
    being waited for may still come)."""
    upstream = FakeGmail()
    reader = gmail_reader(tmp_path, quick_key(service_account_info), upstream, address=RECIPIENT)
    hostile = {h.name: h for h in HOSTILE}["content-type-semicolons"].build()
    bad = upstream.deliver(hostile.replace(OTHER.encode(), RECIPIENT.encode()))
    good = upstream.deliver(LEGIT)
    caplog.set_level(logging.WARNING, logger="otpmail")

    both = await reader.read_emails(RECIPIENT)
    upstream.remove(good)
    alone = await reader.read_emails(RECIPIENT)
    await reader.aclose()

    assert [e["id"] for e in both["data"]["emails"]] == [good]
    assert any(
        f"skipped message {bad}: unreadable message" in r.getMessage() for r in caplog.records
    )
    assert (alone["status"], alone["code"], alone["retryable"]) == ("error", "bad_response", True)
    assert "unreadable message: a Content-* header field of more than" in alone["error"]
