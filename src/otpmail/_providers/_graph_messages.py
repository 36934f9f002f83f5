"""The pure half of the Microsoft Graph provider: the list query, the JSON → :class:`Email`
mapping, and the rule for following ``@odata.nextLink``. No I/O and no SDK import, so it is
tested without HTTP and costs a Gmail or Maildir user nothing.

The query reads the whole mailbox and narrows on the server by receive time only: no recipient
or sender term is sent (Graph refuses some and misses mail with others), so the filter holds no
string literal; everything exact is decided by :func:`otpmail._core._match.select`, as for
Gmail and Maildir. In content mode attachment metadata comes in the same request, never the
content. Why each part of the query is as it is, with sources: docs/internals.md and
docs/outlook.md.
"""

from __future__ import annotations

import itertools
import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from otpmail._core import _egress
from otpmail._core._bounds import DEFAULT_LIMITS, MAX_ATTACHMENTS, Limits, check_response_size
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._decoding import TRUST_EXCHANGE_ONLINE, Attachment, Email, Parts, email_from_parts

log = logging.getLogger("otpmail.outlook")

GRAPH_BASE = "https://graph.microsoft.com/v1.0"
"""The only API root. No trailing slash: httpx would otherwise produce ``v1.0//users``."""

# What the shared matcher reads (recipients, sender, subject, delivery time, Message-ID)
# plus what decides "mail this mailbox wrote itself" (isDraft, from, sender).
COUNT_FIELDS: tuple[str, ...] = (
    "id",
    "internetMessageId",
    "receivedDateTime",
    "subject",
    "from",
    "sender",
    "toRecipients",
    "ccRecipients",
    "bccRecipients",
    "isDraft",
)
# internetMessageHeaders carries Exchange Online's Authentication-Results (and the Received
# lines that place it): the verdict on every email, in the same one request.
HEADER_FIELD = "internetMessageHeaders"
CONTENT_FIELDS: tuple[str, ...] = (*COUNT_FIELDS, "sentDateTime", "body", HEADER_FIELD)
# Properties of the base type microsoft.graph.attachment only: a property of a derived type
# (fileAttachment's contentId or contentBytes) named here makes Graph refuse the request.
ATTACHMENT_FIELDS: tuple[str, ...] = ("name", "contentType", "size", "isInline")
CONTENT_EXPAND: tuple[str, ...] = (f"attachments($select={','.join(ATTACHMENT_FIELDS)})",)
"""The ``$expand`` of a content read: attachment metadata in the same request."""

# Content mode reads limit + slack rows in its one request: rows to other recipients,
# drafts and the mailbox's own mail are dropped by our code, not by Graph.
CONTENT_SLACK = 15
# A content call follows at most this many pages (the first included) before it answers
# with what it found: a bound on time and transfer when the look-back is wide.
MAX_CONTENT_PAGES = 4
# Count mode carries no body, so it asks for Graph's largest page.
COUNT_PAGE = 1000
# A count that must judge authentication reads every row's headers (a few KB each): smaller
# pages keep each answer far below the response bound.
AUTHENTICATED_COUNT_PAGE = 100
ORDER_NEWEST_FIRST: tuple[str, ...] = ("receivedDateTime desc",)


@dataclass(frozen=True)
class ListQuery:
    """The OData options of one ``GET /users/{mailbox}/messages``."""

    filter: str | None
    orderby: tuple[str, ...]
    select: tuple[str, ...]
    top: int
    expand: tuple[str, ...] = ()


def odata_datetime(moment: datetime) -> str:
    """An OData ``DateTimeOffset`` literal in UTC, floored to the second (Graph stores
    ``receivedDateTime`` to the second, so flooring never drops a candidate).

    >>> from datetime import timedelta, timezone
    >>> odata_datetime(datetime(2026, 3, 2, 11, 0, 5, 900000, tzinfo=timezone(timedelta(hours=1))))
    '2026-03-02T10:00:05Z'
    """
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def messages_filter(criteria: Criteria) -> str | None:
    """The ``$filter`` for ``criteria``: the look-back only, or nothing.

    >>> from otpmail._core._criteria import build_criteria
    >>> messages_filter(build_criteria("qa@contoso.com", after="5m",
    ...                 now=datetime(2026, 3, 2, 10, 0, 5, tzinfo=UTC)))
    'receivedDateTime ge 2026-03-02T09:55:05Z'
    >>> messages_filter(build_criteria("qa@contoso.com", sender="no-reply@x.example")) is None
    True
    """
    if criteria.cutoff is None:
        return None
    return f"receivedDateTime ge {odata_datetime(criteria.cutoff)}"


def list_query(criteria: Criteria) -> ListQuery:
    """The list request for ``criteria``: content mode reads bodies and attachment metadata
    in one page of ``limit + CONTENT_SLACK`` rows; count mode reads ``COUNT_PAGE`` bodiless
    rows a page, without attachments."""
    if criteria.count:
        if criteria.authenticated:
            return ListQuery(
                messages_filter(criteria),
                ORDER_NEWEST_FIRST,
                (*COUNT_FIELDS, HEADER_FIELD),
                AUTHENTICATED_COUNT_PAGE,
            )
        return ListQuery(messages_filter(criteria), ORDER_NEWEST_FIRST, COUNT_FIELDS, COUNT_PAGE)
    return ListQuery(
        messages_filter(criteria),
        ORDER_NEWEST_FIRST,
        CONTENT_FIELDS,
        criteria.limit + CONTENT_SLACK,
        CONTENT_EXPAND,
    )


# ---------------------------------------------------------------------------------------
# JSON → Email


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _recipient(value: object) -> tuple[str, str] | None:
    """``{"emailAddress": {"name": ..., "address": ...}}`` → ``(name, address)``."""
    address = _mapping(_mapping(value).get("emailAddress"))
    addr = _str(address.get("address")).strip()
    return (_str(address.get("name")), addr) if addr else None


def _recipients(value: object) -> list[tuple[str, str]]:
    if not isinstance(value, list):
        return []
    return [pair for pair in map(_recipient, value) if pair is not None]


def _timestamp(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _size(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _content_type(value: object) -> str:
    """The bare ``type/subtype`` (parameters dropped, as the MIME decoder reports it), or
    ``application/octet-stream`` when Graph gives none (an attached Outlook item)."""
    bare = _str(value).partition(";")[0].strip().lower()
    return bare or "application/octet-stream"


def attachments_from_graph(value: object) -> tuple[list[Attachment], int]:
    """The expanded ``attachments`` of one message → the attachments to list (at most
    ``MAX_ATTACHMENTS``) and how many more there were. Metadata only: ``contentBytes`` is
    never read, even if a response carried it. A nameless inline ``text/plain`` or
    ``text/html`` part is a body fragment, not an attachment, as for MIME mail.

    >>> listed, more = attachments_from_graph([
    ...     {"@odata.type": "#microsoft.graph.fileAttachment", "name": "invoice.pdf",
    ...      "contentType": "application/pdf", "size": 48213, "isInline": False},
    ...     {"@odata.type": "#microsoft.graph.fileAttachment", "name": "logo.png",
    ...      "contentType": "image/png", "size": 2190, "isInline": True},
    ...     {"@odata.type": "#microsoft.graph.itemAttachment", "name": "Fwd: hello",
    ...      "contentType": None, "size": 108189, "isInline": False}])
    >>> [(a.name, a.content_type, a.size) for a in listed], more
    ([('invoice.pdf', 'application/pdf', 48213), ('logo.png', 'image/png', 2190), ('Fwd: hello', 'application/octet-stream', 108189)], 0)
    """
    if not isinstance(value, list):
        return [], 0
    listed: list[Attachment] = []
    more = 0
    for item in value:
        if not isinstance(item, Mapping):
            continue
        name = _str(item.get("name"))
        content_type = _content_type(item.get("contentType"))
        if (
            item.get("isInline") is True
            and not name.strip()
            and content_type in ("text/plain", "text/html")
        ):
            continue
        if len(listed) >= MAX_ATTACHMENTS:
            more += 1
            continue
        listed.append(Attachment(name, content_type, _size(item.get("size"))))
    return listed, more


def headers_from_graph(value: object) -> list[tuple[str, str]]:
    """``internetMessageHeaders`` (``[{"name": ..., "value": ...}]``, in message order) as
    (name, value) pairs; malformed entries are skipped."""
    if not isinstance(value, list):
        return []
    pairs = []
    for entry in value:
        if isinstance(entry, Mapping):
            name, text = entry.get("name"), entry.get("value")
            if isinstance(name, str) and isinstance(text, str):
                pairs.append((name, text))
    return pairs


def is_own_mail(item: Mapping[str, Any], account: str) -> bool:
    """True for mail this mailbox wrote: a draft, or a message whose ``from`` or ``sender``
    is the mailbox itself.

    Why not "not in Sent Items" by ``parentFolderId``: that needs one more request (the
    ``sentitems`` folder id) and still lets the Inbox copy of a message the mailbox sent to
    itself through. The address rule costs nothing, covers both copies, and is what Gmail's
    ``SENT`` label does (a self-sent Gmail message carries ``SENT`` and ``INBOX``).
    """
    if item.get("isDraft") is True:
        return True
    own = account.strip().lower()
    for key in ("from", "sender"):
        pair = _recipient(item.get(key))
        if pair is not None and pair[1].lower() == own:
            return True
    return False


def email_from_graph(
    item: Mapping[str, Any],
    account: str,
    *,
    with_body: bool = True,
    limits: Limits = DEFAULT_LIMITS,
) -> Email | None:
    """One Graph ``message`` (as JSON) → :class:`Email`, through the shared
    :func:`email_from_parts`. ``None`` for the mailbox's own mail and for a row without a
    usable ``receivedDateTime`` (it could not be ordered or checked against a cutoff).

    ``with_body=False`` leaves the body empty: the matcher never reads it, so a search
    decides on bodiless emails and converts (HTML → text) only the bodies it returns.
    ``limits`` are the body bounds of :mod:`otpmail._core._bounds`, applied by
    :func:`email_from_parts`. Expanded ``attachments`` become the email's attachment list
    (:func:`attachments_from_graph`); a row without them lists none.

    >>> e = email_from_graph({
    ...     "id": "AAMk1", "internetMessageId": "<a@x>", "isDraft": False,
    ...     "receivedDateTime": "2026-03-02T10:00:01Z", "sentDateTime": "2026-03-02T10:00:00Z",
    ...     "subject": "Your code", "from": {"emailAddress": {"name": "Acme",
    ...     "address": "no-reply@acme.example"}}, "toRecipients": [{"emailAddress":
    ...     {"name": "", "address": "QA+signup@contoso.com"}}],
    ...     "body": {"contentType": "html", "content": "<p>Code <b>123456</b></p>"}},
    ...     "qa@contoso.com")
    >>> e.sender, e.recipients, e.date, e.body
    ('Acme <no-reply@acme.example>', ('qa+signup@contoso.com',), 'Mon, 02 Mar 2026 10:00:00 +0000', 'Code 123456')
    """
    if is_own_mail(item, account):
        return None
    received = _timestamp(item.get("receivedDateTime"))
    if received is None:
        log.debug("skipped a Graph message without a usable receivedDateTime")
        return None
    sent = _timestamp(item.get("sentDateTime"))
    sender = _recipient(item.get("from")) or _recipient(item.get("sender"))
    body = _mapping(item.get("body")) if with_body else {}
    attachments, more = attachments_from_graph(item.get("attachments"))
    if "attachments@odata.nextLink" in item:
        # Not expected: a message's attachment list was found unpaged
        # (msgraph-sdk-powershell#1927). Not followed: one request stays one request.
        log.debug("a Graph message's attachment list has a next page; not followed")
    parts = Parts(
        id=_str(item.get("id")),
        account=account,
        received_at=received,
        date=format_datetime(sent.astimezone(UTC)) if sent else "",
        sender=[sender] if sender else [],
        to=_recipients(item.get("toRecipients")),
        cc=_recipients(item.get("ccRecipients")),
        # Bcc copies: the mailbox was a recipient even though To/Cc do not name it, as
        # Gmail's Delivered-To says for the same mail.
        delivered_to=[addr for _, addr in _recipients(item.get("bccRecipients"))],
        subject=_str(item.get("subject")),
        body=_str(body.get("content")),
        body_is_html=_str(body.get("contentType")).lower() == "html",
        message_id=_str(item.get("internetMessageId")),
        attachments=attachments,
        attachments_omitted=more,
        headers=headers_from_graph(item.get(HEADER_FIELD)),
    )
    return email_from_parts(parts, limits=limits, trust=TRUST_EXCHANGE_ONLINE)


@dataclass(frozen=True)
class Page:
    """One decoded list page."""

    emails: list[Email]
    """Candidates without bodies, for :func:`otpmail._core._match.select`."""
    items: dict[str, Mapping[str, Any]]
    """The rows behind ``emails`` by Graph id, to build the chosen ones with bodies."""
    next_link: str | None
    rows: int
    """Rows Graph returned, before our own-mail rule dropped any."""
    undated: int = 0
    """Rows without a usable ``receivedDateTime`` (or ``id``): skipped, as no rule can
    place them."""
    newest_first: bool = True
    """Whether the dated rows came in ``receivedDateTime`` order, newest first, as
    ``$orderby`` asked."""
    oldest: datetime | None = None
    """The earliest ``receivedDateTime`` of the page's rows."""
    attachment_content: bool = False
    """Whether an expanded attachment carried ``contentBytes`` (the nested ``$select``
    ignored); the content is never read."""


def read_page(payload: bytes, account: str, limits: Limits = DEFAULT_LIMITS) -> Page:
    """Decode a ``GET .../messages`` response body into bodiless candidates. A body larger
    than ``limits.response_bytes`` is ``response_too_large`` before it is parsed; one that
    is not a message collection is ``bad_response``; a malformed row is skipped."""
    check_response_size(len(payload), limits, "Outlook messages.list")
    try:
        document = json.loads(payload)
    except (ValueError, UnicodeDecodeError):
        raise OtpmailError(
            "bad_response", "Outlook messages.list failed: the response is not JSON"
        ) from None
    if not isinstance(document, dict) or not isinstance(document.get("value"), list):
        raise OtpmailError(
            "bad_response", "Outlook messages.list failed: the response is not a message list"
        )
    rows: Sequence[object] = document["value"]
    emails: list[Email] = []
    items: dict[str, Mapping[str, Any]] = {}
    stamps: list[datetime] = []
    undated = 0
    content = False
    for row in rows:
        if not isinstance(row, dict):
            continue
        stamp = _timestamp(row.get("receivedDateTime"))
        if stamp is None or not _str(row.get("id")):
            undated += 1
            continue
        stamps.append(stamp)
        content = content or _carries_content(row.get("attachments"))
        email = email_from_graph(row, account, with_body=False)
        if email is not None:
            emails.append(email)
            items[email.id] = row
    link = document.get("@odata.nextLink")
    return Page(
        emails,
        items,
        link if isinstance(link, str) and link else None,
        len(rows),
        undated=undated,
        newest_first=all(a >= b for a, b in itertools.pairwise(stamps)),
        oldest=min(stamps, default=None),
        attachment_content=content,
    )


def _carries_content(attachments: object) -> bool:
    return isinstance(attachments, list) and any(
        isinstance(item, Mapping) and "contentBytes" in item for item in attachments
    )


def check_next_link(link: str, first_url: str) -> str:
    """Allow ``link`` only if it passes the egress allowlist *and* pages the same list as
    ``first_url`` (same mailbox, same path; compared decoded and case-insensitively, since
    Graph may echo ``@`` where we sent ``%40``). Raises ``egress_refused`` otherwise, before
    anything is sent: neither msgraph-sdk nor kiota checks a nextLink's host (msgraph-core's
    ``msgraph_core/tasks/page_iterator.py`` only checks that it starts with ``http``).
    """
    _egress.check("GET", link)
    ours, theirs = urlsplit(first_url), urlsplit(link)
    if unquote(theirs.path).lower() != unquote(ours.path).lower():
        raise _egress.EgressRefused(
            (theirs.hostname or "").lower(), "the nextLink pages a different list"
        )
    return link
