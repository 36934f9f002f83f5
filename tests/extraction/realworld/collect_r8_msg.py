"""Round eight (msg): Wire's account mails (codes to type, and notices), many languages.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r8_msg.py \\
        --wire /work/.mirror/wireapp+wire-server/repo \\
        --padloc /work/.mirror/padloc+padloc/repo

- ``--wire``: a git snapshot of wireapp/wire-server (AGPL-3.0). The brig / wire-subsystems
  e-mail templates ``libs/wire-subsystems/templates/<lang>/{user,team}/email/<name>.txt``,
  ``<name>.html`` and ``<name>-subject.txt`` are filled as
  ``libs/wire-subsystems/src/Wire/EmailSubsystem/Interpreter.hs`` does: ``Data.Text.Template``
  placeholders (``${x}`` / ``$x``, ``$$`` for a dollar), the branding map of
  ``services/brig/src/Brig/Template.hs`` with the values of ``charts/wire-server/values.yaml``
  (``templateBranding``), the HTML part with every value HTML-escaped (blaze ``HTML.text``),
  the text part and subject unescaped; one ``multipart/alternative`` with text then HTML; the
  sender name from ``user/email/sender.txt`` (``Wire``). URLs follow the shapes in
  ``services/brig/brig.integration.yaml`` on an ``.example`` host. Codes: the e-mail
  verification (``verification``) and second-factor codes (``verification-login``,
  ``-delete-team``, ``-scim-token``) are six digits, as brig generates them. New-device dates
  use ``"%A %e %B %Y, %H:%M - %Z"`` with the default (English) time locale, which brig uses
  for every locale but de/fr (so those two are not taken for that template).
  A template missing in a language (brig would fall back to English) is not taken.

- ``--padloc``: a git snapshot of padloc/padloc (AGPL-3.0), a team password manager. The
  templates ``assets/email/<template>.{txt,html}`` are filled as
  ``packages/server/src/email/smtp.ts`` does (``{{ ?name ?}}`` replaced by ``title`` and the
  message data, case-insensitively; DOMPurify leaves these plain values as they are), the
  subject is ``message.title`` of ``packages/core/src/messenger.ts`` with ``PL_APP_NAME`` set
  to ``Padloc`` (an assumption: the server's environment). The e-mail code is six digits
  (``auth/email.ts``, zero-padded), the request id the first block of a UUID; locations as
  ``_buildLocationAndDeviceString`` gives them; the invite URL as ``server.ts`` builds it
  for an existing account (``?email=...&invite=<base64 JSON>``).

What a person reading the mail sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any

from collect import HERE, message, six_digits

WIRE_COMMIT = "df05bcaa4386804a4e86e5ee250f2dac1b80c228"
REPO = "wireapp/wire-server"
TPL = "libs/wire-subsystems/templates"
OUT = HERE / "round8" / "msg.json"
SENDER = "Wire <accounts@wire.example>"

BRANDING = {
    "brand": "Wire",
    "brand_url": "https://wire.com",
    "brand_label_url": "wire.com",
    "brand_logo": "https://wire.com/p/img/email/logo-email-black.png",
    "brand_service": "Wire Service Provider",
    "copyright": "© WIRE SWISS GmbH",
    "misuse": "misuse@wire.com",
    "legal": "https://wire.com/legal/",
    "forgot": "https://wire.com/forgot/",
    "support": "https://support.wire.com/",
}

# (template, folder, kind, has code, languages)
PLAN = [
    ("verification", "user", "saas-otp", True, ("en", "de", "fr", "ja", "pl", "ru", "tr", "vi")),
    ("verification-login", "user", "saas-otp", True, ("en", "de", "it", "et", "lt", "pt", "si", "vi")),
    ("verification-delete-team", "user", "saas-otp", True, ("en", "fr", "ja", "ru")),
    ("verification-scim-token", "user", "saas-otp", True, ("de", "pl", "tr")),
    ("new-client", "user", "notice", False, ("en", "ja", "ru", "pl", "tr", "vi", "ar")),
    ("password-reset", "user", "notice", False, ("en", "de", "fr", "ar", "ja", "pt-BR")),
    ("deletion", "user", "notice", False, ("en", "de", "it", "pt")),
    ("activation", "user", "notice", False, ("en", "fr", "ru")),
    ("invitation", "team", "notice", False, ("en", "de")),
]  # fmt: skip

NOTES = {
    "new-client": "new-device notice: date and device model, no code",
    "password-reset": "reset link (key and code inside the URL), nothing to type",
    "deletion": "account-deletion link (key and code inside the URL), nothing to type",
    "activation": "verification link (key and code inside the URL), nothing to type",
    "invitation": "team invitation link (invitation code inside the URL), nothing to type",
}


def _show(repo: Path, path: str) -> str | None:
    r = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{WIRE_COMMIT}:{path}"],
        capture_output=True, text=True,
    )  # fmt: skip
    return r.stdout if r.returncode == 0 else None


_PH = re.compile(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")


def _render(tpl: str, values: dict[str, str], escape: bool) -> str:
    def sub(m: re.Match[str]) -> str:
        if m.group(0) == "$$":
            return "$"
        name = m.group(1) or m.group(2)
        # Brig.Template: an unknown name renders as itself
        val = values.get(name, name)
        return html.escape(val, quote=True).replace("&#x27;", "&#39;") if escape else val

    return _PH.sub(sub, tpl)


def _key(seed: str) -> str:
    """An activation / reset / deletion key: base64url of a SHA-256, as brig makes them."""
    return base64.urlsafe_b64encode(hashlib.sha256(seed.encode()).digest()).decode()


def _values(name: str, lang: str, code: str | None) -> dict[str, str]:
    v = dict(BRANDING)
    v["email"] = "noor.tester@example.com"
    if name in ("new-client", "deletion", "activation"):
        v["name"] = "Noor Tester"  # the account's display name (fromName name)
    seed = f"r8msg:{name}:{lang}"
    if code is not None:
        v["code"] = code
    elif name == "password-reset":
        v["url"] = f"https://app.wire.example/reset/?key={_key(seed)}&code={_key(seed + 'c')[:24]}"
    elif name == "deletion":
        v["url"] = f"https://app.wire.example/d/?key={_key(seed)}&code={six_digits(seed)}"
    elif name == "activation":
        v["url"] = f"https://app.wire.example/verify/?key={_key(seed)}&code={six_digits(seed)}"
    elif name == "invitation":
        v["inviter"] = "amira.haddad@example.com"
        v["url"] = f"https://teams.wire.example/join/?team-code={_key(seed)[:32]}"
    elif name == "new-client":
        dates = {
            "en": "Monday  2 November 2026, 09:14 - UTC",
            "ja": "Tuesday 17 November 2026, 21:03 - UTC",
            "ru": "Friday 20 November 2026, 07:48 - UTC",
            "pl": "Sunday 22 November 2026, 18:26 - UTC",
            "tr": "Wednesday 25 November 2026, 12:05 - UTC",
            "vi": "Thursday 26 November 2026, 23:41 - UTC",
            "ar": "Saturday 28 November 2026, 16:37 - UTC",
        }  # "%A %e %B %Y, %H:%M - %Z", defaultTimeLocale (%e pads with a space)
        models = {"en": "iPhone15,3", "ja": "Pixel 8", "ru": "SM-S911B", "pl": "Firefox",
                  "tr": "MacBookPro18,1", "vi": "Chrome", "ar": "Electron"}  # fmt: skip
        v["date"] = dates[lang]
        v["model"] = models[lang]
        v["label"] = models[lang]
    return v


def build(repo: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for name, folder, kind, has_code, langs in PLAN:
        for lang in langs:
            base = f"{TPL}/{lang}/{folder}/email/{name}"
            txt, htm, subj = (_show(repo, base + ext) for ext in (".txt", ".html", "-subject.txt"))
            if txt is None or htm is None or subj is None:
                raise SystemExit(f"missing template {base}")
            code = six_digits(f"r8msg:{name}:{lang}") if has_code else None
            vals = _values(name, lang, code)
            raw = message(
                sender=SENDER,
                subject=_render(subj.strip(), vals, False),
                text=_render(txt, vals, False),
                html_part=_render(htm, vals, True),
            )
            ident = f"wire-{name}-{lang}"
            rel = f"mail/wire/{ident}.eml"
            path = HERE / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item: dict[str, Any] = {
                "id": ident,
                "group": f"wire-{name}",
                "source": "wire",
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": REPO,
                "path": f"{base}.txt, {base}.html, {base}-subject.txt",
                "commit": WIRE_COMMIT,
                "licence": "AGPL-3.0",
                "rendered": "Data.Text.Template placeholders filled as EmailSubsystem/Interpreter.hs"
                " does (chart branding, HTML part escaped), text + HTML alternative",
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
            }
            if name in NOTES:
                item["note"] = NOTES[name]
            elif lang != "en" and "Enter this code" in txt:
                item["note"] = "this locale's template keeps the body in English (as shipped)"
            items.append(item)
    return items


PADLOC_COMMIT = "1d2e9129d65afad72cf7fefc80fd5eb20b5671d9"
PADLOC_SENDER = "Padloc <noreply@padloc.example>"


def _padloc(repo: Path) -> list[dict[str, Any]]:
    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{PADLOC_COMMIT}:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip

    invite = base64.b64encode(json.dumps({
        "id": "5c1e9a47-2d3b-4f80-9b6e-0a7d3c81f2e4",
        "invitor": "Amira Haddad (amira.haddad@example.com)",
        "orgId": "b83f0d12-6e4a-47c9-a1d5-92c7e0f4b356",
        "orgName": "Lindqvist Design",
        "email": "noor.tester@example.com",
    }, separators=(",", ":")).encode()).decode()  # fmt: skip
    from urllib.parse import urlencode

    invite_url = "https://vault.padloc.example?" + urlencode(
        {"email": "noor.tester@example.com", "invite": invite}
    )
    plan = [
        # (id part, template, title, data, code, note)
        ("email-auth-signup", "email-auth", "Padloc Email Verification (Request ID: 7e2c94a1)",
         {"code": "048215", "requestId": "7e2c94a1"}, "048215",
         "subject carries an eight-hex request id, the code is in the body"),
        ("email-auth-login", "email-auth", "Padloc Email Verification (Request ID: c3190f5d)",
         {"code": "736904", "requestId": "c3190f5d"}, "736904",
         "subject carries an eight-hex request id, the code is in the body"),
        ("new-login", "new-login", "Padloc New Login from Chrome on macOS in Porto, Portugal",
         {"location": "Chrome on macOS in Porto, Portugal"}, None, "new-login notice, no code"),
        ("failed-login-attempt", "failed-login-attempt",
         "Padloc Failed Login Attempt from Firefox on Windows in Lyon, France",
         {"location": "Firefox on Windows in Lyon, France"}, None,
         "failed-login notice, no code"),
        ("join-org-invite", "join-org-invite",
         'Amira Haddad wants you to join the "Lindqvist Design" org on Padloc!',
         {"orgName": "Lindqvist Design", "invitedBy": "Amira Haddad",
          "acceptInviteUrl": invite_url}, None, "organisation invitation link, nothing to type"),
    ]  # fmt: skip
    items: list[dict[str, Any]] = []
    for ident_part, tpl, title, data, code, note in plan:
        htm = show(f"assets/email/{tpl}.html")
        txt = show(f"assets/email/{tpl}.txt")
        for name, value in {"title": title, **data}.items():
            pat = re.compile("{{ ?" + name + " ?}}", re.I)
            htm = pat.sub(lambda _m, v=value: v, htm)
            txt = pat.sub(lambda _m, v=value: v, txt)
        raw = message(sender=PADLOC_SENDER, subject=title, text=txt, html_part=htm)
        ident = f"padloc-{ident_part}-en"
        rel = f"mail/padloc/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        items.append({
            "id": ident,
            "group": f"padloc-{tpl}",
            "source": "padloc",
            "lang": "en",
            "kind": "saas-otp" if code else "notice",
            "code": code,
            "repository": "padloc/padloc",
            "path": f"assets/email/{tpl}.txt, assets/email/{tpl}.html, packages/core/src/messenger.ts",
            "commit": PADLOC_COMMIT,
            "licence": "AGPL-3.0",
            "rendered": "{{ name }} placeholders replaced as packages/server/src/email/smtp.ts does,"
            " subject = message.title (PL_APP_NAME=Padloc), text + HTML alternative",
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "note": note,
        })  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wire", type=Path, required=True)
    ap.add_argument("--padloc", type=Path, required=True)
    args = ap.parse_args()
    items = build(args.wire) + _padloc(args.padloc)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
