"""Waiting: what an idle wait costs per poll (one waiter against ten), and how soon a new
message is detected after it becomes visible."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from _harness import (
    GMAIL_BOX,
    GRAPH_BOX,
    BenchGmail,
    Figures,
    PeakMeter,
    Probe,
    graph_fake,
    now,
    otp_html,
)
from _naive import NaiveGmail, NaiveGraph
from _reads import Row, Settings, gmail_reader, graph_reader

from fakes.gmail import FakeGmail
from otpmail import Reader
from otpmail._reading._wait import SKEW_ALLOWANCE

IDLE_POLLS = 3
"""Poll intervals in the measured idle window (counts and CPU)."""
TRACED_POLLS = 1
"""Poll intervals traced for the peak afterwards, in the same session."""
TRACED_TRIALS = 1
"""Detection trials traced for the peak after the measured ones, in the same session."""


def _meter(provider: str, naive: bool) -> PeakMeter:
    # kiota's model deserialisation is about a hundred times slower under tracemalloc.
    return PeakMeter("none" if naive and provider == "graph" else "tracemalloc")


def _address(gmail: bool, local: str) -> str:
    return f"qa+{local}@example.com" if gmail else f"otp+{local}@contoso.com"


def _is_watch(request: Any) -> bool:
    """A Graph id-only poll (the change feed), not a content search."""
    select = parse_qs(urlsplit(request.url).query).get("$select", [""])[0]
    return request.operation != "token" and "body" not in select


def _polls(fake: Any) -> int:
    if isinstance(fake, FakeGmail):
        return fake.count("history.list")
    return sum(1 for r in fake.requests if _is_watch(r))


async def _until(predicate: Callable[[], bool], limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError("the waiters did not settle")
        await asyncio.sleep(0.01)


def _idle_once(
    provider: str, waiters: int, naive: bool, settings: Settings
) -> tuple[Figures, Figures | None, float]:
    """(idle window figures, set-up figures, polls in the window). The peak comes from
    ``TRACED_POLLS`` more intervals after the measured window."""
    gmail = provider == "gmail"
    fake: Any = BenchGmail(settings.latency) if gmail else graph_fake(settings.latency)
    interval = settings.poll
    window = IDLE_POLLS * interval

    async def session() -> tuple[Figures, Figures | None, float]:
        probe = Probe(fake)
        reader: Reader | None = None
        tasks: list[asyncio.Task[Any]]
        setup: Figures | None = None
        if naive:
            impl: Any = (
                NaiveGmail(settings.files.sa_info, fake.http_factory, GMAIL_BOX)
                if gmail
                else NaiveGraph(fake.transport, fake.token_transport, GRAPH_BOX)
            )
            since = now() - SKEW_ALLOWANCE
            tasks = [
                asyncio.create_task(
                    impl.wait_for_email(
                        _address(gmail, f"w{i}"), since=since, interval=interval, timeout=120
                    )
                )
                for i in range(waiters)
            ]
            # Skip the first poll of every waiter: the window holds steady-state polls.
            await asyncio.sleep(interval)
        else:
            reader = (
                gmail_reader(settings.files.gmail, fake)
                if gmail
                else graph_reader(settings.files.graph, fake)
            )
            await reader.read_emails(_address(gmail, "warm-up"))  # token cached, as in a suite
            probe.start()
            tasks = [
                asyncio.create_task(
                    reader.wait_for_email(
                        _address(gmail, f"w{i}"), timeout=120, poll_interval=interval
                    )
                )
                for i in range(waiters)
            ]

            def settled() -> bool:
                if gmail:
                    searches = fake.count("messages.list")
                else:
                    searches = sum(
                        1 for r in fake.requests if r.operation != "token" and not _is_watch(r)
                    )
                return searches >= waiters and _polls(fake) >= (1 if gmail else 2)

            await _until(settled)
            setup = probe.stop()
        probe.start()
        await asyncio.sleep(window)
        idle = probe.stop()
        if naive:
            # A naive poll round: every waiter lists once (plus its token request).
            lists = sum(1 for r in fake.requests if r.operation in ("messages.list",))
            polls = max(1.0, lists / waiters)
        else:
            polls = _polls(fake)
        meter = _meter(provider, naive)
        meter.start()
        await asyncio.sleep(TRACED_POLLS * interval)
        idle.peak, idle.peak_method = meter.stop(), meter.method
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if reader is not None:
            await reader.aclose()
        return idle, setup, polls

    return asyncio.run(session())


def idle_rows(settings: Settings) -> list[Row]:
    rows: list[Row] = []
    for provider in ("gmail", "graph"):
        for naive in (False, True):
            for waiters in (1, 10):
                idle, setup, polls = _idle_once(provider, waiters, naive, settings)
                per_poll = idle.requests / max(1, polls)
                what = "poll rounds (each waiter once)" if naive else "polls"
                note = f"{polls:.3g} {what}: {per_poll:.1f} requests"
                if idle.units is not None:
                    note += f", {idle.units / max(1, polls):.1f} quota units"
                note += " per round" if naive else " per poll"
                if setup is not None:
                    units = f", {setup.units} units" if setup.units is not None else ""
                    note += f"; set-up {setup.requests} requests{units}"
                rows.append(
                    Row(
                        "Idle",
                        f"{provider}: {waiters} waiter{'s' if waiters > 1 else ''}, "
                        f"{IDLE_POLLS} × {settings.poll:g} s",
                        "naive" if naive else "otpmail",
                        idle,
                        note,
                        {
                            "key": f"w_{provider}_{waiters}_{'naive' if naive else 'otpmail'}",
                            "polls": polls,
                            "per_poll_requests": per_poll,
                            "per_poll_units": (idle.units or 0) / max(1, polls),
                        },
                    )
                )
    return rows


# -- detection ---------------------------------------------------------------------------------


def _detect_once(provider: str, naive: bool, settings: Settings) -> tuple[Figures, list[float]]:
    """Latencies of ``settings.trials`` measured trials; the peak comes from
    ``TRACED_TRIALS`` more, traced, in the same session."""
    gmail = provider == "gmail"
    fake: Any = BenchGmail(settings.latency) if gmail else graph_fake(settings.latency)
    rng = random.Random(8)
    interval = settings.poll

    def deliver(to: str, code: str) -> None:
        if gmail:
            from _reads import _raw

            fake.deliver(_raw(to, code), now())
        else:
            fake.deliver(
                to=to,
                subject="Your Acme verification code",
                body=otp_html(code),
                content_type="html",
                at=now(),
            )

    async def session() -> tuple[Figures, list[float]]:
        latencies: list[float] = []
        probe = Probe(fake)
        reader: Reader | None = None
        impl: Any = None
        if naive:
            impl = (
                NaiveGmail(settings.files.sa_info, fake.http_factory, GMAIL_BOX)
                if gmail
                else NaiveGraph(fake.transport, fake.token_transport, GRAPH_BOX)
            )
        else:
            reader = (
                gmail_reader(settings.files.gmail, fake)
                if gmail
                else graph_reader(settings.files.graph, fake)
            )
            await reader.read_emails(_address(gmail, "warm-up"))
        probe.start()
        meter = _meter(provider, naive)
        figures: Figures | None = None
        for i in range(settings.trials + TRACED_TRIALS):
            if i == settings.trials:
                figures = probe.stop()
                meter.start()
            # A distinct address per trial, so no trial can see another trial's mail.
            to = f"d{i}@example.com" if gmail else f"d{i}@contoso.com"
            code = f"{700000 + i}"
            delay = rng.uniform(0, interval)
            if reader is not None:
                async with reader.expect_email(to, poll_interval=interval) as pending:
                    await asyncio.sleep(delay)
                    deliver(to, code)
                    visible = time.perf_counter()
                envelope = await pending.value(timeout=30)
            else:
                since = now() - timedelta(seconds=1)
                waiting: Awaitable[dict[str, Any]] = asyncio.create_task(
                    impl.wait_for_email(to, since=since, interval=interval, timeout=30)
                )
                await asyncio.sleep(delay)
                deliver(to, code)
                visible = time.perf_counter()
                envelope = await waiting
            if figures is None:
                latencies.append(time.perf_counter() - visible)
            if envelope.get("status") != "ok" or envelope["data"]["emails"][0]["code"] != code:
                raise RuntimeError(f"detection trial {i} failed: {envelope.get('error')}")
        assert figures is not None
        figures.peak, figures.peak_method = meter.stop(), meter.method
        if reader is not None:
            await reader.aclose()
        return figures, latencies

    return asyncio.run(session())


def detection_rows(settings: Settings) -> list[Row]:
    rows: list[Row] = []
    for provider in ("gmail", "graph"):
        for naive in (False, True):
            figures, latencies = _detect_once(provider, naive, settings)
            ordered = sorted(latencies)
            median = ordered[len(ordered) // 2]
            p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
            trials = len(latencies)
            note = (
                f"median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, max "
                f"{ordered[-1] * 1000:.0f} ms after visible; figures for {trials} trials"
            )
            rows.append(
                Row(
                    "Detect",
                    f"{provider}: poll {settings.poll:g} s, {trials} trials",
                    "naive" if naive else "otpmail",
                    figures,
                    note,
                    {
                        "key": f"d_{provider}_{'naive' if naive else 'otpmail'}",
                        "median": median,
                        "p90": p90,
                        "max": ordered[-1],
                        "trials": trials,
                    },
                )
            )
    return rows
