"""Round seven (asia): e-mailed codes and notices of open-source projects from China and India.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r7_asia.py \\
        --halo /work/.mirror/halo-dev+halo/repo \\
        --one-api /work/.mirror/songquanpeng+one-api/repo \\
        --plane /work/.mirror/makeplane+plane/repo \\
        --jumpserver /work/.mirror/jumpserver+jumpserver/repo

- ``--halo``: a git snapshot of halo-dev/halo (GPL-3.0). Its built-in notification
  templates (``application/src/main/resources/extensions/notification-templates.yaml``, all
  ``language: default``, i.e. Simplified Chinese) are filled as Thymeleaf fills them: the
  ``title`` and ``rawBody`` are TEXT-mode templates (``[(${x})]`` prints unescaped), the
  ``htmlBody`` is HTML-mode (``th:text`` escaped, ``th:utext`` raw, ``th:href`` becomes
  ``href``, the ``th:*`` attribute is dropped); the footer that ``EmailNotifier`` appends to
  both bodies is added; the message is built as Spring's ``MimeMessageHelper(multipart=true)``
  builds it (multipart/mixed > related > alternative, text/plain then text/html, UTF-8).
  Codes: six random digits (``RandomStringUtils.randomNumeric(6)`` for e-mail verification,
  valid 10 minutes; ``nextNumeric(CODE_LENGTH=6)`` for the e-mail login code, valid 5).
- ``--one-api``: a git snapshot of songquanpeng/one-api (MIT). Its mails are assembled the
  way ``common/message/email.go`` writes them: one ``text/html; charset=UTF-8`` part, raw
  8-bit, headers To/From/Subject (base64 encoded-word)/Message-ID/Date in that order, no
  MIME-Version; the HTML is ``message.EmailTemplate(title, content)`` with the Go format
  strings read from the snapshot and filled like ``fmt.Sprintf``. The e-mail verification
  code is ``GenerateVerificationCode(6)``: the first six hex digits of a UUID (lower case),
  valid ``VerificationValidMinutes`` = 10; the password reset mail carries a 32-hex token in
  a link only.
- dromara/MaxKey (Apache-2.0, read with ``read_file``): the e-mail OTP of
  ``MailOtpAuthn`` (Spring ``SimpleMailMessage``, plain ASCII text): subject "One Time
  PassWord", ``MessageFormat`` of "{0} You Token is {1} , it validity in {2}  minutes." with
  the user name, six digits from ``StringGenerator(DEFAULT_CODE_NUMBER, 6)`` and
  ``interval / 60`` = 5 (``MailOtpAuthnService`` sets 300 s).
- ``--plane``: a git snapshot of makeplane/plane (AGPL-3.0; Plane Software, Bengaluru). Its
  Django templates under ``apps/api/templates/emails/`` are rendered with Jinja2 (they use
  only ``{{ var }}``, autoescaped as Django does) with the context and subject of the Celery
  task in ``apps/api/plane/bgtasks/``; the text/plain part is made as
  ``plane.utils.email.generate_plain_text_from_html`` makes it (drop ``<style>``, strip
  tags, squeeze blank lines, pad with two newlines), then ``EmailMultiAlternatives``
  (text/plain + text/html alternative). Codes: ``secrets.randbelow(900000) + 100000``.
- ``--jumpserver``: a git snapshot of jumpserver/jumpserver (GPL-3.0). The e-mail MFA code
  (``apps/authentication/mfa/email.py``), the forgot-password code
  (``apps/authentication/api/password.py``) and the different-city login notice
  (``apps/authentication/notifications.py``) and the password-reset-success notice
  (``apps/users/notifications.py``) are rendered from their Django templates with
  the translations of ``apps/i18n/core/<lang>/LC_MESSAGES/django.po`` (fuzzy and empty
  entries fall back to the English msgid, as the compiled catalogue does), ``{% trans %}``
  replaced and ``{{ var }}`` filled by Jinja2 with autoescape. Sent as ``send_mail_async``
  sends them: Django ``send_mail(subject, message, ..., html_message=message)``, so the
  text/plain part is the same HTML source and a text/html alternative follows; no subject
  prefix (``EMAIL_SUBJECT_PREFIX`` has no default). Code: ``random_string(SMS_CODE_LENGTH=4,
  lower=False, upper=False)``, four digits, valid ``VERIFY_CODE_TTL // 60`` = 1 minute.
- dromara/RuoYi-Vue-Plus (MIT): too large to fetch, read with ``read_file``; its two
  ``MailUtils.sendText`` mails are plain text (Hutool ``MailUtil.send`` with ``isHtml`` false),
  strings held inline below with the commit each was read at. The e-mail code is
  ``RandomUtil.randomNumbers(4)`` valid ``Constants.CAPTCHA_EXPIRATION`` = 2 minutes.

What a person reading the mail sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import yaml

CST = timezone(timedelta(hours=8))
HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 18, 9, 41, 7, tzinfo=UTC)
HALO_COMMIT = "38f52f29bfbe236fac2209dc21be40673d558d80"
HALO_PATH = "application/src/main/resources/extensions/notification-templates.yaml"
ONEAPI_COMMIT = "8df4a2670b98266bd287c698243fff327d9748cf"
PLANE_COMMIT = "4ca6d6c7b807ad09bb571af2c43e85bf47c3ec6b"
JMS_COMMIT = "54b5d374e36b17b99d6377997272c648e9978601"
JMS_LANGS = {"en": "en", "zh-CN": "zh", "zh-TW": "zh_Hant", "ja": "ja", "ko": "ko", "vi": "vi"}
MAXKEY_COMMIT = "363703f21ef0332c841bed46017de5cd894f4758"  # MailOtpAuthn.java
MAXKEY_SERVICE_COMMIT = "dc5e77372609957c6a737597f80280750b55832f"  # MailOtpAuthnService.java
MAXKEY_ABSTRACT_COMMIT = "95a7c0daa1c551d584915c8d4f12b2e2557ea7e9"  # AbstractOtpAuthn.java
RVP_CAPTCHA_COMMIT = "049934932dc6312aa416e5fe749b0a02b959c77d"
RVP_FLOW_COMMIT = "029f6a4c116c2a41c8ef11ff189448436490e17b"


def digits(seed: str, n: int) -> str:
    value = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    return f"{value % 10**n:0{n}d}"


def _boundary(seed: str, tag: str) -> str:
    return f"----=_Part_{tag}_" + hashlib.sha256((seed + tag).encode()).hexdigest()[:16]


def build(
    *, sender: str, subject: str, text: str, html_part: str | None, seed: str, django: bool = False
) -> bytes:
    """Spring's ``MimeMessageHelper(msg, true, "UTF-8")`` + ``setText(raw, html)`` gives
    multipart/mixed > multipart/related > multipart/alternative; Hutool's plain-text mail
    is a single text/plain part."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = f"<{hashlib.sha256(seed.encode()).hexdigest()[:24]}@mail.example>"
    if html_part is None:
        msg.set_content(text, subtype="plain", charset="utf-8")
    elif django:  # Django's EmailMultiAlternatives: multipart/alternative
        msg.set_content(text, subtype="plain", charset="utf-8")
        msg.add_alternative(html_part, subtype="html", charset="utf-8")
        msg.set_boundary(_boundary(seed, "0"))
    else:
        alt = EmailMessage()
        alt.set_content(text, subtype="plain", charset="utf-8")
        alt.add_alternative(html_part, subtype="html", charset="utf-8")
        alt.set_boundary(_boundary(seed, "2"))
        del alt["MIME-Version"]
        related = EmailMessage()
        related.set_type("multipart/related")
        related.set_boundary(_boundary(seed, "1"))
        related.attach(alt)
        msg.set_type("multipart/mixed")
        msg.set_boundary(_boundary(seed, "0"))
        msg.attach(related)
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


# ---------------------------------------------------------------------------------------
# Halo (Thymeleaf by hand)


def _expr(expr: str, data: dict[str, str]) -> str:
    expr = expr.strip()
    if expr.startswith("|") and expr.endswith("|"):
        return re.sub(r"\$\{([^}]*)\}", lambda m: _expr(m.group(1), data), expr[1:-1])
    if expr.startswith("${") and expr.endswith("}"):
        expr = expr[2:-1].strip()
    cond = re.fullmatch(r"(\w+) \? (\w+) : (\w+)", expr)
    if cond:
        return data[cond.group(2)] if data[cond.group(1)] == "true" else data[cond.group(3)]
    return data[expr]


def _text_mode(template: str, data: dict[str, str]) -> str:
    return re.sub(r"\[\(\$\{(.*?)\}\)\]", lambda m: _expr(m.group(1), data), template)


def _html_mode(template: str, data: dict[str, str]) -> str:
    def element(match: re.Match[str]) -> str:
        tag, attrs = match.group(1), match.group(2)
        body = None

        def attr(m: re.Match[str]) -> str:
            nonlocal body
            name, value = m.group(1), m.group(2)
            if name == "text":
                body = html.escape(_expr(value, data), quote=False)
                return ""
            if name == "utext":
                body = _expr(value, data)
                return ""
            return f' {name}="{html.escape(_expr(value, data))}"'

        attrs = re.sub(r'\s+th:(\w+)="([^"]*)"', attr, attrs)
        attrs = re.sub(r"\s+$", "", attrs.replace("\n", " "))
        attrs = re.sub(r"\s{2,}", " ", attrs)
        return f"<{tag}{attrs}>{body if body is not None else ''}</{tag}>"

    template = re.sub(r"<(\w+)((?:\s+[\w:-]+=\"[^\"]*\")*\s*)>\s*</\1>", element, template)
    # attributes on elements that keep their own content (the footer's links)
    return re.sub(
        r'th:(href)="([^"]*)"',
        lambda m: f'{m.group(1)}="{html.escape(_expr(m.group(2), data))}"',
        template,
    )


HALO_FOOTER_RAW = """---
如果您不想再收到此类通知，点击链接退订: [(${unsubscribeUrl})]
[(${site.title})]
"""
HALO_FOOTER_HTML = """<div class="footer" style="font-size: 12px; color: #666;">
<a th:href="${site.url}" th:text="${site.title}"></a>
<p class="unsubscribe">
&mdash;<br />请勿直接回复此邮件，
<a th:href="|${site.url}/uc/notifications|">查看通知</a>
或
<a th:href="${unsubscribeUrl}">取消订阅</a>。
</p>
</div>
"""
HALO_SITE = {"site.title": "青柠笔记", "site.url": "https://blog.qingning.example"}
HALO_ITEMS: list[tuple[str, str, str, str | None, str]] = [
    # (template name, item template, kind, code spec, note)
    ("template-email-verification", "email-verification", "saas-otp", "verify",
     "six-digit code in a bold 24px block; subject 邮箱验证, valid 10 minutes"),
    ("template-login-email-code", "login-email-code", "saas-otp", "login",
     "six-digit e-mail login code (OTP) in a bold 24px block, valid 5 minutes"),
    ("template-reset-password-by-email", "reset-password", "notice", None,
     "password reset by link (a long token in the URL), no code to type"),
    ("template-new-device-login", "new-device-login", "notice", None,
     "new-device sign-in alert: time, IP address, OS and browser; no code"),
    ("template-new-comment-on-post", "new-comment-on-post", "notice", None,
     "comment notification quoting a comment with numbers; no code"),
    ("template-someone-replied-to-you", "someone-replied-to-you", "notice", None,
     "reply notification; no code"),
]  # fmt: skip


def halo(repo: Path) -> list[dict[str, Any]]:
    text = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{HALO_COMMIT}:{HALO_PATH}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    docs = {d["metadata"]["name"]: d for d in yaml.safe_load_all(text) if d}
    items = []
    for name, tmpl, kind, spec, note in HALO_ITEMS:
        t = docs[name]["spec"]["template"]
        code = digits(f"halo-{tmpl}", 6) if spec else None
        token = hashlib.sha256(f"halo-reset-{tmpl}".encode()).hexdigest()[:32]
        data = dict(HALO_SITE)
        data.update({
            "username": "noor",
            "subscriber.displayName": "Noor",
            "code": code or "",
            "expirationAtMinutes": "10" if spec == "verify" else "5",
            "unsubscribeUrl": "https://blog.qingning.example/apis/api.notification.halo.run"
                              "/v1alpha1/subscriptions/subscription-7rk2m/unsubscribe"
                              "?token=4f1c2a9be07d45d3a6f8",
            "link": f"https://blog.qingning.example/password-reset/noor?resetToken={token}",
            "os": "Windows 11",
            "browser": "Chrome 131.0.0.0",
            "ipAddress": "203.0.113.58",
            "loginTime": "2026-11-18 17:40:52",
            "commenter": "林晓",
            "postTitle": "2026 年十一月书单：12 本书与 3 个播客",
            "postUrl": "https://blog.qingning.example/archives/reading-list-2026-11",
            "content": "<p>第 7 本我也读过，第 212 页那段很棒。请问 ISBN 978-7-5086-4735-9 是哪个版本？</p>",
            "replier": "王磊",
            "isQuoteReply": "false",
            "quoteContent": "",
            "commentContent": "<p>这篇文章的第 3 节写得很清楚，谢谢分享！</p>",
            "commentSubjectUrl": "https://blog.qingning.example/archives/homelab-2026",
            "commentSubjectTitle": "家庭服务器搭建记录（2026 版）",
        })  # fmt: skip
        if name == "template-new-comment-on-post":
            data["content"] = (
                "第 7 本我也读过，第 212 页那段很棒。请问 ISBN 978-7-5086-4735-9 是哪个版本？"
            )
        if name == "template-someone-replied-to-you":
            data["commentContent"] = "这篇文章的第 3 节写得很清楚，谢谢分享！"
            data["content"] = "谢谢！第 4 节会在 12 月 2 日更新，预计 3000 字左右。"
        subject = _text_mode(t["title"], data)
        raw = _text_mode(t["rawBody"], data) + "\n" + _text_mode(HALO_FOOTER_RAW, data)
        body = _html_mode(t["htmlBody"], data) + "\n" + _html_mode(HALO_FOOTER_HTML, data)
        item_id = f"halo-{tmpl}-zh-CN"
        eml = build(sender="青柠笔记 <no-reply@qingning.example>", subject=subject,
                    text=raw, html_part=body, seed=item_id)  # fmt: skip
        items.append({
            "id": item_id, "group": f"halo-{tmpl}", "source": "halo", "lang": "zh-CN",
            "kind": kind, "code": code, "repository": "halo-dev/halo", "path": HALO_PATH
            + "; application/src/main/java/run/halo/app/notification/EmailNotifier.java",
            "commit": HALO_COMMIT, "licence": "GPL-3.0",
            "rendered": "Thymeleaf TEXT/HTML templates filled by hand-written equivalent "
            "(th:text/utext/href, [(${x})]) with EmailNotifier's footer; Spring "
            "MimeMessageHelper multipart layout, text/plain + text/html",
            "note": note, "_eml": eml,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# one-api (Go format strings from the snapshot)


def _go_literal(source: str, marker: str) -> str:
    """The first Go raw-string literal (backticks) after ``marker``."""
    start = source.index(marker)
    first = source.index("`", start)
    return source[first + 1 : source.index("`", first + 1)]


def _go_sprintf(fmt: str, *args: object) -> str:
    return fmt % args  # %s, %d, %.2f and %% mean the same in Go and Python


def one_api(repo: Path) -> list[dict[str, Any]]:
    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{ONEAPI_COMMIT}:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip

    misc, token, channel = (
        show("controller/misc.go"),
        show("model/token.go"),
        show("monitor/channel.go"),
    )
    layout = _go_literal(show("common/message/template.go"), "return fmt.Sprintf(")
    system = "星河 API"
    code = hashlib.sha256(b"one-api-email-verification").hexdigest()[:6]
    reset_token = hashlib.sha256(b"one-api-password-reset").hexdigest()[:32]
    link = (
        f"https://api.xinghe.example/user/reset?email=noor.tester@example.com&token={reset_token}"
    )
    mails = [
        ("email-verification", "saas-otp", code, f"{system} 邮箱验证邮件",
         _go_sprintf(_go_literal(misc, "邮箱验证邮件"), system, code, 10),
         "controller/misc.go", "six lower-case hex characters (first six of a UUID) in a grey box"),
        ("password-reset", "notice", None, f"{system} 密码重置",
         _go_sprintf(_go_literal(misc, "密码重置\""), system, link, link, 10),
         "controller/misc.go", "reset by button/link; the 32-hex token is only in the URL"),
        ("quota-reminder", "notice", None, "额度提醒",
         _go_sprintf(_go_literal(token, "message.EmailTemplate("), "您的额度即将用尽", 482350,
                     "https://api.xinghe.example/topup", "https://api.xinghe.example/topup"),
         "model/token.go", "quota-low reminder with the remaining quota (482350) and a top-up link"),
        ("channel-disabled", "notice", None, "渠道状态变更提醒",
         _go_sprintf(_go_literal(channel, "func MetricDisableChannel"), 17, 10, 61.54, 80.0),
         "monitor/channel.go", "channel #17 disabled: success rate 61.54% over 10 calls"),
    ]  # fmt: skip
    items = []
    for tmpl, kind, got, subject, content, path, note in mails:
        body = _go_sprintf(layout, subject, content, system)
        item_id = f"one-api-{tmpl}-zh-CN"
        mid = hashlib.sha256(item_id.encode()).hexdigest()[:32]
        head = (
            "To: noor.tester@example.com\r\n"
            f"From: {system}<noreply@xinghe.example>\r\n"
            f"Subject: =?UTF-8?B?{base64.b64encode(subject.encode()).decode()}?=\r\n"
            f"Message-ID: <{mid}@xinghe.example>\r\n"
            f"Date: {SENT.astimezone(CST).strftime('%a, %d %b %Y %H:%M:%S %z')}\r\n"
            "Content-Type: text/html; charset=UTF-8\r\n\r\n"
        )
        # net/smtp's data writer turns the bare LFs of the Go raw strings into CRLF
        eml = (head + body.replace("\r\n", "\n").replace("\n", "\r\n") + "\r\n").encode()
        items.append({
            "id": item_id, "group": f"one-api-{tmpl}", "source": "one-api", "lang": "zh-CN",
            "kind": kind, "code": got, "repository": "songquanpeng/one-api",
            "path": f"{path}; common/message/template.go; common/message/email.go; "
            "common/verification.go", "commit": ONEAPI_COMMIT, "licence": "MIT",
            "rendered": "Go fmt.Sprintf format strings from the snapshot filled in Python, "
            "raw single-part text/html message written as common/message/email.go writes it",
            "note": note, "_eml": eml,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# Plane (Django templates through Jinja2)


def _plane_plain(html_content: str) -> str:
    """``generate_plain_text_from_html``: Django's strip_tags keeps entities as they are."""
    text = re.sub(r"<style[^>]*>.*?</style>", "", html_content, flags=re.S | re.I)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\n\s*\n\s*\n+", "\n\n", text)
    return "\n\n" + text.strip() + "\n\n"


def plane(repo: Path) -> list[dict[str, Any]]:
    import jinja2

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{PLANE_COMMIT}:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip

    env = jinja2.Environment(autoescape=True)
    site = "https://plane.acme-rail.example"
    email = "noor.tester@example.com"
    # secrets.randbelow(900000) + 100000: never a leading zero
    login_code = str(100000 + int(digits("plane-magic-signin", 6)) % 900000)
    update_code = str(100000 + int(digits("plane-email-update", 6)) % 900000)
    uid = base64.urlsafe_b64encode(b"3f9d2c6e-8b1a-4e57-9c0d-5a7e1b2f4c83").decode().rstrip("=")
    reset = f"{site}/accounts/reset-password/?uidb64={uid}&token=cn4q2b-9f3e1a7c5d2b8e6f0a4c1d3b5e7f9a2c&email={email}"
    mails = [
        ("magic-signin", "saas-otp", login_code, f"Your unique Plane login code is {login_code}",
         "auth/magic_signin", {"code": login_code, "email": email}, "magic_link_code_task.py",
         "six-digit login code in a grey chip, also in the subject and the hidden pre-header"),
        ("email-update-code", "saas-otp", update_code, "Verify your new email address",
         "auth/magic_signin", {"code": update_code, "email": email}, "user_email_update_task.py",
         "the sign-in template reused to verify a new address: six-digit code in a chip"),
        ("forgot-password", "notice", None,
         "A new password to your Plane account has been requested", "auth/forgot_password",
         {"first_name": "Noor", "forgot_password_url": reset, "email": email},
         "forgot_password_task.py", "password reset by link only; token in the URL"),
        ("email-updated", "notice", None, "Plane email address successfully updated",
         "user/email_updated", {"email": email}, "user_email_update_task.py",
         "notice that the account e-mail changed; no code"),
        ("user-deactivation", "notice", None, "Noor has been deactivated on Plane",
         "user/user_deactivation", {"email": email, "login_url": site + "/login"},
         "user_deactivation_email_task.py", "account deactivated notice; no code"),
    ]  # fmt: skip
    items = []
    for tmpl, kind, got, subject, template, context, task, note in mails:
        html_content = env.from_string(show(f"apps/api/templates/emails/{template}.html")).render(
            **context
        )
        item_id = f"plane-{tmpl}-en"
        eml = build(sender="Plane <no-reply@plane.acme-rail.example>", subject=subject,
                    text=_plane_plain(html_content), html_part=html_content, seed=item_id,
                    django=True)  # fmt: skip
        items.append({
            "id": item_id, "group": f"plane-{tmpl}", "source": "plane", "lang": "en",
            "kind": kind, "code": got, "repository": "makeplane/plane",
            "path": f"apps/api/templates/emails/{template}.html; apps/api/plane/bgtasks/{task}; "
            "apps/api/plane/utils/email.py", "commit": PLANE_COMMIT, "licence": "AGPL-3.0",
            "rendered": "Django template rendered with Jinja2 (only {{ var }}), plain part as "
            "generate_plain_text_from_html makes it, EmailMultiAlternatives layout",
            "note": note, "_eml": eml,
        })  # fmt: skip
    return items


# ---------------------------------------------------------------------------------------
# JumpServer (Django templates + .po catalogues)


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file, skipping fuzzy and untranslated entries."""

    def unquote(lines: list[str]) -> str:
        return "".join(json.loads(line) for line in lines)

    catalogue: dict[str, str] = {}
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        if any(line.startswith("#,") and "fuzzy" in line for line in lines):
            continue
        field, parts = None, {"msgid": [], "msgstr": []}
        for line in lines:
            if line.startswith("msgid "):
                field = "msgid"
                parts[field].append(line[6:])
            elif line.startswith("msgstr "):
                field = "msgstr"
                parts[field].append(line[7:])
            elif line.startswith('"') and field:
                parts[field].append(line)
            elif line.startswith("msgid_plural"):
                field = None
        if parts["msgid"] and parts["msgstr"]:
            msgid, msgstr = unquote(parts["msgid"]), unquote(parts["msgstr"])
            if msgid and msgstr:
                catalogue[msgid] = msgstr
    return catalogue


def jumpserver(repo: Path) -> list[dict[str, Any]]:
    import jinja2

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{JMS_COMMIT}:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip

    env = jinja2.Environment(autoescape=True)
    items = []
    for lang, po_lang in JMS_LANGS.items():
        cat = (
            {} if po_lang == "en" else _po(show(f"apps/i18n/core/{po_lang}/LC_MESSAGES/django.po"))
        )

        def gettext(msgid: str, cat: dict[str, str] = cat) -> str:
            return cat.get(msgid, msgid)

        title = gettext("JumpServer - An open-source PAM")
        tip = gettext("The validity period of the verification code is {} minute").format(1)
        user = {"name": "Noor Tester"}
        mails = [
            ("mfa-email-code", "saas-otp", True, f"{title}: {gettext('MFA code')}",
             "authentication/_msg_mfa_email_code", "apps/authentication/mfa/email.py",
             "four-digit MFA code in bold after the label"),
            ("reset-password-code", "saas-otp", True, f"{title}: {gettext('Forgot password')}",
             "authentication/_msg_reset_password_code", "apps/authentication/api/password.py",
             "four-digit code to copy into the Reset Password page"),
            ("different-city-login", "notice", False, gettext("Different city login reminder"),
             "authentication/_msg_different_city", "apps/authentication/notifications.py",
             "remote-login alert: user name, date/time, city and IP; no code"),
            ("reset-password-success", "notice", False, gettext("Reset password success"),
             "authentication/_msg_rest_password_success", "apps/users/notifications.py",
             "password-changed notice with IP address and browser; no code"),
        ]  # fmt: skip
        for tmpl, kind, is_code, subject, template, path, note in mails:
            code = digits(f"jumpserver-{tmpl}-{lang}", 4) if is_code else None
            source = show(f"apps/authentication/templates/{template}.html")
            source = source.replace("{% load i18n %}", "")
            source = re.sub(
                r"\{% trans '([^']*)' %\}", lambda m: html.escape(gettext(m.group(1))), source
            )
            context = {"user": user, "title": subject, "code": code or "", "tip": tip,
                       "name": "Noor Tester", "username": "noor.tester", "time": "2026-11-18 17:40:52",
                       "city": "上海", "ip": "198.51.100.23",
                       "ip_address": "198.51.100.23",
                       "browser": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0"}  # fmt: skip
            body = env.from_string(source).render(**context)
            item_id = f"jumpserver-{tmpl}-{lang}"
            eml = build(sender="JumpServer <jumpserver@bastion.example>", subject=subject,
                        text=body, html_part=body, seed=item_id, django=True)  # fmt: skip
            items.append({
                "id": item_id, "group": f"jumpserver-{tmpl}", "source": "jumpserver",
                "lang": lang, "kind": kind, "code": code, "repository": "jumpserver/jumpserver",
                "path": f"apps/authentication/templates/{template}.html; {path}; "
                f"apps/i18n/core/{po_lang}/LC_MESSAGES/django.po; apps/common/tasks.py",
                "commit": JMS_COMMIT, "licence": "GPL-3.0",
                "rendered": "Django template, {% trans %} from the .po catalogue, {{ }} by Jinja2 "
                "autoescape; send_mail with html_message: text/plain = the same HTML source, "
                "text/html alternative",
                "note": note + (KO_NOTE if lang == "ko" and is_code else ""), "_eml": eml,
            })  # fmt: skip
    return items


KO_NOTE = (
    "; the ko catalogue mistranslates several strings (title 'JumpServer - An open-source PAM' "
    "-> a Flower-service warning, 'Verify code' -> a sentence, the copy hint -> 'password "
    "updated'), rendered as shipped; the bold four digits are still the code"
)


# ---------------------------------------------------------------------------------------
# MaxKey (strings inline, read with read_file)

MAXKEY_DIR = (
    "maxkey-starter/maxkey-starter-otp/src/main/java/org/dromara/maxkey/password/onetimepwd/"
)
MAXKEY_SUBJECT = "One Time PassWord"
MAXKEY_TEMPLATE = "{0} You Token is {1} , it validity in {2}  minutes."


def maxkey() -> list[dict[str, Any]]:
    code = digits("maxkey-mail-otp", 6)
    text = MAXKEY_TEMPLATE.replace("{0}", "noor").replace("{1}", code).replace("{2}", "5")
    item_id = "maxkey-mail-otp-en"
    eml = build(sender="maxkey@maxkey.example", subject=MAXKEY_SUBJECT, text=text,
                html_part=None, seed=item_id)  # fmt: skip
    return [{
        "id": item_id, "group": "maxkey-mail-otp", "source": "maxkey", "lang": "en",
        "kind": "saas-otp", "code": code, "repository": "dromara/MaxKey",
        "path": f"{MAXKEY_DIR}impl/MailOtpAuthn.java; {MAXKEY_DIR}MailOtpAuthnService.java; "
        f"{MAXKEY_DIR}AbstractOtpAuthn.java",
        "commit": MAXKEY_COMMIT, "licence": "Apache-2.0",
        "rendered": "MessageFormat filled by hand (user name, code, 5); plain-text "
        f"SimpleMailMessage; MailOtpAuthnService at {MAXKEY_SERVICE_COMMIT}, AbstractOtpAuthn "
        f"at {MAXKEY_ABSTRACT_COMMIT}, read with read_file",
        "note": "one-line English mail from a Chinese IAM: 'noor You Token is <6 digits> , it "
        "validity in 5  minutes.'", "_eml": eml,
    }]  # fmt: skip


# ---------------------------------------------------------------------------------------
# RuoYi-Vue-Plus (strings inline, read with read_file)

# ruoyi-admin/src/main/java/org/dromara/web/controller/CaptchaController.java @ RVP_CAPTCHA_COMMIT
RVP_CODE_SUBJECT = "登录验证码"
RVP_CODE_TEXT = "您本次验证码为：{code}，有效性为{minutes}分钟，请尽快填写。"
# ruoyi-modules/ruoyi-workflow/.../service/impl/FlwCommonServiceImpl.java @ RVP_FLOW_COMMIT
RVP_FLOW_SUBJECT = "单据审批提醒"
RVP_FLOW_TEXT = "有新的【{flow}】单据已经提交至您，请您及时处理。"


def ruoyi() -> list[dict[str, Any]]:
    items = []
    code = digits("rvp-email-code", 4)
    for tmpl, subject, text, kind, got, path, commit, note in (
        ("email-code", RVP_CODE_SUBJECT, RVP_CODE_TEXT.format(code=code, minutes=2),
         "saas-otp", code,
         "ruoyi-admin/src/main/java/org/dromara/web/controller/CaptchaController.java; "
         "ruoyi-common/ruoyi-common-core/src/main/java/org/dromara/common/core/constant/Constants.java",
         RVP_CAPTCHA_COMMIT, "four-digit e-mail login code in a one-line plain-text mail"),
        ("flow-approval", RVP_FLOW_SUBJECT, RVP_FLOW_TEXT.format(flow="2026年11月差旅报销-0418"),
         "notice", None,
         "ruoyi-modules/ruoyi-workflow/src/main/java/org/dromara/workflow/service/impl/"
         "FlwCommonServiceImpl.java", RVP_FLOW_COMMIT,
         "workflow approval reminder naming a form (flow name with a date and number); no code"),
    ):  # fmt: skip
        item_id = f"ruoyi-vue-plus-{tmpl}-zh-CN"
        eml = build(sender="RuoYi-Vue-Plus <ruoyi@ruoyi.example>", subject=subject,
                    text=text, html_part=None, seed=item_id)  # fmt: skip
        items.append({
            "id": item_id, "group": f"ruoyi-vue-plus-{tmpl}", "source": "ruoyi-vue-plus",
            "lang": "zh-CN", "kind": kind, "code": got, "repository": "dromara/RuoYi-Vue-Plus",
            "path": path, "commit": commit, "licence": "MIT",
            "rendered": "MailUtils.sendText plain text, strings read with read_file and held "
            "inline in the script; flow name invented (default message)",
            "note": note, "_eml": eml,
        })  # fmt: skip
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--halo", type=Path, required=True)
    parser.add_argument("--one-api", type=Path, required=True)
    parser.add_argument("--plane", type=Path, required=True)
    parser.add_argument("--jumpserver", type=Path, required=True)
    args = parser.parse_args()
    items = (
        halo(args.halo)
        + one_api(args.one_api)
        + plane(args.plane)
        + jumpserver(args.jumpserver)
        + maxkey()
        + ruoyi()
    )
    out = []
    for item in items:
        eml = item.pop("_eml")
        rel = f"mail/{item['source']}/{item['id']}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(eml)
        item["file"] = rel
        item["sha256"] = hashlib.sha256(eml).hexdigest()
        out.append(item)
    target = HERE / "round7" / "asia.json"
    target.write_text(json.dumps({"items": out}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(out)} mails")


if __name__ == "__main__":
    main()
