"""Round thirty-one, games and communities: OGame Open Source, a re-creation of the OGame
browser game's server (ogamespec/ogame-opensource) — the welcome mail that repeats the
player's password next to the activation link, the forgotten-password mail with the new
password the server generates, and their siblings without a code (the e-mail-change
confirmation, whose only code is in its link, and the coupon present, whose code is a gift
code), in every language the game ships the mail in (de, en, es, fr, it, jp, ru).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_community.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Only the standard library is needed.

- ogamespec/ogame-opensource (CC0-1.0, ``LICENSE``), commit 33e20231 (2026-08-20).
  Files: ``game/core/user.php`` (``SendGreetingsMail``, ``SendChangeMail``),
  ``game/reg/fa_pass.php`` (the forgotten-password mail), ``game/core/coupon.php``
  (``SendCoupon``'s ``mail_html``, the code from ``AddCoupon``), ``game/core/utils.php``
  (``va``, ``mail_utf8``, ``hostname``, ``gen_trivial_password``), ``game/core/loca.php``
  (``loca_lang``: a missing key is returned as the key itself) and the catalogues
  ``game/loca/<lang>/{reg,common,coupons}.php``.
  How the sender renders: ``va`` replaces ``#1``..``#n`` in order (``preg_replace``; no value
  here holds ``$`` or ``\\``); ``mail_utf8`` calls PHP's ``mail()`` with the subject
  ``=?UTF-8?B?<base64>?=`` and the headers ``MIME-Version: 1.0\\nContent-type: text/plain;
  charset=UTF-8\\n`` plus the caller's ``From:``; ``mail_html`` the same with ``text/html``
  (coupons). PHP 8.2's ``mail()`` hands sendmail ``To: <to>\\r\\nSubject: <subject>\\r\\n``,
  the headers as given (their inner line ends stay ``\\n``), ``\\r\\n\\r\\n``, the body
  (its ``\\n`` line ends as they are) and ``\\r\\n``; each ``.eml`` here is those bytes,
  checked against ``php -n -d sendmail_path='cat > file'`` running ``mail()`` (PHP
  8.2.36). The catalogues are read here by a small reader of their double-quoted PHP
  strings (checked against PHP's own ``include`` + ``json_encode`` of every file used).
  What was done: the welcome mail (``REG_GREET_MAIL_SUBJ``/``BODY``/``FOOTER``; no forum or
  tutorial link configured) with the password the player chose and the link
  ``hostname()."game/validate.php?ack=".md5(time().$db_secret)``; From
  ``OGame Uni  5 <noreply@SERVER_NAME>`` (``$domain`` is empty, hence the two spaces); the
  e-mail-change mail (``REG_CHANGE_MAIL_*``); the forgotten-password mail
  (``REG_FORGOT_SUBJ``/``MAIL``, From ``welcome@SERVER_NAME``) with a password of
  ``gen_trivial_password``'s shape (four syllables of its list, a number 1..50 in one draw
  of ten); the coupon mail (``COUPON_SUBJ``/``MESSAGE``, From ``coupon@SERVER_NAME``) with a
  code of ``AddCoupon``'s shape (20 base-36 capitals in hyphenated groups of four). The
  French catalogue lacks the welcome and change keys, so those mails would carry the bare
  key names and are left out; the Japanese one has no ``coupons.php``; the German, Spanish
  and Italian coupon texts are the English one and are left out. Server name
  ``uni5.ogame-os.example``, universe 5.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "community"

OG_REPO = "ogamespec/ogame-opensource"
OG_COMMIT = "33e20231fd8130eb4f989c58aa4fa5750074cd84"
OG_LICENCE = "CC0-1.0"
OG_SOURCE = "ogame-opensource"
LANGS = {"de": "de_de", "en": "en_en", "es": "es_es", "fr": "fr_fr", "it": "it_it",
         "jp": "jp_jp", "ru": "ru_ru"}  # fmt: skip
ITEM_LANG = {"jp": "ja"}
SERVER = "uni5.ogame-os.example"
UNI = "5"

_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "$": "$"}


def _show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def _php_string(src: str, i: int) -> tuple[str, int]:
    """Read a double-quoted PHP string starting at src[i] == '"'; return (value, end)."""
    out = []
    i += 1
    while src[i] != '"':
        ch = src[i]
        if ch == "\\" and src[i + 1] in _ESC:
            out.append(_ESC[src[i + 1]])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out), i + 1


def _loca(text: str) -> dict[str, str]:
    """The $LOCA["xx"]["KEY"] = "..." . "..."; assignments of one catalogue file."""
    keys: dict[str, str] = {}
    for m in re.finditer(r'\$LOCA\["\w+"\]\["(\w+)"\]\s*=\s*', text):
        i = m.end()
        parts = []
        while True:
            value, i = _php_string(text, i)
            parts.append(value)
            j = i
            while text[j] in " \t\r\n":
                j += 1
            if text[j] != ".":
                break
            j += 1
            while text[j] in " \t\r\n":
                j += 1
            i = j
        keys[m.group(1)] = "".join(parts)
    return keys


def _va(subject: str, *args: str) -> str:
    for n, value in enumerate(args, 1):
        subject = subject.replace(f"#{n}", value)
    return subject


def _php_mail(to: str, subject: str, message: str, headers: str) -> bytes:
    encoded = "=?UTF-8?B?" + base64.b64encode(subject.encode()).decode() + "?="
    text = f"To: {to}\r\nSubject: {encoded}\r\n{headers}\r\n\r\n{message}\r\n"
    return text.encode("utf-8")


def _mail_utf8(to: str, subject: str, message: str, header: str) -> bytes:
    return _php_mail(
        to,
        subject,
        message,
        "MIME-Version: 1.0\nContent-type: text/plain; charset=UTF-8\n" + header,
    )


def _mail_html(to: str, subject: str, message: str, header: str) -> bytes:
    return _php_mail(
        to, subject, message, "MIME-Version: 1.0\nContent-type: text/html; charset=UTF-8\n" + header
    )


ITEMS: list[dict] = []


def _save(*, ident: str, group: str, lang: str, kind: str, code: str | None, path: str,
          rendered: str, raw: bytes, note: str | None = None) -> None:  # fmt: skip
    rel = f"mail/{OG_SOURCE}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident,
        "group": group,
        "source": OG_SOURCE,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": OG_REPO,
        "path": path,
        "commit": OG_COMMIT,
        "licence": OG_LICENCE,
        "rendered": rendered,
        "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# Players: (display name, e-mail, password chosen at registration, generated password)
PLAYERS = {
    "de": ("Kaiserin_Mira", "mira.weber@example.de", "Sternenflotte77", "lensimcoak"),
    "en": ("Admiral_Voss", "j.voss@example.com", "NovaHarbor42", "wolcha12ten"),
    "es": ("Capitana_Lucia", "lucia.ortega@example.es", "Andromeda2026", "preirbolat"),
    "fr": ("Amiral_Remy", "remy.lefort@example.fr", "", "nesalpenson"),
    "it": ("Ammiraglio_Dario", "dario.conti@example.it", "Galassia1983", "vetfi37way"),
    "jp": ("Shogun_Haru", "haru.tanaka@example.jp", "Hoshizora88", "chosimpoal"),
    "ru": ("Kosmonavt_Ilya", "ilya.sokolov@example.ru", "Zvezda2024", "toelor19cil"),
}
NEW_MAILS = {
    "de": "mira.neu@example.de",
    "en": "voss.fleet@example.com",
    "es": "lucia.o@example.es",
    "it": "d.conti@example.it",
    "jp": "haru.t@example.jp",
    "ru": "sokolov.i@example.ru",
}
COUPONS = {"en": "4K7Q-ZX2M-9BTD-R31P-W8NC", "fr": "7HPA-2MWQ-E5XK-0T9R-LD4S",
           "ru": "Q2N8-6YVB-KJ3F-TE7W-1CUZ"}  # fmt: skip


def ogame(mirrors: Path) -> None:
    cat: dict[str, dict[str, str]] = {}
    for lang, folder in LANGS.items():
        keys: dict[str, str] = {}
        for section in ("common", "reg", "coupons"):
            path = f"game/loca/{folder}/{section}.php"
            try:
                text = _show(mirrors, OG_REPO, OG_COMMIT, path).decode("utf-8")
            except subprocess.CalledProcessError:
                continue
            keys.update(_loca(text))
        cat[lang] = keys
    host = f"http://{SERVER}/"
    for lang, keys in cat.items():
        name, email, chosen, generated = PLAYERS[lang]
        folder = LANGS[lang]
        ilang = ITEM_LANG.get(lang, lang)
        sender = _va(f"From: #1 Uni  {UNI} <noreply@{SERVER}>", keys["OGAME_INT"])
        if "REG_GREET_MAIL_BODY" in keys:
            ack = hashlib.md5(f"1786960800{lang}-secret".encode()).hexdigest()
            text = _va(keys["REG_GREET_MAIL_BODY"], name, UNI,
                       f"{host}game/validate.php?ack={ack}", name, chosen, UNI,
                       keys["OGAME_LOC"])  # fmt: skip
            text += _va(keys["REG_GREET_MAIL_FOOTER"], keys["OGAME_LOC"])
            subject = _va(keys["REG_GREET_MAIL_SUBJ"], keys["OGAME_LOC"])
            _save(
                ident=f"ogame-welcome-{ilang}", group="ogame-welcome", lang=ilang,
                kind="saas-otp", code=chosen,
                path=f"game/core/user.php, game/core/utils.php, game/loca/{folder}/reg.php",
                rendered="SendGreetingsMail(): va() of REG_GREET_MAIL_BODY + FOOTER, "
                "mail_utf8() -> PHP mail() as handed to sendmail",
                raw=_mail_utf8(email, subject, text, sender),
                note="The welcome mail repeats the password the player chose under its "
                "credentials ('Password:'), beside the activation link (its ack is only in "
                "the link). The password is what is typed to log in.",
            )  # fmt: skip
        if "REG_CHANGE_MAIL_BODY" in keys:
            ack = hashlib.md5(f"1787047200{lang}-secret".encode()).hexdigest()
            text = _va(keys["REG_CHANGE_MAIL_BODY"], name, UNI, NEW_MAILS[lang],
                       f"{host}game/validate.php?ack={ack}", keys["OGAME_INT"])  # fmt: skip
            subject = _va(keys["REG_CHANGE_MAIL_SUBJ"], keys["OGAME_INT"])
            _save(
                ident=f"ogame-email-change-{ilang}", group="ogame-email-change", lang=ilang,
                kind="notice", code=None,
                path=f"game/core/user.php, game/core/utils.php, game/loca/{folder}/reg.php",
                rendered="SendChangeMail(): va() of REG_CHANGE_MAIL_BODY, mail_utf8() -> "
                "PHP mail() as handed to sendmail",
                raw=_mail_utf8(email, subject, text, sender),
                note="The activation code (ack) is only inside the confirmation link. No code.",
            )  # fmt: skip
        text = _va(keys["REG_FORGOT_MAIL"], name, UNI, generated, host, keys["OGAME_LOC"])
        subject = _va(keys["REG_FORGOT_SUBJ"], keys["OGAME_LOC"])
        _save(
            ident=f"ogame-password-{ilang}", group="ogame-password", lang=ilang,
            kind="saas-otp", code=generated,
            path=f"game/reg/fa_pass.php, game/core/utils.php, game/loca/{folder}/reg.php",
            rendered="fa_pass.php: gen_trivial_password(), va() of REG_FORGOT_MAIL, "
            "mail_utf8() -> PHP mail() as handed to sendmail",
            raw=_mail_utf8(email, subject, text, f"From: welcome@{SERVER}"),
            note="The new password the server generated (gen_trivial_password: four "
            "syllables, sometimes a number) to log in with.",
        )  # fmt: skip
        if lang in COUPONS:
            text = _va(keys["COUPON_MESSAGE"], name, COUPONS[lang])
            _save(
                ident=f"ogame-coupon-{ilang}", group="ogame-coupon", lang=ilang,
                kind="notice", code=None,
                path=f"game/core/coupon.php, game/core/utils.php, game/loca/{folder}/coupons.php",
                rendered="SendCoupon(): va() of COUPON_MESSAGE, mail_html() -> PHP mail() "
                "as handed to sendmail",
                raw=_mail_html(email, keys["COUPON_SUBJ"], text, f"From: coupon@{SERVER}"),
                note="A coupon (a present of Dark Matter, AddCoupon's code) redeemed in the "
                "game: a gift code, which the rules do not count. No code.",
            )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    ogame(args.mirrors)
    out = HERE / "round31" / f"{NAME}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
