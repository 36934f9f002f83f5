"""Gmail push through Cloud Pub/Sub: a notification wakes the wait, and nothing a waiter
sees depends on what the notifications do.

The end-to-end tests run Google's Pub/Sub emulator on 127.0.0.1 (skipped, with the reason,
where it is not installed): the fake Gmail mailbox publishes what Gmail would publish after
each delivery, otpmail pulls its subscription through the real google-api-python-client on
its pinned transport, then reads ``history.list`` from the fake, as it would from Gmail.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from conftest import write_config, write_key
from fakes.gmail import FakeGmail
from otpmail import Reader
from otpmail._core._config import GmailMailbox, GmailPush, Mailbox, load
from otpmail._core._egress import EgressRefused, check
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._gmail_push import read_notification, watch_due
from otpmail._providers._pubsub import PullSubscription, read_pull_answer
from pubsub_emulator import PROJECT, Emulator, emulator_command, running_emulator
from test_maildir import message

SUBSCRIPTION = f"projects/{PROJECT}/subscriptions/machine-1"
TOPIC = f"projects/{PROJECT}/topics/gmail-push"
PUBSUB = "https://pubsub.googleapis.com/v1"


# -- what a notification is, and when a watch is renewed ---------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"emailAddress": "QA@example.com", "historyId": "9876"}', ("qa@example.com", 9876)),
        (b'{"emailAddress": "qa@example.com", "historyId": 12}', ("qa@example.com", 12)),
        (b'{"emailAddress": "qa@example.com"}', None),
        (b'{"emailAddress": "qa@example.com", "historyId": true}', None),
        (b'{"emailAddress": "qa@example.com", "historyId": "12x"}', None),
        (b'["qa@example.com", 12]', None),
        (b"\xff\xfe", None),
    ],
)
def test_a_notification_is_read_from_gmails_payload_and_nothing_else(
    data: bytes, expected: tuple[str, int] | None
) -> None:
    notification = read_notification(data)

    got = None if notification is None else (notification.email_address, notification.history_id)
    assert got == expected


def test_a_pull_answer_acknowledges_every_message_even_an_unreadable_one() -> None:
    answer = {
        "receivedMessages": [
            {"ackId": "a1", "message": {"messageId": "1", "data": "eyJ4IjoxfQ=="}},
            {"ackId": "a2", "message": {"messageId": "2", "data": "not base64!"}},
            {"ackId": "a3"},
        ]
    }

    pulled, ack_ids = read_pull_answer(answer)

    assert [p.data for p in pulled] == [b'{"x":1}']
    assert ack_ids == ["a1", "a2", "a3"]


def test_a_watch_is_renewed_within_a_day_of_its_end_or_when_its_end_is_unknown() -> None:
    now = 1_000_000.0
    assert watch_due(None, now)
    assert watch_due(int((now + 3600) * 1000), now)
    assert not watch_due(int((now + 6 * 86400) * 1000), now)


# -- configuration -------------------------------------------------------------------------

ENTRY = (
    "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
    "      service_account_file: sa.json\n"
)


def test_push_is_configured_by_subscription_with_optional_topic_and_timings(
    tmp_path: Path,
) -> None:
    config = load(
        write_config(
            tmp_path,
            ENTRY + f"      push:\n        subscription: {SUBSCRIPTION}\n"
            f"        topic: {TOPIC}\n        safety_poll_seconds: 20\n",
        )
    )

    mailbox = config.mailboxes[0]
    assert isinstance(mailbox, GmailMailbox)
    assert mailbox.push == GmailPush(SUBSCRIPTION, TOPIC, safety_poll_seconds=20.0)


@pytest.mark.parametrize(
    ("push", "says"),
    [
        ("        topic: " + TOPIC, "missing required key 'subscription'"),
        ("        subscription: machine-1", "full subscription name"),
        (f"        subscription: {SUBSCRIPTION}/../x", "full subscription name"),
        (f"        subscription: {SUBSCRIPTION}\n        topic: gmail-push", "full topic name"),
        (f"        subscription: {SUBSCRIPTION}\n        safety_poll_seconds: 1", "from 5 to 3600"),
        (
            f"        subscription: {SUBSCRIPTION}\n        reconcile_seconds: true",
            "from 0.1 to 60",
        ),
        (f"        subscription: {SUBSCRIPTION}\n        endpoint: http://x", "official hosts"),
    ],
)
def test_a_wrong_push_entry_is_not_configured_and_says_which_key(
    tmp_path: Path, push: str, says: str
) -> None:
    path = write_config(tmp_path, ENTRY + "      push:\n" + push + "\n")

    with pytest.raises(Exception) as caught:
        load(path)

    assert str(caught.value).startswith("NOT_CONFIGURED:")
    assert says in str(caught.value)
    assert "push" in str(caught.value)


# -- egress: exactly pull, acknowledge and watch ------------------------------------------


@pytest.mark.parametrize(
    ("method", "url", "purpose"),
    [
        ("POST", f"{PUBSUB}/{SUBSCRIPTION}:pull?alt=json", "Pub/Sub subscriptions.pull"),
        (
            "POST",
            f"{PUBSUB}/{SUBSCRIPTION}:acknowledge?alt=json",
            "Pub/Sub subscriptions.acknowledge",
        ),
        (
            "POST",
            "https://gmail.googleapis.com/gmail/v1/users/me/watch?alt=json",
            "Gmail users.watch",
        ),
    ],
)
def test_the_push_calls_pass_the_egress_check(method: str, url: str, purpose: str) -> None:
    assert check(method, url).purpose == purpose


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", "https://gmail.googleapis.com/gmail/v1/users/me/stop"),
        ("PUT", f"{PUBSUB}/{SUBSCRIPTION}"),
        ("DELETE", f"{PUBSUB}/{SUBSCRIPTION}"),
        ("GET", f"{PUBSUB}/{SUBSCRIPTION}"),
        ("POST", f"{PUBSUB}/{SUBSCRIPTION}:modifyAckDeadline"),
        ("POST", f"{PUBSUB}/{SUBSCRIPTION}:seek"),
        ("POST", f"{PUBSUB}/{SUBSCRIPTION}:modifyPushConfig"),
        ("POST", f"{PUBSUB}/{TOPIC}:publish"),
        ("POST", f"{PUBSUB}/projects/{PROJECT}/subscriptions/a%2Fb:pull"),
        ("POST", f"{PUBSUB}/projects/{PROJECT}/subscriptions/../topics/x:pull"),
        ("POST", f"https://pubsub.googleapis.com:8085/v1/{SUBSCRIPTION}:pull"),
        ("POST", f"http://pubsub.googleapis.com/v1/{SUBSCRIPTION}:pull"),
    ],
)
def test_every_other_pubsub_or_push_call_is_refused(method: str, url: str) -> None:
    with pytest.raises(EgressRefused):
        check(method, url)


# -- end to end, against the emulator ------------------------------------------------------


@pytest.fixture(scope="module")
def pubsub_emulator(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Emulator]:
    command, why = emulator_command()
    if command is None:
        pytest.skip(why)
    import pytest_socket

    pytest_socket.enable_socket()
    pytest_socket.socket_allow_hosts(["127.0.0.1"], allow_unix_socket=True)
    try:
        context = running_emulator(tmp_path_factory.mktemp("pubsub") / "emulator.log")
        emulator = context.__enter__()
    finally:
        pytest_socket.disable_socket(allow_unix_socket=True)
    try:
        yield emulator
    finally:
        context.__exit__(None, None, None)


_names = iter(range(1_000_000))


@pytest.fixture
def pushed(pubsub_emulator: Emulator) -> tuple[str, str]:
    """A fresh topic and one subscription of it (this machine's)."""
    n = next(_names)
    topic = pubsub_emulator.create_topic(f"gmail-push-{n}")
    subscription = pubsub_emulator.create_subscription(f"machine-{n}", topic)
    return topic, subscription


def _reader(
    folder: Path,
    key: dict[str, Any],
    upstream: FakeGmail,
    emulator: Emulator,
    push: GmailPush,
) -> Reader:
    write_key(folder, key)
    config = write_config(folder, ENTRY)

    def factory(mailbox: Mailbox) -> GmailProvider:
        assert isinstance(mailbox, GmailMailbox)
        from dataclasses import replace

        return GmailProvider(
            replace(mailbox, push=push),
            http_factory=upstream.http_factory,
            push_http_factory=emulator.http_factory,
        )

    return Reader(config, provider_factory=factory)


def _publishing(upstream: FakeGmail, emulator: Emulator, topic: str) -> None:
    """Gmail's side of the watch: each delivery is announced on the topic."""
    upstream.watch_topic = topic
    upstream.on_change.append(lambda notification: emulator.publish(topic, notification))


@pytest.mark.loopback
async def test_pubsub_notification_wakes_the_wait_long_before_the_safety_poll(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    pubsub_emulator: Emulator,
    pushed: tuple[str, str],
) -> None:
    topic, subscription = pushed
    upstream = FakeGmail()
    _publishing(upstream, pubsub_emulator, topic)
    push = GmailPush(subscription, safety_poll_seconds=60.0, reconcile_seconds=0.5)
    reader = _reader(tmp_path, service_account_info, upstream, pubsub_emulator, push)

    async with reader:
        async with reader.expect_email("qa+push@example.com") as pending:
            await asyncio.sleep(1.0)  # the pull is open; no poll is due for a minute
            started = time.monotonic()
            upstream.deliver(
                message("qa+push@example.com", subject="code 482913"), datetime.now(UTC)
            )
        envelope = await pending.value(timeout=20)
        took = time.monotonic() - started

    assert envelope["status"] == "ok"
    assert envelope["data"]["emails"][0]["subject"] == "code 482913"
    assert took < 10  # the safety poll would have come after 60 s
    assert 1 <= upstream.count("history.list") <= 3  # the notification's read (+ reconcile)
    # The Pub/Sub token is the service account's own, for the Pub/Sub scope alone.
    assert pubsub_emulator.token_claims
    for claims in pubsub_emulator.token_claims:
        assert claims["scope"] == "https://www.googleapis.com/auth/pubsub"
        assert "sub" not in claims


@pytest.mark.loopback
async def test_pubsub_duplicate_and_stale_notifications_change_nothing_a_waiter_sees(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    pubsub_emulator: Emulator,
    pushed: tuple[str, str],
) -> None:
    topic, subscription = pushed
    upstream = FakeGmail()
    # Every notification is published three times, and a stale one before it.
    upstream.watch_topic = topic

    def noisy(notification: dict[str, Any]) -> None:
        stale = {**notification, "historyId": 1}
        for payload in (stale, notification, notification, notification):
            pubsub_emulator.publish(topic, payload)

    upstream.on_change.append(noisy)
    push = GmailPush(subscription, safety_poll_seconds=60.0, reconcile_seconds=0.2)
    reader = _reader(tmp_path, service_account_info, upstream, pubsub_emulator, push)

    async with reader:
        async with reader.expect_email("qa+a@example.com") as first:
            await asyncio.sleep(0.5)
            upstream.deliver(message("qa+a@example.com", subject="first"), datetime.now(UTC))
        one = await first.value(timeout=20)
        async with reader.expect_email("qa+a@example.com") as second:
            await asyncio.sleep(1.0)  # the duplicates of the first mail keep coming
            upstream.deliver(message("qa+a@example.com", subject="second"), datetime.now(UTC))
        two = await second.value(timeout=20)

    assert [one["data"]["emails"][0]["subject"], two["data"]["emails"][0]["subject"]] == [
        "first",
        "second",
    ]
    assert upstream.count("messages.get") <= 2  # each mail fetched once


@pytest.mark.loopback
async def test_pubsub_a_dropped_notification_is_made_up_for_by_the_safety_poll(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    pubsub_emulator: Emulator,
    pushed: tuple[str, str],
) -> None:
    _topic, subscription = pushed
    upstream = FakeGmail()  # Gmail drops this notification: nothing is published
    push = GmailPush(subscription, safety_poll_seconds=1.0, reconcile_seconds=0.2)
    reader = _reader(tmp_path, service_account_info, upstream, pubsub_emulator, push)

    async with reader:
        async with reader.expect_email("qa+drop@example.com") as pending:
            upstream.deliver(message("qa+drop@example.com", subject="dropped"), datetime.now(UTC))
        envelope = await pending.value(timeout=20)

    assert envelope["data"]["emails"][0]["subject"] == "dropped"


@pytest.mark.loopback
def test_pubsub_a_notification_whose_ack_was_lost_comes_again_and_is_acknowledged(
    pubsub_emulator: Emulator, pushed: tuple[str, str]
) -> None:
    topic, subscription = pushed

    class AckLost(PullSubscription):
        """The process pulled, then died before acknowledging."""

        def __init__(self, name: str, http: Any) -> None:
            super().__init__(name, http)
            real = self._subscriptions

            class NoAck:
                def pull(self, **kwargs: Any) -> Any:
                    return real.pull(**kwargs)

                def acknowledge(self, **kwargs: Any) -> Any:
                    raise ConnectionResetError("died before the ack")

            self._subscriptions = NoAck()

    import google_auth_httplib2
    from google.auth.credentials import AnonymousCredentials

    def http() -> Any:
        return google_auth_httplib2.AuthorizedHttp(
            AnonymousCredentials(), http=pubsub_emulator.http_factory()
        )

    def pull(subscription_type: type[PullSubscription]) -> list[Any]:
        puller = subscription_type(subscription, http())
        try:
            return [read_notification(p.data) for p in puller.pull()]
        finally:
            puller.close()

    pubsub_emulator.publish(topic, {"emailAddress": "qa@example.com", "historyId": 7})
    with pytest.raises(ConnectionResetError):
        pull(AckLost)
    # The emulator redelivers after the ack deadline (10 s); a pull holds until then.
    again = pull(PullSubscription)
    while not again:
        again = pull(PullSubscription)

    assert [n.history_id for n in again] == [7]
    # Acknowledged this time: it does not come back.
    pubsub_emulator.publish(topic, {"emailAddress": "qa@example.com", "historyId": 8})
    assert [n.history_id for n in pull(PullSubscription)] == [8]


@pytest.mark.loopback
async def test_pubsub_a_missing_subscription_falls_back_to_polling_and_says_why(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    pubsub_emulator: Emulator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    upstream = FakeGmail()
    push = GmailPush(f"projects/{PROJECT}/subscriptions/never-made", safety_poll_seconds=60.0)
    reader = _reader(tmp_path, service_account_info, upstream, pubsub_emulator, push)

    async with reader:
        async with reader.expect_email("qa+fallback@example.com", poll_interval=0.2) as pending:
            await asyncio.sleep(1.0)
            upstream.deliver(
                message("qa+fallback@example.com", subject="polled"), datetime.now(UTC)
            )
        envelope = await pending.value(timeout=20)

    assert envelope["status"] == "ok", envelope
    assert envelope["data"]["emails"][0]["subject"] == "polled"
    warnings = [r.getMessage() for r in caplog.records if r.name == "otpmail.push"]
    assert any("Pub/Sub pull failed; polling instead" in w and "HTTP 404" in w for w in warnings)


@pytest.mark.loopback
async def test_pubsub_the_watch_is_made_once_with_the_topic_and_never_stopped(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    pubsub_emulator: Emulator,
    pushed: tuple[str, str],
) -> None:
    topic, subscription = pushed
    upstream = FakeGmail()
    upstream.on_change.append(lambda n: pubsub_emulator.publish(topic, n))
    push = GmailPush(subscription, topic=topic, safety_poll_seconds=60.0, reconcile_seconds=0.2)
    reader = _reader(tmp_path, service_account_info, upstream, pubsub_emulator, push)

    async with reader:
        for n in range(2):
            async with reader.expect_email(f"qa+w{n}@example.com") as pending:
                await asyncio.sleep(0.5)
                upstream.deliver(
                    message(f"qa+w{n}@example.com", subject=f"m{n}"), datetime.now(UTC)
                )
            assert (await pending.value(timeout=20))["status"] == "ok"

    assert upstream.watch_topic == topic
    assert upstream.count("watch") == 1
    assert not [r for r in upstream.requests if r.url.split("?")[0].endswith("/stop")]


# -- otpmail watch ---------------------------------------------------------------------------


@pytest.fixture
def watch_cli(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> tuple[FakeGmail, Path]:
    """An integrations file with a Gmail entry (push.topic set) and a Maildir entry, whose
    Gmail provider talks to a fake."""
    upstream = FakeGmail()
    write_key(tmp_path, service_account_info)
    (tmp_path / "maildir").mkdir()
    config = write_config(
        tmp_path,
        ENTRY + f"      push:\n        subscription: {SUBSCRIPTION}\n        topic: {TOPIC}\n"
        "    - provider: maildir\n      address: local@example.test\n      path: maildir\n",
    )
    monkeypatch.setattr(
        "otpmail._reading._reader.default_provider",
        lambda mailbox: GmailProvider(mailbox, http_factory=upstream.http_factory),
    )
    return upstream, config


def test_watch_starts_the_push_watch_with_the_entrys_topic_and_prints_when_it_ends(
    watch_cli: tuple[FakeGmail, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from otpmail._frontends import _cli

    upstream, config = watch_cli

    status = _cli.main(["watch", "QA@example.com", "--integrations", str(config)])

    envelope = json.loads(capsys.readouterr().out)
    assert status == 0
    assert envelope["status"] == "ok"
    assert envelope["data"]["address"] == "qa@example.com"
    assert envelope["data"]["topic"] == TOPIC
    ends = datetime.fromisoformat(envelope["data"]["expires_at"])
    assert 6.9 * 86400 < (ends - datetime.now(UTC)).total_seconds() <= 7 * 86400
    assert upstream.watch_topic == TOPIC
    assert upstream.count("watch") == 1


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        (
            ["watch", "qa@example.com", "--topic", "gmail-push"],
            "invalid_argument",
            "full topic name",
        ),
        (["watch", "local@example.test"], "invalid_argument", "push is Gmail's"),
        (["watch", "nobody@example.com"], "no_mailbox", "no mailbox 'nobody@example.com'"),
    ],
)
def test_watch_refuses_what_it_cannot_watch_with_an_envelope(
    watch_cli: tuple[FakeGmail, Path],
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: str,
    says: str,
) -> None:
    from otpmail._frontends import _cli

    upstream, config = watch_cli

    status = _cli.main([*argv, "--integrations", str(config)])

    envelope = json.loads(capsys.readouterr().out)
    assert status != 0
    assert envelope["code"] == code
    assert says in envelope["error"]
    assert upstream.count("watch") == 0
