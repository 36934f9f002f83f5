"""Round 31, woltlab (blind): WoltLab Suite Core (WoltLab/WCF), the PHP forum / community
framework, its account mails with a code (registration activation code, e-mail change
reactivation code, e-mail multi-factor one time code) and sibling account notices without
a code (lost password, password reset by an administrator, account approved), in English
and German (formal "Sie" and informal "du" variants), rendered from a git snapshot at a
pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_woltlab.py \\
        --mirrors /work/.mirror

- WoltLab/WCF (LGPL-2.1, ``LICENSE``: "GNU LESSER GENERAL PUBLIC LICENSE Version 2.1"),
  commit WCF_COMMIT. Files used:
  ``wcfsetup/install/lang/en.xml`` and ``de.xml`` (the language items
  ``wcf.user.register.needActivation.mail.*``, ``wcf.user.changeEmail.needReactivation.
  mail.*``, ``wcf.user.security.multifactor.email.{subject,body.plain}``,
  ``wcf.user.lostPassword.mail.*``, ``wcf.acp.user.sendNewPassword.mail.*``,
  ``wcf.acp.user.activation.mail.*``), the e-mail templates
  ``com.woltlab.wcf/templates/email_registerNeedActivation.tpl``,
  ``email_changeEmailNeedReactivation.tpl``, ``email_lostPassword.tpl``,
  ``email_sendNewPassword.tpl``, ``email_adminActivation.tpl`` and ``email_plaintext.tpl``,
  and the senders: ``wcfsetup/install/files/lib/form/RegisterForm.class.php`` (and
  ``RegisterNewActivationCodeForm`` / ``UserAction::resendActivationMail``, same
  template), ``form/AccountManagementForm.class.php`` (and ``EmailNewActivationCodeForm``),
  ``system/user/multifactor/EmailMultifactorMethod.class.php`` (``sendEmail`` through
  ``system/email/SimpleEmail.class.php``), ``form/LostPasswordForm.class.php``,
  ``system/worker/SendNewPasswordWorker.class.php``, ``data/user/UserAction.class.php``
  (``enable``, admin approval).

  How the sender renders: ``system/email/Email.class.php`` builds the headers (From
  ``MAIL_FROM_NAME <MAIL_FROM_ADDRESS>``, Reply-To ``MAIL_ADMIN_ADDRESS`` when it differs,
  To ``username <email>`` from ``UserMailbox``, Subject through
  ``EmailGrammar::encodeQuotedPrintableHeader($subject, false)``, Date RFC 2822,
  Message-ID ``<40 hex@host>`` or, for the multi-factor mail,
  ``<com.woltlab.wcf.multifactor.email/userID/TIME_NOW/16 hex@host>``, MIME-Version,
  X-Auto-Response-Suppress, content headers, then ``X-Woltlab-Suite-Recipient: username``
  added per recipient in ``getJobs``); the mail is ``getHeaderString() . "\\r\\n\\r\\n" .
  getBodyString()``. Each text part is a ``RecipientAwareTextMimePart`` whose content is
  the e-mail template fetched by ``EmailTemplateEngine`` in the recipient's language (the
  plain text part then gets ``[URL:x]`` turned into ``<x>``), ``text/plain;
  charset=UTF-8``, quoted-printable by PHP's ``quoted_printable_encode`` after ``\\n`` ->
  ``\\r\\n``.

  What was done here: the template engine is re-implemented in Python for the subset
  these templates use, following ``system/template/TemplateScriptingCompiler.class.php``
  and its plugins: the ``lang`` prefilter (``LangPrefilterTemplatePlugin``) inlines the raw
  language item into the template before compiling, the ``hascontent`` prefilter
  (``HascontentPrefilterTemplatePlugin``) is applied to ``email_plaintext.tpl``, comments
  ``{* *}`` are removed, every compiled tag ends in ``?>`` so PHP drops one newline right
  after each tag, and the compiled template is ``rtrim``med; ``{if}``/``{else}``,
  ``{capture}``, ``{include}``, ``{assign}``, ``{link}`` (``LinkHandler::getLink`` with the
  default routes and ``URL_OMIT_INDEX_PHP`` = 0: ``https://host/index.php?register-
  activation/&u=..``; the landing page link is the site URL), ``|phrase``, ``|plainTime``
  (``IntlDateFormatter`` LONG date, SHORT time, the language code as locale, time zone UTC
  (the ``timezone`` option default); strings as ICU 72 writes them, checked against PHP 8.2
  with intl) and ``{$x}`` / ``{@$x}`` output. ``quoted_printable_encode`` and
  ``encodeQuotedPrintableHeader`` are ported (checked against PHP 8.2 on these mails).
  Options: ``MAIL_SIGNATURE`` empty (its default, so no signature block),
  ``LANGUAGE_USE_INFORMAL_VARIANT`` 0 (default, "-de") and 1 ("-de-du"), site title, host
  and addresses made up here.

  TEXT ONLY: the real mails are ``multipart/alternative`` (text/plain first, then
  text/html). The HTML part is the ``email_html.tpl`` layout filled with the active
  style's variables and then passed through Emogrifier's ``CssInliner``; that was not
  reproduced, so each mail here is the plain-text part alone, sent as the body of the
  same ``Email`` (``Content-Type: text/plain; charset=UTF-8``, quoted-printable). The
  multi-factor mail, built with ``SimpleEmail``, likewise keeps only its
  ``wcf.user.security.multifactor.email.body.plain`` part.

  Generated values, of the generators' shapes: the registration ``emailConfirmed`` code is
  ``Hex::encode(random_bytes(20))`` (40 lower-case hex, ``RegisterForm``), typed into the
  ``RegisterActivationForm`` "activation code" field (compared with
  ``hash_equals($user->emailConfirmed, $this->activationCode)``); the e-mail change
  ``reactivationCode`` is ``UserRegistrationUtil::getActivationCode()``, 9 digits
  (``random_int(10**8, 10**9 - 1)``), typed into ``EmailActivationForm``; the multi-factor
  code is ``random_int(10**7, 10**8 - 1)`` (``LENGTH`` = 8); ``lostPasswordKey`` is 40 hex
  and appears only in a link. 18 mails, 9 with a code.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
OUT = HERE / "round31" / "woltlab.json"
SOURCE = "woltlab-suite"
REPO = "WoltLab/WCF"
WCF_COMMIT = "090ae94d6291742cb7be6f284c30a837ad42d22a"
LICENCE = "LGPL-2.1-only"

HOST = "www.sternwarte-forum.example"
SITE_URL = f"https://{HOST}/"
OPTIONS = {
    "PAGE_TITLE": "Sternwarte-Forum",
    "MAIL_FROM_NAME": "Sternwarte-Forum",
    "MAIL_FROM_ADDRESS": "noreply@sternwarte-forum.example",
    "MAIL_ADMIN_ADDRESS": "admin@sternwarte-forum.example",
    "MAIL_SIGNATURE": "",
}
TPL = "com.woltlab.wcf/templates/"
LANG = "wcfsetup/install/lang/"


# --- reading the snapshot -------------------------------------------------------------


def git_show(mirrors: Path, path: str) -> str:
    git_dir = mirrors / "WoltLab+WCF" / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{WCF_COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def language_items(mirrors: Path, code: str) -> dict[str, str]:
    root = ET.fromstring(git_show(mirrors, f"{LANG}{code}.xml"))
    return {i.get("name"): (i.text or "") for i in root.iter("{http://www.woltlab.com}item")}


# --- the template engine (subset) -------------------------------------------------------

TAG_RE = re.compile(r"\{(?=\S)(.*?)(?<=\S)\}", re.S)
COMMENT_RE = re.compile(r"\{(?=\S)\*.*?\*(?<=\S)\}", re.S)
LANG_RE = re.compile(r"\{lang\}([\w\.]+)\{/lang\}")
HASCONTENT_RE = re.compile(
    r"\{hascontent( assign='(?P<assign>.*?)')?\}(?P<before>.*?)\{content\}(?P<content>.*?)"
    r"\{\/content\}(?P<after>.*?)(\{hascontentelse\}(?P<else>.*?))?\{\/hascontent\}",
    re.S,
)


def hascontent_prefilter(src: str) -> str:
    """HascontentPrefilterTemplatePlugin::replaceContentCallback (no assign, no else)."""

    def repl(m: re.Match) -> str:
        var = "hascontent_0"
        new = "{capture assign=" + var + "}" + m["content"] + "{/capture}\n"
        new += "{assign var=" + var + " value=$" + var + "|trim}\n"
        new += "{if $" + var + "}" + m["before"] + "{@$" + var + "}\n" + m["after"]
        new += "{/if}\n"
        return new

    return HASCONTENT_RE.sub(repl, src)


def compile_template(src: str, items: dict[str, str]) -> list:
    """Prefilters, comment removal, split into text/tag tokens, drop the newline after
    each tag (PHP eats one newline after ``?>``), rtrim the whole; returns a tree."""
    src = hascontent_prefilter(src)
    src = LANG_RE.sub(lambda m: items[m[1]], src)
    src = COMMENT_RE.sub("", src)
    tags = TAG_RE.findall(src)
    texts = TAG_RE.split(src)[::2]
    assert len(texts) == len(tags) + 1
    for i in range(1, len(texts)):
        texts[i] = re.sub(r"^(\r\n|\r|\n)", "", texts[i])
    texts[-1] = texts[-1].rstrip()
    tokens: list[tuple[str, str]] = []
    for i, tag in enumerate(tags):
        tokens.append(("text", texts[i]))
        tokens.append(("tag", tag))
    tokens.append(("text", texts[-1]))
    tree, rest = parse(tokens, 0, ())
    assert rest == len(tokens)
    return tree


def parse(tokens: list, pos: int, ends: tuple[str, ...]):
    nodes: list = []
    while pos < len(tokens):
        kind, val = tokens[pos]
        if kind == "text":
            if val:
                nodes.append(("text", val))
            pos += 1
            continue
        name = val.split(" ", 1)[0]
        if name in ends:
            return nodes, pos
        pos += 1
        if name == "if":
            then, pos = parse(tokens, pos, ("else", "/if"))
            other: list = []
            if tokens[pos][1] == "else":
                other, pos = parse(tokens, pos + 1, ("/if",))
            nodes.append(("if", val[3:], then, other))
            pos += 1
        elif name == "capture":
            body, pos = parse(tokens, pos, ("/capture",))
            var = re.search(r"assign=['\"]?(\w+)", val)[1]
            nodes.append(("capture", var, body))
            pos += 1
        elif name == "link":
            body, pos = parse(tokens, pos, ("/link",))
            nodes.append(("link", val[5:], body))
            pos += 1
        elif name in ("include", "assign"):
            nodes.append((name, val))
        else:
            nodes.append(("out", val))
    return nodes, pos


class Engine:
    def __init__(self, items: dict[str, str], mirrors: Path, lang: str, informal: bool):
        self.items = items
        self.mirrors = mirrors
        self.lang = lang
        self.informal = informal

    def fetch(self, template: str, variables: dict) -> str:
        tree = compile_template(git_show(self.mirrors, f"{TPL}{template}.tpl"), self.items)
        return self.run(tree, variables)

    def fetch_string(self, item: str, variables: dict) -> str:
        """Language::getDynamicVariable: the item compiled as a template."""
        return self.run(compile_template(self.items[item], self.items), variables)

    def run(self, nodes: list, v: dict) -> str:
        out = []
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "if":
                out.append(self.run(node[2] if self.cond(node[1], v) else node[3], v))
            elif kind == "capture":
                v[node[1]] = self.run(node[2], v)
            elif kind == "link":
                out.append(self.link(node[1], self.run(node[2], v), v))
            elif kind == "include":
                name = re.search(r"file='(\w+)'", node[1])[1]
                out.append(self.fetch(name, v))
            elif kind == "assign":
                m = re.fullmatch(r"assign var=(\w+) value=\$(\w+)\|trim", node[1])
                v[m[1]] = v[m[2]].strip()
            elif kind == "out":
                out.append(self.output(node[1], v))
        return "".join(out)

    def cond(self, expr: str, v: dict) -> bool:
        expr = expr.strip()
        if expr == "$mimeType === 'text/plain'":
            return v["mimeType"] == "text/plain"
        if expr == "LANGUAGE_USE_INFORMAL_VARIANT":
            return self.informal
        m = re.fullmatch(r"\$(\w+)\|isset", expr)
        if m:
            return m[1] in v
        m = re.fullmatch(r"\$(\w+)", expr)
        if m:
            return bool(v[m[1]])
        raise ValueError(expr)

    def value(self, expr: str, v: dict):
        m = re.fullmatch(r"\$mailbox->getUser\(\)->(\w+)(\+86400)?", expr)
        if m:
            val = v["user"][m[1]]
            return val + 86400 if m[2] else val
        if expr.startswith("$"):
            return v[expr[1:]]
        if expr in OPTIONS:
            return OPTIONS[expr]
        raise ValueError(expr)

    def output(self, tag: str, v: dict) -> str:
        raw = tag.startswith("@")
        expr = tag[1:] if raw else tag
        mods = expr.split("|")
        val = self.value(mods[0], v)
        for mod in mods[1:]:
            if mod == "phrase":
                val = str(val)  # options are not language items here
            elif mod == "plainTime":
                val = plain_time(int(val), self.lang)
            else:
                raise ValueError(mod)
        val = str(val)
        return val if raw else html.escape(val, quote=True)

    def link(self, args: str, query: str, v: dict) -> str:
        m = re.search(r"controller='(\w+)'", args)
        if not m:
            return SITE_URL
        route = re.sub(r"(?<!^)([A-Z])", r"-\1", m[1]).lower() + "/"
        if "object=$mailbox->getUser()" in args:
            user = v["user"]
            title = re.sub(r"[\W_]+", "-", user["username"]).strip("-")
            title = title[:80].rstrip("-").lower()
            route = route[:-1] + f"/{user['userID']}-{quote(title, safe='')}/"
        url = SITE_URL + "index.php?" + route
        if query:
            url += "&" + query.replace("[", "%5B").replace("]", "%5D")
        return url


MONTHS = {
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
}


def plain_time(ts: int, lang: str) -> str:
    """IntlDateFormatter(lang, LONG, SHORT, 'UTC') as ICU 72 formats it."""
    d = datetime.fromtimestamp(ts, UTC)
    month = MONTHS[lang][d.month - 1]
    if lang == "de":
        return f"{d.day}. {month} {d.year} um {d.hour:02d}:{d.minute:02d}"
    hour = d.hour % 12 or 12
    ampm = "AM" if d.hour < 12 else "PM"
    return f"{month} {d.day}, {d.year} at {hour}:{d.minute:02d}\u202f{ampm}"


# --- PHP ports ------------------------------------------------------------------------


def php_qp(data: bytes) -> bytes:
    """PHP quoted_printable_encode (ext/standard/quot_print.c, PHP_QPRINT_MAXL 75)."""
    out = bytearray()
    lp = 0
    i = 0
    n = len(data)
    hexd = b"0123456789ABCDEF"
    while i < n:
        c = data[i]
        i += 1
        nxt = data[i] if i < n else 0
        if c == 13 and nxt == 10 and i < n:
            out += b"\r\n"
            i += 1
            lp = 0
            continue
        if c < 32 or c == 0x7F or c & 0x80 or c == 61 or (c == 32 and nxt == 13):
            lp += 3
            if (
                (lp > 75 and c <= 0x7F)
                or (0x7F < c <= 0xDF and lp + 3 > 75)
                or (0xDF < c <= 0xEF and lp + 6 > 75)
                or (0xEF < c <= 0xF4 and lp + 9 > 75)
            ):
                out += b"=\r\n"
                lp = 3
            out += bytes([61, hexd[c >> 4], hexd[c & 15]])
        else:
            lp += 1
            if lp > 75:
                out += b"=\r\n"
                lp = 1
            out.append(c)
    return bytes(out)


ATEXT = r"[a-zA-Z0-9!#$%&'*+\-/=?^_`{|}~]"


def must_encode(ch: int, is_atom: bool) -> bool:
    if ch < 0x20 or ch >= 0x7F or ch == 0x20 or chr(ch) in "=?_":
        return True
    if not is_atom:
        return False
    return not (re.fullmatch(r"[a-zA-Z0-9]", chr(ch)) or chr(ch) in "!*+-/=")


def encode_qp_header(header: str, is_atom: bool = True) -> str:
    """EmailGrammar::encodeQuotedPrintableHeader."""
    raw = header.encode("utf-8")
    words = raw.split(b" ")
    need = any(len(w) > 70 or any(must_encode(c, is_atom) for c in w) for w in words)
    result = ""

    def chunk(s: str) -> str:
        return f"=?UTF-8?Q?{s}?="

    if need:
        line = ""
        for c in raw:
            enc = chr(c)
            if must_encode(c, is_atom):
                enc = "_" if c == 0x20 else f"={c:02X}"
            if len(chunk(line + enc)) > 70:
                if result:
                    result += "\r\n  "
                result += chunk(line)
                line = ""
            line += enc
        if result:
            result += "\r\n  "
        return result + chunk(line)
    line = ""
    for w in header.split(" "):
        if len((line + " " + w).encode()) > 70:
            if result:
                result += "\r\n  "
            result += line
            line = ""
        if line:
            line += " "
        line += w
    if result:
        result += "\r\n  "
    return result + line


def mailbox(address: str, name: str) -> str:
    """Mailbox::__toString with EmailGrammar::encodeHeader."""
    if not name or name == address:
        return address
    if not re.fullmatch(rf"[ \t]*{ATEXT}+[ \t]*", name):
        enc = encode_qp_header(name)
        name = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"' if enc == name else enc
    return f"{name} <{address}>"


def build_email(subject: str, text: str, user: dict, now: int, message_id: str) -> bytes:
    date = datetime.fromtimestamp(now, UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    headers = [
        ("From", mailbox(OPTIONS["MAIL_FROM_ADDRESS"], OPTIONS["MAIL_FROM_NAME"])),
        ("Reply-To", OPTIONS["MAIL_ADMIN_ADDRESS"]),
        ("To", mailbox(user["email"], user["username"])),
        ("Subject", encode_qp_header(subject, False)),
        ("Date", date),
        ("Message-ID", f"<{message_id}@{HOST}>"),
        ("MIME-Version", "1.0"),
        ("X-Auto-Response-Suppress", "OOF"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "quoted-printable"),
        ("X-Woltlab-Suite-Recipient", encode_qp_header(user["username"])),
    ]
    head = "\r\n".join(f"{k}: {v}" for k, v in headers)
    body = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")
    return head.encode("utf-8") + b"\r\n\r\n" + php_qp(body.encode("utf-8"))


# --- the mails --------------------------------------------------------------------------

# (lang code, informal variant, id suffix, recipient)
VARIANTS = [
    (
        "en",
        False,
        "en",
        {"userID": 1842, "username": "nightowl_tom", "email": "tom.hall@example.net"},
    ),
    (
        "de",
        False,
        "de",
        {"userID": 2317, "username": "Himmelsgucker", "email": "k.brandt@example.de"},
    ),
    ("de", True, "de-du", {"userID": 2455, "username": "Lena_M", "email": "lena.m@example.org"}),
]

# Values of the generators' shapes, fixed per variant.
REGISTER_CODES = [
    "3f9c2a71e08d4b65a1c7f0e2d9b83a4c6e51f7d2",
    "b7e04d19c3a85f62e0d1947ab3c8f25e6d0a91c4",
    "5a2d8e61f4c09b37a6e1d8c2f05b94e7a3c6d018",
]
REACTIVATION_CODES = ["418273659", "702918346", "263547918"]
MFA_CODES = ["58302174", "91746028", "30485917"]
LOST_KEYS = [
    "c41e9a07b2d85f3e6a19c0d7f42b8e5a3d61c9f0",
    "8d2f5b0e94a17c3d6e82f1a05b9c4d7e2a60f83b",
    "e07a3c95d1b64f28a0e7c3d9b5f12a84c6e0d71f",
]

TEMPLATES = [
    # group, template, subject item, kind, code list, path, rendered
    (
        "register-activation",
        "email_registerNeedActivation",
        "wcf.user.register.needActivation.mail.subject",
        "saas-otp",
        "register",
        "form/RegisterForm.class.php",
    ),
    (
        "email-change-activation",
        "email_changeEmailNeedReactivation",
        "wcf.user.changeEmail.needReactivation.mail.subject",
        "saas-otp",
        "reactivation",
        "form/AccountManagementForm.class.php",
    ),
    (
        "mfa-email-code",
        None,
        "wcf.user.security.multifactor.email.subject",
        "saas-otp",
        "mfa",
        "system/user/multifactor/EmailMultifactorMethod.class.php",
    ),
    (
        "lost-password",
        "email_lostPassword",
        "wcf.user.lostPassword.mail.subject",
        "notice",
        None,
        "form/LostPasswordForm.class.php",
    ),
    (
        "admin-new-password",
        "email_sendNewPassword",
        "wcf.acp.user.sendNewPassword.mail.subject",
        "notice",
        None,
        "system/worker/SendNewPasswordWorker.class.php",
    ),
    (
        "account-approved",
        "email_adminActivation",
        "wcf.acp.user.activation.mail.subject",
        "notice",
        None,
        "data/user/UserAction.class.php",
    ),
]

BASE_TIME = 1796562000  # 2026-12-06 13:00:00 UTC


def render_all(mirrors: Path) -> list[tuple[dict, bytes]]:
    items_by_lang = {code: language_items(mirrors, code) for code in ("en", "de")}
    results = []
    for t_index, (group, template, subject_item, kind, code_kind, sender) in enumerate(TEMPLATES):
        for v_index, (lang, informal, suffix, user_base) in enumerate(VARIANTS):
            items = items_by_lang[lang]
            engine = Engine(items, mirrors, lang, informal)
            now = BASE_TIME + t_index * 7 * 86400 + v_index * 3 * 3600 + 17 * 60 + 5 * v_index
            user = dict(user_base)
            user["emailConfirmed"] = REGISTER_CODES[v_index]
            user["reactivationCode"] = REACTIVATION_CODES[v_index]
            user["lostPasswordKey"] = LOST_KEYS[v_index]
            user["lastLostPasswordRequestTime"] = now
            ident = f"woltlab-{group}-{suffix}"
            digest = hashlib.sha256(ident.encode()).hexdigest()
            message_id = digest[:40]
            code = None
            if code_kind == "mfa":
                code = MFA_CODES[v_index]
                variables = {"code": int(code)}
                subject = engine.fetch_string(subject_item, dict(variables))
                content = engine.fetch_string(
                    "wcf.user.security.multifactor.email.body.plain", dict(variables)
                )
                text = engine.fetch(
                    "email_plaintext", {"content": content, "mimeType": "text/plain"}
                )
                message_id = (
                    f"com.woltlab.wcf.multifactor.email/{user['userID']}/{now}/{digest[40:56]}"
                )
                paths = (
                    f"{LANG}{lang}.xml, {TPL}email_plaintext.tpl, wcfsetup/install/files/lib/"
                    f"{sender}, wcfsetup/install/files/lib/system/email/SimpleEmail.class.php"
                )
                rendered = (
                    "EmailMultifactorMethod::sendEmail(): subject and body.plain through "
                    "getDynamicVariable, SimpleEmail -> PlainTextMimePart (email_plaintext); "
                    "text part only (HTML part not reproduced)"
                )
            else:
                subject = engine.fetch_string(subject_item, {"user": user})
                text = engine.fetch(template, {"mimeType": "text/plain", "user": user})
                if code_kind == "register":
                    code = REGISTER_CODES[v_index]
                elif code_kind == "reactivation":
                    code = REACTIVATION_CODES[v_index]
                paths = (
                    f"{LANG}{lang}.xml, {TPL}{template}.tpl, {TPL}email_plaintext.tpl, "
                    f"wcfsetup/install/files/lib/{sender}"
                )
                rendered = (
                    f"Email with RecipientAwareTextMimePart('text/plain', '{template}') "
                    "via EmailTemplateEngine (lang prefilter, PHP newline rule); text part "
                    "only (HTML part not reproduced)"
                )
            text = re.sub(r"\[URL:(https?://[^\]\s]*)\]", r"<\1>", text)
            raw = build_email(subject, text, user, now, message_id)
            item = {
                "id": ident,
                "group": f"woltlab-{group}",
                "source": SOURCE,
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": REPO,
                "path": paths,
                "commit": WCF_COMMIT,
                "licence": LICENCE,
                "rendered": rendered + (", informal (du) variant" if informal else ""),
                "file": f"mail/{SOURCE}/{ident}.eml",
                "sha256": hashlib.sha256(raw).hexdigest(),
            }
            if code_kind == "register":
                item["note"] = (
                    "The mail gives the 40-hex emailConfirmed value as 'activation code' "
                    "(also inside the link); RegisterActivationForm takes it typed in its "
                    "activationCode field."
                )
            elif code_kind is None and group in ("lost-password", "admin-new-password"):
                item["note"] = "The 40-hex lostPasswordKey is only inside the link."
            results.append((item, raw))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    items = []
    for item, raw in render_all(args.mirrors):
        path = HERE / item["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
