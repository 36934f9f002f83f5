"""Round 31 (forum): AsmBB's account mails, rendered as its template engine renders them.

Run as::

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_forum.py \
        --mirrors /work/.mirror

- johnfound/asmbb (EUPL-1.1), commit ``ASMBB_COMMIT`` (the GitHub mirror of the fossil
  repository, two commits after the "Official binary release v3.0"; the mail templates and the
  code below are the same in the release tarball ``install/asmbb.tar.gz`` of that commit).
  Files used: ``www/templates/Wasp/activation_email_subject.tpl`` and
  ``www/templates/Wasp/activation_email_text.tpl`` (every other skin links to these two),
  ``source/commands.asm`` (``ProcessActivationEmails``, ``SendActivationEmail``,
  ``sqlSelectNotSent``), ``source/http.asm`` (``SendEmail``), ``source/timeproc.asm``
  (``GetEmailTimestamp``/``FormatHTTPTime``), ``source/render2.asm`` (``RenderTemplate``),
  ``source/accounts.asm`` (``uopCreateAccount = 0``, ``uopChangeEmail = 1``,
  ``uopResetPassword = 2``; secrets from ``GetRandomString, 32``).

  How the sender renders: ``SendActivationEmail`` renders both templates with
  ``RenderTemplate, 0, <file>, [.stmt], 0`` -- the SQL row (``operation, nick, email, secret,
  host, salt``) but no ``TSpecialParams`` (``.pSpecial = 0``). With no special parameters
  ``.cmd_special`` leaves ``[special:lang]`` in the text unreplaced, so the language ``[case:``
  reads the fourteen characters ``[special:lang]`` as its value (each non-digit adds one),
  which is past the fifth branch, and ``[case:`` takes its last branch: German. The English,
  Bulgarian, Russian and French branches of the templates are never sent; only the three
  German mails below are. The last branch of a ``[case:`` is not trimmed (only a branch chosen
  at a ``|`` has its leading white space deleted), so the subject keeps the CRLF that follows
  the ``|`` before the German ``[equ:`` lines: the subject AsmBB writes is CRLF + text.
  ``SendEmail`` (SMTP, the transport ``install.txt`` describes) writes ``From: <smtp_user>@<host>``,
  ``To:``, ``Date:`` (``FormatHTTPTime``, ``Tue, 13 Jun 2023 09:41:07 GMT``), ``Subject: `` +
  subject, a blank line, the body and CRLF, then ``.``; no MIME headers (8-bit UTF-8 as the
  template files are). The ``.eml`` is the DATA as the SMTP server receives it, without the
  final ``.`` line; so a reader of the mail sees an empty ``Subject`` and the subject text as
  the first line of the body. Field values are HTML-encoded by the engine (``&<>"|``).

  What was done here: ``render()`` below is a port of ``RenderTemplate``'s handling of the
  constructs these templates use (``[case:``, ``[equ:``, ``[const:``, ``[special:`` with no
  special parameters, SQL fields, ``^`` escapes) on the template bytes. It was checked byte
  for byte against the real engine: the v3.0 binary from ``install/asmbb.tar.gz`` unpacked
  under /tmp, run (``./engine``, it listens on ``./engine.sock``), params ``host``,
  ``smtp_user``, ``smtp_addr``, ``smtp_port`` set in ``board.sqlite``, two WaitingActivation
  rows (operations 0 and 1) inserted, one user, then a FastCGI ``GET /!resetpassword`` and
  ``POST /!resetpassword/1/`` (username, email, ticket) to a small Python SMTP sink: the three
  mails it sent equal this renderer's output for the same values (Date aside). That run showed
  the secret's shape: 32 upper-case hexadecimal characters (the ticket and the reset secret it
  made). The values below are of that shape, fixed here.

Labels: the password-reset mail asks the reader to copy the code below it into the reset form
(``ResetPassword`` step 3 compares the posted ``secret`` with ``a_secret``), so the secret is
the code. The activation and e-mail change mails carry the secret only inside the link.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROUND = HERE / "round31" / "forum.json"

ASMBB = "johnfound/asmbb"
ASMBB_COMMIT = "35077a2c090b6d6ed9881f72a23a43fb7a393562"
LICENCE = "EUPL-1.1"
SOURCE = "asmbb"
SUBJECT_TPL = "www/templates/Wasp/activation_email_subject.tpl"
TEXT_TPL = "www/templates/Wasp/activation_email_text.tpl"
DATE = "Tue, 13 Jun 2023 09:41:07 GMT"  # FormatHTTPTime's shape
HOST = "forum.example.org"
SMTP_USER = "noreply"

ITEMS: list[dict] = []


def _show(repo: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{ASMBB_COMMIT}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def _encode(value: bytes) -> bytes:
    """RenderTemplate's field encoding (``.encode_loop``)."""
    out = bytearray()
    for b in value:
        out += {
            ord("<"): b"&lt;",
            ord(">"): b"&gt;",
            ord('"'): b"&quot;",
            ord("&"): b"&amp;",
            ord("|"): b"&vert;",
        }.get(b, bytes([b]))
    return bytes(out)


def _skip_ws(t: bytearray, pos: int) -> int:
    while pos < len(t) and t[pos] <= 0x20:
        pos += 1
    return pos


def render(tpl: bytes, fields: dict[str, bytes]) -> bytes:
    """Port of render2.asm ``RenderTemplate`` for what the mail templates use (no specials)."""
    t = bytearray(tpl)
    consts: dict[bytes, bytes] = {}
    stack = [-1]
    i = 0
    while i < len(t):
        ch = t[i]
        if ch == ord("^"):
            if i + 1 < len(t) and t[i + 1] in b"|[]^":
                del t[i]  # the escaped character is then skipped
            i += 1
            continue
        if ch == ord("["):
            stack.append(i)
            i += 1
            continue
        if ch == ord("|"):
            b = stack[-1]
            if b < 0 or not t.startswith(b"[case:", b):
                i += 1
                continue
            stack.pop()
            j = b + 6
            value = 0
            while j < len(t) and t[j] != ord("|"):
                c = t[j]
                if c > 0x20:
                    value = value * 10 + c - 48 if 48 <= c <= 57 else value + 1
                j += 1
            start, level, k, chosen = j + 1, 0, j, None
            while True:
                k += 1
                if k >= len(t):
                    break
                c = t[k]
                if c == ord("^") and k + 1 < len(t) and t[k + 1] in b"|[]^":
                    k += 1
                    continue
                if c in b"[]":
                    level += 1 if c == ord("[") else -1
                    if level < 0:
                        break
                    continue
                if level or chosen is not None or c != ord("|"):
                    continue
                value -= 1
                if value >= 0:
                    start = k + 1
                else:
                    chosen = bytes(t[_skip_ws(t, start) : k])
            if chosen is None:  # the last branch, not trimmed
                chosen = bytes(t[start:k])
            t[b : k + 1] = chosen
            i = b
            continue
        if ch == ord("]"):
            b = stack[-1]
            if b < 0:
                i += 1
                continue
            stack.pop()
            name = bytes(t[b + 1 : i])
            if b":" not in name:
                key = name.decode().lower()
                if key in fields:
                    val = _encode(fields[key])
                    t[b : i + 1] = val
                    i = b + len(val)
                else:
                    i += 1
                continue
            cmd, arg = name.split(b":", 1)
            if cmd == b"equ":
                if b"=" in arg:
                    key, val = arg.split(b"=", 1)
                    if key:
                        consts[key.lower()] = val
                del t[b : _skip_ws(t, i + 1)]
                i = b
            elif cmd == b"const":
                val = consts.get(arg.lower(), b"")
                t[b : i + 1] = val
                i = b + len(val)
            else:  # [special:...] with .pSpecial = 0, or unknown: left as it is
                i += 1
            continue
        i += 1
    return bytes(t)


def _secret(seed: str) -> str:
    """GetRandomString, 32: 32 upper-case hex characters (seen from the v3.0 engine)."""
    return hashlib.sha256(seed.encode()).hexdigest()[:32].upper()


def _save(*, template, kind, code, raw: bytes, rendered: str, note: str) -> None:
    group = f"{SOURCE}-{template}"
    ident = f"{group}-de"
    out = HERE / "mail" / SOURCE / f"{ident}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    ITEMS.append(
        {
            "id": ident,
            "group": group,
            "source": SOURCE,
            "lang": "de",
            "kind": kind,
            "code": code,
            "repository": ASMBB,
            "path": f"{SUBJECT_TPL}, {TEXT_TPL}, source/commands.asm, source/http.asm, "
            "source/render2.asm",
            "commit": ASMBB_COMMIT,
            "licence": LICENCE,
            "rendered": rendered,
            "file": f"mail/{SOURCE}/{ident}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
            "note": note,
        }
    )


def asmbb(repo: Path) -> None:
    subject_tpl = _show(repo, SUBJECT_TPL)
    text_tpl = _show(repo, TEXT_TPL)
    base_note = (
        "AsmBB renders its mails without the visitor's language ([special:lang] stays "
        "unreplaced, the language case takes its last branch), so every mail is German; the "
        "subject starts with CRLF, so the mail's Subject header is empty and the subject text "
        "is the first line of the body. "
    )
    mails = [
        # operation, template, nick, email, kind, code?, note
        (0, "activation", "jonas_w", "jonas.weber@example.de", "notice", False,
         "Account activation: the secret is only inside the !activate link. No code."),
        (1, "email-change", "marta", "marta.neu@example.de", "notice", False,
         "E-mail change: the secret is only inside the !activate link. No code."),
        (2, "password-reset", "katrin", "katrin.vogel@example.de", "saas-otp", True,
         "Password reset: the mail asks to copy the code below into the reset form "
         "(ResetPassword step 3 looks the posted secret up in WaitingActivation); the code "
         "is GetRandomString's 32 upper-case hex characters."),
    ]  # fmt: skip
    for op, template, nick, email, kind, has_code, note in mails:
        secret = _secret(f"asmbb-{template}")
        fields = {
            "operation": str(op).encode(),
            "nick": nick.encode(),
            "email": email.encode(),
            "secret": secret.encode(),
            "host": HOST.encode(),
            "salt": b"",
        }
        subject = render(subject_tpl, fields)
        body = render(text_tpl, fields)
        raw = (
            f"From: {SMTP_USER}@{HOST}\r\nTo: {email}\r\nDate: {DATE}\r\n".encode()
            + b"Subject: "
            + subject
            + b"\r\n\r\n"
            + body
            + b"\r\n"
        )
        _save(
            template=template,
            kind=kind,
            code=secret if has_code else None,
            raw=raw,
            rendered="SendActivationEmail(): RenderTemplate of activation_email_{subject,text}.tpl "
            f"(operation {op}, no special params), SendEmail() SMTP DATA as written "
            "(port of render2.asm checked against the v3.0 engine binary)",
            note=base_note + note,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    asmbb(args.mirrors / "johnfound+asmbb" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
