"""Round twenty-six, games, hobby and community sites: the XOOPS community/forum CMS
(XoopsCore25), Kanji Koohii (a community site for learning kanji), and three browser games:
XG Proyect and XNova (OGame-like space games) and Unreal Rpg (a fantasy role-playing game)
— new generated passwords after a reset, welcome mails repeating the password the player
chose, a manual activation code, and reset-link, activation, welcome, e-mail-changed,
password-updated and inactivity notices, in the languages they ship (XOOPS: English and
French at the pinned commit; Kanji Koohii: English only; XG Proyect: English and Spanish;
XNova: English and Polish; Unreal Rpg: Italian and English).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r26_games.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Beyond the standard library the script runs ``php`` (8.2 CLI, ``-n``) for Kanji Koohii,
XG Proyect, XNova and Unreal Rpg (their own template files and language files, run as
their code runs them).

- XOOPS/XoopsCore25 (GPL-2.0-only, ``LICENSE``), commit ec3f3485 (2025-01-19, "Add french
  langage": a commit whose ``lostpass.php`` still mails a generated password — later ones
  let the user set a new password in a form — and the one that added the French
  catalogue). Each mail is made by ``XoopsMailer``
  (``htdocs/class/xoopsmailer.php``): ``send()`` reads the plain-text template
  ``htdocs/language/<language>/mail_template/<name>.tpl`` and ``setBody`` trims it; it
  assigns ``X_ADMINMAIL``, ``X_SITENAME``, ``X_SITEURL`` next to the caller's tags and
  replaces every ``{TAG}`` with ``str_replace`` in the body and subject, normalises line
  ends to ``\\n``, then per recipient replaces ``{X_UID}``, ``{X_UEMAIL}``, ``{X_UNAME}``,
  ``{X_NAME}`` and ``{X_UACTLINK}`` (``register.php?op=actv&id=<uid>&actkey=<actkey>``).
  The same steps are done here in that order. PHPMailer sends the body as text/plain in
  ``_CHARSET`` (UTF-8 for both languages), From ``sitename <adminmail>``. Subjects are the
  language's ``htdocs/language/<language>/user.php`` constants through ``sprintf``; they
  are PHP single-quoted strings, so the French ``\\"%s\\"`` keeps its backslashes (PHP only
  unescapes ``\\'`` and ``\\\\`` there): the subject shows ``\\"``, as XOOPS sends it.

  * ``lostpass2`` (``htdocs/lostpass.php``, the second step of a reset): the new password
    from ``xoops_makepass()`` (``htdocs/include/functions.php``): four pieces, each one of
    its syllables or, one time in ten, a number 1-50; subject ``_US_NEWPWDREQ`` with
    ``XOOPS_URL``. The code is that password.
  * ``lostpass1`` (first step): the confirmation link with ``code`` = five hex digits of
    ``md5`` of the password hash, only inside the link; subject with the site name.
  * ``register`` (``htdocs/register.php``, self activation): the activation link with the
    user's eight-hex ``actkey`` only inside the link; subject ``_US_USERKEYFOR``.
  * ``welcome`` (``htdocs/class/userutility.php``, ``sendWelcome``): no terms of use
    configured (``TERMSOFUSE`` empty); subject ``_US_WELCOME_SUBJECT``.
  * ``activated`` (``register.php``, activation by an administrator); subject
    ``_US_YOURACCOUNT``.
  * ``adminactivate`` (``register.php``, activation by an administrator): sent to the
    activation group, so its X_ tags are the administrator's (``clubadmin``); the new
    member's activation link only inside the link.
  * ``emailchanged`` (``htdocs/modules/profile/changemail.php``, template and subject
    ``_PROFILE_MA_NEWEMAIL`` from the profile module's ``language/<language>``): sent with
    ``setToEmails``, for which ``send()`` replaces no recipient tags, so the greeting keeps
    ``{X_UNAME}`` as written: what XOOPS sends.

  ``sendWelcome`` sets no From; the mailer's configured sender is taken to be the same
  ``sitename <adminmail>`` as the others.

- fabd/kanji-koohii (AGPL-3.0-only, ``LICENSE``), commit 30b7c6d1. ``rtkMail``
  (``src/apps/koohii/lib/rtkMail.php``) sets a fixed English subject and renders a plain
  PHP template of ``src/apps/koohii/templates/emails`` with ``renderTemplate``:
  ``extract()`` of the variables, ``require`` under ``ob_start``; the body is the only,
  text/plain part. Here PHP 8.2 runs the very template file the same way (so PHP's own
  rule that a newline right after ``?>`` is dropped applies), with ``_CJ`` as defined in
  ``config/koohiiConfiguration.class.php`` (returns its argument) and ``url_for`` as a
  stand-in giving the absolute URLs of ``config/routing.yml`` (``@login`` = ``/login``,
  module/action URIs by the ``default`` route) for a site at https://kanji.example.com.
  From is ``app_email_robot``, parsed by ``parseAddress``.

  * ``forgotPasswordConfirmation``: the new password made in
    ``modules/account/actions/actions.class.php``:
    ``strtoupper(substr(md5((string) rand(100000, 999999)), 0, 8))``: eight upper-case hex
    digits (here for rand() = 482913). The code is that password.
  * ``newAccountConfirmation`` (welcome) and ``updatedPasswordConfirmation`` (password
    changed; the template shows no password): notices.

- XGProyect/XG-Proyect-v3.x.x (GPL-3.0-only, ``LICENSE.md``), commit d1d9dc7e. Both mails
  are ``resources/views/home/*.blade.php`` views rendered by ``Template::set``
  (``app/Core/Template.php``) through BladeOne (``eftec/bladeone`` ^4.2, not in the
  snapshot): the views use only ``{{ $name }}`` echoes, which BladeOne compiles to
  ``static::e()``, i.e. ``htmlentities($value, ENT_QUOTES, 'UTF-8', false)``. Here PHP 8.2
  includes the language file (``resources/lang/<language>/home/*_lang.php``, ``$lang``),
  applies the controller's ``%s`` replacements and does exactly that echo for each
  placeholder. So the language strings' own tags (``<strong>``, ``<br/>``) arrive escaped
  and the mail shows them as text, and Spanish letters become named entities: as BladeOne
  renders them. ``Functions::sendEmail`` sends with PHPMailer ``isHTML(true)`` and no
  AltBody: one text/html part, UTF-8 (the SMTP setting), From ``game_name <admin_email>``
  (``game_name`` default XG Proyect; an example admin address; GAMEURL an example host).

  * ``recover_password`` (``MailController::sendPassEmail``): the new password from
    ``Functions::generatePassword()`` = ``StringsHelper::randomString(16)`` over
    ``[0-9a-zA-Z]``. The code is that password.
  * ``welcome`` (``RegisterController::sendPassEmail``): the user name and the password the
    player typed at registration, echoed back; the subject is
    ``re_mail_register_at . game_name`` with no space ("Joined to XG ProyectXG Proyect"),
    as the code concatenates it. The code is that password.

- Sobak/blackout (GPL-2.0-only, ``LICENCE.txt``), commit 78dbd59f: a revival of the XNova
  (ugamela) OGame-like space game, whose ``xnova/reg.php`` mails new players:
  ``sendpassemail`` fills ``$lang['mail_welcome']`` of ``xnova/language/<lang>/reg.php``
  with ``parsetemplate`` (``xnova/includes/unlocalised.php``: a ``preg_replace_callback``
  of ``{name}``, unknown names empty; here run by PHP 8.2 with the same pattern) and
  ``SendEmail`` (``xnova/includes/functions/SendEmail.php``) sends it with PHP ``mail()``
  as ``text/plain`` from ``ADMINEMAIL`` (``admin@xnova.fr``, its constant), subject
  ``$lang['mail_title']``. The header names no charset; the mail here is declared UTF-8,
  the encoding of both language files. The body repeats the password the player typed
  (``$_POST['passwrd']``) and an activation link with ``kod`` =
  ``md5(rand(100000,9000000))``. English and Polish (the two languages shipped). The
  code is the password. (``active.php``'s activation mail is skipped: its English file
  holds the Polish text in ISO-8859-2.)

- Fantu/Unrealrpg (AGPL-3.0-only, ``LICENSE.txt``), commit d0b50eaf: a browser fantasy
  role-playing game. Mails are ``sprintf`` of a string of
  ``game/language/<lang>/lang_esterno.php`` or ``lang_interno.php`` (positional
  ``%1$s``...) sent by ``class Email`` (``game/inclusi/funzioni.php``): PHP ``mail()``
  with ``From: $game_name<$game_mail>``; type 1 adds ``Content-Type: text/html;
  charset=utf8`` and wraps the text in ``<html><body>...</body></html>``, type 0 is plain
  text. Here PHP 8.2 includes the language file and does the same ``sprintf`` and wrap;
  the site's configuration (game name, address, link, realm) is not in the repository, so
  example values stand in. Italian and English (both shipped, both translate these).

  * ``codice-conferma`` (``pagine/home.php``, manual activation, type 0): the activation
    code ``md5($username)`` (32 hex digits) to enter in the manual activation form. The
    code is that value.
  * ``conferma`` (registration, type 1): the same code only inside the confirmation link.
  * ``avviso-inattivita`` (``game/AUTO.php``, inactivity warning, type 1) and
    ``cancellato-noconferma`` (account deleted, never confirmed, type 1): notices.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round26" / "games.json"
SENT = datetime(2026, 12, 4, 18, 41, 3, tzinfo=UTC)


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo / "repo"
    if (git_dir / ".git").is_dir():  # some snapshots hold the git directory one level down
        git_dir = git_dir / ".git"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


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
# XOOPS

XOOPS = "XOOPS+XoopsCore25"
XOOPS_COMMIT = "ec3f34857125649cf267ead7bac3ad5710541263"
XOOPS_URL = "https://club.example.com"
XOOPS_CONFIG = {"sitename": "Harbour Chess Club", "adminmail": "webmaster@club.example.com"}
XOOPS_USER = {"uid": "42", "uname": "noor_t", "email": "noor.tester@example.com", "name": ""}
XOOPS_ACTKEY = "3f9c1a7e"  # substr(md5(uniqid(mt_rand(), 1)), 0, 8)
XOOPS_NEWPASS = "tiajo27nes"  # xoops_makepass(): tia + jo + 27 + nes
XOOPS_RESET_CODE = "b41e7"  # substr(md5($pass), 0, 5)
XOOPS_IP = "203.0.113.45"


def php_single_quoted(body: str) -> str:
    """The value of a PHP single-quoted string literal: only \\' and \\\\ are escapes."""
    return re.sub(r"\\([\\'])", r"\1", body)


def php_defines(source: str) -> dict[str, str]:
    return {
        m.group(1): php_single_quoted(m.group(2))
        for m in re.finditer(r"define\('(\w+)',\s*'((?:[^'\\]|\\.)*)'\)", source)
    }


XOOPS_MAILS = [
    # template, subject constant, subject argument, caller's tags, code, kind, caller file
    ("lostpass2", "_US_NEWPWDREQ", XOOPS_URL, {"IP": XOOPS_IP, "NEWPWD": XOOPS_NEWPASS},
     XOOPS_NEWPASS, "saas-otp", "htdocs/lostpass.php"),
    ("lostpass1", "_US_NEWPWDREQ", XOOPS_CONFIG["sitename"],
     {"IP": XOOPS_IP, "NEWPWD_LINK": f"{XOOPS_URL}/lostpass.php?email="
      f"{XOOPS_USER['email']}&code={XOOPS_RESET_CODE}"},
     None, "notice", "htdocs/lostpass.php"),
    ("register", "_US_USERKEYFOR", XOOPS_USER["uname"], {}, None, "notice",
     "htdocs/register.php"),
    ("welcome", "_US_WELCOME_SUBJECT", XOOPS_CONFIG["sitename"], {"TERMSOFUSE": ""}, None,
     "notice", "htdocs/class/userutility.php"),
    ("activated", "_US_YOURACCOUNT", XOOPS_CONFIG["sitename"], {}, None, "notice",
     "htdocs/register.php"),
    ("adminactivate", "_US_USERKEYFOR", XOOPS_USER["uname"],
     {"USERNAME": XOOPS_USER["uname"], "USEREMAIL": XOOPS_USER["email"],
      "USERACTLINK": f"{XOOPS_URL}/register.php?op=actv&id={XOOPS_USER['uid']}"
      f"&actkey={XOOPS_ACTKEY}"},
     None, "notice", "htdocs/register.php"),
    ("emailchanged", "_PROFILE_MA_NEWEMAIL", XOOPS_CONFIG["sitename"],
     {"NEWEMAIL": XOOPS_USER["email"]}, None, "notice", "htdocs/modules/profile/changemail.php"),
]  # fmt: skip
XOOPS_ADMIN = {"uid": "1", "uname": "clubadmin", "email": "webmaster@club.example.com", "name": ""}
"""``adminactivate`` goes to the activation group (``setToGroups``): its members are the
recipients, so the X_ tags are the administrator's."""


def xoops(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, XOOPS, XOOPS_COMMIT, path).decode("utf-8")

    for language, lang in (("english", "en"), ("french", "fr")):
        for name, const, arg, tags, code, kind, caller in XOOPS_MAILS:
            module = "htdocs/modules/profile/" if name == "emailchanged" else "htdocs/"
            consts_file = f"{module}language/{language}/" + (
                "main.php" if name == "emailchanged" else "user.php"
            )
            consts = php_defines(show(consts_file))
            tpl = f"{module}language/{language}/mail_template/{name}.tpl"
            user = XOOPS_ADMIN if name == "adminactivate" else XOOPS_USER
            body = show(tpl).strip()  # setBody: trim()
            subject = consts[const].replace("%s", arg, 1)  # sprintf with one %s
            assigned = {
                "SITENAME": XOOPS_CONFIG["sitename"],
                "ADMINMAIL": XOOPS_CONFIG["adminmail"],
                "SITEURL": XOOPS_URL + "/",
                **tags,
                "X_ADMINMAIL": XOOPS_CONFIG["adminmail"],
                "X_SITENAME": XOOPS_CONFIG["sitename"],
                "X_SITEURL": XOOPS_URL + "/",
            }
            if name == "welcome":  # sendWelcome assigns only TERMSOFUSE itself
                for key in ("SITENAME", "ADMINMAIL", "SITEURL"):
                    del assigned[key]
            for key, value in assigned.items():
                body = body.replace("{" + key + "}", value)
                subject = subject.replace("{" + key + "}", value)
            body = body.replace("\r\n", "\n").replace("\r", "\n")
            if name != "emailchanged":  # setToEmails: no recipient tags are replaced
                subject = subject.replace("{X_UNAME}", user["uname"])
                body = body.replace("{X_UID}", user["uid"])
                body = body.replace("{X_UEMAIL}", user["email"])
                body = body.replace("{X_UNAME}", user["uname"])
                body = body.replace("{X_NAME}", user["name"] or user["uname"])
                body = body.replace(
                    "{X_UACTLINK}",
                    f"{XOOPS_URL}/register.php?op=actv&id={user['uid']}&actkey={XOOPS_ACTKEY}",
                )
            raw = message(
                sender=f"{XOOPS_CONFIG['sitename']} <{XOOPS_CONFIG['adminmail']}>",
                subject=subject,
                text=body + "\n",
                html_part=None,
                sent=SENT,
            )
            w.add(
                source="xoops",
                group=f"xoops-{name}",
                lang=lang,
                raw=raw,
                kind=kind,
                code=code,
                repository="XOOPS/XoopsCore25",
                path=", ".join(
                    [
                        tpl,
                        consts_file,
                        caller,
                        "htdocs/class/xoopsmailer.php",
                    ]
                    + (["htdocs/include/functions.php"] if name == "lostpass2" else [])
                ),
                commit=XOOPS_COMMIT,
                licence="GPL-2.0-only",
                rendered="XoopsMailer steps redone: trimmed .tpl, str_replace of the assigned "
                "{TAGS} then the recipient's X_ tags; subject from user.php by sprintf; "
                "PHPMailer text/plain UTF-8",
            )


# ---------------------------------------------------------------------------------------
# Kanji Koohii

KOOHII = "fabd+kanji-koohii"
KOOHII_COMMIT = "30b7c6d106407279d568a5eda0c2b6a60febf32c"
KOOHII_SITE = "https://kanji.example.com"
KOOHII_ROUTES = {"@login": "/login", "@learnmore": "/learnmore", "@contact": "/contact"}
KOOHII_USER = "NoorT"
KOOHII_RAND = "482913"
KOOHII_PASSWORD = hashlib.md5(KOOHII_RAND.encode()).hexdigest()[:8].upper()
"""``strtoupper(substr(md5((string) rand(100000, 999999)), 0, 8))`` for rand() = 482913."""
KOOHII_DRIVER = r"""<?php
function _CJ($sid) { return $sid; }
function url_for($uri, $absolute = false) {
  $routes = json_decode(getenv('KOOHII_ROUTES'), true);
  $path = $routes[$uri] ?? '/' . $uri;
  return ($absolute ? getenv('KOOHII_SITE') : '') . $path;
}
function render($templateFile, $templateVars) {
  extract($templateVars, EXTR_REFS);
  ob_start();
  ob_implicit_flush(false);
  require $templateFile;
  return ob_get_clean();
}
$job = json_decode(stream_get_contents(STDIN), true);
echo render($job['file'], $job['vars']);
"""
KOOHII_MAILS = [
    # template, subject (rtkMail), variables, code, kind, action line
    ("forgotPasswordConfirmation", "Your new password at Kanji Koohii!",
     {"username": KOOHII_USER, "password": KOOHII_PASSWORD}, KOOHII_PASSWORD, "saas-otp"),
    ("newAccountConfirmation", "Welcome to Kanji Koohii!", {"username": KOOHII_USER}, None,
     "notice"),
    ("updatedPasswordConfirmation", "Account update at Kanji Koohii!",
     {"username": KOOHII_USER, "password": "kanji-rocks-2026",
      "email": "noor.tester@example.com"}, None, "notice"),
]  # fmt: skip


def koohii(mirrors: Path, w: Writer) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.php"
        driver.write_text(KOOHII_DRIVER)
        env = {
            **os.environ,
            "KOOHII_ROUTES": json.dumps(KOOHII_ROUTES),
            "KOOHII_SITE": KOOHII_SITE,
        }
        for name, subject, variables, code, kind in KOOHII_MAILS:
            tpl = f"src/apps/koohii/templates/emails/{name}.php"
            target = Path(tmp) / f"{name}.php"
            target.write_bytes(git_show(mirrors, KOOHII, KOOHII_COMMIT, tpl))
            body = subprocess.run(
                ["php", "-n", str(driver)],
                input=json.dumps({"file": str(target), "vars": variables}),
                capture_output=True,
                text=True,
                check=True,
                env=env,
            ).stdout
            raw = message(
                sender="Kanji Koohii <robot@kanji.example.com>",
                subject=subject,
                text=body,
                html_part=None,
                sent=SENT,
            )
            w.add(
                source="koohii",
                group=f"koohii-{name}",
                lang="en",
                raw=raw,
                kind=kind,
                code=code,
                repository="fabd/kanji-koohii",
                path=f"{tpl}, src/apps/koohii/lib/rtkMail.php, "
                "src/apps/koohii/modules/account/actions/actions.class.php, "
                "src/apps/koohii/config/routing.yml, "
                "src/apps/koohii/config/koohiiConfiguration.class.php",
                commit=KOOHII_COMMIT,
                licence="AGPL-3.0-only",
                rendered="PHP 8.2 CLI runs the template file as rtkMail::renderTemplate does "
                "(extract + require under ob_start); url_for/_CJ stand-ins; text/plain",
            )


# ---------------------------------------------------------------------------------------
# XG Proyect

XGP = "XGProyect+XG-Proyect-v3.x.x"
XGP_COMMIT = "d1d9dc7ed498c4417f41b955871d4b67e0bb39d7"
XGP_GAME_NAME = "XG Proyect"  # the game_name default of database/database.php
XGP_ADMIN = "admin@galaxy.example.com"
XGP_URL = "https://galaxy.example.com/"  # GAMEURL: PROTOCOL . HTTP_HOST . '/'
XGP_CHOSEN = "Andromeda2026"  # the password the player typed at registration
XGP_NEW = "q7Rk2ZpX9mTb4WcN"  # StringsHelper::randomString(16): [0-9a-zA-Z]
XGP_DRIVER = r"""<?php
$job = json_decode(stream_get_contents(STDIN), true);
$all = [];
foreach ($job['langs'] as $file) { $lang = []; include $file; $all = array_merge($all, $lang); }
$data = $all;
foreach ($job['lines'] as $key => $spec) {  // str_replace / strtr of %s with the game name
  $data[$key] = str_replace('%s', $spec, $all[$key]);
}
foreach ($job['vars'] as $key => $value) { $data[$key] = $value; }
$view = file_get_contents($job['view']);
// BladeOne compiles {{ $x }} to echo static::e($x): htmlentities(ENT_QUOTES, UTF-8, no double)
$html = preg_replace_callback('/\{\{\s*\$(\w+)\s*\}\}/', function ($m) use ($data) {
  return htmlentities((string) $data[$m[1]], ENT_QUOTES, 'UTF-8', false);
}, $view);
echo json_encode(['subject' => $all[$job['subject']] . $job['subject_tail'], 'html' => $html]);
"""
XGP_MAILS = [
    # view, lang file, subject key, subject tail, lines with the game name, vars, code
    ("recover_password_email_template_view", "home/mail_lang.php", "ma_mail_title", "",
     ["ma_mail_text_part5"], {"user_pass": XGP_NEW, "game_url": XGP_URL}, XGP_NEW,
     "app/Http/Controllers/Home/MailController.php"),
    ("welcome_email_template_view", "home/register_lang.php", "re_mail_register_at",
     XGP_GAME_NAME, ["re_mail_text_part1", "re_mail_text_part7"],
     {"user_name": "NoorStar", "user_pass": XGP_CHOSEN, "game_url": XGP_URL}, XGP_CHOSEN,
     "app/Http/Controllers/Home/RegisterController.php"),
]  # fmt: skip


def xgp(mirrors: Path, w: Writer) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.php"
        driver.write_text(XGP_DRIVER)
        for language, lang in (("english", "en"), ("spanish", "es")):
            for view, lang_file, subj, tail, lines, variables, code, caller in XGP_MAILS:
                view_path = f"resources/views/home/{view}.blade.php"
                lang_path = f"resources/lang/{language}/{lang_file}"
                files = {}
                for name in (view_path, lang_path):
                    files[name] = Path(tmp) / name.replace("/", "__")
                    files[name].write_bytes(git_show(mirrors, XGP, XGP_COMMIT, name))
                job = {
                    "langs": [str(files[lang_path])],
                    "lines": {key: XGP_GAME_NAME for key in lines},
                    "vars": variables,
                    "view": str(files[view_path]),
                    "subject": subj,
                    "subject_tail": tail,
                }
                out = json.loads(
                    subprocess.run(
                        ["php", "-n", str(driver)],
                        input=json.dumps(job),
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                )
                raw = message(
                    sender=f"{XGP_GAME_NAME} <{XGP_ADMIN}>",
                    subject=out["subject"],
                    text=None,
                    html_part=out["html"],
                    sent=SENT,
                )
                w.add(
                    source="xgproyect",
                    group=f"xgproyect-{view.removesuffix('_email_template_view')}",
                    lang=lang,
                    raw=raw,
                    kind="saas-otp",
                    code=code,
                    repository="XGProyect/XG-Proyect-v3.x.x",
                    path=f"{view_path}, {lang_path}, {caller}, app/Core/Template.php, "
                    "app/Libraries/Functions.php, app/Helpers/StringsHelper.php",
                    commit=XGP_COMMIT,
                    licence="GPL-3.0-only",
                    rendered="PHP 8.2: the lang file's $lang, BladeOne's {{ $x }} as "
                    "htmlentities(ENT_QUOTES, UTF-8, no double encoding); PHPMailer isHTML, "
                    "one text/html part",
                )


# ---------------------------------------------------------------------------------------
# XNova (Sobak/blackout)

XNOVA = "Sobak+blackout"
XNOVA_COMMIT = "78dbd59f8b791be8b15e6b5e3cbaad70bd72f582"
XNOVA_ADMIN = "admin@xnova.fr"  # ADMINEMAIL of xnova/includes/constants.php
XNOVA_URL = "http://nova.example.com/"  # GAMEURL: "http://" . HTTP_HOST . "/"
XNOVA_PASSWORD = "Kepler-442b"  # $_POST['passwrd']: the password the player chose
XNOVA_KOD = hashlib.md5(b"4821376").hexdigest()  # md5(rand(100000, 9000000))
XNOVA_DRIVER = r"""<?php
$job = json_decode(stream_get_contents(STDIN), true);
define('INSIDE', true);
$lang = [];
include $job['lang'];
$array = $job['parse'];  // $_templateGlobals is not set in this code path
$body = preg_replace_callback('#\{([a-z0-9\-_]*?)\}#Ssi', function ($match) use ($array) {
    return isset($array[$match[1]]) ? $array[$match[1]] : '';
}, $lang['mail_welcome']);
$body = str_replace("\r\n", "\n", $body);  // SendEmail
echo json_encode(['subject' => $lang['mail_title'], 'body' => $body]);
"""


def xnova(mirrors: Path, w: Writer) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.php"
        driver.write_text(XNOVA_DRIVER)
        for lang in ("en", "pl"):
            lang_path = f"xnova/language/{lang}/reg.php"
            target = Path(tmp) / f"reg-{lang}.php"
            target.write_bytes(git_show(mirrors, XNOVA, XNOVA_COMMIT, lang_path))
            job = {
                "lang": str(target),
                "parse": {"gameurl": XNOVA_URL, "password": XNOVA_PASSWORD, "kod": XNOVA_KOD},
            }
            out = json.loads(
                subprocess.run(
                    ["php", "-n", str(driver)],
                    input=json.dumps(job),
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            raw = message(
                sender=XNOVA_ADMIN,
                subject=out["subject"],
                text=out["body"] + "\n",
                html_part=None,
                sent=SENT,
            )
            w.add(
                source="xnova",
                group="xnova-reg",
                lang=lang,
                raw=raw,
                kind="saas-otp",
                code=XNOVA_PASSWORD,
                repository="Sobak/blackout",
                path=f"{lang_path}, xnova/reg.php, xnova/includes/unlocalised.php, "
                "xnova/includes/functions/SendEmail.php, xnova/includes/constants.php",
                commit=XNOVA_COMMIT,
                licence="GPL-2.0-only",
                rendered="PHP 8.2: the lang file's $lang['mail_welcome'] through parsetemplate's "
                "own preg_replace_callback; SendEmail text/plain",
                note="the activation key (kod) is only inside the activation link, even where "
                "the Polish line calls it 'Kod Aktywacyjny'; the code is the chosen password "
                "the mail repeats",
            )


# ---------------------------------------------------------------------------------------
# Unreal Rpg

URPG = "Fantu+Unrealrpg"
URPG_COMMIT = "d0b50eafc2006bbac5df5b6a8728c03a5435f549"
URPG_NAME = "Unreal Rpg"  # $game_name (the site config is not in the repository)
URPG_MAIL = "staff@rpg.example.com"  # $game_mail
URPG_LINK = "https://rpg.example.com"  # $game_link
URPG_SERVER = "1"
URPG_REALM = "Avalon"  # $game_server[1]
URPG_USER = "NoorTheBold"
URPG_COD = hashlib.md5(URPG_USER.encode()).hexdigest()  # pagine/home.php: md5($username)
URPG_DRIVER = r"""<?php
$job = json_decode(stream_get_contents(STDIN), true);
$lang = [];
include $job['lang'];
$messaggio = sprintf($lang[$job['body']], ...$job['args']);
if ($job['tipo'] == 1) {  // class Email: an HTML mail is wrapped so
    $messaggio = "<html><body>" . $messaggio . "</body></html>";
}
echo json_encode(['subject' => $lang[$job['subject']] . $job['subject_tail'],
    'body' => $messaggio]);
"""
URPG_MAILS = [
    # group, lang file, subject key, subject tail, body key, sprintf args, tipo, code, caller
    ("codice-conferma", "lang_esterno.php", "Conferma_account", URPG_NAME,
     "testo_mail_codice_conferma", [URPG_NAME, URPG_COD, URPG_USER], 0, URPG_COD,
     "pagine/home.php"),
    ("conferma", "lang_esterno.php", "Conferma_account", URPG_NAME, "testo_mail_conferma",
     [URPG_USER, URPG_NAME, URPG_LINK, URPG_SERVER, URPG_COD, URPG_REALM], 1, None,
     "pagine/home.php"),
    ("avviso-inattivita", "lang_interno.php", "Account_inutilizzato", "",
     "mail_avviso_inattivita", [URPG_USER, URPG_NAME, URPG_REALM], 1, None, "game/AUTO.php"),
    ("cancellato-noconferma", "lang_interno.php", "Account_cancellato", "",
     "mail_cancellato_noconferma", [URPG_USER, URPG_NAME, URPG_REALM], 1, None,
     "game/AUTO.php"),
]  # fmt: skip


def unrealrpg(mirrors: Path, w: Writer) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.php"
        driver.write_text(URPG_DRIVER)
        for lang in ("it", "en"):
            for group, lang_file, subj, tail, body, args, tipo, code, caller in URPG_MAILS:
                lang_path = f"game/language/{lang}/{lang_file}"
                target = Path(tmp) / f"{lang}-{lang_file}"
                target.write_bytes(git_show(mirrors, URPG, URPG_COMMIT, lang_path))
                job = {
                    "lang": str(target),
                    "subject": subj,
                    "subject_tail": tail,
                    "body": body,
                    "args": args,
                    "tipo": tipo,
                }
                out = json.loads(
                    subprocess.run(
                        ["php", "-n", str(driver)],
                        input=json.dumps(job),
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                )
                raw = message(
                    sender=f"{URPG_NAME}<{URPG_MAIL}>",
                    subject=out["subject"],
                    text=None if tipo else out["body"] + "\n",
                    html_part=out["body"] + "\n" if tipo else None,
                    sent=SENT,
                )
                w.add(
                    source="unrealrpg",
                    group=f"unrealrpg-{group}",
                    lang=lang,
                    raw=raw,
                    kind="saas-otp" if code else "notice",
                    code=code,
                    repository="Fantu/Unrealrpg",
                    path=f"{lang_path}, {caller}, game/inclusi/funzioni.php",
                    commit=URPG_COMMIT,
                    licence="AGPL-3.0-only",
                    rendered="PHP 8.2: sprintf of the language string as the caller does; "
                    "class Email: HTML wrapped in <html><body> (tipo 1) or plain text (tipo 0)",
                    **(
                        {
                            "note": "the 32-hex code (md5 of the user name) is the manual "
                            "activation code the mail asks to use"
                        }
                        if code
                        else {}
                    ),
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    xoops(args.mirrors, w)
    koohii(args.mirrors, w)
    xgp(args.mirrors, w)
    xnova(args.mirrors, w)
    unrealrpg(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
