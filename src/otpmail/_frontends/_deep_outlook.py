"""The Microsoft Graph calls of ``otpmail check --deep`` (see :mod:`._deep`).

Each step is a request the provider makes when it reads, sent through
:class:`~otpmail._providers._outlook_probe.OutlookProbe`: a content read of the last
:data:`WINDOW` with the query a ``read`` sends (``$filter``, ``$orderby``, ``$select``,
``$expand`` of the attachments' metadata), if that shows no attachment one more list of
messages that have one, and the id-only list a wait polls. At most four list requests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from otpmail._core._criteria import Criteria, build_criteria
from otpmail._core._errors import OtpmailError
from otpmail._frontends._deep import FAILS, HOLDS, UNKNOWN, Probe
from otpmail._providers._graph_messages import (
    ATTACHMENT_FIELDS,
    CONTENT_EXPAND,
    ORDER_NEWEST_FIRST,
    ListQuery,
    Page,
    check_next_link,
    list_query,
    messages_filter,
)
from otpmail._providers._outlook import WATCH_FIELDS, OutlookProvider, QueryShapeRefused
from otpmail._providers._outlook_probe import OutlookProbe

WINDOW = "30d"
"""How far back the deep check reads (one page of at most 25 rows)."""
KEYS = (
    "outlook.token",
    "outlook.filter-orderby",
    "outlook.order",
    "outlook.attachments",
    "outlook.watch",
    "outlook.next-link",
)
# What an expanded attachment may carry under the nested $select: the selected properties
# plus the annotations and key Graph adds (tests/test_outlook_cassettes.py has the sources).
_ATTACHMENT_KEYS = frozenset({"@odata.type", "@odata.mediaContentType", "id", *ATTACHMENT_FIELDS})


async def check_outlook(provider: object, probe: Probe) -> None:
    outlook = OutlookProbe(provider) if isinstance(provider, OutlookProvider) else None
    steps = partial(_steps, outlook, probe) if outlook is not None else None
    await probe.run(KEYS, "outlook.errors", steps)


async def _list(outlook: OutlookProbe, probe: Probe, query: ListQuery, what: str) -> Page:
    return await probe.step(what, lambda: outlook.list_page(query), cost=1)


async def _steps(outlook: OutlookProbe, probe: Probe) -> None:
    try:
        await probe.step("token", outlook.token)
    except OtpmailError as exc:
        probe.add("outlook.token", FAILS, str(exc))
        raise
    probe.add("outlook.token", HOLDS, f"granted for {outlook.account}")

    criteria = build_criteria(outlook.account, after=WINDOW)
    query = list_query(criteria)
    filtered = True
    try:
        page = await _list(outlook, probe, query, "messages.list")
    except QueryShapeRefused as exc:
        probe.errors.remove(exc)  # recognised: the provider falls back on it
        probe.add("outlook.filter-orderby", FAILS, f"refused: {exc.message}")
        filtered = False
        query = replace(query, filter=None)
        page = await _list(outlook, probe, query, "messages.list")
    if filtered:
        _judge_filter(probe, page, criteria)
    dated = page.rows - page.undated
    if dated < 2:
        probe.add("outlook.order", UNKNOWN, f"{dated} row(s) in the last {WINDOW}")
    elif page.newest_first:
        probe.add("outlook.order", HOLDS, f"{dated} rows, newest first")
    else:
        probe.add("outlook.order", FAILS, f"{dated} rows, not in receivedDateTime order")
    await _attachments(outlook, probe, page, criteria if filtered else None)
    await _watch(outlook, probe, criteria if filtered else None)
    _judge_next_link(outlook, probe, page)


def _judge_filter(probe: Probe, page: Page, criteria: Criteria) -> None:
    assert criteria.cutoff is not None
    floor = criteria.cutoff.replace(microsecond=0)
    if page.oldest is not None and page.oldest < floor:
        probe.add(
            "outlook.filter-orderby",
            FAILS,
            f"accepted, but a row from {page.oldest.isoformat()} is before the cutoff "
            f"{floor.isoformat()}",
        )
    else:
        probe.add(
            "outlook.filter-orderby", HOLDS, f"accepted; {page.rows} rows, none before the cutoff"
        )


def _attachment_items(page: Page) -> list[Mapping[str, Any]]:
    return [
        item
        for row in page.items.values()
        if isinstance(row.get("attachments"), list)
        for item in row["attachments"]
        if isinstance(item, Mapping)
    ]


def _judge_attachments(probe: Probe, page: Page) -> bool:
    """The verdict if ``page`` shows attachments; False if it shows none."""
    items = _attachment_items(page)
    if page.attachment_content:
        carrying = sum("contentBytes" in item for item in items)
        probe.add("outlook.attachments", FAILS, f"{carrying} of {len(items)} carried contentBytes")
        return True
    if not items:
        return False
    extra = sorted({k for item in items for k in item} - _ATTACHMENT_KEYS)
    note = f"; also {extra}" if extra else ""
    probe.add("outlook.attachments", HOLDS, f"{len(items)} attachment(s), metadata only{note}")
    return True


async def _attachments(
    outlook: OutlookProbe, probe: Probe, page: Page, criteria: Criteria | None
) -> None:
    if _judge_attachments(probe, page):
        return
    if criteria is None:
        probe.add(
            "outlook.attachments", UNKNOWN, "none on the first page, and no $filter to find one"
        )
        return
    # Messages with a file attachment, newest first (the ordered property comes first in
    # the filter, as Graph's rules demand), with the same expansion a read sends.
    query = ListQuery(
        f"{messages_filter(criteria)} and hasAttachments eq true",
        ORDER_NEWEST_FIRST,
        ("id", "receivedDateTime"),
        3,
        CONTENT_EXPAND,
    )
    try:
        found = await _list(outlook, probe, query, "messages.list with attachments")
    except OtpmailError as exc:
        probe.add("outlook.attachments", UNKNOWN, f"the search for one failed: {exc.message}")
        return
    if not _judge_attachments(probe, found):
        probe.add("outlook.attachments", UNKNOWN, f"no attachment in the last {WINDOW}")


async def _watch(outlook: OutlookProbe, probe: Probe, criteria: Criteria | None) -> None:
    query = ListQuery(
        messages_filter(criteria) if criteria is not None else None,
        ORDER_NEWEST_FIRST,
        WATCH_FIELDS,
        5,
    )
    try:
        page = await _list(outlook, probe, query, "id-only messages.list")
    except OtpmailError as exc:
        probe.add("outlook.watch", FAILS, exc.message)
        return
    if not page.rows:
        probe.add("outlook.watch", UNKNOWN, f"no row in the last {WINDOW}")
    elif page.undated:
        probe.add(
            "outlook.watch",
            FAILS,
            f"{page.undated} of {page.rows} rows carry no usable id and receivedDateTime",
        )
    else:
        probe.add("outlook.watch", HOLDS, f"{page.rows} rows, each with id and receivedDateTime")


def _judge_next_link(outlook: OutlookProbe, probe: Probe, page: Page) -> None:
    if page.next_link is None:
        probe.add("outlook.next-link", UNKNOWN, "one page")
        return
    try:
        check_next_link(page.next_link, outlook.list_url())
    except OtpmailError as exc:
        probe.add("outlook.next-link", FAILS, exc.message)
        return
    probe.add("outlook.next-link", HOLDS, "the same list on graph.microsoft.com")
