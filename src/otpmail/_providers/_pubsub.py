"""One Cloud Pub/Sub pull subscription, read over REST: pull, then acknowledge at once.

The client is google-api-python-client's, built from the discovery document it ships
(``pubsub.v1``), on the same pinned httplib2 transport as Gmail; the egress table admits
exactly the ``pull`` and ``acknowledge`` calls on ``pubsub.googleapis.com``. A pull is a long
poll: the service holds it open until a message comes or its own time runs out, and the
socket timeout (:data:`PULL_WAIT`) bounds it here. Messages are acknowledged as soon as they
arrive: a notification is only a hint to read the mailbox's history, so a lost one costs a
little latency (the safety poll finds the mail) and a redelivered one nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# isort: off
from otpmail._providers import _httplib2  # noqa: F401  (before the SDKs: see there)

# isort: on
from googleapiclient import discovery
from googleapiclient.errors import HttpError

from otpmail._core._egress import PUBSUB_SUBSCRIPTION
from otpmail._core._errors import OtpmailError

log = logging.getLogger("otpmail.push")

API_ENDPOINT = "https://pubsub.googleapis.com/"
MAX_MESSAGES = 100
"""Messages asked for in one pull: Gmail sends at most one a second per mailbox."""
PULL_WAIT = 55.0
"""How long one pull may stay open waiting for a message (the socket timeout)."""


@dataclass(frozen=True)
class Pulled:
    """One message a pull brought (already acknowledged)."""

    message_id: str
    data: bytes


class PullSubscription:
    """Pulls one subscription. Synchronous, like the SDK: run it on a worker thread.

    ``http`` is an authorized ``PinnedHttp`` (or a test double at its socket seam) whose
    socket timeout bounds each pull.
    """

    def __init__(self, name: str, http: Any) -> None:
        if not PUBSUB_SUBSCRIPTION.fullmatch(name):
            raise OtpmailError(
                "config_invalid",
                "a Pub/Sub subscription is named projects/PROJECT/subscriptions/NAME",
            )
        self.name = name
        self._http = http
        service = discovery.build(
            "pubsub",
            "v1",
            http=http,
            client_options={"api_endpoint": API_ENDPOINT},
            static_discovery=True,
            cache_discovery=False,
        )
        self._subscriptions = service.projects().subscriptions()

    def __repr__(self) -> str:
        return f"PullSubscription({self.name!r})"

    def close(self) -> None:
        """Close the connection (from the thread that pulls)."""
        self._http.close()

    def pull(self) -> list[Pulled]:
        """What the subscription holds now, or what arrives before the pull's time runs
        out (then nothing). Each message is acknowledged before this returns."""
        request = self._subscriptions.pull(
            subscription=self.name, body={"maxMessages": MAX_MESSAGES}
        )
        try:
            answer = request.execute(num_retries=0)
        except TimeoutError:
            return []
        except HttpError as exc:
            raise pubsub_error("pull", exc) from None
        pulled, ack_ids = read_pull_answer(answer)
        if ack_ids:
            ack = self._subscriptions.acknowledge(subscription=self.name, body={"ackIds": ack_ids})
            try:
                ack.execute(num_retries=0)
            except HttpError as exc:
                # Unacknowledged, they come again after the ack deadline: harmless.
                log.info("Pub/Sub acknowledge failed (HTTP %s)", exc.resp.status)
        return pulled


def read_pull_answer(answer: object) -> tuple[list[Pulled], list[str]]:
    """The messages of a ``pull`` answer and the ack ids to acknowledge (every one that
    came, readable or not: an unreadable message would otherwise come back forever).

    >>> read_pull_answer({"receivedMessages": [
    ...     {"ackId": "a1", "message": {"messageId": "7", "data": "eyJ4IjoxfQ=="}}]})
    ([Pulled(message_id='7', data=b'{"x":1}')], ['a1'])
    """
    import base64
    import binascii

    received = answer.get("receivedMessages") if isinstance(answer, dict) else None
    pulled: list[Pulled] = []
    ack_ids: list[str] = []
    for item in received if isinstance(received, list) else []:
        if not isinstance(item, dict):
            continue
        ack_id = item.get("ackId")
        if isinstance(ack_id, str) and ack_id:
            ack_ids.append(ack_id)
        message = item.get("message")
        if not isinstance(message, dict):
            continue
        data = message.get("data")
        try:
            raw = base64.b64decode(data, validate=True) if isinstance(data, str) else b""
        except (binascii.Error, ValueError):
            continue
        pulled.append(Pulled(str(message.get("messageId") or ""), raw))
    return pulled, ack_ids


_PUBSUB_ERRORS: dict[int, tuple[str, str]] = {
    401: ("auth_failed", "the credentials were refused"),
    403: (
        "permission_denied",
        "the service account may not pull this subscription (grant it "
        "roles/pubsub.subscriber on the subscription)",
    ),
    404: (
        "request_failed",
        "the subscription does not exist (create it: see docs/pubsub.md)",
    ),
    429: ("rate_limited", "Pub/Sub asked to slow down"),
}


def pubsub_error(operation: str, exc: HttpError) -> OtpmailError:
    """An ``HttpError`` of a Pub/Sub call as an error envelope's error: the status and what
    it means, never the answer's body."""
    status = int(exc.resp.status)
    code, meaning = _PUBSUB_ERRORS.get(
        status,
        ("provider_unavailable", "the service failed for now")
        if status >= 500
        else ("request_failed", "the request was refused"),
    )
    return OtpmailError(code, f"Pub/Sub {operation} failed (HTTP {status}): {meaning}")


def authorized_pubsub_http(credentials: Any, http_factory: Callable[[], Any]) -> Any:
    """An ``Http`` for Pub/Sub calls: ``credentials`` (already scoped to Pub/Sub alone) on a
    pinned transport whose sockets wait up to :data:`PULL_WAIT` seconds."""
    import google_auth_httplib2

    http = http_factory()
    http.socket_timeout = PULL_WAIT
    return google_auth_httplib2.AuthorizedHttp(credentials, http=http, max_refresh_attempts=1)
