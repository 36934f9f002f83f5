"""The shapes of issue 17 as a user meets them: mail sent with smtplib to a real SMTP catcher
(aiosmtpd, delivering into a Maildir on 127.0.0.1), then read with ``read_emails`` in the
same session, one mail after another: the code of each is found.

Each of these mails yielded no code before the fix: an empty plain alternative beside the
HTML, a verification mail wrapped whole by a gateway, a code split around an inline image,
UTF-8 under a GB2312 label, and a signed mail whose content part says ``application/plain``.
"""

from __future__ import annotations

import contextlib
import smtplib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_socket

from catcher import aiosmtpd_process
from conftest import write_config
from otpmail import Reader

pytestmark = pytest.mark.loopback

INNER = (
    b"From: Globex Accounts <accounts@globex.example>\r\nTo: sam@example.com\r\n"
    b"Subject: Your Globex verification code\r\nDate: Sun, 29 Nov 2026 18:04:00 +0100\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n\r\nYour Globex verification code: 715004\r\n"
)


def envelope_of(to: str, subject: str, content_type: str, body: bytes, cte: str = "7bit") -> bytes:
    return (
        f"From: Acme <no-reply@acme.example>\r\nTo: {to}\r\nSubject: {subject}\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: {content_type}\r\n"
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    ).encode() + body


MAILS: dict[str, tuple[bytes, str]] = {
    "empty-plain-alternative": (
        envelope_of(
            "qa+alt@example.com",
            "Sign in",
            'multipart/alternative; boundary="A"',
            b"--A\r\nContent-Type: text/plain\r\n\r\n\r\n"
            b"--A\r\nContent-Type: text/html\r\n\r\n<p>Your sign-in code is <b>305112</b></p>\r\n"
            b"--A--\r\n",
        ),
        "305112",
    ),
    "gateway-wrapped": (
        envelope_of("qa+wrapped@example.com", "Fwd: verification", "message/rfc822", INNER),
        "715004",
    ),
    "split-around-an-image": (
        envelope_of(
            "qa+split@example.com",
            "Code",
            'multipart/mixed; boundary="M"',
            b"--M\r\nContent-Type: text/plain\r\n\r\nHello Sam,\r\n"
            b"--M\r\nContent-Type: image/png\r\nContent-Disposition: inline\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n"
            b"--M\r\nContent-Type: text/plain\r\n\r\nyour verification code is 640288.\r\n--M--\r\n",
        ),
        "640288",
    ),
    "utf8-under-gb2312": (
        envelope_of(
            "qa+gb@example.com",
            "Code",
            "text/plain; charset=gb2312",
            "您的验证码：824193，十分钟内有效。".encode(),
            cte="8bit",
        ),
        "824193",
    ),
    "signed-application-plain": (
        envelope_of(
            "qa+signed@example.com",
            "Code",
            'multipart/signed; protocol="application/pgp-signature"; boundary="S"',
            b"--S\r\nContent-Type: application/plain; charset=utf-8\r\n\r\n"
            b"Your one-time code is 559031.\r\n"
            b"--S\r\nContent-Type: application/pgp-signature\r\n\r\n"
            b"-----BEGIN PGP SIGNATURE-----\r\niQEz\r\n-----END PGP SIGNATURE-----\r\n--S--\r\n",
        ),
        "559031",
    ),
}


@pytest.fixture(scope="module")
def catcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """``python -m aiosmtpd -n -l 127.0.0.1:PORT -c aiosmtpd.handlers.Mailbox MAILDIR``."""
    folder = tmp_path_factory.mktemp("smtp")
    with contextlib.ExitStack() as stack:
        # The catcher lives for the module, so it starts before any test's loopback
        # permission applies: the same permission, 127.0.0.1 only, while it starts.
        pytest_socket.enable_socket()
        pytest_socket.socket_allow_hosts(["127.0.0.1"], allow_unix_socket=True)
        try:
            port = stack.enter_context(aiosmtpd_process(folder / "maildir"))
        finally:
            pytest_socket.disable_socket(allow_unix_socket=True)
        yield port, folder


def send(port: int, raw: bytes, to: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=5) as smtp:
        smtp.sendmail("no-reply@acme.example", [to], raw)


@pytest.mark.parametrize("shape", list(MAILS))
async def test_the_code_of_each_shape_is_read_from_a_real_smtp_delivery(
    catcher: tuple[int, Path], shape: str
) -> None:
    port, folder = catcher
    raw, code = MAILS[shape]
    to = raw.split(b"\r\nTo: ", 1)[1].split(b"\r\n", 1)[0].decode()
    send(port, raw, to)
    reader = Reader(
        write_config(
            folder,
            "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
            "      path: maildir\n",
        )
    )
    envelope: dict[str, Any] = await reader.read_emails(to, after="5m", latest=True)
    assert envelope["status"] == "ok", envelope
    (email,) = envelope["data"]["emails"]
    assert code in email["body"]
    assert email["code"] == code
