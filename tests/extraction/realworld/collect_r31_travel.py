"""Round thirty-one, events and bookings (collector ``travel``): an event-RSVP platform's
sign-in code and its account and attendee notices, rendered by the sender's own engine.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_travel.py \\
        --mirrors /work/.mirror [--node-modules /tmp/openmeet-render/node_modules]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

External tools (the sender's renderer, run with node 20): re-create them with

    mkdir -p /tmp/openmeet-render && cd /tmp/openmeet-render && npm init -y && \\
        npm install mjml@5.0.0-beta.1 ejs@3.1.10 html-to-text@9.0.5

(the versions of the project's ``package-lock.json``); ``--node-modules`` names that folder.

- OpenMeet-Team/openmeet-api (Apache-2.0, ``LICENSE``), the NestJS back end of OpenMeet, an
  open event and group platform (events, RSVPs, attendees awaiting approval), at
  fb9df0826a3aeb810fb559911d33c99df3f44572. Files: ``src/mail/mail.service.ts`` (subjects
  and contexts), ``src/mailer/mailer.service.ts`` (``sendMjmlMail``: ``ejs.render`` of
  ``src/mail/mail-templates/<name>.mjml.ejs`` with ``currentYear`` added and includes of
  ``layouts/header`` and ``layouts/footer``, then ``mjml(…, {validationLevel: 'strict',
  keepComments: false, fonts: {Inter: …}})``, and the plain text made from that HTML by
  ``html-to-text`` ``convert`` with ``wordwrap: 80``, links kept, images skipped; nodemailer
  sends both as multipart/alternative, text first, From the tenant's ``mailDefaultName`` and
  ``mailDefaultEmail``), ``src/i18n/en/*.json`` (the strings of the activation and
  password-reset mails; the project ships English only), ``src/auth/auth.service.ts`` and
  ``src/auth/services/email-verification-code.service.ts`` (the login code: six digits,
  ``min + crypto.randomInt(range)`` over 100000–999999; the name is ``user.firstName ||
  'there'``). Here the templates are written out of the snapshot into a temporary folder and
  the same three packages render them (a small node script below does exactly what
  ``sendMjmlMail`` does, ``currentYear`` fixed to the Date of the mails). Mails: the login
  code (``auth/login-code``, sent to a user with an unverified address who signs in, and on
  request of a passwordless login) for a named user and for one without a first name; the
  e-mail confirmation (``auth/activation``: a link) and the password reset
  (``auth/reset-password``: a link); to an event's host, a new attendee who joined, and one
  who asks to join with the answer to the approval question (``event/attendee-guest-joined``);
  the attendee's status change (``event/attendee-status-changed``). The template
  ``auth/email-verification`` (an RSVP's code) is not used: ``sendEmailVerification`` has no
  caller at this commit.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 5, 8, 41, 9, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round31" / "travel.json"


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, variant=""):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}{variant}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), *args], capture_output=True, check=True
    ).stdout


# ---------------------------------------------------------------------------------------
# OpenMeet

OM_REPO = "OpenMeet-Team/openmeet-api"
OM_COMMIT = "fb9df0826a3aeb810fb559911d33c99df3f44572"
OM_TEMPLATES = "src/mail/mail-templates"
OM_TENANT = {
    "id": "lx9q2kfa",
    "name": "OpenMeet",
    "frontendDomain": "https://platform.openmeet.net",
    "logoUrl": "https://openmeet.net/logo.png",
    "companyDomain": "https://openmeet.net",
    "mailDefaultEmail": "hello@openmeet.net",
    "mailDefaultName": "OpenMeet",
}
OM_FROM = "OpenMeet <hello@openmeet.net>"

# what MailerService.sendMjmlMail does: ejs.render, mjml, html-to-text
OM_RENDER_JS = r"""
const fs = require('node:fs');
const path = require('node:path');
const ejs = require('ejs');
const mjml = require('mjml');
const { convert: htmlToText } = require('html-to-text');
(async () => {
  const { root, jobs } = JSON.parse(fs.readFileSync(0, 'utf-8'));
  const out = [];
  for (const job of jobs) {
    const templatePath = path.join(root, 'src/mail/mail-templates', `${job.templateName}.mjml.ejs`);
    const ejsTemplate = fs.readFileSync(templatePath, 'utf-8');
    const rendered = await ejs.render(ejsTemplate, { ...job.context, currentYear: job.year },
      { filename: templatePath });
    const { html } = await mjml(rendered, {
      validationLevel: 'strict',
      keepComments: false,
      fonts: {
        Inter:
          'https://fonts.googleapis.com/css2?family=Inter:ital,opsz,wght@0,14..32,100..900;1,14..32,100..900&display=swap',
      },
    });
    const text = htmlToText(html, {
      wordwrap: 80,
      selectors: [
        { selector: 'a', options: { ignoreHref: false } },
        { selector: 'img', format: 'skip' },
      ],
    });
    out.push({ html, text });
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def _om_jobs(en: dict[str, dict[str, str]]) -> list[dict]:
    tenant = OM_TENANT
    attendee_user = {
        "firstName": "Tomasz",
        "lastName": "Wierzbicki",
        "slug": "tomasz-wierzbicki-k3r9xq",
    }
    event = {"name": "Riverside Cleanup & Picnic", "slug": "riverside-cleanup-picnic-vq7hzd"}
    confirm, reset = en["confirm-email"], en["reset-password"]
    return [
        {
            "template": "login-code", "variant": "", "code": "604172", "kind": "saas-otp",
            "subject": f"Your {tenant['name']} Login Code", "templateName": "auth/login-code",
            "context": {"tenantConfig": tenant, "name": "Amara", "code": "604172",
                        "app_name": tenant["name"]},
        },
        {
            "template": "login-code", "variant": "-noname", "code": "381905", "kind": "saas-otp",
            "subject": f"Your {tenant['name']} Login Code", "templateName": "auth/login-code",
            "context": {"tenantConfig": tenant, "name": "there", "code": "381905",
                        "app_name": tenant["name"]},
            "note": "auth.service.ts passes user.firstName || 'there' as the name",
        },
        {
            "template": "activation", "variant": "", "code": None, "kind": "notice",
            "subject": en["common"]["confirmEmail"], "templateName": "auth/activation",
            "context": {
                "tenantConfig": tenant, "title": en["common"]["confirmEmail"],
                "url": tenant["frontendDomain"]
                + "/auth/confirm-email?hash=6f1d0c9a4be27e83f5a1c0d94b7e2a6c3d8f0e1b5a7c9d2e4f6a8b0c1d3e5f7a",
                "actionTitle": en["common"]["confirmEmail"], "app_name": tenant["name"],
                "text1": confirm["text1"], "text2": confirm["text2"], "text3": confirm["text3"],
            },
            "note": "a confirmation link only (the hash is in the URL); no code to type",
        },
        {
            "template": "reset-password", "variant": "", "code": None, "kind": "notice",
            "subject": en["common"]["resetPassword"], "templateName": "auth/reset-password",
            "context": {
                "tenantConfig": tenant, "title": en["common"]["resetPassword"],
                "url": tenant["frontendDomain"]
                + "/auth/password-change?hash=a2c4e6f8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e4b6d8f1a3c5e7b9d0f2a4"
                "&expires=1796459469000",
                "actionTitle": en["common"]["resetPassword"], "app_name": tenant["name"],
                "text1": reset["text1"], "text2": reset["text2"], "text3": reset["text3"],
                "text4": reset["text4"],
            },
            "note": "a reset link only; no code to type",
        },
        {
            "template": "attendee-guest-joined", "variant": "", "code": None, "kind": "travel-booking",
            "subject": "New attendee joined your event",
            "templateName": "event/attendee-guest-joined",
            "context": {"tenantConfig": tenant, "requireApproval": False,
                        "eventAttendee": {"user": attendee_user, "event": event}},
        },
        {
            "template": "attendee-guest-joined", "variant": "-approval", "code": None,
            "kind": "travel-booking", "subject": "New attendee applied to attend your event",
            "templateName": "event/attendee-guest-joined",
            "context": {"tenantConfig": tenant, "requireApproval": True,
                        "eventAttendee": {"user": attendee_user, "event": event,
                                          "approvalAnswer": "I can bring 2 litter pickers and "
                                          "gloves; arriving by bike around 10:30."}},
        },
        {
            "template": "attendee-status-changed", "variant": "", "code": None,
            "kind": "travel-booking", "subject": "Attendee status in the event has been updated",
            "templateName": "event/attendee-status-changed",
            "context": {"tenantConfig": tenant,
                        "eventAttendee": {"user": attendee_user, "event": event,
                                          "status": "confirmed", "role": {"name": "participant"}}},
        },
    ]  # fmt: skip


def openmeet(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "OpenMeet-Team+openmeet-api" / "repo"
    en = {
        name: json.loads(_git(repo, "show", f"{OM_COMMIT}:src/i18n/en/{name}.json"))
        for name in ("common", "confirm-email", "reset-password")
    }
    jobs = _om_jobs(en)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        names = _git(repo, "ls-tree", "-r", "--name-only", OM_COMMIT, OM_TEMPLATES).decode()
        for name in names.split():
            out = root / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(_git(repo, "show", f"{OM_COMMIT}:{name}"))
        request = {
            "root": str(root),
            "jobs": [
                {"templateName": j["templateName"], "context": j["context"], "year": SENT.year}
                for j in jobs
            ],
        }
        env = dict(os.environ, NODE_PATH=str(node_modules))
        done = subprocess.run(
            ["node", "-e", OM_RENDER_JS], input=json.dumps(request).encode(), env=env,
            capture_output=True, check=True,
        ).stdout  # fmt: skip
    for job, result in zip(jobs, json.loads(done), strict=True):
        _save(
            source="openmeet", template=job["template"], variant=job["variant"], lang="en",
            kind=job["kind"], code=job["code"], repository=OM_REPO,
            path=f"{OM_TEMPLATES}/{job['templateName']}.mjml.ejs", commit=OM_COMMIT,
            licence="Apache-2.0",
            rendered="ejs 3.1.10 + mjml 5.0.0-beta.1 + html-to-text 9.0.5 (node), as sendMjmlMail",
            sender=OM_FROM, subject=job["subject"], text=result["text"],
            html_part=result["html"], note=job.get("note"),
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument(
        "--node-modules", type=Path, default=Path("/tmp/openmeet-render/node_modules")
    )
    args = parser.parse_args()
    openmeet(args.mirrors, args.node_modules)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
