"""Round eighteen, SaaS starter kits and boilerplates: the sign-in, verification and
password-reset codes their mails give, and the same kits' welcome, invitation, billing and
link mails without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_starters.py \\
        --mirrors /work/.mirror --node-modules /tmp/r18starters-nm

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.
``--node-modules`` is a folder holding one npm install per React Email version the kits pin
(each a ``package.json`` and ``node_modules``), plus esbuild 0.24.0 and handlebars 4.7.8 in
its own ``node_modules`` (and @css-inline/css-inline 0.14.1 there):

- ``v19``: ``@react-email/components@1.0.6 react@19.2.4 react-dom@19.2.4`` (epic-stack);
- ``v18``: ``@react-email/components@0.0.31 @react-email/render@1.0.3 react@18.3.1
  react-dom@18.3.1`` (remix-saas);
- ``boxy``: ``@react-email/components@1.0.12 @react-email/render@2.0.8 react@18.3.1
  react-dom@18.3.1`` (saas-starter-kit);
- ``v020``: ``@react-email/components@0.0.20 react@18.3.1 react-dom@18.3.1`` (convex-auth);
- ``jsx``: ``jsx-email@2.7.1 react@19.1.0 react-dom@19.1.0`` (useSend);
- ``rsk``: ``@react-email/components@1.0.8 @react-email/render@2.0.4 react@19.2.4
  react-dom@19.2.4`` (react-starter-kit).

React Email templates are rendered in node 20 from the kits' own ``.tsx`` source: the
template functions are cut out of the file as written, their imports replaced by the
components package, compiled with esbuild (``jsx: transform``) and rendered with the
``render`` the kit calls (``plainText`` too where the kit sends a text part), with
``Date.now`` fixed to the mail's date. Handlebars templates are compiled with handlebars in
node as the kit does.

- epicweb-dev/epic-stack (MIT), Kent C. Dodds's full-stack Remix / React Router starter
  ("Epic Notes"): the ``SignupEmail`` (``app/routes/_auth/signup.tsx``), ``ForgotPasswordEmail``
  (``forgot-password.tsx``), ``EmailChangeEmail`` and ``EmailChangeNoticeEmail`` (``settings/profile/change-email.server.tsx``,
  sent from ``change-email.tsx`` and the server file) components with the subjects of
  their ``sendEmail`` calls; ``app/utils/email.server.ts`` sends ``render`` and
  ``render(..., {plainText: true})`` as html and text from ``hello@epicstack.dev``. The code is
  ``generateTOTP`` of ``verify.server.ts``: six characters of
  ``ABCDEFGHJKLMNPQRSTUVWXYZ123456789`` (@epic-web/totp's six digits), also set as ``code`` in
  the ``/verify`` link (``getRedirectToUrl``).
- dev-xo/remix-saas (MIT), a Remix SaaS starter: ``app/modules/email/templates/auth-email.tsx``
  (``AuthEmail``, with the magic link remix-auth-totp's ``generateMagicLink`` makes:
  ``/auth/magic-link?code=<code>``) and ``subscription-email.tsx`` (success and
  error), subject strings of their senders, ``onboarding@resend.dev``, HTML alone
  (``email.server.ts``). The code is remix-auth-totp 3.4.2's default: six characters of
  ``abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNPQRSTUVWXYZ123456789`` (mixed case).
- boxyhq/saas-starter-kit (Apache-2.0), the BoxyHQ Next.js enterprise SaaS starter: the six
  ``components/emailTemplates/*.tsx`` in ``EmailLayout`` (Tailwind), with the subjects and
  links of ``lib/email/send*.ts`` and ``lib/accountLock.ts`` (``app.name`` BoxyHQ,
  ``APP_URL`` of ``.env.example``); nodemailer sends the HTML alone. Link mails, no code.
- get-convex/convex-auth (Apache-2.0: ``package.json``; the licence text copied from
  ``test-nextjs/LICENSE.txt``, the repository has none at its root), Convex Auth's example
  apps that the Convex starters copy: ``test/convex/otp/VerificationCodeEmail.tsx`` (``ResendOTP``, ``maxAge`` 20 minutes)
  and ``test/convex/passwordReset/PasswordResetEmail.tsx`` (``ResendOTPPasswordReset``, the
  provider's default 24 hours), sent through Resend 3.2.0 (HTML alone) from
  ``My App <onboarding@resend.dev>``; the code is ``generateRandomString`` of eight digits.
  The validity line is computed by the template (``Math.floor`` of hours: "0 hours" for the
  20-minute code, as the example really sends it).
- brocoders/nestjs-boilerplate (MIT), the NestJS REST API boilerplate: ``MailService``
  (``src/mail/mail.service.ts``) sign-up, forgot-password and confirm-new-email mails,
  ``src/mail/mail-templates/*.hbs`` compiled with Handlebars (``strict``) and the strings of
  ``src/i18n/<lang>/*.json`` in all seven of its languages; ``MailerService`` sends
  ``text`` (``<url> <title>``) and the HTML, From ``"<MAIL_DEFAULT_NAME>"
  <MAIL_DEFAULT_EMAIL>``. Link mails, no code.
- sahat/hackathon-starter (MIT), the Node/Express starter: the ``mailOptions`` of
  ``controllers/user.js`` (the e-mailed two-factor code of ``sendTwoFactorEmail``, six digits of
  ``User.generateCode``: ``crypto.randomInt(100000, 1000000)``; the login-link, existing-account,
  verify-email, reset-password and password-changed mails), their template literals evaluated
  in node with ``BASE_URL`` / ``SITE_CONTACT_EMAIL`` set; nodemailer sends the text alone.
- tugascript/nestjs-graphql-fastity-template (MPL-2.0 OR GPL-3.0-only), a NestJS GraphQL
  boilerplate: ``src/email/templates/*.hbs`` compiled with Handlebars (``strict``) as
  ``EmailService`` does, From ``"My App" <EMAIL_USER>``, HTML alone; the two-factor access code
  is ``randomBytes(3).toString('hex').toUpperCase()`` (``auth.service.ts``), subject ``Your
  access code <name>``.
- jhipster/generator-jhipster (Apache-2.0), the Spring Boot application generator: the
  generated ``templates/mail/{activation,creation,passwordReset}Email.html`` with the generated
  ``messages_<lang>.properties`` (eight of its languages), for an app ``Fjordline`` with user
  management; the generator's EJS applied (comments and control lines dropped,
  ``baseName``), then the Thymeleaf forms these templates use rendered by a small renderer
  (``th:text`` of messages with MessageFormat ``{0}``, ``th:href`` / ``th:with`` link
  expressions, ``th:lang``; the ``xmlns:th`` declaration dropped); ``MailService`` sends the
  HTML alone with the title message as subject. Link mails, no code.
- unsend-dev/unsend (AGPL-3.0), useSend, an open e-mail platform built on create-t3-app:
  ``apps/web/src/server/mailer.ts`` (``sendSignUpEmail``: the jsx-email ``OtpEmail`` with
  ``token.toUpperCase()`` and a text part with the token as it is; ``sendTeamInviteEmail``) and
  ``email-templates/*.tsx`` rendered with jsx-email in node; the next-auth token is
  ``Math.random().toString(36).substring(2, 7)`` (``server/auth.ts``).
- nextauthjs/next-auth (ISC), Auth.js, which most Next.js starters sign in with: the default
  ``html()`` / ``text()`` of ``packages/core/src/lib/utils/email.ts`` as the Resend and
  Nodemailer providers send them (``Sign in to <host>``), once with the default theme and once
  with a brand colour. Link mails, no code.
- robertlinde/next-nest-turbo-boilerplate (MIT), a Next.js + NestJS Turborepo boilerplate, at
  the last commit that still sent its mails (``NNT_COMMIT``, the parent of 63316f1 which
  removed them): ``apps/nestjs-backend/src/email/templates/<name>_{de,en}.hbs`` with the
  subjects of ``email.service.ts``, rendered as ``email.module.ts`` configures
  @nestjs-modules/mailer 2.0.2 (handlebars ``strict``, then its default CSS inlining with
  @css-inline/css-inline 0.14.1); the 2FA code is six digits of
  ``CryptoService.generateRandomCode``.
- kriasoft/react-starter-kit (MIT): ``apps/email/templates/{otp-email,email-verification,
  password-reset}.tsx`` in ``components/BaseTemplate.tsx``, sent by ``apps/api/lib/email.ts``
  (subjects there; ``renderEmailToHtml`` with ``pretty`` and ``renderEmailToText``) from
  ``onboarding@resend.dev``; the code is better-auth's emailOTP with ``otpLength: 6``
  (``apps/api/lib/auth.ts``), for sign-in, e-mail verification and password reset.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote, urlencode

from collect import HERE, message

SENT = datetime(2026, 12, 3, 9, 14, 52, tzinfo=UTC)
NOW_MS = int(SENT.timestamp() * 1000)
RNG = random.Random("r18-starters")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round18" / "starters.json"

EPIC = "epicweb-dev/epic-stack"
EPIC_COMMIT = "f64d690722d8260a055bb63b042de877ab3f6a18"
REMIXSAAS = "dev-xo/remix-saas"
REMIXSAAS_COMMIT = "2f2656bb0e0de4e21a249e2ea04503ca2dc6e63d"
BOXY = "boxyhq/saas-starter-kit"
BOXY_COMMIT = "abc9b686823cbfb4973c79bc36fea37a3244be6c"
CONVEX = "get-convex/convex-auth"
CONVEX_COMMIT = "b58a384ced62e771275d27c7d2649d49de2db8ec"
NEST = "brocoders/nestjs-boilerplate"
NEST_COMMIT = "9620f159eefe38f47747d02ab162852367c5472c"
HACK = "sahat/hackathon-starter"
HACK_COMMIT = "dbcac7a7b159bf6b8e93eb071a6f066c0b0ab6c8"
TUGA = "tugascript/nestjs-graphql-fastity-template"
TUGA_COMMIT = "dc402dd3dd38bcf7644383bba74feeb735274655"
JHIPSTER = "jhipster/generator-jhipster"
JHIPSTER_COMMIT = "b622d1ac167506a771a5ece5c739b0b8e0525c79"
USESEND = "unsend-dev/unsend"
USESEND_COMMIT = "ef76711fe09128bbd41e0043192c9fb864462e6f"
AUTHJS = "nextauthjs/next-auth"
AUTHJS_COMMIT = "a1a16a5a7780488c7449feece410033f445d0b31"
RSK = "kriasoft/react-starter-kit"
RSK_COMMIT = "3c5132eb3d0a02dc8090eb6248f8959744e18d12"
NNT = "robertlinde/next-nest-turbo-boilerplate"
NNT_COMMIT = "f02f23c98ccb9c1ee6864eb7817031bf61c69257"


def _show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, variant=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}-{lang}" + (f"-{variant}" if variant else "")
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


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------
# React Email in node

RUNNER = r"""
const fs = require('fs');
const esbuild = require('esbuild');
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
Date.now = () => input.now;
const React = require('react');
const E = require(input.componentsModule || '@react-email/components');
const renderModule = require(input.renderModule);
const render = renderModule.render;
(async () => {
  const out = [];
  for (const job of input.jobs) {
    const code = esbuild.transformSync(job.source, {
      loader: 'tsx', format: 'cjs', jsx: 'transform', target: 'node20',
    }).code;
    const mod = { exports: {} };
    new Function('require', 'module', 'exports', 'React', 'E', code)(
      require, mod, mod.exports, React, E);
    const props = job.props;
    for (const key of job.dateProps || []) props[key] = new Date(props[key]);
    const el = job.call
      ? mod.exports[job.component](props)
      : React.createElement(mod.exports[job.component], props);
    const html = await render(el, job.renderOptions);
    const text = job.plainText ? await render(el, { plainText: true }) : null;
    out.push({ html, text });
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""

COMPONENT_NAMES = ["Body", "Button", "CodeInline", "Container", "Font", "Head", "Heading", "Hr",
                   "Html", "Img", "Link", "Preview", "Section", "Tailwind", "Text"]  # fmt: skip


def _strip_module(src: str) -> str:
    """A template file without its imports and exports (the components come from E)."""
    src = re.sub(r"^import\s[\s\S]*?from\s+['\"][^'\"]+['\"];?[ \t]*\n", "", src, flags=re.M)
    src = re.sub(r"^export default \w+;?[ \t]*\n?", "", src, flags=re.M)
    src = re.sub(r"^export (const|function) ", r"\1 ", src, flags=re.M)
    return src


def _cut_function(src: str, name: str) -> str:
    """``function name(...) { ... }`` as written, up to its closing brace at column 0."""
    m = re.search(rf"^(?:export )?function {name}\(", src, flags=re.M)
    assert m, name
    end = re.compile(r"^\}\n", flags=re.M).search(src, m.start())
    assert end
    return src[m.start() : end.end()].removeprefix("export ")


def _module(body: str, exports: list[str], prelude: str = "") -> str:
    names = ", ".join(COMPONENT_NAMES)
    return (
        f"const {{ {names} }} = E;\n{prelude}{body}\nmodule.exports = {{ {', '.join(exports)} }};\n"
    )


def _react(
    node_modules: Path,
    flavour: str,
    render_module: str,
    jobs: list[dict],
    components: str = "@react-email/components",
):
    env = dict(os.environ)
    env["NODE_PATH"] = f"{node_modules / flavour / 'node_modules'}:{node_modules / 'node_modules'}"
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "runner.js"
        runner.write_text(RUNNER)
        payload = json.dumps(
            {
                "now": NOW_MS,
                "renderModule": render_module,
                "jobs": jobs,
                "componentsModule": components,
            }
        )
        done = subprocess.run(
            ["node", str(runner)], input=payload.encode(), capture_output=True, env=env,
            check=True,
        )  # fmt: skip
    return json.loads(done.stdout)


def _handlebars(node_modules: Path, jobs: list[dict]) -> list[str]:
    script = r"""
const fs = require('fs');
const Handlebars = require('handlebars');
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(jobs.map((j) => {
  const html = Handlebars.compile(j.template, { strict: true })(j.context);
  return j.inlineCss ? require('@css-inline/css-inline').inline(html, {}) : html;
})));
"""
    env = dict(os.environ)
    env["NODE_PATH"] = str(node_modules / "node_modules")
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "hbs.js"
        runner.write_text(script)
        done = subprocess.run(
            ["node", str(runner)], input=json.dumps(jobs).encode(), capture_output=True,
            env=env, check=True,
        )  # fmt: skip
    return json.loads(done.stdout)


# ---------------------------------------------------------------------------------------
# epicweb-dev/epic-stack

EPIC_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ123456789"


def _verify_url(origin: str, kind: str, target: str, code: str) -> str:
    return f"{origin}/verify?" + urlencode({"type": kind, "target": target, "code": code})


def epic(mirrors: Path, node_modules: Path) -> None:
    files = {
        "signup": "app/routes/_auth/signup.tsx",
        "forgot": "app/routes/_auth/forgot-password.tsx",
        "change": "app/routes/settings/profile/change-email.tsx",
        "notice": "app/routes/settings/profile/change-email.server.tsx",
    }
    src = {k: _show(mirrors, EPIC, EPIC_COMMIT, p) for k, p in files.items()}
    sources = {
        "SignupEmail": _module(_cut_function(src["signup"], "SignupEmail"), ["SignupEmail"]),
        "ForgotPasswordEmail": _module(
            _cut_function(src["forgot"], "ForgotPasswordEmail"), ["ForgotPasswordEmail"]
        ),
        "EmailChangeEmail": _module(
            _cut_function(src["notice"], "EmailChangeEmail"), ["EmailChangeEmail"]
        ),
        "EmailChangeNoticeEmail": _module(
            _cut_function(src["notice"], "EmailChangeNoticeEmail"), ["EmailChangeNoticeEmail"]
        ),
    }
    origins = ["https://notes.kestrelworks.io", "https://epic-notes-7f3a.fly.dev",
               "https://app.plumtree-notes.com", "https://notes.harbourline.dev"]  # fmt: skip
    people = [("maren.holt@example.org", "maren_h"), ("t.okafor@example.net", "tobiokafor"),
              ("lucie.brandt@example.com", "luciebrandt"), ("dev@quillmark.io", "quill")]  # fmt: skip
    jobs: list[dict] = []
    meta: list[dict] = []
    for i, origin in enumerate(origins):
        email, username = people[i]
        code = _rand(EPIC_ALPHABET, 6)
        url = _verify_url(origin, "onboarding", email, code)
        jobs.append({"source": sources["SignupEmail"], "component": "SignupEmail",
                     "props": {"onboardingUrl": url, "otp": code}, "plainText": True})  # fmt: skip
        meta.append({"template": "signup", "subject": "Welcome to Epic Notes!", "code": code,
                     "path": files["signup"], "kind": "saas-otp"})  # fmt: skip
        code = _rand(EPIC_ALPHABET, 6)
        target = username if i % 2 else email
        url = _verify_url(origin, "reset-password", target, code)
        jobs.append({"source": sources["ForgotPasswordEmail"], "component": "ForgotPasswordEmail",
                     "props": {"onboardingUrl": url, "otp": code}, "plainText": True})  # fmt: skip
        meta.append({"template": "forgot-password", "subject": "Epic Notes Password Reset",
                     "code": code, "path": files["forgot"], "kind": "saas-otp"})  # fmt: skip
        code = _rand(EPIC_ALPHABET, 6)
        user_id = "c" + _rand("abcdefghijklmnopqrstuvwxyz0123456789", 24)
        url = _verify_url(origin, "change-email", user_id, code)
        jobs.append({"source": sources["EmailChangeEmail"], "component": "EmailChangeEmail",
                     "props": {"verifyUrl": url, "otp": code}, "plainText": True})  # fmt: skip
        meta.append({"template": "change-email", "code": code,
                     "path": files["notice"] + "; " + files["change"],
                     "subject": "Epic Notes Email Change Verification", "kind": "saas-otp"})  # fmt: skip
        if i < 2:
            jobs.append({"source": sources["EmailChangeNoticeEmail"],
                         "component": "EmailChangeNoticeEmail", "props": {"userId": user_id},
                         "plainText": True})  # fmt: skip
            meta.append({"template": "email-changed", "subject": "Epic Stack email changed",
                         "code": None, "path": files["notice"], "kind": "notice"})  # fmt: skip
    rendered = _react(node_modules, "v19", "@react-email/components", jobs)
    counts: dict[str, int] = {}
    for m, r in zip(meta, rendered, strict=True):
        counts[m["template"]] = counts.get(m["template"], 0) + 1
        note = None
        if m["code"]:
            note = ("six characters of ABCDEFGHJKLMNPQRSTUVWXYZ123456789 (generateTOTP in "
                    "verify.server.ts) in <strong>, also as code= in the /verify link below")  # fmt: skip
        else:
            note = "the account ID shown is a cuid, not a code to type"
        _save(source="epicstack", template=m["template"], lang="en", kind=m["kind"],
              code=m["code"], repository=EPIC,
              path=f"{m['path']}; app/utils/email.server.ts; app/routes/_auth/verify.server.ts",
              commit=EPIC_COMMIT, licence="MIT",
              rendered="the template component cut from the route file, rendered in node with "
                       "@react-email/components 1.0.6 render (HTML) and render plainText (text), "
                       "as email.server.ts renderReactEmail does",
              sender="hello@epicstack.dev", subject=m["subject"], text=r["text"],
              html_part=r["html"], note=note, variant=str(counts[m["template"]]))  # fmt: skip


# ---------------------------------------------------------------------------------------
# dev-xo/remix-saas

TOTP_ALPHABET = "abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNPQRSTUVWXYZ123456789"


def remixsaas(mirrors: Path, node_modules: Path) -> None:
    auth_path = "app/modules/email/templates/auth-email.tsx"
    sub_path = "app/modules/email/templates/subscription-email.tsx"
    auth = _show(mirrors, REMIXSAAS, REMIXSAAS_COMMIT, auth_path)
    sub = _show(mirrors, REMIXSAAS, REMIXSAAS_COMMIT, sub_path)
    auth_src = _module(_cut_function(auth, "AuthEmail"), ["AuthEmail"])
    sub_src = _module(
        _cut_function(sub, "SubscriptionSuccessEmail")
        + _cut_function(sub, "SubscriptionErrorEmail"),
        ["SubscriptionSuccessEmail", "SubscriptionErrorEmail"],
    )
    jobs: list[dict] = []
    meta: list[dict] = []
    hosts = ["https://remix-saas.fly.dev", "https://app.ledgerlight.io",
             "https://tally-board.fly.dev", "https://app.fernpost.com"]  # fmt: skip
    emails = ["ingrid.solberg@example.com", "kwame.mensah@example.net",
              "hana.novak@example.org", "felix.arnaud@example.com"]  # fmt: skip
    for i, host in enumerate(hosts):
        code = _rand(TOTP_ALPHABET, 6)
        link = f"{host}/auth/magic-link?code={code}"  # generateMagicLink: path ?code=<code>
        jobs.append({"source": auth_src, "component": "AuthEmail",
                     "props": {"email": emails[i], "code": code, "magicLink": link}})  # fmt: skip
        meta.append({"template": "login-code", "subject": "Your login code for Remix Auth TOTP",
                     "code": code, "kind": "saas-otp", "path": auth_path,
                     "note": "six characters of remix-auth-totp 3.4.2's default charSet "
                             "(mixed case, no O or 0) in a <code> element, also as code= in the "
                             "magic link button"})  # fmt: skip
    for i, (component, subject) in enumerate([
        ("SubscriptionSuccessEmail", "Successfully Subscribed to PRO"),
        ("SubscriptionErrorEmail", "Subscription Issue - Customer Support"),
    ]):  # fmt: skip
        jobs.append({"source": sub_src, "component": component,
                     "props": {"email": emails[i], "subscriptionId": "sub_1QX" + _rand(
                         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 21)}})  # fmt: skip
        meta.append({"template": "subscription-" + ("success" if i == 0 else "error"),
                     "subject": subject, "code": None, "kind": "invoice" if i == 0 else "notice",
                     "path": sub_path, "note": None})  # fmt: skip
    rendered = _react(node_modules, "v18", "@react-email/render", jobs)
    counts: dict[str, int] = {}
    for m, r in zip(meta, rendered, strict=True):
        counts[m["template"]] = counts.get(m["template"], 0) + 1
        many = m["template"] == "login-code"
        _save(source="remixsaas", template=m["template"], lang="en", kind=m["kind"],
              code=m["code"], repository=REMIXSAAS,
              path=f"{m['path']}; app/modules/email/email.server.ts; app/modules/auth/auth.server.ts",
              commit=REMIXSAAS_COMMIT, licence="MIT",
              rendered="the template component cut from the file, rendered in node with "
                       "@react-email/render 1.0.3 (components 0.0.31); Resend gets the HTML alone",
              sender="onboarding@resend.dev", subject=m["subject"], text=None,
              html_part=r["html"], note=m["note"],
              variant=str(counts[m["template"]]) if many else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# boxyhq/saas-starter-kit


def boxyhq(mirrors: Path, node_modules: Path) -> None:
    base = "components/emailTemplates/"
    layout = _strip_module(_show(mirrors, BOXY, BOXY_COMMIT, base + "EmailLayout.tsx"))
    prelude = (
        "const app = { version: '1.6.0', name: 'BoxyHQ', logoUrl: "
        "'https://boxyhq.com/img/logo.png', url: 'https://app.northwind-crm.com' };\n"
        "const env = { appUrl: 'https://app.northwind-crm.com' };\n" + layout
    )
    origin = "https://app.northwind-crm.com"
    tok = lambda n: _rand("abcdef0123456789", n)  # noqa: E731
    mails = [
        ("VerificationEmail", "verify-account", "Confirm your BoxyHQ account",
         {"verificationLink": f"{origin}/auth/verify-email-token?token={tok(64)}"},
         "lib/email/sendVerificationEmail.ts", "notice"),
        ("WelcomeEmail", "welcome", "Welcome to BoxyHQ",
         {"name": "Priya Raman", "team": "Northwind Ops"}, "lib/email/sendWelcomeEmail.ts",
         "notice"),
        ("TeamInvite", "team-invite", "You've been invited to join Northwind Ops on BoxyHQ",
         {"team": {"name": "Northwind Ops", "slug": "northwind-ops"},
          "invitationLink": f"{origin}/invitations/{tok(64)}"},
         "lib/email/sendTeamInviteEmail.ts", "other"),
        ("MagicLink", "magic-link", "Sign in to BoxyHQ",
         {"url": f"{origin}/api/auth/callback/email?callbackUrl=%2Fdashboard&token={tok(64)}"
                 "&email=priya.raman%40example.com"},
         "lib/email/sendMagicLink.ts", "notice"),
        ("ResetPassword", "reset-password", "Reset your BoxyHQ password",
         {"url": f"{origin}/auth/reset-password/{tok(64)}", "email": "priya.raman@example.com"},
         "lib/email/sendPasswordResetEmail.ts", "notice"),
        ("AccountLocked", "account-locked", "Your BoxyHQ account has been locked",
         {"url": f"{origin}/auth/unlock-account?token={tok(64)}"}, "lib/accountLock.ts",
         "notice"),
    ]  # fmt: skip
    names = {"TeamInvite": "TeamInviteEmail", "ResetPassword": "ResetPasswordEmail"}
    jobs = []
    for file, _t, subject, props, _p, _k in mails:
        body = _strip_module(_show(mirrors, BOXY, BOXY_COMMIT, base + file + ".tsx"))
        comp = names.get(file, file)
        jobs.append({"source": _module(body, [comp], prelude), "component": comp,
                     "props": {"subject": subject, **props}, "call": True})  # fmt: skip
    rendered = _react(node_modules, "boxy", "@react-email/components", jobs)
    for (file, template, subject, _props, path, kind), r in zip(mails, rendered, strict=True):
        _save(source="boxyhqstarter", template=template, lang="en", kind=kind, code=None,
              repository=BOXY,
              path=f"{base}{file}.tsx; {base}EmailLayout.tsx; {path}; lib/app.ts",
              commit=BOXY_COMMIT, licence="Apache-2.0",
              rendered="the template and EmailLayout (Tailwind) rendered in node with "
                       "@react-email/components 1.0.12 render; nodemailer sends the HTML alone",
              sender="BoxyHQ <no-reply@northwind-crm.com>", subject=subject, text=None,
              html_part=r["html"],
              note="the token is only inside the link" if "token" in str(_props) else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# get-convex/convex-auth


def convex(mirrors: Path, node_modules: Path) -> None:
    otp_path = "test/convex/otp/VerificationCodeEmail.tsx"
    reset_path = "test/convex/passwordReset/PasswordResetEmail.tsx"
    otp = _strip_module(_show(mirrors, CONVEX, CONVEX_COMMIT, otp_path))
    reset = _strip_module(_show(mirrors, CONVEX, CONVEX_COMMIT, reset_path))
    jobs, meta = [], []
    for _ in range(4):
        code = _rand("0123456789", 8)
        jobs.append({"source": _module(otp, ["VerificationCodeEmail"]),
                     "component": "VerificationCodeEmail", "call": True,
                     "props": {"code": code, "expires": NOW_MS + 20 * 60 * 1000},
                     "dateProps": ["expires"]})  # fmt: skip
        meta.append(("sign-in-code", "Sign in to My App", code,
                     f"{otp_path}; test/convex/otp/ResendOTP.ts"))  # fmt: skip
        code = _rand("0123456789", 8)
        jobs.append({"source": _module(reset, ["PasswordResetEmail"]),
                     "component": "PasswordResetEmail", "call": True,
                     "props": {"code": code, "expires": NOW_MS + 24 * 3600 * 1000 - 1500},
                     "dateProps": ["expires"]})  # fmt: skip
        meta.append(("password-reset-code", "Reset password in My App", code,
                     f"{reset_path}; test/convex/passwordReset/ResendOTPPasswordReset.ts"))  # fmt: skip
    rendered = _react(node_modules, "v020", "@react-email/components", jobs)
    counts: dict[str, int] = {}
    for (template, subject, code, path), r in zip(meta, rendered, strict=True):
        counts[template] = counts.get(template, 0) + 1
        _save(source="convexauth", template=template, lang="en", kind="saas-otp", code=code,
              repository=CONVEX, path=path, commit=CONVEX_COMMIT, licence="Apache-2.0",
              rendered="the example template rendered in node with @react-email/components "
                       "0.0.20 render, as Resend 3.2.0 does with react:; HTML alone",
              sender="My App <onboarding@resend.dev>", subject=subject, text=None,
              html_part=r["html"],
              note="eight digits (generateRandomString of 0-9) under 'Verification code'",
              variant=str(counts[template]))  # fmt: skip


# ---------------------------------------------------------------------------------------
# brocoders/nestjs-boilerplate


def nestjs(mirrors: Path, node_modules: Path) -> None:
    langs = ["ar", "en", "es", "fr", "hi", "uk", "zh"]
    mails = [
        ("activation", "confirm-email", "confirmEmail", "/confirm-email", 3),
        ("reset-password", "reset-password", "resetPassword", "/password-change", 4),
        ("confirm-new-email", "confirm-new-email", "confirmEmail", "/confirm-new-email", 3),
    ]
    frontend = "https://app.tallyforge.io"
    app_name = "Tallyforge API"
    jobs, meta = [], []
    for tpl, strings, title_key, route, n in mails:
        template = _show(mirrors, NEST, NEST_COMMIT, f"src/mail/mail-templates/{tpl}.hbs")
        for lang in langs:
            common = json.loads(_show(mirrors, NEST, NEST_COMMIT, f"src/i18n/{lang}/common.json"))
            texts = json.loads(_show(mirrors, NEST, NEST_COMMIT, f"src/i18n/{lang}/{strings}.json"))
            title = common[title_key]
            url = f"{frontend}{route}?hash={_rand('0123456789abcdef', 64)}"
            if tpl == "reset-password":
                url += f"&expires={NOW_MS + 30 * 60 * 1000}"
            context = {"title": title, "url": url, "actionTitle": title, "app_name": app_name}
            for k in range(1, n + 1):
                context[f"text{k}"] = texts[f"text{k}"]
            jobs.append({"template": template, "context": context})
            meta.append((tpl, lang, title, url, strings))
    htmls = _handlebars(node_modules, jobs)
    for (tpl, lang, title, url, strings), html_part in zip(meta, htmls, strict=True):
        _save(source="nestjsboilerplate", template=tpl, lang=lang, kind="notice", code=None,
              repository=NEST,
              path=f"src/mail/mail-templates/{tpl}.hbs; src/i18n/{lang}/common.json; "
                   f"src/i18n/{lang}/{strings}.json; src/mail/mail.service.ts; "
                   "src/mailer/mailer.service.ts",
              commit=NEST_COMMIT, licence="MIT",
              rendered="Handlebars.compile(template, {strict: true}) in node (handlebars 4.7.8) "
                       "with the nestjs-i18n strings; nodemailer sends text '<url> <title>' and "
                       "the HTML",
              sender='"Tallyforge" <noreply@tallyforge.io>', subject=title,
              text=f"{url} {title}", html_part=html_part,
              note="the hash is only inside the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# sahat/hackathon-starter

LITERALS = r"""
const fs = require('fs');
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(jobs.map((j) =>
  new Function('process', 'token', 'user', 'req', 'code', 'email', 'return ' + j.literal)(
    { env: j.env }, j.token, j.user, { user: j.user }, j.code, j.user.email))));
"""


def _js_literals(jobs: list[dict]) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "literals.js"
        runner.write_text(LITERALS)
        done = subprocess.run(
            ["node", str(runner)], input=json.dumps(jobs).encode(), capture_output=True,
            check=True,
        )  # fmt: skip
    return json.loads(done.stdout)


def hackathon(mirrors: Path) -> None:
    path = "controllers/user.js"
    src = _show(mirrors, HACK, HACK_COMMIT, path)
    found = [
        (m.group(1), m.group(2))
        for m in re.finditer(r"subject: '([^']+)',\s*text: (`(?:[^`\\]|\\.)*`)", src)
    ]
    wanted = [
        # (subject, occurrence, template, function, kind)
        ("Login Link", 0, "login-link", "postLogin (loginByEmailLink)", "notice"),
        ("Login Link", 1, "existing-account-link", "sendPasswordlessLoginLinkIfUserExists",
         "notice"),
        ("Please verify your email address", 0, "verify-email", "getVerifyEmail", "notice"),
        ("Your password has been changed", 0, "password-changed", "postReset", "notice"),
        ("Reset your password", 0, "reset-password", "postForgot", "notice"),
        ("Two-Factor Authentication Code", 0, "two-factor-code", "sendTwoFactorEmail",
         "saas-otp"),
    ]  # fmt: skip
    env = {"BASE_URL": "https://hackhub.ravenmoor.dev",
           "SITE_CONTACT_EMAIL": "team@ravenmoor.dev"}  # fmt: skip
    users = [{"email": "sanna.lindqvist@example.com"}, {"email": "marco.bellini@example.net"},
             {"email": "ade.okonjo@example.org"}, {"email": "yuki.tanabe@example.com"}]  # fmt: skip
    jobs, meta = [], []
    for subject, nth, template, func, kind in wanted:
        literal = [lit for subj, lit in found if subj == subject][nth]
        repeats = 4 if kind == "saas-otp" else 1
        for i in range(repeats):
            code = str(RNG.randrange(100000, 1000000)) if kind == "saas-otp" else None
            jobs.append({"literal": literal, "env": env, "token": _rand("0123456789abcdef", 64),
                         "user": users[i], "code": code})  # fmt: skip
            meta.append((subject, template, func, kind, code, repeats > 1, i + 1))
    texts = _js_literals(jobs)
    for (subject, template, func, kind, code, many, n), text in zip(meta, texts, strict=True):
        _save(source="hackathonstarter", template=template, lang="en", kind=kind, code=code,
              repository=HACK, path=f"{path} ({func}); models/User.js; config/nodemailer.js",
              commit=HACK_COMMIT, licence="MIT",
              rendered="the mailOptions template literal of the controller evaluated in node "
                       "(process.env of .env.example's keys with invented values); nodemailer "
                       "sends the text alone",
              sender=env["SITE_CONTACT_EMAIL"], subject=subject, text=text, html_part=None,
              note=("six digits of crypto.randomInt(100000, 1000000) (User.generateCode) on "
                    "a line of their own" if code else "the token is only inside the link"
                    if "token" in template or "link" in template or template in (
                        "verify-email", "reset-password") else None),
              variant=str(n) if many else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# tugascript/nestjs-graphql-fastity-template


def _jwt() -> str:
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(b64, 118) + "." + _rand(b64, 43)


def tuga(mirrors: Path, node_modules: Path) -> None:
    base = "src/email/templates/"
    domain = "api.corvidlabs.app"
    names = ["Aoife Brennan", "Rafael Quintero", "Mei Lindgren", "Oskar Nowak"]
    jobs, meta = [], []
    for name in names[:1]:
        jobs.append({"template": _show(mirrors, TUGA, TUGA_COMMIT, base + "confirmation.hbs"),
                     "context": {"name": name,
                                 "link": f"https://{domain}/auth/confirm/{_jwt()}"}})  # fmt: skip
        meta.append(("confirmation", "Confirm your email", None, "notice", False, 1))
        jobs.append({"template": _show(mirrors, TUGA, TUGA_COMMIT, base + "reset-password.hbs"),
                     "context": {"name": name,
                                 "link": f"https://{domain}/auth/reset-password/{_jwt()}"}})  # fmt: skip
        meta.append(("reset-password", "Reset your password", None, "notice", False, 1))
    for n, name in enumerate(names, 1):
        code = _rand("0123456789abcdef", 6).upper()
        jobs.append({"template": _show(mirrors, TUGA, TUGA_COMMIT, base + "login-confirmation.hbs"),
                     "context": {"name": name, "code": code}})  # fmt: skip
        meta.append(("login-confirmation", f"Your access code {name}", code, "saas-otp", True, n))
    htmls = _handlebars(node_modules, jobs)
    for (template, subject, code, kind, many, n), html_part in zip(meta, htmls, strict=True):
        _save(source="nestgqltemplate", template=template, lang="en", kind=kind, code=code,
              repository=TUGA,
              path=f"{base}{template}.hbs; src/email/email.service.ts; src/auth/auth.service.ts",
              commit=TUGA_COMMIT, licence="MPL-2.0 OR GPL-3.0-only",
              rendered="Handlebars.compile(template, {strict: true}) in node (handlebars 4.7.8) "
                       "as EmailService does; nodemailer sends the HTML alone from "
                       "'\"My App\" <EMAIL_USER>'",
              sender='"My App" <corvidlabs.mailer@gmail.com>', subject=subject, text=None,
              html_part=html_part,
              note=("randomBytes(3).toString('hex').toUpperCase(): six capitals and digits "
                    "in <b> after 'Your access code is:'" if code else
                    "the JWT is only inside the link" + (
                        "; the template prints a stray '$' before the bare link"
                        if template == "reset-password" else "")),
              variant=str(n) if many else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# jhipster/generator-jhipster


def _ejs(text: str, base_name: str) -> str:
    """The generator's EJS as it runs for a monolith with user management: comments and
    ``<%_ ... _%>`` control lines dropped (every condition here is true), ``<%- baseName %>``."""
    text = re.sub(r"<%#[\s\S]*?-%>\n?", "", text)
    text = re.sub(r"^[ \t]*<%_.*?_%>[ \t]*\n", "", text, flags=re.M)
    return text.replace("<%- baseName %>", base_name)


def _properties(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
        out[key.strip()] = value
    return out


def _th_escape(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))  # fmt: skip


def _thymeleaf(template: str, messages: dict[str, str], lang: str, variables: dict) -> str:
    """The few Thymeleaf standard-dialect forms the mail templates use: ``th:lang``,
    ``th:href`` of ``@{|...|}`` / ``${url}``, ``th:with`` of one url, ``th:text`` of a
    message ``#{key}`` / ``#{key(${user.login})}`` (MessageFormat {0}) or ``${url}``; the
    ``xmlns:th`` declaration removed."""

    def literal(expr: str) -> str:
        m = re.fullmatch(r"\(?@\{\|(.*)\|\}\)?", expr)
        assert m, expr
        return re.sub(r"\$\{([\w.]+)\}", lambda v: str(variables[v.group(1)]), m.group(1))

    def value(expr: str, scope: dict) -> str:
        if expr.startswith("#{"):
            m = re.fullmatch(r"#\{([\w.]+)(?:\(\$\{([\w.]+)\}\))?\}", expr)
            assert m, expr
            text = messages[m.group(1)]
            if m.group(2):
                text = text.replace("{0}", str(variables[m.group(2)]))
            return text
        if expr.startswith("${"):
            return scope[expr[2:-1]]
        return literal(expr)

    def element(m: re.Match) -> str:
        tag, attrs, inner, close = m.group(1), m.group(2), m.group(3), m.group(4)
        scope: dict[str, str] = {}
        w = re.search(r' th:with="(\w+)=(.*?)"', attrs)
        if w:
            scope[w.group(1)] = literal(w.group(2))
            attrs = attrs.replace(w.group(0), "")
        h = re.search(r' th:href="(.*?)"', attrs)
        if h:
            attrs = attrs.replace(h.group(0), f' href="{_th_escape(value(h.group(1), scope))}"')
        t = re.search(r' th:text="(.*?)"', attrs)
        if t:
            attrs = attrs.replace(t.group(0), "")
            inner = _th_escape(value(t.group(1), scope))
        return f"<{tag}{attrs}>{inner}{close}" if close is not None else f"<{tag}{attrs}>"

    template = template.replace(' xmlns:th="http://www.thymeleaf.org"', "")
    template = template.replace(' th:lang="${#locale.language}" lang="en"', f' lang="{lang}"')
    template = re.sub(
        r'<(\w+)((?:\s+[\w:-]+="[^"]*")*\s*th:(?:text|href|with)="[^"]*"(?:\s+[\w:-]+="[^"]*")*)'
        r"\s*(?:/>|>([\s\S]*?)(</\1>))",
        lambda m: element(m) if m.group(4) else _void(m, value),
        template,
    )
    return template


def _void(m: re.Match, value) -> str:
    attrs = m.group(2)
    h = re.search(r' th:href="(.*?)"', attrs)
    if h:
        attrs = attrs.replace(h.group(0), f' href="{_th_escape(value(h.group(1), {}))}"')
    return f"<{m.group(1)}{attrs} />"


def jhipster(mirrors: Path) -> None:
    base_name = "Fjordline"
    tpl_dir = "generators/spring-boot/templates/src/main/resources/templates/mail/"
    i18n = "generators/java/generators/i18n/templates/src/main/resources/i18n/"
    mails = [
        ("activationEmail", "activation", "email.activation.title", "sendActivationEmail"),
        ("creationEmail", "creation", "email.activation.title", "sendCreationEmail"),
        ("passwordResetEmail", "password-reset", "email.reset.title", "sendPasswordResetMail"),
    ]
    logins = {"en": "hwalker", "de": "jschuster", "fr": "cmoreau", "nl": "pjanssen",
              "pl": "mkowalska", "ru": "aivanova", "sv": "elundgren", "tr": "mdemir"}  # fmt: skip
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for file, template, title_key, method in mails:
        raw = _show(mirrors, JHIPSTER, JHIPSTER_COMMIT, f"{tpl_dir}{file}.html.ejs")
        for lang, login in logins.items():
            messages = _properties(
                _ejs(
                    _show(
                        mirrors, JHIPSTER, JHIPSTER_COMMIT, f"{i18n}messages_{lang}.properties.ejs"
                    ),
                    base_name,
                )
            )
            variables = {"baseUrl": "https://app.fjordline.no", "user.login": login,
                         "user.activationKey": _rand(alnum, 20),
                         "user.resetKey": _rand(alnum, 20)}  # fmt: skip
            html_part = _thymeleaf(_ejs(raw, base_name), messages, lang, variables)
            _save(source="jhipster", template=template, lang=lang, kind="notice", code=None,
                  repository=JHIPSTER,
                  path=f"{tpl_dir}{file}.html.ejs; {i18n}messages_{lang}.properties.ejs; "
                       "generators/spring-boot/templates/src/main/java/_package_/service/"
                       f"MailService.java.ejs ({method})",
                  commit=JHIPSTER_COMMIT, licence="Apache-2.0",
                  rendered="the generator's EJS as generated for a monolith 'Fjordline' with "
                           "user management, then its Thymeleaf template and messages rendered "
                           "by a small renderer of the th:* forms it uses; MailService sends "
                           "the HTML alone with the title message as subject",
                  sender="noreply@fjordline.no", subject=messages[title_key], text=None,
                  html_part=html_part,
                  note="the 20-character key (RandomUtil) is only inside the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# unsend-dev/unsend (useSend)


def usesend(mirrors: Path, node_modules: Path) -> None:
    base = "apps/web/src/server/email-templates/"
    parts = ["components/EmailButton", "components/EmailFooter", "components/EmailHeader",
             "components/EmailLayout", "OtpEmail", "TeamInviteEmail"]  # fmt: skip
    body = "".join(_strip_module(_show(mirrors, USESEND, USESEND_COMMIT, f"{base}{p}.tsx"))
                   for p in parts)  # fmt: skip
    source = _module(body, ["OtpEmail", "TeamInviteEmail"])
    origin = "https://app.usesend.com"
    people = ["lena.fischer@example.com", "omar.haddad@example.net",
              "grace.obi@example.org", "jonas.berg@example.com"]  # fmt: skip
    jobs, meta = [], []
    for n, email in enumerate(people, 1):
        token = _rand("0123456789abcdefghijklmnopqrstuvwxyz", 5)
        url = (f"{origin}/api/auth/callback/email?callbackUrl={quote(origin + '/login', safe='')}"
               f"&token={token}&email={quote(email, safe='')}")  # fmt: skip
        text = (f"Hey,\n\nYou can sign in to useSend by clicking the below URL:\n{url}\n\n"
                f"You can also use this OTP: {token}\n\nThanks,\nuseSend Team")  # fmt: skip
        jobs.append({"source": source, "component": "OtpEmail",
                     "props": {"otpCode": token.upper(), "loginUrl": url,
                               "hostName": "app.usesend.com"}})  # fmt: skip
        meta.append(("sign-in", "Sign in to useSend", token.upper(), "saas-otp", text, n, True))
    invite = f"{origin}/join-team?inviteId=cm" + _rand("abcdefghijklmnopqrstuvwxyz0123456789", 23)
    jobs.append({"source": source, "component": "TeamInviteEmail",
                 "props": {"teamName": "Larkspur Labs", "inviteUrl": invite}})  # fmt: skip
    text = (f"Hey,\n\nYou have been invited to join the team Larkspur Labs on useSend.\n\n"
            f"You can accept the invitation by clicking the below URL:\n{invite}\n\n"
            "Thanks,\nuseSend Team")  # fmt: skip
    meta.append(("team-invite", "You have been invited to join useSend", None, "other", text, 1,
                 False))  # fmt: skip
    rendered = _react(node_modules, "jsx", "jsx-email", jobs, components="jsx-email")
    for (template, subject, code, kind, text, n, many), r in zip(meta, rendered, strict=True):
        _save(source="usesend", template=template, lang="en", kind=kind, code=code,
              repository=USESEND,
              path=f"apps/web/src/server/mailer.ts; {base}{'OtpEmail' if code else 'TeamInviteEmail'}"
                   f".tsx; {base}components/*.tsx; apps/web/src/server/auth.ts",
              commit=USESEND_COMMIT, licence="AGPL-3.0",
              rendered="the jsx-email templates rendered in node with jsx-email 2.7.1 render "
                       "(React 19.1.0); mailer.ts's fallback text part written as it builds it",
              sender="hello@usesend.com", subject=subject, text=text, html_part=r["html"],
              note=("five base-36 characters (Math.random().toString(36).substring(2, 7)); the "
                    "HTML shows them upper-cased (token.toUpperCase()), the text part and the "
                    "link lower-case; labelled as the HTML shows it" if code else
                    "the invitation id is only inside the link"),
              variant=str(n) if many else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# nextauthjs/next-auth (Auth.js)

TS_CALL = r"""
const fs = require('fs');
const esbuild = require('esbuild');
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const code = esbuild.transformSync(input.source, { loader: 'ts', format: 'cjs' }).code;
const mod = { exports: {} };
new Function('require', 'module', 'exports', code)(require, mod, mod.exports);
process.stdout.write(JSON.stringify(input.calls.map(([name, arg]) => mod.exports[name](arg))));
"""


def _ts_call(node_modules: Path, source: str, calls: list) -> list:
    env = dict(os.environ)
    env["NODE_PATH"] = str(node_modules / "node_modules")
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "tscall.js"
        runner.write_text(TS_CALL)
        done = subprocess.run(
            ["node", str(runner)], input=json.dumps({"source": source, "calls": calls}).encode(),
            capture_output=True, env=env, check=True,
        )  # fmt: skip
    return json.loads(done.stdout)


def authjs(mirrors: Path, node_modules: Path) -> None:
    path = "packages/core/src/lib/utils/email.ts"
    source = _show(mirrors, AUTHJS, AUTHJS_COMMIT, path)
    mails = [
        # host, theme, provider file, From
        ("app.driftwood.so", {}, "packages/core/src/providers/resend.ts",
         "Auth.js <no-reply@authjs.dev>", "resend"),
        ("studio.pinecast.dev", {"brandColor": "#111827", "buttonText": "#f9fafb"},
         "packages/core/src/providers/nodemailer.ts", "Pinecast <login@pinecast.dev>",
         "nodemailer"),
    ]  # fmt: skip
    calls, meta = [], []
    for host, theme, provider, sender, variant in mails:
        email = "ruth.adeyemi@example.com" if variant == "resend" else "pablo.ibarra@example.net"
        url = (f"https://{host}/api/auth/callback/{variant}?callbackUrl="
               f"{quote(f'https://{host}/dashboard', safe='')}&token={_rand('0123456789abcdef', 64)}"
               f"&email={quote(email, safe='')}")  # fmt: skip
        calls += [["html", {"url": url, "host": host, "theme": theme}],
                  ["text", {"url": url, "host": host}]]  # fmt: skip
        meta.append((host, provider, sender, variant))
    out = _ts_call(node_modules, source, calls)
    for i, (host, provider, sender, variant) in enumerate(meta):
        _save(source="authjs", template="sign-in-link", lang="en", kind="notice", code=None,
              repository=AUTHJS, path=f"{path}; {provider}", commit=AUTHJS_COMMIT,
              licence="ISC",
              rendered="the default html() and text() of the e-mail providers, compiled with "
                       "esbuild and called in node; the provider sends both"
                       + (" (theme.brandColor and buttonText set)" if variant == "nodemailer"
                          else ""),
              sender=sender, subject=f"Sign in to {host}", text=out[2 * i + 1],
              html_part=out[2 * i], note="the token is only inside the link",
              variant=variant)  # fmt: skip


# ---------------------------------------------------------------------------------------
# kriasoft/react-starter-kit


def _scoped(src: str, name: str) -> str:
    """A template file in its own scope (the files reuse style names), giving its component."""
    return f"const {name} = (() => {{\n{_strip_module(src)}\nreturn {name};\n}})();\n"


def reactstarterkit(mirrors: Path, node_modules: Path) -> None:
    base = "apps/email/"
    layout = _strip_module(_show(mirrors, RSK, RSK_COMMIT, base + "components/BaseTemplate.tsx"))
    layout = re.sub(r"^export \{ colors \};\n?", "", layout, flags=re.M)
    body = layout + "".join(
        _scoped(_show(mirrors, RSK, RSK_COMMIT, f"{base}templates/{f}.tsx"), n)
        for f, n in [("otp-email", "OTPEmail"), ("email-verification", "EmailVerification"),
                     ("password-reset", "PasswordReset")]
    )  # fmt: skip
    source = _module(body, ["OTPEmail", "EmailVerification", "PasswordReset"])
    app = {"appName": "Quarry Notes", "appUrl": "https://quarrynotes.app"}
    labels = {"sign-in": "Sign In", "email-verification": "Email Verification",
              "forget-password": "Password Reset"}  # fmt: skip
    jobs, meta = [], []
    for n in (1, 2):
        for kind in labels:
            otp = _rand("0123456789", 6)
            props = {"otp": otp, "type": kind, **app}
            for opts in ({"pretty": True}, {"plainText": True}):
                jobs.append({"source": source, "component": "OTPEmail", "call": True,
                             "props": props, "renderOptions": opts})  # fmt: skip
            meta.append((f"otp-{kind}", f"Your {labels[kind]} code", otp, "saas-otp", n))
    token = _jwt()
    links = [
        ("EmailVerification", "email-verification", "Verify your email address",
         {"userName": "Idris Kane", "verificationUrl":
          f"{app['appUrl']}/api/auth/verify-email?token={token}&callbackURL=%2F"}),
        ("PasswordReset", "password-reset", "Reset your password",
         {"userName": "Idris Kane", "resetUrl":
          f"{app['appUrl']}/api/auth/reset-password/{_rand('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 24)}"
          f"?callbackURL={quote(app['appUrl'] + '/reset-password', safe='')}"}),
    ]  # fmt: skip
    for component, template, subject, props in links:
        for opts in ({"pretty": True}, {"plainText": True}):
            jobs.append({"source": source, "component": component, "call": True,
                         "props": {**props, **app}, "renderOptions": opts})  # fmt: skip
        meta.append((template, subject, None, "notice", 0))
    rendered = _react(node_modules, "rsk", "@react-email/render", jobs)
    for i, (template, subject, code, kind, n) in enumerate(meta):
        html_part, text = rendered[2 * i]["html"], rendered[2 * i + 1]["html"]
        name = "otp-email" if code else template
        _save(source="reactstarterkit", template=template, lang="en", kind=kind, code=code,
              repository=RSK,
              path=f"{base}templates/{name}.tsx; {base}components/BaseTemplate.tsx; "
                   f"{base}utils/render.ts; apps/api/lib/email.ts; apps/api/lib/auth.ts",
              commit=RSK_COMMIT, licence="MIT",
              rendered="the template in BaseTemplate rendered in node with @react-email/render "
                       "2.0.4 (components 1.0.8, React 19.2.4): renderEmailToHtml (pretty) and "
                       "renderEmailToText (plainText), both sent through Resend",
              sender="onboarding@resend.dev", subject=subject, text=text, html_part=html_part,
              note=("better-auth emailOTP code, otpLength 6 (digits), in its own box"
                    if code else "the token is only inside the link"),
              variant=str(n) if code else None)  # fmt: skip


# ---------------------------------------------------------------------------------------
# robertlinde/next-nest-turbo-boilerplate


def nextnestturbo(mirrors: Path, node_modules: Path) -> None:
    import base64

    base = "apps/nestjs-backend/src/email/"
    subjects = {
        "confirm-user": {"de": "Bitte bestätigen Sie Ihre E-Mail-Adresse",
                         "en": "Please confirm your email address"},
        "request-password-reset": {"de": "Passwort zurücksetzen", "en": "Reset Your Password"},
        "two-factor-auth-code": {"de": "Ihr 2FA Code", "en": "Your 2FA Code"},
    }  # fmt: skip
    front = "https://app.brightkiln.com"
    users = {"de": "katrin.vogel", "en": "dmurphy"}

    def token() -> str:
        digest = "$argon2id$v=19$m=65536,t=3,p=4$" + _rand(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 65
        )
        return base64.urlsafe_b64encode(digest.encode()).decode().rstrip("=")

    jobs, meta = [], []
    for template, by_lang in subjects.items():
        for lang, subject in by_lang.items():
            raw = _show(mirrors, NNT, NNT_COMMIT, f"{base}templates/{template}_{lang}.hbs")
            repeats = 3 if template == "two-factor-auth-code" else 1
            for n in range(1, repeats + 1):
                code = None
                if template == "confirm-user":
                    context = {"username": users[lang],
                               "confirmationLink": f"{front}/confirm?token={token()}"}  # fmt: skip
                elif template == "request-password-reset":
                    context = {"username": users[lang],
                               "passwordResetLink": f"{front}/reset-password?token={token()}"}  # fmt: skip
                else:
                    code = _rand("0123456789", 6)
                    context = {"code": code}
                jobs.append({"template": raw, "context": context, "inlineCss": True})
                meta.append((template, lang, subject, code, n if repeats > 1 else None))
    htmls = _handlebars(node_modules, jobs)
    for (template, lang, subject, code, n), html_part in zip(meta, htmls, strict=True):
        _save(source="nextnestturbo", template=template, lang=lang,
              kind="saas-otp" if code else "notice", code=code, repository=NNT,
              path=f"{base}templates/{template}_{lang}.hbs; {base}email.service.ts; "
                   f"{base}email.module.ts; apps/nestjs-backend/src/crypto/crypto.service.ts",
              commit=NNT_COMMIT, licence="MIT",
              rendered="@nestjs-modules/mailer 2.0.2's HandlebarsAdapter as configured "
                       "(handlebars 4.7.8 with strict, then @css-inline/css-inline 0.14.1 inline, "
                       "which wraps the fragment in html/head/body); nodemailer sends the HTML "
                       "alone; MailerModule sets no From, the SMTP user stands in",
              sender="no-reply@brightkiln.com", subject=subject, text=None, html_part=html_part,
              note=("six digits (CryptoService.generateRandomCode) in <strong>" if code
                    else "the token is only inside the link"),
              variant=str(n) if n else None)  # fmt: skip


# ---------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--node-modules", type=Path, default=Path("/tmp/r18starters-nm"))
    args = parser.parse_args()
    epic(args.mirrors, args.node_modules)
    remixsaas(args.mirrors, args.node_modules)
    boxyhq(args.mirrors, args.node_modules)
    convex(args.mirrors, args.node_modules)
    nestjs(args.mirrors, args.node_modules)
    hackathon(args.mirrors)
    tuga(args.mirrors, args.node_modules)
    jhipster(args.mirrors)
    usesend(args.mirrors, args.node_modules)
    authjs(args.mirrors, args.node_modules)
    reactstarterkit(args.mirrors, args.node_modules)
    nextnestturbo(args.mirrors, args.node_modules)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON.relative_to(HERE)}")


if __name__ == "__main__":
    main()
