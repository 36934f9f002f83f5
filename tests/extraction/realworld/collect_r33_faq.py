"""Round 33, faq (blind): phpMyFAQ's account mails, rendered by running the project's own
``phpMyFAQ\\Mail`` (it builds its own MIME) and ``phpMyFAQ\\Translation`` classes from git
snapshots at two pinned commits, in every language its catalogues carry.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_faq.py \\
        --mirrors /work/.mirror

Needs the PHP CLI with iconv (``/usr/bin/php``; PHP 8.2.36 was used: ``apt-get install
php8.2-cli``). The sender's mail() goes to a ``sendmail_path`` script that only copies its
standard input to a file, so what is stored is exactly what PHP hands to the MTA (with
every line ending made CRLF, as an MTA does: PHP ends the header lines phpMyFAQ joins with
``PHP_EOL`` in LF and the rest in CRLF).

- thorsten/phpMyFAQ (MPL-2.0: LICENSE is the Mozilla Public License 2.0 and every file
  header says "Mozilla Public License, v. 2.0").
  Two commits:

  * OLD_COMMIT e3927a31 (4.1.3, the parent of 41d7436f "fix: replace plaintext password
    reset with signed token flow", 2026-05-08): the lost-password mail of
    ``phpmyfaq/src/phpMyFAQ/Controller/Frontend/UnauthorizedUserController.php``
    (``updatePassword``): ``$newPassword = $user->createPassword()`` is set as the
    account's password and mailed as ``lostpwd_text_1 . '<br><br>Username: %s' .
    '<br>New Password: %s<br><br>' . lostpwd_text_2``, subject ``[%sitename%] Username /
    password request``. Rendered in every ``phpmyfaq/translations/language_*.php`` except
    lv (its two strings are the English ones), fr_ca (the same strings as fr) and bs (the
    same strings as sr): 41 of its 44 languages. Code: the new password.
  * NEW_COMMIT f4e006fd (4.2.0-beta, 2026-08-21):
    - the reset-link mail that replaced it, ``sendResetLinkEmail`` in
      ``phpmyfaq/src/phpMyFAQ/Controller/Frontend/Api/UnauthorizedUserController.php``:
      ``lostpwd_text_1``, ``resetpwd_text_link``, the link
      ``/user/reset-password?u=..&exp=..&sig=..`` (``sig`` the 64-hex
      ``hash_hmac('sha256', ...)`` of ``User/PasswordResetTokenService.php``, ``exp`` one
      hour on), ``resetpwd_text_expiry`` and ``Username: <login>``, joined with CRLF. All
      languages but fr_ca (the same strings as fr): 43 mails, notices (hard negatives that
      say "password" in each language).
    - ``User::activateUser()`` (``phpmyfaq/src/phpMyFAQ/User.php``, sent by ``mailUser``
      when an admin switches a blocked account to active): ``Name: %s<br>Login name:
      %s<br>New password: %s``, subject ``[%sitename%] Login name / activation``, English
      only. Code: the new password.
    - ``MailHelper::sendMailToNewUser`` (``phpmyfaq/src/phpMyFAQ/Helper/MailHelper.php``,
      sent when an admin adds a user in ``Controller/Administration/Api/UserController.php``):
      English body ``You have been registered as a new user: ... Password: %s``, subject
      the translated ``emailRegSubject`` (the admin's language): 8 languages. The password
      is either typed by the admin (at least 8 characters) or ``createPassword(8, false)``.
      Code: the password.
    - ``RegistrationHelper::createUser`` (``Helper/RegistrationHelper.php``): the mail to
      the FAQ's admin about a new registration (manual activation, the default
      ``spam.manualActivation`` of ``Setup/Installation/DefaultDataSeeder.php``, or
      automatic), subject ``emailRegSubject``: 3 languages, notices.

  How the sender renders: ``Mail::send()`` with the default ``built-in`` agent
  (``mail.remoteSMTP`` off): one ``text/plain; format=flowed; charset="utf-8"`` part,
  ``Content-Transfer-Encoding: 7bit`` (even for UTF-8 text), holding the message with its
  ``<br>`` tags as they are; lines wrapped at 72 by ``wordwrap``; headers Date, From
  (``"<iconv_mime_encode('From', title)>" <admin>``: phpMyFAQ quotes the whole
  ``From: =?UTF-8?B?...?=`` that iconv returns), Message-ID, MIME-Version, Reply-To,
  Sender, X-Mailer ``phpMyFAQ/<version>``, X-MSMail-Priority, X-Originating-IP,
  X-Priority; ``Mail\\Builtin`` passes the subject (raw UTF-8, not RFC 2047 encoded) and
  recipients to PHP's mail().
  What was done here: the real ``Mail.php``, ``Mail/Builtin.php``,
  ``Mail/MailUserAgentInterface.php``, ``Translation.php``, ``Utils.php`` and
  ``Core/Exception.php`` of each commit, with its ``translations/``, are written to a
  temporary directory and loaded unchanged. ``Configuration`` (title "Harbour Valley
  Library FAQ", admin address, version, ``mail.remoteSMTP`` off) and Symfony's ``Request``
  (``REQUEST_TIME`` fixed per mail, host faq.harbourvalley.example.org, client IP) are
  stubs; the Message-ID, whose md5 of ``microtime()`` is random, is set after construction
  in the sender's own shape from the mail id. The message text of each mail is assembled
  with the sender's code copied verbatim (the controllers need a database and a logged-in
  user). Passwords have the shape of ``User::createPassword()``: 8 characters, letters
  without o/l (either case), vowels a e i u, digits 2-9, each character at most once and
  ``_`` allowed where the call allows it; made here by the same algorithm driven by a
  seeded ``random.Random`` so that reruns are byte for byte the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = "thorsten/phpMyFAQ"
OLD_COMMIT = "e3927a31b23ed142b92e195512dd8e04675010de"
NEW_COMMIT = "f4e006fd91de357f79433475c865f51870d622b9"
VERSIONS = {OLD_COMMIT: "4.1.3", NEW_COMMIT: "4.2.0-beta"}
LICENCE = "MPL-2.0"
SOURCE = "phpmyfaq"
SITE = "https://faq.harbourvalley.example.org"
ADMIN = "faq-admin@harbourvalley.example.org"
TITLE = "Harbour Valley Library FAQ"

ALL_LANGS = [
    "ar",
    "bn",
    "bs",
    "cs",
    "cy",
    "da",
    "de",
    "el",
    "en",
    "es",
    "eu",
    "fa",
    "fi",
    "fr",
    "fr_ca",
    "he",
    "hi",
    "hu",
    "id",
    "it",
    "ja",
    "ko",
    "lt",
    "lv",
    "mn",
    "ms",
    "nb",
    "nl",
    "pl",
    "pt",
    "pt_br",
    "ro",
    "ru",
    "sk",
    "sl",
    "sr",
    "sv",
    "th",
    "tr",
    "uk",
    "ur",
    "vi",
    "zh",
    "zh_tw",
]
OLD_LANGS = [x for x in ALL_LANGS if x not in ("lv", "fr_ca", "bs")]
RESET_LANGS = [x for x in ALL_LANGS if x != "fr_ca"]
NEWUSER_LANGS = ["en", "de", "fr", "es", "ru", "ja", "tr", "ar"]
REGISTER_LANGS = ["en", "de", "it"]

# (login, display name, e-mail) per language
USERS = {
    "ar": ("kareem.h", "كريم حداد", "kareem.haddad@example.com"),
    "bn": ("rahim_u", "রহিম উদ্দিন", "rahim.uddin@example.com"),
    "bs": ("amra.k", "Amra Kovačević", "amra.kovacevic@example.ba"),
    "cs": ("jnovak", "Jan Novák", "jan.novak@example.cz"),
    "cy": ("rhys.ev", "Rhys Evans", "rhys.evans@example.co.uk"),
    "da": ("mette.h", "Mette Hansen", "mette.hansen@example.dk"),
    "de": ("jbecker", "Jonas Becker", "jonas.becker@example.de"),
    "el": ("nikos.p", "Νίκος Παπαδόπουλος", "nikos.papadopoulos@example.gr"),
    "en": ("mreeves", "Molly Reeves", "molly.reeves@example.net"),
    "es": ("lgarcia", "Lucía García", "lucia.garcia@example.es"),
    "eu": ("ane.etx", "Ane Etxeberria", "ane.etxeberria@example.eus"),
    "fa": ("sara.ah", "سارا احمدی", "sara.ahmadi@example.ir"),
    "fi": ("aino.v", "Aino Virtanen", "aino.virtanen@example.fi"),
    "fr": ("cmorel", "Claire Morel", "claire.morel@example.fr"),
    "fr_ca": ("ltremblay", "Luc Tremblay", "luc.tremblay@example.ca"),
    "he": ("noa.c", "נועה כהן", "noa.cohen@example.co.il"),
    "hi": ("priya.s", "प्रिया शर्मा", "priya.sharma@example.in"),
    "hu": ("nagy.eszter", "Nagy Eszter", "eszter.nagy@example.hu"),
    "id": ("budi.s", "Budi Santoso", "budi.santoso@example.co.id"),
    "it": ("grossi", "Giulia Rossi", "giulia.rossi@example.it"),
    "ja": ("sato.yui", "佐藤 結衣", "yui.sato@example.jp"),
    "ko": ("minjun.k", "김민준", "minjun.kim@example.kr"),
    "lt": ("ruta.k", "Rūta Kazlauskienė", "ruta.kazlauskiene@example.lt"),
    "lv": ("janis.b", "Jānis Bērziņš", "janis.berzins@example.lv"),
    "mn": ("bat.erdene", "Бат-Эрдэнэ", "baterdene@example.mn"),
    "ms": ("aisyah.r", "Nur Aisyah", "nur.aisyah@example.my"),
    "nb": ("ingrid.l", "Ingrid Larsen", "ingrid.larsen@example.no"),
    "nl": ("sdejong", "Sanne de Jong", "sanne.dejong@example.nl"),
    "pl": ("kwozniak", "Katarzyna Woźniak", "katarzyna.wozniak@example.pl"),
    "pt": ("joao.s", "João Silva", "joao.silva@example.pt"),
    "pt_br": ("ana.souza", "Ana Souza", "ana.souza@example.com.br"),
    "ro": ("andrei.p", "Andrei Popescu", "andrei.popescu@example.ro"),
    "ru": ("ivanova.a", "Анна Иванова", "anna.ivanova@example.ru"),
    "sk": ("mhorvath", "Martin Horváth", "martin.horvath@example.sk"),
    "sl": ("spela.n", "Špela Novak", "spela.novak@example.si"),
    "sr": ("milos.j", "Милош Јовановић", "milos.jovanovic@example.rs"),
    "sv": ("erik.l", "Erik Lindqvist", "erik.lindqvist@example.se"),
    "th": ("somchai.p", "สมชาย ใจดี", "somchai@example.co.th"),
    "tr": ("ayse.y", "Ayşe Yılmaz", "ayse.yilmaz@example.com.tr"),
    "uk": ("oksana.sh", "Оксана Шевченко", "oksana.shevchenko@example.ua"),
    "ur": ("bilal.a", "بلال احمد", "bilal.ahmed@example.pk"),
    "vi": ("nguyen.lan", "Nguyễn Thị Lan", "lan.nguyen@example.vn"),
    "zh": ("wang.fang", "王芳", "wang.fang@example.cn"),
    "zh_tw": ("chen.yt", "陳雅婷", "chen.yating@example.tw"),
}
# typed by the admin in "Add user" (at least 8 characters); the others are generated
TYPED_PASSWORDS = {"de": "Lesesaal2026!", "es": "Biblioteca#48", "ja": "Toshokan-2718"}
BASE_TS = 1757500000  # 2025-09-10 10:26:40 UTC, then one mail every 37 minutes

CONSONANTS = list("bcdfghjkmnprstvwxyz")
VOWELS = list("aeiu")


def create_password(rng: random.Random, minimum_length: int = 8, allow_underscore: bool = True):
    """User::createPassword() step by step, with rng.randint for PHP's random_int."""
    new = ""
    skipped = False
    while len(new) < minimum_length:
        case = str.upper if rng.randint(0, 1) != 0 else str.lower
        random_max = 4
        if skipped:
            random_max = 3
        if not skipped and allow_underscore:
            random_max = 5
        roll = rng.randint(0, random_max)
        if roll == 5:
            new += "_"
            continue
        if roll <= 1:
            nxt = case(CONSONANTS[rng.randint(0, 18)])
        elif roll <= 3:
            nxt = case(VOWELS[rng.randint(0, 3)])
        else:
            nxt = str(rng.randint(2, 9))
        skipped = False
        if nxt not in new:
            new += nxt
            continue
        skipped = True
    return new


PHP = r"""<?php
declare(strict_types=1);

namespace Symfony\Component\HttpFoundation {
    class ServerBag {
        public function get(string $key, mixed $default = null): mixed {
            return $_SERVER[$key] ?? $default;
        }
    }
    class Request {
        public ServerBag $server;
        public function __construct() { $this->server = new ServerBag(); }
        public static function createFromGlobals(): static { return new static(); }
        public function getHost(): string { return $_SERVER['HTTP_HOST']; }
        public function getClientIp(): ?string { return $_SERVER['REMOTE_ADDR']; }
    }
}

namespace Symfony\Component\Mailer\Exception {
    interface TransportExceptionInterface {}
}

namespace phpMyFAQ {
    class StubLogger {
        public function __call($name, $args) { fwrite(STDERR, $name . ': ' . json_encode($args) . "\n"); }
    }
    class Configuration {
        public array $items = [];
        public function __construct(public string $version) {}
        public function get(string $item): mixed { return $this->items[$item] ?? null; }
        public function getAdminEmail(): string { return $this->items['main.administrationMail']; }
        public function getTitle(): string { return $this->items['main.titleFAQ']; }
        public function getVersion(): string { return $this->version; }
        public function getLogger(): StubLogger { return new StubLogger(); }
        public function getMailProvider(): string { return 'smtp'; }
        public function getDefaultUrl(): string { return $this->items['main.referenceURL']; }
        public function getNoReplyEmail(): string { return $this->items['main.administrationMail']; }
    }
}

namespace {
    use phpMyFAQ\Configuration;
    use phpMyFAQ\Mail;
    use phpMyFAQ\Translation;
    use phpMyFAQ\Utils;

    spl_autoload_register(function (string $class): void {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', $class) . '.php';
        if (is_file($file)) {
            require $file;
        }
    });
    date_default_timezone_set('UTC');
    $job_list = json_decode(file_get_contents($argv[1]), true);
    $out_dir = $argv[2];
    $configuration = new Configuration($argv[3]);
    $configuration->items = [
        'main.titleFAQ' => 'Harbour Valley Library FAQ',
        'main.administrationMail' => 'faq-admin@harbourvalley.example.org',
        'main.referenceURL' => 'https://faq.harbourvalley.example.org',
        'mail.remoteSMTP' => false,
    ];
    $_SERVER['HTTP_HOST'] = 'faq.harbourvalley.example.org';

    foreach ($job_list as $job) {
        $_SERVER['REQUEST_TIME'] = $job['ts'];
        $_SERVER['REMOTE_ADDR'] = $job['ip'];
        putenv('PMF_OUT=' . $out_dir . '/' . $job['id'] . '.eml');
        Translation::resetInstance();
        Translation::create()
            ->setTranslationsDir(__DIR__ . '/translations')
            ->setDefaultLanguage('en')
            ->setCurrentLanguage($job['lang']);
        $v = $job['vars'];
        $mail = new Mail($configuration);
        $mail->messageId = '<' . $job['ts'] . '.' . md5($job['id']) . '@' . Mail::getServerName() . '>';
        $mail->boundary = '-----' . md5('boundary' . $job['id']);

        if ($job['tpl'] === 'lostpwd') {
            // Controller/Frontend/UnauthorizedUserController.php (4.1.3), updatePassword()
            $username = $v['login'];
            $newPassword = $v['password'];
            $text =
                Translation::get(key: 'lostpwd_text_1')
                . sprintf('<br><br>Username: %s', $username)
                . sprintf('<br>New Password: %s<br><br>', $newPassword)
                . Translation::get(key: 'lostpwd_text_2');
            $mail->addTo($v['email']);
            $mail->subject = Utils::resolveMarkers(
                '[%sitename%] Username / password request',
                $configuration,
            );
            $mail->message = $text;
        } elseif ($job['tpl'] === 'resetlink') {
            // Controller/Frontend/Api/UnauthorizedUserController.php, sendResetLinkEmail()
            $token = ['userId' => $v['userId'], 'expires' => $v['expires'], 'signature' => $v['sig']];
            $username = $v['login'];
            $baseUrl = rtrim((string) $configuration->getDefaultUrl(), characters: '/');
            $link = sprintf(
                '%s/user/reset-password?u=%d&exp=%d&sig=%s',
                $baseUrl,
                $token['userId'],
                $token['expires'],
                rawurlencode($token['signature']),
            );
            $message =
                Translation::getString('lostpwd_text_1')
                . "\r\n\r\n"
                . Translation::getString('resetpwd_text_link')
                . "\r\n"
                . $link
                . "\r\n\r\n"
                . Translation::getString('resetpwd_text_expiry')
                . "\r\n\r\nUsername: "
                . $username;
            $mail->addTo($v['email']);
            $mail->subject = Utils::resolveMarkers('[%sitename%] Password reset request', $configuration);
            $mail->message = $message;
        } elseif ($job['tpl'] === 'activation') {
            // User.php, activateUser() and mailUser()
            $subject = '[%sitename%] Login name / activation';
            $message = sprintf(
                'Name: %s<br>Login name: %s<br>New password: %s',
                $v['name'],
                $v['login'],
                $v['password'],
            );
            $mail->addTo($v['email']);
            $mail->subject = $subject;
            $mail->message = $message;
        } elseif ($job['tpl'] === 'newuser') {
            // Helper/MailHelper.php, sendMailToNewUser()
            $text = sprintf(
                '<p>You have been registered as a new user:</p><p>Name: %s<br>Login name: %s<br>Password: %s</p>'
                . '<p><a href="%s">Check it out here</a></p>',
                $v['name'],
                $v['login'],
                $v['password'],
                $configuration->getDefaultUrl(),
            );
            $mail->addTo($v['email'], $v['name']);
            $mail->subject = Utils::resolveMarkers(Translation::getString('emailRegSubject'), $configuration);
            $mail->message = $text;
        } elseif ($job['tpl'] === 'register') {
            // Helper/RegistrationHelper.php, createUser()
            $isNowActive = $v['auto'];
            $adminMessage = 'To activate this user please use';
            if ($isNowActive) {
                $adminMessage =
                    'This user has been automatically activated, you can still'
                    . ' modify the users permissions or decline membership by visiting the admin section';
            }
            $text = sprintf(
                'A new user has been registered:<br><br>Name: %s<br>Login name: %s<br><br>%s the administration at %s.',
                $v['name'],
                $v['login'],
                $adminMessage,
                $configuration->getDefaultUrl() . '/admin/',
            );
            $mail->setReplyTo($v['email'], $v['name']);
            $mail->addTo($configuration->getAdminEmail());
            $emailRegSubject = Translation::get(key: 'emailRegSubject');
            $mail->subject = Utils::resolveMarkers(
                is_string($emailRegSubject) ? $emailRegSubject : '',
                $configuration,
            );
            $mail->message = $text;
        } else {
            throw new RuntimeException('unknown template ' . $job['tpl']);
        }
        if ($mail->send() < 1) {
            throw new RuntimeException('not sent: ' . $job['id']);
        }
    }
}
"""

FILES = [
    "phpmyfaq/src/phpMyFAQ/Mail.php",
    "phpmyfaq/src/phpMyFAQ/Mail/Builtin.php",
    "phpmyfaq/src/phpMyFAQ/Mail/MailUserAgentInterface.php",
    "phpmyfaq/src/phpMyFAQ/Translation.php",
    "phpmyfaq/src/phpMyFAQ/Utils.php",
    "phpmyfaq/src/phpMyFAQ/Core/Exception.php",
]

PATHS = {
    "lostpwd": "phpmyfaq/src/phpMyFAQ/Controller/Frontend/UnauthorizedUserController.php",
    "resetlink": "phpmyfaq/src/phpMyFAQ/Controller/Frontend/Api/UnauthorizedUserController.php",
    "activation": "phpmyfaq/src/phpMyFAQ/User.php",
    "newuser": "phpmyfaq/src/phpMyFAQ/Helper/MailHelper.php",
    "register": "phpmyfaq/src/phpMyFAQ/Helper/RegistrationHelper.php",
}
KINDS = {
    "lostpwd": "other",
    "resetlink": "notice",
    "activation": "other",
    "newuser": "other",
    "register": "notice",
}
NOTES = {
    "lostpwd": (
        "the new password createPassword() set on the account, on the line 'New Password:' "
        "between the translated lines; the reader logs in with it and is asked to change it"
    ),
    "activation": "new password set by activateUser(), sent as 'New password: <pass>'",
    "newuser": (
        "the account's password (typed by the admin or createPassword(8, false)) on "
        "'Password:'; subject in the admin's language, body English as the sender has it"
    ),
}


def git_show(git_dir: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def git_ls(git_dir: Path, commit: str, path: str) -> list[str]:
    out = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "--name-only", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return out.split()


def jobs() -> list[dict]:
    rng = random.Random("phpMyFAQ round 33")
    out: list[dict] = []
    n = 0

    def add(tpl: str, lang: str, commit: str, vars_: dict) -> None:
        nonlocal n
        ts = BASE_TS + n * 37 * 60
        out.append(
            {
                "id": f"phpmyfaq-{tpl}-{lang.replace('_', '-')}",
                "tpl": tpl,
                "lang": lang,
                "commit": commit,
                "ts": ts,
                "ip": f"198.51.100.{10 + n}",
                "vars": vars_,
            }
        )
        n += 1

    for lang in OLD_LANGS:
        login, _name, email = USERS[lang]
        pw = create_password(rng)
        add("lostpwd", lang, OLD_COMMIT, {"login": login, "email": email, "password": pw})
    for uid, lang in enumerate(RESET_LANGS):
        login, name, email = USERS[lang]
        sig = hashlib.sha256(f"hmac {lang}".encode()).hexdigest()
        exp = BASE_TS + (len(out)) * 37 * 60 + 3600
        add(
            "resetlink",
            lang,
            NEW_COMMIT,
            {"login": login, "email": email, "userId": 12 + uid, "expires": exp, "sig": sig},
        )
    login, name, email = ("pkowalski", "Piotr Kowalski", "piotr.kowalski@example.org")
    add(
        "activation",
        "en",
        NEW_COMMIT,
        {"login": login, "name": name, "email": email, "password": create_password(rng)},
    )
    for lang in NEWUSER_LANGS:
        login, name, email = USERS[lang]
        pw = TYPED_PASSWORDS.get(lang) or create_password(rng, 8, False)
        add(
            "newuser",
            lang,
            NEW_COMMIT,
            {"login": login, "name": name, "email": email, "password": pw},
        )
    for i, lang in enumerate(REGISTER_LANGS):
        login, name, email = USERS[lang]
        add(
            "register",
            lang,
            NEW_COMMIT,
            {"login": login, "name": name, "email": email, "auto": i == 1},
        )
    return out


CAPTURE = '#!/bin/sh\ncat > "$PMF_OUT"\n'


def render(git_dir: Path, commit: str, job_list: list[dict]) -> dict[str, bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        for f in FILES:
            dest = t / "src" / f.removeprefix("phpmyfaq/src/")
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(git_show(git_dir, commit, f))
        (t / "translations").mkdir()
        for name in git_ls(git_dir, commit, "phpmyfaq/translations"):
            if name.startswith("language_") and name.endswith(".php"):
                data = git_show(git_dir, commit, f"phpmyfaq/translations/{name}")
                (t / "translations" / name).write_bytes(data)
        (t / "render.php").write_text(PHP)
        (t / "jobs.json").write_text(json.dumps(job_list))
        capture = t / "capture.sh"
        capture.write_text(CAPTURE)
        capture.chmod(0o755)
        (t / "out").mkdir()
        res = subprocess.run(
            [
                "php",
                "-d",
                f"sendmail_path={capture}",
                "-d",
                "mail.add_x_header=0",
                "-d",
                "display_errors=stderr",
                str(t / "render.php"),
                str(t / "jobs.json"),
                str(t / "out"),
                VERSIONS[commit],
            ],
            capture_output=True,
            cwd=t,
        )
        if res.returncode or res.stderr or res.stdout:
            raise SystemExit((res.stdout + res.stderr).decode())
        result = {}
        for job in job_list:
            raw = (t / "out" / f"{job['id']}.eml").read_bytes()
            # an MTA's view: every line ending CRLF
            result[job["id"]] = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    git_dir = args.mirrors / "thorsten+phpMyFAQ" / "repo"
    job_list = jobs()
    rendered: dict[str, bytes] = {}
    for commit in (OLD_COMMIT, NEW_COMMIT):
        rendered.update(render(git_dir, commit, [j for j in job_list if j["commit"] == commit]))
    maildir = HERE / "mail" / SOURCE
    maildir.mkdir(parents=True, exist_ok=True)
    items = []
    for job in job_list:
        data = rendered[job["id"]]
        (maildir / f"{job['id']}.eml").write_bytes(data)
        tpl = job["tpl"]
        code = job["vars"].get("password")
        item = {
            "id": job["id"],
            "group": f"phpmyfaq-{tpl}",
            "source": SOURCE,
            "lang": job["lang"].replace("_", "-"),
            "kind": KINDS[tpl],
            "code": code,
            "repository": REPO,
            "path": f"{PATHS[tpl]}, phpmyfaq/translations/language_{job['lang']}.php, "
            "phpmyfaq/src/phpMyFAQ/Mail.php",
            "commit": job["commit"],
            "licence": LICENCE,
            "rendered": "php: the sender's Mail, Mail\\Builtin and Translation classes run "
            "unchanged; mail() captured through sendmail_path",
            "file": f"mail/{SOURCE}/{job['id']}.eml",
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if tpl in NOTES:
            item["note"] = NOTES[tpl]
        items.append(item)
    out = HERE / "round33" / "faq.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
