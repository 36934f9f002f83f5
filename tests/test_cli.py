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


# ---------------------------------------------------------------------------------------
# wait, code, check


def maildir_config(tmp_path: Path) -> Path:
    for sub in ("new", "cur", "tmp"):
        (tmp_path / "box" / sub).mkdir(parents=True)
    return write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: box\n",
    )


def test_wait_prints_the_envelope_of_the_mail_that_arrives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from datetime import UTC, datetime

    from test_maildir import deliver, message

    config = maildir_config(tmp_path)
    deliver(tmp_path / "box", message("qa+ci@example.com", subject="CI code"), datetime.now(UTC))

    status = main(
        ["wait", "--to", "qa+ci@example.com", "--timeout", "5", "--integrations", str(config)]
    )
    captured = capsys.readouterr()

    assert status == 0
    assert json.loads(captured.out)["data"]["emails"][0]["subject"] == "CI code"
    assert captured.err == ""  # not a terminal: quiet


def test_wait_times_out_with_its_own_exit_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = maildir_config(tmp_path)

    status = main(
        ["wait", "--to", "qa+ci@example.com", "--timeout", "0.3", "--integrations", str(config)]
    )

    assert status == EXIT_CODES[Prefix.NO_EMAILS_FOUND]
    assert json.loads(capsys.readouterr().out)["code"] == "no_emails_found"


def test_wait_with_a_bad_since_is_invalid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(
        [
            "wait",
            "--to",
            "qa@example.com",
            "--since",
            "5 m",
            "--integrations",
            str(maildir_config(tmp_path)),
        ]
    )

    assert status == EXIT_CODES[Prefix.INVALID]
    assert "since" in json.loads(capsys.readouterr().out)["error"]


def test_check_passes_on_the_example_and_lists_each_mailbox(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["check", "--integrations", str(EXAMPLE_CONFIG)])
    out = capsys.readouterr().out

    assert status == 0
    assert "OK   maildir otp@example.test: read access works" in out
    assert out.rstrip().endswith("all checks passed")


def test_check_prints_a_fix_for_each_problem_and_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n"
        "    - provider: gmail\n      address: qa@example.com\n      service_account_file: missing.json\n"
        "      domains: [example.com]\n"
        "    - provider: maildir\n      address: otp@example.test\n      path: nowhere\n",
    )

    status = main(["check", "--integrations", str(config)])
    out = capsys.readouterr().out

    assert status == 1
    assert "FAIL gmail qa@example.com: NOT_CONFIGURED:" in out
    assert "missing.json does not exist" in out
    assert "FAIL maildir otp@example.test:" in out
    assert out.count("fix: ") >= 2
    assert "2 problem(s) found" in out


def test_check_fails_on_an_invalid_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status = main(
        ["check", "--integrations", str(write_config(tmp_path, "email: {mailboxes: [], x: 1}"))]
    )

    assert status == 1
    assert "unknown key 'x'" in capsys.readouterr().out


def test_check_warns_about_files_others_can_read(
    tmp_path: Path, service_account_info: dict[str, str]
) -> None:
    """(The warning alone: the live call of a Gmail mailbox is the Gmail tests' business.)"""
    from conftest import write_key
    from otpmail import Reader
    from otpmail._check import format_findings, permission_findings

    key = write_key(tmp_path, service_account_info)
    key.chmod(0o644)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n",
    )
    config.chmod(0o600)

    out = format_findings(permission_findings(Reader(config)))

    assert f"WARN {key}: is readable by other users" in out
    assert f"fix: chmod 600 {key}" in out
    assert f"WARN {config}" not in out


def test_check_warns_about_an_integrations_file_others_can_read(tmp_path: Path) -> None:
    from otpmail import Reader
    from otpmail._check import permission_findings

    config = maildir_config(tmp_path)
    config.chmod(0o640)

    (finding,) = permission_findings(Reader(config))

    assert (finding.level, finding.subject) == ("warn", str(config))


def test_code_prints_only_the_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from test_maildir import deliver, message

    config = maildir_config(tmp_path)
    deliver(
        tmp_path / "box",
        message("qa+c@example.com", body="Your verification code is 640213."),
        datetime.now(UTC),
    )

    status = main(
        ["code", "--to", "qa+c@example.com", "--timeout", "5", "--integrations", str(config)]
    )

    assert status == 0
    assert capsys.readouterr().out == "640213\n"


def test_code_without_a_recognisable_code_has_its_own_exit_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from datetime import UTC, datetime

    from test_maildir import deliver, message

    config = maildir_config(tmp_path)
    deliver(
        tmp_path / "box",
        message("qa+c@example.com", subject="Welcome", body="Thanks for joining."),
        datetime.now(UTC),
    )

    status = main(
        ["code", "--to", "qa+c@example.com", "--timeout", "5", "--integrations", str(config)]
    )
    captured = capsys.readouterr()

    assert status == 6
    assert captured.out == ""
    assert "holds no recognisable code" in captured.err


def test_code_times_out_quietly_on_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(
        [
            "code",
            "--to",
            "qa+c@example.com",
            "--timeout",
            "0.3",
            "--integrations",
            str(maildir_config(tmp_path)),
        ]
    )
    captured = capsys.readouterr()

    assert status == EXIT_CODES[Prefix.NO_EMAILS_FOUND]
    assert captured.out == ""
    assert captured.err.startswith("NO_EMAILS_FOUND: no email matching to=qa+c@example.com")
