"""Round seventeen, identity, access and security tools: Keycloak e-mail one-time-code
extensions, a password manager's notices and a network-access-control captive portal's guest
mails, in every language they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_security.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- for-keycloak/email-otp-authenticator (Unlicense), commit ``FK_COMMIT``: the e-mail OTP
  form authenticator sends ``otp-email.ftl`` through Keycloak's ``EmailTemplateProvider``
  (``EmailOTPFormAuthenticator.java``: attributes ``otp`` and ``ttlMinutes``; subject key
  ``emailOtpSubject``), i.e. text + HTML alternatives. The FreeMarker templates
  ``templates/{text,html}/otp-email.ftl`` are applied by hand: lines holding only FTL tags
  are dropped, the HTML sits in Keycloak's ``emailLayout`` macro (``html/template.ftl`` of
  keycloak/keycloak at ``KC_LAYOUT_COMMIT``, as round sixteen cites it: ``<html lang dir>``,
  ``<body>``), ``dir`` is ``rtl`` for Arabic and Persian. ``msg`` is
  ``java.text.MessageFormat`` over ``messages_<lang>.properties`` (a lone ``'`` opens a
  quoted span and is dropped, as Keycloak really does: French and Catalan "d'accès" come out
  "daccès"); the subject goes through MessageFormat too. The code is the default of
  ``generateOtp``: six of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``; the lifetime 600 s (10 min).
  The number in the expiry line is written in Latin digits for every locale.
- mt-ag/keycloak-2fa-email (Apache-2.0), commit ``MT_COMMIT``: ``Auth.java``
  ``sendVerificationCode`` sends ``email.ftl`` (attributes ``code`` and ``ttl``; subject key
  ``email.2fa.mail.subject``); ``templates/{text,html}/email.ftl`` hold no FTL tags, the HTML is
  sent as written (no layout). The German bundle holds raw Latin-1 bytes, so Keycloak reads
  it as ISO-8859-1 (here too). Code: six of ``1234567890ABCDEF`` (``AuthFactory`` defaults);
  ``ttl`` is the configured default ``300``, shown as the template shows it.
- netzbegruenung/keycloak-mfa-plugins (Apache-2.0) ``email-authenticator`` and
  patsbin/keycloak-otp-email (Apache-2.0), commits ``KC_PLAIN``: no template; the Java
  ``String.format``s the bundle's ``emailAuthText`` (``%1$s`` the code, ``%2$d`` the minutes)
  and hands it to ``EmailSenderProvider.send(subject, body, body)``, so the same sentence is the
  text and the HTML alternative. Codes: digits (``SecretGenerator ... DIGITS``,
  ``RandomString.randomCode``), six. netzbegruenung's subject is ``emailAuthSubject``;
  patsbin's is the authenticator's default ``Summit 2FA Code``.
- passbolt/passbolt_api (AGPL-3.0-or-later), commit ``PB_COMMIT``: the multi-factor reset
  notices (``mfa_user_settings_reset_{self,admin}.php`` of the MultiFactorAuthentication
  plugin, subjects from ``MfaUserSettingsResetEmailRedactor``): the CakePHP view, its elements
  (``templates/element/Email/module/{avatar,avatar_text,text,button}.php``) and the layout
  ``templates/layout/email/html/default.php`` rebuilt by replacing each PHP block with its
  value (PHP eats the newline after ``?>``); ``__()`` through ``resources/locales/<locale>/
  default.po``; ``DateTime::nice()`` as ICU medium date + short time (babel). Passbolt sends
  text/html only. No codes.
- inverse-inc/packetfence (GPL-2.0-or-later), commit ``PF_COMMIT``: the captive portal's
  guest mails, compiled Template Toolkit templates ``html/captive-portal/templates/emails/
  emails-<name>.html`` filled as ``pf::config::util::build_email`` (MIME::Lite::TT, text/html
  only) does: ``i18n`` is gettext over ``conf/locale/<lang>/LC_MESSAGES/packetfence.po``
  (fuzzy/empty entries stay English), the languages with translated strings. The guest
  account and password-of-the-day mails give the password the guest types at the portal
  (``pf::password::_generate_password``: ``Crypt::GeneratePassword::word(8, 8)``, a
  pronounceable lowercase word); the sponsor-approved and security-event mails carry none.
- eduMFA/eduMFA (AGPL-3.0-or-later), commit ``EM_COMMIT``: the built-in default texts (no
  policy text set), English only, text/plain as ``smtpserver.send_email`` sends them: the
  e-mail token's challenge (body ``<otp>``: the six-digit value alone; subject ``Your OTP``),
  the self-registration mail (``api/register.py`` ``DEFAULT_BODY`` with the 24-character
  registration key), the user-notification handler's default and the password-recovery mail
  (its code only in the link).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale, dates
from babel.messages.pofile import read_po

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from collect import message  # noqa: E402

SENT = datetime(2026, 12, 2, 8, 41, 17, tzinfo=UTC)
RNG = random.Random(1717)
ITEMS: list[dict] = []
DROPPED = {"for-keycloak-email-otp"}
"""Senders another collector of this round renders too (``collect_r17_libraries.py``,
source ``kcemailotpauth``: the same templates at the same commit): kept there once. Their
codes are still drawn here, so every other mail keeps its bytes."""
MIRRORS = Path("/work/.mirror")

FK_REPO = "for-keycloak/email-otp-authenticator"
FK_COMMIT = "02fea7a8e48262c5f3db32136db0d4b08ab38005"
FK_RES = "src/main/resources/theme-resources"
MT_REPO = "mt-ag/keycloak-2fa-email"
MT_COMMIT = "0305b41d765a168d31b04d6f10938680f64c10cf"
KC_LAYOUT_COMMIT = "4e671f1306c7e7aca30a07856fc2c2b0bb33ef7d"
KC_LAYOUT_PATH = "keycloak/keycloak themes/src/main/resources/theme/base/email/html/template.ftl"


def show(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def properties(raw: bytes) -> dict[str, str]:
    """A Java properties bundle as Keycloak reads it: UTF-8, else ISO-8859-1."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = value.strip()
        out[key.strip()] = (
            value.encode("latin-1", "backslashreplace").decode("unicode_escape")
            if "\\" in value
            else value
        )
    return out


def message_format(pattern: str, *args: str) -> str:
    """java.text.MessageFormat: '' is a quote, a lone ' quotes up to the next, {n} an arg."""
    out, i, quoted = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            if pattern[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
        elif ch == "{" and not quoted:
            end = pattern.index("}", i)
            out.append(args[int(pattern[i + 1 : end].split(",")[0])])
            i = end
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
         sender, subject, text, html_part, note=None) -> None:  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    if source in DROPPED:
        return  # rendered for its random draws only (see main)
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


def for_keycloak() -> None:
    text_tpl = f"{FK_RES}/templates/text/otp-email.ftl"
    html_tpl = f"{FK_RES}/templates/html/otp-email.ftl"
    listing = subprocess.run(
        ["git", "--git-dir", str(MIRRORS / FK_REPO.replace("/", "+") / "repo"), "ls-tree",
         "--name-only", f"{FK_COMMIT}:{FK_RES}/messages"],
        capture_output=True, check=True, text=True,
    ).stdout.split()  # fmt: skip
    alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
    for name in sorted(listing):
        tag = name.removeprefix("messages_").removesuffix(".properties")
        lang = tag.replace("_", "-")
        bundle = f"{FK_RES}/messages/{name}"
        msgs = properties(show(FK_REPO, FK_COMMIT, bundle))
        code = "".join(RNG.choice(alphabet) for _ in range(6))
        intro = html.escape(message_format(msgs["emailOtpYourAccessCode"]))
        expiry = html.escape(message_format(msgs["emailOtpExpiration"], "10"))
        text = f"{intro}\n\n{code}\n\n{expiry}"
        direction = "rtl" if tag in ("ar", "fa") else "ltr"
        page = (
            f'<html lang="{tag.split("_")[0]}" dir="{direction}">\n<body>\n'
            f"<p>{intro}</p>\n<h1>{code}</h1>\n<p>{expiry}</p>\n</body>\n</html>\n"
        )
        save(source="for-keycloak-email-otp", template="access-code", lang=lang,
             kind="saas-otp", code=code, repository=FK_REPO,
             path=f"{text_tpl}; {html_tpl}; {bundle}; src/main/java/ch/jacem/for_keycloak/"
             "email_otp_authenticator/EmailOTPFormAuthenticator.java",
             commit=FK_COMMIT, licence="Unlicense",
             rendered="FreeMarker templates applied by hand (FTL-only lines dropped, HTML in "
             f"Keycloak's emailLayout macro, {KC_LAYOUT_PATH} at {KC_LAYOUT_COMMIT}); msg and "
             "subject through java.text.MessageFormat over the bundle; text + HTML "
             "alternatives as EmailTemplateProvider sends them",
             sender="Halvorsen ID <no-reply@id.halvorsen.example>",
             subject=message_format(msgs["emailOtpSubject"]), text=text, html_part=page,
             note="the e-mail OTP a Keycloak login form asks for: six of "
             "23456789ABCDEFGHJKLMNPQRSTUVWXYZ (the default alphabet), alone in an <h1>"
             + ("; MessageFormat drops the apostrophe of d'accès, as Keycloak sends it"
                if tag in ("fr", "ca") else ""))  # fmt: skip


def mt_ag() -> None:
    text_tpl = "src/main/resources/theme-resources/templates/text/email.ftl"
    html_tpl = "src/main/resources/theme-resources/templates/html/email.ftl"
    text_src = show(MT_REPO, MT_COMMIT, text_tpl).decode()
    html_src = show(MT_REPO, MT_COMMIT, html_tpl).decode()
    for lang in ("en", "de"):
        bundle = f"src/main/resources/theme-resources/messages/messages_{lang}.properties"
        msgs = properties(show(MT_REPO, MT_COMMIT, bundle))
        code = "".join(RNG.choice("1234567890ABCDEF") for _ in range(6))

        def fill(src: str, escape, code: str = code, msgs: dict = msgs) -> str:
            out = src.replace("${code}", code)
            out = out.replace(
                '${msg("email.2fa.mail.ttl", ttl)}',
                escape(message_format(msgs["email.2fa.mail.ttl"], "300")),
            )
            for key in ("salutation", "prompt", "safety.info"):
                out = out.replace(
                    f'${{msg("email.2fa.mail.{key}")}}',
                    escape(message_format(msgs[f"email.2fa.mail.{key}"])),
                )
            assert "${" not in out, out
            return out

        save(source="mt-ag-keycloak-2fa", template="login-code", lang=lang, kind="saas-otp",
             code=code, repository=MT_REPO,
             path=f"{text_tpl}; {html_tpl}; {bundle}; "
             "src/main/java/com/mt_itsolutions/keycloak/email2fa/Auth.java",
             commit=MT_COMMIT, licence="Apache-2.0",
             rendered="FreeMarker templates (no FTL tags) filled by hand, msg through "
             "java.text.MessageFormat, HTML-escaped in the HTML part; text + HTML "
             "alternatives as EmailTemplateProvider sends them",
             sender="MT Portal <sso@portal.mt-kunde.example>",
             subject=message_format(msgs["email.2fa.mail.subject"]),
             text=fill(text_src, lambda s: s), html_part=fill(html_src, html.escape),
             note="the login verification code: six of 1234567890ABCDEF; the validity line "
             "shows the configured ttl default 300 as the template does")  # fmt: skip


PB_REPO = "passbolt/passbolt_api"
PB_COMMIT = "e3aa15fea3f88661d7a732ccb7fbb40d7ae685d3"
PB_BASE = "https://vault.harbor-logistik.example"
PB_LOCALES = ("cs_CZ", "de_DE", "es_ES", "fr_FR", "it_IT", "ja_JP", "ko_KR", "lt_LT", "nl_NL",
              "pl_PL", "pt_BR", "ro_RO", "ru_RU", "sl_SI", "sv_SE", "uk_UA")  # fmt: skip
PB_LAYOUT = "templates/layout/email/html/default.php"
PB_ELEMENT = "templates/element/Email/module/{}.php"


def php(src: str, values: dict[str, str]) -> str:
    """The PHP blocks of a CakePHP view replaced by their values: the opening docblock/use
    block prints nothing, and PHP eats the one newline right after a closing tag."""

    def value(m: re.Match) -> str:
        code = m.group(1).strip()
        return "" if "/**" in code else values[code]

    return re.sub(r"<\?(?:php|=)(.*?)\?>\n?", value, src, flags=re.S)


def passbolt() -> None:
    layout = show(PB_REPO, PB_COMMIT, PB_LAYOUT).decode()
    element = {e: show(PB_REPO, PB_COMMIT, PB_ELEMENT.format(e)).decode()
               for e in ("avatar", "avatar_text", "text", "button")}  # fmt: skip
    variants = [
        ("self", "Your multi-factor authentication settings were reset by you.",
         "Multi-factor authentication settings were reset.",
         "notice that the user's own MFA settings were reset; no code"),
        ("admin", "Your multi-factor authentication settings were reset by an administrator.",
         "Multi-factor authentication settings were reset for your account by an "
         "administrator.",
         "notice that an administrator reset the user's MFA settings; no code"),
    ]  # fmt: skip
    redactor = (
        "plugins/PassboltCe/MultiFactorAuthentication/src/Notification/Email/"
        "MfaUserSettingsResetEmailRedactor.php"
    )
    users = [("Ilse", "Vandersteen"), ("Tomás", "Okafor"), ("Mirela", "Dunca")]
    pairs = [(v, loc) for v in variants for loc in ("en", *PB_LOCALES)]
    for n, ((who, subject_id, first_line, note), locale) in enumerate(pairs):
        template = (
            "plugins/PassboltCe/MultiFactorAuthentication/templates/email/html/LU/"
            f"mfa_user_settings_reset_{who}.php"
        )
        if locale == "en":
            catalog, po = None, "(msgids)"
        else:
            po = f"resources/locales/{locale}/default.po"
            catalog = read_po(io.BytesIO(show(PB_REPO, PB_COMMIT, po)))

        def tr(msgid: str, catalog=catalog) -> str:
            msg = catalog.get(msgid) if catalog else None
            return msg.string if msg is not None and msg.string else msgid

        first, last = users[n % len(users)]
        username = f"{first.lower().replace('á', 'a')}.{last.lower()}@harbor-logistik.example"
        loc = Locale.parse(locale if locale != "en" else "en_US")
        when = SENT.replace(tzinfo=None)
        nice = loc.datetime_formats["medium"].format(
            dates.format_time(when, "short", locale=loc),
            dates.format_date(when, "medium", locale=loc),
        )
        avatar_text = php(element["avatar_text"], {
            "Purifier::clean($user['profile']['first_name']);": first,
            "Purifier::clean($user['profile']['last_name']);": last,
            "Purifier::clean($user['username']);": username,
            "$text": tr("Your multi-factor authentication is disabled."),
            "echo DateTime::parse($datetime)->nice() . ' (' . date_default_timezone_get() . ')';":
                f"{nice} (UTC)",
        })  # fmt: skip
        content = (
            php(element["avatar"], {"Purifier::clean($url);": f"{PB_BASE}/img/avatar/user.png",
                                    "$text": avatar_text})
            + php(element["text"], {"$text;": tr(first_line)
                                    + tr("Please contact your administrator if you didn't "
                                         "request this action.")})
            + php(element["button"], {"Purifier::clean($url);": f"{PB_BASE}/",
                                      "$text;": tr("Log in passbolt")})
        )  # fmt: skip
        page = php(layout, {
            "echo Purifier::clean($title);": tr("Multi-factor authentication settings were reset."),
            "echo Purifier::clean($fullBaseUrl) . '/img/logo/logo.png'": f"{PB_BASE}/img/logo/logo.png",
            "echo $this->fetch('content');": content,
            "__('This email is an automatic notification sent by');":
                tr("This email is an automatic notification sent by"),
            "echo Purifier::clean($fullBaseUrl)": PB_BASE,
            "__('To disable these notifications, contact an administrator.');":
                tr("To disable these notifications, contact an administrator."),
        })  # fmt: skip
        save(source="passbolt", template=f"mfa-reset-{who}", lang=locale.replace("_", "-"),
             kind="notice", code=None, repository=PB_REPO,
             path=f"{template}; {redactor}; {PB_LAYOUT}; templates/element/Email/module/"
             f"{{avatar,avatar_text,text,button}}.php; {po}", commit=PB_COMMIT,
             licence="AGPL-3.0-or-later",
             rendered="the CakePHP view and its elements rebuilt in Python (each PHP block "
             "replaced by its value, PHP eating the newline after a closing tag) inside the "
             "layout email/html/default.php; __() through the locale's default.po (babel; "
             "empty entries stay English); nice() as ICU medium date + short time (babel); "
             "text/html only (EmailSender format html)",
             sender="Passbolt <no-reply@harbor-logistik.example>",
             subject=tr(subject_id),
             text=None, html_part=page,
             note=note)  # fmt: skip


KC_PLAIN = [
    # repository, commit, licence, source, bundle folder, java, code length, ttl s, From
    ("netzbegruenung/keycloak-mfa-plugins", "99c1e42584fd47823abe1b2aa435443b7beee778",
     "Apache-2.0", "netzbegruenung-keycloak-email",
     "email-authenticator/src/main/resources/theme-resources/messages",
     "email-authenticator/src/main/java/netzbegruenung/keycloak/authenticator/"
     "EmailAuthenticator.java", 6, 300, "Grüne Anmeldung <login@gruene-kv.example>"),
    ("patsbin/keycloak-otp-email", "31aac72b396880060d32d27b2a69f9809929ec44",
     "Apache-2.0", "patsbin-keycloak-otp",
     "src/main/resources/theme-resources/messages",
     "src/main/java/com/github/patsbin/keycloak/authenticator/EmailAuthenticator.java",
     6, 600, "Summit Portal <auth@summit-events.example>"),
]  # fmt: skip


def keycloak_plain() -> None:
    """Extensions that format one sentence with String.format and hand it to Keycloak's
    EmailSenderProvider as both the text and the HTML body (no template)."""
    for repo, commit, licence, source, folder, java, length, ttl, sender in KC_PLAIN:
        names = subprocess.run(
            ["git", "--git-dir", str(MIRRORS / repo.replace("/", "+") / "repo"), "ls-tree",
             "--name-only", f"{commit}:{folder}"],
            capture_output=True, check=True, text=True,
        ).stdout.split()  # fmt: skip
        for name in sorted(names):
            lang = name.removeprefix("messages_").removesuffix(".properties").replace("_", "-")
            msgs = properties(show(repo, commit, f"{folder}/{name}"))
            if "emailAuthText" not in msgs:
                continue
            code = "".join(RNG.choice("0123456789") for _ in range(length))
            body = msgs["emailAuthText"].replace("%1$s", code).replace("%2$d", str(ttl // 60))
            if "emailAuthSubject" in msgs:
                subject = msgs["emailAuthSubject"].replace("%1$s", code)
                subject = subject.replace("%2$d", str(ttl // 60))
                how = "subject emailAuthSubject of the bundle"
            else:
                subject = "Summit 2FA Code"
                how = (
                    "subject the authenticator's default 'Summit 2FA Code' (no subject configured)"
                )
            save(source=source, template="login-code", lang=lang, kind="saas-otp", code=code,
                 repository=repo, path=f"{folder}/{name}; {java}", commit=commit,
                 licence=licence,
                 rendered="String.format of the bundle's emailAuthText (code, ttl minutes) "
                 f"as the Java does; {how}; EmailSenderProvider.send(subject, body, body): the "
                 "same sentence as text and HTML alternatives",
                 sender=sender, subject=subject, text=body, html_part=body,
                 note=f"{length} digits inside the sentence (SecretGenerator DIGITS / "
                 "RandomString.randomCode)")  # fmt: skip


PF_REPO = "inverse-inc/packetfence"
PF_COMMIT = "40ec83b1bd260d1325c34fe4262431e00ee284ea"
PF_EMAILS = "html/captive-portal/templates/emails/emails-{}.html"
PF_LOCALES = ("de", "es", "fr", "it", "nb_NO", "nl", "pl_PL", "pt_BR")
PF_DOMAIN = "campus.hochschule-nord.example"


def _pf_catalog(locale: str):
    if locale == "en":
        return None
    raw = show(PF_REPO, PF_COMMIT, f"conf/locale/{locale}/LC_MESSAGES/packetfence.po")
    # the template header's placeholder dates trip babel; they carry no message
    raw = re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", raw)
    return read_po(io.BytesIO(raw))


def _pf_word(size: int = 8) -> str:
    """Crypt::GeneratePassword::word(8, 8): a pronounceable word of lowercase letters."""
    consonants, vowels = "bcdfghjklmnprstvwz", "aeiou"
    return "".join(RNG.choice(vowels if i % 2 else consonants) for i in range(size))


def packetfence() -> None:
    """The captive portal's guest mails: TT templates (compiled MJML) rendered with
    gettext under the portal locale; MIME::Lite::TT, text/html only."""
    templates = [
        ("guest_local_account_creation", "%s: Account creation information",
         "lib/pf/config/util.pm; html/captive-portal/lib/captiveportal/PacketFence/"
         "DynamicRouting/Module/Authentication.pm; lib/pf/password.pm", "code"),
        ("guest_password_of_the_day", "New password of the day",
         "lib/pf/config/util.pm; lib/pf/pfcron/task/password_of_the_day.pm; lib/pf/password.pm",
         "code"),
        ("guest_sponsor_confirmed", "%s: Guest access request accepted",
         "lib/pf/config/util.pm; html/captive-portal/lib/captiveportal/PacketFence/Controller/"
         "Activate/Email.pm", None),
        ("security_event-triggered", "Lost or Stolen detection on a4:83:e7:5c:19:2f",
         "lib/pf/action.pm; conf/security_events.conf.defaults", None),
    ]  # fmt: skip
    guests = ["j.moreau@gmail.example", "k.lindqvist@outlook.example", "p.nowak@proton.example"]
    for n, locale in enumerate(("en", *PF_LOCALES)):
        catalog = _pf_catalog(locale)

        def gettext(msgid: str, catalog=catalog) -> str:
            msg = catalog.get(msgid) if catalog else None
            ok = msg is not None and msg.string and not msg.fuzzy
            return msg.string if ok else msgid

        for name, subject_id, code_path, has_code in templates:
            src = show(PF_REPO, PF_COMMIT, PF_EMAILS.format(name)).decode()
            password = _pf_word() if has_code else None
            pid = "guest-pod" if name == "guest_password_of_the_day" else guests[n % 3]
            mac = "a4:83:e7:5c:19:2f"
            values = {"pid": pid, "password": password, "expiration": "2026-12-03 08:41:17",
                      "mac": mac, "os": "Apple iOS", "hostname": "Lenas-iPhone",
                      # security event 1300005's user_mail_message, TT-evaluated
                      "additionnal_message | eval": f"Your device {mac} as been declared as "
                      "lost or stolen. Please contact your system administrator to be able "
                      "to use this device again on the network."}  # fmt: skip

            def tag(m: re.Match, values=values, gettext=gettext) -> str:
                inner = m.group(1).strip()
                call = re.fullmatch(r'i18n\(\s*"(.*)"\s*\)', inner, re.S)
                fmt = re.fullmatch(r'i18n_format\("(.*)", description\)', inner, re.S)
                if fmt:  # sprintf of the translation with the event's description
                    return gettext(fmt.group(1)).replace("%s", "Lost or Stolen")
                return gettext(call.group(1)) if call else values[inner]

            page = re.sub(r"\[%(.*?)%\]", tag, src, flags=re.S)
            assert "[%" not in page, name
            subject = subject_id if name.startswith("security") else gettext(subject_id)
            if "%s" in subject:
                subject = subject.replace("%s", PF_DOMAIN)
            po = "(msgids)" if locale == "en" else (
                f"conf/locale/{locale}/LC_MESSAGES/packetfence.po")  # fmt: skip
            save(source="packetfence", template=name.replace("_", "-"),
                 lang=locale.replace("_", "-"),
                 kind="other" if has_code else "notice", code=password, repository=PF_REPO,
                 path=f"{PF_EMAILS.format(name)}; {code_path}; {po}", commit=PF_COMMIT,
                 licence="GPL-2.0-or-later",
                 rendered="the compiled Template Toolkit template filled as MIME::Lite::TT "
                 "does (i18n = gettext of the locale's packetfence.po, read with babel; "
                 "fuzzy or empty entries stay English as msgfmt leaves them out); subject "
                 "i18n_format of the caller's msgid with the domain; text/html only",
                 sender=f"PacketFence <packetfence@{PF_DOMAIN}>", subject=subject,
                 text=None, html_part=page,
                 note={
                     "guest_local_account_creation": "the captive portal's guest account: "
                     "the password to type at the portal (Crypt::GeneratePassword::word(8, "
                     "8), lowercase letters), given under 'Password' after the username",
                     "guest_password_of_the_day": "the rotated password of the day the "
                     "portal asks for (lowercase word of eight letters), given under "
                     "'Password' between the username and its expiry date",
                     "guest_sponsor_confirmed": "the sponsor approved the guest's network "
                     "access; the generated password is not in this mail",
                     "security_event-triggered": "security-event notice (the default 'Lost or "
                     "Stolen' event, its user_mail_message); subject English in the code",
                 }[name])  # fmt: skip


EM_REPO = "eduMFA/eduMFA"
EM_COMMIT = "2dc21652ba39065d1585d42c3020c397ac5172fc"


def _py_string(path: str, name: str) -> str:
    """A module-level triple-quoted string constant of an eduMFA source file."""
    src = show(EM_REPO, EM_COMMIT, path).decode()
    return re.search(rf'^{name} = """(.*?)"""', src, re.S | re.M).group(1)


def edumfa() -> None:
    """eduMFA's built-in mails with their default texts (no policy text configured):
    smtpserver.send_email sends each as one MIMEText part, text/plain."""
    sender = "eduMFA <mfa@rz.uni-nordheim.example>"
    common = {"source": "edumfa", "lang": "en", "repository": EM_REPO, "commit": EM_COMMIT,
              "licence": "AGPL-3.0-or-later", "sender": sender, "html_part": None}  # fmt: skip
    # 1. the e-mail token's challenge: default text "<otp>", subject "Your OTP"
    otp = "".join(RNG.choice("0123456789") for _ in range(6))
    save(template="email-token-otp", kind="saas-otp", code=otp,
         path="edumfa/lib/tokens/emailtoken.py; edumfa/lib/smtpserver.py",
         rendered="_compose_email with the defaults of _get_email_text_or_subject: body "
         "'<otp>' replaced and str.format-ed, subject 'Your OTP'; text/plain",
         subject="Your OTP", text=otp,
         note="the e-mail token's default mail is the six-digit HOTP value alone, nothing "
         "else in the body", **common)  # fmt: skip
    # 2. self-registration: the registration token's key (24 of letters and digits, 'cn')
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    regkey = "".join(RNG.choice(alnum) for _ in range(24))
    body = _py_string("edumfa/api/register.py", "DEFAULT_BODY").format(regkey=regkey)
    save(template="registration", kind="saas-otp", code=regkey,
         path="edumfa/api/register.py; edumfa/lib/tokens/registrationtoken.py; "
         "edumfa/lib/smtpserver.py",
         rendered="register.py's DEFAULT_BODY formatted with the registration key, subject "
         "'Your eduMFA registration'; text/plain",
         subject="Your eduMFA registration", text=body,
         note="the registration code the new user logs in with once (registration token, "
         "DEFAULT_LENGTH 24, contents 'cn': letters and digits)", **common)  # fmt: skip
    # 3. the user-notification event handler's default mail (an admin disabled a token)
    body = _py_string("edumfa/lib/eventhandler/usernotification.py", "DEFAULT_BODY").format(
        user="Lena", admin="helpdesk", realm="admins", action="/token/disable",
        serial="TOTP00A41C7E", url="https://mfa.uni-nordheim.example/",
    )  # fmt: skip
    save(template="token-notification", kind="notice", code=None,
         path="edumfa/lib/eventhandler/usernotification.py; edumfa/lib/utils/__init__.py",
         rendered="the handler's DEFAULT_BODY and default subject formatted with "
         "create_tag_dict's tags (user = given name, action = request path, url = url_root); "
         "text/plain", subject="An action was performed on your token.", text=body,
         note="notice of an administrator's action on the user's token; the token serial "
         "is not a code", **common)  # fmt: skip
    # 4. password recovery: the code only inside the link
    code = "".join(RNG.choice(alnum) for _ in range(24))
    body = _py_string("edumfa/lib/passwordreset.py", "BODY").format(
        "https://mfa.uni-nordheim.example/#!", "lberg", "uni-nordheim", code
    )
    save(template="password-reset", kind="notice", code=None,
         path="edumfa/lib/passwordreset.py; edumfa/lib/smtpserver.py",
         rendered="passwordreset.py's BODY formatted as create_recoverycode does (base URL "
         "with '#!', login, realm, recovery code), subject 'Your password reset'; text/plain",
         subject="Your password reset", text=body,
         note="the 24-character recovery code appears only inside the reset link",
         **common)  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    for_keycloak()
    mt_ag()
    passbolt()
    keycloak_plain()
    packetfence()
    edumfa()
    out = HERE / "round17" / "security.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
