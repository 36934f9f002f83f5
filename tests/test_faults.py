"""Reliability under faults: whatever the upstream does, a call ends within its deadline,
with the right envelope, having lost nothing and leaked nothing.

Each fault of tests/fault_catalogue.py is injected at the transport seam of the in-process
fakes (tests/fakes), under the real SDK stacks: connection resets, stalls, 5xx, 429 with
and without ``Retry-After`` (seconds, HTTP date, Gmail's "Retry after <time>" text),
truncated and invalid JSON, HTML from a proxy, an oversized response, a message deleted
between list and get, token endpoint failures and stalls, a failing page while counting,
a spent Gmail quota and a Workspace domain policy.
``bench/faults.py`` prints the same catalogue as a table.

Also here: the deadline mechanism itself (the integrations file's ``deadline_seconds``,
the per-call ``deadline``, what they refuse), the retry policy's arithmetic, and waits
whose provider calls are bounded by the wait's timeout.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader, write_config, write_key
from fakes.gmail import FakeGmail, Fault
from fault_catalogue import (
    CODE,
    FAST,
    GMAIL_503,
    GRAPH_SECRET,
    SCENARIOS,
    SECRET_ENV,
    SLACK,
    Scenario,
    gmail_message,
    run,
)
from gmail_cassettes import quick_key
from otpmail import Reader
from otpmail._core._config import load
from otpmail._core._errors import CODES, OtpmailError
from otpmail._core._retry import (
    DEFAULT_DEADLINE,
    RETRY_NOW,
    RetryPolicy,
    backoff,
    deadline_scope,
    parse_retry_after,
    parse_retry_at_text,
)
from otpmail._providers._gmail import GmailProvider


@pytest.fixture(autouse=True)
def _graph_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, GRAPH_SECRET)


@pytest.fixture
def key_info(service_account_info: dict[str, Any]) -> dict[str, Any]:
    return quick_key(service_account_info)


# -- the catalogue ----------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
async def test_the_call_survives_the_fault(
    scenario: Scenario, key_info: dict[str, Any], tmp_path: Path
) -> None:
    outcome = await run(scenario, key_info, tmp_path)

    assert outcome.survived, (
        f"{scenario.id}: expected {scenario.expected}, got {outcome.got} in "
        f"{outcome.seconds:.2f}s; requests {outcome.requests}; problems {outcome.problems}; "
        f"envelope {outcome.envelope}"
    )


def test_the_catalogue_covers_every_fault_the_issue_names() -> None:
    names = " | ".join(s.id for s in SCENARIOS)
    for provider in ("gmail", "outlook"):
        for fault in (
            "connection reset",
            "stall past the deadline",
            "500, then success",
            "503",
            "429 without Retry-After",
            "429 with Retry-After",
            "truncated JSON",
            "invalid JSON",
            "HTML",
            "oversized response",
            "token endpoint 500, then success",
            "invalid_grant",
            "unauthorized_client",
            "token endpoint stall",
            "count: page 2 fails with 503, then succeeds",
            "count: page 2 fails for good",
        ):
            assert f"{provider}: {fault}" in names or any(
                s.provider == provider and fault in s.fault for s in SCENARIOS
            ), (provider, fault)
    assert "gmail: message deleted between list and get (404)" in names
    for reason in ("dailyLimitExceeded", "per-day limit", "quotaExceeded", "domainPolicy"):
        assert any(s.provider == "gmail" and reason in s.fault for s in SCENARIOS), reason
    # Issue 19: a batch's own failure modes.
    for fault in (
        "batch: one part 429, retried alone",
        "batch: one part 503 on every attempt",
        "batch: a part answer over the size bound",
        "batch: malformed multipart answer",
    ):
        assert any(s.provider == "gmail" and s.fault.startswith(fault) for s in SCENARIOS), fault


# -- the deadline -----------------------------------------------------------------------


def test_the_default_deadline_is_thirty_seconds(tmp_path: Path) -> None:
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: a@example.test\n"
        "      path: box\n",
    )

    assert DEFAULT_DEADLINE == 30.0
    assert load(config).deadline_seconds == 30.0


@pytest.mark.parametrize("value", ["1.5", "45", "3600"])
def test_the_integrations_file_sets_the_deadline(tmp_path: Path, value: str) -> None:
    config = write_config(
        tmp_path,
        f"email:\n  deadline_seconds: {value}\n  mailboxes:\n    - provider: maildir\n"
        "      address: a@example.test\n      path: box\n",
    )

    assert load(config).deadline_seconds == float(value)


@pytest.mark.parametrize("value", ["0", "-1", "3601", "true", '"30"', ".nan", ".inf", "[30]"])
def test_a_bad_deadline_in_the_file_is_not_configured(tmp_path: Path, value: str) -> None:
    config = write_config(
        tmp_path,
        f"email:\n  deadline_seconds: {value}\n  mailboxes:\n    - provider: maildir\n"
        "      address: a@example.test\n      path: box\n",
    )

    with pytest.raises(OtpmailError) as caught:
        load(config)

    assert caught.value.code == "config_invalid"
    assert caught.value.prefix == "NOT_CONFIGURED"
    assert "email.deadline_seconds" in caught.value.message


@pytest.mark.parametrize("value", [0, -1, 3601, True, "5", float("nan"), float("inf")])
async def test_a_bad_per_call_deadline_is_invalid_and_sends_nothing(
    tmp_path: Path, key_info: dict[str, Any], value: Any
) -> None:
    upstream = FakeGmail()
    reader = gmail_reader(tmp_path, key_info, upstream, retry=FAST)

    envelope = await reader.read_emails("qa@example.com", deadline=value)

    assert envelope["code"] == "invalid_argument"
    assert envelope["error"].startswith("INVALID: deadline must be")
    assert upstream.requests == []


async def test_the_file_deadline_bounds_a_call(tmp_path: Path, key_info: dict[str, Any]) -> None:
    upstream = FakeGmail()
    upstream.fail("messages.list", Fault(delay=30))
    reader = gmail_reader(
        tmp_path, key_info, upstream, email_keys="  deadline_seconds: 0.6\n", retry=FAST
    )

    started = time.monotonic()
    envelope = await reader.read_emails("qa@example.com")
    took = time.monotonic() - started
    await reader.aclose()

    assert envelope["code"] == "deadline_exceeded"
    assert envelope["retryable"] is True
    assert 0.5 < took < 0.6 + SLACK


async def test_the_per_call_deadline_beats_the_file(
    tmp_path: Path, key_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    upstream.fail("messages.list", Fault(delay=30))
    reader = gmail_reader(
        tmp_path, key_info, upstream, email_keys="  deadline_seconds: 60\n", retry=FAST
    )

    started = time.monotonic()
    envelope = await reader.read_emails("qa@example.com", deadline=0.4)
    took = time.monotonic() - started
    await reader.aclose()

    assert envelope["code"] == "deadline_exceeded"
    assert took < 0.4 + SLACK


async def test_the_socket_timeout_is_the_time_left(
    tmp_path: Path, key_info: dict[str, Any]
) -> None:
    """Each request's sockets give up when the call's time is up, not after httplib2's own
    timeout: the worker thread does not outlive the call."""
    timeouts: list[float] = []
    upstream = FakeGmail()

    class Recording(type(upstream.http_factory())):  # type: ignore[misc]
        def _conn_request(self, conn: Any, *args: Any) -> Any:
            timeouts.append(self.timeout)
            return super()._conn_request(conn, *args)

    upstream.deliver(gmail_message("qa+t@example.com", 1))
    write_key(tmp_path, key_info)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )
    reader = Reader(
        config,
        provider_factory=lambda m: GmailProvider(
            m,  # type: ignore[arg-type]
            http_factory=lambda: Recording(upstream),
        ),
    )

    envelope = await reader.read_emails("qa+t@example.com", deadline=5)
    await reader.aclose()

    assert envelope["status"] == "ok"
    assert len(timeouts) == 3  # token, list, get
    assert all(0 < t <= 5 for t in timeouts)


# -- waits ------------------------------------------------------------------------------


async def test_a_wait_polls_through_retryable_failures_and_still_finds_the_mail(
    tmp_path: Path, key_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    reader = gmail_reader(tmp_path, key_info, upstream, retry=FAST)
    # Every poll's history.list fails twice before it answers (retried within the poll).
    upstream.fail("history.list", *[Fault(status=503, body=GMAIL_503)] * 4)

    async with reader.expect_email(to="qa+w@example.com", poll_interval=0.05) as pending:
        upstream.deliver(gmail_message("qa+w@example.com", 1))
    envelope = await pending.value(timeout=5)
    await reader.aclose()

    assert envelope["status"] == "ok"
    assert envelope["data"]["emails"][0]["code"] == CODE


async def test_a_wait_is_never_held_past_its_timeout_by_a_stalled_provider(
    tmp_path: Path, key_info: dict[str, Any]
) -> None:
    """The provider calls of a wait are bounded by what is left of the wait, not by the
    (longer) call deadline."""
    upstream = FakeGmail()
    reader = gmail_reader(
        tmp_path, key_info, upstream, email_keys="  deadline_seconds: 60\n", retry=FAST
    )
    upstream.fail("history.list", *[Fault(delay=30)] * 5)

    # 2 s, not less: the catch-up search (token, list) must end inside the wait even on a
    # loaded machine, or the wait ends as that search's deadline_exceeded instead.
    started = time.monotonic()
    envelope = await reader.wait_for_email("qa+w@example.com", timeout=2.0, poll_interval=0.05)
    took = time.monotonic() - started
    # The stalled worker threads end by the wait's end too.
    await asyncio.sleep(0.3)
    await reader.aclose()

    assert envelope["code"] == "no_emails_found", envelope
    assert took < 2.0 + SLACK
    assert all(0 < r.ended <= started + 2.0 + SLACK for r in upstream.requests)


# -- the policy -------------------------------------------------------------------------


def test_backoff_is_exponential_capped_and_jittered() -> None:
    for retry in range(1, 8):
        step = min(8.0, 0.5 * 2 ** (retry - 1))
        waits = [backoff(retry, 0.5, 8.0) for _ in range(200)]
        assert all(step / 2 <= w <= step for w in waits)
        assert len(set(waits)) > 1


def test_the_server_wait_wins_when_it_is_longer_and_fits() -> None:
    policy = RetryPolicy(attempts=3, base=0.01, cap=0.02)
    throttled = OtpmailError("rate_limited", "x", retry_after=1.5)

    with deadline_scope(5):
        assert policy.delay(throttled, 1) == 1.5
        assert policy.delay(throttled, 3) is None  # attempts used up
    with deadline_scope(1):
        assert policy.delay(throttled, 1) is None  # past the deadline: not waited for


@pytest.mark.parametrize(
    "code", ["auth_failed", "delegation_denied", "mailbox_not_found", "bad_response"]
)
def test_what_a_retry_cannot_fix_is_not_retried(code: str) -> None:
    assert RetryPolicy().delay(OtpmailError(code, "x"), 1) is None


def test_a_spent_quota_is_retryable_by_a_later_call_but_never_within_this_one() -> None:
    """A daily quota resets the next day: waiting for it would only spend the deadline,
    even when the provider names a wait that fits."""
    spent = OtpmailError("quota_exhausted", "x", retry_after=0.01)

    assert spent.retryable and CODES["quota_exhausted"].answers == "wait and retry"
    with deadline_scope(30):
        assert RetryPolicy().delay(spent, 1) is None
        assert RetryPolicy().delay(OtpmailError("rate_limited", "x", retry_after=0.01), 1)


def test_only_retryable_codes_are_retried_within_a_call() -> None:
    assert {code for code in RETRY_NOW if not CODES[code].retryable} == set()
    assert set(RETRY_NOW) <= set(CODES)


def test_retry_hints_are_parsed() -> None:
    now = datetime(2026, 9, 12, 10, 0, tzinfo=UTC)

    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("Sat, 12 Sep 2026 10:00:03 GMT", now) == 3.0
    assert parse_retry_after("Sat, 12 Sep 2026 09:00:00 GMT", now) == 0.0
    assert parse_retry_after("later") is None
    assert parse_retry_after(None) is None
    stamp = (now + timedelta(seconds=2.5)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    assert parse_retry_at_text(f"User-rate limit exceeded.  Retry after {stamp}", now) == 2.5
    assert parse_retry_at_text("Rate Limit Exceeded", now) is None
