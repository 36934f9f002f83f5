"""Outlook reads behind the ``read_emails`` contract, replayed from Graph-format cassettes
through the real msgraph-sdk, kiota, httpx, azure-identity and aiohttp stacks.

The same table as the Gmail tests: each prefix, up to ten newest first, latest, count (zero,
several pages), look-back to the second, empty filters, subject, exact recipient with
``+tag``, routing; plus what is Graph's own: Junk is read, Sent Items and Drafts are not,
nextLink paging, one request per content call, a provider reused across event loops.
"""

from __future__ import annotations

import asyncio
import base64
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from fakes.graph import FakeGraph as GraphMailbox
from fakes.graph import GraphAttachment
from otpmail._core._bounds import Limits
from otpmail._core._errors import OtpmailError
from otpmail._decoding._email import Email
from otpmail._providers._outlook import OutlookProvider
from otpmail._reading._reader import Reader
from test_outlook_cassettes import (
    CONTENT_EXPAND,
    LATE_MAIL,
    LIST_URI,
    MAIL_BY_KEY,
    MAILBOX,
    NOW,
    SECRET_ENV,
    TOKEN_URI,
    Wire,
    at,
    cassette,
    criteria,
    outlook_mailbox,
    write_outlook_config,
)


@pytest.fixture(autouse=True)
def _client_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, "test-client-secret-value")


def provider() -> OutlookProvider:
    return OutlookProvider(outlook_mailbox())


def keys(emails: list[Email]) -> list[str]:
    """The short keys the cassette generator gave the messages."""
    return [e.id.split("-")[1] for e in emails]


def graph_queries(wire: Wire) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(s.url).query) for s in wire.graph]


# -- content mode -----------------------------------------------------------------------


async def test_up_to_ten_emails_come_back_newest_first_in_one_graph_request() -> None:
    wire = Wire()
    with cassette("more_mail", wire):
        emails = await provider().search(criteria())

    assert keys(emails) == [f"r{i:02d}" for i in range(10)]
    assert [e.received_at for e in emails] == sorted((e.received_at for e in emails), reverse=True)
    # One token request, then exactly one Graph request: the page's nextLink is not followed.
    assert [s.url for s in wire.token] == [TOKEN_URI]
    assert len(wire.graph) == 1
    assert graph_queries(wire)[0]["$top"] == ["25"]


async def test_attachment_metadata_comes_in_the_same_single_request() -> None:
    wire = Wire()
    with cassette("more_mail", wire):
        emails = await provider().search(criteria())

    by_key = {key: e.to_dict() for key, e in zip(keys(emails), emails, strict=True)}
    assert by_key["r00"]["attachments"] == [
        {"name": "invoice-2026-03.pdf", "content_type": "application/pdf", "size": 48213},
        {"name": "image001.png", "content_type": "image/png", "size": 2190},
    ]
    assert by_key["r01"]["attachments"] == [
        {
            "name": "Fwd: Your Acme receipt",
            "content_type": "application/octet-stream",
            "size": 108189,
        }
    ]
    assert by_key["r02"]["attachments"] == [
        {
            "name": "Q1 report.xlsx",
            "content_type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "size": 412,
        }
    ]
    assert by_key["r03"]["attachments"] == []
    # One Graph request, and it asks for the metadata only.
    assert len(wire.graph) == 1
    (query,) = graph_queries(wire)
    assert query["$expand"] == [CONTENT_EXPAND]
    assert "contentBytes" not in wire.graph[0].url
    assert "contentId" not in wire.graph[0].url


async def test_no_attachment_content_crosses_the_wire() -> None:
    """Against the in-process Graph, which (like Graph) sends every file's contentBytes
    unless the expansion selects properties: the answer holds names, types and sizes only."""
    upstream = GraphMailbox(MAILBOX)
    content = b"ATTACHMENT-CONTENT " * 500
    upstream.deliver(
        to=MAILBOX,
        attachments=[
            GraphAttachment("statement.pdf", "application/pdf", len(content), content=content),
            GraphAttachment(
                "image001.png", "image/png", 2190, is_inline=True, content=b"\x89PNG" * 40
            ),
        ],
    )
    answers: list[bytes] = []

    class Recording(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            response = await upstream.transport.handle_async_request(request)
            answers.append(response.content)
            return response

    reader = OutlookProvider(
        outlook_mailbox(), transport=Recording(), token_transport=upstream.token_transport
    )
    (email,) = await reader.search(criteria(latest=True))
    await reader.aclose()

    assert [a["name"] for a in email.to_dict()["attachments"]] == ["statement.pdf", "image001.png"]
    assert upstream.count("messages.list") == 1
    (answer,) = answers
    assert b"contentBytes" not in answer
    assert base64.b64encode(content)[:40] not in answer
    assert b"statement.pdf" in answer


async def test_latest_returns_only_the_newest_matching_email() -> None:
    wire = Wire()
    with cassette("mailbox", wire, all_played=False):
        emails = await provider().search(criteria(latest=True))

    assert keys(emails) == ["r00"]
    assert len(wire.graph) == 1
    assert graph_queries(wire)[0]["$top"] == ["16"]
    assert emails[0].received_at == at(60)


async def test_an_email_becomes_the_specified_envelope_item() -> None:
    with cassette("mailbox", all_played=False):
        (email,) = await provider().search(criteria(latest=True))

    item = email.to_dict()
    assert item["from"] == "Acme <no-reply@acme.example>"
    assert item["to"] == MAILBOX
    assert item["subject"] == "Your Acme sign-in code"
    assert item["date"] == "Mon, 02 Mar 2026 09:58:58 +0000"
    assert item["body"] == "Your code is 200000"
    assert item["received_at"] == "2026-03-02T09:59:00Z"
    assert item["account"] == MAILBOX


async def test_html_bodies_become_text_with_links_as_text_and_url() -> None:
    with cassette("mailbox", all_played=False):
        (email, _) = await provider().search(criteria("qa+signup@contoso.com"))

    assert email.body == "Confirm your address.\nVerify (https://acme.example/verify?token=t-8f2c)"


async def test_junk_email_is_found_because_the_whole_mailbox_is_listed() -> None:
    wire = Wire()
    with cassette("mailbox", wire, all_played=False):
        emails = await provider().search(criteria("qa+signup@contoso.com"))

    assert MAIL_BY_KEY["junk"].folder == "junkemail"
    assert keys(emails) == ["junk", "pluscase"]
    assert {urlsplit(s.url).path for s in wire.graph} == {urlsplit(LIST_URI).path}


async def test_sent_items_and_drafts_are_never_returned() -> None:
    with cassette("mailbox", all_played=False):
        emails = await provider().search(criteria(subject="code"))

    returned = set(keys(emails))
    assert not returned & {"selfin", "selfsent", "draft"}
    assert MAIL_BY_KEY["draft"].received > MAIL_BY_KEY["r00"].received
    assert MAIL_BY_KEY["selfsent"].received > MAIL_BY_KEY["r00"].received
    assert keys(emails)[0] == "r00"


async def test_the_recipient_must_match_exactly_including_the_plus_tag() -> None:
    with cassette("mailbox", all_played=False):
        tagged = await provider().search(criteria("qa+signup@contoso.com"))
    with cassette("mailbox", all_played=False):
        other = await provider().search(criteria("qa+other@contoso.com"))
    with cassette("mailbox", all_played=False):
        nobody = await provider().search(criteria("qa+nobody@contoso.com"))

    # The plus address matches case-insensitively, and never the bare address or another tag.
    assert keys(tagged) == ["junk", "pluscase"]
    assert keys(other) == ["plusother"]
    assert nobody == []


async def test_cc_and_bcc_copies_count_as_mail_to_the_recipient() -> None:
    with cassette("mailbox", all_played=False):
        emails = await provider().search(
            criteria(subject="sign-in code", sender="no-reply@acme.example")
        )

    assert {"cc", "bcc"} <= set(keys(emails))
    assert "ops" not in keys(emails)


async def test_a_bare_domain_sender_matches_that_domain_only() -> None:
    with cassette("mailbox", all_played=False):
        emails = await provider().search(criteria(sender="acme.example"))

    assert emails
    assert {e.sender_addresses for e in emails} == {("no-reply@acme.example",)}


async def test_the_subject_filter_is_a_case_and_space_insensitive_substring() -> None:
    with cassette("mailbox", all_played=False):
        emails = await provider().search(criteria(subject="RESET your   acme"))

    assert keys(emails) == ["r01", "r04", "r07", "r10"]
    assert {e.subject for e in emails} == {"Reset your Acme password"}


async def test_the_look_back_is_applied_to_the_second() -> None:
    wire = Wire()
    with cassette("lookback", wire):
        emails = await provider().search(criteria(after="2m"))

    # Graph narrows with the cutoff; the row one second older is still dropped by our code.
    assert graph_queries(wire)[0]["$filter"] == ["receivedDateTime ge 2026-03-02T09:58:00Z"]
    assert keys(emails) == ["lb1", "lb2"]
    assert emails[-1].received_at == at(120) == NOW.replace(hour=9, minute=58)


async def test_content_mode_follows_the_next_link_only_while_it_lacks_matches() -> None:
    wire = Wire()
    with cassette("paging", wire):
        emails = await provider().search(criteria("qa+late@contoso.com", latest=True))

    assert [e.id for e in emails] == [LATE_MAIL.id]
    assert len(wire.graph) == 2
    assert "$skip=16" in wire.graph[1].url or "%24skip=16" in wire.graph[1].url


async def test_nothing_found_is_an_empty_list_for_the_provider() -> None:
    with cassette("empty", all_played=False):
        assert await provider().search(criteria()) == []


async def test_the_mailbox_limits_bound_what_graph_may_send() -> None:
    bounded = OutlookProvider(outlook_mailbox(limits=Limits(response_bytes=4_096)))

    with cassette("mailbox", all_played=False), pytest.raises(OtpmailError) as caught:
        await bounded.search(criteria())

    assert caught.value.code == "response_too_large"
    assert caught.value.prefix == "API_ERROR"


# -- count mode -------------------------------------------------------------------------


async def test_count_counts_every_match_with_the_shared_rules() -> None:
    wire = Wire()
    with cassette("mailbox", wire, all_played=False):
        total = await provider().count(criteria(count=True))

    # 13 addressed to the mailbox, plus the Cc and the Bcc copy; not its own or other mail.
    assert total == 15
    query = graph_queries(wire)[0]
    assert query["$top"] == ["1000"]
    assert "body" not in query["$select"][0].split(",")
    assert "$expand" not in query  # counting needs no attachments


async def test_count_is_zero_when_nothing_matches() -> None:
    with cassette("empty", all_played=False):
        assert await provider().count(criteria(count=True)) == 0
    with cassette("mailbox", all_played=False):
        assert await provider().count(criteria("nobody@contoso.com", count=True)) == 0


async def test_count_walks_every_page_and_counts_a_message_id_once() -> None:
    wire = Wire()
    with cassette("count_pages", wire):
        total = await provider().count(criteria("qa+count@contoso.com", count=True))

    assert total == 5
    assert len(wire.graph) == 3


# -- the contract, through Reader -------------------------------------------------------


async def test_empty_optional_filters_mean_omitted(tmp_path: Path) -> None:
    reader = Reader(write_outlook_config(tmp_path))
    with cassette("mailbox", all_played=False):
        envelope = await reader.read_emails(MAILBOX, "", "", "")
    await reader.aclose()

    assert envelope["status"] == "ok"
    assert len(envelope["data"]["emails"]) == 10


async def test_each_prefix_is_reported_for_an_outlook_mailbox(tmp_path: Path) -> None:
    reader = Reader(write_outlook_config(tmp_path))

    invalid = await reader.read_emails(MAILBOX, after="5 minutes")
    with cassette("empty", all_played=False):
        nothing = await reader.read_emails(MAILBOX)
    await reader.aclose()
    rejected = Reader(write_outlook_config(tmp_path))
    with cassette("token_invalid_client"):
        api_error = await rejected.read_emails(MAILBOX)
    await rejected.aclose()
    unconfigured = await Reader(tmp_path / "missing.yaml").read_emails(MAILBOX)

    assert invalid["error"].startswith("INVALID: ")
    assert nothing["error"].startswith("NO_EMAILS_FOUND: ")
    assert api_error["error"].startswith("API_ERROR: ")
    assert unconfigured["error"].startswith("NOT_CONFIGURED: ")


async def test_a_missing_client_secret_variable_is_not_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SECRET_ENV)

    envelope = await Reader(write_outlook_config(tmp_path)).read_emails(MAILBOX)

    assert envelope["code"] == "secret_missing"
    # The field is named, not what it holds (SECURITY.md C35).
    assert "the environment variable that client_secret_env names is not set" in envelope["error"]
    assert SECRET_ENV not in envelope["error"]


async def test_recipients_are_routed_to_the_outlook_mailbox_by_domain(tmp_path: Path) -> None:
    reader = Reader(write_outlook_config(tmp_path, with_maildir=True))
    with cassette("mailbox", all_played=False):
        outlook = await reader.read_emails("qa+signup@contoso.com", latest=True)
    maildir = await reader.read_emails("otp@example.test", latest=True)
    await reader.aclose()

    assert outlook["data"]["emails"][0]["account"] == MAILBOX
    assert outlook["data"]["emails"][0]["subject"] == "Verify your Acme email"
    assert maildir["data"]["emails"][0]["account"] == "otp@example.test"


async def test_count_through_reader_returns_the_count_envelope(tmp_path: Path) -> None:
    reader = Reader(write_outlook_config(tmp_path))
    with cassette("empty", all_played=False):
        envelope = await reader.read_emails(MAILBOX, count=True, latest=True)
    await reader.aclose()

    assert envelope == {"status": "ok", "data": {"count": 0}}


# -- event loops ------------------------------------------------------------------------


def test_one_provider_serves_two_event_loops_with_one_token_request() -> None:
    """What ``read_emails_sync`` and the CLI do: ``asyncio.run`` per call, one provider."""
    reader_provider = provider()
    wire = Wire()
    with cassette("two_loops", wire):
        first = asyncio.run(reader_provider.search(criteria(latest=True)))
        second = asyncio.run(reader_provider.search(criteria(latest=True)))

    assert [e.subject for e in first] == [e.subject for e in second] == ["Your Acme sign-in code"]
    # The token cache survived the first loop; the httpx client did not cross loops.
    assert len(wire.token) == 1
    assert len(wire.graph) == 2
    assert wire.graph[0].transport is not wire.graph[1].transport
