"""Round twelve (``cn``): verification-code mails and same-sender negatives from open-source
projects of the Chinese-speaking ecosystem.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r12_cn.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
ArtalkJS+Artalk, 1Panel-dev+MaxKB, kuaifan+dootask, apache+answer, cloudreve+Cloudreve,
linlinjava+litemall, langhsu+mblog, rule-engine+rule-engine-open, walinejs+waline. Every file is read at the commit named below.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Artalk (ArtalkJS/Artalk, MIT), comment system: ``server/handler/auth_email_send.go`` mails
  subject ``verify_subject`` of the language's example config (``conf/artalk.example*.yml``)
  or, where no example config exists for the language, ``i18n.T("Your Code - {{code}}")``, and
  body ``i18n.T("Your code is: {{code}}. ...")`` from ``i18n/<lang>.yml``, sent by
  ``internal/email/utils.go`` as a single text/html part. Code:
  ``RandomStringWithAlphabet(6, "0123456789")``. Positives in 8 languages. Negatives: the
  reply notification (``internal/template/email_tpl/default.html``, {{key}} mustaches filled as
  ``renderCommon`` does, reply_content unescaped; subject ``mail_subject`` of the zh-CN and en
  example configs; link_to_reply written BY HAND in the ``atk_comment``/``atk_notify_key``
  shape of ``internal/dao/service.go``).
- MaxKB (1Panel-dev/MaxKB, GPL-3.0): ``apps/users/serializers/user.py`` reads
  ``apps/common/template/email_template_<locale>.html``, replaces ``${code}`` (six digits) and
  sends it with Django ``send_mail(subject, '', html_message=...)`` (an empty text/plain part
  and the HTML alternative); subject ``_('【Intelligent knowledge base question and answer
  system-{action}】')`` with action ``User registration``/``Change password`` taken from
  ``apps/locales/<locale>/LC_MESSAGES/django.po`` (msgid when msgstr is empty). Positives.
- DooTask (kuaifan/dootask, AGPL-3.0): ``UserEmailVerification::userEmailSend`` (sprintf
  HTML, text/html only) for type 2 (change e-mail, code ``rand(100000, 999999)``), type 3
  (delete account, same code) and type 1 (bind e-mail, a 64-character link token: negative).
  ``Doo::translate``: zh mails keep the Chinese source strings; other languages take the
  entry of ``language/translate.json`` whose key is the source with ``(%T1)``/``(%T2)`` for the
  nickname/alias (the closed doo library does that matching; assumed here). system_alias
  default ``Task``.
- Apache Answer (apache/answer, Apache-2.0): ``email_tpl`` strings of ``i18n/<lang>.yaml``
  (register, pass_reset, new_answer, new_comment, new_question), Go template ``{{.Key}}`` fields filled by regex with the
  data of ``internal/service/export/email_service.go`` (URLs as ``user_service.go`` builds them);
  text/html only. Negatives (links, no codes).
- Cloudreve (cloudreve/Cloudreve, GPL-3.0): the default ``mail_activation_template`` and
  ``mail_reset_template`` JSON of ``inventory/setting.go`` (en-US and zh-CN), Go html/template
  fields filled by regex (values HTML-escaped), subject ``"[%s] %s"`` (site name, title) as in
  ``pkg/email/template.go``; URLs as ``service/user/{register,login}.go`` build them. Negatives.
- litemall (linlinjava/litemall, MIT): ``NotifyService.notifyMail`` (SimpleMailMessage, plain
  text) with subject ``新订单通知`` / ``退款申请`` and body ``order.toString()`` as
  ``LitemallOrder.toString`` (MyBatis generator) prints it. Negatives full of numbers.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round12" / "cn.json"
SENT = datetime(2026, 12, 3, 7, 41, 12, tzinfo=UTC)
RNG = random.Random("r12-cn")
ITEMS: list[dict[str, Any]] = []


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _alnum(
    n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _add(*, ident: str, group: str, source: str, lang: str, kind: str, code: str | None,
         repository: str, path: str, commit: str, licence: str, rendered: str,
         sender: str, subject: str, text: str | None, html_part: str | None,
         note: str | None = None) -> None:  # fmt: skip
    rel, sha = _write(ident, source, message(
        sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT))  # fmt: skip
    item = {"id": ident, "group": group, "source": source, "lang": lang, "kind": kind,
            "code": code, "repository": repository, "path": path, "commit": commit,
            "licence": licence, "rendered": rendered, "file": rel, "sha256": sha}  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _yaml_flat(text: str) -> dict[str, str]:
    import yaml

    data = yaml.safe_load(text)
    return {str(k): ("" if v is None else str(v)) for k, v in data.items()}


def _mustache(tpl: str, params: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*([\w.]+)\s*\}\}", lambda m: params[m.group(1)], tpl)


# ---------------------------------------------------------------------------------------
# Artalk

ARTALK_REPO = "ArtalkJS/Artalk"
ARTALK_COMMIT = "d25beede911d59a571382c6821cb8e7a7c27850a"
ARTALK_LANGS = ["en", "zh-CN", "zh-TW", "ja", "ko", "fr", "ru", "tr"]
ARTALK_CONF = {"en": "conf/artalk.example.yml", "zh-CN": "conf/artalk.example.zh-CN.yml",
               "zh-TW": "conf/artalk.example.zh-TW.yml", "tr": "conf/artalk.example.tr.yml"}  # fmt: skip
ARTALK_SUBJ = "Your Code - {{code}}"
ARTALK_BODY = ("Your code is: {{code}}. Use it to verify your email and sign in Artalk. "
               "If you didn't request this, simply ignore this message.")  # fmt: skip


def _conf_value(text: str, key: str) -> str:
    m = re.search(rf"^\s*{key}:\s*(\"[^\"]*\"|'[^']*'|[^#\n]+)", text, re.M)
    assert m, key
    value = m.group(1).strip()
    return value[1:-1] if value[:1] in "\"'" else value


def artalk(mirrors: Path) -> None:
    repo = mirrors / "ArtalkJS+Artalk" / "repo"
    for lang in ARTALK_LANGS:
        cat = _yaml_flat(_show(repo, ARTALK_COMMIT, f"i18n/{lang}.yml"))
        code = _digits(6)
        paths = [f"i18n/{lang}.yml", "server/handler/auth_email_send.go"]
        if lang in ARTALK_CONF:
            conf = _show(repo, ARTALK_COMMIT, ARTALK_CONF[lang])
            subj_tpl = _conf_value(conf, "verify_subject")
            site = _conf_value(conf, "site_default") if "site_default" in conf else "Default Site"
            paths.append(ARTALK_CONF[lang])
            how = "verify_subject of the example config"
        else:
            subj_tpl = cat.get(ARTALK_SUBJ) or ARTALK_SUBJ
            site = "Default Site"
            how = "i18n.T subject (no example config for this language)"
        body = _mustache(cat.get(ARTALK_BODY) or ARTALK_BODY, {"code": code})
        subject = _mustache(subj_tpl, {"code": code})
        _add(ident=f"artalk-email-code-{lang.lower()}", group="artalk-email-code", source="artalk",
             lang=lang.lower(), kind="saas-otp", code=code, repository=ARTALK_REPO,
             path=", ".join(paths), commit=ARTALK_COMMIT, licence="MIT",
             rendered=f"i18n.T body with {{{{code}}}} filled, {how}; single text/html part as getCookedEmail sends",
             sender=f"{site} <noreply@comments.example>", subject=subject, text=None,
             html_part=body, note="code also in the subject")  # fmt: skip
    tpl = _show(repo, ARTALK_COMMIT, "internal/template/email_tpl/default.html")
    replies = {
        "zh-CN": ("conf/artalk.example.zh-CN.yml", "林晓", "周末去杭州的攻略（2026 版）",
                  "<p>我 11 月 28 日去的，西湖边的停车场 20 元/小时，地铁 1 号线龙翔桥站 B 口出。"
                  "酒店订单号 HZ88310427，前台电话 0571-8702 3316，可以报我名字。</p>"),
        "en": ("conf/artalk.example.yml", "Priya", "Self-hosting on a 2 GB VPS",
               "<p>Same here: v2.9.1 on port 23366, RAM stays under 180 MB with 4120 comments. "
               "Ticket #40217 on the tracker has the nginx block.</p>"),
    }  # fmt: skip
    for lang, (conf_path, reply_nick, title, content) in replies.items():
        conf = _show(repo, ARTALK_COMMIT, conf_path)
        site_name = "Noor's Notes"
        site_url = "https://blog.noor.example/"
        page_url = site_url + "posts/" + _digits(4) + "/"
        params = {"nick": "Noor", "page_title": html.escape(title), "reply_nick": html.escape(reply_nick),
                  "reply_content": content, "site_name": html.escape(site_name), "site_url": site_url,
                  "link_to_reply": f"{page_url}?atk_comment={_digits(3)}&atk_notify_key={_alnum(32, '0123456789abcdef')}#atk-comment-{_digits(3)}"}  # fmt: skip
        body = _mustache(tpl, params)
        subject = _mustache(_conf_value(conf, "mail_subject"),
                            {"site_name": site_name, "reply_nick": reply_nick, "page_title": title})  # fmt: skip
        _add(ident=f"artalk-reply-notify-{lang.lower()}", group="artalk-reply-notify", source="artalk",
             lang=lang.lower(), kind="notice", code=None, repository=ARTALK_REPO,
             path=f"internal/template/email_tpl/default.html, internal/template/template_render.go, {conf_path}",
             commit=ARTALK_COMMIT, licence="MIT",
             rendered="default.html mustaches filled as renderCommon (values escaped but reply_content/link_to_reply); subject mail_subject of the example config; link by hand",
             sender=f"{site_name} <noreply@comments.example>", subject=subject, text=None,
             html_part=body, note="comment reply notification; the template body is Chinese in every configuration")  # fmt: skip


# ---------------------------------------------------------------------------------------
# MaxKB

MAXKB_REPO = "1Panel-dev/MaxKB"
MAXKB_COMMIT = "121614fb81c0a72387974f3ebcb86cbf756a84af"


def _po(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in re.finditer(r'^msgid "(.*)"\nmsgstr "(.*)"', text, re.M):
        out[m.group(1)] = m.group(2)
    return out


def maxkb(mirrors: Path) -> None:
    repo = mirrors / "1Panel-dev+MaxKB" / "repo"
    subj_id = "【Intelligent knowledge base question and answer system-{action}】"
    for locale, tpl_suffix, lang in [
        ("zh_CN", "zh", "zh-cn"),
        ("en_US", "en", "en"),
        ("zh_Hant", "zh_Hant", "zh-tw"),
    ]:
        po = _po(_show(repo, MAXKB_COMMIT, f"apps/locales/{locale}/LC_MESSAGES/django.po"))
        tpl_path = f"apps/common/template/email_template_{tpl_suffix}.html"
        tpl = _show(repo, MAXKB_COMMIT, tpl_path)
        for state, action_id in [
            ("register", "User registration"),
            ("reset_password", "Change password"),
        ]:
            code = _digits(6)
            action = po.get(action_id) or action_id
            subject = (po.get(subj_id) or subj_id).format(action=action)
            _add(ident=f"maxkb-email-code-{state.replace('_', '-')}-{lang}", group="maxkb-email-code",
                 source="maxkb", lang=lang, kind="saas-otp", code=code, repository=MAXKB_REPO,
                 path=f"{tpl_path}, apps/users/serializers/user.py, apps/locales/{locale}/LC_MESSAGES/django.po",
                 commit=MAXKB_COMMIT, licence="GPL-3.0",
                 rendered="template with ${code} replaced; subject gettext from django.po; Django send_mail: empty text/plain + html alternative",
                 sender="MaxKB <noreply@maxkb.example>", subject=subject, text="", html_part=tpl.replace("${code}", code),
                 note=f"type {state}; code in an orange bold <font> before the sentence")  # fmt: skip


# ---------------------------------------------------------------------------------------
# DooTask

DOO_REPO = "kuaifan/dootask"
DOO_COMMIT = "b9d1934211b1f60e2ac2cead730e816a8b24bfb7"
DOO_PATH = "app/Models/UserEmailVerification.php"


DOO_NICK = {"zh": "王思远", "zh-CHT": "陳怡君", "en": "Noor", "ja": "佐藤", "de": "Jonas", "ko": "민준",
            "ru": "Ирина", "fr": "Camille", "id": "Putri"}  # fmt: skip
DOO_PLAN = {"change-email": ["zh", "en", "zh-CHT", "ja", "de"], "delete-account": ["zh", "en", "ko", "ru", "fr"],
            "bind-email": ["zh", "en", "id"]}  # fmt: skip


def dootask(mirrors: Path) -> None:
    repo = mirrors / "kuaifan+dootask" / "repo"
    src = _show(repo, DOO_COMMIT, DOO_PATH)
    assert '您正在修改 " . $alias . " 的邮箱' in src and "您正在注销" in src and "您正在绑定" in src
    catalogue = {
        e["key"]: e for e in json.loads(_show(repo, DOO_COMMIT, "language/translate.json"))
    }
    alias = "Task"
    sender = f"{alias} <task-noreply@dootask.example>"

    def tr(key: str, zh: str, lang: str, nick: str) -> str:
        if lang == "zh":
            return zh  # the source string as sprintf'd, what a zh user gets
        text = catalogue[key][lang]
        return text.replace("(%T1)", nick if "(%T2)" in key else alias).replace("(%T2)", alias)

    warn_key = "如果不是本人操作，您的帐号可能存在风险，请及时修改密码！"
    specs = {
        "change-email": ("(%T1)修改邮箱验证", "修改邮箱验证",
                         "(%T1)您好，您正在修改(%T2)的邮箱，验证码如下。请在30分钟内输入验证码",
                         "{nick} 您好，您正在修改 {alias} 的邮箱，验证码如下。请在30分钟内输入验证码"),
        "delete-account": ("(%T1)注销帐号验证", "注销帐号验证",
                           "(%T1)您好，您正在注销(%T2)的帐号，验证码如下。请在30分钟内输入验证码",
                           "{nick} 您好，您正在注销 {alias} 的帐号，验证码如下。请在30分钟内输入验证码"),
        "bind-email": ("(%T1)绑定邮箱验证", "绑定邮箱验证",
                       "(%T1)您好，您正在绑定(%T2)的邮箱，请于30分钟之内点击以下链接完成验证:",
                       "{nick} 您好，您正在绑定 {alias} 的邮箱，请于30分钟之内点击以下链接完成验证:"),
    }  # fmt: skip
    for tpl, langs in DOO_PLAN.items():
        subj_key, subj_zh, body_key, body_zh = specs[tpl]
        for lang in langs:
            nick = DOO_NICK[lang]
            subject = tr(subj_key, alias + subj_zh, lang, nick)
            lead = tr(body_key, body_zh.format(nick=nick, alias=alias), lang, nick)
            ident_lang = {"zh": "zh-cn", "zh-CHT": "zh-tw"}.get(lang, lang)
            if tpl == "bind-email":
                url = f"https://task.example.cn/single/valid/email?code={_alnum(64)}"
                content = (f"<p>{lead}</p><p style='display: flex; justify-content: center;'>"
                           f"<a href='{url}' target='_blank'>{url}</a></p>")  # fmt: skip
                code, kind, note = (
                    None,
                    "notice",
                    "verification link with a 64-character token, nothing to type",
                )
                ident = f"dootask-bind-email-link-{ident_lang}"
            else:
                code = str(RNG.randint(100000, 999999))
                warn = tr(warn_key, warn_key, lang, nick)
                content = f"<p>{lead}</p><p style='color: #0000DD;'><u>{code}</u></p><p>{warn}</p>"
                kind, note = "saas-otp", "code underlined in its own paragraph"
                ident = f"dootask-{tpl}-code-{ident_lang}"
            _add(ident=ident, group=ident.rsplit("-" + ident_lang, 1)[0], source="dootask", lang=ident_lang,
                 kind=kind, code=code, repository=DOO_REPO, path=f"{DOO_PATH}, language/translate.json",
                 commit=DOO_COMMIT, licence="AGPL-3.0",
                 rendered="sprintf HTML of userEmailSend by hand; zh: the source strings, other languages: Doo::translate "
                          "looked up in language/translate.json with (%T1)/(%T2) filled (matching by the doo library assumed); text/html only",
                 sender=sender, subject=subject, text=None, html_part=content, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Apache Answer

ANSWER_REPO = "apache/answer"
ANSWER_COMMIT = "3b9f1370612e690a0b7f230f05e688930db4c6d3"
ANSWER_PLAN = [("register", "zh_CN"), ("register", "en_US"), ("register", "ja_JP"), ("register", "de_DE"),
               ("pass_reset", "zh_CN"), ("pass_reset", "fr_FR"), ("pass_reset", "es_ES"),
               ("new_answer", "zh_CN"), ("new_comment", "en_US"), ("new_question", "zh_TW")]  # fmt: skip


def _gotpl(tpl: str, data: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*\.(\w+)\s*\}\}", lambda m: data[m.group(1)], tpl)


def answer(mirrors: Path) -> None:
    import yaml

    repo = mirrors / "apache+answer" / "repo"
    site, site_url = "开源问答社区", "https://ask.example.cn"
    for tpl_key, locale in ANSWER_PLAN:
        cat = yaml.safe_load(_show(repo, ANSWER_COMMIT, f"i18n/{locale}.yaml"))
        t = cat["backend"]["email_tpl"][tpl_key]
        token = _alnum(32, "0123456789abcdef")
        name = {"zh_CN": site, "zh_TW": "開源問答社群"}.get(locale, "Answer Community")
        data = {"SiteName": name}
        kind, note = "notice", "link only"
        if tpl_key == "register":
            data["RegisterUrl"] = f"{site_url}/users/account-activation?code={token}"
        elif tpl_key == "pass_reset":
            data["PassResetUrl"] = f"{site_url}/users/password-reset?code={token}"
        elif tpl_key == "new_comment":
            qid, aid, cid = ("10010000000000" + _digits(3), "10020000000000" + _digits(3),
                             "10050000000000" + _digits(4))  # fmt: skip
            data.update(DisplayName="Wei Zhang", QuestionTitle="Nginx returns 502 after upgrading to 1.27.3",
                        CommentUrl=f"{site_url}/questions/{qid}/{aid}?commentId={cid}",
                        CommentSummary="Check worker_connections (we had 1024, raised to 8192) and the upstream "
                                       "keepalive; port 9000 was also blocked by firewalld rule 47.",
                        UnsubscribeUrl=f"{site_url}/users/unsubscribe?code={token}")  # fmt: skip
            note = "new-comment notification with version numbers, ports and counts"
        elif tpl_key == "new_question":
            qid = "10010000000000" + _digits(3)
            data.update(QuestionTitle="iPhone 15 換電池 NT$3,490 值得嗎？保固 90 天",
                        QuestionUrl=f"{site_url}/questions/{qid}", Tags="apple, iphone-15, 維修",
                        UnsubscribeUrl=f"{site_url}/users/unsubscribe?code={token}")  # fmt: skip
            note = (
                "new-question notification with prices and figures in the title; the zh_TW catalogue ships "
                "this template untranslated (English)"
            )
        else:
            qid, aid = "10010000000000" + _digits(3), "10020000000000" + _digits(3)
            data.update(DisplayName="陈立", QuestionTitle="MySQL 8.0.36 主从复制延迟 3600 秒怎么排查？",
                        AnswerUrl=f"{site_url}/questions/{qid}/{aid}",
                        AnswerSummary="先看 Seconds_Behind_Master，再查 relay log；我们把 binlog_format 改成 ROW、"
                                      "slave_parallel_workers 设为 8 后，延迟从 3600 秒降到 12 秒。",
                        UnsubscribeUrl=f"{site_url}/users/unsubscribe?code={token}")  # fmt: skip
            note = "new-answer notification with figures in the quoted answer"
        subject = _gotpl(t["title"]["other"], {k: v for k, v in data.items()})
        body_data = {
            k: (
                html.escape(v)
                if k in ("QuestionTitle", "AnswerSummary", "CommentSummary", "Tags")
                else v
            )
            for k, v in data.items()
        }
        body = _gotpl(t["body"]["other"], body_data)
        lang = locale.replace("_", "-").lower()
        _add(ident=f"answer-{tpl_key.replace('_', '-')}-{lang}", group=f"answer-{tpl_key.replace('_', '-')}",
             source="answer", lang=lang, kind=kind, code=None, repository=ANSWER_REPO,
             path=f"i18n/{locale}.yaml, internal/service/export/email_service.go, internal/service/content/user_service.go",
             commit=ANSWER_COMMIT, licence="Apache-2.0",
             rendered="email_tpl title/body with Go template fields filled by regex; text/html only as EmailService.Send",
             sender=f"{name} <no-reply@ask.example.cn>", subject=subject, text=None, html_part=body, note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Cloudreve

CR_REPO = "cloudreve/Cloudreve"
CR_COMMIT = "8fe28897722834f8c3c07df42eff62e9c0920c01"


def cloudreve(mirrors: Path) -> None:
    src = _show(mirrors / "cloudreve+Cloudreve" / "repo", CR_COMMIT, "inventory/setting.go")
    site_url = "https://pan.example.cn"
    for key, ident in [
        ("mail_activation_template", "activation"),
        ("mail_reset_template", "reset"),
    ]:
        m = re.search(rf'"{key}":\s*`([^`]*)`', src)
        assert m, key
        for entry in json.loads(m.group(1)):
            lang = entry["language"].lower()
            name = "星河云盘" if lang.startswith("zh") else "Cloudreve"
            uid = _alnum(4, "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
            if ident == "activation":
                url = f"{site_url}/session/activate?id={uid}&sign={_alnum(43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}%3A{_digits(10)}"
            else:
                url = f"{site_url}/session/reset?id={uid}&secret={_alnum(32)}"
            data = {".CommonContext.SiteUrl": site_url, ".CommonContext.Logo.Normal": site_url + "/static/img/logo.svg",
                    ".CommonContext.SiteBasic.Name": name, ".Url": url}  # fmt: skip
            body = re.sub(
                r"\{\{\s*(\.[\w.]+)\s*\}\}",
                lambda mm: html.escape(data[mm.group(1)]),  # noqa: B023
                entry["body"],
            )
            _add(ident=f"cloudreve-{ident}-{lang}", group=f"cloudreve-{ident}", source="cloudreve", lang=lang,
                 kind="notice", code=None, repository=CR_REPO,
                 path="inventory/setting.go, pkg/email/template.go, service/user/register.go, service/user/login.go",
                 commit=CR_COMMIT, licence="GPL-3.0",
                 rendered="default template JSON body with Go template fields filled by regex (HTML-escaped); subject \"[site] title\"; text/html only",
                 sender=f"{name} <no-reply@pan.example.cn>", subject=f"[{name}] {entry['title']}", text=None,
                 html_part=body, note="link only (button)")  # fmt: skip


# ---------------------------------------------------------------------------------------
# litemall

LM_REPO = "linlinjava/litemall"
LM_COMMIT = "a1ef964a718b7277925b19ea26afe78ea3a1d325"


def litemall(mirrors: Path) -> None:
    src = _show(
        mirrors / "linlinjava+litemall" / "repo",
        LM_COMMIT,
        "litemall-db/src/main/java/org/linlinjava/litemall/db/domain/LitemallOrder.java",
    )
    fields = re.findall(r'sb\.append\(", (\w+)=?"\)\.append\((\w+)\)', src)
    assert fields[0][0] == "IS_DELETED", fields[:3]
    for ident, subject, status, refund in [
        ("new-order", "新订单通知", 201, False),
        ("refund-request", "退款申请", 202, True),
    ]:
        oid = RNG.randint(1000, 9999)
        vals = {"IS_DELETED": "true", "NOT_DELETED": "false", "id": str(oid), "userId": str(RNG.randint(10, 999)),
                "orderSn": "20261203" + _digits(6), "orderStatus": str(status), "aftersaleStatus": "0",
                "consignee": "张伟", "mobile": "138" + _digits(8), "address": "广东省深圳市南山区科技园南区 8 栋 1203",
                "message": "工作日送货", "goodsPrice": "1288.00", "freightPrice": "0.00", "couponPrice": "50.00",
                "integralPrice": "0.00", "grouponPrice": "0.00", "orderPrice": "1238.00", "actualPrice": "1238.00",
                "payId": "4200002" + _digits(21), "payTime": "2026-12-03T15:40:12",
                "shipSn": "null", "shipChannel": "null", "shipTime": "null",
                "refundAmount": "null", "refundType": "null", "refundContent": "null", "refundTime": "null",
                "confirmTime": "null", "comments": "1", "endTime": "null", "addTime": "2026-12-03T15:39:47",
                "updateTime": "2026-12-03T15:40:12" if not refund else "2026-12-03T18:02:55", "deleted": "false"}  # fmt: skip
        body = f"LitemallOrder [Hash = {RNG.randint(10**8, 2**31 - 1)}"
        body += "".join(f", {f}={vals[f]}" for f, _ in fields) + "]"
        _add(ident=f"litemall-{ident}-zh-cn", group=f"litemall-{ident}", source="litemall", lang="zh-cn",
             kind="shop-order", code=None, repository=LM_REPO,
             path="litemall-core/src/main/java/org/linlinjava/litemall/core/notify/NotifyService.java, "
                  "litemall-wx-api/src/main/java/org/linlinjava/litemall/wx/service/WxOrderService.java, "
                  "litemall-db/src/main/java/org/linlinjava/litemall/db/domain/LitemallOrder.java",
             commit=LM_COMMIT, licence="MIT",
             rendered="subject as WxOrderService passes it, body LitemallOrder.toString() with plausible values; text/plain only",
             sender="litemall <mall-notify@shop.example.cn>", subject=subject, text=body, html_part=None,
             note="admin order notification: order SN, phone, pay id, prices; nothing to type")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Mblog and rule-engine-open (FreeMarker templates, ``${code}`` the only field)

MBLOG_REPO = "langhsu/mblog"
MBLOG_COMMIT = "f133cb2a09558b3de8806399d3ae62fc480ccda5"
RE_REPO = "rule-engine/rule-engine-open"
RE_COMMIT = "781b10d22152e25be72a0ddbd8f48296d932d595"


def mblog(mirrors: Path) -> None:
    path = "src/main/resources/templates/email_code.ftl"
    tpl = _show(mirrors / "langhsu+mblog" / "repo", MBLOG_COMMIT, path)
    code = _digits(6)
    site = "墨语博客"
    _add(ident="mblog-email-code-zh-cn", group="mblog-email-code", source="mblog", lang="zh-cn",
         kind="saas-otp", code=code, repository=MBLOG_REPO,
         path=f"{path}, src/main/java/com/mtons/mblog/web/controller/site/auth/EmailController.java, "
              "src/main/java/com/mtons/mblog/modules/service/impl/MailServiceImpl.java",
         commit=MBLOG_COMMIT, licence="GPL-3.0",
         rendered="FreeMarker ${code} replaced (RandomStringUtils.randomNumeric(6)); subject MessageFormat '[{0}]您正在使用邮箱安全验证服务' with site_name; text/html only (OhMyEmail .html)",
         sender=f"{site} <noreply@blog.example.cn>", subject=f"[{site}]您正在使用邮箱安全验证服务",
         text=None, html_part=tpl.replace("${code}", code), note="bind/forgot/register share this template")  # fmt: skip


def rule_engine(mirrors: Path) -> None:
    path = "rule-engine-open-web/src/main/resources/templates/VerifyCode.ftl"
    tpl = _show(mirrors / "rule-engine+rule-engine-open" / "repo", RE_COMMIT, path)
    code = str(RNG.randint(1000, 9999))  # (int) ((Math.random() * 9 + 1) * 1000)
    _add(ident="ruleengine-email-code-zh-cn", group="ruleengine-email-code", source="ruleengine", lang="zh-cn",
         kind="saas-otp", code=code, repository=RE_REPO,
         path=f"{path}, rule-engine-open-web/src/main/java/cn/ruleengine/web/service/impl/UserServiceImpl.java, "
              "rule-engine-open-web/src/main/java/cn/ruleengine/web/util/EmailClient.java, "
              "rule-engine-open-web/src/main/java/cn/ruleengine/web/enums/FtlTemplatesEnum.java",
         commit=RE_COMMIT, licence="Apache-2.0",
         rendered="FreeMarker ${code} replaced (four digits, verifyCodeProcess); subject FtlTemplatesEnum.EMAIL msg '验证码'; html part only (MimeMessageHelper's multipart wrapping left out)",
         sender="rule-engine@mail.example.cn", subject="验证码", text=None, html_part=tpl.replace("${code}", code),
         note="four-digit code in a 24px orange span")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Waline

WL_REPO = "walinejs/waline"
WL_COMMIT = "70d6cea1c073884ff8bdd74c3ce38c19da95bddd"
WL_LOC = "packages/server/src/locales"
WL_FILES = {"zh-cn": "zh-CN", "zh-tw": "zh-TW", "it": "it", "vi-vn": "vi-VN", "pt-br": "pt-BR",
            "ko-kr": "ko-KR", "id": "id", "de": "de", "ru": "ru"}  # fmt: skip
WL_REG = ('Please click <a href="{{url}}">{{url}}<a/> to confirm registration, the link is valid for 1 hour. '
          "If you are not registering, please ignore this email.")  # fmt: skip
WL_RESET = 'Please click <a href="{{url}}">{{url}}</a> to login and change your password as soon as possible!'


def _b64url(raw: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def waline(mirrors: Path) -> None:
    import urllib.parse

    import jinja2

    repo = mirrors / "walinejs+waline" / "repo"
    env = jinja2.Environment(autoescape=True)  # nunjucks.renderString autoescapes by default
    server, site_name = "https://waline.example.cn", "小林的技术博客"
    sender = f'"{site_name}" <waline@blog.example.cn>'

    def loc(lang: str) -> dict[str, str]:
        return json.loads(_show(repo, WL_COMMIT, f"{WL_LOC}/{WL_FILES[lang]}.json"))

    def render(tpl: str, **kw: Any) -> str:
        # ``self`` is reserved in Jinja2 (not in nunjucks): the variable is renamed to ``self_``
        tpl = re.sub(r"\bself\.", "self_.", tpl)
        if "self" in kw:
            kw["self_"] = kw.pop("self")
        return env.from_string(tpl).render(kw)

    common = dict(
        source="waline",
        repository=WL_REPO,
        commit=WL_COMMIT,
        licence="GPL-2.0",
        sender=sender,
        text=None,
    )
    for lang in ["zh-cn", "zh-tw", "it", "vi-vn", "pt-br"]:
        cat = loc(lang)
        token = "".join(
            str(round(RNG.random() * 9)) for _ in range(4)
        )  # Math.round(Math.random() * 9) x4
        url = f"{server}/verification?" + urllib.parse.urlencode(
            {"token": token, "email": "noor.tester@example.com"}
        )
        _add(ident=f"waline-register-confirm-{lang}", group="waline-register-confirm", lang=lang, kind="notice",
             code=None, path=f"{WL_LOC}/{WL_FILES[lang]}.json, packages/server/src/controller/user.js, packages/server/src/extend/controller.js",
             rendered="controller.locale (catalogue string rendered by nunjucks; here Jinja2 with autoescape) for subject and html; html only",
             subject=render(cat["[{{name | safe}}] Registration Confirm Mail"], name=site_name),
             html_part=render(cat[WL_REG], url=url),
             note=f"confirmation link; the 4-digit token {token} sits only inside the URL, nothing to type", **common)  # fmt: skip
    for lang in ["ko-kr", "id"]:
        cat = loc(lang)
        jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _b64url(_alnum(24, "0123456789abcdef").encode())
               + "." + _alnum(43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))  # fmt: skip
        url = f"{server}/ui/profile?token={jwt}"
        _add(ident=f"waline-reset-password-{lang}", group="waline-reset-password", lang=lang, kind="notice",
             code=None, path=f"{WL_LOC}/{WL_FILES[lang]}.json, packages/server/src/controller/user/password.js",
             rendered="controller.locale for subject and html (Jinja2 with autoescape for nunjucks); JWT login link; html only",
             subject=render(cat["[{{name | safe}}] Reset Password"], name=site_name),
             html_part=render(cat[WL_RESET], url=url), note="login link carrying a JWT", **common)  # fmt: skip
    post = "/posts/2026/nas-build/"
    parent = {
        "nick": "Noor",
        "comment": "<p>请问 4 盘位的 NAS，功耗大概多少瓦？</p>",
        "url": post,
        "objectId": "6758a1c2e4b0" + _digits(6),
    }
    replies = {
        "zh-cn": ("MAIL_SUBJECT", "MAIL_TEMPLATE", "<p>待机 28W，满载 61W；我用的 J4125 主板，电费一年大约 ¥146（0.62 元/度）。</p>"),
        "de": ("MAIL_SUBJECT", "MAIL_TEMPLATE", "<p>Bei mir 28 W im Leerlauf, 61 W unter Last – Board J4125, Netzteil 150 W, ca. 146 € Strom pro Jahr.</p>"),
        "ru": ("MAIL_SUBJECT_ADMIN", "MAIL_TEMPLATE_ADMIN", "<p>Собрал такой же: 4 × 8 ТБ, RAID 5, 28 Вт в простое, заказ № 48213 пришёл за 9 дней.</p>"),
    }  # fmt: skip
    for lang, (subj_key, tpl_key, comment) in replies.items():
        cat = loc(lang)
        self_ = {"nick": "老周" if lang == "zh-cn" else "Dmitri" if lang == "ru" else "Lukas",
                 "comment": comment, "url": post, "objectId": "6758a3f0e4b0" + _digits(6)}  # fmt: skip
        data = {"self": self_, "parent": parent,
                "site": {"name": site_name, "url": "https://blog.example.cn", "postUrl": f"https://blog.example.cn{post}#{self_['objectId']}"}}  # fmt: skip
        kind_note = (
            "admin new-comment notification" if "ADMIN" in tpl_key else "comment reply notification"
        )
        _add(ident=f"waline-{'admin-comment' if 'ADMIN' in tpl_key else 'reply'}-{lang}",
             group=f"waline-{'admin-comment' if 'ADMIN' in tpl_key else 'reply'}", lang=lang, kind="notice", code=None,
             path=f"{WL_LOC}/{WL_FILES[lang]}.json, packages/server/src/service/notify.js",
             rendered=f"notify.mail: {subj_key}/{tpl_key} of the catalogue rendered with self/parent/site (Jinja2 with autoescape for nunjucks); html only",
             subject=render(cat[subj_key], **data), html_part=render(cat[tpl_key], **data),
             note=f"{kind_note} with wattages, prices, order number", **common)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    for fn in (artalk, maxkb, dootask, answer, cloudreve, litemall, mblog, rule_engine, waline):
        fn(args.mirrors)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {pos} positives -> {OUT}")


if __name__ == "__main__":
    main()
