"""Round 24, media and personal apps (blind): the Castopod podcast host (premium-podcast
subscription mails, sign-in and activation codes), the Mealie recipe manager (password,
invitation and test notices) and Pingvin Share file sharing (invite with a generated
password, share notices), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_media.py \\
        --mirrors /work/.mirror

- ad-aures/castopod (AGPL-3.0-only, PHP/CodeIgniter 4 podcast hosting), commit CASTOPOD_COMMIT:
  ``modules/PremiumPodcasts/Controllers/SubscriptionController.php`` sends, when a podcast
  admin adds, re-tokens, edits, suspends, resumes or removes a premium subscriber, the views
  ``themes/cp_admin/subscription/email/{welcome,reset,edited,suspended,resumed,deleted}.php``
  (with the partials ``_credentials_list.php``, ``_how_to_use.php``, ``_footer.php``) in the
  podcast's language, subject ``lang('Subscription.emails.<name>_subject')``, through the
  CodeIgniter Email service with ``setMailType('html')``. Strings are
  ``modules/PremiumPodcasts/Language/<locale>/Subscription.php`` (``emails``); only the
  locales whose file really translates them are used (en, br, de, es, fr, gd, nl, nn-no, pl,
  sr-latn, sv, zh-hans; the other locale files carry the English text). The token is
  ``random_string('alnum', 8)`` (8 characters of 0-9a-zA-Z); the reader types it on the
  podcast's website to unlock premium episodes (``LockController``), so it is the code of
  the welcome and reset mails. The other four mails are notices.

  Rendering: the views and language files are run by the real PHP interpreter (``php`` on
  this machine, no intl extension) with small stand-ins for the CodeIgniter helpers they
  call: ``lang()`` looks the key up in the locale's file (English fallback, as CI4's
  Language does) and fills ``{name}`` placeholders by plain replacement (what ICU
  ``MessageFormatter`` does for these simple-argument messages: none has an apostrophe
  before a brace), ``$this->include()`` runs the partial with the same variables,
  ``url_to('podcast-episodes', handle)`` is ``https://podcasts.example.com/@handle``,
  ``base_url('', 'https')`` and ``current_domain()`` the example host. The subscription has
  no expiry date (``welcome_never_expires`` / ``edited_never_expires``) and no suspension
  reason, so no IntlDateFormatter is needed. CI4 Email sends an HTML mail as
  multipart/alternative with a text part from ``getAltMessage()``: ``strip_tags`` of the
  trimmed body, tabs removed, runs of 3-20 newlines to two, runs of spaces to one; its
  76-column ``wordWrap`` is not reproduced (lines are left unwrapped).

  Sign-in and activation codes: ``modules/Auth/Config/Auth.php`` enables the Shield actions
  ``Email2FA`` (login) and ``EmailActivator`` (register) and points their mail views at
  ``themes/cp_auth/emails/email_2fa_email.php`` and ``email_activate_email.php``. Those
  views use Shield's strings (``Auth.email2FAMailBody``, ``Auth.emailActivateMailBody``);
  the subjects are ``lang('Auth.email2FASubject')`` / ``lang('Auth.emailActivateSubject')``
  in Shield's action classes. The code is ``random_string('nozero', 6)`` (six digits 1-9).
  The mail goes out in the user's interface locale: the locales Castopod supports
  (``app/Config/App.php`` ``supportedLocales``) that Shield translates under the same name
  (en, de, es, fr, pl). As CI4's Language does, ``Auth`` is the merge of every
  ``Language/<locale>/Auth.php`` found (Castopod's ``modules/Auth/Language`` and Shield's
  ``src/Language``; they share none of the keys used here).
- codeigniter4/shield (MIT, CodeIgniter 4 auth library): Castopod's ``composer.lock`` pins
  v1.2.0 (2d1b2177a914dcd490f54a6706792eacabd9e3e8), which is not in the stored snapshot;
  the snapshot's newest commit SHIELD_COMMIT (October 2024) is used for
  ``src/Authentication/Actions/{Email2FA,EmailActivator}.php`` and
  ``src/Language/<locale>/Auth.php``.
- mealie-recipes/mealie (AGPL-3.0-only, Python recipe manager), commit MEALIE_COMMIT:
  ``mealie/services/email/email_service.py`` fills an ``EmailTemplate`` (subject,
  header_text, message_top, message_bottom, button_link, button_text) from
  ``mealie/lang/messages/<locale>.json`` (``emails.password``, ``emails.invitation``,
  ``emails.test``; looked up as ``mealie/pkgs/i18n/json_provider.py`` does, by dotted key)
  and renders ``mealie/services/email/templates/default.html`` with
  ``jinja2.Template(...).render(data=...)`` (no autoescape). ``email_senders.py`` sends
  multipart/alternative with ``html2text(html)`` as the text part and the HTML. jinja2 and
  html2text (2024.2.26, the version ``poetry.lock`` pins; jinja2 3.1.6 where the lock has
  3.1.4) are installed with pip into /tmp/r24pylib (``pip install --target``), since the
  venv has neither. Links: ``password_reset_service.py`` (``/reset-password/?token=``) and
  ``controller_invitations.py`` (``/register?token=``) under BASE_URL; the button of the
  test mail is BASE_URL. Locales whose catalogue translates all fifteen mail strings: en-US,
  de-DE, fr-FR, nl-NL, es-ES. All three mails are notices (the secrets are only in links).
- stonith404/pingvin-share (BSD-2-Clause, NestJS file sharing), commit PINGVIN_COMMIT:
  ``backend/src/email/email.service.ts`` takes subject and message from the config, whose
  defaults are ``backend/prisma/seed/config.seed.ts`` (``email.*Subject`` /
  ``email.*Message``; English only, the project ships no translations of them), replaces
  ``\\n`` and the ``{placeholder}``s with ``replaceAll`` in the order the service does, and
  sends one text/plain part through nodemailer from ``"<appName>" <smtp.email>``. The
  default strings are read from the seed file by a regular expression and decoded as the
  JavaScript string literals they are. Mails: share recipients (expiry
  ``moment(expiration).fromNow()`` = "in 7 days"), reverse share used, password reset
  (token only in the link: a notice) and the admin invite, whose password is
  ``crypto.randomUUID()`` (``backend/src/user/user.service.ts``): the reader types it to
  sign in, hyphens and all (five hyphenated groups).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

# pip install --target /tmp/r24pylib jinja2 html2text==2024.2.26
sys.path.insert(0, "/tmp/r24pylib")
import jinja2
from html2text import html2text

CASTOPOD = "ad-aures/castopod"
CASTOPOD_COMMIT = "bc041702dd8058ae8e1831b9609827c911a5a626"
SENT = datetime(2026, 12, 4, 9, 30, tzinfo=UTC)
LOCALES = {
    "en": "en",
    "br": "br",
    "de": "de",
    "es": "es",
    "fr": "fr",
    "gd": "gd",
    "nl": "nl",
    "nn-no": "nn",
    "pl": "pl",
    "sr-latn": "sr-Latn",
    "sv": "sv",
    "zh-hans": "zh-Hans",
}
MEALIE = "mealie-recipes/mealie"
MEALIE_COMMIT = "b5643a9399465d8b4ea339e7a6639df2d697741b"
MEALIE_LOCALES = ["en-US", "de-DE", "fr-FR", "nl-NL", "es-ES"]
MEALIE_BASE = "https://recipes.example.com"
MEALIE_MAILS = {
    "password": f"{MEALIE_BASE}/reset-password/?token=Xq4vR2mT9bLw7KpZ3nHc8sYd1fGj6aUe5oNi0rWtVyA",
    "invitation": f"{MEALIE_BASE}/register?token=Jm3Qe8RzT1vKc6NwPy4Lb9Ds2Hf7Ga5Uo0Xi",
    "test": MEALIE_BASE,
}
PINGVIN = "stonith404/pingvin-share"
PINGVIN_COMMIT = "4f9a502e40360a062ced981010566744e05a1c33"
PINGVIN_URL = "https://share.example.com"
PINGVIN_PASSWORD = "3f8c2a71-9d4e-4b6a-a0c5-7e21d9b4f086"
SUB_VIEWS = "themes/cp_admin/subscription/email"
SUB_LANG = "modules/PremiumPodcasts/Language/{locale}/Subscription.php"
AUTH_VIEWS = "themes/cp_auth/emails"
CP_AUTH_LANG = "modules/Auth/Language/{locale}/Auth.php"
SHIELD_COMMIT = "67266463bce68229692f82f78cbb374d844d5deb"
SHIELD_LANG = "src/Language/{locale}/Auth.php"
AUTH_LOCALES = {"en": "en", "de": "de", "es": "es", "fr": "fr", "pl": "pl"}
AUTH_TEMPLATES = ["email_2fa_email", "email_activate_email"]
AUTH_MAILS = [
    (
        "email_2fa_email",
        "Auth.email2FASubject",
        "src/Authentication/Actions/Email2FA.php",
    ),
    (
        "email_activate_email",
        "Auth.emailActivateSubject",
        "src/Authentication/Actions/EmailActivator.php",
    ),
]
TEMPLATES = ["welcome", "reset", "edited", "suspended", "resumed", "deleted"]
PARTIALS = ["_credentials_list", "_how_to_use", "_footer"]
ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

HARNESS = r"""<?php
$dir = $argv[1]; $locale = $argv[2]; $view = $argv[3]; $token = $argv[4];
$current_locale = $locale;
function castopod_lines($file, $locale) {
    global $dir;
    $found = glob("$dir/lang/$file/$locale/*.php");
    sort($found);
    $strings = [];
    foreach ($found as $path) { $strings[] = include $path; }
    return $strings === [] ? [] : array_replace_recursive(...$strings);
}
function lang($line, $args = [], $locale = null) {
    global $current_locale;
    $locale ??= $current_locale;
    [$file, $rest] = explode('.', $line, 2);
    $keys = explode('.', $rest);
    foreach ([$locale, 'en'] as $loc) {
        $value = castopod_lines($file, $loc);
        foreach ($keys as $key) {
            $value = is_array($value) && array_key_exists($key, $value) ? $value[$key] : null;
        }
        if ($value !== null) { break; }
    }
    $pairs = [];
    foreach ($args as $name => $arg) { $pairs['{' . $name . '}'] = $arg; }
    return $args === [] ? $value : strtr($value, $pairs);
}
function esc($s) { return htmlspecialchars($s, ENT_QUOTES, 'UTF-8'); }
function url_to($route, ...$params) { return 'https://podcasts.example.com/@' . $params[0]; }
function base_url($path = '', $scheme = null) { return 'https://podcasts.example.com/' . $path; }
function current_domain() { return 'podcasts.example.com'; }
class View {
    public function __construct(public array $data) {}
    public function render($name) {
        global $dir;
        extract($this->data);
        ob_start();
        include "$dir/views/" . basename($name) . ".php";
        return ob_get_clean();
    }
    public function include($name) { return $this->render($name); }
}
$podcast = (object) [
    'language_code' => $locale, 'title' => 'Night Shift Stories', 'handle' => 'nightshift',
    'feedUrl' => 'https://podcasts.example.com/@nightshift/feed.xml',
];
$subscription = (object) ['podcast' => $podcast, 'expires_at' => null, 'status_message' => null];
$v = new View(['subscription' => $subscription, 'token' => $token, 'code' => $token]);
if (str_starts_with($view, 'subject:')) {
    echo lang(substr($view, 8), json_decode($argv[5], true));
} else {
    echo $v->render($view);
}
"""


def _show(git_dir: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _php(args: list[str], stdin: str | None = None) -> str:
    return subprocess.run(
        ["php", *args], input=stdin, check=True, capture_output=True, text=True
    ).stdout


def token(seed: str) -> str:
    """8 characters of random_string('alnum', 8)'s alphabet, fixed per mail."""
    digest = hashlib.sha256(seed.encode()).digest()
    return "".join(ALNUM[b % len(ALNUM)] for b in digest[:8])


def nozero6(seed: str) -> str:
    """random_string('nozero', 6): six digits 1-9, fixed per mail."""
    digest = hashlib.sha256(seed.encode()).digest()
    return "".join("123456789"[b % 9] for b in digest[:6])


ALT_PHP = r"""<?php $b = stream_get_contents(STDIN);
if (preg_match('/\<body.*?\>(.*)\<\/body\>/si', $b, $m)) { $b = $m[1]; }
$b = str_replace("\t", '', preg_replace('#<!--(.*)--\>#', '', trim(strip_tags($b))));
for ($i = 20; $i >= 3; $i--) { $b = str_replace(str_repeat("\n", $i), "\n\n", $b); }
echo preg_replace('| +|', ' ', $b);
"""


class Castopod:
    """The harness over one temporary copy of the views and language files."""

    def __init__(self, work: Path, mirrors: Path) -> None:
        self.work = work
        git_dir = mirrors / "ad-aures+castopod" / "repo"
        shield = mirrors / "codeigniter4+shield" / "repo"
        (work / "views").mkdir(parents=True)
        (work / "harness.php").write_text(HARNESS)
        (work / "alt.php").write_text(ALT_PHP)
        for name in TEMPLATES + PARTIALS:
            src = _show(git_dir, CASTOPOD_COMMIT, f"{SUB_VIEWS}/{name}.php")
            (work / "views" / f"{name}.php").write_text(src)
        for name in AUTH_TEMPLATES:
            src = _show(git_dir, CASTOPOD_COMMIT, f"{AUTH_VIEWS}/{name}.php")
            (work / "views" / f"{name}.php").write_text(src)
        for locale in LOCALES:
            self._lang("Subscription", locale, "castopod", git_dir, CASTOPOD_COMMIT, SUB_LANG)
        for locale in AUTH_LOCALES:
            self._lang("Auth", locale, "castopod", git_dir, CASTOPOD_COMMIT, CP_AUTH_LANG)
            self._lang("Auth", locale, "shield", shield, SHIELD_COMMIT, SHIELD_LANG)

    def _lang(self, file, locale, tag, git_dir, commit, pattern) -> None:
        folder = self.work / "lang" / file / locale
        folder.mkdir(parents=True, exist_ok=True)
        src = _show(git_dir, commit, pattern.format(locale=locale))
        (folder / f"{tag}.php").write_text(src)

    def view(self, locale: str, name: str, code: str) -> str:
        return _php([str(self.work / "harness.php"), str(self.work), locale, name, code])

    def subject(self, locale: str, key: str, args: dict[str, str]) -> str:
        harness = str(self.work / "harness.php")
        return _php([harness, str(self.work), locale, f"subject:{key}", "", json.dumps(args)])

    def mail(self, locale: str, subject: str, html: str) -> bytes:
        text = _php([str(self.work / "alt.php")], stdin=html)
        return message(
            sender="Castopod <noreply@podcasts.example.com>",
            subject=subject,
            text=text,
            html_part=html,
            sent=SENT,
        )


def _item(mail_id, group, lang, kind, code, repository, paths, commit, licence, raw, note=None):
    item = {
        "id": mail_id,
        "group": group,
        "source": "castopod",
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": ", ".join(paths),
        "commit": commit,
        "licence": licence,
        "rendered": "view and language files run by php with stand-ins for lang()/include/url "
        "helpers; multipart text (CI4 getAltMessage, unwrapped) + html",
        "file": f"mail/castopod/{mail_id}.eml",
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    return item


def render(mirrors: Path) -> list[dict]:
    out = HERE / "mail" / "castopod"
    out.mkdir(parents=True, exist_ok=True)
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        cp = Castopod(Path(tmp), mirrors)
        for locale, lang in LOCALES.items():
            for name in TEMPLATES:
                mail_id = f"castopod-subscription-{name}-{lang.lower()}"
                code = token(mail_id) if name in ("welcome", "reset") else None
                html = cp.view(locale, name, code or "")
                args = {"podcastTitle": "Night Shift Stories"} if name == "welcome" else {}
                subject = cp.subject(locale, f"Subscription.emails.{name}_subject", args)
                raw = cp.mail(locale, subject, html)
                (out / f"{mail_id}.eml").write_bytes(raw)
                partials = [p for p in PARTIALS if code or p == "_footer"]
                paths = [
                    "modules/PremiumPodcasts/Controllers/SubscriptionController.php",
                    *(f"{SUB_VIEWS}/{v}.php" for v in [name, *partials]),
                    SUB_LANG.format(locale=locale),
                ]
                items.append(
                    _item(
                        mail_id,
                        f"castopod-subscription-{name}",
                        lang,
                        "other" if code else "notice",
                        code,
                        CASTOPOD,
                        paths,
                        CASTOPOD_COMMIT,
                        "AGPL-3.0-only",
                        raw,
                        "the token unlocks the podcast's premium episodes on its website"
                        if code
                        else None,
                    )
                )
        for locale, lang in AUTH_LOCALES.items():
            for name, key, shield_file in AUTH_MAILS:
                mail_id = f"castopod-{name.replace('_', '-')}-{lang.lower()}"
                code = nozero6(mail_id)
                html = cp.view(locale, name, code)
                subject = cp.subject(locale, key, {})
                raw = cp.mail(locale, subject, html)
                (out / f"{mail_id}.eml").write_bytes(raw)
                paths = [
                    f"{AUTH_VIEWS}/{name}.php",
                    "modules/Auth/Config/Auth.php",
                    CP_AUTH_LANG.format(locale=locale),
                ]
                items.append(
                    _item(
                        mail_id,
                        f"castopod-{name.replace('_', '-')}",
                        lang,
                        "saas-otp",
                        code,
                        CASTOPOD,
                        paths,
                        CASTOPOD_COMMIT,
                        "AGPL-3.0-only",
                        raw,
                        f"strings and subject from codeigniter4/shield (MIT) {SHIELD_COMMIT}: "
                        f"{shield_file}, {SHIELD_LANG.format(locale=locale)}",
                    )
                )
    return items


def render_mealie(mirrors: Path) -> list[dict]:
    git_dir = mirrors / "mealie-recipes+mealie" / "repo"
    template = _show(git_dir, MEALIE_COMMIT, "mealie/services/email/templates/default.html")
    out = HERE / "mail" / "mealie"
    out.mkdir(parents=True, exist_ok=True)
    items = []
    for locale in MEALIE_LOCALES:
        catalogue = json.loads(_show(git_dir, MEALIE_COMMIT, f"mealie/lang/messages/{locale}.json"))
        for name, link in MEALIE_MAILS.items():
            strings = catalogue["emails"][name]
            data = {
                "subject": strings["subject"],
                "header_text": strings["header_text"],
                "message_top": strings["message_top"],
                "message_bottom": strings["message_bottom"],
                "button_link": link,
                "button_text": strings["button_text"],
            }
            html = jinja2.Template(template).render(data=data)
            raw = message(
                sender="Mealie <mealie@recipes.example.com>",
                subject=data["subject"],
                text=html2text(html),
                html_part=html,
                sent=SENT,
            )
            mail_id = f"mealie-{name}-{locale.lower()}"
            (out / f"{mail_id}.eml").write_bytes(raw)
            items.append(
                {
                    "id": mail_id,
                    "group": f"mealie-{name}",
                    "source": "mealie",
                    "lang": locale,
                    "kind": "notice",
                    "code": None,
                    "repository": MEALIE,
                    "path": ", ".join(
                        [
                            "mealie/services/email/email_service.py",
                            "mealie/services/email/email_senders.py",
                            "mealie/services/email/templates/default.html",
                            f"mealie/lang/messages/{locale}.json",
                        ]
                    ),
                    "commit": MEALIE_COMMIT,
                    "licence": "AGPL-3.0-only",
                    "rendered": "jinja2 Template over default.html with the locale's emails.* "
                    "strings; multipart html2text text + html",
                    "file": f"mail/mealie/{mail_id}.eml",
                    "sha256": hashlib.sha256(raw).hexdigest(),
                }
            )
    return items


def _js_string(literal: str) -> str:
    """A JavaScript string literal (double or single quotes, simple escapes) as text."""
    body = literal[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)


def _seed_default(seed: str, key: str) -> str:
    match = re.search(
        key + r""": \{\s*type: "\w+",\s*defaultValue:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""",
        seed,
    )
    return _js_string(match[1])


def render_pingvin(mirrors: Path) -> list[dict]:
    git_dir = mirrors / "stonith404+pingvin-share" / "repo"
    seed = _show(git_dir, PINGVIN_COMMIT, "backend/prisma/seed/config.seed.ts")
    app_name = _seed_default(seed, "appName")
    out = HERE / "mail" / "pingvin"
    out.mkdir(parents=True, exist_ok=True)
    share_url = f"{PINGVIN_URL}/s/lake-trip-photos"
    mails = {
        "share-recipients": (
            "shareRecipients",
            [
                ("\\n", "\n"),
                ("{creator}", "maria"),
                ("{creatorEmail}", "maria.lindqvist@example.com"),
                ("{shareUrl}", share_url),
                ("{desc}", "Photos from the lake weekend, full resolution"),
                ("{expires}", "in 7 days"),
            ],
            None,
            "backend/src/share/share.service.ts",
        ),
        "reverse-share": (
            "reverseShare",
            [("\\n", "\n"), ("{shareUrl}", share_url)],
            None,
            "backend/src/share/share.service.ts",
        ),
        "reset-password": (
            "resetPassword",
            [
                ("\\n", "\n"),
                ("{url}", f"{PINGVIN_URL}/auth/resetPassword/c1e5a7d2-4b83-4f0e-9a6d-52b8e3f1c7a9"),
            ],
            None,
            "backend/src/auth/auth.service.ts",
        ),
        "invite": (
            "invite",
            [
                ("{url}", f"{PINGVIN_URL}/auth/signIn"),
                ("{password}", PINGVIN_PASSWORD),
                ("{email}", "noor.tester@example.com"),
            ],
            PINGVIN_PASSWORD,
            "backend/src/user/user.service.ts",
        ),
    }
    items = []
    for name, (key, replacements, code, caller) in mails.items():
        text = _seed_default(seed, f"{key}Message")
        for old, new in replacements:
            text = text.replace(old, new)
        raw = message(
            sender=f'"{app_name}" <share@share.example.com>',
            subject=_seed_default(seed, f"{key}Subject"),
            text=text,
            html_part=None,
            sent=SENT,
        )
        mail_id = f"pingvin-{name}-en"
        (out / f"{mail_id}.eml").write_bytes(raw)
        item = {
            "id": mail_id,
            "group": f"pingvin-{name}",
            "source": "pingvin",
            "lang": "en",
            "kind": "saas-otp" if code else "notice",
            "code": code,
            "repository": PINGVIN,
            "path": ", ".join(
                ["backend/src/email/email.service.ts", "backend/prisma/seed/config.seed.ts", caller]
            ),
            "commit": PINGVIN_COMMIT,
            "licence": "BSD-2-Clause",
            "rendered": "seed default subject and message, replaceAll of the placeholders as "
            "email.service.ts does; one text/plain part (nodemailer)",
            "file": f"mail/pingvin/{mail_id}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if code:
            item["note"] = "generated password is crypto.randomUUID(); typed with its hyphens"
        items.append(item)
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    items = render(args.mirrors) + render_mealie(args.mirrors) + render_pingvin(args.mirrors)
    (HERE / "round24").mkdir(exist_ok=True)
    (HERE / "round24" / "media.json").write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n"
    )
    print(len(items), "mails,", sum(i["code"] is not None for i in items), "with a code")


if __name__ == "__main__":
    main()
