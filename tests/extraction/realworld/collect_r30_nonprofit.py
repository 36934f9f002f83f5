"""Round 30, nonprofit (blind): OpenPetra, the free administration software for non-profit
organisations (its account mails and partner reminders, English and German), allReady,
Humanitarian Toolbox's volunteer-coordination app (its security code and volunteer
notices) and CORE, ROCKHARBOR church's church-management application (credential mails
and ministry notices), rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r30_nonprofit.py \\
        --mirrors /work/.mirror

No external tool is needed: all three senders fill their templates with plain string
substitution, which is redone here in Python (stdlib ``email`` through ``collect.message``).

- openpetra/openpetra (GPL-3.0, C#), commit OPENPETRA_COMMIT:
  ``csharp/ICT/Common/IO/SmtpEmail.cs`` (``SendEmailFromTemplate``) opens
  ``inc/template/email/<template>_<lang>.txt``; the first line is the subject, every
  further line is appended with ``Environment.NewLine`` (``\\n`` on the Linux server);
  every ``{Key}`` of the parameter dictionary is replaced, ``{ifdef Key}\\n`` /
  ``{endif Key}\\n`` of present keys are dropped and blocks of absent keys are cut out.
  ``SendEmail`` puts the body in ``BodyBuilder.TextBody`` (one text/plain part, utf-8),
  From ``"OpenPetra Admin" <no-reply@<Server.EmailDomain>>``. Senders:
  ``csharp/ICT/Petra/Server/lib/MSysMan/UserManagement.cs`` (``requestnewpassword`` for
  a new user and for a forgotten password, ``welcomeemail``, ``selfservicesignup``) and
  ``csharp/ICT/Petra/Server/lib/MPartner/processing/ProcessPartnerReminders.cs``
  (``reminder``; ``partnerkey`` formatted ``{0:0000000000}``). The ``newuserpassword``
  template (the initial password in the mail) is taken at commit OPENPETRA_OLD_COMMIT
  (parent of 833ce0246, "adding new user will send password reset link instead of new
  password"), where ``SaveUserAndModulePermissions`` sends it with ``NewPassword =
  TPasswordHelper.GetRandomSecurePassword()`` (``csharp/ICT/Common/PasswordHelper.cs``:
  15 to 18 characters, letters, digits and symbols other than ``|*$£-+_&=%/\\^~#@``).
  Tokens (``GetRandomToken``: 30 to 32 of A-Z a-z 0-9) only appear inside links.
- HTBox/allReady (MIT, C# ASP.NET Core), commit ALLREADY_COMMIT: the handlers under
  ``AllReadyApp/Web-App/AllReady/Features`` and ``Areas/Admin/Features`` call
  ``IEmailSender.SendEmailAsync(email, subject, message)`` (or build a
  ``NotifyVolunteersViewModel``); ``Services/AuthMessageSender.cs`` uses the one string as
  both ``EmailMessage`` and ``HtmlMessage``, and
  ``AllReadyApp/AllReady.NotificationsWebJob/Functions.cs`` sends it through SendGrid with
  ``email.Text`` and ``email.Html`` (text/plain plus text/html, the same string in both),
  From ``AllReady <Authentication:SendGrid:FromEmail>``. The security code comes from
  ``Controllers/AdminController.cs`` (``GenerateTwoFactorTokenAsync`` with the e-mail
  provider: ASP.NET Core Identity's six-digit TOTP code). Enrolment mails are built with
  ``StringBuilder.AppendLine`` (``\\n``). Only English exists.
- rockharbor/core (MIT, stated in README.md; CakePHP 1.3), commit CORE_COMMIT:
  ``controllers/components/notifier.php`` (``_send``) renders the element
  ``views/elements/email/html/<template>.ctp`` in the ``notifications`` layout
  (``views/layouts/email/html/notifications.ctp``: "Hey <first name>," greeting, logo and
  site link sign-off) with ``sendAs = 'html'`` (one text/html part), From
  ``<site name> <notifications.site_email>`` and the subject prefixed with
  ``sys_emails.system_subject_prefix`` (empty here). Senders: ``controllers/
  users_controller.php`` (``users_register``, ``users_forgot_password``, ``users_edit``)
  and the involvement, household, roster and payment controllers. Generated passwords
  come from ``models/user.php`` (``generatePassword``: a noun from jesus/core/church/php/
  cake/pie, ``is``, a verb from awesome/swell/hilarious/thebest/socool, case shuffled, a/e
  sometimes 4/3, ``l`` to 7 or L, O to o, then four digits 2-9). CakePHP 1.3's EmailComponent (``cake/libs/controller/components/email.php``,
  not in this repository) wraps every line with ``wordwrap($line, 70, "\\n", true)``,
  long URLs included; that is redone here (``php_wordwrap``). Only English exists.

Site names, people, dates and addresses are invented; the codes are fixed values of the
generators' shapes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 9, 8, 41, tzinfo=UTC)
OUT = HERE / "round30" / "nonprofit.json"

OPENPETRA = "openpetra/openpetra"
OPENPETRA_COMMIT = "9762f8d0ec55cdb1e09deec1eb6d8abdedec22bd"
OPENPETRA_OLD_COMMIT = "dfef442f60ab646809b040b6d7196f0c1be49622"
OPENPETRA_FROM = '"OpenPetra Admin" <no-reply@hilfswerk-sonnenberg.example.org>'
OPENPETRA_DOMAIN = "https://verwaltung.hilfswerk-sonnenberg.example.org"
OPENPETRA_PASSWORD = {"en": "vK7q.Rm4!xT9pLw2z", "de": "Hs8!nQ3v.Zk6yPe4"}
OPENPETRA_TOKEN = "Xq7Lm2VbR9tKc4NwPz8HsY3dFj6GaE1u"

ALLREADY = "HTBox/allReady"
ALLREADY_COMMIT = "b3d35a17c2d6538c38a2e6a52f1c2914702a6fb7"
ALLREADY_FROM = "AllReady <volunteers@allready.example.org>"
ALLREADY_SITE = "https://volunteer.allready.example.org"
ALLREADY_CODE = "381904"

CORE = "rockharbor/core"
CORE_COMMIT = "564470f311a1720a3b66ec691f0baa9253500081"
CORE_FROM = "CORE <core@harborcommunity.example.org>"
CORE_SITE = "https://core.harborcommunity.example.org/"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


# --- OpenPetra ---------------------------------------------------------------------------


def openpetra_fill(template: str, parameters: dict[str, str]) -> tuple[str, str]:
    """SmtpEmail.cs SendEmailFromTemplate: subject = first line, body = the rest."""
    lines = template.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # ReadLine() yields no empty last line for a final newline
    subject, body = lines[0], "".join(line + "\n" for line in lines[1:])
    for key, value in parameters.items():
        subject = subject.replace("{" + key + "}", value)
        body = body.replace("{" + key + "}", value)
        body = body.replace("{ifdef " + key + "}\n", "")
        body = body.replace("{endif " + key + "}\n", "")
    while (start := body.find("{ifdef ")) >= 0:
        key = body[start + len("{ifdef ") :].split("}", 1)[0]
        end_tag = "{endif " + key + "}\n"
        end = body.index(end_tag)
        body = body[:start] + body[end + len(end_tag) :]
    return subject, body


def openpetra(mirrors: Path) -> list[tuple[dict, bytes]]:
    smtp = git_show(mirrors, OPENPETRA, OPENPETRA_COMMIT, "csharp/ICT/Common/IO/SmtpEmail.cs")
    assert 'template + "_" + language.ToLower() + ".txt"' in smtp
    assert "builder.TextBody = body;" in smtp
    people = {"en": ("Grace", "Mbeki", "GMBEKI"), "de": ("Lena", "Hoffmann", "LHOFFMANN")}
    reminder = {
        "en": dict(
            partnername="Okafor, Daniel & Ruth",
            partnerkey=f"{43012587:010d}",
            Reason="Sponsorship renewal",
            EventDate="15-Jan-2027",
            Comment="Call about renewing the child sponsorship for 2027.",
            NextReminderDate="15-Feb-2027",
        ),
        "de": dict(
            partnername="Becker, Familie",
            partnerkey=f"{43009214:010d}",
            Reason="Spendenbescheinigung",
            EventDate="20.01.2027",
            Comment="Jahreszuwendungsbestätigung 2026 zusenden.",
            NextReminderDate="20.02.2027",
        ),
    }
    mails = [
        ("newuserpassword", OPENPETRA_OLD_COMMIT, "saas-otp", True),
        ("requestnewpassword", OPENPETRA_COMMIT, "notice", False),
        ("selfservicesignup", OPENPETRA_COMMIT, "notice", False),
        ("welcomeemail", OPENPETRA_COMMIT, "notice", False),
        ("reminder", OPENPETRA_COMMIT, "notice", False),
    ]
    out = []
    for template, commit, kind, has_code in mails:
        for lang in ("en", "de"):
            first, last, user = people[lang]
            params = dict(UserId=user, FirstName=first, LastName=last, Domain=OPENPETRA_DOMAIN)
            if template == "newuserpassword":
                # this older template writes "https://{Domain}": Server.Url was a bare host
                params["Domain"] = OPENPETRA_DOMAIN.removeprefix("https://")
                params["NewPassword"] = OPENPETRA_PASSWORD[lang]
            elif template in ("requestnewpassword", "selfservicesignup"):
                params["Token"] = OPENPETRA_TOKEN
            elif template == "welcomeemail":
                params.update(
                    SysAdminEmailAddress="it@hilfswerk-sonnenberg.example.org",
                    UserEmailAddress=f"{first.lower()}@hilfswerk-sonnenberg.example.org",
                    SysadminToken="Rb4Ty8NcQ2wLz6KpVx9JmH3sGd7FeA5u",
                    UserToken=OPENPETRA_TOKEN,
                )
            elif template == "reminder":
                params.update(reminder[lang])
            path = f"inc/template/email/{template}_{lang}.txt"
            subject, body = openpetra_fill(git_show(mirrors, OPENPETRA, commit, path), params)
            raw = message(
                sender=OPENPETRA_FROM, subject=subject, text=body, html_part=None, sent=SENT
            )
            meta = dict(
                id=f"openpetra-{template}-{lang}",
                source="openpetra",
                lang=lang,
                kind=kind,
                code=OPENPETRA_PASSWORD[lang] if has_code else None,
                repository=OPENPETRA,
                path=f"{path}, csharp/ICT/Common/IO/SmtpEmail.cs, "
                + (
                    "csharp/ICT/Petra/Server/lib/MPartner/processing/ProcessPartnerReminders.cs"
                    if template == "reminder"
                    else "csharp/ICT/Petra/Server/lib/MSysMan/UserManagement.cs"
                ),
                commit=commit,
                licence="GPL-3.0-only",
                rendered="SendEmailFromTemplate: first line subject, {Key} replaced, "
                "ifdef blocks resolved; one text/plain part (MimeKit BodyBuilder.TextBody)",
            )
            if has_code:
                meta["note"] = (
                    "the initial password a new user types at first login "
                    "(GetRandomSecurePassword), alone on the line after 'is:'"
                )
            elif template != "reminder":
                meta["note"] = "the token appears only inside the link"
            out.append((meta, raw))
    return out


# --- allReady ----------------------------------------------------------------------------

ALLREADY_BASE = "AllReadyApp/Web-App/AllReady/"


def allready(mirrors: Path) -> list[tuple[dict, bytes]]:
    callback = ALLREADY_SITE + "/Account/ConfirmEmail?userId=7f3c2a9e&code=CfDJ8Kq2vXh"
    reset = ALLREADY_SITE + "/Account/ResetPassword?userId=7f3c2a9e&code=CfDJ8Np4wRt"
    event_link = f"View event: {ALLREADY_SITE}/Event/Details/42"
    enrol = (
        "This is to confirm that you have volunteered to participate in the following task:\n"
        "\n"
        "   Campaign: Winter Shelter Drive 2026\n"
        f"   Event: Blanket Sorting Day ({event_link})\n"
        "   Task: Sort and pack donated blankets\n"
        "\n"
        "Thanks for volunteering. Your help is appreciated.\n"
    )
    mails = [
        (
            "security-code",
            "Features/Admin/SendSecurityCodeEmailHandler.cs",
            "Security Code",
            f"Your security code is: {ALLREADY_CODE}",
            '$"Your security code is: {message.Token}"',
        ),
        (
            "confirm-account",
            "Features/Manage/SendConfirmAccountEmailHandler.cs",
            "Confirm your allReady account",
            "Please confirm your allReady account by clicking this link: "
            f'<a href="{callback}">{callback}</a>',
            "Please confirm your allReady account by clicking this link:",
        ),
        (
            "confirm-new-email",
            "Features/Manage/SendNewEmailAddressConfirmationEmailHandler.cs",
            "Confirm your allReady account",
            "Please confirm your new email address for your allReady account by clicking "
            f'this link: <a href="{callback}">link</a>. Note that once confirmed your original '
            "email address will cease to be valid as your username.",
            "Please confirm your new email address for your allReady account",
        ),
        (
            "reset-password",
            "Features/Manage/SendResetPasswordEmailHandler.cs",
            "Reset allReady Password",
            f'Please reset your allReady password by clicking here: <a href="{reset}">link</a>',
            "Please reset your allReady password by clicking here:",
        ),
        (
            "admin-reset-password",
            "Areas/Admin/Features/Site/SendResetPasswordEmailCommandHandler.cs",
            "Reset Password",
            f'Please reset your password by clicking here: <a href="{reset}">link</a>',
            "Please reset your password by clicking here:",
        ),
        (
            "account-approval",
            "Areas/Admin/Features/Site/SendAccountApprovalEmailCommandHandler.cs",
            "Account Approval",
            "Your account has been approved by an administrator. Please "
            f'<a href="{ALLREADY_SITE}/Account/Login">Click here to Log in</a>',
            "Your account has been approved by an administrator.",
        ),
        (
            "approve-org-user",
            "Features/Admin/SendApproveOrganizationUserAccountEmailHandler.cs",
            "Approve organization user account",
            "Please approve this account by clicking this "
            f'<a href="{ALLREADY_SITE}/Admin/ApproveUser?userId=7f3c2a9e">link</a>',
            "Please approve this account by clicking this",
        ),
        (
            "added-to-task",
            "Areas/Admin/Features/Tasks/AssignVolunteerToTaskCommandHandler.cs",
            "Added to task",
            "You have been added to the task named 'Sort and pack donated blankets'.",
            "You have been added to the task named",
        ),
        (
            "task-enrollment",
            "Features/Notifications/NotifyVolunteerForVolunteerTaskSignupHandler.cs",
            "allReady Task Enrollment Confirmation",
            enrol,
            "allReady Task Enrollment Confirmation",
        ),
    ]
    sender = git_show(
        mirrors, ALLREADY, ALLREADY_COMMIT, ALLREADY_BASE + "Services/AuthMessageSender.cs"
    )
    assert "HtmlMessage = message," in sender and "EmailMessage = message," in sender
    job = git_show(
        mirrors, ALLREADY, ALLREADY_COMMIT, "AllReadyApp/AllReady.NotificationsWebJob/Functions.cs"
    )
    assert 'email.From = new MailAddress(from, "AllReady");' in job
    out = []
    for name, path, subject, body, probe in mails:
        source_text = git_show(mirrors, ALLREADY, ALLREADY_COMMIT, ALLREADY_BASE + path)
        assert probe in source_text, (path, probe)
        raw = message(sender=ALLREADY_FROM, subject=subject, text=body, html_part=body, sent=SENT)
        meta = dict(
            id=f"allready-{name}-en",
            source="allready",
            lang="en",
            kind="saas-otp" if name == "security-code" else "notice",
            code=ALLREADY_CODE if name == "security-code" else None,
            repository=ALLREADY,
            path=f"{ALLREADY_BASE}{path}, {ALLREADY_BASE}Services/AuthMessageSender.cs, "
            "AllReadyApp/AllReady.NotificationsWebJob/Functions.cs",
            commit=ALLREADY_COMMIT,
            licence="MIT",
            rendered="the handler's string used as both EmailMessage and HtmlMessage; "
            "SendGrid Text + Html (text/plain and text/html)",
        )
        if name == "security-code":
            meta["note"] = "six-digit e-mail two-factor token of ASP.NET Core Identity"
        out.append((meta, raw))
    return out


# --- CORE (ROCKHARBOR) -------------------------------------------------------------------


def php_wordwrap(text: str, width: int = 70) -> str:
    """PHP wordwrap($text, $width, "\\n", true) for one line without newlines."""
    words = text.split(" ")
    lines: list[str] = []
    current = ""
    for index, word in enumerate(words):
        candidate = word if index == 0 else current + " " + word
        if index == 0:
            current = ""
        if len(candidate) <= width:
            current = candidate
            continue
        if index:
            lines.append(current)
        while len(word) > width:
            lines.append(word[:width])
            word = word[width:]
        current = word
    lines.append(current)
    return "\n".join(lines)


def core_wrap(body: str) -> str:
    """EmailComponent::__wrap: each line (CR/LF normalised) through wordwrap(70, cut)."""
    return "\n".join(php_wordwrap(line) for line in body.split("\n"))


def core_layout(first_name: str, content: str) -> str:
    """notifications.ctp with PHP's rule that a newline right after ``?>`` is dropped."""
    return (
        "<!DOCTYPE html>\n<html>\n\t<head>\n"
        '\t\t<meta http-equiv="Content-Type" content="text/html charset=UTF-8" />\n'
        '\t</head>\n\t<body class="wysihtml5-editor">\n'
        f"\t\t\t\t<p>Hey {first_name},</p>\n"
        f"\t\t\t\t{content}"
        f'\t\t\t\t<p><img src="{CORE_SITE}img/logo-small.png" /><br />'
        f'<a href="{CORE_SITE}">{CORE_SITE}</a></p>\n'
        "\t\t\t</body>\n</html>"
    )


def core(mirrors: Path) -> list[tuple[dict, bytes]]:
    layout = git_show(mirrors, CORE, CORE_COMMIT, "views/layouts/email/html/notifications.ctp")
    assert "<p>Hey <?php echo ucfirst($toUser['Profile']['first_name']); ?>,</p>" in layout
    notifier = git_show(mirrors, CORE, CORE_COMMIT, "controllers/components/notifier.php")
    assert "$this->QueueEmail->sendAs = 'html';" in notifier
    site, church, support = "CORE", "Harbor Community Church", "support@harborcommunity.example.org"
    involvement = f"{CORE_SITE}involvements/view/Involvement:318"
    register = (
        f"<p>Your {site} Account Information</p>\n"
        f"<p>Hi. I'm {site}, {church}'s online church management application. I have good "
        "news and bad news for you. The good news is, we're going to be friends! An account "
        f"has been created for you in {site}.</p>\n"
        '<p>If you\'re thinking, "so what?" let me help you understand why this is so great. '
        f"This is how I'll make being involved at {church} so simple:</p>\n"
        "<ul>\n"
        "\t<li>You can log in and view what ministries you're already a part of</li>\n"
        "\t<li>You can sign up for new teams and groups </li>\n"
        f"\t<li>You can sign up and pay for events happening at {church}</li>\n"
        "\t<li>If you're a leader, you can easily manage and coordinate those you lead</li>\n"
        "\t<li>...and that's only the beginning!</li>\n"
        "</ul>\n"
        "<p>Below is your temporary account information to log into /.  If you have any "
        f"problems logging into your account, please contact me at {support}.</p>\n"
        "<p>Username: {username}</p>\n"
        "<p>Password: {password}</p>\n"
        "<p>Oh, but there is bad news...your day just peaked. Sorry about that. Can't wait to "
        "be friends anyway!</p>\n"
        f"<p>{site}</p>\n"
        f"<p>P.S. Please do not respond to this email. If you need help, I can be reached at "
        f"{support}</p>"
    )
    forgot = (
        "<p>Forgot your password, eh?</p>\n"
        "<p>Here's your new password:<br/><strong>{password}</strong></p>\n"
        "<p>In case you forgot, your username is<br/><strong>{username}</strong></p>"
    )
    edit_password = (
        "<p>New credentials</p>\n"
        f"<p>You changed your password in {site}. Your new password is:<br/>"
        "<strong>{password}</strong></p>\n"
    )
    edit_both = (
        "<p>New credentials</p>\n"
        f"<p>You changed your username and password in {site}. Your new credentials are:<br/>\n"
        "Username: <strong>{username}</strong><br />\n"
        "Password: <strong>{password}</strong>\n"
        "</p>\n"
    )
    pantry = '<a href="' + involvement + '">Food Pantry Saturday Crew</a>'
    retreat = f'<a href="{CORE_SITE}involvements/view/Involvement:322">Youth Winter Retreat</a>'
    ministry = f'<a href="{CORE_SITE}ministries/view/Ministry:27">Food Pantry</a>'
    mails = [
        (
            "users-register-welcome",
            "users_register",
            f"Welcome to {site}!",
            register,
            "Michael",
            "mthompson",
            "cHurChissW3L74827",
            "generated",
        ),
        (
            "users-register-account",
            "users_register",
            "Account registration",
            register,
            "Jorge",
            "jalvarez",
            "P1eis4wEsomE5392",
            "generated",
        ),
        (
            "users-forgot-password",
            "users_forgot_password",
            "Your password has been reset",
            forgot,
            "Michael",
            "mthompson",
            "c4K3isHiL4rious7268",
            "generated",
        ),
        (
            "users-edit-password",
            "users_edit",
            "Your account settings have changed",
            edit_password,
            "Michael",
            "mthompson",
            "Gr4cePeace2026!",
            "chosen",
        ),
        (
            "users-edit-both",
            "users_edit",
            "Your account settings have changed",
            edit_both,
            "Michael",
            "mthompson.kids",
            "ShepherdLane#14",
            "chosen",
        ),
        (
            "households-invite",
            "households_invite",
            "You've been invited to join a household",
            "You have been invited to Rachel Thompson's household.",
            "Michael",
            None,
            None,
            None,
        ),
        (
            "involvements-signup",
            "involvements_signup",
            "Signed up for Food Pantry Saturday Crew",
            f"You have signed up for the Team <strong>{pantry}</strong>.",
            "Michael",
            None,
            None,
            None,
        ),
        (
            "rosters-filled",
            "rosters_filled",
            "Food Pantry Saturday Crew roster filled",
            'The roster for <strong><a href="/involvements/view/Involvement:318">Food Pantry '
            "Saturday Crew</a></strong> has been filled.",
            "Rachel",
            None,
            None,
            None,
        ),
        (
            "payments-payment-made",
            "payments_payment_made",
            "Your payment has been made for Event",
            f"A payment has been received for <strong>{retreat}</strong>.",
            "Michael",
            None,
            None,
            None,
        ),
        (
            "leaders-add",
            "leaders_add",
            "Rachel Thompson is now a leader of Food Pantry.",
            f"Rachel Thompson is now leading ministry in <strong>{ministry}</strong>.",
            "Michael",
            None,
            None,
            None,
        ),
    ]
    out = []
    for name, element, subject, content, first, username, password, origin in mails:
        path = f"views/elements/email/html/{element}.ctp"
        git_show(mirrors, CORE, CORE_COMMIT, path)  # the element exists at this commit
        if username:
            content = content.replace("{username}", username).replace("{password}", password)
        body = core_wrap(core_layout(first, content))
        raw = message(sender=CORE_FROM, subject=subject, text=None, html_part=body, sent=SENT)
        meta = dict(
            id=f"core-{name}-en",
            source="rockharbor-core",
            lang="en",
            kind="saas-otp" if password else "notice",
            code=password,
            repository=CORE,
            path=f"{path}, views/layouts/email/html/notifications.ctp, "
            "controllers/components/notifier.php, controllers/users_controller.php",
            commit=CORE_COMMIT,
            licence="MIT",
            rendered="CakePHP element in the notifications layout, sendAs html (one "
            "text/html part), lines wrapped at 70 by the EmailComponent",
        )
        if origin == "generated":
            meta["note"] = "password from User::generatePassword, given to be typed at login"
        elif origin == "chosen":
            meta["note"] = (
                "the password the user just chose, repeated by the mail as the new "
                "credential to type"
            )
        out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (openpetra, allready, core):
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
