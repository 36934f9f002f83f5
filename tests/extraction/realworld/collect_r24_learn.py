"""Round 24, education, research and publishing (blind): survey-builder verification codes,
e-book library passwords and research-collection account notices from three projects,
rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_learn.py \\
        --mirrors /work/.mirror

- heyform/heyform (AGPL-3.0-only, open-source form and survey builder), commit
  HEYFORM_COMMIT: ``packages/server/src/service/mail.service.ts`` reads every
  ``packages/server/resources/email-templates/<name>.html``, takes the subject from the
  ``title:`` line of its front matter (``TEMPLATE_META_REGEX`` =
  ``/^---([\\s\\S]*?)---[\\n\\s\\S]\\n/``, the matched front matter is removed from the HTML) and
  replaces every ``{key}`` of subject and HTML with the plain value (no escaping), then
  ``packages/server/src/utils/smtp/index.ts`` sends ``{from, to, subject, html}`` through
  nodemailer: one text/html part, no layout. Codes come from ``AuthService.getVerificationCode``
  (``random(6, RandomType.NUMERIC)`` of ``packages/utils/src/random.ts``: six digits). The
  reset-password resolver sends the same ``email_verification_request`` mail. English only
  (the server templates are not translated). ``submission_notification`` is left out (its
  ``{submission}`` HTML is built by the answer renderer, not rendered here).
- janeczku/calibre-web (GPL-3.0-or-later, web app for browsing and reading an e-book library),
  commit CALIBREWEB_COMMIT: ``cps/helper.py`` ``send_registration_mail`` (an admin creates a
  user with a generated password, or resets a password: ``resend=True`` leaves out the
  "account has been created" line) joins the Flask-Babel ``_()`` strings with ``\r\n`` under
  the user's locale, and ``send_test_mail`` sends the test mail (subject and the one-line
  body). Strings are read from the compiled ``cps/translations/<lang>/LC_MESSAGES/
  messages.mo`` with Python's gettext; Flask-Babel's ``gettext(s, **kw)`` is ``s % kw``
  when keywords are given. Passwords are of ``generate_random_password`` shape for the
  default ``config_password_min_length`` 8: one lower-case letter, one capital, one digit,
  one of ``!@#$%&*()?`` and four more of its alphabet, shuffled. ``cps/tasks/mail.py``
  (``TaskEmail.prepare_message``) sends a single text/plain part; From is the default
  ``mail_from`` of ``cps/config_sql.py``. Languages: the registration and reset mails only
  where the catalogue translates all their strings (fr, it, sv, plus en); the test mail
  also in de, es, pl and zh-Hans-CN, whose catalogues translate its subject and body (their
  registration mail would be English with a translated subject, not used). The sender
  passes the body as UTF-8 bytes (so Python's email encodes it base64); here
  ``collect.message`` writes the same text as a str.
- omeka/omeka-s (GPL-3.0-only, web publishing platform for libraries, museums and research
  collections), commit OMEKA_COMMIT: ``application/src/Stdlib/Mailer.php``
  (``sendUserActivation``, ``sendResetPassword``) translates the body template and subject
  (``$translate`` over the compiled ``application/language/<locale>.mo``, read with Python's
  gettext from the PHP single-quoted literals of that file) and fills them with PHP
  ``sprintf`` (``%N$s`` positional and ``%s``, done below): site URL, e-mail or name, the
  create-password URL (``/create-password/<key>``, a 32-character key), the expiration and
  the installation title ("Digital Collections"). The expiration is ``created + P2W``
  (``Entity/PasswordCreation.php``) through ``View/Helper/I18n.php`` ``dateFormat(...,
  'medium', 'medium')``; rendered as on a server without PHP's intl extension, where the
  helper's fallback formats ``M j, Y g:ia`` in English for every locale (with intl it would
  be the ICU medium format of the locale). One text/plain body (laminas-mail message with a
  string body); From is the ``administrator_email`` setting (``Service/MailerFactory.php``).
  Languages whose catalogue translates both mails: de-DE, fr, es, pl, ja, plus en. Both
  are link-only notices.
- Coursemology/coursemology2 (MIT, course and assessment LMS), commit COURSEMOLOGY_COMMIT:
  ``app/mailers/course/mailer.rb`` and ``app/mailers/instance/mailer.rb``
  (``user_invitation_email``, always under ``I18n.with_locale(:en)``, so English only)
  render ``app/views/{course,instance}/mailer/user_invitation_email.text.erb`` and
  ``.html.slim`` inside ``app/views/layouts/mailer.{text.erb,html.slim}`` with the strings
  of ``config/locales/en/mailers.yml`` (loaded with PyYAML: ``>`` folded scalars; ``%{x}``
  interpolation as I18n does). Text part: the ERB files verbatim with each ``<%= %>``
  replaced by its value (Rails does not escape text/plain templates), ``plain_link_to`` =
  ``common.mailers.plain_text_link`` ("%{text} (%{url})"). HTML part: Slim 5.2.1 defaults
  (``format: :xhtml``, ``sort_attrs: true``, not pretty: no whitespace between tags,
  ``<meta … />``), ``link_to`` as ``<a href="url">text</a>``, and Rails 8.0
  ``simple_format`` (split on blank lines into ``<p>``, a single newline followed by text
  gets ``<br />``, paragraphs joined by a blank line; its sanitizer leaves these plain
  links unchanged). URLs use the instance host with ``http://`` (production
  ``default_url_options`` set only a host) and devise's ``/users/sign_up``. The course
  invitation prints the registration code (``'I' + SecureRandom.urlsafe_base64(8)``, 12
  characters, ``app/models/course/user_invitation.rb``) for readers who enrol with another
  account; the instance invitation has its key only inside the link. The Ruby stack is
  not run here: this is a re-implementation of what those helpers do for these templates.

Labels are what a person reading the mail would type (``code``), else null.
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import io
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 4, 10, 23, 51, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round24" / "learn.json"

HEYFORM_COMMIT = "c8856912b787038c3b0f21c56640f081fe636e32"
CALIBREWEB_COMMIT = "7ec475e1fe20893730fd8863f771489049c99d16"
OMEKA_COMMIT = "bf8de2f5fa7ad5c060d55d1a84fba76372b6c030"
COURSEMOLOGY_COMMIT = "6a98b34c49403e1fdc29a88c2be7ff72d5c32f36"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def _save(
    *,
    source,
    template,
    lang,
    kind,
    code,
    repository,
    path,
    commit,
    licence,
    rendered,
    sender,
    subject,
    text,
    html_part,
    note=None,
):
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident,
        "group": f"{source}-{template}",
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------- heyform

HEYFORM_META = re.compile(r"^---([\s\S]*?)---[\n\s\S]\n")


def heyform(mirrors: Path) -> None:
    repo = mirrors / "heyform+heyform" / "repo"
    base = "packages/server/resources/email-templates/"
    mails = {
        # name: (replacements, code, note)
        "email_verification_request": ({"code": "073918"}, "073918", None),
        "account_deletion_request": ({"code": "582604"}, "582604", None),
        "team_deletion_request": ({"teamName": "Biology 101 Surveys", "code": "914237"},
                                  "914237", None),
        "project_deletion_request": (
            {"projectName": "Course feedback 2026", "teamName": "Biology 101 Surveys",
             "code": "260481"}, "260481", None),
        "account_deletion_alert": ({}, None, None),
        "password_change_alert": ({}, None, None),
        "schedule_account_deletion_alert": (
            {"fullName": "Noor Tester", "email": "noor.tester@example.com"}, None, None),
        "team_deletion_alert": ({"teamName": "Biology 101 Surveys", "userName": "Lena Weiss"},
                                None, None),
        "project_deletion_alert": (
            {"projectName": "Course feedback 2026", "teamName": "Biology 101 Surveys",
             "userName": "Lena Weiss"}, None, None),
        "team_invitation": (
            {"userName": "Lena Weiss", "teamName": "Biology 101 Surveys",
             "link": "https://forms.example.com/workspace/invitation/x8Qm2vRk",
             "email": "noor.tester@example.com"}, None, None),
    }  # fmt: skip
    for name, (repl, code, note) in mails.items():
        path = base + name + ".html"
        content = _show(repo, HEYFORM_COMMIT, path)
        m = HEYFORM_META.search(content)
        body = HEYFORM_META.sub("", content, count=1)
        meta = {}
        for line in m.group(1).split("\n"):
            parts = line.split(":")
            key, value = [*parts, "", ""][:2]
            if key.strip() and value.strip():
                meta[key.strip()] = value.strip()
        subject = meta["title"]
        for key, value in repl.items():
            subject = subject.replace("{" + key + "}", value)
            body = body.replace("{" + key + "}", value)
        _save(
            source="heyform",
            template=name.replace("_", "-"),
            lang="en",
            kind="saas-otp" if code else "notice",
            code=code,
            repository="heyform/heyform",
            path=f"{path}, packages/server/src/service/mail.service.ts, "
            "packages/server/src/utils/smtp/index.ts, packages/utils/src/random.ts",
            commit=HEYFORM_COMMIT,
            licence="AGPL-3.0-only",
            rendered="front-matter title as subject, {key} replaced unescaped as "
            "MailService.addQueue does; one text/html part (nodemailer, html only)",
            sender="HeyForm <noreply@heyform.example.com>",
            subject=subject,
            text=None,
            html_part=body,
            note=note,
        )


# ---------------------------------------------------------------- calibre-web


def _mo(repo: Path, commit: str, path: str) -> dict[str, str]:
    raw = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout
    return gettext.GNUTranslations(io.BytesIO(raw))._catalog


def calibreweb(mirrors: Path) -> None:
    repo = mirrors / "janeczku+calibre-web" / "repo"
    full = ["en", "fr", "it", "sv"]
    test_only = ["de", "es", "pl", "zh_Hans_CN"]
    passwords = {
        ("new", "en"): "q7G(xT2m", ("new", "fr"): "Rb4!kw9Z", ("new", "it"): "9mL?rd3E",
        ("new", "sv"): "hX8*Pc6t", ("reset", "en"): "Zt3@vN1q", ("reset", "fr"): "e5&KmyR2",
        ("reset", "it"): "W2p#j8Hs", ("reset", "sv"): "uF%6bLq4",
    }  # fmt: skip
    names = {"en": "noor", "fr": "camille", "it": "giulia", "sv": "astrid"}
    common = dict(
        repository="janeczku/calibre-web",
        commit=CALIBREWEB_COMMIT,
        licence="GPL-3.0-or-later",
        sender="automailer <mail@example.com>",
        html_part=None,
    )
    for lang in full + test_only:
        mo = f"cps/translations/{lang}/LC_MESSAGES/messages.mo"
        cat = {} if lang == "en" else _mo(repo, CALIBREWEB_COMMIT, mo)

        def _(s: str, cat=cat, **kw) -> str:
            out = cat.get(s) or s
            return out % kw if kw else out

        files = "cps/helper.py, cps/tasks/mail.py, cps/config_sql.py"
        if lang != "en":
            files += ", " + mo
        if lang in full:
            for kind, resend in (("new", False), ("reset", True)):
                user = names[lang]
                password = passwords[(kind, lang)]
                txt = _("Hi %(name)s!", name=user) + "\r\n"
                if not resend:
                    txt += _("Your account at Calibre-Web has been created.") + "\r\n"
                txt += _("Please log in using the following information:") + "\r\n"
                txt += _("Username: %(name)s", name=user) + "\r\n"
                txt += _("Password: %(password)s", password=password) + "\r\n"
                txt += _("Don't forget to change your password after your first login.") + "\r\n"
                txt += _("Regards,") + "\r\n\r\n"
                txt += "Calibre-Web"
                _save(
                    source="calibreweb",
                    template="registration" if kind == "new" else "password-reset",
                    lang=lang,
                    kind="saas-otp",
                    code=password,
                    path=files,
                    rendered="send_registration_mail's _() lines joined with CRLF, .mo strings "
                    "via gettext, %-formatted as Flask-Babel does; one text/plain part",
                    subject=_("Get Started with Calibre-Web"),
                    text=txt,
                    note="the generated password the mail gives to log in with",
                    **common,
                )
        _save(
            source="calibreweb",
            template="test-mail",
            lang=lang,
            kind="notice",
            code=None,
            path=files,
            rendered="send_test_mail's translated subject and body; one text/plain part",
            subject=_("Calibre-Web Test Email"),
            text=_("This Email has been sent via Calibre-Web."),
            **common,
        )


# ---------------------------------------------------------------- omeka-s


def _php_sprintf(fmt: str, *args: str) -> str:
    """PHP sprintf for the conversions these strings use: %N$s, %s and %%."""
    pos = iter(args)

    def sub(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            return args[int(m.group(1)) - 1]
        return next(pos)

    return re.sub(r"%%|%(?:(\d+)\$)?s", sub, fmt)


def omeka(mirrors: Path) -> None:
    repo = mirrors / "omeka+omeka-s" / "repo"
    mailer = _show(repo, OMEKA_COMMIT, "application/src/Stdlib/Mailer.php")
    literals = [
        m.replace("\\'", "'").replace("\\\\", "\\")
        for m in re.findall(r"\$translate\('((?:[^'\\]|\\.)*)'\)", mailer)
    ]
    reset_body, reset_subject, act_body, act_subject = literals
    title = "Digital Collections"
    site = "https://collections.example.org/"
    expiry = "Dec 18, 2026 10:23am"  # SENT + P2W, 'M j, Y g:ia' (UTC)
    users = {
        "en": "Noor Tester", "de_DE": "Jonas Becker", "fr": "Camille Martin",
        "es": "Lucía Gómez", "pl": "Katarzyna Nowak", "ja": "佐藤 花子",
    }  # fmt: skip
    keys = {
        "en": "8KqZ3vT1mWc9XbR2pLd7YhN4sFe6JuA0", "de_DE": "r5GtY8uJ2kLq0wEz7XcV4bNm1HsD9aPf",
        "fr": "Qm3Xw8Lr1ZpT6vKd9NbY2cHs5FjG0uEa", "es": "t7YhB2nM9kLp4QwE1xZc6VrT3sDg8FjU",
        "pl": "Hb6Nk1Wq8ZeT3yLm0RpX5cVd2GsJ9uAf", "ja": "Z9pQ2wEr5TyU8iOk3LjH6gFd1SaX4cVb",
    }  # fmt: skip
    for lang, user in users.items():
        mo = f"application/language/{lang}.mo"
        cat = {} if lang == "en" else _mo(repo, OMEKA_COMMIT, mo)

        def tr(s: str, cat=cat) -> str:
            return cat.get(s) or s

        url = f"{site}create-password/{keys[lang]}"
        email = "noor.tester@example.com"
        mails = {
            "user-activation": (
                _php_sprintf(tr(act_subject), title),
                _php_sprintf(tr(act_body), site, email, url, expiry, title),
            ),
            "password-reset": (
                _php_sprintf(tr(reset_subject), title),
                _php_sprintf(tr(reset_body), user, site, url, expiry, title),
            ),
        }
        files = "application/src/Stdlib/Mailer.php, application/src/Entity/PasswordCreation.php, "
        files += "application/src/View/Helper/I18n.php, application/src/Service/MailerFactory.php"
        if lang != "en":
            files += ", " + mo
        for template, (subject, body) in mails.items():
            _save(
                source="omekas",
                template=template,
                lang=lang,
                kind="notice",
                code=None,
                repository="omeka/omeka-s",
                path=files,
                commit=OMEKA_COMMIT,
                licence="GPL-3.0-only",
                rendered="translated template filled by PHP sprintf semantics (positional "
                "%N$s); expiry in the no-intl fallback format; one text/plain body",
                sender="admin@collections.example.org",
                subject=subject,
                text=body,
                html_part=None,
                note="the create-password key is only inside the link",
            )


# ---------------------------------------------------------------- coursemology


def _i18n(template: str, **kw: str) -> str:
    return re.sub(r"%\{(\w+)\}", lambda m: kw[m.group(1)], template)


def _erb_fill(src: str, values: list[str]) -> str:
    """Each ``<%= … %>`` of a text template replaced by its value, in order."""
    it = iter(values)
    return re.sub(r"<%=.*?%>", lambda m: next(it), src, flags=re.S)


def _simple_format(text: str) -> str:
    """Rails 8.0 ``simple_format`` for text whose only markup is plain links."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paras = [re.sub(r"([^\n]\n)(?=[^\n])", r"\1<br />", t) for t in re.split(r"\n\n+", text)]
    return "\n\n".join(f"<p>{t}</p>" for t in paras)


def _link_to(text: str, url: str) -> str:
    return f'<a href="{html.escape(url)}">{html.escape(text)}</a>'


def coursemology(mirrors: Path) -> None:
    repo = mirrors / "Coursemology+coursemology2" / "repo"
    c = COURSEMOLOGY_COMMIT
    en = yaml.safe_load(_show(repo, c, "config/locales/en/mailers.yml"))["en"]
    common = en["common"]["mailers"]
    layout_txt = _show(repo, c, "app/views/layouts/mailer.text.erb")
    host = "coursemology.example.org"
    name = "Noor Tester"
    email = "noor.tester@example.com"

    def plain(text: str, url: str) -> str:
        return _i18n(common["plain_text_link"], text=text, url=url)

    def layout_html(subject: str, body: str) -> str:
        greeting = _i18n(common["greeting"], user=name)
        return (
            "<!DOCTYPE html><html><head><title>" + html.escape(subject) + "</title>"
            '<meta content="IE=edge" http-equiv="X-UA-Compatible" /></head></html>'
            "<body><p>" + html.escape(greeting) + "</p>" + body + "</body>"
        )

    greeting = _i18n(common["greeting"], user=name)
    course, course_url = "CS1010S Programming Methodology", f"http://{host}/courses/214"
    instance = "NUS Coursemology"
    mails = [
        ("course", "course-invitation", "Ik7QmZp2xWfA", course_url),
        ("instance", "instance-invitation", "J3rTb9LsQe0c", None),
    ]
    for scope, template, key, url in mails:
        strings = en[scope]["mailer"]["user_invitation_email"]
        signup = f"http://{host}/users/sign_up?invitation={key}"
        view = f"app/views/{scope}/mailer/user_invitation_email"
        if scope == "course":
            subject = _i18n(strings["subject"], course=course)
            text_args = dict(course=plain(course, url))
            html_args = dict(course=_link_to(course, url))
        else:
            subject = _i18n(strings["subject"], instance=instance, role="instructor")
            text_args = dict(instance=plain(instance, host))
            html_args = dict(instance=_link_to(instance, host))
        text_msg = _i18n(
            strings["message"],
            **text_args,
            coursemology=plain(common["coursemology"], host),
            email=email,
            click_here=plain(common["click_here"], signup),
        )
        html_msg = _i18n(
            strings["message"],
            **html_args,
            coursemology=_link_to(common["coursemology"], host),
            email=email,
            click_here=_link_to(common["click_here"], signup),
        )
        view_txt = _show(repo, c, view + ".text.erb")
        values = [text_msg] + ([key] if scope == "course" else [])
        body_txt = _erb_fill(view_txt, values)
        text = _erb_fill(layout_txt, [greeting, body_txt])
        body_html = _simple_format(html_msg)
        if scope == "course":
            body_html += "<pre><code>" + html.escape(key) + "</code></pre>"
        _save(
            source="coursemology",
            template=template,
            lang="en",
            kind="saas-otp" if scope == "course" else "notice",
            code=key if scope == "course" else None,
            repository="Coursemology/coursemology2",
            path=f"app/mailers/{scope}/mailer.rb, {view}.text.erb, {view}.html.slim, "
            "app/views/layouts/mailer.text.erb, app/views/layouts/mailer.html.slim, "
            "app/helpers/application_mailer_helper.rb, config/locales/en/mailers.yml, "
            f"app/models/{scope}/user_invitation.rb",
            commit=c,
            licence="MIT",
            rendered="ERB text filled verbatim; Slim 5.2.1 xhtml/sorted-attribute output and "
            "Rails simple_format re-implemented; multipart text+html",
            sender="Coursemology <noreply@coursemology.example.org>",
            subject=subject,
            text=text,
            html_part=layout_html(subject, body_html),
            note=(
                "the non-transferable registration code printed under the message, to "
                "enrol with an existing account"
                if scope == "course"
                else "the invitation key is only inside the sign-up link"
            ),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    heyform(args.mirrors)
    calibreweb(args.mirrors)
    omeka(args.mirrors)
    coursemology(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
