"""Round fourteen (``fin``): codes and notices that crypto-exchange software mails.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r14_fin.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
openware+barong, openware+postmaster, PayStell+paystell-backend,
stellar+stellar-disbursement-platform-backend.

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
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message  # noqa: E402

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
        check=True, capture_output=True, text=True,
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
    {"template": "new_beneficiary", "lang": "en", "subject": "New Beneficiary",
     "kind": "fintech-otp", "code": "pin",
     "values": {"@record.currency": "usdt", "@record.name": "Noor cold wallet"},
     "note": "six-digit pin-code for the new withdrawal beneficiary, to be typed to activate it"},
    {"template": "deposit_accepted", "lang": "en", "subject": "Deposit Accepted",
     "kind": "notice", "code": None,
     "values": {"@record.state": "accepted", "@record.amount": "0.0412", "@record.currency": "btc",
                "@record.tid": "TID6A1F03B77E"},
     "note": "deposit receipt: transaction id and amount, no code"},
    {"template": "withdraw_succeed", "lang": "en", "subject": "Withdrawal Succeed",
     "kind": "notice", "code": None,
     "values": {"@record.state": "succeed", "@record.amount": "250.0", "@record.currency": "usdt",
                "@record.tid": "TID9C04E2D5A1"},
     "note": "withdrawal receipt: transaction id and amount, no code"},
    {"template": "session_create", "lang": "en", "subject": "New Login", "kind": "notice",
     "code": None,
     "values": {"@record.user_ip": "203.0.113.58",
                "@record.user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"},
     "note": "new-login alert with IP address"},
    {"template": "label", "lang": "en", "subject": "Phone verified", "kind": "notice",
     "code": None,
     "values": {"@record.value": "verified", "@record.key": "phone", "@record.user.level": "2",
                "@record.user.state": "active"},
     "note": "label.created (subject 'Phone verified'): account level 2, no code"},
    {"template": "label", "lang": "en", "subject": "Label Updated", "kind": "notice",
     "code": None, "id": "barong-label-updated-en",
     "values": {"@record.value": "rejected", "@record.key": "id_document", "@record.user.level": "2",
                "@record.user.state": "active"},
     "note": "label.updated, document rejected; same template as label.created"},
]
for _lang, _subj in (("en", "Registration Confirmation"), ("ru", "Подтверждение Регистрации")):
    BARONG.append({"template": "email_confirmation", "lang": _lang, "subject": _subj,
                   "kind": "notice", "code": None, "values": {},
                   "note": "confirmation token only inside the link"})
for _lang, _subj in (("en", "Password Reset"), ("ru", "Сброс Пароля")):
    BARONG.append({"template": "password_reset", "lang": _lang, "subject": _subj,
                   "kind": "notice", "code": None, "values": {},
                   "note": "reset token only inside the link"})


def barong(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "openware+barong" / "repo"
    layout = show(repo, BARONG_COMMIT, "app/views/layouts/mailer.html.erb")
    items = []
    for spec in BARONG:
        path = f"app/views/postmaster/{spec['template']}.{spec['lang']}.html.erb"
        values = {"@user.email": "noor.tester@example.com",
                  "@record.domain": "https://exchange.example",
                  "@record.token": token(32), **spec["values"]}
        code = None
        if spec["code"] == "pin":
            code = str(RNG.randrange(10**5, 10**6))
            values["@record.pin"] = code
        body = erb(show(repo, BARONG_COMMIT, path), values)
        page = layout.replace("<%= yield %>", body)
        ident = spec.get("id") or f"barong-{spec['template'].replace('_', '-')}-{spec['lang']}"
        group = ident.rsplit("-", 1)[0]
        raw = message(sender=SENDER, subject=spec["subject"], text=None, html_part=page, sent=SENT)
        items.append(write("barong", ident, group, spec, code, raw,
                           "app/views/postmaster/... ; app/views/layouts/mailer.html.erb; config/mailer.yml".replace(
                               "app/views/postmaster/...", path),
                           "ERB filled by a small renderer (values by hand), image_tag by hand, "
                           "inside mailer layout; one text/html part; subject from config/mailer.yml"))
    return items


def write(source: str, ident: str, group: str, spec: dict[str, Any], code: str | None,
          raw: bytes, path: str, rendered: str) -> dict[str, Any]:
    rel = f"mail/{source}/{ident}.eml"
    (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
    (HERE / rel).write_bytes(raw)
    item = {"id": ident, "group": group, "source": source, "lang": spec["lang"],
            "kind": spec["kind"], "code": code, "repository": BARONG_REPO, "path": path,
            "commit": BARONG_COMMIT, "licence": "Apache-2.0", "rendered": rendered,
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest()}
    if spec.get("note"):
        item["note"] = spec["note"]
    return item


POSTMASTER_COMMIT = "3a797eca47113841d0a702ac52065b3838af144a"
POSTMASTER_REPO = "openware/postmaster"
POSTMASTER_SENDER = '"postmaster" <noreply@exchange.example>'
POSTMASTER: list[dict[str, Any]] = [
    {"template": "new_beneficiary", "lang": "en", "subject": "New Beneficiary",
     "kind": "fintech-otp", "code": "pin",
     "values": {".record.currency": "eth", ".record.name": "Ledger Nano"},
     "note": "six-digit pin-code for the new withdrawal beneficiary, to be typed to activate it"},
    {"template": "deposit_accepted", "lang": "en", "subject": "Deposit Accepted",
     "kind": "notice", "code": None,
     "values": {".record.state": "accepted", ".record.amount": "1.25", ".record.currency": "eth",
                ".record.tid": "TID52B7E90C14"},
     "note": "deposit receipt: transaction id and amount, no code"},
    {"template": "withdraw_succeed", "lang": "en", "subject": "Withdrawal Succeed",
     "kind": "notice", "code": None,
     "values": {".record.state": "succeed", ".record.amount": "1800.5", ".record.currency": "usd",
                ".record.tid": "TIDE3F1A8406B"},
     "note": "withdrawal receipt: transaction id and amount, no code"},
    {"template": "session_create", "lang": "en", "subject": "New Login", "kind": "notice",
     "code": None,
     "values": {".record.user_ip": "198.51.100.23",
                ".record.user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"},
     "note": "new-login alert with IP address"},
    {"template": "label_created", "lang": "en", "subject": "Account Details Updated",
     "kind": "notice", "code": None,
     "values": {".record.key": "phone", ".record.value": "verified", ".record.user.level": "2",
                ".record.user.state": "active"},
     "note": "phone label verified, account level 2, no code"},
]
for _lang, _subj in (("en", "Registration Confirmation"), ("ru", "Подтверждение Регистрации")):
    POSTMASTER.append({"template": "email_confirmation", "lang": _lang, "subject": _subj,
                       "kind": "notice", "code": None, "values": {},
                       "note": "confirmation token only inside the link"})
for _lang, _subj in (("en", "Password Reset"), ("ru", "Сброс Пароля")):
    POSTMASTER.append({"template": "password_reset", "lang": _lang, "subject": _subj,
                       "kind": "notice", "code": None, "values": {},
                       "note": "reset token only inside the link"})


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
        values = {".record.user.email": "noor.tester@example.com",
                  ".record.domain": "https://exchange.example",
                  ".record.token": token(32), **spec["values"]}
        code = None
        if spec["code"] == "pin":
            code = str(RNG.randrange(10**5, 10**6))
            values[".record.pin"] = code
        page = gotemplate(show(repo, POSTMASTER_COMMIT, path), values)
        ident = f"postmaster-{spec['template'].replace('_', '-')}-{spec['lang']}"
        raw = message(sender=POSTMASTER_SENDER, subject=spec["subject"], text=None,
                      html_part=page, sent=SENT)
        item = write("postmaster", ident, ident.rsplit("-", 1)[0], spec, code, raw,
                     f"{path}; templates/email.tpl; config/postmaster.yml",
                     "Go html/template filled by a small renderer (values by hand); one "
                     "text/html part as templates/email.tpl; subject from config/postmaster.yml")
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
        return js_fill(layout, {"primaryColor": "#079eff", "header": header, "content": content,
                                "new Date().getFullYear()": str(SENT.year)})

    jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
           "eyJlbWFpbCI6Im5vb3IudGVzdGVyQGV4YW1wbGUuY29tIiwiaWF0IjoxNzk2MjkxMDYyLCJleHAiOjE3OTYzNzc0NjJ9."
           "Qm1c3fJ0t8wVh4pZ2yXkN7aEeR5sLdUoB9gTiC6vHrM")
    items = []
    # wallet verification: code Math.floor(100000 + Math.random() * 900000)
    wsrc = show(repo, PAYSTELL_COMMIT, "src/template/wallet-verification.template.ts")
    code = str(RNG.randrange(100000, 1000000))
    address = "G" + "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(55))
    vals = {"verificationCode": code, "walletAddress": address,
            "verifyUrl": f"https://paystell.com/verify-wallet?token={jwt}"}
    html_page = page(js_fill(backtick(wsrc, "const header ="), vals),
                     js_fill(backtick(wsrc, "const content ="), vals))
    specs = [
        ("paystell-wallet-verification-en", "Verify Your Stellar Wallet", html_page, code,
         "fintech-otp",
         "src/template/wallet-verification.template.ts; src/template/layout.ts; "
         "src/utils/sendWalletVerificationEmail.ts; src/services/wallet-verification.service.ts",
         "six-digit code (Math.floor(100000 + Math.random() * 900000)) under the Stellar address "
         "being linked; a verify link too"),
    ]
    esrc = show(repo, PAYSTELL_COMMIT, "src/template/emailVerification.ts")
    vals = {"email": "noor.tester@example.com",
            "verifyUrl": f"https://paystell.com/verify-email?token={jwt}"}
    specs.append(("paystell-email-verification-en", "Verify Your Email",
                  page(js_fill(backtick(esrc, "const header ="), vals),
                       js_fill(backtick(esrc, "const content ="), vals)),
                  None, "notice",
                  "src/template/emailVerification.ts; src/template/layout.ts; "
                  "src/utils/sendVerificationEmail.ts",
                  "verification by link only (JWT in the URL)"))
    # monitoring alert: html built inline in MetricsService.triggerAlert
    msrc = show(repo, PAYSTELL_COMMIT, "src/services/MetricsService.ts")
    message_text = js_fill(backtick(msrc, "this.maybeAlert(\n      \"api_latency\""),
                           {"durationMs.toFixed(2)": "1482.37", "method": "POST",
                            "route": "/api/v1/payment-links/:id/pay"})
    alert = js_fill(backtick(msrc, 'subject: "[PayStell] Monitoring Alert"'),
                    {"message": message_text, "new Date().toISOString()": "2026-12-03T08:17:41.806Z"})
    specs.append(("paystell-monitoring-alert-en", "[PayStell] Monitoring Alert", alert, None,
                  "notice", "src/services/MetricsService.ts",
                  "operator alert: latency in ms, route and ISO time; no code"))
    for ident, subject, body, code, kind, path, note in specs:
        raw = message(sender=PAYSTELL_SENDER, subject=subject, text=None, html_part=body,
                      sent=SENT)
        item = write("paystell", ident, ident.rsplit("-", 1)[0],
                     {"lang": "en", "kind": kind, "note": note}, code, raw, path,
                     "TypeScript template literals read from the snapshot and filled by hand "
                     "(year 2026, invented JWT and Stellar address); one text/html part as "
                     "src/utils/mailer.ts sends it")
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
        text = show(repo, SDP_COMMIT, f"{tmpl_dir}/email/{name}.tmpl").replace("{{EmailStyle}}", style)
        return gotemplate(text, values)

    def empty_body(body: str) -> str:  # ExecuteHTMLTemplateForEmailEmptyBody, template.HTML body
        return show(repo, SDP_COMMIT, f"{tmpl_dir}/empty_body.tmpl").replace("{{.Body}}", body)

    items = []
    mfa = "".join(str(RNG.randrange(10)) for _ in range(6))  # generateMFACode: six rand digits
    otp = "".join(RNG.choice("0123456789") for _ in range(6))  # RandomString(6, NumberBytes)
    short = "".join(RNG.choice("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                    for _ in range(6))
    reset_token = "".join(RNG.choice("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                          for _ in range(32))
    # receiver OTP: DefaultOTPMessageTemplate + OTPMessageDisclaimer (receiver_send_otp_handler.go)
    otp_body = gotemplate(
        "{{.OTP}} is your {{.OrganizationName}} verification code."
        " If you did not request this code, please ignore. Do not share your code with anyone.",
        {".OTP": otp, ".OrganizationName": SDP_ORG})
    invite_body = (f"You have a payment waiting for you from the {SDP_ORG}. "
                   f"Click https://aidrelief.sdp.example/r/{short} to register.")
    specs = [
        ("sdp-staff-mfa-en", "Verification code to access your account",
         staff("staff_mfa_message", {".MFACode": mfa, ".OrganizationName": SDP_ORG}), mfa,
         "fintech-otp",
         f"{tmpl_dir}/email/staff_mfa_message.tmpl; internal/htmltemplate/htmltemplate.go; "
         "internal/serve/httphandler/login_handler.go; stellar-auth/pkg/auth/mfa_manager.go",
         "six-digit two-factor code for the dashboard sign-in"),
        (f"sdp-receiver-otp-en", f"Your One-Time Password: {otp}", empty_body(otp_body), otp,
         "fintech-otp",
         f"{tmpl_dir}/empty_body.tmpl; internal/serve/httphandler/receiver_send_otp_handler.go; "
         "internal/data/organizations.go",
         "six-digit OTP for the payment receiver's wallet registration, also in the subject"),
        ("sdp-receiver-invitation-en", f"You have a payment waiting for you from {SDP_ORG}",
         empty_body(invite_body), None, "notice",
         f"{tmpl_dir}/empty_body.tmpl; internal/services/send_receiver_wallets_invite_service.go; "
         "internal/data/organizations.go",
         "payment invitation with a shortened registration link (six-character short code in the URL)"),
        ("sdp-forgot-password-en", "Reset Account Password",
         staff("staff_forgot_password_message",
               {".ResetPasswordLink": f"https://dashboard.aidrelief.example/reset-password?token={reset_token}",
                ".OrganizationName": SDP_ORG}), None, "notice",
         f"{tmpl_dir}/email/staff_forgot_password_message.tmpl; "
         "internal/serve/httphandler/forgot_password_handler.go",
         "reset token only inside the link"),
        ("sdp-staff-invitation-en", "Welcome to Stellar Disbursement Platform",
         staff("staff_invitation_message",
               {".FirstName": "Noor", ".Role": "financial_controller",
                ".ForgotPasswordLink": "https://dashboard.aidrelief.example/forgot-password",
                ".OrganizationName": SDP_ORG}), None, "notice",
         f"{tmpl_dir}/email/staff_invitation_message.tmpl; internal/services/send_invitation_message.go",
         "staff invitation, link to set a password; no code"),
    ]
    for ident, subject, body, code, kind, path, note in specs:
        raw = message(sender=SDP_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
        item = write("sdp", ident, ident.rsplit("-", 1)[0],
                     {"lang": "en", "kind": kind, "note": note}, code, raw, path,
                     "Go html/template files filled by a small renderer (EmailStyle inlined from "
                     "htmltemplate.go; plain bodies wrapped in empty_body.tmpl as aws_ses_client.go "
                     "does); one text/html part, subject = message Title")
        item.update(repository=SDP_REPO, commit=SDP_COMMIT, licence="Apache-2.0")
        items.append(item)
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = (barong(args.mirrors) + postmaster(args.mirrors) + paystell(args.mirrors)
             + sdp(args.mirrors))
    OUT.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "items")


if __name__ == "__main__":
    main()
