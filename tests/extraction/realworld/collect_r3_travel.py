"""Round 3, helper ``travel``: government-portal and booking mails from two public sources.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r3_travel.py \\
        --govuk /work/.mirror/govuk-one-login+authentication-api/repo \\
        --indico /work/.mirror/indico+indico/repo

- ``--govuk``: a git snapshot of govuk-one-login/authentication-api (MIT, Crown Copyright).
  Its GOV.UK Notify email templates (``notifications/templates/*/en+cy/*.email.notify``,
  bilingual English + Welsh in one mail) are filled the way Notify does: ``((name))``
  placeholders from the personalisation the lambdas send (``validation-code``: six digits,
  ``contact-us-link``, ``gov-uk-accounts-url``), then the Notify markdown (paragraphs with hard
  line breaks, ``^`` inset text, ``#`` headings, ``---`` rules, ``*`` lists, bare URLs) turned
  into the ``text/plain`` part with the rules of ``NotifyPlainTextEmailMarkdownRenderer`` and a
  ``text/html`` part with the inline styles of ``NotifyEmailMarkdownRenderer``
  (alphagov/notifications-utils ``notifications_utils/markdown.py`` at
  07fc028a4280808af933ac90edc1cff8848974e1, re-implemented here for the few constructs these
  templates use). The HTML part carries Notify's hidden pre-header (the body as plain text
  without headings' underlines) but not Notify's full GOV.UK banner wrapper. SMS templates are
  not mail and are left out.
- ``--indico``: a git snapshot of indico/indico (MIT, CERN). Its room-booking and account mails
  are taken as the project's own test suite renders them: the snapshot files
  ``indico/modules/**/templates/emails/**/tests/<name>.txt`` (body) and ``<name>.subject.txt``
  (subject), sent as ``text/plain``. English only.

What a person sees decides each label (``code``, or ``null``). No code of otpmail is used.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import itertools
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOVUK_COMMIT = "2595754143c01814b3ec14dce8822734de81d0d3"
INDICO_COMMIT = "b8f1fde8b81b199341cc84a75909cb0ed362d44e"
SENT = datetime(2026, 11, 24, 8, 17, 52, tzinfo=UTC)
RNG = random.Random("r3-travel")


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def message(*, sender: str, subject: str, text: str | None, html_part: str | None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    if text is not None:
        msg.set_content(text, subtype="plain", charset="utf-8")
        if html_part is not None:
            msg.add_alternative(html_part, subtype="html", charset="utf-8")
    elif html_part is not None:
        msg.set_content(html_part, subtype="html", charset="utf-8")
    if msg.is_multipart():
        msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


# --------------------------------------------------------------------------------------
# GOV.UK One Login (GOV.UK Notify markdown)

GOVUK_DIR = "notifications/templates"
GOVUK_TEMPLATES = {
    # template file -> (kind, has code)
    "frontend/en+cy/di-authentication-en-cy-confirm-your-email.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-reset-password-with-code.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-verify-change-how-get-security-codes.email.notify": ("gov-otp", True),
    "account-management/en+cy/di-account-management-en-cy-confirm-your-email.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-account-created-confirmation.email.notify": ("notice", False),
    "frontend/en+cy/di-authentication-en-cy-change-how-get-security-codes-confirmation.email.notify": ("notice", False),
    "frontend/en+cy/di-authentication-en-cy-password-reset-confirmation.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-added-backup-method.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-authenticator-app.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-default-mfa.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-email.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-password.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-phone-number.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-delete-account.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-switched-mfa-methods.email.notify": ("notice", False),
}  # fmt: skip
LINK_STYLE = "word-wrap: break-word; color: #1D70B8;"
URL = re.compile(r"""(https?://[^\s<]+[^<.,:"')\]\s])""")
WIDTH = 65


def _inline_html(text: str) -> str:
    out = []
    for i, part in enumerate(URL.split(text)):
        if i % 2:
            out.append(f'<a style="{LINK_STYLE}" href="{html.escape(part)}">{html.escape(part)}</a>')
        else:
            out.append(html.escape(part, quote=False))
    return "<br />".join("".join(out).split("\n"))


def _blocks(body: str) -> list[str]:
    return [b.strip("\n") for b in re.split(r"\n[ \t]*\n", body) if b.strip()]


def _render(body: str, *, plain: bool, preheader: bool = False) -> str:
    out: list[str] = []

    def para(text: str) -> str:
        return "\n\n" + text if plain else (
            '<p style="Margin: 0 0 20px 0; font-size: 19px; line-height: 25px; color: #0B0C0C;">'
            f"{_inline_html(text)}</p>")  # fmt: skip

    def heading(text: str, level: int) -> str:
        if preheader:
            return para(text)
        if plain:
            return "\n\n\n" + text + "\n" + ("=" if level == 1 else "-") * WIDTH
        size = "27px; line-height: 35px" if level == 1 else "19px; line-height: 25px"
        tag = "h2" if level == 1 else "h3"
        return (f'<{tag} style="Margin: 0 0 15px 0; padding: 10px 0 0 0; font-size: {size}; '
                f'font-weight: bold; color: #0B0C0C;">{_inline_html(text)}</{tag}>')  # fmt: skip

    for block in _blocks(body):
        if re.fullmatch(r"-{3,}", block.strip()):
            if preheader:
                continue
            out.append(para("".join(itertools.islice(itertools.cycle("=-"), WIDTH))) if plain else
                       '<hr style="border: 0; height: 1px; background: #B1B4B6; Margin: 30px 0 30px 0;">')  # fmt: skip
        elif block.startswith("# "):
            out.append(heading(block[2:].strip(), 1))
        elif block.lstrip().startswith("^"):
            inner = re.sub(r"^ *\^ ?", "", block, flags=re.M)
            rendered = _render(inner, plain=plain, preheader=preheader)
            out.append(rendered if plain else
                       '<blockquote style="Margin: 0 0 20px 0; border-left: 10px solid #B1B4B6;'
                       'padding: 15px 0 0.1px 15px; font-size: 19px; line-height: 25px;">'
                       f"{rendered}</blockquote>")  # fmt: skip
        elif block.startswith("## "):
            out.append(heading(block[3:].strip(), 2))
        elif all(line.startswith("* ") for line in block.split("\n")):
            items = [line[2:].strip() for line in block.split("\n")]
            if plain:
                out.append("\n" + "".join("\n• " + item for item in items))
            else:
                out.append(
                    '<table role="presentation" style="padding: 0 0 20px 0;"><tr>'
                    '<td style="font-family: Helvetica, Arial, sans-serif;">'
                    '<ul style="Margin: 0 0 0 20px; padding: 0; list-style-type: disc;">'
                    + "".join('<li style="Margin: 5px 0 5px; padding: 0 0 0 5px; font-size: 19px;'
                              f'line-height: 25px; color: #0B0C0C;">{_inline_html(i)}</li>' for i in items)
                    + "</ul></td></tr></table>")  # fmt: skip
        else:
            out.append(para(block))
    return "".join(out)


def govuk(repo: Path) -> list[dict[str, Any]]:
    items = []
    for rel, (kind, has_code) in GOVUK_TEMPLATES.items():
        path = f"{GOVUK_DIR}/{rel}"
        source = _show(repo, GOVUK_COMMIT, path)
        subject = re.search(r"Subject:\s*\n\s*\n(.*?)\n", source).group(1).strip()
        body = source.split("Message:", 1)[1].strip("\n") + "\n"
        code = f"{RNG.randrange(10**6):06d}" if has_code else None
        values = {
            "validation-code": code or "",
            "contact-us-link": "https://signin.account.gov.uk/contact-gov-uk-one-login",
            "gov-uk-accounts-url": "https://home.account.gov.uk/",
        }
        body = re.sub(r"\(\(([\w-]+)\)\)", lambda m: values[m.group(1)], body)
        text = _render(body, plain=True).strip("\n") + "\n"
        pre = re.sub(r"\s+", " ", _render(body, plain=True, preheader=True)).strip()[:256]
        html_body = (
            '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            f"<title>{html.escape(subject)}</title></head>"
            '<body style="font-family: Helvetica, Arial, sans-serif;font-size: 16px;margin: 0;color:#0b0c0c;">'
            '<span style="display: none;font-size: 1px;color: #fff; max-height: 0;" hidden>'
            f"{html.escape(pre)}</span>"
            '<table role="presentation" width="100%" style="border-collapse: collapse;max-width: 580px;">'
            '<tr><td style="font-family: Helvetica, Arial, sans-serif; font-size: 19px; line-height: 1.315789474; max-width: 560px;">'
            f"{_render(body, plain=False)}</td></tr></table></body></html>\n"
        )  # fmt: skip
        name = Path(rel).name.split(".")[0].removeprefix("di-authentication-en-cy-")
        name = name.removeprefix("di-account-management-en-cy-")
        name = ("am-" if rel.startswith("account-management") else "") + name
        raw = message(sender="GOV.UK One Login <no-reply@notifications.service.gov.uk.example>",
                      subject=subject, text=text, html_part=html_body)  # fmt: skip
        items.append(dict(
            id=f"govuk-{name}-en+cy", group=f"govuk-{name}", source="govuk-one-login", lang="en+cy",
            kind=kind, code=code, repository="govuk-one-login/authentication-api", path=path,
            commit=GOVUK_COMMIT, licence="MIT",
            rendered="Notify markdown re-implemented (plain text + inline-styled HTML body with hidden pre-header, no GOV.UK banner); placeholders filled",
            raw=raw, note="one mail in English then Welsh, the code shown twice" if code else
            "security notice; no code to type",
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# Indico (CERN) – the test suite's rendered snapshots

INDICO_DIR = "indico/modules"
INDICO_MAILS = {
    "rb/templates/emails/reservations/tests/creation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/creation_email_to_user_key": "travel-booking",
    "rb/templates/emails/reservations/tests/creation_email_to_user_pre": "travel-booking",
    "rb/templates/emails/reservations/tests/creation_email_to_user_repeat": "travel-booking",
    "rb/templates/emails/reservations/tests/confirmation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/cancellation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/rejection_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/modification_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/occurrence_cancellation_email_to_user": "travel-booking",
    "auth/templates/emails/tests/reset_password": "notice",
    "auth/templates/emails/tests/create_local_identity_alternatives": "notice",
}


def indico(repo: Path) -> list[dict[str, Any]]:
    items = []
    for rel, kind in INDICO_MAILS.items():
        body = _show(repo, INDICO_COMMIT, f"{INDICO_DIR}/{rel}.txt")
        subject = _show(repo, INDICO_COMMIT, f"{INDICO_DIR}/{rel}.subject.txt").strip()
        name = rel.split("/")[0] + "-" + rel.rsplit("/", 1)[1].replace("_", "-")
        raw = message(sender="Indico <noreply@indico.example>", subject=subject,
                      text=body.rstrip("\n") + "\n", html_part=None)  # fmt: skip
        items.append(dict(
            id=f"indico-{name}-en", group=f"indico-{name}", source="indico", lang="en", kind=kind,
            code=None, repository="indico/indico",
            path=f"{INDICO_DIR}/{rel}.txt + .subject.txt", commit=INDICO_COMMIT, licence="MIT",
            rendered="Indico's own test-suite snapshot of the rendered mail, sent as text/plain",
            raw=raw, note="booking/account mail with dates, times, room and booking URLs; no code",
        ))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--govuk", type=Path, required=True)
    ap.add_argument("--indico", type=Path, required=True)
    args = ap.parse_args()
    items = govuk(args.govuk) + indico(args.indico)
    out = []
    for item in items:
        raw = item.pop("raw")
        rel = f"mail/{item['source']}/{item['id']}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item["file"] = rel
        item["sha256"] = hashlib.sha256(raw).hexdigest()
        out.append(item)
    ids = [i["id"] for i in out]
    assert len(ids) == len(set(ids)), ids
    (HERE / "round3").mkdir(exist_ok=True)
    (HERE / "round3" / "travel.json").write_text(
        json.dumps({"items": out}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(len(out), "mails;", sum(i["code"] is not None for i in out), "with a code")


if __name__ == "__main__":
    main()
