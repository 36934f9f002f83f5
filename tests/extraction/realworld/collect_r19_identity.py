"""Round nineteen, identity and access: an LDAP self-service password tool and an
electronic-signature app — their reset tokens and signing codes, and the same senders'
notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_identity.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. The
pieces of nextcloud/server that LibreSign's mails go through are held inline (cited below).

- ltb-project/self-service-password (GPL-2.0-or-later; LICENCE holds the GPL-3.0 text), LDAP
  Tool Box's password self-service for LDAP / Active Directory: every mail goes through
  ``lib/functions.inc.php::send_mail`` (PHPMailer, ``$mail_contenttype = 'text/plain'``, the
  ``{key}`` placeholders replaced in subject and body) with the shipped
  ``conf/config.inc.php`` (From ``Self Service Password <admin@example.com>``, empty
  ``$mail_signature``). Mails: the SMS-by-mail of ``htdocs/sendsms.php`` (``$sms_method``
  ``mail``: the SMTP-to-SMS gateway mail, subject ``$smsmail_subject`` "Provider code", body
  ``$sms_message`` ``{smsresetmessage} {smstoken}``, the token ``generate_sms_token(6)``, six
  digits); the reset link of ``htdocs/sendtoken.php`` (``resetmessage``, the URL's token a
  base64 Defuse ciphertext, ``urlencode``d); the password-changed notice of
  ``htdocs/change.php`` (``changemessage``) and the SSH-key-changed notice of
  ``htdocs/changesshkey.php``. Strings from ``lang/<lang>.inc.php`` (PHP double-quoted
  strings; where a file sets a key twice the last one wins, as in PHP).

- LibreSign/libresign (AGPL-3.0-or-later), the Nextcloud app for digital signatures:
  ``lib/Service/MailService.php`` — ``sendCodeToSign`` (the e-mail token identify method,
  ``TokenService::TOKEN_LENGTH`` six digits from ``ISecureRandom::CHAR_DIGITS``),
  ``notifyUnsignedUser``, ``notifySignDataUpdated``, ``notifySignedUser`` and
  ``notifyCanceledRequest``, strings through ``l10n/<lang>.json`` (a missing key stays
  English, as Nextcloud's L10N does). The calls go into nextcloud/server's
  ``OC\\Mail\\EMailTemplate`` — its heredocs as round twelve transcribed them
  (``collect_r12_files.py``, nextcloud/server ``lib/private/Mail/EMailTemplate.php`` @
  03a08e3863dde0ac5231bbb7bbe3f3dcadbae918), the footer added by ``renderHtml``/``renderText``
  (theming name and slogan, then ``lib/l10n/<lang>.json``'s "This is an automatically sent
  email, please do not reply.", the translations read with ``read_file`` at the commits
  noted). Text and HTML parts; From the instance's ``mail_from_address`` with the theming
  name.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import re
import subprocess
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 19, 41, 7, tzinfo=UTC)
RNG = random.Random("r19-identity")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "identity.json"


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


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


LOGINS = [
    "amira.haddad", "jpetersen", "mei.lin", "trivera", "isolberg", "kwatanabe", "onowak",
    "lferreira", "ekaya", "smarchetti", "pdevries", "nrahimi", "hbergstrom", "cdubois",
    "mkowalczyk", "rsantos", "ytanaka", "fmoreau", "gschulz", "aromano",
]  # fmt: skip

# ---------------------------------------------------------------------------------------
# LTB Self Service Password

SSP_REPO = "ltb-project/self-service-password"
SSP_COMMIT = "b7bd827032e6a10f5e92c77a7c26da02855edf03"
SSP_SENDER = "Self Service Password <admin@example.com>"
SSP_SMS_LANGS = ["en", "fr", "de", "es", "it", "nl", "pl", "cs", "ja", "pt-BR", "sv", "zh-TW",
                 "hu", "el"]  # fmt: skip
SSP_RESET_LANGS = ["en", "fr", "de", "es", "ca", "pt-PT", "sk", "ko", "zh-CN", "nb-NO"]
SSP_CHANGE_LANGS = ["en", "fr", "de", "it", "et", "eu", "sl", "rs"]
SSP_SSHKEY_LANGS = ["en", "fr", "de", "nl", "ja"]


def _php_dq(body: str) -> str:
    """A PHP double-quoted string's escapes (the ones these files use)."""
    table = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "$": "$", "r": "\r"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), "\\" + m.group(1)), body)


def _ssp_lang(src: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in re.finditer(r"\$messages\['([^']+)'\]\s*=\s*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)')\s*;",
                         src):  # fmt: skip
        if m.group(2) is not None:
            out[m.group(1)] = _php_dq(m.group(2))
        else:
            out[m.group(1)] = m.group(3).replace("\\'", "'").replace("\\\\", "\\")
    return out


def _ssp_send(subject: str, body: str, data: dict[str, str]) -> tuple[str, str]:
    for key, value in data.items():  # send_mail: subject and body
        subject = subject.replace("{" + key + "}", value)
        body = body.replace("{" + key + "}", value)
    return subject, body


def ssp(mirrors: Path) -> None:
    repo = mirrors / "ltb-project+self-service-password" / "repo"
    common = dict(source="ltbssp", repository=SSP_REPO, commit=SSP_COMMIT,
                  licence="GPL-2.0-or-later", sender=SSP_SENDER, html_part=None)  # fmt: skip
    langs = sorted(set(SSP_SMS_LANGS + SSP_RESET_LANGS + SSP_CHANGE_LANGS + SSP_SSHKEY_LANGS))
    msgs = {lang: _ssp_lang(_show(repo, SSP_COMMIT, f"lang/{lang}.inc.php")) for lang in langs}
    logins = iter(LOGINS * 3)
    for lang in SSP_SMS_LANGS:
        m = msgs[lang]
        token = _digits(6)
        phone = "+33 6 " + " ".join(_digits(2) for _ in range(4))
        data = {"sms_attribute": phone, "smsresetmessage": m["smsresetmessage"], "smstoken": token}
        subject, body = _ssp_send("Provider code", "{smsresetmessage} {smstoken}", data)
        _save(
            template="sms-token", lang=lang, kind="saas-otp", code=token,
            path="htdocs/sendsms.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of sendsms.php ($sms_method 'mail'): $sms_message with "
                     "smsresetmessage and the token, $smsmail_subject as subject; text/plain",
            subject=subject, text=body,
            note="the mail goes to the SMTP-to-SMS gateway ($smsmailto "
                 "'{sms_attribute}@service.provider.com'), which forwards its text to the "
                 "phone; the token is typed on the reset-by-SMS page",
            **common,
        )  # fmt: skip
    for lang in SSP_RESET_LANGS:
        m = msgs[lang]
        login = next(logins)
        cipher = bytes(RNG.randrange(256) for _ in range(4 + 32 + 16 + 26 + 32))
        token = urllib.parse.quote_plus(base64.b64encode(cipher).decode())
        url = "http://ssp.example.com/?action=resetbytoken&token=" + token
        data = {"login": login, "mail": f"{login}@example.com", "url": url}
        subject, body = _ssp_send(m["resetsubject"], m["resetmessage"], data)
        _save(
            template="reset-link", lang=lang, kind="notice", code=None,
            path="htdocs/sendtoken.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of sendtoken.php: resetsubject / resetmessage with login, mail "
                     "and the shipped $reset_url plus the encrypted token; text/plain",
            subject=subject, text=body, note="the reset token is only inside the link",
            **common,
        )  # fmt: skip
    for lang in SSP_CHANGE_LANGS:
        m = msgs[lang]
        login = next(logins)
        data = {"login": login, "mail": f"{login}@example.com", "password": "Vesper-Kite-2026"}
        subject, body = _ssp_send(m["changesubject"], m["changemessage"], data)
        _save(
            template="password-changed", lang=lang, kind="notice", code=None,
            path="htdocs/change.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of change.php ($notify_on_change): changesubject / "
                     "changemessage; text/plain",
            subject=subject, text=body, **common,
        )  # fmt: skip
    for lang in SSP_SSHKEY_LANGS:
        m = msgs[lang]
        login = next(logins)
        data = {"login": login, "mail": f"{login}@example.com", "sshkey": "ssh-ed25519 AAAA"}
        subject, body = _ssp_send(m["changesshkeysubject"], m["changesshkeymessage"], data)
        _save(
            template="sshkey-changed", lang=lang, kind="notice", code=None,
            path="htdocs/changesshkey.php; lib/functions.inc.php; conf/config.inc.php; "
                 f"lang/{lang}.inc.php",
            rendered="send_mail of changesshkey.php: changesshkeysubject / "
                     "changesshkeymessage; text/plain",
            subject=subject, text=body, **common,
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    ssp(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
