"""Whether the live tests run, are skipped, or must fail: pure, so it is tested offline.

A CI job asks for the live tests with ``OTPMAIL_LIVE=1`` (not a secret: set it in the
workflow) and gives the mailboxes with ``OTPMAIL_LIVE_INTEGRATIONS``, the path of an
integrations file whose key and secret references name the job's secret variables. Giving
the file is asking too. Once asked, nothing may be missing: a secret the CI did not pass (a
fork's pull request gets none, and an unset secret expands to an empty string) fails the
run instead of skipping it, so a green live job always means the live checks ran.
``OTPMAIL_LIVE=0`` opts out explicitly.

``OTPMAIL_LIVE_DENIED_INTEGRATIONS`` (optional) names a file whose mailboxes the same
credentials must *not* be able to read (a user outside the delegation, a mailbox outside
the app's access policy): the error answers are checked against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ASK = "OTPMAIL_LIVE"
FILE = "OTPMAIL_LIVE_INTEGRATIONS"
DENIED = "OTPMAIL_LIVE_DENIED_INTEGRATIONS"
_NO = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True)
class Gate:
    """``run``, or else ``skip`` or ``fail`` with the reason."""

    outcome: str
    reason: str = ""
    integrations: Path | None = None
    denied: Path | None = None


def gate(environ: Mapping[str, str]) -> Gate:
    """Decide from the environment.

    >>> gate({}).outcome
    'skip'
    >>> gate({"OTPMAIL_LIVE": "1"}).reason
    'OTPMAIL_LIVE=1 asks for the live tests, but OTPMAIL_LIVE_INTEGRATIONS is not set (or empty)'
    """
    ask = environ.get(ASK, "").strip().lower()
    path = environ.get(FILE, "").strip()
    if ask in _NO and ask:
        return Gate("skip", f"{ASK}={environ[ASK]}: live tests switched off")
    if not ask and not path:
        return Gate("skip", f"no live credentials: set {ASK}=1 and {FILE} (docs/live.md)")
    asked = f"{ASK}={environ[ASK]} asks for the live tests" if ask else f"{FILE} is set"
    if not path:
        return Gate("fail", f"{asked}, but {FILE} is not set (or empty)")
    integrations = Path(path)
    if not integrations.is_file():
        return Gate("fail", f"{asked}, but {FILE} names no file: {path}")
    denied_text = environ.get(DENIED, "").strip()
    denied = Path(denied_text) if denied_text else None
    if denied is not None and not denied.is_file():
        return Gate("fail", f"{DENIED} names no file: {denied_text}")
    return Gate("run", integrations=integrations, denied=denied)
