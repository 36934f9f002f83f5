"""What the first and the tenth Outlook read cost, otpmail's path against the plain
msgraph-sdk path.

    .venv/bin/python bench/graph_first_call.py             # table
    .venv/bin/python bench/graph_first_call.py --json      # machine-readable
    .venv/bin/python bench/graph_first_call.py --rows 100  # a bigger page

Each variant runs in a fresh interpreter (so the first call pays its real imports) against
in-process fakes at the two transport seams: an httpx transport answering Graph with a page
of ``--rows`` messages (HTML bodies, the content-mode ``$select``), and an azure-core
transport answering the Entra token POST. No socket is opened.

- ``otpmail``: ``OutlookProvider.search``: kiota builds, signs, retries and sends the
  request; the body comes back as bytes (``send_primitive_async(..., "bytes")``) and only the
  needed fields are read.
- ``sdk``: the same pinned client, but ``MessagesRequestBuilder.get()``: kiota deserialises
  a ``MessageCollectionResponse`` of ``Message`` models, which are then mapped to the same
  ``Email`` objects, decided by the same matcher, and only the chosen bodies converted.

Both variants make the same requests and return the same emails. Reported per call: wall
and CPU seconds, modules newly imported, requests that reached the fakes (token + Graph);
plus the interpreter start-up and imports before the first call.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
MAILBOX = "qa@contoso.com"
CALLS = 10


def page(rows: int) -> bytes:
    """A content-mode list page as Graph returns it: newest first, HTML bodies."""
    paragraph = "<p>Use this code to sign in to Acme. It expires in 10 minutes.</p>" * 12
    value = []
    for i in range(rows):
        address = {"emailAddress": {"name": "Acme", "address": "no-reply@acme.example"}}
        value.append(
            {
                "@odata.etag": f'W/"CQAAABYAAAC4ofQHEIqCSbQPot83AFcbAA{i:04d}"',
                "id": f"AAMkADQ5NTI3-{i:04d}-AAA=",
                "receivedDateTime": f"2026-03-02T09:{59 - i % 60:02d}:00Z",
                "sentDateTime": f"2026-03-02T09:{59 - i % 60:02d}:00Z",
                "internetMessageId": f"<{i}@mail.acme.example>",
                "subject": "Your Acme sign-in code",
                "isDraft": False,
                "body": {
                    "contentType": "html",
                    "content": f"<html><body><p>Your code is {100000 + i}</p>{paragraph}"
                    '<a href="https://acme.example/verify?t=1">Verify</a></body></html>',
                },
                "sender": address,
                "from": address,
                "toRecipients": [{"emailAddress": {"name": "QA", "address": MAILBOX}}],
                "ccRecipients": [],
                "bccRecipients": [],
            }
        )
    return json.dumps({"@odata.context": "x", "value": value}).encode()


class Counter:
    graph = 0
    token = 0


def fakes(rows: int) -> tuple[Any, Any]:
    """The two in-process fakes: (httpx transport for Graph, azure-core transport for Entra)."""
    import httpx
    from azure.core.pipeline.transport import AsyncHttpTransport
    from azure.core.rest._http_response_impl_async import AsyncHttpResponseImpl
    from azure.core.utils import CaseInsensitiveDict

    body = page(rows)
    graph_type = (
        "application/json;odata.metadata=minimal;odata.streaming=true;"
        "IEEE754Compatible=false;charset=utf-8"
    )

    class Graph(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            Counter.graph += 1
            return httpx.Response(200, content=body, headers={"Content-Type": graph_type})

    class _Done:
        async def close(self) -> None:
            return None

    class Token(AsyncHttpTransport):  # type: ignore[type-arg]
        async def send(self, request: Any, **kwargs: Any) -> Any:
            Counter.token += 1
            response = AsyncHttpResponseImpl(
                request=request,
                internal_response=_Done(),
                status_code=200,
                reason="OK",
                content_type="application/json",
                headers=CaseInsensitiveDict({"Content-Type": "application/json"}),
                stream_download_generator=None,
            )
            response._content = json.dumps(
                {"token_type": "Bearer", "expires_in": 3599, "access_token": "fake"}
            ).encode()
            return response

        async def open(self) -> None:
            return None

        async def close(self) -> None:
            return None

        async def __aexit__(self, *args: Any) -> None:
            return None

    return Graph(), Token()


def mailbox() -> Any:
    from otpmail._core._config import OutlookMailbox, SecretRef

    os.environ["OTPMAIL_BENCH_SECRET"] = "bench-secret"
    return OutlookMailbox(
        provider="outlook",
        address=MAILBOX,
        domains=(),
        source="bench",
        tenant_id=TENANT,
        client_id=CLIENT_ID,
        client_secret=SecretRef(env="OTPMAIL_BENCH_SECRET"),
    )


def otpmail_reader(rows: int) -> Any:
    """``criteria -> list[Email]`` through OutlookProvider."""
    from otpmail._providers._outlook import OutlookProvider

    graph, token = fakes(rows)
    provider = OutlookProvider(mailbox(), transport=graph, token_transport=token)
    return provider.search


def sdk_reader(rows: int) -> Any:
    """``criteria -> list[Email]`` through msgraph-sdk models: the same pinned client as the
    provider (its session), but ``.get()`` deserialises ``Message`` models."""
    from email.utils import format_datetime

    from kiota_abstractions.base_request_configuration import RequestConfiguration

    from otpmail._core._match import select
    from otpmail._decoding._email import Parts, email_from_parts
    from otpmail._providers._graph_messages import list_query
    from otpmail._providers._outlook import OutlookProvider

    graph, token = fakes(rows)
    provider = OutlookProvider(mailbox(), transport=graph, token_transport=token)

    def pairs(recipients: Any) -> list[tuple[str, str]]:
        return [
            (r.email_address.name or "", r.email_address.address or "") for r in recipients or []
        ]

    async def search(criteria: Any) -> Any:
        session = provider._session()
        query = list_query(criteria)
        builder = session.messages
        parameters = builder.MessagesRequestBuilderGetQueryParameters(
            filter=query.filter,
            orderby=list(query.orderby),
            select=list(query.select),
            top=query.top,
        )
        response = await builder.get(RequestConfiguration(query_parameters=parameters))

        def email(m: Any, with_body: bool) -> Any:
            body = m.body if with_body else None
            return email_from_parts(
                Parts(
                    id=m.id or "",
                    account=MAILBOX,
                    received_at=m.received_date_time,
                    date=format_datetime(m.sent_date_time) if m.sent_date_time else "",
                    sender=pairs([m.from_] if m.from_ else []),
                    to=pairs(m.to_recipients),
                    cc=pairs(m.cc_recipients),
                    delivered_to=[a for _, a in pairs(m.bcc_recipients)],
                    subject=m.subject or "",
                    body=(body.content or "") if body else "",
                    body_is_html=bool(
                        body and body.content_type and body.content_type.value == "html"
                    ),
                    message_id=m.internet_message_id or "",
                )
            )

        # As the provider does: decide on bodiless emails, convert the chosen bodies only,
        # so the two variants differ in how the response is read and nothing else.
        models = {m.id: m for m in response.value or [] if not m.is_draft}
        chosen = select(criteria, [email(m, False) for m in models.values()], criteria.limit)
        return [email(models[e.id], True) for e in chosen]

    return search


def child(variant: str, rows: int) -> dict[str, Any]:
    """Runs in a fresh interpreter: one variant, ten calls, one event loop."""
    import warnings

    warnings.simplefilter("ignore", DeprecationWarning)
    started, started_cpu = time.perf_counter(), time.process_time()
    from datetime import UTC, datetime

    from otpmail._core._criteria import build_criteria

    modules_before = len(sys.modules)
    search = (otpmail_reader if variant == "otpmail" else sdk_reader)(rows)
    setup = {
        "wall": time.perf_counter() - started,
        "cpu": time.process_time() - started_cpu,
        "modules": len(sys.modules) - modules_before,
    }
    criteria = build_criteria(MAILBOX, now=datetime(2026, 3, 2, 10, 0, tzinfo=UTC))

    async def run() -> list[dict[str, Any]]:
        calls = []
        for _ in range(CALLS):
            modules, graph, token = len(sys.modules), Counter.graph, Counter.token
            wall, cpu = time.perf_counter(), time.process_time()
            emails = await search(criteria)
            calls.append(
                {
                    "wall": time.perf_counter() - wall,
                    "cpu": time.process_time() - cpu,
                    "modules": len(sys.modules) - modules,
                    "graph": Counter.graph - graph,
                    "token": Counter.token - token,
                    "emails": len(emails),
                    "first_body": emails[0].body[:24] if emails else "",
                }
            )
        return calls

    calls = asyncio.run(run())
    import resource

    return {
        "variant": variant,
        "setup": setup,
        "calls": calls,
        "msgraph_modules": sum(1 for m in sys.modules if m.startswith("msgraph")),
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def measure(variant: str, rows: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", variant, "--rows", str(rows)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def table(results: list[dict[str, Any]], rows: int) -> str:
    lines = [
        f"Outlook content read, {rows}-row page, in-process fakes at both transport seams "
        f"(Python {sys.version.split()[0]})",
        "",
        f"{'variant':<9} {'call':<6} {'wall ms':>9} {'cpu ms':>9} {'new modules':>12} "
        f"{'requests':>14} {'emails':>7}",
    ]
    for r in results:
        lines.append(
            f"{r['variant']:<9} {'setup':<6} {r['setup']['wall'] * 1000:>9.1f} "
            f"{r['setup']['cpu'] * 1000:>9.1f} "
            f"{r['setup']['modules']:>12} {'':>14} {'':>7}"
        )
        for n in (1, CALLS):
            c = r["calls"][n - 1]
            req = f"{c['token']} token + {c['graph']} graph"
            lines.append(
                f"{'':<9} {'#' + str(n):<6} {c['wall'] * 1000:>9.1f} {c['cpu'] * 1000:>9.1f} "
                f"{c['modules']:>12} {req:>14} {c['emails']:>7}"
            )
        lines.append(
            f"{'':<9} msgraph modules loaded: {r['msgraph_modules']}, max RSS {r['max_rss_mb']:.0f} MB"
        )
    first = {r["variant"]: r["calls"][0] for r in results}
    if {"otpmail", "sdk"} <= set(first):
        saved = first["sdk"]["wall"] - first["otpmail"]["wall"]
        lines += [
            "",
            f"first call: otpmail saves {saved * 1000:.0f} ms and "
            f"{first['sdk']['modules'] - first['otpmail']['modules']} module imports",
        ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rows", type=int, default=25, help="messages per Graph page (25 = content mode)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--child", choices=["otpmail", "sdk"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.rows)))
        return 0
    results = [measure(v, args.rows) for v in ("otpmail", "sdk")]
    bodies = {r["calls"][0]["first_body"] for r in results}
    assert len(bodies) == 1, f"the variants disagree: {bodies}"
    print(json.dumps(results, indent=2) if args.json else table(results, args.rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
