"""Run ``otpmail`` in a fresh process against an in-process fake of the provider, as a user's
shell would run it (the console script's ``console_main()``, which ends the process),
for the tests that are about the process itself: when it exits, what it prints on stderr
with no logging configured, what the environment does to its imports.

    python tests/cli_driver.py SPEC ARG...

``SPEC`` is JSON:

- ``provider``: ``"gmail"`` (``FakeGmail`` behind ``PinnedHttp``), ``"outlook"``
  (``FakeGraph`` behind both egress transports), or ``"maildir"`` (the real provider on the
  configured folder); the mailbox is the integrations file's, passed in ``ARG...``.
- ``slow_decode``: seconds each message's decoding takes (the decoder sleeps that long
  first, as a hostile message that is slow to decode would take it); 0 for none.
- ``echo_token_error``: the token endpoint refuses, quoting the request it got (the client
  secret, or Google's signed assertion).
- ``mark_start``: write ``started <time.time()>`` on stderr just before the command starts
  (after the imports and the fakes), for a test that times the command.

otpmail is imported before the fakes, as it is when a user runs the command: the fakes
import httplib2 themselves, and otpmail must be the first to.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from otpmail._frontends._cli import console_main  # isort: skip  (first, see above)

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _slow(function: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    def slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)
        return function(*args, **kwargs)

    return slowly


def otp_mail(to: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Subject"] = "Your Acme code"
    message["Message-ID"] = "<driver@acme.example>"
    message.set_content("Your code is 482913.")
    return message


def gmail_factory(spec: dict[str, Any]) -> Callable[[Any], Any]:
    from urllib.parse import urlsplit

    from fakes.gmail import FakeGmail, Fault
    from otpmail._providers._gmail import GmailProvider

    class Echoing(FakeGmail):
        def handle(
            self, method: str, url: str, body: Any, timeout: float | None, **kwargs: Any
        ) -> Any:
            if urlsplit(url).hostname == "oauth2.googleapis.com":
                text = body.decode() if isinstance(body, bytes) else str(body)
                error = {"error": "invalid_grant", "error_description": f"Bad request: {text}"}
                self.fail("token", Fault(400, json.dumps(error)))
            return super().handle(method, url, body, timeout, **kwargs)

    fake = Echoing() if spec.get("echo_token_error") else FakeGmail()
    fake.deliver(otp_mail("qa@example.com"), at=datetime.now(UTC) - timedelta(seconds=5))
    return lambda mailbox: GmailProvider(mailbox, http_factory=fake.http_factory)


def outlook_factory(spec: dict[str, Any]) -> Callable[[Any], Any]:
    from urllib.parse import urlencode

    from fakes.graph import FakeGraph, GraphFault, _TokenTransport
    from otpmail._providers._outlook import OutlookProvider

    fake = FakeGraph("qa@contoso.com")
    fake.deliver(to="qa@contoso.com", body="Your code is 482913")

    class Echoing(_TokenTransport):
        async def send(self, request: Any, **kwargs: Any) -> Any:
            form = request.content if isinstance(request.content, dict) else {}
            description = (
                f"AADSTS7000215: Invalid client secret provided. Request: {urlencode(form)}"
            )
            body = {"error": "invalid_client", "error_description": description}
            fake.fail("token", GraphFault(401, json.dumps(body)))
            return await super().send(request, **kwargs)

    token = Echoing(fake) if spec.get("echo_token_error") else fake.token_transport
    return lambda mailbox: OutlookProvider(mailbox, transport=fake.transport, token_transport=token)


def run(spec: dict[str, Any], argv: list[str]) -> None:
    from otpmail._providers import _gmail, _maildir, _outlook
    from otpmail._reading import _reader

    seconds = float(spec.get("slow_decode") or 0)
    if seconds:
        _gmail.parse_rfc822 = _slow(_gmail.parse_rfc822, seconds)  # type: ignore[assignment]
        _maildir.parse_rfc822 = _slow(_maildir.parse_rfc822, seconds)  # type: ignore[assignment]
        _outlook.email_from_graph = _slow(_outlook.email_from_graph, seconds)  # type: ignore[assignment]
    provider = spec["provider"]
    if provider == "gmail":
        _reader.default_provider = gmail_factory(spec)  # type: ignore[assignment]
    elif provider == "outlook":
        _reader.default_provider = outlook_factory(spec)  # type: ignore[assignment]
    if spec.get("mark_start"):
        sys.stderr.write(f"started {time.time()}\n")
        sys.stderr.flush()
    # As the installed command calls it: the arguments are the process's.
    sys.argv = ["otpmail", *argv]
    console_main()


if __name__ == "__main__":
    run(json.loads(sys.argv[1]), sys.argv[2:])
