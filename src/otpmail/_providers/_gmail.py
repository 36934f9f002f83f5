"""Gmail through a Workspace service account with domain-wide delegation: the provider.

It lists ids with the narrowing query, fetches bodies (in batches, each body once while it
stays cached) and decides exactly; it waits through ``history.list``. Its transport is
:mod:`._gmail_http`, its credentials :mod:`._gmail_credentials`, its error mapping
:mod:`._gmail_errors`; how the SDK is pinned and how requests are timed and retried:
``docs/providers-internals.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any, TypeVar

# isort: off
# First, so that httplib2 is imported with HTTPLIB2_CA_CERTS hidden (see there): the SDKs
# below import it too.
from otpmail._providers import _httplib2  # noqa: F401

# isort: on
import google_auth_httplib2
from googleapiclient import discovery
from googleapiclient.errors import BatchError, HttpError

from otpmail._core._bounds import check_message_size
from otpmail._core._config import GmailMailbox
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._logs import quiet_sdk_loggers
from otpmail._core._match import select
from otpmail._core._retry import (
    DEFAULT_DEADLINE,
    DEFAULT_POLICY,
    RetryPolicy,
    default_deadline,
)
from otpmail._core._workers import WorkerPool, run_off_loop
from otpmail._decoding import TRUST_GMAIL, Email, parse_rfc822
from otpmail._providers._gmail_bodies import BodyCache
from otpmail._providers._gmail_credentials import (
    OwnerCredentials,
    ensure_token,
    pinned_credentials,
    pubsub_credentials,
)
from otpmail._providers._gmail_errors import HistoryExpired, MessageGone, to_error
from otpmail._providers._gmail_http import API_ENDPOINT, UNIVERSE, PinnedHttp, bounded_part
from otpmail._providers._gmail_ids import MARGIN_MS, OffsetWatch
from otpmail._providers._gmail_messages import (
    LATEST_PROBE,
    MAX_FETCH,
    OWN_LABELS,
    SearchPlan,
    added_ids,
    decode_raw,
    get_request,
    gmail_query,
    listed_ids,
)
from otpmail._providers._gmail_push import PushSchedule
from otpmail._providers._pubsub import PullSubscription, authorized_pubsub_http
from otpmail._signin._grant import OwnerReport

log = logging.getLogger("otpmail.gmail")

COUNT_PAGE = 500
# Bodies fetched in one batch request. Gmail takes up to 100 calls in a batch, and warns
# that larger batches are likely to trigger rate limiting and that more than 50 is not
# recommended; each part costs the quota of the call it holds
# (https://developers.google.com/gmail/api/guides/batch). Ten is the default `count` of a
# read, so a default read is one list and one batch, and 10 gets are 200 units: within the
# per-user burst of the older 250 units/user/s figure
# (https://developers.google.com/gmail/api/reference/quota), so a batch never asks for more
# at once than Gmail's per-user limit allows. A call fetches at most MAX_FETCH bodies: at
# most three batches, sent side by side.
BATCH_SIZE = 10
# Decoded messages kept per mailbox so no body is fetched twice; bodies are bounded by the
# decoder, so this stays a few megabytes at most.
BODY_CACHE = 512

T = TypeVar("T")
_UNREADABLE_BATCH = "Gmail batch failed: unreadable response"


class GmailProvider:
    """Reads one Workspace mailbox. Build once per mailbox and reuse: it keeps the token.

    ``retry`` is the retry policy of each request; ``deadline`` the seconds a call may take
    when its caller (the Reader) set no deadline.
    """

    def __init__(
        self,
        mailbox: GmailMailbox,
        *,
        http_factory: Callable[[], PinnedHttp] = PinnedHttp,
        max_concurrency: int = 5,
        retry: RetryPolicy = DEFAULT_POLICY,
        deadline: float = DEFAULT_DEADLINE,
        push_http_factory: Callable[[], PinnedHttp] | None = None,
    ) -> None:
        self.account = mailbox.address
        self._limits = mailbox.limits
        self._http_factory = http_factory
        self._credentials = pinned_credentials(mailbox, self._new_http)
        # Which mailbox this is, for the machine's one watcher of it (docs/fleets.md):
        # identities, never a secret.
        signer = getattr(self._credentials, "signer", None)
        self.mailbox_identity: tuple[object, ...] = (
            "gmail",
            mailbox.address,
            getattr(self._credentials, "service_account_email", None),
            getattr(signer, "key_id", None),
            mailbox.limits,
        )
        self.poll_schedule: PushSchedule | None = None
        """When the poll stream polls next, for a mailbox with ``push:`` (else ``None``)."""
        if mailbox.push is not None:
            self.poll_schedule = self._push_schedule(mailbox, push_http_factory or http_factory)
        self._max_concurrency = max(1, max_concurrency)
        self._executor = self._new_executor()
        self._retry = retry
        self._deadline = deadline
        self._idle_http: list[google_auth_httplib2.AuthorizedHttp] = []
        self._http_lock = threading.Lock()
        self._refresh_lock = threading.Lock()
        self._bodies = BodyCache(BODY_CACHE, BATCH_SIZE)
        # Learns from every fetched message whether this mailbox's ids and internalDates
        # keep one offset, which `latest` relies on to fetch the newest id alone.
        self._offsets = OffsetWatch()
        self._offsets_reported = False
        self._offsets_lock = threading.Lock()
        self._service = discovery.build(
            "gmail",
            "v1",
            http=self._authorized_http(),
            client_options={"api_endpoint": API_ENDPOINT, "universe_domain": UNIVERSE},
            static_discovery=True,
            cache_discovery=False,
        )
        # The client builds every method of a resource anew each time one is asked for
        # (~1 ms a resource): the reads' resource is built once. Building a request reads
        # it and changes nothing, like the service it comes from, which threads share too.
        self._messages = self._service.users().messages()
        quiet_sdk_loggers()

    def __repr__(self) -> str:
        return f"GmailProvider(account={self.account!r})"

    def _push_schedule(
        self, mailbox: GmailMailbox, http_factory: Callable[[], PinnedHttp]
    ) -> PushSchedule:
        """Push through the mailbox's Pub/Sub subscription, pulled with the service
        account's own token (not the delegated one) for the Pub/Sub scope alone."""
        assert mailbox.push is not None

        def pinned() -> PinnedHttp:
            http = http_factory()
            http.limits = self._limits
            return http

        credentials = pubsub_credentials(mailbox, pinned)
        subscription = mailbox.push.subscription
        return PushSchedule(
            mailbox.address,
            mailbox.push,
            lambda: PullSubscription(subscription, authorized_pubsub_http(credentials, pinned)),
            renew_watch=self.watch,
        )

    async def watch(self, topic: str) -> int:
        """Create or renew the push watch on the mailbox (``users.watch``, 100 quota units):
        Gmail then publishes a notification to ``topic`` for each change, for seven days.
        Returns when the watch ends (epoch milliseconds). Never stops a watch."""

        def make(service: Any) -> Any:
            return service.users().watch(userId="me", body={"topicName": topic})

        with default_deadline(self._deadline):
            answer = await self._call("watch", make)
        try:
            return int(answer["expiration"])
        except (KeyError, TypeError, ValueError):
            raise OtpmailError("bad_response", "Gmail watch failed: no expiration") from None

    # -- transport ----------------------------------------------------------------------

    def _new_http(self) -> PinnedHttp:
        http = self._http_factory()
        http.limits = self._limits
        return http

    def _authorized_http(self) -> google_auth_httplib2.AuthorizedHttp:
        # One refresh on a 401 (a token revoked since it was cached), then the 401
        # stands: a second refresh would not fix credentials that are rejected.
        return google_auth_httplib2.AuthorizedHttp(
            self._credentials, http=self._new_http(), max_refresh_attempts=1
        )

    @contextlib.contextmanager
    def _lent_http(self) -> Iterator[google_auth_httplib2.AuthorizedHttp]:
        """An ``Http`` for one request, used by nobody else meanwhile (httplib2's are not
        thread-safe), and its connections: the one used last, whichever worker thread
        runs the request, so a read's list and batch go out on the connection the
        previous read left open. A new one (a new TLS context and connection) only when
        every one is lent: at most one per request in flight."""
        idle = self._idle_http
        with self._http_lock:
            http = idle.pop() if idle else None
        if http is None:
            http = self._authorized_http()
        try:
            yield http
        finally:
            # Back to the pool it came from: after aclose, that pool is dropped.
            with self._http_lock:
                idle.append(http)

    def _ensure_token(self) -> None:
        """Refresh the shared token once before any API call fans out."""
        ensure_token(self._credentials, self._refresh_lock)

    async def _call(self, operation: str, make: Callable[[Any], Any] | None) -> Any:
        """One SDK request (``make(service)``; ``None`` for the token alone) under the
        retry policy and the call's deadline."""
        return await self._retry.run(
            f"Gmail {operation}", lambda attempt: self._attempt(operation, make)
        )

    async def _in_thread(self, work: Callable[[], T], what: str) -> T:
        """Run blocking work (an SDK request, decoding a message) on this provider's own
        threads, with the caller's context (its deadline), and stop waiting at the deadline
        (:func:`~otpmail._core._workers.run_off_loop`). Own threads, not the loop's default
        executor: they and their connections outlive an event loop, so a CLI call, a
        ``*_sync`` call or a new test loop does not pay for new threads, SSL contexts and
        connections each time."""
        return await run_off_loop(self._executor, work, what)

    async def _attempt(self, operation: str, make: Callable[[Any], Any] | None) -> Any:
        """Run one SDK request in a worker thread with that thread's Http; stop waiting for
        it at the deadline (its sockets give up by then too)."""

        def run() -> Any:
            try:
                self._ensure_token()
                if make is None:
                    return None
                with self._lent_http() as http:
                    result = make(self._service).execute(http=http, num_retries=0)
            except HttpError as exc:
                status = getattr(exc.resp, "status", 0)
                if operation == "history.list" and status == 404:
                    # An out-of-date startHistoryId answers 404 (the discovery document's
                    # description of startHistoryId).
                    raise HistoryExpired() from None
                if operation == "messages.get" and status == 404:
                    raise MessageGone() from None
                raise to_error(operation, exc) from None
            except BaseException as exc:  # mapped here so nothing secret crosses threads
                raise to_error("token request" if make is None else operation, exc) from None
            # googleapiclient hands back the body as text when it is not JSON (truncated,
            # or a proxy's HTML page): that is no answer, never "no messages".
            if not isinstance(result, dict):
                raise OtpmailError("bad_response", f"Gmail {operation} failed: unreadable response")
            return result

        return await self._in_thread(run, f"Gmail {'token request' if make is None else operation}")

    async def _attempt_batch(self, ids: list[str]) -> dict[str, Email | OtpmailError | None]:
        """One batch of ``messages.get`` and the decoding of its answers, in one worker
        task (one hop off the event loop, not two): for each id, its email, or why not —
        the ``HttpError`` of its part or the ``OtpmailError`` its part answer was refused
        with (:meth:`_outcomes`). A failure of the batch as a whole raises."""

        def run() -> dict[str, Email | OtpmailError | None]:
            answers: dict[str, object] = {}

            def record(request_id: str, response: object, exception: object) -> None:
                answers[request_id] = exception if exception is not None else response

            try:
                self._ensure_token()
                batch = self._service.new_batch_http_request()
                for message_id in ids:
                    request = get_request(self._service, message_id, self._messages)
                    request.postproc = bounded_part(request.postproc, self._limits)
                    batch.add(request, callback=record, request_id=message_id)
                with self._lent_http() as http:
                    batch.execute(http=http)
            except BatchError:
                # Not multipart, or a part the client cannot pair with a request.
                raise OtpmailError("bad_response", _UNREADABLE_BATCH) from None
            except HttpError as exc:
                raise to_error("batch", exc) from None
            except (IndexError, KeyError, TypeError, ValueError, UnicodeError):
                # googleapiclient's parse of a broken multipart answer (a part without
                # its status line, headers or Content-ID; a part missing; not UTF-8).
                raise OtpmailError("bad_response", _UNREADABLE_BATCH) from None
            except BaseException as exc:  # mapped here so nothing secret crosses threads
                raise to_error("batch", exc) from None
            return self._outcomes(ids, answers)

        return await self._in_thread(run, "Gmail batch")

    # -- reads --------------------------------------------------------------------------

    async def _list_page(
        self, query: str, size: int, token: str | None, ids_only: bool
    ) -> dict[str, Any]:
        def make(service: Any) -> Any:
            params: dict[str, Any] = {
                "userId": "me",
                "q": query,
                "maxResults": size,
                "includeSpamTrash": True,
            }
            if token:
                params["pageToken"] = token
            if ids_only:
                params["fields"] = "messages/id,nextPageToken"
            return self._messages.list(**params)

        page = await self._call("messages.list", make)
        return page if isinstance(page, dict) else {}

    # -- bodies -------------------------------------------------------------------------

    async def _fetch_all(self, ids: list[str]) -> tuple[list[Email], list[OtpmailError], int]:
        """Fetch ``ids``: the emails, the failures, and how many were gone (deleted between
        list and get: skipped, never a failure). One id is one ``messages.get``; more go in
        batches (:meth:`_fetch_bodies`)."""
        outcomes = await self._bodies.outcomes(ids, self._fetch_bodies)
        emails: list[Email] = []
        errors: list[OtpmailError] = []
        gone = 0
        for message_id in dict.fromkeys(ids):
            outcome = outcomes.get(message_id)
            if isinstance(outcome, MessageGone):
                log.info("skipped message %s: deleted since it was listed", message_id)
                gone += 1
            elif isinstance(outcome, OtpmailError):
                log.warning("skipped message %s: %s", message_id, outcome.message)
                errors.append(outcome)
            elif isinstance(outcome, Email):
                emails.append(outcome)
        return emails, errors, gone

    async def _fetch_bodies(self, ids: list[str]) -> dict[str, Email | OtpmailError | None]:
        """Fetch ``ids`` (at most :data:`BATCH_SIZE`): one ``messages.get`` for one id, a
        batch for more. What failed for now (throttling, a server error, the network;
        :data:`~otpmail._core._retry.RETRY_NOW`), whether one part or the whole batch, is
        retried under the retry policy, the parts still owed and nothing else, while the
        deadline allows; everything else stands at once. A batch answer too large to parse
        as one (large messages) is refused unparsed, and its messages are fetched one by
        one, each under its own bound."""
        results: dict[str, Email | OtpmailError | None] = {}
        pending = list(ids)
        attempt = 1
        alone = False
        while pending:
            decoded: dict[str, Email | OtpmailError | None]
            # Decoded off the event loop: a message slow to decode must not stop the other
            # callers on the loop, or this call's deadline.
            if alone or len(pending) == 1:
                answers = await self._attempt_each(pending)
                decoded = await self._in_thread(
                    functools.partial(self._outcomes, pending, answers), "Gmail message decoding"
                )
            else:
                try:
                    decoded = await self._attempt_batch(pending)
                except OtpmailError as exc:
                    if exc.code == "response_too_large":
                        log.info(
                            "%s; fetching its %d messages one by one", exc.message, len(pending)
                        )
                        alone = True
                        continue
                    decoded = dict.fromkeys(pending, exc)
            again: list[str] = []
            wait = 0.0
            for message_id in pending:
                outcome = decoded[message_id]
                delay = (
                    self._retry.delay(outcome, attempt)
                    if isinstance(outcome, OtpmailError) and not isinstance(outcome, MessageGone)
                    else None
                )
                if delay is None:
                    results[message_id] = outcome
                else:
                    again.append(message_id)
                    wait = max(wait, delay)
            if again:
                log.info(
                    "Gmail messages.get failed for %d of %d; attempt %d in %.2fs",
                    len(again),
                    len(pending),
                    attempt + 1,
                    wait,
                )
                await asyncio.sleep(wait)
            pending = again
            attempt += 1
        return results

    async def _attempt_each(self, ids: list[str]) -> dict[str, object]:
        """One ``messages.get`` per id, side by side (at most ``max_concurrency``): each
        one's answer, or the error it ended in."""
        gate = asyncio.Semaphore(self._max_concurrency)

        async def one(message_id: str) -> object:
            async with gate:
                try:
                    return await self._attempt(
                        "messages.get",
                        functools.partial(
                            get_request, message_id=message_id, messages=self._messages
                        ),
                    )
                except OtpmailError as exc:
                    return exc

        return dict(zip(ids, await asyncio.gather(*(one(i) for i in ids)), strict=True))

    def _outcomes(
        self, ids: list[str], answers: dict[str, object]
    ) -> dict[str, Email | OtpmailError | None]:
        """Each id's answer as an email or as why not. Blocking (it decodes): run it with
        :meth:`_in_thread`."""
        return {
            message_id: self._part_outcome(message_id, answers.get(message_id))
            for message_id in ids
        }

    def _part_outcome(self, message_id: str, answer: object) -> Email | OtpmailError | None:
        """One message's answer, alone or a batch part, as an email or as why not."""
        if isinstance(answer, OtpmailError):
            return answer
        if isinstance(answer, HttpError):
            if getattr(answer.resp, "status", 0) == 404:
                return MessageGone()
            return to_error("messages.get", answer)
        if not isinstance(answer, dict):
            return OtpmailError("bad_response", "Gmail messages.get failed: unreadable response")
        try:
            return self._email(answer, message_id)
        except OtpmailError as exc:
            return exc

    def _email(self, data: dict[str, Any], message_id: str) -> Email | None:
        """The decoded message of a ``format=raw`` resource; ``None`` for mail the mailbox
        wrote itself."""
        if OWN_LABELS & set(data.get("labelIds") or ()):
            return None
        try:
            internal_ms = int(data["internalDate"])
            received = datetime.fromtimestamp(internal_ms / 1000, tz=UTC)
            blob = decode_raw(data.pop("raw", None))
        except (ValueError, KeyError, TypeError, OverflowError, OSError):
            raise OtpmailError(
                "bad_response", "Gmail messages.get failed: unreadable message"
            ) from None
        self._note_offset(str(data.get("id") or message_id), internal_ms)
        # The answer was allowed room for base64 and JSON; the message itself is held to
        # the bound exactly.
        check_message_size(len(blob), self._limits, "Gmail users.messages.get")
        return parse_rfc822(
            blob,
            id=str(data.get("id") or message_id),
            account=self.account,
            received_at=received,
            limits=self._limits,
            # format=raw carries every header: Gmail's own report is the topmost one by
            # mx.google.com (SECURITY.md, "Is it really from them?").
            trust=TRUST_GMAIL,
        )

    def _note_offset(self, message_id: str, internal_ms: int) -> None:
        # Messages are decoded on worker threads, several calls' at once.
        with self._offsets_lock:
            self._offsets.observe(message_id, internal_ms)
            if self._offsets.agrees or self._offsets_reported:
                return
            self._offsets_reported = True
            log.warning(
                "the offsets between message ids and internalDate in %s spread over %d ms "
                "(more than %d ms): latest no longer orders by id here and fetches the first "
                "%d listed instead",
                self.account,
                self._offsets.spread_ms,
                MARGIN_MS,
                LATEST_PROBE,
            )

    async def search(self, criteria: Criteria) -> list[Email]:
        """List ids with the narrowing query, fetch bodies in a batch, decide exactly."""
        with default_deadline(self._deadline):
            return await self._search(criteria)

    async def _search(self, criteria: Criteria) -> list[Email]:
        await self._call("token request", None)
        query = gmail_query(criteria)
        plan = SearchPlan(
            criteria.limit, latest=criteria.latest, ids_tell_time=self._offsets.agrees
        )
        fetched: list[Email] = []
        errors: list[OtpmailError] = []
        gone = 0
        while plan.attempted < MAX_FETCH:
            if not plan.pending:
                if plan.attempted and plan.token is None:
                    break
                page = await self._list_page(query, plan.page_size, plan.token, ids_only=True)
                if not plan.listed(page):
                    break
            wave = plan.wave()
            emails, failures, deleted = await self._fetch_all(wave)
            fetched.extend(emails)
            errors.extend(failures)
            gone += deleted
            found = select(criteria, fetched)
            if plan.by_id and found:
                if not plan.goes_on_after_newest(found, wave):
                    break
                continue
            if len(found) >= criteria.limit or (not plan.pending and plan.token is None):
                break
        # Deleted messages were never matches; only a failure of every other one fails.
        if errors and len(errors) == plan.attempted - gone:
            codes = {e.code for e in errors}
            code = codes.pop() if len(codes) == 1 else "fetch_failed"
            raise OtpmailError(
                code,
                f"all {len(errors)} matched messages failed to fetch ({errors[0].message})",
                retry_after=errors[0].retry_after,
            )
        return select(criteria, fetched, criteria.limit)

    async def count(self, criteria: Criteria) -> int:
        """Walk every page of ids (5 quota units a page, no message fetch); each page is
        retried on its own, within the one deadline of the call. With
        ``criteria.authenticated`` every listed message is fetched as well (5 units each):
        the receiving server's verdict is in its headers."""
        with default_deadline(self._deadline):
            return await self._count(criteria)

    async def _count(self, criteria: Criteria) -> int:
        query = gmail_query(criteria)
        ids: set[str] = set()
        token: str | None = None
        while True:
            page = await self._list_page(query, COUNT_PAGE, token, ids_only=True)
            ids.update(listed_ids(page))
            token = page.get("nextPageToken")
            if not token:
                break
        if not criteria.authenticated:
            return len(ids)
        # The verdict is in each message's headers: an authenticated count fetches every
        # candidate (5 quota units each) and counts by the exact rules.
        emails, errors, gone = await self._fetch_all(sorted(ids))
        if errors and len(errors) == len(ids) - gone:
            raise OtpmailError(
                errors[0].code,
                f"all {len(errors)} matched messages failed to fetch ({errors[0].message})",
                retry_after=errors[0].retry_after,
            )
        return len(select(criteria, emails))

    # -- waiting ------------------------------------------------------------------------

    async def cursor(self) -> object:
        """The mailbox's current ``historyId`` (``getProfile``, 1 quota unit)."""
        with default_deadline(self._deadline):
            return await self._history_id()

    async def owner_report(self) -> OwnerReport | None:
        """For an ``auth: user`` mailbox (else ``None``): where the grant is, the scopes
        Google says it grants, and the address ``getProfile`` names (the token, then 1
        quota unit)."""
        credentials = self._credentials
        if not isinstance(credentials, OwnerCredentials):
            return None
        await self._call("token request", None)
        profile = await self._call(
            "getProfile",
            lambda service: service.users().getProfile(userId="me", fields="emailAddress"),
        )
        account = profile.get("emailAddress") if isinstance(profile, dict) else None
        return OwnerReport(
            credentials.owner_where,
            tuple(credentials.granted_scopes or ()),
            str(account or "").lower(),
        )

    async def _history_id(self) -> int:
        profile = await self._call(
            "getProfile",
            lambda service: service.users().getProfile(userId="me", fields="historyId"),
        )
        try:
            return int(profile["historyId"])
        except (KeyError, TypeError, ValueError):
            raise OtpmailError("bad_response", "Gmail getProfile failed: no historyId") from None

    async def _added_since(self, start: int) -> tuple[list[str], int]:
        """Ids added after ``start`` (``history.list``, 2 quota units a page), skipping mail
        the mailbox wrote itself, and the history id to continue from."""
        ids: list[str] = []
        token: str | None = None
        latest = start
        while True:

            def make(service: Any, token: str | None = token) -> Any:
                params: dict[str, Any] = {
                    "userId": "me",
                    "startHistoryId": str(start),
                    "historyTypes": "messageAdded",
                    "maxResults": 500,
                    "fields": "history(messagesAdded(message(id,labelIds))),historyId,nextPageToken",
                }
                if token:
                    params["pageToken"] = token
                return service.users().history().list(**params)

            page = await self._call("history.list", make)
            added_ids(page, ids)
            with contextlib.suppress(TypeError, ValueError):
                latest = max(latest, int(page.get("historyId") or latest))
            token = page.get("nextPageToken")
            if not token:
                return ids, latest

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """New mail since ``cursor`` (a history id). While idle this costs one
        ``history.list`` (2 units); each new message is fetched once (20 units). When the
        history id has expired, one search by time (``after:``) replaces it."""
        if not isinstance(cursor, int):
            return [], await self.cursor()
        with default_deadline(self._deadline):
            return await self._changes(cursor, since, known)

    async def _changes(
        self, cursor: int, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        try:
            ids, latest = await self._added_since(cursor)
        except HistoryExpired:
            log.info("history id %s expired; searching by time instead", cursor)
            latest = await self._history_id()
            page = await self._list_page(
                f"after:{int(since.timestamp())} in:anywhere", COUNT_PAGE, None, ids_only=True
            )
            ids = listed_ids(page)
        wanted = [i for i in ids if i not in known]
        emails, _, _ = await self._fetch_all(wanted)
        return emails, latest

    async def aclose(self) -> None:
        """Stop the provider's threads and drop its idle ``Http`` objects and their
        connections (httplib2 closes sockets on collection). A later call starts new ones."""
        executor, self._executor = self._executor, self._new_executor()
        executor.shutdown(wait=False, cancel_futures=True)
        if self.poll_schedule is not None:
            self.poll_schedule.close()
        with self._http_lock:
            self._idle_http = []

    def _new_executor(self) -> WorkerPool:
        # One thread per concurrent fetch, plus one for a caller's list or token request.
        # Daemon threads: one still decoding at the deadline does not hold the process.
        return WorkerPool(self._max_concurrency + 1, "otpmail-gmail")
