"""The built-in catcher, ``otpmail catch``: run as a user runs it (a subprocess), fed by
the standard library's smtplib, read back by ``otpmail read``; and its handler's bounds on
an in-process catcher. Real aiosmtpd, real smtplib, real ``mailbox``."""

from __future__ import annotations

import os
import queue
import re
import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from catcher import builtin_catcher, free_port, mail, send
from conftest import ROOT
from otpmail._core import _config
from otpmail._core._bounds import Limits
from otpmail._frontends._catch import MAX_RECIPIENTS, stored_message

pytestmark = pytest.mark.loopback

START = re.compile(r"otpmail catch: SMTP on 127\.0\.0\.1:(\d+), storing mail in the Maildir (.+)")


@dataclass
class Running:
    process: subprocess.Popen[str]
    port: int
    maildir: Path
    start: str
    """What it printed before it was ready: the start line, the integrations entry, the stop hint."""

    def stop(self, signum: int = signal.SIGINT) -> tuple[int, str, str]:
        self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, self.start + out, err


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "otpmail", "catch", *args]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("OTPMAIL_")}


def _read_until(process: subprocess.Popen[str], last: str, timeout: float = 30) -> str:
    """What the process printed up to and including the line that starts with ``last``
    (read by a thread: a pipe's buffered lines are invisible to ``select``)."""
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    stdout = process.stdout

    def pump() -> None:
        for line in iter(stdout.readline, ""):
            lines.put(line)
            if line.startswith(last):
                return
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        if not line:
            break
        seen.append(line)
        if line.startswith(last):
            return "".join(seen)
    process.kill()
    raise AssertionError(f"no {last!r} line: {''.join(seen)!r} {process.communicate()}")


@contextmanager
def catch(tmp_path: Path, *args: str) -> Iterator[Running]:
    process = subprocess.Popen(
        _command(str(tmp_path / "maildir"), "--port", "0", *args),
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        start = _read_until(process, "stop it with")
        match = START.search(start)
        assert match, start
        yield Running(process, int(match[1]), Path(match[2]), start)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def otpmail_read(integrations: Path, to: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "otpmail", "read", "--integrations", str(integrations), "--to", to],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_mail_sent_to_the_catcher_is_read_back_through_the_entry_it_prints(
    tmp_path: Path,
) -> None:
    with catch(tmp_path, "--write-integrations", "mail.yaml") as running:
        send(running.port, mail("qa+plain@example.com", body="Your code is 111111"))
        # BCC-style: the address only in the SMTP envelope.
        send(
            running.port,
            mail("undisclosed-recipients:;", body="Your code is 222222"),
            rcpt=["qa+bcc@example.com"],
        )
        plain = otpmail_read(tmp_path / "mail.yaml", "qa+plain@example.com")
        bcc = otpmail_read(tmp_path / "mail.yaml", "qa+bcc@example.com")
        status, out, err = running.stop()

    assert running.maildir == tmp_path / "maildir"
    assert plain.returncode == 0 and '"code": "111111"' in plain.stdout, plain
    assert bcc.returncode == 0 and '"code": "222222"' in bcc.stdout, bcc
    assert status == 0, err
    assert f"otpmail catch: stopped; 2 message(s) stored in {tmp_path / 'maildir'}" in err
    assert "Traceback" not in err
    # One line per stored message, naming the envelope and the file, never the subject.
    assert (
        len(re.findall(r"^stored \d+ bytes from <[^>]*> to qa\+\w+@example\.com: new/", out, re.M))
        == 2
    )
    assert "Your code" not in out


def test_the_printed_entry_is_an_integrations_file_that_reads_the_maildir(tmp_path: Path) -> None:
    with catch(tmp_path, "--address", "signup@acme.example") as running:
        status, out, _ = running.stop()
    entry = "\n".join(
        line[2:] for line in out.splitlines() if line.startswith("  ")
    )  # the indented block after "read it with this integrations file"
    file = tmp_path / "pasted.yaml"
    file.write_text(entry)

    config = _config.load(file)

    assert status == 0
    assert "read it with this integrations file" in out
    (mailbox,) = config.mailboxes
    assert mailbox.provider == "maildir" and mailbox.address == "signup@acme.example"
    assert isinstance(mailbox, _config.MaildirMailbox) and mailbox.path == tmp_path / "maildir"
    assert not (tmp_path / "integrations.yaml").exists()  # printed, nothing written unasked


def test_sigint_lets_the_message_being_received_finish_then_exits_zero(tmp_path: Path) -> None:
    with catch(tmp_path) as running:
        smtp = smtplib.SMTP("127.0.0.1", running.port, timeout=10)
        smtp.ehlo()
        smtp.mail("no-reply@acme.example")
        smtp.rcpt("qa+late@example.com")
        assert smtp.docmd("DATA")[0] == 354
        smtp.send(
            b"From: no-reply@acme.example\r\nTo: qa+late@example.com\r\nSubject: Late\r\n\r\n"
        )
        running.process.send_signal(signal.SIGINT)
        time.sleep(0.5)
        still_running = running.process.poll() is None
        # New connections are refused once the stop began.
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", running.port), timeout=2).close()
        smtp.send(b"Your code is 333333\r\n.\r\n")
        reply = smtp.getreply()
        smtp.close()
        _, err = running.process.communicate(timeout=30)

    assert still_running
    assert reply[0] == 250, reply
    assert running.process.returncode == 0, err
    (stored,) = (tmp_path / "maildir" / "new").iterdir()
    assert b"Your code is 333333" in stored.read_bytes()
    assert "1 message(s) stored" in err


def test_sigterm_with_an_idle_connection_open_exits_at_once(tmp_path: Path) -> None:
    with catch(tmp_path) as running:
        idle = smtplib.SMTP("127.0.0.1", running.port, timeout=10)
        idle.ehlo()
        started = time.monotonic()
        status, _, err = running.stop(signal.SIGTERM)
        took = time.monotonic() - started

    assert status == 0, err
    assert took < 4, took  # the grace period (5 s) is for a message being received
    assert idle.getreply()[0] == 421  # "shutting down", then the link is closed
    with pytest.raises(smtplib.SMTPServerDisconnected):
        idle.noop()
    idle.close()


def test_a_port_in_use_is_a_clear_message_and_exit_69(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            _command(str(tmp_path / "maildir"), "--port", str(port)),
            env=_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert result.returncode == 69
    assert f"otpmail catch: cannot listen on 127.0.0.1:{port}: " in result.stderr
    assert "choose another --port" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def _under_a_file(folder: Path) -> Path:
    (folder / "file").write_text("x")
    return folder / "file" / "maildir"


def _a_file(folder: Path) -> Path:
    (folder / "file").write_text("x")
    return folder / "file"


def _a_project_folder(folder: Path) -> Path:
    (folder / "project").mkdir()
    (folder / "project" / "app.py").write_text("")
    return folder / "project"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_under_a_file, "cannot write the Maildir"),
        (_a_file, "is a file, not a Maildir folder"),
        (_a_project_folder, "is not a Maildir"),
    ],
    ids=["under-a-file", "a-file", "a-project-folder"],
)
def test_a_maildir_that_cannot_be_written_is_a_clear_message_and_exit_73(
    tmp_path: Path, make: Callable[[Path], Path], message: str
) -> None:
    target = make(tmp_path)
    result = subprocess.run(
        _command(str(target), "--port", str(free_port())),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 73, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    if message == "is not a Maildir":
        assert sorted(p.name for p in target.iterdir()) == ["app.py"]  # left as it was


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_maildir_is_exit_73(tmp_path: Path) -> None:
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "maildir" / sub).mkdir(parents=True)
    (tmp_path / "maildir" / "tmp").chmod(0o500)
    try:
        result = subprocess.run(
            _command(str(tmp_path / "maildir"), "--port", "0"),
            env=_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        (tmp_path / "maildir" / "tmp").chmod(0o700)

    assert result.returncode == 73 and "cannot write the Maildir" in result.stderr


def test_an_existing_different_integrations_file_is_never_overwritten(tmp_path: Path) -> None:
    mine = tmp_path / "integrations.yaml"
    mine.write_text("email: {mailboxes: [{provider: gmail}]}\n")

    result = subprocess.run(
        _command(str(tmp_path / "maildir"), "--port", "0", "--write-integrations", str(mine)),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 73
    assert "exists and is not this catcher's integrations file: not overwritten" in result.stderr
    assert mine.read_text() == "email: {mailboxes: [{provider: gmail}]}\n"


def test_the_same_integrations_file_may_be_written_again(tmp_path: Path) -> None:
    for _ in range(2):
        with catch(tmp_path, "--write-integrations", "mail.yaml") as running:
            status, _, err = running.stop()
        assert status == 0, err


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_a_bad_port_is_a_usage_error(tmp_path: Path, port: str) -> None:
    result = subprocess.run(
        _command(str(tmp_path / "maildir"), f"--port={port}"),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 2 and "--port must be 0 to 65535" in result.stderr


def test_help_documents_the_exit_statuses() -> None:
    result = subprocess.run(
        _command("--help"), env=_env(), capture_output=True, text=True, timeout=60
    )

    assert result.returncode == 0
    for status in ("0   stopped by SIGINT or SIGTERM", "69  the address", "73  the Maildir"):
        assert status in result.stdout


# ---------------------------------------------------------------------------------------
# The handler's bounds, on an in-process catcher


def _raw(size: int, line: bytes = b"y" * 75) -> bytes:
    """A message of exactly ``size`` bytes as sent (CR LF line ends)."""
    head = b"From: no-reply@acme.example\r\nTo: qa@example.com\r\nSubject: Big\r\n\r\n"
    body = (line + b"\r\n") * ((size - len(head)) // (len(line) + 2))
    return head + body + b"z" * (size - len(head) - len(body) - 2) + b"\r\n"


def test_a_message_above_the_readers_bound_is_refused_with_552(tmp_path: Path) -> None:
    limits = Limits(
        response_bytes=20_000, raw_body_chars=1_000, body_chars=1_000, result_chars=30_000
    )
    with (
        builtin_catcher(tmp_path / "maildir", limits=limits) as port,
        smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp,
    ):
        # smtplib announces the size (the SIZE extension): refused before any data.
        with pytest.raises(smtplib.SMTPSenderRefused) as announced:
            smtp.sendmail("a@acme.example", ["qa@example.com"], _raw(30_000))
        smtp.esmtp_features.pop("size")  # a client that does not announce it
        with pytest.raises(smtplib.SMTPDataError) as sent_anyway:
            smtp.sendmail("a@acme.example", ["qa@example.com"], _raw(30_000))
        # Within the bound as sent, above it once the envelope headers are added.
        with pytest.raises(smtplib.SMTPDataError) as with_headers:
            smtp.sendmail("a@acme.example", ["qa@example.com"], _raw(19_990))
        smtp.sendmail("a@acme.example", ["qa@example.com"], _raw(19_900))

    assert announced.value.smtp_code == 552
    assert sent_anyway.value.smtp_code == 552
    assert with_headers.value.smtp_code == 552
    assert b"email.limits.response_bytes (20000)" in with_headers.value.smtp_error
    (stored,) = (tmp_path / "maildir" / "new").iterdir()
    assert 19_900 < stored.stat().st_size <= 20_000


def test_a_line_longer_than_rfc_5321_allows_is_still_stored(tmp_path: Path) -> None:
    """Mail from real apps breaks the 1,000-character line limit (an HTML mail on one
    line); the catcher, like the MTAs apps send through, takes it."""
    line = b"<p>" + b"x" * 50_000 + b" code 424242</p>"
    with (
        builtin_catcher(tmp_path / "maildir") as port,
        smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp,
    ):
        smtp.sendmail("a@acme.example", ["qa@example.com"], _raw(60_000, line))

    (stored,) = (tmp_path / "maildir" / "new").iterdir()
    assert line + b"\r\n" in stored.read_bytes()


def test_recipients_beyond_the_bound_are_refused_with_452(tmp_path: Path) -> None:
    with builtin_catcher(tmp_path / "maildir") as port:
        rcpt = [f"qa+{i}@example.com" for i in range(MAX_RECIPIENTS + 5)]
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            refused = smtp.sendmail("a@acme.example", rcpt, bytes(mail("qa@example.com")))
        # Long but valid addresses (64-character local part, 63-character labels): their
        # list passes the header length the reader parses whole before the count.
        long = [f"{'a' * 60}+{i:03d}@{'b' * 63}.{'c' * 63}.example" for i in range(MAX_RECIPIENTS)]
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            refused_long = smtp.sendmail("a@acme.example", long, bytes(mail("qa@example.com")))

    assert sorted(refused) == sorted(rcpt[MAX_RECIPIENTS:])
    assert all(code == 452 for code, _ in refused.values())
    assert refused_long and all(code == 452 for code, _ in refused_long.values())
    for stored in (tmp_path / "maildir" / "new").iterdir():
        header = [
            line for line in stored.read_bytes().split(b"\r\n") if line.startswith(b"X-RcptTo:")
        ]
        assert len(header) == 1 and len(header[0]) - len(b"X-RcptTo: ") <= 16_384


def test_the_catcher_stores_the_bytes_it_was_sent(tmp_path: Path) -> None:
    """Every message of the decoding corpus, sent as an SMTP client sends it (CR LF line
    ends): the stored file is those bytes plus the two envelope lines, and the catcher's
    X-RcptTo is the only one, whatever the message carried."""
    import email

    corpus = sorted((ROOT / "tests" / "corpus").rglob("*.eml"))
    assert len(corpus) > 300
    wire = []
    for path in corpus:
        data = re.sub(rb"\r\n|\r|\n", b"\r\n", path.read_bytes())
        wire.append(data if data.endswith(b"\r\n") else data + b"\r\n")
    with builtin_catcher(tmp_path / "maildir") as port, smtplib.SMTP("127.0.0.1", port) as smtp:
        for i, data in enumerate(wire):
            smtp.sendmail("a@acme.example", [f"qa+{i}@example.com"], data)
    stored = {}
    for file in (tmp_path / "maildir" / "new").iterdir():
        data = file.read_bytes()
        (recipient,) = email.message_from_bytes(data).get_all("X-RcptTo")
        stored[int(recipient.removeprefix("qa+").split("@")[0])] = data

    assert sorted(stored) == list(range(len(corpus)))
    for i, path in enumerate(corpus):
        envelope = f"X-MailFrom: a@acme.example\r\nX-RcptTo: qa+{i}@example.com\r\n".encode()
        if b"x-rcptto:" in wire[i].lower() or b"x-mailfrom:" in wire[i].lower():
            continue  # the sender's copies are dropped: test_security_catcher
        assert stored[i].replace(envelope, b"", 1) == wire[i], path


def test_an_envelope_line_goes_where_the_standard_parser_ends_the_header_block() -> None:
    import email

    cases = {
        b"Subject: a\r\n\r\nbody\r\n": b"body\r\n",
        b"Subject: a\r\n  folded\r\nnot a header line\r\nmore\r\n": b"not a header line\r\nmore\r\n",
        b"Subject: only headers": b"",
        b"\r\nno headers at all\r\n": b"no headers at all\r\n",
        b"Subject: a\nX-RcptTo: forged@example.com\n  still-forged@example.com\n\nhi\n": b"hi\n",
    }
    for raw, body in cases.items():
        stored = stored_message(raw, "s@acme.example", ("r@example.com",))
        message = email.message_from_bytes(stored)
        assert message.get_all("X-RcptTo") == ["r@example.com"], raw
        assert message.get_payload(decode=True) == body, raw
