"""``otpmail login`` for Outlook / Microsoft 365 and the owner's credential (issue 27).

The real MSAL against a fake Entra at httpx's transport seam (behind the egress check),
and the real loopback listener for the browser sign-in; the test plays the browser.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from fakes.entra import MAIL_READ, FakeEntra
from fakes.google_oauth import follow_redirect
from otpmail._core._config import OutlookMailbox, load
from otpmail._core._errors import OtpmailError
from otpmail._signin._grant import MicrosoftGrant, read_microsoft_grant
from otpmail._signin._microsoft import MicrosoftSignIn, OwnerCredential
from otpmail._signin._store import EnvStore, FileStore

CLIENT = "00000000-0000-0000-0000-0000000000aa"


def outlook_owner(tmp_path: Path, address: str = "me.tests@outlook.com") -> OutlookMailbox:
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: outlook\n"
        f"      address: {address}\n      auth: user\n      client_id: {CLIENT}\n"
        "      tenant: consumers\n      grant_file: grant.json\n",
        encoding="utf-8",
    )
    mailbox = load(path).mailboxes[0]
    assert isinstance(mailbox, OutlookMailbox)
    return mailbox


@pytest.mark.loopback
def test_the_browser_sign_in_goes_through_the_loopback_listener(tmp_path: Path) -> None:
    entra = FakeEntra()
    threads: list[threading.Thread] = []
    answers: list[tuple[int, bytes]] = []
    urls: list[str] = []

    def browser(url: str) -> bool:
        urls.append(url)
        # The browser resolves localhost to the loopback address the listener is bound to.
        target, form = entra.consent(url)
        target = target.replace("http://localhost:", "http://127.0.0.1:")
        thread = threading.Thread(target=lambda: answers.append(follow_redirect(target, form)))
        thread.start()
        threads.append(thread)
        return True

    signed_in = MicrosoftSignIn(outlook_owner(tmp_path), entra.transport).interactive(
        say=lambda line: None, open_url=browser
    )
    for thread in threads:
        thread.join(10)

    grant = read_microsoft_grant(signed_in.grant, "grant", "test")
    assert (grant.client_id, grant.tenant, grant.account) == (
        CLIENT,
        "consumers",
        "me.tests@outlook.com",
    )
    assert grant.refresh_token in entra.refresh_tokens
    assert answers[0][0] == 200
    asked = dict(p.split("=", 1) for p in urls[0].split("?", 1)[1].split("&"))
    assert asked["redirect_uri"].startswith("http%3A%2F%2Flocalhost%3A")
    assert "Mail.Read" in asked["scope"] and "offline_access" in asked["scope"]
    # Only the metadata and the token endpoint were asked: never the authorize page.
    assert [(m, p.split("/", 2)[-1]) for m, p, _ in entra.requests] == [
        ("GET", "v2.0/.well-known/openid-configuration"),
        ("POST", "oauth2/v2.0/token"),
    ]
    assert signed_in.broader == ()


def test_the_device_code_sign_in_polls_until_the_code_is_used(tmp_path: Path) -> None:
    entra = FakeEntra(pending_polls=1)
    said: list[str] = []

    signed_in = MicrosoftSignIn(outlook_owner(tmp_path), entra.transport).device_code(
        say=said.append
    )

    assert "F7XK2LMQP" in said[0] and "microsoft.com/devicelogin" in said[0]
    assert entra.count("urn:ietf:params:oauth:grant-type:device_code") == 2
    assert json.loads(signed_in.grant)["refresh_token"] in entra.refresh_tokens


def test_a_device_code_never_used_ends_at_the_time_limit(tmp_path: Path) -> None:
    entra = FakeEntra(pending_polls=10**9)

    with pytest.raises(OtpmailError) as caught:
        MicrosoftSignIn(outlook_owner(tmp_path), entra.transport).device_code(
            say=lambda line: None, timeout=0.3
        )

    assert caught.value.code == "deadline_exceeded"


def test_signing_in_as_another_account_stores_nothing(tmp_path: Path) -> None:
    entra = FakeEntra(account="boss@outlook.com", pending_polls=0)

    with pytest.raises(OtpmailError) as caught:
        MicrosoftSignIn(outlook_owner(tmp_path), entra.transport).device_code(say=lambda line: None)

    assert caught.value.code == "config_invalid"
    assert "you signed in as boss@outlook.com" in caught.value.message


def _stored(entra: FakeEntra, tmp_path: Path) -> tuple[OutlookMailbox, FileStore, str]:
    mailbox = outlook_owner(tmp_path)
    refresh = "M.C5_BAY.first"
    entra.refresh_tokens.add(refresh)
    store = FileStore(tmp_path / "grant.json", mailbox.address)
    store.save(MicrosoftGrant(CLIENT, "consumers", refresh, mailbox.address, "x").to_json())
    return mailbox, store, refresh


def test_a_rotated_refresh_token_is_saved_back_to_the_grant_file(tmp_path: Path) -> None:
    entra = FakeEntra()
    mailbox, store, first = _stored(entra, tmp_path)
    credential = OwnerCredential(mailbox, store, entra.transport)

    token = asyncio.run(credential.get_token(".default"))

    saved = read_microsoft_grant(store.load("grant"), "grant", store.where)
    assert token.token.startswith("EwA-access-")
    assert saved.refresh_token != first and saved.refresh_token in entra.refresh_tokens
    assert credential.rotation_saved is True
    # Exactly the read scope was asked for.
    form = entra.requests[-1][2]
    assert form["grant_type"] == "refresh_token"
    assert MAIL_READ in form["scope"].split() and ".default" not in form["scope"]


def test_a_grant_from_a_variable_is_used_and_its_rotation_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entra = FakeEntra()
    mailbox = outlook_owner(tmp_path)
    entra.refresh_tokens.add("M.C5_BAY.ci")
    monkeypatch.setenv(
        "GRANT_VAR",
        MicrosoftGrant(CLIENT, "consumers", "M.C5_BAY.ci", mailbox.address).to_json(),
    )

    credential = OwnerCredential(mailbox, EnvStore("GRANT_VAR"), entra.transport)
    asyncio.run(credential.get_token(".default"))

    assert credential.rotation_saved is False


def test_concurrent_first_calls_refresh_once(tmp_path: Path) -> None:
    entra = FakeEntra()
    mailbox, store, _ = _stored(entra, tmp_path)
    credential = OwnerCredential(mailbox, store, entra.transport)

    async def many() -> list[Any]:
        return await asyncio.gather(*(credential.get_token(".default") for _ in range(20)))

    tokens = asyncio.run(many())

    assert len({t.token for t in tokens}) == 1
    assert entra.count("refresh_token") == 1
    assert credential.refreshes == 1


def test_a_revoked_grant_is_not_configured_with_the_remedy(tmp_path: Path) -> None:
    entra = FakeEntra()
    mailbox, store, _ = _stored(entra, tmp_path)
    entra.revoke_all()

    with pytest.raises(OtpmailError) as caught:
        asyncio.run(OwnerCredential(mailbox, store, entra.transport).get_token(".default"))

    assert caught.value.code == "secret_invalid"
    assert str(caught.value).startswith("NOT_CONFIGURED:")
    assert not caught.value.retryable
    assert "not used for 90 days" in caught.value.message
    assert "otpmail login me.tests@outlook.com" in caught.value.message
    assert "M.C5" not in caught.value.message


def test_a_grant_of_another_app_registration_is_refused(tmp_path: Path) -> None:
    mailbox = outlook_owner(tmp_path)
    store = FileStore(tmp_path / "grant.json")
    store.save(MicrosoftGrant("11111111-0000-0000-0000-000000000000", "consumers", "rt").to_json())

    with pytest.raises(OtpmailError) as caught:
        OwnerCredential(mailbox, store)

    assert caught.value.code == "secret_invalid"
