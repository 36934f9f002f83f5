"""Round 24, media and personal apps (blind): premium-podcast subscription mails of the
Castopod podcast host, rendered from a git snapshot at a pinned commit.

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
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

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
TEMPLATES = ["welcome", "reset", "edited", "suspended", "resumed", "deleted"]
PARTIALS = ["_credentials_list", "_how_to_use", "_footer"]
ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

HARNESS = r"""<?php
$dir = $argv[1]; $locale = $argv[2]; $view = $argv[3]; $token = $argv[4];
function castopod_lines($locale) {
    global $dir;
    $file = "$dir/lang/$locale.php";
    return is_file($file) ? (include $file) : [];
}
function lang($line, $args = [], $locale = null) {
    [$file, $rest] = explode('.', $line, 2);
    $keys = explode('.', $rest);
    foreach ([$locale, 'en'] as $loc) {
        $value = castopod_lines($loc);
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
        include "$dir/views/" . basename($name) . '.php';
        return ob_get_clean();
    }
    public function include($name) { return $this->render($name); }
}
$podcast = (object) [
    'language_code' => $locale, 'title' => 'Night Shift Stories', 'handle' => 'nightshift',
    'feedUrl' => 'https://podcasts.example.com/@nightshift/feed.xml',
];
$subscription = (object) ['podcast' => $podcast, 'expires_at' => null, 'status_message' => null];
$v = new View(['subscription' => $subscription, 'token' => $token]);
echo $v->render($view);
"""


def _show(git_dir: Path, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{CASTOPOD_COMMIT}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _php(args: list[str]) -> str:
    return subprocess.run(["php", *args], check=True, capture_output=True, text=True).stdout


def token(seed: str) -> str:
    """8 characters of random_string('alnum', 8)'s alphabet, fixed per mail."""
    digest = hashlib.sha256(seed.encode()).digest()
    return "".join(ALNUM[b % len(ALNUM)] for b in digest[:8])


def render(mirrors: Path) -> list[dict]:
    git_dir = mirrors / "ad-aures+castopod" / "repo"
    out = HERE / "mail" / "castopod"
    out.mkdir(parents=True, exist_ok=True)
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "views").mkdir()
        (work / "lang").mkdir()
        (work / "harness.php").write_text(HARNESS)
        (work / "alt.php").write_text(
            "<?php $b = stream_get_contents(STDIN);\n"
            "if (preg_match('/\\<body.*?\\>(.*)\\<\\/body\\>/si', $b, $m)) { $b = $m[1]; }\n"
            "$b = str_replace(\"\\t\", '', preg_replace('#<!--(.*)--\\>#', '', trim(strip_tags($b))));\n"
            "for ($i = 20; $i >= 3; $i--) { $b = str_replace(str_repeat(\"\\n\", $i), \"\\n\\n\", $b); }\n"
            "echo preg_replace('| +|', ' ', $b);\n"
        )
        for name in TEMPLATES + PARTIALS:
            src = _show(git_dir, f"themes/cp_admin/subscription/email/{name}.php")
            (work / "views" / f"{name}.php").write_text(src)
        for locale in LOCALES:
            src = _show(git_dir, f"modules/PremiumPodcasts/Language/{locale}/Subscription.php")
            (work / "lang" / f"{locale}.php").write_text(src)
        for locale, lang in LOCALES.items():
            for name in TEMPLATES:
                mail_id = f"castopod-subscription-{name}-{lang.lower()}"
                code = token(mail_id) if name in ("welcome", "reset") else None
                html = _php([str(work / "harness.php"), str(work), locale, name, code or ""])
                subject = _subject(work, locale, name)
                text = subprocess.run(
                    ["php", str(work / "alt.php")],
                    input=html,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                raw = message(
                    sender="Castopod <noreply@podcasts.example.com>",
                    subject=subject,
                    text=text,
                    html_part=html,
                    sent=SENT,
                )
                path = out / f"{mail_id}.eml"
                path.write_bytes(raw)
                items.append(
                    {
                        "id": mail_id,
                        "group": f"castopod-subscription-{name}",
                        "source": "castopod",
                        "lang": lang,
                        "kind": "notice",
                        "code": code,
                        "repository": CASTOPOD,
                        "path": ", ".join(
                            [
                                "modules/PremiumPodcasts/Controllers/SubscriptionController.php",
                                f"themes/cp_admin/subscription/email/{name}.php",
                                *(
                                    f"themes/cp_admin/subscription/email/{p}.php"
                                    for p in PARTIALS
                                    if name in ("welcome", "reset") or p == "_footer"
                                ),
                                f"modules/PremiumPodcasts/Language/{locale}/Subscription.php",
                            ]
                        ),
                        "commit": CASTOPOD_COMMIT,
                        "licence": "AGPL-3.0-only",
                        "rendered": "view and language files run by php with stand-ins for lang()/include/url helpers; "
                        "multipart text (CI4 getAltMessage, unwrapped) + html",
                        "file": f"mail/castopod/{mail_id}.eml",
                        "sha256": hashlib.sha256(raw).hexdigest(),
                    }
                )
    return items


def _subject(work: Path, locale: str, name: str) -> str:
    """The controller's setSubject(lang(...)), with the harness's lang()."""
    args = "['podcastTitle' => 'Night Shift Stories']" if name == "welcome" else "[]"
    code = (
        "$dir = $argv[1];"
        + HARNESS.split("$dir = $argv[1]; $locale = $argv[2]; $view = $argv[3]; $token = $argv[4];", 1)[1]
        .split("class View", 1)[0]
        .replace("<?php", "")
        + f"echo lang('Subscription.emails.{name}_subject', {args}, $argv[2]);"
    )
    return _php(["-r", code, "--", str(work), locale])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    items = render(args.mirrors)
    (HERE / "round24").mkdir(exist_ok=True)
    (HERE / "round24" / "media.json").write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n"
    )
    print(len(items), "mails,", sum(i["code"] is not None for i in items), "with a code")


if __name__ == "__main__":
    main()
