"""The user's flow: a forged mail in spam arrives a moment before the real one.

Gmail puts a mail that fails DMARC in spam, and otpmail searches ``in:anywhere``, so spam
is read too. Without ``authenticated=True`` a wait hands over whatever matching mail comes
first (README, "Is it really from them?"); with it, only mail whose receiving server vouched
for the From domain counts. Driven through the real google-api-python-client stack against
the in-process Gmail fake, and through a real SMTP delivery into a Maildir.
"""

from __future__ import annotations

import asyncio
import smtplib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox as MaildirHandler
from aiosmtpd.smtp import AuthResult, LoginPassword

from catcher import free_port
from conftest import gmail_reader, write_config
from fakes.gmail import FakeGmail
from fakes.mail_headers import FAIL, PASS, gmail_message, gmail_report
from otpmail import Reader

FAST = 0.05
TO = "qa+signup@example.com"
SENDER = "no-reply@acme.example"


@pytest.fixture
def upstream() -> FakeGmail:
    return FakeGmail()


@pytest.fixture
def reader(
    tmp_path: Path, service_account_info: dict[str, Any], upstream: FakeGmail
) -> Iterator[Reader]:
    yield gmail_reader(tmp_path, service_account_info, upstream)


def forged_mail(code: str) -> bytes:
    """Sent from the attacker's server with ``From: no-reply@acme.example``: Gmail's report
    says SPF passed for the attacker's envelope domain and DMARC failed for acme.example (so
    Gmail files it in spam); the attacker added reports of its own that say pass, one by
    Gmail's authserv-id."""
    own_report = gmail_report(PASS, mailfrom="bounce@mail.acme.example", from_domain="acme.example")
    return gmail_message(
        to=TO,
        code=code,
        verdict=FAIL,
        at=datetime.now(UTC),
        mailfrom="bounce@evil.example",
        forged=[
            ("Authentication-Results", own_report),
            ("Authentication-Results", "evil.example; dmarc=pass header.from=acme.example"),
        ],
    )


def real_mail(code: str) -> bytes:
    return gmail_message(to=TO, code=code, verdict=PASS, at=datetime.now(UTC))


async def deliver_forged_then_real(upstream: FakeGmail) -> None:
    await asyncio.sleep(0.3)
    upstream.deliver(forged_mail("666666"), labels=("SPAM",))
    # Long enough for a poll to see the forged mail alone.
    await asyncio.sleep(0.6)
    upstream.deliver(real_mail("123456"))


async def test_an_authenticated_wait_returns_the_real_code_not_the_forged_one_in_spam(
    reader: Reader, upstream: FakeGmail
) -> None:
    delivering = asyncio.create_task(deliver_forged_then_real(upstream))
    envelope = await reader.wait_for_email(
        TO, sender=SENDER, timeout=10, poll_interval=FAST, authenticated=True
    )
    await delivering

    (email,) = envelope["data"]["emails"]
    assert email["code"] == "123456"
    assert email["authentication"]["dmarc"] == "pass"
    assert email["authentication"]["authserv_id"] == "mx.google.com"


async def test_without_authenticated_the_forged_mail_that_came_first_wins(
    reader: Reader, upstream: FakeGmail
) -> None:
    # What the README says happens by default: the sender filter compares the From header,
    # which the sender writes, so the forgery matches and, being first, is handed over.
    delivering = asyncio.create_task(deliver_forged_then_real(upstream))
    envelope = await reader.wait_for_email(TO, sender=SENDER, timeout=10, poll_interval=FAST)
    await delivering

    (email,) = envelope["data"]["emails"]
    assert email["code"] == "666666"
    assert email["authentication"]["checked"] is True
    assert email["authentication"]["dmarc"] == "fail"


async def test_an_authenticated_timeout_says_how_many_mails_failed_authentication(
    reader: Reader, upstream: FakeGmail
) -> None:
    upstream.deliver(forged_mail("666666"), labels=("SPAM",))

    # The forgery is there before the wait: its catch-up search finds it and leaves it out.
    envelope = await reader.wait_for_email(
        TO, sender=SENDER, timeout=3, poll_interval=FAST, authenticated=True
    )

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("NO_EMAILS_FOUND:")
    assert "1 matching message(s) were left out: they failed authentication" in envelope["error"]


# -- Maildir, through a real SMTP delivery -----------------------------------------------

MTA_ID = "mx.example.test"


class CheckingMailbox(MaildirHandler):
    """A stand-in for the user's own MTA in front of the Maildir (Postfix with OpenDMARC, say):
    it puts its verdict on top of each message it accepts. Its check: mail submitted with
    the From domain's credentials passes, anything else fails (a real MTA would check SPF
    and DKIM in the DNS; the position and the authserv-id are what this test is about)."""

    def prepare_message(self, session: Any, envelope: Any) -> Any:
        sent = message_from_bytes(envelope.content)
        from_domain = parseaddr(str(sent["From"]))[1].rpartition("@")[2]
        ok = bool(session.authenticated) and envelope.mail_from.endswith("@" + from_domain)
        verdict = "pass" if ok else "fail"
        report = (
            f"Authentication-Results: {MTA_ID}; spf={verdict} smtp.mailfrom={envelope.mail_from};"
            f" dmarc={verdict} header.from={from_domain}\r\n"
        )
        envelope.content = report.encode() + envelope.content
        return super().prepare_message(session, envelope)


def _acme_credentials(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"acme", b"s3cret")
    return AuthResult(success=ok, handled=False)


@contextmanager
def checking_mta(maildir: Path) -> Iterator[int]:
    controller = Controller(
        CheckingMailbox(maildir),
        hostname="127.0.0.1",
        port=free_port(),
        authenticator=_acme_credentials,
        auth_require_tls=False,
    )
    controller.start()
    try:
        yield int(controller.port)
    finally:
        controller.stop()


def code_mail(code: str, *extra: tuple[str, str]) -> EmailMessage:
    msg = EmailMessage()
    for name, value in extra:
        msg[name] = value
    msg["From"] = f"Acme <{SENDER}>"
    msg["To"] = TO
    msg["Subject"] = "Your Acme code"
    msg.set_content(f"Your code is {code}")
    return msg


def send_forged(port: int) -> None:
    """The attacker: no credentials, its own envelope sender, a report of its own by the
    trusted MTA's authserv-id."""
    forged = code_mail(
        "666666",
        (
            "Authentication-Results",
            f"{MTA_ID}; spf=pass smtp.mailfrom={SENDER}; dmarc=pass header.from=acme.example",
        ),
    )
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        smtp.send_message(forged, from_addr="bounce@evil.example")


def send_real(port: int) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        smtp.login("acme", "s3cret")
        smtp.send_message(code_mail("123456"), from_addr=SENDER)


def maildir_reader(tmp_path: Path, trusted: str | None) -> Reader:
    line = f"      trusted_authserv_id: {trusted}\n" if trusted else ""
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        "      path: maildir\n" + line,
    )
    return Reader(config)


@pytest.mark.loopback
async def test_maildir_behind_a_checking_mta_waits_for_the_real_code(tmp_path: Path) -> None:
    reader = maildir_reader(tmp_path, MTA_ID)
    with checking_mta(tmp_path / "maildir") as port:

        async def deliver() -> None:
            await asyncio.sleep(0.3)
            await asyncio.to_thread(send_forged, port)
            await asyncio.sleep(0.5)
            await asyncio.to_thread(send_real, port)

        delivering = asyncio.create_task(deliver())
        envelope = await reader.wait_for_email(
            TO, sender=SENDER, timeout=10, poll_interval=FAST, authenticated=True
        )
        await delivering
        everything = await reader.read_emails(TO)

    (email,) = envelope["data"]["emails"]
    assert email["code"] == "123456"
    assert email["authentication"]["authserv_id"] == MTA_ID
    by_code = {e["code"]: e["authentication"] for e in everything["data"]["emails"]}
    # The forged report sits below the MTA's own: the MTA's "fail" is what is read.
    assert by_code["666666"]["checked"] is True and by_code["666666"]["dmarc"] == "fail"


@pytest.mark.loopback
async def test_maildir_without_a_trusted_mta_checks_nothing(tmp_path: Path) -> None:
    reader = maildir_reader(tmp_path, None)
    with checking_mta(tmp_path / "maildir") as port:
        await asyncio.to_thread(send_real, port)
        await asyncio.to_thread(send_forged, port)
        envelope = await reader.read_emails(TO)
        authenticated = await reader.read_emails(TO, authenticated=True)

    assert [e["authentication"]["checked"] for e in envelope["data"]["emails"]] == [False, False]
    assert authenticated["error"].startswith("NO_EMAILS_FOUND:")


# -- the pytest fixture ---------------------------------------------------------------

pytest_plugins = ["pytester"]

INNER_CONFIG = f"""\
email:
  mailboxes:
    - provider: maildir
      address: qa@example.com
      path: box
      trusted_authserv_id: {MTA_ID}
"""

INNER_TEST = f"""
import os, threading, time
from pathlib import Path

BOX = Path(__file__).parent / "box"

def deliver(to, code, verdict, forged=""):
    now = time.time()
    name = f"{{int(now)}}.M{{int(now % 1 * 1e6)}}P{{os.getpid()}}Q{{code}}.test"
    raw = (
        f"Authentication-Results: {MTA_ID}; spf={{verdict}} smtp.mailfrom=no-reply@acme.example;"
        f" dmarc={{verdict}} header.from=acme.example\\r\\n" + forged +
        f"From: Acme <no-reply@acme.example>\\r\\nTo: {{to}}\\r\\nSubject: Your code\\r\\n\\r\\n"
        f"Your code is {{code}}\\r\\n"
    )
    (BOX / "tmp" / name).write_bytes(raw.encode())
    os.replace(BOX / "tmp" / name, BOX / "new" / name)

def test_the_forged_mail_in_spam_first_then_the_real_one(otpmail):
    forged = "Authentication-Results: {MTA_ID}; dmarc=pass header.from=acme.example\\r\\n"
    def send():
        time.sleep(0.3)
        deliver(otpmail.address, "666666", "fail", forged)
        time.sleep(0.6)
        deliver(otpmail.address, "123456", "pass")
    threading.Thread(target=send).start()
    assert otpmail.wait_for_code(sender="no-reply@acme.example", authenticated=True, timeout=10) == "123456"
"""


def test_the_fixtures_authenticated_wait_for_code_returns_the_real_code(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    pytester.makefile(".yaml", integrations=INNER_CONFIG)
    for sub in ("new", "cur", "tmp"):
        (pytester.path / "box" / sub).mkdir(parents=True)
    pytester.makepyfile(test_inner=INNER_TEST)

    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly")

    result.assert_outcomes(passed=1)


async def test_gmail_latest_authenticated_passes_over_a_newer_forgery(
    reader: Reader, upstream: FakeGmail
) -> None:
    now = datetime.now(UTC)
    upstream.deliver(real_mail("123456"), now - timedelta(seconds=30))
    upstream.deliver(forged_mail("666666"), now - timedelta(seconds=5), ("SPAM",))

    plain = await reader.read_emails(TO, sender=SENDER, latest=True)
    checked = await reader.read_emails(TO, sender=SENDER, latest=True, authenticated=True)
    counted = await reader.read_emails(TO, sender=SENDER, count=True, authenticated=True)

    assert plain["data"]["emails"][0]["code"] == "666666"
    assert checked["data"]["emails"][0]["code"] == "123456"
    assert counted["data"] == {"count": 1}
