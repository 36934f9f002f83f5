"""Round thirteen (``play``): codes and notices that game-server plugins and hobby media servers mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r13_play.py \\
        [--mirrors /work/.mirror] [--pug-dir /tmp/pugenv]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
AuthMe+AuthMeReloaded, sct+overseerr, xianyu-114514+VerifyMC,
asmello+amigo-oculto, photogabble+tki,
wger-project+wger, HaHaWTH+AuthMeReReloaded,
lkaesberg+EmailVerify. ``msgfmt`` (GNU gettext) compiles the wger catalogues. ``--pug-dir`` is a directory with ``node_modules/pug``
(pug 3.0.4, ``npm install pug@3``); node renders the Overseerr templates with it.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- AuthMe Reloaded (AuthMe/AuthMeReloaded, GPL-3.0), the Minecraft login plugin:
  ``authme-core/src/main/resources/{email,verification_code_email,recovery_code_email,
  email_confirmation_email}.html`` filled as ``mail/EmailService.java`` fills them (plain
  ``String.replace`` of ``<playername />``, ``<servername />``, ``<generatedpass />``,
  ``<generatedcode />``, ``<recoverycode />``, ``<minutesvalid />``, ``<hoursvalid />``; with
  ``Email.generateImage`` false, its default, the ``<image />`` tag is left in the text).
  ``SendMailSsl.sendEmail`` gives the same string to ``setHtmlMsg`` and ``setTextMsg`` of
  commons-email's ``HtmlEmail``, so the mail is multipart/alternative whose text part is the
  HTML source; the subject is always ``Email.mailSubject`` (default ``Your new AuthMe
  password``), also for the code mails. Codes as the plugin makes them
  (``util/RandomStringUtils``): new password ``generate(8)`` ([0-9a-z]), verification and
  e-mail-change confirmation codes ``generateNum(6)``, recovery code ``generateHex(8)``;
  defaults 10 minutes / 4 hours. The plugin ships these mails in English only.
- AuthMeReReloaded (HaHaWTH/AuthMeReReloaded, AGPL-3.0), a fork of AuthMe that ships its own
  styled Chinese mails (``src/main/resources/{email,new_email,recovery_code_email,
  verification_code_email,shutdown}.html``): filled as the fork's ``mail/EmailService.java``
  does, ``<time />`` in the ``SimpleDateFormat`` pattern of each caller; sent like AuthMe
  (same HTML as text and HTML part, default subject). Passwords ``generate(12)``
  (``Email.RecoveryPasswordLength`` 12), recovery code ``generateHex(8)`` valid 6 hours.
- EmailVerify (lkaesberg/EmailVerify, GPL-3.0), a Discord bot that mails a code proving
  a member owns an address of a given domain: ``getLocale`` of ``src/Language.js`` (``%VAR%``
  filled in order, English fallback) with ``language/<language>.json`` (``emailSubject``,
  ``emailText``, ``emailSenderName``) as ``src/mail/MailSender.js`` ``sendEmail`` uses them;
  emailStyle ``plain`` (text only, the default) for ten languages and ``styled`` (text plus
  the ``#buildLocalizedHtmlEmail`` template literal, filled with its escaping) for three; the
  bot's extra headers; code ``crypto.randomInt(100000, 1000000)``; invented server names.
- Overseerr (sct/overseerr, MIT), the media-request server for Plex groups:
  ``server/templates/email/<name>/{html,subject}.pug`` rendered with pug 3 and the locals that
  ``server/entity/User.ts`` (``generatePassword``, ``resetPassword``) and
  ``server/lib/notifications/agents/email.ts`` pass (events and subjects as
  ``server/entity/MediaRequest.ts`` and ``server/subscriber/MediaSubscriber.ts`` build them;
  fictional titles). Generated password: ``secure-random-password`` ``randomPassword({length:
  16})`` (letters, digits, symbols). Sent through ``email-templates``, which also inlines CSS
  with juice and adds a text part made by html-to-text: both are NOT reproduced here, each
  mail is the pug HTML alone (the templates already carry inline styles). English only.
- VerifyMC (xianyu-114514/VerifyMC, GPL-3.0), a Minecraft whitelist plugin with web
  registration: ``plugin/src/main/resources/email/verify_code_<lang>.html`` with ``{code}``
  replaced as ``mail/MailService.java`` does (``String.format("%06d", ...)`` from
  ``service/VerifyCodeService.java``), one ``text/html; charset=utf-8`` part, subject the
  ``email_subject`` default of ``web/WebServer.java``. The English template is taken at the
  commit that added it (it was later overwritten with the Chinese text).
- Amigo Oculto (asmello/amigo-oculto, MIT as stated in its README; no licence file), a
  Brazilian secret-santa draw site (Rust): the ``format!`` texts of
  ``backend/src/email_templates/plain/*.rs`` and the maud markup of ``html/*.rs``,
  ``components.rs``, ``base.rs`` (styles read from ``styles.rs``) transcribed by hand, maud
  escaping, no whitespace between tags; text+HTML alternative with the subjects and the
  ``"Amigo Oculto"`` sender name of ``backend/src/email.rs``. Verification code: six digits
  (``token.rs``); admin and view tokens 32 alphanumerics, game id a ULID; dates as
  ``format_brazilian_date``. Portuguese only.
- The Kabal Invasion (photogabble/tki, AGPL-3.0), a web 4X space-trading game: the strings
  of ``languages/english.ini`` filled with ``str_replace`` as ``mail.php`` (password-reset
  link) and ``new2.php`` (welcome) do, sent by PHP ``mail()`` as plain text with From,
  Reply-To and X-Mailer headers; config values as ``config/classic_config.ini`` names them.
  English only (the game ships one language file).
- wger (wger-project/wger, AGPL-3.0), the workout and weight tracker:
  ``wger/manager/templates/workout/email_weight_reminder.tpl`` as
  ``wger/weight/management/commands/email-weight-reminder.py`` sends it (``send_mail``, one
  text/plain part, subject ``You have to enter your weight`` translated), the Django tags
  filled by hand (blocktranslate with the language's ``wger/locale/<lang>/LC_MESSAGES/
  django.po`` compiled by msgfmt, English where a catalogue has no entry; url paths as the
  i18n_patterns of ``wger/urls.py`` give them); the entry date localized as Django 5.2 does
  (strings inline, checked once against Django). 12 languages.
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import json
import random
import re
import string
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round13" / "play.json"
SENT = datetime(2026, 12, 3, 10, 17, 42, tzinfo=UTC)
RNG = random.Random("r13-play")


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _gen(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


# ---------------------------------------------------------------------------------------
# AuthMe Reloaded

AM_REPO = "AuthMe/AuthMeReloaded"
AM_COMMIT = "70d7d1d065aa5407c564739573303c8eb2a9920b"
AM_RES = "authme-core/src/main/resources/"
AM_SERVER = "Northwind Craft"
AM_SUBJECT = "Your new AuthMe password"  # EmailSettings.RECOVERY_MAIL_SUBJECT default
AM_FROM = "mc.northwind.mail@northwind-craft.example"  # Email.mailAccount, no sender name set
AM_HEX = "0123456789abcdef"
AM_LOWER = string.digits + string.ascii_lowercase


def _commons_email(subject: str, content: str) -> bytes:
    """commons-email HtmlEmail with setTextMsg(content) and setHtmlMsg(content): text/plain
    and text/html alternatives, both UTF-8 (charset set in SendMailSsl.initializeMail)."""
    return message(sender=AM_FROM, subject=subject, text=content, html_part=content, sent=SENT)


def authme(repo: Path) -> list[dict[str, Any]]:
    common = dict(
        source="authme", repository=AM_REPO, commit=AM_COMMIT, licence="GPL-3.0", lang="en"
    )
    items: list[dict[str, Any]] = []

    def fill(name: str, tags: dict[str, str]) -> str:
        text = _show(repo, AM_COMMIT, AM_RES + name)
        for tag, value in tags.items():
            text = text.replace(tag, value)
        return text

    specs = [
        ("email.html", "new-password", "sendPasswordMail (/email recovery without recovery codes, or e-mail registration)",
         lambda: _gen(8, AM_LOWER),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AM_SERVER, "<generatedpass />": c},
         "new 8-character password ([0-9a-z]) on its own line and again in '/changepassword <pass> newPassword'"),
        ("verification_code_email.html", "verification-code", "sendVerificationMail (/verification for sensitive commands)",
         lambda: _gen(6, string.digits),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AM_SERVER, "<generatedcode />": c, "<minutesvalid />": "10"},
         "six digits on their own line and in the command '/verification <code>'; valid 10 minutes"),
        ("recovery_code_email.html", "recovery-code", "sendRecoveryCode (/email recovery, then /email code)",
         lambda: _gen(8, AM_HEX),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AM_SERVER, "<recoverycode />": c, "<hoursvalid />": "4"},
         "8 lowercase hex characters in a sentence, followed by ':' and the command '/email code <code>.'"),
        ("email_confirmation_email.html", "email-confirmation", "sendEmailConfirmationMail (/email add or change, then /email confirm)",
         lambda: _gen(6, string.digits),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AM_SERVER, "<generatedcode />": c, "<minutesvalid />": "10"},
         "six digits after 'Your confirmation code is:' and in '/email confirm <code>'; valid 10 minutes"),
    ]  # fmt: skip
    for name, tpl, how, make, tags, note in specs:
        code = make()
        content = fill(name, tags(code))
        ident = f"authme-{tpl}-en"
        rel, sha = _write(ident, "authme", _commons_email(AM_SUBJECT, content))
        items.append(_item(
            id=ident, group=f"authme-{tpl}", kind="saas-otp" if tpl != "new-password" else "other", code=code,
            path=AM_RES + name + "; authme-core/src/main/java/fr/xephi/authme/mail/EmailService.java",
            rendered=f"{how}: tags replaced as EmailService does; the same HTML as text and HTML part (HtmlEmail); default subject",
            file=rel, sha256=sha, note=note, **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Overseerr

OS_REPO = "sct/overseerr"
OS_COMMIT = "46a9b244efd81e0e70a16a851252114bc2d3c2ca"
OS_TITLE = "Harbourside Requests"
OS_URL = "https://requests.harbourside.example"
OS_FROM = '"Harbourside Requests" <no-reply@requests.harbourside.example>'
OS_SYMBOLS = "!#$%&()*+,-./:;<=>?@[]^_{|}~"  # secure-random-password: Lower, Upper, Digits, Symbols

_PUG_JS = """const pug = require('pug');
let d = '';
process.stdin.on('data', (c) => (d += c));
process.stdin.on('end', () => {
  const { template, locals } = JSON.parse(d);
  process.stdout.write(pug.render(template, locals));
});
"""


def _pug(pug_dir: Path, template: str, locals_: dict[str, Any]) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".js", dir=pug_dir, delete=False) as fh:
        fh.write(_PUG_JS)
        js = Path(fh.name)
    try:
        out = subprocess.run(
            ["node", str(js)], input=json.dumps({"template": template, "locals": locals_}),
            capture_output=True, text=True, check=True, cwd=pug_dir,
        ).stdout  # fmt: skip
    finally:
        js.unlink()
    return out


def overseerr(repo: Path, pug_dir: Path) -> list[dict[str, Any]]:
    common = dict(
        source="overseerr", repository=OS_REPO, commit=OS_COMMIT, licence="MIT", lang="en"
    )
    items: list[dict[str, Any]] = []

    def render(name: str, locals_: dict[str, Any]) -> tuple[str, str]:
        base = f"server/templates/email/{name}/"
        html = _pug(pug_dir, _show(repo, OS_COMMIT, base + "html.pug"), locals_)
        subject = _pug(pug_dir, _show(repo, OS_COMMIT, base + "subject.pug"), locals_).strip()
        return subject, html

    def add(ident: str, group: str, kind: str, code: str | None, name: str, locals_: dict[str, Any],
            path: str, how: str, note: str) -> None:  # fmt: skip
        subject, html = render(name, locals_)
        rel, sha = _write(
            ident,
            "overseerr",
            message(sender=OS_FROM, subject=subject, text=None, html_part=html, sent=SENT),
        )
        items.append(_item(
            id=ident, group=group, kind=kind, code=code,
            path=f"server/templates/email/{name}/html.pug; server/templates/email/{name}/subject.pug; {path}",
            rendered=f"pug 3 with the locals of {how}; HTML part only (email-templates' juice inlining and html-to-text part not reproduced)",
            file=rel, sha256=sha, note=note, **common))  # fmt: skip

    alphabet = string.ascii_lowercase + string.ascii_uppercase + string.digits + OS_SYMBOLS
    password = _gen(16, alphabet)
    add("overseerr-generated-password-en", "overseerr-generated-password", "other", password, "generatedpassword",
        {"password": password, "applicationUrl": OS_URL, "applicationTitle": OS_TITLE, "recipientName": "noor.tester"},
        "server/entity/User.ts (generatePassword)", "User.generatePassword",
        "16-character generated password (letters, digits, symbols) in a monospace box after 'Your password is:', to type at sign-in")  # fmt: skip
    add("overseerr-reset-password-en", "overseerr-reset-password", "notice", None, "resetpassword",
        {"resetPasswordLink": f"{OS_URL}/resetpassword/{_uuid()}", "applicationUrl": OS_URL, "applicationTitle": OS_TITLE,
         "recipientName": "Noor Tester", "recipientEmail": "noor.tester@example.com"},
        "server/entity/User.ts (resetPassword)", "User.resetPassword",
        "password-reset button link (a UUID in the URL), valid 24 hours; nothing to type")  # fmt: skip
    ts = "10:17:42 GMT+0000 (Coordinated Universal Time)"  # new Date().toTimeString()
    add("overseerr-series-approved-en", "overseerr-media-request", "notice", None, "media-request",
        {"event": "Series Request Approved", "body": "Your request for the following series has been approved:",
         "mediaName": "The Lantern Keepers (2021)", "mediaExtra": [{"name": "Requested Seasons", "value": "1, 2, 4"}],
         "imageUrl": "https://image.tmdb.org/t/p/w600_and_h900_bestv2/7dPq3kXb2Yw1sL0vNn8aQe5hZtR.jpg",
         "timestamp": ts, "requestedBy": "Noor Tester", "actionUrl": f"{OS_URL}/tv/118624",
         "applicationUrl": OS_URL, "applicationTitle": OS_TITLE, "recipientName": "Noor Tester",
         "recipientEmail": "noor.tester@example.com"},
        "server/lib/notifications/agents/email.ts; server/entity/MediaRequest.ts (sendNotification)",
        "EmailAgent.buildMessage for MEDIA_APPROVED (a TV request)",
        "request-approved notice: title with year, season numbers, a time stamp, TMDB id in the link; no code")  # fmt: skip
    add("overseerr-movie-available-en", "overseerr-media-available", "notice", None, "media-request",
        {"event": "4K Movie Request Now Available", "body": "Your request for the following movie in 4K is now available:",
         "mediaName": "Eleven Winters North (2019)", "mediaExtra": [],
         "imageUrl": "https://image.tmdb.org/t/p/w600_and_h900_bestv2/u4Jm9cQ2rE8tWk3zPa6yLb1nVxo.jpg",
         "timestamp": "21:04:55 GMT+0100 (Central European Standard Time)", "requestedBy": "noor.tester@example.com",
         "actionUrl": f"{OS_URL}/movie/530915",
         "applicationUrl": OS_URL, "applicationTitle": OS_TITLE, "recipientName": "noor.tester@example.com",
         "recipientEmail": "noor.tester@example.com"},
        "server/lib/notifications/agents/email.ts; server/subscriber/MediaSubscriber.ts (MEDIA_AVAILABLE)",
        "EmailAgent.buildMessage for MEDIA_AVAILABLE (a 4K movie; no display name, so the e-mail address is shown)",
        "now-available notice: title with year, '4K', a time stamp, TMDB id in the link; no code")  # fmt: skip
    add("overseerr-issue-created-en", "overseerr-media-issue", "notice", None, "media-issue",
        {"event": "New Subtitle Issue Reported",
         "body": "A new subtitle issue has been reported by Rafael Ortiz for the series The Lantern Keepers (2021):",
         "issueDescription": "Subtitles drift about 2.5 s behind from 00:41:10 onwards in S02E07; the 1080p file is fine.",
         "mediaName": "The Lantern Keepers (2021)",
         "extra": [{"name": "Affected Season", "value": "2"}, {"name": "Affected Episode", "value": "7"}],
         "imageUrl": "https://image.tmdb.org/t/p/w600_and_h900_bestv2/7dPq3kXb2Yw1sL0vNn8aQe5hZtR.jpg",
         "timestamp": "18:52:03 GMT+0000 (Coordinated Universal Time)", "actionUrl": f"{OS_URL}/issues/384",
         "applicationUrl": OS_URL, "applicationTitle": OS_TITLE, "recipientName": "Noor Tester",
         "recipientEmail": "noor.tester@example.com"},
        "server/lib/notifications/agents/email.ts; server/subscriber/IssueSubscriber.ts (ISSUE_CREATED)",
        "EmailAgent.buildMessage for ISSUE_CREATED (a subtitle issue on a TV episode)",
        "issue-reported notice: season and episode numbers, time codes, an issue number in the link, a time stamp; no code")  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# VerifyMC

VM_REPO = "xianyu-114514/VerifyMC"
VM_COMMITS = {
    "en": "6c14cb0f27ac95afb7a9955cd9825460958ce54e",
    "zh": "6970a6f65a1d2bb32702550ca0ce819b28de059a",
}
VM_FROM = "whitelist@mc.northwind-craft.example"  # smtp.from


def verifymc(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for lang, commit in VM_COMMITS.items():
        path = f"plugin/src/main/resources/email/verify_code_{lang}.html"
        code = f"{RNG.randrange(1000000):06d}"  # VerifyCodeService.generateCode: %06d
        content = _show(repo, commit, path).replace("{code}", code)
        ident = f"verifymc-verify-code-{lang}"
        raw = message(
            sender=VM_FROM,
            subject="VerifyMC Verification Code",
            text=None,
            html_part=content,
            sent=SENT,
        )
        rel, sha = _write(ident, "verifymc", raw)
        items.append(_item(
            id=ident, group="verifymc-verify-code", source="verifymc", lang=lang, kind="saas-otp", code=code,
            repository=VM_REPO, path=path + "; plugin/src/main/java/team/kitemc/verifymc/mail/MailService.java",
            commit=commit, licence="GPL-3.0",
            rendered="{code} replaced as MailService.sendCode does; one text/html part; subject the default email_subject of WebServer.java",
            file=rel, sha256=sha,
            note="six digits (%06d) alone in a large blue div under 'enter the code below'"
            + ("; the English template was later overwritten with the Chinese text, so it is taken at its first commit" if lang == "en" else ""),
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Amigo Oculto (secret-santa draws)

AO_REPO = "asmello/amigo-oculto"
AO_COMMIT = "f0c49b98004135a33f0919ef3aac0132856b8a46"
AO_FROM = '"Amigo Oculto" <sorteio@amigo-oculto.example>'
AO_BASE = "https://amigo-oculto.example/"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _m(v: str) -> str:  # maud escapes &, <, >, " in text and attributes
    return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _ao_layout(styles: str, title: str, content: str) -> str:  # html/base.rs email_layout
    return (f'<!DOCTYPE html><html lang="pt-BR"><head><meta charset="UTF-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1.0"><title>{_m(title)}</title><style>{styles}</style>'
            f"</head><body>{content}</body></html>")  # fmt: skip


def _ao_header(title: str, subtitle: str) -> str:
    return f'<div class="header"><h1>🎁 {_m(title)}</h1><p>{_m(subtitle)}</p></div>'


def _ao_button(href: str, text: str) -> str:
    return f'<div class="text-center"><a href="{_m(href)}" class="btn">{_m(text)}</a></div>'


def _ao_box(cls: str, content: str) -> str:
    return f'<div class="{cls}">{content}</div>'


AO_FOOTER = '<div class="footer"><p>Amigo Oculto - Sistema de Sorteio</p></div>'
AO_PLAIN_FOOTER = "---\nAmigo Oculto - Sistema de Sorteio"


def _ao_link(url: str) -> str:
    return (f'<p class="text-muted">Se o botão não funcionar, copie e cole este link no seu navegador:<br>'
            f'<a href="{_m(url)}">{_m(url)}</a></p>')  # fmt: skip


def amigo_oculto(repo: Path) -> list[dict[str, Any]]:
    styles_src = _show(repo, AO_COMMIT, "backend/src/email_templates/styles.rs")
    styles = re.search(r'r#"(.*?)"#', styles_src, re.S).group(1)
    common = dict(source="amigo-oculto", repository=AO_REPO, commit=AO_COMMIT,
                  licence="MIT (stated in README.md, no licence file)", lang="pt-BR")  # fmt: skip
    items: list[dict[str, Any]] = []
    game = "Natal da Família Andrade 2026"
    date = "24 de dezembro de 2026"  # format_brazilian_date: "%e de %B de %Y", pt_BR
    game_id = _gen(26, CROCKFORD)  # a ULID
    admin_url = (
        f"{AO_BASE}jogo/{game_id}?admin_token={_gen(32, string.ascii_letters + string.digits)}"
    )
    view_url = f"{AO_BASE}revelar/{_gen(32, string.ascii_letters + string.digits)}"

    def add(
        ident: str,
        kind: str,
        code: str | None,
        subject: str,
        plain: str,
        html_: str,
        fn: str,
        note: str,
    ) -> None:
        rel, sha = _write(
            ident,
            "amigo-oculto",
            message(sender=AO_FROM, subject=subject, text=plain, html_part=html_, sent=SENT),
        )
        items.append(_item(
            id=ident, group=ident.rsplit("-", 2)[0], kind=kind, code=code,
            path=f"backend/src/email.rs; backend/src/email_templates/plain/{fn}; backend/src/email_templates/html/{fn}; "
                 "backend/src/email_templates/components.rs; backend/src/email_templates/html/base.rs; backend/src/email_templates/styles.rs",
            rendered="format! text and maud markup transcribed by hand (maud escaping, no whitespace between tags); text+HTML alternative as lettre builds it",
            file=rel, sha256=sha, note=note, **common))  # fmt: skip

    code = _gen(6, string.digits)  # VerificationCode::generate: six digits
    plain = (f"Código de Verificação - Amigo Oculto 🎁\n\nVocê está criando o jogo: {game}\n\nSeu código de verificação é:\n\n"
             f"{code}\n\n⏱️ Este código expira em 15 minutos.\n\nDigite este código na página de criação do jogo para continuar.\n\n"
             f"Se você não solicitou este código, ignore este email.\n\n{AO_PLAIN_FOOTER}")  # fmt: skip
    html_ = _ao_layout(
        styles,
        "Código de Verificação - Amigo Oculto",
        (
            _ao_header("🔐 Código de Verificação", "Amigo Oculto")
            + f'<div class="content"><p>Você está criando o jogo: <strong>{_m(game)}</strong></p>'
            "<p>Digite o código abaixo na página de criação para continuar:</p>"
            '<div style="text-align: center; margin: 30px 0;"><div style="display: inline-block; background: #4A5759; '
            "padding: 20px 40px; border-radius: 12px; font-size: 36px; font-weight: bold; color: white; letter-spacing: 8px; "
            f'font-family: monospace;">{code}</div></div>'
            + _ao_box(
                "warning-box",
                "<p><strong>⏱️ Atenção:</strong> Este código expira em 15 minutos.</p>",
            )
            + '<p class="text-muted">Se você não solicitou este código, ignore este email.</p></div>'
            + AO_FOOTER
        ),
    )
    add(
        "amigo-oculto-verification-pt-br",
        "saas-otp",
        code,
        "🔐 Código de Verificação",
        plain,
        html_,
        "verification.rs",
        "six digits alone in the text and in a letter-spaced monospace box; the game name holds a year",
    )

    plain = (f"Seu jogo foi criado com sucesso! 🎉\n\nAmigo Oculto: {game}\n📅 Data do evento: {date}\n\n"
             "Agora você pode adicionar participantes e realizar o sorteio.\n\nAcesse o painel de administração:\n"
             f"{admin_url}\n\n⚠️ Importante: Guarde este link para gerenciar seu jogo. Você precisará dele para:\n"
             "  • Adicionar participantes\n  • Realizar o sorteio\n  • Acompanhar quem já visualizou\n  • Reenviar emails\n\n"
             f"{AO_PLAIN_FOOTER}")  # fmt: skip
    html_ = _ao_layout(
        styles,
        f"Jogo Criado - {game}",
        (
            _ao_header("🎉 Jogo Criado!", game)
            + '<div class="content"><p>Parabéns! Seu jogo foi criado com sucesso!</p>'
            + _ao_box("info-box", f"<p>📅 <strong>Data do evento:</strong> {_m(date)}</p>")
            + "<p>Agora você pode:</p><ul><li>Adicionar participantes</li><li>Realizar o sorteio</li>"
            "<li>Acompanhar quem já visualizou</li><li>Reenviar emails se necessário</li></ul>"
            + _ao_box(
                "warning-box",
                "<p><strong>⚠️ Importante:</strong> Guarde este link! Você precisará dele para gerenciar seu jogo.</p>",
            )
            + _ao_button(admin_url, "Acessar Painel de Administração")
            + _ao_link(admin_url)
            + "</div>"
            + AO_FOOTER
        ),
    )
    add(
        "amigo-oculto-admin-welcome-pt-br",
        "notice",
        None,
        f"🎉 Jogo Criado: {game}",
        plain,
        html_,
        "verification.rs",
        "game-created notice: event date, a year in the name, an admin link with a ULID and a 32-character token; nothing to type",
    )

    count = 9
    plain = (f"Parabéns! O sorteio foi realizado com sucesso! 🎉\n\nAmigo Oculto: {game}\n📅 Data do evento: {date}\n"
             f"👥 Participantes: {count}\n\nTodos os participantes receberam um email com o link para descobrir quem tiraram.\n\n"
             f"Para acompanhar quem já visualizou seu amigo oculto, acesse:\n{admin_url}\n\n"
             f"⚠️ Importante: Guarde este email para consultar o status do sorteio mais tarde.\n\n{AO_PLAIN_FOOTER}")  # fmt: skip
    html_ = _ao_layout(
        styles,
        f"Sorteio Realizado - {game}",
        (
            _ao_header("✅ Sorteio Realizado!", game)
            + '<div class="content"><p>Parabéns! O sorteio foi realizado com sucesso! 🎉</p>'
            + _ao_box(
                "success-box",
                f"<p>📅 <strong>Data do evento:</strong> {_m(date)}</p><p>👥 <strong>Participantes:</strong> {count}</p>",
            )
            + "<p>Todos os participantes receberam um email com o link para descobrir quem tiraram.</p>"
            + _ao_box(
                "warning-box",
                "<p><strong>⚠️ Importante:</strong> Guarde este email! Use o link abaixo para acompanhar quem já visualizou seu amigo oculto.</p>",
            )
            + _ao_button(admin_url, "Acompanhar Status")
            + _ao_link(admin_url)
            + "</div>"
            + AO_FOOTER
        ),
    )
    add(
        "amigo-oculto-draw-done-pt-br",
        "notice",
        None,
        f"✅ Sorteio Realizado: {game}",
        plain,
        html_,
        "organizer.rs",
        "draw-completed notice to the organiser: event date, participant count, admin link; nothing to type",
    )

    name = "Noor"
    plain = (f"Olá {name}!\n\nVocê foi convidado para participar do Amigo Oculto \"{game}\"!\n\n📅 Data do evento: {date}\n\n"
             f"Para descobrir quem você tirou, acesse o link abaixo:\n{view_url}\n\n"
             f"Guarde este email para consultar seu amigo oculto mais tarde se necessário.\n\n{AO_PLAIN_FOOTER}")  # fmt: skip
    html_ = _ao_layout(
        styles,
        f"Amigo Oculto - {game}",
        (
            _ao_header("Amigo Oculto", game)
            + f'<div class="content"><p>Olá <strong>{_m(name)}</strong>!</p>'
            f"<p>Você foi convidado para participar do Amigo Oculto <strong>{_m(game)}</strong>!</p>"
            f"<p>📅 <strong>Data do evento:</strong> {_m(date)}</p>"
            + _ao_box(
                "info-box",
                "<p>Clique no botão abaixo para descobrir quem você tirou:</p>"
                + _ao_button(view_url, "Ver Meu Amigo Oculto"),
            )
            + '<p class="text-muted"><strong>Dica:</strong> Guarde este email! Você pode precisar dele para consultar quem você tirou mais tarde.</p>'
            + _ao_link(view_url)
            + "</div>"
            + AO_FOOTER
        ),
    )
    add(
        "amigo-oculto-participant-pt-br",
        "notice",
        None,
        f"🎁 {game}",
        plain,
        html_,
        "participant.rs",
        "invitation to a draw: event date, a reveal link with a 32-character token; nothing to type",
    )
    return items


# ---------------------------------------------------------------------------------------
# The Kabal Invasion (browser space-trading game)

TKI_REPO = "photogabble/tki"
TKI_COMMIT = "726e03d6511bef9848666c10bb631037f0160002"
TKI_HOST = "https://play.kabal-galaxy.example/"
TKI_GAME = "Outer Rim Classic"  # classic_config.ini game_name
TKI_ADMIN = "admin@kabal-galaxy.example"  # classic_config.ini admin_mail


def _tki_ini(repo: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in _show(repo, TKI_COMMIT, "languages/english.ini").splitlines():
        m = re.match(r'^(l_\w+)\s*=\s*"(.*)";?\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _tki_mail(subject: str, body: str) -> bytes:
    """PHP mail() with From, Reply-To and X-Mailer headers and no MIME headers of its own: a
    plain-text body with CRLF line ends (the stdlib adds a text/plain part header)."""
    msg = EmailMessage()
    msg["From"] = TKI_ADMIN
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["Reply-To"] = TKI_ADMIN
    msg["X-Mailer"] = "PHP/8.1.2"
    msg.set_content(body.replace("\r\n", "\n"), subtype="plain", charset="us-ascii", cte="7bit")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def tki(repo: Path) -> list[dict[str, Any]]:
    lv = _tki_ini(repo)
    common = dict(
        source="tki", repository=TKI_REPO, commit=TKI_COMMIT, licence="AGPL-3.0", lang="en"
    )
    items: list[dict[str, Any]] = []
    # mail.php: the reset link carries substr(md5(password), 5, 8) as ?code=
    link = f"{TKI_HOST}pwreset.php?code={_gen(8, '0123456789abcdef')}"
    body = (lv["l_mail_message"].replace("[link]", link).replace("[ip]", "203.0.113.58")
            .replace("[game_name]", TKI_GAME).replace("\\r\\n", "\r\n"))  # fmt: skip
    body = body + "\r\n\r\n" + link + "\r\n"
    subject = lv["l_mail_topic"].replace("[game_name]", TKI_GAME)
    rel, sha = _write("tki-password-link-en", "tki", _tki_mail(subject, body))
    items.append(_item(
        id="tki-password-link-en", group="tki-password-link", kind="notice", code=None,
        path="mail.php; languages/english.ini (l_mail_topic, l_mail_message)",
        rendered="str_replace of [link], [ip], [game_name] and the literal \\r\\n as mail.php does, the link appended; one text/plain part (PHP mail())",
        file=rel, sha256=sha,
        note="password-reset link whose URL ends in ?code= and 8 hex characters, shown twice, and the requester's IP address; the reader clicks, nothing to type",
        **common))  # fmt: skip
    game = f"{TKI_HOST}"
    body = lv["l_new_message"].replace("\\r\\n", "\r\n")
    for tag, value in (("[website]", game), ("[npg]", game + "newplayerguide.php"), ("[faq]", game + "faq.php"),
                       ("[forums]", "https://kabal-invasion.com/forums/")):  # fmt: skip
        body = body.replace(tag, value)
    body = body + "\r\n\r\n" + game
    rel, sha = _write("tki-welcome-en", "tki", _tki_mail(lv["l_new_topic"], body))
    items.append(_item(
        id="tki-welcome-en", group="tki-welcome", kind="notice", code=None,
        path="new2.php; languages/english.ini (l_new_topic, l_new_message)",
        rendered="str_replace of [pass], [ip], [website], [npg], [faq], [forums] and the literal \\r\\n as new2.php does, the game link appended; one text/plain part",
        file=rel, sha256=sha, note="sign-up welcome with links to the guide, FAQ and forums; no code", **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# wger Workout Manager

WG_REPO = "wger-project/wger"
WG_COMMIT = "aaba20184527b018e10f1be576202aa7e7cb4c21"
WG_SITE = "fit.harbourside.example"  # Site.objects.get_current() (its domain)
WG_FROM = "wger Workout Manager <wger@fit.harbourside.example>"  # WGER_SETTINGS['EMAIL_FROM']
WG_DAYS = 19  # 2026-11-14 07:05 UTC to the send time
# the last entry (2026-11-14 07:05 UTC, TIME_ZONE 'UTC') as Django 5.2 localizes a datetime
# in a template (DATETIME_FORMAT of django/conf/locale/<lang>/formats.py, month names from
# Django's catalogues); checked once with Django 5.2.19
WG_DATES = {
    "en": "Nov. 14, 2026, 7:05 a.m.", "de": "14. November 2026 07:05", "fr": "14 novembre 2026 07:05",
    "es": "14 de noviembre de 2026 a las 07:05", "it": "Sabato 14 Novembre 2026 07:05",
    "nl": "14 november 2026 07:05", "pl": "14 listopada 2026 07:05", "pt": "14 de Novembro de 2026 às 07:05",
    "sv": "14 november 2026 07:05", "cs": "14. listopadu 2026 7:05", "ru": "14 ноября 2026 г. 7:05",
    "uk": "14 листопада 2026 р. 07:05",
}  # fmt: skip
WG_URLS = {
    "weight:overview": "/{lang}/weight/overview",
    "core:user:preferences": "/{lang}/user/preferences",
}


def _wger_catalog(repo: Path, lang: str) -> gettext.NullTranslations:
    """The language's django.po compiled with msgfmt as Django's compilemessages does (fuzzy
    entries left out), read with the stdlib gettext."""
    if lang == "en":
        return gettext.NullTranslations()
    po = _show(repo, WG_COMMIT, f"wger/locale/{lang}/LC_MESSAGES/django.po").encode("utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "django.po").write_bytes(po)
        subprocess.run(
            ["msgfmt", "-o", f"{tmp}/django.mo", f"{tmp}/django.po"],
            check=True,
            capture_output=True,
        )
        with open(f"{tmp}/django.mo", "rb") as fh:
            return gettext.GNUTranslations(fh)


def _wger_render(
    template: str, cat: gettext.NullTranslations, lang: str, ctx: dict[str, str]
) -> str:
    """The Django template language as far as this template uses it: blocktranslate (msgid with
    %(var)s, variables autoescaped), url, plain variables and spaceless (strips its content)."""

    def block(m: re.Match[str]) -> str:
        msgid = re.sub(r"\{\{\s*(\w+)\s*\}\}", r"%(\1)s", m.group(1))
        return cat.gettext(msgid) % {k: html.escape(v) for k, v in ctx.items()}

    out = re.sub(
        r"\{% blocktranslate %\}(.*?)\{% endblocktranslate %\}", block, template, flags=re.S
    )
    out = re.sub(r"\{% url '([\w:]+)' %\}", lambda m: WG_URLS[m.group(1)].format(lang=lang), out)
    out = re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: html.escape(ctx[m.group(1)]), out)
    out = re.sub(
        r"\{% spaceless %\}\{% load i18n %\}(.*?)\{% endspaceless %\}",
        lambda m: m.group(1).strip(),
        out,
        flags=re.S,
    )
    return out


def wger(repo: Path) -> list[dict[str, Any]]:
    path = "wger/manager/templates/workout/email_weight_reminder.tpl"
    template = _show(repo, WG_COMMIT, path)
    items: list[dict[str, Any]] = []
    for lang, date in WG_DATES.items():
        cat = _wger_catalog(repo, lang)
        text = _wger_render(
            template, cat, lang, {"date": date, "days": str(WG_DAYS), "site": WG_SITE}
        )
        subject = cat.gettext("You have to enter your weight")
        ident = f"wger-weight-reminder-{lang}"
        rel, sha = _write(
            ident,
            "wger",
            message(sender=WG_FROM, subject=subject, text=text, html_part=None, sent=SENT),
        )
        items.append(_item(
            id=ident, group="wger-weight-reminder", source="wger", lang=lang, kind="notice", code=None,
            repository=WG_REPO, commit=WG_COMMIT, licence="AGPL-3.0",
            path=path + "; wger/weight/management/commands/email-weight-reminder.py"
                 + (f"; wger/locale/{lang}/LC_MESSAGES/django.po" if lang != "en" else ""),
            rendered="the template's blocktranslate/url/spaceless filled by hand with the catalogue compiled by msgfmt; date as Django 5.2 localizes it; one text/plain part (send_mail)",
            file=rel, sha256=sha, note="weight-entry reminder: a date and time, a day count, links; no code",
        ))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# AuthMeReReloaded (a fork of AuthMe with its own Chinese mails)

AR_REPO = "HaHaWTH/AuthMeReReloaded"
AR_COMMIT = "06f6035b01d9b661ebe6fd404b5cb856ed61384e"
AR_RES = "src/main/resources/"
AR_SERVER = "星辰生存服"
AR_FROM = "mc-mail@xingchen-craft.example"


def authme_rereloaded(repo: Path) -> list[dict[str, Any]]:
    common = dict(
        source="authme-rereloaded",
        repository=AR_REPO,
        commit=AR_COMMIT,
        licence="AGPL-3.0",
        lang="zh",
    )
    items: list[dict[str, Any]] = []
    cn_time = "2026年12月03日 18:17:42"  # SimpleDateFormat("yyyy'年'MM'月'dd'日' HH:mm:ss")
    specs = [
        ("email.html", "new-password", "other", lambda: _gen(12, AM_LOWER),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AR_SERVER, "<generatedpass />": c, "<time />": cn_time},
         "PasswordRecoveryService.generateAndSendNewPassword -> sendPasswordMail",
         "new 12-character password ([0-9a-z], RecoveryPasswordLength 12) in bold under '您正在申请的新密码为'"),
        ("new_email.html", "register-password", "other", lambda: _gen(12, AM_LOWER),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AR_SERVER, "<generatedpass />": c,
                    "<playerip />": "198.51.100.23", "<time />": cn_time},
         "EmailRegisterExecutor.executePostPersistAction -> sendNewPasswordMail",
         "initial 12-character password in bold under '您的账户初始密码为' and again in '/changepassword <pass> [新密码]'; the player's IP address"),
        ("recovery_code_email.html", "recovery-code", "saas-otp", lambda: _gen(8, AM_HEX),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AR_SERVER, "<recoverycode />": c, "<hoursvalid />": "6",
                    "<time />": cn_time},
         "PasswordRecoveryService -> sendRecoveryCode",
         "8 lowercase hex characters in bold and in '/email code <code>'; valid 6 hours"),
        ("verification_code_email.html", "verification-code", "saas-otp", lambda: _gen(6, string.digits),
         lambda c: {"<playername />": "Noor_Tester", "<servername />": AR_SERVER, "<generatedcode />": c, "<minutesvalid />": "10",
                    "<time />": "2026-12-03- 18:17:42"},  # VerificationCodeManager: yyyy'-'MM'-'dd'-' HH:mm:ss
         "VerificationCodeManager.generateCode -> sendVerificationMail",
         "six digits in bold and in '/verification <code>'; a date and time at the foot"),
        ("shutdown.html", "shutdown", "notice", lambda: None,
         lambda c: {"<servername />": AR_SERVER, "<time />": "2026.12.03. 18:17:42"},  # AuthMe.onDisable: yyyy'.'MM'.'dd'.' HH:mm:ss
         "AuthMe.onDisable -> sendShutDown (Email.shutDownEmail on)",
         "server-shutdown alert to the operator: date and time, a copyright year; no code"),
    ]  # fmt: skip
    for name, tpl, kind, make, tags, how, note in specs:
        code = make()
        content = _show(repo, AR_COMMIT, AR_RES + name)
        for tag, value in tags(code).items():
            content = content.replace(tag, value)
        ident = f"authme-rereloaded-{tpl}-zh"
        raw = message(
            sender=AR_FROM, subject=AM_SUBJECT, text=content, html_part=content, sent=SENT
        )
        rel, sha = _write(ident, "authme-rereloaded", raw)
        items.append(_item(
            id=ident, group=f"authme-rereloaded-{tpl}", kind=kind, code=code,
            path=AR_RES + name + "; src/main/java/fr/xephi/authme/mail/EmailService.java",
            rendered=f"{how}: tags replaced as the fork's EmailService does (times as its SimpleDateFormat patterns); the same HTML as text and HTML part (HtmlEmail); default subject",
            file=rel, sha256=sha, note=note, **common))  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# EmailVerify (Discord bot that mails a code to prove a university/company address)

EV_REPO = "lkaesberg/EmailVerify"
EV_COMMIT = "729225754ba143321f424a1481db3151d3ac96f8"
EV_USER = "verify@emailbot.example"  # config.username
EV_GUILDS = {
    "english": "CS Freshers 2026 | Room 1.14", "german": "Informatik-Fachschaft Uni Heidelberg",
    "french": "BDE Polytech Lyon 4A", "spanish": "Ingeniería UPV – Grupo 3", "brazilianPortuguese": "USP Computação 2027",
    "polish": "PWr Informatyka rok 2", "turkish": "ODTÜ Bilgisayar Kulübü", "korean": "KAIST 전산학부 23학번",
    "thai": "จุฬาฯ วิศวะคอม ปี 2", "hebrew": "הטכניון – מדעי המחשב",
}  # fmt: skip
EV_LANG = {"english": "en", "german": "de", "french": "fr", "spanish": "es", "brazilianPortuguese": "pt-BR",
           "polish": "pl", "turkish": "tr", "korean": "ko", "thai": "th", "hebrew": "he"}  # fmt: skip


def _ev_locale(table: dict[str, str], default: dict[str, str], key: str, *vars_: str) -> str:
    locale = table.get(key, default.get(key))  # Language.getLocale: the language, then English
    it = iter(vars_)
    return re.sub("%VAR%", lambda _m: next(it, "%VAR%"), locale)


def _ev_esc(v: str) -> str:
    return (
        v.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _ev_html(
    src: str, language: str, table: dict[str, str], default: dict[str, str], server: str, code: str
) -> str:
    """#buildLocalizedHtmlEmail of src/mail/MailSender.js: its template literal, filled."""
    body = re.search(
        r"#buildLocalizedHtmlEmail\(language, serverName, code\) \{.*?return `(.*?)`\n    \}",
        src,
        re.S,
    ).group(1)
    vals = {k: _ev_esc(_ev_locale(table, default, key)) for k, key in (
        ("greeting", "emailHtmlGreeting"), ("serverIntro", "emailHtmlServerIntro"), ("codeIntro", "emailHtmlCodeIntro"),
        ("ignoreNote", "emailHtmlIgnoreNote"), ("noReply", "emailHtmlNoReply"), ("moreInfo", "emailHtmlMoreInfo"))}  # fmt: skip
    vals["safeServerName"] = _ev_esc(server)
    vals["safeCode"] = _ev_esc(code)
    body = body.replace("${this.#escapeHtml(language).slice(0, 5)}", _ev_esc(language)[:5])
    return re.sub(r"\$\{(\w+)\}", lambda m: vals[m.group(1)], body)


def _ev_mail(sender_name: str, subject: str, text: str, html_part: str | None) -> bytes:
    """nodemailer with the bot's headers: text, or text+HTML alternative when styled."""
    msg = EmailMessage()
    msg["From"] = f'"{sender_name}" <{EV_USER}>'
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["X-Mailer"] = "EmailVerify"
    msg["List-Unsubscribe"] = f"<mailto:{EV_USER}?subject=unsubscribe>"
    msg["X-Auto-Response-Suppress"] = "OOF, DR, RN, NRN, AutoReply"
    msg.set_content(text, subtype="plain", charset="utf-8")
    if html_part is not None:
        msg.add_alternative(html_part, subtype="html", charset="utf-8")
        msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def emailverify(repo: Path) -> list[dict[str, Any]]:
    src = _show(repo, EV_COMMIT, "src/mail/MailSender.js")
    default = json.loads(_show(repo, EV_COMMIT, "language/english.json"))
    common = dict(source="emailverify", repository=EV_REPO, commit=EV_COMMIT, licence="GPL-3.0")
    items: list[dict[str, Any]] = []
    for language, server in EV_GUILDS.items():
        table = json.loads(_show(repo, EV_COMMIT, f"language/{language}.json"))
        for style in (
            ("plain", "styled") if language in ("english", "german", "korean") else ("plain",)
        ):
            code = str(RNG.randrange(100000, 1000000))  # crypto.randomInt(100000, 1000000)
            text = _ev_locale(table, default, "emailText", server, code)
            html_part = (
                _ev_html(src, language, table, default, server, code) if style == "styled" else None
            )
            raw = _ev_mail(
                _ev_locale(table, default, "emailSenderName"),
                _ev_locale(table, default, "emailSubject"),
                text,
                html_part,
            )
            lang = EV_LANG[language]
            ident = f"emailverify-code-{style}-{lang.lower()}"
            rel, sha = _write(ident, "emailverify", raw)
            items.append(_item(
                id=ident, group=f"emailverify-code-{style}", lang=lang, kind="saas-otp", code=code,
                path=f"src/mail/MailSender.js; src/Language.js; language/{language}.json",
                rendered=("getLocale('emailText', server name, code) as MailSender.sendEmail does, emailStyle "
                          + ("'plain': one text/plain part" if style == "plain" else "'styled': the same text plus #buildLocalizedHtmlEmail as HTML alternative")
                          + "; From, subject and X-Mailer/List-Unsubscribe/X-Auto-Response-Suppress headers as sendOpts sets them"),
                file=rel, sha256=sha,
                note="six digits alone on a line after the 'Your code' line (styled: in a monospace <code> box); the Discord server name above may hold figures",
                **common))  # fmt: skip
    return items


def _uuid() -> str:
    h = _gen(32, "0123456789abcdef")
    h = h[:12] + "4" + h[13:16] + RNG.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--pug-dir", default="/tmp/pugenv")
    args = ap.parse_args()
    mirrors = Path(args.mirrors)
    items = authme(mirrors / "AuthMe+AuthMeReloaded" / "repo")
    items += overseerr(mirrors / "sct+overseerr" / "repo", Path(args.pug_dir))
    items += verifymc(mirrors / "xianyu-114514+VerifyMC" / "repo")
    items += amigo_oculto(mirrors / "asmello+amigo-oculto" / "repo")
    items += tki(mirrors / "photogabble+tki" / "repo")
    items += wger(mirrors / "wger-project+wger" / "repo")
    items += authme_rereloaded(mirrors / "HaHaWTH+AuthMeReReloaded" / "repo")
    items += emailverify(mirrors / "lkaesberg+EmailVerify" / "repo")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} items, {sum(1 for i in items if i['code'])} positives")


if __name__ == "__main__":
    main()
