"""Many calls at once on one Reader: one token, correct results, httplib2's one-Http-per-
thread rule on the Google side, Graph's 4 concurrent requests per mailbox on the Microsoft
side, and one caller's deadline never failing another caller that shares its work.

The real stacks run against the in-process fakes at their transport seams, with latency
so that the calls really overlap.
"""

from __future__ import annotations

import asyncio
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any, ClassVar

import pytest

from conftest import write_config, write_key
from fakes.gmail import FakeGmail, FakeGmailHttp, Fault
from fakes.graph import FakeGraph
from fault_catalogue import CODE, gmail_message
from gmail_cassettes import quick_key
from otpmail import Reader
from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._graph_http import MAILBOX_CONCURRENCY
from otpmail._providers._outlook import OutlookProvider

CALLS = 50
GRAPH_BOX = "qa@contoso.com"
SECRET_ENV = "OTPMAIL_TEST_GRAPH_SECRET"


# -- Gmail ------------------------------------------------------------------------------


class ThreadRecordingHttp(FakeGmailHttp):
    """Records which threads used each Http object, and any use while another thread was
    still in a request on it."""

    users: ClassVar[dict[int, set[int]]] = defaultdict(set)
    overlaps: ClassVar[list[int]] = []
    busy: ClassVar[set[int]] = set()
    lock: ClassVar[threading.Lock] = threading.Lock()

    def request(self, uri: str, method: str = "GET", *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.users[id(self)].add(threading.get_ident())
            if id(self) in self.busy:
                self.overlaps.append(id(self))
            self.busy.add(id(self))
        try:
            return super().request(uri, method, *args, **kwargs)
        finally:
            with self.lock:
                self.busy.discard(id(self))


@pytest.fixture
def gmail(tmp_path: Path, service_account_info: dict[str, Any]) -> tuple[FakeGmail, Reader]:
    upstream = FakeGmail(latency=0.01)
    write_key(tmp_path, quick_key(service_account_info))
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )
    ThreadRecordingHttp.users = defaultdict(set)
    ThreadRecordingHttp.overlaps = []
    ThreadRecordingHttp.busy = set()
    created: list[ThreadRecordingHttp] = []

    def http() -> ThreadRecordingHttp:
        made = ThreadRecordingHttp(upstream)
        created.append(made)  # kept alive, so no id() is reused
        return made

    def factory(mailbox: Mailbox) -> GmailProvider:
        assert isinstance(mailbox, GmailMailbox)
        return GmailProvider(mailbox, http_factory=http)

    return upstream, Reader(config, provider_factory=factory)


async def test_fifty_concurrent_gmail_reads_fetch_one_token_and_each_gets_its_own_mail(
    gmail: tuple[FakeGmail, Reader],
) -> None:
    upstream, reader = gmail
    for i in range(CALLS):
        upstream.deliver(gmail_message(f"qa+c{i}@example.com", i, f"Sign-in mail c{i}z"))

    # Gmail's search (and the fake's) matches to:qa+c1@ for every qa+…@ recipient; the
    # subject keeps each call's candidates to its own message, the exact rules do the rest.
    envelopes = await asyncio.gather(
        *(reader.read_emails(f"qa+c{i}@example.com", subject=f"c{i}z") for i in range(CALLS))
    )
    await reader.aclose()

    assert upstream.count("token") == 1
    for i, envelope in enumerate(envelopes):
        assert envelope["status"] == "ok", envelope
        (email,) = envelope["data"]["emails"]
        assert email["to"] == f"qa+c{i}@example.com"
        assert email["subject"] == f"Sign-in mail c{i}z"
        assert email["code"] == CODE
    # httplib2 is not thread-safe: no Http object was used by two threads at once (each
    # request borrows an idle one; one after another, threads may share it).
    assert ThreadRecordingHttp.users
    assert ThreadRecordingHttp.overlaps == []
    # ...and the calls did run on several threads at once.
    assert len(set().union(*ThreadRecordingHttp.users.values())) > 1


async def test_fifty_concurrent_gmail_counts_fetch_one_token(
    gmail: tuple[FakeGmail, Reader],
) -> None:
    upstream, reader = gmail
    for i in range(3):
        upstream.deliver(gmail_message("qa+n@example.com", i))

    envelopes = await asyncio.gather(
        *(reader.read_emails("qa+n@example.com", count=True) for _ in range(CALLS))
    )
    await reader.aclose()

    assert upstream.count("token") == 1
    assert all(e == {"status": "ok", "data": {"count": 3}} for e in envelopes)


async def test_a_caller_out_of_time_does_not_fail_another_that_shares_its_fetch(
    gmail: tuple[FakeGmail, Reader],
) -> None:
    """Two calls want the same message; the one fetching it runs out of time. The other,
    with time left, fetches it itself instead of inheriting the first one's failure (or
    its cancellation)."""
    upstream, reader = gmail
    upstream.deliver(gmail_message("qa+s@example.com", 1))
    upstream.fail("messages.get", Fault(delay=5))  # the first fetch stalls

    async def patiently() -> dict[str, Any]:
        await asyncio.sleep(0.25)  # the hasty call is fetching the message by now
        return await reader.read_emails("qa+s@example.com", deadline=5)

    hasty, patient = await asyncio.gather(
        reader.read_emails("qa+s@example.com", deadline=0.5), patiently()
    )
    await reader.aclose()

    assert hasty["code"] == "deadline_exceeded"
    assert patient["status"] == "ok", patient
    assert patient["data"]["emails"][0]["code"] == CODE


# -- Graph ------------------------------------------------------------------------------


@pytest.fixture
def graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[FakeGraph, Reader]:
    monkeypatch.setenv(SECRET_ENV, "not-a-real-secret")
    upstream = FakeGraph(GRAPH_BOX, latency=0.02)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: outlook\n"
        f"      address: {GRAPH_BOX}\n"
        "      tenant_id: 11111111-2222-4333-8444-555555555555\n"
        "      client_id: aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee\n"
        f"      client_secret_env: {SECRET_ENV}\n",
    )

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox, transport=upstream.transport, token_transport=upstream.token_transport
        )

    return upstream, Reader(config, provider_factory=factory)


async def test_fifty_concurrent_graph_reads_fetch_one_token_and_each_gets_its_own_mail(
    graph: tuple[FakeGraph, Reader],
) -> None:
    upstream, reader = graph
    for i in range(CALLS):
        upstream.deliver(
            to=f"qa+c{i}@contoso.com", subject=f"Your code #{i}", body=f"Your code is {CODE}."
        )

    envelopes = await asyncio.gather(
        *(reader.read_emails(f"qa+c{i}@contoso.com") for i in range(CALLS))
    )
    await reader.aclose()

    assert upstream.count("token") == 1
    for i, envelope in enumerate(envelopes):
        assert envelope["status"] == "ok", envelope
        (email,) = envelope["data"]["emails"]
        assert email["to"] == f"qa+c{i}@contoso.com"
        assert email["subject"] == f"Your code #{i}"
        assert email["code"] == CODE
    assert upstream.max_in_flight <= MAILBOX_CONCURRENCY


async def test_at_most_four_graph_requests_per_mailbox_are_in_flight(
    graph: tuple[FakeGraph, Reader],
) -> None:
    upstream, reader = graph
    upstream.latency = 0.05
    upstream.deliver(to="qa+x@contoso.com", body=f"Your code is {CODE}.")

    envelopes = await asyncio.gather(*(reader.read_emails("qa+x@contoso.com") for _ in range(20)))
    await reader.aclose()

    assert MAILBOX_CONCURRENCY == 4
    assert all(e["status"] == "ok" for e in envelopes)
    graph_requests = [r for r in upstream.requests if r.operation != "token"]
    assert len(graph_requests) == 20
    # The gate was full: requests overlapped up to the limit and never beyond it.
    assert upstream.max_in_flight == 4


async def test_the_limit_is_shared_by_readers_of_the_same_mailbox(
    graph: tuple[FakeGraph, Reader], tmp_path: Path
) -> None:
    upstream, first = graph
    upstream.latency = 0.05
    upstream.deliver(to="qa+x@contoso.com", body=f"Your code is {CODE}.")
    second = Reader(first.path, provider_factory=first._factory)

    envelopes = await asyncio.gather(
        *(r.read_emails("qa+x@contoso.com") for r in [first, second] * 6)
    )
    await first.aclose()
    await second.aclose()

    assert all(e["status"] == "ok" for e in envelopes)
    assert upstream.max_in_flight <= 4
    assert upstream.count("token") == 2  # one per Reader (each has its own credential)
