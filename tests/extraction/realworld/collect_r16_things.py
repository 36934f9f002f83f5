"""Round sixteen, game servers and panels, IoT and smart-home clouds: codes, passwords and
recovery keys the players and users are sent, and the same senders' notices without a code.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r16_things.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- kyngs/LibreLogin (MPL-2.0), the Minecraft proxy/server login plugin:
  ``common/mail/AuthenticEMailHandler.java`` sends the default messages of
  ``common/config/MessageKeys.java`` (``email-verification-*``, ``email-password-reset-*``,
  ``%server%`` / ``%name%`` / ``%code%`` / ``%ip%`` replaced) and the inline test mail, with
  commons-email ``HtmlEmail.setHtmlMsg`` only (an HTML part alone). The token is
  ``GeneralUtil.generateAlphanumericText(16)``: sixteen of ``0-9A-Za-z``, to be typed after
  ``/verifyemail`` or ``/confirmpasswordreset`` in the game's chat.
- slawkens/myaac (GPL-3.0), the Open Tibia server's account maker: the mails of
  ``system/pages/account/{lost,register,register-new,change-password,create,
  resend-email-verify}.php`` — inline PHP strings or Twig templates under
  ``system/templates/mail.*.html.twig`` (rendered here by substitution; the Twig ``date`` of
  ``mail.password_changed`` as PHP ``F j, Y, g:i a``). ``_mail()`` in ``system/functions.php``
  appends ``<br/><br/>`` and the HTML signature to the body, and makes the plain part with
  ``strip_tags(preg_replace('/<a(.*)href="([^"]*)"(.*)>/', '$2', $body))`` plus the plain
  signature (the settings' defaults). The lost-account code is
  ``generateRandomString(30, true, false, true)`` (lower case and ``1-9``), the recovery key
  ``generateRandomString(10, false, true, true)`` (upper case without O and ``1-9``).
- rathena/FluxCP (LGPL-3.0), the Ragnarok Online control panel: ``data/templates/*.php``
  rendered as ``Flux_Mailer::send`` does (the PHP template run — here its few ``echo`` and
  ``if`` reproduced — then ``{Var}`` replaced), subjects and variables from ``modules/*``,
  ``SiteTitle`` / ``EmailConfirmExpire`` / ``MailerFrom*`` as configured; PHPMailer 5.2
  ``msgHTML`` makes the text part with its ``html2text`` (head/title/style/script dropped,
  tags stripped, entities decoded). The reset password is ``RandomPasswordLength`` (16) of
  ``a-zA-Z0-9``.
- pufferpanel/pufferpanel (Apache-2.0), the game-server panel: ``assets/email/emails.json``
  subjects and ``assets/email/*.html`` bodies filled as Go html/template does, sent text/html
  only (``email/smtp.go``). No code in any of them.
- ThingsPanel/thingspanel-backend-community (Apache-2.0), an IoT platform: the verification
  mail of ``internal/service/sys_user.go`` (``GenerateNumericCode(6)``) sent by
  ``SendTestEmail`` in ``internal/service/notification_services_config.go`` with gomail,
  ``SetBody("text/html", ...)`` and its Chinese subject.
- NamelessMC/Nameless (MIT), the Minecraft community website: ``Email::formatEmail`` fills
  ``custom/templates/DefaultRevamp/email/{register,change_password}.html`` with the
  ``emails/*`` strings of ``modules/Core/language/<lang>.json``, ``[Link]`` replaced after;
  the subject is ``SITE_NAME - <subject>``; PHPMailer 6 ``msgHTML`` adds the text part
  (``html2text`` as above). Link mails only, no code.
- pelican-dev/panel (AGPL-3.0), the game-server panel: the Laravel notifications
  ``app/Notifications/{AccountCreated,AddedToServer,BackupCompleted}.php`` with the strings of
  ``lang/<lang>/mail.php`` (Laravel's ``:name`` replacement, longest key first), laid out with
  the notification and mail views of laravel/framework (MIT, ``LARAVEL_COMMIT``): default
  subject (the class name in title case), the text part as ``text/layout`` gives it, the HTML
  part ``html/layout`` with the Markdown body converted by hand (the theme CSS inlining is not
  reproduced). ``@lang('Regards,')`` and the subcopy stay English (no JSON lang file).
- GladysAssistant/gladys-gateway (Apache-2.0), the Gladys Plus smart-home cloud:
  ``core/common/email.js`` subjects and ``core/common/email-template/{en,fr}/*.ejs`` rendered
  with the scopes of ``core/common/billing-email-scope.js`` (Intl dates and euro amounts of
  en-GB / fr-FR written out) by a small EJS evaluator; nodemailer sends the HTML alone. No code.
- elyby/emails-renderer (Apache-2.0) with elyby/accounts (Apache-2.0), the Ely.by Minecraft
  account service: the register and forgot-password mails are the renderer's React templates
  (``src/emails/*``, ``src/components/**``, strings of ``src/i18n/<lang>.json`` with the
  English fallback react-intl applies) reproduced here as ``renderToStaticMarkup`` writes
  them (inline style serialisation, react-intl 2 ``<span>``s; the text2png titles become
  ``<img>`` tags whose PNG width/height are estimated and whose asset hash is left out); the
  accounts app sends the HTML body alone with its English subject. The change-e-mail mails
  are the accounts app's own Yii views and layouts (text and HTML). The key is
  ``UserFriendlyRandomKey::make()``: eighteen of ``A-Z0-9``.
- openhab/openhab-cloud (EPL-2.0): ``src/services/email.service.ts`` sends
  ``templates/{lostpassword,activation}-email/html.ejs`` through email-templates with the
  subjects given there; EJS ``<%= %>`` escaped; only the HTML part is reproduced.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import math
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 11, 27, 19, 12, 44, tzinfo=UTC)
RNG = random.Random("r16-things")
ITEMS: list[dict] = []


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


DIGITS = "0123456789"
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _php_html2text(markup: str) -> str:
    """PHPMailer ``html2text`` (5.2 and 6): drop head/title/style/script, strip tags, trim,
    decode entities."""
    markup = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", markup, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", markup).strip())


def _crlf_normal(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


# ---------------------------------------------------------------------------------------
# LibreLogin

LIBRE_COMMIT = "5cae5bd01fa37e45ee1d529bfa5c8eb1dcdc5c58"
LIBRE_REPO = "kyngs/LibreLogin"
LIBRE_KEYS = "Plugin/src/main/java/xyz/kyngs/librelogin/common/config/MessageKeys.java"
LIBRE_HANDLER = "Plugin/src/main/java/xyz/kyngs/librelogin/common/mail/AuthenticEMailHandler.java"


def _java_key(source: str, key: str) -> str:
    m = re.search(
        r'"' + re.escape(key) + r'",\s*(?:"""\n(.*?)"""|"((?:[^"\\]|\\.)*)")', source, re.S
    )
    assert m, key
    if m.group(1) is not None:  # a text block: strip the common indentation
        lines = m.group(1).split("\n")
        indent = min(len(x) - len(x.lstrip()) for x in lines if x.strip())
        closing = len(m.group(0).rsplit("\n", 1)[1]) - 3
        indent = min(indent, closing)
        return "\n".join(x[indent:] for x in lines)
    return m.group(2)


def librelogin(repo: Path) -> None:
    keys = _show(repo, LIBRE_COMMIT, LIBRE_KEYS)
    handler = _show(repo, LIBRE_COMMIT, LIBRE_HANDLER)
    server, player = "Blockhaven Network", "Noor_Builds"
    sender = f"{server} <auth@blockhaven.example>"
    common = dict(
        repository=LIBRE_REPO, commit=LIBRE_COMMIT, licence="MPL-2.0", lang="en",
        rendered="default message of MessageKeys.java with %server%/%name%/%code%/%ip% "
        "replaced as AuthenticEMailHandler does; commons-email HtmlEmail.setHtmlMsg, an HTML "
        "part only", sender=sender,
    )  # fmt: skip
    for template, key, command in [
        ("verify-email", "email-verification", "/verifyemail"),
        ("password-reset", "email-password-reset", "/confirmpasswordreset"),
    ]:
        code = _rand(ALNUM, 16)
        body = (
            _java_key(keys, f"{key}-content")
            .replace("%name%", player)
            .replace("%server%", server)
            .replace("%code%", code)
            .replace("%ip%", "203.0.113.58")
        )
        subject = _java_key(keys, f"{key}-subject").replace("%server%", server)
        _save(
            source="librelogin", template=template, kind="saas-otp", code=code,
            path=f"{LIBRE_KEYS}; {LIBRE_HANDLER}", subject=subject, text=None, html_part=body,
            note=f"the token is to be typed after the in-game command {command}; "
            "GeneralUtil.generateAlphanumericText(16), mixed case", **common,
        )  # fmt: skip
    m = re.search(r'sendEmail\(email, "([^"]+)", """\n(.*?)"""', handler, re.S)
    assert m
    lines = m.group(2).split("\n")
    test_body = "\n".join(x[16:] for x in lines)
    _save(
        source="librelogin", template="test-mail", kind="notice", code=None,
        path=LIBRE_HANDLER, subject=m.group(1), text=None, html_part=test_body, **common,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# MyAAC

MYAAC_COMMIT = "97832cb16cc5ad11e6587b8b78ff53151f7acb75"
MYAAC_REPO = "slawkens/myaac"
MYAAC_SERVER = "Emberfall OTS"
MYAAC_URL = "https://emberfall-ots.example/"
MYAAC_SIG_HTML = '<br/>\nSent by MyAAC,<br/>\n<a href="https://my-aac.org">my-aac.org</a>'
MYAAC_SIG_PLAIN = "--\nSent by MyAAC,\nhttps://my-aac.org"
MYAAC_UPPER = "ABCDEFGHIJKLMNPQRSTUXYVWZ"  # system/functions.php generateRandomString
MYAAC_LOWER = "abcdefghijklmnopqrstuxyvwz"
MYAAC_NUM = "123456789"


def _myaac_mail(body: str) -> tuple[str, str]:
    """``_mail()``: the HTML body with the signature, and the derived plain part."""
    alt = re.sub(r'<a(.*)href="([^"]*)"(.*)>', r"\2", body)
    alt = re.sub(r"<[^>]*>", "", alt) + "\n" + MYAAC_SIG_PLAIN
    return body + "<br/><br/>" + MYAAC_SIG_HTML, alt


def _php_block(source: str, start: str) -> str:
    """The single-quoted PHP string assigned to $mailBody after ``start``."""
    pos = source.index(start)
    m = re.compile(r"\$mailBody = '(.*?)';\n", re.S).search(source, pos)
    assert m
    return m.group(1)


def _php_concat(block: str, values: dict[str, str]) -> str:
    """Evaluate ``'...' . expr . '...'`` where each expr is looked up in ``values``."""

    def sub(m: re.Match) -> str:
        expr = m.group(1).strip()
        assert expr in values, expr
        return values[expr]

    out = re.sub(r"'\s*\.\s*(.*?)\s*\.\s*'", sub, block, flags=re.S)
    return out.replace("\\'", "'")


def myaac(repo: Path) -> None:
    lost = _show(repo, MYAAC_COMMIT, "system/pages/account/lost.php")
    account = "noorvale"
    sender = f"{MYAAC_SERVER} <noreply@emberfall-ots.example>"
    lost_link = MYAAC_URL + "account/lost"
    common = dict(repository=MYAAC_REPO, commit=MYAAC_COMMIT, licence="GPL-3.0", lang="en",
                  sender=sender)  # fmt: skip
    base_values = {
        "$config['lua']['serverName']": MYAAC_SERVER,
        "$account->getName()": account,
        "getLink('account/lost')": lost_link,
        "BASE_URL": MYAAC_URL,
        "urlencode($nick)": "Noor+Ashwind",
    }
    # lost account: the code mail
    code = _rand(MYAAC_LOWER + MYAAC_NUM, 30)
    body = _php_concat(
        _php_block(lost, "$newcode = generateRandomString"), {**base_values, "$newcode": code}
    )
    page, alt = _myaac_mail(body)
    _save(
        source="myaac", template="lost-code", kind="saas-otp", code=code,
        path="system/pages/account/lost.php (action sendcode); system/functions.php _mail",
        rendered="inline PHP mail body (string concatenation evaluated) through _mail(): "
        "HTML with the default signature, plain part derived by _mail's regex and strip_tags",
        subject=f"{MYAAC_SERVER} - Recover your account", text=alt, html_part=page,
        note='the code is in the link and shown in bold to be written in the field "code"; '
        "generateRandomString(30, lower case, digits 1-9)", **common,
    )  # fmt: skip
    # lost account by recovery key: the new password and e-mail
    new_pass = "Kestrel*Dune48"
    body = _php_concat(
        _php_block(lost, "New e-mail address:&nbsp;"),
        {**base_values, "$new_pass": new_pass, "$new_email": "noor.tester@example.com"},
    )
    page, alt = _myaac_mail(body)
    _save(
        source="myaac", template="lost-new-password", kind="saas-otp", code=new_pass,
        path="system/pages/account/lost.php (action step3); system/functions.php _mail",
        rendered="inline PHP mail body through _mail() (HTML + derived plain part)",
        subject=f"{MYAAC_SERVER} - New password to your account", text=alt, html_part=page,
        note="the mail gives the account name and the new password (chosen on the recovery-key "
        "form) to log in with", **common,
    )  # fmt: skip
    # lost account by e-mail code: the new password
    new_pass2 = "moss7harbor"
    body = _php_concat(
        _php_block(lost, "$account->setCustomField('email_code', '');"),
        {**base_values, "$newpassword": new_pass2},
    )
    page, alt = _myaac_mail(body)
    _save(
        source="myaac", template="lost-your-password", kind="saas-otp", code=new_pass2,
        path="system/pages/account/lost.php (action setnewpassword); system/functions.php _mail",
        rendered="inline PHP mail body through _mail() (HTML + derived plain part)",
        subject=f"{MYAAC_SERVER} - Your new password", text=alt, html_part=page,
        note="the mail repeats the new password the player chose, to log in with", **common,
    )  # fmt: skip
    # recovery key (register.php and register-new.php share the Twig template)
    twig = _show(repo, MYAAC_COMMIT, "system/templates/mail.account.register.html.twig")
    for template, subject in [
        ("recovery-key", f"{MYAAC_SERVER} - Recovery Key"),
        ("new-recovery-key", f"{MYAAC_SERVER} - new recovery key"),
    ]:
        key = _rand(MYAAC_UPPER + MYAAC_NUM, 10)
        body = (
            twig.replace("{{ constant('BASE_URL') }}", MYAAC_URL)
            .replace("{{ config.lua.serverName }}", MYAAC_SERVER)
            .replace("{{ recovery_key }}", key)
        )
        page, alt = _myaac_mail(body)
        src = "register.php" if template == "recovery-key" else "register-new.php"
        _save(
            source="myaac", template=template, kind="saas-otp", code=key,
            path=f"system/pages/account/{src}; system/templates/mail.account.register.html.twig"
            "; system/functions.php _mail",
            rendered="Twig template filled by substitution, through _mail() (HTML + derived "
            "plain part)", subject=subject, text=alt, html_part=page,
            note="the recovery key is typed on the lost-account form to recover the account; "
            "generateRandomString(10, upper case, digits 1-9)", **common,
        )  # fmt: skip
    # password changed: shows the new password
    twig = _show(repo, MYAAC_COMMIT, "system/templates/mail.password_changed.html.twig")
    new_pass3 = "Lantern-Hollow-2026"
    body = (
        twig.replace("{{ config.lua.serverName }}", MYAAC_SERVER)
        .replace('{{ "now"|date("F j, Y, g:i a") }}', "November 27, 2026, 7:12 pm")
        .replace("{{ ip }}", "198.51.100.23")
        .replace("{{ new_password }}", new_pass3)
    )
    page, alt = _myaac_mail(body)
    _save(
        source="myaac", template="password-changed", kind="saas-otp", code=new_pass3,
        path="system/pages/account/change-password.php; system/templates/"
        "mail.password_changed.html.twig; system/functions.php _mail",
        rendered="Twig template filled by substitution, through _mail() (HTML + derived "
        "plain part)", subject=f"{MYAAC_SERVER} - Changed password", text=alt, html_part=page,
        note="a password-changed warning that shows the new (chosen) password; its hyphens "
        "are part of the password, not separators the sender adds", **common,
    )  # fmt: skip
    # verify, welcome, resend verify: no code
    verify_url = MYAAC_URL + "account/confirm-email/" + hashlib.md5(b"r16-myaac").hexdigest()
    link = f'<a href="{verify_url}">{verify_url}</a>'
    for template, path, subject, values in [
        ("verify", "mail.account.verify.html.twig", f"New account on {MYAAC_SERVER}",
         {"{{ account }}": account, "{{ verify_url|raw }}": link}),
        ("welcome", "account.welcome_mail.html.twig", f"Your account on {MYAAC_SERVER}",
         {"{{ account }}": account}),
        ("resend-verify", "mail.account.resend-email-verify.html.twig",
         f"{MYAAC_SERVER} - Verify Account", {"{{ account }}": account,
                                              "{{ verify_url|raw }}": link}),
    ]:  # fmt: skip
        twig = _show(repo, MYAAC_COMMIT, "system/templates/" + path)
        twig = re.sub(
            r"\{% if constant\('USE_ACCOUNT_NAME'\) %\}(\w+)\{% else %\}\w+\{% endif %\}",
            r"\1", twig,
        )  # fmt: skip
        values = {
            "{{ config.lua.serverName }}": MYAAC_SERVER,
            "{{ constant('BASE_URL') }}": MYAAC_URL,
            **values,
        }
        for k, v in values.items():
            twig = twig.replace(k, v)
        page, alt = _myaac_mail(twig)
        _save(
            source="myaac", template=template, kind="notice", code=None,
            path=f"system/templates/{path}; system/functions.php _mail",
            rendered="Twig template filled by substitution (USE_ACCOUNT_NAME true), through "
            "_mail() (HTML + derived plain part)", subject=subject, text=alt, html_part=page,
            note="the password is shown as asterisks" if template != "resend-verify" else None,
            **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# FluxCP

FLUX_COMMIT = "5bd298f94841b7b4e52da87a77e441c474f5797e"
FLUX_REPO = "rathena/FluxCP"
FLUX_TITLE = "Flux Control Panel"  # config/application.php SiteTitle


def _flux_render(source: str, values: dict[str, str]) -> str:
    """Run a data/templates/*.php as PHP would for these templates, then Flux_Mailer's
    ``{Var}`` replacement."""
    head, rest = source.split("?>\n", 1)  # PHP eats the newline after ?>
    m = re.search(r"\$emailTitle = sprintf\('([^']*)'(?:, \$siteTitle)?\);", head)
    assert m
    title = m.group(1).replace("%s", FLUX_TITLE)
    out = rest.replace("<?php echo htmlspecialchars($emailTitle) ?>", html.escape(title))
    out = out.replace("<?php echo htmlspecialchars($siteTitle) ?>", html.escape(FLUX_TITLE))
    out = out.replace("<?php if ($expire=Flux::config('EmailConfirmExpire')): ?>\n", "")
    out = out.replace("<?php echo (int)$expire ?>", "48")
    out = out.replace("<?php endif ?>\n", "")
    assert "<?php" not in out, out
    for key, value in values.items():
        out = out.replace("{" + key + "}", value)
    return out


def fluxcp(repo: Path) -> None:
    user = "noorblade"
    host = "https://ro.sunhollow.example"
    sender = "Sunhollow RO <noreply@sunhollow.example>"
    common = dict(repository=FLUX_REPO, commit=FLUX_COMMIT, licence="LGPL-3.0", lang="en",
                  sender=sender)  # fmt: skip
    rendered = (
        "PHP mail template run (its echo/if reproduced) and {Var} replaced as Flux_Mailer::send "
        "does; PHPMailer 5.2 msgHTML: HTML part and html2text plain part"
    )
    new_pass = _rand(ALNUM, 16)
    confirm = hashlib.md5(b"r16-flux-confirm").hexdigest()
    for template, subject, values, kind, code, module, note in [
        ("newpass", "Password Has Been Reset",
         {"AccountUsername": user, "NewPassword": new_pass}, "saas-otp", new_pass,
         "modules/account/resetpw.php",
         "the new password generated by the reset (RandomPasswordLength 16 of a-zA-Z0-9)"),
        ("resetpass", "Reset Password",
         {"AccountUsername": user, "ResetLink": html.escape(
             f"{host}/?module=account&action=resetpw&code={confirm}&account=2000417&login="
             "Sunhollow")}, "notice", None, "modules/account/resetpass.php", None),
        ("confirm", "Account Confirmation",
         {"AccountUsername": user, "ConfirmationLink": html.escape(
             f"{host}/?module=account&action=confirm&code={confirm}&user={user}&login="
             "Sunhollow")}, "notice", None, "modules/account/create.php", None),
        ("changemail", "Change E-mail",
         {"AccountUsername": user, "OldEmail": "noor.old@example.net",
          "NewEmail": "noor.tester@example.com", "ChangeLink": html.escape(
              f"{host}/?module=account&action=confirmemail&code={confirm}&account=2000417"
              "&login=Sunhollow")}, "notice", None, "modules/account/changemail.php", None),
        ("ticketreply", "Ticket Reply", {"TicketID": "1184", "Staff": "GM Rowan"}, "notice",
         None, "modules/servicedesk/staffview.php", "the ticket ID is not a code"),
    ]:  # fmt: skip
        page = _flux_render(_show(repo, FLUX_COMMIT, f"data/templates/{template}.php"), values)
        _save(
            source="fluxcp", template=template, kind=kind, code=code,
            path=f"data/templates/{template}.php; {module}; lib/Flux/Mailer.php",
            rendered=rendered, subject=subject, text=_php_html2text(page), html_part=page,
            note=note, **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# PufferPanel

PUFFER_COMMIT = "980d599331ac56a01473e365ee970351ae63496a"
PUFFER_REPO = "pufferpanel/pufferpanel"


def pufferpanel(repo: Path) -> None:
    decl = json.loads(_show(repo, PUFFER_COMMIT, "assets/email/emails.json"))
    company, master = "Ridgeline Hosting", "https://panel.ridgeline.example"
    data = {
        ".COMPANY_NAME": company,
        ".MASTER_URL": master,
        ".HOST_NAME": "panel.ridgeline.example",
        ".NEW_EMAIL": "noor.tester@example.com",
        ".Server.Name": "Survival SMP 1.21",
        ".Server.Identifier": "a3f91c2e",
        ".RESET_LINK": f"{master}/auth/reset?token=Zq7mVx2KpL9sWd4RtY6uBn",
    }
    for name, spec in decl.items():
        body = _show(repo, PUFFER_COMMIT, "assets/email/" + spec["body"])
        # {{if .RegisterToken}}...{{else}}...{{end}}: the user already has an account
        body = re.sub(r"\{\{if \.RegisterToken\}\}.*?\{\{else\}\}(.*?)\{\{end\}\}", r"\1", body,
                      flags=re.S)  # fmt: skip

        def fill(m: re.Match) -> str:
            return html.escape(data[m.group(1)]).replace("&#x27;", "&#39;")

        body = re.sub(r"\{\{ ?(\.[\w.]+) ?\}\}", fill, body)
        template = re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()
        _save(
            source="pufferpanel", template=template, lang="en", kind="notice", code=None,
            repository=PUFFER_REPO, path=f"assets/email/emails.json; assets/email/{spec['body']}"
            "; services/email.go; email/smtp.go", commit=PUFFER_COMMIT, licence="Apache-2.0",
            rendered="Go html/template filled (values HTML-escaped); text/html only as "
            "email/smtp.go sends it", sender=f"{company} <panel@ridgeline.example>",
            subject=spec["subject"], text=None, html_part=body,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# ThingsPanel

TP_COMMIT = "121c930f628c6c6edb19479f48b9daeec7d47590"
TP_REPO = "ThingsPanel/thingspanel-backend-community"


def thingspanel(repo: Path) -> None:
    svc = _show(repo, TP_COMMIT, "internal/service/sys_user.go")
    conf = _show(repo, TP_COMMIT, "internal/service/notification_services_config.go")
    fmt = re.search(r'Body:\s+fmt\.Sprintf\("([^"]+)", verificationCode\)', svc)
    subject = re.search(r'SetHeader\("Subject", "([^"]+)"\)', conf)
    assert fmt and subject
    for template in ["verification-code"]:
        code = _rand(DIGITS, 6)
        _save(
            source="thingspanel", template=template, lang="en", kind="saas-otp", code=code,
            repository=TP_REPO, path="internal/service/sys_user.go; internal/service/"
            "notification_services_config.go", commit=TP_COMMIT, licence="Apache-2.0",
            rendered="fmt.Sprintf body sent by gomail SetBody(\"text/html\", ...); the subject "
            "is the fixed Chinese one", sender="ThingsPanel <iot-noreply@sensorfarm.example>",
            subject=subject.group(1), text=None, html_part=fmt.group(1).replace("%s", code),
            note="the same mail serves registration and password reset (is_register); Chinese "
            "subject, English body" if template == "verification-code" else
            "the password-reset request of the same sender (same template)",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# NamelessMC

NAMELESS_COMMIT = "4a5ceb485f12f53c9aa2588409e4dfe168a88d6d"
NAMELESS_REPO = "NamelessMC/Nameless"
NAMELESS_LANGS = ["en_UK", "de_DE", "fr_FR", "es_ES", "nl_NL", "pl_PL", "pt_BR", "ru_RU",
                  "tr_TR", "ja_JP", "zh_CN", "cs_CZ", "sv_SE", "uk_UA"]  # fmt: skip


def nameless(repo: Path) -> None:
    site = "Pinewood Craft"
    base = "https://pinewoodcraft.example"
    english = json.loads(_show(repo, NAMELESS_COMMIT, "modules/Core/language/en_UK.json"))
    for lang in NAMELESS_LANGS:
        strings = json.loads(_show(repo, NAMELESS_COMMIT, f"modules/Core/language/{lang}.json"))

        def get(key: str, strings=strings) -> str:
            return strings.get("emails/" + key) or english["emails/" + key]

        for email, path in [("register", "/validate/?c="), ("change_password",
                                                             "/forgot_password/?c=")]:  # fmt: skip
            tpl = _show(repo, NAMELESS_COMMIT,
                        f"custom/templates/DefaultRevamp/email/{email}.html")  # fmt: skip
            link = base + path + _rand(ALNUM, 32)
            page = (
                tpl.replace("[Sitename]", site)
                .replace("[Greeting]", get("greeting"))
                .replace("[Message]", get(email + "_message"))
                .replace("[Thanks]", get("thanks"))
                .replace("[Link]", link)
            )
            page = _crlf_normal(page)
            _save(
                source="namelessmc", template=email.replace("_", "-"),
                lang=lang.split("_")[0] if lang not in ("pt_BR", "zh_CN") else
                lang.replace("_", "-"), kind="notice", code=None,
                repository=NAMELESS_REPO, path=f"custom/templates/DefaultRevamp/email/{email}."
                f"html; modules/Core/language/{lang}.json; core/classes/Core/Email.php",
                commit=NAMELESS_COMMIT, licence="MIT",
                rendered="Email::formatEmail placeholders filled from the language file, [Link] "
                "replaced; PHPMailer 6 msgHTML (HTML part and html2text plain part)",
                sender=f"{site} <no-reply@pinewoodcraft.example>",
                subject=f"{site} - {get(email + '_subject')}", text=_php_html2text(page),
                html_part=page,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Pelican

PELICAN_COMMIT = "235c8fb98fe6693ec2aea1c0d1597ead376b7819"
PELICAN_REPO = "pelican-dev/panel"
LARAVEL_COMMIT = "bd71b45fbb7e672957bf6ff61baddefe15fbca6a"
PELICAN_LANGS = ["en", "de", "es", "fr", "hu", "it", "ja", "nl", "pt_BR", "ru", "zh_TW"]


def _php_lang(source: str) -> dict[str, str]:
    """The nested 'key' => 'value' strings of a Laravel lang file, as dotted keys."""
    out: dict[str, str] = {}
    stack: list[str] = []
    for line in source.splitlines():
        m = re.match(r"\s*'(\w+)' => \[$", line)
        if m:
            stack.append(m.group(1))
            continue
        if re.match(r"\s*\],?$", line) and stack:
            stack.pop()
            continue
        m = re.match(r"""\s*'(\w+)' => (['"])(.*)\2,$""", line)
        if m:
            value = m.group(3).replace("\\'", "'") if m.group(2) == "'" else m.group(3)
            out[".".join([*stack, m.group(1)])] = value
    return out


def _trans(value: str, repl: dict[str, str]) -> str:
    """Laravel makeReplacements: longest key first, :key / :Key / :KEY."""
    for key in sorted(repl, key=len, reverse=True):
        value = value.replace(":" + key, repl[key])
        value = value.replace(":" + key.capitalize(), repl[key].capitalize())
        value = value.replace(":" + key.upper(), repl[key].upper())
    return value


def _blade_e(value: str) -> str:
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def pelican(repo: Path, laravel: Path) -> None:
    app, url = "Pelican", "https://panel.lakeside-games.example"
    layout = _show(
        laravel, LARAVEL_COMMIT, "src/Illuminate/Mail/resources/views/html/layout.blade.php"
    )
    user, server = "noor_t", "Valheim Dedicated"
    for lang in PELICAN_LANGS:
        s = _php_lang(_show(repo, PELICAN_COMMIT, f"lang/{lang}/mail.php"))
        en = _php_lang(_show(repo, PELICAN_COMMIT, "lang/en/mail.php"))

        def t(key: str, repl: dict[str, str] | None = None, s=s, en=en) -> str:
            return _trans(s.get(key) or en[key], repl or {})

        greeting = t("greeting", {"name": user})
        mails = [
            ("account-created", "Account Created", "AccountCreated", [
                t("account_created.body", {"app": app}),
                t("account_created.username", {"username": user}),
                t("account_created.email", {"email": "noor.tester@example.com"})],
             t("account_created.action"),
             f"{url}/password-reset/reset/9f2c6b1e4d8a7c3b5e0f1a2d6c4b8e7f"
             "?email=noor.tester%40example.com", "primary"),
            ("added-to-server", "Added To Server", "AddedToServer", [
                t("added_to_server.body"), t("added_to_server.server_name", {"name": server})],
             t("added_to_server.action"), f"{url}/server/7c1e9a2b", "primary"),
            ("backup-completed", "Backup Completed", "BackupCompleted", [
                t("backup_completed.body_success"),
                t("backup_completed.backup_name", {"name": "nightly-2026-11-27"}),
                t("backup_completed.server_name", {"name": server})],
             t("backup_completed.action"), f"{url}/server/7c1e9a2b/backups", "primary"),
        ]  # fmt: skip
        for template, subject, cls, lines, action, action_url, color in mails:
            intro_md = "".join(f"{_blade_e(x)}\n\n" for x in lines)
            subcopy = (
                f'If you\'re having trouble clicking the "{action}" button, copy and paste the '
                f"URL below\ninto your web browser:"
            )
            footer = f"© {SENT.year} {app}. All rights reserved."
            text = (
                f"{app}: {url}\n\n# {greeting}\n\n{intro_md}{action}: {action_url}\n\n"
                f"Regards,\n{app}\n\n{subcopy} [{action_url}]({action_url})\n\n{footer}\n"
            )
            text = html.unescape(text)

            def para(x: str) -> str:
                return f"<p>{html.escape(x, quote=False)}</p>\n"

            button = (
                '<table class="action" align="center" width="100%" cellpadding="0" '
                'cellspacing="0" role="presentation">\n<tr>\n<td align="center">\n<table '
                'width="100%" border="0" cellpadding="0" cellspacing="0" role="presentation">\n'
                '<tr>\n<td align="center">\n<table border="0" cellpadding="0" cellspacing="0" '
                f'role="presentation">\n<tr>\n<td>\n<a href="{html.escape(action_url)}" '
                f'class="button button-{color}" target="_blank" rel="noopener">'
                f"{html.escape(action, quote=False)}</a>\n</td>\n</tr>\n</table>\n</td>\n</tr>\n"
                "</table>\n</td>\n</tr>\n</table>\n"
            )
            body = (
                f"<h1>{html.escape(greeting, quote=False)}</h1>\n"
                + "".join(para(x) for x in lines)
                + button
                + f"<p>Regards,<br>\n{app}</p>\n"
            )
            sub = (
                '<table class="subcopy" width="100%" cellpadding="0" cellspacing="0" '
                'role="presentation">\n<tr>\n<td>\n'
                f'<p>{html.escape(subcopy, quote=False)} <span class="break-all"><a href="'
                f'{html.escape(action_url)}">{html.escape(action_url)}</a></span></p>\n'
                "\n</td>\n</tr>\n</table>"
            )
            header = (
                f'<tr>\n<td class="header">\n<a href="{url}" style="display: inline-block;">\n'
                f"{app}\n</a>\n</td>\n</tr>"
            )
            foot = (
                '<tr>\n<td>\n<table class="footer" align="center" width="570" cellpadding="0" '
                'cellspacing="0" role="presentation">\n<tr>\n<td class="content-cell" '
                f'align="center">\n<p>{html.escape(footer, quote=False)}</p>\n\n</td>\n</tr>\n'
                "</table>\n</td>\n</tr>"
            )
            page = (
                layout.replace(
                    "{{ str_replace('_', '-', app()->getLocale()) }}", lang.replace("_", "-")
                )
                .replace("{{ config('app.name') }}", app)
                .replace("{!! $head ?? '' !!}\n", "")
                .replace("{!! $header ?? '' !!}", header)
                .replace("{!! Illuminate\\Mail\\Markdown::parse($slot) !!}", body)
                .replace("{!! $subcopy ?? '' !!}", sub)
                .replace("{!! $footer ?? '' !!}", foot)
            )
            _save(
                source="pelican", template=template, lang=lang.replace("_", "-"),
                kind="notice", code=None, repository=PELICAN_REPO,
                path=f"app/Notifications/{cls}.php; lang/{lang}/mail.php; laravel/framework@"
                f"{LARAVEL_COMMIT}:src/Illuminate/Notifications/resources/views/email.blade.php"
                ", src/Illuminate/Mail/resources/views/{html,text}/*.blade.php",
                commit=PELICAN_COMMIT, licence="AGPL-3.0-only",
                rendered="Laravel MailMessage (greeting, lines, action) in the framework's "
                "notification view: text part as text/layout gives it, HTML part html/layout "
                "with the Markdown body converted by hand; default subject from the class name",
                sender=f"{app} <no-reply@lakeside-games.example>", subject=subject, text=text,
                html_part=page,
                note="the backup and server names are not codes" if template ==
                "backup-completed" else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# openHAB Cloud

OPENHAB_COMMIT = "5c128d59a22a85fd3535e12f8a367756a5d3f475"
OPENHAB_REPO = "openhab/openhab-cloud"


def openhab(repo: Path) -> None:
    email = "noor.tester@example.com"
    for template, subject, var, url in [
        ("lostpassword", "Password recovery", "resetUrl",
         "https://myopenhab.example/lostpasswordreset?resetPasswordId="
         "6f1c2a9e-4b7d-4e3a-9c5f-2d8b1e7a0c43"),
        ("activation", "Email Verification", "verifyUrl",
         "https://myopenhab.example/verify?code=0b9e4c1d-7a2f-4f6e-8d3c-5a1b2e9f7c60"),
    ]:  # fmt: skip
        page = _show(repo, OPENHAB_COMMIT, f"templates/{template}-email/html.ejs")
        page = re.sub(r"<%=\s*email\s*%>", html.escape(email), page)
        page = re.sub(r"<%=\s*" + var + r"\s*%>", html.escape(url), page)
        assert "<%" not in page
        _save(
            source="openhab-cloud", template=template, lang="en", kind="notice", code=None,
            repository=OPENHAB_REPO, path=f"templates/{template}-email/html.ejs; "
            "src/services/email.service.ts", commit=OPENHAB_COMMIT, licence="EPL-2.0",
            rendered="EJS template filled (<%= %> escaped); only the HTML part reproduced",
            sender="openHAB Cloud <noreply@myopenhab.example>", subject=subject, text=None,
            html_part=page,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Gladys Plus (gladys-gateway)

GLADYS_COMMIT = "5768422c7c28a63fd2c5381ee33cdf88038c9d9d"
GLADYS_REPO = "GladysAssistant/gladys-gateway"
_EJS_TAG = re.compile(r"(<%[=-]?.*?%>)", re.S)


def _ejs_escape(value: str) -> str:
    """EJS ``escapeXML``: & < > " '."""
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&#34;").replace("'", "&#39;")
    )  # fmt: skip


def _ejs(template: str, scope: dict) -> str:
    """The EJS these templates use: <%= %>, <%- %>, if / else, forEach."""
    tokens = _EJS_TAG.split(template)

    def run(pos: int, local: dict, ends: tuple[str, ...]) -> tuple[str, int, str]:
        out = []
        while pos < len(tokens):
            tok = tokens[pos]
            pos += 1
            if not tok.startswith("<%"):
                out.append(tok)
                continue
            inner = tok[2:-2]
            if inner.startswith("="):
                out.append(_ejs_escape(str(local[inner[1:].strip()])))
                continue
            if inner.startswith("-"):
                out.append(str(local[inner[1:].strip()]))
                continue
            code = inner.strip()
            if code in ends:
                return "".join(out), pos, code
            m = re.fullmatch(r"if \((\w+)\) \{", code)
            if m:
                yes, pos, end = run(pos, local, ("} else {", "}"))
                no = ""
                if end == "} else {":
                    no, pos, _ = run(pos, local, ("}",))
                out.append(yes if local[m.group(1)] else no)
                continue
            m = re.fullmatch(r"(\w+)\.forEach\(function\((\w+)\) \{", code)
            if m:
                start = pos
                for value in local[m.group(1)]:
                    part, pos, _ = run(start, {**local, m.group(2): value}, ("});",))
                    out.append(part)
                continue
            raise ValueError(code)
        return "".join(out), pos, ""

    return run(0, scope, ())[0]


def gladys(repo: Path) -> None:
    subjects = _show(repo, GLADYS_COMMIT, "core/common/email.js")
    front = "https://plus.gladys-home.example"
    back = "https://api.gladys-home.example"
    benefits = {
        "en": ["Daily encrypted backups", "Remote camera streaming",
               "Advanced integrations (AI, Enedis, MCP)"],
        "fr": ["Sauvegardes quotidiennes chiffrées", "Streaming caméra à distance",
               "Intégrations avancées (IA, Enedis, MCP)"],
    }  # fmt: skip
    steps = {
        "en": [
            "Activate your Gladys Plus account using the button below.",
            "Connect your local Gladys instance to Gladys Plus.",
            "Try accessing your instance from your phone.",
            "Verify your backups are working (Settings → Backups). You can trigger a manual "
            "backup to test.",
            'Try chatting with the AI agent in the chat, or use the "Ask AI" action in scenes to '
            "automate your actions with AI.",
            "Invite family members (Settings → Plus Users). As many users as you want, it's "
            "included!",
            'Set up OwnTracks on your phone for GPS scenes (<a href="https://gladysassistant.com/'
            'docs/integrations/owntracks">read the docs</a>).',
            'Explore the Gladys Plus OpenAPI (<a href="https://gladysassistant.com/docs/plus/'
            'open-api">see the docs</a>).',
        ],
        "fr": [
            "Active ton compte Gladys Plus avec le bouton ci-dessous.",
            "Connecte ton instance Gladys locale à Gladys Plus.",
            "Essaie d'accéder à ton instance depuis ton téléphone.",
            "Vérifie que les sauvegardes fonctionnent (Paramètres → Sauvegardes). Tu peux lancer "
            "une sauvegarde manuelle pour tester.",
            "Essaie de discuter avec l'agent IA dans le chat, ou utilise l'action « Demander à "
            "l'IA » dans les scènes pour automatiser tes actions avec l'IA.",
            "Invite les membres de ta famille (Paramètres → Utilisateurs Plus). Autant "
            "d'utilisateurs que tu veux, c'est inclus !",
            'Configure OwnTracks sur ton téléphone pour les scènes GPS (<a href="https://'
            'gladysassistant.com/fr/docs/integrations/owntracks">voir la doc</a>).',
            "Découvre l'OpenAPI Gladys Plus (<a href=\"https://gladysassistant.com/fr/docs/plus/"
            'open-api">voir la doc</a>).',
        ],
    }
    # Intl.DateTimeFormat / NumberFormat of en-GB and fr-FR (billing-email-scope.js)
    dates = {"en": ("4 December 2026", "27 November 2026", "2 December 2026"),
             "fr": ("4 décembre 2026", "27 novembre 2026", "2 décembre 2026")}  # fmt: skip
    monthly = {"en": "€9.99/month", "fr": "9,99\u00a0€/mois"}
    due = {"en": "€9.99", "fr": "9,99\u00a0€"}
    portal = f"{back}/accounts/stripe_customer_portal/" + _rand("0123456789abcdef", 40)
    for template in ["confirmation", "invitation", "password_reset", "welcome", "welcome_back",
                     "trial_will_end", "payment_failed"]:  # fmt: skip
        for lang in ["en", "fr"]:
            token = _rand("0123456789abcdef", 64)
            scope = {
                "confirmationUrlGladys4": f"{front}/signup-gateway?token={token}",
                "invitationUrlGladys4": f"{front}/signup-gateway?token={token}",
                "nameOfAdminInviting": "Noor Tester",
                "resetPasswordUrlGladys4": f"{front}/reset-password?token={token}{token}",
                "loginUrl": front,
                "firstname": "Noor",
                "planName": "Plus",
                "planProductName": "Gladys Plus",
                "welcomeSteps": steps[lang],
                "hasTrial": True,
                "trialEndDate": dates[lang][0],
                "amount": monthly[lang] if template == "trial_will_end" else due[lang],
                "planBenefits": benefits[lang],
                "updateCardLink": portal,
                "attemptDate": dates[lang][1],
                "nextRetryDate": dates[lang][2],
                "hostedInvoiceUrl": "https://invoice.stripe.example/i/acct_1Q8ZxT/test_"
                + _rand(ALNUM, 24),
            }
            path = f"core/common/email-template/{lang}/{template}.ejs"
            page = _ejs(_show(repo, GLADYS_COMMIT, path), scope)
            m = re.search(
                r"\b" + template + r": \{.*?" + lang + r": \{\s*subject: (['\"])(.*?)\1,",
                subjects, re.S,
            )  # fmt: skip
            assert m, (template, lang)
            kind = "invoice" if template == "payment_failed" else "notice"
            _save(
                source="gladys-plus", template=template.replace("_", "-"), lang=lang,
                kind=kind, code=None, repository=GLADYS_REPO,
                path=f"{path}; core/common/email.js; core/service/mail.js; "
                "core/common/billing-email-scope.js", commit=GLADYS_COMMIT, licence="Apache-2.0",
                rendered="EJS template rendered by a small EJS evaluator (escape, if/else, "
                "forEach) with the scope the gateway builds; nodemailer html only",
                sender="Gladys Plus <hello@gladys-home.example>", subject=m.group(2), text=None,
                html_part=page,
                note="amounts and dates, no code" if kind == "invoice" else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ely.by Accounts (elyby/accounts + elyby/emails-renderer)

ELY_COMMIT = "09c51c943f09b80d1d3cd684c3710998eb1adba6"
ELY_REPO = "elyby/accounts"
ELYR_COMMIT = "5dc8aae90c08cbcf211a91d13b60b49c816e3762"
ELYR_REPO = "elyby/emails-renderer"
ELY_PUBLIC = "https://account.ely.by/emails-images/"
ELY_KEY = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"  # common/components/UserFriendlyRandomKey.php
ELY_LANGS = ["en", "ru", "be", "uk", "pl", "cs", "fr", "pt", "id", "vi", "zh", "sr", "eo",
             "lt", "ro", "sl", "el"]  # fmt: skip
# components/ui/colors.ts
ELY_COLORS = {
    "green": ("#207e5c", "#1a6449"),
    "blue": ("#5b9aa9", "#568297"),
    "lightViolet": ("#8b5d79", "#864567"),
}


def _react_attr(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#x27;")
    )  # fmt: skip


def _react_text(value: str) -> str:
    return _react_attr(value)


def _style(*parts: dict) -> str:
    """React 16 style serialisation: camelCase to kebab-case, ``;`` between, values trimmed."""
    merged: dict[str, str] = {}
    for part in parts:
        merged.update(part)
    return ";".join(
        re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), k) + ":" + v.strip()
        for k, v in merged.items()
    )


def _el(tag: str, attrs: dict | None = None, *children: str) -> str:
    out = "<" + tag
    for key, value in (attrs or {}).items():
        out += f' {key}="{_react_attr(value)}"'
    if tag in ("img", "br", "meta"):
        return out + "/>"
    return out + ">" + "".join(children) + f"</{tag}>"


ELY_TABLE = {"borderCollapse": "collapse", "msoTableLspace": "0pt", "msoTableRspace": "0pt",
             "width": "100%"}  # fmt: skip


def _ely_table(style: dict | None, *rows: str) -> str:
    return _el("table", {"cellpadding": "0", "cellspacing": "0",
                         "style": _style(ELY_TABLE, style or {})},
               _el("tbody", None, *rows))  # fmt: skip


def _ely_img_text(key: str, text: str, lang: str, size: int, color: str) -> str:
    """extended-translations-loader: a text2png message becomes an <img> (its PNG size is
    estimated here)."""
    name = key.replace(".", "_") + f"_{lang}.png"
    width = math.ceil(len(text) * size * 0.5)
    height = math.ceil(size * 1.25)
    return (
        f'<img src="{ELY_PUBLIC}assets/{name}" alt="{text}" width="{width}" height="{height}" '
        f'style="font-size: {size}px; color: {color}; vertical-align: middle" />'
    )


def _ely_page(repo: Path, template: str, lang: str, username: str, code: str, link: str) -> str:
    en = json.loads(_show(repo, ELYR_COMMIT, "src/i18n/en.json"))
    tr = json.loads(_show(repo, ELYR_COMMIT, f"src/i18n/{lang}.json"))

    def msg(key: str) -> str:
        return tr.get(key) or en[key]

    def span(text: str) -> str:  # react-intl 2 FormattedMessage: a <span>
        return _el("span", None, _react_text(text))

    def html_msg(key: str, size: int, color: str) -> str:  # FormattedHTMLMessage
        return _el("span", None, _ely_img_text(key, msg(key), lang, size, color))

    paragraph = {"fontSize": "16px", "lineHeight": "125%"}
    userbar = _ely_table(
        {"background": "#207e5c", "height": "50px"},
        _el("tr", None,
            _el("td", {"style": _style({"width": "20px"})}),
            _el("td", {"style": _style({"width": "1%", "verticalAlign": "middle",
                                         "background": "#1a6449"})},
                _el("a", {"href": "http://ely.by", "style": _style(
                    {"padding": "0 13px", "display": "block", "lineHeight": "50px"})},
                    _el("img", {"src": ELY_PUBLIC + "assets/logo.png", "alt": "Ely.by",
                                "style": _style({"width": "65px",
                                                 "verticalAlign": "middle"})}))),
            _el("td", None, "\u00a0")),
    )  # fmt: skip
    if template == "register":
        title = html_msg("emails.register.welcome_image", 32, "#fff")
    else:
        title = html_msg("emails.forgotPassword.forgot_the_password_image", 32, "#fff")
    hello = msg("components.layout.header.hello_username").replace("{username}", username)
    header = _ely_table(
        {"height": "200px", "backgroundImage": f"url({ELY_PUBLIC}assets/background.jpg)"},
        _el("tr", None,
            _el("td", {"style": _style({"color": "#fff", "textAlign": "center",
                                         "verticalAlign": "middle"})},
                _el("div", {"style": _style({"fontSize": "20px"})}, span(hello)), title)),
    )  # fmt: skip
    color = "blue" if template == "register" else "lightViolet"
    base, dark = ELY_COLORS[color]
    if template == "register":
        label = html_msg("emails.register.confirm_email_image", 18, "#fff")
    else:
        label = html_msg("emails.forgotPassword.continue_image", 18, "#fff")
    code_block = _el(
        "div", {"style": _style({"paddingTop": "20px", "textAlign": "center"})},
        _el("div", None, _el("a", {"href": link}, _el("div", {"style": _style(
            {"padding": "0 13px", "lineHeight": "50px", "display": "inline-block"},
            {"backgroundColor": base}, {"paddingLeft": "50px", "paddingRight": "50px"})},
            "\u200b", label))),
        _el("div", {"style": _style({"fontSize": "12px", "paddingTop": "5px"})},
            span(msg("components.blocks.code.or"))),
        _el("div", {"style": _style({"paddingTop": "1px", "fontSize": "16px"})},
            span(msg("components.blocks.code.pass_code_in_field"))),
        _el("div", {"style": _style({"paddingTop": "5px"})},
            _el("div", {"style": _style(
                {"backgroundColor": "#fff", "padding": "0 30px", "lineHeight": "50px",
                 "fontSize": "18px", "display": "inline-block",
                 "border": "3px solid transparent", "color": "#444"},
                {"borderColor": base, "color": dark})}, _react_text(code))),
    )  # fmt: skip
    if template == "register":
        intro = msg("emails.register.we_glad_to_see_you")
        rows = [
            _el("tr", None, _el("td", None, _el("div", {"style": _style(paragraph)},
                                                span(intro)))),
            _el("tr", None, _el("td", None, code_block)),
            _el("tr", None, _el("td", {"style": _style({"textAlign": "center"},
                                                       {"paddingTop": "30px"})},
                                html_msg("emails.register.whats_next_image", 32, "#444"))),
        ]  # fmt: skip
        for image, key, text, colour in [
            ("violetMan.png", "choose_you_skin_image", "choose_you_skin_text", "#6b5a8d"),
            ("orangeMan.png", "install_our_patch_image", "install_our_patch_text", "#df864a"),
            ("darkBlueMan.png", "useTLLauncher", "useTLLauncherText", "#28555b"),
        ]:
            rows.append(_el("tr", None, _el("td", {"style": _style({"paddingTop": "30px"})},
                _ely_table(None, _el("tr", None,
                    _el("td", {"style": _style({"width": "46px", "verticalAlign": "top"})},
                        _el("img", {"src": ELY_PUBLIC + "assets/" + image, "style": _style(
                            {"width": "25px", "verticalAlign": "middle"})})),
                    _el("td", {"style": _style({"verticalAlign": "top"})},
                        html_msg("emails.register." + key, 24, colour),
                        _el("div", {"style": _style(paragraph, {"paddingTop": "3px"})},
                            span(msg("emails.register." + text)))))))))  # fmt: skip
    else:
        intro = msg("emails.forgotPassword.shit_happens")
        rows = [
            _el("tr", None, _el("td", None, _el("div", {"style": _style(paragraph)},
                                                span(intro)))),
            _el("tr", None, _el("td", None, code_block)),
        ]  # fmt: skip
    content = _el("div", {"style": _style({"background": "#fff", "padding": "50px"})},
                  _ely_table(None, *rows))  # fmt: skip
    footer_text = msg("components.layout.footer.footer")
    before, after = footer_text.split("{serviceLink}")
    link_el = _el("a", {"href": "https://account.ely.by", "style": _style(
        {"color": "#7A7A7A", "textDecoration": "none", "borderBottom": "1px dashed #7A7A7A"})},
        span(msg("components.layout.footer.service_name")))  # fmt: skip
    footer = _ely_table(
        {"borderTop": "10px solid #207e5c", "background": "#DDD8CE", "height": "135px"},
        _el("tr", None,
            _el("td", {"style": _style({"verticalAlign": "middle", "paddingLeft": "30px",
                                         "fontSize": "13px", "color": "#7A7A7A"})},
                _el("span", None, _react_text(before), link_el, _react_text(after))),
            _el("td", {"style": _style({"padding": "0 30px", "textAlign": "center"})},
                _el("a", {"href": "http://ely.by"},
                    _el("img", {"src": ELY_PUBLIC + "assets/logo.png", "alt": "Ely.by",
                                "width": "128", "height": "58"}),
                    _el("br"),
                    html_msg("components.layout.footer.alternativeMinecraftServices", 13,
                             "#7a7a7a")))),
    )  # fmt: skip
    email = _el("div", None, userbar, header, content, footer)
    body = _ely_table(
        {"backgroundColor": "#EBE8E1", "width": "100%",
         "fontFamily": "Roboto, Arial, sans-serif", "color": "#444"},
        _el("tr", None, _el("td", None, "\u00a0"),
            _el("td", {"style": _style({"width": "600px"})}, email),
            _el("td", None, "\u00a0")),
    )  # fmt: skip
    return _el(
        "html", None,
        _el("head", None, _el("meta", {"name": "viewport", "content": "width=device-width"}),
            _el("meta", {"http-equiv": "Content-Type", "content": "text/html; charset=UTF-8"})),
        _el("body", {"style": _style({"margin": "0"})}, body),
    )  # fmt: skip


def _yii_view(source: str, values: dict[str, str]) -> str:
    """A Yii PHP view: ``<?= $var ?>`` echoed, other PHP blocks dropped, the newline right
    after ``?>`` eaten as PHP does."""

    def sub(m: re.Match) -> str:
        if m.group(1) == "=":
            return values[m.group(2).strip()]
        return ""

    return re.sub(r"<\?(php|=)(.*?)\?>\n?", sub, source, flags=re.S)


def ely(repo: Path, renderer: Path) -> None:
    sender = "Ely.by Accounts <account@ely.by>"
    for template, subject, path in [
        ("register", "Ely.by Account registration", "/activation/"),
        ("forgotPassword", "Ely.by Account forgot password", "/recover-password/"),
    ]:
        for lang in ELY_LANGS:
            code = _rand(ELY_KEY, 18)
            page = _ely_page(renderer, template, lang, "NoorBuilds", code,
                             "https://account.ely.by" + path + code)  # fmt: skip
            _save(
                source="elyby", template=re.sub(r"([A-Z])", r"-\1", template).lower(),
                lang=lang, kind="saas-otp", code=code, repository=ELYR_REPO,
                path=f"src/emails/{template}/*; src/components/**; src/i18n/{lang}.json; "
                f"{ELY_REPO}@{ELY_COMMIT}:common/emails/templates/"
                f"{'RegistrationEmail' if template == 'register' else 'ForgotPasswordEmail'}"
                ".php, common/components/UserFriendlyRandomKey.php", commit=ELYR_COMMIT,
                licence="Apache-2.0",
                rendered="the renderer's React tree reproduced as ReactDOMServer."
                "renderToStaticMarkup gives it (react-intl 2 spans, inline styles, the locale's "
                "strings with English fallback; text2png titles as <img> with estimated sizes "
                "and without the asset hash); the accounts app sends it as the HTML body only, "
                "with its English subject",
                sender=sender, subject=subject, text=None, html_part=page,
                note="the 18-character key is shown in a box to insert into the site's form "
                "and is also the end of the link",
            )  # fmt: skip
    html_layout = _show(repo, ELY_COMMIT, "common/mail/layouts/html.php")
    text_layout = _show(repo, ELY_COMMIT, "common/mail/layouts/text.php")
    layout_values = {"Yii::$app->charset": "UTF-8", "Html::encode($this->title)": "",
                     "$content": ""}  # fmt: skip
    for template, subject, view, cls in [
        ("change-email-current", "Ely.by Account change E-mail confirmation",
         "current-email-confirmation", "ChangeEmail"),
        ("change-email-new", "Ely.by Account new E-mail confirmation",
         "new-email-confirmation", "ConfirmNewEmail"),
    ]:  # fmt: skip
        code = _rand(ELY_KEY, 18)
        values = {"$key": code, "$username": "NoorBuilds"}
        parts = []
        for kind_, layout in [("html", html_layout), ("text", text_layout)]:
            content = _yii_view(_show(repo, ELY_COMMIT, f"common/emails/views/{view}-{kind_}.php"),
                                values)  # fmt: skip
            parts.append(_yii_view(layout, {**layout_values, "$content": content}))
        _save(
            source="elyby", template=template, lang="en", kind="saas-otp", code=code,
            repository=ELY_REPO, path=f"common/emails/templates/{cls}.php; common/emails/views/"
            f"{view}-{{html,text}}.php; common/mail/layouts/{{html,text}}.php",
            commit=ELY_COMMIT, licence="Apache-2.0",
            rendered="Yii PHP views and layouts rendered (echo tags filled, PHP blocks and the "
            "newline after them dropped); symfony mailer text and HTML parts",
            sender=sender, subject=subject, text=parts[1], html_part=parts[0],
            note="UserFriendlyRandomKey::make(): 18 of A-Z and digits",
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    m = args.mirrors
    librelogin(m / "kyngs+LibreLogin/repo")
    myaac(m / "slawkens+myaac/repo")
    fluxcp(m / "rathena+FluxCP/repo")
    pufferpanel(m / "pufferpanel+pufferpanel/repo")
    thingspanel(m / "ThingsPanel+thingspanel-backend-community/repo")
    nameless(m / "NamelessMC+Nameless/repo")
    pelican(m / "pelican-dev+panel/repo", m / "laravel+framework/repo")
    openhab(m / "openhab+openhab-cloud/repo")
    gladys(m / "GladysAssistant+gladys-gateway/repo")
    ely(m / "elyby+accounts/repo", m / "elyby+emails-renderer/repo/.git")
    out = HERE / "round16" / "things.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} codes")


if __name__ == "__main__":
    main()
