"""Round twenty-one, content management and publishing: a WordPress two-factor plugin, a
self-hosted comment engine for static sites, two flat-file CMSs (GetSimple and its Community
Edition), two blog engines (Chyrp Lite, PluXml) and MODX Revolution — their sign-in codes,
setup codes, backup codes, subscription tokens, generated passwords and account notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_cms.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- Melapress/wp-2fa (GPL-3.0-or-later; ``license.txt`` GPL v3), WP 2FA, a WordPress plugin:
  ``includes/classes/class-wp2fa.php``'s default e-mail templates (login code, 2FA setup
  code, account locked, account unlocked, backup codes), each string translated through
  ``languages/wp-2fa-de_DE.mo`` for de (untranslated strings stay English, as WordPress
  sends them), ``esc_html__`` escaping as PHP's ``esc_html``; ``replace_email_strings``'s
  placeholders filled; a small faithful ``wpautop`` (each ``<p>`` block on its own line,
  a newline inside a paragraph made ``<br />``); ``Settings_Page::send_email``'s headers
  (text/html only, From ``WP 2FA from Melapress <wp2fa@host>``). The codes are the shape
  ``Authentication::get_code`` makes: six digits (login/setup token) and ten of sixteen
  digits (``Backup_Codes::generate_codes``), posted back as ``N: code`` lines joined by
  ``<br>``.
- umputun/remark42 (MIT), a comment engine for static sites: the Go html/templates
  ``backend/app/templates/static/email_confirmation_login.html.tmpl`` (subject ``remark42
  confirmation``, the default of ``--auth.email.subj``) and
  ``email_confirmation_subscription.html.tmpl`` (subject ``Email verification``, the
  default ``defaultVerificationSubject`` of ``backend/app/notify/email.go``), rendered by a
  small renderer of the constructs they use (``{{.X}}``, ``{{- if .X}}…{{- end }}``); the
  token is a JWT (HS256) as go-pkgz/auth and ``rest_private.go`` sign it (audience the
  site id, handshake id ``user::address``), made here with hmac and a fixed secret.
- GetSimpleCMS-CE/GetSimpleCMS-CE (GPL-3.0, ``LICENSE``), GetSimple CMS Community Edition:
  ``admin/resetpassword.php`` (new password) and ``admin/setup.php`` (install: the
  administrator's password) messages, each language's strings read from
  ``admin/lang/<xx_YY>.php`` (fifteen; ``ja_JP.UTF-8.php``, a copy, left out), wrapped in
  ``email_template`` (the PHP single-quoted string read from ``admin/inc/basic.php``, its
  ``'.$message.'`` and ``'.date('Y').'`` filled), text/html only, From ``noreply@<host>``;
  the password is ``createRandomPassword``'s shape (six of the first 33 of its ``$chars``).
- GetSimpleCMS/GetSimpleCMS (GPL-3.0, ``LICENSE.txt``), GetSimple 3.4, the same two mails in
  its own ``email_template`` and ``admin/lang/en_US.php`` (the only language it ships); its
  ``createRandomPassword(8, 'luds')`` passwords carry a symbol.
- xenocrat/chyrp-lite (BSD-3-Clause), a blog engine: the four ``email_*`` functions of
  ``includes/helpers.php`` (account activation, password reset, welcome, new user for the
  administrator), text/plain, strings through each ``includes/locale/*/LC_MESSAGES/chyrp.mo``
  (nine locales); tokens ``sha1(items . secure_hashkey)`` with an invented key; the
  ``X-Mailer`` header left out.
- pluxml/PluXml (GPL-3.0, ``LICENSE``), a blog engine: ``sendLostPasswordEmail`` of
  ``core/lib/class.plx.admin.php`` with each ``core/templates/email-lostpassword-<xx>.xml``
  (eleven; the language-less default left out), the PHPMailer path (From the site title and
  the template's ``emailfrom``, text/plain), a 32-character token as ``plxToken`` makes it.
- modxcms/revolution (GPL-2.0, ``LICENSE``), MODX Revolution 3: the manager's forgot-password
  mail (``login.class.php``) and new-user mail (``Security/User/Create.php``): the lexicon
  strings ``login_forgot_email`` / ``login_signup_email`` and ``login_email_subject`` of
  ``core/lexicon/<xx>/login.inc.php`` with their ``[[+placeholders]]`` and ``is/then/else``
  filter filled (``allow_manager_login_forgot_password`` true, its default), in
  ``manager/templates/default/email/default.tpl`` (Smarty, a small renderer: variables,
  the ``login_logo`` if/else, the content block); From ``site_name <emailsender>``,
  text/html. Only languages whose lexicon translates the string are taken (the others ship
  it in English).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import gettext
import hashlib
import hmac
import io
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 21, 5, 17, tzinfo=UTC)
RNG = random.Random("r21-cms")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "cms.json"
MIRRORS = Path("/work/.mirror")

WP2FA = "Melapress/wp-2fa"
WP2FA_COMMIT = "8241ce88f31f9139dfa0a2d034d0cb11167b54a2"
REMARK = "umputun/remark42"
REMARK_COMMIT = "4793c1cd2c41f3b3c4fcc9a1bb610752eddf9410"


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _digits(n: int) -> str:
    return "".join(RNG.choice("1234567890") for _ in range(n))


# ---------------------------------------------------------------------------------------
# WP 2FA (WordPress plugin)


def _esc_html(s: str) -> str:
    s = re.sub(r"&(?!#?\w+;)", "&amp;", s)
    return s.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#039;")


def _wpautop(pee: str) -> str:
    """wpautop for what these templates hold: paragraphs already in <p>, newlines inside."""
    # text between the <p> blocks (the {backup_codes} placeholder) becomes a paragraph too
    blocks = [
        m.group(1) if m.group(1) is not None else m.group(2)
        for m in re.finditer(r"<p>(.*?)</p>|([^<]+)", pee, flags=re.S)
        if (m.group(1) or m.group(2) or "").strip()
    ]
    out = []
    for block in blocks:
        block = re.sub(r"\s*\n", "<br />\n", block.strip("\n"))
        out.append(f"<p>{block}</p>\n")
    return "".join(out)


def _wp2fa_templates(tr) -> dict[str, tuple[str, str]]:
    __ = tr.gettext

    def e(s: str) -> str:
        return _esc_html(__(s))

    login_s = __("Your login confirmation code for {site_name}")
    login = "<p>" + e("Hello {user_display_name},") + "</p>"
    login += "<p>" + e(
        "You are trying to log in to {site_name} using the username {user_login_name}. "
        "To complete your login, please enter the following one-time 2FA code:"
    ) + "</p>"  # fmt: skip
    login += "<p>" + e("{login_code}") + "</p>"
    login += "<p>" + e(
        "Enter this code on the login page to finish the authentication process and access "
        "your account."
    ) + "</p>"  # fmt: skip
    ip_line = (
        "This request was made from IP address {user_ip_address}. If you did not request "
        "this, please contact the site administrator at {admin_email}."
    )
    login += "<p>" + e(ip_line) + "</p>"
    login += "<p>" + e(
        "If you encounter any other issues logging in, feel free to contact us at {admin_email}."
    ) + "</p>"  # fmt: skip
    login += "<p>" + e("Kind regards,\n\t\t\t\tThe {site_name} Team") + "</p>"

    setup_s = __("Your 2FA Setup Verification Code for {site_name}")
    setup = "<p>" + e("Hello {user_display_name},") + "</p>"
    setup += "<p>" + e(
        "You have requested to set up two-factor authentication for your user "
        "{user_login_name} on the website {site_name} ({site_url})."
    ) + "</p>"  # fmt: skip
    setup += "<p>" + e("Please enter the following code to complete your setup: %1$1s").replace(
        "%1$1s", "<strong>{login_code}</strong>"
    )
    setup += "</p>"
    setup += "<p>" + e(ip_line) + "</p>"
    setup += "<p>" + e("Thank you.") + "</p>"
    setup += "<p>" + e("The {site_name} Team") + "</p>"

    locked_s = __("Your user on {site_name} has been locked")
    locked = "<p>" + e("Hello.") + "</p>"
    locked += "<p>" + e(
        "Since you have not enabled two-factor authentication for the user %1$1s on the "
        "website %2$2s within the grace period, your account has been locked."
    ).replace("%1$1s", "{user_login_name}").replace("%2$2s", "{site_name}")  # fmt: skip
    locked += "</p>"
    locked += "<p>" + e("Contact your website administrator to unlock your account.") + "</p>"
    locked += "<p>" + e("Thank you.") + "</p>"

    unlocked_s = __("Your user on {site_name} has been unlocked")
    unlocked = "<p>" + __("Hello,") + "</p><p>" + e("Your user") + " <strong>{user_login_name}"
    unlocked += "</strong> " + e("on the website") + " {site_url} " + __(
        "has been unlocked. Please configure two-factor authentication within the grace "
        "period, otherwise your account will be locked again."
    ) + "</p>"  # fmt: skip
    unlocked += "<p>" + __("You can configure 2FA from this page:") + ' <a href="'
    unlocked += '{2fa_settings_page_url}" target="_blank">{2fa_settings_page_url}.</a></p>'
    unlocked += "<p>" + __("Thank you.") + "</p>"

    backup_s = __("2FA backup codes for user {user_login_name} on {site_name}")
    backup = "<p>" + __("Hello,") + "</p><p>" + e(
        "Below please find the 2FA backup codes for your user"
    ) + " <strong>{user_login_name}</strong> " + e("on the website") + " <strong>"  # fmt: skip
    backup += "{site_name}</strong>. " + __("The website's URL is") + " {site_url} </p>"
    backup += "{backup_codes}"
    backup += "<p>" + __(
        "Thank you for enabling 2FA on your account and helping us keeping the website secure."
    ) + "</p>"  # fmt: skip
    return {
        "login-code": (login_s, login),
        "setup-code": (setup_s, setup),
        "account-locked": (locked_s, locked),
        "account-unlocked": (unlocked_s, unlocked),
        "backup-codes": (backup_s, backup),
    }


WP_SITES = {
    "en": {
        "{site_url}": "https://harborlightquarterly.example",
        "{site_name}": "Harbor Light Quarterly",
        "{user_login_name}": "mara.ellison",
        "{user_display_name}": "Mara Ellison",
        "{user_ip_address}": "203.0.113.48",
        "{admin_email}": "wp2fa@harborlightquarterly.example",
        "{2fa_settings_page_url}": "https://harborlightquarterly.example/2fa-settings/",
    },
    "de": {
        "{site_url}": "https://gartenbrief-rheinau.example",
        "{site_name}": "Gartenbrief Rheinau",
        "{user_login_name}": "jbrenneke",
        "{user_display_name}": "Jonas Brenneke",
        "{user_ip_address}": "198.51.100.207",
        "{admin_email}": "wp2fa@gartenbrief-rheinau.example",
        "{2fa_settings_page_url}": "https://gartenbrief-rheinau.example/zwei-faktor/",
    },
}


def _html_only(*, sender: str, subject: str, body: str) -> bytes:
    # wp_mail with 'Content-type: text/html;charset=utf-8': one text/html part.
    return message(sender=sender, subject=subject, text=None, html_part=body, sent=SENT)


def wp2fa() -> None:
    path = "includes/classes/class-wp2fa.php"
    _show(WP2FA, WP2FA_COMMIT, path)  # the templates below are its defaults, read there
    langs = {
        "en": gettext.NullTranslations(),
        "de": gettext.GNUTranslations(
            io.BytesIO(_show_bytes(WP2FA, WP2FA_COMMIT, "languages/wp-2fa-de_DE.mo"))
        ),
    }
    kinds = {
        "login-code": "saas-otp",
        "setup-code": "saas-otp",
        "account-locked": "notice",
        "account-unlocked": "notice",
        "backup-codes": "saas-otp",
    }
    for lang, tr in langs.items():
        repl = dict(WP_SITES[lang])
        host = repl["{site_url}"].split("//")[1]
        sender = f"WP 2FA from Melapress <wp2fa@{host}>"
        for name, (subj, body) in _wp2fa_templates(tr).items():
            code = None
            note = None
            r = dict(repl)
            if name in ("login-code", "setup-code"):
                code = _digits(6)
                r["{login_code}"] = code
            else:
                r["{login_code}"] = ""
            subject = subj
            for k, v in r.items():
                subject = subject.replace(k, v)
            text = body
            for k, v in r.items():
                text = text.replace(k, v)
            text = _wpautop(text)
            if name == "backup-codes":
                codes = [_digits(16) for _ in range(10)]
                text = text.replace(
                    "{backup_codes}", "<br>".join(f"{i}: {c}" for i, c in enumerate(codes, 1))
                )
                code = codes[0]
                note = (
                    "Ten backup codes of sixteen digits, each usable once in place of a 2FA "
                    "code; labelled by the first listed. The list numbers (1:, 2:) are not "
                    "part of the codes."
                )
            if lang == "de":
                extra = (
                    "The de_DE catalogue translates only some of these strings; the rest "
                    "go out in English, as WordPress sends them."
                )
                note = f"{note} {extra}" if note else extra
            _item(
                source="wp-2fa", template=name, lang=lang, kind=kinds[name], code=code,
                repository=WP2FA, path=f"{path}, languages/wp-2fa-de_DE.mo", commit=WP2FA_COMMIT,
                licence="GPL-3.0-or-later",
                rendered="default template of WP2FA::get_wp2fa_email_templates translated by "
                "the plugin's .mo, replace_email_strings placeholders, wpautop, "
                "Settings_Page::send_email headers",
                raw=_html_only(sender=sender, subject=subject, body=text), note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Remark42 (comment engine)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _jwt(claims: dict) -> str:
    head = _b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    body = _b64(json.dumps(claims, separators=(",", ":")).encode())
    sig = hmac.new(b"r21-cms-fixed-secret", f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{_b64(sig)}"


def _go_render(tmpl: str, data: dict[str, str]) -> str:
    tmpl = re.sub(r"\s*\{\{-", "{{", tmpl)

    def _if(m: re.Match) -> str:
        return m.group(2) if data.get(m.group(1)) else ""

    tmpl = re.sub(r"\{\{ ?if \.(\w+) ?\}\}(.*?)\{\{ ?end ?\}\}", _if, tmpl, flags=re.S)
    return re.sub(r"\{\{\.(\w+)\}\}", lambda m: data[m.group(1)], tmpl)


def remark42() -> None:
    base = "backend/app/templates/static/"
    exp = int(SENT.timestamp()) + 30 * 60
    sender = "Remark42 <remark42@notes-from-the-ridge.example>"
    # login confirmation: go-pkgz/auth's email verify provider
    login_token = _jwt({
        "aud": ["ridge"], "exp": exp, "nbf": exp - 1830, "iss": "remark42",
        "handshake": {"id": "hollis.tran::noor.tester@example.com"},
    })  # fmt: skip
    body = _go_render(
        _show(REMARK, REMARK_COMMIT, base + "email_confirmation_login.html.tmpl"),
        {
            "User": "hollis.tran", "Site": "ridge", "Token": login_token,
            "Address": "noor.tester@example.com",
        },
    )  # fmt: skip
    _item(
        source="remark42", template="login-confirmation", lang="en", kind="saas-otp",
        code=login_token, repository=REMARK, path=base + "email_confirmation_login.html.tmpl",
        commit=REMARK_COMMIT, licence="MIT",
        rendered="Go template filled by a small renderer; subject the default of --auth.email.subj",
        raw=message(sender=sender, subject="remark42 confirmation", text=None, html_part=body,
                    sent=SENT),
        note="The token is a JWT the mail asks to 'copy and paste ... into \u201ctoken\u201d "
        "field on comments page to login'; labelled by the whole token (pasted, not typed).",
    )  # fmt: skip
    # subscription: rest_private.go's emailSubscribe token, signed some minutes later
    sub_token = _jwt({
        "aud": ["ridge"], "exp": exp + 540, "nbf": exp + 540 - 1830, "iss": "remark42",
        "handshake": {"id": "hollis.tran::noor.tester@example.com"},
    })  # fmt: skip
    body = _go_render(
        _show(REMARK, REMARK_COMMIT, base + "email_confirmation_subscription.html.tmpl"),
        {
            "User": "hollis.tran", "Site": "ridge", "Token": sub_token,
            "Email": "noor.tester@example.com",
            "SubscribeURL": "https://notes-from-the-ridge.example/web/email-subscribe.html"
            "?site=ridge&amp;tkn=",
        },
    )  # fmt: skip
    _item(
        source="remark42", template="subscription-confirmation", lang="en", kind="saas-otp",
        code=sub_token, repository=REMARK,
        path=base + "email_confirmation_subscription.html.tmpl, backend/app/notify/email.go",
        commit=REMARK_COMMIT, licence="MIT",
        rendered="Go template filled by a small renderer with SubscribeURL set; subject "
        "defaultVerificationSubject",
        raw=message(sender=sender, subject="Email verification", text=None, html_part=body,
                    sent=SENT),
        note="The subscription token (a JWT) is in the link and shown as text to 'copy and "
        "paste ... into \u201ctoken\u201d field on comments page to confirm subscription'; "
        "labelled by the whole token.",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# GetSimple CMS Community Edition (flat-file CMS)

GSCE = "GetSimpleCMS-CE/GetSimpleCMS-CE"
GSCE_COMMIT = "866233efb0639e0cd466cf81619ac3e27171a266"
GSCE_LANGS = {
    "ar": "ar_SA", "da": "da_DK", "de": "de_DE", "en": "en_US", "es": "es_ES", "fr": "fr_FR",
    "it": "it_IT", "ja": "ja_JP", "nb": "nb_NO", "nl": "nl_NL", "pl": "pl_PL", "pt": "pt_PT",
    "ru": "ru_RU", "sv": "sv_SE", "uk": "uk_UK",
}  # fmt: skip
GSCE_SITES = [
    ("Atelier Brume", "https://atelier-brume.example/", "lea.morvan"),
    ("Fjord Kayak Club", "https://fjordkayak.example/", "admin"),
    ("Casa Olivar", "https://casaolivar.example/", "mfuentes"),
]


def _php_string(body: str, quote: str) -> str:
    if quote == "'":
        return body.replace("\\'", "'").replace("\\\\", "\\")
    return body.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def _gs_lang(code: str) -> dict[str, str]:
    src = _show(GSCE, GSCE_COMMIT, f"admin/lang/{code}.php")
    out = {}
    for m in re.finditer(r"""['"](\w+)['"]\s*=>\s*(['"])((?:\\.|(?!\2).)*)\2""", src, re.S):
        out[m.group(1)] = _php_string(m.group(3), m.group(2))
    return out


def _gs_password() -> str:
    # createRandomPassword: six characters, rand() % 33 over the first 33 of $chars
    chars = _show(GSCE, GSCE_COMMIT, "admin/inc/template_functions.php")
    chars = re.search(r'\$chars = "([^"]+)";', chars).group(1)[:33]
    return "".join(RNG.choice(chars) for _ in range(6))


def _gs_email_template(message: str) -> str:
    src = _show(GSCE, GSCE_COMMIT, "admin/inc/basic.php")
    body = re.search(r"function email_template\(\$message\) \{\n\t\$data = '(.*?)';\n\treturn \$data;",
                     src, re.S).group(1)  # fmt: skip
    body = body.replace("'.$message.'", "\x00MESSAGE\x00").replace("'.date('Y').'", "\x00YEAR\x00")
    assert "'." not in body.replace("\\'", ""), "unhandled PHP concatenation"
    body = _php_string(body, "'")
    return body.replace("\x00MESSAGE\x00", message).replace("\x00YEAR\x00", str(SENT.year))


def getsimple() -> None:
    site_full_name = "GetSimple CE"  # admin/inc/configuration.php
    for n, (lang, code) in enumerate(GSCE_LANGS.items()):
        t = _gs_lang(code)
        sitename, siteurl, user = GSCE_SITES[n % len(GSCE_SITES)]
        host = siteurl.split("//")[1].rstrip("/")
        sender = f"noreply@{host}"
        login = f'<a href="{siteurl}admin/">{siteurl}admin/</a></p>'
        # admin/resetpassword.php
        pw = _gs_password()
        subject = f"{site_full_name} {t['RESET_PASSWORD']} {t['ATTEMPT']}"
        msg = f"<h2>{sitename} {t['RESET_PASSWORD']} {t['ATTEMPT']}</h2>"
        msg += f"<p>{t['LABEL_USERNAME']}: <strong>{user}</strong>"
        msg += f"<br>{t['NEW_PASSWORD']}: <strong>{pw}</strong>"
        msg += f"<br>{t['EMAIL_LOGIN']}: {login}"
        _item(
            source="getsimple-ce", template="reset-password", lang=lang, kind="saas-otp", code=pw,
            repository=GSCE, commit=GSCE_COMMIT, licence="GPL-3.0-only",
            path=f"admin/resetpassword.php, admin/inc/basic.php, admin/lang/{code}.php",
            rendered="resetpassword.php's message in sendmail's email_template (PHP string "
            "read from basic.php), the language file's strings; text/html only",
            raw=message(sender=sender, subject=subject, text=None,
                        html_part=_gs_email_template(msg), sent=SENT),
            note="A new password createRandomPassword made (six of 'Ayz23mFGHBxPQefgnopRScdqrTU4"
            "CXYZa', mixed case) given to log in with: a credential to type.",
        )  # fmt: skip
        # admin/setup.php (install: the first administrator's password)
        pw = _gs_password()
        subject = f"{site_full_name} {t['EMAIL_COMPLETE']}"
        msg = f"<h2>{sitename} {t['EMAIL_COMPLETE']}</h2>"
        msg += f"<p>{t['EMAIL_USERNAME']}: <strong>{user}</strong>"
        msg += f"<br>{t['EMAIL_PASSWORD']}: <strong>{pw}</strong>"
        msg += f"<br>{t['EMAIL_LOGIN']}: {login}"
        msg += f"<p><em>{t['EMAIL_THANKYOU']} {site_full_name}!</em></p>"
        _item(
            source="getsimple-ce", template="setup-complete", lang=lang, kind="saas-otp", code=pw,
            repository=GSCE, commit=GSCE_COMMIT, licence="GPL-3.0-only",
            path=f"admin/setup.php, admin/inc/basic.php, admin/lang/{code}.php",
            rendered="setup.php's message in sendmail's email_template, the language file's "
            "strings; text/html only",
            raw=message(sender=sender, subject=subject, text=None,
                        html_part=_gs_email_template(msg), sent=SENT),
            note="The install mail gives the administrator's generated password to log in with.",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Chyrp Lite (blog engine)

CHYRP = "xenocrat/chyrp-lite"
CHYRP_COMMIT = "3f5e0b1e4295496bfaa8fab616deeb655c7e5bf4"
CHYRP_LANGS = {
    "ar": "ar_LY", "de": "de_DE", "en": "en_US", "fr": "fr_FR", "it": "it_IT", "ko": "ko_KR",
    "nl": "nl_NL", "pl": "pl_PL", "zh": "zh_CN",
}  # fmt: skip
CHYRP_SITES = [
    ("Lantern Notes", "https://lanternnotes.example", "blog@lanternnotes.example", "ivo_k"),
    ("Kleine Werkbank", "https://werkbank.example", "post@werkbank.example", "tessa"),
    ("Petit Verger", "https://petitverger.example", "contact@petitverger.example", "amelie.r"),
]


def chyrp() -> None:
    for n, (lang, code) in enumerate(CHYRP_LANGS.items()):
        if lang == "en":
            tr = gettext.NullTranslations()
        else:
            mo = _show_bytes(CHYRP, CHYRP_COMMIT, f"includes/locale/{code}/LC_MESSAGES/chyrp.mo")
            tr = gettext.GNUTranslations(io.BytesIO(mo))
        __ = tr.gettext
        name, url, email, login = CHYRP_SITES[n % len(CHYRP_SITES)]
        key = hashlib.sha1(f"{name}-key".encode()).hexdigest()
        created = int(SENT.timestamp()) - 45

        def tok(*items: object, key: str = key) -> str:
            return hashlib.sha1(("".join(map(str, items)) + key).encode()).hexdigest()

        mails = {
            "activate-account": (
                __("Activate your account at %s") % name,
                __("Hello, %s.") % login,
                __("You are receiving this message because you registered a new account."),
                __("Visit this link to activate your account:"),
                f"{url}/?action=activate&login={login}&token={tok(login)}",
            ),
            "reset-password": (
                __("Reset your password at %s") % name,
                __("Hello, %s.") % login,
                __("You are receiving this message because you requested a new password."),
                __("Visit this link to reset your password:"),
                f"{url}/?action=reset_password&login={login}&token={created:x}-"
                f"{tok(created, login)}",
            ),
            "acknowledge-user": (
                __("Welcome to %s") % name,
                __("Hello, %s.") % login,
                __("You are receiving this message because you registered a new account."),
                __("Visit this link to log in:"),
                f"{url}/login/",
            ),
            "admin-activation": (
                __("New user at %s") % name,
                __("Hello, administrator."),
                __("You are receiving this message because a new user account was registered."),
                __("Visit this link to activate the user account:"),
                f"{url}/admin/?action=edit_user&id=7",
            ),
        }
        for template, (subject, hello, why, visit, link) in mails.items():
            text = f"{hello}\r\n\r\n{why}\r\n\r\n{visit}\r\n{link}"
            _item(
                source="chyrp-lite", template=template, lang=lang, kind="notice", code=None,
                repository=CHYRP, commit=CHYRP_COMMIT, licence="BSD-3-Clause",
                path=f"includes/helpers.php, includes/locale/{code}/LC_MESSAGES/chyrp.mo",
                rendered="the email_* function of helpers.php (text/plain, From the site's "
                "address; X-Mailer left out), strings through the locale's chyrp.mo",
                raw=message(sender=email, subject=subject, text=text, html_part=None, sent=SENT),
                note="The token is only inside the link." if "token=" in link else None,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# PluXml (flat-file blog engine)

PLUXML = "pluxml/PluXml"
PLUXML_COMMIT = "9aff6ba89d616360583eded399429471c3de65cb"
PLUXML_LANGS = ["de", "en", "es", "fr", "it", "nl", "oc", "pl", "pt", "ro", "ru"]
PLUXML_SITES = [
    ("Carnets du Vercors", "https://carnets-vercors.example/core/admin/auth.php", "sylvie"),
    ("Bergpfad Journal", "https://bergpfad.example/core/admin/auth.php", "kmayer"),
    ("Quaderno di Luce", "https://quadernodiluce.example/core/admin/auth.php", "admin"),
]


def _xml_tag(src: str, tag: str) -> str:
    inner = re.search(rf"<{tag}>(.*?)</{tag}>", src, re.S).group(1)
    return re.sub(r"<!\[CDATA\[(.*?)\]\]>", r"\1", inner, flags=re.S)


def pluxml() -> None:
    alphabet = "abcdefghijklmnpqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for n, lang in enumerate(PLUXML_LANGS):
        path = f"core/templates/email-lostpassword-{lang}.xml"
        src = _show(PLUXML, PLUXML_COMMIT, path)
        title, auth, login = PLUXML_SITES[n % len(PLUXML_SITES)]
        shuffled = list(alphabet)
        RNG.shuffle(shuffled)
        start = RNG.randint(0, len(alphabet) - 32)
        token = "".join(shuffled)[start : start + 32]
        body = _xml_tag(src, "content")
        for k, v in {
            "##LOGIN##": login,
            "##URL_PASSWORD##": f"{auth}?action=changepassword&token={token}",
            "##URL_EXPIRY##": "24",
        }.items():
            body = body.replace(k, v)
        sender = f"{title} <{_xml_tag(src, 'emailfrom')}>"
        note = "The reset token is only inside the link."
        if lang == "ru":
            note += (
                " The ru template ships Romanian text (as in the repository); lang is the locale."
            )
        _item(
            source="pluxml", template="lost-password", lang=lang, kind="notice", code=None,
            repository=PLUXML, commit=PLUXML_COMMIT, licence="GPL-3.0-only",
            path=f"{path}, core/lib/class.plx.admin.php",
            rendered="sendLostPasswordEmail: the XML template's content (CDATA with the "
            "surrounding whitespace xml_parse_into_struct keeps) with its ##placeholders## "
            "filled; PHPMailer path (From the site title and the template's emailfrom, plain text)",
            raw=message(sender=sender, subject=_xml_tag(src, "emailsubject"), text=body,
                        html_part=None, sent=SENT),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# GetSimple CMS 3.4 (the original project; English only)

GS = "GetSimpleCMS/GetSimpleCMS"
GS_COMMIT = "7d2709ab3eb7c40db3bd6ae0226643d4dfbf525d"


def _gs34_password() -> str:
    # createRandomPassword(8, 'luds'): one of each set, the rest drawn without reuse, shuffled
    sets = ["abcdefghjkmnpqrstuvwxyz", "ABCDEFGHJKMNPQRSTUVWXYZ", "23456789", "!@#$%&*?"]
    pw, pool = [], []
    for chars in sets:
        chars = list(chars)
        pw.append(chars.pop(RNG.randrange(len(chars))))
        pool += chars
    for _ in range(8 - len(sets)):
        pw.append(pool.pop(RNG.randrange(len(pool))))
    RNG.shuffle(pw)
    return "".join(pw)


def getsimple34() -> None:
    src = _show(GS, GS_COMMIT, "admin/inc/basic.php")
    body = re.search(r"\t\$data = '(.*?)';\n\treturn exec_filter\('email_template'", src, re.S)
    body = body.group(1)
    link = "http://get-simple.info/"  # $site_link_back_url, admin/inc/configuration.php
    for php, value in {
        "'.$message.'": "\x00MESSAGE\x00", "'.$linkurl.'": link,
        "'.$site_link_back_url.'": link, "'.date('Y').'": str(SENT.year),
    }.items():  # fmt: skip
        body = body.replace(php, value)
    assert "'." not in body.replace("\\'", ""), "unhandled PHP concatenation"
    body = _php_string(body, "'")
    t: dict[str, str] = {}
    for m in re.finditer(
        r'"(\w+)"\s*=>\s*"((?:\\.|[^"])*)"', _show(GS, GS_COMMIT, "admin/lang/en_US.php")
    ):
        t[m.group(1)] = _php_string(m.group(2), '"')
    siteurl, user, sitename = "https://mossbank-allotments.example/", "rhona", "Mossbank Allotments"
    login = f'<a href="{siteurl}admin/">{siteurl}admin/</a></p>'
    sender = "noreply@mossbank-allotments.example"
    pw = _gs34_password()
    msg = f"<p>{sitename} {t['RESET_PASSWORD']} {t['ATTEMPT']}</p>"
    msg += f"<p>{t['LABEL_USERNAME']}: <strong>{user}</strong>"
    msg += f"<br>{t['NEW_PASSWORD']}: <strong>{pw}</strong>"
    msg += f"<br>{t['EMAIL_LOGIN']}: {login}"
    _item(
        source="getsimple", template="reset-password", lang="en", kind="saas-otp", code=pw,
        repository=GS, commit=GS_COMMIT, licence="GPL-3.0-only",
        path="admin/resetpassword.php, admin/inc/basic.php, admin/lang/en_US.php",
        rendered="resetpassword.php's message in sendmail's email_template (PHP string read "
        "from basic.php); text/html only",
        raw=message(sender=sender, subject=f"GetSimple {t['RESET_PASSWORD']} {t['ATTEMPT']}",
                    text=None, html_part=body.replace("\x00MESSAGE\x00", msg), sent=SENT),
        note="createRandomPassword(8, 'luds') includes a symbol (!@#$%&*?), kept: the "
        "password is typed as shown.",
    )  # fmt: skip
    pw = _gs34_password()
    msg = f"<p>{t['EMAIL_USERNAME']}: <strong>{user}</strong>"
    msg += f"<br>{t['EMAIL_PASSWORD']}: <strong>{pw}</strong>"
    msg += f"<br>{t['EMAIL_LOGIN']}: {login}"
    msg += f"<p><em>{t['EMAIL_THANKYOU']} GetSimple!</em></p>"
    _item(
        source="getsimple", template="setup-complete", lang="en", kind="saas-otp", code=pw,
        repository=GS, commit=GS_COMMIT, licence="GPL-3.0-only",
        path="admin/setup.php, admin/inc/basic.php, admin/lang/en_US.php",
        rendered="setup.php's message in sendmail's email_template; text/html only",
        raw=message(sender=sender, subject=f"GetSimple {t['EMAIL_COMPLETE']}", text=None,
                    html_part=body.replace("\x00MESSAGE\x00", msg), sent=SENT),
        note="The install mail gives the administrator's generated password (with a symbol, "
        "kept).",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# MODX Revolution (CMS): manager mails

MODX = "modxcms/revolution"
MODX_COMMIT = "e3b6da2b25da3543164e60ebf4cad352a4787e00"
MODX_SITES = [
    (
        "Heronsgate Theatre",
        "theatre.heronsgate.example",
        "box.office@heronsgate.example",
        "pwhitlow",
    ),
    ("Vinhos da Serra", "vinhosdaserra.example", "site@vinhosdaserra.example", "rcosta"),
    ("Studio Kaleva", "studiokaleva.example", "info@studiokaleva.example", "eveliina"),
]


def _modx_lexicon(lang: str) -> dict[str, str]:
    try:
        src = _show(MODX, MODX_COMMIT, f"core/lexicon/{lang}/login.inc.php")
    except subprocess.CalledProcessError:
        return {}
    return {
        m.group(1): _php_string(m.group(2), "'")
        for m in re.finditer(r"\$_lang\['(\w+)'\]\s*=\s*'((?:\\.|[^'])*)';", src)
    }


def _modx_tags(text: str, ph: dict[str, str]) -> str:
    def cond(m: re.Match) -> str:
        return m.group(3) if ph[m.group(1)] == m.group(2) else m.group(4)

    text = re.sub(r"\[\[\+\+(\w+):is=`([^`]*)`:then=`([^`]*)`:else=`([^`]*)`\]\]", cond, text)
    return re.sub(r"\[\[\+\+?(\w+)\]\]", lambda m: ph[m.group(1)], text)


def _modx_smarty(content: str, config: dict[str, str]) -> str:
    tpl = _show(MODX, MODX_COMMIT, "manager/templates/default/email/default.tpl")
    # {if $_config.login_logo} is empty by default: the {else} branch is shown
    tpl = re.sub(r"\{if \$_config\.login_logo\}.*?\{else\}(.*?)\{/if\}", r"\1", tpl, flags=re.S)
    tpl = tpl.replace('{block "content"}', "").replace("{/block}", "")
    tpl = tpl.replace("{$content}", "\x00CONTENT\x00")
    tpl = re.sub(r"\{\$_config\.(\w+)\}", lambda m: config[m.group(1)], tpl)
    assert "{" not in tpl.split("<style")[0] + tpl.split("</style>")[1], "unrendered Smarty tag"
    return tpl.replace("\x00CONTENT\x00", content)


def modx() -> None:
    langs = [
        name
        for name in subprocess.run(
            ["git", "--git-dir", str(MIRRORS / "modxcms+revolution" / "repo"), "ls-tree",
             "--name-only", f"{MODX_COMMIT}:core/lexicon/"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        if name not in ("country", "index.html")
    ]  # fmt: skip
    en = _modx_lexicon("en")
    for n, lang in enumerate(langs):
        lex = {**en, **_modx_lexicon(lang)}  # a key a language lacks falls back to English
        site, host, sender_addr, user = MODX_SITES[n % len(MODX_SITES)]
        config = {
            "site_name": site, "site_url": f"https://{host}/", "url_scheme": "https://",
            "http_host": host, "manager_url": "/manager/", "mail_charset": "UTF-8",
            "allow_manager_login_forgot_password": "1", "username": user,
            "hash": hashlib.md5(f"{site}{user}".encode()).hexdigest(),
        }  # fmt: skip
        sender = f"{site} <{sender_addr}>"
        for template, key in (("forgot-password", "login_forgot_email"),
                              ("signup", "login_signup_email")):  # fmt: skip
            if lang != "en" and lex[key] == en[key]:
                continue  # this language ships the string untranslated: nothing new to take
            body = _modx_smarty(_modx_tags(lex[key], config), config)
            _item(
                source="modx", template=template, lang=lang, kind="notice", code=None,
                repository=MODX, commit=MODX_COMMIT, licence="GPL-2.0-or-later",
                path=f"core/lexicon/{lang}/login.inc.php, manager/templates/default/email/"
                "default.tpl, manager/controllers/default/security/login.class.php, "
                "core/src/Revolution/Processors/Security/User/Create.php",
                rendered=f"lexicon {key} (English where the language lacks it) with its "
                "[[+placeholders]] and the is/then/else filter filled, in the manager's "
                "email/default.tpl (Smarty, rendered by a small renderer); subject "
                "login_email_subject; From site_name <emailsender>; text/html only",
                raw=message(sender=sender, subject=lex["login_email_subject"], text=None,
                            html_part=body, sent=SENT),
                note="The reset hash is only inside the button's link."
                if template == "forgot-password"
                else None,
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    wp2fa()
    remark42()
    getsimple()
    chyrp()
    pluxml()
    getsimple34()
    modx()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} codes")


if __name__ == "__main__":
    main()
