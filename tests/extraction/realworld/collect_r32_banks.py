"""Round 32, banks (blind): GNU Anastasis, the key-recovery service of the GNU Taler payment
system, its e-mail challenge ("Recovery TAN") in both languages it ships.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_banks.py \\
        --mirrors /work/.mirror

- LedgerProject/Anastasis (AGPL-3.0-or-later: ``LICENSE`` is the GNU Affero GPL version 3
  text and the sources carry "either version 3 of the License, or (at your option) any
  later version"), commit ANASTASIS_COMMIT, a snapshot of GNU Anastasis, GNU Taler's wallet
  core and anastasis-gtk made for the Ledger Project.
  Files used (under ``anastasis-g12e1f2b/src/``): ``authorization/authorization-email-
  messages.json`` (the ``body`` and its ``body_i18n`` translation ``de_DE``),
  ``authorization/anastasis_authorization_plugin_email.c`` (``get_message`` picks the
  string by the client's Accept-Language, ``en_US`` when none; ``email_process`` writes
  ``GNUNET_asprintf(body, (unsigned long long) code, ANASTASIS_CRYPTO_uuid2s(truth_uuid))``
  to the standard input of the configured command), ``authorization/anastasis-authorization-
  email.sh`` (that command: ``exec mail -s "Anastasis" -r noreply "$1"``, so one text/plain
  part, the subject ``Anastasis``, the sender ``noreply`` qualified by the local MTA),
  ``stasis/plugin_anastasis_postgres.c`` (the code: ``GNUNET_CRYPTO_random_u64(...,
  NONCE_MAX_VALUE)`` with ``NONCE_MAX_VALUE (1LLU << 52)``, so up to sixteen decimal digits)
  and ``util/anastasis_crypto.c`` (``ANASTASIS_CRYPTO_uuid2s``: the first six characters of
  the truth UUID in GNUnet's Crockford base32). The code is read back by
  ``anastasis-gtk-gbee9503/src/anastasis/anastasis-gtk_handle-challenge-code.c``, which skips
  an ``A-`` prefix if the user typed it (``strncasecmp ("a-", qs, 2)``) and then reads
  ``%llu``.
  Rendering here: the ``printf`` of the body done in Python (``%llu`` and ``%s``), sent as
  ``mail`` sends it: one text/plain part in UTF-8 (the German body has ``für``), subject
  ``Anastasis``, From ``noreply@anastasis.example.com``. Values: code 2718281828459045 (below
  2**52), challenge ``7Q3KMB`` (six base32 characters).
  Label: the mail shows ``A-2718281828459045``; that is the code (what a reader copies), and
  the digits alone are in ``also_code`` because the client accepts both (the line above).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 8, 10, 15, tzinfo=UTC)
OUT = HERE / "round32" / "banks.json"

ANASTASIS = "LedgerProject/Anastasis"
ANASTASIS_COMMIT = "1598ef80ab05a548b14cdd00a2874efa6aac3f6a"
ANASTASIS_LICENCE = "AGPL-3.0-or-later"
ANASTASIS_FROM = "noreply@anastasis.example.com"
ANASTASIS_MESSAGES = "anastasis-g12e1f2b/src/authorization/authorization-email-messages.json"
ANASTASIS_PLUGIN = "anastasis-g12e1f2b/src/authorization/anastasis_authorization_plugin_email.c"
TAN = 2718281828459045  # GNUNET_CRYPTO_random_u64 (..., 1LLU << 52)
CHALLENGE = "7Q3KMB"  # ANASTASIS_CRYPTO_uuid2s: six Crockford base32 characters


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def anastasis(mirrors: Path) -> list[tuple[dict, bytes]]:
    messages = json.loads(git_show(mirrors, ANASTASIS, ANASTASIS_COMMIT, ANASTASIS_MESSAGES))
    bodies = {"en": messages["body"], "de": messages["body_i18n"]["de_DE"]}
    out = []
    for lang, body in bodies.items():
        assert body.count("%llu") == 1 and body.count("%s") == 1
        text = body.replace("%llu", str(TAN)).replace("%s", CHALLENGE)
        raw = message(
            sender=ANASTASIS_FROM, subject="Anastasis", text=text, html_part=None, sent=SENT
        )
        key = "body" if lang == "en" else "body_i18n.de_DE"
        meta = dict(
            id=f"anastasis-email-tan-{lang}",
            source="anastasis",
            lang=lang,
            kind="fintech-otp",
            code=f"A-{TAN}",
            also_code=[str(TAN)],
            repository=ANASTASIS,
            path=f"{ANASTASIS_MESSAGES} ({key}); {ANASTASIS_PLUGIN}",
            commit=ANASTASIS_COMMIT,
            licence=ANASTASIS_LICENCE,
            rendered=(
                "printf of the body with the code and the challenge, as email_process does, "
                "sent by anastasis-authorization-email.sh (mail -s Anastasis): one text/plain "
                "part"
            ),
            note=(
                "the mail shows the recovery code as A-2718281828459045; anastasis-gtk "
                '(anastasis-gtk_handle-challenge-code.c: strncasecmp ("a-", qs, 2), then '
                "qs += 2 and sscanf %llu) accepts it with or without the A- prefix, so the "
                "digits alone are also right. 7Q3KMB is the challenge it answers, not a code "
                "to type"
            ),
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (anastasis,):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            for extra in ("also_code", "note"):
                if meta.get(extra):
                    item[extra] = meta[extra]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
