"""Waiting for new mail: wait_for_email, expect_email, the shared poll stream."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import write_config
from otpmail import Reader, wait_for_email_sync
from otpmail._core._config import Mailbox, MaildirMailbox
from otpmail._core._criteria import Criteria, build_criteria
from otpmail._decoding._email import Email
from otpmail._providers._maildir import MaildirProvider
from test_maildir import deliver, message

FAST = 0.05


class CountingMaildir(MaildirProvider):
    """The real Maildir provider, counting the calls a wait makes and the bodies it reads."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        super().__init__(mailbox)
        self.calls: Counter[str] = Counter()
        self.bodies: Counter[str] = Counter()

    async def search(self, criteria: Criteria) -> list[Email]:
        self.calls["search"] += 1
        found = await super().search(criteria)
        self.bodies.update(e.id for e in found)
        return found

    async def cursor(self) -> object:
        self.calls["cursor"] += 1
        return await super().cursor()

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        self.calls["changes"] += 1
        emails, after = await super().changes(cursor, since, known)
        self.bodies.update(e.id for e in emails)
        return emails, after


@pytest.fixture
def box(tmp_path: Path) -> Path:
    path = tmp_path / "box"
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True)
    return path


@pytest.fixture
def config(tmp_path: Path, box: Path) -> Path:
    return write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: box\n",
    )


@pytest.fixture
def providers() -> list[CountingMaildir]:
    return []


@pytest.fixture
def reader(config: Path, providers: list[CountingMaildir]) -> Reader:
    def factory(mailbox: Mailbox) -> CountingMaildir:
        assert isinstance(mailbox, MaildirMailbox)
        provider = CountingMaildir(mailbox)
        providers.append(provider)
        return provider

    return Reader(config, provider_factory=factory)


async def deliver_later(box: Path, delay: float, **kwargs: Any) -> None:
    await asyncio.sleep(delay)
    to = kwargs.pop("to", "qa+w@example.com")
    deliver(box, message(to, **kwargs), datetime.now(UTC))


async def test_returns_the_mail_that_arrives_during_the_wait(reader: Reader, box: Path) -> None:
    sender = asyncio.create_task(deliver_later(box, 0.3, subject="Your code", body="Code 551122"))

    envelope = await reader.wait_for_email("qa+w@example.com", timeout=5, poll_interval=FAST)
    await sender

    (email,) = envelope["data"]["emails"]
    assert email["body"] == "Code 551122"


async def test_never_returns_an_older_mail_and_says_what_it_looked_for(
    reader: Reader, box: Path
) -> None:
    deliver(
        box, message("qa+w@example.com", subject="yesterday"), datetime.now(UTC) - timedelta(days=1)
    )
    other = asyncio.create_task(
        deliver_later(box, 0.1, to="someone@example.com", subject="not for us")
    )

    begin = time.monotonic()
    envelope = await reader.wait_for_email(
        "qa+w@example.com", sender="acme.example", timeout=0.6, poll_interval=FAST
    )
    waited = time.monotonic() - begin
    await other

    assert envelope["status"] == "error"
    assert envelope["error"].startswith(
        "NO_EMAILS_FOUND: no email matching to=qa+w@example.com sender=acme.example"
    )
    assert "arrived within 0.6s (since=20" in envelope["error"]
    assert "1 other message(s) arrived" in envelope["error"]
    assert envelope["retryable"] is True
    assert [(a["to"], a["subject"]) for a in envelope["arrived"]] == [
        ("someone@example.com", "not for us")
    ]
    assert 0.6 <= waited < 2.0


async def test_a_mail_that_arrived_just_before_the_call_is_found_at_once(
    reader: Reader, box: Path
) -> None:
    deliver(
        box,
        message("qa+w@example.com", subject="just now"),
        datetime.now(UTC) - timedelta(seconds=2),
    )

    begin = time.monotonic()
    envelope = await reader.wait_for_email("qa+w@example.com", timeout=5, poll_interval=FAST)

    assert envelope["data"]["emails"][0]["subject"] == "just now"
    assert time.monotonic() - begin < 1


async def test_an_explicit_since_excludes_earlier_mail(reader: Reader, box: Path) -> None:
    deliver(
        box, message("qa+w@example.com", subject="before"), datetime.now(UTC) - timedelta(seconds=2)
    )
    later = asyncio.create_task(deliver_later(box, 0.2, subject="after"))

    envelope = await reader.wait_for_email(
        "qa+w@example.com", since=datetime.now(UTC), timeout=5, poll_interval=FAST
    )
    await later

    assert envelope["data"]["emails"][0]["subject"] == "after"


async def test_expect_email_ignores_mail_that_was_there_before_the_block(
    reader: Reader, box: Path
) -> None:
    deliver(box, message("qa+w@example.com", subject="old"), datetime.now(UTC))

    async with reader.expect_email("qa+w@example.com", poll_interval=FAST) as pending:
        deliver(
            box, message("qa+w@example.com", subject="triggered by the click"), datetime.now(UTC)
        )
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "triggered by the click"


async def test_expect_email_trusts_the_marker_not_the_clock(reader: Reader, box: Path) -> None:
    """A delivery stamp from a clock running ten minutes slow still counts after the marker."""
    async with reader.expect_email("qa+w@example.com", poll_interval=FAST) as pending:
        deliver(
            box,
            message("qa+w@example.com", subject="skewed"),
            datetime.now(UTC) - timedelta(minutes=10),
        )
    envelope = await pending.value(timeout=5)

    assert envelope["data"]["emails"][0]["subject"] == "skewed"


async def test_expect_email_reports_bad_arguments_from_value(reader: Reader) -> None:
    async with reader.expect_email("not an address") as pending:
        pass

    envelope = await pending.value(timeout=1)

    assert envelope["error"].startswith("INVALID: ")


async def test_ten_waiters_share_one_poll_stream(
    reader: Reader, box: Path, providers: list[CountingMaildir]
) -> None:
    async def one(i: int) -> dict[str, Any]:
        return await reader.wait_for_email(f"qa+t{i}@example.com", timeout=0.8, poll_interval=0.1)

    alone = await reader.wait_for_email("qa+solo@example.com", timeout=0.8, poll_interval=0.1)
    solo_changes = providers[0].calls["changes"]
    providers[0].calls.clear()

    results = await asyncio.gather(*(one(i) for i in range(10)))

    assert alone["code"] == "no_emails_found"
    assert all(r["code"] == "no_emails_found" for r in results)
    assert len(providers) == 1
    # The same polls serve every waiter: within one or two of a single waiter's count.
    # Each waiter takes its own mark; those that ask together share one (a cursor for the
    # first, one poll for the nine that joined while it was taken).
    assert providers[0].calls["changes"] <= solo_changes + 2
    assert providers[0].calls["cursor"] == 1


async def test_each_waiter_gets_its_own_mail_from_the_shared_stream(
    reader: Reader, box: Path
) -> None:
    async def wait(tag: str) -> str:
        envelope = await reader.wait_for_email(
            f"qa+{tag}@example.com", timeout=5, poll_interval=FAST
        )
        return str(envelope["data"]["emails"][0]["body"])

    waits = [asyncio.create_task(wait(t)) for t in ("a", "b", "c")]
    await asyncio.sleep(0.2)
    for tag in ("c", "a", "b"):
        deliver(box, message(f"qa+{tag}@example.com", body=f"code for {tag}"), datetime.now(UTC))

    assert await asyncio.gather(*waits) == ["code for a", "code for b", "code for c"]


async def test_no_message_body_is_read_twice_in_a_wait(
    reader: Reader, box: Path, providers: list[CountingMaildir]
) -> None:
    deliver(
        box, message("qa+w@example.com", subject="noise"), datetime.now(UTC) - timedelta(seconds=1)
    )
    later = asyncio.create_task(
        deliver_later(box, 0.3, subject="wanted", sender="Shop <orders@shop.example>")
    )

    envelope = await reader.wait_for_email(
        "qa+w@example.com", sender="shop.example", timeout=5, poll_interval=FAST
    )
    await later

    assert envelope["data"]["emails"][0]["subject"] == "wanted"
    assert providers[0].bodies and max(providers[0].bodies.values()) == 1


async def test_cancelling_the_wait_stops_polling_at_once(
    reader: Reader, providers: list[CountingMaildir]
) -> None:
    task = asyncio.create_task(
        reader.wait_for_email("qa+w@example.com", timeout=30, poll_interval=FAST)
    )
    await asyncio.sleep(0.3)

    begin = time.monotonic()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stopped_in = time.monotonic() - begin
    polls = providers[0].calls["changes"]
    await asyncio.sleep(0.3)

    assert stopped_in < 0.2
    assert providers[0].calls["changes"] == polls


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"timeout": 0}, "timeout"),
        ({"timeout": -5}, "timeout"),
        ({"timeout": "60"}, "timeout"),
        ({"timeout": 10, "poll_interval": 0}, "poll_interval"),
        ({"timeout": 10, "poll_interval": 20}, "poll_interval"),
        ({"since": datetime(2026, 1, 1)}, "since"),
        ({"since": "5m"}, "since"),
        ({"since": datetime(1900, 1, 1, tzinfo=UTC)}, "since"),
    ],
)
async def test_bad_timing_arguments_are_invalid(
    reader: Reader, kwargs: dict[str, Any], field: str
) -> None:
    envelope = await reader.wait_for_email("qa+w@example.com", **kwargs)

    assert envelope["error"].startswith("INVALID: ")
    assert field in envelope["error"]


def test_the_sync_twin_waits_too(config: Path, box: Path) -> None:
    deliver(box, message("qa+sync@example.com", subject="sync"), datetime.now(UTC))

    envelope = wait_for_email_sync(
        "qa+sync@example.com", timeout=3, poll_interval=FAST, integrations=config
    )

    assert envelope["data"]["emails"][0]["subject"] == "sync"


# ---------------------------------------------------------------------------------------
# deadline= bounds each provider call of a wait; timeout bounds the wait


class HangingMaildir(CountingMaildir):
    """The Maildir provider, whose first ``hang[kind]`` calls of a kind hang for a minute:
    only a deadline ends them."""

    def __init__(self, mailbox: MaildirMailbox, hang: Counter[str]) -> None:
        super().__init__(mailbox)
        self.hang = hang
        self.hung: Counter[str] = Counter()

    async def _maybe_hang(self, kind: str) -> None:
        if self.hung[kind] < self.hang[kind]:
            self.hung[kind] += 1
            await asyncio.sleep(60)

    async def search(self, criteria: Criteria) -> list[Email]:
        await self._maybe_hang("search")
        return await super().search(criteria)

    async def cursor(self) -> object:
        await self._maybe_hang("cursor")
        return await super().cursor()

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        await self._maybe_hang("changes")
        return await super().changes(cursor, since, known)


def hanging_reader(config: Path, providers: list[HangingMaildir], **hang: int) -> Reader:
    def factory(mailbox: Mailbox) -> HangingMaildir:
        assert isinstance(mailbox, MaildirMailbox)
        provider = HangingMaildir(mailbox, Counter(hang))
        providers.append(provider)
        return provider

    return Reader(config, provider_factory=factory)


@pytest.mark.parametrize("hang", ["cursor", "search"])
async def test_deadline_bounds_the_marker_and_the_catch_up_search(config: Path, hang: str) -> None:
    providers: list[HangingMaildir] = []
    reader = hanging_reader(config, providers, **{hang: 1})

    begin = time.monotonic()
    envelope = await reader.wait_for_email("qa+w@example.com", timeout=30, deadline=0.2)

    assert time.monotonic() - begin < 2
    assert envelope["code"] == "deadline_exceeded" and envelope["retryable"] is True
    assert envelope["error"] == "API_ERROR: wait_for_email (maildir) did not finish within 0.2 s"
    assert providers[0].hung[hang] == 1


@pytest.mark.parametrize("deadline", [0.2, None])
async def test_deadline_bounds_each_poll_and_the_wait_goes_on(
    config: Path, box: Path, deadline: float | None
) -> None:
    """A poll that hangs is cut at the deadline and polled again, within the timeout; with
    the file's deadline (30 s) it would hold the whole wait."""
    providers: list[HangingMaildir] = []
    reader = hanging_reader(config, providers, changes=1)
    later = asyncio.create_task(deliver_later(box, 0.1, subject="after the hang"))

    envelope = await reader.wait_for_email(
        "qa+w@example.com", timeout=1.5, poll_interval=FAST, deadline=deadline
    )
    await later

    assert providers[0].hung["changes"] == 1
    if deadline is None:
        assert envelope["code"] == "no_emails_found"
    else:
        assert envelope["data"]["emails"][0]["subject"] == "after the hang"


async def test_expect_email_deadline_bounds_the_marker(config: Path) -> None:
    providers: list[HangingMaildir] = []
    reader = hanging_reader(config, providers, cursor=1)

    begin = time.monotonic()
    async with reader.expect_email("qa+w@example.com", deadline=0.2) as pending:
        pass
    envelope = await pending.value(timeout=30)

    assert time.monotonic() - begin < 2
    assert envelope["error"] == "API_ERROR: expect_email (maildir) did not finish within 0.2 s"


async def test_expect_email_deadline_bounds_each_poll(config: Path, box: Path) -> None:
    providers: list[HangingMaildir] = []
    reader = hanging_reader(config, providers, changes=1)

    async with reader.expect_email("qa+w@example.com", poll_interval=FAST, deadline=0.2) as pending:
        deliver(box, message("qa+w@example.com", subject="after the hang"), datetime.now(UTC))
    envelope = await pending.value(timeout=3)

    assert envelope["data"]["emails"][0]["subject"] == "after the hang"
    assert providers[0].hung["changes"] == 1


@pytest.mark.parametrize("value", [0, -1, 3601, True, "5", float("nan"), float("inf")])
async def test_a_bad_deadline_is_invalid_like_read_emails_and_calls_nothing(
    reader: Reader, providers: list[CountingMaildir], value: Any
) -> None:
    waited = await reader.wait_for_email("qa+w@example.com", timeout=1, deadline=value)
    async with reader.expect_email("qa+w@example.com", deadline=value) as pending:
        pass
    expected = await pending.value(timeout=1)
    read = await reader.read_emails("qa+w@example.com", deadline=value)

    for envelope in (waited, expected, read):
        assert envelope["code"] == "invalid_argument"
        assert envelope["error"] == (
            "INVALID: deadline must be a number of seconds above 0 and at most 3600"
        )
    assert providers == []


async def test_a_shared_poll_gets_the_longest_deadline_of_its_waiters(
    reader: Reader, providers: list[CountingMaildir]
) -> None:
    """One poll serves every waiter: cut at the shortest deadline, it would keep failing
    for the patient one. The one in a hurry still ends at its own timeout."""
    from otpmail._reading._wait import stream_for

    hurried = asyncio.create_task(
        reader.wait_for_email("qa+a@example.com", timeout=0.5, poll_interval=FAST, deadline=0.5)
    )
    patient = asyncio.create_task(
        reader.wait_for_email("qa+b@example.com", timeout=30, poll_interval=FAST, deadline=20)
    )
    await asyncio.sleep(0.2)
    stream = stream_for(providers[0], "maildir", None)

    assert len(stream.waiters) == 2
    assert 19 < stream._poll_budget() <= 20
    begin = time.monotonic()
    assert (await hurried)["code"] == "no_emails_found"
    assert time.monotonic() - begin < 2  # its own timeout, not the patient one's 20 s polls
    assert len(stream.waiters) == 1 and 19 < stream._poll_budget() <= 20
    patient.cancel()
    with pytest.raises(asyncio.CancelledError):
        await patient


def test_the_sync_twin_takes_a_deadline_too(config: Path) -> None:
    envelope = wait_for_email_sync(
        "qa+sync@example.com", timeout=1, deadline=0, integrations=config
    )

    assert envelope["error"].startswith("INVALID: deadline must be")


@pytest.mark.parametrize("timeout", [0.25, 0.3])
async def test_the_timeout_message_says_the_timeout_as_given(
    reader: Reader, timeout: float
) -> None:
    waited = await reader.wait_for_email("qa+w@example.com", timeout=timeout, poll_interval=FAST)
    async with reader.expect_email("qa+w@example.com", poll_interval=FAST) as pending:
        pass
    expected = await pending.value(timeout=timeout)

    assert f"arrived within {timeout:g}s (since=20" in waited["error"]
    assert f"arrived within {timeout:g}s (only mail delivered after" in expected["error"]


class SlowMaildir(CountingMaildir):
    """Each poll takes 0.3 s, so other waiters ask for their marks meanwhile.
    ``hooks[n]`` is a pair of callables run as poll ``n`` (from 1) starts and returns."""

    def __init__(self, mailbox: MaildirMailbox) -> None:
        super().__init__(mailbox)
        self.hooks: dict[int, tuple[Any, Any]] = {}

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        self.calls["changes"] += 1
        start, end = self.hooks.get(self.calls["changes"], (None, None))
        if start:
            start()
        await asyncio.sleep(0.3)
        found = await MaildirProvider.changes(self, cursor, since, known)
        if end:
            end()
        return found


async def test_a_waiter_that_gives_up_while_joining_leaves_nothing_behind(config: Path) -> None:
    """Cancelled while it waits for its mark, while another waiter takes the mark that
    covers it, or just after that mark: the stream must not keep polling for it."""
    from otpmail._core._config import load
    from otpmail._reading._wait import MailStream, new_waiter

    (mailbox,) = load(config).mailboxes
    assert isinstance(mailbox, MaildirMailbox)
    provider = SlowMaildir(mailbox)
    stream = MailStream(provider, interval=60)
    criteria = build_criteria("qa+w@example.com")

    def waiter() -> Any:
        return new_waiter(criteria, None, time.monotonic(), 10)

    first = waiter()
    await stream.join(first)  # idle: a cursor; then the stream's own poll 1 (0.3 s)
    second, during, after = waiter(), waiter(), waiter()
    early = asyncio.create_task(stream.join(waiter()))
    joins = [asyncio.create_task(stream.join(w)) for w in (second, during, after)]
    provider.hooks[2] = (  # poll 2: the mark second takes for itself, during and after
        joins[1].cancel,  # during it
        lambda: asyncio.get_running_loop().call_soon(joins[2].cancel),  # just after it
    )
    await asyncio.sleep(0)  # poll 1 has the lock; the four wait for it
    early.cancel()  # before any mark
    await joins[0]
    for task in (early, joins[1], joins[2]):
        with pytest.raises(asyncio.CancelledError):
            await task

    assert provider.calls["changes"] == 2
    assert stream.waiters == [first, second]
    stream.remove(first)
    stream.remove(second)
    assert stream.waiters == [] and stream._task is None and not stream._marked


class TimedMaildir(CountingMaildir):
    """Each poll takes ``duration`` seconds; ``starts`` are the loop times polls began."""

    def __init__(self, mailbox: MaildirMailbox, duration: float) -> None:
        super().__init__(mailbox)
        self.duration = duration
        self.starts: list[float] = []

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        self.starts.append(asyncio.get_running_loop().time())
        await asyncio.sleep(self.duration)
        return await MaildirProvider.changes(self, cursor, since, known)


@pytest.mark.parametrize(("interval", "duration"), [(0.3, 0.15), (0.2, 0.35)])
async def test_polls_start_one_interval_apart_and_never_more_often(
    config: Path, interval: float, duration: float
) -> None:
    """A poll's own time is part of the wait for the next one (a mail arriving just
    after a poll is seen one interval later, not one interval plus a poll), and a poll
    slower than the interval is followed by a short pause, so polls never come more often
    than the interval asks."""
    from otpmail._core._config import load
    from otpmail._reading._wait import MIN_POLL_INTERVAL, MailStream, new_waiter

    (mailbox,) = load(config).mailboxes
    assert isinstance(mailbox, MaildirMailbox)
    provider = TimedMaildir(mailbox, duration)
    stream = MailStream(provider, interval=interval)
    waiter = new_waiter(build_criteria("qa+w@example.com"), None, time.monotonic(), 10)
    await stream.join(waiter)
    await asyncio.sleep(6 * max(interval, duration))
    stream.remove(waiter)

    gaps = [b - a for a, b in zip(provider.starts, provider.starts[1:], strict=False)]
    assert len(gaps) >= 4
    assert min(gaps) >= interval - 0.01
    assert min(gaps) >= duration + MIN_POLL_INTERVAL - 0.01
    # One interval apart when the poll is quicker than the interval, where waiting a whole
    # interval after each poll would put them interval + duration apart.
    expected = max(interval, duration + MIN_POLL_INTERVAL)
    assert sorted(gaps)[len(gaps) // 2] < expected + min(duration, interval) / 2
