"""Round seventeen, public-sector senders: digital public services whose mail code is public,
with their one-time codes, passwords and notices in the languages they ship.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r17_public.py \\
        --mirrors /work/.mirror

Every snapshot is read from ``<mirrors>/<owner>+<name>/repo`` (a bare git directory) at the
commit recorded below, so every run writes the same bytes.

- cds-snc/platform-forms-client (MIT), GC Forms / Formulaires GC, the Government of Canada's
  form builder run by the Canadian Digital Service. Every mail goes through
  ``sendDefaultEmail`` (``lib/integration/notifyConnector.ts``) to one GC Notify template
  whose subject is ``((subject))`` and whose body is ``((formResponse))``: the app writes
  both, bilingual (English then French) in one mail. Bodies are the JavaScript template
  literals of ``lib/auth/2fa.ts`` (security code), ``lib/auth/passwordReset.ts``,
  ``lib/deactivate.ts`` (both reasons) and
  ``lib/invitations/emailTemplates/inviteToFormsEmailTemplate.ts``, read from the snapshot
  and filled by ``_js_literal`` (``${name}`` only). GC Notify turns the Markdown body into
  its plain-text part: done here by ``_notify_plain`` (``**bold**`` loses its marks, a link
  becomes ``text: url`` (the bare URL when the text is the URL), a ``---``/``****`` rule a line of ``=``), an approximation of
  notification-utils' plain-text renderer; GC Notify's HTML part (its FIP-branded layout) is
  not reproduced, so each mail is text/plain only. The From address is GC Notify's
  service address for the form service, invented. The security code is
  ``generateTokenCode(5)`` (``lib/auth/tokenGenerator.ts``): five characters over the
  easy-to-read alphabet ``2346789bdfghjmnpqrtBDFGHJLMNPQRT``, so codes mix case.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from collect import message  # noqa: E402

SENT = datetime(2026, 3, 17, 9, 42, 5, tzinfo=UTC)

GCF_REPO = "cds-snc/platform-forms-client"
GCF_COMMIT = "9fffbed27a9ef66ca5a26d84d125071b12735a46"
GCF_FROM = "GC Forms - Formulaires GC <forms-formulaires@notification.canada.ca>"
GCF_HOST = "https://forms-formulaires.alpha.canada.ca"
GCF_RENDERED = (
    "the app's JS template literal filled (${} only) and passed through GC Notify's one "
    "((subject))/((formResponse)) template; plain-text part approximated from the Markdown "
    "(bold marks dropped, links 'text: url', rules as '='); GC Notify's HTML part not reproduced"
)


def _git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _js_literal(source: str, anchor: str, values: dict[str, str]) -> str:
    """The first template literal after ``anchor`` in ``source``, with ``${name}`` filled."""
    start = source.index("`", source.index(anchor)) + 1
    end = source.index("`", start)
    body = source[start:end]

    def fill(m: re.Match) -> str:
        return values[m.group(1)]

    return re.sub(r"\$\{([A-Za-z_.]+)\}", fill, body)


def _link(m: re.Match) -> str:
    text, url = m.group(1), m.group(2)
    return url if text == url else f"{text}: {url}"


def _notify_plain(markdown: str) -> str:
    out = []
    for line in markdown.strip("\n").split("\n"):
        if re.fullmatch(r"(\*{3,}|-{3,})", line.strip()):
            out.append("=" * 65)
            continue
        line = re.sub(r"\*\*(.+?)\*\*", r"\1", line)
        line = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", _link, line)
        out.append(line.rstrip())
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text) + "\n"


def gcforms(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return _git_show(mirrors, GCF_REPO, GCF_COMMIT, path)

    email = "amelie.tremblay@tbs-sct.gc.ca"
    mails = []  # (id, group, subject, kind, code, path, body, note)
    src = show("lib/auth/2fa.ts")
    subj = "Your security code | Votre code de sécurité"
    for n, code in enumerate(["7hQ3m", "RbT9d", "4GnLq"], 1):
        body = _js_literal(src, "body:", {"verificationCode": code})
        mails.append(
            (
                f"gcforms-security-code-en-fr-{n}",
                "gcforms-security-code",
                subj,
                "gov-otp",
                code,
                "lib/auth/2fa.ts; lib/auth/tokenGenerator.ts",
                body,
                "five characters of a mixed-case easy-read alphabet (generateTokenCode(5)), "
                "alone under a bilingual bold heading; the case is kept",
            )
        )
    src = show("lib/auth/passwordReset.ts")
    token = "c1f0e6a2-58d4-4b7e-9a31-2d6f8e0b47c9"
    body = _js_literal(src, "body:", {"baseUrl": GCF_HOST, "token": token})
    mails.append(
        (
            "gcforms-password-reset-en-fr",
            "gcforms-password-reset",
            "Password reset | Réinitialisation de mot de passe",
            "notice",
            None,
            "lib/auth/passwordReset.ts",
            body,
            "reset link only (the token is inside the link)",
        )
    )
    src = show("lib/deactivate.ts")
    subj = "Account deactivated | Compte désactivé"
    for anchor, suffix in (
        ("const defaultTemplate", "default"),
        ("const sharedTemplate", "shared"),
    ):
        body = _js_literal(src, anchor, {"email": email, "HOST": GCF_HOST})
        mails.append(
            (
                f"gcforms-deactivated-{suffix}-en-fr",
                "gcforms-deactivated",
                subj,
                "notice",
                None,
                "lib/deactivate.ts",
                body,
                None,
            )
        )
    path = "lib/invitations/emailTemplates/inviteToFormsEmailTemplate.ts"
    src = show(path)
    body = _js_literal(
        src,
        "): string =>",
        {
            "senderName": "Amélie Tremblay",
            "message": "Bonjour Marc, could you review the French labels before Friday? Merci!",
            "registerUrlEn": f"{GCF_HOST}/en/auth/register",
            "registerUrlFr": f"{GCF_HOST}/fr/auth/register",
        },
    )
    mails.append(
        (
            "gcforms-invite-register-en-fr",
            "gcforms-invite-register",
            "Invitation to access form | Invitation pour accéder au formulaire",
            "notice",
            None,
            path,
            body,
            None,
        )
    )
    out = []
    for item_id, group, subject, kind, code, path, body, note in mails:
        raw = message(
            sender=GCF_FROM, subject=subject, text=_notify_plain(body), html_part=None, sent=SENT
        )
        item = {
            "id": item_id,
            "group": group,
            "source": "gcforms",
            "lang": "en-fr",
            "kind": kind,
            "code": code,
            "repository": GCF_REPO,
            "path": path,
            "commit": GCF_COMMIT,
            "licence": "MIT",
            "rendered": GCF_RENDERED,
        }
        if note:
            item["note"] = note
        out.append((item, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    items = []
    for item, raw in gcforms(args.mirrors):
        rel = f"mail/{item['source']}/{item['id']}.eml"
        target = HERE / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
        note = item.pop("note", None)
        item["file"] = rel
        item["sha256"] = hashlib.sha256(raw).hexdigest()
        if note:
            item["note"] = note
        items.append(item)
    out = HERE / "round17" / "public.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} codes")


if __name__ == "__main__":
    main()
