"""No secret ever leaves: a known value is planted in every credential input — the Gmail
key's private key and key id, the Graph client secret, a certificate's key and password,
the access tokens the token endpoints hand out, and the signed assertions sent to them —
and none appears in an envelope, a log record of any logger at DEBUG, an exception's text,
repr or traceback, the CLI's stdout or stderr, or the MCP tool result, along every error
path the in-process fakes can drive: token 401/400/500, API 401/403/429/500 (with bodies
that echo the bearer token back), a body that is not JSON, a connection reset, a timeout,
a refused egress, configuration errors, and ``otpmail check``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import httpx
import pytest

from conftest import write_config
from fakes.gmail import FakeGmail, FakeGmailHttp, Fault
from fakes.graph import FakeGraph, GraphFault, _TokenTransport
from gmail_cassettes import quick_key
from otpmail._core._config import Mailbox
from otpmail._core._errors import OtpmailError
from otpmail._frontends import _cli, _mcp
from otpmail._frontends._check import format_findings, run_check
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._outlook import OutlookProvider
from otpmail._reading import _reader as reader_module
from otpmail._reading._reader import Reader
from test_outlook_secrets import throwaway_certificate

PLANTED_KEY_ID = "PLANTEDkeyid7c1e9b2a4f6d8e0c3b5a7f9e1d3c5b7a9"
GMAIL_TOKEN = "ya29.PLANTED-gmail-access-token-5e1f0a"
GRAPH_SECRET = "PLANTED~graph-client-secret~8Qx_0tp"
GRAPH_TOKEN = "eyPLANTED.graph-access-token.9c4d2b"
CERT_PASSWORD = "PLANTED-certificate-password-31b7"
KEY_ENV = "OTPMAIL_TEST_PLANTED_GMAIL_KEY"
SECRET_ENV = "OTPMAIL_TEST_PLANTED_GRAPH_SECRET"
PASSWORD_ENV = "OTPMAIL_TEST_PLANTED_CERT_PASSWORD"
TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
GMAIL_BOX = "qa@example.com"
GRAPH_BOX = "qa@contoso.com"
GMAIL_TO = "qa+secret@example.com"
GRAPH_TO = "qa+secret@contoso.com"


class Secrets:
    """The planted values, by name; a leak is any of them, raw, URL-quoted or JSON-escaped."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def add(self, name: str, value: str) -> None:
        if len(value) >= 12:
            self.values[f"{name} ({value[:10]}…)"] = value

    def add_pem(self, name: str, pem: str) -> None:
        """Every base64 line of a PEM block: a leak of any part of the key counts."""
        for i, line in enumerate(pem.splitlines()):
            if line and not line.startswith("-----"):
                self.add(f"{name} line {i}", line)

    def leaks(self, text: str) -> list[str]:
        found = []
        for name, value in self.values.items():
            forms = {value, quote(value, safe=""), json.dumps(value)[1:-1]}
            if any(form in text for form in forms):
                found.append(name)
        return found


def exception_texts(exc: BaseException) -> str:
    """Everything an exception can show: str, repr, the whole chained traceback, its dict."""
    return "\n".join(
        [str(exc), repr(exc), "".join(traceback.format_exception(exc)), repr(vars(exc))]
    )


# ---------------------------------------------------------------------------------------
# Capture


class Everything(logging.Handler):
    """A handler that keeps every record of every logger, formatted with its exception."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.formatter_ = logging.Formatter("%(name)s %(levelname)s %(message)s")

    def emit(self, record: logging.LogRecord) -> None:
        text = self.formatter_.format(record)
        self.lines.append(f"{text} args={record.args!r} extra={vars(record)!r}")

    def text(self) -> str:
        return "\n".join(self.lines)


@pytest.fixture
def logs() -> Iterator[Everything]:
    """Every logger at DEBUG, propagating to a handler on the root (and attached to any
    logger that does not propagate, such as google-auth's base logger)."""
    handler = Everything()
    root = logging.getLogger()
    saved: list[tuple[logging.Logger, int, bool, bool]] = []
    for logger in [root, *logging.root.manager.loggerDict.values()]:
        if isinstance(logger, logging.Logger):
            saved.append((logger, logger.level, logger.propagate, logger.disabled))
            logger.setLevel(logging.DEBUG)
            logger.disabled = False
            if not logger.propagate:
                logger.addHandler(handler)
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    for logger, level, _, disabled in saved:
        logger.setLevel(level)
        logger.disabled = disabled
        if handler in logger.handlers:
            logger.removeHandler(handler)


@pytest.fixture
def fast_sleep(monkeypatch: pytest.MonkeyPatch) -> None:
    """Backoff sleeps return at once (the waits are the retry tests' business)."""
    real_sleep = asyncio.sleep

    async def sleep(delay: float, result: Any = None) -> Any:
        return await real_sleep(0, result)

    monkeypatch.setattr(asyncio, "sleep", sleep)


@pytest.fixture
def secrets(service_account_info: dict[str, Any]) -> Secrets:
    planted = Secrets()
    planted.add("Gmail private_key_id", PLANTED_KEY_ID)
    planted.add_pem("Gmail private_key", quick_key(service_account_info)["private_key"])
    planted.add("Gmail access token", GMAIL_TOKEN)
    planted.add("Graph client secret", GRAPH_SECRET)
    planted.add("Graph access token", GRAPH_TOKEN)
    planted.add("certificate password", CERT_PASSWORD)
    return planted


@dataclass
class Outputs:
    """What one run showed the world."""

    texts: dict[str, str] = field(default_factory=dict)

    def add(self, where: str, text: str) -> None:
        self.texts[where] = self.texts.get(where, "") + text

    def assert_clean(self, secrets: Secrets, logs: Everything) -> None:
        self.add("logs", logs.text())
        assert logs.lines, "no log record was captured: the log check would be vacuous"
        leaked = {where: secrets.leaks(text) for where, text in self.texts.items()}
        assert {where: names for where, names in leaked.items() if names} == {}


async def through_mcp(
    reader: Reader, arguments: dict[str, Any], outputs: Outputs
) -> dict[str, Any]:
    """The agent's view: the MCP handler's envelope, its payload and its fenced text."""
    envelope = await _mcp._read(reader, arguments)
    result = _mcp.tool_result(envelope)
    outputs.add("envelope", json.dumps(envelope))
    outputs.add("MCP structured content", json.dumps(result.structured_content))
    outputs.add("MCP text", result.content[0].text)  # type: ignore[union-attr]
    outputs.add("MCP result", result.model_dump_json())
    return envelope


class Recorded:
    """A provider as the Reader sees it, keeping the text of every exception it raises."""

    def __init__(self, inner: Any, outputs: Outputs) -> None:
        self.inner = inner
        self.account = inner.account
        self.outputs = outputs
        self.raised: list[OtpmailError] = []

    async def _keep(self, work: Any) -> Any:
        try:
            return await work
        except OtpmailError as exc:
            self.raised.append(exc)
            self.outputs.add("exception", exception_texts(exc))
            raise

    async def search(self, criteria: Any) -> Any:
        return await self._keep(self.inner.search(criteria))

    async def count(self, criteria: Any) -> Any:
        return await self._keep(self.inner.count(criteria))

    async def aclose(self) -> None:
        await self.inner.aclose()


async def read_everywhere(
    config: Path,
    build: Callable[[Mailbox], Any],
    to: str,
    count: bool,
    expected: set[str],
    outputs: Outputs,
) -> dict[str, Any]:
    """One read through the MCP handler, keeping the provider's exception (if any), the
    envelope, the MCP payload and text, and the reprs of the objects involved."""
    providers: list[Recorded] = []

    def factory(mailbox: Mailbox) -> Recorded:
        providers.append(Recorded(build(mailbox), outputs))
        return providers[-1]

    reader = Reader(config, provider_factory=factory)
    envelope = await through_mcp(reader, {"to": to, "count": count}, outputs)
    (provider,) = providers
    outputs.add("reprs", f"{provider.inner!r} {reader!r} {reader.config()!r}")
    await reader.aclose()
    if expected == {"ok"}:
        assert provider.raised == [] and envelope["status"] == "ok", envelope
    else:
        assert [e.code for e in provider.raised] == [envelope["code"]], envelope
        assert envelope["code"] in expected, envelope
    return envelope


# ---------------------------------------------------------------------------------------
# Gmail


class PlantedGmail(FakeGmail):
    """The fake Gmail upstream, issuing the planted access token and recording each signed
    assertion it receives as one more secret."""

    def __init__(self, secrets: Secrets) -> None:
        super().__init__()
        self.secrets = secrets
        self.echo_request = False
        """The token endpoint refuses, its error text quoting the whole request."""

    def handle(self, method: str, url: str, body: Any, timeout: float | None, **kwargs: Any) -> Any:
        if urlsplit(url).hostname == "oauth2.googleapis.com" and body:
            text = body.decode() if isinstance(body, bytes) else str(body)
            for assertion in parse_qs(text).get("assertion", []):
                self.secrets.add("Gmail signed assertion", assertion)
            if self.echo_request:
                self.fail("token", Fault(400, token_error("invalid_grant", f"Bad request: {text}")))
        return super().handle(method, url, body, timeout, **kwargs)

    def _answer(self, operation: str, path: str, query: dict[str, list[str]]) -> Any:
        status, payload = super()._answer(operation, path, query)
        if operation == "token":
            payload = {**payload, "access_token": GMAIL_TOKEN}
        return status, payload


def otp_mail(to: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Subject"] = "Your Acme code"
    message["Date"] = "Mon, 30 Nov 2026 09:41:17 +0000"
    message["Message-ID"] = "<planted@acme.example>"
    message.set_content("Your code is 482913.")
    return message


def echo(status: int, code: str, token: str) -> str:
    """An error body that echoes the caller's bearer token, as a careless proxy might."""
    message = f"Request rejected for Authorization: Bearer {token}"
    return json.dumps(
        {
            "error": {
                "code": status if status else code,
                "message": message,
                "errors": [{"message": message, "domain": "global", "reason": code}],
                "status": code,
            }
        }
    )


def token_error(error: str, description: str) -> str:
    return json.dumps({"error": error, "error_description": description})


def _many(fault: Fault, n: int = 10) -> list[Fault]:
    return [fault] * n


GMAIL_SCENARIOS: dict[str, tuple[Callable[[FakeGmail], None], set[str]]] = {
    "ok": (lambda fake: None, {"ok"}),
    "token 400 echoing the request": (
        lambda fake: setattr(fake, "echo_request", True),
        {"auth_failed"},
    ),
    "token 401 unauthorized_client": (
        lambda fake: fake.fail(
            "token",
            Fault(401, token_error("unauthorized_client", "Client is unauthorized")),
        ),
        {"delegation_denied"},
    ),
    "token 400 invalid_grant": (
        lambda fake: fake.fail(
            "token", Fault(400, token_error("invalid_grant", "Invalid email or User ID"))
        ),
        {"mailbox_not_found"},
    ),
    "token 500": (
        lambda fake: fake.fail("token", *_many(Fault(500, echo(500, "backendError", GMAIL_TOKEN)))),
        {"provider_unavailable"},
    ),
    "API 401 echoing the token": (
        lambda fake: fake.fail(
            "messages.list", *_many(Fault(401, echo(401, "authError", GMAIL_TOKEN)))
        ),
        {"auth_failed"},
    ),
    "API 403 delegation denied": (
        lambda fake: fake.fail(
            "messages.list",
            Fault(403, echo(403, "forbidden", GMAIL_TOKEN).replace("Request", "Delegation denied")),
        ),
        {"delegation_denied", "permission_denied"},
    ),
    "API 429 echoing the token": (
        lambda fake: fake.fail(
            "messages.list",
            *_many(Fault(429, echo(429, "rateLimitExceeded", GMAIL_TOKEN), {"retry-after": "0"})),
        ),
        {"rate_limited"},
    ),
    "API 500 echoing the token": (
        lambda fake: fake.fail(
            "messages.list", *_many(Fault(500, echo(500, "backendError", GMAIL_TOKEN)))
        ),
        {"provider_unavailable"},
    ),
    "a body that is not JSON": (
        lambda fake: fake.fail(
            "messages.list",
            *_many(Fault(200, f"<html>not json {GMAIL_TOKEN}</html>", {}, 0, False, "text/html")),
        ),
        {"bad_response"},
    ),
    "every message fetch fails": (
        lambda fake: fake.fail(
            "messages.get", *_many(Fault(500, echo(500, "backendError", GMAIL_TOKEN)))
        ),
        {"provider_unavailable", "fetch_failed"},
    ),
    "connection reset": (
        lambda fake: fake.fail("messages.list", *_many(Fault(reset=True))),
        {"network_error"},
    ),
    "timeout": (
        lambda fake: fake.fail("messages.list", *_many(Fault(delay=5.0))),
        {"network_error", "deadline_exceeded"},
    ),
}


@dataclass
class GmailSetup:
    folder: Path
    config: Path
    secrets: Secrets

    def upstream(self, scenario: str) -> PlantedGmail:
        fake = PlantedGmail(self.secrets)
        fake.deliver(otp_mail(GMAIL_TO), at=datetime.now(UTC) - timedelta(seconds=5))
        GMAIL_SCENARIOS[scenario][0](fake)
        return fake

    @staticmethod
    def factory(fake: FakeGmail, scenario: str = "ok") -> Callable[[Mailbox], GmailProvider]:
        def http() -> FakeGmailHttp:
            transport = FakeGmailHttp(fake)
            if scenario == "timeout":  # sockets give up after 50 ms
                transport.socket_timeout = transport.timeout = 0.05
            return transport

        def build(mailbox: Mailbox) -> GmailProvider:
            return GmailProvider(mailbox, http_factory=http)  # type: ignore[arg-type]

        return build


def gmail_setup(
    folder: Path, info: dict[str, Any], secrets: Secrets, monkeypatch: pytest.MonkeyPatch, form: str
) -> GmailSetup:
    info = {**quick_key(info), "private_key_id": PLANTED_KEY_ID}
    if form == "key file":
        key = folder / "sa.json"
        key.write_text(json.dumps(info), encoding="utf-8")
        key.chmod(0o600)
        reference = "service_account_file: sa.json"
    else:
        monkeypatch.setenv(KEY_ENV, json.dumps(info))
        reference = f"service_account_json_env: {KEY_ENV}"
    config = write_config(
        folder,
        f"email:\n  mailboxes:\n    - provider: gmail\n      address: {GMAIL_BOX}\n"
        f"      {reference}\n      domains: [example.com]\n",
    )
    config.chmod(0o600)
    return GmailSetup(folder, config, secrets)


@pytest.fixture
def gmail(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    secrets: Secrets,
    monkeypatch: pytest.MonkeyPatch,
) -> GmailSetup:
    return gmail_setup(tmp_path, service_account_info, secrets, monkeypatch, "key file")


# Every scenario in content mode with a key file; count mode and a key held in an
# environment variable for the scenarios whose paths differ there.
GMAIL_CASES = [
    *((scenario, False, "key file") for scenario in GMAIL_SCENARIOS),
    *(
        (scenario, True, "key file")
        for scenario in ("ok", "token 401 unauthorized_client", "API 401 echoing the token")
    ),
    *(
        (scenario, False, "key in an environment variable")
        for scenario in ("ok", "token 400 invalid_grant")
    ),
]


@pytest.mark.usefixtures("fast_sleep")
@pytest.mark.parametrize(
    ("scenario", "count", "form"),
    GMAIL_CASES,
    ids=[f"{s}-{'count' if c else 'content'}-{f}" for s, c, f in GMAIL_CASES],
)
async def test_no_gmail_secret_reaches_any_output(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    secrets: Secrets,
    monkeypatch: pytest.MonkeyPatch,
    logs: Everything,
    scenario: str,
    count: bool,
    form: str,
) -> None:
    gmail = gmail_setup(tmp_path, service_account_info, secrets, monkeypatch, form)
    expected = GMAIL_SCENARIOS[scenario][1]
    outputs = Outputs()

    build = GmailSetup.factory(gmail.upstream(scenario), scenario)
    envelope = await read_everywhere(gmail.config, build, GMAIL_TO, count, expected, outputs)

    if expected == {"ok"} and not count:
        assert "482913" in envelope["data"]["emails"][0]["body"]  # the token was used
    outputs.assert_clean(gmail.secrets, logs)


# ---------------------------------------------------------------------------------------
# Microsoft Graph and Entra


class PlantedGraph(FakeGraph):
    """The fake Graph and Entra, issuing the planted access token and recording what the
    token endpoint receives (a certificate's signed assertion is one more secret)."""

    def __init__(self, secrets: Secrets) -> None:
        super().__init__(GRAPH_BOX)
        self.secrets = secrets
        self.token_transport = _RecordingToken(self)
        self.hang = False
        """Graph requests time out reading the response."""
        self.echo_request = False
        """Entra refuses the token request, its error description quoting the request (the
        client secret, or the signed assertion and the certificate's thumbprint)."""

    async def answer(
        self, operation: str, method: str, url: str
    ) -> tuple[int, dict[str, str], bytes]:
        if self.hang and operation != "token":
            # What httpx raises when the server stops answering mid-response.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.Event().wait(), 0.05)
            raise httpx.ReadTimeout("timed out")
        status, headers, body = await super().answer(operation, method, url)
        if operation == "token" and status == 200:
            body = json.dumps(
                {"token_type": "Bearer", "expires_in": 3599, "access_token": GRAPH_TOKEN}
            ).encode()
        return status, headers, body


class _RecordingToken(_TokenTransport):
    fake: PlantedGraph

    async def send(self, request: Any, **kwargs: Any) -> Any:
        form = request.content if isinstance(request.content, dict) else {}
        if "client_assertion" in form:
            self.fake.secrets.add("certificate signed assertion", str(form["client_assertion"]))
        if self.fake.echo_request:
            description = (
                f"AADSTS7000215: Invalid client secret provided. Request: {urlencode(form)}"
            )
            body = {"error": "invalid_client", "error_description": description}
            self.fake.fail("token", GraphFault(401, json.dumps(body)))
        return await super().send(request, **kwargs)


def graph_error(status: int, code: str, message: str) -> GraphFault:
    body = {"error": {"code": code, "message": message, "innerError": {"request-id": "r"}}}
    return GraphFault(status, json.dumps(body), {"Retry-After": "0"} if status == 429 else {})


def entra_error(status: int, error: str, aadsts: str) -> GraphFault:
    description = f"{aadsts}: rejected. Trace ID: 0 Correlation ID: 0 Timestamp: 2026-01-01"
    body = {"error": error, "error_description": description, "error_codes": [7000215]}
    return GraphFault(status, json.dumps(body))


GRAPH_SCENARIOS: dict[str, tuple[Callable[[FakeGraph], None], set[str]]] = {
    "ok": (lambda fake: None, {"ok"}),
    "token 401 echoing the request": (
        lambda fake: setattr(fake, "echo_request", True),
        {"auth_failed"},
    ),
    "token 401 invalid_client": (
        lambda fake: fake.fail("token", entra_error(401, "invalid_client", "AADSTS7000215")),
        {"auth_failed"},
    ),
    "token 400 tenant not found": (
        lambda fake: fake.fail("token", entra_error(400, "invalid_request", "AADSTS90002")),
        {"auth_failed"},
    ),
    "token 500": (
        lambda fake: fake.fail("token", *[entra_error(500, "server_error", "AADSTS90033")] * 10),
        {"provider_unavailable"},
    ),
    "API 401 echoing the token": (
        lambda fake: fake.fail(
            "messages.list",
            *[graph_error(401, "InvalidAuthenticationToken", f"Bearer {GRAPH_TOKEN} expired")] * 3,
        ),
        {"auth_failed"},
    ),
    "API 403 echoing the token": (
        lambda fake: fake.fail(
            "messages.list", graph_error(403, "ErrorAccessDenied", f"Denied for {GRAPH_TOKEN}")
        ),
        {"delegation_denied"},
    ),
    "API 429 echoing the token": (
        lambda fake: fake.fail(
            "messages.list",
            *[graph_error(429, "ApplicationThrottled", f"Throttled {GRAPH_TOKEN}")] * 10,
        ),
        {"rate_limited"},
    ),
    "API 500 echoing the token": (
        lambda fake: fake.fail(
            "messages.list", *[graph_error(500, "ErrorInternalServerError", GRAPH_TOKEN)] * 10
        ),
        {"provider_unavailable"},
    ),
    "a body that is not JSON": (
        lambda fake: fake.fail("messages.list", GraphFault(200, f"not json {GRAPH_TOKEN}")),
        {"bad_response"},
    ),
    "a nextLink to another host": (
        lambda fake: fake.fail(
            "messages.list",
            GraphFault(
                200,
                json.dumps(
                    {
                        "value": [],
                        "@odata.nextLink": f"https://evil.example/v1.0/users/{GRAPH_BOX}/messages"
                        f"?token={GRAPH_TOKEN}",
                    }
                ),
            ),
        ),
        {"egress_refused"},
    ),
    "connection reset": (
        lambda fake: fake.fail("messages.list", *[GraphFault(reset=True)] * 10),
        {"network_error"},
    ),
    "timeout": (
        lambda fake: setattr(fake, "hang", True),
        {"deadline_exceeded", "network_error"},
    ),
}


@dataclass
class GraphSetup:
    config: Path
    secrets: Secrets

    def upstream(self, scenario: str) -> PlantedGraph:
        fake = PlantedGraph(self.secrets)
        fake.deliver(to=GRAPH_TO, body="Your code is 482913")
        GRAPH_SCENARIOS[scenario][0](fake)
        return fake

    @staticmethod
    def factory(fake: FakeGraph, scenario: str = "ok") -> Callable[[Mailbox], OutlookProvider]:
        def build(mailbox: Mailbox) -> OutlookProvider:
            return OutlookProvider(
                mailbox,  # type: ignore[arg-type]
                transport=fake.transport,
                token_transport=fake.token_transport,
            )

        return build


def graph_setup(
    folder: Path, key_pem: str, secrets: Secrets, monkeypatch: pytest.MonkeyPatch, form: str
) -> GraphSetup:
    if form == "client secret":
        monkeypatch.setenv(SECRET_ENV, GRAPH_SECRET)
        reference = f"client_secret_env: {SECRET_ENV}"
    else:
        pem = throwaway_certificate(key_pem, password=CERT_PASSWORD.encode())
        (folder / "app.pem").write_bytes(pem)
        (folder / "app.pem").chmod(0o600)
        secrets.add_pem("certificate private key", pem.decode().split("-----BEGIN CERT")[0])
        monkeypatch.setenv(PASSWORD_ENV, CERT_PASSWORD)
        reference = f"certificate_file: app.pem\n      certificate_password_env: {PASSWORD_ENV}"
    config = write_config(
        folder,
        f"email:\n  mailboxes:\n    - provider: outlook\n      address: {GRAPH_BOX}\n"
        f"      domains: [contoso.com]\n      tenant_id: {TENANT}\n      client_id: {CLIENT_ID}\n"
        f"      {reference}\n",
    )
    config.chmod(0o600)
    return GraphSetup(config, secrets)


GRAPH_CASES = [
    *((scenario, False, "client secret") for scenario in GRAPH_SCENARIOS),
    *(
        (scenario, True, "client secret")
        for scenario in ("ok", "token 401 invalid_client", "a nextLink to another host")
    ),
    *(
        (scenario, False, "certificate with a password")
        for scenario in (
            "ok",
            "token 401 invalid_client",
            "token 401 echoing the request",
            "API 401 echoing the token",
        )
    ),
]


@pytest.mark.usefixtures("fast_sleep")
@pytest.mark.parametrize(
    ("scenario", "count", "form"),
    GRAPH_CASES,
    ids=[f"{s}-{'count' if c else 'content'}-{f}" for s, c, f in GRAPH_CASES],
)
async def test_no_graph_or_entra_secret_reaches_any_output(
    tmp_path: Path,
    rsa_private_key_pem: str,
    secrets: Secrets,
    monkeypatch: pytest.MonkeyPatch,
    logs: Everything,
    scenario: str,
    count: bool,
    form: str,
) -> None:
    graph = graph_setup(tmp_path, rsa_private_key_pem, secrets, monkeypatch, form)
    expected = GRAPH_SCENARIOS[scenario][1]
    outputs = Outputs()

    build = GraphSetup.factory(graph.upstream(scenario), scenario)
    envelope = await read_everywhere(graph.config, build, GRAPH_TO, count, expected, outputs)

    if expected == {"ok"} and not count:
        assert "482913" in envelope["data"]["emails"][0]["body"]
    outputs.assert_clean(graph.secrets, logs)


# ---------------------------------------------------------------------------------------
# Configuration errors: the secret is in the input the error is about


def _bad_gmail_key(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    (folder / "sa.json").write_text(pem, encoding="utf-8")  # a PEM where JSON belongs
    (folder / "sa.json").chmod(0o600)
    return "    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n"


def _wrong_type_key(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    info = {"type": "authorized_user", "private_key": pem, "private_key_id": PLANTED_KEY_ID}
    monkeypatch.setenv(KEY_ENV, json.dumps(info))
    return f"    - provider: gmail\n      address: qa@example.com\n      service_account_json_env: {KEY_ENV}\n"


def _broken_key_json(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    monkeypatch.setenv(KEY_ENV, '{"type": "service_account", "private_key": ' + json.dumps(pem))
    return f"    - provider: gmail\n      address: qa@example.com\n      service_account_json_env: {KEY_ENV}\n"


def _broken_private_key(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    info = {
        "type": "service_account",
        "client_email": "r@x.iam.gserviceaccount.com",
        # The planted lines, cut short: the DER inside no longer parses.
        "private_key": "\n".join(pem.splitlines()[:-3] + pem.splitlines()[-1:]),
        "private_key_id": PLANTED_KEY_ID,
    }
    monkeypatch.setenv(KEY_ENV, json.dumps(info))
    return f"    - provider: gmail\n      address: qa@example.com\n      service_account_json_env: {KEY_ENV}\n"


def _inline_secret(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    return (
        f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n      client_secret: {GRAPH_SECRET}\n"
    )


def _secret_as_variable_name(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    return (
        f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n      client_secret_env: {GRAPH_SECRET}\n"
    )


def _yaml_error_on_the_secret(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    return (
        f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
        f'      client_id: {CLIENT_ID}\n      client_secret: "{GRAPH_SECRET}\n      x: [\n'
    )


def _wrong_certificate_password(folder: Path, monkeypatch: pytest.MonkeyPatch, pem: str) -> str:
    monkeypatch.setenv(PASSWORD_ENV, CERT_PASSWORD)
    return (
        f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n      certificate_file: app.pem\n"
        f"      certificate_password_env: {PASSWORD_ENV}\n"
    )


CONFIG_ERRORS: dict[str, tuple[Callable[[Path, pytest.MonkeyPatch, str], str], str]] = {
    "a PEM where the key JSON belongs": (_bad_gmail_key, "secret_invalid"),
    "a key of the wrong type": (_wrong_type_key, "secret_invalid"),
    "key JSON cut short": (_broken_key_json, "secret_invalid"),
    "an unusable private key": (_broken_private_key, "secret_invalid"),
    "a secret written inline": (_inline_secret, "config_invalid"),
    "a secret where a variable name belongs": (_secret_as_variable_name, "config_invalid"),
    "a YAML error on the secret's line": (_yaml_error_on_the_secret, "config_invalid"),
    "a certificate password that does not fit": (_wrong_certificate_password, "secret_invalid"),
}


@pytest.mark.parametrize("case", list(CONFIG_ERRORS))
async def test_no_secret_reaches_a_configuration_error(
    case: str,
    tmp_path: Path,
    service_account_info: dict[str, Any],
    rsa_private_key_pem: str,
    secrets: Secrets,
    logs: Everything,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry, expected = CONFIG_ERRORS[case]
    pem = quick_key(service_account_info)["private_key"]
    # A certificate whose key is encrypted with a password other than the planted one.
    (tmp_path / "app.pem").write_bytes(throwaway_certificate(rsa_private_key_pem, b"other-pass"))
    (tmp_path / "app.pem").chmod(0o600)
    config = write_config(tmp_path, "email:\n  mailboxes:\n" + entry(tmp_path, monkeypatch, pem))
    config.chmod(0o600)
    outputs = Outputs()

    def offline(mailbox: Mailbox) -> Any:
        # Were a case to load after all, its requests would reach a fake, never the network.
        if mailbox.provider == "gmail":
            return GmailSetup.factory(PlantedGmail(secrets))(mailbox)
        return GraphSetup.factory(PlantedGraph(secrets))(mailbox)

    envelope = await through_mcp(
        Reader(config, provider_factory=offline), {"to": "qa@example.com"}, outputs
    )
    findings = await run_check(Reader(config, provider_factory=offline))
    outputs.add("check", format_findings(findings))

    assert envelope["code"] == expected, envelope
    assert any(f.failed for f in findings)
    logging.getLogger("otpmail").debug("configuration error case %s", case)
    outputs.assert_clean(secrets, logs)


# What a user writes in a *_env field is a variable's name, or, pasted by mistake, the
# secret itself, which often looks like a name too (issue 15, item 7).
PASTED = "Q8xK2mZ9pL4vN7rT1wY6"

ENV_FIELDS = {
    "service_account_json_env": "    - provider: gmail\n      address: qa@example.com\n",
    "client_secret_env": (
        f"    - provider: outlook\n      address: qa@example.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n"
    ),
    "certificate_env": (
        f"    - provider: outlook\n      address: qa@example.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n"
    ),
    "certificate_password_env": (
        f"    - provider: outlook\n      address: qa@example.com\n      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n      certificate_file: app.pem\n"
    ),
}


@pytest.mark.parametrize("field_name", sorted(ENV_FIELDS))
async def test_the_value_of_an_env_field_is_never_shown(
    field_name: str,
    tmp_path: Path,
    rsa_private_key_pem: str,
    secrets: Secrets,
    logs: Everything,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A *_env field naming no set variable: the envelope, the MCP result, ``check``, the
    logs, the configuration's repr and the command line name the mailbox and the field,
    never what the field holds."""
    (tmp_path / "app.pem").write_bytes(throwaway_certificate(rsa_private_key_pem, b"pass"))
    (tmp_path / "app.pem").chmod(0o600)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n" + ENV_FIELDS[field_name] + f"      {field_name}: {PASTED}\n",
    )
    config.chmod(0o600)
    secrets.add("a secret pasted into a *_env field", PASTED)
    outputs = Outputs()

    envelope = await through_mcp(Reader(config), {"to": "qa@example.com"}, outputs)
    findings = await run_check(Reader(config))
    outputs.add("check", format_findings(findings))
    outputs.add("configuration repr", repr(Reader(config).config()))
    _cli.main(["read", "--to", "qa@example.com", "--integrations", str(config)])
    _cli.main(["check", "--integrations", str(config)])
    captured = capsys.readouterr()
    outputs.add("command line", captured.out + captured.err)

    assert envelope["code"] == "secret_missing", envelope
    assert f"{config}: email.mailboxes[0]" in envelope["error"]
    assert f"the environment variable that {field_name} names is not set" in envelope["error"]
    logging.getLogger("otpmail").debug("an unset *_env field: %s", field_name)
    outputs.assert_clean(secrets, logs)


# ---------------------------------------------------------------------------------------
# A token endpoint that echoes the request, with no logging configured by the caller:
# logging's last-resort handler prints any WARNING of any logger on stderr.


@pytest.mark.parametrize("provider", ["outlook", "gmail"])
def test_an_echoing_token_error_puts_no_secret_on_stderr_with_no_logging_configured(
    tmp_path: Path, service_account_info: dict[str, Any], provider: str
) -> None:
    import subprocess
    import sys

    if provider == "gmail":
        key = tmp_path / "sa.json"
        key.write_text(json.dumps(quick_key(service_account_info)))
        key.chmod(0o600)
        entry = "    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n"
        to = "qa@example.com"
    else:
        entry = (
            f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
            f"      client_id: {CLIENT_ID}\n      client_secret_env: {SECRET_ENV}\n"
        )
        to = "qa@contoso.com"
    config = write_config(tmp_path, "email:\n  mailboxes:\n" + entry)
    config.chmod(0o600)
    driver = Path(__file__).resolve().parent / "cli_driver.py"
    spec = json.dumps({"provider": provider, "echo_token_error": True})

    done = subprocess.run(
        [sys.executable, str(driver), spec, "read", "--to", to, "--integrations", str(config)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, SECRET_ENV: GRAPH_SECRET},
    )

    assert json.loads(done.stdout)["code"] in {"auth_failed"}, done.stdout
    assert done.returncode == 4
    # The echo carried the client secret (Outlook) or the signed assertion (Gmail): stderr
    # holds nothing at all, so neither.
    assert done.stderr == ""


# ---------------------------------------------------------------------------------------
# The command line


CLI_RUNS: dict[str, tuple[list[str], str, int]] = {
    "read": (["read", "--to", "{to}", "--latest"], "ok", 0),
    "read, API echoing the token": (["read", "--to", "{to}"], "API 401", 4),
    "wait": (["wait", "--to", "{to}", "--timeout", "5", "--since", "1m"], "ok", 0),
    "code": (["code", "--to", "{to}", "--timeout", "5", "--since", "1m"], "ok", 0),
    "check": (["check"], "ok", 0),
    "check, token refused": (["check"], "token 401", 1),
}


@pytest.mark.usefixtures("fast_sleep")
@pytest.mark.parametrize("run", list(CLI_RUNS))
def test_no_gmail_secret_reaches_the_command_line(
    gmail: GmailSetup,
    logs: Everything,
    run: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv, situation, status = CLI_RUNS[run]
    scenario = {
        "ok": "ok",
        "token 401": "token 401 unauthorized_client",
        "API 401": "API 401 echoing the token",
    }[situation]
    fake = gmail.upstream(scenario)
    monkeypatch.setattr(reader_module, "default_provider", GmailSetup.factory(fake, scenario))
    outputs = Outputs()

    code = _cli.main([a.format(to=GMAIL_TO) for a in argv] + ["--integrations", str(gmail.config)])
    captured = capsys.readouterr()

    assert code == status, captured
    assert fake.count("token") >= 1  # the planted token was issued (or refused) for real
    outputs.add("stdout", captured.out)
    outputs.add("stderr", captured.err)
    outputs.assert_clean(gmail.secrets, logs)


@pytest.mark.usefixtures("fast_sleep")
@pytest.mark.parametrize(
    "situation", ["ok", "token 401 invalid_client", "API 401 echoing the token"]
)
def test_no_graph_secret_reaches_the_command_line(
    tmp_path: Path,
    rsa_private_key_pem: str,
    secrets: Secrets,
    logs: Everything,
    situation: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    graph = graph_setup(tmp_path, rsa_private_key_pem, secrets, monkeypatch, "client secret")
    outputs = Outputs()
    for argv in (["read", "--to", GRAPH_TO], ["check"]):
        fake = graph.upstream(situation)
        monkeypatch.setattr(reader_module, "default_provider", GraphSetup.factory(fake))
        _cli.main([*argv, "--integrations", str(graph.config)])
        captured = capsys.readouterr()
        outputs.add("stdout", captured.out)
        outputs.add("stderr", captured.err)
    outputs.assert_clean(graph.secrets, logs)
