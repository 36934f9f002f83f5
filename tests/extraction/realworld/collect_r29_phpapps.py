"""Round 29 (phpapps): PHP web applications — Zikula 1.3 (Users module, English).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_phpapps.py \\
        --mirrors /work/.mirror

Needs ``php`` (PHP 8.2 CLI from Debian: ``apt-get install php-cli``; no extensions beyond the
defaults). The sender's own engines are run: the collector extracts Zikula's bundled Smarty
2.6.28, its view plugins and PHPMailer 5.2.21 from the mirror into a temporary directory and
renders every mail with them through ``DRIVER`` (PHP, below).

- zikula/core, branch ``1.3`` (Zikula 1.3.x, LGPL-3.0-or-later: ``README.md`` "License of the
  code: LGPLv3+", ``src/docs/licenses/LGPL``), commit ``ZIKULA_COMMIT``. Files used:
  ``src/system/Users/templates/users_email_*.tpl`` (Smarty 2 templates, English source strings
  wrapped in ``{gt}``; the 1.3 repository ships no translation catalogue, only
  ``src/locale/zikula.pot``, so every mail is English), ``src/lib/viewplugins``
  (``function.gt.php``, ``function.modurl.php``, ``modifier.safetext.php``, run as they are),
  ``src/lib/vendor/Smarty`` and ``src/system/Mailer/lib/vendor/class.phpmailer.php``.
  Callers redone in ``DRIVER``: ``Users_Api_User::sendNotification`` (``_html.tpl`` as Body,
  ``_txt.tpl`` as AltBody, subject taken from the template's ``assign='subject'``; used for
  ``regverifyemail``, ``welcome``, ``regdeny``, ``regadminnotify``),
  ``Users_Api_User::mailConfirmationCode`` (``lostpassword``, subject ``Confirmation code for
  %s``), ``Users_Api_User::mailUname`` (``lostuname``, subject from its template),
  ``Users_Api_User::savePreEmail`` (``userverifyemail``, HTML only, subject ``Confirmation
  change of e-mail for %s``) and ``Users_Api_Admin::createImport`` (``importnotify``, HTML
  only, subject ``Password for %1$s from %2$s``). ``Mailer_Api_User::sendmessage`` with the
  installer's defaults (``Mailer/lib/Mailer/Installer.php``: mailertype 1 = PHP ``mail()``,
  encoding ``8bit``, ``html`` false, ``wordwrap`` 50, charset ``utf-8``; ``contenttype`` never
  set). So a mail with both templates is multipart/alternative (PHPMailer's ``alt`` type), its
  text part wrapped at 50 columns by PHPMailer; PHPMailer 5.2.21 labels 7-bit parts
  ``us-ascii``. PHP ``mail()`` writes ``To`` and ``Subject`` first.
  Generated values: every code and generated password is ``UserUtil::generatePassword()``
  (``src/lib/util/UserUtil.php``) = ``RandomUtil::getStringForPassword(5, 8)``: 5 to 8
  characters of ``a-z2-9`` without ``0 o O l 1 i I j``; the values below have that shape.
  Labels: ``lostpassword`` (the confirmation code the reset page asks for), ``regverifyemail``
  (``Your verification code is:``; where the admin also had a password generated, the mail
  gives it too and it is listed in ``also_code``), ``importnotify`` and ``welcome`` with a
  created password (the password to log in with); the rest carry no code (``userverifyemail``
  has its code only inside the link).
  Shims, none of which changes the output: PHP 8 dropped ``create_function()`` and PHP 4 style
  constructors, which Smarty 2.6.28 uses, so ``DRIVER`` defines ``create_function`` with
  ``eval`` and calls ``Smarty()``/``Smarty_Compiler()`` from ``__construct``; gettext is the
  identity (English) with ``vsprintf``; ``ModUtil::url`` is its "Regular stuff" branch (short
  URLs off, module URL name ``users``); ``DataUtil::formatForDisplay`` is copied. PHPMailer's
  random ``generateId()`` is fixed per mail (boundary and Message-ID), and ``MessageDate`` set.
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
from pathlib import Path

from collect import HERE

ROUND = HERE / "round29" / "phpapps.json"
ZIKULA = "zikula/core"
ZIKULA_COMMIT = "ae82e4d0951a08c3278f1e1cbdffb93a752f6a7f"
LICENCE = "LGPL-3.0-or-later"
SOURCE = "zikula"

ITEMS: list[dict] = []

DRIVER = r"""<?php
// Zikula 1.3 mail driver (collect_r29_phpapps.py): real Smarty 2.6.28, real gt/modurl/safetext
// plugins, real PHPMailer 5.2.21; stubs only for Zikula services the templates call.
error_reporting(E_ALL & ~E_NOTICE & ~E_DEPRECATED & ~E_WARNING);
$root = $argv[1];
$_SERVER['SERVER_NAME'] = 'www.example.org';
require $root . '/src/lib/vendor/Smarty/Smarty.class.php';
require $root . '/src/system/Mailer/lib/vendor/class.phpmailer.php';
// create_function() left PHP 8; Smarty 2.6.28 compiles with it (same behaviour)
function create_function($a, $c) { static $n = 0; $f = '__lambda_' . (++$n); eval("function $f($a) { $c }"); return $f; }
function __($t, $d = null) { return $t; }
function __f($t, $p, $d = null) { return vsprintf($t, (array)$p); }
function _n($s, $p, $n, $d = null) { return $n == 1 ? $s : $p; }
function _fn($s, $p, $n, $a, $d = null) { return vsprintf($n == 1 ? $s : $p, (array)$a); }
// PHP 4 style constructors (Smarty(), Smarty_Compiler()) are plain methods on PHP 8: call them
class Zikula_View extends Smarty {
    function __construct() { $this->Smarty(); $this->compiler_class = 'Zikula_Compiler'; }
    function getDomain() { return null; }
}
require $root . '/src/lib/vendor/Smarty/Smarty_Compiler.class.php';
class Zikula_Compiler extends Smarty_Compiler { function __construct() { $this->Smarty_Compiler(); } }
class System { static function isLegacyMode() { return false; } }
class Users_Constant { const APPROVAL_BEFORE = 0; const APPROVAL_AFTER = 1; const APPROVAL_ANY = 2; }
class DataUtil {
    public static function formatForDisplay($var) {
        $var = htmlspecialchars((string) $var);
        return preg_replace_callback('/(.)@(.)/s', function($m) {
            return "&#".sprintf("%03d", ord($m[1])).";&#064;&#" .sprintf("%03d", ord($m[2])) . ";"; }, $var);
    }
}
class ModUtil {
    // ModUtil::url, "Regular stuff" branch (shorturls off), module url 'users', entrypoint index.php
    public static function url($modname, $type = null, $func = null, $args = array(), $ssl = null, $fragment = null, $fqurl = null) {
        $url = "index.php?module=users&type=$type&func=$func";
        foreach ($args as $key => $value) {
            if (is_numeric($value) || !empty($value)) { $url .= "&$key=$value"; }
        }
        return 'https://www.example.org/' . $url;
    }
}
class ZMailer extends PHPMailer {
    public $fixedId = '';
    protected function generateId() { return $this->fixedId; }
    public function headOf() { return $this->mailHeader; }
    public function mimeHeadOf() { return $this->MIMEHeader; }
    public function bodyOf() { return $this->MIMEBody; }
}
$jobs = json_decode(file_get_contents('php://stdin'), true);
$out = array();
foreach ($jobs as $job) {
    $view = new Zikula_View();
    $view->template_dir = $root . '/src/system/Users/templates';
    $view->compile_dir = $argv[2];
    $view->plugins_dir = array($root . '/src/lib/viewplugins', 'plugins');
    $view->assign($job['vars']);
    $args = array('toaddress' => $job['to']);
    if ($job['mode'] == 'notification') {   // Users_Api_User::sendNotification
        $t = 'users_email_' . $job['type'] . '_html.tpl';
        if ($view->template_exists($t)) {
            $args['html'] = true; $args['body'] = $view->fetch($t);
            $subject = trim($view->get_template_vars('subject'));
        }
        $t = 'users_email_' . $job['type'] . '_txt.tpl';
        if ($view->template_exists($t)) {
            if (isset($args['body'])) { $bt = 'altbody'; unset($args['html']); } else { $bt = 'body'; $args['html'] = false; }
            $args[$bt] = $view->fetch($t);
            if (!isset($subject) || empty($subject)) { $subject = trim($view->get_template_vars('subject')); }
        }
        $args['subject'] = $subject;
        unset($subject);
    } else {                                   // direct fetches with the caller's subject
        $args['subject'] = $job['subject'];
        $args['body'] = $view->fetch($job['html']);
        if (isset($job['txt'])) { $args['altbody'] = $view->fetch($job['txt']); }
        if (isset($job['html_flag'])) { $args['html'] = $job['html_flag']; }
    }
    // Mailer_Api_User::sendmessage with the module's installed defaults
    $mail = new ZMailer();
    $mail->fixedId = $job['id'];
    $mail->MessageDate = $job['date'];
    $mail->ClearAllRecipients();
    $mail->ContentType = false;            // getVar('contenttype'): never set by the installer
    $mail->CharSet = 'utf-8';              // ZLanguage::getEncoding()
    $mail->Encoding = '8bit';
    $mail->WordWrap = 50;
    $mail->IsMail();
    $mail->IsHTML(isset($args['html']) && is_bool($args['html']) ? $args['html'] : false);
    $mail->FromName = $job['sitename'];
    $mail->From = $job['adminmail'];
    $mail->AddAddress($job['to'], $job['to']);
    $mail->AddReplyTo($mail->From, $mail->FromName);
    $mail->Subject = $args['subject'];
    $mail->Body = $args['body'];
    if (isset($args['altbody']) && !empty($args['altbody'])) { $mail->AltBody = $args['altbody']; }
    if (!$mail->preSend()) { fwrite(STDERR, $mail->ErrorInfo); exit(1); }
    // PHP mail() writes To and Subject first, then PHPMailer's headers, then the body
    $raw = rtrim($mail->headOf(), "\r\n") . "\n" . rtrim($mail->mimeHeadOf(), "\r\n") . "\n\n" . $mail->bodyOf();
    $out[] = base64_encode($raw);
}
echo json_encode($out);
"""

SITE = {"sitename": "Harbour Rowing Club", "adminmail": "webmaster@harbour-rowing.example"}
SITEURL = "https://www.example.org"
BASE = "https://www.example.org/index.php?module=users&type=user"
DATE0 = 1772532900  # 2026-03-03 10:15:00 UTC


def _reginfo(uname, email, *, approved=True, passreminder="first boat", pending=(False, False)):
    # "pass" holds the stored hash (not shown by any template, only tested for emptiness)
    return {
        "uname": uname,
        "email": email,
        "isapproved": approved,
        "pass": "1$$hashed",
        "passreminder": passreminder or "",
        "pendingApproval": pending[0],
        "pendingVerification": pending[1],
    }


# (template, variant, kind, code, also_code, note, job)
CASES: list[tuple] = []


def _case(template, variant, kind, code, job, *, also=None, note=None):
    CASES.append((template, variant, kind, code, also, note, job))


def _notif(ntype, to, vars_):
    return {"mode": "notification", "type": ntype, "to": to, "vars": {**SITE, **vars_}}


def _direct(subject, html, to, vars_, *, txt=None, html_flag=None):
    job = {"mode": "direct", "subject": subject, "html": html, "to": to, "vars": vars_}
    if txt:
        job["txt"] = txt
    if html_flag is not None:
        job["html_flag"] = html_flag
    return job


def _build_cases() -> None:
    site = SITE["sitename"]
    # Users_Api_User::mailConfirmationCode
    for variant, admin, uname, code, ip in (
        ("user", False, "noor.haddad", "k7mq3xa", "203.0.113.7"),
        ("admin", True, "pvandijk", "h4tw9pe", "198.51.100.23"),
    ):
        url = f"{BASE}&func=lostPasswordCode&code={code}&uname={uname}"
        vars_ = {"uname": uname, "sitename": site, "hostname": ip, "code": code, "url": url,
                 "adminRequested": admin}  # fmt: skip
        _case("lostpassword", variant, "saas-otp", code,
              _direct(f"Confirmation code for {uname}", "users_email_lostpassword_html.tpl",
                      f"{uname.split('.')[0]}@mail.example", vars_,
                      txt="users_email_lostpassword_txt.tpl"))  # fmt: skip
    # Users_Api_Registration::sendVerificationCode (regverifyemail)
    reg = [
        ("chosen", _reginfo("marta_k", "marta.k@mail.example"), "r8dn5vcz", None, 0),
        ("approval", _reginfo("tomasz", "tomasz@mail.example", approved=False), "qe6fu", None, 1),
        ("created", _reginfo("l.okafor", "lola@mail.example", passreminder=None), "m3bz7k",
         "w5gke8x", 0),
    ]  # fmt: skip
    for variant, info, code, created, order in reg:
        vars_ = {"siteurl": SITEURL, "reginfo": info, "verifycode": code, "approvalorder": order,
                 "createdpassword": created or "", "admincreated": created is not None}  # fmt: skip
        note = None
        also = None
        if created:
            also = [created]
            note = ("The mail gives the verification code ('Your verification code is:') and the "
                    "password the administrator had generated ('Password:'); labelled by the "
                    "code the mail asks to verify with, the password in also_code.")  # fmt: skip
        _case("regverifyemail", variant, "saas-otp", code,
              _notif("regverifyemail", info["email"], vars_), also=also, note=note)  # fmt: skip
    # welcome (Users_Api_Registration::registerNewUser)
    welcome = [
        ("created", _reginfo("ana.souza", "ana@mail.example", passreminder=None), "p9fx4tq", True),
        ("self", _reginfo("jbrennan", "jbrennan@mail.example"), "", False),
        ("pending", _reginfo("kasia", "kasia@mail.example", approved=False), "", False),
    ]  # fmt: skip
    for variant, info, created, admin in welcome:
        vars_ = {"siteurl": SITEURL, "reginfo": info, "createdpassword": created,
                 "admincreated": admin, "approvalorder": 0}  # fmt: skip
        _case("welcome", variant, "saas-otp" if created else "notice", created or None,
              _notif("welcome", info["email"], vars_))  # fmt: skip
    # importnotify (Users_Api_Admin::createImport), the password from the imported CSV
    vars_ = {"sitename": site, "siteurl": SITEURL + "/", "email": "r.ito@mail.example",
             "uname": "rito", "pass": "Bowside2026"}  # fmt: skip
    _case("importnotify", "csv", "saas-otp", "Bowside2026",
          _direct(f"Password for rito from {site}", "users_email_importnotify_html.tpl",
                  "r.ito@mail.example", vars_, html_flag=True),
          note="The password is the one the administrator's import CSV gave (column pass).")  # fmt: skip
    # lostuname (Users_Api_User::mailUname)
    vars_ = {"uname": "noor.haddad", "sitename": site, "hostname": "203.0.113.7",
             "url": f"{BASE}&func=login", "adminRequested": False,
             "authentication_methods": [{"short_description": "User name", "uname": "noor.haddad"}]}  # fmt: skip
    _case("lostuname", "user", "notice", None,
          _direct(f"'{site}' account information", "users_email_lostuname_html.tpl",
                  "noor@mail.example", vars_, txt="users_email_lostuname_txt.tpl"))  # fmt: skip
    # userverifyemail (Users_Api_User::savePreEmail): the code only inside the link
    vars_ = {"uname": "pvandijk", "email": "pvandijk@mail.example", "newemail": "piet@mail.example",
             "sitename": site, "url": f"{BASE}&func=confirmChEmail&confirmcode=t6ua2ns",
             "modvars": {"Users": {"chgemail_expiredays": 3}}}  # fmt: skip
    _case("userverifyemail", "user", "notice", None,
          _direct("Confirmation change of e-mail for pvandijk", "users_email_userverifyemail_html.tpl",
                  "piet@mail.example", vars_, html_flag=True),
          note="The confirmation code (confirmcode=t6ua2ns) is only inside the link.")  # fmt: skip
    # regdeny (Users_Controller_Admin::denyRegistration) and regadminnotify
    info = _reginfo("spamhaus99", "offers@mail.example")
    _case("regdeny", "reason", "notice", None,
          _notif("regdeny", info["email"], {"siteurl": SITEURL, "reginfo": info,
                 "reason": "Membership is open to club members only."}))  # fmt: skip
    for variant, pending in (("approval", (True, False)), ("active", (False, False))):
        info = _reginfo("marta_k", "marta.k@mail.example", pending=pending)
        _case("regadminnotify", variant, "notice", None,
              _notif("regadminnotify", SITE["adminmail"], {"siteurl": SITEURL, "reginfo": info,
                     "adminCreated": variant == "active", "adminUname": "admin"}))  # fmt: skip


def _extract(repo: Path, dest: Path) -> None:
    paths = ["src/lib/vendor/Smarty", "src/lib/viewplugins", "src/system/Mailer/lib/vendor",
             "src/system/Users/templates"]  # fmt: skip
    tar = subprocess.run(["git", "--git-dir", str(repo), "archive", ZIKULA_COMMIT, *paths],
                         capture_output=True, check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(dest, filter="data")


def zikula(repo: Path) -> None:
    _build_cases()
    jobs = []
    for n, (template, variant, _kind, _code, _also, _note, job) in enumerate(CASES):
        ident = f"{SOURCE}-{template}-{variant}"
        job = dict(job)
        job["id"] = hashlib.md5(ident.encode()).hexdigest()
        minutes = 15 + 7 * n
        job["date"] = f"Tue, 3 Mar 2026 {10 + minutes // 60:02d}:{minutes % 60:02d}:00 +0000"
        job.update(SITE)
        jobs.append(job)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "z"
        _extract(repo, root)
        (Path(tmp) / "compile").mkdir()
        (Path(tmp) / "driver.php").write_text(DRIVER)
        out = subprocess.run(["php", str(Path(tmp) / "driver.php"), str(root), str(Path(tmp) / "compile")],
                             input=json.dumps(jobs).encode(), capture_output=True, check=True).stdout  # fmt: skip
    raws = [base64.b64decode(x) for x in json.loads(out)]
    for (template, variant, kind, code, also, note, _job), raw in zip(CASES, raws, strict=True):
        group = f"{SOURCE}-{template}"
        ident = f"{group}-{variant}"
        path = f"src/system/Users/templates/users_email_{template}_html.tpl"
        dest = HERE / "mail" / SOURCE / f"{ident}.eml"
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(raw)
        item = {
            "id": ident,
            "group": group,
            "source": SOURCE,
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": ZIKULA,
            "path": path,
            "commit": ZIKULA_COMMIT,
            "licence": LICENCE,
            "rendered": "php: Zikula 1.3 Smarty 2.6.28 + gt plugin + PHPMailer 5.2.21 (Mailer defaults)",
            "file": f"mail/{SOURCE}/{ident}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if also:
            item["also_code"] = also
        if note:
            item["note"] = note
        ITEMS.append(item)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    zikula(args.mirrors / "zikula+core" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
