"""Record the wire cassettes from live mailboxes, scrubbed, for a maintainer with credentials.

The hand-written cassettes (``cassettes/gmail``, ``cassettes/outlook``) were authored from
the providers' documentation. This records what the live services answer to the same
requests, through otpmail's own providers (so through the egress check: no other host, and
only reads), and writes it as vcrpy cassettes in ``cassettes/live/<provider>/``:

- ``latest``: the token, then a ``latest`` read of the mailbox's domain;
- ``count``: the token, then a count with a one-hour look-back;
- ``wait``: the token, then the change feed a wait polls (Gmail ``getProfile`` and
  ``history.list``; Graph the id-only list, twice);
- ``nothing``: the token, then a read that matches nothing (``<mailbox>+otpmail-none``).

A read-only recorder cannot put the suite's scenario mail into a live mailbox, so it records
the mail that is there, and the scrubber (:mod:`cassette_scrub`) replaces every token,
assertion, key id, secret, address, subject, body and id by a test value. The check that
follows refuses to write anything if any value the recorder saw, or anything shaped like a
secret, survived. The offline suite then replays each recorded cassette with the real
providers on the test clock (``tests/test_record_cassettes.py``) and compares its shape,
interaction by interaction, with the hand-written cassettes of the same kind: a live answer
otpmail cannot read, or one whose shape the hand-written cassettes do not have, fails there.

Run, with the integrations file of the test mailboxes (the first Gmail and the first
Outlook mailbox in it are recorded)::

    .venv/bin/python tests/record_cassettes.py --live --integrations ci/live.yaml

``--fakes`` records against the in-process fakes instead, which is what the offline suite
does; it needs no credentials and reaches no network. Gmail costs about 100 quota units.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import parse_qsl, urlsplit

import httpx

import gmail_cassettes
from cassette_scrub import GmailScrubber, GraphScrubber, LeakFound, Mapper, checked_text
from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox
from otpmail._core._criteria import build_criteria
from otpmail._reading._reader import Reader

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "cassettes" / "live"
PROVIDERS = ("gmail", "outlook")
Interaction = dict[str, Any]


# ---------------------------------------------------------------------------------------
# The steps: the same calls on record and on replay


def _domain(address: str) -> str:
    return address.partition("@")[2]


def _nobody(address: str) -> str:
    local, _, domain = address.partition("@")
    return f"{local}+otpmail-none@{domain}"


Step = Callable[[Any, datetime, str], Awaitable[object]]


async def _latest(provider: Any, now: datetime, address: str) -> object:
    return await provider.search(build_criteria(_domain(address), latest=True, now=now))


async def _count(provider: Any, now: datetime, address: str) -> object:
    return await provider.count(build_criteria(_domain(address), after="1h", count=True, now=now))


async def _wait(provider: Any, now: datetime, address: str) -> object:
    cursor = await provider.cursor()
    _, cursor = await provider.changes(cursor, now, set())
    return await provider.changes(cursor, now, set())


async def _nothing(provider: Any, now: datetime, address: str) -> object:
    return await provider.search(build_criteria(_nobody(address), now=now))


STEPS: dict[str, Step] = {"latest": _latest, "count": _count, "wait": _wait, "nothing": _nothing}


@contextlib.contextmanager
def frozen(now: datetime) -> Iterator[None]:
    """The Outlook provider's clock (the wait's time floor) stopped at ``now``."""

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return now if tz is not None else now.replace(tzinfo=None)

    with mock.patch("otpmail._providers._outlook.datetime", Frozen):
        yield


# ---------------------------------------------------------------------------------------
# The taps: what reached the transport, as vcrpy interactions


def _headers(items: Any) -> dict[str, list[str]]:
    merged: dict[str, list[str]] = {}
    for name, value in items:
        merged.setdefault(str(name), []).append(str(value))
    return merged


def _interaction(
    method: str,
    uri: str,
    body: Any,
    request_headers: Any,
    status: int,
    headers: Any,
    content: bytes,
) -> Interaction:
    return {
        "request": {
            "method": method,
            "uri": uri,
            "body": body,
            "headers": _headers(request_headers),
        },
        "response": {
            "status": {"code": status, "message": httpx.codes.get_reason_phrase(status)},
            "headers": _headers(headers),
            "body": {"string": content.decode("utf-8", "replace")},
        },
    }


@dataclass
class Tape:
    interactions: list[Interaction] = field(default_factory=list)


def gmail_http(base: type[Any], tape: Tape, *args: Any) -> Callable[[], Any]:
    """An ``http_factory`` whose connection layer records each exchange."""

    class Recording(base):  # type: ignore[misc,valid-type]
        def _conn_request(
            self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
        ) -> Any:
            response, content = super()._conn_request(conn, request_uri, method, body, headers)
            skip = {"status", "-content-encoding", "content-location"}
            tape.interactions.append(
                _interaction(
                    method,
                    f"https://{conn.host}{request_uri}",
                    body.decode() if isinstance(body, bytes) else body,
                    dict(headers or {}).items(),
                    int(response.status),
                    [(k, v) for k, v in response.items() if k not in skip],
                    content or b"",
                )
            )
            return response, content

    return lambda: Recording(*args)


class GraphTap(httpx.AsyncBaseTransport):
    """Under the provider's egress transport: records each Graph exchange, decoded."""

    def __init__(self, inner: httpx.AsyncBaseTransport, tape: Tape) -> None:
        self.inner, self.tape = inner, tape

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        response = await self.inner.handle_async_request(request)
        content = await response.aread()
        await response.aclose()
        hop = {"content-encoding", "content-length", "transfer-encoding", "connection"}
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in hop]
        self.tape.interactions.append(
            _interaction(
                request.method,
                str(request.url),
                None,
                request.headers.multi_items(),
                response.status_code,
                headers,
                content,
            )
        )
        return httpx.Response(response.status_code, headers=headers, content=content)

    async def aclose(self) -> None:
        await self.inner.aclose()


def token_tap(inner: Any, tape: Tape) -> Any:
    """The Entra credential's transport, recording the token exchange (not its form)."""
    from azure.core.pipeline.transport import AsyncHttpTransport

    class TokenTap(AsyncHttpTransport):  # type: ignore[type-arg,misc]
        async def send(self, request: Any, **kwargs: Any) -> Any:
            response = await inner.send(request, **kwargs)
            # Read already (the credential does not stream): azure-core's pipeline and
            # rest responses keep the bytes in _content.
            content = getattr(response, "_content", None)
            if content is None:
                content = response.body()
            tape.interactions.append(
                _interaction(
                    request.method,
                    request.url,
                    None,
                    dict(request.headers).items(),
                    response.status_code,
                    dict(response.headers).items(),
                    content or b"",
                )
            )
            return response

        async def open(self) -> None:
            return None

        async def close(self) -> None:
            return None

        async def __aexit__(self, *args: Any) -> None:
            return None

    return TokenTap()


# ---------------------------------------------------------------------------------------
# Targets: live, or the fakes


@dataclass
class Target:
    """How each provider's transports are built, and what the scrubber must look for."""

    name: str
    gmail: Callable[[GmailMailbox, Tape], Any]
    outlook: Callable[[OutlookMailbox, Tape], Any]


def live_target() -> Target:
    from otpmail._providers._gmail import GmailProvider
    from otpmail._providers._gmail_http import PinnedHttp

    def gmail(mailbox: GmailMailbox, tape: Tape) -> Any:
        return GmailProvider(mailbox, http_factory=gmail_http(PinnedHttp, tape))

    def outlook(mailbox: OutlookMailbox, tape: Tape) -> Any:
        from otpmail._providers._graph_http import TokenEgressTransport, network_transport
        from otpmail._providers._outlook import OutlookProvider

        return OutlookProvider(
            mailbox,
            transport=GraphTap(network_transport(), tape),
            token_transport=token_tap(TokenEgressTransport(None), tape),
        )

    return Target("live", gmail, outlook)


def fake_target(gmail_fake: Any, graph_fake: Any) -> Target:
    """The in-process fakes (tests/fakes), as the offline suite records against them."""
    from fakes.gmail import FakeGmailHttp
    from otpmail._providers._gmail import GmailProvider
    from otpmail._providers._outlook import OutlookProvider

    def gmail(mailbox: GmailMailbox, tape: Tape) -> Any:
        return GmailProvider(mailbox, http_factory=gmail_http(FakeGmailHttp, tape, gmail_fake))

    def outlook(mailbox: OutlookMailbox, tape: Tape) -> Any:
        return OutlookProvider(
            mailbox,
            transport=GraphTap(graph_fake.transport, tape),
            token_transport=token_tap(graph_fake.token_transport, tape),
        )

    return Target("fakes", gmail, outlook)


def _credential_secrets(mailbox: Mailbox, mapper: Mapper) -> None:
    """Every credential value of ``mailbox`` is looked for in the scrubbed cassettes."""
    if isinstance(mailbox, GmailMailbox):
        from otpmail._providers._gmail_credentials import load_key

        for name, value in load_key(mailbox).items():
            if name not in ("type", "auth_uri", "token_uri", "universe_domain") and isinstance(
                value, str
            ):
                mapper.secrets.add(f"the service-account key's {name}", value)
                for line in value.splitlines():
                    mapper.secrets.add("the service-account private key", line)
    if isinstance(mailbox, OutlookMailbox):
        mapper.secrets.add("the app's client id", mailbox.client_id)
        for ref in (mailbox.client_secret, mailbox.certificate, mailbox.certificate_password):
            if ref is not None:
                data = ref.read_bytes("recorder").decode("utf-8", "replace")
                mapper.secrets.add("the app's credential", data.strip())
                for line in data.splitlines():
                    mapper.secrets.add("the app's credential", line.strip())


# ---------------------------------------------------------------------------------------
# Recording


def authored_headers(provider: str) -> frozenset[str]:
    """The response header names the hand-written cassettes carry, plus the few a failure
    answers with: everything else a live answer carries is dropped."""
    names = {"retry-after", "location", "www-authenticate"}
    for interaction in authored_interactions(provider):
        names.update(h.lower() for h in interaction["response"]["headers"])
    return frozenset(names)


def authored_interactions(provider: str) -> list[Interaction]:
    if provider == "gmail":
        scenarios = gmail_cassettes.SCENARIOS
    else:
        import test_outlook_cassettes

        scenarios = test_outlook_cassettes.SCENARIOS
    return [i for build in scenarios.values() for i in build()]


def _scrubber(provider: str, mailbox: Mailbox, started: datetime) -> Any:
    if provider == "gmail":
        mapper = Mapper(mailbox.address, gmail_cassettes.MAILBOX, gmail_cassettes.NOW - started)

        def raw(number: int, delivered: datetime, to: str, labels: tuple[str, ...]) -> str:
            mail = gmail_cassettes.Mail(
                delivered,
                to,
                f"Recorded message {number}",
                f"Your code is {100000 + number}",
                "plain",
                labels=labels,
            )
            return mail.raw()

        return GmailScrubber(
            mapper, authored_headers("gmail"), gmail_cassettes.FAKE_ACCESS_TOKEN, raw
        )
    import test_outlook_cassettes as authored

    assert isinstance(mailbox, OutlookMailbox)
    mapper = Mapper(mailbox.address, authored.MAILBOX, authored.NOW - started)
    return GraphScrubber(
        mapper,
        authored_headers("outlook"),
        authored.FAKE_ACCESS_TOKEN,
        authored.TENANT,
        mailbox.tenant_id,
    )


async def record_provider(provider: str, mailbox: Mailbox, target: Target) -> dict[str, str]:
    """Run every step against ``target``; the scrubbed, checked YAML of each cassette.
    Raises :class:`LeakFound` (and returns nothing) if any cassette holds a secret."""
    started = datetime.now(UTC).replace(microsecond=0)
    scrubber = _scrubber(provider, mailbox, started)
    _credential_secrets(mailbox, scrubber.mapper)
    recorded: dict[str, list[Interaction]] = {}
    for name, step in STEPS.items():
        tape = Tape()
        build = target.gmail if provider == "gmail" else target.outlook
        instance = build(mailbox, tape)  # type: ignore[arg-type]
        try:
            with frozen(started):
                await step(instance, started, mailbox.address)
        finally:
            await instance.aclose()
        recorded[name] = [
            {
                "request": scrubber.request(i["request"]),
                "response": scrubber.response(i["request"]["uri"], i["response"]),
            }
            for i in tape.interactions
        ]
    # Checked only once every step is scrubbed: a value first seen in a later step must not
    # survive in an earlier cassette either.
    return {name: checked_text(found, scrubber.mapper.secrets) for name, found in recorded.items()}


def write(out: Path, cassettes: dict[str, dict[str, str]]) -> list[Path]:
    written = []
    for provider, texts in cassettes.items():
        folder = out / provider
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            path = folder / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


async def record(config_path: Path, target: Target, out: Path) -> list[Path]:
    """Record the first mailbox of each provider in ``config_path`` into ``out``. Nothing is
    written unless every cassette passed the scrub check."""
    reader = Reader(config_path)
    mailboxes = reader.config().mailboxes
    cassettes = {}
    for provider in PROVIDERS:
        mailbox = next((m for m in mailboxes if m.provider == provider), None)
        if mailbox is not None:
            cassettes[provider] = await record_provider(provider, mailbox, target)
    return write(out, cassettes)


# ---------------------------------------------------------------------------------------
# Replay and shape, for the offline suite


def replay(path: Path, gmail_key: dict[str, Any]) -> None:
    """Run the step of ``path`` (``<provider>/<step>.yaml``) on the test mailbox and clock,
    under vcrpy; every interaction must be played, once."""
    provider, step = path.parent.name, path.stem
    asyncio.run(_replay(provider, step, path, gmail_key))


async def _replay(provider: str, step: str, path: Path, gmail_key: dict[str, Any]) -> None:
    if provider == "gmail":
        from otpmail._providers._gmail import GmailProvider

        folder = Path(tempfile.mkdtemp())
        key = folder / "sa.json"
        key.write_text(json.dumps(gmail_key), encoding="utf-8")
        key.chmod(0o600)
        from otpmail._core._config import SecretRef

        mailbox: Any = GmailMailbox(
            provider="gmail",
            address=gmail_cassettes.MAILBOX,
            domains=("example.com",),
            source="recorded",
            key=SecretRef(file=key),
        )
        instance: Any = GmailProvider(mailbox, max_concurrency=1)
        vcr_config, now = gmail_cassettes._VCR, gmail_cassettes.NOW
    else:
        import test_outlook_cassettes as authored
        from otpmail._providers._outlook import OutlookProvider

        os.environ.setdefault(authored.SECRET_ENV, "not-a-real-secret")
        mailbox = authored.outlook_mailbox()
        instance = OutlookProvider(mailbox)
        vcr_config, now = authored._VCR, authored.NOW
    with vcr_config.use_cassette(str(path), allow_playback_repeats=False) as cassette, frozen(now):
        try:
            await STEPS[step](instance, now, mailbox.address)
        finally:
            await instance.aclose()
    unplayed = [
        cassette.requests[i].uri for i in range(len(cassette)) if cassette.play_counts[i] == 0
    ]
    assert not unplayed, f"{path}: interactions never requested: {unplayed}"


def _structure(value: Any, prefix: str = "") -> set[str]:
    """Key paths with their value types: ``messages[].id:str``."""
    if isinstance(value, dict):
        found: set[str] = set()
        for key, inner in value.items():
            found |= _structure(inner, f"{prefix}.{key}" if prefix else key)
        return found or {f"{prefix}:{{}}"}
    if isinstance(value, list):
        found = set()
        for inner in value:
            found |= _structure(inner, f"{prefix}[]")
        return found
    kind = "null" if value is None else type(value).__name__
    return {f"{prefix}:{kind}"}


_STRUCTURAL = ("fields", "format", "$select", "$expand", "alt")


def kind(interaction: Interaction) -> tuple[object, ...]:
    """What kind of exchange an interaction is: method, host, path with ids as ``{}``, the
    query's parameter names and its shaping values, the status."""
    request, response = interaction["request"], interaction["response"]
    parts = urlsplit(request["uri"])
    path = re.sub(r"/messages/[0-9a-f]+$", "/messages/{}", parts.path)
    path = re.sub(r"/users/[^/]+/", "/users/{}/", path)
    path = re.sub(r"^/[^/]+/oauth2/", "/{}/oauth2/", path)
    params = parse_qsl(parts.query, keep_blank_values=True)
    names = tuple(sorted({k for k, _ in params}))
    shaping = tuple(sorted((k, v) for k, v in params if k in _STRUCTURAL))
    return (request["method"], parts.hostname, path, names, shaping, response["status"]["code"])


def _body_structure(interaction: Interaction) -> set[str] | None:
    try:
        return _structure(json.loads(interaction["response"]["body"]["string"]))
    except ValueError:
        return None


def _rows(path: str) -> str:
    """The list a key path belongs to (``value[]`` of ``value[].id:str``), or ``""``."""
    return path.split("[]", 1)[0] + "[]" if "[]" in path else ""


def _prefixes(structure: set[str]) -> set[str]:
    return {_rows(p) for p in structure}


def _required(shapes: list[set[str]]) -> set[str]:
    """The key paths every hand-written body of a kind carries; a row's keys count only
    against the bodies that have rows."""
    union = set().union(*shapes)
    return {p for p in union if all(p in s for s in shapes if _rows(p) in _prefixes(s))}


def shape_differences(provider: str, texts: dict[str, str]) -> list[str]:
    """How the recorded cassettes differ in shape from the hand-written ones: for each
    recorded interaction of a kind the hand-written cassettes have, a key path they never
    carry, or one they always carry and it lacks. Kinds they lack are not differences (the
    hand-written cassettes cover reads; the wait's requests are tested against the fakes)."""
    import yaml

    authored: dict[tuple[object, ...], list[set[str] | None]] = {}
    for interaction in authored_interactions(provider):
        authored.setdefault(kind(interaction), []).append(_body_structure(interaction))
    found = []
    for name, text in texts.items():
        for n, interaction in enumerate(yaml.safe_load(text)["interactions"]):
            shapes = authored.get(kind(interaction))
            body = _body_structure(interaction)
            if shapes is None or body is None or None in shapes:
                continue
            known = [s for s in shapes if s is not None]
            union = set().union(*known)
            extra = body - union
            missing = {p for p in _required(known) if _rows(p) in _prefixes(body)} - body
            if extra or missing:
                found.append(
                    f"{provider}/{name} #{n}: not in the hand-written cassettes {sorted(extra)}, "
                    f"missing {sorted(missing)}"
                )
    return found


# ---------------------------------------------------------------------------------------
# The fakes, seeded as a small test mailbox


def seeded_fakes(now: datetime) -> tuple[Any, Any]:
    """A Gmail and a Graph fake holding a little mail for the recording to find."""
    from fakes.gmail import FakeGmail
    from fakes.graph import FakeGraph, GraphAttachment
    from test_maildir import message

    gmail = FakeGmail(honour_fields=True)
    for n in range(4):
        gmail.deliver(
            message(
                f"tester+signup{n}@corp.example", f"Live subject {n}", f"Live body {n} 48213{n}"
            ),
            now - timedelta(minutes=20 - 4 * n),
            id_lag_ms=300,
        )
    graph = FakeGraph("tester@fabrikam.example")
    for n in range(4):
        graph.deliver(
            to=f"tester+signup{n}@fabrikam.example",
            subject=f"Live subject {n}",
            body=f"<p>Live body {n}: 48213{n}</p>",
            content_type="html",
            sender="alerts@real-sender.example",
            at=now - timedelta(minutes=20 - 4 * n),
            attachments=[
                GraphAttachment(f"live-report-{n}.pdf", "application/pdf", 9, content=b"%PDF-1.7\n")
            ]
            if n == 3
            else [],
        )
    return gmail, graph


def fake_config(folder: Path, gmail_key: dict[str, Any], secret_env: str) -> Path:
    """An integrations file for the fakes' mailboxes (a key file, a secret variable)."""
    key = folder / "live-sa.json"
    key.write_text(json.dumps(gmail_key), encoding="utf-8")
    key.chmod(0o600)
    path = folder / "live.yaml"
    path.write_text(
        "email:\n  mailboxes:\n"
        "    - provider: gmail\n      address: tester@corp.example\n"
        f"      service_account_file: {key.name}\n"
        "    - provider: outlook\n      address: tester@fabrikam.example\n"
        "      tenant_id: 9e8d7c6b-5a49-4838-a726-151413121110\n"
        "      client_id: 0f1e2d3c-4b5a-4968-8776-655443322110\n"
        f"      client_secret_env: {secret_env}\n",
        encoding="utf-8",
    )
    path.chmod(0o600)
    return path


def _throwaway_key() -> dict[str, Any]:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    pem = rsa.generate_private_key(public_exponent=65537, key_size=2048).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return {
        "type": "service_account",
        "project_id": "recorder-fakes",
        "private_key_id": "f" * 40,
        "private_key": pem.decode(),
        "client_email": "recorder@recorder-fakes.iam.gserviceaccount.com",
        "client_id": "109876543210987654321",
        "token_uri": "https://oauth2.googleapis.com/token",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--live", action="store_true", help="record the mailboxes of --integrations")
    where.add_argument("--fakes", action="store_true", help="record the in-process fakes")
    parser.add_argument("--integrations", type=Path, help="the test mailboxes (with --live)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"default {OUT.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    try:
        if args.live:
            if args.integrations is None:
                parser.error("--live needs --integrations FILE")
            written = asyncio.run(record(args.integrations, live_target(), args.out))
        else:
            sys.path.insert(0, str(Path(__file__).parent))
            folder = Path(tempfile.mkdtemp())
            os.environ["OTPMAIL_RECORDER_FAKE_SECRET"] = "fake-recorder-secret-value"
            config = fake_config(folder, _throwaway_key(), "OTPMAIL_RECORDER_FAKE_SECRET")
            gmail, graph = seeded_fakes(datetime.now(UTC))
            written = asyncio.run(record(config, fake_target(gmail, graph), args.out))
    except LeakFound as exc:
        print(f"record_cassettes: {exc}; nothing was written", file=sys.stderr)
        return 1
    for provider in PROVIDERS:
        texts = {
            p.stem: p.read_text(encoding="utf-8") for p in written if p.parent.name == provider
        }
        for line in shape_differences(provider, texts):
            print(f"shape: {line}")
    print(f"wrote {len(written)} cassettes to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
