"""Where an owner's grant lives: the OS keyring, a 0600 file, or an environment variable.

A grant is the long-lived half of a sign-in (a refresh token and what refreshing it needs,
:mod:`._grant`). ``otpmail login`` writes it; every read loads it; a provider that is
handed a new refresh token (Microsoft rotates them) saves it back where it came from when
that place is writable (:attr:`GrantStore.writable`: the keyring and a file are, a
variable is not).

- :class:`KeyringStore`: the ``keyring`` library's backend for this machine (macOS
  Keychain, Windows Credential Manager, the Secret Service on a Linux desktop). Where there
  is none (a headless Linux box, a container, CI: keyring's ``fail`` backend raises
  ``NoKeyringError``) this is said, with the two ways out (``grant_file`` or ``grant_env``);
  otpmail never falls back to a plaintext file on its own.
- :class:`FileStore`: a file only its owner may read or write (mode 0600): a grant file
  that others can read or write is refused, not read, and one is written by creating a
  new 0600 file beside it and renaming it over the old one, so no reader ever sees half a
  grant and no moment exists where the file is wider than 0600.
- :class:`EnvStore`: a variable, for CI (``otpmail login --export`` prints its value).

Nothing here shows a grant: errors name the place (a path, the keyring entry, or the
``grant_env`` field, never the variable's name, see :class:`~otpmail._core._config.SecretRef`).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from otpmail._core._config import (
    KEYRING_SERVICE,
    MAX_SECRET_FILE_BYTES,
    FileRefused,
    OwnerSignIn,
    not_configured,
    read_regular_file,
)

_OTHERS = stat.S_IRWXG | stat.S_IRWXO


class GrantStore(Protocol):
    """One place a grant lives."""

    @property
    def where(self) -> str:
        """The place, for messages (never the grant, never a variable's name)."""

    @property
    def writable(self) -> bool:
        """Whether :meth:`save` can write here (a variable cannot be written)."""

    def load(self, what: str) -> str:
        """The grant's text. Missing or unreadable: ``NOT_CONFIGURED`` naming ``what``."""

    def save(self, text: str) -> None:
        """Store ``text`` as the grant, replacing any before it."""


def _relogin(name: str) -> str:
    return f"sign in with: otpmail login {name}"


@dataclass(frozen=True)
class EnvStore:
    """A grant in an environment variable (CI). Read-only."""

    env: str = field(repr=False)
    name: str = ""
    """The mailbox's address, for the remedy."""

    @property
    def where(self) -> str:
        return "the environment variable that grant_env names"

    @property
    def writable(self) -> bool:
        return False

    def load(self, what: str) -> str:
        value = os.environ.get(self.env, "")
        if not value.strip():
            raise not_configured(
                f"{what}: {self.where} is not set or empty; "
                f"{_relogin(self.name)} --export and put its output in that variable",
                "secret_missing",
            )
        return value

    def save(self, text: str) -> None:
        raise not_configured(f"{self.where} cannot be written", "secret_invalid")


@dataclass(frozen=True)
class FileStore:
    """A grant in a file only its owner may read or write (0600)."""

    path: Path
    name: str = ""

    @property
    def where(self) -> str:
        return f"file {self.path}"

    @property
    def writable(self) -> bool:
        return True

    def load(self, what: str) -> str:
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            raise not_configured(
                f"{what}: {self.where} does not exist; {_relogin(self.name)} "
                f"--grant-file {self.path}",
                "secret_missing",
            ) from None
        except OSError as exc:
            raise not_configured(
                f"{what}: {self.where} cannot be read ({exc.strerror})", "secret_missing"
            ) from None
        if os.name == "posix" and mode & _OTHERS:
            raise not_configured(
                f"{what}: {self.where} is open to other users (mode {stat.S_IMODE(mode):o}): "
                f"a grant reads your mail; chmod 600 {self.path}",
                "secret_invalid",
            )
        try:
            data = read_regular_file(self.path, MAX_SECRET_FILE_BYTES)
        except OSError as exc:
            raise not_configured(
                f"{what}: {self.where} cannot be read ({exc.strerror})", "secret_missing"
            ) from None
        except FileRefused as refused:
            raise not_configured(
                f"{what}: {self.where} {refused.reason}", "secret_invalid"
            ) from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise not_configured(f"{what}: {self.where} is not UTF-8", "secret_invalid") from None

    def save(self, text: str) -> None:
        folder = self.path.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        # mkstemp creates the file 0600 (O_EXCL), so the grant is never in a wider file.
        fd, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise


@dataclass(frozen=True)
class KeyringStore:
    """A grant in the OS keyring, under service ``otpmail`` and the entry ``user``
    (``gmail:ADDRESS``, ``outlook:ADDRESS``)."""

    user: str
    name: str = ""
    service: str = KEYRING_SERVICE

    @property
    def where(self) -> str:
        return f"the OS keyring (service {self.service}, entry {self.user})"

    @property
    def writable(self) -> bool:
        return True

    def _no_keyring(self, what: str) -> Exception:
        return not_configured(
            f"{what}: no OS keyring is available here (a headless Linux box, a container or "
            "CI has none); keep the grant in a file only you can read (grant_file: PATH, and "
            f"otpmail login {self.name} --grant-file PATH) or in a variable (grant_env: NAME, "
            f"and otpmail login {self.name} --export on a machine with a browser)",
            "secret_missing",
        )

    def check_usable(self) -> None:
        """Refuse now, before a sign-in, if this machine has no keyring backend."""
        import keyring
        from keyring.backends import fail

        if isinstance(keyring.get_keyring(), fail.Keyring):
            raise self._no_keyring("cannot store the grant")

    def load(self, what: str) -> str:
        import keyring
        from keyring.errors import KeyringError, NoKeyringError

        try:
            value = keyring.get_password(self.service, self.user)
        except NoKeyringError:
            raise self._no_keyring(what) from None
        except KeyringError as exc:
            raise not_configured(
                f"{what}: {self.where} cannot be read ({type(exc).__name__}: unlock the keyring)",
                "secret_missing",
            ) from None
        if not value:
            raise not_configured(
                f"{what}: no grant in {self.where}; {_relogin(self.name)}", "secret_missing"
            )
        return value

    def save(self, text: str) -> None:
        import keyring
        from keyring.errors import KeyringError, NoKeyringError

        try:
            keyring.set_password(self.service, self.user, text)
        except NoKeyringError:
            raise self._no_keyring("cannot store the grant") from None
        except KeyringError as exc:
            raise not_configured(
                f"cannot store the grant in {self.where} ({type(exc).__name__}); use "
                "--grant-file PATH or --export instead",
                "secret_invalid",
            ) from None


def store_for(owner: OwnerSignIn, name: str) -> GrantStore:
    """The place ``owner`` names: its variable, its file, else the keyring."""
    if owner.grant_env is not None:
        return EnvStore(owner.grant_env, name)
    if owner.grant_file is not None:
        return FileStore(owner.grant_file, name)
    return KeyringStore(owner.keyring_user, name)
