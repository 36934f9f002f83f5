"""The README's local SMTP catcher, in-process: aiosmtpd's ``Mailbox`` handler writing a
Maildir, on 127.0.0.1, fed by the stdlib's ``smtplib``. Real components only.

For ``@pytest.mark.loopback`` tests.
"""

from __future__ import annotations

import smtplib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_catcher(maildir: Path) -> Iterator[int]:
    """Run ``python -m aiosmtpd -c aiosmtpd.handlers.Mailbox MAILDIR`` in a thread; yields
    its port."""
    controller = Controller(Mailbox(maildir), hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield int(controller.port)
    finally:
        controller.stop()


@contextmanager
def aiosmtpd_process(maildir: Path) -> Iterator[int]:
    """Run ``python -m aiosmtpd -n -l 127.0.0.1:PORT -c aiosmtpd.handlers.Mailbox MAILDIR``
    as a process of its own, as a user runs aiosmtpd beside otpmail; yields its port once
    it answers SMTP (within 15 s, else the error)."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            f"127.0.0.1:{port}",
            "-c",
            "aiosmtpd.handlers.Mailbox",
            str(maildir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                smtplib.SMTP("127.0.0.1", port, timeout=5).quit()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def send(port: int, msg: EmailMessage, rcpt: Sequence[str] | None = None) -> None:
    """Send ``msg`` to the catcher; ``rcpt`` are the SMTP envelope recipients (default: the
    message's own To and Cc). The catcher has written the Maildir file when this returns:
    aiosmtpd answers ``250`` only after its handler ran."""
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        smtp.send_message(msg, to_addrs=list(rcpt) if rcpt is not None else None)


def mail(
    to: str, subject: str = "Your code", body: str = "Your code is 123456", **headers: str
) -> EmailMessage:
    """A verification mail from Acme."""
    msg = EmailMessage()
    msg["From"] = headers.pop("sender", "Acme <no-reply@acme.example>")
    msg["To"] = to
    msg["Subject"] = subject
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg


@contextmanager
def builtin_catcher(maildir: Path, **options: Any) -> Iterator[int]:
    """Run otpmail's own catcher (what ``otpmail catch`` and ``otpmail_smtp`` run) in a
    thread on a free port of 127.0.0.1; yields its port. ``options`` go to ``Catcher``."""
    from otpmail._frontends._catch import BackgroundCatcher, Catcher, prepare_maildir

    folder = prepare_maildir(maildir)
    running = BackgroundCatcher(Catcher(folder, port=0, **options)).start()
    try:
        yield running.port
    finally:
        running.stop()
