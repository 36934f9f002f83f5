"""Every Outlook request stays on login.microsoftonline.com and graph.microsoft.com, and
no retry outlives the call.

Attacks: ``AZURE_AUTHORITY_HOST``, ``AZURE_REGIONAL_AUTHORITY_NAME``, proxy variables, a
nextLink to another host (or another mailbox, or plain http), a redirect to another host.
Each test asserts what reached the network transports, beneath the egress check.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from otpmail._core._egress import EgressRefused
from otpmail._core._errors import OtpmailError
from otpmail._providers._graph_http import GraphEgressTransport, TokenEgressTransport
from otpmail._providers._outlook import OutlookProvider
from test_outlook_cassettes import (
    CONTENT_SELECT,
    MAILBOX_MAIL,
    OFFICIAL_HOSTS,
    SECRET_ENV,
    TENANT,
    TOKEN_URI,
    FakeGraph,
    Wire,
    cassette,
    criteria,
    graph_json,
    outlook_mailbox,
    page_body,
)

EVIL = "evil.example.net"


@pytest.fixture(autouse=True)
def _client_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, "test-client-secret-value")


def provider(**kwargs: Any) -> OutlookProvider:
    return OutlookProvider(outlook_mailbox(), **kwargs)


# -- the token request ------------------------------------------------------------------


async def test_azure_authority_host_cannot_move_the_token_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AZURE_AUTHORITY_HOST", f"https://{EVIL}")
    monkeypatch.setenv("AZURE_REGIONAL_AUTHORITY_NAME", "westus2")
    wire = Wire()

    with cassette("mailbox", wire, all_played=False):
        emails = await provider().search(criteria(latest=True))

    assert emails
    assert [s.url for s in wire.token] == [TOKEN_URI]
    assert wire.hosts() == OFFICIAL_HOSTS


async def test_proxy_variables_are_ignored_by_both_transports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(name, f"http://{EVIL}:8080")
    monkeypatch.setenv("NO_PROXY", "")
    wire = Wire()

    with cassette("mailbox", wire, all_played=False):
        await provider().search(criteria(latest=True))

    assert [s.route for s in wire.token] == ["trust_env=False proxy=None"]
    assert [s.route for s in wire.graph] == ["AsyncConnectionPool"]
    assert wire.hosts() == OFFICIAL_HOSTS


async def test_the_bearer_token_goes_to_graph_only() -> None:
    wire = Wire()
    with cassette("mailbox", wire, all_played=False):
        await provider().search(criteria(latest=True))

    assert "authorization" not in wire.token[0].headers
    assert wire.graph[0].headers["authorization"] == "Bearer otpmail-fake-graph-access-token"


async def test_the_token_transport_refuses_another_host_before_sending() -> None:
    from azure.core.rest import HttpRequest

    sent: list[str] = []

    class Recorder(TokenEgressTransport):
        async def send(self, request: Any, **kwargs: Any) -> Any:
            sent.append(request.url)
            raise AssertionError("reached the network transport")

    guarded = TokenEgressTransport(Recorder())

    for url in [
        f"https://{EVIL}/{TENANT}/oauth2/v2.0/token",
        f"http://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token",
        # (the device-code request is a route now, for otpmail login --device-code)
        f"https://login.microsoftonline.com/{TENANT}/oauth2/token",
        f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/authorize",
    ]:
        with pytest.raises(EgressRefused):
            await guarded.send(HttpRequest("POST", url))

    assert sent == []


async def test_the_graph_transport_refuses_a_write_or_another_host_before_sending() -> None:
    fake = FakeGraph(lambda request: graph_json(200, {"value": []}))
    guarded = GraphEgressTransport(fake.transport)

    for method, url in [
        ("GET", f"https://{EVIL}/v1.0/users/qa%40contoso.com/messages"),
        ("POST", "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/sendMail"),
        ("DELETE", "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages"),
        ("GET", "http://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages"),
    ]:
        with pytest.raises(EgressRefused):
            await guarded.handle_async_request(httpx.Request(method, url))

    assert fake.requests == []


# -- nextLinks and redirects ------------------------------------------------------------


def first_page_then(link: str) -> Callable[[httpx.Request], httpx.Response]:
    """A Graph whose first page holds no match and points at ``link``."""

    def respond(request: httpx.Request) -> httpx.Response:
        return graph_json(200, page_body(MAILBOX_MAIL[:16], CONTENT_SELECT, link))

    return respond


@pytest.mark.parametrize(
    "link",
    [
        f"https://{EVIL}/v1.0/users/qa@contoso.com/messages?%24skip=16",
        "https://graph.microsoft.com.evil.example.net/v1.0/users/qa@contoso.com/messages?%24skip=16",
        "http://graph.microsoft.com/v1.0/users/qa@contoso.com/messages?%24skip=16",
        "https://graph.microsoft.com:8443/v1.0/users/qa@contoso.com/messages?%24skip=16",
        "https://graph.microsoft.com/v1.0/users/ceo@contoso.com/messages?%24skip=16",
        "https://graph.microsoft.com/v1.0/users/qa@contoso.com/mailFolders/inbox/messages",
    ],
    ids=["other-host", "suffix-host", "http", "port", "other-mailbox", "other-path"],
)
async def test_a_next_link_off_the_list_is_refused_before_any_byte_leaves(link: str) -> None:
    fake = FakeGraph(first_page_then(link))

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await provider(transport=fake.transport).search(
            criteria("qa+late@contoso.com", latest=True)
        )

    assert caught.value.code == "egress_refused"
    assert len(fake.requests) == 1
    assert fake.hosts() == {"graph.microsoft.com"}


async def test_count_refuses_a_foreign_next_link_too() -> None:
    link = f"https://{EVIL}/v1.0/users/qa@contoso.com/messages?%24skip=1000"
    fake = FakeGraph(first_page_then(link))

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await provider(transport=fake.transport).count(criteria(count=True))

    assert caught.value.code == "egress_refused"
    assert fake.hosts() == {"graph.microsoft.com"}


async def test_a_redirect_to_another_host_is_not_followed() -> None:
    fake = FakeGraph(
        lambda request: httpx.Response(
            302, headers={"Location": f"https://{EVIL}/v1.0/users/qa@contoso.com/messages"}
        )
    )

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await provider(transport=fake.transport).search(criteria())

    assert caught.value.code == "request_failed"
    assert "HTTP 302" in caught.value.message
    assert len(fake.requests) == 1
    assert fake.hosts() == {"graph.microsoft.com"}


async def test_a_next_link_as_graph_writes_it_is_followed() -> None:
    # '@' literal instead of %40: the same list, so it is allowed.
    pages = iter(
        [
            page_body(
                MAILBOX_MAIL[:16],
                CONTENT_SELECT,
                "https://graph.microsoft.com/v1.0/users/QA@contoso.com/messages?%24skip=16",
            ),
            page_body(MAILBOX_MAIL[16:], CONTENT_SELECT),
        ]
    )
    fake = FakeGraph(lambda request: graph_json(200, next(pages)))

    with cassette("token"):
        emails = await provider(transport=fake.transport).search(criteria("qa+other@contoso.com"))

    assert [e.subject for e in emails] == ["Your Acme sign-in code"]
    assert len(fake.requests) == 2


# -- throttling and the deadline --------------------------------------------------------


@pytest.fixture
def slept(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Records the waits kiota's retry handler asks for, without waiting."""
    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, result: Any = None) -> Any:
        waits.append(delay)
        return await real_sleep(0, result)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return waits


async def test_a_throttled_request_is_retried_after_retry_after(slept: list[float]) -> None:
    wire = Wire()
    with cassette("throttled", wire):
        emails = await provider().search(criteria(latest=True))

    assert [e.body for e in emails] == ["Your code is 424242"]
    assert 1 in slept
    assert len(wire.graph) == 2
    assert wire.graph[1].headers["retry-attempt"] == "1"


async def test_throttling_that_outlasts_the_retries_is_rate_limited(slept: list[float]) -> None:
    with cassette("throttled_out"), pytest.raises(OtpmailError) as caught:
        await provider(max_retries=2).search(criteria(latest=True))

    assert caught.value.code == "rate_limited"
    assert caught.value.retryable
    assert "HTTP 429" in caught.value.message
    assert "ApplicationThrottled" in caught.value.message
    assert "retry after 1 s" in caught.value.message


async def test_a_retry_after_beyond_the_deadline_is_not_waited_for(slept: list[float]) -> None:
    wire = Wire()
    with cassette("throttled_long", wire), pytest.raises(OtpmailError) as caught:
        await provider(timeout=5).search(criteria(latest=True))

    assert caught.value.code == "rate_limited"
    assert 120 not in slept
    assert len(wire.graph) == 1


async def test_a_hanging_graph_ends_at_the_deadline() -> None:
    class Hanging(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            await asyncio.Event().wait()
            raise AssertionError("unreachable")

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await provider(transport=Hanging(), timeout=0.2).search(criteria())

    assert caught.value.code == "deadline_exceeded"
    assert caught.value.retryable
