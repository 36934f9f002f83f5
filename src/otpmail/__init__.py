"""otpmail: read one-time codes, magic links and transactional mail from real mailboxes.

Gmail (Workspace service account with domain-wide delegation), Microsoft 365 (Graph,
app-only) and a local Maildir, behind one read-only call:

    >>> import asyncio
    >>> from otpmail import Reader
    >>> async def newest():
    ...     async with Reader.from_file("integrations.example.yaml") as reader:
    ...         return await reader.read_emails("otp@example.test", latest=True)
    >>> asyncio.run(newest())["status"]
    'ok'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from otpmail._core._errors import CODES, OtpmailError, Prefix
    from otpmail._decoding import extract_code, extract_links, pick_action_link
    from otpmail._reading._consumer import Consumer
    from otpmail._reading._reader import (
        Reader,
        read_emails,
        read_emails_sync,
        wait_for_email,
        wait_for_email_sync,
    )

__all__ = [
    "CODES",
    "Consumer",
    "OtpmailError",
    "Prefix",
    "Reader",
    "extract_code",
    "extract_links",
    "pick_action_link",
    "read_emails",
    "read_emails_sync",
    "wait_for_email",
    "wait_for_email_sync",
]

# Names are imported on first use: ``import otpmail`` (and so every pytest run, since the
# plugin lives in this package) costs almost nothing until a name is used.
_HOMES = {
    "CODES": "otpmail._core._errors",
    "Consumer": "otpmail._reading._consumer",
    "OtpmailError": "otpmail._core._errors",
    "Prefix": "otpmail._core._errors",
    "extract_code": "otpmail._decoding",
    "extract_links": "otpmail._decoding",
    "pick_action_link": "otpmail._decoding",
    "Reader": "otpmail._reading._reader",
    "read_emails": "otpmail._reading._reader",
    "read_emails_sync": "otpmail._reading._reader",
    "wait_for_email": "otpmail._reading._reader",
    "wait_for_email_sync": "otpmail._reading._reader",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import version

        return version("otpmail")
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'otpmail' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    # Public classes read as ``otpmail.Reader`` in reprs and tracebacks. Functions keep
    # their home module so that doctest finds their examples there.
    if isinstance(value, type) and value.__module__.startswith("otpmail._"):
        value.__module__ = "otpmail"
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
