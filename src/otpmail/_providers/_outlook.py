"""Outlook / Microsoft 365 through Microsoft Graph with an app-only grant (``Mail.Read``).

Built on msgraph-sdk, kiota and azure-identity (the ``otpmail[outlook]`` extra, imported
only when an outlook mailbox is read), pinned:

- the token comes from ``azure.identity.aio`` with ``authority`` passed explicitly, so
  ``AZURE_AUTHORITY_HOST`` is never read; the aio credentials do not use MSAL, so
  ``AZURE_REGIONAL_AUTHORITY_NAME`` has nothing to steer; the token POST goes through
  :class:`~otpmail._providers._graph_http.TokenEgressTransport` (egress check, no proxy
  variables, certifi);
- Graph requests go to ``https://graph.microsoft.com/v1.0`` set explicitly on the adapter,
  through an ``httpx.AsyncClient(trust_env=False)`` whose innermost transport runs the
  egress check; kiota's redirect handler is left out, so no redirect is followed anywhere;
  the bearer token is attached for ``graph.microsoft.com`` only;
- an ``@odata.nextLink`` is followed only if it pages the same list on the same host;
- retries honour ``Retry-After`` but never outlive the call's deadline.

Deadlines and retries (:mod:`otpmail._core._retry`): each Graph request — its token request
included — is one attempt of otpmail's retry policy, under the call's deadline. Neither
SDK retries on its own: kiota's ``RetryHandler`` is left out of the middleware and
azure-core's token retries are off (``retry_total=0``). At most 4 requests per mailbox are
in flight on an event loop (Graph's limit,
https://learn.microsoft.com/graph/throttling-limits#outlook-service-limits), and concurrent
calls share one token request.

Cost: content mode is one Graph request once the token is cached (``$top`` = limit + slack,
bodies and attachment metadata included, the latter through ``$expand``); count mode reads
1,000 bodiless rows a request, and the idle poll of a wait reads ids only. The SDK builds,
signs and sends each request, but its model deserialisation (about 1,200 modules imported
on first use, ``bench/graph_first_call.py``) is skipped: the adapter returns the body as bytes
(``send_primitive_async(..., "bytes", ...)``) and :mod:`._graph_messages` reads the few
fields it needs. Failed responses still become the SDK's ``ODataError``.

Undocumented behaviours, checked on every answer (``otpmail check --deep`` reports each up
front): when Graph refuses the ``$filter`` with the ``$orderby`` (``InefficientFilter``), the
look-back is applied by the matcher alone and paging stops at the first row older than it;
when rows do not come newest first, a content read no longer stops at the first page that
satisfies it; when the nested ``$select`` of the attachments is ignored, their content is
never read, and a page refused as too large is read again without the attachment list; when
the id-only rows of the wait poll carry no ``receivedDateTime``, the poll asks for the
fields of a count read instead. Each is logged once per mailbox on ``otpmail.outlook``.

Decoding (the JSON page, each chosen message's body and its HTML) runs on the provider's
worker threads, never on the event loop (:func:`otpmail._core._workers.run_off_loop`): a
slow message cannot stop other callers on the loop, or the call's deadline.

Event loops: ``read_emails_sync`` and the CLI run ``asyncio.run`` per call, and one provider
may serve several loops. The credential (and so the token cache) is shared, because its
transport holds nothing between requests; the httpx client and adapter are built per event
loop and never reused on another one.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import warnings
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from otpmail._core._config import OutlookMailbox, not_configured
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._logs import quiet_sdk_loggers
from otpmail._core._match import matches, select
from otpmail._core._workers import WorkerPool, run_off_loop
from otpmail._decoding import Email
from otpmail._signin._grant import OwnerReport

with warnings.catch_warnings():
    # The generated request builders call warn(DeprecationWarning) in their class bodies
    # (about their own per-builder configuration classes), i.e. at import. Nothing a user
    # can act on; keep it out of their -W error runs.
    warnings.simplefilter("ignore", DeprecationWarning)
    import httpx
    from azure.core.credentials_async import AsyncTokenCredential
    from azure.identity.aio import CertificateCredential, ClientSecretCredential
    from kiota_abstractions.api_client_builder import register_default_deserializer
    from kiota_abstractions.base_request_configuration import RequestConfiguration
    from kiota_authentication_azure.azure_identity_authentication_provider import (
        AzureIdentityAuthenticationProvider,
    )
    from kiota_http.middleware import ParametersNameDecodingHandler, UserAgentHandler
    from kiota_serialization_json.json_parse_node_factory import JsonParseNodeFactory
    from msgraph.generated.models.o_data_errors.o_data_error import ODataError
    from msgraph.generated.users.item.messages.messages_request_builder import (
        MessagesRequestBuilder,
    )
    from msgraph.graph_request_adapter import GraphRequestAdapter
    from msgraph_core import GraphClientFactory
    from msgraph_core.middleware import GraphTelemetryHandler

from otpmail._core._retry import (
    DEFAULT_DEADLINE,
    DEFAULT_POLICY,
    RetryPolicy,
    default_deadline,
    remaining,
)
from otpmail._providers._graph_errors import to_error
from otpmail._providers._graph_http import (
    MAILBOX_CONCURRENCY,
    PROVIDER,
    GraphEgressTransport,
    SingleFlightCredential,
    TokenEgressTransport,
    TokenTransport,
    mailbox_gate,
    network_transport,
)
from otpmail._providers._graph_messages import (
    CONTENT_EXPAND,
    CONTENT_FIELDS,
    CONTENT_SLACK,
    COUNT_FIELDS,
    COUNT_PAGE,
    GRAPH_BASE,
    MAX_CONTENT_PAGES,
    ORDER_NEWEST_FIRST,
    ListQuery,
    Page,
    check_next_link,
    email_from_graph,
    list_query,
    odata_datetime,
    read_page,
)

log = logging.getLogger("otpmail.outlook")

AUTHORITY = "https://login.microsoftonline.com"
GRAPH_HOST = "graph.microsoft.com"
SCOPE = "https://graph.microsoft.com/.default"
DEFAULT_TIMEOUT = DEFAULT_DEADLINE
"""Seconds one ``search`` or ``count`` may take, retries and the token request included,
when the caller (the Reader) set no deadline."""

T = TypeVar("T")

# Waiting: how far before "now" a marker starts (clock difference with Exchange), how long
# ids stay remembered behind the latest poll (mail that becomes visible late), and the page
# size of the id-only poll.
WATCH_SKEW = timedelta(seconds=10)
WATCH_MARGIN = timedelta(seconds=60)
WATCH_PAGE = 100
WATCH_FIELDS: tuple[str, ...] = ("id", "receivedDateTime")
_QueryParameters = MessagesRequestBuilder.MessagesRequestBuilderGetQueryParameters
# Graph's codes for a query shape it refuses (the $filter/$orderby rules of
# microsoft-graph-docs-contrib `user-list-messages.md`).
QUERY_SHAPE_CODES = frozenset({"InefficientFilter", "ErrorInvalidUrlQueryFilter"})


class QueryShapeRefused(OtpmailError):
    """Graph refused the combination of ``$filter`` and ``$orderby`` (HTTP 400); the
    provider retries without the ``$filter``."""

    def __init__(self, mapped: OtpmailError) -> None:
        super().__init__(mapped.code, mapped.message)


def _refuses_shape(exc: BaseException) -> bool:
    main = getattr(exc, "error", None)
    return (
        getattr(exc, "response_status_code", None) == 400
        and getattr(main, "code", None) in QUERY_SHAPE_CODES
    )


def _past(page: Page, floor: datetime | None) -> bool:
    """Whether an ordered page reached rows older than ``floor``: later pages hold only
    older ones (what the ``$filter`` does when Graph applies it)."""
    return (
        floor is not None and page.newest_first and page.oldest is not None and page.oldest < floor
    )


def _credential(
    mailbox: OutlookMailbox, token_transport: TokenTransport | None
) -> AsyncTokenCredential:
    """The app-only credential: client secret or certificate, pinned to the global Entra
    authority. Secrets are read here, once; a missing or unusable one is NOT_CONFIGURED."""
    pinned: dict[str, Any] = {
        "authority": AUTHORITY,
        "transport": TokenEgressTransport(token_transport),
        "use_env_settings": False,
        # azure-core retries a failed token POST up to 10 times by default, with its own
        # backoff; otpmail's policy retries the whole request instead, within the deadline.
        "retry_total": 0,
    }
    if mailbox.client_secret is not None:
        ref = mailbox.client_secret
        what = f"{mailbox.source} client secret"
        try:
            secret = ref.read_bytes(what).decode("utf-8").strip()
        except UnicodeDecodeError:
            raise not_configured(
                f"{what} ({ref.describe()}) is not UTF-8 text", "secret_invalid"
            ) from None
        return ClientSecretCredential(mailbox.tenant_id, mailbox.client_id, secret, **pinned)
    if mailbox.certificate is not None:
        ref = mailbox.certificate
        what = f"{mailbox.source} certificate"
        data = ref.read_bytes(what)
        password = (
            mailbox.certificate_password.read_bytes(f"{mailbox.source} certificate password")
            if mailbox.certificate_password is not None
            else None
        )
        try:
            return CertificateCredential(
                mailbox.tenant_id,
                mailbox.client_id,
                certificate_data=data,
                password=password,
                **pinned,
            )
        except (ValueError, TypeError):
            raise not_configured(
                f"{what} ({ref.describe()}) cannot be loaded: it must be PEM or PKCS12 with "
                "an RSA private key (and the right password, if it has one)",
                "secret_invalid",
            ) from None
    raise not_configured(
        f"{mailbox.source}: set client_secret_env, certificate_file or certificate_env"
    )


def _owner_credential(
    mailbox: OutlookMailbox, transport: httpx.BaseTransport | None
) -> AsyncTokenCredential:
    """The owner's grant (``auth: user``) as the Graph client's credential."""
    from otpmail._signin._microsoft import OwnerCredential
    from otpmail._signin._store import store_for

    assert mailbox.owner is not None
    return OwnerCredential(mailbox, store_for(mailbox.owner, mailbox.address), transport)


@dataclass
class _Session:
    """The loop-bound half: an httpx client and the adapter and builder that use it."""

    http: httpx.AsyncClient
    adapter: GraphRequestAdapter
    messages: MessagesRequestBuilder
    list_url: str
    """The list URL as kiota writes it, the reference for nextLinks."""


@dataclass(frozen=True)
class _WatchCursor:
    floor: datetime
    seen: dict[str, datetime]


class OutlookProvider:
    """Reads one Microsoft 365 mailbox. Build once per mailbox and reuse: it keeps the token.

    ``transport`` (an httpx transport) and ``token_transport`` (an azure-core transport)
    replace the network for tests and benchmarks; the egress check runs in front of both.
    ``timeout`` bounds each ``search``/``count`` call, retries and token request included,
    when the caller set no deadline of its own. ``retry`` is the retry policy of each
    request; ``max_retries``, if given, replaces its number of retries.
    """

    def __init__(
        self,
        mailbox: OutlookMailbox,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        token_transport: TokenTransport | None = None,
        signin_transport: httpx.BaseTransport | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        retry: RetryPolicy = DEFAULT_POLICY,
        max_retries: int | None = None,
    ) -> None:
        self.account = mailbox.address
        # auth: user reads the owner's own mailbox (/me) with their refreshed grant; MSAL's
        # requests go through signin_transport (tests) behind the egress check.
        self._owner = mailbox.owner is not None
        self._credential = SingleFlightCredential(
            _owner_credential(mailbox, signin_transport)
            if self._owner
            else _credential(mailbox, token_transport)
        )
        self._auth = AzureIdentityAuthenticationProvider(
            self._credential, scopes=[SCOPE], allowed_hosts=[GRAPH_HOST]
        )
        self._limits = mailbox.limits
        self._transport = transport
        self._timeout = timeout
        self._retry = retry if max_retries is None else replace(retry, attempts=max_retries + 1)
        # Graph counts concurrent requests per app and mailbox.
        self._gate_key = f"{mailbox.tenant_id}/{mailbox.client_id}/{mailbox.address}"
        # Which mailbox this is, for the machine's one watcher of it (docs/fleets.md):
        # identities, never a secret.
        self.mailbox_identity: tuple[object, ...] = ("outlook", self._gate_key, mailbox.limits)
        self._sessions: dict[asyncio.AbstractEventLoop, _Session] = {}
        self._lock = threading.Lock()
        # What this mailbox's answers showed about Graph's undocumented behaviours.
        self._server_filter = True
        self._watch_fields = WATCH_FIELDS
        self._reported: set[str] = set()
        # Decoding runs here, off the loop: one thread per request Graph allows at once.
        self._pool = WorkerPool(MAILBOX_CONCURRENCY, "otpmail-outlook")
        quiet_sdk_loggers()

    def __repr__(self) -> str:
        return f"OutlookProvider(account={self.account!r})"

    # -- per-loop clients -----------------------------------------------------------------

    def _open_session(self) -> _Session:
        http = httpx.AsyncClient(
            transport=GraphEgressTransport(self._transport or network_transport(), self._limits),
            trust_env=False,
            follow_redirects=False,
            timeout=httpx.Timeout(30.0, connect=10.0),
        )
        # kiota's default middleware minus RedirectHandler (it follows redirects to any
        # host), RetryHandler (it sleeps on its own formula, unaware of the deadline;
        # otpmail's policy retries instead), UrlReplaceHandler (/me only) and
        # BodyInspectionHandler (off by default).
        http = GraphClientFactory.create_with_custom_middleware(
            [ParametersNameDecodingHandler(), UserAgentHandler(), GraphTelemetryHandler()],
            client=http,
        )
        # Error bodies are JSON (ODataError); success bodies are read as bytes by us.
        register_default_deserializer(JsonParseNodeFactory)
        adapter = GraphRequestAdapter(self._auth, client=http)
        adapter.base_url = GRAPH_BASE
        messages = MessagesRequestBuilder(
            adapter, {"baseurl": GRAPH_BASE, "user%2Did": self.account}
        )
        if self._owner:
            # A delegated token reads the signed-in user's own mailbox: /me/messages, the
            # same list with the same query options.
            messages.url_template = messages.url_template.replace(
                "/users/{user%2Did}/messages", "/me/messages"
            )
        return _Session(http, adapter, messages, messages.to_get_request_information().url)

    def _session(self) -> _Session:
        loop = asyncio.get_running_loop()
        with self._lock:
            # A client bound to a finished loop cannot be used or closed any more; drop it.
            for stale in [other for other in self._sessions if other.is_closed()]:
                del self._sessions[stale]
            session = self._sessions.get(loop)
            if session is None:
                session = self._sessions[loop] = self._open_session()
            return session

    # -- one request ----------------------------------------------------------------------

    async def _page(self, session: _Session, query: ListQuery, next_link: str | None) -> Page:
        """One page, each attempt of it (token request included) under the retry policy."""
        return await self._retry.run(
            f"{PROVIDER} messages.list",
            lambda attempt: self._page_once(session, query, next_link, attempt),
        )

    async def _page_once(
        self, session: _Session, query: ListQuery, next_link: str | None, attempt: int
    ) -> Page:
        if next_link is None:
            parameters = _QueryParameters(
                filter=query.filter,
                orderby=list(query.orderby),
                select=list(query.select),
                top=query.top,
                expand=list(query.expand) or None,
            )
            info = session.messages.to_get_request_information(
                RequestConfiguration(query_parameters=parameters)
            )
        else:
            info = session.messages.with_url(
                check_next_link(next_link, session.list_url)
            ).to_get_request_information()
        if attempt > 1:
            # What kiota's retry handler would have sent (a hint for Graph's diagnostics).
            info.headers.try_add("Retry-Attempt", str(attempt - 1))
        failure: OtpmailError
        try:
            async with mailbox_gate(self._gate_key):
                # "XXX" is kiota's catch-all status key: every error answer becomes an
                # ODataError, which to_error maps.
                payload = await session.adapter.send_primitive_async(
                    info, "bytes", {"XXX": ODataError}
                )
        except Exception as exc:
            failure = to_error("messages.list", exc)
            if query.filter and query.orderby and next_link is None and _refuses_shape(exc):
                failure = QueryShapeRefused(failure)
        else:
            if not isinstance(payload, bytes):
                raise OtpmailError(
                    "bad_response", f"{PROVIDER} messages.list failed: the response had no body"
                )
            page = await self._off_loop(
                functools.partial(read_page, payload, self.account, self._limits)
            )
            if page.attachment_content:
                self._report(
                    "attachment content",
                    "Graph sent attachment content despite the nested $select; otpmail does "
                    "not read it, but each content read transfers it",
                )
            if not page.newest_first:
                self._report(
                    "order",
                    "Graph did not list rows newest first; content reads no longer stop at "
                    f"the first page that satisfies them (up to {MAX_CONTENT_PAGES} pages)",
                )
            return page
        # Raised outside the except block: no __context__ pointing at an SDK exception.
        raise failure

    def _report(self, what: str, text: str) -> None:
        """Log, once per mailbox, that one of Graph's undocumented behaviours differs."""
        if what not in self._reported:
            self._reported.add(what)
            log.warning("%s: %s", self.account, text)

    async def _listing(self, session: _Session, query: ListQuery, link: str | None) -> Page:
        """One page of ``query``; where Graph refuses its ``$filter`` with its ``$orderby``,
        the same query without the ``$filter`` (the callers apply the floor themselves and
        stop paging at the first older row), now and on every later call."""
        if query.filter and not self._server_filter and link is None:
            query = replace(query, filter=None)
        try:
            return await self._page(session, query, link)
        except QueryShapeRefused:
            self._server_filter = False
            self._report(
                "filter",
                "Graph refused $filter=receivedDateTime with $orderby; the look-back is "
                "applied by otpmail alone, reading newest first down to it",
            )
            return await self._page(session, replace(query, filter=None), None)

    async def _content_page(self, session: _Session, query: ListQuery, link: str | None) -> Page:
        """A page with bodies and attachment metadata. Once this mailbox's answers have
        shown attachment content (Graph ignoring the nested ``$select``), a page refused as
        too large with attachments expanded is read again without them."""
        try:
            return await self._listing(session, query, link)
        except OtpmailError as exc:
            if (
                exc.code != "response_too_large"
                or not query.expand
                or link is not None
                or "attachment content" not in self._reported
            ):
                raise
        self._report(
            "too large",
            "a content page was too large with attachment content in it; it is read again "
            "without the attachment list, so those emails list no attachments",
        )
        return await self._listing(session, replace(query, expand=()), None)

    async def _call(self, operation: str, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work`` under the call's deadline (the caller's, else ``timeout``) and map
        every failure. The mapped error is raised outside the ``except`` block, so it
        carries no ``__context__`` pointing at an SDK exception (azure's keeps the client
        secret in ``response.request.body``)."""
        with default_deadline(self._timeout):
            left = remaining()
            seconds = self._timeout if left is None else max(0.0, left)
            failure: OtpmailError
            scope = asyncio.timeout(seconds)
            try:
                async with scope:
                    return await work()
            except TimeoutError:
                if scope.expired():
                    failure = OtpmailError(
                        "deadline_exceeded",
                        f"{PROVIDER} {operation} did not finish before the deadline",
                    )
                else:
                    failure = OtpmailError(
                        "network_error", f"{PROVIDER} {operation} failed: timed out"
                    )
            except Exception as exc:
                failure = to_error(operation, exc)
            raise failure

    async def _off_loop(self, work: Callable[[], T]) -> T:
        """Blocking decoding on the provider's threads, until the call's deadline."""
        return await run_off_loop(self._pool, work, f"{PROVIDER} message decoding")

    def _convert(self, rows: Sequence[Mapping[str, Any]]) -> list[Email]:
        """Graph rows with bodies as emails (the mailbox's own mail left out). Blocking."""
        emails = (email_from_graph(row, self.account, limits=self._limits) for row in rows)
        return [email for email in emails if email is not None]

    # -- reads ----------------------------------------------------------------------------

    async def search(self, criteria: Criteria) -> list[Email]:
        """Matching emails, newest first: one request, more pages only while fewer than
        ``limit`` matched and at most :data:`MAX_CONTENT_PAGES` pages."""

        async def work() -> list[Email]:
            session = self._session()
            query = list_query(criteria)
            candidates: list[Email] = []
            rows: dict[str, Mapping[str, Any]] = {}
            link: str | None = None
            ordered = True
            for _ in range(MAX_CONTENT_PAGES):
                page = await self._content_page(session, query, link)
                candidates.extend(page.emails)
                rows.update(page.items)
                link = page.next_link
                ordered = ordered and page.newest_first
                chosen = select(criteria, candidates, criteria.limit)
                # Rows come newest first, so a later page cannot hold a newer match.
                if (len(chosen) >= criteria.limit and ordered) or link is None:
                    break
                if _past(page, criteria.cutoff):
                    break
            else:
                log.debug("stopped after %d pages of %s", MAX_CONTENT_PAGES, self.account)
            # The matcher decided on bodiless candidates; convert the chosen bodies only.
            return await self._off_loop(
                functools.partial(self._convert, [rows[e.id] for e in chosen])
            )

        return await self._call("messages.list", work)

    async def count(self, criteria: Criteria) -> int:
        """Every matching message: walks all pages of 1,000 bodiless rows."""

        async def work() -> int:
            session = self._session()
            query = list_query(criteria)
            matched: list[Email] = []
            followed: set[str] = set()
            link: str | None = None
            while True:
                page = await self._listing(session, query, link)
                matched.extend(e for e in page.emails if matches(criteria, e))
                if page.next_link is None or _past(page, criteria.cutoff):
                    return len(select(criteria, matched))
                if page.next_link in followed:
                    raise OtpmailError(
                        "bad_response", f"{PROVIDER} messages.list failed: the nextLink repeats"
                    )
                followed.add(page.next_link)
                link = page.next_link

        return await self._call("messages.list", work)

    # -- waiting ------------------------------------------------------------------------

    async def _ids_since(self, session: _Session, floor: datetime) -> dict[str, datetime]:
        """Id and delivery time of every message received at or after ``floor``: the cheap
        idle poll (one request, two fields a row)."""
        while True:
            fields = self._watch_fields
            query = ListQuery(
                f"receivedDateTime ge {odata_datetime(floor)}",
                ORDER_NEWEST_FIRST,
                fields,
                WATCH_PAGE,
            )
            found: dict[str, datetime] = {}
            undated = 0
            link: str | None = None
            for _ in range(MAX_CONTENT_PAGES):
                page = await self._listing(session, query, link)
                undated += page.undated
                found.update((e.id, e.received_at) for e in page.emails if e.received_at >= floor)
                link = page.next_link
                if link is None or _past(page, floor):
                    break
            if not undated or fields != WATCH_FIELDS:
                return found
            # The id-only rows cannot be placed in time: poll with the fields of a count
            # read, which every content and count read shows Graph answering.
            self._watch_fields = COUNT_FIELDS
            self._report(
                "watch rows",
                "Graph's id-only rows carried no receivedDateTime; waiting polls with the "
                "fields of a count read instead",
            )

    async def cursor(self) -> object:
        """No server-side marker exists for a whole mailbox (delta queries are per folder):
        the cursor is a time floor plus the ids already there, so mail delivered before the
        marker is never admitted even when clocks differ by up to ``WATCH_SKEW``."""

        async def work() -> object:
            floor = datetime.now(UTC) - WATCH_SKEW
            return _WatchCursor(floor, await self._ids_since(self._session(), floor))

        return await self._call("messages.list", work)

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """New mail since ``cursor``: an id-only query bounded by ``receivedDateTime``
        while idle; one more request, with bodies, only when something new arrived."""
        if not isinstance(cursor, _WatchCursor):
            return [], await self.cursor()

        async def work() -> tuple[list[Email], object]:
            session = self._session()
            polled_at = datetime.now(UTC)
            current = await self._ids_since(session, cursor.floor)
            new = [i for i in current if i not in cursor.seen and i not in known]
            emails: list[Email] = []
            if new:
                query = ListQuery(
                    f"receivedDateTime ge {odata_datetime(cursor.floor)}",
                    ORDER_NEWEST_FIRST,
                    CONTENT_FIELDS,
                    min(COUNT_PAGE, len(current) + CONTENT_SLACK),
                    CONTENT_EXPAND,
                )
                page = await self._content_page(session, query, None)
                rows = [page.items[i] for i in new if i in page.items]
                emails = await self._off_loop(functools.partial(self._convert, rows))
            # Move the floor up, keeping a margin for mail that becomes visible late, and
            # remember only the ids that can still fall inside it.
            floor = max(cursor.floor, polled_at - WATCH_MARGIN)
            seen = {i: t for i, t in {**cursor.seen, **current}.items() if t >= floor}
            return emails, _WatchCursor(floor, seen)

        return await self._call("messages.list", work)

    async def owner_report(self) -> OwnerReport | None:
        """For an ``auth: user`` mailbox (else ``None``): where the grant is, the scopes
        Entra says it grants, and the account of its id token (one token request)."""
        from otpmail._signin._microsoft import OwnerCredential

        credential = self._credential.inner
        if not isinstance(credential, OwnerCredential):
            return None

        async def token() -> object:
            return await self._credential.get_token(SCOPE)

        await self._call("token request", token)
        return OwnerReport(credential.where, credential.granted_scopes, credential.account)

    async def aclose(self) -> None:
        """Close this loop's client; drop clients of other loops (they cannot be awaited
        from here); release the credential."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        with self._lock:
            sessions = dict(self._sessions)
            self._sessions.clear()
        mine = sessions.get(loop) if loop is not None else None
        if mine is not None:
            await mine.http.aclose()
        await self._credential.close()
        pool, self._pool = self._pool, WorkerPool(MAILBOX_CONCURRENCY, "otpmail-outlook")
        pool.shutdown(cancel_futures=True)
