"""The integrations file's keys for a mailbox read with its owner's grant (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from otpmail._core._config import GmailMailbox, OutlookMailbox, load
from otpmail._core._errors import OtpmailError
from otpmail._core._perms import names_a_credential


def _load(tmp_path: Path, entry: str) -> GmailMailbox | OutlookMailbox:
    path = tmp_path / "integrations.yaml"
    path.write_text("email:\n  mailboxes:\n" + entry, encoding="utf-8")
    mailbox = load(path).mailboxes[0]
    assert isinstance(mailbox, GmailMailbox | OutlookMailbox)
    return mailbox


def _refused(tmp_path: Path, entry: str) -> str:
    with pytest.raises(OtpmailError) as caught:
        _load(tmp_path, entry)
    assert caught.value.code == "config_invalid"
    return caught.value.message


def test_a_gmail_owner_entry_names_its_grant_variable_without_echoing_it(tmp_path: Path) -> None:
    mailbox = _load(
        tmp_path,
        "    - provider: gmail\n      address: Me.Tests@gmail.com\n      auth: user\n"
        "      grant_env: OTPMAIL_GMAIL_GRANT\n",
    )

    assert isinstance(mailbox, GmailMailbox)
    assert mailbox.owner is not None
    assert mailbox.owner.grant_env == "OTPMAIL_GMAIL_GRANT"
    assert mailbox.owner.keyring_user == "gmail:me.tests@gmail.com"
    assert "OTPMAIL_GMAIL_GRANT" not in repr(mailbox)
    assert "OTPMAIL_GMAIL_GRANT" not in mailbox.owner.describe()


def test_without_grant_env_or_grant_file_the_grant_is_in_the_keyring(tmp_path: Path) -> None:
    mailbox = _load(
        tmp_path,
        "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
        "      client_secrets_file: client.json\n",
    )

    assert mailbox.owner is not None
    assert mailbox.owner.grant_file is None and mailbox.owner.grant_env is None
    assert mailbox.owner.describe() == (
        "the OS keyring (service otpmail, entry gmail:me@gmail.com)"
    )
    assert mailbox.owner.client_secrets is not None
    assert mailbox.owner.client_secrets.file == tmp_path / "client.json"


def test_a_grant_file_resolves_against_the_integrations_file(tmp_path: Path) -> None:
    mailbox = _load(
        tmp_path,
        "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
        "      grant_file: grants/me.json\n",
    )

    assert mailbox.owner is not None
    assert mailbox.owner.grant_file == tmp_path / "grants" / "me.json"


def test_an_outlook_owner_entry_takes_client_id_and_tenant(tmp_path: Path) -> None:
    mailbox = _load(
        tmp_path,
        "    - provider: outlook\n      address: me.tests@outlook.com\n      auth: user\n"
        "      client_id: 00000000-0000-0000-0000-0000000000AA\n      tenant: Consumers\n",
    )

    assert isinstance(mailbox, OutlookMailbox)
    assert mailbox.owner is not None
    assert (mailbox.tenant_id, mailbox.client_id) == (
        "consumers",
        "00000000-0000-0000-0000-0000000000aa",
    )
    assert mailbox.client_secret is None and mailbox.certificate is None


@pytest.mark.parametrize(
    ("entry", "why"),
    [
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            "      grant_env: A\n      grant_file: g.json\n",
            "at most one of grant_env, grant_file",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            "      service_account_file: sa.json\n",
            "unknown key 'service_account_file'",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: owner\n",
            "auth must be user",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            "      grant_env: '1//0gAbCdEf-refresh-token'\n",
            "must name an environment variable",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            "      client_id_env: CID\n",
            "client_id_env and client_secret_env go together",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            '      grant: \'{"refresh_token": "x"}\'\n',
            "never written inline",
        ),
        (
            "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
            "      token_uri: https://evil.example/token\n",
            "no setting can change a host",
        ),
        (
            "    - provider: outlook\n      address: me@outlook.com\n      auth: user\n"
            "      client_id: 00000000-0000-0000-0000-0000000000aa\n      tenant: evil/x\n",
            "tenant must be consumers",
        ),
        (
            "    - provider: outlook\n      address: me@outlook.com\n      auth: user\n"
            "      client_id: 00000000-0000-0000-0000-0000000000aa\n      tenant: consumers\n"
            "      client_secret_env: S\n",
            "unknown key 'client_secret_env'",
        ),
        (
            "    - provider: maildir\n      address: me@x.test\n      path: m\n      auth: user\n",
            "unknown key 'auth'",
        ),
    ],
)
def test_a_wrong_owner_entry_is_refused_with_the_field(
    tmp_path: Path, entry: str, why: str
) -> None:
    message = _refused(tmp_path, entry)

    assert why in message
    assert "1//0gAbCdEf" not in message


def test_an_owner_entry_names_a_credential_for_the_permission_warning(tmp_path: Path) -> None:
    mailbox = _load(
        tmp_path, "    - provider: gmail\n      address: me@gmail.com\n      auth: user\n"
    )

    assert names_a_credential([mailbox])


def test_the_explicit_default_auth_keeps_the_administrator_path(tmp_path: Path) -> None:
    (tmp_path / "sa.json").write_text("{}", encoding="utf-8")
    mailbox = _load(
        tmp_path,
        "    - provider: gmail\n      address: qa@example.com\n      auth: service_account\n"
        "      service_account_file: sa.json\n",
    )

    assert isinstance(mailbox, GmailMailbox) and mailbox.owner is None
