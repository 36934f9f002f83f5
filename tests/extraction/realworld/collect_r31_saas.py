"""Round 31, collector ``saas`` (blind): the World Cube Association's website, a Rails
application whose sign-in sends a one-time password by e-mail (two-factor authentication),
with its sibling account notice. Rendered from a git snapshot at a pinned commit; no
external tools (PyYAML from the project's venv reads the catalogues).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_saas.py \\
        --mirrors /work/.mirror

Writes ``mail/wca/<id>.eml`` and ``round31/saas.json``.

- ``thewca/worldcubeassociation.org`` (GPL-3.0: ``LICENSE``), commit ``WCA_COMMIT``.
  Files used: ``app/mailers/two_factor_mailer.rb`` (``send_otp_to_user``: From and Reply-To
  ``software@worldcubeassociation.org``, subject
  ``I18n.t("devise.sessions.new.2fa.otp_email.subject")``, ``@code = user.current_otp``),
  ``app/views/two_factor_mailer/send_otp_to_user.html.erb``,
  ``app/mailers/new_registration_mailer.rb`` (``localized_mail`` of
  ``app/helpers/mailers_helper.rb``: subject ``users.mailer.create_new_account.header`` in
  the user's locale, Reply-To ``notifications@worldcubeassociation.org``),
  ``app/views/new_registration_mailer/send_registration_mail.html.erb``,
  ``app/mailers/application_mailer.rb`` (From ``config.default_from_address``,
  ``notifications@worldcubeassociation.org`` in ``config/application.rb``; layout
  ``mailer``), ``app/views/layouts/mailer.html.erb``, ``config/locales/*.yml`` (the
  catalogues; ``config.i18n.fallbacks = [:en]``, so a key a catalogue lacks is read from
  ``en.yml``), ``app/controllers/sessions_controller.rb`` (``generate_email_otp`` sends
  the OTP mail during the request, in the session's locale set by
  ``ApplicationController#set_locale``), ``app/models/user.rb``
  (``send_on_create_confirmation_instructions`` sends the registration mail;
  ``devise :two_factor_authenticatable``). The OTP is devise-two-factor's
  ``current_otp`` (ROTP TOTP, six digits, zero padded); the confirmation token is Devise's
  ``friendly_token`` (20 URL-safe base64 characters), only inside the link.
  How the sender renders: ActionView ERB with the view ``t`` helper (the translation, not
  ``_html``, is HTML-escaped on output, ``%{name}`` interpolated first), ``link_to`` (href
  escaped), inside ``layouts/mailer.html.erb``; premailer-rails (``Gemfile``; no
  initializer, so its defaults) sends the mail as multipart/alternative with a text part
  made by premailer's ``convert_to_text`` and the HTML with ``email.css`` inlined. Done
  here: the views are filled by a small ERB evaluator (copied from ``collect_r18_money.py``),
  the text part is that collector's port of premailer's ``convert_to_text``; the CSS
  inlining of ``stylesheet_link_tag 'email'`` is not reproduced (the link line is left
  out, as premailer drops it). URLs use the production root
  ``https://www.worldcubeassociation.org``.
  Mails: the OTP mail in every locale whose catalogue has its strings (30, plus Japanese,
  whose catalogue has only the subject: its body is English by the fallback) — code; the
  new-account confirmation mail in 15 locales — no code (its token is only in a link).

Labels are what a person reading the mail would type (``code``), else ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROUND = HERE / "round31" / "saas.json"
WCA = "thewca/worldcubeassociation.org"
WCA_COMMIT = "cfd99d6175c2af7cb671b508f1fdd7821befcd89"
LICENCE = "GPL-3.0"
SOURCE = "wca"
ROOT = "https://www.worldcubeassociation.org"
BASE_SENT = datetime(2026, 12, 3, 8, 14, 22, tzinfo=UTC)
MIRRORS = Path("/work/.mirror")

OTP_LOCALES = [
    "en", "ca", "cs", "da", "de", "eo", "es-419", "es-ES", "eu", "fi", "fr", "fr-CA", "hr",
    "id", "it", "ja", "kk", "ko", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sl", "sv", "th",
    "uk", "vi", "zh-CN", "zh-TW",
]  # fmt: skip
REGISTRATION_LOCALES = [
    "en", "de", "es-ES", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "sv", "uk",
    "vi", "zh-CN",
]  # fmt: skip
NAMES = [
    "Lena Fischer", "Marc Puig", "Tomáš Novák", "Mette Holm", "Jonas Becker", "Ana Verda",
    "Camila Rojas", "Lucía Martín", "Ane Etxeberria", "Aino Laine", "Élodie Marchand",
    "Gabriel Tremblay", "Ivan Horvat", "Dewi Lestari", "Giulia Conti", "佐藤 健", "Aruzhan Seitkali",
    "김민준", "Sanne de Vries", "Kacper Wiśniewski", "João Ferreira", "Beatriz Souza",
    "Andrei Popescu", "Дмитрий Орлов", "Nika Kovač", "Elin Lund", "สมชาย ใจดี",
    "Олена Коваленко", "Nguyễn Văn An", "王伟", "陳怡君",
]  # fmt: skip


def _show(path: str) -> str:
    repo = MIRRORS / WCA.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{WCA_COMMIT}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


_CATALOGUES: dict[str, dict] = {}


def _catalogue(locale: str) -> dict:
    if locale not in _CATALOGUES:
        _CATALOGUES[locale] = yaml.safe_load(_show(f"config/locales/{locale}.yml"))[locale]
    return _CATALOGUES[locale]


def t(locale: str, key: str, **kw: str) -> str:
    """I18n.t with ``config.i18n.fallbacks = [:en]`` and ``%{name}`` interpolation."""
    for loc in (locale, "en"):
        node: object = _catalogue(loc)
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, str):
            return re.sub(r"%\{(\w+)\}", lambda m: kw[m.group(1)], node)
    raise KeyError(key)


def _h(value: str) -> str:
    """ERB::Util.html_escape."""
    return html.escape(value, quote=True).replace("&#x27;", "&#39;")


def _code(seed: str) -> str:
    """devise-two-factor ``current_otp``: a six-digit TOTP, zero padded (fixed per item)."""
    return f"{int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 1000000:06d}"


def _token(seed: str) -> str:
    """Devise.friendly_token: 20 URL-safe base64 characters (fixed per item)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    n = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    return "".join(alphabet[(n >> (6 * i)) % 64] for i in range(20))


# ---------------------------------------------------------------------------------------
# ERB and premailer's text part (copied from collect_r18_money.py)

_ERB_TAG = re.compile(r"<%(=|#|-)?(.*?)-?%>", re.DOTALL)


def _erb(template: str, values: dict[str, object]) -> str:
    """``<%= expr %>`` from ``values[expr]`` (already HTML); statement lines are trimmed as
    Erubi does. The views here have no statements but ``yield``."""
    template = re.sub(
        r"(?m)^[ \t]*(<%(?:#|-|(?!=))(?:.*?)-?%>)[ \t]*\n",
        lambda m: m.group(1) + "\x00",
        template,
    )
    out: list[str] = []
    pos = 0
    for m in _ERB_TAG.finditer(template):
        out.append(template[pos : m.start()])
        pos = m.end()
        kind, expr = m.group(1), m.group(2).strip()
        if kind == "=":
            out.append(str(values[expr]))
    out.append(template[pos:])
    return "".join(out).replace("\x00", "")


def _premailer_text(page: str, line_length: int = 65) -> str:
    """premailer's ``to_plain_text``: ``convert_to_text`` of the body's inner HTML."""
    m = re.search(r"<body[^>]*>(.*)</body>", page, re.DOTALL | re.IGNORECASE)
    txt = m.group(1) if m else page
    txt = re.sub(r"<!-- start text/html -->.*?<!-- end text/html -->", "", txt, flags=re.DOTALL)
    txt = re.sub(r'<img.+?alt="([^"]*)"[^>]*>', r"\1", txt, flags=re.IGNORECASE)
    txt = re.sub(r"<img.+?alt='([^']*)'[^>]*>", r"\1", txt, flags=re.IGNORECASE)

    def link(m: re.Match[str]) -> str:
        href, label = m.group(2), m.group(3)
        if not label:
            return ""
        if label.strip().lower() == href.strip().lower():
            return label.strip()
        return f"{label.strip()} ( {href.strip()} )"

    txt = re.sub(
        r"<a\s[^\n]*?href=[\"'](mailto:)?([^\"']*)[\"'][^>]*>(.*?)</a>",
        link,
        txt,
        flags=re.IGNORECASE | re.DOTALL,
    )
    txt = re.sub(r"(</span>)\s+(<span)", r"\1 \2", txt, flags=re.IGNORECASE)
    txt = re.sub(r"\s*(<li[^>]*>)\s*", "* ", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</li>\s*(?!\n)", "\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</p>", "\n\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"<br[/ ]*>", "\n", txt, flags=re.IGNORECASE)
    txt = re.sub(r"</?[^>]*>", "", txt)
    txt = html.unescape(txt)
    wrapped = []
    for line in txt.split("\n"):
        if len(line) > line_length:
            line = re.sub(rf"(.{{1,{line_length}}})(\s+|$)", "\\1\n", line).strip()
        wrapped.append(line)
    txt = "\n".join(wrapped)
    txt = re.sub(r"\r\n?", "\n", txt)
    txt = re.sub(r"[ \t]*\u00a0+[ \t]*", " ", txt)
    txt = re.sub(r"\n[ \t]+", "\n", txt)
    txt = re.sub(r"[ \t]+\n", "\n", txt)
    txt = re.sub(r"\n{3,}", "\n\n", txt)
    return txt.strip()


def _page(body: str) -> str:
    layout = _show("app/views/layouts/mailer.html.erb")
    # premailer inlines the stylesheet and drops its link: the link line is left out here
    layout = layout.replace("    <%= stylesheet_link_tag 'email' %>\n", "")
    assert "stylesheet_link_tag" not in layout
    return _erb(layout, {"yield": body})


def _mail(*, sender: str, reply_to: str, to: str, subject: str, page: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["Reply-To"] = reply_to
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(BASE_SENT + timedelta(minutes=37 * n))
    msg["Message-ID"] = f"<wca-{n:03d}@mail.worldcubeassociation.org>"
    msg.set_content(_premailer_text(page), subtype="plain", charset="utf-8")
    msg.add_alternative(page, subtype="html", charset="utf-8")
    msg.set_boundary(f"--==_mimepart_{n:04d}_corpus")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def _email_of(name: str, n: int) -> str:
    ascii_part = re.sub(r"[^a-z]", "", name.lower().split()[0])
    return f"{ascii_part or 'cuber'}{n}@example.org"


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors

    out_dir = HERE / "mail" / SOURCE
    out_dir.mkdir(parents=True, exist_ok=True)
    items: list[dict[str, object]] = []
    n = 0

    def write(ident: str, lang: str, kind: str, code: str | None, path: str, raw: bytes,
              rendered: str, group: str, note: str = "") -> None:  # fmt: skip
        item_id = f"{SOURCE}-{ident}-{lang}"
        rel = f"mail/{SOURCE}/{item_id}.eml"
        (HERE / rel).write_bytes(raw)
        item: dict[str, object] = {
            "id": item_id, "group": f"{SOURCE}-{group}", "source": SOURCE, "lang": lang,
            "kind": kind, "code": code, "repository": WCA, "path": path, "commit": WCA_COMMIT,
            "licence": LICENCE, "rendered": rendered, "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }  # fmt: skip
        if note:
            item["note"] = note
        items.append(item)

    rendered = (
        "python: the view's ERB and t() (YAML catalogues, fallback en) in layouts/mailer; "
        "premailer-rails multipart/alternative, text part a port of premailer's "
        "convert_to_text; CSS inlining not reproduced"
    )
    otp_view = _show("app/views/two_factor_mailer/send_otp_to_user.html.erb")
    for i, locale in enumerate(OTP_LOCALES):
        name = NAMES[i]
        code = _code(f"wca-otp-{locale}")
        body = _erb(
            otp_view,
            {
                't("common.hello", name: @user.name)': _h(t(locale, "common.hello", name=name)),
                't("devise.sessions.new.2fa.otp_email.2fa_attempt")': _h(
                    t(locale, "devise.sessions.new.2fa.otp_email.2fa_attempt")
                ),
                "@code": code,
                't("devise.sessions.new.2fa.otp_email.disclaimer")': _h(
                    t(locale, "devise.sessions.new.2fa.otp_email.disclaimer")
                ),
            },
        )
        raw = _mail(
            sender="software@worldcubeassociation.org",
            reply_to="software@worldcubeassociation.org",
            to=_email_of(name, 100 + i),
            subject=t(locale, "devise.sessions.new.2fa.otp_email.subject"),
            page=_page(body),
            n=n,
        )
        n += 1
        note = ""
        if locale == "ja":
            note = (
                "ja.yml has only the subject of this mail; its greeting and body lines are "
                "read from en.yml (config.i18n.fallbacks = [:en])"
            )
        write("otp", locale, "saas-otp", code, "app/views/two_factor_mailer/send_otp_to_user.html.erb",
              raw, rendered, "otp", note)  # fmt: skip

    reg_view = _show("app/views/new_registration_mailer/send_registration_mail.html.erb")
    for i, locale in enumerate(REGISTRATION_LOCALES):
        name = NAMES[OTP_LOCALES.index(locale)]
        email = _email_of(name, 200 + i)
        token = _token(f"wca-confirm-{locale}")
        url = f"{ROOT}/users/confirmation?confirmation_token={token}&locale={locale}"
        key = "users.mailer.create_new_account."
        body = _erb(
            reg_view,
            {
                "t 'users.mailer.create_new_account.welcome', user_email: @user.email": _h(
                    t(locale, key + "welcome", user_email=email)
                ),
                "t 'users.mailer.create_new_account.confirm'": _h(t(locale, key + "confirm")),
                "link_to t('users.mailer.create_new_account.confirmation_link'), "
                "confirmation_url(@user, confirmation_token: @user.confirmation_token, "
                "locale: I18n.locale)": (
                    f'<a href="{_h(url)}">{_h(t(locale, key + "confirmation_link"))}</a>'
                ),
                "t 'users.mailer.create_new_account.activate'": _h(t(locale, key + "activate")),
                "link_to(t('users.mailer.create_new_account.login_form'), new_user_session_url)": (
                    f'<a href="{ROOT}/users/sign_in">{_h(t(locale, key + "login_form"))}</a>'
                ),
                "t 'users.mailer.create_new_account.addendum'": _h(t(locale, key + "addendum")),
                "t 'users.mailer.create_new_account.questions', "
                "contact_link: 'contact@worldcubeassociation.org'": _h(
                    t(locale, key + "questions", contact_link="contact@worldcubeassociation.org")
                ),
            },
        )
        raw = _mail(
            sender="notifications@worldcubeassociation.org",
            reply_to="notifications@worldcubeassociation.org",
            to=email,
            subject=t(locale, key + "header"),
            page=_page(body),
            n=n,
        )
        n += 1
        write("registration", locale, "notice", None,
              "app/views/new_registration_mailer/send_registration_mail.html.erb", raw, rendered,
              "registration", "account confirmation: the token is only inside the link")  # fmt: skip

    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
