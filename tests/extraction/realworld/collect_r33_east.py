"""Round thirty-three, east: the account mails of dektrium/yii2-user, the Yii 2 user module
(much used in Russian- and Ukrainian-speaking Yii shops), in English and its Russian,
Ukrainian, Polish, Czech, Turkish, Persian and Kazakh catalogues.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_east.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. No tool
beyond Python and git is needed.

- dektrium/yii2-user (MIT, ``composer.json`` and ``LICENSE.md``) at ``DEKTRIUM_COMMIT``.
  Files used: ``Mailer.php`` (the five ``send*`` methods, their default subjects
  ``Yii::t('user', ...)`` with ``Yii::$app->name``, ``compose(['html' => $view, 'text' =>
  'text/' . $view])`` with ``setFrom`` the ``adminEmail`` param), the views
  ``views/mail/{,text/}{welcome,new_password,confirmation,reconfirmation,recovery}.php`` in
  ``views/mail/layouts/{html,text}.php``, the catalogues ``messages/<lang>/user.php``,
  ``models/User.php`` (``create()`` sends the welcome mail with ``showPassword`` and no token,
  ``register()`` with the confirmation token, ``resendPassword()`` the new-password mail),
  ``helpers/Password.php`` (``generate(8)``: one of each of the three sets, five of all of
  them, ``str_shuffle``), ``models/Token.php`` (``generateRandomString()``, 32 characters of
  ``[A-Za-z0-9_-]``; ``getUrl`` routes) and ``Module.php`` (``urlPrefix`` ``user`` and its
  ``urlRules``: ``confirm/<id>/<code>``, ``recover/<id>/<code>``, ``settings/<action>``).
  How the sender renders: the Yii mailer renders each PHP view and wraps it in its layout
  (``$content``), then Swift Mailer sends text/plain and text/html as
  multipart/alternative. What was done here: the views and layouts are run as PHP runs them
  (``<?= ?>`` filled, ``if``/``endif`` blocks followed, the one newline after ``?>``
  eaten; ``$this->head()``/``beginBody()`` leave nothing, as no asset is registered),
  ``Yii::t`` as Yii's ``PhpMessageSource`` does (an empty translation falls back to the
  English source; ``{0}`` replaced), ``Html::a`` / ``Html::encode`` as ``htmlspecialchars``
  (ENT_QUOTES). The module is configured with ``enableGeneratingPassword`` and
  ``enableConfirmation`` on, the app named ``Volna Club`` at ``https://volna-club.example``
  (pretty URLs), ``adminEmail`` ``no-reply@volna-club.example``. The MIME envelope is the
  corpus's ``collect.message`` (text then HTML, UTF-8).

Mails per language: the welcome mail of an account an administrator created (the generated
password, no link), the welcome mail of a self-registration (the generated password and the
confirmation link), the new-password mail (``resendPassword``), the confirmation link resent,
the password-recovery link and the e-mail-change link. The password the mail gives is the
credential to type, so it is the label; tokens only inside links are not codes.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2027, 1, 19, 6, 52, 8, tzinfo=UTC)
RNG = random.Random("r33-east")
ITEMS: list[dict] = []

DEKTRIUM_REPO = "dektrium/yii2-user"
DEKTRIUM_COMMIT = "0507bbbfca7a04ecf5c78a727c1de46e47ed15cd"
MAIL = "views/mail"
APP = "Volna Club"
BASE = "https://volna-club.example"
SENDER = "no-reply@volna-club.example"
USER_ID = 4187
LANGS = {  # corpus language: the catalogue folder (the app language Yii looks up)
    "en": None,
    "ru": "ru",
    "uk": "uk",
    "pl": "pl",
    "cs": "cs",
    "tr": "tr_TR",
    "fa": "fa-IR",
    "kk": "kz",
}


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def _save(
    *, source, template, lang, kind, code, repository, path, commit, licence, rendered,
    subject, text, html_part, note=None,
):  # fmt: skip
    raw = message(sender=SENDER, subject=subject, text=text, html_part=html_part, sent=SENT)
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


def _php_e(value: str) -> str:
    """htmlspecialchars with ENT_QUOTES | ENT_SUBSTITUTE (Yii's Html::encode)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _php_strings(source: str) -> dict[str, str]:
    """'message' => 'translation' pairs of a Yii PHP message file (empty: untranslated)."""
    out: dict[str, str] = {}
    q = r"'((?:[^'\\]|\\.)*)'"
    for m in re.finditer(r"^\s*" + q + r"\s*=>\s*" + q + r",?\s*$", source, re.M):
        out[re.sub(r"\\(.)", r"\1", m.group(1))] = re.sub(r"\\(.)", r"\1", m.group(2))
    return out


def _php_view(source: str, expr, cond) -> str:
    """A PHP view run as PHP does: ``<?php ... ?>`` blocks print nothing but their ``if
    (...):`` / ``endif`` steer the output, ``<?= ... ?>`` prints ``expr(code)``, and the one
    newline right after ``?>`` is eaten."""
    out: list[str] = []
    stack: list[bool] = []
    pos = 0
    for m in re.finditer(r"<\?(php|=)(.*?)\?>\n?", source, re.S):
        if all(stack):
            out.append(source[pos : m.start()])
        pos = m.end()
        code = m.group(2).strip()
        if m.group(1) == "=":
            if all(stack):
                out.append(expr(code))
        elif code.startswith("if ("):
            stack.append(cond(code[4 : code.rindex(")")]))
        elif code == "endif":
            stack.pop()
    out.append(source[pos:])
    return "".join(out)


def _password(helper: str) -> str:
    """helpers/Password.php generate(8): one of each set, five of all, str_shuffle."""
    sets = re.search(r"\$sets = \[(.*?)\];", helper, re.S)
    assert sets
    groups = re.findall(r"'([^']+)'", sets.group(1))
    assert groups == ["abcdefghjkmnpqrstuvwxyz", "ABCDEFGHJKMNPQRSTUVWXYZ", "23456789"]
    chars = [RNG.choice(g) for g in groups]
    every = "".join(groups)
    chars += [RNG.choice(every) for _ in range(8 - len(groups))]
    RNG.shuffle(chars)
    return "".join(chars)


def _token_code() -> str:
    """Security::generateRandomString(32): base64url characters."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    return "".join(RNG.choice(alphabet) for _ in range(32))


def dektrium(repo: Path) -> None:
    c = DEKTRIUM_COMMIT
    mailer = _show(repo, c, "Mailer.php")
    subjects = dict(
        re.findall(r"function get(\w+)Subject\(\).*?Yii::t\('user', '([^']*)'", mailer, re.S)
    )
    helper = _show(repo, c, "helpers/Password.php")
    token_src = _show(repo, c, "models/Token.php")
    assert "generateRandomString()" in token_src
    module = _show(repo, c, "Module.php")
    assert "'confirm/<id:\\d+>/<code:[A-Za-z0-9_-]+>' => 'registration/confirm'" in module
    assert "'recover/<id:\\d+>/<code:[A-Za-z0-9_-]+>' => 'recovery/reset'" in module
    assert "public $urlPrefix = 'user';" in module
    user_src = _show(repo, c, "models/User.php")
    assert "sendWelcomeMessage($this, null, true)" in user_src
    assert "$this->password = Password::generate(8);" in user_src

    mails = [
        # template, view, subject, password?, showPassword, token route (None: no token)
        ("welcome-created", "welcome", "Welcome", True, True, None),
        ("welcome-registered", "welcome", "Welcome", True, False, "confirm"),
        ("new-password", "new_password", "NewPassword", True, False, None),
        ("confirmation", "confirmation", "Confirmation", False, False, "confirm"),
        ("recovery", "recovery", "Recovery", False, False, "recover"),
        ("reconfirmation", "reconfirmation", "Reconfirmation", False, False, "settings"),
    ]
    layouts = {k: _show(repo, c, f"{MAIL}/layouts/{k}.php") for k in ["html", "text"]}
    for lang, folder in LANGS.items():
        msgs = {} if folder is None else _php_strings(_show(repo, c, f"messages/{folder}/user.php"))
        for template, view, subject_key, has_pw, show_pw, route in mails:
            missed: list[str] = []

            def t(msg: str, msgs=msgs, missed=missed, folder=folder) -> str:
                value = msgs.get(msg) or msg
                if folder is not None and not msgs.get(msg):
                    missed.append(msg)
                return value.replace("{0}", APP)

            pw = _password(helper) if has_pw else None
            url = None
            if route == "settings":
                url = f"{BASE}/user/settings/confirm?id={USER_ID}&code={_token_code()}"
            elif route:
                url = f"{BASE}/user/{route}/{USER_ID}/{_token_code()}"

            def expr(code: str, t=t, pw=pw, url=url) -> str:
                m = re.fullmatch(
                    r"Yii::t\(\s*'user',\s*'((?:[^'\\]|\\.)*)'\s*(?:,\s*Yii::\$app->name\s*)?\)",
                    code,
                    re.S,
                )
                if m:
                    return t(re.sub(r"\\(.)", r"\1", m.group(1)))
                link = f'<a href="{_php_e(url or "")}">{_php_e(url or "")}</a>'
                values = {
                    "$user->password": pw,
                    "Html::a(Html::encode($token->url), $token->url)": link,
                    "Html::a(Html::encode($token->url), $token->url);": link,
                    "Html::a(Html::encode($token->getUrl()), $token->getUrl());": link,
                    "$token->url": url,
                    "Yii::$app->name": APP,
                    "date('Y')": str(SENT.year),
                }
                value = values[code]
                assert value is not None, code
                return value

            def cond(code: str, show_pw=show_pw, url=url) -> bool:
                return {
                    "$showPassword || $module->enableGeneratingPassword": True,
                    "$module->enableGeneratingPassword": True,
                    "$token !== null": url is not None,
                }[code]

            parts = {}
            for kind_, vpath in [("html", view), ("text", f"text/{view}")]:
                body = _php_view(_show(repo, c, f"{MAIL}/{vpath}.php"), expr, cond)
                parts[kind_] = _php_view(
                    layouts[kind_],
                    lambda code, body=body, expr=expr: body if code == "$content" else expr(code),
                    cond,
                )
            subject = t(subjects[subject_key])
            if template == "welcome-created":
                note = (
                    "User::create() (an administrator adds the account): the password "
                    "Password::generate(8) made is the credential to type; no link"
                )
            elif template == "welcome-registered":
                note = (
                    "User::register() with enableGeneratingPassword and enableConfirmation: the "
                    "generated password is the credential to type; the confirmation token is "
                    "only in the link"
                )
            elif pw:
                note = "User::resendPassword(): the new Password::generate(8) password to type"
            else:
                note = "link mail: the token is only in the link"
            if missed:
                note += f"; {len(set(missed))} strings untranslated in {folder} (English source)"
            _save(
                source="dektrium",
                template=template,
                lang=lang,
                kind="saas-otp" if pw else "notice",
                code=pw,
                repository=DEKTRIUM_REPO,
                commit=c,
                licence="MIT",
                path=f"{MAIL}/{{,text/}}{view}.php; {MAIL}/layouts/{{html,text}}.php; "
                "Mailer.php; models/User.php; helpers/Password.php; models/Token.php"
                + (f"; messages/{folder}/user.php" if folder else ""),
                rendered="the Yii PHP views and layouts run as PHP does (echo tags filled, "
                "if/endif followed, the newline after ?> eaten); Yii::t with {0} replaced and "
                "the English source where the translation is empty; Swift Mailer's text and "
                "HTML parts",
                subject=subject,
                text=parts["text"],
                html_part=parts["html"],
                note=note,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    dektrium(args.mirrors / "dektrium+yii2-user/repo")
    out = HERE / "round33" / "east.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for i in ITEMS if i["code"])
    print(f"{len(ITEMS)} mails, {codes} codes")


if __name__ == "__main__":
    main()
