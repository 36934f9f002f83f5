"""The loopback listener of an interactive sign-in: where the browser brings the code back.

RFC 8252 §7.3 and §8.3: an HTTP listener on the loopback IP literal (``127.0.0.1``, never
``localhost`` nor every interface) on a port the system picks. It takes exactly one
redirect: the first request to its path ends it, whatever it carries; a request for
anything else (a browser's ``/favicon.ico``) is answered 404 and changes nothing. The
redirect's ``state`` must be the one the authorization request sent (compared in constant
time), else the sign-in fails; the listener is closed as soon as that one redirect is
answered, or when the time limit passes with none.

The PKCE verifier and the code exchange are the OAuth libraries' (google-auth-oauthlib,
MSAL); this module only receives. Its pages are fixed text: nothing from the request is
echoed back.
"""

from __future__ import annotations

import hmac
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from types import TracebackType
from urllib.parse import parse_qs, urlsplit

from otpmail._core._errors import OtpmailError
from otpmail._signin import SIGNIN_TIMEOUT

HOST = "127.0.0.1"
DEFAULT_TIMEOUT = SIGNIN_TIMEOUT
"""Seconds the browser has to bring the redirect back (five minutes)."""

_MAX_FORM = 65_536
"""The largest form_post body read (a code, a state and a session state are ~2 KB)."""
_DONE = b"<!doctype html><title>otpmail</title><p>Signed in. You can close this tab."
_FAILED = b"<!doctype html><title>otpmail</title><p>Sign-in failed; see the terminal."


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.0"
    error_message_format = "%(code)d\n"
    error_content_type = "text/plain"

    def do_GET(self) -> None:
        self._receive(form=False)

    def do_POST(self) -> None:  # the browser's form_post to the listener; otpmail sends none
        self._receive(form=True)

    def _receive(self, *, form: bool) -> None:
        parts = urlsplit(self.path)
        if parts.path != self.server.path or self.server.query is not None:
            self.send_error(404)
            return
        if form != self.server.form_post:
            self.send_error(405)
            return
        if form:
            length = self.headers.get("Content-Length", "")
            if not length.isdigit() or int(length) > _MAX_FORM:
                self.send_error(413)
                return
            text = self.rfile.read(int(length)).decode("utf-8", "replace")
        else:
            text = parts.query
        self.server.query = {k: v[-1] for k, v in parse_qs(text).items()}
        ok = "code" in self.server.query and self.server.state_matches()
        self.send_response(200 if ok else 400)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(_DONE if ok else _FAILED)

    def log_message(self, format: str, *args: object) -> None:
        # The request line holds the code: never written anywhere.
        return


class _Server(HTTPServer):
    allow_reuse_address = False
    query: dict[str, str] | None = None
    path = "/"
    form_post = False
    expected_state = ""

    def state_matches(self) -> bool:
        got = (self.query or {}).get("state", "")
        return hmac.compare_digest(got.encode(), self.expected_state.encode())


class LoopbackRedirect:
    """A one-redirect listener on ``127.0.0.1`` and a port the system picks.

    >>> with LoopbackRedirect() as listener:  # doctest: +SKIP
    ...     url = listener.redirect_uri      # http://127.0.0.1:PORT/
    ...     query = listener.wait(state)     # the redirect's query, state checked
    """

    def __init__(
        self, host_name: str = HOST, timeout: float = DEFAULT_TIMEOUT, *, form_post: bool = False
    ) -> None:
        self._server = _Server((HOST, 0), _Handler)
        # form_post (RFC 9700 §4.3.1): the code comes in a POST body, not in a URL the
        # browser keeps in its history.
        self._server.form_post = form_post
        self._host_name = host_name
        self._timeout = timeout

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def redirect_uri(self) -> str:
        """``http://127.0.0.1:PORT/`` (or ``http://localhost:PORT`` for Entra, whose
        portal takes no IP literal: MSAL's choice too; the listener still binds only
        ``127.0.0.1``)."""
        if self._host_name == HOST:
            return f"http://{HOST}:{self.port}/"
        return f"http://{self._host_name}:{self.port}"

    def wait(self, state: str) -> dict[str, str]:
        """The query of the one redirect, once its ``state`` is checked; the listener is
        closed before this returns or raises."""
        self._server.expected_state = state
        deadline = time.monotonic() + self._timeout
        try:
            while self._server.query is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise OtpmailError(
                        "deadline_exceeded",
                        f"sign-in: no answer from the browser within {self._timeout:g} s "
                        "(run otpmail login again; --timeout gives more time)",
                    )
                self._server.timeout = min(left, 1.0)
                self._server.handle_request()
        finally:
            self.close()
        query = self._server.query
        if not self._server.state_matches():
            raise OtpmailError(
                "auth_failed",
                "sign-in: the redirect's state does not match the request's (another tab or "
                "program answered); nothing was stored, run otpmail login again",
            )
        if "error" in query:
            # The provider's error code is a fixed word; its description is not shown.
            error = query["error"] if query["error"].replace("_", "").isalnum() else "error"
            raise OtpmailError(
                "auth_failed", f"sign-in: the provider answered {error} (consent not given?)"
            )
        if not query.get("code"):
            raise OtpmailError("auth_failed", "sign-in: the redirect carried no code")
        return query

    def close(self) -> None:
        self._server.server_close()

    def __enter__(self) -> LoopbackRedirect:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
