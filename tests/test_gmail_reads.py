"""Gmail reads, row by row of the ``read_emails`` specification, replayed from cassettes
through the real Reader, GmailProvider, googleapiclient, google-auth and httplib2; the size
bound's exact boundaries against the in-process fake (tests/fakes/gmail.py), which builds
answers of any size."""

from __future__ import annotations

import base64
import json
import logging
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import gmail_reader
from fakes.gmail import FakeGmail, Fault, message_resource
from gmail_cassettes import (
    ACME,
    BROKEN_MAILS,
    CLIENT_EMAIL,
    COUNT_PAGE_SIZES,
    DEFAULT_LIST_ORDER,
    DEFAULT_MAILS,
    EMPTY_STRINGS_MAIL,
    FAKE_ACCESS_TOKEN,
    FLAKY_MAILS,
    IDS_MASK,
    LATEST_CLOSE_FIRST,
    LATEST_CLOSE_RESENT,
    LATEST_NEWEST,
    LOOKBACK_AFTER,
    LOOKBACK_AT_CUTOFF,
    LOOKBACK_BEFORE,
    MAILBOX,
    NOW_EPOCH,
    OWN_INBOX,
    RECIPIENT_EXACT,
    SPAN_PAGE_ONE,
    SPAN_PAGE_TWO,
    SUBJECT,
    SUBJECT_EXACT,
    TOKEN_URI,
    TWICE_MAIL,
    FrozenClock,
    Harness,
    quick_key,
)
from otpmail import Reader
from otpmail._core import _criteria
from otpmail._core._bounds import JSON_ALLOWANCE, Carrier, Limits, response_limit


@pytest.fixture
def gmail(
    tmp_path: Any, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> Harness:
    monkeypatch.setattr(_criteria, "datetime", FrozenClock)
    return Harness(tmp_path, quick_key(service_account_info))


def ids(envelope: dict[str, Any]) -> list[str]:
    assert envelope["status"] == "ok", envelope
    return [e["id"] for e in envelope["data"]["emails"]]


def sent_queries(gmail: Harness) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(s.url).query) for s in gmail.transport.api_requests()]


# -- default mode ---------------------------------------------------------------------------


async def test_default_mode_returns_up_to_ten_newest_first_without_reading_further_pages(
    gmail: Harness,
) -> None:
    envelope = await gmail.read("default_ten", "qa+signup@example.com")

    newest_first = sorted(DEFAULT_MAILS, key=lambda m: m.received, reverse=True)
    assert ids(envelope) == [m.id for m in newest_first]
    # Gmail listed them out of order; the answer is ordered by delivery time.
    assert [DEFAULT_MAILS[i].id for i in DEFAULT_LIST_ORDER] != ids(envelope)
    stamps = [e["received_at"] for e in envelope["data"]["emails"]]
    assert stamps == sorted(stamps, reverse=True)
    # A next page existed, but ten results need no second list call.
    lists = [q for q in sent_queries(gmail) if "format" not in q]
    assert len(lists) == 1 and "pageToken" not in lists[0]
    assert lists[0]["maxResults"] == ["10"]


async def test_each_email_has_the_specified_keys_decoded_from_the_raw_mail(
    gmail: Harness,
) -> None:
    envelope = await gmail.read("default_ten", "qa+signup@example.com")
    emails = {e["id"]: e for e in envelope["data"]["emails"]}

    first = emails[DEFAULT_MAILS[0].id]
    assert {"from", "to", "subject", "date", "body"} <= set(first)
    assert first["from"] == "Acme <no-reply@acme.example>"
    assert first["to"] == "qa+signup@example.com"
    assert first["subject"] == "Your Acme code #00"
    assert first["body"] == "Your code is 480100."
    assert first["account"] == MAILBOX
    assert first["date"] == "Sat, 12 Sep 2026 09:59:53 +0000"
    assert first["received_at"] == "2026-09-12T09:59:55Z"

    html_only = emails[DEFAULT_MAILS[2].id]
    # The decoder's own tests own the exact layout; here: the raw HTML part was decoded.
    assert "Confirm your sign-in to Acme." in html_only["body"]
    assert "Sign in (https://acme.example/verify?token=t-8f2c)" in html_only["body"]
    utf8_base64 = emails[DEFAULT_MAILS[3].id]
    assert utf8_base64["subject"] == "Tu código de Acme"
    assert utf8_base64["body"] == "Tu código es 480103. Válido 10 minutos."
    assert utf8_base64["to"] == "Quality Assurance <qa+signup@example.com>"
    latin1_qp = emails[DEFAULT_MAILS[4].id]
    assert latin1_qp["body"] == "Votre code à usage unique : 480104"


async def test_results_continue_on_the_next_page_when_gmail_returns_other_tags(
    gmail: Harness,
) -> None:
    envelope = await gmail.read(
        "spans_pages", "qa+signup@example.com", sender="no-reply@acme.example"
    )

    wanted = [m for m in SPAN_PAGE_ONE + SPAN_PAGE_TWO if m.to == "qa+signup@example.com"]
    newest_ten = sorted(wanted, key=lambda m: m.received, reverse=True)[:10]
    assert ids(envelope) == [m.id for m in newest_ten]
    assert all(e["to"] == "qa+signup@example.com" for e in envelope["data"]["emails"])
    lists = [q for q in sent_queries(gmail) if "format" not in q]
    assert [q.get("pageToken") for q in lists] == [None, ["04190722195385214977"]]


# -- latest ---------------------------------------------------------------------------------


async def test_latest_picks_newest_by_internal_date_not_list_order(gmail: Harness) -> None:
    envelope = await gmail.read("latest", "qa+login@example.com", latest=True)

    assert ids(envelope) == [LATEST_NEWEST.id]
    (only,) = envelope["data"]["emails"]
    assert only["body"] == "Login code 100003"
    # Its Date header is the oldest of the candidates: delivery time decides, not Date.
    assert only["date"] == "Sat, 12 Sep 2026 09:45:00 +0000"


async def test_latest_fetches_only_the_newest_when_the_ids_settle_it(gmail: Harness) -> None:
    envelope = await gmail.read("latest", "qa+login@example.com", latest=True)

    assert len(envelope["data"]["emails"]) == 1
    gets = [urlsplit(s.url).path for s in gmail.transport.api_requests() if "format=" in s.url]
    # One get of five candidates: 5 + 20 quota units.
    assert gets == [f"/gmail/v1/users/me/messages/{LATEST_NEWEST.id}"]


async def test_latest_also_fetches_a_candidate_whose_id_is_too_close_to_call(
    gmail: Harness,
) -> None:
    envelope = await gmail.read("latest_close", "qa+resend@example.com", latest=True)

    # The resend's id is newer, but only by 1 s; the first code was fetched to be sure,
    # and the third candidate, two minutes older, was not.
    assert ids(envelope) == [LATEST_CLOSE_RESENT.id]
    assert envelope["data"]["emails"][0]["code"] == "200002"
    gets = [urlsplit(s.url).path for s in gmail.transport.api_requests() if "format=" in s.url]
    assert sorted(gets) == sorted(
        f"/gmail/v1/users/me/messages/{m.id}" for m in (LATEST_CLOSE_RESENT, LATEST_CLOSE_FIRST)
    )


# -- count ----------------------------------------------------------------------------------


async def test_count_of_no_matches_is_zero_not_an_error(gmail: Harness) -> None:
    envelope = await gmail.read("count_zero", "qa+nobody@example.com", count=True)

    assert envelope == {"status": "ok", "data": {"count": 0}}


async def test_count_walks_every_page_and_asks_only_for_ids(gmail: Harness) -> None:
    envelope = await gmail.read(
        "count_pages", "example.com", sender="no-reply@acme.example", count=True
    )

    assert envelope == {"status": "ok", "data": {"count": sum(COUNT_PAGE_SIZES)}}
    queries = sent_queries(gmail)
    assert len(queries) == 3
    assert all(q["fields"] == [IDS_MASK] for q in queries)
    assert all(q["maxResults"] == ["500"] for q in queries)
    assert [q.get("pageToken") for q in queries] == [
        None,
        ["17964318470260138755"],
        ["17964318470260138756"],
    ]
    assert not [s for s in gmail.transport.api_requests() if "/messages/" in s.url]


async def test_count_takes_precedence_over_latest(gmail: Harness) -> None:
    envelope = await gmail.read("count_zero", "qa+nobody@example.com", latest=True, count=True)

    assert envelope == {"status": "ok", "data": {"count": 0}}


# -- filters --------------------------------------------------------------------------------


async def test_look_back_excludes_a_message_one_second_before_the_cutoff(
    gmail: Harness,
) -> None:
    envelope = await gmail.read("lookback", "qa+reset@example.com", after="5m")

    assert ids(envelope) == [LOOKBACK_AFTER.id, LOOKBACK_AT_CUTOFF.id]
    assert LOOKBACK_BEFORE.id not in ids(envelope)
    (listing,) = [q for q in sent_queries(gmail) if "format" not in q]
    assert listing["q"] == [f"to:qa+reset@example.com after:{NOW_EPOCH - 300} in:anywhere"]


async def test_empty_optional_strings_are_omitted_from_the_query(gmail: Harness) -> None:
    envelope = await gmail.read("empty_strings", "qa+empty@example.com", "", "", "")

    assert ids(envelope) == [EMPTY_STRINGS_MAIL.id]
    (listing,) = [q for q in sent_queries(gmail) if "format" not in q]
    assert listing["q"] == ["to:qa+empty@example.com in:anywhere"]


async def test_subject_backslashes_and_double_quotes_are_escaped_in_the_query(
    gmail: Harness,
) -> None:
    envelope = await gmail.read("subject_escaping", "qa+escape@example.com", subject=SUBJECT)

    (listing,) = [q for q in sent_queries(gmail) if "format" not in q]
    assert listing["q"] == [
        'to:qa+escape@example.com subject:"Your \\"Acme\\\\Beta\\" code" in:anywhere'
    ]
    # Gmail's word match also returned "Your Acme Beta code"; only the exact text is kept.
    assert ids(envelope) == [SUBJECT_EXACT.id]
    assert envelope["data"]["emails"][0]["subject"] == SUBJECT


async def test_recipient_plus_tag_must_match_exactly(gmail: Harness) -> None:
    envelope = await gmail.read("recipient_exact", "qa+a@example.com")

    assert ids(envelope) == [RECIPIENT_EXACT.id]
    assert envelope["data"]["emails"][0]["to"] == "qa+a@example.com"


async def test_mail_only_to_another_plus_tag_is_no_emails_found(gmail: Harness) -> None:
    envelope = await gmail.read("recipient_other_tag_only", "qa+a@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("NO_EMAILS_FOUND: ")
    assert envelope["code"] == "no_emails_found"
    assert envelope["retryable"] is True


async def test_draft_and_sent_messages_are_excluded(gmail: Harness) -> None:
    envelope = await gmail.read("own_labels", "qa+draft@example.com")

    assert ids(envelope) == [OWN_INBOX.id]
    assert envelope["data"]["emails"][0]["body"] == "Real code 424242"


async def test_no_matching_messages_is_no_emails_found(gmail: Harness) -> None:
    envelope = await gmail.read("no_emails_found", "qa+none@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("NO_EMAILS_FOUND: no matching emails found")
    assert "to=qa+none@example.com" in envelope["error"]


# -- failed fetches -------------------------------------------------------------------------


async def test_a_failed_individual_fetch_is_logged_and_skipped(
    gmail: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="otpmail.gmail"):
        envelope = await gmail.read("fetch_partial_failure", "qa+flaky@example.com")

    assert ids(envelope) == [FLAKY_MAILS[0].id, FLAKY_MAILS[2].id]
    skipped = [r.getMessage() for r in caplog.records if r.name == "otpmail.gmail"]
    assert len(skipped) == 1
    assert FLAKY_MAILS[1].id in skipped[0] and "HTTP 500" in skipped[0]
    assert "Internal error encountered" not in skipped[0]


async def test_every_fetch_failing_is_an_api_error(gmail: Harness) -> None:
    envelope = await gmail.read("fetch_all_failed", "qa+broken@example.com")

    # The 404 is a message deleted after it was listed: skipped, never a match (issue 7).
    # Every other one failed, so the call fails, with that failure's code.
    assert envelope["status"] == "error"
    assert envelope["error"].startswith("API_ERROR: all 1 matched messages failed to fetch")
    assert "HTTP 500" in envelope["error"]
    assert envelope["code"] == "provider_unavailable"
    assert envelope["retryable"] is True
    assert "Requested entity was not found" not in envelope["error"]
    assert {m.id for m in BROKEN_MAILS} == {
        urlsplit(s.url).path.rsplit("/", 1)[1]
        for s in gmail.transport.api_requests()
        if "/messages/" in s.url
    }


# -- token ----------------------------------------------------------------------------------


async def test_a_second_call_on_the_same_reader_does_not_fetch_a_new_token(
    gmail: Harness,
) -> None:
    reader = gmail.reader()
    with gmail.cassette("token_reused"):
        first = await reader.read_emails("qa+twice@example.com")
        second = await reader.read_emails("qa+twice@example.com")
    await reader.aclose()

    assert ids(first) == ids(second) == [TWICE_MAIL.id]
    assert len(gmail.transport.token_requests()) == 1
    assert sum("/messages/" in s.url for s in gmail.transport.api_requests()) == 1
    assert len(gmail.providers) == 1


async def test_the_token_request_is_a_readonly_jwt_grant_for_the_configured_mailbox(
    gmail: Harness,
) -> None:
    await gmail.read("empty_strings", "qa+empty@example.com")

    (grant,) = gmail.transport.token_requests()
    assert grant.method == "POST" and grant.url == TOKEN_URI
    form = parse_qs(grant.body.decode())
    assert form["grant_type"] == ["urn:ietf:params:oauth:grant-type:jwt-bearer"]
    payload = form["assertion"][0].split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert claims["iss"] == CLIENT_EMAIL
    assert claims["sub"] == MAILBOX
    assert claims["aud"] == TOKEN_URI
    assert claims["scope"] == "https://www.googleapis.com/auth/gmail.readonly"
    # API calls carry the token from the grant, and every one of them asks for JSON.
    for call in gmail.transport.api_requests():
        assert call.headers["authorization"] == f"Bearer {FAKE_ACCESS_TOKEN}"
        assert parse_qs(urlsplit(call.url).query)["alt"] == ["json"]


# -- the size bound: message bytes, whatever the wrapping (in-process fake) -----------------

BOUND = 20_000
"""``email.limits.response_bytes`` of these tests: small, so the boundaries are cheap."""


def sized_mail(to: str, size: int) -> bytes:
    """A verification mail exactly ``size`` bytes long."""
    head = (
        f"From: {ACME}\r\nTo: {to}\r\nSubject: Your code and the report\r\n"
        "Date: Sat, 12 Sep 2026 09:59:00 +0000\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=us-ascii\r\n\r\nYour code is 482913.\r\n"
    ).encode()
    line = b"x" * 76 + b"\r\n"
    lines, rest = divmod(size - len(head), len(line))
    mail = head + line * lines + b"y" * rest
    assert len(mail) == size
    return mail


@pytest.fixture
def bounded(tmp_path: Path, service_account_info: dict[str, Any]) -> tuple[FakeGmail, Reader]:
    """A fake Gmail mailbox and a Reader on it, with ``response_bytes`` at :data:`BOUND`."""
    upstream = FakeGmail()
    return upstream, gmail_reader(
        tmp_path,
        quick_key(service_account_info),
        upstream,
        address=MAILBOX,
        email_keys=f"  limits:\n    response_bytes: {BOUND}\n",
    )


def raw_answer(upstream: FakeGmail, message_id: str) -> bytes:
    """The ``messages.get?format=raw`` answer the fake gives for ``message_id``."""
    (stored,) = [m for m in upstream.messages if m.id == message_id]
    return json.dumps(message_resource(stored, "raw")).encode()


async def test_a_message_of_exactly_response_bytes_is_read_although_its_answer_is_larger(
    bounded: tuple[FakeGmail, Reader],
) -> None:
    upstream, reader = bounded
    message_id = upstream.deliver(sized_mail("qa+big@example.com", BOUND))

    envelope = await reader.read_emails("qa+big@example.com")
    await reader.aclose()

    assert ids(envelope) == [message_id]
    assert envelope["data"]["emails"][0]["body"].startswith("Your code is 482913.")
    # base64 inside JSON: the plain bound would have refused this answer.
    assert len(raw_answer(upstream, message_id)) > BOUND * 4 / 3


async def test_a_message_one_byte_over_response_bytes_is_refused_and_the_others_read(
    bounded: tuple[FakeGmail, Reader],
) -> None:
    upstream, reader = bounded
    over = upstream.deliver(sized_mail("qa+big@example.com", BOUND + 1))
    under = upstream.deliver(sized_mail("qa+big@example.com", BOUND - 1))

    both = await reader.read_emails("qa+big@example.com")
    upstream.remove(under)
    alone = await reader.read_emails("qa+big@example.com")
    await reader.aclose()

    assert ids(both) == [under]
    assert alone["status"] == "error"
    assert (alone["code"], alone["retryable"]) == ("response_too_large", False)
    assert alone["error"].endswith(
        f"Gmail users.messages.get refused: the message is {BOUND + 1} bytes, more than "
        f"email.limits.response_bytes ({BOUND}))"
    )
    # Its answer was within the base64 allowance: the decoded size decided.
    assert len(raw_answer(upstream, over)) <= response_limit(
        Limits(response_bytes=BOUND), Carrier.BASE64_IN_JSON
    )


@pytest.mark.parametrize("extra", [0, 1])
async def test_the_raw_answer_is_bounded_at_four_thirds_plus_the_json_allowance_exactly(
    bounded: tuple[FakeGmail, Reader], extra: int
) -> None:
    upstream, reader = bounded
    message_id = upstream.deliver(sized_mail("qa+pad@example.com", 2_000))
    limit = response_limit(Limits(response_bytes=BOUND), Carrier.BASE64_IN_JSON)
    answer = raw_answer(upstream, message_id)
    # JSON allows trailing whitespace: the same answer, exactly `limit + extra` bytes long.
    padded = answer + b" " * (limit + extra - len(answer))
    upstream.fail("messages.get", Fault(status=200, body=padded))

    envelope = await reader.read_emails("qa+pad@example.com")
    await reader.aclose()

    assert limit == -(-BOUND * 4 // 3) + JSON_ALLOWANCE == 30_763
    if not extra:
        assert ids(envelope) == [message_id]
        return
    assert envelope["code"] == "response_too_large"
    assert envelope["error"].endswith(
        f"Gmail users.messages.get refused: the message is more than "
        f"email.limits.response_bytes ({BOUND}): its base64 answer is {limit + 1} bytes, "
        f"more than the {limit} that allows)"
    )


@pytest.mark.parametrize("extra", [0, 1])
async def test_a_listing_keeps_the_plain_bound(
    bounded: tuple[FakeGmail, Reader], extra: int
) -> None:
    upstream, reader = bounded
    upstream.fail("messages.list", Fault(status=200, body="{}" + " " * (BOUND - 2 + extra)))

    envelope = await reader.read_emails("qa+list@example.com")
    await reader.aclose()

    if not extra:
        assert envelope["code"] == "no_emails_found"
        return
    assert envelope["code"] == "response_too_large"
    assert (
        f"Gmail users.messages.list refused: the response is {BOUND + 1} bytes, more than "
        f"email.limits.response_bytes ({BOUND})" in envelope["error"]
    )


def test_the_fakes_listing_answers_as_if_it_parsed_every_header_on_every_search() -> None:
    """The fake keeps each message's parsed recipients and senders (its list answer cost
    the benchmark ~9 ms of CPU a search, in the process it measures): its answers stay
    byte for byte those of parsing the headers again on every search."""
    import email.utils
    from datetime import UTC, datetime, timedelta

    import fakes.gmail as fake_module
    from test_maildir import message

    def uncached(stored: Any, *headers: str) -> list[str]:
        parsed = stored.headers
        values = [str(v) for h in headers for v in parsed.get_all(h, [])]
        return [a.lower() for _, a in email.utils.getaddresses(values)]

    now = datetime.now(UTC).replace(microsecond=0)
    upstream = FakeGmail()
    mails = [
        message("qa+one@example.com"),
        message("QA+Two@Example.com", sender="Shop <Orders@Shop.Example>"),
        message("someone@example.org", Cc="qa@example.com, other@example.net"),
        message("list@example.org", Delivered_To="qa+tag@example.com"),
        message('"Q, A" <qa@example.com>, b@example.com', subject="Your code 1234"),
        message("undisclosed-recipients:;", sender="no-reply@mail.acme.example"),
    ]
    for n, mail in enumerate(mails * 3):
        upstream.deliver(mail, now - timedelta(seconds=10 * n))
    after = int((now - timedelta(seconds=95)).timestamp())
    queries = [
        "to:qa@example.com",
        "to:qa+one@example.com",
        "to:example.com",
        "to:qa@example.com from:shop.example",
        "from:acme.example subject:code",
        f"to:qa@example.com after:{after}",
        'to:"q, a" subject:"your code"',
        "",
    ]

    def answers() -> list[bytes]:
        return [
            json.dumps(upstream._list({"q": [q], "maxResults": ["5"]})).encode() for q in queries
        ]

    first, again = answers(), answers()
    upstream._matched.clear()
    for stored in upstream.messages:
        stored.addresses.clear()
    original = fake_module._addresses
    fake_module._addresses = uncached  # type: ignore[assignment]
    try:
        reference = answers()
    finally:
        fake_module._addresses = original

    assert first == again == reference
    assert len(set(reference)) >= 4  # the queries tell the messages apart
