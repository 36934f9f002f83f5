"""Gmail ``latest`` when a mailbox's ids do not keep one offset to ``internalDate``.

``latest`` fetches the newest id alone when the fetched message agrees with its id and every
other id is older by more than the margin (``_gmail_ids``). That rests on one offset per
mailbox, which a single call cannot see; the provider learns it from every message it
fetches (``OffsetWatch``) and stops ordering by id once two offsets differ by more than the
margin. ``otpmail check --deep`` reports the same spread as ``gmail.id-offset``.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest

from fakes.gmail import FakeGmail
from otpmail._providers._gmail_ids import MARGIN_MS, TOLERANCE_MS, OffsetWatch
from test_gmail_latest import NOW, TO, setup
from test_maildir import message


def deliver_pair(upstream: FakeGmail) -> None:
    """Code 1 delivered 12 s ago with an id of its own time; code 2 delivered 10 s ago, but
    its id minted 9 s before that (19 s ago): within the tolerance, so each message alone
    looks like one whose id carries its time, but the two offsets differ by 9 s."""
    assert TOLERANCE_MS >= 9_000 > MARGIN_MS
    upstream.deliver(
        message(TO, body="Your code is 100001", message_id="<1@acme.example>"),
        NOW - timedelta(seconds=12),
    )
    upstream.deliver(
        message(TO, body="Your code is 100002", message_id="<2@acme.example>"),
        NOW - timedelta(seconds=10),
        id_lag_ms=9_000,
    )


async def test_after_reading_both_latest_returns_the_newest_delivery(
    tmp_path: Any, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    deliver_pair(upstream)

    async with setup(tmp_path, service_account_info, upstream) as reader:
        everything = await reader.read_emails(TO)  # fetches both: the offsets are seen
        latest = await reader.read_emails(TO, latest=True)

    assert len(everything["data"]["emails"]) == 2
    # By id, code 1 looks newest and code 2 older by more than the margin: trusting ids
    # would answer code 1, delivered 2 s before code 2.
    assert latest["data"]["emails"][0]["code"] == "100002"


async def test_the_spread_is_reported_once_on_the_otpmail_gmail_logger(
    tmp_path: Any, service_account_info: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    upstream = FakeGmail()
    deliver_pair(upstream)

    with caplog.at_level(logging.WARNING, logger="otpmail.gmail"):
        async with setup(tmp_path, service_account_info, upstream) as reader:
            await reader.read_emails(TO)
            await reader.read_emails(TO, count=True)
            await reader.read_emails(TO)

    (warning,) = [r for r in caplog.records if "offsets" in r.getMessage()]
    assert warning.levelno == logging.WARNING
    assert "spread over 9000 ms" in warning.getMessage()
    assert "qa@example.com" in warning.getMessage()


async def test_ids_with_one_offset_keep_latest_at_one_get(
    tmp_path: Any, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    for n, lag in enumerate([700, 900, 1_500, 800]):  # within the 2 s margin of each other
        upstream.deliver(
            message(TO, body=f"Your code is 20000{n}", message_id=f"<{n}@acme.example>"),
            NOW - timedelta(seconds=40 - 10 * n),
            id_lag_ms=lag,
        )

    async with setup(tmp_path, service_account_info, upstream) as reader:
        await reader.read_emails(TO)
        upstream.reset_counters()
        latest = await reader.read_emails(TO, latest=True)

    assert latest["data"]["emails"][0]["code"] == "200003"
    # The bodies are cached from the first read: one list, no get; by id alone.
    assert upstream.count("messages.get") == 0


def test_the_watch_ignores_messages_whose_id_tells_nothing() -> None:
    watch = OffsetWatch()
    watch.observe("1872208dcc053b54", 1679903218900)  # 20 ms behind its id
    watch.observe("1872208dcc053b54", 1679903218900 + 3_600_000)  # imported: an hour off
    watch.observe("not-an-id", 0)

    assert (watch.agrees, watch.spread_ms) == (True, 0)
