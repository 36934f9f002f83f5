"""The pure half of the Outlook provider: the Graph list query, the JSON → Email mapping,
the nextLink rule and the Graph and Entra routes of the egress table. No HTTP."""

from __future__ import annotations

import doctest
import json
import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import yaml

from otpmail._core._bounds import BODY_TRUNCATED_MARKER, MAX_ATTACHMENTS, Limits
from otpmail._core._config import OutlookMailbox, parse
from otpmail._core._egress import EgressRefused, check
from otpmail._core._errors import CODES, OtpmailError
from otpmail._providers import _graph_messages
from otpmail._providers._graph_messages import (
    ATTACHMENT_FIELDS,
    CONTENT_EXPAND,
    CONTENT_FIELDS,
    COUNT_FIELDS,
    attachments_from_graph,
    check_next_link,
    email_from_graph,
    is_own_mail,
    list_query,
    messages_filter,
    odata_datetime,
    read_page,
)
from test_outlook_cassettes import LIST_URI, MAILBOX, NOW, ROOT, TENANT, criteria


def graph_message(**overrides: Any) -> dict[str, Any]:
    """A Graph ``message`` with the content-mode ``$select``."""
    message: dict[str, Any] = {
        "@odata.etag": 'W/"CQAAABYAAAC4"',
        "id": "AAMk1",
        "receivedDateTime": "2026-03-02T09:59:00Z",
        "sentDateTime": "2026-03-02T09:58:58Z",
        "internetMessageId": "<m1@mail.acme.example>",
        "subject": "Your  Acme\tcode",
        "isDraft": False,
        "body": {"contentType": "text", "content": "Your code is 123456\r\n\r\n\r\nThanks"},
        "sender": {"emailAddress": {"name": "Acme", "address": "no-reply@acme.example"}},
        "from": {"emailAddress": {"name": "Acme", "address": "no-reply@acme.example"}},
        "toRecipients": [{"emailAddress": {"name": "QA", "address": "QA+Signup@Contoso.com"}}],
        "ccRecipients": [],
        "bccRecipients": [],
    }
    message.update(overrides)
    return message


# -- the query --------------------------------------------------------------------------


def test_the_cutoff_is_utc_floored_to_the_second() -> None:
    plus_two = timezone(timedelta(hours=2))

    assert odata_datetime(datetime(2026, 3, 2, 12, 0, 5, 999999, tzinfo=plus_two)) == (
        "2026-03-02T10:00:05Z"
    )


def test_without_a_look_back_there_is_no_filter() -> None:
    assert messages_filter(criteria()) is None
    assert list_query(criteria()).filter is None


def test_the_filter_holds_the_look_back_only_never_a_sender_recipient_or_subject() -> None:
    query = list_query(criteria("qa+x@contoso.com", "o'brien@acme.example", "it's 'quoted'", "90s"))

    assert query.filter == "receivedDateTime ge 2026-03-02T09:58:30Z"
    assert "'" not in query.filter
    # Graph's InefficientFilter rule: the ordered property leads the filter.
    assert query.orderby == ("receivedDateTime desc",)


@pytest.mark.parametrize(("latest", "top"), [(False, 25), (True, 16)])
def test_content_mode_reads_limit_plus_slack_rows_with_bodies(latest: bool, top: int) -> None:
    query = list_query(criteria(latest=latest))

    assert query.top == top
    assert query.select == CONTENT_FIELDS
    assert {"body", "toRecipients", "ccRecipients", "bccRecipients"} <= set(query.select)


def test_count_mode_reads_a_thousand_bodiless_rows() -> None:
    query = list_query(criteria(count=True, latest=True))

    assert query.top == 1000
    assert query.select == COUNT_FIELDS
    assert "body" not in query.select
    assert query.expand == ()


@pytest.mark.parametrize("latest", [False, True])
def test_content_mode_expands_attachment_metadata_and_never_their_content(latest: bool) -> None:
    query = list_query(criteria(latest=latest))

    assert (
        query.expand == CONTENT_EXPAND == ("attachments($select=name,contentType,size,isInline)",)
    )
    # Only properties of the base attachment type: a derived one (contentId, contentBytes)
    # makes Graph refuse the request (microsoft-graph-explorer-v4#3916), and without a nested
    # $select Graph sends every file's contentBytes.
    assert set(ATTACHMENT_FIELDS) <= {"id", "name", "contentType", "size", "isInline"}
    assert "contentBytes" not in query.expand[0]
    assert "attachments" not in query.select


# -- JSON → Email -----------------------------------------------------------------------


def test_a_graph_message_becomes_an_email_through_the_shared_decoder() -> None:
    email = email_from_graph(graph_message(), MAILBOX)

    assert email is not None
    assert email.id == "AAMk1"
    assert email.account == MAILBOX
    assert email.received_at == NOW - timedelta(minutes=1)
    assert email.date == "Mon, 02 Mar 2026 09:58:58 +0000"
    assert email.sender == "Acme <no-reply@acme.example>"
    assert email.sender_addresses == ("no-reply@acme.example",)
    assert email.to == "QA <QA+Signup@Contoso.com>"
    assert email.recipients == ("qa+signup@contoso.com",)
    assert email.subject == "Your Acme code"
    assert email.body == "Your code is 123456\n\nThanks"
    assert email.message_id == "<m1@mail.acme.example>"


def test_an_html_body_is_converted_with_links_as_text_and_url() -> None:
    body = {
        "contentType": "html",
        "content": '<html><body><p>Code <b>654321</b></p><a href="https://acme.example/l?t=1">Sign in</a></body></html>',
    }

    email = email_from_graph(graph_message(body=body), MAILBOX)

    assert email is not None
    assert email.body == "Code 654321\nSign in (https://acme.example/l?t=1)"


def test_cc_and_bcc_addresses_are_recipients() -> None:
    email = email_from_graph(
        graph_message(
            toRecipients=[{"emailAddress": {"address": "team@contoso.com"}}],
            ccRecipients=[{"emailAddress": {"name": "", "address": "cc@contoso.com"}}],
            bccRecipients=[{"emailAddress": {"name": "", "address": "QA@contoso.com"}}],
        ),
        MAILBOX,
    )

    assert email is not None
    assert email.recipients == ("team@contoso.com", "cc@contoso.com", "qa@contoso.com")


@pytest.mark.parametrize(
    "overrides",
    [
        {"isDraft": True},
        {"from": {"emailAddress": {"name": "QA", "address": "QA@Contoso.com"}}},
        # A delegate sent on the mailbox's behalf, or the mailbox sent as someone else.
        {"sender": {"emailAddress": {"name": "QA", "address": MAILBOX}}},
    ],
    ids=["draft", "from-the-mailbox", "sent-by-the-mailbox"],
)
def test_mail_the_mailbox_wrote_itself_is_dropped(overrides: dict[str, Any]) -> None:
    message = graph_message(**overrides)

    assert is_own_mail(message, MAILBOX)
    assert email_from_graph(message, MAILBOX) is None


def test_a_draft_without_a_sender_is_still_recognised() -> None:
    message = graph_message(isDraft=True, **{"from": None, "sender": None})

    assert email_from_graph(message, MAILBOX) is None


def test_the_sender_field_stands_in_for_a_missing_from() -> None:
    email = email_from_graph(graph_message(**{"from": None}), MAILBOX)

    assert email is not None
    assert email.sender_addresses == ("no-reply@acme.example",)


@pytest.mark.parametrize("received", [None, "", "yesterday", 1772445540])
def test_a_row_without_a_usable_delivery_time_is_skipped(received: object) -> None:
    assert email_from_graph(graph_message(receivedDateTime=received), MAILBOX) is None


def test_odd_shapes_do_not_fail_the_message() -> None:
    email = email_from_graph(
        graph_message(
            receivedDateTime="2026-03-02T09:59:00",  # no zone: Graph means UTC
            sentDateTime=None,
            subject=None,
            body=None,
            toRecipients=[None, {"emailAddress": None}, {"emailAddress": {"address": " "}}],
        ),
        MAILBOX,
    )

    assert email is not None
    assert email.received_at == datetime(2026, 3, 2, 9, 59, tzinfo=UTC)
    assert (email.date, email.subject, email.body, email.recipients) == ("", "", "", ())


def attachment(**overrides: Any) -> dict[str, Any]:
    """An expanded attachment item under the nested ``$select``."""
    item: dict[str, Any] = {
        "@odata.type": "#microsoft.graph.fileAttachment",
        "@odata.mediaContentType": "application/pdf",
        "id": "AAMk1BEgAQAJ000=",
        "name": "invoice.pdf",
        "contentType": "application/pdf",
        "size": 48213,
        "isInline": False,
    }
    item.update(overrides)
    return item


def test_expanded_attachments_become_the_emails_attachment_metadata() -> None:
    row = graph_message(
        attachments=[
            attachment(),
            attachment(name="image001.png", contentType="image/png", size=2190, isInline=True),
            attachment(
                **{"@odata.type": "#microsoft.graph.itemAttachment"},
                name="Fwd: receipt",
                contentType=None,
                size=108189,
            ),
            attachment(
                **{"@odata.type": "#microsoft.graph.referenceAttachment"},
                name="Q1.xlsx",
                contentType="application/vnd.ms-excel",
                size=412,
            ),
        ]
    )

    email = email_from_graph(row, MAILBOX)

    assert email is not None
    assert email.to_dict()["attachments"] == [
        {"name": "invoice.pdf", "content_type": "application/pdf", "size": 48213},
        # An inline image is an attachment, as the MIME decoder lists a cid: logo.
        {"name": "image001.png", "content_type": "image/png", "size": 2190},
        # An attached Outlook item has no content type on Graph.
        {"name": "Fwd: receipt", "content_type": "application/octet-stream", "size": 108189},
        {"name": "Q1.xlsx", "content_type": "application/vnd.ms-excel", "size": 412},
    ]
    assert "attachments_omitted" not in email.to_dict()


def test_content_bytes_in_a_response_never_reach_the_email() -> None:
    secret = "QVRUQUNITUVOVC1DT05URU5U"  # what Graph sends when the nested $select is ignored
    row = graph_message(attachments=[attachment(contentBytes=secret, contentId="x@y")])

    email = email_from_graph(row, MAILBOX)

    assert email is not None
    assert secret not in str(email.to_dict())
    assert email.attachments[0].name == "invoice.pdf"


def test_attachment_fields_pass_the_shared_decoder_rules() -> None:
    (listed, more) = attachments_from_graph(
        [
            attachment(name="in\u200bvoice\n.pdf", contentType=" Application/PDF; name=x "),
            attachment(name="x" * 400, size=-5),
            attachment(name=None, contentType=7, size="12"),
            attachment(size=True),
            "junk",
            None,
        ]
    )
    email = email_from_graph(
        graph_message(attachments=[attachment(name="in\u200bvoice\n.pdf")]), MAILBOX
    )

    assert more == 0
    assert [(a.content_type, a.size) for a in listed] == [
        ("application/pdf", 48213),
        ("application/pdf", 0),
        ("application/octet-stream", 0),
        ("application/pdf", 0),
    ]
    assert email is not None
    assert email.attachments[0].name == "invoice .pdf"  # sanitised like a MIME file name
    long = email_from_graph(graph_message(attachments=[attachment(name="x" * 400)]), MAILBOX)
    assert long is not None
    assert len(long.attachments[0].name) == 255


def test_an_inline_nameless_text_part_is_a_body_fragment_not_an_attachment() -> None:
    listed, _ = attachments_from_graph(
        [
            attachment(name="", contentType="text/plain", isInline=True),
            attachment(name="", contentType="text/html; charset=utf-8", isInline=True),
            attachment(name="notes.txt", contentType="text/plain", isInline=True),
            attachment(name="", contentType="text/calendar", isInline=True),
            attachment(name="", contentType="text/plain", isInline=False),
        ]
    )

    assert [(a.name, a.content_type) for a in listed] == [
        ("notes.txt", "text/plain"),
        ("", "text/calendar"),
        ("", "text/plain"),
    ]


def test_attachments_past_the_cap_are_counted_not_listed() -> None:
    row = graph_message(attachments=[attachment(name=f"f{i}.pdf") for i in range(60)])

    email = email_from_graph(row, MAILBOX)

    assert email is not None
    assert len(email.attachments) == MAX_ATTACHMENTS == 50
    assert email.attachments[-1].name == "f49.pdf"
    assert email.to_dict()["attachments_omitted"] == 10


@pytest.mark.parametrize("value", [None, {}, "x", 3])
def test_a_row_without_an_attachment_list_lists_none(value: object) -> None:
    email = email_from_graph(graph_message(attachments=value), MAILBOX)
    bare = email_from_graph(graph_message(), MAILBOX)

    assert email is not None and bare is not None
    assert email.attachments == bare.attachments == ()


def test_a_page_is_read_with_its_next_link() -> None:
    link = "https://graph.microsoft.com/v1.0/users/qa@contoso.com/messages?%24skip=25"
    payload = json.dumps(
        {"value": [graph_message(), graph_message(isDraft=True), "junk"], "@odata.nextLink": link}
    ).encode()

    page = read_page(payload, MAILBOX)

    assert [e.id for e in page.emails] == ["AAMk1"]
    assert page.rows == 3
    assert page.next_link == link


@pytest.mark.parametrize("payload", [b"<html>", b"[]", b'{"value": {}}', b"\xff\xfe"])
def test_a_body_that_is_not_a_message_list_is_a_bad_response(payload: bytes) -> None:
    with pytest.raises(OtpmailError) as caught:
        read_page(payload, MAILBOX)

    assert caught.value.code == "bad_response"
    assert caught.value.message.startswith("Outlook messages.list failed: ")


# -- nextLink ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "link",
    [
        f"{LIST_URI}?%24skip=25",
        "https://graph.microsoft.com/v1.0/users/qa@contoso.com/messages?$skip=25&$top=25",
        "https://graph.microsoft.com/v1.0/users/QA%40Contoso.com/messages?%24skip=25",
    ],
)
def test_a_next_link_for_the_same_list_is_allowed(link: str) -> None:
    assert check_next_link(link, LIST_URI + "?$top=25") == link


@pytest.mark.parametrize(
    "link",
    [
        "https://evil.example/v1.0/users/qa%40contoso.com/messages?%24skip=25",
        "https://graph.microsoft.com@evil.example/v1.0/users/qa%40contoso.com/messages",
        "https://graph.microsoft.com.evil.example/v1.0/users/qa%40contoso.com/messages",
        "http://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages",
        "https://graph.microsoft.com:444/v1.0/users/qa%40contoso.com/messages",
        "https://graph.microsoft.com/v1.0/users/ceo%40contoso.com/messages?%24skip=25",
        "https://graph.microsoft.com/beta/users/qa%40contoso.com/messages",
        "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages/AAMk1/attachments",
        "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/../ceo%40contoso.com/messages",
    ],
)
def test_a_next_link_anywhere_else_is_refused(link: str) -> None:
    with pytest.raises(EgressRefused) as caught:
        check_next_link(link, LIST_URI)

    assert caught.value.code == "egress_refused"


# -- the egress table's Graph and Entra lines -------------------------------------------


@pytest.mark.parametrize(
    "user",
    ["qa%40contoso.com", "qa%2Bsignup%40contoso.com", "o%27brien%40contoso.com", "qa@contoso.com"],
)
def test_graph_list_messages_is_allowed_for_an_address_as_kiota_encodes_it(user: str) -> None:
    route = check("GET", f"https://graph.microsoft.com/v1.0/users/{user}/messages?$top=25")

    assert route.purpose == "Graph list messages"


def test_the_list_with_its_attachment_expansion_is_the_same_route() -> None:
    url = (
        "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages?$expand=attachments"
        "%28%24select%3Dname%2CcontentType%2Csize%2CisInline%29&$top=25"
    )

    assert check("GET", url).purpose == "Graph list messages"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/v1.0/users/qa%40contoso.com/messages"),
        ("POST", "/v1.0/users/qa%40contoso.com/sendMail"),
        ("PATCH", "/v1.0/users/qa%40contoso.com/messages"),
        ("GET", "/v1.0/users/qa%2F..%40contoso.com/messages"),
        ("GET", "/v1.0/users/qa%40contoso.com/messages/AAMk1"),
        # Attachments come only through the list's $expand, never from their own routes.
        ("GET", "/v1.0/users/qa%40contoso.com/messages/AAMk1/attachments"),
        ("GET", "/v1.0/users/qa%40contoso.com/messages/AAMk1/attachments/AAMkQQ%3D"),
        ("GET", "/v1.0/users/qa%40contoso.com/messages/AAMk1/attachments/AAMkQQ%3D/$value"),
        ("GET", "/v1.0/me/messages/AAMk1"),
        ("GET", "/v1.0/me"),
        ("POST", "/v1.0/me/messages"),
        ("GET", "/v1.0/users"),
    ],
)
def test_anything_but_listing_messages_on_graph_is_refused(method: str, path: str) -> None:
    with pytest.raises(EgressRefused):
        check(method, f"https://graph.microsoft.com{path}")


def test_the_entra_token_post_is_the_only_app_only_login_route() -> None:
    token = f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token"

    assert check("POST", token).purpose == "Entra app-only token"
    # An owner's sign-in (otpmail login) also uses the device-code request and MSAL's
    # authority metadata; the authorize page is only ever the user's browser's.
    for method, url in [
        ("GET", token),
        ("GET", f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/authorize"),
        ("GET", "https://login.microsoftonline.com/consumers/oauth2/v2.0/authorize"),
        ("POST", f"https://login.microsoftonline.us/{TENANT}/oauth2/v2.0/token"),
    ]:
        with pytest.raises(EgressRefused):
            check(method, url)


# -- the bounds policy ------------------------------------------------------------------


def test_a_body_over_the_raw_bound_is_omitted_unconverted() -> None:
    body = {"contentType": "html", "content": "<p>" + "x" * 5_000 + "</p>"}

    email = email_from_graph(graph_message(body=body), MAILBOX, limits=Limits(raw_body_chars=1_000))

    assert email is not None
    assert (email.body, email.body_omitted) == ("", True)


def test_a_long_body_is_cut_with_the_marker() -> None:
    body = {"contentType": "text", "content": "Your code is 123456. " + "y" * 500}

    email = email_from_graph(graph_message(body=body), MAILBOX, limits=Limits(body_chars=100))

    assert email is not None
    assert email.body_truncated
    assert email.body.startswith("Your code is 123456.")
    assert email.body.endswith(BODY_TRUNCATED_MARKER)


def test_a_page_over_the_response_bound_is_refused_before_it_is_parsed() -> None:
    payload = b'{"value": [' + b" " * 2_000 + b"]}"

    with pytest.raises(OtpmailError) as caught:
        read_page(payload, MAILBOX, Limits(response_bytes=1_000))

    assert caught.value.code == "response_too_large"
    assert "Outlook messages.list" in caught.value.message


# -- docs/outlook.md --------------------------------------------------------------------


def test_the_documented_config_entry_loads_as_an_outlook_mailbox() -> None:
    text = (ROOT / "docs" / "outlook.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```yaml\n(.+?)```", text, flags=re.S)

    config = parse(yaml.safe_load(block), ROOT / "integrations.yaml")

    (mailbox,) = config.mailboxes
    assert isinstance(mailbox, OutlookMailbox)
    assert mailbox.client_secret is not None
    assert mailbox.client_secret.env == "OTPMAIL_GRAPH_SECRET"
    assert mailbox.domains == ("contoso.com",)


def test_the_documented_error_codes_exist() -> None:
    text = (ROOT / "docs" / "outlook.md").read_text(encoding="utf-8")
    table = text[text.index("## Errors") :]

    codes = set(re.findall(r"\| `(\w+)` \|$", table, flags=re.M))
    assert codes
    assert codes <= set(CODES)


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(_graph_messages, optionflags=doctest.ELLIPSIS)

    assert result.attempted > 0
    assert result.failed == 0
