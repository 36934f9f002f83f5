"""Round ten (``ops``): codes that IoT, finance/payments and developer/ops tools mail to type, and
their notices, receipts and alerts.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r10_ops.py \\
        [--mirrors /work/.mirror] [--node-modules /tmp/r10b-node/node_modules]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round;
``--node-modules`` holds ``handlebars@4.7.9 juice@12.1.2 html-to-text@10.0.0 moment@2.30.1`` (the
versions opencollective-api pins), used only to run Open Collective's own rendering steps.

Collected blind: no extractor was run on these mails; each label is what a person reading the
mail would type (``code``) or ``null``.

- ThingsBoard (thingsboard/thingsboard, Apache-2.0), the FreeMarker mail templates
  ``application/src/main/resources/templates/*.ftl`` from the snapshot, filled as
  ``DefaultMailService`` fills them (``${name}`` replaced by the model values; FreeMarker runs
  without auto-escaping and the values hold no markup; the licence comment ``<#-- -->`` dropped
  as FreeMarker drops it). Subjects from ``i18n/messages.properties`` (``Locale.US``), sent as
  ``MimeMessageHelper.setText(message, true)`` sends them: HTML only. The 2FA code is
  ``StringUtils.randomNumeric(6)`` (``OtpBasedTwoFaProvider``), lifetime as configured (120 s).
- Open Collective (opencollective/opencollective-api, MIT), ``templates/emails/*.hbs`` with the
  registered partials and the helpers they use (``moment``, ``currency`` copied from
  ``server/lib/handlebars.js``), rendered as ``server/lib/email.ts`` ``render`` does: Handlebars, then
  ``juice`` (CSS inlining), then ``htmlToText`` of the whole output for the text part; the
  ``Subject:`` line is taken from the HTML and cut from its body by ``getTemplateAttributes``. Data as the controllers pass it
  (``user.otp.requested``: ``otp`` from ``auth.generateOTPCode()`` - six characters of
  ``0-9A-Z`` - ``clientIP``, ``ttl`` 15). ``config.host.website`` is the default config's.
- Semaphore UI (semaphoreui/semaphore, MIT): ``api/templates/email_otp_code.tmpl`` (read with
  ``read_file``, held inline, commit in the item) executed by Go ``text/template`` with
  ``.Code`` (six digits) and sent by ``util/mailer`` as ``text/html``, subject ``Email
  verification code``; and the task-failure alert ``services/tasks/templates/email.tmpl`` from
  the snapshot (subject as ``services/tasks/alert.go`` sets it).
- PostHog (PostHog/posthog, MIT outside ``ee/``): too large to fetch; ``email/base.html``,
  ``email/styles.html`` and two page templates read with ``read_file`` (commits per item) and
  held inline. Rendered with Jinja2 standing in for Django templates (``extends`` / ``block`` /
  ``include`` / ``if`` behave the same here; ``{% load %}`` dropped, ``{% absolute_uri %}`` and
  ``{% absolute_asset_url %}`` replaced by the site URL, ``{% strip_protocol %}`` by the host).
  The CSS-inlining step of ``posthog/email.py`` is not run (the ``<style>`` blocks are kept
  instead); HTML only. Context and subjects as ``posthog/tasks/email.py`` passes them.
- Firezone (firezone/firezone, Apache-2.0), the portal mailer's EEx templates
  ``elixir/lib/portal/mailer/{auth_email,notifications}/*.{html,text}.eex`` from the snapshot,
  evaluated by the small EEx subset below (``<%= @x %>``, ``if``/``else``, ``for``; HTML values
  escaped as Phoenix.HTML escapes them; a block tag alone on its line takes the line with it,
  approximating EEx's ``trim``), assigns and subjects as ``auth_email.ex`` /
  ``notifications.ex`` pass them; text and HTML parts. The sign-in token is
  ``Portal.Crypto.random_token(6, encoder: :user_friendly)`` (six lower-case characters).
- Teable (teableio/teable; apps AGPL-3.0, ``packages/common-i18n`` MIT): the mail-sender's
  Handlebars page and partials and the ``email.templates.*`` strings of five locales, read with
  ``read_file`` (commits in the items) and held inline, rendered with node as
  ``@nestjs-modules/mailer``'s HandlebarsAdapter does (strict templates, the module's helpers,
  juice); subjects and context as ``mail-sender.service.ts`` builds them; codes as
  ``local-auth.service.ts`` makes them (four digits; waitlist invite code
  ``getRandomString(4)-getRandomString(4)``).
- FlowFuse (FlowFuse/flowfuse, Apache-2.0 outside ``forge/ee``): the postoffice template
  modules from the snapshot compiled with Handlebars and wrapped by ``layouts/default.js`` as
  ``forge/postoffice/index.js`` ``send()`` does (node); the e-mail verification code is
  ``generateNumericToken()`` (six digits).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
from collect import HERE, message

OUT = HERE / "round10" / "ops.json"
SENT = datetime(2026, 12, 2, 9, 41, 7, tzinfo=UTC)
TO = "noor.tester@example.com"


def _digits(seed: str, n: int) -> str:
    return f"{int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 10**n:0{n}d}"


def _alnum(seed: str, n: int, alphabet: str) -> str:
    v = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    out = ""
    for _ in range(n):
        v, r = divmod(v, len(alphabet))
        out += alphabet[r]
    return out


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


# ---------------------------------------------------------------------------------------
# ThingsBoard

TB_COMMIT = "dfe65d5abc3aa959aaa853952d74943fbd6867bd"
TB_TPL = "application/src/main/resources/templates"
TB_FROM = "ThingsBoard <no-reply@iot.example>"

TB_PLAN = [
    # (template, subject key, model, has_code, kind, note)
    ("2fa.verification.code", "2fa.verification.code.subject",
     {"expirationTimeSeconds": "120"}, True, "saas-otp", "2FA code by e-mail, six digits"),
    ("activation", "activation.subject",
     {"activationLink": "https://iot.example/api/noauth/activate?activateToken=Xq3vT9mKp2LwRz8aYc6NbJ4dHs1FgE",
      "activationLinkTtlInHours": "24"}, False, "notice", "activation link, nothing to type"),
    ("account.activated", "account.activated.subject",
     {"loginLink": "https://iot.example/login"}, False, "notice", "account activated notice"),
    ("reset.password", "reset.password.subject",
     {"passwordResetLink": "https://iot.example/api/noauth/resetPassword?resetToken=Lm7pQ2wXz9RkT4vBn6YcHa3JdF8sGe",
      "passwordResetLinkTtlInHours": "24"}, False, "notice", "password-reset link"),
    ("password.was.reset", "password.was.reset.subject",
     {"loginLink": "https://iot.example/login"}, False, "notice", "password-was-reset notice"),
    ("account.lockout", "account.lockout.subject",
     {"lockoutAccount": "farid.benali@example.com", "maxFailedLoginAttempts": "5"}, False,
     "notice", "lockout notice to the admin; the number is the attempt limit"),
    ("state.warning", "api.usage.state",
     {"apiFeature": "Telemetry persistence",
      "apiValueLabel": "saved 4.2M out of 5M allowed data points"}, False, "notice",
     "API usage warning: counts and limits"),
    ("state.disabled", "api.usage.state",
     {"apiFeature": "Rule Engine execution",
      "apiLimitValueLabel": "processed 10M Rule Engine messages"}, False, "notice",
     "API usage limit reached"),
]  # fmt: skip


def _props(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def thingsboard(repo: Path) -> list[dict[str, Any]]:
    items = []
    subjects = _props(
        _show(repo, TB_COMMIT, "application/src/main/resources/i18n/messages.properties")
    )
    for name, skey, model, has_code, kind, note in TB_PLAN:
        tpl = _show(repo, TB_COMMIT, f"{TB_TPL}/{name}.ftl")
        tpl = re.sub(r"<#--.*?-->\s*", "", tpl, flags=re.S)
        data = dict(model, targetEmail=TO)
        code = None
        if has_code:
            code = _digits(f"r10ops:tb:{name}", 6)
            data["code"] = code
        body = re.sub(r"\$\{(\w+)\}", lambda m: data[m.group(1)], tpl)  # noqa: B023
        if "${" in body or "<#" in body:
            raise SystemExit(f"unfilled FreeMarker in {name}")
        raw = message(sender=TB_FROM, subject=subjects[skey], text=None, html_part=body, sent=SENT)
        ident = f"thingsboard-{name.replace('.', '-')}-en"
        rel, sha = _write(ident, "thingsboard", raw)
        items.append({
            "id": ident, "group": f"thingsboard-{name.replace('.', '-')}", "source": "thingsboard",
            "lang": "en", "kind": kind, "code": code, "repository": "thingsboard/thingsboard",
            "path": f"{TB_TPL}/{name}.ftl, application/src/main/resources/i18n/messages.properties,"
            " application/src/main/java/org/thingsboard/server/service/mail/DefaultMailService.java",
            "commit": TB_COMMIT, "licence": "Apache-2.0",
            "rendered": "FreeMarker ${...} filled with DefaultMailService's model, subject from"
            " messages.properties, HTML only as MimeMessageHelper.setText(html, true)",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Open Collective (Handlebars + juice + html-to-text, run with node)

OC_COMMIT = "e3f35f58970e39eeaa678a8990dfd72d0e71a9ce"
OC_FROM = "Open Collective <info@opencollective.com>"
OC_PARTIALS = ["header", "greeting", "footer", "toplogo", "erratum-box"]

OC_NODE = r"""
const fs = require('fs');
const path = require('path');
const handlebars = require('handlebars');
const juiceMod = require('juice');
const juice = juiceMod.default || juiceMod; // juice 12 is an ES module (TS: import juice from 'juice')
const { htmlToText } = require('html-to-text');
const moment = require('moment');
const dir = process.argv[2];
// server/lib/handlebars.js (only the helper these templates use)
handlebars.registerHelper('moment', (value, props) => {
  const format = (props && props.hash.format) || 'MMMM Do YYYY';
  return moment(value).format(format);
});
// server/lib/handlebars.js 'currency' (getDefaultCurrencyPrecision: 2 for USD and EUR)
handlebars.registerHelper('currency', (value, props) => {
  const { currency, precision } = props.hash;
  if (isNaN(value)) { return ''; }
  if (!currency) { return value / 100; }
  value = value / 100;
  let locale = 'en-US';
  if (currency === 'EUR') { locale = 'fr-FR'; }
  return value.toLocaleString(locale, {
    style: 'currency', currency,
    minimumFractionDigits: precision || 2,
    maximumFractionDigits: precision != null ? precision : 2,
  });
});
for (const p of fs.readdirSync(path.join(dir, 'partials'))) {
  handlebars.registerPartial(p.replace(/\.hbs$/, ''), fs.readFileSync(path.join(dir, 'partials', p), 'utf8'));
}
const jobs = JSON.parse(fs.readFileSync(path.join(dir, 'jobs.json'), 'utf8'));
const out = [];
for (const job of jobs) {
  const tpl = handlebars.compile(fs.readFileSync(path.join(dir, job.template + '.hbs'), 'utf8'));
  let data = job.data;
  data.imageNotSvg = data.collective && data.collective.image && !data.collective.image.endsWith('.svg');
  data.config = { host: { website: 'http://localhost:3000' } };
  const html = juice(tpl(data));
  const text = htmlToText(html);
  // getTemplateAttributes
  let index = 0; const lines = html.split('\n'); const attributes = { body: '', subject: '' }; let tokens;
  do {
    tokens = lines[index++].match(/^([a-z]+):(.+)/i);
    if (tokens) { attributes[tokens[1].toLowerCase()] = tokens[2].replace(/<br( \/)?>/g, '\n').trim(); }
  } while (tokens);
  attributes.body = lines.slice(index).join('\n').trim();
  out.push({ subject: attributes.subject, html: attributes.body, text });
}
process.stdout.write(JSON.stringify(out));
"""

OC_PLAN = [
    # (template, data, code?, kind, note)
    ("user.otp.requested", {"clientIP": "203.0.113.47", "ttl": 15}, True, "saas-otp",
     "sign-up e-mail confirmation code: six characters of 0-9A-Z (generateOTPCode)"),
    ("user.new.token",
     {"loginLink": "https://opencollective.com/signin/eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6ImxvZ2luIn0.q7Rk2vYx9Lm3TzWp8NcB",
      "clientIP": "198.51.100.23", "noPassword": True,
      "securitySettingsLink": "https://opencollective.com/noor-tester/admin/user-security"},
     False, "notice", "one-click sign-in link, nothing to type"),
    ("user.changeEmail",
     {"user": {"emailWaitingForValidation": "noor.t.2026@example.org", "email": TO,
               "emailConfirmationToken": "8f3a1c9e2b7d4f60a5e1"},
      "collective": {"name": "Noor Tester"}},
     False, "notice", "change-of-e-mail confirmation button (token in the link only)"),
    ("order.pending",
     {"order": {"totalAmount": 5000, "currency": "EUR", "platformTipAmount": 0, "isGuest": False},
      "fromCollective": {"name": "Noor Tester"},
      "collective": {"name": "Repair Café Altona", "slug": "repair-cafe-altona"},
      "paymentMethodName": "Bank transfer (SEPA)",
      "instructions": "Please make a bank transfer of 50,00 € to:\n<strong>Account holder:</strong>"
      " Stichting Open Collective Europe\n<strong>IBAN:</strong> BE68 5390 0754 7034\n"
      "<strong>BIC:</strong> TRIOBEBBXXX\n\nUse this reference so we can match your payment:"
      " 734211\n\nYour contribution will be credited to Repair Café Altona once received."},
     False, "invoice",
     "bank-transfer instructions: amount, IBAN, BIC, payment reference (the order id); the"
     " instructions text is host-defined (sample host text, with {amount}/{reference} filled as"
     " sendOrderPendingEmail fills them)"),
    ("payment.failed",
     {"order": {"totalAmount": 1500, "currency": "USD", "platformTipAmount": 0},
      "fromCollective": {"name": "Noor Tester"},
      "collective": {"name": "Webpack", "slug": "webpack"}, "lastAttempt": False,
      "errorMessage": "Your card was declined. (card_declined, code 51)",
      "subscriptionsLink": "https://opencollective.com/noor-tester/manage-contributions"},
     False, "invoice", "recurring payment failed: amount, card error message with a decline code"),
    ("order.processed.fr",
     {"order": {"totalAmount": 2500, "currency": "EUR", "platformTipAmount": 250},
      "interval": "mois", "firstPayment": True, "transactionPdf": True,
      "fromCollective": {"name": "Noor Tester"},
      "collective": {"name": "La Quadrature du Net", "slug": "laquadrature"},
      "subscriptionsLink": "https://opencollective.com/noor-tester/manage-contributions"},
     False, "invoice", "contribution receipt in French: amounts, tip, PDF receipt mentioned"),
]  # fmt: skip


def opencollective(repo: Path, node_modules: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    codes: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "partials").mkdir()
        for p in OC_PARTIALS:
            (d / "partials" / f"{p}.hbs").write_text(
                _show(repo, OC_COMMIT, f"templates/partials/{p}.hbs"), encoding="utf-8"
            )
        jobs = []
        for name, data, has_code, _kind, _note in OC_PLAN:
            (d / f"{name}.hbs").write_text(
                _show(repo, OC_COMMIT, f"templates/emails/{name}.hbs"), encoding="utf-8"
            )
            data = json.loads(json.dumps(data))
            if has_code:
                codes[name] = _alnum(f"r10ops:oc:{name}", 6, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                data["otp"] = codes[name]
            jobs.append({"template": name, "data": data})
        (d / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        (d / "render.js").write_text(OC_NODE, encoding="utf-8")
        env = dict(os.environ, NODE_PATH=str(node_modules))
        res = subprocess.run(
            ["node", str(d / "render.js"), str(d)], capture_output=True, text=True, check=True,
            env=env,
        )  # fmt: skip
        rendered = json.loads(res.stdout)
    for (name, _data, _has_code, kind, note), r in zip(OC_PLAN, rendered, strict=True):
        code = codes.get(name)
        sender = OC_FROM
        if name in ("order.pending", "payment.failed"):  # notify.user with generateFromEmailHeader
            sender = f'"{_data["collective"]["name"]}" <no-reply@opencollective.com>'
        raw = message(sender=sender, subject=r["subject"], text=r["text"], html_part=r["html"],
                      sent=SENT)  # fmt: skip
        lang = "fr" if name.endswith(".fr") else "en"
        base = name[:-3] if name.endswith(".fr") else name
        ident = f"opencollective-{base.replace('.', '-').lower()}-{lang}"
        rel, sha = _write(ident, "opencollective", raw)
        items.append({
            "id": ident, "group": f"opencollective-{base.replace('.', '-').lower()}",
            "source": "opencollective", "lang": lang, "kind": kind, "code": code,
            "repository": "opencollective/opencollective-api",
            "path": f"templates/emails/{name}.hbs, templates/partials/header.hbs,"
            " templates/partials/footer.hbs, server/lib/email.ts, server/lib/emailTemplates.ts",
            "commit": OC_COMMIT, "licence": "MIT",
            "rendered": "Handlebars 4.7.9 with the registered partials, juice 12.1.2, html-to-text"
            " 10.0.0 for the text part, Subject: line cut as getTemplateAttributes does (node)",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Semaphore UI

SEM_OTP_COMMIT = "fd2c831d04ae23df879043b3e5913cbe4e6cede7"
SEM_OTP_TPL = (  # api/templates/email_otp_code.tmpl @ fd2c831d (read_file)
    "<p>It looks like you tried to sign in to Semaphore UI.</p>\n\n"
    "<p>Enter this 6 digit code on the sign in page to confirm your identity:</p>\n\n"
    "<strong>{{ .Code }}</strong>"
)
SEM_COMMIT = "d4a27137486d65f963257d06e6b7867b54513e20"
SEM_FROM = "semaphore@ops.example"


def semaphore(repo: Path) -> list[dict[str, Any]]:
    items = []
    code = _digits("r10ops:semaphore:otp", 6)
    body = SEM_OTP_TPL.replace("{{ .Code }}", code)
    raw = message(sender=SEM_FROM, subject="Email verification code", text=None, html_part=body,
                  sent=SENT)  # fmt: skip
    ident = "semaphore-email-otp-code-en"
    rel, sha = _write(ident, "semaphore", raw)
    items.append({
        "id": ident, "group": "semaphore-email-otp-code", "source": "semaphore", "lang": "en",
        "kind": "saas-otp", "code": code, "repository": "semaphoreui/semaphore",
        "path": "api/templates/email_otp_code.tmpl, api/login.go, util/mailer/mailer.go",
        "commit": SEM_OTP_COMMIT, "licence": "MIT",
        "rendered": "Go text/template {{ .Code }} filled (template held inline, read_file),"
        " text/html as util/mailer sends it, subject from sendEmailVerificationCode",
        "file": rel, "sha256": sha, "note": "e-mail sign-in code, six digits in <strong>",
    })  # fmt: skip
    tpl = _show(repo, SEM_COMMIT, "services/tasks/templates/email.tmpl")
    data = {".Task.ID": "4817", ".Name": "Deploy billing-api (prod)",
            ".Task.URL": "https://semaphore.ops.example/project/3/history?t=4817"}  # fmt: skip
    body = re.sub(
        r"\{\{ (\.[\w.]+) \}\}", lambda m: data[m.group(1)], tpl
    )  # text/template: no escaping
    subject = "Task 'Deploy billing-api (prod)' failed"  # fmt.Sprintf("Task '%s' failed", name)
    raw = message(sender=SEM_FROM, subject=subject, text=None, html_part=body, sent=SENT)
    ident = "semaphore-task-failed-en"
    rel, sha = _write(ident, "semaphore", raw)
    items.append({
        "id": ident, "group": "semaphore-task-failed", "source": "semaphore", "lang": "en",
        "kind": "notice", "code": None, "repository": "semaphoreui/semaphore",
        "path": "services/tasks/templates/email.tmpl, services/tasks/alert.go",
        "commit": SEM_COMMIT, "licence": "MIT",
        "rendered": "Go text/template actions filled, text/html as util/mailer sends it",
        "file": rel, "sha256": sha, "note": "task-failure alert: task id in text and link",
    })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# PostHog (templates read with read_file, held inline; Jinja2 standing in for Django)

PH_BASE_COMMIT = "09bed697b7101af2352699da361184eecbc9e979"
PH_STYLES_COMMIT = "0a183aee66677eb2aa774cf510514cb98fca7746"
PH_SITE = "https://posthog.ops.example"
PH_FROM = "PostHog <hey@posthog.ops.example>"

PH_TEMPLATES = {  # read_file texts, commits: base.html @ 09bed697b7, styles.html @ 0a183aee66,
    # code_based_verification.html @ 09bed697b7, password_changed.html @ 03f2add8ef
    "email/base.html": '<!DOCTYPE html>\n<html>\n\n<head>\n    <meta charset="utf-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n\n    {% include "email/styles.html" %} {% block head %} {% endblock %}\n</head>\n\n<body>\n    <div class="preheader">{% block preheader %}{% endblock %}</div>\n    <table class="main">\n        <tr>\n            <td>\n                <div class="header">\n                    {% block header %}\n                    <h1 class="text-center">\n                        <a href="{% absolute_uri %}"><img src="{% absolute_asset_url \'posthog-logo.png\' %}"\n                                width="160px" height="28px" alt="PostHog" class="logo" /></a>\n                    </h1>\n                    {% endblock %}\n                </div>\n            </td>\n        </tr>\n        <tr>\n            <td>\n                {% block content %}\n                <div class="container">\n                    <div class="inner">\n                        {% block main %}\n                            <h1 class="mb">{% block heading %}{% endblock %}</h1>\n                            {% block section %}{% endblock %}\n                        {% endblock %}\n                    </div>\n                </div>\n                {% endblock %}\n                <div class="container">\n                    <div class="footer">\n                        {% block footer %}\n                            Need help?\n                            <a href="https://posthog.com/questions?{{ utm_tags }}"\n                                target="_blank"><b>Visit support</b></a>\n                            or\n                            <a href="https://posthog.com/docs?{{ utm_tags }}"\n                                target="_blank"><b>read our documentation</b></a>\n                        {% endblock %}\n                    </div>\n                </div>\n            </td>\n        </tr>\n    </table>\n</body>\n\n</html>\n',
    "email/styles.html": "{% load posthog_assets %}\n<style type=\"text/css\">\n    /* Brand font. The @font-face survives CSS inlining via keep_at_rules=True (see posthog/email.py);\n       mail clients that strip @font-face fall back to the stack declared on `body` below. */\n    @font-face {\n        font-family: 'RoundHog';\n        font-style: normal;\n        font-weight: 800;\n        src: url(\"{% absolute_asset_url 'RoundHog-Bold.woff2' %}\") format('woff2');\n        font-display: swap;\n    }\n\n    @font-face {\n        font-family: 'RoundHog';\n        font-style: normal;\n        font-weight: 700;\n        src: url(\"{% absolute_asset_url 'RoundHog-SemiBold.woff2' %}\") format('woff2');\n        font-display: swap;\n    }\n\n    @font-face {\n        font-family: 'RoundHog';\n        font-style: normal;\n        font-weight: 500;\n        src: url(\"{% absolute_asset_url 'RoundHog-Medium.woff2' %}\") format('woff2');\n        font-display: swap;\n    }\n\n    @font-face {\n        font-family: 'RoundHog';\n        font-style: normal;\n        font-weight: 400;\n        src: url(\"{% absolute_asset_url 'RoundHog.woff2' %}\") format('woff2');\n        font-display: swap;\n    }\n\n    /* Main containers */\n    body,\n    .main {\n        width: 100%;\n        font-family: 'RoundHog', 'Helvetica Neue', helvetica, sans-serif;\n        padding: 0;\n        margin: 0;\n        color: #2d2d2d;\n        line-height: 1.4;\n        border-top-left-radius: 4px;\n        border-top-right-radius: 4px;\n        border-bottom-left-radius: 4px;\n        border-bottom-right-radius: 4px;\n        font-size: 16px;\n        background-color: #fafaf9;\n    }\n\n    .main {\n        max-width: 600px;\n        margin: 15px auto;\n        border-collapse: separate;\n        border-spacing: 0;\n    }\n\n    .logo {\n        /* Styling for alt text */\n        font-weight: 600;\n        color: #5375ff;\n        padding-left: 16px;\n    }\n\n    /* General styles */\n\n    table {\n        width: 100%;\n        border-collapse: collapse;\n        border-width: 0;\n    }\n\n    td {\n        padding: 0;\n        margin: 0;\n    }\n\n    td {\n        text-align: center;\n    }\n\n    .spacingTop {\n        margin-top: 16px;\n    }\n\n    .container {\n        max-width: 700px;\n        margin: 0 auto;\n        text-align: left;\n        padding: 0 20px;\n    }\n\n    .inner {\n        padding: 30px 0 0px;\n    }\n\n    .preheader {\n        display: none;\n        font-size: 0;\n        max-height: 0;\n        line-height: 0;\n    }\n\n    h1 {\n        font-size: 36px;\n    }\n\n    h1,\n    h2 {\n        font-weight: 600;\n        margin-bottom: 8px;\n        line-height: 1.2;\n    }\n\n    b,\n    strong {\n        font-weight: 600;\n    }\n\n    a {\n        color: #5375ff;\n        text-decoration: none;\n    }\n\n    .text-center {\n        text-align: center;\n    }\n\n    .danger {\n        color: #df4313;\n    }\n\n    .muted {\n        color: #5F5F5F;\n        font-size: 12px;\n    }\n    .muted a {\n        color: #5F5F5F;\n        font-weight: 600;\n    }\n\n    .font-bold {\n        font-weight: 600;\n    }\n\n    .action-btn {\n        background-color: #1d4aff;\n        color: white;\n        padding: 16px 40px 16px 40px;\n        font-size: 18px;\n        font-weight: 600;\n        border: none;\n        border-radius: 6px;\n    }\n\n    .button {\n        display: inline-block;\n        padding-top: 16px;\n        padding-bottom: 16px;\n        padding-left: 48px;\n        padding-right: 48px;\n        border-radius: 6px;\n        background-color: #1d4aff;\n        font-weight: 500;\n        color: #fff;\n        border-radius: 6px;\n        text-decoration: none;\n    }\n\n    .mt {\n        margin-top: 24px;\n    }\n\n    .mb {\n        margin-bottom: 24px;\n    }\n\n    .invite-header {\n        font-weight: 400;\n        text-align: center;\n        margin-top: -24px;\n    }\n\n    .dashed-border {\n        border-bottom: 3px dashed #bdbdbd;\n        padding-bottom: 16px;\n    }\n\n    .invite-bottom {\n        text-align: center;\n        padding-top: 8px;\n    }\n\n    .invite-message {\n        display: flex;\n        font-size: 18px;\n        font-weight: 500;\n        background-color: white;\n        padding: 16px;\n        margin-bottom: 8px;\n    }\n\n    .invite-message-divider {\n        height: auto;\n        width: 4px;\n        margin-right: 16px;\n        background-color: #db3707;\n    }\n\n    .insight-image {\n        display: block;\n        min-height: 200px;\n        width: 100%;\n        border-color: #d9d9d9;\n        border-width: 1px;\n        border-radius: 3px;\n        border-style: solid;\n        box-shadow: 0px 16px 16px -16px rgba(0, 0, 0, 0.25);\n    }\n\n    /* Header & Footer */\n\n    .header {\n        text-align: left;\n    }\n\n    .mainTitle div,\n    .mainTitle span {\n        font-weight: 600;\n    }\n\n    .mainTitle .secondary {\n        color: #989a9b;\n    }\n\n    .mainTitle td:first-child {\n        text-align: left;\n    }\n\n    .mainTitle td:last-child {\n        text-align: right;\n    }\n\n    .footer {\n        margin-top: 24px;\n        margin-bottom: 24px;\n    }\n\n    .divider {\n        border-bottom: 2px dashed #989a9b;\n        max-width: 200px;\n        margin: 1rem auto;\n    }\n    \n    /* Temporary */\n    .beta {\n        color: #f7a501;\n    }\n\n</style>\n\n<style type=\"text/css\" inline=\"false\">\n    @media only screen and (max-width: 480px) {\n\n        /* General styles */\n        .grid {\n            width: 100% !important;\n        }\n\n        .grid .column {\n            display: block !important;\n            width: 100% !important;\n            margin-top: 32px !important;\n        }\n\n        /* Header & Footer */\n\n        .header {\n            text-align: center;\n            margin: 0 8px;\n        }\n\n        .mainTitle td {\n            text-align: left !important;\n        }\n\n        .mainTitle {\n            margin-bottom: 16px;\n        }\n    }\n\n</style>\n",
    "email/code_based_verification.html": '{% extends "email/base.html" %}\n{% block section %}\n\n<p>We received a login attempt to your PostHog account. To continue, enter this verification code:</p>\n\n<div class="mb mt text-center">\n    <p style="font-size: 32px; font-weight: 700; letter-spacing: 8px; margin: 0;">{{code}}</p>\n</div>\n\n<p>This code expires in {{expiration_minutes}} minutes.</p>\n\n<hr />\n\n<p class="muted">\n    <strong>Didn\'t try to log in?</strong><br>\n    If you didn\'t attempt this login, someone may be trying to access your account. Please secure your account immediately by changing your password.\n</p>\n{% endblock %} {% block preheader %}{{preheader}}{% endblock %}{% block heading %}Your login code{% endblock %}\n',
    "email/password_changed.html": '{% extends "email/base.html" %} {% load posthog_assets %} {% load posthog_filters %}{% block section %}\n<p>\n    Someone (hopefully you) changed the password on your PostHog account{% if cloud %} on PostHog Cloud.{%else%}\n    hosted on {% strip_protocol site_url %}{% endif %}.\n</p>\n{% endblock %}',
}


def _ph_templates() -> dict[str, str]:
    return dict(PH_TEMPLATES)


def _ph_django_to_jinja(src: str) -> str:
    src = re.sub(r"\{% load [^%]*%\}", "", src)
    src = src.replace("{% absolute_uri %}", PH_SITE)
    src = re.sub(r"\{% absolute_asset_url '([^']+)' %\}", PH_SITE + r"/static/\1", src)
    src = src.replace("{% strip_protocol site_url %}", re.sub(r"^https?://", "", PH_SITE))
    src = src.replace("{%else%}", "{% else %}")
    return src


PH_PLAN = [
    # (template, commit, subject, context, code?, kind, note)
    ("code_based_verification", "09bed697b7101af2352699da361184eecbc9e979",
     "Your PostHog login code",
     {"preheader": "Enter this code to verify your login.", "expiration_minutes": 10,
      "site_url": PH_SITE}, True, "saas-otp", "login verification code, six digits"),
    ("password_changed", "03f2add8efc9c7f41c8286d695f4b47caac61464",
     "Your password has been changed",
     {"preheader": "Your password has been changed", "cloud": False, "site_url": PH_SITE},
     False, "notice", "password-changed notice"),
]  # fmt: skip


def posthog() -> list[dict[str, Any]]:
    tpls = {k: _ph_django_to_jinja(v) for k, v in _ph_templates().items()}
    env = jinja2.Environment(loader=jinja2.DictLoader(tpls), autoescape=True)
    items = []
    for name, commit, subject, ctx, has_code, kind, note in PH_PLAN:
        ctx = dict(ctx, utm_tags="utm_source=posthog&utm_medium=email&utm_campaign=" + name)
        code = None
        if has_code:
            code = _digits(f"r10ops:posthog:{name}", 6)
            ctx["code"] = code
        body = env.get_template(f"email/{name}.html").render(ctx)
        raw = message(sender=PH_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        ident = f"posthog-{name.replace('_', '-')}-en"
        rel, sha = _write(ident, "posthog", raw)
        items.append({
            "id": ident, "group": f"posthog-{name.replace('_', '-')}", "source": "posthog",
            "lang": "en", "kind": kind, "code": code, "repository": "PostHog/posthog",
            "path": f"posthog/templates/email/{name}.html (@{commit[:10]}),"
            f" posthog/templates/email/base.html (@{PH_BASE_COMMIT[:10]}),"
            f" posthog/templates/email/styles.html (@{PH_STYLES_COMMIT[:10]}), posthog/tasks/email.py",
            "commit": commit, "licence": "MIT",
            "rendered": "Django template rendered with Jinja2 (load tags dropped, asset/uri tags"
            " replaced by the site URL), CSS not inlined, HTML only; subject/context from"
            " posthog/tasks/email.py",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Firezone (EEx templates of the portal mailer, evaluated by a small EEx subset below)

FZ_COMMIT = "df8139e82dd537f4bc99af32f7f94033b809ef3e"
FZ_DIR = "elixir/lib/portal/mailer"
FZ_FROM = "Firezone Notifications <notifications@vpn.example>"
FZ_TAG = re.compile(r"<%(=?)\s*(.*?)\s*%>", re.S)


def _fz_lookup(expr: str, env: dict[str, Any]) -> Any:
    expr = expr.strip()
    if expr.startswith('"') and expr.endswith('"'):
        inner = expr[1:-1].replace("\\n", "\n")
        return re.sub(r"#\{(.*?)\}", lambda m: str(_fz_lookup(m.group(1), env)), inner)
    m = re.fullmatch(r"(.+?)\s*>\s*(\d+)", expr)
    if m:
        return _fz_lookup(m.group(1), env) > int(m.group(2))
    val: Any = env
    for part in expr.lstrip("@").split("."):
        val = val[part]
    return val


def _fz_tokens(src: str) -> list[tuple[str, str]]:
    """Text and tag tokens; a block tag (if/for/else/end) alone on its line takes its line's
    indentation and newline with it, as EEx's trim does."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in FZ_TAG.finditer(src):
        text, code = src[pos : m.start()], m.group(2)
        end = m.end()
        block = re.search(r"\bdo$", code) or code in ("else", "end")
        if block:
            line_start = text.rfind("\n") + 1
            after = src[end:]
            nl = after.find("\n")
            if text[line_start:].strip() == "" and (
                after[: nl if nl >= 0 else len(after)].strip() == ""
            ):
                text = text[:line_start]
                end = end + (nl + 1 if nl >= 0 else len(after))
        out.append(("text", text))
        out.append(("tag", code))
        pos = end
    out.append(("text", src[pos:]))
    return out


def _fz_eval(tokens: list[tuple[str, str]], i: int, env: dict[str, Any], esc: bool,
             css: str) -> tuple[str, int, str]:  # fmt: skip
    out = ""
    while i < len(tokens):
        kind, val = tokens[i]
        i += 1
        if kind == "text":
            out += val
            continue
        if val in ("else", "end"):
            return out, i, val
        m = re.fullmatch(r"if (.+?) do", val)
        if m:
            yes, i, stop = _fz_eval(tokens, i, env, esc, css)
            no = ""
            if stop == "else":
                no, i, _ = _fz_eval(tokens, i, env, esc, css)
            out += yes if _fz_lookup(m.group(1), env) else no
            continue
        m = re.fullmatch(r"for (\w+) <- (\S+) do", val)
        if m:
            start = i
            body = ""
            for item in _fz_lookup(m.group(2), env) or [None]:
                part, i, _ = _fz_eval(tokens, start, {**env, m.group(1): item}, esc, css)
                body += part if item is not None else ""
            out += body
            continue
        m = re.fullmatch(r'if (@\w+), do: (".*")', val, re.S)
        if m:
            out += str(_fz_lookup(m.group(2), env)) if _fz_lookup(m.group(1), env) else ""
            continue
        if val.startswith("File.read!("):
            out += css
            continue
        v = str(_fz_lookup(val, env))
        out += html.escape(v, quote=True).replace("&#x27;", "&#39;") if esc else v
    return out, i, ""


def _fz_render(src: str, env: dict[str, Any], esc: bool, css: str) -> str:
    out, _, _ = _fz_eval(_fz_tokens(src), 0, env, esc, css)
    return out


def _fz_code(seed: str) -> str:
    """Portal.Crypto.random_token(6, encoder: :user_friendly): url-safe base64 of random bytes,
    lower-cased, ambiguous characters replaced, first six kept."""
    raw = hashlib.sha256(seed.encode()).digest()[:6]
    enc = base64.urlsafe_b64encode(raw).decode().rstrip("=").lower()
    return enc.translate(str.maketrans("-+/lO0=_", "ptusxyzw"))[:6]


FZ_ACCOUNT = {"name": "Nordlicht Logistics", "id": "5f0c9a8e-3d41-4b7a-9e26-81c4f0b3d7a2",
              "slug": "nordlicht"}  # fmt: skip
FZ_OTP_COMMON = {
    "account": FZ_ACCOUNT, "sign_in_token_created_at": "12/2/26, 9:41 AM UTC",
    "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15",
    "remote_ip": "203.0.x.x", "request_location": None,
}  # fmt: skip
FZ_SIGN_IN = {
    "email_title": "Firezone Sign In Token", "heading": "Finish Signing In!",
    "code_instruction": "Copy and paste the following token into the Sign In form",
    "link_instruction": "or click on the following link if you are on the same device where you"
    " are trying to sign in:",
    "html_link_instruction": "Or click the button below", "button_label": "Complete Sign In",
    "unsolicited_action": "sign in",
}  # fmt: skip
FZ_OIDC = {
    "email_title": "Firezone Email Verification Code", "heading": "Verify Your Email Address",
    "code_instruction": "Copy and paste the following code into the email verification form",
    "link_instruction": "Use the following link to return to the email verification form:",
    "html_link_instruction": "Click the button below to return to the verification form",
    "button_label": "Enter Verification Code", "unsolicited_action": "email verification",
}  # fmt: skip

FZ_PLAN = [
    # (ident, template, subject, assigns, code?, kind, note)
    ("otp-email-sign-in", "auth_email/otp_email", "Firezone sign in token",
     {**FZ_OTP_COMMON, **FZ_SIGN_IN, "show_link?": True,
      "sign_in_url": "https://app.vpn.example/nordlicht/sign_in/email_otp/"
      "0b6e2f4a-93c1-4d58-a7e0-2c5b8d1f6e39/verify?secret={code}"},
     True, "saas-otp", "sign-in token (six lower-case characters, user_friendly) and a link"),
    ("otp-email-client", "auth_email/otp_email", "Firezone sign in token",
     {**FZ_OTP_COMMON, **FZ_SIGN_IN, "show_link?": False,
      "user_agent": "Firezone/1.5.8 (macOS 15.1; arm64)", "sign_in_url": ""},
     True, "saas-otp", "sign-in token for a client app: no link (show_link? false)"),
    ("otp-email-oidc", "auth_email/otp_email", "Firezone email verification code",
     {**FZ_OTP_COMMON, **FZ_OIDC, "show_link?": True, "request_location": "Hamburg, Hamburg",
      "sign_in_url": "https://app.vpn.example/nordlicht/sign_in/oidc/"
      "7d2a0c5e-1f84-4b39-b6e2-95a3c8d0f471/verify_identity?pending_identity_id="
      "c41e8b27-6a0d-4f93-8e5b-2d7f1a9c0b64"},
     True, "saas-otp", "OIDC identity e-mail verification code and a link back to the form"),
    ("sign-up-verification", "auth_email/sign_up_verification", "Complete your Firezone sign up",
     {"sign_up_url": "https://app.vpn.example/sign_up/verify?token=SFMyNTY.g2gDbQAAAA9ub29y.Yt3kP9"},
     False, "notice", "sign-up verification link, nothing to type"),
    ("new-user", "auth_email/new_user", "Welcome to Firezone",
     {"account": FZ_ACCOUNT, "subject": {"actor": {"name": "Jonas Weber"}}}, False, "notice",
     "invitation: the account name (slug) to enter in the client is shown boxed; an account"
     " identifier, not a one-time code"),
    ("outdated-gateway", "notifications/outdated_gateway", "Firezone Gateway Upgrade Available",
     {"account": FZ_ACCOUNT, "latest_version": "1.4.19", "incompatible_client_count": 3,
      "outdated_clients_url": "https://app.vpn.example/nordlicht/clients?clients_order_by=devices%3Aasc%3Alast_seen_version",
      "gateways": [{"name": "gw-fra-01", "last_seen_version": "1.4.11"},
                   {"name": "gw-ham-02", "last_seen_version": "1.3.6"}]},
     False, "notice", "gateway upgrade notice: version numbers, client count"),
]  # fmt: skip


def firezone(repo: Path) -> list[dict[str, Any]]:
    items = []
    css = _show(repo, FZ_COMMIT, "elixir/priv/static/emails/dark_mode.css")
    for ident, tpl, subject, assigns, has_code, kind, note in FZ_PLAN:
        env = json.loads(json.dumps(assigns))
        code = None
        if has_code:
            code = _fz_code(f"r10ops:firezone:{ident}")
            env["secret"] = code
            env["sign_in_url"] = env["sign_in_url"].replace("{code}", code)
        html_src = _show(repo, FZ_COMMIT, f"{FZ_DIR}/{tpl}.html.eex")
        text_src = _show(repo, FZ_COMMIT, f"{FZ_DIR}/{tpl}.text.eex")
        body_html = _fz_render(html_src, env, True, css)
        body_text = _fz_render(text_src, env, False, css)
        if "<%" in body_html + body_text:
            raise SystemExit(f"unrendered EEx in {tpl}")
        raw = message(sender=FZ_FROM, subject=subject, text=body_text, html_part=body_html,
                      sent=SENT)  # fmt: skip
        full = f"firezone-{ident}-en"
        rel, sha = _write(full, "firezone", raw)
        items.append({
            "id": full, "group": f"firezone-{tpl.split('/')[1].replace('_', '-')}",
            "source": "firezone", "lang": "en", "kind": kind, "code": code,
            "repository": "firezone/firezone",
            "path": f"{FZ_DIR}/{tpl}.html.eex, {FZ_DIR}/{tpl}.text.eex, {FZ_DIR}/"
            + ("auth_email.ex" if tpl.startswith("auth") else "notifications.ex")
            + ", elixir/lib/portal/mailer.ex",
            "commit": FZ_COMMIT, "licence": "Apache-2.0",
            "rendered": "EEx evaluated by hand (assigns as the mailer passes them, HTML values"
            " escaped as Phoenix.HTML does, block tags trimmed), text and HTML parts as"
            " render_body sets them, dark_mode.css read in as File.read! does",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Teable (Handlebars pages/partials + nestjs-i18n strings, rendered with node)

TEABLE_I18N_COMMIT = "002fc9ac18abec04ab0a51c8baeedf941892f2f4"  # en, de, fr, zh common.json
TEABLE_I18N_JA_COMMIT = "00fe44a89999fe2aaa45ea3b6c09626e318e0941"  # ja common.json
TEABLE_SERVICE_COMMIT = "06a4461e2bc53055182d4df0a72dffa26fd99210"  # mail-sender.service.ts
TEABLE_AUTH_COMMIT = "02eaf9208c7d28ba90df64d3fc9e448321af4ebe"  # local-auth.service.ts
TEABLE_FROM = "Teable <noreply@teable.ops.example>"
TEABLE_ORIGIN = "https://teable.ops.example"

# packages/common-i18n/src/locales/<lang>/common.json, email.templates.* (read_file, held inline)
TEABLE_I18N: dict[str, dict[str, str]] = {
    "en": {
        "signup.subject": "Signup Verification - {{brandName}}",
        "signup.title": "Signup verification",
        "signup.message": "Your verification code is {{code}}, please use it within {{expiresIn}} minutes.",
        "change.subject": "Change Email Verification - {{brandName}}",
        "change.title": "Change email verification",
        "change.message": "Your verification code is {{code}}, please use it within {{expiresIn}} minutes.",
        "reset.subject": "Reset Password - {{brandName}}",
        "reset.title": "Reset your password",
        "reset.message": "If you did not request this change, please ignore this email. Otherwise, click the button below to reset your password.",
        "reset.buttonText": "Reset password",
        "waitlist.subject": "Welcome - {{brandName}}",
        "waitlist.title": "Welcome",
        "waitlist.message": "You've successfully joined the waitlist of {{brandName}}, please use the following invite code to register: {{code}}, it can be used {{times}} times.",
        "waitlist.buttonText": "Register",
    },
    "de": {
        "signup.subject": "Registrierungsbestätigung - {{brandName}}",
        "signup.title": "Registrierungsbestätigung",
        "signup.message": "Ihr Bestätigungscode lautet {{code}}. Bitte verwenden Sie ihn innerhalb von {{expiresIn}} Minuten.",
        "waitlist.subject": "Willkommen - {{brandName}}",
        "waitlist.title": "Willkommen",
        "waitlist.message": "Sie haben sich erfolgreich auf der Warteliste von {{brandName}} eingetragen. Bitte verwenden Sie den folgenden Einladungscode zur Registrierung: {{code}}. Er kann {{times}} Mal verwendet werden.",
        "waitlist.buttonText": "Registrieren",
    },
    "fr": {
        "signup.subject": "Vérification d'inscription - {{brandName}}",
        "signup.title": "Vérification d'inscription",
        "signup.message": "Votre code de vérification est {{code}}, veuillez l'utiliser dans {{expiresIn}} minutes.",
        "change.subject": "Vérification de changement d'e-mail - {{brandName}}",
        "change.title": "Vérification de changement d'e-mail",
        "change.message": "Votre code de vérification est {{code}}, veuillez l'utiliser dans {{expiresIn}} minutes.",
        "reset.subject": "Réinitialiser le mot de passe - {{brandName}}",
        "reset.title": "Réinitialisez votre mot de passe",
        "reset.message": "Si vous n'avez pas demandé ce changement, veuillez ignorer cet e-mail. Sinon, cliquez sur le bouton ci-dessous pour réinitialiser votre mot de passe.",
        "reset.buttonText": "Réinitialiser le mot de passe",
    },
    "ja": {
        "signup.subject": "登録確認 - {{brandName}}",
        "signup.title": "登録確認",
        "signup.message": "確認コードは{{code}}です。{{expiresIn}}分以内に使用してください。",
        "change.subject": "メール変更確認 - {{brandName}}",
        "change.title": "メール変更確認",
        "change.message": "確認コードは{{code}}です。{{expiresIn}}分以内に使用してください。",
    },
    "zh": {
        "signup.subject": "注册验证 - {{brandName}}",
        "signup.title": "注册验证",
        "signup.message": "您的验证码是：{{code}}，请在 {{expiresIn}} 分钟内使用。",
        "reset.subject": "重置密码 - {{brandName}}",
        "reset.title": "重置您的密码",
        "reset.message": "如果您没有请求此更改，请忽略此电子邮件。否则，请单击下面的按钮重置您的密码。",
        "reset.buttonText": "重置密码",
    },
}  # fmt: skip

TEABLE_TPL = {  # read_file texts (apps/nestjs-backend/src/features/mail-sender/templates/...):
    # pages/normal.hbs @ 5ee6b8253f, partials/header.hbs @ 016c61f1e7, partials/footer.hbs @ 337d9caa8b,
    # partials/email-verify-code.hbs @ 27fab90728, partials/common-body.hbs @ e441a590b0,
    # partials/reset-password.hbs @ 337d9caa8b
    "normal": '<!DOCTYPE html>\n<html lang="en">\n<head>\n    <meta charset="UTF-8">\n    <meta name="viewport" content="width=device-width, initial-scale=1.0">\n    <style type="text/css">\n        /* Client-specific styles */\n        #outlook a {\n            padding: 0;\n        }\n\n        .ReadMsgBody {\n            width: 100%;\n        }\n\n        .ExternalClass {\n            width: 100%;\n        }\n\n        .ExternalClass * {\n            line-height: 100%;\n        }\n\n        /* External styles */\n        body {\n            font-family: Arial, sans-serif;\n            margin: 0;\n            padding: 0;\n            -webkit-text-size-adjust: 100%;\n            -ms-text-size-adjust: 100%;\n        }\n\n        body, table, td, a {\n            -webkit-font-smoothing: antialiased;\n        }\n\n        img {\n            border: 0;\n            outline: none;\n            text-decoration: none;\n            -ms-interpolation-mode: bicubic;\n        }\n\n        /* Embedded styles */\n        .email-container {\n            min-width: 320px;\n            max-width: 600px;\n            margin: auto;\n        }\n\n        .button:hover {\n            background-color: #20aa5c !important;\n        }\n\n        /* Responsive styles */\n        @media screen and (max-width: 480px) {\n            .fluid {\n                width: 100% !important;\n                max-width: 100% !important;\n                height: auto !important;\n                margin-left: auto !important;\n                margin-right: auto !important;\n            }\n\n            .stack-column, .stack-column-center {\n                display: block !important;\n                width: 100% !important;\n                max-width: 100% !important;\n                direction: ltr !important;\n            }\n\n            .stack-column-center {\n                text-align: center !important;\n            }\n        }\n    </style>\n</head>\n<body style="background-color: #f7f7f7; margin: 0; padding: 0;">\n<table width="100%" bgcolor="#f7f7f7" border="0" cellpadding="0" cellspacing="0">\n    <tr>\n        <td>\n            <table align="center" class="email-container" bgcolor="#ffffff"\n                   style="background: #ffffff; border-radius: 8px; overflow: hidden; box-shadow: 0 4px 10px rgba(0,0,0,0.05);"\n                   border="0" cellpadding="0" cellspacing="0">\n                <!-- Header -->\n                {{> header }}\n                <!-- Boby -->\n                {{> (lookup . \'partialBody\') }}\n                <!-- Footer -->\n                {{> footer }}\n            </table>\n        </td>\n    </tr>\n</table>\n</body>\n</html>\n',
    "header": '<!-- Header -->\n<tr>\n    <td style="background: linear-gradient(135deg, #7b4397, #dc2430); padding: 20px; text-align: center;">\n        <img src=\'data:image/svg+xml;base64,PHN2ZyB3aWR0aD0iMjQiIGhlaWdodD0iMjQiIHZpZXdCb3g9IjAgMCAyNCAyNCIgZmlsbD0ibm9uZSIgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj4KPGcgY2xpcC1wYXRoPSJ1cmwoI2NsaXAwXzIxNjFfMzczNikiPgo8cmVjdCB4PSI2IiB5PSI2IiB3aWR0aD0iMTQuNSIgaGVpZ2h0PSIxNC41IiBmaWxsPSJ3aGl0ZSIvPgo8cGF0aCBkPSJNOC44NDk2MiAyMi43QzguODQ5ODMgMjIuNyA4Ljg1MDA1IDIyLjcgOC44NTAwNSAyMi4yVjIyLjdIMTguMTVDMjAuNjUyMyAyMi43IDIyLjg1IDIwLjY5OTQgMjIuODUgMTguMTVWOC41NDk5OUMyMi44NSA3Ljk5MzQ0IDIyLjU4MTIgNy4zOTczIDIyLjI0NjEgNi44NTMzNUMyMS45MDExIDYuMjkzMzggMjEuNDM5MyA1LjcxNTY3IDIwLjk2MDUgNS4xNzk0OEMyMC4wMDIzIDQuMTA2MjggMTguOTMzMiAzLjE1MTc1IDE4LjQ3MDEgMi43NjU4OEMxNy41MzM1IDEuOTg1MzUgMTYuMzcxNCAxLjI5OTk5IDE1IDEuMjk5OTlINi42MDAwNUM1LjA2MDk0IDEuMjk5OTkgMy43MzYyMSAyLjE1MTQxIDIuODE2MjYgMy4xNzEzNUMxLjkwNjgxIDQuMTc5NjYgMS4zMDAwNSA1LjQ1NjUgMS4zMDAwNSA2LjQ0OTk5VjE0LjdDMS4zMDAwNSAxNS4zODQzIDEuNTY5NTEgMTYuMTA5IDEuOTQyMjMgMTYuNzkzMUMyLjMxOTU4IDE3LjQ4NTcgMi44Mjg5NCAxOC4xODM4IDMuMzY2NDEgMTguODI2OUM0LjQzODkgMjAuMTEwMSA1LjY2NjUzIDIxLjIyNDkgNi4zMDAwNSAyMS43QzYuOTU3MDYgMjIuMTkyNyA3LjU3ODYgMjIuNDQzMSA4LjA0MzQ5IDIyLjU2OTlDOC4yNzU2NSAyMi42MzMyIDguNDY4NjUgMjIuNjY1NyA4LjYwNzY2IDIyLjY4MjRDOC42NzcyMSAyMi42OTA3IDguNzMzMzcgMjIuNjk1MSA4Ljc3NDMzIDIyLjY5NzRDOC43OTQ4MiAyMi42OTg2IDguODExNTIgMjIuNjk5MiA4LjgyNDIxIDIyLjY5OTZMOC44NDAyMSAyMi42OTk5TDguODQ1OTEgMjIuN0w4Ljg0ODE4IDIyLjdMOC44NDkxNiAyMi43SDguODQ5NjJaTTguODUwMDUgNi45NDk5OUgxOC4xNUMxOC40MTY2IDYuOTQ5OTkgMTguODYyMyA3LjE1MzAzIDE5LjI3NDcgNy41MzEwNkMxOS40Njk4IDcuNzA5OTQgMTkuNjMyOCA3LjkwNjU4IDE5Ljc0NDEgOC4wOTU2OUMxOS44NTggOC4yODkzNCAxOS45IDguNDQ0NjQgMTkuOSA4LjU0OTk5VjE4LjE1QzE5LjkgMTguMjQ2MyAxOS44NTU0IDE4LjQwNzYgMTkuNzI1NiAxOC42MjM0QzE5LjYwMDUgMTguODMxMiAxOS40MTk3IDE5LjA1MDUgMTkuMjEgMTkuMjUxOEMxOS4wMDA2IDE5LjQ1MjkgMTguNzc1MiAxOS42MjM2IDE4LjU2OTkgMTkuNzQwOUMxOC4zNTE0IDE5Ljg2NTcgMTguMjA4MyAxOS45IDE4LjE1IDE5LjlIOC44NTAwNUM4Ljc5MTgxIDE5LjkgOC42NDg2NSAxOS44NjU3IDguNDMwMTUgMTkuNzQwOUM4LjIyNDg5IDE5LjYyMzYgNy45OTk1MSAxOS40NTI5IDcuNzkwMDYgMTkuMjUxOEM3LjU4MDM5IDE5LjA1MDUgNy4zOTk2IDE4LjgzMTIgNy4yNzQ1NCAxOC42MjM0QzcuMTQ0NjcgMTguNDA3NiA3LjEwMDA1IDE4LjI0NjMgNy4xMDAwNSAxOC4xNVY4LjU0OTk5QzcuMTAwMDUgOC4yNDg0MyA3LjMzNDg3IDcuODUwNzMgNy43NjUzOSA3LjQ4OTA5QzcuOTY4MDIgNy4zMTg4OCA4LjE4OTA3IDcuMTc4OTYgOC4zOTM1MiA3LjA4MzU1QzguNjA2MjcgNi45ODQyNyA4Ljc2NDggNi45NDk5OSA4Ljg1MDA1IDYuOTQ5OTlaIiBmaWxsPSJibGFjayIgc3Ryb2tlPSJ3aGl0ZSIvPgo8cGF0aCBkPSJNMTEuNTUgMTUuOVY5LjI5OTk4QzExLjU1IDguODQ5OTggMTMuMiA5LjI5OTk4IDEzLjIgOS4yOTk5OEMxMy4yIDkuMjk5OTggMTMuOTUgOS40NDk5NSAxMy45NSA5Ljc0OTk4VjExLjI1SDE1Ljc1QzE2LjIgMTEuMjUgMTYuNSAxMy4wNSAxNS43NSAxMy4wNUgxMy45NVYxNS45SDE1Ljc1QzE2LjM1IDE1LjkgMTYuMDUgMTcuMSAxNS43NSAxNy41NUMxNS40NSAxOCAxMy45NSAxNy44NSAxMy45NSAxNy44NUMxMy45NSAxNy44NSAxMS41NSAxNy44NSAxMS41NSAxNS45WiIgZmlsbD0iYmxhY2siLz4KPC9nPgo8ZGVmcz4KPGNsaXBQYXRoIGlkPSJjbGlwMF8yMTYxXzM3MzYiPgo8cmVjdCB3aWR0aD0iMjQiIGhlaWdodD0iMjQiIGZpbGw9IndoaXRlIi8+CjwvY2xpcFBhdGg+CjwvZGVmcz4KPC9zdmc+Cg==\'\n             alt="{{brandName}} Logo" style="height: 50px; width: auto;"/>\n    </td>\n</tr>',
    "footer": '<!-- Footer -->\n<tr>\n    <td style="background-color: #f3f3f3; padding: 15px; text-align: center; color: #555;">\n        <p style="margin: 0;">&copy;{{currentYear}} {{brandName}}</p>\n        {{#unless hideHelpCenter}}\n        <a href="{{publicOrigin}}" style="color: #3276dc;">Help Center</a>\n        {{/unless}}\n    </td>\n</tr>',
    "email-verify-code": '<tr>\n    <td style="padding: 30px; text-align: center;">\n        <h2 style="margin: 0;">{{title}}</h2>\n        <p style="margin: 18px 0;text-align: left;">{{message}}</p>\n    </td>\n</tr>\n',
    "common-body": '<tr>\n    <td style="padding: 30px; text-align: center;">\n        <h2 style="margin: 0;">{{title}}</h2>\n        <p style="margin: 18px 0;text-align: left;">{{message}}</p>\n        <a href="{{buttonUrl}}" class="button" style="background-color: rgb(24, 24, 27); color: rgb(250, 250, 250); padding: 12px 24px; border-radius: 5px; text-decoration: none; font-weight: bold; display: inline-block; margin: 20px 0;">{{buttonText}}</a>\n    </td>\n</tr>\n',
    "reset-password": "<tr>\n  <td style='padding: 30px; text-align: center;'>\n    <h2 style='margin: 0;'>{{{title}}}</h2>\n    <p style='margin: 18px 0;text-align: left;'>{{{message}}}</p>\n    <a\n      href='{{buttonUrl}}'\n      class='button'\n      style='background-color: rgb(24, 24, 27); color: rgb(250, 250, 250); padding: 12px 24px; border-radius: 5px; text-decoration: none; font-weight: bold; display: inline-block; margin: 20px 0;'\n    >{{buttonText}}</a>\n  </td>\n</tr>",
}


TEABLE_NODE = r"""
const fs = require('fs');
const path = require('path');
const handlebars = require('handlebars');
const juiceMod = require('juice');
const juice = juiceMod.default || juiceMod;
const dir = process.argv[2];
const tpls = JSON.parse(fs.readFileSync(path.join(dir, 'templates.json'), 'utf8'));
// MailSenderModule: HandlebarsAdapter(helpers(config)), template and partial options { strict: true }
const helpers = {
  publicOrigin: function () { return 'https://teable.ops.example'; },
  brandName: function () { return 'Teable'; },
  currentYear: function () { return 2026; },
};
for (const name of Object.keys(tpls)) {
  if (name !== 'normal') handlebars.registerPartial(name, handlebars.compile(tpls[name], { strict: true }));
}
const page = handlebars.compile(tpls.normal, { strict: true });
const jobs = JSON.parse(fs.readFileSync(path.join(dir, 'jobs.json'), 'utf8'));
const out = jobs.map((ctx) => juice(page(ctx, { helpers, data: {} })));
process.stdout.write(JSON.stringify(out));
"""


def _i18n(s: str, args: dict[str, Any]) -> str:  # nestjs-i18n {{arg}} interpolation
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: str(args[m.group(1)]), s)


TEABLE_PLAN = [
    # (template key, langs, partial, kind, code kind, note)
    ("signup", ["en", "de", "fr", "ja", "zh"], "email-verify-code", "saas-otp", "digits4",
     "sign-up verification code, four digits (getRandomString(4, RandomType.Number)) in a sentence"),
    ("change", ["en", "fr", "ja"], "email-verify-code", "saas-otp", "digits4",
     "code to confirm a change of e-mail address, four digits in a sentence"),
    ("reset", ["en", "fr", "zh"], "reset-password", "notice", None,
     "password-reset link (30-character code only inside the URL)"),
    ("waitlist", ["en", "de"], "common-body", "saas-otp", "invite",
     "waitlist invitation: invite code to enter at registration (two 4-character groups joined by"
     " a dash, part of the code), usable 10 times; the Register button carries it too"),
]  # fmt: skip


def _teable_code(kind: str, seed: str) -> str:
    if kind == "digits4":
        return _digits(seed, 4)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return _alnum(seed + ":a", 4, alphabet) + "-" + _alnum(seed + ":b", 4, alphabet)


def teable(node_modules: Path) -> list[dict[str, Any]]:
    jobs: list[dict[str, Any]] = []
    meta: list[tuple[str, str, str, str | None, str, str]] = []
    for key, langs, partial, kind, code_kind, note in TEABLE_PLAN:
        for lang in langs:
            t = TEABLE_I18N[lang]
            code = _teable_code(code_kind, f"r10ops:teable:{key}:{lang}") if code_kind else None
            ctx: dict[str, Any] = {"partialBody": partial, "brandName": "Teable",
                                   "brandLogo": "", "hideHelpCenter": False}  # fmt: skip
            if key in ("signup", "change"):
                ctx["title"] = t[f"{key}.title"]
                ctx["message"] = _i18n(t[f"{key}.message"], {"code": code, "expiresIn": 30})
            elif key == "reset":
                token = _alnum(f"r10ops:teable:reset:{lang}", 30,
                               "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")  # fmt: skip
                ctx.update(title=t["reset.title"], message=t["reset.message"],
                           buttonText=t["reset.buttonText"],
                           buttonUrl=f"{TEABLE_ORIGIN}/auth/reset-password?code={token}")  # fmt: skip
            else:
                ctx.update(code=code, times=10, name="noor.tester", email=TO,
                           waitlistInviteUrl=f"{TEABLE_ORIGIN}/auth/signup?inviteCode={code}",
                           title=t["waitlist.title"],
                           message=_i18n(t["waitlist.message"],
                                         {"brandName": "Teable", "code": code, "times": 10}),
                           buttonText=t["waitlist.buttonText"],
                           buttonUrl=f"{TEABLE_ORIGIN}/auth/signup?inviteCode={code}")  # fmt: skip
            jobs.append(ctx)
            subject = _i18n(t[f"{key}.subject"], {"brandName": "Teable"})
            meta.append((key, lang, subject, code, kind, note))
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "templates.json").write_text(json.dumps(TEABLE_TPL), encoding="utf-8")
        (d / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        (d / "render.js").write_text(TEABLE_NODE, encoding="utf-8")
        res = subprocess.run(
            ["node", str(d / "render.js"), str(d)], capture_output=True, text=True, check=True,
            env=dict(os.environ, NODE_PATH=str(node_modules)),
        )  # fmt: skip
        bodies = json.loads(res.stdout)
    items = []
    names = {"signup": "signup-verification", "change": "change-email-verification",
             "reset": "reset-password", "waitlist": "waitlist-invite"}  # fmt: skip
    for (key, lang, subject, code, kind, note), body in zip(meta, bodies, strict=True):
        raw = message(sender=TEABLE_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        ident = f"teable-{names[key]}-{lang}"
        rel, sha = _write(ident, "teable", raw)
        items.append({
            "id": ident, "group": f"teable-{names[key]}", "source": "teable", "lang": lang,
            "kind": kind, "code": code, "repository": "teableio/teable",
            "path": "apps/nestjs-backend/src/features/mail-sender/templates/pages/normal.hbs,"
            " templates/partials/{header,footer," + TEABLE_PLAN_PARTIAL[key] + "}.hbs,"
            " apps/nestjs-backend/src/features/mail-sender/mail-sender.service.ts (@"
            + TEABLE_SERVICE_COMMIT[:10] + "), apps/nestjs-backend/src/features/auth/local-auth/"
            "local-auth.service.ts (@" + TEABLE_AUTH_COMMIT[:10] + "),"
            f" packages/common-i18n/src/locales/{lang}/common.json (@"
            + (TEABLE_I18N_JA_COMMIT if lang == "ja" else TEABLE_I18N_COMMIT)[:10] + ")",
            "commit": TEABLE_SERVICE_COMMIT,
            "licence": "AGPL-3.0 (apps/nestjs-backend), MIT (packages/common-i18n)",
            "rendered": "Handlebars 4.7.9 (strict) with the mailer's helpers and partials, juice"
            " CSS inlining as the HandlebarsAdapter does, nestjs-i18n strings filled"
            " ({{arg}}), expiresIn 30 (parseInt of the '30m' default), HTML only; templates and"
            " strings held inline (read_file)",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


TEABLE_PLAN_PARTIAL = {"signup": "email-verify-code", "change": "email-verify-code",
                       "reset": "reset-password", "waitlist": "common-body"}  # fmt: skip


# ---------------------------------------------------------------------------------------
# FlowFuse (postoffice templates, compiled and sent as forge/postoffice/index.js does; node)

FF_COMMIT = "d3419bbf314b91a98a51d9fec60abb2fa69b7a93"
FF_FROM = '"FlowFuse Platform" <donotreply@flowfuse.com>'
FF_BASE = "https://app.flowfuse.ops.example"

FF_NODE = r"""
const fs = require('fs');
const path = require('path');
const handlebars = require('handlebars');
const dir = process.argv[2];
const defaultLayout = require(path.join(dir, 'layouts/default.js'));
const { sanitizeText } = require(path.join(dir, 'utils.js'));
// forge/postoffice/index.js: sanitizeLog (copied)
function sanitizeLog (log) {
  const isoTime = (ts) => {
    if (!ts) return '';
    try {
      let dt;
      if (typeof ts === 'string') { ts = +ts; }
      if (ts > 99999999999999) { dt = new Date(ts / 10000); } else { dt = new Date(ts); }
      let str = dt.toISOString().replace('T', ' ').replace('Z', '');
      str = str.substring(0, str.length - 4);
      return str;
    } catch (e) { return ''; }
  };
  const htmlEscape = (str) => (str + '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    text: log.map(entry => ({ timestamp: entry.ts ? isoTime(+entry.ts) : '', level: entry.level || '', message: entry.msg || '' })),
    html: log.map(entry => ({ timestamp: entry.ts ? isoTime(+entry.ts) : '', level: htmlEscape(entry.level || ''), message: htmlEscape(entry.msg || '') })),
  };
}
const jobs = JSON.parse(fs.readFileSync(path.join(dir, 'jobs.json'), 'utf8'));
const out = [];
for (const job of jobs) {
  const t = require(path.join(dir, 'templates', job.template + '.js'));
  const template = {
    subject: handlebars.compile(t.subject, { noEscape: true }),
    text: handlebars.compile(t.text, { noEscape: true }),
    html: handlebars.compile(t.html),
  };
  const context = job.context; const user = job.user;
  const forgeURL = job.forgeURL;
  const ctaChangeTypeUrl = `${context.url}/settings/change-type`;
  const templateContext = { forgeURL, ctaChangeTypeUrl, user, ...context };
  templateContext.support = /^https:\/\/(app.flowfuse.com|forge.flowfuse.dev)/g.test(forgeURL) ? 'https://flowfuse.com/support/' : null;
  templateContext.safeName = sanitizeText(user.name || 'user');
  if (templateContext.teamName) { templateContext.teamName = sanitizeText(templateContext.teamName); }
  if (templateContext.invitee) { templateContext.invitee = sanitizeText(templateContext.invitee); }
  if (Array.isArray(templateContext.log) && templateContext.log.length > 0) {
    templateContext.log = sanitizeLog(templateContext.log);
  } else { delete templateContext.log; }
  const opts = { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true };
  out.push({ subject: template.subject(templateContext, opts), text: template.text(templateContext, opts),
             html: defaultLayout(template.html(templateContext, opts)) });
}
process.stdout.write(JSON.stringify(out));
"""

FF_LOG = [  # a Node-RED crash log as the launcher reports it (ts with 4-digit counter)
    {"ts": "17962038012340001", "level": "info", "msg": "[mqtt-broker:plant-floor] Connected to broker: mqtt://10.20.4.17:1883"},
    {"ts": "17962038034560002", "level": "error", "msg": "<--- Last few GCs --->"},
    {"ts": "17962038034560003", "level": "error", "msg": "[412:0x6a3f2e0]  1803214 ms: Mark-Compact 251.7 (258.3) -> 249.9 (258.6) MB"},
    {"ts": "17962038034560004", "level": "error", "msg": "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"},
    {"ts": "17962038035010005", "level": "system", "msg": "Node-RED exited with code 134"},
]  # fmt: skip

FF_PLAN = [
    # (template, user name, context, code?, kind, note)
    ("VerifyEmail", "Noor Tester", {}, True, "saas-otp",
     "e-mail verification code, six digits (generateNumericToken), text and HTML"),
    ("PasswordChanged", "Noor Tester", {}, False, "notice", "password-changed notice"),
    ("TeamInvitation", "Noor Tester",
     {"teamName": "Plant Floor Ops", "signupLink": FF_BASE + "/account/create?email=noor.tester%40example.com"},
     False, "notice", "team invitation link"),
    ("Crashed-out-of-memory", "Noor Tester",
     {"name": "line-3-telemetry", "teamName": "Plant Floor Ops", "log": FF_LOG, "exitCode": 134,
      "url": FF_BASE + "/instance/7f3c2a91-0b5e-4d8a-9c61-2e4f8b7d1a05"},
     False, "notice", "instance crash alert with a log excerpt: timestamps, IP:port, heap sizes,"
     " exit code"),
]  # fmt: skip


def flowfuse(repo: Path, node_modules: Path) -> list[dict[str, Any]]:
    jobs = []
    codes: dict[str, str | None] = {}
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        for sub in ("layouts", "templates"):
            (d / sub).mkdir()
        (d / "layouts" / "default.js").write_text(
            _show(repo, FF_COMMIT, "forge/postoffice/layouts/default.js"), encoding="utf-8"
        )
        (d / "utils.js").write_text(_show(repo, FF_COMMIT, "forge/postoffice/utils.js"),
                                    encoding="utf-8")  # fmt: skip
        for name, user, ctx, has_code, _k, _n in FF_PLAN:
            (d / "templates" / f"{name}.js").write_text(
                _show(repo, FF_COMMIT, f"forge/postoffice/templates/{name}.js"), encoding="utf-8"
            )
            ctx = dict(ctx)
            codes[name] = None
            if has_code:
                codes[name] = _digits(f"r10ops:flowfuse:{name}", 6)
                ctx["token"] = {"token": codes[name]}
            jobs.append({"template": name, "context": ctx, "forgeURL": FF_BASE,
                         "user": {"name": user, "email": TO}})  # fmt: skip
        (d / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        (d / "render.js").write_text(FF_NODE, encoding="utf-8")
        res = subprocess.run(
            ["node", str(d / "render.js"), str(d)], capture_output=True, text=True, check=True,
            env=dict(os.environ, NODE_PATH=str(node_modules)),
        )  # fmt: skip
        rendered = json.loads(res.stdout)
    items = []
    for (name, _u, _c, _h, kind, note), r in zip(FF_PLAN, rendered, strict=True):
        raw = message(sender=FF_FROM, subject=r["subject"], text=r["text"], html_part=r["html"],
                      sent=SENT)  # fmt: skip
        slug = re.sub(r"(?<=[a-z])(?=[A-Z])", "-", name).lower()
        ident = f"flowfuse-{slug}-en"
        rel, sha = _write(ident, "flowfuse", raw)
        items.append({
            "id": ident, "group": f"flowfuse-{slug}", "source": "flowfuse", "lang": "en",
            "kind": kind, "code": codes[name], "repository": "FlowFuse/flowfuse",
            "path": f"forge/postoffice/templates/{name}.js, forge/postoffice/index.js,"
            " forge/postoffice/layouts/default.js, forge/postoffice/utils.js",
            "commit": FF_COMMIT, "licence": "Apache-2.0",
            "rendered": "the template module compiled with Handlebars 4.7.9 as registerTemplate"
            " does (subject/text noEscape), context built as send() builds it (safeName,"
            " sanitizeLog), HTML wrapped by layouts/default.js; text and HTML parts (node)",
            "file": rel, "sha256": sha, "note": note,
        })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--node-modules", type=Path, default=Path("/tmp/r10b-node/node_modules"))
    a = ap.parse_args()
    items: list[dict[str, Any]] = []
    items += thingsboard(a.mirrors / "thingsboard+thingsboard" / "repo")
    items += opencollective(
        a.mirrors / "opencollective+opencollective-api" / "repo", a.node_modules
    )
    items += semaphore(a.mirrors / "semaphoreui+semaphore" / "repo")
    items += posthog()
    items += firezone(a.mirrors / "firezone+firezone" / "repo")
    items += teable(a.node_modules)
    items += flowfuse(a.mirrors / "FlowFuse+flowfuse" / "repo", a.node_modules)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code -> {OUT}")


if __name__ == "__main__":
    main()
