"""Waiting for new mail: wait_for_email, expect_email, the shared poll stream."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import write_config
from otpmail import Reader, wait_for_email_sync
from otpmail._config import Mailbox, MaildirMailbox
from otpmail._criteria import Criteria
from otpmail._message import Email
from otpmail._providers._maildir import MaildirProvider
from test_maildir import deliver, message

FAST = 0.05


class CountingMaildir(MaildirProvider):
    """The real Maildir provider, counting the calls a wait makes and the bodies it reads."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        super().__init__(mailbox)
        self.calls: Counter[str] = Counter()
        self.bodies: Counter[str] = Counter()

    async def search(self, criteria: Criteria) -> list[Email]:
        self.calls["search"] += 1
        found = await super().search(criteria)
        self.bodies.update(e.id for e in found)
        return found

    async def cursor(self) -> object:
        self.calls["cursor"] += 1
        return await super().cursor()

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        self.calls["changes"] += 1
        emails, after = await super().changes(cursor, since, known)
        self.bodies.update(e.id for e in emails)
        return emails, after


@pytest.fixture
def box(tmp_path: Path) -> Path:
    path = tmp_path / "box"
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True)
    return path


@pytest.fixture
def config(tmp_path: Path, box: Path) -> Path:
    return write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: box\n",
    )


@pytest.fixture
def providers() -> list[CountingMaildir]:
    return []


@pytest.fixture
def reader(config: Path, providers: list[CountingMaildir]) -> Reader:
    def factory(mailbox: Mailbox) -> CountingMaildir:
        assert isinstance(mailbox, MaildirMailbox)
        provider = CountingMaildir(mailbox)
        providers.append(provider)
        return provider

    return Reader(config, provider_factory=factory)


async def deliver_later(box: Path, delay: float, **kwargs: Any) -> None:
    await asyncio.sleep(delay)
    to = kwargs.pop("to", "qa+w@example.com")
    deliver(box, message(to, **kwargs), datetime.now(UTC))


async def test_returns_the_mail_that_arrives_during_the_wait(reader: Reader, box: Path) -> None:
    sender = asyncio.create_task(deliver_later(box, 0.3, subject="Your code", body="Code 551122"))

    envelope = await reader.wait_for_email("qa+w@example.com", timeout=5, poll_interval=FAST)
    await sender

    (email,) = envelope["data"]["emails"]
    assert email["body"] == "Code 551122"


async def test_never_returns_an_older_mail_and_says_what_it_looked_for(
    reader: Reader, box: Path
) -> None:
    deliver(
        box, message("qa+w@example.com", subject="yesterday"), datetime.now(UTC) - timedelta(days=1)
    )
    other = asyncio.create_task(
        deliver_later(box, 0.1, to="someone@example.com", subject="not for us")
    )

    begin = time.monotonic()
    envelope = await reader.wait_for_email(
        "qa+w@example.com", sender="acme.example", timeout=0.6, poll_interval=FAST
    )
    waited = time.monotonic() - begin
    await other

    assert envelope["status"] == "error"
    assert envelope["error"].startswith(
        "NO_EMAILS_FOUND: no email matching to=qa+w@example.com sender=acme.example"
    )
    assert "arrived within 1s since" in envelope["error"]
    assert "1 other message(s) arrived" in envelope["error"]
    assert envelope["retryable"] is True
    assert [(a["to"], a["subject"]) for a in envelope["arrived"]] == [
        ("someone@example.com", "not for us")
    ]
    assert 0.6 <= waited < 2.0


async def test_a_mail_that_arrived_just_before_the_call_is_found_at_once(
    reader: Reader, box: Path
) -> None:
    deliver(
        box,
        message("qa+w@example.com", subject="just now"),
        datetime.now(UTC) - timedelta(seconds=2),
    )

    begin = time.monotonic()
    envelope = await reader.wait_for_email("qa+w@example.com", timeout=5, poll_interval=FAST)

    assert envelope["data"]["emails"][0]["subject"] == "just now"
    assert time.monotonic() - begin < 1


async def test_an_explicit_since_excludes_earlier_mail(reader: Reader, box: Path) -> None:
    deliver(
        box, message("qa+w@example.com", subject="before"), datetime.now(UTC) - timedelta(seconds=2)
    )
    later = asyncio.create_task(deliver_later(box, 0.2, subject="after"))

    envelope = await reader.wait_for_email(
        "qa+w@example.com", since=datetime.now(UTC), timeout=5, poll_interval=FAST
    )
    await later

    assert envelope["data"]["emails"][0]["subject"] == "after"


async def test_expect_email_ignores_mail_that_was_there_before_the_block(
    reader: Reader, box: Path
) -> None:
    deliver(box, message("qa+w@example.com", subject="old"), datetime.now(UTC))

    async with reader.expect_email("qa+w@example.com", poll_interval=FAST) as pending:
        deliver(
            box, message("qa+w@example.com", subject="triggered by the click"), datetime.now(UTC)
        )
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "triggered by the click"


async def test_expect_email_trusts_the_marker_not_the_clock(reader: Reader, box: Path) -> None:
    """A delivery stamp from a clock running ten minutes slow still counts after the marker."""
    async with reader.expect_email("qa+w@example.com", poll_interval=FAST) as pending:
        deliver(
            box,
            message("qa+w@example.com", subject="skewed"),
            datetime.now(UTC) - timedelta(minutes=10),
        )
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "skewed"


async def test_expect_email_reports_bad_arguments_from_value(reader: Reader) -> None:
    async with reader.expect_email("not an address") as pending:
        pass

    envelope = await pending.value(timeout=1)

    assert envelope["error"].startswith("INVALID: ")


async def test_ten_waiters_share_one_poll_stream(
    reader: Reader, box: Path, providers: list[CountingMaildir]
) -> None:
    async def one(i: int) -> dict[str, Any]:
        return await reader.wait_for_email(f"qa+t{i}@example.com", timeout=0.8, poll_interval=0.1)

    alone = await reader.wait_for_email("qa+solo@example.com", timeout=0.8, poll_interval=0.1)
    solo_changes = providers[0].calls["changes"]
    providers[0].calls.clear()

    results = await asyncio.gather(*(one(i) for i in range(10)))

    assert alone["code"] == "no_emails_found"
    assert all(r["code"] == "no_emails_found" for r in results)
    assert len(providers) == 1
    # The same polls serve every waiter: within one or two of a single waiter's count.
    assert providers[0].calls["changes"] <= solo_changes + 2
    assert providers[0].calls["cursor"] == 0


async def test_each_waiter_gets_its_own_mail_from_the_shared_stream(
    reader: Reader, box: Path
) -> None:
    async def wait(tag: str) -> str:
        envelope = await reader.wait_for_email(
            f"qa+{tag}@example.com", timeout=5, poll_interval=FAST
        )
        return str(envelope["data"]["emails"][0]["body"])

    waits = [asyncio.create_task(wait(t)) for t in ("a", "b", "c")]
    await asyncio.sleep(0.2)
    for tag in ("c", "a", "b"):
        deliver(box, message(f"qa+{tag}@example.com", body=f"code for {tag}"), datetime.now(UTC))

    assert await asyncio.gather(*waits) == ["code for a", "code for b", "code for c"]


async def test_no_message_body_is_read_twice_in_a_wait(
    reader: Reader, box: Path, providers: list[CountingMaildir]
) -> None:
    deliver(
        box, message("qa+w@example.com", subject="noise"), datetime.now(UTC) - timedelta(seconds=1)
    )
    later = asyncio.create_task(
        deliver_later(box, 0.3, subject="wanted", sender="Shop <orders@shop.example>")
    )

    envelope = await reader.wait_for_email(
        "qa+w@example.com", sender="shop.example", timeout=5, poll_interval=FAST
    )
    await later

    assert envelope["data"]["emails"][0]["subject"] == "wanted"
    assert providers[0].bodies and max(providers[0].bodies.values()) == 1


async def test_cancelling_the_wait_stops_polling_at_once(
    reader: Reader, providers: list[CountingMaildir]
) -> None:
    task = asyncio.create_task(
        reader.wait_for_email("qa+w@example.com", timeout=30, poll_interval=FAST)
    )
    await asyncio.sleep(0.3)

    begin = time.monotonic()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stopped_in = time.monotonic() - begin
    polls = providers[0].calls["changes"]
    await asyncio.sleep(0.3)

    assert stopped_in < 0.2
    assert providers[0].calls["changes"] == polls


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"timeout": 0}, "timeout"),
        ({"timeout": -5}, "timeout"),
        ({"timeout": "60"}, "timeout"),
        ({"timeout": 10, "poll_interval": 0}, "poll_interval"),
        ({"timeout": 10, "poll_interval": 20}, "poll_interval"),
        ({"since": datetime(2026, 1, 1)}, "since"),
        ({"since": "5m"}, "since"),
        ({"since": datetime(1900, 1, 1, tzinfo=UTC)}, "since"),
    ],
)
async def test_bad_timing_arguments_are_invalid(
    reader: Reader, kwargs: dict[str, Any], field: str
) -> None:
    envelope = await reader.wait_for_email("qa+w@example.com", **kwargs)

    assert envelope["error"].startswith("INVALID: ")
    assert field in envelope["error"]


def test_the_sync_twin_waits_too(config: Path, box: Path) -> None:
    deliver(box, message("qa+sync@example.com", subject="sync"), datetime.now(UTC))

    envelope = wait_for_email_sync(
        "qa+sync@example.com", timeout=3, poll_interval=FAST, integrations=config
    )

    assert envelope["data"]["emails"][0]["subject"] == "sync"
