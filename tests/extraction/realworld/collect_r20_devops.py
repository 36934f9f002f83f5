"""Round twenty, developer platforms: a package registry (PyPI), an observability and
status-page platform (OneUptime), an infrastructure-as-code platform (CloudIaC) and a
deployment platform (dployr) — their sign-in and verification codes, initial passwords, and
the same senders' security, invitation, alert and billing notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_devops.py \\
        --mirrors /work/.mirror --node-modules /tmp/r20devops-nm

``--node-modules`` is a folder holding ``node_modules`` with handlebars 4.7.8 and typescript
5.6.3 (``npm install handlebars@4.7.8 typescript@5.6.3``), run by node 20 (v20.20.2).

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- pypi/warehouse (Apache-2.0), the Python Package Index (pypi.org): the templates of
  ``warehouse/templates/email/<name>/{subject.txt,body.txt,body.html}`` rendered with Jinja2 as
  ``warehouse/config.py`` configures it (newstyle gettext, ``lstrip_blocks``/``trim_blocks``,
  every ``{% trans %}`` trimmed as ``warehouse.i18n.extensions.TrimmedTranslatableTagsExtension``
  makes them, autoescape on) with the translations of ``warehouse/locale/<lang>/LC_MESSAGES/
  messages.po`` (compiled with babel, fuzzy entries left out, so an untranslated string stays
  English as on the site; a locale's mail left wholly English is skipped as a duplicate).
  Locales: en fr es pt_BR ru de ja zh_Hans of ``KNOWN_LOCALES``. The request's locale is the
  reader's chosen language; the subject has its newlines removed as
  ``warehouse/email/services.py::EmailMessage.from_template`` does.
  Warehouse passes the HTML through ``premailer`` (inlining its one ``<style>`` block); that
  step is not run here, the HTML is Jinja's output. From ``PyPI <noreply@pypi.org>``
  (``site.name`` / ``mail.sender``), a text/plain part and the HTML alternative. Links carry
  an itsdangerous token (only inside the link). No PyPI mail carries a code to type: these
  are all negatives (password, 2FA, recovery-code and e-mail notices, reset and verification
  links, an unrecognised-login link).

- OneUptime/oneuptime (Apache-2.0), an observability, on-call and status-page platform: the
  Handlebars templates of ``App/FeatureSet/Notification/Templates/*.hbs`` with the partials of
  ``Templates/Partials/`` and the three helpers of ``App/FeatureSet/Notification/Utils/
  Handlebars.ts`` (``ifCond``, ``ifNotCond``, ``concat`` as ``v1 + v2``), compiled with
  handlebars 4.7.8 in node 20 (``--node-modules``: ``npm install handlebars@4.7.8`` into
  ``/tmp/r20devops-nm``), the vars and subjects the services pass
  (``Common/Server/Services/UserEmailService.ts::sendVerificationCode``,
  ``App/FeatureSet/Identity/API/Authentication.ts``, ``Common/Server/Services/
  TeamMemberService.ts``), ``year`` added by ``MailService.sendMail``. Sent as HTML only
  (nodemailer ``html``), From ``SMTP_FROM_NAME <SMTP_FROM_EMAIL>`` (here ``OneUptime
  <notifications@oneuptime.example.com>``). The e-mail verification code is
  ``Common/Server/Utils/VerificationCode.ts::generate`` (six ``crypto.randomInt(0, 10)``
  digits). English only.

- idcos/cloudiac (Apache-2.0), CloudIaC, an infrastructure-as-code / DevOps deployment
  platform (Chinese only): the user-invitation template ``IacUserInvitationsTpl`` of
  ``portal/consts/notification_template.go`` and the inline create-user and reset-password
  bodies of ``portal/apps/user.go``, filled as ``utils.SprintTemplate`` fills them (Go
  ``text/template``: ``{{.Field}}`` unescaped, ``{{if}}…{{else}}…{{end}}``; a small faithful
  renderer here), subjects from ``portal/apps/{user,organization}.go``. ``utils/mail/mail.go``
  sends every body as ``text/html`` (gomail ``SetBody("text/html", …)``), so the two inline
  bodies' newlines and tabs reach the reader as collapsed spaces; From
  ``SMTP_FROM_NAME <SMTP_FROM>`` (here ``CloudIaC <noreply@cloudiac.example.com>``). The
  initial / new password is ``utils.GenPasswd(6, "mix")``: 1–5 digits then letters, six
  characters.

- dployr-io/dployr-base (Apache-2.0), the control plane of dployr, a self-hosted deployment
  platform: the template functions of ``src/lib/templates/emails/index.ts`` (TypeScript
  template literals), transpiled with typescript 5.6.3 (``transpileModule``, CommonJS) and
  called in node 20 with the data the routes pass (``--node-modules``: ``npm install
  typescript@5.6.3`` into ``/tmp/r20devops-nm``); ``new Date()`` in the session alert is fixed
  to the sending time. ``src/services/notifications/email/zepto.ts`` sends ``htmlbody`` only,
  From ``EMAIL_FROM`` with no name (here ``no-reply@dployr.example.io``). The login / 2FA code
  is ``KVStore.generateOTP`` of ``src/lib/db/store/kv/session.ts``: six characters of
  ``[A-Z0-9]``; the greeting name is the address's local part (``routes/twofa.ts``).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import re
import string
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from collect import HERE, message

SENT = datetime(2026, 12, 3, 20, 14, 52, tzinfo=UTC)
RNG = random.Random("r20-devops")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "devops.json"


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _save(*, source, ident, group, lang, kind, code, repository, path, commit, licence,
          rendered, sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{group}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# pypi/warehouse

PYPI_REPO = "pypi/warehouse"
PYPI_COMMIT = "6b62157124ab7865029afeeadf282bce27d601d9"


class _GitLoader(jinja2.BaseLoader):
    def __init__(self, repo: Path, commit: str, root: str):
        self.repo, self.commit, self.root = repo, commit, root

    def get_source(self, environment, template):
        text = _show_bytes(self.repo, self.commit, f"{self.root}/{template}").decode("utf-8")
        return text, template, lambda: True


class _Request:
    def __init__(self):
        self.registry = type("R", (), {"settings": {"site.name": "PyPI"}})()

    def route_url(self, name, _query=None, **kw):
        paths = {
            "accounts.reset-password": "/account/reset-password/",
            "accounts.verify-email": "/account/verify-email/",
            "accounts.confirm-login": "/account/confirm-login/",
            "manage.account": "/manage/account/",
            "manage.account.two-factor": "/manage/account/two-factor/",
            "accounts.login": "/account/login/",
        }
        url = "https://pypi.org" + paths.get(name, "/" + name.replace(".", "/") + "/")
        if _query:
            url += "?" + "&".join(f"{k}={v}" for k, v in _query.items())
        return url

    def help_url(self, _anchor=None):
        return "https://pypi.org/help/" + (f"#{_anchor}" if _anchor else "")


class _Ip(str):
    geo_ip = "Lisbon, Portugal"


def _pypi_env(repo: Path, lang: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=_GitLoader(repo, PYPI_COMMIT, "warehouse/templates"),
        extensions=["jinja2.ext.i18n"], autoescape=True,
        lstrip_blocks=True, trim_blocks=True,
    )  # fmt: skip
    env.policies["ext.i18n.trimmed"] = True
    if lang == "en":
        env.install_gettext_translations(Translations(), newstyle=True)
    else:
        po = _show_bytes(repo, PYPI_COMMIT, f"warehouse/locale/{lang}/LC_MESSAGES/messages.po")
        with contextlib.redirect_stdout(io.StringIO()):  # babel's "#|" comment warnings
            catalog = read_po(io.BytesIO(po), locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        env.install_gettext_translations(Translations(buf), newstyle=True)
    return env


PYPI_LANGS = ["en", "fr", "es", "pt_BR", "ru", "de", "ja", "zh_Hans"]

PYPI_MAILS = [
    # (template, context, note)
    ("password-change", {"username": "marisol.dev"}, "a password-changed notice"),
    ("two-factor-added", {"username": "kjell-ostby", "method": "TOTP"}, "a 2FA-added notice"),
    ("two-factor-removed", {"username": "kjell-ostby", "method": "WebAuthn"},
     "a 2FA-removed notice"),
    ("recovery-codes-generated", {"username": "tamsin_ray"},
     "recovery codes were generated (none is in the mail)"),
    ("recovery-code-used", {"username": "tamsin_ray"}, "a recovery-code-used notice"),
    ("recovery-code-reminder", {"username": "obi.nwosu"},
     "a reminder to keep recovery codes (none is in the mail)"),
    ("password-reset", {"username": "marisol.dev", "n_hours": 6,
                        "token": "InY5cWRrMmJ4In0.ZyQ7Ng.Wk3vJtE1lq0Rr8o8HcFmYyZ5aBc"},
     "a reset link (the token is only inside it); the expiry is 6 hours"),
    ("verify-email", {"username": "obi.nwosu", "email_address": "obi.nwosu@example.net",
                      "n_hours": 24,
                      "token": "ImViYjMxYzRlIg.ZyQ8Cw.d1q4m8Q0pXh2Nn5t0Rz7sLkUa2Y"},
     "a verification link (the token is only inside it)"),
    ("new-email-added", {"username": "lena-hoffmann",
                         "new_email_address": "lena.hoffmann@example.org"},
     "a new-address notice"),
    ("unrecognized-login", {"username": "kjell-ostby", "ip_address": _Ip("203.0.113.58"),
                            "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) "
                                          "Gecko/20100101 Firefox/133.0",
                            "token": "eyJ1c2VyLmlkIjoiNDQxIn0.ZyQ9kA.b7yK9cQm0sVz3fPq1HnTw8eXo4U"},
     "a login-confirmation link (the token is only inside it), IP address and user agent"),
]  # fmt: skip


def pypi(mirrors: Path) -> None:
    repo = mirrors / "pypi+warehouse" / "repo"
    english: dict[str, tuple] = {}
    for lang in PYPI_LANGS:
        env = _pypi_env(repo, lang)
        for name, ctx, note in PYPI_MAILS:
            if name == "unrecognized-login" and lang != "en":
                continue  # its templates have no {% trans %}: English in every locale
            ctx = dict(ctx, request=_Request(), testPyPI=False)
            base = f"email/{name}"
            subject = env.get_template(f"{base}/subject.txt").render(ctx).replace("\n", "")
            text = env.get_template(f"{base}/body.txt").render(ctx)
            html_part = env.get_template(f"{base}/body.html").render(ctx)
            if lang == "en":
                english[name] = (subject, text, html_part)
            elif english[name] == (subject, text, html_part):
                continue  # nothing of this mail is translated in this locale: a duplicate
            _save(
                source="pypi", ident=name, group=name, lang=lang.replace("_", "-"),
                kind="notice", code=None, repository=PYPI_REPO,
                path=f"warehouse/templates/email/{name}/body.txt", commit=PYPI_COMMIT,
                licence="Apache-2.0",
                rendered=f"Jinja2 as warehouse/config.py sets it, {base}/subject.txt, "
                f"body.txt, body.html, locale {lang} (messages.po via babel); premailer "
                "not run; From PyPI <noreply@pypi.org>",
                sender="PyPI <noreply@pypi.org>", subject=subject, text=text,
                html_part=html_part, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# OneUptime/oneuptime

OU_REPO = "OneUptime/oneuptime"
OU_COMMIT = "ab6f40993700e5d472c23e52913ef2fe5d117f66"
OU_TPL = "App/FeatureSet/Notification/Templates"
OU_FROM = "OneUptime <notifications@oneuptime.example.com>"

OU_JS = r"""
const Handlebars = require("handlebars");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
for (const [name, src] of Object.entries(input.partials))
  Handlebars.registerPartial(name, Handlebars.compile(src));
Handlebars.registerHelper("ifCond", function (v1, v2, options) {
  if (v1 === v2) return options.fn(this);
  return options.inverse(this);
});
Handlebars.registerHelper("concat", (v1, v2) => v1 + v2);
Handlebars.registerHelper("ifNotCond", function (v1, v2, options) {
  if (v1 !== v2) return options.fn(this);
  return options.inverse(this);
});
const out = input.jobs.map((j) => ({
  body: Handlebars.compile(j.template)(j.vars).toString(),
  subject: Handlebars.compile(j.subject)(j.vars).toString(),
}));
process.stdout.write(JSON.stringify(out));
"""

OU_HOME = "https://oneuptime.example.com/"


def _ou_code() -> str:
    return "".join(str(RNG.randrange(10)) for _ in range(6))


def oneuptime(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "OneUptime+oneuptime" / "repo"
    listing = subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", f"{OU_COMMIT}:{OU_TPL}/Partials"],
        capture_output=True, check=True, text=True,
    ).stdout.split()  # fmt: skip
    partials = {
        f[:-4]: _show_bytes(repo, OU_COMMIT, f"{OU_TPL}/Partials/{f}").decode("utf-8")
        for f in listing
        if f.endswith(".hbs")
    }
    verify_subject = "Verify this email address"
    jobs = []
    # (ident, template, subject, vars, kind, code, why, note)
    for n, who in enumerate(["priya", "jonas", "amara", "felix", "yuki", "santiago", "ines",
                             "tomasz"]):  # fmt: skip
        code = _ou_code()
        jobs.append((f"verify-code-{n + 1}", "VerificationCode", verify_subject,
                     {"code": code, "subject": verify_subject}, "saas-otp", code,
                     "UserEmailService.ts::sendVerificationCode",
                     f"the code to verify an alert e-mail address ({who}'s); the template "
                     "also passes the code to SupportBlock, which does not show it"))  # fmt: skip
    reset = f"{OU_HOME}accounts/reset-password/7c0f2e9a41b84d3c9e57a1d06b2f83c4"
    jobs += [
        ("forgot-password", "ForgotPassword", "Password Reset Request for OneUptime",
         {"homeURL": OU_HOME, "tokenVerifyUrl": reset}, "notice", None,
         "Authentication.ts /forgot-password", "a reset link (the token is only inside it)"),
        ("password-changed", "PasswordChanged", "Password Changed.", {"homeURL": OU_HOME},
         "notice", None, "Authentication.ts /reset-password", "a password-changed notice"),
        ("email-verified", "EmailVerified", "Email Verified.", {"homeURL": OU_HOME},
         "notice", None, "Authentication.ts /verify-email", "an e-mail-verified notice"),
        ("invite-member", "InviteMember", "You have been invited to Northwind Checkout",
         {"signInLink": f"{OU_HOME}accounts", "registerLink":
          f"{OU_HOME}accounts/register?email=dana.whitfield%40example.com",
          "isNewUser": "true", "isInvitationAccepted": "false",
          "projectName": "Northwind Checkout", "homeUrl": OU_HOME}, "notice", None,
         "TeamMemberService.ts (invitation)", "a project invitation; no code"),
        ("added-member", "InviteMember", "You have been added to Northwind Checkout",
         {"signInLink": f"{OU_HOME}accounts", "registerLink":
          f"{OU_HOME}accounts/register?email=r.okafor%40example.com",
          "isNewUser": "false", "isInvitationAccepted": "true",
          "projectName": "Northwind Checkout", "homeUrl": OU_HOME}, "notice", None,
         "TeamMemberService.ts (auto-accepted member)", "an added-to-project notice"),
        ("subscribed-status-page", "SubscribedToStatusPage",
         "You have been subscribed to Brightline Status",
         {"statusPageName": "Brightline Status", "logoUrl": "",
          "statusPageUrl": "https://status.brightline.example.com",
          "isPublicStatusPage": "true", "homeURL": OU_HOME,
          "unsubscribeUrl": "https://status.brightline.example.com/update-subscription/"
          "5e1c0a7f-93d2-4b6e-8f40-2a9c7d11e385"}, "notice", None,
         "StatusPageSubscriberService.ts (subscription confirmed)",
         "a status-page subscription notice"),
        ("subscription-overdue", "ProjectSubscriptionOverdue",
         "[Action Required] OneUptime subscription is past due.",
         {"projectName": "Brightline Payments", "projectId":
          "9b2f61c4-07ad-4e38-b5d1-c3e8a04f7216", "dashboardLink":
          f"{OU_HOME}dashboard/9b2f61c4-07ad-4e38-b5d1-c3e8a04f7216/settings/billing",
          "homeURL": OU_HOME}, "invoice", None,
         "SendDailyEmailsToOwnersIfSubscriptionIsOverdue.ts",
         "a billing notice; the project ID (a UUID) is not a code"),
    ]  # fmt: skip
    payload = {
        "partials": partials,
        "jobs": [
            {
                "template": _show_bytes(repo, OU_COMMIT, f"{OU_TPL}/{t}.hbs").decode("utf-8"),
                "subject": subj,
                "vars": dict(v, year="2026"),
            }
            for _, t, subj, v, *_ in jobs
        ],
    }
    out = subprocess.run(
        ["node", "-e", OU_JS], input=json.dumps(payload), capture_output=True, check=True,
        text=True, env={"NODE_PATH": str(node_modules / "node_modules"), "PATH": "/usr/bin:/bin:/usr/local/bin"},
    ).stdout  # fmt: skip
    for (ident, t, _s, _v, kind, code, why, note), res in zip(jobs, json.loads(out), strict=True):
        _save(
            source="oneuptime", ident=ident, group=ident.rstrip("0123456789-") if
            ident.startswith("verify-code") else ident, lang="en", kind=kind, code=code,
            repository=OU_REPO, path=f"{OU_TPL}/{t}.hbs", commit=OU_COMMIT,
            licence="Apache-2.0",
            rendered=f"handlebars 4.7.8 (node 20): {t}.hbs with Partials/*.hbs and the "
            f"helpers of Utils/Handlebars.ts; vars and subject as {why} passes them; HTML "
            "only (nodemailer html)",
            sender=OU_FROM, subject=res["subject"], text=None, html_part=res["body"],
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# idcos/cloudiac

CI_REPO = "idcos/cloudiac"
CI_COMMIT = "93b84acc43f653e316c4868fda664872c78f8364"
CI_FROM = "CloudIaC <noreply@cloudiac.example.com>"
CI_ADDR = "https://iac.cloudiac.example.com"


def _ci_passwd() -> str:
    """utils.GenPasswd(6, "mix"): rand.Intn(6) digits (at least one), then letters."""
    n = RNG.randrange(6) or 1
    digits = "".join(RNG.choice("0123456789") for _ in range(n))
    letters = string.ascii_uppercase + string.ascii_lowercase
    return digits + "".join(RNG.choice(letters) for _ in range(6 - n))


def _go_text_template(tpl: str, data: dict) -> str:
    """Go text/template for the forms these templates use: {{.F}} and one-level
    {{if .F}}…{{else}}…{{end}}."""

    def cond(m: re.Match) -> str:
        return m.group(2) if data[m.group(1)] else (m.group(3) or "")

    tpl = re.sub(r"\{\{if \.(\w+)\}\}(.*?)(?:\{\{else\}\}(.*?))?\{\{end\}\}", cond, tpl,
                 flags=re.S)  # fmt: skip
    return re.sub(r"\{\{\.(\w+)\}\}", lambda m: str(data[m.group(1)]), tpl)


def _go_string_literal(src: str, name: str) -> str:
    m = re.search(name + r'\s*=\s*"((?:[^"\\]|\\.)*)"', src)
    return m.group(1).encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def cloudiac(mirrors: Path) -> None:
    repo = mirrors / "idcos+cloudiac" / "repo"
    consts = _show_bytes(repo, CI_COMMIT, "portal/consts/notification_template.go").decode()
    invite_tpl = re.search(r"var IacUserInvitationsTpl = `(.*?)`", consts, re.S).group(1)
    user_go = _show_bytes(repo, CI_COMMIT, "portal/apps/user.go").decode()
    org_go = _show_bytes(repo, CI_COMMIT, "portal/apps/organization.go").decode()
    subj_create = _go_string_literal(user_go, "emailSubjectCreateUser")
    body_create = _go_string_literal(user_go, "emailBodyCreateUser")
    subj_reset = _go_string_literal(user_go, "emailSubjectResetPassword")
    body_reset = _go_string_literal(user_go, "emailBodyResetPassword")
    subj_invite = _go_string_literal(org_go, "emailSubjectInviteUser")
    people = [("王晓明", "wang.xiaoming@example.cn"), ("李佳怡", "li.jiayi@example.cn"),
              ("陈志强", "chen.zhiqiang@example.cn"), ("刘芳", "liu.fang@example.cn"),
              ("张伟", "zhang.wei@example.cn"), ("赵敏", "zhao.min@example.cn"),
              ("孙浩然", "sun.haoran@example.cn"), ("周婷", "zhou.ting@example.cn")]  # fmt: skip
    orgs = ["平台研发部", "支付中台", "运维保障组", "数据平台"]

    def save(ident, group, path, subject, html_part, code, note, why):
        _save(
            source="cloudiac", ident=ident, group=group, lang="zh", kind="saas-otp" if code
            else "notice", code=code, repository=CI_REPO, path=path, commit=CI_COMMIT,
            licence="Apache-2.0",
            rendered=f"{why}; Go text/template as utils.SprintTemplate (small renderer); "
            "gomail text/html only; From SMTP_FROM_NAME <SMTP_FROM>",
            sender=CI_FROM, subject=subject, text=None, html_part=html_part, note=note,
        )  # fmt: skip

    for n, (name, email) in enumerate(people[:4]):
        pw = _ci_passwd()
        body = _go_text_template(body_create, {"Name": name, "Email": email, "InitPass": pw})
        save(f"create-user-{n + 1}", "create-user", "portal/apps/user.go", subj_create, body,
             pw, "the initial password to log in with (sent as HTML, so the lines run "
             "together); the mail asks to change it after logging in",
             "user.go::CreateUser emailBodyCreateUser")  # fmt: skip
    for n, (name, email) in enumerate(people[4:]):
        pw = _ci_passwd()
        body = _go_text_template(body_reset, {"Name": name, "Email": email, "InitPass": pw})
        save(f"reset-password-{n + 1}", "reset-password", "portal/apps/user.go", subj_reset,
             body, pw, "the new password set by an administrator's reset",
             "user.go::UserPassReset emailBodyResetPassword")  # fmt: skip
    for n, (name, email) in enumerate(people[1:7]):
        new = n % 3 != 2
        pw = _ci_passwd() if new else ""
        body = _go_text_template(invite_tpl, {
            "Name": name, "Email": email, "InitPass": pw, "IsNewUser": new,
            "Inviter": people[0][0] if n % 2 else "admin", "Organization": orgs[n % 4],
            "Addr": CI_ADDR})  # fmt: skip
        save(f"invite-{'new' if new else 'existing'}-{n + 1}",
             "invite-new" if new else "invite-existing",
             "portal/consts/notification_template.go", subj_invite, body, pw or None,
             "an organisation invitation with the new account's initial password"
             if new else "an organisation invitation for an existing user: no password",
             "organization.go::sendInviteUserNotify IacUserInvitationsTpl")  # fmt: skip


# ---------------------------------------------------------------------------------------
# dployr-io/dployr-base

DP_REPO = "dployr-io/dployr-base"
DP_COMMIT = "05f89defe8e342beb1b0d8041c0c8ace39e36056"
DP_PATH = "src/lib/templates/emails/index.ts"
DP_FROM = "no-reply@dployr.example.io"

DP_JS = r"""
const ts = require("typescript");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const fixed = Date.parse(input.now);
const RealDate = Date;
global.Date = class extends RealDate {
  constructor(...a) { if (a.length) super(...a); else super(fixed); }
  static now() { return fixed; }
};
const js = ts.transpileModule(input.source, {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
}).outputText;
const mod = { exports: {} };
new Function("module", "exports", "require", js)(mod, mod.exports, require);
const out = input.jobs.map((j) => mod.exports[j.fn](j.data));
process.stdout.write(JSON.stringify(out));
"""


def _dp_code() -> str:
    return "".join(RNG.choice(string.ascii_uppercase + string.digits) for _ in range(6))


def dployr(mirrors: Path, node_modules: Path) -> None:
    repo = mirrors / "dployr-io+dployr-base" / "repo"
    source = _show_bytes(repo, DP_COMMIT, DP_PATH).decode("utf-8")
    cl = {"clusterName": "acme-prod", "clusterId": "cl_7f3k2m9q4x"}
    jobs = []
    for n, local in enumerate(["tunde.bakare", "mei.lin", "oskar", "fatima.zahra", "dev-ops",
                               "lucas.moreau", "ana-paula", "hiro.t", "njeri", "bram"]):  # fmt: skip
        code = _dp_code()
        jobs.append((f"login-code-{n + 1}", "otpEmail", {"name": local, "code": code},
                     "saas-otp", code, "routes/twofa.ts and the login route (KVStore OTP)",
                     "the login code, letter-spaced in a box"))  # fmt: skip
    jobs += [
        ("invite", "inviteEmail", cl, "notice", None, "cluster invitation",
         "an invitation (accept link only)"),
        ("member-joined", "memberJoinedEmail", dict(cl, memberEmail="priya.n@example.com"),
         "notice", None, "member joined", "a notice"),
        ("session-alert", "sessionAlertEmail", dict(cl, userEmail="mei.lin@example.com",
         ipAddress="198.51.100.23"), "notice", None, "new sign-in alert",
         "a sign-in alert with IP address and time; no code"),
        ("instance-created", "instanceCreatedEmail", dict(cl, instanceId="in_4q8r2t6w"),
         "notice", None, "instance created", "the instance id is not a code"),
        ("service-unhealthy", "serviceUnhealthyEmail", dict(cl, serviceName="billing-api"),
         "notice", None, "service unhealthy alert", "an alert"),
        ("role-changed", "roleChangedEmail", dict(cl, memberEmail="oskar@example.com",
         oldRole="viewer", newRole="developer"), "notice", None, "role changed",
         "a role-change notice"),
        ("payment-failed", "paymentFailedEmail", dict(cl, plan="Pro"), "invoice", None,
         "payment failed", "a billing notice"),
        ("payment-success", "paymentSuccessEmail", dict(cl, plan="Pro"), "invoice", None,
         "payment succeeded", "a billing receipt notice"),
    ]  # fmt: skip
    payload = {
        "source": source, "now": "2026-12-03T20:14:52Z",
        "jobs": [{"fn": fn, "data": data} for _, fn, data, *_ in jobs],
    }  # fmt: skip
    out = subprocess.run(
        ["node", "-e", DP_JS], input=json.dumps(payload), capture_output=True, check=True,
        text=True, env={"NODE_PATH": str(node_modules / "node_modules"),
                        "PATH": "/usr/bin:/bin:/usr/local/bin"},
    ).stdout  # fmt: skip
    for (ident, fn, _d, kind, code, why, note), res in zip(jobs, json.loads(out), strict=True):
        _save(
            source="dployr", ident=ident,
            group="login-code" if ident.startswith("login-code") else ident, lang="en",
            kind=kind, code=code, repository=DP_REPO, path=DP_PATH, commit=DP_COMMIT,
            licence="Apache-2.0",
            rendered=f"{fn} ({why}) of index.ts, transpiled by typescript 5.6.3 and run in "
            "node 20; ZeptoMail htmlbody only, From EMAIL_FROM",
            sender=DP_FROM, subject=res["subject"], text=None, html_part=res["html"],
            note=note,
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--node-modules", type=Path, default=Path("/tmp/r20devops-nm"))
    args = parser.parse_args()
    pypi(args.mirrors)
    oneuptime(args.mirrors, args.node_modules)
    cloudiac(args.mirrors)
    dployr(args.mirrors, args.node_modules)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for item in ITEMS if item["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON.relative_to(HERE)}")


if __name__ == "__main__":
    main()
