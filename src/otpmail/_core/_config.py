"""The integrations file: strict loading, secret references, and routing a recipient to a
mailbox.

Loading never reads a secret: it records *where* each secret lives (a file path or an
environment variable name). Providers resolve the reference when they build their client,
so a configuration object can be printed or logged without leaking anything.

Every problem is ``NOT_CONFIGURED`` and names the file and the field; no value from the
file is echoed except names and addresses (never the value of a ``*_env`` field: a secret
pasted there would be printed). Every failure to load the YAML is ``config_invalid``.

The integrations file and key files are read before a call's deadline starts, so they are
read with a bound: only a regular file is opened (a FIFO would wait for a writer forever,
``/dev/zero`` never ends), and only up to :data:`MAX_INTEGRATIONS_FILE_BYTES` or
:data:`MAX_SECRET_FILE_BYTES` (:func:`read_regular_file`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from otpmail._core._bounds import DEFAULT_LIMITS, LIMIT_FIELDS, NON_BODY_MAX_CHARS, Limits
from otpmail._core._criteria import AddressFilter, parse_address_filter
from otpmail._core._egress import PUBSUB_SUBSCRIPTION, PUBSUB_TOPIC
from otpmail._core._errors import OtpmailError
from otpmail._core._perms import warn_about_integrations_file, warn_if_readable_by_others
from otpmail._core._retry import DEFAULT_DEADLINE, MAX_DEADLINE, seconds_in_range

ENV_VAR = "OTPMAIL_INTEGRATIONS"
DEFAULT_FILE = "integrations.yaml"

MAX_INTEGRATIONS_FILE_BYTES = 131_072
"""The largest integrations file loaded. A mailbox takes a few hundred bytes (the example
file, with its comments, is 2 KB), so this holds hundreds; PyYAML's pure-Python parser
takes up to about 0.8 s for this much YAML of the slowest shape."""
MAX_SECRET_FILE_BYTES = 1_048_576
"""The largest key or certificate file read: a service-account key is about 2.4 KB, a PEM
or PKCS12 certificate with its key and chain a few more."""

_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileRefused(Exception):
    """A file :func:`read_regular_file` would not read (its ``reason`` says why); the
    caller words the error."""

    def __init__(self, reason: str, *, too_large: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.too_large = too_large


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``limit`` bytes.

    Opened without blocking (``O_NONBLOCK``: opening a FIFO does not wait for a writer),
    then checked on the open descriptor, then read up to ``limit + 1`` bytes, so a file
    that grows while it is read is refused too. ``OSError`` (``FileNotFoundError``,
    ``PermissionError``, ...) passes through.

    Raises:
        FileRefused: not a regular file, or larger than ``limit``.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _FILE_KINDS if test(mode)), "not a regular file")
            raise FileRefused(f"is {kind}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65_536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefused(f"is larger than {limit} bytes", too_large=True)
        return b"".join(chunks)
    finally:
        os.close(fd)


# Keys that would move a request or widen access are named in the refusal so the user
# learns why, not just that the key is unknown.
_ENDPOINT_LIKE = re.compile(
    r"endpoint|host|url|uri|authority|proxy|scope|base|cloud|universe|domain_override",
    re.IGNORECASE,
)
_INLINE_SECRET = re.compile(
    r"secret|password|private_key|key|json|token|credential|certificate|grant", re.I
)
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_GUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_TENANT_DOMAIN = re.compile(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
# An authserv-id as MTAs write it: a host name (RFC 8601 §2.5 allows any token).
_AUTHSERV_ID = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})")


def not_configured(message: str, code: str = "config_invalid") -> OtpmailError:
    """A ``NOT_CONFIGURED:`` error."""
    return OtpmailError(code, message)


@dataclass(frozen=True)
class SecretRef:
    """Where a secret lives. Holds no secret material itself.

    ``env`` is the name of a variable, and never shown, in messages or in the ``repr``:
    what a user writes in a ``*_env`` field is sometimes the secret itself. ``field`` (the
    ``*_env`` key it came from) names it instead.

    >>> ref = SecretRef(env="Q8xK2mZ9pL4vN7rT1wY6", field="client_secret_env")
    >>> ref.describe(), "Q8xK2mZ9pL4vN7rT1wY6" in repr(ref)
    ('the environment variable that client_secret_env names', False)
    """

    file: Path | None = None
    env: str | None = field(default=None, repr=False)
    field: str = ""
    """The key of the integrations file that set ``env`` (``client_secret_env``)."""

    def describe(self) -> str:
        """Names the reference (a path, or the field that names a variable), never the
        value of the variable nor its name."""
        if self.file:
            return f"file {self.file}"
        return f"the environment variable that {self.field or 'its *_env field'} names"

    def read_bytes(self, what: str) -> bytes:
        """Resolve the reference. Missing or unreadable → ``NOT_CONFIGURED``; a file must
        be a regular file of at most :data:`MAX_SECRET_FILE_BYTES`."""
        if self.file is not None:
            try:
                data = read_regular_file(self.file, MAX_SECRET_FILE_BYTES)
            except FileNotFoundError:
                raise not_configured(
                    f"{what}: {self.describe()} does not exist", "secret_missing"
                ) from None
            except OSError as exc:
                raise not_configured(
                    f"{what}: {self.describe()} cannot be read ({exc.strerror})", "secret_missing"
                ) from None
            except FileRefused as refused:
                code = "secret_invalid" if refused.too_large else "secret_missing"
                raise not_configured(f"{what}: {self.describe()} {refused.reason}", code) from None
            warn_if_readable_by_others(self.file, what)
        else:
            assert self.env is not None
            value = os.environ.get(self.env)
            if value is None:
                raise not_configured(f"{what}: {self.describe()} is not set", "secret_missing")
            data = value.encode()
        if not data.strip():
            raise not_configured(f"{what}: {self.describe()} is empty", "secret_missing")
        return data


@dataclass(frozen=True)
class Mailbox:
    """Fields every mailbox has."""

    provider: str
    address: str
    domains: tuple[str, ...]
    source: str
    """``<file>: email.mailboxes[i]``, for messages."""
    limits: Limits = field(default=DEFAULT_LIMITS, kw_only=True)
    """The file's ``email.limits``, carried by each mailbox so that a provider, which is
    built from its mailbox alone, applies them."""
    authenticated: bool = field(default=False, kw_only=True)
    """``authenticated: true``: reads and waits on this mailbox count only mail the receiving
    server authenticated for its From domain, unless a call says ``authenticated=False``."""


@dataclass(frozen=True)
class GmailPush:
    """``push:`` of a Gmail entry: new mail is announced through Cloud Pub/Sub."""

    subscription: str
    """``projects/P/subscriptions/S``: this machine's pull subscription of the topic."""
    topic: str | None = None
    """``projects/P/topics/T``: set it to have the watch on the mailbox renewed."""
    safety_poll_seconds: float = 30.0
    """How often the mailbox is polled anyway while someone waits."""
    reconcile_seconds: float = 2.0
    """How long after a notification the mailbox is polled once more."""


@dataclass(frozen=True)
class OwnerSignIn:
    """``auth: user``: the mailbox is read with its owner's own grant (``otpmail login``),
    not an administrator's. Holds where the grant lives, never the grant.

    ``grant_env`` names a variable holding the grant (CI); ``grant_file`` a 0600 file;
    neither: the OS keyring, under :data:`KEYRING_SERVICE` and :attr:`keyring_user`.
    ``client_*`` (Gmail only) reference the user's own OAuth client, read by
    ``otpmail login`` alone: a grant carries what a refresh needs.

    >>> OwnerSignIn(keyring_user="gmail:me@example.com").describe()
    'the OS keyring (service otpmail, entry gmail:me@example.com)'
    """

    grant_file: Path | None = None
    grant_env: str | None = field(default=None, repr=False)
    keyring_user: str = ""
    client_secrets: SecretRef | None = None
    client_id: SecretRef | None = None
    client_secret: SecretRef | None = None

    def describe(self) -> str:
        """Where the grant lives, without the variable's name (see :class:`SecretRef`)."""
        if self.grant_file is not None:
            return f"file {self.grant_file}"
        if self.grant_env is not None:
            return "the environment variable that grant_env names"
        return f"the OS keyring (service {KEYRING_SERVICE}, entry {self.keyring_user})"


KEYRING_SERVICE = "otpmail"
"""The keyring service under which ``otpmail login`` stores grants."""


@dataclass(frozen=True)
class GmailMailbox(Mailbox):
    """A Workspace user read through a service account with domain-wide delegation, or
    (``owner`` set) any Gmail mailbox read with its owner's grant."""

    key: SecretRef = field(default_factory=SecretRef)
    push: GmailPush | None = None
    """Gmail push notifications through Cloud Pub/Sub, if configured."""
    owner: OwnerSignIn | None = None


@dataclass(frozen=True)
class MaildirMailbox(Mailbox):
    """A local Maildir, or a folder of ``.eml`` files."""

    path: Path = Path()
    trusted_authserv_id: str | None = None
    """``trusted_authserv_id``: the authserv-id of the MTA that delivers into this Maildir and
    writes ``Authentication-Results``; without it no Maildir message counts as checked."""


@dataclass(frozen=True)
class OutlookMailbox(Mailbox):
    """A Microsoft 365 mailbox read through Microsoft Graph with an app-only grant."""

    tenant_id: str = ""
    client_id: str = ""
    client_secret: SecretRef | None = None
    certificate: SecretRef | None = None
    certificate_password: SecretRef | None = None
    owner: OwnerSignIn | None = None
    """``auth: user``: read with the owner's delegated grant; ``tenant_id`` then holds the
    entry's ``tenant`` (``consumers``, ``organizations``, a GUID or a domain)."""


@dataclass(frozen=True)
class Config:
    """A loaded integrations file."""

    path: Path
    mailboxes: tuple[Mailbox, ...]
    limits: Limits = field(default=DEFAULT_LIMITS)
    """``email.limits``: the bounds on responses, bodies and results."""
    deadline_seconds: float = DEFAULT_DEADLINE
    """``email.deadline_seconds``: how long one call may take, token request, retries and
    paging included, unless the call names its own ``deadline``."""

    def deadline_for(self, override: float | None) -> float:
        """Seconds one provider call may take: a call's own ``deadline`` (already
        validated), else ``email.deadline_seconds``."""
        return self.deadline_seconds if override is None else override

    def route(self, to: AddressFilter) -> Mailbox:
        """The one mailbox that reads mail for ``to``.

        With one mailbox configured, every recipient is read from it. Otherwise the
        recipient (lowercased, ``+tag`` removed) must equal a mailbox ``address`` or fall in
        its ``domains``, and exactly one mailbox may match.
        """
        if len(self.mailboxes) == 1:
            return self.mailboxes[0]
        key = to.routing_key
        hits = [
            m
            for m in self.mailboxes
            if (to.local is not None and m.address == key) or to.domain in m.domains
        ]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise not_configured(
                f"no mailbox in {self.path} reads mail for {to.value}: add its address or its "
                "domain to a mailbox's address or domains",
                "no_mailbox",
            )
        names = ", ".join(m.address for m in hits)
        raise not_configured(
            f"more than one mailbox in {self.path} reads mail for {to.value} ({names}): "
            "make the addresses and domains unambiguous",
            "no_mailbox",
        )


# ---------------------------------------------------------------------------------------
# Loading


def resolve_path(path: str | os.PathLike[str] | None = None) -> Path:
    """The file to read: ``path``, else ``$OTPMAIL_INTEGRATIONS``, else ``./integrations.yaml``."""
    if path is not None:
        return Path(path)
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else Path(DEFAULT_FILE)


def load(path: str | os.PathLike[str] | None = None) -> Config:
    """Read and validate an integrations file. Every problem is ``NOT_CONFIGURED``."""
    # Absolute, so that every message names the file unambiguously (an MCP client or a CI
    # step may run from a folder the user does not know).
    file = resolve_path(path).absolute()
    try:
        text = read_regular_file(file, MAX_INTEGRATIONS_FILE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise not_configured(
            f"integrations file {file} not found (set {ENV_VAR} or pass its path)",
            "config_missing",
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
        raise not_configured(
            f"integrations file {file} cannot be read ({reason})", "config_missing"
        ) from None
    except FileRefused as refused:
        code = "config_invalid" if refused.too_large else "config_missing"
        raise not_configured(f"integrations file {file} {refused.reason}", code) from None
    document = _parse_yaml(text, file)
    if document is None:
        raise not_configured(f"integrations file {file} is empty", "config_missing")
    config = parse(document, file)
    warn_about_integrations_file(file, config.mailboxes)
    return config


def _parse_yaml(text: str, file: Path) -> object:
    """The YAML document of ``text``. Whatever stops PyYAML is ``config_invalid``, and
    nothing of the file is echoed but a position."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = ""
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        raise not_configured(f"integrations file {file} is not valid YAML{where}") from None
    except RecursionError:
        raise not_configured(
            f"integrations file {file} is not a usable integrations file: its values are "
            "nested too deeply"
        ) from None
    except (ValueError, TypeError, OverflowError, ArithmeticError):
        # The constructors of safe_load raise these for values they cannot build: an
        # integer of more digits than Python converts (ValueError), an impossible date or
        # time (!!timestamp 2024-13-45, or a bare 2024-02-30), ...
        raise not_configured(
            f"integrations file {file} is not a usable integrations file: it holds a value "
            "YAML cannot build (an integer with too many digits, an impossible date or time)"
        ) from None


def parse(document: object, file: Path) -> Config:
    """Validate a parsed YAML document (pure, apart from the path it is given)."""
    root = _mapping(document, f"{file}", {"email"}, required={"email"})
    email = _mapping(
        root["email"],
        f"{file}: email",
        {"mailboxes", "limits", "deadline_seconds"},
        required={"mailboxes"},
    )
    limits = (
        _limits(email["limits"], f"{file}: email.limits") if "limits" in email else DEFAULT_LIMITS
    )
    deadline = (
        _deadline(email["deadline_seconds"], f"{file}: email.deadline_seconds")
        if "deadline_seconds" in email
        else DEFAULT_DEADLINE
    )
    entries = email["mailboxes"]
    if not isinstance(entries, list) or not entries:
        raise not_configured(f"{file}: email.mailboxes must be a non-empty list")
    base = file.parent
    mailboxes = tuple(
        _mailbox(entry, f"{file}: email.mailboxes[{i}]", base, limits)
        for i, entry in enumerate(entries)
    )
    seen: dict[str, str] = {}
    for mailbox in mailboxes:
        if mailbox.address in seen:
            raise not_configured(f"{mailbox.source}: address {mailbox.address} is configured twice")
        seen[mailbox.address] = mailbox.source
    return Config(path=file, mailboxes=mailboxes, limits=limits, deadline_seconds=deadline)


def _deadline(value: object, where: str) -> float:
    """``email.deadline_seconds``: a positive number of seconds, at most an hour."""
    if not seconds_in_range(value, MAX_DEADLINE):
        raise not_configured(
            f"{where} must be a positive number of seconds, at most {MAX_DEADLINE:g}"
        )
    return float(value)


def _limits(value: object, where: str) -> Limits:
    """``email.limits``: any of the four bounds, each a positive whole number.

    ``result_chars`` must leave room for one whole message (the body bound plus the fixed
    caps on everything else), so a result can always hold the newest match.
    """
    entry = _mapping(value, where, set(LIMIT_FIELDS))
    chosen: dict[str, int] = {}
    for key in LIMIT_FIELDS:
        if key not in entry:
            continue
        number = entry[key]
        if isinstance(number, bool) or not isinstance(number, int) or number <= 0:
            raise not_configured(f"{where}.{key} must be a positive whole number")
        chosen[key] = number
    limits = Limits(**chosen)
    smallest = limits.body_chars + NON_BODY_MAX_CHARS
    if limits.result_chars < smallest:
        raise not_configured(
            f"{where}.result_chars must be at least body_chars + {NON_BODY_MAX_CHARS} "
            f"({smallest}), so that one whole message always fits in a result"
        )
    return limits


def _mapping(
    value: object,
    where: str,
    allowed: set[str],
    required: set[str] = frozenset(),  # type: ignore[assignment]
) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise not_configured(f"{where} must be a mapping")
    for key in value:
        if not isinstance(key, str):
            raise not_configured(f"{where}: keys must be strings")
        if key not in allowed:
            raise not_configured(_unknown_key_message(where, key, allowed))
    missing = sorted(required - set(value))
    if missing:
        raise not_configured(f"{where}: missing required key {missing[0]!r}")
    return value


def _unknown_key_message(where: str, key: str, allowed: set[str]) -> str:
    if _ENDPOINT_LIKE.search(key):
        why = "no setting can change a host, endpoint, proxy or scope: otpmail talks only to the official hosts"
    elif _INLINE_SECRET.search(key):
        why = "secrets are referenced by a file path or an environment variable (*_file / *_env), never written inline"
    else:
        why = "allowed keys: " + ", ".join(sorted(allowed))
    return f"{where}: unknown key {key!r} ({why})"


def _string(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise not_configured(f"{where}.{key} must be a non-empty string")
    return value.strip()


def _env_ref(entry: Mapping[str, Any], key: str, where: str) -> SecretRef:
    name = _string(entry, key, where)
    if not _ENV_NAME.fullmatch(name):
        raise not_configured(
            f"{where}.{key} must name an environment variable (letters, digits, underscore), "
            "not hold the secret itself"
        )
    return SecretRef(env=name, field=key)


def _file_ref(entry: Mapping[str, Any], key: str, where: str, base: Path) -> SecretRef:
    path = Path(_string(entry, key, where)).expanduser()
    return SecretRef(file=path if path.is_absolute() else base / path)


def _one_of(entry: Mapping[str, Any], keys: tuple[str, ...], where: str) -> str:
    present = [k for k in keys if k in entry]
    if len(present) != 1:
        raise not_configured(f"{where}: set exactly one of {', '.join(keys)}")
    return present[0]


_COMMON = {"provider", "address", "domains", "authenticated"}
_OWNER = {"auth", "grant_env", "grant_file"}
_OWNER_FIELDS = {
    "gmail": _COMMON | _OWNER | {"client_secrets_file", "client_id_env", "client_secret_env"},
    "outlook": _COMMON | _OWNER | {"client_id", "tenant"},
}
_OWNER_TENANTS = frozenset({"consumers", "organizations", "common"})
_FIELDS = {
    "gmail": _COMMON | {"service_account_file", "service_account_json_env", "auth", "push"},
    "maildir": _COMMON | {"path", "trusted_authserv_id"},
    "outlook": _COMMON
    | {
        "tenant_id",
        "client_id",
        "client_secret_env",
        "certificate_file",
        "certificate_env",
        "certificate_password_env",
        "auth",
    },
}


_PUSH_SECONDS = {"safety_poll_seconds": (5.0, 3600.0), "reconcile_seconds": (0.1, 60.0)}


def _gmail_push(value: object, where: str) -> GmailPush:
    """``push:`` of a Gmail entry: the machine's subscription, optionally the topic to keep
    the mailbox's watch on, and the two poll timings (each within its range)."""
    entry = _mapping(value, where, {"subscription", "topic", *_PUSH_SECONDS}, {"subscription"})
    subscription = _string(entry, "subscription", where)
    if not PUBSUB_SUBSCRIPTION.fullmatch(subscription):
        raise not_configured(
            f"{where}.subscription must be a full subscription name, "
            "projects/PROJECT_ID/subscriptions/NAME"
        )
    topic = _string(entry, "topic", where) if "topic" in entry else None
    if topic is not None and not PUBSUB_TOPIC.fullmatch(topic):
        raise not_configured(
            f"{where}.topic must be a full topic name, projects/PROJECT_ID/topics/NAME"
        )
    seconds: dict[str, float] = {}
    for key, (low, high) in _PUSH_SECONDS.items():
        if key not in entry:
            continue
        number = entry[key]
        if (
            isinstance(number, bool)
            or not isinstance(number, int | float)
            or not low <= number <= high
        ):
            raise not_configured(
                f"{where}.{key} must be a number of seconds from {low:g} to {high:g}"
            )
        seconds[key] = float(number)
    return GmailPush(subscription, topic, **seconds)


def _mailbox(entry: object, where: str, base: Path, limits: Limits = DEFAULT_LIMITS) -> Mailbox:
    if not isinstance(entry, dict):
        raise not_configured(f"{where} must be a mapping")
    provider = entry.get("provider")
    if provider not in _FIELDS:
        raise not_configured(f"{where}.provider must be one of: {', '.join(sorted(_FIELDS))}")
    owner_auth = _owner_auth(entry, provider, where)
    allowed = _OWNER_FIELDS[provider] if owner_auth else _FIELDS[provider]
    entry = dict(_mapping(entry, where, allowed, required={"provider", "address"}))
    try:
        address = parse_address_filter(_string(entry, "address", where), "address")
    except OtpmailError:
        raise not_configured(f"{where}.address must be an email address") from None
    if address.local is None:
        raise not_configured(f"{where}.address must be an email address, not a domain")
    domains_raw = entry.get("domains", [])
    if not isinstance(domains_raw, list) or not all(isinstance(d, str) for d in domains_raw):
        raise not_configured(f"{where}.domains must be a list of domain names")
    domains = []
    for d in domains_raw:
        try:
            parsed = parse_address_filter(d, "domain")
        except OtpmailError:
            raise not_configured(f"{where}.domains: {d!r} is not a domain name") from None
        if parsed.local is not None:
            raise not_configured(f"{where}.domains: {d!r} is an address, not a domain")
        domains.append(parsed.domain)
    authenticated = entry.get("authenticated", False)
    if not isinstance(authenticated, bool):
        raise not_configured(f"{where}.authenticated must be true or false")
    common = {
        "provider": provider,
        "address": address.value,
        "domains": tuple(domains),
        "source": where,
        "authenticated": authenticated,
    }

    if owner_auth:
        return _owner_mailbox(entry, provider, where, base, common, limits)
    if provider == "gmail":
        which = _one_of(entry, ("service_account_file", "service_account_json_env"), where)
        key = (
            _file_ref(entry, which, where, base)
            if which == "service_account_file"
            else _env_ref(entry, which, where)
        )
        push = _gmail_push(entry["push"], f"{where}.push") if "push" in entry else None
        return GmailMailbox(**common, key=key, limits=limits, push=push)
    if provider == "maildir":
        path = Path(_string(entry, "path", where)).expanduser()
        trusted = None
        if "trusted_authserv_id" in entry:
            trusted = _string(entry, "trusted_authserv_id", where).lower()
            if not _AUTHSERV_ID.fullmatch(trusted):
                raise not_configured(
                    f"{where}.trusted_authserv_id must be the authserv-id your MTA writes "
                    "first in Authentication-Results, such as mx.example.net"
                )
        return MaildirMailbox(
            **common,
            path=path if path.is_absolute() else base / path,
            limits=limits,
            trusted_authserv_id=trusted,
        )
    tenant = _string(entry, "tenant_id", where)
    if not (_GUID.fullmatch(tenant) or _TENANT_DOMAIN.fullmatch(tenant)):
        raise not_configured(
            f"{where}.tenant_id must be a directory (tenant) GUID or a verified domain"
        )
    client = _string(entry, "client_id", where)
    if not _GUID.fullmatch(client):
        raise not_configured(f"{where}.client_id must be an application (client) GUID")
    which = _one_of(entry, ("client_secret_env", "certificate_file", "certificate_env"), where)
    secret = cert = None
    if which == "client_secret_env":
        secret = _env_ref(entry, which, where)
        if "certificate_password_env" in entry:
            raise not_configured(f"{where}.certificate_password_env applies only to a certificate")
    elif which == "certificate_file":
        cert = _file_ref(entry, which, where, base)
    else:
        cert = _env_ref(entry, which, where)
    password = (
        _env_ref(entry, "certificate_password_env", where)
        if "certificate_password_env" in entry
        else None
    )
    return OutlookMailbox(
        **common,
        tenant_id=tenant.lower(),
        client_id=client.lower(),
        client_secret=secret,
        certificate=cert,
        certificate_password=password,
        limits=limits,
    )


def _owner_auth(entry: Mapping[str, Any], provider: str, where: str) -> bool:
    """Whether the entry reads with its owner's grant (``auth: user``)."""
    if "auth" not in entry or provider not in _OWNER_FIELDS:
        return False
    value = entry["auth"]
    default = "service_account" if provider == "gmail" else "app"
    if value not in ("user", default):
        raise not_configured(
            f"{where}.auth must be user (the owner's own grant, from otpmail login) or {default}"
        )
    return bool(value == "user")


def _owner_mailbox(
    entry: Mapping[str, Any],
    provider: str,
    where: str,
    base: Path,
    common: dict[str, Any],
    limits: Limits,
) -> Mailbox:
    """An ``auth: user`` entry: where its grant lives, and its OAuth client."""
    if "grant_env" in entry and "grant_file" in entry:
        raise not_configured(
            f"{where}: set at most one of grant_env, grant_file (neither: the OS keyring)"
        )
    grant_file = _file_ref(entry, "grant_file", where, base).file if "grant_file" in entry else None
    grant_env = _env_ref(entry, "grant_env", where).env if "grant_env" in entry else None
    user = f"{provider}:{common['address']}"
    if provider == "gmail":
        if "client_secrets_file" in entry and (
            "client_id_env" in entry or "client_secret_env" in entry
        ):
            raise not_configured(
                f"{where}: set client_secrets_file, or client_id_env with client_secret_env, not both"
            )
        if ("client_id_env" in entry) != ("client_secret_env" in entry):
            raise not_configured(f"{where}: client_id_env and client_secret_env go together")
        owner = OwnerSignIn(
            grant_file=grant_file,
            grant_env=grant_env,
            keyring_user=user,
            client_secrets=(
                _file_ref(entry, "client_secrets_file", where, base)
                if "client_secrets_file" in entry
                else None
            ),
            client_id=_env_ref(entry, "client_id_env", where) if "client_id_env" in entry else None,
            client_secret=(
                _env_ref(entry, "client_secret_env", where)
                if "client_secret_env" in entry
                else None
            ),
        )
        return GmailMailbox(**common, owner=owner, limits=limits)
    client = _string(entry, "client_id", where)
    if not _GUID.fullmatch(client):
        raise not_configured(
            f"{where}.client_id must be the application (client) GUID of your app registration"
        )
    tenant = _string(entry, "tenant", where).lower()
    if not (
        tenant in _OWNER_TENANTS or _GUID.fullmatch(tenant) or _TENANT_DOMAIN.fullmatch(tenant)
    ):
        raise not_configured(
            f"{where}.tenant must be consumers (outlook.com, hotmail), organizations (any work "
            "account), common, a directory (tenant) GUID or a verified domain"
        )
    owner = OwnerSignIn(grant_file=grant_file, grant_env=grant_env, keyring_user=user)
    return OutlookMailbox(
        **common, tenant_id=tenant, client_id=client.lower(), owner=owner, limits=limits
    )
