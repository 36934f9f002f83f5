"""Round 3, helper ``lang``: sign-in / two-step code mails in many (often less common) languages.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r3_lang.py \\
        --twofactor /work/.mirror/datenschutz-individuell+twofactor_email/repo \\
        --wallabag /work/.mirror/wallabag+wallabag/repo \\
        --rallly /work/.mirror/lukevella+rallly/repo

Writes ``mail/<source>/<id>.eml`` and ``round3/lang.json``. Does not import otpmail; the
labels are what a person reading the mail would type (or ``null``).

Sources and how each is rendered:

- ``nc2fa``: datenschutz-individuell/twofactor_email (Nextcloud app, AGPL-3.0-or-later), git
  snapshot. The challenge mail as ``lib/Service/EMailSender.php`` builds it at that commit:
  the default subject ``Login attempt for %s`` (``{user} @ {cloud}``) and the default body of
  ``lib/Service/AppSettings.php`` (``{logo}``, the code paragraph, validity + warning),
  rendered by ``lib/Mail/TemplateRenderer.php`` (placeholders bold-monospace in HTML, the
  code as ``>>> code <<<`` in the plain part), strings from ``l10n/<lang>.json``. The frame is
  Nextcloud server's ``lib/private/Mail/EMailTemplate.php`` (head, bodyBegin, bodyText,
  bodyEnd, footer, tail; read with ``read_file`` at nextcloud/server
  03a08e3863dde0ac5231bbb7bbe3f3dcadbae918 and transcribed below, long inline styles kept);
  its ``addFooter()`` default text "name - slogan<br>This is an automatically sent email..."
  with the instance themed as "Contoso Cloud" and an empty slogan, the footer sentence from
  nextcloud/server ``lib/l10n/<lang>.json`` (commits noted per language). Code: six digits
  (``NumericalCodeGenerator``, ``DEFAULT_CODE_LENGTH`` 6), validity 10 minutes.
- ``wallabag``: wallabag/wallabag (MIT), git snapshot. ``templates/TwoFactor/email_auth_code
  .html.twig`` rendered with Jinja2 (Twig syntax used there is Jinja-compatible): the
  ``subject``, ``body_text`` and ``body_html`` blocks as ``src/Mailer/AuthCodeMailer.php``
  does, strings from ``translations/wallabag_user.<lang>.yml``, Twig's HTML auto-escaping
  reproduced (the template is ``.html.twig``, so the text block is escaped too, as Twig does:
  ``'`` -> ``&#039;``). Code: six digits (``scheb_two_factor.email.digits: 6`` in
  ``app/config/config.yml``). One English negative: ``templates/Mail/forgotPassword.txt.twig``.
- ``ghost``: TryGhost/Ghost (MIT; too large to fetch, read with ``read_file``). The members
  sign-in mail as ``ghost/core/core/server/services/members/api.js`` builds it (``getSubject``,
  ``getText``; commit GHOST_API_COMMIT) with ``emails/signin.js`` (GHOST_SIGNIN_COMMIT) for the
  HTML, transcribed below; with the one-time code (six digits) and without it (magic link
  only, a negative). Strings from ``ghost/i18n/locales/<lang>/ghost.json`` (inline; commits in
  GHOST_LOCALE_COMMITS); keys left empty there fall back to English, as ``ghost/i18n/lib/i18n.js``
  sets i18next up (``returnEmptyString: false``), so the code lines stay English.
- ``rallly``: lukevella/rallly (AGPL-3.0), git snapshot. The e-mail verification code mail
  (``packages/emails/src/templates/register.tsx``) and the password-added notice
  (``password-added.tsx``) with ``packages/emails/locales/<lang>/emails.json``. These are
  react-email (TSX) templates, not run here: the strings are filled as the templates do, and
  the HTML that react-email renders (and its html-to-text plain part) is approximated by hand.
- ``zitadel``: zitadel/zitadel (too large to fetch: files read one by one with ``read_file``;
  commits per file in ``ZITADEL_COMMITS``). Message texts from
  ``internal/notification/static/i18n/<lang>.yaml`` (inline below, verbatim for the keys
  used), filled as Go text templates, then placed in
  ``internal/notification/static/templates/template.html`` (the body markup of the version
  read, 0721acf6053a5c6e59c1e410437fcf862bf284d4; its long CSS block is abridged) with Go
  html/template escaping. The e-mail OTP is eight digits (ZITADEL's ``OTPEmail`` secret
  generator default). HTML only, as ZITADEL sends it.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import collect
import jinja2
import yaml

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 24, 9, 41, 7, tzinfo=UTC)
NAME = "lang"

TWOFACTOR_COMMIT = "b3a649dfe073f82ed104041c69f98c2e904fff60"
WALLABAG_COMMIT = "5afc37df9303cf983864c288d46bb23f12221695"
NEXTCLOUD_SERVER_COMMIT = "03a08e3863dde0ac5231bbb7bbe3f3dcadbae918"


def code_digits(item_id: str, n: int) -> str:
    rng = random.Random("r3lang:" + item_id)
    return "".join(rng.choice("0123456789") for _ in range(n))


message = functools.partial(collect.message, sent=SENT)
"""The corpus's one MIME builder (``collect.py``), with this round's Date."""


def git_show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def write(source: str, item_id: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{item_id}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


# ---------------------------------------------------------------------------------------
# Nextcloud twofactor_email

FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Oxygen-Sans,Ubuntu,Cantarell,'Helvetica Neue',Arial,sans-serif"
TD = (
    "-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;"
    f"font-family:{FONT};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;"
    "text-align:left;vertical-align:top;word-wrap:break-word"
)
TR = "padding:0;text-align:left;vertical-align:top"
NC_HEAD = f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en" style="-webkit-font-smoothing:antialiased;background:#fff!important">
<head>
\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
\t<meta name="viewport" content="width=device-width">
\t<title></title>
\t<style type="text/css">@media only screen{{html{{min-height:100%;background:#fff}}}}@media only screen and (max-width:610px){{table.body img{{width:auto;height:auto}}table.body center{{min-width:0!important}}table.body .container{{width:95%!important}}table.body .columns{{height:auto!important;-moz-box-sizing:border-box;-webkit-box-sizing:border-box;box-sizing:border-box;padding-left:30px!important;padding-right:30px!important}}th.small-12{{display:inline-block!important;width:100%!important}}table.menu{{width:100%!important}}table.menu td,table.menu th{{width:auto!important;display:inline-block!important}}table.menu.vertical td,table.menu.vertical th{{display:block!important}}table.menu[align=center]{{width:auto!important}}}}</style>
</head>
<body style="-moz-box-sizing:border-box;-ms-text-size-adjust:100%;-webkit-box-sizing:border-box;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%;margin:0;background:#fff!important;box-sizing:border-box;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;min-width:100%;padding:0;text-align:left;width:100%!important">
\t<span class="preheader" style="color:#F5F5F5;display:none!important;font-size:1px;line-height:1px;max-height:0;max-width:0;mso-hide:all!important;opacity:0;overflow:hidden;visibility:hidden">
\t</span>
\t<table class="body" style="-webkit-font-smoothing:antialiased;margin:0;background:#fff;border-collapse:collapse;border-spacing:0;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t<tr style="{TR}">
\t\t\t<td class="center" align="center" valign="top" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t<center data-parsed="" style="min-width:580px;width:100%">
"""
NC_TAIL = (
    """\t\t\t\t\t</center>
\t\t\t\t</td>
\t\t\t</tr>
\t\t</table>
\t\t<!-- prevent Gmail on iOS font size manipulation -->
\t\t<div style="display:none;white-space:nowrap;font:15px courier;line-height:0">"""
    + "&nbsp; " * 29
    + """&nbsp;</div>
\t</body>
</html>
"""
)
NC_BODY_BEGIN = f"""<table align="center" class="wrapper content float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tr style="{TR}">
\t\t<td class="wrapper-inner" style="{TD}">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:580px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="{TR}">
\t\t\t\t\t<td style="{TD}">"""
NC_BODY_TEXT = f"""<table class="row description" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="{TR}">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t\t\t<tr style="{TR}">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<p style="Margin:0;Margin-bottom:10px;color:#777;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;margin-bottom:10px;padding:0;text-align:center">@@TEXT@@</p>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>
"""
NC_BODY_END = """
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>
"""
SPACER = (
    '<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;'
    'margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">\n\t<tbody>\n\t<tr style="'
    + TR
    + '">\n'
    '\t\t<td height="60px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;'
    f"color:#0a0a0a;font-family:{FONT};font-size:60px;font-weight:400;hyphens:auto;line-height:60px;margin:0;"
    'mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>\n'
    "\t</tr>\n\t</tbody>\n</table>\n"
)
SPACER_15 = SPACER.replace("60px", "15px").replace("\n", "\n\t\t\t\t")
NC_FOOTER = (
    SPACER
    + f"""<table align="center" class="wrapper footer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tr style="{TR}">
\t\t<td class="wrapper-inner" style="{TD}">
\t\t\t<center data-parsed="" style="min-width:580px;width:100%">
\t\t\t\t{SPACER_15}<p class="text-center float-center" align="center" style="Margin:0;Margin-bottom:10px;color:#C8C8C8;font-family:{FONT};font-size:12px;font-weight:400;line-height:16px;margin:0;margin-bottom:10px;padding:0;text-align:center">@@TEXT@@</p>
\t\t\t</center>
\t\t</td>
\t</tr>
</table>
"""
)

# nextcloud/server lib/l10n/<lang>.json: "This is an automatically sent email, please do not reply."
NC_AUTOSENT = {
    "en": ("This is an automatically sent email, please do not reply.", NEXTCLOUD_SERVER_COMMIT),
    "et_EE": (
        "See on automaatselt saadetud e-kiri, palun ära vasta.",
        "7a9eb28c3edd15a76bde23a56f2015f29609cc79",
    ),
    "ga": (
        "Seo ríomhphost a sheoltar go huathoibríoch, ná freagair le do thoil.",
        "01e9329dc9bd928a6cc3f9596649e5efe325ef4f",
    ),
    "fa": (
        "این یک رایانامهٔ خودکار است. لطفاً پاسخ ندهید.",
        "01bce97d6c6f17617b5ec2c7935dd063936b17dd",
    ),
    "tr": (
        "Bu ileti otomatik olarak gönderildiğinden lütfen yanıtlamayın.",
        "01394ee3148101103dff1feee01da507f409447b",
    ),
    "zh_HK": ("此為自動寄送的電子郵件，請勿回覆。", "034d4362d0bd08819d3f6c8689c4aea741d33134"),
}
NC_CLOUD = "Contoso Cloud"
NC_USER = "Noor Tester"
NC_LOGO = "https://cloud.contoso.example/index.php/apps/theming/image/logo?useSvg=0&v=3"


def _nc_strings(repo: Path, lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    return json.loads(git_show(repo, TWOFACTOR_COMMIT, f"l10n/{lang}.json"))["translations"]


def _php_t(tr: dict[str, str], s: str, args: list[str] | None = None) -> str:
    out = tr.get(s, s)
    if args:
        out = out.replace("%s", args[0], 1)
    return out


def nc2fa(repo: Path) -> list[dict[str, Any]]:
    items = []
    for lang, (autosent, server_commit) in NC_AUTOSENT.items():
        tr = _nc_strings(repo, lang)
        item_id = f"nc2fa-challenge-{lang.replace('_', '-')}"
        code = code_digits(item_id, 6)
        values = {"{code}": code, "{user}": NC_USER, "{cloud}": NC_CLOUD, "{validity}": "10"}
        subject = _php_t(tr, "Login attempt for %s", ["{user} @ {cloud}"])
        for k, v in values.items():
            subject = subject.replace(k, v)
        body = (
            "{logo}\n\n"
            + _php_t(tr, "Your two-factor authentication code for {cloud} is:")
            + "\n\n{code}\n\n"
            + _php_t(tr, "The code is valid for {validity} minutes.")
            + " "
            + _php_t(tr, "If you did not try to log in, somebody else knows your username and your password — change your password and inform your administrator.")
        )  # fmt: skip
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
        rendered: list[tuple[str, str | None]] = [("&nbsp;", None)]
        for para in paragraphs:
            plain = para.replace("{logo}", "")
            plain = plain.replace("{code}", f">>> {code} <<<")
            for k, v in values.items():
                plain = plain.replace(k, v)
            h = html.escape(para, quote=True).replace("&#x27;", "&#039;")
            h = h.replace(
                "{logo}",
                f'<img src="{html.escape(NC_LOGO)}" alt="{NC_CLOUD}" style="max-width:min(250px, 20%);max-height:250px">',
            )
            for k, v in values.items():
                h = h.replace(k, f'<strong style="font-family:monospace">{html.escape(v)}</strong>')
            rendered.append((h, plain if plain.strip() else None))
        html_body = NC_HEAD + NC_BODY_BEGIN
        text_body = ""
        for h, plain in rendered:
            html_body += NC_BODY_TEXT.replace("@@TEXT@@", h)
            if plain is not None:
                text_body += plain + "\n\n"
        footer = NC_CLOUD + "<br>" + autosent
        html_body += NC_BODY_END + NC_FOOTER.replace("@@TEXT@@", footer) + NC_TAIL
        text_body += "\n-- \n" + footer.replace("<br>", "\n")
        raw = message(
            sender=f"{NC_CLOUD} <noreply@cloud.contoso.example>",
            subject=subject, text=text_body, html_part=html_body,
        )  # fmt: skip
        rel, sha = write("nc2fa", item_id, raw)
        note = None
        if lang == "fa":
            note = ("the validity sentence reads 'کد 10 ...' (the translation puts the validity "
                    "minutes right after the word for code); the code is the bold line")  # fmt: skip
        item = {
            "id": item_id, "group": "nc2fa-challenge", "source": "nc2fa", "lang": lang,
            "kind": "saas-otp", "code": code,
            "repository": "datenschutz-individuell/twofactor_email (+ nextcloud/server)",
            "path": (f"lib/Service/EMailSender.php, lib/Service/AppSettings.php, lib/Mail/TemplateRenderer.php, "
                     f"l10n/{lang}.json; nextcloud/server lib/private/Mail/EMailTemplate.php @ {NEXTCLOUD_SERVER_COMMIT}, "
                     f"lib/l10n/{lang}.json @ {server_commit}"),
            "commit": TWOFACTOR_COMMIT, "licence": "AGPL-3.0-or-later",
            "rendered": ("default subject/body of the app filled as TemplateRenderer does; Nextcloud EMailTemplate "
                         "frame transcribed by hand; instance themed 'Contoso Cloud', empty slogan; 6-digit code"),
            "file": rel, "sha256": sha,
        }  # fmt: skip
        if note:
            item["note"] = note
        items.append(item)
    return items


# ---------------------------------------------------------------------------------------
# wallabag

WALLABAG_LANGS = ("en", "ar", "be", "ca", "cs", "el", "fa", "gl", "hr", "id", "ko", "oc", "ta", "th", "uk",
                  "zh_Hant")  # fmt: skip
WALLABAG_URL = "https://wallabag.contoso.example"
WALLABAG_SUPPORT = "https://github.com/wallabag/wallabag/issues/new/choose"


def twig_escape(s: Any) -> str:
    s = str(s)
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#039;"))  # fmt: skip


def _lookup(d: dict[str, Any], key: str) -> str | None:
    cur: Any = d
    for part in key.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur if isinstance(cur, str) else None


def wallabag(repo: Path) -> list[dict[str, Any]]:
    template_src = git_show(repo, WALLABAG_COMMIT, "templates/TwoFactor/email_auth_code.html.twig")
    en = yaml.load(
        git_show(repo, WALLABAG_COMMIT, "translations/wallabag_user.en.yml"), Loader=yaml.BaseLoader
    )
    items = []
    for lang in WALLABAG_LANGS:
        cat = yaml.load(git_show(repo, WALLABAG_COMMIT, f"translations/wallabag_user.{lang}.yml"),
                        Loader=yaml.BaseLoader)  # fmt: skip

        def trans(key: str, params: dict[str, str], domain: str, cat: dict[str, Any] = cat) -> str:
            text = _lookup(cat, key) or _lookup(en, key) or key
            for k, v in params.items():
                text = text.replace(k, v)
            return jinja2.utils.markupsafe.Markup(twig_escape(text))

        env = jinja2.Environment(trim_blocks=True, autoescape=False, finalize=lambda v: v)
        env.filters["trans"] = trans
        env.globals["asset"] = lambda p: "/" + p
        env.globals["absolute_url"] = lambda p: WALLABAG_URL + p
        tmpl = env.from_string(template_src)
        item_id = f"wallabag-authcode-{lang.replace('_', '-')}"
        code = str(random.Random("r3lang:" + item_id).randint(100000, 999999))
        ctx_vars = {"user": "Noor Tester", "code": code, "support_url": twig_escape(WALLABAG_SUPPORT),
                    "wallabag_url": twig_escape(WALLABAG_URL)}  # fmt: skip

        def block(
            name: str, tmpl: jinja2.Template = tmpl, ctx_vars: dict[str, str] = ctx_vars
        ) -> str:
            return "".join(tmpl.blocks[name](tmpl.new_context(ctx_vars)))

        subject = block("subject").strip()  # Twig-escaped, as AuthCodeMailer passes it on
        raw = message(sender="wallabag <no-reply@wallabag.org>", subject=subject,
                      text=block("body_text"), html_part=block("body_html"))  # fmt: skip
        rel, sha = write("wallabag", item_id, raw)
        item = {
            "id": item_id, "group": "wallabag-authcode", "source": "wallabag", "lang": lang,
            "kind": "saas-otp", "code": code, "repository": "wallabag/wallabag",
            "path": (f"templates/TwoFactor/email_auth_code.html.twig, src/Mailer/AuthCodeMailer.php, "
                     f"translations/wallabag_user.{lang}.yml"),
            "commit": WALLABAG_COMMIT, "licence": "MIT",
            "rendered": "Twig blocks rendered with Jinja2 as AuthCodeMailer does (Twig auto-escaping kept); 6-digit code",
            "file": rel, "sha256": sha,
        }  # fmt: skip
        if lang == "ta":
            item["note"] = (
                "the Tamil greeting translates the %user% placeholder, so it stays unfilled (as sent)"
            )
        items.append(item)
    # forgotten-password mail (English only), a reset link, no code
    text = git_show(repo, WALLABAG_COMMIT, "templates/Mail/forgotPassword.txt.twig")
    token = hashlib.sha256(b"r3lang-wallabag-reset").hexdigest()[:43]
    body = (
        jinja2.Environment(trim_blocks=True)
        .from_string(text)
        .render(username="noor", confirmationUrl=f"{WALLABAG_URL}/resetting/reset/{token}")
    )
    item_id = "wallabag-forgotpassword-en"
    raw = message(
        sender="wallabag <no-reply@wallabag.org>",
        subject="Reset Password",
        text=body,
        html_part=None,
    )
    rel, sha = write("wallabag", item_id, raw)
    items.append({
        "id": item_id, "group": "wallabag-forgotpassword", "source": "wallabag", "lang": "en",
        "kind": "notice", "code": None, "repository": "wallabag/wallabag",
        "path": "templates/Mail/forgotPassword.txt.twig", "commit": WALLABAG_COMMIT, "licence": "MIT",
        "rendered": "text template rendered with Jinja2; subject as FOSUserBundle's default 'Reset Password' (assumed)",
        "file": rel, "sha256": sha, "note": "a reset link with a token, nothing to type",
    })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# ZITADEL

ZITADEL_COMMITS = {
    "en": "04299886c228631004f1e5d85f88e6e6dc6e98ad",
    "kk": "3c4012bb6d346212bf646098a0c3a28067c5c601",
    "lt": "9fc3462b7fc5ebf4b544a2816102a42c4f55d14f",
    "th": "b723c6adea57926b7bac3609ca831a77e0df1b17",
    "hi": "ed68cc9160d9cb7251f18ebf97754eed541fac94",
    "sq": "c540deef3edc248f7b7124e2f0ca5f3449fb71c7",
    "ar": "74fa443ac646c6ab9ac0994131646e2a39285c0c",
    "mk": "027139f812b5311c29dbe076c70156bfd5d9e8b2",
    "uk": "788daf610430a77b235b283901c609bf93785c6d",
    "sl": "6123191494d06dce8c5aa9c2d9e35c40f3dc7150",
    "ko": "788daf610430a77b235b283901c609bf93785c6d",
}
ZITADEL_TEMPLATE_COMMIT = "0721acf6053a5c6e59c1e410437fcf862bf284d4"
# Verbatim excerpts (the message types used) of internal/notification/static/i18n/<lang>.yaml
ZITADEL_I18N = {
    "en": r"""
VerifyEmailOTP:
  Title: ZITADEL - Verify One-Time Password
  PreHeader: Verify One-Time Password
  Subject: Verify One-Time Password
  Greeting: Hello {{.DisplayName}},
  Text: Please use the "Authenticate" button or copy the one-time password {{.OTP}} and paste it to to the authentication screen in order to authenticate at ZITADEL within the next five minutes.
  ButtonText: Authenticate
DomainClaimed:
  Title: ZITADEL - Domain has been claimed
  PreHeader: Change email / username
  Subject: Domain has been claimed
  Greeting: Hello {{.DisplayName}},
  Text: The domain {{.Domain}} has been claimed by an organization. Your current user {{.Username}} is not part of this organization. Therefore you'll have to change your email when you login. We have created a temporary username ({{.TempUsername}}) for this login.
  ButtonText: Login
PasswordChange:
  Title: ZITADEL - Password of user has changed
  PreHeader: Change password
  Subject: Password of user has changed
  Greeting: Hello {{.DisplayName}},
  Text: The password of your user has changed, if this change was not done by you, please be advised to immediately reset your password.
  ButtonText: Login
PasswordlessRegistration:
  Title: ZITADEL - Add Passwordless Login
  PreHeader: Add Passwordless Login
  Subject: Add Passwordless Login
  Greeting: Hello {{.DisplayName}},
  Text: We received a request to add a token for passwordless login. Please use the button below to add your token or device for passwordless login.
  ButtonText: Add Passwordless Login
""",
    "kk": r"""
VerifyEmailOTP:
  Title: "Бір реттік құпиякодты (OTP) растау"
  PreHeader: "Бір реттік құпиякодты (OTP) растау"
  Subject: "Бір реттік құпиякодты (OTP) растау"
  Greeting: "Сәлеметсіз бе, {{.DisplayName}},"
  Text: "Келесі бес минут ішінде аутентификациядан өту үшін {{.OTP}} бір реттік құпиякодын (OTP) пайдаланыңыз немесе «Аутентификациядан өту» түймесін басыңыз."
  ButtonText: "Аутентификациядан өту"
DomainClaimed:
  Title: "Домен иеленіп қойылған"
  PreHeader: "Электрондық поштаны / пайдаланушы атын өзгерту"
  Subject: "Домен иеленіп қойылған"
  Greeting: "Сәлеметсіз бе, {{.DisplayName}},"
  Text: "{{.Domain}} доменін бір ұйым иеленді. Қазіргі {{.Username}} пайдаланушыңыз бұл ұйымға кірмейді. Сондықтан жүйеге кіргенде электрондық пошта мекенжайыңызды өзгертуіңіз керек. Осы жолғы кіруіңіз үшін уақытша пайдаланушы аты ({{.TempUsername}}) жасалды."
  ButtonText: "Кіру"
PasswordChange:
  Title: "Пайдаланушының құпиясөзі өзгертілді"
  PreHeader: "Құпиясөзді өзгерту"
  Subject: "Пайдаланушының құпиясөзі өзгертілді"
  Greeting: "Сәлеметсіз бе, {{.DisplayName}},"
  Text: "Пайдаланушыңыздың құпиясөзі өзгертілді. Бұл өзгерісті Сіз жасамаған болсаңыз, құпиясөзіңізді дереу қалпына келтіріңіз."
  ButtonText: "Кіру"
PasswordlessRegistration:
  Title: "Кіру кілтімен кіруді қосу"
  PreHeader: "Кіру кілтімен кіруді қосу"
  Subject: "Кіру кілтімен кіруді қосу"
  Greeting: "Сәлеметсіз бе, {{.DisplayName}},"
  Text: "Кіру кілтімен кіру үшін токен қосу туралы сұрау алдық. Кіру кілтімен кіруге арналған токенді немесе құрылғыны қосу үшін төмендегі түймені басыңыз."
  ButtonText: "Кіру кілтімен кіруді қосу"
InviteUser:
  Title: "{{.ApplicationName}} қызметіне шақыру"
  PreHeader: "{{.ApplicationName}} қызметіне шақыру"
  Subject: "{{.ApplicationName}} қызметіне шақыру"
  Greeting: "Сәлеметсіз бе, {{.DisplayName}},"
  Text: "Пайдаланушыңыз {{.ApplicationName}} қызметіне шақырылды. Шақыруды қабылдау үшін төмендегі түймені басыңыз. Бұл хатты сұрамаған болсаңыз, оны елемеңіз."
  ButtonText: "Шақыруды қабылдау"
""",
    "lt": r"""
VerifyEmailOTP:
  Title: Vienkartinio kodo patvirtinimas
  PreHeader: Vienkartinio kodo patvirtinimas
  Subject: Vienkartinio kodo patvirtinimas
  Greeting: Sveiki, {{.DisplayName}},
  Text: Naudokite vienkartinį kodą {{.OTP}}, kad autentifikuotumėtės per artimiausias penkias minutes, arba spustelėkite mygtuką „Autentifikuoti“.
  ButtonText: Autentifikuoti
DomainClaimed:
  Title: Domenas buvo užimtas
  PreHeader: Pakeisti el. paštą / naudotojo vardą
  Subject: Domenas buvo užimtas
  Greeting: Sveiki, {{.DisplayName}},
  Text: Domeną {{.Domain}} pasisavino organizacija. Jūsų dabartinis naudotojas {{.Username}} nėra šios organizacijos narys. Todėl prisijungdami turėsite pakeisti savo el. paštą. Šiam prisijungimui sukūrėme laikiną naudotojo vardą ({{.TempUsername}}).
  ButtonText: Prisijungti
PasswordChange:
  Title: Naudotojo slaptažodis pakeistas
  PreHeader: Slaptažodžio pakeitimas
  Subject: Naudotojo slaptažodis pakeistas
  Greeting: Sveiki, {{.DisplayName}},
  Text: Jūsų naudotojo slaptažodis buvo pakeistas. Jei šio pakeitimo neatlikote jūs, nedelsiant atstatykite savo slaptažodį.
  ButtonText: Prisijungti
PasswordlessRegistration:
  Title: Pridėti prieigos raktą
  PreHeader: Pridėti prieigos raktą
  Subject: Pridėti prieigos raktą
  Greeting: Sveiki, {{.DisplayName}},
  Text: Gavome užklausą pridėti žetoną prisijungimui prieigos raktu. Naudokite žemiau esantį mygtuką, kad pridėtumėte savo žetoną ar įrenginį prisijungimui prieigos raktu.
  ButtonText: Pridėti prieigos raktą
InviteUser:
  Title: Kvietimas prisijungti prie {{.ApplicationName}}
  PreHeader: Kvietimas prisijungti prie {{.ApplicationName}}
  Subject: Kvietimas prisijungti prie {{.ApplicationName}}
  Greeting: Sveiki, {{.DisplayName}},
  Text: Jūsų naudotojas buvo pakviestas prisijungti prie {{.ApplicationName}}. Spustelėkite žemiau esantį mygtuką, kad užbaigtumėte kvietimo procesą. Jei neprašėte šio laiško, ignoruokite jį.
  ButtonText: Priimti kvietimą
""",
    "th": r"""
VerifyEmailOTP:
  Title: ยืนยัน OTP
  PreHeader: ยืนยัน OTP
  Subject: ยืนยัน OTP
  Greeting: สวัสดี {{.DisplayName}},
  Text: โปรดใช้ OTP {{.OTP}} เพื่อยืนยันตัวตนภายในห้านาทีข้างหน้า หรือคลิกปุ่ม "ยืนยันตัวตน"
  ButtonText: ยืนยันตัวตน
DomainClaimed:
  Title: โดเมนถูกอ้างสิทธิ์แล้ว
  PreHeader: เปลี่ยนอีเมล / ชื่อผู้ใช้
  Subject: โดเมนถูกอ้างสิทธิ์แล้ว
  Greeting: สวัสดี {{.DisplayName}},
  Text: โดเมน {{.Domain}} ถูกอ้างสิทธิ์โดยองค์กรหนึ่งแล้ว ผู้ใช้ปัจจุบันของคุณ {{.Username}} ไม่ได้เป็นส่วนหนึ่งขององค์กรนี้ ดังนั้นคุณจะต้องเปลี่ยนอีเมลเมื่อเข้าสู่ระบบ เราได้สร้างชื่อผู้ใช้ชั่วคราว ({{.TempUsername}}) สำหรับการเข้าสู่ระบบนี้
  ButtonText: เข้าสู่ระบบ
PasswordChange:
  Title: รหัสผ่านของผู้ใช้มีการเปลี่ยนแปลง
  PreHeader: เปลี่ยนรหัสผ่าน
  Subject: รหัสผ่านของผู้ใช้มีการเปลี่ยนแปลง
  Greeting: สวัสดี {{.DisplayName}},
  Text: รหัสผ่านของผู้ใช้ของคุณมีการเปลี่ยนแปลง หากการเปลี่ยนแปลงนี้ไม่ได้ดำเนินการโดยคุณ โปรดรีเซ็ตรหัสผ่านของคุณทันที
  ButtonText: เข้าสู่ระบบ
PasswordlessRegistration:
  Title: เพิ่มการเข้าสู่ระบบด้วยพาสคีย์
  PreHeader: เพิ่มการเข้าสู่ระบบด้วยพาสคีย์
  Subject: เพิ่มการเข้าสู่ระบบด้วยพาสคีย์
  Greeting: สวัสดี {{.DisplayName}},
  Text: เราได้รับคำขอเพิ่มโทเคนสำหรับการเข้าสู่ระบบด้วยพาสคีย์ โปรดใช้ปุ่มด้านล่างเพื่อเพิ่มโทเคนหรืออุปกรณ์ของคุณสำหรับการเข้าสู่ระบบด้วยพาสคีย์
  ButtonText: เพิ่มการเข้าสู่ระบบด้วยพาสคีย์
InviteUser:
  Title: คำเชิญเข้าสู่ {{.ApplicationName}}
  PreHeader: คำเชิญเข้าสู่ {{.ApplicationName}}
  Subject: คำเชิญเข้าสู่ {{.ApplicationName}}
  Greeting: สวัสดี {{.DisplayName}},
  Text: ผู้ใช้ของคุณได้รับคำเชิญเข้าสู่ {{.ApplicationName}} โปรดคลิกปุ่มด้านล่างเพื่อดำเนินการตามคำเชิญให้เสร็จสมบูรณ์ หากคุณไม่ได้ร้องขออีเมลนี้ โปรดเพิกเฉย
  ButtonText: ยอมรับคำเชิญ
""",
    "hi": r"""
VerifyEmailOTP:
  Title: "OTP सत्यापित करें"
  PreHeader: "OTP सत्यापित करें"
  Subject: "OTP सत्यापित करें"
  Greeting: "नमस्ते {{.DisplayName}},"
  Text: "कृपया अगले पांच मिनटों के भीतर प्रमाणीकरण के लिए OTP {{.OTP}} का उपयोग करें या \"प्रमाणीकरण\" बटन पर क्लिक करें।"
  ButtonText: "प्रमाणीकरण"
DomainClaimed:
  Title: "डोमेन पर दावा किया गया"
  PreHeader: "ईमेल / उपयोगकर्ता नाम बदलें"
  Subject: "डोमेन पर दावा किया गया"
  Greeting: "नमस्ते {{.DisplayName}},"
  Text: "डोमेन {{.Domain}} पर एक संगठन द्वारा दावा किया गया है। आपका वर्तमान उपयोगकर्ता {{.Username}} इस संगठन का हिस्सा नहीं है। इसलिए आपको लॉगिन करते समय अपना ईमेल बदलना होगा। हमने इस लॉगिन के लिए एक अस्थायी उपयोगकर्ता नाम ({{.TempUsername}}) बनाया है।"
  ButtonText: "लॉगिन"
PasswordChange:
  Title: "उपयोगकर्ता का पासवर्ड बदल गया"
  PreHeader: "पासवर्ड बदलें"
  Subject: "उपयोगकर्ता का पासवर्ड बदल गया"
  Greeting: "नमस्ते {{.DisplayName}},"
  Text: "आपके उपयोगकर्ता का पासवर्ड बदल दिया गया है। यदि यह परिवर्तन आपके द्वारा नहीं किया गया था, तो कृपया तुरंत अपना पासवर्ड रीसेट करने के लिए सलाह दी जाती है।"
  ButtonText: "लॉगिन"
PasswordlessRegistration:
  Title: "पासकी लॉगिन जोड़ें"
  PreHeader: "पासकी लॉगिन जोड़ें"
  Subject: "पासकी लॉगिन जोड़ें"
  Greeting: "नमस्ते {{.DisplayName}},"
  Text: "हमें पासकी लॉगिन के लिए एक टोकन जोड़ने का अनुरोध प्राप्त हुआ है। कृपया अपना टोकन या पासकी लॉगिन के लिए डिवाइस जोड़ने के लिए नीचे दिए गए बटन का उपयोग करें।"
  ButtonText: "पासकी लॉगिन जोड़ें"
InviteUser:
  Title: "{{.ApplicationName}} में आमंत्रण"
  PreHeader: "{{.ApplicationName}} में आमंत्रण"
  Subject: "{{.ApplicationName}} में आमंत्रण"
  Greeting: "नमस्ते {{.DisplayName}},"
  Text: "आपके उपयोगकर्ता को {{.ApplicationName}} में आमंत्रित किया गया है। कृपया आमंत्रण प्रक्रिया को पूरा करने के लिए नीचे दिए गए बटन पर क्लिक करें। यदि आपने इस मेल का अनुरोध नहीं किया है, तो कृपया इसे अनदेखा करें।"
  ButtonText: "आमंत्रण स्वीकार करें"
""",
    "sq": r"""
VerifyEmailOTP:
  Title: Verifikoni OTP-në
  PreHeader: Verifikoni OTP-në
  Subject: Verifikoni OTP-në
  Greeting: Përshëndetje {{.DisplayName}},
  Text: Ju lutemi përdorni OTP-në {{.OTP}} për t'u vërtetuar brenda pesë minutave të ardhshme ose klikoni butonin "Vërteto".
  ButtonText: Vërteto
DomainClaimed:
  Title: Domeni është marrë në pronësi
  PreHeader: Ndryshoni emailin / emrin e përdoruesit
  Subject: Domeni është marrë në pronësi
  Greeting: Përshëndetje {{.DisplayName}},
  Text: Domeni {{.Domain}} është marrë në pronësi nga një organizatë. Përdoruesi juaj aktual {{.Username}} nuk është pjesë e kësaj organizate. Prandaj do t'ju duhet të ndryshoni emailin tuaj kur të hyni. Kemi krijuar një emër të përkohshëm përdoruesi ({{.TempUsername}}) për këtë hyrje.
  ButtonText: Hyr
PasswordChange:
  Title: Fjalëkalimi i përdoruesit u ndryshua
  PreHeader: Ndryshoni fjalëkalimin
  Subject: Fjalëkalimi i përdoruesit u ndryshua
  Greeting: Përshëndetje {{.DisplayName}},
  Text: Fjalëkalimi i përdoruesit tuaj u ndryshua. Nëse ky ndryshim nuk është bërë nga ju, ju këshillojmë të rivendosni menjëherë fjalëkalimin tuaj.
  ButtonText: Hyr
PasswordlessRegistration:
  Title: Shtoni hyrjen me passkey
  PreHeader: Shtoni hyrjen me passkey
  Subject: Shtoni hyrjen me passkey
  Greeting: Përshëndetje {{.DisplayName}},
  Text: Morëm një kërkesë për të shtuar një token për hyrjen me passkey. Ju lutemi përdorni butonin më poshtë për të shtuar token-in ose pajisjen tuaj për hyrjen me passkey.
  ButtonText: Shto hyrjen me passkey
InviteUser:
  Title: Ftesë për {{.ApplicationName}}
  PreHeader: Ftesë për {{.ApplicationName}}
  Subject: Ftesë për {{.ApplicationName}}
  Greeting: Përshëndetje {{.DisplayName}},
  Text: Përdoruesi juaj është ftuar në {{.ApplicationName}}. Ju lutemi klikoni butonin më poshtë për të përfunduar procesin e ftesës. Nëse nuk e keni kërkuar këtë email, ju lutemi shpërfilleni.
  ButtonText: Prano ftesën
""",
    "ar": r"""
VerifyEmailOTP:
  Title: التحقق من كلمة المرور لمرة واحدة (OTP)
  PreHeader: التحقق من كلمة المرور لمرة واحدة (OTP)
  Subject: التحقق من كلمة المرور لمرة واحدة (OTP)
  Greeting: مرحباً {{.DisplayName}}،
  Text: يرجى استخدام كلمة المرور لمرة واحدة {{.OTP}} للمصادقة خلال الدقائق الخمس القادمة أو انقر على زر "مصادقة".
  ButtonText: مصادقة
DomainClaimed:
  Title: تمت المطالبة بالنطاق
  PreHeader: تغيير البريد الإلكتروني / اسم المستخدم
  Subject: تمت المطالبة بالنطاق
  Greeting: مرحباً {{.DisplayName}}،
  Text: تمت المطالبة بالنطاق {{.Domain}} من قبل منظمة. المستخدم الحالي الخاص بك {{.Username}} ليس جزءاً من هذه المنظمة. لذلك سيتعين عليك تغيير بريدك الإلكتروني عند تسجيل الدخول. لقد قمنا بإنشاء اسم مستخدم مؤقت ({{.TempUsername}}) لتسجيل الدخول هذا.
  ButtonText: تسجيل الدخول
PasswordChange:
  Title: تم تغيير كلمة مرور المستخدم
  PreHeader: تغيير كلمة المرور
  Subject: تم تغيير كلمة مرور المستخدم
  Greeting: مرحباً {{.DisplayName}}،
  Text: تم تغيير كلمة المرور الخاصة بمستخدمك. إذا لم تقم بهذا التغيير، يرجى المبادرة فوراً بإعادة تعيين كلمة المرور الخاصة بك.
  ButtonText: تسجيل الدخول
PasswordlessRegistration:
  Title: إضافة دخول بدون كلمة مرور
  PreHeader: إضافة دخول بدون كلمة مرور
  Subject: إضافة دخول بدون كلمة مرور
  Greeting: مرحباً {{.DisplayName}}،
  Text: تلقينا طلباً لإضافة رمز للدخول بدون كلمة مرور. يرجى استخدام الزر أدناه لإضافة الرمز أو الجهاز الخاص بك للدخول بدون كلمة مرور.
  ButtonText: إضافة دخول بدون كلمة مرور
InviteUser:
  Title: دعوة إلى {{.ApplicationName}}
  PreHeader: دعوة إلى {{.ApplicationName}}
  Subject: دعوة إلى {{.ApplicationName}}
  Greeting: مرحباً {{.DisplayName}}،
  Text: تمت دعوة المستخدم الخاص بك إلى {{.ApplicationName}}. يرجى النقر على الزر أدناه لإتمام عملية الدعوة. إذا لم تطلب هذا البريد، يرجى تجاهله.
  ButtonText: قبول الدعوة
""",
    "mk": r"""
VerifyEmailOTP:
  Title: Zitadel - Потврди еднократна лозинка
  PreHeader: Потврди еднократна лозинка
  Subject: Потврди еднократна лозинка
  Greeting: Здраво {{.DisplayName}},
  Text: Ве молам, користи го копчето 'Автентицирај' или копирај ја еднократната лозинка {{.OTP}} и стави ја на екранот за автентикација за да се автентицираш на Zitadel во следните пет минути.
  ButtonText: Автентицирај
DomainClaimed:
  Title: Zitadel - Доменот е преземен
  PreHeader: Промена на е-пошта / корисничко име
  Subject: Доменот е преземен
  Greeting: Здраво {{.DisplayName}},
  Text: Доменот {{.Domain}} е преземен од страна на организација. Вашиот моментален корисник {{.Username}} не е дел од оваа организација. Затоа, при најава, треба да го промените вашиот е-поштенска адреса. Направивме привремено корисничко име ({{.TempUsername}}) за оваа најава.
  ButtonText: Најави се
PasswordChange:
  Title: Zitadel - Лозинката на корисникот е променета
  PreHeader: Промена на лозинка
  Subject: Лозинката на корисникот е променета
  Greeting: Здраво {{.DisplayName}},
  Text: Лозинката на вашиот корисник е променета. Ако оваа промена не е извршена од вас, ве молиме веднаш ресетирајте ја вашата лозинка.
  ButtonText: Најава
""",
    "uk": r"""
VerifyEmailOTP:
  Title: "Підтвердити OTP"
  PreHeader: "Підтвердити OTP"
  Subject: "Підтвердити OTP"
  Greeting: "Вітаємо, {{.DisplayName}}!"
  Text: "Будь ласка, використовуйте OTP {{.OTP}} для автентифікації протягом наступних п'яти хвилин або натисніть кнопку \"Автентифікувати\"."
  ButtonText: "Автентифікувати"
PasswordChange:
  Title: "Пароль користувача було змінено"
  PreHeader: "Змінити пароль"
  Subject: "Пароль користувача було змінено"
  Greeting: "Вітаємо, {{.DisplayName}}!"
  Text: "Пароль вашого користувача було змінено. Якщо ця зміна була зроблена не вами, будь ласка, негайно скиньте ваш пароль."
  ButtonText: "Увійти"
""",
    "sl": r"""
VerifyEmailOTP:
  Title: Preverjanje OTP
  PreHeader: Preverjanje OTP
  Subject: Preverjanje OTP
  Greeting: Pozdravljeni {{.DisplayName}},
  Text: Uporabite OTP {{.OTP}} za avtentikacijo v naslednjih petih minutah ali kliknite gumb "Avtentikacija".
  ButtonText: Avtentikacija
PasswordChange:
  Title: Geslo uporabnika je bilo spremenjeno
  PreHeader: Sprememba gesla
  Subject: Geslo uporabnika je bilo spremenjeno
  Greeting: Pozdravljeni {{.DisplayName}},
  Text: Geslo vašega uporabnika je bilo spremenjeno. Če te spremembe niste izvedli vi, vam svetujemo, da takoj ponastavite geslo.
  ButtonText: Prijava
""",
    "ko": r"""
VerifyEmailOTP:
  Title: "OTP 인증"
  PreHeader: "OTP 인증"
  Subject: "OTP 인증"
  Greeting: "안녕하세요, {{.DisplayName}}님,"
  Text: "인증하려면 다음 OTP {{.OTP}}를 5분 이내에 사용하거나 \"인증\" 버튼을 클릭하세요."
  ButtonText: "인증"
DomainClaimed:
  Title: "조직에서 도메인을 소유하게 되었습니다"
  PreHeader: "이메일 / 사용자 이름 변경"
  Subject: "조직에서 도메인을 소유하게 되었습니다"
  Greeting: "안녕하세요, {{.DisplayName}}님,"
  Text: "도메인 {{.Domain}} 은(는) 조직에서 소유하게 되었습니다. 현재 사용자인 {{.Username}}은 이 조직의 구성원이 아닙니다. 따라서 로그인할 때 이메일을 변경해야 합니다. 이 로그인용으로 임시 사용자 이름 ({{.TempUsername}})을 생성했습니다."
  ButtonText: "로그인"
PasswordChange:
  Title: "사용자 비밀번호 변경됨"
  PreHeader: "비밀번호 변경"
  Subject: "사용자 비밀번호 변경됨"
  Greeting: "안녕하세요, {{.DisplayName}}님,"
  Text: "사용자의 비밀번호가 변경되었습니다. 본인이 직접 변경하지 않으셨다면 즉시 비밀번호를 재설정하시기 바랍니다."
  ButtonText: "로그인"
""",
}
# body markup of internal/notification/static/templates/template.html @ ZITADEL_TEMPLATE_COMMIT;
# the <style> block (about 400 lines) is abridged to its first rules
ZITADEL_HTML = """<!doctype html>
<html>

<head>
    <meta name="viewport" content="width=device-width" />
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
    <title>{{.Title}}</title>
    <style>
        @import url('https://fonts.googleapis.com/css?family=Roboto:300,400&display=swap');

        body {
            background: #222324 url('waves-bottomleft.png') bottom left no-repeat;
            background-size: 150px;
            font-family: 'Roboto', sans-serif;
            font-weight: 300;
            font-size: 14px;
            line-height: 1.4;
            margin: 0;
            padding: 0;
        }

        .preheader, .subject {
            color: transparent;
            display: none;
            height: 0;
            max-height: 0;
            max-width: 0;
            opacity: 0;
            overflow: hidden;
            mso-hide: all;
            visibility: hidden;
            width: 0;
        }
    </style>
</head>

<body class="">
    <span class="preheader">{{.PreHeader}}</span>
    <span class="subject">{{.Subject}}</span>
    <table role="pheader" class="mheader" border="0" cellpadding="0" cellspacing="0">
        <tr>
            <td class="mheadercell">

            </td>
            <td class="logo">
                <img class="logo" src="https://caos.ch/images/LogoCaos.png" alt="CAOS AG - Logo">
            </td>
        </tr>
    </table>
    <table role="presentation" border="0" cellpadding="0" cellspacing="0" class="body">
        <tr>
            <td></td>
            <td class="container">
                <div class="content">

                    <!-- START CENTERED WHITE CONTAINER -->
                    <table role="pheader" class="tableheader" border="0" cellpadding="0" cellspacing="0">
                        <tr>
                            <td class="headercell">
                                <p class="headertitle">Zitadel</p>
                            </td>
                        </tr>
                    </table>
                    <table role="presentation" class="main">

                        <!-- START MAIN CONTENT AREA -->
                        <tr>
                            <td class="wrapper">
                                <table role="presentation" class="maincontent" border="0" cellpadding="0"
                                    cellspacing="0">
                                    <tr>
                                        <td>
                                            <p class="hello">{{.Greeting}}</p>
                                            <p>{{.Text}}</p>
                                            <table role="presentation" border="0" cellpadding="0" cellspacing="0"
                                                class="btn btn-primary">
                                                <tbody>
                                                    <tr>
                                                        <td align="center">
                                                            <table role="presentation" border="0" cellpadding="0"
                                                                cellspacing="0">
                                                                <tbody>
                                                                    <tr>
                                                                        <td> <a href="{{.URL}}" target="_blank"
                                                                                rel="noopener noreferrer">{{.ButtonText}}</a>
                                                                        </td>
                                                                    </tr>
                                                                </tbody>
                                                            </table>
                                                        </td>
                                                    </tr>
                                                </tbody>
                                            </table>
                                        </td>
                                    </tr>
                                </table>
                            </td>
                        </tr>

                        <!-- END MAIN CONTENT AREA -->
                    </table>
                    <!-- END CENTERED WHITE CONTAINER -->

                    <!-- START FOOTER -->
                    <div class="footer">
                        <table role="presentation" border="0" cellpadding="0" cellspacing="0">
                            <tr>
                                <td class="content-block">
                                    <span class="apple-link">CAOS AG &nbsp;&nbsp; | &nbsp;&nbsp; Teufener Strasse 19
                                        &nbsp;&nbsp; | &nbsp;&nbsp; CH-9000 St.Gallen</span>
                                    <br> <a href="http://www.caos.ch">caos.ch</a>.
                                </td>
                            </tr>
                        </table>
                    </div>
                    <!-- END FOOTER -->

                </div>
            </td>
            <td>&nbsp;</td>
        </tr>
    </table>
</body>

</html>"""


def go_html_escape(s: str) -> str:
    """text/template output placed into html/template: the escaping Go applies to strings."""
    return (s.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("+", "&#43;"))  # fmt: skip


def go_text_fill(s: str, data: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*\.(\w+)\s*\}\}", lambda m: data[m.group(1)], s)


def zitadel() -> list[dict[str, Any]]:
    items = []
    plan = [
        (
            "VerifyEmailOTP",
            "verify-email-otp",
            ["en", "kk", "lt", "th", "hi", "sq", "ar", "mk", "uk", "sl", "ko"],
        ),
        (
            "PasswordChange",
            "password-change",
            ["en", "kk", "lt", "th", "hi", "sq", "ar", "mk", "uk", "sl", "ko"],
        ),
        ("DomainClaimed", "domain-claimed", ["kk", "lt", "sq", "ar", "mk", "ko"]),
        (
            "PasswordlessRegistration",
            "passwordless-registration",
            ["en", "kk", "lt", "th", "hi", "sq", "ar"],
        ),
        ("InviteUser", "invite-user", ["kk", "lt", "th", "hi", "sq", "ar"]),
    ]
    for key, tname, langs in plan:
        for lang in langs:
            texts = yaml.safe_load(ZITADEL_I18N[lang])[key]
            item_id = f"zitadel-{tname}-{lang}"
            rng = random.Random("r3lang:" + item_id)
            otp = code_digits(item_id, 8)
            temp_user = str(rng.randint(2 * 10**17, 3 * 10**17))
            data = {
                "DisplayName": "Noor Tester", "OTP": otp, "Domain": "contoso.example",
                "Username": "noor.tester@contoso.example", "TempUsername": temp_user,
                "ApplicationName": "Contoso Portal",
            }  # fmt: skip
            url = {
                "VerifyEmailOTP": "https://auth.contoso.example/ui/login/login/mfa/verify?authRequestID=V2_" + str(rng.randint(2 * 10**17, 3 * 10**17)),
                "PasswordChange": "https://auth.contoso.example/ui/console/",
                "DomainClaimed": "https://auth.contoso.example/ui/login/login",
                "PasswordlessRegistration": "https://auth.contoso.example/ui/login/login/passwordless/init?userID=" + temp_user,
                "InviteUser": "https://auth.contoso.example/ui/v2/login/verify?userId=" + temp_user + "&invite=true",
            }[key]  # fmt: skip
            fields = {k: go_html_escape(go_text_fill(v, data)) for k, v in texts.items()}
            fields["URL"] = url.replace("&", "&amp;")  # html/template escapes & in href
            body = re.sub(
                r"\{\{\.(\w+)\}\}", lambda m, fields=fields: fields[m.group(1)], ZITADEL_HTML
            )
            raw = message(sender="ZITADEL <zitadel@contoso.example>",
                          subject=go_text_fill(texts["Subject"], data), text=None, html_part=body)  # fmt: skip
            rel, sha = write("zitadel", item_id, raw)
            item = {
                "id": item_id, "group": f"zitadel-{tname}", "source": "zitadel", "lang": lang,
                "kind": "saas-otp" if key == "VerifyEmailOTP" else "notice",
                "code": otp if key == "VerifyEmailOTP" else None,
                "repository": "zitadel/zitadel",
                "path": (f"internal/notification/static/i18n/{lang}.yaml, "
                         f"internal/notification/static/templates/template.html @ {ZITADEL_TEMPLATE_COMMIT}"),
                "commit": ZITADEL_COMMITS[lang], "licence": "AGPL-3.0 (Apache-2.0 before 2025)",
                "rendered": ("yaml texts (read via read_file, held inline) filled as Go templates into template.html "
                             "(CSS abridged), Go html escaping; 8-digit OTP; button URL invented"),
                "file": rel, "sha256": sha,
            }  # fmt: skip
            if key == "InviteUser":
                item["note"] = "invitation with a button only; button URL assumed (no code shown)"
            if key == "DomainClaimed":
                item["note"] = (
                    "shows an 18-digit temporary username (a user id) to log in with, not a code"
                )
            items.append(item)
    return items


# ---------------------------------------------------------------------------------------
# Ghost (members sign-in mail, with and without the one-time code)

GHOST_SIGNIN_COMMIT = "037b6308a75e7bc7f57afaec1e07a0b45e41b468"  # emails/signin.js
GHOST_API_COMMIT = "00cc0aa09eee0c9dc70fdc56c11f57b9169abd1a"  # members/api.js
GHOST_LOCALE_COMMITS = {
    "et": "497defb4fe23cf1507881986b77c476be0df84ae",
    "is": "1867324b5a3bd4bae15c90ab4ee9105c63103ebe",
    "lt": "ba34ab6f62d4ef1f03857c25b007d380b681b04c",
    "sw": "ba34ab6f62d4ef1f03857c25b007d380b681b04c",
}
# ghost/i18n/locales/<lang>/ghost.json: the keys the sign-in mail uses. Empty strings are
# untranslated there; Ghost's i18next (returnEmptyString: false, fallback en) then prints the key.
GHOST_LOCALES: dict[str, dict[str, str]] = {
    "et": {
        "Hey there,": "Tere,",
        "Secure sign in link for {siteTitle}": "Turvaline sisselogimislink {siteTitle} lehele",
        "Welcome back to {siteTitle}!": "Tere tulemast tagasi {siteTitle} lehele!",
        "Welcome back! Use this link to securely sign in to your {siteTitle} account:": "Tere tulemast tagasi! Kasuta seda linki, et turvaliselt oma {siteTitle} kontole sisse logida:",
        "Sign in to {siteTitle}": "Logi sisse {siteTitle} lehele",
        "For your security, the link will expire in 24 hours time.": "Teie turvalisuse huvides aegub link 24 tunni pärast.",
        "See you soon!": "Kohtumiseni!",
        "You can also copy & paste this URL into your browser:": "Võid ka kopeerida ja kleepida selle URL-i oma brauserisse:",
        "If you did not make this request, you can safely ignore this email.": "Kui sa ei teinud seda päringut, võid seda e-kirja julgelt ignoreerida.",
        "Sent to {email}": "Saadetud aadressile {email}",
    },
    "is": {
        "Hey there,": "Góðan dag,",
        "Secure sign in link for {siteTitle}": "Innskráningarhlekkur fyrir {siteTitle}",
        "Welcome back to {siteTitle}!": "Velkomin/n aftur á {siteTitle}!",
        "Welcome back! Use this link to securely sign in to your {siteTitle} account:": "Velkomin/n aftur! Notið þennan hlekk fyrir örugga innskráningu á {siteTitle}",
        "Sign in to {siteTitle}": "Innskráning á {siteTitle}",
        "For your security, the link will expire in 24 hours time.": "Í öryggisskyni verður hlekkurinn óvirkur eftir 24 klukkustundir",
        "See you soon!": "Sjáumst von bráðar!",
        "You can also copy & paste this URL into your browser:": "Þú getur einnig afritað þessa vefslóð og sett hana í vafrann þinn:",
        "If you did not make this request, you can safely ignore this email.": "Ef þú stendur ekki að baki þessari beiðni geturðu leitt þennan tölvupóst hjá þér",
        "Sent to {email}": "Senda til {email}",
    },
    "lt": {
        "Hey there,": "Sveiki,",
        "Secure sign in link for {siteTitle}": "Saugi prisijungimo nuoroda į {siteTitle}",
        "Welcome back to {siteTitle}!": "Sveiki sugrįžę į {siteTitle}!",
        "Welcome back! Use this link to securely sign in to your {siteTitle} account:": "Sveiki sugrįžę! Naudokitės šia nuoroda norėdami saugiai prisijungti prie savo {siteTitle} paskyros:",
        "Sign in to {siteTitle}": "Prisijungti prie {siteTitle}",
        "For your security, the link will expire in 24 hours time.": "Dėl jūsų saugumo, nuoroda nustos galioti po 24 valandų.",
        "See you soon!": "Iki pasimatymo!",
        "You can also copy & paste this URL into your browser:": "Taip pat galite nukopijuoti ir įklijuoti šį adresą į naują langą savo naršyklėje.",
        "If you did not make this request, you can safely ignore this email.": "Jei šios užklausos nepateikėte, galite ignoruoti šį el. laišką. ",
        "Sent to {email}": "Išsiųsta į {email}",
    },
    "sw": {
        "Hey there,": "Habari,",
        "Secure sign in link for {siteTitle}": "Kiungo salama cha kuingia kwa {siteTitle}",
        "Welcome back to {siteTitle}!": "Karibu tena kwa {siteTitle}!",
        "Welcome back! Use this link to securely sign in to your {siteTitle} account:": "Karibu tena! Tumia kiungo hiki kuingia kwa usalama kwenye akaunti yako ya {siteTitle}:",
        "Sign in to {siteTitle}": "Ingia kwa {siteTitle}",
        "For your security, the link will expire in 24 hours time.": "Kwa usalama wako, kiungo hiki kitaisha muda baada ya saa 24.",
        "See you soon!": "Tutaonana hivi karibuni!",
        "You can also copy & paste this URL into your browser:": "Unaweza pia kunakili na kubandika URL hii kwenye kivinjari chako:",
        "If you did not make this request, you can safely ignore this email.": "Ikiwa hukufanya ombi hili, unaweza kupuuza barua pepe hii kwa usalama.",
        "Sent to {email}": "Imetumwa kwa {email}",
    },
    "en": {},
}
GF = ("-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, "
      "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'")  # fmt: skip
GHOST_STYLE = """    <style>
    /* -------------------------------------
        RESPONSIVE AND MOBILE FRIENDLY STYLES
    ------------------------------------- */
    @media only screen and (max-width: 620px) {
      table[class=body] h1 {
        font-size: 28px !important;
        margin-bottom: 10px !important;
      }
      table[class=body] p,
            table[class=body] ul,
            table[class=body] ol,
            table[class=body] td,
            table[class=body] span,
            table[class=body] a {
        font-size: 16px !important;
      }
      table[class=body] .wrapper,
            table[class=body] .article {
        padding: 10px !important;
      }
      table[class=body] .content {
        padding: 0 !important;
      }
      table[class=body] .container {
        padding: 0 !important;
        width: 100% !important;
      }
      table[class=body] .main {
        border-left-width: 0 !important;
        border-radius: 0 !important;
        border-right-width: 0 !important;
      }
      table[class=body] .btn table {
        width: 100% !important;
      }
      table[class=body] .btn a {
        width: 100% !important;
      }
      table[class=body] .img-responsive {
        height: auto !important;
        max-width: 100% !important;
        width: auto !important;
      }
      table[class=body] p[class=small],
      table[class=body] a[class=small] {
        font-size: 11px !important;
      }
    }
    /* -------------------------------------
        PRESERVE THESE STYLES IN THE HEAD
    ------------------------------------- */
    @media all {
      .ExternalClass {
        width: 100%;
      }
      .ExternalClass,
            .ExternalClass p,
            .ExternalClass span,
            .ExternalClass font,
            .ExternalClass td,
            .ExternalClass div {
        line-height: 100%;
      }
      .recipient-link a {
        color: inherit !important;
        font-family: inherit !important;
        font-size: inherit !important;
        font-weight: inherit !important;
        line-height: inherit !important;
        text-decoration: none !important;
      }
      #MessageViewBody a {
        color: inherit;
        text-decoration: none;
        font-size: inherit;
        font-family: inherit;
        font-weight: inherit;
        line-height: inherit;
      }
    }
    hr {
      border-width: 0;
      height: 0;
      margin-top: 34px;
      margin-bottom: 34px;
      border-bottom-width: 1px;
      border-bottom-color: #EEF5F8;
    }
    a {
      color: #3A464C;
    }
    </style>
"""


def ghost_signin_html(t: Any, *, site_title: str, email: str, url: str, otc: str | None,
                      accent: str, site_domain: str, site_url: str) -> str:  # fmt: skip
    """emails/signin.js (a JS template literal) transcribed; same output for these inputs."""
    a = accent
    title = (t("Sign in to {siteTitle} with code {otc}", siteTitle=site_title, otc=otc) if otc
             else t("Secure sign in link for {siteTitle}", siteTitle=site_title))  # fmt: skip
    pre = (t("Welcome back to {siteTitle}! Your verification code is {otc}.", siteTitle=site_title, otc=otc) if otc
           else t("Welcome back to {siteTitle}!", siteTitle=site_title))  # fmt: skip
    p16 = f"font-family: {GF}; font-size: 16px; color: #3A464C; font-weight: normal; margin: 0; line-height: 24px;"
    if otc:
        branch = (
            f'<p style="{p16} margin-bottom: 24px;">'
            + t("Welcome back! Here's your code to sign in to {siteTitle}", siteTitle=site_title) + ":</p>\n"
            + '                        <table border="0" cellpadding="0" cellspacing="0" class="btn btn-primary" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; min-width: 100%; width: 100%; box-sizing: border-box; margin-bottom: 32px;">\n'
            "                          <tbody>\n"
            "                            <tr>\n"
            '                              <td style="padding: 16px; background-color: #F4F5F6; border-radius: 8px; text-align: center; vertical-align: middle;" valign="middle">\n'
            f'                                <h2 style="text-align: center; vertical-align: center; letter-spacing: 5px; font-size: 24px; color: #15212A; font-weight: 600; line-height: 24px; margin: 0;">{otc}</h2>\n'
            "                              </td>\n"
            "                            </tr>\n"
            "                          </tbody>\n"
            "                        </table>\n"
            f'                        <p style="{p16} margin-bottom: 24px;">' + t("Or, skip the code and sign in directly") + ":</p>\n"
            '                        <table border="0" cellpadding="0" cellspacing="0" class="btn btn-primary" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%; min-width: 100%; box-sizing: border-box;">\n'
            "                          <tbody>\n"
            "                            <tr>\n"
            f'                              <td align="center" style="font-family: {GF}; font-size: 16px; vertical-align: top; padding-bottom: 35px;">\n'
            '                                <table border="0" cellpadding="0" cellspacing="0" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%; min-width: 100%;">\n'
            "                                  <tbody>\n"
            "                                    <tr>\n"
            f'                                      <td align="center" style="font-family: {GF}; font-size: 16px; vertical-align: top; background-color: {a}; border-radius: 5px; text-align: center;"> <a href="{url}" target="_blank" style="display: inline-block; color: #ffffff; background-color: {a}; border: solid 1px {a}; border-radius: 5px; box-sizing: border-box; cursor: pointer; text-decoration: none; font-size: 16px; font-weight: normal; margin: 0; padding: 9px 22px 10px; border-color: {a};">'
            + t("Sign in now") + "</a> </td>\n"
            "                                    </tr>\n"
            "                                  </tbody>\n"
            "                                </table>\n"
            "                              </td>\n"
            "                            </tr>\n"
            "                          </tbody>\n"
            "                        </table>\n"
            f'                        <p style="font-family: {GF}; font-size: 15px; color: #3A464C; font-weight: normal; margin: 0; line-height: 24px;">'
            + t("You can also copy & paste this URL into your browser:") + "</p>"
        )  # fmt: skip
    else:
        branch = (
            f'<p style="{p16} margin-bottom: 32px;">'
            + t("Welcome back! Use this link to securely sign in to your {siteTitle} account:", siteTitle=site_title) + "</p>\n"
            '                        <table border="0" cellpadding="0" cellspacing="0" class="btn btn-primary" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%; box-sizing: border-box;">\n'
            "                          <tbody>\n"
            "                            <tr>\n"
            f'                              <td align="left" style="font-family: {GF}; font-size: 16px; vertical-align: top; padding-bottom: 35px;">\n'
            '                                <table border="0" cellpadding="0" cellspacing="0" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: auto;">\n'
            "                                  <tbody>\n"
            "                                    <tr>\n"
            f'                                      <td style="font-family: {GF}; font-size: 16px; vertical-align: top; background-color: {a}; border-radius: 5px; text-align: center;"> <a href="{url}" target="_blank" style="display: inline-block; color: #ffffff; background-color: {a}; border: solid 1px {a}; border-radius: 5px; box-sizing: border-box; cursor: pointer; text-decoration: none; font-size: 16px; font-weight: normal; margin: 0; padding: 9px 22px 10px; border-color: {a};">'
            + t("Sign in to {siteTitle}", siteTitle=site_title) + "</a> </td>\n"
            "                                    </tr>\n"
            "                                  </tbody>\n"
            "                                </table>\n"
            "                              </td>\n"
            "                            </tr>\n"
            "                          </tbody>\n"
            "                        </table>\n"
            f'                        <p style="font-family: {GF}; font-size: 16px; color: #3A464C; font-weight: normal; line-height: 24px; margin: 0; margin-bottom: 11px;">'
            + t("For your security, the link will expire in 24 hours time.") + "</p>\n"
            f'                        <p style="font-family: {GF}; font-size: 16px; color: #3A464C; font-weight: normal; line-height: 24px; margin: 0; margin-bottom: 30px;">'
            + t("See you soon!") + "</p>\n"
            "                        <hr/>\n"
            f'                        <p style="font-family: {GF}; font-size: 15px; color: #3A464C; font-weight: normal; margin: 0; line-height: 24px;">'
            + t("You can also copy & paste this URL into your browser:") + "</p>"
        )  # fmt: skip
    small = f"font-family: {GF}; line-height: 16px; font-size: 11px; color: #738A94; font-weight: normal; margin: 0;"
    sent_from = t(
        "This message was sent from {siteDomain} to {email}.",
        siteDomain=f'<a class="small" href="{site_url}" style="text-decoration: underline; color: #738A94; font-size: 11px;">{site_domain}</a>',
        email=f'<a class="small" href="mailto:{email}" style="text-decoration: underline; color: #738A94; font-size: 11px;">{email}</a>',
    )  # fmt: skip
    td14 = f"font-family: {GF}; font-size: 14px; vertical-align: top;"
    return (
        "\n<!doctype html>\n<html>\n  <head>\n"
        '    <meta name="viewport" content="width=device-width">\n'
        '    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n'
        f"    <title>🔑 {title}</title>\n"
        + GHOST_STYLE
        + "  </head>\n"
        f'  <body style="background-color: #ffffff; font-family: {GF}; -webkit-font-smoothing: antialiased; font-size: 14px; line-height: 1.5em; margin: 0; padding: 0; -ms-text-size-adjust: 100%; -webkit-text-size-adjust: 100%;">\n'
        '    <table border="0" cellpadding="0" cellspacing="0" class="body" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%;">\n'
        "      <tr>\n"
        f'        <td style="{td14}">&nbsp;</td>\n'
        f'        <td class="container" style="{td14} display: block; Margin: 0 auto; max-width: 540px; padding: 10px; width: 540px;">\n'
        '          <div class="content" style="box-sizing: border-box; display: block; Margin: 0 auto; max-width: 600px; padding: 30px 20px;">\n'
        "\n"
        "            <!-- START CENTERED CONTAINER -->\n"
        f'            <span class="preheader" style="color: transparent; display: none; height: 0; max-height: 0; max-width: 0; opacity: 0; overflow: hidden; mso-hide: all; visibility: hidden; width: 0;">{pre}</span>\n'
        "            <!-- SPACING FOR PREVIEW TEXT -->\n"
        '            <div style="display:none; max-height:0; overflow:hidden; mso-hide: all;" aria-hidden="true" role="presentation">\n'
        "              " + "&zwnj;&nbsp;" * 75 + "\n"
        "            </div>\n"
        '            <table class="main" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%; background: #ffffff; border-radius: 8px;">\n'
        "\n"
        "              <!-- START MAIN CONTENT AREA -->\n"
        "              <tr>\n"
        f'                <td class="wrapper" style="{td14} box-sizing: border-box;">\n'
        '                  <table border="0" cellpadding="0" cellspacing="0" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; width: 100%;">\n'
        "                    <tr>\n"
        f'                      <td style="{td14}">\n'
        f'                        <p style="font-family: {GF}; font-size: 20px; color: #15212A; font-weight: bold; line-height: 24px; margin: 0; margin-bottom: 15px;">'
        + t("Hey there,") + "</p>\n"
        "                        " + branch + "\n"
        f'                        <p style="word-break: break-all; font-family: {GF}; font-size: 15px; line-height: 22px; margin-top:0; color: #3A464C;">{url}</p>\n'
        "                      </td>\n"
        "                    </tr>\n"
        "\n"
        "                    <!-- START FOOTER -->\n"
        "\n"
        "                    <tr>\n"
        f'                      <td style="{td14} padding-top: 80px;">\n'
        f'                        <p class="small" style="{small}">'
        + t("If you did not make this request, you can safely ignore this email.") + "</p>\n"
        "                      </td>\n"
        "                    </tr>\n"
        "                    <tr>\n"
        f'                      <td style="{td14} padding-top: 2px;">\n'
        f'                        <p class="small" style="{small}">{sent_from}</p>\n'
        "                      </td>\n"
        "                    </tr>\n"
        "\n"
        "                    <!-- END FOOTER -->\n"
        "                  </table>\n"
        "                </td>\n"
        "              </tr>\n"
        "\n"
        "            <!-- END MAIN CONTENT AREA -->\n"
        "            </table>\n"
        "\n"
        "\n"
        "          <!-- END CENTERED CONTAINER -->\n"
        "          </div>\n"
        "        </td>\n"
        f'        <td style="{td14}">&nbsp;</td>\n'
        "      </tr>\n"
        "    </table>\n"
        "  </body>\n"
        "</html>\n"
    )  # fmt: skip


def ghost() -> list[dict[str, Any]]:
    items = []
    site_title, site_url, site_domain = (
        "Contoso Notes",
        "https://notes.contoso.example/",
        "notes.contoso.example",
    )
    email = "noor.tester@example.com"
    for lang in ("en", "et", "is", "lt", "sw"):
        cat = GHOST_LOCALES[lang]

        def t(key: str, cat: dict[str, str] = cat, **params: str) -> str:
            text = (
                cat.get(key) or key
            )  # returnEmptyString: false, fallback en (whose values are the keys)
            for k, v in params.items():
                text = text.replace("{" + k + "}", v)
            return text

        for with_code in (True, False):
            tname = "signin-code" if with_code else "signin-link"
            item_id = f"ghost-{tname}-{lang}"
            rng = random.Random("r3lang:" + item_id)
            token = "".join(
                rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
                for _ in range(32)
            )
            url = f"{site_url}members/?token={token}&action=signin&r=https%3A%2F%2Fnotes.contoso.example%2F"
            otc = code_digits(item_id, 6) if with_code else None
            subject = "🔑 " + (t("Sign in to {siteTitle} with code {otc}", siteTitle=site_title, otc=otc) if otc
                              else t("Secure sign in link for {siteTitle}", siteTitle=site_title))  # fmt: skip
            middle = (
                f"{t('Your verification code for {siteTitle}', siteTitle=site_title)}: {otc}\n\n"
                f"{t('Or use this link to securely sign in')}:"
                if otc else t("Welcome back! Use this link to securely sign in to your {siteTitle} account:", siteTitle=site_title)
            )  # fmt: skip
            text = "\n".join([
                t("Hey there,"), "", middle, "", url, "",
                t("For your security, the link will expire in 24 hours time."), "", t("See you soon!"), "", "---", "",
                t("Sent to {email}", email=email),
                t("If you did not make this request, you can safely ignore this email."),
            ]).strip()  # fmt: skip
            body = ghost_signin_html(t, site_title=site_title, email=email, url=url, otc=otc, accent="#FF1A75",
                                     site_domain=site_domain, site_url=site_url)  # fmt: skip
            raw = message(sender=f'"{site_title}" <noreply@notes.contoso.example>', subject=subject,
                          text=text, html_part=body)  # fmt: skip
            rel, sha = write("ghost", item_id, raw)
            loc = (
                f"ghost/i18n/locales/{lang}/ghost.json @ {GHOST_LOCALE_COMMITS[lang]}, "
                if lang != "en"
                else ""
            )
            item = {
                "id": item_id, "group": f"ghost-{tname}", "source": "ghost", "lang": lang,
                "kind": "saas-otp" if otc else "notice", "code": otc, "repository": "TryGhost/Ghost",
                "path": (f"ghost/core/core/server/services/members/emails/signin.js @ {GHOST_SIGNIN_COMMIT}, "
                         f"ghost/core/core/server/services/members/api.js @ {GHOST_API_COMMIT}, {loc}"
                         "ghost/i18n/lib/i18n.js"),
                "commit": GHOST_API_COMMIT, "licence": "MIT",
                "rendered": ("getSubject/getText of api.js and signin.js transcribed (read via read_file) and filled by hand; "
                             "untranslated keys fall back to English as Ghost's i18next does; 6-digit code"),
                "file": rel, "sha256": sha,
            }  # fmt: skip
            if otc and lang != "en":
                item["note"] = (
                    "the code lines are untranslated in this locale, so English (as Ghost sends it); the rest is translated"
                )
            if not otc:
                item["note"] = (
                    "magic-link sign-in (code disabled): a link with a token, nothing to type"
                )
            items.append(item)
    return items


# ---------------------------------------------------------------------------------------
# Rallly (react-email templates; markup approximated by hand)

RALLLY_COMMIT = "c629b3148024e40a115a731d3660d725c9329b0e"
RALLLY_LANGS = ("en", "fi", "hu", "cs", "da", "no")
RFONT = ("'Inter UI', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Oxygen, Ubuntu, Cantarell, "
         "'Helvetica Neue', sans-serif")  # fmt: skip
R_BASE = "https://rallly.contoso.example"
R_DOMAIN = "rallly.contoso.example"
R_SUPPORT = "support@contoso.example"
R_LOGO = "https://d39ixtfgglw55o.cloudfront.net/images/rallly-logo-mark.png"
R_PRIMARY = "#4f46e5"


def _r_text(
    inner: str, *, light: bool = False, small: bool = False, extra: str = "", id_: str = ""
) -> str:
    style = (f"margin:16px 0;font-family:{RFONT};font-size:{'14px' if small else '16px'};"
             f"color:{'#4B5563' if light else '#1F2937'};line-height:1.5{extra}")  # fmt: skip
    idattr = f' id="{id_}"' if id_ else ""
    return f'<p{idattr} style="{html.escape(style)}">{inner}</p>'


def _r_link(href: str, inner: str) -> str:
    style = html.escape(f"color:{R_PRIMARY};text-decoration-line:none;font-family:{RFONT}")
    return f'<a color="{R_PRIMARY}" href="{html.escape(href)}" style="{style}" target="_blank">{inner}</a>'


def _r_trans(s: str) -> tuple[str, str]:
    """<Trans> with <domain /> and <a>{supportEmail}</a> (html, and the text html-to-text makes of it)."""
    s = s.replace("{supportEmail}", R_SUPPORT)
    h = html.escape(s, quote=False)
    h = h.replace("&lt;domain /&gt;", _r_link(R_BASE, R_DOMAIN))
    h = re.sub(r"&lt;a&gt;(.*?)&lt;/a&gt;", lambda m: _r_link("mailto:" + R_SUPPORT, m.group(1)), h)
    txt = s.replace("<domain />", f"{R_DOMAIN} {R_BASE}")
    txt = re.sub(r"<a>(.*?)</a>", lambda m: f"{m.group(1)} mailto:{R_SUPPORT}", txt)
    return h, txt


def _r_powered(t: Any) -> tuple[str, str]:
    s = t("common_poweredBy").replace("{domain}", "Rallly")
    href = "https://rallly.co?utm_source=rallly&utm_medium=email&utm_campaign=powered_by"
    h = re.sub(
        r"<a>(.*?)</a>",
        lambda m: _r_link(href, m.group(1)),
        html.escape(s, quote=False).replace("&lt;a&gt;", "<a>").replace("&lt;/a&gt;", "</a>"),
    )
    txt = re.sub(r"<a>(.*?)</a>", lambda m: f"{m.group(1)} {href}", s)
    return h, txt


def rallly(repo: Path) -> list[dict[str, Any]]:
    items = []
    en = json.loads(git_show(repo, RALLLY_COMMIT, "packages/emails/locales/en/emails.json"))
    for lang in RALLLY_LANGS:
        cat = json.loads(
            git_show(repo, RALLLY_COMMIT, f"packages/emails/locales/{lang}/emails.json")
        )

        def t(key: str, cat: dict[str, str] = cat, **params: str) -> str:
            s = cat.get(key) or en[key]
            for k, v in params.items():
                s = s.replace("{" + k + "}", v)
            return s

        for tname in ("register", "passwordAdded"):
            item_id = f"rallly-{tname.lower()}-{lang}"
            code = code_digits(item_id, 6) if tname == "register" else None
            preview = t("register_preview", code=code) if code else t("passwordAdded_preview")
            heading = t(f"{tname}_heading")
            parts_h = [_r_text(html.escape(t(f"{tname}_text")))]
            parts_t = [t(f"{tname}_text")]
            if code:
                parts_h.append(
                    _r_text(
                        code,
                        extra=";letter-spacing:2px;font-size:32px;font-weight:bold",
                        id_="code",
                    )
                )
                parts_t.append(code)
                parts_h.append(_r_text(html.escape(t("register_codeValid")), light=True))
                parts_t.append(t("register_codeValid"))
            foot_h, foot_t = _r_trans(t("login_content2" if code else "passwordAdded_content2"))
            pow_h, pow_t = _r_powered(t)
            body_h = (
                '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
                '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
                '<html dir="ltr" lang="en"><head><meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/>'
                '<meta name="x-apple-disable-message-reformatting"/></head>'
                '<body style="background-color:#FFFFFF"><!--$-->'
                '<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0" '
                f'data-skip-in-text="true">{html.escape(preview)}<div>' + "\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff" * 20 + "</div></div>"
                '<table align="center" width="100%" border="0" cellpadding="0" cellspacing="0" role="presentation" '
                f'style="{html.escape("max-width:480px;margin:0 auto;background:white;font-family:" + RFONT + ";padding:32px 8px;color:#1F2937")}">'
                '<tbody><tr style="width:100%"><td>'
                f'<img alt="Rallly" height="42" src="{R_LOGO}" style="display:block;outline:none;border:none;'
                'text-decoration:none;margin-bottom:32px;border-radius:6px"/>'
                f'<h1 style="font-size:20px;font-weight:bold">{html.escape(heading)}</h1>'
                + "".join(parts_h)
                + '<hr style="width:100%;border:none;border-top:1px solid #eaeaea"/>'
                + _r_text(foot_h, light=True, small=True)
                + _r_text(pow_h, light=True, small=True)
                + "</td></tr></tbody></table><!--/$--></body></html>"
            )  # fmt: skip
            body_t = "\n\n".join([heading.upper(), *parts_t, "-" * 80, foot_t, pow_t])
            subject = t("register_subject") if code else t("passwordAdded_subject")
            raw = message(
                sender=f"Rallly <noreply@{R_DOMAIN}>",
                subject=subject,
                text=body_t,
                html_part=body_h,
            )
            rel, sha = write("rallly", item_id, raw)
            tpl = "register.tsx" if code else "password-added.tsx"
            item = {
                "id": item_id, "group": f"rallly-{tname.lower()}", "source": "rallly", "lang": lang,
                "kind": "saas-otp" if code else "notice", "code": code, "repository": "lukevella/rallly",
                "path": (f"packages/emails/src/templates/{tpl}, packages/emails/src/components/styled-components.tsx, "
                         f"packages/emails/src/components/powered-by.tsx, packages/emails/locales/{lang}/emails.json"),
                "commit": RALLLY_COMMIT, "licence": "AGPL-3.0",
                "rendered": ("strings filled as the template does; react-email HTML markup and the html-to-text plain part "
                             "approximated by hand (not run); 6-digit code"),
                "file": rel, "sha256": sha,
            }  # fmt: skip
            if code:
                item["note"] = (
                    "the preheader and the text also say '6-digit' (a lone 6 before the code in some languages)"
                )
            items.append(item)
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--twofactor", type=Path, required=True)
    ap.add_argument("--wallabag", type=Path, required=True)
    ap.add_argument("--rallly", type=Path, required=True)
    args = ap.parse_args()
    items = (
        nc2fa(args.twofactor) + wallabag(args.wallabag) + zitadel() + ghost() + rallly(args.rallly)
    )
    for i in items:  # BCP 47 tags
        i["lang"] = {"et_EE": "et"}.get(i["lang"], i["lang"].replace("_", "-"))
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    out = HERE / "round3" / f"{NAME}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code, {len(items) - pos} without")


if __name__ == "__main__":
    main()
