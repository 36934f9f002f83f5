"""Round 27, office (blind): Part-DB, the electronic-parts inventory system (its
password-reset mail, which gives a token to type, in thirteen languages), and Kanboard,
the Kanban project-management tool (its password-reset mail, link only, in sixteen
languages), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_office.py \\
        --mirrors /work/.mirror

- Part-DB/Part-DB-server (AGPL-3.0-or-later), commit PARTDB_COMMIT.
  ``src/Services/UserSystem/PasswordResetManager.php`` (``request``) makes the token
  with ``md5(random_bytes(32))`` (32 lower-case hex), sets the expiry to "+1 day" and
  sends a Symfony ``TemplatedEmail`` with subject ``trans('pw_reset.email.subject')``,
  html template ``templates/mail/pw_reset.html.twig`` (which extends
  ``templates/mail/base.html.twig``: the whole body goes through Twig's ``inky_to_html``
  and ``inline_css`` with ``assets/css/email/foundation-emails.css`` and
  ``email.css``) and context expiration_date, token, user, reset_url (route
  ``pw_reset_new_pw`` with user and token), reset_url_fallback (the same route without
  them). Symfony's BodyRenderer adds the text part from the HTML with
  league/html-to-markdown (``hard_break``, ``strip_tags``, ``remove_nodes: head
  style``; composer.lock has league/html-to-markdown 5.1.1), so the mail is text/plain +
  text/html. ``src/EventSubscriber/SetMailFromSubscriber.php`` sets From from
  EMAIL_SENDER_NAME / EMAIL_SENDER_EMAIL (the .env defaults "Part-DB Mailer",
  noreply@partdb.changeme; here on an example host). Strings come from
  ``translations/messages.<lang>.xlf``; the thirteen languages whose catalogue has the
  mail's keys (cs da de en es fr hu it ja ko pl ru zh) are rendered. Rendering: the real
  Twig with the real extensions, run by ``php`` (PHP_RENDER below) from Debian 12
  packages: ``apt-get install php-cli php-twig php-twig-inky-extra
  php-twig-cssinliner-extra php-twig-intl-extra php-symfony-twig-bridge
  php-symfony-translation php-symfony-config php-league-html-to-markdown php-intl
  php-mbstring php-xml`` (Twig 3.5.1, pinky 1.0.9, css-to-inline-styles 2.2.6, Symfony
  5.4 translation / twig-bridge, html-to-markdown 5.0; Part-DB pins newer versions of
  the same libraries, so whitespace or attribute order may differ slightly from a live
  instance). ``url('homepage')`` and ``settings_instance('customization')`` (default
  instanceName "Part-DB") are given as small Twig functions; the locale is set with
  ``Locale::setDefault`` as Symfony's locale listener does, so ``format_datetime``
  gives each language's medium date and time (Europe/Berlin). Label: the mail asks the
  reader, if the button fails, to open the fallback URL and enter the user name and the
  token shown, so the token is the code (it is also inside the button's link).
- kanboard/kanboard (MIT), commit KANBOARD_COMMIT.
  ``app/Controller/PasswordResetController.php`` (``sendEmail``) sends subject
  ``t('Password Reset for Kanboard')`` and body ``app/Template/password_reset/
  email.php`` rendered with the token of ``PasswordResetModel::create``
  (``Token::getToken()``: ``bin2hex(random_bytes(30))``, 60 hex). ``t()``
  (``app/Core/Translator.php``) takes the string from ``app/Locale/<locale>/
  translations.php`` (read here by ``php`` with ``include``), passes it through
  ``htmlspecialchars(..., ENT_QUOTES, 'UTF-8', false)`` and sprintf. The link is
  ``UrlHelper::to(..., true)``: application_url + ``?controller=PasswordResetController
  &action=change&token=...`` with ``&`` as separator (URL rewriting off, the default).
  ``app/Core/Mail/Transport/Mail.php`` sends it with SwiftMailer as one text/html part,
  From MAIL_FROM (default notifications@kanboard.local; here an example host) with the
  author name "Kanboard" (``Client::getAuthorName``, nobody logged in). The template
  is filled here in Python exactly as its PHP prints it. Notices: the token is only in
  the link.
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

SENT = datetime(2026, 12, 7, 9, 41, tzinfo=UTC)
OUT = HERE / "round27" / "office.json"

PARTDB = "Part-DB/Part-DB-server"
PARTDB_COMMIT = "1521c63c48b210a63bf27f79e8a763b379fa09cd"
PARTDB_FROM = "Part-DB Mailer <noreply@parts.example.org>"
PARTDB_BASE = "https://parts.example.org"
PARTDB_LANGS = ["cs", "da", "de", "en", "es", "fr", "hu", "it", "ja", "ko", "pl", "ru", "zh"]
# md5(random_bytes(32)): 32 lower-case hex digits, one per language
PARTDB_TOKENS = [
    "3f9c2a71e8b04d56a1c7e9f02b3d8a64",
    "a07d5be93c1f48e2906b7d4c15e8f3a2",
    "5e81c0f4d29a7b63e1f05c8a94d2b76e",
    "c4b29e07f1a85d36b0e7c92f41a6d583",
    "0d7f3a98e6c21b54f9a0e7d3c85b1f26",
    "e29a4c6d0b87f13e5a2d9c74b1f068e3",
    "78c1e5a0f3d96b24e8a7c01d5f93b46e",
    "b5f60e2d9a4c71838e0f5b2a6d94c17f",
    "1ac8d3f7e05b294c6a1e8d7f30b5c92d",
    "f63e0b9d27c4a158e9b3f06d4a72c1e8",
    "49d2a7e0c8f15b36d7e4a9c02f1b8e5a",
    "d80b3c5f1e9a2746c0d8f3b5e1a94c7b",
    "6e4f1a8c3d07b925e6f2c4a81d0b7e39",
]
PARTDB_EXPIRES = "2026-12-08T10:41:00+01:00"  # SENT + 1 day, Europe/Berlin

KANBOARD = "kanboard/kanboard"
KANBOARD_COMMIT = "2cba210dbad4e110d4efdec97d71a38b5df48dad"
KANBOARD_FROM = "Kanboard <notifications@board.example.com>"
KANBOARD_BASE = "https://board.example.com/"
KANBOARD_LOCALES = [
    "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "pl_PL",
    "ru_RU", "ja_JP", "zh_CN", "cs_CZ", "tr_TR", "sv_SE", "uk_UA", "ko_KR",
]  # fmt: skip
# bin2hex(random_bytes(30)): 60 lower-case hex digits
KANBOARD_TOKEN = "8e3d1f0a5c7b92e4d6f18a3c0b5e7d29f4a61c8e0d3b5f7a92c4e6d18b0f"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


# --- Part-DB -----------------------------------------------------------------------------

PHP_RENDER = r"""<?php
foreach (['Twig', 'Symfony/Bridge/Twig', 'Symfony/Component/Translation',
          'Symfony/Component/Config', 'Twig/Extra/Inky', 'Twig/Extra/CssInliner',
          'Twig/Extra/Intl', 'League/HTMLToMarkdown'] as $p) {
    require_once "/usr/share/php/$p/autoload.php";
}
[$_, $dir, $lang, $expires, $token, $base] = $argv;
date_default_timezone_set('Europe/Berlin');
\Locale::setDefault($lang);
$translator = new Symfony\Component\Translation\Translator($lang);
$translator->addLoader('xlf', new Symfony\Component\Translation\Loader\XliffFileLoader());
$translator->addResource('xlf', "$dir/translations/messages.$lang.xlf", $lang);
$loader = new Twig\Loader\FilesystemLoader("$dir/templates");
$loader->addPath("$dir/assets/css", 'css');
$twig = new Twig\Environment($loader, ['strict_variables' => true]);
$twig->addExtension(new Symfony\Bridge\Twig\Extension\TranslationExtension($translator));
$twig->addExtension(new Twig\Extra\Inky\InkyExtension());
$twig->addExtension(new Twig\Extra\CssInliner\CssInlinerExtension());
$twig->addExtension(new Twig\Extra\Intl\IntlExtension());
$twig->addFunction(new Twig\TwigFunction('url', fn ($name) => $base . '/'));
$twig->addFunction(new Twig\TwigFunction('settings_instance',
    fn ($name) => (object) ['instanceName' => 'Part-DB']));
$html = $twig->render('mail/pw_reset.html.twig', [
    'expiration_date' => new \DateTimeImmutable($expires),
    'token' => $token,
    'user' => ['fullName' => 'Noor Tester', 'name' => 'noor.tester'],
    'reset_url' => "$base/$lang/pw_reset/new_pw/noor.tester/$token",
    'reset_url_fallback' => "$base/$lang/pw_reset/new_pw",
]);
$converter = new League\HTMLToMarkdown\HtmlConverter(
    ['hard_break' => true, 'strip_tags' => true, 'remove_nodes' => 'head style']);
echo json_encode(['subject' => $translator->trans('pw_reset.email.subject'),
    'html' => $html, 'text' => $converter->convert($html)]);
"""

PARTDB_FILES = [
    "templates/mail/pw_reset.html.twig",
    "templates/mail/base.html.twig",
    "templates/vars.macro.twig",
    "assets/css/email/foundation-emails.css",
    "assets/css/email/email.css",
]


def partdb(mirrors: Path) -> list[tuple[dict, bytes]]:
    manager = git_show(
        mirrors, PARTDB, PARTDB_COMMIT, "src/Services/UserSystem/PasswordResetManager.php"
    ).decode()
    assert "$unencrypted_token = md5(random_bytes(32));" in manager
    assert "$mail->htmlTemplate('mail/pw_reset.html.twig');" in manager
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for path in PARTDB_FILES + [f"translations/messages.{lang}.xlf" for lang in PARTDB_LANGS]:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(git_show(mirrors, PARTDB, PARTDB_COMMIT, path))
        (root / "render.php").write_text(PHP_RENDER)
        for lang, token in zip(PARTDB_LANGS, PARTDB_TOKENS, strict=True):
            assert len(token) == 32 and int(token, 16) >= 0
            xlf = (root / f"translations/messages.{lang}.xlf").read_text()
            assert "email.pw_reset.token" in xlf
            done = subprocess.run(
                ["php", str(root / "render.php"), tmp, lang, PARTDB_EXPIRES, token, PARTDB_BASE],
                check=True,
                capture_output=True,
            )
            rendered = json.loads(done.stdout)
            assert token in rendered["text"]
            raw = message(
                sender=PARTDB_FROM,
                subject=rendered["subject"],
                text=rendered["text"],
                html_part=rendered["html"],
                sent=SENT,
            )
            meta = dict(
                id=f"partdb-password-reset-{lang}",
                source="partdb",
                lang=lang,
                kind="saas-otp",
                code=token,
                repository=PARTDB,
                path=", ".join(
                    [
                        *PARTDB_FILES,
                        f"translations/messages.{lang}.xlf",
                        "src/Services/UserSystem/PasswordResetManager.php",
                    ]
                ),
                commit=PARTDB_COMMIT,
                licence="AGPL-3.0-or-later",
                rendered="Twig with TranslationExtension, inky_to_html and inline_css by php; "
                "text part by league/html-to-markdown as Symfony's BodyRenderer; "
                "text/plain + text/html",
                note="the mail asks the reader to open the fallback page and enter the user "
                "name and the token (md5(random_bytes(32)), 32 hex) shown under 'Token'; the "
                "token is also in the button's link",
            )
            out.append((meta, raw))
    return out


# --- Kanboard ----------------------------------------------------------------------------

PHP_LOCALE = "echo json_encode(include $argv[1]);"


def kanboard_t(strings: dict, identifier: str) -> str:
    """``Translator::translate`` with no arguments: the translation (or the identifier)
    through ``htmlspecialchars(ENT_QUOTES, 'UTF-8', double_encode false)``, then sprintf
    (which only turns ``%%`` into ``%`` here)."""
    value = strings.get(identifier) or identifier
    assert "&" not in value and "%" not in value
    return (
        value.replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


def kanboard(mirrors: Path) -> list[tuple[dict, bytes]]:
    template_path = "app/Template/password_reset/email.php"
    template = git_show(mirrors, KANBOARD, KANBOARD_COMMIT, template_path).decode()
    expected = (
        "<p><?= t('To reset your password click on this link:') ?></p>\n\n"
        "<p><?= $this->url->to('PasswordResetController', 'change', array('token' => $token), "
        "'', true) ?></p>\n\n<hr>\nKanboard\n"
    )
    assert template == expected, template
    controller = git_show(
        mirrors, KANBOARD, KANBOARD_COMMIT, "app/Controller/PasswordResetController.php"
    ).decode()
    assert "t('Password Reset for Kanboard')," in controller
    token_src = git_show(mirrors, KANBOARD, KANBOARD_COMMIT, "app/Core/Security/Token.php")
    assert b"return bin2hex(random_bytes($length));" in token_src
    assert len(KANBOARD_TOKEN) == 60
    url = (
        KANBOARD_BASE + "?controller=PasswordResetController&action=change&token=" + KANBOARD_TOKEN
    )
    out = []
    for locale in KANBOARD_LOCALES:
        strings: dict = {}
        path = f"app/Locale/{locale}/translations.php"
        if locale != "en_US":  # English is the identifiers themselves (no catalogue)
            with tempfile.NamedTemporaryFile(suffix=".php") as f:
                f.write(git_show(mirrors, KANBOARD, KANBOARD_COMMIT, path))
                f.flush()
                done = subprocess.run(
                    ["php", "-r", PHP_LOCALE, f.name], check=True, capture_output=True
                )
            strings = json.loads(done.stdout)
            assert strings.get("To reset your password click on this link:"), locale
        body = (
            f"<p>{kanboard_t(strings, 'To reset your password click on this link:')}</p>\n\n"
            f"<p>{url}</p>\n\n<hr>\nKanboard\n"
        )
        subject = kanboard_t(strings, "Password Reset for Kanboard")
        raw = message(sender=KANBOARD_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        lang = locale.split("_")[0]
        meta = dict(
            id=f"kanboard-password-reset-{lang}",
            source="kanboard",
            lang=lang,
            kind="notice",
            code=None,
            repository=KANBOARD,
            path=f"{template_path}, app/Controller/PasswordResetController.php, "
            + ("" if locale == "en_US" else path + ", ")
            + "app/Core/Translator.php, app/Helper/UrlHelper.php, "
            "app/Core/Mail/Transport/Mail.php",
            commit=KANBOARD_COMMIT,
            licence="MIT",
            rendered="the PHP template filled as it prints (t() with htmlspecialchars, "
            "absolute query-string URL); SwiftMailer one text/html part",
            note="the reset token (60 hex) is only inside the link",
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (partdb, kanboard):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
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
