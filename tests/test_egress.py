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


def test_only_token_requests_are_posts() -> None:
    posts = {r.purpose for r in ROUTES if r.method != "GET"}

    assert all(r.method in {"GET", "POST"} for r in ROUTES)
    assert all("token" in purpose for purpose in posts)
