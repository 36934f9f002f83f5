"""Round 32 (social): Geeklog's account mails in its thirteen UTF-8 languages.

Run as::

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_social.py \
        --mirrors /work/.mirror

- Geeklog-Core/geeklog (GPL-2.0-or-later: ``public_html/docs/license`` is the GPL 2 text,
  the file headers say "either version 2 of the License, or (at your option) any later
  version"), commit ``GEEKLOG_COMMIT``. Geeklog is a community portal (accounts, comments,
  forums and polls as plugins).

  Files used: ``system/lib-user.php`` (``USER_createAndSendPassword``: the mail a new member,
  or a member an admin gives a new password, gets with a generated password),
  ``public_html/users.php`` (``USER_requestPassword``: the lost-password mail, a link only),
  ``system/lib-security.php`` (``SEC_generateRandomPassword``: one letter from the first 50
  characters of ``abcdefghijklmnopqrstuwxyzABCDEFGHIJKLMNOPQRSTUWXYZ0123456789!@#$%^&*()_+=-``,
  one digit, six characters from the whole alphabet, shuffled; the request id is
  ``substr(md5(uniqid(rand(), 1)), 1, 16)``, 16 hex), ``public_html/lib-common.php``
  (``COM_mail``: appends ``email_footer-{html,plaintext}.thtml``, sends from
  ``noreply_mail`` when it differs from ``site_mail`` and then shows the no-reply line),
  ``system/classes/Mail.php`` (``Mail::send``: PHPMailer, ``isHTML(true)``, ``Body`` = HTML,
  ``AltBody`` = plain text, ``CharSet`` = the language's ``utf-8``, ``X-Mailer: Geeklog`` +
  ``VERSION``), ``system/lib-template.php`` (``CTL_removeLineFeeds`` on the plain-text
  templates), ``system/classes/template.class.php`` (templates compiled to PHP; unknown
  variables removed), the default theme's (``denim_three``, ``config-install.php``)
  ``public_html/layout/denim_three/emails/{user_info,user_request_password,email_footer}-
  {html,plaintext}.thtml``, and ``language/<lang>_utf-8.php`` (``$LANG04``, ``$LANG08``,
  ``$LANG31``) for the 13 UTF-8 languages of the repository.

  How the sender renders: the template class compiles ``{var}``, ``{!if var}`` and
  ``{!endif}`` to PHP tags, so a single newline right after one of them is eaten by PHP's
  ``?>`` (this matters only in the HTML templates: the plain-text ones have their line feeds
  removed before compiling and use ``{LB}`` = ``"\\n"``). ``{XHTML}`` is empty (HTML5).
  PHPMailer writes ``multipart/alternative`` (text/plain, then text/html), 8bit, and encodes
  a non-ASCII subject as an RFC 2047 word (B when more than a third is non-ASCII, else Q).

  What was done here: the language files are PHP that interpolate ``$_CONF['site_name']`` and
  ``$_CONF['site_url']``, so they are evaluated by the PHP CLI (``php``, PHP 8.2 as Debian's
  ``php8.2-cli``; it must be on PATH) with the small script ``PHP_DUMP`` below, which only
  ``include``s the file and prints ``$LANG04``, ``$LANG08``, ``$LANG31`` as JSON (constants
  the file mentions but does not need here are defined as 0). The templates are filled in
  Python below with the same rules; the MIME mail is written in PHPMailer's layout with fixed
  dates, Message-IDs and boundaries. Strings are used as the language file has them: the
  Canadian French file writes HTML entities (``&eacute;``), which PHPMailer sends as they
  are in both parts.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROUND = HERE / "round32" / "social.json"
ITEMS: list[dict] = []

GEEKLOG = "Geeklog-Core/geeklog"
GEEKLOG_COMMIT = "dd44c01368afad32e16467fd5357af3299c11d3a"
LICENCE = "GPL-2.0-or-later"
SOURCE = "geeklog"
THEME = "public_html/layout/denim_three/emails/"

SITE_NAME = "Lakeside Runners"
SITE_URL = "https://lakesiderunners.org"
SITE_SLOGAN = "Trail and road running around Lake Jasper"
NOREPLY = "noreply@lakesiderunners.org"
VERSION = "2.2.2"

PHP_DUMP = r"""<?php
$_CONF = array('site_name' => $argv[2], 'site_url' => $argv[3], 'speedlimit' => 45,
    'commentspeedlimit' => 45, 'site_admin_url' => $argv[3] . '/admin', 'path_html' => '/',
    'layout_url' => '', 'path_layout' => '', 'path_images' => '', 'path' => '/',
    'site_mail' => 'info@example.org', 'passwordspeedlimit' => 300, 'login_attempts' => 3,
    'login_speedlimit' => 300);
$_USER = array('username' => 'x', 'uid' => 2);
define('XHTML', '');
define('VERSION', '2.2.2');
error_reporting(E_ALL & ~E_NOTICE & ~E_WARNING & ~E_DEPRECATED);
for ($i = 0; $i < 50; $i++) {
    try {
        include $argv[1];
        break;
    } catch (Error $e) {
        if (preg_match('/Undefined constant "([A-Za-z_0-9]+)"/', $e->getMessage(), $m)) {
            define($m[1], 0);
        } else {
            throw $e;
        }
    }
}
echo json_encode(array('LANG04' => $LANG04, 'LANG08' => $LANG08, 'LANG31' => $LANG31),
    JSON_UNESCAPED_UNICODE | JSON_FORCE_OBJECT);
"""

# language file, lang tag, recipient (username, address), generated password, request id
LANGS = [
    ("english_utf-8", "en", "mkeller", "mara.keller@example.net", "24fZS&x=", "3f9a1c07be52d4e8"),
    ("french_canada_utf-8", "fr-CA", "jtremblay", "julie.tremblay@example.ca", "0H==xdY4", "a81c5e0f92d7b364"),
    ("french_france_utf-8", "fr", "lmartin", "luc.martin@example.fr", "b8tl#&p!", "5d02e7b9c41fa836"),
    ("german_utf-8", "de", "jweber", "jonas.weber@example.de", "0oAk5Lo5", "c7e41b08d95a2f63"),
    ("german_formal_utf-8", "de", "hschmidt", "helga.schmidt@example.de", "lu^x34o9", "08b6d3fa1e7c952d"),
    ("spanish_utf-8", "es", "cgarcia", "carmen.garcia@example.es", "b%#9YlIH", "e2594ac0d71b8f36"),
    ("spanish_argentina_utf-8", "es-AR", "mfernandez", "martin.fernandez@example.com.ar", "rMe3Pl!r", "71d8c3e5a094bf2a"),
    ("russian_utf-8", "ru", "ivolkova", "irina.volkova@example.ru", "n12ju!=g", "b40e9f271c6d85a3"),
    ("japanese_utf-8", "ja", "ysato", "yuki.sato@example.jp", "o6i3-GR0", "9c3a17e5d2b0f468"),
    ("hebrew_utf-8", "he", "dlevi", "dana.levi@example.co.il", "aMrW_U5y", "2e8f05b6a3c9d17e"),
    ("persian_utf-8", "fa", "rahmadi", "reza.ahmadi@example.ir", "$J0cN(=*", "d6b1a8e4f0273c59"),
    ("chinese_simplified_utf-8", "zh-CN", "wli", "wei.li@example.cn", "9ao_Chw)", "4a7d2c9e81f05b36"),
    ("chinese_traditional_utf-8", "zh-TW", "ychen", "yating.chen@example.tw", "uTtE=3=_", "f15c06a8e3d2947b"),
]  # fmt: skip


def _show(repo: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{GEEKLOG_COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def _lang(repo: Path, name: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"{name}.php"
        src.write_bytes(_show(repo, f"language/{name}.php"))
        dump = Path(tmp) / "dump.php"
        dump.write_text(PHP_DUMP)
        out = subprocess.run(
            ["php", str(dump), str(src), SITE_NAME, SITE_URL],
            check=True,
            capture_output=True,
        ).stdout
    return json.loads(out)


TAG = re.compile(r"\{(!if|!endif)?\s*([A-Za-z_0-9]*)\}\n?")


def fill(template: str, values: dict[str, str]) -> str:
    """Geeklog's compiled template: {var}, {!if var}...{!endif}; PHP eats one newline after."""
    out: list[str] = []
    keep = [True]
    pos = 0
    for m in TAG.finditer(template):
        if keep[-1]:
            out.append(template[pos : m.start()])
        pos = m.end()
        op, name = m.group(1), m.group(2)
        if op == "!if":
            keep.append(keep[-1] and bool(values.get(name)))
        elif op == "!endif":
            keep.pop()
        elif keep[-1]:
            out.append(values.get(name, ""))
    if keep[-1]:
        out.append(template[pos:])
    return "".join(out)


def _q(text: str) -> str:
    """PHPMailer's encodeQ for a header: space as _, other non-alphanumerics as =XX."""
    raw = text.encode()
    out = "".join(
        "_"
        if b == 32
        else chr(b)
        if (48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122)
        else f"={b:02X}"
        for b in raw
    )
    return f"=?utf-8?Q?{out}?="


def subject_header(text: str) -> str:
    if text.isascii():
        return text
    non_ascii = sum(not c.isascii() for c in text)
    if non_ascii > len(text) / 3:
        return f"=?utf-8?B?{base64.b64encode(text.encode()).decode()}?="
    return _q(text)


def mime(*, to: str, subject: str, html: str, text: str, n: int, ident: str) -> bytes:
    boundary = "b1_" + hashlib.md5(ident.encode()).hexdigest()[:32]
    msgid = hashlib.sha1(ident.encode()).hexdigest()[:32]
    head = (
        f"Date: Tue, 14 Apr 2026 09:{10 + n:02d}:03 +0000\n"
        f"To: {to}\n"
        f"From: {NOREPLY}\n"
        f"Subject: {subject_header(subject)}\n"
        f"Message-ID: <{msgid}@lakesiderunners.org>\n"
        f"X-Mailer: Geeklog {VERSION}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: multipart/alternative;\n"
        f' boundary="{boundary}"\n'
        "Content-Transfer-Encoding: 8bit\n"
        "\n"
        "This is a multi-part message in MIME format.\n"
    )
    body = (
        f"--{boundary}\n"
        "Content-Type: text/plain; charset=utf-8\n"
        "Content-Transfer-Encoding: 8bit\n\n"
        f"{text}\n\n"
        f"--{boundary}\n"
        "Content-Type: text/html; charset=utf-8\n"
        "Content-Transfer-Encoding: 8bit\n\n"
        f"{html}\n\n"
        f"--{boundary}--\n"
    )
    return (head + body).encode()


def _save(*, template, lang, kind, code, raw, paths, rendered, note) -> None:
    group = f"{SOURCE}-{template}"
    ident = f"{group}-{lang}"
    out = HERE / "mail" / SOURCE / f"{ident}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    ITEMS.append(
        {
            "id": ident,
            "group": group,
            "source": SOURCE,
            "lang": lang,
            "kind": kind,
            "code": code,
            "repository": GEEKLOG,
            "path": paths,
            "commit": GEEKLOG_COMMIT,
            "licence": LICENCE,
            "rendered": rendered,
            "file": f"mail/{SOURCE}/{ident}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
            "note": note,
        }
    )


def geeklog(repo: Path) -> None:
    tpl = {
        name: _show(repo, THEME + name + ".thtml").decode()
        for name in (
            "user_info-html",
            "user_info-plaintext",
            "user_request_password-html",
            "user_request_password-plaintext",
            "email_footer-html",
            "email_footer-plaintext",
        )
    }
    for name in list(tpl):
        if name.endswith("plaintext"):
            tpl[name] = tpl[name].replace("\r", "").replace("\n", "")  # CTL_removeLineFeeds
    seen: set[str] = set()
    for n, (file, lang, user, email, password, reqid) in enumerate(LANGS):
        strings = _lang(repo, file)
        l04, l08, l31 = strings["LANG04"], strings["LANG08"], strings["LANG31"]
        tag = lang if lang not in seen else f"{lang}-formal"
        seen.add(lang)
        common = {
            "email_divider": l31["email_divider"],
            "email_divider_html": l31["email_divider_html"],
            "LB": "\n",
            "XHTML": "",
            "site_name": SITE_NAME,
            "site_url": SITE_URL,
            "site_slogan": SITE_SLOGAN,
        }
        footer = {
            **common,
            "lang_email_footer_msg_noreply": l31["email_footer_msg_noreply"],
            "lang_email_footer_msg_content": l31["email_footer_msg_content"],
            "lang_end_of_msg": l08["34"],
        }
        foot_html = fill(tpl["email_footer-html"], footer)
        foot_text = fill(tpl["email_footer-plaintext"], footer)
        subject = f"{SITE_NAME}: {l04['16']}"
        footer_paths = (
            f"{THEME}email_footer-{{html,plaintext}}.thtml, language/{file}.php, "
            "public_html/lib-common.php, system/classes/Mail.php"
        )

        info = {
            **common,
            "lang_user_info_msg": l04["15"],
            "lang_username": l04["2"],
            "username": user,
            "lang_password": l04["4"],
            "password": password,
            "lang_password_msg": l04["14"],
        }
        ident = f"{SOURCE}-user-info-{tag}"
        raw = mime(
            to=email,
            subject=subject,
            html=fill(tpl["user_info-html"], info) + foot_html,
            text=fill(tpl["user_info-plaintext"], info) + foot_text,
            n=n,
            ident=ident,
        )
        _save(
            template="user-info",
            lang=tag,
            kind="saas-otp",
            code=password,
            raw=raw,
            paths=f"{THEME}user_info-{{html,plaintext}}.thtml, system/lib-user.php, "
            "system/lib-security.php, " + footer_paths,
            rendered="USER_createAndSendPassword(): template filled as Geeklog's compiled "
            "templates fill it, COM_mail() footer, PHPMailer multipart/alternative; "
            "language strings evaluated by the PHP CLI",
            note="New account (or a password set by an admin): the mail gives the user name "
            "and the password SEC_generateRandomPassword() made (8 characters, symbols of its "
            "alphabet kept as part of the password) to log in with. "
            + (
                "The label of the password line is the language's LANG04[4] as it stands."
                if lang != "fr"
                else "The French (France) file's LANG04[4] reads 'Changer le mot de passe' "
                "(change the password) as the password line's label; the value is the "
                "password to log in with."
            ),
        )

        request = {
            **common,
            "lang_user_request_msg": l04["88"].replace("%s", user, 1),
            "lang_user_action_msg": l04["user_password_action_msg"],
            "new_password_url": f"{SITE_URL}/users.php?mode=newpwd&uid={n + 7}&rid={reqid}",
            "lang_ignore_request_msg": l04["89"],
        }
        ident = f"{SOURCE}-request-password-{tag}"
        raw = mime(
            to=email,
            subject=subject,
            html=fill(tpl["user_request_password-html"], request) + foot_html,
            text=fill(tpl["user_request_password-plaintext"], request) + foot_text,
            n=n + 20,
            ident=ident,
        )
        _save(
            template="request-password",
            lang=tag,
            kind="notice",
            code=None,
            raw=raw,
            paths=f"{THEME}user_request_password-{{html,plaintext}}.thtml, "
            "public_html/users.php, " + footer_paths,
            rendered="USER_requestPassword(): template filled as Geeklog's compiled templates "
            "fill it, COM_mail() footer, PHPMailer multipart/alternative; language strings "
            "evaluated by the PHP CLI",
            note="Lost password: the 16-hex request id is only inside the newpwd link. No code.",
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    geeklog(args.mirrors / "Geeklog-Core+geeklog" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
