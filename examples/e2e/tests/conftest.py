"""Set-up for the Acme e2e suite: the app, and a real Chromium for the browser tests.

No integrations file: the otpmail plugin's built-in catcher (``otpmail_smtp``) takes the
app's mail, and the ``otpmail`` fixture reads it. The app starts once per test session,
which under pytest-xdist is once per worker, with ``SMTP_HOST``/``SMTP_PORT`` pointed at
that worker's catcher, as pytest-django's ``live_server`` starts a server per worker.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

APP = Path(__file__).resolve().parent.parent / "app.py"
CHROMIUM = Path(os.environ.get("ACME_CHROMIUM", "/usr/bin/chromium"))
# The browser reaches nothing but this machine: every host name resolves to nothing but
# 127.0.0.1, and nothing runs in the background (updates, sync, safe browsing).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, process: subprocess.Popen[Any], what: str) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start on 127.0.0.1:{port}") from None
            time.sleep(0.05)


@pytest.fixture(autouse=True)
def _which_worker(record_property: Any, worker_id: str) -> None:
    """Say in the JUnit report which pytest-xdist worker ran the test."""
    record_property("worker", worker_id)


@pytest.fixture(scope="session")
def app_url(otpmail_smtp: Any) -> Iterator[str]:
    """The app, for this session (this worker), sending to the built-in catcher."""
    port = _free_port()
    env = {**os.environ, "SMTP_HOST": otpmail_smtp.host, "SMTP_PORT": str(otpmail_smtp.port)}
    app = subprocess.Popen(
        [sys.executable, str(APP), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, app, "the app")
        yield f"http://127.0.0.1:{port}"
    finally:
        app.terminate()
        app.wait(timeout=10)


def _chromium_or_skip() -> str:
    if CHROMIUM.exists():
        return str(CHROMIUM)
    reason = f"no Chromium at {CHROMIUM} (apt-get install chromium, or set ACME_CHROMIUM)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so a browser test cannot be skipped", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module. Not per session: while Playwright's sync API is open,
    it keeps an event loop running in this thread, and async tests (test_async.py) could
    not run their own."""
    executable = _chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A sync Playwright page (what pytest-playwright's ``page`` fixture gives)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
async def apage() -> AsyncIterator[Any]:
    """An async Playwright page, for async tests (its own browser, on the test's loop)."""
    executable = _chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        page.set_default_timeout(15_000)
        yield page
        await browser.close()
