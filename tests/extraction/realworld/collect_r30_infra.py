"""Round 30 (infra): captive-portal / hotspot software — RADIUSdesk (rdcore, CakePHP 4).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_infra.py \\
        --mirrors /work/.mirror

Needs ``php`` (PHP 8.2 CLI from Debian: ``apt-get install php-cli``; default extensions). The
sender's own engine is run: the collector extracts RADIUSdesk's committed ``vendor/`` tree
(CakePHP 4.5.4 and its dependencies), its e-mail templates and layouts and its translation
catalogues from the mirror into a temporary directory and renders every mail through
``DRIVER`` (PHP, below) with ``Cake\\Mailer\\Mailer`` and CakePHP's ``Debug`` transport, which
returns the headers and body exactly as the SMTP transport would write them (CRLF lines).

- RADIUSdesk/rdcore (GPL-3.0: ``LICENSE``; file headers say "License: GPL v3"), commit
  ``RD_COMMIT``. Files used (all under ``cake4/rd_cake/``): ``templates/email/html/`` —
  ``otp_permanent_user.php``, ``otp_click_to_connect.php``, ``user_detail.php``,
  ``user_detail_admin.php``, ``voucher_detail.php``; ``templates/layout/email/html/`` —
  ``user_notify.php`` and ``voucher_notify.php``; ``resources/locales/fr_FR/default.po``
  (French strings of the OTP mails and of the ``user_notify`` layout); ``vendor/``.
  Callers redone in ``DRIVER`` (same calls, same order): ``OtpComponent::sendEmailUserReg``
  (subject ``__("User registration OTP")``, template ``otp_permanent_user``) and
  ``OtpComponent::sendEmailClickToConnect`` (``__("Click To Connect - OTP")``,
  ``otp_click_to_connect``), both in ``src/Controller/Component/OtpComponent.php``;
  ``RegisterUsersController::_email_user_detail`` (``New user registration``) and
  ``::_email_lost_password`` (``Lost Password Retrieval``), template ``user_detail``;
  ``PermanentUsersController`` e-mail of credentials (``User credentials``,
  ``user_detail_admin``); ``VouchersController::emailVoucherDetails`` (``Your voucher
  detail``, ``voucher_detail`` in layout ``voucher_notify``); ``SettingsController::testEmail``
  (text mail ``Test Email Config`` + the admin's message, default text format). Every mail
  is ``setEmailFormat('html')`` (one text/html part, UTF-8, 8bit) except the test mail.
  The From is the configured SMTP user with its sender name (``MailTransportComponent``).
  The OTP mails are sent in the locale of the request; they are rendered here in English and
  in French (the only translated catalogue with these strings); the credential mails'
  bodies are English literals in every locale, so they are rendered in English.
  Generated values: OTPs are ``mt_rand(1111,9999)`` (``RegisterUsersController.php``
  ``$d_otp['value']``, ``DataCollectorsController.php`` ``$value``), four digits; the
  confirm link carries the OTP as the controller builds it. Voucher names are
  ``VoucherGeneratorComponent::_adjective_noun`` (an adjective and a noun from its lists);
  voucher and admin-created passwords have the shape of ``_random_alpha_numeric`` (six
  distinct characters from ``0123456789bBcCdDfFgGhHjJkmnNpPqQrRstTvwxyz``); the registration
  and lost-password mails carry the password the user chose at sign-up (``getData('password')``,
  stored as ``Cleartext-Password``). Date and Message-ID are fixed per mail
  (``Message::setMessageId``, header ``Date``); nothing else in CakePHP's output is random.
  Labels: the OTP (the captive portal's OTP screen asks for it; it is also inside the
  confirm link); in the credential and voucher mails the password (the mail gives username
  and password to type at the hotspot login; the username is the e-mail address or the
  voucher name, so the password is the one code). The test mail has no code.
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

ROUND = HERE / "round30" / "infra.json"
RD = "RADIUSdesk/rdcore"
RD_COMMIT = "f3457e9497bf14392a1b7e35d5d6a51ce3a8f921"
RD_LICENCE = "GPL-3.0"
SOURCE = "radiusdesk"
ITEMS: list[dict] = []

DRIVER = r"""<?php
// RADIUSdesk mail driver (collect_r30_infra.py): RADIUSdesk's own CakePHP 4.5.4 (its vendor/),
// its templates, layouts and catalogues; Debug transport returns headers + body as sent.
error_reporting(E_ALL & ~E_DEPRECATED);
$root = $argv[1];
define('ROOT', $root);
define('APP_DIR', 'src');
define('APP', ROOT . '/src/');
define('CONFIG', ROOT . '/config/');
define('TMP', $argv[2] . '/');
define('CACHE', TMP . 'cache/');
define('CAKE_CORE_INCLUDE_PATH', ROOT . '/vendor/cakephp/cakephp');
define('CORE_PATH', CAKE_CORE_INCLUDE_PATH . '/');
define('CAKE', CORE_PATH . 'src/');
require ROOT . '/vendor/autoload.php';
require CORE_PATH . 'config/bootstrap.php';
use Cake\Cache\Cache;
use Cake\Core\Configure;
use Cake\I18n\I18n;
use Cake\Mailer\Mailer;
use Cake\Mailer\TransportFactory;
Configure::write('debug', false);
Configure::write('App', ['namespace' => 'App', 'encoding' => 'UTF-8', 'defaultLocale' => 'en_US',
    'paths' => ['templates' => [ROOT . '/templates/'], 'locales' => [ROOT . '/resources/locales/'],
                'plugins' => [ROOT . '/plugins/']]]);
Cache::setConfig('_cake_core_', ['className' => 'Null']);
TransportFactory::setConfig('mail_rd', ['className' => 'Debug']);
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $job) {
    I18n::setLocale($job['locale']);
    $email = new Mailer(['transport' => 'mail_rd']);
    $email->setMessageId($job['message_id']);
    $email->getMessage()->setHeaders(['Date' => $job['date']]);
    if ($job['template'] === null) {  // SettingsController::testEmail
        $email->setFrom($job['from'])->setTo($job['to'])->setSubject($job['subject']);
        $r = $email->deliver($job['body']);
    } else {
        $subject = $job['i18n_subject'] ? __($job['subject']) : $job['subject'];
        $email->setFrom($job['from'])->setSubject($subject)->setTo($job['to'])
            ->setViewVars($job['vars'])->setEmailFormat('html')
            ->viewBuilder()->setTemplate($job['template'])->setLayout($job['layout']);
        $r = $email->deliver();
    }
    $out[] = base64_encode($r['headers'] . "\r\n\r\n" . $r['message']);
}
echo json_encode($out);
"""

FROM = {"wifi@hotspot.example.net": "Lakeside Guest WiFi"}
HOST = "https://hotspot.example.net"

# (template, variant, lang, kind, code, job, note)
CASES: list[tuple] = []


def _case(template, variant, lang, kind, code, job, note=None):
    CASES.append((template, variant, lang, kind, code, job, note))


def _build_cases() -> None:
    for lang, locale in (("en", "en_US"), ("fr", "fr_FR")):
        otp, data_id, to = ("4817", 512, "lena.fischer@example.org") if lang == "en" else (
            "7260", 513, "camille.roux@example.fr")  # fmt: skip
        url = f"{HOST}/cake4/rd_cake/register-users/otp-confirm.json?data_id={data_id}&otp={otp}"
        _case("otp_permanent_user", lang, lang, "utility-otp", otp,
              {"locale": locale, "subject": "User registration OTP", "i18n_subject": True, "to": to,
               "vars": {"username": to, "otp": int(otp), "url": url},
               "template": "otp_permanent_user", "layout": "user_notify"})  # fmt: skip
        otp, data_id, to = ("3958", 2041, "jon.okafor@example.com") if lang == "en" else (
            "5183", 2042, "hugo.lambert@example.fr")  # fmt: skip
        url = f"{HOST}/cake4/rd_cake/data-collectors/otp-confirm.json?data_id={data_id}&otp={otp}"
        _case("otp_click_to_connect", lang, lang, "utility-otp", otp,
              {"locale": locale, "subject": "Click To Connect - OTP", "i18n_subject": True, "to": to,
               "vars": {"username": to, "otp": int(otp), "url": url},
               "template": "otp_click_to_connect", "layout": "user_notify"})  # fmt: skip
    _case("user_detail", "registration", "en", "utility-otp", "Harbour77view",
          {"locale": "en_US", "subject": "New user registration", "i18n_subject": False,
           "to": "priya.nair@example.com",
           "vars": {"username": "priya.nair@example.com", "password": "Harbour77view"},
           "template": "user_detail", "layout": "user_notify"},
          "the password the user chose at sign-up, given back under 'Password' to log in at the hotspot")  # fmt: skip
    _case("user_detail", "lost-password", "en", "utility-otp", "Harbour77view",
          {"locale": "en_US", "subject": "Lost Password Retrieval", "i18n_subject": False,
           "to": "priya.nair@example.com",
           "vars": {"username": "priya.nair@example.com", "password": "Harbour77view"},
           "template": "user_detail", "layout": "user_notify"},
          "the stored Cleartext-Password sent back in answer to 'lost password'")  # fmt: skip
    _case("user_detail", "lost-password-fr", "fr", "utility-otp", "soleil2lac",
          {"locale": "fr_FR", "subject": "Lost Password Retrieval", "i18n_subject": False,
           "to": "camille.roux@example.fr",
           "vars": {"username": "camille.roux@example.fr", "password": "soleil2lac"},
           "template": "user_detail", "layout": "user_notify"},
          "French locale: only the layout's title and footer are translated; body and subject are English literals")  # fmt: skip
    _case("user_detail_admin", "profile", "en", "utility-otp", "N4hqT8",
          {"locale": "en_US", "subject": "User credentials", "i18n_subject": False,
           "to": "front.desk@example.com",
           "vars": {"username": "room214", "password": "N4hqT8", "profile": "10Mbps-Unlimited",
                    "extra_name": "Room", "extra_value": "214",
                    "message": "Welcome to the Lakeside Lodge. Your WiFi login is valid until check-out."},
           "template": "user_detail_admin", "layout": "user_notify"})  # fmt: skip
    _case("user_detail_admin", "plain", "en", "utility-otp", "x7Dgk2",
          {"locale": "en_US", "subject": "User credentials", "i18n_subject": False,
           "to": "m.santos@example.com",
           "vars": {"username": "msantos", "password": "x7Dgk2", "profile": "", "extra_name": "",
                    "extra_value": "", "message": ""},
           "template": "user_detail_admin", "layout": "user_notify"})  # fmt: skip
    _case("voucher_detail", "day-pass", "en", "utility-otp", "7kQbx3",
          {"locale": "en_US", "subject": "Your voucher detail", "i18n_subject": False,
           "to": "guest.1187@example.com",
           "vars": {"username": "cheerfulriver", "password": "7kQbx3", "valid_for": "1-00-00-00",
                    "profile": "Day-Pass-2Mb", "extra_name": "Table", "extra_value": "12",
                    "message": "Enjoy your stay! Connect to \"Lakeside-Guest\" and log in with the voucher above."},
           "template": "voucher_detail", "layout": "voucher_notify"},
          "voucher name (cheerfulriver) and password both typed at the captive portal login; labelled by the password")  # fmt: skip
    _case("voucher_detail", "bare", "en", "utility-otp", "Tz9fPc",
          {"locale": "en_US", "subject": "Your voucher detail", "i18n_subject": False,
           "to": "dmitri.k@example.com",
           "vars": {"username": "quietlantern", "password": "Tz9fPc", "valid_for": "", "profile": "",
                    "extra_name": "", "extra_value": "", "message": ""},
           "template": "voucher_detail", "layout": "voucher_notify"},
          "voucher name (quietlantern) and password both typed at the captive portal login; labelled by the password")  # fmt: skip
    _case("test_email", "settings", "en", "notice", None,
          {"locale": "en_US", "subject": "Test Email Config", "to": "noc@example.net",
           "body": "Test Email Config\nChecking the SMTP relay after the firewall change on rack B.",
           "template": None})  # fmt: skip


def _extract(repo: Path, dest: Path) -> None:
    base = "cake4/rd_cake"
    paths = [f"{base}/vendor", f"{base}/templates/email", f"{base}/templates/layout/email",
             f"{base}/resources/locales", f":(exclude){base}/vendor/endroid",
             f":(exclude){base}/vendor/maxmind-db", f":(exclude){base}/vendor/geoip2"]  # fmt: skip
    # the mirror lacks a few unrelated binary blobs (GeoIP data, a QR font); git reports them
    # on stderr but the archive of these paths is complete, so its exit status is not checked
    tar = subprocess.run(["git", "--git-dir", str(repo), "archive", RD_COMMIT, *paths],
                         capture_output=True, check=False).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(dest, filter="data")
    if not (dest / base / "vendor/cakephp/cakephp/src/Mailer/Mailer.php").is_file():
        raise SystemExit("RADIUSdesk vendor tree not extracted")


def radiusdesk(repo: Path) -> None:
    _build_cases()
    jobs = []
    for n, (template, variant, _lang, _kind, _code, job, _note) in enumerate(CASES):
        job = dict(job)
        ident = f"{SOURCE}-{template}-{variant}"
        job["message_id"] = f"<{hashlib.md5(ident.encode()).hexdigest()}@hotspot.example.net>"
        minutes = 9 + 11 * n
        job["date"] = f"Wed, 04 Mar 2026 {8 + minutes // 60:02d}:{minutes % 60:02d}:00 +0200"
        job["from"] = FROM
        jobs.append(job)
    with tempfile.TemporaryDirectory() as tmp:
        _extract(repo, Path(tmp) / "rd")
        (Path(tmp) / "driver.php").write_text(DRIVER)
        (Path(tmp) / "cache").mkdir()
        out = subprocess.run(["php", str(Path(tmp) / "driver.php"), str(Path(tmp) / "rd/cake4/rd_cake"), tmp],
                             input=json.dumps(jobs).encode(), capture_output=True, check=True).stdout  # fmt: skip

    raws = [base64.b64decode(x) for x in json.loads(out)]
    for (template, variant, lang, kind, code, _job, note), raw in zip(CASES, raws, strict=True):
        group = f"{SOURCE}-{template}"
        ident = f"{group}-{variant}"
        if template == "test_email":
            path = "cake4/rd_cake/src/Controller/SettingsController.php"
        else:
            path = f"cake4/rd_cake/templates/email/html/{template}.php"
        dest = HERE / "mail" / SOURCE / f"{ident}.eml"
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(raw)
        item = {
            "id": ident,
            "group": group,
            "source": SOURCE,
            "lang": lang,
            "kind": kind,
            "code": code,
            "repository": RD,
            "path": path,
            "commit": RD_COMMIT,
            "licence": RD_LICENCE,
            "rendered": "php: RADIUSdesk's CakePHP 4.5.4 Mailer (vendor/ in the repo), Debug transport",
            "file": f"mail/{SOURCE}/{ident}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if note:
            item["note"] = note
        ITEMS.append(item)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    radiusdesk(args.mirrors / "RADIUSdesk+rdcore" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
