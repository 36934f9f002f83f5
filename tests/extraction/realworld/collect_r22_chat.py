"""Round twenty-two, communication and community software: IRC services and an IRC server
(NickServ / AuthServ registration, e-mail change and password-reset mails whose code is typed
on IRC, and a services-generated password), a Matrix homeserver and a Matrix identity server
(validation links and notices), a newsletter / mailing-list manager (opt-in, password reset and
campaign notices) and two Q&A sites (confirmation and reset codes, welcome and answer notices)
— in the languages they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r22_chat.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. The
Synapse mails need jinja2: ``pip install --target /tmp/r22chat-site jinja2==3.1.6`` (the
folder is put on ``sys.path`` when jinja2 is not importable; ``--site`` changes it).

- anope/anope (GPL-2.0-only), IRC services: ``data/anope.example.conf`` ``mail { }`` block
  holds the subjects and bodies (``registration_*``, ``reset_*``, ``emailchange_*``,
  ``memo_*``). They are read the way ``src/config.cpp`` reads a quoted value (a quote may span
  lines; leading white space of each continued line is stripped; ``\\"`` is a quote; each line
  end is a newline) and filled by ``Anope::Template`` (``src/misc.cpp``: ``{name}`` replaced,
  unknown names dropped) with the variables of ``modules/nickserv/ns_register.cpp``,
  ``ns_resetpass.cpp``, ``ns_email.cpp`` and ``modules/memoserv/memoserv.cpp``.
  ``src/mail.cpp`` writes each body line and a last empty line as text/plain UTF-8. The codes
  are ``Anope::Random(codelength)``: 15 characters of ``[a-zA-Z0-9]`` (``codelength = 15`` in
  the example configuration). The ``Language::Translate`` the sender applies finds no
  translation of these configuration strings in ``language/*.po``: English only.
- atheme/atheme (ISC), IRC services: the mail files ``email/default/<type>`` and their French
  versions ``email/fr/<type>`` (register, setemail, setpass, sendpass, memo). ``sendemail()`` in
  ``libathemecore/email.c`` reads the file line by line (``strip()``), replaces the ``&…&``
  tokens (from, to, replyto, date, accountname, netname, param, sourceinfo, nicksvs,
  entityname) and pipes the result, its own header lines included, to the MTA; From and
  Subject are taken from those lines here (Reply-To and Date are as the helper writes them).
  Params: ``register`` a ``random_string(16)`` key, ``setpass`` a ``random_string(16)`` key,
  ``sendpass`` a new ``random_string(16)`` password (``atheme_random_str``: letters and
  digits), ``setemail`` ``makekey()``, nine digits; ``memo`` the memo text.
- ergochat/ergo (MIT), IRC server with built-in NickServ: ``irc/accounts.go``
  ``dispatchMailtoCallback`` (registration), ``NsSendpass`` (password reset) and the e-mail
  change mail, composed by ``irc/email/email.go`` ``ComposeMail`` as text without MIME
  headers; ``client.t()`` looks strings up in ``languages/<lang>-irc.lang.json`` (English when
  a string has no translation). Codes are ``utils.GenerateSecretToken``: 16 random bytes in
  base32 over ``abcdefghijkmnpqrstuvwxyz23456789``, 26 characters. French and Romanian
  translate the whole registration mail; Chinese and Spanish all but the instruction line
  (sent in English, as the catalogue leaves it).
- kamax-matrix/mxisd (AGPL-3.0-only), Matrix identity server: the built-in templates
  ``src/main/resources/threepids/email/*.eml`` (each a whole MIME message) filled by
  ``PlaceholderNotificationGenerator`` (plain ``%NAME%`` replacement; ``%%`` in the CSS stays as
  it is) and parsed back into a message by ``EmailSmtpConnector`` (JavaMail); its text/plain
  and text/html parts are kept. The validation mail gives only a link (its six-digit token is
  inside the link).
- element-hq/synapse (AGPL-3.0-only), Matrix homeserver: ``synapse/push/mailer.py``
  ``send_password_reset_mail``, ``send_registration_mail``, ``send_add_threepid_mail`` and
  ``send_already_in_use_mail`` render ``synapse/res/templates/<name>.html`` and ``.txt`` with
  jinja2 as ``synapse/config/_base.py`` sets it up (``select_autoescape()``), subjects from
  ``DEFAULT_SUBJECTS`` in ``synapse/config/emailconfig.py``; text and HTML alternatives.
- knadh/listmonk (AGPL-3.0-only), newsletter and mailing-list manager: the system mails
  ``static/email-templates/{subscriber-optin,forgot-password,campaign-status}.html`` with
  ``base.html``, Go ``html/template`` executed by a small renderer written for exactly these
  templates (``define``/``template``/``if``/``range``/``eq``/``ne``/``index`` and
  ``L.T``/``L.Ts``; values HTML-escaped with html/template's table, URLs in ``href``
  normalised then escaped; ``LogoURL`` empty as in ``schema.sql``), strings from
  ``i18n/<lang>.json`` (``getSingular``: the part before ``|``); one text/html part, as
  ``internal/notifs`` and ``cmd/auth.go`` send it. Subjects: ``subscribers.optinSubject``,
  ``email.forgotPassword.subject``, and ``"<Status>: <campaign>"`` of
  ``internal/manager/manager.go`` ``sendNotif``. Languages: those whose catalogue translates
  every string of the mail.
- evilnet/x3 (GPL-3.0-or-later), IRC services (AuthServ): ``nickserv_make_cookie`` in
  ``src/nickserv.c`` fills the ``NSEMAIL_*`` format of the account's language (the built-in
  English table, or ``languages/de/strings.db``, a recdb file in ISO-8859-1) with
  ``snprintf`` (positional ``%N$s``); ``mail_send`` in ``src/mail-sendmail.c`` writes the
  body prefix, the body and the body suffix of ``x3.conf.example``'s ``mail`` block through
  ``send_flowed_text`` (format=flowed wrapping at 72/80 columns, space-stuffing). The cookie
  is ``genpass(cookie, 10)``: ten letters and digits. Mails: activation, password change,
  e-mail verification, allow-auth.
- GameSurge/srvx (GPL-2.0-or-later), IRC services, X3's ancestor: the same path through its
  own ``src/nickserv.c`` strings and ``src/mail-sendmail.c``, with a mail block that sets no
  body prefix or suffix. The cookie is two ``inttobase64(…, rand(), 5)`` halves over the P10
  alphabet ``A-Za-z0-9[]`` (``src/tools.c``). An e-mail change sends each address half of
  the cookie (``%2$.*6$s``); each mail is labelled with the half it gives.
- Erudika/scoold (Apache-2.0), Q&A site: ``ScooldUtils.sendWelcomeEmail`` and
  ``sendPasswordResetEmail`` build the body from ``lang_<lang>.properties`` strings (read as
  ``java.util.Properties`` does) through para's ``Utils.formatMessage`` (quotes doubled, then
  ``MessageFormat``) into ``src/main/resources/emails/notify.html``, compiled by para's
  ``Utils.compileMustache`` (JMustache, ``escapeHTML(false)``; a section tag alone on its
  line takes the line); text/html only, as ``ScooldEmailer`` sends it.
- q2a/question2answer (GPL-2.0-or-later), Q&A site: ``qa-include/lang/qa-lang-emails.php``
  strings filled with ``strtr`` by ``qa_send_notification`` after ``to_handle_prefix`` and
  sent by ``qa_send_email`` (PHPMailer) as text/plain; the welcome mail
  (``qa_create_new_user``), the e-mail confirmation and password reset mails
  (``qa_send_new_confirm``, ``qa_start_reset_user``; the code is
  ``qa_random_alphanum(8)``, lower-case letters and digits) and an answer notification.
  Links in the site's neat URL format. English only (the core ships no other language).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import email
import hashlib
import html
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from email import policy
from pathlib import Path

from collect import HERE, message

ANOPE = ("anope/anope", "c4c159d19701f3cff742a2b7f5460d86daf60709", "GPL-2.0-only")
ATHEME = ("atheme/atheme", "88de242f4755394746444c7bd28da15127d976d2", "ISC")
ERGO = ("ergochat/ergo", "923b0ddbb2fec5299a61518e6554f1906e1a5cd1", "MIT")
MXISD = ("kamax-matrix/mxisd", "c4fdcc7fb013f3013b84b8f16cff5a0213dda354", "AGPL-3.0-only")
SYNAPSE = ("element-hq/synapse", "a58ad44eb0ce3cc14153f921206f322e17339dc5", "AGPL-3.0-only")
X3 = ("evilnet/x3", "5d7fadbf3e621df5e45be1db50849bf23bad418f", "GPL-3.0-or-later")
SCOOLD = ("Erudika/scoold", "fbbc53307d3cbdc8a89ed856cdc4a884c56fdbf2", "Apache-2.0")
Q2A = ("q2a/question2answer", "2c945eab1a4383f7732f6b0d17919d45b1204489", "GPL-2.0-or-later")
SRVX = ("GameSurge/srvx", "5edeea5ccaf9079f166a821d758c5944fe9f62a1", "GPL-2.0-or-later")
LISTMONK = ("knadh/listmonk", "911e0b774abad4fbf7b534be43a34a80fb6ace5b", "AGPL-3.0-only")

ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
ERGO_B32 = "abcdefghijkmnpqrstuvwxyz23456789"

MIRRORS = Path("/work/.mirror")
ITEMS: list[dict] = []


def git_show_bytes(repo: tuple[str, str, str], path: str) -> bytes:
    owner_name, commit, _ = repo
    git_dir = MIRRORS / owner_name.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def git_show(repo: tuple[str, str, str], path: str) -> str:
    return git_show_bytes(repo, path).decode("utf-8")


def git_ls(repo: tuple[str, str, str], path: str) -> list[str]:
    owner_name, commit, _ = repo
    git_dir = MIRRORS / owner_name.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "--name-only", commit, path],
        capture_output=True, text=True, check=True,
    ).stdout.split("\n")[:-1]  # fmt: skip


def token(seed: str, alphabet: str, length: int) -> str:
    """A fixed random-looking string of the sender's alphabet and length."""
    digest = hashlib.sha256(seed.encode()).digest() + hashlib.sha256(b"+" + seed.encode()).digest()
    return "".join(alphabet[b % len(alphabet)] for b in digest[:length])


def nine_digits(seed: str) -> str:
    return str(100000000 + int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 900000000)


def sent(n: int) -> datetime:
    return datetime(2026, 12, 4, 8 + n // 60, n % 60, 17, tzinfo=UTC)


def add(
    repo: tuple[str, str, str], *, source: str, name: str, lang: str, kind: str,
    code: str | None, paths: list[str], rendered: str, raw: bytes, note: str | None = None,
) -> None:  # fmt: skip
    item_id = f"{source}-{name}-{lang}"
    file = f"mail/{source}/{item_id}.eml"
    out = HERE / file
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": item_id,
        "group": f"{source}-{name}",
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repo[0],
        "path": ", ".join(paths),
        "commit": repo[1],
        "licence": repo[2],
        "rendered": rendered,
        "file": file,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# Anope


def anope_conf_value(conf: str, key: str) -> str:
    """A quoted value of ``anope.example.conf`` as ``src/config.cpp`` reads it."""
    lines = conf.split("\n")
    start = next(
        i for i, line in enumerate(lines) if re.match(rf"\s*{key}\s*=\s*\"", line)
    )  # fmt: skip
    buf = ""
    for n, line in enumerate(lines[start:]):
        if n == 0:
            c = line.index('"') + 1
        else:
            if line == "":
                buf += "\n"
                continue
            c = 0
            while c < len(line) and line[c].isspace():
                c += 1
        while c < len(line):
            ch = line[c]
            if ch == "\\" and c + 1 < len(line) and line[c + 1] == '"':
                buf += '"'
                c += 2
                continue
            if ch == '"':
                return buf
            buf += ch
            c += 1
        buf += "\n"
    raise ValueError(key)


def anope_template(text: str, variables: dict[str, str]) -> str:
    """``Anope::Template``: ``{name}`` replaced, unknown names dropped, ``{{`` is ``{``."""
    out = ""
    idx = 0
    while idx < len(text):
        if text[idx] != "{":
            out += text[idx]
            idx += 1
            continue
        end = text.find("}", idx + 1)
        if end == -1:
            break  # the C++ loop finds no closing brace and drops the rest
        if end - idx == 1:
            out += "{"
        else:
            out += variables.get(text[idx + 1 : end], "")
        idx = end + 1
    return out


def anope() -> None:
    conf = git_show(ANOPE, "data/anope.example.conf")
    network = "LocalNet"  # networkinfo.networkname of the example configuration
    mails = [
        ("registration", "saas-otp", {"nick": "noor", "network": network},
         "modules/nickserv/ns_register.cpp"),
        ("reset", "saas-otp", {"nick": "noor", "network": network},
         "modules/nickserv/ns_resetpass.cpp"),
        ("emailchange", "saas-otp", {"old_email": "noor@example.com",
         "new_email": "noor.tester@example.com", "account": "noor", "network": network},
         "modules/nickserv/ns_email.cpp"),
        ("memo", "notice", {"receiver": "noor", "sender": "mira", "number": "3",
         "text": "Can you take the #helpdesk channel on Saturday morning? Thanks!",
         "network": network}, "modules/memoserv/memoserv.cpp"),
    ]  # fmt: skip
    for n, (name, kind, variables, module) in enumerate(mails):
        code = None if name == "memo" else token(f"anope-{name}", ALNUM, 15)
        if code:
            variables = {**variables, "code": code}
        subject = anope_template(anope_conf_value(conf, f"{name}_subject"), variables)
        body = anope_template(anope_conf_value(conf, f"{name}_message"), variables)
        text = "".join(line + "\n" for line in body.split("\n")) + "\n"
        raw = message(sender="services@example.com", subject=subject, text=text,
                      html_part=None, sent=sent(n))  # fmt: skip
        add(ANOPE, source="anope", name=name, lang="en", kind=kind, code=code,
            paths=["data/anope.example.conf", "src/config.cpp", "src/misc.cpp",
                   "src/mail.cpp", module],
            rendered="mail block of the example configuration read as src/config.cpp reads "
                     "quoted values, filled by Anope::Template; text/plain as src/mail.cpp "
                     "writes it",
            raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Atheme


def atheme() -> None:
    netname = "ExampleNet"
    register_email = "services@irc.example.net"
    adminemail = "admin@irc.example.net"
    account = "noor"
    mails = [
        ("register", "saas-otp", lambda s: token(s, ALNUM[26:52] + ALNUM[:26] + ALNUM[52:], 16),
         "modules/nickserv/register.c"),
        ("setemail", "saas-otp", nine_digits, "modules/nickserv/set_email.c"),
        ("setpass", "saas-otp", lambda s: token(s, ALNUM[26:52] + ALNUM[:26] + ALNUM[52:], 16),
         "modules/nickserv/sendpass.c"),
        ("sendpass", "other", lambda s: token(s, ALNUM[26:52] + ALNUM[:26] + ALNUM[52:], 16),
         "modules/nickserv/sendpass.c"),
        ("memo", "notice", None, "modules/memoserv/send.c"),
    ]  # fmt: skip
    n = 10
    for folder, lang in (("default", "en"), ("fr", "fr")):
        for name, kind, make, module in mails:
            n += 1
            when = sent(n)
            code = make(f"atheme-{name}-{lang}") if make else None
            param = code or (
                "Salut ! Tu peux passer sur #aide samedi matin ?"
                if lang == "fr"
                else "Hi! Could you drop by #help on Saturday morning?"
            )
            replacements = {
                "&from&": f'"{netname} Network Services" <{register_email}>',
                "&to&": f'"{account}" <noor.tester@example.com>',
                "&replyto&": adminemail,
                "&date&": when.strftime("%a, %d %b %Y %H:%M:%S %z"),
                "&accountname&": account,
                "&urlaccountname&": account,
                "&entityname&": "mira" if name == "memo" else account,
                "&netname&": netname,
                "&param&": param,
                "&sourceinfo&": "noor[~noor@user/noor]",
                "&nicksvs&": "NickServ",
                "&memosvs&": "MemoServ",
                "&chansvs&": "ChanServ",
            }
            out_lines = []
            for line in git_show(ATHEME, f"email/{folder}/{name}").split("\n")[:-1]:
                line = line.split("\r")[0].split("\1")[0]
                for key, value in replacements.items():
                    line = line.replace(key, value)
                out_lines.append(line)
            blank = out_lines.index("")
            headers = dict(line.split(": ", 1) for line in out_lines[:blank])
            text = "".join(line + "\n" for line in out_lines[blank + 1 :])
            raw = message(sender=headers["From"], subject=headers["Subject"], text=text,
                          html_part=None, sent=when)  # fmt: skip
            note = None
            if name == "sendpass":
                note = "a new services-generated password the reader types to identify"
            add(ATHEME, source="atheme", name=name, lang=lang, kind=kind, code=code,
                paths=[f"email/{folder}/{name}", "libathemecore/email.c", module],
                rendered="mail file of email/<lang>/ with its &token& placeholders replaced "
                         "line by line as sendemail() does; From and Subject from its header "
                         "lines, the rest as text/plain",
                raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ergo


def go_sprintf(fmt: str, *args: str) -> str:
    """Go's fmt for the verbs these strings use: ``%s`` and ``%[n]s``."""
    counter = iter(args)

    def repl(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return next(counter)

    return re.sub(r"%%|%(?:\[(\d+)\])?s", repl, fmt)


def ergo() -> None:
    server = "irc.example.net"
    account = "noor"
    sender = "ergo@irc.example.net"
    catalogues = {"en": {}}
    for lang in ("fr-FR", "ro-RO", "zh-CN", "es-ES"):
        catalogues[lang] = json.loads(git_show(ERGO, f"languages/{lang}-irc.lang.json"))

    def tr(lang: str, s: str) -> str:
        return catalogues[lang].get(s) or s

    n = 30
    plan = [("en", "verify"), ("en", "resetpass"), ("en", "emailchange"),
            ("fr-FR", "verify"), ("ro-RO", "verify"), ("zh-CN", "verify"),
            ("es-ES", "verify")]  # fmt: skip
    for lang, name in plan:
        n += 1
        code = token(f"ergo-{name}-{lang}", ERGO_B32, 26)

        def t(s: str, lang: str = lang) -> str:
            return tr(lang, s)

        if name == "verify":
            subject = go_sprintf(t("Verify your account on %s"), server)
            body = (go_sprintf(t("Account: %s"), account) + "\r\n"
                    + go_sprintf(t("Verification code: %s"), code) + "\r\n\r\n"
                    + t("To verify your account, issue the following command:") + "\r\n"
                    + f"/MSG NickServ VERIFY {account} {code}\r\n")  # fmt: skip
            where = "dispatchMailtoCallback"
        elif name == "resetpass":
            subject = go_sprintf(t("Reset your password on %s"), server)
            body = (go_sprintf(t("We received a request to reset your password on %[1]s for "
                                 "account: %[2]s"), server, account) + "\r\n"
                    + t("If you did not initiate this request, you can safely ignore this "
                        "message.") + "\r\n\r\n"
                    + t("Otherwise, to reset your password, issue the following command "
                        "(replace `new_password` with your desired password):") + "\r\n"
                    + f"/MSG NickServ RESETPASS {account} {code} new_password\r\n")  # fmt: skip
            where = "NsSendpass"
        else:
            subject = go_sprintf(t("Verify your change of e-mail address on %s"), server)
            body = (go_sprintf(t("To confirm your change of e-mail address on %s, issue the "
                                 "following command:"), server) + "\r\n"
                    + f"/MSG NickServ VERIFYEMAIL {code}\r\n")  # fmt: skip
            where = "NsSetEmail"
        raw = message(sender=sender, subject=subject, text=body.replace("\r\n", "\n"),
                      html_part=None, sent=sent(n))  # fmt: skip
        note = None
        if lang in ("zh-CN", "es-ES"):
            note = "the catalogue leaves the instruction line untranslated: sent in English"
        paths = ["irc/accounts.go", "irc/email/email.go", "irc/utils/crypto.go"]
        if lang != "en":
            paths.append(f"languages/{lang}-irc.lang.json")
        add(ERGO, source="ergo", name=name, lang=lang, kind="saas-otp", code=code,
            paths=paths,
            rendered=f"{where} body with client.t() strings of the language catalogue and "
                     "Go fmt verbs filled; ComposeMail headers (no MIME headers), text/plain",
            raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# mxisd


def mxisd() -> None:
    domain = "example.org"
    common = {
        "%DOMAIN%": domain,
        "%DOMAIN_PRETTY%": domain.capitalize(),
        "%RECIPIENT_MEDIUM%": "email",
        "%RECIPIENT_ADDRESS%": "noor.tester@example.com",
    }
    validation_link = (
        "https://matrix.example.org/_matrix/identity/api/v1/validate/email/submitToken"
        "?sid=27&client_secret=hV3cKq9TzR2xWmPa&token=" + nine_digits("mxisd")[:6]
    )
    specific = {
        "validate-template": {"%VALIDATION_LINK%": validation_link,
                              "%VALIDATION_TOKEN%": nine_digits("mxisd")[:6],
                              "%NEXT_URL%": validation_link},
        "invite-template": {"%REGISTER_URL%": "https://app.element.io/#/register",
                            "%SENDER_NAME_OR_ID%": "Mira Okafor",
                            "%ROOM_NAME_OR_ID%": "Weekend Hikers"},
        "mxid-template": {"%SENDER_NAME_OR_ID%": "Mira Okafor",
                          "%ROOM_NAME_OR_ID%": "Weekend Hikers"},
        "unbind-fraudulent": {},
    }  # fmt: skip
    n = 50
    for name, values in specific.items():
        n += 1
        content = git_show(MXISD, f"src/main/resources/threepids/email/{name}.eml")
        for key, value in {**values, **common}.items():
            content = content.replace(key, value)
        parsed = email.message_from_string(content, policy=policy.default)
        text = html_part = None
        for part in parsed.walk():
            if part.get_content_type() == "text/plain":
                text = part.get_content()
            elif part.get_content_type() == "text/html":
                html_part = part.get_content()
        raw = message(sender="Example.org Identity <identity@example.org>",
                      subject=parsed["Subject"], text=text, html_part=html_part,
                      sent=sent(n))  # fmt: skip
        add(MXISD, source="mxisd", name=name.removesuffix("-template"), lang="en",
            kind="notice", code=None,
            paths=[f"src/main/resources/threepids/email/{name}.eml",
                   "src/main/java/io/kamax/mxisd/threepid/generator/"
                   "PlaceholderNotificationGenerator.java"],
            rendered="built-in .eml template with %PLACEHOLDERS% replaced, its text/plain and "
                     "text/html parts kept",
            raw=raw,
            note="the six-digit validation token is only inside the link"
            if name == "validate-template" else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Synapse


def synapse() -> None:
    import jinja2

    base = "synapse/res/templates/"
    templates = {
        name: git_show(SYNAPSE, base + name)
        for name in git_ls(SYNAPSE, base)
        for name in [name.removeprefix(base)]
    }
    env = jinja2.Environment(
        loader=jinja2.DictLoader(templates), autoescape=jinja2.select_autoescape()
    )
    server_name = "example.org"
    public = "https://matrix.example.org/"
    subjects = {
        "password_reset": "[%(server_name)s] Password reset",
        "registration": "[%(server_name)s] Validate your email",
        "add_threepid": "[%(server_name)s] Validate your email",
        "already_in_use": "[%(server_name)s] Email already in use",
    }
    paths = {
        "password_reset": "_synapse/client/password_reset/email/submit_token",
        "registration": "_matrix/client/unstable/registration/email/submit_token",
        "add_threepid": "_matrix/client/unstable/add_threepid/email/submit_token",
    }
    n = 60
    for name, subject in subjects.items():
        n += 1
        variables = {"app_name": "Matrix", "server_name": server_name}
        if name in paths:
            tok = token(f"synapse-{name}", ALNUM[26:52] + ALNUM[:26], 32)
            variables["link"] = (
                f"{public}{paths[name]}?token={tok}&client_secret=Xr4vKp2nQ8wT"
                f"&sid={token(f'synapse-sid-{name}', ALNUM[26:52] + ALNUM[:26], 16)}"
            )
        text = env.get_template(f"{name}.txt").render(**variables)
        html_text = env.get_template(f"{name}.html").render(**variables)
        raw = message(sender="Your Friendly Matrix homeserver <noreply@example.org>",
                      subject=subject % {"server_name": server_name, "app": "Matrix"},
                      text=text, html_part=html_text, sent=sent(n))  # fmt: skip
        add(SYNAPSE, source="synapse", name=name, lang="en", kind="notice", code=None,
            paths=[base + f"{name}.html", base + f"{name}.txt", base + "_base.html",
                   base + "style.css", "synapse/push/mailer.py",
                   "synapse/config/emailconfig.py", "synapse/config/_base.py"],
            rendered="jinja2 with select_autoescape() over the template folder, text and "
                     "HTML alternatives, default subject",
            raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# listmonk: a small executor of Go html/template for the system-mail templates


def go_html_escape(value: str) -> str:
    """html/template's htmlEscaper / attrEscaper replacement table."""
    table = {"\0": "\ufffd", '"': "&#34;", "&": "&amp;", "'": "&#39;", "+": "&#43;",
             "<": "&lt;", ">": "&gt;"}  # fmt: skip
    return "".join(table.get(ch, ch) for ch in value)


def go_url_normalize(value: str) -> str:
    """html/template's urlNormalizer: bytes outside the URL alphabet percent-encoded."""
    keep = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
               "-._~!#$&*+,/:;=?@[]%'()")  # fmt: skip
    return "".join(ch if ch in keep else "".join(f"%{b:02X}" for b in ch.encode()) for ch in value)


def go_parse(src: str) -> tuple[list, dict[str, list]]:
    """Text and actions of a template file into a tree; ``define`` blocks collected."""
    parts = re.split(r"(\{\{.*?\}\})", src, flags=re.S)
    defines: dict[str, list] = {}
    pos = 0
    tokens = []
    for part in parts:
        if part.startswith("{{") and part.endswith("}}"):
            before = src[:pos]
            if re.search(r'<[a-zA-Z][^<>]*\b(?:href|src)="[^"]*$', before):
                context = "url"
            elif re.search(r'<[a-zA-Z][^<>]*="[^"]*$', before):
                context = "attr"
            else:
                context = "text"
            tokens.append(("action", part[2:-2].strip(), context))
        elif part:
            tokens.append(("text", part, None))
        pos += len(part)
    tokens.reverse()

    def block() -> tuple[list, str]:
        nodes: list = []
        while tokens:
            kind, value, context = tokens.pop()
            if kind == "text":
                nodes.append(("text", value))
                continue
            word = value.split(None, 1)[0]
            if word in ("end", "else"):
                return nodes, word
            if word == "define":
                body, _ = block()
                defines[value.split('"')[1]] = body
            elif word == "if":
                then, stop = block()
                other = block()[0] if stop == "else" else []
                nodes.append(("if", value[2:].strip(), then, other))
            elif word == "range":
                body, _ = block()
                nodes.append(("range", value.split(":=", 1)[1].strip(), body))
            elif word == "template":
                nodes.append(("template", value.split('"')[1]))
            else:
                nodes.append(("action", value, context))
        return nodes, ""

    return block()[0], defines


def go_execute(defines: dict[str, list], name: str, dot: object, funcs: dict) -> str:
    def arg_tokens(expr: str) -> list[str]:
        return re.findall(r'"[^"]*"|\(|\)|[^\s()]+', expr)

    def value(toks: list[str], cur: object) -> object:
        tok = toks.pop(0)
        if tok == "(":
            inner = []
            depth = 1
            while True:
                t = toks.pop(0)
                depth += (t == "(") - (t == ")")
                if depth == 0:
                    break
                inner.append(t)
            return command(inner, cur)
        if tok.startswith('"'):
            return tok[1:-1]
        if tok == ".":
            return cur
        if tok.startswith("."):
            obj = cur
            for field in tok[1:].split("."):
                obj = obj[field] if isinstance(obj, dict) else getattr(obj, field)
                obj = obj() if callable(obj) else obj
            return obj
        return funcs[tok]()  # a niladic template function (LogoURL, RootURL)

    def command(toks: list[str], cur: object) -> object:
        head = toks[0]
        if head in ("eq", "ne", "index") or head.startswith("L."):
            rest = toks[1:]
            args = []
            while rest:
                args.append(value(rest, cur))
            if head == "eq":
                return args[0] == args[1]
            if head == "ne":
                return args[0] != args[1]
            if head == "index":
                return args[0][args[1]]
            return funcs[head](*args)
        return value(list(toks), cur)

    def run(nodes: list, cur: object) -> str:
        out = ""
        for node in nodes:
            if node[0] == "text":
                out += node[1]
            elif node[0] == "template":
                out += run(defines[node[1]], cur)
            elif node[0] == "if":
                out += run(node[2] if command(arg_tokens(node[1]), cur) else node[3], cur)
            elif node[0] == "range":
                for element in command(arg_tokens(node[1]), cur):
                    out += run(node[2], element)
            else:
                result = command(arg_tokens(node[1]), cur)
                result = str(result)
                if node[2] == "url":
                    result = go_url_normalize(result)
                out += go_html_escape(result)
        return out

    return run(defines[name], dot)


class ListmonkSubscriber:
    def __init__(self, name: str) -> None:
        self.Name = name

    def FirstName(self) -> str:  # the Go method's name
        """``models.Subscriber.FirstName``: the first word longer than two characters."""
        for word in self.Name.split(" "):
            if len(word) > 2:
                return word
        return self.Name


def listmonk() -> None:
    base = "static/email-templates/"
    defines: dict[str, list] = {}
    for name in ("base", "subscriber-optin", "forgot-password", "campaign-status"):
        defines.update(go_parse(git_show(LISTMONK, f"{base}{name}.html"))[1])
    en = json.loads(git_show(LISTMONK, "i18n/en.json"))
    root = "https://lists.example.com"
    sender = "Example Newsletter <noreply@lists.example.com>"
    sub_uuid = "5c1f4a9e-8d3b-4f62-9a07-2e6b1d93c4f8"
    lists = [
        {"Type": "public", "Name": "Weekend Hikers Digest", "UUID": "a3d9e1c2-6b4f-4e8a-b7d5-0f2c9e81a6b3"},
        {"Type": "private", "Name": "Trip leaders", "UUID": "e7b2c4d1-9a3f-4c5e-8d6b-1a0f3e2d7c94"},
    ]  # fmt: skip
    plan = {
        "subscriber-optin": [
            "en",
            "de",
            "fr",
            "es",
            "ja",
            "ru",
            "pt-BR",
            "it",
            "ko",
            "uk",
            "zh-CN",
        ],
        "forgot-password": ["en", "de", "fr", "es", "ja", "ru", "pt-BR"],
        "campaign-status": ["en", "fr", "es", "ja", "ru"],
    }
    n = 70
    for name, langs in plan.items():
        for lang in langs:
            n += 1
            strings = {**en, **json.loads(git_show(LISTMONK, f"i18n/{lang}.json"))}

            def singular(key: str, strings: dict[str, str] = strings) -> str:
                s = strings.get(key, key)
                return s.split("|")[0].strip() if "|" in s else s

            funcs = {"L.T": singular, "L.Ts": singular, "LogoURL": lambda: "",
                     "RootURL": lambda: root}  # fmt: skip
            if name == "subscriber-optin":
                query = "&".join(f"l={item['UUID']}" for item in lists)
                dot: object = {
                    "Subscriber": ListmonkSubscriber("Noor Tester"),
                    "Lists": lists,
                    "OptinURL": f"{root}/subscription/optin/{sub_uuid}?{query}",
                    "UnsubURL": f"{root}/subscription/00000000-0000-0000-0000-000000000000/"
                                f"{sub_uuid}",
                }  # fmt: skip
                subject = singular("subscribers.optinSubject")
                where = "cmd/subscribers.go"
            elif name == "forgot-password":
                tok = token(f"listmonk-reset-{lang}", ALNUM, 32)
                dot = {"ResetURL": f"{root}/admin/reset?token={tok}"
                                   "&email=noor.tester%40example.com"}  # fmt: skip
                subject = singular("email.forgotPassword.subject")
                where = "cmd/auth.go"
            else:
                dot = {"ID": 42, "Name": "December newsletter", "Status": "finished",
                       "Sent": 1873, "ToSend": 1873, "Reason": ""}  # fmt: skip
                subject = "Finished: December newsletter"
                where = "internal/manager/manager.go"
            body = go_execute(defines, name, dot, funcs)
            raw = message(sender=sender, subject=subject, text=None, html_part=body,
                          sent=sent(n))  # fmt: skip
            paths = [f"{base}{name}.html", f"{base}base.html", "i18n/en.json",
                     "internal/notifs/notifs.go", where]  # fmt: skip
            if lang != "en":
                paths.insert(3, f"i18n/{lang}.json")
            add(LISTMONK, source="listmonk", name=name, lang=lang, kind="notice", code=None,
                paths=paths,
                rendered="Go html/template executed by a small renderer (define/template/if/"
                         "range, L.T/L.Ts, html/template escaping), text/html only",
                raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# X3


def x3_flowed(para: str) -> str:
    """``send_flowed_text`` of ``src/mail-sendmail.c`` (RFC 2646 wrapping)."""
    out = ""
    eol = para.find("\n")
    while para:
        if para[0] in " >" or para.startswith("From "):
            out += " "
            shift = 1
        else:
            shift = 0
        if eol == -1 and len(para) < 80 - shift:
            out += para + "\n"
            break
        if eol != -1 and eol < 80 - shift:
            out += para[:eol] + "\n"
            para = para[eol + 1 :]
        else:
            pos = 72 - shift
            while pos and para[pos] != " ":
                pos -= 1
            if pos == 0:
                pos = len(re.match(r"[^ \n]*", para).group(0))
            out += para[: pos + 1] + "\n"
            para = para[pos + 1 :]
        eol = para.find("\n")
    return out


def x3_printf(fmt: str, *args: str | int) -> str:
    """C printf for ``%s``, positional ``%N$s`` and ``%N$.*M$s`` (precision from an
    argument)."""
    counter = iter(args)

    def repl(m: re.Match[str]) -> str:
        value = str(args[int(m.group(1)) - 1]) if m.group(1) else str(next(counter))
        if m.group(2):
            value = value[: int(args[int(m.group(2)) - 1])]
        return value

    return re.sub(r"%(?:(\d+)\$)?(?:\.\*(\d+)\$)?s", repl, fmt)


def x3_unescape(value: str) -> str:
    """A quoted string of a recdb file (``src/recdb.c``)."""
    table = {"a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
             "\\": "\\", '"': '"'}  # fmt: skip
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), "\\" + m.group(1)), value)


def x3() -> None:
    source = git_show(X3, "src/nickserv.c")
    english = {}
    for key in ("ACTIVATION", "PASSWORD_CHANGE", "EMAIL_VERIFY", "ALLOWAUTH"):
        for part in ("SUBJECT", "BODY"):
            name = f"NSEMAIL_{key}_{part}"
            m = re.search(r'\{ "' + name + r'",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}', source)
            pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
            english[name] = x3_unescape("".join(pieces))
    german = {}
    db = git_show_bytes(X3, "languages/de/strings.db").decode("latin-1")
    for key, value in re.findall(r'^"(NSEMAIL_\w+)" "((?:[^"\\]|\\.)*)";', db, flags=re.M):
        german[key] = x3_unescape(value)
    conf = git_show(X3, "x3.conf.example")

    def conf_list(key: str) -> list[str]:
        m = re.search(r'"' + key + r'"\s*\((.*?)\);', conf)
        return [x3_unescape(v) for v in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))]

    from_address = re.search(r'"from_address" "([^"]+)"', conf).group(1)
    netname = re.search(r'"network" "([^"]+)"', conf).group(1)
    server = re.search(r'"hostname" "([^"]+)"', conf).group(1)
    nick = "AuthServ"  # the nickserv block's "nick" of x3.conf.example
    plan = [("ACTIVATION", 1), ("PASSWORD_CHANGE", 0), ("EMAIL_VERIFY", 1), ("ALLOWAUTH", 0)]
    n = 100
    for lang, table in (("en", english), ("de", german)):
        for key, first_time in plan:
            n += 1
            cookie = token(f"x3-{key}-{lang}", ALNUM, 10)
            subject = x3_printf(table[f"NSEMAIL_{key}_SUBJECT"], netname)
            body = x3_printf(table[f"NSEMAIL_{key}_BODY"], netname, cookie, nick, server, "noor")
            text = ""
            prefix = conf_list("body_prefix_first" if first_time else "body_prefix")
            for entry in prefix:
                text += x3_flowed(entry)
            text += "\n" + x3_flowed(body) + "\n"
            for entry in conf_list("body_suffix_first" if first_time else "body_suffix"):
                text += x3_flowed(entry)
            raw = message(sender=f"{nick} <{from_address}>", subject=subject, text=text,
                          html_part=None, sent=sent(n))  # fmt: skip
            paths = ["src/nickserv.c", "src/mail-sendmail.c", "src/recdb.c", "x3.conf.example"]
            if lang == "de":
                paths.insert(1, "languages/de/strings.db")
            add(X3, source="x3", name=key.lower().replace("_", "-"), lang=lang,
                kind="saas-otp", code=cookie, paths=paths,
                rendered="NSEMAIL_* format of the language filled by nickserv_make_cookie, "
                         "wrapped by send_flowed_text between the example configuration's "
                         "body prefix and suffix; text/plain",
                raw=raw,
                note="strings.db is ISO-8859-1; shown decoded (the sender writes its bytes "
                     "under charset us-ascii unless mail/charset is set)"
                if lang == "de" else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# srvx


def srvx() -> None:
    source = git_show(SRVX, "src/nickserv.c")
    table = {}
    for name in re.findall(r'\{ "(NSEMAIL_\w+)"', source):
        m = re.search(r'\{ "' + name + r'",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}', source)
        table[name] = x3_unescape("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))))
    p10 = ALNUM[26:52] + ALNUM[:26] + ALNUM[52:] + "[]"  # convert2y of src/tools.c
    netname = "ExampleNet"
    server = "services.example.net"
    nick = "NickServ"
    plan = [
        ("activation", "ACTIVATION_SUBJECT", "ACTIVATION_BODY", "all"),
        ("password-change", "PASSWORD_CHANGE_SUBJECT", "PASSWORD_CHANGE_BODY", "all"),
        ("email-change-new", "EMAIL_CHANGE_SUBJECT", "EMAIL_CHANGE_BODY_NEW", "second"),
        ("email-change-old", "EMAIL_CHANGE_SUBJECT", "EMAIL_CHANGE_BODY_OLD", "first"),
        ("allowauth", "ALLOWAUTH_SUBJECT", "ALLOWAUTH_BODY", "all"),
    ]
    n = 160
    for name, subject_key, body_key, half in plan:
        n += 1
        # two inttobase64(…, rand(), 5) halves: 31 random bits, the low 30 in 5 characters
        cookie = token(f"srvx-{name}", p10, 10)
        shown = {"all": cookie, "first": cookie, "second": cookie[5:]}[half]
        subject = x3_printf(table[f"NSEMAIL_{subject_key}"], netname)
        body = x3_printf(table[f"NSEMAIL_{body_key}"], netname, shown, nick, server, "noor", 5,
                         "noor.new@example.com")  # fmt: skip
        code = {"all": cookie, "first": cookie[:5], "second": cookie[5:]}[half]
        raw = message(sender=f"{nick} <services@example.net>", subject=subject,
                      text=x3_flowed(body), html_part=None, sent=sent(n))  # fmt: skip
        add(SRVX, source="srvx", name=name, lang="en", kind="saas-otp", code=code,
            paths=["src/nickserv.c", "src/mail-sendmail.c", "src/tools.c"],
            rendered="NSEMAIL_* format filled by nickserv_make_cookie (snprintf), wrapped by "
                     "send_flowed_text; no body prefix or suffix configured; text/plain",
            raw=raw,
            note=None if half == "all" else
            f"the mail gives only the {half} half of the cookie; the other half goes to the "
            "other address and the reader types both together")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Scoold


def java_properties(text: str) -> dict[str, str]:
    """``java.util.Properties.load`` for the forms these files use (``key = value``,
    ``#`` comments, ``\\`` continuations, ``\\uXXXX`` and the usual escapes)."""
    out = {}
    logical = ""
    for line in text.split("\n"):
        line = line.rstrip("\r")
        stripped = line.lstrip(" \t\f")
        if not logical and (not stripped or stripped[0] in "#!"):
            continue
        logical += stripped
        trailing = len(logical) - len(logical.rstrip("\\"))
        if trailing % 2:
            logical = logical[:-1]
            continue
        m = re.match(r"((?:[^\\=: \t\f]|\\.)*)[ \t\f]*[=:]?[ \t\f]*(.*)", logical, re.S)
        key, value = m.group(1), m.group(2)
        logical = ""

        def unescape(s: str) -> str:
            return re.sub(
                r"\\(u[0-9a-fA-F]{4}|.)",
                lambda e: (
                    chr(int(e.group(1)[1:], 16))
                    if e.group(1)[0] == "u" and len(e.group(1)) == 5
                    else {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(e.group(1), e.group(1))
                ),
                s,
            )

        out[unescape(key)] = unescape(value)
    return out


def java_format_message(msg: str, *params: str) -> str:
    """para's ``Utils.formatMessage``: quotes doubled, then ``MessageFormat.format``."""
    msg = msg.replace("'", "''")
    out = ""
    i = 0
    while i < len(msg):
        ch = msg[i]
        if ch == "'" and msg[i + 1 : i + 2] == "'":
            out += "'"
            i += 2
            continue
        if ch == "{":
            end = msg.index("}", i)
            out += params[int(msg[i + 1 : end])]
            i = end + 1
            continue
        out += ch
        i += 1
    return out


def jmustache(template: str, context: dict[str, str]) -> str:
    """JMustache with ``escapeHTML(false)``, ``emptyStringIsFalse(true)``: ``{{name}}`` and
    ``{{#name}}…{{/name}}`` over strings; a section tag alone on its line takes the line."""
    template = re.sub(r"(?m)^[ \t]*(\{\{[#/]\w+\}\})[ \t]*\n", r"\1", template)

    def section(m: re.Match[str]) -> str:
        return m.group(2) if context.get(m.group(1)) else ""

    template = re.sub(r"\{\{#(\w+)\}\}(.*?)\{\{/\1\}\}", section, template, flags=re.S)
    return re.sub(r"\{\{(\w+)\}\}", lambda m: context.get(m.group(1), ""), template)


def scoold() -> None:
    english = java_properties(git_show(SCOOLD, "src/main/resources/lang_en.properties"))
    template = git_show(SCOOLD, "src/main/resources/emails/notify.html")
    app = "Trailhead Answers"
    server = "https://qa.example.com"
    footer = (
        f'<a href="{server}">{app}</a> &bull; <a href="https://scoold.com">Powered by Scoold</a>'
    )
    n = 130
    for name in ("welcome", "iforgot"):
        for lang in ("en", "de", "fr", "es", "ja"):
            n += 1
            strings = {**english}
            if lang != "en":
                strings.update(
                    java_properties(git_show(SCOOLD, f"src/main/resources/lang_{lang}.properties"))
                )
            sig = java_format_message(strings["notification.signature"] + "<br><br>", app)
            if name == "welcome":
                subject = java_format_message(strings["signin.welcome"], app)
                body1 = java_format_message(strings["signin.welcome.body1"] + "<br><br>", app)
                body2 = strings["signin.welcome.body2"] + "<br><br>"
                tok = base64_url(token(f"scoold-{lang}", ALNUM, 40))
                link = f"{server}/signin/register?id=2041339856017514496&token={tok}"
                body3 = (f'<b><a href="{link}">{strings["signin.welcome.verify"]}</a></b>'
                         f"<br><br>{sig}")  # fmt: skip
                heading = java_format_message(strings["signin.welcome.title"], "Noor Tester")
                body = body1 + body2 + body3
                where = "sendWelcomeEmail"
            else:
                subject = strings["iforgot.title"]
                url = (f"{server}/signin/iforgot?email=noor.tester@example.com&token="
                       f"{token(f'scoold-reset-{lang}', ALNUM, 40)}")  # fmt: skip
                body = (strings["notification.iforgot.body1"] + "<br><br>"
                        + java_format_message('<b><a href="{0}">'
                                              + strings["notification.iforgot.body2"]
                                              + "</a></b><br><br>", url)
                        + sig)  # fmt: skip
                heading = strings["hello"]
                where = "sendPasswordResetEmail"
            html_body = jmustache(template, {
                "subject": html.escape(subject), "logourl": f"{server}/images/logowhite.png",
                "heading": heading, "body": body, "footerhtml": footer})  # fmt: skip
            raw = message(sender=f"{app} <support@qa.example.com>", subject=subject,
                          text=None, html_part=html_body, sent=sent(n))  # fmt: skip
            paths = ["src/main/resources/emails/notify.html",
                     "src/main/resources/lang_en.properties",
                     "src/main/java/com/erudika/scoold/utils/ScooldUtils.java",
                     "src/main/java/com/erudika/scoold/ScooldConfig.java"]  # fmt: skip
            if lang != "en":
                paths.insert(2, f"src/main/resources/lang_{lang}.properties")
            add(SCOOLD, source="scoold", name=name, lang=lang, kind="notice", code=None,
                paths=paths,
                rendered=f"{where}: language strings through MessageFormat into the Mustache "
                         "mail (JMustache, HTML not escaped); text/html only",
                raw=raw)  # fmt: skip


def base64_url(value: str) -> str:
    """para's ``Utils.base64encURL`` of a token's bytes (URL-safe Base64, no padding)."""
    import base64

    return base64.urlsafe_b64encode(value.encode()).decode().rstrip("=")


# ---------------------------------------------------------------------------------------
# Question2Answer


def php_strtr(text: str, pairs: dict[str, str]) -> str:
    """PHP ``strtr`` with an array: longest keys first, one pass, no re-scanning."""
    keys = sorted(pairs, key=len, reverse=True)
    return re.sub("|".join(re.escape(k) for k in keys), lambda m: pairs[m.group(0)], text)


def q2a() -> None:
    source = git_show(Q2A, "qa-include/lang/qa-lang-emails.php")
    strings = {
        key: value.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        if quote == '"' else value
        for key, quote, value in re.findall(
            r"'(\w+)' => ([\"'])((?:(?!\2)[^\\]|\\.)*)\2", source)
    }  # fmt: skip
    site = "https://answers.example.com/"
    title = "Trail Answers"
    handle = "noor"
    common = {"^site_title": title, "^site_url": site, "^handle": handle,
              "^email": "noor.tester@example.com", "^open": "\n", "^close": "\n"}  # fmt: skip
    confirm_code = token("q2a-confirm", "abcdefghijklmnopqrstuvwxyz0123456789", 8)
    reset_code = token("q2a-reset", "abcdefghijklmnopqrstuvwxyz0123456789", 8)
    welcome_code = token("q2a-welcome", "abcdefghijklmnopqrstuvwxyz0123456789", 8)
    mails = [
        ("welcome", None, {
            "^password": "",
            "^url": site,
            "^custom": "",
            "^confirm": php_strtr(strings["welcome_confirm"], {
                "^url": f"{site}confirm?c={welcome_code}&u={handle}"}),
        }, "qa_create_new_user"),
        ("confirm", confirm_code, {
            "^url": f"{site}confirm?c={confirm_code}&u={handle}",
            "^code": confirm_code,
        }, "qa_send_new_confirm"),
        ("reset", reset_code, {
            "^code": reset_code,
            "^url": f"{site}reset?c={reset_code}&e=noor.tester%40example.com",
        }, "qa_start_reset_user"),
        ("q_answered", None, {
            "^a_handle": "mira",
            "^q_title": "Which trail to Lake Louise is open in December?",
            "^a_content": "The Lake Agnes trail is usually packed down by snowshoers; bring "
                          "microspikes and start before 9.",
            "^url": f"{site}1288/which-trail-to-lake-louise-is-open-in-december?show=1291"
                    "#a1291",
        }, "qa-include/plugins/qa-event-notify.php"),
    ]  # fmt: skip
    n = 150
    for name, code, subs, where in mails:
        n += 1
        subs = {**subs, **common}
        subject = php_strtr(strings[f"{name}_subject"], subs)
        body = strings["to_handle_prefix"].replace("^", handle) + php_strtr(
            strings[f"{name}_body"], subs
        )
        raw = message(sender=f"{title} <noreply@answers.example.com>", subject=subject,
                      text=body, html_part=None, sent=sent(n))  # fmt: skip
        add(
            Q2A,
            source="q2a",
            name=name.replace("_", "-"),
            lang="en",
            kind="saas-otp" if code else "notice",
            code=code,
            paths=[
                "qa-include/lang/qa-lang-emails.php",
                "qa-include/app/emails.php",
                "qa-include/app/users-edit.php" if where.startswith("qa_") else where,
            ],
            rendered=f"{where}: language string filled by strtr() after the to_handle_prefix, "
            "sent by qa_send_email as text/plain",
            raw=raw,
            note="the mail gives a link and the same code to enter" if code else None,
        )


# ---------------------------------------------------------------------------------------


def licences() -> None:
    files = {
        ANOPE: "docs/COPYING",
        ATHEME: "doc/LICENSE",
        ERGO: "LICENSE",
        MXISD: "LICENSE",
        SYNAPSE: "LICENSE-AGPL-3.0",
        LISTMONK: "LICENSE",
        X3: "COPYING",
        SCOOLD: "LICENSE",
        Q2A: "LICENSE",
        SRVX: "COPYING",
    }
    for repo, path in files.items():
        out = HERE / "LICENSES" / repo[0].replace("/", "+")
        out.write_text(git_show(repo, path), encoding="utf-8")


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    parser.add_argument("--site", default="/tmp/r22chat-site")
    args = parser.parse_args()
    MIRRORS = args.mirrors
    try:
        import jinja2  # noqa: F401
    except ImportError:
        sys.path.append(args.site)
    anope()
    atheme()
    ergo()
    mxisd()
    synapse()
    listmonk()
    x3()
    srvx()
    scoold()
    q2a()
    licences()
    out = HERE / "round22" / "chat.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n",
                   encoding="utf-8")  # fmt: skip


if __name__ == "__main__":
    main()
