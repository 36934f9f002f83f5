"""Round sixteen, collector ``money``: personal finance, expense sharing and crypto exchange
mail (sign-in and withdrawal codes, receipts, payment details, security notices).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_money.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round16/money.json``. Every template is read with
``git show <commit>:<path>`` from the snapshot under ``--mirrors`` (``<owner>+<name>/repo``)
and filled here; values (names, amounts, addresses, codes) are invented, in the shape the
sender's own code makes them.

- ``Polygant/OpenCEX-backend`` (Apache-2.0), an open-source crypto exchange (Django).
  Plain-text mails as Django sends them (``send_mail``, text/plain only). Rendered: the
  e-mail confirmation of django-allauth as the project overrides it
  (``core/templates/account/email/email_confirmation_message.txt``: "Copy and enter the code
  to confirm the action", the key made by ``core.auth.adapters.AccountAdapter`` with
  ``core.utils.get_rand_code(6)``: six digits), subject ``[site name] Email Confirmation`` as
  allauth prefixes it, body ``.strip()``-ed as allauth does; the withdrawal request
  confirmation (``core/templates/withdrawal_request_confirmation.txt``, code
  ``get_rand_code(6)``, sent unstripped by ``core.tasks.inouts``, subject
  "Withdrawal request confirmation"); and, in English and Russian (``.en.txt``/``.ru.txt``
  templates chosen by the user's language), the new-IP login and failed-login notices, the
  failed withdrawal notice, the SEPA payment details (IBAN, BIC and payment reference), the
  exchange completed and the late payment ("exchange expired") notices. The ``ru``
  catalogue's msgids for the allauth mail are stale (not the template's text) and the
  withdrawal string has no Russian msgstr, so the code mails are English only. Django
  constructs are rendered by a small renderer (``{{ var }}``, ``{% if %}…{% else %}…
  {% endif %}``, ``{% load %}``, ``{% blocktrans %}``, ``{% autoescape off %}``).
- ``oss-apps/split-pro`` (MIT), SplitPro, an open-source Splitwise alternative (Next.js).
  ``src/server/mailer.ts``: the sign-in mail (text/plain + text/html, "You can also use this
  OTP: …", the token from ``generateVerificationToken`` in ``src/server/auth.ts``:
  ``Math.random().toString(36).substring(2, 7)``, five lower-case letters and digits) and
  the invitation mail. English only (the mails are not translated).
- ``spiral-project/ihatemoney`` (BSD-3-Clause), "I hate money", shared budgets (Flask).
  ``ihatemoney/emails.py`` and ``web.py``: the project-created reminder, the invitation and
  the password-reset mail, plain text (Flask-Mail), bodies from
  ``templates/<name>.<lang>.j2`` rendered with Jinja2 (English and French templates; other
  languages fall back to the English body, as ``render_localized_template`` does) and the
  subjects from ``translations/<lang>/LC_MESSAGES/messages.po`` (the reset subject is not
  translated). None carries a code (links, the project identifier). And the same three
  mails as the 2017 releases sent them, which gave the project's private code (the shared
  password its creator chose) in clear: ``password_reminder.<lang>`` at b4961f64 ('the
  private code is "…"'), ``invitation_mail.<lang>`` at 2866c868 and ``reminder_mail.<lang>``
  at 0dfb9c5f ('the shared password is "…"'), English and French, each rendered from that
  commit's template and ``.po``, sender ``MAIL_DEFAULT_SENDER`` of that release.
- ``mayswind/ezbookkeeping`` (MIT), a self-hosted personal finance book (Go).
  ``templates/email/verify_email.tmpl`` and ``password_reset.tmpl`` (Go html/template,
  escaped here as it escapes text and attributes), strings from ``pkg/locales/<lang>.go``,
  as ``pkg/services/users.go`` and ``forget_passwords.go`` fill them (expiry 60 minutes,
  links carrying a JWT); text/html only, subject the localized title. No code.

- ``GaloyMoney/blink`` (MIT), Blink, a Bitcoin/Lightning wallet. The e-mail code mail:
  the Ory Kratos ``recovery_code`` courier template Blink sets in
  ``dev/config/ory/kratos.yml`` (base64 subject "your code", plaintext and html bodies: "You
  can confirm access to your blink account by entering the following code:"; six digits as
  Kratos makes them), multipart/alternative; and the identity-verification notices of
  ``core/notifications`` (approved, declined, under review) in every language its rust-i18n
  locales translate them (en, ca, el, es, ro, sw), rendered through ``templates/general.hbs``,
  ``layouts/base.hbs`` and ``partials/styles.hbs`` by a small handlebars renderer, text/html
  only as its lettre mailer sends them.

- ``hpyhacking/peatio`` (MIT, as its README says at the commit read; the repository was later
  emptied and given an Apache-2.0 LICENSE), Peatio, the open-source crypto exchange (Rails 4).
  Commit 6fe7e960 (the last with the code): the activation and password-reset link mails,
  the sign-in notice, the withdrawal-complete and deposit-credited notices, ERB views inside
  ``layouts/mailers/application.html.erb`` rendered by hand, strings and subjects from
  ``config/locales/server.<lang>.yml`` in every language that translates them (en, zh-CN,
  cs, ko for the first three; en, zh-CN for the last two); text/html only. No code.

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import jinja2
import yaml
from collect import HERE, message

OUT = HERE / "round16" / "money.json"
BASE_SENT = datetime(2026, 3, 9, 8, 14, 0, tzinfo=UTC)

OPENCEX = "Polygant/OpenCEX-backend"
OPENCEX_COMMIT = "fc6711e6e9ea07a0512bc58768ee28eba1882b09"
SPLITPRO = "oss-apps/split-pro"
SPLITPRO_COMMIT = "fd089df2af9b2f4c7110923932f3f7816909cd38"
IHM = "spiral-project/ihatemoney"
IHM_COMMIT = "52e5720ec78d32eab963cd7e73d4826ae3a16950"
# older releases that still put the project's private code (shared password) in the mail
IHM_REMIND = "b4961f646a6e265451aa414df9fb0d58b552ffdf"  # password_reminder.<lang>
IHM_INVITE = "2866c868d55d197de8c39c34debc878b38929d98"  # invitation_mail.<lang>
IHM_CREATED = "0dfb9c5f948b10857ce5b55b6317c7773dab87b0"  # reminder_mail.<lang>
BLINK = "GaloyMoney/blink"
BLINK_COMMIT = "29ea9fb0fe516995818a90b1c63d4a91df76a7e9"
PEATIO = "hpyhacking/peatio"
PEATIO_COMMIT = "6fe7e960a12c40053370cb25cdd0968b67041aa0"
EZB = "mayswind/ezbookkeeping"
EZB_COMMIT = "2e20df861c25a40253ceabbf91a9ee456fc4601b"

LICENCES = {
    OPENCEX: "Apache-2.0",
    SPLITPRO: "MIT",
    IHM: "BSD-3-Clause",
    EZB: "MIT",
    BLINK: "MIT",
    PEATIO: "MIT",
}

MIRRORS = Path("/work/.mirror")


def _show(repository: str, commit: str, path: str) -> str:
    repo = MIRRORS / repository.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


class Collector:
    def __init__(self) -> None:
        self.items: list[dict[str, object]] = []
        self.n = 0

    def add(
        self,
        *,
        source: str,
        ident: str,
        group: str,
        lang: str,
        kind: str,
        code: str | None,
        repository: str,
        commit: str,
        path: str,
        rendered: str,
        sender: str,
        subject: str,
        text: str | None,
        html_part: str | None,
        note: str,
    ) -> None:
        sent = BASE_SENT + timedelta(minutes=37 * self.n)
        self.n += 1
        raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=sent)
        item_id = f"{source}-{ident}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        self.items.append(
            {
                "id": item_id,
                "group": f"{source}-{group}",
                "source": source,
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": repository,
                "path": path,
                "commit": commit,
                "licence": LICENCES[repository],
                "rendered": rendered,
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
                "note": note,
            }
        )


# ---------------------------------------------------------------------------------------
# OpenCEX (Django templates, a small renderer)


def _django(template: str, context: dict[str, str]) -> str:
    """The few Django constructs OpenCEX's mail templates use; values are HTML-escaped as
    Django's autoescape does unless inside ``{% autoescape off %}``."""
    autoescape_off = "{% autoescape off %}" in template
    out = re.sub(r"\{% (load [^%]*|user_display user as user_display) %\}", "", template)
    out = re.sub(r"\{% (autoescape off|endautoescape|endblocktrans) %\}", "", out)
    out = re.sub(r"\{% blocktrans[^%]*%\}", "", out)
    out = re.sub(r'\{% trans "([^"]*)" %\}', r"\1", out)

    def _if(m: re.Match[str]) -> str:
        return m.group(2) if context.get(m.group(1)) else m.group(3)

    out = re.sub(r"\{% if (\w+) %\}(.*?)\{% else %\}(.*?)\{% endif %\}", _if, out, flags=re.DOTALL)

    def _var(m: re.Match[str]) -> str:
        value = context[m.group(1)]
        return value if autoescape_off else html.escape(value)

    return re.sub(r"\{\{ ?(\w+) ?\}\}", _var, out)


def opencex(c: Collector) -> None:
    site = "CoinHarbor"
    domain = "coinharbor.example"
    sender = f"CoinHarbor <no-reply@{domain}>"
    tdir = "core/templates/"

    def tpl(path: str) -> str:
        return _show(OPENCEX, OPENCEX_COMMIT, tdir + path)

    common = {"repository": OPENCEX, "commit": OPENCEX_COMMIT, "source": "opencex"}
    # e-mail confirmation (allauth, overridden template)
    confirm = tpl("account/email/email_confirmation_message.txt")
    subject_t = tpl("account/email/email_confirmation_subject.txt")
    subject_line = " ".join(_django(subject_t, {}).splitlines()).strip()
    for ident, user, key, note in [
        (
            "email-confirm-signup",
            "daniyar.seitkali",
            "483920",
            "sign-up confirmation (email_confirmation_signup_message.txt includes the same "
            "text: 'You have requested adding an email address…'): 'Copy and enter the code "
            "to confirm the action:' then the six-digit code alone on a line",
        ),
        (
            "email-confirm-added",
            "m.oyelaran",
            "705318",
            "second address added to an account: the same template, six-digit code",
        ),
        (
            "email-confirm-resend",
            "lucia.ferraz",
            "190467",
            "confirmation mail sent again (resend-email-confirmation endpoint), same template",
        ),
        (
            "email-confirm-second",
            "arash.karimi",
            "862039",
            "confirmation of another account's address, same template",
        ),
    ]:
        body = _django(confirm, {"user_display": user, "site_name": site, "key": key}).strip()
        c.add(
            **common,
            ident=ident,
            group="email-confirm",
            lang="en",
            kind="fintech-otp",
            code=key,
            path=tdir
            + "account/email/email_confirmation_message.txt ; "
            + tdir
            + "account/email/email_confirmation_subject.txt ; core/auth/adapters.py ; "
            "core/utils/__init__.py",
            rendered="Django template by a small renderer, body stripped and subject "
            "prefixed '[site name] ' as django-allauth does; text/plain only",
            sender=sender,
            subject=f"[{site}] {subject_line}",
            text=body,
            html_part=None,
            note=note,
        )
    wd = tpl("withdrawal_request_confirmation.txt")
    for ident, code, note in [
        (
            "withdrawal-confirm-1",
            "628104",
            "withdrawal request: 'please enter the code', 'Confirmation Code' then six digits; "
            "body sent unstripped (two leading blank lines) as core.tasks.inouts renders it",
        ),
        ("withdrawal-confirm-2", "057392", "withdrawal request, code with a leading zero"),
        ("withdrawal-confirm-3", "914766", "withdrawal request, another code"),
        ("withdrawal-confirm-4", "300581", "withdrawal request, another code"),
    ]:
        c.add(
            **common,
            ident=ident,
            group="withdrawal-confirm",
            lang="en",
            kind="fintech-otp",
            code=code,
            path=tdir + "withdrawal_request_confirmation.txt ; core/tasks/inouts.py ; "
            "core/views/withdrawal.py",
            rendered="Django template by a small renderer (not stripped); subject from "
            "core/tasks/inouts.py; text/plain only",
            sender=sender,
            subject="Withdrawal request confirmation",
            text=_django(wd, {"code": code, "confirmation_url": ""}),
            html_part=None,
            note=note,
        )
    # notices, en and ru
    notices = [
        (
            "ip-changed",
            "email/ip_changed_message.{lang}.txt",
            "email/ip_changed_subject.{lang}.txt",
            {"username": "daniyar.seitkali", "ip_address": "185.143.72.19"},
            "notice",
            "login from a new IP address (185.143.72.19); no code",
        ),
        (
            "failed-login",
            "email/failed_login_message.{lang}.txt",
            "email/failed_login_subject.{lang}.txt",
            {"username": "m.oyelaran"},
            "notice",
            "failed login attempt notice; no code",
        ),
        (
            "withdrawal-failed",
            "withdrawal_failed_text.{lang}.txt",
            "withdrawal_failed_subj.{lang}.txt",
            {"username": "lucia.ferraz"},
            "notice",
            "withdrawal failed, funds returned; no code",
        ),
        (
            "sepa-details",
            "sepa_details_text.{lang}.txt",
            "sepa_details_subj.{lang}.txt",
            {"quantity": "250.00", "amount": "0.00412735", "remittance_id": "CH8K2Q7M4T"},
            "invoice",
            "SEPA payment details for a BTC purchase: IBAN, BIC code and 'Payment Reference: "
            "CH8K2Q7M4T' (to be written on the transfer: a payment reference, not a code)",
        ),
        (
            "exchange-completed",
            "email/exchange_completed_message.{lang}.txt",
            "email/exchange_completed_message_subject.{lang}.txt",
            {
                "quote_value": "0.01650000",
                "quote_currency": "BTC",
                "base_value": "1000.00",
                "base_currency": "EUR",
                "address": "",
                "site_domain": domain,
            },
            "notice",
            "exchange completed, sent to the wallet (HTML link in a plain-text mail); no code",
        ),
        (
            "exchange-expired",
            "email/exchange_expired_message.{lang}.txt",
            "email/exchange_expired_message_subject.{lang}.txt",
            {
                "link": f"https://{domain}/account/wallet",
                "amount": "480.00",
                "currency": "EUR",
                "quoted_amount": "0.00791520",
                "quoted_currency": "BTC",
                "payment_reference": "CH3W9D5R1X",
            },
            "notice",
            "late SEPA payment credited to the wallet; IBAN, BIC, payment reference CH3W9D5R1X "
            "(a reference, not a code)",
        ),
    ]
    for ident, body_p, subj_p, ctx, kind, note in notices:
        for lang in ("en", "ru"):
            body = _django(tpl(body_p.format(lang=lang)), ctx).strip()
            subject = _django(tpl(subj_p.format(lang=lang)), ctx).strip()
            c.add(
                **common,
                ident=ident,
                group=ident,
                lang=lang,
                kind=kind,
                code=None,
                path=tdir
                + body_p.replace("{lang}", "<lang>")
                + " ; "
                + tdir
                + subj_p.replace("{lang}", "<lang>")
                + " ; core/tasks/",
                rendered="Django template by a small renderer, body and subject stripped as "
                "core/tasks renders them; text/plain only",
                sender=sender,
                subject=subject,
                text=body,
                html_part=None,
                note=note,
            )


# ---------------------------------------------------------------------------------------
# SplitPro


def _js_template(source: str, name: str, values: dict[str, str]) -> str:
    m = re.search(r"const " + name + r" = `(.*?)`;", source, flags=re.DOTALL)
    assert m, name
    text = m.group(1).replace("\\n", "\n")
    return re.sub(r"\$\{([\w.]+)\}", lambda v: values[v.group(1)], text)


def splitpro(c: Collector) -> None:
    src = _show(SPLITPRO, SPLITPRO_COMMIT, "src/server/mailer.ts")
    signup = src[src.index("export async function sendSignUpEmail") :]
    signup = signup[: signup.index("export async function sendInviteEmail")]
    invite = src[src.index("export async function sendInviteEmail") :]
    invite = invite[: invite.index("export async function sendFeedbackEmail")]
    sender = "SplitPro <hello@splitpro.example>"
    common = {"repository": SPLITPRO, "commit": SPLITPRO_COMMIT, "source": "splitpro"}
    subject = re.search(r"const subject = '([^']*)'", signup).group(1)  # type: ignore[union-attr]
    for ident, host, email, token in [
        ("sign-in-1", "splitpro.example", "ana.rusu@example.com", "k3x9q"),
        ("sign-in-2", "split.flatmates.example", "tobi.adeyemi@example.com", "7fm2a"),
        ("sign-in-3", "splitpro.example", "sanna.virtanen@example.com", "qw0ze"),
        ("sign-in-4", "bills.hausgemeinschaft.example", "jonas.weber@example.com", "b8n4r"),
        ("sign-in-5", "splitpro.example", "mei.chen@example.com", "3x0k7"),
        ("sign-in-6", "split.flatmates.example", "diego.ramos@example.com", "vhqpt"),
    ]:
        url = (
            f"https://{host}/api/auth/callback/email?callbackUrl=https%3A%2F%2F{host}%2F"
            f"&token={token}&email={email.replace('@', '%40')}"
        )
        values = {"url": url, "token": token, "host": host}
        c.add(
            **common,
            ident=ident,
            group="sign-in",
            lang="en",
            kind="fintech-otp",
            code=token,
            path="src/server/mailer.ts ; src/server/auth.ts",
            rendered="template literals of sendSignUpEmail filled as JavaScript does; "
            "multipart/alternative text/plain + text/html as nodemailer sends text and html",
            sender=sender,
            subject=subject,
            text=_js_template(signup, "text", values),
            html_part=_js_template(signup, "html", values),
            note="sign-in link and 'You can also use this OTP: <token>': five lower-case "
            "letters and digits (Math.random().toString(36).substring(2, 7))",
        )
    inv_subject = re.search(r"const subject = '([^']*)'", invite).group(1)  # type: ignore[union-attr]
    for ident, name, app in [
        ("invite-1", "Ana Rusu", "https://splitpro.example"),
        ("invite-2", "Tobi Adeyemi", "https://split.flatmates.example"),
    ]:
        host = app.removeprefix("https://")
        values = {"name": name, "env.NEXTAUTH_URL": app, "host": host}
        c.add(
            **common,
            ident=ident,
            group="invite",
            lang="en",
            kind="notice",
            code=None,
            path="src/server/mailer.ts",
            rendered="template literals of sendInviteEmail filled as JavaScript does; "
            "multipart/alternative text/plain + text/html",
            sender=sender,
            subject=inv_subject,
            text=_js_template(invite, "text", values),
            html_part=_js_template(invite, "html", values),
            note="invitation to SplitPro with a sign-in link; no code",
        )


# ---------------------------------------------------------------------------------------
# I hate money


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no plurals, no context needed here)."""
    entries: dict[str, str] = {}
    for block in text.split("\n\n"):
        lines = [ln for ln in block.splitlines() if not ln.startswith("#")]
        cur = None
        parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
        for ln in lines:
            if ln.startswith("msgid "):
                cur = "msgid"
                ln = ln[6:]
            elif ln.startswith("msgstr "):
                cur = "msgstr"
                ln = ln[7:]
            elif not ln.startswith('"'):
                cur = None
                continue
            if cur:
                m = re.match(r'\s*"(.*)"\s*$', ln)
                if m:
                    parts[cur].append(
                        re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e[1], e[1]), m[1])
                    )
        if parts["msgid"]:
            entries["".join(parts["msgid"])] = "".join(parts["msgstr"])
    return entries


def ihatemoney(c: Collector) -> None:
    base = "https://ihatemoney.example.org"
    sender = "Budget manager <admin@example.com>"
    common = {"repository": IHM, "commit": IHM_COMMIT, "source": "ihatemoney"}
    env = jinja2.Environment(autoescape=False)

    def body(name: str, lang: str, project: dict[str, str], token: str) -> tuple[str, str]:
        use = lang if lang in ("en", "fr") else "en"
        path = f"ihatemoney/templates/{name}.{use}.j2"
        t = env.from_string(_show(IHM, IHM_COMMIT, path))
        pid = project["id"]

        def url_for(endpoint: str, **kw: object) -> str:
            ep = endpoint.split(".")[-1]
            if ep == "list_bills":
                return f"{base}/{pid}/"
            if ep == "invite":
                return f"{base}/{pid}/invite"
            if ep == "join_project":
                return f"{base}/{pid}/join/{kw['token']}"
            if ep == "reset_password":
                return f"{base}/reset-password?token={kw['token']}"
            raise KeyError(ep)

        class Proj:
            id = pid
            name = project["name"]
            contact_email = project["email"]

            @staticmethod
            def generate_token(token_type: str = "auth") -> str:
                return token

        class G:
            project = Proj

        return t.render(project=Proj, g=G, url_for=url_for), path

    def subject(msgid: str, lang: str, project: str) -> str:
        if lang != "en":
            po = _po(
                _show(IHM, IHM_COMMIT, f"ihatemoney/translations/{lang}/LC_MESSAGES/messages.po")
            )
            msgid = po.get(msgid) or msgid
        return msgid % {"project": project}

    projects = {
        "en": {
            "id": "lakehouse-2026",
            "name": "Lake house 2026",
            "email": "owen.price@example.com",
        },
        "fr": {
            "id": "colocation-rue-dupin",
            "name": "Coloc rue Dupin",
            "email": "claire.morel@example.com",
        },
        "de": {
            "id": "wg-kastanienallee",
            "name": "WG Kastanienallee",
            "email": "jonas.weber@example.com",
        },
        "es": {
            "id": "viaje-asturias",
            "name": "Viaje a Asturias",
            "email": "irene.lopez@example.com",
        },
        "it": {
            "id": "vacanza-salento",
            "name": "Vacanza Salento",
            "email": "marco.ricci@example.com",
        },
        "nl": {"id": "zeilweekend", "name": "Zeilweekend", "email": "femke.jansen@example.com"},
        "pl": {"id": "wyjazd-tatry", "name": "Wyjazd w Tatry", "email": "kasia.nowak@example.com"},
        "uk": {
            "id": "kvartyra-lviv",
            "name": "Квартира Львів",
            "email": "olena.bondar@example.com",
        },
    }
    tokens = {
        lang: f"eyJwcm9qZWN0X2lkIjoi{i}YWJj{lang}In0.Z8Kq{i}w.{'h' * 3}X{i}r9sLq2mVb{lang}T0pWc"
        for i, lang in enumerate(projects)
    }
    created_id = "You have just created '%(project)s' to share your expenses"
    invited_id = "You have been invited to share your expenses for %(project)s"
    for lang, proj in projects.items():
        text, path = body("reminder_mail", lang, proj, tokens[lang])
        c.add(
            **common,
            ident="project-created",
            group="project-created",
            lang=lang,
            kind="notice",
            code=None,
            path=f"{path} ; ihatemoney/emails.py ; ihatemoney/translations/<lang>/LC_MESSAGES/messages.po",
            rendered="Jinja2 template (English body where no template in the language, as "
            "render_localized_template falls back), subject from the .po; text/plain only",
            sender=sender,
            subject=subject(created_id, lang, proj["name"]),
            text=text,
            html_part=None,
            note="project created: link and the project identifier (a login name, not a "
            "code); the shared password is not repeated; no code"
            + ("" if lang in ("en", "fr") else "; subject translated, body English"),
        )
        text, path = body("invitation_mail", lang, proj, tokens[lang])
        c.add(
            **common,
            ident="invitation",
            group="invitation",
            lang=lang,
            kind="notice",
            code=None,
            path=f"{path} ; ihatemoney/web.py ; ihatemoney/translations/<lang>/LC_MESSAGES/messages.po",
            rendered="Jinja2 template (English body where no template in the language), "
            "subject from the .po; text/plain only",
            sender=sender,
            subject=subject(invited_id, lang, proj["name"]),
            text=text,
            html_part=None,
            note="invitation with a log-in link carrying a token; no code"
            + ("" if lang in ("en", "fr") else "; subject translated, body English"),
        )
    for lang in ("en", "fr"):
        proj = projects[lang]
        text, path = body("password_reminder", lang, proj, tokens[lang] + "rst")
        c.add(
            **common,
            ident="password-reset",
            group="password-reset",
            lang=lang,
            kind="notice",
            code=None,
            path=f"{path} ; ihatemoney/web.py",
            rendered="Jinja2 template; subject 'password recovery' from web.py (not "
            "translated); text/plain only",
            sender=sender,
            subject="password recovery",
            text=text,
            html_part=None,
            note="password reset link valid one hour; no code",
        )


# ---------------------------------------------------------------------------------------
# Blink (Kratos courier template from its kratos.yml; handlebars notification mails)


def _hbs_escape(value: str) -> str:
    """handlebars-rust's default HTML escape."""
    out = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = out.replace('"', "&quot;").replace("'", "&#x27;").replace("`", "&#x60;")
    return out.replace("=", "&#x3D;")


def _hbs_lines(template: str, partials: dict[str, str], values: dict[str, str]) -> str:
    """The constructs of Blink's three templates: standalone comments, partials and block
    tags take their whole line; a standalone partial is indented as its tag is."""
    out: list[str] = []
    for line in template.splitlines(keepends=True):
        stripped = line.strip()
        if re.fullmatch(r"\{\{!--.*--\}\}", stripped):
            continue
        m = re.fullmatch(r"\{\{> ?([@\w-]+)\}\}", stripped)
        if m:
            indent = line[: len(line) - len(line.lstrip())]
            body = partials[m.group(1)]
            out.extend(indent + ln if ln.strip() else ln for ln in body.splitlines(True))
            continue
        out.append(re.sub(r"\{\{(\w+)\}\}", lambda v: _hbs_escape(values[v.group(1)]), line))
    return "".join(out)


def _rust_i18n(locale: str) -> dict[str, str]:
    return {k: v for k, v in yaml.safe_load(locale).items() if isinstance(v, str)}


def blink(c: Collector) -> None:
    common = {"repository": BLINK, "commit": BLINK_COMMIT, "source": "blink"}
    sender = "Blink <no-reply@blink.example>"
    kratos = _show(BLINK, BLINK_COMMIT, "dev/config/ory/kratos.yml")
    rec = kratos[kratos.index("recovery_code:") :]
    subject_b64 = re.search(r"subject: base64://(\S+)", rec).group(1)  # type: ignore[union-attr]
    plain_b64 = re.search(r"plaintext: base64://(\S+)", rec).group(1)  # type: ignore[union-attr]
    html_b64 = re.search(r"html: base64://(\S+)", rec).group(1)  # type: ignore[union-attr]
    subject = base64.b64decode(subject_b64).decode().strip()
    plain = base64.b64decode(plain_b64).decode()
    html_t = base64.b64decode(html_b64).decode()
    for ident, code in [
        ("email-code-1", "418263"),
        ("email-code-2", "092741"),
        ("email-code-3", "775310"),
        ("email-code-4", "304958"),
        ("email-code-5", "561027"),
    ]:
        c.add(
            **common,
            ident=ident,
            group="email-code",
            lang="en",
            kind="fintech-otp",
            code=code,
            path="dev/config/ory/kratos.yml (courier.templates.recovery_code.valid.email)",
            rendered="Ory Kratos recovery_code template that Blink sets in its kratos.yml "
            "(base64 subject, plaintext and html bodies), {{ .RecoveryCode }} filled as Go "
            "templates do; multipart/alternative text/plain + text/html as the Kratos courier "
            "sends it; subject's trailing newline dropped",
            sender=sender,
            subject=subject,
            text=plain.replace("{{ .RecoveryCode }}", code),
            html_part=html_t.replace("{{ .RecoveryCode }}", code),
            note="Blink (Lightning wallet) e-mail code: 'You can confirm access to your blink "
            "account by entering the following code:' then six digits (Kratos recovery code) "
            "alone on a line; subject 'your code'",
        )
    tdir = "core/notifications/templates/"
    general = _show(BLINK, BLINK_COMMIT, tdir + "general.hbs")
    base_t = _show(BLINK, BLINK_COMMIT, tdir + "layouts/base.hbs")
    styles = _show(BLINK, BLINK_COMMIT, tdir + "partials/styles.hbs")
    g_lines = general.splitlines(keepends=True)
    assert g_lines[0].strip() == "{{#> base}}" and g_lines[-1].strip() == "{{/base}}"
    block = "".join(g_lines[1:-1])
    events = [
        ("identity-approved", "identity_verification_approved", None, "KYC approved"),
        (
            "identity-declined",
            "identity_verification_declined",
            "documents_expired",
            "KYC declined: documents expired",
        ),
        ("identity-review", "identity_verification_review_started", None, "KYC under review"),
    ]
    for lang in ("en", "ca", "el", "es", "ro", "sw"):
        strings = _rust_i18n(_show(BLINK, BLINK_COMMIT, f"core/notifications/locales/{lang}.yml"))
        for ident, key, reason, what in events:
            title = strings[key + ".title"]
            body = strings[key + ".body"]
            if reason:
                body = body.replace("%{reason}", strings[f"{key}.reason.{reason}"])
            values = {"subject": title, "body": body}
            partial_block = _hbs_lines(block, {}, values)
            out = _hbs_lines(base_t, {"styles": styles, "@partial-block": partial_block}, values)
            c.add(
                **common,
                ident=ident,
                group=ident,
                lang=lang,
                kind="notice",
                code=None,
                path=f"{tdir}general.hbs ; {tdir}layouts/base.hbs ; {tdir}partials/styles.hbs ; "
                f"core/notifications/locales/{lang}.yml ; "
                f"core/notifications/src/notification_event/{key}.rs",
                rendered="handlebars templates by a small renderer (standalone tags take their "
                "line, partials indented, values HTML-escaped as handlebars-rust does), strings "
                "from the rust-i18n locale; text/html only as lettre sends it, subject the title",
                sender=sender,
                subject=title,
                text=None,
                html_part=out,
                note=f"identity verification notice ({what}); no code",
            )


def ihatemoney_legacy(c: Collector) -> None:
    """The 2017 releases: the creation, invitation and password-reminder mails gave the
    project's private code (the shared password chosen at creation) in clear."""
    site = "https://budget.example.org"
    sender = "Budget manager <budget@notmyidea.org>"
    env = jinja2.Environment(autoescape=False)
    projects = [
        ("en", "lakehouse", "Lake house 2017", "owen.price@example.com", "tartiflette74"),
        ("en", "bristol-flat", "Bristol flat", "aisha.khan@example.com", "Gr33nDoor!"),
        ("fr", "coloc-dupin", "Coloc rue Dupin", "claire.morel@example.com", "raclette2017"),
        ("fr", "rando-gr20", "Rando GR20", "yann.le-goff@example.com", "Bivouac#Corse"),
        ("en", "allotment-club", "Allotment club", "grace.okafor@example.com", "4417"),
        ("fr", "mariage-lea", "Mariage de Léa", "lea.martin@example.com", "Champagne&Co"),
    ]
    kinds = [
        (
            "password-reminder-legacy",
            IHM_REMIND,
            "password_reminder",
            None,
            "password reminder of the 2017 releases: link and 'the private code is \"…\"' "
            "(le code d'accès est \"…\"): the project's shared password, to be typed",
        ),
        (
            "invitation-legacy",
            IHM_INVITE,
            "invitation_mail",
            "You have been invited to share your expenses for %(project)s",
            "invitation of the 2017 releases: project link and 'the private code is \"…\"' "
            '(le code est "…"): the shared password to type at the project\'s login',
        ),
        (
            "project-created-legacy",
            IHM_CREATED,
            "reminder_mail",
            "You have just created '%(project)s' to share your expenses",
            "project created (late-2017 release): identifier and 'the shared password is "
            '"…"\' (le code d\'accès "…"); the password is the one to type',
        ),
    ]
    for ident, commit, name, msgid, note in kinds:
        for n, (lang, pid, pname, email, password) in enumerate(projects):
            path = f"ihatemoney/templates/{name}.{lang}"
            t = env.from_string(_show(IHM, commit, path))

            def url_for(endpoint: str, _pid: str = pid, **kw: object) -> str:
                ep = endpoint.split(".")[-1]
                root = site if kw.get("_external") else ""
                if ep == "list_bills":
                    return f"{root}/{_pid}/"
                if ep == "invite":
                    return f"{root}/{_pid}/invite"
                raise KeyError(ep)

            proj = type("P", (), {"id": pid, "name": pname, "contact_email": email})
            proj.password = password  # type: ignore[attr-defined]
            g = type("G", (), {"project": proj})
            text = t.render(project=proj, g=g, url_for=url_for, config={"SITE_URL": site})
            if msgid is None:
                subject = "password recovery"
            else:
                title = msgid
                if lang != "en":
                    po = _po(
                        _show(
                            IHM, commit, f"ihatemoney/translations/{lang}/LC_MESSAGES/messages.po"
                        )
                    )
                    title = po.get(msgid) or msgid
                subject = title % {"project": pname}
            c.add(
                source="ihatemoney",
                repository=IHM,
                commit=commit,
                ident=f"{ident}-{[p[0] for p in projects[: n + 1]].count(lang)}",
                group=ident,
                lang=lang,
                kind="fintech-otp",
                code=password,
                path=f"{path} ; ihatemoney/web.py"
                + (
                    ""
                    if msgid is None
                    else f" ; ihatemoney/translations/{lang}/LC_MESSAGES/messages.po"
                ),
                rendered="Jinja2 template of that release (render_template of "
                "'<name>.<lang>', no autoescape), subject from web.py and the .po; "
                "text/plain only (Flask-Mail)",
                sender=sender,
                subject=subject,
                text=text,
                html_part=None,
                note=note + "; password chosen by the project's creator",
            )


# ---------------------------------------------------------------------------------------
# Peatio (Rails 4 ERB, html only)


def _rails_escape(text: str) -> str:
    """ERB::Util.html_escape of Rails 4."""
    table = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
    return "".join(table.get(ch, ch) for ch in text)


def _erb(template: str, t: dict[str, str], values: dict[str, str]) -> str:
    """The ERB of Peatio's mail views: ``<%= t(...) %>`` (escaped), ``<%= raw t(...) %>``,
    ``<%= link_to url, url %>``, ``<%= yield %>``; Erubi keeps the newline after ``%>``."""

    def _t(key: str, args: str) -> str:
        text = t[key]
        for name, var in re.findall(r"(\w+): ([@\w\[\]'.]+)", args):
            text = text.replace("%{" + name + "}", values[var])
        return text

    def _tag(m: re.Match[str]) -> str:
        code = m.group(1).strip()
        tm = re.fullmatch(r"(raw )?t\(?[\"']([.\w]+)[\"'](?:, (.*?))?\)?", code)
        if tm:
            text = _t(tm.group(2), tm.group(3) or "")
            return text if tm.group(1) else _rails_escape(text)
        if code.startswith("link_to "):
            url = _rails_escape(values["@token_url"])
            return f'<a href="{url}">{url}</a>'
        return values[code]

    return re.sub(r"<%= (.*?) %>", _tag, template)


def _flatten(d: dict[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        elif isinstance(v, str):
            out[f"{prefix}{k}"] = v
    return out


def peatio(c: Collector) -> None:
    common = {"repository": PEATIO, "commit": PEATIO_COMMIT, "source": "peatio"}
    sender = "Peatio <system@exchange.example>"
    support = "support@exchange.example"
    layout = _show(PEATIO, PEATIO_COMMIT, "app/views/layouts/mailers/application.html.erb")
    mails = [
        (
            "activation",
            "token_mailer/activation",
            {
                "@token_url": "https://exchange.example/activations/9f3c27d1a8b44e6c0d5e71f2b93a6c48/edit"
            },
            "account activation link (token in the link), expires in 30 minutes; no code",
            ("en", "zh-CN", "cs", "ko"),
        ),
        (
            "reset-password",
            "token_mailer/reset_password",
            {
                "@token_url": "https://exchange.example/reset_passwords/4be81f0c79d2a365e0c1b7f9d84a2e51/edit"
            },
            "password reset link (token in the link); no code",
            ("en", "zh-CN", "cs", "ko"),
        ),
        (
            "notify-signin",
            "member_mailer/notify_signin",
            {},
            "sign-in notice; no code",
            ("en", "zh-CN", "cs", "ko"),
        ),
        (
            "withdraw-done",
            "withdraw_mailer/done",
            {"@withdraw.currency_text": "BTC"},
            "withdrawal complete notice (currency only); no code",
            ("en", "zh-CN"),
        ),
        (
            "deposit-accepted",
            "deposit_mailer/accepted",
            {"@deposit.currency_text": "CNY"},
            "deposit credited notice (currency only); no code",
            ("en", "zh-CN"),
        ),
    ]
    for ident, view, vals, note, langs in mails:
        view_t = _show(PEATIO, PEATIO_COMMIT, f"app/views/{view}.html.erb")
        scope = view.replace("/", ".")
        for lang in langs:
            raw = yaml.safe_load(_show(PEATIO, PEATIO_COMMIT, f"config/locales/server.{lang}.yml"))
            flat = _flatten(raw[lang])
            t = dict(flat)
            t.update(
                {"." + k[len(scope) + 1 :]: v for k, v in flat.items() if k.startswith(scope + ".")}
            )
            values = {"ENV['SUPPORT_MAIL']": support, **vals}
            body = _erb(view_t, t, values)
            out = _erb(layout, t, {**values, "yield": body})
            c.add(
                **common,
                ident=ident,
                group=ident,
                lang=lang,
                kind="notice",
                code=None,
                path=f"app/views/{view}.html.erb ; app/views/layouts/mailers/application.html.erb ; "
                f"config/locales/server.{lang}.yml ; app/mailers/",
                rendered="ERB rendered by hand as Rails 4 does (t() escaped, raw t() not, "
                "lazy '.key' lookups in the view's scope), inside the mailers/application "
                "layout; text/html only; subject from the locale's <mailer>.<action>.subject",
                sender=sender,
                subject=flat[f"{scope}.subject"],
                text=None,
                html_part=out,
                note=note
                + (
                    ""
                    if lang == "en"
                    else "; the deployment's default locale (I18n.default_locale)"
                ),
            )


# ---------------------------------------------------------------------------------------
# ezBookkeeping (Go html/template)


def _go_text(value: str) -> str:
    """html/template escaping of text and quoted attribute values."""
    return (
        value.replace("&", "&amp;")
        .replace("'", "&#39;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("+", "&#43;")
    )


def _go_struct(source: str, name: str) -> dict[str, str]:
    m = re.search(name + r": &\w+\{(.*?)\n\t\},", source, flags=re.DOTALL)
    assert m, name
    return {k: json.loads(v) for k, v in re.findall(r"(\w+):\s+(\"(?:[^\"\\]|\\.)*\")", m.group(1))}


def _go_sprintf(fmt: str, *args: str) -> str:
    it = iter(args)
    return re.sub(r"%[sv]", lambda m: next(it), fmt)


def ezbookkeeping(c: Collector) -> None:
    root = "https://money.example.net/"
    common = {"repository": EZB, "commit": EZB_COMMIT, "source": "ezbookkeeping"}
    sender = "ezBookkeeping <noreply@money.example.net>"
    langs = {
        "en": ("en", "Sam"),
        "de": ("de", "Lena"),
        "fr": ("fr", "Camille"),
        "es": ("es", "Lucía"),
        "ja": ("ja", "さくら"),
        "zh-Hans": ("zh_hans", "王芳"),
        "ru": ("ru", "Ольга"),
        "pt-BR": ("pt_br", "João"),
        "ko": ("ko", "지훈"),
        "tr": ("tr", "Elif"),
    }
    kinds = [
        (
            "verify-email",
            "templates/email/verify_email.tmpl",
            "VerifyEmail",
            "VerifyEmailTextItems",
            "%sdesktop#/verify_email?token=%s",
            "VerifyEmailUrl",
            "VerifyEmail",
            "e-mail address verification link (JWT in the link), expires in 60 minutes; no code",
        ),
        (
            "password-reset",
            "templates/email/password_reset.tmpl",
            "ForgetPasswordMail",
            "ForgetPasswordMailTextItems",
            "%sdesktop#/resetpassword?token=%s",
            "ResetPasswordUrl",
            "ResetPassword",
            "password reset link (JWT in the link), expires in 60 minutes; no code",
        ),
    ]
    for n, (lang, (file, nick)) in enumerate(langs.items()):
        locale = _show(EZB, EZB_COMMIT, f"pkg/locales/{file}.go")
        app = _go_struct(locale, "GlobalTextItems").get("AppName", "ezBookkeeping")
        for ident, tpath, key, struct, url_fmt, url_key, btn_key, note in kinds:
            items = _go_struct(locale, struct)
            jwt = (
                "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJqdGkiOiI3MzQ5"
                f"{n}ODEyIiwidXNlcklkIjo0{n}MjcsInR5cGUiOjN9.c2Vjcm{n}V0LXNpZ25hdHVyZS1{ident[:3]}"
            )
            url = url_fmt % (root, jwt)
            fill = {
                "Title": items["Title"],
                "Salutation": _go_sprintf(items["SalutationFormat"], nick),
                "DescriptionAboveBtn": items["DescriptionAboveBtn"],
                url_key: url,
                btn_key: items[btn_key],
                "DescriptionBelowBtn": _go_sprintf(
                    items["DescriptionBelowBtnFormat"],
                    *([app, "60"] if "%s" in items["DescriptionBelowBtnFormat"] else ["60"]),
                ),
            }
            tpl = _show(EZB, EZB_COMMIT, tpath)
            out = tpl.replace("{{.AppName}}", _go_text(app))
            for k, v in fill.items():
                out = out.replace("{{." + key + "." + k + "}}", _go_text(v))
            assert "{{" not in out, out
            c.add(
                **common,
                ident=ident,
                group=ident,
                lang=lang,
                kind="notice",
                code=None,
                path=f"{tpath} ; pkg/locales/{file}.go ; pkg/services/",
                rendered="Go html/template filled and escaped as html/template does (text "
                "and quoted attributes), strings from pkg/locales; text/html only, subject "
                "the localized title",
                sender=sender,
                subject=items["Title"],
                text=None,
                html_part=out,
                note=note,
            )


def main() -> int:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    c = Collector()
    opencex(c)
    splitpro(c)
    ihatemoney(c)
    ihatemoney_legacy(c)
    ezbookkeeping(c)
    blink(c)
    peatio(c)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": c.items}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for item in c.items if item["code"])
    print(f"{len(c.items)} mails ({codes} with a code) -> {OUT.relative_to(HERE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
