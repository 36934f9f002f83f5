"""Round fourteen (``move``): codes and notices that Fleetbase (logistics / delivery platform) mails.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r14_move.py [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots fetched for this round: fleetbase+core-api,
fleetbase+storefront, fleetbase+fleetops (all AGPL-3.0), seatsurfing+seatsurfing (GPL-3.0),
cyklokoalicia+OpenSourceBikeShare (GPL-3.0).

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Fleetbase core-api: ``views/mail/verification.blade.php`` as ``src/Mail/VerificationMail.php``
  sends it (subject ``<code> is your <app> verification code``; with no ``$content`` the
  built-in text and a "Verify Email" button for ``email_verification``; with ``$content``
  that string instead, as ``src/Support/TwoFactorAuth.php`` and the extensions pass it),
  ``views/mail/user-credentials.blade.php`` as ``src/Mail/UserCredentialsMail.php`` sends it.
  Codes ``mt_rand(100000, 999999)`` (``src/Models/VerificationCode.php``).
- Fleetbase Storefront and FleetOps: the ``messageCallback`` strings of their customer /
  driver controllers fed into the same verification mail (the ``subject`` option they pass is
  not used by ``VerificationMail``, whose subject is fixed), and the ``toMail`` notifications
  (``Illuminate\\Notifications\\Messages\\MailMessage``) of order events, with tracking
  numbers as ``TrackingNumber::generateTrackingNumber`` makes them (three company letters,
  ten digits, region).

Both are Laravel markdown mails. Laravel's own mail layout (``vendor/mail/html``) and its CSS
inlining are NOT reproduced byte for byte: the HTML part is a hand-made reduction of
Laravel's layout (wrapper/header/body/footer tables, button, subcopy) around the Blade
output, and the text part is the markdown with tags stripped, as Laravel's text renderer
does. Fleetbase ships these mails in English only.

- Seatsurfing (seatsurfing/seatsurfing, GPL-3.0), desk, room and parking-space booking:
  ``server/res/email-<name>_<lang>.json`` put into ``server/res/email.html`` exactly as
  ``server/util/sendmail.go`` does (``GetHTMLMailTemplate``: headline, paragraphs, buttons,
  final paragraphs and final info, each HTML-escaped; ``ReplaceVarsInTemplate`` with the vars
  the routers pass; the ``email-footer_<lang>.json`` paragraphs; the subject as the JSON
  gives it, never var-filled). Sent as multipart/mixed: one base64 ``text/html`` part and the
  logo ``seatsurfing.png`` (Content-ID ``seatsurfing-logo``); the ``.ics`` attachment of
  booking mails is left out. The address-change code is ``GetRandomNumber(100000, 999999)``.
  English and German (the languages the snapshot ships).
- OpenSourceBikeShare (cyklokoalicia/OpenSourceBikeShare, GPL-3.0), a community bike-share
  system: the password-reset mail of ``src/Controller/SecurityController.php`` (greeting with
  the first word of the user identifier, which is the phone number; new password
  ``substr(md5(...), 0, 8)``, eight hex digits) and the registration mail of
  ``src/EventListener/RegistrationEventListener.php`` (``success.registration.mail``, with the
  e-mail confirmation link), strings from ``translations/messages+intl-icu.<lang>.php`` (ICU
  ``{name}`` placeholders filled), sent by ``src/Mail/PHPMailerMailSender.php`` as one
  ``text/plain`` UTF-8 body. Five languages (cs, de, en, sk, uk).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from collect import HERE, message

OUT = HERE / "round14" / "move.json"
SENT = datetime(2026, 12, 3, 14, 41, 7, tzinfo=UTC)
RNG = random.Random("r14-move")

CORE = ("fleetbase/core-api", "6317e915a0e2afa904a9e9850e8fdc6789ff88b1")
STORE = ("fleetbase/storefront", "b4d9f4b84e88649eba16ade1e6de158a161a84ba")
OPS = ("fleetbase/fleetops", "e59e9250b99a0cf4d79608c1ef933c817a7bb9a0")
APP = "Fleetbase"
CONSOLE = "https://console.fleetbase.io"
FROM = "Fleetbase <hello@fleetbase.io>"


def _write(ident: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/fleetbase/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _code() -> str:
    return str(RNG.randint(100000, 999999))


def _tracking(company: str) -> str:
    return company[:3].upper() + "".join(str(RNG.randint(0, 9)) for _ in range(10)) + "SG"


def _layout(body_html: str, subcopy: str | None = None) -> str:
    """Reduced Laravel markdown layout with Fleetbase's header (views/layout/mail.blade.php)."""
    sub = ""
    if subcopy:
        sub = (
            f'<table class="subcopy" width="100%" cellpadding="0" cellspacing="0" role="presentation">'
            f"<tr><td><p>{subcopy}</p></td></tr></table>"
        )
    return (
        '<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n<title>'
        + APP
        + "</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</head>\n<body>\n'
        '<table class="wrapper" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n<tr>\n'
        '<td align="center">\n<table class="content" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        f'<tr>\n<td class="header">\n<a href="{CONSOLE}" style="display: inline-block;">\n'
        f'<img src="https://flb-assets.s3.ap-southeast-1.amazonaws.com/static/fleetbase-logo.png" alt="{APP} Logo" '
        'class="logo" style="height: 35px; width: 200px; max-height: 60px; max-width: 250px;">\n</a>\n</td>\n</tr>\n'
        '<tr>\n<td class="body" width="100%" cellpadding="0" cellspacing="0" style="border: hidden !important;">\n'
        '<table class="inner-body" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr>\n<td class="content-cell">\n'
        + body_html
        + "\n"
        + sub
        + "\n</td>\n</tr>\n</table>\n</td>\n</tr>\n"
        '<tr>\n<td>\n<table class="footer" align="center" width="570" cellpadding="0" cellspacing="0" role="presentation">\n'
        f'<tr>\n<td class="content-cell" align="center">\n<p>© 2026 {APP}. All Rights Reserved.</p>\n</td>\n</tr>\n'
        "</table>\n</td>\n</tr>\n</table>\n</td>\n</tr>\n</table>\n</body>\n</html>\n"
    )


def _button(url: str, label: str) -> str:
    return (
        '<table class="action" align="center" width="100%" cellpadding="0" cellspacing="0" role="presentation">\n'
        '<tr><td align="center"><table border="0" cellpadding="0" cellspacing="0" role="presentation"><tr><td>'
        f'<a href="{html.escape(url)}" class="button button-primary" target="_blank" rel="noopener">{label}</a>'
        "</td></tr></table></td></tr></table>"
    )


def _text(markup: str) -> str:
    t = re.sub(r"<br\s*/?>", "", markup)
    t = re.sub(r"<[^>]+>", "", t)
    t = html.unescape(t)
    t = re.sub(r"[ \t]+\n", "\n", t)
    t = re.sub(r"\n{3,}", "\n\n", t).strip()
    return f"{APP}: {CONSOLE}\n\n{t}\n\n© 2026 {APP}. All Rights Reserved.\n"


def _blade_verification(tpl: str, *, name: str, code: str, ctype: str, content: str | None,
                        hour: int, session: str) -> tuple[str, str]:  # fmt: skip
    """Fill views/mail/verification.blade.php by hand, as Blade would."""
    greet = "Good Morning" if hour < 12 else ("Good Afternoon" if hour < 18 else "Good Evening")
    head = f'<h2 style="font-size: 18px; font-weight: 600;">\n{html.escape(greet + ", " + name)}!\n</h2>\n'
    if content:
        mid = content + "\n"  # {!! $content !!}
    else:
        mid = (
            f"Welcome to {APP}, use the code below to verify your email address and complete "
            f"registration to {APP}.\n<br />\n<br />\nYour verification code: <code>{code}</code>\n<br />\n"
        )
    assert "Your verification code: <code>{{ $code }}</code>" in tpl and "Verify Email" in tpl
    btn_html = btn_text = ""
    if ctype == "email_verification":
        url = f"{CONSOLE}/onboard?step=verify-email&session={session}&code={code}"
        btn_html, btn_text = _button(url, "Verify Email"), f"Verify Email: {url}"
    body = head + "\n" + mid + "\n" + btn_html
    text = _text(head + "\n" + mid + "\n" + btn_text)
    return _layout(body), text


def _notification(lines: list[str], action: tuple[str, str] | None) -> tuple[str, str]:
    """Laravel's notifications::email view for a MailMessage (greeting 'Hello!', lines,
    action button, 'Regards,' + app name, subcopy with the raw URL)."""
    parts = ["<h1>Hello!</h1>"] + [f"<p>{html.escape(x)}</p>" for x in lines]
    tparts = ["Hello!"] + lines  # noqa: RUF005
    sub = None
    if action:
        label, url = action
        parts.append(_button(url, label))
        tparts.append(f"{label}: {url}")
        sub = (
            f'If you\'re having trouble clicking the "{label}" button, copy and paste the URL below\n'
            f'into your web browser: <span class="break-all"><a href="{html.escape(url)}">{html.escape(url)}</a></span>'
        )
    parts.append(f"<p>Regards,<br>\n{APP}</p>")
    tparts.append(f"Regards,\n{APP}")
    if sub:
        tparts.append(
            f'If you\'re having trouble clicking the "{action[0]}" button, copy and paste the URL below\n'
            f"into your web browser: {action[1]}"
        )
    return _layout("\n".join(parts), sub), _text("\n\n".join(tparts))


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


def fleetbase(mirrors: Path) -> list[dict[str, Any]]:
    core = mirrors / "fleetbase+core-api" / "repo"
    tpl = _show(core, CORE[1], "views/mail/verification.blade.php")
    cred_tpl = _show(core, CORE[1], "views/mail/user-credentials.blade.php")
    items: list[dict[str, Any]] = []

    def add(tid: str, kind: str, code: str | None, subject: str, html_part: str, text: str,
            repo: tuple[str, str], path: str, rendered: str, note: str | None = None) -> None:  # fmt: skip
        ident = f"fleetbase-{tid}-en"
        raw = message(sender=FROM, subject=subject, text=text, html_part=html_part, sent=SENT)
        rel, sha = _write(ident, raw)
        items.append(_item(id=ident, group=f"fleetbase-{tid}", source="fleetbase", lang="en", kind=kind,
                           code=code, repository=repo[0], path=path, commit=repo[1], licence="AGPL-3.0",
                           rendered=rendered, file=rel, sha256=sha, note=note))  # fmt: skip

    vm = "views/mail/verification.blade.php; src/Mail/VerificationMail.php; src/Models/VerificationCode.php"
    # core: onboarding e-mail verification (no content, with button)
    c = _code()
    h, t = _blade_verification(tpl, name="Noor Tester", code=c, ctype="email_verification", content=None,
                               hour=9, session="OWI0ZjJjNmEtM2QxYS00ZTlmLWI4ZTItNWE3YzFkMGU2ZjQz")  # fmt: skip
    add("email-verification", "saas-otp", c, f"{c} is your {APP} verification code", h, t, CORE,
        vm + "; src/Http/Controllers/Internal/v1/OnboardController.php",
        "VerificationMail without content, type email_verification: built-in text plus Verify Email button (code also in the button URL); Laravel layout reduced by hand")  # fmt: skip
    # core: two-factor by e-mail (content from TwoFactorAuth)
    c = _code()
    h, t = _blade_verification(tpl, name="Noor Tester", code=c, ctype="2fa", hour=15, session="",
                               content=f"Your two-factor authentication code is: {c}")  # fmt: skip
    add(
        "2fa",
        "saas-otp",
        c,
        f"{c} is your {APP} verification code",
        h,
        t,
        CORE,
        vm + "; src/Support/TwoFactorAuth.php",
        "VerificationMail with TwoFactorAuth's content string; Laravel layout reduced by hand",
    )
    # core: credentials mail with a generated password
    pw = "".join(
        RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789") for _ in range(12)
    )
    assert "Your Password: {{ $plaintextPassword }}" in cred_tpl
    body = (
        '<h2 style="font-size: 18px; font-weight: 600;">\nGood Evening, Noor Tester!\n</h2>\n\n'
        "Your login credentials:\n<br />\n<br />\nYour Email: noor.tester@example.com\n<br />\n"
        f"Your Password: {pw}\n<br />\nConsole URL: {CONSOLE}"
    )
    add("user-credentials", "saas-otp", pw, f"Your login credentials for Harbourline Couriers on {APP}",
        _layout(body), _text(body), CORE, "views/mail/user-credentials.blade.php; src/Mail/UserCredentialsMail.php",
        "UserCredentialsMail: user-credentials.blade.php filled by hand; password chosen/generated by an administrator (invented value); Laravel layout reduced by hand",
        "the password the mail gives to sign in with")  # fmt: skip

    # storefront / fleetops: content strings from their controllers
    callers = [
        ("storefront-create-customer", STORE, "server/src/Http/Controllers/v1/CustomerController.php",
         "Your Lantern Noodle Bar verification code is {c}", "Jamie Ortega", 11),
        ("storefront-login", STORE, "server/src/Http/Controllers/v1/CustomerController.php",
         "Your Lantern Noodle Bar verification code is {c}", "Jamie Ortega", 19),
        ("storefront-account-closure", STORE, "server/src/Http/Controllers/v1/CustomerController.php",
         "Your Lantern Noodle Bar account closure verification code is {c}", "Jamie Ortega", 13),
        ("fleetops-customer-password-reset", OPS, "server/src/Http/Controllers/Api/v1/CustomerController.php",
         "Your " + APP + " password reset code is {c}", "Priya Raman", 8),
        ("fleetops-driver-login", OPS, "server/src/Http/Controllers/Api/v1/DriverController.php",
         "Your Harbourline Couriers verification code is {c}", "Tomasz Wójcik", 6),
    ]  # fmt: skip
    for tid, repo, path, content, name, hour in callers:
        c = _code()
        h, t = _blade_verification(tpl, name=name, code=c, ctype=tid, hour=hour, session="",
                                   content=content.format(c=c))  # fmt: skip
        note = "password reset code to enter in the app" if "reset" in tid else None
        add(tid, "shop-otp" if "storefront" in tid else "travel-otp", c, f"{c} is your {APP} verification code",
            h, t, repo, f"{path}; core-api {vm} at {CORE[1]}",
            "VerificationMail (core-api template) with the controller's messageCallback string as content; Laravel layout reduced by hand",
            note)  # fmt: skip

    # storefront order notifications (MailMessage)
    store = "Lantern Noodle Bar"
    sf = "server/src/Notifications/StorefrontOrder{}.php"
    h, t = _notification(["A new delivery order was just created!", "Customer: Jamie Ortega (+6591234876)",
                          "Items: Dan Dan Noodles,Wonton Soup,Iced Lemon Tea",
                          "Address: 18 Cross Street, #04-02, Singapore 048423", "Delivery Fee: $4.50",
                          "Delivery Tip: $2.00", "Subtotal: $31.80", "Total: $38.30"], None)  # fmt: skip
    add(
        "storefront-order-created",
        "shop-order",
        None,
        f"🚨 {store} has received new order!",
        h,
        t,
        STORE,
        sf.format("Created"),
        "toMail of StorefrontOrderCreated (delivery order with tips) in Laravel's notification view, reduced by hand",
    )
    for ev, subj, body in [
        ("ReadyForPickup", f"Your order from {store} is ready for pickup!", "You can proceed to pickup your order."),
        ("Enroute", f"Your order from {store} is on the way!",
         f"Your order from {store} has been picked up, we will update you when your order is nearby"),
        ("Canceled", f"Your order from {store} was canceled",
         f"Your order from {store} has been canceled, if your card has been charged you will be refunded."),
    ]:  # fmt: skip
        h, t = _notification([body], None)
        tid = "storefront-order-" + re.sub(r"(?<!^)([A-Z])", r"-\1", ev).lower()
        add(
            tid,
            "shop-order",
            None,
            subj,
            h,
            t,
            STORE,
            sf.format(ev),
            f"toMail of StorefrontOrder{ev} in Laravel's notification view, reduced by hand",
        )

    # fleetops order notifications
    of = "server/src/Notifications/{}.php; server/src/Models/TrackingNumber.php"
    for ev, lines_fn, subj_fn in [
        ("OrderDispatched", lambda n: ["An order has just been dispatched to you and is ready to be started."],
         lambda n: f"Order {n} has been dispatched!"),
        ("OrderAssigned", lambda n: ["You have a new order scheduled for 2026-12-04 08:30:00",
                                     "Dispatch is scheduled for 2026-12-04 08:30:00"],
         lambda n: f"New order {n} assigned!"),
        ("OrderCompleted", lambda n: [f"Order {n} has been completed by agent.", "No further action is necessary."],
         lambda n: f"Order {n} has been completed."),
        ("OrderFailed", lambda n: [f"Order {n} delivery has failed.", "Recipient not available at drop-off; parcel returned to depot 3.",
                                   "No further action is necessary."],
         lambda n: f"Order {n} delivery has has failed"),
    ]:  # fmt: skip
        n = _tracking("Harbourline Couriers")
        h, t = _notification(lines_fn(n), ("Track Order", f"{CONSOLE}/track-order?order={n}"))
        tid = "fleetops-" + re.sub(r"(?<!^)([A-Z])", r"-\1", ev).lower()
        add(tid, "notice", None, subj_fn(n), h, t, OPS, of.format(ev),
            f"toMail of {ev} in Laravel's notification view (Track Order button and subcopy URL), reduced by hand; invented reason text where the order gives one",
            "tracking number (company letters, ten digits, region) is not a code to type")  # fmt: skip
    return items


SS = ("seatsurfing/seatsurfing", "49c88e246e3f88da08d900bf025bceade9e7cad5")
SS_DOMAIN = "https://desks.northwind-logistics.example/"


def _go_esc(v: str) -> str:
    """Go's html.EscapeString: & ' < > " as &amp; &#39; &lt; &gt; &#34;."""
    return (v.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;"))  # fmt: skip


def _ss_body(tpl: dict[str, Any], layout: str) -> str:
    """GetHTMLMailTemplate of server/util/sendmail.go."""
    esc = _go_esc
    s = layout.replace("{{headline}}", esc(tpl["headline"]))
    body = "".join("<p>" + esc(x) + "</p>" for x in tpl.get("paragraphs") or [])
    for b in tpl.get("buttons") or []:
        body += "<p>" + esc(b.get("paragraph", "")) + "</p>"
        body += (
            '<p><a href="' + b["url"] + '" class="btn btn-primary">' + esc(b["label"]) + "</a></p>"
        )
    body += "".join("<p>" + esc(x) + "</p>" for x in tpl.get("finalParagraphs") or [])
    fi = tpl.get("finalInfo")
    if fi:
        anchor = '<a href="' + fi["url"] + '">' + esc(fi["label"]) + "</a>"
        body += '<p class="small">' + esc(fi["text"]).replace("{{link}}", anchor) + "</p>"
    return s.replace("{{body}}", body)


def seatsurfing(mirrors: Path) -> list[dict[str, Any]]:
    from email.message import EmailMessage
    from email.utils import format_datetime

    repo = mirrors / "seatsurfing+seatsurfing" / "repo"
    layout = _show(repo, SS[1], "server/res/email.html")
    logo = subprocess.run(["git", "--git-dir", str(repo), "show", f"{SS[1]}:server/res/seatsurfing.png"],
                          capture_output=True, check=True).stdout  # fmt: skip
    items: list[dict[str, Any]] = []
    booking = {"orgDomain": SS_DOMAIN, "date": "2026-12-08 08:00 - 2026-12-08 17:30",
               "areaName": "Depot 2 – Ground floor", "spaceName": "P-14", "subject": "—"}  # fmt: skip
    plan = [
        ("change-email", "server/router/organization-router.go", "saas-otp", True),
        ("booking-created", "server/router/booking-router.go", "travel-booking", False),
        ("booking-reminder", "server/app/app.go", "travel-booking", False),
        ("booking-deleted", "server/router/booking-router.go", "travel-booking", False),
        ("invite-user", "server/router/auth-router.go", "notice", False),
        ("resetpw", "server/router/auth-router.go", "notice", False),
    ]  # fmt: skip
    for name, caller, kind, has_code in plan:
        for lang in ("en", "de"):
            tpl = json.loads(_show(repo, SS[1], f"server/res/email-{name}_{lang}.json"))
            footer = json.loads(_show(repo, SS[1], f"server/res/email-footer_{lang}.json"))
            code = str(RNG.randint(100000, 999998)) if has_code else None
            if name == "change-email":
                vars_ = {
                    "recipientName": "Noor Tester",
                    "recipientEmail": "noor.tester@example.com",
                    "code": code,
                }
            elif name.startswith("booking"):
                vars_ = {**booking, "recipientName": "Noor Tester"}
            else:
                vars_ = {"orgDomain": SS_DOMAIN, "recipientName": "Noor Tester",
                         "confirmID": "6f1d2c0a-93b4-4e7e-a5d8-1c0b7e2f4a91"}  # fmt: skip
            body = _ss_body(tpl, layout)
            for (
                k,
                v,
            ) in vars_.items():  # ReplaceVarsInTemplate (no {{if}} blocks in these templates)
                body = body.replace("{{" + k + "}}", _go_esc(v))
            body = body.replace("{{footer}}", "".join("<p>" + _go_esc(x) + "</p>" for x in footer))
            msg = EmailMessage()
            msg["From"] = "Seatsurfing <no-reply@desks.northwind-logistics.example>"
            msg["To"] = "noor.tester@example.com"
            msg["Subject"] = tpl["subject"]
            msg["Date"] = format_datetime(SENT)
            msg["Message-ID"] = "<corpus@mail.example>"
            msg.set_content(body, subtype="html", charset="utf-8", cte="base64")
            msg.add_attachment(logo, maintype="image", subtype="png", filename="seatsurfing.png",
                               cid="<seatsurfing-logo>")  # fmt: skip
            msg.set_boundary("=_corpus_mixed_=")
            raw = msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
            ident = f"seatsurfing-{name}-{lang}"
            rel = f"mail/seatsurfing/{ident}.eml"
            (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
            (HERE / rel).write_bytes(raw)
            note = None
            if name == "change-email":
                note = "six-digit code on its own paragraph, to enter to confirm the new address"
            elif name in ("invite-user", "resetpw"):
                note = "set-password / reset link only, no code"
            elif name.startswith("booking"):
                note = "booking date/time range and space name (P-14), no code"
            items.append(_item(
                id=ident, group=f"seatsurfing-{name}", source="seatsurfing", lang=lang, kind=kind, code=code,
                repository=SS[0], path=f"server/res/email-{name}_{lang}.json; server/res/email.html; "
                f"server/res/email-footer_{lang}.json; server/util/sendmail.go; {caller}",
                commit=SS[1], licence="GPL-3.0",
                rendered="JSON template into email.html as GetHTMLMailTemplate/ReplaceVarsInTemplate do; "
                "multipart/mixed with base64 HTML and the cid logo; booking .ics attachment omitted",
                file=rel, sha256=hashlib.sha256(raw).hexdigest(), note=note))  # fmt: skip
    return items


OSBS = ("cyklokoalicia/OpenSourceBikeShare", "38d9d4dd01ea4a9bcf978d8f6e0cd2852b35a4b4")


def _php_strings(src: str) -> dict[str, str]:
    """The 'key' => 'value' pairs of a Symfony PHP translation file."""

    def un(v: str) -> str:
        return re.sub(r"\\(['\\])", r"\1", v)

    pairs = re.findall(r"'((?:[^'\\]|\\.)*)'\s*=>\s*'((?:[^'\\]|\\.)*)'", src, re.S)
    return {un(k): un(v) for k, v in pairs}


def bikeshare(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "cyklokoalicia+OpenSourceBikeShare" / "repo"
    items: list[dict[str, Any]] = []
    for lang in ("en", "de", "cs", "sk", "uk"):
        tr = _php_strings(_show(repo, OSBS[1], f"translations/messages+intl-icu.{lang}.php"))
        t = tr.get
        pw = "".join(RNG.choice("0123456789abcdef") for _ in range(8))
        number = "4219" + "".join(str(RNG.randint(0, 9)) for _ in range(8))
        body = (t("Hello") + " " + number + ",\n\n" + t("Your password has been reset successfully.") + "\n\n"
                + t("Your new password is:") + "\n" + pw)  # fmt: skip
        reg = (t("success.registration.mail").replace("{name}", "Noor").replace("{systemName}", "BelaBike")
               .replace("{systemRulesPageUrl}", "https://belabike.example/rules")
               .replace("{emailConfirmURL}", "https://belabike.example/user/confirm/email/"
                        + "".join(RNG.choice("0123456789abcdef") for _ in range(64))))  # fmt: skip
        for name, subject, text, code, kind, path, note in [
            ("password-reset", t("Password reset"), body, pw, "other", "src/Controller/SecurityController.php",
             "new eight-hex-digit password to sign in with; the greeting carries the phone number"),
            ("registration", t("Registration"), reg, None, "notice", "src/EventListener/RegistrationEventListener.php",
             "e-mail confirmation link only"),
        ]:  # fmt: skip
            ident = f"osbikeshare-{name}-{lang}"
            raw = message(sender="BelaBike <noreply@belabike.example>", subject=subject, text=text,
                          html_part=None, sent=SENT)  # fmt: skip
            rel = f"mail/osbikeshare/{ident}.eml"
            (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
            (HERE / rel).write_bytes(raw)
            items.append(_item(
                id=ident, group=f"osbikeshare-{name}", source="osbikeshare", lang=lang, kind=kind, code=code,
                repository=OSBS[0], path=f"{path}; translations/messages+intl-icu.{lang}.php; src/Mail/PHPMailerMailSender.php",
                commit=OSBS[1], licence="GPL-3.0",
                rendered="message string built as the PHP code does from the translation catalogue; PHPMailer text/plain UTF-8",
                file=rel, sha256=hashlib.sha256(raw).hexdigest(), note=note))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = fleetbase(args.mirrors) + seatsurfing(args.mirrors) + bikeshare(args.mirrors)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(items), "items;", sum(i["code"] is not None for i in items), "positives")


if __name__ == "__main__":
    main()
