"""One waiting process of a fleet (tests/test_fleet.py, bench/many_workers.py).

Run as ``python tests/fleet_worker.py '<json>'``. It builds a real :class:`otpmail.Reader`
on the integrations file it is given, whose provider reaches the fake mailbox served by
another process (``fakes.remote``), and waits as a test would: for each round, it enters
``expect_email``, prints ``READY <round>``, and prints ``RESULT <json>`` once the wait
ends. The parent delivers the mail after every worker is ready.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakes.remote import connect, gmail_http_factory, graph_transports
from otpmail import Reader
from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox


def _reader(spec: dict[str, Any]) -> Reader:
    proxy = connect(spec["address"], bytes.fromhex(spec["authkey"]))

    def factory(mailbox: Mailbox) -> Any:
        if isinstance(mailbox, GmailMailbox):
            from otpmail._providers._gmail import GmailProvider

            return GmailProvider(mailbox, http_factory=gmail_http_factory(proxy))
        assert isinstance(mailbox, OutlookMailbox)
        from otpmail._providers._outlook import OutlookProvider

        transport, token_transport = graph_transports(proxy)
        return OutlookProvider(mailbox, transport=transport, token_transport=token_transport)

    return Reader(spec["config"], provider_factory=factory)


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def _main(spec: dict[str, Any]) -> None:
    async with _reader(spec) as reader:
        for number, subject in enumerate(spec["rounds"]):
            async with reader.expect_email(
                spec["to"], subject=subject, poll_interval=spec["interval"]
            ) as pending:
                _say(f"READY {number}")
            envelope = await pending.value(timeout=spec["timeout"])
            emails = envelope.get("data", {}).get("emails", [])
            _say(
                "RESULT "
                + json.dumps(
                    {
                        "round": number,
                        "status": envelope["status"],
                        "error": envelope.get("error"),
                        "ids": [e["id"] for e in emails],
                        "subjects": [e["subject"] for e in emails],
                        "codes": [e["code"] for e in emails],
                        "at": time.time(),
                    }
                )
            )


if __name__ == "__main__":
    asyncio.run(_main(json.loads(sys.argv[1])))
