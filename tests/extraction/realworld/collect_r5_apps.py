"""Round five (apps): code mails of translated self-hosted web apps, and their notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r5_apps.py \\
        --documenso /work/.mirror/documenso+documenso/repo \\
        --registration /work/.mirror/nextcloud+registration/repo

- ``--documenso``: a git snapshot of documenso/documenso (AGPL-3.0). Two react-email
  templates, rendered by hand as their component tree produces them (react-email's
  ``Html``/``Head``/``Preview``/``Body``/``Container``/``Section``/``Heading``/``Text``/
  ``Img``/``Button``/``Row``/``Column`` markup, the Tailwind classes inlined as the
  ``Tailwind`` component would, with the default colours of ``DEFAULT_BRAND_COLORS``):
  ``packages/email/templates/access-auth-2fa.tsx`` (the e-mail two-factor code a signer must
  enter to finish a document; subject ``Your two-factor authentication code`` as
  ``send-2fa-token-email.ts`` sends it; the code is a six-digit HOTP, it lives
  ``TWO_FACTOR_EMAIL_EXPIRATION_MINUTES`` = 5 minutes) and
  ``packages/email/templates/document-completed.tsx`` (``Signing Complete!``, the notice with a
  download link, sent by ``send-document-completed-emails.handler.ts``). The strings are the
  ``msgstr`` of ``packages/lib/translations/<lang>/web.po`` (ICU plurals resolved for 5); a
  language missing any string of a template would fall back to English, so only fully
  translated languages are taken. The ``text/plain`` part imitates react-email's
  ``plainText`` rendering (html-to-text: preview skipped, images dropped, headings upper-case,
  links as ``text [href]``).
- ``--registration``: a git snapshot of nextcloud/registration (AGPL-3.0-or-later). The two
  mails of ``lib/Service/MailService.php``: ``sendTokenByMail`` (the e-mail verification mail
  with ``Verification code: %s``, the token being ten characters of
  ``ISecureRandom::CHAR_HUMAN_READABLE`` as ``RegistrationMapper::generateNewToken`` makes it,
  and the ``Continue registration`` button to ``/apps/registration/register/<secret>/<token>``;
  no login flow, no admin hint) and ``sendNewUserNotifyEmail`` (the admin notice for a new,
  disabled account, with its ``Enable now`` button). Strings from ``l10n/<lang>.json``; a
  language is taken only when every string of the mail is translated there. The frame is
  Nextcloud server's ``EMailTemplate``: head/body/footer/tail as round three transcribed them
  (``collect_r3_lang.py``, imported), header, heading and button transcribed below from
  ``lib/private/Mail/EMailTemplate.php`` @ 03a08e38 (read with ``read_file``); the plain part
  is built as ``EMailTemplate`` builds it. The footer sentence comes from nextcloud/server
  ``lib/l10n/<lang>.json`` (commits per language); instance "Contoso Cloud", no slogan.
- Dub (dubinc/dub, AGPL-3.0 outside its ``(ee)`` folders; too large to fetch, files read with
  ``read_file``, commits in ``DUB_COMMITS``): ``verify-email.tsx`` (the sign-up OTP, six digits,
  subject from ``send-otp.ts``) and ``partner-payout-confirmed.tsx`` (a payout notice, subject
  as the ACH-invoice callers send it), react-email trees rendered by hand like Documenso's,
  HTML-only as ``sendEmail`` sends a ``react`` body. English only (Dub is not translated).

Every source draws its random values from its own seeded stream, so the output is the same on
every run. What a person sees decides each label (``code``, or ``null``).
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
from email.message import EmailMessage
from email.utils import format_datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 24, 10, 17, 42, tzinfo=UTC)
RNG = random.Random("r5-apps")
TO = "noor.tester@example.com"


def digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def token(
    n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def message(*, sender: str, subject: str, text: str | None, html_part: str | None,
            headers: dict[str, str] | None = None) -> bytes:  # fmt: skip
    msg = EmailMessage()
    for key, val in (headers or {}).items():
        msg[key] = val
    msg["From"] = sender
    msg["To"] = TO
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    if text is not None:
        msg.set_content(text, subtype="plain", charset="utf-8")
        if html_part is not None:
            msg.add_alternative(html_part, subtype="html", charset="utf-8")
    elif html_part is not None:
        msg.set_content(html_part, subtype="html", charset="utf-8")
    if msg.is_multipart():
        msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def read_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (multi-line strings joined)."""
    out: dict[str, str] = {}
    key = val = None
    cur = None
    for line in [*text.splitlines(), ""]:
        if line.startswith("msgid "):
            if key is not None and val:
                out[key] = val
            key, val, cur = _po_str(line[6:]), None, "id"
        elif line.startswith("msgstr "):
            val, cur = _po_str(line[7:]), "str"
        elif line.startswith('"') and cur == "id":
            key = (key or "") + _po_str(line)
        elif line.startswith('"') and cur == "str":
            val = (val or "") + _po_str(line)
        elif not line.strip():
            if key is not None and val:
                out[key] = val
            key = val = cur = None
    return out


def _po_str(s: str) -> str:
    s = s.strip()[1:-1]
    esc = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: esc.get(m.group(1), m.group(0)), s)


def icu_plural(pattern: str, n: int, lang: str) -> str:
    """Resolve one ``{var, plural, one {..} other {..}}`` for n (CLDR categories)."""
    body = re.match(r"\{\w+, plural, (.*)\}$", pattern, re.S)
    assert body, pattern
    forms = dict(re.findall(r"(\w+) \{([^{}]*)\}", body.group(1)))
    cat = "one" if n == 1 else "other"
    if lang == "pl" and n != 1:
        cat = "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"
    form = forms.get(cat, forms["other"])
    return form.replace("#", str(n))


# ---------------------------------------------------------------------------------------
# html -> text (what react-email's plainText option gives: html-to-text)


class _Text(HTMLParser):
    BLOCK: ClassVar[dict[str, int]] = {"p": 1, "h1": 3, "div": 1, "table": 1, "tr": 1, "br": 1}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.upper = 0
        self.href: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.skip or a.get("data-skip-in-text") == "true" or tag in ("head", "style", "title"):
            if tag not in ("img", "br", "meta", "hr"):
                self.skip += 1
            return
        if tag == "br":
            self.out.append("\n")
        elif tag in ("p", "h1", "table", "tr", "div"):
            self.out.append("\n\n" if tag in ("p", "h1") else "\n")
        if tag == "h1":
            self.upper += 1
        if tag == "a":
            self.href.append(a.get("href"))

    def handle_endtag(self, tag):
        if self.skip:
            if tag not in ("img", "br", "meta", "hr"):
                self.skip -= 1
            return
        if tag == "h1":
            self.upper -= 1
        if tag in ("p", "h1"):
            self.out.append("\n\n")
        if tag == "a" and self.href:
            href = self.href.pop()
            if href and not href.startswith("mailto:"):
                self.out.append(f" [{href}]")

    def handle_data(self, data):
        if self.skip:
            return
        data = re.sub(r"\s+", " ", data)
        self.out.append(data.upper() if self.upper else data)


def html_to_text(doc: str) -> str:
    p = _Text()
    p.feed(doc)
    text = "".join(p.out)
    lines = [ln.strip() for ln in text.split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text + "\n"


# ---------------------------------------------------------------------------------------
# react-email components, as they render

_TW = {
    "mx-auto": "margin-left:auto;margin-right:auto", "my-auto": "margin-top:auto;margin-bottom:auto",
    "bg-background": "background-color:#ffffff", "bg-white": "background-color:#ffffff",
    "font-sans": "font-family:ui-sans-serif, system-ui, sans-serif, \"Apple Color Emoji\", "
                 "\"Segoe UI Emoji\", \"Segoe UI Symbol\", \"Noto Color Emoji\"",
    "mt-8": "margin-top:32px", "mb-2": "margin-bottom:8px", "max-w-xl": "max-width:36rem",
    "rounded-lg": "border-radius:8px", "border": "border-width:1px",
    "border-border": "border-color:#e2e8f0", "border-solid": "border-style:solid",
    "p-4": "padding:16px", "p-2": "padding:8px", "p-6": "padding:24px", "mb-4": "margin-bottom:16px",
    "h-6": "height:24px", "h-12": "height:48px", "w-12": "width:48px", "mt-12": "margin-top:48px",
    "text-center": "text-align:center", "font-semibold": "font-weight:600",
    "font-medium": "font-weight:500", "font-bold": "font-weight:700",
    "text-foreground": "color:#0f172a", "text-muted-foreground": "color:#64748b",
    "text-lg": "font-size:18px;line-height:28px", "text-sm": "font-size:14px;line-height:20px",
    "text-base": "font-size:16px;line-height:24px", "text-2xl": "font-size:24px;line-height:32px",
    "tracking-wider": "letter-spacing:0.05em", "mt-2": "margin-top:8px", "mt-4": "margin-top:16px",
    "mt-6": "margin-top:24px", "bg-muted": "background-color:#f1f5f9", "mb-0": "margin-bottom:0px",
    "my-1": "margin-top:4px;margin-bottom:4px", "my-4": "margin-top:16px;margin-bottom:16px",
    "my-8": "margin-top:32px;margin-bottom:32px", "mb-6": "margin-bottom:24px",
    "text-primary": "color:#a2e771", "text-sm!": "", "px-4": "padding-left:16px;padding-right:16px",
    "py-2": "padding-top:8px;padding-bottom:8px", "no-underline": "text-decoration-line:none",
    "inline": "display:inline", "align-middle": "vertical-align:middle", "h-7": "height:28px",
    "w-7": "width:28px", "-mt-0.5": "margin-top:-2px", "mr-2": "margin-right:8px",
    "h-5": "height:20px", "w-5": "width:20px", "mb-0.5": "margin-bottom:2px",
    "h-42": "height:168px", "table-fixed": "table-layout:fixed",
    "flex-row": "flex-direction:row", "items-center": "align-items:center",
    "justify-center": "justify-content:center", "max-w-[80%]": "max-width:80%",
    # dub
    "my-10": "margin-top:40px;margin-bottom:40px", "max-w-[600px]": "max-width:600px",
    "rounded": "border-radius:4px", "border-neutral-200": "border-color:#e5e5e5",
    "px-10": "padding-left:40px;padding-right:40px", "py-5": "padding-top:20px;padding-bottom:20px",
    "mx-0": "margin-left:0px;margin-right:0px", "my-7": "margin-top:28px;margin-bottom:28px",
    "p-0": "padding:0px", "text-xl": "font-size:20px;line-height:28px", "text-black": "color:#000000",
    "leading-6": "line-height:24px", "w-fit": "width:fit-content",
    "px-6": "padding-left:24px;padding-right:24px", "py-3": "padding-top:12px;padding-bottom:12px",
    "font-mono": "font-family:ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, &quot;Liberation Mono&quot;, "
                 "&quot;Courier New&quot;, monospace",
    "tracking-[0.25em]": "letter-spacing:0.25em", "text-neutral-600": "color:#525252",
    "text-neutral-500": "color:#737373", "text-neutral-700": "color:#404040",
    "underline": "text-decoration-line:underline", "text-[12px]": "font-size:12px",
    "w-full": "width:100%", "my-6": "margin-top:24px;margin-bottom:24px", "mb-12": "margin-bottom:48px",
    "bg-neutral-900": "background-color:#171717", "text-white": "color:#ffffff",
}  # fmt: skip


def tw(classes: str, base: str = "") -> str:
    parts = [base] if base else []
    for c in classes.split():
        if c == "backdrop-blur-sm":
            continue
        parts.append(_TW[c])
    return ";".join(p for p in parts if p).replace('"', "&quot;")


_TABLE = (
    'align="center" width="100%" border="0" cellpadding="0" cellspacing="0" role="presentation"'
)


def section(children: str, cls: str = "") -> str:
    style = f' style="{tw(cls)}"' if cls else ""
    return f"<table {_TABLE}{style}><tbody><tr><td>{children}</td></tr></tbody></table>"


def container(children: str, cls: str) -> str:
    return (f'<table {_TABLE} style="{tw(cls, "max-width:37.5em")}"><tbody><tr style="width:100%">'
            f"<td>{children}</td></tr></tbody></table>")  # fmt: skip


def text(children: str, cls: str) -> str:
    return f'<p style="{tw(cls, "font-size:14px;line-height:24px;margin:16px 0")}">{children}</p>'


def heading(children: str, cls: str) -> str:
    return f'<h1 style="{tw(cls)}">{children}</h1>'


def img(src: str, alt: str, cls: str) -> str:
    return (
        f'<img alt="{html.escape(alt)}" src="{src}" style="'
        f'{tw(cls, "display:block;outline:none;border:none;text-decoration:none")}"/>'
    )


def link(href: str, children: str, cls: str = "") -> str:
    style = tw(cls, "color:#067df7;text-decoration-line:none")
    return f'<a href="{html.escape(href)}" style="{style}" target="_blank">{children}</a>'


def button(href: str, children: str, cls: str) -> str:
    style = tw(cls, "line-height:100%;text-decoration:none;display:inline-block;max-width:100%;"
                    "mso-padding-alt:0px")  # fmt: skip
    return (
        f'<a href="{html.escape(href)}" style="{style}" target="_blank"><span><!--[if mso]><i '
        'style="mso-font-width:400%;mso-text-raise:0" hidden>&#8202;&#8202;</i><![endif]-->'
        '</span><span style="max-width:100%;display:inline-block;line-height:120%;'
        f'mso-padding-alt:0px;mso-text-raise:0">{children}</span><span><!--[if mso]><i '
        'style="mso-font-width:400%" hidden>&#8202;&#8202;&#8203;</i><![endif]--></span></a>'
    )


def preview(s: str) -> str:
    pad = "\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff" * (150 - len(s))
    return ('<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;'
            f'max-width:0" data-skip-in-text="true">{html.escape(s)}<div>{pad}</div></div>')  # fmt: skip


def document(lang: str, body_cls: str, inner: str) -> str:
    return ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
            '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
            f'<html dir="ltr" lang="{lang}"><head><meta content="text/html; charset=UTF-8" '
            'http-equiv="Content-Type"/><meta name="x-apple-disable-message-reformatting"/></head>'
            f'<body style="{tw(body_cls)}">{inner}<!--/$--></body></html>')  # fmt: skip


# ---------------------------------------------------------------------------------------
# Documenso

DOCUMENSO_COMMIT = "75330166cc00b29c14399bc2e391e4b4d8080c00"
DOCUMENSO_LANGS = ("de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "sq", "zh")
DOCUMENSO_BASE = "https://sign.contoso.example"
DOCUMENSO_FROM = "Documenso <noreply@sign.contoso.example>"
DOCUMENSO_TITLES = {
    "de": "Mietvertrag Wohnung 4B.pdf", "en": "Consulting Agreement 2026.pdf",
    "es": "Contrato de servicios 2026.pdf", "fr": "Contrat de prestation.pdf",
    "it": "Contratto di fornitura.pdf", "ja": "業務委託契約書.pdf", "ko": "용역 계약서.pdf",
    "nl": "Huurovereenkomst 2026.pdf", "pl": "Umowa najmu lokalu.pdf",
    "pt-BR": "Contrato de prestação de serviços.pdf", "sq": "Marrëveshje bashkëpunimi.pdf",
    "zh": "服务合同.pdf",
}  # fmt: skip
_M_2FA = {
    "subject": "Your two-factor authentication code",
    "preview": "Your verification code is {code}",
    "heading": "Verification Code Required",
    "hi": 'Hi {userName}, you need to enter a verification code to complete the document "{documentTitle}".',
    "label": "Your verification code:",
    "expire": "{expiresInMinutes, plural, one {This code will expire in # minute.} other {This code will expire in # minutes.}}",
    "ignore": "If you didn't request this verification code, you can safely ignore this email.",
}  # fmt: skip
_M_DONE = {
    "subject": "Signing Complete!",
    "preview": "Completed Document",
    "completed": "Completed",
    "signed": "“{documentName}” was signed by all signers",
    "continue": "Continue by downloading the document.",
    "download": "Download",
    "sent_using": "This document was sent using <0>Documenso</0>.",
}
_FOOTER_ADDR = "Documenso, Inc.<br/>2261 Market Street, #5211, San Francisco, CA 94114, USA"


def _tr(cat: dict[str, str], msgs: dict[str, str]) -> dict[str, str] | None:
    out = {}
    for key, msgid in msgs.items():
        if msgid not in cat:
            return None
        out[key] = cat[msgid]
    return out


def _fill(s: str, **kw: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: kw[m.group(1)], s)


def _documenso_footer(is_document: bool, t: dict[str, str]) -> str:
    parts = ""
    if is_document:
        sent = (
            html.escape(t["sent_using"]).replace("&lt;0&gt;", "<0>").replace("&lt;/0&gt;", "</0>")
        )
        sent = re.sub(r"<0>(.*?)</0>", lambda m: link("https://documen.so/mail-footer", m.group(1),
                                                       "text-primary"), sent)  # fmt: skip
        parts += text(sent, "my-4 text-base text-muted-foreground")
    parts += text(_FOOTER_ADDR, "my-8 text-muted-foreground text-sm")
    return section(parts)


def documenso(repo: Path, items: list[dict]) -> None:
    global RNG
    RNG = random.Random("r5-apps-documenso")  # one stream per source: each source renders alone
    logo = img(f"{DOCUMENSO_BASE}/static/logo.png", "Documenso Logo", "mb-4 h-6")
    for lang in DOCUMENSO_LANGS:
        cat = read_po(show(repo, DOCUMENSO_COMMIT, f"packages/lib/translations/{lang}/web.po"))
        title = html.escape(DOCUMENSO_TITLES[lang])
        t = _tr(cat, _M_2FA)
        if t is not None:
            code = digits(6)
            body = (
                "<div>"
                + img(f"{DOCUMENSO_BASE}/static/document.png", "Document", "mx-auto h-12 w-12")
                + section(
                    heading(
                        html.escape(t["heading"]),
                        "text-center font-semibold text-foreground text-lg",
                    )
                    + text(
                        _fill(
                            html.escape(t["hi"], quote=False),
                            userName="Noor Tester",
                            documentTitle=title,
                        ),
                        "mt-2 text-center text-foreground",
                    )
                    + section(
                        text(
                            html.escape(t["label"]),
                            "mb-2 font-medium text-muted-foreground text-sm",
                        )
                        + text(code, "font-bold text-2xl text-foreground tracking-wider"),
                        "mt-6 rounded-lg bg-muted p-6 text-center",
                    )
                    + text(
                        html.escape(icu_plural(t["expire"], 5, lang)),
                        "mt-4 text-center text-muted-foreground text-sm",
                    )
                    + text(
                        html.escape(t["ignore"]), "mt-4 text-center text-muted-foreground text-sm"
                    ),
                    "mt-8",
                )
                + "</div>"
            )
            inner = preview(_fill(t["preview"], code=code)) + section(
                container(section(logo + body),
                          "mx-auto mt-8 mb-2 max-w-xl rounded-lg border border-border border-solid p-4")
                + '<div style="margin-left:auto;margin-right:auto;margin-top:48px;max-width:36rem"></div>'
                + container(_documenso_footer(False, t), "mx-auto max-w-xl")
            )  # fmt: skip
            doc = document(lang, "mx-auto my-auto bg-background font-sans", inner)
            add(items, source="documenso", template="access-auth-2fa", lang=lang, kind="saas-otp",
                code=code, repository="documenso/documenso", commit=DOCUMENSO_COMMIT,
                path="packages/email/templates/access-auth-2fa.tsx; packages/email/template-components/"
                     "template-access-auth-2fa.tsx; template-footer.tsx; packages/lib/server-only/2fa/"
                     f"email/send-2fa-token-email.ts; packages/lib/translations/{lang}/web.po",
                licence="AGPL-3.0",
                rendered="react-email tree rendered by hand (Tailwind classes inlined), strings from "
                         "web.po; text/plain as the plainText renderer gives it",
                raw=message(sender=DOCUMENSO_FROM, subject=t["subject"], text=html_to_text(doc),
                            html_part=doc))  # fmt: skip
        t = _tr(cat, _M_DONE)
        if t is not None:
            tok = token(21)
            download = f"{DOCUMENSO_BASE}/sign/{tok}/complete"
            asset = DOCUMENSO_BASE
            doc_img = section(
                '<table align="center" width="100%" border="0" cellpadding="0" cellspacing="0" '
                'role="presentation" style="table-layout:fixed"><tbody style="width:100%">'
                '<tr style="width:100%"><td></td><td>'
                + img(f"{asset}/static/document.png", "Documenso", "mx-auto h-42")
                + "</td><td></td></tr></tbody></table>",
                "mt-6",
            )
            body = doc_img + section(
                section('<td align="center">'
                        + text(img(f"{asset}/static/completed.png", "",
                                   "-mt-0.5 mr-2 inline h-7 w-7 align-middle")
                               + html.escape(t["completed"]), "font-semibold text-base text-foreground")
                        + "</td>", "mb-4")
                + text(html.escape(_fill(t["signed"], documentName=DOCUMENSO_TITLES[lang])),
                       "mb-0 text-center font-semibold text-foreground text-lg")
                + text(html.escape(t["continue"]), "my-1 text-center text-base text-muted-foreground")
                + section(button(download,
                                 img(f"{asset}/static/download.png", "",
                                     "mr-2 mb-0.5 inline h-5 w-5 align-middle")
                                 + html.escape(t["download"]),
                                 "rounded-lg border border-border border-solid px-4 py-2 text-center "
                                 "font-medium text-foreground text-sm no-underline"),
                          "mt-8 mb-6 text-center")
            )  # fmt: skip
            inner = preview(t["preview"]) + section(
                container(section(logo + body, "p-2"),
                          "mx-auto mt-8 mb-2 max-w-xl rounded-lg border border-border border-solid p-2")
                + container(_documenso_footer(True, t), "mx-auto max-w-xl"),
                "bg-background",
            )  # fmt: skip
            doc = document(lang, "mx-auto my-auto font-sans", inner)
            add(items, source="documenso", template="document-completed", lang=lang, kind="notice",
                code=None, repository="documenso/documenso", commit=DOCUMENSO_COMMIT,
                path="packages/email/templates/document-completed.tsx; packages/email/template-components/"
                     "template-document-completed.tsx; template-footer.tsx; packages/lib/jobs/definitions/"
                     f"emails/send-document-completed-emails.handler.ts; packages/lib/translations/{lang}/web.po",
                licence="AGPL-3.0",
                rendered="react-email tree rendered by hand (Tailwind classes inlined), strings from "
                         "web.po; text/plain as the plainText renderer gives it",
                raw=message(sender=DOCUMENSO_FROM, subject=t["subject"], text=html_to_text(doc),
                            html_part=doc))  # fmt: skip


# ---------------------------------------------------------------------------------------
# Nextcloud registration app

REGISTRATION_COMMIT = "fe81349d40c86d0a7a7c581a142701e309ed461a"
# nextcloud/server lib/l10n/<lang>.json: the footer sentence of EMailTemplate::addFooter(); the
# six languages round three read (collect_r3_lang.NC_AUTOSENT) and these, read with read_file.
NC_AUTOSENT_MORE = {
    "de": ("Dies ist eine automatisch versandte E-Mail, bitte nicht antworten.",
           "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
    "fr": ("Ceci est un e-mail envoyé automatiquement, veuillez ne pas y répondre.",
           "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
    "uk": ("Це автоматично надісланий електронний лист, будь ласка, не відповідайте на нього.",
           "01f0c334340eb1eb94b1d9869b9084f954f0c95d"),
    "pt_BR": ("Este é um e-mail enviado automaticamente. Por favor, não responda.",
              "00256ee18e4e0212faf31e9e06d29a7ee353dd57"),
}  # fmt: skip
NC_HOST = "https://cloud.contoso.example"
NC_PRIMARY = "#00679e"  # getDefaultColorPrimary() of an untouched theme
NC_TEXT_PRIMARY = "#ffffff"
HUMAN_READABLE = (
    "abcdefgijkmnopqrstwxyzABCDEFGHJKLMNPQRSTWXYZ23456789"  # ISecureRandom::CHAR_HUMAN_READABLE
)
# nextcloud/server lib/private/Mail/EMailTemplate.php @ 03a08e3863dde0ac5231bbb7bbe3f3dcadbae918
# ($header, $heading, $button; vsprintf's %% already reduced to %), read with read_file.
NC_HEADER = """<table align="center" class="wrapper header float-center" style="Margin:0 auto;background:#fff;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tr style="{TR}">
\t\t<td class="wrapper-inner" style="{TD_PAD20}">
\t\t\t<table align="center" class="container" style="Margin:0 auto;background:0 0;border-collapse:collapse;border-spacing:0;margin:0 auto;padding:0;text-align:inherit;vertical-align:top;width:150px">
\t\t\t\t<tbody>
\t\t\t\t<tr style="{TR}">
\t\t\t\t\t<td style="{TD}">
\t\t\t\t\t\t<table class="row collapse" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%">
\t\t\t\t\t\t\t<tbody>
\t\t\t\t\t\t\t<tr style="{TR}">
\t\t\t\t\t\t\t\t<center data-parsed="" style="background-color:{COLOR};min-width:175px;max-height:175px; padding:35px 0px;border-radius:200px">
\t\t\t\t\t\t\t\t\t<img class="logo float-center" src="{LOGO}" alt="{NAME}" align="center" style="-ms-interpolation-mode:bicubic;clear:both;display:block;float:none;margin:0 auto;outline:0;text-align:center;text-decoration:none;max-height:105px;max-width:105px;width:auto;height:auto">
\t\t\t\t\t\t\t\t</center>
\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</tbody>
\t\t\t\t\t\t</table>
\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t</tbody>
\t\t\t</table>
\t\t</td>
\t</tr>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="{TR}">
\t\t<td height="40px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:80px;font-weight:400;hyphens:auto;line-height:80px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
"""
NC_HEADING = """<table align="center" class="container main-heading float-center" style="Margin:0 auto;background:0 0!important;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:580px">
\t<tbody>
\t<tr style="{TR}">
\t\t<td style="{TD}">
\t\t\t<h1 class="text-center" style="Margin:0;Margin-bottom:10px;color:inherit;font-family:{FONT};font-size:24px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:center;word-wrap:normal">{TITLE}</h1>
\t\t</td>
\t</tr>
\t</tbody>
</table>
<table class="spacer float-center" style="Margin:0 auto;border-collapse:collapse;border-spacing:0;float:none;margin:0 auto;padding:0;text-align:center;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="{TR}">
\t\t<td height="36px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-size:40px;font-weight:400;hyphens:auto;line-height:36px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
"""
NC_BUTTON = """<table class="spacer" style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="{TR}">
\t\t<td height="50px" style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border-collapse:collapse!important;color:#0a0a0a;font-family:{FONT};font-size:50px;font-weight:400;hyphens:auto;line-height:50px;margin:0;mso-line-height-rule:exactly;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">&#xA0;</td>
\t</tr>
\t</tbody>
</table>
<table align="center" class="row btn-group" style="border-collapse:collapse;border-spacing:0;display:table;padding:0;position:relative;text-align:left;vertical-align:top;width:100%">
\t<tbody>
\t<tr style="{TR}">
\t\t<th class="small-12 large-12 columns first last" style="Margin:0 auto;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0 auto;padding:0;padding-bottom:30px;padding-left:30px;padding-right:30px;text-align:left;width:550px">
\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t\t\t<tr style="{TR}">
\t\t\t\t\t<th style="Margin:0;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0;text-align:left">
\t\t\t\t\t\t<center data-parsed="" style="min-width:490px;width:100%">
\t\t\t\t\t\t\t<table class="button btn default primary float-center" style="Margin:0;border-collapse:collapse;border-spacing:0;display:inline-block;float:none;margin:0;max-height:60px;padding:0;text-align:center;vertical-align:top;width:auto;background:{C1};color:#fefefe;background-color:{C1};">
\t\t\t\t\t\t\t\t<tr style="{TR}">
\t\t\t\t\t\t\t\t\t<td style="{TD}">
\t\t\t\t\t\t\t\t\t\t<table style="border-collapse:collapse;border-spacing:0;padding:0;text-align:left;vertical-align:top;width:100%">
\t\t\t\t\t\t\t\t\t\t\t<tr style="{TR}">
\t\t\t\t\t\t\t\t\t\t\t\t<td style="-moz-hyphens:auto;-webkit-hyphens:auto;Margin:0;border:0 solid {C1};border-collapse:collapse!important;font-family:{FONT};font-size:16px;font-weight:400;hyphens:auto;line-height:1.3;margin:0;padding:0;text-align:left;vertical-align:top;word-wrap:break-word">
\t\t\t\t\t\t\t\t\t\t\t\t\t<a href="{URL}" style="Margin:0;border:0 solid {C1};border-radius:2px;color:{C5};display:inline-block;font-family:{FONT};font-size:16px;font-weight:regular;line-height:1.3;margin:0;padding:10px 25px 10px 25px;text-align:left;outline:1px solid {C5};text-decoration:none">{TEXT}</a>
\t\t\t\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t\t\t\t</tr>
\t\t\t\t\t\t\t</table>
\t\t\t\t\t\t</center>
\t\t\t\t\t</th>
\t\t\t\t\t<th class="expander" style="Margin:0;color:#0a0a0a;font-family:{FONT};font-size:16px;font-weight:400;line-height:1.3;margin:0;padding:0!important;text-align:left;visibility:hidden;width:0"></th>
\t\t\t\t</tr>
\t\t\t</table>
\t\t</th>
\t</tr>
\t</tbody>
</table>
"""


class NCTemplate:
    """EMailTemplate as lib/private/Mail/EMailTemplate.php builds HTML and plain text."""

    def __init__(self, frame, name: str) -> None:
        self.f = frame
        self.name = name
        self.html = frame.NC_HEAD
        self.plain = ""
        self.opened = False

    def _sub(self, tpl: str, **kw: str) -> str:
        out = (
            tpl.replace("{TR}", self.f.TR).replace("{TD}", self.f.TD).replace("{FONT}", self.f.FONT)
        )
        out = out.replace(
            "{TD_PAD20}",
            self.f.TD.replace("padding:0;text-align:left", "padding:20px;text-align:left"),
        )
        for k, v in kw.items():
            out = out.replace("{" + k + "}", v)
        return out

    def header(self) -> None:
        logo = f"{NC_HOST}/core/img/logo/logo.png?v=0"
        self.html += self._sub(NC_HEADER, COLOR=NC_PRIMARY, LOGO=logo, NAME=self.name)

    def heading(self, title: str) -> None:
        self.html += self._sub(
            NC_HEADING, TITLE=html.escape(title, quote=True).replace("&#x27;", "&#039;")
        )
        self.plain += title + "\n\n"

    def _open(self) -> None:
        if not self.opened:
            self.html += self.f.NC_BODY_BEGIN
            self.opened = True

    def text(self, text: str, plain: str = "") -> None:
        if plain == "":
            plain, text = text, html.escape(text, quote=True).replace("&#x27;", "&#039;")
        self._open()
        self.html += self.f.NC_BODY_TEXT.replace("@@TEXT@@", text)
        self.plain += plain + "\n\n"

    def button(self, text: str, url: str) -> None:
        self._open()
        self.html += self._sub(NC_BUTTON, C1=NC_PRIMARY, C5=NC_TEXT_PRIMARY, URL=url,
                               TEXT=html.escape(text, quote=True).replace("&#x27;", "&#039;"))  # fmt: skip
        self.plain += text + ": " + url + "\n"

    def footer(self, autosent: str) -> None:
        text = self.name + "<br>" + autosent
        if self.opened:
            self.html += self.f.NC_BODY_END
        self.html += self.f.NC_FOOTER.replace("@@TEXT@@", text) + self.f.NC_TAIL
        self.plain += "\n-- \n" + text.replace("<br>", "\n")


def _nc_t(tr: dict[str, str], s: str, *args: str) -> str:
    out = tr.get(s) or s
    if "%1$s" in out or "%2$s" in out:
        for i, a in enumerate(args, 1):
            out = out.replace(f"%{i}$s", a)
        return out
    for a in args:
        out = out.replace("%s", a, 1)
    return out


def registration(repo: Path, items: list[dict]) -> None:
    global RNG
    RNG = random.Random("r5-apps-registration")  # one stream per source: each source renders alone
    import collect_r3_lang as frame

    footers = {k: v for k, v in frame.NC_AUTOSENT.items()}
    footers.update(NC_AUTOSENT_MORE)
    name = "Contoso Cloud"
    verify_keys = [
        "Verify your %s registration request",
        "Registration",
        "Email address verified, you can now complete your registration.",
        "Click the button below to continue.",
        "Verification code: %s",
        "Continue registration",
    ]
    admin_keys = [
        'New user "%1$s" has created an account on %2$s',
        "New user registered",
        '"%1$s" (%2$s) registered a new account on %3$s and needs to be enabled.',
        "Enable now",
    ]
    for lang, (autosent, server_commit) in footers.items():
        tr = (
            {}
            if lang == "en"
            else json.loads(show(repo, REGISTRATION_COMMIT, f"l10n/{lang}.json"))["translations"]
        )
        tag = lang.replace("_", "-")
        path_tail = (
            f"l10n/{lang}.json; nextcloud/server lib/private/Mail/EMailTemplate.php @ "
            f"{frame.NEXTCLOUD_SERVER_COMMIT}, lib/l10n/{lang}.json @ {server_commit}"
        )
        if lang == "en" or all(tr.get(k) for k in verify_keys):
            token = "".join(RNG.choice(HUMAN_READABLE) for _ in range(10))
            secret = "".join(RNG.choice(HUMAN_READABLE) for _ in range(32))
            link = f"{NC_HOST}/index.php/apps/registration/register/{secret}/{token}"
            t = NCTemplate(frame, name)
            t.header()
            t.heading(_nc_t(tr, "Registration"))
            body = _nc_t(tr, "Email address verified, you can now complete your registration.")
            t.text(html.escape(body + " " + _nc_t(tr, "Click the button below to continue."),
                               quote=True).replace("&#x27;", "&#039;"), body)  # fmt: skip
            t.text(_nc_t(tr, "Verification code: %s", token))
            t.button(_nc_t(tr, "Continue registration"), link)
            t.footer(autosent)
            subject = _nc_t(tr, "Verify your %s registration request", name)
            add(items, source="ncregistration", template="verify", lang=tag, kind="saas-otp", code=token,
                repository="nextcloud/registration (+ nextcloud/server)", commit=REGISTRATION_COMMIT,
                path="lib/Service/MailService.php (sendTokenByMail); lib/Db/RegistrationMapper.php; " + path_tail,
                licence="AGPL-3.0-or-later",
                rendered="MailService::sendTokenByMail filled as PHP runs it (no login flow, no admin hint), "
                         "EMailTemplate frame transcribed; token 10 chars of CHAR_HUMAN_READABLE",
                note="the code is case-sensitive letters and digits; the same token is also in the link",
                raw=message(sender=f"{name} <register@cloud.contoso.example>", subject=subject,
                            text=t.plain, html_part=t.html))  # fmt: skip
        if lang == "en" or all(tr.get(k) for k in admin_keys):
            user = "noor.tester"
            t = NCTemplate(frame, name)
            t.header()
            t.heading(_nc_t(tr, "New user registered"))
            t.text(_nc_t(tr, '"%1$s" (%2$s) registered a new account on %3$s and needs to be enabled.',
                         user, TO, name))  # fmt: skip
            t.button(_nc_t(tr, "Enable now"), f"{NC_HOST}/index.php/settings/users/disabled")
            t.footer(autosent)
            subject = _nc_t(tr, 'New user "%1$s" has created an account on %2$s', user, name)
            add(items, source="ncregistration", template="admin-notice", lang=tag, kind="notice", code=None,
                repository="nextcloud/registration (+ nextcloud/server)", commit=REGISTRATION_COMMIT,
                path="lib/Service/MailService.php (sendNewUserNotifyEmail); " + path_tail,
                licence="AGPL-3.0-or-later",
                rendered="MailService::sendNewUserNotifyEmail for a disabled new account, EMailTemplate frame "
                         "transcribed",
                raw=message(sender=f"{name} <register@cloud.contoso.example>", subject=subject,
                            text=t.plain, html_part=t.html))  # fmt: skip


# ---------------------------------------------------------------------------------------
# Dub

# dubinc/dub is too large to fetch; read with read_file (commit per file):
DUB_COMMITS = {
    "packages/email/src/templates/verify-email.tsx": "05d13517d42d033ea5c5714fd608cbf40e6c4547",
    "packages/email/src/components/footer.tsx": "0a3c1a1e2dd2b94a462cb14d8cd6532b6b85dae5",
    "apps/web/lib/actions/send-otp.ts": "00dd834b82a47e06c0e40544a3ba692bb495d814",
    "packages/email/src/templates/partner-payout-confirmed.tsx": "01c0e438aa23cc52f6c4d62389471a06b939383c",
}
DUB_WORDMARK = "https://assets.dub.co/wordmark.png"
DUB_FROM = "Dub <system@dub.example>"


def _dub_footer() -> str:
    hr = ('<hr style="width:100%;border:none;border-top:1px solid #eaeaea;margin-left:0px;margin-right:0px;'
          'margin-top:24px;margin-bottom:24px;border-width:1px;border-color:#e5e5e5"/>')  # fmt: skip
    return (hr
            + text(f'This email was intended for <span style="color:#000000">{html.escape(TO)}</span>. If you were '
                   "not expecting this email, you can ignore this email. If you are concerned about your "
                   "account&#x27;s safety, please reply to this email to get in touch with us.",
                   "text-[12px] leading-6 text-neutral-500")
            + text("GetQR Technologies, Inc.<br/>2261 Market Street STE 5906<br/>San Francisco, CA 941114",
                   "text-[12px] text-neutral-500"))  # fmt: skip


def _dub_doc(preview_text: str, inner: str) -> str:
    body = container(
        inner,
        "mx-auto my-10 max-w-[600px] rounded border border-solid border-neutral-200 px-10 py-5",
    )
    return document("en", "mx-auto my-auto bg-white font-sans", preview(preview_text) + body)


def dub(items: list[dict]) -> None:
    global RNG
    RNG = random.Random("r5-apps-dub")  # one stream per source: each source renders alone
    code = digits(6)
    inner = (
        section(f'<img alt="Dub" height="32" src="{DUB_WORDMARK}" '
                'style="display:block;outline:none;border:none;text-decoration:none"/>', "mt-8")
        + heading("Please confirm your email address", "mx-0 my-7 p-0 text-xl font-medium text-black")
        + text("Enter this code on the Dub verify page to complete your sign up:", "mx-auto text-sm leading-6")
        + section(f'<div style="{tw("mx-auto w-fit px-6 py-3 text-center font-mono text-2xl font-semibold tracking-[0.25em]")}">'
                  f"{code}</div>", "my-8 rounded-lg border border-solid border-neutral-200")
        + text("This code expires in 10 minutes.", "text-sm leading-6 text-black")
        + _dub_footer()
    )  # fmt: skip
    doc = _dub_doc("Your Dub Verification Code", inner)
    paths = "packages/email/src/templates/verify-email.tsx; packages/email/src/components/footer.tsx; apps/web/lib/actions/send-otp.ts"
    add(items, source="dub", template="verify-email", lang="en", kind="saas-otp", code=code,
        repository="dubinc/dub", commit=DUB_COMMITS["packages/email/src/templates/verify-email.tsx"],
        path=paths + " (commits: " + ", ".join(f"{k.rsplit('/', 1)[1]} {v}" for k, v in DUB_COMMITS.items()
                                               if k in paths) + ")",
        licence="AGPL-3.0",
        rendered="react-email tree rendered by hand (Tailwind classes inlined), subject as send-otp.ts "
                 "(NEXT_PUBLIC_APP_NAME Dub); sent HTML-only by sendEmail",
        raw=message(sender=DUB_FROM, subject="Dub: OTP to verify your account", text=None, html_part=doc))  # fmt: skip
    payout = "po_" + token(24)
    inner = (
        section('<img alt="Acme Analytics" height="32" src="https://assets.dub.co/logo.png" '
                'style="display:block;outline:none;border:none;text-decoration:none"/>', "mt-8")
        + heading("Your payout is being processed!", "mx-0 p-0 text-lg font-medium text-black")
        + text('<strong style="color:#000000">Acme Analytics</strong> has initiated a payout of '
               '<strong style="color:#000000">$1,284.50</strong> for affiliate commissions made from '
               '<strong style="color:#000000">Oct 1, 2026</strong> to <strong style="color:#000000">Oct 31, 2026'
               "</strong>.", "text-sm leading-6 text-neutral-600")
        + text("The payout is currently being processed and is expected to be credited to your account within"
               "<strong> 2 business days</strong> (excluding weekends and public holidays).",
               "text-sm leading-6 text-neutral-600")
        + section(link(f"https://partners.dub.co/settings/payouts?payoutId={payout}", "View payout",
                       "rounded-lg bg-neutral-900 px-4 py-3 text-[12px] font-semibold text-white no-underline"),
                  "mb-12 mt-8")
        + _dub_footer()
    )  # fmt: skip
    doc = _dub_doc("Your payout is being processed", inner)
    add(items, source="dub", template="payout-confirmed", lang="en", kind="notice", code=None,
        repository="dubinc/dub",
        commit=DUB_COMMITS["packages/email/src/templates/partner-payout-confirmed.tsx"],
        path="packages/email/src/templates/partner-payout-confirmed.tsx; packages/email/src/components/footer.tsx "
             f"(footer.tsx {DUB_COMMITS['packages/email/src/components/footer.tsx']})",
        licence="AGPL-3.0",
        rendered="react-email tree rendered by hand (Tailwind classes inlined), an ACH-fast payout of 128450 cents "
                 "for October; subject as the ACH-invoice callers pass it",
        note="payout id, amount and dates only; no code",
        raw=message(sender=DUB_FROM, subject="You've got money coming your way!", text=None, html_part=doc))  # fmt: skip


# ---------------------------------------------------------------------------------------


def add(items: list[dict], *, source: str, template: str, lang: str, raw: bytes, **fields) -> None:
    item_id = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{item_id}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    note = fields.pop("note", None)
    item = {"id": item_id, "group": f"{source}-{template}", "source": source, "lang": lang}
    item.update({k: fields[k] for k in ("kind", "code", "repository", "path", "commit", "licence",
                                        "rendered")})  # fmt: skip
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    if note:
        item["note"] = note
    items.append(item)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--documenso", type=Path)
    ap.add_argument("--registration", type=Path)
    args = ap.parse_args()
    items: list[dict] = []
    if args.documenso:
        documenso(args.documenso, items)
    dub(items)
    if args.registration:
        registration(args.registration, items)
    out = HERE / "round5" / "apps.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(len(items), "items")


if __name__ == "__main__":
    main()
