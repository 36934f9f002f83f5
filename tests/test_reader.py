"""``read_emails`` and ``Reader``: reuse, routing to providers, and errors as values."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import otpmail
from conftest import EXAMPLE_CONFIG, write_config
from otpmail import Reader, read_emails, read_emails_sync
from otpmail._core._config import Mailbox
from otpmail._core._criteria import Criteria
from otpmail._decoding._email import Email
from otpmail._reading._reader import default_provider, shared_reader


def test_the_public_names_are_exactly_these() -> None:
    assert sorted(otpmail.__all__) == sorted(
        [
            "CODES",
            "Consumer",
            "OtpmailError",
            "Prefix",
            "Reader",
            "extract_code",
            "extract_links",
            "pick_action_link",
            "read_emails",
            "read_emails_sync",
            "wait_for_email",
            "wait_for_email_sync",
        ]
    )
    assert otpmail.Reader.__module__ == "otpmail"
    assert isinstance(otpmail.__version__, str)


async def test_read_emails_reads_the_file_named_by_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(EXAMPLE_CONFIG))

    envelope = await read_emails("otp@example.test", latest=True)

    assert envelope["data"]["emails"][0]["account"] == "otp@example.test"


async def test_read_emails_falls_back_to_integrations_yaml_in_the_working_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)

    envelope = await read_emails("otp@example.test")

    assert envelope["code"] == "config_missing"
    assert "integrations.yaml" in envelope["error"]


def test_the_module_level_function_reuses_one_reader_per_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(EXAMPLE_CONFIG))

    assert shared_reader() is shared_reader(EXAMPLE_CONFIG)


class CountingProvider:
    """A provider double: the Reader, not a provider, is under test here."""

    built = 0

    def __init__(self, mailbox: Mailbox) -> None:
        type(self).built += 1
        self.account = mailbox.address
        self.closed = False

    async def search(self, criteria: Criteria) -> list[Email]:
        return []

    async def count(self, criteria: Criteria) -> int:
        return 7

    async def aclose(self) -> None:
        self.closed = True


async def test_a_reader_builds_each_mailboxs_provider_once() -> None:
    CountingProvider.built = 0
    reader = Reader(EXAMPLE_CONFIG, provider_factory=CountingProvider)

    results = await asyncio.gather(
        *(reader.read_emails("otp@example.test", count=True) for _ in range(20))
    )

    assert CountingProvider.built == 1
    assert all(r == {"status": "ok", "data": {"count": 7}} for r in results)


async def test_closing_a_reader_closes_its_providers() -> None:
    async with Reader(EXAMPLE_CONFIG, provider_factory=CountingProvider) as reader:
        await reader.read_emails("otp@example.test", count=True)
        provider = reader.provider_for(reader.config().mailboxes[0])
    assert provider.closed  # type: ignore[attr-defined]


class ExplodingProvider(CountingProvider):
    async def search(self, criteria: Criteria) -> list[Email]:
        raise KeyError("an unforeseen bug with sk-secret-material inside")


async def test_an_unexpected_failure_is_an_envelope_without_its_text() -> None:
    reader = Reader(EXAMPLE_CONFIG, provider_factory=ExplodingProvider)

    envelope = await reader.read_emails("otp@example.test")

    assert envelope["status"] == "error"
    assert envelope["error"] == "API_ERROR: unexpected failure (KeyError)"
    assert "sk-secret" not in str(envelope)


async def test_a_broken_file_is_read_again_after_it_is_fixed(tmp_path: Path) -> None:
    path = write_config(tmp_path, "email: [")
    reader = Reader(path)
    first = await reader.read_emails("otp@example.test")
    path.write_text(
        EXAMPLE_CONFIG.read_text().replace(
            "examples/maildir", str(EXAMPLE_CONFIG.parent / "examples/maildir")
        )
    )

    second = await reader.read_emails("otp@example.test", latest=True)

    assert first["code"] == "config_invalid"
    assert second["status"] == "ok"


async def test_an_outlook_mailbox_without_the_extra_names_the_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if `pip install otpmail` ran without the extra: the SDK cannot be imported.
    monkeypatch.delitem(sys.modules, "otpmail._providers._outlook", raising=False)
    for name in [m for m in sys.modules if m.split(".")[0] in {"msgraph", "azure"}]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "msgraph", None)
    monkeypatch.setitem(sys.modules, "azure", None)
    path = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.example\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n      client_secret_env: SECRET_VAR\n",
    )

    envelope = await Reader(path).read_emails("qa@contoso.example")

    assert envelope["code"] == "extra_missing"
    assert "pip install 'otpmail[outlook]'" in envelope["error"]


def test_the_sync_twin_returns_the_same_envelope(monkeypatch: pytest.MonkeyPatch) -> None:
    envelope = read_emails_sync("otp@example.test", latest=True, integrations=EXAMPLE_CONFIG)

    assert envelope["data"]["emails"][0]["subject"] == "Your Acme verification code"


async def test_the_sync_twin_refuses_to_block_a_running_loop() -> None:
    with pytest.raises(RuntimeError, match="await read_emails"):
        read_emails_sync("otp@example.test", integrations=EXAMPLE_CONFIG)


def test_a_maildir_read_never_imports_the_google_or_microsoft_sdks() -> None:
    import subprocess

    code = (
        "import sys, asyncio, otpmail;"
        f"asyncio.run(otpmail.Reader({str(EXAMPLE_CONFIG)!r}).read_emails('otp@example.test'));"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'googleapiclient','google','httplib2','msgraph','azure','kiota_abstractions'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout

    assert out.strip() == "[]"
    assert default_provider is not None


def test_importing_the_package_or_its_pytest_plugin_loads_no_reader_yet() -> None:
    """The plugin is loaded by every pytest run where otpmail is installed: it must stay cheap."""
    import subprocess

    code = (
        "import sys, otpmail, otpmail.pytest_plugin;"
        "print(sorted(m for m in sys.modules if m.startswith('otpmail._')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout

    assert out.strip() == "[]"


async def test_an_unexpected_failure_during_a_wait_is_an_envelope_too() -> None:
    reader = Reader(EXAMPLE_CONFIG, provider_factory=ExplodingProvider)

    envelope = await reader.wait_for_email("otp@example.test", timeout=1)

    assert envelope["error"] == "API_ERROR: unexpected failure (KeyError)"
    assert "sk-secret" not in str(envelope)


class ExplodingFeed(CountingProvider):
    """A provider with a change feed whose marker fails with a bug."""

    async def cursor(self) -> object:
        raise KeyError("an unforeseen bug with sk-secret-material inside")

    async def changes(
        self, cursor: object, since: object, known: set[str]
    ) -> tuple[list[Email], object]:
        return [], cursor


async def test_an_unexpected_failure_while_an_expectation_starts_is_an_envelope_too() -> None:
    reader = Reader(EXAMPLE_CONFIG, provider_factory=ExplodingFeed)

    async with reader.expect_email("otp@example.test") as pending:
        pass
    envelope = await pending.value(timeout=1)

    assert envelope["error"] == "API_ERROR: unexpected failure (KeyError)"
    assert "sk-secret" not in str(envelope)


@pytest.mark.parametrize(
    ("function", "method"),
    [
        (otpmail.read_emails, Reader.read_emails),
        (otpmail.read_emails_sync, Reader.read_emails),
        (otpmail.wait_for_email, Reader.wait_for_email),
        (otpmail.wait_for_email_sync, Reader.wait_for_email),
    ],
    ids=lambda f: f.__qualname__,
)
def test_the_module_functions_and_sync_twins_take_what_the_reader_takes(
    function: Callable[..., object], method: Callable[..., object]
) -> None:
    """deadline= included: the twins cannot fall out of step with the Reader."""
    import inspect

    def shape(f: Callable[..., object]) -> list[tuple[str, object, object]]:
        parameters = inspect.signature(f).parameters.values()
        return [
            (p.name, p.kind, p.default)
            for p in parameters
            if p.name not in {"self", "integrations"}
        ]

    assert shape(function) == shape(method)
    assert "deadline" in inspect.signature(function).parameters


async def test_the_module_read_emails_passes_the_deadline_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(EXAMPLE_CONFIG))

    envelope = await read_emails("otp@example.test", deadline=1e-9)

    assert envelope["code"] == "deadline_exceeded"


def test_the_sync_read_twin_passes_the_deadline_on() -> None:
    envelope = read_emails_sync("otp@example.test", deadline=0, integrations=EXAMPLE_CONFIG)

    assert envelope["error"].startswith("INVALID: deadline must be")
