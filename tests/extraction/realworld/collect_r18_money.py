"""Round eighteen, collector ``money``: a crypto exchange, a fiscal-sponsorship bank for
student groups, a PSD2 sandbox bank, community-currency banking software, a crypto payment
processor, a Rails payments engine, an Interledger test wallet, a personal-finance app and a
donation platform —
their sign-in, withdrawal, reset and TAN codes and generated passwords, and the same senders'
receipts and notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_money.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values (names, amounts, addresses and codes are
invented in the shape the sender's own code makes them, from a seeded generator), so each run
writes the same bytes. Writes ``mail/<source>/<id>.eml`` and ``round18/money.json``.

- BuyOwnEx/BOEClient (MIT), the client site of the BuyOwnEx crypto exchange (Laravel). The
  mobile API's password-reset mail (``app/Notifications/APIResetPassword.php``: subject and
  lines through ``Lang::get``, so the strings ``lang/<lang>.json`` translates come out in the
  user's language and the two it does not — "Your check code is: :token" and "This password
  reset code will expire in :count minutes." — stay English; the token is
  ``crc32(Hash::make(...))`` from ``MobileController::reset_password``, an unsigned 32-bit
  number of up to ten digits, ``expire`` 60 from ``config/auth.php``) in all eleven languages
  of ``lang/``; the API e-mail verification (``app/Notifications/ApiVerifyEmail.php``: the code
  is ``substr(sha1(email), 0, 6)``, six lower-case hex characters, computed here from the
  recipient address); and the withdrawal-request mail of 2021
  (``app/Mail/WithdrawRequest.php``, ``resources/views/emails/withdraw/request.blade.php`` at
  ``BOE_WITHDRAW``: a Markdown mailable with no subject, so Laravel's default subject from the
  class name, "Withdraw Request"; the code comes from the exchange core's
  ``withdraw_crypto_request`` answer, not in this repository: six digits assumed). Laid out
  with laravel/framework (MIT) at the version each commit's ``composer.lock`` pins (10.49.1,
  ``f857267b``; 7.30.4, ``9dd38140``): the notification view ``email.blade.php`` inside
  ``mail::message``, the text part as ``text/layout`` gives it, the HTML part ``html/layout``
  with the Markdown converted by hand (headings, paragraphs); the theme CSS inlining is not
  reproduced. App name and sender as a deployment would set ``APP_NAME``/``MAIL_FROM_*``.
- hackclub/hcb (AGPL-3.0), HCB, Hack Club's fiscal-sponsorship bank (Rails). The login code
  (``app/mailers/login_code_mailer.rb``, ``app/views/login_code_mailer/send_code.html.erb``:
  ``SecureRandom.random_number(999_999).to_s.ljust(6, "0")`` shown as ``LoginCode#pretty``
  ``123-456``, also in the subject), and the same application's notices without a code: new
  login, the three backup-code notices, the security-settings change, the e-mail-change
  authorization and verification links, the donor receipt, a failed recurring donation, a
  virtual card issued and a check deposited; the two Google Workspace account mails that give
  a generated password (``g_suite_account_mailer``: ``SecureRandom.hex(6)``, twelve hex
  characters, under the username); and, at ``HCB_2023_FULL``, the login-code mail of the Hack
  Club Bank days (subject "Hack Club Login Code: …", sender ``login@hackclub.com``, that
  commit's layout and partials). Each view is filled by a small ERB evaluator
  (``<%= %>`` from a table of the template's own expressions, ``if/elsif/else/unless``, Erubi's
  trimming of statement lines) inside ``layouts/mailer/base.html.erb`` with the
  ``_header``/``_footer`` partials, as ``layouts/mailer/default`` sets them. premailer-rails
  (``config/initializers/premailer_rails.rb``) sends it multipart: the text part here is a port
  of premailer's ``convert_to_text`` (the ``start text/html`` section dropped, links as
  ``text ( url )``, ``<p>`` and ``<br>`` to line breaks, wrapped at 65); its CSS inlining of
  ``stylesheet_link_tag "mailer"`` is not reproduced (the link tag is left out). English only.
- adorsys/ledgers (Apache-2.0, at the last commits that ship its LICENSE.md; later commits
  drop it), the ModelBank PSD2 sandbox's core banking. The SCA TAN mail
  (``ledgers.sca.authCode.email`` in ``ledgers-app/src/main/resources/application.yml``:
  subject "Your TAN from MockBank", body "TAN: %s"; ``AuthCodeGeneratorImpl``:
  ``RandomUtils.randomString(6, letters, numbers)``, six mixed-case letters and digits), the
  e-mail verification (``ledgers.verify.template``, ``EmailVerificationBO.formatMessage``:
  link and a Java-formatted expiry) and, at ``LEDGERS_RESET`` (2020), the password-reset code
  (``ledgers.reset-password.email``: "Please use this code %s to reset your password", the code
  a ``UUID.randomUUID()``). Spring ``SimpleMailMessage``: text/plain alone.
- bitcart/bitcart (MIT), the Bitcart crypto payment processor (FastAPI). The Jinja2 templates
  of ``api/templates`` (``SandboxedEnvironment(trim_blocks=True)``, the file stripped as
  ``api/templates.py`` loads it): the e-mail verification with its code
  (``generate_hyphenated_code(4, upper=True)``: ``XXXX-XXXX`` from
  ``23456789BCDFGHJKMNPQRTVWXY``), the password-reset link, the buyer's order mail (``shop``
  with ``product`` lines) and the customer refund mail; subjects from
  ``api/services/crud/users.py``, ``refunds.py`` and ``constants.DEFAULT_SENDMAIL_SUBJECT``.
  ``Email.send_mail`` wraps one text part in multipart/mixed; here a text/plain mail.
- pay-rails/pay (MIT), the Pay payments engine for Rails (Stripe, Braintree, Paddle, Lemon
  Squeezy). ``Pay::UserMailer``: payment action required (the 3-D Secure confirmation link),
  receipt, refund, subscription renewing, payment failed and trial ending, each from its
  ``.html.erb`` and ``.text.erb`` view (small ERB evaluator) inside the dummy app's mailer
  layouts (``test/dummy/app/views/layouts``), subjects ``default_i18n_subject`` from
  ``config/locales/en.yml``; ``l`` of times and dates in Rails' default English formats.
  No code.
- interledger/testnet (Apache-2.0), the Interledger Test Wallet (Rafiki Money): the
  reset-password, verify-account and KYC-verified templates
  (``packages/wallet/backend/src/email/templates/*.ts`` template literals, filled as
  ``email/service.ts`` does with its test-wallet subject prefix ``[Test.Wallet]`` and image);
  SendGrid sends the HTML alone. No code.
- mateli/OpenCyclos (GPL-2.0-only), the open-source Cyclos 3 banking software for community
  currencies and microfinance. The mail translations of every setup bundle
  (``src/main/resources/nl/strohalm/cyclos/setup/CyclosSetup[_<locale>].properties``, which
  ``CreateBasicData`` stores as the installation's ``MailTranslation``): the activation with a
  generated password and the password reset (``AccessServiceImpl.generatePassword``:
  ``RandomStringUtils.random(min, letters, numbers).toLowerCase()``, the group's default
  minimum 4, so four lower-case letters or digits), and the e-mail validation link
  (``LinkGeneratorImpl``, its label ``message.link.label`` from
  ``ApplicationResources_<locale>.properties``), ``#variables#`` filled as ``MailHandler``
  does; ``MimeMessageHelper`` sends the HTML alone. A bundle that leaves a translation empty
  sends no such mail here (fr_FR leaves them all empty, it_IT all but the reset).
- we-promise/sure (AGPL-3.0), Sure, the community fork of the Maybe personal-finance app
  (Rails). The password-reset mail (HTML view only) and the e-mail-change confirmation (HTML
  and text views; the text view still opens with the generator's
  ``EmailConfirmation#confirmation_email``) in every language of
  ``config/locales/views/{password_mailer,email_confirmation_mailer}`` (I18n fallbacks to en),
  inside ``layouts/mailer``, product and brand names as ``config/initializers/brand.rb``
  defaults them. No code.

- liberapay/liberapay.com (CC0-1.0, as its README states; no licence file), the Liberapay
  recurrent-donation platform. The log-in link mail (``emails/login_link.spt`` inside
  ``emails/base.spt``, subject page and both text and HTML pages) as
  ``Participant.render_email`` renders it: Jinja2 with liberapay's options (``%`` line
  statements, trim and lstrip blocks; autoescape on the HTML page), ``_()`` from
  ``i18n/core/<lang>.po`` with ``Locale.format`` (the link validity, ``SESSION_TIMEOUT`` six
  hours, through babel's ``format_timedelta``), ``Participant.url`` with the e-mail session's
  log-in parameters; sender ``Liberapay Support``. Every language whose catalogue translates
  all of the mail's strings (a partly translated mail is re-rendered in English by
  ``send_email``, so those languages are left out). No code.

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

from collect import HERE, message

OUT = HERE / "round18" / "money.json"
BASE_SENT = datetime(2026, 5, 18, 7, 41, 0, tzinfo=UTC)
TO = "noor.tester@example.com"  # collect.message()'s recipient
MIRRORS = Path("/work/.mirror")

BOE = "BuyOwnEx/BOEClient"
BOE_COMMIT = "fd87f59f05006a9ca51d084ce80398319fb1a1e1"
BOE_WITHDRAW = "3fbf596a0bd5d9880e5326e1c5d12752903185b8"
LARAVEL = "laravel/framework"
LARAVEL_10 = "f857267b80789327cd3e6b077bcf6df5846cf71b"  # v10.49.1, BOE_COMMIT's lock
LARAVEL_7 = "9dd38140dc2924daa1a020a3d7a45f9ceff03df3"  # v7.30.4, BOE_WITHDRAW's lock
HCB = "hackclub/hcb"
HCB_COMMIT = "c1c2006347f1175def973025767d5a0332a77462"
LEDGERS = "adorsys/ledgers"
LEDGERS_COMMIT = "3cee3357a568ca9e91c1d6acb82b8842342f10c7"  # the last with LICENSE.md
LEDGERS_RESET = "1f03c32c63aded4646eb1d0b7f8aafdc1d572bb9"  # 2020, the e-mailed reset code
PAY = "pay-rails/pay"
PAY_COMMIT = "5b018bc1a4e82df56227f51b49b642cb360e3b64"
ILP = "interledger/testnet"
ILP_COMMIT = "23e00b07c4a3325d1366b6b23abadd4ca6f12feb"
HCB_2023_FULL = "62ceb10935c7bcfb7b3aefa42fe73f1f60694123"  # "Hack Club Login Code"
CYCLOS = "mateli/OpenCyclos"
CYCLOS_COMMIT = "556fdcafa99c63eb352f3c3f0a7fdc5baad9a1a7"
SURE = "we-promise/sure"
SURE_COMMIT = "0252787dc014f790074c7ff9c2ac6c2b283be2cf"
LIBERAPAY = "liberapay/liberapay.com"
LIBERAPAY_COMMIT = "cc5be724ecae6c2605711b42063c465bb2dd6438"
BITCART = "bitcart/bitcart"
BITCART_COMMIT = "065c842107218459e0b1f3ba3c8cfeda3e5c8edf"

LICENCES = {
    BOE: "MIT",
    HCB: "AGPL-3.0",
    LEDGERS: "Apache-2.0",
    BITCART: "MIT",
    PAY: "MIT",
    ILP: "Apache-2.0",
    CYCLOS: "GPL-2.0-only",
    SURE: "AGPL-3.0",
    LIBERAPAY: "CC0-1.0",
}

RNG = random.Random(1805)


def _show(repository: str, commit: str, path: str) -> str:
    repo = MIRRORS / repository.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def _ls(repository: str, commit: str, path: str) -> list[str]:
    repo = MIRRORS / repository.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", commit, path],
        capture_output=True,
        check=True,
        text=True,
    ).stdout.split()


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


class Collector:
    def __init__(self) -> None:
        self.items: list[dict[str, object]] = []
        self.n = 0

    def add(
        self,
        *,
        source: str,
        ident: str,
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
        note: str = "",
        group: str | None = None,
    ) -> None:
        sent = BASE_SENT + timedelta(minutes=53 * self.n)
        self.n += 1
        raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=sent)
        item_id = f"{source}-{ident}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item: dict[str, object] = {
            "id": item_id,
            "group": f"{source}-{group or ident}",
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
        }
        if note:
            item["note"] = note
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# Laravel Markdown mail (laravel/framework views, Markdown converted by hand)


def _e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars with ENT_QUOTES."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _trans(value: str, repl: dict[str, str]) -> str:
    """Laravel makeReplacements: longest key first, :key / :Key / :KEY."""
    for key in sorted(repl, key=len, reverse=True):
        value = value.replace(":" + key, repl[key])
        value = value.replace(":" + key.capitalize(), repl[key].capitalize())
        value = value.replace(":" + key.upper(), repl[key].upper())
    return value


def _laravel_mail(
    laravel_commit: str, *, app: str, url: str, blocks: list[tuple[str, str]], footer: str
) -> tuple[str, str]:
    """Text and HTML parts of a ``mail::message`` whose Markdown slot is ``blocks``:
    ("h1", text) or ("p", Blade-escaped text, ``<br>`` kept as Blade leaves it)."""
    layout = _show(
        LARAVEL, laravel_commit, "src/Illuminate/Mail/resources/views/html/layout.blade.php"
    )
    text_header = _show(
        LARAVEL, laravel_commit, "src/Illuminate/Mail/resources/views/text/header.blade.php"
    ).strip()
    md: list[str] = []
    body: list[str] = []
    for tag, value in blocks:
        if tag == "h1":
            md.append(f"# {value}")
            body.append(f"<h1>{value}</h1>\n")
        else:
            md.append(value)
            body.append(f"<p>{value}</p>\n")
    slot = "\n\n".join(md)
    head = text_header.replace("{{ $slot }}", app).replace("{{ $url }}", url)
    text = f"{head}\n\n{re.sub(r'<[^>]*>', '', slot)}\n\n{footer}\n"
    text = html.unescape(text)
    header = (
        f'<tr>\n<td class="header">\n<a href="{url}" style="display: inline-block;">\n'
        f"{app}\n</a>\n</td>\n</tr>"
    )
    foot = (
        '<tr>\n<td>\n<table class="footer" align="center" width="570" cellpadding="0" '
        'cellspacing="0" role="presentation">\n<tr>\n<td class="content-cell" '
        f'align="center">\n<p>{footer}</p>\n\n</td>\n</tr>\n</table>\n</td>\n</tr>'
    )
    page = (
        layout.replace("{{ config('app.name') }}", app)
        .replace("{{ $header ?? '' }}", header)
        .replace("{{ Illuminate\\Mail\\Markdown::parse($slot) }}", "".join(body))
        .replace("{{ $subcopy ?? '' }}", "")
        .replace("{{ $footer ?? '' }}", foot)
    )
    assert "{{" not in page and "{!!" not in page, page
    return text, page


# ---------------------------------------------------------------------------------------
# BuyOwnEx/BOEClient


def boe(c: Collector) -> None:
    app, url = "BuyOwnEx", "https://exchange.buyownex.example"
    sender = f"{app} <hello@buyownex.example>"
    langs = sorted(p.rsplit("/", 1)[1].removesuffix(".json")
                   for p in _ls(BOE, BOE_COMMIT, "lang/") if p.endswith(".json"))  # fmt: skip
    assert len(langs) == 11, langs
    notif = _show(BOE, BOE_COMMIT, "app/Notifications/APIResetPassword.php")
    lines = re.findall(r"->line\(Lang::get\('([^']*)'", notif)
    assert len(lines) == 4, lines
    views = (
        f"laravel/framework@{LARAVEL_10}:src/Illuminate/Notifications/resources/views/"
        "email.blade.php, src/Illuminate/Mail/resources/views/{html,text}/*"
    )
    rendered = (
        "Laravel MailMessage in the framework's notification view (v10.49.1, the lock's), "
        "strings through lang/<lang>.json; text part as text/layout gives it, HTML part "
        "html/layout with the Markdown converted by hand (no CSS inlining)"
    )
    for lang in langs:
        strings = json.loads(_show(BOE, BOE_COMMIT, f"lang/{lang}.json"))

        def t(key: str, strings: dict[str, str] = strings) -> str:
            return strings.get(key, key)

        token = str(RNG.randrange(0, 2**32))
        body = [
            t(lines[0]),
            _trans(t(lines[1]), {"token": token}),
            _trans(t(lines[2]), {"count": "60"}),
            t(lines[3]),
        ]
        footer = f"© {BASE_SENT.year} {app}. {_e(t('All rights reserved.'))}"
        text, page = _laravel_mail(
            LARAVEL_10,
            app=app,
            url=url,
            blocks=[
                ("h1", _e(t("Hello!"))),
                *[("p", _e(x)) for x in body],
                ("p", f"{_e(t('Regards'))},<br>\n{app}"),
            ],
            footer=footer,
        )
        c.add(
            source="boeclient", ident="reset-code", lang=lang.replace("_", "-"),
            kind="fintech-otp", code=token, repository=BOE, commit=BOE_COMMIT,
            path=f"app/Notifications/APIResetPassword.php; app/Http/Controllers/"
            f"MobileController.php; lang/{lang}.json; {views}",
            rendered=rendered, sender=sender, subject=t("Reset Password Notification"),
            text=text, html_part=page,
            note="crc32 of the stored hash: an unsigned 32-bit number (up to ten digits) "
            "after 'Your check code is:'; that line and the expiry line have no translation "
            "in lang/*.json and stay English; 60 is minutes"
            if lang != "en" else "crc32 of the stored hash: an unsigned 32-bit number (up "
            "to ten digits) after 'Your check code is:'; 60 is minutes",
        )  # fmt: skip

    # API e-mail verification (not translated: plain strings)
    verify = _show(BOE, BOE_COMMIT, "app/Notifications/ApiVerifyEmail.php")
    vlines = re.findall(r"->line\('([^']*)'\)", verify)
    assert len(vlines) == 2, vlines
    code = hashlib.sha1(TO.encode()).hexdigest()[:6]
    en = json.loads(_show(BOE, BOE_COMMIT, "lang/en.json"))
    footer = f"© {BASE_SENT.year} {app}. {_e(en['All rights reserved.'])}"
    text, page = _laravel_mail(
        LARAVEL_10,
        app=app,
        url=url,
        blocks=[
            ("h1", _e(en["Hello!"])),
            ("p", _e(vlines[0])),
            ("p", code),
            ("p", _e(vlines[1])),
            ("p", f"{_e(en['Regards'])},<br>\n{app}"),
        ],
        footer=footer,
    )
    c.add(
        source="boeclient", ident="verify-code", lang="en", kind="fintech-otp", code=code,
        repository=BOE, commit=BOE_COMMIT,
        path=f"app/Notifications/ApiVerifyEmail.php; app/Listeners/"
        f"SendEmailVerificationCodeNotification.php; {views}",
        rendered=rendered, sender=sender, subject="Verify Email Address", text=text,
        html_part=page,
        note="substr(sha1(email), 0, 6) of the recipient address: six lower-case hex "
        "characters alone on their line",
    )  # fmt: skip

    # the withdrawal request of 2021: a Markdown mailable (Laravel 7 layout)
    view = _show(BOE, BOE_WITHDRAW, "resources/views/emails/withdraw/request.blade.php")
    m = re.search(r"# (.*)\n\n(.*)\{\{\$code\}\}(.*)\n\n(Thanks,)<br>\n", view)
    assert m, view
    code = _digits(6)
    footer = f"© {BASE_SENT.year} {app}. All rights reserved."
    text, page = _laravel_mail(
        LARAVEL_7,
        app=app,
        url=url,
        blocks=[
            ("h1", m.group(1)),
            ("p", f"{m.group(2)}{code}{m.group(3)}"),
            ("p", f"{m.group(4)}<br>\n{app}"),
        ],
        footer=footer,
    )
    c.add(
        source="boeclient", ident="withdraw-code", lang="en", kind="fintech-otp", code=code,
        repository=BOE, commit=BOE_WITHDRAW,
        path="app/Mail/WithdrawRequest.php; resources/views/emails/withdraw/request.blade.php; "
        "app/Library/BuyOwnExClientAPI.php; laravel/framework@"
        f"{LARAVEL_7}:src/Illuminate/Mail/resources/views/{{html,text}}/*",
        rendered="Markdown mailable in mail::message of laravel/framework v7.30.4 (the "
        "lock's); text part as text/layout gives it (header '[app](url)'), HTML part "
        "html/layout with the Markdown converted by hand (no CSS inlining)",
        sender=sender, subject="Withdraw Request", text=text, html_part=page,
        note="the code comes from the exchange core's withdraw_crypto_request answer (not in "
        "this repository): six digits assumed; followed by a full stop",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# ERB (a small evaluator for the views of hackclub/hcb) and premailer's text part

_ERB_TAG = re.compile(r"<%(=|#|-)?(.*?)-?%>", re.DOTALL)


def _erb(template: str, values: dict[str, object]) -> str:
    """``<%= expr %>`` from ``values[expr]`` (already HTML), ``<% if/elsif/unless expr %>``
    from ``values[expr]`` (a bool), ``else``/``end``; other statements and comments are
    dropped. Statement lines are trimmed as Erubi does (leading blanks and newline)."""

    def trim(m: re.Match[str]) -> str:
        return m.group(2)

    # Erubi trim: a statement or comment tag alone on its line takes the line with it
    template = re.sub(
        r"(?m)^[ \t]*(<%(?:#|-|(?!=))(?:.*?)-?%>)[ \t]*\n",
        lambda m: m.group(1) + "\x00",
        template,
    )
    out: list[str] = []
    stack: list[tuple[bool, bool]] = []  # (emitting, some branch taken)
    pos = 0

    def emitting() -> bool:
        return all(e for e, _ in stack)

    for m in _ERB_TAG.finditer(template):
        if emitting():
            out.append(template[pos : m.start()])
        pos = m.end()
        kind, expr = m.group(1), m.group(2).strip()
        if kind == "#":
            continue
        if kind == "=":
            if emitting():
                out.append(str(values[expr]))
            continue
        word, _, cond = expr.partition(" ")
        if word in ("if", "unless"):
            parent = emitting()
            value = bool(values[cond]) if parent else False
            if word == "unless":
                value = not value
            stack.append((parent and value, value))
        elif word == "elsif":
            _, taken = stack.pop()
            parent = emitting()
            value = (not taken) and parent and bool(values[cond])
            stack.append((value, taken or value))
        elif word == "else":
            _, taken = stack.pop()
            stack.append((emitting() and not taken, True))
        elif word == "end":
            stack.pop()
        # assignments and other statements: no output
    out.append(template[pos:])
    assert not stack
    return "".join(out).replace("\x00", "")


def _premailer_text(page: str, line_length: int = 65) -> str:
    """premailer's ``to_plain_text``: ``convert_to_text`` of the body's inner HTML."""
    m = re.search(r"<body[^>]*>(.*)</body>", page, re.DOTALL | re.IGNORECASE)
    txt = m.group(1) if m else page
    txt = re.sub(r"<!-- start text/html -->.*?<!-- end text/html -->", "", txt, flags=re.DOTALL)
    txt = re.sub(r'<img.+?alt="([^"]*)"[^>]*>', r"\1", txt, flags=re.IGNORECASE)
    txt = re.sub(r"<img.+?alt='([^']*)'[^>]*>", r"\1", txt, flags=re.IGNORECASE)

    def link(m: re.Match[str]) -> str:
        href, label = m.group(2), m.group(3)
        if not label:
            return ""
        if label.strip().lower() == href.strip().lower():
            return label.strip()
        return f"{label.strip()} ( {href.strip()} )"

    txt = re.sub(
        r"<a\s[^\n]*?href=[\"'](mailto:)?([^\"']*)[\"'][^>]*>(.*?)</a>",
        link,
        txt,
        flags=re.IGNORECASE | re.DOTALL,
    )
    txt = re.sub(r"(</span>)\s+(<span)", r"\1 \2", txt, flags=re.IGNORECASE)
    txt = re.sub(r"\s*(<li[^>]*>)\s*", "* ", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</li>\s*(?!\n)", "\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</p>", "\n\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"<br[/ ]*>", "\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</?[^>]*>", "", txt)
    txt = html.unescape(txt)
    wrapped = []
    for line in txt.split("\n"):
        if len(line) > line_length:
            line = re.sub(rf"(.{{1,{line_length}}})(\s+|$)", "\\1\n", line).strip()
        wrapped.append(line)
    txt = "\n".join(wrapped)
    txt = re.sub(r"\r\n?", "\n", txt)
    txt = re.sub(r"[ \t]*\u00a0+[ \t]*", " ", txt)
    txt = re.sub(r"\n[ \t]+", "\n", txt)
    txt = re.sub(r"[ \t]+\n", "\n", txt)
    txt = re.sub(r"\n{3,}", "\n\n", txt)
    return txt.strip()


# ---------------------------------------------------------------------------------------
# hackclub/hcb

HCB_ROOT = "https://hcb.hackclub.com/"
HCB_LOGO = (
    "https://hcb.hackclub.com/rails/active_storage/representations/redirect/"
    "eyJfcmFpbHMiOnsiZGF0YSI6MzE4LCJwdXIiOiJibG9iX2lkIn19--7d1c0e5b2a/hcb-logo.png"
)


def _link(label: str, href: str) -> str:
    return f'<a href="{html.escape(href)}">{html.escape(label, quote=False)}</a>'


def _mail_to(address: str, label: str | None = None, subject: str | None = None) -> str:
    href = f"mailto:{address}"
    if subject:
        href += "?subject=" + subject.replace(" ", "%20")
    return f'<a href="{html.escape(href)}">{html.escape(label or address, quote=False)}</a>'


def _hcb_page(body: str, commit: str = HCB_COMMIT, root: str = HCB_ROOT) -> str:
    header = _erb(
        _show(HCB, commit, "app/views/layouts/mailer/_header.html.erb"),
        {
            "@announcement.present?": False,
            "Rails.application.routes.url_helpers.root_url": root,
            "hcb_logo_variant_url": HCB_LOGO,
        },
    )
    footer = _erb(
        _show(HCB, commit, "app/views/layouts/mailer/_footer.html.erb"),
        {
            "Rails.application.routes.url_helpers.root_url": root,
            "help_email": '<a class="nowrap" href="mailto:hcb@hackclub.com">hcb@hackclub.com</a>',
            "help_phone": '<a class="nowrap" href="tel:+18442372290">+1 (844) 237 2290</a>',
        },
    )
    base = _show(HCB, commit, "app/views/layouts/mailer/base.html.erb")
    # premailer inlines the stylesheet and drops its link: the link line is left out here
    base = base.replace('  <%= stylesheet_link_tag "mailer" %>\n', "")
    return _erb(
        base,
        {
            "content_for?(:header) || content_for?(:default_header)": True,
            "content_for?(:footer) || content_for?(:default_footer)": True,
            "content_for(:before_header)": "",
            "content_for(:header) || content_for(:default_header)": header,
            "content_for(:after_header)": "",
            "content_for(:before_footer)": "",
            "content_for(:footer) || content_for(:default_footer)": footer,
            "content_for(:after_footer)": "",
            "yield": body,
        },
    )


def hcb(c: Collector) -> None:
    sender = "HCB <hcb@hackclub.com>"
    first = "Noor"
    settings = "https://hcb.hackclub.com/my/settings/security"
    event = "Lakeview Robotics Club"
    mails: list[tuple[str, str, str, str, str | None, dict[str, object], str]] = []
    # (ident, view, mailer, subject, code, values, note)
    raw = _digits(6)
    pretty = f"{raw[:3]}-{raw[3:]}"
    mails.append(
        (
            "login-code",
            "login_code_mailer/send_code",
            "login_code_mailer.rb",
            f"HCB Login Code: {pretty}",
            raw,
            {"@pretty_login_code": pretty},
            "LoginCode#pretty: six digits as 123-456 in a <pre> box and in the subject; "
            "the mail says to copy it 'including the dash', the dash is a separator",
        )
    )
    mails.append(
        (
            "new-login",
            "user/session_mailer/new_login",
            "user/session_mailer.rb",
            "New login to your HCB account",
            None,
            {
                "@user.first_name": first,
                "@session.device_info.present?": True,
                "@session.device_info": "Firefox 131",
                "@session.os_info.present?": True,
                "@session.os_info": "macOS 14.6",
                "@session.ip.present?": True,
                "@session.ip": "198.51.100.73",
                "@session.latitude": False,
                'link_to "your HCB account\'s security settings", '
                '"https://hcb.hackclub.com/my/settings/security"': _link(
                    "your HCB account's security settings", settings
                ),
                'link_to "hcb@hackclub.com", "mailto:hcb@hackclub.com"': _link(
                    "hcb@hackclub.com", "mailto:hcb@hackclub.com"
                ),
            },
            "sign-in notice: device, OS and IP address",
        )
    )
    user_settings = "https://hcb.hackclub.com/users/usr_8kTq3v/security"
    mails.append(
        (
            "backup-codes-new",
            "user/backup_code_mailer/new_codes_activated",
            "user/backup_code_mailer.rb",
            "You've generated new backup codes for HCB",
            None,
            {
                "@user.first_name": first,
                'mail_to "hcb@hackclub.com", "contact us", subject: "Unauthorized backup '
                'codes generated"': _mail_to(
                    "hcb@hackclub.com", "contact us", "Unauthorized backup codes generated"
                ),
            },
            "backup codes generated; the codes themselves are not in the mail",
        )
    )
    mails.append(
        (
            "backup-code-used",
            "user/backup_code_mailer/code_used",
            "user/backup_code_mailer.rb",
            "[Action Requested] You've almost used all your backup codes for HCB",
            None,
            {
                "@user.first_name": first,
                "@user.backup_codes.active.size == 0": False,
                "@user.backup_codes.active.size <= 3": True,
                "@user.backup_codes.active.size": "2",
                'link_to "user settings", security_user_url(@user)': _link(
                    "user settings", user_settings
                ),
                'mail_to "hcb@hackclub.com", "contact us", subject: "Unauthorized access '
                'with backup code"': _mail_to(
                    "hcb@hackclub.com", "contact us", "Unauthorized access with backup code"
                ),
            },
            "a backup code was used (two left); no code in the mail",
        )
    )
    mails.append(
        (
            "backup-codes-disabled",
            "user/backup_code_mailer/backup_codes_disabled",
            "user/backup_code_mailer.rb",
            "You've disabled your HCB backup codes",
            None,
            {
                "@user.first_name": first,
                'mail_to "hcb@hackclub.com", "contact us", subject: "My backup codes were '
                'disabled and it was not me"': _mail_to(
                    "hcb@hackclub.com",
                    "contact us",
                    "My backup codes were disabled and it was not me",
                ),
            },
            "",
        )
    )
    mails.append(
        (
            "security-changed",
            "user/security_mailer/security_configuration_changed",
            "user/security_mailer.rb",
            "Security settings changed on your HCB account",
            None,
            {
                "@user.first_name": first,
                "@change": "Phone number was changed to +1 (415) 555-0142",
                'link_to "your HCB account\'s security settings", settings_security_url': _link(
                    "your HCB account's security settings", settings
                ),
                'mail_to "hcb@hackclub.com"': _mail_to("hcb@hackclub.com"),
            },
            "the change string as app/models/user.rb makes it, with a phone number",
        )
    )
    mails.append(
        (
            "email-authorize",
            "user/email_update_mailer/authorization",
            "user/email_update_mailer.rb",
            "Authorize your new email address for HCB",
            None,
            {
                "@request.user.first_name": first,
                "@request.original": TO,
                "@request.replacement": "noor.t@lakeviewrobotics.example",
                'link_to "Click here to authorize that change.", authorize_email_updates_'
                "url(authorization_token: @request.authorization_token)": _link(
                    "Click here to authorize that change.",
                    "https://hcb.hackclub.com/email_updates/authorize?authorization_token"
                    "=Xp2s9QwL7vRk4tYb",
                ),
            },
            "the token is only inside the link",
        )
    )
    mails.append(
        (
            "email-verify",
            "user/email_update_mailer/verification",
            "user/email_update_mailer.rb",
            "Verify your new email address for HCB",
            None,
            {
                "@request.user.first_name": first,
                "@request.original": "noor.t@lakeviewrobotics.example",
                "@request.replacement": TO,
                'link_to "Click here to verify that change.", verify_email_updates_url('
                "verification_token: @request.verification_token)": _link(
                    "Click here to verify that change.",
                    "https://hcb.hackclub.com/email_updates/verify?verification_token="
                    "Hb8mZ3cN5pQe1wVa",
                ),
            },
            "the token is only inside the link",
        )
    )
    mails.append(
        (
            "donor-receipt",
            "donation_mailer/donor_receipt",
            "donation_mailer.rb",
            f"Receipt for your donation to {event}",
            None,
            {
                "@donation.name(show_anonymous: true)": "Noor Tester",
                "@donation.recurring?": False,
                '"anonymous " if @donation.anonymous?': "",
                "payment_term": "donation",
                "secondary_payment_term": "gift",
                "render_money @donation.amount": "$250.00",
                "@donation.event.name": event,
                "@donation.event.donation_thank_you_message.present?": False,
                "@donation.tax_deductible": True,
            },
            "a receipt: amount, the sponsor's EIN 81-2908499",
        )
    )
    mails.append(
        (
            "donation-failed",
            "recurring_donation_mailer/payment_failed",
            "recurring_donation_mailer.rb",
            f"[{event}] Donation payment failed",
            None,
            {
                "@recurring_donation.name": "Noor Tester",
                "@recurring_donation.last4": "4417",
                "@recurring_donation.event.name": event,
                'link_to "this page", recurring_donation_url(@recurring_donation.url_hash)': _link(
                    "this page", "https://hcb.hackclub.com/recurring/rd_5JwQ8nTc"
                ),
            },
            "the card's last four digits in bold",
        )
    )
    mails.append(
        (
            "virtual-card",
            "stripe_card_mailer/virtual_card_ordered",
            "stripe_card_mailer.rb",
            f"New virtual HCB card (ending in 8302) for {event}",
            None,
            {
                "@event.name": event,
            },
            "the card's last four digits in the subject",
        )
    )
    mails.append(
        (
            "check-deposited",
            "check_deposit_mailer/deposited",
            "check_deposit_mailer.rb",
            "Your check has deposited!",
            None,
            {
                'link_to "your #{render_money @check_deposit.amount_cents} check", '
                "hcb_code_url(@check_deposit.local_hcb_code)": _link(
                    "your $1,480.00 check", "https://hcb.hackclub.com/hcb/hcb_7QmZ2xWp"
                ),
                "link_to @check_deposit.event.name, @check_deposit.event": _link(
                    event, "https://hcb.hackclub.com/lakeview-robotics"
                ),
            },
            "",
        )
    )
    address = "noor@lakeviewrobotics.example"
    gs_pw = "".join(RNG.choice("0123456789abcdef") for _ in range(12))
    mails.append(
        (
            "gsuite-ready",
            "g_suite_account_mailer/notify_user_of_activation",
            "g_suite_account_mailer.rb",
            "Your Google Workspace account via HCB is ready!",
            gs_pw,
            {
                "@event": event,
                "@address": address,
                "@password": gs_pw,
                "CGI.escape @address": address.replace("@", "%40"),
            },
            "SecureRandom.hex(6): a twelve-character lower-case hex password after "
            "'password:' in a <pre> block, under the username (an e-mail address)",
        )
    )
    gs_pw2 = "".join(RNG.choice("0123456789abcdef") for _ in range(12))
    mails.append(
        (
            "gsuite-reset",
            "g_suite_account_mailer/notify_user_of_reset",
            "g_suite_account_mailer.rb",
            "Your HCB Google Workspace password was reset",
            gs_pw2,
            {"@address": address, "@password": gs_pw2},
            "GSuiteAccount#reset_password!: SecureRandom.hex(6), twelve hex characters "
            "after 'password:' in a <pre> block",
        )
    )
    for ident, view, mailer, subject, code, values, note in mails:
        body = _erb(_show(HCB, HCB_COMMIT, f"app/views/{view}.html.erb"), values)
        page = _hcb_page(body)
        text = _premailer_text(page)
        c.add(
            source="hcb", ident=ident, lang="en",
            kind="fintech-otp" if code else ("invoice" if "receipt" in ident else "notice"),
            code=code, repository=HCB, commit=HCB_COMMIT,
            path=f"app/mailers/{mailer}; app/views/{view}.html.erb; app/views/layouts/mailer/"
            "{default,base,_header,_footer}.html.erb",
            rendered="ERB view filled by a small evaluator inside layouts/mailer/base with the "
            "header and footer partials; text part a port of premailer's convert_to_text "
            "(premailer-rails); CSS inlining not reproduced",
            sender=sender, subject=subject, text=text, html_part=page, note=note,
        )  # fmt: skip

    # the 2023 version, from the Hack Club Bank days (its own subject, sender, layout)
    commit = HCB_2023_FULL
    mailer = _show(HCB, commit, "app/mailers/login_code_mailer.rb")
    subject_tpl = re.search(r'subject: "(.*?)#\{@pretty_login_code\}"', mailer).group(1)
    sender_2023 = re.search(r'from: "(.*?)"', mailer).group(1)
    raw = _digits(6)
    pretty = f"{raw[:3]}-{raw[3:]}"
    body = _erb(_show(HCB, commit, "app/views/login_code_mailer/send_code.html.erb"),
                {"@pretty_login_code": pretty})  # fmt: skip
    page = _hcb_page(body, commit, "https://bank.hackclub.com/")
    c.add(
        source="hcb", ident="login-code-2023", lang="en", kind="fintech-otp", code=raw,
        repository=HCB, commit=commit,
        path="app/mailers/login_code_mailer.rb; app/views/login_code_mailer/send_code.html.erb; "
        "app/views/layouts/mailer/{default,base,_header,_footer}.html.erb",
        rendered="ERB view filled by a small evaluator inside that commit's layouts/mailer/base "
        "(Hack Club Bank header and footer); text part a port of premailer's convert_to_text; "
        "CSS inlining not reproduced",
        sender=sender_2023, subject=f"{subject_tpl}{pretty}", text=_premailer_text(page),
        html_part=page,
        note="the 2023 login-code mail (subject 'Hack Club Login Code', sent from "
        "login@hackclub.com, signed '- Hack Club'); six digits shown as 123-456",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# adorsys/ledgers


def ledgers(c: Collector) -> None:
    import yaml

    # the first document is the default profile
    conf = next(
        yaml.safe_load_all(
            _show(LEDGERS, LEDGERS_COMMIT, "ledgers-app/src/main/resources/application.yml")
        )
    )
    sca = conf["ledgers"]["sca"]["authCode"]["email"]
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    tan = "".join(RNG.choice(alnum) for _ in range(6))
    c.add(
        source="ledgersbank", ident="tan", lang="en", kind="bank-tan", code=tan,
        repository=LEDGERS, commit=LEDGERS_COMMIT,
        path="ledgers-app/src/main/resources/application.yml; ledgers-sca/ledgers-sca-service-"
        "impl/src/main/java/de/adorsys/ledgers/sca/service/impl/message/EmailOtpMessageHandler"
        ".java; .../sender/EmailSender.java; .../AuthCodeGeneratorImpl.java",
        rendered="String.format of ledgers.sca.authCode.email.body; Spring SimpleMailMessage "
        "(text/plain alone)",
        sender=sca["from"], subject=sca["subject"], text=sca["body"] % tan, html_part=None,
        note="RandomUtils.randomString(6, letters, numbers): six mixed-case letters and "
        "digits after 'TAN: ', the whole body",
    )  # fmt: skip
    old = next(
        yaml.safe_load_all(
            _show(LEDGERS, LEDGERS_RESET, "ledgers-app/src/main/resources/application.yml")
        )
    )["ledgers"]["reset-password"]
    uuid = "-".join(
        "".join(RNG.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12)
    )
    uuid = uuid[:14] + "4" + uuid[15:19] + RNG.choice("89ab") + uuid[20:]  # version 4
    c.add(
        source="ledgersbank", ident="reset-code", lang="en", kind="bank-tan", code=uuid,
        repository=LEDGERS, commit=LEDGERS_RESET,
        path="ledgers-app/src/main/resources/application.yml; ledgers-user-management/ledgers-"
        "user-management-service-impl/.../password/ResetPasswordEmailCodeSenderImpl.java; "
        ".../password/ResetPasswordEmailCodeGeneratorImpl.java; .../UserMailSender.java",
        rendered="String.format of ledgers.reset-password.email.template-message; "
        "SimpleMailMessage (text/plain alone)",
        sender=old["email"]["from"], subject=old["email"]["subject"],
        text=old["email"]["template-message"] % uuid, html_part=None,
        note="the code is UUID.randomUUID().toString(), typed whole: kept with its hyphens "
        "(a UUID's own form, not a reading separator); valid 5 minutes",
    )  # fmt: skip
    verify = conf["ledgers"]["verify"]
    token = "".join(RNG.choice(alnum + "-_") for _ in range(22))
    url = verify["ext_base_path"].replace(
        "http://localhost:8088", "https://ledgers.mockbank.example"
    )
    link = f"{url}{verify['endpoint']}?verificationToken={token}"
    expiry = BASE_SENT + timedelta(weeks=1)
    # formatMessage: getMonth() + " " + day + ", " + year + " " + hour + ":" + minute
    when = (
        f"{expiry.strftime('%B').upper()} {expiry.day}, {expiry.year} {expiry.hour}:{expiry.minute}"
    )
    c.add(
        source="ledgersbank", ident="verify-email", lang="en", kind="notice", code=None,
        repository=LEDGERS, commit=LEDGERS_COMMIT,
        path="ledgers-app/src/main/resources/application.yml; ledgers-middleware/ledgers-"
        "middleware-service-impl/.../EmailVerificationServiceImpl.java; ledgers-user-management"
        "/ledgers-user-management-service-api/.../EmailVerificationBO.java; .../UserMailSender"
        ".java",
        rendered="EmailVerificationBO.formatMessage (String.format of ledgers.verify.template."
        "message, the YAML's folded double-quoted string); SimpleMailMessage (text/plain)",
        sender=verify["template"]["from"], subject=verify["template"]["subject"],
        text=verify["template"]["message"] % (link, when), html_part=None,
        note="the token is only inside the link; the expiry printed as Java's Month name, "
        "unpadded minute",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# bitcart/bitcart


def bitcart(c: Collector) -> None:
    import jinja2.sandbox

    env = jinja2.sandbox.SandboxedEnvironment(trim_blocks=True)

    def tpl(name: str) -> jinja2.Template:
        return env.from_string(_show(BITCART, BITCART_COMMIT, f"api/templates/{name}.j2").strip())

    admin = "https://admin.satsbazaar.example"
    sender = "SatsBazaar Pay <pay@satsbazaar.example>"
    alphabet = "23456789BCDFGHJKMNPQRTVWXY".lower()
    code = "-".join("".join(RNG.choice(alphabet) for _ in range(4)) for _ in range(2)).upper()
    path = "api/templates/{}.j2; api/services/crud/users.py; api/utils/email.py"
    rendered = (
        "Jinja2 SandboxedEnvironment(trim_blocks=True) of the stripped template, as api/"
        "templates.py loads it; sent as text (Email.send_mail wraps the one MIMEText part in "
        "multipart/mixed, here a text/plain mail)"
    )
    text = tpl("verifyemail").render(email=TO, link=f"{admin}/login/email?code={code}", code=code)
    c.add(
        source="bitcart", ident="verify-email", lang="en", kind="fintech-otp",
        code=code.replace("-", ""), repository=BITCART, commit=BITCART_COMMIT,
        path=path.format("verifyemail") + "; api/utils/authorization.py; api/utils/common.py",
        rendered=rendered, sender=sender, subject="Verify email", text=text, html_part=None,
        note="generate_hyphenated_code(4, upper=True): two groups of four from "
        "23456789BCDFGHJKMNPQRTVWXY joined by a hyphen (a separator: groups under five); the "
        "same code is in the link's query",
    )  # fmt: skip
    token = "".join(
        RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in range(43)
    )
    text = tpl("forgotpassword").render(
        email=TO, link=f"{admin}/forgotpassword?code={token}", code=token
    )
    c.add(
        source="bitcart", ident="forgot-password", lang="en", kind="notice", code=None,
        repository=BITCART, commit=BITCART_COMMIT, path=path.format("forgotpassword"),
        rendered=rendered, sender=sender, subject="Password reset", text=text, html_part=None,
        note="secrets.token_urlsafe(32) only inside the link",
    )  # fmt: skip

    class Obj:
        def __init__(self, **kw: object) -> None:
            self.__dict__.update(kw)

        def __str__(self) -> str:
            return str(self.__dict__.get("name", ""))

    store = Obj(name="SatsBazaar", email="help@satsbazaar.example")
    products = [
        tpl("product").render(
            store=store,
            product=Obj(name="Hardware wallet sleeve", download_url=None, price="24.00"),
            quantity=2,
        ),
        tpl("product").render(
            store=store,
            product=Obj(name="Lightning node setup guide (PDF)",
                        download_url="https://files.satsbazaar.example/d/7Q2mX9", price="12.50"),
            quantity=1,
        ),
    ]  # fmt: skip
    text = tpl("shop").render(store=store, products=products)
    c.add(
        source="bitcart", ident="order", lang="en", kind="shop-order", code=None,
        repository=BITCART, commit=BITCART_COMMIT,
        path=path.format("shop") + "; api/templates/product.j2; api/services/crud/invoices.py",
        rendered=rendered.replace("the stripped template", "each product template inside the "
                                  "shop template"),
        sender=sender, subject="Thank you for your order", text=text, html_part=None,
        note="the buyer's mail when an invoice completes: product lines, a download link",
    )  # fmt: skip
    invoice = Obj(id="01JV8Q3K7W2MZ5R9T4X6B1N0CE", buyer_email=TO)
    refund = Obj(id="01JVA2D9P4H7K3M8Q5W1Z6Y0TR", amount="36.500000", currency="USD")
    refund_url = f"{admin}/refunds/{refund.id}"
    text = tpl("customer_refund").render(
        store=store, invoice=invoice, refund=refund, refund_url=refund_url
    )
    c.add(
        source="bitcart", ident="customer-refund", lang="en", kind="notice", code=None,
        repository=BITCART, commit=BITCART_COMMIT,
        path=path.format("customer_refund") + "; api/services/crud/refunds.py",
        rendered=rendered, sender=sender, subject=f"Refund for invoice {invoice.id}", text=text,
        html_part=None, note="invoice and refund ids (ULIDs), an amount",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# pay-rails/pay


def pay(c: Collector) -> None:
    import yaml

    app = "Tallowline"
    root = "https://app.tallowline.example/"
    sender = "Tallowline Billing <billing@tallowline.example>"
    subjects = yaml.safe_load(_show(PAY, PAY_COMMIT, "config/locales/en.yml"))["en"]["pay"][
        "user_mailer"
    ]
    layout_html = _show(PAY, PAY_COMMIT, "test/dummy/app/views/layouts/mailer.html.erb")
    layout_text = _show(PAY, PAY_COMMIT, "test/dummy/app/views/layouts/mailer.text.erb")
    business = ("Tallowline Software Ltd", "48 Quayside Road, Leith, Edinburgh EH6 6QH")
    created = "Mon, 18 May 2026 07:41:12 +0000"  # l(created_at): time.formats.default
    common: dict[str, object] = {
        "Pay.application_name": app,
        "link_to Pay.application_name, root_url": _link(app, root),
        "root_url": root,
        "params[:pay_charge].amount_with_currency": "$49.00",
        "params[:pay_charge].amount_refunded_with_currency": "$49.00",
        "params[:pay_charge].charged_to": "Visa (**** **** **** 4242)",
        "params[:pay_charge].id": "5183",
        "l params[:pay_charge].created_at": created,
        "params[:pay_charge].customer.owner.try(:extra_billing_info?)": False,
        'simple_format [Pay.business_name, Pay.business_address].join("\\n")':
        f"<p>{business[0]}\n<br />{business[1]}</p>",
        "Pay.business_name": business[0],
        "Pay.business_address": business[1],
        'link_to "Confirm your payment", pay.payment_url(params[:payment_intent_id])': _link(
            "Confirm your payment", "https://app.tallowline.example/pay/payments/"
            "pi_3PqR7sLk2Xw9Vb1T0aJ4mN8c"),
        "pay.payment_url(params[:payment_intent_id])":
        "https://app.tallowline.example/pay/payments/pi_3PqR7sLk2Xw9Vb1T0aJ4mN8c",
        "l params[:date].to_date, format: :long": "June 01, 2026",
        'link_to "manage your subscription", root_url': _link("manage your subscription", root),
        'link_to "Update billing information", root_url': _link(
            "Update billing information", root),
    }  # fmt: skip
    mails = [
        ("payment-action-required", "payment-3ds", "the 3-D Secure confirmation link; no code"),
        ("receipt", "invoice", "a receipt: amount, card's last four, transaction id, date"),
        ("refund", "invoice", "a refund receipt: amount, card's last four, transaction id"),
        ("subscription-renewing", "notice", "renewal date"),
        ("payment-failed", "notice", ""),
        ("subscription-trial-will-end", "notice", ""),
    ]
    for ident, kind, note in mails:
        view = ident.replace("-", "_")
        page = _erb(
            layout_html,
            {
                "yield": _erb(
                    _show(PAY, PAY_COMMIT, f"app/views/pay/user_mailer/{view}.html.erb"), common
                )
            },
        )
        text = _erb(
            layout_text,
            {
                "yield": _erb(
                    _show(PAY, PAY_COMMIT, f"app/views/pay/user_mailer/{view}.text.erb"), common
                )
            },
        )
        subject = subjects[view]["subject"].replace("%{application}", app)
        c.add(
            source="payrails", ident=ident, lang="en", kind=kind, code=None, repository=PAY,
            commit=PAY_COMMIT,
            path=f"app/mailers/pay/user_mailer.rb; app/views/pay/user_mailer/{view}.html.erb; "
            f"app/views/pay/user_mailer/{view}.text.erb; config/locales/en.yml; lib/pay.rb; "
            "test/dummy/app/views/layouts/mailer.{html,text}.erb",
            rendered="ERB views (text and HTML) filled by a small evaluator inside the dummy "
            "app's mailer layouts; subject default_i18n_subject from config/locales/en.yml",
            sender=sender, subject=subject, text=text, html_part=page, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# interledger/testnet (the Interledger Test Wallet)


def _ts_template(source: str) -> tuple[list[str], str]:
    """Parameters and body of ``export const f = (a: string, ...): string => { return `...` }``."""
    m = re.search(r"= \(\s*(.*?)\s*\): string => \{\s*return `(.*)`\s*\}\s*$", source, re.S)
    assert m, source[:200]
    params = [p.split(":")[0].strip() for p in m.group(1).split(",") if p.strip()]
    return params, m.group(2)


def ilp(c: Collector) -> None:
    base = "https://wallet.interledger-test.dev"
    image = (
        "https://raw.githubusercontent.com/interledger/testnet/main/packages/wallet/backend/"
        "src/email/templates/images/InterledgerTestWallet.png"
    )
    app = "Interledger Test Wallet"
    sender = "Tech Interledger <noreply@interledger-test.dev>"
    token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
    mails = [
        ("forgot-password", "forgotPassword", "Reset your password",
         {"url": f"{base}/auth/reset/{token}", "imageSrc": image},
         "getRandomToken() (32 random bytes in hex) only inside the link"),
        ("verify-email", "verifyEmail", "Verify your account",
         {"url": f"{base}/auth/verify/{token[::-1]}", "imageSrc": image, "appName": app},
         "the token is only inside the link"),
        ("kyc-verified", "kycVerifiedEmail", "You are verified",
         {"loginUrl": f"{base}/auth/login", "imageSrc": image, "appName": app}, ""),
    ]  # fmt: skip
    for ident, name, subject, values, note in mails:
        path = f"packages/wallet/backend/src/email/templates/{name}.ts"
        params, body = _ts_template(_show(ILP, ILP_COMMIT, path))
        assert set(params) == set(values), (params, values)
        page = re.sub(r"\$\{(\w+)\}", lambda m, v=values: v[m.group(1)], body)
        c.add(
            source="ilpwallet", ident=ident, lang="en", kind="notice", code=None,
            repository=ILP, commit=ILP_COMMIT,
            path=f"{path}; packages/wallet/backend/src/email/service.ts",
            rendered="the template literal filled as EmailService does (test-wallet subject "
            "prefix and image); SendGrid sends the HTML alone",
            sender=sender, subject=f"[Test.Wallet] {subject}", text=None, html_part=page,
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# mateli/OpenCyclos (Cyclos 3, banking software for community currencies)


def _java_properties(source: str) -> dict[str, str]:
    """A Java .properties file (UTF-8 here): continuations, ``\\x`` escapes, ``\\uXXXX``."""
    out: dict[str, str] = {}
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while line.endswith("\\") and not line.endswith("\\\\") and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        m = re.match(r"((?:[^=:\s\\]|\\.)+)\s*[=:]?\s*(.*)$", line)
        if not m:
            continue

        def unescape(value: str) -> str:
            def one(e: re.Match[str]) -> str:
                ch = e.group(1)
                if ch.startswith("u"):
                    return chr(int(ch[1:], 16))
                return {"n": "\n", "t": "\t", "r": "\r"}.get(ch, ch)

            return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, value)

        out[unescape(m.group(1))] = unescape(m.group(2))
    return out


def _cyclos_vars(template: str, values: dict[str, str]) -> str:
    """MessageProcessingHelper.processVariables: ``#name#`` replaced, unknown names kept."""
    return re.sub(r"#(\w+)#", lambda m: values.get(m.group(1), m.group(0)), template)


def cyclos(c: Collector) -> None:
    setup = "src/main/resources/nl/strohalm/cyclos/setup/"
    files = [p for p in _ls(CYCLOS, CYCLOS_COMMIT, setup) if "/CyclosSetup" in p]
    system = "Riverside Pound"
    base = "https://exchange.riversidepound.example"
    sender = f"{system} <noreply@riversidepound.example>"
    alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
    for path in sorted(files):
        m = re.search(r"CyclosSetup(?:_(\w+))?\.properties$", path)
        assert m, path
        locale = m.group(1) or "en_US"
        lang = locale.split("_")[0]
        props = _java_properties(_show(CYCLOS, CYCLOS_COMMIT, path))
        resources = f"src/main/resources/ApplicationResources_{locale}.properties"
        label = _java_properties(_show(CYCLOS, CYCLOS_COMMIT, resources))["message.link.label"]
        member = {"login": "noortester", "name": "Noor Tester", "email": TO,
                  "member": "Noor Tester", "system_name": system}  # fmt: skip
        root = f"{base}/"
        common = dict(
            source="opencyclos", lang=lang, repository=CYCLOS, commit=CYCLOS_COMMIT,
            sender=sender, text=None,
            rendered="the setup bundle's mail translation (a Java .properties file) as "
            "CreateBasicData stores it, #variables# filled as MailHandler does "
            "(MessageProcessingHelper.processVariables); MimeMessageHelper sends the HTML alone",
        )  # fmt: skip
        java = "src/main/java/nl/strohalm/cyclos/"

        def send(ident: str, kind: str, code: str | None, mail: str, subject_key: str,
                 values: dict[str, str], path: str, note: str, props: dict[str, str] = props,
                 common: dict[str, object] = common) -> None:  # fmt: skip
            body = props[f"settings.mail.{mail}.message"]
            if not body.strip():
                return  # left untranslated (empty): fr_FR leaves all of them, it_IT some
            c.add(
                ident=ident, kind=kind, code=code, path=path, note=note,
                subject=_cyclos_vars(props[f"settings.mail.{subject_key}.subject"], values),
                html_part=_cyclos_vars(body, values), **common,
            )  # fmt: skip

        # activation with a generated password: RandomStringUtils.random(min 4, letters,
        # numbers).toLowerCase() (AccessServiceImpl.generatePassword, group default 4-12)
        pw = "".join(RNG.choice(alnum) for _ in range(4))
        values = {**member, "password": pw,
                  "link": f'<a class="default" href="{root}">{label}</a>', "url": root}  # fmt: skip
        send(
            "activation-password",
            "fintech-otp",
            pw,
            "activationWithPassword",
            "activation",
            values,
            f"{path}; {resources}; {java}utils/MailHandler.java; {java}services/access/"
            "AccessServiceImpl.java",
            "a temporary login password: four lower-case letters or digits (the default "
            "minimum length 4 of a group's password), given with the login name",
        )
        pw = "".join(RNG.choice(alnum) for _ in range(4))
        values = {**member, "password": pw, "link": f"<a href='{root}'>{root}</a>"}
        send(
            "reset-password",
            "fintech-otp",
            pw,
            "reset-password",
            "reset-password",
            values,
            f"{path}; {java}utils/MailHandler.java; {java}services/access/AccessServiceImpl.java",
            "the new password the administration's reset generates: four lower-case letters "
            "or digits, given with the login name",
        )
        key = "".join(RNG.choice(alnum) for _ in range(32))
        url = f"{base}/do/validateRegistration?key={key}"
        values = {**member, "link": f'<a class="default" href="{url}">{label}</a>', "url": url}
        send(
            "mail-validation",
            "notice",
            None,
            "mail-validation",
            "mail-validation",
            values,
            f"{path}; {resources}; {java}utils/MailHandler.java; {java}utils/LinkGeneratorImpl"
            ".java",
            "the validation key is only inside the link",
        )


# ---------------------------------------------------------------------------------------
# we-promise/sure (Sure, the community fork of Maybe Finance)


def _rails_escape(value: str) -> str:
    """ERB::Util.html_escape (also applied in .text.erb views)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#39;")


def sure(c: Collector) -> None:
    import yaml

    app = "https://sure.lakeviewhousehold.example"
    sender = "FOSS Sure <noreply@lakeviewhousehold.example>"
    product = "Sure"  # config/initializers/brand.rb defaults (product Sure, brand FOSS)
    layout_html = _show(SURE, SURE_COMMIT, "app/views/layouts/mailer.html.erb")
    layout_text = _show(SURE, SURE_COMMIT, "app/views/layouts/mailer.text.erb")

    def strings(folder: str, lang: str) -> dict[str, str]:
        en = yaml.safe_load(_show(SURE, SURE_COMMIT, f"{folder}/en.yml"))["en"]
        own = yaml.safe_load(_show(SURE, SURE_COMMIT, f"{folder}/{lang}.yml"))[lang]
        key = next(iter(en))
        view = next(iter(en[key]))
        return {**en[key][view], **own[key][view]}  # config.i18n.fallbacks = true

    def t(s: dict[str, str], key: str, **kw: str) -> str:
        value = s[key]
        for k, v in kw.items():
            value = value.replace("%{" + k + "}", v)
        return value

    folder = "config/locales/views/password_mailer"
    langs = sorted(
        p.rsplit("/", 1)[1].removesuffix(".yml") for p in _ls(SURE, SURE_COMMIT, folder + "/")
    )
    for lang in langs:
        s = strings(folder, lang)
        token = "".join(
            RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in range(24)
        )
        body = _erb(
            _show(SURE, SURE_COMMIT, "app/views/password_mailer/password_reset.html.erb"),
            {
                't(".request_made", product_name: product_name)': _rails_escape(
                    t(s, "request_made", product_name=product)
                ),
                'link_to t(".cta"), edit_password_reset_url(token: params[:token])': _link(
                    t(s, "cta"), f"{app}/password_reset/edit?token={token}"
                ),
                't(".ignore_if_not_requested")': _rails_escape(t(s, "ignore_if_not_requested")),
            },
        )
        c.add(
            source="sure", ident="password-reset", lang=lang, kind="notice", code=None,
            repository=SURE, commit=SURE_COMMIT,
            path=f"app/mailers/password_mailer.rb; app/views/password_mailer/password_reset.html"
            f".erb; app/views/layouts/mailer.html.erb; {folder}/{lang}.yml",
            rendered="ERB view filled by a small evaluator inside the app's mailer layout, "
            "strings from the view's locale file (I18n fallbacks to en); HTML alone (no text "
            "view)",
            sender=sender, subject=t(s, "subject", product_name=product), text=None,
            html_part=_erb(layout_html, {"yield": body}),
            note="the reset token is only inside the link",
        )  # fmt: skip
    folder = "config/locales/views/email_confirmation_mailer"
    langs = sorted(
        p.rsplit("/", 1)[1].removesuffix(".yml") for p in _ls(SURE, SURE_COMMIT, folder + "/")
    )
    for lang in langs:
        s = strings(folder, lang)
        token = (
            "eyJfcmFpbHMiOnsiZGF0YSI6WzQ4MTcsIm5vb3IudGVzdGVyQGV4YW1wbGUuY29tIl19fQ--"
            + "".join(RNG.choice("0123456789abcdef") for _ in range(40))
        )
        url = f"{app}/email_confirmation/new?token={token}"
        values = {
            't(".greeting")': _rails_escape(t(s, "greeting")),
            't(".body")': _rails_escape(t(s, "body")),
            'link_to @cta, @confirmation_url, class: "button"': f'<a class="button" href="{url}">'
            f"{_rails_escape(t(s, 'cta'))}</a>",
            't(".expiry_notice", hours: 24)': _rails_escape(t(s, "expiry_notice", hours="24")),
            't(".cta")': _rails_escape(t(s, "cta")),
            "@confirmation_url": url,
        }
        view = "app/views/email_confirmation_mailer/confirmation_email"
        page = _erb(
            layout_html, {"yield": _erb(_show(SURE, SURE_COMMIT, view + ".html.erb"), values)}
        )
        text = _erb(
            layout_text, {"yield": _erb(_show(SURE, SURE_COMMIT, view + ".text.erb"), values)}
        )
        c.add(
            source="sure", ident="email-confirmation", lang=lang, kind="notice", code=None,
            repository=SURE, commit=SURE_COMMIT,
            path=f"app/mailers/email_confirmation_mailer.rb; {view}.html.erb; {view}.text.erb; "
            f"app/views/layouts/mailer.{{html,text}}.erb; {folder}/{lang}.yml",
            rendered="ERB views (text and HTML) filled by a small evaluator inside the app's "
            "mailer layouts, strings from the view's locale file (I18n fallbacks to en)",
            sender=sender, subject=t(s, "subject", product_name=product), text=text,
            html_part=page,
            note="the text part starts with the generator's leftover heading "
            "'EmailConfirmation#confirmation_email'; the token is only inside the link",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# liberapay/liberapay.com (the Liberapay donation platform)


def liberapay(c: Collector) -> None:
    import io

    import babel
    import jinja2
    import markupsafe
    from babel.dates import format_timedelta
    from babel.messages.pofile import read_po

    def pages(spt: str) -> dict[str, str]:
        """The pages of a simplate: ``[---] <content type>`` lines split them."""
        out: dict[str, str] = {}
        for chunk in re.split(r"^\[---\] ?", spt, flags=re.M)[1:]:
            head, _, body = chunk.partition("\n")
            out[head.strip()] = body
        return out

    options = dict(
        trim_blocks=True,
        lstrip_blocks=True,
        line_statement_prefix="%",
        extensions=["jinja2.ext.do"],
    )  # fmt: skip  (liberapay/i18n/extract.py JINJA_BASE_OPTIONS)
    env_text = jinja2.Environment(**options)
    env_html = jinja2.Environment(autoescape=True, **options)
    spt = pages(_show(LIBERAPAY, LIBERAPAY_COMMIT, "emails/login_link.spt"))
    base = pages(_show(LIBERAPAY, LIBERAPAY_COMMIT, "emails/base.spt"))
    host = "https://liberapay.com"
    username = "noor-tester"
    participant_id = 1874205
    session = (1003, "".join(RNG.choice("0123456789abcdef") for _ in range(32)) + ".em")

    class Participant:
        def url(self, path: str = "", query: str = "", log_in: str = "auto") -> str:
            # Participant.url inside an e-mail: log-in parameters for the primary address
            q = f"?log-in.id={participant_id}&log-in.key={session[0]}&log-in.token={session[1]}"
            if log_in != "required":
                q += "&log-in.required=no"
            return f"{host}/{username}/{path}{q}"

    def render(lang: str) -> tuple[str, str, str, bool]:
        catalog = None
        if lang != "en":
            po = _show(LIBERAPAY, LIBERAPAY_COMMIT, f"i18n/core/{lang}.po")
            catalog = read_po(io.StringIO(po))
        locale = babel.Locale.parse(lang)
        state = {"partial": False}

        def make(escape):
            def _(s: str, *a: object, **kw: object) -> str:
                msg = catalog.get(s) if catalog else None
                s2 = msg.string if msg and msg.string else None
                if isinstance(s2, tuple):
                    s2 = s2[0]
                if not s2:
                    s2 = s
                    if lang != "en":
                        state["partial"] = True
                fa = [format_timedelta(x, locale=locale) if isinstance(x, timedelta) else x
                      for x in a]  # fmt: skip
                return escape(s2).format(*fa, **kw) if (a or kw) else escape(s2)

            return _

        ctx = {
            "participant": Participant(), "username": username,
            "link_validity": timedelta(hours=6),  # constants.SESSION_TIMEOUT
        }  # fmt: skip
        html_ctx = {**ctx, "_": make(markupsafe.escape)}
        text_ctx = {**ctx, "_": make(lambda s: s)}
        subject = env_text.from_string(spt["-/subject"]).render(text_ctx).strip()
        parts = []
        for ctype, env, cx in (("text/html", env_html, html_ctx), ("text/plain", env_text,
                                                                     text_ctx)):  # fmt: skip
            body = env.from_string(spt[ctype]).render(cx).strip()
            frame = env.from_string(base[ctype]).render(cx).strip()
            parts.append(frame.replace("$body", body))
        return subject, parts[0], parts[1], state["partial"]

    langs = ["en"] + [
        p.rsplit("/", 1)[1].removesuffix(".po")
        for p in _ls(LIBERAPAY, LIBERAPAY_COMMIT, "i18n/core/")
        if p.endswith(".po")
    ]
    for lang in langs:
        subject, page, text, partial = render(lang)
        if partial:
            continue  # send_email re-renders a partly translated mail in English
        c.add(
            source="liberapay", ident="login-link", lang=lang.replace("_", "-"), kind="notice",
            code=None, repository=LIBERAPAY, commit=LIBERAPAY_COMMIT,
            path=f"emails/login_link.spt; emails/base.spt; i18n/core/{lang}.po; liberapay/"
            "models/participant.py; liberapay/i18n/base.py; liberapay/security/authentication.py",
            rendered="the simplate's pages rendered with Jinja2 under liberapay's options (line "
            "statements, trim/lstrip blocks; autoescape for the HTML page) inside base.spt, _() "
            "from the language's .po catalog with Locale.format's timedelta formatting (babel), "
            "as Participant.render_email does; text and HTML parts",
            sender="Liberapay Support <support@liberapay.com>", subject=subject, text=text,
            html_part=page,
            note="a log-in link (session id and token only inside it); languages whose "
            "catalogue lacks one of the mail's strings are left out (Liberapay sends those in "
            "English)",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    c = Collector()
    boe(c)
    hcb(c)
    ledgers(c)
    bitcart(c)
    pay(c)
    ilp(c)
    cyclos(c)
    sure(c)
    liberapay(c)
    written = {HERE / str(i["file"]) for i in c.items}
    for folder in {(HERE / str(i["file"])).parent for i in c.items}:
        for stale in folder.glob("*.eml"):
            if stale not in written:
                stale.unlink()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": c.items}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for i in c.items if i["code"])
    print(f"{len(c.items)} mails, {codes} with a code -> {OUT}")


if __name__ == "__main__":
    main()
