"""Waiting on Microsoft Graph: an id-only poll bounded by receivedDateTime, bodies only for
new mail, one stream for every waiter. Real msgraph-sdk/kiota/azure-identity stack against
the in-process fake at both transport seams (tests/fakes/graph.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from fakes.graph import FakeGraph, GraphAttachment
from otpmail import Reader
from otpmail._core._config import Mailbox, OutlookMailbox
from otpmail._providers._outlook import OutlookProvider

FAST = 0.05
MAILBOX = "otp@contoso.com"


@pytest.fixture
def upstream() -> FakeGraph:
    return FakeGraph(MAILBOX)


@pytest.fixture
def reader(
    tmp_path: Path, upstream: FakeGraph, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Reader]:
    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")
    config = tmp_path / "integrations.yaml"
    config.write_text(
        "email:\n  mailboxes:\n    - provider: outlook\n"
        f"      address: {MAILBOX}\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        "      client_secret_env: OTPMAIL_TEST_GRAPH_SECRET\n"
    )

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox, transport=upstream.transport, token_transport=upstream.token_transport
        )

    yield Reader(config, provider_factory=factory)


def selects(upstream: FakeGraph, option: str = "$select") -> list[str]:
    return [
        parse_qs(urlsplit(r.url).query).get(option, [""])[0]
        for r in upstream.requests
        if r.operation != "token"
    ]


async def test_expect_email_returns_only_mail_delivered_after_the_marker(
    reader: Reader, upstream: FakeGraph
) -> None:
    upstream.deliver(
        to="otp+a@contoso.com", subject="already there", at=datetime.now(UTC) - timedelta(seconds=2)
    )

    async with reader.expect_email("otp+a@contoso.com", poll_interval=FAST) as pending:
        await asyncio.sleep(0.2)
        upstream.deliver(to="otp+a@contoso.com", subject="after the click")
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "after the click"


async def test_idle_polls_ask_only_for_ids_and_one_stream_serves_every_waiter(
    reader: Reader, upstream: FakeGraph
) -> None:
    waits = [
        asyncio.create_task(
            reader.wait_for_email(f"otp+w{i}@contoso.com", timeout=2.0, poll_interval=0.1)
        )
        for i in range(10)
    ]
    while upstream.count("messages.list") < 12:  # the marker, ten catch-up searches, a poll
        await asyncio.sleep(0.02)
    upstream.reset_counters()
    await asyncio.sleep(0.5)
    idle = selects(upstream)
    results = await asyncio.gather(*waits)

    assert all(r["code"] == "no_emails_found" for r in results)
    assert idle and set(idle) == {"id,receivedDateTime"}
    assert set(selects(upstream, "$expand")) == {""}  # the idle poll expands nothing
    assert len(idle) <= 7  # one stream polling every 0.1 s, not ten


async def test_bodies_are_read_once_only_when_new_mail_arrived(
    reader: Reader, upstream: FakeGraph
) -> None:
    async with reader.expect_email("otp+b@contoso.com", poll_interval=FAST) as pending:
        await asyncio.sleep(0.2)
        upstream.deliver(
            to="otp+b@contoso.com",
            subject="html",
            body="<p>Code <b>778899</b></p>",
            content_type="html",
            attachments=[GraphAttachment("terms.pdf", "application/pdf", 9120, content=b"%PDF")],
        )
    envelope = await pending.value(timeout=5)

    (email,) = envelope["data"]["emails"]
    assert email["body"] == "Code 778899"
    # The one read with bodies brings the attachment metadata too.
    assert email["attachments"] == [
        {"name": "terms.pdf", "content_type": "application/pdf", "size": 9120}
    ]
    with_bodies = [s for s in selects(upstream) if "body" in s.split(",")]
    assert len(with_bodies) == 1
    assert [e for e in selects(upstream, "$expand") if e] == [
        "attachments($select=name,contentType,size,isInline)"
    ]


async def test_drafts_are_never_offered(reader: Reader, upstream: FakeGraph) -> None:
    async with reader.expect_email("otp+c@contoso.com", poll_interval=FAST) as pending:
        upstream.deliver(to="otp+c@contoso.com", subject="draft", is_draft=True)
        upstream.deliver(to="otp+c@contoso.com", subject="real")
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "real"


async def test_a_waiter_of_the_same_mailbox_across_sessions_needs_one_token(
    reader: Reader, upstream: FakeGraph
) -> None:
    first = await reader.wait_for_email("otp+d@contoso.com", timeout=0.3, poll_interval=FAST)
    second = await reader.wait_for_email("otp+d@contoso.com", timeout=0.3, poll_interval=FAST)

    assert first["code"] == second["code"] == "no_emails_found"
    assert upstream.count("token") == 1
