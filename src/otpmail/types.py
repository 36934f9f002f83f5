"""The shapes of otpmail's envelopes, for type checkers.

Every call answers with one of three dicts (the ``read_emails`` contract): the emails, a
count, or an error. These ``TypedDict`` s describe them key by key, so a checker can follow
``envelope["data"]["emails"][0]["code"]`` once the envelope is narrowed::

    from typing import cast
    from otpmail import read_emails
    from otpmail.types import OkEmails

    envelope = await read_emails("qa@example.com", latest=True)
    if envelope["status"] == "ok":
        emails = cast(OkEmails, envelope)["data"]["emails"]
        code = emails[0]["code"]  # str | None

The keys are exactly those of the envelopes (``tests/test_types.py`` checks each against
what a real read returns); a key marked ``NotRequired`` appears only when it applies.
"""

# No ``from __future__ import annotations``: the TypedDicts read their ``NotRequired``
# markers at run time (``__optional_keys__``), which string annotations would hide on 3.11.
from typing import Literal, NotRequired, TypedDict


class AttachmentDict(TypedDict):
    """An attachment's metadata (its content is never read out)."""

    name: str
    content_type: str
    size: int


class AuthenticationDict(TypedDict):
    """The receiving server's SPF/DKIM/DMARC verdict, ``None`` where its report is silent."""

    authenticated: bool
    checked: bool
    authserv_id: str | None
    spf: str | None
    dkim: str | None
    dmarc: str | None
    mailed_by: str | None
    signed_by: str | None
    header_from: str | None
    dkim_aligned: bool | None


class LinkDict(TypedDict):
    """One link of a mail: the URL as written and its visible text (``""`` when none)."""

    url: str
    text: str


EmailDict = TypedDict(
    "EmailDict",
    {
        # The five keys of the specification.
        "from": str,
        "to": str,
        "subject": str,
        "date": str,
        "body": str,
        "id": str,
        "received_at": str,
        "account": str,
        "attachments": list[AttachmentDict],
        "authentication": AuthenticationDict,
        "code": str | None,
        "links": list[LinkDict],
        # Only when a bound applied.
        "body_omitted": NotRequired[bool],
        "body_truncated": NotRequired[bool],
        "attachments_omitted": NotRequired[int],
    },
)
"""One email of an ok envelope (``from`` is a keyword, hence the functional form)."""


class EmailsData(TypedDict):
    emails: list[EmailDict]
    """Newest first."""
    dropped: NotRequired[int]
    """How many older matches the result bound left out, when it left any out."""


class OkEmails(TypedDict):
    """``{"status": "ok", "data": {"emails": [...]}}``."""

    status: Literal["ok"]
    data: EmailsData


class CountData(TypedDict):
    count: int


class OkCount(TypedDict):
    """``{"status": "ok", "data": {"count": N}}`` (``count=True``)."""

    status: Literal["ok"]
    data: CountData


ArrivedDict = TypedDict("ArrivedDict", {"from": str, "to": str, "subject": str, "received_at": str})
"""A mail that arrived during a wait and did not match, as a timeout lists it."""


class ErrorEnvelope(TypedDict):
    """``{"status": "error", "error": "PREFIX: message", "code": ..., "retryable": ...}``."""

    status: Literal["error"]
    error: str
    code: str
    retryable: bool
    arrived: NotRequired[list[ArrivedDict]]
    """A wait that timed out: the first few mails that arrived and did not match."""


Envelope = OkEmails | OkCount | ErrorEnvelope
"""Any answer of ``read_emails``, ``wait_for_email`` and their twins."""

__all__ = [
    "ArrivedDict",
    "AttachmentDict",
    "AuthenticationDict",
    "CountData",
    "EmailDict",
    "EmailsData",
    "Envelope",
    "ErrorEnvelope",
    "LinkDict",
    "OkCount",
    "OkEmails",
]
