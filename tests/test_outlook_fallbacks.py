"""Outlook when Graph does not behave as otpmail assumes (and as the documentation says).

Each test turns one knob of the fake (tests/fakes/graph.py) away from the documented
behaviour and reads through the real msgraph-sdk/kiota/azure-identity stack, as a user
would: the answer must still be right, and the difference is logged once per mailbox on
``otpmail.outlook``. ``otpmail check --deep`` reports the same behaviours up front
(tests/test_deep_check.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from fakes.graph import FakeGraph, GraphAttachment
from otpmail import Reader
from otpmail._core._config import Mailbox, OutlookMailbox
from otpmail._providers._outlook import OutlookProvider

MAILBOX = "otp@contoso.com"
TO = "otp+signup@contoso.com"


@pytest.fixture
def upstream() -> FakeGraph:
    return FakeGraph(MAILBOX)


def make_reader(folder: Path, upstream: FakeGraph, limits: str = "") -> Reader:
    config = folder / "integrations.yaml"
    config.write_text(
        "email:\n" + limits + "  mailboxes:\n    - provider: outlook\n"
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

    return Reader(config, provider_factory=factory)


@pytest.fixture
def reader(
    tmp_path: Path, upstream: FakeGraph, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Reader]:
    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")
    yield make_reader(tmp_path, upstream)


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "otpmail.outlook"]


def queries(upstream: FakeGraph) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(r.url).query) for r in upstream.requests if r.operation != "token"]


def deliver_codes(upstream: FakeGraph, count: int, **kwargs: object) -> None:
    """``count`` OTP mails, one a minute, the newest (code 500000) a minute ago."""
    now = datetime.now(UTC)
    for n in reversed(range(count)):
        upstream.deliver(
            to=TO,
            body=f"Your code is {500000 + n}",
            at=now - timedelta(minutes=1 + n),
            **kwargs,  # type: ignore[arg-type]
        )


# -- $filter with $orderby refused ------------------------------------------------------------


async def test_a_refused_filter_is_applied_by_the_matcher_and_remembered(
    reader: Reader, upstream: FakeGraph, caplog: pytest.LogCaptureFixture
) -> None:
    upstream.refuse_filter_with_orderby = True
    deliver_codes(upstream, 8)  # one a minute: codes 500000..500004 fall in the last 5 min 30 s

    with caplog.at_level(logging.WARNING, logger="otpmail.outlook"):
        content = await reader.read_emails(TO, after="330s")
        counted = await reader.read_emails(TO, after="330s", count=True)
        latest = await reader.read_emails(TO, after="330s", latest=True)

    assert content["status"] == "ok", content
    assert [e["code"] for e in content["data"]["emails"]] == [f"50000{n}" for n in range(5)]
    assert counted["data"]["count"] == 5
    assert latest["data"]["emails"][0]["code"] == "500000"
    # Refused once; the later calls send no $filter at all.
    sent = [q.get("$filter") for q in queries(upstream)]
    assert sent[0] is not None and sent[1:] == [None] * (len(sent) - 1)
    (warning,) = [w for w in warnings_of(caplog) if "$filter" in w]
    assert MAILBOX in warning


async def test_a_refused_filter_stops_paging_at_the_first_older_row(
    reader: Reader, upstream: FakeGraph
) -> None:
    upstream.refuse_filter_with_orderby = True
    deliver_codes(upstream, 3)
    for n in range(3000):  # old mail that a count with a look-back must not walk through
        upstream.deliver(to=TO, body="old", at=datetime.now(UTC) - timedelta(days=2, seconds=n))

    counted = await reader.read_emails(TO, after="5m", count=True)

    assert counted["data"]["count"] == 3
    # The refused request, then one page of 1,000 newest-first rows reaching older mail.
    assert len(queries(upstream)) == 2


async def test_a_refused_filter_does_not_stop_a_wait(reader: Reader, upstream: FakeGraph) -> None:
    upstream.refuse_filter_with_orderby = True
    upstream.deliver(to=TO, subject="already there", at=datetime.now(UTC) - timedelta(minutes=3))

    async with reader.expect_email(TO, poll_interval=0.05) as pending:
        await asyncio.sleep(0.2)
        upstream.deliver(to=TO, subject="after the click")
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "after the click"


# -- rows not newest first -----------------------------------------------------------------------


async def test_rows_out_of_order_are_paged_further_before_latest_answers(
    reader: Reader, upstream: FakeGraph, caplog: pytest.LogCaptureFixture
) -> None:
    upstream.order_honoured = False  # oldest first
    deliver_codes(upstream, 30)

    with caplog.at_level(logging.WARNING, logger="otpmail.outlook"):
        latest = await reader.read_emails(TO, latest=True)

    # The first page (16 rows, oldest first) satisfies `latest` with code 500029; only the
    # second holds the newest delivery.
    assert latest["data"]["emails"][0]["code"] == "500000"
    assert [w for w in warnings_of(caplog) if "newest first" in w]


# -- the nested $select of the attachments ignored --------------------------------------------


async def test_attachment_content_sent_anyway_is_never_read_and_is_reported(
    reader: Reader, upstream: FakeGraph, caplog: pytest.LogCaptureFixture
) -> None:
    upstream.attachment_select_honoured = False
    report = GraphAttachment("report.pdf", "application/pdf", 9, content=b"%PDF-1.7\n")
    deliver_codes(upstream, 2, attachments=[report])

    with caplog.at_level(logging.WARNING, logger="otpmail.outlook"):
        first = await reader.read_emails(TO)
        second = await reader.read_emails(TO)

    for envelope in (first, second):
        listed = envelope["data"]["emails"][0]["attachments"]
        assert listed == [{"name": "report.pdf", "content_type": "application/pdf", "size": 9}]
        assert "PDF-1.7" not in str(envelope) and "JVBERi" not in str(envelope)
    assert len([w for w in warnings_of(caplog) if "attachment content" in w]) == 1


async def test_once_content_was_seen_a_page_too_large_is_read_without_attachments(
    tmp_path: Path,
    upstream: FakeGraph,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")
    reader = make_reader(tmp_path, upstream, "  limits:\n    response_bytes: 60000\n")
    upstream.attachment_select_honoured = False
    small = GraphAttachment("logo.png", "image/png", 3, content=b"png")
    upstream.deliver(
        to=TO,
        body="Your code is 111111",
        at=datetime.now(UTC) - timedelta(minutes=9),
        attachments=[small],
    )
    await reader.read_emails(TO)  # content seen: the nested $select is ignored here
    big = GraphAttachment("scan.tiff", "image/tiff", 80_000, content=b"\0" * 80_000)
    upstream.deliver(to=TO, body="Your code is 222222", attachments=[big])

    with caplog.at_level(logging.WARNING, logger="otpmail.outlook"):
        envelope = await reader.read_emails(TO, latest=True)

    assert envelope["status"] == "ok", envelope
    assert envelope["data"]["emails"][0]["code"] == "222222"
    assert envelope["data"]["emails"][0]["attachments"] == []
    assert [w for w in warnings_of(caplog) if "too large" in w]
    await reader.aclose()


# -- the id-only rows of the wait poll ------------------------------------------------------------


async def test_id_only_rows_without_a_time_switch_the_poll_to_count_fields(
    reader: Reader, upstream: FakeGraph, caplog: pytest.LogCaptureFixture
) -> None:
    upstream.narrow_rows_drop = ("receivedDateTime",)

    with caplog.at_level(logging.WARNING, logger="otpmail.outlook"):
        async with reader.expect_email(TO, poll_interval=0.05) as pending:
            await asyncio.sleep(0.2)
            upstream.deliver(to=TO, subject="after the click")
        envelope = await pending.value(timeout=5)

    assert envelope["status"] == "ok", envelope
    assert envelope["data"]["emails"][0]["subject"] == "after the click"
    assert [w for w in warnings_of(caplog) if "receivedDateTime" in w]
