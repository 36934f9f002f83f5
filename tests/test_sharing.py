"""The machine's watcher of a mailbox, in one process: who may connect, where it lives,
what crosses its socket, and how sharing is turned off (docs/security-fleets.md).

The many-process behaviour (one poll stream, takeover, Graph in flight) is in
tests/test_fleet.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import stat
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import otpmail._sharing._client as client_module
import otpmail._sharing._hub as hub_module
from conftest import gmail_reader
from fakes.gmail import FakeGmail
from otpmail import Reader
from otpmail._decoding._authres import Authentication
from otpmail._decoding._email import Attachment, Email
from otpmail._reading._wait import _SHARED_POLICY as _POLICY
from otpmail._reading._wait import stream_for
from otpmail._sharing import SharedFeed, share_key
from otpmail._sharing._codec import email_from_json, email_to_json, frame, read_frame
from otpmail._sharing._hub import Hub
from otpmail._sharing._runtime import (
    SharingRefused,
    check_private_dir,
    peer_allowed,
    peer_uid,
    place_for,
    runtime_dir,
    try_lock,
)
from test_maildir import message

FAST = 0.05


@pytest.fixture
def runtime(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="otpmail-t-"))
    monkeypatch.setenv("OTPMAIL_RUNTIME_DIR", str(folder))
    return folder


@pytest.fixture
def upstream() -> FakeGmail:
    return FakeGmail()


@pytest.fixture
def reader(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> Iterator[Reader]:
    yield gmail_reader(tmp_path, service_account_info, upstream)


async def _wait_once(reader: Reader, upstream: FakeGmail) -> dict[str, Any]:
    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        upstream.deliver(message("qa+x@example.com", subject="code"), datetime.now(UTC))
    return await pending.value(timeout=10)


# -- who may connect ------------------------------------------------------------------------


def test_only_a_process_of_this_user_is_allowed() -> None:
    assert peer_allowed(os.getuid())
    assert not peer_allowed(os.getuid() + 1)
    assert not peer_allowed(None)  # a platform that cannot say who the peer is


def test_the_peer_uid_comes_from_the_kernel() -> None:
    left, right = socket.socketpair(socket.AF_UNIX)
    with left, right:
        assert peer_uid(left) == os.getuid()


class _Feed:
    """A change feed that records whether anyone reached it."""

    def __init__(self) -> None:
        self.calls = 0

    async def cursor(self) -> object:
        self.calls += 1
        return 1

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        self.calls += 1
        return [], cursor


def _hub(feed: _Feed) -> Hub:
    place = place_for("peer-test")
    fd = try_lock(place.lock)
    assert fd is not None
    hub = Hub(feed, _POLICY, place, fd, lambda hub: None)
    hub.start()
    return hub


async def test_the_watcher_hangs_up_on_a_process_of_another_user(
    runtime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed = _Feed()
    hub = _hub(feed)
    monkeypatch.setattr(hub_module, "peer_uid", lambda sock: os.getuid() + 1)
    reader, writer = await asyncio.open_unix_connection(str(hub.place.socket))
    writer.write(frame({"id": 1, "op": "mark"}))
    # Hung up at once: possibly before the request was even sent (a reset on drain), then
    # an end of stream, a reset or a broken pipe where the answer would be (the request was
    # never read; which one the reader sees depends on when the hang-up lands).
    with contextlib.suppress(ConnectionResetError, BrokenPipeError):
        await writer.drain()
    with pytest.raises((asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError)):
        await asyncio.wait_for(read_frame(reader), 5)
    writer.close()
    assert feed.calls == 0  # nothing was polled for it, nothing was sent


async def test_the_watcher_answers_a_process_of_this_user(runtime: Path) -> None:
    feed = _Feed()
    hub = _hub(feed)
    reader, writer = await asyncio.open_unix_connection(str(hub.place.socket))
    writer.write(frame({"id": 1, "op": "mark"}))
    await writer.drain()

    answer = await asyncio.wait_for(read_frame(reader), 5)
    writer.close()
    assert answer["id"] == 1 and answer["token"]["n"] == 0
    # The mark reached the feed (the watcher's first poll may follow it at once).
    assert feed.calls >= 1


async def test_a_watcher_socket_of_another_user_is_not_used(
    runtime: Path, reader: Reader, upstream: FakeGmail, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "peer_uid", lambda sock: os.getuid() + 1)

    envelope = await _wait_once(reader, upstream)

    # The wait polled on its own instead, and still got its mail.
    assert envelope["data"]["emails"][0]["subject"] == "code"
    assert upstream.count("getProfile") == 1


# -- where it lives ---------------------------------------------------------------------------


async def test_the_runtime_dir_is_0700_and_the_lock_and_socket_0600(
    runtime: Path, reader: Reader, upstream: FakeGmail
) -> None:
    os.rmdir(runtime)  # sharing creates it
    async with reader.expect_email("qa+x@example.com", poll_interval=FAST) as pending:
        sockets = list(runtime.glob("*.sock"))
        locks = list(runtime.glob("*.lock"))
        upstream.deliver(message("qa+x@example.com", subject="code"), datetime.now(UTC))
    await pending.value(timeout=10)

    assert stat.S_IMODE(os.lstat(runtime).st_mode) == 0o700
    assert len(sockets) == 1 and len(locks) == 1
    assert stat.S_IMODE(os.lstat(sockets[0]).st_mode) == 0o600
    assert stat.S_IMODE(os.lstat(locks[0]).st_mode) == 0o600


@pytest.mark.parametrize("mode", [0o755, 0o770, 0o701])
def test_a_runtime_dir_open_to_others_is_refused(runtime: Path, mode: int) -> None:
    runtime.chmod(mode)
    with pytest.raises(SharingRefused, match="0700"):
        runtime_dir()


def test_a_symlinked_runtime_dir_is_refused(
    runtime: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = tmp_path / "link"
    link.symlink_to(runtime)
    with pytest.raises(SharingRefused, match="symlink"):
        check_private_dir(link)


async def test_with_a_runtime_dir_open_to_others_each_process_polls_alone(
    runtime: Path, reader: Reader, upstream: FakeGmail
) -> None:
    runtime.chmod(0o755)

    envelope = await _wait_once(reader, upstream)

    assert envelope["data"]["emails"][0]["subject"] == "code"
    assert list(runtime.iterdir()) == []  # no socket, no lock: nothing shared


# -- what crosses the socket --------------------------------------------------------------


async def test_no_token_or_key_crosses_the_socket(
    runtime: Path,
    reader: Reader,
    upstream: FakeGmail,
    service_account_info: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[bytes] = []
    original = hub_module.frame

    def recording(value: dict[str, Any]) -> bytes:
        data = original(value)
        sent.append(data)
        return data

    monkeypatch.setattr(hub_module, "frame", recording)
    envelope = await _wait_once(reader, upstream)

    assert envelope["data"]["emails"][0]["subject"] == "code"
    wire = b"".join(sent)
    assert b"code" in wire  # the mail did cross (to this same user)
    assert b"ya29.fake-upstream-token" not in wire
    assert service_account_info["private_key"].split("\n")[1].encode() not in wire
    assert service_account_info["client_email"].encode() not in wire


def test_an_email_crosses_the_socket_unchanged() -> None:
    email = Email(
        id="m1",
        account="qa@example.com",
        received_at=datetime(2026, 12, 3, 9, 0, 0, 123000, tzinfo=UTC),
        date="Thu, 3 Dec 2026 09:00:00 +0000",
        sender="Acme <no-reply@acme.example>",
        sender_addresses=("no-reply@acme.example",),
        to="qa+x@example.com",
        recipients=("qa+x@example.com",),
        subject="Your code",
        body="Your code is 123456",
        message_id="<1@acme.example>",
        attachments=(Attachment("a.pdf", "application/pdf", 12),),
        body_truncated=True,
        attachments_omitted=2,
        authentication=Authentication(
            checked=True, authserv_id="mx.example.com", dmarc="pass", authenticated=True
        ),
    )
    assert email_from_json(email_to_json(email)) == email


# -- turning it off ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["off", "0", "false", "no"])
async def test_otpmail_sharing_off_keeps_the_provider_feed(
    reader: Reader, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("OTPMAIL_SHARING", value)
    config = reader.config()
    provider = reader.provider_for(config.mailboxes[0])

    stream = stream_for(provider, "gmail", FAST)

    assert stream.feed is provider


async def test_sharing_is_on_by_default_for_gmail(reader: Reader) -> None:
    config = reader.config()
    provider = reader.provider_for(config.mailboxes[0])

    stream = stream_for(provider, "gmail", FAST)

    assert isinstance(stream.feed, SharedFeed)


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to run a peer as another user")
async def test_a_real_process_of_another_user_is_hung_up_on(runtime: Path) -> None:
    """Past the file permissions (opened here on purpose), the kernel's credentials of the
    peer still keep a process of another user out."""
    import shutil
    import subprocess

    python = shutil.which("python3", path="/usr/bin:/bin")  # one another user may run
    if python is None:
        pytest.skip("no system python3 for the other user")
    feed = _Feed()
    hub = _hub(feed)
    runtime.chmod(0o711)
    hub.place.socket.chmod(0o666)
    probe = (
        "import socket, struct, sys\n"
        "s = socket.socket(socket.AF_UNIX)\n"
        "s.connect(sys.argv[1])\n"
        'body = b\'{"id":1,"op":"mark"}\'\n'
        "try:\n"
        "    s.sendall(struct.pack('!I', len(body)) + body)\n"
        "    data = s.recv(65536)\n"
        "except (ConnectionResetError, BrokenPipeError):\n"
        "    data = b''\n"
        "print('answered' if data else 'hung up')\n"
    )

    def nobody() -> None:
        os.setgid(65534)
        os.setuid(65534)

    done = await asyncio.to_thread(
        subprocess.run,
        [python, "-c", probe, str(hub.place.socket)],
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=nobody,
        cwd="/",
    )

    assert done.stdout.strip() == "hung up", done.stderr
    assert feed.calls == 0


def test_entries_that_differ_in_credentials_or_limits_never_share(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> None:
    def key(folder: str, info: dict[str, Any], email_keys: str = "") -> str:
        (tmp_path / folder).mkdir()
        reader = gmail_reader(tmp_path / folder, info, upstream, email_keys=email_keys)
        provider = reader.provider_for(reader.config().mailboxes[0])
        return share_key(provider.mailbox_identity)

    same = key("a", service_account_info)
    assert key("b", service_account_info) == same  # another file, the same entry
    other_key = {**service_account_info, "private_key_id": "f" * 40}
    assert key("c", other_key) != same
    assert key("d", service_account_info, "  limits:\n    body_chars: 1000\n") != same


async def test_a_notification_source_wakes_the_watcher_to_poll_at_once(runtime: Path) -> None:
    """The seam for push notifications (docs/fleets.md): ``Hub.wake_up()`` from any thread
    makes the poll loop poll now instead of at the end of its interval."""
    feed = _Feed()
    hub = _hub(feed)
    reader, writer = await asyncio.open_unix_connection(str(hub.place.socket))
    writer.write(frame({"id": 1, "op": "mark", "interval": 30}))
    await writer.drain()
    token = (await asyncio.wait_for(read_frame(reader), 5))["token"]
    writer.write(frame({"id": 2, "op": "watch", "token": token, "timeout": 30}))
    await writer.drain()
    await asyncio.sleep(0.5)
    polled = feed.calls  # the mark, and the loop's first poll; the next is 30 s away

    await asyncio.to_thread(hub.wake_up)
    await asyncio.sleep(0.5)

    assert feed.calls == polled + 1
    writer.close()


def test_every_test_the_fleet_security_page_names_exists() -> None:
    """docs/security-fleets.md cannot drift from this file: each claim's test is here."""
    import ast
    import re

    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "security-fleets.md").read_text(encoding="utf-8")
    named = set(re.findall(r"(test_\w+)`", page))
    defined = {
        node.name
        for node in ast.walk(ast.parse(Path(__file__).read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    assert len(named) >= 8
    assert named <= defined, named - defined
