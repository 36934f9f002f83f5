"""Round 27 (forums): a federated social network, two forums and a church membership system.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_forums.py \\
        --mirrors /work/.mirror

Needs nothing beyond the standard library (the gettext catalogues are read by a small ``.po``
reader below, fuzzy entries left out as ``msgfmt`` does). No PHP or Java is run: each sender's
few string steps are redone here and named per repository.

- diogogithub/gnu-social (GNU social, AGPL-3.0-or-later), branch ``1.20.x`` at commit
  ``GNUSOCIAL_COMMIT`` (the last PHP 1.x/2.x line, with 60-odd catalogues). ``lib/mail.php``
  builds every mail as one text body: ``mail_send()`` sets ``Content-Type: text/plain;
  charset=UTF-8`` and hands the headers to PEAR Mail; ``mail_to_user()`` adds Date, From
  (``mail_notify_from()``: ``"<site name>" <noreply@<server>>``), To and Subject. Mails here:
  ``mail_confirm_sms()`` (called by ``actions/smssettings.php`` with
  ``common_confirmation_code(40)``: 8 characters of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``,
  ``lib/util.php``; the SMS settings page asks to "Enter the code you received on your
  phone", so the code is labelled), the e-mail address confirmation of
  ``classes/Confirm_address.php`` (a link only), the password recovery of
  ``classes/User.php`` (``recoverPassword``; English body, "@todo FIXME: needs i18n", subject
  translated; link only), and the notices ``mail_notify_nudge()`` and
  ``mail_subscribe_notify_profile()`` with ``mail_profile_block()`` and ``mail_footer_block()``.
  Strings are taken from ``locale/<lang>/LC_MESSAGES/statusnet.po`` (every msgid used is
  checked against ``locale/statusnet.pot``); a language is used for a template only where its
  catalogue translates every string of that template; PHP ``sprintf`` (``%s``, ``%1$s``) is
  redone in ``_php_sprintf``. URLs are those of ``lib/router.php`` with ``fancy`` URLs on,
  https. The mail is written by ``collect.message()`` (same headers' text, the UTF-8 text part
  encoded as Python's email package does where PEAR sends it 8bit; the ``X-StatusNet-*``
  headers of ``_mail_prepare_headers`` are left out).
- atjiu/pybbs (AGPL-3.0-only), commit ``PYBBS_COMMIT``: ``EmailService.sendEmail()``
  (``config/service/EmailService.java``, JavaMail) sends one ``text/html;charset=UTF-8`` body,
  subject ``title + " - " + <site name>``, From the bare ``mail_username``. ``CodeService``
  replaces ``${code}`` with ``StringUtil.randomNumber(6)`` (six digits). Mails: the e-mail
  verification code of ``IndexApiController.sendEmailCode`` (labelled), the activation link of
  ``SettingsApiController.sendActiveEmail`` (code only inside the link: null; its title is
  formatted with ``base_url``, as the code does), and the notices of ``CollectService`` and
  ``CommentService`` (reply, comment). Site name ``朋也社区`` as the default of
  ``db/migration/V1__initialize.sql``. Chinese only (the strings are literals in the code).
- tbar0970/jethro-pmm (Jethro, church management, GPL-3.0-only), commit ``JETHRO_COMMIT``:
  SwiftMailer messages of ``members/include/member_user_system.class.php`` (member account
  activation: ``setBody($text)`` plus ``addPart($html, 'text/html')``, a link with a
  ``generate_random_string(32)`` hash; the admin notes for a multi-family or unknown address,
  text only) and ``include/user_system.class.php`` (``_notifySysAdmins`` when 2-factor SMS
  codes cannot be sent; text only). Subject ``MEMBER_REGO_EMAIL_SUBJECT`` default from
  ``include/installer.class.php``. English only; none gives a code.
- punbb/punbb (PunBB 1.4, GPL-2.0-or-later), commit ``PUNBB_COMMIT``: ``forum_mail()``
  (``include/email.php``) writes its own headers (From and Subject as ``=?UTF-8?B?..?=``,
  ``Content-transfer-encoding: 8bit``, ``X-Mailer: PunBB Mailer``, CRLF lines), redone here
  byte for byte with ``To`` and ``Subject`` first as PHP ``mail()`` puts them. Templates
  ``lang/English/mail_templates/{welcome,activate_password,activate_email}.tpl`` (first line
  the subject), filled as ``include/functions.php`` (``add_user``), ``login.php`` and
  ``profile.php`` do, keys from ``random_key(8, true)``. Links only; English only.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

from collect import HERE, message

ROUND = HERE / "round27" / "forums.json"
GNUSOCIAL = "diogogithub/gnu-social"
GNUSOCIAL_COMMIT = "ea647d80eeb1c51c52471ae4daec993ea963629f"
PYBBS = "atjiu/pybbs"
PYBBS_COMMIT = "fa120a461f3ff2ce0f42a9b95f81059a41e17e1f"
JETHRO = "tbar0970/jethro-pmm"
JETHRO_COMMIT = "492987994f1d74a41a0b55d854eb827168804187"
PUNBB = "punbb/punbb"
PUNBB_COMMIT = "b20a80ae87ec5285df5d0e0de1bb64e5923e603f"

ITEMS: list[dict] = []


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


def _pick(alphabet: str, n: int, seed: str) -> str:
    """n characters of alphabet, fixed by seed (a value of the generator's shape)."""
    digest = hashlib.sha256(seed.encode()).digest()
    while len(digest) < n:
        digest += hashlib.sha256(digest).digest()
    return "".join(alphabet[b % len(alphabet)] for b in digest[:n])


# ---------------------------------------------------------------------------------------
# gettext catalogues


def _po_unquote(s: str) -> str:
    out = []
    i = 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append(escapes.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def _read_po(text: str, *, keep_empty: bool = False) -> dict[str, str]:
    """msgid -> msgstr of the translated, non-fuzzy singular entries (as msgfmt keeps them)."""
    catalogue: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        fuzzy = False
        fields: dict[str, list[str]] = {}
        current = None
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            m = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
            if m:
                current = m.group(1)
                fields[current] = [m.group(2)]
            elif line.startswith('"') and current:
                fields[current].append(line[1:-1])
        if (
            (fuzzy and not keep_empty)
            or "msgid" not in fields
            or "msgctxt" in fields
            or "msgid_plural" in fields
        ):
            continue
        msgid = _po_unquote("".join(fields["msgid"]))
        msgstr = _po_unquote("".join(fields.get("msgstr", [""])))
        if msgid and (msgstr or keep_empty):
            catalogue[msgid] = msgstr
    return catalogue


def _php_sprintf(fmt: str, *args: str) -> str:
    position = iter(range(len(args)))

    def sub(m: re.Match) -> str:
        if m.group(0) == "%%":
            return "%"
        index = int(m.group(1)) - 1 if m.group(1) else next(position)
        return str(args[index])

    return re.sub(r"%%|%(?:(\d+)\$)?[sd]", sub, fmt)


# ---------------------------------------------------------------------------------------
# GNU social

GS_SITE = "Fediverse Commons"
GS_SERVER = "social.example.org"
GS_URL = f"https://{GS_SERVER}"
GS_FROM = f'"{GS_SITE}" <noreply@{GS_SERVER}>'

S_SMS_SUBJECT = "SMS confirmation"
S_SMS_BODY = "%s: confirm you own this phone number with this code:"
S_CONFIRM_SUBJECT = "Email address confirmation"
S_CONFIRM_BODY = (
    "Hey, %1$s.\n\n"
    "Someone just entered this email address on %2$s.\n\n"
    "If it was you, and you want to confirm your entry, use the URL below:\n\n\t%3$s\n\n"
    "If not, just ignore this message.\n\n"
    "Thanks for your time, \n%2$s\n"
)
S_RECOVER_SUBJECT = "Password recovery requested"
S_FOOTER = (
    "Faithfully yours,\n%1$s.\n\n----\nChange your email address or notification options at %2$s"
)
S_NUDGE_SUBJECT = "You have been nudged by %s"
S_NUDGE_BODY = (
    "%1$s (%2$s) is wondering what you are up to these days and is inviting you to post "
    "some news.\n\nSo let's hear from you :)\n\n%3$s\n\nDon't reply to this email; it won't "
    "get to them."
)
S_SUB = "%1$s is now following you on %2$s."
S_PROFILE = "Profile: %s"
S_LOCATION = "Location: %s"
S_BIO = "Bio: %s"
S_BLOCK = (
    "If you believe this account is being used abusively, you can block them from your "
    "subscribers list and report as spam to site administrators at %s."
)

GS_TEMPLATES = {
    "sms-confirm": [S_SMS_SUBJECT, S_SMS_BODY],
    "email-confirm": [S_CONFIRM_SUBJECT, S_CONFIRM_BODY],
    "password-recovery": [S_RECOVER_SUBJECT],
    "nudge": [S_NUDGE_SUBJECT, S_NUDGE_BODY, S_FOOTER],
    "subscribe": [S_SUB, S_PROFILE, S_LOCATION, S_BIO, S_BLOCK, S_FOOTER],
}
GS_LIMIT = {
    "sms-confirm": 30,
    "email-confirm": 10,
    "password-recovery": 2,
    "nudge": 6,
    "subscribe": 6,
}
# notices and links: the larger languages first (the SMS code takes every language in turn)
GS_FIRST = ["en", "de", "fr", "es", "it", "nl", "pt_BR", "ru", "ja", "zh_CN", "pl", "sv", "uk"]
GS_PEOPLE = [
    ("noortester", "Noor Tester"),
    ("matildab", "Matilda Berg"),
    ("kwame", "Kwame Mensah"),
    ("lucia_r", "Lucía Romero"),
]


def _gs_footer(t) -> str:
    return "\n\n" + _php_sprintf(t(S_FOOTER), GS_SITE, f"{GS_URL}/settings/email") + "\n"


def gnusocial(repo: Path) -> None:
    commit = GNUSOCIAL_COMMIT
    pot = _show(repo, commit, "locale/statusnet.pot")
    pot_ids = _read_po(pot, keep_empty=True)
    for strings in GS_TEMPLATES.values():
        for s in strings:
            assert s in pot_ids, s
    folders = [name.split("/")[-1] for name in _ls(repo, commit, "locale/")]
    langs = ["en", *sorted(f for f in folders if "." not in f and f not in ("en", "README"))]
    catalogues: dict[str, dict[str, str]] = {"en": {}}
    for lang in langs[1:]:
        path = f"locale/{lang}/LC_MESSAGES/statusnet.po"
        try:
            catalogues[lang] = _read_po(_show(repo, commit, path))
        except subprocess.CalledProcessError:
            continue
    counts = dict.fromkeys(GS_TEMPLATES, 0)
    minute = 0
    for lang in langs:
        if lang not in catalogues:
            continue
        cat = catalogues[lang]

        def t(s: str, cat=cat) -> str:
            return cat.get(s, s)

        tag = lang.replace("_", "-")
        for template, strings in GS_TEMPLATES.items():
            if counts[template] >= GS_LIMIT[template]:
                continue
            if template != "sms-confirm" and lang not in GS_FIRST:
                continue
            if lang != "en" and not all(s in cat for s in strings):
                continue
            counts[template] += 1
            minute += 7
            sent = datetime(2027, 1, 11, 8, 0, tzinfo=UTC) + timedelta(minutes=minute)
            nick, _name = GS_PEOPLE[minute % len(GS_PEOPLE)]
            code = None
            if template == "sms-confirm":
                code = _pick("23456789ABCDEFGHJKLMNPQRSTUVWXYZ", 8, f"gs-sms-{lang}")
                subject = t(S_SMS_SUBJECT)
                body = _php_sprintf(t(S_SMS_BODY), nick) + "\n\n" + code + "\n\n"
                path = "lib/mail.php,actions/smssettings.php,lib/util.php"
                rendered = (
                    "mail_confirm_sms() of lib/mail.php: translated heading, the "
                    "common_confirmation_code(40) code on its own line; one text/plain part"
                )
                note = (
                    "the code is the Confirm_address code the SMS settings page asks for "
                    "('Enter the code you received on your phone', actions/smssettings.php)"
                )
            elif template == "email-confirm":
                token = _pick("23456789ABCDEFGHJKLMNPQRSTUVWXYZ", 13, f"gs-mail-{lang}")
                subject = t(S_CONFIRM_SUBJECT)
                body = _php_sprintf(
                    t(S_CONFIRM_BODY), nick, GS_SITE, f"{GS_URL}/main/confirmaddress/{token}"
                )
                path = "classes/Confirm_address.php,lib/mail.php"
                rendered = (
                    "Confirm_address::sendEmailConfirmation() through mail_to_user(); "
                    "one text/plain part; the code is only in the link"
                )
                note = None
            elif template == "password-recovery":
                token = _pick("23456789ABCDEFGHJKLMNPQRSTUVWXYZ", 26, f"gs-rec-{lang}")
                subject = t(S_RECOVER_SUBJECT)
                body = (
                    f"Hey, {nick}.\n\nSomeone just asked for a new password for this account "
                    f"on {GS_SITE}.\n\nIf it was you, and you want to confirm, use the URL "
                    f"below:\n\n\t{GS_URL}/main/recoverpassword/{token}\n\nIf not, just "
                    f"ignore this message.\n\nThanks for your time, \n{GS_SITE}\n"
                )
                path = "classes/User.php,lib/mail.php"
                rendered = (
                    "User::recoverPassword(): English body (not translated in the code), "
                    "translated subject, mail_to_user(); link only"
                )
                note = None
            elif template == "nudge":
                other, other_name = GS_PEOPLE[(minute + 1) % len(GS_PEOPLE)]
                subject = _php_sprintf(t(S_NUDGE_SUBJECT), other)
                body = _php_sprintf(
                    t(S_NUDGE_BODY), other_name, other, f"{GS_URL}/{nick}/all"
                ) + _gs_footer(t)
                path = "lib/mail.php"
                rendered = "mail_notify_nudge() with mail_footer_block(); one text/plain part"
                note = None
            else:
                other, other_name = GS_PEOPLE[(minute + 2) % len(GS_PEOPLE)]
                subject = _php_sprintf(t(S_SUB), other_name, GS_SITE)
                block = [
                    "",
                    "",
                    _php_sprintf(t(S_PROFILE), f"{GS_URL}/{other}"),
                    _php_sprintf(t(S_LOCATION), "Tromsø, Norway"),
                    _php_sprintf(t(S_BIO), "Birder, 2 cats, 1 bicycle. Posts at 06:30."),
                    _php_sprintf(t(S_BLOCK), f"{GS_URL}/main/block/4821"),
                    "",
                ]
                body = (
                    _php_sprintf(t(S_SUB), f"{other_name} ({other})", GS_SITE)
                    + "\n".join(block)
                    + _gs_footer(t)
                )
                path = "lib/mail.php"
                rendered = (
                    "mail_subscribe_notify_profile() with mail_profile_block() and "
                    "mail_footer_block(); one text/plain part"
                )
                note = None
            raw = message(sender=GS_FROM, subject=subject, text=body, html_part=None, sent=sent)
            _save(
                source="gnusocial",
                template=template,
                lang=tag,
                kind="notice" if code is None else "saas-otp",
                code=code,
                repository=GNUSOCIAL,
                path=path,
                commit=commit,
                licence="AGPL-3.0-or-later",
                rendered=rendered,
                raw=raw,
                note=note,
            )


# ---------------------------------------------------------------------------------------
# pybbs

PYBBS_NAME = "朋也社区"
PYBBS_BASE = "https://bbs.example.cn"
PYBBS_FROM = "bbs-notify@example.cn"


def pybbs(repo: Path) -> None:
    commit = PYBBS_COMMIT
    sql = _show(repo, commit, "src/main/resources/db/migration/V1__initialize.sql")
    assert f"'name', '{PYBBS_NAME}'" in sql
    api = _show(repo, commit, "src/main/java/co/yiiu/pybbs/controller/api/IndexApiController.java")
    settings = _show(
        repo, commit, "src/main/java/co/yiiu/pybbs/controller/api/SettingsApiController.java"
    )
    collect_src = _show(
        repo, commit, "src/main/java/co/yiiu/pybbs/service/impl/CollectService.java"
    )
    comment_src = _show(
        repo, commit, "src/main/java/co/yiiu/pybbs/service/impl/CommentService.java"
    )

    def java_string(src: str, var: str) -> str:
        return re.search(rf'String {var} = "(.*?)";', src).group(1)

    def literal(src: str, start: str) -> str:
        return re.search('"(' + re.escape(start) + '[^"]*)"', src).group(1)

    code = _pick("0123456789", 6, "pybbs-email-code")
    code_title = literal(api, "感谢注册%s，邮箱验证码")
    code_body = literal(api, "你的验证码是：")
    email = "noor.tester@example.com"
    mails = []
    mails.append((
        "email-code", _php_sprintf(code_title, PYBBS_NAME),
        code_body.replace("${code}", code), code, "saas-otp",
        "src/main/java/co/yiiu/pybbs/controller/api/IndexApiController.java",
        "sendEmailCode: the ${code} of CodeService (StringUtil.randomNumber(6)) in the literal "
        "HTML; EmailService.sendEmail: one text/html part, subject title + ' - ' + site name",
    ))  # fmt: skip
    active_code = _pick("0123456789", 6, "pybbs-active-code")
    mails.append((
        "activate", _php_sprintf(java_string(settings, "title"), PYBBS_BASE),
        _php_sprintf(java_string(settings, "content"), PYBBS_NAME, PYBBS_BASE, email).replace(
            "${code}", active_code),
        None, "notice",
        "src/main/java/co/yiiu/pybbs/controller/api/SettingsApiController.java",
        "sendActiveEmail: title formatted with base_url as the code does, link with the code; "
        "one text/html part",
    ))  # fmt: skip
    topic = "Spring Boot 2.7 升级到 3.2 的踩坑记录（第 3 篇）"
    mails.append((
        "collect-notice", _php_sprintf(java_string(collect_src, "emailTitle"), topic, "matilda"),
        _php_sprintf(java_string(collect_src, "emailContent"), PYBBS_BASE),
        None, "notice",
        "src/main/java/co/yiiu/pybbs/service/impl/CollectService.java",
        "collect notice: String.format of the literals; one text/html part",
    ))  # fmt: skip
    titles = re.findall(r'String emailTitle = "(.*?)";', comment_src)
    contents = re.findall(r'String emailContent = "(.*?)";', comment_src)
    mails.append((
        "reply-notice", _php_sprintf(titles[0], topic, "kwame"),
        _php_sprintf(contents[0], "试了一下，把 jakarta 包名改完后 8080 端口能起来了，谢谢！",
                     PYBBS_BASE, "482"),
        None, "notice",
        "src/main/java/co/yiiu/pybbs/service/impl/CommentService.java",
        "reply notice: String.format of the literals with the comment's HTML; one text/html part",
    ))  # fmt: skip
    mails.append((
        "comment-notice", _php_sprintf(titles[1], "lucia", topic),
        _php_sprintf(contents[1], "<p>第 2 步里的 pom.xml 版本号 3.2.5 可以换成 3.3.0 吗？</p>",
                     PYBBS_BASE, "482"),
        None, "notice",
        "src/main/java/co/yiiu/pybbs/service/impl/CommentService.java",
        "comment notice: String.format of the literals with the comment's HTML; one text/html part",
    ))  # fmt: skip
    for i, (template, title, content, label, kind, path, rendered) in enumerate(mails):
        sent = datetime(2027, 1, 12, 2, 10 + 9 * i, 5, tzinfo=UTC)
        raw = message(
            sender=PYBBS_FROM,
            subject=f"{title} - {PYBBS_NAME}",
            text=None,
            html_part=content,
            sent=sent,
        )
        _save(
            source="pybbs",
            template=template,
            lang="zh",
            kind=kind,
            code=label,
            repository=PYBBS,
            path=path + ",src/main/java/co/yiiu/pybbs/config/service/EmailService.java",
            commit=commit,
            licence="AGPL-3.0-only",
            rendered=rendered,
            raw=raw,
            note=None if template != "activate" else "the code is only inside the link",
        )


# ---------------------------------------------------------------------------------------
# Jethro

JETHRO_SYSTEM = "St Aidan's Parish"
JETHRO_BASE = "https://jethro.staidans.example.org"


def jethro(repo: Path) -> None:
    commit = JETHRO_COMMIT
    members = _show(repo, commit, "members/include/member_user_system.class.php")
    users = _show(repo, commit, "include/user_system.class.php")
    installer = _show(repo, commit, "include/installer.class.php")
    subject = re.search(r"'MEMBER_REGO_EMAIL_SUBJECT','[^']*','text','([^']*)'", installer).group(1)
    body = re.search(r'\$body = "(.*?)";', members, re.S).group(1).replace("\r\n", "\n")
    alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    hash_ = _pick(alnum, 32, "jethro-activation")
    email = "noor.tester@example.com"
    url = f"{JETHRO_BASE}/members/?email={email.replace('@', '%40')}&verify={hash_}"
    text = _php_sprintf(body, "Noor", JETHRO_SYSTEM, "go to " + url)
    html_part = _php_sprintf(
        body.replace("\n", "<br />\n"), "Noor", JETHRO_SYSTEM, f'<a href="{url}">click here</a>.'
    )
    from_rego = f"Parish Office <office@{JETHRO_BASE.split('//')[1]}>"
    from_system = f"{JETHRO_SYSTEM} Jethro System <office@{JETHRO_BASE.split('//')[1]}>"
    mails = [
        ("member-activation", from_rego, subject, text, html_part,
         "members/include/member_user_system.class.php",
         "sendActivationEmail: sprintf of the body, text part and nl2br HTML part "
         "(SwiftMailer setBody + addPart)"),
    ]  # fmt: skip
    auto = f"Hi, \n\nThis is an automated message from the Jethro system at {JETHRO_BASE}.\n\n"
    form = (
        f"Somebody has used the form at {JETHRO_BASE}/members to request member-access to "
        "this Jethro system. \n\n"
    )
    assert "belongs to SEVERAL persons" in members and "no current person record" in members
    mails.append((
        "multi-family", from_system, "Member Account request from multi-family email",
        auto + form + "The email address they specified was smith.family@example.net but this "
        "address belongs to SEVERAL persons from DIFFERENT families.  It therefore can't be "
        "used for member access.\n\nPlease look up this email address in Jethro and contact "
        "the relevant persons to help them solve this problem.\n\n",
        None, "members/include/member_user_system.class.php",
        "handleAccountRequest: the literal text body; one text part",
    ))  # fmt: skip
    mails.append((
        "unknown-email", from_system, "Member Account request from unknown email",
        auto + form + "The email address they specified was j.okafor@example.net but there is "
        "no current person record in the Jethro system with that address. (There could be an "
        "archived record).\n\nIf you believe this person is a church member, please add their "
        "email address to their person record and then ask them to try registering again.\n\n",
        None, "members/include/member_user_system.class.php",
        "handleAccountRequest: the literal text body; one text part",
    ))  # fmt: skip
    sys_intro = (
        "Hi, \n\nThis is an automated message to System Administrators, sent from the Jethro "
        f"system at {JETHRO_BASE}.\n\n"
    )
    blank = re.search(r'"(The user "\.\$_SESSION.*?mobile number\.)"\);', users).group(1)
    down = re.search(r'"(The user "\.\$_SESSION.*?mis-configured\.)"\);', users).group(1)

    def fill(s: str) -> str:
        return re.sub(r'"\.\$_SESSION\[[^.]*\.\s*"', "pbrennan", s)

    for template, msg in (("2fa-blank-mobile", blank), ("2fa-sms-down", down)):
        mails.append((
            template, from_system, f"Jethro SysAdmin notification for {JETHRO_SYSTEM}",
            sys_intro + fill(msg), None, "include/user_system.class.php",
            "_notifySysAdmins: the literal text; one text part",
        ))  # fmt: skip
    for i, (template, sender, subj, txt, html, path, rendered) in enumerate(mails):
        raw = message(
            sender=sender,
            subject=subj,
            text=txt,
            html_part=html,
            sent=datetime(2027, 1, 13, 21, 4 + 6 * i, 30, tzinfo=UTC),
        )
        _save(
            source="jethro",
            template=template,
            lang="en",
            kind="notice",
            code=None,
            repository=JETHRO,
            path=path + ",include/emailer.class.php",
            commit=commit,
            licence="GPL-3.0-only",
            rendered=rendered,
            raw=raw,
            note="2-factor codes go by SMS only; this notice carries none"
            if template.startswith("2fa")
            else None,
        )


# ---------------------------------------------------------------------------------------
# PunBB

PUNBB_TITLE = "Fjord Anglers Forum"
PUNBB_BASE = "https://forum.fjordanglers.example"
PUNBB_WEBMASTER = "webmaster@fjordanglers.example"


def _punbb_mail(subject: str, body: str, sent: datetime) -> bytes:
    from email.utils import format_datetime

    from_name = f"{PUNBB_TITLE} Mailer"
    enc = base64.b64encode
    headers = (
        "To: noor.tester@example.com\r\n"
        f"Subject: =?UTF-8?B?{enc(subject.encode()).decode()}?=\r\n"
        f"From: =?UTF-8?B?{enc(from_name.encode()).decode()}?= <{PUNBB_WEBMASTER}>\r\n"
        f"Date: {format_datetime(sent)}\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-transfer-encoding: 8bit\r\n"
        "Content-type: text/plain; charset=utf-8\r\n"
        "X-Mailer: PunBB Mailer\r\n"
    )
    body = body.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")
    return (headers + "\r\n" + body + "\r\n").encode()


def punbb(repo: Path) -> None:
    commit = PUNBB_COMMIT
    readable = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    jobs = [
        ("welcome", "include/functions.php", "profile.php?action=change_pass&id=%d&key=%s"),
        ("activate_password", "login.php", "profile.php?action=change_pass&id=%d&key=%s"),
        ("activate_email", "profile.php", "profile.php?action=change_email&id=%d&key=%s"),
    ]
    for i, (name, caller, link) in enumerate(jobs):
        tpl = _show(repo, commit, f"lang/English/mail_templates/{name}.tpl").strip()
        first = tpl.index("\n")
        subject = tpl[8:first].strip().replace("<board_title>", PUNBB_TITLE)
        body = tpl[first:].strip()
        key = _pick(readable, 8, f"punbb-{name}")
        body = (
            body.replace("<base_url>", PUNBB_BASE + "/")
            .replace("<username>", "NoorT")
            .replace("<activation_url>", f"{PUNBB_BASE}/" + link % (3107, key))
            .replace("<board_mailer>", f"{PUNBB_TITLE} Mailer")
        )
        raw = _punbb_mail(subject, body, datetime(2027, 1, 14, 17, 20 + 11 * i, 2, tzinfo=UTC))
        _save(
            source="punbb",
            template=name.replace("_", "-"),
            lang="en",
            kind="notice",
            code=None,
            repository=PUNBB,
            path=f"lang/English/mail_templates/{name}.tpl,{caller},include/email.php",
            commit=commit,
            licence="GPL-2.0-or-later",
            rendered="the .tpl filled by str_replace as the caller does; forum_mail() headers "
            "and CRLF body redone byte for byte",
            raw=raw,
            note="the key is only inside the link",
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    gnusocial(args.mirrors / "diogogithub+gnu-social" / "repo")
    pybbs(args.mirrors / "atjiu+pybbs" / "repo")
    jethro(args.mirrors / "tbar0970+jethro-pmm" / "repo")
    punbb(args.mirrors / "punbb+punbb" / "repo")
    ROUND.parent.mkdir(parents=True, exist_ok=True)
    ROUND.write_text(json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n")
    print(len(ITEMS), "mails,", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
