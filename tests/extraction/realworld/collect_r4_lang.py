"""Round 4, helper ``lang``: sign-in / two-step code mails in many languages.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r4_lang.py \\
        --emailauth /work/.mirror/wikimedia+mediawiki-extensions-EmailAuth/repo \\
        --espocrm /work/.mirror/espocrm+espocrm/repo \\
        --mas /work/.mirror/element-hq+matrix-authentication-service/repo \\
        --djangootp /work/.mirror/django-otp+django-otp/repo

Writes ``mail/<source>/<id>.eml`` and ``round4/lang.json``. Does not import otpmail; the
labels are what a person reading the mail would type (or ``null``).

Sources and how each is rendered:

- ``emailauth``: wikimedia/mediawiki-extensions-EmailAuth (GPL-2.0-or-later), git snapshot.
  The login verification mail as ``includes/EmailAuthSecondaryAuthenticationProvider.php``
  builds it: subject ``emailauth-email-subject`` ($1 = site name), a text part from
  ``templates/email-text.mustache`` and an HTML part from ``templates/email-html.mustache``
  (MediaWiki's TemplateParser escapes ``{{var}}`` with htmlspecialchars/ENT_QUOTES in both,
  ``{{{help-html}}}`` raw), strings from ``i18n/<lang>.json``. Code: six digits
  (``generateToken``). The warning's $1 is ``Message::durationParam`` of the session expiry
  (3600 s), which MediaWiki core formats with its ``duration-hours`` message; core's
  catalogues were not fetched, so "1 hour" is written by hand per language (DURATION_1H).
  Wiki named "Contoso Wiki", user "Noor Tester". Only languages whose catalogue has every
  string of the mail (no English fallback, no GRAMMAR) are taken. Negatives: the
  account-recovery confirmation mail (a link, 900 s = "15 minutes", hand-written per
  language) and the recovery notice to the old address, plain text as
  ``includes/AccountRecovery/Special/SpecialAccountRecovery.php`` sends them.
- ``espocrm``: espocrm/espocrm (AGPL-3.0), git snapshot. The two-factor e-mail code
  (``application/Espo/Core/Authentication/TwoFactor/Email/Util.php``: seven digits,
  ``CODE_LENGTH = 7``) from ``application/Espo/Resources/templates/twoFactorCode/<lang>/``
  ``subject.tpl``/``body.tpl`` (Handlebars ``{{code}}``), and the password-change-link mail
  (``passwordChangeLink``) as negatives. EspoCRM sends the HTML body with a plain-text
  alternative; that text is made here by stripping the tags (approximation of Espo's own
  html-to-text).
- ``mas``: element-hq/matrix-authentication-service (AGPL-3.0-only), git snapshot. The
  e-mail verification code mail (``templates/emails/verification.{subject,txt,html}``) and the
  password-recovery mail (``templates/emails/recovery.*``, a negative: a link only), rendered
  with Jinja2 (the minijinja templates use only Jinja-compatible syntax) and a ``translator``
  that formats ``translations/<lang>.json`` strings with ``%(name)s`` and returns them as safe
  markup, as MAS's translator does; ``.html`` auto-escaped. Sent as multipart/alternative
  plain + HTML (``crates/email/src/mailer.rs``). Code: six digits (``crates/tasks/src/email.rs``),
  user ``noor`` on server ``contoso.example``, recovery ticket 32 alphanumerics
  (``crates/tasks/src/recovery.rs``) at ``/account/password/recovery?ticket=``. Languages whose
  catalogue lacks the mail's strings (nl for both; pt-BR, sk, sv, uz for recovery) not taken.
- ``djangootp``: django-otp/django-otp (Unlicense), git snapshot. The ``otp_email`` plugin's
  default mail (``src/django_otp/plugins/otp_email/models.py`` ``_deliver_token``, settings
  of ``conf.py``): subject ``OTP token``, plain-text body ``otp/email/token.txt``
  (``{{ token }}`` and a newline), six digits (``generate_token(length=6)``). It has no
  translations; one English mail.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import jinja2
from collect import HERE, message
from markupsafe import Markup

NAME = "lang"
EMAILAUTH_COMMIT = "54a1f6c8a0b13586c887ea46d4704e8997fb0795"
ESPOCRM_COMMIT = "2cde9d980f84cfc3caa1adf3275a0817e1e49bfa"
MAS_COMMIT = "682b8d26d3b3666b6652490f66618ab3d640fa5d"
MAS_CODE_LANGS = ("en", "cs", "da", "de", "et", "fi", "fr", "hu", "nb-NO", "pl", "pt", "pt-BR",
                  "ru", "sk", "sv", "uk", "uz", "zh-Hans")  # fmt: skip
MAS_NEG_LANGS = ("en", "uk", "zh-Hans", "hu", "et", "cs")
DJANGO_OTP_COMMIT = "fc0d50b6f66da10fad250ce1640f0385f3229f48"
RNG = random.Random("r4-lang")
SITE = "Contoso Wiki"
USER = "Noor Tester"

# "1 hour" / "15 minutes" as MediaWiki's formatDuration would print them, written by hand.
DURATION_1H = {
    "en": "1 hour", "ar": "ساعة واحدة", "az": "1 saat", "ce": "1 сахьт", "el": "1 ώρα",
    "he": "שעה אחת", "hi": "1 घंटा", "ia": "1 hora", "ko": "1시간", "mk": "1 час",
    "ps": "1 ساعت", "so": "1 saac", "th": "1 ชั่วโมง", "vi": "1 giờ", "xmf": "1 საათი",
    "zh-hant": "1 小時", "fi": "1 tunti", "sk": "1 hodina", "tr": "1 saat",
}  # fmt: skip
DURATION_15M = {
    "en": "15 minutes", "az": "15 dəqiqə", "mk": "15 минути", "so": "15 daqiiqo",
    "zh-hans": "15分钟", "gl": "15 minutos", "de": "15 Minuten", "ru": "15 минут",
    "fa": "۱۵ دقیقه",
}  # fmt: skip
NOTICE_LANGS = ("en", "az", "mk", "so", "zh-hans", "gl", "de", "ru", "fa")
NOTICE_ONLY_CONFIRM = ("ru", "fa")  # their catalogues lack the notice to the old address
ESPO_CODE_LANGS = ("en_US", "de_DE", "it_IT", "ru_RU")
ESPO_NEG_LANGS = ("lt_LT", "hr_HR", "sr_RS", "uk_UA", "id_ID", "tr_TR", "ro_RO", "cs_CZ", "hu_HU",
                  "nb_NO", "pl_PL", "zh_CN")  # fmt: skip


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _esc(value: str) -> str:
    """PHP htmlspecialchars(ENT_QUOTES), as MediaWiki's TemplateParser escapes ``{{x}}``."""
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#039;")
    )  # fmt: skip


def _mustache(template: str, data: dict[str, str]) -> str:
    template = re.sub(r"\{\{\{([\w-]+)\}\}\}", lambda m: data[m.group(1)], template)
    return re.sub(r"\{\{([\w-]+)\}\}", lambda m: _esc(data[m.group(1)]), template)


def _params(msg: str, *args: str) -> str:
    for n, arg in enumerate(args, 1):
        msg = msg.replace(f"${n}", arg)
    return msg


def _write(source: str, ident: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _code(digits: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(digits))


def emailauth(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    text_tpl = _show(repo, EMAILAUTH_COMMIT, "templates/email-text.mustache")
    html_tpl = _show(repo, EMAILAUTH_COMMIT, "templates/email-html.mustache")
    en = json.loads(_show(repo, EMAILAUTH_COMMIT, "i18n/en.json"))
    help_url = en["emailauth-email-help-url"]
    sender = f"{SITE} <wiki@contoso.example>"
    keys = ("subject", "body-intro", "body-code-text", "body-warning", "body-attack-heading",
            "body-attack-p1", "body-attack-p2", "body-help-text")  # fmt: skip
    for lang, dur in DURATION_1H.items():
        cat = json.loads(_show(repo, EMAILAUTH_COMMIT, f"i18n/{lang}.json"))
        m = {k: cat[f"emailauth-email-{k}"] for k in keys}
        assert not any("{{" in v for v in m.values()), lang
        code = _code(6)
        subject = _params(m["subject"], SITE)
        data = {
            "code": code,
            "subject": subject,
            "intro": _params(m["body-intro"], USER, SITE),
            "code-text": m["body-code-text"],
            "warning": _params(m["body-warning"], dur),
            "attack-heading": m["body-attack-heading"],
            "attack-p1": m["body-attack-p1"],
            "attack-p2": m["body-attack-p2"],
            "help-text": _params(m["body-help-text"], help_url),
            "help-html": _params(m["body-help-text"], f'<a href="{help_url}">{help_url}</a>'),
        }
        raw = message(sender=sender, subject=subject, text=_mustache(text_tpl, data),
                      html_part=_mustache(html_tpl, data))  # fmt: skip
        ident = f"emailauth-login-{lang}"
        rel, sha = _write("emailauth", ident, raw)
        items.append({
            "id": ident, "group": "emailauth-login", "source": "emailauth", "lang": lang,
            "kind": "saas-otp", "code": code,
            "repository": "wikimedia/mediawiki-extensions-EmailAuth",
            "path": f"includes/EmailAuthSecondaryAuthenticationProvider.php, "
                    f"templates/email-text.mustache, templates/email-html.mustache, i18n/{lang}.json",
            "commit": EMAILAUTH_COMMIT, "licence": "GPL-2.0-or-later",
            "rendered": "mustache templates filled as the provider does (htmlspecialchars escaping), "
                        "text+html; site 'Contoso Wiki'; duration '1 hour' written by hand; 6-digit code",
            "file": rel, "sha256": sha,
        })  # fmt: skip
    for lang in NOTICE_LANGS:
        cat = json.loads(_show(repo, EMAILAUTH_COMMIT, f"i18n/{lang}.json"))
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        url = f"https://wiki.contoso.example/wiki/Special:AccountRecovery/confirm/{token}"
        if lang in NOTICE_ONLY_CONFIRM:
            cat.setdefault("emailauth-accountrecovery-usernotification-subject", "")
            cat.setdefault("emailauth-accountrecovery-usernotification-body", "")
        mails = {
            "recovery-confirm": (
                cat["emailauth-accountrecovery-confirmation-subject"],
                _params(cat["emailauth-accountrecovery-confirmation-body"], USER,
                        DURATION_15M[lang], url),
            ),
            "recovery-notice": (
                cat["emailauth-accountrecovery-usernotification-subject"],
                _params(cat["emailauth-accountrecovery-usernotification-body"], USER),
            ),
        }  # fmt: skip
        for tpl, (subject, body) in mails.items():
            if tpl == "recovery-notice" and lang in NOTICE_ONLY_CONFIRM:
                continue
            subject = subject.replace("{{SITENAME}}", SITE)
            body = body.replace("{{SITENAME}}", SITE)
            assert "{{" not in subject + body, (lang, tpl)
            raw = message(sender=sender, subject=subject, text=body, html_part=None)
            ident = f"emailauth-{tpl}-{lang}"
            rel, sha = _write("emailauth", ident, raw)
            items.append({
                "id": ident, "group": f"emailauth-{tpl}", "source": "emailauth", "lang": lang,
                "kind": "notice", "code": None,
                "repository": "wikimedia/mediawiki-extensions-EmailAuth",
                "path": f"includes/AccountRecovery/Special/SpecialAccountRecovery.php, i18n/{lang}.json",
                "commit": EMAILAUTH_COMMIT, "licence": "GPL-2.0-or-later",
                "rendered": "plain-text message filled as the special page does; {{SITENAME}} = "
                            "'Contoso Wiki'; duration written by hand",
                "file": rel, "sha256": sha,
                "note": "account-recovery link (32-hex token in the URL) or notice; no code to type",
            })  # fmt: skip
    return items


def _html_to_text(body: str) -> str:
    text = re.sub(r"</p>\s*", "\n\n", body)
    text = re.sub(r'<a href="([^"]*)">[^<]*</a>', r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return text.strip() + "\n"


def espocrm(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    sender = "EspoCRM <noreply@crm.contoso.example>"
    base = "application/Espo/Resources/templates"
    for lang in ESPO_CODE_LANGS + ESPO_NEG_LANGS:
        tpl = "twoFactorCode" if lang in ESPO_CODE_LANGS else "passwordChangeLink"
        subject = _show(repo, ESPOCRM_COMMIT, f"{base}/{tpl}/{lang}/subject.tpl").strip()
        body = _show(repo, ESPOCRM_COMMIT, f"{base}/{tpl}/{lang}/body.tpl")
        if tpl == "twoFactorCode":
            code: str | None = _code(7)
            body = body.replace("{{code}}", code)
        else:
            code = None
            rid = "".join(RNG.choice("0123456789abcdef") for _ in range(17))
            body = body.replace(
                "{{link}}", f"https://crm.contoso.example/?entryPoint=changePassword&id={rid}"
            )
        assert "{{" not in body + subject, lang
        raw = message(sender=sender, subject=subject, text=_html_to_text(body), html_part=body)
        short = lang.split("_")[0]
        ident = f"espocrm-{tpl.lower()}-{short}"
        rel, sha = _write("espocrm", ident, raw)
        item: dict[str, Any] = {
            "id": ident, "group": f"espocrm-{tpl.lower()}", "source": "espocrm", "lang": short,
            "kind": "saas-otp" if code else "notice", "code": code,
            "repository": "espocrm/espocrm",
            "path": f"{base}/{tpl}/{lang}/subject.tpl, {base}/{tpl}/{lang}/body.tpl"
                    + (", application/Espo/Core/Authentication/TwoFactor/Email/Util.php" if code else ""),
            "commit": ESPOCRM_COMMIT, "licence": "AGPL-3.0",
            "rendered": "Handlebars placeholder filled by hand; HTML body plus a tag-stripped text "
                        "alternative" + ("; 7-digit code (CODE_LENGTH 7)" if code else "; reset link"),
            "file": rel, "sha256": sha,
        }  # fmt: skip
        if not code:
            item["note"] = "password change link only; no code to type"
        items.append(item)
    return items


def mas(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    files = {n: _show(repo, MAS_COMMIT, f"templates/emails/{n}")
             for t in ("verification", "recovery") for n in (f"{t}.subject", f"{t}.txt", f"{t}.html")}  # fmt: skip

    def env(autoescape: bool) -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.DictLoader(files), autoescape=autoescape)

    def translator(lang: str) -> Any:
        cat = json.loads(_show(repo, MAS_COMMIT, f"translations/{lang}.json"))

        def _(key: str, **kw: str) -> Markup:
            node: Any = cat
            for part in key.split("."):
                node = node[part]
            return Markup(node % kw)

        return _

    server = "contoso.example"
    sender = "Contoso Matrix <noreply@contoso.example>"
    for tpl, langs in (("verification", MAS_CODE_LANGS), ("recovery", MAS_NEG_LANGS)):
        for lang in langs:
            code: str | None = None
            ctx: dict[str, Any] = {"lang": lang, "translator": translator,
                                   "branding": {"server_name": server}}  # fmt: skip
            if tpl == "verification":
                code = _code(6)
                ctx["authentication_code"] = {"code": code}
                ctx["user_registration"] = {"username": "noor"}
            else:
                ticket = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                                 for _ in range(32))  # fmt: skip
                ctx["user"] = {"username": "noor"}
                ctx["recovery_link"] = (
                    f"https://auth.{server}/account/password/recovery?ticket={ticket}"
                )
            subject = env(False).get_template(f"{tpl}.subject").render(ctx).strip()
            text = env(False).get_template(f"{tpl}.txt").render(ctx)
            body = env(True).get_template(f"{tpl}.html").render(ctx)
            raw = message(sender=sender, subject=subject, text=text, html_part=body)
            ident = f"mas-{tpl}-{lang}"
            rel, sha = _write("mas", ident, raw)
            item: dict[str, Any] = {
                "id": ident, "group": f"mas-{tpl}", "source": "mas", "lang": lang,
                "kind": "saas-otp" if code else "notice", "code": code,
                "repository": "element-hq/matrix-authentication-service",
                "path": f"templates/emails/{tpl}.subject, templates/emails/{tpl}.txt, "
                        f"templates/emails/{tpl}.html, translations/{lang}.json",
                "commit": MAS_COMMIT, "licence": "AGPL-3.0-only",
                "rendered": "Jinja2 render of the minijinja templates with the catalogue's strings; "
                            "plain + HTML alternative" + ("; 6-digit code" if code else "; recovery link"),
                "file": rel, "sha256": sha,
            }  # fmt: skip
            if not code:
                item["note"] = (
                    "password reset link (32-character ticket in the URL); no code to type"
                )
            items.append(item)
    return items


def djangootp(repo: Path) -> list[dict[str, Any]]:
    path = "src/django_otp/plugins/otp_email/templates/otp/email/token.txt"
    code = _code(6)
    body = _show(repo, DJANGO_OTP_COMMIT, path).replace("{{ token }}", code)
    raw = message(sender="noreply@intranet.contoso.example", subject="OTP token", text=body,
                  html_part=None)  # fmt: skip
    ident = "djangootp-token-en"
    rel, sha = _write("djangootp", ident, raw)
    return [{
        "id": ident, "group": "djangootp-token", "source": "djangootp", "lang": "en",
        "kind": "saas-otp", "code": code, "repository": "django-otp/django-otp",
        "path": f"{path}, src/django_otp/plugins/otp_email/models.py, "
                "src/django_otp/plugins/otp_email/conf.py",
        "commit": DJANGO_OTP_COMMIT, "licence": "Unlicense",
        "rendered": "default settings: subject 'OTP token', body template filled (Django template "
                    "'{{ token }}'), plain text only; 6-digit token",
        "file": rel, "sha256": sha, "note": "the body is only the six digits",
    }]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--emailauth", type=Path, required=True)
    ap.add_argument("--espocrm", type=Path, required=True)
    ap.add_argument("--mas", type=Path, required=True)
    ap.add_argument("--djangootp", type=Path, required=True)
    args = ap.parse_args()
    items = (
        emailauth(args.emailauth)
        + espocrm(args.espocrm)
        + mas(args.mas)
        + djangootp(args.djangootp)
    )
    for i in items:  # BCP 47 script subtags
        i["lang"] = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}.get(i["lang"], i["lang"])
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    out = HERE / "round4" / f"{NAME}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code, {len(items) - pos} without")


if __name__ == "__main__":
    main()
