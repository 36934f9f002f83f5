"""Round fifteen, world senders: projects whose first language is not English, mailing codes,
passwords and notices in their own language (and the others they ship).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r15_world.py \\
        --mirrors /work/.mirror

Every snapshot is read from ``<mirrors>/<owner>+<name>/repo`` (a bare git directory) at the
commit recorded below, so every run writes the same bytes.

- weseek/growi (MIT), the Japanese wiki GROWI. Its mails are plain text rendered by
  ``MailService.send`` with ``ejs.renderFile`` from ``apps/app/resource/locales/<lang>/``
  (``en_US``, ``fr_FR``, ``ja_JP``, ``ko_KR``, ``zh_CN``: the site's ``app:globalLang``),
  with the subjects the routes pass (``apiv3/users.js``, ``forgot-password.js``,
  ``user-activation.ts``). The templates use only ``<%- var %>`` (raw output), filled here
  the same way. The invitation and the administrator's password reset give a temporary
  password from ``User.generateRandomTempPassword()`` (12 characters over
  ``A-Za-z0-9!=-_``).
- exceedone/exment (GPL-3.0), a Japanese low-code database. Its mail templates are the
  rows of ``system_template/data/<ja|en>/mail_template.xlsx`` (read here with a small
  stdlib xlsx reader). ``MailTemplateTrait.getJoinedBody`` joins body and footer with a
  blank line, ``ReplaceFormatService`` fills ``${...}`` (``/link=true`` gives
  ``<a href='url'>url</a>``), and ``MailSender.getBodyAndBodyType`` turns line breaks into
  ``<br/>`` for the default ``html`` body type; ``MailChannel`` sends that body alone as
  text/html. The 2-step code is ``random_int(100000, 999999)``; passwords come from
  ``make_password()`` (16 over ``A-HJ-NP-Za-hj-np-z2-9!$#%_-``; the zip password without
  marks).
- v2board/v2board (MIT), a Chinese subscription panel. ``SendEmailJob`` sends the Blade
  view ``mail.<email_template>.<name>`` (themes ``default`` and ``classic``) as text/html,
  with the subjects of the callers translated through ``resources/lang/zh-CN.json`` (the
  app's locale). Blade ``{{$x}}`` is HTML-escaped, ``{!! nl2br($content) !!}`` raw with
  ``<br />`` before each line break. The e-mail code is ``rand(100000, 999999)``.
- Anankke/SSPanel-UIM (MIT), a Chinese subscription panel. Smarty templates
  (``resources/email/*.tpl``, ``{include file='header.tpl'}`` / ``footer.tpl`` inlined,
  ``{$var}`` unescaped) sent as HTML (``Smtp``: ``isHTML()``), with the subjects and texts
  of ``AuthController``, ``Password``, ``Notification::notifyUser`` callers and ``Cron``.
  The registration code is ``Tools::genRandomChar(6)``: six lower-case hex digits.
- zmister2016/MrDoc (GPL-3.0), a Chinese documentation system. ``app_admin/utils.py``
  builds the password-reset code mail as a one-part ``MIMEText(..., 'html')`` with the
  subject and body strings of ``send_email``; the code is ``generate_vcode()``: six
  distinct digits from 3-9. The SMTP test mail is ``send_email_test``'s.
- gnuboard/gnuboard5 (LGPL-2.1, per LICENSE.txt), the Korean board/community builder GNUBOARD.
  Member mails are HTML strings or PHP views (``bbs/register_form_update_mail*.php``, run
  here by a small echo/if interpreter that, like PHP, eats the newline after ``?>``) passed
  to ``mailer()``, whose PHPMailer ``msgHTML`` also adds a text part from ``html2text``
  (reproduced). The password-recovery mail gives a temporary password
  ``get_random_token_string(5)`` (ten hex digits) that the link activates.
- apitable/apitable (AGPL-3.0), the Chinese-founded APITable (its open-source edition ships
  English mails only). Beetl templates ``templates/notification/*-{html,text}.btl`` with
  ``{{VAR}}`` placeholders, subjects from ``subject.properties``; text and HTML parts. The
  e-mail code is hutool ``RandomUtil.randomString(8)``: eight lower-case letters/digits.
- rhymix/rhymix (GPL-2.0-or-later), the Korean CMS Rhymix. The member module's
  ``find_member_account_mail`` / ``confirm_member_account_mail`` templates (template v1:
  ``{$lang->...}``, ``<!--@if-->``, ``loop``/``cond``) are compiled by hand for ten of the
  languages it ships (strings from ``modules/member/lang`` and ``common/lang``, falling back
  to English for a missing key, as ``Lang::__get`` does), sent as one HTML part. With
  ``password_reset_method`` 1 the mail gives a new password from
  ``Password::getRandomPassword(8)``; with 2 (the default) only a link.
- cedar2025/Xboard (MIT), a Chinese subscription panel forked from V2Board with its own
  ``mail.default`` views (``MailService::sendEmail`` without a database template), filled
  like V2Board's.
- cozy/cozy-stack (AGPL-3.0), the French personal cloud (now Twake Workplace). The
  ``assets/mails/*.text`` Go templates are filled with ``i18n.Translate`` strings from
  ``assets/locales/<en|fr>.po`` (``consts.SupportedLocales``; English fallback), subjects
  from ``mail_templates.go``; text part only (the HTML alternative compiled from MJML by
  ``cozy-mjml`` is not reproduced). Codes are six-digit TOTP values.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import io
import json
import random
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 11, 26, 9, 14, 52, tzinfo=UTC)
RNG = random.Random("r15-world")
ITEMS: list[dict] = []
MIRRORS = Path("/work/.mirror")


def _git(repo: str, *args: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), *args], capture_output=True, check=True
    ).stdout


def _show(repo: str, commit: str, path: str) -> str:
    return _git(repo, "show", f"{commit}:{path}").decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text=None, html_part=None, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
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


def _pick(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------
# GROWI (weseek/growi)

GROWI_COMMIT = "8655cffe426373be9f9a423c77f29660aa37d0dd"
GROWI_TEMP_PW = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!=-_"


def _ejs(template: str, variables: dict) -> str:
    def lookup(m: re.Match) -> str:
        value = variables
        for part in m.group(1).split("."):
            value = value[part]
        return str(value)

    out = re.sub(r"<%-\s*([A-Za-z_.]+)\s*%>", lookup, template)
    assert "<%" not in out, out
    return out


def growi() -> None:
    repo, c = "weseek/growi", GROWI_COMMIT
    base = "apps/app/resource/locales/"
    langs = {"en_US": "en", "fr_FR": "fr", "ja_JP": "ja", "ko_KR": "ko", "zh_CN": "zh"}
    sites = {
        "en": ("Northwind Handbook", "https://wiki.northwind.example"),
        "fr": ("Wiki Atelier Lumière", "https://wiki.atelier-lumiere.example"),
        "ja": ("さくら技研 社内Wiki", "https://wiki.sakura-giken.example"),
        "ko": ("한빛소프트 위키", "https://wiki.hanbit-soft.example"),
        "zh": ("青柠科技知识库", "https://wiki.qingning.example"),
    }
    people = {
        "en": ("Morgan Ellery", "m.ellery"), "fr": ("Élodie Marchand", "emarchand"),
        "ja": ("山田 花子", "hanako.yamada"), "ko": ("김민준", "minjun.kim"),
        "zh": ("王晓明", "xiaoming.wang"),
    }  # fmt: skip
    for locale, lang in langs.items():
        _growi_one(repo, c, base, locale, lang, sites, people)


def _growi_one(repo, c, base, locale, lang, sites, people) -> None:  # fmt: skip
    title, url = sites[lang]
    domain = url.split("//")[1].split(".", 1)[1]
    email = f"{people[lang][1]}@{domain}"
    sender = f"GROWI <growi@{domain}>"

    def save(template, path, kind, code, subject, variables, rendered, note=None):  # fmt: skip
        source = _show(repo, c, path)
        if lang != "en" and source.isascii():
            english = f"GROWI's {locale} template for this mail is written in English"
            note = f"{note}; {english}" if note else english
        _save(source="growi", template=template, lang=lang, kind=kind, code=code,
              repository=repo, path=path, commit=c, licence="MIT", rendered=rendered,
              sender=sender, subject=subject, text=_ejs(source, variables), note=note)  # fmt: skip

    pw = _pick(GROWI_TEMP_PW, 12)
    save("invitation", f"{base}{locale}/admin/userInvitation.ejs", "saas-otp", pw,
         f"Invitation to {title}",
         {"email": email, "password": pw, "url": url, "appTitle": title},
         "ejs <%- %> filled as users.js sendEmailByUserList; temp password generateRandomTempPassword()",
         "temporary password to log in with (changed at first login); the e-mail address is the login")  # fmt: skip
    pw = _pick(GROWI_TEMP_PW, 12)
    save("admin-reset", f"{base}{locale}/admin/userResetPassword.ejs", "saas-otp", pw,
         f"New password for {title}",
         {"email": email, "password": pw, "url": url, "appTitle": title},
         "ejs <%- %> filled as users.js sendEmailByUser; new password generateRandomTempPassword()",
         "new password set by the administrator, given to be typed")  # fmt: skip
    token = _pick("0123456789abcdef", 64)
    save("password-reset", f"{base}{locale}/notifications/passwordReset.ejs", "notice", None,
         "[GROWI] Password Reset",
         {"email": email, "url": f"{url}/forgot-password/{token}", "appTitle": title,
          "expiredAt": "2026/11/26 18:24"},
         "ejs <%- %> filled as forgot-password.js sendPasswordResetEmail",
         "reset link only")  # fmt: skip
    save("password-reset-done", f"{base}{locale}/notifications/passwordResetSuccessful.ejs",
         "notice", None, "[GROWI] Password Reset",
         {"email": email, "url": url, "appTitle": title},
         "ejs <%- %> filled as forgot-password.js sendPasswordResetEmail('passwordResetSuccessful')")  # fmt: skip
    token = _pick("0123456789abcdef", 64)
    save("user-activation", f"{base}{locale}/notifications/userActivation.ejs", "notice", None,
         "[GROWI] User Activation",
         {"email": email, "url": f"{url}/user-activation/{token}", "appTitle": title,
          "expiredAt": "2026/11/26 19:14"},
         "ejs <%- %> filled as user-activation.ts sendEmailToUser", "activation link only")  # fmt: skip
    name, username = people[lang]
    save("waiting-activation", f"{base}{locale}/admin/userWaitingActivation.ejs", "notice", None,
         f"[{title}:admin] A New User Created and Waiting for Activation",
         {"adminUser": {"name": "Admin"}, "appTitle": title, "url": url,
          "createdUser": {"name": name, "username": username, "email": email}},
         "ejs <%- %> filled as user-activation.ts sendEmailToAllAdmins")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Exment (exceedone/exment)

EXMENT_COMMIT = "45e2357f308485904d7b121c57ea37a419dcb8c2"
EXMENT_PW = "ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789"


def _xlsx_rows(data: bytes) -> list[dict[str, str]]:
    ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    z = zipfile.ZipFile(io.BytesIO(data))
    strings = [
        "".join(t.text or "" for t in si.iter(ns + "t"))
        for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall(ns + "si")
    ]
    rows = []
    for row in ET.fromstring(z.read("xl/worksheets/sheet1.xml")).iter(ns + "row"):
        cells = {}
        for cell in row.findall(ns + "c"):
            col = re.match(r"[A-Z]+", cell.get("r")).group(0)
            v = cell.find(ns + "v")
            if v is not None:
                cells[col] = strings[int(v.text)] if cell.get("t") == "s" else v.text
        rows.append(cells)
    return rows


def exment() -> None:
    repo, c = "exceedone/exment", EXMENT_COMMIT
    for lang in ("ja", "en"):
        _exment_one(repo, c, lang)


def _exment_one(repo: str, c: str, lang: str) -> None:
    path = f"system_template/data/{lang}/mail_template.xlsx"
    rows = {r["B"]: r for r in _xlsx_rows(_git(repo, "show", f"{c}:{path}")) if "B" in r}
    site = {"ja": "販売管理システム", "en": "Contoso Sales DB"}[lang]
    url = "https://exment.contoso.example/admin"
    user = {"ja": ("佐藤 健", "u0041"), "en": ("Jordan Blake", "u0041")}[lang]
    email = "k.sato@contoso.example" if lang == "ja" else "j.blake@contoso.example"

    def fill(text: str, values: dict[str, str]) -> str:
        def one(m: re.Match) -> str:
            key, _, opt = m.group(1).partition("/")
            value = values[key]
            return f"<a href='{value}'>{value}</a>" if opt == "link=true" else value

        return re.sub(r"\$\{([^}]+)\}", one, text)

    def save(key, kind, code, values, rendered, note=None, footer=True):  # fmt: skip
        row = rows[key]
        values = {"system:site_name": site, "system:system_url": url, **values}
        joined = row["F"] + "\n\n" + rows["mail_footer"]["F"] if footer else row["F"]
        body = fill(joined, values)
        body = re.sub(r"\\r\\n|\\r|\\n|\r\n|\r|\n", "<br/>", body)
        _save(source="exment", template=key.replace("_", "-"), lang=lang, kind=kind, code=code,
              repository=repo, path=path + "; src/Notifications/MailSender.php; src/Model/Traits/MailTemplateTrait.php",
              commit=c, licence="GPL-3.0", rendered=rendered,
              sender=f"{site} <no-reply@contoso.example>", subject=fill(row["E"], values),
              html_part=body, note=note)  # fmt: skip

    when = "2026/11/26 18:24"
    code = str(RNG.randint(100000, 999999))
    save("verify_2factor", "saas-otp", code,
         {"verify_code": code, "valid_period_datetime": when},
         "xlsx row filled as Auth2factor Email::insertVerify (random_int(100000, 999999)); body+footer, breaks to <br/>; text/html")  # fmt: skip
    code = str(RNG.randint(100000, 999999))
    save("verify_2factor_system", "saas-otp", code,
         {"verify_code": code, "valid_period_datetime": when},
         "xlsx row filled as the system-wide 2-step test (random_int code); text/html")  # fmt: skip
    pw = _pick(EXMENT_PW + "!$#%_-", 16)
    user_values = {"user:user_name": user[0], "user:user_code": user[1], "user:email": email,
                   "user:password": pw, "system:login_url": url + "/auth/login"}  # fmt: skip
    save("create_user", "saas-otp", pw, user_values,
         "xlsx row filled as LoginUserItem (make_password()); text/html",
         "initial password to log in with; the user code u0041 is an identifier, not the code")  # fmt: skip
    pw = _pick(EXMENT_PW + "!$#%_-", 16)
    save("reset_password_admin", "saas-otp", pw, {**user_values, "user:password": pw},
         "xlsx row filled as LoginUserItem reset (make_password()); text/html",
         "new password set by the administrator; the user code u0041 is not the code")  # fmt: skip
    pw = _pick(EXMENT_PW, 16)
    save("password_notify", "saas-otp", pw, {"zip_password": pw},
         "xlsx row filled as MailSender::sendPasswordMail (make_password(16, mark false)); no footer; text/html",
         "password to open the zip attachment sent in the mail before", footer=False)  # fmt: skip
    token = _pick("abcdefghjkmnpqrstuvwxyz23456789", 48)
    save("reset_password", "notice", None,
         {"system:password_reset_url": f"{url}/auth/reset/{token}"},
         "xlsx row filled as the forgotten-password reset; text/html", "reset link only")  # fmt: skip
    token = _pick("abcdefghjkmnpqrstuvwxyz23456789", 48)
    save("verify_2factor_google", "notice", None,
         {"2factor_google_register_url": f"{url}/auth-2factor/google/register/{token}",
          "valid_period_datetime": when},
         "xlsx row filled as Auth2factor Google; text/html", "registration link only")  # fmt: skip
    save(
        "sendmail_error",
        "notice",
        None,
        {},
        "xlsx row as is (no variables) with the footer; text/html",
    )


# ---------------------------------------------------------------------------------------
# V2Board (v2board/v2board)

V2BOARD_COMMIT = "0ca47622a50116d0ddd7ffb316b157afb57d25e8"


def _blade(template: str, values: dict[str, str]) -> str:
    def raw(m: re.Match) -> str:
        assert m.group(1) == "nl2br($content)", m.group(1)
        return values["content"].replace("\r\n", "<br />\r\n")

    out = re.sub(r"\{!!\s*(.*?)\s*!!\}", raw, template)
    out = re.sub(r"\{\{\s*\$(\w+)\s*\}\}", lambda m: html.escape(values[m.group(1)]), out)
    assert "{{" not in out
    return out


def v2board() -> None:
    repo, c = "v2board/v2board", V2BOARD_COMMIT
    zh = json.loads(_show(repo, c, "resources/lang/zh-CN.json"))
    name, url = "极光云", "https://jiguang.example"
    sender = f"{name} <noreply@jiguang.example>"
    for theme in ("default", "classic"):
        _v2board_one(repo, c, zh, name, url, sender, theme)


def _v2board_one(repo, c, zh, name, url, sender, theme) -> None:  # fmt: skip

    def save(template, kind, code, subject, values, caller, note=None):  # fmt: skip
        path = f"resources/views/mail/{theme}/{template}.blade.php"
        _save(source="v2board", template=f"{template}-{theme}", lang="zh", kind=kind,
              code=code, repository=repo, path=f"{path}; {caller}", commit=c, licence="MIT",
              rendered=f"Blade view mail.{theme}.{template} filled as {caller.rsplit('/', 1)[-1]} passes it; text/html",
              sender=sender, subject=subject,
              html_part=_blade(_show(repo, c, path), {"name": name, "url": url, **values}),
              note=note)  # fmt: skip

    code = str(RNG.randint(100000, 999999))
    save(
        "verify",
        "saas-otp",
        code,
        name + zh["Email verification code"],
        {"code": code},
        "app/Http/Controllers/Passport/CommController.php",
    )
    save(
        "remindExpire",
        "notice",
        None,
        zh["The service in :app_name is about to expire"].replace(":app_name", name),
        {},
        "app/Services/MailService.php",
    )
    save(
        "remindTraffic",
        "notice",
        None,
        zh["The traffic usage in :app_name has reached 80%"].replace(":app_name", name),
        {},
        "app/Services/MailService.php",
    )
    content = "主题：续费后无法连接\r\n回复内容：您好，节点已恢复，请在客户端中更新订阅（订单号 2026112614305521）后重试。"
    save("notify", "notice", None, f"您在{name}的工单得到了回复", {"content": content},
         "app/Services/TicketService.php", "ticket reply; the order number is not a code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# SSPanel-UIM (Anankke/SSPanel-UIM)

SSPANEL_COMMIT = "7e5e1c383614b067c6737a0649bb173a4d287539"


def sspanel() -> None:
    repo, c = "Anankke/SSPanel-UIM", SSPANEL_COMMIT
    app, base = "星河加速", "https://panel.xinghe.example"
    header = _show(repo, c, "resources/email/header.tpl")
    footer = _show(repo, c, "resources/email/footer.tpl")

    def render(template: str, values: dict[str, str]) -> str:
        text = _show(repo, c, f"resources/email/{template}")
        text = text.replace("{include file='header.tpl'}", header)
        text = text.replace("{include file='footer.tpl'}", footer)
        values = {"config['appName']": app, "config['baseUrl']": base, **values}
        out = re.sub(r"\{\$([^}]+)\}", lambda m: values[m.group(1)], text)
        return out

    def save(template, tpl, kind, code, subject, values, caller, note=None):  # fmt: skip
        _save(source="sspanel", template=template, lang="zh", kind=kind, code=code,
              repository=repo, path=f"resources/email/{tpl}; resources/email/header.tpl; resources/email/footer.tpl; {caller}",
              commit=c, licence="MIT",
              rendered=f"Smarty {tpl} with header/footer inlined, filled as {caller.rsplit('/', 1)[-1]} passes it; text/html",
              sender=f"{app} <no-reply@xinghe.example>", subject=subject,
              html_part=render(tpl, values), note=note)  # fmt: skip

    code = _pick("0123456789abcdef", 6)
    save("verify-code", "verify_code.tpl", "saas-otp", code, app + "- 验证邮件",
         {"code": code, "expire": "2026-11-26 09:44:52"}, "src/Controllers/AuthController.php",
         "six lower-case hex digits (Tools::genRandomChar(6))")  # fmt: skip
    token = _pick("0123456789abcdef", 64)
    save("password-reset", "password_reset.tpl", "notice", None, app + "-重置密码",
         {"resetUrl": f"{base}/password/token/{token}"}, "src/Services/Password.php",
         "reset link only")  # fmt: skip
    user = {"user->user_name": "lin_yue", "user->email": "lin.yue@example.com"}
    save("new-login", "warn.tpl", "notice", None, app + "-新登录通知",
         {**user, "text": "你的账号于 2026-11-26 09:14:52 通过 203.0.113.74 地址登录了用户面板"},
         "src/Models/LoginIp.php")  # fmt: skip
    save("ticket-reply", "warn.tpl", "notice", None, app + "-工单被回复",
         {**user, "text": f'你好，有人回复了<a href="{base}/user/ticket/2841/view">工单</a>，请你查看。'},
         "src/Controllers/Admin/TicketController.php")  # fmt: skip
    save("class-expired", "warn.tpl", "notice", None, app + "-你的账号等级已经过期了",
         {**user, "text": "你好，系统发现你的账号等级已经过期了。流量已经被重置为0GB。"},
         "src/Services/Cron.php")  # fmt: skip
    save("traffic-report", "traffic_report.tpl", "notice", None, app + "-每日流量报告以及公告",
         {**user, "enable_traffic": "200GB", "used_traffic": "61.37GB", "unused_traffic": "138.63GB",
          "lastday_traffic": "2.84GB",
          "text": "站点公告:<br><br>香港 03 节点将于 11 月 28 日 02:00-04:00 维护。<br><br>晚安！"},
         "src/Models/User.php")  # fmt: skip


# ---------------------------------------------------------------------------------------
# MrDoc (zmister2016/MrDoc)

MRDOC_COMMIT = "1088b011d941edbe068f17d8f4246a9e7113a8ff"


def mrdoc() -> None:
    repo, c = "zmister2016/MrDoc", MRDOC_COMMIT
    utils = _show(repo, c, "app_admin/utils.py")
    views = _show(repo, c, "app_admin/views.py")
    subject = re.search(r'subject = "([^"]+)"', utils).group(1)
    content = re.search(r'content = "([^"]+)"\.format\(vcode_str\)', utils).group(1)
    code = "".join(RNG.sample("3456789", 6))
    sender = "星河文档 <docs@xinghe-docs.example>"
    _save(source="mrdoc", template="reset-code", lang="zh", kind="saas-otp", code=code,
          repository=repo, path="app_admin/utils.py; app_admin/views.py", commit=c,
          licence="GPL-3.0", rendered="send_email's subject and body (str.format), one text/html part",
          sender=sender, subject=subject, html_part=content.format(code),
          note="six distinct digits from 3-9 (generate_vcode)")  # fmt: skip
    subject = re.search(r'subject = "(\{sitename\} - [^"]+)"', views).group(1)
    content = re.search(r'content = "(此邮件[^"]+)"', views).group(1)
    _save(source="mrdoc", template="smtp-test", lang="zh", kind="notice", code=None,
          repository=repo, path="app_admin/views.py", commit=c, licence="GPL-3.0",
          rendered="send_email_test's subject and body, one text/html part", sender=sender,
          subject=subject.format(sitename="星河文档"), html_part=content.format(sitename="星河文档"))  # fmt: skip


# ---------------------------------------------------------------------------------------
# GNUBOARD 5 (gnuboard/gnuboard5)

GNUBOARD_COMMIT = "0b6f081f765ac1af204d53c6a2b17a1b25a71502"


def _php_template(source: str, values: dict[str, str], flags: dict[str, bool]) -> str:
    """A PHP view of echo / if / else blocks as ``include`` runs it: ``?>`` eats one
    following newline, ``echo`` prints the value, ``if`` picks its branch from ``flags``."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<\?php(.*?)\?>\n?", source, re.S):
        if all(stack):
            out.append(source[pos : m.start()])
        pos = m.end()
        code = m.group(1).strip()
        if code.startswith("echo "):
            if all(stack):
                out.append(values[code[5:].strip().rstrip(";").strip()])
        elif code.startswith("if"):
            cond = re.match(r"if\s*\((.*)\)\s*\{$", code).group(1).strip()
            stack.append(flags[cond])
        elif code == "} else {":
            stack[-1] = not stack[-1]
        elif code == "}":
            stack.pop()
        else:
            assert code.startswith("//") or "_GNUBOARD_" in code, code
    out.append(source[pos:])
    return "".join(out)


def _html2text(body: str) -> str:
    """PHPMailer 5.2 ``html2text``: drop head/title/style/script, strip tags, decode."""
    body = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", body, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", body).strip())


def gnuboard() -> None:
    repo, c = "gnuboard/gnuboard5", GNUBOARD_COMMIT
    title, url = "한빛 사진동호회", "https://club.hanbit-photo.example"
    bbs = url + "/bbs"
    admin_name, admin_mail = "한빛 사진동호회 운영진", "admin@hanbit-photo.example"
    mb = {"$mb_name": "이서연", "$mb_nick": "서연의필름", "$mb_id": "seoyeon92",
          "$mb_recommend": "parkjh", "$config['cf_title']": title, "G5_URL": url,
          "G5_BBS_URL": bbs, "G5_ADMIN_URL": url + "/adm"}  # fmt: skip

    def save(template, kind, code, path, subject, body, rendered, sender=None, note=None):  # fmt: skip
        # mailer(): PHPMailer msgHTML() also sets AltBody from html2text()
        _save(source="gnuboard", template=template, lang="ko", kind=kind, code=code,
              repository=repo, path=path + "; lib/mailer.lib.php; plugin/PHPMailer/class.phpmailer.php",
              commit=c, licence="LGPL-2.1", rendered=rendered,
              sender=sender or f"{admin_name} <{admin_mail}>", subject=subject,
              text=_html2text(body), html_part=body, note=note)  # fmt: skip

    src = _show(repo, c, "bbs/password_lost2.php")
    assert "$change_password = get_random_token_string(5);" in src
    password = _pick("0123456789abcdef", 10)
    nonce = _pick("0123456789abcdef", 32)
    href = f"{bbs}/password_lost_certify.php?mb_no=418&amp;mb_nonce={nonce}"
    values = {"$mb['mb_name']": mb["$mb_name"], "$mb['mb_nick']": mb["$mb_nick"],
              "G5_TIME_YMDHIS": "2026-11-26 18:14:52", "$mb['mb_id']": mb["$mb_id"],
              "$change_password": password, "$href": href, "G5_URL": url,
              "$config['cf_title']": title}  # fmt: skip
    body = ""
    for line in re.findall(r"^\$content \.= (.*);\r?$", src, re.M):  # the file has CRLF lines
        parts = re.findall(
            r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|addslashes\(([^)]*)\)|([\w$\[\]']+)", line
        )
        for single, double, slashed, name in parts:
            if single or double:
                body += single or double
            elif slashed:
                body += values[slashed]
            elif name:
                body += values[name]
    subject = f"[{title}] 요청하신 회원정보 찾기 안내 메일입니다."
    save("password-lost", "saas-otp", password, "bbs/password_lost2.php; lib/common.lib.php",
         subject, body, "the $content string concatenated as password_lost2.php builds it; html + PHPMailer AltBody",
         note="temporary password (get_random_token_string(5): ten hex digits) to log in with after clicking the link; the member id seoyeon92 is not the code")  # fmt: skip

    mail1 = _show(repo, c, "bbs/register_form_update_mail1.php")
    certify = f"{bbs}/email_certify.php?mb_id=seoyeon92&amp;mb_md5={_pick('0123456789abcdef', 32)}"
    for template, flag in (("welcome-certify", True), ("welcome", False)):
        body = _php_template(mail1, {**mb, "$certify_href": certify},
                             {"$config['cf_use_email_certify']": flag})  # fmt: skip
        save(template, "notice", None, "bbs/register_form_update_mail1.php; bbs/register_form_update.php",
             f"[{title}] 회원가입을 축하드립니다.", body,
             f"PHP view included as register_form_update.php does (cf_use_email_certify {'on' if flag else 'off'})",
             note="e-mail confirmation link only" if flag else None)  # fmt: skip
    body = _php_template(_show(repo, c, "bbs/register_form_update_mail2.php"), mb, {})
    save("new-member-admin", "notice", None, "bbs/register_form_update_mail2.php; bbs/register_form_update.php",
         f"[{title}] 서연의필름 님께서 회원으로 가입하셨습니다.", body,
         "PHP view included as register_form_update.php does (to the administrator)",
         sender="서연의필름 <seoyeon92@example.com>")  # fmt: skip
    certify = f"{bbs}/email_certify.php?mb_id=seoyeon92&amp;mb_md5={_pick('0123456789abcdef', 32)}"
    body = _php_template(_show(repo, c, "bbs/register_form_update_mail3.php"),
                         {**mb, "$certify_href": certify}, {"$w == 'u'": True})  # fmt: skip
    save("email-certify", "notice", None, "bbs/register_form_update_mail3.php; bbs/register_form_update.php",
         f"[{title}] 인증확인 메일입니다.", body,
         "PHP view included as register_form_update.php does after an e-mail change ($w == 'u')",
         note="confirmation link only")  # fmt: skip
    src = _show(repo, c, "adm/auth_update.php")
    assert "관리권한설정 변경 안내" in src
    body = (f"<p><b>[{title}] 관리권한설정 변경 안내</b></p><p style=\"padding-top:1em\">회원 아이디 "
            f"seoyeon92 에 관리권한이 추가 되었습니다.</p><p style=\"padding-top:1em\">2026-11-26 18:14:52</p>"
            f"<p style=\"padding-top:1em\"><a href=\"{url}\" target=\"_blank\">{title}</a></p>")  # fmt: skip
    save("auth-update", "notice", None, "adm/auth_update.php", f"[{title}] 관리권한설정 알림", body,
         "the string auth_update.php passes to mailer()", sender=f"{admin_name} <gnuboard@club.hanbit-photo.example>")  # fmt: skip
    src = _show(repo, c, "adm/sendmail_test.php")
    body = (
        re.search(r"'\[메일검사\] 제목', '(.*?)', 1\);", src)
        .group(1)
        .replace("'.G5_TIME_YMDHIS.'", "2026-11-26 18:14:52")
    )
    save("sendmail-test", "notice", None, "adm/sendmail_test.php", "[메일검사] 제목", body,
         "the string sendmail_test.php passes to mailer()")  # fmt: skip


# ---------------------------------------------------------------------------------------
# APITable (apitable/apitable)

APITABLE_COMMIT = "69aeb706db5f58d6147ef43edab21b1468803fd2"


def apitable() -> None:
    repo, c = "apitable/apitable", APITABLE_COMMIT
    base = "backend-server/application/src/main/resources/templates/notification/"
    subjects = dict(
        line.split("=", 1)
        for line in _show(repo, c, base + "subject.properties").splitlines()
        if "=" in line
    )

    def fill(text: str, values: dict[str, str]) -> str:
        out = re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], text)
        return out

    def save(template, key, kind, code, values, note=None):  # fmt: skip
        values = {"YEARS": "2026", **values}
        subject = re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], subjects[key])
        _save(source="apitable", template=template, lang="en", kind=kind, code=code,
              repository=repo, path=f"{base}{template}-html.btl; {base}{template}-text.btl; {base}subject.properties",
              commit=c, licence="AGPL-3.0",
              rendered="Beetl templates ({{ }} placeholders) filled as NotifyMailFactory does; text/plain + text/html",
              sender="APITable <noreply@apitable.example>", subject=subject,
              text=fill(_show(repo, c, f"{base}{template}-text.btl"), values),
              html_part=fill(_show(repo, c, f"{base}{template}-html.btl"), values), note=note)  # fmt: skip

    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"  # hutool RandomUtil.randomString
    code = _pick(alphabet, 8)
    save("verification-code", "verificationCode", "saas-otp", code, {"VERIFICATION_CODE": code},
         "eight lower-case letters/digits (EmailValidateCodeGenerator: RandomUtil.randomString(8))")  # fmt: skip
    code = _pick(alphabet, 8)
    save("register-email", "registerEmail", "saas-otp", code, {"VERIFICATION_CODE": code},
         "eight lower-case letters/digits (RandomUtil.randomString(8))")  # fmt: skip
    token = _pick(alphabet, 32)
    save("invite-email", "inviteEmail", "notice", None,
         {"USER_NAME": "Chen Jing", "MEMBER_NAME": "Chen Jing", "SPACE_NAME": "Q4 Launch Ops",
          "INVITE_URL": f"https://apitable.example/invite/mail?inviteToken={token}"},
         "invitation link only")  # fmt: skip
    save("remove-member", "removeMember", "notice", None, {"SPACE_NAME": "Q4 Launch Ops"})
    save("space-apply-approved", "spaceApplyApproved", "notice", None,
         {"SPACE_NAME": "Q4 Launch Ops", "URL": "https://apitable.example/workbench"})  # fmt: skip


# ---------------------------------------------------------------------------------------
# Rhymix (rhymix/rhymix)

RHYMIX_COMMIT = "8b62fb0eae24fc4acd1c6a0784ca282adc5eaef1"


def _php_lang(text: str) -> dict[str, str]:
    out = {}
    for key, single, double in re.findall(
        r"^\$lang->(\w+) = (?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\");", text, re.M
    ):
        value = single if single or not double else double
        out[key] = re.sub(r"\\(['\\])", r"\1", value)
    return out


def _rhymix_password() -> str:
    """Password::getRandomPassword(8): a window of base64(random 64 bytes) with
    ``iIoOjl10/`` mapped to ``@#$%&*-!?`` holding lower, upper, digit and symbol."""
    table = str.maketrans("iIoOjl10/", "@#$%&*-!?")
    while True:
        source = base64.b64encode(bytes(RNG.randrange(256) for _ in range(64))).decode()
        source = source.translate(table)
        for i in range(len(source) - 8):
            cand = source[i : i + 8]
            if (re.search("[a-z]", cand) and re.search("[A-Z]", cand)
                    and re.search("[0-9]", cand) and re.search("[^a-zA-Z0-9]", cand)):  # fmt: skip
                return cand


def rhymix() -> None:
    repo, c = "rhymix/rhymix", RHYMIX_COMMIT
    skin = "modules/member/skins/default/"
    find_tpl = _show(repo, c, skin + "find_member_account_mail.html")
    confirm_tpl = _show(repo, c, skin + "confirm_member_account_mail.html")
    en = {**_php_lang(_show(repo, c, "common/lang/en.php")),
          **_php_lang(_show(repo, c, "modules/member/lang/en.php"))}  # fmt: skip
    base = "https://www.daon-club.example/"
    site_link = f'<a href="{base}" target="_blank">다온 클럽</a>'
    langs = {"ko": "ko", "en": "en", "es": "es", "fr": "fr", "ja": "ja", "ru": "ru", "tr": "tr",
             "vi": "vi", "zh-CN": "zh-CN", "zh-TW": "zh-TW"}  # fmt: skip
    for code_name, lang in langs.items():
        _rhymix_one(repo, c, skin, find_tpl, confirm_tpl, en, base, site_link, code_name, lang)


def _rhymix_one(repo, c, skin, find_tpl, confirm_tpl, en, base, site_link, code_name, lang) -> None:  # fmt: skip
    lg = dict(en)  # Rhymix falls back to English for a key the language lacks
    for path in (f"common/lang/{code_name}.php", f"modules/member/lang/{code_name}.php"):
        lg.update(_php_lang(_show(repo, c, path)))

    def echo(template: str, values: dict[str, str]) -> str:
        def one(m: re.Match) -> str:
            expr = m.group(1)
            if expr.startswith("$lang->"):
                return lg[expr[7:]]
            return values[expr]

        return re.sub(r"\{(\$[^}]+|MemberController::generateSafeLink\(\))\}", one, template)

    def save(template, kind, code, subject, body, note):  # fmt: skip
        _save(source="rhymix", template=template, lang=lang, kind=kind, code=code,
              repository=repo,
              path=f"{skin}{template.split('-')[0]}_member_account_mail.html; modules/member/lang/{code_name}.php; common/lang/{code_name}.php; modules/member/member.controller.php",
              commit=c, licence="GPL-2.0-or-later",
              rendered="template v1 compiled by hand (echo, @if/@elseif, loop/cond; PHP eats the newline after a block tag), strings from the language files with the English fallback; one text/html part",
              sender="다온 클럽 <webmaster@daon-club.example>", subject=subject,
              html_part=body, note=note)  # fmt: skip

    # find_member_account_mail: identifiers user_id (first branch of the @if)
    head, rest = find_tpl.split("\t<!--@if($memberInfo[$lang->user_id])-->\n", 1)
    first, rest = rest.split("\t<!--@elseif($memberInfo[$lang->email_address])-->\n", 1)
    rest = rest.split("\t<!--@end-->\n", 1)[1]
    tpl = head + first + rest
    for method in (1, 2):
        auth_key = "".join(RNG.choice("0123456789abcdef") for _ in range(40))
        find_url = (f"{base}index.php?module=member&amp;act=procMemberAuthAccount"
                    f"&amp;member_srl=2841&amp;auth_key={auth_key}")  # fmt: skip
        if method == 1:
            password = _rhymix_password()
            comment = lg["msg_find_account_comment"]
        else:
            password = lg["msg_change_after_click"]
            comment = lg["msg_find_account_comment_v2"]
        values = {"$memberInfo[$lang->user_id]": "haneul_k", "$auth_args->new_password": password,
                  "$find_url": find_url, "MemberController::generateSafeLink()": site_link}  # fmt: skip
        body = echo(tpl.replace("{$lang->msg_find_account_comment}", comment), values)
        if method == 1:
            save("find-account", "saas-otp", password, lg["msg_find_account_title"], body,
                 "password_reset_method 1: a new password (getRandomPassword(8)) that the link activates; the user id haneul_k is not the code")  # fmt: skip
        else:
            save("find-account-link", "notice", None, lg["msg_find_account_title"], body,
                 "password_reset_method 2 (the default): no password, a reset link only")  # fmt: skip
    info = {lg["user_id"]: "haneul_k", lg["user_name"]: "김하늘", lg["nick_name"]: "하늘빛",
            lg["email_address"]: "haneul.kim@example.com"}  # fmt: skip
    head, rest = confirm_tpl.split("    <li loop=", 1)
    rest = rest.split("</li>\n", 1)[1]
    items = "".join(f"<li>{k} : {v}</li>" for k, v in info.items())
    auth_key = "".join(RNG.choice("0123456789abcdef") for _ in range(40))
    auth_url = (f"{base}index.php?module=member&amp;act=procMemberAuthAccount"
                f"&amp;member_srl=2841&amp;auth_key={auth_key}")  # fmt: skip
    body = echo(head + "    " + items + rest,
                {"$auth_url": auth_url, "MemberController::generateSafeLink()": site_link})  # fmt: skip
    save("confirm-account", "notice", None, lg["msg_confirm_account_title"], body,
         "sign-up activation link only")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Xboard (cedar2025/Xboard)

XBOARD_COMMIT = "ee2c12ed324fec4392176b30c56c349a0d467095"


def xboard() -> None:
    repo, c = "cedar2025/Xboard", XBOARD_COMMIT
    zh = json.loads(_show(repo, c, "resources/lang/zh-CN.json"))
    name, url = "云帆 Cloud", "https://yunfan.example"
    sender = f"{name} <noreply@yunfan.example>"

    def save(template, kind, code, subject, values, caller, note=None):  # fmt: skip
        path = f"resources/views/mail/default/{template}.blade.php"
        _save(source="xboard", template=template, lang="zh", kind=kind, code=code,
              repository=repo, path=f"{path}; app/Services/MailService.php; {caller}", commit=c,
              licence="MIT",
              rendered=f"Blade view mail.default.{template} (MailService::sendEmail, no DB template) filled as {caller.rsplit('/', 1)[-1]} passes it; text/html",
              sender=sender, subject=subject,
              html_part=_blade(_show(repo, c, path), {"name": name, "url": url, **values}),
              note=note)  # fmt: skip

    code = str(RNG.randint(100000, 999999))
    save("verify", "saas-otp", code, name + zh["Email verification code"], {"code": code},
         "app/Http/Controllers/V1/Passport/CommController.php", "rand(100000, 999999), shown in a box")  # fmt: skip
    token = _pick("0123456789abcdef", 32)
    save("mailLogin", "notice", None, zh["Login to :name"].replace(":name", name),
         {"link": f"{url}/#/login?verify={token}&redirect=dashboard"},
         "app/Services/Auth/MailLinkService.php", "sign-in link only (the verify token is inside the link)")  # fmt: skip
    save("remindExpire", "notice", None,
         zh["The service in :app_name is about to expire"].replace(":app_name", name), {},
         "app/Services/MailService.php")  # fmt: skip
    save("remindTraffic", "notice", None,
         zh["The traffic usage in :app_name has reached 80%"].replace(":app_name", name), {},
         "app/Services/MailService.php")  # fmt: skip
    content = "主题：账单重复扣费\r\n回复内容：已为您退回 ¥25.00 至余额，交易流水号 TX20261126083145，请查收。"
    save("notify", "notice", None, f"您在{name}的工单得到了回复", {"content": content},
         "app/Services/TicketService.php", "ticket reply; the transaction number is not a code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Cozy / Twake (cozy/cozy-stack)

COZY_COMMIT = "db1163854f06473082a541d20e97aeec0f080308"


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext .po file (continuation lines joined, escapes decoded)."""
    out: dict[str, str] = {}
    field = None
    parts: dict[str, list[str]] = {}

    def flush() -> None:
        if "msgid" in parts and "msgstr" in parts:
            out["".join(parts["msgid"])] = "".join(parts["msgstr"])

    def unquote(q: str) -> str:
        return json.loads(q)

    for line in text.splitlines():
        found = re.match(r'^(msgid|msgstr|msgctxt) (".*")$', line)
        if found:
            if found.group(1) == "msgid":
                flush()
                parts = {}
            field = found.group(1)
            parts[field] = [unquote(found.group(2))]
        elif line.startswith('"') and field:
            parts[field].append(unquote(line))
        elif not line.strip():
            field = None
    flush()
    return out


def _go_text(template: str, tr, data: dict) -> str:
    """Go text/template for the mails' forms: {{t "key" .Var}}, {{.Var}}, {{if .X}}/{{else}}/{{end}}."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"\{\{(.*?)\}\}", template):
        if all(stack):
            out.append(template[pos : m.start()])
        pos = m.end()
        action = m.group(1).strip()
        if action.startswith("if "):
            stack.append(bool(data.get(action[3:].strip().lstrip("."))))
        elif action == "else":
            stack[-1] = not stack[-1]
        elif action == "end":
            stack.pop()
        elif all(stack):
            if action.startswith("t "):
                found = re.match(r't "([^"]+)"((?: \.\w+)*)$', action)
                args = [data[v.lstrip(".")] for v in found.group(2).split()]
                out.append(tr(found.group(1), *args))
            else:
                out.append(str(data[action.lstrip(".")]))
    out.append(template[pos:])
    return "".join(out)


def cozy() -> None:
    repo, c = "cozy/cozy-stack", COZY_COMMIT
    en = _po(_show(repo, c, "assets/locales/en.po"))
    domain = "claire-dubois.mytwake.example"
    for lang in ("fr", "en"):  # consts.SupportedLocales
        _cozy_one(repo, c, en, domain, lang)


def _cozy_one(repo: str, c: str, en: dict, domain: str, lang: str) -> None:
    po = _po(_show(repo, c, f"assets/locales/{lang}.po"))

    def tr(key: str, *args: str) -> str:  # i18n.Translate: locale, then English, then the key
        value = po.get(key) or en.get(key) or key
        return value % args if args else value

    def save(template, kind, code, subject_args, data, note=None):  # fmt: skip
        key = {"two_factor": "Mail Two Factor Subject",
               "two_factor_mail_confirmation": "Mail Two Factor Mail Confirmation Subject",
               "confirm_flagship": "Mail Confirm Flagship Subject",
               "passphrase_hint": "Mail Hint Subject",
               "passphrase_reset": "Mail Reset Passphrase Subject",
               "magic_link": "Mail Magic Link Subject"}[template]  # fmt: skip
        data = {"Locale": lang, "InstanceURL": f"https://{domain}/", **data}
        text = _go_text(_show(repo, c, f"assets/mails/{template}.text"), tr, data)
        _save(source="cozy", template=template.replace("_", "-"), lang=lang, kind=kind, code=code,
              repository=repo,
              path=f"assets/mails/{template}.text; assets/locales/{lang}.po; worker/mails/mail_templates.go",
              commit=c, licence="AGPL-3.0",
              rendered="the .text Go template filled with i18n.Translate strings (locale, English fallback) as buildText does; text/plain only (the MJML HTML alternative, compiled by cozy-mjml, is not reproduced)",
              sender=f"My Twake <noreply@{domain}>", subject=tr(key, *subject_args), text=text,
              note=note)  # fmt: skip

    code = f"{RNG.randint(0, 999999):06d}"
    save("two_factor", "saas-otp", code, (), {"TwoFactorPasscode": code},
         "six-digit TOTP passcode (GenerateTwoFactorSecrets)")  # fmt: skip
    code = f"{RNG.randint(0, 999999):06d}"
    save("two_factor_mail_confirmation", "saas-otp", code, ("Twake",),
         {"TwoFactorActivationPasscode": code}, "six-digit code to enable 2FA")  # fmt: skip
    code = f"{RNG.randint(0, 999999):06d}"
    save("confirm_flagship", "saas-otp", code, (), {"Code": code, "PublicName": "Claire Dubois"},
         "six-digit TOTP code to type in the mobile application (SendConfirmFlagshipCode)")  # fmt: skip
    hint = {"fr": "le nom du chat de mamie + notre année de mariage",
            "en": "grandma's cat + the year we got married"}[lang]  # fmt: skip
    save("passphrase_hint", "notice", None, (), {"PublicName": "Claire Dubois", "CozyPass": False, "Hint": hint},
         "the user's own password hint, not a password")  # fmt: skip
    token = _pick("0123456789abcdef", 32)
    save("passphrase_reset", "notice", None, (),
         {"PublicName": "Claire Dubois", "CozyPass": False,
          "PassphraseResetLink": f"https://{domain}/auth/passphrase_renew?token={token}"},
         "reset link only")  # fmt: skip
    token = _pick("abcdefghijklmnopqrstuvwxyz0123456789", 24)
    save("magic_link", "notice", None, (), {"MagicLink": f"https://{domain}/auth/magic_link?code={token}"},
         "sign-in link only (the code is inside the link)")  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    growi()
    exment()
    v2board()
    sspanel()
    mrdoc()
    gnuboard()
    apitable()
    rhymix()
    xboard()
    cozy()
    out = HERE / "round15" / "world.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
