"""The committed Gmail cassettes: reproducible from ``tests/gmail_cassettes.py``, scrubbed,
and in Gmail's real wire format."""

from __future__ import annotations

import base64
import email
import email.policy
import json
import re
from email.parser import BytesParser
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml

from gmail_cassettes import (
    BATCH_URI,
    CASSETTE_DIR,
    FAKE_ACCESS_TOKEN,
    GET_MASK,
    IDS_MASK,
    SCENARIOS,
    TOKEN_URI,
    render,
)
from otpmail._core._egress import check

NAMES = sorted(SCENARIOS)


def interactions(name: str) -> list[dict[str, Any]]:
    text = (CASSETTE_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    document = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert document["version"] == 1
    result: list[dict[str, Any]] = document["interactions"]
    return result


def test_the_cassette_folder_holds_exactly_the_generated_cassettes() -> None:
    assert sorted(p.stem for p in CASSETTE_DIR.glob("*.yaml")) == NAMES
    assert not [p for p in CASSETTE_DIR.iterdir() if p.suffix != ".yaml"]


@pytest.mark.parametrize("name", NAMES)
def test_each_committed_cassette_is_the_generator_output(name: str) -> None:
    committed = (CASSETTE_DIR / f"{name}.yaml").read_text(encoding="utf-8")

    assert committed == render(name), (
        f"cassettes/gmail/{name}.yaml is stale: run .venv/bin/python tests/gmail_cassettes.py"
    )


@pytest.mark.parametrize("name", NAMES)
def test_each_cassette_is_scrubbed(name: str) -> None:
    text = (CASSETTE_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    assert "PRIVATE KEY" not in text
    assert not re.search(r"eyJ[A-Za-z0-9_-]{10,}\.", text), "a JWT is stored"
    assert "Bearer ya29" not in text

    for interaction in interactions(name):
        request, response = interaction["request"], interaction["response"]
        assert "authorization" not in {h.lower() for h in request["headers"]}
        if request["uri"] == BATCH_URI:  # the client writes a token into every part
            assert "authorization:" not in request["body"].lower()
        if request["uri"] == TOKEN_URI:
            assert parse_qs(request["body"])["assertion"] == ["REDACTED"]
            if response["status"]["code"] == 200:
                body = json.loads(response["body"]["string"])
                assert body["access_token"] == FAKE_ACCESS_TOKEN


@pytest.mark.parametrize("name", NAMES)
def test_each_cassette_follows_the_gmail_wire_format(name: str) -> None:
    recorded = interactions(name)
    first = recorded[0]["request"]
    assert (first["method"], first["uri"]) == ("POST", TOKEN_URI)

    for interaction in recorded:
        request, response = interaction["request"], interaction["response"]
        url = urlsplit(request["uri"])
        assert url.scheme == "https"
        assert url.hostname in {"oauth2.googleapis.com", "gmail.googleapis.com"}
        if url.hostname != "gmail.googleapis.com":
            continue
        if request["uri"] == BATCH_URI:
            for path, query, status, body in batch_parts(request, response):
                check_get(path, parse_qs(query), status, body)
            continue
        params = parse_qs(url.query)
        assert params["alt"] == ["json"]
        if url.path == "/gmail/v1/users/me/messages":
            assert params["fields"] == [IDS_MASK]
            assert params["includeSpamTrash"] == ["true"]
            assert params["q"][0].endswith(" in:anywhere")
        else:
            check_get(url.path, params, response["status"]["code"], response["body"]["string"])


def check_get(path: str, params: dict[str, list[str]], status: int, body: str) -> None:
    assert re.fullmatch(r"/gmail/v1/users/me/messages/[0-9a-f]{16}", path)
    assert params["format"] == ["raw"]
    assert params["fields"] == [GET_MASK]
    assert params["alt"] == ["json"]
    if status == 200:
        check_raw_message(json.loads(body), path)


def batch_parts(
    request: dict[str, Any], response: dict[str, Any]
) -> list[tuple[str, str, int, str]]:
    """(path, query, status, body) of each get in a batch, each answer paired with its
    request by Content-ID as google-api-python-client pairs them."""
    assert request["method"] == "POST"
    headers = {k: v[0] for k, v in request["headers"].items()}
    # The request body passes otpmail's own egress check, part by part.
    asked = check("POST", request["uri"], headers, request["body"]).parts
    ids = [urlsplit(u).path.rsplit("/", 1)[1] for u in asked]
    assert len(set(ids)) == len(ids) > 1
    content_type = response["headers"]["content-type"][0]
    assert re.fullmatch(r"multipart/mixed; boundary=batch_[0-9a-f]{8}", content_type)
    text = response["body"]["string"]
    assert "\n" not in text.replace("\r\n", ""), "a batch answer has CRLF line ends"
    answer = BytesParser(policy=email.policy.compat32).parsebytes(
        f"Content-Type: {content_type}\r\n\r\n{text}".encode()
    )
    assert answer.is_multipart() and not answer.defects
    answered: dict[str, tuple[int, str]] = {}
    for part in answer.get_payload():
        assert part.get_content_type() == "application/http"
        content_id = part["Content-ID"]
        assert content_id.startswith("<response-") and " + " in content_id
        message_id = content_id[1:-1].split(" + ", 1)[1]
        status_line, rest = part.get_payload().split("\r\n", 1)
        assert re.fullmatch(r"HTTP/1\.1 \d{3} [A-Za-z ]+", status_line)
        head, body = rest.split("\r\n\r\n", 1)  # the client needs exactly this
        assert "Content-Type: application/json; charset=UTF-8" in head.split("\r\n")
        answered[message_id] = (int(status_line.split()[1]), body.removesuffix("\r\n"))
    assert sorted(answered) == sorted(ids)
    return [
        (urlsplit(u).path, urlsplit(u).query, *answered[i]) for u, i in zip(asked, ids, strict=True)
    ]


def check_raw_message(body: dict[str, Any], path: str) -> None:
    assert set(body) == {"id", "labelIds", "raw", "internalDate"}
    assert path.endswith("/" + body["id"])
    # int64 fields travel as JSON strings.
    assert isinstance(body["internalDate"], str) and body["internalDate"].isdigit()
    assert re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", body["raw"]), "raw is not base64url"
    blob = base64.urlsafe_b64decode(body["raw"])
    assert b"\r\n" in blob and b"\n" not in blob.replace(b"\r\n", b"")
    message = email.message_from_bytes(blob, policy=email.policy.default)
    for header in ("From", "To", "Subject", "Date", "Message-ID"):
        assert message[header], header
