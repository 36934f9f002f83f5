"""The integrations file: strict loading, secret references and routing."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import EXAMPLE_CONFIG, write_config, write_key
from otpmail import Reader
from otpmail._core._config import GmailMailbox, MaildirMailbox, OutlookMailbox, load
from otpmail._core._criteria import build_criteria
from otpmail._core._errors import OtpmailError

MAILDIR = """\
email:
  mailboxes:
    - provider: maildir
      address: otp@example.test
      path: box
"""

SECRET = "sk-planted-secret-0123456789"

pytest_plugins = ["pytester"]


def load_error(tmp_path: Path, text: str) -> OtpmailError:
    path = write_config(tmp_path, text)
    with pytest.raises(OtpmailError) as caught:
        load(path)
    assert str(caught.value).startswith("NOT_CONFIGURED: ")
    return caught.value


def test_a_missing_file_names_the_file_and_the_variable(tmp_path: Path) -> None:
    with pytest.raises(OtpmailError) as caught:
        load(tmp_path / "nope.yaml")

    assert caught.value.code == "config_missing"
    assert "nope.yaml" in caught.value.message
    assert "OTPMAIL_INTEGRATIONS" in caught.value.message


@pytest.mark.parametrize("text", ["", "   \n", "# only a comment\n"])
def test_an_empty_file_is_not_configured(tmp_path: Path, text: str) -> None:
    assert "empty" in load_error(tmp_path, text).message


@pytest.mark.parametrize(
    "text",
    [
        "email: [unclosed",
        "email:\n  mailboxes:\n    - provider: maildir\n   bad indent: 1\n",
        "\t- tab",
    ],
)
def test_malformed_yaml_is_not_configured_with_a_position(tmp_path: Path, text: str) -> None:
    assert "not valid YAML" in load_error(tmp_path, text).message


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "just a string",
        "email: 3",
        "email:\n  mailboxes: []\n",
        "email:\n  mailboxes: {}\n",
        "email:\n  mailboxes:\n    - 7\n",
        "other: 1\n",
    ],
)
def test_wrong_shapes_are_not_configured(tmp_path: Path, text: str) -> None:
    load_error(tmp_path, text)


def test_the_environment_variable_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(tmp_path, MAILDIR)
    monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(path))

    assert load().path == path


def test_relative_paths_resolve_against_the_files_folder(tmp_path: Path) -> None:
    config = load(write_config(tmp_path, MAILDIR))

    (mailbox,) = config.mailboxes
    assert isinstance(mailbox, MaildirMailbox)
    assert mailbox.path == tmp_path / "box"


@pytest.mark.parametrize("where", ["root", "email", "mailbox"])
def test_unknown_keys_anywhere_are_rejected_by_name(tmp_path: Path, where: str) -> None:
    text = {
        "root": MAILDIR + "colour: blue\n",
        "email": MAILDIR.replace("  mailboxes:", "  colour: blue\n  mailboxes:"),
        "mailbox": MAILDIR + "      colour: blue\n",
    }[where]

    error = load_error(tmp_path, text)

    assert error.code == "config_invalid"
    assert "'colour'" in error.message


@pytest.mark.parametrize(
    "key",
    [
        "token_uri",
        "api_endpoint",
        "base_url",
        "authority",
        "proxy",
        "scopes",
        "universe_domain",
        "host",
    ],
)
def test_no_key_can_set_an_endpoint_host_proxy_or_scope(tmp_path: Path, key: str) -> None:
    error = load_error(tmp_path, MAILDIR + f"      {key}: https://evil.example/\n")

    assert repr(key) in error.message
    assert "official hosts" in error.message


@pytest.mark.parametrize(
    ("entry", "key"),
    [
        (
            "provider: gmail\n      address: qa@example.com\n      service_account_json: '{}'",
            "service_account_json",
        ),
        (
            "provider: outlook\n      address: qa@contoso.example\n      tenant_id: contoso.example\n"
            "      client_id: 00000000-0000-0000-0000-000000000001\n      client_secret: " + SECRET,
            "client_secret",
        ),
        (
            "provider: gmail\n      address: qa@example.com\n      private_key: " + SECRET,
            "private_key",
        ),
    ],
)
def test_inline_secrets_are_rejected_without_echoing_them(
    tmp_path: Path, entry: str, key: str
) -> None:
    error = load_error(tmp_path, f"email:\n  mailboxes:\n    - {entry}\n")

    assert repr(key) in error.message
    assert "never written inline" in error.message
    assert SECRET not in error.message


def test_an_env_reference_must_be_a_variable_name_not_the_secret(tmp_path: Path) -> None:
    text = (
        "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.example\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        f"      client_secret_env: '{SECRET}-with spaces'\n"
    )

    error = load_error(tmp_path, text)

    assert "client_secret_env" in error.message
    assert SECRET not in error.message


def test_gmail_needs_exactly_one_key_reference(tmp_path: Path) -> None:
    both = (
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n      service_account_json_env: KEY\n"
    )
    none = "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"

    assert "exactly one" in load_error(tmp_path, both).message
    assert "exactly one" in load_error(tmp_path, none).message


def test_an_outlook_entry_loads_with_references_only(tmp_path: Path) -> None:
    text = (
        "email:\n  mailboxes:\n    - provider: outlook\n      address: OTP@Contoso.example\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        "      certificate_file: certs/app.pem\n      certificate_password_env: CERT_PASS\n"
    )

    (mailbox,) = load(write_config(tmp_path, text)).mailboxes

    assert isinstance(mailbox, OutlookMailbox)
    assert mailbox.address == "otp@contoso.example"
    assert (
        mailbox.certificate is not None and mailbox.certificate.file == tmp_path / "certs/app.pem"
    )
    assert (
        mailbox.certificate_password is not None and mailbox.certificate_password.env == "CERT_PASS"
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("tenant_id", "not a tenant"),
        ("client_id", "my-app"),
        ("address", "example.com"),
        ("provider", "imap"),
    ],
)
def test_malformed_fields_are_named(tmp_path: Path, field: str, value: str) -> None:
    entry = {
        "provider": "outlook",
        "address": "qa@contoso.example",
        "tenant_id": "11111111-2222-3333-4444-555555555555",
        "client_id": "00000000-0000-0000-0000-000000000001",
        "client_secret_env": "SECRET_VAR",
        field: value,
    }
    text = (
        "email:\n  mailboxes:\n    - "
        + "\n      ".join(f"{k}: '{v}'" for k, v in entry.items())
        + "\n"
    )

    assert field in load_error(tmp_path, text).message


async def test_a_missing_secret_variable_is_not_configured_and_named(tmp_path: Path) -> None:
    text = (
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_json_env: OTPMAIL_TEST_KEY\n"
    )
    reader = Reader(write_config(tmp_path, text))

    envelope = await reader.read_emails("qa@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert envelope["code"] == "secret_missing"
    # The mailbox and the field are named; what the field holds is not (issue 15, item 7).
    assert envelope["error"] == (
        f"NOT_CONFIGURED: {reader.path}: email.mailboxes[0] service-account key: the "
        "environment variable that service_account_json_env names is not set"
    )
    assert "OTPMAIL_TEST_KEY" not in envelope["error"]


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("", "secret_missing"),
        ("{not json", "secret_invalid"),
        ('{"type": "authorized_user"}', "secret_invalid"),
        ('{"type": "service_account", "client_email": "a@b.example"}', "secret_invalid"),
    ],
)
async def test_an_unusable_key_file_is_not_configured(
    tmp_path: Path, content: str, code: str
) -> None:
    (tmp_path / "sa.json").write_text(content)
    text = (
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n"
    )

    envelope = await Reader(write_config(tmp_path, text)).read_emails("qa@example.com")

    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert envelope["code"] == code
    assert "sa.json" in envelope["error"]


async def test_an_invalid_private_key_is_not_configured_and_not_echoed(
    tmp_path: Path, service_account_info: dict[str, str]
) -> None:
    info = {
        **service_account_info,
        "private_key": f"-----BEGIN PRIVATE KEY-----\n{SECRET}\n-----END PRIVATE KEY-----\n",
    }
    write_key(tmp_path, info)
    text = (
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n"
    )

    envelope = await Reader(write_config(tmp_path, text)).read_emails("qa@example.com")

    assert envelope["code"] == "secret_invalid"
    assert SECRET not in str(envelope)


def test_duplicate_mailbox_addresses_are_rejected(tmp_path: Path) -> None:
    text = MAILDIR + "    - provider: maildir\n      address: OTP@example.test\n      path: other\n"

    assert "twice" in load_error(tmp_path, text).message


# ---------------------------------------------------------------------------------------
# Routing

ROUTED = """\
email:
  mailboxes:
    - provider: maildir
      address: qa@example.com
      path: a
      domains: [example.com]
    - provider: maildir
      address: otp@other.example
      path: b
    - provider: maildir
      address: ops@third.example
      path: c
      domains: [shared.example]
    - provider: maildir
      address: dev@fourth.example
      path: d
      domains: [shared.example]
"""


@pytest.mark.parametrize(
    ("to", "address"),
    [
        ("qa@example.com", "qa@example.com"),
        ("QA+signup-7@Example.com", "qa@example.com"),
        ("anyone@example.com", "qa@example.com"),
        ("example.com", "qa@example.com"),
        ("otp+x@other.example", "otp@other.example"),
    ],
)
def test_the_recipient_selects_the_mailbox_by_address_or_domain(
    tmp_path: Path, to: str, address: str
) -> None:
    config = load(write_config(tmp_path, ROUTED))

    assert config.route(build_criteria(to).to).address == address


@pytest.mark.parametrize("to", ["someone@unknown.example", "other.example", "x@other.example"])
def test_a_recipient_no_mailbox_reads_is_not_configured(tmp_path: Path, to: str) -> None:
    config = load(write_config(tmp_path, ROUTED))

    with pytest.raises(OtpmailError) as caught:
        config.route(build_criteria(to).to)

    assert caught.value.code == "no_mailbox"


def test_a_recipient_two_mailboxes_read_is_not_configured(tmp_path: Path) -> None:
    config = load(write_config(tmp_path, ROUTED))

    with pytest.raises(OtpmailError) as caught:
        config.route(build_criteria("x@shared.example").to)

    assert caught.value.code == "no_mailbox"
    assert "more than one" in caught.value.message


def test_with_one_mailbox_every_recipient_is_read_from_it(tmp_path: Path) -> None:
    config = load(write_config(tmp_path, MAILDIR))

    assert config.route(build_criteria("anyone@elsewhere.example").to).address == "otp@example.test"


def test_configuration_objects_hold_references_not_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTPMAIL_TEST_KEY", SECRET)
    text = (
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_json_env: OTPMAIL_TEST_KEY\n"
    )

    config = load(write_config(tmp_path, text))

    (mailbox,) = config.mailboxes
    assert isinstance(mailbox, GmailMailbox)
    assert mailbox.key.env == "OTPMAIL_TEST_KEY"
    assert SECRET not in repr(config)


async def test_what_is_not_found_is_named_by_its_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An MCP client or a CI step runs from a folder the user may not know: a relative
    path in the message would not say where otpmail looked."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "conf").mkdir()

    missing_file = await Reader("conf/missing.yaml").read_emails("qa@example.com")
    (tmp_path / "conf" / "mail.yaml").write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: keys/sa.json\n    - provider: maildir\n"
        "      address: qa@example.test\n      path: box\n"
    )
    missing_key = await Reader("conf/mail.yaml").read_emails("qa@example.com")
    missing_box = await Reader("conf/mail.yaml").read_emails("qa@example.test")

    assert f"integrations file {tmp_path}/conf/missing.yaml not found" in missing_file["error"]
    assert f"file {tmp_path}/conf/keys/sa.json does not exist" in missing_key["error"]
    assert f"maildir {tmp_path}/conf/box does not exist" in missing_box["error"]


# ---------------------------------------------------------------------------------------
# Every failure to load the YAML is config_invalid (issue 15, item 8): PyYAML raises more
# than YAMLError for some documents, and a number can be too large for a float.

_MAILDIR_ENTRY = "    - provider: maildir\n      address: otp@example.test\n      path: box\n"
UNLOADABLE = {
    "a sequence nested 10,000 deep": "email: " + "[" * 10_000 + "]" * 10_000 + "\n",
    "a mapping nested 3,000 deep": "email:\n  mailboxes: " + "{a: " * 3_000 + "1" + "}" * 3_000,
    "a 5,000-digit integer": "email:\n  deadline_seconds: " + "9" * 5_000 + "\n",
    "an impossible !!timestamp": "email:\n  mailboxes: [!!timestamp 2024-13-45]\n",
    "an impossible bare date": (
        "email:\n  mailboxes:\n    - provider: maildir\n      address: otp@example.test\n"
        "      path: 2024-02-30\n"
    ),
    "a 400-digit deadline": (
        "email:\n  deadline_seconds: 1" + "0" * 400 + "\n  mailboxes:\n" + _MAILDIR_ENTRY
    ),
}


@pytest.mark.parametrize("case", sorted(UNLOADABLE))
def test_every_failure_to_load_the_file_is_config_invalid(tmp_path: Path, case: str) -> None:
    error = load_error(tmp_path, UNLOADABLE[case])

    assert error.code == "config_invalid"
    assert "9" * 50 not in error.message and "0" * 50 not in error.message


@pytest.mark.parametrize("case", sorted(UNLOADABLE))
async def test_an_unloadable_file_is_config_invalid_on_every_surface(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    from otpmail._frontends import _cli, _mcp

    config = write_config(tmp_path, UNLOADABLE[case])
    reader = Reader(config)

    envelope = await reader.read_emails("otp@example.test")
    async with reader.expect_email("otp@example.test") as pending:
        expected = await pending.value(timeout=1)
    _mcp.warn_if_unusable(reader)  # logs the error; raises nothing
    status = _cli.main(["check", "--integrations", str(config)])
    out = capsys.readouterr().out

    assert envelope["code"] == expected["code"] == "config_invalid", (envelope, expected)
    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert status == 1 and "FAIL " in out and "unexpected failure" not in out
    assert any("NOT_CONFIGURED: " in r.getMessage() for r in caplog.records)


def test_an_unloadable_file_fails_the_fixture_with_the_error_not_a_traceback(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".yaml", integrations=UNLOADABLE["a sequence nested 10,000 deep"])
    pytester.makepyfile("def test_needs_mail(otpmail):\n    pass\n")

    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--otpmail-require")

    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*otpmail: NOT_CONFIGURED: integrations file*nested too deeply*"])
    assert "RecursionError" not in result.stdout.str()
    assert "yaml" not in result.stdout.str().replace("integrations.yaml", "")


async def test_a_deadline_too_large_for_a_float_is_invalid_not_a_bug() -> None:
    from otpmail._core._errors import Prefix

    envelope = await Reader(EXAMPLE_CONFIG).read_emails("otp@example.test", deadline=10**400)

    assert envelope["code"] == "invalid_argument"
    assert envelope["error"].startswith(f"{Prefix.INVALID}: deadline must be")
