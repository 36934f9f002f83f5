"""Round twenty-two, ERP, accounting, invoicing, HR and CRM software: Frappe Cloud (the
sign-up and hosting service of ERPNext), Rukovoditel, the Moqui ERP framework, iDempiere,
Sentrifugo HRMS, Krayin CRM, X2CRM, Bigcapital and Collabtive — sign-in and verification codes,
generated passwords, and the same senders' notices (welcome, invitations, reset links), in the
languages they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r22_erp.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.
Two things are needed besides the project's venv: jinja2 3.1.4, loaded from
``/tmp/r22erp-pylib`` (``pip install --target /tmp/r22erp-pylib jinja2==3.1.4``), and ``php``
on PATH (Debian's ``php-cli``, PHP 8.2: ``apt-get install php-cli php-mbstring``), which runs
the PHP senders' own mail code and language files from the snapshots (PHPMailer, Html2Text,
``.phtml`` views, ``return [...]`` / ``define()`` catalogues). Nothing of theirs is kept here.

- frappe/press (AGPL-3.0), Frappe Cloud: ``frappe.sendmail(template=..., args=...)`` renders
  ``press/templates/emails/<template>.html`` (extending ``saas.html``, ``saas_trial.html`` or
  ``base.html``, importing ``macros.html``); jinja2 renders the same files from the snapshot
  through a loader for ``templates/emails/`` (no autoescape, undefined names empty, as
  frappe's environment), with the args and subjects of the sending code
  (``press/api/account.py``, ``press/api/developer/saas.py``,
  ``account_request.py`` ``send_verification_email``, ``site_user_session.py``,
  ``user_2fa.py``, ``site.py``, ``site_activity.py``). The OTP is ``generate_otp()``: six
  digits 100000-999999. frappe's own outer wrapper (``standard.html`` of frappe/frappe, a
  repository already in the corpus, not taken) is NOT added: the HTML part is the rendered
  Press template only, and the text/plain alternative frappe makes from the wrapped page
  (html2text) is left out with it, so one text/html part — except
  ``product_trial_verify_account``, whose own ``.txt`` template frappe sends as the
  text/plain alternative and which is rendered here too. English only.
- Rukovoditel/Rukovoditel (OSL-3.0), a PHP CRM / project-management builder (English and
  Russian in ``includes/languages/``): the new-user mail (``crete_new_user.php``), the password
  changed by the administrator (``change_user_password.php``), the restore-password mail
  (``restore_password.php``) and the first-LDAP-sign-in account mail (``ldap_login.php``,
  username only): an HTML body of the language's ``define()`` strings and the login link
  (``url_for``), sent by ``users::send_email`` with PHPMailer 6.0.3 as HTML plus an AltBody from
  the bundled ``Html2Text`` class, wrapped by PHPMailer at ``WordWrap = 50`` (by bytes: the
  Russian lines break early, as they do when sent). The password is
  ``users::get_random_password()``: ``CFG_PASSWORD_MIN_LENGTH`` (5 at install) characters of
  that function's alphabet of letters, digits and ``~!@#$%^&*()_+``.
- moqui/moqui-framework (CC0-1.0), the framework of the Moqui / Mantle ERP: the
  ``EmailTemplate`` records of ``framework/data/MoquiSetupData.xml`` (subject, body screen)
  for the single-use code, the password reset and the e-mail factor added; their screens
  ``framework/screen/*.xml`` as ``sendEmailTemplate.groovy`` sends them: HTML (the screen in
  ``html`` mode) with a text alternative (``text`` mode), through moqui/moqui-runtime's
  ``template/screen-macro/DefaultScreenMacros.{html,text,any}.ftl`` (CC0-1.0). FreeMarker is
  not run: a small renderer writes what those macros write for these screens (see
  ``_moqui_html`` / ``_moqui_text``: FreeMarker 2.3.34's white-space stripping of lines
  holding only directives, the false boundary-comment lines that keep their indentation,
  ``?html`` with ``&#39;``, text labels padded to 132 characters). The single-use code is
  ``SecureRandom().nextInt(999999)`` padded to six digits; the reset password
  ``getRandomString(12)``: 12 characters of URL-safe base64. English only (no LocalizedMessage
  for these labels).
- idempiere/idempiere (GPL-2.0): the multi-factor e-mail code, R_MailText 200001 as the
  migration ``202105301448_IDEMPIERE-4782.sql`` seeds it (HTML), its ``@Name@``,
  ``@MFASecret@`` and ``@MFA_Method_ID<ExpireInMinutes>@`` filled as ``MMailText.parse`` does
  (user, then the MFA registration; 15 minutes from the seeded method), wrapped by
  ``EMail.setMessageHTML``; one text/html part. The code is six random digits
  (``EMailMechanism.generateRandomString(6)``). English only (no translation seeded).
- sapplica/sentrifugo (GPL-3.0), Sentrifugo HRMS: the login-credentials mail of a new
  employee (``mailtemplates/newpassword.phtml`` rendered by php, password from
  ``generatePassword()``: nine letters, consonant and vowel in turn) and the forgot-password
  mail (``IndexController::sendpasswordAction``'s message, new password ``uniqid()``), both in
  ``sapp_Mail::send_php_mail``'s page, Body and AltBody by its PHPMailer 5.2.10 ``msgHTML``.
  The sender sets no CharSet (PHPMailer's iso-8859-1): these mails are ASCII, written as UTF-8.
- krayin/laravel-crm (MIT), Krayin CRM: the user-created mail (``Notifications/User/Create``)
  and the password-reset notification (``UserResetPassword``: a MailMessage with a view and no
  subject, so Laravel's ``User Reset Password``), the Blade views ``emails/users/*.blade.php``
  in ``emails/layout.blade.php``, in the seven languages of
  ``packages/Webkul/Admin/src/Resources/lang/*/app.php`` (loaded by php). A small faithful
  Blade renderer (``_blade``): ``{{ }}`` escaped by ``e()`` keeping its line break,
  ``@lang`` not escaped and eating the line break after it, the component slot trimmed; the
  logo URL from ``public/admin/build/manifest.json``. One text/html part.
- X2Engine/X2CRM (AGPL-3.0): the password-reset mail of ``SiteController::
  resetPasswordHelper`` (Yii::t strings of ``protected/messages/<lang>/users.php``, link with a
  64-hex request id), sent by ``EmailDeliveryBehavior`` through its PHPMailer 5.2.23
  ``MsgHTML`` (HTML and the AltBody its html2text makes), in English, German, French and
  Japanese.
- bigcapitalhq/bigcapital (AGPL-3.0): reset password, sign-up verification and user invite,
  the static views ``packages/server/static/mail/*.html`` filled by Mustache (``Mail.render``;
  mustache.js escaping, so ``/`` and ``=`` in the URLs are entities) with the data of
  ``AuthMailMessages.esrvice.ts`` / ``SendInviteUsersMailMessage.service.ts``. The inline logo
  attachment (``cid:bigcapital_logo``) is left out: one text/html part. English only.
- philippK-de/Collabtive (GPL-3.0), project management and time tracking for small teams:
  the profile-created mail of ``admin.php`` (username and the password the administrator
  chose), the new-password mail of ``manageuser.php`` (``user::resetPassword``: ten
  characters of 0-9, a-z, A-Z) and the project-assigned notice, concatenated as the PHP does
  (the snippets are checked against the snapshot) from ``language/<lang>/lng.conf`` read by
  ``readLangfile``'s rules, sent by ``emailer::send_mail`` as PHPMailer ``Body`` with
  ``IsHTML``: one text/html part. English, German, French, Spanish, Russian and Chinese.

Fixed values: people and hosts under example domains, codes of each generator's shape.
What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

PYLIB = "/tmp/r22erp-pylib"
"""jinja2 3.1.4 (with MarkupSafe), installed with ``pip install --target /tmp/r22erp-pylib
jinja2==3.1.4``: the project's venv has no jinja2."""
sys.path.insert(0, PYLIB)
from jinja2 import Environment, FunctionLoader, Undefined  # noqa: E402

SENT = datetime(2026, 12, 4, 14, 22, 9, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round22" / "erp.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
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


# ---------------------------------------------------------------------------------------
# Frappe Cloud (frappe/press)

PR_REPO = "frappe/press"
PR_COMMIT = "010bc703ef139e4f0fd4b49337a47d0479bbce6d"
PR_SENDER = "Frappe Cloud <noreply@frappecloud.example>"
PR_HOST = "https://frappecloud.example"
PR_LOGO = "https://github.com/frappe/gameplan/assets/9355208/447035d0-0686-41d2-910a-a3d21928ab94"
PR_PIXEL = (
    f"{PR_HOST}/api/method/press.utils.telemetry.capture_read_event?email=noor.tester@example.com"
)
PR_EMAILS = "press/templates/emails/"


def press() -> None:
    def load(name: str) -> str:
        assert name.startswith("templates/emails/"), name
        return _show(PR_REPO, PR_COMMIT, "press/" + name)

    # frappe's jinja environment: no autoescape, undefined names render empty
    env = Environment(loader=FunctionLoader(load), undefined=Undefined)

    def render(template: str, args: dict) -> str:
        return env.get_template(f"templates/emails/{template}.html").render(**args)

    mails = [
        # (template, subject, args, code, sender code path, base)
        ("login_otp", "{otp} - OTP for Frappe Cloud Login", {"otp": "604318"}, "604318",
         "press/api/account.py", "saas.html"),
        ("2fa_recovery_codes_otp", "{otp} - OTP to view 2FA recovery codes for Frappe Cloud",
         {"otp": "271945"}, "271945", "press/api/account.py", "saas.html"),
        ("verification_code_for_login", "Verification Code for Frappe Cloud Login",
         {"full_name": "Noor Tester", "otp": "835027", "image_path": PR_LOGO}, "835027",
         "press/api/developer/saas.py", "saas.html"),
        ("verify_account", "{otp} - OTP for Frappe Cloud Account Verification",
         {"invited_by": None, "otp": "419662", "image_path": PR_LOGO, "read_pixel_path": PR_PIXEL,
          "link": f"{PR_HOST}/dashboard/setup-account/3kq9w1v7xz0m2c5b8n4j6h1g7f2d9s0a"},
         "419662", "press/press/doctype/account_request/account_request.py", "saas.html"),
        ("verify_account_for_site_login", "{otp} - OTP for Frappe Cloud Site Login",
         {"otp": "752184", "image_path": PR_LOGO}, "752184",
         "press/press/doctype/site_user_session/site_user_session.py", "saas.html"),
        ("product_trial_verify_account", "Your ERPNext verification code is {otp}",
         {"header_content": "<p><strong>Welcome to ERPNext!</strong></p>\n"
                           "<p>You are one step away from your free trial. Enter the code below "
                           "on the sign-up page to verify your email.</p>",
          "invited_by": None, "otp": "318570", "read_pixel_path": PR_PIXEL, "image_path": PR_LOGO,
          "link": f"{PR_HOST}/dashboard/setup-account/p2w8e4r6t1y3u5i7o9a0s2d4f6g8h1j3?product=erpnext"},
         "318570", "press/press/doctype/account_request/account_request.py", "saas_trial.html"),
        ("saas_verify_account", "Verify your email for Frappe",
         {"invited_by": None, "otp": "947201", "image_path": PR_LOGO, "read_pixel_path": PR_PIXEL,
          "link": f"{PR_HOST}/dashboard/setup-account/z7x5c3v1b9n8m6k4j2h0g8f6d4s2a1q3"},
         None, "press/press/doctype/account_request/account_request.py", "saas.html"),
        ("invite_team_member", "You are invited by amira.haddad@northwind.example to join Frappe Cloud",
         {"invited_by": "amira.haddad@northwind.example", "otp": "226813", "image_path": PR_LOGO,
          "read_pixel_path": PR_PIXEL,
          "link": f"{PR_HOST}/dashboard/setup-account/m1n2b3v4c5x6z7l8k9j0h1g2f3d4s5a6"},
         None, "press/press/doctype/account_request/account_request.py", "base.html"),
        ("reset_password", "Reset Password",
         {"link": f"{PR_HOST}/dashboard/reset-password/7c1e4b9a2f6d8e0c3b5a7d9f1e2c4b6a"},
         None, "press/api/account.py", "saas.html"),
        ("one_time_login_link", "Login to Frappe Cloud",
         {"link": f"{PR_HOST}/api/method/press.api.account.login_using_key?key=Xq2Lw9Pz4Rk7Tn1Vb6Yc3Md8",
          "minutes": 10}, None, "press/api/account.py", "base.html"),
        ("2fa_recovery_codes_viewed", "Your 2FA Recovery Codes Were Viewed",
         {"viewed_at": "2026-12-04 14:19:53", "link": f"{PR_HOST}/dashboard/settings/profile"},
         None, "press/press/doctype/user_2fa/user_2fa.py", "base.html"),
        ("transfer_team_confirmation", "Transfer Site Ownership Confirmation",
         {"name": "northwind.frappe.cloud", "type": "site", "old_team": "amira.haddad@northwind.example",
          "new_team": "noor.tester@example.com",
          "transfer_url": f"{PR_HOST}/api/method/press.api.site.confirm_site_transfer?key=9f8e7d6c5b4a"},
         None, "press/press/doctype/site/site.py", "base.html"),
        ("admin_login", "Administrator login to your site",
         {"site": "northwind.frappe.cloud", "user": "support.agent@frappecloud.example",
          "reason": "Investigating the failed Sales Invoice print format reported in ticket 48213"},
         None, "press/press/doctype/site_activity/site_activity.py", "base.html"),
    ]  # fmt: skip
    for template, subject, args, code, sender_path, base in mails:
        body = render(template, args)
        text = None
        paths = [sender_path, f"{PR_EMAILS}{template}.html", f"{PR_EMAILS}{base}"]
        if "utils." in _show(PR_REPO, PR_COMMIT, f"{PR_EMAILS}{template}.html"):
            paths.append(f"{PR_EMAILS}macros.html")
        how = "jinja2 render of the Press template with the sending code's args; frappe's outer wrapper and its html2text alternative not added; one text/html part"
        if template == "product_trial_verify_account":
            text = env.get_template(f"templates/emails/{template}.txt").render(**args)
            paths.append(f"{PR_EMAILS}{template}.txt")
            how = "jinja2 render of the Press .html and .txt templates (text/plain + text/html) with the sending code's args; frappe's outer wrapper not added"
        raw = message(
            sender=PR_SENDER,
            subject=subject.format(otp=args.get("otp")),
            text=text,
            html_part=body,
            sent=SENT,
        )
        kind = "saas-otp" if code else "notice"
        note = None
        if template == "verify_account":
            note = "the code or the button verifies the account; the code is what is typed"
        if template == "product_trial_verify_account":
            note = (
                "subject and header_content are the Product Trial's own settings "
                "(email_subject with {otp}, email_header_content), filled here as an operator would"
            )
        if template == "saas_verify_account":
            note = "an otp is passed in the args but this template never shows it: link only"
        if template == "invite_team_member":
            note = "an otp is passed in the args but this template never shows it: link only"
        _item(source="press", template=template.replace("_", "-"), lang="en", kind=kind, code=code,
              repository=PR_REPO, path=", ".join(paths), commit=PR_COMMIT, licence="AGPL-3.0-only",
              rendered=how, raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Rukovoditel

RK_REPO = "Rukovoditel/Rukovoditel"
RK_COMMIT = "43136a76b5e7105b933d4eef957c1d4ecae60291"
RK_APP = "Northwind CRM"
RK_HOST = "crm.northwind.example"
RK_LOGIN = f"https://{RK_HOST}/index.php?module=users/login"
RK_FROM = "Northwind CRM <crm@northwind.example>"
RK_ADMIN = "amira.haddad@northwind.example"
RK_LANGS = {"en": "english", "ru": "russian"}

RK_PHP = r"""<?php
define('CFG_APP_NAME', $argv[2]);
define('CFG_PASSWORD_MIN_LENGTH', 5);  // the install default
require $argv[1] . '/lang.php';
require $argv[1] . '/Html2Text.php';
require $argv[1] . '/PHPMailer.php';
$_SERVER['HTTP_HOST'] = $argv[3];
$jobs = json_decode(file_get_contents('php://stdin'), true);
$out = array();
foreach ($jobs as $job) {
    $body = str_replace(
        array('{SUBJECT}', '{BODY}', '{LOGIN_DETAILS}', '{USERNAME}', '{PASSWORD}'),
        array('', $job['body'] ? constant($job['body']) : '', TEXT_LOGIN_DETAILS, TEXT_USERNAME, TEXT_PASSWORD),
        $job['html']);
    $h2t = new html2text($body);
    $mail = new PHPMailer\PHPMailer\PHPMailer(true);
    $mail->CharSet = "UTF-8";
    $alt = $mail->wrapText($h2t->get_text(), 50);
    $out[] = array('subject' => constant($job['subject']), 'html' => $body, 'text' => $alt);
}
echo json_encode($out);
"""


def rukovoditel() -> None:
    # the senders' bodies, as their PHP concatenates them ({…} filled by the PHP above)
    link = f'<p><a href="{RK_LOGIN}">{RK_LOGIN}</a></p>'
    details = "<p><b>{LOGIN_DETAILS}</b></p><p>{USERNAME}: noor.tester<br>{PASSWORD}: %s</p>" + link
    mails = [
        # template, subject constant, body constant, password, sender, path, html
        ("new-user", "TEXT_NEW_USER_DEFAULT_EMAIL_SUBJECT", None, "q7#Km", RK_FROM,
         "modules/items/components/crete_new_user.php", details % "q7#Km"),
        ("password-changed", "TEXT_USER_PWD_CHANGED_EMAIL_SUBJECT", "TEXT_USER_PWD_CHANGED_EMAIL_BODY",
         "w2^Tz", f"noreply <{RK_ADMIN}>", "modules/items/actions/change_user_password.php", details % "w2^Tz"),
        ("restore-password", "TEXT_RESTORE_PASSWORD_EMAIL_SUBJECT", "TEXT_RESTORE_PASSWORD_EMAIL_BODY",
         "Hx8!d", RK_FROM, "modules/users/actions/restore_password.php", details % "Hx8!d"),
        # an account made at the first LDAP sign-in: the details give the username only
        ("ldap-new-user", "TEXT_NEW_USER_DEFAULT_EMAIL_SUBJECT", None, None, f"noreply <noreply@{RK_HOST}>",
         "modules/users/actions/ldap_login.php", "<p><b>{LOGIN_DETAILS}</b></p><p>{USERNAME}: noor.tester<br></p>" + link),
    ]  # fmt: skip
    for lang, file in RK_LANGS.items():
        with tempfile.TemporaryDirectory() as tmp:
            d = Path(tmp)
            (d / "lang.php").write_text(_show(RK_REPO, RK_COMMIT, f"includes/languages/{file}.php"))
            (d / "Html2Text.php").write_text(
                _show(RK_REPO, RK_COMMIT, "includes/libs/PHPMailer-master/extras/Html2Text.php")
            )
            (d / "PHPMailer.php").write_text(
                _show(RK_REPO, RK_COMMIT, "includes/libs/PHPMailer-master/src/PHPMailer.php")
            )
            (d / "run.php").write_text(RK_PHP)
            # CFG_REGISTRATION_EMAIL_BODY is empty at install: the new-user mails start with the details
            jobs = [{"subject": subj, "body": bconst, "html": "{BODY}" + body}
                    for _, subj, bconst, _, _, _, body in mails]  # fmt: skip
            res = subprocess.run(
                ["php", str(d / "run.php"), str(d), RK_APP, RK_HOST],
                input=json.dumps(jobs),
                capture_output=True,
                text=True,
                check=True,
            )
            out = json.loads(res.stdout)
        for (template, _, _, pw, sender, path, _), got in zip(mails, out, strict=True):
            raw = message(
                sender=sender,
                subject=got["subject"],
                text=got["text"].replace("\r\n", "\n"),
                html_part=got["html"],
                sent=SENT,
            )
            note = (
                "a generated password, given with the username to sign in"
                if pw
                else "login details with the username only (the LDAP password is the user's own): nothing to type from the mail"
            )
            _item(source="rukovoditel", template=template, lang=lang, kind="saas-otp" if pw else "notice", code=pw,
                  repository=RK_REPO,
                  path=f"{path}, includes/classes/users/users.php, includes/languages/{file}.php, "
                       "includes/libs/PHPMailer-master/extras/Html2Text.php, "
                       "includes/libs/PHPMailer-master/src/PHPMailer.php",
                  commit=RK_COMMIT, licence="OSL-3.0",
                  rendered="HTML body concatenated as the PHP sender does, with the language's define() strings; "
                           "AltBody by the snapshot's Html2Text then PHPMailer wrapText(50), run by php 8.2",
                  raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Moqui (moqui/moqui-framework with moqui/moqui-runtime's screen macros)

MQ_REPO = "moqui/moqui-framework"
MQ_COMMIT = "2f1de53ee33055b17e71f83629305610da8a7250"
MQ_RT_REPO = "moqui/moqui-runtime"
MQ_RT_COMMIT = "d8015ff8684f7e4927a8691d1b538c022e07eb38"
MQ_SENDER = "erp@northwind.example"
MQ_WIDTH = 132
"""``lineCharacters`` default of the text macros' ``widgets``: every label is padded to it."""


def _moqui_expand(text: str, ctx: dict) -> str:
    """``ec.resource.expand``: a Groovy GString over the context (only ``${name}`` here)."""
    return re.sub(r"\$\{(\w+)\}", lambda m: str(ctx[m.group(1)]), text)


def _moqui_html(widgets: ET.Element, ctx: dict) -> str:
    """What DefaultScreenMacros.html.ftl writes (boundary-comments off, FreeMarker's white-space
    stripping applied to the macro lines):

    - ``widgets``: the children, then ``"    \\n"`` (the indented END-comment line, whose ``#if``
      is false, keeps its indentation and line break);
    - ``render-mode`` with an inline ``text type="html"``: ``renderText`` writes its BEGIN line
      (``"        \\n"``), the interpreted CDATA, its END line (``"        \\n"``);
    - ``container``: ``"    <div>\\n"``, the children, ``"    </div>\\n"``;
    - ``label``: ``<span class="text-inline">`` + expanded text ``?html`` (FreeMarker 2.3.34:
      ``'`` as ``&#39;``) + ``</span>\\n``;
    - ``section`` whose condition is false and has no fail-widgets: ``"    \\n    \\n    \\n"``.
    """
    out = []
    for node in widgets:
        if node.tag == "render-mode":
            text = next(t for t in node.findall("text") if "html" in t.get("type", "").split(","))
            out.append("        \n" + (text.text or "") + "        \n")
        elif node.tag == "container":
            out.append("    <div>\n")
            for label in node:
                value = html.escape(_moqui_expand(label.get("text"), ctx), quote=True)
                value = value.replace("&#x27;", "&#39;").replace("\n", "<br>")
                out.append(f'<span class="text-inline">{value}</span>\n')
            out.append("    </div>\n")
        elif node.tag == "section":
            assert not ctx.get("sectionTrue")
            out.append("    \n    \n    \n")
        else:
            raise ValueError(node.tag)
    return "".join(out) + "    \n"


def _moqui_text(widgets: ET.Element, ctx: dict) -> str:
    """What DefaultScreenMacros.text.ftl writes: ``render-mode`` with only an html text
    nothing; ``container`` its children then a line break; ``label`` its expanded text
    ``paddedValue``: cut or right-padded to 132 characters; a false ``section`` nothing."""
    out = []
    for node in widgets:
        if node.tag == "container":
            for label in node:
                out.append(_moqui_expand(label.get("text"), ctx)[:MQ_WIDTH].ljust(MQ_WIDTH))
            out.append("\n")
    return "".join(out)


def moqui() -> None:
    setup = ET.fromstring(_show(MQ_REPO, MQ_COMMIT, "framework/data/MoquiSetupData.xml"))
    templates = {t.get("emailTemplateId"): t for t in setup.iter("moqui.basic.email.EmailTemplate")}
    mails = [
        # template id, screen, context, code, kind, note
        ("SINGLE_USE_CODE", "SingleUseCode.xml", {"code": "048213"}, "048213", "saas-otp", None),
        ("PASSWORD_RESET", "PasswordReset.xml", {"resetPassword": "tR4kV9mxQ2bL"}, "tR4kV9mxQ2bL",
         "saas-otp", "a generated reset password (getRandomString(12): URL-safe base64), typed to set a new password"),
        ("ADDED_EMAIL_AUTHC_FACTOR", "AddedEmailAuthcFactor.xml",
         {"userEmail": "noor.private@example.org", "thruDateString": "2026-12-05 14:22"}, None, "notice", None),
    ]  # fmt: skip
    for tid, screen, ctx, code, kind, note in mails:
        tpl = templates[tid]
        path = f"framework/screen/{screen}"
        assert tpl.get("bodyScreenLocation") == f"classpath://screen/{screen}"
        widgets = ET.fromstring(_show(MQ_REPO, MQ_COMMIT, path)).find("widgets")
        raw = message(
            sender=MQ_SENDER,
            subject=_moqui_expand(tpl.get("subject"), ctx),
            text=_moqui_text(widgets, ctx),
            html_part=_moqui_html(widgets, ctx),
            sent=SENT,
        )
        _item(source="moqui", template=tid.lower().replace("_", "-"), lang="en", kind=kind, code=code,
              repository=MQ_REPO,
              path=f"framework/data/MoquiSetupData.xml, {path}, framework/service/org/moqui/impl/UserServices.xml, "
                   "framework/src/main/resources/org/moqui/impl/sendEmailTemplate.groovy, "
                   f"{MQ_RT_REPO}@{MQ_RT_COMMIT[:12]}:template/screen-macro/DefaultScreenMacros.html.ftl, "
                   "DefaultScreenMacros.text.ftl, DefaultScreenMacros.any.ftl",
              commit=MQ_COMMIT, licence="CC0-1.0",
              rendered="EmailTemplate subject; body screen written out as moqui-runtime's FreeMarker screen "
                       "macros render it in html and text mode (small renderer); text/plain + text/html",
              raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Krayin CRM (krayin/laravel-crm)

KR_REPO = "krayin/laravel-crm"
KR_COMMIT = "58e489062c190c77a766bbe82325836816ad826e"
KR_URL = "https://crm.northwind.example"
KR_APP = "Northwind CRM"
KR_SENDER = f"{KR_APP} <crm@northwind.example>"
KR_VIEWS = "packages/Webkul/Admin/src/Resources/views/emails/"
KR_LANGS = {
    "en": "en",
    "ar": "ar",
    "es": "es",
    "fa": "fa",
    "pt-BR": "pt_BR",
    "tr": "tr",
    "vi": "vi",
}
KR_TOKEN = "5f2c8e1a9b7d3f6e0a4c2b8d1e9f7a3c6b0d4e8f2a1c9b7e5d3f0a6c4b2e8d1f"
"""Laravel's password broker token: an HMAC-SHA256 in hex, 64 characters."""


def _php_e(value: str) -> str:
    """Laravel's ``e()``: htmlspecialchars with ENT_QUOTES (``'`` as ``&#039;``)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _blade(src: str, exprs: dict[str, str], trans) -> str:
    """The Blade of these views compiled and run: ``{{ x }}`` echoes ``e(x)`` (an HtmlString
    such as ``$slot`` as is) and keeps the line break after it (Blade doubles it before PHP's
    ``?>`` eats one); ``@lang('key', [...])`` echoes the translation, not escaped, and PHP's
    ``?>`` eats the one line break right after it; ``@component(...)`` / ``@endcomponent``
    likewise, their slot is the content between them, ``trim()``-ed."""

    def lang(m: re.Match) -> str:
        params = {}
        if m.group(2):
            for k, v in re.findall(r"'(\w+)'\s*=>\s*([^,\]]+)", m.group(2)):
                params[k] = exprs[v.strip()]
        return trans(m.group(1), params)

    out = re.sub(r"@lang\('([^']+)'(?:,\s*\[(.*?)\])?\)\n?", lang, src)

    def echo(m: re.Match) -> str:
        expr = m.group(1)
        value = exprs[expr]
        return (value if expr == "$slot" else _php_e(value)) + (m.group(2) or "")

    return re.sub(r"\{\{\s*(.+?)\s*\}\}(\n)?", echo, out)


def krayin() -> None:
    layout = _show(KR_REPO, KR_COMMIT, KR_VIEWS + "layout.blade.php")
    manifest = json.loads(_show(KR_REPO, KR_COMMIT, "public/admin/build/manifest.json"))
    logo = f"{KR_URL}/admin/build/" + manifest["src/Resources/assets/images/logo.svg"]["file"]
    mails = [
        # template, view, subject key (None: Laravel's notification default), code path
        (
            "user-created",
            "users/create",
            "admin::app.emails.common.user.create-subject",
            "packages/Webkul/Admin/src/Notifications/User/Create.php",
        ),
        (
            "forget-password",
            "users/forget-password",
            None,
            "packages/Webkul/Admin/src/Notifications/User/UserResetPassword.php",
        ),
    ]
    for lang, code_lang in KR_LANGS.items():
        with tempfile.TemporaryDirectory() as tmp:
            f = Path(tmp) / "app.php"
            f.write_text(
                _show(
                    KR_REPO,
                    KR_COMMIT,
                    f"packages/Webkul/Admin/src/Resources/lang/{code_lang}/app.php",
                )
            )
            strings = json.loads(subprocess.run(
                ["php", "-r", "echo json_encode(include $argv[1]);", str(f)],
                capture_output=True, text=True, check=True).stdout)  # fmt: skip

        def trans(key: str, params: dict, strings=strings) -> str:
            """Laravel's translator: the dotted key of ``admin::app``, ``:name`` replaced
            (also ``:Name`` and ``:NAME``)."""
            node = strings
            for part in key.removeprefix("admin::app.").split("."):
                node = node[part]
            for k, v in sorted(params.items(), key=lambda kv: -len(kv[0])):
                node = (
                    node.replace(":" + k, v)
                    .replace(":" + k[:1].upper() + k[1:], v[:1].upper() + v[1:])
                    .replace(":" + k.upper(), v.upper())
                )
            return node

        for template, view, subject_key, code_path in mails:
            src = _show(KR_REPO, KR_COMMIT, f"{KR_VIEWS}{view}.blade.php")
            exprs = {
                "$user_name": "Noor Tester", "config('app.name')": KR_APP, "config('app.url')": KR_URL,
                "vite()->asset('images/logo.svg')": logo,
                "route('admin.reset_password.create', $token)": f"{KR_URL}/admin/reset-password/{KR_TOKEN}",
            }  # fmt: skip
            m = re.fullmatch(
                r"@component\('admin::emails\.layout'\)\n?(.*)@endcomponent\n?", src, re.S
            )
            slot = _blade(m.group(1), exprs, trans).strip(" \t\n\r\0\x0b")
            body = _blade(layout, {**exprs, "$slot": slot}, trans)
            subject = trans(subject_key, {}) if subject_key else "User Reset Password"
            raw = message(sender=KR_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
            _item(source="krayin", template=template, lang=lang, kind="notice", code=None,
                  repository=KR_REPO,
                  path=f"{code_path}, {KR_VIEWS}{view}.blade.php, {KR_VIEWS}layout.blade.php, "
                       f"packages/Webkul/Admin/src/Resources/lang/{code_lang}/app.php, public/admin/build/manifest.json",
                  commit=KR_COMMIT, licence="MIT",
                  rendered="Blade view and layout compiled and filled by a small faithful renderer (@lang, {{ }}, "
                           "@component slot trimmed) with the language's app.php (loaded by php); one text/html part",
                  raw=raw,
                  note=None if subject_key else "MailMessage without subject: Laravel's default from the class name")  # fmt: skip


# ---------------------------------------------------------------------------------------
# iDempiere

ID_REPO = "idempiere/idempiere"
ID_COMMIT = "11ddd3b2b249fb8c8866a3c3a0040d09d6de427b"
ID_SQL = "migration/i8.2/postgresql/202105301448_IDEMPIERE-4782.sql"


def idempiere() -> None:
    sql = _show(ID_REPO, ID_COMMIT, ID_SQL)
    m = re.search(r"INSERT INTO R_MailText \((.*?)\) VALUES \((200001,.*?)\)\n;", sql, re.S)
    cols = m.group(1).split(",")
    # the VALUES list: numbers, TO_TIMESTAMP(...) and SQL strings ('' is a quote)
    vals = re.findall(r"TO_TIMESTAMP\([^)]*\)|'(?:[^']|'')*'|[^,]+", m.group(2))
    row = {
        c: (v[1:-1].replace("''", "'") if v.startswith("'") else v)
        for c, v in zip(cols, vals, strict=True)
    }
    assert row["IsHtml"] == "Y" and row["Name"] == "MFA Validation Code"
    # MMailText.parse: @Name@ from the user, then @MFASecret@ and @MFA_Method_ID<ExpireInMinutes>@
    # from the MFA_Registration (its method's ExpireInMinutes is 15 in the same migration)
    values = {"Name": "Noor Tester", "MFASecret": "730581", "MFA_Method_ID<ExpireInMinutes>": "15"}
    text = re.sub(r"@([^@]+)@", lambda t: values[t.group(1)], row["MailText"])
    subject = row["MailHeader"]
    # EMail.setMessageHTML
    page = (
        f"<HTML>\n<HEAD>\n<TITLE>\n{subject}\n</TITLE>\n</HEAD>\n<BODY>\n{text}\n</BODY>\n</HTML>\n"
    )
    raw = message(
        sender="erp@northwind.example", subject=subject, text=None, html_part=page, sent=SENT
    )
    _item(source="idempiere", template="mfa-email-code", lang="en", kind="saas-otp", code="730581",
          repository=ID_REPO,
          path=f"{ID_SQL}, org.adempiere.base/src/org/idempiere/mfa/EMailMechanism.java, "
               "org.adempiere.base/src/org/compiere/model/MMailText.java, "
               "org.adempiere.base/src/org/compiere/util/EMail.java",
          commit=ID_COMMIT, licence="GPL-2.0-only",
          rendered="R_MailText 200001 seeded by the migration, @variables@ filled as MMailText.parse does, "
                   "wrapped by EMail.setMessageHTML; one text/html part",
          raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Bigcapital

BC_REPO = "bigcapitalhq/bigcapital"
BC_COMMIT = "af80afcf598377d50c819661fa7ae56e19893d2e"
BC_URL = "https://books.northwind.example"
BC_SENDER = "Bigcapital <noreply@books.northwind.example>"
BC_ESCAPE = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "/": "&#x2F;",
             "`": "&#x60;", "=": "&#x3D;"}  # fmt: skip
"""mustache.js's ``escapeHtml`` entity map (``{{ name }}`` is escaped with it)."""


def bigcapital() -> None:
    mails = [
        ("reset-password", "ResetPassword.html", "Bigcapital - Password Reset",
         {"first_name": "Noor", "last_name": "Tester",
          "resetPasswordUrl": f"{BC_URL}/auth/reset_password/4n5pxq24kpiob12og9"},
         "packages/server/src/modules/Auth/AuthMailMessages.esrvice.ts"),
        ("signup-verify-email", "SignupVerifyEmail.html", "Bigcapital - Verify your email",
         {"fullName": "Noor Tester",
          "verifyUrl": f"{BC_URL}/auth/email_confirmation?token=" + "9c4e1f7a2b8d3e6f0a5c" * 6 + "9c4e1f7a"
                       "&email=noor.tester@example.com"},
         "packages/server/src/modules/Auth/AuthMailMessages.esrvice.ts"),
        ("user-invite", "UserInvite.html", "Amira has invited you to join a Bigcapital",
         {"acceptUrl": f"{BC_URL}/auth/invite/4n5pxq24kpioc7x2m1/accept", "fullName": "Amira Haddad",
          "firstName": "Amira", "lastName": "Haddad", "email": "amira.haddad@northwind.example",
          "organizationName": "Northwind Trading"},
         "packages/server/src/modules/UsersModule/commands/SendInviteUsersMailMessage.service.ts"),
    ]  # fmt: skip
    for template, view, subject, data, code_path in mails:
        src = _show(BC_REPO, BC_COMMIT, f"packages/server/static/mail/{view}")

        def var(m: re.Match, data=data) -> str:
            return "".join(BC_ESCAPE.get(c, c) for c in str(data[m.group(1)]))

        assert "{{#" not in src and "{{{" not in src and "{{&" not in src
        body = re.sub(r"\{\{\s*(\w+)\s*\}\}", var, src)
        raw = message(sender=BC_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
        _item(source="bigcapital", template=template, lang="en", kind="notice", code=None, repository=BC_REPO,
              path=f"{code_path}, packages/server/static/mail/{view}, packages/server/src/modules/Mail/Mail.ts",
              commit=BC_COMMIT, licence="AGPL-3.0-only",
              rendered="Mustache variables filled (mustache.js escaping) in the static view; one text/html part; "
                       "the inline logo attachment (cid:bigcapital_logo) is left out",
              raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Sentrifugo (HRMS)

SF_REPO = "sapplica/sentrifugo"
SF_COMMIT = "0ddb8c1422fb5ab834c84fc1dd4282f2727d6d2b"
SF_APP = "Northwind HR"
SF_DOMAIN = "http://hr.northwind.example"
SF_MAILER = "application/modules/default/library/sapp/Mail.php"
SF_PHP = r"""<?php
define('APPLICATION_NAME', $argv[2]);
define('BASE_URL', $argv[3]);
require $argv[1] . '/class.phpmailer.php';
class V { public function render($f) { ob_start(); include $f; return ob_get_clean(); } }
$out = array();
foreach (json_decode(file_get_contents('php://stdin'), true) as $job) {
    if (isset($job['view'])) {
        $v = new V();
        foreach ($job['vars'] as $k => $val) { $v->$k = $val; }
        $message = $v->render($argv[1] . '/' . $job['view']);
    } else {
        $message = $job['message'];
    }
    $html = str_replace('{MESSAGE}', $message, $job['page']);
    $mail = new PHPMailer();
    $mail->msgHTML($html);
    $out[] = array('html' => $mail->Body, 'text' => $mail->AltBody);
}
echo json_encode($out);
"""


def sentrifugo() -> None:
    mailer = _show(SF_REPO, SF_COMMIT, SF_MAILER)
    # send_php_mail's page, its PHP concatenations filled as the function does (the header and
    # the message: the message goes in by the PHP runner, after the view is rendered)
    page = re.search(r"\$htmlcontentdata = '(.*?)';\n", mailer, re.S).group(1)
    media = f"{SF_DOMAIN}/public/media/"
    page_for = lambda header: (page.replace("'.$imgsource.'", media + "images/mail_pngs/hrms_logo.png")  # noqa: E731
                               .replace("'.MEDIA_PATH.'", media).replace("'.$options['header'].'", header)
                               .replace("'.$options['message'].'", "{MESSAGE}").replace("'.APPLICATION_NAME.'", SF_APP))  # fmt: skip
    assert "'." not in page_for("x")
    ctl = "application/modules/default/controllers/"
    # the forgot-password message: IndexController::sendpasswordAction's string, its
    # concatenations of $username, APPLICATION_NAME and $generatedPswd (uniqid()) filled
    index = _show(SF_REPO, SF_COMMIT, f"{ctl}IndexController.php")
    forgot = re.search(r'\$options\[\'message\'\] = "(<div>Hello .*?)";\n', index, re.S).group(1)
    forgot = (
        forgot.replace('".$username."', "Noor Tester")
        .replace('".APPLICATION_NAME."', SF_APP)
        .replace('".$generatedPswd."', "6571c4e9a2f3b")
    )
    assert '".' not in forgot
    jobs = [
        {"view": "application/modules/default/views/scripts/mailtemplates/newpassword.phtml",
         "vars": {"emp_name": "Noor Tester", "password": "yhudazetu", "emp_id": "NWT0042",
                  "base_url": SF_DOMAIN},
         "page": page_for("Greetings from Sentrifugo")},
        {"message": forgot, "page": page_for(f"{SF_APP} Password")},
    ]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "class.phpmailer.php").write_text(
            _show(
                SF_REPO,
                SF_COMMIT,
                "application/modules/default/library/PHPMailer/class.phpmailer.php",
            )
        )
        view = d / jobs[0]["view"]
        view.parent.mkdir(parents=True)
        view.write_text(_show(SF_REPO, SF_COMMIT, jobs[0]["view"]))
        (d / "run.php").write_text(SF_PHP)
        out = json.loads(subprocess.run(
            ["php", str(d / "run.php"), str(d), SF_APP, SF_DOMAIN + "/"],
            input=json.dumps(jobs), capture_output=True, text=True, check=True).stdout)  # fmt: skip
    mails = [
        ("login-credentials", f"{SF_APP}: Login Credentials", "yhudazetu",
         f"{ctl}EmployeeController.php, {jobs[0]['view']}",
         "a generated password (generatePassword(): nine letters, consonant and vowel in turn) with the employee ID as username"),
        ("password-change", f"{SF_APP} Password Change", "6571c4e9a2f3b", f"{ctl}IndexController.php",
         "the new password is PHP's uniqid(): 13 hex digits"),
    ]  # fmt: skip
    for (template, subject, code, path, note), got in zip(mails, out, strict=True):
        raw = message(
            sender="Do-not-reply <hr@northwind.example>",
            subject=subject,
            text=got["text"].replace("\r\n", "\n"),
            html_part=got["html"].replace("\r\n", "\n"),
            sent=SENT,
        )
        _item(source="sentrifugo", template=template, lang="en", kind="saas-otp", code=code, repository=SF_REPO,
              path=f"{path}, {SF_MAILER}, application/modules/default/library/PHPMailer/class.phpmailer.php",
              commit=SF_COMMIT, licence="GPL-3.0-or-later",
              rendered="the .phtml view (or the controller's message) put in sapp_Mail::send_php_mail's page; "
                       "Body and AltBody by the snapshot's PHPMailer 5.2.10 msgHTML(), run by php 8.2",
              raw=raw, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# X2CRM

X2_REPO = "X2Engine/X2CRM"
X2_COMMIT = "e2b1011a2806a3f4efeaaafb60cc70cf39e2ebed"
X2_APP = "Northwind CRM"
X2_LANGS = {"en": None, "de": "de", "fr": "fr", "ja": "ja"}
X2_RESET = (
    "https://crm.northwind.example/index.php/site/resetPassword?id="
    "3f9a1c7e5b2d8046e1f3a9c7b5d2e80461c3f9a7e5b1d2c8046f3e9a1c7b5d2e"
)
X2_PHP = r"""<?php
require $argv[1] . '/class.phpmailer.php';
$mail = new PHPMailer(true);
$mail->CharSet = 'utf-8';
$mail->MsgHTML(file_get_contents('php://stdin'));
echo json_encode(array('html' => $mail->Body, 'text' => $mail->AltBody));
"""


def x2crm() -> None:
    strings = [
        "You have requested to reset the password for user {user} in {appName}.",
        "To finish resetting your password, please open the following link: ",
        "If you did not make this request, please disregard this email.",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "class.phpmailer.php").write_text(
            _show(X2_REPO, X2_COMMIT, "x2engine/protected/components/phpMailer/class.phpmailer.php")
        )
        (d / "run.php").write_text(X2_PHP)
        for lang, folder in X2_LANGS.items():
            catalogue = {}
            if folder:
                (d / "users.php").write_text(
                    _show(X2_REPO, X2_COMMIT, f"x2engine/protected/messages/{folder}/users.php")
                )
                catalogue = json.loads(subprocess.run(
                    ["php", "-r", "echo json_encode(include $argv[1]);", str(d / "users.php")],
                    capture_output=True, text=True, check=True).stdout)  # fmt: skip

            def t(source: str, params: dict | None = None, catalogue=catalogue) -> str:
                """Yii::t: the catalogue's translation (an empty one falls back to the source), strtr params."""
                out = catalogue.get(source) or source
                for k, v in (params or {}).items():
                    out = out.replace(k, v)
                return out

            # SiteController::resetPasswordHelper
            body = t(strings[0], {"{user}": "noor.tester", "{appName}": X2_APP})
            body += " " + t(strings[1])
            body += "<br /><br />" + X2_RESET
            body += "<br /><br />" + t(strings[2])
            got = json.loads(subprocess.run(["php", str(d / "run.php"), str(d)], input=body,
                                            capture_output=True, text=True, check=True).stdout)  # fmt: skip
            raw = message(sender=f"{X2_APP} <crm@northwind.example>", subject=f"{X2_APP} password reset",
                          text=got["text"].replace("\r\n", "\n"), html_part=got["html"].replace("\r\n", "\n"),
                          sent=SENT)  # fmt: skip
            _item(source="x2crm", template="password-reset", lang=lang, kind="notice", code=None, repository=X2_REPO,
                  path="x2engine/protected/controllers/SiteController.php, "
                       "x2engine/protected/components/behaviors/EmailDeliveryBehavior.php, "
                       "x2engine/protected/components/phpMailer/class.phpmailer.php"
                       + (f", x2engine/protected/messages/{folder}/users.php" if folder else ""),
                  commit=X2_COMMIT, licence="AGPL-3.0-only",
                  rendered="message concatenated as resetPasswordHelper does with Yii::t from the language's users.php; "
                           "Body and AltBody by the snapshot's PHPMailer 5.2.23 MsgHTML(), run by php 8.2",
                  raw=raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Collabtive

CT_REPO = "philippK-de/Collabtive"
CT_COMMIT = "ef3222b9932e4942b62d5148379eac3e34d61f60"
CT_URL = "https://pm.northwind.example/"
CT_SENDER = "Northwind Projects <pm@northwind.example>"
CT_LANGS = {"en": "en", "de": "de", "fr": "fr", "es": "es", "ru": "ru", "zh-CN": "zh"}


def _ct_langfile(text: str) -> dict[str, str]:
    """``readLangfile``: every line with ``=`` split on ``=``, key and the part after the first
    ``=`` trimmed (what follows a second ``=`` is dropped), later keys winning."""
    out = {}
    for line in text.splitlines(keepends=True):
        if "=" in line:
            parts = line.split("=")
            out[parts[0].strip(" \t\n\r\0\x0b")] = parts[1].strip(" \t\n\r\0\x0b")
    return out


def collabtive() -> None:
    admin = _show(CT_REPO, CT_COMMIT, "admin.php")
    manageuser = _show(CT_REPO, CT_COMMIT, "manageuser.php")
    # the PHP concatenations written out below, checked against the snapshot
    for src, snippet in [
        (admin, '$langfile["profileusername"] . ":&nbsp;" . $cleanPost["name"] . "<br />" .'),
        (admin, '$langfile["profilepass"] . ":&nbsp;" . $cleanPost["pass"] . "<br /><br />" .'),
        (admin, '$userlang["projectassignedtext"] .'),
        (manageuser, '$langfile["newpass"] . ": " . $cleanPost["newpass"][\'newpass\'] . "<br />" .'),
        (manageuser, '$langfile["login"] . ": <a href = \\"$url\\">$url</a>";'),
    ]:  # fmt: skip
        assert snippet in src, snippet
    project = f"{CT_URL}manageproject.php?action=showproject&id=7"
    for lang, folder in CT_LANGS.items():
        lf = _ct_langfile(_show(CT_REPO, CT_COMMIT, f"language/{folder}/lng.conf"))
        by = f" ({lf['by']} amira.haddad)"
        mails = [
            ("user-added", lf["profileaddedsubject"] + by,
             lf["hello"] + ",<br /><br/>" + lf["profileaddedtext"] + "<br /><br />"
             + lf["profileusername"] + ":&nbsp;noor.tester<br />" + lf["profilepass"] + ":&nbsp;Kt7pW2qe<br /><br />"
             + f'<a href = "{CT_URL}">{CT_URL}</a>',
             "Kt7pW2qe", "admin.php", "saas-otp", "the password the administrator set for the new account, given to sign in"),
            ("new-password", lf["projectpasswordsubject"],
             lf["hello"] + ",<br /><br/>" + lf["projectpasswordtext"] + "<br /><br />"
             + lf["newpass"] + ": 4hT9qLm2Xc<br />" + lf["login"] + f': <a href = "{CT_URL}">{CT_URL}</a>',
             "4hT9qLm2Xc", "manageuser.php, include/class.user.php", "saas-otp",
             "user::resetPassword: ten characters of 0-9, a-z, A-Z"),
            ("project-assigned", lf["projectassignedsubject"] + by,
             lf["hello"] + ",<br /><br/>" + lf["projectassignedtext"] + f' <a href = "{project}">{project}</a>',
             None, "admin.php", "notice", None),
        ]  # fmt: skip
        for template, subject, body, code, path, kind, note in mails:
            raw = message(sender=CT_SENDER, subject=subject, text=None, html_part=body, sent=SENT)
            _item(source="collabtive", template=template, lang=lang, kind=kind, code=code, repository=CT_REPO,
                  path=f"{path}, include/class.emailer.php, include/initfunctions.php, language/{folder}/lng.conf",
                  commit=CT_COMMIT, licence="GPL-3.0-only",
                  rendered="message concatenated as the PHP sender does with the language's lng.conf (readLangfile "
                           "rules); emailer::send_mail sends it as PHPMailer Body with IsHTML: one text/html part",
                  raw=raw, note=note)  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    MIRRORS = args.mirrors
    press()
    rukovoditel()
    moqui()
    krayin()
    idempiere()
    bigcapital()
    sentrifugo()
    x2crm()
    collabtive()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
