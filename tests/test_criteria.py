"""Argument rules of ``read_emails``: the specification's, plus "a filter only narrows";
and ``since``, the one parser of the command line's ``--since`` and the MCP tool's."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta

import pytest

from otpmail._core import _criteria
from otpmail._core._criteria import build_criteria, parse_after, parse_since
from otpmail._core._errors import OtpmailError

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


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(_criteria)

    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------------------------------
# since


@pytest.mark.parametrize(
    ("since", "expected"),
    [
        ("2m", datetime(2026, 11, 30, 11, 58, tzinfo=UTC)),
        (" 0s ", NOW),
        ("2026-11-30T09:41:17Z", datetime(2026, 11, 30, 9, 41, 17, tzinfo=UTC)),
        ("2026-11-30T10:41:17+01:00", datetime(2026, 11, 30, 9, 41, 17, tzinfo=UTC)),
        ("1970-01-01T00:00:00Z", datetime(1970, 1, 1, tzinfo=UTC)),
        ("9999-12-31T23:59:59+00:00", datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)),
    ],
)
def test_since_is_a_look_back_or_an_iso_time_with_a_zone_in_utc(
    since: str, expected: datetime
) -> None:
    parsed = parse_since(since, now=NOW)

    assert parsed == expected and parsed is not None and parsed.tzinfo is UTC


@pytest.mark.parametrize("since", [None, "", "  \t"])
def test_a_blank_since_is_omitted(since: str | None) -> None:
    assert parse_since(since, now=NOW) is None


@pytest.mark.parametrize(
    ("since", "message"),
    [
        ("999999d", "since '999999d' reaches back before 1970"),
        ("99999999999999999999d", "since '99999999999999999999d' reaches back before 1970"),
        ("9" * 400 + "d", "reaches back before 1970"),
        ("1970-01-01T00:00:00+01:00", "since '1970-01-01T00:00:00+01:00' reaches back before 1970"),
        ("0001-01-01T00:00:00+01:00", "reaches back before 1970"),
        (
            "9999-12-31T23:59:59-01:00",
            "since '9999-12-31T23:59:59-01:00' lies beyond the year 9999",
        ),
        ("1x", "since must be a look-back such as 2m or an ISO-8601 time with a zone such as"),
        ("2m ago", "got '2m ago'"),
        ("-5m", "got '-5m'"),
        ("tomorrow", "got 'tomorrow'"),
        ("2026-11-30T09:41:17", "since '2026-11-30T09:41:17' has no time zone: add Z for UTC"),
        ("2026-11-30", "has no time zone"),
    ],
)
def test_a_bad_since_is_invalid_and_names_since(since: str, message: str) -> None:
    with pytest.raises(OtpmailError) as caught:
        parse_since(since, now=NOW)

    assert caught.value.code == "invalid_argument"
    assert message in caught.value.message
    assert "after" not in caught.value.message


@pytest.mark.parametrize("after", ["99999999999999999999d", "999999d"])
def test_an_after_that_reaches_before_1970_says_so_and_names_after(after: str) -> None:
    assert invalid_message(after=after) == f"after {after!r} reaches back before 1970"


def test_parse_after_names_the_argument_it_parses() -> None:
    with pytest.raises(OtpmailError, match=r"^INVALID: since must be digits"):
        parse_after("5 m", "since")


def test_since_is_taken_from_the_clock_when_no_now_is_given() -> None:
    before = datetime.now(UTC)
    parsed = parse_since("1s")

    assert parsed is not None and before - timedelta(seconds=2) < parsed <= before
