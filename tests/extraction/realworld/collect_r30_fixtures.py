"""Round thirty, helper ``fixtures``: real received mails a public project keeps as test
fixtures, copied byte for byte.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_fixtures.py \\
        --mirrors /work/.mirror

Writes ``mail/<source>/<id>.eml`` and ``round30/fixtures.json``. Each file is read with
``git show <commit>:<path>`` from the snapshot under ``--mirrors`` (``<owner>+<name>/repo``)
and its sha256 is checked against the one recorded here, so a changed snapshot stops the
run instead of writing other bytes. Nothing is rendered, nothing is invented.

- ``domainaware/parsedmarc`` (Apache-2.0), commit
  6358c364018af0815b59087eef99ff914bb6fa51, a DMARC report parser: its ``samples/*/*.eml``
  are reports mail servers really sent (Google's and Mimecast's aggregate reports with a
  zip or gzip attachment, failure reports in RFC 6591 form from LinkedIn, NetEase/163.com
  and a German server, an Exim plain-text forensic report, Google's SMTP TLS report).
  Report ids, IP addresses, dates and counts; no code a reader is asked to type, so every
  one is a hard negative (``kind`` notice, ``code`` null). The CRLF copy of the LinkedIn
  report (``dmarc_ruf_report_linkedin.crlf.eml``) is left out as a duplicate.

Checked and left out (no usable snapshot, no licence, or personal data): zammad/zammad's
``test/data/mail`` (snapshot too big to fetch), YilunAllenChen/Breaking_DKIM's real DHL
"On Demand Delivery" mail (it shows the recipient's name and home address; its Wells Fargo
file is a spliced template, not a received mail), slivotov/GunTrader's Steam Guard mail
(no licence), garslo/steambot's Steam Guard mail (no snapshot).

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round30" / "fixtures.json"

PARSEDMARC = "domainaware/parsedmarc"
LICENCES = {PARSEDMARC: "Apache-2.0"}
SOURCES = {PARSEDMARC: "parsedmarc"}
COMMITS = {PARSEDMARC: "6358c364018af0815b59087eef99ff914bb6fa51"}
COPIED = "fixture file copied byte for byte (git show commit:path)"

# (repository, path, id suffix, group suffix, lang, kind, code, sha256, note)
COPIES: list[tuple[str, str, str, str, str, str, str | None, str, str]] = [
    (
        PARSEDMARC,
        "samples/aggregate/Report domain- borschow.com Submitter- google.com "
        "Report-ID- 949348866075514174.eml",
        "google-aggregate-borschow",
        "google-aggregate",
        "en",
        "notice",
        None,
        "2d98dd5bba15d1e086dc4d156c2b5f5158a819a1aa9d46b72334e1b543569ccc",
        "Google DMARC aggregate report: subject 'Report domain: borschow.com Submitter: "
        "google.com Report-ID: 949348866075514174', an empty text part and a zip attachment",
    ),
    (
        PARSEDMARC,
        "samples/aggregate/twilight.eml",
        "google-aggregate-twilight",
        "google-aggregate",
        "en",
        "notice",
        None,
        "e982030c002eeacd256a66e55eb74848e82cc15bb6aedcc745404fa75f5504c7",
        "Google DMARC aggregate report for twlnet.com (Report-ID 1627703331531660819 in the "
        "subject), a zip attachment and a virus-scanner footer",
    ),
    (
        PARSEDMARC,
        "samples/aggregate/mimecast-weird-gzip.eml",
        "mimecast-aggregate",
        "mimecast-aggregate",
        "en",
        "notice",
        None,
        "d6a203df4896c56b6a54bd15453cc36b1be96570056c49312604822cbab25b9a",
        "Mimecast DMARC aggregate report: a single gzip body, no text part",
    ),
    (
        PARSEDMARC,
        "samples/failure/DMARC Failure Report for domain.de (mail-from=sharepoint@domain.de, "
        "ip=10.10.10.10).eml",
        "failure-de",
        "failure-de",
        "en",
        "notice",
        None,
        "d2483e054ba5e3eb56aefeb83ea821d7c4a41ef192d4d0030b2467036f75305f",
        "RFC 6591 failure report from a German server: abuse-report text with the IP and "
        "date, the feedback report and the failing SharePoint notice",
    ),
    (
        PARSEDMARC,
        "samples/failure/[Netease DMARC Failure Report] Rent Reminder.eml",
        "netease-failure",
        "netease-failure",
        "en",
        "notice",
        None,
        "632a91394f90ab66d6aaccdb13e50a5a3abbccb548651f73f55002a2abee06e1",
        "NetEase (163.com) SPF/DKIM failure report about a 'Rent Reminder' mail: IP, date, "
        "authenticated identifiers; the feedback report base64-encoded",
    ),
    (
        PARSEDMARC,
        "samples/failure/dmarc_ruf_report_linkedin.eml",
        "linkedin-failure",
        "linkedin-failure",
        "en",
        "notice",
        None,
        "ab004bb4a7c22f03d0f1eded16185f4151657f412e9ed62b44d59a1d73f10dc1",
        "LinkedIn DMARC failure report: abuse-report text with IP 10.10.10.10 and the date, "
        "the original message's 'Alternative Text' / 'HTML Text' parts",
    ),
    (
        PARSEDMARC,
        "samples/failure/exim_plain_text_only_no_arf_part.eml",
        "exim-forensic",
        "exim-forensic",
        "en",
        "notice",
        None,
        "a0d77faf08b713a182233091f3fd87b67fe21b20c952fe84ccebb71b025ebd43",
        "Exim plain-text DMARC forensic report: sender domain, IP, received date, alignment "
        "results and the copied headers of a 'Payment from your account.' mail",
    ),
    (
        PARSEDMARC,
        "samples/smtp_tls/google.com_smtp_tls_report.eml",
        "google-tlsrpt",
        "google-tlsrpt",
        "en",
        "notice",
        None,
        "4232a15b70f3f56267a071010b8f30dcfa99bff33e21a1c6c8c2416f311df6be",
        "Google SMTP TLS report: 'This is an aggregate TLS report from google.com', a "
        "report id in the subject, a gzip attachment, an 'External Email' banner",
    ),
]


def _show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument(
        "--record", action="store_true", help="print the sha256 of each mail, write nothing"
    )
    args = parser.parse_args()

    items: list[dict[str, object]] = []
    bad = 0
    for repository, path, suffix, group, lang, kind, code, sha, note in COPIES:
        commit = COMMITS[repository]
        repo = args.mirrors / repository.replace("/", "+") / "repo"
        raw = _show(repo, commit, path)
        digest = hashlib.sha256(raw).hexdigest()
        if args.record:
            print(digest, suffix)
            continue
        if digest != sha:
            print(f"{suffix}: sha256 {digest} differs from the recorded {sha}")
            bad += 1
            continue
        source = SOURCES[repository]
        item_id = f"{source}-{suffix}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        items.append(
            {
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
                "rendered": COPIED,
                "file": rel,
                "sha256": digest,
                "note": note,
            }
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
