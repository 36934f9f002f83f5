"""Gmail ``latest``: the newest match for 5 + 20 quota units when the ids settle it, and the
right answer (at a higher price) when they do not.

Driven through the real google-api-python-client, google-auth and httplib2 against the
in-process fake upstream (tests/fakes/gmail.py), which mints ids as Gmail does unless told
otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader
from fakes.gmail import FakeGmail
from otpmail import Reader
from otpmail._providers._gmail_ids import MARGIN_MS, TOLERANCE_MS
from test_maildir import message

NOW = datetime.now(UTC).replace(microsecond=0)
TO = "qa+latest@example.com"


def setup(tmp_path: Path, info: dict[str, Any], upstream: FakeGmail) -> Reader:
    return gmail_reader(tmp_path, info, upstream)


@pytest.fixture
def run(tmp_path: Path, service_account_info: dict[str, Any]) -> Iterator[Any]:
    async def latest(upstream: FakeGmail) -> dict[str, Any]:
        async with setup(tmp_path, service_account_info, upstream) as reader:
            await reader.read_emails(TO, count=True)  # token cached, as the target is stated
            upstream.reset_counters()
            return await reader.read_emails(TO, latest=True)

    yield latest


def deliver_codes(upstream: FakeGmail, seconds_ago: list[float]) -> dict[str, str]:
    """One OTP mail per entry; returns id -> code."""
    codes = {}
    for n, ago in enumerate(seconds_ago):
        code = f"{700000 + n}"
        message_id = upstream.deliver(
            message(TO, body=f"Your code is {code}", message_id=f"<{n}@acme.example>"),
            NOW - timedelta(seconds=ago),
        )
        codes[message_id] = code
    return codes


def newest_code(upstream: FakeGmail) -> str:
    newest = max(upstream.messages, key=lambda m: m.internal_ms)
    return newest.raw.decode().rsplit("Your code is ", 1)[1].split()[0]


async def test_twelve_candidates_cost_one_list_and_one_get(run: Any) -> None:
    upstream = FakeGmail()
    deliver_codes(upstream, [30.0 * k for k in range(12)][::-1])

    envelope = await run(upstream)

    assert envelope["data"]["emails"][0]["code"] == newest_code(upstream) == "700011"
    assert (upstream.count("messages.list"), upstream.count("messages.get")) == (1, 1)
    assert upstream.quota == 25
    assert upstream.sequential_round_trips() == 2


async def test_ids_that_carry_no_time_fall_back_to_probing_the_first_listed(run: Any) -> None:
    upstream = FakeGmail(timed_ids=False)
    deliver_codes(upstream, [30.0 * k for k in range(12)][::-1])

    envelope = await run(upstream)

    assert envelope["data"]["emails"][0]["code"] == newest_code(upstream)
    assert upstream.count("messages.get") == 3
    assert upstream.quota == 65


async def test_a_fetched_message_whose_id_disagrees_with_its_date_stops_trusting_ids(
    run: Any,
) -> None:
    upstream = FakeGmail()
    deliver_codes(upstream, [300, 200, 100, 5])
    # The newest id belongs to mail imported with an internalDate an hour before its id:
    # ids tell nothing in this mailbox, so two more candidates are fetched and compared.
    top = max(upstream.messages, key=lambda m: int(m.id, 16))
    upstream.messages = [
        replace(m, internal_ms=m.internal_ms - 3_600_000) if m is top else m
        for m in upstream.messages
    ]

    envelope = await run(upstream)

    assert upstream.count("messages.get") == 3
    assert envelope["data"]["emails"][0]["code"] == newest_code(upstream)


async def test_a_candidate_within_the_margin_is_fetched_and_the_newest_delivery_wins(
    run: Any,
) -> None:
    upstream = FakeGmail()
    codes = deliver_codes(upstream, [600, 8, 6, 4])
    # The mail with the newest id (minted 4 s ago) was stamped delivered 5 s after that
    # (9 s ago): its offset is -5 s, within the tolerance, so ids still count. With that
    # offset, the mail minted 6 s ago may have been delivered as late as 9 s ago too
    # (offset + margin): it is fetched, and it is the newer delivery (6 s ago). The one
    # minted 8 s ago would be delivered by 11 s ago: not fetched.
    top = max(upstream.messages, key=lambda m: int(m.id, 16))
    upstream.messages = [
        replace(m, internal_ms=m.internal_ms - 5_000) if m is top else m for m in upstream.messages
    ]
    assert TOLERANCE_MS > 5_000 and MARGIN_MS >= 2_000

    envelope = await run(upstream)

    (email,) = envelope["data"]["emails"]
    assert email["code"] == newest_code(upstream) == codes[email["id"]] == "700002"
    assert upstream.count("messages.get") == 2
