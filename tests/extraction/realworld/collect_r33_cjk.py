"""Round 33, cjk (blind): two Japanese senders. EC-CUBE 2 (a Japanese web shop), its temporary
password mail and its member notices in ISO-2022-JP, and NetCommons3 (the school and
municipal CMS of Japan's National Institute of Informatics), its password-reissue
authorization-key mail and its account notices in Japanese and English.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_cjk.py \\
        --mirrors /work/.mirror

Needs ``php`` (PHP 8.2.36 CLI with mbstring, Debian, was used) and ``git``. Nothing is
installed: the collector extracts Smarty from its own mirror into a temporary directory.

- EC-CUBE/ec-cube2 (GPL-2.0-or-later: ``COPYING`` and the files' headers, "version 2 ... or
  any later version"; ``LICENSE.txt`` offers a commercial licence besides), tag
  ``eccube-2.25.0``, commit ECCUBE_COMMIT. The last release that still mails a generated
  password (7a380d75 of January 2026 replaced it with a reset link). Files used:
  ``data/Smarty/templates/default/mail_templates/{forgot_mail,customer_mail,
  customer_regist_mail,customer_refusal_mail,mail_title}.tpl``;
  ``data/class/pages/forgot/LC_Page_Forgot.php`` (``lfSendMail``: ``customer_name``,
  ``new_password`` from ``GC_Utils::gfMakePassword(8)``, eight characters of
  ``abcdefghkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345679``; subject
  ``sfMakeSubject('パスワードを変更いたしました。')``); ``data/class/helper/SC_Helper_Mail.php``
  (``sfSendRegistMail``: ``customer_mail.tpl`` with subject 会員登録のご確認 when the member is
  provisional and a confirmation is (re)sent, else ``customer_regist_mail.tpl`` with
  会員登録のご完了; ``sfMakeSubject``: ``mail_title.tpl`` trimmed);
  ``data/class/pages/mypage/LC_Page_Mypage_Refusal.php`` (the withdrawal mail, 退会手続きの
  ご完了); ``data/class/SC_View.php`` (delimiters ``<!--{`` ``}-->``, default modifier
  ``script_escape`` from ``data/smarty_extends/modifier.script_escape.php``, undefined
  variables muted); ``data/class/SC_SendMail.php`` (``mb_encode_mimeheader(...,
  'ISO-2022-JP-MS', 'B', "\\n")`` for Subject and the From/To names, the body
  ``mb_convert_encoding(..., 'ISO-2022-JP-MS')``, headers in ``getTEXTHeader`` order:
  MIME-Version, To, Subject, From, Return-Path, Reply-To, Date, Content-Transfer-Encoding
  7bit, ``Content-Type: text/plain; charset="ISO-2022-JP"``; PEAR Mail sends them, the Bcc
  to the shop is not in the delivered copy). Rendering here: the templates run under Smarty
  v5.4.3 (the version ``composer.lock`` pins; smarty-php/smarty, commit SMARTY_COMMIT,
  ``src/`` extracted with ``git archive`` and loaded by a PSR-4 autoloader) configured as
  ``SC_View`` does, and the result is encoded by the same mbstring calls as
  ``SC_SendMail``, all in one ``php`` run; this script writes the header lines with CRLF.
  Values: shop name 株式会社みどり茶園 オンラインショップ, ``HTTPS_URL``
  ``https://shop.midori-chaen.example/`` and ``DIR_INDEX_PATH`` ``''`` (Apache), the member
  山田 花子, the secret key of ``SC_Helper_Customer::sfGetUniqSecretKey`` shape (``r``, PHP's
  13-hex-digit ``uniqid`` and eight characters of ``gfMakePassword``), the new password
  ``Kp7mRw3x`` of ``gfMakePassword(8)``'s alphabet.
- NetCommons3 (the FreeBSD licence, BSD-2-Clause: ``license.txt`` of NetCommons3/NetCommons3,
  which every plugin's ``composer.json`` names as ``LicenseRef-NetCommons``; its text is in
  LICENSES for each repository used). NetCommons3/SiteManager, commit NC_SITE_COMMIT:
  ``Config/Migration/1469687773_site_manager_records.php`` (the site settings' Japanese,
  language_id 2, and English, language_id 1, subjects and bodies of ``ForgotPass.issue_*``,
  ``ForgotPass.request_*``, ``AutoRegist.approval_*``, ``AutoRegist.acceptance_*``,
  ``UserCancel.mail_*``, ``Mail.body_header``, ``Mail.signature``) and
  ``1469687774_system_manager_records.php`` (``Mail.from_name`` 管理者 / Administrator,
  ``Mail.messageType`` text). NetCommons3/Auth, commit NC_AUTH_COMMIT:
  ``Controller/ForgotPassController.php`` (``request``: the issue mail with
  ``X-AUTHORIZATION_KEY``; ``confirm``: the request mail with ``X-HANDLENAME`` and
  ``X-USERNAME`` once the key was typed), ``Model/ForgotPass.php`` (the key:
  ``substr(str_shuffle($randamstr), 0, 10)`` of
  ``1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%=-~+*?@_``, so ten
  distinct characters that may be symbols; the confirm step compares the trimmed input to
  it), ``Model/AutoUserRegistMail.php`` (approval mail to the registrant, acceptance mail to
  the administrators, ``X-URL`` the activation link). NetCommons3/UserManager, commit
  NC_USER_COMMIT: ``Config/Migration/002_mail_setting_records.php`` (``save_notify``, the
  welcome an administrator sends after adding a user) and
  ``Controller/UserAddController.php`` (its tags). The user-cancel notice is sent by
  NetCommons3/Users' ``UserCancel`` with ``X-HANDLE``; its text is SiteManager's. Renderer:
  NetCommons3/Mails, commit NC_MAILS_COMMIT, ``Utility/NetCommonsMailAssignTag.php``
  (``assignTagReplace``: ``X-URL`` first, then every tag by ``str_replace``, subject and
  body trimmed; ``initTags``: ``X-SITE_NAME`` and the others; ``addHeaderAndSignature``:
  body header, "\\n", body, "\\n", signature; ``CakeText::wrap`` at 300 characters, which
  leaves these short lines as they are) and ``Utility/NetCommonsMail.php`` (``setFrom``:
  From and Sender are ``Mail.from`` with the language's ``Mail.from_name``; text format:
  the body exploded on "\\n" and handed to CakePHP 2's ``CakeEmail::send``). CakeEmail is
  not run here; what it does with a text mail is reproduced: the lines are joined by "\\n"
  and end with "\\n", rendered into the app's ``app/View/Emails/text/default.ctp`` and
  ``app/View/Layouts/Emails/text/default.ctp`` of NetCommons3/NetCommons3 (commit
  NC_APP_COMMIT; the layout, CakePHP's own, adds a blank line and "This email was sent
  using the CakePHP Framework, http://cakephp.org."), trailing newlines trimmed, one
  text/plain part in UTF-8 with 8bit transfer encoding, lines ending CRLF, the subject and
  From name B-encoded by ``mb_encode_mimeheader`` (in the same ``php`` run), ``X-Mailer:
  CakePHP Email``. Values: site name みどり市立みどり小学校 / Midori City Elementary School,
  ``Mail.from`` noreply@midori-es.example.jp, the user 佐藤 陽菜 / Hina Sato with login ID
  ``hina.sato``, the authorization keys ``x7Kq#2mVa=`` (ja) and ``R4w~tN9pe*`` (en), ten
  distinct characters of ``$randamstr``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

from collect import HERE

SENT = datetime(2026, 12, 14, 1, 20, tzinfo=UTC)
OUT = HERE / "round33" / "cjk.json"
MESSAGE_ID = "Message-ID: <corpus@mail.example>"

ECCUBE = "EC-CUBE/ec-cube2"
ECCUBE_COMMIT = "63f9c4795a915751ecbc02a3144f6e3ea236f442"  # tag eccube-2.25.0
ECCUBE_LICENCE = "GPL-2.0-or-later"
SMARTY = "smarty-php/smarty"
SMARTY_COMMIT = "c6bff5795081ca5e60aabda59fb87daa511acd1e"  # tag v5.4.3

NC_SITE = "NetCommons3/SiteManager"
NC_SITE_COMMIT = "45d1ccca9d9c44b57264e299c0b1ff11aa095678"
NC_AUTH = "NetCommons3/Auth"
NC_AUTH_COMMIT = "425b7eb666e0b606c0051bed82784c0c69e83021"
NC_USER = "NetCommons3/UserManager"
NC_USER_COMMIT = "2c3543319cf6de0f1dbe55b068016d8cadae570d"
NC_MAILS = "NetCommons3/Mails"
NC_MAILS_COMMIT = "31d579f6de5d5c89cc8892cc23c1a05b19445f3f"
NC_APP = "NetCommons3/NetCommons3"
NC_APP_COMMIT = "cf9a1c14c53a47b409d282378a24b1bfda072fa1"
NC_LICENCE = "BSD-2-Clause"

PHP = r"""<?php
spl_autoload_register(function ($class) {
    if (strncmp($class, 'Smarty\\', 7) === 0) {
        require getenv('SMARTY_SRC') . '/' . str_replace('\\', '/', substr($class, 7)) . '.php';
    }
});
require getenv('SMARTY_SRC') . '/functions.php';
require getenv('ECCUBE_EXT') . '/modifier.script_escape.php';

function eccube_view($consts) {
    foreach ($consts as $k => $v) { if (!defined($k)) { define($k, $v); } }
    $s = new \Smarty\Smarty();
    $s->setLeftDelimiter('<!--{');
    $s->setRightDelimiter('}-->');
    $s->registerPlugin('modifier', 'script_escape', 'smarty_modifier_script_escape');
    $s->muteUndefinedOrNullWarnings();
    $s->default_modifiers = ['script_escape'];
    $s->setTemplateDir(getenv('ECCUBE_TPL'));
    $s->setCompileDir(getenv('COMPILE_DIR'));
    return $s;
}

function name_address($name, $addr) {  // SC_SendMail::getNameAddress
    $n = mb_encode_mimeheader($name, 'ISO-2022-JP-MS', 'B', "\n");
    $n = str_replace('"', '\"', $n);
    return sprintf('"%s" <%s>', $n, $addr);
}

$jobs = json_decode(stream_get_contents(STDIN), true);
$out = [];
foreach ($jobs as $job) {
    if ($job['kind'] === 'eccube') {
        $view = eccube_view($job['consts']);
        foreach ($job['assign'] as $k => $v) { $view->assign($k, $v); }
        $body = $view->fetch($job['template']);
        // SC_Helper_Mail::sfMakeSubject on the same view
        $view->assign('tpl_shopname', $job['shop_name']);
        $view->assign('tpl_infoemail', $job['title']);
        $view->assign('tpl_mailtitle', $job['title']);
        $subject = trim($view->fetch('mail_templates/mail_title.tpl'));
        $subject = str_replace(["\r\n", "\r"], "\n",
            mb_encode_mimeheader($subject, 'ISO-2022-JP-MS', 'B', "\n"));
        $body = str_replace(["\r\n", "\r"], "\n",
            mb_convert_encoding($body, 'ISO-2022-JP-MS', 'UTF-8'));
        $out[] = [
            'subject' => $subject,
            'from' => name_address($job['from_name'], $job['from']),
            'to' => name_address($job['to_name'], $job['to']),
            'body' => base64_encode($body),
        ];
    } else {  // CakeEmail headers: mb_encode_mimeheader with the UTF-8 header charset
        mb_internal_encoding('UTF-8');
        $out[] = [
            'subject' => mb_encode_mimeheader($job['subject'], 'UTF-8', 'B'),
            'from_name' => mb_encode_mimeheader($job['from_name'], 'UTF-8', 'B'),
        ];
    }
}
echo json_encode($out);
"""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def git_extract(mirrors: Path, repo: str, commit: str, path: str, dest: Path) -> None:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    tar = subprocess.run(
        ["git", "--git-dir", str(git_dir), "archive", "--format=tar", commit, path],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(dest, filter="data")


def run_php(mirrors: Path, jobs: list[dict]) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        git_extract(mirrors, SMARTY, SMARTY_COMMIT, "src", root / "smarty")
        git_extract(mirrors, ECCUBE, ECCUBE_COMMIT, "data/Smarty/templates/default", root)
        git_extract(mirrors, ECCUBE, ECCUBE_COMMIT, "data/smarty_extends", root)
        (root / "compile").mkdir()
        (root / "render.php").write_text(PHP)
        out = subprocess.run(
            ["php", "-d", "display_errors=stderr", str(root / "render.php")],
            input=json.dumps(jobs).encode("utf-8"),
            check=True,
            capture_output=True,
            env={
                "PATH": "/usr/bin:/bin",
                "SMARTY_SRC": str(root / "smarty" / "src"),
                "ECCUBE_EXT": str(root / "data" / "smarty_extends"),
                "ECCUBE_TPL": str(root / "data" / "Smarty" / "templates" / "default"),
                "COMPILE_DIR": str(root / "compile"),
                "TZ": "Asia/Tokyo",
            },
        ).stdout
    return json.loads(out)


def crlf(text: str) -> bytes:
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode("ascii")


# ---------------------------------------------------------------------------------------
# EC-CUBE 2

SHOP = "株式会社みどり茶園 オンラインショップ"
SHOP_FROM = "order@shop.midori-chaen.example"  # email03 (sender, reply-to)
SHOP_ERRORS = "bounce@shop.midori-chaen.example"  # email04 (return path)
SHOP_INFO = "info@shop.midori-chaen.example"  # email02 (enquiries)
CONSTS = {"HTTPS_URL": "https://shop.midori-chaen.example/", "DIR_INDEX_PATH": ""}
CONF = {"shop_name": SHOP, "email02": SHOP_INFO, "email03": SHOP_FROM, "email04": SHOP_ERRORS}
CUSTOMER = {"name01": "山田", "name02": "花子", "email": "noor.tester@example.com",
            "secret_key": "r6759a1c4e2b3fHt4mQz9W"}  # fmt: skip
# GC_Utils::gfMakePassword(8): abcdefghkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345679
NEW_PASSWORD = "Kp7mRw3x"


def eccube_plan() -> list[dict]:
    name = CUSTOMER["name01"] + CUSTOMER["name02"]
    return [
        dict(
            id="eccube2-forgot-password-ja",
            template="mail_templates/forgot_mail.tpl",
            title="パスワードを変更いたしました。",
            to_name=CUSTOMER["name01"] + " 様",
            assign={"customer_name": CUSTOMER["name01"], "new_password": NEW_PASSWORD},
            kind="shop-otp",
            code=NEW_PASSWORD,
            path="data/Smarty/templates/default/mail_templates/forgot_mail.tpl;"
            " data/class/pages/forgot/LC_Page_Forgot.php; data/class/util/GC_Utils.php",
            note="the new temporary password (gfMakePassword(8)) after 新しいパスワード：, to log"
            " in with and change soon",
        ),
        dict(
            id="eccube2-customer-provisional-ja",
            template="mail_templates/customer_mail.tpl",
            title="会員登録のご確認",
            to_name=name + " 様",
            assign={
                "CONF": CONF,
                "arrCustomer": CUSTOMER,
                **CUSTOMER,
                "uniqid": CUSTOMER["secret_key"],
            },
            kind="notice",
            code=None,
            path="data/Smarty/templates/default/mail_templates/customer_mail.tpl;"
            " data/class/helper/SC_Helper_Mail.php",
            note="provisional registration: the member is confirmed by the link (its id is the"
            " secret key), nothing to type",
        ),
        dict(
            id="eccube2-customer-registered-ja",
            template="mail_templates/customer_regist_mail.tpl",
            title="会員登録のご完了",
            to_name=name + " 様",
            assign={
                "CONF": CONF,
                "arrCustomer": CUSTOMER,
                **CUSTOMER,
                "uniqid": CUSTOMER["secret_key"],
            },
            kind="notice",
            code=None,
            path="data/Smarty/templates/default/mail_templates/customer_regist_mail.tpl;"
            " data/class/helper/SC_Helper_Mail.php",
            note="membership completed, no code",
        ),
        dict(
            id="eccube2-refusal-ja",
            template="mail_templates/customer_refusal_mail.tpl",
            title="退会手続きのご完了",
            to_name=name + " 様",
            assign={"CONF": CONF, "name01": CUSTOMER["name01"], "name02": CUSTOMER["name02"]},
            kind="notice",
            code=None,
            path="data/Smarty/templates/default/mail_templates/customer_refusal_mail.tpl;"
            " data/class/pages/mypage/LC_Page_Mypage_Refusal.php",
            note="withdrawal completed, no code",
        ),
    ]


def eccube_mail(rendered: dict) -> bytes:
    headers = [
        "MIME-Version: 1.0",
        f"To: {rendered['to']}",
        f"Subject: {rendered['subject']}",
        f"From: {rendered['from']}",
        f"Return-Path: {SHOP_ERRORS}",
        f"Reply-To: {SHOP_FROM}",
        f"Date: {format_datetime(SENT)}",
        MESSAGE_ID,
        "Content-Transfer-Encoding: 7bit",
        'Content-Type: text/plain; charset="ISO-2022-JP"',
    ]
    body = base64.b64decode(rendered["body"])
    assert all(byte < 0x80 for byte in body)
    return crlf("\n".join(headers) + "\n\n") + body.replace(b"\n", b"\r\n")


# ---------------------------------------------------------------------------------------
# NetCommons3

NC_LANGS = {"ja": "2", "en": "1"}
NC_SITE_NAME = {"ja": "みどり市立みどり小学校", "en": "Midori City Elementary School"}
NC_FROM = "noreply@midori-es.example.jp"
NC_URL = "https://www.midori-es.example.jp/"
NC_PERSON = {"ja": ("佐藤 陽菜", "hina.sato"), "en": ("Hina Sato", "hina.sato")}
# ForgotPass: substr(str_shuffle(randamstr), 0, 10), ten distinct characters
NC_KEYS = {"ja": "x7Kq#2mVa=", "en": "R4w~tN9pe*"}
NC_ACTIVATE = "?id=27&key=5f2c8e1a9b3d4c6e7f80a1b2c3d4e5f6"  # activate_parameter
CAKE_FOOTER = "This email was sent using the CakePHP Framework, http://cakephp.org."


def php_single_quoted(source: str, key: str, language_id: str) -> str:
    """The value of one site setting record of a migration file (a PHP single-quoted string)."""
    marker = f"'language_id' => '{language_id}',\n\t\t\t\t'key' => '{key}',\n\t\t\t\t'value' => '"
    start = source.index(marker) + len(marker)
    out, i = [], start
    while source[i] != "'":
        if source[i] == "\\" and source[i + 1] in "\\'":
            i += 1
        out.append(source[i])
        i += 1
    return "".join(out)


def php_fixed_phrase(source: str, language_id: str, type_key: str, field: str) -> str:
    block = source.index(
        f"'language_id' => '{language_id}',", source.index("MailSettingFixedPhrase")
    )
    while f"'type_key' => '{type_key}'" not in source[block : source.index("),", block)]:
        block = source.index(f"'language_id' => '{language_id}',", block + 1)
    marker = f"'{field}' => '"
    start = source.index(marker, block) + len(marker)
    out, i = [], start
    while source[i] != "'":
        if source[i] == "\\" and source[i + 1] in "\\'":
            i += 1
        out.append(source[i])
        i += 1
    return "".join(out)


def nc_body(mirrors: Path, subject: str, body: str, tags: dict[str, str], lang: str) -> tuple:
    site = git_show(mirrors, NC_SITE, NC_SITE_COMMIT,
                    "Config/Migration/1469687773_site_manager_records.php")  # fmt: skip
    lid = NC_LANGS[lang]
    header = php_single_quoted(site, "Mail.body_header", lid)
    signature = php_single_quoted(site, "Mail.signature", lid)
    subject, body = subject.strip(), body.strip()  # setFixedPhraseSubject / Body
    tags = {**tags}
    if "X-URL" in tags:  # text format: the URL as it is
        body = body.replace("{X-URL}", tags.pop("X-URL"))
    tags.update({"X-FROM_EMAIL": NC_FROM, "X-FROM_NAME": "", "X-SITE_NAME": NC_SITE_NAME[lang],
                 "X-SITE_URL": NC_URL})  # fmt: skip
    for key, value in tags.items():
        body = body.replace("{" + key + "}", value)
        subject = subject.replace("{" + key + "}", value)
    # CakeText::wrap(…, 300): every line here is shorter, nothing changes
    assert all(len(line) <= 300 for line in (header + body + signature).split("\n"))
    signature = signature.replace("--\n", "-- \n")
    full = header + "\n" + body + "\n" + signature  # addHeaderAndSignature, text
    lines = full.split("\n")  # brReplace: explode("\n")
    content = "\n".join(lines) + "\n"  # CakeEmail::send(array)
    rendered = content + "\n" + CAKE_FOOTER + "\n"  # Emails/text + Layouts/Emails/text
    return subject, rendered.rstrip("\n") + "\n"


def nc_plan(mirrors: Path) -> list[dict]:
    site = git_show(mirrors, NC_SITE, NC_SITE_COMMIT,
                    "Config/Migration/1469687773_site_manager_records.php")  # fmt: skip
    users = git_show(mirrors, NC_USER, NC_USER_COMMIT,
                     "Config/Migration/002_mail_setting_records.php")  # fmt: skip
    plan = []
    for lang, lid in NC_LANGS.items():
        handle, login = NC_PERSON[lang]

        def setting(key: str, lid: str = lid) -> str:
            return php_single_quoted(site, key, lid)

        plan += [
            dict(
                id=f"netcommons3-forgot-issue-{lang}",
                repository=NC_AUTH,
                commit=NC_AUTH_COMMIT,
                subject=setting("ForgotPass.issue_mail_subject"),
                body=setting("ForgotPass.issue_mail_body"),
                tags={"X-AUTHORIZATION_KEY": NC_KEYS[lang]},
                kind="saas-otp",
                code=NC_KEYS[lang],
                path="Controller/ForgotPassController.php (request); Model/ForgotPass.php;"
                " NetCommons3/SiteManager Config/Migration/1469687773_site_manager_records.php",
                note="the ten-character authorization key under 認証キー： / Authorization key：,"
                " typed on the key screen; its alphabet has symbols (str_shuffle of"
                " 0-9a-zA-Z!#$%=-~+*?@_), kept as part of the key",
            ),
            dict(
                id=f"netcommons3-forgot-login-id-{lang}",
                repository=NC_AUTH,
                commit=NC_AUTH_COMMIT,
                subject=setting("ForgotPass.request_mail_subject"),
                body=setting("ForgotPass.request_mail_body"),
                tags={"X-HANDLENAME": handle, "X-USERNAME": login},
                kind="notice",
                code=None,
                path="Controller/ForgotPassController.php (confirm);"
                " NetCommons3/SiteManager Config/Migration/1469687773_site_manager_records.php",
                note="sent after the key was accepted: it reminds the reader of the handle and"
                " the login ID (the user's own chosen user name, asked for again beside the new"
                " password); no code or password is given, so null",
            ),
            dict(
                id=f"netcommons3-register-approval-{lang}",
                repository=NC_AUTH,
                commit=NC_AUTH_COMMIT,
                subject=setting("AutoRegist.approval_mail_subject"),
                body=setting("AutoRegist.approval_mail_body"),
                tags={
                    "X-URL": f"{NC_URL}auth/auto_user_regist/approval{NC_ACTIVATE}",
                    "X-HANDLENAME": handle,
                    "X-USERNAME": login,
                },
                kind="notice",
                code=None,
                path="Model/AutoUserRegistMail.php;"
                " NetCommons3/SiteManager Config/Migration/1469687773_site_manager_records.php",
                note="self-registration: confirmed by the link only",
            ),
            dict(
                id=f"netcommons3-register-acceptance-{lang}",
                repository=NC_AUTH,
                commit=NC_AUTH_COMMIT,
                subject=setting("AutoRegist.acceptance_mail_subject"),
                body=setting("AutoRegist.acceptance_mail_body"),
                tags={
                    "X-URL": f"{NC_URL}auth/auto_user_regist/acceptance{NC_ACTIVATE}",
                    "X-HANDLENAME": handle,
                    "X-USERNAME": login,
                },
                kind="notice",
                code=None,
                path="Model/AutoUserRegistMail.php;"
                " NetCommons3/SiteManager Config/Migration/1469687773_site_manager_records.php",
                note="to the administrators: a new registrant to approve by the link, no code",
            ),
            dict(
                id=f"netcommons3-user-cancel-{lang}",
                repository=NC_SITE,
                commit=NC_SITE_COMMIT,
                subject=setting("UserCancel.mail_subject"),
                body=setting("UserCancel.mail_body"),
                tags={"X-HANDLE": handle},
                kind="notice",
                code=None,
                path="Config/Migration/1469687773_site_manager_records.php (UserCancel.mail_*)",
                note="to the administrators: a member left, no code",
            ),
            dict(
                id=f"netcommons3-user-added-{lang}",
                repository=NC_USER,
                commit=NC_USER_COMMIT,
                subject=php_fixed_phrase(users, lid, "save_notify", "mail_fixed_phrase_subject"),
                body=php_fixed_phrase(users, lid, "save_notify", "mail_fixed_phrase_body"),
                tags={
                    "X-HANDLENAME": handle,
                    "X-USERNAME": login,
                    "X-PASSWORD": "",
                    "X-PASSWORD_URL": f"{NC_URL}auth/forgot_pass/request?email="
                    "noor.tester@example.com",
                    "X-EMAIL": "noor.tester@example.com",
                    "X-URL": NC_URL,
                },
                kind="notice",
                code=None,
                path="Config/Migration/002_mail_setting_records.php (save_notify);"
                " Controller/UserAddController.php",
                note="an administrator added the account: handle, login ID and e-mail, the"
                " password to be fetched by the link; no code",
            ),
        ]
        for item in plan[-6:]:
            item["lang"] = lang
            item["from_name"] = "管理者" if lang == "ja" else "Administrator"
    return plan


def nc_mail(subject: str, from_name: str, body: str) -> bytes:
    headers = [
        f"From: {from_name} <{NC_FROM}>",
        f"Sender: {from_name} <{NC_FROM}>",
        "To: noor.tester@example.com",
        "X-Mailer: CakePHP Email",
        f"Date: {format_datetime(SENT)}",
        MESSAGE_ID,
        f"Subject: {subject}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]
    return crlf("\n".join(headers) + "\n\n") + body.replace("\n", "\r\n").encode("utf-8")


# ---------------------------------------------------------------------------------------


def build(mirrors: Path) -> list[tuple[dict, bytes]]:
    ec = eccube_plan()
    nc = nc_plan(mirrors)
    nc_bodies = [nc_body(mirrors, i["subject"], i["body"], i["tags"], i["lang"]) for i in nc]
    jobs = [
        dict(
            kind="eccube",
            template=i["template"],
            title=i["title"],
            assign=i["assign"],
            consts=CONSTS,
            shop_name=SHOP,
            from_name=SHOP,
            **{"from": SHOP_FROM},
            to_name=i["to_name"],
            to=CUSTOMER["email"],
        )
        for i in ec
    ] + [
        dict(kind="cake", subject=subject, from_name=i["from_name"])
        for i, (subject, _) in zip(nc, nc_bodies, strict=True)
    ]
    rendered = run_php(mirrors, jobs)
    out = []
    for item, result in zip(ec, rendered[: len(ec)], strict=True):
        meta = dict(
            id=item["id"], source="eccube2", lang="ja", kind=item["kind"], code=item["code"],
            repository=ECCUBE, path=item["path"], commit=ECCUBE_COMMIT, licence=ECCUBE_LICENCE,
            rendered="Smarty 5.4.3 with SC_View's settings under php; SC_SendMail's"
            " ISO-2022-JP-MS encoding (mbstring); one text/plain part, 7bit",
            note=item["note"],
        )  # fmt: skip
        out.append((meta, eccube_mail(result)))
    for item, (_, body), result in zip(nc, nc_bodies, rendered[len(ec) :], strict=True):
        meta = dict(
            id=item["id"], source="netcommons3", lang=item["lang"], kind=item["kind"],
            code=item["code"], repository=item["repository"], path=item["path"],
            commit=item["commit"], licence=NC_LICENCE,
            rendered="NetCommonsMailAssignTag (tags, body header, signature) and CakeEmail's"
            " text rendering reproduced in Python; headers B-encoded by mb_encode_mimeheader"
            " under php; one text/plain part, UTF-8, 8bit",
            note=item["note"],
        )  # fmt: skip
        out.append((meta, nc_mail(result["subject"], result["from_name"], body)))
    return out


def group_of(meta: dict) -> str:
    return meta["id"].removesuffix("-" + meta["lang"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for meta, raw in build(args.mirrors):
        file = f"mail/{meta['source']}/{meta['id']}.eml"
        path = HERE / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = dict(
            id=meta["id"],
            group=group_of(meta),
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
