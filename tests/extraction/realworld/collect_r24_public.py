"""Round 24, public services (blind): sign-in codes and account notices from public-sector
projects, rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_public.py \\
        --mirrors /work/.mirror

Senders (each rendered the way its own code builds the mail; nothing is run but git):

- ``opengovsg/askgov2`` (MIT, Open Government Products' licence text), AskGov, the Singapore
  Government's public question-and-answer service. ``backend/src/auth/auth.service.ts``
  ``generateOtp`` builds the officer's sign-in mail inline: subject ``One-Time Password
  (OTP) for AskGov``, from ``AskGov <admin@ask.gov.sg>``, an HTML-only body (Postmark
  ``HtmlBody``) from a template literal with ``${token}`` and ``${timeLeft}``. The token is
  otplib's ``totp`` (six digits); ``timeLeft`` is ``OTP_EXPIRY`` (default 300 s,
  ``backend/src/util/api-config.service.ts``) floored to minutes, i.e. 5. The literal is cut
  out of the source as written (its line breaks and indentation are sent as they are).
- ``Sunbird-RC/sunbird-rc-core`` (MIT), Sunbird Registries and Credentials, a digital public
  good used by Indian state bodies (this module was written for UPSMF, the Uttar Pradesh
  State Medical Faculty). ``java/user-management`` sends two FreeMarker templates with
  Spring's ``MimeMessageHelper`` (``setText(html, true)``): ``otp-verification-mail.ftl``
  (``MailService.generateMailContent``: ``signature`` ``UPSMF``, ``location`` empty, the OTP
  from ``OtpUtil`` ``ThreadLocalRandom.nextInt(100000, 999999)``, ``otpDuration`` and
  ``timeUnit`` from ``application.properties``: 10 and ``HOUR`` -> ``hours``) and
  ``user-creation-notification-mail.ftl`` (``loginLInk`` is ``custom.user.login.url`` of the
  shipped properties). Subjects and sender names come from ``application.properties``. The
  templates use only ``${name}`` interpolation, which this script fills as FreeMarker does
  (no auto-escaping in ``.ftl`` files; the values have no markup). The module was removed
  later, so the commit is the last one that has it. Spring wraps the HTML in a
  multipart/mixed + related container; here the same HTML is the single body part.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message  # noqa: E402

ROUND = HERE / "round24" / "public.json"
ITEMS: list[dict[str, Any]] = []


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def licence(repo: Path, commit: str, path: str, name: str) -> None:
    out = HERE / "LICENSES" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(show(repo, commit, path), encoding="utf-8")


def ftl(template: str, values: dict[str, str]) -> str:
    """FreeMarker ``${name}`` interpolation (the only construct these templates use)."""

    def sub(m: re.Match[str]) -> str:
        return values[m.group(1)]

    return re.sub(r"\$\{(\w+)\}", sub, template)


def add(
    *,
    source: str,
    ident: str,
    lang: str,
    kind: str,
    code: str | None,
    repository: str,
    paths: list[str],
    commit: str,
    spdx: str,
    rendered: str,
    raw: bytes,
    note: str | None = None,
) -> None:
    file = f"mail/{source}/{ident}.eml"
    out = HERE / file
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item: dict[str, Any] = {
        "id": ident,
        "group": ident.removesuffix("-" + lang),
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": ", ".join(paths),
        "commit": commit,
        "licence": spdx,
        "rendered": rendered,
        "file": file,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# opengovsg/askgov2

ASKGOV_COMMIT = "c6933cdcc687122c01b48b9fa3140306aea44f20"


def askgov(mirrors: Path) -> None:
    repo = mirrors / "opengovsg+askgov2" / "repo"
    licence(repo, ASKGOV_COMMIT, "LICENSE", "opengovsg+askgov2")
    path = "backend/src/auth/auth.service.ts"
    src = show(repo, ASKGOV_COMMIT, path)
    literal = re.search(r"const html = `(.*?)`", src, re.S).group(1)
    subject = re.search(r"Subject: '([^']*)'", src).group(1)
    sender = re.search(r"From: '([^']*)'", src).group(1)
    token = "604318"
    body = literal.replace("${token}", token).replace("${timeLeft}", "5")
    raw = message(
        sender=sender,
        subject=subject,
        text=None,
        html_part=body,
        sent=datetime(2026, 12, 4, 8, 12, 40, tzinfo=UTC),
    )
    add(
        source="askgov2",
        ident="askgov2-officer-otp-en",
        lang="en",
        kind="gov-otp",
        code=token,
        repository="opengovsg/askgov2",
        paths=[path, "backend/src/util/otp.service.ts", "backend/src/util/api-config.service.ts"],
        commit=ASKGOV_COMMIT,
        spdx="MIT",
        raw=raw,
        rendered="template literal of generateOtp cut from the source, ${token} and "
        "${timeLeft} filled; HTML-only body as Postmark sends HtmlBody",
    )


# ---------------------------------------------------------------------------------------
# Sunbird-RC/sunbird-rc-core (user-management)

SUNBIRD_COMMIT = "3f240856e58c94dd4e02595a6c78db4aa6b104d0"


def sunbird(mirrors: Path) -> None:
    repo = mirrors / "Sunbird-RC+sunbird-rc-core" / "repo"
    licence(repo, SUNBIRD_COMMIT, "LICENSE", "Sunbird-RC+sunbird-rc-core")
    base = "java/user-management/src/main/"
    props_path = base + "resources/application.properties"
    props = {}
    for line in show(repo, SUNBIRD_COMMIT, props_path).splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            props[key.strip()] = value.strip()
    service = base + "java/dev/sunbirdrc/service/MailService.java"
    rendered = (
        "FreeMarker ${name} interpolation over the .ftl with MailService's map and the "
        "shipped application.properties; HTML-only body"
    )

    otp_tpl = base + "resources/templates/otp-verification-mail.ftl"
    otp = "482951"
    html_part = ftl(
        show(repo, SUNBIRD_COMMIT, otp_tpl),
        {
            "userFirstName": "Priya",
            "userLastName": "Verma",
            "signature": "UPSMF",
            "location": "",
            "otp": otp,
            "otpDuration": props["otp.ttl.duration"],
            "timeUnit": {"HOUR": "hours", "MINUTE": "minutes", "SECOND": "seconds"}.get(
                props["otp.time.unit"], "days"
            ),
        },
    )
    raw = message(
        sender=f'{props["otp.mail.verification.personal.name"]} '
        f'<{props["otp.mail.verification.from.address"]}>',
        subject=props["otp.mail.verification.subject"],
        text=None,
        html_part=html_part,
        sent=datetime(2026, 12, 4, 8, 31, 5, tzinfo=UTC),
    )
    add(
        source="sunbird-rc",
        ident="sunbird-rc-otp-verification-en",
        lang="en",
        kind="gov-otp",
        code=otp,
        repository="Sunbird-RC/sunbird-rc-core",
        paths=[otp_tpl, service, base + "java/dev/sunbirdrc/utils/OtpUtil.java", props_path],
        commit=SUNBIRD_COMMIT,
        spdx="MIT",
        rendered=rendered,
        raw=raw,
    )

    made_tpl = base + "resources/templates/user-creation-notification-mail.ftl"
    html_part = ftl(
        show(repo, SUNBIRD_COMMIT, made_tpl),
        {
            "userFirstName": "Priya",
            "userLastName": "Verma",
            "loginLInk": props["custom.user.login.url"],
            "signature": "UPSMF",
        },
    )
    raw = message(
        sender=f'{props["custom.user.creation.personal.name"]} '
        f'<{props["custom.user.creation.from.address"]}>',
        subject=props["custom.user.creation.subject"],
        text=None,
        html_part=html_part,
        sent=datetime(2026, 12, 4, 8, 29, 51, tzinfo=UTC),
    )
    add(
        source="sunbird-rc",
        ident="sunbird-rc-user-created-en",
        lang="en",
        kind="notice",
        code=None,
        repository="Sunbird-RC/sunbird-rc-core",
        paths=[made_tpl, service, props_path],
        commit=SUNBIRD_COMMIT,
        spdx="MIT",
        rendered=rendered,
        raw=raw,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    askgov(args.mirrors)
    sunbird(args.mirrors)
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} with a code")


if __name__ == "__main__":
    main()
