"""Round twenty-five, work, hiring and property: a landlord/tenant property-management suite
(MicroRealEstate), a job board and applicant tracker (YAWIK), an employee leave tracker
(TimeOff.Management) and a client document-exchange portal (ProjectSend) — a tenant sign-in
code, a portal login code, generated and chosen passwords handed out in welcome mails, and
password, registration, job-ad and rent notices, in the languages their catalogues translate
them into.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_jobs.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Beyond the standard library the script runs ``node`` (20.x, with its full ICU) and ``php``
(8.2 CLI) and needs five npm packages for node, installed outside the tree:
``npm install --prefix /tmp/r25jobs-node ejs@3.1.10 i18n@0.14.2 moment@2.29.4
handlebars@4.5.0 express-handlebars@3.1.0`` (the versions the senders pin; the script links
``/tmp/r25jobs-node/node_modules`` into a temporary copy of each sender's templates).

- microrealestate/microrealestate (MIT, ``LICENSE``), commit 479d0ad7. The emailer service
  (``services/emailer/src``) builds each mail in ``emailcontent.js``: ``ejs.renderFile`` of
  ``emailparts/contents/<template>/{subject,body_html,body_text}.ejs`` with the data of
  ``emailparts/data/<template>/index.js``, ``config`` (``APP_NAME`` = MicroRealEstate, the
  default of ``base.env``) and ``_`` = ``utils/templatefunctions.js`` (i18n 0.14.2 over
  ``src/locales/<locale>.json``, moment for terms, ``Intl.NumberFormat`` for money). Here the
  emailer's own files are exported to a temporary folder and run under node with the pinned
  ejs/i18n/moment: the real engine, the real helpers. nodemailer sends subject, text and
  html: a multipart/alternative. Locales: en, fr-FR, de-DE, pt-BR, es-CO (all five the
  emailer configures in ``src/index.js``; each translates these strings).

  * ``otp``: the tenant portal sign-in code; ``services/authenticator/src/routes/tenant.js``
    makes it with nanoid's ``customAlphabet('0123456789', 6)`` (six digits, leading zero
    possible); the landlord is the tenant's realm (name, contact and address in the footer).
  * ``reset_password``: the landlord account's reset link (the token only inside the link).
  * ``rentcall_reminder``: the unpaid-rent reminder sent through the landlord's own mail
    settings (From the landlord), with an amount, an IBAN, phone numbers and a due date:
    a notice with many numbers and nothing to type.

- cross-solution/YAWIK (MIT, ``LICENSE``), commit af5971b0: a job board and applicant
  tracker (Laminas MVC). ``Core\\Mail\\HTMLTemplateMessage::renderBodyText`` renders the
  template ``<name>.<lang>`` when the view resolver finds one (template map or the module's
  ``view`` path stack), else ``<name>`` (German); the result is the whole text/html body (no
  layout). The .phtml files are run by PHP 8.2 through a small stand-in for Laminas'
  PhpRenderer (variables as ``$this->name``, ``partial()`` with only its own variables,
  ``serverUrl()``/``basePath()``/``url()`` returning what the helpers return for a site at
  https://jobs.example.com, ``services('Core/Options')`` the defaults of
  ``Core/src/Options/ModuleOptions.php``: site name YAWIK, the sample operator address).
  Subjects go through ``TranslatorAwareMessage::setSubject``: the msgid looked up in the
  de_DE gettext catalogue of the module (untranslated ids stay English), then ``sprintf``.
  From is ``Auth`` ``ModuleOptions``' default ``Name <email@example.com>``.

  * ``first-external-login`` (``Auth/Controller/IndexController.php``, login through an
    external application) and ``first-socialmedia-login`` (first login through a social
    network): the mail hands out a generated password, ``substr(md5(uniqid()), 0, 6)``: six
    lower-case hex digits; the social one also a generated user name (``uniqid()``).
    The English external-login mail uses the German footer partial, as its file does.
  * ``register`` (``Auth/Service/Register.php``) and ``forgot-password``
    (``Auth/Listener/MailForgotPassword.php``): links only.
  * ``job-pending``, ``job-accepted``, ``job-rejected`` (``Jobs/src/Listener/MailSender.php``):
    job-ad notices with the ad's reference number.

- timeoff-management/timeoff-management-application (MIT, ``LICENSE``), commit 5b1c1be0:
  employee leave management. ``lib/email.js`` renders ``views/email/<name>.hbs`` with
  express-handlebars (partials of ``views/partials``, the helpers of ``lib/view/helpers.js``;
  the three these templates call are copied into the node driver as written), splits the
  output at ``=====`` into subject and body, renders the body into ``views/email/wrapper.hbs``
  and sends html only, From ``application_sender_email`` of ``config/app.json``. Users are
  objects with ``full_name()`` and ``get_reset_password_token()`` (base64 of the e-mail and
  an md5, as ``lib/model/db/user.js``). English only (the project has no catalogue).
  Templates: ``registration_complete``, ``add_new_user``, ``forgot_password``,
  ``reset_password`` (password changed) — notices and links, no code.

- projectsend/projectsend (GPL-2.0-only, ``LICENSE``; README: "GNU GPL v2"): a client
  file-exchange portal. Two commits:

  * 496dfea0 (2025, ``includes/Classes/Emails.php``): ``prepareBody`` joins
    ``emails/header.html``, ``emails/<template>.html`` and ``emails/footer.html``, and each
    ``email_<type>`` does one ``str_replace`` of the tag list with the ``__()`` strings (only
    ``lang/en.po`` ships at this commit, so English) and the values; the footer tags are then
    filled with ``SYSTEM_URI`` (``includes/app.php``) and ``BASE_URI`` (here
    https://files.example.com/). PHPMailer ``MsgHTML`` plus the fixed ``AltBody`` sentence:
    text + html. Mails: ``2fa_code`` (``AuthenticationCode.php``: ``mt_rand(100000,999999)``,
    six digits, with the expiry date), ``new_client`` and ``new_user`` (the password the
    administrator typed on ``clients-add.php`` / ``users-add.php``), ``password_reset`` (a
    link) and ``account_deny``.
  * 5c41ea6b (September 2016, the last commit that still carries ``lang/*.po``/``.mo``):
    ``includes/classes/send-email.php`` with the header and footer strings of
    ``includes/email-template.php`` (evaluated by PHP with ``SYSTEM_URI`` of ``sys.vars.php``
    and ``BASE_URI``); strings from ``lang/<locale>.mo`` read with Python's gettext (what
    php-gettext reads). ``new_client`` (a password to type) and ``password_reset`` in the
    eleven catalogues that translate every string of both: ca, cs, da, de, es, fr, it, nl,
    pt-BR, pt-PT, uk.

Every placeholder value (names, addresses, codes, passwords, tokens) is fixed here, with the
shape the sender's generator gives. Labels (``code``) are what a person would type: the sign-in
and login codes and the passwords handed out; links, reference numbers and IBANs are not.
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

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
    config = {
        "APP_NAME": "MicroRealEstate",
        "LANDLORD_APP_URL": "https://app.rentals.example.com/landlord",
    }
    landlord = {
        "name": "Hollis Lane Properties",
        "hasContact": True,
        "contacts": [{"email": "office@hollislane.example.com", "phone1": "+1 503 555 0148", "phone2": ""}],
        "hasAddress": True,
        "addresses": [{"street1": "214 Alder Street", "street2": "", "zipCode": "97205",
                       "city": "Portland", "state": "OR", "country": "USA"}],
    }  # fmt: skip
    locales = {"en": "en", "fr-FR": "fr-FR", "de-DE": "de-DE", "pt-BR": "pt-BR", "es-CO": "es-CO"}
    otps = {
        "en": "604917",
        "fr-FR": "318052",
        "de-DE": "072694",
        "pt-BR": "941385",
        "es-CO": "257730",
    }
    tokens = {
        "en": "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImxhbmRsb3JkQGV4YW1wbGUuY29tIn0.Qm9rZ3NfcHd0b2tlbl9tcmU"
    }
    # the rent reminder goes out through the landlord's own mail settings, with the data of
    # emailparts/data/rentcall (term, due date 10 days after the term, no weekend)
    landlord_bank = {**landlord, "hasBankInfo": True,
                     "bankInfo": {"name": "Cascade Community Bank",
                                  "iban": "DE44 5001 0517 5407 3249 31"},
                     "contacts": [{**landlord["contacts"][0], "name": "Ruth Hollis"}]}  # fmt: skip
    tenant = {"name": "Dana Whitfield", "street1": "214 Alder Street, Apt 3B", "street2": "",
              "zipCode": "97205", "city": "Portland", "reference": "T-0193",
              "contract": {"lease": {"timeRange": "months"}},
              "rents": [{"total": {"grandTotal": 1245.5}}]}  # fmt: skip
    jobs, meta = [], []
    for lang, locale in locales.items():
        jobs.append(
            {
                "template": "otp",
                "locale": locale,
                "currency": "EUR",
                "config": config,
                "data": {"landlord": landlord, "otp": otps[lang], "useAppEmailService": True},
            }
        )
        meta.append(("otp", lang, otps[lang]))
        jobs.append(
            {
                "template": "reset_password",
                "locale": locale,
                "currency": "EUR",
                "config": config,
                "data": {"firstname": "Dana", "token": tokens["en"], "useAppEmailService": True},
            }
        )
        meta.append(("reset_password", lang, None))
        jobs.append({"template": "rentcall_reminder", "locale": locale, "currency": "EUR",
                     "config": config, "data": {"landlord": landlord_bank, "tenant": tenant,
                                                "period": "2026110100", "today": "12/11/2026",
                                                "billingRef": "11_26_T-0193",
                                                "dueDate": "11/11/2026"}})  # fmt: skip
        meta.append(("rentcall_reminder", lang, None))
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
        if template == "rentcall_reminder":
            files.append(f"{src}emailparts/data/rentcall/index.js")
        sender = "MicroRealEstate <noreply@rentals.example.com>"
        if template == "rentcall_reminder":
            sender = "Hollis Lane Properties <office@hollislane.example.com>"
        raw = message(
            sender=sender,
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
            kind="notice" if code is None else "saas-otp",
            code=code,
            repository="microrealestate/microrealestate",
            path=", ".join(files),
            commit=MRE_COMMIT,
            licence="MIT",
            rendered="ejs 3.1.10 renderFile of subject/body_html/body_text with the emailer's own "
            "templatefunctions.js (i18n 0.14.2 over its locales); nodemailer text+html",
        )


# ---------------------------------------------------------------------------------------
# YAWIK

YAWIK = "cross-solution+YAWIK"
YAWIK_COMMIT = "af5971b017854ef348a54aad42b7a159bc5e4245"
YAWIK_DRIVER = r"""<?php
// The part of Laminas' PhpRenderer that YAWIK's mail templates use: variables through
// $this->name (null when unset), partial() rendering another template with only the
// variables it is given, and the view helpers serverUrl(), basePath(), url(), services().
class Info {
    function __construct(public array $d) {}
    function getLastName() { return $this->d['lastName']; }
    function getGender() { return $this->d['gender']; }
    function getDisplayName($emailIfEmpty = true) { return $this->d['displayName']; }
}
class User {
    function __construct(public Info $info) {}
    function getInfo() { return $this->info; }
}
class Job {
    function __construct(public array $d, public User $user) {}
    function getUser() { return $this->user; }
    function getTitle() { return $this->d['title']; }
    function getReference() { return $this->d['reference']; }
}
class Options {
    function getSiteLogo() { return 'modules/Core/images/logo.jpg'; }
    function getSiteName() { return 'YAWIK'; }
    function getOperator() {
        return ['companyShortName' => 'Example Company Name', 'street' => 'Rath Dínen 112',
                'postalCode' => '4711', 'city' => 'Froschmoorstetten',
                'homepage' => 'http://yawik.org'];
    }
}
class View {
    function __construct(public array $map, public array $vars, public string $host) {}
    function __get($name) { return $this->vars[$name] ?? null; }
    function __isset($name) { return isset($this->vars[$name]); }
    function render($template) {
        ob_start();
        include $this->map[$template];
        return ob_get_clean();
    }
    function partial($template, $vars = []) {
        return (new View($this->map, $vars, $this->host))->render($template);
    }
    function serverUrl($path = null) { return $this->host . ($path ?? ''); }
    function basePath($file = null) { return $file === null ? '' : '/' . ltrim($file, '/'); }
    function url($route, $params = []) {
        $routes = ['lang/auth' => '/login', 'lang/jobs' => '/jobs'];
        return '/' . $params['lang'] . $routes[$route];
    }
    function services($name) { return new Options(); }
}
$jobs = json_decode(file_get_contents('php://stdin'), true);
$out = [];
foreach ($jobs as $job) {
    $vars = $job['vars'];
    $info = new Info($job['user']);
    $vars['user'] = new User($info);
    if (isset($job['job'])) { $vars['job'] = new Job($job['job'], $vars['user']); }
    $out[] = (new View($job['map'], $vars, 'https://jobs.example.com'))->render($job['template']);
}
echo json_encode($out);
"""


def read_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (an empty msgstr is left out: Laminas' gettext
    loader then returns the msgid)."""
    out: dict[str, str] = {}
    key = None
    cur: list[str] = []
    field = None

    def flush() -> None:
        if key is not None and field == "msgstr" and "".join(cur):
            out[key] = "".join(cur)

    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith("msgid "):
            flush()
            key, field, cur = None, "msgid", [json.loads(line[6:])]
        elif line.startswith("msgstr "):
            key, field, cur = "".join(cur), "msgstr", [json.loads(line[7:])]
        elif line.startswith('"'):
            cur.append(json.loads(line))
    flush()
    return out


def yawik(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, YAWIK, YAWIK_COMMIT, path).decode()

    po = {**read_po(show("module/Auth/language/de_DE.po")),
          **read_po(show("module/Jobs/language/de_DE.po"))}  # fmt: skip
    views = {
        "mail/header": "module/Core/view/mail/header.phtml",
        "mail/footer": "module/Core/view/mail/footer.phtml",
        "mail/footer.en": "module/Core/view/mail/footer.en.phtml",
    }
    mails = [
        # group, template name, file (de: the default), .en file, subject, vars, code
        ("first-external-login", "module/Auth/view/mail/first-external-login", "Welcome to YAWIK",
         {"application": None, "login": "mfischer"}, "password"),
        ("first-socialmedia-login", "module/Auth/view/mail/first-socialmedia-login",
         "Welcome to YAWIK", {"displayName": "Marta Fischer", "provider": "LinkedIn",
                              "login": "692f1c83a4e7b"}, "password"),
        ("register", "module/Auth/view/mail/register", ("your registration on %s", "YAWIK"),
         {"name": "Marta Fischer", "siteName": "YAWIK",
          "confirmationlink": "https://jobs.example.com/de/register-confirmation/6841b2c09f3e7a51d80c2e94"},
         None),
        ("forgot-password", "module/Auth/view/mail/forgot-password",
         ("a new password was requested for %s", "YAWIK"),
         {"resetlink": "https://jobs.example.com/de/auth/goto-reset-password/6c1d84e29b0f3a7e5d21c98f4b6a0e37/user/6841b2c09f3e7a51d80c2e94"},
         None),
        ("job-pending", "module/Jobs/view/mails/job-pending",
         "Your Job have been wrapped up for approval", {"siteName": "YAWIK"}, None),
        ("job-accepted", "module/Jobs/view/mails/job-accepted", "Your job has been published",
         {"siteName": "YAWIK"}, None),
        ("job-rejected", "module/Jobs/view/mails/job-rejected", "Your job has been rejected",
         {"siteName": "YAWIK"}, None),
    ]  # fmt: skip
    passwords = {"first-external-login": {"de": "a3f90c", "en": "7e2b14"},
                 "first-socialmedia-login": {"de": "c05d8e", "en": "91fa3b"}}  # fmt: skip
    user = {"lastName": "Fischer", "gender": "female", "displayName": "Marta Fischer"}
    job = {"title": "Lagerlogistiker (m/w/d)", "reference": "YK-2026-0417"}
    jobs, meta = [], []
    with tempfile.TemporaryDirectory(prefix="r25jobs-yawik-") as tmp:
        base = Path(tmp)
        files = set(views.values())
        for group, stem, subject, variables, code in mails:
            for lang in ("de", "en"):
                path = stem + (".en.phtml" if lang == "en" else ".phtml")
                files.add(path)
                vars_ = dict(variables)
                if code == "password":
                    vars_["password"] = passwords[group][lang]
                name = "mail/" + group + (".en" if lang == "en" else "")
                # renderBodyText: '<template>.<lang>' where the resolver finds it (template
                # map or the module's view path stack), else '<template>'; German is the
                # default template and 'de' has no file of its own here.
                jobs.append({"template": name, "vars": vars_, "user": user, "job": job,
                             "map": {**{k: str(base / v) for k, v in views.items()},
                                     name: str(base / path)}})  # fmt: skip
                if isinstance(subject, tuple):
                    fmt, arg = subject
                    text = (po.get(fmt, fmt) if lang == "de" else fmt).replace("%s", arg)
                else:
                    text = po.get(subject, subject) if lang == "de" else subject
                meta.append((group, lang, text, path, vars_.get("password")))
        for f in files:
            (base / f).parent.mkdir(parents=True, exist_ok=True)
            (base / f).write_bytes(git_show(mirrors, YAWIK, YAWIK_COMMIT, f))
        (base / "driver.php").write_text(YAWIK_DRIVER)
        done = subprocess.run(["php", str(base / "driver.php")], input=json.dumps(jobs),
                              capture_output=True, text=True, check=True)  # fmt: skip
    bodies = json.loads(done.stdout)
    for (group, lang, subject, path, code), body in zip(meta, bodies, strict=True):
        raw = message(sender="Name <email@example.com>", subject=subject, text=None,
                      html_part=body, sent=SENT)  # fmt: skip
        catalogue = (
            "module/Jobs/language/de_DE.po"
            if group.startswith("job")
            else "module/Auth/language/de_DE.po"
        )
        source_file = (
            "module/Jobs/src/Listener/MailSender.php"
            if group.startswith("job")
            else {
                "first-external-login": "module/Auth/src/Auth/Controller/IndexController.php",
                "first-socialmedia-login": "module/Auth/src/Auth/Controller/IndexController.php",
                "register": "module/Auth/src/Auth/Service/Register.php",
                "forgot-password": "module/Auth/src/Auth/Listener/MailForgotPassword.php",
            }[group]
        )
        paths = [path, *views.values(), source_file, "module/Core/src/Mail/HTMLTemplateMessage.php"]
        if lang == "de":
            paths.append(catalogue)
        item = dict(
            source="yawik",
            group=f"yawik-{group}",
            lang=lang,
            raw=raw,
            kind="notice" if code is None else "saas-otp",
            code=code,
            repository="cross-solution/YAWIK",
            path=", ".join(paths),
            commit=YAWIK_COMMIT,
            licence="MIT",
            rendered="PHP 8.2 includes the .phtml as Laminas' PhpRenderer does (partials, view "
            "helpers stubbed to their output); subject via the de_DE gettext catalogue; "
            "HTMLTemplateMessage sends one text/html part",
        )
        if group == "first-socialmedia-login":
            item["note"] = (
                "the mail gives a generated user name (uniqid) and a generated password; the password is the code"
            )
        w.add(**item)


# ---------------------------------------------------------------------------------------
# TimeOff.Management

TIMEOFF = "timeoff-management+timeoff-management-application"
TIMEOFF_COMMIT = "5b1c1be08038e606bdd6ac5337c937847af1aa11"
TIMEOFF_DRIVER = r"""
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const handlebars = require('handlebars');
const config = JSON.parse(fs.readFileSync('config/app.json', 'utf8'));
// The three helpers of lib/view/helpers.js these templates call, as written there.
const helpers = {
  get_application_domain: function () { return config.application_domain; },
  get_promotion_website_domain: function () { return config.promotion_website_domain; },
  concatenate: function () {
    var arg = Array.prototype.slice.call(arguments, 0);
    arg.pop();
    return arg.join('');
  },
};
const hbs = require('express-handlebars').create({
  handlebars: handlebars,
  partialsDir: path.resolve('views/partials/'),
  extname: '.hbs',
  helpers: helpers,
});
// A user as lib/model/db/user.js makes it: full_name() and get_reset_password_token().
function user(d) {
  return Object.assign({}, d, {
    full_name: function () { return this.name + ' ' + this.lastname; },
    get_reset_password_token: function () {
      const hash = crypto.createHash('md5')
        .update(this.password + config.crypto_secret, config.crypto_hash_encoding || 'binary')
        .digest('hex');
      return Buffer.from(this.email + ' ' + hash).toString('base64');
    },
  });
}
(async () => {
  const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
  const out = [];
  for (const job of jobs) {
    const ctx = {};
    for (const [k, v] of Object.entries(job.context)) ctx[k] = v.email ? user(v) : v;
    // Email.prototype.promise_rendered_email_template
    const text = await hbs.render(path.resolve('views/email/' + job.template + '.hbs'), ctx);
    const parts = text.split(/\r?\n=====\r?\n/);
    const body = await hbs.render(path.resolve('views/email/wrapper.hbs'),
      { subject: parts[0], body: parts[1] });
    out.push({ subject: parts[0], body: body });
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


def timeoff(mirrors: Path, w: Writer) -> None:
    employee = {"name": "Priya", "lastname": "Raman", "email": "priya.raman@example.com",
                "password": "5f4dcc3b5aa765d61d8327deb882cf99"}  # fmt: skip
    admin = {"name": "Tomas", "lastname": "Berg", "email": "tomas.berg@example.com",
             "password": "0d107d09f5bbe40cade3de5c71e9e9b7"}  # fmt: skip
    company = {"name": "Brightwater Logistics", "ldap_auth_enabled": False}
    mails = [
        ("registration_complete", {"user": admin}, "lib/email.js (promise_registration_email)"),
        ("add_new_user", {"new_user": employee, "admin_user": admin, "company": company,
                          "user": employee}, "lib/email.js (promise_add_new_user_email)"),
        ("forgot_password", {"user": employee, "company": company},
         "lib/route/login.js (forgot-password)"),
        ("reset_password", {"user": employee}, "lib/route/login.js (reset-password)"),
    ]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="r25jobs-timeoff-") as tmp:
        base = Path(tmp)
        git_export(mirrors, TIMEOFF, TIMEOFF_COMMIT, "views/email", base / "views/email")
        git_export(mirrors, TIMEOFF, TIMEOFF_COMMIT, "views/partials", base / "views/partials")
        (base / "config").mkdir()
        (base / "config/app.json").write_bytes(
            git_show(mirrors, TIMEOFF, TIMEOFF_COMMIT, "config/app.json")
        )
        os.symlink(NODE_MODULES, base / "node_modules")
        (base / "driver.js").write_text(TIMEOFF_DRIVER)
        jobs = [{"template": t, "context": c} for t, c, _ in mails]
        done = subprocess.run(["node", "driver.js"], cwd=base, input=json.dumps(jobs),
                              capture_output=True, text=True, check=True)  # fmt: skip
    for (template, _, caller), r in zip(mails, json.loads(done.stdout), strict=True):
        raw = message(sender="email@test.com", subject=r["subject"], text=None,
                      html_part=r["body"], sent=SENT)  # fmt: skip
        w.add(
            source="timeoff",
            group=f"timeoff-{template.replace('_', '-')}",
            lang="en",
            raw=raw,
            kind="notice",
            code=None,
            repository="timeoff-management/timeoff-management-application",
            path=", ".join(
                dict.fromkeys(
                    [
                        f"views/email/{template}.hbs",
                        "views/email/wrapper.hbs",
                        "views/partials/email/link.hbs",
                        "lib/email.js",
                        "lib/view/helpers.js",
                        "lib/model/db/user.js",
                        "config/app.json",
                        caller.split(" ")[0],
                    ]
                )
            ),
            commit=TIMEOFF_COMMIT,
            licence="MIT",
            rendered="handlebars 4.5.0 through express-handlebars 3.1.0 as lib/email.js does: "
            "inner template split at '=====' into subject and body, body put into "
            "wrapper.hbs; nodemailer sends html only",
        )


# ---------------------------------------------------------------------------------------
# ProjectSend

PROJECTSEND = "projectsend+projectsend"
PROJECTSEND_COMMIT = "496dfea0442b82b2c1885c44f513b882efaf0780"
PS_BASE_URI = "https://files.example.com/"
PS_SYSTEM_URI = "https://www.projectsend.org/"  # SYSTEM_URI of includes/app.php


def php_str_replace(search: list[str], replace: list[str], subject: str) -> str:
    """PHP's str_replace with two arrays: each pair in turn over the whole subject."""
    for a, b in zip(search, replace, strict=True):
        subject = subject.replace(a, b)
    return subject


def projectsend(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, PROJECTSEND, PROJECTSEND_COMMIT, path).decode()

    header, footer = show("emails/header.html"), show("emails/footer.html")
    mails = [
        ("2fa_code", "2fa-code.html", "Your login verification code",
         ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%CODE%", "%LABEL_EXPIRY%", "%EXPIRY_DATE%"],
         ["Someone has attempted to log in to your account.",
          "To continue the process, you need to enter the following code:",
          "If you did not initiate the log in process, please change your password as soon as possible.",
          "503718", "This code will expire on:", "2026-12-04 14:37:09"],
         "503718", "includes/Classes/AuthenticationCode.php"),
        ("new_client", "new-client.html", "Welcome to ProjectSend",
         ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%LBLUSER%", "%LBLPASS%", "%USERNAME%", "%PASSWORD%", "%URI%"],
         ["A new account was created for you. From now on, you can access the files that have been uploaded under your account using the following credentials:",
          "You can log in following this link",
          "Please contact the administrator if you need further assistance.",
          "Your username", "Your password", "okafor.legal", "Quill-Harbor-2718", PS_BASE_URI],
         "Quill-Harbor-2718", "clients-add.php"),
        ("new_user", "new-user.html", "Welcome to ProjectSend",
         ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%LBLUSER%", "%LBLPASS%", "%USERNAME%", "%PASSWORD%", "%URI%"],
         ["A new account was created for you. From now on, you can access the system administrator using the following credentials:",
          "Access the system panel here", "Thank you for using ProjectSend.",
          "Your username", "Your password", "lhernandez", "Marlow#Sprout61", PS_BASE_URI],
         "Marlow#Sprout61", "users-add.php"),
        ("password_reset", "password-reset.html", "Password reset instructions",
         ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%BODY4%", "%LBLUSER%", "%USERNAME%", "%URI%"],
         ["A request has been received to reset the password for the following account:",
          "To continue, please visit the following link", "The request is valid only for 24 hours.",
          "If you did not make this request, simply ignore this email.", "Username", "okafor.legal",
          PS_BASE_URI + "reset-password.php?token=4be07a19c3d28f65e1a0b97d3c542e8f&user=okafor.legal"],
         None, "includes/Classes/PasswordReset.php"),
        ("account_deny", "account-deny.html", "You account has been denied",
         ["%SUBJECT%", "%BODY1%", "%BODY2%"],
         ["Your account request has been denied.",
          "Please contact the administrator if you need further assistance."],
         None, "clients-requests.php"),
    ]  # fmt: skip
    for mail_type, filename, subject, search, values, code, caller in mails:
        body = header + show("emails/" + filename) + footer  # prepareBody
        body = php_str_replace(search, [subject, *values], body)
        body = php_str_replace(
            ["%FOOTER_SYSTEM_URI%", "%FOOTER_URI%"], [PS_SYSTEM_URI, PS_BASE_URI], body
        )
        raw = message(
            sender="ProjectSend <admin@files.example.com>",
            subject=subject,
            text="This email contains HTML formatting and cannot be displayed right now. "
            "Please use an HTML compatible reader.",
            html_part=body,
            sent=SENT,
        )
        item = dict(
            source="projectsend",
            group=f"projectsend-{mail_type.replace('_', '-')}",
            lang="en",
            raw=raw,
            kind="notice" if code is None else "saas-otp",
            code=code,
            repository="projectsend/projectsend",
            path=f"includes/Classes/Emails.php, includes/app.php, emails/header.html, emails/{filename}, emails/footer.html, {caller}",
            commit=PROJECTSEND_COMMIT,
            licence="GPL-2.0-only",
            rendered="Emails.php: header + template + footer, str_replace of the tags with the "
            "English msgids of __() (only lang/en.po ships at this commit); PHPMailer MsgHTML plus "
            "its fixed AltBody sentence",
        )
        w.add(**item)


PROJECTSEND_2016 = "5c41ea6b7c2eb6a509cc8c548d36e713a0d8d3b3"
"""ProjectSend of September 2016, the last commit before its lang/*.po and .mo were moved out
of the repository (its send-email.php and emails/*.html are the same mails, older markup)."""
PS2016_LANGS = {"ca": "ca_ES", "cs": "cs", "da": "da", "de": "de", "es": "es", "fr": "fr",
                "it": "it_IT", "nl": "nl", "pt-BR": "pt_BR", "pt-PT": "pt_PT", "uk": "uk"}  # fmt: skip
PS2016_PASSWORDS = {"ca": "Tramuntana-47", "cs": "Vltava#2219", "da": "Skovsti-8841",
                    "de": "Rheinufer!62", "es": "Alameda-3095", "fr": "Canal.Saint-71",
                    "it": "Gelsomino-514", "nl": "Grachtpad#39", "pt-BR": "Ipanema-7720",
                    "pt-PT": "Alfama_2608", "uk": "Kashtan-4417"}  # fmt: skip


def projectsend_2016(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> bytes:
        return git_show(mirrors, PROJECTSEND, PROJECTSEND_2016, path)

    # includes/email-template.php builds the header and footer strings with SYSTEM_URI
    # (sys.vars.php) and BASE_URI (the install's base_uri option): PHP evaluates it.
    with tempfile.TemporaryDirectory(prefix="r25jobs-ps-") as tmp:
        (Path(tmp) / "email-template.php").write_bytes(show("includes/email-template.php"))
        script = ("define('SYSTEM_URI','http://www.projectsend.org/');"
                  f"define('BASE_URI','{PS_BASE_URI}');"
                  f"include '{tmp}/email-template.php';"
                  "echo json_encode([$email_template_header, $email_template_footer]);")  # fmt: skip
        done = subprocess.run(["php", "-r", script], capture_output=True, text=True, check=True)
    header, footer = json.loads(done.stdout)
    new_client = ["Welcome to ProjectSend",
                  "A new account was created for you. From now on, you can access the files that have been uploaded under your account using the following credentials:",
                  "You can log in following this link",
                  "Please contact the administrator if you need further assistance.",
                  "Your username", "Your password"]  # fmt: skip
    reset = ["Password reset instructions",
             "A request has been received to reset the password for the following account:",
             "To continue, please visit the following link",
             "The request is valid only for 24 hours.",
             "If you did not make this request, simply ignore this email.", "Username"]  # fmt: skip
    alt = ("This email contains HTML formatting and cannot be displayed right now. "
           "Please use an HTML compatible reader.")  # fmt: skip
    for lang, locale in PS2016_LANGS.items():
        mo = f"lang/{locale}.mo"
        t = gettext.GNUTranslations(io.BytesIO(show(mo)))
        for mail_type, filename in (("new_client", "new-client.html"),
                                    ("password_reset", "password-reset.html")):  # fmt: skip
            body = header + show("emails/" + filename).decode() + footer
            if mail_type == "new_client":
                strings = [t.gettext(x) for x in new_client]
                code = PS2016_PASSWORDS[lang]
                body = php_str_replace(
                    ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%LBLUSER%", "%LBLPASS%",
                     "%USERNAME%", "%PASSWORD%", "%URI%"],
                    [*strings, "m.novak", code, PS_BASE_URI], body)  # fmt: skip
                caller = "includes/classes/actions-clients.php"
            else:
                strings = [t.gettext(x) for x in reset]
                code = None
                body = php_str_replace(
                    ["%SUBJECT%", "%BODY1%", "%BODY2%", "%BODY3%", "%BODY4%", "%LBLUSER%",
                     "%USERNAME%", "%URI%"],
                    [*strings, "m.novak", PS_BASE_URI
                     + "reset-password.php?token=8e3b1d06c9f4a27e5b10d3c8f6a94e21&user=m.novak"],
                    body)  # fmt: skip
                caller = "reset-password.php"
            raw = message(sender="ProjectSend <admin@files.example.com>", subject=strings[0],
                          text=t.gettext(alt), html_part=body, sent=SENT)  # fmt: skip
            w.add(
                source="projectsend",
                group=f"projectsend-2016-{mail_type.replace('_', '-')}",
                lang=lang,
                raw=raw,
                kind="notice" if code is None else "saas-otp",
                code=code,
                repository="projectsend/projectsend",
                path=f"includes/classes/send-email.php, includes/email-template.php, "
                f"sys.vars.php, emails/{filename}, {mo}, {caller}",
                commit=PROJECTSEND_2016,
                licence="GPL-2.0-only",
                rendered="send-email.php: PHP-evaluated header + emails/ template + footer, "
                "str_replace of the tags with __() strings from the locale's .mo (read with "
                "Python gettext); PHPMailer MsgHTML plus the translated AltBody",
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    microrealestate(args.mirrors, w)
    yawik(args.mirrors, w)
    timeoff(args.mirrors, w)
    projectsend(args.mirrors, w)
    projectsend_2016(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
