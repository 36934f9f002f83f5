"""Round 29, asia (blind): two Chinese admin frameworks whose mails carry a verification
code (验证码), with their sibling mails without one, rendered from git snapshots at pinned
commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_asia.py \\
        --mirrors /work/.mirror

Needs only the standard library; no tool outside the project.

- bufanyun/hotgo (MIT: ``LICENSE`` is the MIT text), commit 235024fc3cc8bfae29ae67690c2ebd0211e3df48. HotGo is a Go
  (GoFrame 2.6) admin framework. ``server/internal/logic/sys/ems_log.go`` ``Send`` makes
  the mails: the event's template file is looked up in the ``smtpTemplate`` setting
  (seeded in ``server/storage/data/hotgo.sql``: ``text`` -> ``email/text.html``; ``login``,
  ``register``, ``code``, ``bind``, ``cash`` -> ``email/code.html``; ``resetPwd`` ->
  ``email/resetPwd.html``), a code-bearing event gets ``grand.Digits(4)`` (four digits),
  and ``gview`` (GoFrame's text/template view, delimiters ``@{`` ``}`` from
  ``manifest/config/config.example.yaml``, no auto-encoding) fills ``code``, ``expires``
  (``smtpCodeExpire`` 600 s / 60 = 10), ``username``, ``name``/``logo``/``domain`` (the
  fallback ``BasicConfig`` written in ``newView``), ``os`` (``utility/useragent.GetOs`` of a
  Windows 10 browser: ``Windows NT 10.0``), ``ip`` (``gstr.HideStr(ip, 30, "*")``: 3 of 13
  characters starred from the middle), ``cityLabel`` (``location.ParseRegion``: province and
  city joined by ``consts.RegionSpilt`` " / "). ``resetPwd`` adds ``passwordResetLink``
  (``{domain}/admin/passwordReset?token=`` + 32 random bytes of
  ``charset.RandomCreateBytes``: letters and digits). The subject is
  ``consts.EmsSubjectMap[event]`` (``server/internal/consts/ems.go``).
  ``server/internal/library/ems/ems.go`` then writes the message by hand: ``To:``,
  ``From: <sendName><<user>>``, ``Subject:`` (raw UTF-8, not encoded), ``Content-Type:
  text/html; charset=UTF-8``, a blank line and the body, joined with CRLF and handed to
  ``net/smtp.SendMail`` (which adds nothing). Those bytes are written here unchanged (no
  Date, Message-ID or MIME-Version: the sender sets none). The template files keep their
  CRLF line ends. The test mail (``server/internal/controller/admin/common/ems.go``
  ``SendTest``, event ``text``) puts its literal HTML into ``text.html``'s ``@{.content}``.
  Labels: login, register, code, bind (换绑邮箱) and cash (申请提现) mails show the four
  digits under "如果是，请输入验证码:" -> labelled; resetPwd (link only) and the test mail
  are notices.
- karsonzhang/fastadmin (Apache-2.0: ``LICENSE`` is the Apache 2.0 text), commit
  cc9802877ab3255d66776875ecffdfbff3a68afb. FastAdmin is a ThinkPHP 5 admin framework.
  ``application/common/library/Ems.php`` ``send`` creates the code with
  ``fast\\Random::numeric(config('captcha.length'))`` (``application/config.php``:
  ``'length' => 4``) and, with no ``ems_send`` hook, mails subject "请查收你的验证码！"
  and body "你的验证码是：<code>，2分钟内有效。" (``ceil(120 / 60)``); the events sent by
  ``application/api/controller/Ems.php`` (register, changeemail, changepwd, resetpwd) share
  that text. The admin's test mail (``application/admin/controller/general/Config.php``
  ``emailtest``) sends ``__("This is a test mail", site.name)`` and the content sentence in
  a ``<div>``, translated by ``application/admin/lang/zh-cn/general/config.php`` (zh-cn is
  the only admin language shipped). ``application/common/library/Email.php`` sends with
  txthinking/mailer (``composer.json``: ``^2.0``; its ``src/Mailer/Message.php`` at
  txthinking/Mailer commit 616e58b81fd8aa6fd548d20929c9d53cf725a17c, MIT): headers Date, Return-Path, From, To, Cc,
  Bcc (empty ones kept), Subject, Message-ID, X-Priority, X-Mailer, MIME-Version, then
  ``createBody``'s multipart/alternative whose text/plain and text/html parts both carry the
  same body in base64 (``chunk_split``: 76-character lines, CRLF). Rebuilt here
  byte for byte from ``toString`` (Message-ID's ``md5(uniqid())`` and the boundary's
  ``md5(md5(time()...).uniqid())`` are fixed hex strings, Date fixed; the SMTP terminator
  ``.`` is not part of the message). From is the seeded ``site.php``: name
  ``mail_smtp_user`` "10000", address ``mail_from`` "10000@qq.com"; site name "我的网站".
  Labels: the code mails -> the four digits; the test mail is a notice.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round29" / "asia.json"

HOTGO_COMMIT = "235024fc3cc8bfae29ae67690c2ebd0211e3df48"
FASTADMIN_COMMIT = "cc9802877ab3255d66776875ecffdfbff3a68afb"
MAILER_COMMIT = "616e58b81fd8aa6fd548d20929c9d53cf725a17c"


def show(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def hide_str(text: str, percent: int, hide: str) -> str:
    """gstr.HideStr of GoFrame v2 (no '@' here)."""
    length = len(text)
    hide_len = length * percent // 100
    start = length // 2 - hide_len // 2
    return text[:start] + hide * hide_len + text[start + hide_len :]


def gview(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("@{." + key + "}", value)
    assert "@{" not in template, template[template.index("@{") : template.index("@{") + 40]
    return template


HOTGO_SUBJECTS = {  # server/internal/consts/ems.go EmsSubjectMap
    "text": "这是一封来自HotGo的邮件",
    "code": "验证码",
    "login": "登录验证码",
    "register": "注册验证码",
    "resetPwd": "重置密码",
    "bind": "绑定邮箱验证码",
    "cash": "申请提现验证码",
}

HOTGO_TEST_CONTENT = """
			<!DOCTYPE html>
			<html lang="en">
			<head>
				<meta charset="iso-8859-15">
				<title>这是一封来自HotGo的测试邮件</title>
			</head>
			<body>
				这是您通过HotGo后台发送的测试邮件。当你收到这封邮件的时候，说明已经联调成功了，恭喜你！
			</body>
			</html>"""


def hotgo(mirrors: Path):
    repo, commit = "bufanyun/hotgo", HOTGO_COMMIT
    base = "server/resource/template/email/"
    controller = show(mirrors, repo, commit, "server/internal/controller/admin/common/ems.go")
    assert HOTGO_TEST_CONTENT.encode() in controller.replace(b"\r\n", b"\n")
    common = {
        "expires": "10",
        "username": "admin",
        "name": "HotGo",
        "logo": "http://bufanyun.cn-bj.ufileos.com/haoka/attachment/images/2023-02-04/cq9kf7s66jt7hkpvbh.png",
        "domain": "https://hotgo.facms.cn",
        "github": "https://github.com/bufanyun/hotgo",
        "os": "Windows NT 10.0",
        "ip": hide_str("113.87.130.26", 30, "*"),
        "cityLabel": "广东省 / 深圳市",
    }
    mails = [
        # (event, to, code, kind)
        ("login", "wangfang@example.cn", "4827", "saas-otp"),
        ("register", "liu.yang@example.cn", "0593", "saas-otp"),
        ("code", "chenjing@example.cn", "7316", "saas-otp"),
        ("bind", "zhaolei@example.cn", "2048", "saas-otp"),
        ("cash", "sunli@example.cn", "6651", "saas-otp"),
        ("resetPwd", "admin@example.cn", None, "notice"),
        ("text", "ops@example.cn", None, "notice"),
    ]
    for event, to, code, kind in mails:
        if event == "text":
            path = base + "text.html"
            body = gview(
                show(mirrors, repo, commit, path).decode(), {"content": HOTGO_TEST_CONTENT}
            )
        elif event == "resetPwd":
            path = base + "resetPwd.html"
            link = (
                "https://hotgo.facms.cn/admin/passwordReset?token=q7Xk2mRb9TzLw4NcVh8PaYe3JdFs6Ug1"
            )
            body = gview(
                show(mirrors, repo, commit, path).decode(),
                dict(common, code="", passwordResetLink=link),
            )
        else:
            path = base + "code.html"
            body = gview(show(mirrors, repo, commit, path).decode(), dict(common, code=code))
        msg = (
            "To: " + to + "\r\nFrom: " + "HotGo" + "<" + "noreply@mail.hotgo.example" + ">"
            "\r\nSubject: " + HOTGO_SUBJECTS[event] + "\r\n"
            "Content-Type: text/html; charset=UTF-8" + "\r\n\r\n" + body
        )
        note = None
        if code:
            note = (
                "code.html shows the four digits of grand.Digits(4) alone under "
                "'如果是，请输入验证码:' (if so, enter the verification code); "
                f"event {event}, subject {HOTGO_SUBJECTS[event]}"
            )
        yield (
            dict(
                id=f"hotgo-{event.lower()}-zh",
                group="hotgo-code" if code else f"hotgo-{event.lower()}",
                source="hotgo",
                lang="zh",
                kind=kind,
                code=code,
                repository=repo,
                path=path,
                commit=commit,
                licence="MIT",
                rendered=(
                    "gview (@{ } delimiters, no auto-encode) filled as ems_log.go newView "
                    "assigns; ems.go's hand-made CRLF message: To, From, raw UTF-8 Subject, "
                    "Content-Type text/html, body"
                ),
                note=note,
            ),
            msg.encode(),
        )


def chunk_split(data: bytes) -> str:
    text = base64.b64encode(data).decode()
    return "".join(text[i : i + 76] + "\r\n" for i in range(0, len(text), 76))


def b64word(text: str) -> str:
    return f"=?utf-8?B?{base64.b64encode(text.encode()).decode()}?= "


def tx_mailer(
    from_name: str,
    from_email: str,
    to_name: str,
    to_email: str,
    subject: str,
    body: str,
    date: str,
    message_id_hex: str,
    boundary: str,
) -> bytes:
    crlf = "\r\n"
    header = {
        "Date": date,
        "Return-Path": from_email,
        "From": b64word(from_name) + "<" + from_email + ">",
        "To": b64word(to_name) + "<" + to_email + ">",
        "Cc": "",
        "Bcc": "",
        "Subject": b64word(subject),
        "Message-ID": "<" + message_id_hex + from_email + ">",
        "X-Priority": "3",
        "X-Mailer": "Mailer (https://github.com/txthinking/Mailer)",
        "MIME-Version": "1.0",
    }
    out = "".join(f"{k}: {v}{crlf}" for k, v in header.items())
    part = chunk_split(body.encode())
    out += f'Content-Type: multipart/alternative; boundary="{boundary}"' + crlf + crlf
    out += "--" + boundary + crlf
    out += 'Content-Type: text/plain; charset="UTF-8"' + crlf
    out += "Content-Transfer-Encoding: base64" + crlf + crlf
    out += part + crlf + crlf
    out += "--" + boundary + crlf
    out += 'Content-Type: text/html; charset="UTF-8"' + crlf
    out += "Content-Transfer-Encoding: base64" + crlf + crlf
    out += part + crlf + crlf
    out += "--" + boundary + "--" + crlf
    out += crlf + crlf
    return out.encode()


def fastadmin(mirrors: Path):
    repo, commit = "karsonzhang/fastadmin", FASTADMIN_COMMIT
    ems_path = "application/common/library/Ems.php"
    ems = show(mirrors, repo, commit, ems_path).decode()
    assert "->subject('请查收你的验证码！')" in ems
    assert (
        '"你的验证码是：" . $params->code . "，" . ceil(self::$expire / 60) . "分钟内有效。"' in ems
    )
    assert "protected static $expire = 120;" in ems
    lang_path = "application/admin/lang/zh-cn/general/config.php"
    lang = show(mirrors, repo, commit, lang_path).decode()
    assert "'这是一封来自%s的校验邮件,用于校验邮件配置是否正常!'" in lang
    assert "'这是一封来自%s的邮件'" in lang
    mailer = show(mirrors, "txthinking/Mailer", MAILER_COMMIT, "src/Mailer/Message.php").decode()
    assert "chunk_split(base64_encode($this->body))" in mailer
    site = "我的网站"
    mails = [
        # (id, to, subject, body, code, kind, path, date, msgid, boundary)
        (
            "fastadmin-ems-register-zh",
            "zhangwei@example.cn",
            "请查收你的验证码！",
            "你的验证码是：3841，2分钟内有效。",
            "3841",
            "saas-otp",
            ems_path,
            "Tue, 18 Mar 2025 10:24:07 +0800",
            "5b1e0c7d2f9a4e63b8d01c6f7a2e9b34",
            "c0a94e71d3b25f8e6a17d90b4c3e2f58",
        ),
        (
            "fastadmin-ems-resetpwd-zh",
            "lina@example.cn",
            "请查收你的验证码！",
            "你的验证码是：9072，2分钟内有效。",
            "9072",
            "saas-otp",
            ems_path,
            "Wed, 19 Mar 2025 21:02:45 +0800",
            "e84f1a6c03b7d952a1c6e0f8b4d73a29",
            "7d2e5b9a1c04f6e83a5b7c9d0e1f2a46",
        ),
        (
            "fastadmin-emailtest-zh",
            "admin@example.cn",
            f"这是一封来自{site}的邮件",
            '<div style="min-height:550px; padding: 100px 55px 200px;">'
            f"这是一封来自{site}的校验邮件,用于校验邮件配置是否正常!</div>",
            None,
            "notice",
            "application/admin/controller/general/Config.php",
            "Mon, 17 Mar 2025 16:40:12 +0800",
            "2a7c9e1f4b6d8035c7e9a1b3d5f70e2c",
            "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        ),
    ]
    for ident, to, subject, body, code, kind, path, date, msgid, boundary in mails:
        raw = tx_mailer(
            "10000",
            "10000@qq.com",
            to.split("@")[0],
            to,
            subject,
            body,
            date,
            msgid,
            boundary,
        )
        note = None
        if code:
            note = (
                "Ems::send's default mail: '你的验证码是：<code>，2分钟内有效。' "
                "(your verification code is ..., valid for 2 minutes); four digits of "
                "Random::numeric(captcha.length = 4)"
            )
        yield (
            dict(
                id=ident,
                group="fastadmin-ems" if code else None,
                source="fastadmin",
                lang="zh",
                kind=kind,
                code=code,
                repository=repo,
                path=path,
                commit=commit,
                licence="Apache-2.0",
                rendered=(
                    "the PHP literals filled as Ems.php / Config.php emailtest do; txthinking "
                    "Mailer 2 Message::toString rebuilt (base64 subject, multipart/alternative, "
                    "the same body base64 in text/plain and text/html)"
                ),
                note=note,
            ),
            raw,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (hotgo, fastadmin):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta.get("group") or meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            if meta.get("note"):
                item["note"] = meta["note"]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
