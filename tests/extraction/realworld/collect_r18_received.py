"""Round eighteen, helper ``received``: real received mails kept as fixtures by public
projects' test suites (a bounce parser's corpus, a MIME library, a mail client, a phishing
detector) and one real sign-in mail a temp-mail package prints in its README.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_received.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round18/received.json``. Each file is read with
``git show <commit>:<path>`` from the snapshot under ``--mirrors`` (``<owner>+<name>/repo``);
the commit is the last one that added or changed the file. Its sha256 is checked against the
one recorded here, so a changed snapshot stops the run instead of writing other bytes.

Fixtures copied byte for byte (nothing rendered, nothing invented):

- ``sisimai/set-of-emails`` (BSD-2-Clause), the corpus of the Sisimai bounce-mail parser:
  real bounce and feedback mails the project collected from mail servers, with addresses,
  hosts and names replaced by the project (``example.jp``, ``kijitora``, ``nyaan``). Taken,
  one per kind of sender: Gmail, Office 365, Yahoo! JAPAN, Mail.Ru (Russian), GMX, au/EZweb
  and KDDI (Japanese, ISO-2022-JP), NTT docomo, Orange (French rejection text), Yandex
  (Russian and English), Amazon SES, an abuse feedback report (ARF) and an auto-reply
  (RFC 3834). Status codes (``550 5.1.1``), queue ids, dates and IP addresses; no code.
- ``kbrw/mailibex`` (MIT), an Elixir MIME/DKIM library: ``test/mails/free.eml``, a French
  ISP's support-ticket closing letter (Free, 2014; ISO-8859-1, ticket reference, subscriber
  number, the assistance phone number). Its ``amazon.eml`` (an Amazon.fr order confirmation)
  is left out: it shows the author's full home address.
- ``nextcloud/mail`` (AGPL-3.0), the Nextcloud mail client: ``tests/data/mail-message-123.txt``,
  a Codacy analysis notice (2015) with grades and counts of issues per file.

Fixtures rebuilt from the form the project keeps them in:

- ``too-phishy/too-phishy`` (MIT), a Gmail add-on that flags phishing: its
  ``onTriggerFunction/tests/fixtures/*.js`` are Gmail API ``users.messages.get`` answers of
  mails its author received (JavaScript object literals, bodies base64url). Each is rebuilt
  with ``collect.message()``: the From, Subject and Date headers and the decoded text/plain and
  text/html parts as Gmail returned them (attachments and the other headers dropped). Taken:
  a Luma event-registration confirmation, an Amazon SNS delivery notification and a BookBub
  deals newsletter.
- ``Ishanoshada/Tempinbox`` (MIT), a temp-mail client package: its ``README.md`` shows, as
  sample output, the HTML of a real "GPTDOS Access Code" mail the package fetched (Chinese,
  an eight-digit code). The ``<html>`` document is taken as printed (the package's own
  ``subject-header`` div above it is not part of the mail) and sent as one HTML part from
  the sender and subject the README lists.

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

from collect import HERE, message

OUT = HERE / "round18" / "received.json"

SISIMAI = "sisimai/set-of-emails"
MAILIBEX = "kbrw/mailibex"
NCMAIL = "nextcloud/mail"
PHISHY = "too-phishy/too-phishy"
TEMPINBOX = "Ishanoshada/Tempinbox"
LICENCES = {
    SISIMAI: "BSD-2-Clause",
    MAILIBEX: "MIT",
    NCMAIL: "AGPL-3.0",
    PHISHY: "MIT",
    TEMPINBOX: "MIT",
}
SOURCES = {
    SISIMAI: "sisimai",
    MAILIBEX: "mailibex",
    NCMAIL: "ncmailclient",
    PHISHY: "toophishy",
    TEMPINBOX: "tempinbox",
}
COPIED = "fixture file copied byte for byte (git show commit:path)"
BOUNCE = "maildir/bsd/"

# (repository, commit, path, id suffix, group suffix, lang, kind, code, sha256, note)
COPIES: list[tuple[str, str, str, str, str, str, str, str | None, str, str]] = [
    (
        SISIMAI,
        "e4cdde2ea709e375e77b070f397baeef1d3bbfbc",
        BOUNCE + "lhost-gmail-01.eml",
        "gmail-dsn",
        "gmail-dsn",
        "en",
        "notice",
        None,
        "29292f162a902600e37bbd91b625ccef3f2bc97c50269c44e07cc9896df6da57",
        "Gmail 'Delivery Status Notification (Failure)': permanent failure, the remote "
        "server's 550 answer, an IP address; the returned message below",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-office365-01.eml",
        "office365-ndr",
        "office365-ndr",
        "en",
        "notice",
        None,
        "9ccc5f30f8ed4bceccbceceff9ee18ea4cc5ee697979f1ad8976610b06dc43d6",
        "Office 365 'Undeliverable': address not found, diagnostic block with 550 5.1.10 "
        "and server names",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-yahoo-01.eml",
        "yahoo-failure",
        "yahoo-failure",
        "en",
        "notice",
        None,
        "dba04a8f77852882036fd3276c5c0cd3d0f52e9921873d8b1fb7f66aa51985ce",
        "Yahoo! JAPAN 'Failure Notice': 550 5.1.1 User Unknown, then a copy of the message",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-mailru-01.eml",
        "mailru-failure",
        "mailru-failure",
        "ru",
        "notice",
        None,
        "08a4b0f0ad8a75e7760f021fbd80b3e77c1f718ebca1284996b911454e0e2b6b",
        "Mail.Ru 'Ваше сообщение не доставлено': SMTP error 550 5.1.1, host and IP address",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-gmx-01.eml",
        "gmx-failure",
        "gmx-failure",
        "en",
        "notice",
        None,
        "f70e97e935434774c769b17b1a183281ddf6257c9124e814770e6f25ca80daea",
        "GMX 'Mail delivery failed': permanent error, 5.1.1 from the remote host",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-ezweb-01.eml",
        "ezweb-error",
        "ezweb-error",
        "en",
        "notice",
        None,
        "fbb7b583fc8d351749bb02e8a1624958975fbb478eceee072f827aab67042ac2",
        "au/EZweb 'Mail System Error - Returned Mail': rejected by the domain filter, "
        "Received lines with SMTP ids",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-kddi-01.eml",
        "kddi-error",
        "kddi-error",
        "ja",
        "notice",
        None,
        "b0a4299a7281bb46bfebeb58475367a04c2f80955c9135c98cffcb0674c37396",
        "KDDI au one net 'メールエラー通知' (ISO-2022-JP): the mail could not be delivered",
    ),
    (
        SISIMAI,
        "488228662245ae947309079791256eb40ff89967",
        BOUNCE + "rhost-nttdocomo-01.eml",
        "docomo-returned",
        "docomo-returned",
        "en",
        "notice",
        None,
        "1a24fda7d4573944ab7a1ebb2fa16d877263c8c8d0121e442753d59167c55af0",
        "Sendmail 'Returned mail' for an NTT docomo address: 550 Unknown user, transcript",
    ),
    (
        SISIMAI,
        "0ded1aaa9d80efc3e653d71b59805749a6175a5c",
        BOUNCE + "rhost-franceptt-01.eml",
        "orange-returned",
        "orange-returned",
        "en",
        "notice",
        None,
        "3586d2689b9389029702ad2ecce550f5f18fe18328fcb040d9d2c34496514544",
        "Sendmail 'Returned mail' for an orange.fr address: Orange's French 550 5.1.1 text "
        "'Adresse d au moins un destinataire invalide' with its error code",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-yandex-01.eml",
        "yandex-undelivered",
        "yandex-undelivered",
        "ru",
        "notice",
        None,
        "eb6cae82b6c5e59327ab4ae662a3354a3546c8d9bf09889bfa4ad8b9024b7ca5",
        "Yandex 'Недоставленное сообщение': Russian then English bounce text, 550 answer",
    ),
    (
        SISIMAI,
        "14da2f2d8056048113c534d2001a2abbfe40c1c3",
        BOUNCE + "lhost-amazonses-01.eml",
        "amazonses-dsn",
        "amazonses-dsn",
        "en",
        "notice",
        None,
        "0c458bc167ffd7ba5df2e6f09cc9f7e9aee5af127767c349b0aea3e0b72f934f",
        "Amazon SES 'Delivery Status Notification (Failure)': 5.1.0 unknown address, a long "
        "SES message id",
    ),
    (
        SISIMAI,
        "edf30c6d94b462c0c8008b55bd6afd4bf5eb77e9",
        BOUNCE + "arf-01.eml",
        "arf-report",
        "arf-report",
        "en",
        "notice",
        None,
        "c8521576b6fda2dcdf3dc843992b824675d15947591b1dabff8bc942e6e7ec50",
        "Abuse feedback report (ARF) for an IP address: message id, dates, report fields",
    ),
    (
        SISIMAI,
        "46b65f4862187b1b35a981363877770dc147fd82",
        BOUNCE + "rfc3834-01.eml",
        "auto-reply",
        "auto-reply",
        "en",
        "other",
        None,
        "52c3696994c666390eb032f243d729beae107fdbe5c22a907abbd4847159abcf",
        "Out-of-office auto-reply 'Away until May 5'",
    ),
    (
        MAILIBEX,
        "2b310cd7d95a5b93a7a754e2e16552657e44ca76",
        "test/mails/free.eml",
        "free-ticket-closed",
        "free-ticket-closed",
        "fr",
        "notice",
        None,
        "66288066803777dcc8d59bf56bb67d8acf26bbca670bae00412f28b564e96a8a",
        "Free (French ISP) support letter closing an incident ticket: reference "
        "F11727124/28601953#0 in the subject and body, subscriber number 11727124, date, "
        "the assistance number 32 44, company registration numbers; ISO-8859-1 text and HTML",
    ),
    (
        NCMAIL,
        "04373b91e9cbf1f1b4316e24cdf3adc4673e38e1",
        "tests/data/mail-message-123.txt",
        "codacy-results",
        "codacy-results",
        "en",
        "notice",
        None,
        "1da6c6ec5857b0f63d0f685fa85e03eae7aad1122c9121a7586c53061aad60df",
        "Codacy 'core/master has new results': grade B, counts of new and fixed issues per "
        "file; no code",
    ),
]

PHISHY_DIR = "onTriggerFunction/tests/fixtures/"
# (commit, fixture name, id suffix, group suffix, lang, kind, code, sha256, note)
REBUILT: list[tuple[str, str, str, str, str, str, str | None, str, str]] = [
    (
        "e6f17ce380b1dcf706dff967ecacf9f7b016a90a",
        "email_with_multiple_attachments",
        "luma-registration",
        "luma-registration",
        "en",
        "other",
        None,
        "4a846a5aeef9e776bd0e4f954984b0604948d8558ec2a873d3971ea223198cb4",
        "Luma 'Registration confirmed for Indie Worldwide Meetup NYC': date and time, event "
        "page link, 'You can use this QR code to check in' (the QR code is an image); no code "
        "to type",
    ),
    (
        "e6f17ce380b1dcf706dff967ecacf9f7b016a90a",
        "message_from_aws",
        "aws-sns-delivery",
        "aws-sns-delivery",
        "en",
        "notice",
        None,
        "347f9d0294a6b223afd08ff39654b291f00ac56a257c904fca5614cea18fcccc",
        "Amazon SNS 'AWS Notification Message': an SES delivery event as JSON (message id, "
        "timestamps, SMTP response 250 2.0.0, account numbers), unsubscribe link",
    ),
    (
        "012552796133d6a14cd9fe8bdbe59f72c4f93cbe",
        "bookbub",
        "bookbub-deals",
        "bookbub-deals",
        "en",
        "other",
        None,
        "5724c7a6a90a41a2a8f5e8b31ab1f856f74729864e8c4afcdfe2bf2a71e8b8f5",
        "BookBub weekly deals newsletter: ten ebooks with original and deal prices",
    ),
]

TEMPINBOX_COMMIT = "7453ed563fbca7ff6c26c7c8dbbec0e5d5939124"
TEMPINBOX_SHA = "a3eedecf8f9395b3d9bbf261c3a07e8b4c9cdb0aba329629fe27d015f4b70875"


def _show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def _js_to_json(text: str) -> str:
    """A JavaScript object literal (keys bare, strings in either quote) as JSON."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "\"'":
            j, buf = i + 1, []
            while text[j] != ch:
                if text[j] == "\\":
                    buf.append(text[j : j + 2])
                    j += 2
                else:
                    buf.append(text[j])
                    j += 1
            body = "".join(buf)
            if ch == "'":
                body = body.replace("\\'", "'").replace('"', '\\"')
            out.append('"' + body + '"')
            i = j + 1
        elif ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word, k = text[i:j], j
            while k < n and text[k] in " \t\r\n":
                k += 1
            bare = k < n and text[k] == ":" and word not in ("true", "false", "null")
            out.append('"' + word + '"' if bare else word)
            i = j
        else:
            out.append(ch)
            i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def _gmail_mail(raw: bytes) -> bytes:
    """Rebuild a mail from a Gmail API message kept as a JavaScript literal."""
    text = raw.decode("utf-8")
    literal = text[text.index("{") : text.rstrip().rstrip(";").rindex("}") + 1]
    data = json.loads(_js_to_json(literal))
    headers = {h["name"]: h["value"] for h in data["payload"]["headers"]}
    parts: dict[str, str] = {}
    stack = [data["payload"]]
    while stack:
        part = stack.pop(0)
        stack[0:0] = part.get("parts") or []
        body = (part.get("body") or {}).get("data")
        if part["mimeType"] in ("text/plain", "text/html") and body:
            parts.setdefault(
                part["mimeType"], base64.urlsafe_b64decode(body + "==").decode("utf-8")
            )
    return message(
        sender=headers["From"],
        subject=headers["Subject"],
        text=parts.get("text/plain"),
        html_part=parts.get("text/html"),
        sent=parsedate_to_datetime(headers["Date"]),
    )


def _tempinbox_mail(readme: bytes) -> bytes:
    text = readme.decode("utf-8")
    block = text.split("**Email Content (ID=2)**:\n```html\n", 1)[1].split("\n```", 1)[0]
    page = block[block.index("<html>") : block.rindex("</html>") + len("</html>")]
    return message(
        sender="GPTDOS Access <hi@gptdos.com>",
        subject="GPTDOS Access Code",
        text=None,
        html_part=page + "\n",
        sent=datetime(2023, 10, 31, 22, 10, tzinfo=UTC),
    )


def _item(repository: str, commit: str, path: str, suffix: str, group: str, lang: str,
          kind: str, code: str | None, note: str, rendered: str, raw: bytes) -> dict[str, object]:  # fmt: skip
    source = SOURCES[repository]
    item_id = f"{source}-{suffix}-{lang}"
    rel = f"mail/{source}/{item_id}.eml"
    (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
    (HERE / rel).write_bytes(raw)
    return {
        "id": item_id,
        "group": f"{source}-{group}",
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": LICENCES[repository],
        "rendered": rendered,
        "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "note": note,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument(
        "--record", action="store_true", help="print the sha256 of each mail, write nothing"
    )
    args = parser.parse_args()

    def repo(name: str) -> Path:
        return args.mirrors / name.replace("/", "+") / "repo"

    made: list[tuple[tuple, str, bytes, str]] = []
    for repository, commit, path, suffix, group, lang, kind, code, sha, note in COPIES:
        raw = _show(repo(repository), commit, path)
        made.append(((repository, commit, path, suffix, group, lang, kind, code, note), COPIED, raw, sha))  # fmt: skip
    for commit, name, suffix, group, lang, kind, code, sha, note in REBUILT:
        path = f"{PHISHY_DIR}{name}.js"
        raw = _gmail_mail(_show(repo(PHISHY), commit, path))
        how = (
            "Gmail API message (JavaScript literal) rebuilt with collect.message(): From, "
            "Subject, Date and the decoded text/plain and text/html parts"
        )
        made.append(((PHISHY, commit, path, suffix, group, lang, kind, code, note), how, raw, sha))  # fmt: skip
    raw = _tempinbox_mail(_show(repo(TEMPINBOX), TEMPINBOX_COMMIT, "README.md"))
    how = (
        "the README's sample <html> of the received mail, sent with collect.message() as one "
        "HTML part from the sender and subject the README lists"
    )
    note = (
        "GPTDOS sign-in mail (Chinese): '您在使用 GPTDOS, 请输入验证码:' then the eight-digit "
        "code 81269658 in bold on its own line; a SendGrid open-tracking pixel"
    )
    made.append(((TEMPINBOX, TEMPINBOX_COMMIT, "README.md", "access-code", "access-code", "zh", "saas-otp", "81269658", note), how, raw, TEMPINBOX_SHA))  # fmt: skip

    items: list[dict[str, object]] = []
    bad = 0
    for fields, how, raw, sha in made:
        digest = hashlib.sha256(raw).hexdigest()
        if args.record:
            print(digest, fields[3])
            continue
        if digest != sha:
            print(f"{fields[3]}: sha256 {digest} differs from the recorded {sha}")
            bad += 1
            continue
        repository, commit, path, suffix, group, lang, kind, code, note = fields
        items.append(
            _item(repository, commit, path, suffix, group, lang, kind, code, note, how, raw)
        )
    if args.record or bad:
        return 1 if bad else 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for item in items if item["code"])
    print(f"{len(items)} mails ({codes} with a code) -> {OUT.relative_to(HERE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
