"""Round eight (``idp``): one-time codes e-mailed by identity / MFA servers, and notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r8_idp.py \\
        --authgear /work/.mirror/authgear+authgear-server/repo \\
        --privacyidea /work/.mirror/privacyidea+privacyidea/repo \\
        --linotp /work/.mirror/LinOTP+LinOTP/repo

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- ``--authgear``: a git snapshot of authgear/authgear-server (Apache-2.0). Its built-in
  message templates ``resources/authgear/templates/<lang>/messages/<name>.{txt,html}`` (Go
  templates; the ``.html`` is the compiled MJML, sent as is) are filled as the sender fills
  them: ``{{ template "app.name" }}`` with the language's ``app.name`` (falling back to
  English), ``{{ .Code }}`` with a six-digit OOB OTP (``secretcode.OOBOTPSecretCode``:
  six of ``0-9``) and ``{{ .Link }}`` with ``ResetPasswordEndpointURL()`` +
  ``?code=`` a 32-character base32 link OTP (``pkg/lib/authn/otp/sender.go``). Subjects
  are the ``email.<name>.subject`` strings of the language's ``translation.json`` with
  ``{AppName}`` filled (an ICU doubled quote ``''`` made one; the French ``.txt`` bodies
  hold a literal ``''`` and are sent so). Both parts are sent (text/plain + text/html). Templates: sign-in
  code (second factor), e-mail verification code (positives), password-reset link
  (negative). Twelve languages. Also the usage-alert notice sent to a project's owner
  (``usage_alert_email``; its ``{{ if eq .UsageAction ... }}`` blocks evaluated for
  ``alert``, the ICU ``select`` subject likewise; a negative).
- ``--privacyidea``: a git snapshot of privacyidea/privacyidea (AGPL-3.0). The e-mail
  token (``privacyidea/lib/tokens/emailtoken.py``) sends, without an ``emailtext`` /
  ``emailsubject`` policy, the subject ``Your OTP`` and the body ``<otp>`` (just the
  six-digit HOTP value) as text/plain; with an ``emailtext`` policy ``file:...`` it sends
  the file as text/html after ``str.format(otp=..., serial=...)``: the test suite's
  ``tests/testdata/emailtemplate.html`` is rendered that way (serial prefix ``PIEM``).
  Negative: the user-notification event handler's ``DEFAULT_BODY`` and default subject
  (``privacyidea/lib/eventhandler/usernotification.py``), filled by ``create_tag_dict``
  (``action`` = request path). English only (these defaults are not translated).
- ``--linotp``: a git snapshot of LinOTP/LinOTP (AGPL-3.0). The e-mail provider
  (``linotp/provider/emailprovider/__init__.py``) sends by default the message ``<otp>``
  with subject ``Your OTP`` (``render_simple_message``: text/plain), or, with a
  ``TEMPLATE``, a whole MIME template whose ``${...}`` variables are substituted
  (``render_template_message``, Mako): the shipped ``examples/mailtemplate-authenticate.eml``
  (OTP, six digits by default, serial prefix ``LSEM``) and
  ``examples/mailtemplate-enroll.eml`` as used by the auto-enrolment notification of
  ``linotp/lib/token.py`` (subject ``New email token enrolled``, a random six-character
  PIN of letters and digits from ``createRandomPin``). The rendered template is parsed back
  into an ``EmailMessage`` so that Date and Message-ID can be fixed. English only.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from email import policy
from email.parser import BytesParser
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import collect

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 18, 9, 41, 7, tzinfo=UTC)
NAME = "idp"

AUTHGEAR_COMMIT = "fa7a7d551dda42c274bf388ae57aadc780e8472c"
PRIVACYIDEA_COMMIT = "55410007d118b505d9ff300b6114c2701e9bdb3c"
LINOTP_COMMIT = "71617bb70c47c57eb99b6a82957da00924c52ef7"

AUTHGEAR_LANGS = ("en", "de", "el", "es", "fr", "it", "ja", "ko", "nl", "pl", "th", "zh-TW")
AUTHGEAR_TEMPLATES = {
    # template file: (subject key, kind, has code)
    "authenticate_secondary_oob_email": ("email.authenticate-secondary-oob.subject", True),
    "verification_email": ("email.verification.subject", True),
    "forgot_password_email": ("email.forgot-password.subject", False),
}
AUTHGEAR_ORIGIN = "https://auth.contoso-notes.example"
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

RNG = random.Random("r8-idp")


def digits(n: int) -> str:
    while True:
        code = "".join(RNG.choice("0123456789") for _ in range(n))
        if code != "123456" and len(set(code)) > 2:
            return code


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        check=True, capture_output=True,
    ).stdout.decode("utf-8")  # fmt: skip


message = functools.partial(collect.message, sent=SENT)
"""The corpus's one MIME builder (``collect.py``), with this round's Date."""


def write(items: list[dict[str, Any]], item: dict[str, Any], raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    items.append(item)


# ---------------------------------------------------------------------------------------
# Authgear


def authgear(repo: Path, items: list[dict[str, Any]]) -> None:
    base = "resources/authgear/templates"
    en = json.loads(show(repo, AUTHGEAR_COMMIT, f"{base}/en/translation.json"))
    for name, (subject_key, has_code) in AUTHGEAR_TEMPLATES.items():
        for lang in AUTHGEAR_LANGS:
            tr = json.loads(show(repo, AUTHGEAR_COMMIT, f"{base}/{lang}/translation.json"))
            app = tr.get("app.name") or en["app.name"]
            subject = (tr.get(subject_key) or en[subject_key]).replace("{AppName}", app)
            subject = subject.replace("''", "'")  # ICU: a doubled quote is one quote
            txt_path = f"{base}/{lang}/messages/{name}.txt"
            html_path = f"{base}/{lang}/messages/{name}.html"
            code = digits(6) if has_code else None
            link = None
            if not has_code:
                otp = "".join(RNG.choice(BASE32) for _ in range(32))
                link = f"{AUTHGEAR_ORIGIN}/authflow/v2/reset_password?code={otp}"

            def fill(src: str, code: str | None = code, link: str | None = link,
                     app: str = app) -> str:  # fmt: skip
                out = src.replace('{{ template "app.name" }}', app)
                if code is not None:
                    out = out.replace("{{ .Code }}", code)
                if link is not None:
                    out = out.replace("{{ .Link }}", link)
                assert "{{" not in out, out
                return out

            text = fill(show(repo, AUTHGEAR_COMMIT, txt_path))
            html_part = fill(show(repo, AUTHGEAR_COMMIT, html_path))
            raw = message(sender="Contoso Notes <no-reply@contoso-notes.example>",
                          subject=subject, text=text, html_part=html_part)  # fmt: skip
            tmpl = name.removesuffix("_email").replace("_", "-")
            item: dict[str, Any] = {
                "id": f"authgear-{tmpl}-{lang}",
                "group": f"authgear-{tmpl}",
                "source": "authgear",
                "lang": lang,
                "kind": "saas-otp" if has_code else "notice",
                "code": code,
                "repository": "authgear/authgear-server",
                "path": f"{txt_path}, {html_path}, {base}/{lang}/translation.json",
                "commit": AUTHGEAR_COMMIT,
                "licence": "Apache-2.0",
                "rendered": "Go template placeholders (app.name, .Code, .Link) filled by hand "
                "as sender.go fills them; subject from translation.json; text + html parts",
            }
            if not has_code:
                item["note"] = "password-reset link carrying a 32-character link code in its "
                "query; nothing to type"
            write(items, item, raw)


_GO_ACTION = re.compile(
    r'\{\{\s*(if|else\s+if|else|end)(?:\s+eq\s+\.UsageAction\s+"(\w+)")?\s*\}\}'
)


def go_if(src: str, action: str) -> str:
    """Evaluate the ``{{ if eq .UsageAction "x" }}`` / ``else if`` / ``else`` / ``end``
    blocks of Authgear's usage-alert template for one ``UsageAction`` (nesting allowed)."""
    out: list[str] = []
    # stack of (emitting now, some branch already taken, parent emitting)
    stack: list[tuple[bool, bool, bool]] = []
    emitting, pos = True, 0
    for m in _GO_ACTION.finditer(src):
        if emitting:
            out.append(src[pos : m.start()])
        pos = m.end()
        word, arg = " ".join(m.group(1).split()), m.group(2)
        if word == "if":
            take = emitting and arg == action
            stack.append((take, take, emitting))
            emitting = take
        elif word == "else if":
            _, taken, parent = stack.pop()
            take = parent and not taken and arg == action
            stack.append((take, taken or take, parent))
            emitting = take
        elif word == "else":
            _, taken, parent = stack.pop()
            take = parent and not taken
            stack.append((take, True, parent))
            emitting = take
        else:
            _, _, parent = stack.pop()
            emitting = parent
    out.append(src[pos:])
    assert not stack
    return "".join(out)


def icu_select(pattern: str, key: str) -> str:
    """The ``key{...}`` branch of an ICU ``select`` (braces matched), quotes unescaped."""
    start = pattern.index(key + "{") + len(key) + 1
    depth, i = 1, start
    while depth:
        depth += {"{": 1, "}": -1}.get(pattern[i], 0)
        i += 1
    return pattern[start : i - 1].replace("''", "'")


def authgear_usage(repo: Path, items: list[dict[str, Any]]) -> None:
    base = "resources/authgear/templates"
    en = json.loads(show(repo, AUTHGEAR_COMMIT, f"{base}/en/translation.json"))
    for lang in AUTHGEAR_LANGS:
        tr = json.loads(show(repo, AUTHGEAR_COMMIT, f"{base}/{lang}/translation.json"))
        values = {"UsageDisplayName": tr.get("usage.name.email") or en["usage.name.email"],
                  "UsageCurrentValue": "800", "UsageQuota": "1000",
                  "AppID": "contoso-notes"}  # fmt: skip
        subject = icu_select(tr.get("email.usage-alert.subject")
                             or en["email.usage-alert.subject"], "alert")  # fmt: skip
        for k, v in values.items():
            subject = subject.replace("{" + k + "}", v)
        txt_path = f"{base}/{lang}/messages/usage_alert_email.txt"
        html_path = f"{base}/{lang}/messages/usage_alert_email.html"

        def fill(src: str, values: dict[str, str] = values) -> str:
            out = go_if(src, "alert")
            for k, v in values.items():
                out = out.replace("{{ ." + k + " }}", v)
            assert "{{" not in out, out
            return out

        raw = message(sender="Authgear <no-reply@authgear.example>", subject=subject,
                      text=fill(show(repo, AUTHGEAR_COMMIT, txt_path)),
                      html_part=fill(show(repo, AUTHGEAR_COMMIT, html_path)))  # fmt: skip
        write(items, {
            "id": f"authgear-usage-alert-{lang}", "group": "authgear-usage-alert",
            "source": "authgear", "lang": lang, "kind": "notice", "code": None,
            "repository": "authgear/authgear-server",
            "path": f"{txt_path}, {html_path}, {base}/{lang}/translation.json",
            "commit": AUTHGEAR_COMMIT, "licence": "Apache-2.0",
            "rendered": "Go template if/else on UsageAction evaluated for 'alert' and the "
            "variables of translation/service.go filled by hand (UsageCurrentValue 800, an "
            "int); ICU select subject, alert branch; text + html parts",
            "note": "quota notice to the project owner: usage count and project id only",
        }, raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# privacyIDEA


def privacyidea(repo: Path, items: list[dict[str, Any]]) -> None:
    sender = "privacyIDEA <privacyidea@idm.contoso.example>"
    common = {"source": "privacyidea", "lang": "en", "repository": "privacyidea/privacyidea",
              "commit": PRIVACYIDEA_COMMIT, "licence": "AGPL-3.0"}  # fmt: skip
    # default e-mail token mail: subject "Your OTP", body "<otp>"
    otp = digits(6)
    raw = message(sender=sender, subject="Your OTP", text=otp, html_part=None)
    write(items, {"id": "privacyidea-emailtoken-default-en",
                  "group": "privacyidea-emailtoken-default", **common, "kind": "saas-otp",
                  "code": otp, "path": "privacyidea/lib/tokens/emailtoken.py",
                  "rendered": "defaults of _get_email_text_or_subject / _compose_email: "
                  "subject 'Your OTP', body '<otp>' replaced by the OTP, text/plain"}, raw)  # fmt: skip
    # e-mail token with an html template file (the test suite's template)
    otp = digits(6)
    serial = "PIEM" + "".join(RNG.choice("0123456789ABCDEF") for _ in range(8))
    tpl = show(repo, PRIVACYIDEA_COMMIT, "tests/testdata/emailtemplate.html")
    body = tpl.replace("<otp>", otp).replace("<serial>", serial)
    body = body.replace("{otp}", otp).replace("{serial}", serial)
    raw = message(sender=sender, subject="Your OTP", text=None, html_part=body)
    write(items, {"id": "privacyidea-emailtoken-html-en",
                  "group": "privacyidea-emailtoken-html", **common, "kind": "saas-otp",
                  "code": otp,
                  "path": "privacyidea/lib/tokens/emailtoken.py, tests/testdata/emailtemplate.html",
                  "rendered": "emailtext policy 'file:' template as text/html, "
                  "str.format(otp, serial) as _compose_email does; default subject"}, raw)  # fmt: skip
    # user notification (negative)
    src = show(repo, PRIVACYIDEA_COMMIT, "privacyidea/lib/eventhandler/usernotification.py")
    m = re.search(r'DEFAULT_BODY = """(.*?)"""', src, re.S)
    assert m
    serial = "PIEM" + "".join(RNG.choice("0123456789ABCDEF") for _ in range(8))
    body = m.group(1).format(user="Noor", admin="helpdesk", realm="admins",
                             action="/token/disable", serial=serial,
                             url="https://idm.contoso.example/")  # fmt: skip
    raw = message(sender=sender, subject="An action was performed on your token.",
                  text=body, html_part=None)  # fmt: skip
    write(items, {"id": "privacyidea-usernotification-en",
                  "group": "privacyidea-usernotification", **common, "kind": "notice",
                  "code": None, "path": "privacyidea/lib/eventhandler/usernotification.py",
                  "rendered": "DEFAULT_BODY and default subject, tags filled as "
                  "create_tag_dict fills them (action = request path)",
                  "note": "token serial and admin action only"}, raw)  # fmt: skip


# ---------------------------------------------------------------------------------------
# LinOTP


def _linotp_template(tpl: str, values: dict[str, str]) -> bytes:
    def sub(m: re.Match[str]) -> str:
        return values[m.group(1)]

    rendered = re.sub(r"\$\{(\w+)\}", sub, tpl).encode("ascii")
    msg = BytesParser(policy=policy.default).parsebytes(rendered)
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def linotp(repo: Path, items: list[dict[str, Any]]) -> None:
    sender = "linotp@idm.contoso.example"
    common = {"source": "linotp", "lang": "en", "repository": "LinOTP/LinOTP",
              "commit": LINOTP_COMMIT, "licence": "AGPL-3.0"}  # fmt: skip
    otp = digits(6)
    raw = message(sender=sender, subject="Your OTP", text=otp, html_part=None)
    write(items, {"id": "linotp-emailtoken-default-en", "group": "linotp-emailtoken-default",
                  **common, "kind": "saas-otp", "code": otp,
                  "path": "linotp/provider/emailprovider/__init__.py, linotp/tokens/emailtoken.py",
                  "rendered": "render_simple_message with DEFAULT_MESSAGE '<otp>' and "
                  "DEFAULT_EMAIL_SUBJECT 'Your OTP', text/plain"}, raw)  # fmt: skip
    otp = digits(6)
    serial = "LSEM" + "".join(RNG.choice("0123456789abcdef") for _ in range(8))
    tpl = show(repo, LINOTP_COMMIT, "examples/mailtemplate-authenticate.eml")
    raw = _linotp_template(tpl, {"Subject": "Your OTP", "From": sender,
                                 "To": "noor.tester@example.com", "givenname": "Noor",
                                 "otp": otp, "serial": serial})  # fmt: skip
    write(items, {"id": "linotp-template-authenticate-en",
                  "group": "linotp-template-authenticate", **common, "kind": "saas-otp",
                  "code": otp,
                  "path": "examples/mailtemplate-authenticate.eml, "
                  "linotp/provider/emailprovider/__init__.py",
                  "rendered": "render_template_message: ${...} of the shipped MIME template "
                  "substituted (text, html table and inline logo kept)"}, raw)  # fmt: skip
    pin = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                  for _ in range(6))  # fmt: skip
    serial = "LSEM" + "".join(RNG.choice("0123456789abcdef") for _ in range(8))
    tpl = show(repo, LINOTP_COMMIT, "examples/mailtemplate-enroll.eml")
    raw = _linotp_template(tpl, {"Subject": "New email token enrolled", "From": sender,
                                 "To": "noor.tester@example.com", "givenname": "Noor",
                                 "surname": "Tester", "tokentype": "email",
                                 "serial": serial, "Pin": pin})  # fmt: skip
    write(items, {"id": "linotp-template-enroll-en", "group": "linotp-template-enroll",
                  **common, "kind": "saas-otp", "code": pin,
                  "path": "examples/mailtemplate-enroll.eml, linotp/lib/token.py",
                  "rendered": "auto-enrolment notification (token.py: Subject, Pin from "
                  "createRandomPin) through render_template_message",
                  "note": "the mail gives the new token PIN (random, 6 letters/digits) the "
                  "user types in front of the OTP; labelled as a PIN to type"}, raw)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--authgear", type=Path, required=True)
    ap.add_argument("--privacyidea", type=Path, required=True)
    ap.add_argument("--linotp", type=Path, required=True)
    args = ap.parse_args()
    items: list[dict[str, Any]] = []
    authgear(args.authgear, items)
    authgear_usage(args.authgear, items)
    privacyidea(args.privacyidea, items)
    linotp(args.linotp, items)
    out = HERE / "round8" / f"{NAME}.json"
    out.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(len(items), "items")


if __name__ == "__main__":
    main()
