"""Round 25, projects written first for non-English-speaking communities (blind): OpenSID,
the Indonesian village-government information system (citizen self-service OTP, PIN and
account mails, in Indonesian) and BuildAdmin, a Chinese PHP admin framework (mail
verification codes, Simplified Chinese and English), and LMS, the Polish ISP management
system (customer-panel credential reminder, Polish and English) and the Chinese community
forum Symphony (account verification mails, Simplified Chinese) and the Japanese SNS engine
OpenPNE 3 (account notices and a reissued password, Japanese and English) and the Korean
CMS XpressEngine 1 (account-finding and sign-up mails in seven languages) and the Russian
community CMS JohnCMS (sign-up and password-recovery notices in Russian, Ukrainian, Arabic,
Vietnamese and English), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r25_intl.py \\
        --mirrors /work/.mirror

- OpenSID/OpenSID (GPL-3.0-only, PHP/CodeIgniter 3 village information system used by
  Indonesian village governments), commit OPENSID_COMMIT. Mails, all in Indonesian (the
  project ships no other language for them), all sent with the CodeIgniter 3 Email
  library, ``from(smtp_user, 'OpenSID')``, ``set_mailtype('html')``, the body the output of
  a PHP view:

  - ``donjo-app/libraries/OTP/Repository/OTP_email.php``: ``kirim_otp`` (subject
    "Verifikasi Akun Email", view ``fmandiri/email/verifikasi``; the token is
    ``random_int(100000, 999999)`` as ``donjo-app/controllers/fmandiri/Verifikasi.php`` and
    ``Database.php`` make it, six digits, typed back into the self-service page), then
    ``verifikasi_berhasil`` ("Berhasil Verifikasi Email", ``verifikasi-berhasil``, a notice)
    and ``kirim_pin_baru`` ("PIN Baru", ``kirim-pin``; the PIN is
    ``strrev(random_int(100000, 999999))`` from ``Mandiri_model::generate_pin``, six digits
    the citizen types with the NIK to sign in to Layanan Mandiri);
  - ``donjo-app/libraries/Reset/Email/Email_repository.php``: ``sendResetLink`` ("Setel
    Ulang Kata Sandi", ``autentikasi/notifikasi_lupa_sandi``) and ``sendVerifyLink``
    ("Verifikasi Alamat Email", ``autentikasi/notifikasi_verifikasi_email``): links only,
    notices.

  Rendering: the views are run by the real PHP interpreter (``php`` 8.2 on this machine) with
  stand-ins for the helpers they call: ``site_url()``/``base_url()`` give
  ``https://desa.example.id/`` plus the path, ``gambar_desa()`` the default logo path it
  returns when the village has uploaded none, ``config_item('nama_aplikasi')`` "OpenSID"
  (``donjo-app/config/config.php``), and ``date('Y')`` is replaced by ``'2026'`` in the view
  text before it runs, so that the footer year is fixed. The parts are made by the
  snapshot's own CodeIgniter 3 Email class
  (``vendor/codeigniter/framework/system/libraries/Email.php``), loaded at run time from the
  snapshot: ``message()`` (``rtrim``, CR removed) gives the HTML part and
  ``_get_alt_message()`` (tags stripped, newlines and spaces collapsed, ``word_wrap`` at 76
  columns, as ``wordwrap`` is on in ``donjo-app/config/email.php``) the text part of the
  multipart/alternative mail CodeIgniter sends for an HTML mail.
- build-admin/BuildAdmin (Apache-2.0, ThinkPHP 8 + Vue admin framework from China), commit
  BA_COMMIT: ``app/api/controller/Ems.php`` ``send`` mails a code for the events
  ``user_register``, ``user_retrieve_pwd``, ``user_change_email`` and ``user_email_verify``:
  subject ``__(event) . '-' . get_sys_config('site_name')``, body
  ``__('Your verification code is: %s', [$code])`` (ThinkPHP's ``Lang::get`` with a numeric
  argument list is ``sprintf``), strings from ``app/api/lang/<lang>/ems.php`` (zh-cn, en;
  the language files are read by running php on them). The code is
  ``extend/ba/Captcha.php`` ``create``: ``length`` 4 characters drawn from ``codeSet``
  (``2345678abcdefhijkmnpqrstuvwxyzABCDEFGHJKLMNPQRTUVWXY``), then ``strtoupper``. The admin's
  test mail (``app/admin/controller/routine/Config.php`` ``sendTestMail``, strings from
  ``app/admin/lang/<lang>/routine/config.php``) is the notice. ``app/common/library/Email.php``
  is PHPMailer with ``setFrom(smtp_sender_mail, smtp_user)`` (the SMTP user, an address, is the
  display name); ``isHTML()`` with no ``AltBody`` makes PHPMailer send one text/html part, the
  body as is (no layout). Site name: "青禾书院" (the default is the placeholder 站点名称).
- chilek/lms (GPL-2.0-only, "LAN Management System", PHP, written for Polish internet service
  providers), commit LMS_COMMIT: the customer panel's "remind me" form
  (``userpanel/lib/Session.class.php``, ``$remindform['type'] == 1``) generates a new PIN
  (``generate_random_string(random_int(4, 6), '0123456789')``, the default
  ``pin_min_size``/``pin_max_size``/``pin_allowed_characters``), replaces ``%id``, ``%pin``,
  ``%extid`` and ``%login`` in ``userpanel.reminder_mail_body`` and mails it as plain text
  from ``<userpanel.reminder_mail_sender>`` with subject ``userpanel.reminder_mail_subject``.
  Those settings have no default where the mail is sent; their defaults are the ones the
  panel's setup form (``userpanel/lib/setup_functions.php``) shows and saves:
  ``trans('credential reminder')`` and ``"ID: %id\nPIN: %pin"``, both read from that file.
  The subject is the form's in the administrator's language: English (the source string) and
  Polish (``userpanel/lib/locale/pl_PL/strings.php``, read by running php on it); no other
  shipped locale translates it. The customer signs in with the ID and the PIN; the PIN is
  the credential the mail gives.
- 88250/symphony (AGPL-3.0-or-later, Java forum/community platform from China; the
  hacpai.com / ld246.com software), commit SYM_COMMIT:
  ``src/main/java/org/b3log/symphony/service/VerifycodeMgmtService.java``
  ``sendEmailVerifycode`` mails each unsent e-mail verify code through ``Mails.sendHTML``
  with template ``src/main/resources/mail_tpl/sym_verifycode.ftl`` (Chinese only: the
  template has no other language) and the subject ``registerEmailSubjectLabel``,
  ``forgetEmailSubjectLabel`` or ``bindEmailSubjectLabel`` of the server locale (zh_CN,
  ``src/main/resources/lang_zh_CN.properties``). Registration and password reset put a link
  (``/register?code=``, ``/reset-pwd?code=``, the code ``randomAlphanumeric(6)``) in the
  model as ``url``; binding an e-mail puts the code (``RandomStringUtils.randomNumeric(6)``,
  ``SettingsProcessor``) as ``code``, and the template shows ``验证码：${code}``. The model
  also has ``userName`` and ``servePath``/``staticServePath`` (``Keys.fillServer``). The
  template is processed by the real FreeMarker (Debian's ``libfreemarker-java`` 2.3.31,
  ``apt-get install libfreemarker-java``; Symphony's ``Templates.FREEMARKER_VER`` is
  ``VERSION_2_3_30``, which the small Java program below sets, with UTF-8 and the rethrow
  handler as ``Mails`` configures it), run with ``java`` (OpenJDK 17). The local SMTP channel
  (``MailSender.createTextMail``) sends the HTML as the only part, ``setFrom`` the configured
  sender address with no display name.
- openpne/OpenPNE3 (Apache-2.0, Japanese social-network engine, symfony 1), commit
  PNE_COMMIT: ``lib/util/opMailSend.class.php`` ``sendTemplateMail`` renders the PC mail
  template (no ``NotificationMail`` row has been edited by the admin, so the
  ``opNotificationMailTemplateLoaderConfigSample`` loader gives the ``sample`` of
  ``lib/config/config/mail_template.yml`` for the default culture, ``ja_JP`` or ``en``;
  ``[1]`` is the body) with ``opTemplateRendererTwig``, appends ``"\n"`` and the rendered
  ``signature`` sample, and sends the text with the caller's ``subject``. Subjects:
  ``ReissuePasswordForm`` ``sns_name . ' ' . __('New password has been issued')``,
  ``opAuthAction`` ``__('Notify of Your Registering')``, ``opMemberAction``
  ``__('Leaving from this site is finished')`` (no ``messages.ja.xml`` translates it),
  ``InviteForm`` ``sns_name . '招待状'`` and ``MemberConfigPcAddressForm``
  ``'メールアドレス変更ページのお知らせ'`` (Japanese in the code whatever the culture);
  ``MemberRelationshipTable`` ``__('%1% accepted your %friend% link request')`` and
  ``opCommunityAction`` ``__('%1% has just joined your %community%')``, which no catalogue
  translates: ``opI18N`` fills ``%friend%``/``%community%`` with the culture's SnsTerm
  (``data/fixtures/010_import_sns_terms.yml``, pc_frontend: フレンド, コミュニティ), as the
  templates' ``op_term`` does.
  ``__()`` is looked up in ``apps/<app>/i18n/messages.ja.xml`` for ja_JP. Rendering: the
  snapshot's own bundled Twig
  (``lib/plugins/sfSymfonyTemplatingViewPlugin/lib/vendor/Twig``) and
  ``lib/view/twig/HelperTwigExtension.class.php`` run by php 8.2 at run time; the only
  stand-in is ``app_url_for`` (symfony's routing): the two named routes the mails use
  (``community_home`` ``/community/:id``, ``member_profile`` ``/member/:id``, from
  ``apps/pc_frontend/config/routing.yml``), else symfony's default ``/:module/:action/*``
  route (``member/register?token=t`` gives ``/member/register/token/t``) under
  ``https://sns.example.jp`` with no script name; and the sandbox extension (a security
  policy that changes no output) is left out. ``op_config`` (sns_name, admin_mail_address)
  and ``sf_config.op_base_url`` are given as arrays. OpenPNE's ``execute`` sends through
  Zend_Mail in ISO-2022-JP (7bit, base64 subject); here the same text is stored as UTF-8 by
  ``collect.message``: the charset is the one thing not reproduced. From is
  ``admin_mail_address``. The reissued password is one an administrator types in the back
  office and the mail hands to the member to sign in with: the code.
- xpressengine/xe-core (LGPL-2.1-or-later, XpressEngine 1.x, the Korean PHP CMS), commit
  XE_COMMIT: ``modules/member/member.controller.php`` ``procMemberFindAccount`` stores a
  temporary password (``Password::createTemporaryPassword(8)``: eight characters of
  base64 with ``iIoOjl10/`` mapped to ``@#$%&*-!?``, at least one lower, upper, digit and
  symbol) and mails ``skins/default/find_member_account_mail.html`` titled
  ``msg_find_account_title``: the member clicks the link, which makes that password theirs,
  and signs in with it (the code). The sign-up confirmation (``procMemberResendAuthMail``
  and sign-up, ``confirm_member_account_mail.html``, ``msg_confirm_account_title``) is the
  notice, and so is the change-of-address confirmation (``confirm_member_new_email.html``,
  ``title_modify_email_address``, the new address through
  ``sprintf(msg_confirm_email_address_change)``, memberInfo e-mail address and nick name,
  link ``procMemberAuthEmailAddress``; only ko, jp and zh-TW translate it). ``memberInfo`` lists the default sign-up form's required fields but the password
  (user_id, user_name, nick_name, email_address, in the admin controller's default order),
  labelled in the language. Strings: ``common/lang/lang.xml`` then
  ``modules/member/lang/lang.xml`` (top-level items; XmlLangParser's fallback: the
  language, else en, else ko). Languages whose catalogue translates the mail's strings:
  ko, en, jp (ja), zh-CN, zh-TW, ru, tr. Rendering: the snapshot's own
  ``classes/template/TemplateHandler.class.php`` compiles and runs the skin template under
  php 8.2, with stand-ins for ``Context``, ``FileHandler``, ``getScriptPath`` and
  ``getUrl()`` (``https://xe.example.kr/``); the one change to it is PHP 8's: the removed
  ``$s{0}`` string-offset syntax is rewritten as ``$s[0]``. The auth URL is what
  ``getFullUrl`` gives (``index.php?module=member&amp;act=procMemberAuthAccount&amp;...``,
  HTML-encoded, as XE returns it). ``classes/mail/Mail.class.php`` with the default
  ``mail`` mailer sends multipart/alternative: the HTML, and as the text/plain part the same
  HTML with ``<``, ``>`` and ``&`` replaced in turn by ``str_replace`` (so ``<br />`` reads
  ``&amp;lt;br /&amp;gt;``: that is what XE sends); From ``webmaster`` and the webmaster
  address.
- johncms/johncms (GPL-3.0-only, PHP community/forum CMS from Russia), commit JC_COMMIT:
  ``UserRegistrationService::sendConfirmationEmail`` (template
  ``system::mail/templates/registration``, subject ``__('Registration on the website')``,
  link ``/registration/confirm-email/?id=&code=`` with ``uniqid('email_', true)``) and
  ``modules/johncms/personal/skl.php`` ``act=sent`` (``restore_password``,
  ``__('Password recovery')``, link ``/profile/skl.php?act=set&id=&code=`` with a 32-hex
  code) queue an ``EmailMessage`` in the user's locale; ``system/src/Mail/EmailSender.php``
  renders the Blade view (``themes/default/templates/system/mail/templates/<name>.blade.php``
  in ``layouts/default.blade.php``) with the locale shared and ``MailFactory`` sends it as
  one quoted-printable text/html part from the site e-mail with the site name
  (``copyright``). Rendering: Blade by illuminate/view 8.83 (Debian's
  ``php-illuminate-view``, ``apt-get install php-illuminate-view``; JohnCMS locks v10.43,
  whose compiler handles ``@extends``/``@section``/``@yield`` and ``<?= ?>`` the same way),
  with ``__()`` as gettext/translator's (``system/locale/<lang>.lng.php`` catalogue, the
  original when untranslated, ``vsprintf`` with arguments) and ``asset()`` giving
  ``/assets/default/images/logo.png`` (where ``public/assets/default/images/logo.png`` is);
  ``config`` (``homeurl``, ``copyright``) is given to the views as the site's settings.
  Languages whose catalogue translates the two mails: ru, uk, ar, vi (id and pl do not),
  and English, the source. Both are notices. Not rendered: the third password mail,
  ``restore_password_complete`` (which would carry the new ``passgen(4)`` password): its
  view calls ``$this->layout()``, and illuminate/filesystem's ``getRequire`` runs views in
  a static closure (in the 8.x used here and in the 10.x JohnCMS locks), so rendering it
  stops with "Using $this when not in object context": that mail cannot be produced.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 4, 8, 15, tzinfo=UTC)
ITEMS: list[dict] = []

OPENSID = "OpenSID/OpenSID"
OPENSID_COMMIT = "4b3d56778f23b0e1230c1e667db554f012bbcdc6"
OPENSID_EMAIL = "vendor/codeigniter/framework/system/libraries/Email.php"
OPENSID_HARNESS = r"""<?php
define('BASEPATH', __DIR__ . '/');
$dir = $argv[1]; $view = $argv[2]; $vars = json_decode($argv[3], true);
function config_item($k) { return ['charset' => 'UTF-8', 'nama_aplikasi' => 'OpenSID'][$k] ?? null; }
function is_php($v) { return version_compare(PHP_VERSION, $v, '>='); }
function log_message(...$a) {}
function base_url($uri = '') { return 'https://desa.example.id/' . ltrim($uri, '/'); }
function site_url($uri = '') { return 'https://desa.example.id/' . ltrim($uri, '/'); }
function gambar_desa($nama_file = null, $type = false, $file = false) {
    return base_url() . 'assets/files/logo/' . ($type ? 'opensid_kantor.jpg' : 'opensid_logo.png');
}
class ViewLoader {
    public $ci;
    public function __construct() { $this->ci = (object) ['setting' => (object) ['logo' => null]]; }
    public function view($__path, $__vars) {
        extract($__vars);
        ob_start();
        eval('?>' . str_replace("date('Y')", "'2026'", file_get_contents($__path)));
        return ob_get_clean();
    }
}
require "$dir/Email.php";
class AltEmail extends CI_Email {
    public function parts($body) { $this->message($body); return [$this->_body, $this->_get_alt_message()]; }
}
$html = (new ViewLoader())->view("$dir/views/$view.php", $vars);
$email = new AltEmail(['wordwrap' => true, 'mailtype' => 'html', 'charset' => 'utf-8']);
[$body, $alt] = $email->parts($html);
echo json_encode(['html' => $body, 'text' => $alt], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
"""
OPENSID_RESET_TOKEN = "9c41e7b2d05f8a36e1b4c7d92a0f5e3b68d1c4a7f2e90b3d5c86a1f47e2b9d03"
OPENSID_MAILS = [
    # (id, view, subject, library file, variables, code, kind, note)
    (
        "verifikasi",
        "fmandiri/email/verifikasi",
        "Verifikasi Akun Email",
        "donjo-app/libraries/OTP/Repository/OTP_email.php",
        {"token": 482917},
        "482917",
        "gov-otp",
        "random_int(100000, 999999), typed back on the self-service verification page",
    ),
    (
        "verifikasi-berhasil",
        "fmandiri/email/verifikasi-berhasil",
        "Berhasil Verifikasi Email",
        "donjo-app/libraries/OTP/Repository/OTP_email.php",
        {"nama": "SITI RAHAYU"},
        None,
        "notice",
        None,
    ),
    (
        "kirim-pin",
        "fmandiri/email/kirim-pin",
        "PIN Baru",
        "donjo-app/libraries/OTP/Repository/OTP_email.php",
        {"pin": "058731", "nama": "SITI RAHAYU"},
        "058731",
        "gov-otp",
        "strrev(random_int(100000, 999999)): the new PIN typed with the NIK to sign in",
    ),
    (
        "lupa-sandi",
        "autentikasi/notifikasi_lupa_sandi",
        "Setel Ulang Kata Sandi",
        "donjo-app/libraries/Reset/Email/Email_repository.php",
        {"token": OPENSID_RESET_TOKEN, "email": "operator.desa@example.id"},
        None,
        "notice",
        "the reset token is only in the link",
    ),
    (
        "verifikasi-email",
        "autentikasi/notifikasi_verifikasi_email",
        "Verifikasi Alamat Email",
        "donjo-app/libraries/Reset/Email/Email_repository.php",
        {
            "hash": "5b1d0e9a7c3f42e8b6a1d9c0f7e3a2b4c8d6e1f0",
            "signature": "e3b7a9c1d5f20846b9e7c3a1f5d82b4e6c0a9f7d3b1e5c8a2f4d6b0e9c7a3f15",
            "expire": 1796372100,
        },
        None,
        "notice",
        "verification by link only",
    ),
]
BA = "build-admin/BuildAdmin"
BA_COMMIT = "7e525ce580025b89b5fb05557c7865b1e74f567a"
BA_SITE = "青禾书院"
BA_SENDER = "service@qinghe.example.com"
BA_LANGS = {"zh-cn": "zh-CN", "en": "en"}
BA_CODES = {
    "zh-cn": {
        "user_register": "K7QM",
        "user_retrieve_pwd": "3HWX",
        "user_change_email": "P8TC",
        "user_email_verify": "NE5R",
    },
    "en": {
        "user_register": "A4JV",
        "user_retrieve_pwd": "YB2F",
        "user_change_email": "6DKU",
        "user_email_verify": "MZ7H",
    },
}
LMS = "chilek/lms"
LMS_COMMIT = "d85aeab5b2fa6c51750d8844ac336c025fa3fc2d"
LMS_ID = "1487"
LMS_PIN = "73051"
SYM = "88250/symphony"
SYM_COMMIT = "68ebdd8fa45e10d605a10a1dfc1f18fa49b627b6"
SYM_URL = "https://sym.example.com"
SYM_MAILS = [
    # (id, subject key, template variables, code, kind, note)
    (
        "bind-email",
        "bindEmailSubjectLabel",
        {"code": "204816"},
        "204816",
        "saas-otp",
        "RandomStringUtils.randomNumeric(6) (SettingsProcessor), typed in the settings page",
    ),
    (
        "register",
        "registerEmailSubjectLabel",
        {"url": f"{SYM_URL}/register?code=q7XbK2"},
        None,
        "notice",
        "the randomAlphanumeric(6) code is only inside the link",
    ),
    (
        "reset-pwd",
        "forgetEmailSubjectLabel",
        {"url": f"{SYM_URL}/reset-pwd?code=T4mW9e"},
        None,
        "notice",
        "the randomAlphanumeric(6) code is only inside the link",
    ),
]
FREEMARKER_JAR = "/usr/share/java/freemarker.jar"  # apt-get install libfreemarker-java
FREEMARKER_RENDER = """\
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateExceptionHandler;
import java.io.File;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;

public class Render {
    public static void main(String[] args) throws Exception {
        Configuration cfg = new Configuration(Configuration.VERSION_2_3_30);
        cfg.setDirectoryForTemplateLoading(new File(args[0]));
        cfg.setDefaultEncoding("UTF-8");
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        Map<String, Object> model = new HashMap<>();
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            model.put(kv[0], kv[1]);
        }
        Template template = cfg.getTemplate(args[1]);
        StringWriter out = new StringWriter();
        template.process(model, out);
        System.out.write(out.toString().getBytes("UTF-8"));
        System.out.flush();
    }
}
"""
PNE = "openpne/OpenPNE3"
PNE_COMMIT = "a7e6315688c2398b5a02de77b598b3b6dcd955bd"
PNE_YML = "lib/config/config/mail_template.yml"
PNE_TWIG = "lib/plugins/sfSymfonyTemplatingViewPlugin/lib/vendor/Twig"
PNE_HELPER_EXT = "lib/view/twig/HelperTwigExtension.class.php"
PNE_GLOBALS = {
    "op_config": {"sns_name": "さくら町コミュニティ", "admin_mail_address": "admin@sns.example.jp"},
    "sf_config": {"op_base_url": "https://sns.example.jp"},
}
PNE_MAILS = [
    # (template, subject rule, parameters, code, note)
    (
        "reissuedPassword",
        ("i18n", ("pc_backend", "New password has been issued")),
        {"mailAddress": "hanako.sato@example.jp", "newPassword": "Rk7mQ2vx"},
        "Rk7mQ2vx",
        "the password an administrator reissued (ReissuePasswordForm), typed to sign in",
    ),
    (
        "registerEnd",
        ("i18n", ("pc_frontend", "Notify of Your Registering")),
        {"url": "https://sns.example.jp/"},
        None,
        None,
    ),
    (
        "leave",
        ("i18n", ("pc_frontend", "Leaving from this site is finished")),
        {"member": {"name": "佐藤花子"}},
        None,
        "no Japanese catalogue translates the subject, so it stays English",
    ),
    (
        "requestRegisterURL",
        ("fixed", "さくら町コミュニティ招待状"),
        {
            "token": "8f3c1a9e5b7d2f40",
            "name": "山田太郎",
            "message": "町内会の連絡はここでしています。ぜひ参加してください。",
        },
        None,
        "the registration token is only in the link",
    ),
    (
        "changeMailAddress",
        ("fixed", "メールアドレス変更ページのお知らせ"),
        {"token": "c41d7e2a9f06b835", "id": "128", "type": "pc_address"},
        None,
        "the token is only in the link; the reader types their own password",
    ),
]
PNE_TERMS = {  # data/fixtures/010_import_sns_terms.yml, pc_frontend
    "friend": {"ja_JP": "フレンド", "en": "friend"},
    "community": {"ja_JP": "コミュニティ", "en": "community"},
}
PNE_MAILS += [
    (
        "friendLinkComplete",
        ("term", ("%1% accepted your %friend% link request", {"%1%": "山田太郎"})),
        {"member": {"name": "山田太郎", "id": "57"}},
        None,
        "no Japanese catalogue translates the subject: English with the culture's SnsTerm words",
    ),
    (
        "joinCommunity",
        ("term", ("%1% has just joined your %community%", {"%1%": "鈴木一郎"})),
        {
            "community": {"name": "さくら町子ども会", "id": "12"},
            "new_member": {"name": "鈴木一郎", "id": "203"},
        },
        None,
        "no Japanese catalogue translates the subject: English with the culture's SnsTerm words",
    ),
]
PNE_CALLERS = {
    "friendLinkComplete": "lib/model/doctrine/MemberRelationshipTable.class.php,"
    " data/fixtures/010_import_sns_terms.yml",
    "joinCommunity": "lib/action/opCommunityAction.class.php,"
    " data/fixtures/010_import_sns_terms.yml",
    "reissuedPassword": "apps/pc_backend/modules/member/lib/ReissuePasswordForm.class.php,"
    " apps/pc_backend/i18n/messages.ja.xml",
    "registerEnd": "lib/action/opAuthAction.class.php, apps/pc_frontend/i18n/messages.ja.xml",
    "leave": "lib/action/opMemberAction.class.php, apps/pc_frontend/i18n/messages.ja.xml",
    "requestRegisterURL": "lib/form/doctrine/InviteForm.class.php",
    "changeMailAddress": "lib/form/MemberConfigForm/MemberConfigPcAddressForm.class.php",
}
PNE_STAND_INS = """<?php
// stand-in for symfony 1's app_url_for helper (the file name holds 'helper', as
// HelperTwigExtension requires of the functions it offers as tags): the named routes of
// apps/pc_frontend/config/routing.yml used by the mails (community_home /community/:id,
// member_profile /member/:id), else symfony's default /:module/:action/* route
function app_url_for($application, $internal_uri, $absolute = false) {
    $base = 'https://sns.example.jp';
    [$route, $query] = array_pad(explode('?', $internal_uri, 2), 2, '');
    parse_str($query, $params);
    $named = ['@community_home' => '/community/', '@member_profile' => '/member/'];
    if (isset($named[$route])) {
        return $base . $named[$route] . $params['id'];
    }
    $path = '/' . $route;
    foreach ($params as $key => $value) {
        $path .= '/' . rawurlencode($key) . '/' . rawurlencode($value);
    }
    return $base . $path;
}
"""
PNE_HARNESS = """<?php
error_reporting(E_ALL & ~E_DEPRECATED);
$dir = $argv[1];
require "$dir/lib/plugins/sfSymfonyTemplatingViewPlugin/lib/vendor/Twig/Autoloader.php";
Twig_Autoloader::register();
require "$dir/stand_in_helper.php";
require "$dir/lib/view/twig/HelperTwigExtension.class.php";
$env = new Twig_Environment(new Twig_Loader_String());
$env->addExtension(new HelperTwigExtension());
echo $env->loadTemplate($argv[2])->render(json_decode($argv[3], true));
"""
XE = "xpressengine/xe-core"
XE_COMMIT = "abde50d61df41e7282a01da7570ead694d957263"
XE_HANDLER = "classes/template/TemplateHandler.class.php"
XE_SKIN = "modules/member/skins/default"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XE_LANGS = {
    "ko": "ko",
    "en": "en",
    "jp": "ja",
    "zh-CN": "zh-CN",
    "zh-TW": "zh-TW",
    "ru": "ru",
    "tr": "tr",
}
XE_AUTH_URL = (
    "https://xe.example.kr/index.php?module=member&amp;act=procMemberAuthAccount"
    "&amp;member_srl=274&amp;auth_key=5e0b8c2f4a7d91e36b1c8f0d2a4e6b9c7d3f1a05"
)
XE_USERS = {
    "ko": ("hgildong", "홍길동", "길동이", "gildong.hong@example.kr", "Wq7$kRzp"),
    "en": ("jmiller", "Jane Miller", "jane_m", "jane.miller@example.com", "Fh4#tYqe"),
    "ja": ("tsato", "佐藤健", "けんさん", "ken.sato@example.jp", "mZ8!bWc3"),
    "zh-CN": ("wangfang", "王芳", "小芳", "fang.wang@example.cn", "Rd5%xNvu"),
    "zh-TW": ("chenyt", "陳怡婷", "婷婷", "yiting.chen@example.tw", "Kp2@sHfa"),
    "ru": ("ivanova", "Анна Иванова", "anna_i", "anna.ivanova@example.ru", "Tb9*eGmw"),
    "tr": ("ayilmaz", "Ayşe Yılmaz", "ayse_y", "ayse.yilmaz@example.com.tr", "Ng6?cLrq"),
}
XE_USERS = {
    tag: dict(
        zip(("user_id", "user_name", "nick_name", "email", "new_password"), values, strict=True)
    )
    for tag, values in XE_USERS.items()
}
XE_MAILS = [
    # (template, title key, note, kind)
    (
        "find_member_account_mail",
        "msg_find_account_title",
        "Password::createTemporaryPassword(8); the link activates it, then the member signs in"
        " with it",
        "saas-otp",
    ),
    ("confirm_member_account_mail", "msg_confirm_account_title", None, "notice"),
    ("confirm_member_new_email", "title_modify_email_address", None, "notice"),
]
XE_NEW_EMAIL_LANGS = ["ko", "ja", "zh-TW"]  # the only ones translating its two strings
XE_NEW_EMAILS = {
    "ko": "gildong.hong@mail.example.kr",
    "ja": "ken.sato@mail.example.jp",
    "zh-TW": "yiting.chen@mail.example.tw",
}
for _tag, _email in XE_NEW_EMAILS.items():
    XE_USERS[_tag]["new_email"] = _email
XE_HARNESS = """<?php
error_reporting(E_ALL & ~E_DEPRECATED & ~E_WARNING & ~E_NOTICE);
$dir = $argv[1]; $tpl = $argv[2]; $vars = json_decode($argv[3]);
define('__XE__', true); define('__DEBUG__', 0); define('__XE_VERSION__', '1.11.6');
define('_XE_PATH_', $dir . '/');
function getScriptPath() { return '/'; }
function getUrl() { return 'https://xe.example.kr/'; }
class Context { static function getDBInfo() { return new stdClass; } static function get($k) { return null; } }
class FileHandler { static function readFile($f) { return file_get_contents($f); } }
require "$dir/classes/template/TemplateHandler.class.php";
class MailTemplate extends TemplateHandler {
    public function render($path, $file) { $this->init($path, $file); return $this->parse(); }
    public function run($buff) {
        $m = new ReflectionMethod('TemplateHandler', '_fetch');
        $m->setAccessible(true);
        return $m->invoke($this, $buff);
    }
}
$vars->memberInfo = (array) $vars->memberInfo;
$GLOBALS['__Context__'] = $vars;
$h = new MailTemplate();
echo $h->run($h->render("$dir/modules/member/skins/default", $tpl));
"""
JC = "johncms/johncms"
JC_COMMIT = "e4fa87df1a9de63ca4236de4a6fcba96df11033f"
JC_SITES = {
    "en": ("anglers.example.com", "Anglers Club", "mike_r"),
    "ru": ("rybaki.example.ru", "Клуб рыбаков", "Иван"),
    "uk": ("rybalky.example.com.ua", "Клуб рибалок", "Олена"),
    "ar": ("sayyadin.example.com", "نادي الصيادين", "أحمد"),
    "vi": ("cauca.example.vn", "Câu lạc bộ câu cá", "Minh"),
}
JC_SITES = {
    lang: {
        "host": host,
        "user": user,
        "config": {"homeurl": f"https://{host}", "copyright": name},
    }
    for lang, (host, name, user) in JC_SITES.items()
}
JC_MAILS = [
    # (template, subject string, fields, caller)
    (
        "registration",
        "Registration on the website",
        {
            "link_to_confirm": "{homeurl}/registration/confirm-email/?id=2841"
            "&code=email_6571f0c2a1b3d4.40718263"
        },
        "modules/johncms/auth/src/Services/UserRegistrationService.php",
    ),
    (
        "restore_password",
        "Password recovery",
        {
            "link_to_restore": "{homeurl}/profile/skl.php?act=set&id=2841"
            "&code=9f2c7e41b0d85a36c1e4f7a92b6d0c58"
        },
        "modules/johncms/personal/skl.php",
    ),
]
JC_HARNESS = """<?php
require '/usr/share/php/Illuminate/View/autoload.php';
require_once '/usr/share/php/Illuminate/Events/autoload.php';
use Illuminate\\Container\\Container;
use Illuminate\\Events\\Dispatcher;
use Illuminate\\Filesystem\\Filesystem;
use Illuminate\\View\\Compilers\\BladeCompiler;
use Illuminate\\View\\Engines\\CompilerEngine;
use Illuminate\\View\\Engines\\EngineResolver;
use Illuminate\\View\\Factory;
use Illuminate\\View\\FileViewFinder;

[, $dir, $locale, $template, $fields, $config, $subject] = $argv;
$config = json_decode($config, true);
$fields = json_decode(str_replace('{homeurl}', $config['homeurl'], $fields), true);
$catalogue = $locale === 'en' ? [] : (include "$dir/system/locale/$locale.lng.php")['messages'][''];
// gettext/translator's __(): the catalogue's translation (else the original), then
// vsprintf when there are arguments
function __(string $original, ...$args): string {
    global $catalogue;
    $text = isset($catalogue[$original]) && $catalogue[$original] !== '' ? $catalogue[$original] : $original;
    return empty($args) ? $text : vsprintf($text, $args);
}
// system/helpers.php asset(): the file's URL under public/ (assets/default)
function asset(string $url, bool $versionStamp = false): string {
    return '/assets/default/' . ltrim($url, '/');
}
$files = new Filesystem();
$cache = sys_get_temp_dir() . '/jc-blade-' . getmypid();
@mkdir($cache);
$resolver = new EngineResolver();
$resolver->register('blade', fn() => new CompilerEngine(new BladeCompiler($files, $cache), $files));
$finder = new FileViewFinder($files, ["$dir/themes/default/templates"]);
$factory = new Factory($resolver, $finder, new Dispatcher(new Container()));
$factory->addNamespace('system', ["$dir/themes/default/templates/system"]);
$factory->share(['locale' => $locale, 'config' => $config]);
echo __($subject), "\\n", $factory->make($template, $fields)->render();
$files->deleteDirectory($cache);
"""


def git_show(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def add(item: dict, raw: bytes) -> None:
    path = HERE / item["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


def opensid(mirrors: Path) -> None:
    repo = mirrors / "OpenSID+OpenSID" / "repo"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "Email.php").write_bytes(git_show(repo, OPENSID_COMMIT, OPENSID_EMAIL))
        (work / "harness.php").write_text(OPENSID_HARNESS)
        for mail_id, view, subject, library, variables, code, kind, note in OPENSID_MAILS:
            view_path = f"donjo-app/views/{view}.php"
            target = work / "views" / f"{view}.php"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(git_show(repo, OPENSID_COMMIT, view_path))
            out = subprocess.run(
                ["php", str(work / "harness.php"), str(work), view, json.dumps(variables)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            parts = json.loads(out)
            raw = message(
                sender="OpenSID <desa@example.id>",
                subject=subject,
                text=parts["text"],
                html_part=parts["html"],
                sent=SENT,
            )
            item = {
                "id": f"opensid-{mail_id}-id",
                "group": f"opensid-{mail_id}",
                "source": "opensid",
                "lang": "id",
                "kind": kind,
                "code": code,
                "repository": OPENSID,
                "path": f"{library}, {view_path}, {OPENSID_EMAIL}",
                "commit": OPENSID_COMMIT,
                "licence": "GPL-3.0-only",
                "rendered": "view run by php with stand-ins for site_url/gambar_desa/config_item;"
                " multipart text (the snapshot's CI3 Email _get_alt_message, wrapped at 76) + html",
                "file": f"mail/opensid/opensid-{mail_id}-id.eml",
            }
            if note:
                item["note"] = note
            add(item, raw)


def php_array(repo: Path, commit: str, path: str) -> dict:
    """A PHP file that returns an array (a language file), read by running php on it."""
    with tempfile.NamedTemporaryFile("wb", suffix=".php") as f:
        f.write(git_show(repo, commit, path))
        f.flush()
        out = subprocess.run(
            ["php", "-r", "echo json_encode(include $argv[1], JSON_UNESCAPED_UNICODE);", f.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    return json.loads(out)


def php_sprintf(template: str, *args: str) -> str:
    """PHP sprintf for templates whose only conversions are ``%s``."""
    assert template.count("%") == template.count("%s") == len(args)
    return template.replace("%s", "{}").format(*args)


def buildadmin(mirrors: Path) -> None:
    repo = mirrors / "build-admin+BuildAdmin" / "repo"
    sender = f'"{BA_SENDER}" <{BA_SENDER}>'
    for lang, tag in BA_LANGS.items():
        ems_path = f"app/api/lang/{lang}/ems.php"
        ems = php_array(repo, BA_COMMIT, ems_path)
        for event, code in BA_CODES[lang].items():
            subject = ems[event] + "-" + BA_SITE
            body = php_sprintf(ems["Your verification code is: %s"], code)
            raw = message(sender=sender, subject=subject, text=None, html_part=body, sent=SENT)
            add(
                {
                    "id": f"buildadmin-{event}-{tag}",
                    "group": f"buildadmin-{event}",
                    "source": "buildadmin",
                    "lang": tag,
                    "kind": "saas-otp",
                    "code": code,
                    "repository": BA,
                    "path": f"app/api/controller/Ems.php, {ems_path}, app/common/library/Email.php,"
                    " extend/ba/Captcha.php",
                    "commit": BA_COMMIT,
                    "licence": "Apache-2.0",
                    "rendered": "subject __(event)-site_name, body sprintf of the ems.php string;"
                    " PHPMailer isHTML with no AltBody: one text/html part",
                    "file": f"mail/buildadmin/buildadmin-{event}-{tag}.eml",
                    "note": "ba\\Captcha::generate: four characters of its codeSet, upper-cased",
                },
                raw,
            )
        config_path = f"app/admin/lang/{lang}/routine/config.php"
        config = php_array(repo, BA_COMMIT, config_path)
        subject = config["This is a test email"] + "-" + BA_SITE
        body = config[
            "Congratulations, receiving this email means that your email service has been configured"
            " correctly"
        ]
        raw = message(sender=sender, subject=subject, text=None, html_part=body, sent=SENT)
        add(
            {
                "id": f"buildadmin-test-mail-{tag}",
                "group": "buildadmin-test-mail",
                "source": "buildadmin",
                "lang": tag,
                "kind": "notice",
                "code": None,
                "repository": BA,
                "path": f"app/admin/controller/routine/Config.php, {config_path},"
                " app/common/library/Email.php",
                "commit": BA_COMMIT,
                "licence": "Apache-2.0",
                "rendered": "subject and body from the routine/config.php language file;"
                " PHPMailer isHTML with no AltBody: one text/html part",
                "file": f"mail/buildadmin/buildadmin-test-mail-{tag}.eml",
            },
            raw,
        )


def lms(mirrors: Path) -> None:
    repo = mirrors / "chilek+lms" / "repo"
    strings_path = "userpanel/lib/locale/pl_PL/strings.php"
    with tempfile.NamedTemporaryFile("wb", suffix=".php") as f:
        f.write(git_show(repo, LMS_COMMIT, strings_path))
        f.flush()
        catalogue = json.loads(
            subprocess.run(
                [
                    "php",
                    "-r",
                    "$_LANG = []; include $argv[1]; echo json_encode($_LANG, JSON_UNESCAPED_UNICODE);",
                    f.name,
                ],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
    setup = git_show(repo, LMS_COMMIT, "userpanel/lib/setup_functions.php").decode()
    subject_key = re.search(r"'userpanel\.reminder_mail_subject', trans\('([^']+)'\)", setup)[1]
    body = re.search(r"'userpanel\.reminder_mail_body', \"([^\"]+)\"", setup)[1]
    body = body.encode().decode("unicode_escape")  # the PHP double-quoted "\n"
    for lang, subject in (("en", subject_key), ("pl", catalogue[subject_key])):
        text = body.replace("%id", LMS_ID).replace("%pin", LMS_PIN)
        raw = message(
            sender="<bok@siec.example.pl>", subject=subject, text=text, html_part=None, sent=SENT
        )
        add(
            {
                "id": f"lms-reminder-{lang}",
                "group": "lms-reminder",
                "source": "lms",
                "lang": lang,
                "kind": "utility-otp",
                "code": LMS_PIN,
                "repository": LMS,
                "path": "userpanel/lib/Session.class.php, userpanel/lib/setup_functions.php,"
                f" {strings_path}, lib/common.php",
                "commit": LMS_COMMIT,
                "licence": "GPL-2.0-only",
                "rendered": "reminder_mail_subject/_body defaults of the userpanel setup form"
                " (subject trans()'d), %id/%pin replaced as Session.class.php does; text/plain",
                "file": f"mail/lms/lms-reminder-{lang}.eml",
                "note": "ID is the customer ID (the login), PIN the new password generated for it;"
                " the PIN is the credential",
            },
            raw,
        )


def java_properties(text: str) -> dict[str, str]:
    """``key=value`` lines of a Java .properties file, ``\\uXXXX`` escapes decoded (enough for
    the single-line subject values used here)."""
    out = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith(("#", "!")) and "=" in line:
            key, value = line.split("=", 1)
            value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m[1], 16)), value.strip())
            out[key.strip()] = value
    return out


def symphony(mirrors: Path) -> None:
    repo = mirrors / "88250+symphony" / "repo"
    tpl = "src/main/resources/mail_tpl/sym_verifycode.ftl"
    props_path = "src/main/resources/lang_zh_CN.properties"
    props = java_properties(git_show(repo, SYM_COMMIT, props_path).decode("latin-1"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "sym_verifycode.ftl").write_bytes(git_show(repo, SYM_COMMIT, tpl))
        (work / "Render.java").write_text(FREEMARKER_RENDER)
        for mail_id, subject_key, variables, code, kind, note in SYM_MAILS:
            model = {
                "servePath": SYM_URL,
                "staticServePath": SYM_URL,
                "userName": "lianxi",
                **variables,
            }
            html = subprocess.run(
                ["java", "-cp", FREEMARKER_JAR, str(work / "Render.java"), str(work)]
                + ["sym_verifycode.ftl"]
                + [f"{k}={v}" for k, v in model.items()],
                check=True,
                capture_output=True,
            ).stdout.decode()
            raw = message(
                sender="noreply@sym.example.com",
                subject=props[subject_key],
                text=None,
                html_part=html,
                sent=SENT,
            )
            item = {
                "id": f"symphony-{mail_id}-zh-CN",
                "group": f"symphony-{mail_id}",
                "source": "symphony",
                "lang": "zh-CN",
                "kind": kind,
                "code": code,
                "repository": SYM,
                "path": "src/main/java/org/b3log/symphony/service/VerifycodeMgmtService.java,"
                f" src/main/java/org/b3log/symphony/util/Mails.java, {tpl}, {props_path}",
                "commit": SYM_COMMIT,
                "licence": "AGPL-3.0-or-later",
                "rendered": "sym_verifycode.ftl processed by FreeMarker 2.3.31 (Debian"
                " libfreemarker-java, VERSION_2_3_30 configuration); subject from"
                " lang_zh_CN.properties; one text/html part",
                "file": f"mail/symphony/symphony-{mail_id}-zh-CN.eml",
                "note": note,
            }
            add(item, raw)


def xliff_target(xml: str, source: str) -> str | None:
    """The ``<target>`` of a trans-unit whose ``<source>`` is ``source`` (symfony 1's XLIFF)."""
    found = re.search(
        r"<source>" + re.escape(source) + r"</source>\s*<target>([^<]*)</target>", xml
    )
    return found[1] if found else None


def openpne(mirrors: Path) -> None:
    import yaml

    repo = mirrors / "openpne+OpenPNE3" / "repo"
    samples = yaml.safe_load(git_show(repo, PNE_COMMIT, PNE_YML))["pc"]
    catalogues = {
        app: git_show(repo, PNE_COMMIT, f"apps/{app}/i18n/messages.ja.xml").decode()
        for app in ("pc_frontend", "pc_backend")
    }
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        archive = subprocess.run(
            ["git", "--git-dir", str(repo), "archive", PNE_COMMIT, PNE_TWIG, PNE_HELPER_EXT],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "x", "-C", str(work)], input=archive, check=True)
        (work / "stand_in_helper.php").write_text(PNE_STAND_INS)
        (work / "harness.php").write_text(PNE_HARNESS)

        def twig(template: str, params: dict) -> str:
            return subprocess.run(
                ["php", str(work / "harness.php"), str(work), template, json.dumps(params)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout

        for culture, tag in (("ja_JP", "ja"), ("en", "en")):
            signature = twig(samples["signature"]["sample"][culture], PNE_GLOBALS)
            for name, subject_rule, params, code, note in PNE_MAILS:
                kind, value = subject_rule
                if kind == "i18n":
                    app, source = value
                    subject = source
                    if culture == "ja_JP":
                        subject = xliff_target(catalogues[app], source) or source
                    if name == "reissuedPassword":
                        subject = PNE_GLOBALS["op_config"]["sns_name"] + " " + subject
                elif kind == "term":
                    # opI18N::__: no catalogue translates these, so the English source with
                    # its %term% words from the culture's SnsTerm and the caller's %1%
                    source, args = value
                    subject = source
                    for term, words in PNE_TERMS.items():
                        subject = subject.replace(f"%{term}%", words[culture])
                    for key, arg in args.items():
                        subject = subject.replace(key, arg)
                else:
                    subject = value
                op_term = {term: words[culture] for term, words in PNE_TERMS.items()}
                body = twig(
                    samples[name]["sample"][culture][1],
                    {**PNE_GLOBALS, "op_term": op_term, **params},
                )
                raw = message(
                    sender=PNE_GLOBALS["op_config"]["admin_mail_address"],
                    subject=subject,
                    text=body + "\n" + signature,
                    html_part=None,
                    sent=SENT,
                )
                item = {
                    "id": f"openpne-{name}-{tag}",
                    "group": f"openpne-{name}",
                    "source": "openpne",
                    "lang": tag,
                    "kind": "notice" if code is None else "saas-otp",
                    "code": code,
                    "repository": PNE,
                    "path": f"lib/util/opMailSend.class.php, {PNE_YML}, {PNE_CALLERS[name]}",
                    "commit": PNE_COMMIT,
                    "licence": "Apache-2.0",
                    "rendered": "mail_template.yml pc sample of the culture rendered by the"
                    " snapshot's bundled Twig with HelperTwigExtension (app_url_for stand-in),"
                    " signature appended after a newline; subject as its caller makes it; text/plain",
                    "file": f"mail/openpne/openpne-{name}-{tag}.eml",
                }
                if note:
                    item["note"] = note
                add(item, raw)


def xe_lang(xml: bytes, lang: str) -> dict[str, str]:
    """The top-level items of an XE ``lang.xml`` in one language, with XmlLangParser's
    fallback (the language, else en, else ko)."""
    import xml.etree.ElementTree as ET

    out = {}
    for item in ET.fromstring(xml):
        values = {v.get(XML_LANG): v.text for v in item.findall("value")}
        for candidate in (lang, "en", "ko"):
            if values.get(candidate):
                out[item.get("name")] = values[candidate]
                break
    return out


def xe_core(mirrors: Path) -> None:
    repo = mirrors / "xpressengine+xe-core" / "repo"
    common = git_show(repo, XE_COMMIT, "common/lang/lang.xml")
    member = git_show(repo, XE_COMMIT, "modules/member/lang/lang.xml")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        archive = subprocess.run(
            ["git", "--git-dir", str(repo), "archive", XE_COMMIT, XE_HANDLER]
            + [f"{XE_SKIN}/{name}.html" for name, *_ in XE_MAILS],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "x", "-C", str(work)], input=archive, check=True)
        handler = work / XE_HANDLER
        # PHP 8 removed the $s{0} string offset syntax; the same offsets in brackets
        source = handler.read_text()
        handler.write_text(
            re.sub(r"(\$[A-Za-z_]+(?:\[[^\]\[]*\])*)\{(\d+|\$[a-z_]+)\}", r"\1[\2]", source)
        )
        (work / "harness.php").write_text(XE_HARNESS)
        for xe_tag, tag in XE_LANGS.items():
            lang = {**xe_lang(common, xe_tag), **xe_lang(member, xe_tag)}
            user = XE_USERS[tag]
            member_info = {
                lang["user_id"]: user["user_id"],
                lang["user_name"]: user["user_name"],
                lang["nick_name"]: user["nick_name"],
                lang["email_address"]: user["email"],
            }
            for name, title_key, extra, kind in XE_MAILS:
                if name == "confirm_member_new_email" and tag not in XE_NEW_EMAIL_LANGS:
                    continue
                context = {"lang": lang, "memberInfo": member_info}
                code = None
                if name == "find_member_account_mail":
                    code = user["new_password"]
                    context["auth_args"] = {"new_password": code}
                    context["find_url"] = XE_AUTH_URL
                elif name == "confirm_member_new_email":
                    context["memberInfo"] = {
                        lang["email_address"]: user["email"],
                        lang["nick_name"]: user["nick_name"],
                    }
                    context["newEmail"] = user["new_email"]
                    context["auth_url"] = XE_AUTH_URL.replace(
                        "procMemberAuthAccount", "procMemberAuthEmailAddress"
                    )
                else:
                    context["auth_url"] = XE_AUTH_URL
                content = subprocess.run(
                    ["php", str(work / "harness.php"), str(work), name, json.dumps(context)],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                plain = content
                for old, new in (("<", "&lt;"), (">", "&gt;"), ("&", "&amp;")):
                    plain = plain.replace(old, new)  # PHP str_replace with arrays, in order
                raw = message(
                    sender="webmaster <webmaster@xe.example.kr>",
                    subject=lang[title_key],
                    text=plain,
                    html_part=content,
                    sent=SENT,
                )
                mail_id = name.replace("_", "-")
                item = {
                    "id": f"xe-core-{mail_id}-{tag}",
                    "group": f"xe-core-{mail_id}",
                    "source": "xe-core",
                    "lang": tag,
                    "kind": kind,
                    "code": code,
                    "repository": XE,
                    "path": f"modules/member/member.controller.php, {XE_SKIN}/{name}.html,"
                    f" {XE_HANDLER}, classes/mail/Mail.class.php, modules/member/lang/lang.xml,"
                    " common/lang/lang.xml",
                    "commit": XE_COMMIT,
                    "licence": "LGPL-2.1-or-later",
                    "rendered": "skin template compiled and run by the snapshot's TemplateHandler"
                    " (PHP 8 offset syntax only); Mail 'mail' mailer: text part = the HTML with"
                    " < > & replaced in turn, html part = the HTML",
                    "file": f"mail/xe-core/xe-core-{mail_id}-{tag}.eml",
                }
                if extra:
                    item["note"] = extra
                add(item, raw)


def johncms(mirrors: Path) -> None:
    repo = mirrors / "johncms+johncms" / "repo"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        archive = subprocess.run(
            [
                "git",
                "--git-dir",
                str(repo),
                "archive",
                JC_COMMIT,
                "themes/default/templates/system/mail",
                "system/locale",
            ],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "x", "-C", str(work)], input=archive, check=True)
        (work / "harness.php").write_text(JC_HARNESS)
        for lang, site in JC_SITES.items():
            subjects = {}
            for template, subject_key, fields, caller in JC_MAILS:
                fields = {**fields, "user_name": site["user"], "user_login": site["user"]}
                out = subprocess.run(
                    [
                        "php",
                        str(work / "harness.php"),
                        str(work),
                        lang,
                        f"system::mail/templates/{template}",
                        json.dumps(fields),
                        json.dumps(site["config"]),
                        subject_key,
                    ],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                subjects[template], html = out.split("\n", 1)
                raw = message(
                    sender=f"{site['config']['copyright']} <no-reply@{site['host']}>",
                    subject=subjects[template],
                    text=None,
                    html_part=html,
                    sent=SENT,
                )
                mail_id = template.replace("_", "-")
                add(
                    {
                        "id": f"johncms-{mail_id}-{lang}",
                        "group": f"johncms-{mail_id}",
                        "source": "johncms",
                        "lang": lang,
                        "kind": "notice",
                        "code": None,
                        "repository": JC,
                        "path": f"{caller}, system/src/Mail/EmailSender.php,"
                        " system/src/Mail/MailFactory.php,"
                        f" themes/default/templates/system/mail/templates/{template}.blade.php,"
                        " themes/default/templates/system/mail/layouts/default.blade.php"
                        + ("" if lang == "en" else f", system/locale/{lang}.lng.php"),
                        "commit": JC_COMMIT,
                        "licence": "GPL-3.0-only",
                        "rendered": "Blade view rendered by illuminate/view 8.83 (Debian"
                        " php-illuminate-view) with the locale's catalogue behind __();"
                        " one text/html part",
                        "file": f"mail/johncms/johncms-{mail_id}-{lang}.eml",
                        "note": "the confirmation or restore code is only inside the link",
                    },
                    raw,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    opensid(args.mirrors)
    buildadmin(args.mirrors)
    lms(args.mirrors)
    symphony(args.mirrors)
    openpne(args.mirrors)
    xe_core(args.mirrors)
    johncms(args.mirrors)
    out = HERE / "round25" / "intl.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
