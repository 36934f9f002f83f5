"""Round 25, home automation / IoT, mail servers, password managers and monitoring (blind):
the Blynk IoT server (device auth-token mails and account notices), the Postal mail server
(domain-ownership code and server notices), the PassWall password manager (sign-up
verification code, invitation and vault notices) and PHP Server Monitor (down/up alerts and
password reset, in several languages), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_home.py \\
        --mirrors /work/.mirror

- blynkkk/blynk-server (GPL-3.0-only, Java IoT server), commit BLYNK_COMMIT:
  ``server/tcp-app-server/.../logic/MobileMailLogic.java`` mails a project's device auth
  tokens when the app asks for them: one device gives the subject ``"Auth Token for " +
  dashName + " project and device " + deviceName`` and the body ``"Auth Token : " + token +
  "\\n"`` followed by ``server/core/src/main/resources/single_token_mail_body.txt``; several
  devices give ``"Auth Tokens for <dash> project and <n> devices"`` and one line ``Auth Token
  for device '<name>' : <token>`` per device before the same file. Both go out with
  ``sendText`` (one text/plain part). ``FileLoaderUtil.load`` reads a resource line by line
  and appends ``\\n`` after every line, so the file's text ends with a newline. The token is
  ``TokenGeneratorUtil.generateNewToken()``: 24 random bytes in URL-safe base64 (32
  characters of A-Za-z0-9-_); the reader pastes it into the device's sketch, so it is the
  code of the single-device mail; the several-device mail carries two tokens and is labelled
  null. ``MobileRegisterHandler`` sends ``static/register-email.html`` unchanged (subject
  "Get started with Blynk", ``sendHtml``; its ``{RESET_URL}`` placeholder is never
  replaced, and stays as the server sends it) and ``MobileResetPasswordHandler.reset`` sends
  ``static/reset/reset-email-app-confirmation.html`` with ``{PRODUCT_NAME}`` and ``{EMAIL}``
  replaced (subject ``"Your new password on " + productName``); product name "Blynk"
  (``server.properties``). From is ``mail.from`` of ``ThirdPartyMailClient`` (set here to
  ``Blynk <noreply@iot.example.com>``). The password-reset request mail is not used (it
  carries a QR-code attachment).
- postalserver/postal (MIT, Ruby mail server), commit POSTAL_COMMIT: ``app/mailers/
  app_mailer.rb`` (subjects) renders the text-only views ``app/views/app_mailer/
  *.text.erb`` without layout, From ``"#{from_name} <#{from_address}>"``
  (``lib/postal/config_schema.rb`` default name "Postal"). No Ruby runs here: each view's
  ``<%= expr %>`` tags are replaced by the value the expression has for the fixed records
  below (a dictionary keyed by the exact expression text; ERB leaves the rest of the text as
  it is, and these views have no ``<% %>`` code tags). ``verify_domain`` carries the code of
  ``Domain#update_verification_token_on_method_change`` for the Email method,
  ``rand(999_999).to_s.ljust(6, "0")`` (six digits): the reader passes it to the colleague
  who enters it. Password reset (token only in the link), send-limit approaching /
  exceeded, server suspended and the SMTP test message are notices.
- passwall/passwall-server (AGPL-3.0-only, Go password manager), commit PASSWALL_COMMIT:
  ``internal/email/email_builder.go`` (subjects) renders the constant templates of
  ``internal/email/template.go`` with Go's ``html/template`` and ``internal/email/smtp.go``
  sends ``strings.TrimSpace(body)`` as one text/html part, From ``Passwall <...>``.
  No Go toolchain runs here; the small renderer below does what ``html/template`` does for
  these templates: ``{{.Field}}`` and ``{{if .F}}..{{else}}..{{end}}`` (no nesting), HTML
  comments in text context removed, values escaped as its HTML/attribute escapers do for
  them (``& < > " ' +``; the URL normaliser changes nothing in these ASCII URLs). Data as
  the ``Build*`` functions make it (``Year`` the year sent, ``ExpiryTime`` "15 minutes" /
  "7 days", URLs under the frontend URL). The verification code is
  ``generateRandomVerificationCode(6)`` (``internal/service/auth.go``: six of A-Z0-9); the
  invitation carries a 32-character invitation code, which is an invite code (null). Share,
  emergency-access, Secure Send and account-deletion mails are notices. (The README says
  MIT; the repository's LICENSE file is the AGPL-3.0 text, which is what is recorded.)
- opensolutions/ViMbAdmin (GPL-3.0-only, PHP virtual-mailbox admin for Postfix/Dovecot),
  commit VIMBADMIN_COMMIT: ``application/controllers/MailboxController.php``
  (``_sendSettingsEmail`` for the welcome mail of a new mailbox, with its password, and the
  settings mail, without; ``passwordAction`` when an admin sets a mailbox password),
  ``application/controllers/AdminController.php`` (new administrator, administrator
  password changed) and ``library/OSS/Controller/Trait/Auth.php`` (lost password, password
  reset; ``resolveTemplate`` with format "both" renders the html view, and there is no
  plain-text one) send the Smarty views ``application/views/{mailbox,admin}/email/*.phtml``
  and ``application/views/auth/email/html/*.phtml`` with Zend_Mail (``setBodyText`` /
  ``setBodyHtml``, UTF-8). Rendering: the real Smarty (smarty-php/smarty, LGPL-3.0-or-later, at
  SMARTY_COMMIT = v4.3.0, the version ViMbAdmin's ``composer.lock`` pins) run by ``php``, with
  the view variables the controllers assign (``mailbox``, ``admin``, ``user`` as small
  objects with the getters the views call, ``options`` and ``settings`` from
  ``application/configs/application.ini.dist``'s ``server.*`` / ``identity.*`` defaults,
  ``settings`` passed through ``Entities\Mailbox::substitute`` (``%d`` domain, ``%m``
  address) as the controller does). ``{genUrl}`` is a stand-in doing what
  ``OSS_Utils::genUrl`` does (``https://<host><baseUrl>`` then ``/controller/action`` and
  ``/key/value`` per parameter) for host vimbadmin.example.com and an empty base URL; the
  Zend/OSS framework itself is not run. The passwords given in the welcome and the three
  password mails are the codes (typed to log in); the settings, lost-password (token only in
  the link) and reset-confirmation mails are notices.
- sandstorm-io/sandstorm (Apache-2.0, self-hosted server platform), commit SANDSTORM_COMMIT:
  ``shell/imports/server/accounts/email-token/token-server.js`` (``sendTokenEmail``) mails
  the e-mail login: subject ``"Log in to " + rootHostname`` (or, when an address is being
  linked to an account, ``"Confirm this email address on " + rootHostname``), text built by
  string concatenation with the ``makeTokenUrl`` link and "Alternatively, enter the
  following one-time authentication code into the log-in form:" and the token,
  ``Random.id(12)`` (Meteor: 12 characters of 23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz).
  ``shell/imports/server/account-suspension.js`` (the user's own deletion request) and
  ``shell/imports/server/admin-server.js`` (``testSend``) send notices from template
  literals. All are one text/plain part (``send`` in ``shell/imports/server/email.js``
  passes only ``text``), From ``{name: serverTitle, address: returnAddress}`` (the
  deletion mail: the return address alone). The concatenations are done here in Python in
  the same order, and every literal piece is checked to occur in the snapshot's source.
- horde/base (LGPL-2.0-only, the Horde groupware/webmail framework's base application),
  commit HORDE_COMMIT: ``services/resetpassword.php`` resets a forgotten password and mails
  it: ``Horde_Mime_Mail`` with ``'body' => sprintf(_("Your new password for %s is: %s"),
  $registry->get('name', 'horde'), $password)``, ``'charset' => 'UTF-8'``, ``'Subject' =>
  _("Your password has been reset")``, From the user's own address (no
  ``resetpassword_from`` set), one text/plain part. The strings are looked up with Python's
  ``gettext.GNUTranslations`` in the compiled catalogues the snapshot ships
  (``locale/<locale>/LC_MESSAGES/horde.mo``; PHP's gettext reads the same files), and the
  ``%s`` filled in order, the application name being the default "Horde". Only the locales
  whose catalogue translates both strings are used. The password has the shape of
  ``Horde_Auth::genRandomPassword()`` (horde/Auth ``lib/Horde/Auth.php``: consonant, vowel,
  consonant, vowel, consonant from ``bcdfghjklmnpqrstvwxz`` / ``aeiouy``, then two digits),
  a fixed value per language; the reader logs in with it.
- phpservermon/phpservermon (GPL-3.0-or-later, PHP uptime monitor), commit PSM_COMMIT:
  ``src/psm/Util/Server/Updater/StatusNotifier.php`` (``notifyByEmail``) sends the server
  down/up mails (``psm_parse_msg`` of ``notifications.{off,on}_email_subject`` /
  ``_email_body``) and ``src/psm/Module/User/Controller/LoginController.php``
  (``sendPasswordForgotMail``) the password reset (``login.password_reset_email_*``,
  ``%link%`` = ``psm_build_url(array(action, user_id, token), true, false)``). The strings
  come from ``src/lang/<locale>.lang.php``. Rendering: the real ``php`` runs the functions
  ``psm_get_lang``, ``psm_parse_msg``, ``psm_format_interval`` and ``psm_build_url`` cut
  verbatim out of the snapshot's ``src/includes/functions.inc.php`` (the only change:
  ``date('Y-m-d H:i:s')`` is given the fixed send time), with ``$GLOBALS['sm_lang']`` the
  locale's file and ``sm_lang_default`` en_US, as ``psm_load_lang`` sets them;
  ``PSM_BASE_URL`` is the example host and ``email_add_url`` is off (its installer
  default). PHPMailer sends ``Body`` as text/html and ``AltBody``
  (``str_replace('<br/>', "\\n", $body)``: only where a locale writes ``<br/>``, as ja_JP and
  in places es_ES do, does the text part get line breaks; ``<br>`` stays) as text/plain in
  multipart/alternative.
  Locales whose file translates all six strings: en_US, de_DE, fr_FR, es_ES, ru_RU, ja_JP.
  All of these mails are notices (the reset token is only in the link).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import io
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from collect import HERE, message

SENT = datetime(2026, 12, 4, 10, 15, tzinfo=UTC)
OUT = HERE / "round25" / "home.json"

BLYNK = "blynkkk/blynk-server"
BLYNK_COMMIT = "097105efd7377d523d3a355f6a2a0ca4f7f33b5c"
BLYNK_FROM = "Blynk <noreply@iot.example.com>"
BLYNK_TOKEN = "q7Xk2_VbN9dLmR4tYw8ZcJ-5hFs3GaPe"
BLYNK_TOKEN2 = "Tz6M-pQ1wEr9uKb3Ls5Nd7Hx2Cj8Vg4y"
POSTAL = "postalserver/postal"
POSTAL_COMMIT = "8ef89606bc34146fffba77a604dd824e6b1cdcc2"
POSTAL_CODE = "584213"
PASSWALL = "passwall/passwall-server"
PASSWALL_COMMIT = "bdd06e30853dda2bf0f41f6a2a3c0cb40d8ef06e"
PASSWALL_CODE = "K7Q2XM"
PASSWALL_URL = "https://vault.example.com"
VIMBADMIN = "opensolutions/ViMbAdmin"
VIMBADMIN_COMMIT = "7189f86b968cf116ddcbeca0185f7316d0f1a778"
SMARTY = "smarty-php/smarty"
SMARTY_COMMIT = "c02e9e135ea719b91f457a0072748ded0e852e7d"
SANDSTORM = "sandstorm-io/sandstorm"
SANDSTORM_COMMIT = "231077a9e39637a1ee0a5ce4779f9f835dd6d459"
SANDSTORM_ROOT = "https://sandstorm.example.com"
SANDSTORM_TITLE = "Home Sandstorm"
SANDSTORM_RETURN = "no-reply@sandstorm.example.com"
HORDE = "horde/base"
HORDE_COMMIT = "81a8a11a23a15b3383a8049e1f428a5dbf52f904"
HORDE_LOCALES = {
    "en": None,
    "de": "de",
    "fr": "fr",
    "es": "es",
    "it": "it",
    "nl": "nl",
    "pl": "pl",
    "pt-BR": "pt_BR",
    "cs": "cs",
    "da": "da",
    "sv": "sv",
    "fi": "fi",
    "hu": "hu",
    "el": "el",
    "tr": "tr",
    "uk": "uk",
    "ja": "ja",
    "zh-CN": "zh_CN",
}
PSM = "phpservermon/phpservermon"
PSM_COMMIT = "fccc264107f47576c3dfdc71eb410aa51ef729b5"
PSM_LOCALES = {
    "en_US": "en",
    "de_DE": "de",
    "fr_FR": "fr",
    "es_ES": "es",
    "ru_RU": "ru",
    "ja_JP": "ja",
}
TO = "noor.tester@example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def java_resource(text: str) -> str:
    """``FileLoaderUtil.load``: every line read with ``readLine`` and ``\\n`` appended."""
    return "".join(line + "\n" for line in text.splitlines())


# --- Blynk -------------------------------------------------------------------------------


def blynk(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda p: git_show(mirrors, BLYNK, BLYNK_COMMIT, p)  # noqa: E731
    logic = "server/tcp-app-server/src/main/java/cc/blynk/server/application/handlers/main/logic/MobileMailLogic.java"
    token_file = "server/core/src/main/resources/single_token_mail_body.txt"
    token_body = java_resource(show(token_file))
    dash = "Greenhouse"
    out = []
    subject = f"Auth Token for {dash} project and device ESP32 Sensor"
    body = "Auth Token : " + BLYNK_TOKEN + "\n" + token_body
    out.append(
        (
            dict(
                id="blynk-auth-token-en",
                code=BLYNK_TOKEN,
                kind="other",
                path=f"{logic}, {token_file}",
                rendered="MobileMailLogic.makeSingleTokenEmail: 'Auth Token : ' + token + resource text (lines + \\n); text/plain",
                note="device auth token (URL-safe base64 of 24 random bytes) that the reader pastes into the device's sketch",
            ),
            message(sender=BLYNK_FROM, subject=subject, text=body, html_part=None, sent=SENT),
        )
    )
    subject = f"Auth Tokens for {dash} project and 2 devices"
    body = (
        f"Auth Token for device 'ESP32 Sensor' : {BLYNK_TOKEN}\n"
        f"Auth Token for device 'Relay Board' : {BLYNK_TOKEN2}\n" + token_body
    )
    out.append(
        (
            dict(
                id="blynk-auth-tokens-en",
                code=None,
                kind="other",
                path=f"{logic}, {token_file}",
                rendered="MobileMailLogic.sendMultiTokenEmail: one line per device + resource text; text/plain",
                note="two device tokens, one per device: no single code to type",
            ),
            message(sender=BLYNK_FROM, subject=subject, text=body, html_part=None, sent=SENT),
        )
    )
    reg = "server/tcp-app-server/src/main/resources/static/register-email.html"
    out.append(
        (
            dict(
                id="blynk-register-en",
                code=None,
                kind="notice",
                path="server/tcp-app-server/src/main/java/cc/blynk/server/application/handlers/main/auth/MobileRegisterHandler.java, "
                + reg,
                rendered="resource read line by line (+\\n), sent unchanged with sendHtml; text/html",
            ),
            message(
                sender=BLYNK_FROM,
                subject="Get started with Blynk",
                text=None,
                html_part=java_resource(show(reg)),
                sent=SENT,
            ),
        )
    )
    conf = "server/http-api/src/main/resources/static/reset/reset-email-app-confirmation.html"
    body = java_resource(show(conf)).replace("{PRODUCT_NAME}", "Blynk").replace("{EMAIL}", TO)
    out.append(
        (
            dict(
                id="blynk-password-changed-en",
                code=None,
                kind="notice",
                path="server/tcp-app-server/src/main/java/cc/blynk/server/application/handlers/main/MobileResetPasswordHandler.java, "
                + conf,
                rendered="resource (+\\n per line) with {PRODUCT_NAME} and {EMAIL} replaced; sendHtml, text/html",
            ),
            message(
                sender=BLYNK_FROM,
                subject="Your new password on Blynk",
                text=None,
                html_part=body,
                sent=SENT,
            ),
        )
    )
    for meta, _ in out:
        meta.update(
            source="blynk", lang="en", repository=BLYNK, commit=BLYNK_COMMIT, licence="GPL-3.0-only"
        )
    return out


# --- Postal ------------------------------------------------------------------------------

POSTAL_VALUES = {
    "Postal.host_with_protocol": "https://postal.example.com",
    "@user.password_reset_token": "b1c9e6f0a27d4e8c93f5d0b7a6e2c4f1",
    "@return_to ? \"?return_to=#{ERB::Util.url_encode(@return_to)}\" : ''": "",
    "Postal::Config.smtp.from_name": "Postal",
    "Postal::Config.smtp.from_address": "postal@postal.example.com",
    "@user.name": "Lena Fischer",
    "@user.first_name": "Lena",
    "@domain.owner.is_a?(Organization) ? @domain.owner.name : @domain.owner.organization.name": "Acme Widgets",
    "@domain.name": "acme-widgets.example",
    "@domain.verification_token": POSTAL_CODE,
    "@server.name": "Transactional",
    "@server.send_volume": "9215",
    "@server.send_limit": "10000",
    "@server.organization.name": "Acme Widgets",
    "@server.organization.permalink": "acme",
    "@server.permalink": "transactional",
    "@server.actual_suspension_reason": "High bounce rate on outgoing mail",
}


def erb(text: str) -> str:
    def tag(m: re.Match) -> str:
        return POSTAL_VALUES[m.group(1).strip()]

    assert "<% " not in text and "<%-" not in text
    return re.sub(r"<%=(.*?)%>", tag, text, flags=re.S)


def postal(mirrors: Path) -> list[tuple[dict, bytes]]:
    mails = [
        ("verify_domain", "Verify your ownership of acme-widgets.example", POSTAL_CODE, "saas-otp"),
        ("password_reset", "Reset your Postal password", None, "notice"),
        (
            "server_send_limit_approaching",
            "[acme/transactional] Mail server is approaching its send limit",
            None,
            "notice",
        ),
        (
            "server_send_limit_exceeded",
            "[acme/transactional] Mail server has exceeded its send limit",
            None,
            "notice",
        ),
        (
            "server_suspended",
            "[acme/transactional] Your mail server has been suspended",
            None,
            "notice",
        ),
        ("test_message", "Postal SMTP Test Message", None, "notice"),
    ]
    out = []
    for name, subject, code, kind in mails:
        view = f"app/views/app_mailer/{name}.text.erb"
        text = erb(git_show(mirrors, POSTAL, POSTAL_COMMIT, view))
        meta = dict(
            id=f"postal-{name.replace('_', '-')}-en",
            code=code,
            kind=kind,
            path=f"app/mailers/app_mailer.rb, app/mailers/application_mailer.rb, lib/postal/config_schema.rb, {view}",
            rendered="text.erb view with each <%= expr %> replaced by the fixed record's value; text/plain, no layout",
            source="postal",
            lang="en",
            repository=POSTAL,
            commit=POSTAL_COMMIT,
            licence="MIT",
        )
        if code:
            meta["note"] = (
                "six-digit domain verification code (Domain#update_verification_token_on_method_change, Email method)"
            )
        out.append(
            (
                meta,
                message(
                    sender="Postal <postal@postal.example.com>",
                    subject=subject,
                    text=text,
                    html_part=None,
                    sent=SENT,
                ),
            )
        )
    return out


# --- PassWall ----------------------------------------------------------------------------


def go_escape(value: str) -> str:
    """html/template's escaping of these values in text and attribute context."""
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
        .replace("+", "&#43;")
    )


def go_render(template: str, data: dict) -> str:
    template = re.sub(r"<!--.*?-->", "", template, flags=re.S)

    def cond(m: re.Match) -> str:
        yes, no = m.group(2), m.group(4) or ""
        return yes if data.get(m.group(1)) else no

    template = re.sub(
        r"\{\{if \.(\w+)\}\}(.*?)(\{\{else\}\}(.*?))?\{\{end\}\}", cond, template, flags=re.S
    )
    assert "{{if" not in template and "{{range" not in template
    return re.sub(r"\{\{\.(\w+)\}\}", lambda m: go_escape(str(data[m.group(1)])), template)


def go_const(source: str, name: str) -> str:
    m = re.search(r"const " + name + r" = `(.*?)`", source, flags=re.S)
    assert m, name
    return m.group(1)


def passwall(mirrors: Path) -> list[tuple[dict, bytes]]:
    source = git_show(mirrors, PASSWALL, PASSWALL_COMMIT, "internal/email/template.go")
    year = SENT.year
    invite_code = "pR4tWn8Qz2LcX6vJm0sHdK9yBf3GaE7u"
    mails = [
        (
            "verification",
            "verificationEmailTemplate",
            "Verify Your Passwall Account",
            dict(
                Name="Noor",
                SignupSource="Web",
                Code=PASSWALL_CODE,
                ExpiryTime="15 minutes",
                Year=year,
                VerificationURL=f"{PASSWALL_URL}/verify-email?email={TO}&code={PASSWALL_CODE}",
            ),
            PASSWALL_CODE,
            "saas-otp",
            "six characters of A-Z0-9 (generateRandomVerificationCode(6)), typed on the verification page",
        ),
        (
            "invitation",
            "invitationEmailTemplate",
            "You're Invited to Join Passwall!",
            dict(
                InviterName="Lena Fischer",
                Code=invite_code,
                Role="Member",
                ExpiryTime="7 days",
                Year=year,
                InvitationURL=f"{PASSWALL_URL}/sign-up?email={TO}&invitation={invite_code}",
                OrganizationName="",
            ),
            None,
            "notice",
            "the 32-character invitation code is an invite code (also in the sign-up link)",
        ),
        (
            "share-notice",
            "shareNoticeEmailTemplate",
            "Lena Fischer shared an item with you on Passwall",
            dict(
                ShareInviterName="Lena Fischer",
                ShareItemName="Office Wi-Fi",
                ShareSignInURL=f"{PASSWALL_URL}/sign-in?redirect=/shares",
                ShareRecipient=TO,
                Year=year,
            ),
            None,
            "notice",
            None,
        ),
        (
            "emergency-recovery-request",
            "emergencyRecoveryRequestEmailTemplate",
            "URGENT: Lena Fischer is requesting emergency access to your vault",
            dict(
                GranteeName="Lena Fischer",
                EmergencyURL=f"{PASSWALL_URL}/settings/emergency-access",
                Year=year,
            ),
            None,
            "notice",
            None,
        ),
        (
            "send-notify",
            "secureSendNotifyEmailTemplate",
            "Lena Fischer sent you a secure message via Passwall",
            dict(
                SendSenderName="Lena Fischer",
                SendName="Router admin login",
                SendURL=f"{PASSWALL_URL}/send/7f3c9a21#d8Kq2LmX",
                Year=year,
            ),
            None,
            "notice",
            None,
        ),
        (
            "recover-delete-request",
            "recoverDeleteRequestEmailTemplate",
            "Confirm your Passwall account deletion",
            dict(
                DeleteURL=f"{PASSWALL_URL}/recover-delete?token=Zm9vYmFyLWRlbGV0ZS10b2tlbi0yMDI2",
                Year=year,
            ),
            None,
            "notice",
            None,
        ),
    ]
    out = []
    for name, const, subject, data, code, kind, note in mails:
        body = go_render(go_const(source, const), data).strip()
        meta = dict(
            id=f"passwall-{name}-en",
            code=code,
            kind=kind,
            path="internal/email/template.go, internal/email/email_builder.go, internal/email/smtp.go",
            rendered="Go html/template constant rendered by a small equivalent (fields, if/else, comments dropped, HTML escaping), TrimSpace; text/html",
            source="passwall",
            lang="en",
            repository=PASSWALL,
            commit=PASSWALL_COMMIT,
            licence="AGPL-3.0-only",
        )
        if note:
            meta["note"] = note
        out.append(
            (
                meta,
                message(
                    sender="Passwall <noreply@vault.example.com>",
                    subject=subject,
                    text=None,
                    html_part=body,
                    sent=SENT,
                ),
            )
        )
    return out


# --- ViMbAdmin ---------------------------------------------------------------------------

VIMB_DRIVER = r"""<?php
require $argv[1] . '/libs/Smarty.class.php';
class Obj {
    private $v;
    function __construct($v) { $this->v = $v; }
    function __call($name, $args) { return $this->v[$name]; }
}
function substitute($email, $str) {  // Entities\Mailbox::substitute, verbatim
    list( $un, $dn ) = explode( '@', $email );
    $str = str_replace ( '%atmail', substr( $email, 0, 1 ) . '/' . substr( $email, 1, 1 ) . '/' . $email, $str );
    $str = str_replace ( '%u',      $un,    $str );
    $str = str_replace ( '%d',      $dn,    $str );
    $str = str_replace ( '%m',      $email, $str );
    return $str;
}
function gen_url($params, $smarty) {  // smarty_function_genUrl + OSS_Utils::genUrl
    $url = 'https://vimbadmin.example.com';
    foreach (array('module', 'controller', 'action') as $k) {
        if (!empty($params[$k]) && $params[$k] != 'default') $url .= '/' . $params[$k];
        unset($params[$k]);
    }
    foreach ($params as $var => $value) $url .= "/{$var}/{$value}";
    return $url;
}
$job = json_decode(file_get_contents($argv[3]), true);
$ini = parse_ini_file($argv[4], false, INI_SCANNER_RAW);
$options = array();
foreach ($ini as $key => $value) {
    if (strpos($key, 'server.') !== 0 && strpos($key, 'identity.') !== 0) continue;
    $ref = &$options;
    foreach (explode('.', $key) as $part) $ref = &$ref[$part];
    $ref = $value;
    unset($ref);
}
$out = array();
foreach ($job as $name => $vars) {
    $smarty = new Smarty();
    $smarty->setTemplateDir($argv[2]);
    $smarty->setCompileDir(sys_get_temp_dir() . '/vimb_c_' . getmypid());
    $smarty->registerPlugin('function', 'genUrl', 'gen_url');
    $smarty->assign('options', $options);
    foreach ($vars as $k => $v) {
        if ($k === 'settings') {
            $settings = $options['server'];
            foreach ($settings as $tech => $params)
                foreach ($params as $kk => $vv)
                    $settings[$tech][$kk] = substitute($v, $vv);
            $smarty->assign('settings', $settings);
        } elseif (is_array($v) && isset($v['__obj'])) {
            unset($v['__obj']);
            $smarty->assign($k, new Obj($v));
        } elseif ($k !== '__view') {
            $smarty->assign($k, $v);
        }
    }
    $out[$name] = $smarty->fetch($vars['__view']);
}
echo json_encode($out);
"""

VIMB_GENURL = {
    "mailbox-welcome",
    "mailbox-settings",
    "admin-new",
    "admin-password",
    "lost-password",
}
VIMB_MAILBOX = {"__obj": 1, "getName": "Noor Tester", "getUsername": TO}
VIMB_PASSWORD = "hT4v9Qm2Xc7w"
VIMB_ADMIN_PASSWORD = "Rk8pZ3wN6yQe"
VIMB_MAILS = [
    # name, view, subject, vars, code, html?
    (
        "mailbox-welcome",
        "mailbox/email/settings.phtml",
        "Welcome to your new mailbox on example.com",
        dict(mailbox=VIMB_MAILBOX, welcome=True, password=VIMB_PASSWORD, settings=TO),
        VIMB_PASSWORD,
        "application/controllers/MailboxController.php",
    ),
    (
        "mailbox-settings",
        "mailbox/email/settings.phtml",
        "Settings for your mailbox on example.com",
        dict(mailbox=VIMB_MAILBOX, welcome=False, password="", settings=TO),
        None,
        "application/controllers/MailboxController.php",
    ),
    (
        "mailbox-password",
        "mailbox/email/change_password.phtml",
        f"New Password for {TO}",
        dict(
            mailbox=VIMB_MAILBOX,
            admin={"__obj": 1, "getUsername": "postmaster@example.com"},
            newPassword="Wq5nB8xL2vTs",
        ),
        "Wq5nB8xL2vTs",
        "application/controllers/MailboxController.php",
    ),
    (
        "admin-new",
        "admin/email/new_admin.phtml",
        "ViMbAdmin :: Your New Administrator Account",
        dict(username=TO, password=VIMB_ADMIN_PASSWORD),
        VIMB_ADMIN_PASSWORD,
        "application/controllers/AdminController.php",
    ),
    (
        "admin-password",
        "admin/email/change_password.phtml",
        "ViMbAdmin :: New Password",
        dict(
            user={"__obj": 1, "getUsername": "postmaster@example.com"}, newPassword="Jd7mC4rV9kPz"
        ),
        "Jd7mC4rV9kPz",
        "application/controllers/AdminController.php",
    ),
    (
        "lost-password",
        "auth/email/html/lost-password.phtml",
        "ViMbAdmin - Password Reset Information",
        dict(
            user={"__obj": 1, "getUsername": TO}, token="aN3kQ7vX1mR8tY5wZ2bC9dF4gH6jL0pS3uE8iO1q"
        ),
        None,
        "library/OSS/Controller/Trait/Auth.php",
    ),
    (
        "password-reset",
        "auth/email/html/reset-password.phtml",
        "ViMbAdmin - Your Password Has Been Reset",
        dict(user={"__obj": 1, "getUsername": TO}),
        None,
        "library/OSS/Controller/Trait/Auth.php",
    ),
]


def vimbadmin(mirrors: Path) -> list[tuple[dict, bytes]]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        views = tmpdir / "views"
        smarty = tmpdir / "smarty"
        for repo, commit, sub, dest in [
            (VIMBADMIN, VIMBADMIN_COMMIT, "application/views", tmpdir),
            (SMARTY, SMARTY_COMMIT, "libs", smarty),
        ]:
            dest.mkdir(exist_ok=True)
            git_dir = mirrors / repo.replace("/", "+") / "repo"
            archive = subprocess.run(
                ["git", "--git-dir", str(git_dir), "archive", commit, sub],
                check=True,
                capture_output=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
        (tmpdir / "application" / "views").rename(views)
        ini = tmpdir / "application.ini"
        ini.write_text(
            git_show(
                mirrors, VIMBADMIN, VIMBADMIN_COMMIT, "application/configs/application.ini.dist"
            )
        )
        job = {name: dict(vars, __view=view) for name, view, _, vars, _, _ in VIMB_MAILS}
        (tmpdir / "job.json").write_text(json.dumps(job))
        (tmpdir / "render.php").write_text(VIMB_DRIVER)
        rendered = json.loads(
            subprocess.run(
                [
                    "php",
                    str(tmpdir / "render.php"),
                    str(smarty),
                    str(views),
                    str(tmpdir / "job.json"),
                    str(ini),
                ],
                check=True,
                capture_output=True,
                env={"TMPDIR": tmp, "PATH": "/usr/bin:/bin"},
            ).stdout
        )
    for name, view, subject, _vars, code, controller in VIMB_MAILS:
        body = rendered[name]
        is_html = view.startswith("auth/email/html/")
        meta = dict(
            id=f"vimbadmin-{name}-en",
            code=code,
            kind="saas-otp" if code else "notice",
            path=f"{controller}, application/views/{view}, application/configs/application.ini.dist"
            + (
                ", library/OSS/Smarty/functions/function.genUrl.php, library/OSS/Utils.php"
                if name in VIMB_GENURL
                else ""
            ),
            rendered="real Smarty v4.3.0 in php with the controller's view variables and a genUrl stand-in; "
            + (
                "Zend_Mail setBodyHtml, text/html"
                if is_html
                else "Zend_Mail setBodyText, text/plain"
            ),
            source="vimbadmin",
            lang="en",
            repository=VIMBADMIN,
            commit=VIMBADMIN_COMMIT,
            licence="GPL-3.0-only",
        )
        if code:
            meta["note"] = "the mail gives the account's password to log in with"
        sender = (
            "ViMbAdmin Autobot <do-not-reply@example.com>"
            if is_html
            else "ViMbAdmin Administrator <support@example.com>"
        )
        out.append(
            (
                meta,
                message(
                    sender=sender,
                    subject=subject,
                    text=None if is_html else body,
                    html_part=body if is_html else None,
                    sent=SENT,
                ),
            )
        )
    return out


# --- Sandstorm ---------------------------------------------------------------------------


def sandstorm(mirrors: Path) -> list[tuple[dict, bytes]]:
    token_js = "shell/imports/server/accounts/email-token/token-server.js"
    susp_js = "shell/imports/server/account-suspension.js"
    admin_js = "shell/imports/server/admin-server.js"
    sources = {
        f: git_show(mirrors, SANDSTORM, SANDSTORM_COMMIT, f) for f in (token_js, susp_js, admin_js)
    }

    def lit(f: str, piece: str) -> str:
        assert piece in sources[f], (f, piece)
        return piece

    host = "sandstorm.example.com"
    email = quote(TO, safe="~()*!.'")  # encodeURIComponent
    sender = f"{SANDSTORM_TITLE} <{SANDSTORM_RETURN}>"
    out = []
    for name, token, linking in [
        ("login", "Kq7mZ2pWx9Ad", False),
        ("confirm-email", "h4TfN8cRv3Ye", True),
    ]:
        if not linking:
            subject = lit(token_js, "Log in to ") + host
            url = SANDSTORM_ROOT + lit(token_js, "/_emailLogin/") + email + "/" + token
        else:
            subject = lit(token_js, "Confirm this email address on ") + host
            url = (
                SANDSTORM_ROOT
                + lit(token_js, "/_emailLinkCredential/")
                + email
                + "/"
                + token
                + "/"
                + "Xo3p8RkWq2mTz7Lbn"
                + lit(token_js, "?allowLogin=")
                + "false"
            )
        text = (
            lit(token_js, "To confirm this email address on ")
            + host
            + lit(token_js, ", click on the following link:\\n\\n").replace("\\n", "\n")
            + url
            + "\n\n"
            + lit(
                token_js,
                "Alternatively, enter the following one-time authentication code into the log-in form:\\n\\n",
            ).replace("\\n", "\n")
            + token
        )
        out.append(
            (
                dict(
                    id=f"sandstorm-{name}-en",
                    code=token,
                    kind="saas-otp",
                    path=token_js + ", shell/imports/server/email.js",
                    rendered="sendTokenEmail's string concatenation (literals checked against the source); text/plain",
                    note="Random.id(12) one-time authentication code, also inside the link",
                ),
                message(sender=sender, subject=subject, text=text, html_part=None, sent=SENT),
            )
        )
    subject = lit(
        susp_js, "Your account on ${db.getServerTitle()} will be deleted in 7 days."
    ).replace("${db.getServerTitle()}", SANDSTORM_TITLE)
    body = lit(
        susp_js,
        "You have requested that your Sandstorm account on ${db.getServerTitle()} be deleted. Your account has been suspended and will be fully deleted in seven days. If you change your mind, log into ${process.env.ROOT_URL} to cancel the process.\n\nIf you did not request this deletion, please contact the server administrator immediately.",
    )
    body = body.replace("${db.getServerTitle()}", SANDSTORM_TITLE).replace(
        "${process.env.ROOT_URL}", SANDSTORM_ROOT
    )
    out.append(
        (
            dict(
                id="sandstorm-account-deletion-en",
                code=None,
                kind="notice",
                path=susp_js + ", shell/imports/server/email.js",
                rendered="sendDeletionEmails' template literal filled; text/plain",
            ),
            message(sender=SANDSTORM_RETURN, subject=subject, text=body, html_part=None, sent=SENT),
        )
    )
    out.append(
        (
            dict(
                id="sandstorm-smtp-test-en",
                code=None,
                kind="notice",
                path=admin_js + ", shell/imports/server/email.js",
                rendered="testSend's subject and text; text/plain",
            ),
            message(
                sender=sender,
                subject=lit(admin_js, "Testing your Sandstorm's SMTP setting"),
                text=lit(admin_js, "Success! Your outgoing SMTP is working."),
                html_part=None,
                sent=SENT,
            ),
        )
    )
    for meta, _ in out:
        meta.update(
            source="sandstorm",
            lang="en",
            repository=SANDSTORM,
            commit=SANDSTORM_COMMIT,
            licence="Apache-2.0",
        )
    return out


# --- Horde -------------------------------------------------------------------------------


def horde_password(lang: str) -> str:
    """A fixed value of Horde_Auth::genRandomPassword()'s shape (c v c v c d d)."""
    n = int(hashlib.sha256(("horde-" + lang).encode()).hexdigest(), 16)
    out = ""
    for alphabet in ("bcdfghjklmnpqrstvwxz", "aeiouy") * 2 + (
        "bcdfghjklmnpqrstvwxz",
        "0123456789",
        "0123456789",
    ):
        n, i = divmod(n, len(alphabet))
        out += alphabet[i]
    return out


def horde(mirrors: Path) -> list[tuple[dict, bytes]]:
    git_dir = mirrors / HORDE.replace("/", "+") / "repo"
    script = "services/resetpassword.php"
    source = git_show(mirrors, HORDE, HORDE_COMMIT, script)
    body_id, subject_id = "Your new password for %s is: %s", "Your password has been reset"
    assert f'_("{body_id}")' in source and f'_("{subject_id}")' in source
    out = []
    for lang, locale in HORDE_LOCALES.items():
        path = script
        if locale is None:
            translate = gettext.NullTranslations()
        else:
            mo = f"locale/{locale}/LC_MESSAGES/horde.mo"
            path += ", " + mo
            data = subprocess.run(
                ["git", "--git-dir", str(git_dir), "show", f"{HORDE_COMMIT}:{mo}"],
                check=True,
                capture_output=True,
            ).stdout
            translate = gettext.GNUTranslations(io.BytesIO(data))
            assert (
                translate.gettext(body_id) != body_id
                and translate.gettext(subject_id) != subject_id
            )
        password = horde_password(lang)
        body = translate.gettext(body_id).replace("%s", "Horde", 1).replace("%s", password, 1)
        meta = dict(
            id=f"horde-password-reset-{lang}",
            code=password,
            kind="saas-otp",
            path=path,
            rendered="gettext lookup in the snapshot's horde.mo, sprintf of name and password; Horde_Mime_Mail text/plain",
            source="horde",
            lang=lang,
            repository=HORDE,
            commit=HORDE_COMMIT,
            licence="LGPL-2.0-only",
            note="the new password (Horde_Auth::genRandomPassword shape) the reader logs in with",
        )
        out.append(
            (
                meta,
                message(
                    sender=TO,
                    subject=translate.gettext(subject_id),
                    text=body,
                    html_part=None,
                    sent=SENT,
                ),
            )
        )
    return out


# --- PHP Server Monitor ------------------------------------------------------------------

PSM_FUNCTIONS = ["psm_get_lang", "psm_format_interval", "psm_parse_msg", "psm_build_url"]

PSM_DRIVER = r"""
define('PSM_BASE_URL', 'https://monitor.example.com');
include $argv[1];
$GLOBALS['sm_lang_default'] = $sm_lang;
$sm_lang = array();
include $argv[2];
$GLOBALS['sm_lang'] = $sm_lang;
$server = array(
    'server_id' => '3', 'ip' => 'nas.example.com', 'port' => '443', 'label' => 'Home NAS',
    'error' => 'Connection timed out after 10001 milliseconds',
    'last_online' => '2026-12-04 10:02:00', 'last_offline' => '2026-12-04 10:03:00',
);
$off = $server;
$on = $server;
$on['error'] = '';
$on['last_offline_duration'] = trim(psm_format_interval(new DateInterval('PT12M30S')));
$url = psm_build_url(array(
    'action' => 'reset',
    'user_id' => '2',
    'token' => '9c4e1b7a2f6d8e3c5a0b9d7f1e4c2a6b8d0f3e5c7a9b1d4f6e8c0a2b4d6f8e1c',
), true, false);
$reset = str_replace('%link%', $url, psm_get_lang('login', 'password_reset_email_body'));
echo json_encode(array(
    'off' => array(psm_parse_msg(false, 'email_subject', $off), psm_parse_msg(false, 'email_body', $off)),
    'on' => array(psm_parse_msg(true, 'email_subject', $on), psm_parse_msg(true, 'email_body', $on)),
    'reset' => array(psm_get_lang('login', 'password_reset_email_subject'), $reset),
));
"""


def php_function(source: str, name: str) -> str:
    start = source.index(f"function {name}(")
    depth, i = 0, source.index("{", start)
    while True:
        if source[i] == "{":
            depth += 1
        elif source[i] == "}":
            depth -= 1
            if depth == 0:
                return source[start : i + 1]
        i += 1


def psm(mirrors: Path) -> list[tuple[dict, bytes]]:
    functions = git_show(mirrors, PSM, PSM_COMMIT, "src/includes/functions.inc.php")
    code = "\n\n".join(php_function(functions, f) for f in PSM_FUNCTIONS)
    fixed = int(SENT.timestamp())
    assert code.count("date('Y-m-d H:i:s')") == 1
    code = code.replace("date('Y-m-d H:i:s')", f"date('Y-m-d H:i:s', {fixed})")
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        en = tmpdir / "en_US.lang.php"
        en.write_text(git_show(mirrors, PSM, PSM_COMMIT, "src/lang/en_US.lang.php"))
        script = tmpdir / "render.php"
        script.write_text("<?php\ndate_default_timezone_set('UTC');\n" + code + "\n" + PSM_DRIVER)
        for locale, lang in PSM_LOCALES.items():
            lf = tmpdir / f"{locale}.lang.php"
            lf.write_text(git_show(mirrors, PSM, PSM_COMMIT, f"src/lang/{locale}.lang.php"))
            result = json.loads(
                subprocess.run(
                    ["php", str(script), str(en), str(lf)], check=True, capture_output=True
                ).stdout
            )
            for key, name, path in [
                ("off", "server-down", "src/psm/Util/Server/Updater/StatusNotifier.php"),
                ("on", "server-up", "src/psm/Util/Server/Updater/StatusNotifier.php"),
                ("reset", "password-reset", "src/psm/Module/User/Controller/LoginController.php"),
            ]:
                subject, body = result[key]
                meta = dict(
                    id=f"phpservermon-{name}-{lang}",
                    code=None,
                    kind="notice",
                    path=f"{path}, src/includes/functions.inc.php, src/lang/{locale}.lang.php, src/lang/en_US.lang.php",
                    rendered="functions cut from functions.inc.php run by php with the locale file; PHPMailer multipart: AltBody (str_replace <br/>) + html Body",
                    source="phpservermon",
                    lang=lang,
                    repository=PSM,
                    commit=PSM_COMMIT,
                    licence="GPL-3.0-or-later",
                )
                text = body.replace("<br/>", "\n")
                out.append(
                    (
                        meta,
                        message(
                            sender="PHP Server Monitor <monitor@example.com>",
                            subject=subject,
                            text=text,
                            html_part=body,
                            sent=SENT,
                        ),
                    )
                )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (blynk, postal, passwall, vimbadmin, sandstorm, horde, psm):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
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
