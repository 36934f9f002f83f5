"""Round 27, banking (blind): a Laravel remittance / payments API's account mails (activation
and password-change codes and their notices, English and Spanish) and the IRS Direct File
tax-filing service's e-mail notices (English and Spanish), rendered from git snapshots at
pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_banking.py \\
        --mirrors /work/.mirror

- douglashb/laravel-api-services (MIT), commit DOUGLAS_COMMIT: a Laravel API for a
  remittance / card-payment wallet sold to merchants (``app/Http/Controllers/Remittance``,
  ``PaymentMethod``). ``app/Notifications/*Mail.php`` (``toMailjet``) build
  ``app/Libraries/MailMessage.php``: ``view()`` renders a Blade view
  (``resources/views/mails/<name>.blade.php``) to HTML and puts it in Mailjet's
  ``HTMLPart`` (no text part), ``subject()`` a ``__()`` string from
  ``lang/<locale>/notification_mail.php``; From is the merchant's mailjet
  ``configs.public_key`` with the name ``<merchant name> no reply`` (set here to an
  address on an example domain). The locale is the request's ``Accept-Language``
  (``app/Http/Middleware/VerifyHeaders.php``), fallback ``en`` (``config/app.php``).
  Codes: ``AccountController::generateCode`` is ``random_int(100000, 999999)``
  (six digits); ``ActivationCodeMail`` (view ``welcome-code``) and
  ``PasswordChangeCodeMail`` (view ``request-change-password``) carry it. Notices:
  ``AccountCreatedMail`` (``welcome``), ``AccountLockedMail`` (``lock-account``, whose
  subject is the welcome subject, as in the code), ``PasswordChangedMail``
  (``password-changed``), ``UserInfoChangedMail`` (``changed-data``; the Spanish catalogue
  lacks the ``data_changed_*`` keys, so Laravel falls back to English, done here too).
  Rendering here: the views use only ``{{ expr }}`` echoes (and CSS ``@media``, which
  Blade leaves alone); each echo is evaluated in Python for the few expression shapes
  the views use (``$var``, ``$merchant['k']``, ``__('file.key', ['merchant' => ...])``
  with Laravel's ``:merchant`` / ``:Merchant`` / ``:MERCHANT`` replacement, a key that
  no catalogue has (``general.*``) printed as the key, as ``__`` does, ``date('Y')``,
  and ``.`` concatenation) and escaped with ``e()`` = ``htmlspecialchars(ENT_QUOTES)``;
  Blade keeps the newline after an echo, so the text around is unchanged. The merchant
  array (from the supplier API) is filled with example values. 12 mails, 4 with a code.
- IRS-Public/direct-file (CC0-1.0: LICENSE waives rights worldwide by CC0 1.0), commit
  IRS_COMMIT: the IRS Direct File e-mail service
  (``direct-file/email-service``). ``services/TemplateService.java`` loads
  ``templates/<lang>/<name>.json`` (the subject, and ``dynamic``) and ``<name>.html``;
  ``services/SendService.java`` (``populateMessage``) runs Thymeleaf only on dynamic
  templates, then ``MimeMessageHelper(message, true)`` (multipart/mixed holding a
  multipart/related) with ``setText(body, true)`` (one text/html part) and
  ``addInline("Logo", templates/irs-logo-black.png)``; From ``email-service.sender.from``
  (set here to an example address). Rendering here: the static templates are sent as they
  are; the one dynamic template (``non_completion_survey``) has only
  ``th:href="${surveyUrl}"``, which Thymeleaf turns into ``href="<url>"`` (done here by
  string replacement; the survey URL is an example). The MIME tree is built with
  Python's email package (mixed > related > html + png with Content-ID ``<Logo>``),
  fixed boundaries. Ten templates in English and Spanish (the Spanish
  ``reminder_submit`` subject is English, as in the repository). All notices.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 9, 14, 22, tzinfo=UTC)
OUT = HERE / "round27" / "banking.json"

DOUGLAS = "douglashb/laravel-api-services"
DOUGLAS_COMMIT = "f138007c91e0eafd946d62cb07a6eb13994822df"
DOUGLAS_MERCHANT = {
    "name": "Remesas Cóndor",
    "primary_color": "#0b5d8f",
    "secondary_color": "#f2a900",
    "url_logo": "https://cdn.remesascondor.example.com/mail/logo.png",
    "mail_logo_width": "150",
    "contact_email": "soporte@remesascondor.example.com",
    "contact_phone": "+1 (305) 555-0142",
    "url_terms_and_conditions": "https://remesascondor.example.com/privacidad",
    "notification_mode": "email",
}
DOUGLAS_FROM = "Remesas Cóndor no reply <no-reply@remesascondor.example.com>"
DOUGLAS_CLIENT = "Noor Tester"
DOUGLAS_CODES = {"welcome-code": "482715", "request-change-password": "930264"}
IRS = "IRS-Public/direct-file"
IRS_COMMIT = "e0d5c84451cc52b72d20d04652e306bf4af1a43c"
IRS_FROM = "directfile-noreply@irs.example.gov"
IRS_TEMPLATES = "direct-file/email-service/src/main/resources/templates/"
IRS_SURVEY = "https://survey.irs.example.gov/s/df-2024?ref=email"


def git_show_bytes(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    return git_show_bytes(mirrors, repo, commit, path).decode("utf-8")


def item_meta(**kw: object) -> dict:
    return dict(kw)


# --- douglashb/laravel-api-services ------------------------------------------------------


def php_catalogue(source: str) -> dict[str, str]:
    """``'key' => 'value',`` pairs of a Laravel lang file (single-quoted strings)."""
    out = {}
    for m in re.finditer(r"'(\w+)'\s*=>\s*'((?:[^'\\]|\\.)*)'", source):
        out[m.group(1)] = re.sub(r"\\([\\'])", r"\1", m.group(2))
    return out


def php_e(value: str) -> str:
    """Blade's ``e()``: ``htmlspecialchars($value, ENT_QUOTES, 'UTF-8', true)``."""
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


class Blade:
    def __init__(self, catalogues: dict[str, dict[str, str]], variables: dict) -> None:
        self.catalogues = catalogues  # "en" / locale -> file.key -> text
        self.variables = variables

    def trans(self, key: str, replace: dict[str, str]) -> str:
        for locale in ("locale", "en"):
            if key in self.catalogues[locale]:
                line = self.catalogues[locale][key]
                break
        else:
            return key  # __() returns the key when no catalogue has it
        for name, value in replace.items():
            line = line.replace(":" + name[0].upper() + name[1:], value[0].upper() + value[1:])
            line = line.replace(":" + name.upper(), value.upper())
            line = line.replace(":" + name, value)
        return line

    def term(self, expr: str) -> str:
        expr = expr.strip()
        m = re.fullmatch(r"\$merchant\['(\w+)'\]", expr)
        if m:
            return self.variables["merchant"][m.group(1)]
        m = re.fullmatch(r"\$(\w+)", expr)
        if m:
            return self.variables[m.group(1)]
        m = re.fullmatch(r"'([^']*)'", expr)
        if m:
            return m.group(1)
        if expr == "date('Y')":
            return str(SENT.year)
        m = re.fullmatch(r"__\('([\w.]+)'(?:, \['(\w+)' => (.+)\])?\)", expr)
        if m:
            replace = {m.group(2): self.term(m.group(3))} if m.group(2) else {}
            return self.trans(m.group(1), replace)
        raise ValueError(expr)

    def expr(self, expr: str) -> str:
        parts = re.split(r"\s*\.\s*(?=['$_])", expr.strip())
        return "".join(self.term(p) for p in parts)

    def render(self, template: str) -> str:
        assert "{!!" not in template and "@yield" not in template and "@if" not in template
        return re.sub(r"\{\{\s*(.+?)\s*\}\}", lambda m: php_e(self.expr(m.group(1))), template)


DOUGLAS_MAILS = [
    # notification class, view, subject key, extra view variables (besides merchant, client)
    ("ActivationCodeMail", "welcome-code", ("welcome_subject", True), "fintech-otp"),
    ("AccountCreatedMail", "welcome", ("welcome_subject", True), "notice"),
    ("PasswordChangeCodeMail", "request-change-password", ("forgot_subject", False), "fintech-otp"),
    ("PasswordChangedMail", "password-changed", ("password_changed_subject", False), "notice"),
    ("UserInfoChangedMail", "changed-data", ("data_changed_subject", False), "notice"),
    ("AccountLockedMail", "lock-account", ("welcome_subject", True), "notice"),
]


def douglas(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda path: git_show(mirrors, DOUGLAS, DOUGLAS_COMMIT, path)  # noqa: E731
    en = {
        f"notification_mail.{k}": v
        for k, v in php_catalogue(show("lang/en/notification_mail.php")).items()
    }
    out = []
    for lang in ("en", "es"):
        cat = show(f"lang/{lang}/notification_mail.php")
        local = {f"notification_mail.{k}": v for k, v in php_catalogue(cat).items()}
        for cls, view, (subject_key, with_merchant), kind in DOUGLAS_MAILS:
            notification = show(f"app/Notifications/{cls}.php")
            assert f"'mails.{view}'" in notification, cls
            assert f"__('notification_mail.{subject_key}'" in notification, cls
            variables: dict = {"merchant": DOUGLAS_MERCHANT, "client": DOUGLAS_CLIENT}
            blade = Blade({"locale": local, "en": en}, variables)
            merchant_arg = ", ['merchant' => $merchant['name']]" if with_merchant else ""
            subject = blade.expr(f"__('notification_mail.{subject_key}'{merchant_arg})")
            if view in ("welcome", "welcome-code"):
                variables["title"] = subject
                variables["message"] = (
                    blade.expr("__('notification_mail.welcome_intro_code')")
                    if view == "welcome-code"
                    else blade.trans(
                        "notification_mail.welcome_intro",
                        {"mode": DOUGLAS_MERCHANT["notification_mode"]},
                    )
                )
            code = DOUGLAS_CODES.get(view)
            if code:
                variables["code"] = code
            html_part = blade.render(show(f"resources/views/mails/{view}.blade.php"))
            raw = message(
                sender=DOUGLAS_FROM, subject=subject, text=None, html_part=html_part, sent=SENT
            )
            meta = item_meta(
                id=f"lapiservices-{view}-{lang}",
                source="lapiservices",
                lang=lang,
                kind=kind,
                code=code,
                repository=DOUGLAS,
                path=f"app/Notifications/{cls}.php, resources/views/mails/{view}.blade.php, "
                f"lang/{lang}/notification_mail.php, app/Libraries/MailMessage.php, "
                "app/Http/Controllers/Profile/AccountController.php",
                commit=DOUGLAS_COMMIT,
                licence="MIT",
                rendered="Blade {{ }} echoes evaluated and e()-escaped in Python; Mailjet "
                "HTMLPart only: one text/html part",
            )
            if code:
                meta["note"] = (
                    "six digits of AccountController::generateCode, random_int(100000, 999999)"
                )
            if view == "changed-data" and lang == "es":
                meta["note"] = "the es catalogue lacks data_changed_*: Laravel's en fallback"
            out.append((meta, raw))
    return out


# --- IRS Direct File ---------------------------------------------------------------------

IRS_NAMES = [
    "submitted",
    "accepted",
    "rejected",
    "pre_submission_error",
    "post_submission_error",
    "error_resolved",
    "reminder_submit",
    "reminder_resubmit",
    "reminder_state",
    "non_completion_survey",
]


def irs_message(subject: str, body: str, logo: bytes) -> bytes:
    msg = EmailMessage()
    msg["Date"] = format_datetime(SENT)
    msg["From"] = IRS_FROM
    msg["To"] = "noor.tester@example.com"
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["Subject"] = subject
    msg["MIME-Version"] = "1.0"
    related = EmailMessage()
    related.set_content(body, subtype="html", charset="utf-8")
    related.make_related()
    related.set_boundary("=_corpus_related_=")
    related.add_related(logo, maintype="image", subtype="png", cid="<Logo>", disposition="inline")
    msg.make_mixed()
    msg.set_boundary("=_corpus_mixed_=")
    del related["MIME-Version"]
    msg.attach(related)
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def irs(mirrors: Path) -> list[tuple[dict, bytes]]:
    show = lambda path: git_show(mirrors, IRS, IRS_COMMIT, path)  # noqa: E731
    send = show(
        "direct-file/email-service/src/main/java/gov/irs/directfile/emailservice/services/"
        "SendService.java"
    )
    assert "new MimeMessageHelper(message, true)" in send
    assert 'helper.addInline("Logo", logo)' in send
    assert "helper.setText(body, true)" in send
    logo = git_show_bytes(mirrors, IRS, IRS_COMMIT, IRS_TEMPLATES + "irs-logo-black.png")
    out = []
    for lang in ("en", "es"):
        for name in IRS_NAMES:
            spec = json.loads(show(f"{IRS_TEMPLATES}{lang}/{name}.json"))
            body = show(f"{IRS_TEMPLATES}{lang}/{name}.html")
            if spec.get("dynamic"):
                assert len(re.findall(r"\sth:", body)) == body.count(' th:href="${surveyUrl}"')
                body = body.replace('th:href="${surveyUrl}"', f'href="{IRS_SURVEY}"')
            else:
                assert not re.search(r"\sth:", body), name
            raw = irs_message(spec["subject"], body, logo)
            meta = item_meta(
                id=f"irs-directfile-{name.replace('_', '-')}-{lang}",
                source="irs-directfile",
                lang=lang,
                kind="notice",
                code=None,
                repository=IRS,
                path=f"{IRS_TEMPLATES}{lang}/{name}.html, {IRS_TEMPLATES}{lang}/{name}.json, "
                "direct-file/email-service/src/main/java/gov/irs/directfile/emailservice/"
                "services/SendService.java",
                commit=IRS_COMMIT,
                licence="CC0-1.0",
                rendered="static HTML (Thymeleaf th:href only in the survey); "
                "MimeMessageHelper multipart mixed > related > text/html + inline png <Logo>",
            )
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (douglas, irs):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            if meta.get("note"):
                item["note"] = meta["note"]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
