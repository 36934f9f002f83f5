"""Build the second hold-out (``holdout2``) of the real-world corpus from two more sources.

    python tests/extraction/realworld/collect_holdout2.py \\
        --hanko /work/.mirror/teamhanko+hanko/repo --kratos /work/.mirror/ory+kratos/repo

Collected after the first hold-out had been scored (and so seen), before any rule was tuned
for these mails, and scored once at the end. Neither source was used before.

- ``--hanko``: a git snapshot of teamhanko/hanko (backend under AGPL-3.0). Its passcode and
  security-notification mails are rendered as ``backend/flow_api/services/email.go`` sends
  them: ``text/plain`` from ``<name>.txt.tmpl`` and a ``text/html`` alternative from
  ``<name>.html.tmpl`` inside ``layout.html.tmpl``, the strings of
  ``backend/mail/locales/*.<lang>.yaml`` filled in, the subject ``subject_<name>``. The
  passcode is six digits and lives five minutes (Hanko's defaults). A language whose
  catalogue lacks a string would fall back to English, so only translated mails are taken.
- ``--kratos``: a git snapshot of ory/kratos (Apache-2.0). Its built-in courier templates
  (``courier/template/courier/builtin/templates/*/``) are filled as the courier does: the
  plain-text body and the HTML body (a Go ``html/template`` with no markup of its own), the
  six-digit code and a verification link with the flow id.

Each item is appended to ``manifest.json`` with ``holdout2: true``; ``collect.py`` keeps the
rest. What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import yaml
from collect import HERE, message, six_digits

HANKO_COMMIT = "f742d49643b2c3c7f13c7e13a49225771e4d793f"
KRATOS_COMMIT = "b86338da04a040247a07f46100a86dcfb3875909"
HANKO_LANGS = ("bn", "de", "en", "fr", "it", "nl", "pl", "pt-BR", "zh-CN")
HANKO_CODES = {"login": "login_text", "email_verification": "email_verification_text",
               "recovery": "recovery_text"}  # fmt: skip
HANKO_NOTICES = {
    "password_update": "password_update_text",
    "primary_email_update": "primary_email_update_text",
    "email_create": "email_create_text",
    "email_login_attempted": "email_login_attempted_text",
    "email_registration_attempted": "email_registration_attempted_text",
}
HANKO_DATA = {
    "ServiceName": "Contoso Notes",
    "TTL": "5",
    "OldEmailAddress": "noor.old@example.com",
    "NewEmailAddress": "noor.tester@example.com",
    "DeletedEmailAddress": "noor.old@example.com",
}


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _go_fill(template: str, data: dict[str, str], *, escape: bool) -> str:
    """Fill ``{{ .Name }}`` actions the way Go's text/html templates print strings."""

    def one(match: re.Match[str]) -> str:
        value = data[match.group(1)]
        return html.escape(value) if escape else value

    return re.sub(r"\{\{\s*\.(\w+)\s*\}\}", one, template)


def _hanko_block(source: str, name: str) -> str:
    found = re.search(r'\{\{define "' + name + r'"\}\}(.*?)\{\{end\}\}', source, re.S)
    assert found, name
    return found.group(1)


def hanko(repo: Path) -> list[dict[str, Any]]:
    base = "backend/mail/"
    layout = _show(repo, HANKO_COMMIT, base + "templates/layout.html.tmpl")
    page, code_box = _hanko_block(layout, "layout"), _hanko_block(layout, "code")
    items = []
    for lang in HANKO_LANGS:
        strings: dict[str, str] = {}
        for catalogue in ("passcode", "security-notifications"):
            loaded = yaml.safe_load(
                _show(repo, HANKO_COMMIT, f"{base}locales/{catalogue}.{lang}.yaml")
            )
            strings |= {key: value["other"] for key, value in loaded.items()}
        for name, text_key in (HANKO_CODES | HANKO_NOTICES).items():
            if text_key not in strings or f"subject_{name}" not in strings:
                continue  # falls back to English: not a mail in this language
            code = six_digits(f"hanko-{name}-{lang}") if name in HANKO_CODES else None
            data = HANKO_DATA | ({"Code": code} if code else {})
            txt = _show(repo, HANKO_COMMIT, f"{base}templates/{name}.txt.tmpl")
            htm = _hanko_block(_show(repo, HANKO_COMMIT, f"{base}templates/{name}.html.tmpl"),
                               "content")  # fmt: skip
            for key in ("ttl_text", text_key):
                plain = _go_fill(strings[key], data, escape=False)
                txt = txt.replace('{{t "' + key + '" .}}', plain)
                htm = htm.replace('{{t "' + key + '" .}}', html.escape(plain))
            txt = _go_fill(txt, data, escape=False)
            htm = htm.replace('{{template "code" .Code}}',
                              code_box.replace("{{.}}", code or "")).strip()  # fmt: skip
            subject = _go_fill(strings[f"subject_{name}"], data, escape=False)
            whole = page.replace('{{template "content" .}}', htm)
            whole = whole.replace("{{.Subject}}", html.escape(subject))
            whole = whole.replace("{{.ServiceName}}", html.escape(HANKO_DATA["ServiceName"]))
            items.append({
                "id": f"hanko-{name}-{lang}", "group": f"hanko-{name}-{lang}",
                "source": "hanko", "lang": lang,
                "kind": "bank-or-saas-otp" if code else "security-notice",
                "code": code, "repository": "teamhanko/hanko",
                "path": f"{base}locales/{{passcode,security-notifications}}.{lang}.yaml, "
                        f"{base}templates/{name}.{{txt,html}}.tmpl, {base}templates/layout.html.tmpl",
                "commit": HANKO_COMMIT, "licence": "AGPL-3.0-only",
                "rendered": "text/plain and text/html as Hanko's email service sends them; "
                            "code six digits, TTL 5 minutes",
                "raw": message(sender="Contoso Notes <passcode@mail.example>", subject=subject,
                               text=txt.strip() + "\n", html_part=whole.strip() + "\n"),
            })  # fmt: skip
    return items


KRATOS_CODES = {
    "login_code": "LoginCode",
    "registration_code": "RegistrationCode",
    "recovery_code": "RecoveryCode",
    "verification_code": "VerificationCode",
}


def kratos(repo: Path) -> list[dict[str, Any]]:
    base = "courier/template/courier/builtin/templates/"
    items = []
    for name in (*KRATOS_CODES, "recovery_code-invalid", "verification_code-invalid"):
        folder = name.replace("-invalid", "/invalid") if "invalid" in name else name + "/valid"
        code = six_digits(f"kratos-{name}") if name in KRATOS_CODES else None
        flow = "8f0e4d6c-3b1a-4e52-9c77-2d5a1f60b9e3"
        data = {"ExpiresInMinutes": "15",
                "VerificationURL": f"https://auth.contoso.example/self-service/verification?flow={flow}&code={code}"}  # fmt: skip
        if code:
            data[KRATOS_CODES[name]] = code
        subject, htm, txt = (
            _go_fill(_show(repo, KRATOS_COMMIT, f"{base}{folder}/{part}.gotmpl"), data,
                     escape=part == "email.body")
            for part in ("email.subject", "email.body", "email.body.plaintext")
        )  # fmt: skip
        items.append({
            "id": f"kratos-{name}-en", "group": f"kratos-{name}-en", "source": "kratos",
            "lang": "en", "kind": "bank-or-saas-otp" if code else "security-notice",
            "code": code, "repository": "ory/kratos",
            "path": f"{base}{folder}/email.{{subject,body,body.plaintext}}.gotmpl",
            "commit": KRATOS_COMMIT, "licence": "Apache-2.0",
            "rendered": "plain text and HTML bodies filled as Kratos' courier does; code six digits",
            "raw": message(sender="Contoso Accounts <no-reply@mail.example>",
                           subject=subject.strip(), text=txt, html_part=htm),
        })  # fmt: skip
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hanko", type=Path, required=True)
    parser.add_argument("--kratos", type=Path, required=True)
    args = parser.parse_args()
    path = HERE / "manifest.json"
    manifest = [i for i in json.loads(path.read_text(encoding="utf-8"))["items"]
                if not i.get("holdout2")]  # fmt: skip
    for item in [*hanko(args.hanko), *kratos(args.kratos)]:
        raw = item.pop("raw")
        item["holdout"] = False
        item["holdout2"] = True
        item["file"] = f"mail/{item['source']}/{item['id']}.eml"
        target = HERE / item["file"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
        item["sha256"] = hashlib.sha256(raw).hexdigest()
        manifest.append(item)
    path.write_text(json.dumps({"items": manifest}, ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")  # fmt: skip
    new = [i for i in manifest if i.get("holdout2")]
    print(len(new), "items in holdout2,", sum(i["code"] is not None for i in new), "with a code")


if __name__ == "__main__":
    main()
