"""Round twenty-five, work and property: MicroRealEstate (landlord / tenant property
management).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_jobs.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.

SENDERS
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message  # noqa: E402

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round25" / "jobs.json"
SENT = datetime(2026, 12, 4, 14, 22, 9, tzinfo=UTC)
NODE_MODULES = Path("/tmp/r25jobs-node/node_modules")
"""npm packages the node-rendered senders need (``npm install --prefix /tmp/r25jobs-node
ejs@3.1.10 i18n@0.14.2 moment@2.29.4``)."""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def git_export(mirrors: Path, repo: str, commit: str, under: str, dest: Path) -> None:
    """Write the files of ``under`` at ``commit`` into ``dest`` (the tree as it was)."""
    names = subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "ls-tree", "-r", "--name-only",
         commit, under],
        capture_output=True, text=True, check=True,
    ).stdout.split("\n")  # fmt: skip
    for name in filter(None, names):
        target = dest / name[len(under) :].lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(git_show(mirrors, repo, commit, name))


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# MicroRealEstate

MRE = "microrealestate+microrealestate"
MRE_COMMIT = "479d0ad703436071b64dfdf4e48321c121d8efb5"
MRE_DRIVER = r"""
import ejs from 'ejs';
import i18n from 'i18n';
import path from 'path';
import fs from 'fs';
import templateFunctions from './src/utils/templatefunctions.js';

const root = path.resolve('src');
i18n.configure({
  locales: ['en', 'fr-FR', 'pt-BR', 'de-DE', 'es-CO'],
  directory: path.join(root, 'locales'),
  updateFiles: false
});
const templatesDir = path.join(root, 'emailparts', 'contents');
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = [];
for (const job of jobs) {
  const data = { ...job.data, config: job.config,
    _: templateFunctions({ locale: job.locale, currency: job.currency }) };
  const r = {};
  for (const part of ['subject', 'body_html', 'body_text']) {
    r[part] = await ejs.renderFile(path.join(templatesDir, job.template, part + '.ejs'),
      data, { root: templatesDir });
  }
  out.push(r);
}
process.stdout.write(JSON.stringify(out));
"""


def microrealestate(mirrors: Path, w: Writer) -> None:
    config = {"APP_NAME": "MicroRealEstate", "LANDLORD_APP_URL": "https://app.rentals.example.com/landlord"}
    landlord = {
        "name": "Hollis Lane Properties",
        "hasContact": True,
        "contacts": [{"email": "office@hollislane.example.com", "phone1": "+1 503 555 0148", "phone2": ""}],
        "hasAddress": True,
        "addresses": [{"street1": "214 Alder Street", "street2": "", "zipCode": "97205",
                       "city": "Portland", "state": "OR", "country": "USA"}],
    }  # fmt: skip
    locales = {"en": "en", "fr-FR": "fr-FR", "de-DE": "de-DE", "pt-BR": "pt-BR", "es-CO": "es-CO"}
    otps = {"en": "604917", "fr-FR": "318052", "de-DE": "072694", "pt-BR": "941385", "es-CO": "257730"}
    tokens = {"en": "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImxhbmRsb3JkQGV4YW1wbGUuY29tIn0.Qm9rZ3NfcHd0b2tlbl9tcmU"}
    jobs, meta = [], []
    for lang, locale in locales.items():
        jobs.append({"template": "otp", "locale": locale, "currency": "EUR", "config": config,
                     "data": {"landlord": landlord, "otp": otps[lang], "useAppEmailService": True}})
        meta.append(("otp", lang, otps[lang]))
        jobs.append({"template": "reset_password", "locale": locale, "currency": "EUR",
                     "config": config, "data": {"firstname": "Dana", "token": tokens["en"],
                                                "useAppEmailService": True}})
        meta.append(("reset_password", lang, None))
    with tempfile.TemporaryDirectory(prefix="r25jobs-mre-") as tmp:
        base = Path(tmp)
        git_export(mirrors, MRE, MRE_COMMIT, "services/emailer/src", base / "src")
        (base / "package.json").write_text('{"type": "module"}')
        os.symlink(NODE_MODULES, base / "node_modules")
        (base / "driver.mjs").write_text(MRE_DRIVER)
        done = subprocess.run(["node", "driver.mjs"], cwd=base, input=json.dumps(jobs),
                              capture_output=True, text=True, check=True)  # fmt: skip
    results = json.loads(done.stdout)
    src = "services/emailer/src/"
    for (template, lang, code), r in zip(meta, results, strict=True):
        parts = "subject.ejs, body_text.ejs, body_html.ejs"
        files = [f"{src}emailparts/contents/{template}/{p}" for p in parts.split(", ")]
        files += [f"{src}emailparts/data/{template}/index.js", f"{src}emailcontent.js",
                  f"{src}utils/templatefunctions.js", f"{src}locales/{locales[lang]}.json"]  # fmt: skip
        if template == "otp":
            files.append("services/authenticator/src/routes/tenant.js")
        raw = message(
            sender="MicroRealEstate <noreply@rentals.example.com>",
            subject=r["subject"],
            text=r["body_text"],
            html_part=r["body_html"],
            sent=SENT,
        )
        w.add(
            source="microrealestate",
            group=f"microrealestate-{template.replace('_', '-')}",
            lang=lang,
            raw=raw,
            kind="other" if code is None else "utility-otp",
            code=code,
            repository="microrealestate/microrealestate",
            path=", ".join(files),
            commit=MRE_COMMIT,
            licence="MIT",
            rendered="ejs 3.1.10 renderFile of subject/body_html/body_text with the emailer's own "
            "templatefunctions.js (i18n 0.14.2 over its locales); nodemailer text+html",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    microrealestate(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
