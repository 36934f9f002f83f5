"""Hostile input: the arguments of ``read_emails`` and ``wait_for_email`` (Python API and MCP
tools) and the integrations file, fuzzed with hypothesis. Every input ends in an ok or a
prefixed error envelope, never a traceback; and no filter can rewrite a provider query:

- Gmail: the ``q`` that reaches the (fake) Gmail upstream is the recipient, the sender and
  the subject each as its own single term, plus otpmail's own ``after:`` and
  ``in:anywhere``, and nothing else;
- Graph: ``$filter`` holds no caller text at all, only otpmail's own time bound.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import write_config, write_key
from fakes.gmail import FakeGmail
from fakes.graph import FakeGraph
from gmail_cassettes import quick_key
from otpmail._core._config import Mailbox
from otpmail._core._envelope import error
from otpmail._core._errors import CODES, OtpmailError, Prefix
from otpmail._frontends import _mcp
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._graph_messages import CONTENT_EXPAND
from otpmail._providers._maildir import MaildirProvider
from otpmail._reading._reader import Reader

PREFIXES = tuple(f"{p.value}: " for p in Prefix)
GRAPH_SECRET_ENV = "OTPMAIL_TEST_FUZZ_GRAPH_SECRET"


def fuzz(examples: int) -> settings:
    """Bounded: each test stays within a few seconds."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


# ---------------------------------------------------------------------------------------
# Strategies: addresses, with search syntax of both providers spliced in anywhere.

SYNTAX = [
    " OR ",
    "OR",
    " AND ",
    "NOT ",
    "-",
    "(",
    ")",
    "{",
    "}",
    '"',
    "'",
    "\\",
    ":",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\u00a0",
    "\u2028",
    "\u200b",
    "\x00",
    "in:spam",
    "from:ceo@example.com",
    "to:",
    "label:^all",
    "is:unread",
    "after:0",
    "*",
    "|",
    "%20",
    "%22",
    "@",
    "+",
    " or ",
    " eq ",
    "' or 1 eq 1 or '",
    "$filter=",
    "&$search=",
    "#",
    "\ufeff",
]
ADDRESS = st.from_regex(
    r"[a-z0-9][a-z0-9._+-]{0,10}@[a-z0-9][a-z0-9-]{0,8}\.(com|example|test)", fullmatch=True
)
DOMAIN = st.from_regex(r"@?[a-z0-9][a-z0-9-]{0,8}\.(com|example)", fullmatch=True)
SPLICED = st.builds(
    lambda base, piece, at: base[:at] + piece + base[at:],
    st.one_of(ADDRESS, DOMAIN),
    st.sampled_from(SYNTAX),
    st.integers(0, 24),
)
FILTER = st.one_of(
    st.none(),
    st.just(""),
    ADDRESS,
    DOMAIN,
    SPLICED,
    st.lists(st.sampled_from(SYNTAX), max_size=4).map("".join),
    st.text(max_size=24),
)
SUBJECT = st.one_of(
    st.none(),
    st.just(""),
    st.text(max_size=40),
    st.lists(st.one_of(st.sampled_from(SYNTAX), st.text(max_size=5)), max_size=6).map("".join),
)
AFTER = st.one_of(
    st.none(),
    st.just(""),
    st.from_regex(r"[0-9]{1,22}[smhd]", fullmatch=True),
    st.from_regex(r"-?[0-9]{0,4}[smhdwy ]{0,2}", fullmatch=True),
    st.text(max_size=8),
)
NOT_A_STRING = st.one_of(st.integers(), st.floats(), st.lists(st.text(max_size=3), max_size=2))
FLAG = st.one_of(st.booleans(), st.booleans(), st.sampled_from([None, 0, 1, "true", "", []]))


def assert_envelope(envelope: object) -> dict[str, Any]:
    """An ok envelope, or an error envelope with one of the four prefixes, a known code and
    ``retryable``; JSON all the way down."""
    assert isinstance(envelope, dict)
    json.dumps(envelope)
    if envelope["status"] == "ok":
        assert set(envelope["data"]) <= {"emails", "count", "dropped"}
        return envelope
    assert envelope["status"] == "error"
    assert envelope["error"].startswith(PREFIXES), envelope
    assert envelope["code"] in CODES
    assert envelope["error"].startswith(f"{CODES[envelope['code']].prefix.value}: ")
    assert envelope["retryable"] is CODES[envelope["code"]].retryable
    assert "Traceback" not in envelope["error"]
    return envelope


# ---------------------------------------------------------------------------------------
# Gmail q


def gmail_terms(q: str) -> list[str]:
    """Gmail search terms, split on spaces outside double quotes; inside quotes a backslash
    escapes the next character (the escaping the specification prescribes)."""
    terms: list[str] = []
    i = 0
    while i < len(q):
        if q[i] == " ":
            i += 1
            continue
        j, quoted = i, False
        while j < len(q) and (quoted or q[j] != " "):
            if quoted and q[j] == "\\":
                j += 2
                continue
            if q[j] == '"':
                quoted = not quoted
            j += 1
        terms.append(q[i:j])
        i = j
    return terms


def unescape(quoted: str) -> str:
    return re.sub(r"\\(.)", r"\1", quoted, flags=re.S)


_PLAIN = re.compile(r"[^\s\"'(){}:\\-][^\s\"(){}:\\]*")


def assert_only_own_terms(q: str, to: object, sender: object, subject: object) -> None:
    """``q`` holds each filter as exactly one term, and otherwise only otpmail's own."""
    terms = gmail_terms(q)
    assert terms[-1] == "in:anywhere", q
    body = terms[:-1]
    if body and body[-1].startswith("after:"):
        assert re.fullmatch(r"after:-?[0-9]+", body.pop()), q
    expected = [("to", to)]
    if isinstance(sender, str) and sender:
        expected.append(("from", sender))
    if isinstance(subject, str) and subject:
        expected.append(("subject", subject))
    assert len(body) == len(expected), q
    for term, (name, given_value) in zip(body, expected, strict=True):
        assert isinstance(given_value, str)
        key, _, value = term.partition(":")
        assert key == name, q
        if name == "subject":
            assert value.startswith('"') and value.endswith('"') and len(value) >= 2, q
            assert unescape(value[1:-1]) == given_value, q
        else:
            # An address or domain: one plain token, never an operator, a group or a quote.
            assert _PLAIN.fullmatch(value), q
            assert value == given_value.strip().lower().lstrip("@"), q
            assert value not in {"OR", "AND", "NOT"}, q


def otp_mail(to: str, subject: str = "Your code") -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<{abs(hash((to, subject)))}@acme.example>"
    message.set_content("Your code is 123456.")
    return message


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """One event loop for every example of a test (providers keep their clients)."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()


def offline_factory(gmail: FakeGmail, graph: FakeGraph) -> Callable[[Mailbox], Any]:
    """Providers whose network is the in-process fakes, whatever a file configures."""

    def build(mailbox: Mailbox) -> Any:
        if mailbox.provider == "gmail":
            return GmailProvider(mailbox, http_factory=gmail.http_factory)  # type: ignore[arg-type]
        if mailbox.provider == "outlook":
            from otpmail._providers._outlook import OutlookProvider

            return OutlookProvider(
                mailbox,  # type: ignore[arg-type]
                transport=graph.transport,
                token_transport=graph.token_transport,
            )
        return MaildirProvider(mailbox)  # type: ignore[arg-type]

    return build


@pytest.fixture
def gmail(tmp_path: Path, service_account_info: dict[str, Any]) -> tuple[Reader, FakeGmail]:
    key = write_key(tmp_path, quick_key(service_account_info))
    key.chmod(0o600)
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )
    fake = FakeGmail()
    now = datetime.now(UTC)
    for to in ("qa@example.com", "qa+a@example.com", "other@evil.example"):
        fake.deliver(otp_mail(to), at=now - timedelta(seconds=30))
    return Reader(config, provider_factory=offline_factory(fake, FakeGraph())), fake


def list_queries(fake: FakeGmail) -> list[str]:
    return [
        parse_qs(urlsplit(r.url).query).get("q", [""])[0]
        for r in fake.requests
        if r.operation == "messages.list"
    ]


# Valid values are drawn often enough that many inputs reach the provider's query.
TO = st.one_of(ADDRESS, DOMAIN, SPLICED, FILTER, NOT_A_STRING)
SENDER = st.one_of(st.none(), ADDRESS, DOMAIN, SPLICED, FILTER, NOT_A_STRING)
LOOK_BACK = st.one_of(st.none(), st.from_regex(r"[0-9]{1,4}[smhd]", fullmatch=True), AFTER)
SUBJECT_TEXT = st.one_of(
    st.none(),
    st.text(st.characters(blacklist_categories=["Cc", "Cs"]), max_size=30),
    st.lists(st.sampled_from([*SYNTAX, "code", "Your", " "]), max_size=6).map("".join),
    SUBJECT,
)


def test_read_emails_answers_any_argument_with_an_envelope(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail

    @fuzz(100)
    @given(
        to=TO,
        sender=SENDER,
        subject=st.one_of(SUBJECT_TEXT, NOT_A_STRING),
        after=LOOK_BACK,
        latest=FLAG,
        count=FLAG,
    )
    def read(to: Any, sender: Any, subject: Any, after: Any, latest: Any, count: Any) -> None:
        fake.reset_counters()
        envelope = assert_envelope(
            loop.run_until_complete(
                reader.read_emails(to, sender, subject, after, latest=latest, count=count)
            )
        )
        if envelope["status"] == "error" and envelope["code"] == "invalid_argument":
            assert fake.requests == []  # refused before anything was sent
        for q in list_queries(fake):
            assert_only_own_terms(q, to, sender, subject)

    read()


# Well-typed arguments with search syntax spliced in: most reach Gmail.
NARROW_TO = st.one_of(ADDRESS, DOMAIN, SPLICED)
NARROW_SENDER = st.one_of(st.none(), ADDRESS, DOMAIN, SPLICED)
NARROW_SUBJECT = st.one_of(
    st.none(),
    st.text(st.characters(blacklist_categories=["Cc", "Cs"]), max_size=30),
    st.lists(st.sampled_from([*SYNTAX, "code", "Your", " ", '\\"']), max_size=6).map("".join),
)


def test_a_filter_can_only_narrow_the_gmail_query(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail
    reached: list[str] = []

    @fuzz(120)
    @given(
        to=NARROW_TO,
        sender=NARROW_SENDER,
        subject=NARROW_SUBJECT,
        after=st.one_of(st.none(), st.from_regex(r"[0-9]{1,5}[smhd]", fullmatch=True)),
        latest=st.booleans(),
        count=st.booleans(),
    )
    @example('qa@example.com" OR "x', None, None, None, False, True)
    @example("qa@example.com", "-from:x", 'a" OR from:evil "b', "5m", True, False)
    @example("qa@example.com", "acme.example", 'a" OR from:evil "b', "5m", False, False)
    @example("example.com", "@acme.example", "\\", None, False, True)
    @example("qa@example.com OR to:ceo@example.com", None, None, None, False, False)
    @example("qa@example.com", None, ") OR (in:spam", None, False, True)
    @example("'0@0.com", None, None, None, False, False)  # found by the explore profile
    def read(
        to: str,
        sender: str | None,
        subject: str | None,
        after: str | None,
        latest: bool,
        count: bool,
    ) -> None:
        fake.reset_counters()
        envelope = assert_envelope(
            loop.run_until_complete(
                reader.read_emails(to, sender, subject, after, latest=latest, count=count)
            )
        )
        queries = list_queries(fake)
        if envelope["status"] == "error" and envelope["code"] == "invalid_argument":
            assert queries == []
        for q in queries:
            assert_only_own_terms(q, to, sender, subject)
            reached.append(q)

    read()
    assert len(reached) >= 35, "too few inputs reached Gmail: the property was barely tested"
    assert any('\\"' in q for q in reached)  # a subject with a quote did reach it


def test_the_read_tool_answers_every_argument_object_with_an_envelope(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail
    reached: list[str] = []

    @fuzz(60)
    @given(
        arguments=st.dictionaries(
            st.one_of(
                st.sampled_from(["to", "to", "sender", "subject", "after", "latest", "count"]),
                st.sampled_from(["mailbox", "account", "host", "url", "integrations", "q"]),
                st.text(max_size=6),
            ),
            st.one_of(ADDRESS, FILTER, AFTER, st.booleans(), st.integers(), st.floats()),
            max_size=5,
        )
    )
    def call(arguments: dict[str, Any]) -> None:
        fake.reset_counters()
        try:
            envelope = loop.run_until_complete(_mcp._read(reader, arguments))
        except OtpmailError as exc:  # the server turns these into INVALID tool errors
            assert exc.code == "invalid_argument"
            envelope = error(exc)
        assert_envelope(envelope)
        result = _mcp.tool_result(envelope)
        assert result.is_error is (envelope["status"] != "ok")
        for q in list_queries(fake):
            assert_only_own_terms(
                q, arguments.get("to"), arguments.get("sender"), arguments.get("subject")
            )
            reached.append(q)

    call()
    assert reached, "no argument object reached Gmail"


VALID_TIMEOUT = st.floats(0.001, 0.02)
BAD_TIMEOUT = st.sampled_from(
    [0, -1, -0.0, float("nan"), float("inf"), -float("inf"), 1e308, 10**30, 3601, True, "5", [], {}]
)
SINCE = st.one_of(
    st.none(),
    st.datetimes(
        min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
    ),
    st.datetimes(timezones=st.just(UTC)),
    st.datetimes(),
    st.text(max_size=10),
    st.integers(),
)


def test_wait_for_email_answers_any_argument_with_an_envelope(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail

    @fuzz(40)
    @given(
        to=TO,
        sender=SENDER,
        subject=SUBJECT_TEXT,
        timeout=st.one_of(st.floats(0.001, 0.02), BAD_TIMEOUT),
        since=SINCE,
        poll_interval=st.one_of(st.none(), st.just(0.05), BAD_TIMEOUT),
    )
    def wait(
        to: Any, sender: Any, subject: Any, timeout: Any, since: Any, poll_interval: Any
    ) -> None:
        fake.reset_counters()
        assert_envelope(
            loop.run_until_complete(
                reader.wait_for_email(
                    to, sender, subject, timeout=timeout, since=since, poll_interval=poll_interval
                )
            )
        )
        for q in list_queries(fake):
            assert_only_own_terms(q, to, sender, subject)

    wait()


def test_a_wait_can_only_narrow_the_gmail_query(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail
    reached: list[str] = []

    @fuzz(6)
    @given(
        to=NARROW_TO,
        sender=NARROW_SENDER,
        subject=NARROW_SUBJECT,
        since=st.one_of(
            st.none(),
            st.datetimes(datetime(2000, 1, 1), datetime(2100, 1, 1), timezones=st.just(UTC)),
        ),
    )
    @example("qa@example.com", None, 'a" OR from:evil "b', None)
    def wait(to: str, sender: str | None, subject: str | None, since: datetime | None) -> None:
        fake.reset_counters()
        assert_envelope(
            loop.run_until_complete(
                reader.wait_for_email(to, sender, subject, timeout=0.3, since=since)
            )
        )
        for q in list_queries(fake):
            assert_only_own_terms(q, to, sender, subject)
            reached.append(q)

    wait()
    assert len(reached) >= 2, "too few waits reached Gmail"


def test_the_wait_tool_answers_every_argument_object_with_an_envelope(
    gmail: tuple[Reader, FakeGmail], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = gmail
    reached: list[str] = []

    @fuzz(30)
    @given(
        arguments=st.fixed_dictionaries(
            {"timeout": st.one_of(VALID_TIMEOUT, BAD_TIMEOUT)},
            optional={
                "to": st.one_of(ADDRESS, FILTER),
                "sender": FILTER,
                "subject": SUBJECT,
                "since": st.one_of(
                    st.text(max_size=30),
                    st.just("2026-11-30T09:41:17Z"),
                    st.just("2026-11-30T09:41:17"),
                    st.from_regex(r"[0-9]{1,30}[smhd]", fullmatch=True),
                    st.integers(),
                ),
                "mailbox": ADDRESS,
            },
        )
    )
    def call(arguments: dict[str, Any]) -> None:
        fake.reset_counters()
        try:
            envelope = loop.run_until_complete(_mcp._wait(reader, arguments))
        except OtpmailError as exc:
            assert exc.code == "invalid_argument"
            envelope = error(exc)
        assert_envelope(envelope)
        for q in list_queries(fake):
            assert_only_own_terms(
                q, arguments.get("to"), arguments.get("sender"), arguments.get("subject")
            )
            reached.append(q)

    call()


# ---------------------------------------------------------------------------------------
# Graph $filter

_OWN_FILTER = re.compile(
    r"receivedDateTime ge [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"
)


@pytest.fixture
def graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Reader, FakeGraph]:
    monkeypatch.setenv(GRAPH_SECRET_ENV, "fuzz-client-secret")
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
        "      tenant_id: 11111111-2222-4333-8444-555555555555\n"
        "      client_id: aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee\n"
        f"      client_secret_env: {GRAPH_SECRET_ENV}\n",
    )
    fake = FakeGraph("qa@contoso.com")
    for to in ("qa@contoso.com", "qa+a@contoso.com"):
        fake.deliver(to=to, at=datetime.now(UTC) - timedelta(seconds=30))
    return Reader(config, provider_factory=offline_factory(FakeGmail(), fake)), fake


def test_read_emails_never_puts_caller_text_in_the_graph_filter(
    graph: tuple[Reader, FakeGraph], loop: asyncio.AbstractEventLoop
) -> None:
    reader, fake = graph
    reached: list[str] = []
    filtered: list[str] = []

    @fuzz(80)
    @given(
        to=NARROW_TO,
        sender=NARROW_SENDER,
        subject=NARROW_SUBJECT,
        after=st.one_of(st.none(), st.from_regex(r"[0-9]{1,5}[smhd]", fullmatch=True)),
        latest=st.booleans(),
        count=st.booleans(),
    )
    @example("qa@contoso.com", "x' or true or 'a", "') or (1 eq 1", "1h", False, False)
    @example("contoso.com", "acme.example", "' or subject eq '", "5m", False, True)
    # Plain look-backs, so the coverage floor below holds whatever the random draws are.
    @example("qa@contoso.com", None, None, "10m", False, False)
    @example("qa+a@contoso.com", None, None, "2h", True, False)
    def read(to: Any, sender: Any, subject: Any, after: Any, latest: bool, count: bool) -> None:
        fake.requests.clear()
        assert_envelope(
            loop.run_until_complete(
                reader.read_emails(to, sender, subject, after, latest=latest, count=count)
            )
        )
        for request in fake.requests:
            if request.operation != "messages.list":
                continue
            parts = urlsplit(request.url)
            query = parse_qs(parts.query, keep_blank_values=True)
            assert parts.path == "/v1.0/users/qa%40contoso.com/messages"
            assert set(query) <= {"$filter", "$orderby", "$select", "$top", "$skip", "$expand"}, (
                request.url
            )
            # The one expansion is otpmail's constant (attachment metadata): no caller text.
            assert query.get("$expand", list(CONTENT_EXPAND)) == list(CONTENT_EXPAND), request.url
            for value in query.get("$filter", []):
                assert _OWN_FILTER.fullmatch(value), request.url
                filtered.append(value)
            reached.append(request.url)
            assert query.get("$orderby", ["receivedDateTime desc"]) == ["receivedDateTime desc"]

    read()
    assert len(reached) >= 20, "too few reads reached Graph"
    assert len(filtered) >= 2, "no read with a look-back reached Graph"


# ---------------------------------------------------------------------------------------
# The integrations file

KEYS = [
    "email",
    "mailboxes",
    "limits",
    "deadline_seconds",
    "provider",
    "address",
    "domains",
    "path",
    "service_account_file",
    "service_account_json_env",
    "tenant_id",
    "client_id",
    "client_secret_env",
    "certificate_file",
    "certificate_env",
    "certificate_password_env",
    "response_bytes",
    "body_chars",
    "result_chars",
    "raw_body_chars",
    "api_endpoint",
    "token_uri",
    "proxy",
    "scopes",
    "client_secret",
    "private_key",
]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(
        [
            "gmail",
            "outlook",
            "maildir",
            "qa@example.com",
            "example.com",
            "sa.json",
            "PATH",
            "HOME",
            "11111111-2222-4333-8444-555555555555",
            "https://evil.example/token",
            ".",
            "..",
            "/",
            "~",
        ]
    ),
)
# Two levels of nesting, spelled out: st.recursive's check that `extend` recurses trips a
# deprecation warning on some draws of this shape.
_NESTED = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=4),
    st.dictionaries(st.sampled_from(KEYS), SCALARS, max_size=5),
)
DOCUMENTS = st.one_of(
    SCALARS,
    st.lists(_NESTED, max_size=4),
    st.dictionaries(st.sampled_from(KEYS), _NESTED, max_size=5),
)
MAILBOX = st.fixed_dictionaries(
    {"provider": st.sampled_from(["gmail", "outlook", "maildir", "imap"]), "address": SCALARS},
    optional={key: st.one_of(SCALARS, DOCUMENTS) for key in KEYS[6:]},
)
SHAPED = st.builds(
    lambda boxes, extra: {"email": {"mailboxes": boxes, **extra}},
    st.lists(MAILBOX, max_size=3),
    st.dictionaries(st.sampled_from(["limits", "deadline_seconds", "x"]), DOCUMENTS, max_size=2),
)
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True)
)


@fuzz(120)
@given(
    content=st.one_of(
        SHAPED.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
        DOCUMENTS.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
        st.text(max_size=200),
        st.binary(max_size=100).map(lambda b: b.decode("latin-1")),
    )
)
@example(content="email: !!python/object/apply:os.system ['echo pwned']\n")
@example(content=BOMB + "email: {mailboxes: *h}\n")
@example(
    content="email:\n  mailboxes:\n    - provider: outlook\n      address: qa@contoso.com\n"
    "      tenant_id: contoso.com\n      client_id: aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee\n"
    "      client_secret_env: PATH\n"
)
def test_any_integrations_file_ends_in_an_envelope(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, content: str
) -> None:
    path = tmp_path / "fuzzed.yaml"
    path.write_text(content, encoding="utf-8", errors="surrogatepass")
    path.chmod(0o600)
    graph = FakeGraph("qa@contoso.com")
    reader = Reader(path, provider_factory=offline_factory(FakeGmail(), graph))

    try:
        envelope = assert_envelope(loop.run_until_complete(reader.read_emails("qa@example.com")))
    finally:
        loop.run_until_complete(reader.aclose())

    if envelope["status"] == "error" and envelope["error"].startswith("NOT_CONFIGURED: "):
        assert "Traceback" not in envelope["error"] and "object at 0x" not in envelope["error"]
