"""Read scenarios (one call each), the token scenarios and the large message.

Each read scenario runs otpmail's public ``Reader.read_emails`` (provider built by the
Reader, real SDK stack, fake at the transport seam) and the naive baseline on identical,
freshly built mailboxes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from _harness import (
    GMAIL_BOX,
    GRAPH_BOX,
    BenchGmail,
    Figures,
    Files,
    Prepared,
    Probe,
    ago,
    graph_fake,
    large_mail,
    otp_html,
    otp_mail,
    run_measured,
)
from _naive import NaiveGmail, NaiveGraph

from otpmail import Reader
from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox

if TYPE_CHECKING:
    from fakes.gmail import FakeGmail
    from fakes.graph import FakeGraph


@dataclass
class Settings:
    latency: float
    poll: float
    trials: int
    large_mb: float
    files: Files


@dataclass
class Row:
    """One line of the printed table."""

    section: str
    scenario: str
    impl: str
    figures: Figures | None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


# -- readers ------------------------------------------------------------------------------


def gmail_reader(config: Path, fake: FakeGmail) -> Reader:
    from otpmail._providers._gmail import GmailProvider

    def factory(mailbox: Mailbox) -> GmailProvider:
        assert isinstance(mailbox, GmailMailbox)
        return GmailProvider(mailbox, http_factory=fake.http_factory)

    return Reader(config, provider_factory=factory)


def graph_reader(config: Path, fake: FakeGraph) -> Reader:
    from otpmail._providers._outlook import OutlookProvider

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox, transport=fake.transport, token_transport=fake.token_transport
        )

    return Reader(config, provider_factory=factory)


# -- mailboxes ----------------------------------------------------------------------------


def _raw(to: str, code: str) -> bytes:
    return otp_mail(to, code)


def gmail_mail(fake: FakeGmail, to: str, n: int, *, start: float, step: float = 5.0) -> None:
    """``n`` verification mails to ``to``, the newest ``start`` seconds old."""
    for i in range(n):
        fake.deliver(_raw(to, f"{400000 + i:06d}"), ago(start + i * step))


def graph_mail(fake: FakeGraph, to: str, n: int, *, start: float, step: float = 5.0) -> None:
    for i in range(n):
        code = f"{400000 + i:06d}"
        fake.deliver(
            to=to,
            subject="Your Acme verification code",
            body=otp_html(code),
            content_type="html",
            at=ago(start + i * step),
        )


def gmail_background(fake: FakeGmail) -> None:
    """Older mail to other tags of the same address: outside a 5-minute window."""
    gmail_mail(fake, "qa+older@example.com", 30, start=3600)


def graph_background(fake: FakeGraph) -> None:
    graph_mail(fake, "otp+older@contoso.com", 30, start=3600)


def graph_header_bytes() -> tuple[int, int, int]:
    """What ``internetMessageHeaders`` in the ``$select`` costs: the bytes of the one page
    of the ten-message Graph read (the ``o_ten`` mailbox, Exchange Online's delivery headers
    on every message) with otpmail's ``$select``, and with the same ``$select`` without it;
    and the page's rows."""
    import json
    from urllib.parse import urlencode

    from fakes.graph import FakeGraph
    from otpmail._core._criteria import build_criteria
    from otpmail._providers._graph_messages import HEADER_FIELD, list_query

    fake = FakeGraph(GRAPH_BOX)
    graph_background(fake)
    graph_mail(fake, "otp+many@contoso.com", 12, start=10)
    query = list_query(build_criteria("otp+many@contoso.com", after="5m"))

    def page(select: tuple[str, ...]) -> tuple[int, int]:
        options = {
            "$filter": query.filter or "",
            "$orderby": ",".join(query.orderby),
            "$select": ",".join(select),
            "$top": str(query.top),
            "$expand": ",".join(query.expand),
        }
        url = f"https://graph.microsoft.com/v1.0/users/{GRAPH_BOX}/messages?{urlencode(options)}"
        listed = fake._list(url)
        assert isinstance(listed, dict)
        return len(json.dumps(listed).encode()), len(listed["value"])

    with_headers, rows = page(query.select)
    without, _ = page(tuple(f for f in query.select if f != HEADER_FIELD))
    return with_headers, without, rows


# -- read scenarios -----------------------------------------------------------------------

WARM_UP: dict[str, Any] = {"to": "other@example.com", "after": "5m"}
"""Another test's ten messages, read before the measured call."""


@dataclass
class ReadSpec:
    section: str
    name: str
    provider: str
    populate: Callable[[Any], None]
    call: dict[str, Any]
    warm: str = "steady"
    """``steady``: in the set-up, on the same event loop, a read of ten messages for
    another recipient caches the token and fans out to five worker threads, each with its
    connection; ``loop``: the same read, but on another event loop (as when each test or
    ``read_emails_sync`` call has its own), so only the token is cached; ``cold``: no
    read before (the first call of a process)."""
    repeat: bool = False
    """The measured call is the second identical one (otpmail's body cache is warm)."""
    naive: bool = True
    config: str = ""
    prerender: bool = True
    key: str = ""
    """Name of the figure in the results the targets read."""


def _summary(envelope: dict[str, Any]) -> str:
    if envelope.get("status") != "ok":
        return f"error {envelope.get('code')}"
    data = envelope["data"]
    if "count" in data:
        return f"count {data['count']}"
    emails = data["emails"]
    codes = ",".join(str(e.get("code")) for e in emails[:2])
    return f"{len(emails)} email(s), code {codes}{'…' if len(emails) > 2 else ''}"


def _ids(envelope: dict[str, Any]) -> object:
    if envelope.get("status") != "ok":
        return envelope.get("code")
    data = envelope["data"]
    return data["count"] if "count" in data else [e["id"] for e in data["emails"]]


def run_read(spec: ReadSpec, settings: Settings) -> list[Row]:
    files = settings.files
    gmail = spec.provider == "gmail"
    config = getattr(files, spec.config) if spec.config else (files.gmail if gmail else files.graph)

    def new_fake() -> Any:
        fake: Any = (
            BenchGmail(settings.latency, spec.prerender) if gmail else graph_fake(settings.latency)
        )
        spec.populate(fake)
        if gmail:
            gmail_mail(fake, WARM_UP["to"], 10, start=30)
        return fake

    async def setup_otpmail() -> Prepared[Reader]:
        fake = new_fake()
        reader = gmail_reader(config, fake) if gmail else graph_reader(config, fake)
        warm_up = WARM_UP if gmail else {"to": "warm-up@contoso.com"}
        if spec.warm == "steady":
            await reader.read_emails(**warm_up)
        elif spec.warm == "loop":
            await asyncio.to_thread(asyncio.run, reader.read_emails(**warm_up))
        if spec.repeat:
            await reader.read_emails(**spec.call)
        return Prepared(fake, reader)

    async def read_otpmail(reader: Reader) -> dict[str, Any]:
        return await reader.read_emails(**spec.call)

    rows = []
    ours, envelope = run_measured(setup_otpmail, read_otpmail)
    rows.append(Row(spec.section, spec.name, "otpmail", ours, _summary(envelope)))
    rows[-1].extra["key"] = spec.key
    rows[-1].extra["envelope"] = envelope
    if not spec.naive:
        return rows

    async def setup_naive() -> Prepared[Any]:
        fake = new_fake()
        naive: Any = (
            NaiveGmail(files.sa_info, fake.http_factory, GMAIL_BOX)
            if gmail
            else NaiveGraph(fake.transport, fake.token_transport, GRAPH_BOX)
        )
        return Prepared(fake, naive)

    async def read_naive(naive: Any) -> dict[str, Any]:
        result: dict[str, Any] = await naive.read_emails(**spec.call)
        return result

    # kiota's model deserialisation is about a hundred times slower under tracemalloc: the
    # naive Graph peak is measured once, as a fresh process's RSS, in the start-up section.
    memory = "tracemalloc" if gmail else "none"
    theirs, naive_envelope = run_measured(setup_naive, read_naive, memory=memory)
    same = "same result" if _ids(naive_envelope) == _ids(envelope) else "DIFFERENT result"
    rows.append(Row(spec.section, "", "naive", theirs, f"{_summary(naive_envelope)}; {same}"))
    rows.append(Row(spec.section, "", "naive/otpmail", None, extra={"a": theirs, "b": ours}))
    return rows


def read_specs() -> list[ReadSpec]:
    def latest_one(fake: Any) -> None:
        gmail_background(fake)
        gmail_mail(fake, "qa+one@example.com", 1, start=20)

    def gmail_many(fake: Any) -> None:
        gmail_background(fake)
        gmail_mail(fake, "qa+many@example.com", 12, start=10)

    def gmail_burst(fake: Any) -> None:
        # "Resend code" clicked: five codes a second apart, the newest a second old.
        gmail_background(fake)
        gmail_mail(fake, "qa+burst@example.com", 5, start=1, step=1.0)

    def gmail_bulk(fake: Any) -> None:
        gmail_mail(fake, "qa+bulk@example.com", 1200, start=5, step=1.0)

    def graph_many(fake: Any) -> None:
        graph_background(fake)
        graph_mail(fake, "otp+many@contoso.com", 12, start=10)

    def graph_bulk(n: int) -> Callable[[Any], None]:
        return lambda fake: graph_mail(fake, "otp+bulk@contoso.com", n, start=5, step=1.0)

    one = {"to": "qa+one@example.com", "after": "5m", "latest": True}
    many_latest = {"to": "qa+many@example.com", "after": "5m", "latest": True}
    graph_ten = {"to": "otp+many@contoso.com", "after": "5m"}
    return [
        ReadSpec("Gmail", "latest, 1 match in window", "gmail", latest_one, one, key="g_latest_1"),
        ReadSpec(
            "Gmail",
            "latest, 12 matches in window",
            "gmail",
            gmail_many,
            many_latest,
            key="g_latest_many",
        ),
        ReadSpec(
            "Gmail",
            "latest, 12 matches, repeated call",
            "gmail",
            gmail_many,
            many_latest,
            repeat=True,
            naive=False,
            key="g_latest_repeat",
        ),
        ReadSpec(
            "Gmail",
            "latest, a burst of 5 mails 1 s apart",
            "gmail",
            gmail_burst,
            {"to": "qa+burst@example.com", "after": "5m", "latest": True},
            key="g_latest_burst",
        ),
        ReadSpec(
            "Gmail",
            "latest, 1 match, first call (cold)",
            "gmail",
            latest_one,
            one,
            warm="cold",
            key="g_latest_cold",
        ),
        ReadSpec(
            "Gmail",
            "ten messages (12 match)",
            "gmail",
            gmail_many,
            {"to": "qa+many@example.com", "after": "5m"},
            key="g_ten",
        ),
        ReadSpec(
            "Gmail",
            "ten messages, first call (cold)",
            "gmail",
            gmail_many,
            {"to": "qa+many@example.com", "after": "5m"},
            warm="cold",
            naive=False,
            key="g_ten_cold",
        ),
        ReadSpec(
            "Gmail",
            "ten messages, new event loop",
            "gmail",
            gmail_many,
            {"to": "qa+many@example.com", "after": "5m"},
            warm="loop",
            naive=False,
            key="g_ten_loop",
        ),
        ReadSpec(
            "Gmail",
            "count, 1,200 matches",
            "gmail",
            gmail_bulk,
            {"to": "qa+bulk@example.com", "after": "1h", "count": True},
            prerender=False,
            key="g_count",
        ),
        ReadSpec("Graph", "ten messages (12 match)", "graph", graph_many, graph_ten, key="o_ten"),
        ReadSpec(
            "Graph",
            "latest, 12 matches in window",
            "graph",
            graph_many,
            {**graph_ten, "latest": True},
            key="o_latest",
        ),
        ReadSpec(
            "Graph",
            "ten messages, authenticated=True",
            "graph",
            graph_many,
            {**graph_ten, "authenticated": True},
            naive=False,
            key="o_ten_auth",
        ),
        ReadSpec(
            "Graph",
            "ten messages, new event loop",
            "graph",
            graph_many,
            graph_ten,
            warm="loop",
            naive=False,
            key="o_ten_loop",
        ),
        ReadSpec(
            "Graph",
            "ten messages, first call (cold)",
            "graph",
            graph_many,
            graph_ten,
            warm="cold",
            naive=False,
            key="o_ten_cold",
        ),
        ReadSpec(
            "Graph",
            "count, 120 matches",
            "graph",
            graph_bulk(120),
            {"to": "otp+bulk@contoso.com", "after": "1h", "count": True},
            key="o_count_120",
        ),
        ReadSpec(
            "Graph",
            "count, 1,200 matches",
            "graph",
            graph_bulk(1200),
            {"to": "otp+bulk@contoso.com", "after": "1h", "count": True},
            naive=False,  # 121 requests, ~15 s of model deserialisation: see 120
            key="o_count_1200",
        ),
    ]


# -- tokens ---------------------------------------------------------------------------------


@dataclass
class TokenCase:
    name: str
    provider: str
    calls: int
    concurrent: bool
    loops: bool = False
    """Each call in its own ``asyncio.run`` (as ``read_emails_sync`` and the CLI do)."""
    clock: float = 0.0
    """Seconds the wall clock (``time.time``) is moved on before the measured calls."""
    lifetime: int = 3599
    pause: float = 0.0
    """Seconds slept after the first call, before the measured calls."""
    first: bool = True
    """A first call fetches the token before the measured calls."""
    key: str = ""


def token_cases() -> list[TokenCase]:
    return [
        TokenCase(
            "5 calls, 5 event loops", "gmail", 5, False, loops=True, first=False, key="t_g_loops"
        ),
        TokenCase("10 concurrent first calls", "gmail", 10, True, first=False, key="t_g_cold"),
        TokenCase(
            "near expiry, then 10 concurrent",
            "gmail",
            10,
            True,
            lifetime=226,
            pause=1.2,
            key="t_g_refresh",
        ),
        TokenCase(
            "5 calls, 5 event loops", "graph", 5, False, loops=True, first=False, key="t_o_loops"
        ),
        TokenCase("10 concurrent first calls", "graph", 10, True, first=False, key="t_o_cold"),
        TokenCase(
            "near expiry, then 10 concurrent",
            "graph",
            10,
            True,
            clock=3300.0,
            key="t_o_refresh",
        ),
        TokenCase(
            "expired, then 10 concurrent", "graph", 10, True, clock=3700.0, key="t_o_expired"
        ),
    ]


class _Clock:
    """Moves ``time.time`` (what google-auth's and azure-identity's expiry checks read) on
    by ``offset`` seconds; monotonic clocks, which asyncio and the fakes use, are left."""

    def __init__(self, offset: float) -> None:
        self.offset = offset
        self._real = time.time

    def __enter__(self) -> None:
        if self.offset:
            real = self._real
            time.time = lambda: real() + self.offset

    def __exit__(self, *exc: object) -> None:
        time.time = self._real


def run_token(case: TokenCase, settings: Settings) -> Row:
    files = settings.files
    gmail = case.provider == "gmail"
    fake: Any = BenchGmail(settings.latency) if gmail else graph_fake(settings.latency)
    if gmail:
        gmail_mail(fake, "qa+one@example.com", 1, start=20)
    else:
        graph_mail(fake, "otp+one@contoso.com", 1, start=20)
    fake.token_lifetime = case.lifetime
    reader = gmail_reader(files.gmail, fake) if gmail else graph_reader(files.graph, fake)
    to = "qa+one@example.com" if gmail else "otp+one@contoso.com"

    async def one() -> dict[str, Any]:
        return await reader.read_emails(to, after="5m", latest=True)

    async def many() -> list[dict[str, Any]]:
        if case.concurrent:
            return list(await asyncio.gather(*(one() for _ in range(case.calls))))
        return [await one() for _ in range(case.calls)]

    async def session() -> tuple[Figures, list[dict[str, Any]], float]:
        if case.first:
            await one()
        await asyncio.sleep(case.pause)
        probe = Probe(fake)
        with _Clock(case.clock):
            probe.start()
            results = await many()
            figures = probe.stop()
        issued = next((r.ended for r in fake.requests if r.operation == "token"), 0.0)
        await reader.aclose()
        return figures, results, issued

    probe = Probe(fake)
    if case.loops:
        probe.start()
        results = [asyncio.run(one()) for _ in range(case.calls)]
        figures = probe.stop()
        asyncio.run(reader.aclose())
        issued = 0.0
    else:
        figures, results, issued = asyncio.run(session())
    ok = sum(1 for r in results if r.get("status") == "ok")
    api = [r for r in fake.requests if r.operation != "token"]
    note = f"{figures.tokens} token request(s) for {case.calls} calls; {ok}/{case.calls} ok"
    if not gmail:
        note += f"; at most {fake.max_in_flight} requests in flight"
    extra: dict[str, Any] = {"key": case.key, "tokens": figures.tokens, "calls": case.calls}
    if issued and (case.clock or case.lifetime != 3599):
        # Which API requests of the measured calls started after the new token arrived
        # (the others, azure-identity's, used the cached token while it was still valid).
        after = sum(1 for r in api if r.started >= issued)
        extra["api_after_refresh"] = after
        extra["api"] = len(api)
        left = case.lifetime - case.clock if case.clock else case.lifetime - case.pause
        extra["left"] = left
        state = f"had ~{left:.0f} s left" if left > 0 else f"had expired {-left:.0f} s before"
        note += f"; the cached token {state}; {after}/{len(api)} API requests after the new one"
    return Row("Token", f"{case.provider}: {case.name}", "otpmail", figures, note, extra)


def run_token_naive(provider: str, settings: Settings) -> Row:
    """The naive baseline fetches a token on every call."""
    gmail = provider == "gmail"
    fake: Any = BenchGmail(settings.latency) if gmail else graph_fake(settings.latency)
    naive: Any
    if gmail:
        gmail_mail(fake, "qa+one@example.com", 1, start=20)
        naive = NaiveGmail(settings.files.sa_info, fake.http_factory, GMAIL_BOX)
        to = "qa+one@example.com"
    else:
        graph_mail(fake, "otp+one@contoso.com", 1, start=20)
        naive = NaiveGraph(fake.transport, fake.token_transport, GRAPH_BOX)
        to = "otp+one@contoso.com"
    probe = Probe(fake)
    probe.start()
    for _ in range(5):
        asyncio.run(naive.read_emails(to, after="5m", latest=True))
    figures = probe.stop()
    note = f"{figures.tokens} token request(s) for 5 calls"
    return Row("Token", f"{provider}: 5 calls, 5 event loops", "naive", figures, note)


# -- the large message ------------------------------------------------------------------------


def large_rows(settings: Settings) -> list[Row]:
    files = settings.files
    size = int(settings.large_mb * 1_000_000)
    raw = large_mail("qa+big@example.com", size)
    call: dict[str, Any] = {"to": "qa+big@example.com", "after": "5m", "latest": True}
    mb = f"{len(raw) / 1e6:.0f} MB"
    rows: list[Row] = []
    wire: dict[str, int] = {}

    def populate(fake: BenchGmail) -> None:
        message_id = fake.deliver(raw, ago(10))
        wire["raw"] = fake.wire_size(message_id, "raw")
        wire["full"] = fake.wire_size(message_id, "full")

    # The bound means message bytes: the default (16 MiB) reads this message although its
    # format=raw answer is 4/3 of it; a bound just under the message refuses it, before the
    # answer is parsed.
    below = int(len(raw) / 1024 / 1024) * 1024 * 1024
    if below >= len(raw):
        below -= 1024 * 1024
    tight = files.folder / "gmail-below-message.yaml"
    tight.write_text(
        files.gmail.read_text(encoding="utf-8").replace(
            "email:\n", f"email:\n  limits:\n    response_bytes: {below}\n", 1
        ),
        encoding="utf-8",
    )
    tight.chmod(0o600)
    for config, label, key in (
        (files.gmail, "default response_bytes", "l_gmail_default"),
        (tight, f"response_bytes {below / 2**20:g} MiB", "l_gmail_refused"),
    ):

        async def setup(config: Path = config) -> Prepared[Reader]:
            fake = BenchGmail(settings.latency)
            populate(fake)
            reader = gmail_reader(config, fake)
            await reader.read_emails("warm-up@example.com")
            return Prepared(fake, reader)

        async def read(reader: Reader) -> dict[str, Any]:
            return await reader.read_emails(**call)

        figures, envelope = run_measured(setup, read)
        note = f"{_summary(envelope)}; format=raw answer {wire['raw'] / 1e6:.1f} MB"
        rows.append(Row("Large", f"gmail {mb}, {label}", "otpmail", figures, note, {"key": key}))

    async def setup_naive() -> Prepared[NaiveGmail]:
        fake = BenchGmail(settings.latency)
        populate(fake)
        return Prepared(fake, NaiveGmail(files.sa_info, fake.http_factory, GMAIL_BOX))

    async def read_naive(naive: NaiveGmail) -> dict[str, Any]:
        return await naive.read_emails(**call)

    figures, envelope = run_measured(setup_naive, read_naive)
    note = (
        f"{_summary(envelope)}; format=full answer {wire['full'] / 1e3:.1f} kB (attachment by id)"
    )
    rows.append(Row("Large", f"gmail {mb}", "naive", figures, note))

    # Three in one call: three of a third of the size fit a batch answer (twice a lone
    # answer's bound) and are parsed in one; three of the full size do not, and are
    # fetched one by one.
    for count_mb, body, key in (
        (f"{len(raw) / 3e6:.0f} MB", large_mail("qa+big@example.com", size // 3), "l_gmail_batch"),
        (mb, raw, "l_gmail_three"),
    ):

        async def setup_three(body: bytes = body, key: str = key) -> Prepared[Reader]:
            fake = BenchGmail(settings.latency)
            for n in range(3):
                fake.deliver(body.replace(b"<big@", f"<big{n}@".encode()), ago(10 + n))
            wire[key] = fake.wire_size(fake.messages[-1].id, "raw")
            reader = gmail_reader(files.gmail, fake)
            await reader.read_emails("warm-up@example.com")
            return Prepared(fake, reader)

        async def read_three(reader: Reader) -> dict[str, Any]:
            return await reader.read_emails(**{**call, "latest": False})

        figures, envelope = run_measured(setup_three, read_three)
        note = f"{_summary(envelope)}; format=raw answers 3 × {wire[key] / 1e6:.1f} MB"
        rows.append(
            Row(
                "Large",
                f"gmail 3 × {count_mb}, one call",
                "otpmail",
                figures,
                note,
                {"key": key, "answers": 3 * wire[key]},
            )
        )

    # Maildir: the file is the provider response; no fake, so the counters stay at zero.
    stamp = f"{int(time.time()) - 10}.M000000P1Q1.bench"
    (files.maildir_path / "new" / stamp).write_bytes(raw)

    async def setup_maildir() -> Prepared[Reader]:
        return Prepared(BenchGmail(0.0), Reader(files.maildir))

    async def read_maildir(reader: Reader) -> dict[str, Any]:
        return await reader.read_emails(**call)

    figures, envelope = run_measured(setup_maildir, read_maildir)
    figures.units = None
    rows.append(
        Row(
            "Large",
            f"maildir {mb}, default limits",
            "otpmail",
            figures,
            _summary(envelope),
            {"key": "l_maildir"},
        )
    )
    for row in rows:
        row.extra["size"] = len(raw)
        row.extra["wire"] = wire["raw"]
    return rows
