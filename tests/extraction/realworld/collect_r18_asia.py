"""Round eighteen, Asia: account, sign-in, password and order mails of projects whose first
language is Vietnamese, Japanese, Chinese or Korean — shops, a digital-goods shop, SaaS and
proxy-service panels, a business platform and community apps — with the codes and passwords
they give a person to type, and the same senders' notices, order mails and alerts.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r18_asia.py \\
        --mirrors /work/.mirror --node-modules /tmp/r18asia-node/node_modules

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- nukeviet/nukeviet (GPL-2.0), the Vietnamese CMS (portal, shop and community sites): the
  mails of its ``users`` module — password recovery with a verification code
  (``funcs/lostpass.php``: ``strtoupper(nv_genpass(10))``), the new password confirmed
  (``edit_mail_content`` with the password the person chose), the new-email verifykey and
  the safe-mode verifykey (``funcs/editinfo.php``: an md5 of ``nv_genpass``, 32 hex digits),
  the re-sent activation with a new generated password (``funcs/lostactivelink.php``:
  ``nv_genpass(rand(nv_upassmin, nv_upassmax))``, letters and digits), and the notices
  (account activation link, account created, username changed, email changed) — with the
  strings of ``modules/users/language/{vi,en,fr}.php`` and ``includes/language/*/global.php``
  (PHP ``sprintf``); also the administrator's account-created / account-updated mails
  (``admin/user_add.php``, ``admin/edit.php``, ``language/admin_*.php``: the password the
  administrator typed) and the two-step-verification module's security notices
  (``modules/two-step-verification``: turned on, turned off, backup codes renewed). A
  translation that asks ``sprintf`` for more arguments than the code passes (French
  activation and account-created mails) makes PHP 8 throw, so those are not sent.
  ``nv_sendmail`` (``includes/functions.php``) sends the message through
  the theme's ``nv_mailHTML`` (``themes/default/system/mail.tpl``, XTemplate blocks and
  ``{VARS}`` filled here) as the HTML part, and ``strip_tags`` of the raw message as the
  text part, wrapped at 70 columns (PHPMailer ``WordWrap``; a greedy word wrap here). The
  embedded site logo (``cid:sitelogo``) and NukeViet's HTML optimizer pass are not
  reproduced. Dates are ``nv_date('H:i d/m/Y')`` in Asia/Ho_Chi_Minh.

- EC-CUBE/ec-cube (GPL-2.0-only; dual-licensed, the GPL copy taken), the Japanese
  shopping-cart system: the customer mails of ``src/Eccube/Service/MailService.php`` from
  the Twig templates of ``src/Eccube/Resource/template/default/Mail/`` (text, and the
  ``.html.twig`` HTML part where the template has one), rendered with Jinja2 (the templates
  use only ``{{ }}``, ``{% if/for %}`` and EC-CUBE's ``price``/``date`` filters, given here
  as the shop's yen and ``Y/m/d H:i`` forms), subjects ``[shop] `` + ``dtb_mail_template``
  (``import_csv/ja``), From the shop name and ``email01``. The new password of the
  password reminder is ``StringUtil::random(8)`` (base64 letters and digits).

- mlogclub/bbs-go (GPL-3.0), a Chinese forum: ``EmailService.SendTemplateEmail``
  (``internal/services/email_service.go``, a Go text/template) for email verification and
  password reset (links only, ``user_service.go``) and the message notices of
  ``message_service.go`` (reply, like, level-up, badge), strings of
  ``locales/{zh-CN,en-US}.yml``; HTML only.

- perfect-panel/server (GPL-3.0), the PPanel proxy-service panel: the default templates of
  ``pkg/email/template.go`` (bilingual Chinese/English) as ``queue/logic/email/
  sendEmailLogic.go`` fills them with text/template — the verification code
  (``sendEmailCodeLogic.go``: ``random.Key(6, 0)``, six digits; type 1 registration, 2
  security), and the subscription-expired and traffic-exhausted notices
  (``checkSubscriptionLogic.go``); HTML only, subjects as the code sets them.

- assimon/dujiaoka (MIT), a Chinese automatic card-delivery shop: the ``emailtpls`` rows of
  ``database/sql/install.sql`` through ``replace_mail_tpl`` (``app/Helpers/functions.php``),
  as ``OrderProcessService`` (automatic delivery of the purchased card codes, a paid manual
  order to the manager) and ``OrderUpdated`` (pending, completed, failed) send them; HTML
  only (``mail.blade.php`` is ``{!! $body !!}``). Order numbers are ``strtoupper(Str::
  random(16))``.

- vemikrs/mirelplatform (Apache-2.0), a Japanese business-application platform: the
  FreeMarker templates of ``backend/src/main/resources/templates/email/`` — login,
  email-verification and password-reset codes (``OtpService``: ``nextInt(1000000)``,
  ``%06d``, with a magic link), the password-reset link and the admin-made account set-up
  mail; HTML only from ``noreply@mirelplatform.local`` (``SmtpEmailServiceImpl``).

- bgwvimsm-stack/soga-panel (MIT), a Chinese proxy-service panel on Cloudflare Workers:
  the registration and password-reset code mails of ``worker/src/api/auth.ts`` (default
  subject and body of ``worker/src/api/email/templates.ts`` through ``renderTemplate``, and
  ``buildVerificationHtml``; text and HTML), six-digit codes, ten minutes.

- LeVanAnhDuc/api-web-store-apps (ISC, from package.json), a Vietnamese web-store API: its
  react-email components (``src/services/email/templates/*.tsx``) with the strings of
  ``src/i18n/locales/{vi,en}/sendEmail.json``, bundled with esbuild and rendered by
  ``@react-email/render`` in node 20 (``--node-modules``: a folder holding
  ``react@19.2.4 react-dom@19.2.4 @react-email/components@1.0.8 @react-email/render@2.0.4
  esbuild@0.25.0``) — login, sign-up and forgot-password codes (``generateOtp(6)``), the
  magic link, the unlock mail with a temporary password and the administrator's reset with
  one (``generateTempPassword(16)``: letters, digits and ``!@#$%^&*``), and the
  password-changed alert. Mails sent without a locale fall back to Vietnamese; HTML only.

- xpressengine/xpressengine (LGPL-3.0-or-later), XE3, the Korean CMS/community platform by
  NAVER: the member notifications of ``core/src/Xpressengine/User/Notifications`` — the
  add-email confirmation code (``str_random()``, 16 letters and digits), the sign-up
  confirmation (code only in the link), the welcome mail and the password-reset link — in
  their Blade views inside ``emails/common.blade.php`` (a small renderer for ``@extends`` /
  ``@section`` and ``{{ }}`` / ``{!! !!}``) with the ko/en strings of
  ``resources/lang/common.php``; HTML only. English only where the view and its strings
  have English.

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
import textwrap
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 2, 17, 44, tzinfo=UTC)
RNG = random.Random("r18-asia")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round18" / "asia.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
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


def _fmt(s: str, args: list[str]) -> str | None:
    """PHP sprintf for the ``%s`` / ``%n$s`` / ``%d`` placeholders the strings use; ``None``
    where the string asks for more arguments than the code gives (PHP 8 throws
    ArgumentCountError, and no mail is sent)."""
    out, i, pos = [], 0, 0
    while pos < len(s):
        if s[pos] == "%" and pos + 1 < len(s):
            if s[pos + 1] in "sd":
                if i >= len(args):
                    return None
                out.append(args[i])
                i += 1
                pos += 2
                continue
            m = re.match(r"%(\d)\$[sd]", s[pos:])
            if m:
                if int(m.group(1)) > len(args):
                    return None
                out.append(args[int(m.group(1)) - 1])
                pos += len(m.group(0))
                continue
            if s[pos + 1] == "%":
                out.append("%")
                pos += 2
                continue
        out.append(s[pos])
        pos += 1
    return "".join(out)


def _php_strings(src: str, var: str) -> dict[str, str]:
    """``$var['key'] = '...';`` lines of a PHP language file (single-quoted strings)."""
    out = {}
    pat = re.compile(r"\$" + var + r"\['([^']+)'\]\s*=\s*'((?:[^'\\]|\\.)*)';")
    for m in pat.finditer(src):
        out[m.group(1)] = re.sub(r"\\(['\\])", r"\1", m.group(2))
    return out


def _strip_tags(s: str) -> str:
    """PHP strip_tags: a ``<`` followed by a space is text, not a tag."""
    return re.sub(r"<[A-Za-z/!?][^>]*>", "", s)


def _wrap70(s: str) -> str:
    lines = []
    for line in s.split("\n"):
        lines.append(textwrap.fill(line, 70, break_long_words=False, break_on_hyphens=False) or "")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# NukeViet

NV_REPO = "nukeviet/nukeviet"
NV_COMMIT = "acd4de4fde1da863d63a83b6bdf7668c370ee700"
NV_LICENCE = "GPL-2.0"
NV_LANGS = ["vi", "en", "fr"]
NV_SITE = {
    "site_name": "Chợ Nông Sản Đà Lạt",
    "site_description": "Rau, hoa và cà phê Lâm Đồng giao tận nhà",
    "site_email": "hotro@chonongsandalat.vn",
    "site_phone": "0263 3821 947",
}
NV_DOMAIN = "https://chonongsandalat.vn"
NV_USERS = {
    "vi": ("Trần", "Thị Ngọc Hân", "ngochan.tran"),
    "en": ("Nguyễn", "Minh Khoa", "khoa.nguyen88"),
    "fr": ("Lê", "Bảo Anh", "baoanh.le"),
}
NV_CHOSEN = {"vi": "HoaDaQuy#2026", "en": "LangBiang!1987", "fr": "CaPheSua_Da42"}
NV_NEWMAIL = {
    "vi": "ngochan.tran@gmail.com",
    "en": "minhkhoa.ng@outlook.com",
    "fr": "baoanh.le@yahoo.fr",
}


def _nv_genpass(length: int) -> str:
    """``nv_genpass($length, 0)``: a lower-case letter, a digit, then letters (lower or upper)
    and digits."""
    sets = ["abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"]
    kinds = [0, 2, RNG.randint(0, 2), RNG.randint(0, 2)]
    kinds += [RNG.randint(0, 2) for _ in range(length - 4)]
    return "".join(RNG.choice(sets[k]) for k in kinds)


def _nv_mail_html(tpl: str, title: str, content: str, lang_global: dict[str, str]) -> str:
    body = tpl.split("<!-- BEGIN: main -->\n", 1)[1].split("<!-- END: main -->", 1)[0]
    body = re.sub(r"<!-- BEGIN: phonenumber -->(.*?)<!-- END: phonenumber -->", r"\1", body,
                  flags=re.S)  # fmt: skip
    values = {
        "SITE_URL": NV_DOMAIN,
        "MESSAGE_TITLE": title,
        "MESSAGE_CONTENT": content,
        "MESSAGE_FOOTER": "",
    }
    for key, value in NV_SITE.items():
        values["GCONFIG." + key] = value
    for key, value in lang_global.items():
        values["LANG." + key] = value

    def sub(m: re.Match) -> str:
        return values.get(m.group(1), "")

    return re.sub(r"\{([A-Z_]+(?:\.[a-z_]+)?)\}", sub, body)


def nukeviet(mirrors: Path) -> None:
    repo = mirrors / "nukeviet+nukeviet" / "repo"
    tpl = _show(repo, NV_COMMIT, "themes/default/system/mail.tpl")
    sender = f'"{NV_SITE["site_name"]}" <{NV_SITE["site_email"]}>'
    sitename = f'<a href="{NV_DOMAIN}/">{NV_SITE["site_name"]}</a>'
    hour = {"vi": "21:04 03/12/2026", "en": "10:31 04/12/2026", "fr": "16:52 04/12/2026"}
    for lang in NV_LANGS:
        mod = _php_strings(_show(repo, NV_COMMIT, f"modules/users/language/{lang}.php"),
                           "lang_module")  # fmt: skip
        glob = _php_strings(_show(repo, NV_COMMIT, f"includes/language/{lang}/global.php"),
                            "lang_global")  # fmt: skip
        last, first, username = NV_USERS[lang]
        name = f"{last} {first}"  # name_show = 0: last name, first name
        email = username.replace(".", "") + "@gmail.com"
        exp = hour[lang]

        def send(template, kind, code, path, subject, content, note=None, lang=lang, glob=glob):
            if content is None:  # a stale translation: PHP throws, nothing is sent
                return
            _save(
                source="nukeviet", template=template, lang=lang, kind=kind, code=code,
                repository=NV_REPO, path=path + "; themes/default/system/mail.tpl; "
                f"modules/users/language/{lang}.php", commit=NV_COMMIT, licence=NV_LICENCE,
                rendered="nv_sendmail: the language strings through PHP sprintf, mail.tpl "
                "filled as XTemplate does (HTML); strip_tags of the message wrapped at 70 "
                "(text)",
                sender=sender, subject=html.unescape(subject),
                text=_wrap70(_strip_tags(content)),
                html_part=_nv_mail_html(tpl, subject, content, glob), note=note,
            )  # fmt: skip

        key = _nv_genpass(10).upper()
        send("lostpass-code", "shop-otp", key, "modules/users/funcs/lostpass.php",
             _fmt(mod["lostpass_email_subject"], [NV_DOMAIN.split("//")[1]]),
             _fmt(mod["lostpass_email_content"], [name, sitename, key, exp]))  # fmt: skip
        chosen = NV_CHOSEN[lang]
        send("newpass-done", "notice", chosen, "modules/users/funcs/lostpass.php",
             mod["edit_mail_subject"],
             _fmt(mod["edit_mail_content"], [name, sitename, glob["password"], chosen]),
             note="after recovery the mail repeats the new password the person chose, in "
             "bold; a password the mail gives to be typed counts")  # fmt: skip
        verikey = hashlib.md5(_nv_genpass(12).encode()).hexdigest()
        send("email-verifykey", "shop-otp", verikey, "modules/users/funcs/editinfo.php",
             mod["email_active"],
             _fmt(mod["email_active_info"], [name, sitename, verikey, exp]),
             note="the verifykey is an md5 (32 hex digits) typed into the Edit Account form")  # fmt: skip
        safekey = hashlib.md5(_nv_genpass(14).encode()).hexdigest()
        send("safemode-key", "shop-otp", safekey, "modules/users/funcs/editinfo.php",
             mod["safe_send_subject"],
             _fmt(mod["safe_send_content"], [name, sitename, safekey]),
             note="the safe-mode verification code is an md5 (32 hex digits)")  # fmt: skip
        newpw = _nv_genpass(RNG.randint(8, 12))
        url = (f"{NV_DOMAIN}/index.php?language={lang}&nv=users&op=active&userid="
               f"{RNG.randint(120, 9800)}&checknum={hashlib.md5(newpw.encode()).hexdigest()}")  # fmt: skip
        send("lostactive-password", "shop-otp", newpw, "modules/users/funcs/lostactivelink.php",
             mod["lostactive_mailtitle"],
             _fmt(mod["lostactive_active_info"],
                  [first, NV_SITE["site_name"], url, username, email, newpw, exp]),
             note="a new activation link, and the new generated password to sign in with "
             "after activating")  # fmt: skip
        url = (
            f"{NV_DOMAIN}/index.php?language={lang}&nv=users&op=active&userid="
            f"{RNG.randint(120, 9800)}&checknum={_rand('0123456789abcdef', 32)}"
        )
        send("activate-link", "notice", None, "modules/users/funcs/register.php",
             mod["account_active"],
             _fmt(mod["account_active_info"],
                  [name, NV_SITE["site_name"], url, username, email, exp]),
             note="activation by link only")  # fmt: skip
        send("registered", "notice", None, "modules/users/funcs/register.php",
             mod["account_register"],
             _fmt(mod["account_register_info"],
                  [first, NV_SITE["site_name"], f"{NV_DOMAIN}/index.php?language={lang}"
                   "&nv=users", username]))  # fmt: skip
        adm = _php_strings(_show(repo, NV_COMMIT, f"modules/users/language/admin_{lang}.php"),
                           "lang_module")  # fmt: skip
        home = f"{NV_DOMAIN}/index.php?language={lang}&nv=users"
        chosen = {"vi": "DaLat@2026moi", "en": "Welcome-Hoa2026", "fr": "Bienvenue!DL26"}[lang]
        send("admin-added", "notice", chosen, "modules/users/admin/user_add.php",
             adm["adduser_register"],
             _fmt(adm["adduser_register_info1"], [name, NV_SITE["site_name"], home, username,
                                                  chosen]),
             note="an administrator made the account: the username and the password the "
             "administrator chose, to sign in with (in the text part strip_tags runs the "
             "password into the next sentence, as PHP sends it)")  # fmt: skip
        chosen = {"vi": "Ngoc.Han#0312", "en": "MinhKhoa*Reset9", "fr": "BaoAnh+Nouveau7"}[lang]
        send("admin-updated", "notice", chosen, "modules/users/admin/edit.php",
             adm["adduser_register1"],
             _fmt(adm["adduser_register_info2"], [name, NV_SITE["site_name"], home, username])
             + _fmt(adm["adduser_register_info3"], [chosen])
             + _fmt(adm["adduser_register_info4"], [NV_SITE["site_name"]]),
             note="an administrator changed the account: the new password given in the mail")  # fmt: skip
        tsv = _php_strings(
            _show(repo, NV_COMMIT, f"modules/two-step-verification/language/{lang}.php"),
            "lang_module",
        )
        when = {"vi": "20:48:31 03/12/2026", "en": "09:12:05 04/12/2026",
                "fr": "17:30:44 04/12/2026"}[lang]  # fmt: skip
        ip, ua = "14.232.188.61", ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
                                   "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")  # fmt: skip
        site_link = f"{NV_DOMAIN}/index.php?language={lang}"
        manager = f"{NV_DOMAIN}/index.php?language={lang}&amp;nv=two-step-verification"
        tsv_path = "modules/two-step-verification/funcs/"
        send("2step-on", "notice", None, tsv_path + "setup.php", tsv["email_subject"],
             _fmt(tsv["email_2step_on"], [when, ip, ua, username, site_link,
                                          NV_SITE["site_name"]]),
             note="security notice (two-factor turned on): time, IP and browser")  # fmt: skip
        send("2step-off", "notice", None, tsv_path + "main.php", tsv["email_subject"],
             _fmt(tsv["email_2step_off"], [when, ip, ua, manager, username, site_link,
                                           NV_SITE["site_name"]]),
             note="security notice (two-factor turned off)")  # fmt: skip
        send("backup-codes-renewed", "notice", None, tsv_path + "main.php", tsv["email_subject"],
             _fmt(tsv["email_code_renew"], [when, ip, ua, manager, username, site_link,
                                            NV_SITE["site_name"]]),
             note="security notice: backup codes were recreated (none are in the mail)")  # fmt: skip
        newname = username.replace(".", "_") + "_dl"
        send("username-changed", "notice", None, "modules/users/funcs/editinfo.php",
             mod["edit_mail_subject"],
             _fmt(mod["edit_mail_content"], [name, sitename, glob["username"], newname]),
             note="the bold value is the new username, not a code")  # fmt: skip
        send("email-changed", "notice", None, "modules/users/funcs/editinfo.php",
             mod["edit_mail_subject"],
             _fmt(mod["edit_mail_content"], [name, sitename, glob["email"], NV_NEWMAIL[lang]]))  # fmt: skip


# ---------------------------------------------------------------------------------------
# EC-CUBE

EC_REPO = "EC-CUBE/ec-cube"
EC_COMMIT = "778652134dab71f601a0f6b0031a356306ef3d6d"
EC_LICENCE = "GPL-2.0-only"
EC_DIR = "src/Eccube/Resource/template/default/Mail/"
EC_SHOP = {
    "shop_name": "京都いろは茶舗 オンラインショップ",
    "email01": "shop@iroha-chaho.jp",
    "email02": "support@iroha-chaho.jp",
    "isOptionPoint": True,
}
EC_HOME = "https://iroha-chaho.jp/"
EC_PREFS = {"kyoto": {"name": "京都府"}, "tokyo": {"name": "東京都"}}


def _ec_env(autoescape: bool):
    import jinja2

    env = jinja2.Environment(trim_blocks=True, keep_trailing_newline=True,
                             autoescape=autoescape, undefined=jinja2.ChainableUndefined)  # fmt: skip
    env.filters["price"] = lambda n: f"￥{int(n):,}"
    env.filters["number_format"] = lambda n: f"{int(n):,}"
    env.filters["date_sec"] = lambda d: d.strftime("%Y/%m/%d %H:%M:%S")
    env.filters["date_day"] = lambda d: d.strftime("%Y/%m/%d")
    env.filters["nl2br"] = lambda t: jinja2.filters.Markup(
        str(jinja2.filters.escape(t)).replace("\n", "<br />\n")
    )
    env.tests["null"] = lambda v: v is None
    env.tests["empty"] = lambda v: not v
    env.globals["url"] = lambda name: EC_HOME
    env.globals["date"] = lambda: datetime(2026, 12, 3, 11, 17, 44)
    env.globals["is_reduced_tax_rate"] = lambda item: False
    return env


def _ec_twig(src: str) -> str:
    """The few Twig forms the templates use that Jinja spells otherwise."""
    src = re.sub(r"\{% autoescape 'safe_textmail' %\}", "{% autoescape false %}", src)
    src = re.sub(r"\{% endautoescape\s+%\}", "{% endautoescape %}", src)
    src = re.sub(r"(\S+) is empty \? ('[^']*') : (\S+)", r"\2 if \1 is empty else \3", src)
    src = src.replace("in Order.total_by_tax_rate %}", "in Order.total_by_tax_rate.items() %}")
    return src


def eccube(mirrors: Path) -> None:
    repo = mirrors / "EC-CUBE+ec-cube" / "repo"
    names = subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "--name-only", EC_COMMIT, EC_DIR],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    subjects = {}
    csv = _show(repo, EC_COMMIT, "src/Eccube/Resource/doctrine/import_csv/ja/dtb_mail_template.csv")
    for line in csv.splitlines()[1:]:
        cols = [c.strip('"') for c in line.split(",")]
        subjects[cols[3]] = cols[4]
    text_env, html_env = _ec_env(False), _ec_env(True)
    sender = f'"{EC_SHOP["shop_name"]}" <{EC_SHOP["email01"]}>'
    customer = {"name01": "山本", "name02": "彩花", "kana01": "ヤマモト", "kana02": "アヤカ",
                "email": "ayaka.yamamoto@example.jp"}  # fmt: skip
    address = {
        "postal_code": "6048152", "Pref": EC_PREFS["kyoto"],
        "addr01": "京都市中京区烏丸通蛸薬師上る", "addr02": "三条ハイツ402",
        "phone_number": "09034187265", "company_name": None,
    }  # fmt: skip
    items = [
        {"product_code": "MC-UJI-030", "product_name": "宇治抹茶 雅（みやび）",
         "classcategory_name1": "30g缶", "classcategory_name2": "", "price_inctax": 2916,
         "quantity": 2},
        {"product_code": "GY-0100", "product_name": "玉露 翠香", "classcategory_name1": "100g",
         "classcategory_name2": "", "price_inctax": 3780, "quantity": 1},
    ]  # fmt: skip
    shipping = dict(
        address, name01="山本", name02="彩花", kana01="ヤマモト", kana02="アヤカ",
        shipping_delivery_name="ヤマト運輸 宅急便", shipping_delivery_date=datetime(2026, 12, 6),
        shipping_delivery_time="14時～16時", productOrderItems=items,
        tracking_number="4471-2093-8856",
        Delivery={"confirm_url": "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko"},
    )  # fmt: skip
    order = dict(
        customer, **address, order_no="20261203-0417", order_date=datetime(2026, 12, 3, 11, 9, 2),
        payment_total=10312, payment_method="クレジットカード決済", Customer=customer,
        usePoint=300, addPoint=96, message="のし紙（御歳暮）をお願いします。",
        MergedProductOrderItems=items, subtotal=9612, charge=0, delivery_fee_total=1000,
        taxable_discount=0, taxable_total=10612,
        tax_free_discount_items=[{"product_name": "ポイント値引き", "total_price": -300}],
        total_by_tax_rate={8: 9612, 10: 1000}, tax_by_tax_rate={8: 712, 10: 91},
        Shippings=[shipping], multiple=False, complete_mail_message=None,
    )  # fmt: skip
    password = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 8)
    mails = [
        ("reset-complete", "shop-otp", password, {"Customer": customer, "password": password},
         "the new password (StringUtil::random(8)) the customer signs in with"),
        ("forgot", "notice", None, {"Customer": customer, "expire": 10,
         "reset_url": EC_HOME + "forgot/reset/" + _rand("abcdefghijklmnopqrstuvwxyz0123456789", 20)},
         "password reset by link only"),
        ("entry-confirm", "notice", None, {"Customer": customer,
         "activateUrl": EC_HOME + "entry/activate/" + _rand("abcdefghijklmnopqrstuvwxyz0123456789", 40)},
         "registration confirmed by link only"),
        ("entry-complete", "notice", None, {"Customer": customer}, None),
        ("order", "shop-order", None, {"Order": order},
         "order number 20261203-0417, prices, product codes, a postcode and a phone number; no "
         "code"),
        ("shipping-notify", "shop-order", None, {"Order": order, "Shipping": shipping},
         "the tracking number (お問い合わせ番号) is not a code"),
        ("contact", "notice", None, {"data": dict(
            address, name01="山本", name02="彩花", kana01="ヤマモト", kana02="アヤカ",
            pref=EC_PREFS["kyoto"], email=customer["email"],
            contents="注文番号20261203-0417の玉露の賞味期限を教えてください。\n贈答用です。")},
         "an inquiry receipt quoting an order number"),
        ("customer-change-notify", "notice", None, {"Customer": customer,
         "eventName": "会員情報編集", "ipAddress": "203.0.113.58",
         "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
                      "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"},
         "account-change alert with date, IP address and user agent"),
        ("withdraw", "notice", None, {"Customer": customer}, None),
    ]  # fmt: skip
    files = {
        "reset-complete": "reset_complete_mail", "forgot": "forgot_mail",
        "entry-confirm": "entry_confirm", "entry-complete": "entry_complete", "order": "order",
        "shipping-notify": "shipping_notify", "contact": "contact_mail",
        "customer-change-notify": "customer_change_notify", "withdraw": "customer_withdraw_mail",
    }  # fmt: skip
    for template, kind, code, ctx, note in mails:
        base = files[template]
        ctx = dict(ctx, BaseInfo=EC_SHOP)
        text = text_env.from_string(_ec_twig(_show(repo, EC_COMMIT, EC_DIR + base + ".twig")))
        text = text.render(ctx)
        path = EC_DIR + base + ".twig"
        html_part = None
        if base + ".html.twig" in [n.rsplit("/", 1)[-1] for n in names]:
            src = _show(repo, EC_COMMIT, EC_DIR + base + ".html.twig")
            html_part = html_env.from_string(_ec_twig(src)).render(ctx)
            path += "; " + EC_DIR + base + ".html.twig"
        _save(
            source="eccube", template=template, lang="ja", kind=kind, code=code,
            repository=EC_REPO, path=path + "; src/Eccube/Service/MailService.php",
            commit=EC_COMMIT, licence=EC_LICENCE,
            rendered="MailService: the Twig templates rendered with Jinja2 (Twig-only forms "
            "rewritten; EC-CUBE's price/date filters as the ja shop shows them); subject "
            "'[shop] ' + dtb_mail_template (ja)",
            sender=sender, subject=f"[{EC_SHOP['shop_name']}] {subjects['Mail/' + base + '.twig']}",
            text=text, html_part=html_part, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# bbs-go

BBS_REPO = "mlogclub/bbs-go"
BBS_COMMIT = "35f4190d73eb6d0d1a899a912b2fda51eeda51e8"
BBS_LICENCE = "GPL-3.0"
BBS_SITE = {"zh-CN": "码农驿站社区", "en-US": "Harbour Makers Forum"}
BBS_HOST = {"zh-CN": "https://bbs.manong-yizhan.cn", "en-US": "https://forum.harbourmakers.sg"}


def _go_template(tpl: str, data: dict) -> str:
    """The ``{{if .X}}...{{end}}`` and ``{{.X.Y}}`` forms of the bbs-go mail template
    (text/template, no escaping)."""

    def value(path: str):
        cur = data
        for part in path.split("."):
            cur = cur.get(part) if isinstance(cur, dict) else None
        return cur

    def cond(m: re.Match) -> str:
        return m.group(2) if value(m.group(1)) else ""

    while True:
        new = re.sub(r"\{\{if \.([\w.]+)\}\}((?:(?!\{\{if ).)*?)\{\{end\}\}", cond, tpl, flags=re.S)
        if new == tpl:
            break
        tpl = new
    return re.sub(r"\{\{\.([\w.]+)\}\}", lambda m: str(value(m.group(1)) or ""), tpl)


def _yaml_section(src: str, section: str) -> dict[str, str]:
    import yaml

    return yaml.safe_load(src)[section]


BBS_NOTICES = {
    "zh-CN": {
        "from": "阿杰在写代码", "reply": "我也遇到过，把 GOPROXY 换成 goproxy.cn 之后就好了。",
        "quote": "go mod tidy 一直超时怎么办？", "topic": "Go 1.24 升级后 go mod tidy 超时",
        "badge": "热心答主",
    },
    "en-US": {
        "from": "kai_builds", "reply": "Same here — pinning the Node image to 20.18 fixed the build.",
        "quote": "The CI build fails after the base image update.",
        "topic": "Docker build breaks after the base image update", "badge": "Helpful Answerer",
    },
}  # fmt: skip


def bbsgo(mirrors: Path) -> None:
    repo = mirrors / "mlogclub+bbs-go" / "repo"
    go = _show(repo, BBS_COMMIT, "internal/services/email_service.go")
    tpl = go.split("templateStr := `", 1)[1].split("`", 1)[0]
    for lang in ["zh-CN", "en-US"]:
        loc = _yaml_section(_show(repo, BBS_COMMIT, f"locales/{lang}.yml"), "message")
        site, host = BBS_SITE[lang], BBS_HOST[lang]
        sender = "noreply@" + host.split("//")[1].split(".", 1)[1]
        view = _yaml_section(_show(repo, BBS_COMMIT, f"locales/{lang}.yml"), "email")[
            "view_details"
        ]
        n = BBS_NOTICES[lang]
        author = {
            "Title": n["from"],
            "Url": host + "/user/" + _rand("abcdefghjkmnpqrstuvwxyz23456789", 6),
        }
        topic_url = host + "/topic/" + _rand("abcdefghjkmnpqrstuvwxyz23456789", 6)
        for template, title, content, quote, frm, url, note in [
            ("notice-comment-reply", loc["comment_reply_msg_title"], n["reply"], n["quote"],
             author, topic_url, "a reply notice: who replied, the reply and the quoted comment"),
            ("notice-topic-like", loc["topic_like_msg_title"], "", n["topic"], author, topic_url,
             "a like notice quoting the topic title"),
            ("notice-level-up", loc["user_level_up_msg_title"],
             _fmt(loc["user_level_up_msg_content"], ["7"]), "", None, host + "/tasks",
             "a level-up notice (Lv.7); no code"),
            ("notice-badge", loc["user_badge_grant_msg_title"],
             _fmt(loc["user_badge_grant_msg_content"], [n["badge"]]), "", None,
             author["Url"] + "/badges", "a badge notice; no code"),
        ]:  # fmt: skip
            body = _go_template(tpl, {
                "From": frm, "Title": title, "Content": content or title, "QuoteContent": quote,
                "link": {"Title": view, "Url": url},
            })  # fmt: skip
            _save(
                source="bbsgo", template=template, lang=lang, kind="notice", code=None,
                repository=BBS_REPO, path="internal/services/message_service.go; "
                "internal/services/eventhandler; internal/services/email_service.go; "
                f"locales/{lang}.yml", commit=BBS_COMMIT, licence=BBS_LICENCE,
                rendered="MessageService.SendEmailNotice: subject site + ' - ' + title, the Go "
                "text/template of email_service.go with the sender's nickname link, content, "
                "quote and a 'view details' link; HTML only (user and topic ids encoded as "
                "idcodec would, invented)",
                sender=sender, subject=f"{site} - {title}", text=None, html_part=body, note=note,
            )  # fmt: skip
    for lang in ["zh-CN", "en-US"]:
        strings = _yaml_section(_show(repo, BBS_COMMIT, f"locales/{lang}.yml"), "user")
        site, host = BBS_SITE[lang], BBS_HOST[lang]
        sender = "noreply@" + host.split("//")[1].split(".", 1)[1]
        for template, key, path, hours, note in [
            ("email-verify", "email_verify", "/user/email/verify?token=", 24,
             "email verification by link only (the token is only in the link)"),
            ("password-reset", "password_reset", "/user/password/reset?token=", 1,
             "password reset by link only"),
        ]:  # fmt: skip
            url = host + path + _rand("0123456789abcdef", 32)
            title = _fmt(strings[key + "_title"], [site])
            content = _fmt(strings[key + "_content"], [site, str(hours), url])
            body = _go_template(tpl, {
                "From": None, "Title": title, "Content": content, "QuoteContent": "",
                "link": {"Title": strings[key + "_link"], "Url": url},
            })  # fmt: skip
            _save(
                source="bbsgo", template=template, lang=lang, kind="notice", code=None,
                repository=BBS_REPO, path="internal/services/user_service.go; "
                f"internal/services/email_service.go; locales/{lang}.yml", commit=BBS_COMMIT,
                licence=BBS_LICENCE,
                rendered="EmailService.SendTemplateEmail: the Go text/template of "
                "email_service.go filled with the locale's strings (fmt.Sprintf); HTML only",
                sender=sender, subject=title, text=None, html_part=body, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# PPanel (perfect-panel/server)

PP_REPO = "perfect-panel/server"
PP_COMMIT = "4e49bab1e1ed4028a97bfe4568ca5ae89e2e8581"
PP_LICENCE = "GPL-3.0"
PP_SITE = {"SiteName": "云帆加速", "SiteLogo": "https://cdn.yunfan-jiasu.com/static/logo.png"}


def _pp_const(go: str, name: str) -> str:
    return go.split(name + " = `", 1)[1].split("`", 1)[0]


def _pp_render(tpl: str, data: dict) -> str:
    """Go text/template for the forms these templates use: ``{{if eq .Type 1}}…{{else}}…
    {{end}}`` and ``{{.Name}}``."""

    def cond(m: re.Match) -> str:
        return m.group(3) if data.get(m.group(1)) == int(m.group(2)) else m.group(4)

    tpl = re.sub(r"\{\{if eq \.(\w+) (\d+)\}\}(.*?)\{\{else\}\}(.*?)\{\{end\}\}", cond, tpl,
                 flags=re.S)  # fmt: skip
    return re.sub(r"\{\{\.(\w+)\}\}", lambda m: str(data[m.group(1)]), tpl)


def ppanel(mirrors: Path) -> None:
    repo = mirrors / "perfect-panel+server" / "repo"
    go = _show(repo, PP_COMMIT, "pkg/email/template.go")
    sender = f"{PP_SITE['SiteName']} <no-reply@yunfan-jiasu.com>"
    common = dict(source="ppanel", repository=PP_REPO, commit=PP_COMMIT, licence=PP_LICENCE,
                  lang="zh", sender=sender, text=None,
                  rendered="queue SendEmailLogic: the default template of pkg/email/template.go "
                  "(Go text/template: if eq/else/end and fields) filled with the task's content "
                  "map; HTML only (gomail SetBody text/html), From the site name")  # fmt: skip
    for vtype, template, note in [
        (1, "register-code", "registration code; the mail is bilingual (Chinese, then English)"),
        (2, "security-code", "password-reset (security) code; bilingual Chinese/English"),
    ]:
        code = "".join(RNG.choice("0123456789") for _ in range(6))  # random.Key(6, 0)
        body = _pp_render(_pp_const(go, "DefaultEmailVerifyTemplate"),
                          dict(PP_SITE, Type=vtype, Expire=5, Code=code))  # fmt: skip
        _save(template=template, kind="saas-otp", code=code,
              path="internal/logic/common/sendEmailCodeLogic.go; pkg/email/template.go; "
              "queue/logic/email/sendEmailLogic.go", subject="Verification code",
              html_part=body, note=note, **common)  # fmt: skip
    body = _pp_render(
        _pp_const(go, "DefaultExpirationEmailTemplate"),
        dict(PP_SITE, ExpireDate="2026-12-10 23:59:59"),
    )
    _save(template="expiration", kind="notice", code=None,
          path="queue/logic/subscription/checkSubscriptionLogic.go; pkg/email/template.go",
          subject="Subscription Expired", html_part=body,
          note="subscription expiry notice with a date; bilingual", **common)  # fmt: skip
    body = _pp_render(_pp_const(go, "DefaultTrafficExceedEmailTemplate"), dict(PP_SITE))
    _save(template="traffic-exceed", kind="notice", code=None,
          path="queue/logic/subscription/checkSubscriptionLogic.go; pkg/email/template.go",
          subject="Subscription Traffic Exceed", html_part=body,
          note="traffic-exhausted notice; bilingual", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# dujiaoka

DJK_REPO = "assimon/dujiaoka"
DJK_COMMIT = "9f5467ad21f245b895640bf2cfced099f41a84d0"
DJK_LICENCE = "MIT"


def _php_sql_string(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"r": "\r", "n": "\n"}.get(m.group(1), m.group(1)), s)


def dujiaoka(mirrors: Path) -> None:
    repo = mirrors / "assimon+dujiaoka" / "repo"
    sql = _show(repo, DJK_COMMIT, "database/sql/install.sql")
    tpls = {}
    for m in re.finditer(r"INSERT INTO `emailtpls` VALUES \(\d+, '((?:[^'\\]|\\.)*)', "
                         r"'((?:[^'\\]|\\.)*)', '(\w+)'", sql):  # fmt: skip
        tpls[m.group(3)] = (_php_sql_string(m.group(1)), _php_sql_string(m.group(2)))
    webname, weburl = "星河数卡铺", "https://shop.xinghe-shuka.com"
    sender = f"{webname} <notice@xinghe-shuka.com>"
    order_sn = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz", 16).upper()
    cards = ["-".join(_rand("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 5) for _ in range(3))
             for _ in range(2)]  # fmt: skip
    manual_sn = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 16)

    def send(token, template, kind, data, note, path, to_admin=False):
        title, content = tpls[token]
        for key, val in data.items():  # replace_mail_tpl, in the array's order
            title = title.replace("{" + key + "}", str(val))
            content = content.replace("{" + key + "}", str(val))
        _save(source="dujiaoka", template=template, lang="zh-CN", kind=kind, code=None,
              repository=DJK_REPO, path=path + "; database/sql/install.sql (emailtpls); "
              "app/Helpers/functions.php; app/Jobs/MailSend.php", commit=DJK_COMMIT,
              licence=DJK_LICENCE,
              rendered="replace_mail_tpl (str_replace of {key} in the array's order) on the "
              "emailtpls row of install.sql; resources/views/email/mail.blade.php is {!! $body !!}; "
              "HTML only", sender=sender, subject=title, text=None, html_part=content,
              note=note)  # fmt: skip

    # processAuto: 'created_at' => $order->create_at (no such attribute: empty)
    send("card_send_user_email", "card-delivery", "shop-order", {
        "created_at": "", "product_name": "Steam 钱包充值码 ¥100", "webname": webname,
        "weburl": weburl, "ord_info": "<br/>".join(cards),
        "ord_title": "Steam 钱包充值码 ¥100 x 2", "order_id": order_sn, "buy_amount": 2,
        "ord_price": "196.00",
    }, "automatic delivery of two purchased Steam wallet codes (卡密, the goods bought: "
       "gift-card codes, not a code to sign in with) next to a 16-character order number; "
       "the date is empty as processAuto sends it", "app/Service/OrderProcessService.php")  # fmt: skip
    order = {
        "created_at": "2026-12-03 10:42",
        "ord_title": "王者荣耀 点券代充 600点 x 1",
        "webname": webname,
        "weburl": weburl,
        "order_id": manual_sn,
        "ord_price": "58.80",
    }
    send(
        "pending_order",
        "order-pending",
        "shop-order",
        dict(order, ord_info=""),
        "manual (top-up) order received; order number only",
        "app/Listeners/OrderUpdated.php",
    )
    send(
        "completed_order",
        "order-completed",
        "shop-order",
        dict(order, ord_info="已为 QQ 号 2894****17 充值 600 点券，请登录游戏查收。"),
        "manual order completed with the staff's note",
        "app/Listeners/OrderUpdated.php",
    )
    send(
        "failed_order",
        "order-failed",
        "shop-order",
        dict(order, ord_info=""),
        "manual order failed; order number only",
        "app/Listeners/OrderUpdated.php",
    )
    send("manual_send_manage_mail", "manage-new-order", "notice", {
        "created_at": None, "product_name": "王者荣耀 点券代充 600点", "webname": webname,
        "weburl": weburl, "ord_info": "充值QQ号：2894736517<br/>区服：微信区", "ord_title":
        "王者荣耀 点券代充 600点 x 1", "order_id": manual_sn, "buy_amount": 1,
        "ord_price": "58.80",
    } | {"created_at": "2026-12-03 10:42:19"},
         "to the shop's manager: a paid manual order with the customer's account number",
         "app/Service/OrderProcessService.php")  # fmt: skip


# ---------------------------------------------------------------------------------------
# mirelplatform

MIREL_REPO = "vemikrs/mirelplatform"
MIREL_COMMIT = "f48e3e797abd4389668aec49ffdc6a3b85f354f5"
MIREL_LICENCE = "Apache-2.0"
MIREL_DIR = "backend/src/main/resources/templates/email/"
MIREL_BASE = "https://portal.kotobuki-shoji.co.jp"


def mirel(mirrors: Path) -> None:
    repo = mirrors / "vemikrs+mirelplatform" / "repo"
    common = dict(source="mirel", lang="ja", repository=MIREL_REPO, commit=MIREL_COMMIT,
                  licence=MIREL_LICENCE, sender="noreply@mirelplatform.local", text=None,
                  rendered="EmailTemplateService: the FreeMarker .ftl (${name} only, no "
                  "escaping) filled with the service's variables; SmtpEmailServiceImpl "
                  "sendHtmlEmail (HTML only, From noreply@mirelplatform.local)")  # fmt: skip

    def ftl(name: str, values: dict) -> str:
        src = _show(repo, MIREL_COMMIT, MIREL_DIR + name + ".ftl")
        return re.sub(r"\$\{(\w+)\}", lambda m: str(values[m.group(1)]), src)

    for purpose, name, subject in [
        ("login", "otp-login", "ログイン認証コード"),
        ("email-verify", "otp-email-verification", "メールアドレス検証コード"),
        ("password-reset", "otp-password-reset", "パスワードリセット認証コード"),
    ]:
        code = f"{RNG.randrange(1000000):06d}"  # secureRandom.nextInt(1000000), %06d
        body = ftl(name, {
            "otpCode": code, "expirationMinutes": 5, "domain": "portal.kotobuki-shoji.co.jp",
            "magicLink": f"{MIREL_BASE}/auth/magic-verify?token={_rand('0123456789abcdef', 64)}",
        })  # fmt: skip
        _save(template=purpose + "-otp", kind="saas-otp", code=code,
              path=MIREL_DIR + name + ".ftl; backend/src/main/java/jp/vemi/mirel/foundation/"
              "service/OtpService.java", subject=subject, html_part=body,
              note="a six-digit code and a magic-link button that does the same", **common)  # fmt: skip
    body = ftl("password-reset-link", {
        "resetLink": f"{MIREL_BASE}/auth/password-reset?token={_rand('0123456789abcdef', 64)}",
        "expirationHours": 1,
    })  # fmt: skip
    _save(template="password-reset-link", kind="notice", code=None,
          path=MIREL_DIR + "password-reset-link.ftl; backend/src/main/java/jp/vemi/mirel/"
          "foundation/web/api/auth/service/PasswordResetService.java",
          subject="パスワードリセットのリクエスト - mirelplatform", html_part=body,
          note="password reset by link only", **common)  # fmt: skip
    body = ftl("account-setup", {
        "displayName": "佐々木 健太", "username": "k.sasaki", "email": "k.sasaki@kotobuki-shoji.co.jp",
        "setupLink": f"{MIREL_BASE}/auth/setup-account?token={_rand('0123456789abcdef', 64)}",
    })  # fmt: skip
    _save(template="account-setup", kind="notice", code=None,
          path=MIREL_DIR + "account-setup.ftl; backend/src/main/java/jp/vemi/mirel/foundation/"
          "web/api/admin/service/AdminUserService.java",
          subject="アカウント作成完了 - パスワード設定のご案内", html_part=body,
          note="an account made by an admin: the username and email, a link to set the "
          "password; no code", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# soga-panel

SOGA_REPO = "bgwvimsm-stack/soga-panel"
SOGA_COMMIT = "a31ec24e0b7a6e68e25be80079eb3b1c9c36e2f8"
SOGA_LICENCE = "MIT"


def _soga_html(subject, site_name, site_url, code, text, expire, title) -> str:
    """``buildVerificationHtml`` of worker/src/api/auth.ts (a template literal)."""
    esc = lambda v: html.escape(str(v), quote=True).replace("&#x27;", "&#39;")  # noqa: E731
    paragraphs = "".join(
        f'<p style="margin:0 0 12px;">{esc(line.strip())}</p>'
        for line in re.split(r"\n+", text)
        if line.strip()
    )
    footer = (
        '<p style="margin:0;color:#94a3b8;font-size:12px;text-align:center;">访问 <a href="'
        f'{esc(site_url)}" style="color:#2563eb;text-decoration:none;">{esc(site_url)}</a> '
        "获取更多信息。</p>"
        if site_url
        else ""
    )
    return f"""
      <div style="background:#f1f5f9;padding:24px;">
        <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;box-shadow:0 16px 32px rgba(15,23,42,0.15);font-family:'Segoe UI',Helvetica,Arial,sans-serif;color:#0f172a;">
          <div style="text-align:center;margin-bottom:24px;">
            <div style="font-size:28px;font-weight:700;color:#2563eb;">{esc(site_name)}</div>
            <div style="font-size:14px;color:#64748b;margin-top:6px;">{esc(subject)}</div>
          </div>
          <div style="text-align:center;margin-bottom:24px;">
            <div style="font-size:14px;color:#475569;margin-bottom:8px;">{esc(title)}</div>
            <div style="display:inline-block;padding:16px 24px;border-radius:14px;background:#1d4ed8;color:#ffffff;font-size:36px;font-weight:700;letter-spacing:10px;">{esc(code)}</div>
            <div style="font-size:13px;color:#64748b;margin-top:12px;">验证码将在 {expire} 分钟后失效</div>
          </div>
          <div style="font-size:14px;line-height:1.7;color:#334155;margin-bottom:24px;">
            {paragraphs}
          </div>
          <div style="font-size:12px;color:#94a3b8;text-align:center;margin-top:32px;">
            如果这不是您的操作，请忽略此邮件。{footer}
          </div>
        </div>
      </div>
    """


def soga(mirrors: Path) -> None:
    repo = mirrors / "bgwvimsm-stack+soga-panel" / "repo"
    ts = _show(repo, SOGA_COMMIT, "worker/src/api/email/templates.ts")
    consts = dict(re.findall(r"export const (\w+) =\s*\"([^\"]*)\";", ts))
    site, url = "极光云", "https://jiguang-cloud.net"
    for purpose, prefix, title in [
        ("register", "defaultRegister", "您的注册验证码"),
        ("password-reset", "defaultPasswordReset", "您的密码重置验证码"),
    ]:
        code = f"{RNG.randrange(1000000):06d}"
        values = {"code": code, "site_name": site, "site_url": url, "expire_minutes": "10"}

        def render(t: str, values=values) -> str:
            return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: values.get(m.group(1).lower(), ""), t)

        subject = render(consts[prefix + "EmailSubject"])
        text = render(consts[prefix + "EmailTemplate"])
        _save(source="soga", template=purpose + "-code", lang="zh-CN", kind="saas-otp",
              code=code, repository=SOGA_REPO,
              path="worker/src/api/email/templates.ts; worker/src/api/auth.ts; "
              "worker/src/services/email.ts", commit=SOGA_COMMIT, licence=SOGA_LICENCE,
              rendered="renderTemplate ({{key}}) of the default subject and body; "
              "buildVerificationHtml as the HTML part and the body as the text part; From "
              "the site name", sender=f"{site} <noreply@jiguang-cloud.net>", subject=subject,
              text=text, html_part=_soga_html(subject, site, url, code, text, 10, title),
              note="six-digit code shown in a spaced box and repeated in the sentence")  # fmt: skip


# ---------------------------------------------------------------------------------------
# api-web-store-apps (react-email)

WS_REPO = "LeVanAnhDuc/api-web-store-apps"
WS_COMMIT = "b7310fb9a9776990d75eb7b5cf7a60a2736782dc"
WS_LICENCE = "ISC"
WS_FILES = [
    "src/services/email/email.helper.ts",
    "src/i18n/locales/en/sendEmail.json",
    "src/i18n/locales/vi/sendEmail.json",
    "src/services/email/templates/components/email-layout.tsx",
    "src/services/email/templates/components/otp-block.tsx",
    "src/services/email/templates/components/cta-button.tsx",
    "src/services/email/templates/components/info-box.tsx",
    "src/services/email/templates/login-otp.tsx",
    "src/services/email/templates/signup-otp.tsx",
    "src/services/email/templates/forgot-password-otp.tsx",
    "src/services/email/templates/magic-link.tsx",
    "src/services/email/templates/unlock-temp-password.tsx",
    "src/services/email/templates/password-changed.tsx",
    "src/services/email/templates/admin-reset-password.tsx",
]
WS_NODE = r"""
const path = require("path");
const fs = require("fs");
const esbuild = require("esbuild");
const root = process.argv[2];
const jobs = JSON.parse(fs.readFileSync(path.join(root, "jobs.json"), "utf8"));
const entry = `
import { render } from "@react-email/render";
import { LoginOtpEmail } from "@/services/email/templates/login-otp";
import { SignupOtpEmail } from "@/services/email/templates/signup-otp";
import { ForgotPasswordOtpEmail } from "@/services/email/templates/forgot-password-otp";
import { MagicLinkEmail } from "@/services/email/templates/magic-link";
import { UnlockTempPasswordEmail } from "@/services/email/templates/unlock-temp-password";
import { PasswordChangedEmail } from "@/services/email/templates/password-changed";
import { AdminResetPasswordEmail } from "@/services/email/templates/admin-reset-password";
const T = { LoginOtpEmail, SignupOtpEmail, ForgotPasswordOtpEmail, MagicLinkEmail,
  UnlockTempPasswordEmail, PasswordChangedEmail, AdminResetPasswordEmail };
export async function run(jobs) {
  const out = [];
  for (const j of jobs) out.push(await render(T[j.template](j.data, j.locale)));
  return out;
}
`;
fs.writeFileSync(path.join(root, "entry.tsx"), entry);
esbuild.buildSync({
  entryPoints: [path.join(root, "entry.tsx")], bundle: true, platform: "node",
  format: "cjs", outfile: path.join(root, "bundle.js"), jsx: "automatic",
  alias: { "@": path.join(root, "src") }, nodePaths: [process.env.NODE_PATH],
  logLevel: "error",
});
require(path.join(root, "bundle.js")).run(jobs).then((html) => {
  process.stdout.write(JSON.stringify(html));
});
"""


def webstore(mirrors: Path, node_modules: Path) -> None:
    import os
    import tempfile

    repo = mirrors / "LeVanAnhDuc+api-web-store-apps" / "repo"
    strings = {
        lang: json.loads(_show(repo, WS_COMMIT, f"src/i18n/locales/{lang}/sendEmail.json"))
        for lang in ("en", "vi")
    }
    login = "https://shop.nhaxanh.vn/login"
    jobs = []
    # (template, component, key, kind, languages, data maker, code, note)
    for lang in ("vi", "en"):
        for template, comp, key in [
            ("login-otp", "LoginOtpEmail", "loginOtp"),
            ("signup-otp", "SignupOtpEmail", "signupOtp"),
            ("forgot-password-otp", "ForgotPasswordOtpEmail", "forgotPasswordOtp"),
        ]:
            otp = str(RNG.randrange(100000, 1000000))  # generateOtp(6)
            jobs.append((template, comp, key, lang, {"otp": otp, "expiryMinutes": 5}, otp,
                         "six-digit code in a dashed box"))  # fmt: skip
        url = f"https://shop.nhaxanh.vn/auth/magic-link?token={_rand('0123456789abcdef', 128)}"
        jobs.append(("magic-link", "MagicLinkEmail", "magicLink", lang,
                     {"magicLinkUrl": url, "expiryMinutes": 15}, None,
                     "sign-in by link only"))  # fmt: skip
        upper, lower, digit, special = (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789", "!@#$%^&*"
        )  # fmt: skip
        chars = [RNG.choice(upper), RNG.choice(lower), RNG.choice(digit), RNG.choice(special)]
        chars += [RNG.choice(upper + lower + digit + special) for _ in range(12)]
        RNG.shuffle(chars)
        temp = "".join(chars)  # generateTempPassword(16)
        jobs.append(("unlock-temp-password", "UnlockTempPasswordEmail", "unlockTempPassword",
                     lang, {"tempPassword": temp, "loginUrl": login}, temp,
                     "a 16-character temporary password with symbols, to log in with"))  # fmt: skip
    # sent without a locale: getEmailT falls back to Vietnamese
    chars = [RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), RNG.choice("abcdefghijklmnopqrstuvwxyz"),
             RNG.choice("0123456789"), RNG.choice("!@#$%^&*")]  # fmt: skip
    chars += [RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*")
              for _ in range(12)]  # fmt: skip
    RNG.shuffle(chars)
    temp = "".join(chars)
    jobs.append(("admin-reset-password", "AdminResetPasswordEmail", "adminResetPassword", "vi",
                 {"tempPassword": temp, "loginUrl": login}, temp,
                 "an administrator reset the password: the temporary password to log in with; "
                 "sent without a locale, so in Vietnamese"))  # fmt: skip
    jobs.append(("password-changed", "PasswordChangedEmail", "passwordChanged", "vi",
                 {"changedAt": "2026-12-03T02:17:40.512Z", "ipAddress": "113.161.72.14"}, None,
                 "password-changed alert with an ISO time and an IP address; sent without a "
                 "locale, so in Vietnamese"))  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for f in WS_FILES:
            out = root / f
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(_show(repo, WS_COMMIT, f), encoding="utf-8")
        (root / "jobs.json").write_text(json.dumps(
            [{"template": j[1], "data": j[4], "locale": j[3]} for j in jobs]), encoding="utf-8")  # fmt: skip
        (root / "render.js").write_text(WS_NODE, encoding="utf-8")
        res = subprocess.run(["node", str(root / "render.js"), str(root)], capture_output=True,
                             check=True, env=dict(os.environ, NODE_PATH=str(node_modules)))  # fmt: skip
        pages = json.loads(res.stdout.decode("utf-8"))
    for (template, _comp, key, lang, _data, code, note), page in zip(jobs, pages, strict=True):
        _save(source="webstore", template=template, lang=lang,
              kind="shop-otp" if code else "notice", code=code, repository=WS_REPO,
              path=f"src/services/email/templates/{template}.tsx; "
              "src/services/email/email.service.ts; src/i18n/locales/"
              f"{lang}/sendEmail.json", commit=WS_COMMIT, licence=WS_LICENCE,
              rendered="the repository's react-email components bundled with esbuild and "
              "rendered by @react-email/render 2.0.4 (react 19.2.4, @react-email/components "
              "1.0.8) in node 20; subject the locale's title; HTML only (nodemailer html)",
              sender="noreply@nhaxanh.vn", subject=strings[lang][key]["title"], text=None,
              html_part=page, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# XpressEngine 3

XE_REPO = "xpressengine/xpressengine"
XE_COMMIT = "28788af64f99b66dbdfad4efcde0b7c50d1493c4"
XE_LICENCE = "LGPL-3.0-or-later"
XE_SITE = "한빛 공방 커뮤니티"
XE_URL = "https://hanbit-gongbang.kr"


def _xe_trans(common: str, key: str, lang: str) -> str:
    """The ``'key' => ['ko' => ..., 'en' => ...]`` entry of resources/lang/common.php."""
    block = re.search(r"\n    '" + re.escape(key) + r"' => \[(.*?)\n    \],", common, re.S)
    m = re.search(r"'" + lang + r"' => '((?:[^'\\]|\\.)*)'", block.group(1))
    return re.sub(r"\\(['\\])", r"\1", m.group(1))


def _xe_blade(parent: str, child: str, values: dict[str, str]) -> str:
    """Blade for these views: ``@extends('emails.common')`` with a ``content`` section,
    ``{{ }}`` (escaped) and ``{!! !!}`` (raw) expressions looked up in ``values``."""
    child = re.sub(r"\{\{--.*?--\}\}", "", child, flags=re.S)
    content = child.split("@section('content')", 1)[1].split("@endsection", 1)[0]
    page = parent.replace("@section('header')", "").replace(
        "@section('content')\n                                            {!! $content ?? '' !!}\n"
        "                                            @show",
        content,
    )
    page = page.replace("@show", "")
    page = re.sub(r"\{\{--.*?--\}\}", "", page, flags=re.S)
    page = re.sub(r"\{!!\s*(.*?)\s*!!\}", lambda m: values[m.group(1)], page)
    return re.sub(r"\{\{\s*(.*?)\s*\}\}", lambda m: html.escape(values[m.group(1)]), page)


def xe(mirrors: Path) -> None:
    repo = mirrors / "xpressengine+xpressengine" / "repo"
    common = _show(repo, XE_COMMIT, "resources/lang/common.php")
    parent = _show(repo, XE_COMMIT, "resources/views/emails/common.blade.php")
    sender = f"{XE_SITE} <no-reply@hanbit-gongbang.kr>"
    address, display = "minji.park@naver.com", "박민지"
    site_expr = "xe_trans(app('xe.site')->getSiteConfig()->get('site_title'))"
    for lang in ("ko", "en"):
        t = lambda key, lang=lang: _xe_trans(common, key, lang)  # noqa: E731
        base = {site_expr: XE_SITE, "url('/')": XE_URL}
        for k in ("email", "display_name", "emailConfirm", "confirmCode", "confirmation",
                  "resetPassword", "msgResetPassword", "registerEmailConfirmMessage",
                  "continueRegister", "confirmEmailForAddEmailDescription"):  # fmt: skip
            try:
                base[f"xe_trans('xe::{k}')"] = t(k)
            except AttributeError:  # no such key: makeUnknownSentence shows the key's body
                base[f"xe_trans('xe::{k}')"] = k
        mails = []
        token = "-".join(_rand("0123456789abcdef", n) for n in (8, 4, 4, 4, 12))
        code = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 16)
        mails.append(("register-approve", "register_email_approve", "RegisterEmailApprove",
                      f"[{XE_SITE}] {t('emailConfirm')}", None,
                      {"route('auth.approve_email', ['token' => $token->id, 'code' => "
                       "$mail->confirmation_code])": f"{XE_URL}/auth/approve_email?token="
                       f"{token}&code={code}"},
                      "sign-up email confirmation: the code is only inside the link"))  # fmt: skip
        reset = _rand("0123456789abcdef", 64)
        mails.append(("password-reset", "password", "ResetPassword",
                      f"{XE_SITE} {t('linkForPasswordReset')}", None,
                      {"route('auth.password', ['token' => $token, 'email' => "
                       "$user->getEmailForPasswordReset()])": f"{XE_URL}/auth/password?token="
                       f"{reset}&email=minji.park%40naver.com"},
                      "password reset by link only"))  # fmt: skip
        if lang == "ko":  # these two views are written in Korean (or have no English string)
            code = _rand("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 16)
            mails.append(("add-email", "add-email", "AddEmail", f"{XE_SITE} {t('emailConfirm')}",
                          code, {"$mail->address": "minji.work@kakao.com",
                                 "$mail->display_name": display,
                                 "$mail->confirmation_code": code},
                          "a 16-character confirmation code (str_random) to enter in personal "
                          "settings, in a table under the email and display name; the button "
                          "has an empty link; the display-name label has no translation and shows as "
                          "'display_name'"))  # fmt: skip
            mails.append(("register-welcome", "register", "RegisterConfirm",
                          f"{XE_SITE} {t('emailConfirm')}", None,
                          {"$mail->address": address, "$mail->display_name": display},
                          "welcome after sign-up: email and display name; no code"))  # fmt: skip
        for template, view, cls, subject, code, extra, note in mails:
            child = _show(repo, XE_COMMIT, f"resources/views/emails/{view}.blade.php")
            body = _xe_blade(parent, child, {**base, **extra})
            _save(source="xe3", template=template, lang=lang,
                  kind="saas-otp" if code else "notice", code=code, repository=XE_REPO,
                  path=f"resources/views/emails/{view}.blade.php; resources/views/emails/"
                  f"common.blade.php; core/src/Xpressengine/User/Notifications/{cls}.php; "
                  "resources/lang/common.php", commit=XE_COMMIT, licence=XE_LICENCE,
                  rendered="the notification's Blade view inside emails.common (@extends, "
                  "@section, {{ }} / {!! !!}) filled by a small renderer with xe_trans strings "
                  "of resources/lang/common.php; subject getDefaultSubject; HTML only",
                  sender=sender, subject=subject, text=None, html_part=body, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--node-modules", type=Path, default=Path("/tmp/r18asia-node/node_modules"))
    args = parser.parse_args()
    nukeviet(args.mirrors)
    eccube(args.mirrors)
    bbsgo(args.mirrors)
    ppanel(args.mirrors)
    dujiaoka(args.mirrors)
    mirel(args.mirrors)
    soga(args.mirrors)
    webstore(args.mirrors, args.node_modules)
    xe(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
