"""The naive baselines: what the specification implies, written the obvious way with the same
SDKs, against the same fakes.

- Gmail: every call builds fresh service-account credentials and a fresh service
  (``discovery.build`` from the bundled document), so every call fetches a token; then one
  ``messages.list`` (the SDK's default page size) and one ``messages.get`` with
  ``format=full`` per listed message, one after another.
- Graph: every call builds a fresh ``ClientSecretCredential`` and ``GraphServiceClient``
  (kiota's default middleware), so every call fetches a token; ``messages.get()``
  deserialises ``Message`` models (no ``$select``: every property), following
  ``odata_next_link`` for a count.

To return the same envelope as otpmail, and so that the figures compare requests, clients
and response handling rather than decoders, both reuse otpmail's query builders, decoder
(``email_from_parts``), exact matcher (``select``) and code extraction (``annotate``). Both
go through otpmail's egress checks in front of the fakes, like otpmail does.
"""

from __future__ import annotations

import asyncio
import base64
import warnings
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from email.header import decode_header, make_header
from email.utils import format_datetime, getaddresses
from typing import Any

from _harness import CLIENT_ID, GRAPH_SECRET, TENANT

from otpmail._core._criteria import Criteria, build_criteria
from otpmail._core._envelope import error, ok_count, ok_emails
from otpmail._core._errors import OtpmailError
from otpmail._core._match import select
from otpmail._decoding._extract import annotate
from otpmail._decoding._message import Email, email_from_parts

GMAIL_SCOPE = "https://www.googleapis.com/auth/gmail.readonly"
GRAPH_SCOPE = "https://graph.microsoft.com/.default"
AUTHORITY = "https://login.microsoftonline.com"


def _envelope(criteria: Criteria, emails: list[Email]) -> dict[str, Any]:
    chosen = select(criteria, emails, criteria.limit)
    if not chosen:
        return error(OtpmailError("no_emails_found", "no matching emails found"))
    return ok_emails([annotate(e.to_dict()) for e in chosen])


def _header(value: str) -> str:
    try:
        return str(make_header(decode_header(value)))
    except (ValueError, LookupError):
        return value


class NaiveGmail:
    """The Gmail baseline. Synchronous, like the SDK; the async wrappers use a thread."""

    def __init__(self, info: dict[str, Any], http_factory: Any, address: str) -> None:
        self.info = info
        self.http_factory = http_factory
        self.address = address

    def _service(self) -> Any:
        import google_auth_httplib2
        from google.oauth2 import service_account
        from googleapiclient import discovery

        credentials = service_account.Credentials.from_service_account_info(  # type: ignore[no-untyped-call]
            self.info, scopes=[GMAIL_SCOPE], subject=self.address
        )
        http = google_auth_httplib2.AuthorizedHttp(credentials, http=self.http_factory())
        return discovery.build(
            "gmail", "v1", http=http, static_discovery=True, cache_discovery=False
        )

    def read_sync(self, criteria: Criteria) -> dict[str, Any]:
        from otpmail._providers._gmail_messages import gmail_query

        messages = self._service().users().messages()
        query = gmail_query(criteria)
        if criteria.count:
            ids: set[str] = set()
            params: dict[str, Any] = {"userId": "me", "q": query, "includeSpamTrash": True}
            while True:
                page = messages.list(**params).execute()
                ids.update(m["id"] for m in page.get("messages") or [])
                if not page.get("nextPageToken"):
                    return ok_count(len(ids))
                params["pageToken"] = page["nextPageToken"]
        # Up to ten, whatever the mode: list order is only roughly newest-first (gmail.md
        # §1.4), so even `latest` must look at every listed message's internalDate.
        page = messages.list(userId="me", q=query, includeSpamTrash=True, maxResults=10).execute()
        emails = []
        for ref in page.get("messages") or []:
            data = messages.get(userId="me", id=ref["id"], format="full").execute()
            email = self._email(data)
            if email is not None:
                emails.append(email)
        return _envelope(criteria, emails)

    async def read_emails(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        after: str | None = None,
        *,
        latest: bool = False,
        count: bool = False,
    ) -> dict[str, Any]:
        criteria = build_criteria(to, sender, subject, after, latest=latest, count=count)
        return await asyncio.to_thread(self.read_sync, criteria)

    async def wait_for_email(
        self, to: str, *, since: datetime, interval: float, timeout: float
    ) -> dict[str, Any]:
        """Poll a full read (fresh client, token, list, gets) every ``interval``."""
        criteria = replace(build_criteria(to), cutoff=since)
        end = asyncio.get_running_loop().time() + timeout
        while True:
            envelope = await asyncio.to_thread(self.read_sync, criteria)
            if envelope["status"] == "ok" or asyncio.get_running_loop().time() >= end:
                return envelope
            await asyncio.sleep(interval)

    def _email(self, data: dict[str, Any]) -> Email | None:
        if {"DRAFT", "SENT"} & set(data.get("labelIds") or ()):
            return None
        payload = data.get("payload") or {}
        headers: dict[str, list[str]] = {}
        for header in payload.get("headers") or []:
            headers.setdefault(header["name"].lower(), []).append(_header(header["value"]))
        texts: dict[str, str] = {}
        for part in _parts(payload):
            kind = part.get("mimeType", "")
            body = part.get("body") or {}
            if kind in ("text/plain", "text/html") and "data" in body and kind not in texts:
                texts[kind] = base64.urlsafe_b64decode(body["data"] + "==").decode(
                    "utf-8", "replace"
                )
        html = "text/html" in texts

        def first(name: str) -> str:
            return headers.get(name, [""])[0]

        return email_from_parts(
            id=str(data["id"]),
            account=self.address,
            received_at=datetime.fromtimestamp(int(data["internalDate"]) / 1000, tz=UTC),
            date=first("date"),
            sender=getaddresses(headers.get("from", [])),
            to=getaddresses(headers.get("to", [])),
            cc=getaddresses(headers.get("cc", [])),
            delivered_to=[a for _, a in getaddresses(headers.get("delivered-to", []))],
            subject=first("subject"),
            body=texts["text/html"] if html else texts.get("text/plain", ""),
            body_is_html=html,
            message_id=first("message-id"),
        )


def _parts(part: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield part
    for child in part.get("parts") or []:
        yield from _parts(child)


class NaiveGraph:
    """The Graph baseline: a fresh credential and GraphServiceClient per call."""

    def __init__(self, transport: Any, token_transport: Any, address: str) -> None:
        self.transport = transport
        self.token_transport = token_transport
        self.address = address

    def _client(self) -> tuple[Any, Any, Any]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            import httpx
            from azure.identity.aio import ClientSecretCredential
            from kiota_authentication_azure.azure_identity_authentication_provider import (
                AzureIdentityAuthenticationProvider,
            )
            from msgraph.graph_request_adapter import GraphRequestAdapter
            from msgraph.graph_service_client import GraphServiceClient
            from msgraph_core import GraphClientFactory

            from otpmail._providers._graph_http import GraphEgressTransport, TokenEgressTransport

        credential = ClientSecretCredential(
            TENANT,
            CLIENT_ID,
            GRAPH_SECRET,
            authority=AUTHORITY,
            transport=TokenEgressTransport(self.token_transport),
        )
        http = httpx.AsyncClient(transport=GraphEgressTransport(self.transport), trust_env=False)
        http.base_url = httpx.URL("https://graph.microsoft.com/v1.0")
        http = GraphClientFactory.create_with_default_middleware(client=http)
        adapter = GraphRequestAdapter(
            AzureIdentityAuthenticationProvider(credential, scopes=[GRAPH_SCOPE]), client=http
        )
        adapter.base_url = "https://graph.microsoft.com/v1.0"
        return GraphServiceClient(request_adapter=adapter), credential, http

    async def _read(self, criteria: Criteria) -> dict[str, Any]:
        from kiota_abstractions.base_request_configuration import RequestConfiguration
        from msgraph.generated.users.item.messages.messages_request_builder import (
            MessagesRequestBuilder,
        )

        from otpmail._providers._graph_messages import messages_filter

        client, credential, http = self._client()
        try:
            builder = client.users.by_user_id(self.address).messages
            parameters = MessagesRequestBuilder.MessagesRequestBuilderGetQueryParameters(
                filter=messages_filter(criteria),
                orderby=["receivedDateTime desc"],
                top=None if criteria.count else 10,
            )
            response = await builder.get(RequestConfiguration(query_parameters=parameters))
            models = list(response.value or []) if response else []
            while criteria.count and response is not None and response.odata_next_link:
                response = await builder.with_url(response.odata_next_link).get()
                if response is not None:
                    models.extend(response.value or [])
        finally:
            await http.aclose()
            await credential.close()
        emails = [self._email(m) for m in models if not m.is_draft]
        if criteria.count:
            return ok_count(len(select(criteria, emails)))
        return _envelope(criteria, emails)

    async def read_emails(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        after: str | None = None,
        *,
        latest: bool = False,
        count: bool = False,
    ) -> dict[str, Any]:
        return await self._read(
            build_criteria(to, sender, subject, after, latest=latest, count=count)
        )

    async def wait_for_email(
        self, to: str, *, since: datetime, interval: float, timeout: float
    ) -> dict[str, Any]:
        criteria = replace(build_criteria(to), cutoff=since)
        end = asyncio.get_running_loop().time() + timeout
        while True:
            envelope = await self._read(criteria)
            if envelope["status"] == "ok" or asyncio.get_running_loop().time() >= end:
                return envelope
            await asyncio.sleep(interval)

    def _email(self, m: Any) -> Email:
        def pairs(recipients: Any) -> list[tuple[str, str]]:
            return [
                (r.email_address.name or "", r.email_address.address or "")
                for r in recipients or []
            ]

        body = m.body
        return email_from_parts(
            id=m.id or "",
            account=self.address,
            received_at=m.received_date_time,
            date=format_datetime(m.sent_date_time) if m.sent_date_time else "",
            sender=pairs([m.from_] if m.from_ else []),
            to=pairs(m.to_recipients),
            cc=pairs(m.cc_recipients),
            delivered_to=[a for _, a in pairs(m.bcc_recipients)],
            subject=m.subject or "",
            body=(body.content or "") if body else "",
            body_is_html=bool(body and body.content_type and body.content_type.value == "html"),
            message_id=m.internet_message_id or "",
        )
