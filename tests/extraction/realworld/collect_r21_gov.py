"""Round twenty-one, government and public-sector software: the sign-in mails of Open
Government Products' (Singapore) starter kit for public-sector web apps.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_gov.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- opengovsg/starter-kit (MIT), the starter kit of Open Government Products (GovTech
  Singapore) for its public-sector apps: the e-mail OTP sign-in of
  ``apps/web/src/server/modules/auth/auth.service.ts`` (``emailLogin``), sent through
  ``sendMail`` (``mail.service.ts``: Postman, the Singapore government's transactional-mail
  API, whose ``body`` is HTML). The subject ``Sign in to ${url.host}`` and the body template
  literal are read from the source and filled as JavaScript fills them: the prefix of
  ``createVfnPrefix`` (3 of ``ABCDEFGHJKLMNPQRSTUVWXYZ``), the token of ``createVfnToken``
  (``OTP_LENGTH`` 8 of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``, ``auth.utils.ts`` and
  ``validators/auth.ts``), the expiry ``issuedAt`` + ``OTP_EXPIRY`` (600 s, ``env.ts``) in
  date-fns ``dd MMM yyyy, h:mmaaa`` (Singapore time). text/html only; From is Postman's
  sender address as an app would configure it (invented). Several apps built on the kit are
  shown, each its own host and values (one group, the same template).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 6, 41, 17, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "gov.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, sent=SENT):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=sent)
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    group = f"{source}-{template.rsplit('-', 1)[0]}" if template[-1].isdigit() else None
    item = {
        "id": ident, "group": group or f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# OGP starter kit

SK_REPO = "opengovsg/starter-kit"
SK_COMMIT = "bff7fbc9cd180764426121d640708c858f347353"
SK_PATH = "apps/web/src/server/modules/auth/auth.service.ts"
SGT = timezone(timedelta(hours=8))
# (host, sender name, prefix, token, minutes after SENT)
SK_APPS = [
    ("permits.hdb-renovation.example.gov.sg", "Renovation Permits", "KQT", "7RZ4M2XH", 0),
    ("grants.community-fund.example.gov.sg", "Community Grants", "BWN", "M8F3KP2A", 37),
    ("licences.food-stalls.example.gov.sg", "Hawker Stall Licensing", "HAP", "2QW9NNE5", 95),
    ("checkin.polling-stations.example.gov.sg", "Polling Station Check-in", "ZEC", "AAC6TJ7V",
     214),
    ("claims.civil-service.example.gov.sg", "Staff Claims", "RMD", "5HX8D3UL", 402),
]  # fmt: skip


def _date_fns(d: datetime) -> str:
    """date-fns ``dd MMM yyyy, h:mmaaa``."""
    hour = d.hour % 12 or 12
    return f"{d:%d %b %Y}, {hour}:{d:%M}{'am' if d.hour < 12 else 'pm'}"


def starter_kit() -> None:
    src = _show(SK_REPO, SK_COMMIT, SK_PATH)
    subj_tpl = re.search(r"subject: `([^`]*)`", src).group(1)
    body_tpl = re.search(r"body: `([^`]*)`", src, flags=re.S).group(1)
    assert subj_tpl == "Sign in to ${url.host}"
    for i, (host, name, prefix, token, minutes) in enumerate(SK_APPS, 1):
        sent = SENT + timedelta(minutes=minutes)
        expiry = (sent + timedelta(seconds=600)).astimezone(SGT)
        body = body_tpl.replace("${otpPrefix}", prefix).replace("${token}", token)
        body = re.sub(r"\$\{format\(\s*expiry,\s*'dd MMM yyyy, h:mmaaa'\s*\)\}",
                      _date_fns(expiry), body)  # fmt: skip
        assert "${" not in body
        _save(
            source="ogp-starter-kit", template=f"email-otp-{i}", lang="en", kind="gov-otp",
            code=token, repository=SK_REPO,
            path=f"{SK_PATH}; apps/web/src/server/modules/auth/auth.utils.ts; "
            "apps/web/src/validators/auth.ts; apps/web/src/env.ts", commit=SK_COMMIT,
            licence="MIT",
            rendered="subject and body template literal read from the source and filled as "
            "JavaScript fills them (date-fns format reproduced); text/html only (Postman body)",
            sender=f"{name} <donotreply@mail.postman.gov.sg>", subject=f"Sign in to {host}",
            text=None, html_part=body, sent=sent,
            note=f"the OTP is shown as {prefix}-{token}: the 3-letter prefix is only for "
            "matching the mail to the sign-in page (the page shows it beside the input); the "
            "person types the 8-character token in bold",
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    starter_kit()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
