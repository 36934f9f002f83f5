"""The bounded reader of provider answers (``_core._answers``), the bounds it applies
(``_core._bounds.AnswerBound``), the daemon worker pool (``_core._workers``) and the pinned
TLS context (``_core._tls``), on their own. The transports that use them are proven in
``test_security_answers.py``."""

from __future__ import annotations

import asyncio
import doctest
import gzip
import itertools
import threading
import time
import zlib
from types import ModuleType

import pytest

from otpmail._core import _answers, _bounds, _logs, _tls, _workers
from otpmail._core._answers import BoundedAnswer, read_answer
from otpmail._core._bounds import (
    MAX_TOKEN_RESPONSE_BYTES,
    Carrier,
    Limits,
    answer_bound,
    token_answer_bound,
)
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import deadline_scope
from otpmail._core._workers import WorkerPool, run_off_loop
from otpmail._providers import _gmail_messages
from test_security_answers import TOKEN_BOUND

BOUND = answer_bound(Limits(response_bytes=10_000), "Test answer")


def read(
    data: bytes, encoding: str | None, step: int = 7, bound: _bounds.AnswerBound = BOUND
) -> bytes:
    return read_answer((data[i : i + step] for i in range(0, len(data), step)), encoding, bound)


@pytest.mark.parametrize("module", [_answers, _tls, _workers, _logs, _gmail_messages])
def test_the_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_token_bound_the_tests_use_is_the_one_in_force() -> None:
    assert TOKEN_BOUND == MAX_TOKEN_RESPONSE_BYTES == token_answer_bound("x").limit


@pytest.mark.parametrize(
    ("encoding", "encode"),
    [
        (None, lambda b: b),
        ("identity", lambda b: b),
        ("gzip", gzip.compress),
        ("x-gzip", gzip.compress),
        ("deflate", zlib.compress),  # zlib-wrapped, as RFC 9110 says
        ("deflate", lambda b: zlib.compress(b, wbits=-15)),  # raw, as some servers send it
        ("gzip, gzip", lambda b: gzip.compress(gzip.compress(b))),
        ("GZip ", gzip.compress),
    ],
)
@pytest.mark.parametrize("step", [1, 7, 65_536])
def test_an_answer_within_the_bound_reads_whole_however_it_is_encoded_and_split(
    encoding: str | None, encode: object, step: int
) -> None:
    body = bytes(range(256)) * 39  # 9,984 bytes, under the 10,000 of the bound
    assert read(encode(body), encoding, step) == body  # type: ignore[operator]


def test_the_bound_is_exact_plain_and_inflated() -> None:
    for encoding, encode in ((None, bytes), ("gzip", gzip.compress)):
        assert len(read(encode(b"x" * 10_000), encoding)) == 10_000
        with pytest.raises(OtpmailError) as over:
            read(encode(b"x" * 10_001), encoding)
        assert over.value.code == "response_too_large"


def test_gzip_members_inflate_into_one_answer_under_one_bound() -> None:
    two = gzip.compress(b"a" * 6_000) + gzip.compress(b"b" * 4_000)
    assert read(two, "gzip") == b"a" * 6_000 + b"b" * 4_000
    with pytest.raises(OtpmailError, match="inflates to more than 10000"):
        read(two + gzip.compress(b"c"), "gzip")


def test_a_bomb_costs_at_most_the_bound() -> None:
    """A 10 MB gzip of zeros against a 10 kB bound: refused after one small step."""
    bomb = gzip.compress(b"\0" * 10_000_000)
    reading = BoundedAnswer(BOUND, "gzip")
    with pytest.raises(OtpmailError) as over:
        reading.feed(bomb)
    assert over.value.code == "response_too_large"
    assert "inflates to more than 10000 bytes" in over.value.message
    assert sum(len(p) for p in reading._parts) <= 10_000


def test_the_wire_is_bounded_too_whatever_it_inflates_to() -> None:
    # A gzip stream of stored (uncompressed) blocks padded past the wire allowance.
    padded = gzip.compress(b"x", compresslevel=0) + b"\0" * (BOUND.wire_limit + 1)
    with pytest.raises(OtpmailError, match="is more than 10000 bytes"):
        read(padded, "gzip", step=65_536)


@pytest.mark.parametrize("encoding", ["br", "zstd", "compress", "gzip, br"])
def test_an_encoding_otpmail_did_not_offer_is_a_bad_response(encoding: str) -> None:
    with pytest.raises(OtpmailError) as refused:
        BoundedAnswer(BOUND, encoding)
    assert refused.value.code == "bad_response"
    assert encoding not in refused.value.message


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b"not gzip at all", "gzip"),
        (gzip.compress(b"x" * 5_000, mtime=0)[:-12], "gzip"),  # cut short; mtime 0: one test id
        (b"\x78", "deflate"),  # one byte of a zlib header, then nothing
    ],
)
def test_compressed_data_that_does_not_inflate_is_a_bad_response(
    data: bytes, encoding: str
) -> None:
    with pytest.raises(OtpmailError) as bad:
        read(data, encoding)
    assert bad.value.code == "bad_response"
    assert bad.value.message == "Test answer failed: the compressed answer does not inflate"


def test_an_empty_compressed_answer_is_an_empty_body() -> None:
    assert read(b"", "gzip") == b""


def test_a_batch_answer_is_bounded_as_its_parts_may_be_together() -> None:
    """While it is read, a batch answer has the bound it is checked against afterwards
    (``batch_response_limit``); each part is bounded again when it is split."""
    limits = Limits(response_bytes=1_000)
    carriers = [Carrier.BASE64_IN_JSON] * 3
    bound = _bounds.batch_answer_bound(limits, "Gmail batch", carriers)

    assert bound.limit == _bounds.batch_response_limit(limits, carriers)
    with pytest.raises(OtpmailError) as over:
        read(b"x" * (bound.limit + 1), None, step=65_536, bound=bound)
    assert over.value.code == "response_too_large"
    assert (
        "more than a batch of 3 may be at email.limits.response_bytes (1000)" in over.value.message
    )
    with pytest.raises(OtpmailError, match="more than a batch of 3 may be"):
        bound.check(bound.limit + 1)


# -- the worker pool ----------------------------------------------------------------------


def test_the_pool_runs_work_on_daemon_threads_up_to_its_size() -> None:
    pool = WorkerPool(3, "t")
    started = threading.Barrier(4)
    threads: set[threading.Thread] = set()

    def work() -> None:
        threads.add(threading.current_thread())
        started.wait(timeout=5)

    futures = [pool.submit(work) for _ in range(3)]
    started.wait(timeout=5)  # three ran at once
    for future in futures:
        future.result(timeout=5)
    assert len(threads) == 3 and all(t.daemon for t in threads)
    # Idle threads are reused, not added.
    assert pool.submit(threading.current_thread).result(timeout=5) in threads
    pool.shutdown()


def test_shutting_the_pool_down_never_waits_for_work_still_running() -> None:
    pool = WorkerPool(1, "t")
    running, release = threading.Event(), threading.Event()

    def work() -> bool:
        running.set()
        return release.wait(10)

    busy = pool.submit(work)
    assert running.wait(5)
    queued = pool.submit(time.sleep, 0)

    started = time.monotonic()
    pool.shutdown(wait=True, cancel_futures=True)

    assert time.monotonic() - started < 1
    assert queued.cancelled()
    with pytest.raises(RuntimeError):
        pool.submit(time.sleep, 0)
    release.set()
    assert busy.result(timeout=5) is True


async def test_waiting_for_blocking_work_ends_at_the_deadline_and_the_loop_stays_free() -> None:
    pool = WorkerPool(1, "t")
    ticks: list[float] = []

    async def tick() -> None:
        while True:
            ticks.append(time.monotonic())
            await asyncio.sleep(0.02)

    ticker = asyncio.create_task(tick())
    started = time.monotonic()
    with deadline_scope(0.3), pytest.raises(OtpmailError) as late:
        await run_off_loop(pool, lambda: time.sleep(1.5), "Slow work")
    ticker.cancel()

    assert late.value.code == "deadline_exceeded"
    assert late.value.message == "Slow work did not finish before the deadline"
    assert time.monotonic() - started < 1.0
    assert max(b - a for a, b in itertools.pairwise(ticks)) < 0.25
    pool.shutdown()
