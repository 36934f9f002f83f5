"""Round 3, helper ``travel``: government, health, civil-registration and booking mails from public sources.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r3_travel.py \\
        --govuk /work/.mirror/govuk-one-login+authentication-api/repo \\
        --indico /work/.mirror/indico+indico/repo \\
        --qloapps /work/.mirror/Qloapps+QloApps/repo \\
        --tunnistamo /work/.mirror/mainio+decidim-module-tunnistamo/repo \\
        --tamanu /work/.mirror/beyondessential+tamanu/repo \\
        --mosip /work/.mirror/mosip+mosip-data/repo \\
        --opencrvs /work/.mirror/opencrvs+opencrvs-farajaland/repo

- ``--govuk``: a git snapshot of govuk-one-login/authentication-api (MIT, Crown Copyright).
  Its GOV.UK Notify email templates (``notifications/templates/*/en+cy/*.email.notify``,
  bilingual English + Welsh in one mail) are filled the way Notify does: ``((name))``
  placeholders from the personalisation the lambdas send (``validation-code``: six digits,
  ``contact-us-link``, ``gov-uk-accounts-url``), then the Notify markdown (paragraphs with hard
  line breaks, ``^`` inset text, ``#`` headings, ``---`` rules, ``*`` lists, bare URLs) turned
  into the ``text/plain`` part with the rules of ``NotifyPlainTextEmailMarkdownRenderer`` and a
  ``text/html`` part with the inline styles of ``NotifyEmailMarkdownRenderer``
  (alphagov/notifications-utils ``notifications_utils/markdown.py`` at
  07fc028a4280808af933ac90edc1cff8848974e1, re-implemented here for the few constructs these
  templates use). The HTML part carries Notify's hidden pre-header (the body as plain text
  without headings' underlines) but not Notify's full GOV.UK banner wrapper. SMS templates are
  not mail and are left out.
- ``--indico``: a git snapshot of indico/indico (MIT, CERN). Its room-booking and account mails
  are taken as the project's own test suite renders them: the snapshot files
  ``indico/modules/**/templates/emails/**/tests/<name>.txt`` (body) and ``<name>.subject.txt``
  (subject), sent as ``text/plain``. English only.

- ``--qloapps``: a git snapshot of Qloapps/QloApps (hotel booking, OSL-3.0). Its English mail
  templates ``mails/en/<name>.html`` and ``.txt`` are filled as ``classes/Mail.php`` does:
  the ``.txt`` through ``strip_tags(html_entity_decode())``, ``{var}`` placeholders replaced
  (Swift's decorator), the subject prefixed ``[<shop name>] ``, the order-state name as the
  subject of order-state mails (``install/langs/en/data/order_state.xml``). The shop logo is an
  embedded ``cid:`` image (left out); ``{extra_mail_content_*}`` (filled by hooks) is empty.
  Order references are nine capital letters (``Order::generateReference``), the voucher code
  sixteen hex digits (``PaymentModule``).
- ``--tunnistamo``: a git snapshot of mainio/decidim-module-tunnistamo (AGPL-3.0), the e-mail
  confirmation code of a Decidim (public participation) organisation signing in through
  Helsinki's Tunnistamo. ``send_code.html.erb`` is filled by hand with the strings of
  ``config/locales/{en,fi,sv}.yml`` (six-digit code ``"%06d"``, the organisation's reference
  prefix shown in a box before it), inside Decidim's ``layouts/decidim/mailer.html.erb``
  (decidim/decidim 034c3cafd8336886da220551c300d712b99fe6dc, read file by file; logo partial as
  the organisation name, the stylesheet and the no-reply footnote left out). HTML only, as
  Decidim sends.

- ``--tamanu``: a git snapshot of beyondessential/tamanu (health information system, GPL-3.0
  or later for these files, see its COPYRIGHT). Its patient mails are the default templates of
  ``packages/settings/src/schema/global.ts`` (``templates.*``: subject and body with
  ``$name$`` placeholders, filled as ``replaceInTemplate`` does, with the values the senders
  pass: ``patientPortalApi/auth/login.js`` a six-digit code, ``facility-server`` appointments
  ``format(start, 'PPPP')``/``'p'`` and ``\\nClinician: ...``); the staff password-reset mail is
  the template literal of ``central-server/app/auth/resetPassword.js`` (its reset code is
  ``randomBytes(6).toString('base64')``, ``tokenLength`` 6 in ``config/default.json5``).
  All are sent as ``text/plain``. The registration link, added later by the portal's
  communication processor, is a plausible URL.

- ``--mosip``: a git snapshot of mosip/mosip-data (MPL-2.0), the master-data templates of the
  MOSIP national-ID platform (``mosip_master/csv/template.csv``: ID-Authentication OTP and
  authentication notices, pre-registration and registration-client OTPs, UIN-generated and
  resident-service notices, per language). Subject and content templates are Velocity; they
  are filled as Velocity does (``$name``/``$!name`` replaced, an unknown ``$name`` left as is,
  an unknown ``$!name`` empty, ``$ name`` with a space is no reference), with the values the
  senders pass (UIN masked to its last two digits, ``dd-MM-yyyy``/``HH:mm:ss``, 3 minutes).
  One mail per language (a deployment with one configured language), sent as ``text/html``
  as the kernel notifier does. Languages whose template lost its placeholders in translation
  (``$ otp``) are left out.

- ``--opencrvs``: a git snapshot of opencrvs/opencrvs-farajaland (MPL-2.0), the country
  configuration of the OpenCRVS civil-registration system. Its Handlebars e-mail templates
  (``src/api/notification/email-templates/{other,birth}/*.html``) are filled as
  ``renderTemplate`` does (``{{x}}`` HTML-escaped, ``{{#if}}``/``{{else}}``), the subject from
  ``index.ts``, ``applicationName`` 'Farajaland CRS' and the logo URL of ``handler.ts``; the
  six-digit codes come from OpenCRVS core, the registration number is ``nanoid`` with
  ``0-9A-Z`` and 12 characters (``registrationNumber.ts``). HTML only. English only.

- OpenEMR (openemr/openemr, GPL-3.0; too large to fetch, so its Twig templates were read file
  by file and are held inline below with their commits): the patient-portal credential-reset
  mail (``templates/emails/patient/reset_credentials/message.{html,text}.twig`` with the FHIR
  partial) and the registration e-mail verification mail
  (``verify_email/message-verify-success.*``), rendered with Jinja2 as Twig would (``xlt``
  English, ``text``/``attr`` escaping, no autoescape), the values of
  ``portal/account/account.lib.php`` (a one-hour link, a PIN of six characters from
  ``RandomGenUtils::createUniqueToken(6)``: ``A-Za-z0-9``), its subjects; HTML with the text
  part as AltBody, as PHPMailer sends.

What a person sees decides each label (``code``, or ``null``). No code of otpmail is used.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import itertools
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import collect

HERE = Path(__file__).resolve().parent
GOVUK_COMMIT = "2595754143c01814b3ec14dce8822734de81d0d3"
INDICO_COMMIT = "b8f1fde8b81b199341cc84a75909cb0ed362d44e"
SENT = datetime(2026, 11, 24, 8, 17, 52, tzinfo=UTC)
RNG = random.Random("r3-travel")


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


message = functools.partial(collect.message, sent=SENT)
"""The corpus's one MIME builder (``collect.py``), with this round's Date."""


# --------------------------------------------------------------------------------------
# GOV.UK One Login (GOV.UK Notify markdown)

GOVUK_DIR = "notifications/templates"
GOVUK_TEMPLATES = {
    # template file -> (kind, has code)
    "frontend/en+cy/di-authentication-en-cy-confirm-your-email.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-reset-password-with-code.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-verify-change-how-get-security-codes.email.notify": ("gov-otp", True),
    "account-management/en+cy/di-account-management-en-cy-confirm-your-email.email.notify": ("gov-otp", True),
    "frontend/en+cy/di-authentication-en-cy-account-created-confirmation.email.notify": ("notice", False),
    "frontend/en+cy/di-authentication-en-cy-change-how-get-security-codes-confirmation.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-added-backup-method.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-authenticator-app.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-default-mfa.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-password.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-changed-phone-number.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-delete-account.email.notify": ("notice", False),
    "account-management/en+cy/di-account-management-en-cy-switched-mfa-methods.email.notify": ("notice", False),
}  # fmt: skip
LINK_STYLE = "word-wrap: break-word; color: #1D70B8;"
URL = re.compile(r"""(https?://[^\s<]+[^<.,:"')\]\s])""")
WIDTH = 65


def _inline_html(text: str) -> str:
    out = []
    for i, part in enumerate(URL.split(text)):
        if i % 2:
            out.append(
                f'<a style="{LINK_STYLE}" href="{html.escape(part)}">{html.escape(part)}</a>'
            )
        else:
            out.append(html.escape(part, quote=False))
    return "<br />".join("".join(out).split("\n"))


def _blocks(body: str) -> list[str]:
    return [b.strip("\n") for b in re.split(r"\n[ \t]*\n", body) if b.strip()]


def _render(body: str, *, plain: bool, preheader: bool = False) -> str:
    out: list[str] = []

    def para(text: str) -> str:
        return "\n\n" + text if plain else (
            '<p style="Margin: 0 0 20px 0; font-size: 19px; line-height: 25px; color: #0B0C0C;">'
            f"{_inline_html(text)}</p>")  # fmt: skip

    def heading(text: str, level: int) -> str:
        if preheader:
            return para(text)
        if plain:
            return "\n\n\n" + text + "\n" + ("=" if level == 1 else "-") * WIDTH
        size = "27px; line-height: 35px" if level == 1 else "19px; line-height: 25px"
        tag = "h2" if level == 1 else "h3"
        return (f'<{tag} style="Margin: 0 0 15px 0; padding: 10px 0 0 0; font-size: {size}; '
                f'font-weight: bold; color: #0B0C0C;">{_inline_html(text)}</{tag}>')  # fmt: skip

    for block in _blocks(body):
        if re.fullmatch(r"-{3,}", block.strip()):
            if preheader:
                continue
            out.append(para("".join(itertools.islice(itertools.cycle("=-"), WIDTH))) if plain else
                       '<hr style="border: 0; height: 1px; background: #B1B4B6; Margin: 30px 0 30px 0;">')  # fmt: skip
        elif block.startswith("# "):
            out.append(heading(block[2:].strip(), 1))
        elif block.lstrip().startswith("^"):
            inner = re.sub(r"^ *\^ ?", "", block, flags=re.M)
            rendered = _render(inner, plain=plain, preheader=preheader)
            out.append(rendered if plain else
                       '<blockquote style="Margin: 0 0 20px 0; border-left: 10px solid #B1B4B6;'
                       'padding: 15px 0 0.1px 15px; font-size: 19px; line-height: 25px;">'
                       f"{rendered}</blockquote>")  # fmt: skip
        elif block.startswith("## "):
            out.append(heading(block[3:].strip(), 2))
        elif all(line.startswith("* ") for line in block.split("\n")):
            items = [line[2:].strip() for line in block.split("\n")]
            if plain:
                out.append("\n" + "".join("\n• " + item for item in items))
            else:
                out.append(
                    '<table role="presentation" style="padding: 0 0 20px 0;"><tr>'
                    '<td style="font-family: Helvetica, Arial, sans-serif;">'
                    '<ul style="Margin: 0 0 0 20px; padding: 0; list-style-type: disc;">'
                    + "".join('<li style="Margin: 5px 0 5px; padding: 0 0 0 5px; font-size: 19px;'
                              f'line-height: 25px; color: #0B0C0C;">{_inline_html(i)}</li>' for i in items)
                    + "</ul></td></tr></table>")  # fmt: skip
        else:
            out.append(para(block))
    return "".join(out)


def govuk(repo: Path) -> list[dict[str, Any]]:
    items = []
    for rel, (kind, has_code) in GOVUK_TEMPLATES.items():
        path = f"{GOVUK_DIR}/{rel}"
        source = _show(repo, GOVUK_COMMIT, path)
        subject = re.search(r"Subject:\s*\n\s*\n(.*?)\n", source).group(1).strip()
        body = source.split("Message:", 1)[1].strip("\n") + "\n"
        code = f"{RNG.randrange(10**6):06d}" if has_code else None
        values = {
            "validation-code": code or "",
            "contact-us-link": "https://signin.account.gov.uk/contact-gov-uk-one-login",
            "gov-uk-accounts-url": "https://home.account.gov.uk/",
        }
        body = re.sub(r"\(\(([\w-]+)\)\)", lambda m, values=values: values[m.group(1)], body)
        text = _render(body, plain=True).strip("\n") + "\n"
        pre = re.sub(r"\s+", " ", _render(body, plain=True, preheader=True)).strip()[:256]
        html_body = (
            '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            f"<title>{html.escape(subject)}</title></head>"
            '<body style="font-family: Helvetica, Arial, sans-serif;font-size: 16px;margin: 0;color:#0b0c0c;">'
            '<span style="display: none;font-size: 1px;color: #fff; max-height: 0;" hidden>'
            f"{html.escape(pre)}</span>"
            '<table role="presentation" width="100%" style="border-collapse: collapse;max-width: 580px;">'
            '<tr><td style="font-family: Helvetica, Arial, sans-serif; font-size: 19px; line-height: 1.315789474; max-width: 560px;">'
            f"{_render(body, plain=False)}</td></tr></table></body></html>\n"
        )  # fmt: skip
        name = Path(rel).name.split(".")[0].removeprefix("di-authentication-en-cy-")
        name = name.removeprefix("di-account-management-en-cy-")
        name = ("am-" if rel.startswith("account-management") else "") + name
        raw = message(sender="GOV.UK One Login <no-reply@notifications.service.gov.uk.example>",
                      subject=subject, text=text, html_part=html_body)  # fmt: skip
        items.append(dict(
            id=f"govuk-{name}-en+cy", group=f"govuk-{name}", source="govuk-one-login", lang="en+cy",
            kind=kind, code=code, repository="govuk-one-login/authentication-api", path=path,
            commit=GOVUK_COMMIT, licence="MIT",
            rendered="Notify markdown re-implemented (plain text + inline-styled HTML body with hidden pre-header, no GOV.UK banner); placeholders filled",
            raw=raw, note="one mail in English then Welsh, the code shown twice" if code else
            "security notice; no code to type",
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# Indico (CERN) – the test suite's rendered snapshots

INDICO_DIR = "indico/modules"
INDICO_MAILS = {
    "rb/templates/emails/reservations/tests/creation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/creation_email_to_user_key": "travel-booking",
    "rb/templates/emails/reservations/tests/confirmation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/cancellation_email_to_user": "travel-booking",
    "rb/templates/emails/reservations/tests/rejection_email_to_user": "travel-booking",
    "auth/templates/emails/tests/reset_password": "notice",
}


def indico(repo: Path) -> list[dict[str, Any]]:
    items = []
    for rel, kind in INDICO_MAILS.items():
        body = _show(repo, INDICO_COMMIT, f"{INDICO_DIR}/{rel}.txt")
        subject = _show(repo, INDICO_COMMIT, f"{INDICO_DIR}/{rel}.subject.txt").strip()
        name = rel.split("/")[0] + "-" + rel.rsplit("/", 1)[1].replace("_", "-")
        raw = message(sender="Indico <noreply@indico.example>", subject=subject,
                      text=body.rstrip("\n") + "\n", html_part=None)  # fmt: skip
        items.append(dict(
            id=f"indico-{name}-en", group=f"indico-{name}", source="indico", lang="en", kind=kind,
            code=None, repository="indico/indico",
            path=f"{INDICO_DIR}/{rel}.txt + .subject.txt", commit=INDICO_COMMIT, licence="MIT",
            rendered="Indico's own test-suite snapshot of the rendered mail, sent as text/plain",
            raw=raw, note="booking/account mail with dates, times, room and booking URLs; no code",
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# QloApps (hotel booking)

QLO_COMMIT = "950b37ed1c044f2252149aa09ca7f9adeb97991e"
QLO_SHOP = "Hotel Aurora Lakeside"
QLO_BASE = "https://booking.aurora-lakeside.example/en/"
QLO_MAILS = {
    # template -> (subject, kind, note)
    "awaiting_payment": ("Awaiting payment", "travel-booking", "hotel booking awaiting payment; order reference only"),
    "payment_accepted": ("Complete payment received", "travel-booking", "payment received for a hotel booking; order reference only"),
    "order_canceled": ("Canceled", "travel-booking", "cancelled hotel booking with total, room count, hotel phone; no code"),
    "refund": ("Refunded", "travel-booking", "refund notice; order reference only"),
    "voucher": ("New voucher for your order {ref}", "travel-booking", "gives a VOUCHER CODE to paste at checkout: a discount code, not a one-time code"),
    "account": ("Welcome!", "notice", "welcome mail with the login e-mail address; no code"),
    "password_query": ("Password query confirmation", "notice", "password-reset link; no code"),
}  # fmt: skip


def qloapps(repo: Path) -> list[dict[str, Any]]:
    items = []
    for name, (subject, kind, note) in QLO_MAILS.items():
        ref = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(9))
        values = {
            "{shop_name}": QLO_SHOP, "{shop_url}": QLO_BASE, "{shop_logo}": "cid:logo@aurora-lakeside.example",
            "{my_account_url}": QLO_BASE + "my-account", "{guest_tracking_url}": QLO_BASE + "guest-tracking",
            "{history_url}": QLO_BASE + "order-history", "{firstname}": "Noor", "{lastname}": "Tester",
            "{email}": "noor.tester@example.com", "{order_name}": ref, "{id_order}": ref,
            "{payment_method}": "Bank wire", "{hotel_hotel_name}": "Aurora Lakeside Resort",
            "{hotel_phone}": "+1 555 0148 2290", "{hotel_email}": "frontdesk@aurora-lakeside.example",
            "{total_paid}": "$1,284.60", "{num_rooms}": "2",
            "{voucher_num}": f"{RNG.getrandbits(64):016x}", "{voucher_amount}": "$85.00",
            "{url}": QLO_BASE + "password-recovery?token=" + f"{RNG.getrandbits(128):032x}" + "&id_customer=4187",
            "{extra_mail_content_html}": "", "{extra_mail_content_txt}": "",
        }  # fmt: skip

        def fill(text: str, values: dict[str, str] = values) -> str:
            return re.sub(r"\{\w+\}", lambda m: values.get(m.group(0), m.group(0)), text)

        html_src = _show(repo, QLO_COMMIT, f"mails/en/{name}.html")
        txt_src = html.unescape(_show(repo, QLO_COMMIT, f"mails/en/{name}.txt"))
        txt_src = re.sub(r"<[^>]*>", "", txt_src)  # PHP strip_tags
        full_subject = f"[{QLO_SHOP}] " + subject.format(ref=ref)
        raw = message(sender=f"{QLO_SHOP} <noreply@aurora-lakeside.example>", subject=full_subject,
                      text=fill(txt_src), html_part=fill(html_src))  # fmt: skip
        items.append(dict(
            id=f"qloapps-{name}-en", group=f"qloapps-{name}", source="qloapps", lang="en", kind=kind,
            code=None, repository="Qloapps/QloApps", path=f"mails/en/{name}.html + .txt",
            commit=QLO_COMMIT, licence="OSL-3.0",
            rendered="placeholders filled as classes/Mail.php does (txt strip_tags, subject [shop] prefix)",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# Decidim + Tunnistamo (e-mail confirmation code)

TUNNISTAMO_COMMIT = "25969ecf25a73b82ddec76b237cef49664414ca9"
DECIDIM_LAYOUT = "decidim/decidim decidim-core/app/views/layouts/decidim/mailer.html.erb @ 034c3cafd8336886da220551c300d712b99fe6dc"
TUNNISTAMO_ORG = {"en": "OmaStadi", "fi": "OmaStadi", "sv": "OmaStadi"}
DECIDIM_HEAD = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <meta name="viewport" content="width=device-width">
  </head>

  <body>
    <!-- <style> -->
    <table class="body">
      <tr>
        <td class="float-center" align="center" valign="top">
          <center>
            <table class="main container">
              <tr>
                <td class="decidim-bar">
                  <table class="row collapse">
                    <tr>
                      <th class="small-3 large-3 first columns decidim-bar">
                        <table><tr><th></th></tr></table>
                      </th>
                      <th class="small-6 large-6 columns decidim-bar">
                        <table><tr><th><center>
                          <a href="{root}"><span class="logo-name">{org}</span></a>
                        </center></th></tr></table>
                      </th>
                      <th class="small-3 large-3 last columns decidim-bar">
                        <table><tr><th></th></tr></table>
                      </th>
                      <th class="expander"></th>
                    </tr>
                  </table>
                </td>
              </tr>
              <tr>
                <td>
                  <table class="spacer"><tbody><tr><td height="40px" style="font-size:40px;line-height:40px;"> </td></tr></tbody></table>

                  <table class="row content">
                    <tr>
                      <th class="small-12 first columns">
"""
DECIDIM_TAIL = """                      </th>
                      <th class="expander"></th>
                    </tr>
                  </table>

                  <table class="row">
                    <tr>
                      <th class="expander"></th>
                      <th class="small-12 first columns cityhall-bar">
                        <div class="decidim-logo" style="float: right; text-align: right; padding-right: 16px">
                          <a href="{root}">{org}</a>
                        </div>
                      </th>
                    </tr>
                  </table>
                </td>
              </tr>
            </table>
          </center>
        </td>
      </tr>
    </table>
  </body>
</html>
"""


def tunnistamo(repo: Path) -> list[dict[str, Any]]:
    import yaml

    template = _show(
        repo,
        TUNNISTAMO_COMMIT,
        "app/views/decidim/tunnistamo/email_confirmation_mailer/send_code.html.erb",
    )
    items = []
    for lang in ("en", "fi", "sv"):
        strings = yaml.safe_load(_show(repo, TUNNISTAMO_COMMIT, f"config/locales/{lang}.yml"))
        t = strings[lang]["decidim"]["tunnistamo"]["email_confirmation_mailer"]["send_code"]
        code = f"{RNG.randrange(10**6):06d}"
        org, prefix = TUNNISTAMO_ORG[lang], "OS"
        root = "https://omastadi.hel.fi.example/"
        token = "".join(
            RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
            for _ in range(20)
        )
        link = f'<a target="blank" href="{root}tunnistamo/email_confirmations/confirm_with_token?confirmation_token={token}">{html.escape(t["verify_email"])}</a>'
        body = template
        body = body.replace(
            '<%= t(".welcome", name: @user.name) %>',
            html.escape(t["welcome"].replace("%{name}", "Noor Tester")),
        )
        for key in ("content", "details", "alternatively"):
            body = body.replace(f'<%= t(".{key}") %>', html.escape(t[key]))
        body = body.replace('<%= "#{@prefix}-" %>', f"{prefix}-").replace("<%= @code %>", code)
        body = body.replace("<% if @confirmation_token %>", "").replace("<% end %>", "")
        body = re.sub(r'<%= link_to t\("\.verify_email"\).*?%>', link, body)
        assert "<%" not in body, body
        page = (
            DECIDIM_HEAD.replace("{root}", root).replace("{org}", org)
            + body
            + DECIDIM_TAIL.replace("{root}", root).replace("{org}", org)
        )
        raw = message(
            sender=f"{org} <no-reply@omastadi.hel.fi.example>",
            subject=t["subject"],
            text=None,
            html_part=page,
        )
        items.append(dict(
            id=f"tunnistamo-send-code-{lang}", group="tunnistamo-send-code", source="decidim-tunnistamo",
            lang=lang, kind="gov-otp", code=code, repository="mainio/decidim-module-tunnistamo",
            path=f"app/views/decidim/tunnistamo/email_confirmation_mailer/send_code.html.erb + config/locales/{lang}.yml",
            commit=TUNNISTAMO_COMMIT, licence="AGPL-3.0",
            rendered=f"ERB filled by hand in Decidim's mailer layout ({DECIDIM_LAYOUT}, reduced as the docstring says); HTML only",
            raw=raw, note=f"the mail shows the organisation prefix in its own box before the code ('{prefix}-' then '{code}'); the form accepts the digits (code.scan(/\\d+/).first)",
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# Tamanu (health information system)

TAMANU_COMMIT = "dd80ca4dfb82b4bdb309c80333677a3c2288a824"
TAMANU_SETTINGS = "packages/settings/src/schema/global.ts"
TAMANU_RESET = "packages/central-server/app/auth/resetPassword.js"


def _tamanu_template(source: str, key: str) -> tuple[str, str]:
    start = source.index(f"{key}: {{")
    found = re.findall(r"defaultValue:\s*'((?:[^'\\]|\\.)*)'", source[start : start + 1500])
    subject, body = found[0], found[1]

    def unescape(text: str) -> str:
        return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)

    return unescape(subject), unescape(body)


def _fill_dollar(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace(f"${key}$", value)
    return text


def tamanu(repo: Path) -> list[dict[str, Any]]:
    import base64

    settings = _show(repo, TAMANU_COMMIT, TAMANU_SETTINGS)
    patient = {"firstName": "Noor", "lastName": "Tester", "facilityName": "Motootua Health Centre"}
    items = []

    def add(
        name: str,
        kind: str,
        subject: str,
        body: str,
        code: str | None,
        path: str,
        rendered: str,
        note: str,
    ) -> None:
        raw = message(
            sender="Tamanu <noreply@tamanu.example>", subject=subject, text=body, html_part=None
        )
        items.append(dict(
            id=f"tamanu-{name}-en", group=f"tamanu-{name}", source="tamanu", lang="en", kind=kind,
            code=code, repository="beyondessential/tamanu", path=path, commit=TAMANU_COMMIT,
            licence="GPL-3.0-or-later", rendered=rendered, raw=raw, note=note,
        ))  # fmt: skip

    code = "".join(str(RNG.randrange(10)) for _ in range(6))
    subject, body = _tamanu_template(settings, "patientPortalLoginEmail")
    add("portal-login-code", "health-otp", _fill_dollar(subject, {"token": code}), _fill_dollar(body, {"token": code}),
        code, TAMANU_SETTINGS + " (templates.patientPortalLoginEmail)",
        "default setting template filled with $token$ as patientPortalApi/auth/login.js does; text/plain",
        "patient-portal sign-in code")  # fmt: skip

    reset_src = _show(repo, TAMANU_COMMIT, TAMANU_RESET)
    literal = re.search(r"const emailText = `(.*?)`;", reset_src, re.S).group(1)
    token = base64.b64encode(RNG.randbytes(6)).decode()
    body = literal.replace("${user.displayName}", "Noor Tester").replace("${token}", token)
    add("reset-password", "health-otp", "Tamanu password reset", body, token, TAMANU_RESET,
        "template literal filled as sendResetEmail does (base64 of 6 random bytes); text/plain",
        "reset code to enter into Tamanu; eight base64 characters, case-sensitive, may hold + or /")  # fmt: skip

    for name, key, kind, extra, note in (
        ("appointment-confirmation", "outpatientAppointment", "notice",
         {"startDate": "Tuesday, December 15th, 2026", "startTime": "9:30 AM", "locationName": "Outpatient Clinic 2",
          "clinicianName": "\nClinician: Dr Sione Faleolo"}, "appointment confirmation with date and time; no code"),
        ("booking-confirmation", "locationBooking", "notice",
         {"startDate": "Wednesday, December 16th, 2026", "startTime": "2:15 PM", "locationName": "Physiotherapy Room B",
          "clinicianName": ""}, "location booking confirmation with date and time; no code"),
        ("portal-registration", "patientPortalRegistrationEmail", "notice",
         {"registrationLink": "https://portal.tamanu.example/register/" + f"{RNG.getrandbits(128):032x}"},
         "portal registration link; no code"),
        ("form-request", "patientPortalRegisteredFormEmail", "notice",
         {"loginLink": "https://portal.tamanu.example/login"}, "form request with a login link; no code"),
    ):  # fmt: skip
        subject, body = _tamanu_template(settings, key)
        values = {**patient, **extra}
        add(name, kind, _fill_dollar(subject, values), _fill_dollar(body, values), None,
            f"{TAMANU_SETTINGS} (templates.*.{key})",
            "default setting template filled as replaceInTemplate does; text/plain", note)  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# MOSIP (national ID platform)

MOSIP_COMMIT = "e5a2032e10647da5879367e99ea90a793b2b6b70"
MOSIP_PATH = "mosip_master/csv/template.csv"
MOSIP_NAMES = {"eng": "Noor Tester", "fra": "Noor Tester", "spa": "Noor Tester", "ara": "نور تستر",
               "hin": "नूर टेस्टर", "kan": "ನೂರ್ ಟೆಸ್ಟರ್", "tam": "நூர் டெஸ்டர்"}  # fmt: skip
MOSIP_LANG = {
    "eng": "en",
    "fra": "fr",
    "spa": "es",
    "ara": "ar",
    "hin": "hi",
    "kan": "kn",
    "tam": "ta",
}
MOSIP_MAILS = (
    # name, subject type, content type, module, languages, kind, has code, note
    ("ida-otp", "ida-auth-otp-email-subject-template", "ida-auth-otp-email-content-template",
     "ID Authentication", ("eng", "fra", "ara", "hin", "kan", "tam"), "gov-otp", True,
     "OTP for a masked UIN (XXXXXXXX + two digits) with date and time"),
    ("prereg-otp", "otp-email-subject-template", "otp-email-content-template",
     "Pre-Registration", ("eng", "fra", "tam"), "gov-otp", True,
     "OTP next to a 14-digit pre-registration id (PRID), also in the subject; the English text says 'TP' as the template does"),
    ("regclient-otp", "OTP-email-subject-template", "OTP-email-content-template",
     "Registration Client", ("eng", "fra", "hin", "tam"), "gov-otp", True,
     "OTP for an operator user name; fra shows '$heure', hin '$validtime' unfilled as Velocity leaves them"),
    ("auth-notice", "auth-email-subject", "auth-email-content",
     "ID Authentication", ("eng", "fra", "ara", "hin"), "notice", False,
     "authentication notice 'using OTP ... Passed' with masked UIN, date, time; no code"),
    ("uin-generated", "RPR_UIN_GEN_EMAIL_SUB", "RPR_UIN_GEN_EMAIL",
     "Registration Processor", ("eng", "fra"), "notice", False,
     "UIN generated for a 29-digit registration id (RID); no code"),
    ("uin-card-request", "get-my-uin-card-request-received-email-subject", "get-my-uin-card-request-received-email-content",
     "Resident Services", ("eng", "spa", "ara"), "notice", False,
     "request acknowledgement with a 16-digit event id and tracking link; no code"),
)  # fmt: skip


def _velocity(template: str, context: dict[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        quiet, name = m.group(1), m.group(2)
        if name in context:
            return context[name]
        return "" if quiet else m.group(0)

    return re.sub(r"\$(!?)([A-Za-z][A-Za-z0-9_-]*)", one, template)


def mosip(repo: Path) -> list[dict[str, Any]]:
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(_show(repo, MOSIP_COMMIT, MOSIP_PATH))))

    def template(kind: str, lang: str, module: str) -> str:
        found = [r for r in rows if r["template_typ_code"] == kind and r["lang_code"] == lang]
        assert found, (kind, lang)
        same_module = [r for r in found if r["module_name"].strip() == module]
        return (same_module or found)[0]["file_txt"]

    items = []
    for name, subj_kind, body_kind, module, langs, kind, has_code, note in MOSIP_MAILS:
        for lang in langs:
            code = f"{RNG.randrange(10**6):06d}" if has_code else None
            uin = "".join(str(RNG.randrange(10)) for _ in range(10))
            when = datetime(2026, 11, 24, 8, 17, RNG.randrange(60))
            context = {
                "name": MOSIP_NAMES[lang], "fullName_eng": "Noor Tester", "fullName_fra": "Noor Tester",
                "idvidType": "UIN", "idvid": "XXXXXXXX" + uin[-2:], "otp": code or "",
                "validTime": "3", "date": when.strftime("%d-%m-%Y"), "time": when.strftime("%H:%M:%S"),
                "PRID": "".join(str(RNG.randrange(10)) for _ in range(14)),
                "username": "noor.tester", "authType": "OTP", "status": "Passed" if name == "auth-notice" else "In Progress",
                "RID": "10001100010002" + "".join(str(RNG.randrange(10)) for _ in range(15)),
                "eventDetails": "Get my UIN card", "eventId": "".join(str(RNG.randrange(10)) for _ in range(16)),
                "trackServiceRequestLink": "https://resident.mosip.example/#/uinservices/track-service-request",
            }  # fmt: skip
            subject = _velocity(template(subj_kind, lang, module), context).strip()
            body = _velocity(template(body_kind, lang, module), context).strip()
            raw = message(
                sender="MOSIP <no-reply@mosip.example>",
                subject=subject,
                text=None,
                html_part=body + "\n",
            )
            items.append(dict(
                id=f"mosip-{name}-{MOSIP_LANG[lang]}", group=f"mosip-{name}", source="mosip", lang=MOSIP_LANG[lang],
                kind=kind, code=code, repository="mosip/mosip-data",
                path=f"{MOSIP_PATH} ({subj_kind}, {body_kind}, {lang})", commit=MOSIP_COMMIT, licence="MPL-2.0",
                rendered="Velocity templates filled as the sender does (see docstring); text/html, one language",
                raw=raw, note=note,
            ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# OpenCRVS (civil registration)

OPENCRVS_COMMIT = "c6f7c50639263fb2935d42d192d5c03569d11ca6"
OPENCRVS_DIR = "src/api/notification/email-templates"
OPENCRVS_MAILS = (
    # template, subject, kind, has code, note
    ("other/2-factor-authentication", "Two factor authentication", "gov-otp", True, "sign-in authentication code"),
    ("other/password-reset", "Account password reset request", "gov-otp", True, "password-reset code"),
    ("other/change-email-address", "Email address change request", "gov-otp", True, "code to confirm an e-mail change"),
    ("other/change-phone-number", "Phone number change request", "gov-otp", True, "code to confirm a phone-number change"),
    ("birth/registration", "Birth declaration registered", "notice", False,
     "birth registration number (BRN, 12 characters, bold) and tracking id: identifiers, not codes to type"),
    ("birth/inProgress", "Birth declaration in progress", "notice", False, "tracking id in bold; no code"),
    ("other/correction-approved", "Correction request approved", "notice", False, "record tracking id; no code"),
    ("other/username-reminder", "Account username reminder", "notice", False, "user name in bold; no code"),
)  # fmt: skip


def _handlebars(template: str, values: dict[str, str]) -> str:
    def branch(m: re.Match[str]) -> str:
        return m.group(2) if values.get(m.group(1)) else (m.group(3) or "")

    template = re.sub(
        r"\{\{#if (\w+)\}\}(.*?)(?:\{\{else\}\}(.*?))?\{\{/if\}\}", branch, template, flags=re.S
    )
    return re.sub(r"\{\{(\w+)\}\}", lambda m: html.escape(values.get(m.group(1), "")), template)


def opencrvs(repo: Path) -> list[dict[str, Any]]:
    alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    items = []
    for rel, subject, kind, has_code, note in OPENCRVS_MAILS:
        code = f"{RNG.randrange(10**6):06d}" if has_code else None
        tracking = "B" + "".join(RNG.choice(alnum) for _ in range(6))
        values = {
            "applicationName": "Farajaland CRS", "countryLogo": "https://countryconfig.farajaland.example/content/country-logo",
            "firstname": "Noor", "firstNames": "Noor", "lastName": "Tester", "code": code or "",
            "username": "n.tester", "informantName": "Noor Tester", "name": "Amani Tester",
            "registrationNumber": "".join(RNG.choice(alnum) for _ in range(12)), "trackingId": tracking,
            "crvsOffice": "Ibombo District Office", "registrationLocation": "Ibombo", "event": "birth",
        }  # fmt: skip
        body = _handlebars(_show(repo, OPENCRVS_COMMIT, f"{OPENCRVS_DIR}/{rel}.html"), values)
        name = rel.replace("/", "-").replace("other-", "").lower()
        raw = message(
            sender="Farajaland CRS <noreply@farajaland.example>",
            subject=subject,
            text=None,
            html_part=body,
        )
        items.append(dict(
            id=f"opencrvs-{name}-en", group=f"opencrvs-{name}", source="opencrvs", lang="en", kind=kind,
            code=code, repository="opencrvs/opencrvs-farajaland", path=f"{OPENCRVS_DIR}/{rel}.html",
            commit=OPENCRVS_COMMIT, licence="MPL-2.0",
            rendered="Handlebars template filled as renderTemplate does; subject from index.ts; text/html",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


# --------------------------------------------------------------------------------------
# OpenEMR (patient portal), templates read with read_file

OPENEMR_TEMPLATES = {
    # path -> (commit, text)
    "templates/emails/patient/reset_credentials/message.html.twig": (
        "a2e26ee79e272b6232d1ca74f916b9eca5b496d2",
        """<html>
    <body>
        <div class='wrapper'>
            <p>{{  "We received a credentials reset request. The link to reset your credentials is below."|xlt }}</p>
            <p>{{ "Please ignore this email if you did not make this request"|xlt }}</p>
            <p><strong>{{ "Credentials Reset. Below link is only valid for one hour."|xlt }}: </strong></p>
            <a href="{{ encoded_link|attr }}">{{ encoded_link|text }}</a>
            <p><strong>{{ "One Time verification PIN"|xlt }}: </strong>{{ pin|text }}</p>
            <p><strong>{{ "Your Portal Login Web Address. Bookmark for future logins."|xlt }}: </strong></p>
            <p><a href='{{ portal_onsite_two_address|attr }}'>{{ portal_onsite_two_address|text }}</a></p>

            {% include 'emails/partials/patient/email-message-fhir-access.html.twig' with {fhir_address: fhir_address, fhir_requirements_address: fhir_requirements_address} %}
            <p>{{ "Thank you for allowing us to serve you."|xlt }}</p>
        </div>
    </body>
</html>
""",
    ),
    "templates/emails/patient/reset_credentials/message.text.twig": (
        "26d749c4f8466ed9254f786d3023647398e2708b",
        """{{  "We received a credentials reset request. The link to reset your credentials is below."|xlt }}
{{ "Please ignore this email if you did not make this request"|xlt }}
{{ "Credentials Reset. Below link is only valid for one hour."|xlt }}:
{{ encoded_link|text }}
{{ "One Time verification PIN"|xlt }}: </strong>{{ pin|text  }}
{{ "Your Portal Login Web Address. Bookmark for future logins."|xlt  }}:
{{ portal_onsite_two_address|text }}

{% include 'emails/partials/patient/email-message-fhir-access.text.twig' with {fhir_address: fhir_address, fhir_requirements_address: fhir_requirements_address} %}
""",
    ),
    "templates/emails/partials/patient/email-message-fhir-access.html.twig": (
        "26bb8680d5e55af1aa48a89ccc7341b5bca26dfc",
        """<p><strong>{{ "3rd Party API Access"|xlt }}</strong></p>
<p><strong>{{ "API Access Address"|xlt }}: </strong><a href="{{ fhir_address|attr }}">{{ fhir_address|text }}</a></p>
<p><strong>{{ "Technical Requirements Documentation"|xlt }}: </strong><a href='{{ fhir_requirements_address|attr }}' target='_blank'>{{ fhir_requirements_address|text }}</a></p>
<p>{{ "You can use the above API Address with any app of your choice to access your patient data as long as it meets the technical requirements for our service." }}</p>""",
    ),
    "templates/emails/partials/patient/email-message-fhir-access.text.twig": (
        "51c88db5ac187331390b77e7c32e16ce60868f62",
        """{{ "3rd Party API Access"|xlt }}
{{ "API Access Address"|xlt }}: {{ fhir_address|text }}
{{ "Technical Requirements Documentation"|xlt }}: {{ fhir_requirements_address|text }}
{{ "You can use the above API Address with any app of your choice to access your patient data as long as it meets the technical requirements for our service." }}""",
    ),
    "templates/emails/patient/verify_email/message-verify-success.html.twig": (
        "26d749c4f8466ed9254f786d3023647398e2708b",
        """<html>
    <body>
        <div class='wrapper'>
            <p>{{ "We received a patient registration email verification request. The link to verify your email is below." }}</p>
            <p>{{ "Please ignore this email if you did not make this request"|xlt }}</p>
            <p><strong>{{ "Below link is only valid for one hour."|xlt }}: </strong></p>
            <a href="{{ encoded_link|attr }}">{{ encoded_link|text }}</a>
            <p>{{ "Thank You."|xlt }}</p>
        </div>
    </body>
</html>
""",
    ),
    "templates/emails/patient/verify_email/message-verify-success.text.twig": (
        "26d749c4f8466ed9254f786d3023647398e2708b",
        """{{ "We received a patient registration email verification request. The link to verify your email is below." }}
{{ "Please ignore this email if you did not make this request"|xlt }}
{{ "Below link is only valid for one hour."|xlt }}: {{ encoded_link|text }}
{{ "Thank You."|xlt }}
""",
    ),
}
OPENEMR_LIB = ("portal/account/account.lib.php", "115fb4a0af8ce8c6349bf2b5cc628bdc00ff0107")


def openemr() -> list[dict[str, Any]]:
    import base64
    import urllib.parse

    import jinja2

    sources = {
        path.removeprefix("templates/"): re.sub(
            r"(\{% include '[^']+') with \{[^}]*\} %\}", r"\1 %}", text
        )
        for path, (_, text) in OPENEMR_TEMPLATES.items()
    }
    env = jinja2.Environment(
        loader=jinja2.DictLoader(sources), autoescape=False, keep_trailing_newline=True
    )
    env.filters.update(
        xlt=lambda v: v, text=lambda v: html.escape(str(v)), attr=lambda v: html.escape(str(v))
    )
    portal = "https://portal.riverside-clinic.example/portal/index.php"

    def encrypted() -> str:
        return "007" + base64.b64encode(RNG.randbytes(96)).decode()

    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    items = []
    for name, folder, template, subject, kind, has_pin, note in (
        ("reset-credentials", "reset_credentials", "message", "Access Your Patient Portal / 3rd Party API Access",
         "health-otp", True, "a one-hour reset link and a 'One Time verification PIN' (six letters/digits) to enter on the reset page"),
        ("verify-email", "verify_email", "message-verify-success", "Verify your email for patient portal registration",
         "notice", False, "e-mail verification link only; no code"),
    ):  # fmt: skip
        pin = "".join(RNG.choice(alphabet) for _ in range(6)) if has_pin else None
        key = "forward" if has_pin else "forward_email_verify"
        data = {
            "portal_onsite_two_address": portal, "pin": pin,
            "encoded_link": portal + "?" + urllib.parse.urlencode({key: encrypted(), "site": "default"}),
            "fhir_address": "https://portal.riverside-clinic.example/apis/default/fhir",
            "fhir_requirements_address": "https://portal.riverside-clinic.example/interface/smart/api-requirements.php",
        }  # fmt: skip
        body_html = env.get_template(f"emails/patient/{folder}/{template}.html.twig").render(data)
        body_text = env.get_template(f"emails/patient/{folder}/{template}.text.twig").render(data)
        paths = [
            p for p in OPENEMR_TEMPLATES if f"/{folder}/" in p or (has_pin and "fhir-access" in p)
        ]
        raw = message(sender="Riverside Clinic <portal@riverside-clinic.example>", subject=subject,
                      text=body_text, html_part=body_html)  # fmt: skip
        items.append(dict(
            id=f"openemr-{name}-en", group=f"openemr-{name}", source="openemr", lang="en", kind=kind, code=pin,
            repository="openemr/openemr", path=" + ".join([*paths, OPENEMR_LIB[0]]),
            commit=OPENEMR_TEMPLATES[paths[0]][0], licence="GPL-3.0",
            rendered="Twig templates read via read_file (commits per file in the script: "
            + ", ".join(f"{p.rsplit('/', 1)[1]}@{OPENEMR_TEMPLATES[p][0][:12]}" for p in paths)
            + f"; {OPENEMR_LIB[0]}@{OPENEMR_LIB[1][:12]}), rendered with Jinja2 as Twig; html + text AltBody",
            raw=raw, note=note,
        ))  # fmt: skip
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--govuk", type=Path, required=True)
    ap.add_argument("--indico", type=Path, required=True)
    ap.add_argument("--qloapps", type=Path, required=True)
    ap.add_argument("--tunnistamo", type=Path, required=True)
    ap.add_argument("--tamanu", type=Path, required=True)
    ap.add_argument("--mosip", type=Path, required=True)
    ap.add_argument("--opencrvs", type=Path, required=True)
    args = ap.parse_args()
    items = (
        govuk(args.govuk)
        + indico(args.indico)
        + qloapps(args.qloapps)
        + tunnistamo(args.tunnistamo)
    )
    items += tamanu(args.tamanu) + mosip(args.mosip) + opencrvs(args.opencrvs)
    items += openemr()
    out = []
    for item in items:
        raw = item.pop("raw")
        rel = f"mail/{item['source']}/{item['id']}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item["file"] = rel
        item["sha256"] = hashlib.sha256(raw).hexdigest()
        out.append(item)
    ids = [i["id"] for i in out]
    assert len(ids) == len(set(ids)), ids
    (HERE / "round3").mkdir(exist_ok=True)
    (HERE / "round3" / "travel.json").write_text(
        json.dumps({"items": out}, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(len(out), "mails;", sum(i["code"] is not None for i in out), "with a code")


if __name__ == "__main__":
    main()
