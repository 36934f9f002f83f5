"""Round 32, asia (blind): TSBOARD, a Korean board / community software, and its Go backend
goapi (NUBO), their sign-up verification-code mails and sibling notices in Korean, English and
Chinese (TSBOARD's language packs) and Korean (goapi).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_asia.py \\
        --mirrors /work/.mirror

- sirini/tsboard (MIT, ``LICENSE``), commit TSBOARD_COMMIT (v1.0.0-beta1): the Bun/Elysia
  server (``server/``) still sends the mails (29a06dc5 later deleted it for goapi), and the
  config still has ``TSBOARD.API.URI`` that the mail texts use (the two commits after it
  dropped ``URI`` from the config while the mail texts kept it; they are not used). Files
  used: ``src/messages/mail/verification.ts``, ``resetpassword.ts``, ``welcome.ts`` (one
  ``TEXT`` entry per language, index ``LANG.KO`` 0, ``LANG.EN`` 1, ``LANG.CN`` 2 of
  ``src/interface/home.ts``; each a JavaScript template literal using ``TSBOARD.SITE.NAME``,
  ``TSBOARD.API.URI`` and ``TSBOARD.PREFIX`` of ``tsboard.config.ts``, read here as shipped:
  ``TSBOARD``, ``https://tsboard.dev`` (``IS_DEV`` false), ``""``), ``server/database/auth/
  signup.ts`` (``sendVerificationMail``: subject ``SUBJECT.replace("#name#", name)``, HTML
  with ``#name#``, ``#code#``, ``#uid#`` replaced), ``server/database/auth/resetpassword.ts``
  (``sendResetPassword``: ``#uid#`` and ``#code#``, the code only inside the link),
  ``server/routers/auth/verify.ts`` (welcome mail after the code was accepted),
  ``server/util/tools.ts`` (``generateRandomCode``: nanoid ``customAlphabet`` of
  ``1234567890abcdefghijklmnopqrstuvwxyz``, six characters) and ``server/util/sendmail.ts``
  (nodemailer ``sendMail`` with ``from: GMAIL_ID``, ``subject`` and ``html`` only: one
  text/html part). Rendering here: the template literals' three ``${...}`` expressions are
  substituted with the config values (the files have no other expression and no backslash
  escape; checked), then the placeholders as the server code does; one text/html part. From
  is the GMAIL_ID address. Values: codes of the generator's alphabet and length, the
  verification row uid ``57``.
- sirini/goapi (MIT, ``LICENSE``), commit GOAPI_COMMIT. Files used:
  ``pkg/templates/mail_template.go`` (``RenderTransactionalMail``: an ``html/template`` page and
  a text made of the parts joined by blank lines), ``internal/services/auth_service.go``
  (``Signup``: the verification code mail, ``generateVerificationCode`` six digits ``%06d``
  from ``crypto/rand``; ``ResetPassword``: the reset mail, the code only inside the link),
  ``internal/services/comment_service.go`` (the new-comment notice, the comment's plain text
  cut to 240 characters in the highlight box), ``pkg/utils/mail_util.go`` (Resend with
  ``Html`` and ``Text``: multipart/alternative; From ``mail.Address{Title, noreply@<host of
  Domain>}``), ``internal/configs/env_config.go`` (``GOAPI_TITLE``). Rendering here: the
  project's own ``mail_template.go`` is copied from the snapshot into a temporary Go module
  next to a small ``main`` that calls ``RenderTransactionalMail`` with the values below and
  prints html and text as JSON; it is run with ``go run`` (Go 1.19.8 from Debian's ``golang``
  package was used; the file needs only the standard library). Title ``한빛 사진 동호회``,
  Domain ``https://hanbit-photo.example``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 9, 8, 15, tzinfo=UTC)
OUT = HERE / "round32" / "asia.json"

TSBOARD = "sirini/tsboard"
TSBOARD_COMMIT = "4e8bd1af943177530560e72588e6e7975c2630a0"
GOAPI = "sirini/goapi"
GOAPI_COMMIT = "85186af29616ac728f634dd350bd98bade7b653b"
LICENCE = "MIT"

TS_SITE = {"TSBOARD.SITE.NAME": "TSBOARD", "TSBOARD.API.URI": "https://tsboard.dev",
           "TSBOARD.PREFIX": ""}  # fmt: skip
TS_FROM = "tsboard.notice@example.com"
TS_LANGS = ("ko", "en", "zh-CN")  # LANG.KO 0, LANG.EN 1, LANG.CN 2
TS_NAMES = {"ko": "김하늘", "en": "Noor Tester", "zh-CN": "王小明"}
TS_CODES = {"ko": "q7m2xk", "en": "4hz9tb", "zh-CN": "w3n8re"}  # generateRandomCode()
TS_RESET_CODES = {"ko": "p5c1ua", "en": "j8v4md", "zh-CN": "x2k7fs"}
TS_UID = "57"

GO_TITLE = "한빛 사진 동호회"
GO_URL = "https://hanbit-photo.example"
GO_FROM = f"{GO_TITLE} <noreply@hanbit-photo.example>"

GO_MAIN = """package main

import (
	"encoding/json"
	"os"

	"render/templates"
)

func main() {
	var contents []templates.MailContent
	if err := json.NewDecoder(os.Stdin).Decode(&contents); err != nil {
		panic(err)
	}
	out := [][2]string{}
	for _, c := range contents {
		html, text, err := templates.RenderTransactionalMail(c)
		if err != nil {
			panic(err)
		}
		out = append(out, [2]string{html, text})
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
"""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def ts_texts(source: str) -> list[dict[str, str]]:
    """The ``TEXT`` entries of a TSBOARD mail message file, template literals evaluated."""
    entries = []
    for block in re.split(r"/\* LANG\.[A-Z]+ \*/", source)[1:]:
        entry = {}
        for key, body in re.findall(r"([A-Z]+): `([^`]*)`", block):
            assert "\\" not in body
            for expr, value in TS_SITE.items():
                body = body.replace("${" + expr + "}", value)
            assert "${" not in body
            entry[key] = body
        entries.append(entry)
    return entries


def tsboard(mirrors: Path) -> list[tuple[dict, bytes]]:
    repo, commit = TSBOARD, TSBOARD_COMMIT
    texts = {
        name: ts_texts(git_show(mirrors, repo, commit, f"src/messages/mail/{name}.ts"))
        for name in ("verification", "resetpassword", "welcome")
    }
    out = []
    for index, lang in enumerate(TS_LANGS):
        name = TS_NAMES[lang]
        plan = []
        t = texts["verification"][index]
        plan.append((
            "verification", t["SUBJECT"].replace("#name#", name, 1),
            t["HTML"].replace("#name#", name).replace("#code#", TS_CODES[lang])
            .replace("#uid#", TS_UID),
            "saas-otp", TS_CODES[lang], "server/database/auth/signup.ts",
            "six characters of 0-9a-z (generateRandomCode) shown under the verification-code"
            " label; the link opens the page where it is typed",
        ))  # fmt: skip
        t = texts["resetpassword"][index]
        plan.append((
            "resetpassword", t["SUBJECT"],
            t["HTML"].replace("#uid#", TS_UID).replace("#code#", TS_RESET_CODES[lang]),
            "notice", None, "server/database/auth/resetpassword.ts",
            "password reset: the code is only inside the link, nothing to type",
        ))  # fmt: skip
        t = texts["welcome"][index]
        plan.append((
            "welcome", t["SUBJECT"].replace("#name#", name), t["HTML"].replace("#name#", name),
            "notice", None, "server/routers/auth/verify.ts",
            "welcome after the e-mail was verified, no code",
        ))  # fmt: skip
        for template, subject, html_part, kind, code, sender_path, note in plan:
            raw = message(sender=TS_FROM, subject=subject, text=None, html_part=html_part,
                          sent=SENT)  # fmt: skip
            meta = dict(
                id=f"tsboard-{template}-{lang}",
                source="tsboard",
                lang=lang,
                kind=kind,
                code=code,
                repository=repo,
                path=f"src/messages/mail/{template}.ts; {sender_path}; server/util/sendmail.ts",
                commit=commit,
                licence=LICENCE,
                rendered=(
                    "template literal evaluated with tsboard.config.ts as shipped, placeholders"
                    " replaced as the server does; nodemailer html only: one text/html part"
                ),
                note=note,
            )
            out.append((meta, raw))
    return out


def go_render(mirrors: Path, contents: list[dict[str, str]]) -> list[tuple[str, str]]:
    source = git_show(mirrors, GOAPI, GOAPI_COMMIT, "pkg/templates/mail_template.go")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "templates").mkdir()
        (root / "templates" / "mail_template.go").write_text(source)
        (root / "go.mod").write_text("module render\n\ngo 1.19\n")
        (root / "main.go").write_text(GO_MAIN)
        out = subprocess.run(
            ["go", "run", "."],
            cwd=root,
            input=json.dumps(contents).encode("utf-8"),
            check=True,
            capture_output=True,
            env={
                "PATH": "/usr/bin:/bin",
                "HOME": tmp,
                "GOCACHE": str(root / ".cache"),
                "GOFLAGS": "-mod=mod",
                "GO111MODULE": "on",
            },
        ).stdout
    return [tuple(pair) for pair in json.loads(out)]


def goapi(mirrors: Path) -> list[tuple[dict, bytes]]:
    code = "583017"  # generateVerificationCode: fmt.Sprintf("%06d", rand.Int(1_000_000))
    reset_code = "290746"
    verify_uid = 214
    comment = "사진 정말 멋지네요! 다음 출사 때 저도 같이 가고 싶어요. 렌즈는 어떤 걸 쓰셨나요?"
    plan = [
        ("signup-verification", f"[{GO_TITLE}] 이메일 주소를 확인해 주세요", "saas-otp", code,
         "internal/services/auth_service.go (Signup)",
         {"Preheader": f"{GO_TITLE} 가입 인증 코드", "Label": "Welcome",
          "Heading": "이메일 주소를 확인해 주세요",
          "Body": f"아래 인증 코드를 {GO_TITLE} 가입 화면에 입력해 주세요. 코드는 10분 동안 한 번만"
          " 사용할 수 있습니다.",
          "Highlight": code, "Notice": "본인이 가입을 요청하지 않았다면 이 메일을 무시해 주세요."},
         "six-digit sign-up code in the highlight box, typed on the sign-up screen"),
        ("password-reset", f"[{GO_TITLE}] 비밀번호 재설정 안내", "notice", None,
         "internal/services/auth_service.go (ResetPassword)",
         {"Preheader": "비밀번호 재설정 요청을 확인해 주세요.", "Label": "Security",
          "Heading": "비밀번호를 재설정해 주세요",
          "Body": "아래 버튼을 눌러 새 비밀번호를 설정할 수 있습니다. 이 링크는 10분 동안 한 번만"
          " 사용할 수 있습니다.",
          "ActionLabel": "비밀번호 재설정",
          "ActionURL": f"{GO_URL}/auth/change-password/{verify_uid}/{reset_code}",
          "Notice": "본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 변경되지 않습니다."},
         "password reset: the six-digit code is only inside the link, nothing to type"),
        ("comment-notification", f"[{GO_TITLE}] 내 글에 새 댓글이 달렸습니다", "notice", None,
         "internal/services/comment_service.go",
         {"Preheader": "박서준님이 내 글에 댓글을 남겼습니다.", "Label": "New comment",
          "Heading": "내 글에 새 댓글이 달렸습니다", "Greeting": "안녕하세요, 김하늘님.",
          "Body": "박서준님이 출사 후기 게시판의 내 글에 댓글을 남겼습니다.",
          "Highlight": comment, "ActionLabel": "댓글 확인하기",
          "ActionURL": f"{GO_URL}/board/photo-review/1382",
          "Notice": "이 알림은 내 글에 새 댓글이 등록되어 발송되었습니다."},
         "new-comment notice: the highlight box holds the comment text, no code"),
    ]  # fmt: skip
    contents = [{"SiteName": GO_TITLE, "SiteURL": GO_URL, **fields} for *_, fields, _ in plan]
    rendered = go_render(mirrors, contents)
    out = []
    for (template, subject, kind, value, path, _, note), (html_part, text) in zip(
        plan, rendered, strict=True
    ):
        raw = message(sender=GO_FROM, subject=subject, text=text, html_part=html_part, sent=SENT)
        meta = dict(
            id=f"goapi-{template}-ko",
            source="goapi",
            lang="ko",
            kind=kind,
            code=value,
            repository=GOAPI,
            path=f"pkg/templates/mail_template.go; {path}; pkg/utils/mail_util.go",
            commit=GOAPI_COMMIT,
            licence=LICENCE,
            rendered=(
                "RenderTransactionalMail of the snapshot run with go run (html/template page and"
                " its text); Resend Html + Text: multipart/alternative"
            ),
            note=note,
        )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (tsboard, goapi):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
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
