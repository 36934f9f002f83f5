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
from otpmail._providers._gmail import GmailProvider, PinnedHttp

DISCOVERY = Path(googleapiclient.__file__).parent / "discovery_cache/documents/gmail.v1.json"
DOC: dict[str, Any] = json.loads(DISCOVERY.read_text(encoding="utf-8"))

GMAIL_USED = {"users.messages.list", "users.messages.get", "users.history.list", "users.getProfile"}
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
            Endpoint(name, verb, base + path, used=name in GMAIL_USED and verb == "GET")
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
    Endpoint("me.messages", "GET", f"{GRAPH}/me/messages"),
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
    Endpoint(
        "Entra common token", "POST", "https://login.microsoftonline.com/common/oauth2/v2.0/token"
    ),
    Endpoint(
        "Entra device code",
        "POST",
        f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/devicecode",
    ),
    Endpoint("Entra v1 token", "POST", f"https://login.microsoftonline.com/{TENANT}/oauth2/token"),
    Endpoint(
        "Entra discovery",
        "GET",
        f"https://login.microsoftonline.com/{TENANT}/v2.0/.well-known/openid-configuration",
    ),
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
    """``None`` if the check agrees with ``endpoint.used``; else what went wrong."""
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
        if endpoint.used and benign:
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


def test_every_gmail_method_but_the_four_reads_is_refused() -> None:
    wrong = check_corpus(GMAIL_CORPUS, "as sent")

    assert wrong == []
    # The reads share their paths with writes: insert is a POST on the list path, delete a
    # DELETE on the get path. The method decides.
    refused = {e.name for e in GMAIL_CORPUS if not e.used}
    assert {"users.messages.insert", "users.messages.delete"} <= refused


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


def test_every_route_is_a_get_on_a_read_or_a_post_for_a_token() -> None:
    assert {(r.method, r.host) for r in ROUTES if r.method != "GET"} == {
        ("POST", "oauth2.googleapis.com"),
        ("POST", "login.microsoftonline.com"),
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
    "watch": lambda s: s.users().watch(userId="me", body={"topicName": "projects/x/topics/y"}),
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

    assert "batch" in str(refused.value)
    assert sent == []


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
