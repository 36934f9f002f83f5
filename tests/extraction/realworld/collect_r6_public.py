"""Round six (public): an LMS's e-mailed MFA code and its notices, and a MOOC platform's notices.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r6_public.py \\
        --belenios /work/.mirror/glondu+belenios/repo

Both sources are too large to fetch whole; every file was read with ``read_file`` and the
strings needed are held inline below, each with the repository path and the commit the read
reported. Code mails are scarce in the health / education / NGO / civic / fintech projects
looked at (most send links); Canvas is the one sender here that e-mails a code.

Canvas LMS (instructure/canvas-lms, AGPL-3.0):

- ``2fa``: ``CommunicationChannel#send_otp!`` (``app/models/communication_channel.rb``,
  commit of the read unknown, file id 501808550) for an e-mail channel: a message for the
  notification ``2fa`` parsed from ``app/messages/2fa.email.erb`` (effd65eb...) and
  ``2fa.email.html.erb`` (d5d8a544...), subject fixed to ``Canvas Verification Code``. The
  HTML body is wrapped in ``app/messages/_layout.email.html.erb`` (11da0098...), filled by hand
  (host ``canvas.school.example``, year 2026). The code is ``ROTP::TOTP#now``: six digits.
- ``otp-sms-gateway``: the same method for an SMS channel without the notification service:
  ``send_otp_via_sms_gateway!`` mails the bare sentence
  ``Your Canvas verification code is %{verification_code}`` to the carrier's e-mail-to-SMS
  address (here ``5555550123@sms.carrier.example``); no subject is set, so none is sent.
- ``appointment-reserved``: ``app/messages/appointment_reserved_for_user.email.erb``
  (33a7ac43...) and ``.email.html.erb`` (3bd924cd...), filled by hand as the ERB would
  (``before_label`` adds a colon; ``datetime_string`` written the way Canvas prints a
  same-day range), text part followed by ``_email_footer.email.erb`` (21034178...), HTML part
  in the layout above. A notice with a date, a time range and a slot count: no code.

- ``forgot-password`` (``forgot_password.email.erb`` @ 613ca333..., ``.email.html.erb`` @
  33a7ac43...; one pseudonym, password not managed: the change-password link with the e-mail
  channel's 25-character confirmation code) and ``submission-graded``
  (``submission_graded.email.erb`` @ 05e9653c..., ``.email.html.erb`` @ 26511a7a...; score sent,
  the date by hand in Canvas's ``datetime_string`` style): notices, no code to type.

Open edX (openedx/edx-platform, AGPL-3.0):

- ``accountactivation`` and ``emailchange``: ``common/templates/student/edx_ace/<name>/email/
  body.txt`` and ``subject.txt`` (commits in ``EDX``), the Django templates filled by hand
  (``platform_name`` = ``Contoso Learning``); sent here as text/plain only (the HTML
  alternative extends the ACE base template, not transcribed). Links, no code.

Open Science Framework (CenterForOpenScience/osf.io, Apache-2.0; a research nonprofit's platform):

- ``external_confirm_create`` and ``external_confirm_link``: the text mails
  ``website/templates/emails/external_confirm_{create,link}.txt.mako`` (commit 27f5ff30...),
  sent ``plain`` by ``framework/auth/views.py::send_confirm_email`` at the same commit with
  ``verification_code = user.get_confirmation_token(email)``, i.e. ``generate_confirm_token()``
  = ``security.random_string(30)`` (30 ASCII letters and digits); subject
  ``Open Science Framework Account Verification`` from ``website/mails/mails.py`` (a later
  stored version, file id 104746921; the same subject for both). The Mako templates only
  substitute ``${...}``; filled by hand (ORCID as the external provider).
- ``confirm`` (add-an-e-mail link, ``confirm.txt.mako`` @ 023c398d...), ``access_request_rejected``
  (``.txt.mako`` @ 126d44e2...) and ``archive_size_exceeded_user`` (``.txt.mako`` @ 4b49a5ec...,
  Mako control lines consumed, ``<% %>`` lines leaving an empty line, two storage targets;
  ``MAX_ARCHIVE_SIZE`` written as 5120, an illustrative value): notices, no code.

OpenOlat (OpenOLAT/OpenOLAT, Apache-2.0; an LMS from the University of Zurich lineage):

- ``registration``: ``MailValidationController`` (``src/main/java/org/olat/registration/
  MailValidationController.java``, file id 19166046100, commit not reported) sends
  ``reg.subject`` / ``reg.body`` with ``{0}`` = the temporary key's registration key
  (``RegistrationManager.createRegistrationToken`` = ``PasswordGenerator.generateNumericalCode(8)``,
  RegistrationManager.java @ 029fa8b8...) and ``{1}`` = ``<a href="link">link</a>`` to
  ``/dmz/registration/index.html?key=...&language=..``; the body is HTML, so no ``reg.wherefrom``.
  Strings from ``_i18n/LocalStrings_de.properties`` @ 029fa8b8... and
  ``LocalStrings_en.properties`` @ 00c2111e... (\\uXXXX decoded by hand); other languages
  read (fr, it) still carried the older link-only text, so only de and en are taken.
- ``pwchange`` (en): ``PwChangeValidationStep`` controller (file id 19029301269) builds
  ``<p>`` + ``pwchange.intro.greeting.with.name`` + ``</p>`` + ``pwchange.intro`` +
  ``pwchange.body`` (the same 8-digit key), subject ``pwchange.subject``; en strings @ 00c2111e...
- ``already-registered`` (de, en, fr; the fr catalogue @ 11046fa7... writes ``\\\\n`` where it
  means a line break, so the mail shows a literal ``\\n``, kept): ``login.subject`` / ``login.body`` with the user name, then
  the controller's ``SEPARATOR`` and ``reg.wherefrom`` (server, ``DateFormat.LONG`` date): plain text.
  HTML mails are sent by ``MailManager.sendExternMessage``; here as an HTML part in a bare
  ``<html><body>`` (OpenOlat's mail template CSS left out) with a tag-stripped text
  alternative (approximated). Single quotes of the strings are kept as written.

Belenios (glondu/belenios, AGPL-3.0; Inria's verifiable e-voting server used by associations,
unions and universities), read from a git snapshot (``--belenios``, commit ``BELENIOS_COMMIT``):
the text mails of ``src/web/server/common/mails_admin.ml`` and ``mails_voter.ml``, built with
the same word-wrapping as ``src/web/common/mail_formatter.ml`` (width 72), the strings from
``po/admin/<lang>.po`` / ``po/voter/<lang>.po`` (a language is taken for a template only when
every string of it is translated and not fuzzy), subject ``vendor ^^^ s`` = ``Belenios — ...``,
From ``server_name`` as ``send_message.ml`` composes it (text/plain UTF-8).

- ``account-create`` and ``change-password`` (admin): six-digit codes (``Otp.generate``:
  ``generate_numeric 6``).
- ``email-login`` (voter): the six-digit code, then the alternative link
  ``<prefix>/actions/email-login/<state>/<code>`` (state = 22 base58 characters).
- ``credential`` (voter): the voting credential, ``XXXXX-XXXXXX-XXXXX-XXXXXX`` in base58
  (``credential.ml``: the dashes are part of the credential, ``parse_raw`` requires them), one
  language per mail, no passwords, no weights, with a contact footer.
- ``trustee`` (admin, ``src/web/common/mails_admin.ml`` ``mail_trustee``, sent as
  ``Trustee_link`` by ``send_message.ml``): the link to the trustee interface
  (``<prefix>/trustee#<uuid>/<token>``) and instructions about the private key; bodies of the
  election's languages joined by ``----------`` (the fr item carries fr then en), subject in the
  first language: a notice, no code.
- ``vote-confirmation`` (voter): vote recorded, with the 43-character base64 "smart ballot
  tracker" to look up in the ballot box: a notice, no code to type.

Values come from a seeded RNG; Date headers are fixed. Labels are what a person reads.
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAIL = HERE / "mail"
OUT = HERE / "round6" / "public.json"
TO = "noor.tester@example.com"
RNG = random.Random("r6-public")
LICENCE = {
    "instructure/canvas-lms": "AGPL-3.0",
    "openedx/edx-platform": "AGPL-3.0",
    "CenterForOpenScience/osf.io": "Apache-2.0",
    "OpenOLAT/OpenOLAT": "Apache-2.0",
}

CANVAS = "instructure/canvas-lms"
EDX = "openedx/edx-platform"
HOST = "https://canvas.school.example"

# app/messages/_layout.email.html.erb @ 11da0098bfe4fdc1804777761dfb23015a1b1826
CANVAS_LAYOUT = """<html>
<body style="background-color: #EAEAEA; background-image: url(%(host)s/images/noisy-gray.jpg);">

<center>
  <table cellpadding="8" cellspacing="0" style="margin: 0; padding: 0; width:528px;" border="0">
    <tr>
      <td valign="top">
        <table cellpadding="0" cellspacing="0" align="center" border="0" style="background-color: #ffffff; border-left: 1px #D2D2D2 solid; border-right: 1px #D2D2D2 solid; border-top: 1px #D2D2D2 solid;">
          <tr>
            <td align="left" style="font-size: 0px;" height="1">
              <div style="padding: 15px;">
                <img src="%(host)s/images/canvas-email.png" style="height: 40px;" height="40">
              </div>
            </td>
          </tr>
          <tr>
            <td>
              <table cellpadding="0" cellspacing="0" style="border-bottom: 1px #D2D2D2 solid;" border="0" align="center">
                <tr>
                  <td colspan="3" height="36"></td>
                </tr>
                <tr>
                  <td width="36"></td>
                  <td width="454" style="font-size: 14px; color: #444444; font-family: 'Open Sans', 'Lucida Grande', 'Segoe UI', Arial, Verdana, 'Lucida Sans Unicode', Tahoma, 'Sans Serif'; border-collapse: collapse;" align="left" valign="top">

                    %(body)s

                  </td>
                  <td width="36"></td>
                </tr>
                <tr>
                  <td colspan="3" height="36"></td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
        <table cellpadding="0" cellspacing="0" align="center" border="0">
          <tr>
            <td height="10"></td>
          </tr>
          <tr>
            <td style="padding: 0; border-collapse: collapse;">
              <table cellpadding="0" cellspacing="0" align="center" border="0">
                <tr style="font-size: 11px; color: #a8b9c6; font-family: 'Open Sans', 'Lucida Grande', 'Segoe UI', Arial, Verdana, 'Lucida Sans Unicode', Tahoma, 'Sans Serif';" valign="top">
                  <td width="400" align="left"><a href="%(host)s/profile/communication" style="color: #555555;">
                      click here to edit your notification preferences</a></td>
                  <td width="128" align="right">&#169; 2026 Instructure</td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</center>

</body>
</html>
"""

# app/messages/2fa.email.erb @ effd65ebc3d5950f815e5377ddda07fab061975b
CANVAS_2FA_TXT = """Your Canvas verification code is %(code)s


For improved login experience and security, you can reconfigure Multi-Factor
Authentication (MFA) to use an OTP authentication app by following this guide
under the "Verify via Authenticator App" section:
https://community.canvaslms.com/t5/Student-Guide/How-do-I-set-up-multi-factor-authentication-for-my-user-account/ta-p/524#verify-via-authenticator-app"""

# app/messages/2fa.email.html.erb @ d5d8a5443aff4c0cdfcf7d829d92563b6d34d2ef
CANVAS_2FA_HTML = """<p>
Your Canvas verification code is <b>%(code)s</b>
</p>

<p>
For improved login experience and security, you can reconfigure Multi-Factor
Authentication (MFA) to use an OTP authentication app by following <a href="https://community.canvaslms.com/t5/Student-Guide/How-do-I-set-up-multi-factor-authentication-for-my-user-account/ta-p/524#verify-via-authenticator-app">
this guide</a> under the "Verify via Authenticator App" section.
</p>
"""

# app/messages/appointment_reserved_for_user.email.erb @ 33a7ac43f18a23175d6deaeb3f846d1fd4e4b141
CANVAS_APPT_TXT = """%(user)s has signed you up for "%(title)s".

Appointment details:
Date/time: %(when)s
Attendee: %(attendee)s
Course: %(course)s
Available time slots: %(slots)s

Sign up for a different time slot at the following link: %(link)s

"""
# app/messages/_email_footer.email.erb @ 210341787a2708ef343a2b3891604fa3412e2f34
CANVAS_FOOTER_TXT = """________________________________________

You received this email because you are participating in one or more classes using Canvas.  To change or turn off email notifications, visit:
%(host)s/profile/communication
"""

# app/messages/appointment_reserved_for_user.email.html.erb @ 3bd924cd84a3d80f809d0ba37faab23e0b004765
CANVAS_APPT_HTML = """<p>%(user)s has signed you up for &quot;%(title)s&quot;.</p>

<p><strong>Appointment Details:</strong></p>
<table border="0" style="font-size: 14px; color: #444444;
    font-family: 'Open Sans', 'Lucida Grande', 'Segoe UI', Arial, Verdana, 'Lucida Sans Unicode', Tahoma, 'Sans Serif';
    border-collapse: collapse;">
    <tr>
        <td style="padding-right: 10px;" valign="top">Date/time:</td>
        <td valign="top">%(when)s</td>
    </tr>
      <tr>
          <td style="padding-right: 10px;" valign="top">Attendee:</td>
          <td valign="top">%(attendee)s</td>
      </tr>
    <tr>
        <td style="padding-right: 10px;" valign="top">Course:</td>
        <td valign="top">%(course)s</td>
    </tr>
      <tr>
          <td style="padding-right: 10px;" valign="top">Available time slots:</td>
          <td valign="top">%(slots)s</td>
      </tr>
</table>
<p><a href="%(link)s">
    Sign up for a different time slot
  </a></p>
"""

# app/messages/forgot_password.email.erb @ 613ca333ac2a2ec021f0bcbffb4ec83c50fb04c6
CANVAS_FORGOT_TXT = """You requested a confirmation of your password for logging into Canvas.

This address is associated with the login, "%(login)s".

To set a new password, please click the following link:
%(url)s
"""
# app/messages/forgot_password.email.html.erb @ 33a7ac43f18a23175d6deaeb3f846d1fd4e4b141
CANVAS_FORGOT_HTML = """<p>You requested a confirmation of your password for logging into Canvas.</p>

  <p>This address is associated with the login, &quot;%(login)s&quot;.</p>
    <p><a href="%(url)s">Click here to set a new password</a>
"""
# app/messages/submission_graded.email.erb @ 05e9653c12ef7afc65815ca84e5da7aa2e4c3bd3
CANVAS_GRADED_TXT = """Your assignment %(assignment)s has been graded.

graded: %(date)s
score: %(score)s out of %(total)s


You can review the assignment here:
%(link)s
"""
# app/messages/submission_graded.email.html.erb @ 26511a7a7d28479a99446fd2b57f57d15dce900f
CANVAS_GRADED_HTML = """<p>Your assignment %(assignment)s has been graded.</p>

<p>graded: %(date)s</p>

    <p>score:  %(score)s out of %(total)s

<p></p>
<p><a href="%(link)s">
    You can review the assignment here
  </a></p>
"""

# common/templates/student/edx_ace/accountactivation/email/body.txt @ 28e5b24a961ef19c3c6cd1f08b1db42a97675d42
# subject.txt @ 67008cec68806b77631e8c40ede98ace8a83ce4f
EDX_ACTIVATION_SUBJ = "Action Required: Activate your %(platform)s account"
EDX_ACTIVATION_TXT = """
You’re almost there! Use the link below to activate your account to access engaging, high-quality %(platform)s courses. Note that you will not be able to log back into your account until you have activated it.

%(link)s

Enjoy learning with %(platform)s.

If you need help, please use our web form at %(support_url)s or email %(support_email)s.

This email message was automatically sent by %(lms)s because someone attempted to create an account on %(platform)s using this email address.
"""

# common/templates/student/edx_ace/emailchange/email/body.txt @ 03fc35a41fcfb045c4d7c37d5781ae7aa6a14471
# subject.txt @ 4e3e592eaa60bcd75f35af997b36070259064ce5
EDX_EMAILCHANGE_SUBJ = "Request to change %(platform)s account e-mail"
EDX_EMAILCHANGE_TXT = """


    We received a request to change the e-mail associated with your %(platform)s account from %(old)s to %(new)s. If this is correct, please confirm your new e-mail address by visiting:



%(link)s

If you didn't request this, you don't need to do anything; you won't receive any more email from us. Please do not reply to this e-mail; if you require assistance, check the help section of the %(platform)s web site."""


OSF = "CenterForOpenScience/osf.io"
OSF_FOOT = """Center for Open Science
210 Ridge McIntire Road
Suite 500
Charlottesville, VA 22903-5083
Privacy Policy: https://github.com/CenterForOpenScience/cos.io/blob/master/PRIVACY_POLICY.md
"""
# website/templates/emails/external_confirm_create.txt.mako @ 27f5ff308e240bac11100ff148edaa6241763aee
OSF_CREATE = (
    """Hello %(name)s,

Thank you for registering with %(provider)s for an account on the Open Science Framework.

To finish the registration, you must verify this email. If you initiated this process, it is asking you to enter the verification code that appears below.

OSF Verification Code: %(code)s

If you did not initiate this process, it is possible that someone else is trying to use this email to register an OSF account with %(provider)s. Do not forward or give this code to anyone and the account will not be created.

Sincerely,
The OSF Team

"""
    + OSF_FOOT
)
# website/templates/emails/external_confirm_link.txt.mako @ 27f5ff308e240bac11100ff148edaa6241763aee
OSF_LINK = (
    """Hello %(name)s,

Thank you for linking your %(provider)s account to the Open Science Framework.

To finish the registration, you must verify this email. If you initiated this process, it is asking you to enter the verification code that appears below.

OSF Verification Code: %(code)s

If you did not initiate this process, it is possible that someone else is trying to use this email to link their %(provider)s account. Do not forward or give this code to anyone and the account will not be linked.

Sincerely,
The OSF Team

"""
    + OSF_FOOT
)
# website/templates/emails/confirm.txt.mako @ 023c398d4b82a32438a6b184b747ce41d0518e5f
OSF_CONFIRM = """Hello %(name)s,

Welcome to the Open Science Framework. Please verify your email address by visiting this link:

%(url)s

The OSF Team
Center for Open Science
"""
# website/templates/emails/access_request_rejected.txt.mako @ 126d44e27a9665262dd8a98f56a7a25fe3b9192f
OSF_REJECTED = """Hello %(name)s, 

This email is to inform you that your request for access to the project at %(url)s has been declined.

Sincerely,

The OSF Team

Center for Open Science

210 Ridge McIntire Road, Suite 500, Charlottesville, VA 22903-5083

Privacy Policy: https://github.com/CenterForOpenScience/cos.io/blob/master/PRIVACY_POLICY.md

More information? Visit https://osf.io/ and https://cos.io/ for information about the Open Science Framework and its supporting organization, the Center for Open Science.

Questions? Email contact@osf.io
"""
# website/templates/emails/archive_size_exceeded_user.txt.mako @ 4b49a5ec37c0ba48937309bace42dc142b1a88c8
OSF_ARCHIVE_HEAD = """

User: %(name)s (%(email)s) [%(uid)s]

Tried to register %(title)s (%(url)s), but the resulting archive would have exceeded our caps for disk usage (%(cap)sMB).

A report is included below:

"""
OSF_ARCHIVE_TARGET = """
-------------------------
%(target)s:
  - Archive size: %(size)sMB
  - Num. files: %(files)s
  - Node settings pk: %(pk)s
"""


OLAT_REPO = "OpenOLAT/OpenOLAT"
OLAT_SERVER = "https://learn.contoso.example"
OLAT_SEP = "____________________________________________________________________\n"
# src/main/java/org/olat/registration/_i18n/LocalStrings_{de,en}.properties (decoded)
OLAT = {
    "de": {  # @ 029fa8b85dad4c0aa321d2c179c095e0d88028d4
        "commit": "029fa8b85dad4c0aa321d2c179c095e0d88028d4",
        "reg.subject": "Validierungscode für die Registrierung",
        "reg.body": "<p>Hallo,</p><p>Sie oder eine andere Person haben einen Validierungscode für Ihre "
        "Registrierung ausgelöst. Bitte geben Sie den Bestätigungscode in das entsprechende Feld "
        "ein, um die Registrierung abzuschließen.</p><p>Validierungscode: <span class='otp'>{0}"
        "</span></p><p>Sollte dies nicht möglich sein, kopieren Sie bitte diesen Link in Ihren "
        "Webbrowser:</p><p>{1}</p><br><p>Wenn Sie sich nicht registrieren möchten, ignorieren Sie "
        "einfach diese E-Mail.</p>",
        "login.subject": "Bereits vorhandene Registrierung",
        "login.body": "Sie sind bereits registriert unter dem Anmeldenamen: {0} \r\n\r\nFalls Sie diese E-Mail "
        "unaufgefordert erhalten haben, löschen Sie ganz einfach diese E-Mail.\r\n\r\nIhr OpenOlat-Team",
        "reg.wherefrom": "Diese Anfrage an den Server {0} wurde am {1} abgeschickt.",
        "today": "3. Dezember 2026",
    },
    "fr": {  # @ 11046fa7009ce786942a6ec08a41695e88d7ae2b (only the already-registered strings)
        "commit": "11046fa7009ce786942a6ec08a41695e88d7ae2b",
        "login.subject": "Inscription déjà enregistrée dans OpenOlat",
        "login.body": "Vous êtes déjà enregistré dans OpenOlat avec le nom d'utilisateur: {0} \r\n\r\nSi vous avez "
        "reçu cet e-mail sans en avoir fait la demande, supprimez le tout simplement.\\n\\nVotre "
        "équipe OpenOlat \\n",
        "reg.wherefrom": "Cette requête au serveur {0} a été notifiée le {1}.",
        "today": "3 décembre 2026",
    },
    "en": {  # @ 00c2111e42e297af94261f9965afde115133e29e
        "commit": "00c2111e42e297af94261f9965afde115133e29e",
        "reg.subject": "Validation Code for Registration",
        "reg.body": "<p>Hello,</p><p>You or another person have triggered a validation code for your registration. "
        "Please enter the validation code in the appropriate field to complete the registration.</p>"
        "<p>Validation Code: <span class='otp'>{0}</span></p><br><p>If you do not wish to register, "
        "simply ignore this email.</p>",
        "login.subject": "You are already registered in OpenOlat.",
        "login.body": "You are already registered in OpenOlat. Your username is: {0}.\n\nIf you have received this "
        "e-mail without requesting it, please delete it.\n\nYour OpenOlat team.\n",
        "reg.wherefrom": "This registration request to the server {0} was made on {1}.",
        "today": "December 3, 2026",
        "pwchange.subject": "Validation code for new OpenOlat credentials",
        "pwchange.intro.greeting.with.name": "Hello {0},",
        "pwchange.intro": '<p>You or another person have requested new credentials for your OpenOlat account "{0}".</p>',
        "pwchange.body": "<p>To confirm this process, please enter the following validation code in the field "
        "provided.</p><p>Validation code: <span class='otp'>{0}</span></p><br><p>If you did not "
        "request new login credentials, please ignore this email.</p>",
    },
}


def _fmt(s: str, *args: str) -> str:
    for i, a in enumerate(args):
        s = s.replace("{" + str(i) + "}", a)
    return s


def _olat_html(body: str) -> tuple[str, str]:
    html_part = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>'
        + body
        + "</body></html>"
    )
    text = body.replace("<br>", "\n").replace("</p>", "\n\n")
    text = html.unescape(re.sub(r"<[^>]+>", "", text)).strip() + "\n"
    return text, html_part


BEL = "glondu/belenios"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BEL_PREFIX = "https://vote.belenios.example"
BEL_FROM = "Belenios public server <noreply@vote.belenios.example>"


class MailFormatter:
    """``src/web/common/mail_formatter.ml``: words wrapped at 72 columns."""

    width = 72

    def __init__(self) -> None:
        self.buf: list[str] = []
        self.current = 0
        self.pending = False

    def newline(self) -> None:
        self.buf.append("\n")
        self.current = 0
        self.pending = False

    def string(self, s: str) -> None:
        self.buf.append(s)
        self.current += len(s.encode("utf-8"))  # OCaml String.length counts bytes
        self.pending = False

    def word(self, s: str) -> None:
        n = len(s.encode("utf-8"))
        pending = 1 if self.pending else 0
        if self.current + pending + n > self.width:
            self.newline()
            self.string(s)
        else:
            if self.pending:
                self.string(" ")
            self.string(s)
        self.pending = True

    def sentence(self, s: str) -> None:
        for w in s.split(" "):
            self.word(w)

    def contents(self) -> str:
        return "".join(self.buf)


def _po(text: str) -> dict[str, str]:
    def unq(x: str) -> str:
        return bytes(x[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")

    out: dict[str, str] = {}
    entry = {"id": "", "str": "", "fuzzy": False}
    state = None
    for line in [*text.splitlines(), ""]:
        if not line.strip():
            if entry["str"] and not entry["fuzzy"]:
                out[entry["id"]] = entry["str"]
            entry = {"id": "", "str": "", "fuzzy": False}
            continue
        if line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid "):
            state, entry["id"] = "id", unq(line[6:])
        elif line.startswith("msgstr "):
            state, entry["str"] = "str", unq(line[7:])
        elif line.startswith('"') and state:
            entry[state] += unq(line)
    return out


BEL_WARN = (
    "Warning: this code is valid for 15 minutes, and previous codes sent to this address are no "
    "longer valid."
)
BEL_TEMPLATES = {
    "account-create": (
        "admin",
        [
            "Dear %s,",
            "Your e-mail address has been used to create an account on our Belenios server.",
            "To confirm this creation, please use the following code:",
            BEL_WARN,
            "Best regards,",
            "Create account",
        ],
    ),
    "change-password": (
        "admin",
        [
            "Dear %s,",
            "There has been a request to change the password of your account "
            "on our Belenios server.",
            "To confirm this, please use the following code:",
            BEL_WARN,
            "Best regards,",
            "Change password",
        ],
    ),
    "email-login": (
        "voter",
        [
            "Dear %s,",
            "Your e-mail address has been used to authenticate with our Belenios server.",
            "Use the following code:",
            "Alternatively, you can follow the link:",
            BEL_WARN,
            "Best regards,",
            "Authentication",
        ],
    ),
    "credential": (
        "voter",
        [
            "Warning: this e-mail contains personal and confidential material and should not be "
            "transmitted.",
            "You are listed as a voter for the election",
            "Please vote here using your personal link:",
            "If the above link does not work:",
            "Public page of the election:",
            "Username:",
            "Your credential:",
            "You are allowed to vote several times.",
            "Only the last vote counts.",
            "To get more information, please contact:",
            "Your credential for election %s",
        ],
    ),
    "trustee": (
        "admin",
        [
            "Dear trustee,",
            "You will find below the link to your dedicated trustee interface.",
            "Open the link and follow the instructions.",
            "On first connection, you will generate a private key.",
            "Download your private key. Make sure you SAVE IT properly otherwise it will not be "
            "possible to tally and the election will be canceled.",
            "Save the fingerprint of your verification key. Once the election is open, you must check "
            "that it is present in the set of verification keys published by the server.",
            "On subsequent connections, you will be able to check your private key, and perform "
            "various actions related to elections where you play a role.",
            "Regarding your private key, it is crucial you save it (otherwise the election will be "
            "canceled) and store it in a secure location (if your private key is known together with "
            "the private keys of the other trustees, then vote privacy is no longer guaranteed).",
            "Thank you for your help,",
            "Link to trustee interface",
            "The election administrator",
        ],
    ),
    "vote-confirmation": (
        "voter",
        [
            "Your vote for election %s",
            "Dear %s,",
            "Your vote for election",
            "has been recorded.",
            "Your smart ballot tracker is",
            "You can check its presence in the ballot box, accessible at",
            "Results will be published on the election page",
            "To get more information, please contact:",
        ],
    ),
}
BEL_LANGS = {
    "account-create": ["en", "fr", "it", "es", "pl", "cs", "uk"],
    "change-password": ["en", "fr", "cs"],
    "email-login": ["en", "fr", "it", "es", "pl", "cs", "uk"],
    "credential": ["en", "fr", "de", "it", "pl", "uk"],
    "trustee": ["en", "fr"],
    "vote-confirmation": ["en", "fr", "de", "es", "cs", "fi"],
}
BEL_TITLE = "Élection du conseil d'administration 2026 — Association des usagers"
BEL_CONTACT = "Commission électorale <elections@usagers.example>"


def _bel_code_mail(t, name: str, lines: list[str], code: str, link: str | None = None) -> str:
    b = MailFormatter()
    b.sentence(t("Dear %s,") % name)
    b.newline()
    b.newline()
    b.sentence(t(lines[0]))
    b.sentence(t(lines[1]))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(code)
    b.newline()
    b.newline()
    if link is not None:
        b.sentence(t("Alternatively, you can follow the link:"))
        b.newline()
        b.newline()
        b.string("  ")
        b.string(link)
        b.newline()
        b.newline()
    b.sentence(t(BEL_WARN))
    b.newline()
    b.newline()
    b.sentence(t("Best regards,"))
    b.newline()
    b.newline()
    b.string("-- ")
    b.newline()
    b.string("Belenios public server")
    return b.contents()


def _bel_contact(t, b: MailFormatter) -> None:
    b.newline()
    b.newline()
    b.sentence(t("To get more information, please contact:"))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(BEL_CONTACT)


def _bel_credential(t, uuid: str, login: str, cred: str) -> str:
    b = MailFormatter()
    b.sentence(
        t(
            "Warning: this e-mail contains personal and confidential material and should not be transmitted."
        )
    )
    b.newline()
    b.newline()
    b.sentence(t("You are listed as a voter for the election"))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(BEL_TITLE)
    b.newline()
    b.newline()
    b.sentence(t("Please vote here using your personal link:"))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(f"{BEL_PREFIX}/election#{uuid}/{cred}")
    b.newline()
    b.newline()
    b.string(t("If the above link does not work:"))
    b.newline()
    b.newline()
    b.string(t("Public page of the election:"))
    b.string(" ")
    b.string(f"{BEL_PREFIX}/election#{uuid}")
    b.newline()
    b.string(t("Username:"))
    b.string(" ")
    b.string(login)
    b.newline()
    b.string(t("Your credential:"))
    b.string(" ")
    b.string(cred)
    b.newline()
    b.newline()
    b.sentence(t("You are allowed to vote several times."))
    b.sentence(t("Only the last vote counts."))
    _bel_contact(t, b)
    return b.contents() + "\n\n-- \nBelenios"


def _bel_trustee_body(t, link: str) -> str:
    b = MailFormatter()
    b.sentence(t("Dear trustee,"))
    b.newline()
    b.newline()
    b.sentence(t("You will find below the link to your dedicated trustee interface."))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(link)
    b.newline()
    b.newline()
    needed = BEL_TEMPLATES["trustee"][1]
    b.sentence(t(needed[2]))
    b.newline()
    b.newline()
    b.sentence(t(needed[3]))
    b.sentence(t(needed[4]))
    b.newline()
    b.newline()
    for msg in needed[5:8]:
        b.sentence(t(msg))
        b.newline()
        b.newline()
    b.sentence(t("Thank you for your help,"))
    b.newline()
    return b.contents()


def _bel_confirmation(t, uuid: str, login: str, tracker: str) -> str:
    url2 = f"{BEL_PREFIX}/election#{uuid}"
    b = MailFormatter()
    b.sentence(t("Dear %s,") % login)
    b.newline()
    b.newline()
    b.sentence(t("Your vote for election"))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(BEL_TITLE)
    b.newline()
    b.newline()
    b.sentence(t("has been recorded."))
    b.sentence(t("Your smart ballot tracker is"))
    b.newline()
    b.newline()
    b.string("  ")
    b.string(tracker)
    b.newline()
    b.newline()
    b.sentence(t("You can check its presence in the ballot box, accessible at"))
    b.newline()
    b.string("  ")
    b.string(url2 + "/ballots")
    b.newline()
    b.newline()
    b.sentence(t("Results will be published on the election page"))
    b.newline()
    b.string("  ")
    b.string(url2)
    _bel_contact(t, b)
    b.newline()
    b.newline()
    b.string("-- ")
    b.newline()
    b.string("Belenios")
    return b.contents()


def _alnum(n: int) -> str:
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(RNG.choice(chars) for _ in range(n))


def _guid() -> str:
    return "".join(RNG.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(5))


def _hex(n: int) -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(n))


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _msg(
    sender: str, subject: str | None, text: str, html: str | None, day: int, to: str = TO
) -> bytes:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = to
    if subject is not None:
        m["Subject"] = subject
    m["Date"] = format_datetime(datetime(2026, 11, day, 9, 14, 0, tzinfo=UTC))
    m["Message-ID"] = f"<{_hex(16)}@{sender.split('@')[1].rstrip('>')}>"
    m.set_content(text)
    if html is not None:
        m.add_alternative(html, subtype="html")
        # a fixed boundary (derived from the text) so that every run writes the same bytes
        seed = hashlib.sha256(((subject or "") + text).encode("utf-8")).hexdigest()
        m.set_boundary(f"==============={int(seed[:16], 16) % 10**19:019d}==")
    return m.as_bytes()


def build(belenios: Path | None) -> list[dict]:
    items = []

    def add(source, template, lang, kind, code, repo, path, commit, rendered, data, note=None):
        iid = f"{source}-{template}-{lang}"
        rel = f"mail/{source}/{iid}.eml"
        (MAIL / source).mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(data)
        item = {
            "id": iid,
            "group": f"{source}-{template}",
            "source": source,
            "lang": lang,
            "kind": kind,
            "code": code,
            "repository": repo,
            "path": path,
            "commit": commit,
            "licence": LICENCE[repo],
            "rendered": rendered,
            "file": rel,
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if note:
            item["note"] = note
        items.append(item)

    canvas_from = "Canvas <notifications@canvas.school.example>"
    code = _digits(6)
    body = CANVAS_2FA_HTML % {"code": code}
    add(
        "canvas",
        "2fa",
        "en",
        "saas-otp",
        code,
        CANVAS,
        "app/messages/2fa.email.erb; app/messages/2fa.email.html.erb; "
        "app/messages/_layout.email.html.erb; app/models/communication_channel.rb",
        "d5d8a5443aff4c0cdfcf7d829d92563b6d34d2ef",
        "ERB filled by hand (verification_code = six-digit TOTP), HTML in the e-mail layout; "
        "subject as send_otp! sets it",
        _msg(
            canvas_from,
            "Canvas Verification Code",
            CANVAS_2FA_TXT % {"code": code},
            CANVAS_LAYOUT % {"host": HOST, "body": body},
            3,
        ),
        note="commit given is that of 2fa.email.html.erb; 2fa.email.erb at effd65ebc3d5950f815e5377ddda07fab061975b",
    )

    code = _digits(6)
    add(
        "canvas",
        "otp-sms-gateway",
        "en",
        "saas-otp",
        code,
        CANVAS,
        "app/models/communication_channel.rb (send_otp!, send_otp_via_sms_gateway!)",
        "effd65ebc3d5950f815e5377ddda07fab061975b",
        "the one-sentence message of send_otp! mailed to an e-mail-to-SMS gateway address, no subject",
        _msg(
            canvas_from,
            None,
            f"Your Canvas verification code is {code}",
            None,
            5,
            to="5555550123@sms.carrier.example",
        ),
        note="To is the carrier gateway address, as Canvas sends it; commit given is that of "
        "2fa.email.erb (the model file was read without a commit)",
    )

    link = f"{HOST}/calendar?event_id={RNG.randint(10000, 99999)}&include_contexts=course_{RNG.randint(1000, 9999)}"
    vals = {
        "user": "Dr. Amara Okafor",
        "title": "Office hours: Anatomy lab review",
        "when": "Dec 8, 2026 from 10:30am to 10:45am",
        "attendee": "Noor Tester",
        "course": "BIO 214 Human Anatomy and Physiology II",
        "slots": str(RNG.randint(3, 9)),
        "link": link,
    }
    txt = CANVAS_APPT_TXT % vals + CANVAS_FOOTER_TXT % {"host": HOST}
    html_vals = dict(vals, link=link.replace("&", "&amp;"))
    add(
        "canvas",
        "appointment-reserved",
        "en",
        "notice",
        None,
        CANVAS,
        "app/messages/appointment_reserved_for_user.email.erb; "
        "app/messages/appointment_reserved_for_user.email.html.erb; app/messages/_email_footer.email.erb; "
        "app/messages/_layout.email.html.erb",
        "3bd924cd84a3d80f809d0ba37faab23e0b004765",
        "ERB filled by hand (individual appointment, one context), text part + footer, HTML in the layout",
        _msg(
            canvas_from,
            'You have been signed up for "Office hours: Anatomy lab review"',
            txt,
            CANVAS_LAYOUT % {"host": HOST, "body": CANVAS_APPT_HTML % html_vals},
            7,
        ),
        note="commit given is that of the .html.erb; .email.erb at 33a7ac43f18a23175d6deaeb3f846d1fd4e4b141",
    )

    pseudo = RNG.randint(10000, 99999)
    url = f"{HOST}/pseudonyms/{pseudo}/change_password/{''.join(RNG.choice('abcdefghjkmnpqrstuvwxyz23456789') for _ in range(25))}"
    vals = {"login": TO, "url": url}
    add(
        "canvas",
        "forgot-password",
        "en",
        "notice",
        None,
        CANVAS,
        "app/messages/forgot_password.email.erb; app/messages/forgot_password.email.html.erb; "
        "app/messages/_layout.email.html.erb",
        "613ca333ac2a2ec021f0bcbffb4ec83c50fb04c6",
        "ERB filled by hand (one pseudonym, own password), HTML in the e-mail layout",
        _msg(
            canvas_from,
            "Forgot Password: Canvas",
            CANVAS_FORGOT_TXT % vals,
            CANVAS_LAYOUT % {"host": HOST, "body": CANVAS_FORGOT_HTML % vals},
            9,
        ),
        note="a reset link carrying the channel's confirmation code; nothing to type. "
        ".html.erb at 33a7ac43f18a23175d6deaeb3f846d1fd4e4b141",
    )

    course = RNG.randint(1000, 9999)
    assignment = RNG.randint(100000, 999999)
    total = 25
    vals = {
        "assignment": "Lab Report 3: Cardiac Output",
        "date": "Nov 30, 2026 at 4:12pm",
        "score": str(RNG.randint(15, 25)),
        "total": str(total),
        "link": f"{HOST}/courses/{course}/assignments/{assignment}/submissions/{RNG.randint(100000, 999999)}",
    }
    add(
        "canvas",
        "submission-graded",
        "en",
        "notice",
        None,
        CANVAS,
        "app/messages/submission_graded.email.erb; app/messages/submission_graded.email.html.erb; "
        "app/messages/_layout.email.html.erb",
        "05e9653c12ef7afc65815ca84e5da7aa2e4c3bd3",
        "ERB filled by hand (scores sent in e-mails), HTML in the e-mail layout",
        _msg(
            canvas_from,
            "Assignment Graded: Lab Report 3: Cardiac Output, BIO 214 Human Anatomy and Physiology II",
            CANVAS_GRADED_TXT % vals + CANVAS_FOOTER_TXT % {"host": HOST},
            CANVAS_LAYOUT % {"host": HOST, "body": CANVAS_GRADED_HTML % vals},
            11,
        ),
        note="a score, course and assignment ids; no code. .html.erb at 26511a7a7d28479a99446fd2b57f57d15dce900f",
    )

    edx_from = "Contoso Learning <no-reply@learn.contoso.example>"
    common = {
        "platform": "Contoso Learning",
        "support_url": "https://learn.contoso.example/support",
        "support_email": "support@learn.contoso.example",
        "lms": "https://learn.contoso.example",
    }
    link = f"https://learn.contoso.example/activate/{_hex(32)}"
    add(
        "edx",
        "accountactivation",
        "en",
        "notice",
        None,
        EDX,
        "common/templates/student/edx_ace/accountactivation/email/body.txt; .../subject.txt",
        "28e5b24a961ef19c3c6cd1f08b1db42a97675d42",
        "Django template filled by hand, text/plain only",
        _msg(
            edx_from,
            EDX_ACTIVATION_SUBJ % common,
            EDX_ACTIVATION_TXT % dict(common, link=link),
            None,
            10,
        ),
        note="activation link only; subject.txt at 67008cec68806b77631e8c40ede98ace8a83ce4f",
    )

    link = f"https://learn.contoso.example/email_confirm/{_hex(32)}"
    add(
        "edx",
        "emailchange",
        "en",
        "notice",
        None,
        EDX,
        "common/templates/student/edx_ace/emailchange/email/body.txt; .../subject.txt",
        "03fc35a41fcfb045c4d7c37d5781ae7aa6a14471",
        "Django template filled by hand (primary e-mail branch), text/plain only",
        _msg(
            edx_from,
            EDX_EMAILCHANGE_SUBJ % common,
            EDX_EMAILCHANGE_TXT % dict(common, old="noor.old@example.com", new=TO, link=link),
            None,
            12,
        ),
        note="confirmation link only; subject.txt at 4e3e592eaa60bcd75f35af997b36070259064ce5",
    )
    osf_from = "OSF <openscienceframework-noreply@osf.io>"
    osf_subj = "Open Science Framework Account Verification"
    for tpl, text, day in (
        ("external-confirm-create", OSF_CREATE, 14),
        ("external-confirm-link", OSF_LINK, 16),
    ):
        code = _alnum(30)
        name = tpl.replace("-", "_")
        add(
            "osf",
            tpl,
            "en",
            "saas-otp",
            code,
            OSF,
            f"website/templates/emails/{name}.txt.mako; framework/auth/views.py; website/mails/mails.py; "
            "osf/models/user.py (generate_confirm_token)",
            "27f5ff308e240bac11100ff148edaa6241763aee",
            "Mako text template filled by hand (ORCID provider), sent text/plain as send_confirm_email does",
            _msg(
                osf_from,
                osf_subj,
                text % {"name": "Noor Tester", "provider": "ORCID", "code": code},
                None,
                day,
            ),
            note="the code is the 30-character e-mail confirmation token (random letters and digits) "
            "the mail asks the reader to enter",
        )

    url = f"https://osf.io/confirm/{_guid()}/{_alnum(30)}/?logout=1"
    add(
        "osf",
        "confirm",
        "en",
        "notice",
        None,
        OSF,
        "website/templates/emails/confirm.txt.mako",
        "023c398d4b82a32438a6b184b747ce41d0518e5f",
        "Mako text template filled by hand, text/plain",
        _msg(
            osf_from,
            "Add a new email to your OSF account",
            OSF_CONFIRM % {"name": "Noor Tester", "url": url},
            None,
            18,
        ),
        note="a confirmation link carries the token; nothing to type",
    )

    url = f"https://osf.io/{_guid()}/"
    add(
        "osf",
        "access-request-rejected",
        "en",
        "notice",
        None,
        OSF,
        "website/templates/emails/access_request_rejected.txt.mako",
        "126d44e27a9665262dd8a98f56a7a25fe3b9192f",
        "Mako text template filled by hand, text/plain",
        _msg(
            osf_from,
            "Your access request to an OSF project has been declined.",
            OSF_REJECTED % {"name": "Noor Tester", "url": url},
            None,
            20,
        ),
    )

    title = "Sleep duration and working memory in adolescents: a preregistered replication"
    uid = _guid()
    head = OSF_ARCHIVE_HEAD % {
        "name": "Noor Tester",
        "email": TO,
        "uid": uid,
        "title": title,
        "url": f"https://osf.io/{_guid()}/",
        "cap": "5120",
    }
    body = head + "".join(
        OSF_ARCHIVE_TARGET
        % {
            "target": t,
            "size": RNG.randint(2100, 4800),
            "files": RNG.randint(40, 900),
            "pk": RNG.randint(100000, 999999),
        }
        for t in ("OSF Storage", "GitHub")
    )
    add(
        "osf",
        "archive-size-exceeded-user",
        "en",
        "notice",
        None,
        OSF,
        "website/templates/emails/archive_size_exceeded_user.txt.mako; website/mails/mails.py",
        "4b49a5ec37c0ba48937309bace42dc142b1a88c8",
        "Mako text template filled by hand (two targets), text/plain; subject PROBLEM_REGISTERING",
        _msg(osf_from, f"Problem registering {title}", body, None, 22),
        note="sizes, file counts, primary keys and a user GUID; no code",
    )
    olat_from = "OpenOlat <no-reply@learn.contoso.example>"
    i18n = "src/main/java/org/olat/registration/_i18n/LocalStrings_%s.properties"
    for lang, day in (("de", 23), ("en", 24)):
        t = OLAT[lang]
        code = _digits(8)
        link = f"{OLAT_SERVER}/dmz/registration/index.html?key={code}&language={lang}"
        body = _fmt(t["reg.body"], code, f'<a href="{link}">{link}</a>')
        text, html_part = _olat_html(body)
        add(
            "openolat",
            "registration",
            lang,
            "saas-otp",
            code,
            OLAT_REPO,
            i18n % lang + "; src/main/java/org/olat/registration/MailValidationController.java; "
            "src/main/java/org/olat/registration/RegistrationManager.java",
            t["commit"],
            "reg.body filled as MailValidationController does (HTML, no wherefrom); bare html wrapper, "
            "tag-stripped text alternative",
            _msg(olat_from, t["reg.subject"], text, html_part, day),
            note="eight-digit validation code; the key is also inside the registration link",
        )

    t = OLAT["en"]
    code = _digits(8)
    body = (
        "<p>"
        + _fmt(t["pwchange.intro.greeting.with.name"], "Noor Tester")
        + "</p>"
        + _fmt(t["pwchange.intro"], "noor.tester")
        + _fmt(t["pwchange.body"], code)
    )
    text, html_part = _olat_html(body)
    add(
        "openolat",
        "pwchange",
        "en",
        "saas-otp",
        code,
        OLAT_REPO,
        i18n % "en" + "; PwChange validation step controller (file id 19029301269)",
        t["commit"],
        "pwchange mail composed as sendPasswordChangeEmail does (no passkey); bare html wrapper, "
        "tag-stripped text alternative",
        _msg(olat_from, t["pwchange.subject"], text, html_part, 25),
    )

    for lang, day in (("de", 26), ("en", 27), ("fr", 28)):
        t = OLAT[lang]
        body = (
            _fmt(t["login.body"], "noor.tester")
            + OLAT_SEP
            + _fmt(t["reg.wherefrom"], OLAT_SERVER, t["today"])
        )
        add(
            "openolat",
            "already-registered",
            lang,
            "notice",
            None,
            OLAT_REPO,
            i18n % lang + "; src/main/java/org/olat/registration/MailValidationController.java",
            t["commit"],
            "login.body + SEPARATOR + reg.wherefrom as informExistingUser does; text/plain",
            _msg(olat_from, t["login.subject"], body, None, day),
            note="tells the user name of the existing account; no code",
        )
    if belenios is not None:
        items += build_belenios(belenios)
    return items


def build_belenios(repo: Path) -> list[dict]:
    rng = random.Random("r6-public-belenios")
    gd = str(repo)
    commit = subprocess.run(
        ["git", "--git-dir", gd, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", gd, "show", f"{commit}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def b58(n: int) -> str:
        return "".join(rng.choice(B58) for _ in range(n))

    items = []
    cache: dict[tuple[str, str], dict[str, str]] = {}
    day = 0
    for tpl, (component, needed) in BEL_TEMPLATES.items():
        for lang in BEL_LANGS[tpl]:
            if lang == "en":
                cat: dict[str, str] = {}
            else:
                key = (component, lang)
                if key not in cache:
                    cache[key] = _po(show(f"po/{component}/{lang}.po"))
                cat = cache[key]
                missing = [m for m in needed if m not in cat]
                if missing:
                    raise SystemExit(f"belenios {tpl} {lang}: untranslated {missing[:2]}")

            def t(msg: str, cat: dict[str, str] = cat) -> str:
                return cat.get(msg, msg)

            day += 1
            date_day = 1 + day % 28
            note = None
            if tpl in ("account-create", "change-password"):
                code = "".join(rng.choice("0123456789") for _ in range(6))
                body = _bel_code_mail(t, "Noor Tester", needed[1:3], code)
                subject = "Belenios — " + t(needed[-1])
                kind, label = "other", code
                path = "src/web/server/common/mails_admin.ml"
            elif tpl == "email-login":
                code = "".join(rng.choice("0123456789") for _ in range(6))
                link = f"{BEL_PREFIX}/actions/email-login/{b58(22)}/{code}"
                body = _bel_code_mail(t, TO, needed[1:3], code, link)
                subject = "Belenios — " + t("Authentication")
                kind, label = "other", code
                path = "src/web/server/common/mails_voter.ml"
            elif tpl == "credential":
                raw = b58(22)
                cred = f"{raw[:5]}-{raw[5:11]}-{raw[11:16]}-{raw[16:]}"
                body = _bel_credential(t, b58(14), TO, cred)
                subject = t("Your credential for election %s") % BEL_TITLE
                kind, label = "other", cred
                path = "src/web/server/common/mails_voter.ml; src/lib/core/credential.ml"
                note = (
                    "the voting credential, to enter if the personal link does not work; the dashes belong "
                    "to the credential (the parser requires them)"
                )
            elif tpl == "trustee":
                link = f"{BEL_PREFIX}/trustee#{b58(14)}/{b58(22)}"
                langs = [(lang, t)]
                if lang == "fr":
                    langs.append(("en", lambda msg: msg))
                body = "\n\n----------\n\n".join(_bel_trustee_body(tt, link) for _, tt in langs)
                body += "\n\n-- \n" + t("The election administrator")
                subject = t("Link to trustee interface")
                kind, label = "notice", None
                path = "src/web/common/mails_admin.ml; src/web/server/common/send_message.ml"
                note = "a personal link with a token and key-handling instructions; no code to type"
                if lang == "fr":
                    note += " (French body, then the English one)"
            else:
                tracker = hashlib.sha256(b58(32).encode()).digest()
                import base64

                tracker_b64 = base64.b64encode(tracker).decode().rstrip("=")
                body = _bel_confirmation(t, b58(14), TO, tracker_b64)
                subject = t("Your vote for election %s") % BEL_TITLE
                kind, label = "notice", None
                path = "src/web/server/common/mails_voter.ml"
                note = "the smart ballot tracker is a hash to look up in the ballot box, not a code to type"
            iid = f"belenios-{tpl}-{lang}"
            rel = f"mail/belenios/{iid}.eml"
            (MAIL / "belenios").mkdir(parents=True, exist_ok=True)
            m = EmailMessage()
            m["From"] = BEL_FROM
            m["To"] = f"{TO}"
            m["Subject"] = subject
            m["Date"] = format_datetime(datetime(2026, 10, date_day, 18, 2, 0, tzinfo=UTC))
            m["Message-ID"] = f"<{1790000000 + day * 977}{b58(6)}@vote.belenios.example>"
            m.set_content(body)
            data = m.as_bytes()
            (HERE / rel).write_bytes(data)
            item = {
                "id": iid,
                "group": f"belenios-{tpl}",
                "source": "belenios",
                "lang": lang,
                "kind": kind,
                "code": label,
                "repository": BEL,
                "path": path + (f"; po/{component}/{lang}.po" if lang != "en" else ""),
                "commit": commit,
                "licence": "AGPL-3.0",
                "rendered": "OCaml mail builder transcribed (Mail_formatter wrapping), strings from the po catalogue",
                "file": rel,
                "sha256": hashlib.sha256(data).hexdigest(),
            }
            if note:
                item["note"] = note
            items.append(item)
    return items


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--belenios", type=Path, required=True, help="git dir of a glondu/belenios snapshot"
    )
    args = ap.parse_args()
    items = build(args.belenios)
    OUT.write_text(
        json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{len(items)} items -> {OUT}")


if __name__ == "__main__":
    main()
