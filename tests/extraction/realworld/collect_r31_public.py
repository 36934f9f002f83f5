"""Round 31, public (blind): university and research identity portals that mail codes.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r31_public.py \\
        --mirrors /work/.mirror

Sources (snapshots from the ``fetch`` tool, read with ``git show COMMIT:path``):

- SUNET/eduid-backend (BSD-2-Clause, ``LICENSE``), commit EDUID_SE_COMMIT: the Swedish
  universities' eduID. Files: ``src/eduid/queue/workers/mail.py`` (``MailQueueWorker``:
  one ``send_eduid_*_mail`` per payload, subject from ``env.gettext(...)``, body from
  ``_build_mail``: ``email.message.EmailMessage`` with From, Date (``formatdate()``),
  Message-ID (``make_msgid(domain=...)``), To, Subject, ``set_content(txt, "plain",
  "utf-8")`` and ``add_alternative(html, "html", "utf-8")``, sent as ``msg.as_string()``),
  ``src/eduid/queue/helpers.py`` (``Jinja2Env``: a Jinja2 ``Environment`` with
  ``jinja2.ext.i18n``, autoescape when ``html`` is in the template's name, Babel
  ``Translations.load`` of ``en`` and ``sv``, new-style gettext),
  ``src/eduid/queue/templates/*.jinja2``, ``src/eduid/queue/translations/{en,sv}/
  LC_MESSAGES/messages.po`` (compiled as the ``Makefile`` does: ``pybabel compile
  --use-fuzzy``), ``src/eduid/queue/db/message/payload.py`` (the payload fields),
  ``src/eduid/queue/config.py`` (``mail_default_from = "no-reply@eduid.se"``,
  ``mail_default_domain = "eduid.se"``), ``src/eduid/common/config/base.py``
  (``eduid_site_name = "eduID"``). Codes: signup ``make_short_code(digits=6)``
  (``webapp/signup/views.py``, ``email_verification_code_length = 6``), password reset
  ``make_short_code(digits=email_code_length)`` (6, ``webapp/reset_password``), e-mail
  address verification ``get_short_hash()`` = ``uuid4().hex[:10]``
  (``webapp/email/verifications.py``, ``common/utils.py``); the reset mail's
  ``password_reset_timeout`` is ``email_code_timeout // 1 hour`` = 2.
  Rendered here with the sender's own Jinja2 3.1.6 and Babel 2.18.0 (its requirements
  pins) and the stdlib ``EmailMessage`` exactly as ``_build_mail`` does; only Date and
  Message-ID are fixed. Every mail the worker sends, in English and Swedish, except
  that the group invitation, its cancellation and the redo-verification mail are
  collected in English only (their Swedish rendering falls back to the same English text:
  ``sv/messages.po`` has no entry for their current msgids).

- OpenConext/OpenConext-myconext (Apache-2.0, ``LICENSE``), commit MYCONEXT_COMMIT: SURF's
  eduID for Dutch education and research. Files:
  ``myconext-server/src/main/java/myconext/mail/MailBox.java`` (one ``send*`` per mail:
  subject from ``mail_templates/subjects.json``, variables ``title`` and ``name`` (given
  and family name with ``[^\\p{L} '-]`` removed) plus the mail's own, templates
  ``<name>_<lang>.html`` and ``.txt`` compiled by mustache.java's
  ``DefaultMustacheFactory``; Spring ``MimeMessageHelper(mimeMessage, true)`` and
  ``setText(text, html)``; From ``email.from_code`` unless a mail names another),
  ``myconext-server/src/main/resources/mail_templates/*`` (en and nl),
  ``myconext-server/src/main/resources/application.yml`` (``email.from_code:
  noreply@surfconext.nl``, ``from_app_nudge: noreply+appnudge@surfconext.nl``),
  ``myconext/security/VerificationCodeGenerator.java`` (``generateOneTimeLoginCode``:
  six digits; ``generateControlCode``: five digits; ``generate``: three of
  ``346789ABCDEFGHJKMNPQRTUVWXY``, ``-``, three more), ``myconext/crypto/
  HashGenerator.java`` (``hash()``: 64 random bytes, URL-safe base64 without padding),
  ``myconext/model/ControlCode.java``.
  Rendered here: the templates are plain Mustache (variables, dotted names, partials; the
  mails with sections, ``new_device``, ``inactivity_*``, are left out), so a small
  renderer in this file resolves ``{{x}}``/``{{a.b}}`` (a missing name renders empty, as
  in mustache.java: the templates that write ``{{mySURFconextURL}}`` get nothing, the
  variable is ``mySurfConextURL``), escapes with mustache.java's ``HtmlEscaper`` (``&
  < > " ' ` =``; every template, the ``.txt`` ones too) and inlines ``{{> partial}}`` in
  place. The MIME is the tree Spring's ``MimeMessageHelper`` in MULTIPART_MODE_MIXED_RELATED
  builds (multipart/mixed > multipart/related > multipart/alternative > text/plain,
  text/html), built with the stdlib: charset ``UTF-8`` (Spring Boot's ``spring.mail.default-encoding``),
  7bit when a part is all ASCII, else quoted-printable, as JavaMail chooses; Date, Message-ID and boundaries fixed.
  The verification code mail (``sendVerificationCode``) shows ``generate()``'s ``XXX-XXX``
  shape; the label drops the hyphen added for reading.

Labels: the code the mail asks to be typed (login code, e-mail and password codes, the
service-desk control code, eduID SE's signup/reset/verification codes), else null.
Libraries: ``pip install --target /tmp/r31public-pydeps jinja2==3.1.6 markupsafe==3.0.2
babel==2.18.0``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from email.charset import QP, Charset
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import formatdate
from pathlib import Path

sys.path.insert(0, "/tmp/r31public-pydeps")  # see the docstring: pip install --target

import jinja2
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

HERE = Path(__file__).resolve().parent
OUT = HERE / "round31" / "public.json"

EDUID_SE = "SUNET/eduid-backend"
EDUID_SE_COMMIT = "3eff0429041aeacc758851baf5b39daa337115a2"
MYCONEXT = "OpenConext/OpenConext-myconext"
MYCONEXT_COMMIT = "fe570c3b1061b47c6339484babf3fd4d3aa60dcd"

DATE = 1767258000.0  # 2026-01-01 09:00:00 UTC


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def item(**kw: object) -> dict:
    return kw


# --------------------------------------------------------------------------- eduID SE


@dataclass
class EmailPayload:
    email: str
    reference: str
    language: str


@dataclass
class EduidInviteEmail(EmailPayload):
    invite_link: str
    invite_code: str
    inviter_name: str
    version: int = 1


@dataclass
class EduidSignupEmail(EmailPayload):
    verification_code: str
    site_name: str
    version: int = 1


@dataclass
class EduidResetPasswordEmail(EmailPayload):
    verification_code: str
    site_name: str
    password_reset_timeout: int
    version: int = 1


@dataclass
class EduidVerificationEmail(EmailPayload):
    verification_code: str
    site_name: str
    version: int = 1


@dataclass
class EduidTerminationEmail(EmailPayload):
    site_name: str
    version: int = 1


@dataclass
class EduidGroupInviteEmail(EmailPayload):
    group_display_name: str
    group_invite_url: str
    site_name: str
    site_url: str
    version: int = 1


@dataclass
class EduidGroupInviteCancelEmail(EmailPayload):
    group_display_name: str
    version: int = 1


@dataclass
class EduidRedoVerificationEmail(EmailPayload):
    site_name: str
    site_url: str
    version: int = 1


# sv.po has no entry for these templates' current msgids: the Swedish mail is the English one
ENGLISH_ONLY = {"group-invite", "group-invite-cancel", "redo-verification"}


def eduid_se(mirrors: Path) -> list[tuple[dict, bytes]]:
    base = "src/eduid/queue/"

    def load(name: str) -> str:
        return git_show(mirrors, EDUID_SE, EDUID_SE_COMMIT, base + "templates/" + name)

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load),
        extensions=["jinja2.ext.i18n"],
        autoescape=lambda name: name is not None and "html" in name.lower(),
    )
    translations = {}
    for lang in ("en", "sv"):
        po = git_show(
            mirrors, EDUID_SE, EDUID_SE_COMMIT, f"{base}translations/{lang}/LC_MESSAGES/messages.po"
        )
        catalog = read_po(io.StringIO(po), locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=True)  # Makefile: pybabel compile --use-fuzzy
        buf.seek(0)
        translations[lang] = Translations(buf)

    mails = [
        (
            "signup",
            "gov-otp",
            "eduID registration",
            "eduid_signup_email.txt.jinja2",
            "eduid_signup_email.html.jinja2",
            lambda lang: EduidSignupEmail(
                email="karin.lindqvist@example.se",
                reference="6a1f0c2e-3b7d-4e59-9a84-1c2d3e4f5a6b",
                language=lang,
                verification_code="418207",
                site_name="eduID",
            ),
            "418207",
        ),
        (
            "reset-password",
            "gov-otp",
            "eduID reset password",
            "reset_password_email.txt.jinja2",
            "reset_password_email.html.jinja2",
            lambda lang: EduidResetPasswordEmail(
                email="karin.lindqvist@example.se",
                reference="0c9b8a7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d",
                language=lang,
                verification_code="095316",
                site_name="eduID",
                password_reset_timeout=2,
            ),
            "095316",
        ),
        (
            "verification",
            "gov-otp",
            "eduID verification email",
            "verification_email.txt.jinja2",
            "verification_email.html.jinja2",
            lambda lang: EduidVerificationEmail(
                email="k.lindqvist@student.example.se",
                reference="5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
                language=lang,
                verification_code="c3e91a07bd",
                site_name="eduID",
            ),
            "c3e91a07bd",
        ),
        (
            "termination",
            "notice",
            "eduID account termination",
            "termination_email.txt.jinja2",
            "termination_email.html.jinja2",
            lambda lang: EduidTerminationEmail(
                email="karin.lindqvist@example.se",
                reference="9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b",
                language=lang,
                site_name="eduID",
            ),
            None,
        ),
        (
            "group-invite",
            "notice",
            "Group invitation",
            "group_invite_email.txt.jinja2",
            "group_invite_email.html.jinja2",
            lambda lang: EduidGroupInviteEmail(
                email="karin.lindqvist@example.se",
                reference="2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                language=lang,
                group_display_name="Forskargrupp Polarklimat",
                group_invite_url="https://dashboard.eduid.se/groups/",
                site_name="eduID",
                site_url="https://eduid.se",
            ),
            None,
        ),
        (
            "group-invite-cancel",
            "notice",
            "Group invitation cancelled",
            "group_invite_cancel_email.txt.jinja2",
            "group_invite_cancel_email.html.jinja2",
            lambda lang: EduidGroupInviteCancelEmail(
                email="karin.lindqvist@example.se",
                reference="7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918",
                language=lang,
                group_display_name="Forskargrupp Polarklimat",
            ),
            None,
        ),
        (
            "redo-verification",
            "notice",
            None,  # "%(site_name)s account verification"
            "redo_verification_email.txt.jinja2",
            "redo_verification_email.html.jinja2",
            lambda lang: EduidRedoVerificationEmail(
                email="karin.lindqvist@example.se",
                reference="3a2b1c0d-9e8f-4a7b-6c5d-4e3f2a1b0c9d",
                language=lang,
                site_name="eduID",
                site_url="https://eduid.se",
            ),
            None,
        ),
        (
            "invite",
            "notice",
            "eduID invitation",
            "eduid_invite_mail_txt.jinja2",
            "eduid_invite_mail_html.jinja2",
            lambda lang: EduidInviteEmail(
                email="erik.nyberg@example.se",
                reference="8c7b6a59-4837-4261-a5f4-e3d2c1b0a998",
                language=lang,
                invite_link="https://signup.eduid.se/invite/3f2a9c1e-7b4d-4e8a-9c6f-2d1b0a8e7c5f",
                invite_code="3f2a9c1e-7b4d-4e8a-9c6f-2d1b0a8e7c5f",
                inviter_name="Uppsala universitet",
            ),
            None,
        ),
    ]
    out = []
    for slug, kind, subject, txt_t, html_t, make, code in mails:
        for lang in ("en",) if slug in ENGLISH_ONLY else ("en", "sv"):
            tr = translations[lang]
            env.install_gettext_translations(tr, newstyle=True)
            data = make(lang)
            if subject is None:
                subj = tr.gettext("%(site_name)s account verification") % {
                    "site_name": data.site_name
                }
            else:
                subj = tr.gettext(subject)
            msg = EmailMessage()
            msg["From"] = "no-reply@eduid.se"
            msg["Date"] = formatdate(DATE)
            msg["Message-ID"] = f"<r31public.eduidse.{slug}.{lang}@eduid.se>"
            msg["To"] = data.email
            msg["Subject"] = subj
            txt = env.get_template(txt_t).render(**asdict(data))
            html = env.get_template(html_t).render(**asdict(data))
            msg.set_content(txt, "plain", "utf-8")
            msg.add_alternative(html, "html", "utf-8")
            msg.set_boundary(f"===============r31public{slug.replace('-', '')}{lang}==")
            raw = msg.as_string().encode("utf-8")
            it = item(
                id=f"eduidse-{slug}-{lang}",
                group=f"eduidse-{slug}",
                source="eduid-se",
                lang=lang,
                kind=kind,
                code=code,
                repository=EDUID_SE,
                path=base + "templates/" + txt_t,
                commit=EDUID_SE_COMMIT,
                licence="BSD-2-Clause",
                rendered="Jinja2 3.1.6 + Babel 2.18.0 (en/sv .po, use_fuzzy) + stdlib EmailMessage",
            )
            if slug == "verification":
                it["note"] = (
                    "code is get_short_hash() = uuid4().hex[:10] (webapp/email/verifications.py), "
                    "the code the mail asks to enter on the verification page"
                )
            out.append((it, raw))
    return out


# ------------------------------------------------------------------ OpenConext myconext

ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
ESCAPES.update({"`": "&#96;", "=": "&#61;"})
TAG = re.compile(r"\{\{(\{?)\s*([>]?)\s*([^}]+?)\s*\}?\}\}")


def mustache(load, name: str, ctx: dict) -> str:
    def resolve(key: str) -> str:
        value: object = ctx
        for part in key.split("."):
            if isinstance(value, dict):
                if part in value:
                    value = value[part]
                else:  # mustache.java: getX() answers "X" and "x" alike
                    low = part[:1].lower() + part[1:]
                    value = value.get(low, "")
            else:
                return ""
        return "" if value is None else str(value)

    def sub(m: re.Match) -> str:
        triple, partial, key = m.group(1), m.group(2), m.group(3)
        if partial:
            return mustache(load, key, ctx)
        value = resolve(key)
        if triple:
            return value
        return "".join(ESCAPES.get(c, c) for c in value)

    return TAG.sub(sub, load(name))


def java_part(text: str, subtype: str) -> MIMEText:
    cs = Charset("utf-8")  # Spring Boot: spring.mail.default-encoding = UTF-8
    cs.output_charset = "utf-8"
    try:
        text.encode("ascii")
        cs.body_encoding = None  # JavaMail: all ASCII, 7bit
    except UnicodeEncodeError:
        cs.body_encoding = QP  # JavaMail: mostly ASCII, quoted-printable
    part = MIMEText(text, subtype, cs)
    part.set_param("charset", "UTF-8")
    cte = part["Content-Transfer-Encoding"]
    del part["Content-Transfer-Encoding"]
    part["Content-Transfer-Encoding"] = cte
    return part


def myconext(mirrors: Path) -> list[tuple[dict, bytes]]:
    tdir = "myconext-server/src/main/resources/mail_templates/"

    def load(name: str) -> str:
        return git_show(mirrors, MYCONEXT, MYCONEXT_COMMIT, tdir + name)

    subjects = json.loads(load("subjects.json"))
    my_url = "https://mijn.eduid.nl"
    login_url = "https://login.eduid.nl"

    def h(seed: str) -> str:
        digest = hashlib.sha512(seed.encode()).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    control = dict(
        firstName="Sanne Marije",
        lastName="de Vries",
        dayOfBirth="14-03-1998",
        code="48150",
    )
    mails = [
        # (template, kind, code, extra variables, from, note)
        ("one_time_login_code", "gov-otp", "730594", {"code": "730594"}, None),
        ("one_time_login_code_new_user", "gov-otp", "215860", {"code": "215860"}, None),
        ("add_password_code", "gov-otp", "903417", {"code": "903417"}, None),
        ("reset_password_code", "gov-otp", "561028", {"code": "561028"}, None),
        ("change_email_code", "gov-otp", "384972", {"code": "384972"}, None),
        (
            "verification_code",
            "gov-otp",
            "K7PQ3X",
            {"mySurfConextURL": my_url, "verificationCode": "K7P-Q3X"},
            None,
        ),
        (
            "service_desk_control_code",
            "gov-otp",
            "48150",
            {"mySurfConextURL": my_url, "controlCode": control},
            None,
        ),
        ("account_confirmation", "notice", None, {"mySurfConextURL": my_url}, None),
        (
            "account_verification",
            "notice",
            None,
            {
                "hash": h("account_verification"),
                "magicLinkUrl": f"{login_url}/saml/guest-idp/magic",
            },
            None,
        ),
        (
            "reset_password",
            "notice",
            None,
            {"mySurfConextURL": my_url, "mobileContext": "", "hash": h("reset_password")},
            None,
        ),
        (
            "add_password",
            "notice",
            None,
            {"mySurfConextURL": my_url, "mobileContext": "", "hash": h("add_password")},
            None,
        ),
        (
            "update_email",
            "notice",
            None,
            {"mySurfConextURL": my_url, "mobileContext": "", "hash": h("update_email")},
            None,
        ),
        (
            "confirmation_update_email",
            "notice",
            None,
            {
                "oldEmail": "s.devries@student.example.nl",
                "newEmail": "sanne.devries@example.nl",
                "mySurfConextURL": my_url,
                "mobileContext": "",
            },
            None,
        ),
        (
            "account_validated",
            "notice",
            None,
            {
                "mySurfConextURL": my_url,
                "dateOfBirth": "14-03-1998",
                "source": "Universiteit Utrecht",
                "firstName": "Sanne Marije",
            },
            None,
        ),
        (
            "institution_mail_warning",
            "notice",
            None,
            {"mySurfConextURL": my_url},
            "noreply+appnudge@surfconext.nl",
        ),
        (
            "nudge_eduid_app",
            "notice",
            None,
            {"mySurfConextURL": my_url},
            "noreply+appnudge@surfconext.nl",
        ),
    ]
    out = []
    for n, (tpl, kind, code, extra, sender) in enumerate(mails):
        for lang in ("en", "nl"):
            title = subjects[tpl][lang]
            ctx = {"title": title, "name": "Sanne de Vries"}
            ctx.update(extra)
            html = mustache(load, f"{tpl}_{lang}.html", ctx)
            text = mustache(load, f"{tpl}_{lang}.txt", ctx)
            to = "sanne.devries@example.nl"
            if tpl == "change_email_code":
                to = "sanne.devries@uu.example.nl"
            alt = MIMEMultipart("alternative", boundary=f"----=_Part_{n}_{lang}_alt.1767258000")
            alt.attach(java_part(text, "plain"))
            alt.attach(java_part(html, "html"))
            related = MIMEMultipart("related", boundary=f"----=_Part_{n}_{lang}_rel.1767258000")
            related.attach(alt)
            root = MIMEMultipart("mixed", boundary=f"----=_Part_{n}_{lang}_mix.1767258000")
            root.attach(related)
            del root["MIME-Version"]
            root["Date"] = formatdate(DATE, localtime=False, usegmt=False)
            root["From"] = sender or "noreply@surfconext.nl"
            root["To"] = to
            root["Message-ID"] = f"<r31public.myconext.{n}.{lang}@mijn.eduid.nl>"
            root["Subject"] = title
            root["MIME-Version"] = "1.0"
            ctype = root["Content-Type"]
            del root["Content-Type"]
            root["Content-Type"] = ctype
            for part in (related, alt):
                del part["MIME-Version"]
            for part in alt.get_payload():
                del part["MIME-Version"]
            raw = root.as_bytes()
            it = item(
                id=f"myconext-{tpl.replace('_', '-')}-{lang}",
                group=f"myconext-{tpl.replace('_', '-')}",
                source="myconext",
                lang=lang,
                kind=kind,
                code=code,
                repository=MYCONEXT,
                path=f"{tdir}{tpl}_{lang}.txt",
                commit=MYCONEXT_COMMIT,
                licence="Apache-2.0",
                rendered="Mustache (mustache.java escaping) + MimeMessageHelper tree via stdlib",
            )
            if tpl == "verification_code":
                it["note"] = (
                    "the mail shows K7P-Q3X, VerificationCodeGenerator.generate()'s three "
                    "characters, a hyphen, three more; labelled without the reading hyphen"
                )
            if tpl == "service_desk_control_code":
                it["note"] = (
                    "generateControlCode(): five digits the reader shows at an eduID "
                    "Service Desk with their ID; the mail asks them to bring it"
                )
            out.append((it, raw))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = []
    for it, raw in eduid_se(args.mirrors) + myconext(args.mirrors):
        rel = f"mail/{it['source']}/{it['id']}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        keys = ["id", "group", "source", "lang", "kind", "code", "repository", "path"]
        keys += ["commit", "licence", "rendered"]
        out = {k: it[k] for k in keys}
        out["file"] = rel
        out["sha256"] = hashlib.sha256(raw).hexdigest()
        if "note" in it:
            out["note"] = it["note"]
        items.append(out)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
