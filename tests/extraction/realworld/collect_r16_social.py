"""Round sixteen, social networks and community software: passwords a person is given to type
at sign-in, and the same senders' notices without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_social.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- friendica/friendica (AGPL-3.0-or-later), commit ``FRIENDICA_COMMIT``: the federated social
  network's system mails — the lost-password request (``mod/lostpass.php``
  ``lostpass_post``, a link), the follow-up with the new password
  (``lostpass_generate_password``), and the three registration mails of
  ``src/Model/User.php`` (``sendRegisterOpenEmail``, ``sendRegisterPendingEmail``,
  ``createMinimal``), which carry the login password. Each string is looked up, as
  ``L10n::t`` does, in ``view/lang/<lang>/messages.po`` (read with babel; the English source
  ``view/lang/C``; an untranslated or fuzzy string stays English), formatted with the
  ``%n$s`` arguments and ``Strings::deindent``-ed; the mail is the ``SystemMailBuilder``
  one: text part ``view/templates/email/system/text.tpl``, HTML part
  ``email/system/html.tpl`` inside ``email/html.tpl`` (Smarty comments dropped). The body's
  BBCode conversion is approximated (plain text kept for the text part; in the HTML part
  HTML-escaped, URLs made links, newlines ``<br>``). A language is taken for a template
  when its catalogue translates that template's body. Passwords are
  ``User::generateNewPassword`` (``ucfirst(Strings::getRandomName(8))`` and four digits),
  made here by a port of ``getRandomName``.
- Elgg/Elgg (GPL-2.0-only; the core is also MIT), commit ``ELGG_COMMIT``: the instant
  notifications of ``engine/classes/Elgg/Notifications/Handlers`` (``AddUser``: account
  created by an administrator with its password; ``ResetUserPassword``: password reset by an
  administrator, the new password; ``RequestUserPassword``: the change-password link) and
  the user notices (password changed, account validated, new friend), their strings from
  ``languages/<lang>.php`` (PHP arrays parsed here; a key a language lacks falls back to
  English as ``elgg_echo`` does), wrapped by ``views/default/notifications/body.php``
  (salutation, body, sign-off joined by blank lines). ``EmailService::setMessageBody``:
  the text part strip-tagged and ``wordwrap``-ed (75 columns, ported), the HTML part the
  ``email/elements/body.php`` tables with the subject as title (the page shell's CSS and
  its inlining are not reproduced; paragraphs as ``<p>``, line breaks as ``<br />``).
  Generated passwords are 16 characters of upper and lower case letters and digits
  (``PasswordGeneratorService::generatePassword`` with the default length).
- zakwilson/hubzilla-core (MIT), a GitHub copy of Hubzilla 7.2.2, commit ``HUBZILLA_COMMIT``:
  the text templates ``get_intltext_template`` takes from ``view/<lang>/`` (a language is
  taken for a template when it ships its own file): the registration e-mail check of
  ``Zotlabs/Module/Register.php`` (``register_verify_member.tpl``, the 24-hex
  ``random_string(24)`` token to enter, ``$timeframe`` the registration delay and the
  default three-day expiry, ``$mail`` the hex-encoded address plus ``e``, ``$ko`` the token's
  first four characters hex-encoded), the new password of ``Zotlabs/Module/Lostpass.php``
  (``passchanged_eml.tpl``, ``autoname(6)`` and ``mt_rand(100, 9999)``), its reset request
  (``lostpass_eml.tpl``), and ``include/account.php``'s ``register_open_eml.tpl`` and
  administrator approval ``register_verify_eml.tpl``. The Smarty forms they use
  (``{{$x}}``, ``{{$x.0}}``, ``{{if}}``) are filled by a small renderer; the subject is the
  ``t()`` string of ``view/<lang>/hmessages.po`` (English where untranslated); ``z_mail``
  sends text/plain only, From the site name (the registration mail sets a blank name, so it
  is the bare address here).
- phpbb/phpbb (GPL-2.0-only): the English mail templates ``phpBB/language/en/email/*.txt``
  — ``user_activate_passwd`` from the 3.2.x branch (commit ``PHPBB_32_COMMIT``; sent by
  ``ucp_remind.php`` with a new password of ``gen_rand_string_friendly``, eight of A–N, P–Z,
  1–9, and an activation link) and six notices from the 3.3.x branch (``PHPBB_33_COMMIT``).
  ``{VARS}`` are filled as the messenger assigns them (``EMAIL_SIG`` from the default
  ``board_email_sig`` "Thanks, The Management"), the ``Subject:`` line becomes the subject,
  and the trimmed body is sent text/plain from the board contact.
- superseriousbusiness/gotosocial (AGPL-3.0-or-later), commit ``GOTOSOCIAL_COMMIT``: the
  fediverse server's English text templates ``web/template/email_*.tmpl`` filled by a small
  renderer of the text/template forms they use (comments, fields, if / else if / else, trim
  markers; it reproduces the bodies ``internal/email/email_test.go`` expects), the subjects
  the constants of ``internal/email/*.go``; ``assembleMessage`` sends text/plain only. All
  notices: confirmation and reset links, sign-up and report notices.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import random
import re
import string
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.pofile import read_po
from collect import HERE, message

SENT = datetime(2026, 11, 26, 14, 12, 33, tzinfo=UTC)
RNG = random.Random("r16-social")
ITEMS: list[dict] = []

FRIENDICA_COMMIT = "a0a8aeb30488ee66717dc5ed3f98b71906037725"
ELGG_COMMIT = "d70d20a20ecf8d087a2f59053d29e989f40e4b48"
HUBZILLA_COMMIT = "c5f33baf27d80e2a7ad7307eacd3137609eeb089"
PHPBB_32_COMMIT = "585728bc230b3b26470ab4801c066f4e73a09cd0"
PHPBB_33_COMMIT = "d46228d843609b8763ba1a11584083bf3ad52741"
GOTOSOCIAL_COMMIT = "57cb4fe7482962aa8e5a05874a343474d5a453e7"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


def _sprintf(fmt: str, args: list[str]) -> str:
    """PHP sprintf for the %s / %n$s / %d / %% forms these strings use."""
    pos = iter(range(len(args)))

    def sub(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        n = m.group(1)
        index = int(n) - 1 if n else next(pos)
        return str(args[index])

    return re.sub(r"%%|%(?:(\d+)\$)?[sd]", sub, fmt)


# ---------------------------------------------------------------------------------------
# Friendica

FRIENDICA_VOWELS = ["a", "a", "ai", "au", "e", "e", "e", "ee", "ea", "i", "ie", "o", "ou", "u"]
FRIENDICA_CONS = [
    "b",
    "bl",
    "br",
    "c",
    "ch",
    "cl",
    "cr",
    "d",
    "dr",
    "f",
    "fl",
    "fr",
    "g",
    "gh",
    "gl",
    "gr",
    "h",
    "j",
    "k",
    "kh",
    "kl",
    "kr",
    "l",
    "m",
    "n",
    "p",
    "ph",
    "pl",
    "pr",
    "qu",
    "r",
    "rh",
    "s",
    "sc",
    "sh",
    "sm",
    "sp",
    "st",
    "t",
    "th",
    "tr",
    "v",
    "w",
    "wh",
    "x",
    "z",
    "zh",
]
FRIENDICA_MIDCONS = [
    "ck",
    "ct",
    "gn",
    "ld",
    "lf",
    "lm",
    "lt",
    "mb",
    "mm",
    "mn",
    "mp",
    "nd",
    "ng",
    "nk",
    "nt",
    "rn",
    "rp",
    "rt",
]
FRIENDICA_NOEND = [
    "bl",
    "br",
    "cl",
    "cr",
    "dr",
    "fl",
    "fr",
    "gl",
    "gr",
    "kh",
    "kl",
    "kr",
    "mn",
    "pl",
    "pr",
    "rh",
    "tr",
    "qu",
    "wh",
    "q",
]


def _autoname(length: int) -> str:
    """Strings::getRandomName (Friendica) / autoname (Hubzilla): the same pronounceable-word
    generator, ported with Python's random in place of mt_rand."""
    vowels = list(FRIENDICA_VOWELS)
    if RNG.randint(0, 5) == 4:
        vowels.append("y")
    table = vowels if RNG.randint(0, 2) == 0 else FRIENDICA_CONS
    word = ""
    for _ in range(length):
        word += RNG.choice(table)
        table = FRIENDICA_CONS + FRIENDICA_MIDCONS if table is vowels else vowels
    word = word[:length]
    for noe in FRIENDICA_NOEND:
        if len(word) > 2 and word.endswith(noe):
            word = word[:-1]
            break
    if word.endswith("q"):
        word = word[:-1]
    return word


def _friendica_password() -> str:
    """User::generateNewPassword: ucfirst(Strings::getRandomName(8)) . random_int(1000, 9999)."""
    word = _autoname(8)
    return word[0].upper() + word[1:] + str(RNG.randint(1000, 9999))


def _deindent(text: str) -> str:
    lines = text.split("\n")
    k = 0
    while k < len(lines) and len(lines[k]) == 0:
        k += 1
    count = len(re.match(r"[\t ]*", lines[k]).group(0)) if k < len(lines) else 0
    return "\n".join(re.sub(rf"^[\t ]{{{count}}}", "", line) for line in lines)


def _friendica_strings(repo: Path, source_file: str, func: str) -> dict[str, str]:
    """The msgids of one function, read from its PHP source as L10n::t receives them."""
    src = _show(repo, FRIENDICA_COMMIT, source_file)
    start = src.index(func)
    ends = [
        i
        for i in (
            src.find("\nfunction ", start + 1),
            src.find("\tpublic static function ", start + 1),
        )
        if i > 0
    ]
    end = min(ends) if ends else len(src)
    body = src[start:end]
    found = {}
    for m in re.finditer(
        r"t\(\s*'((?:[^'\\]|\\.)*)'((?:\s*\.\s*\"\\x2[89]\"\s*\.\s*'(?:[^'\\]|\\.)*')*)", body
    ):
        text = m.group(1)
        for part in re.finditer(r"\"\\x(2[89])\"\s*\.\s*'((?:[^'\\]|\\.)*)'", m.group(2)):
            text += chr(int(part.group(1), 16)) + part.group(2)
        text = text.replace("\\'", "'").replace("\\\\", "\\")
        found[text] = text
    return found


def friendica(repo: Path) -> None:
    source, repository, licence = "friendica", "friendica/friendica", "AGPL-3.0-or-later"
    tpl = {
        name: re.sub(r"\{\{\*.*?\*\}\}\n?", "", _show(repo, FRIENDICA_COMMIT, f"view/templates/email/{name}"), flags=re.S)
        for name in ("system/text.tpl", "system/html.tpl", "html.tpl")
    }  # fmt: skip
    catalogues = {}
    for lang in ("C", "de", "fr", "hu", "ru", "es", "it", "pl", "ar", "nl", "ja", "zh-cn", "cs"):
        catalogues[lang] = read_po(
            io.BytesIO(_show(repo, FRIENDICA_COMMIT, f"view/lang/{lang}/messages.po").encode())
        )

    def t(lang: str, msgid: str) -> tuple[str, bool]:
        m = catalogues[lang].get(msgid)
        if m is not None and m.string and not m.fuzzy and isinstance(m.string, str):
            return m.string, True
        return msgid, False

    def smarty(text: str, values: dict[str, str]) -> str:
        def sub(m: re.Match) -> str:
            value = values[m.group(1)]
            return value if m.group(2) else html.escape(value, quote=True)

        return re.sub(r"\{\{\$(\w+)( nofilter)?\}\}", sub, text)

    def to_html(body: str) -> str:
        escaped = html.escape(body, quote=False)
        linked = re.sub(
            r"(https?://[^\s<]+)",
            r'<a href="\1" target="_blank" rel="noopener noreferrer">\1</a>',
            escaped,
        )
        return linked.replace("\n", "<br>")

    sitename = "Kollektiv Social"
    siteurl = "https://kollektiv.social.example"
    mails = [
        # template, source file, function, subject msgid, subject args, kind, has password
        (
            "lostpass-request",
            "mod/lostpass.php",
            "function lostpass_post",
            "Password reset requested at %s",
            "saas-otp",
            False,
        ),
        (
            "lostpass-newpass",
            "mod/lostpass.php",
            "function lostpass_generate_password",
            "Your password has been changed at %s",
            "saas-otp",
            True,
        ),
        (
            "register-open",
            "src/Model/User.php",
            "function sendRegisterOpenEmail",
            "Registration details for %s",
            "saas-otp",
            True,
        ),
        (
            "register-pending",
            "src/Model/User.php",
            "function sendRegisterPendingEmail",
            "Registration at %s",
            "saas-otp",
            True,
        ),
        (
            "admin-created",
            "src/Model/User.php",
            "function createMinimal",
            "Registration details for %s",
            "saas-otp",
            True,
        ),
    ]
    people = [("Lotte Brenner", "lotteb"), ("Amaru Quispe", "amaru"), ("Ines Valdés", "ivaldes"),
              ("Kofi Mensah", "kofim"), ("Mirela Popescu", "mirela"), ("Tomasz Wrona", "twrona"),
              ("Hana Sato", "hanas"), ("Yusuf Karim", "ykarim"), ("Eszter Nagy", "eszter"),
              ("Oleg Smirnov", "oleg"), ("Chiara Ferri", "chiaraf"), ("Wen Li", "wenli"),
              ("Daan de Vries", "daandv")]  # fmt: skip
    for template, src_file, func, subject_id, kind, has_password in mails:
        msgids = [m for m in _friendica_strings(repo, src_file, func) if "\n" in m]
        preamble_id, body_id = msgids[0], (msgids[1] if len(msgids) > 1 else None)
        for n, lang in enumerate(catalogues):
            code_lang = "en" if lang == "C" else lang
            preamble_t, ok1 = t(lang, preamble_id)
            body_t, ok2 = t(lang, body_id) if body_id else ("", False)
            if lang != "C" and not (ok2 if body_id else ok1):
                continue
            name, nick = people[n % len(people)]
            password = _friendica_password() if has_password else None
            token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
            if template == "lostpass-request":
                preamble = _sprintf(preamble_t, [name, sitename])
                body = _sprintf(body_t, [f"{siteurl}/lostpass/{token}", siteurl, nick])
            elif template == "lostpass-newpass":
                preamble = _sprintf(preamble_t, [name])
                body = _sprintf(body_t, [siteurl, nick, password])
            elif template == "register-open":
                preamble = _sprintf(preamble_t, [name, sitename])
                body = _sprintf(body_t, [nick, sitename, siteurl, name, password])
            elif template == "register-pending":
                preamble = _sprintf(preamble_t, [name, sitename, siteurl, nick, password])
                body = ""
            else:
                preamble = _sprintf(preamble_t, [name, sitename])
                body = _sprintf(body_t, [siteurl, nick, password, sitename])
            preamble, body = _deindent(preamble), _deindent(body)
            subject = _sprintf(t(lang, subject_id)[0], [sitename])
            values = {
                "preamble": preamble,
                "thanks": t(lang, "thanks")[0],
                "site_admin": _sprintf(t(lang, "%s Administrator")[0], [sitename]),
                "textversion": body,
            }
            text = smarty(tpl["system/text.tpl"], values)
            inner = smarty(
                tpl["system/html.tpl"],
                {
                    **values,
                    "preamble": preamble.replace("\n", "<br>\n"),
                    "htmlversion": to_html(body),
                },
            )
            page = smarty(
                tpl["html.tpl"],
                {
                    "title": t(lang, "Friendica Notification")[0],
                    "banner": siteurl + "/images/friendica-banner.jpg",
                    "product": "Friendica",
                    "htmlversion": inner,
                },
            )
            _save(
                source=source, template=template, lang=code_lang, kind=kind if has_password else "notice",
                code=password, repository=repository,
                path=f"{src_file}; view/lang/{lang}/messages.po; view/templates/email/system/text.tpl; view/templates/email/system/html.tpl; view/templates/email/html.tpl",
                commit=FRIENDICA_COMMIT, licence=licence,
                rendered="Friendica SystemMailBuilder: L10n::t strings from the language's messages.po, sprintf and Strings::deindent; Smarty templates email/system/text.tpl and html.tpl (in email/html.tpl) filled by a small renderer; BBCode conversion of the body approximated; text + HTML alternatives",
                sender=f"{sitename} <noreply@kollektiv.social.example>", subject=subject,
                text=text, html_part=page,
                note=("the login password Friendica generated (User::generateNewPassword), given to type at sign-in"
                      if has_password else "password-reset request: only a verification link, no code"),
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Elgg

PHP_STRING = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""


def _php_literal(lit: str) -> str:
    body = lit[1:-1]
    if lit[0] == "'":
        return re.sub(r"\\([\\'])", r"\1", body)
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "$": "$"}
    return re.sub(r"\\([ntr\"\\$])", lambda m: escapes[m.group(1)], body)


def _php_array(src: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(rf"({PHP_STRING})\s*=>\s*({PHP_STRING})\s*,", src):
        out[_php_literal(m.group(1))] = _php_literal(m.group(2))
    return out


def _wordwrap(text: str, width: int = 75) -> str:
    """PHP wordwrap($text) with the defaults (75 columns, "\\n", no cut)."""
    out_lines = []
    for line in text.split("\n"):
        words = line.split(" ")
        current = words[0]
        for word in words[1:]:
            if len(current) + 1 + len(word) <= width:
                current += " " + word
            else:
                out_lines.append(current)
                current = word
        out_lines.append(current)
    return "\n".join(out_lines)


def _autop(text: str) -> str:
    paras = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return "\n".join(
        "<p>" + html.escape(p, quote=False).replace("\n", "<br />\n") + "</p>" for p in paras
    )


def elgg(repo: Path) -> None:
    source, repository, licence = "elgg", "Elgg/Elgg", "GPL-2.0-only"
    en = _php_array(_show(repo, ELGG_COMMIT, "languages/en.php"))
    site, url = "Talgrund Gemeinschaft", "https://talgrund.community.example/"
    people = {"en": "Priya Raman", "de": "Jonas Albrecht", "fr": "Camille Roussel", "nl": "Femke Jansen",
              "es": "Lucía Ortega", "pt_br": "Rafael Costa"}  # fmt: skip
    langs = ["en", "de", "fr", "nl", "es", "pt_br"]
    catalogues = {
        lang: _php_array(_show(repo, ELGG_COMMIT, f"languages/{lang}.php")) for lang in langs
    }
    mails = [
        ("useradd", "useradd", "engine/classes/Elgg/Notifications/Handlers/AddUser.php", True),
        (
            "resetpassword",
            "email:resetpassword",
            "engine/classes/Elgg/Notifications/Handlers/ResetUserPassword.php",
            True,
        ),
        (
            "changereq",
            "email:changereq",
            "engine/classes/Elgg/Notifications/Handlers/RequestUserPassword.php",
            False,
        ),
        (
            "password-change",
            "user:notification:password_change",
            "engine/classes/Elgg/Notifications/Handlers/ConfirmPasswordChange.php",
            False,
        ),
        (
            "validate",
            "user:notification:validate",
            "engine/classes/Elgg/Notifications/Handlers/ValidateUser.php",
            False,
        ),
        (
            "newfriend",
            "friend:newfriend",
            "mod/friends/classes/Elgg/Friends/Notifications/AddFriendHandler.php",
            False,
        ),
        (
            "ban",
            "user:notification:ban",
            "engine/classes/Elgg/Notifications/Handlers/BanUser.php",
            False,
        ),
        (
            "unban",
            "user:notification:unban",
            "engine/classes/Elgg/Notifications/Handlers/UnbanUser.php",
            False,
        ),
        (
            "make-admin",
            "admin:notification:make_admin:user",
            "engine/classes/Elgg/Notifications/Handlers/MakeAdminUser.php",
            False,
        ),
        (
            "changepassword",
            "email:changepassword",
            "engine/classes/Elgg/Notifications/Handlers/ChangeUserPassword.php",
            False,
        ),
    ]
    for template, key, handler, has_password in mails:
        for lang in langs:
            cat = catalogues[lang]
            if lang != "en" and key + ":body" not in cat:
                continue

            def echo(k: str, args: list[str], cat=cat) -> str:
                return _sprintf(cat.get(k, en[k]), args)

            name = people[lang]
            username = name.split()[0].lower()
            password = (
                "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(16))
                if has_password
                else None
            )
            if template == "useradd":
                args = [site, url, username, password]
            elif template == "resetpassword":
                args = [password]
            elif template == "changereq":
                code = "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(16))
                expires = 1796400000 + RNG.randint(0, 86400)
                mac = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
                args = [
                    "203.0.113.47",
                    f"{url}changepassword?u=4172&c={code}&__elgg_uri_expires={expires}&__elgg_uri_mac={mac}",
                ]
            elif template == "password-change":
                args = [site, f"{url}forgotpassword", url]
            elif template in ("ban", "unban"):
                args = [site, url]
            elif template == "make-admin":
                args = ["Mateo Ruiz", site, url]
            elif template == "validate":
                args = [site, url]
            elif template == "newfriend":
                args = ["Mateo Ruiz", f"{url}profile/mateo"]
            else:
                args = []
            subject_args = ["Mateo Ruiz"] if template == "newfriend" else [site]
            subject = echo(key + ":subject", subject_args)
            body = echo(key + ":body", args)
            body = "\n\n".join([echo("notification:default:salutation", [name]), body,
                                echo("notification:default:sign-off", [site])])  # fmt: skip
            text = _wordwrap(html.unescape(re.sub(r"<[^>]+>", "", body)))
            html_part = (
                '<!DOCTYPE html>\n<html lang="' + lang.split("_")[0] + '">\n<head>'
                '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">'
                f'<base target="_blank"><title>{html.escape(subject)}</title></head>\n<body>\n'
                '<table class="body-wrapper">\n\t<tr>\n\t\t<td>\n'
                '\t\t\t<table class="edge-wrapper"><tr><td>\n'
                '\t\t\t<table class="content-wrapper"><tr><td>\n'
                f'\t\t\t\t<table class="header"><tr><td><h1>{html.escape(subject)}</h1></td></tr></table>\n'
                f'\t\t\t\t<table class="content"><tr><td>\n{_autop(body)}\n</td></tr></table>\n'
                f'\t\t\t\t<table class="footer"><tr><td><a href="{url}">{html.escape(site)}</a></td></tr></table>\n'
                "\t\t\t</td></tr></table>\n\t\t\t</td></tr></table>\n\t\t</td>\n\t</tr>\n</table>\n</body>\n</html>\n"
            )
            fallback = lang != "en" and (key + ":subject" not in cat)
            note = ("the password Elgg generated for the account, given to type at sign-in" if has_password
                    else "a notice without a code")  # fmt: skip
            if fallback:
                note += "; the language's catalogue lacks the subject, which stays English as elgg_echo falls back"
            _save(
                source=source, template=template, lang=lang.replace("_", "-"),
                kind="saas-otp" if has_password else "notice", code=password,
                repository=repository,
                path=f"{handler}; languages/{lang}.php; views/default/notifications/body.php; views/default/email/elements/body.php",
                commit=ELGG_COMMIT, licence=licence,
                rendered="Elgg instant notification: elgg_echo strings from languages/<lang>.php (English fallback), salutation and sign-off of notifications/body.php; text part strip-tagged and wordwrap-ped as EmailService does; HTML part the email/elements/body.php tables without the CSS inlining",
                sender=f"{site} <noreply@talgrund.community.example>", subject=subject,
                text=text, html_part=html_part, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Hubzilla


def _smarty_lite(text: str, values: dict) -> str:
    """The Smarty forms these mail templates use: {{if $x}}…{{/if}}, {{$x}}, {{$x.0}}."""

    def value(name: str) -> str:
        parts = name.split(".")
        v = values.get(parts[0], "")
        for part in parts[1:]:
            v = v[int(part)] if v else ""
        return "" if v is None else str(v)

    def cond(m: re.Match) -> str:
        return m.group(2) if values.get(m.group(1)) else ""

    text = re.sub(r"\{\{if \$(\w+)\}\}(.*?)\{\{/if\}\}", cond, text, flags=re.S)
    return re.sub(r"\{\{\$([\w.]+)\}\}", lambda m: value(m.group(1)), text)


def hubzilla(repo: Path) -> None:
    source, repository, licence = "hubzilla", "zakwilson/hubzilla-core", "MIT"
    commit = HUBZILLA_COMMIT
    site, root, host = "Weltenhub", "https://weltenhub.example", "weltenhub.example"
    names = subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "-r", "--name-only", commit, "view/"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    langs = [
        "en",
        "de-de",
        "fr",
        "es-es",
        "it",
        "nl",
        "pl",
        "ru",
        "sv",
        "he",
        "ca",
        "nb-no",
        "pt-br",
    ]
    catalogues = {}
    for lang in langs[1:]:
        catalogues[lang] = read_po(
            io.BytesIO(_show(repo, commit, f"view/{lang}/hmessages.po").encode())
        )

    def t(lang: str, msgid: str) -> str:
        if lang == "en":
            return msgid
        m = catalogues[lang].get(msgid)
        if m is not None and m.string and not m.fuzzy and isinstance(m.string, str):
            return m.string
        return msgid

    emails = {"en": "maya.okafor", "de-de": "jens.kowalke", "fr": "elodie.marchand", "es-es": "pablo.iriarte",
              "it": "giulia.benedetti", "nl": "sanne.bakker", "pl": "agnieszka.wilk", "ru": "dmitri.volkov",
              "sv": "elin.lindqvist", "he": "noa.levi", "ca": "marc.puig", "nb-no": "ingrid.haugen",
              "pt-br": "thiago.moreira"}  # fmt: skip
    mails = [
        # template file, id, subject msgid, sender module, has code
        (
            "register_verify_member.tpl",
            "register-verify",
            "Registration confirmation for %s",
            "Zotlabs/Module/Register.php",
            True,
        ),
        (
            "passchanged_eml.tpl",
            "passchanged",
            "Your password has changed at %s",
            "Zotlabs/Module/Lostpass.php",
            True,
        ),
        (
            "lostpass_eml.tpl",
            "lostpass",
            "Password reset requested at %s",
            "Zotlabs/Module/Lostpass.php",
            False,
        ),
        (
            "register_open_eml.tpl",
            "register-open",
            "Registration details for %s",
            "include/account.php",
            False,
        ),
        (
            "register_verify_eml.tpl",
            "register-approve",
            "Registration request at %s",
            "include/account.php",
            False,
        ),
    ]
    for tpl_name, template, subject_id, module, has_code in mails:
        for lang in langs:
            path = f"view/{lang}/{tpl_name}"
            if path not in names:
                continue
            tpl = _show(repo, commit, path)
            email_addr = f"{emails[lang]}@posteo.example"
            code = None
            sender = f"{site} <admin@{host}>"
            if template == "register-verify":
                code = "".join(RNG.choice("0123456789abcdef") for _ in range(24))
                values = {
                    "sitename": site, "siteurl": root, "email": email_addr,
                    "timeframe": ["2026-11-26 14:12:33", "2026-11-29 14:12:33"],
                    "mail": email_addr.encode().hex() + "e", "ko": code[:4].encode().hex(), "hash": code,
                }  # fmt: skip
                sender = f"admin@{host}"
                note = ("the 24-hex verification token (random_string(24)) the mail asks to enter when requested "
                        "(the links carry the hex-encoded address and the ko part, not the token)")  # fmt: skip
            elif template == "passchanged":
                code = _autoname(6) + str(RNG.randint(100, 9999))
                values = {"sitename": site, "siteurl": root, "username": _sprintf(t(lang, "Site Member (%s)"), [email_addr]),
                          "email": email_addr, "new_password": code}  # fmt: skip
                note = "the new password Hubzilla generated (autoname(6) and mt_rand(100, 9999)), to type at login"
            elif template == "lostpass":
                token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
                values = {"sitename": site, "siteurl": root, "username": _sprintf(t(lang, "Site Member (%s)"), [email_addr]),
                          "email": email_addr, "reset_link": f"{root}/lostpass?verify={token}"}  # fmt: skip
                note = "password-reset request: only a link"
            elif template == "register-open":
                values = {"sitename": site, "siteurl": root, "email": email_addr, "username": email_addr,
                          "password": t(lang, "your registration password")}  # fmt: skip
                note = (
                    "account created; the password is the one chosen at registration and not shown"
                )
            else:
                token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
                values = {"sitename": site, "siteurl": root, "email": email_addr, "hash": token,
                          "details": "198.51.100.23 [dsl-198-51-100-23.kabel.example]"}  # fmt: skip
                note = "registration request to the hub administrator: approve/deny links only"
            text = _smarty_lite(tpl, values)
            _save(
                source=source, template=template, lang=lang, kind="saas-otp" if has_code else "notice",
                code=code, repository=repository,
                path=f"{module}; {path}; view/{lang}/hmessages.po" if lang != "en" else f"{module}; {path}",
                commit=commit, licence=licence,
                rendered="Hubzilla get_intltext_template mail template of the language filled as replace_macros does (Smarty {{$x}} and {{if}}), subject t() from the language's hmessages.po; z_mail sends text/plain only",
                sender=sender, subject=_sprintf(t(lang, subject_id), [site]), text=text, html_part=None, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# phpBB


def phpbb(repo: Path) -> None:
    source, repository, licence = "phpbb", "phpbb/phpbb", "GPL-2.0-only"
    site, board = "Lakeside Anglers", "https://forum.lakeside-anglers.example"
    sender = f'"{site}" <forum@lakeside-anglers.example>'
    common = {"SITENAME": site, "U_BOARD": board, "EMAIL_SIG": "-- \nThanks, The Management"}
    mails = [
        # template, commit, values, note
        ("user_activate_passwd", PHPBB_32_COMMIT, {
            "USERNAME": "reel_rita", "PASSWORD": None,
            "U_ACTIVATE": f"{board}/ucp.php?mode=activate&u=2817&k=",
        }, "the new password (gen_rand_string_friendly, A-N P-Z 1-9) the mail gives for login once activated"),
        ("user_welcome", PHPBB_33_COMMIT, {"USERNAME": "pike_hunter_ole", "WELCOME_MSG": f"Welcome to {site} forums"},
         "welcome mail: username and board URL, no code"),
        ("user_forgot_password", PHPBB_33_COMMIT, {"USERNAME": "carp_whisperer",
         "U_RESET_PASSWORD": f"{board}/app.php/user/reset_password?u=1934&token=8f3e2a91c07d45b6e1f0a3b9c2d7e845"},
         "password-reset link only"),
        ("privmsg_notify", PHPBB_33_COMMIT, {"USERNAME": "reel_rita", "AUTHOR_NAME": "FlyTyer_Jonas",
         "SUBJECT": "Boat trailer for sale - 450 EUR, pick-up 14 Dec",
         "U_VIEW_MESSAGE": f"{board}/ucp.php?i=pm&mode=view&p=60431"},
         "private-message notice; a price and a date in the subject, no code"),
        ("quote", PHPBB_33_COMMIT, {"USERNAME": "pike_hunter_ole", "AUTHOR_NAME": "Marlene K.",
         "TOPIC_TITLE": "Best lures for 2-4 kg zander?", "U_VIEW_POST": f"{board}/viewtopic.php?p=88213#p88213",
         "U_TOPIC": f"{board}/viewtopic.php?t=7702", "U_FORUM": f"{board}/viewforum.php?f=12",
         "U_NOTIFICATION_SETTINGS": f"{board}/ucp.php?i=ucp_notifications&mode=notification_options"},
         "quote notification, no code"),
        ("group_added", PHPBB_33_COMMIT, {"GROUP_NAME": "Club members 2027",
         "U_GROUP": f"{board}/memberlist.php?mode=group&g=9"}, "group membership notice, no code"),
        ("user_remind_inactive", PHPBB_33_COMMIT, {"USERNAME": "trout_tom", "REGISTER_DATE": "Sun Nov 08, 2026 7:42 pm",
         "U_ACTIVATE": f"{board}/ucp.php?mode=activate&u=2990&k=7KQ2M9XW"}, "inactive-account reminder: link only"),
    ]  # fmt: skip
    for template, commit, values, note in mails:
        path = f"phpBB/language/en/email/{template}.txt"
        tpl = _show(repo, commit, path)
        values = {**common, **values}
        code = None
        if template == "user_activate_passwd":
            alphabet = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"
            code = "".join(RNG.choice(alphabet) for _ in range(8))
            actkey = "".join(RNG.choice("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(8))
            values["PASSWORD"] = code
            values["U_ACTIVATE"] += actkey
        body = re.sub(r"\{([A-Z_]+)\}", lambda m, values=values: values.get(m.group(1), ""), tpl)
        body = body.replace("\r\n", "\n").strip()
        first, rest = body.split("\n", 1)
        subject = first[len("Subject: ") :]
        _save(
            source=source, template=template.replace("_", "-"), lang="en",
            kind="saas-otp" if code else "notice", code=code, repository=repository,
            path=path + "; phpBB/includes/functions_messenger.php", commit=commit, licence=licence,
            rendered="phpBB messenger: the language's email/<template>.txt with its {VARS} filled (EMAIL_SIG from the default board_email_sig), the Subject: line taken out as the subject, the body trimmed; text/plain only",
            sender=sender, subject=subject, text=rest.strip() + "\n", html_part=None, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# GoToSocial


def _go_template(src: str, data: dict) -> str:
    """The text/template subset of GoToSocial's mail templates: comments, {{ .Field }},
    {{ if }} / {{ else if }} / {{ else }} / {{ end }}, and the {{- / -}} trim markers."""
    pieces = re.split(r"(\{\{-?\s*.*?\s*-?\}\})", src, flags=re.S)
    tokens: list[tuple[str, str]] = []
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            tokens.append(("text", piece))
            continue
        if piece.startswith("{{-") and tokens and tokens[-1][0] == "text":
            tokens[-1] = ("text", tokens[-1][1].rstrip(" \t\r\n"))
        inner = piece[2:-2]
        trim_after = inner.endswith("-") and inner[-2:-1].isspace()
        inner = inner.removeprefix("-").removesuffix("-").strip()
        tokens.append(("action", inner))
        if trim_after and i + 1 < len(pieces):
            pieces[i + 1] = pieces[i + 1].lstrip(" \t\r\n")

    def field(expr: str) -> str:
        return str(data.get(expr.removeprefix("."), "") or "")

    out: list[str] = []
    stack: list[list[bool]] = []  # [active, taken]
    for kind, value in tokens:
        active = all(frame[0] for frame in stack)
        if kind == "text":
            if active:
                out.append(value)
        elif value.startswith("/*"):
            continue
        elif value.startswith("if "):
            cond = bool(field(value[3:].strip())) if active else False
            stack.append([cond, cond])
        elif value.startswith("else if "):
            frame = stack[-1]
            cond = not frame[1] and bool(field(value[8:].strip()))
            frame[0], frame[1] = cond, frame[1] or cond
        elif value == "else":
            frame = stack[-1]
            frame[0], frame[1] = not frame[1], True
        elif value == "end":
            stack.pop()
        elif active:
            out.append(field(value))
    return "".join(out)


def gotosocial(repo: Path) -> None:
    source, repository, licence = (
        "gotosocial",
        "superseriousbusiness/gotosocial",
        "AGPL-3.0-or-later",
    )
    commit = GOTOSOCIAL_COMMIT
    url, name = "https://gts.moorland.example", "Moorland Social"
    sender = "Moorland Social <notifications@moorland.example>"
    mails = [
        # template, subject (internal/email/*.go), data, note
        ("email_confirm", "GoToSocial Email Confirmation", {
            "Username": "heather_b", "InstanceURL": url, "InstanceName": name, "NewSignup": True,
            "ConfirmLink": f"{url}/confirm_email?token=3f6c2b8e-91d4-4a7f-b0e2-5c8d17a9e463",
        }, "email confirmation: link only"),
        ("email_reset", "GoToSocial Password Reset", {
            "Username": "heather_b", "InstanceURL": url, "InstanceName": name,
            "ResetLink": f"{url}/reset_email?token=a9d04e71-2c5b-4f38-8e16-7b3f90c2d5aa",
        }, "password reset: link only"),
        ("email_signup_approved", "GoToSocial Sign-Up Approved", {
            "Username": "fenwalker", "InstanceURL": url, "InstanceName": name,
        }, "sign-up approved notice, no code"),
        ("email_signup_rejected", "GoToSocial Sign-Up Rejected", {
            "InstanceURL": url, "InstanceName": name,
            "Message": "Sorry, we only accept members of the Moorland walking club (club no. 4471) for now.",
        }, "sign-up rejected notice; a club number in the moderator's message, no code"),
        ("email_report_closed", "GoToSocial Report Closed", {
            "Username": "heather_b", "InstanceURL": url, "InstanceName": name,
            "ReportTargetUsername": "spamcannon", "ReportTargetDomain": "bulk.example",
            "ActionTakenComment": "Domain suspended on 2026-11-25. Thanks for the report!",
        }, "report closed notice, no code"),
        ("email_new_signup", "GoToSocial New Sign-Up", {
            "InstanceURL": url, "InstanceName": name, "SignupEmail": "tamsin.rowe@fastmail.example",
            "SignupUsername": "tamsin", "SignupReason": "I run the Saturday birding walks and want to post sightings.",
            "SignupURL": f"{url}/settings/admin/accounts/01JDQ5M8X3T0V7K2ZC4W9YB6RN",
        }, "new sign-up notice to moderators, no code"),
        ("email_new_report", "GoToSocial New Report", {
            "InstanceURL": url, "InstanceName": name, "ReportDomain": "bulk.example",
            "ReportURL": f"{url}/settings/admin/reports/01JDQ6B2F5H8N3R7W1Y4C9XK0P",
        }, "new report notice to moderators, no code"),
    ]  # fmt: skip
    for template, subject, data, note in mails:
        path = f"web/template/{template}.tmpl"
        body = _go_template(_show(repo, commit, path), data)
        _save(
            source=source, template=template.removeprefix("email_").replace("_", "-"), lang="en",
            kind="notice", code=None, repository=repository,
            path=f"{path}; internal/email/common.go", commit=commit, licence=licence,
            rendered="GoToSocial text/template mail template filled by a small renderer of the template forms it uses (checked against internal/email/email_test.go), subject the Go constant; assembleMessage sends text/plain only",
            sender=sender, subject=subject, text=body, html_part=None, note=note,
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    friendica(args.mirrors / "friendica+friendica" / "repo")
    elgg(args.mirrors / "Elgg+Elgg" / "repo")
    hubzilla(args.mirrors / "zakwilson+hubzilla-core" / "repo")
    phpbb(args.mirrors / "phpbb+phpbb" / "repo")
    gotosocial(args.mirrors / "superseriousbusiness+gotosocial" / "repo")
    out = HERE / "round16" / "social.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
