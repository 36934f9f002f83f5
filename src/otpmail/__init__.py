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

from otpmail._errors import CODES, OtpmailError, Prefix
from otpmail._extract import extract_code, extract_links, pick_action_link
from otpmail._reader import (
    Reader,
    read_emails,
    read_emails_sync,
    wait_for_email,
    wait_for_email_sync,
)

__all__ = [
    "CODES",
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

# Public classes read as ``otpmail.Reader`` in reprs and tracebacks. Functions keep their
# home module so that doctest finds their examples there.
for _name in __all__:
    _obj = globals()[_name]
    if isinstance(_obj, type) and _obj.__module__.startswith("otpmail._"):
        _obj.__module__ = "otpmail"
del _name, _obj


def __getattr__(name: str) -> str:
    if name == "__version__":
        from importlib.metadata import version

        return version("otpmail")
    raise AttributeError(f"module 'otpmail' has no attribute {name!r}")
