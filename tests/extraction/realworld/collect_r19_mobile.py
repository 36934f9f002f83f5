"""Round nineteen, mobile: the mail that the backends of mobile and consumer apps send — a
dating app, note-taking, chat and social apps, fitness trackers, a gym app, a mental-health
app, a therapy-booking app, a ride-booking app, a holiday-rental (Airbnb-like) app, a money-tracking Flutter app and
the Meteor app framework's account mails — with the one-time codes they give a person to type, and the same senders'
notices (new messages, profile hidden, sign-up and password links, failed-login alerts, data
exports, ride status, reservations, receipts and refunds, balance summaries).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_mobile.py \\
        --mirrors /work/.mirror --node-modules /tmp/r19mobile-node/node_modules

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.
``--node-modules`` is a folder holding ``esbuild@0.25.0`` (only its ``.bin/esbuild`` is used,
to turn TypeScript and ES modules into CommonJS); node 20 runs the senders' JavaScript with
``nodemailer`` replaced by a transport that keeps the mail options and ``Date`` fixed.

- duolicious/duolicious-backend (AGPL-3.0), the open-source dating app (React Native client,
  Python backend): the sign-in one-time password (``backend/person/__init__.py::_send_otp``
  with ``person/template::otp_template``; the code is ``LPAD(FLOOR(RANDOM() * (10e5 + 1))
  ::TEXT, 6, '0')`` in ``person/sql``, six digits), the new-message notice of
  ``service/cron/notifications`` (intro, chat, both; ``emailtemplate(email, has_intro,
  has_chat)`` with its unsubscribe links) and the profile-hidden notice of
  ``service/cron/autodeactivate2``. The template modules are the sender's own Python,
  executed here as they are; ``smtp/__init__.py`` sends one ``text/html`` part, From
  ``Duolicious <noreply-otp@duolicious.app>`` for the code and ``no-reply@duolicious.app``
  otherwise. English only.

- streetwriters/notesnook-sync-server (AGPL-3.0), the sync and identity server of the
  Notesnook note-taking apps (mobile and desktop): ``Streetwriters.Identity/Services/
  TemplatedEmailSender.cs`` — the e-mail 2FA code (``GenerateTwoFactorTokenAsync`` with the
  phone-number token provider: six digits), the change-e-mail verification code (the same
  provider, ``Startup.cs``: ``ChangeEmailTokenProvider = DefaultPhoneProvider``), the account
  confirmation and password-reset links, and the failed-login alert (``GetClientInfo``'s
  lines, ``\\n`` made ``<br>``). Scriban ``{{name}}`` fills of ``Templates/*.txt`` (text part)
  and ``Templates/*.html`` (HTML part; the server minifies the HTML with WebMarkupMin, which
  is not reproduced: the file is sent as it is), subjects as the class sets them, From
  ``Notesnook <noreply@notesnook.com>`` (``Streetwriters.Common/Clients.cs``). English only.

- SamR1/FitTrackee (AGPL-3.0), the workout-tracking app: ``fittrackee/emails`` — account
  confirmation, password-reset request, password changed, e-mail change (to the new address)
  and data export ready, in en, fr, de, es, it and nl, rendered with the sender's own engine
  (``fittrackee/templates.py``: Jinja2 with the ``i18n`` extension and Babel
  ``Translations`` loaded from the snapshot's ``translations/<lang>/LC_MESSAGES/
  messages.mo``), subject, text and HTML parts as ``EmailTemplate.get_message`` builds them.
  ``expiration_delay`` is ``humanize.naturaldelta`` of one hour in the reader's language
  (written here as the values humanize gives). Links only: no code to type.

- joaovitoriasilva/endurain (AGPL-3.0), the fitness-tracking app: the password-reset,
  sign-up confirmation, new-sign-up (to the administrator) and sign-up approved mails of
  ``backend/app/{password_reset_tokens,sign_up_tokens}/email_messages.py``, the sender's
  Python run as it is; ``core/apprise.py`` sends the HTML content only. English only.

- Hylozoic/hylo (Apache-2.0), the Hylo social-coordination app (web and React Native): the
  SendWithUs templates kept in ``scripts/i18n/i18n-templates`` (Jinja2 syntax with
  ``{% trans %}``) — the e-mail verification access code (``UserVerificationCode.create``:
  the first six decimal digits of three random bytes) and the password-reset link, both sent
  without a locale (``mutations/user.js``), so en-US; the hosted header/footer snippets are
  not in the repository and are left out.

- kishore0000123/bike-ride-booking (MIT, from backend/package.json), a bike-taxi booking app:
  ``backend/services/emailService.js`` run in node — the ride OTP the rider is given
  (``Ride.js``: four digits, also in the subject, beside a six-hex-digit Ride ID) and the
  ride-status notices (rider assigned, ride started, completed, cancelled).

- joebadi/rtmbackend (ISC, from backend/package.json), the RTM dating app's API:
  ``backend/src/utils/email.util.ts`` (compiled with esbuild, run in node) — the e-mail OTP
  (six digits), the welcome mail and the password-reset link; text and HTML.

- mukuljibh/airbnb-backend (ISC, from package.json), a holiday-rental (Airbnb-like) app
  backend: ``emailServices.utils.ts::sendEmail`` — each template's default replacements of
  ``emailServices.constant.ts`` merged with the caller's and every ``{{key}}`` replaced in
  ``public/template/**.html``: the sign-up, password-reset and contact-update OTPs (six
  digits; the generator is commented out at this commit in favour of a fixed ``123456``, an
  invented six-digit code is used), welcome, reservation confirmed / cancelled, receipt,
  refunds, review request, account suspension, listing verified and KYC verified. HTML only.

- meteor/meteor (MIT), the Meteor app framework (web and Cordova mobile apps): the default
  ``Accounts.emailTemplates`` of ``accounts-passwordless`` (the login token,
  ``Random.hexString(6).toUpperCase()``) and ``accounts-password`` (reset password, verify
  e-mail, enrollment: links only), evaluated in node as ``generateOptionsForEmail`` uses them.

- PriyanshuSoni01/QuoteVerse (ISC, from Backend/package.json), a social app for quotes and
  poems: ``Backend/utils/EmailTemplate.js::otpEmailTemplate`` (``crypto.randomInt`` six
  digits) as ``user.controller.js`` sends it.

- fabbo-repo/balance-home-app (Apache-2.0), a Flutter money-tracking app with a Django REST
  backend: ``custom_auth/notifications.py`` (e-mail verification and password-change codes,
  ``os.urandom(3).hex()``: six lower-case hex digits) and ``balance/notifications.py``
  (monthly and annual balance), en and es templates rendered with Jinja2 (only ``{{ }}``
  variables), sent by ``send_mail`` with an empty text part and the HTML; also the 2022
  plain-text one-line versions of the two code mails (commit 4f57cdc).

- Emil-Stoychev/Online-Training-Schedule (ISC, from server/package.json), the GymBuddies
  training-schedule app: ``server/Services/emailService.js`` with its template modules, run in
  node — the e-mail verification code (``shortid.generate()``, mixed-case letters and
  digits), verification complete, password changed and profile edited. HTML only.

- krishnamohan645/chat-app (ISC, from server/package.json), a chat app: the OTP mail of
  ``server/src/utils/sendEmailOtp.js`` (posted to a mail API; the post's body kept), text and
  HTML.

- Bablu-Verma/whatsappclone (ISC, from server/package.json), the ChatMe messaging app:
  ``server/middleware/verifyUser.js::sendOTPMiddleware`` with the three sentences its
  controllers pass (forgot password, resend, account deletion; four-digit OTPs), text only.

- payalporwal/backend-mobile-app (ISC, from package.json), the PACE mental-health mobile app's
  API: the registration and password-reset OTP mails of ``utils/email/{register,reset}-mail.js``
  sent by ``utils/email/send.js`` (text only; six digits from 1-9).

- chetanchudasama2025/mental-health-app-backed- (ISC, from package.json), a therapy-booking
  mental-health app's API: ``templates/{emailVerificationEmail,forgotPasswordEmail,
  sessionReminderEmail}.ts`` (compiled with esbuild, run in node) as the auth controller and
  the session-reminder service send them — the verification OTP (six digits), the
  password-reset link and the one-hour session reminder. HTML only.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 9, 41, 17, tzinfo=UTC)
RNG = random.Random("r19-mobile")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "mobile.json"


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: Path, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, variant=""):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
    ident = f"{source}-{template}-{lang}{variant}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _module(src: str) -> dict:
    """Run one of the sender's own template modules (plain Python, stdlib imports only)."""
    ns: dict = {"__name__": "sender_template"}
    exec(compile(src, "<sender template>", "exec"), ns)
    return ns


# ---------------------------------------------------------------------------------------
# Duolicious

DUO_REPO = "duolicious/duolicious-backend"
DUO_COMMIT = "0cf4173db85b708b5c71ec647d2c521838415237"


def duolicious(mirrors: Path) -> None:
    repo = mirrors / "duolicious+duolicious-backend" / "repo"
    common = dict(source="duolicious", repository=DUO_REPO, commit=DUO_COMMIT,
                  licence="AGPL-3.0", lang="en")  # fmt: skip
    otp_path = "backend/person/template/__init__.py"
    otp = _module(_show(repo, DUO_COMMIT, otp_path))["otp_template"]
    for variant, code in (("", _digits(6)), ("-2", "0" + _digits(5))):
        _save(
            **common, template="otp", kind="saas-otp", code=code, path=otp_path,
            rendered="person/__init__.py::_send_otp: otp_template(otp) run as it is; "
            "smtp/__init__.py: one text/html part",
            sender="Duolicious <noreply-otp@duolicious.app>", subject="Sign in to Duolicious",
            text=None, html_part=otp(code), variant=variant,
            note="the sign-in one-time password (six digits, LPAD of a random number)"
            + ("; a code with a leading zero" if variant else ""),
        )  # fmt: skip
    notif_path = "backend/service/cron/notifications/template/__init__.py"
    notif = _module(_show(repo, DUO_COMMIT, notif_path))["emailtemplate"]
    for name, has_intro, has_chat in (("intro", True, False), ("chat", False, True),
                                      ("intro-chat", True, True)):  # fmt: skip
        _save(
            **common, template=f"notify-{name}", kind="notice", code=None, path=notif_path,
            rendered="service/cron/notifications::send_email_notification: "
            "emailtemplate(email, has_intro, has_chat) run as it is; one text/html part",
            sender="Duolicious <no-reply@duolicious.app>", subject="You have a new message 😍",
            text=None, html_part=notif(email="noor.tester@example.com", has_intro=has_intro,
                                       has_chat=has_chat),
        )  # fmt: skip
    deact_path = "backend/service/cron/autodeactivate2/template/__init__.py"
    deact = _module(_show(repo, DUO_COMMIT, deact_path))["emailtemplate"]
    _save(
        **common, template="profile-hidden", kind="notice", code=None, path=deact_path,
        rendered="service/cron/autodeactivate2::maybe_send_email: emailtemplate() run as it "
        "is; one text/html part",
        sender="Duolicious <no-reply@duolicious.app>", subject="Your profile is invisible 👻",
        text=None, html_part=deact(),
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Notesnook

NN_REPO = "streetwriters/notesnook-sync-server"
NN_COMMIT = "8b610e0952a0b23134a581a5e8787d98bb693600"


def _scriban(template: str, data: dict[str, str]) -> str:
    for key, value in data.items():
        template = template.replace("{{" + key + "}}", value)
    return template


def notesnook(mirrors: Path) -> None:
    repo = mirrors / "streetwriters+notesnook-sync-server" / "repo"
    base = "Streetwriters.Identity/Templates/"
    device = (
        "Date: 2026-12-03 09:40:52\nIP: 198.51.100.23\nCountry: NL\n"
        "Browser: Firefox 133.0\nPlatform: Android\n"
    ).replace("\n", "<br>")
    mails = [
        ("2fa-code", "Email2FACode", "Your {{app_name}} account 2FA code",
         {"code": _digits(6)}, "saas-otp",
         "the e-mail 2FA code (phone-number token provider: six digits)"),
        ("change-email", "EmailChangeConfirmation", "Change {{app_name}} account email address",
         {"code": _digits(6)}, "saas-otp",
         "the verification code to change the account e-mail (six digits)"),
        ("confirm-email", "ConfirmEmail", "Confirm your {{app_name}} account",
         {"confirm_link": "https://app.notesnook.com/account/verified?userId="
          "6751a3c2e4b0f91d2c7e88a1&code=CfDJ8Kx3wq%2BpZ1mT0vQ&clientId=notesnook"},
         "notice", None),
        ("reset-password", "ResetAccountPassword", "Reset {{app_name}} account password",
         {"reset_link": "https://app.notesnook.com/account/recovery?userId="
          "6751a3c2e4b0f91d2c7e88a1&code=CfDJ8Pq7Lr0aYw4sN2bE&clientId=notesnook"},
         "notice", None),
        ("failed-login", "FailedLoginAlert", "Failed login attempt on your {{app_name}} account",
         {"device_info": device}, "notice", None),
    ]  # fmt: skip
    for name, tpl, subject, data, kind, note in mails:
        data = {"app_name": "Notesnook", **data}
        _save(
            source="notesnook", template=name, lang="en", kind=kind,
            code=data.get("code"), repository=NN_REPO, path=f"{base}{tpl}.html",
            commit=NN_COMMIT, licence="AGPL-3.0",
            rendered=f"TemplatedEmailSender.cs: Scriban {{{{name}}}} fills of {tpl}.txt (text) "
            f"and {tpl}.html (HTML, not minified here); subject from the class",
            sender="Notesnook <noreply@notesnook.com>", subject=_scriban(subject, data),
            text=_scriban(_show(repo, NN_COMMIT, f"{base}{tpl}.txt"), data),
            html_part=_scriban(_show(repo, NN_COMMIT, f"{base}{tpl}.html"), data),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# FitTrackee

FT_REPO = "SamR1/FitTrackee"
FT_COMMIT = "80c19816b7a41919dea63979c299944da833b5d1"
FT_LANGS = ["en", "fr", "de", "es", "it", "nl"]
# humanize.naturaldelta(timedelta(hours=1)) with humanize.i18n.activate(lang)
FT_HOUR = {"en": "an hour", "fr": "une heure", "de": "eine Stunde", "es": "una hora",
           "it": "un'ora", "nl": "een uur"}  # fmt: skip


def fittrackee(mirrors: Path) -> None:
    from babel.support import Translations
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    repo = mirrors / "SamR1+FitTrackee" / "repo"
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        listing = subprocess.run(
            ["git", "--git-dir", str(repo), "ls-tree", "-r", "--name-only", FT_COMMIT,
             "fittrackee/emails/templates", "fittrackee/translations"],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        for name in listing:
            if name.endswith((".html", ".txt", ".mo")):
                dest = tmpdir / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(_show_bytes(repo, FT_COMMIT, name))
        env = Environment(
            autoescape=select_autoescape(["html", "htm", "xml"]),
            loader=FileSystemLoader(str(tmpdir / "fittrackee/emails/templates")),
            extensions=["jinja2.ext.i18n"],
        )
        url = "https://fit.example.org"
        user = "noor_runs"
        mails = [
            ("account_confirmation", {
                "operating_system": "Android", "browser_name": "Chrome",
                "account_confirmation_url": f"{url}/account-confirmation?token="
                "x7Qm2LpV9sKd4RtB8wYz1NcE6hJa3UfG"}),
            ("password_reset_request", {
                "operating_system": "Linux", "browser_name": "Firefox",
                "password_reset_url": f"{url}/password-reset?token=eyJhbGciOiJIUzI1NiJ9."
                "eyJzdWIiOjQyfQ.3kP9xWq2vL7mZs0RtY8bNcJ4hDa6UfGe1oQiT5wEr2M"}),
            ("password_change", {"operating_system": "iOS", "browser_name": "Safari"}),
            ("email_update_to_new_email", {
                "email_confirmation_url": f"{url}/email-update?token="
                "Pz4Wn8KcR2tYb6Lq0VmX3sHj9DfA5gUe"}),
            ("data_export_ready", {"account_url": f"{url}/profile/edit/account"}),
        ]  # fmt: skip
        for lang in FT_LANGS:
            trans = Translations.load(dirname=str(tmpdir / "fittrackee/translations"),
                                      locales=[lang])  # fmt: skip
            env.install_gettext_translations(trans, newstyle=True)
            for tpl, extra in mails:
                data = {"username": user, "fittrackee_url": url, **extra}
                if tpl == "password_reset_request":
                    data["expiration_delay"] = FT_HOUR[lang]
                out = {
                    part: env.get_template(f"{tpl}/{part}").render(data)
                    for part in ("subject.txt", "body.txt", "body.html")
                }
                _save(
                    source="fittrackee", template=tpl.replace("_", "-"), lang=lang,
                    kind="notice", code=None, repository=FT_REPO,
                    path=f"fittrackee/emails/templates/{tpl}/body.html", commit=FT_COMMIT,
                    licence="AGPL-3.0",
                    rendered="fittrackee/templates.py I18nTemplate (Jinja2 + i18n, Babel "
                    f"Translations of translations/{lang}/messages.mo): subject.txt, "
                    "body.txt (text), body.html (HTML)",
                    sender="fittrackee@fit.example.org", subject=out["subject.txt"],
                    text=out["body.txt"], html_part=out["body.html"],
                )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Endurain

EN_REPO = "joaovitoriasilva/endurain"
EN_COMMIT = "b0bc916c44a8d4fc8cb485569f427853d7dff581"


def endurain(mirrors: Path) -> None:
    import sys
    import types

    repo = mirrors / "joaovitoriasilva+endurain" / "repo"
    host = "https://endurain.example.org"
    core = types.ModuleType("core")
    core.apprise = types.ModuleType("core.apprise")  # type: ignore[attr-defined]
    core.apprise.AppriseService = object  # type: ignore[attr-defined]
    sys.modules.setdefault("core", core)
    sys.modules.setdefault("core.apprise", core.apprise)  # type: ignore[attr-defined]
    service = types.SimpleNamespace(frontend_host=host)
    pr_path = "backend/app/password_reset_tokens/email_messages.py"
    su_path = "backend/app/sign_up_tokens/email_messages.py"
    pr = _module(_show(repo, EN_COMMIT, pr_path))
    su = _module(_show(repo, EN_COMMIT, su_path))
    mails = [
        ("password-reset", pr_path, pr["get_password_reset_email_en"](
            "Noor Haddad", f"{host}/reset-password?token=Hk3vQ9pLmX2rT7wZc5NbY1sD8fGj4KaE",
            service)),
        ("signup-confirmation", su_path, su["get_signup_confirmation_email_en"](
            "Noor Haddad", f"{host}/verify-email?token=Wq8mZr2TxV5nLc9Bk3HsJ7dYp1GfA6uE",
            service)),
        ("admin-signup-notification", su_path, su["get_admin_signup_notification_email_en"](
            "Tomas Berg", "Noor Haddad", "noor_runs", service)),
        ("signup-approved", su_path, su["get_user_signup_approved_email_en"](
            "Noor Haddad", "noor_runs", service)),
    ]  # fmt: skip
    for name, path, (subject, html_content, _text) in mails:
        _save(
            source="endurain", template=name, lang="en", kind="notice", code=None,
            repository=EN_REPO, path=path, commit=EN_COMMIT, licence="AGPL-3.0",
            rendered="the sender's email_messages.py run as it is (get_*_email_en with its "
            "frontend_host); core/apprise.py sends the HTML content (body_format html), so "
            "only the HTML part is kept",
            sender="Endurain <endurain@endurain.example.org>", subject=subject, text=None,
            html_part=html_content,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Hylo

HY_REPO = "Hylozoic/hylo"
HY_COMMIT = "386ae3241d2bee29693604735eff1519af9c32e8"


def hylo(mirrors: Path) -> None:
    import re

    from jinja2 import Environment

    repo = mirrors / "Hylozoic+hylo" / "repo"
    env = Environment(autoescape=False, extensions=["jinja2.ext.i18n"])
    env.install_null_translations(newstyle=False)
    base = "scripts/i18n/i18n-templates/"
    jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJub29yLnRlc3RlckBleGFtcGxlLmNvbSIs"
           "ImlhdCI6MTc5NjI5MDg3N30.q3Lk9vWm2XbR7tNc4YpZs8Hd1JfGa6UeKo0iTw5rEyQ")  # fmt: skip

    def render(tpl: str, part: str, data: dict) -> str:
        src = _show(repo, HY_COMMIT, f"{base}{tpl}/{part}")
        # SendWithUs snippets (hosted header/footer) are not in the repository
        src = re.sub(r"\{% snippet [^%]*%\}", "", src)
        return env.from_string(src).render(data)

    code = str(RNG.randrange(2**24))[:6]
    data = {"code": code, "verify_url": "https://www.hylo.com/signup/verify-email?email="
            f"noor.tester%40example.com&token={jwt}"}  # fmt: skip
    _save(
        source="hylo", template="email-verification", lang="en", kind="saas-otp", code=code,
        repository=HY_REPO, path=f"{base}Email_Verification_i18n/html.liquid", commit=HY_COMMIT,
        licence="Apache-2.0",
        rendered="SendWithUs template (Jinja2 syntax with {% trans %}) rendered with Jinja2's "
        "i18n extension, en-US (sendEmailVerification passes no locale); the hosted "
        "header_redesign/footer_redesign snippets are not in the repository and are left out; "
        "HTML only",
        sender="The Team at Hylo <team@hylo.com>",
        subject=render("Email_Verification_i18n", "subject.liquid", data).strip(),
        text=None, html_part=render("Email_Verification_i18n", "html.liquid", data),
        note="the e-mail verification access code (UserVerificationCode.create: the first six "
        "decimal digits of three random bytes), with a confirm link beside it",
    )  # fmt: skip
    data = {"login_url": "https://www.hylo.com/noo/login/jwt?u=48213&token="
            f"{jwt}&n=%2Fsettings%2Faccount"}  # fmt: skip
    _save(
        source="hylo", template="password-reset", lang="en", kind="notice", code=None,
        repository=HY_REPO, path=f"{base}Password_Reset_i18n/html.liquid", commit=HY_COMMIT,
        licence="Apache-2.0",
        rendered="SendWithUs template rendered with Jinja2's i18n extension, en-US "
        "(sendPasswordReset passes no locale); hosted snippets left out; HTML only",
        sender="The Team at Hylo <team@hylo.com>",
        subject=render("Password_Reset_i18n", "subject.liquid", data).strip(),
        text=None, html_part=render("Password_Reset_i18n", "html.liquid", data),
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Node senders (nodemailer template literals), run in node 20 with a capturing transport

NODE_HARNESS = r"""
const fs = require('fs');
const path = require('path');
const FIXED = Date.parse(process.env.FIXED_NOW);
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...a) { if (a.length === 0) { super(FIXED); } else { super(...a); } }
  static now() { return FIXED; }
}
global.Date = FixedDate;
const captured = [];
const Module = require('module');
const origLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'nodemailer') {
    return { createTransport: () => ({
      sendMail: (o, cb) => {
        captured.push(o);
        if (cb) { cb(null, { messageId: 'x' }); }
        return Promise.resolve({ messageId: 'x' });
      },
      verify: async () => true,
    }) };
  }
  if (request === 'dotenv') { return { config: () => ({}) }; }
  if (request === 'axios') {
    return { post: async (url, body) => {
      captured.push(body);
      return { data: { success: true, data: { messageId: 'x' } } };
    } };
  }
  return origLoad.apply(this, arguments);
};
const console_log = console.log;
console.log = () => {}; console.warn = () => {}; console.error = () => {};
const mod = require(path.resolve(process.argv[2]));
const calls = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
(async () => {
  for (const [fn, args] of calls) { await (fn ? mod[fn] : mod)(...args); }
  process.stdout.write(JSON.stringify(captured));
})();
"""


def _run_node(source: str, calls: list, env: dict, node_modules: Path, *, ts: bool,
              files: dict[str, str] | None = None) -> list:  # fmt: skip
    """Run ``source`` (or, with ``files``, the tree of files whose first path is the module)
    in node with the capturing transport, calling ``calls`` in turn."""
    import os

    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        src = tmpdir / ("src.ts" if ts else "src.js")
        if files:
            for rel, text in files.items():
                (tmpdir / rel).parent.mkdir(parents=True, exist_ok=True)
                (tmpdir / rel).write_text(text)
            src = tmpdir / next(iter(files))
        else:
            src.write_text(source)
        mod = src
        if ts:
            mod = tmpdir / "src.cjs"
            subprocess.run(
                [str(node_modules / ".bin" / "esbuild"), str(src), "--format=cjs",
                 "--platform=node", f"--outfile={mod}", "--log-level=warning"],
                check=True,
            )  # fmt: skip
        (tmpdir / "harness.js").write_text(NODE_HARNESS)
        (tmpdir / "calls.json").write_text(json.dumps(calls))
        out = subprocess.run(
            ["node", str(tmpdir / "harness.js"), str(mod), str(tmpdir / "calls.json")],
            capture_output=True, text=True, check=True,
            env={"PATH": os.environ["PATH"], "TZ": env.pop("TZ", "UTC"), **env},
        ).stdout  # fmt: skip
    return json.loads(out)


def _from(value) -> str:
    if isinstance(value, dict):
        return f"{value['name']} <{value['address']}>"
    return value


BR_REPO = "kishore0000123/bike-ride-booking"
BR_COMMIT = "93985884bf5a7f63db996e72c7b94b93f809730d"


def bikeride(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "kishore0000123+bike-ride-booking" / "repo"
    path = "backend/services/emailService.js"
    name = "Aarav Mehta"
    rides = ["64f1c2a9e3b7d5a0c19a3f2e", "64f1c8d04b2e9f71a6c05b17", "64f1d3376c8a2b54e90d4c81"]
    otp = [str(RNG.randint(1000, 9999)) for _ in range(2)]
    calls = [
        ["sendOTPEmail", ["noor.tester@example.com", name, otp[0], {
            "pickup": "MG Road Metro Station, Bengaluru",
            "drop": "Koramangala 5th Block, Bengaluru", "rideId": rides[0][-6:]}]],
        ["sendOTPEmail", ["noor.tester@example.com", name, otp[1], {
            "pickup": "Indiranagar 100 Feet Road, Bengaluru",
            "drop": "Kempegowda Bus Station, Bengaluru", "rideId": rides[1][-6:]}]],
        ["sendRideStatusEmail", ["noor.tester@example.com", name, "accepted",
                                 {"rideId": rides[0][-6:]}]],
        ["sendRideStatusEmail", ["noor.tester@example.com", name, "ongoing",
                                 {"rideId": rides[0][-6:]}]],
        ["sendRideStatusEmail", ["noor.tester@example.com", name, "completed",
                                 {"rideId": rides[0][-6:], "fare": 86}]],
        ["sendRideStatusEmail", ["noor.tester@example.com", name, "cancelled",
                                 {"rideId": rides[2][-6:]}]],
    ]  # fmt: skip
    env = {"EMAIL_USER": "bikeride.bookings@gmail.com", "TZ": "Asia/Kolkata",
           "FIXED_NOW": "2026-12-03T09:41:17Z"}  # fmt: skip
    mails = _run_node(_show(repo, BR_COMMIT, path), calls, env, node_modules, ts=False)
    names = ["ride-otp", "ride-otp", "ride-accepted", "ride-ongoing", "ride-completed",
             "ride-cancelled"]  # fmt: skip
    for i, (tpl, mail) in enumerate(zip(names, mails, strict=True)):
        code = otp[i] if i < 2 else None
        _save(
            source="bikeride", template=tpl, lang="en",
            kind="travel-otp" if code else "travel-booking", code=code, repository=BR_REPO,
            path=path, commit=BR_COMMIT, licence="MIT",
            rendered="emailService.js run as it is in node 20 (nodemailer replaced by a "
            "transport that keeps the mailOptions; Date fixed, TZ Asia/Kolkata); HTML only",
            sender=_from(mail["from"]), subject=mail["subject"], text=mail.get("text"),
            html_part=mail["html"], variant="-2" if i == 1 else "",
            note=("the ride OTP (Ride.js: Math.floor(1000 + Math.random() * 9000), four "
                  "digits) the rider gives to start the ride, also in the subject; the Ride ID "
                  "beside it is the last six hex digits of the ride's ObjectId") if code else None,
        )  # fmt: skip


RTM_REPO = "joebadi/rtmbackend"
RTM_COMMIT = "0592e1b2b01832065ce537562410f4b5970f7481"


def rtm(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "joebadi+rtmbackend" / "repo"
    path = "backend/src/utils/email.util.ts"
    otp = str(RNG.randint(100000, 999999))
    token = "f3a9c1e07b5d4e2a8c6b91d0e4f7a235c8b1d9e6"
    calls = [
        ["sendOTPEmail", ["noor.tester@example.com", otp]],
        ["sendWelcomeEmail", ["noor.tester@example.com", "Noor"]],
        ["sendPasswordResetEmail", ["noor.tester@example.com", token]],
    ]
    env = {"SMTP_USER": "hello@rtmdating.app", "SMTP_PASSWORD": "x",
           "API_URL": "https://api.rtmdating.app/api", "FIXED_NOW": "2026-12-03T09:41:17Z"}  # fmt: skip
    mails = _run_node(_show(repo, RTM_COMMIT, path), calls, env, node_modules, ts=True)
    for tpl, mail in zip(["otp", "welcome", "password-reset"], mails, strict=True):
        code = otp if tpl == "otp" else None
        _save(
            source="rtmdating", template=tpl, lang="en", kind="saas-otp" if code else "notice",
            code=code, repository=RTM_REPO, path=path, commit=RTM_COMMIT, licence="ISC",
            rendered="email.util.ts compiled with esbuild and run in node 20 (nodemailer "
            "replaced by a transport that keeps the mailOptions; Date fixed); text and HTML "
            "parts as the mailOptions give them",
            sender=_from(mail["from"]), subject=mail["subject"], text=mail.get("text"),
            html_part=mail["html"],
            note="the e-mail verification OTP (auth.service.ts generateOTP: six digits)"
            if code else None,
        )  # fmt: skip


AB_REPO = "mukuljibh/airbnb-backend"
AB_COMMIT = "419db0fdbd70f6db8a420cc659fa924de77fa65c"


def _ts_export(source: str, name: str, node_modules: Path) -> dict:
    """An exported object literal of a TypeScript module, compiled with esbuild and read in
    node."""
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        (tmpdir / "src.ts").write_text(source)
        subprocess.run(
            [str(node_modules / ".bin" / "esbuild"), str(tmpdir / "src.ts"), "--format=cjs",
             "--platform=node", f"--outfile={tmpdir / 'src.cjs'}", "--log-level=warning"],
            check=True,
        )  # fmt: skip
        script = (
            f"process.stdout.write(JSON.stringify(require({str(tmpdir / 'src.cjs')!r}).{name}))"
        )
        out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def airbnb(mirrors: Path, node_modules: Path) -> None:
    import re

    repo = mirrors / "mukuljibh+airbnb-backend" / "repo"
    const = "src/api/v1/utils/email-service/emailServices.constant.ts"
    templates = _ts_export(_show(repo, AB_COMMIT, const), "templates", node_modules)
    otps = ["".join(RNG.choice("0123456789") for _ in range(6)) for _ in range(3)]
    res_code = "RES-" + _rand_hex(8).upper()
    inv_code = "INV-" + _rand_hex(8).upper()
    thumb = "https://res.cloudinary.com/stays/image/upload/v1764760000/properties/lakeview.jpg"
    stay = {"propertyName": "Lakeview Cabin with Sauna", "thumbnail": thumb,
            "propertyAddress": "Rantatie 14, 57130 Savonlinna, Finland",
            "hostName": "Mikko", "guestName": "Noor Haddad", "reservationCode": res_code,
            "concatDates": "Jan 16 - Jan 19, 2027", "currency": "€",
            "paymentCard": "Visa •••• 4417"}  # fmt: skip
    bill = {"checkInTime": "15:00", "checkOutTime": "11:00", "checkInDate": "Sat, Jan 16, 2027",
            "checkOutDate": "Tue, Jan 19, 2027", "confirmedAt": "Dec 3, 2026",
            "billingCode": inv_code, "numberOfGuests": "2", "numberOfNights": "3",
            "pricePerNight": "118.00", "cleaningFees": "35.00", "totalBasePrice": "354.00",
            "subTotal": "389.00", "tax": "38.90", "discounts": "0.00", "platformFees": "19.45",
            "serviceFees": "12.00", "totalAmountPaid": "459.35"}  # fmt: skip
    mails = [
        ("signup-otp", "SIGN_UP_OTP", {"otp": otps[0], "name": "noor.tester@example.com"},
         otps[0], "the sign-up verification OTP (six digits: the generator Math.floor(100000 + "
         "Math.random() * 900000) is commented out at this commit in favour of a fixed '123456'"
         "; an invented six-digit code is used)"),
        ("forget-password-otp", "FORGET_PASSWORD_OTP",
         {"otp": otps[1], "name": "noor.tester@example.com"}, otps[1],
         "the password-reset OTP (six digits, as for sign-up)"),
        ("update-contact-otp", "UPDATE", {"otp": otps[2], "new_email": "noor.h@example.org",
                                          "old_email": "noor.tester@example.com"}, otps[2],
         "the OTP that verifies a new e-mail address (six digits)"),
        ("welcome", "WELCOME", {"name": "Noor Haddad"}, None, None),
        ("reservation-confirmed", "RESERVATION_CONFIRMATION", {
            **stay, **bill,
            "reservationTitle": "Confirmed: Your reservation for Jan 16 - Jan 19, 2027",
            "reservationMessage": "Great news! Your reservation is confirmed. We've sent you a "
            "confirmation email with all the details."}, None,
         "the RES- code, shown as 'Confirmation code', is the reservation's booking number "
         "(reservation.ts: RES- and a uuid4 prefix), not a code to type; null"),
        ("reservation-cancelled", "RESERVATION_CANCELLATION", {
            **stay, "totalRefunded": "459.35", "cancelledAt": "Dec 5, 2026"}, None,
         "reservation code only (a booking number)"),
        ("receipt", "RESERVATION_RECIEPTS", {**stay, **bill}, None,
         "receipt with reservation and billing codes (booking and invoice numbers)"),
        ("refund-initiated", "REFUND_INTIATED", {
            "thumbnail": thumb, "propertyName": stay["propertyName"],
            "refundAppliedDate": "Dec 5, 2026", "propertyPlaceType": "Entire cabin",
            "formattedDateRange": "Jan 16 - 19, 2027", "hostName": "Mikko",
            "reservationCode": res_code, "refundAmount": "459.35", "currencySymbol": "€"},
         None, None),
        ("refund-received", "REFUND_RECIEVED", {
            "thumbnail": thumb, "propertyName": stay["propertyName"],
            "propertyPlaceType": "Entire cabin", "hostName": "Mikko",
            "formattedDateRange": "Jan 16 - 19, 2027", "reservationCode": res_code,
            "refundAmount": "459.35", "currencySymbol": "€"}, None, None),
        ("review-request", "RESERVATION_REVIEW_REQUEST", {"hostName": "Mikko"}, None, None),
        ("account-suspension", "ACCOUNT_SUSPENSION", {
            "userName": "Noor Haddad", "date": "Dec 3, 2026",
            "reason": "Repeated cancellations of confirmed stays"}, None, None),
        ("property-verified", "PROPERTY_LISTING_VERIFIED", {
            "name": "Noor Haddad", "propertyName": "Harbour Loft near Suomenlinna",
            "date": "Dec 3, 2026"}, None, None),
        ("kyc-verified", "KYC_VERIFIED", {"hostName": "Noor"}, None, None),
    ]  # fmt: skip
    for name, key, replacements, code, note in mails:
        tpl = templates[key]
        html_doc = _show(repo, AB_COMMIT, tpl["path"])
        merged = {**tpl["replacement"], **replacements}
        for k, v in merged.items():
            html_doc = re.sub("{{" + re.escape(k) + "}}", lambda _m, v=v: str(v), html_doc)
        _save(
            source="staysbnb", template=name, lang="en",
            kind="travel-otp" if code else "travel-booking", code=code, repository=AB_REPO,
            path=tpl["path"], commit=AB_COMMIT, licence="ISC",
            rendered="emailServices.utils.ts sendEmail: the template's default replacements "
            "(emailServices.constant.ts, read through esbuild and node) merged with the "
            "caller's, each {{key}} replaced; subject from the constant; HTML only",
            sender="AirBnb <no-reply@stays.example.com>", subject=tpl["subject"], text=None,
            html_part=html_doc, note=note,
        )  # fmt: skip


def _rand_hex(n: int) -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(n))


MT_REPO = "meteor/meteor"
MT_COMMIT = "024061123a49ff1d4b89d69453ec9263ef8599e1"

METEOR_HARNESS = r"""
const fs = require('fs');
global.Meteor = { absoluteUrl: (p) => 'https://trailmate.app/' + (p || '').replace(/^\//, '') };
global.Accounts = {};
for (const f of process.argv.slice(2, 4)) { eval(fs.readFileSync(f, 'utf8')); }
const base = (path) => Meteor.absoluteUrl(path);
const urls = {
  resetPassword: (t) => base(`#/reset-password/${t}`),
  verifyEmail: (t) => base(`#/verify-email/${t}`),
  enrollAccount: (t) => base(`#/enroll-account/${t}`),
  loginToken: (selector, token) => base(`/?loginToken=${token}&selector=${selector}`),
};
const T = Accounts.emailTemplates;
const calls = JSON.parse(process.argv[4]);
const out = [];
for (const [reason, user, urlArgs, extra] of calls) {
  const key = reason === 'sendLoginToken' ? 'loginToken' : reason;
  const url = urls[key](...urlArgs);
  const o = { from: T[reason].from ? T[reason].from(user) : T.from,
              subject: T[reason].subject(user, url, extra) };
  if (typeof T[reason].text === 'function') o.text = T[reason].text(user, url, extra);
  if (typeof T[reason].html === 'function') o.html = T[reason].html(user, url, extra);
  out.push(o);
}
process.stdout.write(JSON.stringify(out));
"""


def meteor(mirrors: Path) -> None:
    repo = mirrors / "meteor+meteor" / "repo"
    pw = "packages/accounts-password/email_templates.js"
    pl = "packages/accounts-passwordless/email_templates.js"
    seq = _rand_hex(6).upper()
    user = {"profile": {"name": "Noor Haddad"}}
    calls = [
        ["sendLoginToken", user, ["noor.tester@example.com", seq], {"sequence": seq}],
        ["resetPassword", user, ["Xk3v9QpLmT2rW7zc5NbY1sD8fGj4KaEhRt6uVw0yBn"], {}],
        ["verifyEmail", user, ["Pz4Wn8KcR2tYb6Lq0VmX3sHj9DfA5gUeCi7oMa1xQl"], {}],
        ["enrollAccount", {}, ["Hd2Jm6Tq9Vx3Bn7Lc1Zr5Pw8Ks4Fg0Ye"], {}],
    ]
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        (tmpdir / "pw.js").write_text(_show(repo, MT_COMMIT, pw))
        (tmpdir / "pl.js").write_text(_show(repo, MT_COMMIT, pl))
        (tmpdir / "h.js").write_text(METEOR_HARNESS)
        mails = json.loads(subprocess.run(
            ["node", str(tmpdir / "h.js"), str(tmpdir / "pw.js"), str(tmpdir / "pl.js"),
             json.dumps(calls)], capture_output=True, text=True, check=True).stdout)  # fmt: skip
    names = ["login-token", "reset-password", "verify-email", "enroll-account"]
    for i, (name, mail) in enumerate(zip(names, mails, strict=True)):
        code = seq if i == 0 else None
        _save(
            source="meteor-accounts", template=name, lang="en",
            kind="saas-otp" if code else "notice", code=code, repository=MT_REPO,
            path=pl if code else pw, commit=MT_COMMIT, licence="MIT",
            rendered="the default Accounts.emailTemplates of accounts-password and "
            "accounts-passwordless evaluated in node with Meteor.absoluteUrl "
            "https://trailmate.app/; options as Accounts.generateOptionsForEmail builds them "
            "(from, subject, text, and html where the template has one)",
            sender=mail["from"], subject=mail["subject"], text=mail.get("text"),
            html_part=mail.get("html"),
            note="the passwordless login token (generateSequence: Random.hexString(6)"
            ".toUpperCase(), letters and digits); it is also inside the link" if code else None,
        )  # fmt: skip


QV_REPO = "PriyanshuSoni01/QuoteVerse"
QV_COMMIT = "71156aeb478ddb757e78ccabcee3537a1b30ad0c"


def _node_call(source: str, fn: str, args: list, node_modules: Path, *, ts: bool = False,
               tz: str = "UTC") -> str:  # fmt: skip
    """Call an exported function of an ES module (compiled to CommonJS with esbuild); an
    argument ``{"$date": iso}`` is passed as a ``Date``, and ``Date()`` is fixed."""
    import os

    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        name = "src.ts" if ts else "src.js"
        (tmpdir / name).write_text(source)
        subprocess.run(
            [str(node_modules / ".bin" / "esbuild"), str(tmpdir / name), "--format=cjs",
             "--platform=node", f"--outfile={tmpdir / 'src.cjs'}", "--log-level=warning"],
            check=True,
        )  # fmt: skip
        script = (
            "const R = Date; const F = R.parse('2026-12-03T09:41:17Z');"
            "global.Date = class extends R { constructor(...a) {"
            " if (a.length === 0) { super(F); } else { super(...a); } } static now() { return F; } };"
            f"const m = require({str(tmpdir / 'src.cjs')!r});"
            f"const a = JSON.parse({json.dumps(json.dumps(args))},"
            " (k, v) => (v && v.$date ? new Date(v.$date) : v));"
            f"process.stdout.write(JSON.stringify(m.{fn}(...a)))"
        )  # fmt: skip
        out = subprocess.run(
            ["node", "-e", script], capture_output=True, text=True, check=True,
            env={"PATH": os.environ["PATH"], "TZ": tz},
        )  # fmt: skip
    return json.loads(out.stdout)


def quoteverse(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "PriyanshuSoni01+QuoteVerse" / "repo"
    path = "Backend/utils/EmailTemplate.js"
    otp = str(RNG.randint(100000, 998999))
    html_part = _node_call(_show(repo, QV_COMMIT, path), "otpEmailTemplate", [otp, "noor.h"],
                           node_modules)  # fmt: skip
    _save(
        source="quoteverse", template="otp", lang="en", kind="saas-otp", code=otp,
        repository=QV_REPO, path=path, commit=QV_COMMIT, licence="ISC",
        rendered="user.controller.js: otpEmailTemplate(otp, user.username) run in node "
        "(esbuild to CommonJS); From and subject as the controller sets them; HTML only",
        sender="QuoteVerse Auth <quoteverse.auth@gmail.com>",
        subject="Your OTP for Verification 🔐", text=None, html_part=html_part,
        note="the verification OTP (crypto.randomInt(100000, 999999): six digits)",
    )  # fmt: skip


BH_REPO = "fabbo-repo/balance-home-app"
BH_COMMIT = "27a2d926519db77bd5201767af5ad81d4a770bdf"


def balancehome(mirrors: Path) -> None:
    from jinja2 import Environment

    repo = mirrors / "fabbo-repo+balance-home-app" / "repo"
    env = Environment(autoescape=True)
    base = "backend-djangorest/api/src/"
    for lang in ("en", "es"):
        mails = [
            ("email-code", "custom_auth/templates/auth/notifications/{}/email_code",
             {"code": _rand_hex(6)}, "the e-mail verification code (os.urandom(3).hex(): six "
             "lower-case hex digits)"),
            ("password-code", "custom_auth/templates/auth/notifications/{}/password_code",
             {"code": _rand_hex(6)}, "the code to change the password (os.urandom(3).hex())"),
            ("monthly-balance", "balance/templates/balance/notifications/{}/monthly_balance",
             {"month": "November", "year": "2026", "monthly_balance": "412.37",
              "expected_monthly_balance": "350.0"}, None),
            ("annual-balance", "balance/templates/balance/notifications/{}/annual_balance",
             {"year": "2025", "annual_balance": "3918.64",
              "expected_annual_balance": "4200.0"}, None),
        ]  # fmt: skip
        for name, stem, data, note in mails:
            stem = stem.format(lang)
            subject = env.from_string(_show(repo, BH_COMMIT, base + stem + "_subject.txt"))
            body = env.from_string(_show(repo, BH_COMMIT, base + stem + "_body.html"))
            code = data.get("code")
            _save(
                source="balancehome", template=name, lang=lang,
                kind="fintech-otp" if code else "notice", code=code, repository=BH_REPO,
                path=base + stem + "_body.html", commit=BH_COMMIT, licence="Apache-2.0",
                rendered="custom_auth/notifications.py and balance/notifications.py: "
                "render_to_string of the language's subject and body templates (only {{ }} "
                "variables; rendered with Jinja2), send_mail(subject, None, ..., html_message="
                "body): an empty text/plain part and the HTML; month names are the module's "
                "English MONTHS in every language",
                sender="balhom.notifications@gmail.com", subject=subject.render(data),
                text="", html_part=body.render(data), note=note,
            )  # fmt: skip

    # the earlier plain-text version of the same code mails (2022)
    old = "4f57cdc76463fb369ae24b5620f56e98a3beebeb"
    for lang in ("en", "es"):
        for name, stem in (("email-code-text", "email_code"), ("password-code-text",
                                                               "password_code")):  # fmt: skip
            path = f"djangorest/custom_auth/templates/auth/notifications/{lang}/{stem}"
            code = _rand_hex(6)
            _save(
                source="balancehome", template=name, lang=lang, kind="fintech-otp", code=code,
                repository=BH_REPO, path=path + "_body.txt", commit=old, licence="Apache-2.0",
                rendered="the 2022 custom_auth/notifications.py: render_to_string of the "
                "language's subject and one-line text body, send_mail(subject, body, ...): "
                "text/plain only",
                sender="balhom.notifications@gmail.com",
                subject=env.from_string(_show(repo, old, path + "_subject.txt")).render(),
                text=env.from_string(_show(repo, old, path + "_body.txt")).render(code=code),
                html_part=None,
                note="the code after a colon on the mail's one line (os.urandom(3).hex())",
            )  # fmt: skip


OT_REPO = "Emil-Stoychev/Online-Training-Schedule"
OT_COMMIT = "641e175908b810a19cb84c31828b7045a043e7bc"


def gymbuddies(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "Emil-Stoychev+Online-Training-Schedule" / "repo"
    service = "server/Services/emailService.js"
    tdir = "server/utils/emailtemplate/"
    names = ["emailtemplate", "completeVerification", "passwordChanged", "profileEdited"]
    files = {service: _show(repo, OT_COMMIT, service)}
    for n in names:
        files[f"{tdir}{n}.js"] = _show(repo, OT_COMMIT, f"{tdir}{n}.js")
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"
    code = "".join(RNG.choice(alphabet[:62]) for _ in range(9))
    calls = [["sendEmail", ["sendCode", "noor.tester@example.com", code]],
             ["sendEmail", ["Verification complete!", "noor.tester@example.com", code]],
             ["sendEmail", ["Change password!", "noor.tester@example.com", ""]],
             ["sendEmail", ["Profile edit!", "noor.tester@example.com", ""]]]  # fmt: skip
    mails = _run_node("", calls, {"FIXED_NOW": "2026-12-03T09:41:17Z"}, node_modules,
                      ts=False, files=files)  # fmt: skip
    tpl_names = ["email-verification", "verification-complete", "password-changed",
                 "profile-edited"]  # fmt: skip
    for i, (name, mail) in enumerate(zip(tpl_names, mails, strict=True)):
        c = code if i == 0 else None
        _save(
            source="gymbuddies", template=name, lang="en", kind="saas-otp" if c else "notice",
            code=c, repository=OT_REPO, path=f"{tdir}{names[i]}.js", commit=OT_COMMIT,
            licence="ISC",
            rendered="Services/emailService.js sendEmail(option, email, id) run in node 20 with "
            "its template modules (nodemailer replaced by a transport that keeps the "
            "mailOptions); From is the service's Gmail account; HTML only",
            sender=_from(mail["from"]), subject=mail["subject"], text=None,
            html_part=mail["html"],
            note="the e-mail verification code (authService.js: shortid.generate(), letters "
            "and digits in mixed case, here nine of them)" if c else None,
        )  # fmt: skip


CA_REPO = "krishnamohan645/chat-app"
CA_COMMIT = "62ec17c8957579721778b43dbc778e764c497584"


def chatapp(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "krishnamohan645+chat-app" / "repo"
    path = "server/src/utils/sendEmailOtp.js"
    otp = str(RNG.randint(100000, 999999))
    mails = _run_node(
        "", [["", ["noor.tester@example.com", otp]]],
        {"FIXED_NOW": "2026-12-03T09:41:17Z", "PROMAILER_API_KEY": "x"}, node_modules,
        ts=False, files={"server/src/utils/sendEmailOtp.js": _show(repo, CA_COMMIT, path)},
    )  # fmt: skip
    mail = mails[0]
    _save(
        source="chatapp", template="otp", lang="en", kind="saas-otp", code=otp,
        repository=CA_REPO, path=path, commit=CA_COMMIT, licence="ISC",
        rendered="sendEmailOtp.js run in node 20 (the mail API's axios.post replaced by one "
        "that keeps the body): subject, text and HTML as it posts them; the From of the "
        "mail service's SMTP connection is not in the repository and is invented",
        sender="Chat App <no-reply@chatapp.example.com>", subject=mail["subject"],
        text=mail["text"], html_part=mail["html"],
        note="the sign-up / login OTP (auth.service.js: Math.floor(100000 + Math.random() * "
        "900000), six digits)",
    )  # fmt: skip


CM_REPO = "Bablu-Verma/whatsappclone"
CM_COMMIT = "577cea8d18e7ae09a021fa6bc8bc4669343389e3"


def chatme(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "Bablu-Verma+whatsappclone" / "repo"
    path = "server/middleware/verifyUser.js"
    uses = [("forgot-password-otp", "Your Forgot Password  OTP is : ", "auth_controller.js"),
            ("forgot-password-resend", "Your Forgot Password Resnd OTP is : ",
             "auth_controller.js"),
            ("account-delete-otp", "Your Account Delete OTP is : ", "user_controller.js")]  # fmt: skip
    otps = [RNG.randint(1000, 9999) for _ in uses]
    calls = [["sendOTPMiddleware", ["noor.tester@example.com", o, t]]
             for o, (_n, t, _c) in zip(otps, uses, strict=True)]  # fmt: skip
    mails = _run_node(_show(repo, CM_COMMIT, path), calls,
                      {"FIXED_NOW": "2026-12-03T09:41:17Z"}, node_modules, ts=True)  # fmt: skip
    for (name, _text, ctrl), otp, mail in zip(uses, otps, mails, strict=True):
        _save(
            source="chatme", template=name, lang="en", kind="saas-otp", code=str(otp),
            repository=CM_REPO, path=path, commit=CM_COMMIT, licence="ISC",
            rendered=f"middleware/verifyUser.js sendOTPMiddleware(email, otp, text_data) with "
            f"the text_data of controllers/{ctrl}, compiled with esbuild and run in node "
            "(nodemailer replaced by a transport that keeps the mailOptions); text only",
            sender=mail["from"], subject=mail["subject"], text=mail["text"], html_part=None,
            note="the OTP (config/small_function.js generateOTP: four digits) on its own "
            "indented line under the sentence; the subject says 'Forgot Password OTP' for every "
            "use, as the sender does",
        )  # fmt: skip


PACE_REPO = "payalporwal/backend-mobile-app"
PACE_COMMIT = "606dd8a8735fb88c78d297a8a2880362d853686c"


def pace(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "payalporwal+backend-mobile-app" / "repo"
    for name, path, note in (
        ("register-otp", "utils/email/register-mail.js",
         "the registration OTP (otp-route.js otpfunc: six digits 1-9, shuffled)"),
        ("reset-otp", "utils/email/reset-mail.js",
         "the password-reset OTP (otp-route.js otpfunc: six digits 1-9)"),
    ):  # fmt: skip
        otp = "".join(RNG.choice("123456789") for _ in range(6))
        src = _show(repo, PACE_COMMIT, path)
        text = _node_call(src, "message", [int(otp), "noor_h"], node_modules)
        subject = _node_call(src + "\nmodule.exports.s = () => subject_mail;", "s", [],
                             node_modules)  # fmt: skip
        _save(
            source="pace", template=name, lang="en", kind="health-otp", code=otp,
            repository=PACE_REPO, path=path, commit=PACE_COMMIT, licence="ISC",
            rendered=f"routes/server/otp-route.js: {path} message(OTP, user.username) and "
            "subject_mail, run in node; utils/email/send.js sends text only from the "
            "no-reply account as \"PACE\"",
            sender="PACE <no-reply@paceful.org>", subject=subject, text=text, html_part=None,
            note=note,
        )  # fmt: skip


MH_REPO = "chetanchudasama2025/mental-health-app-backed-"
MH_COMMIT = "3d6943327bfcbef74c7d6daf7d4ebb95c9bc5700"


def mentalhealth(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "chetanchudasama2025+mental-health-app-backed-" / "repo"
    sender = "mindcare.sessions@gmail.com"
    otp = str(RNG.randint(100000, 999999))
    token = _rand_hex(64)
    mails = [
        ("email-verification", "templates/emailVerificationEmail.ts",
         "getEmailVerificationEmailTemplate", ["User", otp],
         "Verify Your Email Address - Mental Health App", otp,
         "the e-mail verification OTP (authController.ts generateOTP: six digits); the "
         "controller greets every reader as 'User'"),
        ("forgot-password", "templates/forgotPasswordEmail.ts",
         "getForgotPasswordEmailTemplate",
         ["Noor", f"https://app.mindcare.example/auth/forgotPassword?token={token}"],
         "Password Reset Request", None, None),
        ("session-reminder", "templates/sessionReminderEmail.ts",
         "getSessionReminderEmailTemplate",
         ["Noor Haddad", "Dr. Amara Okafor", {"$date": "2026-12-04T00:00:00Z"}, "10:30 AM", 50],
         "Session Reminder: Your therapy session starts in 1 hour", None, None),
    ]  # fmt: skip
    for name, path, fn, args, subject, code, note in mails:
        html_part = _node_call(_show(repo, MH_COMMIT, path), fn, args, node_modules, ts=True)
        _save(
            source="mindcare", template=name, lang="en", kind="health-otp" if code else "notice",
            code=code, repository=MH_REPO, path=path, commit=MH_COMMIT, licence="ISC",
            rendered=f"{fn} (compiled with esbuild, run in node, Date fixed) as "
            "controllers/authController.ts or services/sessionReminderService.ts sends it; "
            "From is GMAIL_USER (invented); HTML only",
            sender=sender, subject=subject, text=None, html_part=html_part, note=note,
        )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node-modules", type=Path, default=Path("/tmp/r19mobile-node/node_modules"))
    args = ap.parse_args()
    duolicious(args.mirrors)
    notesnook(args.mirrors)
    fittrackee(args.mirrors)
    endurain(args.mirrors)
    hylo(args.mirrors)
    bikeride(args.mirrors, args.node_modules)
    rtm(args.mirrors, args.node_modules)
    airbnb(args.mirrors, args.node_modules)
    meteor(args.mirrors)
    quoteverse(args.mirrors, args.node_modules)
    balancehome(args.mirrors)
    gymbuddies(args.mirrors, args.node_modules)
    chatapp(args.mirrors, args.node_modules)
    chatme(args.mirrors, args.node_modules)
    pace(args.mirrors, args.node_modules)
    mentalhealth(args.mirrors, args.node_modules)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
