"""Read-only by construction: the provider interface declares reads and nothing else, and
a scan of the package's syntax tree finds no write endpoint, no HTTP method but GET outside
the two token requests, Gmail's batch of reads and the three push calls (Gmail's
``users.watch``, a Pub/Sub subscription's ``pull`` and ``acknowledge``), and no OAuth scope
but ``gmail.readonly``, Graph ``.default`` and Pub/Sub's (which reaches no mail).

The scan reads ``src/otpmail`` as code, not as text: docstrings and comments may say
"cannot send", code may not. It is checked against planted violations in a copy of the
package, so a scan that sees nothing cannot pass for one that finds nothing.
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from otpmail._providers._base import ChangeFeed, Provider
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._maildir import MaildirProvider
from otpmail._providers._outlook import OutlookProvider

SRC = Path(__file__).resolve().parent.parent / "src" / "otpmail"

READS = {"search", "count", "aclose", "cursor", "changes"}
"""Every operation a provider offers: the reads, the waiting reads, and closing."""
PUSH = {GmailProvider: {"watch"}}
"""Beyond the reads: Gmail's ``watch`` asks Gmail to publish a notification of each change
to a Pub/Sub topic (docs/pubsub.md); it changes no mail and is never undone by otpmail."""


# ---------------------------------------------------------------------------------------
# The interface


def declared(protocol: type) -> set[str]:
    return {
        name
        for name, value in vars(protocol).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }


def test_the_provider_protocols_declare_only_reads() -> None:
    assert declared(Provider) == {"search", "count", "aclose"}
    assert declared(ChangeFeed) == {"cursor", "changes"}
    assert declared(Provider) | declared(ChangeFeed) == READS


@pytest.mark.parametrize("provider", [GmailProvider, OutlookProvider, MaildirProvider])
def test_every_provider_exposes_exactly_the_read_operations(provider: type) -> None:
    public = {
        name
        for name, member in inspect.getmembers(provider)
        if not name.startswith("_") and callable(member)
    }
    coroutines = {
        name
        for name, member in inspect.getmembers(provider, inspect.iscoroutinefunction)
        if not name.startswith("_")
    }

    # The remote providers also report an owner's grant (auth: user) for check --deep: one
    # token refresh and, for Gmail, getProfile, both reads.
    owner = {"owner_report"} if provider is not MaildirProvider else set()
    assert coroutines == READS | owner | PUSH.get(provider, set())
    assert public == READS | owner | PUSH.get(provider, set())


# ---------------------------------------------------------------------------------------
# The scan

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
TOKEN_HOSTS = frozenset({"oauth2.googleapis.com", "login.microsoftonline.com"})
# The one batch otpmail builds: Gmail's batch route in the egress table (which reads every
# part, tests/test_security_egress.py), and the one function that asks the client for it.
BATCH_ROUTE = ("POST", "gmail.googleapis.com", "/batch")
BATCH_BUILDER = ("_providers/_gmail.py", "_attempt_batch")
# The push calls: their routes in the egress table (their text without the f-string's
# placeholders), and the one function that asks the Gmail client for users.watch.
PUSH_ROUTES = frozenset(
    {
        ("POST", "gmail.googleapis.com", "/watch"),
        ("POST", "pubsub.googleapis.com", "/v1/:pull"),
        ("POST", "pubsub.googleapis.com", "/v1/:acknowledge"),
    }
)
WATCH_CALLER = ("_providers/_gmail.py", "watch")
# Pub/Sub resource names (projects/P/subscriptions/S) in the files that handle push: the
# word "subscriptions" there is not Graph's change-notification endpoint.
PUBSUB_NAME = re.compile(r"(?:projects/[^/\s]*)?/?(?:subscriptions|topics)/")
PUSH_FILES = ("_core/_egress.py", "_core/_config.py", "_providers/_pubsub.py")
ALLOWED_SCOPES = frozenset(
    {
        "https://www.googleapis.com/auth/gmail.readonly",
        "https://graph.microsoft.com/.default",
        "https://www.googleapis.com/auth/pubsub",
        # An owner's delegated sign-in (auth: user, issue 27): read-only by scope.
        "https://graph.microsoft.com/Mail.Read",
    }
)
# The one method that sends MSAL's POSTs (the owner's token and device-code requests):
# the egress check lets a POST through to the token routes only.
SIGNIN_POSTER = ("_signin/_microsoft.py", "post")
# A scope URL of either provider, or the bare name of a Graph permission that writes.
SCOPE_URL = re.compile(
    r"https://(?:www\.googleapis\.com/auth/[\w.\-/]*|mail\.google\.com/?|"
    r"graph\.microsoft\.com/(?:\.default|[A-Z][\w]*\.[\w.]+))"
)
WRITE_PERMISSION = re.compile(
    r"\b(?:Mail\.ReadWrite(?:\.Shared)?|Mail\.Send(?:\.Shared)?|MailboxSettings\.ReadWrite)\b"
)
# Gmail resource chains (service.users().messages().list()): the reads otpmail uses.
GMAIL_CHAIN = frozenset({"users", "messages", "list", "get", "history", "getProfile"})
# Path pieces of write endpoints (Gmail discovery paths, Graph v1.0 paths).
_WRITE_PATH_WORDS = """
    send sendMail modify trash untrash batchModify batchDelete move copy reply replyAll
    forward createReply createReplyAll createForward createUploadSession permanentDelete
    import insert drafts batch $batch upload watch stop mailFolders messageRules
    mailboxSettings forwardingAddresses autoForwarding sendAs delegates filters
    attachments subscriptions
"""
WRITE_PATH_PIECES = frozenset(word.lower() for word in _WRITE_PATH_WORDS.split())
GRAPH_ME_OR_BETA = re.compile(r"/v1\.0/me\b|/beta/|\$batch")
# Attributes that reach a write: Graph request builders and verbs, Gmail writes and batch.
WRITE_ATTRIBUTES = frozenset(
    {
        "send_mail",
        "reply",
        "reply_all",
        "forward",
        "create_reply",
        "create_reply_all",
        "create_forward",
        "create_upload_session",
        "permanent_delete",
        "mail_folders",
        "mailbox_settings",
        "message_rules",
        "move",
        "copy",
        "post",
        "put",
        "patch",
        "delete",
        "new_batch_http_request",
        "batchModify",
        "batchDelete",
        "trash",
        "untrash",
        "modify",
        "drafts",
        "forwardingAddresses",
        "sendAs",
        "import_",
    }
)
# File-system changes a provider must never make (a Maildir is read where it lies).
MUTATING_CALLS = frozenset(
    {
        "os.rename",
        "os.replace",
        "os.remove",
        "os.unlink",
        "os.rmdir",
        "os.utime",
        "os.chmod",
        "os.makedirs",
        "os.mkdir",
    }
)
# os.open flags that can write, create or truncate.
WRITE_OPEN_FLAGS = ("WRONLY", "RDWR", "CREAT", "APPEND", "TRUNC")
MUTATING_METHODS = frozenset(
    {"unlink", "rename", "rmdir", "touch", "write_text", "write_bytes", "mkdir", "chmod"}
)
# The SDK modules the package may import, each reviewed: none of them sends, batches or
# uploads. Anything else from these SDKs is a finding.
SDK_ROOTS = ("googleapiclient", "msgraph", "msgraph_core")
ALLOWED_SDK_MODULES = frozenset(
    {
        "googleapiclient",  # only for ``discovery`` and ``errors``, checked by name below
        "googleapiclient.discovery",
        "googleapiclient.errors",
        "msgraph.generated.users.item.messages.messages_request_builder",
        "msgraph.generated.models.o_data_errors.o_data_error",
        "msgraph.graph_request_adapter",
        "msgraph_core",
        "msgraph_core.middleware",
    }
)
ALLOWED_SDK_NAMES = {
    "googleapiclient": {"discovery", "errors"},
    "msgraph_core": {"GraphClientFactory"},
}


@dataclass
class Scan:
    violations: list[str] = field(default_factory=list)
    gmail_chains: set[str] = field(default_factory=set)
    token_routes: set[str] = field(default_factory=set)
    batch_routes: set[str] = field(default_factory=set)
    batch_builders: list[str] = field(default_factory=list)
    scopes_passed: set[str] = field(default_factory=set)
    push_routes: set[str] = field(default_factory=set)
    watch_callers: list[str] = field(default_factory=list)


def _doc_nodes(nodes: list[ast.AST]) -> set[int]:
    """Bare string statements (docstrings and attribute notes): prose, not code."""
    return {
        id(node.value)
        for node in nodes
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _chain(call: ast.Call, aliases: dict[str, list[str]] | None = None) -> list[str]:
    """``a.users().messages().list`` → ["users", "messages", "list"]; a name in
    ``aliases`` (one assigned a Gmail resource) stands for the chain it was assigned."""
    names: list[str] = []
    node: ast.AST = call.func
    while True:
        if isinstance(node, ast.Attribute) and aliases and _dotted(node) in aliases:
            names.extend(reversed(aliases[_dotted(node)]))  # self._messages.list
            break
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            if isinstance(node, ast.Name) and aliases and node.id in aliases:
                names.extend(reversed(aliases[node.id]))
            break
    return names[::-1]


def _gmail_aliases(nodes: list[ast.AST]) -> dict[str, list[str]]:
    """Names and attributes assigned a Gmail resource (``m = s.users().messages()``,
    ``self._messages = ...``), so that a call made on one later (``m.send()``,
    ``self._messages.send()``) is read as the whole chain."""
    aliases: dict[str, list[str]] = {}
    for node in nodes:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name | ast.Attribute)
            and isinstance(node.value, ast.Call)
        ):
            chain = _chain(node.value)
            if "users" in chain:
                aliases[_dotted(node.targets[0])] = chain[chain.index("users") :]
    return aliases


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    if isinstance(node, ast.Name):
        return node.id
    return "?"


def _text(node: ast.AST | None) -> str:
    """The constant text of a string or f-string node (placeholders dropped)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) for v in node.values)
    return ""


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments, to resolve ``scopes=[NAME]``."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and _text(node.value):
                found[target.id] = _text(node.value)
    return found


def _python_files(root: Path) -> Iterator[Path]:
    yield from sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def scan(root: Path) -> Scan:
    """Every write capability the code of the package at ``root`` could have."""
    result = Scan()
    for path in _python_files(root):
        where = path.relative_to(root.parent)
        part = _scan_source(where.as_posix(), path.read_text(encoding="utf-8"))
        result.violations.extend(part.violations)
        result.gmail_chains |= part.gmail_chains
        result.token_routes |= part.token_routes
        result.batch_routes |= part.batch_routes
        result.batch_builders += part.batch_builders
        result.scopes_passed |= part.scopes_passed
        result.push_routes |= part.push_routes
        result.watch_callers += part.watch_callers
    return result


@functools.lru_cache(maxsize=256)
def _scan_source(where: str, source: str) -> Scan:
    """The findings in one file (cached by content: a copy with one planted change
    re-reads only the changed file)."""
    result = Scan()
    tree = ast.parse(source, filename=where)
    nodes = list(ast.walk(tree))
    docs = _doc_nodes(nodes)
    strings = _module_strings(tree)
    aliases = _gmail_aliases(nodes)
    assigned = {
        node.targets[0].id: ast.unparse(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    }
    allowed_methods: set[int] = set()
    allowed_pieces: set[int] = set()
    allowed_attributes: set[int] = set()
    allowed_chains: set[int] = set()
    in_provider = "/_providers/" in where
    push_file = where.removeprefix("otpmail/") in PUSH_FILES

    def flag(node: ast.AST, message: str, where: str = where) -> None:
        result.violations.append(f"{where}:{getattr(node, 'lineno', 0)}: {message}")

    # The token routes of the egress table are the only places a write verb may appear.
    for node in nodes:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "_route"
            and len(node.args) >= 3
        ):
            verb, host, pattern = (_text(a) for a in node.args[:3])
            if (
                verb in WRITE_METHODS
                and host in TOKEN_HOSTS
                and ("token" in pattern or "devicecode" in pattern)
            ):
                allowed_methods.add(id(node.args[0]))
                result.token_routes.add(f"{verb} {host}")
            batch = any(
                k.arg == "batch" and isinstance(k.value, ast.Constant) and k.value.value is True
                for k in node.keywords
            )
            if batch and (verb, host, pattern) == BATCH_ROUTE and where.endswith("_egress.py"):
                allowed_methods.add(id(node.args[0]))
                allowed_pieces.add(id(node.args[2]))
                result.batch_routes.add(f"{verb} {host}{pattern}")
            if (verb, host, pattern) in PUSH_ROUTES and where.endswith("_egress.py"):
                allowed_methods.add(id(node.args[0]))
                allowed_pieces.update(id(n) for n in ast.walk(node.args[2]))
                result.push_routes.add(f"{verb} {host}{pattern}")
        elif (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and (where.removeprefix("otpmail/"), node.name) == BATCH_BUILDER
        ):
            builders = [
                n
                for n in ast.walk(node)
                if isinstance(n, ast.Attribute) and n.attr == "new_batch_http_request"
            ]
            allowed_attributes.update(id(n) for n in builders)
            result.batch_builders += [f"{where}:{n.lineno}" for n in builders]
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and (where.removeprefix("otpmail/"), node.name) == WATCH_CALLER
        ):
            watches = [
                n
                for n in ast.walk(node)
                if isinstance(n, ast.Call) and _chain(n, aliases)[-2:] == ["users", "watch"]
            ]
            allowed_chains.update(id(n) for n in watches)
            result.watch_callers += [f"{where}:{n.lineno}" for n in watches]
        elif (
            isinstance(node, ast.FunctionDef)
            and (where.removeprefix("otpmail/"), node.name) == SIGNIN_POSTER
        ):
            allowed_attributes.update(
                id(n) for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr == "post"
            )

    for node in nodes:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            text = node.value
            if text.strip().upper() in WRITE_METHODS and id(node) not in allowed_methods:
                flag(node, f"HTTP method {text!r} outside the token routes")
            for token in text.split():
                if "/" not in token or id(node) in allowed_pieces:
                    continue
                if push_file and PUBSUB_NAME.search(token):
                    continue
                for piece in re.split(r"[/?#&=,]", token):
                    piece = piece.strip("()[]{}'\".,;:`*\\")
                    if piece.lower() in WRITE_PATH_PIECES:
                        flag(node, f"write path piece {piece!r} in {text!r}")
            if GRAPH_ME_OR_BETA.search(text):
                flag(node, f"Graph /me, beta or $batch path in {text!r}")
            for scope in SCOPE_URL.findall(text):
                if scope.rstrip("/") not in ALLOWED_SCOPES:
                    flag(node, f"scope {scope!r} is not gmail.readonly or Graph .default")
            if WRITE_PERMISSION.search(text):
                flag(node, f"write permission named in {text!r}")
        elif isinstance(node, ast.Call):
            chain = _chain(node, aliases)
            if "users" in chain and id(node) not in allowed_chains:
                tail = chain[chain.index("users") :]
                result.gmail_chains.add(".".join(tail))
                for name in tail:
                    if name not in GMAIL_CHAIN:
                        flag(node, f"Gmail call users...{name}() is not a read otpmail uses")
            for keyword in node.keywords:
                if keyword.arg != "scopes":
                    continue
                values = (
                    keyword.value.elts
                    if isinstance(keyword.value, ast.List | ast.Tuple)
                    else [keyword.value]
                )
                for value in values:
                    scope = strings.get(value.id, "") if isinstance(value, ast.Name) else ""
                    scope = scope or _text(value)
                    result.scopes_passed.add(scope)
                    if scope not in ALLOWED_SCOPES:
                        flag(node, f"scopes= gets {scope or ast.unparse(value)!r}")
            if in_provider:
                dotted = _dotted(node.func)
                if dotted in MUTATING_CALLS or dotted.startswith("shutil."):
                    flag(node, f"file-system change {dotted}()")
                elif isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING_METHODS:
                    flag(node, f"file-system change .{node.func.attr}()")
                if dotted == "os.open":
                    flags = node.args[1] if len(node.args) > 1 else None
                    for keyword in node.keywords:
                        if keyword.arg == "flags":
                            flags = keyword.value
                    text = ast.unparse(flags) if flags is not None else ""
                    text = assigned.get(text, text)  # a module-level constant of flags
                    if any(f"O_{mode}" in text for mode in WRITE_OPEN_FLAGS):
                        flag(node, f"os.open() for writing ({text})")
                if isinstance(node.func, ast.Name) and node.func.id == "open":
                    mode = _text(node.args[1]) if len(node.args) > 1 else ""
                    for keyword in node.keywords:
                        if keyword.arg == "mode":
                            mode = _text(keyword.value)
                    if set(mode) & set("wax+"):
                        flag(node, f"open() for writing (mode {mode!r})")
        elif isinstance(node, ast.Attribute):
            if node.attr in WRITE_ATTRIBUTES and id(node) not in allowed_attributes:
                flag(node, f"write operation .{node.attr}")
        elif isinstance(node, ast.ImportFrom | ast.Import):
            modules = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
            )
            for module in modules:
                if module.split(".")[0] not in SDK_ROOTS:
                    continue
                if module not in ALLOWED_SDK_MODULES:
                    flag(node, f"imports {module}, which is not a reviewed read-only module")
                elif isinstance(node, ast.ImportFrom) and module in ALLOWED_SDK_NAMES:
                    for alias in node.names:
                        if alias.name not in ALLOWED_SDK_NAMES[module]:
                            flag(node, f"imports {alias.name} from {module}")
        elif (
            isinstance(node, ast.Name)
            and node.id.startswith(("Media", "Batch"))
            and node.id.endswith(("Upload", "Request", "RequestBuilder", "Content"))
        ):
            flag(node, f"uses {node.id}")
    return result


def test_the_package_has_no_write_endpoint_method_or_scope() -> None:
    found = scan(SRC)
    chains = {
        c for c in found.gmail_chains if not any(o.startswith(f"{c}.") for o in found.gmail_chains)
    }

    assert found.violations == []
    # The scan saw the real code: the four Gmail reads, the two token routes, both scopes.
    assert chains == {
        "users.messages.list",
        "users.messages.get",
        "users.history.list",
        "users.getProfile",
    }
    assert found.token_routes == {"POST oauth2.googleapis.com", "POST login.microsoftonline.com"}
    # One batch, of reads: its route, and one place that builds it.
    assert found.batch_routes == {"POST gmail.googleapis.com/batch"}
    assert len(found.batch_builders) == 1
    assert found.scopes_passed == ALLOWED_SCOPES
    # The push calls: their three routes, and one place that asks for users.watch.
    assert found.push_routes == {f"{v} {h}{p}" for v, h, p in PUSH_ROUTES}
    assert len(found.watch_callers) == 1


PLANTED = {
    "gmail-send": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    return s.users().messages().send(userId='me', body={})\n",
        "users...send()",
    ),
    "gmail-trash": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    return s.users().messages().trash(userId='me', id='1')\n",
        "users...trash()",
    ),
    "gmail-send-on-a-stored-resource": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    m = s.users().messages()\n    return m.send(userId='me', body={})\n",
        "users...send()",
    ),
    "gmail-send-on-a-resource-kept-on-self": (
        "_providers/_gmail.py",
        "\nclass _X:\n    def __init__(self, s):\n        self._m = s.users().messages()\n\n"
        "    def x(self):\n        return self._m.send(userId='me', body={})\n",
        "users...send()",
    ),
    "gmail-forwarding": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    return s.users().settings().forwardingAddresses().create(userId='me')\n",
        "users...settings()",
    ),
    "gmail-batch": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    return s.new_batch_http_request()\n",
        ".new_batch_http_request",
    ),
    "gmail-upload-import": (
        "_providers/_gmail.py",
        "\nfrom googleapiclient.http import MediaInMemoryUpload\n",
        "imports googleapiclient.http",
    ),
    "gmail-upload-path": (
        "_providers/_gmail.py",
        "\n_U = 'https://gmail.googleapis.com/upload/gmail/v1/users/me/messages'\n",
        "'upload'",
    ),
    "gmail-modify-scope": (
        "_providers/_gmail.py",
        "\n_S = 'https://www.googleapis.com/auth/gmail.modify'\n",
        "gmail.modify",
    ),
    "gmail-full-scope": (
        "_providers/_gmail.py",
        "\n_S = 'https://mail.google.com/'\n",
        "mail.google.com",
    ),
    "scopes-argument": (
        "_providers/_gmail.py",
        "\n_W = 'https://www.googleapis.com/auth/gmail.send'\ndef _x(c):\n    return c(scopes=[_W])\n",
        "scopes= gets",
    ),
    "graph-write-method": ("_providers/_graph_http.py", "\n_M = 'DELETE'\n", "'DELETE'"),
    "graph-lowercase-method": ("_providers/_graph_http.py", "\n_M = 'patch'\n", "'patch'"),
    "graph-send-path": (
        "_providers/_outlook.py",
        "\n_P = f'/v1.0/users/{GRAPH_HOST}/sendMail'\n",
        "'sendMail'",
    ),
    "graph-batch": ("_providers/_outlook.py", "\n_B = GRAPH_HOST + '/$batch'\n", "$batch"),
    "graph-me": ("_providers/_outlook.py", "\n_P = 'https://graph.microsoft.com/v1.0/me'\n", "/me"),
    "graph-readwrite": (
        "_providers/_outlook.py",
        "\n_S = 'https://graph.microsoft.com/Mail.ReadWrite'\n",
        "Mail.ReadWrite",
    ),
    "graph-builder-import": (
        "_providers/_outlook.py",
        "\nfrom msgraph.generated.users.item.send_mail.send_mail_request_builder import X\n",
        "send_mail",
    ),
    "graph-post": (
        "_providers/_outlook.py",
        "\nasync def _x(b):\n    await b.post(None)\n",
        "write operation .post",
    ),
    "graph-move": (
        "_providers/_outlook.py",
        "\nasync def _x(b):\n    await b.by_message_id('1').move.post(None)\n",
        "write operation .move",
    ),
    "egress-post-route": (
        "_core/_egress.py",
        "\n_X = _route('POST', 'gmail.googleapis.com', r'/gmail/v1/users/me/messages', 'x')\n",
        "'POST' outside the token routes",
    ),
    "egress-batch-route-elsewhere": (
        "_core/_egress.py",
        "\n_X = _route('POST', 'graph.microsoft.com', r'/batch', 'x', batch=True)\n",
        "'POST' outside the token routes",
    ),
    "gmail-watch-in-another-function": (
        "_providers/_gmail.py",
        "\ndef _x(s):\n    return s.users().watch(userId='me', body={})\n",
        "users...watch()",
    ),
    "gmail-stop": (
        "_providers/_gmail.py",
        "\nasync def _y(s):\n    return s.users().stop(userId='me')\n",
        "users...stop()",
    ),
    "egress-pubsub-publish-route": (
        "_core/_egress.py",
        "\n_X = _route('POST', 'pubsub.googleapis.com', r'/v1/projects/p/topics/t:publish', 'x')\n",
        "'POST' outside the token routes",
    ),
    "pubsub-admin-scope": (
        "_providers/_pubsub.py",
        "\n_S = 'https://www.googleapis.com/auth/cloud-platform'\n",
        "cloud-platform",
    ),
    "gmail-batch-in-another-function": (
        "_providers/_gmail.py",
        "\ndef _attempt(s):\n    return s.new_batch_http_request()\n",
        ".new_batch_http_request",
    ),
    "maildir-marks-seen": (
        "_providers/_maildir.py",
        "\ndef _x(a, b):\n    os.rename(a, b)\n",
        "os.rename",
    ),
    "maildir-writes": (
        "_providers/_maildir.py",
        "\ndef _x(p):\n    return open(p, 'a')\n",
        "open() for writing",
    ),
    "maildir-os-open-writes": (
        "_providers/_maildir.py",
        "\n_W = os.O_WRONLY | os.O_CREAT\ndef _x(p):\n    return os.open(p, _W)\n",
        "os.open() for writing",
    ),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_the_scan_finds_a_planted_violation(tmp_path: Path, name: str) -> None:
    relative, code, expected = PLANTED[name]
    copy = tmp_path / "otpmail"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / relative
    target.write_text(target.read_text(encoding="utf-8") + code, encoding="utf-8")
    found = scan(copy).violations

    assert found, f"the scan missed the planted {name}"
    assert all(v.startswith(f"otpmail/{relative}:") for v in found), found
    assert any(expected in v for v in found), found


def _snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns, p.stat().st_mode)
        for p in sorted(root.rglob("*"))
    }


async def test_reading_a_maildir_changes_nothing_in_it(tmp_path: Path) -> None:
    """Unlike a mail client, otpmail moves no message from new/ to cur/ and sets no flag."""
    from otpmail._reading._reader import Reader

    root = tmp_path / "maildir"
    for sub in ("new", "cur", "tmp"):
        (root / sub).mkdir(parents=True)
    mail = "From: a@acme.example\nTo: qa@example.com\nSubject: Code\n\nYour code is 123456.\n"
    (root / "new" / "1796000000.M1P1Q1.host").write_text(mail)
    (root / "cur" / "1796000001.M1P1Q2.host:2,").write_text(mail)
    config = tmp_path / "integrations.yaml"
    config.write_text(
        f"email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        f"      path: {root}\n"
    )
    before = _snapshot(root)

    async with Reader(config) as reader:
        assert (await reader.read_emails("qa@example.com"))["status"] == "ok"
        assert (await reader.read_emails("qa@example.com", count=True))["data"] == {"count": 2}
        await reader.wait_for_email("qa@example.com", timeout=0.3, poll_interval=0.05)

    assert _snapshot(root) == before
