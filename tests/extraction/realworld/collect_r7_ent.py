"""Round seven (``ent``): e-mail security codes of .NET enterprise frameworks, and notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r7_ent.py \\
        --abp /work/.mirror/aspnetboilerplate+aspnetboilerplate/repo \\
        --orchard-po /work/.mirror/OrchardCMS+OrchardCore.Translations/repo \\
        --grandnode /work/.mirror/grandnode+grandnode2/repo

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- ``--abp``: a git snapshot of aspnetboilerplate/aspnetboilerplate (MIT). Its Zero module's
  localisation dictionaries ``src/Abp.ZeroCore/Zero/Localization/SourceExt/AbpZero*.xml``
  hold ``EmailSecurityCodeSubject`` and ``EmailSecurityCodeBody`` ("Your security code is:
  {0}"). ABP's own ``src/Abp.Zero/Authorization/Users/AbpUserManager.cs`` (ASP.NET
  Identity 2; at ``ABP_MANAGER_COMMIT``, the last commit before it left the solution)
  registers the e-mail two-factor provider as ``EmailTokenProvider`` with ``Subject =
  L("EmailSecurityCodeSubject")`` and ``BodyFormat = L("EmailSecurityCodeBody")``, and ABP
  Zero applications on ASP.NET Core send the code with exactly these strings:
  ``message = L("EmailSecurityCodeBody", code)`` then
  ``_emailSender.SendAsync(email, L("EmailSecurityCodeSubject"), message)``; ABP's
  ``IEmailSender.SendAsync`` has ``isBodyHtml = true`` by default
  (``src/Abp/Net/Mail/IEmailSender.cs``), so the body is one text/html line. The code comes
  from ``UserManager.GenerateTwoFactorTokenAsync(user, "Email")``: ASP.NET Core Identity's
  e-mail token provider, six digits (``D6``, leading zeros kept). Every language whose
  dictionary has both strings is taken (12).
- ``--orchard-po``: a git snapshot of OrchardCMS/OrchardCore.Translations (BSD-3-Clause, the
  Crowdin ``.po`` files of OrchardCore). Orchard Core (OrchardCMS/OrchardCore, BSD-3-Clause)
  itself is too large to fetch; its files were read with ``read_file`` and are cited inline.

  * ``two-factor-email``: ``EmailAuthenticatorController.SendCode`` (commit in
    ``ORCHARD_2FA_COMMIT``) renders the site's Liquid subject and body, by default
    ``EmailAuthenticatorLoginSettings.DefaultSubject`` / ``DefaultBody`` (inline below, from
    ``src/OrchardCore/OrchardCore.Users.Core/Models/EmailAuthenticatorLoginSettings.cs``),
    with ``Code`` = ``GenerateTwoFactorTokenAsync(user, TokenOptions.DefaultEmailProvider)``
    (six digits) and sends it ``IsHtmlBody = true``. The default is not localised: English
    only.
  * ``confirm-email`` and ``lost-password``: ``UserEmailService`` sends the Razor views
    ``TemplateUserConfirmEmail.cshtml`` / ``TemplateUserLostPassword.cshtml`` (no layout) with
    subjects ``S["Confirm your account"]`` / ``S["Reset your password"]``. The views of the
    version the ``.po`` files were extracted from are quoted line by line in the ``#.``
    comments of ``OrchardCore.Users.po`` (each line a ``<p>`` with one ``T[...]`` string);
    they are rebuilt from those lines, strings taken from each language's ``.po`` (subjects
    fall back to English where untranslated, as Orchard does). ``totalMinutes`` is the token
    lifespan in minutes; ASP.NET Core Identity's default of one day (1440) is used. The
    confirm URL is written raw, the reset URL HTML-encoded, as the views do. Links only: no
    code to type. Only languages with every body string translated are taken.
- ``--grandnode``: a git snapshot of grandnode/grandnode2 (GPL-3.0), an ASP.NET Core shop.
  Its seeded message templates (``src/Modules/Grand.Module.Installer/Services/
  InstallDataMessageTemplates.cs``) are read from the C# source (regular literals unescaped,
  the verbatim ``OrderProducts`` / ``ShipmentProducts`` tables joined in as the seed joins
  them) and rendered with Jinja2, which covers the Liquid subset they use (``null`` bound to
  None). ``Customer.EmailTokenValidationMessage`` carries the e-mail two-factor code:
  ``TwoFactorAuthenticationService.PrepareRandomCode`` = ``Random.Next(0, 999999)
  .ToString("D6")``. Negatives from the same shop: order placed (order number, prices,
  SKUs, addresses), shipment sent, gift voucher (a voucher code, not a sign-in code) and
  password recovery (a link). English only (the seed is English). A later rewrite of the
  seed (``Services/MessageTemplates/MessageTemplateSeed*.cs`` on GitHub, newer than the
  snapshot, read with ``read_file`` and held inline with commits cited) wraps each template
  in ``Layout(preheader, heading, content)`` with a hidden pre-header and ``Button()``
  links; its e-mail code (six digits in a large letter-spaced cell) and password-reset
  mails are rendered too, as groups of their own (``grandnode-seed-*``).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import json
import random
import re
import subprocess
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 11, 24, 7, 12, 45, tzinfo=UTC)
RNG = random.Random("r7-ent")

ABP_COMMIT = "a2ccd05f849feaba6be88693417409b3f4168cee"
ABP_MANAGER_COMMIT = "52990d2108edb4209537a941d034e73ae1ee418e"
ABP_DIR = "src/Abp.ZeroCore/Zero/Localization/SourceExt/"
ORCHARD_PO_COMMIT = "e2415cc9dc420c3ce6f9ea9b3bcbb22f5d6b3b6a"
ORCHARD_2FA_COMMIT = "67e925869337f30b72c18be0e903e2895e135799"  # EmailAuthenticatorController.cs
ORCHARD_SETTINGS_COMMIT = "780402be4b62c71d7c68c06c638fca12687e7ac4"
# OrchardCMS/OrchardCore src/OrchardCore/OrchardCore.Users.Core/Models/
# EmailAuthenticatorLoginSettings.cs @ ORCHARD_SETTINGS_COMMIT (read with read_file):
ORCHARD_2FA_SUBJECT = "Your verification code"
ORCHARD_2FA_BODY = (
    "We received your request for a one-time code to authentication your account. "
    "Your code is {{ Code }}"
)
ORCHARD_LANGS_MAX = 9
GRANDNODE_COMMIT = "22c554f0562ed2564b01fe61f42dfa44cc6607bd"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _ls(repo: Path, commit: str, path: str) -> list[str]:
    out = subprocess.run(
        ["git", "--git-dir", str(repo), "ls-tree", "-r", "--name-only", commit, path],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return sorted(out.split())


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _message(*, sender: str, subject: str, html_body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<r7ent@mail.example>"
    msg.set_content(html_body, subtype="html", charset="utf-8")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def _write(item: dict[str, Any], raw: bytes) -> dict[str, Any]:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    return item


# ---------------------------------------------------------------------------------------
# ASP.NET Boilerplate (ABP Zero)


def _abp_texts(xml_text: str) -> tuple[str, dict[str, str]]:
    root = ET.fromstring(xml_text.lstrip("\ufeff"))
    texts = {}
    for el in root.iter("text"):
        value = el.get("value")
        texts[el.get("name", "")] = value if value is not None else (el.text or "")
    return root.get("culture", ""), texts


def abp(repo: Path) -> list[dict[str, Any]]:
    items = []
    for path in _ls(repo, ABP_COMMIT, ABP_DIR):
        culture, texts = _abp_texts(_show(repo, ABP_COMMIT, path))
        subject, body = texts.get("EmailSecurityCodeSubject"), texts.get("EmailSecurityCodeBody")
        if not subject or not body:
            continue
        code = _digits(6)
        raw = _message(
            sender="Contoso Portal <noreply@portal.example>",
            subject=subject,
            html_body=body.replace("{0}", code),
        )
        item = {
            "id": f"abp-email-security-code-{culture}",
            "group": "abp-email-security-code",
            "source": "abp",
            "lang": culture,
            "kind": "saas-otp",
            "code": code,
            "repository": "aspnetboilerplate/aspnetboilerplate",
            "path": f"{path}; src/Abp/Net/Mail/IEmailSender.cs; "
            f"src/Abp.Zero/Authorization/Users/AbpUserManager.cs (at {ABP_MANAGER_COMMIT})",
            "commit": ABP_COMMIT,
            "licence": "MIT",
            "rendered": "EmailSecurityCodeSubject as subject, EmailSecurityCodeBody with {0} = "
            "six-digit Identity e-mail token as the one-line text/html body (IEmailSender "
            "isBodyHtml default)",
        }
        items.append(_write(item, raw))
    return items


# ---------------------------------------------------------------------------------------
# Orchard Core


def _po(text: str) -> tuple[dict[tuple[str, str], list[str]], dict[str, list[str]], str]:
    """(context, msgid) -> msgstr forms; view name -> the template lines quoted in ``#.``."""
    entries: dict[tuple[str, str], list[str]] = {}
    lines: dict[str, list[str]] = {}
    plural = "nplurals=2; plural=(n != 1);"
    found = re.search(r'"Plural-Forms: ([^"\\]*)', text)
    if found:
        plural = found.group(1)
    for block in text.split("\n\n"):
        ctx = re.search(r'^msgctxt "(.*)"$', block, re.M)
        mid = re.search(r'^msgid "(.*)"$', block, re.M)
        if not ctx or not mid:
            continue
        strs = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', block, re.M)
        key = (ctx.group(1), json.loads(f'"{mid.group(1)}"'))
        entries[key] = [json.loads(f'"{s}"') for s in strs]
        comments = [c for c in re.findall(r"^#\. (.*)$", block, re.M)]
        if comments:
            lines.setdefault(ctx.group(1), []).append(comments[0])
    return entries, lines, plural


def _plural_index(plural: str, n: int) -> int:
    expr = re.search(r"plural=(.*?);?\s*$", plural).group(1)
    return gettext.c2py(expr)(n)


def orchard_2fa() -> dict[str, Any]:
    code = _digits(6)
    body = ORCHARD_2FA_BODY.replace("{{ Code }}", html.escape(code))
    raw = _message(
        sender="Contoso CMS <noreply@cms.example>", subject=ORCHARD_2FA_SUBJECT, html_body=body
    )
    item = {
        "id": "orchardcore-two-factor-email-en",
        "group": "orchardcore-two-factor-email",
        "source": "orchardcore",
        "lang": "en",
        "kind": "saas-otp",
        "code": code,
        "repository": "OrchardCMS/OrchardCore",
        "path": "src/OrchardCore/OrchardCore.Users.Core/Models/EmailAuthenticatorLoginSettings.cs; "
        "src/OrchardCore.Modules/OrchardCore.Users/Controllers/EmailAuthenticatorController.cs",
        "commit": ORCHARD_SETTINGS_COMMIT,
        "licence": "BSD-3-Clause",
        "rendered": "default Liquid subject/body filled by hand with a six-digit Identity e-mail "
        f"token, sent as text/html (controller at {ORCHARD_2FA_COMMIT}); read with read_file",
    }
    return _write(item, raw)


def _orchard_view(
    view: str, lines: list[str], entries: dict, plural: str, values: dict[str, str]
) -> str | None:
    ctx = f"OrchardCore.Users.Views.{view}"
    out = []
    for line in lines:
        tr = re.search(r'T\["((?:[^"\\]|\\.)*)"(?:,\s*(.*?))?\](?=</p>|$)', line)
        pl = re.search(r'T\.Plural\(totalMinutes, "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"', line)
        if pl:
            msgid = json.loads(f'"{pl.group(1)}"')
            forms = entries.get((ctx, msgid))
            if forms is None:
                forms = [msgid, json.loads(f'"{pl.group(2)}"')]
            n = 1440
            idx = (
                _plural_index(plural, n) if forms != [msgid, json.loads(f'"{pl.group(2)}"')] else 1
            )
            text = forms[idx]
            if not text:
                return None
            text = text.replace("{0}", str(n))
        elif tr:
            msgid = json.loads(f'"{tr.group(1)}"')
            forms = entries.get((ctx, msgid), [msgid])
            text = forms[0]
            if not text:
                return None
            arg = tr.group(2)
            if arg:
                text = text.replace("{0}", values[arg.strip()])
        else:
            raise ValueError(line)
        stripped = line.strip()
        out.append(f"<p>{text}</p>" if stripped.startswith("<p>") else f"<p>\n{text}\n</p>")
    return "\n\n".join(out) + "\n"


def orchard_notices(po_repo: Path) -> list[dict[str, Any]]:
    langs = ["en"] + [
        p.split("/")[1]
        for p in _ls(po_repo, ORCHARD_PO_COMMIT, "Localization")
        if p.endswith("/OrchardCore.Users.po")
    ]
    en_text = _show(po_repo, ORCHARD_PO_COMMIT, "Localization/de/OrchardCore.Users.po")
    _, template_lines, _ = _po(en_text)
    user = "noor.tester"
    token = "CfDJ8" + "".join(
        RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in range(150)
    )
    confirm_url = (
        "https://cms.example/Users/EmailConfirmation/ConfirmEmail?userId=4x7mz1qk0a9vcjw3rd8ny2hb5e"
        f"&code={token}"
    )
    reset_url = f"https://cms.example/ResetPassword?code={token[::-1]}"
    views = {
        "confirm-email": ("TemplateUserConfirmEmail", "Confirm your account",
                          {"Model.User.UserName": user, "Html.Raw(Model.ConfirmEmailUrl)": confirm_url}),
        "lost-password": ("TemplateUserLostPassword", "Reset your password",
                          {"Model.User.UserName": user, "Model.LostPasswordUrl": html.escape(reset_url)}),
    }  # fmt: skip
    items = []
    taken = 0
    for lang in langs:
        if taken >= ORCHARD_LANGS_MAX:
            break
        if lang == "en":
            entries, plural = {}, "nplurals=2; plural=(n != 1);"
        else:
            path = f"Localization/{lang}/OrchardCore.Users.po"
            entries, _, plural = _po(_show(po_repo, ORCHARD_PO_COMMIT, path))
        rendered = {}
        for name, (view, subject_id, values) in views.items():
            body = _orchard_view(view, template_lines[f"OrchardCore.Users.Views.{view}"],
                                 entries if lang != "en" else {}, plural, values)  # fmt: skip
            if lang != "en" and not all(
                (f"OrchardCore.Users.Views.{view}", m) in entries
                and all(entries[(f"OrchardCore.Users.Views.{view}", m)])
                for m in _msgids(template_lines[f"OrchardCore.Users.Views.{view}"])
            ):
                body = None
            if body is None:
                break
            subj = entries.get(("OrchardCore.Users.Services.UserEmailService", subject_id), [""])[0]
            rendered[name] = (subj or subject_id, body, view)
        if len(rendered) != len(views):
            continue
        taken += 1
        for name, (subject, body, view) in rendered.items():
            raw = _message(sender="Contoso CMS <noreply@cms.example>", subject=subject,
                           html_body=body)  # fmt: skip
            item = {
                "id": f"orchardcore-{name}-{lang}",
                "group": f"orchardcore-{name}",
                "source": "orchardcore",
                "lang": lang,
                "kind": "notice",
                "code": None,
                "repository": "OrchardCMS/OrchardCore.Translations",
                "path": f"Localization/{lang if lang != 'en' else 'de'}/OrchardCore.Users.po "
                f"(view {view}.cshtml as quoted in its #. comments; Orchard's "
                "src/OrchardCore.Modules/OrchardCore.Users/Views/" + view + ".cshtml)",
                "commit": ORCHARD_PO_COMMIT,
                "licence": "BSD-3-Clause",
                "rendered": "Razor view rebuilt from the template lines quoted in the .po, "
                "strings from the language's .po (English msgids for en), totalMinutes=1440, "
                "text/html, no layout",
                "note": "a link to follow (with a long data-protection token in its URL), "
                "no code to type",
            }
            items.append(_write(item, raw))
    return items


def _msgids(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        m = re.search(r'T(?:\.Plural\(totalMinutes, |\[)"((?:[^"\\]|\\.)*)"', line)
        out.append(json.loads(f'"{m.group(1)}"'))
    return out


# ---------------------------------------------------------------------------------------
# GrandNode


def _cs_literal(lit: str) -> str:
    """A regular C# string literal's text (the escapes the seed file uses)."""
    out, i = [], 0
    while i < len(lit):
        c = lit[i]
        if c == "\\":
            nxt = lit[i + 1]
            out.append({"r": "\r", "n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}[nxt])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _grandnode_templates(source: str) -> dict[str, tuple[str, str]]:
    verbatim = {
        m.group(1): m.group(2).replace('""', '"')
        for m in re.finditer(r'var (\w+) = @"((?:[^"]|"")*)";', source)
    }
    out = {}
    pattern = r'Name = "([\w.]+)",\s*Subject = "((?:[^"\\]|\\.)*)",\s*Body =\s*(.*?),\s*IsActive'
    for m in re.finditer(pattern, source, re.S):
        if m.group(1) not in GRANDNODE_TAKE:
            continue
        parts = re.findall(r'"((?:[^"\\]|\\.)*)"|(\b[A-Za-z]\w*\b)', m.group(3))
        body = "".join(_cs_literal(lit) if not name else verbatim[name] for lit, name in parts)
        out[m.group(1)] = (_cs_literal(m.group(2)), body)
    return out


GRANDNODE_STORE = {"Name": "Contoso Outdoor", "URL": "https://shop.contoso-outdoor.example/",
                   "Email": "hello@contoso-outdoor.example",
                   "CompanyName": "Contoso Outdoor LLC",
                   "CompanyAddress": "1200 NW Naito Pkwy, Portland, OR 97209",
                   "CompanyPhoneNumber": "+1 503-555-0148",
                   "CompanyEmail": "hello@contoso-outdoor.example"}  # fmt: skip
GRANDNODE_ORDER = {
    "OrderNumber": "1187",
    "CustomerFullName": "Noor Tester",
    "CustomerEmail": "noor.tester@example.com",
    "OrderURLForCustomer": "https://shop.contoso-outdoor.example/orderdetails/67d6a1c2e4b0f3a9c18d5e27",
    "CreatedOn": "11/23/2026 6:48:12 PM",
    "BillingFirstName": "Noor", "BillingLastName": "Tester",
    "BillingAddress1": "742 Alder Street", "BillingCity": "Portland",
    "BillingZipPostalCode": "97205", "BillingStateProvince": "Oregon",
    "BillingCountry": "United States of America",
    "ShippingFirstName": "Noor", "ShippingLastName": "Tester",
    "ShippingAddress1": "742 Alder Street", "ShippingCity": "Portland",
    "ShippingZipPostalCode": "97205", "ShippingStateProvince": "Oregon",
    "ShippingCountry": "United States of America",
    "ShippingMethod": "Ground",
    "OrderItems": [
        {"ProductName": "Trail Runner 2 Trekking Poles", "IsDownloadAllowed": False,
         "IsLicenseDownloadAllowed": False, "AttributeDescription": "Colour: Graphite",
         "ProductSku": "TP-2207-GR", "UnitPrice": "$64.90", "Quantity": 1, "TotalPrice": "$64.90"},
        {"ProductName": "Merino Hiking Socks (3 pack)", "IsDownloadAllowed": False,
         "IsLicenseDownloadAllowed": False, "AttributeDescription": "Size: 42-44",
         "ProductSku": "MS-3P-4244", "UnitPrice": "$21.50", "Quantity": 2, "TotalPrice": "$43.00"},
    ],
    "CheckoutAttributeDescription": "",
    "SubTotal": "$107.90", "DisplaySubTotalDiscount": False, "DisplayShipping": True,
    "Shipping": "$7.95", "DisplayPaymentMethodFee": False, "DisplayTax": True, "Tax": "$0.00",
    "DisplayTaxRates": False, "TaxRates": [], "DisplayDiscount": False, "GiftVouchers": [],
    "RedeemedLoyaltyPointsEntryExists": False, "Total": "$115.85",
}  # fmt: skip
GRANDNODE_SHIPMENT = {"ShipmentItems": [
    {"ProductName": "Trail Runner 2 Trekking Poles", "AttributeDescription": "Colour: Graphite",
     "ProductSku": "TP-2207-GR", "Quantity": 1},
    {"ProductName": "Merino Hiking Socks (3 pack)", "AttributeDescription": "Size: 42-44",
     "ProductSku": "MS-3P-4244", "Quantity": 2},
]}  # fmt: skip
GRANDNODE_TAKE = {
    "Customer.EmailTokenValidationMessage": ("email-token", "shop-otp"),
    "OrderPlaced.CustomerNotification": ("order-placed", "shop-order"),
    "ShipmentSent.CustomerNotification": ("shipment-sent", "shop-order"),
    "GiftVoucher.Notification": ("gift-voucher", "notice"),
    "Customer.PasswordRecovery": ("password-recovery", "notice"),
}


def grandnode(repo: Path) -> list[dict[str, Any]]:
    import jinja2

    path = "src/Modules/Grand.Module.Installer/Services/InstallDataMessageTemplates.cs"
    templates = _grandnode_templates(_show(repo, GRANDNODE_COMMIT, path))
    env = jinja2.Environment(autoescape=True)
    code = f"{RNG.randrange(0, 999999):06d}"
    voucher = "".join(RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(4))
    voucher = f"{voucher}-{RNG.randrange(1000, 9999)}-GIFT"
    context = {
        "null": None,
        "Store": GRANDNODE_STORE,
        "Order": GRANDNODE_ORDER,
        "Shipment": GRANDNODE_SHIPMENT,
        "Customer": {
            "FullName": "Noor Tester",
            "Token": code,
            "PasswordRecoveryURL": "https://shop.contoso-outdoor.example/passwordrecovery/confirm"
            "?token=3f9c27d1-58ae-4b6e-9d02-b7c4e1a6f835&email=noor.tester%40example.com",
        },
        "GiftVoucher": {
            "SenderName": "Sam Rivera", "SenderEmail": "sam.rivera@example.net",
            "RecipientName": "Noor Tester", "Amount": "$50.00", "CouponCode": voucher,
            "Message": "Happy birthday! Enjoy the trails.",
        },
    }  # fmt: skip
    items = []
    seed_context = dict(context, Customer=dict(context["Customer"]))
    seed_code = f"{RNG.randrange(0, 999999):06d}"
    seed_context["Customer"]["Token"] = seed_code
    for name, (slug, kind) in GRANDNODE_TAKE.items():
        subject_t, body_t = templates[name]
        subject = env.from_string(subject_t).render(context)
        subject = html.unescape(subject)
        body = env.from_string(body_t).render(context)
        raw = _message(
            sender="Contoso Outdoor <noreply@contoso-outdoor.example>",
            subject=subject,
            html_body=body,
        )
        note = {
            "email-token": 'six digits (Random.Next(0, 999999).ToString("D6")) in bold',
            "order-placed": "order number, prices, SKUs, addresses with ZIP codes: no code",
            "shipment-sent": "order number, SKUs, ZIP codes: no code",
            "gift-voucher": "a gift voucher (coupon) code, not a one-time code to sign in",
            "password-recovery": "a link to follow, no code to type",
        }[slug]
        item = {
            "id": f"grandnode-{slug}-en",
            "group": f"grandnode-{slug}",
            "source": "grandnode",
            "lang": "en",
            "kind": kind,
            "code": code if slug == "email-token" else None,
            "repository": "grandnode/grandnode2",
            "path": path
            + (
                "; src/Business/Grand.Business.Authentication/Services/"
                "TwoFactorAuthenticationService.cs"
                if slug == "email-token"
                else ""
            ),
            "commit": GRANDNODE_COMMIT,
            "licence": "GPL-3.0",
            "rendered": f"seeded message template {name} (C# literals joined as the seed "
            "joins them) rendered with Jinja2 (the Liquid subset it uses, HTML-escaped values), "
            "text/html",
            "note": note,
        }
        items.append(_write(item, raw))
    return items + grandnode_seed(seed_context, seed_code)


# grandnode/grandnode2, later seed (read with read_file, not in the snapshot):
# src/Modules/Grand.Module.Installer/Services/MessageTemplates/MessageTemplateSeed.cs
# @ GRANDNODE_SEED_COMMIT: the C# interpolated verbatim strings of Layout() and Button().
GRANDNODE_SEED_COMMIT = "9585d11c57110e47e04da6f6161ef7e794dd432a"
GRANDNODE_ACCOUNT_COMMIT = "da55fe1dff3660e25298681ceb6007d858d3d52d"
GRANDNODE_LAYOUT_CS = """<!DOCTYPE html>
<html lang='en'>
<head>
<meta charset='utf-8' />
<meta name='viewport' content='width=device-width, initial-scale=1.0' />
<title>{{{{Store.Name}}}}</title>
</head>
<body style='margin: 0; padding: 0; background-color: #f4f4f5;'>
<div style='display:none;max-height:0;overflow:hidden;'>{preheader}</div>
<table role='presentation' width='100%' cellpadding='0' cellspacing='0' style='width: 100%; background-color: #f4f4f5;'>
<tr>
<td align='center' style='padding: 24px 16px;'>
<table role='presentation' width='600' cellpadding='0' cellspacing='0' style='width: 600px; max-width: 600px; background-color: #ffffff; border-radius: 8px;'>
<tr>
<td style='padding: 24px 32px; text-align: left;'>
<a href='{{{{Store.URL}}}}' style='font-size: 20px; font-weight: bold; color: #18181b; text-decoration: none;'>{{{{Store.Name}}}}</a>
</td>
</tr>
<tr>
<td style='padding: 0 32px;'>
<h1 style='font-size: 22px; color: #18181b; margin: 0 0 16px 0;'>{heading}</h1>
</td>
</tr>
<tr>
<td style='padding: 0 32px 24px 32px; font-size: 15px; line-height: 1.6; color: #3f3f46;'>
{content}
</td>
</tr>
<tr>
<td style='padding: 24px 32px; font-size: 12px; color: #71717a; border-top: 1px solid #e4e4e7;'>
{{% if Store.CompanyName != null and Store.CompanyName != '' %}}
{{{{Store.CompanyName}}}}<br />
{{% endif %}}
{{% if Store.CompanyAddress != null and Store.CompanyAddress != '' %}}
{{{{Store.CompanyAddress}}}}<br />
{{% endif %}}
{{% if Store.CompanyPhoneNumber != null and Store.CompanyPhoneNumber != '' %}}
{{{{Store.CompanyPhoneNumber}}}}<br />
{{% endif %}}
{{% if Store.CompanyEmail != null and Store.CompanyEmail != '' %}}
{{{{Store.CompanyEmail}}}}
{{% endif %}}
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>"""
GRANDNODE_BUTTON_CS = """
<table role='presentation' cellpadding='0' cellspacing='0' style='margin: 16px 0;'>
<tr>
<td style='border-radius: 6px; background-color: #18181b;'>
<a href='{url}' style='display: inline-block; padding: 12px 24px; font-size: 14px; font-weight: bold; color: #ffffff; text-decoration: none; border-radius: 6px;'>{text}</a>
</td>
</tr>
</table>"""
# MessageTemplateSeed.Account.cs @ GRANDNODE_ACCOUNT_COMMIT: (subject, preheader, heading,
# content parts; a tuple part is a Button(url, text) call).
GRANDNODE_SEED_ACCOUNT = {
    "email-token": (
        "{{Store.Name}} \u2014 Your verification code",
        "Your sign-in verification code",
        "Verify your identity",
        ["""
                <p>Hello {{Customer.FullName}},</p>
                <p>Enter this 6-digit code on the sign-in page to confirm it is you:</p>
                <table role='presentation' width='100%' cellpadding='0' cellspacing='0' style='margin: 16px 0;'>
                <tr><td style='padding: 0.8em 1em; background-color: #f4f4f5; border-radius: 6px; text-align: center; font-size: 26px; font-weight: bold; letter-spacing: 6px; color: #18181b;'>{{Customer.Token}}</td></tr>
                </table>
                <p>If you did not request this code, you can ignore this email \u2014 your account is still secure.</p>"""],
    ),
    "password-recovery": (
        "{{Store.Name}} \u2014 Reset your password",
        "Reset the password for your account",
        "Reset your password",
        ["""
                <p>We received a request to reset the password for your account at <strong>{{Store.Name}}</strong>.</p>""",
         ("{{Customer.PasswordRecoveryURL}}", "Reset my password"),
         """
                <p>If you did not request a password reset, you can safely ignore this email \u2014 your password will not be changed.</p>"""],
    ),
}  # fmt: skip


def _cs_interpolate(template: str, values: dict[str, str]) -> str:
    """A C# ``$@"..."`` string: ``{{``/``}}`` are braces, ``{name}`` a value."""

    def one(m: re.Match[str]) -> str:
        token = m.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        return values[m.group(1)]

    return re.sub(r"\{\{|\}\}|\{(\w+)\}", one, template)


def grandnode_seed(context: dict[str, Any], code: str) -> list[dict[str, Any]]:
    import jinja2

    env = jinja2.Environment(autoescape=True)
    items = []
    for slug, (subject_t, pre, heading, parts) in GRANDNODE_SEED_ACCOUNT.items():
        content = "".join(
            _cs_interpolate(GRANDNODE_BUTTON_CS, {"url": p[0], "text": p[1]})
            if isinstance(p, tuple)
            else p
            for p in parts
        )
        body_t = _cs_interpolate(
            GRANDNODE_LAYOUT_CS, {"preheader": pre, "heading": heading, "content": content}
        )
        subject = html.unescape(env.from_string(subject_t).render(context))
        body = env.from_string(body_t).render(context)
        raw = _message(
            sender="Contoso Outdoor <noreply@contoso-outdoor.example>",
            subject=subject,
            html_body=body,
        )
        item = {
            "id": f"grandnode-seed-{slug}-en",
            "group": f"grandnode-seed-{slug}",
            "source": "grandnode",
            "lang": "en",
            "kind": "shop-otp" if slug == "email-token" else "notice",
            "code": code if slug == "email-token" else None,
            "repository": "grandnode/grandnode2",
            "path": "src/Modules/Grand.Module.Installer/Services/MessageTemplates/"
            "MessageTemplateSeed.Account.cs; .../MessageTemplateSeed.cs (Layout, Button, at "
            f"{GRANDNODE_SEED_COMMIT})",
            "commit": GRANDNODE_ACCOUNT_COMMIT,
            "licence": "GPL-3.0",
            "rendered": "later seed's Layout(preheader, heading, content) and Button() applied "
            "by hand to the template strings (held inline, read with read_file), then Jinja2 "
            "for the Liquid, text/html with hidden pre-header",
            "note": "six digits in a large letter-spaced cell"
            if slug == "email-token"
            else "a button link, no code to type",
        }
        items.append(_write(item, raw))
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--abp", type=Path, required=True)
    ap.add_argument("--orchard-po", type=Path, required=True)
    ap.add_argument("--grandnode", type=Path, required=True)
    args = ap.parse_args()
    items = abp(args.abp)
    items.append(orchard_2fa())
    items += orchard_notices(args.orchard_po)
    items += grandnode(args.grandnode)
    out = HERE / "round7" / "ent.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(len(items), "items;", sum(1 for i in items if i["code"]), "with a code")


if __name__ == "__main__":
    main()
