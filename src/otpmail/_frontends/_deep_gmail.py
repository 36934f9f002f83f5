"""The Gmail calls of ``otpmail check --deep`` (see :mod:`._deep`).

Each step is a call the provider makes when it reads, through the provider's own code (so
through the egress check, the retry policy and the error mapping): the token, one
``messages.list`` with the query shape of a read, the newest :data:`SAMPLE` bodies by
``messages.get`` (``_fetch_all``, the path every read fetches through), ``getProfile`` and
one ``history.list``. A new path is one step here and one assumption in :mod:`._deep`.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

from otpmail._core import _egress
from otpmail._core._criteria import build_criteria
from otpmail._core._errors import OtpmailError
from otpmail._frontends._deep import FAILS, HOLDS, UNKNOWN, Probe
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._gmail_errors import HistoryExpired
from otpmail._providers._gmail_http import API_ENDPOINT
from otpmail._providers._gmail_ids import (
    MARGIN_MS,
    TOLERANCE_MS,
    id_offset_ms,
    id_time_ms,
    newest_first,
)
from otpmail._providers._gmail_messages import gmail_query

LISTED = 10
"""Ids listed (one page, 5 units)."""
SAMPLE = 5
"""Bodies fetched (20 units each): the newest by id, else the first listed."""
KEYS = (
    "gmail.token",
    "gmail.list",
    "gmail.get-raw",
    "gmail.id-time",
    "gmail.id-offset",
    "gmail.history",
)


def _ms(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


async def check_gmail(provider: object, probe: Probe) -> None:
    steps = partial(_steps, provider, probe) if isinstance(provider, GmailProvider) else None
    await probe.run(KEYS, "gmail.errors", steps)


async def _steps(provider: GmailProvider, probe: Probe) -> None:
    address = provider.account
    try:
        await probe.step("token", lambda: provider._call("token request", None))
    except OtpmailError as exc:
        probe.add("gmail.token", FAILS, str(exc))
        raise
    probe.add("gmail.token", HOLDS, f"granted as {address}")

    query = gmail_query(build_criteria(address))
    try:
        page = await probe.step(
            "messages.list",
            lambda: provider._list_page(query, LISTED, None, ids_only=True),
            cost=5,
        )
    except OtpmailError as exc:
        probe.add("gmail.list", FAILS, str(exc))
        raise
    ids = _judge_list(probe, page)

    await _bodies(provider, probe, ids)
    await _history(provider, probe)


def _judge_list(probe: Probe, page: dict[str, object]) -> list[str]:
    entries = page.get("messages") or []
    if not isinstance(entries, list):
        probe.add("gmail.list", FAILS, "messages is not a list")
        return []
    ids = [str(e["id"]) for e in entries if isinstance(e, dict) and e.get("id")]
    malformed = len(entries) - len(ids)
    extra = sorted({k for e in entries if isinstance(e, dict) for k in e} - {"id"})
    refused = []
    for message_id in ids:
        try:
            _egress.check("GET", f"{API_ENDPOINT}gmail/v1/users/me/messages/{message_id}")
        except OtpmailError:
            refused.append(message_id)
    if malformed or refused:
        probe.add(
            "gmail.list",
            FAILS,
            f"{malformed} entries without an id, {len(refused)} ids that are not hex",
        )
    elif not ids:
        probe.add("gmail.list", UNKNOWN, "answered, with no ids")
    else:
        # Fields beyond the id (the mask not applied) cost bytes only: noted, not judged.
        also = f", entries also carry {extra}" if extra else ", nothing else"
        probe.add("gmail.list", HOLDS, f"{len(ids)} hex ids{also}")
    return [i for i in ids if i not in refused]


async def _bodies(provider: GmailProvider, probe: Probe, ids: list[str]) -> None:
    chosen = (newest_first(ids) or ids)[:SAMPLE]
    if not chosen:
        probe.untold(("gmail.get-raw", "gmail.id-time", "gmail.id-offset"), "no message listed")
        return
    emails, failures, gone = await probe.step(
        "messages.get", lambda: provider._fetch_all(chosen), cost=20 * len(chosen)
    )
    probe.errors.extend(failures)
    own = len(chosen) - len(emails) - len(failures) - gone
    if failures:
        probe.add(
            "gmail.get-raw", FAILS, f"{len(failures)} of {len(chosen)}: {failures[0].message}"
        )
    elif not emails:
        probe.add("gmail.get-raw", UNKNOWN, f"of {len(chosen)}, {own} own mail, {gone} deleted")
    else:
        probe.add("gmail.get-raw", HOLDS, f"{len(emails)} fetched and decoded")
    pairs = [(e.id, _ms(e.received_at)) for e in emails]
    _judge_ids(probe, pairs)


def _judge_ids(probe: Probe, pairs: list[tuple[str, int]]) -> None:
    if not pairs:
        probe.untold(("gmail.id-time", "gmail.id-offset"), "no message fetched")
        return
    offsets = [o for i, t in pairs if (o := id_offset_ms(i, t)) is not None]
    untimed = sum(id_time_ms(i) is None for i, _ in pairs)
    far = len(pairs) - len(offsets) - untimed
    if len(offsets) == len(pairs):
        probe.add(
            "gmail.id-time",
            HOLDS,
            f"{len(pairs)} of {len(pairs)} within {TOLERANCE_MS // 1000} s of internalDate "
            f"(offsets {min(offsets)} to {max(offsets)} ms)",
        )
    else:
        probe.add(
            "gmail.id-time",
            FAILS,
            f"of {len(pairs)}, {untimed} ids carry no time and {far} are more than "
            f"{TOLERANCE_MS // 1000} s from internalDate",
        )
    if len(offsets) < 2:
        probe.add(
            "gmail.id-offset",
            UNKNOWN,
            f"{len(offsets)} message(s) whose id carries its time; two are needed",
        )
        return
    spread = max(offsets) - min(offsets)
    outcome = HOLDS if spread <= MARGIN_MS else FAILS
    probe.add(
        "gmail.id-offset",
        outcome,
        f"spread {spread} ms over {len(offsets)} messages (margin {MARGIN_MS} ms)",
    )


async def _history(provider: GmailProvider, probe: Probe) -> None:
    try:
        start = await probe.step("getProfile", provider._history_id, cost=1)
        _, latest = await probe.step("history.list", lambda: provider._added_since(start), cost=2)
    except HistoryExpired as exc:
        probe.errors.remove(exc)  # recognised: the mapping names it
        probe.add("gmail.history", FAILS, f"a fresh history id was refused: {exc.message}")
        return
    except OtpmailError as exc:
        probe.add("gmail.history", FAILS, exc.message)
        return
    probe.add("gmail.history", HOLDS, f"history.list answered from {start} to {latest}")
