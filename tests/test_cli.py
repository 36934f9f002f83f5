"""``otpmail read``: JSON on stdout, one exit status per outcome."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE_CONFIG, ROOT, write_config
from otpmail._cli import EXIT_CODES, main
from otpmail._errors import CODES, Prefix


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = main(["read", *args])
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_read_prints_the_envelope_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status, envelope = run(
        capsys, "--to", "otp@example.test", "--latest", "--integrations", str(EXAMPLE_CONFIG)
    )

    assert status == 0
    assert envelope["status"] == "ok"
    assert envelope["data"]["emails"][0]["subject"] == "Your Acme verification code"  # type: ignore[index]


def test_count_prints_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, envelope = run(
        capsys, "--to", "otp@example.test", "--count", "--integrations", str(EXAMPLE_CONFIG)
    )

    assert (status, envelope) == (0, {"status": "ok", "data": {"count": 3}})


@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (["--to", "otp@example.test", "--after", "5 m"], Prefix.INVALID),
        (["--to", "otp@example.test OR x@y.example"], Prefix.INVALID),
        (
            ["--to", "otp@example.test", "--integrations", "/nonexistent/integrations.yaml"],
            Prefix.NOT_CONFIGURED,
        ),
        (["--to", "otp@example.test", "--sender", "nobody@example.org"], Prefix.NO_EMAILS_FOUND),
    ],
)
def test_each_error_prefix_has_its_own_exit_status(
    capsys: pytest.CaptureFixture[str], args: list[str], prefix: Prefix
) -> None:
    if "--integrations" not in args:
        args = [*args, "--integrations", str(EXAMPLE_CONFIG)]

    status, envelope = run(capsys, *args)

    assert status == EXIT_CODES[prefix]
    assert str(envelope["error"]).startswith(f"{prefix.value}: ")


def test_api_errors_exit_with_their_own_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_json_env: UNSET_VARIABLE_FOR_TEST\n",
    )

    status, envelope = run(capsys, "--to", "qa@example.com", "--integrations", str(config))

    assert status == EXIT_CODES[Prefix.NOT_CONFIGURED]
    assert envelope["code"] == "secret_missing"


def test_exit_statuses_are_distinct_and_cover_every_prefix() -> None:
    assert set(EXIT_CODES) == set(Prefix)
    assert len(set(EXIT_CODES.values())) == len(Prefix)
    assert 0 not in EXIT_CODES.values()
    assert {info.prefix for info in CODES.values()} == set(Prefix)


def test_latest_and_count_cannot_be_combined_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["read", "--to", "otp@example.test", "--latest", "--count"])

    assert caught.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_help_explains_the_options_and_the_exit_statuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["read", "--help"])

    text = capsys.readouterr().out
    for needle in (
        "--to",
        "--sender",
        "--subject",
        "--after",
        "--latest",
        "--count",
        "--integrations",
        "NO_EMAILS_FOUND",
        "examples:",
    ):
        assert needle in text


def test_the_installed_command_runs_the_readme_example() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "otpmail",
            "read",
            "--to",
            "otp@example.test",
            "--latest",
            "--integrations",
            "integrations.example.yaml",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert "482913" in json.loads(result.stdout)["data"]["emails"][0]["body"]
    assert result.stderr == ""


def test_a_closed_stdout_does_not_print_a_traceback() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "otpmail",
            "read",
            "--to",
            "otp@example.test",
            "--integrations",
            "integrations.example.yaml",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)

    assert b"Traceback" not in err
