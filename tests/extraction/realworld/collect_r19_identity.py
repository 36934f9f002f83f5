"""Round nineteen, identity and access: LDAP self-service and help-desk password tools, an
electronic-signature app, a universities' MFA server, a Wi-Fi RADIUS manager and a guest Wi-Fi
voucher site — their tokens, signing codes, credentials and vouchers, and the same senders'
notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_identity.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. The
pieces of nextcloud/server that LibreSign's mails go through are held inline (cited below).

- ltb-project/self-service-password (GPL-2.0-or-later; LICENCE holds the GPL-3.0 text), LDAP
  Tool Box's password self-service for LDAP / Active Directory: every mail goes through
  ``lib/functions.inc.php::send_mail`` (PHPMailer, ``$mail_contenttype = 'text/plain'``, the
  ``{key}`` placeholders replaced in subject and body) with the shipped
  ``conf/config.inc.php`` (From ``Self Service Password <admin@example.com>``, empty
  ``$mail_signature``). Mails: the SMS-by-mail of ``htdocs/sendsms.php`` (``$sms_method``
  ``mail``: the SMTP-to-SMS gateway mail, subject ``$smsmail_subject`` "Provider code", body
  ``$sms_message`` ``{smsresetmessage} {smstoken}``, the token ``generate_sms_token(6)``, six
  digits); the reset link of ``htdocs/sendtoken.php`` (``resetmessage``, the URL's token a
  base64 Defuse ciphertext, ``urlencode``d); the password-changed notice of
  ``htdocs/change.php`` (``changemessage``) and the SSH-key-changed notice of
  ``htdocs/changesshkey.php``. Strings from ``lang/<lang>.inc.php`` (PHP double-quoted
  strings; where a file sets a key twice the last one wins, as in PHP).

- ltb-project/service-desk (GPL-3.0), LDAP Tool Box's help-desk tool: the two notices of
  ``htdocs/resetpassword.php`` (to the user and to the admin list), strings from
  ``lang/<lang>.inc.php``, the same ``{key}`` replacement, the shipped From
  ``Service Desk <admin@example.com>``; text only.

- LibreSign/libresign (AGPL-3.0-or-later), the Nextcloud app for digital signatures:
  ``lib/Service/MailService.php`` — ``sendCodeToSign`` (the e-mail token identify method,
  ``TokenService::TOKEN_LENGTH`` six digits from ``ISecureRandom::CHAR_DIGITS``),
  ``notifyUnsignedUser``, ``notifySignDataUpdated``, ``notifySignedUser`` and
  ``notifyCanceledRequest``, strings through ``l10n/<lang>.json`` (a missing key stays
  English, as Nextcloud's L10N does). The calls go into nextcloud/server's
  ``OC\\Mail\\EMailTemplate`` — its heredocs as round twelve transcribed them
  (``collect_r12_files.py``, nextcloud/server ``lib/private/Mail/EMailTemplate.php`` @
  03a08e3863dde0ac5231bbb7bbe3f3dcadbae918), the footer added by ``renderHtml``/``renderText``
  (theming name and slogan, then ``lib/l10n/<lang>.json``'s "This is an automatically sent
  email, please do not reply.", the translations as rounds three and five read them, commits
  noted). Text and HTML parts; From the instance's default address with the theming name.

- EsupPortail/esup-otp-api (Apache-2.0), the ESUP-Portail multi-factor server of French
  universities: ``controllers/api.js::transport_code`` through ``transports/mailer.js``
  (subject ``transport.code.object``, text ``pre + code + post`` of
  ``properties/messages.json``; with ``mailer.use_templates`` the HTML part
  ``transports/email_templates/random_code_mail/html.eta``) — six digits as shipped, and
  eight letters and digits with ``code_type`` other than ``digit``; the transport test mail;
  and ``services/userChangesNotifier`` (``text.eta`` / ``html.eta``, the sentence of
  ``emailMainContent.js``). Eta 3's rules done by hand (``<%= %>`` escaped, ``<%~ %>`` raw,
  one newline after a tag trimmed). French only (the shipped ``messages.json``).

- openwisp/openwisp-radius (GPL-3.0), a RADIUS manager for Wi-Fi hotspots: the batch-user
  credentials mail of ``RadiusBatch.add`` (``BATCH_MAIL_SUBJECT`` / ``BATCH_MAIL_MESSAGE`` of
  ``openwisp_radius/settings.py``, the password ``get_random_string(8)``) and the
  accounting-start mail of ``tasks.py::send_login_email`` (``radius_accounting_start.html``
  strings through ``locale/<lang>/LC_MESSAGES/django.po``, non-fuzzy entries) sent through
  openwisp/openwisp-utils (BSD-3-Clause) ``admin_theme/email.py::send_email``: text part
  ``strip_tags`` of the body, HTML ``openwisp_utils/email_template.html`` (Django templates run
  with jinja2; ``{% load %}`` dropped, ``{% url %}``, ``{% static %}``, ``{% trans %}`` by
  hand).

- glenndehaan/unifi-voucher-site (MIT), a guest Wi-Fi voucher site for UniFi controllers:
  ``modules/mail.js::send`` — the text part as its template string, the HTML part
  ``template/email/voucher.ejs`` (EJS by hand: escaping, ``if`` / ``else``) with
  ``locales/<lang>/email.json`` and ``time.json``, ``utils/time.js`` and ``utils/bytes.js``;
  the voucher code ten digits as a UniFi controller makes them; SSID and network password
  set for some sites and not others. The inline logo and QR images are left out.

- gitpan/Lemonldap-NG-Portal (GPL-2.0-or-later, as its README states; the CPAN release
  1.4.3 of LemonLDAP::NG, the SSO / web access-management portal): the password-reset mails
  of ``MailReset.pm`` (the confirmation link; the new password when the user asks for a
  generated one, ``RESET`` true; the changed notice when the user chose it) and the
  self-registration mails of ``Register.pm`` (confirmation link; the account with login and
  temporary password), each skin template ``example/skins/common/mail_*.tpl`` run as
  HTML::Template does with ``translate_template`` of gitpan/Lemonldap-NG-Common (the
  ``<lang en=… fr=…/>`` tags, English and French browsers), then the ``$variables`` replaced
  and ``_SMTP.pm``'s ``cid:`` rewriting. Subjects and ``randomPasswordRegexp``
  (``[A-Z]{3}[a-z]{5}.\\d{2}``, String::Random) are the Common 1.4.3 defaults; HTML only
  (the images of the multipart/related left out).

- pglombardo/PasswordPusher (Apache-2.0), self-destructing secret links: the push
  notification of ``app/mailers/push_created_mailer.rb`` (``notify.html.erb`` in the mailer
  layout, and ``notify.text.erb``, i.e. ``share_message_helper.rb``'s text) and Devise's
  reset-password, confirmation, unlock and password-changed mails (the app's
  ``app/views/devise/mailer/*.html.erb`` with ``shared/_email_footer``; HTML only; subjects
  from ``config/locales/devise.en.yml``, the only locale that has them). The ERB views done by
  hand as Rails runs them (``<%= %>`` html-escaped, in the text part too; ``link_to``), the
  strings through ``config/locales/gettext/<lang>/app.po`` (non-fuzzy; plural by the
  catalogue's Plural-Forms); the settings' brand title and tagline; From as an instance sets
  ``mail.mailer_sender``.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import io
import json
import random
import re
import subprocess
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from collect import HERE, message

SENT = datetime(2026, 12, 3, 19, 41, 7, tzinfo=UTC)
RNG = random.Random("r19-identity")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "identity.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
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


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


LOGINS = [
    "amira.haddad", "jpetersen", "mei.lin", "trivera", "isolberg", "kwatanabe", "onowak",
    "lferreira", "ekaya", "smarchetti", "pdevries", "nrahimi", "hbergstrom", "cdubois",
    "mkowalczyk", "rsantos", "ytanaka", "fmoreau", "gschulz", "aromano",
]  # fmt: skip

# ---------------------------------------------------------------------------------------
# LTB Self Service Password

SSP_REPO = "ltb-project/self-service-password"
SSP_COMMIT = "b7bd827032e6a10f5e92c77a7c26da02855edf03"
SSP_SENDER = "Self Service Password <admin@example.com>"
SSP_SMS_LANGS = ["en", "fr", "de", "es", "it", "nl", "pl", "cs", "ja", "pt-BR", "sv", "zh-TW",
                 "hu", "el"]  # fmt: skip
SSP_RESET_LANGS = ["en", "fr", "de", "es", "ca", "pt-PT", "sk", "ko", "zh-CN", "nb-NO"]
SSP_CHANGE_LANGS = ["en", "fr", "de", "it", "et", "eu", "sl", "rs"]
SSP_SSHKEY_LANGS = ["en", "fr", "de", "nl", "ja"]


def _php_dq(body: str) -> str:
    """A PHP double-quoted string's escapes (the ones these files use)."""
    table = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "$": "$", "r": "\r"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), "\\" + m.group(1)), body)


def _ssp_lang(src: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in re.finditer(r"\$messages\['([^']+)'\]\s*=\s*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)')\s*;",
                         src):  # fmt: skip
        if m.group(2) is not None:
            out[m.group(1)] = _php_dq(m.group(2))
        else:
            out[m.group(1)] = m.group(3).replace("\\'", "'").replace("\\\\", "\\")
    return out


def _ssp_send(subject: str, body: str, data: dict[str, str]) -> tuple[str, str]:
    for key, value in data.items():  # send_mail: subject and body
        subject = subject.replace("{" + key + "}", value)
        body = body.replace("{" + key + "}", value)
    return subject, body


def ssp(mirrors: Path) -> None:
    repo = mirrors / "ltb-project+self-service-password" / "repo"
    common = dict(source="ltbssp", repository=SSP_REPO, commit=SSP_COMMIT,
                  licence="GPL-2.0-or-later", sender=SSP_SENDER, html_part=None)  # fmt: skip
    langs = sorted(set(SSP_SMS_LANGS + SSP_RESET_LANGS + SSP_CHANGE_LANGS + SSP_SSHKEY_LANGS))
    msgs = {lang: _ssp_lang(_show(repo, SSP_COMMIT, f"lang/{lang}.inc.php")) for lang in langs}
    logins = iter(LOGINS * 3)
    for lang in SSP_SMS_LANGS:
        m = msgs[lang]
        token = _digits(6)
        phone = "+33 6 " + " ".join(_digits(2) for _ in range(4))
        data = {"sms_attribute": phone, "smsresetmessage": m["smsresetmessage"], "smstoken": token}
        subject, body = _ssp_send("Provider code", "{smsresetmessage} {smstoken}", data)
        _save(
            template="sms-token", lang="sr-Latn" if lang == "rs" else lang, kind="saas-otp", code=token,
            path="htdocs/sendsms.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of sendsms.php ($sms_method 'mail'): $sms_message with "
                     "smsresetmessage and the token, $smsmail_subject as subject; text/plain",
            subject=subject, text=body,
            note="the mail goes to the SMTP-to-SMS gateway ($smsmailto "
                 "'{sms_attribute}@service.provider.com'), which forwards its text to the "
                 "phone; the token is typed on the reset-by-SMS page",
            **common,
        )  # fmt: skip
    for lang in SSP_RESET_LANGS:
        m = msgs[lang]
        login = next(logins)
        cipher = bytes(RNG.randrange(256) for _ in range(4 + 32 + 16 + 26 + 32))
        token = urllib.parse.quote_plus(base64.b64encode(cipher).decode())
        url = "http://ssp.example.com/?action=resetbytoken&token=" + token
        data = {"login": login, "mail": f"{login}@example.com", "url": url}
        subject, body = _ssp_send(m["resetsubject"], m["resetmessage"], data)
        _save(
            template="reset-link", lang="sr-Latn" if lang == "rs" else lang, kind="notice", code=None,
            path="htdocs/sendtoken.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of sendtoken.php: resetsubject / resetmessage with login, mail "
                     "and the shipped $reset_url plus the encrypted token; text/plain",
            subject=subject, text=body, note="the reset token is only inside the link",
            **common,
        )  # fmt: skip
    for lang in SSP_CHANGE_LANGS:
        m = msgs[lang]
        login = next(logins)
        data = {"login": login, "mail": f"{login}@example.com", "password": "Vesper-Kite-2026"}
        subject, body = _ssp_send(m["changesubject"], m["changemessage"], data)
        _save(
            template="password-changed", lang="sr-Latn" if lang == "rs" else lang, kind="notice", code=None,
            path="htdocs/change.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of change.php ($notify_on_change): changesubject / "
                     "changemessage; text/plain",
            subject=subject, text=body, **common,
        )  # fmt: skip
    for lang in SSP_SSHKEY_LANGS:
        m = msgs[lang]
        login = next(logins)
        data = {"login": login, "mail": f"{login}@example.com", "sshkey": "ssh-ed25519 AAAA"}
        subject, body = _ssp_send(m["changesshkeysubject"], m["changesshkeymessage"], data)
        _save(
            template="sshkey-changed", lang="sr-Latn" if lang == "rs" else lang, kind="notice", code=None,
            path="htdocs/changesshkey.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of changesshkey.php: changesshkeysubject / "
                     "changesshkeymessage; text/plain",
            subject=subject, text=body, **common,
        )  # fmt: skip


SD_REPO = "ltb-project/service-desk"
SD_COMMIT = "60e747f840c221aac053a7578e9e1241c25001cc"
SD_SENDER = "Service Desk <admin@example.com>"


def service_desk(mirrors: Path) -> None:
    """LTB Service Desk: the notices of htdocs/resetpassword.php after a help-desk operator
    resets a password ($notify_on_change; the admin copy to $notify_admin_by_mail_list)."""
    repo = mirrors / "ltb-project+service-desk" / "repo"
    common = dict(source="ltbservicedesk", repository=SD_REPO, commit=SD_COMMIT,
                  licence="GPL-3.0", sender=SD_SENDER, html_part=None)  # fmt: skip
    users = {"en": "Amira Haddad", "fr": "Camille Dubois", "ja": "tanaka.yuki",
             "no": "Ingrid Solberg"}  # fmt: skip
    for lang, name in users.items():
        m = _ssp_lang(_show(repo, SD_COMMIT, f"lang/{lang}.inc.php"))
        login = name.lower().replace(" ", ".")
        data = {"name": name, "mail": f"{login}@example.com", "password": "Fjord-Lantern-73"}
        subject, body = _ssp_send(m["changesubject"], m["changemessage"], data)
        _save(template="password-changed", lang=lang, kind="notice", code=None,
              path=f"htdocs/resetpassword.php; conf/config.inc.php; lang/{lang}.inc.php",
              rendered="resetpassword.php ($notify_on_change): changesubject / changemessage "
                       "with name and mail, {key} replaced as ltb-common's send_mail does; "
                       "text/plain",
              subject=subject, text=body,
              note="the new password is passed to the mail's data but the message does not "
                   "write it", **common)  # fmt: skip
        dn = f"uid={login},ou=users,dc=example,dc=com"
        subject, body = _ssp_send(m["changesubjectforadmin"], m["changemessageforadmin"],
                                  {"dn": dn})  # fmt: skip
        _save(template="password-changed-admin", lang=lang, kind="notice", code=None,
              path=f"htdocs/resetpassword.php; conf/config.inc.php; lang/{lang}.inc.php",
              rendered="resetpassword.php: changesubjectforadmin / changemessageforadmin to the "
                       "$notify_admin_by_mail_list addresses; text/plain",
              subject=subject, text=body, **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# LibreSign, through nextcloud/server's EMailTemplate. The heredocs below are those of
# lib/private/Mail/EMailTemplate.php @ 03a08e3863dde0ac5231bbb7bbe3f3dcadbae918 as round twelve
# transcribed them (collect_r12_files.py), copied unchanged.

NC_F = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Oxygen-Sans,Ubuntu,Cantarell,'Helvetica Neue',Arial,sans-serif"
# The heredocs of EMailTemplate.php, transcribed by hand ({F} stands for the font stack that
# every one of them repeats). head, bodyBegin, listBegin, bodyEnd and tail are not passed
# through vsprintf (literal %); the others are (%% for %).
NC_HEAD = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en" style="-webkit-font-smoothing:antialiased;background:#fff!important">
<head>
\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
\t<meta name="viewport" content="width=device-width">
\t<title></title>
\t<style type="text/css">@media only screen{html{min-height:100%;background:#fff}}@media only screen and (max-width:610px){table.body img{width:auto;height:auto}table.body center{min-width:0!important}table.body .container{width:95%!important}table.body .columns{height:auto!important;-moz-box-sizing:border-box;-webkit-box-sizing:border-box;box-sizing:border-box;padding-left:30px!important;padding-right:30px!important}th.small-12{display:inline-block!important;width:100%!important}table.menu{width:100%!important}table.menu td,table.menu th{width:auto!important;display:inline-block!important}table.menu.vertical td,table.menu.vertical th{display:block!important}table.menu[align=center]{width:auto!important}}</style>
</head>
<body style="-moz-box-sizing:border-box;-ms-text-size-adjust:100%;-webkit-box-sizing:border-box;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%;margin:0;background:#fff!important;box-sizing:border-box;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;min-width:100%;padding:0;text-align:left;width:100%!important">
\t<span class="preheader" style="color:#F5F5F5;display:none!important;font-size:1px;line-height:1px;max-height:0;max-width:0;mso-hide:all!important;opacity:0;overflow:hidden;visibility:hidden">
\t</span>
\t<table class="body" style="-webkit-font-smoothing:antialiased;margin:0;background:#fff;border-collapse:collapse;border-spacing:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t<td class="center" align="center" valign="top" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t<center data-parsed="" style="min-width:580px;width:100%">"""
NC_TAIL = (
    """\t\t\t\t\t</center>
\t\t\t\t</td>
\t\t\t</tr>
\t\t</table>
\t\t<!-- prevent Gmail on iOS font size manipulation -->
\t\t<div style="display:none;white-space:nowrap;font:15px courier;line-height:0">"""
    + " ".join(["&nbsp;"] * 30)
    + """</div>
\t</body>
</html>
"""
)
NC_HEADER = """<table align="center" class="wrapper header float-center" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:20px;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:0 0;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:150px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t<table class="row collapse" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t\t\t\t<tbody>
\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t<center data-parsed="" style="background-color:%s;min-width:175px;max-height:175px; padding:35px 0px;border-radius:200px">
\t\t\t\t\t\t\t\t\t<img class="logo float-center" src="%s" alt="%s" align="center" style="-ms-interpolation-mode:bicubic;clear:both;display:block;float:none;margin:0 auto;outline:0;text-align:center;text-decoration:none;max-height:105px;max-width:105px;width:auto;height:auto"%s>
\t\t\t\t\t\t\t\t</center>
\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</tbody>
\t\t\t\t\t\t</table>
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="40px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:80px;font-weight:400;hyphens:auto;line-height:80px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>"""
NC_HEADING = """<table align="center" class="container main-heading float-center" style="Margin:0 auto;background:0 0!important;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:580px">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<h1 class="text-center" style="Margin:0;Margin-bottom:10px;color:inherit;font-family:{F};font-size:24px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:center;word-wrap:normal">%s</h1>
\t\t</td>
\t</tr>
\t</tbody>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="36px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:40px;font-weight:400;hyphens:auto;line-height:36px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>"""
NC_BODY_BEGIN = """<table align="center" class="wrapper content float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:580px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">"""
NC_BODY_TEXT = """<table class="row description" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<p style="Margin:0;Margin-bottom:10px;color:#777;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;text-align:center">%s</p>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_LIST_BEGIN = """<table class="row description" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">"""
NC_LIST_ITEM = """\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<td style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left;width:15px;">
\t\t\t\t\t\t<p class="text-left" style="Margin:0;Margin-bottom:10px;color:#777;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;padding-left:10px;text-align:left">%s</p>
\t\t\t\t\t</td>
\t\t\t\t\t<td style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<p class="text-left" style="Margin:0;Margin-bottom:10px;color:#555;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;padding-left:10px;text-align:left">%s</p>
\t\t\t\t\t</td>
\t\t\t\t\t<td class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></td>
\t\t\t\t</tr>"""
NC_LIST_END = """\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_BUTTON = """<table class="spacer" style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="50px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:50px;font-weight:400;hyphens:auto;line-height:50px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
<table align="center" class="row btn-group" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<center data-parsed="" style="min-width:490px;width:100%%">
\t\t\t\t\t\t\t<table class="button btn default primary float-center" style="Margin:0;border-collapse:collapse;border-spacing:0;display:inline-block;float:none;margin:0;max-height:60px;padding:0;text-align:center;vertical-align:top;width:auto;background:%1$s;color:#fefefe;background-color:%1$s;">
\t\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t\t\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%%">
\t\t\t\t\t\t\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t\t\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border:0 solid %2$s;border-collapse:collapse!important;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t\t\t\t\t\t\t\t<a href="%3$s" style="Margin:0;border:0 solid %4$s;border-radius:2px;color:%5$s;display:inline-block;font-family:{F};font-size:16px;font-weight:regular;line-height:1.3;margin:0;padding:10px 25px 10px 25px;text-align:left;outline:1px solid %5$s;text-decoration:none">%7$s</a>
\t\t\t\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t</center>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>"""
NC_BODY_END = """
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>"""
NC_FOOTER = """<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tbody>
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td height="60px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:60px;font-weight:400;hyphens:auto;line-height:60px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
<table align="center" class="wrapper footer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t<td class="wrapper-inner" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t<center data-parsed="" style="min-width:580px;width:100%%">
\t\t\t\t<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%%">
\t\t\t\t\t<tbody>
\t\t\t\t\t<tr style="padding:0;text-align:left;vertical-align:top">
\t\t\t\t\t\t<td height="15px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{F};font-size:15px;font-weight:400;hyphens:auto;line-height:15px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t\t\t\t\t</tr>
\t\t\t\t\t</tbody>
\t\t\t\t</table>
\t\t\t\t<p class="text-center float-center" align="center" style="Margin:0;Margin-bottom:10px;color:#C8C8C8;font-family:{F};font-size:12px;font-weight:400;line-height:16px;margin:0;margin-bottom:10px;padding:0;text-align:center">%s</p>
\t\t\t</center>
\t\t</td>
\t</tr>
</table>"""


def _php_hsc(v: str) -> str:
    """PHP 8 htmlspecialchars (ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML401)."""
    return (v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#039;"))  # fmt: skip


def _vsprintf(fmt: str, args: list[str]) -> str:
    """PHP vsprintf for the %s, %N$s and %% these templates use."""
    it = iter(args)

    def rep(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return next(it)

    return re.sub(r"%%|%(?:(\d+)\$)?s", rep, fmt.replace("{F}", NC_F))


class _NcMail:
    """The calls of OC\\Mail\\EMailTemplate these mails make, HTML and plain text side by side."""

    def __init__(self) -> None:
        self.html = NC_HEAD.replace("{F}", NC_F)
        self.plain = ""
        self.body_open = self.list_open = False

    def header(self) -> None:
        self.html += _vsprintf(
            NC_HEADER, [NC_PRIMARY, NC_LOGO, NC_NAME, ' width="250" height="80"']
        )

    def heading(self, title: str) -> None:  # plainTitle false: nothing in the text part
        self.html += _vsprintf(NC_HEADING, [_php_hsc(title)])

    def _open(self) -> None:
        if not self.body_open:
            self.html += NC_BODY_BEGIN.replace("{F}", NC_F)
            self.body_open = True

    def _close_list(self) -> None:
        if self.list_open:
            self.html += NC_LIST_END
            self.list_open = False

    def body_text(self, text: str, plain: str | None = None) -> None:
        if plain is None:
            plain, text = text, _php_hsc(text)
        self._close_list()
        self._open()
        self.html += _vsprintf(NC_BODY_TEXT, [text])
        self.plain += plain + "\n\n"

    def list_item(self, text: str, meta: str, icon: str, plain: str) -> None:
        if not self.list_open:
            self._open()
            self.list_open = True
            self.html += NC_LIST_BEGIN.replace("{F}", NC_F)
        html_text = '<em style="color:#777;">' + _php_hsc(meta) + "</em><br>" + text
        icon_html = '<img src="' + _php_hsc(icon) + '" alt="&bull;">'
        self.html += _vsprintf(NC_LIST_ITEM, [icon_html, html_text])
        self.plain += "  * " + plain + " (" + meta + ")\n"

    def button(self, text: str, url: str) -> None:
        self._open()
        self._close_list()
        c, t = NC_PRIMARY, NC_TEXT_PRIMARY
        self.html += _vsprintf(NC_BUTTON, [c, c, url, c, t, t, _php_hsc(text)])
        self.plain += text + ": " + url + "\n"

    def footer(self, text: str) -> None:
        if self.body_open:
            self._close_list()
            self.html += NC_BODY_END
            self.body_open = False
        self.html += _vsprintf(NC_FOOTER, [text]) + NC_TAIL
        self.plain += "\n-- \n" + text.replace("<br>", "\n")


NC_NAME, NC_SLOGAN = "Ledgerline Cloud", "Contracts and files for Ledgerline staff"  # theming
NC_BASE = "https://cloud.ledgerline.example"
NC_PRIMARY, NC_TEXT_PRIMARY = "#00679e", "#ffffff"
NC_LOGO = NC_BASE + "/index.php/apps/theming/image/logo?useSvg=0&v=4"
NC_SENDER = f"{NC_NAME} <no-reply@cloud.ledgerline.example>"
# nextcloud/server lib/l10n/<lang>.json: the footer sentence of EMailTemplate::addFooter()
# (as rounds three and five read them with read_file: file commit noted).
NC_AUTOSENT = {
    "en": ("This is an automatically sent email, please do not reply.",
           "03a08e3863dde0ac5231bbb7bbe3f3dcadbae918"),
    "de": ("Dies ist eine automatisch versandte E-Mail, bitte nicht antworten.",
           "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
    "fr": ("Ceci est un e-mail envoyé automatiquement, veuillez ne pas y répondre.",
           "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
    "pt_BR": ("Este é um e-mail enviado automaticamente. Por favor, não responda.",
              "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
    "et_EE": ("See on automaatselt saadetud e-kiri, palun ära vasta.",
              "7a9eb28c3edd15a76bde23a56f2015f29609cc79"),
    "ga": ("Seo ríomhphost a sheoltar go huathoibríoch, ná freagair le do thoil.",
           "01e9329dc9bd928a6cc3f9596649e5efe325ef4f"),
    "zh_HK": ("此為自動寄送的電子郵件，請勿回覆。", "034d4362d0bd08819d3f6c8689c4aea741d33134"),
}  # fmt: skip
LS_REPO = "LibreSign/libresign"
LS_COMMIT = "c47a4d3d05353fade5aeef48f5e786937261d03f"
LS_FILES = {
    "en": "Supplier agreement 2027 - Harbour Freight Ltd.pdf",
    "de": "Arbeitsvertrag_Kowalczyk_2027.pdf",
    "fr": "Bail commercial 14 rue des Tanneurs.pdf",
    "pt_BR": "Contrato de prestação de serviços nº 0931-2026.pdf",
    "et_EE": "Töövõtuleping 2026-118.pdf",
    "ga": "Comhaontú_Ceadúnais_2027.pdf",
    "zh_HK": "租約_旺角_2027.pdf",
}
LS_SIGNERS = {
    "en": "Amira Haddad", "de": "Marek Kowalczyk", "fr": "Camille Dubois",
    "pt_BR": "Rafael Santos", "et_EE": "Kertu Tamm", "ga": "Aoife Ní Bhriain",
    "zh_HK": "陳嘉欣",
}  # fmt: skip
LS_KEYS = {
    "code_subject": "LibreSign: Verification code to sign a document",
    "code_use": "Use this code to sign the document:",
    "ready_subject": "LibreSign: A document is ready for your signature",
    "to_sign": "Document to sign",
    "ready_body": "A document is ready for your signature. Open the link below:",
    "sign_button": 'Sign "%s"',
    "changed_subject": "LibreSign: Changes were made to a document waiting for your signature",
    "changed_body": "Changes were made to a document you need to sign. Open the link below:",
    "signed_subject": "LibreSign: A document has been signed",
    "signed_heading": "Signed document",
    "signed_body": "%s signed the document. You can access it using the link below:",
    "signed_button": 'View signed document "%s"',
    "canceled_subject": "LibreSign: A signature request has been canceled",
    "canceled_heading": "Signature request canceled",
    "canceled_body": 'The request for you to sign "%s" has been canceled.',
}


def _uuid() -> str:
    h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[RNG.randrange(4)]}{h[17:20]}-{h[20:]}"


def libresign(mirrors: Path) -> None:
    repo = mirrors / "LibreSign+libresign" / "repo"
    for lang, fname in LS_FILES.items():
        cat = (
            {}
            if lang == "en"
            else json.loads(_show(repo, LS_COMMIT, f"l10n/{lang}.json"))["translations"]
        )

        def t(key: str, *args: str, cat=cat) -> str:
            eng = LS_KEYS[key]
            return _vsprintf(cat.get(eng, eng), list(args)).replace(NC_F, "{F}")

        autosent, nc_commit = NC_AUTOSENT[lang]
        footer = f"{NC_NAME} - {NC_SLOGAN}<br>{autosent}"
        signer = LS_SIGNERS[lang]
        common = dict(source="libresign", lang=lang, repository=LS_REPO, commit=LS_COMMIT,
                      licence="AGPL-3.0-or-later", sender=NC_SENDER)  # fmt: skip
        paths = (f"lib/Service/MailService.php; l10n/{lang}.json; nextcloud/server "
                 f"lib/private/Mail/EMailTemplate.php@03a08e3863dde0ac5231bbb7bbe3f3dcadbae918, "
                 f"lib/l10n/{lang}.json@{nc_commit}")  # fmt: skip
        how = (
            "MailService::{fn} replayed through EMailTemplate (heredocs transcribed in "
            "round twelve); renderText / renderHtml add the default footer; text+HTML"
        )
        # sendCodeToSign
        code = "".join(RNG.choice("0123456789") for _ in range(6))
        m = _NcMail()
        m.header()
        m.body_text(t("code_use"))
        m.body_text(code)
        m.footer(footer)
        note = None
        if LS_KEYS["code_subject"] not in cat and lang != "en":
            note = "the catalogue lacks the subject, so it stays English (Nextcloud's L10N)"
        _save(template="sign-code", kind="saas-otp", code=code, path=paths,
              rendered=how.format(fn="sendCodeToSign") + "; the code TokenService's six digits",
              subject=t("code_subject"), text=m.plain, html_part=m.html, note=note,
              **common)  # fmt: skip
        # notifyUnsignedUser
        uuid = _uuid()
        m = _NcMail()
        m.header()
        m.heading(t("to_sign"))
        m.body_text(t("ready_body"))
        m.button(t("sign_button", fname), f"{NC_BASE}/index.php/apps/libresign/p/sign/{uuid}")
        m.footer(footer)
        _save(template="ready-to-sign", kind="notice", code=None, path=paths,
              rendered=how.format(fn="notifyUnsignedUser") + " (no description)",
              subject=t("ready_subject"), text=m.plain, html_part=m.html,
              **common)  # fmt: skip
        if lang in ("en", "pt_BR", "de", "zh_HK"):
            # notifySignDataUpdated, with the requester's description
            desc = {
                "en": "Please check the new delivery window on page 3 before signing.",
                "pt_BR": "Atualizamos o valor mensal para R$ 4.850,00 na cláusula 5.",
                "de": "Bitte beachten Sie die geänderte Probezeit (6 Monate) in § 3.",
                "zh_HK": "已更新第4條的租金為每月HK$18,500，請重新確認。",
            }[lang]
            m = _NcMail()
            m.header()
            m.heading(t("to_sign"))
            m.body_text(desc)
            m.body_text("")
            m.body_text(t("changed_body"))
            m.button(t("sign_button", fname),
                     f"{NC_BASE}/index.php/apps/libresign/p/sign/{_uuid()}")  # fmt: skip
            m.footer(footer)
            _save(template="sign-data-updated", kind="notice", code=None, path=paths,
                  rendered=how.format(fn="notifySignDataUpdated") + " (with a description)",
                  subject=t("changed_subject"), text=m.plain, html_part=m.html,
                  **common)  # fmt: skip
        if lang in ("en", "fr", "pt_BR", "ga", "et_EE"):
            # notifySignedUser, to the requester
            m = _NcMail()
            m.header()
            m.heading(t("signed_heading"))
            m.body_text(t("signed_body", signer))
            m.button(t("signed_button", fname),
                     f"{NC_BASE}/index.php/apps/libresign/f/validation/{_uuid()}")  # fmt: skip
            m.footer(footer)
            _save(template="signed", kind="notice", code=None, path=paths,
                  rendered=how.format(fn="notifySignedUser"),
                  subject=t("signed_subject"), text=m.plain, html_part=m.html,
                  **common)  # fmt: skip
        if lang in ("en", "de", "fr", "zh_HK"):
            m = _NcMail()
            m.header()
            m.heading(t("canceled_heading"))
            m.body_text(t("canceled_body", fname))
            m.footer(footer)
            _save(template="request-canceled", kind="notice", code=None, path=paths,
                  rendered=how.format(fn="notifyCanceledRequest"),
                  subject=t("canceled_subject"), text=m.plain, html_part=m.html,
                  **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Esup OTP API (ESUP-Portail, the French universities' MFA server)

ESUP_REPO = "EsupPortail/esup-otp-api"
ESUP_COMMIT = "da6aacc4b22d63a073b6434a778f0b98b187992c"
# properties/esup.json ships sender_name "Université" and sender_mail "auth-api" (no domain);
# a university fills in its own
ESUP_SENDER = "Université de Bourgogne-Lorient <auth-api@univ-bl.example.fr>"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"  # crypto-random-string


def _eta(src: str, values: dict[str, str]) -> str:
    """Eta 3 as these templates use it: <%= x %> escaped, <%~ x %> raw, and the default
    autoTrim [false, 'nl'] (one newline after a tag dropped)."""

    def rep(m: re.Match[str]) -> str:
        value = values[m.group(2).strip()]
        return (
            html.escape(value, quote=True).replace("&#x27;", "&#39;")
            if m.group(1) == "="
            else value
        )

    return re.sub(r"<%([=~])(.*?)%>\n?", rep, src)


def _cover(s: str, start: int, end: int) -> str:
    """utils.js cover_string (substr(len - (end + 1)) keeps end + 1 characters)."""
    if len(s) <= start + end:
        return s
    return s[:start] + "*" * (len(s) - (start + end)) + s[len(s) - (end + 1) :]


def esup(mirrors: Path) -> None:
    repo = mirrors / "EsupPortail+esup-otp-api" / "repo"
    msgs = json.loads(_show(repo, ESUP_COMMIT, "properties/messages.json"))
    code_html = _show(repo, ESUP_COMMIT, "transports/email_templates/random_code_mail/html.eta")
    base = "services/userChangesNotifier/email_templates/userChangesNotifier/"
    ch_text = _show(repo, ESUP_COMMIT, base + "text.eta")
    ch_html = _show(repo, ESUP_COMMIT, base + "html.eta")
    common = dict(source="esupotp", lang="fr", repository=ESUP_REPO, commit=ESUP_COMMIT,
                  licence="Apache-2.0", sender=ESUP_SENDER)  # fmt: skip
    mail = msgs["transport"]["code"]["mail"]
    subject = msgs["transport"]["code"]["object"]
    note_from = (
        "From as a university configures mailer.sender_name / sender_mail; nodemailer "
        "also adds Auto-Submitted: auto-generated, left out here"
    )
    # random_code_mail, use_templates false (the shipped esup.json): text only
    code = _digits(6)
    _save(template="code", kind="saas-otp", code=code,
          path="methods/random_code_mail.js; controllers/api.js; transports/mailer.js; "
               "properties/messages.json; properties/esup.json",
          rendered="transport_code: transport.code.mail pre + code + post, subject "
                   "transport.code.object; use_templates false, so text only; code "
                   "generate_code_of_type(6, 'digit')",
          subject=subject, text=mail["pre"] + code + mail["post"], html_part=None,
          note=note_from, **common)  # fmt: skip
    # the same with mailer.use_templates true: the html.eta part as well
    code = _digits(6)
    values = {"it.code": code}
    _save(template="code-html", kind="saas-otp", code=code,
          path="methods/random_code_mail.js; controllers/api.js; transports/mailer.js; "
               "transports/email_templates/random_code_mail/html.eta; properties/messages.json",
          rendered="transport_code with mailer.use_templates true: text as above, HTML from "
                   "random_code_mail/html.eta (Eta 3 rules by hand)",
          subject=subject, text=mail["pre"] + code + mail["post"],
          html_part=_eta(code_html, values), note=note_from, **common)  # fmt: skip
    # random_code_mail with code_type other than 'digit' and code_length 8
    code = "".join(RNG.choice(ALNUM) for _ in range(8))
    _save(template="code-alphanumeric", kind="saas-otp", code=code,
          path="methods/random_code_mail.js; services/utils.js; controllers/api.js; "
               "properties/messages.json",
          rendered="transport_code with random_code_mail.code_type 'string' and code_length 8 "
                   "(generate_string_code: crypto-random-string alphanumeric); text only",
          subject=subject, text=mail["pre"] + code + mail["post"], html_part=None,
          note="mixed-case letters and digits, the code as the mail writes it (the check is "
               "stringTimingSafeEqual, case-sensitive)", **common)  # fmt: skip
    # transport_test
    test = msgs["transport"]["test"]
    _save(template="transport-test", kind="notice", code=None,
          path="controllers/api.js; transports/mailer.js; properties/messages.json",
          rendered="transport_test: transport.test.mail pre + uid + post; text only",
          subject=test["object"], text=test["mail"]["pre"] + "cmartin4" + test["mail"]["post"],
          html_part=None, **common)  # fmt: skip
    # userChangesNotifier: method and transport changes (text.eta + html.eta)
    changes = [
        ("methods-activated", "Camille Martin",
         "L’authentification par codes TOTP, et par facteur physique (WebAuthn) a été activée "
         "pour votre compte."),
        ("method-deactivated", "Hugo Lefèvre",
         "L’authentification par codes par SMS a été désactivée pour votre compte."),
        ("mail-transport-changed", "Inès Bouchard",
         "Vous recevrez vos codes d’authentification par mail à l’adresse "
         + _cover("ines.bouchard@etu.univ-bl.example.fr", 4, 5) + " (au lieu de "
         + _cover("ines.b@gmail.example.com", 4, 5) + " précédemment)"),
        ("sms-transport-created", "Théo Garnier",
         "Vous recevrez vos codes d’authentification par SMS au numéro "
         + _cover("0612457893", 2, 2)),
    ]  # fmt: skip
    for template, name, content in changes:
        values = {"it.displayName || it.user.uid": name, "it.mainContent": content,
                  'it.mainContent.replace("\\n", "<br />")': content.replace("\n", "<br />", 1)}  # fmt: skip
        _save(template=template, kind="notice", code=None,
              path="services/userChangesNotifier/userChangesNotifier.js, mailer.js, "
                   "emailMainContent.js, email_templates/userChangesNotifier/{text,html}.eta",
              rendered="userChangesNotifier send_email: text.eta and html.eta (Eta 3 rules by "
                       "hand), the sentence as emailMainContent.js builds it",
              subject="Mise à jours de vos paramètres d'authentification renforcée",
              text=_eta(ch_text, values), html_part=_eta(ch_html, values),
              note="addresses and numbers masked by cover_string as the sender does",
              **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# OpenWISP RADIUS (Wi-Fi hotspot / captive-portal accounts)

OW_REPO = "openwisp/openwisp-radius"
OW_COMMIT = "d7d74bdf49f379cc42df33debbe016971feb6f47"
OWU_REPO = "openwisp/openwisp-utils"
OWU_COMMIT = "efb5b5a08fe970a5c8d72a9a0d3135a665289094"
OW_SENDER = "CityNet WiFi <noreply@wifi.citynet.example>"  # the deployment's DEFAULT_FROM_EMAIL
OW_SITE_NAME, OW_DOMAIN = "CityNet WiFi", "wifi.citynet.example"
OW_LOGO = ("https://raw.githubusercontent.com/openwisp/openwisp-utils/master/openwisp_utils/"
           "static/openwisp-utils/images/openwisp-logo.png")  # fmt: skip
DJANGO_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _po(src: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file, fuzzy entries left out (as compilemessages does)."""
    from babel.messages.pofile import read_po

    cat = read_po(io.BytesIO(src.encode("utf-8")))
    return {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}


def _django_tpl(src: str) -> str:
    """The Django tags these templates use, turned into jinja2."""
    src = re.sub(r"\{% load [^%]*%\}", "", src)
    src = src.replace("{% url 'admin:index' %}", "/admin/")
    src = re.sub(r"\{% static \"([^\"]+)\" %\}", r"/static/\1", src)
    src = re.sub(r"\{% trans \"([^\"]+)\" %\}", lambda m: "{{ _(" + json.dumps(m.group(1)) + ") }}",
                 src)  # fmt: skip
    return src.replace("| safe", "|safe")


def openwisp(mirrors: Path) -> None:
    repo = mirrors / "openwisp+openwisp-radius" / "repo"
    urepo = mirrors / "openwisp+openwisp-utils" / "repo"
    common = dict(source="openwispradius", repository=OW_REPO, commit=OW_COMMIT,
                  licence="GPL-3.0", sender=OW_SENDER)  # fmt: skip
    # RadiusBatch.add (csv strategy): a generated password mailed with the shipped settings
    user, pw = "guest.kiosk07", "".join(RNG.choice(DJANGO_CHARS) for _ in range(8))
    _save(template="batch-credentials", lang="en", kind="saas-otp", code=pw,
          path="openwisp_radius/base/models.py (RadiusBatch.add); openwisp_radius/settings.py",
          rendered="django send_mail(BATCH_MAIL_SUBJECT, BATCH_MAIL_MESSAGE.format(username, "
                   "password)) with the default settings; text only; the password "
                   "get_random_string(BATCH_DEFAULT_PASSWORD_LENGTH 8)",
          subject="Credentials", text=f"username: {user}, password: {pw}", html_part=None,
          note="a CSV batch row without a password: the Wi-Fi (RADIUS) password is generated "
               "and mailed; the person types it on the captive portal", **common)  # fmt: skip
    # tasks.send_login_email: the accounting-start mail, in the user's language
    body_src = _django_tpl(
        _show(repo, OW_COMMIT, "openwisp_radius/templates/radius_accounting_start.html")
    )
    # no SESAME_MAX_AGE setting: the {% if sesame_max_age %} paragraph renders nothing
    body_src = re.sub(r"\{% if sesame_max_age %\}.*?\{% endif %\}", "", body_src, flags=re.S)
    page_src = _django_tpl(_show(urepo, OWU_COMMIT,
                                 "openwisp_utils/admin_theme/templates/openwisp_utils/email_template.html"))  # fmt: skip
    people = {"en": "ahaddad", "de": "jonas.petersen", "it": "s.marchetti", "sl": "mkovac",
              "fur": "dpetris"}  # fmt: skip
    for lang, username in people.items():
        tr = {} if lang == "en" else _po(_show(repo, OW_COMMIT,
                                                f"openwisp_radius/locale/{lang}/LC_MESSAGES/django.po"))  # fmt: skip
        env = jinja2.Environment(autoescape=True)
        env.globals["_"] = lambda s, tr=tr: tr.get(s, s)
        subject = tr.get("New WiFi session started", "New WiFi session started")
        token = "".join(RNG.choice(DJANGO_CHARS) for _ in range(27))
        url = f"https://{OW_DOMAIN}/radius/login/citynet/?sesame={token}"
        ctx = {"user": {"get_username": username}, "subject": subject,
               "call_to_action_url": url,
               "call_to_action_text": tr.get("Manage Session", "Manage Session")}  # fmt: skip
        body_html = env.from_string(body_src).render(**ctx)
        page = env.from_string(page_src).render(
            title=subject, message=body_html, site_name=OW_SITE_NAME,
            site_url=f"https://{OW_DOMAIN}", logo_url=OW_LOGO,
            recipients=f"{username}@mail.example", **ctx)  # fmt: skip
        text = re.sub(r"<[^>]*>", "", body_html)  # django.utils.html.strip_tags
        _save(template="session-started", lang=lang, kind="notice", code=None,
              path="openwisp_radius/tasks.py (send_login_email); "
                   "openwisp_radius/templates/radius_accounting_start.html; "
                   f"openwisp_radius/locale/{lang}/LC_MESSAGES/django.po; openwisp/openwisp-utils@"
                   f"{OWU_COMMIT}:openwisp_utils/admin_theme/email.py, "
                   "openwisp_utils/admin_theme/templates/openwisp_utils/email_template.html",
              rendered="send_email of openwisp-utils: text part strip_tags of the body, HTML "
                       "part email_template.html; Django templates run with jinja2 ({% load %} "
                       "dropped, {% url %} / {% static %} / {% trans %} by hand); no "
                       "SESAME_MAX_AGE",
              subject=subject, text=text, html_part=page,
              note="the one-time login is only inside the link", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# UniFi Voucher Site (guest Wi-Fi vouchers for a UniFi controller)

UV_REPO = "glenndehaan/unifi-voucher-site"
UV_COMMIT = "0759ff05e8a243dc3afb605c599a59a5594bb97c"
# language, SMTP_FROM, UNIFI_SSID, UNIFI_SSID_PASSWORD, authorizedGuestLimit,
# timeLimitMinutes, dataUsageLimitMBytes, rxRateLimitKbps, txRateLimitKbps
UV_CASES = [
    ("en", "Harbour Hotel WiFi <wifi@harbourhotel.example>", "Harbour-Guest", "SeaBreeze2026",
     1, 1440, 0, 0, 0),
    ("de", "Gasthof Lindenhof <wlan@lindenhof.example>", "Lindenhof-Gast", "Kastanie!47",
     None, 4320, 5000, 10000, 2000),
    ("nl", "Bibliotheek Zuid <wifi@bibliotheekzuid.example>", "Bieb-Zuid", "leesplank88",
     1, 120, 0, 0, 0),
    ("fr", "Camping Les Pins <wifi@campinglespins.example>", "LesPins_Invites", "Cigale-2026",
     3, 10080, 20000, 0, 0),
    ("br", "Pousada Maré Alta <wifi@marealta.example>", "MareAlta-Hospedes", "coqueiro#19",
     1, 480, 0, 5000, 1000),
    ("es", "Coworking Aldea <wifi@aldeacowork.example>", "Aldea-Visitas", "", 1, 90, 0, 0, 0),
    ("it", "Agriturismo Il Noce <wifi@ilnoce.example>", "IlNoce-Ospiti", "", None, 2880, 0,
     0, 0),
    ("pl", "Hostel Stare Miasto <wifi@staremiasto.example>", "StareMiasto-Goscie", "", 1, 30,
     500, 0, 0),
    ("fi", "Kahvila Kuura <wifi@kuura.example>", "Kuura-Vieras", "", 2, 60, 0, 2000, 0),
    ("cs", "Penzion U Mostu <wifi@umostu.example>", "", "", 1, 720, 0, 0, 0),
    ("da", "Kro & Kaffe <wifi@krokaffe.example>", "", "", None, 1440, 1000, 0, 0),
    ("pt", "Hostel Ribeira <wifi@hostelribeira.example>", "", "", 1, 45, 0, 0, 0),
    ("sr", "Hotel Dunav <wifi@hoteldunav.example>", "", "", 1, 1440, 0, 0, 0),
]  # fmt: skip


UV_COUPON = {
    "br": "a discount coupon (Cupom de desconto)", "cs": "a discount coupon (slevový kupón)",
    "da": "a discount code (rabatkode)", "fr": "a discount voucher (bon de réduction)",
}  # fmt: skip


def _ejs_escape(v: object) -> str:
    return (str(v).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))  # fmt: skip


def _ejs(src: str, expr: dict[str, object], cond: dict[str, bool]) -> str:
    """EJS for this template: <%= e %> escaped from ``expr``; <% if(c) { %>, <% } else { %>
    and <% } %> decided from ``cond``; the text around scriptlets kept as it is."""
    out, keep = [], [True]
    for part in re.split(r"(<%[=]?.*?%>)", src, flags=re.S):
        if part.startswith("<%="):
            if all(keep):
                out.append(_ejs_escape(expr[part[3:-2].strip()]))
        elif part.startswith("<%"):
            code = part[2:-2].strip()
            if m := re.fullmatch(r"if\((.*)\) \{", code):
                keep.append(cond[m.group(1)])
            elif code == "} else {":
                keep[-1] = not keep[-1]
            elif code == "}":
                keep.pop()
            else:
                raise ValueError(code)
        elif all(keep):
            out.append(part)
    return "".join(out)


def _uv_time(minutes: int, t: dict[str, str]) -> str:
    if minutes < 60:
        return f"{minutes} {t['minutes'] if minutes > 1 else t['minute']}"
    hours = minutes / 60
    if hours < 24:
        shown = int(hours) if hours % 1 == 0 else f"{hours:.2f}"
        return f"{shown} {t['hours'] if hours > 1 else t['hour']}"
    days = minutes / 60 / 24
    shown = int(days) if days % 1 == 0 else days
    return f"{shown} {t['days'] if days > 1 else t['day']}"


def _uv_bytes(value: int, kind: int, per_second: bool = False) -> str:
    import math

    sizes = ["Bytes", "Kb", "Mb", "Gb", "Tb", "Pb", "Eb", "Zb", "Yb"][kind:]
    i = math.floor(math.log(value) / math.log(1000))
    suffix = sizes[i] + "ps" if per_second else sizes[i].upper()
    number = float(f"{value / 1000**i:.2f}")
    return f"{int(number) if number.is_integer() else number} {suffix}"


def unifi_voucher(mirrors: Path) -> None:
    repo = mirrors / "glenndehaan+unifi-voucher-site" / "repo"
    tpl = _show(repo, UV_COMMIT, "template/email/voucher.ejs")
    for lang, sender, ssid, ssid_pw, guests, minutes, data_mb, rx, tx in UV_CASES:
        t = json.loads(_show(repo, UV_COMMIT, f"locales/{lang}/email.json"))
        tt = json.loads(_show(repo, UV_COMMIT, f"locales/{lang}/time.json"))
        code = _digits(10)
        a, b = code[:5], code[5:]
        voucher_type = (
            t["multiUse"] if not guests else t["singleUse"] if guests == 1 else t["multiUse"]
        )
        expr: dict[str, object] = {f"t('{k}')": v for k, v in t.items()}
        expr.update({
            "voucher.code.slice(0, 5)": a, "voucher.code.slice(5)": b, "unifiSsid": ssid,
            "unifiSsidPassword": ssid_pw,
            "!voucher.authorizedGuestLimit ? t('multiUse') : voucher.authorizedGuestLimit === 1 "
            "? t('singleUse') : t('multiUse')": voucher_type,
            "timeConvert(voucher.timeLimitMinutes, language)": _uv_time(minutes, tt),
            "bytesConvert(voucher.dataUsageLimitMBytes, 2)": _uv_bytes(data_mb, 2) if data_mb else "",
            "bytesConvert(voucher.rxRateLimitKbps, 1, true)": _uv_bytes(rx, 1, True) if rx else "",
            "bytesConvert(voucher.txRateLimitKbps, 1, true)": _uv_bytes(tx, 1, True) if tx else "",
        })  # fmt: skip
        cond = {"unifiSsid !== ''": ssid != "", "unifiSsidPassword !== ''": ssid_pw != "",
                "voucher.dataUsageLimitMBytes": bool(data_mb),
                "voucher.rxRateLimitKbps": bool(rx), "voucher.txRateLimitKbps": bool(tx)}  # fmt: skip
        text = f"{t['greeting']},\n\n{t['intro']}:\n\n{a}-{b}"
        note = (
            "the controller's ten-digit voucher code, shown as five digits, a hyphen and "
            "five; typed on the guest portal. The logo and QR images nodemailer attaches "
            "(cid:) are left out"
        )
        if lang in UV_COUPON:
            note += (
                f"; this translation calls it {UV_COUPON[lang]}, but the mail asks for it "
                "when connecting: it is the Wi-Fi access code, not a discount"
            )
        if ssid_pw:
            note += (
                f"; the HTML part also gives the network's password ({ssid_pw}) after the "
                "voucher code — the code is what the mail asks for first"
            )
        _save(source="unifivoucher", template="voucher", lang="pt-BR" if lang == "br" else lang,
              kind="utility-otp", code=code, repository=UV_REPO, commit=UV_COMMIT,
              licence="MIT",
              path=f"modules/mail.js; template/email/voucher.ejs; locales/{lang}/email.json, "
                   "time.json; utils/time.js; utils/bytes.js",
              rendered="mail.send: the text part as its template string, the HTML part "
                       "voucher.ejs with EJS rules by hand (escape, if / else); SMTP_FROM, "
                       "UNIFI_SSID and UNIFI_SSID_PASSWORD as a site sets them",
              sender=sender, subject=t["title"], text=text,
              html_part=_ejs(tpl, expr, cond), note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# LemonLDAP::NG 1.4 (the SSO portal's password reset and self-registration mails)

LL_REPO = "gitpan/Lemonldap-NG-Portal"
LL_COMMIT = "96441946a654f078b23fcfe77b3887fe151db819"
LLC_REPO = "gitpan/Lemonldap-NG-Common"
LLC_COMMIT = "0ec76478b96580020d0e8bfce8a24ad9e2497d4b"
LL_SENDER = "noreply@sso.ville-exemple.fr"  # mailFrom's default: noreply@ + the SSO domain
# String::Random randregex: '.' is any upper, lower, digit or punctuation character
LL_DOT = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
          + "".join(chr(c) for c in [*range(33, 48), *range(58, 65), *range(91, 97),
                                      *range(123, 127)]))  # fmt: skip


def _ll_password() -> str:
    """randomPasswordRegexp's default [A-Z]{3}[a-z]{5}.\\d{2} through String::Random."""
    upper, lower = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
    return ("".join(RNG.choice(upper) for _ in range(3))
            + "".join(RNG.choice(lower) for _ in range(5)) + RNG.choice(LL_DOT)
            + "".join(RNG.choice("0123456789") for _ in range(2)))  # fmt: skip


def _ll_translate(text: str, lang: str) -> str:
    """Lemonldap::NG::Common::CGI::translate_template for one browser language."""
    if re.search(lang + r"=\"(.*?)\"", text):
        return re.sub(r"<lang.*" + lang + r"=\"(.*?)\".*?/>", r"\1", text)
    return re.sub(r"<lang\s+\w+=\"(.*?)\".*?/>", r"\1", text)


def _ll_template(repo: Path, name: str, lang: str, reset: bool = False) -> str:
    """HTML::Template with the translate filter: includes, then TMPL_IF / TMPL_ELSE (tags
    removed, the text around them kept)."""
    base = "example/skins/common/"
    src = _ll_translate(_show(repo, LL_COMMIT, base + name), lang)
    src = re.sub(r"<TMPL_INCLUDE NAME=\"([^\"]+)\">",
                 lambda m: _ll_translate(_show(repo, LL_COMMIT, base + m.group(1)), lang), src)  # fmt: skip
    m = re.search(r"<TMPL_IF NAME=\"RESET\">(.*?)<TMPL_ELSE>(.*?)</TMPL_IF>", src, re.S)
    if m:
        src = src[: m.start()] + (m.group(1) if reset else m.group(2)) + src[m.end() :]
    return src


def _ll_vars(body: str, values: dict[str, str]) -> str:
    """The module's $variables, then _SMTP.pm's send_mail rewriting "cid:id:path" to "cid:id"."""
    body = re.sub(r"\$(\w+)", lambda m: values.get(m.group(1), ""), body)
    return re.sub(r"\"cid:([^:]+):([^\"]+)\"", r'"cid:\1"', body)


def lemonldap(mirrors: Path) -> None:
    repo = mirrors / "gitpan+Lemonldap-NG-Portal" / "repo"
    common = dict(source="lemonldapng", repository=LL_REPO, commit=LL_COMMIT,
                  licence="GPL-2.0-or-later", sender=LL_SENDER, text=None)  # fmt: skip
    subjects = {  # Lemonldap::NG::Common::Conf::Attributes defaults
        "confirm": "[LemonLDAP::NG] Password reset confirmation",
        "password": "[LemonLDAP::NG] Your new password",
        "register_confirm": "[LemonLDAP::NG] Account register confirmation",
        "register_done": "[LemonLDAP::NG] Your new account",
    }
    people = {"en": ("Olivia", "Grant", "ogrant", "198.51.100.23"),
              "fr": ("Mathilde", "Rousseau", "mrousseau", "203.0.113.87")}  # fmt: skip
    portal = "https://auth.ville-exemple.fr/"
    rendered = (
        "{fn}: the skin's common/{tpl} through HTML::Template with translate_template "
        "for the browser language (by hand), then the $variables replaced as the "
        "module does; HTML only (the multipart/related cid images left out); subject "
        "the Lemonldap-NG-Common 1.4.3 default (" + LLC_REPO + "@" + LLC_COMMIT + ")"
    )
    for lang, (first, last, _login, ip) in people.items():
        cn = f"{first} {last}"
        path = (
            "lib/Lemonldap/NG/Portal/{pm}; lib/Lemonldap/NG/Portal/_SMTP.pm; "
            "example/skins/common/{tpl}, mail_header.tpl, mail_footer.tpl"
        )
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
        url = portal + "mail.pl?mail_token=" + token
        body = _ll_template(repo, "mail_confirm.tpl", lang)
        body = body.replace("$url", url)
        body = _ll_vars(body, {"cn": cn, "ipAddr": ip})
        _save(template="reset-confirm", lang=lang, kind="notice", code=None,
              path=path.format(pm="MailReset.pm (sendConfirmationMail)", tpl="mail_confirm.tpl"),
              rendered=rendered.format(fn="MailReset.pm", tpl="mail_confirm.tpl"),
              subject=subjects["confirm"], html_part=body,
              note="the reset token is only inside the link", **common)  # fmt: skip
        pw = _ll_password()
        body = _ll_template(repo, "mail_password.tpl", lang, reset=True)
        body = body.replace("$password", pw)
        body = _ll_vars(body, {"cn": cn, "ipAddr": ip})
        _save(template="new-password", lang=lang, kind="saas-otp", code=pw,
              path=path.format(pm="MailReset.pm (changePassword, sendPasswordMail)",
                               tpl="mail_password.tpl"),
              rendered=rendered.format(fn="MailReset.pm", tpl="mail_password.tpl")
              + "; RESET true (the user asked for a generated password), the password "
                "randomPasswordRegexp's default through String::Random",
              subject=subjects["password"], html_part=body, **common)  # fmt: skip
        body = _ll_template(repo, "mail_password.tpl", lang, reset=False)
        body = body.replace("$password", "")
        body = _ll_vars(body, {"cn": cn, "ipAddr": ip})
        _save(template="password-changed", lang=lang, kind="notice", code=None,
              path=path.format(pm="MailReset.pm (sendPasswordMail)", tpl="mail_password.tpl"),
              rendered=rendered.format(fn="MailReset.pm", tpl="mail_password.tpl")
              + "; RESET false (the user chose the password)",
              subject=subjects["password"], html_part=body, **common)  # fmt: skip
        first2, last2, login2 = {"en": ("Daniel", "Okafor", "dokafor"),
                                 "fr": ("Léa", "Fontaine", "lfontaine")}[lang]  # fmt: skip
        info = {"firstname": first2, "lastname": last2, "ipAddr": ip,
                "mail": f"{login2}@mail.example"}  # fmt: skip
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
        body = _ll_template(repo, "mail_register_confirm.tpl", lang)
        body = body.replace("$url", portal + "register.pl?register_token=" + token)
        body = _ll_vars(body, info)
        _save(template="register-confirm", lang=lang, kind="notice", code=None,
              path=path.format(pm="Register.pm (sendConfirmationMail)",
                               tpl="mail_register_confirm.tpl"),
              rendered=rendered.format(fn="Register.pm", tpl="mail_register_confirm.tpl"),
              subject=subjects["register_confirm"], html_part=body,
              note="the registration token is only inside the link", **common)  # fmt: skip
        pw = _ll_password()
        body = _ll_template(repo, "mail_register_done.tpl", lang)
        body = _ll_vars(body, {**info, "login": login2, "password": pw})
        _save(template="register-done", lang=lang, kind="saas-otp", code=pw,
              path=path.format(pm="Register.pm (sendRegisterMail)",
                               tpl="mail_register_done.tpl"),
              rendered=rendered.format(fn="Register.pm", tpl="mail_register_done.tpl")
              + "; the temporary password randomPasswordRegexp's default",
              subject=subjects["register_done"], html_part=body,
              note=f"the mail gives the login ({login2}) and then the temporary password; "
                   "the password is the credential labelled", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Password Pusher (self-destructing secret links)

PP_REPO = "pglombardo/PasswordPusher"
PP_COMMIT = "df07d894b0dc854c778100bb638e458d9fc29e4a"
PP_SENDER = '"Password Pusher" <pwpush@acme-it.example>'  # Settings.mail.mailer_sender
PP_ROOT = "https://pwpush.acme-it.example/"
PP_TITLE, PP_TAGLINE = "Password Pusher", "Go Ahead.  Email Another Password."  # settings.yml


def _rails_escape(v: str) -> str:
    """ERB::Util.html_escape, which Rails applies to <%= %> in .text.erb as well."""
    return (v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))  # fmt: skip


class _PpL10n:
    """config/locales/gettext/<lang>/app.po as fast_gettext reads it (non-fuzzy)."""

    def __init__(self, src: str | None) -> None:
        from babel.messages.pofile import read_po

        self.cat = None if src is None else read_po(io.BytesIO(src.encode("utf-8")))

    def _(self, key: str) -> str:
        m = self.cat.get(key) if self.cat is not None else None
        return m.string if m is not None and m.string and not m.fuzzy else key

    def n_(self, one: str, many: str, n: int) -> str:
        m = self.cat.get((one, many)) if self.cat is not None else None
        if m is None or m.fuzzy or not all(m.string):
            return one if n == 1 else many
        index = int(n > 1) if self.cat.plural_expr == "(n > 1)" else int(n != 1)
        return m.string[index]


def _pp_footer() -> str:
    return (
        f'\n<p>\n--\n<br>\n<a href="{PP_ROOT}">{PP_TITLE}</a>\n<br>\n'
        f'<span class="fs-6 text-muted">{_rails_escape(PP_TAGLINE)}</span>\n'
        "\n"
    )  # fmt: skip  (the partial, then the newline after the view's render tag)


def _pp_layout(body: str, lang: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n  <head>\n'
            '    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n'
            "    <style>\n      /* Email styles need to be inline */\n    </style>\n"
            f"  </head>\n\n  <body>\n    {body}\n  </body>\n</html>\n")  # fmt: skip


def _pp_token(n: int) -> str:
    raw = bytes(RNG.randrange(256) for _ in range(n))
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def pwpush(mirrors: Path) -> None:
    repo = mirrors / "pglombardo+PasswordPusher" / "repo"
    e = _rails_escape
    common = dict(source="pwpush", repository=PP_REPO, commit=PP_COMMIT, licence="Apache-2.0",
                  sender=PP_SENDER)  # fmt: skip
    po = "config/locales/gettext/{}/app.po"
    senders = {"en": "maria.keller@acme-it.example", "de": "jonas.petersen@acme-it.example",
               "fr": "", "es": "lucia.navarro@acme-it.example", "it": "",
               "nl": "pieter.devries@acme-it.example", "da": "", "pt_BR": "rafael@acme-it.example"}  # fmt: skip
    for lang, sender_mail in senders.items():
        t = _PpL10n(None if lang == "en" else _show(repo, PP_COMMIT, po.format(lang)))
        days, views, retrieval = RNG.choice(
            [(7, 5, False), (3, 1, True), (1, 10, False), (14, 2, True)]
        )
        token = _pp_token(RNG.randrange(8, 15)).lower()
        url = f"{PP_ROOT}p/{token}" + ("/r" if retrieval else "")
        if lang != "en":
            url += f"?locale={lang}"
        who = sender_mail or t._("Someone")
        subject = t._("You have received a push")
        remaining = f"{days} {t.n_('day', 'days', days)}"
        html_body = (
            '<h1 style="font-weight:400;line-height: 1.25; text-align: center;">\n'
            f"  {e(t._('%{sender} has sent you a push').replace('%{sender}', who))}\n</h1>\n\n"
            f"<p>\n  {e(t._('Please find the secret link below to access the sensitive information.'))}\n</p>\n\n"
            f'<p>{e(t._("Secret link:"))} <a href="{e(url)}">{e(url)}</a></p>\n\n'
            f'<h4 style="font-weight: bold; margin-top: 40px;">{e(t._("Important Notes:"))}</h4>\n'
            '<ul style="padding: 0px; list-style-position: inside">\n'
            "  <li>" + e(t._("This link is valid for %{remaining}, or until %{views} views, whichever occurs first.")
                         .replace("%{remaining}", remaining).replace("%{views}", str(views))) + "</li>\n"
            "  <li>" + e(t._("For added security, you may be prompted to enter a passphrase (provided separately) to access the content.")) + "</li>\n"
            "  <li>" + e(t._("Upon expiration, this secret link and all content are permanently deleted.")) + "</li>\n"
            "</ul>\n"
        )  # fmt: skip
        days_label = remaining
        views_label = f"{views} {t.n_('view', 'views', views)}"
        notes = [
            t._("This link is valid for %{days}, or %{views}, whichever occurs first.")
            .replace("%{days}", days_label).replace("%{views}", views_label),
            t._("The link and content will be deleted upon expiration."),
        ]  # fmt: skip
        share = "\n".join([
            t._("A secure link has been shared with you."), "",
            t._("Please find the secret link below to access the sensitive information."), "",
            f"{t._('Secret link')}: {url}", "", t._("IMPORTANT NOTES:"),
            *[f"* {n}" for n in notes],
        ])  # fmt: skip
        text = e(share) + "\n"
        _save(template="push-notify", lang=lang, kind="notice", code=None,
              path="app/mailers/push_created_mailer.rb; app/views/push_created_mailer/notify."
                   "{html,text}.erb; app/helpers/share_message_helper.rb, pushes_helper.rb; "
                   f"app/views/layouts/mailer.{{html,text}}.erb; {po.format(lang)}",
              rendered="PushCreatedMailer#notify: the ERB views by hand (<%= %> html_escape'd in "
                       "both parts, as Rails does), strings through the gettext catalogue "
                       "(fast_gettext, plural by the catalogue's Plural-Forms); push without a "
                       "passphrase",
              subject=subject, text=text, html_part=_pp_layout(html_body, lang),
              note="a link to a secret; the passphrase the mail mentions is sent separately "
                   "and is not in the mail", **common)  # fmt: skip
    # Devise's mails (HTML only: the app ships only .html.erb views); subjects from
    # config/locales/devise.en.yml (no other locale file has them)
    devise = [
        ("reset-password", "Reset password instructions", ["en", "de", "fr"]),
        ("confirmation", "Confirmation instructions", ["en", "es"]),
        ("unlock", "Unlock instructions", ["en", "it"]),
        ("password-changed", "Password Changed", ["en", "nl"]),
    ]
    for template, subject, langs in devise:
        for lang in langs:
            t = _PpL10n(None if lang == "en" else _show(repo, PP_COMMIT, po.format(lang)))
            tok = _pp_token(15)
            if template == "reset-password":
                url = f"{PP_ROOT}users/password/edit?reset_password_token={tok}"
                body = (f"<h1>{e(t._('Password Change Request'))}</h1>\n<p>\n"
                        f"{e(t._('Someone has requested a link to change your password. You can proceed with this action'))}\n"
                        f'<a href="{e(url)}">{e(t._("by clicking this link"))}</a>\n'
                        f"{e(t._('or by copying and pasting the following URL into your browser:'))}\n</p>\n\n"
                        f'<pre class="chroma">\n{e(url)}\n</pre>\n\n<p>\n'
                        f"{e(t._('If you didn' + chr(39) + 't request this change, you can safely delete this email.'))}\n"
                        f"{e(t._('Your password won' + chr(39) + 't change until you access the link above and create a new one.'))}\n"
                        "</p>\n" + _pp_footer())  # fmt: skip
            elif template == "confirmation":
                url = f"{PP_ROOT}users/confirmation?confirmation_token={tok}"
                body = (f"<h1>{e(t._('Confirm your new account'))}</h1>\n"
                        f"<p>{e(t._('Your account has been created but you must confirm that you own this email address.'))}</p>\n\n<p>\n"
                        f"{e(t._('You can confirm your account email by'))}\n"
                        f'<a href="{e(url)}">{e(t._("by clicking this link"))}</a>\n'
                        f"{e(t._('or by copying and pasting the following URL into your browser:'))}\n</p>\n\n"
                        f'<pre class="chroma">\n{e(url)}\n</pre>\n\n'
                        f"<p>{e(t._('If you didn' + chr(39) + 't create an account, no action is required.'))}</p>\n\n"
                        + _pp_footer())  # fmt: skip
            elif template == "unlock":
                url = f"{PP_ROOT}users/unlock?unlock_token={tok}"
                body = (f"<h1>{e(t._('Unlock Your Account'))}</h1>\n\n<p>\n"
                        f"{e(t._('Your account has been locked due to an excessive number of unsuccessful sign in attempts.'))}\n"
                        "</p>\n\n<p>\n"
                        f'<a href="{e(url)}">{e(t._("Click this link"))}</a>\n'
                        f"{e(t._('to unlock your account or by copying and pasting the following URL into your browser:'))}\n"
                        f'</p>\n\n<pre class="chroma">\n{e(url)}\n</pre>\n</p>\n' + _pp_footer())  # fmt: skip
            else:
                body = (f"<h1>{e(t._('Password Change'))}</h1>\n<p>\n"
                        f"  {e(t._('We' + chr(39) + 're contacting you to notify you that your password has been changed on'))}\n"
                        f'  <a href="{PP_ROOT}">{PP_TITLE}</a>.\n</p>\n'
                        f"<p>{e(t._('If you didn' + chr(39) + 't initiate this and it wasn' + chr(39) + 't your intention, please contact us as soon as possible.'))}</p>\n"
                        + _pp_footer())  # fmt: skip
            _save(template=template, lang=lang, kind="notice", code=None,
                  path=f"app/views/devise/mailer/*.html.erb; app/views/shared/_email_footer.html.erb; "
                       f"app/views/layouts/mailer.html.erb; config/locales/devise.en.yml; {po.format(lang)}",
                  rendered="Devise mailer view by hand (ERB, html_escape, link_to), in the mailer "
                           "layout; strings through the gettext catalogue; HTML only",
                  subject=subject, text=None, html_part=_pp_layout(body, lang),
                  note="the token is only inside the link" if template != "password-changed" else None,
                  **common)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    ssp(args.mirrors)
    service_desk(args.mirrors)
    libresign(args.mirrors)
    esup(args.mirrors)
    openwisp(args.mirrors)
    unifi_voucher(args.mirrors)
    lemonldap(args.mirrors)
    pwpush(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
