"""``otpmail check --deep`` against the in-process fakes, for each verdict.

The fakes behave as the providers document by default; their knobs (tests/fakes/) make one
undocumented behaviour differ, and the deep check must say so, with what otpmail does then.
The real SDK stacks run underneath, so every call passes the egress check.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import ROOT, gmail_reader, write_config
from fakes.gmail import DAILY_LIMIT_EXCEEDED, FakeGmail, Fault
from fakes.graph import FakeGraph, GraphAttachment
from otpmail import Reader
from otpmail._core._config import Mailbox, OutlookMailbox
from otpmail._frontends import _cli
from otpmail._frontends._check import Finding, format_findings, run_check
from otpmail._frontends._deep import ASSUMPTIONS, FAILS, HOLDS, UNKNOWN
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._outlook import OutlookProvider
from test_maildir import message

GMAIL = "qa@example.com"
OUTLOOK = "otp@contoso.com"
NOW = datetime.now(UTC).replace(microsecond=0)


def private_gmail_reader(folder: Path, info: dict[str, Any], upstream: FakeGmail) -> Reader:
    """A Reader on the Gmail fake whose key file only its owner may read (no warning)."""
    reader = gmail_reader(folder, info, upstream, address=GMAIL)
    (folder / "sa.json").chmod(0o600)
    return reader


def outlook_reader(folder: Path, upstream: FakeGraph) -> Reader:
    config = write_config(
        folder,
        "email:\n  mailboxes:\n    - provider: outlook\n"
        f"      address: {OUTLOOK}\n"
        "      tenant_id: 11111111-2222-3333-4444-555555555555\n"
        "      client_id: 00000000-0000-0000-0000-000000000001\n"
        "      client_secret_env: OTPMAIL_TEST_GRAPH_SECRET\n",
    )

    def factory(mailbox: Mailbox) -> OutlookProvider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox, transport=upstream.transport, token_transport=upstream.token_transport
        )

    return Reader(config, provider_factory=factory)


@pytest.fixture(autouse=True)
def _graph_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTPMAIL_TEST_GRAPH_SECRET", "not-a-real-secret")


async def deep(reader: Reader) -> tuple[dict[str, str], list[Finding]]:
    """The verdict of each assumption, and every finding."""
    async with reader:
        findings = await run_check(reader, deep=True)
    verdicts = {f.detail.split(":", 1)[0]: f.level for f in findings if f.then}
    return verdicts, findings


def fill_gmail(upstream: FakeGmail, count: int = 6, lag: int = 0, spread: int = 0) -> None:
    for n in range(count):
        upstream.deliver(
            message(f"qa+n{n}@example.com", body=f"Your code is {300000 + n}"),
            NOW - timedelta(minutes=count - n),
            id_lag_ms=lag + (spread if n % 2 else 0),
        )


def fill_graph(upstream: FakeGraph, count: int = 6, **kwargs: Any) -> None:
    for n in range(count):
        upstream.deliver(
            to=f"otp+n{n}@contoso.com",
            body=f"Your code is {400000 + n}",
            at=NOW - timedelta(hours=count - n),
            **kwargs,
        )


GMAIL_KEYS = sorted(k for k in ASSUMPTIONS if k.startswith("gmail."))
OUTLOOK_KEYS = sorted(k for k in ASSUMPTIONS if k.startswith("outlook."))


# -- Gmail ---------------------------------------------------------------------------------


async def test_gmail_every_assumption_holds_on_a_mailbox_that_behaves_as_documented(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    fill_gmail(upstream, lag=400)

    verdicts, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert sorted(verdicts) == GMAIL_KEYS
    assert {k: v for k, v in verdicts.items() if k != "gmail.errors"} == dict.fromkeys(
        set(GMAIL_KEYS) - {"gmail.errors"}, HOLDS
    )
    assert verdicts["gmail.errors"] == UNKNOWN
    assert not any(f.failed for f in findings)
    # The plain check's list (5) and the deep check's 108 units, as the heading says.
    (heading,) = [f for f in findings if f.level == "deep"]
    assert heading.detail == "7 assumptions, 108 Gmail quota units"
    assert upstream.quota == 5 + 108
    # The bodies come in one batch (issue 19): the deep check goes the way reads go.
    assert {r.operation for r in upstream.requests} == {
        "token",
        "messages.list",
        "batch",
        "getProfile",
        "history.list",
    }
    assert {r.operation for r in upstream.parts} == {"messages.get"}
    assert {r.method for r in upstream.requests + upstream.parts if r.operation != "token"} == {
        "GET",
        "POST",  # the batch alone, whose every part is a GET
    }
    assert {r.method for r in upstream.parts} == {"GET"}
    assert all(
        urlsplit(r.url).path.startswith("/gmail/v1/users/me/")
        for r in upstream.requests + upstream.parts
        if r.operation not in ("token", "batch")
    )


async def test_gmail_ids_without_time_do_not_hold_and_say_latest_falls_back(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail(timed_ids=False)
    fill_gmail(upstream)

    verdicts, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert verdicts["gmail.id-time"] == FAILS
    assert verdicts["gmail.id-offset"] == UNKNOWN
    (line,) = [f for f in findings if f.detail.startswith("gmail.id-time")]
    assert "5 are more than 10 s from internalDate" in line.seen
    assert "3 first listed" in line.then
    assert not any(f.failed for f in findings)  # otpmail copes: not a failure


async def test_gmail_offsets_that_spread_past_the_margin_do_not_hold(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    fill_gmail(upstream, lag=200, spread=3_000)

    verdicts, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert verdicts["gmail.id-time"] == HOLDS
    assert verdicts["gmail.id-offset"] == FAILS
    (line,) = [f for f in findings if f.detail.startswith("gmail.id-offset")]
    assert line.seen == "spread 3000 ms over 5 messages (margin 2000 ms)"
    assert "otpmail.gmail logger" in line.then


async def test_gmail_history_refused_for_a_fresh_id_does_not_hold(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail(history_floor=10**9)
    fill_gmail(upstream)

    verdicts, _ = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert verdicts["gmail.history"] == FAILS
    assert verdicts["gmail.errors"] == UNKNOWN  # a 404 for an expired id is recognised


async def test_gmail_an_empty_mailbox_cannot_tell(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()

    verdicts, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    for key in ("gmail.list", "gmail.get-raw", "gmail.id-time", "gmail.id-offset"):
        assert verdicts[key] == UNKNOWN, key
    assert verdicts["gmail.history"] == HOLDS
    (line,) = [f for f in findings if f.detail.startswith("gmail.list")]
    assert "send it one mail" in line.then
    assert upstream.count("messages.get") == 0


async def test_gmail_a_failing_get_is_a_failure_and_its_error_is_judged(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    fill_gmail(upstream)
    upstream.fail("messages.get", *[Fault(403, DAILY_LIMIT_EXCEEDED)] * 5)

    verdicts, _ = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert verdicts["gmail.get-raw"] == FAILS
    assert verdicts["gmail.errors"] == HOLDS  # quota_exhausted: the mapping knows it


async def test_gmail_an_error_the_mapping_does_not_know_does_not_hold(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    fill_gmail(upstream)
    upstream.fail("messages.get", *[Fault(403, '{"error": {"code": 403}}')] * 5)

    verdicts, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))

    assert verdicts["gmail.errors"] == FAILS
    (line,) = [f for f in findings if f.detail.startswith("gmail.errors")]
    assert "HTTP 403 (permission denied)" in line.seen


# -- Outlook -------------------------------------------------------------------------------


def attachments() -> list[GraphAttachment]:
    return [GraphAttachment("invoice.pdf", "application/pdf", 9, content=b"%PDF-1.7\n")]


async def test_outlook_every_assumption_holds_on_a_mailbox_that_behaves_as_documented(
    tmp_path: Path,
) -> None:
    upstream = FakeGraph(OUTLOOK)
    fill_graph(upstream, 30)
    upstream.messages[-1].attachments = attachments()

    verdicts, findings = await deep(outlook_reader(tmp_path, upstream))

    assert sorted(verdicts) == OUTLOOK_KEYS
    expected = dict.fromkeys(set(OUTLOOK_KEYS) - {"outlook.errors"}, HOLDS)
    assert {k: v for k, v in verdicts.items() if k != "outlook.errors"} == expected
    assert not any(f.failed for f in findings)
    (heading,) = [f for f in findings if f.level == "deep"]
    assert heading.detail == "7 assumptions, 2 Graph list requests"
    assert upstream.count("messages.list") == 1 + 2  # the plain check's, and the deep two
    # Reads of the configured mailbox only: the token POST, then GETs of its message list.
    assert {(r.method, r.operation) for r in upstream.requests} == {
        ("POST", "token"),
        ("GET", "messages.list"),
    }
    assert {urlsplit(r.url).path for r in upstream.requests if r.method == "GET"} == {
        "/v1.0/users/otp%40contoso.com/messages"
    }


async def test_outlook_a_refused_filter_does_not_hold(tmp_path: Path) -> None:
    upstream = FakeGraph(OUTLOOK)
    upstream.refuse_filter_with_orderby = True
    fill_graph(upstream)

    verdicts, findings = await deep(outlook_reader(tmp_path, upstream))

    assert verdicts["outlook.filter-orderby"] == FAILS
    assert verdicts["outlook.errors"] == UNKNOWN
    (line,) = [f for f in findings if f.detail.startswith("outlook.filter-orderby")]
    assert "InefficientFilter" in line.seen
    assert "drops the $filter" in line.then


@pytest.mark.parametrize(
    ("knob", "key"),
    [
        ("attachment_select_honoured", "outlook.attachments"),
        ("order_honoured", "outlook.order"),
        ("filter_honoured", "outlook.filter-orderby"),
    ],
)
async def test_outlook_a_behaviour_graph_does_not_document_does_not_hold(
    tmp_path: Path, knob: str, key: str
) -> None:
    upstream = FakeGraph(OUTLOOK)
    fill_graph(upstream, 6, attachments=attachments())
    upstream.deliver(to=OUTLOOK, body="older than the window", at=NOW - timedelta(days=40))
    setattr(upstream, knob, False)

    verdicts, _ = await deep(outlook_reader(tmp_path, upstream))

    assert verdicts[key] == FAILS
    assert [k for k, v in verdicts.items() if v == FAILS] == [key]


async def test_outlook_id_only_rows_without_a_time_do_not_hold(tmp_path: Path) -> None:
    upstream = FakeGraph(OUTLOOK)
    upstream.narrow_rows_drop = ("receivedDateTime",)
    fill_graph(upstream)

    verdicts, findings = await deep(outlook_reader(tmp_path, upstream))

    assert verdicts["outlook.watch"] == FAILS
    (line,) = [f for f in findings if f.detail.startswith("outlook.watch")]
    assert "not Graph's delta query" in line.detail
    assert "fields of a count read" in line.then


async def test_outlook_attachments_are_looked_for_when_the_first_page_has_none(
    tmp_path: Path,
) -> None:
    upstream = FakeGraph(OUTLOOK)
    upstream.deliver(to=OUTLOOK, at=NOW - timedelta(days=20), attachments=attachments())
    fill_graph(upstream, 30)  # newer, without attachments: the first page holds none

    verdicts, _ = await deep(outlook_reader(tmp_path, upstream))

    assert verdicts["outlook.attachments"] == HOLDS
    assert upstream.count("messages.list") == 1 + 3


async def test_outlook_an_empty_mailbox_cannot_tell(tmp_path: Path) -> None:
    upstream = FakeGraph(OUTLOOK)

    verdicts, findings = await deep(outlook_reader(tmp_path, upstream))

    for key in ("outlook.order", "outlook.attachments", "outlook.watch", "outlook.next-link"):
        assert verdicts[key] == UNKNOWN, key
    assert verdicts["outlook.filter-orderby"] == HOLDS
    assert not any(f.failed for f in findings)


# -- the report --------------------------------------------------------------------------


async def test_the_report_gives_each_verdict_its_line_and_what_otpmail_does(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail(timed_ids=False)
    fill_gmail(upstream)

    _, findings = await deep(private_gmail_reader(tmp_path, service_account_info, upstream))
    text = format_findings(findings)

    assert f"DEEP gmail {GMAIL}: 7 assumptions, 108 Gmail quota units" in text
    assert re.search(r"^  does not hold  gmail\.id-time: message ids carry", text, re.M)
    assert re.search(r"^  holds          gmail\.token: ", text, re.M)
    assert re.search(r"^  could not tell gmail\.errors: ", text, re.M)
    assert text.count("\n                 seen: ") == 7
    assert text.count("\n                 otpmail: ") == 7
    assert text.rstrip().endswith("all checks passed")


def test_the_command_line_runs_the_deep_check(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    upstream = FakeGmail()
    fill_gmail(upstream)
    config = private_gmail_reader(tmp_path, service_account_info, upstream).path
    monkeypatch.setattr(
        "otpmail._reading._reader.default_provider",
        lambda mailbox: GmailProvider(mailbox, http_factory=upstream.http_factory),
    )

    status = _cli.main(["check", "--deep", "--integrations", str(config)])

    out = capsys.readouterr().out
    assert status == 0
    assert "  holds          gmail.id-offset: " in out
    plain = _cli.main(["check", "--integrations", str(config)])
    assert plain == 0 and "DEEP" not in capsys.readouterr().out


def test_every_assumption_is_documented() -> None:
    text = (ROOT / "docs" / "live.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key in ASSUMPTIONS:
        assert f"`{key}`" in text, key
    assert "otpmail check --deep" in readme
