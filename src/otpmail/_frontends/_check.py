"""``otpmail check``: is the integrations file usable? One live read-only call per mailbox.

Each problem is reported with what to do about it. The live call is a count of the mail
delivered to the mailbox in the last second: for Gmail one ``messages.list`` (5 quota
units) after the token request, which proves the key, the delegation and the scope; for
Graph one list request after the token request; for a Maildir a directory listing.

With ``deep``, each mailbox that passed is then checked against what otpmail assumes of its
provider (:mod:`._deep`): a few more read-only calls, one line per assumption.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox, SecretRef
from otpmail._core._criteria import build_criteria
from otpmail._core._errors import CODES, OtpmailError
from otpmail._core._perms import mark_reported, names_a_credential, readable_by_others
from otpmail._core._retry import within
from otpmail._frontends._deep import DEEP_LEVELS, deep_check
from otpmail._reading._reader import Reader

# Fixes more specific than the code table's one-liners, by provider and code.
_FIXES: dict[tuple[str, str], str] = {
    ("gmail", "delegation_denied"): (
        "In the Google Admin console (Security > Access and data control > API controls > "
        "Domain-wide delegation) add the service account's client ID with exactly the scope "
        "https://www.googleapis.com/auth/gmail.readonly; changes can take a while to apply."
    ),
    ("gmail", "api_disabled"): (
        "In the Google Cloud console, open the project of the service account "
        "(APIs & Services > Library), enable the Gmail API, and wait a few minutes."
    ),
    ("gmail", "mailbox_not_found"): "The address must be an existing user of the Workspace domain.",
    (
        "gmail",
        "auth_failed",
    ): "Create a new key for the service account and point service_account_file at it.",
    ("outlook", "delegation_denied"): (
        "Grant the app the Microsoft Graph application permission Mail.Read and give admin consent."
    ),
    ("outlook", "permission_denied"): (
        "An application access policy or RBAC scope excludes this mailbox: add it to the app's scope."
    ),
    (
        "outlook",
        "auth_failed",
    ): "Check tenant_id and client_id, and renew the client secret or certificate.",
    (
        "outlook",
        "mailbox_not_found",
    ): "The address must be a licensed Exchange Online mailbox in the tenant.",
}


@dataclass(frozen=True)
class Finding:
    """One line of the report: ``ok``, ``warn`` (does not fail the check) or ``fail``; with
    ``--deep`` also ``deep`` (a mailbox's heading) and one of the verdicts of
    :data:`otpmail._frontends._deep.OUTCOMES`, with what was ``seen`` and ``then`` what
    otpmail does."""

    level: str
    subject: str
    detail: str
    fix: str = ""
    seen: str = ""
    then: str = ""

    @property
    def failed(self) -> bool:
        return self.level == "fail"


def _secret_files(mailbox: Mailbox) -> list[SecretRef]:
    refs: list[SecretRef | None] = []
    if isinstance(mailbox, GmailMailbox):
        refs.append(mailbox.key)
    if isinstance(mailbox, OutlookMailbox):
        refs.extend([mailbox.client_secret, mailbox.certificate])
    return [r for r in refs if r is not None and r.file is not None]


def permission_findings(reader: Reader) -> list[Finding]:
    """Warn when a key file, or an integrations file that names a credential, is readable
    by group or others. A file of Maildir mailboxes only holds no secret and is not reported.

    The check reports each such file once, here, with the fix: the ``otpmail`` logger's own
    warning about it is spent (:func:`otpmail._core._perms.mark_reported`).
    """
    findings = []
    mailboxes = reader.config().mailboxes
    paths = [reader.path] if names_a_credential(mailboxes) else []
    paths += [ref.file for m in mailboxes for ref in _secret_files(m) if ref.file]
    for path in paths:
        mark_reported(path)
        if readable_by_others(path):
            findings.append(
                Finding("warn", str(path), "is readable by other users", f"chmod 600 {path}")
            )
    return findings


async def run_check(
    reader: Reader, *, deadline: float | None = None, deep: bool = False
) -> list[Finding]:
    """Every finding for the file behind ``reader``.

    Each mailbox's live call may take ``deadline`` seconds (``otpmail check --deadline``),
    else the file's ``email.deadline_seconds``, as a ``read_emails`` call would; with
    ``deep``, so may each call of its deep check.
    """
    # The check reports readable files itself, with the fix: the logger need not again.
    mark_reported(reader.path)
    try:
        config = reader.config()
    except OtpmailError as exc:
        # The message names the file already ("<file>: email.mailboxes[0]: ...").
        subject = "" if str(reader.path) in exc.message else str(reader.path)
        return [Finding("fail", subject, exc.message, CODES[exc.code].remedy)]
    findings = [Finding("ok", str(config.path), f"valid, {len(config.mailboxes)} mailbox(es)")]
    findings.extend(permission_findings(reader))
    seconds = config.deadline_for(deadline)
    for mailbox in config.mailboxes:
        subject = f"{mailbox.provider} {mailbox.address}"
        started = time.monotonic()
        try:
            provider = reader.provider_for(mailbox)
            criteria = build_criteria(mailbox.address, after="1s")
            # The clock started with the mailbox: building its client counts too.
            left = seconds - (time.monotonic() - started)
            what = f"check ({mailbox.provider})"
            await within(left, what, partial(provider.count, criteria), shown=seconds)
        except OtpmailError as exc:
            fix = _FIXES.get((mailbox.provider, exc.code), CODES[exc.code].remedy)
            findings.append(Finding("fail", subject, str(exc), fix))
            continue
        except Exception as exc:  # a bug with one mailbox must not hide the others' results
            # Only the type: the text of an unexpected exception could hold anything.
            detail = f"unexpected failure ({type(exc).__name__})"
            findings.append(Finding("fail", subject, detail, "A bug: please report it."))
            continue
        findings.append(Finding("ok", subject, "read access works (one read-only call)"))
        if deep:
            findings.extend(await _deep_findings(provider, mailbox, subject, seconds))
    return findings


async def _deep_findings(
    provider: object, mailbox: Mailbox, subject: str, seconds: float
) -> list[Finding]:
    try:
        heading, probe = await deep_check(provider, mailbox, seconds)
    except Exception as exc:  # as above: a bug must not hide the other mailboxes
        detail = f"deep check: unexpected failure ({type(exc).__name__})"
        return [Finding("fail", subject, detail, "A bug: please report it.")]
    found = [Finding("deep", subject, heading)]
    found.extend(
        Finding(
            v.outcome,
            subject,
            f"{v.key}: {v.assumption.statement}",
            seen=v.evidence,
            then=v.then,
        )
        for v in probe.verdicts
    )
    if probe.stopped is not None:
        error = probe.stopped
        fix = _FIXES.get((mailbox.provider, error.code), CODES[error.code].remedy)
        found.append(Finding("fail", subject, f"deep check: {error}", fix))
    return found


def format_findings(findings: list[Finding]) -> str:
    """The human report printed by ``otpmail check``."""
    lines = []
    for finding in findings:
        if finding.level in DEEP_LEVELS:
            # Under the mailbox's DEEP heading: the verdict, then what otpmail does.
            lines.append(f"  {finding.level:<14} {finding.detail}")
            lines.append(f"  {'':<14} seen: {finding.seen}")
            lines.append(f"  {'':<14} otpmail: {finding.then}")
            continue
        subject = f"{finding.subject}: " if finding.subject else ""
        lines.append(f"{finding.level.upper():<4} {subject}{finding.detail}")
        if finding.fix:
            lines.append(f"     fix: {finding.fix}")
    problems = sum(f.failed for f in findings)
    lines.append("all checks passed" if not problems else f"{problems} problem(s) found")
    return "\n".join(lines)
