"""Round 28 (cms): content management systems — ImpressCMS (PHP CMS, five languages).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_cms.py \\
        --mirrors /work/.mirror

Needs nothing beyond the standard library. No PHP is run: the sender's string steps and the
bundled PHPMailer's header encoding are redone here, step by step, and named below.

- ImpressCMS/impresscms (ImpressCMS 2.0.3, GPL-2.0-only, ``docs/license.txt``), commit
  ``IMPRESS_COMMIT``. ``icms_messaging_Handler::send()``
  (``htdocs/libraries/icms/messaging/Handler.php``) reads
  ``language/<lang>/mail_template/<name>.tpl`` as bytes, ``trim()``s it, replaces every
  assigned ``{TAG}`` (plus ``X_ADMINMAIL``, ``X_SITENAME``, ``X_SITEURL``) with
  ``str_replace``, then per recipient ``{X_UNAME}``, ``{X_USERLOGINNAME}``, ``{X_UID}``,
  ``{X_UEMAIL}``, ``{X_UACTLINK}`` (``sendMail`` loop), and hands the text to the language's
  ``XoopsMailerLocal`` (a PHPMailer 6.9.3 subclass, ``htdocs/libraries/phpmailer``) with
  ``CharSet`` ``utf-8`` and ``Encoding`` ``8bit``, Mailer ``mail``: one ``text/plain`` part.
  The French templates and ``pmsg.php`` are ISO-8859-1 files sent under the ``utf-8`` label;
  their bytes are kept as the sender sends them (accented letters are invalid UTF-8 there),
  and the Simplified Chinese templates keep the byte order mark they start with.
  Headers: PHP ``mail()`` puts ``To`` and ``Subject`` first, then PHPMailer's ``Date``,
  ``From`` (site name and ``adminmail``), ``Message-ID``, ``X-Mailer``, ``MIME-Version``,
  ``Content-Type``, ``Content-Transfer-Encoding``. The subject is encoded by PHPMailer's
  ``encodeHeader()`` (redone in ``_encode_header``: ``MAIL_MAX_LINE_LENGTH`` 63, ``us-ascii``
  for 7-bit text, Q-encoding for long or lightly 8-bit subjects with ``wrapText`` and
  ``utf8CharBoundary``, B-encoding by ``base64EncodeWrapMB`` for mostly multibyte ones).
  Mails and callers: ``lostpass2.tpl`` (``htdocs/lostpass.php``: the new password
  ``icms_core_Password::createSalt(8)``, 9 characters of ``[0-9a-zA-Z]`` since its loop runs
  ``$i<=8``; labelled: the mail says to log in with it), ``lostpass1.tpl`` (same file; the
  sha1 ``code`` only inside the link), ``register.tpl`` (``htdocs/register.php``, actkey
  ``substr(md5(uniqid()),0,8)`` only inside the link), ``adminactivate.tpl`` (same file, to
  the activation group; its link keeps the ``&amp;`` the code writes), ``activated.tpl``
  (``htdocs/user.php``), ``resetpass2.tpl`` (``htdocs/resetpass.php``) and ``new_pm.tpl``
  (``htdocs/pmlite.php``, subject ``_PM_MESSAGEPOSTED_EMAILSUBJ`` of ``pmsg.php``). Subjects
  are the ``define()``s of ``language/<lang>/user.php`` with PHP ``sprintf``; French ones
  carry the HTML entities the catalogue writes (``&eacute;``), as sent. Languages: english,
  francais, italiano, nederlands, schinese (every one the repository ships).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

from collect import HERE

ROUND = HERE / "round28" / "cms.json"
IMPRESS = "ImpressCMS/impresscms"
IMPRESS_COMMIT = "5fbdbc9e44e0b60fd9f2afbe1f8ca2cf69ee9621"

ITEMS: list[dict] = []


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw: bytes, note: str | None = None) -> None:  # fmt: skip
    group = f"{source}-{template}"
    ident = f"{group}-{lang}"
    out = HERE / "mail" / source / f"{ident}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": f"mail/{source}/{ident}.eml",
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


def _pick(alphabet: str, n: int, seed: str) -> str:
    """n characters of alphabet, fixed by seed (a value of the generator's shape)."""
    digest = hashlib.sha256(seed.encode()).digest()
    while len(digest) < n:
        digest += hashlib.sha256(digest).digest()
    return "".join(alphabet[b % len(alphabet)] for b in digest[:n])


# ---------------------------------------------------------------------------------------
# PHPMailer 6.9.3 header encoding (Mailer "mail": LE "\n", MAIL_MAX_LINE_LENGTH 63)


def _has_8bit(s: bytes) -> bool:
    return any(b >= 0x80 for b in s)


def _encode_q(s: bytes) -> bytes:
    s = s.replace(b"\r", b"").replace(b"\n", b"")
    special = set(range(10)) | {11, 12} | set(range(14, 32)) | {0x3D, 0x3F, 0x5F}
    special |= set(range(0x7F, 0x100))
    out = b"".join(b"=%02X" % b if b in special else bytes([b]) for b in s)
    return out.replace(b" ", b"_")


def _utf8_char_boundary(text: bytes, max_length: int) -> int:
    found = False
    look_back = 3
    while not found:
        last = text[max_length - look_back : max_length]
        pos = last.find(b"=")
        if pos != -1:
            start = max_length - look_back + pos + 1
            dec = int(text[start : start + 2] or b"0", 16)
            if dec < 128:
                if pos > 0:
                    max_length -= look_back - pos
                found = True
            elif dec >= 192:
                max_length -= look_back - pos
                found = True
            else:
                look_back += 3
        else:
            found = True
    return max_length


def _wrap_q(word: bytes, length: int) -> list[bytes]:
    """wrapText($encoded, $maxlen, true) for one space-free Q word, split at its '=\\n'."""
    parts = []
    while word:
        n = _utf8_char_boundary(word, length)
        parts.append(word[:n])
        word = word[n:]
    return parts


def _b64_wrap_mb(s: bytes) -> list[bytes]:
    text = s.decode("utf-8")
    length = 75 - len("=?utf-8?B?") - len("?=")
    ratio = len(text) / len(s)
    avg = int(length * ratio * 0.75)
    chunks = []
    i = 0
    while i < len(text):
        look_back = 0
        while True:
            offset = avg - look_back
            chunk = base64.b64encode(text[i : i + offset].encode())
            look_back += 1
            if len(chunk) <= length:
                break
        chunks.append(chunk)
        i += offset
    return chunks


def _encode_header(s: bytes) -> bytes:
    """PHPMailer::encodeHeader($str, 'text') with CharSet utf-8 and Mailer mail."""
    matchcount = sum(1 for b in s if b <= 8 or b in (11, 12) or 14 <= b <= 31 or b >= 127)
    charset = b"utf-8" if _has_8bit(s) else b"us-ascii"
    maxlen = 63 - (8 + len(charset))
    if matchcount > len(s) / 3:
        try:
            s.decode("utf-8")
            multibyte = len(s) != len(s.decode("utf-8"))
        except UnicodeDecodeError:
            multibyte = False
        assert multibyte
        lines = _b64_wrap_mb(s)
        enc = b"B"
    elif matchcount > 0 or len(s) > maxlen:
        lines = _wrap_q(_encode_q(s), maxlen)
        enc = b"Q"
    else:
        return s
    return b"\r\n".join(b" =?" + charset + b"?" + enc + b"?" + line + b"?=" for line in lines)[1:]


def _phpmailer(*, subject: bytes, from_name: str, from_addr: str, body: bytes,
               sent: datetime) -> bytes:  # fmt: skip
    body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if not body.endswith(b"\n"):
        body += b"\n"
    head = [
        b"To: noor.tester@example.com",
        b"Subject: " + _encode_header(subject),
        b"Date: " + format_datetime(sent).encode(),
        f"From: {from_name} <{from_addr}>".encode(),
        b"Message-ID: <corpus@mail.example>",
        b"X-Mailer: PHPMailer 6.9.3 (https://github.com/PHPMailer/PHPMailer)",
        b"MIME-Version: 1.0",
        b"Content-Type: text/plain; charset=utf-8",
        b"Content-Transfer-Encoding: 8bit",
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body.replace(b"\n", b"\r\n")


def _php_define(src: bytes, name: str) -> bytes:
    m = re.search(
        rb"define\(\s*(['\"])" + name.encode() + rb"\1\s*,\s*(['\"])((?:\\.|(?!\2).)*)\2\s*\)", src
    )
    assert m, name
    value = m.group(3)
    quote = m.group(2)
    return value.replace(b"\\" + quote, quote).replace(b"\\\\", b"\\")


# ---------------------------------------------------------------------------------------
# ImpressCMS

ICMS_SITE = "Kestrel Arts"
ICMS_URL = "https://www.kestrelarts.example"
ICMS_ADMIN = "webmaster@kestrelarts.example"
ICMS_LANGS = {
    "english": "en",
    "francais": "fr",
    "italiano": "it",
    "nederlands": "nl",
    "schinese": "zh",
}
BASE62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def impresscms(repo: Path) -> None:
    commit = IMPRESS_COMMIT
    user = {
        "uname": "NoorT",
        "login_name": "noor.t",
        "uid": "214",
        "email": "noor.tester@example.com",
    }
    ip = "203.0.113.57"
    actkey = _pick("0123456789abcdef", 8, "icms-actkey")
    areyou = hashlib.sha1(b"icms-lostpass-" + user["login_name"].encode()).hexdigest()
    jobs = [
        # template, caller, subject constant, subject args, assigned tags, code?
        ("lostpass2", "htdocs/lostpass.php", "user.php", "_US_NEWPWDREQ", [ICMS_SITE, ICMS_URL]),
        ("lostpass1", "htdocs/lostpass.php", "user.php", "_US_NEWPWDREQ", [ICMS_SITE, ICMS_URL]),
        ("register", "htdocs/register.php", "user.php", "_US_USERKEYFOR", [user["uname"]]),
        ("adminactivate", "htdocs/register.php", "user.php", "_US_USERKEYFOR", [user["uname"]]),
        ("activated", "htdocs/user.php", "user.php", "_US_YOURACCOUNT", [ICMS_SITE, ICMS_URL]),
        ("resetpass2", "htdocs/resetpass.php", "user.php", "_US_PWDRESET", [ICMS_URL]),
        ("new_pm", "htdocs/pmlite.php", "pmsg.php", "_PM_MESSAGEPOSTED_EMAILSUBJ", [ICMS_SITE]),
    ]
    n = 0
    for folder, lang in ICMS_LANGS.items():
        for name, caller, langfile, const, args in jobs:
            newpwd = _pick(BASE62, 9, f"icms-newpwd-{lang}")
            src = _show_bytes(repo, commit, f"htdocs/language/{folder}/{langfile}")
            fmt = _php_define(src, const)
            subject = fmt
            for a in args:
                subject = subject.replace(b"%s", a.encode(), 1)
            tpl = _show_bytes(repo, commit, f"htdocs/language/{folder}/mail_template/{name}.tpl")
            body = tpl.strip(b" \t\n\r\0\x0b")
            tags: dict[str, str] = {}
            recipient = dict(user)
            if name in ("lostpass2", "lostpass1", "activated", "resetpass2"):
                tags |= {"SITENAME": ICMS_SITE, "ADMINMAIL": ICMS_ADMIN, "SITEURL": ICMS_URL + "/"}
                if name in ("lostpass2", "lostpass1", "resetpass2"):
                    tags["IP"] = ip
            if name == "lostpass2":
                tags["NEWPWD"] = newpwd
            if name == "lostpass1":
                tags["NEWPWD_LINK"] = f"{ICMS_URL}/lostpass.php?email={user['email']}&code={areyou}"
            if name == "adminactivate":
                tags |= {
                    "USERNAME": user["uname"],
                    "USERLOGINNAME": user["login_name"],
                    "USEREMAIL": user["email"],
                    "USERACTLINK": f"{ICMS_URL}/user.php?op=actv&amp;id={user['uid']}"
                    f"&amp;actkey={actkey}",
                }
                recipient = {"uname": "Marguerite", "login_name": "marguerite.admin",
                             "uid": "1", "email": "noor.tester@example.com"}  # fmt: skip
            if name == "new_pm":
                tags |= {
                    "X_SITENAME": ICMS_SITE,
                    "X_SITEURL": ICMS_URL + "/",
                    "X_ADMINMAIL": ICMS_ADMIN,
                    "X_UNAME": user["uname"],
                    "X_FROMUNAME": "Hendrik",
                    "X_SUBJECT": "Rehearsal on Thursday",
                    "X_MESSAGE": "Could you bring the alto scores to Thursday's rehearsal? "
                    "We start at 19:30 in the small hall.",
                    "X_ITEM_URL": ICMS_URL + "/viewpmsg.php",
                }
            tags |= {"X_ADMINMAIL": ICMS_ADMIN, "X_SITENAME": ICMS_SITE, "X_SITEURL": ICMS_URL}
            for k, v in tags.items():
                body = body.replace(b"{" + k.encode() + b"}", v.encode())
                subject = subject.replace(b"{" + k.encode() + b"}", v.encode())
            subject = subject.replace(b"{X_UNAME}", recipient["uname"].encode())
            for k, v in (
                ("X_USERLOGINNAME", recipient["login_name"]),
                ("X_UID", recipient["uid"]),
                ("X_UEMAIL", recipient["email"]),
                ("X_UNAME", recipient["uname"]),
                ("X_UACTLINK", f"{ICMS_URL}/user.php?op=actv&id={recipient['uid']}"
                 f"&actkey={actkey}"),
            ):  # fmt: skip
                body = body.replace(b"{" + k.encode() + b"}", v.encode())
            raw = _phpmailer(
                subject=subject,
                from_name=ICMS_SITE,
                from_addr=ICMS_ADMIN,
                body=body,
                sent=datetime(2027, 2, 3, 9, 5, 0, tzinfo=UTC) + timedelta(minutes=7 * n),
            )
            n += 1
            code = newpwd if name == "lostpass2" else None
            note = None
            if name == "lostpass2":
                note = "the new password createSalt(8) makes (9 characters), to log in with"
            elif name in ("lostpass1", "register", "adminactivate"):
                note = "the key is only inside the link"
            if lang == "fr" and (b"\xe9" in body or b"\xe0" in body or b"\xe8" in body):
                note = (note + "; " if note else "") + (
                    "the template is ISO-8859-1 sent as utf-8, as ImpressCMS sends it"
                )
            _save(
                source="impresscms",
                template=name.replace("_", "-"),
                lang=lang,
                kind="notice",
                code=code,
                repository=IMPRESS,
                path=f"htdocs/language/{folder}/mail_template/{name}.tpl,{caller},"
                f"htdocs/language/{folder}/{langfile},htdocs/libraries/icms/messaging/Handler.php",
                commit=commit,
                licence="GPL-2.0-only",
                rendered="the .tpl bytes filled by str_replace as icms_messaging_Handler does; "
                "PHPMailer 6.9.3 headers and subject encoding redone",
                raw=raw,
                note=note,
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    impresscms(args.mirrors / "ImpressCMS+impresscms" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
