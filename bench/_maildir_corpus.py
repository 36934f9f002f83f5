"""Large Maildirs of small realistic messages, for ``bench/maildir_scale.py``.

Deterministic (a seeded RNG): ``build(path, n)`` writes the same ``n`` files every time,
delivered over the 30 days before ``now``, named as ``mailbox.Maildir`` and aiosmtpd name
them (``<seconds>.M<usec>P<pid>Q<n>.<host>``, microseconds not zero-padded), half in
``new/`` and half in ``cur/`` with flags, as a mailbox that a client has partly read.

The mail is what a test suite's catcher receives: verification codes, magic links and
notifications from a handful of senders to many plus-addresses of one domain, a third
multipart/alternative (text and HTML), some with quoted or encoded display names, encoded
subjects, ``Delivered-To`` hops or the catcher's ``X-RcptTo``. A few addresses are planted:

- ``RECENT``: one message among the newest hundred;
- ``SPREAD``: ``SPREAD_COUNT`` messages spread evenly over the whole mailbox;
- ``NOBODY``: no message at all.
"""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

DOMAIN = "example.com"
RECENT = f"qa+recent@{DOMAIN}"
SPREAD = f"qa+spread@{DOMAIN}"
NOBODY = f"qa+nobody@{DOMAIN}"
SPREAD_COUNT = 100
RECENT_CODE = "735194"
WINDOW_SECONDS = 30 * 86400

_SENDERS = (
    ("Acme", "no-reply@acme.example"),
    ('"Acme, Security"', "security@acme.example"),
    ("=?utf-8?q?B=C3=BCro_Login?=", "login@buero.example"),
    ("", "notifications@app.example"),
    ("Shop Team", "team@shop.example"),
)
_SUBJECTS = (
    "Your verification code",
    "Confirm your e-mail address",
    "=?utf-8?q?Ihr_Best=C3=A4tigungscode?=",
    "Reset your password",
    "Welcome to Acme",
    "Your sign-in link",
)


def _recipient(rng: random.Random, i: int) -> str:
    return f"qa+user{rng.randrange(max(1, i // 3 + 1)):05d}-{i % 7}@{DOMAIN}"


def _to_header(rng: random.Random, address: str) -> str:
    style = rng.randrange(4)
    if style == 0:
        return address
    if style == 1:
        return f"Test User <{address}>"
    if style == 2:
        return f'"Tester, QA" <{address}>'
    return f"=?utf-8?q?T=C3=A9st?= <{address}>"


def _message(rng: random.Random, i: int, to: str, at: datetime, code: str) -> bytes:
    name, sender = _SENDERS[i % len(_SENDERS)]
    subject = _SUBJECTS[i % len(_SUBJECTS)]
    lines = [
        f"Return-Path: <{sender}>",
        f"Received: from mail.acme.example (mail.acme.example [192.0.2.{i % 250}])\r\n"
        f"\tby catcher.local with ESMTP id {i:08X}; {format_datetime(at)}",
    ]
    if i % 5 == 0:
        lines.append(f"Delivered-To: {to}")
    lines += [
        f"From: {name} <{sender}>" if name else f"From: {sender}",
        f"To: {_to_header(rng, to)}",
    ]
    if i % 11 == 0:
        lines.append(f"Cc: audit@{DOMAIN}")
    lines += [
        f"Subject: {subject}",
        f"Date: {format_datetime(at)}",
        f"Message-ID: <{i:08d}.{rng.getrandbits(48):012x}@{sender.split('@')[1]}>",
        "MIME-Version: 1.0",
    ]
    text = (
        f"Hello,\r\n\r\nYour code is {code}. It expires in 10 minutes.\r\n\r\n"
        f"Or open https://{sender.split('@')[1]}/verify?token={rng.getrandbits(64):016x}\r\n\r\n"
        "If you did not ask for this, ignore this message.\r\n"
    )
    if i % 3 == 0:
        boundary = f"=_b{rng.getrandbits(40):010x}"
        html = (
            f"<html><body><p>Hello,</p><p>Your code is <b>{code}</b>.</p>"
            f'<p><a href="https://{sender.split("@")[1]}/verify">Verify</a></p></body></html>'
        )
        lines += [
            f'Content-Type: multipart/alternative; boundary="{boundary}"',
            "",
            f"--{boundary}",
            'Content-Type: text/plain; charset="utf-8"',
            "Content-Transfer-Encoding: 7bit",
            "",
            text,
            f"--{boundary}",
            'Content-Type: text/html; charset="utf-8"',
            "Content-Transfer-Encoding: 7bit",
            "",
            html,
            f"--{boundary}--",
            "",
        ]
    else:
        lines += ['Content-Type: text/plain; charset="utf-8"', "Content-Transfer-Encoding: 7bit"]
        if i % 4 == 1:  # the catcher's envelope recipient, after the message's own headers
            lines += ["X-Peer: ('127.0.0.1', 40000)", f"X-MailFrom: {sender}", f"X-RcptTo: {to}"]
        lines += ["", text]
    return "\r\n".join(lines).encode()


def build(root: Path, n: int, *, now: float | None = None, seed: int = 14) -> Path:
    """Write a Maildir of ``n`` messages at ``root`` (created) and return it."""
    rng = random.Random(seed)
    end = time.time() if now is None else now
    start = end - WINDOW_SECONDS
    for sub in ("tmp", "new", "cur"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    spread_every = max(1, n // SPREAD_COUNT)
    recent_at = n - 1 - min(n - 1, 40)
    for i in range(n):
        # Delivery times increase with i; the newest lands a minute before ``end``.
        stamp = start + (WINDOW_SECONDS - 60) * (i + rng.random() * 0.5) / n
        at = datetime.fromtimestamp(stamp, tz=UTC)
        code = f"{rng.randrange(10**6):06d}"
        if i == recent_at:
            to, code = RECENT, RECENT_CODE
        elif i % spread_every == spread_every // 2:
            to = SPREAD
        else:
            to = _recipient(rng, i)
        raw = _message(rng, i, to, at, code)
        unique = f"{int(stamp)}.M{int(stamp % 1 * 1e6)}P{4000 + i % 97}Q{i}.bench"
        path = root / "cur" / f"{unique}:2,S" if i % 2 else root / "new" / unique
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, raw)
        finally:
            os.close(fd)
    return root
