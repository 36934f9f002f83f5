"""Round seventeen, identity and access tools: Keycloak e-mail one-time-code extensions, in
every language they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_security.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below, with fixed values, so each run writes the same bytes.

- for-keycloak/email-otp-authenticator (Unlicense), commit ``FK_COMMIT``: the e-mail OTP
  form authenticator sends ``otp-email.ftl`` through Keycloak's ``EmailTemplateProvider``
  (``EmailOTPFormAuthenticator.java``: attributes ``otp`` and ``ttlMinutes``; subject key
  ``emailOtpSubject``), i.e. text + HTML alternatives. The FreeMarker templates
  ``templates/{text,html}/otp-email.ftl`` are applied by hand: lines holding only FTL tags
  are dropped, the HTML sits in Keycloak's ``emailLayout`` macro (``html/template.ftl`` of
  keycloak/keycloak at ``KC_LAYOUT_COMMIT``, as round sixteen cites it: ``<html lang dir>``,
  ``<body>``), ``dir`` is ``rtl`` for Arabic and Persian. ``msg`` is
  ``java.text.MessageFormat`` over ``messages_<lang>.properties`` (a lone ``'`` opens a
  quoted span and is dropped, as Keycloak really does: French and Catalan "d'accès" come out
  "daccès"); the subject goes through MessageFormat too. The code is the default of
  ``generateOtp``: six of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``; the lifetime 600 s (10 min).
  The number in the expiry line is written in Latin digits for every locale.
- mt-ag/keycloak-2fa-email (Apache-2.0), commit ``MT_COMMIT``: ``Auth.java``
  ``sendVerificationCode`` sends ``email.ftl`` (attributes ``code`` and ``ttl``; subject key
  ``email.2fa.mail.subject``); ``templates/{text,html}/email.ftl`` hold no FTL tags, the HTML is
  sent as written (no layout). The German bundle holds raw Latin-1 bytes, so Keycloak reads
  it as ISO-8859-1 (here too). Code: six of ``1234567890ABCDEF`` (``AuthFactory`` defaults);
  ``ttl`` is the configured default ``300``, shown as the template shows it.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from collect import message  # noqa: E402

SENT = datetime(2026, 12, 2, 8, 41, 17, tzinfo=UTC)
RNG = random.Random(1717)
ITEMS: list[dict] = []
MIRRORS = Path("/work/.mirror")

FK_REPO = "for-keycloak/email-otp-authenticator"
FK_COMMIT = "02fea7a8e48262c5f3db32136db0d4b08ab38005"
FK_RES = "src/main/resources/theme-resources"
MT_REPO = "mt-ag/keycloak-2fa-email"
MT_COMMIT = "0305b41d765a168d31b04d6f10938680f64c10cf"
KC_LAYOUT_COMMIT = "4e671f1306c7e7aca30a07856fc2c2b0bb33ef7d"
KC_LAYOUT_PATH = "keycloak/keycloak themes/src/main/resources/theme/base/email/html/template.ftl"


def show(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def properties(raw: bytes) -> dict[str, str]:
    """A Java properties bundle as Keycloak reads it: UTF-8, else ISO-8859-1."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = value.strip()
        out[key.strip()] = (
            value.encode("latin-1", "backslashreplace").decode("unicode_escape")
            if "\\" in value
            else value
        )
    return out


def message_format(pattern: str, *args: str) -> str:
    """java.text.MessageFormat: '' is a quote, a lone ' quotes up to the next, {n} an arg."""
    out, i, quoted = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            if pattern[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
        elif ch == "{" and not quoted:
            end = pattern.index("}", i)
            out.append(args[int(pattern[i + 1 : end].split(",")[0])])
            i = end
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
         sender, subject, text, html_part, note=None) -> None:  # fmt: skip
    ident = f"{source}-{template}-{lang}"
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident,
        "group": f"{source}-{template}",
        "source": source,
        "lang": lang,
        "kind": kind,
        "code": code,
        "repository": repository,
        "path": path,
        "commit": commit,
        "licence": licence,
        "rendered": rendered,
        "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    if note:
        item["note"] = note
    ITEMS.append(item)


def for_keycloak() -> None:
    text_tpl = f"{FK_RES}/templates/text/otp-email.ftl"
    html_tpl = f"{FK_RES}/templates/html/otp-email.ftl"
    listing = subprocess.run(
        ["git", "--git-dir", str(MIRRORS / FK_REPO.replace("/", "+") / "repo"), "ls-tree",
         "--name-only", f"{FK_COMMIT}:{FK_RES}/messages"],
        capture_output=True, check=True, text=True,
    ).stdout.split()  # fmt: skip
    alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
    for name in sorted(listing):
        tag = name.removeprefix("messages_").removesuffix(".properties")
        lang = tag.replace("_", "-")
        bundle = f"{FK_RES}/messages/{name}"
        msgs = properties(show(FK_REPO, FK_COMMIT, bundle))
        code = "".join(RNG.choice(alphabet) for _ in range(6))
        intro = html.escape(message_format(msgs["emailOtpYourAccessCode"]))
        expiry = html.escape(message_format(msgs["emailOtpExpiration"], "10"))
        text = f"{intro}\n\n{code}\n\n{expiry}"
        direction = "rtl" if tag in ("ar", "fa") else "ltr"
        page = (
            f'<html lang="{tag.split("_")[0]}" dir="{direction}">\n<body>\n'
            f"<p>{intro}</p>\n<h1>{code}</h1>\n<p>{expiry}</p>\n</body>\n</html>\n"
        )
        save(source="for-keycloak-email-otp", template="access-code", lang=lang,
             kind="saas-otp", code=code, repository=FK_REPO,
             path=f"{text_tpl}; {html_tpl}; {bundle}; src/main/java/ch/jacem/for_keycloak/"
             "email_otp_authenticator/EmailOTPFormAuthenticator.java",
             commit=FK_COMMIT, licence="Unlicense",
             rendered="FreeMarker templates applied by hand (FTL-only lines dropped, HTML in "
             f"Keycloak's emailLayout macro, {KC_LAYOUT_PATH} at {KC_LAYOUT_COMMIT}); msg and "
             "subject through java.text.MessageFormat over the bundle; text + HTML "
             "alternatives as EmailTemplateProvider sends them",
             sender="Halvorsen ID <no-reply@id.halvorsen.example>",
             subject=message_format(msgs["emailOtpSubject"]), text=text, html_part=page,
             note="the e-mail OTP a Keycloak login form asks for: six of "
             "23456789ABCDEFGHJKLMNPQRSTUVWXYZ (the default alphabet), alone in an <h1>"
             + ("; MessageFormat drops the apostrophe of d'accès, as Keycloak sends it"
                if tag in ("fr", "ca") else ""))  # fmt: skip


def mt_ag() -> None:
    text_tpl = "src/main/resources/theme-resources/templates/text/email.ftl"
    html_tpl = "src/main/resources/theme-resources/templates/html/email.ftl"
    text_src = show(MT_REPO, MT_COMMIT, text_tpl).decode()
    html_src = show(MT_REPO, MT_COMMIT, html_tpl).decode()
    for lang in ("en", "de"):
        bundle = f"src/main/resources/theme-resources/messages/messages_{lang}.properties"
        msgs = properties(show(MT_REPO, MT_COMMIT, bundle))
        code = "".join(RNG.choice("1234567890ABCDEF") for _ in range(6))

        def fill(src: str, escape) -> str:
            out = src.replace("${code}", code)
            out = out.replace(
                '${msg("email.2fa.mail.ttl", ttl)}',
                escape(message_format(msgs["email.2fa.mail.ttl"], "300")),
            )
            for key in ("salutation", "prompt", "safety.info"):
                out = out.replace(
                    f'${{msg("email.2fa.mail.{key}")}}',
                    escape(message_format(msgs[f"email.2fa.mail.{key}"])),
                )
            assert "${" not in out, out
            return out

        save(source="mt-ag-keycloak-2fa", template="login-code", lang=lang, kind="saas-otp",
             code=code, repository=MT_REPO,
             path=f"{text_tpl}; {html_tpl}; {bundle}; "
             "src/main/java/com/mt_itsolutions/keycloak/email2fa/Auth.java",
             commit=MT_COMMIT, licence="Apache-2.0",
             rendered="FreeMarker templates (no FTL tags) filled by hand, msg through "
             "java.text.MessageFormat, HTML-escaped in the HTML part; text + HTML "
             "alternatives as EmailTemplateProvider sends them",
             sender="MT Portal <sso@portal.mt-kunde.example>",
             subject=message_format(msgs["email.2fa.mail.subject"]),
             text=fill(text_src, lambda s: s), html_part=fill(html_src, html.escape),
             note="the login verification code: six of 1234567890ABCDEF; the validity line "
             "shows the configured ttl default 300 as the template does")  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    for_keycloak()
    mt_ag()
    out = HERE / "round17" / "security.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
