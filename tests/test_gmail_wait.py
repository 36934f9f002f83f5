"""Waiting on Gmail: history.list between polls, each body fetched once, shared by waiters.

Driven through the real google-api-python-client and google-auth stack against the
in-process fake upstream at httplib2's socket seam (tests/fakes/gmail.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader, write_config, write_key
from fakes.gmail import DAILY_LIMIT_EXCEEDED, FakeGmail, Fault
from otpmail import Reader
from otpmail._providers._gmail import GmailProvider
from test_maildir import message

FAST = 0.05


@pytest.fixture
def upstream() -> FakeGmail:
    return FakeGmail()


@pytest.fixture
def reader(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> Iterator[Reader]:
    yield gmail_reader(tmp_path, service_account_info, upstream)


async def test_expect_email_marks_with_the_history_id_and_returns_the_new_mail(
    reader: Reader, upstream: FakeGmail
) -> None:
    upstream.deliver(message("qa+x@example.com", subject="old"), datetime.now(UTC))

    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        await asyncio.sleep(0.2)
        upstream.deliver(message("qa+x@example.com", subject="new code"), datetime.now(UTC))
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "new code"
    assert upstream.count("getProfile") == 1
    assert upstream.count("messages.get") == 1
    assert upstream.count("messages.list") == 0


async def test_an_idle_poll_costs_two_quota_units_whatever_the_number_of_waiters(
    reader: Reader, upstream: FakeGmail
) -> None:
    waits = [
        asyncio.create_task(
            reader.wait_for_email(f"qa+w{i}@example.com", timeout=3.0, poll_interval=0.1)
        )
        for i in range(10)
    ]
    # Set-up first (token, marker, each waiter's catch-up search), then measure idling.
    while upstream.count("messages.list") < 10 or upstream.count("history.list") < 1:
        await asyncio.sleep(0.02)
    upstream.reset_counters()
    await asyncio.sleep(0.5)
    idle_requests = list(upstream.requests)
    results = await asyncio.gather(*waits)

    polls = [r for r in idle_requests if r.operation == "history.list"]
    assert all(r["code"] == "no_emails_found" for r in results)
    assert {r.operation for r in idle_requests} == {"history.list"}
    assert 2 <= len(polls) <= 7  # one stream polling every 0.1 s, not ten
    assert upstream.quota == 2 * upstream.count("history.list")


async def test_each_new_message_is_fetched_once_and_offered_to_every_waiter(
    reader: Reader, upstream: FakeGmail
) -> None:
    async def wait(tag: str) -> str:
        envelope = await reader.wait_for_email(
            f"qa+{tag}@example.com", timeout=5, poll_interval=FAST
        )
        return str(envelope["data"]["emails"][0]["body"])

    waits = [asyncio.create_task(wait(t)) for t in ("a", "b")]
    await asyncio.sleep(0.3)
    for tag in ("b", "a"):
        upstream.deliver(
            message(f"qa+{tag}@example.com", body=f"code for {tag}"), datetime.now(UTC)
        )

    assert await asyncio.gather(*waits) == ["code for a", "code for b"]
    fetched = [  # alone or as the parts of a batch
        r.url.split("/messages/")[1].split("?")[0]
        for r in upstream.requests + upstream.parts
        if r.operation == "messages.get"
    ]
    assert len(fetched) == len(set(fetched)) == 2


async def test_mail_the_mailbox_wrote_itself_is_not_fetched(
    reader: Reader, upstream: FakeGmail
) -> None:
    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        upstream.deliver(
            message("qa+x@example.com", subject="draft"), datetime.now(UTC), labels=("DRAFT",)
        )
        upstream.deliver(
            message("qa+x@example.com", subject="sent"), datetime.now(UTC), labels=("SENT",)
        )
        upstream.deliver(message("qa+x@example.com", subject="received"), datetime.now(UTC))
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "received"
    assert upstream.count("messages.get") == 1


async def test_an_expired_history_id_falls_back_to_a_search(
    reader: Reader, upstream: FakeGmail
) -> None:
    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        upstream.history_floor = 10**9  # every history id is now too old
        upstream.deliver(message("qa+x@example.com", subject="after expiry"), datetime.now(UTC))
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "after expiry"
    assert upstream.count("messages.list") >= 1


async def test_wait_for_email_finds_a_mail_that_arrived_before_the_call(
    reader: Reader, upstream: FakeGmail
) -> None:
    upstream.deliver(
        message("qa+x@example.com", subject="already there"),
        datetime.now(UTC) - timedelta(seconds=3),
    )
    upstream.deliver(
        message("qa+x@example.com", subject="too old"), datetime.now(UTC) - timedelta(minutes=5)
    )

    envelope = await reader.wait_for_email("qa+x@example.com", timeout=5, poll_interval=FAST)

    assert envelope["data"]["emails"][0]["subject"] == "already there"
    assert upstream.count("token") == 1


async def test_a_gmail_response_over_the_byte_bound_is_refused_before_parsing(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> None:
    write_key(tmp_path, service_account_info)
    config = write_config(
        tmp_path,
        "email:\n  limits:\n    response_bytes: 20000\n"
        "  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n",
    )
    reader = Reader(
        config, provider_factory=lambda m: GmailProvider(m, http_factory=upstream.http_factory)
    )  # type: ignore[arg-type]
    upstream.deliver(
        message("qa+big@example.com", subject="big", body="x" * 40_000), datetime.now(UTC)
    )
    upstream.deliver(message("qa+big@example.com", subject="small"), datetime.now(UTC))

    envelope = await reader.read_emails("qa+big@example.com")
    alone = await reader.read_emails("qa+big@example.com", subject="big")

    assert [e["subject"] for e in envelope["data"]["emails"]] == ["small"]
    assert alone["code"] == "response_too_large"
    assert "more than email.limits.response_bytes (20000)" in alone["error"]


async def test_a_quota_spent_during_a_wait_ends_it_with_its_code_not_a_timeout(
    reader: Reader, upstream: FakeGmail
) -> None:
    # The faults go in before the wait starts: its watcher polls from its own thread, so a
    # fault set inside the block could land after a first, successful poll.
    upstream.fail("history.list", *[Fault(status=403, body=DAILY_LIMIT_EXCEEDED)] * 20)
    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        pass
    started = asyncio.get_running_loop().time()
    envelope = await pending.value(timeout=30)

    assert (envelope["code"], envelope["retryable"]) == ("quota_exhausted", True)
    assert upstream.count("history.list") == 1  # not polled again into a spent quota
    assert asyncio.get_running_loop().time() - started < 10
