"""Round twenty-eight, health and fitness: a self-hosted fitness and nutrition tracker
(SparkyFitness) and the hypertension-care platform of Resolve to Save Lives (Simple) — an
e-mailed multi-factor sign-in code, and sign-in-link, password, account and PIN-reset
approval notices.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_health.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Only the standard library is used (no external tools).

- CodeWithCJ/SparkyFitness (MIT, ``LICENSE``), commit 4879b853: SparkyFitness, a
  self-hosted food, exercise and body-metrics tracker. ``SparkyFitnessServer/services/
  emailService.ts`` sends three mails through nodemailer ``transporter.sendMail`` with
  ``from`` (``SPARKY_FITNESS_EMAIL_FROM``, default ``noreply@sparkyfitness.com``), ``subject``
  and ``html`` only: one text/html part. The bodies are template literals; their text is read
  from the file at this commit and each ``${name}`` filled as JavaScript does (unescaped).
  ``SparkyFitnessServer/auth.ts`` wires them into better-auth (^1.5.6):

  * ``mfa-code`` ("Your SparkyFitness MFA Code"): ``sendEmailMfaCode(user.email, otp)``,
    called by better-auth's ``emailOTP`` plugin (``sendVerificationOTP``) and by the
    ``twoFactor`` plugin's ``otpOptions.sendOTP``; both generate a numeric OTP of six digits
    by default (better-auth ``generateOTP``/``otpLength`` 6, ``digits`` 6). Code: six digits.
  * ``password-reset`` (``emailAndPassword.sendResetPassword``): better-auth's URL
    ``<baseURL>/reset-password/<token>?callbackURL=<redirect>`` with a 24-character token
    (here a deployment at https://fitness.example.org, ``/api/auth``). A link, no code.
  * ``magic-link`` (``magicLink`` plugin, 15 minutes): ``<baseURL>/magic-link/verify?token=
    <32 letters>&callbackURL=<redirect>``. A link, no code.

- simpledotorg/simple-server (MIT, ``LICENSE``), commit 16ac10ee: the server and dashboard
  of Simple, the hypertension and diabetes care app Resolve to Save Lives runs with health
  ministries in India, Bangladesh, Ethiopia and Sri Lanka (Rails 6.1, devise 4.8.1). Its
  e-mails go to dashboard administrators (the nurses' app sends SMS, not mail); the views
  are English. Rendered here as ActionView does: ERB (Erubi, Rails' trim mode: a line that
  holds only ``<% ... %>`` is dropped), each ``<%= %>`` HTML-escaped, inside
  ``app/views/layouts/mailer.html.erb``; html-only views give one text/html part.
  ``mailer_logo_for_environment`` (``app/helpers/simple_server_env_helper.rb``) is Rails
  ``image_tag`` of ``logos/production/simple_logo_256.png`` (width, height, style, then src
  under the mailer's ``asset_host``); the digest sprockets adds to the file name is left
  out (it depends on the precompiled asset). Values: ``SIMPLE_SERVER_ENV`` production,
  host ``simple.example.org`` over https, brand ``Simple`` and help address
  ``help@simple.org`` (``config/initializers/whitelabel.rb`` defaults), From ``help@simple.org``
  (``ApplicationMailer`` and ``config/initializers/devise.rb`` ``mailer_sender``). Subjects are
  ``config/locales/en.yml``. Devise tokens are ``Devise.friendly_token`` (20 characters,
  only inside links).

  * devise ``reset_password_instructions``, ``unlock_instructions``, ``password_change``
    (``app/views/email_authentications/mailer/``): notices and links, no code.
  * ``ApprovalNotifierMailer`` ``registration_approval_email`` (a health worker registered in
    the app asks for access) and ``reset_password_approval_email`` (a health worker reset the
    app PIN and asks for access again; ``app/views/approval_notifier_mailer/``): names,
    phone number, facility and an admin link. No code (the PIN is never in the mail). The
    registration view's heading ``t('new_user_registered')`` has no entry in any locale file
    at this commit, so Rails 6.1's view ``t`` gives its ``translation_missing`` span with the
    key titleized; ``link_to`` gives a plain ``<a href>``.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round28" / "health.json"
SENT = datetime(2026, 12, 5, 9, 14, 37, tzinfo=UTC)


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# SparkyFitness

SPARKY = "CodeWithCJ+SparkyFitness"
SPARKY_COMMIT = "4879b85331cc49c4d52090b2cb6f581e49340ae6"
SPARKY_FILE = "SparkyFitnessServer/services/emailService.ts"
SPARKY_BASE = "https://fitness.example.org/api/auth"
SPARKY_MAILS = {
    # function: (group, kind, code, argument name, value)
    "sendEmailMfaCode": ("sparkyfitness-mfa-code", "health-otp", "418907", "code", "418907"),
    "sendPasswordResetEmail": (
        "sparkyfitness-password-reset",
        "notice",
        None,
        "resetUrl",
        SPARKY_BASE + "/reset-password/Vq3nT8xKpL2mZr6WcY9hBd4F?callbackURL=%2Freset-password",
    ),
    "sendMagicLinkEmail": (
        "sparkyfitness-magic-link",
        "notice",
        None,
        "magicLinkUrl",
        SPARKY_BASE + "/magic-link/verify?token=qKzTfWmRbNcXhJvLpYdGsAeUoIrEtMnB&callbackURL=%2F",
    ),
}


def sparkyfitness(mirrors: Path, w: Writer) -> None:
    source = git_show(mirrors, SPARKY, SPARKY_COMMIT, SPARKY_FILE)
    for function, (group, kind, code, arg, value) in SPARKY_MAILS.items():
        body = source[source.index(f"async function {function}(") :]
        body = body[body.index("await transporter.sendMail({") :]
        subject = re.search(r"subject: '([^']*)',", body).group(1)
        html_part = re.search(r"html: `([^`]*)`,", body).group(1)
        html_part = html_part.replace("${" + arg + "}", value)
        assert "${" not in html_part
        raw = message(
            sender="noreply@sparkyfitness.com",
            subject=subject,
            text=None,
            html_part=html_part,
            sent=SENT,
        )
        w.add(
            source="sparkyfitness",
            group=group,
            lang="en",
            raw=raw,
            kind=kind,
            code=code,
            repository="CodeWithCJ/SparkyFitness",
            path=f"{SPARKY_FILE}, SparkyFitnessServer/auth.ts",
            commit=SPARKY_COMMIT,
            licence="MIT",
            rendered=f"{function} template literal filled as JavaScript does; nodemailer html only",
        )


# ---------------------------------------------------------------------------------------
# Simple

SIMPLE = "simpledotorg+simple-server"
SIMPLE_COMMIT = "16ac10ee9cf2cb0a2f2d497f2efba7315c6baee9"
SIMPLE_HOST = "https://simple.example.org"
SIMPLE_LOGO = (
    '<img width="48" height="48" style="width: 48px; height: 48px;" '
    f'src="{SIMPLE_HOST}/assets/logos/production/simple_logo_256.png" />'
)
SIMPLE_USER_ID = "5d2b8a3e-91c4-4f6a-b0e7-3c8d1f2a6b49"


def erb(template: str, values: dict[str, str]) -> str:
    """ERB as ActionView runs it for these views: a line holding only ``<% %>`` code goes
    (with its indentation and newline); ``<% if X %>`` / ``<% else %>`` / ``<% end %>`` and
    ``<% list.each %>`` are handled from ``values`` (a condition or list given by its code);
    each ``<%= expr %>`` is the value of ``expr``, HTML-escaped (``values`` holds the raw
    strings; ``image_tag`` output is marked safe with a leading ``\\0``)."""
    out: list[str] = []
    stack: list[bool] = []
    lines = template.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.fullmatch(r"\s*<%(?!=)\s*(.*?)\s*%>\s*", line)
        if m:
            code = m.group(1)
            if code.startswith("if "):
                stack.append(bool(values[code]))
            elif code == "else":
                stack[-1] = not stack[-1]
            elif code == "end":
                stack.pop()
            elif code.endswith(" do |facility|"):
                # the loop body up to its end, once per item of values[code]
                j = lines.index("    <% end %>", i)
                body = lines[i + 1 : j]
                if all(stack):
                    for item in values[code]:
                        for b in body:
                            out.append(expr_line(b, {**values, "facility.name": item}))
                i = j
            else:
                raise ValueError(code)
            i += 1
            continue
        if all(stack):
            out.append(expr_line(line, values))
        i += 1
    return "\n".join(out)


def expr_line(line: str, values: dict[str, str]) -> str:
    def one(m: re.Match) -> str:
        value = values[m.group(1).strip()]
        return value[1:] if value.startswith("\0") else html.escape(value)

    return re.sub(r"<%=(.*?)%>", one, line)


def simple(mirrors: Path, w: Writer) -> None:
    layout = git_show(mirrors, SIMPLE, SIMPLE_COMMIT, "app/views/layouts/mailer.html.erb")
    email = "dr.meron.tadesse@example.org"
    token = "xR7pLq2KvN9sWb4TzF3m"
    base = {
        "Rails.application.config.application_brand_name": "Simple",
        "Rails.application.config.help_email_id": "help@simple.org",
        "@resource.email": email,
        "edit_password_url(@resource, reset_password_token: @token)": (
            f"{SIMPLE_HOST}/email_authentications/password/edit?reset_password_token={token}"
        ),
        "unlock_url(@resource, unlock_token: @token)": (
            f"{SIMPLE_HOST}/email_authentications/unlock?unlock_token={token}"
        ),
        "t('name')": "Name",
        "t('phone_number')": "Phone Number",
        "@user.access_token_valid? ? 'active' : 'inactive'": "inactive",
        "@user.full_name": "Abebe Kebede Alemu",
        "@user.phone_number": "0911234567",
        "@user.facility.name": "Bole Health Center",
        "@user.organization.name": "Federal Ministry of Health Ethiopia",
        "admin_user_url(@user)": f"{SIMPLE_HOST}/admin/users/{SIMPLE_USER_ID}",
        # no locale file has new_user_registered: Rails 6.1's view helper ``t`` shows the
        # missing key titleized in a span
        "t('new_user_registered')": '\0<span class="translation_missing" '
        'title="translation missing: en.new_user_registered">New User Registered</span>',
        "link_to t('registration_approval_email.allow_or_deny_access'), admin_user_url(@user)": (
            f'\0<a href="{SIMPLE_HOST}/admin/users/{SIMPLE_USER_ID}">Allow or deny access</a>'
        ),
        "t('registration_approval_email.registration_facility')": "Registration Facility",
        't("registration_approval_email.allow_or_deny_access")': "Allow or deny access",
        "t('registration_approval_email.accessible_facilities')": (
            "User will have access to data from"
        ),
        "t('reset_password_approval_email.organization')": "Organization",
        "t('reset_password_approval_email.registration_facility')": "Registration Facility",
        "@user.facility_group.facilities.each do |facility|": [
            "Bole Health Center",
            "Kirkos Health Center",
            "Yeka Health Center",
        ],
    }
    mails = [
        # (view, group, subject, layout)
        (
            "email_authentications/mailer/reset_password_instructions",
            "simple-reset-password",
            "Reset password instructions",
            "devise.mailer.reset_password_instructions.subject",
        ),
        (
            "email_authentications/mailer/unlock_instructions",
            "simple-unlock",
            "Unlock instructions",
            "devise.mailer.unlock_instructions.subject",
        ),
        (
            "email_authentications/mailer/password_change",
            "simple-password-change",
            "Password Changed",
            "devise.mailer.password_change.subject",
        ),
        (
            "approval_notifier_mailer/registration_approval_email",
            "simple-registration-approval",
            "New Registration: User Abebe Kebede Alemu is requesting access to "
            "Federal Ministry of Health Ethiopia facilities.",
            "registration_approval_email.subject",
        ),
        (
            "approval_notifier_mailer/reset_password_approval_email",
            "simple-pin-reset-approval",
            "PIN Reset: User Abebe Kebede Alemu is requesting access.",
            "reset_password_approval_email.subject",
        ),
    ]
    en = git_show(mirrors, SIMPLE, SIMPLE_COMMIT, "config/locales/en.yml")
    for view, group, subject, key in mails:
        # the subject as en.yml has it (checked against the file, %{...} filled above)
        leaf = key.rsplit(".", 1)[0].rsplit(".", 1)[-1]
        block = en[en.index(f"  {leaf}:") :]
        pattern = re.search(r'subject: "([^"]*)"', block).group(1)
        filled = pattern.replace("%{full_name}", "Abebe Kebede Alemu").replace(
            "%{org_name}", "Federal Ministry of Health Ethiopia"
        )
        assert filled == subject, (filled, subject)
        body = erb(git_show(mirrors, SIMPLE, SIMPLE_COMMIT, f"app/views/{view}.html.erb"), base)
        page = erb(
            layout,
            {"mailer_logo_for_environment": "\0" + SIMPLE_LOGO, "yield": "\0" + body},
        )
        w.add(
            source="simpleorg",
            group=group,
            lang="en",
            raw=message(
                sender="help@simple.org", subject=subject, text=None, html_part=page, sent=SENT
            ),
            kind="notice",
            code=None,
            repository="simpledotorg/simple-server",
            path=f"app/views/{view}.html.erb, app/views/layouts/mailer.html.erb, "
            "app/helpers/simple_server_env_helper.rb, config/locales/en.yml",
            commit=SIMPLE_COMMIT,
            licence="MIT",
            rendered="ERB as ActionView renders it (escaped <%= %>, trimmed <% %> lines) in "
            "the mailer layout; ActionMailer html only",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    sparkyfitness(args.mirrors, w)
    simple(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
