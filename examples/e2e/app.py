"""Acme sign-in: a tiny web app that signs people in with a one-time code or a magic link.

Standard library only. It sends its mail by SMTP (smtplib) to ``$SMTP_HOST:$SMTP_PORT``
(``--smtp-host``/``--smtp-port``; default 127.0.0.1:8025), where a catcher stores it in a
Maildir for otpmail to read: in the tests, the otpmail plugin's ``otpmail_smtp``; by hand,
``otpmail catch ./maildir``::

    SMTP_PORT=8025 python app.py --port 8000

Pages and endpoints:

- ``GET /``: the sign-in form (``#email``; "Send code", "Email me a link", "Create account").
- ``POST /code``: mails a new six-digit code; any earlier code of that address is void.
  The page that follows has "Resend code" and the code form (``#code``, "Verify").
- ``POST /verify``: "Signed in as …" for the current code, "Wrong code" otherwise.
- ``POST /link``: mails a magic link; ``GET /magic?token=…`` signs in with it once.
- ``POST /sign-up``: mails two messages at once, "Confirm your address" (a link) and
  "Your Acme code".
- ``POST /api/notify`` (form field ``email``): a security notice sent BCC-style,
  ``To: undisclosed-recipients:;``, the address only in the SMTP envelope; it carries a
  code too.
"""

from __future__ import annotations

import argparse
import html
import os
import secrets
import smtplib
import threading
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SENDER = "Acme <no-reply@acme.example>"


class Accounts:
    """The app's state: the current code and the open magic links, per address."""

    def __init__(self) -> None:
        self.codes: dict[str, str] = {}
        self.tokens: dict[str, str] = {}
        self.lock = threading.Lock()

    def new_code(self, email: str) -> str:
        with self.lock:
            code = self.codes.get(email)
            while code == self.codes.get(email):  # a resend always brings a new code
                code = f"{secrets.randbelow(10**6):06d}"
            self.codes[email] = code  # and voids the one before it
        return code

    def check_code(self, email: str, code: str) -> bool:
        with self.lock:
            return bool(code) and self.codes.get(email) == code

    def new_token(self, email: str) -> str:
        token = secrets.token_urlsafe(16)
        with self.lock:
            self.tokens[token] = email
        return token

    def use_token(self, token: str) -> str | None:
        with self.lock:
            return self.tokens.pop(token, None)


class Mailer:
    def __init__(self, smtp_host: str, smtp_port: int) -> None:
        self.smtp_host = smtp_host
        self.smtp_port = smtp_port

    def send(self, to: str, subject: str, body: str, *, bcc: bool = False) -> None:
        msg = EmailMessage()
        msg["From"] = SENDER
        msg["To"] = "undisclosed-recipients:;" if bcc else to
        msg["Subject"] = subject
        msg.set_content(body)
        with smtplib.SMTP(self.smtp_host, self.smtp_port, timeout=10) as smtp:
            smtp.send_message(msg, to_addrs=[to])


def page(title: str, body: str) -> bytes:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title></head><body><h1>{html.escape(title)}</h1>"
        f"{body}</body></html>"
    ).encode()


SIGN_IN = """
<form method="post">
  <label>Email <input id="email" name="email" type="email" required></label>
  <button formaction="/code">Send code</button>
  <button formaction="/link">Email me a link</button>
  <button formaction="/sign-up">Create account</button>
</form>
"""


def code_form(email: str) -> str:
    value = html.escape(email, quote=True)
    return f"""
<p>We sent a code to {html.escape(email)}.</p>
<form method="post" action="/verify">
  <input type="hidden" name="email" value="{value}">
  <label>Code <input id="code" name="code" inputmode="numeric"></label>
  <button>Verify</button>
</form>
<form method="post" action="/code">
  <input type="hidden" name="email" value="{value}">
  <button>Resend code</button>
</form>
"""


def make_handler(base_url: str, accounts: Accounts, mailer: Mailer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

        def _reply(self, content: bytes, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        def _form(self) -> dict[str, str]:
            length = int(self.headers.get("Content-Length") or 0)
            fields = parse_qs(self.rfile.read(length).decode())
            return {k: v[0].strip() for k, v in fields.items()}

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            if url.path == "/":
                self._reply(page("Sign in to Acme", SIGN_IN))
            elif url.path == "/magic":
                token = parse_qs(url.query).get("token", [""])[0]
                email = accounts.use_token(token)
                if email is None:
                    self._reply(page("Link expired", "<p>Ask for a new one.</p>"), 410)
                else:
                    self._reply(page(f"Signed in as {email}", ""))
            else:
                self._reply(page("Not found", ""), 404)

        def do_POST(self) -> None:
            form = self._form()
            email = form.get("email", "")
            path = urlsplit(self.path).path
            if not email and path != "/verify":
                self._reply(page("Email required", SIGN_IN), 400)
            elif path == "/code":
                code = accounts.new_code(email)
                mailer.send(email, "Your Acme code", f"Your Acme sign-in code is {code}.")
                self._reply(page("Check your email", code_form(email)))
            elif path == "/verify":
                if accounts.check_code(email, form.get("code", "")):
                    self._reply(page(f"Signed in as {email}", ""))
                else:
                    self._reply(page("Wrong code", code_form(email)), 403)
            elif path == "/link":
                token = accounts.new_token(email)
                mailer.send(
                    email,
                    "Sign in to Acme",
                    "View this email in your browser: "
                    f"{base_url}/view\n\nSign in to Acme: {base_url}/magic?token={token}\n",
                )
                self._reply(page("Check your email", "<p>We sent you a link.</p>"))
            elif path == "/sign-up":
                token = accounts.new_token(email)
                mailer.send(
                    email,
                    "Confirm your address",
                    f"Welcome to Acme! Confirm your address: {base_url}/magic?token={token}\n",
                )
                code = accounts.new_code(email)
                mailer.send(email, "Your Acme code", f"Your Acme sign-in code is {code}.")
                self._reply(page("Check your email", code_form(email)))
            elif path == "/api/notify":
                code = accounts.new_code(email)
                mailer.send(
                    email,
                    "Security notice",
                    f"A new device asked to sign in. If it was you, enter {code}.",
                    bcc=True,
                )
                self._reply(page("Sent", ""))
            else:
                self._reply(page("Not found", ""), 404)

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--smtp-host", default=os.environ.get("SMTP_HOST", "127.0.0.1"))
    parser.add_argument("--smtp-port", type=int, default=int(os.environ.get("SMTP_PORT", "8025")))
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), BaseHTTPRequestHandler)
    base_url = f"http://127.0.0.1:{server.server_port}"
    server.RequestHandlerClass = make_handler(
        base_url, Accounts(), Mailer(args.smtp_host, args.smtp_port)
    )
    print(f"serving {base_url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
