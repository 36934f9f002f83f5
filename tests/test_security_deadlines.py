"""Deadlines hold in wall time: a message that is slow to decode stops neither the event loop
(other callers, the deadline itself) nor the process, which ends at ``--deadline``.

"Slow to decode" is played two ways: the decoder made to sleep (every provider, whatever
the decoder's own bounds become), and the hostile mails of issue 15 themselves, delivered
to a Maildir (the HTML converter took 103 s on one of them).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_driver import otp_mail
from conftest import write_config, write_key
from fakes.gmail import FakeGmail
from fakes.graph import FakeGraph
from gmail_cassettes import quick_key
from otpmail._providers import _gmail, _outlook
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._outlook import OutlookProvider
from otpmail._reading._reader import Reader

DRIVER = Path(__file__).resolve().parent / "cli_driver.py"
SECRET_ENV = "OTPMAIL_TEST_GRAPH_SECRET"
TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "66666666-7777-4888-9999-000000000000"


def slowly(function: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)  # blocking, as a decoder is
        return function(*args, **kwargs)

    return slow


def gmail_config(folder: Path, info: dict[str, Any]) -> Path:
    write_key(folder, quick_key(info))
    return write_config(
        folder,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )


def outlook_config(folder: Path) -> Path:
    return write_config(
        folder,
        "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
        f"      tenant_id: {TENANT}\n      client_id: {CLIENT_ID}\n"
        f"      client_secret_env: {SECRET_ENV}\n",
    )


def maildir_config(folder: Path, *messages: bytes) -> Path:
    for sub in ("new", "cur", "tmp"):
        (folder / "box" / sub).mkdir(parents=True)
    for number, raw in enumerate(messages):
        (folder / "box" / "new" / f"{1_700_000_000 + number}.{number}.host").write_bytes(raw)
    return write_config(
        folder,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        "      path: box\n",
    )


async def read_while_ticking(
    reader: Reader, to: str, deadline: float
) -> tuple[dict[str, Any], float, float]:
    """One read, and meanwhile a coroutine that wakes every 20 ms: the envelope, the
    longest the loop left it waiting, and how long the read took."""
    gaps: list[float] = []

    async def tick() -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(0.02)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    started = time.monotonic()
    envelope = await reader.read_emails(to, deadline=deadline)
    took = time.monotonic() - started
    ticker.cancel()
    await reader.aclose()
    return envelope, max(gaps, default=0.0), took


async def test_a_slow_gmail_decode_leaves_the_event_loop_free_and_the_deadline_fires(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeGmail()
    fake.deliver(otp_mail("qa@example.com"))
    monkeypatch.setattr(_gmail, "parse_rfc822", slowly(_gmail.parse_rfc822, 3.0))
    reader = Reader(
        gmail_config(tmp_path, service_account_info),
        provider_factory=lambda mailbox: GmailProvider(mailbox, http_factory=fake.http_factory),  # type: ignore[arg-type]
    )

    envelope, longest_gap, took = await read_while_ticking(reader, "qa@example.com", 1.0)

    assert envelope["code"] == "deadline_exceeded", envelope
    assert took < 2.0  # the deadline, not the 3 s decode
    assert longest_gap < 0.5  # other callers on the loop kept being served


async def test_a_slow_graph_decode_leaves_the_event_loop_free_and_the_deadline_fires(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SECRET_ENV, "a-client-secret")
    fake = FakeGraph("qa@contoso.com")
    fake.deliver(to="qa@contoso.com", body="Your code is 482913")
    monkeypatch.setattr(_outlook, "email_from_graph", slowly(_outlook.email_from_graph, 3.0))
    reader = Reader(
        outlook_config(tmp_path),
        provider_factory=lambda mailbox: OutlookProvider(
            mailbox,  # type: ignore[arg-type]
            transport=fake.transport,
            token_transport=fake.token_transport,
        ),
    )

    envelope, longest_gap, took = await read_while_ticking(reader, "qa@contoso.com", 1.0)

    assert envelope["code"] == "deadline_exceeded", envelope
    assert took < 2.0
    assert longest_gap < 0.5


# -- the command line ---------------------------------------------------------------------


def run_command(
    spec: dict[str, Any], argv: list[str], limit: float
) -> tuple[float, int, dict[str, Any], str]:
    """``otpmail ARGV`` in a fresh process (``cli_driver``): seconds from the command's start
    (after the interpreter's own start-up and imports) to the process's end, its status,
    its envelope, its stderr. A process still running at ``limit`` seconds is killed and
    the test fails."""
    env = {**os.environ, SECRET_ENV: "a-client-secret"}
    process = subprocess.Popen(
        [sys.executable, str(DRIVER), json.dumps({**spec, "mark_start": True}), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"otpmail {' '.join(argv)} was still running after {limit} s")
    ended = time.time()
    lines = err.decode().splitlines()
    started = float(next(line.split()[1] for line in lines if line.startswith("started ")))
    rest = "\n".join(line for line in lines if not line.startswith("started "))
    return ended - started, process.returncode, json.loads(out or b"{}"), rest


@pytest.mark.parametrize("provider", ["maildir", "gmail", "outlook"])
def test_the_command_exits_at_its_deadline_while_a_decode_still_runs(
    tmp_path: Path, service_account_info: dict[str, Any], provider: str
) -> None:
    config, to = {
        "maildir": lambda: (
            maildir_config(tmp_path, bytes(otp_mail("qa@example.com"))),
            "qa@example.com",
        ),
        "gmail": lambda: (gmail_config(tmp_path, service_account_info), "qa@example.com"),
        "outlook": lambda: (outlook_config(tmp_path), "qa@contoso.com"),
    }[provider]()
    deadline = 2

    took, status, envelope, err = run_command(
        {"provider": provider, "slow_decode": 30},
        ["read", "--to", to, "--deadline", str(deadline), "--integrations", str(config)],
        limit=deadline + 15,
    )

    assert took < deadline + 1, (took, envelope, err)
    assert status == 4, (envelope, err)
    assert envelope["code"] == "deadline_exceeded", envelope
    assert "Traceback" not in err


HOSTILE = {
    # Issue 15, item 1: 20,000 nested lists (103 s and 3 GB on main), 19,000 blockquotes.
    "nested lists": "<ul>" * 20_000 + "<li>x" * 20_000,
    "nested blockquotes": "<blockquote>x" * 19_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_command_exits_at_its_deadline_on_a_hostile_mail(tmp_path: Path, name: str) -> None:
    hostile = otp_mail("qa@example.com")
    hostile.set_content(HOSTILE[name], subtype="html")
    config = maildir_config(tmp_path, bytes(hostile))
    deadline = 3

    took, status, envelope, err = run_command(
        {"provider": "maildir"},
        [
            "read",
            "--to",
            "qa@example.com",
            "--deadline",
            str(deadline),
            "--integrations",
            str(config),
        ],
        limit=deadline + 15,
    )

    assert took < deadline + 1, (took, envelope, err)
    # The converter's own bounds (item 1) make it quick: the mail itself, within the deadline.
    assert status == 0, (envelope, err)
    assert envelope["data"]["emails"][0]["subject"] == "Your Acme code"
