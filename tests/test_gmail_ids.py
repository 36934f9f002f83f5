"""Reading the creation time out of Gmail message ids, and never trusting it unchecked."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from otpmail._providers import _gmail_ids
from otpmail._providers._gmail_ids import (
    MARGIN_MS,
    TOLERANCE_MS,
    id_time_ms,
    might_be_newer,
    newest_first,
)


def gmail_id(ms: int, low: int = 0x53B54) -> str:
    """An id as Gmail mints them: creation time in ms above 20 low bits."""
    return format(ms << 20 | low, "016x")


T0 = int(datetime(2026, 11, 30, 12, 0, tzinfo=UTC).timestamp() * 1000)


def test_the_docstrings_hold() -> None:
    assert doctest.testmod(_gmail_ids).failed == 0


@pytest.mark.parametrize(
    ("message_id", "shown_utc"),
    [
        # Hacking Gmail (2005), listing 5-11: shown as 7:06 and 7:05 AM and 4:44 AM, Pacific.
        ("101865c04ac2427f", "2005-01-18 15:06"),
        ("101865b95fc7a35a", "2005-01-18 15:05"),
        ("101480d8ef5dc74a", "2005-01-06 12:44"),
        # googleapis/google-api-nodejs-client#3204, filed 2023-03-27 about a mail just sent.
        ("1872208dcc053b54", "2023-03-27 07:46"),
    ],
)
def test_published_ids_decode_to_the_minute_they_were_shown_with(
    message_id: str, shown_utc: str
) -> None:
    ms = id_time_ms(message_id)
    assert ms is not None
    assert datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M") == shown_utc


@pytest.mark.parametrize(
    "message_id",
    [
        "",
        "abc",
        "not-a-gmail-id!",
        "+1872208dcc053b5",
        "1872_208dcc053b5",
        "1872208dcc053b54a",  # 17 digits
        "0000000000000001",  # 1970: carries no time
        "ffffffffffffffff",  # past 2100
        "18a",
    ],
)
def test_ids_that_carry_no_time(message_id: str) -> None:
    assert id_time_ms(message_id) is None
    assert newest_first([gmail_id(T0), message_id]) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**9), st.integers(0, 2**20 - 1)), min_size=1))
def test_newest_first_orders_by_the_time_the_ids_carry(draws: list[tuple[int, int]]) -> None:
    ids = [gmail_id(T0 - offset, low) for offset, low in draws]
    ordered = newest_first(ids)
    assert ordered is not None and sorted(ordered) == sorted(ids)
    times = [id_time_ms(i) for i in ordered]
    assert times == sorted(times, reverse=True)


def test_a_fetched_message_whose_id_disagrees_with_its_date_makes_ids_tell_nothing() -> None:
    newest = gmail_id(T0)
    older = gmail_id(T0 - 60_000)

    assert might_be_newer(newest, T0 + 200, [older]) == []
    assert might_be_newer(newest, T0 + TOLERANCE_MS + 1, [older]) is None
    assert might_be_newer(newest, T0 - TOLERANCE_MS - 1, [older]) is None
    assert might_be_newer("not-an-id", T0, [older]) is None


def test_candidates_within_the_margin_might_be_newer_and_are_named() -> None:
    newest = gmail_id(T0)
    delivered = T0 + 3_000  # this mailbox stamps deliveries 3 s after their ids
    close = gmail_id(T0 - MARGIN_MS + 1)  # with an offset MARGIN_MS larger, delivered later
    edge = gmail_id(T0 - MARGIN_MS)
    far = gmail_id(T0 - MARGIN_MS - 1)
    odd = "zzzz"  # carries no time: it might be anything

    assert might_be_newer(newest, delivered, [close, edge, far, odd]) == [close, edge, odd]
