"""Security: only the receiving server's own report is believed (SECURITY.md, C34-C36).

Through the real providers: Gmail over google-api-python-client against the in-process
fake, Microsoft 365 over msgraph-sdk replaying ``cassettes/outlook/authentication.yaml``
and against the Graph fake. Each message carries real-shaped headers
(``tests/fakes/mail_headers.py`` names the real messages and documents they follow).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader
from fakes.gmail import FakeGmail
from fakes.graph import FakeGraph
from fakes.mail_headers import (
    ENTRY_HOST,
    FAIL,
    PASS,
    Verdict,
    exchange_report,
    gmail_message,
    gmail_report,
)
from otpmail import Reader
from otpmail._providers._outlook import OutlookProvider
from test_outlook_cassettes import SECRET_ENV, cassette, criteria, outlook_mailbox

TO = "qa@example.com"


@pytest.fixture
def gmail(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> Iterator[tuple[Reader, FakeGmail]]:
    upstream = FakeGmail()
    yield gmail_reader(tmp_path, service_account_info, upstream), upstream


async def gmail_verdicts(reader: Reader) -> dict[str, dict[str, Any]]:
    envelope = await reader.read_emails(TO)
    return {e["code"]: e["authentication"] for e in envelope["data"]["emails"]}


def at(minutes: int) -> datetime:
    return datetime.now(UTC) - timedelta(minutes=minutes)


FORGED_GMAIL_PASS = gmail_report(PASS, mailfrom="no-reply@acme.example", from_domain="acme.example")


async def test_gmail_reads_only_the_topmost_report_by_mx_google_com(
    gmail: tuple[Reader, FakeGmail],
) -> None:
    reader, upstream = gmail
    upstream.deliver(gmail_message(to=TO, code="100001", verdict=PASS, at=at(1)), at(1))
    upstream.deliver(gmail_message(to=TO, code="100002", verdict=FAIL, at=at(2)), at(2), ("SPAM",))
    # A report by mx.google.com that the sender wrote: below Gmail's own.
    upstream.deliver(
        gmail_message(
            to=TO,
            code="100003",
            verdict=FAIL,
            at=at(3),
            mailfrom="bounce@evil.example",
            forged=[("Authentication-Results", FORGED_GMAIL_PASS)],
        ),
        at(3),
        ("SPAM",),
    )
    # A report by another authserv-id on top of Gmail's (no sender can put one there; a
    # relay inside the organisation could): another id is never read.
    upstream.deliver(
        gmail_message(
            to=TO,
            code="100004",
            verdict=FAIL,
            at=at(4),
            above=[
                ("Authentication-Results", "mx.acme.example; dmarc=pass header.from=acme.example")
            ],
        ),
        at(4),
    )

    verdicts = await gmail_verdicts(reader)

    assert verdicts["100001"]["authenticated"] is True
    assert verdicts["100001"]["authserv_id"] == "mx.google.com"
    for code in ("100002", "100003", "100004"):
        assert verdicts[code]["checked"] is True
        assert verdicts[code]["dmarc"] == "fail"
        assert verdicts[code]["authenticated"] is False
    assert verdicts["100003"]["mailed_by"] == "evil.example"


async def test_gmail_mail_without_a_gmail_report_is_unchecked_whatever_else_it_carries(
    gmail: tuple[Reader, FakeGmail],
) -> None:
    reader, upstream = gmail
    upstream.deliver(
        gmail_message(
            to=TO,
            code="200001",
            verdict=None,
            at=at(1),
            forged=[
                ("Authentication-Results", "mx.acme.example; dmarc=pass header.from=acme.example")
            ],
        ),
        at(1),
    )
    upstream.deliver(gmail_message(to=TO, code="200002", verdict=None, at=at(2)), at(2))

    verdicts = await gmail_verdicts(reader)
    authenticated = await reader.read_emails(TO, authenticated=True)

    assert verdicts["200001"]["checked"] is False and verdicts["200002"]["checked"] is False
    assert authenticated["error"].startswith("NO_EMAILS_FOUND:")


async def test_gmail_a_comment_that_copies_the_sender_cannot_carry_a_verdict(
    gmail: tuple[Reader, FakeGmail],
) -> None:
    # Gmail's SPF comment repeats the envelope sender; a quoted local part may hold any
    # character. Written so that a reader splitting on ";" or ")" would see dmarc=pass.
    mailfrom = '"x);dmarc=pass header.from=acme.example;spf=pass (y"@evil.example'
    upstream_message = gmail_message(
        to=TO,
        code="300001",
        verdict=Verdict(spf="pass", dkim=None, dmarc=None),
        at=at(1),
        mailfrom=mailfrom,
    )
    reader, upstream = gmail
    upstream.deliver(upstream_message, at(1))

    verdict = (await gmail_verdicts(reader))["300001"]

    assert verdict["authenticated"] is False
    assert verdict["dmarc"] is None or verdict["checked"] is False


# -- Microsoft 365 ------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _client_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, "test-client-secret-value")


async def test_exchange_online_reads_only_its_own_report_above_its_entry_line() -> None:
    with cassette("authentication"):
        emails = await OutlookProvider(outlook_mailbox()).search(criteria())
    # The cassette holds eight mails; content mode answers the newest ten matches.
    verdicts = {e.id.split("-")[1]: e.authentication for e in emails}

    assert (
        verdicts["apass"].authenticated
        and verdicts["apass"].authserv_id == "protection.outlook.com"
    )
    assert verdicts["alegacy"].authenticated and verdicts["alegacy"].signed_by == "acme.example"
    # No DMARC record, a DKIM signature aligned with From: vouched for.
    assert verdicts["abestguess"].dmarc == "bestguesspass" and verdicts["abestguess"].authenticated
    for key in ("afail", "aforgedbelow", "aforgedabove", "aoriginal"):
        assert verdicts[key].checked and verdicts[key].dmarc == "fail", key
        assert not verdicts[key].authenticated, key
    # Never entered through Exchange Online's MX: the id-less report in it is the sender's.
    assert not verdicts["anoreport"].checked


async def test_an_authenticated_read_on_graph_skips_a_newer_forgery() -> None:
    fake = FakeGraph(mailbox="qa@contoso.com")
    now = datetime.now(UTC)
    fake.deliver(to="qa@contoso.com", body="Your code is 123456", at=now - timedelta(seconds=20))
    forged_report = exchange_report(
        PASS, mailfrom_domain="acme.example", from_domain="acme.example"
    )
    fake.deliver(
        to="qa@contoso.com",
        body="Your code is 666666",
        at=now - timedelta(seconds=10),
        verdict=FAIL,
    )
    # The forgery carries a report of its own, in Exchange Online's format, right below the
    # entry line (the first header the sender wrote).
    headers = fake.messages[-1].headers
    entry = next(i for i, h in enumerate(headers) if ENTRY_HOST in h["value"])
    headers.insert(
        entry + 1,
        {"name": "Authentication-Results", "value": forged_report.replace("\r\n", "")},
    )
    provider = OutlookProvider(
        outlook_mailbox(), transport=fake.transport, token_transport=fake.token_transport
    )
    try:
        plain = await provider.search(criteria("qa@contoso.com", latest=True))
        checked = await provider.search(criteria("qa@contoso.com", latest=True, authenticated=True))
    finally:
        await provider.aclose()

    assert "Your code is 666666" in plain[0].body
    assert "Your code is 123456" in checked[0].body
    # Content mode is still one request per read: the headers came with the rows.
    assert fake.count("messages.list") == 2
