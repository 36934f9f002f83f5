"""Reading an Outlook.com mailbox with its owner's grant (issue 27): the list goes to
/me/messages with a Mail.Read token MSAL refreshed from the stored grant; the rest of the
provider is the one every Outlook mailbox uses."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from fakes.entra import FakeEntra
from fakes.graph import FakeGraph
from otpmail import Reader
from otpmail._core._config import Mailbox, OutlookMailbox
from otpmail._providers._outlook import OutlookProvider
from otpmail._signin._grant import MicrosoftGrant, read_microsoft_grant
from otpmail._signin._store import FileStore

ADDRESS = "me.tests@outlook.com"
CLIENT = "00000000-0000-0000-0000-0000000000aa"


def reader(tmp_path: Path, graph: FakeGraph, entra: FakeEntra) -> tuple[Reader, FileStore]:
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: outlook\n"
        f"      address: {ADDRESS}\n      auth: user\n      client_id: {CLIENT}\n"
        "      tenant: consumers\n      grant_file: grant.json\n",
        encoding="utf-8",
    )
    store = FileStore(tmp_path / "grant.json", ADDRESS)
    entra.refresh_tokens.add("M.C5_BAY.first")
    store.save(MicrosoftGrant(CLIENT, "consumers", "M.C5_BAY.first", ADDRESS).to_json())

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(mailbox, transport=graph.transport, signin_transport=entra.transport)

    return Reader(path, provider_factory=factory), store


async def test_a_plus_addressed_code_is_read_from_me_messages(tmp_path: Path) -> None:
    graph = FakeGraph(mailbox=ADDRESS)
    graph.deliver(
        to="me.tests+signup@outlook.com",
        body="Your code is 482913",
        at=datetime.now(UTC) - timedelta(seconds=5),
    )
    entra = FakeEntra()
    owner, store = reader(tmp_path, graph, entra)

    async with owner:
        envelope = await owner.read_emails("me.tests+signup@outlook.com", latest=True)

    assert envelope["status"] == "ok", envelope
    assert envelope["data"]["emails"][0]["code"] == "482913"
    assert {r.url.split("?")[0] for r in graph.requests} == {
        "https://graph.microsoft.com/v1.0/me/messages"
    }
    # The refresh rotated the token; the new one is in the grant file.
    assert read_microsoft_grant(store.load("g"), "g", "f").refresh_token != "M.C5_BAY.first"


async def test_concurrent_first_reads_refresh_once(tmp_path: Path) -> None:
    graph = FakeGraph(mailbox=ADDRESS)
    graph.deliver(to=ADDRESS, at=datetime.now(UTC) - timedelta(seconds=5))
    entra = FakeEntra()
    owner, _ = reader(tmp_path, graph, entra)

    async with owner:
        envelopes = await asyncio.gather(
            *(owner.read_emails(ADDRESS, latest=True) for _ in range(8))
        )

    assert all(e["status"] == "ok" for e in envelopes)
    assert entra.count("refresh_token") == 1


async def test_a_revoked_grant_is_not_configured(tmp_path: Path) -> None:
    graph = FakeGraph(mailbox=ADDRESS)
    entra = FakeEntra()
    owner, _ = reader(tmp_path, graph, entra)
    entra.revoke_all()

    async with owner:
        envelope = await owner.read_emails(ADDRESS)

    assert envelope["code"] == "secret_invalid" and envelope["retryable"] is False
    assert f"otpmail login {ADDRESS}" in envelope["error"]
    assert graph.requests == []


@pytest.mark.parametrize("address", [ADDRESS])
def test_the_provider_repr_shows_no_grant(tmp_path: Path, address: str) -> None:
    graph, entra = FakeGraph(mailbox=address), FakeEntra()
    owner, _ = reader(tmp_path, graph, entra)
    provider = owner.provider_for(owner.config().mailboxes[0])

    assert "M.C5" not in repr(provider) and "M.C5" not in repr(provider._credential._inner)
