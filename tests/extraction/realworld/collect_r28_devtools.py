"""Round 28, devtools (blind): ISPConfig 3, the hosting control panel (its two-step
password reset: a confirmation mail whose hash is only in the link, then a mail that
gives the new generated password, in twenty-five languages) and Sentora, the hosting
control panel (its password-reset mail, link only, and the welcome mail that gives a new
client's user name and password), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_devtools.py \\
        --mirrors /work/.mirror

- cyberkathosting/ispconfig3 (a GitHub mirror of ISPConfig 3.2, git.ispconfig.org;
  BSD-3-Clause, ``LICENSE``), commit ISPC_COMMIT.
  ``interface/web/login/password_reset.php``: a user asks for a reset with user name and
  e-mail; the panel stores ``sha1(uniqid('ispc_pw'))`` (40 hex) and sends subject
  ``$wb['pw_reset_act_mail_title']`` and text ``$wb['pw_reset_act_mail_msg']`` followed
  directly by ``<server>/login/password_reset.php?username=<urlencode>&hash=<hash>``
  (server: scheme + SERVER_NAME, and ``:port`` whenever the port is not 443; ISPConfig's
  panel listens on 8080 by default). Opening that link makes
  ``$app->auth->get_random_password($min_password_length, true)``
  (``interface/lib/classes/auth.inc.php``: length mt_rand(8, 13) for the default minimum
  of 8, one or more of ``!@#_``, one or two digits, the rest half lower and half upper
  case letters, ``str_shuffle``d) and mails subject ``$wb['pw_reset_mail_title']`` and
  text ``$wb['pw_reset_mail_msg']`` followed directly by the password. Strings come from
  ``interface/web/login/lib/lang/<lang>.lng`` (read here by ``php`` with ``include``; the
  language is the panel's ``$conf['language']``), all twenty-five catalogues that have
  the four keys. ``interface/lib/classes/ispcmail.inc.php`` builds the mail: a text part
  only, so no MIME parts and no transfer-encoding header (raw 8-bit UTF-8),
  Content-Type ``text/plain; charset="utf-8"``, subject always ``=?UTF-8?B?…?=``, From
  ``"<admin_name>" <admin_mail>`` from the mail settings, header order MIME-Version,
  User-Agent, From, Content-Type, Message-ID (``<base36(time).base36(rand())@helo>``),
  Date (``date('r')``); over SMTP (``send``) Subject and To come first and lines end in
  CRLF. The mail is written here byte for byte as that SMTP path sends it, with a fixed
  time and rand. Label: the reset mail gives the new password to log in with, so the
  password is the code (symbols ``!@#_`` are part of it); the confirmation mail's hash
  is only inside the link (null).
- sentora/sentora-core and sentora/sentora-installers (GPL-3.0-only, ``LICENSE``),
  commits SENTORA_COMMIT and SENTORA_INST_COMMIT. ``inc/init.inc.php`` sends subject
  "Hosting Panel Password Reset" with the body literal written there (its indentation and
  blank lines kept), the user name and ``<scheme><sentora_domain>/?resetkey=<key>``
  (``runtime_randomstring::randomHash()``: 50 characters of ``[0-9a-z]``).
  ``modules/manage_clients/code/controller.ext.php`` (``ExecuteCreateClient``) sends, when
  asked, the form's subject (default "Your Sentora Account details",
  ``modules/manage_clients/module.zpm``) and body (default: the ``welcome_message``
  setting of ``preconf/sentora-install/sql/sentora_core.sql`` in the installers) with
  ``{{username}}``, ``{{password}}`` (the password the reseller typed for the client),
  ``{{fullname}}`` and ``{{controlpanelurl}}`` replaced. Both go through
  ``dryden/sys/email.class.php`` (PHPMailer 5.2.7 bundled in ``etc/lib/PHPMailer``,
  Mailer ``mail``, From the settings' defaults "Sentora Server" / sentora@localhost, here
  on an example host). Rendering: that PHPMailer itself, run by ``php`` (Debian's
  php-cli; PHP_MAILER below), ``preSend`` then ``getSentMIMEMessage`` with a fixed
  MessageID, MessageDate and Hostname. Labels: the welcome mail gives the password to
  log in with (the code); the reset key is only in the link (null).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote_plus

HERE = Path(__file__).resolve().parent
OUT = HERE / "round28" / "devtools.json"

ISPC = "cyberkathosting/ispconfig3"
ISPC_COMMIT = "47fb178ff7a21bea0bd688376292146d83a18fce"
ISPC_LANGS = {
    "ar": "ar", "bg": "bg", "br": "pt-BR", "ca": "ca", "cz": "cs", "de": "de", "dk": "da",
    "el": "el", "en": "en", "es": "es", "fi": "fi", "fr": "fr", "hr": "hr", "hu": "hu",
    "id": "id", "it": "it", "ja": "ja", "nl": "nl", "pl": "pl", "pt": "pt", "ro": "ro",
    "ru": "ru", "se": "sv", "sk": "sk", "tr": "tr",
}  # fmt: skip
ISPC_FROM = '"ISPConfig Admin" <admin@panel.example.net>'
ISPC_TO = "Noor Tester <noor.tester@example.com>"
ISPC_SERVER = "https://panel.example.net:8080"
ISPC_USER = "noor.tester"
ISPC_HELO = "panel.example.net"
# date('r') of the two sends (Europe/Berlin) and the Unix times behind them
ISPC_SENT = [
    ("Mon, 07 Dec 2026 10:41:12 +0100", 1796636472),
    ("Mon, 07 Dec 2026 10:44:37 +0100", 1796636677),
]


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


def ispc_password(rng: random.Random) -> str:
    """``auth::get_random_password(8, true)`` with a seeded generator in place of mt_rand."""
    length = rng.randint(8, 13)
    num_special = rng.randint(0, round(length / 4)) + 1
    numericlen = rng.randint(1, 2)
    alphalen = length - num_special - numericlen
    upperlen = alphalen // 2
    alphalen -= upperlen
    chars = [rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(alphalen)]
    chars += [rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(upperlen)]
    chars += [rng.choice("!@#_") for _ in range(num_special)]
    chars += [rng.choice("1234567890") for _ in range(numericlen)]
    rng.shuffle(chars)
    return "".join(chars)


def ispc_mail(subject: str, text: str, sent: tuple[str, int], rand: int) -> bytes:
    """``ispcmail::send`` over SMTP for a text-only mail (``create`` + the DATA block)."""
    headers = [
        ("MIME-Version", "1.0"),
        ("User-Agent", "ISPConfig/3 (Mailer Class)"),
        ("From", ISPC_FROM),
        ("Content-Type", 'text/plain; charset="utf-8"'),
        ("Message-ID", f"<{base36(sent[1])}.{base36(rand)}@{ISPC_HELO}>"),
        ("Date", sent[0]),
    ]
    subject_enc = "=?UTF-8?B?" + base64.b64encode(subject.encode()).decode() + "?="
    lines = [f"Subject: {subject_enc}", f"To: {ISPC_TO}"]
    lines += [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n" + text + "\r\n").encode()


SENTORA = "sentora/sentora-core"
SENTORA_COMMIT = "78e4041bfb981868dcfbebff47d1a991a09f3ca1"
SENTORA_INST = "sentora/sentora-installers"
SENTORA_INST_COMMIT = "42143e5e1b05d7bf3b6443d2af288f84a560d32c"
SENTORA_URL = "https://panel.example.net"
SENTORA_KEY = "k3v9q0wz7m2rj5t8n1xb4hd6yc0pa9se3lgu7fi2ov5ke8nq1r"  # randomHash(): 50 of [0-9a-z]
SENTORA_PASSWORD = "Harbour7Lantern"  # typed by the reseller in the new-client form

PHP_MAILER = r"""<?php
require $argv[1] . '/class.phpmailer.php';
[$_, $dir, $subject, $body, $date] = $argv;
$m = new PHPMailer();
$m->Mailer = 'mail';
$m->From = 'sentora@panel.example.net';
$m->FromName = 'Sentora Server';
$m->Subject = $subject;
$m->Body = $body;
$m->AddAddress('noor.tester@example.com');
$m->MessageID = '<corpus@panel.example.net>';
$m->MessageDate = $date;
$m->Hostname = 'panel.example.net';
$m->preSend();
echo $m->getSentMIMEMessage();
"""


def sentora(mirrors: Path) -> list[tuple[dict, bytes]]:
    init = git_show(mirrors, SENTORA, SENTORA_COMMIT, "inc/init.inc.php").decode()
    start = init.index('$phpmailer->Body = "Hi " . $result[\'ac_user_vc\'] . ",') + len(
        '$phpmailer->Body = "Hi " . $result[\'ac_user_vc\'] . ",'
    )
    end = init.index('";', start)
    literal = init[start:end]
    tail = '" . $protocol . $domain . "/?resetkey=" . $randomkey . "'
    assert literal.count(tail) == 1 and '"' not in literal.replace(tail, "")
    reset_body = "Hi noor.tester," + literal.replace(tail, f"{SENTORA_URL}/?resetkey={SENTORA_KEY}")
    assert '$phpmailer->Subject = "Hosting Panel Password Reset";' in init
    sql = git_show(
        mirrors, SENTORA_INST, SENTORA_INST_COMMIT, "preconf/sentora-install/sql/sentora_core.sql"
    ).decode()
    row = sql[sql.index("'welcome_message', 'Custom e-mail Welcome Message', '") :]
    welcome = row.split("', '", 2)[2].split("', NULL")[0].replace("\\n", "\n")
    assert "{{password}}" in welcome and "\\" not in welcome
    welcome = (
        welcome.replace("{{username}}", "noortester")
        .replace("{{password}}", SENTORA_PASSWORD)
        .replace("{{fullname}}", "Noor Tester")
        .replace("{{controlpanelurl}}", SENTORA_URL)
    )
    zpm = git_show(mirrors, SENTORA, SENTORA_COMMIT, "modules/manage_clients/module.zpm")
    assert b'value="<: Your Sentora Account details :>"' in zpm
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("class.phpmailer.php", "class.smtp.php", "PHPMailerAutoload.php"):
            path = f"etc/lib/PHPMailer/{name}"
            (Path(tmp) / name).write_bytes(git_show(mirrors, SENTORA, SENTORA_COMMIT, path))
        (Path(tmp) / "render.php").write_text(PHP_MAILER)
        common = dict(
            source="sentora",
            lang="en",
            repository=SENTORA,
            commit=SENTORA_COMMIT,
            licence="GPL-3.0-only",
            rendered="PHPMailer 5.2.7 (bundled) run by php: preSend + getSentMIMEMessage, "
            "text/plain",
        )
        for meta, subject, body, date in (
            (
                dict(
                    common,
                    id="sentora-password-reset-en",
                    kind="notice",
                    code=None,
                    path="inc/init.inc.php, dryden/sys/email.class.php, "
                    "dryden/runtime/randomstring.class.php, etc/lib/PHPMailer/class.phpmailer.php",
                    note="the reset key (50 of [0-9a-z]) is only inside the link",
                ),
                "Hosting Panel Password Reset",
                reset_body,
                "Mon, 7 Dec 2026 10:41:12 +0100",
            ),
            (
                dict(
                    common,
                    id="sentora-welcome-en",
                    kind="saas-otp",
                    code=SENTORA_PASSWORD,
                    path="modules/manage_clients/code/controller.ext.php, "
                    "modules/manage_clients/module.zpm, dryden/sys/email.class.php, "
                    "etc/lib/PHPMailer/class.phpmailer.php; sentora/sentora-installers@"
                    f"{SENTORA_INST_COMMIT}: preconf/sentora-install/sql/sentora_core.sql",
                    note="the welcome mail gives the user name and the password (typed by the "
                    "reseller in the new-client form) under 'Password:' to log in with",
                ),
                "Your Sentora Account details",
                welcome,
                "Mon, 7 Dec 2026 10:52:03 +0100",
            ),
        ):
            done = subprocess.run(
                ["php", str(Path(tmp) / "render.php"), tmp, subject, body, date],
                check=True,
                capture_output=True,
            )
            assert done.stdout.startswith(b"Date: "), done.stdout[:200]
            out.append((meta, done.stdout))
    return out


PHP_LNG = "include $argv[1]; echo json_encode($wb);"


def ispconfig(mirrors: Path) -> list[tuple[dict, bytes]]:
    page = git_show(mirrors, ISPC, ISPC_COMMIT, "interface/web/login/password_reset.php").decode()
    for line in (
        "$password_hash = sha1(uniqid('ispc_pw'));",
        "$app->ispcmail->setMailText($wb['pw_reset_act_mail_msg'].$server_domain . "
        "'/login/password_reset.php?username=' . urlencode($username) . '&hash=' . "
        "urlencode($password_hash));",
        "$new_password = $app->auth->get_random_password($min_password_length, true);",
        "$app->ispcmail->setMailText($wb['pw_reset_mail_msg'].$new_password);",
    ):
        assert line in page, line
    mailer = git_show(mirrors, ISPC, ISPC_COMMIT, "interface/lib/classes/ispcmail.inc.php")
    assert b"private $user_agent = 'ISPConfig/3 (Mailer Class)';" in mailer
    assert b"$input='=?UTF-8?B?'.base64_encode($input).'?=';" in mailer
    auth = git_show(mirrors, ISPC, ISPC_COMMIT, "interface/lib/classes/auth.inc.php")
    assert b'$specialchars = "!@#_";' in auth
    rng = random.Random(2028)
    out = []
    for index, (code, lang) in enumerate(ISPC_LANGS.items()):
        path = f"interface/web/login/lib/lang/{code}.lng"
        with tempfile.NamedTemporaryFile(suffix=".lng") as f:
            f.write(git_show(mirrors, ISPC, ISPC_COMMIT, path))
            f.flush()
            done = subprocess.run(["php", "-r", PHP_LNG, f.name], check=True, capture_output=True)
        wb = json.loads(done.stdout)
        token = hashlib.sha1(f"ispc_pw{index}".encode()).hexdigest()  # sha1(uniqid(...))
        password = ispc_password(rng)
        link = (
            f"{ISPC_SERVER}/login/password_reset.php?username={quote_plus(ISPC_USER)}&hash={token}"
        )
        common = dict(
            source="ispconfig",
            lang=lang,
            repository=ISPC,
            path=f"interface/web/login/password_reset.php, {path}, "
            "interface/lib/classes/ispcmail.inc.php, interface/lib/classes/auth.inc.php",
            commit=ISPC_COMMIT,
            licence="BSD-3-Clause",
            rendered="the .lng strings read by php and joined as password_reset.php does; "
            "ispcmail's text-only SMTP message (8-bit UTF-8, base64 subject)",
        )
        act = ispc_mail(
            wb["pw_reset_act_mail_title"],
            wb["pw_reset_act_mail_msg"] + link,
            ISPC_SENT[0],
            1_204_339_517 + index,
        )
        out.append(
            (
                dict(
                    common,
                    id=f"ispconfig-reset-confirm-{code}",
                    kind="notice",
                    code=None,
                    note="the reset hash (sha1, 40 hex) is only inside the activation link",
                ),
                act,
            )
        )
        new = ispc_mail(
            wb["pw_reset_mail_title"],
            wb["pw_reset_mail_msg"] + password,
            ISPC_SENT[1],
            873_120_455 + index,
        )
        out.append(
            (
                dict(
                    common,
                    id=f"ispconfig-new-password-{code}",
                    kind="saas-otp",
                    code=password,
                    note="the mail gives the new generated password (auth::get_random_password"
                    "(8, true): letters, one or two digits, one or more of !@#_) to log in with",
                ),
                new,
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (ispconfig, sentora):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].rsplit("-", 1)[0],
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
