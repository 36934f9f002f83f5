"""Set-up for the Acme e2e suite: one SMTP catcher and one app for the whole run, and a
real Chromium for the browser tests.

The catcher and the app start once, in the process that runs the session (under
pytest-xdist, the controller, before the workers start), and the workers find them through
the environment: ``OTPMAIL_INTEGRATIONS`` (read by the otpmail plugin) and ``ACME_URL``.
Every worker reads the same Maildir; the ``otpmail`` fixture's per-test plus-address keeps
their mail apart.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
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

INTEGRATIONS = """\
email:
  mailboxes:
    - provider: maildir
      address: qa@acme.test
      path: maildir
"""


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


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: the controller started them
        return
    folder = Path(tempfile.mkdtemp(prefix="acme-e2e-"))
    (folder / "integrations.yaml").write_text(INTEGRATIONS, encoding="utf-8")
    smtp_port, app_port = _free_port(), _free_port()
    # The README's catcher command, as a user runs it.
    catcher = subprocess.Popen(
        [
            *(sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{smtp_port}"),
            *("-c", "aiosmtpd.handlers.Mailbox", str(folder / "maildir")),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    app = subprocess.Popen(
        [sys.executable, str(APP), "--port", str(app_port), "--smtp-port", str(smtp_port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    config.stash[_RUNNING] = (folder, [catcher, app])
    _wait_for_port(smtp_port, catcher, "the SMTP catcher")
    _wait_for_port(app_port, app, "the app")
    os.environ["OTPMAIL_INTEGRATIONS"] = str(folder / "integrations.yaml")
    os.environ["ACME_URL"] = f"http://127.0.0.1:{app_port}"


def pytest_unconfigure(config: pytest.Config) -> None:
    running = config.stash.get(_RUNNING, None)
    if running is None:
        return
    folder, processes = running
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait(timeout=10)
    shutil.rmtree(folder, ignore_errors=True)


_RUNNING = pytest.StashKey[tuple[Path, list[subprocess.Popen[Any]]]]()


@pytest.fixture(autouse=True)
def _which_worker(record_property: Any, worker_id: str) -> None:
    """Say in the JUnit report which pytest-xdist worker ran the test."""
    record_property("worker", worker_id)


@pytest.fixture(scope="session")
def app_url() -> str:
    return os.environ["ACME_URL"]


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
