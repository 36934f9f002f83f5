"""Round 29, jsapps (blind): Overleaf, the collaborative LaTeX editor (Node, its web
service's mails: the six-digit e-mail confirmation code and its sibling notices), LINE's
ABC User Feedback (NestJS: its verification-code mail and two link mails), and WeKan, the
Meteor kanban board (its account and invitation mails in fifteen languages), rendered
from git snapshots at pinned commits by the senders' own code under node.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_jsapps.py \\
        --mirrors /work/.mirror [--node-dir /tmp/r29js]

Renderer (outside this repository; needed to rerun): node 20 and, in ``--node-dir``
(default /tmp/r29js), the npm packages the three senders use, installed with

    mkdir -p /tmp/r29js && cd /tmp/r29js && npm init -y && npm install \\
        nodemailer@8.0.11 nodemailer6@npm:nodemailer@6.9.16 lodash@4.18.1 \\
        sanitize-html@2.17.5 xregexp@4.4.1 moment@2.31.0
    npm install --legacy-peer-deps --omit=optional @nestjs-modules/mailer@2.0.2 \\
        handlebars@4.7.8 @css-inline/css-inline-linux-x64-gnu@0.14.1

The collector copies the senders' files out of the snapshots into a temporary folder
inside ``--node-dir`` and runs the harness ``HARNESS`` below with ``node``; every mail is
built by nodemailer's own pipeline (``createTransport({streamTransport: true, newline:
'windows'})`` and ``sendMail``: the same MailComposer, headers and encodings the SMTP
transport sends, lines ending in CRLF), with a fixed Date, Message-ID and multipart
boundary (``baseBoundary``) in place of the random and current ones.

- overleaf/overleaf (AGPL-3.0, ``LICENSE``), commit OVERLEAF_COMMIT.
  ``services/web/app/src/Features/Email/EmailBuilder.mjs`` (with ``Bodies/``,
  ``Layouts/BaseEmailLayout.mjs``, ``EmailMessageHelper.mjs``, ``SpamSafe.mjs``,
  ``emailStyles.mjs`` and ``../Helpers/StringHelper.mjs``) builds subject, HTML and
  plain text; ``EmailSender.mjs`` sends ``{to, from, subject, html, text, replyTo,
  socketTimeout}`` (plus an ``X-SMTPAPI`` category header when the caller gives one)
  through ``nodemailer.createTransport(smtp)`` (services/web/package.json: nodemailer
  ^8.0.5). The EmailBuilder files run here unchanged, importing a stub of
  ``@overleaf/settings`` with the Community Edition defaults of
  ``server-ce/config/settings.js`` (appName "Overleaf Community Edition") and an example
  site URL, admin address and OVERLEAF_EMAIL_FROM_ADDRESS; ``moment()`` sees a fixed
  clock (UTC). Callers and values: ``User/UserEmailsConfirmationHandler.mjs``
  (``confirmCode``: ``crypto.randomInt(0, 1_000_000)`` padded to six digits, category
  ConfirmEmail, ``welcomeUser`` true at sign-up and false for an added address),
  ``PasswordReset/PasswordResetHandler.mjs`` (``passwordResetRequested``),
  ``User/UserRegistrationHandler.mjs`` (``registered``),
  ``Collaborators/CollaboratorsEmailHandler.mjs`` (``projectInvite``, replyTo the owner),
  ``User/UserController.mjs`` (``securityAlert`` when sessions are cleared), and the
  ``ownershipTransferConfirmation*``, ``welcomeWithoutCTA``, ``gitTokenExpiringSoon``,
  ``removeGroupMember`` and ``testEmail`` templates with the options their templates
  read. Tokens in links: 64 hex (one-time tokens), 48 hex (invite tokens). Labels: the
  confirmation code (shown in the subject, highlighted in the HTML and on its own line
  in the text) is the code; every other mail has none.
- line/abc-user-feedback (Apache-2.0, ``LICENSE``), commit ABC_COMMIT. ``apps/api``
  (NestJS) sends through ``@nestjs-modules/mailer`` (``mailer-config.module.ts``:
  ``HandlebarsAdapter()`` with ``strict``, default CSS inlining by css-inline, From
  ``"User feedback" <SMTP_SENDER>``; pnpm-lock: mailer 2.0.2, handlebars 4.7.8,
  css-inline 0.14.1, nodemailer 8.0.5, here 8.0.11). ``shared/mailing/*.service.ts``
  give subject, template and context: ``verification.hbs`` with the code
  (``shared/code/code.service.ts``: ``String(crypto.randomInt(1, 1000000))
  .padStart(6, '0')``), ``resetPassword.hbs`` and ``invitation.hbs`` with a link
  ``<ADMIN_WEB_URL>/link/...?code=<code>&email=<email>``. The adapter's own ``compile``
  runs here on the templates copied from the snapshot; HTML only. Labels: the
  verification code is the code; in the other two the code is only in the link (null).
- wekan/wekan (MIT, ``LICENSE``), commit WEKAN_COMMIT. Subjects and texts are i18n keys
  of ``imports/i18n/data/<lang>.i18n.json`` translated by ``TAPi18n.__``
  (``imports/i18n/tap.js``: i18next with ``__name__`` interpolation, no escaping,
  English fallback for a missing key), done here in Python the same way. Mails: the
  registration invitation (``server/models/settings.js``, ``sendInvitationEmail``:
  user = the address's local part, inviter = ``"<fullname> (<username> )"``, url =
  ``Meteor.absoluteUrl('sign-up')``, icode = ``generateInvitationCode()``, 16 random
  bytes in base64url), the board invitation (``server/models/users.js``: board title
  and ``board.absoluteUrl()``), and accounts-password's reset, verify and enroll mails
  (``config/accounts.js`` with ``server/lib/resetPasswordEmail.js``: user name, site
  name = the ROOT_URL host, Meteor's ``#/reset-password/<token>`` style links, token
  ``Random.secret()``: 43 of ``[A-Za-z0-9_-]``). Everything goes out through
  ``server/lib/emailLocalization.js`` / ``Email.sendAsync`` of Meteor's email package
  (WeKan pins email@3.2.0 in ``.meteor/versions``), a text-only ``{to, from, subject,
  text}`` handed to a nodemailer 6 SMTP transport; rendered here with nodemailer 6.9.16
  (the version of Meteor 3's email package is assumed, not read from a snapshot). From
  is MAIL_FROM (example value). Labels: none of these mails carries a code. The
  registration invitation gives an invitation code to type in the sign-up form; by the
  corpus rules an invite code is not a code, so it is labelled null (with a note).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round29" / "jsapps.json"

OVERLEAF = "overleaf/overleaf"
OVERLEAF_COMMIT = "05565653a152d9ac6a325334ca91c76fbdfaceba"
OVERLEAF_FILES = [
    "Email/EmailBuilder.mjs",
    "Email/EmailMessageHelper.mjs",
    "Email/SpamSafe.mjs",
    "Email/emailStyles.mjs",
    "Email/Bodies/NoCTAEmailBody.mjs",
    "Email/Bodies/cta-email.mjs",
    "Email/Layouts/BaseEmailLayout.mjs",
    "Helpers/StringHelper.mjs",
]
OVERLEAF_BASE = "services/web/app/src/Features/"
OVERLEAF_SITE = "https://latex.example.org"
OVERLEAF_SETTINGS = {
    "appName": "Overleaf Community Edition",
    "siteUrl": OVERLEAF_SITE,
    "adminEmail": "support@latex.example.org",
    "email": {"fromAddress": "Overleaf <no-reply@latex.example.org>", "replyTo": ""},
}

WEKAN = "wekan/wekan"
WEKAN_COMMIT = "f5cc8e37319469dd6a4752e160540213a2094aa4"
WEKAN_ROOT = "https://kanban.example.org/"
WEKAN_FROM = "Wekan Notifications <noreply@kanban.example.org>"

HARNESS = r"""
import fs from 'node:fs'
const FIXED = Date.parse(process.argv[2])
const RealDate = Date
globalThis.Date = class extends RealDate {
  constructor(...a) { if (a.length === 0) super(FIXED); else super(...a) }
  static now() { return FIXED }
}
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'))
const { default: EmailBuilder } = await import('./Email/EmailBuilder.mjs')
const nm8 = (await import('nodemailer')).default
const nm6 = (await import('nodemailer6')).default
const { createRequire } = await import('node:module')
const { HandlebarsAdapter } = createRequire(import.meta.url)(
  '@nestjs-modules/mailer/dist/adapters/handlebars.adapter'
)
const hbsOptions = {
  template: { dir: process.cwd() + '/templates/', adapter: null, options: { strict: true } },
}
hbsOptions.template.adapter = new HandlebarsAdapter()
const out = []
for (const job of jobs) {
  let mail
  if (job.overleaf) {
    const opts = job.overleaf.opts
    const email = EmailBuilder.buildEmail(job.overleaf.template, opts)
    const settings = (await import('@overleaf/settings')).default
    mail = {
      to: opts.to,
      from: opts.from || settings.email.fromAddress || '',
      subject: email.subject,
      html: email.html,
      text: email.text,
      replyTo: opts.replyTo || settings.email.replyToAddress,
      socketTimeout: 30 * 1000,
    }
    if (opts.category) {
      mail.headers = { 'X-SMTPAPI': JSON.stringify({ category: opts.category }) }
    }
  } else if (job.hbs) {
    const m = { data: { ...job.hbs } }
    hbsOptions.template.adapter.compile(m, e => { if (e) throw e }, hbsOptions)
    mail = { ...m.data }
  } else {
    mail = job.mail
  }
  mail.messageId = job.messageId
  mail.date = new RealDate(job.date)
  mail.baseBoundary = job.boundary
  const lib = job.mail ? nm6 : nm8
  const t = lib.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  const info = await t.sendMail(mail)
  out.push(info.message.toString('base64'))
}
process.stdout.write(JSON.stringify(out))
"""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def run_node(mirrors: Path, node_dir: Path, jobs: list[dict], clock: str) -> list[bytes]:
    import base64

    with tempfile.TemporaryDirectory(dir=node_dir) as tmp:
        root = Path(tmp)
        for name in OVERLEAF_FILES:
            dest = root / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(git_show(mirrors, OVERLEAF, OVERLEAF_COMMIT, OVERLEAF_BASE + name))
        (root / "templates").mkdir()
        for name in ABC_TEMPLATES:
            (root / "templates" / f"{name}.hbs").write_bytes(
                git_show(mirrors, ABC, ABC_COMMIT, f"{ABC_TEMPLATE_DIR}{name}.hbs")
            )
        stub = root / "node_modules" / "@overleaf" / "settings"
        stub.mkdir(parents=True)
        (stub / "package.json").write_text('{"name": "@overleaf/settings", "main": "index.js"}')
        (stub / "index.js").write_text(
            "module.exports = " + json.dumps(OVERLEAF_SETTINGS, indent=1) + "\n"
        )
        (root / "harness.mjs").write_text(HARNESS)
        res = subprocess.run(
            ["node", "harness.mjs", clock],
            cwd=root,
            input=json.dumps(jobs).encode(),
            capture_output=True,
            check=True,
            env={"TZ": "UTC", "PATH": "/usr/local/bin:/usr/bin:/bin"},
        )
    return [base64.b64decode(m) for m in json.loads(res.stdout)]


# ---------------------------------------------------------------- Overleaf

OL_USER = "noor.tester@example.com"
OL_PATH = (
    "services/web/app/src/Features/Email/EmailBuilder.mjs, "
    "services/web/app/src/Features/Email/EmailSender.mjs, "
    "services/web/app/src/Features/Email/Layouts/BaseEmailLayout.mjs, "
    "services/web/app/src/Features/Email/Bodies/"
)
OL_RENDERED = (
    "EmailBuilder.buildEmail run unchanged under node with a stub @overleaf/settings "
    "(CE defaults); sent as EmailSender does through nodemailer 8 (multipart/alternative "
    "text + HTML)"
)
OL_PROJECT = {"_id": "6650f3c2a1b4e90012ab34cd", "name": "Thesis draft (chapter 3)"}
OL_OWNER = {"email": "amira.haddad@example.net", "first_name": "Amira", "last_name": "Haddad"}


def overleaf_jobs() -> list[tuple[dict, dict]]:
    site = OVERLEAF_SITE
    reset = (
        f"{site}/user/password/set?passwordResetToken="
        "4be1c09a7f3d2e65b8a0c9174d3e2f6a1b58c7d90e4f2a3b6c1d8e7f0a9b2c4d"
        "&email=noor.tester%40example.com"
    )
    specs = [
        (
            "confirm-code-welcome",
            "confirmCode",
            {
                "to": OL_USER,
                "confirmCode": "084137",
                "welcomeUser": True,
                "category": ["ConfirmEmail"],
            },
            "saas-otp",
            "084137",
            "sign-up: the six-digit confirmation code (crypto.randomInt(0, 1_000_000) padded "
            "to six digits), in the subject, highlighted in the HTML, alone on a text line",
        ),
        (
            "confirm-code-secondary",
            "confirmCode",
            {
                "to": "n.tester@uni.example.edu",
                "confirmCode": "529604",
                "welcomeUser": False,
                "category": ["ConfirmEmail"],
            },
            "saas-otp",
            "529604",
            "an added address: the six-digit confirmation code",
        ),
        (
            "password-reset",
            "passwordResetRequested",
            {"to": OL_USER, "setNewPasswordUrl": reset},
            "notice",
            None,
            "the reset token (64 hex) is only inside the link",
        ),
        (
            "registered",
            "registered",
            {
                "to": OL_USER,
                "setNewPasswordUrl": f"{site}/user/activate?token="
                "9f2c41d07be85a36c1e0d94f7a2b5c83e6d1f0a49b7c2e58d3a60f1b4c9e7d2a&user_id="
                "6650f1aa0c3d4e0012ab0001",
            },
            "notice",
            None,
            "an admin-created account: the activation token is only in the link",
        ),
        (
            "project-invite",
            "projectInvite",
            {
                "to": OL_USER,
                "replyTo": OL_OWNER["email"],
                "project": {"name": OL_PROJECT["name"]},
                "inviteUrl": f"{site}/project/{OL_PROJECT['_id']}/invite/token/"
                "c7e2a9f04b61d83e5a0f9c2d7b4e1a6f3c8d0b5e2a9f7c41",
                "owner": OL_OWNER,
            },
            "notice",
            None,
            None,
        ),
        (
            "security-alert",
            "securityAlert",
            {
                "to": OL_USER,
                "actionDescribed": f"active sessions were cleared on your account {OL_USER}",
                "action": "active sessions cleared",
            },
            "notice",
            None,
            None,
        ),
        (
            "ownership-previous",
            "ownershipTransferConfirmationPreviousOwner",
            {
                "to": OL_OWNER["email"],
                "project": OL_PROJECT,
                "newOwner": {"email": OL_USER, "first_name": "Noor", "last_name": "Tester"},
            },
            "notice",
            None,
            None,
        ),
        (
            "ownership-new",
            "ownershipTransferConfirmationNewOwner",
            {"to": OL_USER, "project": OL_PROJECT, "previousOwner": OL_OWNER},
            "notice",
            None,
            None,
        ),
        ("welcome", "welcomeWithoutCTA", {"to": OL_USER}, "notice", None, None),
        (
            "git-token-expiring",
            "gitTokenExpiringSoon",
            {"to": OL_USER, "firstName": "Noor"},
            "notice",
            None,
            None,
        ),
        (
            "group-member-removed",
            "removeGroupMember",
            {"to": OL_USER, "adminName": "Amira Haddad"},
            "notice",
            None,
            None,
        ),
        ("test-email", "testEmail", {"to": OL_USER}, "notice", None, None),
    ]
    out = []
    for n, (slug, template, opts, kind, code, note) in enumerate(specs):
        meta = dict(
            id=f"overleaf-{slug}",
            group=f"overleaf-{slug.replace('-welcome', '').replace('-secondary', '')}",
            source="overleaf",
            lang="en",
            kind=kind,
            code=code,
            repository=OVERLEAF,
            path=OL_PATH,
            commit=OVERLEAF_COMMIT,
            licence="AGPL-3.0",
            rendered=OL_RENDERED,
            note=note,
        )
        job = dict(
            overleaf={"template": template, "opts": opts},
            messageId=f"<r29-{n:02d}-5b1f2c7e@latex.example.org>",
            date=f"2026-12-07T09:{10 + n:02d}:31Z",
            boundary=f"5b1f2c7e90a1d3{n:02d}",
        )
        out.append((meta, job))
    return out


# ---------------------------------------------------------------- ABC User Feedback

ABC = "line/abc-user-feedback"
ABC_COMMIT = "b4e0d101b8b52bbf8b417457f3e80e672661fbf1"
ABC_TEMPLATE_DIR = "apps/api/src/configs/modules/mailer-config/templates/"
ABC_TEMPLATES = ("verification", "resetPassword", "invitation")
ABC_WEB = "https://feedback.example.org"
ABC_FROM = '"User feedback" <feedback@example.org>'  # defaults.from with SMTP_SENDER


def abc_jobs() -> list[tuple[dict, dict]]:
    email = "noor.tester@example.com"
    specs = [
        (
            "verification",
            "User feedback Email Verification",
            {"code": "307215", "baseUrl": ABC_WEB},
            "email-verification-mailing.service.ts",
            "saas-otp",
            "307215",
            "sign-up e-mail verification: CodeService.createCode() "
            "(String(crypto.randomInt(1, 1000000)).padStart(6, '0')) shown under "
            "'Authentication Code'",
        ),
        (
            "reset-password",
            "User feedback Reset Password",
            {
                "link": f"{ABC_WEB}/link/reset-password?code=640918&email={email}",
                "baseUrl": ABC_WEB,
            },
            "reset-password-mailing.service.ts",
            "notice",
            None,
            "the six-digit reset code is only inside the button's link",
        ),
        (
            "invitation",
            "User Feedback Invitation",
            {
                "link": f"{ABC_WEB}/link/user-invitation?code=052773&email={email}",
                "baseUrl": ABC_WEB,
            },
            "user-invitation-mailing.service.ts",
            "notice",
            None,
            "the six-digit invitation code is only inside the button's link",
        ),
    ]
    out = []
    for n, (slug, subject, context, service, kind, code, note) in enumerate(specs):
        template = ABC_TEMPLATES[n]
        meta = dict(
            id=f"abcfeedback-{slug}",
            group=f"abcfeedback-{slug}",
            source="abcfeedback",
            lang="en",
            kind=kind,
            code=code,
            repository=ABC,
            path=f"apps/api/src/shared/mailing/{service}, {ABC_TEMPLATE_DIR}{template}.hbs, "
            "apps/api/src/configs/modules/mailer-config/mailer-config.module.ts, "
            "apps/api/src/shared/code/code.service.ts",
            commit=ABC_COMMIT,
            licence="Apache-2.0",
            rendered=(
                "@nestjs-modules/mailer 2.0.2 HandlebarsAdapter (handlebars 4.7.8, strict, "
                "css-inline 0.14.1) run under node; HTML-only mail sent by nodemailer 8"
            ),
            note=note,
        )
        job = dict(
            hbs={
                "from": ABC_FROM,
                "to": email,
                "subject": subject,
                "context": context,
                "template": template,
            },
            messageId=f"<r29-{n:02d}-9ad3f5b2@feedback.example.org>",
            date=f"2026-12-09T07:{20 + n:02d}:48Z",
            boundary=f"9ad3f5b2e1c4d7{n:02d}",
        )
        out.append((meta, job))
    return out


# ---------------------------------------------------------------- WeKan

WK_LANGS = {
    "en": "en", "de": "de", "fr": "fr", "es": "es", "ru": "ru", "ja": "ja",
    "zh-CN": "zh-CN", "pt-BR": "pt-BR", "it": "it", "pl": "pl", "tr": "tr", "nl": "nl",
    "he": "he", "ko": "ko", "fi": "fi",
}  # fmt: skip
WK_PATH_I18N = "imports/i18n/data/{}.i18n.json"
WK_ICODES = [  # generateInvitationCode(): crypto.randomBytes(16).toString('base64url')
    "qT3vL9xWm2Rk7bNc0pYs4A", "Hc8_Zd1uE5oV-jKw6fQr2g", "n4Xb7Lp0Ty9Ka2Ws5Md1eQ",
    "J6rFq3Vh-Ux8Ni0Gc7Bz5w", "a1Sd9Kf4Lg7Hj2Qw6Ez0rA", "Yp5Tm8Rn1Vb4Xc7Zq0Ws3g",
    "e2Gh6Jk9Lm3Np7Qr0St4uQ", "Bv7Cx1Zl4Kj8Hg2Fd5Sa9w", "w0Qe3Rt6Yu9Io2Pa5Sd8fA",
    "Mn4Bv7Cx0Zl3Kj6Hg9Fd2g", "r5Ty8Ui1Op4As7Df0Gh3jQ", "Kl2Zx5Cv8Bn1Mq4We7Rt0w",
    "t9Yu2Io5Pa8Sd1Fg4Hj7kA", "Gh3Jk6Lz9Xc2Vb5Nm8Qw1g", "o7Pa0Sd3Fg6Hj9Kl2Zx5cQ",
]  # fmt: skip
WK_TOKENS = [  # Random.secret(): 43 of [A-Za-z0-9_-]
    "xV3q9LmT0bR7cK2nW5pZ8sY1dF4gH6jA-uE_iO3rQ2t",
    "N8kP2wR5tY7uI0oL3zX6cV9bM1nQ4aS-dF_gH7jK2lE",
    "b5Cg8Jd1Lf4Nh7Pk0Rm3Tq6Vs9Xu2Zw_Ae-Ci4Ek8Gm",
    "Q1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX_cV-bN3mQ6wE",
]  # fmt: skip
WK_BOARD = ("kF4hT9sW2qL7xN3pR", "sprint-planning", "Sprint planning")


def i18next(table: dict, fallback: dict, key: str, params: dict) -> str:
    text = table.get(key) or fallback[key]
    return re.sub(r"__(.+?)__", lambda m: params.get(m.group(1).strip(), m.group(0)), text)


def wekan_jobs(mirrors: Path) -> list[tuple[dict, dict]]:
    catalogues = {
        lang: json.loads(git_show(mirrors, WEKAN, WEKAN_COMMIT, WK_PATH_I18N.format(lang)))
        for lang in WK_LANGS
    }
    en = catalogues["en"]
    host = WEKAN_ROOT.split("//")[1].rstrip("/")
    inviter = "Amira Haddad (amira )"
    plan: list[tuple[str, str, str, dict, str | None]] = []
    for n, lang in enumerate(WK_LANGS):
        params = {
            "user": "noor.tester",
            "inviter": inviter,
            "icode": WK_ICODES[n],
            "url": WEKAN_ROOT + "sign-up",
            "email": "noor.tester@example.com",
        }
        plan.append(
            (
                "invite-register",
                lang,
                "email-invite-register",
                params,
                "a registration invitation: it gives an invitation code "
                "(generateInvitationCode(), 22 base64url characters) to type in the sign-up "
                "form; an invite code is not a code by the corpus rules",
            )
        )
    board_url = f"{WEKAN_ROOT}b/{WK_BOARD[0]}/{WK_BOARD[1]}"
    for lang in ("en", "de", "fr", "ja", "ru", "es"):
        plan.append(
            (
                "invite-board",
                lang,
                "email-invite",
                {
                    "user": "Noor Tester (noor.tester )",
                    "inviter": inviter,
                    "board": WK_BOARD[2],
                    "url": board_url,
                },
                None,
            )
        )
    for i, lang in enumerate(("en", "de", "fr", "zh-CN")):
        plan.append(
            (
                "reset-password",
                lang,
                "email-resetPassword",
                {
                    "user": "Noor Tester",
                    "siteName": host,
                    "url": f"{WEKAN_ROOT}#/reset-password/{WK_TOKENS[i]}",
                },
                "the reset token is only inside the link",
            )
        )
    for i, lang in enumerate(("en", "pl")):
        plan.append(
            (
                "verify-email",
                lang,
                "email-verifyEmail",
                {
                    "user": "Noor Tester",
                    "siteName": host,
                    "url": f"{WEKAN_ROOT}#/verify-email/{WK_TOKENS[i + 1]}",
                },
                "the verification token is only inside the link",
            )
        )
    for i, lang in enumerate(("en", "it")):
        plan.append(
            (
                "enroll-account",
                lang,
                "email-enrollAccount",
                {
                    "user": "Noor Tester",
                    "siteName": host,
                    "url": f"{WEKAN_ROOT}#/enroll-account/{WK_TOKENS[i + 2]}",
                },
                "an admin-created account: the enrolment token is only inside the link",
            )
        )
    out = []
    for n, (slug, lang, key, params, note) in enumerate(plan):
        table = catalogues[lang]
        mail = {
            "to": "noor.tester@example.com",
            "from": WEKAN_FROM,
            "subject": i18next(table, en, f"{key}-subject", params),
            "text": i18next(table, en, f"{key}-text", params),
        }
        path = WK_PATH_I18N.format(lang)
        if slug == "invite-register":
            path += ", server/models/settings.js, server/lib/emailLocalization.js"
        elif slug == "invite-board":
            path += ", server/models/users.js, server/lib/emailLocalization.js"
        else:
            path += ", config/accounts.js, server/lib/resetPasswordEmail.js"
        meta = dict(
            id=f"wekan-{slug}-{WK_LANGS[lang]}",
            group=f"wekan-{slug}",
            source="wekan",
            lang=WK_LANGS[lang],
            kind="notice",
            code=None,
            repository=WEKAN,
            path=path,
            commit=WEKAN_COMMIT,
            licence="MIT",
            rendered=(
                "i18n catalogue strings interpolated as TAPi18n (i18next, __name__, no "
                "escaping); a text-only mail built by nodemailer 6 as Meteor's Email.sendAsync "
                "sends it"
            ),
            note=note,
        )
        job = dict(
            mail=mail,
            messageId=f"<r29-{n:02d}-c4e8a1d6@kanban.example.org>",
            date=f"2026-12-08T14:{10 + n:02d}:05Z",
            boundary=f"c4e8a1d6f2b3a5{n:02d}",
        )
        out.append((meta, job))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--node-dir", type=Path, default=Path("/tmp/r29js"))
    args = parser.parse_args()
    planned = overleaf_jobs() + abc_jobs() + wekan_jobs(args.mirrors)
    raws = run_node(
        args.mirrors, args.node_dir, [job for _, job in planned], "2026-12-07T09:12:44Z"
    )
    items = []
    for (meta, _), raw in zip(planned, raws, strict=True):
        file = f"mail/{meta['source']}/{meta['id']}.eml"
        path = HERE / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {k: meta[k] for k in ("id", "group", "source", "lang", "kind", "code")}
        item.update(
            repository=meta["repository"],
            path=meta["path"],
            commit=meta["commit"],
            licence=meta["licence"],
            rendered=meta["rendered"],
            file=file,
            sha256=hashlib.sha256(raw).hexdigest(),
        )
        if meta.get("note"):
            item["note"] = meta["note"]
        items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
