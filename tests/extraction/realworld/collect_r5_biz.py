"""Round 5 (``biz``): education, health and ticketing mails with and without a code.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r5_biz.py \\
        --nosh /work/.mirror/shihjay2+nosh2/repo \\
        --spoon /work/.mirror/spoonsite+SPOON/repo \\
        --login-gov /work/.mirror/18F+identity-idp/repo \\
        --ushahidi /work/.mirror/ushahidi+platform/repo \\
        --dhis2 /work/.mirror/dhis2+dhis2-core/repo

Writes ``mail/<source>/<id>.eml`` and ``round5/biz.json``. Does not import otpmail; each label
is what a person reading the mail would type (``code``) or ``null``.

- ``--nosh``: a git snapshot of shihjay2/nosh2 (AGPL-3.0), the NOSH ChartingSystem electronic
  health record. Its Blade mail views ``resources/views/emails/*.blade.php`` are filled by hand
  (``{{ $x }}`` escaped) with the data the controllers pass: ``loginregistrationcode`` from
  ``ChartController::register_patient`` (a six-character code from
  ``0-9a-zA-Z`` that the patient enters in the portal's "registration code" field),
  ``appointmentreminder`` from ``Controller::appointment_reminder``, ``newresult`` (portal
  variant) and ``loginregistrationconfirm``. ``send_mail`` sends the view as one HTML part,
  from the practice's address and name, with the subject the controller passes.
- ``--spoon``: a git snapshot of spoonsite/SPOON (GPL-3.0), the openstorefront software-parts
  storefront. Its FreeMarker mails ``templates/email/{emailVerification,forgotUsername,
  resetPassword}.ftl`` are put into the ``base/emailBase.ftl`` macro (``<#nested>`` replaced by
  the page, the one ``<#if>`` decided by hand) and ``${...}`` filled with the data
  ``SecurityServiceImpl`` passes (no auto-escaping, as FreeMarker's default); subjects as it
  sets them; one HTML part (``setTextHTML``). The registration verification code is
  ``generateRandomString(8)`` over ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``.
- ``--login-gov``: a git snapshot of 18F/identity-idp (CC0-1.0 / US public domain), Login.gov.
  ``UserMailer#password_changed`` and ``#personal_key_sign_in``: the views
  ``app/views/user_mailer/*.html.erb`` inside ``app/views/layouts/mailer.html.erb`` are
  evaluated by a small ERB stand-in below (each ``<%= %>`` tag mapped by hand to its value,
  ``if @sp_name`` false, no ``@help_text``), strings from ``config/locales/<lang>.yml`` (flat
  keys) for en, es, fr, zh; ``link_to`` written as Rails writes it; ``MarketingSite`` URLs and
  the host written by hand; the stylesheet tag left out (premailer's inlined CSS is not
  reproduced); the logo is a ``cid:`` image. HTML only (no text views exist).
- ``--ushahidi``: a git snapshot of ushahidi/platform (AGPL-3.0), the crisis-mapping platform
  of NGOs and public bodies. ``Tool\\Mailer::sendResetpassword`` renders the PHP view
  ``resources/views/emails/forgot-password.php`` (its eight kinds of ``<?php ?>`` tags are
  evaluated below: ``echo`` of the data, ``if ($client_url)``/``else``/``endif``) with the
  subject ``<site name>: Password reset``, from the site's address; one HTML part. The reset
  token is ``sprintf('%06X', mt_rand(0, 16777215))`` (``UserRepository::getResetToken``) and
  the link carries it base64-encoded. Rendered twice: with a client URL (button, link and
  code) and without one (code only), both in the same group.
- ``--dhis2``: a git snapshot of dhis2/dhis2-core (BSD-3-Clause), the health information
  system of many ministries of health. ``TwoFactorAuthService.send2FACodeWithEmailSender``
  renders ``twofa_email_body_template_v1.vm`` (Velocity; its ``$object.i18n.getString(...)``
  calls filled from ``i18n_global[_<lang>].properties``, read as Java properties, last key
  wins) and the subject ``email_2fa_subject + " " + applicationTitle``;
  ``EmailMessageSender`` prefixes ``[<title>] ``, sends the body as the text part and, with
  line breaks turned into ``<br>``, inside ``message_email.vm`` as the HTML part (no sender,
  no footer, ``Host: <server base URL>``; Velocity's whitespace around the false ``#if`` lines
  approximated). From name ``<title> message [No reply]``. The code is
  ``CodeGenerator.generateSecureRandomNumber(6)``: six digits. Twelve languages whose strings
  are translated.
- Moodle (moodle/moodle, GPL-3.0-or-later) is too large to fetch; the strings are held inline
  below with the path and commit each was read at (``read_file``). The MFA e-mail factor
  (``admin/tool/mfa/factor/email``): ``factor::generate_and_email_code`` draws
  ``random_int(100000, 999999)``, ``factor_email_renderer::generate_email`` fills the
  ``templates/email.mustache`` template (rendered here by hand: ``{{#str}}`` replaced by the
  ``lang/en/factor_email.php`` strings, no logo, no geo information, ``linkstring`` not passed
  by the renderer so empty), ``validity`` is ``format_time(1800)`` = ``30 mins``.
  ``email_to_user($USER, $noreplyuser, $subject, $body, $body)`` passes the same HTML as text
  and HTML, so the text alternative holds the HTML source (as Moodle sends it).
- pretix (pretix/pretix, AGPL-3.0 with additional terms) is too large to fetch; the default
  English texts ``mail_text_*`` of ``src/pretix/base/settings.py`` are held inline below (read
  at the commit given). That version sets no subjects in settings; the subjects are the
  ``mail_subject_*`` defaults of a later ``settings.py`` (seen without a commit, so written
  here by hand). The texts are filled with ``str.format`` as pretix does; only the plain-text part is built (pretix also sends an HTML part rendered from the
  Markdown, not reproduced), no ``mail_prefix``, no organiser signature. Order codes are five
  characters from pretix' alphabet ``ABCDEFGHJKLMNPQRSTUVWXYZ3789``; dates filled by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from pathlib import Path

from collect import HERE, message

RNG = random.Random(20261203)

NOSH_REPO = "shihjay2/nosh2"
MOODLE_REPO = "moodle/moodle"
PRETIX_REPO = "pretix/pretix"
PRETIX_COMMIT = "d93dd865f3044691ac0f820188bb3d4e27a5e9b3"  # src/pretix/base/settings.py
MOODLE_TPL_COMMIT = "9762977c028cbd1884ed311a94c49efbae87591b"  # email.mustache, lang/en
MOODLE_RENDERER_COMMIT = "227a2f8e9cfd678c52a07de259c94a270213906a"  # classes/output/renderer.php
MOODLE_FACTOR_COMMIT = "dff901917e951599d66298ffa6b5c9a144654c3a"  # classes/factor.php

ITEMS: list[dict] = []


def write(source: str, item_id: str, raw: bytes, **meta) -> None:
    out = HERE / "mail" / source / f"{item_id}.eml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    ITEMS.append(
        {
            "id": item_id,
            "group": meta.pop("group"),
            "source": source,
            "lang": meta.pop("lang", "en"),
            "kind": meta.pop("kind"),
            "code": meta.pop("code"),
            **meta,
            "file": f"mail/{source}/{item_id}.eml",
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
    )


# ---------------------------------------------------------------------------------------
# NOSH


def nosh(repo: Path) -> None:
    commit = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()

    def view(name: str) -> str:
        return subprocess.run(
            [
                "git",
                "--git-dir",
                str(repo),
                "show",
                f"{commit}:resources/views/emails/{name}.blade.php",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def fill(text: str, data: dict) -> str:
        for k, v in data.items():
            text = text.replace(f"{{{{ ${k} }}}}", html.escape(str(v)))
        assert "{{" not in text, text
        return text

    sender = "Lakeside Family Practice <frontdesk@lakeside-practice.example>"
    portal = "https://portal.lakeside-practice.example/nosh"
    common = dict(repository=NOSH_REPO, commit=commit, licence="AGPL-3.0")
    chars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    token = "".join(RNG.choice(chars) for _ in range(6))
    body = fill(
        view("loginregistrationcode"),
        {"practicename": "Lakeside Family Practice", "url": portal, "token": token},
    )
    write(
        "shihjay2+nosh2",
        "nosh-registration-code-en",
        message(
            sender=sender, subject="Patient Portal Registration Code", text=None, html_part=body
        ),
        group="nosh-registration-code",
        kind="health-otp",
        code=token,
        path="resources/views/emails/loginregistrationcode.blade.php; app/Http/Controllers/ChartController.php",
        rendered="Blade view filled by hand with register_patient's data; one HTML part",
        **common,
    )

    body = fill(
        view("loginregistrationconfirm"),
        {"practicename": "Lakeside Family Practice", "username": "noor.tester", "url": portal},
    )
    write(
        "shihjay2+nosh2",
        "nosh-registration-confirm-en",
        message(
            sender=sender,
            subject="Patient Portal Registration Confirmation",
            text=None,
            html_part=body,
        ),
        group="nosh-registration-confirm",
        kind="notice",
        code=None,
        path="resources/views/emails/loginregistrationconfirm.blade.php; app/Http/Controllers/LoginController.php",
        rendered="Blade view filled by hand; one HTML part; subject as LoginController passes it",
        note="gives the username, no code",
        **common,
    )

    data = {
        "patientname": "Noor",
        "doctor": "Dr. Amelia Okafor",
        "phone": "(608) 555-0143",
        "patient_portal": portal,
        "email": "frontdesk@lakeside-practice.example",
        "appointment_message": "Our office is open Monday to Friday, 8:00 AM to 5:30 PM. Suite 204, 1187 Lakeshore Dr, Madison, WI 53703.",
    }
    body = fill(view("appointmentreminder"), data)
    write(
        "shihjay2+nosh2",
        "nosh-appointment-reminder-en",
        message(sender=sender, subject="Continuing Care Reminder", text=None, html_part=body),
        group="nosh-appointment-reminder",
        kind="notice",
        code=None,
        path="resources/views/emails/appointmentreminder.blade.php; app/Http/Controllers/Controller.php",
        rendered="Blade view filled by hand with appointment_reminder's data (practice message written by hand); one HTML part",
        **common,
    )

    text = view("newresult")
    # portal == true branch of the @if
    text = text.split("@else", 1)[1].split("@endif", 1)[0].strip() + "\n"
    body = fill(text, {"displayname": "Dr. Amelia Okafor", "patient_portal": portal})
    write(
        "shihjay2+nosh2",
        "nosh-new-result-en",
        message(sender=sender, subject="Test Results Available", text=None, html_part=body),
        group="nosh-new-result",
        kind="notice",
        code=None,
        path="resources/views/emails/newresult.blade.php; resources/lang/en/noshform.php",
        rendered="Blade view, portal branch, filled by hand; subject trans('noshform.test_results_available'); one HTML part",
        **common,
    )


# ---------------------------------------------------------------------------------------
# SPOON (openstorefront)


def spoon(repo: Path) -> None:
    commit = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    tdir = "server/openstorefront/openstorefront-core/service/src/main/resources/templates/email"

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    base = show(f"{tdir}/base/emailBase.ftl")
    base = base.split("<#macro page>", 1)[1].split("</#macro>", 1)[0]

    def render(name: str, data: dict, decide=None) -> str:
        page = show(f"{tdir}/{name}.ftl")
        page = page.split("<@u.page>", 1)[1].split("</@u.page>", 1)[0]
        if decide:
            page = decide(page)
        out = base.replace("<#nested>", page.strip("\n"))
        for k, v in data.items():
            out = out.replace(f"${{{k}}}", v)
        assert "${" not in out and "<#" not in out, name
        return out.strip("\n") + "\n"

    app = "SPOON"
    common_data = {
        "applicationName": app,
        "hostUrl": "https://spoon.parts-exchange.example/openstorefront",
        "supportEmail": "spoon-support@parts-exchange.example",
        "replyName": "SPOON Support",
        "replyAddress": "spoon-support@parts-exchange.example",
    }
    sender = "SPOON <no-reply@parts-exchange.example>"
    meta = dict(repository="spoonsite/SPOON", commit=commit, licence="GPL-3.0")

    symbols = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
    code = "".join(RNG.choice(symbols) for _ in range(8))
    body = render(
        "emailVerification",
        {**common_data, "verificationCode": code, "title": "Email Verification Code"},
    )
    write(
        "spoonsite+SPOON",
        "spoon-email-verification-en",
        message(sender=sender, subject="Email Verification Code", text=None, html_part=body),
        group="spoon-email-verification",
        kind="saas-otp",
        code=code,
        path=f"{tdir}/emailVerification.ftl; {tdir}/base/emailBase.ftl; SecurityServiceImpl.processNewRegistration",
        rendered="FreeMarker page put into the base macro and filled by hand; one HTML part",
        **meta,
    )

    def if_branch(page: str) -> str:
        head, rest = page.split("<#if username??>", 1)
        return head + rest.split("<#else>", 1)[0]

    users = "<b>noor.tester</b> (Noor Tester)<br> <b>ntester2</b> (Noor Tester)"
    subject = f"{app} - Forgot Username"
    body = render("forgotUsername", {**common_data, "username": users, "title": subject}, if_branch)
    write(
        "spoonsite+SPOON",
        "spoon-forgot-username-en",
        message(sender=sender, subject=subject, text=None, html_part=body),
        group="spoon-forgot-username",
        kind="notice",
        code=None,
        path=f"{tdir}/forgotUsername.ftl; {tdir}/base/emailBase.ftl",
        rendered="FreeMarker, username branch, filled by hand; one HTML part",
        note="lists usernames, no code",
        **meta,
    )

    approval = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    approval = "-".join(
        [approval[:8], approval[8:12], approval[12:16], approval[16:20], approval[20:]]
    )
    body = render(
        "resetPassword",
        {
            **common_data,
            "username": "noor.tester",
            "resetPasswordLink": f"{common_data['hostUrl']}/approveChange.jsp?approvalCode={approval}",
        },
    )
    write(
        "spoonsite+SPOON",
        "spoon-reset-password-en",
        message(sender=sender, subject=f"{app} - Forgot Password", text=None, html_part=body),
        group="spoon-reset-password",
        kind="notice",
        code=None,
        path=f"{tdir}/resetPassword.ftl; {tdir}/base/emailBase.ftl",
        rendered="FreeMarker filled by hand; approval code a UUID in the link (form assumed); one HTML part",
        note="a link to click (approval code inside the URL only), nothing to type",
        **meta,
    )


# ---------------------------------------------------------------------------------------
# Login.gov (18F/identity-idp)


def login_gov(repo: Path) -> None:
    import re

    import yaml

    commit = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    layout = show("app/views/layouts/mailer.html.erb")
    app = "Login.gov"
    host = "https://secure.login.gov"

    def link(text: str, url: str, cls: str | None = None, style: str | None = None) -> str:
        attrs = (f' class="{cls}"' if cls else "") + (f' style="{style}"' if style else "")
        return f'<a{attrs} href="{html.escape(url)}">{text}</a>'

    def erb(src: str, values: list, conds: dict) -> str:
        parts = re.split(r"(<%=?.*?-?%>)", src, flags=re.S)
        out, keep, vals = [], [True], iter(values)
        for part in parts:
            if part.startswith("<%="):
                if all(keep):
                    expr = part[3:-2].strip()
                    value = next(vals)
                    assert value[0] in expr, (value[0], expr)
                    out.append(value[1])
                continue
            if part.startswith("<%"):
                stmt = part[2:-2].strip()
                if stmt.startswith(("if ", "unless ")):
                    cond = conds[stmt]
                    keep.append(cond)
                elif stmt == "else":
                    keep[-1] = not keep[-1]
                elif stmt == "end":
                    keep.pop()
                else:
                    raise ValueError(stmt)
                continue
            if all(keep):
                out.append(part)
        assert next(vals, None) is None
        return "".join(out)

    for lang in ["en", "es", "fr", "zh"]:
        t = yaml.safe_load(show(f"config/locales/{lang}.yml"))
        pre = "" if lang == "en" else f"/{lang}"
        site = f"https://www.login.gov{pre}/"
        help_url, contact_url, policy_url = f"{site}help/", f"{site}contact/", f"{site}policy/"
        token = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))
        disavow = f"{host}/events/disavow?disavowal_token={token}"
        locale_host = host + pre
        for tpl in ["password_changed", "personal_key_sign_in"]:
            view = show(f"app/views/user_mailer/{tpl}.html.erb")
            if tpl == "password_changed":
                subject = t["devise.mailer.password_updated.subject"]
                app_link = link(app, host, cls="gray")
                intro = t["user_mailer.password_changed.intro_html"].replace(
                    "%{app_name_html}", app_link
                )
                help_ = (
                    t["user_mailer.password_changed.help_html"]
                    .replace("%{app_name_html}", app_link)
                    .replace(
                        "%{disavowal_link_html}",
                        link(t["user_mailer.password_changed.disavowal_link"], disavow),
                    )
                    .replace("%{help_link_html}", link(t["user_mailer.help_link_text"], help_url))
                    .replace(
                        "%{contact_link_html}",
                        link(t["user_mailer.contact_link_text"], contact_url),
                    )
                )
                body = erb(
                    view,
                    [
                        ("user_mailer.password_changed.intro_html", intro),
                        ("user_mailer.password_changed.help_html", help_),
                    ],
                    {},
                )
                kind, note = "notice", "password-changed notice, nothing to type"
            else:
                subject = t["user_mailer.personal_key_sign_in.subject"]
                help_ = (
                    t["user_mailer.personal_key_sign_in.help_html"]
                    .replace("%{app_name}", app)
                    .replace("%{reset_password_url}", html.escape(disavow))
                    .replace("%{account_url}", f"{locale_host}/account")
                )
                body = erb(
                    view,
                    [
                        (
                            "user_mailer.personal_key_sign_in.intro",
                            html.escape(t["user_mailer.personal_key_sign_in.intro"]),
                        ),
                        ("user_mailer.personal_key_sign_in.help_html", help_),
                    ],
                    {},
                )
                kind, note = (
                    "notice",
                    "security alert about a sign-in with the 16-character personal key; no key or code shown",
                )
            logo = (
                f'<img alt="{html.escape(t["mailer.logo"].replace("%{app_name}", app))}" '
                'style="width: 142px; height: 19px;" src="cid:logo.png" width="142" height="19" />'
            )
            help_html = t["mailer.help_html"].replace(
                "%{link_html}", link("www.login.gov/help", help_url)
            )
            page = erb(
                layout,
                [
                    ("stylesheet_link_tag", ""),
                    ("@header || message.subject", html.escape(subject)),
                    ("attachments['logo.png'].url", logo),
                    ("@header || message.subject", html.escape(subject)),
                    ("yield", body),
                    ("mailer.no_reply", html.escape(t["mailer.no_reply"])),
                    ("mailer.help_html", help_html),
                    (
                        "mailer.about",
                        link(
                            html.escape(t["mailer.about"].replace("%{app_name}", app)),
                            site,
                            style="text-decoration: underline;",
                        ),
                    ),
                    (
                        "mailer.privacy_policy",
                        link(
                            html.escape(t["mailer.privacy_policy"]),
                            policy_url,
                            style="text-decoration: underline;",
                        ),
                    ),
                    (
                        "mailer.sent_at",
                        html.escape(
                            t["mailer.sent_at"].replace(
                                "%{formatted_timestamp}", "2026-11-20T09:41:07.318204Z"
                            )
                        ),
                    ),
                ],
                {"if @sp_name": False, "unless @hide_title": True, "if @logo_url": False},
            )
            item = f"logingov-{tpl.replace('_', '-')}"
            write(
                "18F+identity-idp",
                f"{item}-{lang}",
                message(
                    sender=f"{app} <no-reply@login.gov>", subject=subject, text=None, html_part=page
                ),
                group=item,
                lang=lang,
                kind=kind,
                code=None,
                repository="18F/identity-idp",
                commit=commit,
                licence="CC0-1.0",
                path=f"app/views/user_mailer/{tpl}.html.erb; app/views/layouts/mailer.html.erb; "
                f"config/locales/{lang}.yml",
                rendered="ERB evaluated by the stand-in (tags mapped by hand); HTML only, CSS not inlined",
                note=note,
            )


# ---------------------------------------------------------------------------------------
# Ushahidi


def ushahidi(repo: Path) -> None:
    import base64
    import re
    from urllib.parse import quote_plus

    commit = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    view = subprocess.run(
        [
            "git",
            "--git-dir",
            str(repo),
            "show",
            f"{commit}:resources/views/emails/forgot-password.php",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    def php(src: str, d: dict) -> str:
        out, keep = [], [True]
        for part in re.split(r"(<\?php.*?\?>)", src, flags=re.S):
            if not part.startswith("<?php"):
                if all(keep):
                    out.append(part)
                continue
            stmt = part[5:-2].strip().rstrip(";").strip()
            if stmt == "if ($client_url) :":
                keep.append(bool(d["client_url"]))
            elif stmt == "else:":
                keep[-1] = not keep[-1]
            elif stmt == "endif":
                keep.pop()
            elif not all(keep):
                continue
            elif stmt == "echo $client_url.'/forgotpassword/confirm/'.urlencode($reset_string)":
                out.append(
                    d["client_url"] + "/forgotpassword/confirm/" + quote_plus(d["reset_string"])
                )
            elif re.fullmatch(r"echo \$(\w+)", stmt):
                out.append(str(d[stmt[6:]]))
            else:
                raise ValueError(stmt)
        assert keep == [True]
        return "".join(out)

    site = "Flood Watch Kisumu"
    for variant, client in [
        ("reset-password", "https://floodwatch-kisumu.example"),
        ("reset-password-noclient", None),
    ]:
        code = f"{RNG.randint(0, 16777215):06X}"
        d = {
            "client_url": client,
            "site_name": site,
            "user_name": "Noor Tester",
            "reset_string": base64.b64encode(code.encode()).decode(),
            "reset_code": code,
            "duration": 30,
        }
        body = php(view, d)
        write(
            "ushahidi+platform",
            f"ushahidi-{variant}-en",
            message(
                sender=f"{site} <alerts@floodwatch-kisumu.example>",
                subject=f"{site}: Password reset",
                text=None,
                html_part=body,
            ),
            group="ushahidi-reset-password",
            kind="gov-otp",
            code=code,
            repository="ushahidi/platform",
            commit=commit,
            licence="AGPL-3.0",
            path="resources/views/emails/forgot-password.php; "
            "src/Ushahidi/Core/Tool/Mailer.php; src/Ushahidi/Modules/V3/Repository/UserRepository.php",
            rendered="PHP view evaluated by the stand-in; one HTML part"
            + ("" if client else "; no client URL set"),
            note="six hex digits to paste into the reset token field"
            + ("; the link carries the same token base64-encoded" if client else ""),
        )


# ---------------------------------------------------------------------------------------
# DHIS2


def _java_properties(text: str) -> dict:
    out = {}
    for line in text.splitlines():
        if not line or line.startswith(("#", "!")) or "=" not in line:
            continue
        k, v = line.split("=", 1)
        v = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), v)
        out[k.strip()] = v.replace("\\:", ":").replace("\\=", "=").replace("\\'", "'").strip()
    return out


def dhis2(repo: Path) -> None:
    commit = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    res = "dhis-2/dhis-services/dhis-service-core/src/main/resources"

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    body_tpl = show(f"{res}/twofa_email_body_template_v1.vm")
    title = "National HMIS"
    base_url = "https://hmis.moh-health.example"
    for lang, suffix in [
        ("en", ""),
        ("fr", "_fr"),
        ("es", "_es"),
        ("pt", "_pt"),
        ("ru", "_ru"),
        ("zh", "_zh"),
        ("vi", "_vi"),
        ("ar", "_ar"),
        ("hi", "_hi_IN"),
        ("lo", "_lo"),
        ("cs", "_cs"),
        ("nl", "_nl"),
    ]:
        props = _java_properties(show(f"{res}/i18n_global{suffix}.properties"))
        code = "".join(RNG.choice("0123456789") for _ in range(6))

        def getstring(m: re.Match, props: dict = props) -> str:
            return props[m.group(1)]

        text = re.sub(r'\$object\.i18n\.getString\(\s*"([^"]+)"\s*\)', getstring, body_tpl)
        text = (
            text.replace("${object.fullName}", "Noor Tester")
            .replace("${object.code}", code)
            .replace("${object.applicationTitle}", title)
        )
        assert "$" not in text, text
        html_part = (
            '<!DOCTYPE HTML>\n<html dir="ltr">\n  <body>\n    '
            + html.escape(text, quote=False).replace("\n", "<br>")
            + " <br><br>\n"
            + "    <br>\n    \n    Host: "
            + base_url
            + "\n  </body>\n</html>"
        )
        subject = f"[{title}] {props['email_2fa_subject']} {title}"
        write(
            "dhis2+dhis2-core",
            f"dhis2-email-2fa-{lang}",
            message(
                sender=f"{title} message [No reply] <no-reply@hmis.moh-health.example>",
                subject=subject,
                text=text,
                html_part=html_part,
            ),
            group="dhis2-email-2fa",
            lang=lang,
            kind="health-otp",
            code=code,
            repository="dhis2/dhis2-core",
            commit=commit,
            licence="BSD-3-Clause",
            path=f"{res}/twofa_email_body_template_v1.vm; {res}/i18n_global{suffix}.properties; {res}/message_email.vm; "
            "TwoFactorAuthService.java; EmailMessageSender.java",
            rendered="Velocity filled by the stand-in; text part = body, HTML part = message_email.vm (whitespace approximated)",
        )


# ---------------------------------------------------------------------------------------
# Moodle: admin/tool/mfa/factor/email (strings read with read_file at MOODLE_TPL_COMMIT)

MOODLE_STR = {
    "email:greeting": "Hello {$a} &#128075;",
    "email:message": "Here's your verification code for {$a->sitename} ({$a->siteurl}).",
    "email:validity": "The code can only be used once and is valid for {$a}.",
    "email:loginlink": "Or, if you're on the same device, use this {$a}.",
    "email:link": "verification link",
    "email:revokelink": "If this wasn't you, you can {$a}.",
    "email:stoploginlink": "stop this login attempt",
    "email:ipinfo": "Login request details:",
    "email:originatingip": "This login request was made from '{$a}'",
    "email:uadescription": "Browser identity for this request:",
    "email:subject": "Here's your verification code",
}

MOODLE_TEMPLATE = """<div style="font-family: Arial, sans-serif; font-size: 18px">
    <p>{greeting}</p>
    <p>
        {message}
    </p>
    <h2 style="letter-spacing: 5px;">{code}</h2>
    <p>
        {validity}
        <br/>
        {authlink}
    </p>
    <br/>
    <p>{revokelink}</p>
    <br/>
    <div style="font-family: Arial, sans-serif; font-size: 12px">
        <p><strong>{ipinfo}</strong></p>
        <p>{originatingip}</p>
        <p><strong>{uadescription}</strong></p>
        <p>{ua}</p>
        <p></p>
    </div>
</div>
"""


def moodle() -> None:
    s = MOODLE_STR
    site, url = "Northfield Community College", "https://learn.northfield-cc.example"
    code = str(RNG.randint(100000, 999999))
    instance = 3817
    auth = f'<a href="{url}/admin/tool/mfa/factor/email/email.php?instance={instance}&amp;pass=1&amp;secret={code}">{s["email:link"]}</a>'
    block = f'<a href="{url}/admin/tool/mfa/factor/email/email.php?instance={instance}">{s["email:stoploginlink"]}</a>'
    ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
    body = MOODLE_TEMPLATE.format(
        greeting=s["email:greeting"].replace("{$a}", "Noor"),
        message=s["email:message"]
        .replace("{$a->sitename}", site)
        .replace("{$a->siteurl}", url)
        .replace("'", "&#39;"),
        code=code,
        validity=s["email:validity"].replace("{$a}", "30 mins"),
        authlink=s["email:loginlink"].replace("{$a}", auth),
        revokelink=s["email:revokelink"].replace("{$a}", block),
        ipinfo=s["email:ipinfo"],
        originatingip=s["email:originatingip"]
        .replace("{$a}", "198.51.100.73")
        .replace("'", "&#39;"),
        uadescription=s["email:uadescription"],
        ua=html.escape(ua),
    )
    raw = message(
        sender=f"Do not reply to this email (via {site}) <noreply@learn.northfield-cc.example>",
        subject=s["email:subject"],
        text="\n" + body + "\n",
        html_part=body,
    )
    write(
        "moodle+moodle",
        "moodle-mfa-email-en",
        raw,
        group="moodle-mfa-email",
        kind="saas-otp",
        code=code,
        repository=MOODLE_REPO,
        commit=MOODLE_TPL_COMMIT,
        licence="GPL-3.0-or-later",
        path="admin/tool/mfa/factor/email/templates/email.mustache; admin/tool/mfa/factor/email/lang/en/factor_email.php; "
        f"admin/tool/mfa/factor/email/classes/output/renderer.php@{MOODLE_RENDERER_COMMIT}; "
        f"admin/tool/mfa/factor/email/classes/factor.php@{MOODLE_FACTOR_COMMIT}",
        rendered="mustache filled by hand with the renderer's context and the en strings; text part = the HTML, as email_to_user gets it",
        note="the code also appears as secret= in the verification link URL",
    )


# ---------------------------------------------------------------------------------------
# pretix: src/pretix/base/settings.py defaults (read with read_file at PRETIX_COMMIT)

PRETIX = {
    "order_paid": (
        "Payment received for your order: {code}",
        """Hello,

we successfully received your payment for {event}. Thank you!

{payment_info}

You can change your order details and view the status of your order at
{url}

Best regards,
Your {event} team""",
    ),
    "order_expire_warning": (
        "Your order is about to expire: {code}",
        """Hello,

we did not yet receive a full payment for your order for {event}.
Please keep in mind that we only guarantee your order if we receive
your payment before {expire_date}.

You can view the payment information and the status of your order at
{url}

Best regards,
Your {event} team""",
    ),
    "order_canceled": (
        "Order canceled: {code}",
        """Hello,

your order {code} for {event} has been canceled.

You can view the details of your order at
{url}

Best regards,
Your {event} team""",
    ),
    "waiting_list": (
        "You have been selected from the waitinglist for {event}",
        """Hello,

you submitted yourself to the waiting list for {event},
for the product {product}.

We now have a ticket ready for you! You can redeem it in our ticket shop
within the next {hours} hours by entering the following voucher code:

{code}

Alternatively, you can just click on the following link:

{url}

Please note that this link is only valid within the next {hours} hours!
We will reassign the ticket to the next person on the list if you do not
redeem the voucher within that timeframe.

Best regards,
Your {event} team""",
    ),
}


def pretix() -> None:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ3789"
    event = "PyData Leipzig 2027"
    base = "https://tickets.pydata-leipzig.example/pydata/lej27"
    sender = f"{event} <tickets@pydata-leipzig.example>"
    common = dict(
        repository=PRETIX_REPO,
        commit=PRETIX_COMMIT,
        licence="AGPL-3.0 (pretix additional terms)",
        path="src/pretix/base/settings.py",
    )

    def order_code() -> str:
        return "".join(RNG.choice(alphabet) for _ in range(5))

    def secret() -> str:
        return "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(16))

    for key, extra, note in [
        ("order_paid", {"payment_info": ""}, "order code in subject and URL only"),
        (
            "order_expire_warning",
            {"expire_date": "2027-02-14"},
            "order code in subject and URL only",
        ),
        ("order_canceled", {}, "order code is an order reference"),
    ]:
        code = order_code()
        data = {"event": event, "code": code, "url": f"{base}/order/{code}/{secret()}/", **extra}
        subject, text = PRETIX[key]
        write(
            "pretix+pretix",
            f"pretix-{key.replace('_', '-')}-en",
            message(
                sender=sender,
                subject=subject.format(**data),
                text=text.format(**data),
                html_part=None,
            ),
            group=f"pretix-{key.replace('_', '-')}",
            kind="shop-order",
            code=None,
            rendered="settings.py default text, str.format filled by hand; subject from later pretix defaults; plain-text part only",
            note=note,
            **common,
        )

    voucher = "".join(RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZ3789") for _ in range(16))
    data = {
        "event": event,
        "product": "Conference ticket (regular)",
        "hours": 48,
        "code": voucher,
        "url": f"{base}/redeem?voucher={voucher}",
    }
    subject, text = PRETIX["waiting_list"]
    write(
        "pretix+pretix",
        "pretix-waiting-list-en",
        message(
            sender=sender, subject=subject.format(**data), text=text.format(**data), html_part=None
        ),
        group="pretix-waiting-list",
        kind="shop-order",
        code=None,
        rendered="settings.py default text, str.format filled by hand; subject from later pretix defaults; plain-text part only",
        note="a 16-character shop voucher code to enter in the ticket shop: treated as a voucher, not a one-time code",
        **common,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nosh", type=Path, required=True)
    ap.add_argument("--spoon", type=Path, required=True)
    ap.add_argument("--login-gov", type=Path, required=True)
    ap.add_argument("--ushahidi", type=Path, required=True)
    ap.add_argument("--dhis2", type=Path, required=True)
    args = ap.parse_args()
    nosh(args.nosh)
    spoon(args.spoon)
    login_gov(args.login_gov)
    ushahidi(args.ushahidi)
    dhis2(args.dhis2)
    moodle()
    pretix()
    (HERE / "round5").mkdir(exist_ok=True)
    (HERE / "round5" / "biz.json").write_text(
        json.dumps({"items": ITEMS}, indent=2, ensure_ascii=False) + "\n"
    )
    print(len(ITEMS), "items")


if __name__ == "__main__":
    main()
