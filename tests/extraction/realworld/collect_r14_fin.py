"""Round fourteen (``fin``): codes and notices that crypto-exchange software mails.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r14_fin.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
openware+barong, openware+postmaster, PayStell+paystell-backend,
stellar+stellar-disbursement-platform-backend, polarsource+polar, coinos+coinos-server,
flowglad+flowglad.
``--node-modules`` is a ``node_modules`` with react 19.2.8, react-dom 19.2.8, react-email 6.9.2
(the versions of Polar's pnpm lock), tsx and handlebars 4 (``npm install react@19.2.8
react-dom@19.2.8 react-email@6.9.2 tsx handlebars@4``); ``--flowglad-node-modules`` one with
the versions of Flowglad's package.json (``npm install --legacy-peer-deps react@19.2.1
react-dom@19.2.1 @react-email/components@0.0.36 @react-email/render@0.0.17 tsx``); ``node``
(20) runs them.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Barong (openware/barong, Apache-2.0), the authentication server of the OpenDAX crypto
  exchange stack (with openware/peatio, MIT, the trading engine whose events it mails):
  ``app/views/postmaster/<template>.<lang>.html.erb`` inside
  ``app/views/layouts/mailer.html.erb``, as ``app/services/event_mailer.rb`` and
  ``app/mailers/postmaster.rb`` send them: one ``text/html`` part, the subject and template
  of each event in ``config/mailer.yml``, sender ``Barong <noreply@barong.io>`` and the logo
  link of ``config/initializers/barong.rb``. The ERB is filled here by a small renderer
  (``<%= expr %>`` looked up in a table of record values, ``<% if a == "b" %>`` /
  ``<% end %>`` evaluated, other ``<% %>`` tags output nothing); ``image_tag`` written by
  hand as Rails writes it (``<img alt=... class=... src=... />``). The beneficiary PIN is
  what peatio's ``app/models/beneficiary.rb`` generates, ``SecureRandom.rand(10**5..10**6)``
  (six digits, commit 92d1e2016c4054e8a2ed7e7d80cf9e6e6ad3210a); the user types it to
  activate the withdrawal address. Confirmation and reset tokens are JWT-like strings only
  inside links. Barong ships English for all and Russian for two templates.
- postmaster (openware/postmaster, MIT), the Go mailer that replaced Barong's own in OpenDAX:
  ``templates/<lang>/<name>.tpl`` (whole HTML pages with a layout of their own) filled as
  ``pkg/consumer`` fills them with Go ``html/template`` (here a small renderer: ``{{ .x }}``
  from a table of record values, escaped; ``{{ if eq .x "y" }}``/``{{ end }}`` evaluated),
  sent as one ``text/html; charset=UTF-8`` part (``templates/email.tpl``), the subjects of
  ``config/postmaster.yml``, sender name ``postmaster`` (its default) at an invented address.
  English, and Russian for two templates.
- PayStell (PayStell/paystell-backend, MIT), a Stellar payment/wallet backend: the template
  literals of ``src/template/{wallet-verification.template,emailVerification,layout}.ts``
  and the alert of ``src/services/MetricsService.ts`` (``triggerAlert``) read from the
  snapshot and their ``${...}`` filled by hand; one ``text/html`` part as
  ``src/utils/mailer.ts`` sends it, the subjects of ``src/utils/send*Email.ts``. Wallet code
  ``Math.floor(100000 + Math.random() * 900000)``; English only.
- Stellar Disbursement Platform (stellar/stellar-disbursement-platform-backend, Apache-2.0),
  the Stellar Development Foundation's bulk-payout backend: staff mails from
  ``internal/htmltemplate/tmpl/email/*.tmpl`` (``{{EmailStyle}}`` replaced by the style of
  ``htmltemplate.go``), receiver mails from the organisation's default templates
  (``internal/data/organizations.go``, with the OTP disclaimer of
  ``receiver_send_otp_handler.go``; the invitation with a shortened registration link as
  ``send_receiver_wallets_invite_service.go`` builds it) wrapped in ``tmpl/empty_body.tmpl``
  as the SES/SendGrid clients do for bodies without ``<html``; one ``text/html`` part, the
  message Title as subject. MFA code six random digits (``stellar-auth``), receiver OTP
  ``RandomString(6, NumberBytes)``; invented organisation, domains and sender. English only.
- Polar (polarsource/polar, Apache-2.0), the payments / merchant-of-record platform: its
  react-email templates ``server/emails/src/emails/<name>.tsx`` rendered with node (tsx) as
  ``server/emails/src/index.tsx`` does (``render(<Component {...props} />)``), props written
  here in the shape of ``server/polar/email/schemas.py`` (invented shop, product, amounts,
  ids); one ``text/html`` part (``polar/email/sender.py`` sends html only), subjects and
  senders as the services build them (``auth/factors.py``, ``customer_portal/service/
  customer_session.py``, ``order/service.py``, ``subscription/service.py``,
  ``payment_method/service.py``, ``email_update/service.py``; organisation mails from
  ``Organization.email_from_reply``). Codes six characters of capitals and digits
  (``CUSTOMER_SESSION_CODE_LENGTH`` with ``ascii_uppercase + digits``; the sign-in code comes
  from the ``reauth`` library with ``EMAIL_OTP_CODE_LENGTH`` 6, assumed the same alphabet,
  as its preview ``ABC123`` shows). English only.
- Coinos (coinos/coinos-server, AGPL-3.0), a Bitcoin/Lightning web wallet and point of sale:
  ``templates/payments/{received,verify,reset}.html`` compiled with handlebars (node) with the
  params of ``lib/notifications.ts`` (``notify``: the user's ``lib/locales/<lang>.json`` spread
  in, amounts through ``fmt``/``f``/``fiat``/``link`` of ``lib/utils.ts``, run in node for the
  ``Intl`` formats) and ``routes/users.ts`` (verify, forgot); one ``text/html`` part, sender
  ``"Coinos " <support>`` and subjects as ``lib/mail.ts`` and the callers give them (the
  payment subject is the locale's ``paymentReceived``). Payment notices in four languages.
- Flowglad (flowglad/flowglad, platform under AGPL-3.0), a payments and billing platform: the
  react-email components ``platform/flowglad-next/src/email-templates/{customer-billing-portal-
  otp,customer-billing-portal-magic-link,forgot-password}.tsx`` (with ``components/themed``)
  rendered in node with ``@react-email/render`` as resend 4 renders a ``react`` mail; the two
  app modules they import are stubbed to what these mails use (``emailBaseUrl`` =
  ``https://app.flowglad.com``, the app URL; LineItem's money formatter, not reached); one
  ``text/html`` part; subjects and senders of ``src/utils/email.ts`` and
  ``utils/email/fromAddress.ts`` (live mode, so no ``[TEST]`` prefix). Billing-portal code six
  digits (better-auth ``emailOTP`` with ``otpLength: 6``, ``utils/auth/customerAuth.ts``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

SENT = datetime(2026, 12, 3, 8, 17, 42, tzinfo=UTC)
OUT = HERE / "round14" / "fin.json"
BARONG_COMMIT = "1f488179596f8aa3ac2528f78f0d9f330f45be2b"
BARONG_REPO = "openware/barong"
SENDER = "Barong <noreply@barong.io>"
LOGO = "https://storage.cloud.google.com/public_peatio/logo.png"
RNG = random.Random("r14-fin")


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={repo}", "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def erb(template: str, values: dict[str, str]) -> str:
    """Fill the few ERB forms Barong's mail templates use."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<%(=?)\s*(.*?)\s*%>", template, re.S):
        if all(stack):
            out.append(template[pos : m.start()])
        pos = m.end()
        is_out, expr = m.group(1) == "=", m.group(2)
        cond = re.fullmatch(r'if (\S+) == "([^"]*)"', expr)
        if cond:
            stack.append(values.get(cond.group(1)) == cond.group(2))
        elif expr == "end":
            stack.pop()
        elif is_out and all(stack):
            if expr.startswith("image_tag @logo"):
                out.append(f'<img alt="Company Logo" class="logo-img" src="{LOGO}" />')
            else:
                out.append(html.escape(values[expr], quote=True))
    out.append(template[pos:])
    return "".join(out)


def token(n: int) -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(n))


BARONG: list[dict[str, Any]] = [
    {
        "template": "new_beneficiary",
        "lang": "en",
        "subject": "New Beneficiary",
        "kind": "fintech-otp",
        "code": "pin",
        "values": {"@record.currency": "usdt", "@record.name": "Noor cold wallet"},
        "note": "six-digit pin-code for the new withdrawal beneficiary, to be typed to activate it",
    },
    {
        "template": "deposit_accepted",
        "lang": "en",
        "subject": "Deposit Accepted",
        "kind": "notice",
        "code": None,
        "values": {
            "@record.state": "accepted",
            "@record.amount": "0.0412",
            "@record.currency": "btc",
            "@record.tid": "TID6A1F03B77E",
        },
        "note": "deposit receipt: transaction id and amount, no code",
    },
    {
        "template": "withdraw_succeed",
        "lang": "en",
        "subject": "Withdrawal Succeed",
        "kind": "notice",
        "code": None,
        "values": {
            "@record.state": "succeed",
            "@record.amount": "250.0",
            "@record.currency": "usdt",
            "@record.tid": "TID9C04E2D5A1",
        },
        "note": "withdrawal receipt: transaction id and amount, no code",
    },
    {
        "template": "session_create",
        "lang": "en",
        "subject": "New Login",
        "kind": "notice",
        "code": None,
        "values": {
            "@record.user_ip": "203.0.113.58",
            "@record.user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
        },
        "note": "new-login alert with IP address",
    },
    {
        "template": "label",
        "lang": "en",
        "subject": "Phone verified",
        "kind": "notice",
        "code": None,
        "values": {
            "@record.value": "verified",
            "@record.key": "phone",
            "@record.user.level": "2",
            "@record.user.state": "active",
        },
        "note": "label.created (subject 'Phone verified'): account level 2, no code",
    },
    {
        "template": "label",
        "lang": "en",
        "subject": "Label Updated",
        "kind": "notice",
        "code": None,
        "id": "barong-label-updated-en",
        "values": {
            "@record.value": "rejected",
            "@record.key": "id_document",
            "@record.user.level": "2",
            "@record.user.state": "active",
        },
        "note": "label.updated, document rejected; same template as label.created",
    },
]
for _lang, _subj in (("en", "Registration Confirmation"), ("ru", "Подтверждение Регистрации")):
    BARONG.append(
        {
            "template": "email_confirmation",
            "lang": _lang,
            "subject": _subj,
            "kind": "notice",
            "code": None,
            "values": {},
            "note": "confirmation token only inside the link",
        }
    )
for _lang, _subj in (("en", "Password Reset"), ("ru", "Сброс Пароля")):
    BARONG.append(
        {
            "template": "password_reset",
            "lang": _lang,
            "subject": _subj,
            "kind": "notice",
            "code": None,
            "values": {},
            "note": "reset token only inside the link",
        }
    )


def barong(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "openware+barong" / "repo"
    layout = show(repo, BARONG_COMMIT, "app/views/layouts/mailer.html.erb")
    items = []
    for spec in BARONG:
        path = f"app/views/postmaster/{spec['template']}.{spec['lang']}.html.erb"
        values = {
            "@user.email": "noor.tester@example.com",
            "@record.domain": "https://exchange.example",
            "@record.token": token(32),
            **spec["values"],
        }
        code = None
        if spec["code"] == "pin":
            code = str(RNG.randrange(10**5, 10**6))
            values["@record.pin"] = code
        body = erb(show(repo, BARONG_COMMIT, path), values)
        page = layout.replace("<%= yield %>", body)
        ident = spec.get("id") or f"barong-{spec['template'].replace('_', '-')}-{spec['lang']}"
        group = ident.rsplit("-", 1)[0]
        raw = message(sender=SENDER, subject=spec["subject"], text=None, html_part=page, sent=SENT)
        items.append(
            write(
                "barong",
                ident,
                group,
                spec,
                code,
                raw,
                "app/views/postmaster/... ; app/views/layouts/mailer.html.erb; config/mailer.yml".replace(
                    "app/views/postmaster/...", path
                ),
                "ERB filled by a small renderer (values by hand), image_tag by hand, "
                "inside mailer layout; one text/html part; subject from config/mailer.yml",
            )
        )
    return items


def write(
    source: str,
    ident: str,
    group: str,
    spec: dict[str, Any],
    code: str | None,
    raw: bytes,
    path: str,
    rendered: str,
) -> dict[str, Any]:
    rel = f"mail/{source}/{ident}.eml"
    (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
    (HERE / rel).write_bytes(raw)
    item = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": spec["lang"],
        "kind": spec["kind"],
        "code": code,
        "repository": BARONG_REPO,
        "path": path,
        "commit": BARONG_COMMIT,
        "licence": "Apache-2.0",
        "rendered": rendered,
        "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if spec.get("note"):
        item["note"] = spec["note"]
    return item


POSTMASTER_COMMIT = "3a797eca47113841d0a702ac52065b3838af144a"
POSTMASTER_REPO = "openware/postmaster"
POSTMASTER_SENDER = '"postmaster" <noreply@exchange.example>'
POSTMASTER: list[dict[str, Any]] = [
    {
        "template": "new_beneficiary",
        "lang": "en",
        "subject": "New Beneficiary",
        "kind": "fintech-otp",
        "code": "pin",
        "values": {".record.currency": "eth", ".record.name": "Ledger Nano"},
        "note": "six-digit pin-code for the new withdrawal beneficiary, to be typed to activate it",
    },
    {
        "template": "deposit_accepted",
        "lang": "en",
        "subject": "Deposit Accepted",
        "kind": "notice",
        "code": None,
        "values": {
            ".record.state": "accepted",
            ".record.amount": "1.25",
            ".record.currency": "eth",
            ".record.tid": "TID52B7E90C14",
        },
        "note": "deposit receipt: transaction id and amount, no code",
    },
    {
        "template": "withdraw_succeed",
        "lang": "en",
        "subject": "Withdrawal Succeed",
        "kind": "notice",
        "code": None,
        "values": {
            ".record.state": "succeed",
            ".record.amount": "1800.5",
            ".record.currency": "usd",
            ".record.tid": "TIDE3F1A8406B",
        },
        "note": "withdrawal receipt: transaction id and amount, no code",
    },
    {
        "template": "session_create",
        "lang": "en",
        "subject": "New Login",
        "kind": "notice",
        "code": None,
        "values": {
            ".record.user_ip": "198.51.100.23",
            ".record.user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        },
        "note": "new-login alert with IP address",
    },
    {
        "template": "label_created",
        "lang": "en",
        "subject": "Account Details Updated",
        "kind": "notice",
        "code": None,
        "values": {
            ".record.key": "phone",
            ".record.value": "verified",
            ".record.user.level": "2",
            ".record.user.state": "active",
        },
        "note": "phone label verified, account level 2, no code",
    },
]
for _lang, _subj in (("en", "Registration Confirmation"), ("ru", "Подтверждение Регистрации")):
    POSTMASTER.append(
        {
            "template": "email_confirmation",
            "lang": _lang,
            "subject": _subj,
            "kind": "notice",
            "code": None,
            "values": {},
            "note": "confirmation token only inside the link",
        }
    )
for _lang, _subj in (("en", "Password Reset"), ("ru", "Сброс Пароля")):
    POSTMASTER.append(
        {
            "template": "password_reset",
            "lang": _lang,
            "subject": _subj,
            "kind": "notice",
            "code": None,
            "values": {},
            "note": "reset token only inside the link",
        }
    )


def gotemplate(template: str, values: dict[str, str]) -> str:
    """Fill the few Go html/template forms postmaster's templates use."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"\{\{\s*(.*?)\s*\}\}", template, re.S):
        if all(stack):
            out.append(template[pos : m.start()])
        pos = m.end()
        expr = m.group(1)
        cond = re.fullmatch(r'if eq (\S+) "([^"]*)"', expr)
        if cond:
            stack.append(values.get(cond.group(1)) == cond.group(2))
        elif expr == "end":
            stack.pop()
        elif all(stack):
            out.append(html.escape(values[expr], quote=True))
    out.append(template[pos:])
    return "".join(out)


def postmaster(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "openware+postmaster" / "repo"
    items = []
    for spec in POSTMASTER:
        path = f"templates/{spec['lang']}/{spec['template']}.tpl"
        values = {
            ".record.user.email": "noor.tester@example.com",
            ".record.domain": "https://exchange.example",
            ".record.token": token(32),
            **spec["values"],
        }
        code = None
        if spec["code"] == "pin":
            code = str(RNG.randrange(10**5, 10**6))
            values[".record.pin"] = code
        page = gotemplate(show(repo, POSTMASTER_COMMIT, path), values)
        ident = f"postmaster-{spec['template'].replace('_', '-')}-{spec['lang']}"
        raw = message(
            sender=POSTMASTER_SENDER, subject=spec["subject"], text=None, html_part=page, sent=SENT
        )
        item = write(
            "postmaster",
            ident,
            ident.rsplit("-", 1)[0],
            spec,
            code,
            raw,
            f"{path}; templates/email.tpl; config/postmaster.yml",
            "Go html/template filled by a small renderer (values by hand); one "
            "text/html part as templates/email.tpl; subject from config/postmaster.yml",
        )
        item.update(repository=POSTMASTER_REPO, commit=POSTMASTER_COMMIT, licence="MIT")
        items.append(item)
    return items


PAYSTELL_COMMIT = "bdd49a0e860d5c6762efc0cbb873079eba33c951"
PAYSTELL_REPO = "PayStell/paystell-backend"
PAYSTELL_SENDER = '"PayStell" <noreply@paystell.example>'


def backtick(source: str, after: str) -> str:
    """The first template literal after ``after`` in a TypeScript file."""
    start = source.index("`", source.index(after)) + 1
    return source[start : source.index("`", start)]


def js_fill(literal: str, values: dict[str, str]) -> str:
    return re.sub(r"\$\{([^}]*)\}", lambda m: values[m.group(1)], literal)


def paystell(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "PayStell+paystell-backend" / "repo"
    layout_src = show(repo, PAYSTELL_COMMIT, "src/template/layout.ts")
    layout = backtick(layout_src, "): string =>")

    def page(header: str, content: str) -> str:
        return js_fill(
            layout,
            {
                "primaryColor": "#079eff",
                "header": header,
                "content": content,
                "new Date().getFullYear()": str(SENT.year),
            },
        )

    jwt = (
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
        "eyJlbWFpbCI6Im5vb3IudGVzdGVyQGV4YW1wbGUuY29tIiwiaWF0IjoxNzk2MjkxMDYyLCJleHAiOjE3OTYzNzc0NjJ9."
        "Qm1c3fJ0t8wVh4pZ2yXkN7aEeR5sLdUoB9gTiC6vHrM"
    )
    items = []
    # wallet verification: code Math.floor(100000 + Math.random() * 900000)
    wsrc = show(repo, PAYSTELL_COMMIT, "src/template/wallet-verification.template.ts")
    code = str(RNG.randrange(100000, 1000000))
    address = "G" + "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(55))
    vals = {
        "verificationCode": code,
        "walletAddress": address,
        "verifyUrl": f"https://paystell.com/verify-wallet?token={jwt}",
    }
    html_page = page(
        js_fill(backtick(wsrc, "const header ="), vals),
        js_fill(backtick(wsrc, "const content ="), vals),
    )
    specs = [
        (
            "paystell-wallet-verification-en",
            "Verify Your Stellar Wallet",
            html_page,
            code,
            "fintech-otp",
            "src/template/wallet-verification.template.ts; src/template/layout.ts; "
            "src/utils/sendWalletVerificationEmail.ts; src/services/wallet-verification.service.ts",
            "six-digit code (Math.floor(100000 + Math.random() * 900000)) under the Stellar address "
            "being linked; a verify link too",
        ),
    ]
    esrc = show(repo, PAYSTELL_COMMIT, "src/template/emailVerification.ts")
    vals = {
        "email": "noor.tester@example.com",
        "verifyUrl": f"https://paystell.com/verify-email?token={jwt}",
    }
    specs.append(
        (
            "paystell-email-verification-en",
            "Verify Your Email",
            page(
                js_fill(backtick(esrc, "const header ="), vals),
                js_fill(backtick(esrc, "const content ="), vals),
            ),
            None,
            "notice",
            "src/template/emailVerification.ts; src/template/layout.ts; "
            "src/utils/sendVerificationEmail.ts",
            "verification by link only (JWT in the URL)",
        )
    )
    # monitoring alert: html built inline in MetricsService.triggerAlert
    msrc = show(repo, PAYSTELL_COMMIT, "src/services/MetricsService.ts")
    message_text = js_fill(
        backtick(msrc, 'this.maybeAlert(\n      "api_latency"'),
        {
            "durationMs.toFixed(2)": "1482.37",
            "method": "POST",
            "route": "/api/v1/payment-links/:id/pay",
        },
    )
    alert = js_fill(
        backtick(msrc, 'subject: "[PayStell] Monitoring Alert"'),
        {"message": message_text, "new Date().toISOString()": "2026-12-03T08:17:41.806Z"},
    )
    specs.append(
        (
            "paystell-monitoring-alert-en",
            "[PayStell] Monitoring Alert",
            alert,
            None,
            "notice",
            "src/services/MetricsService.ts",
            "operator alert: latency in ms, route and ISO time; no code",
        )
    )
    for ident, subject, body, code, kind, path, note in specs:
        raw = message(sender=PAYSTELL_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
        item = write(
            "paystell",
            ident,
            ident.rsplit("-", 1)[0],
            {"lang": "en", "kind": kind, "note": note},
            code,
            raw,
            path,
            "TypeScript template literals read from the snapshot and filled by hand "
            "(year 2026, invented JWT and Stellar address); one text/html part as "
            "src/utils/mailer.ts sends it",
        )
        item.update(repository=PAYSTELL_REPO, commit=PAYSTELL_COMMIT, licence="MIT")
        items.append(item)
    return items


SDP_COMMIT = "d4e8d607a3999c7940afff6bdc3eeeb0cc00323d"
SDP_REPO = "stellar/stellar-disbursement-platform-backend"
SDP_SENDER = "payouts@aidrelief.example"
SDP_ORG = "Aid Relief Payouts"


def sdp(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "stellar+stellar-disbursement-platform-backend" / "repo"
    go = show(repo, SDP_COMMIT, "internal/htmltemplate/htmltemplate.go")
    style = backtick(go, "const emailStyle = template.HTML(")
    tmpl_dir = "internal/htmltemplate/tmpl"

    def staff(name: str, values: dict[str, str]) -> str:
        text = show(repo, SDP_COMMIT, f"{tmpl_dir}/email/{name}.tmpl").replace(
            "{{EmailStyle}}", style
        )
        return gotemplate(text, values)

    def empty_body(body: str) -> str:  # ExecuteHTMLTemplateForEmailEmptyBody, template.HTML body
        return show(repo, SDP_COMMIT, f"{tmpl_dir}/empty_body.tmpl").replace("{{.Body}}", body)

    items = []
    mfa = "".join(str(RNG.randrange(10)) for _ in range(6))  # generateMFACode: six rand digits
    otp = "".join(RNG.choice("0123456789") for _ in range(6))  # RandomString(6, NumberBytes)
    short = "".join(
        RNG.choice("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in range(6)
    )
    reset_token = "".join(
        RNG.choice("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in range(32)
    )
    # receiver OTP: DefaultOTPMessageTemplate + OTPMessageDisclaimer (receiver_send_otp_handler.go)
    otp_body = gotemplate(
        "{{.OTP}} is your {{.OrganizationName}} verification code."
        " If you did not request this code, please ignore. Do not share your code with anyone.",
        {".OTP": otp, ".OrganizationName": SDP_ORG},
    )
    invite_body = (
        f"You have a payment waiting for you from the {SDP_ORG}. "
        f"Click https://aidrelief.sdp.example/r/{short} to register."
    )
    specs = [
        (
            "sdp-staff-mfa-en",
            "Verification code to access your account",
            staff("staff_mfa_message", {".MFACode": mfa, ".OrganizationName": SDP_ORG}),
            mfa,
            "fintech-otp",
            f"{tmpl_dir}/email/staff_mfa_message.tmpl; internal/htmltemplate/htmltemplate.go; "
            "internal/serve/httphandler/login_handler.go; stellar-auth/pkg/auth/mfa_manager.go",
            "six-digit two-factor code for the dashboard sign-in",
        ),
        (
            "sdp-receiver-otp-en",
            f"Your One-Time Password: {otp}",
            empty_body(otp_body),
            otp,
            "fintech-otp",
            f"{tmpl_dir}/empty_body.tmpl; internal/serve/httphandler/receiver_send_otp_handler.go; "
            "internal/data/organizations.go",
            "six-digit OTP for the payment receiver's wallet registration, also in the subject",
        ),
        (
            "sdp-receiver-invitation-en",
            f"You have a payment waiting for you from {SDP_ORG}",
            empty_body(invite_body),
            None,
            "notice",
            f"{tmpl_dir}/empty_body.tmpl; internal/services/send_receiver_wallets_invite_service.go; "
            "internal/data/organizations.go",
            "payment invitation with a shortened registration link (six-character short code in the URL)",
        ),
        (
            "sdp-forgot-password-en",
            "Reset Account Password",
            staff(
                "staff_forgot_password_message",
                {
                    ".ResetPasswordLink": f"https://dashboard.aidrelief.example/reset-password?token={reset_token}",
                    ".OrganizationName": SDP_ORG,
                },
            ),
            None,
            "notice",
            f"{tmpl_dir}/email/staff_forgot_password_message.tmpl; "
            "internal/serve/httphandler/forgot_password_handler.go",
            "reset token only inside the link",
        ),
        (
            "sdp-staff-invitation-en",
            "Welcome to Stellar Disbursement Platform",
            staff(
                "staff_invitation_message",
                {
                    ".FirstName": "Noor",
                    ".Role": "financial_controller",
                    ".ForgotPasswordLink": "https://dashboard.aidrelief.example/forgot-password",
                    ".OrganizationName": SDP_ORG,
                },
            ),
            None,
            "notice",
            f"{tmpl_dir}/email/staff_invitation_message.tmpl; internal/services/send_invitation_message.go",
            "staff invitation, link to set a password; no code",
        ),
    ]
    for ident, subject, body, code, kind, path, note in specs:
        raw = message(sender=SDP_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
        item = write(
            "sdp",
            ident,
            ident.rsplit("-", 1)[0],
            {"lang": "en", "kind": kind, "note": note},
            code,
            raw,
            path,
            "Go html/template files filled by a small renderer (EmailStyle inlined from "
            "htmltemplate.go; plain bodies wrapped in empty_body.tmpl as aws_ses_client.go "
            "does); one text/html part, subject = message Title",
        )
        item.update(repository=SDP_REPO, commit=SDP_COMMIT, licence="Apache-2.0")
        items.append(item)
    return items


POLAR_COMMIT = "c6c3645e639ee8eeaa05aa0835cf8e39e330382f"
POLAR_REPO = "polarsource/polar"
POLAR_RENDER = """// Renders Polar's react-email templates as server/emails/src/index.tsx does:
// render(<Component {...props} />); reads [{template, props}] on stdin, prints a JSON list.
import { render } from 'react-email'
import * as React from 'react'
import emails from './server/emails/src/emails'

const chunks: Buffer[] = []
process.stdin.on('data', (c) => chunks.push(c))
process.stdin.on('end', async () => {
  const jobs = JSON.parse(Buffer.concat(chunks).toString('utf-8'))
  const out: string[] = []
  for (const job of jobs) {
    out.push(await render(React.createElement((emails as any)[job.template], job.props)))
  }
  process.stdout.write(JSON.stringify(out))
})
"""
POLAR_ORG = {
    "name": "Lumen Type Foundry",
    "slug": "lumen-type",
    "avatar_url": "https://lumen-type.example/static/logo.png",
    "website": "https://lumen-type.example",
}
POLAR_ORG_SENDER = "Lumen Type Foundry (via Polar) <lumen-type@notifications.polar.sh>"
POLAR_SENDER = "Polar <mail@notifications.polar.sh>"


def polar_order(
    description: str, reason: str, subtotal: int, tax: int, number: str, created: str, label: str
) -> dict[str, Any]:
    return {
        "status": "paid",
        "paid": True,
        "invoice_number": number,
        "description": description,
        "created_at": created,
        "subtotal_amount": subtotal,
        "discount_amount": 0,
        "net_amount": subtotal,
        "tax_amount": tax,
        "total_amount": subtotal + tax,
        "applied_balance_amount": 0,
        "due_amount": subtotal + tax,
        "refunded_amount": 0,
        "refunded_tax_amount": 0,
        "currency": "eur",
        "billing_reason": reason,
        "billing_name": "Noor Tester",
        "billing_address": {
            "line1": "Keizersgracht 214",
            "line2": None,
            "city": "Amsterdam",
            "state": None,
            "postal_code": "1016 DZ",
            "country": "NL",
        },
        "subscription_id": None if reason == "purchase" else "5b1f0c2e-8d4a-4e7b-9c3f-2a6d8e1b7f40",
        "items": [
            {
                "id": "2f6c9e1a-3b7d-4c58-a0e2-9d41b6f8c357",
                "label": label,
                "amount": subtotal,
                "proration": False,
                "product_price_id": "7c2e5a90-1d3f-4b6e-8a47-c0f9d2e6b1a3",
            }
        ],
    }


def polar(mirrors: Path, node_modules: Path) -> list[dict[str, Any]]:
    repo = mirrors / "polarsource+polar" / "repo"
    work = Path(tempfile.mkdtemp(prefix="polar-emails-"))
    archive = subprocess.run(
        ["git", f"--git-dir={repo}", "archive", POLAR_COMMIT, "server/emails"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    (work / "render.tsx").write_text(POLAR_RENDER)
    (work / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "jsx": "react-jsx",
                    "esModuleInterop": True,
                    "module": "esnext",
                    "moduleResolution": "bundler",
                    "target": "es2022",
                }
            }
        )
    )
    (work / "node_modules").symlink_to(node_modules)
    login = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(6))
    portal = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(6))
    token = "polar_cst_" + "".join(
        RNG.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in range(43)
    )
    fonts = {
        "name": "Lumen Sans Desktop License",
        "benefits": [
            {
                "id": "b7d3c1e0-5a2f-4e96-8b14-6c0a9f3e2d51",
                "type": "license_keys",
                "description": "Desktop license key (2 seats)",
                "properties": {},
            },
            {
                "id": "e1a4f6c2-9b3d-4f70-a5e8-3d2c7b9f0a64",
                "type": "downloadables",
                "description": "Font files (OTF, TTF, WOFF2)",
                "properties": {},
            },
        ],
    }
    club = {
        "name": "Lumen Type Club",
        "benefits": [
            {
                "id": "c3e5a7b9-0d2f-4a61-8c4e-6b8d0f2a4c97",
                "type": "downloadables",
                "description": "Monthly type specimen and beta fonts",
                "properties": {},
            }
        ],
    }
    specs: list[tuple[str, str, str, dict[str, Any], str | None, str, str, str]] = [
        (
            "polar-login-code-en",
            "login_code",
            "Sign in to Polar",
            {
                "email": "noor.tester@example.com",
                "code": login,
                "code_lifetime_minutes": 30,
                "domain": "polar.sh",
            },
            login,
            "saas-otp",
            POLAR_SENDER,
            "six-character sign-in code (capitals and digits), one character per span, repeated in "
            "a hidden '@polar.sh #CODE' line and in the pre-header",
        ),
        (
            "polar-customer-session-code-en",
            "customer_session_code",
            "Access your Lumen Type Foundry purchases",
            {
                "email": "noor.tester@example.com",
                "organization": POLAR_ORG,
                "code": portal,
                "code_lifetime_minutes": 30,
                "url": "https://polar.sh/lumen-type/portal/authenticate",
                "domain": "polar.sh",
            },
            portal,
            "shop-otp",
            POLAR_ORG_SENDER,
            "six-character customer-portal code (capitals and digits, CUSTOMER_SESSION_CODE_LENGTH), "
            "one character per span",
        ),
        (
            "polar-order-confirmation-en",
            "order_confirmation",
            "Your Lumen Sans Desktop License order confirmation",
            {
                "email": "noor.tester@example.com",
                "organization": POLAR_ORG,
                "product": fonts,
                "order": polar_order(
                    "Lumen Sans Desktop License",
                    "purchase",
                    14900,
                    3129,
                    "LUMEN-TYPE-0042",
                    "2026-12-03T08:12:44Z",
                    "Lumen Sans Desktop License (2 seats)",
                ),
                "url": f"https://polar.sh/lumen-type/portal?customer_session_token={token}"
                "&id=9a3d5f71-2c4e-4b8a-b6d0-e1f3a5c7d9b2&email=noor.tester%40example.com",
            },
            None,
            "shop-order",
            POLAR_ORG_SENDER,
            "order receipt: invoice number, amounts in EUR; the PDF invoice Polar attaches is not "
            "reproduced",
        ),
        (
            "polar-subscription-cycled-en",
            "subscription_cycled",
            "Your Lumen Type Club subscription has been renewed",
            {
                "email": "noor.tester@example.com",
                "organization": POLAR_ORG,
                "product": club,
                "subscription": {"id": "5b1f0c2e-8d4a-4e7b-9c3f-2a6d8e1b7f40", "status": "active"},
                "order": polar_order(
                    "Lumen Type Club",
                    "subscription_cycle",
                    900,
                    189,
                    "LUMEN-TYPE-0057",
                    "2026-12-01T00:00:09Z",
                    "Lumen Type Club (monthly)",
                ),
                "url": f"https://polar.sh/lumen-type/portal?customer_session_token={token}"
                "&id=5b1f0c2e-8d4a-4e7b-9c3f-2a6d8e1b7f40&email=noor.tester%40example.com",
            },
            None,
            "invoice",
            POLAR_ORG_SENDER,
            "renewal receipt: invoice number, amounts in EUR",
        ),
        (
            "polar-subscription-past-due-en",
            "subscription_past_due",
            "Your Lumen Type Club payment failed",
            {
                "email": "noor.tester@example.com",
                "organization": POLAR_ORG,
                "product": club,
                "url": "https://polar.sh/lumen-type/portal/subscriptions/5b1f0c2e-8d4a-4e7b-9c3f-2a6d8e1b7f40",
                "access_ends_at": None,
                "deadline": "2026-12-17T08:12:44Z",
            },
            None,
            "notice",
            POLAR_ORG_SENDER,
            "failed-payment notice with a deadline date",
        ),
        (
            "polar-payment-method-expiration-reminder-en",
            "payment_method_expiration_reminder",
            "Your card ending in 4417 expires soon",
            {
                "email": "noor.tester@example.com",
                "organization": POLAR_ORG,
                "payment_method": {
                    "id": "pm_3Qx7LmT2aB9cD4eF",
                    "method_metadata": {
                        "brand": "mastercard",
                        "last4": "4417",
                        "exp_month": 1,
                        "exp_year": 2027,
                    },
                },
                "product_names": ["Lumen Type Club"],
                "expiration_date": "January 2027",
                "url": "https://polar.sh/lumen-type/portal/settings",
            },
            None,
            "notice",
            POLAR_ORG_SENDER,
            "card-expiry reminder: last four digits, month/year",
        ),
        (
            "polar-email-update-en",
            "email_update",
            "Update your email",
            {
                "email": "noor.tester@example.com",
                "token_lifetime_minutes": 30,
                "url": "https://polar.sh/settings/account/email/update?token=polar_eu_"
                + "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32)),
            },
            None,
            "notice",
            POLAR_SENDER,
            "verification by link only",
        ),
    ]
    jobs = [{"template": t, "props": props} for _, t, _, props, *_ in specs]
    env = {**os.environ, "NODE_ENV": "production", "TZ": "UTC"}
    rendered = json.loads(
        subprocess.run(
            [str(node_modules / ".bin" / "tsx"), "render.tsx"],
            cwd=work,
            env=env,
            check=True,
            input=json.dumps(jobs).encode(),
            capture_output=True,
        ).stdout
    )
    shutil.rmtree(work)
    items = []
    for (ident, template, subject, _props, code, kind, sender, note), page in zip(
        specs, rendered, strict=True
    ):
        raw = message(sender=sender, subject=subject, text=None, html_part=page, sent=SENT)
        item = write(
            "polar",
            ident,
            ident.rsplit("-", 1)[0],
            {"lang": "en", "kind": kind, "note": note},
            code,
            raw,
            f"server/emails/src/emails/{template}.tsx; server/emails/src/components/",
            "react-email 6.9.2 / react 19.2.8 render of the TSX template (as "
            "server/emails/src/index.tsx), props written by hand in the shape of "
            "polar/email/schemas.py; one text/html part as polar/email/sender.py sends it; "
            "subject and sender as the service code builds them",
        )
        item.update(repository=POLAR_REPO, commit=POLAR_COMMIT, licence="Apache-2.0")
        items.append(item)
    return items


COINOS_COMMIT = "dea17487cf4fe63d029b760749e8675183042d3c"
COINOS_REPO = "coinos/coinos-server"
COINOS_RENDER = """// Fills Coinos' handlebars mail templates as lib/mail.ts and lib/notifications.ts do.
const fs = require('fs')
const handlebars = require('handlebars')
const URL = 'https://coinos.io'
const SATS = 100000000
const fmt = (sats) => `⚡️${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(sats)}`
const f = (s, currency) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(s).replace('CA', '')
const fiat = (n, r) => (n * r) / SATS
const link = (id) => `${URL}/payment/${id}`
const jobs = JSON.parse(fs.readFileSync(0, 'utf-8'))
const out = []
for (const job of jobs) {
  const source = fs.readFileSync(job.template, 'utf8')
  let params
  if (job.kind === 'received') {
    const t = JSON.parse(fs.readFileSync(`lib/locales/${job.language}.json`, 'utf8'))
    const p = job.payment
    params = { ...t, username: job.username, payment: {
      amount: fmt(p.amount), link: link(p.id), tip: p.tip ? fmt(p.tip) : undefined,
      fiat: f(fiat(p.amount, p.rate), p.currency),
      fiatTip: p.tip ? f(fiat(p.tip, p.rate), p.currency) : undefined, memo: p.memo,
      items: p.items?.map((i) => ({ quantity: i.quantity, name: i.name, total: i.quantity * i.price,
                                    totalFiat: f(i.quantity * i.price, p.currency) })) },
      withdrawal: job.withdrawal && (job.withdrawal.failed ? { failed: true }
        : { amount: fmt(job.withdrawal.amount), link: link(job.withdrawal.id) }) }
    out.push({ subject: t.paymentReceived, html: handlebars.compile(source)(params) })
  } else {
    out.push({ subject: job.subject, html: handlebars.compile(source)(job.params) })
  }
}
process.stdout.write(JSON.stringify(out))
"""


def coinos(mirrors: Path, node_modules: Path) -> list[dict[str, Any]]:
    repo = mirrors / "coinos+coinos-server" / "repo"
    work = Path(tempfile.mkdtemp(prefix="coinos-"))
    archive = subprocess.run(
        ["git", f"--git-dir={repo}", "archive", COINOS_COMMIT, "templates", "lib/locales"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    (work / "render.js").write_text(COINOS_RENDER)
    (work / "node_modules").symlink_to(node_modules)

    def uuid4() -> str:
        h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) % 4]}{h[17:20]}-{h[20:]}"

    received = "templates/payments/received.html"
    specs: list[tuple[str, str, dict[str, Any], str]] = [
        (
            "coinos-payment-received-en",
            "en",
            {
                "kind": "received",
                "template": received,
                "language": "en",
                "username": "noorcafe",
                "payment": {
                    "amount": 21400,
                    "tip": 2140,
                    "rate": 97250.12,
                    "currency": "USD",
                    "memo": "Table 7",
                    "id": uuid4(),
                    "items": [
                        {"quantity": 2, "name": "Flat white", "price": 4.5},
                        {"quantity": 1, "name": "Almond croissant", "price": 3.75},
                    ],
                },
                "withdrawal": {"amount": 23100, "id": uuid4()},
            },
            "payment notice: item list, fiat and sats amounts with tip, payment link, auto-withdrawal",
        ),
        (
            "coinos-payment-received-es",
            "es",
            {
                "kind": "received",
                "template": received,
                "language": "es",
                "username": "bicisol",
                "payment": {
                    "amount": 150000,
                    "rate": 89110.5,
                    "currency": "EUR",
                    "memo": "Alquiler bici 3h",
                    "id": uuid4(),
                },
            },
            "payment notice: fiat and sats amounts, memo, payment link",
        ),
        (
            "coinos-payment-received-ja",
            "ja",
            {
                "kind": "received",
                "template": received,
                "language": "ja",
                "username": "ramen-kaze",
                "payment": {"amount": 8350, "rate": 14820000, "currency": "JPY", "id": uuid4()},
            },
            "payment notice: yen and sats amounts, payment link",
        ),
        (
            "coinos-payment-received-tr",
            "tr",
            {
                "kind": "received",
                "template": received,
                "language": "tr",
                "username": "kahveci",
                "payment": {"amount": 64000, "rate": 3320000, "currency": "TRY", "id": uuid4()},
                "withdrawal": {"failed": True},
            },
            "payment notice with the failed auto-withdrawal line; lira and sats amounts",
        ),
        (
            "coinos-verify-email-en",
            "en",
            {
                "kind": "plain",
                "template": "templates/payments/verify.html",
                "subject": "Email Verification",
                "params": {"username": "noorcafe", "link": f"https://coinos.io/verify/{uuid4()}"},
            },
            "verification by link only (uuid in the URL)",
        ),
        (
            "coinos-password-reset-en",
            "en",
            {
                "kind": "plain",
                "template": "templates/payments/reset.html",
                "subject": "Password reset",
                "params": {"username": "noorcafe", "link": f"https://coinos.io/reset/{uuid4()}"},
            },
            "reset by link only (uuid in the URL)",
        ),
    ]
    rendered = json.loads(
        subprocess.run(
            ["node", "render.js"],
            cwd=work,
            check=True,
            capture_output=True,
            input=json.dumps([job for _, _, job, _ in specs]).encode(),
        ).stdout
    )
    shutil.rmtree(work)
    items = []
    for (ident, lang, job, note), out in zip(specs, rendered, strict=True):
        raw = message(
            sender='"Coinos " <support@coinos.io>',
            subject=out["subject"],
            text=None,
            html_part=out["html"],
            sent=SENT,
        )
        paths = job["template"] + (
            "; lib/locales/" + lang + ".json; lib/notifications.ts"
            if job["kind"] == "received"
            else "; routes/users.ts"
        )
        item = write(
            "coinos",
            ident,
            ident.rsplit("-", 1)[0],
            {"lang": lang, "kind": "notice", "note": note},
            None,
            raw,
            paths + "; lib/mail.ts; lib/utils.ts",
            "handlebars 4.7 compile of the template with the params lib/notifications.ts "
            "/ routes/users.ts pass (fmt, f, fiat, link as lib/utils.ts, run in node); one "
            "text/html part, sender and subject as lib/mail.ts and the callers give them",
        )
        item.update(repository=COINOS_REPO, commit=COINOS_COMMIT, licence="AGPL-3.0")
        items.append(item)
    return items


FLOWGLAD_COMMIT = "49b3368f6a18f504ef85d623820e9bfdf076cdf7"
FLOWGLAD_REPO = "flowglad/flowglad"
FLOWGLAD_DIR = "platform/flowglad-next/src/email-templates"
FLOWGLAD_RENDER = """// Renders Flowglad's email components as resend 4 does with @react-email/render.
import { render } from '@react-email/render'
import * as fs from 'fs'
import { CustomerBillingPortalOTPEmail } from './T/customer-billing-portal-otp'
import { CustomerBillingPortalMagicLinkEmail } from './T/customer-billing-portal-magic-link'
import { ForgotPasswordEmail } from './T/forgot-password'
const components: Record<string, any> = {
  'customer-billing-portal-otp': CustomerBillingPortalOTPEmail,
  'customer-billing-portal-magic-link': CustomerBillingPortalMagicLinkEmail,
  'forgot-password': ForgotPasswordEmail,
}
const main = async () => {
  const jobs = JSON.parse(fs.readFileSync(0, 'utf-8'))
  const out: string[] = []
  for (const job of jobs) out.push(await render(await components[job.template](job.props)))
  process.stdout.write(JSON.stringify(out))
}
main()
""".replace("./T/", "./" + FLOWGLAD_DIR + "/")


def flowglad(mirrors: Path, node_modules: Path) -> list[dict[str, Any]]:
    repo = mirrors / "flowglad+flowglad" / "repo"
    work = Path(tempfile.mkdtemp(prefix="flowglad-"))
    archive = subprocess.run(
        ["git", f"--git-dir={repo}", "archive", FLOWGLAD_COMMIT, FLOWGLAD_DIR],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    # the two app modules the templates import, reduced to what these three mails use
    # (emailBaseUrl is NEXT_PUBLIC_APP_URL in src/utils/core.ts; LineItem's money formatter is
    # not reached by these mails)
    (work / "stub-core.ts").write_text("export const emailBaseUrl = 'https://app.flowglad.com'\n")
    (work / "stub-stripe.ts").write_text(
        "export const stripeCurrencyAmountToHumanReadableCurrencyAmount = (): string => {\n"
        "  throw new Error('not used by the mails rendered here')\n}\n"
    )
    (work / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "jsx": "react-jsx",
                    "esModuleInterop": True,
                    "module": "esnext",
                    "moduleResolution": "bundler",
                    "target": "es2022",
                    "baseUrl": ".",
                    "paths": {
                        "@/utils/core": ["./stub-core.ts"],
                        "@/utils/stripe": ["./stub-stripe.ts"],
                    },
                }
            }
        )
    )
    (work / "render.tsx").write_text(FLOWGLAD_RENDER)
    (work / "node_modules").symlink_to(node_modules)
    otp = "".join(str(RNG.randrange(10)) for _ in range(6))  # better-auth emailOTP, otpLength 6
    org = "Harbor Analytics"
    org_from = "Harbor Analytics Billing <harbor-analytics-billing@flowglad.com>"
    token = "".join(
        RNG.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in range(32)
    )
    specs = [
        (
            "flowglad-customer-billing-portal-otp-en",
            "customer-billing-portal-otp",
            f"{otp} is your {org} billing portal code",
            org_from,
            {
                "email": "noor.tester@example.com",
                "otp": otp,
                "customerName": "Noor Tester",
                "organizationName": org,
                "livemode": True,
            },
            otp,
            "shop-otp",
            "six-digit billing-portal code (better-auth emailOTP, otpLength 6), also first in the subject",
        ),
        (
            "flowglad-customer-billing-portal-magic-link-en",
            "customer-billing-portal-magic-link",
            f"Log in to your {org} billing portal",
            org_from,
            {
                "email": "noor.tester@example.com",
                "customerName": "Noor Tester",
                "organizationName": org,
                "url": f"https://app.flowglad.com/api/auth/customer/magic-link/verify?token={token}"
                "&callbackURL=%2Fbilling-portal",
                "livemode": True,
            },
            None,
            "notice",
            "log-in by link only",
        ),
        (
            "flowglad-forgot-password-en",
            "forgot-password",
            "Reset your password",
            "notifications@flowglad.com",
            {
                "user": "noor.tester@example.com",
                "url": f"https://app.flowglad.com/reset-password?token={token[::-1]}",
            },
            None,
            "notice",
            "password reset by link only",
        ),
    ]
    env = {**os.environ, "NODE_ENV": "production", "TZ": "UTC"}
    rendered = json.loads(
        subprocess.run(
            [str(node_modules / ".bin" / "tsx"), "render.tsx"],
            cwd=work,
            env=env,
            check=True,
            capture_output=True,
            input=json.dumps(
                [{"template": t, "props": pr} for _, t, _, _, pr, *_ in specs]
            ).encode(),
        ).stdout
    )
    shutil.rmtree(work)
    items = []
    for (ident, template, subject, sender, _props, code, kind, note), page in zip(
        specs, rendered, strict=True
    ):
        raw = message(sender=sender, subject=subject, text=None, html_part=page, sent=SENT)
        item = write(
            "flowglad",
            ident,
            ident.rsplit("-", 1)[0],
            {"lang": "en", "kind": kind, "note": note},
            code,
            raw,
            f"{FLOWGLAD_DIR}/{template}.tsx; {FLOWGLAD_DIR}/components/; "
            "platform/flowglad-next/src/utils/email.ts; "
            "platform/flowglad-next/src/utils/email/fromAddress.ts",
            "@react-email/components 0.0.36 + @react-email/render 0.0.17 (the app's "
            "versions) render in node, two app imports stubbed; one text/html part as "
            "resend sends react mail; subject and sender as utils/email.ts builds them",
        )
        item.update(repository=FLOWGLAD_REPO, commit=FLOWGLAD_COMMIT, licence="AGPL-3.0")
        items.append(item)
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node-modules", type=Path, default=Path("/tmp/polar-node/node_modules"))
    ap.add_argument("--flowglad-node-modules", type=Path, default=Path("/tmp/fg-node/node_modules"))
    args = ap.parse_args()
    items = (
        barong(args.mirrors)
        + postmaster(args.mirrors)
        + paystell(args.mirrors)
        + sdp(args.mirrors)
        + polar(args.mirrors, args.node_modules)
        + coinos(args.mirrors, args.node_modules)
        + flowglad(args.mirrors, args.flowglad_node_modules)
    )
    OUT.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "items")


if __name__ == "__main__":
    main()
