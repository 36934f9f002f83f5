"""The egress check: only the allowlisted read routes pass, in any spelling."""

from __future__ import annotations

import pytest

from otpmail._core._egress import ROUTES, EgressRefused, check

GMAIL = "https://gmail.googleapis.com/gmail/v1/users/me"


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", "https://oauth2.googleapis.com/token"),
        ("GET", f"{GMAIL}/messages?q=to%3Aqa%40example.com+in%3Aanywhere&maxResults=10&alt=json"),
        ("GET", f"{GMAIL}/messages/18c1f2a3b4c5d6e7?format=raw&alt=json"),
        ("GET", f"{GMAIL}/history?startHistoryId=987000&alt=json"),
        ("GET", f"{GMAIL}/profile?alt=json"),
        ("GET", "https://GMAIL.googleapis.com:443/gmail/v1/users/me/profile"),
    ],
)
def test_the_routes_otpmail_uses_pass(method: str, url: str) -> None:
    assert check(method, url) in ROUTES


@pytest.mark.parametrize(
    ("method", "url", "why"),
    [
        ("POST", f"{GMAIL}/messages/send", "not a read endpoint"),
        ("POST", f"{GMAIL}/messages/18c1f2a3b4c5d6e7/modify", "not a read endpoint"),
        ("DELETE", f"{GMAIL}/messages/18c1f2a3b4c5d6e7", "not a read endpoint"),
        ("POST", f"{GMAIL}/messages/18c1f2a3b4c5d6e7/trash", "not a read endpoint"),
        ("GET", f"{GMAIL}/messages/18c1f2a3b4c5d6e7/attachments/ANGjdJ8", "not a read endpoint"),
        ("POST", "https://gmail.googleapis.com/batch/gmail/v1", "not a read endpoint"),
        (
            "POST",
            "https://gmail.googleapis.com/upload/gmail/v1/users/me/messages/send",
            "not a read endpoint",
        ),
        ("GET", f"{GMAIL}/settings/forwardingAddresses", "not a read endpoint"),
        (
            "GET",
            "https://gmail.googleapis.com/gmail/v1/users/other%40example.com/messages",
            "not a read endpoint",
        ),
        ("GET", f"{GMAIL}//messages", "canonical"),
        ("GET", f"{GMAIL}/messages/", "not a read endpoint"),
        ("GET", f"{GMAIL}/messages/..%2Fsettings", "canonical"),
        ("GET", f"{GMAIL}/messages/%2e%2e/profile", "canonical"),
        ("GET", f"{GMAIL}/./profile", "canonical"),
        ("GET", "http://gmail.googleapis.com/gmail/v1/users/me/profile", "only https"),
        ("GET", "https://gmail.googleapis.com:8443/gmail/v1/users/me/profile", "port"),
        ("GET", "https://user:pw@gmail.googleapis.com/gmail/v1/users/me/profile", "credentials"),
        (
            "GET",
            "https://gmail.googleapis.com@evil.example/gmail/v1/users/me/profile",
            "credentials",
        ),
        ("GET", "https://evil.example/gmail/v1/users/me/profile", "not an official"),
        (
            "GET",
            "https://gmail.googleapis.com.evil.example/gmail/v1/users/me/profile",
            "not an official",
        ),
        ("GET", "https://gmail.mtls.googleapis.com/gmail/v1/users/me/profile", "not an official"),
        ("GET", "https://142.250.74.10/gmail/v1/users/me/profile", "not an official"),
        ("GET", "https://[2a00:1450::200a]/gmail/v1/users/me/profile", "not an official"),
        ("POST", "https://evil.example/token", "not an official"),
        ("GET", f"{GMAIL}/profile#frag", "fragment"),
        ("GET", "not a url", "only https"),
    ],
)
def test_everything_else_is_refused_naming_the_host(method: str, url: str, why: str) -> None:
    with pytest.raises(EgressRefused) as caught:
        check(method, url)

    assert caught.value.code == "egress_refused"
    assert str(caught.value).startswith("API_ERROR: refused a request to ")
    assert why in caught.value.message


@pytest.mark.parametrize("header", ["X-HTTP-Method-Override", "x-http-method", "X-Method-Override"])
def test_a_method_override_header_is_refused(header: str) -> None:
    with pytest.raises(EgressRefused):
        check("GET", f"{GMAIL}/profile", {header: "DELETE"})


def test_the_posts_are_tokens_the_gmail_batch_and_the_push_calls_only() -> None:
    posts = {r.purpose for r in ROUTES if r.method != "GET"}
    push = {"Gmail users.watch", "Pub/Sub subscriptions.pull", "Pub/Sub subscriptions.acknowledge"}

    assert all(r.method in {"GET", "POST"} for r in ROUTES)
    assert push <= posts
    assert all("token" in purpose for purpose in posts - {"Gmail batch"} - push)
    assert [r.batch for r in ROUTES].count(True) == 1
    assert {(r.method, r.host, r.path.pattern) for r in ROUTES if r.batch} == {
        ("POST", "gmail.googleapis.com", "/batch")
    }


BATCH = "https://gmail.googleapis.com/batch"
GET_PART = "GET /gmail/v1/users/me/messages/{id}?format=raw&alt=json HTTP/1.1"


def batch(*requests: str, boundary: str = "=b0=") -> tuple[dict[str, str], str]:
    """Headers and body of a batch, laid out as google-api-python-client writes one."""
    parts = [
        f"--{boundary}\nContent-Type: application/http\nMIME-Version: 1.0\n"
        f"Content-Transfer-Encoding: binary\nContent-ID: <u + {n}>\n\n{request}\n"
        "Host: gmail.googleapis.com\n\n"
        for n, request in enumerate(requests, 1)
    ]
    body = "".join(parts) + f"--{boundary}--\n"
    return {"content-type": f'multipart/mixed; boundary="{boundary}"'}, body


def test_a_batch_of_reads_passes_with_the_url_of_each_part() -> None:
    headers, body = batch(
        GET_PART.format(id="18c1f2a3b4c5d6e7"), GET_PART.format(id="18c1f2a3b4c5d6e8")
    )

    route = check("POST", BATCH, headers, body)

    assert route.purpose == "Gmail batch"
    assert route.parts == tuple(
        f"{GMAIL}/messages/{i}?format=raw&alt=json"
        for i in ("18c1f2a3b4c5d6e7", "18c1f2a3b4c5d6e8")
    )
    assert check("POST", BATCH, headers, body.encode()).parts == route.parts


@pytest.mark.parametrize(
    ("headers", "body", "why"),
    [
        ({}, None, "boundary"),
        ({"content-type": 'multipart/mixed; boundary="=b0="'}, None, "no body"),
        ({"content-type": 'multipart/mixed; boundary="=b0="'}, "", "no closing boundary"),
        ({"content-type": "application/json"}, "{}", "multipart/mixed"),
        ({"content-type": 'multipart/mixed; boundary="=b0="'}, object(), "no body"),
    ],
    ids=["no content type", "no body", "empty body", "not multipart", "a stream"],
)
def test_a_batch_without_a_readable_body_is_refused(
    headers: dict[str, str], body: object, why: str
) -> None:
    with pytest.raises(EgressRefused) as caught:
        check("POST", BATCH, headers, body)

    assert str(caught.value).startswith("API_ERROR: refused a request to gmail.googleapis.com: ")
    assert why in caught.value.message
