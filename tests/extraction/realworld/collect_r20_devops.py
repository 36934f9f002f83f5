"""Round twenty, developer platforms: a package registry's account and security mails.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_devops.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- pypi/warehouse (Apache-2.0), the Python Package Index (pypi.org): the templates of
  ``warehouse/templates/email/<name>/{subject.txt,body.txt,body.html}`` rendered with Jinja2 as
  ``warehouse/config.py`` configures it (newstyle gettext, ``lstrip_blocks``/``trim_blocks``,
  every ``{% trans %}`` trimmed as ``warehouse.i18n.extensions.TrimmedTranslatableTagsExtension``
  makes them, autoescape on) with the translations of ``warehouse/locale/<lang>/LC_MESSAGES/
  messages.po`` (compiled with babel, fuzzy entries left out, so an untranslated string stays
  English as on the site). The request's locale is the reader's chosen language; the subject
  has its newlines removed as ``warehouse/email/services.py::EmailMessage.from_template`` does.
  Warehouse passes the HTML through ``premailer`` (inlining its one ``<style>`` block); that
  step is not run here, the HTML is Jinja's output. From ``PyPI <noreply@pypi.org>``
  (``site.name`` / ``mail.sender``), a text/plain part and the HTML alternative. Links carry
  an itsdangerous token (only inside the link). No PyPI mail carries a code to type: these
  are all negatives (password, 2FA, recovery-code and e-mail notices, reset and verification
  links, an unrecognised-login link).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from collect import HERE, message

SENT = datetime(2026, 12, 3, 20, 14, 52, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "devops.json"


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _save(*, source, ident, group, lang, kind, code, repository, path, commit, licence,
          rendered, sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{group}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# pypi/warehouse

PYPI_REPO = "pypi/warehouse"
PYPI_COMMIT = "6b62157124ab7865029afeeadf282bce27d601d9"


class _GitLoader(jinja2.BaseLoader):
    def __init__(self, repo: Path, commit: str, root: str):
        self.repo, self.commit, self.root = repo, commit, root

    def get_source(self, environment, template):
        text = _show_bytes(self.repo, self.commit, f"{self.root}/{template}").decode("utf-8")
        return text, template, lambda: True


class _Request:
    def __init__(self):
        self.registry = type("R", (), {"settings": {"site.name": "PyPI"}})()

    def route_url(self, name, _query=None, **kw):
        paths = {
            "accounts.reset-password": "/account/reset-password/",
            "accounts.verify-email": "/account/verify-email/",
            "accounts.confirm-login": "/account/confirm-login/",
            "manage.account": "/manage/account/",
            "manage.account.two-factor": "/manage/account/two-factor/",
            "accounts.login": "/account/login/",
        }
        url = "https://pypi.org" + paths.get(name, "/" + name.replace(".", "/") + "/")
        if _query:
            url += "?" + "&".join(f"{k}={v}" for k, v in _query.items())
        return url

    def help_url(self, _anchor=None):
        return "https://pypi.org/help/" + (f"#{_anchor}" if _anchor else "")


class _Ip(str):
    geo_ip = "Lisbon, Portugal"


def _pypi_env(repo: Path, lang: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=_GitLoader(repo, PYPI_COMMIT, "warehouse/templates"),
        extensions=["jinja2.ext.i18n"], autoescape=True,
        lstrip_blocks=True, trim_blocks=True,
    )  # fmt: skip
    env.policies["ext.i18n.trimmed"] = True
    if lang == "en":
        env.install_gettext_translations(Translations(), newstyle=True)
    else:
        po = _show_bytes(repo, PYPI_COMMIT, f"warehouse/locale/{lang}/LC_MESSAGES/messages.po")
        catalog = read_po(io.BytesIO(po), locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        env.install_gettext_translations(Translations(buf), newstyle=True)
    return env


PYPI_LANGS = ["en", "fr", "es", "pt_BR", "ru"]

PYPI_MAILS = [
    # (template, context, note)
    ("password-change", {"username": "marisol.dev"}, "a password-changed notice"),
    ("two-factor-added", {"username": "kjell-ostby", "method": "TOTP"}, "a 2FA-added notice"),
    ("two-factor-removed", {"username": "kjell-ostby", "method": "WebAuthn"},
     "a 2FA-removed notice"),
    ("recovery-codes-generated", {"username": "tamsin_ray"},
     "recovery codes were generated (none is in the mail)"),
    ("recovery-code-used", {"username": "tamsin_ray"}, "a recovery-code-used notice"),
    ("recovery-code-reminder", {"username": "obi.nwosu"},
     "a reminder to keep recovery codes (none is in the mail)"),
    ("password-reset", {"username": "marisol.dev", "n_hours": 6,
                        "token": "InY5cWRrMmJ4In0.ZyQ7Ng.Wk3vJtE1lq0Rr8o8HcFmYyZ5aBc"},
     "a reset link (the token is only inside it); the expiry is 6 hours"),
    ("verify-email", {"username": "obi.nwosu", "email_address": "obi.nwosu@example.net",
                      "n_hours": 24,
                      "token": "ImViYjMxYzRlIg.ZyQ8Cw.d1q4m8Q0pXh2Nn5t0Rz7sLkUa2Y"},
     "a verification link (the token is only inside it)"),
    ("new-email-added", {"username": "lena-hoffmann",
                         "new_email_address": "lena.hoffmann@example.org"},
     "a new-address notice"),
    ("unrecognized-login", {"username": "kjell-ostby", "ip_address": _Ip("203.0.113.58"),
                            "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) "
                                          "Gecko/20100101 Firefox/133.0",
                            "token": "eyJ1c2VyLmlkIjoiNDQxIn0.ZyQ9kA.b7yK9cQm0sVz3fPq1HnTw8eXo4U"},
     "a login-confirmation link (the token is only inside it), IP address and user agent"),
]  # fmt: skip


def pypi(mirrors: Path) -> None:
    repo = mirrors / "pypi+warehouse" / "repo"
    for lang in PYPI_LANGS:
        env = _pypi_env(repo, lang)
        for name, ctx, note in PYPI_MAILS:
            if name == "unrecognized-login" and lang != "en":
                continue  # its templates have no {% trans %}: English in every locale
            ctx = dict(ctx, request=_Request(), testPyPI=False)
            base = f"email/{name}"
            subject = env.get_template(f"{base}/subject.txt").render(ctx).replace("\n", "")
            text = env.get_template(f"{base}/body.txt").render(ctx)
            html_part = env.get_template(f"{base}/body.html").render(ctx)
            _save(
                source="pypi", ident=name, group=name, lang=lang.replace("_", "-"),
                kind="notice", code=None, repository=PYPI_REPO,
                path=f"warehouse/templates/email/{name}/body.txt", commit=PYPI_COMMIT,
                licence="Apache-2.0",
                rendered=f"Jinja2 as warehouse/config.py sets it, {base}/subject.txt, "
                f"body.txt, body.html, locale {lang} (messages.po via babel); premailer "
                "not run; From PyPI <noreply@pypi.org>",
                sender="PyPI <noreply@pypi.org>", subject=subject, text=text,
                html_part=html_part, note=note,
            )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    pypi(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for item in ITEMS if item["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON.relative_to(HERE)}")


if __name__ == "__main__":
    main()
