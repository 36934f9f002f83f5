"""What crosses a watcher's socket, and how: length-prefixed JSON frames holding requests,
answers, decoded emails, provider cursors and errors. No credential or token is ever put
in a frame: the watcher alone holds the provider (docs/security-fleets.md)."""

from __future__ import annotations

import asyncio
import json
import struct
from dataclasses import fields
from datetime import datetime
from typing import Any

from otpmail._core._errors import CODES, OtpmailError
from otpmail._decoding import Attachment, Authentication, Email

MAX_FRAME = 64 * 1024 * 1024
"""A frame holds one answer: the emails of one poll, each already bounded by the
mailbox's limits."""
_HEADER = struct.Struct("!I")


class FrameError(Exception):
    """The peer sent something that is not a frame of this protocol."""


async def read_frame(reader: asyncio.StreamReader) -> dict[str, Any]:
    """The next frame; ``asyncio.IncompleteReadError`` at the end of the stream."""
    (size,) = _HEADER.unpack(await reader.readexactly(_HEADER.size))
    if size > MAX_FRAME:
        raise FrameError("frame too large")
    try:
        value = json.loads(await reader.readexactly(size))
    except (ValueError, UnicodeDecodeError):
        raise FrameError("frame is not JSON") from None
    if not isinstance(value, dict):
        raise FrameError("frame is not an object")
    return value


def frame(value: dict[str, Any]) -> bytes:
    data = json.dumps(value, separators=(",", ":")).encode()
    return _HEADER.pack(len(data)) + data


# -- emails ---------------------------------------------------------------------------------


def email_to_json(email: Email) -> dict[str, Any]:
    data: dict[str, Any] = {f.name: getattr(email, f.name) for f in fields(Email)}
    data["received_at"] = email.received_at.isoformat()
    data["attachments"] = [
        {f.name: getattr(a, f.name) for f in fields(Attachment)} for a in email.attachments
    ]
    data["authentication"] = {
        f.name: getattr(email.authentication, f.name) for f in fields(Authentication)
    }
    data["sender_addresses"] = list(email.sender_addresses)
    data["recipients"] = list(email.recipients)
    return data


def email_from_json(data: dict[str, Any]) -> Email:
    values = dict(data)
    values["received_at"] = datetime.fromisoformat(values["received_at"])
    values["attachments"] = tuple(Attachment(**a) for a in values["attachments"])
    values["authentication"] = Authentication(**values["authentication"])
    values["sender_addresses"] = tuple(values["sender_addresses"])
    values["recipients"] = tuple(values["recipients"])
    return Email(**values)


# -- provider cursors -----------------------------------------------------------------------


def cursor_to_json(cursor: object) -> Any:
    """A provider's cursor as JSON: Gmail's history id (an int), Graph's watch cursor (a
    time floor and the ids seen since). Anything else is not resumable (``None``): a
    watcher that takes over then starts that waiter from a fresh cursor."""
    if isinstance(cursor, int) and not isinstance(cursor, bool):
        return {"history": cursor}
    floor = getattr(cursor, "floor", None)
    seen = getattr(cursor, "seen", None)
    if isinstance(floor, datetime) and isinstance(seen, dict):
        return {"floor": floor.isoformat(), "seen": {k: v.isoformat() for k, v in seen.items()}}
    return None


def cursor_from_json(value: Any) -> object:
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("history"), int):
        return value["history"]
    if "floor" in value:
        from otpmail._providers._outlook import _WatchCursor

        return _WatchCursor(
            datetime.fromisoformat(value["floor"]),
            {k: datetime.fromisoformat(v) for k, v in value["seen"].items()},
        )
    return None


# -- errors ---------------------------------------------------------------------------------


def error_to_json(exc: OtpmailError) -> dict[str, Any]:
    return {"code": exc.code, "message": exc.message, "retry_after": exc.retry_after}


def error_from_json(data: dict[str, Any]) -> OtpmailError:
    code = str(data.get("code") or "")
    if code not in CODES:
        code = "request_failed"
    after = data.get("retry_after")
    return OtpmailError(
        code,
        str(data.get("message") or "the machine's watcher failed"),
        retry_after=float(after) if isinstance(after, int | float) else None,
    )
