"""Each sync/async twin is written once: the faces have the same names and signatures, and
every blocking call runs on the one loop thread."""

from __future__ import annotations

import _thread
import asyncio
import inspect
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLE_CONFIG, write_config
from otpmail import read_emails_sync, wait_for_email_sync
from otpmail._core._loop import shared_loop
from otpmail._providers._maildir import MaildirProvider
from otpmail._reading._wait import _streams
from otpmail.pytest_plugin import (
    AsyncOtpmailFixture,
    AsyncPendingMail,
    OtpmailFixture,
    PendingMail,
)

pytest_plugins = ["pytester"]

# The names the fixture had before the faces were made twins: each is kept, as an alias.
OLD_ASYNC_NAMES = {
    "aread": "read",
    "await_email": "wait",
    "await_code": "wait_for_code",
    "await_link": "wait_for_link",
    "aexpect": "expect",
}


def public_methods(cls: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(cls, callable)
        if not name.startswith("_") and name not in OLD_ASYNC_NAMES
    }


def shape(signature: inspect.Signature) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


@pytest.mark.parametrize(
    ("sync_face", "async_face"),
    [(OtpmailFixture, AsyncOtpmailFixture), (PendingMail, AsyncPendingMail)],
    ids=["fixture", "pending"],
)
def test_the_sync_and_async_faces_have_the_same_methods_and_signatures(
    sync_face: type, async_face: type
) -> None:
    sync_methods = public_methods(sync_face)
    async_methods = public_methods(async_face)

    assert sorted(sync_methods) == sorted(async_methods)
    for name, signature in async_methods.items():
        assert shape(sync_methods[name]) == shape(signature), name
        assert inspect.iscoroutinefunction(getattr(async_face, name)) or name == "expect", name
        assert not inspect.iscoroutinefunction(getattr(sync_face, name)), name


def test_the_old_async_names_stay_as_aliases_of_the_async_face() -> None:
    for old, new in OLD_ASYNC_NAMES.items():
        assert shape(inspect.signature(getattr(OtpmailFixture, old))) == shape(
            inspect.signature(getattr(AsyncOtpmailFixture, new))
        ), old


def loops_used(monkeypatch: pytest.MonkeyPatch) -> list[tuple[asyncio.AbstractEventLoop, str]]:
    """Record the event loop (and its thread) of every Maildir search."""
    seen: list[tuple[asyncio.AbstractEventLoop, str]] = []
    search: Callable[..., Any] = MaildirProvider.search

    async def recording(self: MaildirProvider, *args: Any, **kwargs: Any) -> Any:
        seen.append((asyncio.get_running_loop(), threading.current_thread().name))
        return await search(self, *args, **kwargs)

    monkeypatch.setattr(MaildirProvider, "search", recording)
    return seen


def test_the_sync_calls_run_on_one_loop_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """One loop for every blocking call: one poll stream, one Graph session per process."""
    seen = loops_used(monkeypatch)

    first = read_emails_sync("otp@example.test", latest=True, integrations=EXAMPLE_CONFIG)
    second = read_emails_sync("otp@example.test", latest=True, integrations=EXAMPLE_CONFIG)
    waited = wait_for_email_sync(
        "otp@example.test",
        timeout=1,
        since=datetime(2000, 1, 1, tzinfo=UTC),
        integrations=EXAMPLE_CONFIG,
    )

    assert first["status"] == second["status"] == waited["status"] == "ok"
    assert len(seen) >= 3
    assert len({id(loop) for loop, _ in seen}) == 1
    assert {thread for _, thread in seen} == {"otpmail-loop"}


def test_the_plugin_and_the_sync_calls_share_the_loop_thread(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        f"""
        import threading
        from otpmail import read_emails_sync

        def test_one_thread(otpmail):
            otpmail.read()
            read_emails_sync("otp@example.test", integrations={str(EXAMPLE_CONFIG)!r})
            names = [t.name for t in threading.enumerate() if t.name.startswith("otpmail")]
            assert names.count("otpmail-loop") == 1 and "otpmail-pytest" not in names, names
        """
    )

    result = pytester.runpytest_inprocess(
        "-p", "no:cacheprovider", "-p", "no:randomly", f"--otpmail-integrations={EXAMPLE_CONFIG}"
    )

    result.assert_outcomes(passed=1)


def test_an_interrupted_sync_wait_stops_polling(tmp_path: Path) -> None:
    """Ctrl-C during ``wait_for_email_sync`` cancels the wait on the loop thread, as
    ``asyncio.run`` did: the mailbox's poll stream is left without waiters."""
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        "      path: box\n",
    )
    for sub in ("new", "cur", "tmp"):
        (tmp_path / "box" / sub).mkdir(parents=True)
    threading.Timer(0.5, _thread.interrupt_main).start()

    with pytest.raises(KeyboardInterrupt):
        wait_for_email_sync("qa@example.com", timeout=30, integrations=config)

    loop = shared_loop().loop
    streams = _streams.get(loop, {})
    deadline = time.monotonic() + 5
    while any(s.waiters for s in streams.values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert streams  # the wait did join a stream on the shared loop
    assert not any(s.waiters for s in streams.values())
