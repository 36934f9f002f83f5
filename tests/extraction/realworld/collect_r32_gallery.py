"""Round 32, gallery (blind): Coppermine Photo Gallery's account mails (new password,
password-request verification, registration confirmation, activation notice, login data
sent by an admin) in English, Estonian, French, German and Spanish, rendered by running the
project's own PHP mail code from a git snapshot at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_gallery.py \\
        --mirrors /work/.mirror

Needs the PHP CLI (``/usr/bin/php``; PHP 8.2 was used, no extensions beyond the defaults:
``apt-get install php8.2-cli``) to run the sender's mail code.

- coppermine-gallery/cpg1.6.x (GPL-3.0-only: LICENSE.txt is the GPL-3.0 text and the file
  headers say "GNU General Public License version 3"), commit CPG_COMMIT.
  Senders: ``forgot_passwd.php`` (step 1: ``account_verify_email`` with the verify link,
  ``?key=`` the 32-hex ``$cpg_udb->generateId()`` of ``bridge/coppermine.inc.php``, an
  md5; step 2: ``reset_email`` with ``{PASSWORD}`` = ``$cpg_udb->make_password()`` of
  ``bridge/udb_base.inc.php``: 8 characters drawn from ``abchefghjkmnpqrstuvwxyz0123456789``),
  ``register.php`` (``confirm_email`` with ``?activate=`` ``md5(uniqid(rand(), 1))``; the
  same mail is resent by ``send_activation.php``; ``activated_email`` after approval) and
  ``usermgr.php`` (``send_login_data_email``: the username and the password the admin typed
  for the new account, ``{USER_PASS}``). Each fills its ``lang/<language>.php`` string with
  ``strtr``, wraps it in ``nl2br`` and calls ``cpg_mail`` (``include/mailer.inc.php``), which
  takes ``strip_tags`` of the body as the plain part, ``htmlspecialchars_decode`` of the
  subject, From the gallery name and admin address, charset the language file's
  ``$lang_charset`` (utf-8 in all five), and sends through the bundled PHPMailer copy
  (``cpg_PHPMailer``, ``isHTML(true)``: multipart/alternative, text/plain + text/html).
  Language loading copies ``include/init.inc.php``: ``lang/english.php`` first, then the
  user's language over it (the sections are guarded by ``FORGOT_PASSWD_PHP``,
  ``REGISTER_PHP``, ``USERMGR_PHP``, defined here).
  What was done here: the real ``include/mailer.inc.php`` and language files are written
  to a temporary directory and run with ``php``; ``cpg_mail`` is called unchanged. The only
  changes: the mailer class is renamed so that a subclass under the original name can fix
  what is random or environment-bound (``generateId`` returns an md5 of the mail id, so
  the boundaries and Message-ID are fixed; ``MessageDate`` and ``Hostname`` are set) and
  ``send()`` returns ``preSend()`` + ``getSentMIMEMessage()`` instead of calling
  ``mail()``; ``CPGPluginAPI::filter`` is a stub returning its value (no plugins).
  Gallery "Harbour Lights Photo Club" at https://gallery.harbourlights.example.org/.
  Labels: the new password (reset_email) and the admin-set password (send_login_data_email)
  are codes; the verify link, registration confirmation and activation notice are notices
  (their keys are only inside links).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import tempfile
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
CPG_REPO = "coppermine-gallery/cpg1.6.x"
CPG_COMMIT = "45e4f2aed774dc2123cb333844a76cbbfde8bcee"
LICENCE = "GPL-3.0-only"
SOURCE = "coppermine"
LANGS = {"en": "english", "et": "estonian", "fr": "french", "de": "german", "es": "spanish"}
USERS = {
    "en": ("mollyreeves", "molly.reeves@example.net"),
    "et": ("kaarelt", "kaarel.tamm@example.ee"),
    "fr": ("claire.m", "claire.morel@example.fr"),
    "de": ("jonas_b", "jonas.becker@example.de"),
    "es": ("lucia.g", "lucia.garcia@example.es"),
}
# make_password(): 8 characters of "abchefghjkmnpqrstuvwxyz0123456789"
NEW_PASSWORDS = {
    "en": "k7mq3tnh",
    "et": "p4xw9ac2",
    "fr": "h2vr8emz",
    "de": "t9cn5yqb",
    "es": "w3jf7kup",
}
# typed by the admin in usermgr.php
ADMIN_PASSWORDS = {
    "en": "Harbour2024!",
    "et": "Sadam-kevad7",
    "fr": "Phare&Mer58",
    "de": "Leuchtturm#19",
    "es": "Faro.Norte33",
}
SITE = "https://gallery.harbourlights.example.org/"
TEMPLATES = [
    # (template, lang section, subject key, body key, group, kind, has code)
    ("reset", "forgot_passwd_php", "passwd_reset_subject", "reset_email", True),
    ("verify", "forgot_passwd_php", "account_verify_subject", "account_verify_email", False),
    ("confirm", "register_php", "confirm_email_subject", "confirm_email", False),
    ("activated", "register_php", "notify_user_email_subject", "activated_email", False),
    ("logindata", "usermgr_php", "send_login_email_subject", "send_login_data_email", True),
]
PATHS = {
    "reset": "forgot_passwd.php",
    "verify": "forgot_passwd.php",
    "confirm": "register.php",
    "activated": "register.php",
    "logindata": "usermgr.php",
}

PHP = r"""<?php
define('IN_COPPERMINE', true);
define('FORGOT_PASSWD_PHP', true);
define('REGISTER_PHP', true);
define('USERMGR_PHP', true);
define('UDB_INTEGRATION', 'coppermine');
class CPGPluginAPI { public static function filter($n, $v) { return $v; } }
require __DIR__ . '/mailer_renamed.php';
class cpg_PHPmailer extends cpg_PHPMailer_original {
    public static $fixed = '';
    public function __construct() {
        parent::__construct(true);
        $this->MessageDate = self::$fixed_date;
        $this->Hostname = 'gallery.harbourlights.example.org';
    }
    public static $fixed_date = '';
    protected function generateId() { return md5(self::$fixed); }
    public function send() {
        $this->preSend();
        $GLOBALS['OUT'] = $this->getSentMIMEMessage();
        return true;
    }
}
$jobs = json_decode(file_get_contents($argv[1]), true);
$HTML_SUBST = array('&' => '&amp;', '"' => '&quot;', '<' => '&lt;', '>' => '&gt;', '%26' => '&amp;', '%22' => '&quot;', '%3C' => '&lt;', '%3E' => '&gt;','%27' => '&#39;', "'" => '&#39;');
$CONFIG = array('gallery_name' => 'Harbour Lights Photo Club',
    'gallery_admin_email' => 'admin@harbourlights.example.org',
    'charset' => 'language file', 'smtp_host' => '', 'log_mode' => 0);
$result = array();
foreach ($jobs as $job) {
    include __DIR__ . '/lang/english.php';
    include __DIR__ . '/lang/' . $job['langfile'] . '.php';
    $section = ${'lang_' . $job['section']};
    cpg_PHPmailer::$fixed = $job['id'];
    cpg_PHPmailer::$fixed_date = $job['date'];
    $subject = $section[$job['subject']];
    if (strpos($subject, '%s') !== false) { $subject = sprintf($subject, $CONFIG['gallery_name']); }
    cpg_mail($job['to'], $subject, nl2br(strtr($section[$job['body']], $job['vars'])));
    $result[$job['id']] = $GLOBALS['OUT'];
}
echo json_encode($result);
"""


def git_show(git_dir: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{CPG_COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def fixed_hex(seed: str) -> str:
    return hashlib.md5(seed.encode()).hexdigest()


def jobs() -> list[dict]:
    out = []
    for n, (lang, langfile) in enumerate(LANGS.items()):
        user, email = USERS[lang]
        for m, (tpl, section, subj, body, _) in enumerate(TEMPLATES):
            mail_id = f"coppermine-{tpl}-{lang}"
            if tpl == "reset":
                v = {
                    "{USER_NAME}": user,
                    "{PASSWORD}": NEW_PASSWORDS[lang],
                    "{SITE_LINK}": SITE + "login.php",
                    "{SITE_NAME}": "Harbour Lights Photo Club",
                }
            elif tpl == "verify":
                v = {
                    "{VERIFY_LINK}": f"{SITE}forgot_passwd.php?key={fixed_hex('key' + lang)}&id={40 + n}",
                    "{SITE_NAME}": "Harbour Lights Photo Club",
                }
            elif tpl == "confirm":
                v = {
                    "{SITE_NAME}": "Harbour Lights Photo Club",
                    "{USER_NAME}": user,
                    "{ACT_LINK}": f"{SITE.rstrip('/')}/register.php?activate={fixed_hex('act' + lang)}",
                }
            elif tpl == "activated":
                v = {
                    "{SITE_LINK}": SITE,
                    "{USER_NAME}": user,
                    "{SITE_NAME}": "Harbour Lights Photo Club",
                }
            else:
                v = {
                    "{SITE_NAME}": "Harbour Lights Photo Club",
                    "{SITE_LINK}": SITE,
                    "{USER_NAME}": user,
                    "{USER_PASS}": ADMIN_PASSWORDS[lang],
                }
            out.append(
                {
                    "id": mail_id,
                    "lang": lang,
                    "tpl": tpl,
                    "langfile": langfile,
                    "section": section,
                    "subject": subj,
                    "body": body,
                    "to": email,
                    "vars": v,
                    "date": format_datetime(
                        datetime(2024, 9, 3 + n, 10 + m, 20 + n, 7, tzinfo=UTC)
                    ),
                }
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    git_dir = args.mirrors / "coppermine-gallery+cpg1.6.x" / "repo"
    job_list = jobs()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        mailer = git_show(git_dir, "include/mailer.inc.php").decode()
        assert mailer.count("\nclass cpg_PHPMailer\n") == 1
        mailer = mailer.replace("\nclass cpg_PHPMailer\n", "\nclass cpg_PHPMailer_original\n")
        (t / "mailer_renamed.php").write_text(mailer)
        (t / "lang").mkdir()
        for langfile in LANGS.values():
            (t / "lang" / f"{langfile}.php").write_bytes(git_show(git_dir, f"lang/{langfile}.php"))
        (t / "render.php").write_text(PHP)
        (t / "jobs.json").write_text(json.dumps(job_list))
        res = subprocess.run(
            ["php", str(t / "render.php"), str(t / "jobs.json")],
            check=True,
            capture_output=True,
            cwd=t,
        )
        if res.stderr:
            raise SystemExit(res.stderr.decode())
        rendered = json.loads(res.stdout)
    maildir = HERE / "mail" / SOURCE
    maildir.mkdir(parents=True, exist_ok=True)
    has_code = {t[0]: t[4] for t in TEMPLATES}
    items = []
    for job in job_list:
        data = rendered[job["id"]].encode("utf-8")
        path = maildir / f"{job['id']}.eml"
        path.write_bytes(data)
        code = None
        if has_code[job["tpl"]]:
            code = (
                NEW_PASSWORDS[job["lang"]]
                if job["tpl"] == "reset"
                else ADMIN_PASSWORDS[job["lang"]]
            )
        item = {
            "id": job["id"],
            "group": f"coppermine-{job['tpl']}",
            "source": SOURCE,
            "lang": job["lang"],
            "kind": "other" if code else "notice",
            "code": code,
            "repository": CPG_REPO,
            "path": f"{PATHS[job['tpl']]}, lang/{job['langfile']}.php, include/mailer.inc.php",
            "commit": CPG_COMMIT,
            "licence": LICENCE,
            "rendered": "php: the sender's cpg_mail and bundled PHPMailer run unchanged",
            "file": f"mail/{SOURCE}/{job['id']}.eml",
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if job["tpl"] == "logindata":
            item["note"] = (
                "password the admin typed for the new account in usermgr.php, sent as "
                '"... and password \\"<pass>\\""; the user types it to log in'
            )
        items.append(item)
    out = HERE / "round32" / "gallery.json"
    out.write_text(json.dumps({"items": items}, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
