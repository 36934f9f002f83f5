"""Round twenty-one, mail-centred software: two helpdesks' codes and notices (Peppermint,
Libredesk), a mailing-list manager's welcome, password-reminder and moderation mails in
twenty-five languages (GNU Mailman 2.1), and mail servers' own reports (bounces, delivery
and TLS reports, a read receipt) kept by Delta Chat's core.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_mailsrv.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- Peppermint-Lab/peppermint (apps/api: MIT, its ``apps/api/LICENSE``; the root ``license``
  is AGPL-3.0 with a commercial-licence preamble), an open-source helpdesk:
  ``apps/api/src/lib/nodemailer/auth/forgot-password.ts`` sends a JS template literal filled
  with the six-digit code of ``controllers/auth.ts``'s ``generateRandomCode()`` (10^5 ..
  10^6-1) and the reset link; the ticket mails of ``lib/nodemailer/ticket/*.ts`` compile the
  HTML templates that ``prisma/seed.js`` stores (handlebars, ``{{var}}`` escaped — the values
  used need no escaping) and send them with the literal Subject and text each file writes.
  ``from`` is the configured reply address (invented here).
- terencehonles/mailman (GPL-2.0-or-later), a git mirror of GNU Mailman; read at the 2.1.6
  back-port commit (Mailman 2.1/2.2a0 with its language packs). Three mails per language
  (en, de, es, fr, it, pt_BR, ca, pl, cs, hu, ru, ja, da, et, eu, fi, lt, nl, no, pt, sl,
  sr, sv, uk, ko: every language shipped with the three templates and a catalogue):
  ``templates/<lang>/subscribeack.txt``
  (Deliverer.SendSubscribeAck, From the -request address), ``userpass.txt``
  (Deliverer.MailUserPassword, From -bounces) and ``postheld.txt``
  (Handlers/Hold.py, a non-member post held, From -bounces). Each template is ``%``-filled through ``SafeDict``
  and wrapped by ``Utils.maketext()``/``Utils.wrap()`` (ported below, run on the template's
  bytes as Python 2 did), the Subject and the hold reason translated from
  ``messages/<lang>/LC_MESSAGES/mailman.po`` (non-fuzzy entries; untranslated ones stay
  English, as gettext does). Passwords come from ``UserFriendly_MakeRandomPassword(8)``
  (USER_FRIENDLY_PASSWORDS, MEMBER_PASSWORD_LENGTH = 8 in Defaults.py.in): four random
  consonant-vowel syllables; the confirmation cookie is 40 hex digits. Mailman sends each
  mail in its language's charset; ``collect.message()`` writes UTF-8.
- chatmail/core (MPL-2.0), Delta Chat's core: received mail-server reports of
  ``test-data/message`` (bounces from Gmail, GMX, Posteo, Tiscali, Yahoo and Postfix, a
  delivery report, an SMTP TLS report, an Exchange read receipt), taken byte for byte.
- abhinavxd/libredesk (AGPL-3.0), a helpdesk: the AI agent's e-mail verification
  (``internal/aiagent/tools.go``: six digits of ``stringutil.RandomNumeric(6)``, Subject and
  body from ``i18n/en-US.json``, sent by the notification mailer as an HTML part only; only
  en-US carries these strings), and the agent welcome and reset-password mails
  (``static/email-templates/*.html`` with ``base.html``'s header and footer, Go templates;
  the few constructs they use are rendered by a small evaluator below).
- django-helpdesk/django-helpdesk (BSD-3-Clause): the submitter's new-ticket, update,
  resolved and closed mails of ``src/helpdesk/fixtures/emailtemplate.json`` in the eight
  locales that ship an ``email_html_base.html`` and ``email_text_footer.txt`` (en, de, es,
  fr, it, pl, cs, ru), assembled as ``templated_email.send_templated_mail()`` does (Jinja2
  standing in for Django's engine on these simple templates).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 21, 24, 9, tzinfo=UTC)
RNG = random.Random("r21-mailsrv")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "mailsrv.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():  # a snapshot kept with a work-tree layout
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
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


def _save(*, sender, subject, text, html_part, **kw):
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    _item(raw=raw, **kw)


# ---------------------------------------------------------------------------------------
# Peppermint helpdesk

PM_REPO = "Peppermint-Lab/peppermint"
PM_COMMIT = "ba6e2179f9409db76abeb9a3007a262160e24628"
PM_LICENCE = "MIT"
PM_FROM = "support@helpdesk.brightwater.example"
PM_NOTE_LIC = (
    "Licence: apps/api/LICENSE (MIT) covers the API that sends these mails; the root 'license' "
    "is AGPL-3.0 with a commercial-licence preamble."
)


def _pm_literal(src: str) -> str:
    """The HTML template literal of a nodemailer call (``html: `...```)."""
    return src.split("html: `", 1)[1].split("`,\n", 1)[0]


def _pm_seed() -> dict[str, str]:
    seed = _show(PM_REPO, PM_COMMIT, "apps/api/src/prisma/seed.js")
    found = re.findall(r'html: `(.*?)`,\s*type: "(\w+)"', seed, flags=re.S)
    return {kind: body for body, kind in found}


def _hbs(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: values.get(m.group(1), ""), template)


def peppermint() -> None:
    common = {
        "source": "peppermint", "lang": "en", "repository": PM_REPO, "commit": PM_COMMIT,
        "licence": PM_LICENCE,
    }  # fmt: skip
    # forgot password: six-digit code + link with the reset token's uuid
    src = _show(PM_REPO, PM_COMMIT, "apps/api/src/lib/nodemailer/auth/forgot-password.ts")
    code = str(RNG.randint(100000, 999999))
    token = "3f9c2a71-5be0-4d8e-9a16-c07b4e2d81f5"
    link = f"https://desk.brightwater.example/auth/reset-password?token={token}"
    body = _pm_literal(src).replace("${code}", code).replace("${resetlink}", link)
    _save(
        template="forgot-password", kind="saas-otp", code=code,
        path="apps/api/src/lib/nodemailer/auth/forgot-password.ts, "
        "apps/api/src/controllers/auth.ts",
        rendered="forgotPassword(): the text and HTML template literals filled with "
        "generateRandomCode() (six digits) and the reset link",
        sender=PM_FROM, subject="Password Reset Request",
        text=f"Password Reset Code: {code}, follow this link to reset your password {link}",
        html_part=body,
        note="The code is typed on the reset page (POST /auth/password-reset/code). The hidden "
        "pre-header says 'Ticket Created' (copied from the ticket template). " + PM_NOTE_LIC,
        **common,
    )  # fmt: skip
    seed = _pm_seed()
    seed_path = "apps/api/src/prisma/seed.js"
    # ticket created: the customer gets the ticket's uuid
    tid = "b81e4f02-6d3a-4c97-8e25-1fa9c3d07b64"
    created = "Thu Dec 03 2026 21:18:44 GMT+0000 (Coordinated Universal Time)"
    _save(
        template="ticket-created", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/create.ts, {seed_path}",
        rendered="sendTicketCreate(): the seeded ticket_created template with {id}; text with "
        "the ticket's createdAt as JavaScript prints a Date",
        sender=PM_FROM, subject=f"Issue #{tid} has just been created & logged",
        text=f"Hello there, Issue #{tid}, which you reported on {created}, has now been "
        "created and logged",
        html_part=_hbs(seed["ticket_created"], {"id": tid}),
        note="The ticket's id (a UUID) is a reference, not a code to type. " + PM_NOTE_LIC,
        **common,
    )  # fmt: skip
    _save(
        template="ticket-assigned", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/assigned.ts, {seed_path}",
        rendered="sendAssignedEmail(): the seeded ticket_assigned template with no values",
        sender=PM_FROM, subject="A new ticket has been assigned to you",
        text="Hello there, a ticket has been assigned to you",
        html_part=_hbs(seed["ticket_assigned"], {}), note=PM_NOTE_LIC, **common,
    )  # fmt: skip
    title = "Printer on floor 3 jams on A3"
    comment = "We have ordered a new fuser unit (part 126K34851); ETA Monday 7 December."
    _save(
        template="ticket-comment", kind="notice", code=None,
        path=f"apps/api/src/lib/nodemailer/ticket/comment.ts, {seed_path}",
        rendered="sendComment(): the seeded ticket_comment template with title and comment",
        sender=PM_FROM, subject=f"New comment on Issue #{title} ref: #{tid}",
        text=f"Hello there, Issue #{title}, has had an update with a comment of {comment}",
        html_part=_hbs(seed["ticket_comment"], {"title": title, "comment": comment}),
        note="A part number and the ticket UUID, no code. " + PM_NOTE_LIC, **common,
    )  # fmt: skip
    for number, status in ((2417, "COMPLETED"), (2418, "OUTSTANDING")):
        _save(
            template=f"ticket-status-{status.lower()}", kind="notice", code=None,
            path=f"apps/api/src/lib/nodemailer/ticket/status.ts, {seed_path}",
            rendered="sendTicketStatus(): the seeded ticket_status_changed template with "
            "title and status",
            sender=PM_FROM, subject=f"Issue #{number} status is now {status}",
            text=f"Hello there, Issue #{number}, now has a status of {status}",
            html_part=_hbs(seed["ticket_status_changed"], {"title": title, "status": status}),
            note="The status word in capitals and the issue number are not codes. "
            + PM_NOTE_LIC,
            **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# GNU Mailman 2.1 (mailing-list manager)

MM_REPO = "terencehonles/mailman"
MM_COMMIT = "af4b7fb495e31da774caa2e55edec75470e9b704"
MM_LANGS = {
    # lang: charset of Mailman/Defaults.py.in's add_language()
    "en": "us-ascii", "de": "iso-8859-1", "es": "iso-8859-1", "fr": "iso-8859-1",
    "it": "iso-8859-1", "pt_BR": "iso-8859-1", "ca": "iso-8859-1", "pl": "iso-8859-2",
    "cs": "iso-8859-2", "hu": "iso-8859-2", "ru": "koi8-r", "ja": "euc-jp",
    "da": "iso-8859-1", "et": "iso-8859-15", "eu": "iso-8859-15", "fi": "iso-8859-1",
    "lt": "iso-8859-13", "nl": "iso-8859-1", "no": "iso-8859-1", "pt": "iso-8859-1",
    "sl": "iso-8859-2", "sr": "utf-8", "sv": "iso-8859-1", "uk": "utf-8", "ko": "euc-kr",
}  # fmt: skip
MM_SYLLABLES = [
    s
    for v in "aeiou"
    for c in ("b", "c", "d", "f", "g", "h", "k", "m", "n", "p", "r", "s", "t", "v", "w", "x", "z")
    for s in (c + v, v + c)
]
MM_LIST, MM_HOST = "Hikers", "lists.ridgeway.example"
MM_WS = " \t\n\r\x0b\x0c"


def _mm_wrap(text: str, column: int = 70) -> str:
    """Mailman/Utils.py's wrap() (honor_leading_ws=True), ported line for line; it runs on
    the template's bytes (here each byte one latin-1 character), as Python 2 did."""
    wrapped = ""
    for para in re.split("\n\n", text):
        lines: list[str] = []
        fillprev = False
        for line in para.split("\n"):
            if not line:
                lines.append(line)
                continue
            fillthis = line[0] not in MM_WS
            if fillprev and fillthis:
                lines[-1] = lines[-1].rstrip() + " " + line
            else:
                lines.append(line)
            fillprev = fillthis
        for text in lines:
            while text:
                if len(text) <= column:
                    line = text
                    text = ""
                else:
                    bol = column
                    while bol > 0 and text[bol] not in MM_WS:
                        bol -= 1
                    eol = bol
                    while eol > 0 and text[eol] in MM_WS:
                        eol -= 1
                    if eol == 0:
                        eol = column
                        while eol < len(text) and text[eol] not in MM_WS:
                            eol += 1
                        bol = eol
                        while bol < len(text) and text[bol] in MM_WS:
                            bol += 1
                        bol -= 1
                    line = text[: eol + 1] + "\n"
                    bol += 1
                    while bol < len(text) and text[bol] in MM_WS:
                        bol += 1
                    text = text[bol:]
                wrapped += line
            wrapped += "\n"
        wrapped += "\n"
    return wrapped[:-2]


def _mm_catalog(lang: str) -> dict[str, str]:
    """The language's messages/<lang>/LC_MESSAGES/mailman.po, without fuzzy entries (as the
    compiled .mo that Mailman reads); a minimal .po reader."""
    if lang == "en":
        return {}
    raw = _show_bytes(MM_REPO, MM_COMMIT, f"messages/{lang}/LC_MESSAGES/mailman.po")
    cat: dict[str, str] = {}
    entry: dict[str, list[str]] = {}
    fuzzy = False
    field = ""

    def flush() -> None:
        msgid = "".join(entry.get("msgid", []))
        msgstr = "".join(entry.get("msgstr", []))
        if msgid and msgstr and not fuzzy:
            cat[msgid] = msgstr

    def unquote(s: str) -> str:
        body = s.strip()[1:-1]
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)

    for line in raw.decode(MM_LANGS[lang]).splitlines():
        if line.startswith("#,") and "fuzzy" in line:
            if "msgstr" in entry:
                flush()
                entry, field = {}, ""
            fuzzy = True
        elif line.startswith("msgid "):
            if "msgstr" in entry:
                flush()
                entry, fuzzy = {}, False
            field = "msgid"
            entry["msgid"] = [unquote(line[6:])]
        elif line.startswith("msgstr "):
            field = "msgstr"
            entry["msgstr"] = [unquote(line[7:])]
        elif line.startswith('"') and field:
            entry[field].append(unquote(line))
        elif not line.strip():
            flush()
            entry, fuzzy, field = {}, False, ""
    flush()
    return cat


class _MMSafeDict(dict):
    """Mailman/SafeDict.py: an unknown key is left in the text as ``%(key)s``."""

    def __missing__(self, key: str) -> str:
        return "%(" + key + ")s"


def _mm_text(lang: str, name: str, values: dict[str, str]) -> str:
    """Utils.maketext(): the template in the member's language, ``%`` filled, wrapped."""
    charset = MM_LANGS[lang]
    raw = _show_bytes(MM_REPO, MM_COMMIT, f"templates/{lang}/{name}")
    template = raw.decode("latin-1")
    try:
        filled = template % _MMSafeDict(values)
    except (TypeError, ValueError):  # "the template is really screwed up": sent unfilled
        filled = template
    return _mm_wrap(filled).encode("latin-1").decode(charset)


def mailman() -> None:
    lname = MM_LIST.lower()
    listaddr = f"{lname}@{MM_HOST}"
    request = f"{lname}-request@{MM_HOST}"
    bounces = f"{lname}-bounces@{MM_HOST}"
    common = {
        "source": "mailman2", "repository": MM_REPO, "commit": MM_COMMIT,
        "licence": "GPL-2.0-or-later",
    }  # fmt: skip
    users = [
        "ana.moreau@example.com", "jonas.keller@example.net", "lucia.ferrer@example.org",
        "claire.dubois@example.fr", "marco.bianchi@example.it", "rafael.souza@example.com.br",
        "jordi.puig@example.cat", "kasia.nowak@example.pl", "petr.dvorak@example.cz",
        "zsofia.nagy@example.hu", "olga.smirnova@example.ru", "haruto.sato@example.jp",
        "freja.holm@example.dk", "kadri.tamm@example.ee", "ane.etxeberria@example.eus",
        "aino.virtanen@example.fi", "ruta.kazlauskiene@example.lt", "sanne.devries@example.nl",
        "ingrid.berg@example.no", "tiago.matos@example.pt", "ana.novak@example.si",
        "milan.petrovic@example.rs", "elsa.lindqvist@example.se", "taras.bondar@example.ua",
        "jiwoo.kim@example.kr",
    ]  # fmt: skip
    for (lang, charset), user in zip(MM_LANGS.items(), users, strict=True):
        cat = _mm_catalog(lang)

        def extra(text: str, msgid: str, cat: dict[str, str] = cat, lang: str = lang) -> str:
            out = ""
            if lang != "en" and msgid not in cat:
                out += " The Subject is English: the language's catalogue leaves it untranslated."
            if "%(" in text:
                out += " A '%(...)s' the template names but Mailman does not fill is left as is."
            return out

        def tr(msgid: str, cat: dict[str, str] = cat) -> str:
            # untranslated ids fall back to English, as gettext does; a line break inside a
            # translated Subject (pl) is sent as a space
            return cat.get(msgid, msgid).replace("\n", " ")

        opts = f"http://{MM_HOST}/mailman/options/{lname}/{user.replace('@', '--at--')}"
        info = f"http://{MM_HOST}/mailman/listinfo/{lname}"
        conv = (
            f"Rendered from templates/{lang}/*.txt (charset {charset}) with Mailman/Utils.py's "
            "maketext() and wrap() (ported), the Subject from the language's mailman.po "
            "(the list's preferred language taken to be the member's); the mail is "
            "re-encoded to UTF-8 by collect.message()."
        )
        # subscribeack: welcome mail with the member's (generated) password
        password = "".join(RNG.choice(MM_SYLLABLES) for _ in range(4))[:8]
        text = _mm_text(lang, "subscribeack.txt", {
            "real_name": MM_LIST, "host_name": MM_HOST, "welcome": "", "umbrella": "",
            "emailaddr": listaddr, "listinfo_url": info, "optionsurl": opts,
            "password": password, "user": user,
        })  # fmt: skip
        subject = tr('Welcome to the "%(realname)s" mailing list%(digmode)s') % {
            "realname": MM_LIST, "digmode": ""}  # fmt: skip
        _save(
            template="subscribeack", lang=lang, kind="other", code=password,
            path=f"templates/{lang}/subscribeack.txt, Mailman/Deliverer.py, Mailman/Utils.py",
            rendered="Deliverer.SendSubscribeAck(): " + conv,
            sender=request, subject=subject, text=text, html_part=None,
            note="The welcome mail gives the member's list password (Mailman's user-friendly "
            "8-letter MakeRandomPassword, as when a subscriber leaves the password empty), "
            "needed to change options or unsubscribe: a credential to type."
            + extra(text, 'Welcome to the "%(realname)s" mailing list%(digmode)s'),
            **common,
        )  # fmt: skip
        # userpass: password reminder
        password = "".join(RNG.choice(MM_SYLLABLES) for _ in range(4))[:8]
        text = _mm_text(lang, "userpass.txt", {
            "user": user, "listname": MM_LIST, "fqdn_lname": listaddr, "password": password,
            "options_url": opts, "requestaddr": request,
            "owneraddr": f"{lname}-owner@{MM_HOST}",
        })  # fmt: skip
        subject = tr("%(listfullname)s mailing list reminder") % {
            "listfullname": f"{MM_LIST}@{MM_HOST}"}  # fmt: skip
        _save(
            template="userpass", lang=lang, kind="saas-otp", code=password,
            path=f"templates/{lang}/userpass.txt, Mailman/Deliverer.py, Mailman/Utils.py",
            rendered="Deliverer.MailUserPassword(): " + conv,
            sender=bounces, subject=subject, text=text, html_part=None,
            note="A password reminder: the list password is given to be typed on the options "
            "page." + extra(text, "%(listfullname)s mailing list reminder"),
            **common,
        )  # fmt: skip
        # postheld: a post held for moderation (cookie only in the confirm URL)
        cookie = "".join(RNG.choice("0123456789abcdef") for _ in range(40))
        reason = tr("Post by non-member to a members-only list")
        text = _mm_text(lang, "postheld.txt", {
            "listname": MM_LIST, "hostname": MM_HOST,
            "reason": reason.encode(charset).decode("latin-1"),
            "sender": user, "subject": "Route change for the 12 December ridge walk",
            "admindb_url": f"http://{MM_HOST}/mailman/admindb/{lname}",
            "confirmurl": f"http://{MM_HOST}/mailman/confirm/{lname}/{cookie}",
        })  # fmt: skip
        subject = tr("Your message to %(listname)s awaits moderator approval") % {
            "listname": MM_LIST}  # fmt: skip
        _save(
            template="postheld", lang=lang, kind="notice", code=None,
            path=f"templates/{lang}/postheld.txt, Mailman/Handlers/Hold.py, Mailman/Utils.py",
            rendered="Hold.hold_for_approval(): " + conv + " Reason: NonMemberPost.",
            sender=bounces, subject=subject, text=text, html_part=None,
            note="Moderation notice; the confirmation cookie (40 hex) is only in the "
            "cancel link."
            + extra(text, "Your message to %(listname)s awaits moderator approval"),
            **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Received mail-server reports kept by Delta Chat's core (chatmail/core) test data

DC_REPO = "chatmail/core"
DC_COMMIT = "48888898ee148ed7b70fa825acffa6829c56c5cf"
DC_RAW = [
    # file stem, lang, note
    ("gmail_ndn", "de", "Gmail's bounce in German (550 5.1.1, an SMTP status, not a code)."),
    ("gmx_ndn", "en", "GMX's Exim bounce quoting Gmail's 550-5.1.1 reply."),
    ("posteo_ndn", "en", "Posteo's Postfix bounce; queue ids in Received headers."),
    ("tiscali_ndn", "en", "Tiscali's delivery status notification."),
    ("yahoo_ndn", "en", "Yahoo's failure notice (554 delivery error)."),
    ("testrun_ndn", "en", "A Postfix bounce (550 5.1.1 user unknown)."),
    ("testrun_ndn_2", "en", "A Postfix bounce (5.4.4 host not found)."),
    ("ndn_with_attachment", "en", "A Postfix bounce (552 5.2.2) with the returned mail."),
    ("dsn_relayed", "en", "Posteo's successful-delivery report; 'id=1M9ohD-1lvXys2NFd-005r3O' "
     "is the receiving server's queue id."),
    ("tlsrpt", "en", "Google's aggregate SMTP TLS report (Report-ID in the Subject)."),
    ("ms_exchange_report_disposition_notification", "de",
     "Exchange's read receipt ('Gelesen: Test message')."),
]  # fmt: skip


def chatmail() -> None:
    for stem, lang, note in DC_RAW:
        path = f"test-data/message/{stem}.eml"
        _item(
            source="chatmail-core", template=stem.replace("_", "-"), lang=lang, kind="notice",
            code=None, repository=DC_REPO, path=path, commit=DC_COMMIT, licence="MPL-2.0",
            rendered="taken byte for byte", raw=_show_bytes(DC_REPO, DC_COMMIT, path),
            note="A real received mail-server report kept as Delta Chat core test data. " + note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Libredesk (helpdesk): the AI agent's verification-code mail, welcome and reset mails

LD_REPO = "abhinavxd/libredesk"
LD_COMMIT = "948ffd8cda71fe4fae820a4da7f17db745d15c09"
LD_FROM = "Northwind Support <support@northwind-outdoor.example>"
LD_FUNCS = {"RootURL": "https://help.northwind-outdoor.example", "LogoURL": "",
            "SiteName": "Northwind Support"}  # fmt: skip
LD_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LD_ACTION = re.compile(r"\{\{\s*(.*?)\s*\}\}", re.S)


def _ld_defines(src: str) -> dict[str, str]:
    """The bodies of ``{{ define "x" }} ... {{ end }}`` (the define's own matching end)."""
    out: dict[str, str] = {}
    for m in re.finditer(r'\{\{ define "([\w-]+)" \}\}', src):
        depth = 1
        for a in LD_ACTION.finditer(src, m.end()):
            word = a.group(1).split(" ")[0]
            if word in ("if", "range", "with", "define"):
                depth += 1
            elif word == "end":
                depth -= 1
                if depth == 0:
                    out[m.group(1)] = src[m.end() : a.start()]
                    break
    return out


def _ld_value(expr: str, data: dict[str, str]) -> str:
    if expr.startswith("."):
        return data[expr[1:]]
    return LD_FUNCS[expr]


def _ld_cond(expr: str, data: dict[str, str]) -> bool:
    m = re.fullmatch(r'ne (\.?\w+) ""', expr)
    assert m, expr
    return _ld_value(m.group(1), data) != ""


def _ld_exec(body: str, defs: dict[str, str], data: dict[str, str]) -> str:
    """Go text/template for the subset these templates use: {{ template "x" . }}, values,
    functions without arguments, and if / else if / else / end with ``ne X ""``; the text
    between actions is kept as it is (no trim markers are used)."""
    out: list[str] = []
    stack: list[list[bool]] = []  # per if: [this branch on, some branch taken]
    pos = 0

    def on() -> bool:
        return all(frame[0] for frame in stack)

    for a in LD_ACTION.finditer(body):
        if on():
            out.append(body[pos : a.start()])
        pos = a.end()
        act = a.group(1)
        if act.startswith("if "):
            cond = on() and _ld_cond(act[3:], data)
            stack.append([cond, cond])
        elif act.startswith("else if "):
            frame = stack.pop()
            cond = (not frame[1]) and on() and _ld_cond(act[8:], data)
            stack.append([cond, frame[1] or cond])
        elif act == "else":
            frame = stack.pop()
            stack.append([not frame[1], True])
        elif act == "end":
            stack.pop()
        elif act.startswith("template "):
            name = re.match(r'template "([\w-]+)"', act).group(1)
            if on():
                out.append(_ld_exec(defs[name], defs, data))
        elif on():
            out.append(_ld_value(act, data))
    if on():
        out.append(body[pos:])
    return "".join(out)


def libredesk() -> None:
    common = {
        "source": "libredesk", "lang": "en", "repository": LD_REPO, "commit": LD_COMMIT,
        "licence": "AGPL-3.0",
    }  # fmt: skip
    i18n = json.loads(_show(LD_REPO, LD_COMMIT, "i18n/en-US.json"))
    # the AI agent's e-mail verification (livechat inbox: through the notification mailer)
    code = "".join(RNG.choice("0123456789") for _ in range(6))
    body = i18n["ai.agent.verificationEmailBody"].replace("{code}", code)
    _save(
        template="agent-verification-code", kind="saas-otp", code=code,
        path="internal/aiagent/tools.go, internal/aiagent/otp.go, "
        "internal/notification/providers/email/email.go, i18n/en-US.json",
        rendered="sendEmailVerificationTool.Execute(), livechat branch: Subject and body from "
        "i18n en-US (Ts with {code}), stringutil.RandomNumeric(6); the notifier sends the "
        "content as the HTML part only (no AltContent)",
        sender=LD_FROM, subject=i18n["ai.agent.verificationEmailSubject"], text=None,
        html_part=body,
        note="The customer replies with the code in the chat. The Reply-To no-reply header "
        "the code adds is not reproduced by collect.message().",
        **common,
    )  # fmt: skip
    base = _show(LD_REPO, LD_COMMIT, "static/email-templates/base.html")
    for name, subject, data, note in (
        ("welcome", i18n["globals.messages.welcomeToLibredesk"],
         {"Email": "dana.okafor@northwind-outdoor.example"}, "A new agent's welcome mail."),
        ("reset-password", "Reset Password", {}, "The reset token is only in the link."),
    ):  # fmt: skip
        data["ResetToken"] = "".join(RNG.choice(LD_ALNUM) for _ in range(32))
        src = _show(LD_REPO, LD_COMMIT, f"static/email-templates/{name}.html")
        defs = _ld_defines(base) | _ld_defines(src)
        _save(
            template=name, kind="notice", code=None,
            path=f"static/email-templates/{name}.html, static/email-templates/base.html, "
            "cmd/users.go, cmd/init.go",
            rendered="RenderInMemoryTemplate() of the template (Go template subset rendered "
            "here: header/footer of base.html, SiteName set, no logo), reset token "
            "stringutil.RandomAlphanumeric(32); sent by the notifier as HTML only",
            sender=LD_FROM, subject=subject, text=None,
            html_part=_ld_exec(defs[name], defs, data), note=note, **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# django-helpdesk: the submitter's ticket mails in the eight languages it ships a base for

DH_REPO = "django-helpdesk/django-helpdesk"
DH_COMMIT = "360bace463c78314adb07d6b8bffc4676b73be29"
DH_LANGS = ("en", "de", "es", "fr", "it", "pl", "cs", "ru")
DH_TEMPLATES = ("newticket_submitter", "updated_submitter", "resolved_submitter",
                "closed_submitter")  # fmt: skip
DH_SUBJECT = "{{ ticket.ticket }} {{ ticket.title|safe }} %(subject)s"  # settings.py default


def helpdesk() -> None:
    import jinja2

    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True)
    fixture = json.loads(_show(DH_REPO, DH_COMMIT, "src/helpdesk/fixtures/emailtemplate.json"))
    rows = {(r["fields"]["template_name"], r["fields"]["locale"]): r["fields"] for r in fixture}
    sender = "Riverside Library IT <it-help@riverside-library.example>"
    queue = {"title": "Riverside Library IT", "email_address": "it-help@riverside-library.example"}
    for number, lang in enumerate(DH_LANGS, start=301):
        base = _show(
            DH_REPO, DH_COMMIT, f"src/helpdesk/templates/helpdesk/{lang}/email_html_base.html"
        )
        footer = _show(
            DH_REPO, DH_COMMIT, f"src/helpdesk/templates/helpdesk/{lang}/email_text_footer.txt"
        )
        key = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        secret = f"{key[:8]}-{key[8:12]}-4{key[13:16]}-a{key[17:20]}-{key[20:]}"
        email = "sam.ortega@example.org"
        ticket = {
            "ticket": f"[it-{number}]", "title": "Self-checkout kiosk 3 rejects library cards",
            "ticket_url": f"https://help.riverside-library.example/helpdesk/view/?ticket=it-{number}"
            f"&email={email}&key={secret}",
            "resolution": "Card reader firmware updated to 4.2.1; kiosk restarted.",
        }  # fmt: skip
        ctx = {
            "ticket": ticket, "queue": queue, "resolution": ticket["resolution"],
            "comment": "A technician will visit on Tuesday between 9:00 and 11:00.",
            "private": False,
        }  # fmt: skip
        for name in DH_TEMPLATES:
            t = rows[(name, lang)]
            subject = env.from_string(DH_SUBJECT % {"subject": t["subject"]}).render(ctx)
            subject = subject.replace("\n", "").replace("\r", "")
            text = env.from_string(t["plain_text"] + "\n\n" + footer).render(ctx)
            # {% extends %}: the base has no "title" block, so the heading is dropped and
            # the header block keeps its default; the content block takes the html
            page = base.replace("{% block header %}Helpdesk{% endblock %}", "Helpdesk")
            page = page.replace("{% block content %}{% endblock %}", t["html"])
            html_part = env.from_string(page).render(ctx)
            _save(
                source="django-helpdesk", template=name.replace("_", "-"), lang=lang,
                kind="notice", code=None, repository=DH_REPO,
                path=f"src/helpdesk/fixtures/emailtemplate.json, src/helpdesk/templated_email.py, "
                f"src/helpdesk/templates/helpdesk/{lang}/email_html_base.html, "
                f"src/helpdesk/templates/helpdesk/{lang}/email_text_footer.txt",
                commit=DH_COMMIT, licence="BSD-3-Clause",
                rendered="send_templated_mail(): the fixture's template for the queue's locale, "
                "Subject by HELPDESK_EMAIL_SUBJECT_TEMPLATE, text + footer include, html in "
                "the locale's email_html_base.html; Django's template engine stood in for by "
                "Jinja2 with autoescape (the values used need no escaping)",
                sender=sender, subject=subject, text=text, html_part=html_part,
                note="A ticket mail to the submitter; '[it-N]' is the ticket id and the secret "
                "key is only in the ticket link. No code.",
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    peppermint()
    mailman()
    chatmail()
    libredesk()
    helpdesk()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
