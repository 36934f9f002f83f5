"""How the ``otpmail`` command ends: ``main`` returns to a caller in Python; the console
script (``console_main``) ends the process once the command has answered, after the
``atexit`` handlers, without waiting for a thread still running."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT
from otpmail._frontends import _catch, _cli, _process

COUNT = [
    "read",
    "--to",
    "otp@example.test",
    "--count",
    "--integrations",
    "integrations.example.yaml",
]


def _python(
    code: str, *, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
    )


def test_main_without_arguments_returns_to_a_caller_in_python() -> None:
    # main() reads the process's arguments, as the console script does, and returns.
    result = _python(
        f"""
        import sys
        from otpmail._frontends._cli import main
        sys.argv = ["otpmail", *{COUNT!r}]
        status = main()
        print("returned", status)
        """
    )

    assert result.returncode == 0, result.stderr
    envelope, returned = result.stdout.rsplit("\n", 2)[0], result.stdout.splitlines()[-1]
    assert returned == "returned 0"
    assert json.loads(envelope) == {"status": "ok", "data": {"count": 3}}


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (COUNT, 0),
        (["read", "--to", "otp@example.test", "--after", "5 m", "--integrations", "x.yaml"], 2),
        (["wait", "--to", "otp@example.test", "--timeout", "3601"], 2),
        (["check", "--deadline", "0"], 2),
        (["code", "--to", "otp@example.test", "--poll-interval", "no"], 2),
    ],
)
def test_main_returns_the_status_of_every_outcome(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    status: int,
) -> None:
    monkeypatch.chdir(ROOT)

    assert _cli.main(argv) == status
    capsys.readouterr()


@pytest.mark.parametrize(("argv", "status"), [(["--help"], 0), (["--version"], 0), (["read"], 2)])
def test_argparse_exits_are_system_exit_as_documented(
    capsys: pytest.CaptureFixture[str], argv: list[str], status: int
) -> None:
    # Kept from argparse (and pinned by the older tests): the one exception to "returns".
    with pytest.raises(SystemExit) as caught:
        _cli.main(argv)

    assert caught.value.code == status
    assert "SystemExit" in (_cli.main.__doc__ or "")
    capsys.readouterr()


def test_the_console_script_is_console_main() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

    assert project["project"]["scripts"]["otpmail"] == "otpmail._frontends._cli:console_main"
    assert "console_main()" in (ROOT / "src/otpmail/__main__.py").read_text(encoding="utf-8")


def _installed_command() -> Path:
    script = Path(sysconfig.get_path("scripts")) / "otpmail"
    if not script.exists():
        pytest.skip("the otpmail console script is not installed in this environment")
    text = script.read_text(encoding="utf-8", errors="replace")
    if "console_main" not in text:
        pytest.fail(f"{script} is stale: reinstall (pip install -e .) to get console_main")
    return script


def _atexit_probe(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A ``sitecustomize`` that registers an atexit handler, as coverage's subprocess
    support or any caller's start-up code does; the handler writes ``marker``."""
    import os

    marker = tmp_path / "atexit-ran"
    (tmp_path / "sitecustomize.py").write_text(
        f"import atexit\natexit.register(lambda: open({str(marker)!r}, 'w').write('ran'))\n",
        encoding="utf-8",
    )
    path = os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path}
    return env, marker


@pytest.mark.parametrize("how", ["console script", "python -m otpmail"])
def test_a_callers_atexit_handler_runs_after_the_command(tmp_path: Path, how: str) -> None:
    env, marker = _atexit_probe(tmp_path)
    command = (
        [str(_installed_command())]
        if how == "console script"
        else [sys.executable, "-m", "otpmail"]
    )

    result = subprocess.run(
        [*command, *COUNT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"status": "ok", "data": {"count": 3}}
    assert marker.read_text(encoding="utf-8") == "ran"


@pytest.mark.parametrize(("argv", "status"), [(["--version"], 0), (["read"], 2), (COUNT, 0)])
def test_console_main_ends_the_process_without_waiting_for_a_running_thread(
    tmp_path: Path, argv: list[str], status: int
) -> None:
    # A non-daemon thread that would hold an ordinary interpreter exit for ten minutes: the
    # command ends all the same, once it has answered and the atexit handlers have run.
    env, marker = _atexit_probe(tmp_path)
    result = _python(
        f"""
        import sys, threading, time
        threading.Thread(target=time.sleep, args=(600,), name="still-running").start()
        from otpmail._frontends._cli import console_main
        sys.argv = ["otpmail", *{argv!r}]
        console_main()
        """,
        env=env,
        timeout=60,
    )

    assert result.returncode == status, result.stderr
    assert marker.read_text(encoding="utf-8") == "ran"
    assert "Traceback" not in result.stderr


def test_a_system_exit_with_a_message_is_status_1_and_the_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # As the interpreter itself treats SystemExit("text"): the text on stderr, status 1.
    assert _process.status_of(SystemExit("stopped: a reason")) == 1
    assert capsys.readouterr().err == "stopped: a reason\n"
    assert _process.status_of(SystemExit(None)) == 0
    assert _process.status_of(SystemExit(2)) == 2


def test_the_catchers_statuses_in_its_help_are_the_catchers_own() -> None:
    text = _cli._CATCH_EPILOG

    assert f"  {_catch.EXIT_UNAVAILABLE}  the address cannot be listened on" in text
    assert f"  {_catch.EXIT_CANT_CREATE}  the Maildir or the --write-integrations file" in text
    # The catcher stops on SIGINT with status 0: no "130 interrupted" row.
    assert "130" not in text
