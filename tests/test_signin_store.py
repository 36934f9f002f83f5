"""Where an owner's grant lives: the keyring, a 0600 file, a variable (issue 27)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail

from otpmail._core._errors import OtpmailError
from otpmail._signin._grant import GoogleGrant, read_google_grant
from otpmail._signin._store import EnvStore, FileStore, KeyringStore

GRANT = GoogleGrant("cid", "GOCSPX-s3cret", "1//0g-refresh", ("scope",), "2026-12-01T00:00:00Z")


class MemoryKeyring(KeyringBackend):
    """A keyring backend held in memory: the keyring library's plug-in seam."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        del self.entries[(service, username)]


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(before)


@pytest.fixture
def no_keyring() -> Iterator[None]:
    """What a headless Linux box has: keyring's fail backend."""
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(before)


def test_the_keyring_keeps_the_grant_under_otpmail_and_the_entry(
    memory_keyring: MemoryKeyring,
) -> None:
    store = KeyringStore("gmail:me@gmail.com", "me@gmail.com")

    store.save(GRANT.to_json())

    assert set(memory_keyring.entries) == {("otpmail", "gmail:me@gmail.com")}
    assert read_google_grant(store.load("grant"), "grant", store.where) == GRANT


def test_an_empty_keyring_says_to_sign_in(memory_keyring: MemoryKeyring) -> None:
    with pytest.raises(OtpmailError) as caught:
        KeyringStore("gmail:me@gmail.com", "me@gmail.com").load("the grant")

    assert caught.value.code == "secret_missing"
    assert "otpmail login me@gmail.com" in caught.value.message


def test_without_a_keyring_login_says_so_and_offers_a_file_or_a_variable(no_keyring: None) -> None:
    store = KeyringStore("gmail:me@gmail.com", "me@gmail.com")

    for attempt in (lambda: store.save(GRANT.to_json()), lambda: store.load("the grant")):
        with pytest.raises(OtpmailError) as caught:
            attempt()
        assert caught.value.code == "secret_missing"
        assert "no OS keyring" in caught.value.message
        assert "--grant-file" in caught.value.message and "--export" in caught.value.message


def test_a_grant_file_is_written_0600_and_read_back(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "grants" / "me.json")

    store.save(GRANT.to_json())

    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(store.path.parent).st_mode) == 0o700
    assert read_google_grant(store.load("grant"), "grant", store.where) == GRANT
    assert [p.name for p in store.path.parent.iterdir()] == ["me.json"]  # no temporary left


def test_saving_over_a_wider_file_leaves_it_0600(tmp_path: Path) -> None:
    path = tmp_path / "me.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o644)

    FileStore(path).save(GRANT.to_json())

    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
@pytest.mark.parametrize("mode", [0o640, 0o604, 0o620, 0o602])
def test_a_grant_file_open_to_others_is_refused_unread(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "me.json"
    path.write_text(GRANT.to_json(), encoding="utf-8")
    path.chmod(mode)

    with pytest.raises(OtpmailError) as caught:
        FileStore(path).load("the grant")

    assert caught.value.code == "secret_invalid"
    assert f"chmod 600 {path}" in caught.value.message
    assert "1//0g" not in caught.value.message


def test_a_missing_grant_file_says_how_to_make_it(tmp_path: Path) -> None:
    with pytest.raises(OtpmailError) as caught:
        FileStore(tmp_path / "none.json", "me@gmail.com").load("the grant")

    assert caught.value.code == "secret_missing"
    assert "otpmail login me@gmail.com --grant-file" in caught.value.message


def test_a_variable_is_read_and_never_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTPMAIL_GMAIL_GRANT", GRANT.to_json())
    store = EnvStore("OTPMAIL_GMAIL_GRANT", "me@gmail.com")

    assert read_google_grant(store.load("grant"), "grant", store.where) == GRANT
    assert not store.writable
    assert "OTPMAIL_GMAIL_GRANT" not in store.where + repr(store)


def test_an_unset_variable_says_to_export_a_grant() -> None:
    with pytest.raises(OtpmailError) as caught:
        EnvStore("OTPMAIL_GMAIL_GRANT", "me@gmail.com").load("the grant")

    assert caught.value.code == "secret_missing"
    assert "otpmail login me@gmail.com --export" in caught.value.message
    assert "OTPMAIL_GMAIL_GRANT" not in caught.value.message


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not json {1//0g-refresh", "not valid JSON"),
        ('{"type": "service_account", "refresh_token": "1//0g-refresh"}', "type must be"),
        ('{"type": "authorized_user", "client_id": "c", "client_secret": "s"}', "no refresh_token"),
    ],
)
def test_a_malformed_grant_is_refused_without_echoing_it(text: str, why: str) -> None:
    with pytest.raises(OtpmailError) as caught:
        read_google_grant(text, "the grant", "file g.json")

    assert caught.value.code == "secret_invalid"
    assert why in caught.value.message
    assert "1//0g" not in caught.value.message


def test_a_grant_repr_shows_no_secret() -> None:
    assert "GOCSPX" not in repr(GRANT) and "1//0g" not in repr(GRANT)
