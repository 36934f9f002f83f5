"""The grant: what ``otpmail login`` stores and every read refreshes from.

Only what a refresh needs, so that it fits the smallest keyring (Windows Credential
Manager holds 2,560 bytes, jaraco/keyring#355):

- Gmail: Google's own ``authorized_user`` JSON (what google-auth reads and gcloud writes):
  ``type``, ``client_id``, ``client_secret`` (a Desktop client's secret is not a secret to
  Google, https://developers.google.com/identity/protocols/oauth2, but refreshing needs it,
  ``google/oauth2/credentials.py``) and ``refresh_token``; plus ``scopes`` and
  ``granted_at``, which google-auth ignores, for the messages about expiry.
- Microsoft: the app registration (``client_id``, ``tenant``), the ``refresh_token`` and
  the ``account`` it belongs to; never MSAL's whole token cache.

Reading one never echoes it: a malformed grant is ``secret_invalid`` naming where it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from otpmail._core._config import not_configured

GOOGLE_TYPE = "authorized_user"
MICROSOFT_TYPE = "otpmail_microsoft_user"


def now_text() -> str:
    """The time of a sign-in, as stored in ``granted_at``."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def granted_at(text: str | None) -> datetime | None:
    """``granted_at`` read back, or ``None`` if absent or unreadable."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class GoogleGrant:
    """An ``authorized_user`` grant. The ``repr`` shows none of its secrets."""

    client_id: str
    client_secret: str = field(repr=False)
    refresh_token: str = field(repr=False)
    scopes: tuple[str, ...] = ()
    granted_at: str = ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "type": GOOGLE_TYPE,
                "client_id": self.client_id,
                "client_secret": self.client_secret,
                "refresh_token": self.refresh_token,
                "scopes": list(self.scopes),
                "granted_at": self.granted_at,
            }
        )

    def info(self) -> dict[str, Any]:
        """What ``google.oauth2.credentials.Credentials.from_authorized_user_info`` takes."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "refresh_token": self.refresh_token,
        }


@dataclass(frozen=True)
class MicrosoftGrant:
    """A Microsoft refresh token and the app registration it was issued to."""

    client_id: str
    tenant: str
    refresh_token: str = field(repr=False)
    account: str = ""
    granted_at: str = ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "type": MICROSOFT_TYPE,
                "client_id": self.client_id,
                "tenant": self.tenant,
                "refresh_token": self.refresh_token,
                "account": self.account,
                "granted_at": self.granted_at,
            }
        )

    def rotated(self, refresh_token: str) -> MicrosoftGrant:
        """The same grant with the refresh token Microsoft handed back."""
        return MicrosoftGrant(
            self.client_id, self.tenant, refresh_token, self.account, self.granted_at
        )


def _object(text: str, what: str, where: str, kind: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        raise not_configured(f"{what} ({where}) is not valid JSON", "secret_invalid") from None
    if not isinstance(value, dict) or value.get("type") != kind:
        raise not_configured(
            f"{what} ({where}) is not a grant from otpmail login (type must be {kind})",
            "secret_invalid",
        )
    return value


def _text(value: dict[str, Any], key: str, what: str, where: str) -> str:
    item = value.get(key)
    if not isinstance(item, str) or not item.strip():
        raise not_configured(f"{what} ({where}) has no {key}", "secret_invalid")
    return item.strip()


def read_google_grant(text: str, what: str, where: str) -> GoogleGrant:
    """A Gmail grant, checked. ``what`` and ``where`` name it in errors."""
    value = _object(text, what, where, GOOGLE_TYPE)
    scopes = value.get("scopes") or []
    if isinstance(scopes, str):
        scopes = scopes.split()
    if not isinstance(scopes, list) or not all(isinstance(s, str) for s in scopes):
        raise not_configured(f"{what} ({where}) has unreadable scopes", "secret_invalid")
    stamp = value.get("granted_at")
    return GoogleGrant(
        _text(value, "client_id", what, where),
        _text(value, "client_secret", what, where),
        _text(value, "refresh_token", what, where),
        tuple(scopes),
        stamp if isinstance(stamp, str) else "",
    )


def read_microsoft_grant(text: str, what: str, where: str) -> MicrosoftGrant:
    """A Microsoft grant, checked. ``what`` and ``where`` name it in errors."""
    value = _object(text, what, where, MICROSOFT_TYPE)
    account = value.get("account")
    stamp = value.get("granted_at")
    return MicrosoftGrant(
        client_id=_text(value, "client_id", what, where).lower(),
        tenant=_text(value, "tenant", what, where).lower(),
        refresh_token=_text(value, "refresh_token", what, where),
        account=account if isinstance(account, str) else "",
        granted_at=stamp if isinstance(stamp, str) else "",
    )


_READ_ONLY = ("gmail.readonly", "mail.read")
_SIGN_IN_SCOPES = frozenset({"openid", "profile", "email", "offline_access"})


@dataclass(frozen=True)
class OwnerReport:
    """What ``otpmail check --deep`` shows of an owner's grant: where it came from, the
    scopes the provider says it grants, and whose mailbox its token reads."""

    where: str
    scopes: tuple[str, ...]
    account: str

    @property
    def broader(self) -> tuple[str, ...]:
        """Granted scopes beyond reading mail (and the sign-in's own OpenID scopes)."""
        return tuple(
            s
            for s in self.scopes
            if s.lower() not in _SIGN_IN_SCOPES and not s.lower().endswith(_READ_ONLY)
        )
