"""Round 30 (wordpress): WordPress plugins that mail codes — Shield Security (two-factor code
by e-mail and its login notice, 37 languages), pluginkollektiv's 2-Step Verification (a security
code alone in the body) and BuddyPress (activation key and 21 community notices, English).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_wordpress.py \\
        --mirrors /work/.mirror

Needs ``php`` 8.2 CLI and two Debian packages (``apt-get install php-cli php-twig
libphp-phpmailer``: Twig 3.5.1 in ``/usr/share/php/Twig``, PHPMailer 6.6.3 in
``/usr/share/php/libphp-phpmailer``). WordPress bundles PHPMailer 6 as well; the collector
runs Debian's copy, so the ``X-Mailer`` line names 6.6.3. ``DRIVER`` (PHP, below) redoes
WordPress's ``wp_mail()`` (``wp-includes/pluggable.php``): From ``wordpress@`` + the site's host
without ``www.``, name ``WordPress`` (then the ``wp_mail_from_name`` filters), ``CharSet``
``UTF-8``, ``ContentType`` from ``wp_mail_content_type`` (``text/plain`` unless filtered,
``isHTML(true)`` for ``text/html``), PHPMailer's ``mail`` transport; PHP ``mail()`` writes
``To`` and ``Subject`` first. PHPMailer's random ``generateId()`` (boundaries, Message-ID) is
fixed per mail and ``MessageDate`` set, so every run gives the same bytes.

- FernleafSystems/Shield-Security-for-WordPress (Shield Security 22.0.4; GPL: the plugin header
  of ``icwp-wpsf.php`` says GNU GPL version 2, ``readme.txt`` says ``License: GPLv3``; recorded
  as ``GPL-3.0-only`` after ``readme.txt``, the licence WordPress.org lists), commit
  ``SHIELD_COMMIT``. Files used: ``templates/twig/email/base_email.twig``,
  ``lp_2fa_email_code.twig``, ``user_login_notice.twig``, ``footer.twig`` (rendered by Twig
  with Shield's environment options from ``src/Render/RenderService.php``: ``debug`` and
  ``strict_variables``, Twig's default HTML autoescape), the render classes
  ``src/ActionRouter/Actions/Render/Components/Email/{MfaLoginCode,UserLoginNotice,EmailBase,
  Footer}.php`` (their ``getBodyData``/``getRenderData`` redone in ``DRIVER`` string by string),
  ``src/Utilities/Tool/ConvertHtmlToText.php`` (run as it is: it makes the text/plain
  AltBody that ``src/Controller/Email/EmailCon.php`` sets in ``phpmailer_init``), the senders
  ``src/Modules/LoginGuard/Lib/TwoFactor/Provider/Email.php::sendEmailTwoFactorVerify``
  (subject ``Two-Factor Login Verification``) and
  ``src/Modules/UserManagement/Lib/Session/UserSessionHandler.php::sendLoginNotifications``
  (subject ``Notice - A login to your WordPress account just occurred``), ``EmailVO::buildSubject``
  (site name, a space, the subject), ``EmailCon::setMailFromName`` (``WordPress - Shield
  Security``) and ``EmailCon::setMailContentType`` (``text/html``), and the catalogues
  ``languages/wp-simple-firewall-<locale>.mo`` (the 36 compiled catalogues WordPress loads;
  read here with Python's ``gettext`` and handed to ``DRIVER``'s ``__()``, which falls back to
  the English string as WordPress does where a catalogue lacks one; English is the 37th).
  ``<html lang>`` is WordPress's locale with a hyphen (``getLocale('-')``).
  The render data that ``BaseRender::getCommonDisplayData`` merges in is reduced to what the
  mail templates read (``strings.plugin_name`` = ``Shield Security`` from
  ``plugin-spec/16_labels.json``; ``flags`` of a free, not white-labelled install).
  Values of WordPress services outside the repository: home URL ``https://www.example.org``,
  site name ``Harbour Rowing Club``, the admin page URL of ``PluginURLs::cfgForZoneComponent``
  (``wp-admin/admin.php?page=icwp-wpsf-plugin&nav=zone_components&nav_sub=reporting``), the
  logo URL of ``Urls::forImage`` (``plugins_url`` + ``?ver=22.0.4``), the time stamp
  (WordPress date and time formats set to ``Y-m-d`` and ``H:i``). The footer shuffles its
  benefit list and picks one of three upgrade lines at random (``\\shuffle``,
  ``\\array_rand``); ``DRIVER`` calls ``mt_srand`` with a fixed seed per mail first.
  The e-mailed code is ``PasswordGenerator::Gen( 6, true, false, false )``
  (``Email::generate2faCode``; the login form of
  ``templates/twig/components/login_intent/login_field_email.twig`` has six one-character
  boxes): six digits. The auto-login link is a premium option (``enable_email_auto_login``,
  ``"premium": true`` in ``plugin-spec/34_options.json``), so the free plugin's mail has none.
  Labels: the verification code in every ``mfa-login-code`` mail; the login notice has none.
- pluginkollektiv/2-Step-Verification (GPL-2.0-or-later: plugin header and ``LICENSE.txt``),
  commit ``TSV_COMMIT``. ``inc/auth.class.php::set_user_token`` mails
  ``wp_mail( $user_email, esc_html__( 'Your security code', '2-Step-Verification' ), $token )``
  with ``$token = wp_generate_password( 5, false )`` (five of ``a-zA-Z0-9``): a text/plain mail
  whose whole body is the code. The repository has ``languages/de_DE.po``/``.mo``, but the
  plugin never calls ``load_plugin_textdomain`` and the file is not named
  ``<domain>-<locale>.mo``, so WordPress never loads it: the mail goes out in English only.
- buddypress/buddypress (GPL-2.0-or-later: ``src/license.txt``, plugin header of
  ``src/bp-loader.php``), commit ``BP_COMMIT``. Files used: ``src/bp-core/bp-core-functions.php``
  — ``bp_email_get_schema()`` (each mail's ``post_title`` = subject and ``post_excerpt`` =
  plain text; ``DRIVER`` cuts the function out of the file and runs it, ``__()`` and
  ``apply_filters()`` as identities), ``bp_core_replace_tokens_in_text()`` (``{{{x}}}`` raw
  first, then ``{{x}}`` through ``esc_html``; copied into ``DRIVER``) and ``bp_send_email()``.
  The mails are sent the way ``bp_send_email()`` sends them where ``bp_email_use_wp_mail`` is
  true (``wp_mail()`` redeclared by a mail plugin, or ``wp_mail_content_type`` filtered):
  ``wp_mail( to, subject with tokens replaced, post_excerpt with tokens replaced )``, a
  text/plain mail from ``WordPress``. (Its default branch, ``BP_PHPMailer``, wraps the
  HTML ``post_content`` in the theme's ``single-bp-email.php`` with WordPress's ``wpautop``,
  which is not in the repository; that branch is not rendered here.) The repository has no
  translation catalogue (BuddyPress's come from translate.wordpress.org), so every mail is
  English. Token values follow ``bp_email_set_default_tokens()`` (``src/bp-core/bp-core-filters.php``)
  and each sender's ``tokens`` array; the activation key is ``wp_generate_password( 32, false )``
  (``bp_core_signup_user()``, ``src/bp-members/bp-members-functions.php``), sent by
  ``bp_core_signup_send_validation_email()`` as ``key`` and inside ``activate.url``.
  Labels: ``core-user-registration`` (the key it asks to paste into the 'Activation Key'
  field); every other BuddyPress mail has no code (links only).
"""

from __future__ import annotations

import argparse
import base64
import gettext
import hashlib
import io
import json
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from collect import HERE

ROUND = HERE / "round30" / "wordpress.json"

SHIELD = "FernleafSystems/Shield-Security-for-WordPress"
SHIELD_COMMIT = "3cec57fff2f0e2fef550ab86dac56b7c2d753660"
SHIELD_LICENCE = "GPL-3.0-only"
SHIELD_SOURCE = "shield-security"

TSV = "pluginkollektiv/2-Step-Verification"
TSV_COMMIT = "4f0a5e17845470fbbe43c7f88f5c0c99b79d4fba"
TSV_LICENCE = "GPL-2.0-or-later"
TSV_SOURCE = "wp-2-step-verification"

BP = "buddypress/buddypress"
BP_COMMIT = "4af6c90c27f95c465235c7682345d0b4fe07c3f0"
BP_LICENCE = "GPL-2.0-or-later"
BP_SOURCE = "buddypress"
SITE = "https://www.example.org"
# bp_email_set_default_tokens() (src/bp-core/bp-core-filters.php): site name, URLs, recipient
BP_DEFAULT_TOKENS = {
    "site.admin-email": "webmaster@example.org",
    "site.url": SITE,
    "site.description": "Crews, regattas and the boathouse rota",
    "site.name": "Harbour Rowing Club",
    "email.preheader": "",
    "recipient.name": "",
}
BP_MAILS = [
    (
        "core-user-registration",
        {
            "activate.url": f"{SITE}/activate/Vq3LmZ8rTa0cWdN5yKpE2hXs7uBj4GfR/",
            "key": "Vq3LmZ8rTa0cWdN5yKpE2hXs7uBj4GfR",
            "user.email": "marta.k@mail.example",
            "user.id": "214",
        },
    ),
    (
        "core-user-registration-with-blog",
        {
            "activate-site.url": f"{SITE}/activate/?key=b7f3e0a19c2d4e58",
            "user-site.url": "https://lina.example.org/",
        },
    ),
    (
        "core-user-activation",
        {
            "profile.url": f"{SITE}/members/marta-k/",
            "lostpassword.url": f"{SITE}/wp-login.php?action=lostpassword",
        },
    ),
    (
        "activity-comment",
        {
            "poster.name": "Jonas Halvorsen",
            "usermessage": "Count me in for the 06:30 outing.",
            "thread.url": f"{SITE}/activity/p/1187/",
        },
    ),
    (
        "activity-comment-author",
        {
            "poster.name": "Dayo Okafor",
            "usermessage": "Same here, see you at the dock!",
            "thread.url": f"{SITE}/activity/p/1190/",
        },
    ),
    (
        "activity-at-message",
        {
            "poster.name": "Lina Weber",
            "usermessage": "@marta-k can you bring the spare riggers on Saturday?",
            "mentioned.url": f"{SITE}/activity/p/1203/",
        },
    ),
    (
        "groups-at-message",
        {
            "poster.name": "Jonas Halvorsen",
            "group.name": "Masters Squad",
            "usermessage": "@marta-k crew list for race 14 is up.",
            "mentioned.url": f"{SITE}/activity/p/1211/",
        },
    ),
    (
        "friends-request",
        {
            "initiator.name": "Dayo Okafor",
            "initiator.url": f"{SITE}/members/d-okafor/",
            "friend-requests.url": f"{SITE}/members/marta-k/friends/requests/?new",
        },
    ),
    (
        "friends-request-accepted",
        {"friend.name": "Lina Weber", "friendship.url": f"{SITE}/members/lina_w/"},
    ),
    (
        "groups-details-updated",
        {
            "group.name": "Masters Squad",
            "group.url": f"{SITE}/groups/masters-squad/",
            "changed_text": '* Description changed from "Tuesday crews" to "Tuesday and Thursday crews"',
        },
    ),
    (
        "groups-invitation",
        {
            "inviter.name": "Jonas Halvorsen",
            "inviter.url": f"{SITE}/members/jhalvorsen/",
            "group.name": "Regatta Volunteers",
            "group.url": f"{SITE}/groups/regatta-volunteers/",
            "invite.message": "We need two more marshals for 12 April.",
            "invites.url": f"{SITE}/members/marta-k/groups/invites/",
        },
    ),
    (
        "groups-member-promoted",
        {
            "promoted_to": "Group Mod",
            "group.name": "Masters Squad",
            "group.url": f"{SITE}/groups/masters-squad/",
        },
    ),
    (
        "groups-membership-request",
        {
            "requesting-user.name": "Dayo Okafor",
            "group.name": "Masters Squad",
            "request.message": "",
            "profile.url": f"{SITE}/members/d-okafor/",
            "group-requests.url": f"{SITE}/groups/masters-squad/admin/membership-requests/",
        },
    ),
    (
        "groups-membership-request-accepted",
        {"group.name": "Masters Squad", "group.url": f"{SITE}/groups/masters-squad/"},
    ),
    (
        "groups-membership-request-rejected",
        {"group.name": "Coaching Team", "group.url": f"{SITE}/groups/coaching-team/"},
    ),
    (
        "groups-membership-request-accepted-by-admin",
        {
            "group.name": "Regatta Volunteers",
            "group.url": f"{SITE}/groups/regatta-volunteers/",
            "leave-group.url": f"{SITE}/members/marta-k/groups/",
        },
    ),
    (
        "groups-membership-request-rejected-by-admin",
        {"group.name": "Coaching Team", "group.url": f"{SITE}/groups/coaching-team/"},
    ),
    (
        "messages-unread",
        {
            "sender.name": "Lina Weber",
            "usersubject": "Boathouse keys",
            "usermessage": "The key box code changed, ask me at the dock before you go out.",
            "message.url": f"{SITE}/members/marta-k/messages/view/88/",
        },
    ),
    (
        "settings-verify-email-change",
        {
            "user.email": "marta.k@newmail.example",
            "verify.url": f"{SITE}/members/marta-k/settings/?verify_email_change=3f9c0d2e71ab4c56",
        },
    ),
    (
        "bp-members-invitation",
        {
            "inviter.name": "Jonas Halvorsen",
            "inviter.url": f"{SITE}/members/jhalvorsen/",
            "usermessage": "Join us for the autumn head race season.",
            "invite.accept_url": f"{SITE}/register/?inv=57",
        },
    ),
    (
        "members-membership-request",
        {
            "requesting-user.user_login": "p.nowak",
            "manage.url": f"{SITE}/wp-admin/users.php?page=bp-signups&mod_req=1",
        },
    ),
    ("members-membership-request-rejected", {}),
]

LOCALES = [
    "en_US",
    "ar",
    "bg_BG",
    "bs_BA",
    "cs_CZ",
    "da_DK",
    "de_DE",
    "el_GR",
    "es_ES",
    "fa_IR",
    "fi",
    "fr_FR",
    "he_IL",
    "hi_IN",
    "hr_HR",
    "hu_HU",
    "id_ID",
    "it_IT",
    "ja",
    "ko_KR",
    "ms_MY",
    "nb_NO",
    "nl_NL",
    "pl_PL",
    "pt_PT",
    "ro_RO",
    "ru_RU",
    "sk_SK",
    "sr_RS",
    "sv_SE",
    "th_TH",
    "tr_TR",
    "uk_UA",
    "vi_VN",
    "zh_CN",
    "zh_HK",
    "zh_TW",
]
# languages shown once keep only their language subtag; Chinese keeps its region
KEEP_REGION = {"zh_CN", "zh_HK", "zh_TW"}

USERS = [
    ("marta.k", "marta.k@mail.example"),
    ("jhalvorsen", "j.halvorsen@mail.example"),
    ("d.okafor", "dayo.okafor@mail.example"),
    ("lina_w", "lina.w@mail.example"),
]

ITEMS: list[dict] = []

DRIVER = r"""<?php
// WordPress wp_mail() + Shield Security mail renders (collect_r30_wordpress.py): real Twig,
// real PHPMailer, Shield's own templates and ConvertHtmlToText; WordPress services stubbed.
error_reporting(E_ALL & ~E_DEPRECATED);
require '/usr/share/php/Twig/autoload.php';
require '/usr/share/php/libphp-phpmailer/autoload.php';
$root = $argv[1];
require $root . '/src/Utilities/Tool/ConvertHtmlToText.php';
use FernleafSystems\Wordpress\Plugin\Shield\Utilities\Tool\ConvertHtmlToText;

$TR = [];
function __($t, $d = null) { global $TR; return (isset($TR[$t]) && $TR[$t] !== '') ? $TR[$t] : $t; }
function esc_html__($t, $d = null) { return htmlspecialchars(__($t, $d), ENT_QUOTES, 'UTF-8', false); }

class FixedMailer extends PHPMailer\PHPMailer\PHPMailer {
    public $fixedId = '';
    protected function generateId() { return $this->fixedId; }
    public function raw() { return rtrim($this->mailHeader . $this->MIMEHeader, "\r\n") . "\r\n\r\n" . $this->MIMEBody; }
}

// wp_mail() of wp-includes/pluggable.php, PHPMailer's mail() transport
function wp_mail_raw(array $job, string $subject, string $message, string $ctype, string $fromName, ?string $alt) {
    $m = new FixedMailer(true);
    $m->fixedId = $job['id'];
    $m->Hostname = 'www.example.org';
    $m->MessageDate = $job['date'];
    $m->isMail();
    $m->setFrom('wordpress@example.org', $fromName, false);
    $m->addAddress($job['to'], '');
    $m->Subject = $subject;
    $m->Body = $message;
    $m->ContentType = $ctype;
    if ($ctype === 'text/html') { $m->isHTML(true); }
    $m->CharSet = 'UTF-8';
    if ($alt !== null && $alt !== '') { $m->AltBody = $alt; }
    $m->preSend();
    return $m->raw();
}

$twig = new \Twig\Environment(new \Twig\Loader\FilesystemLoader($root . '/templates/twig'),
    ['debug' => true, 'strict_variables' => true]);

function shield_footer($twig, array $job) {
    mt_srand($job['seed']);
    $goPro = [
        __('Go PRO For The Equivalent Of 1 Cappuccino Per Month &#9749;', 'wp-simple-firewall'),
        __('Go PRO For The Equivalent Of 1 Beer Per Month &#127866;', 'wp-simple-firewall'),
        __('Go PRO For The Equivalent Of 1 Glass Of Wine Per Month &#127863;', 'wp-simple-firewall'),
    ];
    $benefits = [
        __('The Easiest, Frustration-Free Pro-Upgrade Available Anywhere', 'wp-simple-firewall'),
        __('MainWP Integration', 'wp-simple-firewall'),
        __('Powerful, Auto-Learning Malware Scanner', 'wp-simple-firewall'),
        __('Plugin and Theme File Guard', 'wp-simple-firewall'),
        __('Vulnerability Scanner', 'wp-simple-firewall'),
        __('Traffic Rate Limiting', 'wp-simple-firewall'),
        __('WooCommerce Support', 'wp-simple-firewall'),
        __('Automatic Import/Export Sync Of Options Across Your WP Portfolio', 'wp-simple-firewall'),
        __('Powerful User Password Policies', 'wp-simple-firewall'),
        __('Exclusive Customer Support', 'wp-simple-firewall'),
        __('That Warm And Fuzzy Feeling That Comes From Supporting Future Development', 'wp-simple-firewall'),
    ];
    \shuffle($benefits);
    $name = 'Shield Security';
    $data = [
        'flags' => ['is_pro' => false, 'is_whitelabelled' => false,
                    'email_flags' => ['is_admin_email' => true]],
        'hrefs' => [
            'upgrade' => 'https://clk.shldscrty.com/buyshieldproemailfooter',
            'much_more' => 'https://clk.shldscrty.com/gp',
            'configure_recipient' => $job['home_url'] . '/wp-admin/admin.php?page=icwp-wpsf-plugin&nav=zone_components&nav_sub=reporting',
        ],
        'strings' => [
            'plugin_name' => $name,
            'benefits' => $benefits,
            'much_more' => __('And So Much More', 'wp-simple-firewall'),
            'upgrade' => $goPro[\array_rand($goPro)],
            'thanks_pro' => sprintf(__('Thank you for choosing %s.', 'wp-simple-firewall'), $name),
            'thanks_free' => sprintf(__('Thank you for choosing %s (Free).', 'wp-simple-firewall'), $name),
            'upgrade_heading_prefix' => __('Upgrade To', 'wp-simple-firewall'),
            'upgrade_heading_suffix' => __("today and these are just some of the added benefits you'll get:", 'wp-simple-firewall'),
            'sent_from' => sprintf(__('Email sent from the %1$s Plugin v%2$s, on %3$s.', 'wp-simple-firewall'), $name, '22.0.4', $job['home_url']),
            'delays' => __('Note: Any email delays or delivery issues are caused by website hosting and email providers.', 'wp-simple-firewall'),
            'time_sent' => sprintf(__('Time Sent: %s', 'wp-simple-firewall'), $job['timestamp']),
            'configure_recipient' => sprintf(__('Configure security email recipient (%s)', 'wp-simple-firewall'),
                sprintf(__('currently %s', 'wp-simple-firewall'), $job['report_email'])),
        ],
    ];
    return $twig->render('/email/footer.twig', $data);
}

function shield_mail($twig, array $job) {
    $footer = shield_footer($twig, $job);
    $data = [
        'strings' => ['plugin_name' => 'Shield Security'],
        'flags' => ['is_whitelabelled' => false, 'is_premium' => false],
        'header' => [__('Hi !', 'wp-simple-firewall'), ''],
        'footer' => [$footer],
        'imgs' => ['email_logo' => 'https://www.example.org/wp-content/plugins/wp-simple-firewall/assets/images/pluginlogo_banner-170x40.png?ver=22.0.4'],
        'vars' => ['lang' => $job['lang_attr']],
    ];
    if ($job['template'] === 'mfa-login-code') {
        $data['body'] = [
            'flags' => ['can_auto_login' => false],
            'vars' => ['code' => $job['otp']],
            'hrefs' => ['login_link' => 'https://clk.shldscrty.com/96', 'auto_login' => ''],
            'strings' => [
                'someone' => __('Someone attempted to login into this WordPress site using your account.', 'wp-simple-firewall'),
                'requires' => __('Login requires verification with the following code.', 'wp-simple-firewall'),
                'verification' => __('Verification Code', 'wp-simple-firewall'),
                'auto_login' => __('Autologin URL', 'wp-simple-firewall'),
                'details_heading' => __('Login Details', 'wp-simple-firewall'),
                'details_url' => sprintf('%s: %s', __('URL', 'wp-simple-firewall'), $job['home_url']),
                'details_username' => sprintf('%s: %s', __('Username', 'wp-simple-firewall'), $job['username']),
                'details_ip' => sprintf('%s: %s', __('IP Address', 'wp-simple-firewall'), $job['ip']),
            ],
        ];
        $tpl = '/email/lp_2fa_email_code.twig';
        $subject = __('Two-Factor Login Verification', 'wp-simple-firewall');
    } else {
        $data['body'] = [
            'hrefs' => ['home_url' => $job['home_url']],
            'strings' => [
                'login_occurred' => __('A successful login to your WordPress account has just occurred.', 'wp-simple-firewall'),
                'unexpected' => __('If this is unexpected or suspicious, please contact your site administrator immediately.', 'wp-simple-firewall'),
                'details_heading' => __('Details for this login are below:', 'wp-simple-firewall'),
                'details' => [
                    'details_url' => sprintf('%s: %s', __('Site URL', 'wp-simple-firewall'), $job['home_url']),
                    'details_username' => sprintf('%s: %s', __('Username', 'wp-simple-firewall'), $job['username']),
                    'details_ip' => sprintf('%s: %s', __('IP Address', 'wp-simple-firewall'), $job['ip']),
                    'details_time' => sprintf('%s: %s', __('Time', 'wp-simple-firewall'), $job['timestamp']),
                ],
            ],
        ];
        $tpl = '/email/user_login_notice.twig';
        $subject = sprintf('%s - %s', __('Notice', 'wp-simple-firewall'), __('A login to your WordPress account just occurred', 'wp-simple-firewall'));
    }
    $html = $twig->render($tpl, $data);
    // EmailVO::buildSubject: site name (html_entity_decode), then the subject
    $subject = implode(' ', array_filter([html_entity_decode($job['site_name'], ENT_QUOTES), $subject]));
    $alt = (new ConvertHtmlToText())->run($html);
    return wp_mail_raw($job, $subject, $html, 'text/html', 'WordPress - Shield Security', $alt);
}

function apply_filters($tag, $value) { return $value; }

// bp_core_replace_tokens_in_text() of src/bp-core/bp-core-functions.php, esc_html() as WordPress's
function bp_replace_tokens(string $text, array $tokens) {
    $unescaped = []; $escaped = [];
    foreach ($tokens as $token => $value) {
        $unescaped['{{{' . $token . '}}}'] = $value;
        $escaped['{{' . $token . '}}'] = htmlspecialchars($value, ENT_QUOTES, 'UTF-8', false);
    }
    return strtr(strtr($text, $unescaped), $escaped);
}

$bp_schema = null;
if (isset($argv[2])) {
    // bp_email_get_schema() as it is in the file (it only calls __() and apply_filters())
    $src = file_get_contents($argv[2]);
    $start = strpos($src, 'function bp_email_get_schema() {');
    $end = strpos($src, "\n}\n", $start);
    eval(substr($src, $start, $end - $start + 2));
    $bp_schema = bp_email_get_schema();
}

$jobs = json_decode(stream_get_contents(STDIN), true);
$out = [];
foreach ($jobs as $job) {
    $TR = $job['tr'] ?? [];
    if ($job['kind'] === 'shield') {
        $out[] = base64_encode(shield_mail($twig, $job));
    } elseif ($job['kind'] === 'bp') {
        // bp_send_email()'s wp_mail() branch: subject and post_excerpt with tokens replaced
        $e = $bp_schema[$job['type']];
        $out[] = base64_encode(wp_mail_raw($job, bp_replace_tokens($e['post_title'], $job['tokens']),
            bp_replace_tokens($e['post_excerpt'], $job['tokens']), 'text/plain', 'WordPress', null));
    } else {
        $out[] = base64_encode(wp_mail_raw($job, esc_html__('Your security code', '2-Step-Verification'),
            $job['token'], 'text/plain', 'WordPress', null));
    }
}
echo json_encode($out);
"""


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), *args], capture_output=True, check=True
    ).stdout


def _catalogue(repo: Path, locale: str) -> dict[str, str]:
    """The singular entries of Shield's compiled catalogue for a locale (empty for English)."""
    if locale == "en_US":
        return {}
    blob = _git(repo, "show", f"{SHIELD_COMMIT}:languages/wp-simple-firewall-{locale}.mo")
    cat = gettext.GNUTranslations(io.BytesIO(blob))._catalog
    return {k: v for k, v in cat.items() if isinstance(k, str) and k and "\x04" not in k}


def _lang(locale: str) -> str:
    return locale.replace("_", "-") if locale in KEEP_REGION else locale.split("_")[0]


def _otp(n: int) -> str:
    """Six digits, as ``PasswordGenerator::Gen( 6, true, false, false )`` gives."""
    return str(int(hashlib.sha256(f"shield-otp-{n}".encode()).hexdigest(), 16) % 1000000).zfill(6)


def _sent(n: int) -> datetime:
    """When mail ``n`` is sent: from 2 March 2026 09:05 UTC, one every 11 minutes."""
    return datetime(2026, 3, 2, 9, 5, 17, tzinfo=UTC) + timedelta(minutes=11 * n)


def _date(n: int) -> str:
    t = _sent(n)
    return f"{t:%a}, {t.day} {t:%b %Y %H:%M:%S} +0000"


def _run(repo: Path, bp_repo: Path, jobs: list[dict]) -> list[bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "shield"
        tar = _git(
            repo,
            "archive",
            SHIELD_COMMIT,
            "templates/twig/email",
            "src/Utilities/Tool/ConvertHtmlToText.php",
        )
        with tarfile.open(fileobj=io.BytesIO(tar)) as t:
            t.extractall(root, filter="data")
        (Path(tmp) / "driver.php").write_text(DRIVER)
        bp_file = Path(tmp) / "bp-core-functions.php"
        bp_file.write_bytes(_git(bp_repo, "show", f"{BP_COMMIT}:src/bp-core/bp-core-functions.php"))
        out = subprocess.run(["php", str(Path(tmp) / "driver.php"), str(root), str(bp_file)],
                             input=json.dumps(jobs).encode(), capture_output=True, check=True).stdout  # fmt: skip
    return [base64.b64decode(x) for x in json.loads(out)]


def _item(
    raw,
    ident,
    group,
    source,
    lang,
    kind,
    code,
    repository,
    path,
    commit,
    licence,
    rendered,
    note=None,
):
    dest = HERE / "mail" / source / f"{ident}.eml"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(raw)
    item = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": f"mail/{source}/{ident}.eml",
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


def collect(mirrors: Path) -> None:
    shield_repo = mirrors / "FernleafSystems+Shield-Security-for-WordPress" / "repo"
    tsv_repo = mirrors / "pluginkollektiv+2-Step-Verification" / "repo"
    bp_repo = mirrors / "buddypress+buddypress" / "repo"
    jobs: list[dict] = []
    meta: list[tuple] = []
    n = 0
    for locale in LOCALES:
        tr = _catalogue(shield_repo, locale)
        for template in ("mfa-login-code", "login-notice"):
            user, email = USERS[n % len(USERS)]
            ident = f"{SHIELD_SOURCE}-{template}-{_lang(locale).lower()}"
            otp = _otp(n) if template == "mfa-login-code" else None
            jobs.append({
                "kind": "shield", "template": template, "id": hashlib.md5(ident.encode()).hexdigest(),
                "date": _date(n), "to": email, "tr": tr, "seed": 3000 + n, "otp": otp or "",
                "username": user, "ip": f"203.0.113.{17 + n}", "home_url": "https://www.example.org",
                "site_name": "Harbour Rowing Club", "report_email": "webmaster@example.org",
                "timestamp": f"{_sent(n):%Y-%m-%d %H:%M}",
                "lang_attr": locale.replace("_", "-"),
            })  # fmt: skip
            tpl = "lp_2fa_email_code.twig" if otp else "user_login_notice.twig"
            meta.append((ident, f"{SHIELD_SOURCE}-{template}", SHIELD_SOURCE, _lang(locale),
                         "saas-otp" if otp else "notice", otp, SHIELD, f"templates/twig/email/{tpl}",
                         SHIELD_COMMIT, SHIELD_LICENCE,
                         f"php: Twig 3.5.1 (Shield's templates, languages/wp-simple-firewall-{locale}.mo) "
                         "+ Shield ConvertHtmlToText + wp_mail() on PHPMailer 6.6.3"))  # fmt: skip
            n += 1
    # 2-Step Verification: wp_generate_password( 5, false ) -> five of a-zA-Z0-9
    token = "Tq7hW"
    ident = f"{TSV_SOURCE}-security-code-en"
    jobs.append({"kind": "tsv", "id": hashlib.md5(ident.encode()).hexdigest(), "date": _date(n),
                 "to": "marta.k@mail.example", "token": token, "tr": {}})  # fmt: skip
    meta.append((ident, f"{TSV_SOURCE}-security-code", TSV_SOURCE, "en", "saas-otp", token, TSV,
                 "inc/auth.class.php", TSV_COMMIT, TSV_LICENCE, "php: wp_mail() on PHPMailer 6.6.3 (text/plain)",
                 "The whole body is the five-character security code the login form asks for "
                 "(inc/auth.class.php: wp_mail( $user_email, 'Your security code', $token )."))  # fmt: skip
    src = _git(tsv_repo, "show", f"{TSV_COMMIT}:inc/auth.class.php").decode()
    assert "wp_generate_password(5, false)" in src and "esc_html__('Your security code'" in src
    n += 1
    for bp_type, tokens in BP_MAILS:
        ident = f"{BP_SOURCE}-{bp_type}-en"
        user, email = USERS[n % len(USERS)]
        email = tokens.get("user.email", email) if bp_type == "core-user-registration" else email
        toks = {**BP_DEFAULT_TOKENS, "recipient.email": email, "recipient.username": user, **tokens}
        jobs.append({"kind": "bp", "type": bp_type, "id": hashlib.md5(ident.encode()).hexdigest(),
                     "date": _date(n), "to": email, "tokens": toks, "tr": {}})  # fmt: skip
        code = tokens.get("key")
        note = None
        if code:
            note = ("The mail asks to copy and paste the key into the 'Activation Key' field "
                    "(the activation link carries it too); the key is wp_generate_password( 32, false ) "
                    "in bp_core_signup_user(), src/bp-members/bp-members-functions.php.")  # fmt: skip
        meta.append((ident, f"{BP_SOURCE}-{bp_type}", BP_SOURCE, "en", "saas-otp" if code else "notice", code,
                     BP, "src/bp-core/bp-core-functions.php", BP_COMMIT, BP_LICENCE,
                     "php: bp_email_get_schema() post_excerpt + bp_core_replace_tokens_in_text, "
                     "bp_send_email()'s wp_mail() branch on PHPMailer 6.6.3 (text/plain)", note))  # fmt: skip
        n += 1
    raws = _run(shield_repo, bp_repo, jobs)
    for m, raw in zip(meta, raws, strict=True):
        _item(raw, *m)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    collect(args.mirrors)
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
