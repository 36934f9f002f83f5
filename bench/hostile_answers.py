"""Hostile provider answers and the deadline in wall time (issue 15, items 3 and 4): what
one read costs when the answer is a decompression bomb or never ends, through the real
transports, and when ``otpmail read --deadline 2`` exits while a decode still runs.

    .venv/bin/python bench/hostile_answers.py            # every case, a table
    .venv/bin/python bench/hostile_answers.py --json     # machine-readable
    .venv/bin/python bench/hostile_answers.py --case gmail-gzip-4gib

Answers: the official hosts are played by a TLS server on 127.0.0.1 (``tests/official_hosts``)
and otpmail's own transports read from it down to the socket (httplib2 for Gmail and
Google's token endpoint, httpx for Graph, aiohttp for Entra). Each case runs in a fresh
interpreter; the figures are its wall time, the growth of its peak RSS over the RSS just
before the read (the server and the bomb's 4 MiB are made before), and the peak of
Python's allocations during the read (tracemalloc, in a second run, since tracing slows
allocation). The bound is the default ``response_bytes``, 16 MiB; a token answer's, 1 MiB.

Naive baseline: the same answers read the way otpmail read them before issue 15 (the
SDKs' own readers: httplib2's inflation, httpx's ``aread``, azure-core's ``read``). Run
this script with an older checkout's ``src`` first on the path to measure it
(``PYTHONPATH=/path/to/old/src``); it takes 1 to 8 GB per case, so it is not run by default
(docs/performance.md has its figures).

The command case runs ``tests/cli_driver.py`` (the provider's fake in-process, each
message's decoding made to take 30 s) and times the process from its start and from the
command's start (after imports).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
MiB = 1 << 20

ANSWERS = {
    "gmail-gzip-4gib": ("gmail", "gzip bomb: 4 MiB inflating to 4 GiB (messages.list)"),
    "gmail-endless": ("gmail", "endless plain answer, 512 MiB offered (messages.list)"),
    "google-token-endless": ("gmail", "endless token answer, 512 MiB offered"),
    "graph-gzip-4gib": ("outlook", "gzip bomb: 4 MiB inflating to 4 GiB (messages list)"),
    "graph-endless": ("outlook", "endless plain page, 512 MiB offered"),
    "entra-token-512mib": ("outlook", "token answer of 512 MiB, plain"),
    "entra-token-gzip-512mib": ("outlook", "token answer of 512 MiB, gzip in two members"),
    "gmail-16mb-message": ("gmail", "a legitimate 16 MB message (format=raw, gzip 4:3)"),
}
COMMANDS = ("maildir", "gmail", "outlook")


def _child(case: str, traced: bool) -> dict[str, Any]:
    """One read in this (fresh) process."""
    import asyncio
    import base64
    import gzip
    import tracemalloc

    sys.path[:0] = [str(TESTS)]
    from conftest import write_config, write_key
    from official_hosts import serving_official_hosts
    from otpmail._reading._reader import Reader
    from test_security_answers import endless, gzip_bomb, token_json

    folder = Path(tempfile.mkdtemp())
    provider = ANSWERS[case][0]
    if provider == "gmail":
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        pem = rsa.generate_private_key(public_exponent=65537, key_size=1024).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        info = {
            "type": "service_account",
            "client_email": "reader@bench.iam.gserviceaccount.com",
            "private_key": pem.decode(),
            "private_key_id": "0" * 40,
            "token_uri": "https://oauth2.googleapis.com/token",
        }
        write_key(folder, info)
        config = write_config(
            folder,
            "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
            "      service_account_file: sa.json\n",
        )
        to = "qa@example.com"
    else:
        os.environ["OTPMAIL_BENCH_SECRET"] = "a-client-secret"
        config = write_config(
            folder,
            "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
            "      tenant_id: 11111111-2222-4333-8444-555555555555\n"
            "      client_id: 66666666-7777-4888-9999-000000000000\n"
            "      client_secret_env: OTPMAIL_BENCH_SECRET\n",
        )
        to = "qa@contoso.com"

    json_type = {"content-type": "application/json"}
    gzipped = {**json_type, "content-encoding": "gzip"}
    bomb = gzip_bomb(4 << 30) if "4gib" in case else b""
    message = b""
    if case == "gmail-16mb-message":
        raw = (
            b"From: a@acme.example\r\nTo: qa@example.com\r\nSubject: Your code\r\n"
            b"Content-Type: text/plain\r\n\r\nYour code is 482913.\r\n"
            # An attachment's base64: compressible about as much as real ones (4:3).
            + base64.encodebytes(os.urandom(12_000_000))
        )
        message = gzip.compress(
            json.dumps(
                {
                    "id": "18c1f2a3b4c50001",
                    "internalDate": str(int(time.time() * 1000)),
                    "labelIds": ["INBOX"],
                    "raw": base64.urlsafe_b64encode(raw).decode(),
                }
            ).encode(),
            compresslevel=1,
        )
        listing = json.dumps({"messages": [{"id": "18c1f2a3b4c50001"}]}).encode()

    def answer(method: str, path: str, body: bytes) -> Any:
        token = path.endswith("/token")
        if case == "google-token-endless" and token:
            return 200, json_type, endless(b'{"access_token": "')
        if case == "entra-token-512mib" and token:
            return 200, json_type, endless(b'{"token_type": "Bearer", "access_token": "')
        if case == "entra-token-gzip-512mib" and token:
            return 200, gzipped, gzip.compress(b'{"access_token": "') + gzip_bomb(512 * MiB)
        if token:
            return 200, json_type, token_json()
        if "4gib" in case:
            return 200, gzipped, bomb
        if case == "gmail-16mb-message":
            if "/messages/" in path:
                return 200, gzipped, message
            return 200, json_type, listing
        return 200, json_type, endless(b'{"value": [')

    with serving_official_hosts(folder) as hosts:
        hosts.answer = answer
        reader = Reader(config)
        if traced:
            tracemalloc.start()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter()
        envelope = asyncio.run(reader.read_emails(to, latest=True, deadline=120))
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak = tracemalloc.get_traced_memory()[1] if traced else None
        sent = sum(s.sent for s in hosts.served)
    outcome = (
        f"error {envelope['code']}"
        if envelope["status"] == "error"
        else f"{len(envelope['data']['emails'])} email(s)"
    )
    return {
        "case": case,
        "what": ANSWERS[case][1],
        "wall_s": round(wall, 3),
        "rss_growth_mib": round((after - before) / 1024, 1),
        "python_peak_mib": None if peak is None else round(peak / MiB, 1),
        "server_sent_mib": round(sent / MiB, 1),
        "outcome": outcome,
    }


def measure_answer(case: str) -> dict[str, Any]:
    runs = []
    for traced in (False, True):
        done = subprocess.run(
            [sys.executable, __file__, "--child", case, *(["--traced"] if traced else [])],
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise SystemExit(f"{case} failed:\n{done.stderr}")
        runs.append(json.loads(done.stdout.splitlines()[-1]))
    untraced, traced_run = runs
    return {**untraced, "python_peak_mib": traced_run["python_peak_mib"]}


def measure_command(provider: str, deadline: float = 2) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp())
    sys.path[:0] = [str(TESTS)]
    from cli_driver import otp_mail
    from conftest import write_config, write_key

    if provider == "maildir":
        for sub in ("new", "cur", "tmp"):
            (folder / "box" / sub).mkdir(parents=True)
        (folder / "box" / "new" / "1.1.host").write_bytes(bytes(otp_mail("qa@example.com")))
        text = "    - provider: maildir\n      address: qa@example.com\n      path: box\n"
        to = "qa@example.com"
    elif provider == "gmail":
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        pem = rsa.generate_private_key(public_exponent=65537, key_size=1024).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        write_key(
            folder,
            {
                "type": "service_account",
                "client_email": "reader@bench.iam.gserviceaccount.com",
                "private_key": pem.decode(),
                "token_uri": "https://oauth2.googleapis.com/token",
            },
        )
        text = "    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n"
        to = "qa@example.com"
    else:
        text = (
            "    - provider: outlook\n      address: qa@contoso.com\n"
            "      tenant_id: 11111111-2222-4333-8444-555555555555\n"
            "      client_id: 66666666-7777-4888-9999-000000000000\n"
            "      client_secret_env: OTPMAIL_BENCH_SECRET\n"
        )
        to = "qa@contoso.com"
    config = write_config(folder, "email:\n  mailboxes:\n" + text)
    spec = json.dumps({"provider": provider, "slow_decode": 30, "mark_start": True})
    spawned = time.time()
    done = subprocess.run(
        [
            *(sys.executable, str(TESTS / "cli_driver.py"), spec, "read", "--to", to),
            *("--deadline", str(deadline), "--integrations", str(config)),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OTPMAIL_BENCH_SECRET": "a-client-secret"},
    )
    ended = time.time()
    started = float(
        next(line.split()[1] for line in done.stderr.splitlines() if line.startswith("started "))
    )
    envelope = json.loads(done.stdout)
    return {
        "case": f"command-{provider}",
        "what": f"otpmail read --deadline {deadline:g}, {provider}, a 30 s decode running",
        "from_process_start_s": round(ended - spawned, 2),
        "from_command_start_s": round(ended - started, 2),
        "exit": done.returncode,
        "outcome": envelope.get("code", "ok"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--case", choices=[*ANSWERS, *(f"command-{p}" for p in COMMANDS)])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--traced", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.child, args.traced)))
        return
    cases = [args.case] if args.case else [*ANSWERS, *(f"command-{p}" for p in COMMANDS)]
    rows = [
        measure_command(c.removeprefix("command-"))
        if c.startswith("command-")
        else measure_answer(c)
        for c in cases
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'case':26} {'wall s':>7} {'RSS +MiB':>9} {'py peak':>8} {'sent MiB':>9}  outcome")
    for row in rows:
        if row["case"].startswith("command-"):
            print(
                f"{row['case']:26} exit {row['exit']} ({row['outcome']}): "
                f"{row['from_command_start_s']} s from the command's start, "
                f"{row['from_process_start_s']} s from the process's"
            )
            continue
        print(
            f"{row['case']:26} {row['wall_s']:7.2f} {row['rss_growth_mib']:9.1f} "
            f"{row['python_peak_mib']:8.1f} {row['server_sent_mib']:9.1f}  {row['outcome']}"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
