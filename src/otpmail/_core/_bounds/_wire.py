"""How large a provider answer may be (bound 1): ``response_bytes`` of message, what that
allows an answer that wraps it (:class:`Carrier`), a batch answer and a token answer, and
the refusals that name the bound to raise.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from otpmail._core._bounds._limits import Limits
from otpmail._core._errors import OtpmailError


class Carrier(enum.Enum):
    """How a provider answer carries what the bound is about."""

    PLAIN = "plain"
    """The bytes are the message (a Maildir file) or a listing: compared as they are."""
    BASE64_IN_JSON = "base64 in JSON"
    """One message base64url-encoded in a JSON string, with a few short fields around it
    (Gmail ``messages.get?format=raw``: the ``raw`` field of the Gmail API's ``Message``
    schema, discovery document ``gmail.v1.json``)."""


JSON_ALLOWANCE = 4_096
"""Bytes a :attr:`Carrier.BASE64_IN_JSON` answer may add to the base64 text: base64
padding, the JSON punctuation and whitespace, and ``id``, ``threadId``, ``labelIds``,
``historyId``, ``internalDate`` and ``sizeEstimate`` (about 530 bytes pretty-printed, with a
dozen labels; ``snippet`` too, were it asked for).
Fixed, so the answer bound stays a function of ``response_bytes`` alone."""


def response_limit(limits: Limits, carrier: Carrier = Carrier.PLAIN) -> int:
    """The most bytes an answer may have: ``response_bytes``, or for a base64-in-JSON
    answer what a message of ``response_bytes`` takes there, ceil(4/3 × response_bytes) +
    :data:`JSON_ALLOWANCE`.

    >>> response_limit(Limits())
    16777216
    >>> response_limit(Limits(), Carrier.BASE64_IN_JSON)
    22373718
    """
    if carrier is Carrier.PLAIN:
        return limits.response_bytes
    return -(-limits.response_bytes * 4 // 3) + JSON_ALLOWANCE


WIRE_ALLOWANCE = 65_536
"""Bytes an answer may have on the wire beyond what it may inflate to: gzip's header (its
optional name and comment fields included) and deflate's stored blocks, which make
incompressible data a few bytes in 64 KiB larger."""

MAX_TOKEN_RESPONSE_BYTES = 1_048_576
"""The most a token endpoint's answer may hold, inflated. A token answer is a few kilobytes
(an access token of 1-4 KB and its expiry); an error page a few more. Fixed, not
``response_bytes``: a token answer carries no mail."""


@dataclass(frozen=True)
class AnswerBound:
    """How much one provider answer may hold, and how a refusal names that bound.

    Made by :func:`answer_bound` (a mailbox answer, from ``email.limits``),
    :func:`batch_answer_bound` (a batch answer, from its parts) or :func:`token_answer_bound`
    (a token endpoint's answer). Transports apply it while they read
    (:mod:`otpmail._core._answers`) and :meth:`check` what they were handed.

    >>> answer_bound(Limits(), "Gmail users.messages.list").limit
    16777216
    >>> batch_answer_bound(Limits(), "Gmail batch", [Carrier.BASE64_IN_JSON] * 10).limit
    44767916
    """

    limit: int
    """Bytes, once inflated."""
    what: str
    """The operation, for the message (``"Gmail users.messages.get"``)."""
    limits: Limits | None = None
    """The ``email.limits`` the limit was derived from; ``None`` for a token answer."""
    carrier: Carrier = Carrier.PLAIN
    parts: tuple[Carrier, ...] = ()
    """For a batch answer, how each of its parts carries its message."""

    @property
    def wire_limit(self) -> int:
        """Bytes the answer may have as it was sent (compressed or not)."""
        return self.limit + WIRE_ALLOWANCE

    def check(self, n_bytes: int) -> None:
        """Refuse a whole answer of ``n_bytes`` over the bound, with the words of
        :func:`check_response_size` (or :func:`check_batch_response_size`).

        >>> token_answer_bound("Entra token request").check(2_000_000)
        Traceback (most recent call last):
        otpmail._core._errors.OtpmailError: API_ERROR: Entra token request refused: the response is 2000000 bytes, more than 1048576; a token answer is a few kilobytes
        """
        if n_bytes <= self.limit:
            return
        if self.limits is None:
            raise OtpmailError(
                "response_too_large",
                f"{self.what} refused: the response is {n_bytes} bytes, more than "
                f"{self.limit}; a token answer is a few kilobytes",
            )
        if self.parts:
            check_batch_response_size(n_bytes, self.limits, self.what, self.parts)
        check_response_size(n_bytes, self.limits, self.what, self.carrier)

    def refusal(self, *, inflated: bool = False) -> OtpmailError:
        """The ``response_too_large`` error for an answer found over the bound while it was
        read, its whole size unknown (reading stopped there); ``inflated`` when it was
        inflating that it passed the bound.

        >>> print(answer_bound(Limits(response_bytes=1_000), "Graph list messages").refusal())
        API_ERROR: Graph list messages refused: the response is more than 1000 bytes, more than email.limits.response_bytes (1000)
        >>> print(token_answer_bound("Entra token request").refusal(inflated=True))
        API_ERROR: Entra token request refused: the response inflates to more than 1048576 bytes; a token answer is a few kilobytes
        """
        size = f"inflates to more than {self.limit}" if inflated else f"is more than {self.limit}"
        if self.limits is None:
            detail = f"the response {size} bytes; a token answer is a few kilobytes"
        elif self.parts:
            detail = (
                f"the response {size} bytes, more than a batch of {len(self.parts)} may be at "
                f"email.limits.response_bytes ({self.limits.response_bytes})"
            )
        elif self.carrier is Carrier.PLAIN:
            detail = (
                f"the response {size} bytes, more than email.limits.response_bytes "
                f"({self.limits.response_bytes})"
            )
        else:
            detail = (
                f"the message is more than email.limits.response_bytes "
                f"({self.limits.response_bytes}): its base64 answer {size} bytes, more than "
                "that allows"
            )
        return OtpmailError("response_too_large", f"{self.what} refused: {detail}")


def answer_bound(limits: Limits, what: str, carrier: Carrier = Carrier.PLAIN) -> AnswerBound:
    """The bound of a mailbox answer: :func:`response_limit`."""
    return AnswerBound(response_limit(limits, carrier), what, limits, carrier)


def batch_answer_bound(limits: Limits, what: str, carriers: Sequence[Carrier]) -> AnswerBound:
    """The bound of a batch answer: :func:`batch_response_limit` (each part is then held to
    its own bound by whoever splits the answer)."""
    return AnswerBound(
        batch_response_limit(limits, carriers), what, limits, Carrier.PLAIN, tuple(carriers)
    )


def token_answer_bound(what: str) -> AnswerBound:
    """The bound of a token endpoint's answer: :data:`MAX_TOKEN_RESPONSE_BYTES`."""
    return AnswerBound(MAX_TOKEN_RESPONSE_BYTES, what)


def check_response_size(
    n_bytes: int, limits: Limits, what: str, carrier: Carrier = Carrier.PLAIN
) -> None:
    """Refuse a provider answer larger than :func:`response_limit`, before parsing it.

    ``what`` names the operation for the message (for example ``"Gmail messages.get"``);
    nothing from the response is quoted. The message names ``email.limits.response_bytes``
    and the two figures compared.

    Raises:
        OtpmailError: code ``response_too_large`` (``API_ERROR``, not retryable: the same
            message will be just as large next time; raising the limit is the remedy).

    >>> check_response_size(1_000, Limits(), "Gmail messages.get")
    >>> try:
    ...     check_response_size(2_000, Limits(response_bytes=1_000), "Gmail messages.list")
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.list refused: the response is 2000 bytes, more than email.limits.response_bytes (1000)
    >>> try:
    ...     check_response_size(
    ...         5_431, Limits(response_bytes=1_000), "Gmail messages.get", Carrier.BASE64_IN_JSON
    ...     )
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.get refused: the message is more than email.limits.response_bytes (1000): its base64 answer is 5431 bytes, more than the 5430 that allows
    """
    limit = response_limit(limits, carrier)
    if n_bytes <= limit:
        return
    if carrier is Carrier.PLAIN:
        detail = (
            f"the response is {n_bytes} bytes, more than "
            f"email.limits.response_bytes ({limits.response_bytes})"
        )
    else:
        detail = (
            f"the message is more than email.limits.response_bytes ({limits.response_bytes}): "
            f"its base64 answer is {n_bytes} bytes, more than the {limit} "
            "that allows"
        )
    raise OtpmailError("response_too_large", f"{what} refused: {detail}")


BATCH_PART_ALLOWANCE = 2_048
"""Bytes each part of a batch answer may add to its own answer: the boundary line, the part
headers (``Content-Type``, ``Content-ID``) and the inner status line and headers, about 250
bytes as Gmail writes them (the part shape of google-api-python-client's
``tests/test_http.py``, ``BATCH_RESPONSE``)."""
BATCH_ANSWERS = 2
"""How many of its largest part's answers a batch answer may hold (see
:func:`batch_response_limit`)."""


def batch_response_limit(limits: Limits, carriers: Sequence[Carrier]) -> int:
    """The most bytes a batch answer may have: :data:`BATCH_ANSWERS` times what the largest
    of its parts may be as an answer of its own (:func:`response_limit`), plus
    :data:`BATCH_PART_ALLOWANCE` a part. Each part is then held to its own bound.

    Not the sum of its parts: the client holds a batch answer whole and parses it into
    several copies at once (about 7 times its size, ``bench/run.py``), where a lone answer
    takes about 3 times its own. At twice one answer, a batch parses in about what five
    lone fetches side by side took; a larger answer is refused before it is parsed, and
    the provider fetches its messages one by one instead.

    >>> batch_response_limit(Limits(response_bytes=1_000), [Carrier.BASE64_IN_JSON] * 2)
    14956
    """
    largest = max((response_limit(limits, carrier) for carrier in carriers), default=0)
    return BATCH_ANSWERS * largest + BATCH_PART_ALLOWANCE * len(carriers)


def check_batch_response_size(
    n_bytes: int, limits: Limits, what: str, carriers: Sequence[Carrier]
) -> None:
    """Refuse a batch answer larger than :func:`batch_response_limit`, before parsing it.

    Raises:
        OtpmailError: code ``response_too_large``, as :func:`check_response_size`.

    >>> try:
    ...     check_batch_response_size(
    ...         20_000, Limits(response_bytes=1_000), "Gmail batch", [Carrier.BASE64_IN_JSON] * 2
    ...     )
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail batch refused: the response is 20000 bytes, more than a batch of 2 may be at email.limits.response_bytes (1000): 14956
    """
    limit = batch_response_limit(limits, carriers)
    if n_bytes <= limit:
        return
    raise OtpmailError(
        "response_too_large",
        f"{what} refused: the response is {n_bytes} bytes, more than a batch of "
        f"{len(carriers)} may be at email.limits.response_bytes ({limits.response_bytes}): "
        f"{limit}",
    )


def check_message_size(n_bytes: int, limits: Limits, what: str) -> None:
    """Refuse a decoded message larger than ``response_bytes``, before the MIME parse: an
    encoded answer passed :func:`check_response_size` with room for its wrapping, and this
    makes the bound exact in message bytes.

    Raises:
        OtpmailError: code ``response_too_large``, as :func:`check_response_size`.

    >>> check_message_size(1_000, Limits(response_bytes=1_000), "Gmail messages.get")
    >>> try:
    ...     check_message_size(1_001, Limits(response_bytes=1_000), "Gmail messages.get")
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.get refused: the message is 1001 bytes, more than email.limits.response_bytes (1000)
    """
    if n_bytes > limits.response_bytes:
        raise OtpmailError(
            "response_too_large",
            f"{what} refused: the message is {n_bytes} bytes, more than "
            f"email.limits.response_bytes ({limits.response_bytes})",
        )
