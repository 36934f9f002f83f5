"""Round ten (``cms``): codes that forum software and content-management systems mail to type,
and their notices from the same senders.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r10_cms.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round; every text
is read from them with ``git show <commit>:<path>`` (nothing is held inline).

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- MyBB (mybb/mybb, LGPL-3.0): the mail strings of ``inc/languages/english/messages.lang.php``
  (PHP double-quoted strings, ``{1}``..``{n}`` filled as ``MyLanguage::sprintf`` does with the
  arguments ``member.php`` / ``usercp.php`` pass). The activation codes are ``random_str()``
  (8 characters of ``[0-9A-Za-z]``) for registration and change of e-mail, ``random_str(30)``
  for the lost-password mail; each mail says "You will need to enter the following: ...
  Activation Code: <code>". Sent as ``my_mail`` sends them: text/plain, UTF-8 (the English
  pack's charset), From the board name and admin e-mail.
- Simple Machines Forum (SimpleMachines/SMF, BSD-3-Clause), branch ``release-2.1``:
  ``Themes/default/languages/EmailTemplates.english.php`` (PHP single-quoted strings) filled as
  ``loadEmailTemplate`` (``Sources/Subs-Post.php``) does: the caller's replacements plus the
  defaults (``FORUMNAME``, ``SCRIPTURL``, ``REGARDS`` = ``regards_team`` of
  ``index.english.php`` with the forum name), ``{KEY}`` replaced with ``str_replace``. The
  activation / reminder codes are ``generateValidationCode()`` (``bin2hex(random_bytes(5))``,
  ten hex digits). ``sendmail`` wraps the text in a multipart/alternative with a single
  text/plain part; here it is sent as a single text/plain part.
- ProcessWire (processwire/processwire, MPL-2.0): the core password-reset module
  ``wire/modules/Process/ProcessForgotPassword/ProcessForgotPassword.module``:
  ``___renderEmailBody`` rendered twice (text and HTML, as ``step2_sendEmail`` does) with the
  verification code of ``trackNewRequest`` (``Password::randomBase64String(22)``: 22 characters
  of the bcrypt alphabet ``./A-Za-z0-9``) that the reset form asks the reader to type or paste;
  and ``___renderErrorEmailBody`` (text only) with one of ``allowUser``'s reasons. The English
  source strings (``$this->_()``) are used as shipped; subject ``Password Reset Information``.
- Grav login plugin (getgrav/grav-plugin-login, MIT): the plain-text mail templates
  ``templates/emails/login/{activate,reset-password}.txt.twig`` filled by hand as Twig would:
  ``'KEY'|t(args)`` is the plugin's ``languages/<lang>.yaml`` string run through ``vsprintf``
  (``%1$s`` positional arguments; a key a language lacks falls back to English, as Grav's
  translation fallback does), then the ``_text-utils.txt.twig`` macro ``from_html`` (its tag
  replacements, ``striptags``, ``trim``). The HTML part needs the separate grav-plugin-email
  base layout and is left out: these mails carry only the text/plain part. Link mails, no
  code: hard negatives.
- SMF also: ``admin_approve_activation`` (account approved, activation link and code).
- Sulu (sulu/sulu, MIT): the 2FA mail of ``SecurityBundle/TwoFactor/AuthCodeMailer.php``
  (templates ``mail_templates/two_factor.{html,txt}.twig``: the ``sulu_admin.two_factor_email_*``
  strings of ``AdminBundle/Resources/translations/admin.<lang>.json`` with ``%codeLength%``; HTML
  and text parts) and the password-reset mail of ``ResettingController`` (``reset_password.html.twig``,
  HTML only, trimmed), English and German. Twig expressions are replaced by hand. The code is
  scheb/2fa's e-mail code (the skeleton's ``config/packages/scheb_2fa.yaml`` sets no ``digits``,
  so the bundle default, four digits).
- CMS Made Simple TwoFactor module (magalh/CMSMS-TwoFactor, MIT): ``TwoFactorProviderEmail``
  (six digits, ``sprintf('%06d', mt_rand(...))``) rendering the default design-manager template
  ``templates/orig_email_verification.tpl`` (Smarty ``{$user->username}`` / ``{$code}`` filled by
  hand), HTML only; the subject is ``email_subject`` of the admin language file (en, de, he);
  the template itself is English only.
- TYPO3 extension mfa_email (MrSilaz/mfa_email, GPL-3.0-or-later): the backend MFA provider
  ``Classes/Mfa/MailProvider.php`` sends a ``FluidEmail`` (layout ``Layout/Email/MfaEmail``,
  template ``Templates/Email/MfaEmail``, HTML and text). Fluid is filled by hand: the ``Main``
  section put into the layout, ``f:translate`` from ``locallang.xlf`` / ``de.locallang.xlf``
  (CDATA units, their trailing whitespace trimmed), ``f:format.nl2br`` / ``stripTags``, the
  ``<html data-namespace-typo3-fluid="true">`` tag dropped as Fluid drops it; the subject is the
  ``Subject`` section (``mail.titlesuffix`` with the code).
- TYPO3 extension q23_mfa_email (q23/mfa-email, GPL-2.0-or-later): frontend-user login code,
  ``Classes/Service/MailService.php::sendCode`` reproduced (its ``implode`` text part and
  ``sprintf`` HTML part) with the XLIFF strings (en, de), default extension configuration
  (subject prefix ``Login``, no site name so ``defaults.siteName``, no signature), validity
  ``ceil(360 / 60)`` minutes, six digits.
- Movable Type MFA-Email plugin (usualoma/mt-plugin-MFA-Email, MIT): ``tmpl/email.tmpl``
  (``Security token: <token>``, six digits) with the subject of ``lib/MT/Plugin/MFA/Email.pm``,
  text/plain; the plugin ships no translations.
- Flarum (flarum/framework branch ``1.x``, MIT; language packs flarum-lang/polish and
  flarum-lang/japanese, MIT): the plain-text mails of 1.x (``core.email.activate_account`` sent
  by ``AccountActivationMailerTrait`` via ``SendRawEmailJob``; ``flarum-subscriptions`` new-post
  and ``flarum-suspend`` suspended notifications, whose blade views only output the translated
  body), ``{placeholder}`` replaced as the translator does. Hard negatives.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from collect import HERE, message

OUT = HERE / "round10" / "cms.json"
SENT = datetime(2026, 12, 2, 9, 41, 7, tzinfo=UTC)

MYBB = ("mybb/mybb", "mybb+mybb", "9a701b248308c499641d40ca09b5eb3bda76f9c6", "LGPL-3.0")
SMF = (
    "SimpleMachines/SMF",
    "SimpleMachines+SMF",
    "1468660f32128b76955e9dd58d9860a0434d61ce",
    "BSD-3-Clause",
)
PW = (
    "processwire/processwire",
    "processwire+processwire",
    "fd8999180ac35fb577b3fc4b0102c4ce13914840",
    "MPL-2.0",
)
GRAV = (
    "getgrav/grav-plugin-login",
    "getgrav+grav-plugin-login",
    "70e319e8365421151e2bc1150aae3a547602af3f",
    "MIT",
)

SULU = ("sulu/sulu", "sulu+sulu", "9495523cfe705bc449fa0691003a23676d011b50", "MIT")
CMSMS = (
    "magalh/CMSMS-TwoFactor",
    "magalh+CMSMS-TwoFactor",
    "268959ea67b3bb2f0d483fe0ab293978a96f26a7",
    "MIT",
)
T3BE = (
    "MrSilaz/mfa_email",
    "MrSilaz+mfa_email",
    "826a941c9206fde8b82146e9f8624f9ab12e0dce",
    "GPL-3.0-or-later",
)
T3FE = (
    "q23/mfa-email",
    "q23+mfa-email",
    "8f8db3f7a079abddf04364cbffa87886fe8a60d2",
    "GPL-2.0-or-later",
)
MTMFA = (
    "usualoma/mt-plugin-MFA-Email",
    "usualoma+mt-plugin-MFA-Email",
    "a7c920139fe3f2da4dc3ad35fd65d4aa1bb33062",
    "MIT",
)

FLARUM = ("flarum/framework", "flarum+framework", "448f201fa6efb57b7e46f3f6e13c4241af318c55", "MIT")
FLARUM_LANG = {
    "pl": (
        "flarum-lang/polish",
        "flarum-lang+polish",
        "8c4d883166349644037b483d73162accf102129f",
        "MIT",
    ),
    "ja": (
        "flarum-lang/japanese",
        "flarum-lang+japanese",
        "0165945d5de818badbfdc8e47150f500dcbe39ca",
        "MIT",
    ),
}

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _seed(seed: str) -> bytes:
    return hashlib.sha256(seed.encode()).digest() + hashlib.sha256(b"2" + seed.encode()).digest()


def _alnum(seed: str, n: int) -> str:  # MyBB random_str: [0-9A-Za-z]
    return "".join(ALNUM[b % 62] for b in _seed(seed)[:n])


def _hex(seed: str, n: int) -> str:
    return _seed(seed).hex()[:n]


def _bcrypt64(seed: str, n: int) -> str:  # ProcessWire WireRandom::randomBufferToSalt
    raw = _seed(seed)[: int(n * 3 / 4 + 1)]
    s = base64.b64encode(raw).decode().rstrip("=")
    c1 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    c2 = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return s.translate(str.maketrans(c1, c2))[:n]


def _show(mirrors: Path, src: tuple[str, str, str, str], path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / src[1] / "repo"), "show", f"{src[2]}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _item(
    ident: str,
    group: str,
    source: str,
    lang: str,
    kind: str,
    code: str | None,
    src: tuple[str, str, str, str],
    path: str,
    rendered: str,
    raw: bytes,
    note: str | None = None,
) -> dict[str, Any]:
    rel, sha = _write(ident, source, raw)
    item = {
        "id": ident,
        "group": group,
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": src[0],
        "path": path,
        "commit": src[2],
        "licence": src[3],
        "rendered": rendered,
        "file": rel,
        "sha256": sha,
    }
    if note:
        item["note"] = note
    return item


# ---------------------------------------------------------------------------------------
# MyBB


def _php_double(text: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$l\['(\w+)'\]\s*=\s*\"((?:[^\"\\]|\\.)*)\";", text, re.S):
        out[m.group(1)] = re.sub(r"\\([\"\\$])", r"\1", m.group(2))
    return out


def _mybb_sprintf(s: str, *args: str) -> str:
    for i, a in enumerate(args, 1):
        s = s.replace("{" + str(i) + "}", a)
    return s


def mybb(mirrors: Path) -> list[dict[str, Any]]:
    path = "inc/languages/english/messages.lang.php"
    lang = _php_double(_show(mirrors, MYBB, path))
    bb, url = "Riverside Cycling Forum", "https://forum.riverside-cycling.example"
    sender = f'"{bb}" <noreply@riverside-cycling.example>'
    user, uid = "noor_tester", "2417"
    code8 = _alnum("mybb-activate", 8)
    code8b = _alnum("mybb-activate2", 8)
    code30 = _alnum("mybb-lostpw", 30)
    code30b = _alnum("mybb-lostpw1", 30)
    code_ce = _alnum("mybb-changeemail", 8)
    excerpt = (
        "Saturday's loop goes ahead: meet 08:30 at the bridge, 64 km, "
        "café stop at km 32. Bring two tubes - tyre size 700x28."
    )
    mails = [
        # id, group, template, subject key, args, code, kind, note, source file
        (
            "activateaccount",
            "activateaccount",
            "email_activateaccount",
            "emailsubject_activateaccount",
            (user, bb, url, uid, code8),
            code8,
            "saas-otp",
            "registration: link and activation code to enter (member.php)",
        ),
        (
            "activateaccount2",
            "activateaccount",
            "email_activateaccount2",
            "emailsubject_activateaccount",
            (user, bb, url, uid, code8b),
            code8b,
            "saas-otp",
            "username_method 2 variant of the same mail",
        ),
        (
            "lostpw",
            "lostpw",
            "email_lostpw",
            "emailsubject_lostpw",
            (user, bb, url, uid, code30),
            code30,
            "saas-otp",
            "password reset: link and 30-character activation code to enter",
        ),
        (
            "lostpw1",
            "lostpw",
            "email_lostpw1",
            "emailsubject_lostpw",
            (user, bb, url, uid, code30b),
            code30b,
            "saas-otp",
            "username_method 1 variant (e-mail address instead of username)",
        ),
        (
            "changeemail",
            "changeemail",
            "email_changeemail",
            "emailsubject_changeemail",
            (user, bb, "noor.old@example.com", "noor.tester@example.com", url, code_ce, user, uid),
            code_ce,
            "saas-otp",
            "change of e-mail: old/new address, link and activation code (usercp.php)",
        ),
        (
            "changepassword",
            "changepassword",
            "email_changepassword",
            "emailsubject_changepassword",
            (user, "noor.tester@example.com", bb, url),
            None,
            "notice",
            "password-changed notice",
        ),
        (
            "newpm",
            "newpm",
            "email_newpm",
            "emailsubject_newpm",
            (user, "marta_v", bb, url, excerpt),
            None,
            "notice",
            "new private message notice with an excerpt",
        ),
        (
            "subscription",
            "subscription",
            "email_subscription",
            "emailsubject_subscription",
            (
                user,
                "marta_v",
                bb,
                "Saturday group ride 12/05",
                excerpt,
                url,
                "showthread.php?tid=8812&action=newpost",
                "8812",
            ),
            None,
            "notice",
            "thread reply notice (thread id in the unsubscribe URL)",
        ),
    ]
    items = []
    for ident, group, key, skey, args, code, kind, note in mails:
        if skey == "emailsubject_newpm":
            subject = _mybb_sprintf(lang[skey], bb, "Saturday ride")
        elif skey == "emailsubject_subscription":
            subject = _mybb_sprintf(lang[skey], "Saturday group ride 12/05")
        else:
            subject = _mybb_sprintf(lang[skey], bb)
        body = _mybb_sprintf(lang[key], *args)
        raw = message(sender=sender, subject=subject, text=body, html_part=None, sent=SENT)
        items.append(
            _item(
                f"mybb-{ident}-en",
                f"mybb-{group}",
                "mybb",
                "en",
                kind,
                code,
                MYBB,
                path,
                f"MyLanguage::sprintf of $l['{key}'] / $l['{skey}'] with the caller's arguments, text/plain as my_mail sends it",
                raw,
                note,
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# Simple Machines Forum


def _php_single(text: str, var: str = "txt") -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$" + var + r"\['(\w+)'\]\s*=\s*'((?:[^'\\]|\\.)*)';", text, re.S):
        out[m.group(1)] = re.sub(r"\\(['\\])", r"\1", m.group(2))
    return out


def smf(mirrors: Path) -> list[dict[str, Any]]:
    path = "Themes/default/languages/EmailTemplates.english.php"
    idx_path = "Themes/default/languages/index.english.php"
    txt = _php_single(_show(mirrors, SMF, path))
    idx = _php_single(_show(mirrors, SMF, idx_path))
    forum = "Lakeside Photo Club"
    script = "https://community.lakeside-photo.example/index.php"
    sender = f'"{forum}" <noreply@lakeside-photo.example>'
    regards = idx["regards_team"].replace("%1$s", forum)
    mid = "5531"

    def act(seed: str) -> tuple[str, dict[str, str]]:
        code = _hex(seed, 10)
        return code, {
            "ACTIVATIONLINK": f"{script}?action=activate;u={mid};code={code}",
            "ACTIVATIONLINKWITHOUTCODE": f"{script}?action=activate;u={mid}",
            "ACTIVATIONCODE": code,
        }

    c1, r1 = act("smf-register")
    c2, r2 = act("smf-reactivate")
    c3, r3 = act("smf-remind")
    c4, r4 = act("smf-admin-register")
    c5, r5 = act("smf-approve-activation")
    mails = [
        (
            "register_activate",
            c1,
            "saas-otp",
            {
                "REALNAME": "Noor Tester",
                "USERNAME": "noor.t",
                "PASSWORD": "",
                "FORGOTPASSWORDLINK": f"{script}?action=reminder",
                **r1,
            },
            "registration: activation link and the code to use on the activation page",
        ),
        (
            "activate_reactivate",
            c2,
            "saas-otp",
            r2,
            "re-validation after e-mail change: link and code (Profile-Modify.php)",
        ),
        (
            "admin_approve_remind",
            c3,
            "saas-otp",
            {"USERNAME": "noor.t", **r3},
            "activation reminder from the admin (ManageMembers.php)",
        ),
        (
            "admin_register_activate",
            c4,
            "saas-otp",
            {
                "REALNAME": "Noor Tester",
                "USERNAME": "noor.t",
                "PASSWORD": "Birch7-Lantern",
                "FORGOTPASSWORDLINK": f"{script}?action=reminder",
                **r4,
            },
            "account created by an admin: the mail shows the password set by the admin and the activation code; the code is the one-time code",
        ),
        (
            "admin_approve_activation",
            c5,
            "saas-otp",
            {"USERNAME": "noor.t", **r5},
            "account approved by the admin, activation link and code (ManageMembers.php)",
        ),
        (
            "forgot_password",
            None,
            "notice",
            {
                "REALNAME": "Noor Tester",
                "MEMBERNAME": "noor.t",
                "IP": "203.0.113.58",
                "REMINDLINK": f"{script}?action=reminder;sa=setpassword;u={mid};code={_hex('smf-reminder', 10)}",
            },
            "password reset by link only (code only inside the URL), IP and username",
        ),
        (
            "new_pm_body",
            None,
            "notice",
            {
                "SUBJECT": "Prints for the 14 Dec exhibition",
                "SENDER": "jonas_k",
                "MESSAGE": "Hi Noor, the frames (40x50 cm) arrive on Friday; table 3 is ours. Price per print is 18.50 EUR.",
                "REPLYLINK": f"{script}?action=pm;sa=send;f=inbox;pmsg=90412;quote;u=318",
            },
            "personal-message notice",
        ),
        (
            "notification_reply_body",
            None,
            "notice",
            {
                "TOPICSUBJECT": "Night shots at the harbour, 2026-12-09",
                "POSTERNAME": "jonas_k",
                "TOPICLINK": f"{script}?topic=7720.new;topicseen#new",
                "UNSUBSCRIBELINK": f"{script}?action=notifytopic;topic=7720;u={mid};token=ab31f09c22",
                "MESSAGE": "Meet at pier 4, 19:00.",
            },
            "topic reply notice",
        ),
        (
            "paid_subscription_new",
            None,
            "invoice",
            {
                "NAME": "Club membership 2027",
                "REALNAME": "Noor Tester",
                "SUBEMAIL": "jonas.k@example.net",
                "SUBUSER": "jonas_k",
                "SUBNAME": "Jonas K.",
                "DATE": "December 2, 2026, 09:41:07 AM",
                "PRICE": "45.00 EUR",
                "PROFILELINK": f"{script}?action=profile;u=318",
            },
            "new paid subscription notice to the admin (price, date)",
        ),
    ]
    items = []
    for key, code, kind, repl, note in mails:
        repl = {**repl, "FORUMNAME": forum, "SCRIPTURL": script, "REGARDS": regards}
        subject, body = txt[key + "_subject"], txt[key + "_body"]
        for k, v in repl.items():
            subject = subject.replace("{" + k + "}", v)
            body = body.replace("{" + k + "}", v)
        subject = html.unescape(subject)
        raw = message(sender=sender, subject=subject, text=body, html_part=None, sent=SENT)
        ident = key.replace("_", "")
        items.append(
            _item(
                f"smf-{ident}-en",
                f"smf-{ident}",
                "smf",
                "en",
                kind,
                code,
                SMF,
                f"{path}, {idx_path}, Sources/Subs-Post.php",
                f"loadEmailTemplate('{key}') replacements filled by str_replace, text/plain (sendmail's single plain part)",
                raw,
                note,
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# ProcessWire


def processwire(mirrors: Path) -> list[dict[str, Any]]:
    path = "wire/modules/Process/ProcessForgotPassword/ProcessForgotPassword.module"
    src = _show(mirrors, PW, path)
    assert "Your verification code is: %s" in src
    s_code = "Your verification code is: %s"
    s1 = re.search(r'\$this->_\("(To complete your password reset[^"]*)"\)', src).group(1)
    s2 = re.search(r'\$this->_\("(This URL will expire[^"]*)"\)', src).group(1)
    subject = re.search(r"set\('emailSubject', \$this->_\(\"([^\"]*)\"\)", src).group(1)
    host = "www.harbourmuseum.example"
    sender = f"noreply@{host}"
    code = _bcrypt64("pw-forgot-0", 22)
    token = _bcrypt64("pw-token", 40)
    from urllib.parse import quote

    url = f"https://{host}/processwire/login/?forgot=1&u=1043&t={quote(token, safe='')}"

    def body(is_html: bool) -> str:
        p, _p = ("<p>", "</p>\n\n") if is_html else ("", "\n\n")
        c = f"<code>{code}</code>" if is_html else code
        u = f"<a href='{url}'>{url}</a>" if is_html else url
        out = p + s_code.replace("%s", c) + _p + p + s1 + _p + p + u + _p + p + s2 + _p
        return f"<html><head></head><body>{out}</body></html>" if is_html else out

    items = []
    raw = message(sender=sender, subject=subject, text=body(False), html_part=body(True), sent=SENT)
    items.append(
        _item(
            "processwire-forgotpassword-en",
            "processwire-forgotpassword",
            "processwire",
            "en",
            "saas-otp",
            code,
            PW,
            path,
            "___renderEmailBody rendered as text and as HTML (step2_sendEmail), English source strings",
            raw,
            "22-character verification code the reset form asks to type or paste, plus a reset URL with its own token",
        )
    )

    e1 = re.search(
        r"\$this->_\('(You requested a password reset for your account at %s\.)'\)", src
    ).group(1)
    e2 = re.search(r"\$this->_\('(The system is unable to complete[^']*)'\)", src).group(1)
    e3 = re.search(r"\$this->_\('(Please contact the administrator[^']*)'\)", src).group(1)
    reason = re.search(
        r"\$this->_\('(User is not allowed to login per site configuration)'\)", src
    ).group(1)
    ebody = e1.replace("%s", host) + " " + e2 + f"\n\n{reason}\n\n" + e3 + "\n\n"
    raw = message(sender=sender, subject=subject, text=ebody, html_part=None, sent=SENT)
    items.append(
        _item(
            "processwire-forgotpassworderror-en",
            "processwire-forgotpassworderror",
            "processwire",
            "en",
            "notice",
            None,
            PW,
            path,
            "___renderErrorEmailBody with an allowUser() reason, text only (step2_sendErrorEmail)",
            raw,
            "password reset refused notice",
        )
    )
    return items


# ---------------------------------------------------------------------------------------
# Grav login plugin


def _vsprintf(s: str, args: list[str]) -> str:
    def sub(m: re.Match[str]) -> str:
        return args[int(m.group(1)) - 1] if m.group(1) else sub.args.pop(0)

    sub.args = list(args)  # type: ignore[attr-defined]
    return re.sub(r"%(?:(\d+)\$)?s", sub, s)


def _from_html(content: str) -> str:
    # Twig's replace filter is strtr: longest key first
    table = {
        "<br>": "\n",
        "<br/>": "\n",
        "<br />": "\n",
        "<p>": "",
        "</p>": "\n\n",
        "<h1>": "",
        "<h2>": "",
        "<h3>": "",
        "</h1>": "\n\n",
        "</h2>": "\n\n",
        "</h3>": "\n\n",
        "<ul>": "\n",
        "</ul>": "\n",
        "<ol>": "\n",
        "</ol>": "\n",
        "<li>": " * ",
        "</li>": "\n",
        "<div>": "",
        "</div>": "\n\n",
        "&nbsp;": " ",
    }
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(k) for k in keys))
    content = pattern.sub(lambda m: table[m.group(0)], content)
    content = re.sub(r"<[^>]*>", "", content)  # striptags
    return content.strip()


def grav(mirrors: Path) -> list[dict[str, Any]]:
    en = yaml.safe_load(_show(mirrors, GRAV, "languages/en.yaml"))["PLUGIN_LOGIN"]
    site = {
        "en": "Alpine Hut Booking",
        "de": "Almhütten-Buchung",
        "fr": "Réservation de refuges",
        "es": "Reservas de refugios",
        "ru": "Бронирование приютов",
    }
    host = "huts.alpine-booking.example"
    author = "Lena Hofer"
    items = []
    plan = [
        ("activate", "en"),
        ("activate", "de"),
        ("activate", "fr"),
        ("reset-password", "en"),
        ("reset-password", "es"),
        ("reset-password", "ru"),
    ]
    for template, lang in plan:
        strings = dict(en)
        if lang != "en":
            strings.update(
                yaml.safe_load(_show(mirrors, GRAV, f"languages/{lang}.yaml"))["PLUGIN_LOGIN"]
            )
        t = lambda k, *a: _vsprintf(strings[k], list(a))  # noqa: E731, B023
        name = site[lang]
        fullname = "Noor Tester"
        warn = _from_html(t("HOST_WARNING", host))
        if template == "activate":
            tok = _hex(f"grav-act-{lang}", 32)
            link = f"https://{host}/activate_user/token:{tok}::1797328867/username:noor"
            subject = t("ACTIVATION_EMAIL_SUBJECT", name)
            body = (
                warn
                + "\n\n"
                + _from_html(t("ACTIVATION_EMAIL_BODY", fullname, link, name, author))
                + "\n\n"
                + link
            )
            note = "account activation by link only"
        else:
            tok = _hex(f"grav-reset-{lang}", 32)
            link = f"https://{host}/reset_password/task:login.reset/token:{tok}/user:noor"
            subject = t("FORGOT_EMAIL_SUBJECT", name)
            body = (
                warn
                + "\n\n"
                + _from_html(t("FORGOT_EMAIL_BODY", fullname, link, author, name))
                + "\n\n"
                + link
            )
            note = "password reset by link only"
        raw = message(
            sender=f'"{name}" <noreply@alpine-booking.example>',
            subject=subject,
            text=body,
            html_part=None,
            sent=SENT,
        )
        tid = template.replace("-", "")
        items.append(
            _item(
                f"grav-{tid}-{lang}",
                f"grav-{tid}",
                "grav",
                lang,
                "notice",
                None,
                GRAV,
                f"templates/emails/login/{template}.txt.twig, templates/emails/login/_text-utils.txt.twig, languages/{lang}.yaml",
                "txt.twig filled by hand: |t as vsprintf of the language string (English fallback), from_html macro; text/plain part only",
                raw,
                note,
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# Sulu


def _scheb_digits(
    seed: str, n: int = 4
) -> str:  # scheb/2fa DefaultCodeGenerator: random_int(10**(n-1), 10**n - 1)
    lo = 10 ** (n - 1)
    return str(lo + int.from_bytes(_seed(seed)[:8], "big") % (10**n - lo))


def sulu(mirrors: Path) -> list[dict[str, Any]]:
    views = "src/Sulu/Bundle/SecurityBundle/Resources/views/mail_templates"
    html_t = _show(mirrors, SULU, f"{views}/two_factor.html.twig")
    text_t = _show(mirrors, SULU, f"{views}/two_factor.txt.twig")
    reset_t = _show(mirrors, SULU, f"{views}/reset_password.html.twig")
    trans_expr = "{{ 'sulu_admin.two_factor_email_text'|trans({'%codeLength%': auth_code|length}, domain='admin') }}"
    reset_expr = (
        "{{ translation_domain ? message|default('sulu_security.reset_mail_message')"
        "|trans({}, translation_domain) : message }}"
    )
    assert trans_expr in html_t and trans_expr in text_t and reset_expr in reset_t
    sender = "cms-admin@hafen-kultur.example"
    items = []
    for lang in ("en", "de"):
        adm = json.loads(
            _show(
                mirrors,
                SULU,
                f"src/Sulu/Bundle/AdminBundle/Resources/translations/admin.{lang}.json",
            )
        )
        sec = json.loads(
            _show(
                mirrors,
                SULU,
                f"src/Sulu/Bundle/SecurityBundle/Resources/translations/admin.{lang}.json",
            )
        )
        code = _scheb_digits(f"sulu-2fa-{lang}")
        text = adm["sulu_admin.two_factor_email_text"].replace("%codeLength%", str(len(code)))
        body_h = html_t.replace(trans_expr, html.escape(text)).replace("{{ auth_code }}", code)
        body_t = text_t.replace(trans_expr, text).replace("{{ auth_code }}", code)
        raw = message(
            sender=sender,
            subject=adm["sulu_admin.two_factor_email_subject"],
            text=body_t,
            html_part=body_h,
            sent=SENT,
        )
        items.append(
            _item(
                f"sulu-twofactor-{lang}",
                "sulu-twofactor",
                "sulu",
                lang,
                "saas-otp",
                code,
                SULU,
                f"{views}/two_factor.html.twig, {views}/two_factor.txt.twig, src/Sulu/Bundle/AdminBundle/Resources/translations/admin.{lang}.json, src/Sulu/Bundle/SecurityBundle/TwoFactor/AuthCodeMailer.php",
                "Twig expressions filled by hand as AuthCodeMailer renders them (trans with %codeLength%), HTML and text parts",
                raw,
                "admin login code by e-mail (scheb/2fa e-mail provider, default length of 4 digits: config/packages/scheb_2fa.yaml sets none)",
            )
        )
        tok = base64.urlsafe_b64encode(_seed(f"sulu-reset-{lang}")[:32]).decode().rstrip("=")
        url = f"https://cms.hafen-kultur.example/admin/#/?forgotPasswordToken={tok}"
        body = reset_t.replace(reset_expr, html.escape(sec["sulu_security.reset_mail_message"]))
        body = body.replace("{{ reset_url }}", html.escape(url)).strip()
        raw = message(
            sender=sender,
            subject=sec["sulu_security.reset_mail_subject"],
            text=None,
            html_part=body,
            sent=SENT,
        )
        items.append(
            _item(
                f"sulu-resetpassword-{lang}",
                "sulu-resetpassword",
                "sulu",
                lang,
                "notice",
                None,
                SULU,
                f"{views}/reset_password.html.twig, src/Sulu/Bundle/SecurityBundle/Resources/translations/admin.{lang}.json, src/Sulu/Bundle/SecurityBundle/Controller/ResettingController.php",
                "Twig expressions filled by hand as ResettingController::getMessage renders them (trimmed), HTML only",
                raw,
                "password reset link only (token in the URL fragment)",
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# CMS Made Simple TwoFactor module


def cmsms(mirrors: Path) -> list[dict[str, Any]]:
    tpl = _show(mirrors, CMSMS, "templates/orig_email_verification.tpl")
    items = []
    for lang, path in (
        ("en", "lang/en_US.php"),
        ("de", "lang/ext/de_DE.php"),
        ("he", "lang/ext/he_IL.php"),
    ):
        strings = _php_single(_show(mirrors, CMSMS, path), "lang")
        code = _digits(f"cmsms-{lang}", 6)
        body = tpl.replace("{$user->username}", "noor").replace("{$code}", code)
        raw = message(
            sender="CMS Made Simple <noreply@gallery-norden.example>",
            subject=strings["email_subject"],
            text=None,
            html_part=body,
            sent=SENT,
        )
        items.append(
            _item(
                f"cmsms-emailverification-{lang}",
                "cmsms-emailverification",
                "cmsms",
                lang,
                "saas-otp",
                code,
                CMSMS,
                f"templates/orig_email_verification.tpl, lib/class.TwoFactorProviderEmail.php, {path}",
                "Smarty variables {$user->username} / {$code} filled by hand; HTML only (cms_mailer IsHTML); subject from the admin language file",
                raw,
                "the module's default template is English only; only the subject follows the language",
            )
        )
    return items


def _digits(seed: str, n: int) -> str:
    return f"{int.from_bytes(_seed(seed)[:8], 'big') % 10**n:0{n}d}"


# ---------------------------------------------------------------------------------------
# TYPO3 extensions


def _xlf(text: str, target: bool) -> dict[str, str]:
    out = {}
    for m in re.finditer(r'<trans-unit id="([^"]+)"[^>]*>(.*?)</trans-unit>', text, re.S):
        tag = "target" if target else "source"
        t = re.search(rf"<{tag}>(.*?)</{tag}>", m.group(2), re.S)
        if t:
            v = t.group(1)
            c = re.fullmatch(r"\s*<!\[CDATA\[(.*?)\]\]>\s*", v, re.S)
            out[m.group(1)] = c.group(1) if c else html.unescape(v)
    return out


def typo3_backend(mirrors: Path) -> list[dict[str, Any]]:
    layout = _show(mirrors, T3BE, "Resources/Private/Layout/Email/MfaEmail.html")
    layout_txt = _show(mirrors, T3BE, "Resources/Private/Layout/Email/MfaEmail.txt")
    tpl = _show(mirrors, T3BE, "Resources/Private/Templates/Email/MfaEmail.html")
    tpl_txt = _show(mirrors, T3BE, "Resources/Private/Templates/Email/MfaEmail.txt")
    main = re.search(r'<f:section name="Main">(.*?)</f:section>', tpl, re.S).group(1)
    main_txt = re.search(r'<f:section name="Main">(.*?)</f:section>', tpl_txt, re.S).group(1)
    render = '<f:render section="Main" arguments="{\'email\':email, \'authCode\': authCode}" optional="true" />'
    render_txt = "<f:render section=\"Main\" arguments=\"{'email':email, 'authCode': authCode}\" />"
    assert render in layout and render_txt in layout_txt
    email = "noor.tester@example.com"
    items = []
    for lang, path, target in (
        ("en", "Resources/Private/Language/locallang.xlf", False),
        ("de", "Resources/Private/Language/de.locallang.xlf", True),
    ):
        ll = _xlf(_show(mirrors, T3BE, path), target)
        code = _digits(f"typo3-be-{lang}", 6)

        def tr(key: str, *args: str) -> str:
            return ll[key].rstrip() % args if args else ll[key].rstrip()  # noqa: B023

        def nl2br(s: str) -> str:
            return html.escape(s).replace("\n", "<br />\n")

        m = main
        m = m.replace(
            "{f:translate(key: 'mail.maintitle', extensionName: 'mfa_email')}",
            html.escape(tr("mail.maintitle")),
        )
        m = m.replace(
            "<f:format.nl2br>{f:translate(key: 'mail.mainmessage', extensionName: 'mfa_email', arguments: {0: email}, default: '')}</f:format.nl2br>",
            nl2br(tr("mail.mainmessage", email)),
        )
        m = m.replace("{authCode}", code)
        page = layout.replace(render, m)
        page = page.replace(
            "<f:format.nl2br>{f:translate(key: 'mail.signature', extensionName: 'mfa_email', default: '')}</f:format.nl2br>",
            nl2br(tr("mail.signature")),
        )
        page = re.sub(
            r"<html\s[^>]*data-namespace-typo3-fluid=\"true\">\n?", "", page
        )  # Fluid drops this tag
        page = page.replace("</html>", "")
        assert "f:" not in page.replace("xmlns:f", "")
        t = main_txt
        t = t.replace(
            "<f:format.stripTags>{f:translate(key: 'mail.mainmessage', extensionName: 'mfa_email', arguments: {0: email}, default: '')}</f:format.stripTags>",
            tr("mail.mainmessage", email),
        )
        t = t.replace("<f:format.raw>{authCode}</f:format.raw>", code)
        t = t.replace(
            "<f:format.stripTags>{f:translate(key: 'mail.signature', extensionName: 'mfa_email', default: '')}</f:format.stripTags>",
            tr("mail.signature"),
        )
        text = layout_txt.replace(render_txt, t)
        subject = tr("mail.titlesuffix", code)
        raw = message(
            sender="Stadtwerke Redaktion <typo3@stadtwerke-nord.example>",
            subject=subject,
            text=text,
            html_part=page,
            sent=SENT,
        )
        items.append(
            _item(
                f"typo3mfaemail-backend-{lang}",
                "typo3mfaemail-backend",
                "typo3mfaemail",
                lang,
                "saas-otp",
                code,
                T3BE,
                f"Classes/Mfa/MailProvider.php, Resources/Private/Layout/Email/MfaEmail.html, Resources/Private/Layout/Email/MfaEmail.txt, Resources/Private/Templates/Email/MfaEmail.html, Resources/Private/Templates/Email/MfaEmail.txt, {path}",
                "Fluid FluidEmail filled by hand: Main section into the layout, f:translate from the XLIFF (trailing whitespace of CDATA units trimmed), nl2br/stripTags, html tag with data-namespace-typo3-fluid dropped; HTML and text parts, subject from the Subject section",
                raw,
                "TYPO3 backend MFA code by e-mail; the code is also in the subject",
            )
        )
    return items


def typo3_frontend(mirrors: Path) -> list[dict[str, Any]]:
    src = _show(mirrors, T3FE, "Classes/Service/MailService.php")
    assert "'    ' . $code" in src
    items = []
    for lang, path, target in (
        ("en", "Resources/Private/Language/locallang.xlf", False),
        ("de", "Resources/Private/Language/de.locallang.xlf", True),
    ):
        ll = _xlf(_show(mirrors, T3FE, path), target)
        code = _digits(f"typo3-fe-{lang}", 6)
        site = ll["defaults.siteName"]
        name = "Noor Tester"
        greeting = ll["mail.greeting.named"] % name
        validity = ll["mail.body.validity"].replace(
            "%d", "6"
        )  # ceil(CODE_VALIDITY_SECONDS 360 / 60)
        text = "\n\n".join(
            [
                greeting,
                ll["mail.body.intro"] % site,
                "    " + code,
                validity,
                ll["mail.body.security"],
            ]
        )
        h = html.escape
        body = (
            "<!DOCTYPE html>"
            f'<html lang="{lang}"><head><meta charset="utf-8"></head>'
            '<body style="font-family: Arial, Helvetica, sans-serif; color: #333; '
            'max-width: 500px; margin: 0 auto; padding: 20px;">'
            '<div style="border-bottom: 3px solid #003366; padding-bottom: 15px; margin-bottom: 20px;">'
            f'<strong style="color: #003366; font-size: 18px;">{h(site)}</strong>'
            "</div>"
            f"<p>{h(greeting)}</p>"
            f"<p>{h(ll['mail.body.lead'])}</p>"
            '<div style="font-size: 36px; font-weight: bold; letter-spacing: 10px; '
            "text-align: center; padding: 25px; background: #f0f4f8; "
            "border: 2px solid #003366; border-radius: 8px; margin: 25px 0; "
            f'color: #003366;">{h(code)}</div>'
            f"<p>{h(validity)}</p>"
            '<hr style="border: none; border-top: 1px solid #ddd; margin: 25px 0;">'
            f'<p style="color: #888; font-size: 12px;">{h(ll["mail.body.security"])}</p>'
            "</body></html>"
        )
        assert body.count("<p") == 4
        subject = ll["mail.subject.withPrefix"] % "Login"
        raw = message(
            sender="noreply@vereinsportal.example",
            subject=subject,
            text=text,
            html_part=body,
            sent=SENT,
        )
        items.append(
            _item(
                f"typo3mfaemail-frontend-{lang}",
                "typo3mfaemail-frontend",
                "typo3mfaemail",
                lang,
                "saas-otp",
                code,
                T3FE,
                f"Classes/Service/MailService.php, Classes/Service/CodeService.php, {path}",
                "MailService::sendCode reproduced (its sprintf HTML and implode text) with the XLIFF strings, default extension configuration (prefix Login, no site name, no signature)",
                raw,
                "TYPO3 frontend-user login code",
            )
        )
    return items


# ---------------------------------------------------------------------------------------
# Movable Type MFA-Email plugin


def movabletype(mirrors: Path) -> list[dict[str, Any]]:
    tmpl = _show(mirrors, MTMFA, "plugins/MFA-Email/tmpl/email.tmpl")
    pm = _show(mirrors, MTMFA, "plugins/MFA-Email/lib/MT/Plugin/MFA/Email.pm")
    subject = re.search(r"translate\('([^']*)'\)", pm).group(1)
    code = _digits("mt-mfa", 6)
    body = re.sub(r'<__trans phrase="([^"]*)" />', r"\1", tmpl).replace(
        '<mt:Var name="token" />', code
    )
    raw = message(
        sender="Movable Type <mt@blog-redaktion.example>",
        subject=subject,
        text=body,
        html_part=None,
        sent=SENT,
    )
    return [
        _item(
            "mtmfaemail-token-en",
            "mtmfaemail-token",
            "mtmfaemail",
            "en",
            "saas-otp",
            code,
            MTMFA,
            "plugins/MFA-Email/tmpl/email.tmpl, plugins/MFA-Email/lib/MT/Plugin/MFA/Email.pm",
            "MT template tags filled by hand (__trans phrase as is, the plugin ships no translations; mt:Var token), text/plain as MT::Mail sends it",
            raw,
            "six-digit sign-in security token",
        )
    ]


# ---------------------------------------------------------------------------------------
# Flarum (1.x plain-text mails)


def flarum(mirrors: Path) -> list[dict[str, Any]]:
    core_en = yaml.safe_load(_show(mirrors, FLARUM, "framework/core/locale/core.yml"))["core"][
        "email"
    ]
    subs_en = yaml.safe_load(_show(mirrors, FLARUM, "extensions/subscriptions/locale/en.yml"))[
        "flarum-subscriptions"
    ]["email"]
    susp_en = yaml.safe_load(_show(mirrors, FLARUM, "extensions/suspend/locale/en.yml"))[
        "flarum-suspend"
    ]["email"]
    forum = "Trailrunners Nord"
    base = "https://forum.trailrunners-nord.example"
    sender = f'"{forum}" <noreply@trailrunners-nord.example>'
    content = {
        "en": "Route for Saturday: 21.5 km, start 08:45 at car park P3 (Waldweg 12). Entry fee 8 EUR, bib numbers 1040-1120 collect at the hut.",
        "pl": "Trasa na sobotę: 21,5 km, start 08:45 na parkingu P3 (Waldweg 12). Wpisowe 8 EUR, numery startowe 1040-1120 do odbioru w schronisku.",
        "ja": "土曜日のコース：21.5 km、8時45分に駐車場P3（Waldweg 12）からスタート。参加費8ユーロ、ゼッケン番号1040〜1120は小屋で受け取ってください。",
    }
    title = {
        "en": "Saturday long run 12/12",
        "pl": "Sobotni długi bieg 12.12",
        "ja": "12月12日 土曜ロング走",
    }
    reason = {
        "en": "Repeated advertising for a shoe shop (3 warnings, last on 2026-11-28).",
        "ja": "靴店の宣伝を繰り返したため（警告3回、最終 2026-11-28）。",
    }
    plan = [
        ("activate", "en"),
        ("activate", "pl"),
        ("activate", "ja"),
        ("newpost", "en"),
        ("newpost", "pl"),
        ("newpost", "ja"),
        ("suspended", "en"),
        ("suspended", "ja"),
    ]
    items = []
    for template, lang in plan:
        if lang == "en":
            src, core, subs, susp = FLARUM, core_en, subs_en, susp_en
            paths = {
                "activate": "framework/core/locale/core.yml, framework/core/src/User/AccountActivationMailerTrait.php",
                "newpost": "extensions/subscriptions/locale/en.yml, extensions/subscriptions/views/emails/newPost.blade.php",
                "suspended": "extensions/suspend/locale/en.yml, extensions/suspend/views/emails/suspended.blade.php",
            }
        else:
            src = FLARUM_LANG[lang]
            core = yaml.safe_load(_show(mirrors, src, "locale/core.yml"))["core"]["email"]
            subs = yaml.safe_load(_show(mirrors, src, "locale/flarum-subscriptions.yml"))[
                "flarum-subscriptions"
            ]["email"]
            susp = yaml.safe_load(_show(mirrors, src, "locale/flarum-suspend.yml"))[
                "flarum-suspend"
            ]["email"]
            paths = {
                "activate": "locale/core.yml",
                "newpost": "locale/flarum-subscriptions.yml",
                "suspended": "locale/flarum-suspend.yml",
            }
        if template == "activate":
            tok = _alnum(f"flarum-act-{lang}", 40)
            data = {"{username}": "noor", "{url}": f"{base}/confirm/{tok}", "{forum}": forum}
            subject, body = core["activate_account"]["subject"], core["activate_account"]["body"]
            kind, note = "notice", "account activation by link only"
        elif template == "newpost":
            data = {
                "{recipient_display_name}": "noor",
                "{poster_display_name}": "jens_k",
                "{title}": title[lang],
                "{url}": f"{base}/d/318-saturday-long-run/27",
                "{content}": content[lang],
            }
            subject, body = subs["new_post"]["subject"], subs["new_post"]["body"]
            kind, note = "notice", "reply notification quoting a post full of numbers"
        else:
            data = {"{recipient_display_name}": "noor", "{suspension_message}": reason[lang]}
            subject, body = susp["suspended"]["subject"], susp["suspended"]["body"]
            kind, note = "notice", "suspension notice with a reason and a date"
        for k, v in data.items():
            subject, body = subject.replace(k, v), body.replace(k, v)
        raw = message(sender=sender, subject=subject, text=body, html_part=None, sent=SENT)
        rend = "translation string filled as Flarum 1.x's translator does ({placeholder} replaced), sent as plain text (SendRawEmailJob / the text view)"
        if lang != "en":
            rend += "; body and subject from the language pack, layout of flarum/framework 1.x"
        items.append(
            _item(
                f"flarum-{template}-{lang}",
                f"flarum-{template}",
                "flarum",
                lang,
                kind,
                None,
                src,
                paths[template],
                rend,
                raw,
                note,
            )
        )
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = (
        mybb(args.mirrors)
        + smf(args.mirrors)
        + processwire(args.mirrors)
        + grav(args.mirrors)
        + sulu(args.mirrors)
        + cmsms(args.mirrors)
        + typo3_backend(args.mirrors)
        + typo3_frontend(args.mirrors)
        + movabletype(args.mirrors)
        + flarum(args.mirrors)
    )
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code -> {OUT}")


if __name__ == "__main__":
    main()
