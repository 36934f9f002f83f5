"""Round eleven (``biz``): codes that business software (CRM, ERP, payments) mails to type, and
the notices, reminders and invoices the same senders mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r11_biz.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round.

Collected blind: no extractor was run on these mails; each label is what a person reading the
mail would type (``code``) or ``null``.

- Corteza (cortezaproject/corteza, Apache-2.0), the provisioned mail templates
  ``server/provision/002_templates/{auth,general}.yml`` from the snapshot, rendered as
  ``server/system/service/auth_notification.go`` ``send()`` does: subject and content are two
  stored templates, the content a Go ``html/template`` that calls the ``email_general_header``
  / ``email_general_footer`` partials; payload ``Code``/``URL`` plus ``Logo`` (the default
  ``general.mail.logo`` of ``server/provision/001_settings/general.yaml``, a ``data:`` URL passed
  as ``template.URL``), ``BaseURL`` and ``EmailAddress``. ``SignatureEmail``/``SignatureName`` are
  not in the payload and html/template prints a missing map value as nothing. Sent as
  ``text/html`` only. The MFA code is ``fmt.Sprintf("%06d", rand.Int())[0:6]`` (six digits,
  ``auth_credentials.go``).
- SuiteCRM (salesagility/SuiteCRM, AGPL-3.0), the system e-mail templates seeded from
  ``install/language/en_us.lang.php`` (``install/seed_data/Advanced_Password_SeedData.php``),
  sent as ``SugarAuthenticateUser::sendFactorTokenToUser`` sends them: ``from_html()`` of the
  stored HTML body (so ``&quot;`` becomes ``"``; the backslashes of the PHP single-quoted
  source stay), ``AltBody`` the text body, then ``SugarPHPMailer::replace('code', $token)``;
  token ``random_int(10000, 99999)`` (five digits). The forgot-password template is filled the
  same way by hand (``$contact_user_pwd_last_changed``, ``$contact_user_link_guid``).
- Hyperswitch (juspay/hyperswitch, Apache-2.0): too large to fetch; the HTML assets of
  ``crates/router/src/services/email/assets/`` read with ``read_file`` (commit per item) and
  held inline, filled as ``types.rs`` ``get_html_body`` fills them with Rust ``format!``
  (``{{``/``}}`` become braces, ``{name}`` the value); subjects from ``types.rs`` and
  ``consts/user.rs``. Theme values (entity name, logo, colours) are those a deployment's
  ``[theme.email_config]`` sets; the values here are assumed. HTML only ("Currently only HTML
  is supported").
- FOSSBilling (FOSSBilling/FOSSBilling, Apache-2.0), the e-mail templates
  ``src/modules/*/templates/email/*.html.twig`` from the snapshot: ``{% block subject %}`` and
  ``{% block content %}`` rendered with Jinja2 standing in for Twig. Before that the ``url``
  filter calls (Twig string interpolation ``"...#{x}"`` and named arguments, which Jinja2 lacks)
  are replaced by the link ``FOSSBilling\\Url::link()`` builds (base URI + path, ``?`` +
  ``http_build_query``); ``format_date`` (IntlExtension, ``medium`` date format, en_US),
  ``format_currency`` and ``daysleft`` are given as filters; ``guest.system_company.name`` and the
  signature (the ``company_signature`` of ``src/install/sql/content.sql``) as globals;
  ``x|default({}).name`` is parenthesised for Jinja2 (Twig reads it that way). Sent HTML
  only (``FOSSBilling\\Mail`` sets ``->html()`` only).
- Axelor Open Platform (axelor/axelor-open-platform, AGPL-3.0), the e-mail MFA code as
  ``axelor-core/.../auth/MFAService.java`` sends it: subject ``MFA_EMAIL_SUBJECT[_CONFIRM]`` and
  body ``MFA_EMAIL_BODY`` (with ``MFA_EMAIL_BODY_CODE[_CONFIRM]``) from
  ``axelor-core/src/main/resources/i18n/messages_{en,fr}.csv``, filled by
  ``java.text.MessageFormat`` with the user's name, the application name (default ``Axelor``),
  the code (``"%06d".formatted(new SecureRandom().nextInt(1000000))``) and the validity
  (``EMAIL_CODE_VALIDITY`` = 5); ``MailServiceImpl.send`` sends the body as HTML only.
- Leantime (Leantime/leantime, AGPL-3.0), the password-reset and invitation mails as
  ``Auth.php`` and ``Users::sendUserInvite`` send them through ``app/Core/Mailer.php``: the strings of
  ``app/Language/en-US.ini`` overridden by the user's language file (``parse_ini_file`` raw),
  the message ``sprintf``-ed with the reset link, ``nl2br``-ed and put into the Blade wrapper
  held in ``Mailer::sendMail`` (``{!! !!}`` raw values: logo ``cid:companylogo``, the ``hi``
  headline, the content, the unsubscribe line). PHPMailer sends it as HTML; no AltBody is set.
  The embedded logo image itself (``dist/images/logo_blue.png``, a build output) is not attached.
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
from pathlib import Path
from typing import Any

import yaml
from collect import HERE, message

OUT = HERE / "round11" / "biz.json"
SENT = datetime(2026, 12, 3, 8, 17, 42, tzinfo=UTC)


def _digits(seed: str, n: int, lo: int = 0) -> str:
    v = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    if lo:
        return str(lo + v % (10**n - lo))
    return f"{v % 10**n:0{n}d}"


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _item(ident: str, group: str, source: str, lang: str, kind: str, code: str | None,
          repository: str, path: str, commit: str, licence: str, rendered: str, raw: bytes,
          note: str | None = None) -> dict[str, Any]:  # fmt: skip
    rel, sha = _write(ident, source, raw)
    item: dict[str, Any] = {
        "id": ident, "group": group, "source": source, "lang": lang, "kind": kind,
        "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel, "sha256": sha,
    }  # fmt: skip
    if note:
        item["note"] = note
    return item


# ---------------------------------------------------------------------------------------
# Corteza

CORTEZA_COMMIT = "5b869ce3861f9773df6e73432eadd17959f5eec1"
CORTEZA_FROM = "Corteza <no-reply@crm.example>"
CORTEZA_BASE = "https://crm.example/auth"


def _go_html_fill(tpl: str, data: dict[str, str], trusted: set[str]) -> str:
    """``{{ .Name }}`` as Go html/template prints a string (escaped unless trusted); a key the
    payload lacks prints nothing."""

    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in data:
            return ""
        return data[key] if key in trusted else html.escape(data[key], quote=True)

    return re.sub(r"\{\{\s*\.(\w+)\s*\}\}", one, tpl)


def corteza(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "cortezaproject+corteza" / "repo"
    auth = yaml.safe_load(_show(repo, CORTEZA_COMMIT, "server/provision/002_templates/auth.yml"))
    gen = yaml.safe_load(_show(repo, CORTEZA_COMMIT, "server/provision/002_templates/general.yml"))
    settings = _show(repo, CORTEZA_COMMIT, "server/provision/001_settings/general.yaml")
    logo = re.search(r"general\.mail\.logo:\s*(\S+)", settings).group(1)  # type: ignore[union-attr]
    header = gen["templates"]["email_general_header"]["template"]
    footer = gen["templates"]["email_general_footer"]["template"]
    plan = [
        ("auth_email_mfa", {"Code": _digits("corteza-mfa", 6)}, "saas-otp",
         "MFA login code, six digits, in <code>"),
        ("auth_email_password_reset",
         {"URL": CORTEZA_BASE + "/reset-password?token=q7JZ2mVx9KpR4tLw8NcB3yHf6DsA1gEuXo5TiQbW"},
         "notice", "password-reset link"),
        ("auth_email_confirm",
         {"URL": CORTEZA_BASE + "/confirm-email?token=Hc4pW9zQ2rTn7LkV1xMb8JsYd3FgA6eUoR5iNqZt"},
         "notice", "e-mail confirmation link"),
        ("auth_email_user_invite",
         {"URL": CORTEZA_BASE + "/accept-invite?token=Vb2Nq8KzR5xWm3TpL9cJ7hYd4FsG1aEuXo6iQwZr"},
         "notice", "invitation link"),
    ]  # fmt: skip
    out = []
    for name, payload, kind, note in plan:
        data = dict(payload)
        data.update(
            {"Logo": logo, "BaseURL": CORTEZA_BASE, "EmailAddress": "noor.tester@example.com"}
        )
        subject = auth["templates"][name + "_subject"]["template"]
        body = auth["templates"][name + "_content"]["template"]
        body = body.replace('{{template "email_general_header" .}}', header)
        body = body.replace('{{template "email_general_footer" .}}', footer)
        body = _go_html_fill(body, data, trusted={"Logo"})
        raw = message(sender=CORTEZA_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        code = payload.get("Code")
        tname = name.removeprefix("auth_email_").replace("_", "-")
        out.append(_item(
            f"corteza-{tname}-en", f"corteza-{tname}", "corteza", "en", kind, code,
            "cortezaproject/corteza",
            "server/provision/002_templates/auth.yml, server/provision/002_templates/general.yml, "
            "server/provision/001_settings/general.yaml, server/system/service/auth_notification.go",
            CORTEZA_COMMIT, "Apache-2.0",
            "auth.yml subject + content (Go html/template with the general header/footer partials) "
            "filled with auth_notification.go's payload; text/html only",
            raw, note))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------
# SuiteCRM

SUITE_COMMIT = "e572230abd0dad205b24a96acce72590b20bf69d"
SUITE_FROM = "SuiteCRM <crm-notifications@sales.example>"


def _php_single_quoted(src: str, key: str, field: str) -> str:
    """The value of ``'field' => '...'`` inside the ``'key' => array(...)`` block of a PHP
    language file, unescaped as PHP reads a single-quoted string."""
    block = src[src.index(f"'{key}' => array(") :]
    m = re.search(r"'" + field + r"'\s*=>\s*'((?:[^'\\]|\\.)*)'", block, re.S)
    assert m, (key, field)
    return re.sub(r"\\([\\'])", r"\1", m.group(1))


def _from_html(s: str) -> str:
    # SuiteCRM's from_html(): the html entities its to_html() writes, back to characters
    for a, b in (("&quot;", '"'), ("&lt;", "<"), ("&gt;", ">"), ("&#039;", "'"), ("&amp;", "&")):
        s = s.replace(a, b)
    return s


def suitecrm(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "salesagility+SuiteCRM" / "repo"
    src = _show(repo, SUITE_COMMIT, "install/language/en_us.lang.php")
    out = []
    plan = [
        ("two_factor_auth_email", "two-factor-code",
         {"code": _digits("suitecrm-2fa", 5, lo=10000)}, "saas-otp",
         "two-factor code, five digits (random_int(10000, 99999)), in <b>"),
        ("advanced_password_forgot_password_email", "forgot-password",
         {"contact_user_pwd_last_changed": "12/03/2026 08:17",
          "contact_user_link_guid": "https://crm.sales.example/index.php?entryPoint=Changenewpassword"
                                    "&guid=5f0c2e84-93ab-4d71-b6e2-7a18c4d90f3e"},
         "notice", "password-reset link; the date is when the reset was requested"),
    ]  # fmt: skip
    for key, tname, values, kind, note in plan:
        subject = _from_html(_php_single_quoted(src, key, "subject"))
        body_html = _from_html(_php_single_quoted(src, key, "body"))
        body_txt = _from_html(_php_single_quoted(src, key, "txt_body"))
        for k, v in values.items():
            # SugarPHPMailer::replace(): preg_replace('/\$' . $key . '\b/', $value, ...)
            subject = re.sub(r"\$" + k + r"\b", v, subject)
            body_html = re.sub(r"\$" + k + r"\b", v, body_html)
            body_txt = re.sub(r"\$" + k + r"\b", v, body_txt)
        raw = message(
            sender=SUITE_FROM, subject=subject, text=body_txt, html_part=body_html, sent=SENT
        )
        out.append(_item(
            f"suitecrm-{tname}-en", f"suitecrm-{tname}", "suitecrm", "en", kind,
            values.get("code"), "salesagility/SuiteCRM",
            "install/language/en_us.lang.php, install/seed_data/Advanced_Password_SeedData.php, "
            "modules/Users/authentication/SugarAuthenticate/SugarAuthenticateUser.php, "
            "include/SugarPHPMailer.php",
            SUITE_COMMIT, "AGPL-3.0",
            "seeded system e-mail template: from_html(body_html) + AltBody, $placeholders replaced "
            "as SugarPHPMailer::replace() does; text + HTML",
            raw, note))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------
# Hyperswitch (read_file, held inline)

HS_TYPES_COMMIT = (
    "02b5ab8dca6a6de8266b4177fb5ccc720a485a3a"  # crates/router/src/services/email/types.rs
)
HS_FROM = "Hyperswitch <no-reply@payments.example>"
HS_THEME = {
    "entity_name": "Hyperswitch",
    "entity_logo_url": "https://app.hyperswitch.io/email-assets/HyperswitchLogo.png",
    "primary_color": "#006DF9",
    "background_color": "#FFFFFF",
    "foreground_color": "#111326",
}

# crates/router/src/services/email/assets/api_key_expiry_reminder.html
# at 1424238fd2e55ea1095b4905ef5e93abe0cabed8 (read_file)
HS_API_KEY_COMMIT = "1424238fd2e55ea1095b4905ef5e93abe0cabed8"
HS_API_KEY_EXPIRY = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="X-UA-Compatible" content="ie=edge" />
    <title>Welcome to HyperSwitch!</title>
  </head>
  <body
    style="
      background-color: #f8f9fb;
      height: 100%;
      font-family: Arial, Helvetica, sans-serif;
    "
  >
    <div
      style="
        width: 100%;
        margin: auto;
        text-align: center;
        background-color: #f8f9fb;
      "
    >
      <table style="text-align: center; width: 100%">
        <tr>
          <td style="height: 6px"></td>
        </tr>
        <tr>
          <td style="text-align: center">
            <table
              style="
                background-color: #ffffff;
                text-align: center;
                max-width: 50%;
                margin: auto;
              "
            >
              <tr>
                <td style="height: 20px"></td>
              </tr>
              <tr>
                <td>
                  <table style="width: 100%">
                    <tr>
                      <td style="text-align: center">
                        <img
                          src="https://app.hyperswitch.io/email-assets/HyperswitchLogoAndText.png"
                          alt="HyperSwitch"
                          style="
                            text-align: center;
                            height: 1.3rem;
                            width: auto;
                          "
                        />
                      </td>
                    </tr>
                  </table>
                </td>
              </tr>
              <tr>
                <td style="height: 40px"></td>
              </tr>
              <tr>
                <td
                  style="
                    color: #666666;
                    font-size: 1rem;
                    font-weight: 400;
                    line-height: 1.5rem;
                    min-width: 450px;
                  "
                >
                  <table
                    style="
                      width: 90%;
                      min-width: 350px;
                      text-align: start;
                      margin: auto;
                      padding: 0 10px;
                    "
                  >
                  <tr>
                    <td style="text-align: start;"> 
                        <p>Dear Merchant,</p>
                    </td>
                  </tr>
                    <tr>
                      <td style="text-align: start;">
                        <p>
                            It has come to our attention that your API key, <b>{api_key_name}</b> (<code>{prefix}*****</code>) </code> will expire in {expires_in} days.
                        </p>
                        <p>
                            To ensure uninterrupted
                        access to our platform and continued smooth operation of your services, we request you to take the
                        necessary actions as soon as possible.
                        </p>
                         
                      </td>
                    </tr>
                    <tr>
                         <td style="height: 30px"></td>
                    </tr>
                    <tr>
                        <td style="text-align: start;">
                            Thanks,<br />
                            Team Hyperswitch
                        </td>
                    </tr>
                  </table>
                </td>
              </tr>
              <tr>
                <td style="height: 60px"></td>
              </tr>
              <tr>
                <td
                  style="
                    font-size: 12px;
                    line-height: 1rem;
                    font-weight: 400;
                    color: #111326b2;
                  "
                >
                  Head to the
                  <span style="text-decoration: underline; font-weight: 700"
                    >Help Center</span
                  >
                  to get the help you need.
                </td>
              </tr>
              <tr>
                <td style="height: 6px"></td>
              </tr>
              <tr>
                <td>
                  <a
                    href="https://www.linkedin.com/company/hyperswitch/"
                    target="_blank"
                  >
                    <img
                      src="https://app.hyperswitch.io/email-assets/Github.png"
                      alt="HyperSwitch"
                      height="15"
                    />
                  </a>
                  <a href="https://x.com/hyperswitchio?s=21" target="_blank">
                    <img
                      src="https://app.hyperswitch.io/email-assets/Twitter.png"
                      alt="HyperSwitch"
                    />
                  </a>
                  <a
                    href="https://www.linkedin.com/company/hyperswitch/"
                    target="_blank"
                  >
                    <img
                      src="https://app.hyperswitch.io/email-assets/LinkedIn.png"
                      alt="HyperSwitch"
                      height="15"
                    />
                  </a>
                </td>
              </tr>
              <tr>
                <td style="height: 20px"></td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td style="height: 6px"></td>
        </tr>
      </table>
    </div>
  </body>
</html>
"""

# crates/router/src/services/email/assets/role_deleted.html
# at 3de3627db3b2c3265a85864470a35021403bf9cf (read_file)
HS_ROLE_DELETED_COMMIT = "3de3627db3b2c3265a85864470a35021403bf9cf"
HS_ROLE_DELETED = """<!DOCTYPE html>
<html lang="en">

<head>
  <meta charset="UTF-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <meta http-equiv="X-UA-Compatible" content="ie=edge" />
  <title>Access Removed - {entity_name}</title>
</head>

<body style="
      background-color: #f8f9fb;
      height: 100%;
      font-family: Arial, Helvetica, sans-serif;
    ">
  <div style="
        width: 100%;
        margin: auto;
        text-align: center;
        background-color: #f8f9fb;
      ">
    <table style="text-align: center; width: 100%">
      <tr>
        <td style="height: 6px"></td>
      </tr>
      <tr>
        <td style="text-align: center">
          <table style="
                background-color: {background_color};
                text-align: center;
                max-width: 55%;
                margin: auto;
              ">
            <tr>
              <td style="height: 20px"></td>
            </tr>
            <tr>
              <td>
                <table style="width: 100%">
                  <tr>
                    <td style="text-align: center">
                      <img src={entity_logo_url} alt={entity_name} style="
                            text-align: center;
                            height: auto;
                            width: 4rem;
                          " />
                    </td>
                  </tr>
                </table>
              </td>
            </tr>
            <tr>
              <td style="height: 40px"></td>
            </tr>
            <tr>
              <td style="
                    font-size: 2.02rem;
                    font-weight: 600;
                    line-height: 2.5rem;
                    color: {foreground_color};
                    min-width: 550px;
                  ">
                Access Removed
              </td>
            </tr>
            <tr>
              <td style="height: 20px"></td>
            </tr>
            <tr>
              <td style="
                    color: {foreground_color};
                    opacity: 0.8;
                    width: 50%;
                    font-size: 1.02rem;
                    font-weight: 400;
                    line-height: 1.4rem;
                    min-width: 300px;
                  ">
                <table style="
                      width: 70%;
                      min-width: 400px;
                      text-align: start;
                      margin: auto;
                    ">
                  <tr>
                    <td style="padding: 0 15px text-align: center">
                      <p>Dear {username},</p>
                      <p>
                        This is to inform you that your access has been revoked for the following role:
                      </p>
                      <table style="
                            width: 100%;
                            margin: 15px 0;
                            border: 1px solid {foreground_color};
                            border-opacity: 0.2;
                            border-radius: 8px;
                            padding: 15px;
                          ">
                        <tr>
                          <td style="padding: 8px 15px">
                            <strong>Role:</strong> {role_name}
                          </td>
                        </tr>
                        <tr>
                          <td style="padding: 8px 15px">
                            <strong>Entity Type:</strong> {entity_type}
                          </td>
                        </tr>
                        <tr>
                          <td style="padding: 8px 15px">
                            <strong>Access Level:</strong>
                            <ul
                              style="
                                list-style-type: none;
                                padding-left: 0;
                                margin: 8px 0 0 0;
                                text-align: left;
                                gap: 8px;
                              "
                            >
                              {lineage_info}
                            </ul>
                          </td>
                        </tr>
                      </table>
                      <p>
                        You no longer have access to the resources and permissions associated with this role.
                        If you believe this is an error or have any questions, please contact your administrator.
                      </p>
                      <p>
                        If you need assistance, please reach out to the support team.
                      </p>
                    </td>
                  </tr>
                  <tr>
                    <td style="height: 15px"></td>
                  </tr>
                  <tr>
                    <td>
                      Best regards,<br />
                      {entity_name} Team
                    </td>
                  </tr>
                </table>
              </td>
            </tr>
            <tr>
              <td style="height: 50px"></td>
            </tr>
          </table>
        </td>
      </tr>
      <tr>
        <td style="height: 6px"></td>
      </tr>
    </table>
  </div>
</body>

</html>
"""


def _rust_format(tpl: str, args: dict[str, str]) -> str:
    """Rust ``format!`` with named arguments: ``{{``/``}}`` are braces, ``{name}`` the value."""

    def one(m: re.Match[str]) -> str:
        tok = m.group(0)
        if tok == "{{":
            return "{"
        if tok == "}}":
            return "}"
        return args[m.group(1)]

    return re.sub(r"\{\{|\}\}|\{(\w+)\}", one, tpl)


def hyperswitch() -> list[dict[str, Any]]:
    out = []
    body = _rust_format(
        HS_API_KEY_EXPIRY,
        {"api_key_name": "Checkout EU production", "prefix": "prd_7Hq2", "expires_in": "7"},
    )
    raw = message(
        sender=HS_FROM, subject="API Key Expiry Notice", text=None, html_part=body, sent=SENT
    )
    out.append(_item(
        "hyperswitch-api-key-expiry-en", "hyperswitch-api-key-expiry", "hyperswitch", "en",
        "notice", None, "juspay/hyperswitch",
        "crates/router/src/services/email/assets/api_key_expiry_reminder.html, "
        "crates/router/src/services/email/types.rs, crates/router/src/consts/user.rs",
        HS_API_KEY_COMMIT, "Apache-2.0",
        f"format!(include_str!(api_key_expiry_reminder.html), ...) as types.rs (at {HS_TYPES_COMMIT}) "
        "does; subject EMAIL_SUBJECT_API_KEY_EXPIRY; HTML only",
        raw, "API key name, key prefix and days left; nothing to type"))  # fmt: skip
    lineage = "".join(
        f"<li>{x}</li>" for x in ("Organization: Contoso Payments", "Merchant: Contoso Store EU")
    )
    body = _rust_format(
        HS_ROLE_DELETED,
        {
            **HS_THEME,
            "username": "Noor Tester",
            "role_name": "Merchant Operator",
            "entity_type": "Merchant",
            "lineage_info": lineage,
        },
    )
    raw = message(
        sender=HS_FROM,
        subject="Access Removed - Merchant Operator Role Revoked",
        text=None,
        html_part=body,
        sent=SENT,
    )
    out.append(_item(
        "hyperswitch-role-deleted-en", "hyperswitch-role-deleted", "hyperswitch", "en",
        "notice", None, "juspay/hyperswitch",
        "crates/router/src/services/email/assets/role_deleted.html, "
        "crates/router/src/services/email/types.rs",
        HS_ROLE_DELETED_COMMIT, "Apache-2.0",
        f"format!(include_str!(role_deleted.html), ...) as types.rs (at {HS_TYPES_COMMIT}) RoleDeleted "
        "does (lineage as <li> items); theme values assumed; HTML only",
        raw, "access-removed notice; nothing to type"))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------
# FOSSBilling

FOSS_COMMIT = "56a0871df1240dc1d0d12c1a278fbe3678821982"
FOSS_FROM = "Northwind Hosting <billing@northwind-hosting.example>"
FOSS_BASE = "https://my.northwind-hosting.example/"
FOSS_NOW = datetime(2026, 12, 3, 8, 17, 42)
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _foss_date(value: str) -> str:
    # IntlExtension format_date, 'medium' (ICU "MMM d, y") for en_US
    if not value:
        return ""
    d = datetime.strptime(value[:10], "%Y-%m-%d")
    return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"


def _foss_currency(value: Any, currency: str) -> str:
    sym = {"EUR": "€", "USD": "$", "GBP": "£"}[currency]
    return f"{sym}{float(value):,.2f}"


def _foss_daysleft(value: str) -> int:
    # FOSSBillingExtension::daysleft: intval((strtotime($d) - time()) / 86400)
    d = datetime.strptime(value, "%Y-%m-%d %H:%M:%S")
    return int((d - FOSS_NOW).total_seconds() / 86400)


def _foss_urls(tpl: str, ctx: dict[str, Any]) -> str:
    """Replace each ``{{ '...'|url(...) }}`` by the link Url::link() builds."""
    from urllib.parse import urlencode

    def lookup(expr: str) -> str:
        expr = expr.split("|")[0].strip()
        cur: Any = ctx
        for part in expr.split("."):
            cur = cur.get(part, "") if isinstance(cur, dict) else ""
        return str(cur)

    def one(m: re.Match[str]) -> str:
        path = re.sub(r"#\{(.*?)\}", lambda x: lookup(x.group(1)), m.group(2))
        args = m.group(3)
        link = FOSS_BASE + path.strip("/")
        q = re.search(r"query:\s*\{\s*'(\w+)':\s*([\w.]+)", args)
        if q:
            link += "?" + urlencode({q.group(1): lookup(q.group(2))})
        return link

    return re.sub(r"""\{\{\s*(["'])(.*?)\1\|url\((.*?)\)\s*\}\}""", one, tpl)


def fossbilling(mirrors: Path) -> list[dict[str, Any]]:
    import jinja2

    repo = mirrors / "FOSSBilling+FOSSBilling" / "repo"
    content_sql = _show(repo, FOSS_COMMIT, "src/install/sql/content.sql")
    signature = re.search(r"'company_signature','([^']*)'", content_sql).group(1)  # type: ignore[union-attr]
    # Twig drops the first newline after a tag, as Jinja2 does with trim_blocks
    env = jinja2.Environment(autoescape=True, trim_blocks=True, undefined=jinja2.ChainableUndefined)
    env.filters["format_date"] = _foss_date
    env.filters["format_currency"] = _foss_currency
    env.filters["daysleft"] = _foss_daysleft
    env.globals["guest"] = {
        "system_company": {"name": "Northwind Hosting"},
        "system_email": {"signature": signature},
    }
    env.globals["default_currency"] = "EUR"
    client = {"first_name": "Noor", "last_name": "Tester", "email": "noor.tester@example.com"}
    invoice = {
        "id": 1187, "serie_nr": "NWH01187", "hash": "9c41e07fb2d86a35c4f1e8b07a2d5c93",
        "total": 143.88, "currency": "EUR", "created_at": "2026-12-03 08:10:00",
        "due_at": "2026-12-17 08:10:00", "paid_at": "2026-12-03 08:15:31",
        "orders": [{"id": 4093, "product_name": "Business Hosting XL (12 months)",
                    "expires_at": "2027-12-17 00:00:00"}],
    }  # fmt: skip
    overdue = {
        **invoice, "id": 1142, "serie_nr": "NWH01142", "hash": "d07a5e91c3b84f26a1e9c5b7f0d2a638",
        "total": 23.40, "created_at": "2026-11-10 06:00:00", "due_at": "2026-11-24 06:00:00",
        "orders": [{"id": 3988, "product_name": "Domain renewal northwind-bakery.example",
                    "expires_at": "2027-11-24 00:00:00"}],
    }  # fmt: skip
    plan = [
        ("Invoice", "mod_invoice_created", {"invoice": invoice}, "invoice",
         "invoice notice: invoice id, amount, due date, order id"),
        ("Invoice", "mod_invoice_payment_reminder", {"invoice": invoice}, "invoice",
         "payment reminder: invoice number, amount, days left, order id"),
        ("Invoice", "mod_invoice_paid", {"invoice": invoice}, "invoice",
         "payment receipt: invoice number, amount, dates, order id"),
        ("Client", "mod_client_confirm",
         {"email_confirmation_link": FOSS_BASE + "client/confirm-email/e81f3c9a07d24b6f"},
         "notice", "e-mail confirmation link"),
        ("Client", "mod_client_password_reset_request",
         {"hash": "2b7e94d0c18f4a6e95d3a0f7c4e1b826"}, "notice", "password-reset link"),
        ("Invoice", "mod_invoice_due_after",
         {"invoice": overdue, "days_passed": 9}, "invoice",
         "past-due reminder: invoice number, days overdue, amount, order id"),
        ("Support", "mod_support_ticket_open",
         {"ticket": {"id": 2318, "subject": "Cannot reach webmail since the upgrade",
                     "status": "open", "helpdesk": {"name": "Technical Support"},
                     "author": {"role": "client", "name": "Noor Tester"}}}, "notice",
         "support ticket opened: ticket number, department, status"),
        ("Servicelicense", "mod_servicelicense_activated",
         {"order": {"id": 4107, "title": "Contoso Backup Pro license"},
          "service": {"license_key": "CBP-7K2Q-M9XD-4RTV-8HWN"}}, "shop-order",
         "order activated; the license key is a product key to enter in the software, not a one-time code"),
    ]  # fmt: skip
    out = []
    for module, name, extra, kind, note in plan:
        path = f"src/modules/{module}/templates/email/{name}.html.twig"
        src = _show(repo, FOSS_COMMIT, path)
        ctx = {"c": client, **extra}
        src = _foss_urls(src, ctx)
        # Twig reads `x|default({}).name` as (x|default({})).name; Jinja2 needs the parentheses
        src = re.sub(r"([\w.]+\|default\(\{\}\))\.(\w+)", r"(\1).\2", src)
        subject = re.search(r"\{% block subject %\}(.*?)\{% endblock %\}", src, re.S).group(1)  # type: ignore[union-attr]
        content = re.search(r"\{% block content %\}\n?(.*?)\{% endblock %\}", src, re.S).group(1)  # type: ignore[union-attr]
        subject = env.from_string(subject).render(ctx).strip()
        body = env.from_string(content).render(ctx)
        raw = message(sender=FOSS_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        tname = name.removeprefix("mod_").replace("_", "-")
        out.append(_item(
            f"fossbilling-{tname}-en", f"fossbilling-{tname}", "fossbilling", "en", kind, None,
            "FOSSBilling/FOSSBilling", f"{path}, src/library/FOSSBilling/Twig/TwigFactory.php, "
            "src/library/FOSSBilling/Url.php, src/install/sql/content.sql",
            FOSS_COMMIT, "Apache-2.0",
            "Twig subject/content blocks rendered with Jinja2 (url filter calls replaced by "
            "Url::link() output first; IntlExtension filters emulated for en_US); HTML only",
            raw, note))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------
# Axelor Open Platform

AXELOR_COMMIT = "df889dee7921dc230be577a00b1b64568786cb7a"
AXELOR_FROM = "Axelor <no-reply@erp.example>"


def _message_format(pattern: str, *args: str) -> str:
    # java.text.MessageFormat for the plain {n} arguments these messages use (no quotes in them)
    assert "'" not in pattern
    return re.sub(r"\{(\d+)\}", lambda m: args[int(m.group(1))], pattern)


def axelor(mirrors: Path) -> list[dict[str, Any]]:
    import csv
    import io

    repo = mirrors / "axelor+axelor-open-platform" / "repo"
    out = []
    for lang in ("en", "fr"):
        path = f"axelor-core/src/main/resources/i18n/messages_{lang}.csv"
        rows = csv.reader(io.StringIO(_show(repo, AXELOR_COMMIT, path)))
        msgs = {r[0]: r[1] for r in rows if len(r) > 1}
        for confirm in (False, True):
            code = _digits(f"axelor-{lang}-{confirm}", 6)
            suffix = "_CONFIRM" if confirm else ""
            subject = _message_format(
                msgs["MFA_EMAIL_SUBJECT" + suffix], "Axelor", "Noor Tester", code
            )
            inner = _message_format(msgs["MFA_EMAIL_BODY_CODE" + suffix], "Axelor")
            body = _message_format(msgs["MFA_EMAIL_BODY"], "Noor Tester", inner, code, "5")
            raw = message(sender=AXELOR_FROM, subject=subject, text=None, html_part=body, sent=SENT)
            tname = "mfa-email-confirm" if confirm else "mfa-login-code"
            out.append(_item(
                f"axelor-{tname}-{lang}", f"axelor-{tname}", "axelor", lang, "saas-otp", code,
                "axelor/axelor-open-platform",
                f"{path}, axelor-core/src/main/java/com/axelor/auth/MFAService.java, "
                "axelor-core/src/main/java/com/axelor/mail/service/MailServiceImpl.java",
                AXELOR_COMMIT, "AGPL-3.0",
                "MFAService subject/body messages filled by MessageFormat (user name, app name "
                "'Axelor', code, 5 minutes); HTML body only as MailServiceImpl sends it",
                raw, "six-digit code in <strong>, valid 5 minutes"
                + ("; sent to confirm the address for e-mail MFA" if confirm else "")))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------
# Leantime

LEANTIME_COMMIT = "9a9f49f1008f4782b30f6723c54228f4f992e636"
LEANTIME_FROM = "Leantime System (Leantime) <no-reply@projects.example>"
LEANTIME_BASE = "https://projects.example"


def _php_ini_raw(text: str) -> dict[str, str]:
    # parse_ini_file(..., INI_SCANNER_RAW) for the key = "value" lines these files hold
    out = {}
    for line in text.splitlines():
        m = re.match(r'\s*([^;=\s][^=]*?)\s*=\s*"(.*)"\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _php_sprintf(fmt: str, *args: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        idx = int(m.group(1)) - 1 if m.group(1) else one.next  # type: ignore[attr-defined]
        if not m.group(1):
            one.next += 1  # type: ignore[attr-defined]
        return args[idx]

    one.next = 0  # type: ignore[attr-defined]
    return re.sub(r"%%|%(?:(\d+)\$)?s", one, fmt)


def _nl2br(s: str) -> str:
    return re.sub(r"(\r\n|\n\r|\n|\r)", r"<br />\1", s)


def _leantime_wrap(wrapper: str, strings: dict[str, str], html_msg: str) -> str:
    values = {
        "inlineLogoContent": "cid:companylogo",
        "headline": strings["email_notifications.hi"],
        "content": _nl2br(html_msg),
        "unsub_link": _php_sprintf(strings["email_notifications.unsubscribe"],
                                   LEANTIME_BASE + "/users/editOwn/"),
    }  # fmt: skip
    return re.sub(r"\{!!\s*\$(\w+)\s*!!\}", lambda m: values[m.group(1)], wrapper)


def leantime(mirrors: Path) -> list[dict[str, Any]]:
    repo = mirrors / "Leantime+leantime" / "repo"
    mailer = _show(repo, LEANTIME_COMMIT, "app/Core/Mailer.php")
    wrapper = re.search(r"'bodyTemplate', '(.*?)'\),\n", mailer, re.S).group(1)  # type: ignore[union-attr]
    wrapper = wrapper.replace("\\'", "'")
    base = _php_ini_raw(_show(repo, LEANTIME_COMMIT, "app/Language/en-US.ini"))
    out = []
    for lang in ("en-US", "fr-FR", "es-ES", "pt-BR", "pl-PL"):
        strings = dict(base)
        if lang != "en-US":
            strings.update(_php_ini_raw(_show(repo, LEANTIME_COMMIT, f"app/Language/{lang}.ini")))
        # substr(str_shuffle('0123456789abcdefghijklmnopqrstuvwxyz'), 0, 32), seeded
        chars = list("0123456789abcdefghijklmnopqrstuvwxyz")
        random.Random(f"leantime-{lang}").shuffle(chars)
        reset = "".join(chars[:32])
        link = f"{LEANTIME_BASE}/auth/resetPw/{reset}"
        html_msg = _php_sprintf(strings["email_notifications.password_reset_message"], link)
        subject = strings["email_notifications.password_reset_subject"]
        short = lang.split("-")[0] if lang != "pt-BR" else "pt-BR"
        raw = message(
            sender=LEANTIME_FROM,
            subject=subject,
            text=None,
            html_part=_leantime_wrap(wrapper, strings, html_msg),
            sent=SENT,
        )
        out.append(_item(
            f"leantime-password-reset-{short}", "leantime-password-reset", "leantime", short,
            "notice", None, "Leantime/leantime",
            f"app/Language/{lang}.ini, app/Language/en-US.ini, app/Core/Mailer.php, "
            "app/Domain/Auth/Services/Auth.php",
            LEANTIME_COMMIT, "AGPL-3.0",
            "en-US.ini overridden by the language file, sprintf + nl2br, Mailer's Blade wrapper "
            "({!! !!} raw); HTML only, embedded logo not attached",
            raw, "password-reset link (32 random characters in the URL); nothing to type"))  # fmt: skip
        # Users::sendUserInvite: subject new_user_subject, body user_invite_message with the
        # escaped inviter, link (uuid4 invite code) and address
        invite = str(
            __import__("uuid").UUID(
                hashlib.md5(f"leantime-invite-{lang}".encode()).hexdigest(), version=4
            )
        )
        esc = lambda v: html.escape(v, quote=True)  # noqa: E731  htmlspecialchars(ENT_QUOTES)
        html_msg = _php_sprintf(
            strings["email_notifications.user_invite_message"],
            esc("Farid Benali (farid.benali@projects.example)"),
            esc(f"{LEANTIME_BASE}/auth/userInvite/{invite}"),
            esc("noor.tester@example.com"),
        )
        raw = message(
            sender="Leantime <no-reply@projects.example>",
            subject=strings["email_notifications.new_user_subject"],
            text=None,
            html_part=_leantime_wrap(wrapper, strings, html_msg),
            sent=SENT,
        )
        out.append(_item(
            f"leantime-user-invite-{short}", "leantime-user-invite", "leantime", short,
            "notice", None, "Leantime/leantime",
            f"app/Language/{lang}.ini, app/Language/en-US.ini, app/Core/Mailer.php, "
            "app/Domain/Users/Services/Users.php",
            LEANTIME_COMMIT, "AGPL-3.0",
            "Users::sendUserInvite: new_user_subject, user_invite_message sprintf-ed with escaped "
            "values, nl2br, Mailer's Blade wrapper; HTML only, embedded logo not attached",
            raw, "invitation with a sign-up link (uuid in the URL); nothing to type"))  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items: list[dict[str, Any]] = []
    items += corteza(args.mirrors)
    items += suitecrm(args.mirrors)
    items += hyperswitch()
    items += fossbilling(args.mirrors)
    items += axelor(args.mirrors)
    items += leantime(args.mirrors)
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    pos = sum(1 for i in items if i["code"])
    print(f"{len(items)} mails, {pos} with a code -> {OUT}")


if __name__ == "__main__":
    main()
