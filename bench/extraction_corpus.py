"""Render the collected auth templates (``tests/extraction/templates/*.yaml``) as MIME mails.

Each template, in each language its source translates it into, becomes a few full RFC 822
messages that differ in how they are sent:

- **link style**: ``direct`` (the framework's own URL) or rewritten by a click-tracking
  service the way SendGrid, Mailgun, Postmark, Amazon SES and Mandrill rewrite links
  (every link of the mail, in the HTML and the text part);
- **format**: as the framework sends it (``text``, ``html`` or ``alternative``), and in the
  other form (an HTML-only mail from a multipart template; an HTML mail with the URLs made
  anchors, as a site that wraps its text templates would send it);
- **charset and transfer encoding**: UTF-8 (base64 or quoted-printable) and the legacy
  charset a mail client of that language would pick (ISO-8859-x, Windows-125x, KOI8-R,
  ISO-2022-JP, Shift_JIS, GBK, EUC-KR), quoted-printable or 8bit.

The message is then decoded by otpmail (``parse_rfc822`` → ``Email.to_dict()``), so a case
sees exactly what a caller's envelope holds. Which variants a template gets is fixed by a
hash of its id: the corpus is the same on every run.

    .venv/bin/python bench/extraction_corpus.py --dump /tmp/corpus   # write the .eml files
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path
from typing import Any
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES_DIR = ROOT / "tests" / "extraction" / "templates"
sys.path.insert(0, str(ROOT / "src"))

from otpmail._decoding._message import parse_rfc822  # noqa: E402

LINK, CODE = "{{LINK}}", "{{CODE}}"
TRACKERS = ("sendgrid", "mailgun", "postmark", "ses", "mandrill")
LEGACY = {
    "en": ("windows-1252", "iso-8859-1"),
    "de": ("iso-8859-1", "windows-1252", "iso-8859-15"),
    "fr": ("iso-8859-15", "windows-1252", "iso-8859-1"),
    "es": ("iso-8859-1", "windows-1252"),
    "it": ("windows-1252", "iso-8859-1"),
    "pt": ("iso-8859-1", "windows-1252"),
    "nl": ("windows-1252", "iso-8859-1"),
    "pl": ("iso-8859-2", "windows-1250"),
    "ru": ("koi8-r", "windows-1251"),
    "tr": ("iso-8859-9", "windows-1254"),
    "ja": ("iso-2022-jp", "shift_jis"),
    "zh": ("gbk", "gb18030"),
    "ko": ("euc-kr",),
}
SITE = {
    "allauth": "example.com",
    "flask-security": "example.com",
    "devise": "shop.example.com",
    "supabase": "abcdefghijklm.supabase.co",
    "kratos": "auth.example.com",
    "postmark": "app.example.com",
    "laravel": "example.com",
    "keycloak": "sso.example.com",
    "nextauth": "app.example.com",
}


@dataclass
class Rendering:
    """One mail of the corpus and what a person reading it would take from it."""

    id: str
    template: str
    source: str
    kind: str
    lang: str
    style: str
    form: str
    charset: str
    raw: bytes
    code: str | None
    action_link: str | None
    holdout: bool
    direct_link: str | None = None
    """The action's own URL: in a tracked mail, also right where the mail shows it (an
    anchor whose visible text is the URL keeps it when only the href is rewritten)."""


def _digest(*parts: str) -> bytes:
    return hashlib.sha256("\x00".join(parts).encode()).digest()


def _token(seed: str, n: int = 32) -> str:
    return base64.urlsafe_b64encode(_digest(seed) * 3).decode().rstrip("=")[:n]


def _code(source: str, seed: str) -> tuple[str, str]:
    """(the code as the mail writes it, the code a person types)."""
    digest = _digest("code", seed)
    if source == "allauth":
        # allauth's default user code (allauth/core/internal/cryptokit.py generate_user_code):
        # 8 of the RFC 8628 consonants, dashed in two halves
        alphabet = "BCDFGHJKLMNPQRSTVWXZ"
        code = "".join(alphabet[b % len(alphabet)] for b in digest[:8])
        return f"{code[:4]}-{code[4:]}", code
    code = "".join(str(b % 10) for b in digest[:6])
    return code, code


def _action_url(source: str, template: str, seed: str) -> str:
    """A URL of the shape the framework builds for this template."""
    host, t = SITE[source], _token(seed)
    if source == "allauth":
        if "password-reset" in template or "already-exists" in template:
            return f"https://{host}/accounts/password/reset/key/1c-{t[:24]}/"
        if "unknown" in template:
            return f"https://{host}/accounts/signup/"
        return f"https://{host}/accounts/confirm-email/{t}/"
    if source == "flask-security":
        path = {"reset": "reset", "confirm": "confirm", "welcome": "confirm", "login": "login"}
        for key, p in path.items():
            if key in template:
                return f"https://{host}/{p}/{t}"
        return f"https://{host}/us-verify-link?email=noor.tester%40example.com&code={t[:8]}"
    if source == "devise":
        if "reset" in template:
            return f"https://{host}/users/password/edit?reset_password_token={t[:20]}"
        if "unlock" in template:
            return f"https://{host}/users/unlock?unlock_token={t[:20]}"
        return f"https://{host}/users/confirmation?confirmation_token={t[:20]}"
    if source == "supabase":
        kind = {
            "invite": "invite",
            "confirmation": "signup",
            "recovery": "recovery",
            "magic": "magiclink",
            "email-change": "email_change",
        }
        typ = next((v for k, v in kind.items() if k in template), "signup")
        return (
            f"https://{host}/auth/v1/verify?token=pkce_{t[:40]}&type={typ}"
            "&redirect_to=https://app.example.com/auth/callback"
        )
    if source == "kratos":
        flow = "recovery" if "recovery" in template else "verification"
        return f"https://{host}/self-service/{flow}?flow=8c4f2a1e-{t[:4]}-4b7d-9e3a-{t[4:16]}&token={t}"
    if source == "postmark":
        if "invitation" in template:
            return f"https://{host}/invitations/{t[:22]}/accept"
        if "welcome" in template:
            return f"https://{host}/account/confirm?t={t}"
        return f"https://{host}/password/new?token={t}"
    if source == "laravel":
        if "reset" in template:
            return f"https://{host}/reset-password/{t}{t[:32]}?email=noor.tester%40example.com"
        return (
            f"https://{host}/email/verify/42/{_digest(seed).hex()[:40]}"
            f"?expires=1773480000&signature={_digest('s', seed).hex()}"
        )
    if source == "keycloak":
        return (
            f"https://{host}/realms/example/login-actions/action-token?key=eyJhbGciOiJIUzUxMiJ9."
            f"{_token(seed, 120)}.{_token('sig' + seed, 43)}&client_id=account-console&tab_id={t[:11]}"
        )
    if source == "nextauth":
        return (
            f"https://{host}/api/auth/callback/nodemailer?callbackUrl=https%3A%2F%2F{host}%2Fdashboard"
            f"&token={_digest(seed).hex()}&email=noor.tester%40example.com"
        )
    raise ValueError(source)


def _tracked(url: str, style: str, seed: str) -> str:
    """``url`` as the tracking service of ``style`` rewrites it."""
    t = _token(style + url + seed, 64)
    if style == "direct":
        return url
    if style == "sendgrid":
        return (
            f"https://u4829137.ct.sendgrid.net/ls/click?upn=u001.{t[:48]}-2B{t[48:]}-3D-3D{t[:20]}"
        )
    if style == "mailgun":
        return f"https://email.mg.example.com/c/eJx{t}{t[:30]}"
    if style == "postmark":
        return f"https://click.pstmrk.it/3s/{quote(url.split('://', 1)[1], safe='')}/{t[:6]}/{t[6:18]}/{t[18:40]}"
    if style == "ses":
        return (
            f"https://{t[:8].lower()}.r.eu-west-1.awstrack.me/L0/{quote(url, safe='')}"
            f"/1/0102018e{t[8:30].lower()}-000000/{t[30:58]}=367"
        )
    if style == "mandrill":
        return f"https://mandrillapp.com/track/click/30912245/{url.split('/')[2]}?p=eyJzIjoi{t}"
    raise ValueError(style)


_URL = re.compile(r"https?://[!-~]*[A-Za-z0-9/_=-]")
"""URLs as a sender's own software writes them: ASCII (a particle written right after
one is not part of it)."""


def _rewrite_links(text: str, style: str, seed: str, *, in_html: bool) -> str:
    if style == "direct":
        return text
    if in_html:
        return re.sub(
            r'(href=")(https?://[^"]+)(")',
            lambda m: (
                m.group(1)
                + html.escape(_tracked(html.unescape(m.group(2)), style, seed))
                + m.group(3)
            ),
            text,
        )
    return _URL.sub(lambda m: _tracked(m.group(), style, seed), text)


def _html_from_text(text: str) -> str:
    """The HTML a site sends when it wraps a text template: paragraphs, URLs made links."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", text.strip()):
        escaped = html.escape(block, quote=False)
        linked = _URL.sub(lambda m: f'<a href="{m.group()}">{m.group()}</a>', escaped)
        paragraphs.append("<p>" + linked.replace("\n", "<br>\n") + "</p>")
    return "<html>\n<body>\n" + "\n".join(paragraphs) + "\n</body>\n</html>\n"


def _fits(text: str, charset: str) -> bool:
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return False
    return True


def _message(
    *, subject: str, text: str | None, body_html: str | None, charset: str, seed: str, source: str
) -> EmailMessage:
    msg = EmailMessage(policy=SMTP)
    msg["From"] = Address("Example", "no-reply", SITE[source])
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = "Sat, 14 Mar 2026 09:26:53 +0000"
    msg["Message-ID"] = f"<{_token(seed, 20)}@{SITE[source]}>"
    utf8 = charset == "utf-8"
    pick = _digest("cte", seed)[0]
    cte = (
        ("base64" if pick % 2 else "quoted-printable")
        if utf8
        else ("quoted-printable" if pick % 2 else "8bit")
    )
    if charset.startswith("iso-2022"):
        cte = "7bit"
    if body_html is not None and not utf8:
        body_html = re.sub(r"(?i)charset=utf-8", f"charset={charset}", body_html)
        body_html = body_html.encode(charset, "xmlcharrefreplace").decode(charset)
    if text is not None:
        msg.set_content(text, subtype="plain", charset=charset, cte=cte)
        if body_html is not None:
            msg.add_alternative(body_html, subtype="html", charset=charset, cte=cte)
    elif body_html is not None:
        msg.set_content(body_html, subtype="html", charset=charset, cte=cte)
    return msg


def _variants(template_id: str, lang: str, send: str) -> list[tuple[str, str, bool]]:
    """(link style, form, legacy charset?) of the renderings of one template in one language:
    as sent, direct and tracked; as HTML only, tracked and direct (for an HTML-only
    framework the last two are the same form again)."""
    d = _digest("variants", template_id, lang)
    tracked_a = TRACKERS[d[0] % len(TRACKERS)]
    tracked_b = TRACKERS[(d[0] + 1 + d[1] % (len(TRACKERS) - 1)) % len(TRACKERS)]
    return [
        ("direct", send, False),
        (tracked_a, send, True),
        (tracked_b, "html", False),
        ("direct", "html", True),
    ]


def load_templates(directory: Path = TEMPLATES_DIR) -> tuple[list[dict[str, Any]], set[str]]:
    holdout = {
        line.strip()
        for line in (directory / "holdout.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    templates = []
    for path in sorted(directory.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for t in data["templates"]:
            templates.append(t | {"source": path.stem})
    unknown = holdout - {t["id"] for t in templates}
    if unknown:
        raise ValueError(f"holdout.txt names templates that do not exist: {sorted(unknown)}")
    return templates, holdout


def render_corpus(directory: Path = TEMPLATES_DIR) -> list[Rendering]:
    templates, holdout = load_templates(directory)
    out: list[Rendering] = []
    for t in templates:
        source, expects = t["source"], t["expects"]
        for lang, parts in t["languages"].items():
            for style, form, legacy in _variants(t["id"], lang, t["send"]):
                seed = f"{t['id']}:{lang}:{style}:{form}:{legacy}"
                url = (
                    _action_url(source, t["id"], seed)
                    if "link" in expects
                    else "https://example.invalid/"
                )
                written, code = _code(source, seed) if "code" in expects else ("", None)

                def fill(
                    s: str | None,
                    *,
                    in_html: bool,
                    url: str = url,
                    written: str = written,
                    seed: str = seed,
                    style: str = style,
                ) -> str | None:
                    if s is None:
                        return None
                    s = s.replace(LINK, html.escape(url) if in_html else url).replace(CODE, written)
                    return _rewrite_links(s, style, seed, in_html=in_html)

                text = fill(parts.get("text"), in_html=False)
                body_html = fill(parts.get("html"), in_html=True)
                if form == "html":
                    if body_html is None:
                        body_html = _html_from_text(text or "")
                    text = None
                elif form == "text":
                    body_html = None
                subject = (parts.get("subject") or "").replace(CODE, written)
                charset = "utf-8"
                if legacy:
                    whole = subject + (text or "")
                    fitting = [c for c in LEGACY[lang] if _fits(whole, c)]
                    if fitting:
                        charset = fitting[_digest("cs", seed)[0] % len(fitting)]
                msg = _message(
                    subject=subject,
                    text=text,
                    body_html=body_html,
                    charset=charset,
                    seed=seed,
                    source=source,
                )
                expected = _tracked(url, style, seed) if "link" in expects else None
                out.append(
                    Rendering(
                        id=f"{t['id']}:{lang}:{style}:{form}:{charset}",
                        template=t["id"],
                        source=source,
                        kind=t["kind"],
                        lang=lang,
                        style="direct" if style == "direct" else "tracked",
                        form=form,
                        charset=charset,
                        raw=msg.as_bytes(),
                        code=code,
                        action_link=expected,
                        holdout=t["id"] in holdout,
                        direct_link=url if "link" in expects else None,
                    )
                )
    return out


def decoded(rendering: Rendering) -> dict[str, Any]:
    """The mail as otpmail hands it to a caller (the envelope form of the decoded Email)."""
    email = parse_rfc822(
        rendering.raw,
        id=rendering.id,
        account="noor.tester@example.com",
        received_at=datetime(2026, 3, 14, 9, 27, tzinfo=UTC),
    )
    return email.to_dict()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="write every rendering as DIR/<id>.eml")
    args = parser.parse_args(argv)
    corpus = render_corpus()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for r in corpus:
            (args.dump / (re.sub(r"[^\w.-]+", "_", r.id) + ".eml")).write_bytes(r.raw)
    templates = {r.template for r in corpus}
    held = {r.template for r in corpus if r.holdout}
    print(
        f"{len(corpus)} renderings of {len(templates)} templates "
        f"({len(held)} templates, {sum(r.holdout for r in corpus)} renderings held out); "
        f"languages: {', '.join(sorted({r.lang for r in corpus}))}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
