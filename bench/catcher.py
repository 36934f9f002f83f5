"""The built-in catcher: what it costs a test session, beside aiosmtpd's own ``Mailbox``.

    .venv/bin/python bench/catcher.py              # about 30 s, 127.0.0.1 only
    .venv/bin/python bench/catcher.py --rounds 50

Prints, as medians over ``--rounds``:

- **start**: what ``otpmail_smtp`` does before the first test (make the Maildir and its
  integrations file, start the catcher's thread and loop, listen on a free port), and
  the same for the baseline, aiosmtpd's ``Controller`` with its ``handlers.Mailbox`` (the
  catcher the README had before);
- **stop**: the graceful stop, and the baseline's ``Controller.stop()``;
- **send → stored**: one ``smtplib`` send of a verification mail until the file is in
  ``new/`` (the SMTP ``250`` comes after the write), for both;
- **send → read**: that send until ``Reader.wait_for_email`` returns it, through the
  integrations file the catcher wrote (the fixture's path, without pytest);
- **first start**: the first start of the run, which imports aiosmtpd;
- **pytest**: the setup of the first test using ``otpmail`` in a fresh pytest session
  (``--durations``), with no integrations file (the built-in catcher starts) and with an
  integrations file over an empty Maildir (no catcher), and the whole session's wall time.

The machine's load shifts every figure: compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import smtplib
import socket
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from otpmail import Reader  # noqa: E402
from otpmail._frontends import _catch  # noqa: E402


def _message(to: str, n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Acme <no-reply@acme.example>"
    msg["To"] = to
    msg["Subject"] = "Your Acme code"
    msg.set_content(f"Your Acme sign-in code is {100000 + n}.")
    return msg


def _send(port: int, to: str, n: int) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        smtp.send_message(_message(to, n))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _send_and_read(file: Path, port: int, n: int) -> float:
    async with Reader(file) as reader:
        await reader.read_emails("qa+warm@example.com", count=True)  # the file is loaded
        sent = time.perf_counter()
        _send(port, f"qa+r{n}@example.com", n)
        envelope = await reader.wait_for_email(f"qa+r{n}@example.com", timeout=30)
        assert envelope["status"] == "ok", envelope
        return time.perf_counter() - sent


def builtin(rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {
        "start": [],
        "stop": [],
        "send → stored": [],
        "send → read": [],
    }
    for n in range(rounds):
        folder = Path(tempfile.mkdtemp(prefix="bench-catcher-"))
        started = time.perf_counter()
        maildir = _catch.prepare_maildir(folder / "maildir")
        file = _catch.write_integrations(
            folder / "integrations.yaml", _catch.integrations_text(maildir)
        )
        running = _catch.BackgroundCatcher(_catch.Catcher(maildir, port=0)).start()
        figures["start"].append(time.perf_counter() - started)
        if n == 0:
            figures["first start"] = [figures["start"][0]]

        sent = time.perf_counter()
        _send(running.port, f"qa+s{n}@example.com", n)
        figures["send → stored"].append(time.perf_counter() - sent)

        figures["send → read"].append(asyncio.run(_send_and_read(file, running.port, n)))
        stopping = time.perf_counter()
        running.stop()
        figures["stop"].append(time.perf_counter() - stopping)
    return figures


def baseline(rounds: int) -> dict[str, list[float]]:
    from aiosmtpd.controller import Controller
    from aiosmtpd.handlers import Mailbox

    figures: dict[str, list[float]] = {"start": [], "stop": [], "send → stored": []}
    for n in range(rounds):
        folder = Path(tempfile.mkdtemp(prefix="bench-aiosmtpd-"))
        started = time.perf_counter()
        controller = Controller(
            Mailbox(folder / "maildir"),
            hostname="127.0.0.1",
            port=_free_port(),
            server_hostname="bench",
        )
        controller.start()
        figures["start"].append(time.perf_counter() - started)
        sent = time.perf_counter()
        _send(int(controller.port), f"qa+s{n}@example.com", n)
        figures["send → stored"].append(time.perf_counter() - sent)
        stopping = time.perf_counter()
        controller.stop()
        figures["stop"].append(time.perf_counter() - stopping)
    return figures


PYTEST_TEST = "def test_reads(otpmail):\n    assert otpmail.read(count=True)['status'] == 'ok'\n"
FILE = (
    "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
    "      path: maildir\n"
)


def pytest_session(with_file: bool) -> tuple[float, float]:
    """(setup of the one test, the session's wall time), in a fresh ``pytest`` process."""
    import re
    import subprocess

    folder = Path(tempfile.mkdtemp(prefix="bench-pytest-"))
    (folder / "test_one.py").write_text(PYTEST_TEST)
    (folder / "pytest.ini").write_text("[pytest]\n")
    if with_file:
        (folder / "integrations.yaml").write_text(FILE)
        for sub in ("cur", "new", "tmp"):
            (folder / "maildir" / sub).mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTPMAIL_", "PYTEST_"))}
    started = time.perf_counter()
    result = subprocess.run(
        [*(sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"), "--durations=0"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    wall = time.perf_counter() - started
    # --durations=0 hides phases under 5 ms unless -vv; the setup is far above.
    setup = re.search(r"([0-9.]+)s setup\s+test_one.py::test_reads", result.stdout)
    assert result.returncode == 0 and setup, result.stdout
    return float(setup[1]), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {args.rounds} rounds, medians in ms")
    ours, theirs = builtin(args.rounds), baseline(args.rounds)
    print(f"{'':16} {'built-in catcher':>18} {'aiosmtpd Mailbox':>18}")
    for name in ("start", "stop", "send → stored", "send → read", "first start"):
        mine = f"{statistics.median(ours[name]) * 1000:18.1f}"
        other = (
            f"{statistics.median(theirs[name]) * 1000:18.1f}" if name in theirs else f"{'-':>18}"
        )
        print(f"{name:16} {mine} {other}")
    sessions = max(3, args.rounds // 5)
    print(f"\npytest, one test, {sessions} fresh sessions each, medians in ms")
    print(f"{'':16} {'no file: catcher':>18} {'integrations file':>18}")
    zero = [pytest_session(False) for _ in range(sessions)]
    filed = [pytest_session(True) for _ in range(sessions)]
    for i, name in enumerate(("first setup", "session wall")):
        print(
            f"{name:16} {statistics.median(z[i] for z in zero) * 1000:18.1f}"
            f" {statistics.median(f[i] for f in filed) * 1000:18.1f}"
        )


if __name__ == "__main__":
    main()
