"""Round twelve (``search``): mails with one-time codes, and notices from the same senders,
found by searching public code for code-mail phrases in many languages.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r12_search.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
ppy+osu-web, vocdoni+saas-backend, tinode+chat, baserproject+basercms, DefGuard+defguard. Every file is read at the commit named below; templates that could only be
read with the search index's ``read_file`` are held inline below with their repo/path/commit.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- osu!web (ppy/osu-web, AGPL-3.0), the website of the rhythm game osu!: plain-text Laravel
  mailables (``->text(view)``), Blade views ``resources/views/emails/*.blade.php`` rendered
  by hand line by line as Blade does (``{{-- --}}`` comments dropped, their line break
  kept; ``@if``/``@foreach``/``@include`` lines vanish with their line break, as PHP eats
  the newline after ``?>``; echo line breaks kept), the strings of
  ``resources/lang/<locale>/mail.php`` (parsed as PHP arrays; ``osu_trans`` falls back to
  ``en`` for a missing key; ``:name`` replacements as Laravel's translator does).
  Session verification: ``MailState`` key = ``bin2hex(random_bytes(8 / 2))`` (8 hex
  characters), link key ``SignedRandomString::create(32)`` (base64url of 20+32 bytes).
  Password reset key: 8 hex characters too (``password_reset.key_length``). Negatives:
  store payment completed (``currency()`` = ``US$`` + number in the locale's format) and
  password-changed notice. ``app.url`` https://osu.ppy.sh.
- Vocdoni (vocdoni/saas-backend, AGPL-3.0), the back end of Vocdoni's voting platform: the
  ``assets/<file>_<lang>.{html,yaml}`` pairs of ``notifications/mailtemplates``; the HTML
  part is Go ``html/template`` (rendered with Jinja2 after a mechanical rewrite of the Go
  actions ``{{.X}}``, ``{{if}}``, ``{{else}}``, ``{{range}}``, ``{{end}}``; autoescape as
  html/template escapes these values), the text part and subject are ``text/template`` of the
  YAML ``subject``/``body``; multipart text+HTML as ``notifications/smtp`` sends. Census
  (CSP) sign-in code: ``gotp.NewDefaultHOTP(secret).At(0)`` (six digits); account
  verification and password reset: ``util.RandomHex(3)`` (six hex characters) plus a web-app
  link built by ``buildWebAppURL`` (webURL set to https://app.vocdoni.io). Negative: members
  import completed (``CompletedAt`` is ``time.Now()`` printed by Go, monotonic reading
  included).
- Tinode (tinode/chat, GPL-3.0), an instant-messaging server: the Go ``text/template`` files
  ``server/templ/email-validation-<lang>.templ`` and ``email-password-reset-<lang>.templ``
  (blocks ``subject``, ``body_html``, ``body_plain``), rendered with Jinja2 after a
  mechanical rewrite (``define`` -> macro, ``with`` -> if, ``{{-``/``-}}`` trim markers kept,
  as both engines trim the same way); no HTML escaping (text/template). Data as
  ``server/validate/email/validate.go`` passes it: ``Code`` six digits (code_length
  default 6, zero-padded), ``Token`` ``url.QueryEscape(base64(token))``, ``HostUrl``
  https://web.tinode.co/; the reset code comes from the ``code`` auth scheme (six digits),
  ``Scheme`` basic, ``Cred`` the e-mail, ``Login`` the user's login (translations whose
  link still uses ``{{.Token}}`` print ``<no value>``, as Go does for a missing key). Multipart text+HTML as
  ``send`` builds it.
- baserCMS (baserproject/basercms, MIT), a Japanese CMS: CakePHP text mails from the admin
  theme ``plugins/bc-admin-third/templates/email/text/*.php`` inside the app's text layout
  (``echo $this->fetch('content')``), filled by hand as PHP outputs them (a newline right
  after ``?>`` is eaten). Two-step login: ``TwoFactorAuthenticationMailer::sendCode``,
  subject 認証コードのお知らせ, code ``sprintf('%06d', mt_rand(0, 999999))``. Negative: admin
  password reissue mail (``PasswordRequestMailer::resetPassword``: URL with a 48-character
  ``Security::randomString`` key, time limit +1440 min as ``Y/m/d H:i``). From: the site's
  formal name and admin address. UTF-8 text only.
- Defguard (DefGuard/defguard, AGPL-3.0 outside ``src/enterprise``), a WireGuard VPN with
  MFA: the Tera templates ``crates/defguard_mail/templates/*.tera`` at commit dddb23b8 (the
  last one before they moved to MJML), rendered with Jinja2 after a mechanical rewrite
  (``macros::x`` -> ``macros.x``, ``{% endmacro name %}`` -> ``{% endmacro %}``; Tera does
  not autoescape templates whose names have no .html extension, so no escaping). Context as
  ``templates.rs`` builds it (``date_now`` ``%A, %B %d, %Y at %r``, ``ip_address``,
  ``device_type`` from ``get_user_agent_device``, ``application_version`` 2.0.0+<sha>,
  ``current_year``); subjects from ``defguard_core/src/handlers/mail.rs``. ``mail.rs`` sends a
  text part "PLAIN IS NOT AVAILABLE AT THE MOMENT." beside the HTML (the related logo images
  are left out here). Positive: e-mail MFA activation code (six digits, timeout
  ``humantime`` of 60 s = "1m"). Negatives: new device login, gateway disconnected.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round12" / "search.json"
SENT = datetime(2026, 12, 3, 9, 41, 7, tzinfo=UTC)
RNG = random.Random("r12-search")


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _hex(n: int) -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(n))


def _item(**kw: Any) -> dict[str, Any]:
    keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
            "licence", "rendered", "file", "sha256", "note"]  # fmt: skip
    return {k: kw[k] for k in keys if (k in kw and kw[k] is not None) or k == "code"}


# ---------------------------------------------------------------------------------------
# PHP array files (Laravel language files)

_PHP_TOKEN = re.compile(
    r"""\s+|//[^\n]*|/\*.*?\*/|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|=>|\[|\]|,|\(|\)|[A-Za-z_]+|<\?php|;""",
    re.S,
)


def _php_string(tok: str) -> str:
    body = tok[1:-1]
    if tok[0] == "'":
        return re.sub(r"\\([\\'])", r"\1", body)
    return re.sub(
        r"\\(.)",
        lambda m: {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "$": "$"}.get(
            m.group(1), "\\" + m.group(1)
        ),
        body,
    )


def php_array(src: str) -> dict[str, Any]:
    toks = [
        t for t in _PHP_TOKEN.findall(src) if t.strip() and not t.startswith(("//", "/*", "<?php"))
    ]
    pos = toks.index("return") + 1

    def value(i: int) -> tuple[Any, int]:
        t = toks[i]
        if t == "[":
            out: dict[str, Any] = {}
            i += 1
            while toks[i] != "]":
                key, i = value(i)
                assert toks[i] == "=>", toks[i - 3 : i + 3]
                val, i = value(i + 1)
                out[key] = val
                if toks[i] == ",":
                    i += 1
            return out, i + 1
        if t[0] in "'\"":
            return _php_string(t), i + 1
        raise ValueError(t)

    return value(pos)[0]


def _laravel_replace(line: str, repl: dict[str, str]) -> str:
    for key, val in sorted(repl.items(), key=lambda kv: -len(kv[0])):
        line = (
            line.replace(":" + key.upper(), val.upper())
            .replace(":" + key[0].upper() + key[1:], val[0].upper() + val[1:] if val else val)
            .replace(":" + key, val)
        )
    return line


# ---------------------------------------------------------------------------------------
# osu!web

OSU_REPO = "ppy/osu-web"
OSU_COMMIT = "3f5de518e87e9a9a3fb75334f691b548989edc6e"
OSU_URL = "https://osu.ppy.sh"
OSU_SENDER = "osu! <noreply@ppy.sh>"
OSU_VERIFY_LANGS = [("en", "Australia", "peppy_fan"), ("de", "Germany", "Taktgeber"),
                    ("fr", "France", "Mélodie_77"), ("es", "Spain", "ritmo_loco"),
                    ("ja", "Japan", "kuroneko_ryo"), ("ko", "South Korea", "bada_taiko"),
                    ("ru", "Russian Federation", "vasya_click"), ("pl", "Poland", "kasia.klik"),
                    ("pt-br", "Brazil", "bia_ritmo"), ("zh", "China", "xiaoyu_osu"),
                    ("tr", "Turkey", "ritim_efe"), ("nl", None, "dirkjan_tap")]  # fmt: skip
OSU_RESET_LANGS = [("en", "strafe_kid"), ("it", "ritmo_giulia"), ("uk", "oksana_tap")]
OSU_PWCHANGED_LANGS = [("en", "peppy_fan"), ("fr", "Mélodie_77"), ("ja", "kuroneko_ryo")]
OSU_STORE_LANGS = [("en", "strafe_kid"), ("de", "Taktgeber"), ("fr", "Mélodie_77")]


def _osu_signature(repo: Path) -> str:
    src = _show(repo, OSU_COMMIT, "resources/views/emails/_signature.blade.php")
    assert "{{ $GLOBALS['cfg']['app']['url'] }}" in src
    return "--\nosu! | " + OSU_URL + "\n"


def _osu_b64url(nbytes: int) -> str:
    raw = bytes(RNG.randrange(256) for _ in range(nbytes))
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def osu(repo: Path) -> list[dict[str, Any]]:
    en = php_array(_show(repo, OSU_COMMIT, "resources/lang/en/mail.php"))
    sig = _osu_signature(repo)
    items: list[dict[str, Any]] = []

    def tr(cat: dict[str, Any], key: str, **repl: str) -> str:
        node: Any = cat
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
            if node is None:
                break
        if not isinstance(node, str):  # osu_trans falls back to the fallback locale
            node = en
            for part in key.split("."):
                node = node[part]
        return _laravel_replace(node, repl)

    def add(
        ident: str,
        group: str,
        lang: str,
        kind: str,
        code: str | None,
        subject: str,
        text: str,
        path: str,
        rendered: str,
        note: str | None = None,
    ) -> None:
        rel, sha = _write(
            ident,
            "osu-web",
            message(sender=OSU_SENDER, subject=subject, text=text, html_part=None, sent=SENT),
        )
        items.append(
            _item(
                id=ident,
                group=group,
                source="osu-web",
                lang=lang,
                kind=kind,
                code=code,
                repository=OSU_REPO,
                path=path,
                commit=OSU_COMMIT,
                licence="AGPL-3.0",
                rendered=rendered,
                file=rel,
                sha256=sha,
                note=note,
            )
        )

    view = "resources/views/emails/user_verification.blade.php"
    assert "{{ $keys['main'] }}" in _show(repo, OSU_COMMIT, view)
    for lang, country, user in OSU_VERIFY_LANGS:
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        key = _hex(8)
        link = _osu_b64url(52)
        country_s = (
            country
            if country is not None
            else tr(cat, "user_verification.action_from.unknown_country")
        )
        text = (
            "\n"
            + tr(cat, "common.hello", user=html.escape(user))
            + "\n\n"
            + tr(cat, "user_verification.action_from._", country=country_s)
            + "\n\n"
            + tr(cat, "user_verification.code")
            + " "
            + key
            + "\n"
            + tr(cat, "user_verification.code_hint")
            + "\n\n"
            + tr(cat, "user_verification.link")
            + "\n\n"
            + f"{OSU_URL}/home/account/verify?key={link}"
            + "\n\n"
            + tr(cat, "user_verification.report")
            + "\n\n"
            + sig
        )
        add(
            f"osu-web-user-verification-{lang}",
            "osu-web-user-verification",
            lang,
            "other",
            key,
            tr(cat, "user_verification.subject"),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand (osu_trans strings of the locale, en fallback); text/plain only as the Mailable sends",
            note="8 lower-case hex characters (session verification key); the mail also has a verify link",
        )

    view = "resources/views/emails/password_reset.blade.php"
    assert "{{ $key }}" in _show(repo, OSU_COMMIT, view)
    for lang, user in OSU_RESET_LANGS:
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        key = _hex(8)
        text = (
            "\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "password_reset.requested")
            + "\n\n"
            + tr(cat, "password_reset.code")
            + " "
            + key
            + "\n\n"
            + tr(cat, "common.ignore")
            + "\n\n"
            + sig
        )
        add(
            f"osu-web-password-reset-{lang}",
            "osu-web-password-reset",
            lang,
            "other",
            key,
            tr(cat, "password_reset.subject"),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand (osu_trans strings, en fallback); text/plain only",
            note="8 hex characters to enter on the password reset form",
        )

    view = "resources/views/emails/user_password_updated.blade.php"
    _show(repo, OSU_COMMIT, view)
    for lang, user in OSU_PWCHANGED_LANGS:
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        text = (
            "\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "user_password_updated.confirmation")
            + "\n\n"
            + tr(cat, "common.report")
            + "\n\n"
            + sig
        )
        add(
            f"osu-web-password-updated-{lang}",
            "osu-web-password-updated",
            lang,
            "notice",
            None,
            tr(cat, "user_password_updated.subject"),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand (osu_trans strings, en fallback); text/plain only",
        )

    view = "resources/views/emails/user_email_updated.blade.php"
    _show(repo, OSU_COMMIT, view)
    for lang, user, email in (
        ("en", "strafe_kid", "strafe.kid+osu@example.net"),
        ("ko", "bada_taiko", "bada.taiko@example.kr"),
        ("es", "ritmo_loco", "ritmo.loco@example.es"),
    ):
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        text = (
            "\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "user_email_updated.changed_to", email=email)
            + "\n"
            + tr(cat, "user_email_updated.sent")
            + "\n"
            + tr(cat, "user_email_updated.check")
            + "\n\n"
            + tr(cat, "common.report")
            + "\n\n"
            + sig
        )
        add(
            f"osu-web-email-updated-{lang}",
            "osu-web-email-updated",
            lang,
            "notice",
            None,
            tr(cat, "user_email_updated.subject"),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand (osu_trans strings, en fallback); text/plain only",
        )

    view = "resources/views/emails/forum/new_reply.blade.php"
    _show(repo, OSU_COMMIT, view)
    for lang, user, title in (
        ("en", "peppy_fan", "[Mapping] Timing help for 174 BPM song with 3/4 section"),
        ("de", "Taktgeber", "Turnier: osu! Deutschland Cup 2026 – Anmeldung (Runde 2)"),
    ):
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        topic = 1900000 + RNG.randrange(99999)
        text = (
            "\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "forum_new_reply.new", title=title)
            + "\n\n"
            + tr(cat, "forum_new_reply.visit")
            + "\n"
            + f"{OSU_URL}/community/forums/topics/{topic}?start=unread\n\n"
            + tr(cat, "forum_new_reply.unwatch")
            + "\n"
            + f"{OSU_URL}/home/follows/forum_topic\n\n"
            + sig
        )
        add(
            f"osu-web-forum-new-reply-{lang}",
            "osu-web-forum-new-reply",
            lang,
            "notice",
            None,
            tr(cat, "forum_new_reply.subject", title=title),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand (osu_trans strings, en fallback); route URLs written out by hand; text/plain only",
            note="topic title with numbers and a topic id in the link; no code",
        )

    view = "resources/views/emails/user_force_reactivation.blade.php"
    _show(repo, OSU_COMMIT, view)
    for lang, user in (("en", "oldtimer_2009"), ("fr", "Mélodie_77")):
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))
        users_cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/users.php"))
        en_users = php_array(_show(repo, OSU_COMMIT, "resources/lang/en/users.php"))
        reason = (
            users_cat.get("force_reactivation", {}).get("reason", {}).get("inactive")
            or en_users["force_reactivation"]["reason"]["inactive"]
        )
        text = (
            "\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "user_force_reactivation.main")
            + "\n\n"
            + tr(cat, "user_force_reactivation.reason")
            + " "
            + reason
            + "\n\n"
            + tr(cat, "user_force_reactivation.perform_reset", url=f"{OSU_URL}/home/password-reset")
            + "\n\n"
            + sig
        )
        add(
            f"osu-web-force-reactivation-{lang}",
            "osu-web-force-reactivation",
            lang,
            "notice",
            None,
            tr(cat, "user_force_reactivation.subject"),
            text,
            f"{view}; resources/views/emails/_signature.blade.php; resources/lang/{lang}/mail.php; resources/lang/{lang}/users.php",
            "Blade text view filled by hand (osu_trans strings, en fallback), reason 'inactive'; text/plain only",
            note="asks for a new password via a link; no code",
        )

    view = "resources/views/emails/store/donation_thanks.blade.php"
    src = _show(repo, OSU_COMMIT, view)
    body = src.split("--}}", 1)[1].split("@if (app()->getLocale()", 1)[0]
    minutes = round(8 / 3141592 * 525949, 1)
    body = (
        body.replace("{{ $donor->username }}", "Taktgeber")
        .replace("{{ $continued ? 'continue to ': '' }}", "")
        .replace("{{ $isGift ? 'Your giftee(s)' : 'You' }}", "You")
        .replace(
            "{{ !$isGift ? ' for '.\\App\\Models\\SupporterTag::getDurationText($duration, 'en') : '' }}",
            " for 2 months",
        )
        .replace("{{ $minutes }}", f"{minutes:g}")
    )
    assert "{{" not in body, body
    en_cat = php_array(_show(repo, OSU_COMMIT, "resources/lang/en/mail.php"))
    add(
        "osu-web-donation-thanks-en",
        "osu-web-donation-thanks",
        "en",
        "invoice",
        None,
        tr(en_cat, "donation_thanks.subject"),
        body,
        view,
        "Blade text view filled by hand: first-time supporter, 2 months, US$8 (minutes = round(8 / running_cost 3141592 * 525949, 1)); locale en so the translated half is skipped",
        note="supporter tag purchase thank-you; numbers are a duration and minutes",
    )

    view = "resources/views/emails/store/payment_completed.blade.php"
    _show(repo, OSU_COMMIT, view)
    for lang, user in OSU_STORE_LANGS:
        cat = php_array(_show(repo, OSU_COMMIT, f"resources/lang/{lang}/mail.php"))

        def money(v: float) -> str:
            s = f"{v:,.2f}"
            if lang == "fr":  # noqa: B023
                s = s.replace(",", "\u202f").replace(".", ",")
            if lang == "de":  # noqa: B023
                s = s.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
            return "US$" + s

        lines = [("osu! mouse pad (Large)", 1, 18.0), ("osu! pin set (Series 3)", 2, 9.5)]
        shipping = 11.0
        total = sum(q * p for _, q, p in lines) + shipping
        order = 104000 + RNG.randrange(9999)
        text = (
            "\n\n"
            + tr(cat, "common.hello", user=user)
            + "\n\n"
            + tr(cat, "store_payment_completed.thank_you")
            + "\n\n"
        )
        for name, qty, price in lines:
            text += f"{qty} x {name} ({money(qty * price)})\n"
        text += "\n" + tr(cat, "store_payment_completed.shipping") + f" ({money(shipping)})\n"
        text += tr(cat, "store_payment_completed.total") + f" ({money(total)})\n\n"
        text += tr(cat, "store_payment_completed.prepare_shipping") + "\n"
        text += f"{OSU_URL}/store/invoice/{order}\n\n"
        text += tr(cat, "store_payment_completed.questions") + "\n\n"
        text += tr(cat, "common.closing") + "\nThe osu!store team\n"
        add(
            f"osu-web-store-payment-completed-{lang}",
            "osu-web-store-payment-completed",
            lang,
            "shop-order",
            None,
            tr(cat, "store_payment_completed.subject"),
            text,
            f"{view}; resources/lang/{lang}/mail.php",
            "Blade text view filled by hand: two items, shipping, total, invoice link; text/plain only",
            note=f"order {order} only in the invoice link",
        )
    return items


# ---------------------------------------------------------------------------------------
# Vocdoni

VOC_REPO = "vocdoni/saas-backend"
VOC_COMMIT = "fb835a15ba93289765d0ceafaf5754638bd3faeb"
VOC_WEB = "https://app.vocdoni.io"
VOC_SENDER = "Vocdoni <no-reply@vocdoni.example>"


def _go_to_jinja(src: str) -> str:
    stack: list[str] = []

    def act(m: re.Match[str]) -> str:
        a = m.group(1).strip()
        if a == "end":
            return "{% end" + stack.pop() + " %}"
        if a == "else":
            return "{% else %}"
        if a.startswith("if "):
            stack.append("if")
            cond = a[3:].strip()
            g = re.fullmatch(r"gt \.(\w+) (\d+)", cond)
            return "{% if " + (f"{g.group(1)} > {g.group(2)}" if g else cond.lstrip(".")) + " %}"
        if a.startswith("range "):
            stack.append("for")
            return "{% for _it in " + a[6:].strip().lstrip(".") + " %}"
        if a == ".":
            return "{{ _it }}"
        assert re.fullmatch(r"\.\w+", a), a
        return "{{ " + a[1:] + " }}"

    out = re.sub(r"\{\{(.*?)\}\}", act, src)
    assert not stack
    return out


def _voc_render(repo: Path, base: str, data: dict[str, Any]) -> tuple[str, str, str]:
    import jinja2
    import yaml

    html_src = _show(repo, VOC_COMMIT, f"assets/{base}.html")
    y = yaml.safe_load(_show(repo, VOC_COMMIT, f"assets/{base}.yaml"))
    env_h = jinja2.Environment(
        autoescape=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined
    )
    env_t = jinja2.Environment(
        autoescape=False, keep_trailing_newline=True, undefined=jinja2.StrictUndefined
    )
    html_part = env_h.from_string(_go_to_jinja(html_src)).render(**data)
    text = env_t.from_string(_go_to_jinja(y["body"])).render(**data)
    subject = env_t.from_string(_go_to_jinja(y["subject"])).render(**data)
    return subject, text, html_part


def _voc_link(path: str, params: dict[str, str]) -> str:
    from urllib.parse import quote_plus

    q = "&".join(
        f"{k}={quote_plus(v)}" for k, v in sorted(params.items())
    )  # url.Values.Encode sorts keys
    return f"{VOC_WEB}{path}?{q}" if q else f"{VOC_WEB}{path}"


def vocdoni(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []

    def add(
        ident: str,
        group: str,
        lang: str,
        kind: str,
        code: str | None,
        base: str,
        data: dict[str, Any],
        rendered: str,
        note: str | None = None,
    ) -> None:
        subject, text, html_part = _voc_render(repo, base, data)
        rel, sha = _write(
            ident,
            "vocdoni",
            message(sender=VOC_SENDER, subject=subject, text=text, html_part=html_part, sent=SENT),
        )
        items.append(
            _item(
                id=ident,
                group=group,
                source="vocdoni",
                lang=lang,
                kind=kind,
                code=code,
                repository=VOC_REPO,
                path=f"assets/{base}.html; assets/{base}.yaml; notifications/mailtemplates/templates.go",
                commit=VOC_COMMIT,
                licence="AGPL-3.0",
                rendered=rendered,
                file=rel,
                sha256=sha,
                note=note,
            )
        )

    orgs = {
        "en": ("Riverside Housing Co-op", ""),
        "es": ("Ayuntamiento de Villanueva del Río", "https://cdn.villanueva.example/logo.png"),
        "ca": ("Ajuntament de Sant Pere de Ribes", "https://media.santpere.example/escut.png"),
    }
    for lang in ("en", "es", "ca"):
        org, logo = orgs[lang]
        code = _digits(6)
        add(
            f"vocdoni-csp-otp-{lang}",
            "vocdoni-csp-otp",
            lang,
            "gov-otp",
            code,
            f"verification_code_otp_{lang}",
            {"Code": code, "Organization": org, "OrganizationLogo": logo, "ExpiryTime": "15m0s"},
            "Go html/template (via Jinja2) + text/template of the YAML; census sign-in (CSP) challenge"
            + (", no logo" if not logo else ""),
            note="six-digit HOTP code for signing in to vote",
        )
    for lang, email in (("en", "noor.tester@example.com"), ("ca", "noor.tester@example.com")):
        code = _hex(6)
        link = _voc_link("/account/verify", {"email": email, "code": code})
        add(
            f"vocdoni-verify-account-{lang}",
            "vocdoni-verify-account",
            lang,
            "saas-otp",
            code,
            f"verification_account_{lang}",
            {"Code": code, "Link": link},
            "Go html/template (via Jinja2) + text/template of the YAML; code and link",
            note="six hex characters (RandomHex(3)); also in the link",
        )
    code = _hex(6)
    link = _voc_link("/account/password/reset", {"email": "noor.tester@example.com", "code": code})
    add(
        "vocdoni-forgot-password-es",
        "vocdoni-forgot-password",
        "es",
        "saas-otp",
        code,
        "forgot_password_es",
        {"Code": code, "Link": link},
        "Go html/template (via Jinja2) + text/template of the YAML; code and link",
        note="six hex characters password reset code; also in the link",
    )
    for lang, org, user, total, added, errs in (
        (
            "en",
            "Riverside Housing Co-op",
            "Noor Tester",
            1284,
            1279,
            [
                "row 212: invalid phone number +34 600 12 34",
                "row 977: duplicate member number 004417",
            ],
        ),
        ("es", "Ayuntamiento de Villanueva del Río", "Noor", 356, 356, []),
    ):
        data = {
            "OrganizationName": org,
            "UserName": user,
            "Link": _voc_link("/admin/memberbase/", {}),
            "TotalMembers": total,
            "AddedMembers": added,
            "ErrorCount": len(errs),
            "Errors": errs,
            "CompletedAt": f"2026-12-03 09:41:0{len(errs)}.{_digits(9)} +0000 UTC m=+{_digits(5)}.{_digits(9)}",
        }
        add(
            f"vocdoni-members-import-done-{lang}",
            "vocdoni-members-import-done",
            lang,
            "notice",
            None,
            f"members_import_done_{lang}",
            data,
            "Go html/template (via Jinja2) + text/template of the YAML; import summary with counts",
            note="counts, row numbers, timestamp; no code",
        )
    tickets = [
        (
            "en",
            "Riverside Housing Co-op",
            "support",
            "Voters not receiving sign-in codes",
            "Since 08:15 today several members report that the verification code e-mail arrives 10-12 minutes late, "
            "after it has expired. Process 4ae20a8db6c8f3a2b5b1f0e61cbd07a1 (AGM 2026, 1,284 members in the census). "
            "Please call me at +44 20 7946 0321 if you need more details.",
        ),
        (
            "ca",
            "Ajuntament de Sant Pere de Ribes",
            "billing",
            "Factura 2026-0417 duplicada",
            "Hem rebut dues vegades la factura 2026-0417 de 1.250,00 EUR (pla Essential, 12 mesos). "
            "El nostre NIF és P0823100I. Podeu anul·lar-ne una?",
        ),
    ]
    for lang, org, ttype, title, desc in tickets:
        add(
            f"vocdoni-support-ticket-{lang}",
            "vocdoni-support-ticket",
            lang,
            "notice",
            None,
            f"support_{lang}",
            {
                "Type": ttype,
                "Organization": org,
                "Title": title,
                "Description": desc,
                "Email": "noor.tester@example.com",
            },
            "Go html/template (via Jinja2) + text/template of the YAML; support ticket copy the user gets in CC",
            note=(
                "ticket text talks about verification codes, a process id and a phone number but gives no code"
                if lang == "en"
                else "ticket text with an invoice number, amount and tax id; no code"
            ),
        )
    return items


# ---------------------------------------------------------------------------------------
# Tinode

TIN_REPO = "tinode/chat"
TIN_COMMIT = "22a7c18e9cd695e9a061bf1b8c84175196ef5a15"
TIN_HOST = "https://web.tinode.co/"
TIN_SENDER = "Tinode <noreply@tinode.example>"
TIN_VALID_LANGS = ["en", "es", "fr", "pt", "ru", "uk", "vi", "zh", "zh-TW"]
TIN_RESET_LANGS = [("en", "noor.t"), ("ru", "noor_t"), ("zh-TW", "noor2026")]


def _tinode_blocks(src: str) -> dict[str, str]:

    src = re.sub(r"\{\{-?\s*/\*.*?\*/\s*-?\}\}", "", src, flags=re.S)
    stack: list[str] = []

    def act(m: re.Match[str]) -> str:
        lt, a, rt = m.group(1), m.group(2).strip(), m.group(3)
        o, c = "{%" + lt, rt + "%}"
        if a == "end":
            kind = stack.pop()
            return o + (" endmacro " if kind == "macro" else " endif ") + c
        g = re.fullmatch(r'define "(\w+)"', a)
        if g:
            stack.append("macro")
            return o + f" macro {g.group(1)}() " + c
        g = re.fullmatch(r"with \.(\w+)", a)
        if g:
            stack.append("if")
            return o + f" if {g.group(1)} " + c + "{% set _it = " + g.group(1) + " %}"
        if a == ".":
            return "{{" + lt + " _it " + rt + "}}"
        assert re.fullmatch(r"\.\w+", a), a
        return "{{" + lt + " " + a[1:] + " " + rt + "}}"

    jsrc = re.sub(r"\{\{(-?)(.*?)(-?)\}\}", act, src, flags=re.S)
    assert not stack
    return {"src": jsrc}


def tinode(repo: Path) -> list[dict[str, Any]]:
    import jinja2

    items: list[dict[str, Any]] = []

    class NoValue(jinja2.Undefined):  # Go text/template prints a missing map key as "<no value>"
        def __str__(self) -> str:
            return "<no value>"

    env = jinja2.Environment(autoescape=False, keep_trailing_newline=True, undefined=NoValue)

    def render(path: str, data: dict[str, str]) -> tuple[str, str, str]:
        jsrc = _tinode_blocks(_show(repo, TIN_COMMIT, path))["src"]
        mod = env.from_string(jsrc).make_module(vars=data)
        return str(mod.subject()), str(mod.body_plain()), str(mod.body_html())

    def add(
        ident: str,
        group: str,
        lang: str,
        code: str,
        path: str,
        data: dict[str, str],
        rendered: str,
        note: str,
    ) -> None:
        subject, text, html_part = render(path, data)
        rel, sha = _write(
            ident,
            "tinode",
            message(sender=TIN_SENDER, subject=subject, text=text, html_part=html_part, sent=SENT),
        )
        items.append(
            _item(
                id=ident,
                group=group,
                source="tinode",
                lang=lang,
                kind="saas-otp",
                code=code,
                repository=TIN_REPO,
                path=f"{path}; server/validate/email/validate.go",
                commit=TIN_COMMIT,
                licence="GPL-3.0",
                rendered=rendered,
                file=rel,
                sha256=sha,
                note=note,
            )
        )

    from urllib.parse import quote_plus

    for lang in TIN_VALID_LANGS:
        code = _digits(6)
        token = quote_plus(base64.b64encode(bytes(RNG.randrange(256) for _ in range(50))).decode())
        add(
            f"tinode-email-validation-{lang.lower()}",
            "tinode-email-validation",
            lang,
            code,
            f"server/templ/email-validation-{lang}.templ",
            {"Code": code, "Token": token, "HostUrl": TIN_HOST},
            "Go text/template blocks subject/body_plain/body_html (via Jinja2); multipart text+HTML",
            "six-digit registration confirmation code; also inside the confirm link",
        )
    for lang, login in TIN_RESET_LANGS:
        code = _digits(6)
        add(
            f"tinode-password-reset-{lang.lower()}",
            "tinode-password-reset",
            lang,
            code,
            f"server/templ/email-password-reset-{lang}.templ",
            {
                "Code": code,
                "Scheme": "basic",
                "Cred": "noor.tester@example.com",
                "Login": login,
                "HostUrl": TIN_HOST,
            },
            "Go text/template blocks subject/body_plain/body_html (via Jinja2); multipart text+HTML",
            "six-digit reset code to enter if prompted; login name shown; "
            + (
                "code also inside the reset link"
                if lang == "en" or lang == "zh-TW"
                else "this translation's link uses {{.Token}}, which the server does not pass: Go prints token=<no value>"
            ),
        )
    return items


# ---------------------------------------------------------------------------------------
# baserCMS

BC_REPO = "baserproject/basercms"
BC_COMMIT = "4f5e846c170cd3ec23a4f869cf0dbf684a801f96"
BC_SITES = [
    ("株式会社みなと食品", "info@minato-foods.example", "https://www.minato-foods.example"),
    ("さくら市観光協会", "webmaster@sakura-kanko.example", "https://sakura-kanko.example"),
]


def basercms(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    tpl = _show(repo, BC_COMMIT, "plugins/bc-admin-third/templates/email/text/login_code.php")
    lines = ["ログイン用の認証コードを発行しました。", "以下のコードを入力してください。"]
    assert all(x in tpl for x in lines) and "<?php echo $code ?>" in tpl
    mailer = _show(
        repo, BC_COMMIT, "plugins/baser-core/src/Mailer/TwoFactorAuthenticationMailer.php"
    )
    assert "認証コードのお知らせ" in mailer
    for n, (name, addr, _url) in enumerate(BC_SITES):
        code = "%06d" % RNG.randrange(1000000)  # noqa: UP031
        text = "\n" + lines[0] + "\n" + lines[1] + "\n\n" + code
        ident = f"basercms-login-code-ja-{n + 1}"
        rel, sha = _write(
            ident,
            "basercms",
            message(
                sender=f"{name} <{addr}>",
                subject="認証コードのお知らせ",
                text=text,
                html_part=None,
                sent=SENT,
            ),
        )
        items.append(
            _item(
                id=ident,
                group="basercms-login-code",
                source="basercms",
                lang="ja",
                kind="saas-otp",
                code=code,
                repository=BC_REPO,
                path="plugins/bc-admin-third/templates/email/text/login_code.php; plugins/baser-core/src/Mailer/TwoFactorAuthenticationMailer.php; templates/layout/email/text/default.php",
                commit=BC_COMMIT,
                licence="MIT",
                rendered="PHP text template filled by hand (newline after ?> eaten); text/plain only",
                file=rel,
                sha256=sha,
                note="six digits, zero-padded, alone on the last line",
            )
        )
    tpl = _show(repo, BC_COMMIT, "plugins/bc-admin-third/templates/email/text/password_request.php")
    l1, l2 = (
        "パスワードの再発行手続きを受け付けました。",
        "下記のURLにアクセスし新しいパスワードを登録してください。",
    )
    assert l1 in tpl and l2 in tpl
    for n, (name, addr, url) in enumerate(BC_SITES):
        key = _hex(48)
        text = (
            f"\n2026-12-03 18:4{n}:07\u3000\n{l1}\n{l2}\n\n"
            f"URL: {url}/baser/admin/baser-core/password_requests/apply/{key}\n有効時間: 2026/12/04 18:4{n}\n"
        )
        ident = f"basercms-password-request-ja-{n + 1}"
        rel, sha = _write(
            ident,
            "basercms",
            message(
                sender=f"{name} <{addr}>",
                subject="パスワード再発行",
                text=text,
                html_part=None,
                sent=SENT,
            ),
        )
        items.append(
            _item(
                id=ident,
                group="basercms-password-request",
                source="basercms",
                lang="ja",
                kind="notice",
                code=None,
                repository=BC_REPO,
                path="plugins/bc-admin-third/templates/email/text/password_request.php; plugins/baser-core/src/Mailer/Admin/PasswordRequestMailer.php",
                commit=BC_COMMIT,
                licence="MIT",
                rendered="PHP text template filled by hand (date Y-m-d H:i:s in JST, URL, limit +1440 min); text/plain only",
                file=rel,
                sha256=sha,
                note="reset link with a 48-hex key, date and time limit; no code",
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# Defguard

DG_REPO = "DefGuard/defguard"
DG_COMMIT = "dddb23b8be1f6dd0b275e0424e744673b60a3234"
DG_T = "crates/defguard_mail/templates"
DG_SENDER = "Defguard <defguard@vpn.northwind.example>"
DG_PLAIN = "PLAIN IS NOT AVAILABLE AT THE MOMENT."


def _tera_to_jinja(src: str) -> str:
    src = re.sub(r"\{%\s*endmacro\s+\w+\s*%\}", "{% endmacro %}", src)
    return src.replace("macros::", "macros.")


def defguard(repo: Path) -> list[dict[str, Any]]:
    import jinja2

    names = [
        "base",
        "macros",
        "mail_email_mfa_activation",
        "mail_new_device_login",
        "mail_gateway_disconnected",
    ]
    loader = jinja2.DictLoader(
        {n: _tera_to_jinja(_show(repo, DG_COMMIT, f"{DG_T}/{n}.tera")) for n in names}
    )
    env = jinja2.Environment(
        loader=loader,
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    base_ctx = {
        "application_version": "2.0.0+" + DG_COMMIT[:7],
        "current_year": "2026",
        "date_now": "Thursday, December 03, 2026 at 09:41:07 AM",
        "ip_address": None,
        "device_type": None,
    }
    items: list[dict[str, Any]] = []

    def add(
        ident: str,
        group: str,
        kind: str,
        code: str | None,
        tpl: str,
        subject: str,
        ctx: dict[str, Any],
        rendered: str,
        note: str,
    ) -> None:
        html_part = env.get_template(tpl).render(**{**base_ctx, **ctx})
        rel, sha = _write(
            ident,
            "defguard",
            message(
                sender=DG_SENDER, subject=subject, text=DG_PLAIN, html_part=html_part, sent=SENT
            ),
        )
        items.append(
            _item(
                id=ident,
                group=group,
                source="defguard",
                lang="en",
                kind=kind,
                code=code,
                repository=DG_REPO,
                path=f"{DG_T}/{tpl}.tera; {DG_T}/base.tera; {DG_T}/macros.tera; crates/defguard_mail/src/templates.rs",
                commit=DG_COMMIT,
                licence="AGPL-3.0",
                rendered=rendered,
                file=rel,
                sha256=sha,
                note=note,
            )
        )

    for n, (name, ip, dev) in enumerate(
        (
            ("Noor", "203.0.113.47", "Mac, OS: Mac OS X 10.15.7, Firefox"),
            ("Jakub", "198.51.100.23", "unknown model, OS: Windows 10, Chrome"),
        )
    ):
        code = "%06d" % RNG.randrange(1000000)  # noqa: UP031
        add(
            f"defguard-email-mfa-activation-en-{n + 1}",
            "defguard-email-mfa-activation",
            "saas-otp",
            code,
            "mail_email_mfa_activation",
            "Defguard: Multi-Factor Authentication activation",
            {"code": code, "timeout": "1m", "name": name, "ip_address": ip, "device_type": dev},
            "Tera (via Jinja2) HTML with base/macros; session IP and device shown; text part is Defguard's placeholder",
            "six-digit code in bold inside a title cell; the text part has no code",
        )
    for n, (ip, dev, when) in enumerate(
        (
            (
                "192.0.2.181",
                "iPhone, OS: iOS 18.2, Mobile Safari",
                "Wednesday, December 02, 2026 at 11:58:31 PM",
            ),
            (
                "203.0.113.9",
                "unknown model, OS: Ubuntu , Firefox",
                "Thursday, December 03, 2026 at 07:12:44 AM",
            ),
        )
    ):
        add(
            f"defguard-new-device-login-en-{n + 1}",
            "defguard-new-device-login",
            "notice",
            None,
            "mail_new_device_login",
            "Defguard: new device logged in to your account",
            {"ip_address": ip, "device_type": dev, "date_now": when},
            "Tera (via Jinja2) HTML with base/macros; session IP, device and login time",
            "new-login alert with IP address, date and device; no code",
        )
    add(
        "defguard-gateway-disconnected-en",
        "defguard-gateway-disconnected",
        "notice",
        None,
        "mail_gateway_disconnected",
        "Defguard: Gateway disconnected",
        {
            "gateway_name": "gw-fra-02",
            "gateway_ip": "10.13.37.2",
            "network_name": "Frankfurt Office",
        },
        "Tera (via Jinja2) HTML with base/macros; no session",
        "gateway name with digits and an IP address; no code",
    )
    return items


# ---------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items: list[dict[str, Any]] = []
    items += osu(args.mirrors / "ppy+osu-web" / "repo")
    items += vocdoni(args.mirrors / "vocdoni+saas-backend" / "repo")
    items += tinode(args.mirrors / "tinode+chat" / "repo")
    items += basercms(args.mirrors / "baserproject+basercms" / "repo")
    items += defguard(args.mirrors / "DefGuard+defguard" / "repo")
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} positives -> {OUT}")


if __name__ == "__main__":
    main()
