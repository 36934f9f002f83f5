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
  ``lib/invitations/emailTemplates/`` (register and collaborate invitations, access
  removed, owner added; ``${a || b}`` of the form titles taken as ``a``), read from the snapshot
  and filled by ``_js_literal`` (``${name}`` only). GC Notify turns the Markdown body into
  its plain-text part: done here by ``_notify_plain`` (``**bold**`` loses its marks, a link
  becomes ``text: url``, or the bare URL when the text is the URL, a ``---``/``****`` rule
  a line of ``=``), an approximation of notification-utils' plain-text renderer; GC Notify's HTML part (its FIP-branded layout) is
  not reproduced, so each mail is text/plain only. The From address is GC Notify's
  service address for the form service, invented. The security code is
  ``generateTokenCode(5)`` (``lib/auth/tokenGenerator.ts``): five characters over the
  easy-to-read alphabet ``2346789bdfghjmnpqrtBDFGHJLMNPQRT``, so codes mix case.
- opengovsg/FormSG (MIT, with GovTech's exclusion of logos and Singapore law; LICENSE.md),
  Form.gov.sg, the Singapore Government's form builder from Open Government Products. The
  login one-time password is ``otp-email.server.view.html`` (EJS, via ``generateLoginOtpHtml``)
  and the submission one-time password is ``generateVerificationOtpHtml``'s ``dedent``
  template literal (``src/app/services/mail/mail.utils.ts``); the notices are the EJS views
  ``bounce-notification-permanent``, ``issue-reported-notification``,
  ``payment-confirmation``, ``sms-verification-disabled-collab`` and
  ``sms-verification-warning-collab``. The EJS here uses only ``<%= expr %>`` (escaped as EJS
  does), filled by ``_ejs``. Subjects and sender (``${appName} <${senderMail}>``, ``FormSG`` and
  ``donotreply@mail.form.gov.sg``, the config defaults) from
  ``src/app/services/mail/mail.service.ts``; every mail is a single text/html part
  (nodemailer with ``html`` only). The OTP is ``generateOtp`` (six digits) shown after
  ``generateOtpPrefix``'s three capitals and a hyphen (``ABC-<strong>123456</strong>``): the
  login screen shows the prefix and the person types the six digits.
- opengovsg/GoGovSG (MIT, with GovTech's exclusion of logos; LICENSE.md), go.gov.sg, the
  Singapore Government's official link shortener. ``MailerNode.mailOTP``,
  ``mailJobSuccess`` and ``mailJobFailure`` (``src/server/services/email.ts``) build HTML
  strings sent by nodemailer as ``html`` from ``${senderDomain} <donotreply@mail.${senderDomain}>``
  with ``domainVariant`` ``go.gov.sg``; the template literals are read from the snapshot and
  filled by ``_js_literal``. The OTP is ``generateOTP`` (``src/server/util/otp.ts``, six
  digits); ``OTP_EXPIRY`` defaults to five minutes.
- opengovsg/postmangovsg (MIT, with GovTech's exclusion of logos; docs/LICENSE.md),
  Postman.gov.sg, the Singapore Government's mass-messaging service. The login OTP mail
  (``sendOtp`` in ``backend/src/core/services/auth.service.ts``) and the From-address
  validation notice (``sendValidationMessage`` in
  ``backend/src/email/services/custom-domain.service.ts``): HTML template literals sent as
  nodemailer ``html`` (``shared/src/clients/mail-client.class``), filled by ``_js_literal``.
  ``APP_NAME`` is ``Postman.gov.sg`` and ``otp.expiry`` 600 s (config defaults); ``mailFrom``
  has no default, so the sender ``Postman.gov.sg <donotreply@mail.postman.gov.sg>`` (the
  address go.gov.sg's Postman fallback uses) is taken. The OTP is
  ``customAlphabet('234567ABCDEFGHIJKLMNOPQRSTUVWXYZ', 6)``, also in the subject.
- City-of-Helsinki/tilavarauspalvelu-core (MIT), Varaamo, the City of Helsinki's booking
  service for its premises (libraries, youth centres, sports halls), with keyless entry: a
  booking of a space with a door keypad carries the door code (Pindora) the customer types at
  the door. ``EmailService`` renders ``backend/templates/email/text/<type>.jinja`` (Jinja,
  django_jinja defaults: autoescape on, no trim_blocks, ``render_text`` strips the result) and
  an MJML HTML part; the subject is the context's ``title`` and the sender
  ``DEFAULT_FROM_EMAIL``. The contexts are those the project's own email tests assert for
  each language (``LANGUAGE_CONTEXT`` of
  ``backend/tests/test_integrations/test_email/test_email_types/test_<type>.py`` built from
  ``helpers.py``, i.e. the strings its ``fi``/``sv`` catalogues give), read with ``ast`` and
  their module-level literal assignments evaluated; their placeholders (``[VARAUSYKSIKÖN
  NIMI]``…) are replaced by invented values and ``fake.varaamo.hel.fi`` by
  ``varaamo.hel.fi``. The ``sentence`` and ``currency`` filters are copied from
  ``tilavarauspalvelu/templatetags/tilavarauspalvelu.py``. The MJML HTML part (python-mjml)
  is not reproduced: each mail is the text/plain part alone. ``DEFAULT_FROM_EMAIL``'s default
  is ``tilavarauspalvelu@localhost``; the production-like ``Varaamo <noreply@varaamo.hel.fi>``
  is invented. The door code shape (six digits) is the tests' ``123456``.
- opengovsg/plumber (AGPL-3.0, with GovTech's exclusion of logos; LICENSE.md and
  LICENSE.agpl), Plumber, the Singapore public service's no-code workflow tool. The login OTP
  (``packages/backend/src/graphql/mutations/request-otp.ts``) and the pipe-error alert
  (``createBodyErrorMessage`` in ``packages/backend/src/helpers/generate-error-email.ts``),
  template literals sent through Postman's transactional API as an HTML body from
  ``Plumber <donotreply@plumber.gov.sg>`` (``postman.fromAddress``'s default); Postman sends
  the body as the text/html part. The OTP is six of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``.
- opengovsg/isomer (MIT, with GovTech's exclusion of logos and Singapore law; LICENSE),
  Isomer Studio, the CMS behind Singapore government websites. The sign-in OTP
  (``apps/studio/src/server/modules/auth/email/email.router.ts``) and the notices
  ``loginAlertTemplate`` and ``accountDeactivationWarningTemplate``
  (``apps/studio/src/features/mail/templates/templates.ts``): template literals sent through
  Postman's transactional API (``apps/studio/src/lib/mail.ts``) with no ``from``, so from
  Postman's default sender; the body is the text/html part. ``constructStudioRedirect()`` is
  the link it builds for ``NEXT_PUBLIC_APP_URL`` ``https://studio.isomer.gov.sg``; the site
  list is joined as the code does. The OTP is six of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``
  after a three-capital prefix (``ABC-<b>7K2QXM</b>``); ``OTP_EXPIRY`` defaults to 600 s.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import json
import re
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import jinja2

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
    titles = {
        "formTitleEn": "Application for a firearms licence renewal",
        "formTitleFr": "Demande de renouvellement de permis d'armes à feu",
    }

    def or_titles(src: str) -> str:
        return src.replace("${formTitleEn || formTitleFr}", "${formTitleEn}").replace(
            "${formTitleFr || formTitleEn}", "${formTitleFr}"
        )

    path = "lib/invitations/emailTemplates/inviteToCollaborateEmailTemplate.ts"
    body = _js_literal(
        or_titles(show(path)),
        "): string =>",
        {
            "senderName": "Amélie Tremblay",
            "message": "Please review the French version before we publish.",
            "formUrlEn": f"{GCF_HOST}/en/forms",
            "formUrlFr": f"{GCF_HOST}/fr/forms",
            **titles,
        },
    )
    mails.append(
        (
            "gcforms-invite-collaborate-en-fr",
            "gcforms-invite-collaborate",
            "Invitation to access form | Invitation pour accéder au formulaire",
            "notice",
            None,
            path,
            body,
            None,
        )
    )
    for name, group, subject, values in (
        (
            "youHaveBeenRemovedEmailTemplate",
            "gcforms-access-removed",
            "Form access removed | Accès au formulaire supprimé",
            titles,
        ),
        (
            "ownerAddedEmailTemplate",
            "gcforms-owner-added",
            "Ownership change notification | Notification de changement de propriété",
            {**titles, "formOwner": "Marc-André Gagnon"},
        ),
    ):
        path = f"lib/invitations/emailTemplates/{name}.ts"
        body = _js_literal(or_titles(show(path)), "): string =>", values)
        mails.append((f"{group}-en-fr", group, subject, "notice", None, path, body, None))
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


FSG_REPO = "opengovsg/FormSG"
FSG_COMMIT = "d315f88e8be2a7af4656ccdeb152475cd954e6f8"
FSG_FROM = "FormSG <donotreply@mail.form.gov.sg>"
FSG_LICENCE = "MIT"
FSG_RENDERED_EJS = "EJS view filled by a small <%= %> renderer (EJS escaping), text/html only"
TPL = "src/app/views/templates/"


def _ejs(template: str, values: dict) -> str:
    def fill(m: re.Match) -> str:
        value = values
        for part in m.group(1).split("."):
            value = value[part]
        return (
            html.escape(str(value), quote=True)
            .replace("&#x27;", "&#39;")
            .replace("&quot;", "&#34;")
        )

    return re.sub(r"<%=\s*([A-Za-z_.]+)\s*%>", fill, template)


def _dedent_js(body: str) -> str:
    """dedent-js on a template literal: drop the first and last line breaks, strip the
    common indentation."""
    return textwrap.dedent(body).strip("\n")


def formsg(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return _git_show(mirrors, FSG_REPO, FSG_COMMIT, path)

    mails = []  # (id, group, subject, kind, code, path, html, rendered, note)
    app_url = "https://form.gov.sg"
    otp_tpl = show(TPL + "otp-email.server.view.html")
    for n, (prefix, otp, ip) in enumerate(
        [("KDW", "418275", "203.116.54.12"), ("QJT", "062913", "116.87.201.44")], 1
    ):
        body = _ejs(
            otp_tpl,
            {
                "otpPrefix": prefix,
                "otp": otp,
                "appName": "FormSG",
                "appUrl": app_url,
                "ipAddress": ip,
            },
        )
        mails.append(
            (
                f"formsg-login-otp-en-{n}",
                "formsg-login-otp",
                "One-Time Password (OTP) for FormSG",
                "gov-otp",
                otp,
                TPL + "otp-email.server.view.html",
                body,
                FSG_RENDERED_EJS,
                f"login OTP shown as {prefix}-<strong>{otp}</strong>: the three capitals are "
                "a session prefix the login screen already shows, the person types the six "
                "digits; an IP address follows",
            )
        )
    utils = show("src/app/services/mail/mail.utils.ts")
    for n, (prefix, otp) in enumerate([("MHV", "730461"), ("BZE", "925038")], 1):
        body = _dedent_js(
            _js_literal(
                utils,
                "return dedent`",
                {"appName": "FormSG", "otpPrefix": prefix, "otp": otp, "minutesToExpiry": "10"},
            )
        )
        mails.append(
            (
                f"formsg-submission-otp-en-{n}",
                "formsg-submission-otp",
                "Your OTP for submitting a form on FormSG",
                "gov-otp",
                otp,
                "src/app/services/mail/mail.utils.ts",
                body,
                "generateVerificationOtpHtml's dedent template literal filled (HASH_EXPIRE_"
                "AFTER_SECONDS 600 s = 10 minutes), text/html only",
                f"verified e-mail field of a public form: {prefix}-<b>{otp}</b>; the person "
                "types the six digits (the form shows the prefix)",
            )
        )
    form_id = "66f1b2c3d4e5f60718293a4b"
    notices = [
        (
            "bounce-notification-permanent.server.view.html",
            "formsg-bounce",
            "[Urgent] FormSG Response Delivery Failure / Bounce",
            {
                "formTitle": "HDB Season Parking Appeal 2026",
                "formLink": f"{app_url}/{form_id}",
                "bouncedRecipients": "parking.appeals@hdb.gov.sg",
                "appName": "FormSG",
            },
            None,
        ),
        (
            "issue-reported-notification.view.html",
            "formsg-issue-reported",
            "Respondents are facing issues on HDB Season Parking Appeal 2026",
            {
                "formTitle": "HDB Season Parking Appeal 2026",
                "formResultUrl": f"{app_url}/admin/form/{form_id}/results/feedback",
                "appName": "FormSG",
            },
            None,
        ),
        (
            "payment-confirmation.view.html",
            "formsg-payment-confirmation",
            "Your payment on FormSG was successful",
            {
                "formTitle": "Community Club Badminton Court Booking",
                "submissionId": "67a9c4e1f0b2d35a8c417e20",
                "amountPaid": "12.84",
                "invoiceUrl": f"{app_url}/api/v3/payments/{form_id}/67a9c4e1f0b2d35a8c417e21"
                "/invoice/download",
                "appName": "FormSG",
            },
            "payment receipt: response ID and amount S$12.84, no code",
        ),
        (
            "sms-verification-disabled-collab.server.view.html",
            "formsg-sms-disabled",
            "Free Mobile Number Verification Disabled",
            {
                "form": {"link": f"{app_url}/{form_id}", "title": "NEA Dengue Cluster Feedback"},
                "smsVerificationLimit": "10000",
            },
            None,
        ),
        (
            "sms-verification-warning-collab.view.html",
            "formsg-sms-warning",
            "Mobile Number Verification - Free Tier Limit Alert",
            {
                "form": {"link": f"{app_url}/{form_id}", "title": "NEA Dengue Cluster Feedback"},
                "percentageUsed": "75%",
                "smsVerificationLimit": "10000",
            },
            "about SMS OTP limits; carries no code",
        ),
    ]
    for fname, group, subject, values, note in notices:
        body = _ejs(show(TPL + fname), values)
        mails.append(
            (
                f"{group}-en",
                group,
                subject,
                "notice",
                None,
                TPL + fname,
                body,
                FSG_RENDERED_EJS,
                note,
            )
        )
    out = []
    for item_id, group, subject, kind, code, path, body, rendered, note in mails:
        raw = message(sender=FSG_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": item_id,
            "group": group,
            "source": "formsg",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": FSG_REPO,
            "path": path,
            "commit": FSG_COMMIT,
            "licence": FSG_LICENCE,
            "rendered": rendered,
        }
        if note:
            item["note"] = note
        out.append((item, raw))
    return out


GGS_REPO = "opengovsg/GoGovSG"
GGS_COMMIT = "1e1f53bdbc4f992517fdc90f1bab86183878ca0c"
GGS_FROM = "go.gov.sg <donotreply@mail.go.gov.sg>"
GGS_RENDERED = "MailerNode's HTML template literal filled (${} only), text/html only"


def gogovsg(mirrors: Path) -> list[tuple[dict, bytes]]:
    src = _git_show(mirrors, GGS_REPO, GGS_COMMIT, "src/server/services/email.ts")
    path = "src/server/services/email.ts; src/server/util/otp.ts"
    mails = []
    for n, (otp, ip) in enumerate([("580374", "202.156.9.31"), ("004129", "118.189.77.205")], 1):
        body = src[src.index("const emailHTML = `") :]
        body = body.replace("${Math.floor(\n      otpExpiry / 60,\n    )}", "${minutes}", 1)
        body = _js_literal(
            body,
            "const emailHTML",
            {"otp": otp, "minutes": "5", "ogUrl": "https://go.gov.sg", "ip": ip},
        )
        mails.append(
            (
                f"gogovsg-login-otp-en-{n}",
                "gogovsg-login-otp",
                "One-Time Password (OTP) for go.gov.sg",
                "gov-otp",
                otp,
                body,
                "six-digit login OTP in <b>, followed by the requesting IP address",
            )
        )
    links = ["https://go.gov.sg/api/qrcode/bulk/3f7a9c21-0b6e-4d58-a1c2-7e9f04b3d812"]
    success = src[src.index("const body = `Your links") :]
    success = re.sub(
        r"\$\{downloadLinks\.map\([^`]*`<a href=\"\$\{downloadLink\}/\$\{\s*"
        r"BULK_QR_DOWNLOAD_MAPPINGS\[BULK_QR_DOWNLOAD_FORMATS\.(PNG|SVG)\]\s*\}"
        r"([^`]*)`,\s*\)\}",
        lambda m: ",".join(
            f'<a href="{link}/{m.group(1).lower()}.zip{m.group(2)}' for link in links
        ),
        success,
    )
    body = _js_literal(success, "const body", {})
    mails.append(
        (
            "gogovsg-bulk-qr-success-en",
            "gogovsg-bulk-qr-success",
            "[go.gov.sg] QR code generation for your links is successful",
            "notice",
            None,
            body,
            "download links for bulk QR codes; BULK_QR_DOWNLOAD_MAPPINGS file names invented "
            "(png.zip, svg.zip)",
        )
    )
    failure = src[src.index("const body = `Bulk") :]
    body = _js_literal(failure, "const body", {"domainVariant": "go.gov.sg"})
    mails.append(
        (
            "gogovsg-bulk-qr-failure-en",
            "gogovsg-bulk-qr-failure",
            "[go.gov.sg] QR code generation for your links has failed",
            "notice",
            None,
            body,
            None,
        )
    )
    out = []
    for item_id, group, subject, kind, code, body, note in mails:
        raw = message(sender=GGS_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": item_id,
            "group": group,
            "source": "gogovsg",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": GGS_REPO,
            "path": path,
            "commit": GGS_COMMIT,
            "licence": "MIT",
            "rendered": GGS_RENDERED,
        }
        if note:
            item["note"] = note
        out.append((item, raw))
    return out


PMG_REPO = "opengovsg/postmangovsg"
PMG_COMMIT = "dfaf212b818e06880039af438088820722dc03ef"
PMG_FROM = "Postman.gov.sg <donotreply@mail.postman.gov.sg>"
PMG_RENDERED = "the service's HTML template literal filled (${} only), text/html only"


def postman(mirrors: Path) -> list[tuple[dict, bytes]]:
    app = "Postman.gov.sg"
    path = "backend/src/core/services/auth.service.ts"
    src = _git_show(mirrors, PMG_REPO, PMG_COMMIT, path)
    src = re.sub(r"\$\{Math\.floor\(\s*OTP_EXPIRY / 60\s*\)\}", "${minutes}", src)
    mails = []
    for n, (otp, ip) in enumerate(
        [("K7QX4M", "203.127.88.14"), ("2HZR5B", "165.21.42.97"), ("WD3JN6", "119.74.3.180")], 1
    ):
        values = {"appName": app, "otp": otp, "minutes": "10", "ipAddress": ip}
        subject = _js_literal(src, "subject: `One-Time", values)
        body = _js_literal(src, "body: `Your OTP", values)
        mails.append(
            (
                f"postman-login-otp-en-{n}",
                "postman-login-otp",
                subject,
                "gov-otp",
                otp,
                path,
                body,
                "six capitals and digits (2-7, A-Z) in <b> and at the end of the subject",
            )
        )
    path = "backend/src/email/services/custom-domain.service.ts"
    src = _git_show(mirrors, PMG_REPO, PMG_COMMIT, path)
    src = re.sub(r"\$\{escapeHTML\(\s*fromAddress\s*\)\}", "${fromAddress}", src)
    values = {
        "appName": app,
        "fromAddress": "MOH Vaccination Reminders &lt;vaccination@moh.gov.sg&gt;",
    }
    mails.append(
        (
            "postman-from-validated-en",
            "postman-from-validated",
            _js_literal(src, "subject: `Your From", values),
            "notice",
            None,
            path,
            _js_literal(src, "body: `<p>Congrat", values),
            None,
        )
    )
    out = []
    for item_id, group, subject, kind, code, path, body, note in mails:
        raw = message(sender=PMG_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": item_id,
            "group": group,
            "source": "postmangovsg",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": PMG_REPO,
            "path": path,
            "commit": PMG_COMMIT,
            "licence": "MIT",
            "rendered": PMG_RENDERED,
        }
        if note:
            item["note"] = note
        out.append((item, raw))
    return out


TVP_REPO = "City-of-Helsinki/tilavarauspalvelu-core"
TVP_COMMIT = "79f937a4de47187cbc5175f98b69f64b80bf2ac1"
TVP_FROM = "Varaamo <noreply@varaamo.hel.fi>"
TVP_TESTS = "backend/tests/test_integrations/test_email/"
TVP_RENDERED = (
    "the repository's Jinja text template rendered with jinja2 (autoescape, sentence/currency "
    "filters) from the context its email tests assert for the language, placeholders replaced; "
    "text/plain only (the MJML HTML part is not reproduced)"
)
TVP_VALUES = {
    "[SÄHKÖPOSTIN VASTAANOTTAJAN NIMI]": "Aino Virtanen",
    "[VARAUSYKSIKÖN NIMI]": "Studio 2 (bänditila)",
    "[TOIMIPISTEEN NIMI]": "Nuorisotalo Kipinä",
    "[TOIMIPISTEEN OSOITE], [KAUPUNKI]": "Sturenkatu 23, Helsinki",
    "[HAKEMUKSEN OSAN NIMI]": "Bänditreenit kevät 2026",
    "[KAUSIVARAUSKIERROKSEN NIMI]": "Nuorisotilojen kausivaraus 2026",
    "/reservations/1234": "/reservations/48213",
}
TVP_INSTRUCTIONS = {
    "fi": "Studion avain ei ole käytössä. Sammuta vahvistimet ja valot lähtiessäsi.",
    "sv": "Studion har ingen nyckel. Stäng av förstärkarna och ljuset när du går.",
    "en": "The studio has no key. Please switch off the amplifiers and lights when you leave.",
}


def _tvp_sentence(text: str) -> str:
    text = text.strip()
    if text[-1] in {".", "!", "?", ":"}:
        return text
    return f"{text}."


def _tvp_currency(price) -> str:
    price = Decimal(price).quantize(Decimal("0.01"))
    return f"{price:,.2f}".replace(",", " ").replace(".", ",")


def _tvp_anchor(*, link: str, text: str | None = None) -> str:
    """``create_anchor_tag`` of ``template_context/common.py``."""
    if text is None:
        text = link
    return f'<a href="{link}">{text}</a>'


def _literal_assignments(source: str, namespace: dict) -> dict:
    """Evaluate a test module's upper-case module-level assignments of literal data (dicts,
    strings, ``|`` merges, ``Decimal(...)``, ``create_anchor_tag(...)``) in ``namespace``; others are skipped."""
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if not (isinstance(target, ast.Name) and target.id.isupper()):
            continue
        try:
            value = eval(  # literal data of the snapshot, no builtins
                compile(ast.Expression(node.value), "<tests>", "eval"),
                {"__builtins__": {}, "Decimal": Decimal, "create_anchor_tag": _tvp_anchor},
                namespace,
            )
        except Exception:  # not literal data
            continue
        namespace[target.id] = value
    return namespace


def tilavaraus(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return _git_show(mirrors, TVP_REPO, TVP_COMMIT, path)

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: show(f"backend/templates/{name}")),
        autoescape=True,
    )
    env.filters["sentence"] = _tvp_sentence
    env.filters["currency"] = _tvp_currency
    helpers = _literal_assignments(show(TVP_TESTS + "helpers.py"), {})

    def fix(value):
        if isinstance(value, list):
            return [fix(v) for v in value]
        if isinstance(value, dict):
            return {k: fix(v) for k, v in value.items()}
        if isinstance(value, str):
            for old, new in TVP_VALUES.items():
                value = value.replace(old, new)
            value = value.replace("1.1.2024 11:00", "13.4.2026 17:00")
            value = value.replace(".2023", ".2026")
            return value.replace("fake.varaamo.hel.fi", "varaamo.hel.fi")
        return value

    # (test module, template, group, kind, codes by language or None, note)
    kinds = [
        (
            "test_reservation_approved.py",
            "reservation_confirmed",
            "varaamo-confirmed-door-code",
            "other",
            {"fi": "204817", "sv": "593160", "en": "871452"},
            "booking confirmation of a city youth-centre studio with the door code (keypad) the "
            "customer types at the door, next to a booking number and a price",
        ),
        (
            "test_reservation_access_code_changed.py",
            "reservation_access_code_changed",
            "varaamo-door-code-changed",
            "other",
            {"fi": "730294", "sv": "418605", "en": "066381"},
            "the door code of a booking has changed: the new code follows the booking number",
        ),
        (
            "test_reservation_approved.py",
            "reservation_confirmed",
            "varaamo-confirmed",
            "notice",
            None,
            "booking confirmation without keyless entry: booking number and price only",
        ),
        (
            "test_seasonal_booking_access_code_changed.py",
            "seasonal_booking_access_code_changed",
            "varaamo-seasonal-door-code-changed",
            "other",
            {"fi": "512908", "sv": "947231", "en": "385064"},
            "seasonal (weekly) booking: the new door code, then each weekly slot with its "
            "weekday, time and code validity",
        ),
        (
            "test_reservation_created.py",
            "reservation_created",
            "varaamo-created-door-code",
            "other",
            {"fi": "619043", "sv": "280517", "en": "954726"},
            "booking made (confirmed at once): the opening line mentions the door code, which "
            "follows the booking number",
        ),
        (
            "test_seasonal_booking_access_type_changed.py",
            "seasonal_booking_access_type_changed",
            "varaamo-seasonal-access-type-changed",
            "other",
            {"fi": "803152", "sv": "164398", "en": "527019"},
            "seasonal booking moved to keyless entry: the door code, then the weekly slots",
        ),
        (
            "test_seasonal_booking_cancelled_single.py",
            "seasonal_booking_cancelled_single",
            "varaamo-seasonal-cancelled-single",
            "notice",
            None,
            None,
        ),
        (
            "test_seasonal_booking_application_round_handled.py",
            "seasonal_booking_application_round_handled",
            "varaamo-application-handled",
            "notice",
            None,
            None,
        ),
        (
            "test_user_anonymization.py",
            "user_anonymization",
            "varaamo-user-anonymization",
            "notice",
            None,
            None,
        ),
        (
            "test_reservation_requires_payment.py",
            "reservation_requires_payment",
            "varaamo-requires-payment",
            "notice",
            None,
            "payment request: price, booking number and a due date, no code",
        ),
        (
            "test_reservation_rescheduled.py",
            "reservation_rescheduled",
            "varaamo-rescheduled-door-code",
            "other",
            {"fi": "472805", "sv": "639120", "en": "218734"},
            "booking moved to a new time: the door code for the new slot follows the booking "
            "number and price",
        ),
        (
            "test_reservation_requires_handling.py",
            "reservation_requires_handling",
            "varaamo-requires-handling",
            "notice",
            None,
            "booking awaiting staff handling: price range and booking number, no code",
        ),
        (
            "test_reservation_rescheduled.py",
            "reservation_rescheduled",
            "varaamo-rescheduled",
            "notice",
            None,
            None,
        ),
        (
            "test_seasonal_booking_application_received.py",
            "seasonal_booking_application_received",
            "varaamo-application-received",
            "notice",
            None,
            None,
        ),
        (
            "test_reservation_cancelled.py",
            "reservation_cancelled",
            "varaamo-cancelled",
            "notice",
            None,
            None,
        ),
        (
            "test_reservation_denied.py",
            "reservation_denied",
            "varaamo-denied",
            "notice",
            None,
            None,
        ),
    ]
    out = []
    for module, template, group, kind, codes, note in kinds:
        ns = _literal_assignments(show(TVP_TESTS + "test_email_types/" + module), dict(helpers))
        for lang in ("fi", "sv", "en"):
            context = {key: fix(value) for key, value in ns["LANGUAGE_CONTEXT"][lang].items()}
            context.update(
                begin_date="14.4.2026",
                begin_time="17:00",
                end_date="14.4.2026",
                end_time="19:00",
                price=Decimal("18.00"),
                subsidised_price=Decimal("18.00"),
                reservation_id="48213",
                instructions_confirmed_text=TVP_INSTRUCTIONS[lang],
                instructions_confirmed_html=TVP_INSTRUCTIONS[lang],
            )
            for key in ("instructions_pending_text", "instructions_pending_html"):
                if key in context:
                    context[key] = {
                        "fi": "Käsittelemme varauspyynnöt arkisin kahden päivän kuluessa.",
                        "sv": "Vi behandlar bokningsförfrågningar inom två vardagar.",
                        "en": "We handle booking requests within two working days.",
                    }[lang]
            for key in ("instructions_cancelled_text", "instructions_rejected_text"):
                if key in context:
                    context[key] = {
                        "fi": "Lisätietoja: nuorisotalo.kipina@hel.fi, puh. 09 310 71234",
                        "sv": "Mer information: nuorisotalo.kipina@hel.fi, tfn 09 310 71234",
                        "en": "More information: nuorisotalo.kipina@hel.fi, tel. 09 310 71234",
                    }[lang]
            for key in ("cancel_reason", "rejection_reason"):
                if key in context:
                    context[key] = {
                        "fi": "Tila on varattu kaupungin omaan käyttöön",
                        "sv": "Lokalen är reserverad för stadens eget bruk",
                        "en": "The space is reserved for use by the city",
                    }[lang]
            code = codes[lang] if codes else None
            if codes:
                context.update(
                    access_code_is_used=True,
                    access_code=code,
                    access_code_validity_period="16:55-19:05",
                )
            else:
                context.update(
                    access_code_is_used=False, access_code="", access_code_validity_period=""
                )
            text = env.get_template(f"email/text/{template}.jinja").render(context).strip()
            raw = message(
                sender=TVP_FROM, subject=context["title"], text=text, html_part=None, sent=SENT
            )
            item = {
                "id": f"{group}-{lang}",
                "group": group,
                "source": "varaamo",
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": TVP_REPO,
                "path": f"backend/templates/email/text/{template}.jinja; "
                f"{TVP_TESTS}test_email_types/{module}; {TVP_TESTS}helpers.py",
                "commit": TVP_COMMIT,
                "licence": "MIT",
                "rendered": TVP_RENDERED,
            }
            if note:
                item["note"] = note
            out.append((item, raw))
    return out


PLB_REPO = "opengovsg/plumber"
PLB_COMMIT = "b39bea4d19a281c0a8772cac003efe660fbe7ee7"
PLB_FROM = "Plumber <donotreply@plumber.gov.sg>"


def plumber(mirrors: Path) -> list[tuple[dict, bytes]]:
    mails = []
    path = "packages/backend/src/graphql/mutations/request-otp.ts"
    src = _git_show(mirrors, PLB_REPO, PLB_COMMIT, path)
    src = re.sub(r"\$\{\s*OTP_VALIDITY_IN_MS / 1000 / 60\s*\}", "${minutes}", src)
    for n, otp in enumerate(["Q7MZ4K", "H3W9PD", "58TNXB"], 1):
        body = _js_literal(src, "body: `", {"otp": otp, "minutes": "15"})
        mails.append(
            (
                f"plumber-login-otp-en-{n}",
                "plumber-login-otp",
                "Your OTP for Plumber",
                "gov-otp",
                otp,
                path,
                body,
                "one sentence: six capitals and digits (no 0, 1, I, O)",
            )
        )
    path = "packages/backend/src/helpers/generate-error-email.ts"
    src = _git_show(mirrors, PLB_REPO, PLB_COMMIT, path)
    flow = "MOE school bus claims to Google Sheets"
    url = (
        "https://plumber.gov.sg/executions?status=failure&input=MOE+school+bus+claims+to+"
        "Google+Sheets"
    )
    body = _js_literal(
        src,
        "const bodyMessage = `",
        {"flowName": flow, "currDateTime": "Mar 17 2026, 05:40 PM", "formattedUrl": url},
    )
    mails.append(
        (
            "plumber-pipe-error-en",
            "plumber-pipe-error",
            f"Plumber: Possible error on {flow}",
            "notice",
            None,
            path,
            body,
            None,
        )
    )
    out = []
    for item_id, group, subject, kind, code, path, body, note in mails:
        raw = message(sender=PLB_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": item_id,
            "group": group,
            "source": "plumber",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": PLB_REPO,
            "path": path,
            "commit": PLB_COMMIT,
            "licence": "AGPL-3.0",
            "rendered": "the app's template literal filled (${} only), sent by Postman as the "
            "text/html part",
        }
        if note:
            item["note"] = note
        out.append((item, raw))
    return out


ISO_REPO = "opengovsg/isomer"
ISO_COMMIT = "d30d097ef2556357ae14f0b6ffdb0a7ec3e44afc"
ISO_FROM = "Postman.gov.sg <donotreply@mail.postman.gov.sg>"


def isomer(mirrors: Path) -> list[tuple[dict, bytes]]:
    mails = []
    path = "apps/studio/src/server/modules/auth/email/email.router.ts"
    src = _git_show(mirrors, ISO_REPO, ISO_COMMIT, path)
    for n, (prefix, token) in enumerate(
        [("RWF", "7K2QXM"), ("JTB", "D9H4NP"), ("MEZ", "5VY8CG")], 1
    ):
        body = _js_literal(
            src, "body: `Your OTP", {"otpPrefix": prefix, "token": token, "expiryMinutes": "10"}
        )
        mails.append(
            (
                f"isomer-signin-otp-en-{n}",
                "isomer-signin-otp",
                "Sign in to studio.isomer.gov.sg",
                "gov-otp",
                token,
                path,
                body,
                f"{prefix}-<b>{token}</b>: the three capitals are the session prefix the sign-in "
                "screen shows; the person types the six characters in bold",
            )
        )
    path = "apps/studio/src/features/mail/templates/templates.ts"
    src = _git_show(mirrors, ISO_REPO, ISO_COMMIT, path)
    app = "https://studio.isomer.gov.sg"
    redirect = f'<a target="_blank" href="{app}">studio.isomer.gov.sg</a>'
    src = src.replace("${constructStudioRedirect()}", redirect)
    sites = ["Ministry of Sustainability and the Environment", "Singapore Heritage Festival"]
    src = src.replace(
        '${siteNames.map((site) => `<li>${site}</li>`).join("")}',
        "".join(f"<li>{site}</li>" for site in sites),
    )
    consts = {
        "recipientEmail": "tan_wei_ling@mse.gov.sg",
        "ISOMER_SUPPORT_LINK": "mailto:support@isomer.gov.sg",
        "ISOMER_SUPPORT_EMAIL": "support@isomer.gov.sg",
        "inHowManyDays": "14",
    }
    for anchor, group, subject, note in (
        (
            "const loginAlertTemplate",
            "isomer-login-alert",
            "[Isomer Studio] Successful Login to Your Account",
            None,
        ),
        (
            "const accountDeactivationWarningTemplate",
            "isomer-deactivation-warning",
            "[Isomer Studio] Account deactivation warning - 14 days remaining",
            None,
        ),
    ):
        start = src.index(anchor)
        body = _js_literal(src[src.index("body: `", start) :], "body: `", consts)
        mails.append((f"{group}-en", group, subject, "notice", None, path, body, note))
    out = []
    for item_id, group, subject, kind, code, path, body, note in mails:
        raw = message(sender=ISO_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        item = {
            "id": item_id,
            "group": group,
            "source": "isomer",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": ISO_REPO,
            "path": path,
            "commit": ISO_COMMIT,
            "licence": "MIT",
            "rendered": "the app's template literal filled (${} only), sent by Postman as the "
            "text/html part",
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
    senders = (gcforms, formsg, gogovsg, postman, plumber, isomer, tilavaraus)
    for item, raw in [pair for sender in senders for pair in sender(args.mirrors)]:
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
