"""A fleet of real waiting processes on one fake mailbox (tests/test_fleet.py).

:class:`Fleet` serves one fake Gmail and one fake Graph mailbox from this process
(``fakes.remote``), writes an integrations file for each, and starts worker processes
(``tests/fleet_worker.py``) that wait on them with the real Reader, as pytest-xdist
workers or ``otpmail wait`` calls in shell scripts would. Every request any worker makes
reaches the one fake here, so a test counts what the whole machine costs.
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from fakes.remote import GRAPH_BOX, Upstreams, serve

WORKER = Path(__file__).resolve().parent / "fleet_worker.py"
SRC = Path(__file__).resolve().parent.parent / "src"
GMAIL_BOX = "qa@example.com"
GRAPH_SECRET_ENV = "FLEET_GRAPH_SECRET"


def otp_mail(to: str, subject: str, code: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Acme <no-reply@acme.example>"
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = f"<{secrets.token_hex(8)}@acme.example>"
    msg.set_content(f"Your code is {code}")
    return bytes(msg)


@dataclass
class Worker:
    process: subprocess.Popen[str]
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    kept: list[str] = field(default_factory=list)

    def expect(self, prefix: str, timeout: float) -> str:
        """The next line that starts with ``prefix`` (the others are kept for later)."""
        for line in self.kept:
            if line.startswith(prefix):
                self.kept.remove(line)
                return line[len(prefix) :].strip()
        ends = time.monotonic() + timeout
        while True:
            left = ends - time.monotonic()
            if left <= 0:
                raise AssertionError(f"worker {self.process.pid}: no {prefix!r} in {timeout}s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line.startswith(prefix):
                return line[len(prefix) :].strip()
            self.kept.append(line)

    def result(self, timeout: float) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(self.expect("RESULT ", timeout))
        return answer


class Fleet:
    """The fake mailboxes, their integrations files, and the worker processes."""

    def __init__(self, folder: Path, key: dict[str, Any], *, latency: float = 0.0) -> None:
        self.folder = folder
        self.upstreams = Upstreams(latency=latency)
        self._authkey = secrets.token_bytes(16)
        self._address = str(folder / "upstreams.sock")
        self._server = serve(self.upstreams, self._address, self._authkey)
        # Short: a Unix socket's path holds about 100 bytes.
        self.runtime = Path(tempfile.mkdtemp(prefix="otpmail-rt-"))
        key_file = folder / "sa.json"
        key_file.write_text(json.dumps(key), encoding="utf-8")
        key_file.chmod(0o600)
        self.configs = {
            "gmail": self._config(
                "gmail.yaml",
                f"    - provider: gmail\n      address: {GMAIL_BOX}\n"
                "      service_account_file: sa.json\n",
            ),
            "graph": self._config(
                "graph.yaml",
                f"    - provider: outlook\n      address: {GRAPH_BOX}\n"
                "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
                "      client_id: 66666666-7777-8888-9999-000000000000\n"
                f"      client_secret_env: {GRAPH_SECRET_ENV}\n",
            ),
        }
        self.workers: list[Worker] = []

    def _config(self, name: str, mailbox: str) -> Path:
        path = self.folder / name
        path.write_text("email:\n  mailboxes:\n" + mailbox, encoding="utf-8")
        path.chmod(0o600)
        return path

    def start(
        self,
        provider: str,
        to: str,
        rounds: list[str],
        *,
        interval: float = 0.2,
        timeout: float = 20.0,
        env: dict[str, str] | None = None,
    ) -> Worker:
        spec = {
            "address": self._address,
            "authkey": self._authkey.hex(),
            "config": str(self.configs[provider]),
            "to": to,
            "rounds": rounds,
            "interval": interval,
            "timeout": timeout,
        }
        environment = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(SRC),
            "OTPMAIL_RUNTIME_DIR": str(self.runtime),
            GRAPH_SECRET_ENV: "fleet-secret-value",
            **(env or {}),
        }
        log = self.folder / f"worker-{len(self.workers)}.log"
        with log.open("w") as errors:
            process = subprocess.Popen(
                [sys.executable, str(WORKER), json.dumps(spec)],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                env=environment,
            )
        worker = Worker(process)
        threading.Thread(target=_pump, args=(process, worker.lines), daemon=True).start()
        self.workers.append(worker)
        return worker

    def deliver(self, provider: str, to: str, subject: str, code: str) -> str:
        if provider == "gmail":
            return str(self.upstreams.deliver_gmail(otp_mail(to, subject, code)))
        return str(
            self.upstreams.deliver_graph(to=to, subject=subject, body=f"Your code is {code}")
        )

    def polls(self, provider: str) -> int:
        """The change-feed polls the fake has answered."""
        if provider == "gmail":
            return self.upstreams.gmail_count("history.list")
        return sum(1 for _ in self.upstreams.graph_times("messages.list"))

    def close(self) -> None:
        for worker in self.workers:
            if worker.process.poll() is None:
                worker.process.kill()
            worker.process.wait(10)
            if worker.process.stdout is not None:
                worker.process.stdout.close()
        self.upstreams.close()
        self._server.listener.close()
        shutil.rmtree(self.runtime, ignore_errors=True)


def _pump(process: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line.rstrip("\n"))
