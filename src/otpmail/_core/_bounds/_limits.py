"""``Limits``: the four configurable bounds (``email.limits`` in the integrations file).

Pure data; the checks that apply each bound live beside it in this package.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The four configurable bounds (``email.limits`` in the integrations file).

    The defaults follow dsh-mail-reader's, except the raw body bound:

    - ``response_bytes`` 16 MiB of message: an OTP mail with an ordinary attachment, on
      every provider (Gmail's base64 answer for it is allowed its 4/3, see
      :func:`response_limit`); larger messages need it raised (a refusal names the limit
      to raise);
    - ``raw_body_chars`` 250,000 rather than 100,000: this bound exists to cap conversion
      work, and the HTML converter handles about 1.4 million characters a second of a
      layout-table template (measured while choosing this default), so 250,000 costs under
      0.2 s. 100,000 sits right at
      Gmail's 102 KB clipping size, which heavier verification templates (inline CSS, a
      logo embedded as a ``data:`` URI) exceed, and omitting the body of a sign-in mail is
      the one failure this library exists to avoid;
    - ``body_chars`` 20,000: far more than any verification mail needs, still cheap for a
      model;
    - ``result_chars`` 60,000: the ten emails of one call when their bodies are ordinary,
      and always one whole message (the configuration enforces
      ``result_chars >= body_chars + NON_BODY_MAX_CHARS``).

    >>> Limits().raw_body_chars
    250000
    >>> Limits(result_chars=90_000).result_chars
    90000
    """

    response_bytes: int = 16 * 1024 * 1024
    raw_body_chars: int = 250_000
    body_chars: int = 20_000
    result_chars: int = 60_000


DEFAULT_LIMITS = Limits()

LIMIT_FIELDS = ("response_bytes", "raw_body_chars", "body_chars", "result_chars")
