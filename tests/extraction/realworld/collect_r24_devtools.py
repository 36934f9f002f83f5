"""Round twenty-four, developer and ops tools: a database administration UI (pgAdmin 4) — its
e-mail multi-factor verification code and its password-changed notice, in the languages its
catalogue translates them into.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_devtools.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. jinja2
3.1.6 is the only package beyond the standard library; where the project's environment lacks
it, it is taken from ``/tmp/r24pkgs`` (``pip install --target /tmp/r24pkgs jinja2==3.1.6``).

- pgadmin-org/pgadmin4 (PostgreSQL licence, ``LICENSE``), pgAdmin 4, the PostgreSQL
  administration web UI (Flask + Flask-Security-Too). Two mails:

  * the MFA e-mail code: ``_send_code_to_email`` of ``web/pgadmin/authenticate/mfa/email.py``
    makes the code with ``__generate_otp`` (hex of time, user name and a random number, summed
    in six-hex-digit windows modulo 1 000 000, ``zfill(6)``: six digits, leading zeros
    possible) and calls Flask-Security's ``send_mail`` with the subject
    ``_("{} - Verification Code").format(config.APP_NAME)`` (``MFA_EMAIL_SUBJECT`` is None in
    ``web/config.py``; ``APP_NAME`` is ``'pgAdmin 4'`` in ``web/branding.py``) and the
    template ``send_email_otp``: ``web/pgadmin/authenticate/mfa/templates/security/email/
    send_email_otp.{txt,html}``. The subject is looked up in
    ``web/pgadmin/translations/<locale>/LC_MESSAGES/messages.po`` (flask-babel; an empty
    msgstr stays English, so ``de`` and ``pl`` are left out); the templates themselves hold
    no gettext calls, so the body is English in every language, as pgAdmin sends it. Five
    locales are taken (en, fr, ja, ru, zh_Hans_CN).
  * the password-changed notice: ``web/pgadmin/templates/security/email/change_notice.
    {txt,html}`` with ``SECURITY_EMAIL_SUBJECT_PASSWORD_CHANGE_NOTICE`` of ``web/config.py``
    (a plain string, not translated); ``security.recoverable`` is true (``web/pgadmin/
    __init__.py`` sets ``SECURITY_RECOVERABLE``), ``url_for('browser.forgot_password',
    _external=True)`` is the ``/browser/reset_password`` route of ``web/pgadmin/browser/
    __init__.py`` on a fixed host.

  Both templates are rendered with jinja2 as Flask does (autoescape for ``.html``, no
  ``trim_blocks``, the final newline dropped) and sent as Flask-Security sends them: text and
  HTML parts as a multipart/alternative, From ``SECURITY_EMAIL_SENDER``
  (``no-reply@localhost`` by default, here ``no-reply@pgadmin.example.com``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

try:
    import jinja2
except ModuleNotFoundError:
    sys.path.insert(0, "/tmp/r24pkgs")
    import jinja2
from collect import HERE, message

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round24" / "devtools.json"
SENT = datetime(2026, 12, 4, 10, 17, 43, tzinfo=UTC)

PGADMIN = "pgadmin-org/pgadmin4"
PGADMIN_COMMIT = "bc58657d3d3ab4209cdadea6d191b632cf1572cc"
PGADMIN_HOST = "https://pgadmin.example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def read_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (fuzzy and empty entries left out, as
    msgfmt/babel compile it)."""
    out: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        if "#, fuzzy" in block or "#~" in block:
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            m = re.match(r'(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(".*")$', line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid") and fields.get("msgstr"):
            out[fields["msgid"]] = fields["msgstr"]
    return out


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# pgAdmin 4


def flask_env(templates: dict[str, str]) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        autoescape=jinja2.select_autoescape(["html"]),
    )


def pgadmin(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, PGADMIN, PGADMIN_COMMIT, path)

    mfa = "web/pgadmin/authenticate/mfa/templates/security/email/send_email_otp"
    notice = "web/pgadmin/templates/security/email/change_notice"
    env = flask_env(
        {
            "otp.txt": show(mfa + ".txt"),
            "otp.html": show(mfa + ".html"),
            "notice.txt": show(notice + ".txt"),
            "notice.html": show(notice + ".html"),
        }
    )
    app_name = re.search(r"APP_NAME = '([^']*)'", show("web/branding.py")).group(1)
    sender = "no-reply@pgadmin.example.com"

    def url_for(endpoint: str, _external: bool = False) -> str:
        assert endpoint == "browser.forgot_password" and _external
        return PGADMIN_HOST + "/browser/reset_password"

    common = {
        "repository": PGADMIN,
        "commit": PGADMIN_COMMIT,
        "licence": "PostgreSQL",
    }
    codes = {"en": "048217", "fr": "739502", "ja": "360941", "ru": "815376", "zh-Hans": "092684"}
    locales = {"en": None, "fr": "fr", "ja": "ja", "ru": "ru", "zh-Hans": "zh_Hans_CN"}
    for lang, locale in locales.items():
        msgid = "{} - Verification Code"
        po_path = f"web/pgadmin/translations/{locale}/LC_MESSAGES/messages.po"
        subject = msgid
        if locale:
            subject = read_po(show(po_path))[msgid]
        subject = subject.format(app_name)
        ctx = {"code": codes[lang], "user": None}
        raw = message(
            sender=sender,
            subject=subject,
            text=env.get_template("otp.txt").render(ctx),
            html_part=env.get_template("otp.html").render(ctx),
            sent=SENT,
        )
        w.add(
            source="pgadmin",
            group="pgadmin-mfa-email-code",
            lang=lang,
            raw=raw,
            kind="saas-otp",
            code=codes[lang],
            path=", ".join(
                ["web/pgadmin/authenticate/mfa/email.py", mfa + ".txt", mfa + ".html"]
                + (["web/branding.py"] if not locale else ["web/branding.py", po_path])
            ),
            rendered="jinja2 as Flask renders the txt and html templates; subject from the "
            "flask-babel catalogue, body English as shipped; multipart text+html",
            **common,
            **({"note": "only the subject is translated; the template body is English"} if locale else {}),
        )

    config = show("web/config.py")
    m = re.search(
        r'SECURITY_EMAIL_SUBJECT_PASSWORD_CHANGE_NOTICE = \\\n\s*"([^"]*)" % APP_NAME', config
    )
    subject = m.group(1) % app_name
    ctx = {"security": {"recoverable": True}, "url_for": url_for}
    raw = message(
        sender=sender,
        subject=subject,
        text=env.get_template("notice.txt").render(ctx),
        html_part=env.get_template("notice.html").render(ctx),
        sent=SENT,
    )
    w.add(
        source="pgadmin",
        group="pgadmin-password-changed",
        lang="en",
        raw=raw,
        kind="notice",
        code=None,
        path=", ".join(
            [notice + ".txt", notice + ".html", "web/config.py", "web/pgadmin/__init__.py",
             "web/pgadmin/browser/__init__.py"]
        ),
        rendered="jinja2 as Flask renders the txt and html templates, url_for stubbed to the "
        "reset_password route; multipart text+html",
        **common,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    pgadmin(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
