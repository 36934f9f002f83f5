"""Argument rules of ``read_emails``: the specification's, plus "a filter only narrows"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from otpmail._criteria import build_criteria, parse_after
from otpmail._errors import OtpmailError

NOW = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)


def invalid_message(**kwargs: object) -> str:
    args = {"to": "qa@example.com", **kwargs}
    with pytest.raises(OtpmailError) as caught:
        build_criteria(now=NOW, **args)  # type: ignore[arg-type]
    assert caught.value.code == "invalid_argument"
    assert str(caught.value).startswith("INVALID: ")
    return caught.value.message


@pytest.mark.parametrize("to", ["", " ", "\t\n", None, 42])
def test_empty_or_whitespace_recipient_is_invalid(to: object) -> None:
    assert "to" in invalid_message(to=to)


@pytest.mark.parametrize(
    ("after", "seconds"),
    [("30s", 30), ("2m", 120), ("5m", 300), ("1h", 3600), ("1d", 86400), ("0s", 0), ("05m", 300)],
)
def test_after_accepts_digits_followed_by_a_unit(after: str, seconds: int) -> None:
    criteria = build_criteria("qa@example.com", after=after, now=NOW)

    assert criteria.cutoff == NOW - timedelta(seconds=seconds)


@pytest.mark.parametrize(
    "after",
    ["5 m", "-1h", "1.5h", "1w", "0x5m", "m", "5", "5M", " 5m", "5m ", "５m", "1e3s", "+5m"],
)
def test_after_in_any_other_form_is_invalid(after: str) -> None:
    assert "after" in invalid_message(after=after)


@pytest.mark.parametrize("after", ["99999999999999999999d", "9999999999999999999999999s", "30000d"])
def test_overflowing_after_is_invalid(after: str) -> None:
    assert "after" in invalid_message(after=after)


def test_after_overflow_is_invalid_even_before_a_clock_is_read() -> None:
    with pytest.raises(OtpmailError):
        parse_after("9" * 400 + "d")


@pytest.mark.parametrize("field", ["sender", "subject", "after"])
def test_empty_optional_strings_are_omitted(field: str) -> None:
    criteria = build_criteria("qa@example.com", **{field: ""}, now=NOW)  # type: ignore[arg-type]

    assert (criteria.sender, criteria.subject, criteria.cutoff) == (None, None, None)


def test_count_beats_latest() -> None:
    criteria = build_criteria("qa@example.com", latest=True, count=True, now=NOW)

    assert criteria.count is True
    assert criteria.latest is False


def test_default_mode_returns_up_to_ten_and_latest_one() -> None:
    assert build_criteria("qa@example.com").limit == 10
    assert build_criteria("qa@example.com", latest=True).limit == 1


@pytest.mark.parametrize(
    "value",
    [
        "qa@example.com",
        "QA+Signup@Example.com",
        "first.last+tag-1@sub.example.co.uk",
        "example.com",
        "@example.com",
        "o'brien@example.ie",
        "user@bücher.example",
    ],
)
def test_addresses_plus_tags_and_bare_domains_keep_working(value: str) -> None:
    criteria = build_criteria(value, sender=value, now=NOW)

    assert criteria.to.value == criteria.sender.value  # type: ignore[union-attr]
    assert criteria.to.value == value.lower().lstrip("@")


@pytest.mark.parametrize(
    "value",
    [
        "qa@example.com OR x@evil.example",
        "qa@example.com -from:x",
        "-qa@example.com",
        "'qa@example.com",
        "OR",
        "qa@example.com)",
        "(qa@example.com",
        '"qa@example.com"',
        "{qa@example.com x@y.z}",
        "qa@example.com\tx",
        "to:qa@example.com",
        "in:anywhere",
        "qa@example.com:x",
        "qa",
        "a@b@example.com",
        "qa@example.com,x@evil.example",
        "qa@example.com\x00",
        "x" * 400 + "@example.com",
    ],
)
def test_recipient_or_sender_that_would_change_the_query_is_invalid(value: str) -> None:
    invalid_message(to=value)
    invalid_message(sender=value)


def test_subject_keeps_quotes_and_backslashes_for_escaping_later() -> None:
    criteria = build_criteria("qa@example.com", subject='Say "hi" \\ now', now=NOW)

    assert criteria.subject == 'Say "hi" \\ now'


@pytest.mark.parametrize("subject", ["  ", "line\nbreak", "nul\x00", "x" * 400])
def test_blank_or_control_character_subject_is_invalid(subject: str) -> None:
    assert "subject" in invalid_message(subject=subject)


@pytest.mark.parametrize("flag", ["latest", "count"])
def test_mode_flags_must_be_booleans(flag: str) -> None:
    invalid_message(**{flag: "yes"})


def test_plus_tag_is_exact_for_matching_but_dropped_for_routing() -> None:
    to = build_criteria("qa+signup@example.com").to

    assert to.matches("QA+signup@example.com")
    assert not to.matches("qa@example.com")
    assert not to.matches("qa+other@example.com")
    assert to.routing_key == "qa@example.com"


def test_bare_domain_matches_every_address_at_that_domain_only() -> None:
    to = build_criteria("example.com").to

    assert to.matches("anyone+x@example.com")
    assert not to.matches("qa@sub.example.com")
    assert not to.matches("qa@example.com.evil.example")


def test_describe_echoes_the_criteria_for_messages() -> None:
    criteria = build_criteria("qa@example.com", "no-reply@acme.example", "Code", "5m", now=NOW)

    assert (
        criteria.describe()
        == "to=qa@example.com sender=no-reply@acme.example subject='Code' after=5m"
    )


def test_surrounding_whitespace_of_an_address_is_trimmed() -> None:
    assert build_criteria("  qa@example.com\n").to.value == "qa@example.com"
