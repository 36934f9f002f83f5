"""Waiting right for a whole session, not for one call (issue 13), on every provider.

A long-lived Reader (a pytest session, the MCP server) serves many waits one after the
other: each must see only the mail it is owed. Maildir runs against the README's catcher
(aiosmtpd's ``Mailbox`` on 127.0.0.1, fed by smtplib); Gmail and Graph against their
in-process fakes at the SDK transport seams.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from catcher import mail, send, smtp_catcher
from conftest import gmail_reader, write_config
from fakes.gmail import FakeGmail
from fakes.graph import FakeGraph
from otpmail import Reader
from otpmail._core._config import Mailbox, OutlookMailbox
from otpmail._providers._outlook import OutlookProvider

FAST = 0.05


@dataclass
class Session:
    """One mailbox, a Reader over it, and a way to deliver mail to it."""

    reader: Reader
    deliver: Callable[[EmailMessage], None]
    domain: str
    deliver_bcc: Callable[[EmailMessage, list[str]], None] | None = None
    """Send with these SMTP envelope recipients (the catcher only)."""

    def address(self, tag: str) -> str:
        return f"qa+{tag}@{self.domain}"

    def send(self, to: str, body: str, subject: str = "Your code") -> None:
        self.deliver(mail(to, subject=subject, body=body))


@pytest.fixture
def maildir_session(tmp_path: Path) -> Iterator[Session]:
    with smtp_catcher(tmp_path / "maildir") as port:
        config = write_config(
            tmp_path,
            "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: maildir\n",
        )
        yield Session(
            Reader(config),
            lambda msg: send(port, msg),
            "example.com",
            lambda msg, rcpt: send(port, msg, rcpt),
        )


@pytest.fixture
def gmail_session(tmp_path: Path, service_account_info: dict[str, Any]) -> Session:
    upstream = FakeGmail()
    return Session(
        gmail_reader(tmp_path, service_account_info, upstream),
        lambda msg: _deliver_gmail(upstream, msg),
        "example.com",
    )


def _deliver_gmail(upstream: FakeGmail, msg: EmailMessage) -> None:
    upstream.deliver(msg)


@pytest.fixture
def graph_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Session:
    upstream = FakeGraph("qa@contoso.com")
    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        "      client_secret_env: OTPMAIL_TEST_GRAPH_SECRET\n",
    )

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox, transport=upstream.transport, token_transport=upstream.token_transport
        )

    clock = [datetime.now(UTC)]

    def deliver(msg: EmailMessage) -> None:
        body = msg.get_body()
        assert body is not None
        # Graph's receivedDateTime has whole seconds: one second apart, so that "newest" is
        # decided by the time, as it is on the other providers, and not by opaque ids.
        clock[0] = max(datetime.now(UTC), clock[0] + timedelta(seconds=1))
        upstream.deliver(
            to=str(msg["To"]), subject=str(msg["Subject"]), body=body.get_content(), at=clock[0]
        )

    return Session(Reader(config, provider_factory=factory), deliver, "contoso.com")


PROVIDERS = [
    pytest.param("maildir_session", marks=pytest.mark.loopback, id="maildir"),
    pytest.param("gmail_session", id="gmail"),
    pytest.param("graph_session", id="graph"),
]


@pytest.fixture(params=PROVIDERS)
def session(request: pytest.FixtureRequest) -> Session:
    return request.getfixturevalue(request.param)  # type: ignore[no-any-return]


def body_of(envelope: dict[str, Any]) -> str:
    assert envelope["status"] == "ok", envelope
    return str(envelope["data"]["emails"][0]["body"]).strip()


async def test_a_later_expectation_ignores_mail_from_before_its_own_mark(
    session: Session,
) -> None:
    """The issue's reproduction: the second expectation on one Reader used to start from
    the first one's cursor and hand back 111111."""
    a, b = session.address("a"), session.address("b")
    async with session.reader.expect_email(a, poll_interval=FAST) as first:
        session.send(a, "Your code is 100000")
    assert body_of(await first.value(timeout=10)) == "Your code is 100000"

    session.send(b, "Your code is 111111")
    await asyncio.sleep(0.2)
    async with session.reader.expect_email(b, poll_interval=FAST) as second:
        session.send(b, "Your code is 222222")

    assert body_of(await second.value(timeout=10)) == "Your code is 222222"


async def test_an_expectation_entered_while_the_stream_runs_takes_its_own_mark(
    session: Session,
) -> None:
    """Another waiter keeps the stream polling; the new expectation must still not see the
    mail delivered before it was entered."""
    busy = asyncio.create_task(
        session.reader.wait_for_email(session.address("busy"), timeout=10, poll_interval=FAST)
    )
    await asyncio.sleep(0.3)
    b = session.address("b")
    session.send(b, "Your code is 111111")
    async with session.reader.expect_email(b, poll_interval=FAST) as pending:
        session.send(b, "Your code is 222222")

    assert body_of(await pending.value(timeout=10)) == "Your code is 222222"
    session.send(session.address("busy"), "done")
    assert body_of(await busy) == "done"


async def test_a_wait_after_a_resend_returns_the_new_code(session: Session) -> None:
    to = session.address("resend")
    session.send(to, "Your code is 111111")
    session.send(to, "Your code is 222222")  # "Resend": the first code is void now

    assert body_of(await session.reader.wait_for_email(to, timeout=10, poll_interval=FAST)) == (
        "Your code is 222222"
    )


async def test_a_poll_that_brings_several_matches_hands_the_newest(session: Session) -> None:
    to = session.address("burst")
    async with session.reader.expect_email(to, poll_interval=0.5) as pending:
        for code in ("111111", "222222", "333333"):
            session.send(to, f"Your code is {code}")

    assert body_of(await pending.value(timeout=10)) == "Your code is 333333"


async def test_a_wait_gets_mail_from_the_stream_that_another_waits_search_also_found(
    session: Session,
) -> None:
    """Two waits for the same address: what the second one's catch-up search fetched is
    still offered to the first by the stream."""
    to = session.address("both")
    first = asyncio.create_task(session.reader.wait_for_email(to, timeout=10, poll_interval=0.3))
    await asyncio.sleep(0.5)
    session.send(to, "Your code is 424242")
    second = await session.reader.wait_for_email(to, timeout=10, poll_interval=0.3)

    assert body_of(second) == "Your code is 424242"
    assert body_of(await first) == "Your code is 424242"


@pytest.mark.loopback
async def test_bcc_style_mail_through_the_catcher_is_found_by_its_envelope_recipient(
    maildir_session: Session,
) -> None:
    """``To: undisclosed-recipients:;``, the recipient only in the SMTP envelope: the
    catcher's ``X-RcptTo`` names it."""
    reader = maildir_session.reader
    to = maildir_session.address("bcc")
    assert maildir_session.deliver_bcc is not None
    notice = mail("undisclosed-recipients:;", subject="Sign-in link", body="Your code is 135790")

    async with reader.expect_email(to, poll_interval=FAST) as pending:
        maildir_session.deliver_bcc(notice, [to])
    expected = await pending.value(timeout=10)
    waited = await reader.wait_for_email(to, timeout=10, poll_interval=FAST)

    assert body_of(expected) == body_of(waited) == "Your code is 135790"
    assert expected["data"]["emails"][0]["to"] == ""
