"""Round 26 (social): a forum, a dating site, a Q&A community, a mailing-list server, chats.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r26_social.py \\
        --mirrors /work/.mirror

Needs, in ``/tmp/social-django`` (``pip install --target /tmp/social-django ...``; the script
puts it on ``sys.path``): Django 5.2.19, polib 1.2.0, Jinja2 3.1.6, premailer 3.10.0 (which
brought lxml 6.2.0, cssutils 2.15.0, cssselect 1.6.0), beautifulsoup4 4.7.1 and html5lib 1.1.

- rafalp/Misago (GPL-2.0-only), commit ``MISAGO_COMMIT``: the forum's account mails.
  ``misago/core/mail.py`` (``build_mail``) renders ``<template>.txt`` and ``<template>.html``
  with Django's ``render_to_string`` (autoescape on for both, as Django does) into an
  ``EmailMultiAlternatives`` (text part, HTML alternative) with the context
  ``settings``, ``LANGUAGE_CODE``, ``LOGIN_URL``, ``forum_host``, ``user``, ``subject``.
  Templates used: ``misago/templates/misago/emails/base.txt``, ``base.html``,
  ``register/complete.*`` (``misago/users/registration.py``, welcome mail),
  ``register/inactive.*`` (same, account to activate by link),
  ``change_password_form_link.*`` (``misago/users/api/auth.py``, forgotten password),
  ``password_changed.*`` and ``email_confirm_change.*`` (``misago/account/views/settings.py``).
  Subjects are the ``pgettext`` strings of those files, ``%``-formatted as there.
  The template tags ``misago_absoluteurl`` and ``misago_capture``
  (``misago/core/templatetags/``) are loaded from the snapshot itself; the URL names they
  reverse get the paths of ``misago/users/urls/__init__.py``, ``misago/auth/urls.py`` and
  ``misago/account/urls.py`` (under namespace ``misago``, ``LOGIN_URL = "misago:login"`` as
  in ``devproject/settings.py``). The catalogues ``misago/locale/<lang>/LC_MESSAGES/
  django.po`` are compiled with polib (fuzzy entries left out, as msgfmt does) into a
  temporary ``LOCALE_PATHS``. A language is used for a template only where its catalogue
  has every context of that template and the subject and translates all their strings
  (en, fr, pl, pt-BR here). Tokens in links have the shape of ``misago/users/tokens.py``.
  None of these mails gives a code.
- ASKBOT/askbot-devel (GPL-3.0-or-later), commit ``ASKBOT_COMMIT``: ``send_email_key()`` of
  ``askbot/deps/django_authopenid/views.py`` sends ``AccountActivation`` and
  ``AccountRecovery`` (``askbot/mail/messages.py``) with a ``generate_random_key()`` key
  (16 lower-case hex digits), which the mail gives to paste into the form; ``views/users.py``
  sends ``EmailChangeVerification`` (a link only). ``BaseEmail`` renders
  ``askbot/jinja2/<path>/subject.txt`` (whitespace joined) and ``body.html`` (extending
  ``email/base_mail.html``, whose ``{% premailer %}`` block is ``Premailer().transform()``
  as ``askbot/templatetags/premail.py``; footer ``email/footer.html`` with the default
  ``EMAIL_TEXT_FOOTER`` through ``sub_vars``) with Jinja2, i18n extension, autoescape off
  (``testproject/testproject/settings.py``); ``askbot/mail/__init__.py`` prefixes the subject
  with ``EMAIL_SUBJECT_PREFIX`` (Django's default ``[Django] ``, which the askbot setting
  takes), runs ``absolutize_urls`` and sends the text part made by ``get_text_from_html``
  (``askbot/utils/html.py``: BeautifulSoup with html5lib, links as ``url (text)``, non-blank
  lines stripped and joined by blank lines) with the HTML as alternative. English only: no
  catalogue in ``askbot/locale`` has these strings.
- pH7Software/pH7-Social-Dating-CMS (pH7Builder, MIT), commit ``PH7_COMMIT``, with
  pH-7/Html2Text (MIT) at the commit its ``composer.lock`` pins: ``PH7Tpl::parseMail()``
  (``_protected/framework/Layout/Tpl/Engine/PH7Tpl/PH7Tpl.class.php``) fills the mail
  template's ``{content}`` and the ``MailLayout`` pieces (``_protected/framework/Layout/Html/
  Mail.class.php``: header, sub-header, sub-footer with ``t()`` strings and the
  ``Design::link()`` comment, footer); ``t()`` takes the ``en_US`` catalogue
  (``_protected/app/langs/en_US/LC_MESSAGES/global.po``) and replaces ``%0%``.. and the
  ``SysVar`` variables. ``Mail::send()`` (``_protected/framework/Mail/Mail.class.php``) sends
  the HTML and a text part made by ``PH7\\HtmlToText\\Convert``: the body's textContent
  (DOMDocument), whitespace runs made one space, trimmed. Mails: the lost-password new
  password (``modules/lost-password/controllers/MainController.php``, 8 characters of
  ``PasswordGenerator``'s alphabet), the welcome mail (``core/classes/RegistrationCore.php``,
  password hidden as ``******``) and the login-attempts alert
  (``core/classes/SecurityCore.php``). English only (the repository ships en_US alone).
  The PHP is not run (the php here has no DOM extension): these steps are redone in Python.
- wikimedia/operations-debs-mailman3 (GNU Mailman 3 core as packaged by Wikimedia,
  GPL-3.0-or-later), commit ``MAILMAN3_COMMIT``: the subscription and unsubscription
  confirmation requests of ``src/mailman/app/subscriptions.py``
  (``_handle_confirmation_needed_events``): ``src/mailman/templates/<lang>/
  list:user:action:(un)subscribe.txt`` (en, de) through ``expand()``
  (``src/mailman/utilities/string.py``, ``string.Template.safe_substitute``), subject
  ``confirm <token>`` (a 40 hex SHA-1 of ``utilities/uid.py``'s TokenFactory), From the list's
  confirm address, one text part. Mailman sends it in the language's charset; here the
  text part is UTF-8 as ``collect.message()`` builds it (same text). The token is not asked
  for: the reader replies keeping the subject, so no code.
- msgbyte/tailchat (Apache-2.0), commit ``TAILCHAT_COMMIT``: the chat server's e-mail OTPs
  (verify e-mail, forgotten password), Chinese in the code, rendered as ``tailchat()``
  says: the HTML literal of ``server/services/core/user/user.service.ts`` in
  ``server/views/mail.ejs``, HTML only.
- openimsdk/chat (OpenIM's account service, Apache-2.0), commit ``OPENIM_COMMIT``: the
  e-mail verification code of ``pkg/email/mail.go``, one HTML body, as ``openim()`` says.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import logging
import re
import subprocess
import sys
import tempfile
import types
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

sys.path.insert(0, "/tmp/social-django")
import polib

MISAGO = "rafalp/Misago"
MISAGO_COMMIT = "c7ffe0b6d3739efc534d0e6d60a6b9ee959ae789"
ROUND = HERE / "round26" / "social.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _ls(repo: Path, commit: str, path: str) -> list[str]:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", commit, path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()


ITEMS: list[dict] = []


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw: bytes, note: str | None = None) -> None:  # fmt: skip
    group = f"{source}-{template}"
    ident = f"{group}-{lang}"
    out = HERE / "mail" / source / f"{ident}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
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


# ---------------------------------------------------------------------------------------
# Misago

MISAGO_TEMPLATES = {
    # name: (template, subject context, subject msgid, sent)
    "welcome": (
        "register/complete",
        "welcome email subject",
        "Welcome on %(forum_name)s forums!",
        datetime(2026, 12, 4, 8, 12, 40, tzinfo=UTC),
    ),
    "activate": (
        "register/inactive",
        "welcome email subject",
        "Welcome on %(forum_name)s forums!",
        datetime(2026, 12, 4, 8, 14, 2, tzinfo=UTC),
    ),
    "password-link": (
        "change_password_form_link",
        "change forgotten password email subject",
        "Change %(user)s password on %(forum_name)s forums",
        datetime(2026, 12, 4, 9, 30, 17, tzinfo=UTC),
    ),
    "password-changed": (
        "password_changed",
        "password changed email subject",
        "Your password on the %(forum_name)s forums has been changed",
        datetime(2026, 12, 4, 9, 33, 51, tzinfo=UTC),
    ),
    "email-change": (
        "email_confirm_change",
        "email confirm change email subject",
        "Change your email on the %(forum_name)s forums",
        datetime(2026, 12, 4, 10, 5, 9, tzinfo=UTC),
    ),
}
MISAGO_LANGS = ["en", "de", "fr", "pl", "pt_BR", "es", "it", "ru", "ja", "nl"]


def _misago_token(seed: str) -> str:
    """A token of misago/users/tokens.py's shape: checksum[:8] + base64(hash[:8] + day)."""
    user_hash = hashlib.sha256(seed.encode()).hexdigest()[:8]
    obfuscated = base64.b64encode(f"{user_hash}20791".encode()).decode().rstrip("=")
    checksum = hashlib.sha256(("c" + obfuscated).encode()).hexdigest()[:8]
    return checksum + obfuscated


def _load_module(name: str, source: str) -> None:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)  # the snapshot's tag library
    sys.modules[name] = module


def misago(repo: Path) -> None:
    import django
    from django.conf import settings as djsettings

    commit = MISAGO_COMMIT
    base = "misago/templates/misago/emails/"
    templates = {}
    for name in _ls(repo, commit, base) + _ls(repo, commit, base + "register/"):
        if name.endswith((".txt", ".html")):
            templates[name.removeprefix("misago/templates/")] = _show(repo, commit, name)
    _load_module(
        "social_misago_absoluteurl",
        _show(repo, commit, "misago/core/templatetags/misago_absoluteurl.py"),
    )
    _load_module(
        "social_misago_capture", _show(repo, commit, "misago/core/templatetags/misago_capture.py")
    )
    from django.urls import include, path

    def view(request):  # pragma: no cover - only reversed, never called
        return None

    misago_patterns = [
        path("login/", view, name="login"),
        path("activation/<int:pk>/<slug:token>/", view, name="activate-by-token"),
        path(
            "forgotten-password/<int:pk>/<slug:token>/",
            view,
            name="forgotten-password-change-form",
        ),
        path("avatar/<int:pk>/<int:size>/", view, name="user-avatar"),
        path(
            "account/email/confirm/<int:user_id>/<token>/",
            view,
            name="account-email-confirm-change",
        ),
    ]
    urlconf = types.ModuleType("social_misago_urls")
    urlconf.urlpatterns = [path("", include((misago_patterns, "misago"), namespace="misago"))]
    sys.modules["social_misago_urls"] = urlconf

    locale_dir = Path(tempfile.mkdtemp(prefix="social-misago-locale-"))
    catalogs = {}
    for lang in MISAGO_LANGS:
        if lang == "en":
            continue
        po = f"misago/locale/{lang}/LC_MESSAGES/django.po"
        catalog = polib.pofile(_show(repo, commit, po))
        catalogs[lang] = catalog
        target = locale_dir / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        catalog.save_as_mofile(str(target / "django.mo"))  # translated entries: no fuzzy

    djsettings.configure(
        USE_I18N=True,
        LANGUAGE_CODE="en",
        LANGUAGES=[(lang.lower().replace("_", "-"), lang) for lang in MISAGO_LANGS],
        LOCALE_PATHS=[str(locale_dir)],
        ROOT_URLCONF="social_misago_urls",
        INSTALLED_APPS=[],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "OPTIONS": {
                    "loaders": [("django.template.loaders.locmem.Loader", templates)],
                    "libraries": {
                        "misago_absoluteurl": "social_misago_absoluteurl",
                        "misago_capture": "social_misago_capture",
                    },
                },
            }
        ],
    )
    django.setup()
    from django.template.loader import render_to_string
    from django.utils import translation

    forum = types.SimpleNamespace(
        forum_name="Kestrel Riders",
        forum_address="https://forum.example.com/",
        email_footer="",
    )

    class User:
        pk = id = 4127
        username = "NoorT"
        email = "noor.tester@example.com"

        def __str__(self) -> str:  # AbstractBaseUser: the username
            return self.username

    user = User()

    def translated(lang: str, contexts: set[str]) -> bool:
        """Every string of these contexts is in the catalogue and translated."""
        seen = set()
        for msg in catalogs[lang]:
            if msg.msgid and not msg.obsolete and msg.msgctxt in contexts:
                if not msg.translated():
                    return False
                seen.add(msg.msgctxt)
        return seen == contexts

    for name, (template, subj_ctx, subj_id, sent) in MISAGO_TEMPLATES.items():
        sources = [
            templates[f"misago/emails/{template}.txt"],
            templates[f"misago/emails/{template}.html"],
        ]
        if template == "register/inactive":
            sources.append(templates["misago/emails/register/complete.html"])
        contexts = {subj_ctx}
        for src in sources:
            contexts |= set(re.findall(r'context "([^"]+)"', src))
        for lang in MISAGO_LANGS:
            if lang != "en" and not translated(lang, contexts):
                continue
            django_lang = lang.lower().replace("_", "-")
            with translation.override(django_lang):
                subject = translation.pgettext(subj_ctx, subj_id) % {
                    "forum_name": forum.forum_name,
                    "user": user.username,
                }
                context = {
                    "settings": forum,
                    "LANGUAGE_CODE": translation.get_language()[:2],
                    "LOGIN_URL": "misago:login",
                    "forum_host": "forum.example.com",  # get_host_from_address
                    "user": user,
                    "sender": None,
                    "subject": subject,
                }
                if template == "register/inactive":
                    context.update(
                        activation_token=_misago_token("activate"),
                        activation_by_admin=False,
                        activation_by_user=True,
                    )
                elif template == "change_password_form_link":
                    context["confirmation_token"] = _misago_token("password")
                elif template == "email_confirm_change":
                    context["token"] = _misago_token("email")
                    context["expires_in"] = 48
                text = render_to_string(f"misago/emails/{template}.txt", context)
                page = render_to_string(f"misago/emails/{template}.html", context)
            raw = message(
                sender="Kestrel Riders <forum@example.com>",
                subject=subject,
                text=text,
                html_part=page,
                sent=sent,
            )
            files = [f"{base}{template}.txt", f"{base}{template}.html", f"{base}base.txt",
                     f"{base}base.html"]  # fmt: skip
            if template == "register/inactive":
                files.append(f"{base}register/complete.html")
            if lang != "en":
                files.append(f"misago/locale/{lang}/LC_MESSAGES/django.po")
            files.append("misago/core/mail.py")
            _save(
                source="misago",
                template=name,
                lang=lang.replace("_", "-"),
                kind="notice",
                code=None,
                repository=MISAGO,
                path=",".join(files),
                commit=commit,
                licence="GPL-2.0-only",
                rendered="Django 5.2 render_to_string of the .txt and .html templates with the "
                "snapshot's tag libraries and compiled catalogue, as misago/core/mail.py",
                raw=raw,
            )


# ---------------------------------------------------------------------------------------
# pH7Builder (pH7 Social Dating CMS)

PH7 = "pH7Software/pH7-Social-Dating-CMS"
PH7_COMMIT = "d5e5112546a79a04f87a902189c0bda27ff96466"
PH7_SITE_NAME = "Kestrel Hearts"
PH7_SITE_URL = "https://dating.example.com/"
PH7_PASSWORD = "h7Rq~2Xe"  # PasswordGenerator::generate(8): [0-9a-zA-Z] and -_~|%^!$#@?


def _ph7_php_string(src: str, start: str) -> str:
    """The PHP single-quoted string that starts right after ``start`` in ``src``."""
    i = src.index(start) + len(start)
    m = re.match(r"'((?:[^'\\]|\\.)*)'", src[i:], re.S)
    return re.sub(r"\\([\\'])", r"\1", m.group(1))


def _ph7_uri(routes: str, module: str, controller: str, action: str) -> str:
    """Uri::uri(): the first route of routes/en.xml whose module, controller and action
    patterns match, its url stripped as stripSpecialCharacters(); else module/controller/
    action under the site root."""
    import xml.etree.ElementTree as ET

    for route in ET.fromstring(routes).iter("route"):
        if (
            re.search("^" + route.get("module") + "$", module)
            and re.search("^" + route.get("controller") + "$", controller)
            and re.search("^" + route.get("action") + "$", action)
        ):
            uri = route.get("url").replace("\\", "")
            uri = re.sub(r"\(.+\)", "", uri)
            uri = re.sub(r"([/\?]+)$", "", uri)
            return PH7_SITE_URL + uri
    return PH7_SITE_URL + f"{module}/{controller}/{action}"


def _ph7_t(catalog: dict[str, str], token: str, *args: str) -> str:
    """t(): the en_US catalogue's string (or the msgid), %0%.. replaced, then SysVar's
    %site_name% / %site_url% (the only system variables these strings use)."""
    text = catalog.get(token) or token
    for i, value in enumerate(args):
        text = text.replace(f"%{i}%", value)
    return text.replace("%site_name%", PH7_SITE_NAME).replace("%site_url%", PH7_SITE_URL)


def _ph7_html2text(page: str) -> str:
    """ph-7/html-to-text 2.0.0 (Convert.php) on a page with <body>: the body's textContent
    (DOMDocument: text nodes only, no comments), entities decoded, every run of whitespace
    made one space (its first rule; the tag rules then find no tag), trimmed."""
    from html.parser import HTMLParser

    class Body(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.inside = False
            self.parts: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag == "body":
                self.inside = True

        def handle_endtag(self, tag):
            if tag == "body":
                self.inside = False

        def handle_data(self, data):
            if self.inside:
                self.parts.append(data)

    parser = Body()
    parser.feed(page)
    parser.close()
    text = "".join(parser.parts).replace("\xa0", " ")
    text = re.sub(r"[ \t\n\x0b\f\r]+", " ", text)
    text = re.sub(r"(  *)", " ", text)
    return text.strip(" \t\n\r\x00\x0b")


def ph7(repo: Path, html2text_repo: Path) -> None:
    commit = PH7_COMMIT
    layout_src = _show(repo, commit, "_protected/framework/Layout/Html/Mail.class.php")
    version_src = _show(repo, commit, "_protected/framework/Security/Version.class.php")
    kernel_src = _show(repo, commit, "_protected/framework/Core/Kernel.class.php")
    routes = _show(repo, commit, "_protected/app/configs/routes/en.xml")
    po = polib.pofile(_show(repo, commit, "_protected/app/langs/en_US/LC_MESSAGES/global.po"))
    catalog = {e.msgid: e.msgstr for e in po if e.translated()}
    # The Html2Text commit composer.lock pins: read so that a change of it shows here.
    convert = _show(html2text_repo, H2T_COMMIT, "src/Convert.php")
    assert "'/\\s+/' => ' '," in convert and "textContent" in convert
    name = _ph7_php_string(kernel_src, "const SOFTWARE_NAME = ")
    version_name = _ph7_php_string(version_src, "KERNEL_VERSION_NAME = ")
    version = _ph7_php_string(version_src, "KERNEL_VERSION = ")
    build = _ph7_php_string(version_src, "KERNEL_BUILD = ")
    t = lambda *a: _ph7_t(catalog, *a)  # noqa: E731

    header = re.search(r"return '(<!DOCTYPE html>.*?)';", layout_src, re.S).group(1)
    header = header.replace("' . Registry::getInstance()->site_name . '", PH7_SITE_NAME)
    sub_header = re.search(r"return '(<table>\s*<tr><td>.*?)';", layout_src, re.S).group(1)
    sub_header = sub_header.replace(
        "' . Registry::getInstance()->site_url . '", PH7_SITE_URL
    ).replace("' . Registry::getInstance()->site_name . '", PH7_SITE_NAME)
    bottom = t("Best regards,<br />%0% team.", '<a href="%site_url%">%site_name%</a>')
    # Design::link(true, true, false, false, true): e-mail context, no comment: one comment
    link = f'<!-- "Powered by {name}, {version_name}, {version}, Build {build} -->'

    def sub_footer(email: str) -> str:
        privacy = t(
            "This message was sent to %0%.<br /> You receive this message because you are "
            "registered on %1%.<br /> You can change the email alerts by visiting your "
            "account.",
            email,
            '<a href="%site_url%">%site_name%</a>',
        )
        src = re.search(r"return '(</div>\s*</td></tr>.*?</table>)';", layout_src, re.S).group(1)
        return (
            src.replace("' . $this->bottomFooter() . '", bottom)
            .replace("' . $this->privacyPolicyFooter($sEmail) . '", privacy)
            .replace("' . $this->link() . '", link)
        )

    # parseMail() calls subFooter() (setting bSubFooter) before footer() on the same
    # MailLayout whether or not the template has {inc_sub_footer}: footer() never closes
    # the table itself.
    footer = "</div></body></html>"

    def parse_mail(tpl_path: str, content: str, email: str, extra: dict[str, str]) -> str:
        code = _show(repo, commit, tpl_path)
        code = code.replace("{content}", content)
        for key, value in extra.items():
            code = code.replace("{" + key + "}", value)
        code = code.replace("{inc_header}", header).replace("{inc_sub_header}", sub_header)
        code = code.replace("{inc_sub_footer}", sub_footer(email))
        code = code.replace("{inc_footer}", footer)
        return code

    email = "noor.tester@example.com"
    mails = []
    # lost-password/controllers/MainController.php sendMail(): the new password itself
    login = _ph7_uri(routes, "user", "main", "index")
    content = (
        t("Hello,")
        + "<br />"
        + t("Your new password is: %0%", "<em>" + PH7_PASSWORD + "</em>")
        + "<br />"
        + t(
            'Please change it once you are <a href="%0%">logged in</a> (Account -> Edit '
            "Profile -> Change Password).",
            login,
        )
    )
    mails.append(
        (
            "new-password",
            "_protected/app/system/global/views/base/tpl/mail/sys/mod/lost-password/"
            "recover_password.tpl",
            "_protected/app/system/modules/lost-password/controllers/MainController.php",
            content,
            t("Your new password - %site_name%"),
            PH7_PASSWORD,
            datetime(2026, 12, 4, 11, 2, 45, tzinfo=UTC),
            "the new password to sign in with; the text part (body textContent) runs it "
            "into the next sentence, the HTML shows it alone in <em>",
        )
    )
    # core/classes/RegistrationCore.php sendMail($aData) from user/JoinFormProcess.php:
    # not a universal login, so the password line is the hidden one; userActivationType 1
    # (pH7_Core.sql's default: no activation) gives the log-in line.
    first = "Noor"
    forgot = _ph7_uri(routes, "lost-password", "main", "forgot") + "/user"
    content = (
        t("Welcome to %site_name%, %0%!", first)
        + "<br />"
        + t("Hi %0%! We are proud to welcome you as a member of %site_name%!", first)
        + "<br />"
        + t(
            "Please %0% to meet new people from today!",
            '<a href="' + _ph7_uri(routes, "user", "main", "login") + '"><b>'
            + t("log in") + "</b></a>",
        )
        + "<br />"
        + '<br /><span style="text-decoration:underline">'
        + t("Please save the following information for future reference:")
        + "</span><br /><em>"
        + t("Email: %0%.", email)
        + "<br />"
        + t("Username: %0%.", "noor_t")
        + "<br />"
        + t(
            "Password: ****** (hidden to protect against theft of your account. If you have "
            'forgotten your password, please request a new one <a href="%0%">here</a>).',
            forgot,
        )
        + "</em>"
    )  # fmt: skip
    registration_footer = (
        t(
            "You are receiving this email because we received a registration application "
            'with "%0%" email address for %site_name% (%site_url%).',
            email,
        )
        + "<br />"
        + t(
            "If you think someone has used your email address without your knowledge to "
            "create an account on %site_name%, please contact us using our contact form "
            "available on our website."
        )
    )
    mails.append(
        (
            "welcome",
            "_protected/app/system/global/views/base/tpl/mail/sys/mod/user/"
            "account_registration.tpl",
            "_protected/app/system/core/classes/RegistrationCore.php",
            content,
            t("Hello %0%, Welcome to %site_name%!", first),
            None,
            datetime(2026, 12, 4, 10, 48, 3, tzinfo=UTC),
            "the password is shown as ****** (hidden); nothing to type",
        )
    )
    # core/classes/SecurityCore.php sendLoginAttemptsExceededAlert(): maxUserLoginAttempts
    # 20 and loginUserAttemptTime 60 (pH7_Core.sql defaults)
    content = (
        t("Hi %0%", first)
        + "<br />"
        + t(
            'Someone tried to login more than %0% times with the IP address: "%1%".',
            "20",
            "198.51.100.23",
        )
        + "<br />"
        + t(
            "For safety and security reasons, we have blocked access to this person for a "
            "delay of %0% minutes.",
            "60",
        )
        + "<br /><ol><li>"
        + t(
            'If it was you who tried to login to your account, we suggest to <a href="%1%">'
            "request a new password</a> in %0% minutes.",
            "60",
            forgot,
        )
        + "</li><li>"
        + t(
            "If you don't know the person who made the login attempts, you should be very "
            "careful and change your password to a new complex one."
        )
        + "</li></ol><br /><hr />"
        + t("Have a nice day!")
    )
    mails.append(
        (
            "login-attempts",
            "_protected/app/system/global/views/base/tpl/mail/sys/core/alert_login_attempt.tpl",
            "_protected/app/system/core/classes/SecurityCore.php",
            content,
            t("Security Alert: Login Attempts - %site_name%"),
            None,
            datetime(2026, 12, 4, 12, 20, 36, tzinfo=UTC),
            None,
        )
    )
    views = {"welcome": {"footer": registration_footer, "b_footer": bottom}}
    for name_, tpl, controller, content, subject, code, sent, note in mails:
        page = parse_mail(tpl, content, email, views.get(name_, {}))
        raw = message(
            sender=f"{PH7_SITE_NAME} <noreply@dating.example.com>",
            subject=subject,
            text=_ph7_html2text(page),
            html_part=page,
            sent=sent,
        )
        _save(
            source="ph7builder",
            template=name_,
            lang="en",
            kind="saas-otp" if code else "notice",
            code=code,
            repository=PH7,
            path=",".join(
                [
                    tpl,
                    controller,
                    "_protected/framework/Layout/Html/Mail.class.php",
                    "_protected/framework/Layout/Tpl/Engine/PH7Tpl/PH7Tpl.class.php",
                    "_protected/framework/Mail/Mail.class.php",
                    "_protected/app/langs/en_US/LC_MESSAGES/global.po",
                ]
            ),
            commit=commit,
            licence="MIT",
            rendered="PH7Tpl::parseMail() replacements ({content}, MailLayout header/"
            "footers, t() with SysVar) redone in Python; text part as ph-7/html-to-text "
            "2.0.0 Convert (pH-7/Html2Text@" + H2T_COMMIT[:12] + ")",
            raw=raw,
            note=note,
        )


H2T_COMMIT = "31441fd8e4df780d2a3ec4bf401e679a27dbe6e4"


# ---------------------------------------------------------------------------------------
# Askbot

ASKBOT = "ASKBOT/askbot-devel"
ASKBOT_COMMIT = "60ab07ffc56175b76b5a8159c23942182e81f874"
ASKBOT_APP_URL = "https://birders.example.org/"
ASKBOT_SITE_NAME = "Birders Q&A"  # live setting APP_SHORT_NAME


def askbot(repo: Path) -> None:
    from urllib.parse import urlparse

    import jinja2
    import premailer
    from bs4 import BeautifulSoup
    from jinja2.ext import Extension

    commit = ASKBOT_COMMIT
    names = [
        "email/base_mail.html",
        "email/footer.html",
        "authopenid/account_activation/subject.txt",
        "authopenid/account_activation/body.html",
        "authopenid/account_recovery/subject.txt",
        "authopenid/account_recovery/body.html",
        "email/email_change_verification/subject.txt",
        "email/email_change_verification/body.html",
    ]
    templates = {n: _show(repo, commit, "askbot/jinja2/" + n) for n in names}
    transformer = premailer.Premailer()
    logging.getLogger("CSSUTILS").setLevel(logging.CRITICAL)  # cssutils' warnings on stderr

    class PremailerExtension(Extension):
        """askbot/templatetags/premail.py: {% premailer %}..{% endpremailer %} gives
        Premailer().transform() of its content (jinja2_simple_tags' ContainerTag)."""

        tags = {"premailer"}  # noqa: RUF012 - jinja2 reads it as the class attribute it is

        def parse(self, parser):
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(("name:endpremailer",), drop_needle=True)
            call = self.call_method("_render")
            return jinja2.nodes.CallBlock(call, [], [], body).set_lineno(lineno)

        def _render(self, caller):
            return transformer.transform(caller())

    def sub_vars(text, user=None):
        """templatetags/extra_filters_jinja.py sub_vars() with no user: SITE_NAME only
        (the footer has no SITE_LINK)."""
        return re.sub(r"\{\{\s*SITE_NAME\s*\}\}", ASKBOT_SITE_NAME, str(text))

    # testproject/testproject/settings.py: autoescape False; jinja2.ext.i18n with the
    # language's gettext (English: the msgids themselves).
    env = jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        extensions=["jinja2.ext.i18n", PremailerExtension],
        autoescape=False,
    )
    env.install_null_translations(newstyle=False)
    env.filters["sub_vars"] = sub_vars
    settings = types.SimpleNamespace(
        EMAIL_TEXT_FOOTER="<p>Sincerely,<br>{{ SITE_NAME }} Administrator</p>",
    )

    def site_url(url: str) -> str:
        base = urlparse(ASKBOT_APP_URL)
        return base.scheme + "://" + base.netloc + url

    def absolutize_urls(html_string: str) -> str:
        base_url = site_url("")
        img = rf'\g<prefix>"{base_url}/\g<url>"'
        rep = rf'\g<prefix>"{base_url}\g<url>"'
        html_string = re.sub(r'(?P<prefix><img[^<]+src=)"(?P<url>/[^"]+)"', img, html_string,
                             flags=re.I)  # fmt: skip
        html_string = re.sub(r"(?P<prefix><img[^<]+src=)'(?P<url>/[^']+)'", img, html_string,
                             flags=re.I)  # fmt: skip
        html_string = re.sub(r'(?P<prefix><a[^<]+href=)"(?P<url>/[^"]+)"', rep, html_string,
                             flags=re.I)  # fmt: skip
        html_string = re.sub(r"(?P<prefix><a[^<]+href=)'(?P<url>/[^']+)'", rep, html_string,
                             flags=re.I)  # fmt: skip
        return html_string.replace(f"{base_url}//", f"{base_url}/")

    def format_url_replacement(url: str, text: str) -> str:
        url = url.strip()
        text = text.strip()
        if url and text and urlparse(url).netloc != text and url != text:
            return f"{url} ({text})"
        return url or text or ""

    def get_text_from_html(html_text: str) -> str:
        soup = BeautifulSoup(html_text, "html5lib")
        for link in soup.find_all("a"):
            link.replaceWith(format_url_replacement(link.get("href", ""), "".join(link.text) or ""))
        for image in soup.find_all("img"):
            image.replaceWith(format_url_replacement(image.get("src", ""), image.get("alt", "")))
        body = soup.find("body")
        phrases = [s.strip() for s in body.get_text().split("\n") if s.strip()]
        return "\n\n".join(phrases)

    mails = [
        # deps/django_authopenid/views.py send_email_key(): AccountActivation for
        # verify_email_and_register, AccountRecovery for user_account_recover; the key is
        # generate_random_key(): 16 lower-case hex digits.
        ("activate", "authopenid/account_activation", "/account/verify-email/",
         "3f9c0a7be41d5286", datetime(2026, 12, 4, 13, 5, 12, tzinfo=UTC)),
        ("recover", "authopenid/account_recovery", "/account/recover/",
         "b80e6d13c7f2a459", datetime(2026, 12, 4, 13, 41, 58, tzinfo=UTC)),
        # views/users.py: EmailChangeVerification, a link only; service_url() puts
        # SERVICE_URL_PREFIX "s/" (conf/static_settings.py) before verify-email-change/
        ("email-change", "email/email_change_verification", "/s/verify-email-change/",
         "5e2d94c0af71b386", datetime(2026, 12, 4, 14, 10, 26, tzinfo=UTC)),
    ]  # fmt: skip
    for name, path, url, key, sent in mails:
        context = {
            "key": key,
            "site_name": ASKBOT_SITE_NAME,
            "recipient_user": None,
            "validation_link": site_url(url) + "?validation_code=" + key,
            "settings": settings,
        }
        subject = " ".join(env.get_template(path + "/subject.txt").render(context).split())
        subject = "[Django] " + subject  # EMAIL_SUBJECT_PREFIX: Django's default
        body = absolutize_urls(env.get_template(path + "/body.html").render(context))
        body = absolutize_urls(body)  # send_mail() does it again
        raw = message(
            sender=f"{ASKBOT_SITE_NAME} <webmaster@birders.example.org>",
            subject=subject,
            text=get_text_from_html(body),
            html_part=body,
            sent=sent,
        )
        _save(
            source="askbot",
            template=name,
            lang="en",
            kind="notice" if name == "email-change" else "saas-otp",
            code=None if name == "email-change" else key,
            repository=ASKBOT,
            path=",".join(
                [
                    f"askbot/jinja2/{path}/subject.txt",
                    f"askbot/jinja2/{path}/body.html",
                    "askbot/jinja2/email/base_mail.html",
                    "askbot/jinja2/email/footer.html",
                    "askbot/mail/messages.py",
                    "askbot/mail/__init__.py",
                    "askbot/utils/html.py",
                    "askbot/deps/django_authopenid/views.py",
                ]
            ),
            commit=commit,
            licence="GPL-3.0-or-later",
            rendered="Jinja2 3.1.6 (i18n, autoescape off) with premailer 3.10.0 for "
            "{% premailer %}; text part by get_text_from_html (bs4 4.7.1 + html5lib 1.1); "
            "absolutize_urls as askbot/utils/html.py",
            raw=raw,
            note=None
            if name == "email-change"
            else "the key to paste into the form if the link cannot be followed",
        )


# ---------------------------------------------------------------------------------------
# GNU Mailman 3 core

MAILMAN3 = "wikimedia/operations-debs-mailman3"
MAILMAN3_COMMIT = "96e43dd326efb87e5cb07226c238c22ddace6775"


def mailman3(repo: Path) -> None:
    """src/mailman/app/subscriptions.py _handle_confirmation_needed_events(): the template
    list:user:action:(un)subscribe of the list's language (TemplateLoader.get falls back
    to src/mailman/templates/<lang>/, read whole) through expand() (utilities/string.py:
    string.Template.safe_substitute with the list's substitutions and the extras); subject
    ``confirm <token>``; From the confirm address (``verp_confirm_format`` ``$address+
    $cookie`` of config/schema.cfg); a single text part (UserNotification)."""
    from string import Template

    commit = MAILMAN3_COMMIT
    list_name, mail_host = "birdwatch", "lists.example.org"
    mails = [
        ("subscribe", "list:user:action:subscribe",
         "8f1c3d6e92a4b07f5e1d2c9a8b36f4e0d7a2c915", datetime(2026, 12, 4, 15, 2, 11, tzinfo=UTC)),
        ("unsubscribe", "list:user:action:unsubscribe",
         "2b7e90c4d1f35a68e9c0b4d27f1a36e85c9d0b42", datetime(2026, 12, 4, 15, 40, 37, tzinfo=UTC)),
    ]  # fmt: skip
    for lang in ("en", "de"):
        for name, template, token, sent in mails:
            path = f"src/mailman/templates/{lang}/{template}.txt"
            confirm = f"{list_name}-confirm+{token}@{mail_host}"
            subs = {
                "site_email": "postmaster@example.org",
                "listname": f"{list_name}@{mail_host}",
                "list_id": f"{list_name}.{mail_host}",
                "display_name": "Birdwatch",
                "short_listname": list_name,
                "domain": mail_host,
                "description": "",
                "info": "",
                "request_email": f"{list_name}-request@{mail_host}",
                "owner_email": f"{list_name}-owner@{mail_host}",
                "language": lang,
                "token": token,
                "subject": f"confirm {token}",
                "confirm_email": confirm,
                "user_email": "noor.tester@example.com",
                "confirm_address": confirm,
                "email_address": "noor.tester@example.com",
                "domain_name": mail_host,
                "contact_address": f"{list_name}-owner@{mail_host}",
            }
            text = Template(_show(repo, commit, path)).safe_substitute(subs)
            raw = message(
                sender=confirm, subject=f"confirm {token}", text=text, html_part=None, sent=sent
            )
            _save(
                source="mailman3",
                template=name,
                lang=lang,
                kind="notice",
                code=None,
                repository=MAILMAN3,
                path=f"{path},src/mailman/app/subscriptions.py,src/mailman/utilities/string.py,"
                "src/mailman/email/message.py,src/mailman/model/template.py",
                commit=commit,
                licence="GPL-3.0-or-later",
                rendered="string.Template.safe_substitute of the template file as expand() "
                "does, subject 'confirm <token>' as _handle_confirmation_needed_events()",
                raw=raw,
                note="the token (SHA-1 hex) is only in the subject and the From address: the "
                "mail asks for a reply with the subject kept, nothing to type",
            )


# ---------------------------------------------------------------------------------------
# Tailchat

TAILCHAT = "msgbyte/tailchat"
TAILCHAT_COMMIT = "70c1e2b3d425ca65dc1dab4bcb36aadc27adc0ee"


def tailchat(repo: Path) -> None:
    """server/services/core/user/user.service.ts: verifyEmail() and forgetPassword() build
    an HTML string (template literal) around generateRandomNumStr(6) (six digits) and call
    mail.sendMail (server/services/core/user/mail.service.ts), which puts it as ``body``
    into server/views/mail.ejs (``<%- body %>``: unescaped, EJS keeps the whitespace around
    the tag) and sends that HTML alone through nodemailer (server/models/user/mail.ts);
    the subjects are the literals there. The text is Chinese in the code itself."""
    commit = TAILCHAT_COMMIT
    service = _show(repo, commit, "server/services/core/user/user.service.ts")
    layout = _show(repo, commit, "server/views/mail.ejs")
    mails = [
        ("verify-email", "async verifyEmail(", "483920",
         datetime(2026, 12, 4, 16, 3, 44, tzinfo=UTC)),
        ("forget-password", "async forgetPassword(", "615078",
         datetime(2026, 12, 4, 16, 27, 9, tzinfo=UTC)),
    ]  # fmt: skip
    for name, start, otp, sent in mails:
        func = service[service.index(start) :]
        body = re.search(r"const html = `(.*?)`;", func, re.S).group(1)
        subject = re.search(r"subject: `(.*?)`,", func, re.S).group(1)
        body = body.replace("${otp}", otp)
        subject = subject.replace("${otp}", otp)
        page = layout.replace("<%- body %>", body)
        raw = message(
            sender="Tailchat <noreply@chat.example.com>",
            subject=subject,
            text=None,
            html_part=page,
            sent=sent,
        )
        _save(
            source="tailchat",
            template=name,
            lang="zh-CN",
            kind="saas-otp",
            code=otp,
            repository=TAILCHAT,
            path="server/services/core/user/user.service.ts,server/services/core/user/"
            "mail.service.ts,server/views/mail.ejs,server/models/user/mail.ts",
            commit=commit,
            licence="Apache-2.0",
            rendered="the service's HTML template literal with the OTP, put into mail.ejs "
            "for <%- body %> as EJS does; HTML only, as nodemailer is given html alone",
            raw=raw,
        )


# ---------------------------------------------------------------------------------------
# OpenIM chat

OPENIM = "openimsdk/chat"
OPENIM_COMMIT = "73e7b82a64fdc997a415f3a55f697e0c5800f1d1"


def openim(repo: Path) -> None:
    """pkg/email/mail.go SendMail(): gomail with From the configured sender, Subject the
    configured ``mail.title`` (config/chat-rpc-chat.yml leaves it empty for the operator;
    here "Verification code"), one text/html body from its fmt.Sprintf format with the
    code of internal/rpc/chat/login.go genVerifyCode() (``code.len`` 6 digits)."""
    commit = OPENIM_COMMIT
    src = _show(repo, commit, "pkg/email/mail.go")
    fmt = re.search(r'msg\.SetBody\(`text/html`, fmt\.Sprintf\("(.*?)", verifyCode\)\)', src)
    code = "907431"
    body = fmt.group(1).replace("%s", code)
    raw = message(
        sender="noreply@im.example.com",
        subject="Verification code",
        text=None,
        html_part=body,
        sent=datetime(2026, 12, 4, 17, 12, 5, tzinfo=UTC),
    )
    _save(
        source="openim-chat",
        template="verify-code",
        lang="en",
        kind="saas-otp",
        code=code,
        repository=OPENIM,
        path="pkg/email/mail.go,internal/rpc/chat/login.go,config/chat-rpc-chat.yml",
        commit=commit,
        licence="Apache-2.0",
        rendered="the fmt.Sprintf format of pkg/email/mail.go with the code, sent as the "
        "only (text/html) body as gomail does; subject from the operator's config",
        raw=raw,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    misago(args.mirrors / "rafalp+Misago" / "repo")
    askbot(args.mirrors / "ASKBOT+askbot-devel" / "repo")
    mailman3(args.mirrors / "wikimedia+operations-debs-mailman3" / "repo")
    tailchat(args.mirrors / "msgbyte+tailchat" / "repo")
    openim(args.mirrors / "openimsdk+chat" / "repo")
    ph7(
        args.mirrors / "pH7Software+pH7-Social-Dating-CMS" / "repo",
        args.mirrors / "pH-7+Html2Text" / "repo",
    )
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
