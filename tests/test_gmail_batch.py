"""Gmail bodies in one batch: ten messages in two round trips, ``latest`` in one wave, the
wait's catch-up and change feed alike; and each part of a batch held to the rules of a
request of its own (its retries, its size bound, its envelope).

Driven through the real google-api-python-client (``new_batch_http_request``), google-auth
and httplib2 against the in-process fake upstream, which serves Gmail's batch wire format
(tests/fakes/gmail.py).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader
from fakes.gmail import FakeGmail, Fault
from otpmail import Reader
from otpmail._core._retry import RetryPolicy
from otpmail._providers._gmail import GmailProvider
from test_maildir import message

BATCH_SIZE = 10  # the provider's; imported from it once it has one

NOW = datetime.now(UTC).replace(microsecond=0)


@pytest.fixture(autouse=True)
def _now() -> None:
    """Each test's "now": the mails are delivered seconds before it and read with a look-back
    of minutes, so a time taken once at import would age with a long run of the suite."""
    global NOW
    NOW = datetime.now(UTC).replace(microsecond=0)


TO = "qa+batch@example.com"
FAST = RetryPolicy(attempts=4, base=0.02, cap=0.05)
GMAIL_429 = json.dumps(
    {
        "error": {
            "code": 429,
            "message": "Too many concurrent requests for user",
            "errors": [{"reason": "rateLimitExceeded", "domain": "usageLimits"}],
        }
    }
)
GMAIL_503 = json.dumps(
    {"error": {"code": 503, "message": "Backend Error", "errors": [{"reason": "backendError"}]}}
)


@pytest.fixture
def upstream() -> FakeGmail:
    return FakeGmail()


@pytest.fixture
def reader(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> Iterator[Reader]:
    yield gmail_reader(
        tmp_path,
        service_account_info,
        upstream,
        email_keys="  limits:\n    response_bytes: 100000\n",
        retry=FAST,
    )


def deliver(upstream: FakeGmail, seconds_ago: list[float], to: str = TO) -> list[str]:
    """One OTP mail per entry, code 7000nn (nn counting on over the mailbox); returns the
    ids in delivery order."""
    first = len(upstream.messages)
    return [
        upstream.deliver(
            message(to, body=f"Your code is {700000 + n}", message_id=f"<{n}@acme.example>"),
            NOW - timedelta(seconds=ago),
        )
        for n, ago in enumerate(seconds_ago, first)
    ]


def wire(upstream: FakeGmail) -> list[str]:
    return [r.operation for r in sorted(upstream.requests, key=lambda r: r.started)]


async def cache_token(reader: Reader, upstream: FakeGmail) -> None:
    await reader.read_emails("qa+nobody@example.com", count=True)
    upstream.reset_counters()


# -- the user's reads ---------------------------------------------------------------------


async def test_ten_messages_with_the_token_cached_cost_one_list_and_one_batch(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [300 - 20 * k for k in range(12)])
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO, after="10m")

    codes = [e["code"] for e in envelope["data"]["emails"]]
    assert codes == [str(700000 + n) for n in range(11, 1, -1)]  # the ten newest, newest first
    assert wire(upstream) == ["messages.list", "batch"]
    assert upstream.sequential_round_trips() == 2
    assert upstream.count("messages.get") == 10
    assert upstream.quota == 5 + 10 * 20


async def test_reads_one_after_another_build_no_new_http(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> None:
    """A request borrows the idle ``Http`` used last, whichever worker thread runs it: after
    the first read, later ones build none (each would pay a new TLS context, ~15 ms of CPU,
    and on the wire a new connection). With one ``Http`` per thread, a read's list or batch
    landing on a thread that had made no request yet built one."""
    built: list[object] = []

    def http_factory() -> Any:
        built.append(object())
        return upstream.http_factory()

    reader = gmail_reader(
        tmp_path, service_account_info, upstream, http_factory=http_factory, retry=FAST
    )
    recipients = [f"qa+r{n}@example.com" for n in range(8)]
    for to in recipients:
        deliver(upstream, [30, 20, 10], to=to)
    await reader.read_emails(recipients[0], after="10m")
    first = len(built)

    for to in recipients[1:]:
        envelope = await reader.read_emails(to, after="10m")
        assert len(envelope["data"]["emails"]) == 3

    assert len(built) == first
    await reader.aclose()


async def test_concurrent_reads_never_share_an_http(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    """httplib2 is not thread-safe: an ``Http`` is lent to one request at a time."""
    upstream = FakeGmail(latency=0.02)
    busy: set[int] = set()
    shared: list[int] = []
    original = type(upstream.http_factory())._conn_request

    def http_factory() -> Any:
        http = upstream.http_factory()

        def conn_request(*args: Any, **kwargs: Any) -> Any:
            if id(http) in busy:
                shared.append(id(http))
            busy.add(id(http))
            try:
                return original(http, *args, **kwargs)
            finally:
                busy.discard(id(http))

        http._conn_request = conn_request  # type: ignore[method-assign]
        return http

    reader = gmail_reader(
        tmp_path, service_account_info, upstream, http_factory=http_factory, retry=FAST
    )
    recipients = [f"qa+c{n}@example.com" for n in range(6)]
    for to in recipients:
        deliver(upstream, [30, 20, 10], to=to)
    await reader.read_emails("qa+nobody@example.com", count=True)

    for _ in range(3):
        envelopes = await asyncio.gather(
            *(
                reader.read_emails(to, after="10m", latest=n % 2 == 0)
                for n, to in enumerate(recipients)
            )
        )
        assert [e["status"] for e in envelopes] == ["ok"] * len(recipients), envelopes

    assert shared == []
    assert upstream.sequential_round_trips() < len(upstream.requests)  # they did overlap
    await reader.aclose()


async def test_the_first_call_of_a_process_adds_only_the_token_request(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [300 - 20 * k for k in range(12)])

    envelope = await reader.read_emails(TO, after="10m")

    assert len(envelope["data"]["emails"]) == 10
    assert wire(upstream) == ["token", "messages.list", "batch"]
    assert upstream.sequential_round_trips() == 3


async def test_latest_in_a_burst_a_second_apart_is_one_wave_and_no_dearer_than_the_probe(
    reader: Reader, upstream: FakeGmail
) -> None:
    # "Resend code" clicked a few times: five mails a second apart, older mail behind them.
    deliver(upstream, [600, 500, 5, 4, 3, 2, 1])
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO, latest=True)

    (email,) = envelope["data"]["emails"]
    assert email["code"] == "700006"
    assert upstream.sequential_round_trips() == 2
    # The newest by id and the two within the margin (2 s) of it, in one batch: the old
    # three-id probe's 5 + 3 × 20.
    assert upstream.count("messages.get") == 3
    assert upstream.quota <= 65
    assert wire(upstream) == ["messages.list", "batch"]


async def test_latest_with_one_mail_in_the_window_is_one_list_and_one_get(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [900, 600, 10])
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO, latest=True)

    assert envelope["data"]["emails"][0]["code"] == "700002"
    assert wire(upstream) == ["messages.list", "messages.get"]
    assert upstream.quota == 25


async def test_more_bodies_than_a_batch_holds_go_in_batches_one_after_another(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [100 - k for k in range(25)])
    await cache_token(reader, upstream)
    provider = next(iter(reader._providers.values()))
    assert isinstance(provider, GmailProvider)

    emails, errors, gone = await provider._fetch_all([m.id for m in upstream.messages])

    assert (len(emails), errors, gone) == (25, [], 0)
    batches = [r for r in upstream.requests if r.operation == "batch"]
    assert len(batches) == -(-25 // BATCH_SIZE)
    assert {len([p for p in upstream.parts if p.batch is b]) for b in batches} <= set(
        range(1, BATCH_SIZE + 1)
    )
    assert upstream.sequential_round_trips() == len(batches)  # one batch held at a time


async def test_a_body_fetched_once_is_not_asked_for_in_the_next_batch(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [50, 40, 30])
    await reader.read_emails(TO)
    upstream.reset_counters()
    deliver(upstream, [20, 10])

    envelope = await reader.read_emails(TO)

    assert len(envelope["data"]["emails"]) == 5
    assert wire(upstream) == ["messages.list", "batch"]
    assert upstream.count("messages.get") == 2


# -- waiting ------------------------------------------------------------------------------


async def test_new_mail_found_by_one_poll_is_fetched_in_one_batch(
    reader: Reader, upstream: FakeGmail
) -> None:
    async with reader.expect_email(TO, subject="third", poll_interval=0.05) as pending:
        for subject in ("first", "second", "third"):
            upstream.deliver(message(TO, subject=subject), datetime.now(UTC))
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "third"
    assert upstream.count("batch") == 1
    assert upstream.count("messages.get") == 3


async def test_the_catch_up_of_a_wait_fetches_the_mail_already_there_in_one_batch(
    reader: Reader, upstream: FakeGmail
) -> None:
    for n, subject in enumerate(("one", "two", "three")):
        upstream.deliver(message(TO, subject=subject), datetime.now(UTC) - timedelta(seconds=3 - n))

    envelope = await reader.wait_for_email(TO, timeout=5, poll_interval=0.05)

    assert envelope["data"]["emails"][0]["subject"] in {"one", "two", "three"}
    assert upstream.count("batch") == 1
    assert upstream.count("messages.get") == 3


# -- a batch's own failures ---------------------------------------------------------------


async def test_a_throttled_part_is_retried_alone(reader: Reader, upstream: FakeGmail) -> None:
    ids = deliver(upstream, [30, 20, 10])
    upstream.fail(f"messages.get {ids[1]}", Fault(status=429, body=GMAIL_429))
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert len(envelope["data"]["emails"]) == 3
    assert wire(upstream) == ["messages.list", "batch", "messages.get"]
    retried = [r for r in upstream.requests if r.operation == "messages.get"]
    assert [r.url.split("/messages/")[1].split("?")[0] for r in retried] == [ids[1]]


async def test_a_part_failing_on_every_attempt_is_skipped_and_the_others_returned(
    reader: Reader, upstream: FakeGmail
) -> None:
    ids = deliver(upstream, [30, 20, 10])
    upstream.fail(f"messages.get {ids[0]}", *[Fault(status=503, body=GMAIL_503)] * 9)
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert [e["id"] for e in envelope["data"]["emails"]] == [ids[2], ids[1]]
    assert upstream.count("messages.get") == 2 + FAST.attempts


async def test_every_part_failing_ends_in_their_code(reader: Reader, upstream: FakeGmail) -> None:
    deliver(upstream, [30, 20, 10])
    upstream.fail("messages.get", *[Fault(status=503, body=GMAIL_503)] * 30)
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert envelope["code"] == "provider_unavailable"
    assert envelope["error"].startswith("API_ERROR: all 3 matched messages failed to fetch")


async def test_a_part_over_the_size_bound_is_refused_and_the_others_read(
    reader: Reader, upstream: FakeGmail
) -> None:
    ids = deliver(upstream, [30, 20])
    upstream.deliver(message(TO, body="x" * 150_000), NOW - timedelta(seconds=10))
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert [e["id"] for e in envelope["data"]["emails"]] == [ids[1], ids[0]]
    assert wire(upstream) == ["messages.list", "batch"]


async def test_a_batch_answer_too_large_to_parse_whole_is_refused_and_fetched_one_by_one(
    reader: Reader, upstream: FakeGmail, caplog: pytest.LogCaptureFixture
) -> None:
    # A batch answer may hold two of its largest part's answers (2 × (4/3 × 100 kB + 4 KiB))
    # plus 2 KiB a part: three messages of 90 kB (answers of 120 kB) are over that, and
    # each is within its own bound.
    ids = [
        upstream.deliver(
            message(TO, body=f"Your code is 70000{n}\n" + "x" * 90_000, message_id=f"<{n}@a>"),
            NOW - timedelta(seconds=30 - n),
        )
        for n in range(3)
    ]
    await cache_token(reader, upstream)
    provider = next(iter(reader._providers.values()))
    assert isinstance(provider, GmailProvider)

    with caplog.at_level("INFO", logger="otpmail.gmail"):
        emails, errors, _ = await provider._fetch_all(ids)

    assert ([e.id for e in emails], errors) == (ids, [])
    assert wire(upstream) == ["batch", *["messages.get"] * 3]
    assert "Gmail batch refused: the response is" in caplog.text
    assert "more than a batch of 3 may be at email.limits.response_bytes (100000)" in caplog.text


@pytest.mark.parametrize(
    "answer",
    [
        Fault(status=200, body="--x\r\nnot a part", content_type="multipart/mixed; boundary=x"),
        Fault(status=200, body='{"messages": []}'),
    ],
    ids=["broken multipart", "not multipart"],
)
async def test_a_malformed_batch_answer_is_a_bad_response(
    reader: Reader, upstream: FakeGmail, answer: Fault
) -> None:
    deliver(upstream, [30, 20, 10])
    upstream.fail("batch", answer)
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert envelope["code"] == "bad_response"
    assert upstream.count("batch") == 1


async def test_a_batch_refused_as_a_whole_for_now_is_retried_within_the_deadline(
    reader: Reader, upstream: FakeGmail
) -> None:
    deliver(upstream, [30, 20, 10])
    upstream.fail("batch", Fault(status=503, body=GMAIL_503))
    await cache_token(reader, upstream)

    envelope = await reader.read_emails(TO)

    assert len(envelope["data"]["emails"]) == 3
    assert upstream.count("batch") == 2


async def test_a_stalled_batch_ends_at_the_deadline(reader: Reader, upstream: FakeGmail) -> None:
    deliver(upstream, [30, 20, 10])
    upstream.fail("batch", Fault(delay=30))
    await cache_token(reader, upstream)
    started = asyncio.get_running_loop().time()

    envelope = await reader.read_emails(TO, deadline=0.8)

    assert envelope["code"] == "deadline_exceeded"
    assert asyncio.get_running_loop().time() - started < 0.8 + 0.3
