"""Round twenty, civic and non-profit software: the mails of
participatory-democracy platforms — their invitation, sign-in and account notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_civic.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- AjuntamentdeBarcelona/decidim-module-kids (AGPL-3.0), the minors' participation module of
  Decidim (Barcelona's participatory-democracy platform): ``KidsMailer#promote_minor_account``
  (``kids_mailer/promote_minor_account.html.erb``) and the Devise invitation
  ``devise/mailer/invite_minor.html.erb`` sent when a guardian authorises a minor's account,
  in the three languages of ``config/locales/<l>.yml`` (en, ca, es); the ERB is evaluated by
  a small renderer (``t(...)`` looked up in the YAML with ``%{var}`` filled; ``raw`` kept
  unescaped, ``link_to`` made an ``<a href>``); Decidim's mailer layout around the body is
  not reproduced; text/html only. No code: the invitation token is only inside the link.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 3, 14, 22, 51, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "civic.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


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


# ---------------------------------------------------------------------------------------
# Decidim kids

KI_REPO = "AjuntamentdeBarcelona/decidim-module-kids"
KI_COMMIT = "4979541bd259ff9b317758a36d947ef7a2e4693c"
KI_HOST = "decidim.districte-gracia.example"
KI_SENDER = f"Decidim Gràcia <noreply@{KI_HOST}>"
_KI_T = re.compile(r'(raw )?t\("(\w+)", scope: "([\w.]+)"(?:, recipient: @(\w+)\.(\w+))?\)')


def kids() -> None:
    minor = {"name": "Pau Ferrer", "email": "pau.ferrer.2011@example.cat"}
    token = "sZ4qKpW9xTbN2vYcL7mR"
    accept = (f"https://{KI_HOST}/users/invitation/accept?invitation_token={token}"
              "&amp;invite_redirect=%2F")  # fmt: skip
    mails = [
        ("promote", "app/views/decidim/kids/kids_mailer/promote_minor_account.html.erb",
         "decidim.kids.minor_notifications_mailer.promote.subject",
         "the minor's account promoted to an adult account; no code"),
        ("invite-minor", "app/views/devise/mailer/invite_minor.html.erb",
         "decidim.kids.minor_notifications_mailer.confirmation.subject",
         "the minor's invitation to confirm the e-mail address; the invitation token is only "
         "inside the link; subject taken from the module's confirmation.subject"),
    ]  # fmt: skip
    for lang in ("en", "ca", "es"):
        loc = yaml.safe_load(_show(KI_REPO, KI_COMMIT, f"config/locales/{lang}.yml"))[lang]

        def t(key: str, loc=loc) -> str:
            node = loc
            for part in key.split("."):
                node = node[part]
            return node

        for template, path, subject_key, note in mails:
            src = _show(KI_REPO, KI_COMMIT, path)

            def one(m: re.Match, t=t) -> str:
                value = t(f"{m.group(3)}.{m.group(2)}")
                if m.group(4):
                    value = value.replace("%{recipient}", html.escape(minor[m.group(5)]))
                return value if m.group(1) else html.escape(value).replace("&#x27;", "&#39;")

            src = re.sub(
                r"<%= link_to (t\([^)]*\)),\s*accept_invitation_url\(.*?\) %>",
                lambda m: f'<a href="{accept}">' + m.group(1) + "</a>", src, flags=re.S,
            )  # fmt: skip
            body = re.sub(r"<%= (.*?) %>", lambda m: _KI_T.sub(one, m.group(1)), src, flags=re.S)
            body = re.sub(
                r"\b(raw )?t\(\"\w+\", scope: [^)]*\)", lambda m: _KI_T.sub(one, m.group(0)), body
            )
            _save(
                source="decidim-kids", template=template, lang=lang, kind="notice", code=None,
                repository=KI_REPO, path=f"{path}; config/locales/{lang}.yml", commit=KI_COMMIT,
                licence="AGPL-3.0",
                rendered="ERB body by a small renderer (t() from the locale YAML, %{recipient} "
                "filled, raw unescaped, link_to as <a>); Decidim layout not reproduced; "
                "text/html only",
                sender=KI_SENDER, subject=t(subject_key), text=None, html_part=body, note=note,
            )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    kids()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON}")


if __name__ == "__main__":
    main()
