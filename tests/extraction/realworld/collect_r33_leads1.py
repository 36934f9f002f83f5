"""Round 33, leads1 (blind): OpenMage/magento-lts (Magento 1.9.4.x as kept by OpenMage) account
mails that carry a password (new password sent by the admin, welcome mail with the login
values, account confirmation with the login values) and their sibling notices without a code
(password-reset link, admin password-reset link, account confirmed, password changed,
newsletter confirm/success, order/invoice/shipment/credit-memo updates), English (the
repository ships only ``app/locale/en_US``), rendered by running the sender's own PHP
template filter, CSS inliner and mailer from a git snapshot at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_leads1.py \\
        --mirrors /work/.mirror

Needs the PHP CLI (``/usr/bin/php``; PHP 8.2 was used, with its default dom, mbstring and
iconv extensions: ``apt-get install php8.2-cli``) to run the sender's code.

- OpenMage/magento-lts (OSL-3.0: LICENSE.txt is the Open Software License 3.0; the skin CSS
  files' headers say AFL-3.0, LICENSE_AFL.txt), commit MAGE_COMMIT, the parent of 32d9d52a1d
  ("1.9.4.x => E-Mail templates only: replace plaintext password with hint of choosen
  password (#1021)", June 2020): the last state in which ``password_new.html``,
  ``account_new.html`` and ``account_new_confirmation.html`` print the password, as
  Magento 1.x stores sent them for years.
  Files: ``app/locale/en_US/template/email/{password_new,account_new,
  account_new_confirmation,account_new_confirmed,account_password_reset_confirmation,
  admin_password_reset_confirmation,password_or_email_changed,newsletter_subscr_confirm,
  newsletter_subscr_success}.html``, ``.../email/sales/{order_update,order_update_guest,
  invoice_update,shipment_update,shipment_update_guest,creditmemo_update_guest}.html``,
  ``.../email/html/{header,footer}.html``, ``skin/frontend/base/default/css/
  email-{inline,non-inline}.css`` (the rwd/default package falls back to base/default for
  them), ``lib/Varien/Filter/Template*.php``, ``lib/Varien/Object.php``,
  ``lib/Pelago/Emogrifier.php``, ``lib/Zend/Mail*``, ``lib/Zend/Mime*``,
  ``app/code/core/Mage/Core/functions.php``.
  How the sender renders: ``Mage_Core_Model_Email_Template::loadDefault`` strips the
  ``<!--@subject/@vars/@styles @-->`` blocks; ``getProcessedTemplate`` adds store, logo,
  phone and support-mail variables and ``non_inline_styles`` (``<style>`` with
  email-non-inline.css, ``_getNonInlineCssTag``), filters with
  ``Mage_Core_Model_Email_Template_Filter`` (``{{depend}}``/``{{if}}`` first, then
  ``{{var}}``, ``{{htmlescape}}`` = ``htmlspecialchars(ENT_COMPAT, 'UTF-8', false)``,
  ``{{store url}}``, ``{{template config_path}}`` for header/footer, ``{{inlinecss}}``), then
  inlines email-inline.css with ``Pelago_Emogrifier`` (``setParseInlineStyleTags(false)``);
  ``send()`` builds ``new Zend_Mail('utf-8')``, ``setBodyHtml`` (one text/html part,
  quoted-printable, Zend writes line ends as ``=0A``), subject and recipient name as
  ``=?utf-8?B?...?=``, From the store's sender identity; the default transport is
  ``Zend_Mail_Transport_Sendmail`` (PHP ``mail()``).
  Values: customer passwords made by the admin ("Send auto-generated password",
  ``Adminhtml/controllers/CustomerController.php``) come from
  ``Mage_Customer_Model_Customer::generatePassword``: 8 characters of
  ``CHARS_PASSWORD_LOWERS . UPPERS . DIGITS . SPECIALS`` (``abcdefghjkmnpqrstuvwxyz``,
  ``ABCDEFGHJKLMNPQRSTUVWXYZ``, ``23456789``, ``!$*-.=?@_``, ``Mage_Core_Helper_Data``);
  the other passwords are ones customers chose (``sendNewAccountEmail`` sets the typed
  password on the customer). Confirmation keys are ``md5(uniqid())``
  (``getRandomConfirmationKey``), reset tokens ``md5(uniqid(microtime().mt_rand(), true))``
  (``uniqHash``), newsletter codes 32 of ``[a-z0-9]`` (``randomSequence``); order numbers are
  9 digits from 100000001.
  What was done here: the snapshot's files are written to a temporary directory and the
  harness ``PHP`` below runs them with ``php``: the real ``Varien_Filter_Template``
  (directive parsing, variables, depend/if), ``Pelago_Emogrifier`` and ``Zend_Mail``. The
  Mage-bound parts are copied as small functions: ``storeDirective`` (base URL + path +
  ``ksort``ed ``http_build_query``, ``Mage_Core_Model_Url::getUrl``; ``adminhtml/`` is the
  admin front name ``admin/`` under ``index.php/``), ``htmlescapeDirective``,
  ``inlinecssDirective``, ``loadDefault``/``loadByConfigPath`` and
  ``getTemplateByConfigPath``; template objects are ``Varien_Object``s with the data the
  senders set (``Mage_Sales_Model_Order::sendOrderUpdateEmail`` etc.). The transport is a
  ``Zend_Mail_Transport_Sendmail`` subclass whose ``_sendMail`` returns what ``mail()``
  would hand to sendmail (To and Subject lines, Zend's headers, blank line, body) with
  ``\\n`` line ends; a fixed Date and Message-ID are set with ``setDate``/``setMessageId``
  (an MTA would add them). PHP deprecation notices of the 2020 code are silenced.
  Stores: "Alder Ridge Outfitters", "Kestrel Home Goods", "Fennwick Tea Company".
  Labels: the password in password_new, account_new and account_new_confirmation is the
  code (the mail gives it to be typed to log in); every other mail is a notice (its token
  is only inside a link).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAGE_REPO = "OpenMage/magento-lts"
MAGE_COMMIT = "5dd42f6e525d7b278668871565fdf800d3b88676"
LICENCE = "OSL-3.0"
SOURCE = "openmage"
SNAPSHOT = [
    "lib/Varien/Object.php",
    "lib/Varien/Profiler.php",
    "lib/Varien/Filter/Template.php",
    "lib/Varien/Filter/Template/",
    "lib/Pelago/",
    "lib/Zend/Exception.php",
    "lib/Zend/Filter/Interface.php",
    "lib/Zend/Mail.php",
    "lib/Zend/Mail/",
    "lib/Zend/Mime.php",
    "lib/Zend/Mime/",
    "lib/Zend/Validate.php",
    "lib/Zend/Validate/",
    "lib/Zend/Loader.php",
    "lib/Zend/Registry.php",
    "app/code/core/Mage/Core/functions.php",
    "app/locale/en_US/template/email/",
    "skin/frontend/base/default/css/",
]
EMAIL = "app/locale/en_US/template/email/"

STORES = {
    "alder": {
        "name": "Alder Ridge Outfitters",
        "base": "https://www.alderridgeoutfitters.example/",
        "phone": "(541) 555-0142",
        "hours": "Mon-Fri 9am-6pm PT",
        "support": "support@alderridgeoutfitters.example",
        "ident": {
            "general": ("Alder Ridge Outfitters", "hello@alderridgeoutfitters.example"),
            "support": ("Alder Ridge Customer Care", "support@alderridgeoutfitters.example"),
            "sales": ("Alder Ridge Orders", "orders@alderridgeoutfitters.example"),
        },
    },
    "kestrel": {
        "name": "Kestrel Home Goods",
        "base": "https://shop.kestrelhome.example/",
        "phone": "",
        "hours": "",
        "support": "help@kestrelhome.example",
        "ident": {
            "general": ("Kestrel Home Goods", "store@kestrelhome.example"),
            "support": ("Kestrel Help Desk", "help@kestrelhome.example"),
            "sales": ("Kestrel Home Goods Sales", "sales@kestrelhome.example"),
        },
    },
    "fennwick": {
        "name": "Fennwick Tea Company",
        "base": "https://fennwicktea.example/",
        "phone": "+44 20 7946 0321",
        "hours": "",
        "support": "care@fennwicktea.example",
        "ident": {
            "general": ("Fennwick Tea Company", "owner@fennwicktea.example"),
            "support": ("Fennwick Tea Support", "care@fennwicktea.example"),
            "sales": ("Fennwick Tea Orders", "orders@fennwicktea.example"),
        },
    },
}


PHP = r"""<?php
// Harness: the sender's own Varien_Filter_Template, Pelago_Emogrifier and Zend_Mail
// (from the snapshot under lib/) with the four Mage_Core_Model_Email_Template_Filter
// directives the templates use copied from app/code/core/Mage/Core/Model/Email/Template/Filter.php.
error_reporting(E_ALL & ~E_DEPRECATED);
set_include_path(__DIR__ . '/lib');
spl_autoload_register(function ($c) {
    $f = __DIR__ . '/lib/' . str_replace('_', '/', $c) . '.php';
    if (is_file($f)) { require_once $f; }
});
require __DIR__ . '/app/code/core/Mage/Core/functions.php';
final class Mage {
    public static function getModel($name) { return null; }
}
class Filter extends Varien_Filter_Template {
    public $base = '';
    public $inlineCssFile = false;
    public function storeDirective($construction) {
        $params = $this->_getIncludeParameters($construction[2]);
        $query = array();
        foreach ($params as $k => $v) {
            if (strpos($k, '_query_') === 0) { $query[substr($k, 7)] = $v; }
        }
        $path = isset($params['url']) ? $params['url'] : '';
        if (strpos($path, 'adminhtml/') === 0) {  // admin store: index.php/<admin front name>/
            $url = $this->base . 'index.php/admin/' . substr($path, 10);
        } else {
            $url = $this->base . $path;
        }
        ksort($query);
        $q = http_build_query($query, '', '&');
        if ($q) { $url .= '?' . $q; }
        return str_replace(array('"', "'", '>', '<'), array('%22', '%27', '%3E', '%3C'), $url);
    }
    public function htmlescapeDirective($construction) {
        $params = $this->_getIncludeParameters($construction[2]);
        if (!isset($params['var'])) { return ''; }
        $data = $params['var'];
        return strlen($data) ? htmlspecialchars($data, ENT_COMPAT, 'UTF-8', false) : $data;
    }
    public function inlinecssDirective($construction) {
        $params = $this->_getIncludeParameters($construction[2]);
        if (isset($params['file'])) { $this->inlineCssFile = $params['file']; }
        return '';
    }
}
function obj($v) {
    if (is_array($v) && isset($v['__obj'])) {
        $o = new Varien_Object();
        foreach ($v['__obj'] as $k => $x) { $o->setData($k, obj($x)); }
        return $o;
    }
    return $v;
}
function loadDefault($file) {  // Mage_Core_Model_Email_Template::loadDefault
    $t = file_get_contents(__DIR__ . '/app/locale/en_US/template/email/' . $file);
    $subject = '';
    $styles = '';
    if (preg_match('/<!--@subject\s*(.*?)\s*@-->/u', $t, $m)) { $subject = $m[1]; $t = str_replace($m[0], '', $t); }
    if (preg_match('/<!--@vars\s*((?:.)*?)\s*@-->/us', $t, $m)) {
        $t = str_replace($m[0], '', $t);
    }
    if (preg_match('/<!--@styles\s*(.*?)\s*@-->/s', $t, $m)) { $styles = $m[1]; $t = str_replace($m[0], '', $t); }
    $t = preg_replace('#\{\*.*\*\}#suU', '', $t);
    return array($t, $subject, $styles);
}
function css($name) {
    return (string) file_get_contents(__DIR__ . '/skin/frontend/base/default/css/' . $name);
}
class Capture extends Zend_Mail_Transport_Sendmail {
    public $out = '';
    public function _sendMail() {  // what PHP's mail() hands to sendmail
        $this->out = 'To: ' . $this->recipients . $this->EOL . 'Subject: ' . $this->_mail->getSubject()
            . $this->EOL . $this->header . $this->EOL . $this->EOL . $this->body;
    }
}
$jobs = json_decode(file_get_contents($argv[1]), true);
$out = array();
foreach ($jobs as $job) {
    list($text, $subject, $styles) = loadDefault($job['file']);
    $vars = array();
    foreach ($job['vars'] as $k => $v) { $vars[$k] = obj($v); }
    $vars['email'] = $job['to_email'];
    $vars['name'] = $job['to_name'];
    $vars['non_inline_styles'] = sprintf("<style type=\"text/css\">\n%s\n</style>\n", css('email-non-inline.css') . "\n" . $styles);
    $f = new Filter();
    $f->base = $job['base'];
    $f->setVariables($vars);
    $f->setTemplateProcessor(array(new TemplateByConfigPath($job['base']), 'get'));
    $html = $f->filter($text);
    if (strlen($html) && $f->inlineCssFile) {
        $e = new Pelago_Emogrifier();
        $e->setHtml($html);
        $e->setCss(css($f->inlineCssFile));
        $e->setParseInlineStyleTags(false);
        $html = $e->emogrify();
    }
    $sf = new Filter();
    $sf->base = $job['base'];
    $sf->setVariables($vars);
    $subj = $sf->filter($subject);
    $mail = new Zend_Mail('utf-8');
    $mail->addTo($job['to_email'], '=?utf-8?B?' . base64_encode($job['to_name']) . '?=');
    $mail->setBodyHtml($html);
    $mail->setSubject('=?utf-8?B?' . base64_encode($subj) . '?=');
    $mail->setFrom($job['from_email'], $job['from_name']);
    $mail->setDate($job['date']);
    $mail->setMessageId($job['message_id']);
    $tr = new Capture();
    $tr->EOL = "\n";
    $mail->send($tr);
    $out[$job['id']] = $tr->out;
}
class TemplateByConfigPath {  // getTemplateByConfigPath + loadByConfigPath: header/footer, type text
    public $base;
    public function __construct($base) { $this->base = $base; }
    public function get($configPath, array $variables) {
        $files = array('design/email/header' => 'html/header.html',
            'design/email/footer' => 'html/footer.html');
        $file = $files[$configPath];
        $t = file_get_contents(__DIR__ . '/app/locale/en_US/template/email/' . $file);
        $t = preg_replace('/<!--@(\w+)\s*(.*?)\s*@-->/us', '', $t);
        $t = preg_replace('#\{\*.*\*\}#suU', '', $t);
        $f = new Filter();
        $f->base = $this->base;
        $f->setVariables($variables);
        $f->setTemplateProcessor(array($this, 'get'));
        return $f->filter($t);
    }
}
echo json_encode($out);
"""


def obj(**data: object) -> dict:
    return {"__obj": data}


# (id, template file, store, sender identity, recipient (name, email), variables, code, note)
MAILS: list[tuple] = [
    (
        "password-new-1",
        "password_new.html",
        "alder",
        "support",
        ("Marisol Vega", "marisol.vega@example.net"),
        {
            "customer": obj(
                name="Marisol Vega", email="marisol.vega@example.net", password="hT7q!mZ4"
            )
        },
        "hT7q!mZ4",
        "password made by generatePassword() when the admin sends an auto-generated password; "
        "shown after 'Your new password is:'; the '!' is one of CHARS_PASSWORD_SPECIALS",
    ),
    (
        "password-new-2",
        "password_new.html",
        "kestrel",
        "support",
        ("Derek O'Connell", "derek.oconnell@example.com"),
        {
            "customer": obj(
                name="Derek O'Connell", email="derek.oconnell@example.com", password="Xw3k.Rp9"
            )
        },
        "Xw3k.Rp9",
        "generatePassword() output with the special '.' inside it; the dot is part of the password",
    ),
    (
        "password-new-3",
        "password_new.html",
        "fennwick",
        "support",
        ("Priya Raman", "priya.raman@example.org"),
        {"customer": obj(name="Priya Raman", email="priya.raman@example.org", password="q8Nbd2Vs")},
        "q8Nbd2Vs",
        None,
    ),
    (
        "account-new-1",
        "account_new.html",
        "alder",
        "general",
        ("Jonah Whitfield", "jonah.whitfield@example.com"),
        {
            "customer": obj(
                name="Jonah Whitfield", email="jonah.whitfield@example.com", password="Gm7=tYc4"
            ),
            "back_url": "",
        },
        "Gm7=tYc4",
        "account created by the admin with an auto-generated password (CustomerController, "
        "generatePassword()); the welcome mail lists Email and Password to log in",
    ),
    (
        "account-new-2",
        "account_new.html",
        "kestrel",
        "general",
        ("Hannah Kowalski", "h.kowalski@example.net"),
        {
            "customer": obj(
                name="Hannah Kowalski", email="h.kowalski@example.net", password="Lighthouse1987"
            ),
            "back_url": "",
        },
        "Lighthouse1987",
        "password the customer chose at registration, repeated under 'Use the following values "
        "when prompted to log in'",
    ),
    (
        "account-new-3",
        "account_new.html",
        "fennwick",
        "general",
        ("Oliver Ashdown", "oliver.ashdown@example.co.uk"),
        {
            "customer": obj(
                name="Oliver Ashdown", email="oliver.ashdown@example.co.uk", password="tea-Time42"
            ),
            "back_url": "",
        },
        "tea-Time42",
        "password the customer chose when registering at checkout; the hyphen is part of it",
    ),
    (
        "account-confirm-1",
        "account_new_confirmation.html",
        "alder",
        "general",
        ("Beatriz Souza", "beatriz.souza@example.com"),
        {
            "customer": obj(
                id="1187",
                name="Beatriz Souza",
                email="beatriz.souza@example.com",
                password="Copper&Kettle9",
                confirmation="5f0c9e27b1d84a6f93e2c7a1d05b8e44",
            ),
            "back_url": "",
        },
        "Copper&Kettle9",
        "password the customer chose, HTML-escaped by {{htmlescape}} (Copper&amp;Kettle9 in the "
        "source, Copper&Kettle9 on screen); the confirmation key is only in the link",
    ),
    (
        "account-confirm-2",
        "account_new_confirmation.html",
        "fennwick",
        "general",
        ("Mei Lin Tan", "meilin.tan@example.org"),
        {
            "customer": obj(
                id="2304",
                name="Mei Lin Tan",
                email="meilin.tan@example.org",
                password="Saffron2024",
                confirmation="a31d7c08e6f24b5a9c0e18d2f7b3a6c9",
            ),
            "back_url": "",
        },
        "Saffron2024",
        "password the customer chose; the confirmation key is only in the link",
    ),
    (
        "account-confirmed-1",
        "account_new_confirmed.html",
        "kestrel",
        "general",
        ("Samuel Adeyemi", "samuel.adeyemi@example.com"),
        {"customer": obj(name="Samuel Adeyemi", email="samuel.adeyemi@example.com")},
        None,
        None,
    ),
    (
        "password-reset-link-1",
        "account_password_reset_confirmation.html",
        "alder",
        "support",
        ("Marisol Vega", "marisol.vega@example.net"),
        {
            "customer": obj(
                name="Marisol Vega",
                email="marisol.vega@example.net",
                rp_customer_id="1042",
                rp_token="9c4e1f7a2b6d8e03c5a7f1b9d2e4c6a8",
            )
        },
        None,
        "reset token (uniqHash) only inside the link",
    ),
    (
        "password-reset-link-2",
        "account_password_reset_confirmation.html",
        "fennwick",
        "support",
        ("Priya Raman", "priya.raman@example.org"),
        {
            "customer": obj(
                name="Priya Raman",
                email="priya.raman@example.org",
                rp_customer_id="2291",
                rp_token="e07b3d95a1c64f28b7d0e9a3c5f1b826",
            )
        },
        None,
        "reset token (uniqHash) only inside the link",
    ),
    (
        "admin-reset-link-1",
        "admin_password_reset_confirmation.html",
        "alder",
        "general",
        ("Tomas Brandt", "tomas.brandt@alderridgeoutfitters.example"),
        {
            "user": obj(
                id="3",
                name="Tomas Brandt",
                email="tomas.brandt@alderridgeoutfitters.example",
                rp_token="4b8f2d6a0c1e9f37a5d2b8c4e6f0a193",
            )
        },
        None,
        "admin reset token (uniqHash) only inside the link",
    ),
    (
        "password-changed-1",
        "password_or_email_changed.html",
        "alder",
        "general",
        ("Jonah Whitfield", "jonah.whitfield@example.com"),
        {
            "customer": obj(
                name="Jonah Whitfield",
                email="jonah.whitfield@example.com",
                is_change_password="1",
            )
        },
        None,
        None,
    ),
    (
        "newsletter-confirm-1",
        "newsletter_subscr_confirm.html",
        "kestrel",
        "support",
        ("Hannah Kowalski", "h.kowalski@example.net"),
        {
            "subscriber": obj(
                confirmation_link="https://shop.kestrelhome.example/newsletter/subscriber/"
                "confirm/id/412/code/k3v9q0x7m2b8n5r1t4w6y0z3a7c2e9g1/"
            )
        },
        None,
        "subscription code (randomSequence) only inside the link",
    ),
    (
        "newsletter-success-1",
        "newsletter_subscr_success.html",
        "fennwick",
        "general",
        ("Oliver Ashdown", "oliver.ashdown@example.co.uk"),
        {},
        None,
        None,
    ),
    (
        "order-update-1",
        "sales/order_update.html",
        "alder",
        "sales",
        ("Jonah Whitfield", "jonah.whitfield@example.com"),
        {
            "order": obj(
                increment_id="100000231", status_label="Processing", customer_name="Jonah Whitfield"
            ),
            "billing": obj(name="Jonah Whitfield"),
            "comment": "Your trail boots are back in stock and your order is being packed today.",
        },
        None,
        "order number only",
    ),
    (
        "order-update-guest-1",
        "sales/order_update_guest.html",
        "fennwick",
        "sales",
        ("Eleanor Hughes", "eleanor.hughes@example.co.uk"),
        {
            "order": obj(
                increment_id="100001874", status_label="On Hold", customer_name="Eleanor Hughes"
            ),
            "billing": obj(name="Eleanor Hughes"),
            "comment": "We are waiting for the payment to clear; we will ship as soon as it does.",
        },
        None,
        "order number only",
    ),
    (
        "invoice-update-1",
        "sales/invoice_update.html",
        "kestrel",
        "sales",
        ("Samuel Adeyemi", "samuel.adeyemi@example.com"),
        {
            "order": obj(
                increment_id="100000587", status_label="Complete", customer_name="Samuel Adeyemi"
            ),
            "billing": obj(name="Samuel Adeyemi"),
            "invoice": obj(increment_id="100000412"),
            "comment": "",
        },
        None,
        "order and invoice numbers only",
    ),
    (
        "shipment-update-1",
        "sales/shipment_update.html",
        "alder",
        "sales",
        ("Marisol Vega", "marisol.vega@example.net"),
        {
            "order": obj(
                increment_id="100000244", status_label="Complete", customer_name="Marisol Vega"
            ),
            "billing": obj(name="Marisol Vega"),
            "shipment": obj(increment_id="100000198"),
            "comment": "The second parcel left our warehouse this morning.",
        },
        None,
        "order and shipment numbers only",
    ),
    (
        "shipment-update-guest-1",
        "sales/shipment_update_guest.html",
        "kestrel",
        "sales",
        ("Grace Obi", "grace.obi@example.net"),
        {
            "order": obj(
                increment_id="100000603", status_label="Complete", customer_name="Grace Obi"
            ),
            "billing": obj(name="Grace Obi"),
            "shipment": obj(increment_id="100000301"),
            "comment": "",
        },
        None,
        "order and shipment numbers only",
    ),
    (
        "creditmemo-update-guest-1",
        "sales/creditmemo_update_guest.html",
        "fennwick",
        "sales",
        ("Eleanor Hughes", "eleanor.hughes@example.co.uk"),
        {
            "order": obj(
                increment_id="100001874", status_label="Closed", customer_name="Eleanor Hughes"
            ),
            "billing": obj(name="Eleanor Hughes"),
            "creditmemo": obj(increment_id="100000057"),
            "comment": "Refunded the damaged tin of Darjeeling second flush.",
        },
        None,
        "order and credit memo numbers only",
    ),
]


def git(git_dir: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), *args], check=True, capture_output=True
    ).stdout


def snapshot(git_dir: Path, dest: Path) -> None:
    names = git(git_dir, "ls-tree", "-r", "--name-only", MAGE_COMMIT, "--", *SNAPSHOT)
    for name in names.decode().splitlines():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(git(git_dir, "show", f"{MAGE_COMMIT}:{name}"))


def jobs() -> list[dict]:
    out = []
    for n, (mid, tpl, store_key, ident, (to_name, to_email), tvars, _code, _note) in enumerate(
        MAILS
    ):
        store = STORES[store_key]
        from_name, from_email = store["ident"][ident]
        variables = {
            "store": obj(frontend_name=store["name"]),
            "logo_url": store["base"] + "skin/frontend/rwd/default/images/logo_email.gif",
            "logo_alt": store["name"],
            "logo_width": "",
            "logo_height": "",
            "phone": store["phone"],
            "store_phone": store["phone"],
            "store_hours": store["hours"],
            "store_email": store["support"],
            **tvars,
        }
        day = 3 + n % 20
        out.append(
            {
                "id": f"{SOURCE}-{mid}",
                "file": tpl,
                "base": store["base"],
                "to_email": to_email,
                "to_name": to_name,
                "from_email": from_email,
                "from_name": from_name,
                "date": f"Tue, {day:02d} Mar 2020 {9 + n % 8:02d}:{(7 * n) % 60:02d}:14 +0000",
                "message_id": f"{hashlib.sha1(mid.encode()).hexdigest()[:24]}@"
                + store["base"].split("/")[2],
                "vars": variables,
            }
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    git_dir = args.mirrors / "OpenMage+magento-lts" / "repo"
    job_list = jobs()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        snapshot(git_dir, t)
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
    items = []
    for job, mail in zip(job_list, MAILS, strict=True):
        _mid, tpl, _store, _ident, _to, _vars, code, note = mail
        data = rendered[job["id"]].encode("utf-8")
        (maildir / f"{job['id']}.eml").write_bytes(data)
        kind = "shop-order" if tpl.startswith("sales/") else ("other" if code else "notice")
        item = {
            "id": job["id"],
            "group": f"{SOURCE}-{tpl.removeprefix('sales/').removesuffix('.html')}",
            "source": SOURCE,
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": MAGE_REPO,
            "path": f"{EMAIL}{tpl}, {EMAIL}html/header.html, {EMAIL}html/footer.html, "
            "lib/Varien/Filter/Template.php, lib/Pelago/Emogrifier.php, lib/Zend/Mail.php",
            "commit": MAGE_COMMIT,
            "licence": LICENCE,
            "rendered": "php: the sender's Varien_Filter_Template, Pelago_Emogrifier and "
            "Zend_Mail run from the snapshot; Mage store/htmlescape/inlinecss directives copied",
            "file": f"mail/{SOURCE}/{job['id']}.eml",
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if note:
            item["note"] = note
        items.append(item)
    out = HERE / "round33" / "leads1.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
