"""Round thirty-three, Romanian civic tech and the EU's survey tool (collector ``balkan``): NGO Hub's
and VIC's Cognito mails (temporary password, verification codes), NGO Hub's notices, and
EUSurvey's password-reset mail in the languages of central, eastern and south-eastern Europe.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_balkan.py \\
        --mirrors /work/.mirror [--node-modules /tmp/r33l-node/node_modules]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

External tools (the senders' own engines, at the versions of ``backend/package.json`` and of
``@nestjs-modules/mailer`` 2.0.2's dependencies), with node 20:

    mkdir -p /tmp/r33l-node && cd /tmp/r33l-node && npm install --no-save --ignore-scripts \\
        --legacy-peer-deps handlebars@4.7.8 @css-inline/css-inline@0.14.1 nodemailer@6.9.14 \\
        @nestjs-modules/mailer@2.0.2 typescript@5.4.5

``--node-modules`` names that ``node_modules`` folder (given to ``node`` as ``NODE_PATH``).

- code4romania/terraform-ngohub (MPL-2.0, ``LICENSE``), the infrastructure of Code for
  Romania's NGO Hub (a shared account for Romanian NGOs) and VIC (its volunteer-management
  app), at 112e608aaa81768ffc66f63c2958070ee4a2042f. Files:
  ``lambda/ngohub/amplify_login_custom_message/{index,email_template_gen}.js`` and
  ``lambda/vic/amplify_login_custom_message/{index,email_template_gen}.js`` (Cognito's
  CustomMessage trigger: for ``CustomMessage_AdminCreateUser`` (NGO Hub) and
  ``CustomMessage_SignUp`` (VIC) and ``CustomMessage_ForgotPassword`` (both) it sets
  ``emailSubject`` and ``emailMessage`` from the template functions with Cognito's
  ``codeParameter``; Cognito then puts the code or the temporary password in place of
  ``{####}``), ``modules/cognito/main.tf`` (the pool: ``verification_message_template``
  "Your verification code is {####}. " used for the triggers the lambda leaves alone, such as
  a resent sign-up code or a changed e-mail address; ``password_policy``: 8 characters at
  least, with lower case, upper case, a digit and a symbol, which Cognito's temporary
  passwords follow; ``email_configuration``: SES, ``from_email_address``), ``locals.tf``
  (``mail_from`` "NGO Hub <no-reply@...>", the frontend domain ``app.<root>``, which the
  lambda receives as ``onghub_frontend_url`` without a scheme and writes into the invitation's
  link as it is) and ``service_{ngohub,vic}.tf`` (environment). Here the real template
  functions are run by node (the files written out of the snapshot and ``require``d) with the
  placeholders Cognito gives (``{username}``, ``{####}``), and the placeholders are then
  filled as Cognito does; the message is built as SES delivers Cognito's mail: one
  ``text/html`` part in UTF-8 (quoted-printable), Subject and From as configured. Verification
  codes are six digits (Cognito's codes); the temporary password follows the pool's policy.
  Root domain ``onghub.ro``, contact ``civic@code4.ro`` (the address NGO Hub's own notices
  give), assets on the public S3 bucket: values of this instance, chosen here.
- code4romania/onghub (MPL-2.0, ``LICENSE``), NGO Hub's NestJS backend, at
  0c3643d27467a500f9cf0c55d444888ba8d8cefb. Files: ``backend/src/mail/constants/
  template.constants.ts`` (``MAIL_OPTIONS``: subject, title, subtitle and call-to-action of
  each notice), ``backend/src/modules/notifications/services/notifications.service.ts`` and
  ``backend/src/modules/organization/services/crons.service.ts`` (which notice gets which
  arguments), ``backend/src/mail/services/mail.service.ts`` (``from`` = ``MAIL_FROM``, adds
  ``contactEmail`` to the context), ``backend/src/common/config/email-config.service.ts``
  (``@nestjs-modules/mailer`` with its ``HandlebarsAdapter``, helper ``asset_url``, templates
  and partials in strict mode), ``backend/src/mail/templates/mail-template.hbs`` and
  ``partials/{header,footer}.hbs``. Here ``template.constants.ts`` is transpiled with
  TypeScript and run by node (``Date`` fixed to the sending time), the mails go through the
  real ``HandlebarsAdapter`` of ``@nestjs-modules/mailer`` 2.0.2 (Handlebars 4.7.8, CSS
  inlined by ``@css-inline/css-inline`` 0.14.1, as the adapter does by default) into
  nodemailer 6.9.14 (stream transport, CRLF), with Date and Message-ID fixed here. Notices
  only; none carries a code.
- EUSurvey/EUSURVEY (EUPL-1.2, ``LICENSE.txt``), the European Commission's survey tool, at
  4d6df69cbc28ca99afe179bc86f7ff46031828aa. Files: ``src/main/java/com/ec/survey/controller/
  LoginLogoutController.java`` (the forgotten-password mail: ``mail.Dear`` + login + ``<br />``
  + ``mail.PasswordRequest`` + a link to ``auth/reset/<code>``, the code a UUID made in
  ``model/OneTimePasswordResetCode.java``; subject ``mail.PasswordResetRequest``, all in the
  user's locale), ``src/main/webapp/WEB-INF/Content/mailtemplateeusurvey.html`` (``[CONTENT]``,
  ``[HOST]``), ``src/main/webapp/WEB-INF/classes/messages_<lang>.properties`` (UTF-8),
  ``tools/MailSender.java`` (Spring's ``MimeMessageHelper(message, true, "UTF-8")``: a
  multipart/mixed holding multipart/related holding multipart/alternative with text/plain and
  text/html; the plain text is ``ConversionTools.removeHTML`` of the whole page with ``<br />``
  kept as a line break: Jsoup's ``text()`` then XML escaping) and
  ``src/main/config/oss/spring.properties``. Here the strings are read from the snapshot and
  the message built with ``email.mime`` in that structure; Jsoup's ``text()`` is approximated
  (text of the page, ``<title>`` included, ``<style>`` left out, blanks collapsed, blocks
  separated by a space; the ``"\\n\\r"`` put for each ``<br />`` comes out as line breaks) and
  each text part gets the transfer encoding JavaMail picks (quoted-printable when mostly
  ASCII, base64 otherwise). Server ``https://ec.europa.eu/eusurvey/`` and its sender are the
  instance's settings, chosen here. The only one of EUSurvey's mails that is translated; it
  gives a link, no code (a hard negative in eleven languages).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from email import charset as email_charset
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from html.parser import HTMLParser
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT_JSON = HERE / "round33" / "balkan.json"
SENT = datetime(2026, 11, 18, 9, 41, 7, tzinfo=UTC)
ITEMS: list[dict] = []

TF_REPO = "code4romania/terraform-ngohub"
TF_COMMIT = "112e608aaa81768ffc66f63c2958070ee4a2042f"
HUB_REPO = "code4romania/onghub"
HUB_COMMIT = "0c3643d27467a500f9cf0c55d444888ba8d8cefb"
EUS_REPO = "EUSurvey/EUSURVEY"
EUS_COMMIT = "4d6df69cbc28ca99afe179bc86f7ff46031828aa"

ROOT = "onghub.ro"
CONTACT = "civic@code4.ro"
FROM = f"NGO Hub <no-reply@{ROOT}>"
ASSETS = "ngohub-production-public.s3.eu-west-1.amazonaws.com"
VIC_ASSETS = "vic-production-public.s3.eu-west-1.amazonaws.com"

NODE_SCRIPT = r"""
const fs = require('fs');
const path = require('path');
const job = JSON.parse(fs.readFileSync(0, 'utf-8'));
const out = {};

// Cognito's CustomMessage trigger: the real template functions, with Cognito's placeholders.
for (const c of job.cognito) {
  const gen = require(c.module);
  const subject = gen[c.title]();
  const body = gen[c.body](...c.args);
  out[c.id] = { subject, html: body };
}

// NGO Hub's backend: MAIL_OPTIONS run as transpiled, through the real HandlebarsAdapter.
const RealDate = Date;
const fixed = new RealDate(job.sent);
global.Date = class extends RealDate {
  constructor(...a) { if (a.length === 0) { super(fixed.getTime()); } else { super(...a); } }
  static now() { return fixed.getTime(); }
};
Object.assign(process.env, job.env);
const ts = require('typescript');
const src = fs.readFileSync(job.constants, 'utf-8');
const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2021 } }).outputText;
const mod = { exports: {} };
new Function('module', 'exports', 'require', js)(mod, mod.exports, require);
const MAIL_OPTIONS = mod.exports.MAIL_OPTIONS;
const { HandlebarsAdapter } = require('@nestjs-modules/mailer/dist/adapters/handlebars.adapter');
const nodemailer = require('nodemailer');
const bucket = job.env.AWS_S3_BUCKET_NAME_PUBLIC;
const mailerOptions = {
  template: { dir: job.templates, adapter: new HandlebarsAdapter(
    { asset_url: (assetName) => `https://${bucket}/${assetName}` }), options: { strict: true } },
  options: { partials: { dir: path.join(job.templates, 'partials'), options: { strict: true } } },
};
const transporter = nodemailer.createTransport(
  { streamTransport: true, buffer: true, newline: 'windows' },
  { from: '"No Reply" <no-reply@localhost>' });
transporter.use('compile', (mail, callback) => {
  if (mail.data.html) { return callback(); }
  return mailerOptions.template.adapter.compile(mail, callback, mailerOptions);
});
(async () => {
  for (const m of job.onghub) {
    const o = MAIL_OPTIONS[m.key];
    const context = { title: m.title !== undefined ? m.title : o.context.title,
      subtitle: o.context.subtitle(...m.subtitle) };
    if (m.cta) { context.cta = { link: o.context.cta.link(...m.cta), label: o.context.cta.label }; }
    const email = { to: m.to, template: o.template,
      subject: m.subject !== undefined ? m.subject : o.subject, context };
    // MailService.sendEmail
    const data = { from: process.env.MAIL_FROM, ...email,
      context: { ...email.context, contactEmail: process.env.MAIL_CONTACT } };
    data.date = fixed;
    data.messageId = m.messageId;
    const info = await transporter.sendMail(data);
    out[m.id] = { raw: info.message.toString('base64') };
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def _git(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        check=True, capture_output=True,
    ).stdout  # fmt: skip


def _save(*, source, template, lang, kind, code, raw, repo, path, commit, licence, rendered,
          note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repo, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# --- Cognito (SES) -------------------------------------------------------------------------

COGNITO_RENDERED = (
    "the lambda's own template functions run by node 20, Cognito's placeholders filled; "
    "one text/html part as SES delivers it (email.mime)"
)


def _ses(subject: str, sender: str, to: str, body: str, ident: str) -> bytes:
    cs = email_charset.Charset("utf-8")
    cs.body_encoding = email_charset.QP
    msg = MIMEText(body, "html", cs)
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = to
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = f"<{ident}@email.amazonses.com>"
    return msg.as_bytes().replace(b"\n", b"\r\n")


# (id, app, trigger, title fn, body fn, to, code, kind, note)
COGNITO = [
    ("invite", "ngohub", "CustomMessage_AdminCreateUser", "getInviteUserEmailTitle",
     "getInviteUserEmailTemplate", "ana.popescu@asociatia-verde.ro", "k4R#w9Tz",
     "saas-otp",
     "the temporary password Cognito made (the pool's policy: 8 characters with lower and "
     "upper case, a digit and a symbol), under 'Parola temporară:', to activate the account"),
    ("forgot-password", "ngohub", "CustomMessage_ForgotPassword",
     "getForgotPasswordEmailTitle", "getForgotPasswordEmailTemplate",
     "ana.popescu@asociatia-verde.ro", "583027", "saas-otp",
     "Cognito's six-digit code to reset the password, 'Codul tău de verificare este'"),
    ("signup", "vic", "CustomMessage_SignUp", "getInviteUserEmailTitle",
     "getInviteUserEmailTemplate", "mihai.ionescu@example.ro", "916354", "saas-otp",
     "Cognito's six-digit sign-up code, 'Cod de confirmare:', to confirm the registration"),
    ("forgot-password", "vic", "CustomMessage_ForgotPassword", "getForgotPasswordEmailTitle",
     "getForgotPasswordEmailTemplate", "mihai.ionescu@example.ro", "240781", "saas-otp",
     "Cognito's six-digit code to reset the password"),
]  # fmt: skip

# Triggers the lambda leaves alone: the pool's verification_message_template (English).
COGNITO_DEFAULT = [
    ("resend-code", "vic", "CustomMessage_ResendCode", "mihai.ionescu@example.ro", "407192",
     "the pool's default message for a resent sign-up code (index.js handles only SignUp and "
     "ForgotPassword): 'Your verification code is 407192. '"),
    ("update-email", "ngohub", "CustomMessage_UpdateUserAttribute",
     "ana.popescu@asociatia-verde.ro", "671458",
     "the pool's default message when the e-mail address is changed (index.js handles only "
     "AdminCreateUser and ForgotPassword): 'Your verification code is 671458. '"),
]  # fmt: skip


def cognito_jobs(repo: Path, tmp: Path) -> list[dict]:
    jobs = []
    for app in ("ngohub", "vic"):
        base = f"lambda/{app}/amplify_login_custom_message"
        (tmp / app).mkdir(parents=True, exist_ok=True)
        (tmp / app / "email_template_gen.js").write_bytes(
            _git(repo, TF_COMMIT, f"{base}/email_template_gen.js"))  # fmt: skip
    for name, app, _trigger, title, body, _to, _code, _kind, _note in COGNITO:
        assets = f"https://{ASSETS if app == 'ngohub' else VIC_ASSETS}"
        if name == "invite":  # (username, tempPassword, inviteLink, contactEmail, assets)
            args = ["{username}", "{####}", f"app.{ROOT}", CONTACT, assets]
        elif name == "signup":  # (username, codeParameter, contactEmail, assets)
            args = ["{username}", "{####}", CONTACT, assets]
        else:  # (codeParameter, contactEmail, assets)
            args = ["{####}", CONTACT, assets]
        jobs.append({"id": f"{app}-{name}", "module": str(tmp / app / "email_template_gen.js"),
                     "title": title, "body": body, "args": args})  # fmt: skip
    return jobs


def cognito_save(out: dict) -> None:
    for name, app, trigger, _title, _body, to, code, kind, note in COGNITO:
        r = out[f"{app}-{name}"]
        body = r["html"].replace("{username}", to).replace("{####}", code)
        raw = _ses(r["subject"], FROM, to, body, f"{app}-{name}")
        _save(source=f"{app}-cognito", template=name, lang="ro", kind=kind, code=code,
              raw=raw, repo=TF_REPO,
              path=f"lambda/{app}/amplify_login_custom_message/email_template_gen.js",
              commit=TF_COMMIT, licence="MPL-2.0", rendered=COGNITO_RENDERED,
              note=f"{trigger}: {note}")  # fmt: skip
    for name, app, trigger, to, code, note in COGNITO_DEFAULT:
        body = "Your verification code is {####}. ".replace("{####}", code)
        raw = _ses("Your verification code", FROM, to, body, f"{app}-{name}")
        _save(source=f"{app}-cognito", template=name, lang="en", kind="saas-otp", code=code,
              raw=raw, repo=TF_REPO, path="modules/cognito/main.tf", commit=TF_COMMIT,
              licence="MPL-2.0",
              rendered="the pool's verification_message_template, as SES delivers it "
                       "(email.mime)",
              note=f"{trigger}: {note}")  # fmt: skip


# --- NGO Hub's notices -----------------------------------------------------------------------

ORG = "Asociația Pădurea Verde"
ADMIN = "ana.popescu@asociatia-verde.ro"
SUPER = "admin@onghub.ro"
# (template id, MAIL_OPTIONS key, to, subtitle args, cta args or None, subject/title override)
HUB = [
    ("organization-create-admin", "ORGANIZATION_CREATE_ADMIN", ADMIN, [], None, None),
    ("organization-create-superadmin", "ORGANIZATION_CREATE_SUPERADMIN", SUPER, [], ["418"],
     None),
    ("organization-request-approval", "ORGANIZATION_REQUEST_APPROVAL", ADMIN, [],
     [f"https://app.{ROOT}"], None),
    ("organization-request-rejection", "ORGANIZATION_REQUEST_REJECTION", ADMIN, [], None, None),
    ("organization-restrict-superadmin", "ORGANIZATION_RESTRICT_SUPERADMIN", SUPER, [ORG],
     None, None),
    ("organization-restrict-admin", "ORGANIZATION_RESTRICT_ADMIN", ADMIN, [ORG], None, None),
    ("application-request-delete", "ORGANIZATION_APPLICATION_REQUEST_DELETE", SUPER,
     [ORG, "Redirecționează"], ["203"], None),
    ("application-request", "APPLICATION_REQUEST", SUPER, [ORG, "Voluntariat în Comunitate"],
     [], f'{ORG} solicita acces la aplicatia "Voluntariat în Comunitate!"'),
    ("remind-update-reports", "REMIND_TO_UPDATE_ORGANIZATION_REPORTS", ADMIN, [], [], None),
    ("weekly-remind-update-reports", "WEEKLY_REMINDER_TO_UPDATE_ORGANIZATION_REPORTS", ADMIN,
     [], [], None),
    ("invalid-financial-information",
     "NOTIFY_FOR_UNAVAILABLE_OR_INVALID_FINANCIAL_INFORMATION", ADMIN, [], [], None),
]  # fmt: skip


def hub_job(repo: Path, tmp: Path) -> dict:
    tdir = tmp / "templates"
    (tdir / "partials").mkdir(parents=True, exist_ok=True)
    for name in ("mail-template.hbs", "partials/header.hbs", "partials/footer.hbs"):
        (tdir / name).write_bytes(_git(repo, HUB_COMMIT, f"backend/src/mail/templates/{name}"))
    const = tmp / "template.constants.ts"
    const.write_bytes(_git(repo, HUB_COMMIT, "backend/src/mail/constants/template.constants.ts"))
    mails = []
    for name, key, to, sub, cta, override in HUB:
        m = {"id": f"hub-{name}", "key": key, "to": to, "subtitle": sub, "cta": cta,
             "messageId": f"<{name}@{ROOT}>"}  # fmt: skip
        if override is not None:
            m["subject"] = override
            m["title"] = override
        mails.append(m)
    return {
        "templates": str(tdir), "constants": str(const), "onghub": mails,
        "env": {"MAIL_FROM": FROM, "MAIL_CONTACT": CONTACT, "ONGHUB_URL": f"https://app.{ROOT}",
                "AWS_S3_BUCKET_NAME_PUBLIC": ASSETS},
    }  # fmt: skip


def hub_save(out: dict) -> None:
    for name, key, *_ in HUB:
        raw = base64.b64decode(out[f"hub-{name}"]["raw"])
        _save(source="onghub", template=name, lang="ro", kind="notice", code=None, raw=raw,
              repo=HUB_REPO, path="backend/src/mail/constants/template.constants.ts",
              commit=HUB_COMMIT, licence="MPL-2.0",
              rendered="@nestjs-modules/mailer 2.0.2 HandlebarsAdapter (handlebars 4.7.8, "
                       "@css-inline/css-inline 0.14.1) + nodemailer 6.9.14, run by node 20",
              note=f"MAIL_OPTIONS.{key}: a notice, no code")  # fmt: skip


# --- EUSurvey --------------------------------------------------------------------------------

EUS_HOST = "https://ec.europa.eu/eusurvey/"
EUS_SENDER = "EU-SURVEY-NOREPLY@ec.europa.eu"
# lang: (login, address)
EUS_USERS = {
    "bg": ("ivanovap", "petya.ivanova@example.bg"),
    "cs": ("novakovaj", "jana.novakova@example.cz"),
    "el": ("papadopg", "georgios.papadopoulos@example.gr"),
    "et": ("tammkadr", "kadri.tamm@example.ee"),
    "hr": ("horvatma", "marija.horvat@example.hr"),
    "hu": ("nagyeszt", "eszter.nagy@example.hu"),
    "lt": ("kazlausk", "ruta.kazlauskiene@example.lt"),
    "lv": ("berzinsj", "janis.berzins@example.lv"),
    "ro": ("popescua", "andrei.popescu@example.ro"),
    "sk": ("kovacova", "zuzana.kovacova@example.sk"),
    "sl": ("novakmat", "matej.novak@example.si"),
}
BLOCKS = {"html", "head", "title", "body", "table", "tbody", "tr", "td", "div", "p", "br"}


def _props(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith(("#", "!")):
            continue
        key, _, value = line.partition("=")
        out[key.strip()] = value.strip()
    return out


class _Text(HTMLParser):
    """Jsoup's Document.text(), approximated: text nodes, blanks collapsed, blocks spaced."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):  # their content is data, not text, for Jsoup
            self.skip += 1
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def _jsoup_text(page: str) -> str:
    p = _Text()
    p.feed(page)
    p.close()
    return re.sub(r"\s+", " ", "".join(p.parts)).strip()


def _escape_xml11(s: str) -> str:
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))  # fmt: skip


def _javamail_text(text: str, subtype: str) -> MIMEText:
    data = text.encode("utf-8")
    non = sum(1 for b in data if b >= 0x80)
    cs = email_charset.Charset("utf-8")
    cs.body_encoding = email_charset.QP if non <= len(data) - non else email_charset.BASE64
    return MIMEText(text, subtype, cs)


def eusurvey(repo: Path) -> None:
    page = _git(repo, EUS_COMMIT, "src/main/webapp/WEB-INF/Content/mailtemplateeusurvey.html")
    page = page.decode("utf-8")
    for lang, (login, to) in EUS_USERS.items():
        path = f"src/main/webapp/WEB-INF/classes/messages_{lang}.properties"
        props = _props(_git(repo, EUS_COMMIT, path).decode("utf-8"))
        code = hashlib.md5(f"r33l:eusurvey:{lang}".encode()).hexdigest()
        code = f"{code[:8]}-{code[8:12]}-4{code[13:16]}-a{code[17:20]}-{code[20:32]}"
        body = props["mail.Dear"] + " " + login + "<br />" + props["mail.PasswordRequest"]
        body += "<br /><br />"
        link = f"{EUS_HOST}auth/reset/{code}"
        body += f"<a href='{link}'>{link}</a>"
        text = page.replace("[CONTENT]", body).replace("[HOST]", EUS_HOST)
        plain = _escape_xml11(_jsoup_text(text.replace("<br />", "[BR]")))
        plain = plain.replace("[BR]", "\n\r")
        outer = MIMEMultipart("mixed")
        related = MIMEMultipart("related")
        alt = MIMEMultipart("alternative")
        alt.attach(_javamail_text(plain, "plain"))
        alt.attach(_javamail_text(text, "html"))
        related.attach(alt)
        outer.attach(related)
        outer["Date"] = format_datetime(SENT)
        outer["From"] = EUS_SENDER
        outer["Reply-To"] = EUS_SENDER
        outer["To"] = to
        outer["Message-ID"] = f"<eusurvey-password-reset-{lang}@ec.europa.eu>"
        outer["Subject"] = props["mail.PasswordResetRequest"]
        outer.set_boundary(f"----=_Part_0_{lang}_mixed")
        related.set_boundary(f"----=_Part_1_{lang}_related")
        alt.set_boundary(f"----=_Part_2_{lang}_alternative")
        raw = outer.as_bytes().replace(b"\n", b"\r\n")
        _save(source="eusurvey", template="password-reset", lang=lang, kind="notice", code=None,
              raw=raw, repo=EUS_REPO, path=path, commit=EUS_COMMIT, licence="EUPL-1.2",
              rendered="strings read from the snapshot into mailtemplateeusurvey.html; "
                       "MimeMessageHelper's multipart structure rebuilt with email.mime",
              note="a link to reset the password (its UUID only inside the link), no code "
                   "to type")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--node-modules", type=Path, default=Path("/tmp/r33l-node/node_modules"))
    args = parser.parse_args()
    tf = args.mirrors / "code4romania+terraform-ngohub" / "repo"
    hub = args.mirrors / "code4romania+onghub" / "repo"
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        job = hub_job(hub, tmp)
        job["cognito"] = cognito_jobs(tf, tmp)
        job["sent"] = SENT.isoformat()
        script = tmp / "render.js"
        script.write_text(NODE_SCRIPT)
        env = dict(os.environ, NODE_PATH=str(args.node_modules))
        res = subprocess.run(["node", str(script)], input=json.dumps(job).encode(),
                             capture_output=True, env=env, check=False)  # fmt: skip
        if res.returncode:
            sys.exit(res.stderr.decode())
        out = json.loads(res.stdout)
    cognito_save(out)
    hub_save(out)
    eusurvey(args.mirrors / "EUSurvey+EUSURVEY" / "repo")
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
