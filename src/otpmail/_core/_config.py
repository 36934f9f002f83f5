"""The integrations file: strict loading, secret references, and routing a recipient to a
mailbox.

Loading never reads a secret: it records *where* each secret lives (a file path or an
environment variable name). Providers resolve the reference when they build their client,
so a configuration object can be printed or logged without leaking anything.

Every problem is ``NOT_CONFIGURED`` and names the file and the field; no value from the
file is echoed except names and addresses.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from otpmail._core._bounds import DEFAULT_LIMITS, LIMIT_FIELDS, NON_BODY_MAX_CHARS, Limits
from otpmail._core._criteria import AddressFilter, parse_address_filter
from otpmail._core._errors import OtpmailError
from otpmail._core._perms import warn_about_integrations_file, warn_if_readable_by_others
from otpmail._core._retry import DEFAULT_DEADLINE, MAX_DEADLINE

ENV_VAR = "OTPMAIL_INTEGRATIONS"
DEFAULT_FILE = "integrations.yaml"

# Keys that would move a request or widen access are named in the refusal so the user
# learns why, not just that the key is unknown.
_ENDPOINT_LIKE = re.compile(
    r"endpoint|host|url|uri|authority|proxy|scope|base|cloud|universe|domain_override",
    re.IGNORECASE,
)
_INLINE_SECRET = re.compile(
    r"secret|password|private_key|key|json|token|credential|certificate", re.I
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
    """Where a secret lives. Holds no secret material itself."""

    file: Path | None = None
    env: str | None = None

    def describe(self) -> str:
        """Names the reference (a path or a variable name), never the value."""
        return f"file {self.file}" if self.file else f"environment variable {self.env}"

    def read_bytes(self, what: str) -> bytes:
        """Resolve the reference. Missing or unreadable → ``NOT_CONFIGURED``."""
        if self.file is not None:
            try:
                data = self.file.read_bytes()
            except FileNotFoundError:
                raise not_configured(
                    f"{what}: {self.describe()} does not exist", "secret_missing"
                ) from None
            except OSError as exc:
                raise not_configured(
                    f"{what}: {self.describe()} cannot be read ({exc.strerror})", "secret_missing"
                ) from None
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
class GmailMailbox(Mailbox):
    """A Workspace user read through a service account with domain-wide delegation."""

    key: SecretRef = field(default_factory=SecretRef)


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
        text = file.read_text(encoding="utf-8")
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
    try:
        document = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = ""
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        raise not_configured(f"integrations file {file} is not valid YAML{where}") from None
    if document is None:
        raise not_configured(f"integrations file {file} is empty", "config_missing")
    config = parse(document, file)
    warn_about_integrations_file(file, config.mailboxes)
    return config


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
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= MAX_DEADLINE
    ):
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
    return SecretRef(env=name)


def _file_ref(entry: Mapping[str, Any], key: str, where: str, base: Path) -> SecretRef:
    path = Path(_string(entry, key, where)).expanduser()
    return SecretRef(file=path if path.is_absolute() else base / path)


def _one_of(entry: Mapping[str, Any], keys: tuple[str, ...], where: str) -> str:
    present = [k for k in keys if k in entry]
    if len(present) != 1:
        raise not_configured(f"{where}: set exactly one of {', '.join(keys)}")
    return present[0]


_COMMON = {"provider", "address", "domains", "authenticated"}
_FIELDS = {
    "gmail": _COMMON | {"service_account_file", "service_account_json_env"},
    "maildir": _COMMON | {"path", "trusted_authserv_id"},
    "outlook": _COMMON
    | {
        "tenant_id",
        "client_id",
        "client_secret_env",
        "certificate_file",
        "certificate_env",
        "certificate_password_env",
    },
}


def _mailbox(entry: object, where: str, base: Path, limits: Limits = DEFAULT_LIMITS) -> Mailbox:
    if not isinstance(entry, dict):
        raise not_configured(f"{where} must be a mapping")
    provider = entry.get("provider")
    if provider not in _FIELDS:
        raise not_configured(f"{where}.provider must be one of: {', '.join(sorted(_FIELDS))}")
    entry = dict(_mapping(entry, where, _FIELDS[provider], required={"provider", "address"}))
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

    if provider == "gmail":
        which = _one_of(entry, ("service_account_file", "service_account_json_env"), where)
        key = (
            _file_ref(entry, which, where, base)
            if which == "service_account_file"
            else _env_ref(entry, which, where)
        )
        return GmailMailbox(**common, key=key, limits=limits)
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
