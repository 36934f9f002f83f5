"""A provider's answer is bounded while it is read and inflated, on every transport.

The official hosts are played by one TLS server on 127.0.0.1 (``official_hosts``), and the
real transports talk to it down to the socket: httplib2 for Gmail and Google's token
endpoint, httpx for Graph, aiohttp (through azure-core) for Entra. Each hostile answer is
small on the wire, or endless, and must be refused as ``response_too_large`` after at most
its bound: ``email.limits.response_bytes`` for a mailbox answer (allowed its base64 for
Gmail's ``format=raw``), :data:`~otpmail._core._bounds.MAX_TOKEN_RESPONSE_BYTES` for a token
answer.

Memory is measured with tracemalloc around the read: what Python allocated at the peak,
which holds every copy of an answer's bytes.
"""

from __future__ import annotations

import gzip
import json
import struct
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import write_config, write_key
from official_hosts import Answer, OfficialHosts
from otpmail._core._bounds import Limits
from otpmail._reading._reader import Reader

MiB = 1 << 20
GiB = 1 << 30
DEFAULT_BOUND = Limits().response_bytes
TOKEN_BOUND = 1_048_576
"""``_bounds.MAX_TOKEN_RESPONSE_BYTES`` (``test_answers`` holds them equal)."""
JSON = {"content-type": "application/json; charset=UTF-8"}
SECRET_ENV = "OTPMAIL_TEST_GRAPH_SECRET"
TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "66666666-7777-4888-9999-000000000000"


def gzip_bomb(inflated: int, block: int = MiB) -> bytes:
    """A valid gzip stream of ``inflated`` zero bytes, about 1/1000 of that on the wire: one
    compressed block of zeros repeated (a full flush between blocks makes each block's
    encoding the same)."""
    assert inflated % block == 0
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    segment = compressor.compress(b"\0" * block) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.flush(zlib.Z_FINISH)
    crc = 0
    zeros = b"\0" * block
    for _ in range(inflated // block):
        crc = zlib.crc32(zeros, crc)
    head = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return head + segment * (inflated // block) + tail + struct.pack("<II", crc, inflated % 2**32)


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """4 GiB of zeros, gzip-compressed: about 4 MiB."""
    return gzip_bomb(4 * GiB)


def endless(first: bytes = b"") -> Iterator[bytes]:
    """An answer that does not end (512 MiB, sent in 64 KiB chunks as they are asked for)."""
    yield first
    for _ in range(512 * 16):
        yield b"x" * 65_536


def token_json(token: str = "a-bearer-token") -> bytes:
    return json.dumps({"access_token": token, "expires_in": 3599, "token_type": "Bearer"}).encode()


def gmail_reader(tmp_path: Path, service_account_info: dict[str, Any]) -> Reader:
    write_key(tmp_path, service_account_info)
    return Reader(
        write_config(
            tmp_path,
            "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
            "      service_account_file: sa.json\n",
        )
    )


def outlook_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Reader:
    monkeypatch.setenv(SECRET_ENV, "PLANTED-client-secret")
    return Reader(
        write_config(
            tmp_path,
            "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
            f"      tenant_id: {TENANT}\n      client_id: {CLIENT_ID}\n"
            f"      client_secret_env: {SECRET_ENV}\n",
        )
    )


async def read_measured(reader: Reader, to: str) -> tuple[dict[str, Any], int]:
    """The envelope of one read, and the peak of what Python allocated during it."""
    tracemalloc.start()
    try:
        envelope = await reader.read_emails(to, deadline=60)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        await reader.aclose()
    return envelope, peak


def assert_refused_as_too_large(envelope: dict[str, Any], *words: str) -> None:
    assert envelope["status"] == "error", envelope
    assert envelope["code"] == "response_too_large", envelope
    assert envelope["error"].startswith("API_ERROR: ")
    for word in words:
        assert word in envelope["error"], envelope


# -- Gmail: httplib2 ----------------------------------------------------------------------


@pytest.mark.loopback
async def test_a_gzip_gmail_answer_that_inflates_to_4_gib_is_refused_at_the_bound(
    official_hosts: OfficialHosts,
    bomb: bytes,
    tmp_path: Path,
    service_account_info: dict[str, Any],
) -> None:
    def answer(method: str, path: str, body: bytes) -> Answer:
        if path == "/token":
            return 200, JSON, token_json()
        return 200, {**JSON, "content-encoding": "gzip"}, bomb

    official_hosts.answer = answer

    envelope, peak = await read_measured(
        gmail_reader(tmp_path, service_account_info), "qa@example.com"
    )

    assert_refused_as_too_large(
        envelope, "Gmail users.messages.list refused", f"inflates to more than {DEFAULT_BOUND}"
    )
    assert len(bomb) < 5 * MiB
    # At most the bound inflated (and what is still on the wire), never the 4 GiB.
    assert peak < 2 * DEFAULT_BOUND + 8 * MiB, peak


@pytest.mark.loopback
async def test_an_endless_gmail_answer_is_cut_off_at_the_bound(
    official_hosts: OfficialHosts, tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    def answer(method: str, path: str, body: bytes) -> Answer:
        if path == "/token":
            return 200, JSON, token_json()
        return 200, JSON, endless(b'{"messages": [')

    official_hosts.answer = answer

    envelope, peak = await read_measured(
        gmail_reader(tmp_path, service_account_info), "qa@example.com"
    )

    assert_refused_as_too_large(envelope, f"is more than {DEFAULT_BOUND} bytes")
    (listing,) = [s for s in official_hosts.served if s.path.startswith("/gmail/")]
    assert listing.sent < 2 * DEFAULT_BOUND  # the server could stop sending: 512 MiB were ready
    assert peak < 2 * DEFAULT_BOUND + 8 * MiB, peak


@pytest.mark.loopback
async def test_an_endless_google_token_answer_is_cut_off_at_the_token_bound(
    official_hosts: OfficialHosts, tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    official_hosts.answer = lambda method, path, body: (200, JSON, endless(b'{"access_token": "'))

    envelope, peak = await read_measured(
        gmail_reader(tmp_path, service_account_info), "qa@example.com"
    )

    assert_refused_as_too_large(envelope, "Gmail token request refused", f"more than {TOKEN_BOUND}")
    assert official_hosts.paths() == ["/token"]
    assert peak < 8 * MiB, peak


# -- Graph: httpx -------------------------------------------------------------------------


@pytest.mark.loopback
async def test_a_gzip_graph_page_that_inflates_to_4_gib_is_refused_at_the_bound(
    official_hosts: OfficialHosts, bomb: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(method: str, path: str, body: bytes) -> Answer:
        if path.endswith("/oauth2/v2.0/token"):
            return 200, JSON, token_json()
        return 200, {**JSON, "content-encoding": "gzip"}, bomb

    official_hosts.answer = answer

    envelope, peak = await read_measured(outlook_reader(tmp_path, monkeypatch), "qa@contoso.com")

    assert_refused_as_too_large(
        envelope, "Outlook messages.list refused", f"inflates to more than {DEFAULT_BOUND}"
    )
    assert peak < 2 * DEFAULT_BOUND + 8 * MiB, peak


@pytest.mark.loopback
async def test_an_endless_graph_page_is_cut_off_at_the_bound(
    official_hosts: OfficialHosts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(method: str, path: str, body: bytes) -> Answer:
        if path.endswith("/oauth2/v2.0/token"):
            return 200, JSON, token_json()
        return 200, JSON, endless(b'{"value": [')

    official_hosts.answer = answer

    envelope, peak = await read_measured(outlook_reader(tmp_path, monkeypatch), "qa@contoso.com")

    assert_refused_as_too_large(envelope, f"is more than {DEFAULT_BOUND} bytes")
    (page,) = [s for s in official_hosts.served if s.path.startswith("/v1.0/")]
    assert page.sent < 2 * DEFAULT_BOUND
    assert peak < 2 * DEFAULT_BOUND + 8 * MiB, peak


# -- Entra: aiohttp through azure-core ----------------------------------------------------


@pytest.mark.loopback
@pytest.mark.parametrize("encoding", ["identity", "gzip"])
async def test_a_512_mib_entra_token_answer_is_refused_at_the_token_bound(
    official_hosts: OfficialHosts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    huge = b'{"token_type": "Bearer", "expires_in": 3599, "access_token": "'
    if encoding == "gzip":
        # Two gzip members, as RFC 1952 allows: the JSON's start, then 512 MiB of zeros.
        headers = {**JSON, "content-encoding": "gzip"}
        content: Any = gzip.compress(huge) + gzip_bomb(512 * MiB)
    else:
        headers, content = JSON, endless(huge)
    official_hosts.answer = lambda method, path, body: (200, headers, content)

    envelope, peak = await read_measured(outlook_reader(tmp_path, monkeypatch), "qa@contoso.com")

    assert_refused_as_too_large(
        envelope, "Outlook token request refused", f"more than {TOKEN_BOUND}"
    )
    assert all(p.endswith("/oauth2/v2.0/token") for p in official_hosts.paths())
    (token,) = official_hosts.served
    assert token.sent < 64 * MiB  # the server could stop sending
    assert peak < 8 * MiB, peak


@pytest.mark.loopback
async def test_answers_within_the_bound_still_read_compressed_or_not(
    official_hosts: OfficialHosts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bound takes nothing away: a gzip token answer and a deflate page are read."""
    page = json.dumps({"value": []}).encode()

    def answer(method: str, path: str, body: bytes) -> Answer:
        if path.endswith("/oauth2/v2.0/token"):
            return 200, {**JSON, "content-encoding": "gzip"}, gzip.compress(token_json())
        return 200, {**JSON, "content-encoding": "deflate"}, zlib.compress(page)

    official_hosts.answer = answer
    reader = outlook_reader(tmp_path, monkeypatch)

    envelope = await reader.read_emails("qa@contoso.com", count=True, deadline=30)
    await reader.aclose()

    assert envelope == {"status": "ok", "data": {"count": 0}}


@pytest.mark.loopback
async def test_an_endless_gmail_batch_answer_is_cut_off_at_the_batch_bound(
    official_hosts: OfficialHosts, tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    """A batch answer is held, while it is read, to what its parts may be together
    (``_bounds.batch_response_limit``); refused, its messages are fetched one by one."""
    import base64
    import time

    ids = [f"{(int(time.time() * 1000) - n * 5_000) << 20 | n:016x}" for n in range(3)]

    def raw(message_id: str) -> bytes:
        mail = (
            f"From: no-reply@acme.example\r\nTo: qa@example.com\r\nSubject: Code {message_id}\r\n"
            f"Message-ID: <{message_id}@acme.example>\r\n\r\nYour code is 482913.\r\n"
        )
        resource = {
            "id": message_id,
            "internalDate": str(int(message_id, 16) >> 20),
            "labelIds": ["INBOX"],
            "raw": base64.urlsafe_b64encode(mail.encode()).decode(),
        }
        return json.dumps(resource).encode()

    def answer(method: str, path: str, body: bytes) -> Answer:
        if path == "/token":
            return 200, JSON, token_json()
        if path == "/batch":
            multipart = {"content-type": "multipart/mixed; boundary=batch_endless"}
            return 200, multipart, endless(b"--batch_endless\r\n")
        if path.startswith("/gmail/v1/users/me/messages/"):
            return 200, JSON, raw(path.split("/")[-1].split("?")[0])
        return 200, JSON, json.dumps({"messages": [{"id": i} for i in ids]}).encode()

    official_hosts.answer = answer

    envelope, peak = await read_measured(
        gmail_reader(tmp_path, service_account_info), "qa@example.com"
    )

    assert envelope["status"] == "ok", envelope
    assert sorted(e["id"] for e in envelope["data"]["emails"]) == sorted(ids)
    (batch,) = [s for s in official_hosts.served if s.path == "/batch"]
    bound = 2 * (-(-DEFAULT_BOUND * 4 // 3) + 4_096) + 3 * 2_048  # batch_response_limit
    assert batch.sent < 2 * bound  # the server could stop sending: 512 MiB were ready
    assert peak < 2 * bound + 8 * MiB, peak
