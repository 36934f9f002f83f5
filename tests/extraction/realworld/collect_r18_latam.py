"""Round eighteen, projects whose first language is French, Portuguese (Brazil), Spanish or
Italian: a French photo gallery and a French blog engine, a Brazilian social network for
public and cultural networks, the Italian state's digital-notification service (SEND) and
the French state's hazardous-waste tracking service (Trackdéchets), a Brazilian culture
portal (Mapas Culturais) and a French association manager (Galette) — their sign-in codes,
new passwords, activation codes and the same senders' notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_latam.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- Piwigo/Piwigo (GPL-2.0-or-later), the photo gallery (French origin): the mails of
  ``include/functions_mail.inc.php`` — ``pwg_generate_code_verification_mail`` (the
  verification code asked before a password-reset link is made; the code is the six-digit
  TOTP of ``include/totp.class.php``), ``pwg_generate_success_reset_password_mail`` — and the
  registration mail of ``include/functions_user.inc.php`` ``register_user`` (its password
  line is ``str_repeat("*", rand(10, 15))``: the mail shows asterisks, not a password).
  Strings from ``language/<lang>/common.lang.php`` (a key a language lacks is shown as the
  English key, as ``l10n()`` does). ``pwg_mail`` wraps the content in the default theme's
  ``mail/text/html`` and ``mail/text/plain`` header and footer templates (Smarty tags
  filled here by hand; the mail CSS templates and Emogrifier's CSS inlining are left out);
  the plain part is ``strip_tags`` of an HTML content, the HTML part of a plain content is
  ``nl2br(htmlspecialchars())`` with links made clickable; the plain part is wrapped at 76
  as PHPMailer's ``WordWrap`` does. Subject ``[gallery] …``.
- dotclear/dotclear (AGPL-3.0), the blog engine (French): the two mails of
  ``src/Process/Backend/Auth.php`` — "Password reset" (a link holding the recover key) and
  "Your new password" (user name and the new password of ``Crypt::createPassword()``:
  eight characters from letters, digits and ``$!@``). Strings of ``locales/<lang>/main.po``;
  plain text only, as ``Mail::sendMail`` sends them.
- noosfero/noosfero (AGPL-3.0), the social-network platform of Brazilian public and
  cultural networks: ``UserMailer#activation_code`` (``app/views/user_mailer/
  activation_code.text.erb``: the six-character code ``short_activation_code.upcase`` —
  characters 2–7 of a SHA-1 hex digest — and the activation link) and
  ``activation_email_notify``. Strings of ``po/<lang>/noosfero.po`` (an empty ``msgstr``
  falls back to the English ``msgid``); ``%`` as Ruby's ``String#%`` (a hash given to a
  translation holding ``%s`` prints the hash as Ruby 2 inspects it); values that are not
  ``html_safe`` are HTML-escaped as Rails' ERB does even in text templates (``'`` →
  ``&#39;``); ``word_wrap`` at 80 columns.
- pagopa/pn-templates-engine (EUPL-1.2), SEND — Servizio Notifiche Digitali, the Italian
  state's legal-notification platform: ``Mail_VerificationCodeBody`` and
  ``PEC_VerificationCodeBody`` (the code that confirms a courtesy e-mail address or a PEC
  address; five digits, as SEND's contact form asks), ``PEC_ValidationContactsSuccessBody``
  and ``NotificationAARForEMAILDigital`` (a new legal notification, in Italian and in the
  bilingual German, French and Slovenian versions of ``i18n/<lang>.json``), with the
  subjects of the ``*Subject`` templates. The build of ``scripts/templates-builder`` is
  followed: EJS (``noIta``, ``<%-key%>``) over the MJML, then FreeMarker (``${…}``,
  ``<#if …>``) filled as the Java service does; the MJML layout is reduced here to plain
  tables and ``div``s (the text, links and images are the template's).
- MTES-MCT/trackdechets (AGPL-3.0), the French state's hazardous-waste tracking service:
  bodies of ``libs/back/mail/src/templates/mustache/*.html`` rendered with Mustache rules
  (standalone section lines removed) and the subjects of ``templates/index.ts``; the Brevo
  layout they are put into is not in the repository and is not reproduced. Notices only:
  account activation and password-reset links, company verification, signature-code
  renewal (the code is not in the mail), a refused-waste notice with its waste code and
  BSD number, 2FA activated.
- mapasculturais/mapasculturais (AGPL-3.0-or-later), the Brazilian culture-mapping portal
  run by states and cities (and, in Spanish, by Uruguay's Cultura en Línea): the
  MailNotification templates ``templates/{pt_BR,es_ES}/*.html`` (welcome, last login,
  registration started and sent — with its registration number ``on-<id>``) rendered as
  ``App::renderMustacheTemplate`` does (header and footer rendered first, PHP Mustache
  escaping), subjects the titles of ``config/mailer-templates.php`` (Spanish from
  ``src/translations/es_ES.po``).
- galette/galette (GPL-3.0-or-later), the membership manager of French associations and
  cooperatives: the default texts of ``galette/includes/fields_defs/texts_fields.php``
  (lost password — a link —, account modified, membership expiring and expired) in the
  language's ``galette/lang/galette_<lang>.utf8.po``, ``{BR}``/``{NEWLINE}`` and the
  placeholders replaced as ``Entity/Texts.php`` does (a placeholder a translation misspells
  stays as it is), the default signature (``-- `` then the association's name and site)
  appended; plain text. Gettext rules everywhere: fuzzy and empty translations fall back
  to the English msgid.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.pofile import read_po
from collect import HERE, message

SENT = datetime(2026, 11, 30, 10, 14, 52, tzinfo=UTC)
RNG = random.Random("r18-latam")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round18" / "latam.json"


def _show(repo: Path, commit: str, path: str, errors: str = "strict") -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8", errors)  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = {"en_UK": "en-GB"}.get(lang, lang).replace("_", "-")  # BCP 47 (Piwigo's en_UK)
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


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (empty and fuzzy translations left out)."""
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # babel warns of obsolete "#|" lines
        catalog = read_po(io.BytesIO(text.encode("utf-8")))
    out = {}
    for msg in catalog:
        if msg.fuzzy:  # msgfmt leaves fuzzy entries out
            continue
        if msg.id and isinstance(msg.id, str) and isinstance(msg.string, str) and msg.string:
            out[msg.id] = msg.string
    return out


# ---------------------------------------------------------------------------------------
# Piwigo

PWG_REPO = "Piwigo/Piwigo"
PWG_COMMIT = "1b1c89867e0eb8e090a16b9ca3ee817cadbc73a9"
PWG_VERSION = "17.0.0beta1"  # include/constants.php; $conf['show_version'] is true
PWG_LANGS_CODE = [
    "en_UK", "fr_FR", "it_IT", "pt_BR", "pt_PT", "es_ES", "de_DE", "nl_NL", "pl_PL",
    "da_DK", "sv_SE", "tr_TR",
]  # fmt: skip
PWG_LANGS_NOTICE = ["en_UK", "fr_FR", "it_IT", "pt_BR", "pt_PT", "es_ES", "ca_ES"]
PWG_GALLERIES = {
    "en_UK": ("Harbour Lights Photo Club", "https://photos.harbourlights.example/"),
    "fr_FR": ("Photothèque du Vieux-Lyon", "https://galerie.vieux-lyon.example/"),
    "it_IT": ("Archivio fotografico Val d'Orcia", "https://foto.valdorcia.example/"),
    "pt_BR": ("Acervo Fotográfico de Olinda", "https://fotos.olinda-acervo.example/"),
    "pt_PT": ("Arquivo de Imagens do Porto", "https://imagens.arquivo-porto.example/"),
    "es_ES": ("Fototeca de Cádiz", "https://fototeca.cadiz.example/"),
    "ca_ES": ("Arxiu Fotogràfic de Girona", "https://arxiu.girona-foto.example/"),
    "de_DE": ("Bildarchiv Lindau", "https://bilder.lindau-archiv.example/"),
    "nl_NL": ("Fotoarchief Zutphen", "https://foto.zutphen-archief.example/"),
    "pl_PL": ("Archiwum Zdjęć Torunia", "https://zdjecia.torun-archiwum.example/"),
    "da_DK": ("Fotoarkivet Ribe", "https://foto.ribe-arkiv.example/"),
    "sv_SE": ("Bildarkivet Visby", "https://bild.visby-arkiv.example/"),
    "tr_TR": ("Bursa Fotoğraf Arşivi", "https://foto.bursa-arsiv.example/"),
}
PWG_USERS = {
    "en_UK": "eleanor.p", "fr_FR": "margaux.d", "it_IT": "lorenzo_b", "pt_BR": "thiago.s",
    "pt_PT": "ines.m", "es_ES": "paloma.r", "ca_ES": "jordi.v", "de_DE": "katrin.h",
    "nl_NL": "sanne.v", "pl_PL": "kasia.w", "da_DK": "mette.l", "sv_SE": "elin.b",
    "tr_TR": "deniz.k",
}  # fmt: skip


def _php_lang(text: str) -> dict[str, str]:
    """``$lang['key'] = 'value';`` (or double-quoted) pairs of a Piwigo language file."""
    out = {}
    pattern = re.compile(
        r"""\$lang\[\s*(?P<kq>['"])(?P<k>(?:\\.|(?!(?P=kq)).)*)(?P=kq)\s*\]\s*=\s*"""
        r"""(?P<vq>['"])(?P<v>(?:\\.|(?!(?P=vq)).)*)(?P=vq)\s*;""",
        re.S,
    )

    def unq(s: str, q: str) -> str:
        if q == "'":
            return s.replace("\\'", "'").replace("\\\\", "\\")
        return s.replace('\\"', '"').replace("\\n", "\n").replace("\\$", "$").replace("\\\\", "\\")

    for m in pattern.finditer(text):
        out[unq(m["k"], m["kq"])] = unq(m["v"], m["vq"])
    return out


def _phpmailer_wrap(text: str, length: int = 76) -> str:
    """PHPMailer's ``wrapText`` outside quoted-printable mode, as ``setWordWrap`` applies it
    to the text part (``WordWrap = 76``): words joined greedily while the line's byte
    length stays within ``length``; a longer word stands alone."""
    out = []
    for line in text.replace("\r\n", "\n").removesuffix("\n").split("\n"):
        buf, first = "", True
        for word in line.split(" "):
            before = buf
            buf = word if first else buf + " " + word
            if len(buf.encode()) > length and before != "":
                out.append(before)
                buf = word
            first = False
        out.append(buf)
    return "\n".join(out) + "\n"


def _totp_code() -> str:
    return f"{RNG.randrange(0, 1000000):06d}"


def piwigo(mirrors: Path) -> None:
    repo = mirrors / "Piwigo+Piwigo" / "repo"
    licence = "GPL-2.0-or-later"
    tpl = "themes/default/template/mail/text/"
    rendered_base = (
        "Piwigo's mail functions with language/<lang>/common.lang.php strings; pwg_mail's "
        "header and footer templates (html and plain) filled by hand; CSS and Emogrifier "
        "inlining left out"
    )
    for lang in sorted(set(PWG_LANGS_CODE) | set(PWG_LANGS_NOTICE)):
        strings = _php_lang(
            # pt_PT holds one Latin-1 byte, in a string not used here
            _show(repo, PWG_COMMIT, f"language/{lang}/common.lang.php", "replace")
        )

        def l10n(key: str, *args: str, strings=strings) -> str:
            s = strings.get(key, key)
            for a in args:
                s = s.replace("%s", a, 1)
            return s

        title, url = PWG_GALLERIES[lang]
        user = PWG_USERS[lang]
        webmaster = "webmaster@" + url.split("//")[1].rstrip("/")
        lang_code = lang.split("_")[0]
        # include/common.inc.php: PHPWG_URL by the user's language
        if lang_code in ("fr", "it", "de", "es", "pl", "ru", "nl", "tr", "da"):
            pwg_url = f"https://{lang_code}.piwigo.org"
        elif lang == "pt_BR":
            pwg_url = "https://br.piwigo.org"
        else:
            pwg_url = "https://piwigo.org"

        def wrap(subject: str, content: str, content_format: str, *, l10n=l10n,
                 title=title, url=url, webmaster=webmaster, lang_code=lang_code,
                 pwg_url=pwg_url):  # fmt: skip
            m = re.match(r"^\[(.*)\](.*)$", subject, re.S)
            mail_title, mail_subtitle = (m[1], m[2]) if m else (title, subject)
            html_head = (
                '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
                '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
                f'<html lang="{lang_code}" dir="ltr">\n  <head>\n'
                '    <meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>\n'
                "    <title>Piwigo Mail</title>\n\n"
                '    <style type="text/css">\n    \n    \n    </style>\n  </head>\n\n'
                "  <body>\n"
                '    <table id="bodyTable" cellspacing="0" cellpadding="10" border="0">\n'
                '      <tr><td align="center" valign="top">\n\n'
                '        <table id="contentTable" cellspacing="0" cellpadding="0" border="0">\n'
                '          <tr><td id="header">\n            \n'
                f'            <div id="title">{mail_title}</div>\n'
                + (f'            <div id="subtitle">{mail_subtitle}</div>\n' if mail_subtitle
                   else "            \n")
                + "            \n          </td></tr>\n\n"
                '          <tr><td id="content">\n\n'
                '            <div id="topSpacer"></div>\n            '
            )  # fmt: skip
            comment = l10n("A comment on your site")
            subj_q = "".join(
                ch if re.match(r"[A-Za-z0-9_.\-]", ch) else "".join(
                    f"%{b:02X}" for b in ch.encode()) for ch in comment
            )  # fmt: skip
            html_foot = (
                "\n            \n          </td></tr>\n\n"
                '          <tr><td id="footer">\n            \n\n      \n'
                f'            {l10n("Sent by")} <a href="{url}">{title}</a>\n'
                f'            - {l10n("Powered by")} <a href="{pwg_url}" '
                'class="Piwigo">Piwigo</a>\n'
                f"            {PWG_VERSION}\n            \n"
                f"            - {l10n('Contact')}\n"
                f'            <a href="mailto:{webmaster}?subject={subj_q}">'
                f"{l10n('Webmaster')}</a>\n            \n"
                "          </td></tr>\n        </table>\n\n      </td></tr>\n    </table>\n"
                "  </body>\n</html>"
            )
            plain_head = f"{mail_title}\n" + (f"{mail_subtitle}\n" if mail_subtitle else "")
            plain_head += "----\n\n"
            plain_foot = (
                f'\n\n----\n{l10n("Sent by")} "{title}" {url}\n'
                f'{l10n("Powered by")} "Piwigo {PWG_VERSION}" {pwg_url}\n'
                f"{l10n('Contact')}: {webmaster}"
            )
            if content_format == "text/html":
                html_content = content
                plain_content = re.sub(r"<[^>]*>", "", content)
            else:
                html_content = (
                    "<p>"
                    + re.sub(
                        r"(https?://([-\w.]+[-\w])+(:\d+)?(/([\w/_.#-]*(\?\S+)?[^.\s])?)?)",
                        r'<a href="\1">\1</a>',
                        html.escape(content, quote=True).replace("&#x27;", "&#039;"),
                    ).replace("\n", "<br />\n")
                    + "</p>"
                )
                plain_content = content
            return (_phpmailer_wrap(plain_head + plain_content + plain_foot),
                    html_head + html_content + html_foot)  # fmt: skip

        sender = f"{title} <{webmaster}>"
        path_base = f"include/functions_mail.inc.php, language/{lang}/common.lang.php, {tpl}"
        # verification code
        if lang in PWG_LANGS_CODE:
            code = _totp_code()
            content = '<p style="margin: 20px 0">'
            content += l10n("Here is your verification code:") + " <br />"
            content += f'<span style="font-size: 16px">{code}</span></p>'
            content += '<p style="margin: 20px 0;">'
            content += l10n(
                "If this was a mistake, just ignore this email and nothing will happen."
            )
            content += "</p>"
            subject = f"[{title}] " + l10n("Your verification code")
            text, page = wrap(subject, content, "text/html")
            missing = [
                k for k in ("Here is your verification code:", "Your verification code")
                if k not in strings
            ]  # fmt: skip
            _save(
                source="piwigo", template="verification-code", lang=lang, kind="saas-otp",
                code=code, repository=PWG_REPO, path=path_base + " (password.php)",
                commit=PWG_COMMIT, licence=licence,
                rendered=rendered_base + "; code six digits (PwgTOTP::generateCode)",
                sender=sender, subject=subject, text=text, html_part=page,
                note=("this language lacks " + ", ".join(repr(k) for k in missing)
                      + ": Piwigo shows the English key") if missing else None,
            )  # fmt: skip
        if lang not in PWG_LANGS_NOTICE:
            continue
        # registration (password shown as asterisks)
        stars = "*" * RNG.randint(10, 15)
        lines = [
            l10n("Hello %s,", user),
            l10n("Thank you for registering at %s!", title),
            "",
            l10n("Here are your connection settings"),
            "",
            l10n("Link: %s", url),
            l10n("Username: %s", user),
            l10n("Password: %s", stars),
            l10n("Email: %s", "noor.tester@example.com"),
            "",
            l10n("If you think you've received this email in error, please contact us at %s",
                 webmaster),
        ]  # fmt: skip
        subject = f"[{title}] " + l10n("Registration")
        text, page = wrap(subject, "\n".join(lines), "text/plain")
        _save(
            source="piwigo", template="registration", lang=lang, kind="notice", code=None,
            repository=PWG_REPO,
            path=f"include/functions_user.inc.php, language/{lang}/common.lang.php, {tpl}",
            commit=PWG_COMMIT, licence=licence, rendered=rendered_base, sender=sender,
            subject=subject, text=text, html_part=page,
            note="the password line shows only asterisks (str_repeat('*', rand(10, 15)))",
        )  # fmt: skip
        # password reset success
        content = f'<p style="margin-top: 20px;">{l10n("Hello %s,", user)}</p>'
        content += (
            f'<p style="margin-bottom: 20px;">{l10n("Your password was successfully reset")}.</p>'
        )
        content += "<p>"
        content += l10n(
            "If this wasn't you, please change your password immediately or contact your webmaster."
        )
        content += "</p>"
        subject = f"[{title}] " + l10n("Your password has been reset")
        text, page = wrap(subject, content, "text/html")
        _save(
            source="piwigo", template="reset-success", lang=lang, kind="notice", code=None,
            repository=PWG_REPO, path=path_base, commit=PWG_COMMIT, licence=licence,
            rendered=rendered_base + " (no API key paragraph: the user has none)",
            sender=sender, subject=subject, text=text, html_part=page,
        )  # fmt: skip
        # password reset link (pwg_generate_reset_password_mail; the first <p> is
        # overwritten by the next assignment in the source, so the content starts bare)
        key = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 20)
        link = f"{url}password.php?key={key}"
        # sent from the admin web service (pwg.users.generatePasswordLink), where
        # admin.lang.php is loaded over common.lang.php
        admin = _php_lang(_show(repo, PWG_COMMIT, f"language/{lang}/admin.lang.php", "replace"))

        merged = {**strings, **admin}

        def l10n(key: str, *args: str, strings=merged) -> str:
            s = strings.get(key, key)
            for a in args:
                s = s.replace("%s", a, 1)
            return s

        remaining = l10n("%d hour").replace("%d", "1")  # time_since of 3600 s
        content = l10n(
            "Someone requested that the password be reset for the following user account:"
        )
        content += " " + user + "</p>"
        content += '<p style="margin: 20px 0">' + l10n(
            "To reset your password, visit the following address:"
        )
        content += f' <a href="{link}">' + l10n("Change my password") + "</a></p>"
        content += f'<p style="text-align: center; font-size: 70%;">{link}</p>'
        content += '<p style="margin: 20px 0;">'
        content += l10n(
            "This link is valid for %s. After this time, you will need to request a new link.",
            remaining,
        )
        content += " "
        content += l10n("If this was a mistake, just ignore this email and nothing will happen.")
        content += "</p>"
        subject = f"[{title}] " + l10n("Password Reset")
        text, page = wrap(subject, content, "text/html")
        _save(
            source="piwigo", template="reset-link", lang=lang, kind="notice", code=None,
            repository=PWG_REPO, path=path_base
            + f", language/{lang}/admin.lang.php (include/ws_functions/pwg.users.php)",
            commit=PWG_COMMIT, licence=licence,
            rendered=rendered_base + "; key generate_key(20); validity time_since of one hour",
            sender=sender, subject=subject, text=text, html_part=page,
            note="the reset key is only inside the link",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Dotclear

DC_REPO = "dotclear/dotclear"
DC_LICENCE = "AGPL-3.0-only"  # README: "AGPL-v3"
DC_COMMIT = "344a5e6fa2ebbd13ef8ce2c636614dd4040f85db"
DC_PATH = "src/Process/Backend/Auth.php"
DC_LANGS = ["en", "fr", "es", "it", "pt", "pt-br", "ro", "de", "nl", "pl", "cs", "tr"]
DC_CHARSET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890$!@"
DC_BLOGS = {
    "en": ("https://notes.kettleyard.example", "harriet"),
    "fr": ("https://carnet.atelier-ribeira.example", "solene"),
    "es": ("https://bitacora.huerta-vieja.example", "ainhoa"),
    "it": ("https://diario.bottega-luni.example", "giulia"),
    "pt": ("https://caderno.tasca-alfama.example", "rui"),
    "pt-br": ("https://blog.ateliedoceara.example", "leticia"),
    "ro": ("https://jurnal.cismigiu.example", "ioana"),
    "de": ("https://tagebuch.muehlbach.example", "jannik"),
    "nl": ("https://blog.grachtenhuis.example", "fleur"),
    "pl": ("https://notatnik.kazimierz.example", "bartek"),
    "cs": ("https://zapisnik.vinohrady.example", "tereza"),
    "tr": ("https://defter.kadikoy.example", "emre"),
}


def _dc_password() -> str:
    charset = list(DC_CHARSET)
    for _ in range(RNG.randint(1, 10)):
        RNG.shuffle(charset)
    return "".join(RNG.choice(charset) for _ in range(8))


def dotclear(mirrors: Path) -> None:
    repo = mirrors / "dotclear+dotclear" / "repo"
    for lang in DC_LANGS:
        po = {} if lang == "en" else _po(_show(repo, DC_COMMIT, f"locales/{lang}/main.po"))

        def tr(s: str, po=po) -> str:
            return po.get(s, s)

        site, user = DC_BLOGS[lang]
        page_url = f"{site}/admin/index.php?process=Auth"
        sender = f"dotclear@{site.split('//')[1]}"
        path = DC_PATH + ("" if lang == "en" else f", locales/{lang}/main.po")
        # password reset link
        key = _rand("0123456789abcdef", 32)
        body = (
            tr("Someone has requested to reset the password for the following site and username.")
            + "\n\n" + page_url + "\n" + tr("Username:") + " " + user + "\n\n"
            + tr("To reset your password visit the following address, otherwise just ignore "
                 "this email and nothing will happen.")
            + "\n" + page_url + "&akey=" + key
        )  # fmt: skip
        _save(
            source="dotclear", template="password-reset", lang=lang, kind="notice", code=None,
            repository=DC_REPO, path=path, commit=DC_COMMIT, licence=DC_LICENCE,
            rendered="the message strings of Auth.php with the locale's translations; plain text",
            sender=sender, subject="Dotclear " + tr("Password reset"), text=body,
            html_part=None, note="the recover key is only inside the link",
        )  # fmt: skip
        # new password
        password = _dc_password()
        body = (
            tr("Username:") + " " + user + "\n" + tr("Password:") + " " + password + "\n\n"
            + re.sub(r"\?(.*)$", "", page_url)
        )  # fmt: skip
        _save(
            source="dotclear", template="new-password", lang=lang, kind="saas-otp",
            code=password, repository=DC_REPO,
            path=path + ", src/Helper/Crypt.php (createPassword)", commit=DC_COMMIT,
            licence=DC_LICENCE,
            rendered="the message strings of Auth.php with the locale's translations; plain "
            "text; password eight characters of Crypt::createPassword's charset",
            sender=sender, subject="Dotclear " + tr("Your new password"), text=body,
            html_part=None,
            note="a temporary password the user must type to sign in (and change)",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Noosfero

NF_REPO = "noosfero/noosfero"
NF_LICENCE = "AGPL-3.0-or-later"  # COPYRIGHT: "version 3 ... or any later version"
NF_COMMIT = "299a0b9de333854b4077e069945a57ef27930fab"
NF_LANGS = ["en", "pt", "pt_PT", "es", "fr", "it", "de", "pl", "cs", "ru", "eo"]
NF_ENVS = {
    "en": ("Makers Commons", "commons.makers.example", "Olivia Grant"),
    "pt": ("Rede Cultura Viva Sertão", "rede.culturaviva-sertao.example", "Conceição Araújo"),
    "pt_PT": ("Rede das Associações do Minho", "rede.associacoes-minho.example", "Rui Tavares"),
    "es": ("Red de Bibliotecas Populares", "red.bibliotecaspopulares.example", "Lucía Benítez"),
    "fr": ("Réseau des Tiers-Lieux d'Auvergne", "reseau.tierslieux-auvergne.example",
           "Aurélie Chastel"),
    "it": ("Rete Civica Valtellina", "rete.civica-valtellina.example", "Chiara Moretti"),
    "de": ("Netzwerk Bürgerenergie Allgäu", "netz.buergerenergie-allgaeu.example", "Lena Maier"),
    "pl": ("Sieć Klubów Seniora", "siec.kluby-seniora.example", "Zofia Nowak"),
    "cs": ("Síť komunitních zahrad", "sit.komunitni-zahrady.example", "Petra Dvořáková"),
    "ru": ("Сеть городских библиотек", "set.gorbiblioteki.example", "Анна Смирнова"),
    "eo": ("Esperanto-Reto Kulturo", "reto.kulturo-eo.example", "Marko Verda"),
}  # fmt: skip


def _erb(s: str) -> str:
    """Rails' ERB escaping of a value that is not html_safe."""
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))  # fmt: skip


def _ruby_pct(fmt: str, arg) -> str:
    """Ruby's ``String#%`` for the forms used here: a hash fills ``%{name}``; a hash given
    to ``%s`` is printed as Ruby 2 inspects it; a string fills ``%s``."""
    if isinstance(arg, dict):
        if "%{" in fmt:
            return re.sub(r"%\{(\w+)\}", lambda m: arg[m[1]], fmt)
        inspected = "{" + ", ".join(f':{k}=>"{v}"' for k, v in arg.items()) + "}"
        return fmt.replace("%s", inspected, 1)
    return fmt.replace("%s", arg, 1)


def _word_wrap(text: str, width: int = 80) -> str:
    out = []
    for line in text.split("\n"):
        if len(line) > width:
            line = re.sub(rf"(.{{1,{width}}})(\s+|$)", "\\1\n", line).strip()
        out.append(line)
    return "\n".join(out)


def noosfero(mirrors: Path) -> None:
    repo = mirrors / "noosfero+noosfero" / "repo"
    for lang in NF_LANGS:
        po = {} if lang == "en" else _po(_show(repo, NF_COMMIT, f"po/{lang}/noosfero.po"))

        def _(s: str, po=po) -> str:
            return po.get(s, s)

        env, host, name = NF_ENVS[lang]
        sender = f"{env} <noreply@{host}>"
        top = f"https://{host}"
        path = "app/mailers/user_mailer.rb, app/views/user_mailer/activation_code.text.erb"
        if lang != "en":
            path += f", po/{lang}/noosfero.po"
        sha = hashlib.sha1(f"{lang}-token".encode()).hexdigest()
        short = sha[1:7].upper()
        token = hashlib.sha1(f"{lang}-activation".encode()).hexdigest()
        activation_url = f"{top}/account/activate?activation_token={token}"
        body = (
            _erb(_ruby_pct(_("Hi, %{recipient}!"), {"recipient": name})) + "\n\n"
            + _erb(_ruby_pct(_("Welcome to %{environment}!"), {"environment": env})) + "\n"
            + _erb(_word_wrap(_ruby_pct(_(
                "To activate your account you must enter your activation code. To do so, "
                "access your account or follow the link: %{activation_url}"),
                {"activation_url": activation_url}))) + "\n\n"
            + _erb(_ruby_pct(_("Your activation code is: %s"), short)) + "\n\n"
            + _erb(_("Greetings,")) + "\n\n--\n"
            + _erb(_ruby_pct(_("%s team."), env)) + "\n" + top + "\n"
        )  # fmt: skip
        missing = [k for k in ("Your activation code is: %s",) if k not in po and lang != "en"]
        welcome = _("Welcome to %{environment}!")
        notes = []
        if missing:
            notes.append("the code line is untranslated in this language (English msgid)")
        if "%{" not in welcome:
            notes.append(
                "the translation of 'Welcome to %{environment}!' holds %s, so Ruby "
                "prints the hash given to it"
            )
        _save(
            source="noosfero", template="activation-code", lang=lang, kind="saas-otp",
            code=short, repository=NF_REPO,
            path=path + ", app/models/user.rb (short_activation_code)", commit=NF_COMMIT,
            licence=NF_LICENCE,
            rendered="the ERB text template filled as Rails 5 does (ERB escaping, word_wrap); "
            "code six characters of a SHA-1 hex digest, upcased",
            sender=sender, subject=_ruby_pct(_("[%s] Activate your account"), env),
            text=body, html_part=None, note="; ".join(notes) or None,
        )  # fmt: skip
        if lang not in ("en", "pt", "es", "it"):
            continue
        login = name.split()[0].lower().replace("ç", "c").replace("í", "i")
        login = login.encode("ascii", "ignore").decode()
        body = (
            _ruby_pct(_("Hello %s,"), name) + "\n\n"
            + _ruby_pct(_("Your email %s was just activated."), f"{login}@{host}") + "\n\n"
            + _erb(_("You can access your e-mail from anywhere, using the following address:"))
            + "\n" + f"https://webmail.{host}/" + "\n\n"
            + _erb(_("Greetings,")) + "\n\n--\n"
            + _ruby_pct(_("%s team."), env) + "\n" + top + "\n"
        )  # fmt: skip
        _save(
            source="noosfero", template="email-activated", lang=lang, kind="notice", code=None,
            repository=NF_REPO,
            path="app/mailers/user_mailer.rb, app/views/user_mailer/activation_email_notify."
            "text.erb" + ("" if lang == "en" else f", po/{lang}/noosfero.po"),
            commit=NF_COMMIT, licence=NF_LICENCE,
            rendered="the ERB text template filled as Rails 5 does",
            sender=sender,
            subject=_("[%{environment}] Welcome to %{environment} mail!").replace(
                "%{environment}", env),
            text=body, html_part=None,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# SEND (pagopa/pn-templates-engine)

PN_REPO = "pagopa/pn-templates-engine"
PN_COMMIT = "6496ba3da64e0cdb55d9f620e68c419d0616420a"
PN_T = "templates-assets/templates/"


def _ejs(src: str, data: dict) -> str:
    """The EJS of the templates: ``<% if (noIta) { %>…<% } %>`` and ``<%-key%>``."""
    src = re.sub(
        r"<% if \(noIta\) \{ %>(.*?)<% \} %>",
        lambda m: m[1] if data["noIta"] else "", src, flags=re.S,
    )  # fmt: skip
    return re.sub(r"<%-\s*(\w+)\s*%>", lambda m: str(data.get(m[1], "")), src)


def _ftl(src: str, model: dict) -> str:
    """FreeMarker as the templates use it: ``${a.b}``, ``<#if c>…<#else>…</#if>`` with the
    conditions ``x == "PF"`` / ``x=='PF'`` and ``x?contains('?')``."""

    def value(expr: str):
        cur = model
        for part in expr.strip().split("."):
            cur = cur[part]
        return cur

    def cond(c: str) -> bool:
        m = re.fullmatch(r"\s*([\w.]+)\s*==\s*['\"](\w+)['\"]\s*", c)
        if m:
            return value(m[1]) == m[2]
        m = re.fullmatch(r"\s*([\w.]+)\?contains\('(.)'\)\s*", c)
        if m:
            return m[2] in value(m[1])
        raise ValueError(c)

    pattern = re.compile(r"<#if ([^>]*)>((?:(?!<#if ).)*?)</#if>", re.S)
    while True:
        m = pattern.search(src)
        if not m:
            break
        then, _, other = m[2].partition("<#else>")
        src = src[: m.start()] + (then if cond(m[1]) else other) + src[m.end() :]
    return re.sub(r"\$\{([\w.]+)\}", lambda m: str(value(m[1])), src)


def _mjml(src: str, partial) -> tuple[str, str]:
    """The MJML reduced to plain HTML: title, sections as tables, columns as cells,
    ``mj-text`` as a ``div`` with its font size, colour and alignment, images, dividers."""
    for _ in range(3):
        src = re.sub(
            r'<mj-include\s[^>]*?path="([^"]+)"[^>]*/>',
            lambda m: "" if m[1].endswith(".css") else partial(m[1]), src,
        )  # fmt: skip
    title = re.search(r"<mj-title>(.*?)</mj-title>", src, re.S)[1].strip()
    body = re.search(r"<mj-body[^>]*>(.*)</mj-body>", src, re.S)[1]
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S)

    def attrs(tag: str) -> dict[str, str]:
        return dict(re.findall(r'([\w-]+)="([^"]*)"', tag))

    def text(m: re.Match) -> str:
        a = attrs(m[1])
        style = ";".join(
            f"{css}:{a[k]}" for k, css in (
                ("font-size", "font-size"), ("line-height", "line-height"),
                ("color", "color"), ("align", "text-align"), ("font-weight", "font-weight"),
            ) if k in a
        )  # fmt: skip
        return f'<div style="font-family:system-ui, sans-serif;{style}">{m[2].strip()}</div>'

    body = re.sub(r"<mj-text(\s[^>]*)?>(.*?)</mj-text>", text, body, flags=re.S)

    def image(m: re.Match) -> str:
        a = attrs(m[0])
        return (f'<img src="{a["src"]}" alt="{a.get("alt", "")}" '
                f'width="{a.get("width", "").removesuffix("px")}" style="display:block" />')  # fmt: skip

    body = re.sub(r"<mj-image\s[^>]*/>", image, body, flags=re.S)
    body = re.sub(r"<mj-divider\s[^>]*/>",
                  '<p style="border-top:solid 1px lightgrey;margin:16px 0"></p>', body)  # fmt: skip
    body = re.sub(r"<mj-section[^>]*>", '<table role="presentation" width="100%"><tr>', body)
    body = body.replace("</mj-section>", "</tr></table>")
    body = re.sub(r"<mj-column[^>]*>", "<td>", body).replace("</mj-column>", "</td>")
    body = re.sub(r"</?mj-(wrapper|group)[^>]*>", "", body)
    body = "\n".join(line.rstrip() for line in body.splitlines() if line.strip())
    page = (
        '<!doctype html>\n<html lang="it">\n<head>\n<title>' + title + "</title>\n"
        '<meta http-equiv="Content-Type" content="text/html" charset="UTF-8" />\n'
        '<meta name="color-scheme" content="light dark" />\n</head>\n'
        '<body class="mail-body">\n<div style="max-width:600px;margin:0 auto">\n'
        + body
        + "\n</div>\n</body>\n</html>\n"
    )
    return title, page


def send_pn(mirrors: Path) -> None:
    repo = mirrors / "pagopa+pn-templates-engine" / "repo"
    licence = "EUPL-1.2"
    sender = "SEND - Servizio Notifiche Digitali <noreply@notifichedigitali.example>"

    def partial(rel: str) -> str:
        name = rel.rsplit("/", 1)[-1]
        return _show(repo, PN_COMMIT, PN_T + "partials/" + name)

    rendered = (
        "templates-builder steps followed (EJS then MJML; MJML layout reduced to tables), "
        "FreeMarker filled as the service does"
    )
    # verification codes: courtesy e-mail and PEC
    for template, subject_dir, rtype, kind_note in (
        ("Mail_VerificationCodeBody", "Mail_VerificationCodeSubject", "PF", "e-mail"),
        ("PEC_VerificationCodeBody", "PEC_VerificationCodeSubject", "PG", "PEC"),
    ):
        code = f"{RNG.randrange(0, 100000):05d}"
        src = _show(repo, PN_COMMIT, PN_T + template + "/index.mjml")
        _, page = _mjml(src, partial)
        page = _ftl(page, {"verificationCode": code, "recipientType": rtype})
        subject = _show(repo, PN_COMMIT, PN_T + subject_dir + "/index.txt").strip()
        _save(
            source="pn-send", template=template.split("_")[0].lower() + "-verification-code",
            lang="it", kind="gov-otp", code=code, repository=PN_REPO,
            path=f"{PN_T}{template}/index.mjml, {PN_T}{subject_dir}/index.txt, {PN_T}partials/",
            commit=PN_COMMIT, licence=licence, rendered=rendered + "; code five digits",
            sender=sender, subject=subject, text=None, html_part=page,
            note=f"the code confirms a {kind_note} address as a SEND contact",
        )  # fmt: skip
    # PEC confirmed
    src = _show(repo, PN_COMMIT, PN_T + "PEC_ValidationContactsSuccessBody/index.mjml")
    _, page = _mjml(src, partial)
    page = _ftl(page, {"recipientType": "PF"})
    _save(
        source="pn-send", template="pec-confirmed", lang="it", kind="notice", code=None,
        repository=PN_REPO,
        path=f"{PN_T}PEC_ValidationContactsSuccessBody/index.mjml, "
        f"{PN_T}PEC_ValidationContactsSuccessSubject/index.txt",
        commit=PN_COMMIT, licence=licence, rendered=rendered, sender=sender,
        subject=_show(repo, PN_COMMIT,
                      PN_T + "PEC_ValidationContactsSuccessSubject/index.txt").strip(),
        text=None, html_part=page,
    )  # fmt: skip
    # new legal notification (courtesy e-mail, digital domicile), it / de / fr / sl
    senders = {
        "it": "Comune di Montepulciano", "de": "Autonome Provinz Bozen - Südtirol",
        "fr": "Regione Autonoma Valle d'Aosta", "sl": "Comune di Trieste - Občina Trst",
    }  # fmt: skip
    src = _show(repo, PN_COMMIT, PN_T + "NotificationAARForEMAILDigital/index.mjml")
    it = json.loads(_show(repo, PN_COMMIT, PN_T + "NotificationAARForEMAILDigital/i18n/it.json"))
    for lang in ("it", "de", "fr", "sl"):
        tr = json.loads(
            _show(repo, PN_COMMIT, PN_T + f"NotificationAARForEMAILDigital/i18n/{lang}.json")
        )
        data = {**it, **tr, "noIta": lang != "it"}
        _, page = _mjml(_ejs(src, data), partial)
        iun = "-".join([_rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) for _ in range(3)]
                       + ["202611", _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1), "1"])  # fmt: skip
        model = {
            "notification": {"iun": iun, "sender": {"paDenomination": senders[lang]}},
            "recipient": {"recipientType": "PF"},
            "quickAccessLink": "https://cittadini.notifichedigitali.example/notifica?aar="
            + _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24),
            "piattaformaNotificheURL": "https://cittadini.notifichedigitali.example/",
        }
        page = _ftl(page, model)
        subj_file = "index.txt" if lang == "it" else f"index_{lang}.txt"
        subject = _ftl(
            _show(repo, PN_COMMIT, PN_T + "NotificationAARFor_Subject/" + subj_file).strip(),
            model,
        )
        _save(
            source="pn-send", template="new-notification", lang=lang, kind="notice",
            code=None, repository=PN_REPO,
            path=f"{PN_T}NotificationAARForEMAILDigital/index.mjml, "
            f"{PN_T}NotificationAARForEMAILDigital/i18n/{lang}.json, "
            f"{PN_T}NotificationAARFor_Subject/{subj_file}",
            commit=PN_COMMIT, licence=licence, rendered=rendered, sender=sender,
            subject=subject, text=None, html_part=page,
            note="the IUN is the notification's reference number"
            + ("" if lang == "it" else "; bilingual, the language first and Italian after"),
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Trackdéchets


def _mustache(tpl: str, ctx: dict, *, php: bool = False) -> str:
    """Mustache (``{{x}}`` escaped, ``{{{x}}}`` raw, ``{{#x}}``/``{{^x}}`` sections over
    truthiness), with the spec's standalone rule: a line holding only one section tag and
    whitespace is removed whole."""
    tpl = re.sub(r"(?m)^[ \t]*(\{\{[#^/][^}]*\}\})[ \t]*\n", r"\1", tpl)

    def look(name: str):
        cur = ctx
        for part in name.strip().split("."):
            if not isinstance(cur, dict) or part not in cur:
                return None
            cur = cur[part]
        return cur

    sec = re.compile(r"\{\{([#^])\s*([\w.]+)\s*\}\}(.*?)\{\{/\s*\2\s*\}\}", re.S)
    while True:
        m = sec.search(tpl)
        if not m:
            break
        truthy = bool(look(m[2]))
        keep = truthy if m[1] == "#" else not truthy
        tpl = tpl[: m.start()] + (m[3] if keep else "") + tpl[m.end() :]

    def esc(v) -> str:
        s = "" if v is None else str(v)
        table = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")]
        if not php:  # mustache.js escapes these too; PHP Mustache uses htmlspecialchars
            table += [("'", "&#39;"), ("/", "&#x2F;"), ("`", "&#x60;"), ("=", "&#x3D;")]
        for a, b in table:
            s = s.replace(a, b)
        return s

    tpl = re.sub(r"\{\{\{\s*([\w.]+)\s*\}\}\}", lambda m: str(look(m[1]) or ""), tpl)
    return re.sub(r"\{\{\s*([\w.]+)\s*\}\}", lambda m: esc(look(m[1])), tpl)


TD_REPO = "MTES-MCT/trackdechets"
TD_LICENCE = "AGPL-3.0-or-later"  # README: "v3.0 ou plus récent"
TD_COMMIT = "779f59bf47dc94712a476946cb8c55873f7b690a"
TD_DIR = "libs/back/mail/src/templates/mustache/"


def trackdechets(mirrors: Path) -> None:
    repo = mirrors / "MTES-MCT+trackdechets" / "repo"
    ui = {
        "UI_URL": "https://app.trackdechets.example",
        "API_URL": "https://api.trackdechets.example",
    }
    company = {"name": "SARL Recyclage du Vercors", "orgId": "84236197500027"}
    form = {
        "recipientCompanyName": "Centre de Tri Isère Sud", "recipientCompanySiret": "51927384600019",
        "signedAt": "27/11/2026", "emitterCompanyName": "Garage Dumas Frères",
        "emitterCompanySiret": "39048261700035",
        "emitterCompanyAddress": "14 rue des Tanneurs 38000 Grenoble",
        "readableId": "BSD-20261126-8WQ3K7TZP", "wasteDetailsName": "Huiles moteur usagées",
        "wasteDetailsCode": "13 02 05*", "quantityReceived": "0.85", "quantityRefused": "0.85",
        "quantityAccepted": None, "wasteRefusalReason": "Présence d'eau et de solvants",
        "transporterCompanyName": "Transports Allibert", "transporterCompanySiret": "32871604900042",
        "transporterIsExemptedOfReceipt": False, "transporterReceipt": "R-38-2025-0417",
        "sentBy": "Marc Rivoire",
    }  # fmt: skip
    mails = [
        ("confirmation-de-compte", "account-activation", "Activer votre compte sur Trackdéchets",
         {"activationHash": _rand("0123456789abcdef", 40)}, "the activation hash is only in the link"),
        ("reinitialisation-mot-de-passe", "password-reset", "Ré-initialisation du mot de passe",
         {"resetHash": _rand("0123456789abcdef", 40)}, "the reset hash is only in the link"),
        ("totp-activated", "totp-activated",
         "Double authentification activée sur votre compte Trackdéchets",
         {"name": "Camille Roussel"}, None),
        ("information-process-de-verification", "verification-in-progress",
         f"Établissement {company['orgId']} en cours de vérification", {"company": company},
         "the verification code goes by post; the mail has none"),
        ("etablissement-verifie", "company-verified",
         f"L'établissement {company['orgId']} est désormais vérifié",
         {"company": {**company, "verificationModeIsLetter": True}}, None),
        ("notification-renouvellement-code-signature", "signature-code-renewal",
         f'Renouvellement du code de signature de votre établissement "{company["name"]}" '
         f"({company['orgId']})", {"company": company},
         "the new signature code is not in the mail (see the site)"),
        ("demande-de-rattachement-acceptee", "membership-accepted",
         f"Vous êtes à présent membre de l’établissement {company['name']} "
         f"({company['orgId']}) 🔔",
         {"companyName": company["name"], "companySiret": company["orgId"]}, None),
        ("refus-total-dechet", "waste-refused",
         f"Le déchet de l’entreprise {form['emitterCompanyName']} a été totalement refusé à "
         "réception", {"form": form},
         "a waste code (13 02 05*), SIRET numbers and a BSD number: none is a code to type"),
    ]  # fmt: skip
    for file, template, subject, variables, note in mails:
        body = _mustache(_show(repo, TD_COMMIT, TD_DIR + file + ".html"), {**variables, **ui})
        _save(
            source="trackdechets", template=template, lang="fr", kind="notice", code=None,
            repository=TD_REPO,
            path=f"{TD_DIR}{file}.html, libs/back/mail/src/templates/index.ts",
            commit=TD_COMMIT, licence=TD_LICENCE,
            rendered="the Mustache body with the subject of index.ts; the Brevo layout is "
            "not in the repository",
            sender="Trackdéchets <noreply@trackdechets.example>", subject=subject, text=None,
            html_part=body, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Mapas Culturais

MC_REPO = "mapasculturais/mapasculturais"
MC_COMMIT = "4a9592569ff9ebd9582496cf1ec687207880b379"
MC_LICENCE = "AGPL-3.0-only"  # LICENSE: AGPL-3.0 text, no "or later"
MC_DIR = "src/modules/MailNotification/templates/"
MC_SITES = {
    "pt_BR": ("Mapa Cultural de Pernambuco", "https://mapacultural.pe.example/",
              "Edital Funcultura Audiovisual 2026", "Josué Cavalcanti"),
    "es_ES": ("Cultura en Línea", "https://culturaenlinea.uy.example/",
              "Fondos Concursables para la Cultura 2026", "Valentina Sosa"),
}  # fmt: skip


def mapas(mirrors: Path) -> None:
    repo = mirrors / "mapasculturais+mapasculturais" / "repo"
    titles_po = _po(_show(repo, MC_COMMIT, "src/translations/es_ES.po"))
    for lang, (site, base, opportunity, user) in MC_SITES.items():
        asset = base + "assets/img/mail-image.png"

        def load(name: str, lang=lang, asset=asset) -> str:
            return _show(repo, MC_COMMIT, f"{MC_DIR}{lang}/{name}").replace(
                "{{asset:img/mail-image.png}}", asset
            )

        def title(s: str, lang=lang) -> str:
            return titles_po.get(s, s) if lang == "es_ES" else s

        reg_id = RNG.randint(1200000000, 1999999999)
        mails = [
            ("welcome", "welcome.html", "Bem-vindo(a) ao Mapas Culturais", {"name": user}, None),
            ("last-login", "last_login.html", "Acesse a Mapas Culturais",
             {"name": user, "last_login_timestamp": "14/08/2026 21:07"}, None),
            ("registration-started", "start_registration.html", "Inscrição iniciada",
             {"userName": user, "projectName": opportunity, "registrationId": reg_id,
              "registrationNumber": f"on-{reg_id}", "statusNum": 0},
             "the registration number (on-…) is a reference, not a code"),
            ("registration-sent", "send_registration.html", "Inscrição enviada",
             {"userName": user, "projectName": opportunity, "registrationId": reg_id,
              "registrationNumber": f"on-{reg_id}", "statusNum": 1},
             "the registration number (on-…) is a reference, not a code"),
        ]  # fmt: skip
        for template, file, subject, data, note in mails:
            ctx = {"siteName": site, "siteUrl": base, "baseUrl": base, **data}
            ctx["_header"] = _mustache(load("_header.html"), ctx, php=True)
            ctx["_footer"] = _mustache(load("_footer.html"), ctx, php=True)
            body = _mustache(load(file), ctx, php=True)
            _save(
                source="mapasculturais", template=template, lang=lang, kind="notice",
                code=None, repository=MC_REPO,
                path=f"{MC_DIR}{lang}/{file}, {MC_DIR}{lang}/_header.html, "
                f"{MC_DIR}{lang}/_footer.html, config/mailer-templates.php"
                + (", src/translations/es_ES.po" if lang == "es_ES" else ""),
                commit=MC_COMMIT, licence=MC_LICENCE,
                rendered="App::renderMustacheTemplate followed (header and footer rendered, "
                "then the body) with Mustache rules; subject the template's title",
                sender=f"{site} <suporte@{base.split('//')[1].rstrip('/')}>",
                subject=title(subject), text=None, html_part=body, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Galette

GA_REPO = "galette/galette"
GA_COMMIT = "6faa6f8821b7b7de872b3ac7ff640829df320c1e"
GA_LICENCE = "GPL-3.0-or-later"
GA_LANGS = ["en_US", "fr_FR", "es", "it_IT", "pt", "ca", "oc"]
GA_ASSOS = {
    "en_US": ("Riverside Allotment Society", "https://members.riverside-allotments.example",
              "thomas.reed"),
    "fr_FR": ("Amicale Laïque de Saint-Nazaire", "https://adherents.amicale-stnazaire.example",
              "mlebreton"),
    "es": ("Cooperativa de Consumo La Colmena", "https://socias.lacolmena-coop.example",
           "rgarrido"),
    "it_IT": ("Circolo ARCI Porta Nuova", "https://soci.arci-portanuova.example", "fbianchi"),
    "pt": ("Associação Cultural Maré Alta", "https://socios.marealta.example", "acoutinho"),
    "ca": ("Ateneu Popular de Gràcia", "https://socis.ateneugracia.example", "mpuig"),
    "oc": ("Ostal d'Occitània de Tolosa", "https://sòcis.ostal-tolosa.example".replace("ò", "o"),
           "jbaccou"),
}  # fmt: skip


def _php_date(fmt: str, when: datetime) -> str:
    codes = {"d": "%d", "m": "%m", "Y": "%Y", "H": "%H", "i": "%M", "s": "%S"}
    return "".join(when.strftime(codes[c]) if c in codes else c for c in fmt)


def galette(mirrors: Path) -> None:
    repo = mirrors / "galette+galette" / "repo"
    fields = "galette/includes/fields_defs/texts_fields.php"
    defs = _show(repo, GA_COMMIT, fields)
    texts = {}
    for m in re.finditer(
        r"'tref'\s*=>\s*'(\w+)',\s*'tsubject'\s*=>\s*_T\('((?:\\.|[^'])*)'\),\s*"
        r"'tbody'\s*=>\s*_T\(\"((?:\\.|[^\"])*)\"\)",
        defs,
    ):
        texts[m[1]] = (m[2].replace("\\'", "'"), m[3].replace('\\"', '"'))
    for lang in GA_LANGS:
        po_path = f"galette/lang/galette_{lang}.utf8.po" if lang != "en_US" else None
        po = _po(_show(repo, GA_COMMIT, po_path)) if po_path else {}
        asso, site, login = GA_ASSOS[lang]
        signature = "\r\n-- \r\n" + asso + "\r\n\r\n" + site  # pref_mail_sign default
        validity = datetime(2026, 12, 1, 10, 14, 52)
        values = {
            "ASSO_NAME": asso, "LOGIN": login, "LOGIN_URI": site + "/login",
            "CHG_PWD_URI": site + "/password-recovery/" + _rand("0123456789abcdef", 40),
            "LINK_VALIDITY": _php_date(po.get("Y-m-d H:i:s", "Y-m-d H:i:s"), validity),
            "DAYS_REMAINING": "14", "DAYS_EXPIRED": "9",
        }  # fmt: skip
        for tref, template, note in (
            ("pwd", "lost-password", "the recovery hash is only inside the link"),
            ("accountedited", "account-edited", None),
            ("impendingduedate", "membership-expiring", None),
            ("lateduedate", "membership-expired", None),
        ):
            subject, body = texts[tref]
            subject, body = po.get(subject, subject), po.get(body, body)
            body = body.replace("{BR}", "\r\n").replace("{NEWLINE}", "\r\n\r\n")
            for key, value in values.items():
                subject = subject.replace("{" + key + "}", value)
                body = body.replace("{" + key + "}", value)
            body = body.replace("\r\n", "\n") + signature.replace("\r\n", "\n")
            _save(
                source="galette", template=template, lang=lang, kind="notice", code=None,
                repository=GA_REPO,
                path=fields + (f", {po_path}" if po_path else "")
                + ", galette/lib/Galette/Entity/Texts.php, galette/lib/Galette/Core/"
                "GaletteMail.php",
                commit=GA_COMMIT, licence=GA_LICENCE,
                rendered="the default text of texts_fields.php in the language (as the "
                "installer stores it), {BR}/{NEWLINE} and the placeholders replaced as "
                "Texts and the replacements do, default signature appended; plain text",
                sender=f"{asso} <galette@{site.split('//')[1]}>", subject=subject,
                text=body, html_part=None, note=note,
            )  # fmt: skip


def main() -> None:

    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    piwigo(args.mirrors)
    dotclear(args.mirrors)
    noosfero(args.mirrors)
    send_pn(args.mirrors)
    trackdechets(args.mirrors)
    mapas(args.mirrors)
    galette(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), sum(1 for i in ITEMS if i["code"]))


if __name__ == "__main__":
    main()
