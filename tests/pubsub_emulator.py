"""Google's Cloud Pub/Sub emulator on 127.0.0.1, for the push tests.

The emulator ships with the Google Cloud CLI (Debian package
``google-cloud-cli-pubsub-emulator``, a Java program); where it or a Java runtime is absent,
the tests that need it skip and say why. It speaks the REST API on plain HTTP.

:meth:`Emulator.http_factory` gives otpmail's own pinned transport (``PinnedHttp``: the
egress check still runs on the official ``https://pubsub.googleapis.com`` URL) with only its
connection class replaced by one that reaches the emulator: everything above the socket is
otpmail's code and google-api-python-client's.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httplib2

from otpmail._providers._gmail_http import PinnedHttp

KNOWN_PLACES = (
    Path("/usr/lib/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator"),
)
PROJECT = "otpmail-tests"


def emulator_command() -> tuple[Path | None, str]:
    """The emulator's launcher, or ``None`` and why it cannot run here."""
    found = shutil.which("cloud-pubsub-emulator")
    path = Path(found) if found else next((p for p in KNOWN_PLACES if p.exists()), None)
    if path is None:
        return None, (
            "the Cloud Pub/Sub emulator is not installed (Debian package "
            "google-cloud-cli-pubsub-emulator, from Google's apt repository)"
        )
    if shutil.which("java") is None:
        return None, "the Cloud Pub/Sub emulator needs a Java runtime, and none is on PATH"
    return path, ""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Emulator:
    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.base}/{path}",
            data=data,
            method=method,
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read() or b"{}")

    def create_topic(self, topic: str) -> str:
        name = f"projects/{PROJECT}/topics/{topic}"
        self._call("PUT", name)
        return name

    def create_subscription(self, subscription: str, topic: str, ack_deadline: int = 10) -> str:
        name = f"projects/{PROJECT}/subscriptions/{subscription}"
        self._call("PUT", name, {"topic": topic, "ackDeadlineSeconds": ack_deadline})
        return name

    def publish(self, topic: str, payload: dict[str, Any]) -> None:
        data = base64.b64encode(json.dumps(payload).encode()).decode()
        self._call("POST", f"{topic}:publish", {"messages": [{"data": data}]})

    def http_factory(self) -> PinnedHttp:
        return EmulatorHttp(self.port, self.token_claims)

    def __post_init__(self) -> None:
        self.token_claims: list[dict[str, Any]] = []
        """The claims of each service-account assertion sent for a Pub/Sub token."""


def _connection_to(port: int) -> type[httplib2.HTTPConnectionWithTimeout]:
    class ToEmulator(httplib2.HTTPConnectionWithTimeout):  # type: ignore[misc]
        def __init__(self, host: str, timeout: float | None = None, **_tls: Any) -> None:
            # The request was checked against the official https URL; only the socket
            # goes to the emulator, which speaks plain HTTP.
            super().__init__("127.0.0.1", port=port, timeout=timeout, proxy_info=None)
            self.official_host = host

    return ToEmulator


class EmulatorHttp(PinnedHttp):
    """Pub/Sub calls reach the emulator; the token request (which the emulator does not
    serve: it takes any credentials) is answered here, its assertion's claims recorded."""

    def __init__(self, port: int, token_claims: list[dict[str, Any]]) -> None:
        super().__init__()
        self.connection_type = _connection_to(port)
        self.token_claims = token_claims

    def _conn_request(
        self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
    ) -> Any:
        if getattr(conn, "official_host", "") != "oauth2.googleapis.com":
            return super()._conn_request(conn, request_uri, method, body, headers)
        form = urllib.parse.parse_qs(body.decode() if isinstance(body, bytes) else str(body))
        claims = form["assertion"][0].split(".")[1]
        self.token_claims.append(json.loads(base64.urlsafe_b64decode(claims + "==")))
        content = json.dumps(
            {"access_token": "ya29.emulator", "expires_in": 3599, "token_type": "Bearer"}
        ).encode()
        info = {
            "status": "200",
            "content-type": "application/json",
            "content-length": str(len(content)),
        }
        return httplib2.Response(info), content


@contextlib.contextmanager
def running_emulator(log: Path) -> Iterator[Emulator]:
    """Start the emulator on a free loopback port; stop it (its whole process group) after."""
    command, why = emulator_command()
    if command is None:
        raise RuntimeError(why)
    port = _free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(command), "--host=127.0.0.1", f"--port={port}"],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, "JAVA_TOOL_OPTIONS": "-Xmx256m"},
        )
    try:
        emulator = Emulator(port)
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the Pub/Sub emulator exited: see {log}")
            try:
                emulator._call("GET", f"projects/{PROJECT}/topics")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the Pub/Sub emulator did not start: see {log}") from None
                time.sleep(0.2)
        yield emulator
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
