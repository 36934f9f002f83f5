"""``otpmail login NAME``: sign in as the owner of a mailbox (``auth: user``) and store
the grant: in the OS keyring (default), in a 0600 file (``--grant-file`` or the entry's
``grant_file``), or printed for a CI secret (``--export``; the entry then names the
variable with ``grant_env``). Everything but the exported grant goes to stderr, so
``otpmail login NAME --export`` can be piped into a secret store.

Where the grant will go is checked before the browser opens: without an OS keyring
(a headless Linux box, a container) the command says so and offers the two other places,
and never falls back to a file on its own.
"""

from __future__ import annotations

import argparse
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path

from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox, load, not_configured
from otpmail._core._errors import OtpmailError
from otpmail._signin._store import FileStore, GrantStore, KeyringStore, store_for


def _say(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def open_in_browser(url: str) -> bool:
    """Open ``url`` in the user's browser, if this machine has one."""
    try:
        return bool(webbrowser.get().open(url, new=1))
    except webbrowser.Error:
        return False


def find_mailbox(mailboxes: tuple[Mailbox, ...], name: str) -> Mailbox:
    wanted = name.strip().lower()
    for mailbox in mailboxes:
        if mailbox.address == wanted:
            return mailbox
    known = ", ".join(m.address for m in mailboxes)
    raise not_configured(f"no mailbox {name!r} in the integrations file (it has: {known})")


def _store(mailbox: GmailMailbox | OutlookMailbox, args: argparse.Namespace) -> GrantStore | None:
    """Where the grant goes (``None``: printed). Checked before anyone signs in."""
    owner = mailbox.owner
    assert owner is not None
    if args.export:
        return None
    if args.grant_file:
        return FileStore(Path(args.grant_file).expanduser().absolute(), mailbox.address)
    if owner.grant_env is not None:
        raise not_configured(
            f"{mailbox.source} reads its grant from a variable (grant_env): run otpmail login "
            f"{mailbox.address} --export and store the output in that variable",
            "config_invalid",
        )
    store = store_for(owner, mailbox.address)
    if isinstance(store, KeyringStore):
        store.check_usable()
    return store


def sign_in(
    mailbox: GmailMailbox | OutlookMailbox,
    args: argparse.Namespace,
    *,
    open_url: Callable[[str], bool] | None,
) -> tuple[str, str, tuple[str, ...]]:
    """Run the provider's sign-in: the grant, the account and the scopes beyond read."""
    if isinstance(mailbox, GmailMailbox):
        if args.device_code:
            raise OtpmailError(
                "invalid_argument",
                "Google has no device-code sign-in for Gmail: sign in on a machine with a "
                "browser, then move the grant (--export for a variable, --grant-file for a file)",
            )
        from otpmail._providers._gmail_http import PinnedHttp
        from otpmail._signin._google import login_google

        google = login_google(
            mailbox, say=_say, open_url=open_url, http_factory=PinnedHttp, timeout=args.timeout
        )
        return google.grant, google.account, google.broader
    try:
        from otpmail._signin._microsoft import MicrosoftSignIn
    except ImportError:
        raise OtpmailError(
            "extra_missing",
            "signing in to Outlook needs the outlook extra: pip install 'otpmail[outlook]'",
        ) from None
    flow = MicrosoftSignIn(mailbox)
    if args.device_code:
        microsoft = flow.device_code(say=_say, timeout=args.timeout)
    else:
        microsoft = flow.interactive(say=_say, open_url=open_url, timeout=args.timeout)
    return microsoft.grant, microsoft.account, microsoft.broader


def login(args: argparse.Namespace, *, open_url: Callable[[str], bool] | None = None) -> str:
    """Sign in and store (or return, with ``--export``) the grant; what to print on stdout."""
    if not 0 < args.timeout <= 3600:
        raise OtpmailError("invalid_argument", "--timeout must be above 0 and at most 3600")
    config = load(args.integrations)
    mailbox = find_mailbox(config.mailboxes, args.name)
    if not isinstance(mailbox, GmailMailbox | OutlookMailbox) or mailbox.owner is None:
        raise not_configured(
            f"{mailbox.source} is not read with its owner's grant: otpmail login is for "
            "entries with auth: user (see docs/own-account.md)"
        )
    store = _store(mailbox, args)
    opener = None if args.no_browser else (open_url or open_in_browser)
    grant, account, broader = sign_in(mailbox, args, open_url=opener)
    if broader:
        _say(
            f"note: this Google or Microsoft account had already granted this app more than "
            f"read access ({', '.join(broader)}); otpmail still asks only for read access "
            "on every refresh. Remove the app's access and sign in again to narrow the grant."
        )
    if store is None:
        _say(f"signed in as {account}; the grant is on stdout: keep it secret")
        return grant + "\n"
    store.save(grant)
    _say(f"signed in as {account}; grant stored in {store.where}")
    if (
        args.grant_file
        and mailbox.owner is not None
        and mailbox.owner.grant_file != Path(args.grant_file).expanduser().absolute()
    ):
        _say(f"set grant_file: {args.grant_file} in {mailbox.source} to read it")
    return ""
