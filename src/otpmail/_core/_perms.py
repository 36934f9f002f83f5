"""Warn when a file that holds or names credentials can be read by other users.

A service-account key or certificate is read when its mailbox is first used; the
integrations file when it is loaded. If group or others may read one (POSIX mode bits), the
``otpmail`` logger warns once per file and process, naming the path and the fix
(``chmod 600``), unless a caller that reports the file itself said so
(:func:`mark_reported`). Nothing from the file is ever echoed. An integrations file that
configures only Maildir mailboxes names no credential and is not reported, by the logger
or by ``otpmail check``, which reports the others once each (:mod:`otpmail._frontends._check`).
"""

from __future__ import annotations

import logging
import os
import stat
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

log = logging.getLogger("otpmail")

_warned: set[Path] = set()
_lock = threading.Lock()


class _Named(Protocol):
    @property
    def provider(self) -> str: ...


def readable_by_others(path: Path) -> bool:
    """True when the group or other users may read ``path`` (always False off POSIX)."""
    if os.name != "posix":
        return False
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return bool(mode & (stat.S_IRGRP | stat.S_IROTH))


def warn_if_readable_by_others(path: Path, what: str) -> None:
    """One ``logging.warning`` per file and process when others can read ``path``."""
    if not readable_by_others(path):
        return
    key = path.absolute()
    with _lock:
        if key in _warned:
            return
        _warned.add(key)
    log.warning(
        "%s %s is readable by other users; restrict it with: chmod 600 %s", what, path, path
    )


def mark_reported(path: Path) -> None:
    """The caller reports ``path`` itself (``otpmail check`` prints a warning with the fix):
    the logger does not warn about it again in this process."""
    with _lock:
        _warned.add(path.absolute())


def names_a_credential(mailboxes: Iterable[_Named]) -> bool:
    """Whether an integrations file with these mailboxes names a key or a secret: every
    provider but Maildir needs one."""
    return any(m.provider != "maildir" for m in mailboxes)


def warn_about_integrations_file(path: Path, mailboxes: Iterable[_Named]) -> None:
    """Warn about the integrations file itself when it configures a credentialed mailbox."""
    if names_a_credential(mailboxes):
        warn_if_readable_by_others(path, "integrations file")
