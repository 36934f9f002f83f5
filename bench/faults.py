"""Inject every fault of the catalogue and print how each call ended.

    .venv/bin/python bench/faults.py              # the table, about 20 s, offline
    .venv/bin/python bench/faults.py --only gmail # one provider (or a word of the fault)

Each fault (tests/fault_catalogue.py, the same list ``tests/test_faults.py`` asserts) is
queued on an in-process fake upstream at the transport seam of the real SDK stacks —
google-api-python-client/google-auth/httplib2 for Gmail, msgraph-sdk/kiota/httpx and
azure-identity for Graph — and one ``Reader.read_emails`` call is made with a 1-3 s
deadline. A fault is survived when the call ended within its deadline, in the expected
envelope (prefix, code, retryable), with the right emails where the fault was recoverable,
with no token, key, secret or injected response text in the envelope, and with no request
still running past the deadline. Every internet socket is refused for the whole run.

Exit status: 0 when every fault was survived, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT / "src", ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from fault_catalogue import (  # noqa: E402
    GRAPH_SECRET,
    SCENARIOS,
    SECRET_ENV,
    Outcome,
    run,
)

ATTEMPTS: list[str] = []


def guard_network() -> None:
    """Refuse every socket but AF_UNIX (asyncio's self-pipe), as the test suite does."""
    import pytest_socket

    for cls in (pytest_socket.SocketBlockedError, pytest_socket.SocketConnectBlockedError):
        original = cls.__init__

        def record(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            ATTEMPTS.append(" ".join(str(a) for a in args) or "socket use")
            _original(self, *args, **kwargs)

        cls.__init__ = record  # type: ignore[method-assign]
    pytest_socket.disable_socket(allow_unix_socket=True)


def service_account_info() -> dict[str, Any]:
    """A throwaway key (1024 bits: loaded once per provider, no test depends on its size)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    return {
        "type": "service_account",
        "project_id": "otpmail-faults",
        "private_key_id": "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0",
        "private_key": pem,
        "client_email": "reader@otpmail-faults.iam.gserviceaccount.com",
        "client_id": "100000000000000000009",
        "token_uri": "https://oauth2.googleapis.com/token",
        "universe_domain": "googleapis.com",
    }


def table(outcomes: list[Outcome]) -> str:
    header = ("fault injected", "provider", "expected envelope", "got", "time", "survived")
    rows = [
        (
            o.scenario.fault,
            o.scenario.provider,
            o.scenario.expected,
            o.got,
            f"{o.seconds:.2f}s / {o.scenario.deadline:g}s",
            "yes" if o.survived else "NO: " + "; ".join(o.problems),
        )
        for o in outcomes
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header) - 1)]

    def line(row: tuple[str, ...]) -> str:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        return " | ".join([*cells, row[-1]])

    rule = "-+-".join("-" * w for w in widths) + "-+-" + "-" * len(header[-1])
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


async def main_async(only: str | None) -> int:
    chosen = [s for s in SCENARIOS if only is None or only.lower() in s.id.lower()]
    key = service_account_info()
    outcomes = [await run(scenario, key) for scenario in chosen]
    print(table(outcomes))
    survived = sum(o.survived for o in outcomes)
    print()
    print(f"{len(outcomes)} faults injected, {survived} survived")
    if ATTEMPTS:
        print(f"network attempts (refused): {ATTEMPTS}")
        return 1
    return 0 if survived == len(outcomes) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--only", help="run the faults whose provider or name contains this")
    args = parser.parse_args(argv)
    # Imported before the guard: urllib3 (under google-auth and azure-core) opens an IPv6
    # socket at import to probe for IPv6 support, which sends nothing.
    for module in ("otpmail._providers._gmail", "otpmail._providers._outlook"):
        importlib.import_module(module)

    # azure-identity logs each refused token request with Entra's response text (never
    # the client secret) at WARNING, otpmail each message it skipped; the table says what
    # happened.
    for name in ("azure", "otpmail"):
        logging.getLogger(name).setLevel(logging.ERROR)
    guard_network()
    os.environ[SECRET_ENV] = GRAPH_SECRET
    return asyncio.run(main_async(args.only))


if __name__ == "__main__":
    sys.exit(main())
