"""Round thirty-two, learning and research (collector ``learning``): the login module of
France-ioi's school contests (e-mail verification code, a peer's verification code, the
password-recovery code, in five languages) and a clinical-research data-capture system's
account mails with generated passwords, plus its account-request notice without a code.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_learning.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values (codes and passwords come from a seeded
generator in the shape the sender's own code makes them), so each run writes the same bytes.
No tool outside Python is needed. Writes ``mail/<source>/<id>.eml`` and
``round32/learning.json``.

- France-ioi/login-module (MIT, ``LICENSE``), the Laravel 5.4 login service of France-ioi's
  programming contests and school platforms (Castor, Algorea), at
  2ca7e5c97aecc4db95c858c017eb217e33de8c84. Files: ``app/Notifications/
  EmailVerificationNotification.php``, ``PeerVerificationNotification.php``,
  ``ResetPasswordNotification.php`` and ``app/LoginModule/LocalizedNotification.php``
  (``buildMessage``: subject and body through ``trans('notifications/<name>.subject|body',
  data, user language)``, then ``MailMessage::markdown('notifications.layout', …)``;
  ``app_name``/``app_url`` are ``config('app.name')`` ``Login module`` and ``config('app.url')``
  when no OAuth client is in context), ``resources/views/notifications/layout.blade.php``
  (``mail::layout`` with the ``mail::header`` slot and ``{{ $body }}``; subcopy and footer
  slots empty), ``resources/lang/{en,fr,de,ru,sl}/notifications/*.php`` (the five locales of
  ``config/app.php``; a key a locale lacks falls back to ``en``, ``fallback_locale``: German
  has no peer mail, Russian only the reset mail), ``app/Email.php`` (verification code
  ``str_random(10)``: ten letters and digits), ``app/Http/Controllers/Verification/Methods/
  PeerValidationController.php`` (peer code ``str_random(10)``, mailed to the peer named by
  the requester), ``app/LoginModule/Passwords/DatabaseTokenRepository.php`` with
  ``config/auth.php`` (``reset_password_token_length`` 20: the first 20 characters of Laravel's
  ``hash_hmac('sha256', Str::random(40), key)``, lower-case hex), ``.env.example``
  (``MAIL_FROM_ADDRESS=info@france-ioi.org``; no ``MAIL_FROM_NAME``, so ``config/mail.php``'s
  default ``Example``). Laid out with laravel/framework (MIT) v5.4.36
  (1062a22232071c3e8636487c86ec1ae75681bbf9, the version ``composer.lock`` pins):
  ``src/Illuminate/Mail/resources/views/{html,markdown}/{layout,header}.blade.php`` and
  ``Markdown::renderText`` / ``Markdown::parse``. The text part is what ``markdown/layout``
  gives (``[Login module](url)``, the body, runs of blank lines collapsed, entities decoded);
  the HTML part is ``html/layout`` with the Blade-escaped body turned into one Parsedown
  paragraph (line breaks kept as newlines: no line ends in two spaces) by hand; the theme CSS
  inlining (CssToInlineStyles) is not reproduced. Swift Mailer sends the two as
  multipart/alternative, text first.
- OpenClinica/OpenClinica (LGPL-2.1-or-later, ``web/LICENSE.txt``), the clinical-trial electronic data
  capture system used by research sites and universities, at
  34a5a0b3efeb5db21f7093e783b8ce963b4b8203 (the ``master`` snapshot; its resource bundles
  ship English only). Files: ``web/src/main/java/org/akaza/openclinica/control/admin/
  CreateUserAccountServlet.java`` (``sendNewAccountEmail``), ``DeleteUserServlet.java``
  (``sendRestoreEmail``), ``EditUserAccountServlet.java`` (``sendResetPasswordEmail``),
  ``UnLockUserServlet.java`` (``sendRestoreEmail``), ``control/login/
  RequestPasswordServlet.java`` (``sendPassword``), ``control/login/
  RequestAccountServlet.java`` (``submitAccount``: the account request mailed to the
  administrator, no code), ``control/core/SecureController.java`` (``sendEmail``: a
  ``MimeMessageHelper`` that is not multipart and ``setText(body, true)``, so every one is a
  single text/html part, even those whose body is written with ``\\n``; From
  ``EmailEngine.getAdminEmail()``, the ``adminEmail`` of ``web/src/main/filters/
  datainfo.properties``), ``core/src/main/java/org/akaza/openclinica/core/
  SecurityManager.java`` (``genPassword``: eight characters of ``a-zA-Z0-9``),
  ``web/src/main/resources/org/akaza/openclinica/i18n/{notes,words}.properties`` (``restext``
  and ``resword``; read here as ``java.util.Properties`` does: escapes such as ``\\t`` and
  ``\\n`` decoded, a repeated key's last value). ``sysURL`` is a deployment's
  ``https://edc.trial.example/OpenClinica/MainMenu`` and ``sysURL.base`` that URL without
  ``MainMenu`` (``CoreResources``). Bodies are built exactly as the servlets concatenate
  them (the unlock mail has no space after "Dear", "User Name" or "Password", as its code).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 7, 9, 17, 42, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round32" / "learning.json"
RNG = random.Random("r32-learning")

FIOI = "France-ioi/login-module"
FIOI_COMMIT = "2ca7e5c97aecc4db95c858c017eb217e33de8c84"
LARAVEL = "laravel/framework"
LARAVEL_COMMIT = "1062a22232071c3e8636487c86ec1ae75681bbf9"
OC = "OpenClinica/OpenClinica"
OC_COMMIT = "34a5a0b3efeb5db21f7093e783b8ce963b4b8203"

ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, ident, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    name = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{name}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": name, "group": f"{source}-{ident}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# France-ioi/login-module (Laravel 5.4 Markdown notifications)


def _php_strings(source: str) -> dict[str, str]:
    """The 'subject' and 'body' of a lang file: PHP double-quoted strings (``\\n`` escapes,
    real newlines kept)."""
    out = {}
    for key, value in re.findall(r"'(subject|body)'\s*=>\s*\"((?:[^\"\\]|\\.)*)\"", source):
        out[key] = value.replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\")
    assert set(out) == {"subject", "body"}, source
    return out


def _e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars with ENT_QUOTES (``'`` as ``&#039;``)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _replace(value: str, data: dict[str, str]) -> str:
    """Laravel 5.4 Translator::makeReplacements: longest key first, :key / :Key / :KEY."""
    for key in sorted(data, key=len, reverse=True):
        val = data[key]
        value = value.replace(":" + key, val)
        value = value.replace(":" + key[:1].upper() + key[1:], val[:1].upper() + val[1:])
        value = value.replace(":" + key.upper(), val.upper())
    return value


def _laravel_parts(mirrors: Path, *, app: str, url: str, body: str) -> tuple[str, str]:
    def view(name: str) -> str:
        return _show(mirrors, LARAVEL, LARAVEL_COMMIT,
                     f"src/Illuminate/Mail/resources/views/{name}.blade.php")  # fmt: skip

    md_header = view("markdown/header").strip()
    assert md_header == "[{{ $slot }}]({{ $url }})", md_header
    text_header = f"[{_e(app)}]({_e(url)})"
    text = re.sub(r"[\r\n]{2,}", "\n\n", f"{text_header}\n\n{_e(body)}\n\n\n\n")
    text = html.unescape(text)

    header_view = view("html/header")
    header = header_view.replace("{{ $url }}", _e(url)).replace("{{ $slot }}", _e(app)).strip()
    layout = view("html/layout")
    for needle in ("{{ $header or '' }}", "{{ Illuminate\\Mail\\Markdown::parse($slot) }}",
                   "{{ $subcopy or '' }}", "{{ $footer or '' }}"):  # fmt: skip
        assert needle in layout, needle
    page = (
        layout.replace("{{ $header or '' }}", header)
        .replace("{{ Illuminate\\Mail\\Markdown::parse($slot) }}", f"<p>{_e(body)}</p>")
        .replace("{{ $subcopy or '' }}", "")
        .replace("{{ $footer or '' }}", "")
    )
    assert "{{" not in page and "{!!" not in page, page
    return text, page


def _str_random(n: int) -> str:
    return "".join(RNG.choice(ALNUM) for _ in range(n))


def france_ioi(mirrors: Path) -> None:
    app, url = "Login module", "http://login-module.test"
    sender = "Example <info@france-ioi.org>"
    layout = _show(mirrors, FIOI, FIOI_COMMIT, "resources/views/notifications/layout.blade.php")
    assert "{{ $body }}" in layout and "@component('mail::header', ['url' => $app_url])" in layout
    langs = ["en", "fr", "de", "ru", "sl"]
    templates = {
        # name, data key of the code, kind of code
        "email_verification": "code",
        "peer_verification": "code",
        "reset_password": "token",
    }
    rendered = (
        "Laravel 5.4 MailMessage::markdown('notifications.layout') in mail::layout "
        "(laravel/framework v5.4.36 views); text part as markdown/layout and renderText give "
        "it, HTML part html/layout with the body as one Parsedown paragraph by hand (no CSS "
        "inlining); multipart/alternative"
    )
    for name, key in templates.items():
        en = _php_strings(
            _show(mirrors, FIOI, FIOI_COMMIT, f"resources/lang/en/notifications/{name}.php")
        )
        for lang in langs:
            path = f"resources/lang/{lang}/notifications/{name}.php"
            try:
                strings = _php_strings(_show(mirrors, FIOI, FIOI_COMMIT, path))
                used = path
            except subprocess.CalledProcessError:
                strings, used = en, f"resources/lang/en/notifications/{name}.php (fallback)"
            if name == "reset_password":
                value = hashlib.sha256(_str_random(40).encode()).hexdigest()[:20]
                shape = "the first 20 hex characters of Laravel's reset token"
            else:
                value = _str_random(10)
                shape = "str_random(10): ten letters and digits"
            data = {"app_name": app, "app_url": url, key: value, "login": "noor_t"}
            subject = _replace(strings["subject"], data)
            body = _replace(strings["body"], data)
            text, page = _laravel_parts(mirrors, app=app, url=url, body=body)
            note = shape
            if used.endswith("(fallback)"):
                note += f"; the locale {lang} has no such string, Laravel falls back to en"
            if name == "peer_verification":
                note += (
                    "; mailed to the peer the requester names, who passes the code on to be "
                    "typed in the requester's verification form"
                )
            if name == "reset_password":
                note += "; the mail asks to paste it into the recovery form"
            _save(
                source="franceioi-login", ident=name.replace("_", "-"), lang=lang,
                kind="saas-otp", code=value, repository=FIOI,
                path=f"app/Notifications/*Notification.php; app/LoginModule/"
                f"LocalizedNotification.php; resources/views/notifications/layout.blade.php; "
                f"{used}; {LARAVEL}@{LARAVEL_COMMIT}:src/Illuminate/Mail/resources/views/"
                "{html,markdown}/{layout,header}.blade.php",
                commit=FIOI_COMMIT, licence="MIT", rendered=rendered, sender=sender,
                subject=subject, text=text, html_part=page, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# OpenClinica/OpenClinica (Java servlets, single text/html part)


def _java_properties(source: str) -> dict[str, str]:
    """java.util.Properties.load, enough for these bundles: comments, ``key = value``,
    continuation lines, escapes ``\\t \\n \\r \\f \\uXXXX`` and ``\\x`` as ``x``."""
    logical: list[str] = []
    buf = ""
    for line in source.splitlines():
        stripped = line.lstrip(" \t\f")
        if not buf and (not stripped or stripped[0] in "#!"):
            continue
        part = stripped
        backslashes = len(part) - len(part.rstrip("\\"))
        if backslashes % 2 == 1:
            buf += part[:-1]
            continue
        logical.append(buf + part)
        buf = ""
    out: dict[str, str] = {}
    for line in logical:
        m = re.match(r"((?:[^\s=:\\]|\\.)*)\s*[=:]?\s*(.*)", line, re.S)
        assert m, line
        key, value = m.group(1), m.group(2)

        def unescape(s: str) -> str:
            def one(mm: re.Match) -> str:
                c = mm.group(1)
                if c.startswith("u"):
                    return chr(int(c[1:], 16))
                return {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(c, c)

            return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, s)

        out[unescape(key)] = unescape(value)
    return out


def openclinica(mirrors: Path) -> None:
    i18n = "web/src/main/resources/org/akaza/openclinica/i18n/"
    notes = _java_properties(_show(mirrors, OC, OC_COMMIT, i18n + "notes.properties"))
    words = _java_properties(_show(mirrors, OC, OC_COMMIT, i18n + "words.properties"))
    datainfo = _show(mirrors, OC, OC_COMMIT, "web/src/main/filters/datainfo.properties")
    admin = re.search(r"^adminEmail=(.*)$", datainfo, re.M).group(1).strip()
    gen = _show(mirrors, OC, OC_COMMIT,
                "core/src/main/java/org/akaza/openclinica/core/SecurityManager.java")  # fmt: skip
    assert f'String core = "{ALNUM}";' in gen and "return genPassword(8);" in gen
    sys_url = "https://edc.trial.example/OpenClinica/MainMenu"
    sys_base = "https://edc.trial.example/OpenClinica/"
    first, last, login = "Noor", "Tester", "ntester"
    sender = admin
    ctl = "web/src/main/java/org/akaza/openclinica/control/"
    sec = f"{ctl}core/SecureController.java"
    rendered = (
        "the servlet's StringBuffer/String body sent by SecureController.sendEmail: "
        "MimeMessageHelper(not multipart).setText(body, true), one text/html part"
    )

    def r(bundle: dict[str, str], key: str) -> str:
        return bundle[key]

    def check(path: str, *needles: str) -> None:
        src = _show(mirrors, OC, OC_COMMIT, path)
        for needle in needles:
            assert needle in src, (path, needle)

    def pw() -> str:
        return "".join(RNG.choice(ALNUM) for _ in range(8))

    # new account (CreateUserAccountServlet.sendNewAccountEmail)
    path = f"{ctl}admin/CreateUserAccountServlet.java"
    check(path, 'body.append( resword.getString("password") + ": " + password + "<br><br>");')
    password = pw()
    body = (
        r(words, "dear") + " " + first + " " + last + ",<br><br> "
        + r(notes, "a_new_user_account_has_been_created_for_you") + "<br><br>"
        + r(words, "user_name") + ": " + login + "<br>"
        + r(words, "password") + ": " + password + "<br><br>"
        + r(notes, "please_test_your_login_information_and_let") + "<br>"
        + sys_url
    )  # fmt: skip
    _oc_save("new-account", path, sec, password, r(notes, "your_new_openclinica_account"),
             body, sender, rendered)  # fmt: skip

    # account restored (DeleteUserServlet.sendRestoreEmail): "\n" lines in an HTML part
    path = f"{ctl}admin/DeleteUserServlet.java"
    check(path, 'body += resword.getString("password")+ " "  + password + "\\n\\n";')
    password = pw()
    body = (
        r(words, "dear") + " " + first + " " + last + ",\n"
        + r(notes, "your_account_has_been_restored_and_password_reset") + ":\n\n"
        + r(words, "user_name") + " " + login + "\n"
        + r(words, "password") + " " + password + "\n\n"
        + r(notes, "please_test_your_login_information_and_let") + "\n"
        + sys_url + " . " + r(notes, "openclinica_system_administrator")
    )  # fmt: skip
    _oc_save("account-restored", path, sec, password,
             r(notes, "your_new_openclinica_account_has_been_restored"), body, sender,
             rendered, note="the body is written with \\n but sent as text/html, so a "
             "reader sees one run of text; the password follows 'Password' and a tab")  # fmt: skip

    # password reset by an administrator (EditUserAccountServlet.sendResetPasswordEmail)
    path = f"{ctl}admin/EditUserAccountServlet.java"
    check(path, 'body += resword.getString("password") + ": " + password + "<br/><br/>\\n\\n";')
    password = pw()
    body = (
        r(words, "dear") + " " + first + " " + last + ",<br/>\n"
        + r(notes, "your_password_has_been_reset_on_openclinica") + ":<br/><br/>\n\n"
        + r(words, "user_name") + ": " + login + "<br/>\n"
        + r(words, "password") + ": " + password + "<br/><br/>\n\n"
        + r(notes, "please_test_your_login_information_and_let") + "<br/>\n"
        + "<a href='" + sys_url + "'>" + sys_url + "</a><br/>\n"
        + r(notes, "openclinica_system_administrator")
    )  # fmt: skip
    _oc_save(
        "admin-reset",
        path,
        sec,
        password,
        r(notes, "your_openclinica_account_password_reset"),
        body,
        sender,
        rendered,
    )

    # account unlocked (UnLockUserServlet.sendRestoreEmail): no separators, as in the code
    path = f"{ctl}admin/UnLockUserServlet.java"
    check(path, 'body += resword.getString("password") + password + "<br><br>";')
    password = pw()
    body = (
        r(words, "dear") + first + " " + last + ",<br>"
        + r(notes, "your_account_has_been_unlocked_and_password_reset") + ":<br><br>"
        + r(words, "user_name") + login + "<br>"
        + r(words, "password") + password + "<br><br>"
        + r(notes, "please_test_your_login_information_and_let") + "<br>"
        + "<A HREF='" + sys_base + "'>" + sys_base + "</A> <br><br>"
        + r(notes, "openclinica_system_administrator")
    )  # fmt: skip
    _oc_save("account-unlocked", path, sec, password,
             r(notes, "your_new_openclinica_account_has_been_restored"), body, sender,
             rendered, note="the servlet joins 'Password' (with its bundle's trailing tab) "
             "and the password with no colon")  # fmt: skip

    # forgotten password (RequestPasswordServlet.sendPassword)
    path = f"{ctl}login/RequestPasswordServlet.java"
    check(path, 'email.append( restext.getString("your_password_has_been_reset_as") + ": " '
          "+ passwd);")  # fmt: skip
    password = pw()
    body = (
        "Hello, " + first + ", <br>"
        + r(notes, "this_email_is_from_openclinica_admin") + "<br>"
        + r(notes, "your_password_has_been_reset_as") + ": " + password
        + "<br> " + r(notes, "you_will_be_required_to_change") + " "
        + r(notes, "time_you_login_to_the_system") + " "
        + r(notes, "use_the_following_link_to_log") + ":<br> "
        + sys_url
    )  # fmt: skip
    _oc_save("forgot-password", path, sec, password, r(notes, "your_openclinica_password"),
             body, sender, rendered)  # fmt: skip

    # account request to the administrator (RequestAccountServlet.submitAccount): no code
    path = f"{ctl}login/RequestAccountServlet.java"
    check(path, 'email.append("Dear Admin, \\n\\n");', '"request account", emailBody, false);')
    requester = "amara.okafor@uni-hospital.example"
    sent = SENT.strftime("%a %b %d %H:%M:%S UTC %Y")  # java.util.Date.toString
    body = (
        "From: " + requester + "\n"
        + "Sent: " + sent + "\n"
        + "To: " + admin + "\n"
        + "Subject: Request Account\n\n\n"
        + "Dear Admin, \n\n"
        + "Amara is requesting for an account on the OpenClinica system running at "
        + sys_url + ". \n\n"
        + "His/her information is shown as follows: \n\n"
        + r(words, "name") + ": Amara Okafor"
        + "\n" + r(words, "user_name") + ": aokafor"
        + "\n" + r(words, "email") + ": " + requester
        + "\n" + r(words, "institutional_affiliation") + ": University Hospital Trials Unit"
        + "\n" + r(words, "default_active_study") + ":" + "CARDIO-2 Registry" + ", id:" + "4"
        + "\n" + r(words, "other_study") + ""
        + "\n" + r(words, "user_role_requested") + "Data Entry Person"
    )  # fmt: skip
    _oc_save("request-account", path, sec, None, "request account", body, requester,
             rendered, note="sent from the requester's address to the administrator; no "
             "code")  # fmt: skip


def _oc_save(ident, path, sec, code, subject, body, sender, rendered, note=None):  # fmt: skip
    if code and note is None:
        note = "genPassword(): eight characters of a-zA-Z0-9, given to sign in with"
    elif code:
        note = "genPassword(): eight characters of a-zA-Z0-9, given to sign in with; " + note
    _save(
        source="openclinica", ident=ident, lang="en", kind="saas-otp" if code else "notice",
        code=code, repository=OC, commit=OC_COMMIT, licence="LGPL-2.1-or-later",
        path=f"{path}; {sec}; core/src/main/java/org/akaza/openclinica/core/"
        "SecurityManager.java; web/src/main/resources/org/akaza/openclinica/i18n/"
        "{notes,words}.properties",
        rendered=rendered, sender=sender, subject=subject, text=None, html_part=body,
        note=note,
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    france_ioi(args.mirrors)
    openclinica(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
