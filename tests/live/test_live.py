"""The live test job: the contract rows that can be checked read-only against real mailboxes.

Skipped without live credentials; required once they are given (see ``live_gate`` and
docs/live.md): a variable the job asked for but did not pass fails the run. Everything here
is a read: counts, the default read, ``latest``, look-backs and filters on the mail already
in the mailbox, ``otpmail check --deep``, and (with ``OTPMAIL_LIVE_DENIED_INTEGRATIONS``) the
error a mailbox outside the delegation answers. Nothing is sent, so nothing here can expect
a particular mail: each row compares otpmail with itself (a filter narrows, ``latest`` is the
first of the default read, a shorter look-back is a subset of a longer one).

Run it with ``OTPMAIL_LIVE=1 OTPMAIL_LIVE_INTEGRATIONS=ci/live.yaml .venv/bin/python -m
pytest -q tests/live``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from live_gate import Gate, gate

from otpmail import Reader
from otpmail._frontends._check import format_findings, run_check

pytestmark = pytest.mark.enable_socket

WINDOW = "7d"
# A failure that says the credentials cannot read the mailbox, by design of the test.
DENIED_CODES = frozenset({"delegation_denied", "permission_denied", "mailbox_not_found"})


# The offline suite's guards (tests/conftest.py) clear OTPMAIL_* and other SDK variables and
# fail any network attempt; the live job needs both, so this module overrides them.
@pytest.fixture(autouse=True)
def _clean_environment() -> None:
    return None


@pytest.fixture(autouse=True)
def _network_attempts_fail_the_test() -> Iterator[list[str]]:
    yield []


@pytest.fixture(scope="module")
def live() -> Gate:
    decided = gate(os.environ)
    if decided.outcome == "skip":
        pytest.skip(decided.reason)
    if decided.outcome == "fail":
        pytest.fail(decided.reason, pytrace=False)
    return decided


@pytest.fixture
async def reader(live: Gate) -> Any:
    async with Reader(live.integrations) as opened:
        yield opened


def _ok(envelope: dict[str, Any], what: str) -> dict[str, Any]:
    assert envelope["status"] == "ok", f"{what}: {envelope}"
    return envelope["data"]


async def _emails(reader: Reader, to: str, **kwargs: Any) -> list[dict[str, Any]]:
    envelope = await reader.read_emails(to, **kwargs)
    if envelope["status"] == "error" and envelope["error"].startswith("NO_EMAILS_FOUND:"):
        return []
    emails: list[dict[str, Any]] = _ok(envelope, f"read {to} {kwargs}")["emails"]
    return emails


async def test_the_integrations_file_passes_the_deep_check(reader: Reader) -> None:
    findings = await run_check(reader, deep=True)
    report = format_findings(findings)
    print(report)  # the verdicts, in the job's log
    assert not any(f.failed for f in findings), report


def _at(email: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(email["received_at"])


async def test_each_mailbox_answers_the_contract_rows(reader: Reader) -> None:
    # A live test mailbox may receive mail while this runs (another job's sign-up): each
    # comparison allows for mail newer than what an earlier call saw, never for less.
    for mailbox in reader.config().mailboxes:
        to = mailbox.address
        emails = await _emails(reader, to, after=WINDOW)
        assert len(emails) <= 10
        stamps = [_at(e) for e in emails]
        assert stamps == sorted(stamps, reverse=True), "newest first"
        cutoff = datetime.now(UTC) - timedelta(days=7, minutes=1)
        assert all(s >= cutoff for s in stamps), "within the look-back"
        assert len({e["id"] for e in emails}) == len(emails)
        count = _ok(await reader.read_emails(to, after=WINDOW, count=True), "count")["count"]
        # Gmail counts what its search matched, which is looser than the exact rules; Graph
        # counts exactly. Either way no fewer than a read returned before.
        assert isinstance(count, int) and count >= len(emails)
        if not emails:
            continue  # an empty mailbox: nothing more can be compared
        newest = emails[0]
        (latest,) = await _emails(reader, to, after=WINDOW, latest=True)
        assert _at(latest) > _at(newest) or latest["id"] == newest["id"], "latest is the newest"
        seen = {e["id"] for e in emails}
        recent = await _emails(reader, to, after="1h")
        assert all(e["id"] in seen for e in recent if _at(e) <= _at(newest)), "a subset"
        same_subject = await _emails(reader, to, subject=newest["subject"], after=WINDOW)
        assert newest["id"] in {e["id"] for e in same_subject} or len(same_subject) == 10
        assert all(newest["subject"].lower() in e["subject"].lower() for e in same_subject)


async def test_a_mailbox_outside_the_delegation_is_refused_with_its_code(live: Gate) -> None:
    if live.denied is None:
        pytest.skip("set OTPMAIL_LIVE_DENIED_INTEGRATIONS to check the refusal (docs/live.md)")
    async with Reader(live.denied) as denied:
        for mailbox in denied.config().mailboxes:
            envelope = await denied.read_emails(mailbox.address, count=True)
            assert envelope["status"] == "error", envelope
            assert envelope["error"].startswith("API_ERROR:"), envelope
            assert envelope["code"] in DENIED_CODES | {"auth_failed"}, envelope
