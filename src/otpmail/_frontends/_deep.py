"""``otpmail check --deep``: what otpmail assumes about each provider, checked live.

Some of what otpmail relies on is not documented by Google or Microsoft (Gmail ids carrying
their creation time; Graph honouring a ``$select`` nested in ``$expand``), and some is
documented but never seen from here. For each mailbox that passed the plain check, the deep
check makes a few more read-only calls, the ones otpmail makes itself, and prints one line
per assumption: it **holds**, it **does not hold**, or the check **could not tell** (an empty
mailbox, say), each with what otpmail does in that case. Every assumption that can fail is
also noticed at run time, where otpmail falls back by itself: the ``then`` texts below say
how and where it shows.

Bounded: a Gmail mailbox costs at most ``5 + 20 x 5 + 1 + 2 = 108`` quota units (one list,
five gets, getProfile, one history page); an Outlook mailbox at most five requests. Each
call has the check's deadline. Nothing is written and nothing outside the configured
mailbox is read: error answers are recognised when they happen, never provoked.

The provider-specific calls are in :mod:`._deep_gmail` and :mod:`._deep_outlook`; adding a
check is one :class:`Assumption` here and one step there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from otpmail._core._config import Mailbox
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import within

T = TypeVar("T")

HOLDS = "holds"
FAILS = "does not hold"
UNKNOWN = "could not tell"
OUTCOMES = (HOLDS, FAILS, UNKNOWN)
DEEP_LEVELS = frozenset(OUTCOMES)
"""The report levels of verdict lines (they never fail the check: otpmail copes)."""


@dataclass(frozen=True)
class Assumption:
    """One thing otpmail relies on, and what it does in each case."""

    key: str
    statement: str
    holds: str
    fails: str
    unknown: str

    def then(self, outcome: str) -> str:
        return {HOLDS: self.holds, FAILS: self.fails, UNKNOWN: self.unknown}[outcome]


_PROBE = "`latest` fetches the 3 first listed ids and keeps the newest by internalDate (65 units)"
_ERRORS_UNKNOWN = (
    "no error answer was seen, and the check provokes none (it reads only the configured "
    "mailbox); the live test job's wrong-delegation mailbox checks them (docs/live.md)"
)
_ERRORS_FAILS = (
    "an answer the mapping does not recognise is reported by HTTP status alone "
    "(request_failed or permission_denied), never with the service's text; please report it"
)

ASSUMPTIONS: dict[str, Assumption] = {
    a.key: a
    for a in (
        # -- Gmail -------------------------------------------------------------------------
        Assumption(
            "gmail.token",
            "a gmail.readonly token for the mailbox (service account, domain-wide delegation)",
            "every call starts with it, cached until it expires",
            "every call fails with the error shown; nothing else could be checked",
            "nothing else could be checked",
        ),
        Assumption(
            "gmail.list",
            "messages.list answers otpmail's query (to:ADDRESS in:anywhere, includeSpamTrash, "
            "fields=messages/id,nextPageToken) with ids otpmail can fetch (hex)",
            "lists cost 5 units a page; otpmail reads only the ids",
            "an id that is not hex is refused by the egress check (messages.get allows hex "
            "ids only), and a read that needs it fails with egress_refused: please report it",
            "nothing is addressed to the mailbox yet: send it one mail and run again",
        ),
        Assumption(
            "gmail.get-raw",
            "messages.get format=raw answers id, labelIds, internalDate and the whole "
            "message, which decodes",
            "each body is fetched once (20 units) and cached",
            "reads of such a message fail with the error shown (a search that still has "
            "other matches answers with them)",
            "no message was fetched",
        ),
        Assumption(
            "gmail.id-time",
            "message ids carry their creation time (id >> 20 = epoch ms, within 10 s of "
            "internalDate)",
            "`latest` fetches the newest id alone (5 + 20 units), and checks this again on "
            "every call",
            "each `latest` call sees it in the message it fetches and falls back: " + _PROBE,
            "each `latest` call checks it in the message it fetches; where it does not hold: "
            + _PROBE,
        ),
        Assumption(
            "gmail.id-offset",
            "the mailbox keeps one offset between id time and internalDate (spread within 2 s)",
            "`latest` leaves unfetched the ids older than the newest by more than 2 s",
            "the provider learns the spread from every message it fetches; once two offsets "
            "differ by more than 2 s it stops ordering by id for this mailbox (one warning on "
            "the otpmail.gmail logger) and " + _PROBE + "; until it has fetched two such "
            "messages, a `latest` may answer a mail delivered up to the spread before the "
            "newest",
            "the provider learns the spread from every message it fetches, and past 2 s "
            "falls back (one warning on the otpmail.gmail logger): " + _PROBE,
        ),
        Assumption(
            "gmail.history",
            "getProfile answers a historyId, and history.list from it answers a historyId "
            "(the change feed a wait polls)",
            "an idle wait costs one history.list a poll (2 units)",
            "a 404 (history id expired) makes the wait search by time (after:) instead; an "
            "answer without a historyId fails the wait with bad_response",
            "waits fail where this does not hold",
        ),
        Assumption(
            "gmail.errors",
            "Gmail's error answers are ones otpmail's error mapping recognises",
            "each becomes its documented code, with the fix `otpmail check` prints",
            _ERRORS_FAILS,
            _ERRORS_UNKNOWN,
        ),
        # -- A mailbox read with its owner's grant (auth: user), either provider ------------
        Assumption(
            "owner.grant",
            "the owner's grant (auth: user) refreshes, grants read access only, and its "
            "token reads the entry's address",
            "every read refreshes it once per token life, asking for the read scope alone",
            "a broader grant still works, and otpmail still asks only for read access: remove "
            "the app's access in the account and run otpmail login again to narrow it; a "
            "token of another account fails the check: sign in again as the entry's address",
            "not checked: an earlier step failed",
        ),
        # -- Outlook (Microsoft Graph) -------------------------------------------------------
        Assumption(
            "outlook.token",
            "an app-only token for graph.microsoft.com (client secret or certificate)",
            "every call starts with it, cached until it expires",
            "every call fails with the error shown; nothing else could be checked",
            "nothing else could be checked",
        ),
        Assumption(
            "outlook.filter-orderby",
            "Graph accepts $filter=receivedDateTime ge ... with $orderby=receivedDateTime desc "
            "and lists no row before the cutoff",
            "Graph narrows the look-back and otpmail's matcher checks it again, to the second",
            "on a refusal (InefficientFilter, ErrorInvalidUrlQueryFilter) the provider drops "
            "the $filter for this mailbox, reads newest first down to the cutoff and lets the "
            "matcher apply it (one warning on the otpmail.outlook logger); rows before the "
            "cutoff are dropped by the matcher",
            "the provider notices a refusal on any call and falls back as above",
        ),
        Assumption(
            "outlook.order",
            "rows come newest first ($orderby=receivedDateTime desc)",
            "a content read stops at the first page that satisfies it",
            "the provider notices a page out of order and reads up to 4 pages before it "
            "answers (one warning on the otpmail.outlook logger)",
            "the provider checks every page it reads and falls back as above",
        ),
        Assumption(
            "outlook.attachments",
            "$expand=attachments($select=name,contentType,size,isInline) answers the "
            "attachments' metadata only, no contentBytes",
            "attachments are listed in the same request, without their content",
            "the content is never read; the provider warns once (otpmail.outlook logger) and "
            "from then on reads a page refused as too large again without the attachment "
            "list",
            "no message with an attachment in the last 30 days: send the mailbox one with a "
            "small attachment and run again; the provider checks every page it reads",
        ),
        Assumption(
            "outlook.watch",
            "the change feed a wait polls (an id-only list: $select=id,receivedDateTime "
            "bounded by $filter=receivedDateTime ge ...; not Graph's delta query, which is per "
            "folder) answers rows carrying both",
            "an idle poll is one request of ids and times",
            "the provider notices rows it cannot place in time and polls with the fields of "
            "a count read instead (one warning on the otpmail.outlook logger)",
            "nothing arrived in the last 30 days; the provider checks every poll and falls "
            "back as above",
        ),
        Assumption(
            "outlook.next-link",
            "an @odata.nextLink pages the same list on graph.microsoft.com",
            "reads follow it (at most 4 pages for content)",
            "a nextLink to another host or list is refused before it is sent (egress_refused)",
            "the list fitted one page",
        ),
        Assumption(
            "outlook.errors",
            "Graph's and Entra's error answers are ones otpmail's error mapping recognises",
            "each becomes its documented code, with the fix `otpmail check` prints",
            _ERRORS_FAILS,
            _ERRORS_UNKNOWN,
        ),
    )
}


@dataclass(frozen=True)
class Verdict:
    """What the check found for one assumption, with its evidence."""

    key: str
    outcome: str
    evidence: str

    def __post_init__(self) -> None:
        if self.key not in ASSUMPTIONS or self.outcome not in OUTCOMES:
            raise ValueError(f"unknown assumption or outcome: {self.key!r}, {self.outcome!r}")

    @property
    def assumption(self) -> Assumption:
        return ASSUMPTIONS[self.key]

    @property
    def then(self) -> str:
        return self.assumption.then(self.outcome)


# Answers the mapping falls back to when it recognises nothing more specific.
_GENERIC = frozenset({"request_failed", "bad_response"})


def recognised(error: OtpmailError) -> bool:
    """Whether the error mapping told what ``error`` was, beyond its HTTP status."""
    return error.code not in _GENERIC and not error.message.endswith("(permission denied)")


@dataclass
class Probe:
    """The calls of one mailbox's deep check: each step under the check's deadline, the
    verdicts, the error answers seen and what the calls cost."""

    seconds: float
    verdicts: list[Verdict] = field(default_factory=list)
    errors: list[OtpmailError] = field(default_factory=list)
    cost: int = 0
    """Gmail quota units or Graph requests, by the calls made."""
    stopped: OtpmailError | None = None
    """The failure that ended the check early: a path every read takes is broken."""

    async def step(self, what: str, work: Callable[[], Awaitable[T]], cost: int = 0) -> T:
        """Run one call; a failure is kept for the errors verdict and raised."""
        self.cost += cost
        try:
            return await within(self.seconds, f"check --deep ({what})", work)
        except OtpmailError as exc:
            self.errors.append(exc)
            raise

    def add(self, key: str, outcome: str, evidence: str) -> None:
        self.verdicts.append(Verdict(key, outcome, evidence))

    def untold(self, keys: Iterable[str], why: str) -> None:
        for key in keys:
            if key not in {v.key for v in self.verdicts}:
                self.add(key, UNKNOWN, why)

    async def run(
        self,
        keys: Iterable[str],
        errors: str,
        steps: Callable[[], Awaitable[None]] | None,
    ) -> None:
        """Run a provider's ``steps`` (``None``: not otpmail's provider, nothing to run);
        a failure stops them, and every assumption not judged by then is untold."""
        if steps is None:
            self.untold(keys, "not otpmail's provider for this mailbox")
        else:
            try:
                await steps()
            except OtpmailError as exc:
                self.stopped = exc
                self.untold(keys, f"an earlier step failed ({exc.code})")
        self.judge_errors(errors)

    def judge_errors(self, key: str) -> None:
        """The errors verdict, from the error answers the other steps met."""
        if not self.errors:
            self.add(key, UNKNOWN, "no error answer seen")
            return
        strange = [e for e in self.errors if not recognised(e)]
        if strange:
            self.add(key, FAILS, f"not recognised: {strange[0].message}")
        else:
            codes = ", ".join(sorted({e.code for e in self.errors}))
            self.add(key, HOLDS, f"recognised: {codes}")


async def check_owner(provider: object, probe: Probe) -> None:
    """The owner's grant of an ``auth: user`` mailbox: its source, the scopes granted, a
    refresh, whose mailbox the token reads. A token of another account stops the check."""
    report_of = getattr(provider, "owner_report", None)
    if report_of is None:
        return
    try:
        report = await probe.step("owner grant", report_of, cost=1)
    except OtpmailError as exc:
        probe.add("owner.grant", FAILS, str(exc))
        probe.stopped = exc
        return
    if report is None:
        return
    scopes = " ".join(report.scopes) or "not named by the provider"
    seen = f"grant from {report.where}; a refresh worked; granted: {scopes}; token of {report.account or 'an unnamed account'}"
    address = getattr(provider, "account", "")
    if report.account and report.account != address:
        probe.add("owner.grant", FAILS, seen)
        probe.stopped = OtpmailError(
            "config_invalid",
            f"the grant reads {report.account}, not {address}: otpmail login {address}",
        )
    elif report.broader:
        probe.add(
            "owner.grant", FAILS, f"{seen}; broader than read-only: {' '.join(report.broader)}"
        )
    else:
        probe.add("owner.grant", HOLDS, seen)


async def deep_check(provider: object, mailbox: Mailbox, seconds: float) -> tuple[str, Probe]:
    """The deep check of one mailbox whose plain check passed: a heading and the probe."""
    probe = Probe(seconds)
    if getattr(mailbox, "owner", None) is not None:
        await check_owner(provider, probe)
        if probe.stopped is not None:
            return "the owner's grant", probe
    if mailbox.provider == "gmail":
        from otpmail._frontends._deep_gmail import check_gmail

        await check_gmail(provider, probe)
        return f"{len(probe.verdicts)} assumptions, {probe.cost} Gmail quota units", probe
    if mailbox.provider == "outlook":
        from otpmail._frontends._deep_outlook import check_outlook

        await check_outlook(provider, probe)
        return f"{len(probe.verdicts)} assumptions, {probe.cost} Graph list requests", probe
    return "nothing to check: a Maildir is read from the file system, with no service", probe
