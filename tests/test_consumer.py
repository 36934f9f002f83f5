"""A Consumer (``Reader.consumer()``): waits that never hand out the same mail twice, and
the envelope shapes published in ``otpmail.types``."""

from __future__ import annotations

import asyncio
import mailbox
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLE_CONFIG, write_config
from otpmail import Consumer, Reader
from otpmail.types import EmailDict, EmailsData, ErrorEnvelope, OkCount, OkEmails


@pytest.fixture
def box(tmp_path: Path) -> mailbox.Maildir:
    return mailbox.Maildir(tmp_path / "box", create=True)


@pytest.fixture
def reader(tmp_path: Path, box: mailbox.Maildir) -> Reader:
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        "      path: box\n",
    )
    return Reader(config)


def send(box: mailbox.Maildir, body: str, to: str = "qa+c@example.com") -> None:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Subject"] = "Your code"
    message.set_content(body)
    box.add(mailbox.MaildirMessage(message))


def code(envelope: dict[str, Any]) -> str:
    assert envelope["status"] == "ok", envelope
    return str(envelope["data"]["emails"][0]["code"])


async def test_a_consumer_never_gets_the_same_mail_twice(
    reader: Reader, box: mailbox.Maildir
) -> None:
    send(box, "Your code is 111111")
    consumer = reader.consumer()

    first = await consumer.wait_for_email("qa+c@example.com", timeout=5)
    again = await consumer.wait_for_email("qa+c@example.com", timeout=0.5)
    plain = await reader.wait_for_email("qa+c@example.com", timeout=5)

    assert code(first) == code(plain) == "111111"  # a Reader hands it out again
    assert again["code"] == "no_emails_found"
    assert "1 matching message(s) were left out: this test already got them" in again["error"]
    await reader.aclose()


async def test_a_consumers_next_wait_gets_the_resent_mail(
    reader: Reader, box: mailbox.Maildir
) -> None:
    consumer = reader.consumer()
    send(box, "Your code is 111111")
    assert code(await consumer.wait_for_email("qa+c@example.com", timeout=5)) == "111111"

    later = asyncio.get_running_loop().call_later(0.3, send, box, "Your code is 222222")
    second = await consumer.wait_for_email("qa+c@example.com", timeout=5)

    later.cancel()
    assert code(second) == "222222"
    await reader.aclose()


async def test_two_expectations_of_a_consumer_get_one_mail_each_in_order(
    reader: Reader, box: mailbox.Maildir
) -> None:
    consumer = reader.consumer()
    async with (
        consumer.expect_email("qa+c@example.com", poll_interval=0.05) as first,
        consumer.expect_email("qa+c@example.com", poll_interval=0.05) as second,
    ):
        send(box, "Your code is 111111")
        send(box, "Your code is 222222")

    assert sorted([code(await first.value(5)), code(await second.value(5))]) == [
        "111111",
        "222222",
    ]
    assert code(await first.value(5)) != code(await second.value(5))
    await reader.aclose()


def test_a_consumer_is_public_and_knows_its_reader() -> None:
    reader = Reader(EXAMPLE_CONFIG)
    consumer = reader.consumer()

    assert isinstance(consumer, Consumer)
    assert consumer.reader is reader
    assert Consumer.__module__ == "otpmail"


def keys(shape: Any) -> tuple[frozenset[str], frozenset[str]]:
    return shape.__required_keys__, shape.__optional_keys__


def conforms(value: dict[str, Any], shape: Any) -> None:
    required, optional = keys(shape)
    assert required <= value.keys() <= required | optional, (sorted(value), shape.__name__)


async def test_the_envelopes_have_the_published_shapes(
    reader: Reader, box: mailbox.Maildir
) -> None:
    send(box, "Your code is 111111, https://acme.example/verify?t=1")
    emails = await reader.read_emails("qa+c@example.com")
    count = await reader.read_emails("qa+c@example.com", count=True)
    failed = await reader.read_emails("qa+c@example.com", after="nonsense")
    later = asyncio.get_running_loop().call_later(
        0.1, send, box, "Not for you", "qa+other@example.com"
    )
    timed_out = await reader.consumer().wait_for_email(
        "qa+c@example.com", sender="nobody.example", poll_interval=0.05, timeout=0.6
    )
    later.cancel()

    conforms(emails, OkEmails)
    conforms(emails["data"], EmailsData)
    conforms(emails["data"]["emails"][0], EmailDict)
    assert emails["data"]["emails"][0]["links"][0].keys() == {"url", "text"}
    conforms(count, OkCount)
    conforms(failed, ErrorEnvelope)
    conforms(timed_out, ErrorEnvelope)
    assert "arrived" in timed_out
    assert timed_out["arrived"][0].keys() == {"from", "to", "subject", "received_at"}
    await reader.aclose()
