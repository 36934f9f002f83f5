"""``otpmail read``: JSON on stdout, one exit status per outcome."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE_CONFIG, ROOT, write_config
from otpmail._core._errors import CODES, Prefix
from otpmail._frontends._cli import (
    EXIT_CHECK_FAILED,
    EXIT_CODES,
    EXIT_INTERRUPTED,
    EXIT_NO_CODE,
    EXIT_OK,
    EXIT_OUTPUT_FAILED,
    EXIT_UNEXPECTED,
    main,
)


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


def test_check_fails_on_an_invalid_file_naming_it_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = write_config(tmp_path, "email: {mailboxes: [], x: 1}")

    status = main(["check", "--integrations", str(config)])
    out = capsys.readouterr().out

    assert status == 1
    assert out.startswith(f"FAIL {config}: email: unknown key 'x'")
    assert out.count(str(config)) == 1


def test_check_on_a_missing_file_names_it_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere.yaml"

    status = main(["check", "--integrations", str(missing)])
    out = capsys.readouterr().out

    assert status == 1
    assert out.startswith(f"FAIL integrations file {missing} not found")
    assert out.count(str(missing)) == 1


def test_check_warns_once_about_each_file_others_can_read(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """Its own WARN line with the fix, and no logger line saying it again on stderr."""
    key = tmp_path / "sa.json"
    key.write_text('{"type": "service_account", "private_key": "not a key"}')
    key.chmod(0o644)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )
    config.chmod(0o644)

    status = main(["check", "--integrations", str(config)])
    out, err = capsys.readouterr()

    assert status == EXIT_CHECK_FAILED  # the key is no key: no call leaves the machine
    assert f"WARN {config}: is readable by other users" in out
    assert f"WARN {key}: is readable by other users" in out
    assert (out + err).count("readable by other users") == 2
    assert not [r for r in caplog.records if "readable by other users" in r.getMessage()]


def test_check_warns_about_files_others_can_read(
    tmp_path: Path, service_account_info: dict[str, str]
) -> None:
    """(The warning alone: the live call of a Gmail mailbox is the Gmail tests' business.)"""
    from conftest import write_key
    from otpmail import Reader
    from otpmail._frontends._check import format_findings, permission_findings

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


def test_check_warns_about_an_integrations_file_others_can_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from otpmail import Reader
    from otpmail._frontends._check import permission_findings

    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: outlook\n      address: otp@contoso.com\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        "      client_secret_env: OTPMAIL_TEST_GRAPH_SECRET\n",
    )
    config.chmod(0o640)

    (finding,) = permission_findings(Reader(config))

    assert (finding.level, finding.subject) == ("warn", str(config))


def test_check_does_not_warn_about_a_maildir_only_integrations_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No secret is at stake: the file names folders, not keys."""
    config = maildir_config(tmp_path)
    config.chmod(0o644)

    status = main(["check", "--integrations", str(config)])

    out = capsys.readouterr().out
    assert status == 0
    assert "WARN" not in out and "readable by other users" not in out
    assert "all checks passed" in out


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


# ---------------------------------------------------------------------------------------
# Never a traceback: interruptions, broken and closed outputs, encodings, bugs


def _quiet_config(tmp_path: Path, extra: str = "") -> Path:
    """A Maildir file with the mail of ``test_maildir.message`` at a known time, if any."""
    config = maildir_config(tmp_path)
    if extra:
        config.write_text(config.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return config


def test_ctrl_c_during_a_wait_exits_130_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    import signal

    config = maildir_config(tmp_path)
    # SIGINT raises KeyboardInterrupt in the child even if this run ignores it, and "ready"
    # says the child is past start-up (a signal during the interpreter's own start-up is
    # not the command's to handle).
    probe = (
        "import signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from otpmail._frontends._cli import main\n"
        "sys.stderr.write('ready\\n'); sys.stderr.flush()\n"
        f"raise SystemExit(main(['wait', '--to', 'qa@example.com', '--timeout', '30', '--integrations', {str(config)!r}]))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    assert process.stderr.readline() == b"ready\n"
    import time

    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)

    assert process.returncode == EXIT_INTERRUPTED == 130
    assert out == b""
    assert err == b"otpmail: interrupted\n"


@pytest.mark.parametrize("command", ["read", "wait", "code", "check"])
def test_an_interruption_anywhere_in_a_command_is_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    import otpmail._frontends._cli as cli

    monkeypatch.setattr(
        cli, {"read": "_read", "check": "_check"}.get(command, "_wait"), interrupted
    )
    args = [] if command == "check" else ["--to", "otp@example.test"]

    status = main([command, *args, "--integrations", str(EXAMPLE_CONFIG)])

    assert status == 130
    assert capsys.readouterr() == ("", "otpmail: interrupted\n")


def test_a_bug_is_exit_70_with_the_type_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(reader: object, **kwargs: object) -> list[object]:
        raise RuntimeError("text that could hold anything")

    monkeypatch.setattr("otpmail._frontends._check.run_check", broken)

    status = main(["check", "--integrations", str(EXAMPLE_CONFIG)])
    out, err = capsys.readouterr()

    assert status == 70
    assert "RuntimeError" in err and "please report it" in err
    assert "could hold anything" not in out + err and "Traceback" not in err


def test_a_bug_with_one_mailbox_is_a_fail_line_and_the_others_are_still_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from otpmail._providers._maildir import MaildirProvider

    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n"
        f"    - provider: maildir\n      address: bug@example.test\n      path: {tmp_path}\n"
        f"    - provider: maildir\n      address: otp@example.test\n"
        f"      path: {ROOT / 'examples' / 'maildir'}\n",
    )
    original = MaildirProvider.count

    async def count(self: MaildirProvider, criteria: object) -> int:
        if "bug@" in str(getattr(criteria, "to", "")):
            raise RuntimeError("text that could hold anything")
        return await original(self, criteria)  # type: ignore[arg-type]

    monkeypatch.setattr(MaildirProvider, "count", count)

    status = main(["check", "--integrations", str(config)])
    out, err = capsys.readouterr()

    assert status == 1
    assert "FAIL maildir bug@example.test: unexpected failure (RuntimeError)" in out
    assert "OK   maildir otp@example.test" in out
    assert "could hold anything" not in out + err and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--integrations", "integrations.example.yaml"],
        ["code", "--to", "otp@example.test", "--since", "3650d", "--timeout", "5"],
        ["read", "--help"],
    ],
)
def test_a_closed_pipe_ends_any_command_quietly(args: list[str]) -> None:
    if args[0] == "code":
        args = [*args, "--integrations", "integrations.example.yaml"]
    process = subprocess.Popen(
        [sys.executable, "-m", "otpmail", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)

    assert err == b""
    assert process.returncode == 0


class _BrokenPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


class _FullDisk(io.StringIO):
    def flush(self) -> None:
        raise OSError(28, "No space left on device")


def test_a_reader_that_goes_away_keeps_the_outcomes_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", _BrokenPipe())

    status = main(["read", "--to", "nobody@example.org", "--integrations", str(EXAMPLE_CONFIG)])

    assert status == EXIT_CODES[Prefix.NO_EMAILS_FOUND]
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("stdout", "reason"),
    [(None, "standard output is closed"), (_FullDisk(), "No space left on device")],
)
@pytest.mark.parametrize("command", ["read", "check"])
def test_output_that_cannot_be_written_is_exit_74_and_said_on_stderr(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdout: io.StringIO | None,
    reason: str,
    command: str,
) -> None:
    """A code or an envelope that was never delivered must not look like a success."""
    monkeypatch.setattr(sys, "stdout", stdout)
    args = ["--to", "otp@example.test"] if command == "read" else []

    status = main([command, *args, "--integrations", str(EXAMPLE_CONFIG)])

    assert status == 74
    assert capsys.readouterr().err == f"otpmail: cannot write the output: {reason}\n"


def _ascii_stdout(monkeypatch: pytest.MonkeyPatch, encoding: str = "ascii") -> io.BytesIO:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding, errors="strict"))
    return raw


def test_json_stays_valid_and_lossless_on_an_ascii_stdout(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from datetime import UTC, datetime

    from test_maildir import deliver, message

    config = maildir_config(tmp_path)
    subject = "Ваш код — 🔐 Überprüfung"
    deliver(tmp_path / "box", message("qa@example.com", subject=subject), datetime.now(UTC))
    raw = _ascii_stdout(monkeypatch)

    status = main(["read", "--to", "qa@example.com", "--integrations", str(config)])
    sys.stdout.flush()

    assert status == 0
    assert json.loads(raw.getvalue().decode("ascii"))["data"]["emails"][0]["subject"] == subject


def test_undecodable_argument_bytes_still_give_valid_json(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Bytes that are not UTF-8 reach ``sys.argv`` as lone surrogates, which no strict
    encoder can write; JSON escapes them."""
    raw = _ascii_stdout(monkeypatch, encoding="utf-8")

    status = main(
        ["read", "--to", "qa@example.com", "--integrations", str(tmp_path / "\udcff.yaml")]
    )
    sys.stdout.flush()

    assert status == EXIT_CODES[Prefix.NOT_CONFIGURED]
    assert "\udcff.yaml" in json.loads(raw.getvalue().decode("utf-8"))["error"]


def test_human_output_escapes_what_stdout_cannot_encode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    raw = _ascii_stdout(monkeypatch)

    status = main(["check", "--integrations", str(tmp_path / "Grüße.yaml")])
    sys.stdout.flush()

    assert status == 1
    assert "Gr\\xfc\\xdfe.yaml" in raw.getvalue().decode("ascii")


def test_an_ascii_locale_gets_the_example_french_mail_as_valid_json() -> None:
    subject = "Réinitialisation de votre mot de passe"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "otpmail", "read", "--to", "otp@example.test"),
            *("--subject", "Réinitialisation", "--integrations", "integrations.example.yaml"),
        ],
        cwd=ROOT,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"},
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.isascii() and result.stderr == b""
    assert json.loads(result.stdout)["data"]["emails"][0]["subject"] == subject


@pytest.mark.parametrize("timeout", ["0.5", "0.25"])
def test_a_timeout_says_the_figure_as_given(
    capsys: pytest.CaptureFixture[str], timeout: str
) -> None:
    status = main(
        [
            *("wait", "--to", "nobody@example.test", "--timeout", timeout),
            *("--integrations", str(EXAMPLE_CONFIG)),
        ]
    )

    assert status == EXIT_CODES[Prefix.NO_EMAILS_FOUND]
    assert f" arrived within {timeout}s (since=" in json.loads(capsys.readouterr().out)["error"]


def test_the_countdown_on_a_terminal_is_plain_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)

    status = main(
        [
            *("wait", "--to", "qa@example.com", "--timeout", "0.3"),
            *("--integrations", str(maildir_config(tmp_path))),
        ]
    )
    err = capsys.readouterr().err

    assert status == EXIT_CODES[Prefix.NO_EMAILS_FOUND]
    assert "\rwaiting for mail to qa@example.com:    0s of 0.3s" in err
    assert "\033" not in err and err.endswith("\r")


# ---------------------------------------------------------------------------------------
# Arguments: every bad value is INVALID (exit 2), with a message that says what to do


@pytest.mark.parametrize(
    ("since", "message"),
    [
        ("999999d", "since '999999d' reaches back before 1970"),
        ("99999999999999999999d", "reaches back before 1970"),
        ("1970-01-01T00:00:00+01:00", "reaches back before 1970"),
        ("1x", "since must be a look-back such as 2m or an ISO-8601 time with a zone"),
        ("5 m", "got '5 m'"),
        ("-5m", "got '-5m'"),
        ("2026-11-30T09:41:17", "has no time zone: add Z for UTC"),
    ],
)
@pytest.mark.parametrize("command", ["wait", "code"])
def test_a_bad_since_says_what_since_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, since: str, message: str, command: str
) -> None:
    status = main(
        [
            *(command, "--to", "qa@example.com", f"--since={since}", "--timeout", "5"),
            *("--integrations", str(maildir_config(tmp_path))),
        ]
    )
    captured = capsys.readouterr()

    assert status == EXIT_CODES[Prefix.INVALID]
    error = json.loads(captured.out)["error"] if command == "wait" else captured.err
    assert error.startswith("INVALID: ") and message in error
    assert "datetime" not in error


def test_since_takes_an_iso_time_to_accept_mail_from_before_the_call(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """CI marks the start before the action: START=$(date -u +%FT%TZ)."""
    from datetime import UTC, datetime, timedelta

    from test_maildir import deliver, message

    config = maildir_config(tmp_path)
    now = datetime.now(UTC)
    deliver(
        tmp_path / "box", message("qa@example.com", body="Code: 318204"), now - timedelta(minutes=5)
    )
    start = (now - timedelta(minutes=6)).strftime("%Y-%m-%dT%H:%M:%SZ")

    status = main(
        [
            *("code", "--to", "qa@example.com", "--since", start, "--timeout", "5"),
            *("--integrations", str(config)),
        ]
    )

    assert (status, capsys.readouterr().out) == (0, "318204\n")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--timeout", "abc", "timeout must be a number of seconds"),
        ("--timeout", "nan", "timeout must be a number of seconds"),
        ("--timeout", "0", "timeout must be a number of seconds"),
        ("--poll-interval", "x", "poll_interval must be between"),
        ("--deadline", "soon", "deadline must be a number of seconds above 0 and at most 3600"),
    ],
)
def test_numbers_that_are_not_are_an_invalid_envelope_not_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, value: str, message: str
) -> None:
    status = main(
        [
            *("wait", "--to", "qa@example.com", option, value),
            *("--integrations", str(maildir_config(tmp_path))),
        ]
    )

    assert status == EXIT_CODES[Prefix.INVALID]
    assert message in json.loads(capsys.readouterr().out)["error"]


def test_an_empty_integrations_path_is_a_usage_error_not_the_current_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["read", "--to", "otp@example.test", "--integrations", ""])

    assert caught.value.code == 2
    assert "--integrations: must not be empty" in capsys.readouterr().err


def test_a_value_that_starts_with_a_dash_gets_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["read", "--to", "otp@example.test", "--subject", "-50%"])

    assert caught.value.code == 2
    assert "must be attached: --subject=-VALUE" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])

    assert caught.value.code == 0
    assert capsys.readouterr().out.startswith("otpmail ")


# ---------------------------------------------------------------------------------------
# --deadline


class _Hanging:
    """A provider whose every call hangs: only a deadline ends it."""

    account = "qa@example.com"

    async def search(self, criteria: object) -> list[object]:
        await asyncio.sleep(60)
        return []

    async def count(self, criteria: object) -> int:
        await asyncio.sleep(60)
        return 0

    async def aclose(self) -> None:
        return None


@pytest.fixture
def hanging(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A file whose own deadline is a minute, read through a provider that hangs."""
    monkeypatch.setattr("otpmail._reading._reader.default_provider", lambda mailbox: _Hanging())
    return _quiet_config(tmp_path, "  deadline_seconds: 60\n")


@pytest.mark.parametrize(
    ("command", "extra"),
    [("read", []), ("read", ["--count"]), ("wait", ["--timeout", "30"])],
)
def test_deadline_bounds_the_call_and_beats_the_files(
    capsys: pytest.CaptureFixture[str], hanging: Path, command: str, extra: list[str]
) -> None:
    import time

    started = time.monotonic()
    status = main(
        [
            *(command, "--to", "qa@example.com", *extra),
            *("--deadline", "0.2", "--integrations", str(hanging)),
        ]
    )
    envelope = json.loads(capsys.readouterr().out)

    assert time.monotonic() - started < 10
    assert status == EXIT_CODES[Prefix.API_ERROR]
    assert envelope["code"] == "deadline_exceeded"
    assert envelope["error"].endswith(" (maildir) did not finish within 0.2 s")


@pytest.mark.parametrize(
    ("command", "extra"),
    [("read", ["--to", "qa@example.com"]), ("wait", ["--to", "qa@example.com"]), ("check", [])],
)
def test_without_deadline_the_files_deadline_bounds_each_call(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
    extra: list[str],
) -> None:
    import time

    monkeypatch.setattr("otpmail._reading._reader.default_provider", lambda mailbox: _Hanging())
    config = _quiet_config(tmp_path, "  deadline_seconds: 0.3\n")

    started = time.monotonic()
    status = main([command, *extra, "--integrations", str(config)])
    out = capsys.readouterr().out

    assert time.monotonic() - started < 5
    if command == "check":
        assert status == EXIT_CHECK_FAILED
        assert (
            "FAIL maildir qa@example.com: API_ERROR: check (maildir) did not finish within 0.3 s"
            in out
        )
    else:
        assert status == EXIT_CODES[Prefix.API_ERROR]
        assert json.loads(out)["error"].endswith(" (maildir) did not finish within 0.3 s")


def test_deadline_bounds_each_mailbox_of_check(
    capsys: pytest.CaptureFixture[str], hanging: Path
) -> None:
    status = main(["check", "--deadline", "0.2", "--integrations", str(hanging)])
    out = capsys.readouterr().out

    assert status == EXIT_CHECK_FAILED
    assert (
        "FAIL maildir qa@example.com: API_ERROR: check (maildir) did not finish within 0.2 s" in out
    )
    assert "fix: The call ran out of time: retry or raise the deadline." in out


@pytest.mark.parametrize("command", ["read", "wait", "code", "check"])
def test_a_tiny_deadline_runs_out_on_the_example_maildir(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    args = [] if command == "check" else ["--to", "otp@example.test"]

    status = main([command, *args, "--deadline", "1e-9", "--integrations", str(EXAMPLE_CONFIG)])
    captured = capsys.readouterr()

    if command == "check":
        assert status == EXIT_CHECK_FAILED
        assert "did not finish within 1e-09 s" in captured.out
    else:
        assert status == EXIT_CODES[Prefix.API_ERROR]
        assert "did not finish within 1e-09 s" in captured.out + captured.err


def test_a_generous_deadline_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    status, envelope = run(
        capsys,
        "--to",
        "otp@example.test",
        "--count",
        "--deadline",
        "3600",
        "--integrations",
        str(EXAMPLE_CONFIG),
    )

    assert (status, envelope) == (0, {"status": "ok", "data": {"count": 3}})


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "3601", "abc", "", "1e400"])
@pytest.mark.parametrize("command", ["read", "wait", "code", "check"])
def test_a_bad_deadline_is_invalid_like_the_librarys(
    capsys: pytest.CaptureFixture[str], command: str, value: str
) -> None:
    args = [] if command == "check" else ["--to", "otp@example.test"]

    status = main([command, *args, f"--deadline={value}", "--integrations", str(EXAMPLE_CONFIG)])
    captured = capsys.readouterr()

    assert status == EXIT_CODES[Prefix.INVALID]
    if command in {"read", "wait"}:
        envelope = json.loads(captured.out)
        assert envelope["code"] == "invalid_argument"
        error = envelope["error"]
    else:
        assert captured.out == ""
        error = captured.err.strip()
    assert error == "INVALID: deadline must be a number of seconds above 0 and at most 3600"


# ---------------------------------------------------------------------------------------
# The docs and the help tell the same story


def test_the_docs_list_every_exit_status_of_the_command() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = page.split("## Exit statuses", 1)[1].split("\n## ", 1)[0]
    listed = {int(n) for n in re.findall(r"^\| (\d+) \|", section, flags=re.M)}

    assert listed == {
        EXIT_OK,
        EXIT_CHECK_FAILED,
        *EXIT_CODES.values(),
        EXIT_NO_CODE,
        EXIT_UNEXPECTED,
        EXIT_OUTPUT_FAILED,
        EXIT_INTERRUPTED,
    }
    assert "--deadline" in page


@pytest.mark.parametrize("command", ["read", "wait", "code", "check"])
def test_help_lists_deadline_and_the_interruption_status(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])

    text = capsys.readouterr().out
    assert "--deadline SECONDS" in text and "130  interrupted" in text


@pytest.mark.parametrize("command", ["read", "wait", "code", "check", "mcp"])
def test_an_unknown_option_prints_the_usage_of_its_subcommand(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    args = [command] + (["--to", "otp@example.test"] if command in {"read", "wait", "code"} else [])
    with pytest.raises(SystemExit) as caught:
        main([*args, "--bogus"])

    err = capsys.readouterr().err
    assert caught.value.code == 2
    assert err.startswith(f"usage: otpmail {command} [-h]")
    assert err.rstrip().endswith(f"otpmail {command}: error: unrecognized arguments: --bogus")
