"""Round 31, collector ``tunnel`` (blind): Comp AI, a compliance-automation platform whose
sign-in sends a one-time password by e-mail, with its sibling account, trust-portal and
task notices. Rendered by the project's own React Email version under node.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_tunnel.py \\
        --mirrors /work/.mirror [--node-modules /tmp/comp-render/node_modules]

Writes ``mail/compai/<id>.eml`` and ``round31/tunnel.json``.

The lead this collector was given, ``fosrl/pangolin`` (React Email), was dropped: the only
stored snapshot (``6fb569e2``, October 2024) has a single template
(``server/emails/templates/verifyEmailCode.tsx``), no lock file and no licence file (the
AGPL-3.0 ``LICENSE`` came later), so nothing from it could be redistributed.

- ``trycompai/comp`` (AGPL-3.0: ``LICENSE``), commit
  ``09aa8baa7123ef239296b0a11f639bb6e81a80df`` (``COMMIT``, 2026-08-05).
  Files used: the templates ``packages/email/emails/{otp,verify-email,magic-link,
  change-email-confirmation}.tsx`` and ``packages/email/components/{logo,footer}.tsx``
  (``@trycompai/email``); ``apps/api/src/email/templates/{invite-member,
  login-email-changed,training-completed,task-status-changed,task-item-assigned,
  automation-failures,nda-signing,access-granted,access-reclaim,
  access-request-notification,trust-domain-misconfigured}.tsx`` and
  ``apps/api/src/email/components/{logo,footer}.tsx``; ``packages/email/lib/unsubscribe.ts``
  (``getUnsubscribeUrl``, imported by the task templates, and
  ``generateUnsubscribeToken``); the callers that give subject and props:
  ``apps/api/src/auth/auth.server.ts`` (better-auth: ``emailOTP({otpLength: 6, expiresIn:
  600})`` sends ``OTPVerificationEmail`` with subject ``One-Time Password for Comp AI``;
  ``emailVerification``, ``magicLink``, ``organization.sendInvitationEmail``,
  ``user.changeEmail``), ``apps/api/src/people/utils/login-email-change.ts``,
  ``apps/api/src/training/training-email.service.ts``,
  ``apps/api/src/tasks/task-notifier.service.ts``,
  ``apps/api/src/task-management/task-item-assignment-notifier.service.ts``,
  ``apps/api/src/trust-portal/email.service.ts``; the transport:
  ``apps/api/src/email/trigger-email.ts`` (``render(react)`` of ``@react-email/render``,
  then the trigger.dev task) and ``apps/api/src/trigger/email/send-email.ts``
  (``resend.emails.send({from, to, subject, html, headers})`` with ``List-Unsubscribe:
  <https://api.trycomp.ai/v1/email/unsubscribe?email=..&token=..>`` and
  ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``; From is ``RESEND_FROM_DEFAULT``,
  ``RESEND_FROM_SYSTEM`` for ``system: true`` or ``RESEND_FROM_TRUST_PORTAL`` for
  ``trustPortal: true``, all empty in ``.env.example``, so stand-in addresses at
  ``mail.trycomp.ai``, the ``RESEND_DOMAIN`` example). The OTP is better-auth's
  ``generateRandomString(6, "0-9")``; magic-link, verification and invitation tokens are
  only inside links.
  How the sender renders: ``@react-email/render`` 2.1.0 (``apps/api``'s own, per
  ``bun.lock``) over ``@react-email/components`` 0.0.41 (Tailwind 1.0.5) and React /
  react-dom 19.2.7, all pinned by the project's ``bun.lock``; Resend is given only
  ``html`` (no ``text``), so each mail is one text/html part (UTF-8, quoted-printable). A
  text part that Resend's servers may add is not reproduced.
  Done here: the template and component files are copied from the snapshot into a
  temporary tree with their paths, bundled by esbuild 0.27.7 (``bun.lock``'s) with
  ``@trycompai/email`` aliased to ``packages/email/lib/unsubscribe.ts``, and rendered by
  ``render()`` under node (v20), ``TZ=UTC``, ``UNSUBSCRIBE_SECRET`` a fixed stand-in.
  To re-create the renderer::

      mkdir -p /tmp/comp-render && cd /tmp/comp-render && \\
      echo '{"name":"comp-render","private":true}' > package.json && \\
      npm install --save-exact @react-email/components@0.0.41 \\
          @react-email/render@2.1.0 react@19.2.7 react-dom@19.2.7 esbuild@0.27.7 \\
          prettier@3.9.5

  Mails (English only; the project has no mail catalogues): the sign-in one-time password
  (code) and 14 notices without a code (e-mail verification link, magic login link,
  change-of-address confirmation, organisation invitation, login address changed by an
  admin, training certificate, task status changed, task assigned, automation failures,
  NDA signature request, trust-portal access granted / access link / access request,
  trust-portal domain misconfigured).

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import subprocess
import tempfile
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
REPO = "trycompai/comp"
COMMIT = "09aa8baa7123ef239296b0a11f639bb6e81a80df"
LICENCE = "AGPL-3.0"
SOURCE = "compai"
RENDERED = (
    "node: @react-email/render 2.1.0 with @react-email/components 0.0.41 and React 19.2.7 "
    "(bun.lock), templates bundled by esbuild; one text/html part as Resend is given html only"
)

PKG = "packages/email"
API = "apps/api/src/email"
FILES = [
    f"{PKG}/emails/otp.tsx",
    f"{PKG}/emails/verify-email.tsx",
    f"{PKG}/emails/magic-link.tsx",
    f"{PKG}/emails/change-email-confirmation.tsx",
    f"{PKG}/components/logo.tsx",
    f"{PKG}/components/footer.tsx",
    f"{PKG}/lib/unsubscribe.ts",
    f"{API}/components/logo.tsx",
    f"{API}/components/footer.tsx",
] + [
    f"{API}/templates/{name}.tsx"
    for name in (
        "invite-member",
        "login-email-changed",
        "training-completed",
        "task-status-changed",
        "task-item-assigned",
        "automation-failures",
        "nda-signing",
        "access-granted",
        "access-reclaim",
        "access-request-notification",
        "trust-domain-misconfigured",
    )
]

FROM = {
    "default": "Comp AI <noreply@mail.trycomp.ai>",
    "system": "Comp AI <notifications@mail.trycomp.ai>",
    "trustPortal": "Comp AI Trust <trust@mail.trycomp.ai>",
}
UNSUBSCRIBE_SECRET = "corpus-stand-in-unsubscribe-secret"
APP = "https://app.trycomp.ai"
API_URL = "https://api.trycomp.ai"
PORTAL = "https://portal.trycomp.ai"
TRUST = "https://trust.northwind-health.com"
ORG = "Northwind Health"
ORG_ID = "org_6841c2f0a9d3e47b1c5f8a20"

DRIVER = r"""
const esbuild = require(process.argv[2] + '/esbuild');
const path = require('path');
const fs = require('fs');
const root = process.argv[3];
const jobs = JSON.parse(fs.readFileSync(root + '/jobs.json', 'utf8'));
const lines = ["import { render } from '@react-email/render';", 'export const T = {};'];
jobs.forEach((j, i) => {
  lines.push(`import { ${j.export} as C${i} } from './${j.template}';`);
  lines.push(`T[${i}] = C${i};`);
});
lines.push('export { render };');
fs.writeFileSync(root + '/entry.jsx', lines.join('\n'));
esbuild.buildSync({
  entryPoints: [root + '/entry.jsx'], bundle: true, platform: 'node', format: 'cjs',
  jsx: 'automatic', outfile: root + '/bundle.cjs', nodePaths: [process.argv[2]],
  alias: { '@trycompai/email': root + '/packages/email/lib/unsubscribe.ts' },
  logLevel: 'error',
});
const m = require(root + '/bundle.cjs');
const revive = (v) => (v && typeof v === 'object' && '$date' in v ? new Date(v.$date) : v);
(async () => {
  const out = [];
  for (let i = 0; i < jobs.length; i++) {
    const props = {};
    for (const [k, v] of Object.entries(jobs[i].props)) props[k] = revive(v);
    out.push(await m.render(m.T[i](props)));
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


def seeded_digits(seed: str, n: int) -> str:
    """better-auth generateRandomString(n, "0-9"): n decimal digits, zeros allowed."""
    v = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    return f"{v % 10**n:0{n}d}"


def seeded_alnum(seed: str, n: int) -> str:
    """better-auth generateRandomString(n, "a-z", "A-Z") (magic-link token)."""
    abc = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    v = int(hashlib.sha512(seed.encode()).hexdigest(), 16)
    out = []
    for _ in range(n):
        v, r = divmod(v, len(abc))
        out.append(abc[r])
    return "".join(out)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt_like(seed: str, payload: dict) -> str:
    """better-auth's verification token is an HS256 JWT (signed with a stand-in key)."""
    head = b64url(json.dumps({"alg": "HS256"}, separators=(",", ":")).encode())
    body = b64url(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(seed.encode(), f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64url(sig)}"


def unsubscribe_token(email: str) -> str:
    """generateUnsubscribeToken: HMAC-SHA256 of the address, base64url (no padding)."""
    return b64url(hmac.new(UNSUBSCRIBE_SECRET.encode(), email.encode(), hashlib.sha256).digest())


def jobs() -> list[dict]:
    cb = quote(f"{APP}/", safe="")
    magic = seeded_alnum("compai-magic", 32)
    verify = jwt_like(
        "compai-verify",
        {"email": "ines.moreau@northwind-health.com", "iat": 1785400000, "exp": 1785403600},
    )
    change = jwt_like(
        "compai-change",
        {
            "email": "d.okafor@northwind-health.com",
            "updateTo": "daniel.okafor@northwind-health.com",
            "iat": 1785500000,
            "exp": 1785503600,
        },
    )
    return [
        {
            "id": "compai-otp",
            "template": f"{PKG}/emails/otp",
            "export": "OTPVerificationEmail",
            "to": "priya.raman@northwind-health.com",
            "subject": "One-Time Password for Comp AI",
            "channel": "default",
            "kind": "saas-otp",
            "code": seeded_digits("compai-otp", 6),
            "props": {
                "email": "priya.raman@northwind-health.com",
                "otp": seeded_digits("compai-otp", 6),
            },
        },
        {
            "id": "compai-verify-email",
            "template": f"{PKG}/emails/verify-email",
            "export": "VerifyEmail",
            "to": "ines.moreau@northwind-health.com",
            "subject": "Verify your email for Comp AI",
            "channel": "default",
            "props": {
                "email": "ines.moreau@northwind-health.com",
                "url": f"{API_URL}/api/auth/verify-email?token={verify}&callbackURL={cb}",
            },
        },
        {
            "id": "compai-magic-link",
            "template": f"{PKG}/emails/magic-link",
            "export": "MagicLinkEmail",
            "to": "priya.raman@northwind-health.com",
            "subject": "Login to Comp AI",
            "channel": "default",
            "props": {
                "email": "priya.raman@northwind-health.com",
                "url": f"{API_URL}/api/auth/magic-link/verify?token={magic}&callbackURL={cb}",
            },
        },
        {
            "id": "compai-change-email",
            "template": f"{PKG}/emails/change-email-confirmation",
            "export": "ChangeEmailConfirmationEmail",
            "to": "d.okafor@northwind-health.com",
            "subject": "Confirm your email change for Comp AI",
            "channel": "default",
            "props": {
                "currentEmail": "d.okafor@northwind-health.com",
                "newEmail": "daniel.okafor@northwind-health.com",
                "url": f"{API_URL}/api/auth/verify-email?token={change}&callbackURL={cb}",
            },
        },
        {
            "id": "compai-invite",
            "template": f"{API}/templates/invite-member",
            "export": "InviteEmail",
            "to": "tomasz.wrobel@northwind-health.com",
            "subject": f"You've been invited to join {ORG} on Comp AI",
            "channel": "default",
            "props": {
                "organizationName": ORG,
                "inviteLink": f"{APP}/invite/inv_68a1f3c27be04d9a5e1c0b64",
                "email": "tomasz.wrobel@northwind-health.com",
            },
        },
        {
            "id": "compai-login-email-changed",
            "template": f"{API}/templates/login-email-changed",
            "export": "LoginEmailChangedEmail",
            "to": "m.jensen@northwind-health.com",
            "subject": "Your Comp AI login email was changed",
            "channel": "default",
            "props": {
                "organizationName": ORG,
                "oldEmail": "mjensen@northwindhealth.io",
                "newEmail": "m.jensen@northwind-health.com",
            },
        },
        {
            "id": "compai-training-completed",
            "template": f"{API}/templates/training-completed",
            "export": "TrainingCompletedEmail",
            "to": "aiko.tanaka@northwind-health.com",
            "subject": (
                "Congratulations! You've completed your Security Awareness Training - " + ORG
            ),
            "channel": "system",
            "props": {
                "email": "aiko.tanaka@northwind-health.com",
                "userName": "Aiko Tanaka",
                "organizationName": ORG,
                "completedAt": {"$date": "2026-07-28T14:12:09.000Z"},
            },
        },
        {
            "id": "compai-task-status",
            "template": f"{API}/templates/task-status-changed",
            "export": "TaskStatusChangedEmail",
            "to": "priya.raman@northwind-health.com",
            "subject": 'Task "Access Review Log" status changed to Done',
            "channel": "system",
            "props": {
                "toName": "Priya Raman",
                "toEmail": "priya.raman@northwind-health.com",
                "taskTitle": "Access Review Log",
                "oldStatus": "In Progress",
                "newStatus": "Done",
                "changedByName": "Daniel Okafor",
                "organizationName": ORG,
                "taskUrl": f"{APP}/{ORG_ID}/tasks/tsk_6890d1e4b27a3c5f9e0d1a77",
            },
        },
        {
            "id": "compai-task-assigned",
            "template": f"{API}/templates/task-item-assigned",
            "export": "TaskItemAssignedEmail",
            "to": "tomasz.wrobel@northwind-health.com",
            "subject": "You were assigned to a task: Encryption at Rest",
            "channel": "system",
            "props": {
                "toName": "Tomasz Wróbel",
                "toEmail": "tomasz.wrobel@northwind-health.com",
                "taskTitle": "Encryption at Rest",
                "assignedByName": "Priya Raman",
                "organizationName": ORG,
                "taskUrl": f"{APP}/{ORG_ID}/tasks/tsk_6890d20f4c81e7a2b3d95f10",
            },
        },
        {
            "id": "compai-automation-failures",
            "template": f"{API}/templates/automation-failures",
            "export": "AutomationFailuresEmail",
            "to": "daniel.okafor@northwind-health.com",
            "subject": 'Automation failures on task "MFA Enforcement"',
            "channel": "system",
            "props": {
                "toName": "Daniel Okafor",
                "toEmail": "daniel.okafor@northwind-health.com",
                "taskTitle": "MFA Enforcement",
                "failedCount": 2,
                "totalCount": 5,
                "taskStatusChanged": True,
                "organizationName": ORG,
                "taskUrl": f"{APP}/{ORG_ID}/tasks/tsk_6890d2a79e13b5c0d4f6a218",
            },
        },
        {
            "id": "compai-nda-signing",
            "template": f"{API}/templates/nda-signing",
            "export": "NdaSigningEmail",
            "to": "laura.becker@meridian-pay.de",
            "subject": f"NDA Signature Required - {ORG}",
            "channel": "trustPortal",
            "props": {
                "toName": "Laura Becker",
                "organizationName": ORG,
                "ndaSigningLink": f"{TRUST}/nda/9f2c4e7a1b8d4c03a6e5f1d2b7c9a084",
            },
        },
        {
            "id": "compai-access-granted",
            "template": f"{API}/templates/access-granted",
            "export": "AccessGrantedEmail",
            "to": "laura.becker@meridian-pay.de",
            "subject": f"Access Granted - {ORG}",
            "channel": "trustPortal",
            "props": {
                "toName": "Laura Becker",
                "organizationName": ORG,
                "expiresAt": {"$date": "2026-08-30T09:41:00.000Z"},
                "portalUrl": f"{TRUST}/access/3c81f0d9e6a24b57b0c4e9a1d2f7683b",
            },
        },
        {
            "id": "compai-access-reclaim",
            "template": f"{API}/templates/access-reclaim",
            "export": "AccessReclaimEmail",
            "to": "laura.becker@meridian-pay.de",
            "subject": f"Access Your Compliance Data - {ORG}",
            "channel": "trustPortal",
            "props": {
                "toName": "Laura Becker",
                "organizationName": ORG,
                "accessLink": f"{TRUST}/access/3c81f0d9e6a24b57b0c4e9a1d2f7683b",
                "expiresAt": {"$date": "2026-08-30T09:41:00.000Z"},
            },
        },
        {
            "id": "compai-access-request",
            "template": f"{API}/templates/access-request-notification",
            "export": "AccessRequestNotificationEmail",
            "to": "security@northwind-health.com",
            "subject": f"New Trust Portal Access Request - {ORG}",
            "channel": "trustPortal",
            "props": {
                "organizationName": ORG,
                "requesterName": "Laura Becker",
                "requesterEmail": "laura.becker@meridian-pay.de",
                "requesterCompany": "Meridian Pay GmbH",
                "requesterJobTitle": "Vendor Risk Analyst",
                "purpose": "Annual vendor security review (SOC 2 report and policies).",
                "requestedDurationDays": 30,
                "reviewUrl": f"{APP}/{ORG_ID}/trust/access/acr_68a2c91d0b5f4e7a93d61c48",
            },
        },
        {
            "id": "compai-trust-domain",
            "template": f"{API}/templates/trust-domain-misconfigured",
            "export": "TrustDomainMisconfiguredEmail",
            "to": "priya.raman@northwind-health.com",
            "subject": "Action required: Trust Portal domain trust.northwind-health.com is misconfigured",
            "channel": "trustPortal",
            "props": {
                "toName": "Priya Raman",
                "organizationName": ORG,
                "domain": "trust.northwind-health.com",
                "settingsUrl": f"{APP}/{ORG_ID}/trust/portal-settings",
            },
        },
    ]


def render_all(git_dir: Path, node_modules: Path, js: list[dict]) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for f in FILES:
            out = root / f
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(
                subprocess.run(
                    ["git", "--git-dir", str(git_dir), "show", f"{COMMIT}:{f}"],
                    check=True,
                    capture_output=True,
                ).stdout
            )
        payload = [
            {"template": j["template"], "export": j["export"], "props": j["props"]} for j in js
        ]
        (root / "jobs.json").write_text(json.dumps(payload), encoding="utf-8")
        (root / "driver.cjs").write_text(DRIVER, encoding="utf-8")
        env = dict(
            os.environ, TZ="UTC", UNSUBSCRIBE_SECRET=UNSUBSCRIBE_SECRET, NODE_ENV="production"
        )
        for k in ("NEXT_PUBLIC_BETTER_AUTH_URL", "NEXT_PUBLIC_APP_URL", "AUTH_SECRET"):
            env.pop(k, None)
        res = subprocess.run(
            ["node", str(root / "driver.cjs"), str(node_modules), str(root)],
            check=True,
            capture_output=True,
            env=env,
        )
        return json.loads(res.stdout.decode("utf-8"))


def build(n: int, j: dict, html: str, when: datetime) -> bytes:
    msg = EmailMessage()
    msg["From"] = FROM[j["channel"]]
    msg["To"] = j["to"]
    msg["Subject"] = j["subject"]
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = f"<compai-{n:03d}@mail.trycomp.ai>"
    one_click = (
        f"{API_URL}/v1/email/unsubscribe?email={quote(j['to'], safe='')}"
        f"&token={quote(unsubscribe_token(j['to']), safe='')}"
    )
    msg["List-Unsubscribe"] = f"<{one_click}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(html, subtype="html", charset="utf-8", cte="quoted-printable")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n", max_line_length=998))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node-modules", type=Path, default=Path("/tmp/comp-render/node_modules"))
    args = ap.parse_args()
    git_dir = args.mirrors / "trycompai+comp" / "repo"
    js = jobs()
    htmls = render_all(git_dir, args.node_modules, js)
    out_dir = HERE / "mail" / SOURCE
    out_dir.mkdir(parents=True, exist_ok=True)
    base = datetime(2026, 7, 30, 8, 15, 0, tzinfo=UTC)
    items = []
    for n, (j, html) in enumerate(zip(js, htmls, strict=True), 1):
        raw = build(n, j, html, base + timedelta(minutes=37 * n))
        (out_dir / f"{j['id']}.eml").write_bytes(raw)
        item = {
            "id": j["id"],
            "group": j["id"],
            "source": SOURCE,
            "lang": "en",
            "kind": j.get("kind", "notice"),
            "code": j.get("code"),
            "repository": REPO,
            "path": j["template"] + ".tsx",
            "commit": COMMIT,
            "licence": LICENCE,
            "rendered": RENDERED,
            "file": f"mail/{SOURCE}/{j['id']}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if j.get("note"):
            item["note"] = j["note"]
        items.append(item)
    (HERE / "round31").mkdir(exist_ok=True)
    (HERE / "round31" / "tunnel.json").write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
