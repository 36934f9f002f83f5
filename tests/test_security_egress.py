"""The egress corpus: every Gmail method Google publishes and every Graph mail write, in
every spelling, is refused by the one egress check unless it is one of the reads otpmail
uses; and the real SDK clients, asked for a write, send nothing.

The Gmail corpus is not written by hand: it is every method of the discovery document the
installed google-api-python-client carries (``discovery_cache/documents/gmail.v1.json``),
with its media-upload routes. A hand-written list only defends against the endpoints and
spellings someone thought of.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import re
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import googleapiclient
import httplib2
import pytest
from googleapiclient.http import MediaInMemoryUpload

from conftest import write_key
from fakes.graph import FakeGraph
from gmail_cassettes import quick_key
from otpmail._core._config import GmailMailbox, OutlookMailbox, SecretRef
from otpmail._core._criteria import build_criteria
from otpmail._core._egress import ROUTES, EgressRefused, check
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._gmail_http import PinnedHttp

DISCOVERY = Path(googleapiclient.__file__).parent / "discovery_cache/documents/gmail.v1.json"
DOC: dict[str, Any] = json.loads(DISCOVERY.read_text(encoding="utf-8"))

GMAIL_USED = {"users.messages.list", "users.messages.get", "users.history.list", "users.getProfile"}
# users.watch (push, docs/pubsub.md): a POST that asks Gmail to publish notifications and
# changes no mail; users.stop stays refused.
GMAIL_PUSH = {"users.watch"}
MESSAGE_ID = "18c1f2a3b4c5d6e7"
# Path parameters of the discovery document, with realistic values (ids in Gmail's hex
# form, so that they match otpmail's own id pattern and only the route decides).
PARAMS = {"userId": "me", "id": MESSAGE_ID, "messageId": MESSAGE_ID, "keyPairId": "kp-7f3a9c"}
OTHER_PARAM = "alias@example.com"  # sendAsEmail, forwardingEmail, delegateEmail, ...

TENANT = "11111111-2222-4333-8444-555555555555"
MAILBOX = "qa@contoso.com"
USER = "users/qa%40contoso.com"  # as kiota writes it
GRAPH_ID = "AAMkAGI2THVSAAA%3D"
GRAPH = "https://graph.microsoft.com/v1.0"


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    url: str
    used: bool = False
    """A read otpmail makes (a GET)."""
    push: bool = False
    """A push call otpmail makes (Gmail's users.watch, a POST that changes no mail)."""


def _expand(path: str) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1).lstrip("+")
        return quote(PARAMS.get(name, OTHER_PARAM), safe="")

    return re.sub(r"\{([^}]+)\}", value, path)


def _gmail_methods(resource: dict[str, Any], prefix: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for name, method in resource.get("methods", {}).items():
        yield f"{prefix}{name}", method
    for name, child in resource.get("resources", {}).items():
        yield from _gmail_methods(child, f"{prefix}{name}.")


def gmail_corpus() -> list[Endpoint]:
    """Every method of the discovery document, in its HTTP method, plus each upload route."""
    base = DOC["rootUrl"] + DOC["servicePath"]
    endpoints = []
    for name, method in _gmail_methods(DOC, ""):
        path = _expand(method.get("flatPath") or method["path"])
        verb = method["httpMethod"]
        endpoints.append(
            Endpoint(
                name,
                verb,
                base + path,
                used=name in GMAIL_USED and verb == "GET",
                push=name in GMAIL_PUSH and verb == "POST",
            )
        )
        for protocol, spec in method.get("mediaUpload", {}).get("protocols", {}).items():
            url = DOC["rootUrl"] + _expand(spec["path"]).lstrip("/")
            endpoints.append(Endpoint(f"{name} ({protocol} upload)", verb, url))
    endpoints.append(Endpoint("batch", "POST", DOC["rootUrl"] + DOC["batchPath"]))
    return endpoints


GMAIL_CORPUS = gmail_corpus()

GRAPH_CORPUS = [
    Endpoint("messages.list", "GET", f"{GRAPH}/{USER}/messages", used=True),
    Endpoint("sendMail", "POST", f"{GRAPH}/{USER}/sendMail"),
    Endpoint("messages.create (a draft, on the list path)", "POST", f"{GRAPH}/{USER}/messages"),
    Endpoint("messages PUT", "PUT", f"{GRAPH}/{USER}/messages"),
    Endpoint("messages PATCH", "PATCH", f"{GRAPH}/{USER}/messages"),
    Endpoint("messages DELETE", "DELETE", f"{GRAPH}/{USER}/messages"),
    Endpoint(
        "message.get (a read otpmail does not use)", "GET", f"{GRAPH}/{USER}/messages/{GRAPH_ID}"
    ),
    Endpoint("message.update", "PATCH", f"{GRAPH}/{USER}/messages/{GRAPH_ID}"),
    Endpoint("message.delete", "DELETE", f"{GRAPH}/{USER}/messages/{GRAPH_ID}"),
    Endpoint("message.$value", "GET", f"{GRAPH}/{USER}/messages/{GRAPH_ID}/$value"),
    Endpoint("messages.delta", "GET", f"{GRAPH}/{USER}/messages/delta"),
    *(
        Endpoint(f"message.{action}", "POST", f"{GRAPH}/{USER}/messages/{GRAPH_ID}/{action}")
        for action in (
            "send",
            "reply",
            "replyAll",
            "forward",
            "createReply",
            "createReplyAll",
            "createForward",
            "move",
            "copy",
            "permanentDelete",
        )
    ),
    Endpoint("attachments.list", "GET", f"{GRAPH}/{USER}/messages/{GRAPH_ID}/attachments"),
    Endpoint("attachments.add", "POST", f"{GRAPH}/{USER}/messages/{GRAPH_ID}/attachments"),
    Endpoint(
        "attachment.delete", "DELETE", f"{GRAPH}/{USER}/messages/{GRAPH_ID}/attachments/AAMkQQ%3D"
    ),
    Endpoint(
        "attachments.createUploadSession",
        "POST",
        f"{GRAPH}/{USER}/messages/{GRAPH_ID}/attachments/createUploadSession",
    ),
    Endpoint(
        "upload session (Outlook's own host)",
        "PUT",
        "https://outlook.office.com/api/v2.0/Users('qa@contoso.com')/Messages('AAMk')"
        "/AttachmentSessions('AAMk')?authtoken=eyJ0",
    ),
    Endpoint("mailFolders.create", "POST", f"{GRAPH}/{USER}/mailFolders"),
    Endpoint("mailFolder.update", "PATCH", f"{GRAPH}/{USER}/mailFolders/inbox"),
    Endpoint("mailFolder.delete", "DELETE", f"{GRAPH}/{USER}/mailFolders/inbox"),
    Endpoint("mailFolder.move", "POST", f"{GRAPH}/{USER}/mailFolders/inbox/move"),
    Endpoint("mailFolder.copy", "POST", f"{GRAPH}/{USER}/mailFolders/inbox/copy"),
    Endpoint(
        "mailFolder.childFolders.create", "POST", f"{GRAPH}/{USER}/mailFolders/inbox/childFolders"
    ),
    Endpoint("mailFolder.messages.create", "POST", f"{GRAPH}/{USER}/mailFolders/inbox/messages"),
    Endpoint("mailFolder.messages.list", "GET", f"{GRAPH}/{USER}/mailFolders/inbox/messages"),
    Endpoint("messageRules.create", "POST", f"{GRAPH}/{USER}/mailFolders/inbox/messageRules"),
    Endpoint("mailboxSettings.update", "PATCH", f"{GRAPH}/{USER}/mailboxSettings"),
    Endpoint("me.sendMail", "POST", f"{GRAPH}/me/sendMail"),
    # The list of a mailbox read with its owner's grant (issue 27: reads go to /me).
    Endpoint("me.messages", "GET", f"{GRAPH}/me/messages", used=True),
    Endpoint("me.message.delete", "DELETE", f"{GRAPH}/me/messages/{GRAPH_ID}"),
    Endpoint("$batch", "POST", f"{GRAPH}/$batch"),
    Endpoint("beta messages", "GET", f"https://graph.microsoft.com/beta/{USER}/messages"),
    Endpoint("subscriptions.create (webhook)", "POST", f"{GRAPH}/subscriptions"),
]

TOKEN_CORPUS = [
    Endpoint("Google token", "POST", "https://oauth2.googleapis.com/token", used=True),
    Endpoint(
        "Entra token",
        "POST",
        f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token",
        used=True,
    ),
    Endpoint("Google token GET", "GET", "https://oauth2.googleapis.com/token"),
    Endpoint("Google revoke", "POST", "https://oauth2.googleapis.com/revoke"),
    Endpoint("Google tokeninfo", "GET", "https://oauth2.googleapis.com/tokeninfo"),
    Endpoint("Google legacy token", "POST", "https://www.googleapis.com/oauth2/v4/token"),
    Endpoint("Google accounts token", "POST", "https://accounts.google.com/o/oauth2/token"),
    Endpoint(
        "IAM trust-boundary lookup",
        "GET",
        "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/"
        "reader%40otpmail-tests.iam.gserviceaccount.com/allowedLocations",
    ),
    Endpoint(
        "Entra token GET", "GET", f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token"
    ),
    # An owner's sign-in (issue 27): MSAL's authority metadata, the device-code request and
    # the token endpoint of the personal / any-work-account tenants are used; the consent
    # pages are the user's browser's alone.
    Endpoint(
        "Entra common token",
        "POST",
        "https://login.microsoftonline.com/common/oauth2/v2.0/token",
        used=True,
    ),
    Endpoint(
        "Entra consumers token",
        "POST",
        "https://login.microsoftonline.com/consumers/oauth2/v2.0/token",
        used=True,
    ),
    Endpoint(
        "Entra device code",
        "POST",
        f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/devicecode",
        used=True,
    ),
    Endpoint("Entra v1 token", "POST", f"https://login.microsoftonline.com/{TENANT}/oauth2/token"),
    Endpoint(
        "Entra discovery",
        "GET",
        f"https://login.microsoftonline.com/{TENANT}/v2.0/.well-known/openid-configuration",
        used=True,
    ),
    Endpoint(
        "Entra instance discovery",
        "GET",
        "https://login.microsoftonline.com/common/discovery/instance",
    ),
    Endpoint(
        "Entra authorize page",
        "GET",
        "https://login.microsoftonline.com/consumers/oauth2/v2.0/authorize",
    ),
    Endpoint("Google consent page", "GET", "https://accounts.google.com/o/oauth2/auth"),
    Endpoint("Google userinfo", "GET", "https://openidconnect.googleapis.com/v1/userinfo"),
    Endpoint("Graph profile", "GET", "https://graph.microsoft.com/v1.0/me"),
]


# ---------------------------------------------------------------------------------------
# Spellings: each rewrites a URL; "benign" ones leave the request what it was.


def _with_host(url: str, host: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=host))


def _host(url: str) -> str:
    return urlsplit(url).netloc


def _with_path(url: str, change: Callable[[str], str]) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=change(parts.path)))


def _last(path: str, change: Callable[[str, str], str]) -> str:
    head, _, tail = path.rpartition("/")
    return change(head, tail)


IP = ipaddress.IPv4Address("142.250.74.10")

SPELLINGS: dict[str, tuple[Callable[[str], str], bool]] = {
    "as sent": (lambda u: u, True),
    "with a query string": (
        lambda u: u + ("&" if "?" in u else "?") + "alt=json&prettyPrint=false",
        True,
    ),
    "upper-case host": (lambda u: _with_host(u, _host(u).upper()), True),
    "explicit port 443": (lambda u: _with_host(u, _host(u) + ":443"), True),
    "upper-case scheme": (lambda u: "HTTPS" + u[5:], True),
    "double slash": (lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}//{t}")), False),
    "trailing slash": (lambda u: _with_path(u, lambda p: p + "/"), False),
    "leading double slash": (lambda u: _with_path(u, lambda p: "/" + p), False),
    "percent-encoded last segment": (
        lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}/%{ord(t[0]):02X}{t[1:]}")),
        False,
    ),
    "percent-encoded slash": (
        lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}%2F{t}")),
        False,
    ),
    "lower-case encoded slash": (
        lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}%2f{t}")),
        False,
    ),
    "backslash": (lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}\\{t}")), False),
    "dot segment": (lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}/./{t}")), False),
    "dot-dot segment": (
        lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}/x/../{t}")),
        False,
    ),
    "encoded dot-dot": (
        lambda u: _with_path(u, lambda p: _last(p, lambda h, t: f"{h}/%2e%2e/{t}")),
        False,
    ),
    "path parameter": (lambda u: _with_path(u, lambda p: p + ";v=1"), False),
    "upload prefix": (lambda u: _with_path(u, lambda p: "/upload" + p), False),
    "resumable upload prefix": (lambda u: _with_path(u, lambda p: "/resumable/upload" + p), False),
    "tab in the path": (lambda u: _with_path(u, lambda p: p[:-1] + "\t" + p[-1]), False),
    "newline in the path": (lambda u: _with_path(u, lambda p: p[:-1] + "\n" + p[-1]), False),
    "leading space": (lambda u: " " + u, False),
    "fragment": (lambda u: u + "#frag", False),
    "trailing-dot FQDN": (lambda u: _with_host(u, _host(u) + "."), False),
    "trailing-dot FQDN, upper case": (lambda u: _with_host(u, _host(u).upper() + "."), False),
    "look-alike suffix": (lambda u: _with_host(u, _host(u) + ".evil.example"), False),
    "look-alike prefix": (lambda u: _with_host(u, "evil-" + _host(u)), False),
    "look-alike hyphen": (lambda u: _with_host(u, _host(u).replace(".", "-", 1)), False),
    "homoglyph host": (lambda u: _with_host(u, _host(u).replace("o", "\u043e", 1)), False),
    "fullwidth dot": (lambda u: _with_host(u, _host(u).replace(".", "\uff0e", 1)), False),
    "punycode host": (lambda u: _with_host(u, "xn--" + _host(u)), False),
    "subdomain": (lambda u: _with_host(u, "www." + _host(u)), False),
    "mTLS sibling": (lambda u: _with_host(u, _host(u).replace(".", ".mtls.", 1)), False),
    "IPv4 literal": (lambda u: _with_host(u, str(IP)), False),
    "IPv6 literal": (lambda u: _with_host(u, "[2a00:1450:4001:82b::200a]"), False),
    "IPv4-mapped IPv6": (lambda u: _with_host(u, f"[::ffff:{IP}]"), False),
    "decimal IPv4": (lambda u: _with_host(u, str(int(IP))), False),
    "hex IPv4": (lambda u: _with_host(u, hex(int(IP))), False),
    "octal IPv4": (
        lambda u: _with_host(u, ".".join(f"0{int(b):o}" for b in str(IP).split("."))),
        False,
    ),
    "localhost": (lambda u: _with_host(u, "localhost"), False),
    "userinfo": (lambda u: _with_host(u, "user:secret@" + _host(u)), False),
    "empty userinfo": (lambda u: _with_host(u, "@" + _host(u)), False),
    "official host as userinfo": (lambda u: _with_host(u, _host(u) + "@evil.example"), False),
    "official host:443 as userinfo": (
        lambda u: _with_host(u, _host(u) + ":443@evil.example"),
        False,
    ),
    "port 80": (lambda u: _with_host(u, _host(u) + ":80"), False),
    "port 8443": (lambda u: _with_host(u, _host(u) + ":8443"), False),
    "port 0443": (lambda u: _with_host(u, _host(u) + ":0443"), False),
    "empty port": (lambda u: _with_host(u, _host(u) + ":"), False),
    "plain http": (lambda u: "http" + u[5:], False),
    "no scheme": (lambda u: u[len("https:") :], False),
    "websocket scheme": (lambda u: "wss" + u[5:], False),
}


def verdict(endpoint: Endpoint, url: str) -> str | None:
    """``None`` if the check refuses ``endpoint`` (neither used nor a push call, or
    respelled); else what went wrong."""
    try:
        route = check(endpoint.method, url)
    except EgressRefused as refused:
        if refused.code != "egress_refused" or not str(refused).startswith("API_ERROR: "):
            return f"{endpoint.method} {url!r}: refused oddly ({refused})"
        return None
    return f"{endpoint.method} {url!r} passed as {route.purpose!r}"


def check_corpus(corpus: list[Endpoint], spelling: str) -> list[str]:
    respell, benign = SPELLINGS[spelling]
    wrong = []
    for endpoint in corpus:
        url = respell(endpoint.url)
        if (endpoint.used or endpoint.push) and benign:
            try:
                check(endpoint.method, url)
            except EgressRefused as refused:
                wrong.append(
                    f"{endpoint.name}: the read {endpoint.method} {url!r} was refused: {refused}"
                )
        else:
            problem = verdict(endpoint, url)
            if problem:
                wrong.append(f"{endpoint.name}: {problem}")
    return wrong


def test_the_gmail_corpus_is_the_whole_published_surface() -> None:
    names = {e.name for e in GMAIL_CORPUS}

    assert len([e for e in GMAIL_CORPUS if "upload" not in e.name]) >= 80  # 79 methods + batch
    assert {"users.messages.send", "users.messages.insert", "users.messages.import"} <= names
    assert {"users.messages.delete", "users.settings.forwardingAddresses.create"} <= names
    assert "users.messages.send (simple upload)" in names
    assert "users.messages.send (resumable upload)" in names
    assert {e.name for e in GMAIL_CORPUS if e.used} == GMAIL_USED
    assert {e.name for e in GMAIL_CORPUS if e.push} == GMAIL_PUSH


def test_every_gmail_method_but_the_four_reads_and_watch_is_refused() -> None:
    wrong = check_corpus(GMAIL_CORPUS, "as sent")

    assert wrong == []
    # The reads share their paths with writes: insert is a POST on the list path, delete a
    # DELETE on the get path. The method decides.
    refused = {e.name for e in GMAIL_CORPUS if not (e.used or e.push)}
    assert {"users.messages.insert", "users.messages.delete", "users.stop"} <= refused


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_no_spelling_lets_a_gmail_method_through(spelling: str) -> None:
    assert check_corpus(GMAIL_CORPUS, spelling) == []


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_no_spelling_lets_a_graph_mail_write_through(spelling: str) -> None:
    assert check_corpus(GRAPH_CORPUS, spelling) == []


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_no_spelling_moves_a_token_request(spelling: str) -> None:
    assert check_corpus(TOKEN_CORPUS, spelling) == []


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"])
def test_the_reads_pass_as_get_only(method: str) -> None:
    for endpoint in [e for e in GMAIL_CORPUS + GRAPH_CORPUS if e.used]:
        with pytest.raises(EgressRefused):
            check(method, endpoint.url)


def test_a_graph_next_link_spelling_of_the_list_passes_and_another_mailbox_does_not() -> None:
    assert check("GET", f"{GRAPH}/users/qa@contoso.com/messages?%24skip=25").purpose == (
        "Graph list messages"
    )
    with pytest.raises(EgressRefused):
        check("GET", f"{GRAPH}/users/ceo%40contoso.com/messages/{GRAPH_ID}")
    with pytest.raises(EgressRefused):
        check("GET", "https://gmail.googleapis.com/gmail/v1/users/ceo%40example.com/messages")


def test_every_route_is_a_get_on_a_read_or_a_post_for_a_token_or_a_batch_of_reads() -> None:
    assert {(r.method, r.host, r.batch) for r in ROUTES if r.method != "GET"} == {
        ("POST", "oauth2.googleapis.com", False),
        ("POST", "login.microsoftonline.com", False),
        ("POST", "gmail.googleapis.com", True),  # every part checked as a GET: below
        ("POST", "gmail.googleapis.com", False),  # users.watch alone: below
        ("POST", "pubsub.googleapis.com", False),  # a subscription's pull and acknowledge
    }
    assert {
        r.path.pattern for r in ROUTES if r.host == "gmail.googleapis.com" and r.method == "POST"
    } == {
        "/batch",
        "/gmail/v1/users/me/watch",
    }
    assert {r.purpose for r in ROUTES if r.host == "pubsub.googleapis.com"} == {
        "Pub/Sub subscriptions.pull",
        "Pub/Sub subscriptions.acknowledge",
    }


# ---------------------------------------------------------------------------------------
# The real Gmail client, asked for writes


@dataclass(frozen=True)
class Sent:
    method: str
    url: str
    body: bytes


RAW = base64.urlsafe_b64encode(b"From: qa@example.com\r\nTo: x@evil.example\r\n\r\nexfil").decode()


def recording_http(sent: list[Sent]) -> type[PinnedHttp]:
    """``PinnedHttp`` whose socket layer records and answers: a token for the token
    endpoint, ``{}`` for anything else. What reaches ``_conn_request`` would have left."""

    class RecordingHttp(PinnedHttp):
        def _conn_request(
            self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
        ) -> Any:
            raw = body.encode() if isinstance(body, str) else bytes(body or b"")
            sent.append(Sent(method, f"https://{conn.host}{request_uri}", raw))
            payload: dict[str, Any] = {}
            if conn.host == "oauth2.googleapis.com":
                payload = {
                    "access_token": "ya29.recorded",
                    "expires_in": 3599,
                    "token_type": "Bearer",
                }
            content = json.dumps(payload).encode()
            info = {
                "status": "200",
                "content-type": "application/json",
                "content-length": str(len(content)),
            }
            return httplib2.Response(info), content

    return RecordingHttp


@pytest.fixture
def gmail(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> Iterator[tuple[GmailProvider, list[Sent]]]:
    key = write_key(tmp_path, quick_key(service_account_info))
    key.chmod(0o600)
    sent: list[Sent] = []
    mailbox = GmailMailbox("gmail", "qa@example.com", (), "test", key=SecretRef(file=key))
    yield GmailProvider(mailbox, http_factory=recording_http(sent)), sent


GMAIL_WRITES: dict[str, Callable[[Any], Any]] = {
    "messages.send": lambda s: s.users().messages().send(userId="me", body={"raw": RAW}),
    "messages.send (media upload)": lambda s: (
        s.users()
        .messages()
        .send(
            userId="me",
            media_body=MediaInMemoryUpload(base64.urlsafe_b64decode(RAW), "message/rfc822"),
        )
    ),
    "messages.send (resumable upload)": lambda s: (
        s.users()
        .messages()
        .send(
            userId="me",
            media_body=MediaInMemoryUpload(
                base64.urlsafe_b64decode(RAW), "message/rfc822", resumable=True
            ),
        )
    ),
    "messages.insert": lambda s: s.users().messages().insert(userId="me", body={"raw": RAW}),
    "messages.import": lambda s: s.users().messages().import_(userId="me", body={"raw": RAW}),
    "messages.modify": lambda s: (
        s.users().messages().modify(userId="me", id=MESSAGE_ID, body={"removeLabelIds": ["UNREAD"]})
    ),
    "messages.trash": lambda s: s.users().messages().trash(userId="me", id=MESSAGE_ID),
    "messages.untrash": lambda s: s.users().messages().untrash(userId="me", id=MESSAGE_ID),
    "messages.delete": lambda s: s.users().messages().delete(userId="me", id=MESSAGE_ID),
    "messages.batchModify": lambda s: (
        s.users()
        .messages()
        .batchModify(userId="me", body={"ids": [MESSAGE_ID], "addLabelIds": ["TRASH"]})
    ),
    "messages.batchDelete": lambda s: (
        s.users().messages().batchDelete(userId="me", body={"ids": [MESSAGE_ID]})
    ),
    "threads.trash": lambda s: s.users().threads().trash(userId="me", id=MESSAGE_ID),
    "threads.modify": lambda s: s.users().threads().modify(userId="me", id=MESSAGE_ID, body={}),
    "drafts.create": lambda s: (
        s.users().drafts().create(userId="me", body={"message": {"raw": RAW}})
    ),
    "drafts.send": lambda s: s.users().drafts().send(userId="me", body={"id": "r1"}),
    "labels.create": lambda s: s.users().labels().create(userId="me", body={"name": "x"}),
    "settings.updateAutoForwarding": lambda s: (
        s.users()
        .settings()
        .updateAutoForwarding(userId="me", body={"enabled": True, "emailAddress": "x@evil.example"})
    ),
    "settings.forwardingAddresses.create": lambda s: (
        s.users()
        .settings()
        .forwardingAddresses()
        .create(userId="me", body={"forwardingEmail": "x@evil.example"})
    ),
    "settings.filters.create": lambda s: (
        s.users()
        .settings()
        .filters()
        .create(userId="me", body={"action": {"forward": "x@evil.example"}})
    ),
    "settings.sendAs.create": lambda s: s.users().settings().sendAs().create(userId="me", body={}),
    "settings.delegates.create": lambda s: (
        s.users()
        .settings()
        .delegates()
        .create(userId="me", body={"delegateEmail": "x@evil.example"})
    ),
    "stop": lambda s: s.users().stop(userId="me"),
    # Reads otpmail does not use are refused too: the allowlist is of what otpmail does.
    "attachments.get": lambda s: (
        s.users().messages().attachments().get(userId="me", messageId=MESSAGE_ID, id="ANGjdJ8")
    ),
    "threads.get": lambda s: s.users().threads().get(userId="me", id=MESSAGE_ID),
    "settings.getAutoForwarding": lambda s: s.users().settings().getAutoForwarding(userId="me"),
    "messages.list of another mailbox": lambda s: (
        s.users().messages().list(userId="ceo@example.com")
    ),
}


def test_a_write_on_a_fresh_gmail_client_sends_the_token_request_and_nothing_else(
    gmail: tuple[GmailProvider, list[Sent]],
) -> None:
    """Decision: google-auth fetches the token before the request exists on the wire, so
    the grant (which carries no mail) goes first; the write itself never reaches the
    socket layer."""
    provider, sent = gmail

    with pytest.raises(EgressRefused):
        GMAIL_WRITES["messages.send"](provider._service).execute(
            http=provider._authorized_http(), num_retries=0
        )

    assert [(s.method, s.url) for s in sent] == [("POST", "https://oauth2.googleapis.com/token")]
    assert sent[0].body.startswith(b"assertion=")
    assert RAW.encode() not in sent[0].body


@pytest.mark.parametrize("name", sorted(GMAIL_WRITES))
def test_the_real_gmail_client_sends_nothing_for_a_write(
    gmail: tuple[GmailProvider, list[Sent]], name: str
) -> None:
    provider, sent = gmail
    http = provider._authorized_http()
    provider._service.users().getProfile(userId="me").execute(http=http, num_retries=0)
    assert [s.url.split("?")[0] for s in sent] == [
        "https://oauth2.googleapis.com/token",
        "https://gmail.googleapis.com/gmail/v1/users/me/profile",
    ]  # the same client does reach the wire for a read
    sent.clear()

    with pytest.raises(EgressRefused) as refused:
        GMAIL_WRITES[name](provider._service).execute(http=http, num_retries=0)

    assert refused.value.code == "egress_refused"
    assert sent == []


def test_a_gmail_batch_sends_nothing(gmail: tuple[GmailProvider, list[Sent]]) -> None:
    provider, sent = gmail
    http = provider._authorized_http()
    provider._service.users().getProfile(userId="me").execute(http=http, num_retries=0)
    sent.clear()
    batch = provider._service.new_batch_http_request()
    batch.add(GMAIL_WRITES["messages.trash"](provider._service))
    batch.add(provider._service.users().messages().list(userId="me"))

    with pytest.raises(EgressRefused) as refused:
        batch.execute(http=http)

    assert "batch part 1: POST" in str(refused.value)
    assert sent == []


# ---------------------------------------------------------------------------------------
# Gmail batches: every part held to the rules of a request of its own

BATCH_URL = DOC["rootUrl"] + DOC["batchPath"]
GET_TARGET = f"/gmail/v1/users/me/messages/{MESSAGE_ID}?format=raw&alt=json"


class _Captured(Exception):
    pass


def client_batch(*ids: str) -> tuple[dict[str, str], str]:
    """The headers and body google-api-python-client writes for a batch of gets of
    ``ids``, captured before any check (an ``Http`` that records and stops)."""
    captured: dict[str, Any] = {}

    class Capture(httplib2.Http):  # type: ignore[misc]
        def request(self, uri: str, method: str = "GET", **kwargs: Any) -> Any:
            captured.update(kwargs, uri=uri, method=method)
            raise _Captured

    service = __import__("googleapiclient.discovery").discovery.build(
        "gmail", "v1", http=Capture(), static_discovery=True, cache_discovery=False
    )
    batch = service.new_batch_http_request()
    for message_id in ids:
        batch.add(
            service.users().messages().get(userId="me", id=message_id, format="raw"),
            request_id=message_id,
        )
    with pytest.raises(_Captured):
        batch.execute()
    assert (captured["method"], captured["uri"]) == ("POST", BATCH_URL)
    return dict(captured["headers"]), str(captured["body"])


def part_batch(*requests: str, boundary: str = "=b0=") -> tuple[dict[str, str], str]:
    """A batch whose parts hold ``requests`` (request line and headers), laid out as the
    client lays one out."""
    body = "".join(
        f"--{boundary}\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n"
        f"Content-ID: <u + {n}>\n\n{request}\n\n"
        for n, request in enumerate(requests, 1)
    )
    return {"content-type": f'multipart/mixed; boundary="{boundary}"'}, f"{body}--{boundary}--\n"


def gmail_part(method: str, target: str, *headers: str) -> str:
    return "\n".join([f"{method} {target} HTTP/1.1", *headers, "Host: gmail.googleapis.com"])


def refusal(headers: dict[str, str], body: object) -> EgressRefused | None:
    try:
        check("POST", BATCH_URL, headers, body)
    except EgressRefused as refused:
        assert str(refused).startswith("API_ERROR: refused a request to "), refused
        return refused
    return None


def test_a_batch_of_reads_as_the_client_writes_it_passes_part_by_part() -> None:
    headers, body = client_batch(MESSAGE_ID, "18c1f2a3b4c5d6e8")

    route = check("POST", BATCH_URL, headers, body)

    assert route.purpose == "Gmail batch"
    assert [urlsplit(u).path for u in route.parts] == [
        f"/gmail/v1/users/me/messages/{i}" for i in (MESSAGE_ID, "18c1f2a3b4c5d6e8")
    ]


def test_every_gmail_method_as_a_batch_part_is_refused_but_the_four_reads() -> None:
    wrong = []
    for endpoint in GMAIL_CORPUS:
        url = urlsplit(endpoint.url)
        target = url.path + (f"?{url.query}" if url.query else "")
        refused = refusal(*part_batch(gmail_part(endpoint.method, target)))
        if refused is None and not endpoint.used:
            wrong.append(f"{endpoint.name}: {endpoint.method} {target} passed inside a batch")
        if refused is not None and endpoint.used:
            wrong.append(f"{endpoint.name}: the read was refused inside a batch: {refused}")

    assert wrong == []


# Path spellings that change what a read addresses: inside a part, each is refused as it
# is on its own (the host spellings have nothing to act on: a part holds only a path).
PATH_SPELLINGS = [
    name
    for name, (respell, benign) in SPELLINGS.items()
    if not benign
    and urlsplit(respell(f"https://gmail.googleapis.com{GET_TARGET}")).path
    != urlsplit(f"https://gmail.googleapis.com{GET_TARGET}").path
]


@pytest.mark.parametrize("spelling", PATH_SPELLINGS)
def test_no_path_spelling_lets_a_batch_part_through(spelling: str) -> None:
    respell = SPELLINGS[spelling][0]
    for endpoint in [e for e in GMAIL_CORPUS if e.used]:
        url = urlsplit(respell(endpoint.url))
        target = url.path + (f"?{url.query}" if url.query else "")

        assert refusal(*part_batch(gmail_part("GET", target))) is not None, endpoint.name


SDK_HEADERS, SDK_BODY = client_batch(MESSAGE_ID, "18c1f2a3b4c5d6e8")
SDK_GET = f"GET /gmail/v1/users/me/messages/{MESSAGE_ID}?format=raw&alt=json HTTP/1.1"
SDK_PART_HEAD = "Content-Transfer-Encoding: binary\n"
SDK_HOST = "Host: gmail.googleapis.com\n"
BOUNDARY = SDK_HEADERS["content-type"].split('boundary="', 1)[1].rstrip('"')


def _first(old: str, new: str) -> Callable[[str], str]:
    def change(body: str) -> str:
        assert old in body, old
        return body.replace(old, new, 1)

    return change


BATCH_SPELLINGS: dict[str, tuple[Callable[[str], str], str]] = {
    # a part that leaves Gmail, or names a host of its own
    "inner absolute URL to another host": (
        _first(SDK_GET, SDK_GET.replace("GET /", "GET https://evil.example/")),
        "evil.example",
    ),
    "inner absolute URL to Gmail itself": (
        _first(SDK_GET, SDK_GET.replace("GET /", "GET https://gmail.googleapis.com/")),
        "a path only",
    ),
    "inner scheme-relative URL": (
        _first(SDK_GET, SDK_GET.replace("GET /", "GET //evil.example/")),
        "evil.example",
    ),
    "inner Host header of another host": (
        _first(SDK_HOST, "Host: evil.example\n"),
        "evil.example",
    ),
    "inner Host header twice": (_first(SDK_HOST, SDK_HOST + "Host: evil.example\n"), "twice"),
    # a part that writes
    "inner POST (trash)": (
        _first(SDK_GET, f"POST /gmail/v1/users/me/messages/{MESSAGE_ID}/trash HTTP/1.1"),
        "POST",
    ),
    "inner DELETE on the get path": (_first(SDK_GET, SDK_GET.replace("GET", "DELETE")), "DELETE"),
    "inner PUT": (_first(SDK_GET, SDK_GET.replace("GET", "PUT")), "PUT"),
    "inner PATCH": (_first(SDK_GET, SDK_GET.replace("GET", "PATCH")), "PATCH"),
    "inner POST on the list path (insert)": (
        _first(SDK_GET, "POST /gmail/v1/users/me/messages HTTP/1.1"),
        "POST",
    ),
    "inner lower-case method": (_first(SDK_GET, SDK_GET.replace("GET", "get")), "request line"),
    "inner send on the upload path": (
        _first(SDK_GET, "POST /upload/gmail/v1/users/me/messages/send HTTP/1.1"),
        "POST",
    ),
    "inner read otpmail does not use (attachments.get)": (
        _first(SDK_GET, f"GET /gmail/v1/users/me/messages/{MESSAGE_ID}/attachments/A1 HTTP/1.1"),
        "not a read endpoint",
    ),
    "inner read of another mailbox": (
        _first(SDK_GET, "GET /gmail/v1/users/ceo%40example.com/messages HTTP/1.1"),
        "not a read endpoint",
    ),
    # method overrides, at every level
    "X-HTTP-Method-Override in the inner request": (
        _first(SDK_HOST, SDK_HOST + "X-HTTP-Method-Override: DELETE\n"),
        "method override",
    ),
    "X-HTTP-Method in the inner request": (
        _first(SDK_HOST, SDK_HOST + "x-http-method: POST\n"),
        "method override",
    ),
    "X-Method-Override in the inner request": (
        _first(SDK_HOST, SDK_HOST + "X-Method-Override: PATCH\n"),
        "method override",
    ),
    "X-HTTP-Method-Override as a part header": (
        _first(SDK_PART_HEAD, SDK_PART_HEAD + "X-HTTP-Method-Override: DELETE\n"),
        "not allowed",
    ),
    # nested batches
    "a batch inside a part": (
        _first(SDK_GET, "POST /batch HTTP/1.1"),
        "POST",
    ),
    "a read of the batch path inside a part": (_first(SDK_GET, "GET /batch HTTP/1.1"), "batch"),
    "a multipart part": (
        _first("Content-Type: application/http", "Content-Type: multipart/mixed; boundary=in"),
        "application/http",
    ),
    "a message/http part": (
        _first("Content-Type: application/http", "Content-Type: message/http"),
        "application/http",
    ),
    # header injection and two ways to read one body
    "Content-ID with a CRLF and an override header": (
        _first(">\n\nGET", ">\r\nX-HTTP-Method-Override: DELETE\n\nGET"),
        "not allowed",
    ),
    "inner header value with a CRLF and an override header": (
        _first(
            "accept: application/json", "accept: application/json\r\nX-HTTP-Method-Override: DELETE"
        ),
        "method override",
    ),
    "a second request after the first one's headers": (
        _first(
            SDK_HOST + "\n",
            SDK_HOST + f"\nDELETE /gmail/v1/users/me/messages/{MESSAGE_ID} HTTP/1.1\n",
        ),
        "no body",
    ),
    "a body on the inner GET": (_first(SDK_HOST + "\n", SDK_HOST + '\n{"raw": "x"}\n'), "no body"),
    "inner Content-Length": (_first(SDK_HOST, SDK_HOST + "Content-Length: 12\n"), "no body"),
    "inner Transfer-Encoding": (
        _first(SDK_HOST, SDK_HOST + "Transfer-Encoding: chunked\n"),
        "no body",
    ),
    "inner Transfer-Encoding beside a zero Content-Length": (
        _first(SDK_HOST, SDK_HOST + "Content-Length: 0\nTransfer-Encoding: chunked\n"),
        "no body",
    ),
    "a folded inner header": (
        _first(SDK_HOST, SDK_HOST + " X-HTTP-Method-Override: DELETE\n"),
        "folded",
    ),
    "a folded part header": (_first(SDK_PART_HEAD, SDK_PART_HEAD + "\tx: y\n"), "folded"),
    "a bare CR": (
        _first(SDK_HOST, "Host: gmail.googleapis.com\rX-HTTP-Method-Override: DELETE\n"),
        "bare CR",
    ),
    "a NUL byte": (_first(SDK_HOST, SDK_HOST + "\x00"), "control"),
    "a non-ASCII byte": (_first(SDK_HOST, "Host: gmail.googleapis.com\u00a0\n"), "non-ASCII"),
    "a character http.client cannot send": (_first(SDK_HOST, "Host: gm\u0430il\n"), "cannot send"),
    "text before the first part": (lambda b: "DELETE /x HTTP/1.1\n" + b, "outside the parts"),
    "text after the closing boundary": (
        lambda b: b + "POST /gmail/v1/users/me/messages/send HTTP/1.1\n",
        "outside the parts",
    ),
    "no closing boundary": (lambda b: b.replace(f"--{BOUNDARY}--", ""), "closing boundary"),
    "a boundary line with trailing text": (
        lambda b: b.replace(f"\n--{BOUNDARY}\n", f"\n--{BOUNDARY} x\n"),
        "starts like the boundary",
    ),
    "a part hidden in base64": (
        _first("Content-Transfer-Encoding: binary", "Content-Transfer-Encoding: base64"),
        "base64",
    ),
    "a part in quoted-printable": (
        _first("Content-Transfer-Encoding: binary", "Content-Transfer-Encoding: quoted-printable"),
        "quoted-printable",
    ),
    "HTTP/1.0 request line": (
        _first(SDK_GET, SDK_GET.replace("HTTP/1.1", "HTTP/1.0")),
        "request line",
    ),
    "a space in the inner target": (_first(SDK_GET, SDK_GET.replace("?", " ?")), "request line"),
    "a tab in the inner target": (_first(SDK_GET, SDK_GET.replace("?", "\t?")), "request line"),
    "an inner target with a fragment": (
        _first(SDK_GET, SDK_GET.replace(" HTTP", "#x HTTP")),
        "fragment",
    ),
    "too many parts": (
        lambda b: (
            f"--{BOUNDARY}\n"
            + f"--{BOUNDARY}\n".join([b.split(f"--{BOUNDARY}\n")[1]] * 101)
            + f"--{BOUNDARY}--\n"
        ),
        "1 to 100",
    ),
}


@pytest.mark.parametrize("spelling", list(BATCH_SPELLINGS))
def test_no_batch_spelling_lets_anything_but_reads_through(spelling: str) -> None:
    change, why = BATCH_SPELLINGS[spelling]

    refused = refusal(SDK_HEADERS, change(SDK_BODY))

    assert refused is not None, f"{spelling} passed"
    assert why in str(refused), refused


@pytest.mark.parametrize(
    ("url", "headers", "why"),
    [
        (BATCH_URL + "?alt=media", SDK_HEADERS, "no query string"),
        (BATCH_URL + "?%24.xgafv=2", SDK_HEADERS, "no query string"),
        (BATCH_URL + "/", SDK_HEADERS, "not a read endpoint"),
        ("https://gmail.googleapis.com/batch/gmail/v1", SDK_HEADERS, "not a read endpoint"),
        ("https://www.googleapis.com/batch", SDK_HEADERS, "not an official"),
        ("https://graph.microsoft.com/batch", SDK_HEADERS, "not a read endpoint"),
        ("http://gmail.googleapis.com/batch", SDK_HEADERS, "only https"),
        (BATCH_URL, {**SDK_HEADERS, "X-HTTP-Method-Override": "DELETE"}, "method override"),
        (BATCH_URL, {"content-type": "multipart/related; boundary=x"}, "multipart/mixed"),
        (BATCH_URL, {"content-type": "multipart/form-data; boundary=x"}, "multipart/mixed"),
        (
            BATCH_URL,
            {"content-type": f'multipart/mixed; boundary="{BOUNDARY}"; boundary=x'},
            "one plain boundary",
        ),
        (BATCH_URL, {"content-type": "multipart/mixed; boundary=other"}, "outside the parts"),
        (BATCH_URL, {"content-type": "multipart/mixed"}, "one plain boundary"),
        (BATCH_URL, {**SDK_HEADERS, "Content-Type": SDK_HEADERS["content-type"]}, "boundary"),
    ],
    ids=[
        "a query string (applied to every part)",
        "a system parameter",
        "a trailing slash",
        "the guide's default batch path",
        "another Google host",
        "another provider",
        "plain http",
        "an outer method override (applied to every part)",
        "multipart/related",
        "multipart/form-data",
        "two boundaries",
        "another boundary",
        "no boundary",
        "two content types",
    ],
)
def test_the_batch_itself_passes_only_as_the_discovery_document_names_it(
    url: str, headers: dict[str, str], why: str
) -> None:
    with pytest.raises(EgressRefused) as refused:
        check("POST", url, headers, SDK_BODY)

    assert why in str(refused.value)


def test_a_batch_of_reads_on_the_real_client_goes_out_once_and_a_write_in_it_never(
    gmail: tuple[GmailProvider, list[Sent]],
) -> None:
    provider, sent = gmail
    http = provider._authorized_http()
    reads = provider._service.new_batch_http_request()
    for message_id in (MESSAGE_ID, "18c1f2a3b4c5d6e8"):
        reads.add(provider._service.users().messages().get(userId="me", id=message_id))
    mixed = provider._service.new_batch_http_request()
    mixed.add(provider._service.users().messages().get(userId="me", id=MESSAGE_ID))
    mixed.add(GMAIL_WRITES["messages.batchModify"](provider._service))

    with pytest.raises(Exception, match="multipart"):  # the recording answer is not one
        reads.execute(http=http)
    assert [(s.method, s.url) for s in sent] == [
        ("POST", "https://oauth2.googleapis.com/token"),
        ("POST", BATCH_URL),
    ]
    sent.clear()
    with pytest.raises(EgressRefused) as refused:
        mixed.execute(http=http)

    assert "batch part 2: POST" in str(refused.value)
    assert sent == []


class BareHttpUsed(AssertionError):
    pass


def test_a_batch_refreshes_its_token_only_through_the_pinned_transport(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """googleapiclient's batch refreshes expired credentials over a bare httplib2.Http()
    (googleapiclient/_auth.py ``refresh_credentials``): before the batch, while it writes
    each part, and after a part's 401. Each of those token requests must go out through
    PinnedHttp; a bare Http's socket layer is never reached."""
    from googleapiclient import _auth

    from fakes.gmail import FakeGmail, Fault

    bare: list[str] = []

    def bare_socket(self: Any, conn: Any, request_uri: str, *args: Any) -> Any:
        bare.append(f"{conn.host}{request_uri}")
        raise BareHttpUsed(f"a bare httplib2.Http reached {conn.host}")

    # Every Http but the fake's (whose socket layer is the fake) would land here.
    monkeypatch.setattr(httplib2.Http, "_conn_request", bare_socket)
    refreshed_by_the_client: list[str] = []
    original = _auth.refresh_credentials

    def spy(credentials: Any) -> Any:
        refreshed_by_the_client.append(type(credentials).__name__)
        return original(credentials)

    monkeypatch.setattr(_auth, "refresh_credentials", spy)
    key = write_key(tmp_path, quick_key(service_account_info))
    key.chmod(0o600)
    mailbox = GmailMailbox("gmail", "qa@example.com", (), "test", key=SecretRef(file=key))
    upstream = FakeGmail()
    ids = [upstream.deliver(b"From: a@acme.example\r\nTo: qa@example.com\r\n\r\n1")]
    ids.append(upstream.deliver(b"From: a@acme.example\r\nTo: qa@example.com\r\n\r\n2"))
    provider = GmailProvider(mailbox, http_factory=upstream.http_factory)
    import asyncio

    # 1. The token expires between otpmail's own check and the batch: the client refreshes.
    provider._ensure_token = lambda: None  # type: ignore[method-assign]
    emails = asyncio.run(provider._fetch_all(ids))[0]
    assert len(emails) == 2
    assert (upstream.count("token"), upstream.count("batch")) == (1, 1)
    # 2. A part answers 401 (a token revoked meanwhile): the client refreshes once and sends
    # that part again.
    upstream.reset_counters()
    provider._bodies.clear()
    upstream.fail(
        f"messages.get {ids[1]}",
        Fault(status=401, body='{"error": {"code": 401, "message": "Invalid Credentials"}}'),
    )
    emails = asyncio.run(provider._fetch_all(ids))[0]
    assert len(emails) == 2

    assert bare == []
    assert len(refreshed_by_the_client) == 2  # the client's own refresh path ran each time
    assert upstream.count("token") == 1  # case 2's refresh, through the fake: pinned
    assert upstream.count("batch") == 2  # the batch, then the 401 part again
    assert upstream.count("messages.get") == 3


# ---------------------------------------------------------------------------------------
# The real Graph client, asked for writes

SECRET_ENV = "OTPMAIL_TEST_EGRESS_GRAPH_SECRET"


@pytest.fixture
def graph(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, FakeGraph]:
    from otpmail._providers._outlook import OutlookProvider

    monkeypatch.setenv(SECRET_ENV, "egress-test-client-secret")
    mailbox = OutlookMailbox(
        "outlook",
        MAILBOX,
        (),
        "test",
        tenant_id=TENANT,
        client_id="aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
        client_secret=SecretRef(env=SECRET_ENV),
    )
    fake = FakeGraph(MAILBOX)
    provider = OutlookProvider(
        mailbox, transport=fake.transport, token_transport=fake.token_transport
    )
    return provider, fake


with warnings.catch_warnings():
    # The generated builders warn about their own configuration classes at import.
    warnings.simplefilter("ignore", DeprecationWarning)
    from kiota_abstractions.api_client_builder import register_default_serializer
    from kiota_serialization_json.json_serialization_writer_factory import (
        JsonSerializationWriterFactory,
    )
    from msgraph.generated.models.message import Message
    from msgraph.generated.users.item.mail_folders.item.mail_folder_item_request_builder import (
        MailFolderItemRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.attachments.create_upload_session.create_upload_session_post_request_body import (
        CreateUploadSessionPostRequestBody,
    )
    from msgraph.generated.users.item.messages.item.attachments.create_upload_session.create_upload_session_request_builder import (
        CreateUploadSessionRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.copy.copy_post_request_body import (
        CopyPostRequestBody,
    )
    from msgraph.generated.users.item.messages.item.copy.copy_request_builder import (
        CopyRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.forward.forward_post_request_body import (
        ForwardPostRequestBody,
    )
    from msgraph.generated.users.item.messages.item.forward.forward_request_builder import (
        ForwardRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.message_item_request_builder import (
        MessageItemRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.move.move_post_request_body import (
        MovePostRequestBody,
    )
    from msgraph.generated.users.item.messages.item.move.move_request_builder import (
        MoveRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.permanent_delete.permanent_delete_request_builder import (
        PermanentDeleteRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.reply.reply_post_request_body import (
        ReplyPostRequestBody,
    )
    from msgraph.generated.users.item.messages.item.reply.reply_request_builder import (
        ReplyRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.send.send_request_builder import (
        SendRequestBuilder,
    )
    from msgraph.generated.users.item.messages.messages_request_builder import (
        MessagesRequestBuilder,
    )
    from msgraph.generated.users.item.send_mail.send_mail_post_request_body import (
        SendMailPostRequestBody,
    )
    from msgraph.generated.users.item.send_mail.send_mail_request_builder import (
        SendMailRequestBuilder,
    )


def _builders(adapter: Any) -> dict[str, Callable[[], Any]]:
    """Each Graph write as msgraph-sdk's own request builders issue it."""
    # GraphServiceClient registers the JSON writer when it is built; the request builders
    # alone need it registered to serialise a body.
    register_default_serializer(JsonSerializationWriterFactory)
    user = {"baseurl": GRAPH, "user%2Did": MAILBOX}
    item = {**user, "message%2Did": "AAMkAGI2THVSAAA="}
    mail = Message(subject="exfil", to_recipients=[])
    return {
        "sendMail": lambda: SendMailRequestBuilder(adapter, user).post(
            SendMailPostRequestBody(message=mail, save_to_sent_items=False)
        ),
        "me/sendMail": lambda: (
            SendMailRequestBuilder(adapter, user)
            .with_url(f"{GRAPH}/me/sendMail")
            .post(SendMailPostRequestBody(message=mail))
        ),
        "messages.create (POST on the list path)": lambda: MessagesRequestBuilder(
            adapter, user
        ).post(mail),
        "message.update (mark read)": lambda: MessageItemRequestBuilder(adapter, item).patch(
            Message(is_read=True)
        ),
        "message.delete": lambda: MessageItemRequestBuilder(adapter, item).delete(),
        "message.get (a read otpmail does not use)": lambda: MessageItemRequestBuilder(
            adapter, item
        ).get(),
        "message.send": lambda: SendRequestBuilder(adapter, item).post(),
        "message.reply": lambda: ReplyRequestBuilder(adapter, item).post(
            ReplyPostRequestBody(comment="ok")
        ),
        "message.forward": lambda: ForwardRequestBuilder(adapter, item).post(
            ForwardPostRequestBody(comment="fyi")
        ),
        "message.move": lambda: MoveRequestBuilder(adapter, item).post(
            MovePostRequestBody(destination_id="deleteditems")
        ),
        "message.copy": lambda: CopyRequestBuilder(adapter, item).post(
            CopyPostRequestBody(destination_id="inbox")
        ),
        "message.permanentDelete": lambda: PermanentDeleteRequestBuilder(adapter, item).post(),
        "attachments.createUploadSession": lambda: CreateUploadSessionRequestBuilder(
            adapter, item
        ).post(CreateUploadSessionPostRequestBody()),
        "mailFolder.delete": lambda: MailFolderItemRequestBuilder(
            adapter, {**user, "mailFolder%2Did": "inbox"}
        ).delete(),
    }


GRAPH_WRITES = [
    "sendMail",
    "me/sendMail",
    "messages.create (POST on the list path)",
    "message.update (mark read)",
    "message.delete",
    "message.get (a read otpmail does not use)",
    "message.send",
    "message.reply",
    "message.forward",
    "message.move",
    "message.copy",
    "message.permanentDelete",
    "attachments.createUploadSession",
    "mailFolder.delete",
]


async def test_a_write_on_a_fresh_graph_client_fetches_the_token_and_sends_nothing(
    graph: tuple[Any, FakeGraph],
) -> None:
    """Decision: kiota asks the credential for a token before it builds the HTTP request,
    so the token POST (to Entra, carrying no mail) may go first; the write never does."""
    provider, fake = graph
    session = provider._session()

    with pytest.raises(EgressRefused):
        await _builders(session.adapter)["sendMail"]()

    assert [(r.operation, r.method, r.url) for r in fake.requests] == [
        ("token", "POST", f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token")
    ]
    await provider.aclose()


@pytest.mark.parametrize("name", GRAPH_WRITES)
async def test_the_real_graph_client_sends_nothing_for_a_write(
    graph: tuple[Any, FakeGraph], name: str
) -> None:
    provider, fake = graph
    assert await provider.search(build_criteria(MAILBOX)) == []
    assert [r.operation for r in fake.requests] == ["token", "messages.list"]  # reads do go
    fake.requests.clear()
    session = provider._session()

    with pytest.raises(EgressRefused) as refused:
        await _builders(session.adapter)[name]()

    assert refused.value.code == "egress_refused"
    assert fake.requests == []
    await provider.aclose()


async def test_a_graph_batch_through_the_real_http_client_sends_nothing(
    graph: tuple[Any, FakeGraph],
) -> None:
    provider, fake = graph
    await provider.search(build_criteria(MAILBOX))
    fake.requests.clear()
    session = provider._session()
    body = {"requests": [{"id": "1", "method": "POST", "url": f"/{USER}/sendMail", "body": {}}]}

    with pytest.raises(EgressRefused) as refused:
        await session.http.post(f"{GRAPH}/$batch", json=body)

    assert "$batch" in str(refused.value)
    assert fake.requests == []
    await provider.aclose()
