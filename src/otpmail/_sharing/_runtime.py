"""Where a machine's watchers live: a private runtime directory, one lock file and one
socket per mailbox, and who may connect (docs/fleets.md, docs/security-fleets.md).

Nothing here trusts the file system blindly: the directory must be owned by this user and
closed to everyone else (0700), and every socket peer must run as this user (its kernel
credentials, ``SO_PEERCRED``), or sharing is refused and each process polls on its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import socket
import stat
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("otpmail.sharing")

RUNTIME_ENV = "OTPMAIL_RUNTIME_DIR"
"""Names the runtime directory (tests, or a CI runner with its own layout)."""
SHARING_ENV = "OTPMAIL_SHARING"
"""``off`` (or ``0``, ``false``, ``no``): every process polls on its own, as before."""
MAX_SOCKET_PATH = 100
"""``sun_path`` holds 108 bytes on Linux (104 on macOS); longer paths cannot be bound."""


class SharingRefused(Exception):
    """Sharing cannot be used safely here; the caller polls on its own."""


def sharing_enabled() -> bool:
    return os.environ.get(SHARING_ENV, "").strip().lower() not in {"off", "0", "false", "no"}


def runtime_dir() -> Path:
    """The private directory of this user's watchers, created 0700 if missing.

    ``$OTPMAIL_RUNTIME_DIR``, else ``$XDG_RUNTIME_DIR/otpmail``, else
    ``<temp dir>/otpmail-<uid>``. Refused (:class:`SharingRefused`) unless it is a real
    directory (not a symlink) owned by this user with no access for group or others.
    """
    named = os.environ.get(RUNTIME_ENV)
    if named:
        path = Path(named)
    elif os.environ.get("XDG_RUNTIME_DIR"):
        path = Path(os.environ["XDG_RUNTIME_DIR"]) / "otpmail"
    else:
        path = Path(tempfile.gettempdir()) / f"otpmail-{os.getuid()}"
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=0o700)
    check_private_dir(path)
    return path


def check_private_dir(path: Path) -> None:
    """Raise :class:`SharingRefused` unless ``path`` is this user's own 0700 directory."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise SharingRefused(f"runtime directory unusable ({exc.strerror})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise SharingRefused("runtime directory is not a directory (or is a symlink)")
    if info.st_uid != os.getuid():
        raise SharingRefused("runtime directory belongs to another user")
    if info.st_mode & 0o077:
        raise SharingRefused("runtime directory is open to group or others (must be 0700)")


@dataclass(frozen=True)
class Place:
    """The lock file and socket of one mailbox's watcher."""

    lock: Path
    socket: Path


def place_for(key: str) -> Place:
    """Where the watcher of the mailbox ``key`` (see ``share_key``) locks and listens."""
    folder = runtime_dir()
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    place = Place(folder / f"{name}.lock", folder / f"{name}.sock")
    if len(os.fsencode(place.socket)) > MAX_SOCKET_PATH:
        raise SharingRefused("runtime directory path too long for a Unix socket")
    return place


def try_lock(path: Path) -> int | None:
    """An open descriptor holding the exclusive lock on ``path``, or None if another open
    file (another process, or another watcher of this one) holds it. The kernel releases
    the lock when the descriptor closes, including when the process dies."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def peer_uid(sock: socket.socket) -> int | None:
    """The uid of the process at the other end of a Unix socket, from the kernel; None
    where the platform cannot say (then the peer is refused)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    try:
        data = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    except OSError:
        return None
    _pid, uid, _gid = struct.unpack("3i", data)
    return int(uid)


def peer_allowed(uid: int | None) -> bool:
    """Only a process of this same user may subscribe to, or serve, a watcher: mail
    bodies cross the socket."""
    return uid is not None and uid == os.getuid()
