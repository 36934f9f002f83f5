"""Round thirteen (``learn``): mails of education software (learning platforms, school and
student information systems): one-time codes where the sender mails one, and same-sender
hard negatives (enrolment, payment-reminder, class-reminder, account and password-reset mails).

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r13_learn.py \\
        [--mirrors /work/.mirror]

``--mirrors`` holds the git snapshots (``owner+name/repo``) fetched for this round:
Sunbird-Lern+userorg-service, francoisjacquet+rosariosis, frappe+lms,
PawelSuwinski+moodle-auth_emailotp, jport500+moodle-auth_magiclink,
shadman-ahmed-bs23+moodle-auth_bspdpolicy, mnm-54+moodle-auth_adminauth,
anishjoshi1999+Online-Exam-Server. Every file is read at
the commit named below.

Collected blind: no extractor was run on these mails; each label is what a person reading
the mail would type (``code``) or ``null``.

- Sunbird / DIKSHA user-org service (Sunbird-Lern/userorg-service, MIT), the learner
  platform of India's national teacher/student portal: Velocity templates of
  ``core/platform-common/src/main/resources``. ``forgotPasswordWithOTP.vm`` (``$realmName``,
  ``$otp`` of ``sunbird_otp_length=6`` digits, ``$ttl`` = ``sunbird_otp_expiration`` 1800 s in
  minutes as ``OTPUtil.getOTPExpirationInMinutes``), subject ``sunbird_reset_pass_mail_subject``
  (``Reset Password``): positive. ``welcomeMailTemplate.vm`` (subject/welcome
  ``onboarding_mail_subject``/``onboarding_welcome_message`` of ``mailTemplates.properties``,
  ``mail_note``) and ``emailtemplate.vm`` (generic notification; ``$body`` written BY HAND as a
  course-completion notice, since callers supply it): negatives. A small Velocity subset is
  evaluated here (``#if ($x) .. #else .. #end`` and ``$x`` references; undefined references stay
  literal as Velocity leaves them). Single text/html part as ``SendEmail`` sends it.
- RosarioSIS (francoisjacquet/rosariosis, GPL-2.0): ``PasswordReset.php`` mail (link with the
  ``encrypt_password`` hash, username) through ``SendEmail`` (subject ``Config('NAME') - ``
  subject; HTML body via PHPMailer ``msgHTML``, which adds the ``html2text`` plain alternative,
  reproduced here), and ``SendNotificationNewStudentAccount`` (plain text: student ID, URL,
  username; no password given). Strings translated from ``locale/<l>.utf8/LC_MESSAGES/
  rosariosis.po`` (msgid when msgstr is empty). Negatives.
- Frappe Learning (frappe/lms, AGPL-3.0): Jinja templates ``lms/templates/emails/
  payment_reminder.html``, ``batch_confirmation.html``, ``live_class_reminder.html`` rendered
  with the args and subjects of ``lms_payment.py``, ``lms_batch_enrollment.py``,
  ``lms_live_class.py``; ``_()`` from ``lms/locale/<l>.po``. frappe's standard e-mail wrapper
  (from frappe/frappe, not taken) is NOT added: the HTML part is the rendered LMS template
  only. ``frappe.utils.format_date/format_time`` done by hand in the ``medium``/``long`` and
  ``hh:mm a`` formats. Negatives.
- Email OTP for Moodle (PawelSuwinski/moodle-auth_emailotp, GPL-3.0), a Moodle
  authentication plugin: ``auth.php`` ``gen_otp`` mails with ``email_to_user`` (text only)
  subject ``<site fullname>: `` + ``otpgeneratedsubj`` and body ``otpgeneratedtext``
  (``{$a->password}``) of ``lang/<l>/auth_emailotp.php``. The one-time password comes from
  Moodle's ``generate_password()`` (default ``maxlen`` 10 with the default policy: one digit, one
  lower, one upper, one of ``.,;:!?_-+/*@#&$`` and six more letters, shuffled), imitated here. Positives (en, pl).
- Magic link for Moodle (jport500/moodle-auth_magiclink, GPL-3.0-or-later as its README
  states; no licence file, so the GPL-3.0 text is copied): ``classes/email_composer.php``
  fills ``emailbody_default``/``emailsubject_default`` of ``lang/en/auth_magiclink.php``
  (text, and HTML through Moodle ``text_to_html`` = ``<div class="text_to_html">`` with
  ``<br />`` for newlines, done by hand), token ``bin2hex(random_bytes(32))``, TTL 900 s.
  Negative (login link, no code).
- BS Password Policy for Moodle (shadman-ahmed-bs23/moodle-auth_bspdpolicy, GPL-3.0-or-later
  per its file headers; no licence file, GPL-3.0 text copied): ``locallib.php``
  ``auth_bspdpolicy_send_otp_mail`` replaces ``{{OTP}}`` (``rand(100000, 999999)``) in the
  ``emailtemplate`` setting, whose default is ``defaulttemplate`` of
  ``lang/en/auth_bspdpolicy.php``; subject ``emailsubject``; text only (``email_to_user`` with
  an empty HTML body). Positive.
- Admin auth for Moodle (mnm-54/moodle-auth_adminauth, GPL-3.0-or-later per its file
  headers; no licence file, GPL-3.0 text copied): ``generate_otp_code.php`` ``send_otp_mail``
  sends subject ``otp code`` and as the whole text body the bare ``rand(100000, 999999)``.
  Positive.
- Start Test (anishjoshi1999/Online-Exam-Server, ISC as declared in its package.json; no
  licence file, ISC text copied), an online MCQ exam platform: the Mailgun HTML mails of
  ``utils/email.js`` (subject, sender name and ``html`` template literal taken per function,
  ``${...}`` filled by hand as the controllers do): ``sendInviteViaEmail`` (exam access code =
  the exam ``slug``, ``slugify(examName + " " + (count + 1), {lower, strict})`` of
  ``Models/Exam.js``: positive), ``sendPasswordResetEmail`` (reset code
  ``uuidv4().replace(/-/g, "").slice(0, 6)`` of ``Controllers/authController.js``: positive),
  ``sendVerificationEmail`` (link with a 64-hex token) and
  ``sendAccountCreationConfirmationEmail``: negatives. text/html only.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
import sys
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE, message

OUT = HERE / "round13" / "learn.json"
SENT = datetime(2026, 12, 3, 8, 17, 40, tzinfo=UTC)
RNG = random.Random("r13-learn")
ITEMS: list[dict[str, Any]] = []


def _write(ident: str, source: str, raw: bytes) -> tuple[str, str]:
    rel = f"mail/{source}/{ident}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return rel, hashlib.sha256(raw).hexdigest()


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _alnum(
    n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _add(*, ident: str, group: str, source: str, lang: str, kind: str, code: str | None,
         repository: str, path: str, commit: str, licence: str, rendered: str,
         sender: str, subject: str, text: str | None, html_part: str | None,
         note: str | None = None) -> None:  # fmt: skip
    rel, sha = _write(ident, source, message(
        sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT))  # fmt: skip
    item = {"id": ident, "group": group, "source": source, "lang": lang, "kind": kind,
            "code": code, "repository": repository, "path": path, "commit": commit,
            "licence": licence, "rendered": rendered, "file": rel, "sha256": sha}  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (no plurals or contexts needed here)."""
    out: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        if "msgctxt" in block or "msgid_plural" in block:
            continue
        m = re.search(r'^msgid ((?:".*"\s*)+)^msgstr ((?:".*"\s*)+)', block, re.M)
        if not m:
            continue

        def join(s: str) -> str:
            parts = re.findall(r'"((?:[^"\\]|\\.)*)"', s)
            return _unescape("".join(parts))

        out[join(m.group(1))] = join(m.group(2))
    return out


def _unescape(s: str) -> str:
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def _gettext(cat: dict[str, str]):
    return lambda s: cat.get(s) or s


# ---------------------------------------------------------------------------------------
# Sunbird (DIKSHA) user-org service

SUNBIRD_REPO = "Sunbird-Lern/userorg-service"
SUNBIRD_COMMIT = "a68ca7c09518a9f76de5183bc8b16dbf765e8e94"
SUNBIRD_RES = "core/platform-common/src/main/resources/"


def _velocity(tpl: str, params: dict[str, str]) -> str:
    def cond(m: re.Match[str]) -> str:
        return m.group(2) if params.get(m.group(1)) else (m.group(3) or "")

    tpl = re.sub(r"#if\s*\(\s*\$(\w+)\s*\)(.*?)(?:#else(.*?))?#end", cond, tpl, flags=re.S)
    return re.sub(r"\$!?\{?(\w+)\}?", lambda m: params.get(m.group(1), m.group(0)), tpl)


def _props(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def sunbird(mirrors: Path) -> None:
    repo = mirrors / "Sunbird-Lern+userorg-service" / "repo"
    props = _props(_show(repo, SUNBIRD_COMMIT, SUNBIRD_RES + "mailTemplates.properties"))
    ext = _props(_show(repo, SUNBIRD_COMMIT, SUNBIRD_RES + "externalresource.properties"))
    sender = "DIKSHA <noreply@diksha.example>"
    support = "support@diksha.example"
    org = props["orgName"]
    common = dict(
        repository=SUNBIRD_REPO, commit=SUNBIRD_COMMIT, licence="MIT", source="sunbird", lang="en"
    )
    # positive: reset password with OTP
    code = _digits(int(ext["sunbird_otp_length"]))
    ttl = str(int(ext["sunbird_otp_expiration"]) // 60)
    body = _velocity(_show(repo, SUNBIRD_COMMIT, SUNBIRD_RES + "forgotPasswordWithOTP.vm"),
                     {"realmName": "sunbird", "otp": code, "ttl": ttl})  # fmt: skip
    _add(ident="sunbird-reset-otp-en", group="sunbird-reset-otp", kind="gov-otp", code=code,
         path=f"{SUNBIRD_RES}forgotPasswordWithOTP.vm, {SUNBIRD_RES}externalresource.properties, service/src/main/java/org/sunbird/util/otp/OTPUtil.java",
         rendered="Velocity refs $realmName/$otp/$ttl filled (6-digit OTP, ttl 1800 s -> 30 min); subject sunbird_reset_pass_mail_subject; single text/html part",
         sender=sender, subject=ext["sunbird_reset_pass_mail_subject"], text=None, html_part=body,
         note="OTP to reset the account credentials ('OTP : <code>')", **common)  # fmt: skip
    # negative: welcome / onboarding with set-password link
    link = f"https://diksha.example/auth/realms/sunbird/login-actions/action-token?key={_alnum(40)}"
    params = {"welcomeMessage": props["onboarding_welcome_message"].replace("{0}", org),
              "setPasswordLink": link, "link": link, "orgName": org,
              "note": props["mail_note"], "fromEmail": support}  # fmt: skip
    body = _velocity(_show(repo, SUNBIRD_COMMIT, SUNBIRD_RES + "welcomeMailTemplate.vm"), params)
    _add(ident="sunbird-welcome-en", group="sunbird-welcome", kind="notice", code=None,
         path=f"{SUNBIRD_RES}welcomeMailTemplate.vm, {SUNBIRD_RES}mailTemplates.properties",
         rendered="Velocity #if/refs evaluated with the mailTemplates.properties strings; action-token link by hand; single text/html part",
         sender=sender, subject=props["onboarding_mail_subject"].replace("{0}", org), text=None,
         html_part=body, note="account created, link to set a password; no code", **common)  # fmt: skip
    # negative: generic notification (course completion)
    batch = _digits(19)
    body_text = (f"Congratulations! You have completed the course “Foundational Literacy and Numeracy "
                 f"(FLN) 2026, Module 3” (batch {batch}) on 28 Nov 2026 with a score of 86/100. "
                 f"Your certificate no. DK-2026-{_digits(7)} will be available under My Learning "
                 f"within 48 hours.")  # fmt: skip
    params = {"orgImageUrl": ext.get("sunbird_diksha_img_url", ""), "name": "Noor Tester",
              "body": body_text, "actionUrl": f"https://diksha.example/learn/course/do_{_digits(19)}",
              "actionName": "View course", "orgName": org, "fromEmail": support}  # fmt: skip
    body = _velocity(_show(repo, SUNBIRD_COMMIT, SUNBIRD_RES + "emailtemplate.vm"), params)
    _add(ident="sunbird-notification-en", group="sunbird-notification", kind="notice", code=None,
         path=f"{SUNBIRD_RES}emailtemplate.vm, {SUNBIRD_RES}externalresource.properties",
         rendered="Velocity #if/refs evaluated; $body text written BY HAND (callers supply it); single text/html part",
         sender=sender, subject="Course completed: FLN 2026, Module 3", text=None, html_part=body,
         note="course-completion notice with batch, certificate and score numbers; subject by hand", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# RosarioSIS

ROSARIO_REPO = "francoisjacquet/rosariosis"
ROSARIO_COMMIT = "b69514270182b351c7e3200db8f1930366392e03"
ROSARIO_LANGS = ["en_US", "fr_FR", "es_ES", "de_DE", "pt_BR", "ar_AE", "tr_TR"]


def _html2text(h: str) -> str:
    """PHPMailer::html2text (default, non-advanced)."""
    h = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", h, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", h).strip())


def rosario(mirrors: Path) -> None:
    repo = mirrors / "francoisjacquet+rosariosis" / "repo"
    for loc in ROSARIO_LANGS:
        lang = loc.split("_")[0] if loc != "pt_BR" else "pt-br"
        if loc == "en_US":
            _ = _gettext({})
            po = "(msgids)"
        else:
            po = f"locale/{loc}.utf8/LC_MESSAGES/rosariosis.po"
            _ = _gettext(_po(_show(repo, ROSARIO_COMMIT, po)))
        site = "https://sis.lincoln-high.example/"
        username = RNG.choice(["ntester", "noor.t", "tester.noor", "n.tester"])
        salt = _alnum(16, "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        digest = _alnum(86, "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        link = f"{site}PasswordReset.php?h=$6$rounds=5000${salt}${digest}"
        msg = (_("Please visit the following link to reset your password") + ':<br />\n\t\t<a href="'
               + html.escape(link) + '">' + link + "</a>\n\t\t<br />" + _("Username") + ": "
               + username + "\n\t\t<br /><br />" + _("Please permanently delete this email once you are done."))  # fmt: skip
        _add(ident=f"rosario-password-reset-{lang}", group="rosario-password-reset", source="rosariosis",
             lang=lang, kind="notice", code=None, repository=ROSARIO_REPO,
             path=f"PasswordReset.php, ProgramFunctions/SendEmail.fnc.php, {po}", commit=ROSARIO_COMMIT,
             licence="GPL-2.0", rendered="PasswordReset.php message with _() from the .po; subject 'RosarioSIS - ' + _('Password Reset'); HTML via msgHTML plus its html2text alternative; link hash in encrypt_password (SHA-512 crypt) shape by hand",
             sender="RosarioSIS <rosariosis@sis.lincoln-high.example>",
             subject="RosarioSIS - " + _("Password Reset"), text=_html2text(msg), html_part=msg,
             note="password-reset link with username; no code")  # fmt: skip
        if loc in ("en_US", "fr_FR", "es_ES", "de_DE", "tr_TR"):
            sid = _digits(4)
            text = _("Your account was activated (%d). You can login at %s")
            text += "\n\n" + _("Username") + ": " + "s" + sid + "." + username
            text = text.replace("%d", sid, 1).replace("%s", site, 1)
            _add(ident=f"rosario-student-account-{lang}", group="rosario-student-account", source="rosariosis",
                 lang=lang, kind="notice", code=None, repository=ROSARIO_REPO,
                 path=f"ProgramFunctions/SendNotification.fnc.php, ProgramFunctions/SendEmail.fnc.php, {po}",
                 commit=ROSARIO_COMMIT, licence="GPL-2.0",
                 rendered="SendNotificationNewStudentAccount without password; sprintf filled; plain text (no tags) as SendEmail sends it",
                 sender="RosarioSIS <rosariosis@sis.lincoln-high.example>",
                 subject="RosarioSIS - " + _("Student Account"), text=text, html_part=None,
                 note="student account activated: student ID in parentheses, URL, username; no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Frappe Learning (frappe/lms)

LMS_REPO = "frappe/lms"
LMS_COMMIT = "91bc5478a766a111fc163d906274848c157bd978"
LMS_LANGS = ["en", "de", "fr", "es", "pt_BR", "ar", "zh", "tr", "vi"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]  # fmt: skip


def _fmt_time(t: time) -> str:
    return f"{(t.hour % 12) or 12:02d}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


def lms(mirrors: Path) -> None:
    import jinja2

    repo = mirrors / "frappe+lms" / "repo"
    env = jinja2.Environment(autoescape=False)
    tpls = {n: _show(repo, LMS_COMMIT, f"lms/templates/emails/{n}.html")
            for n in ("payment_reminder", "batch_confirmation", "live_class_reminder")}  # fmt: skip
    site = "https://learn.school.example"

    class Utils:
        @staticmethod
        def format_date(d: date, fmt: str) -> str:
            if fmt == "medium":
                return f"{MONTHS[d.month - 1][:3]} {d.day}, {d.year}"
            return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"

        @staticmethod
        def format_time(t: time, fmt: str) -> str:
            return _fmt_time(t)

    frappe_ns = type("F", (), {"utils": Utils})
    for lang in LMS_LANGS:
        po = f"lms/locale/{lang}.po"
        _ = _gettext({}) if lang == "en" else _gettext(_po(_show(repo, LMS_COMMIT, po)))
        paths_po = "" if lang == "en" else f", {po}"
        lid = lang.lower().replace("_", "-")
        g = {"_": _, "frappe": frappe_ns, "get_lms_route": lambda p: f"{site}/lms/{p}"}
        # payment reminder
        batch = f"{RNG.choice(['python-for-data', 'algebra-ii', 'ielts-prep'])}-{_digits(2)}"
        args = {"billing_name": "Noor Tester", "type": "batch", "title": "Data Analysis with Python — Cohort 7",
                "link": f"{site}/lms/billing/batch/{batch}"}  # fmt: skip
        body = env.from_string(tpls["payment_reminder"]).render(**g, **args)
        _add(ident=f"frappelms-payment-reminder-{lid}", group="frappelms-payment-reminder", source="frappelms",
             lang=lid, kind="invoice", code=None, repository=LMS_REPO,
             path=f"lms/templates/emails/payment_reminder.html, lms/lms/doctype/lms_payment/lms_payment.py{paths_po}",
             commit=LMS_COMMIT, licence="AGPL-3.0",
             rendered="Jinja2 render with send_mail args, _() from the .po; frappe standard wrapper not added; single text/html part",
             sender="Frappe Learning <noreply@learn.school.example>",
             subject=_("Complete Your Enrollment - Don't miss out!"), text=None, html_part=body,
             note="unpaid enrolment reminder with billing link; no code")  # fmt: skip
        if lang not in ("en", "de", "fr", "es", "ar"):
            continue
        # batch confirmation
        bname = f"BATCH-{_digits(5)}"
        title = "IELTS Preparation — Evening Batch 2027/1"
        args = {"title": title, "student_name": "Noor Tester", "start_time": time(18, 30),
                "start_date": date(2027, 1, 11), "medium": "Online", "name": bname}  # fmt: skip
        body = env.from_string(tpls["batch_confirmation"]).render(**g, **args)
        _add(ident=f"frappelms-batch-confirmation-{lid}", group="frappelms-batch-confirmation", source="frappelms",
             lang=lid, kind="notice", code=None, repository=LMS_REPO,
             path=f"lms/templates/emails/batch_confirmation.html, lms/lms/doctype/lms_batch_enrollment/lms_batch_enrollment.py{paths_po}",
             commit=LMS_COMMIT, licence="AGPL-3.0",
             rendered="Jinja2 render with the enrolment args, _() from the .po; format_date/format_time by hand (English); frappe wrapper not added",
             sender="Frappe Learning <noreply@learn.school.example>",
             subject=_("Enrollment Confirmation for {0}").format(title), text=None, html_part=body,
             note="enrolment confirmation with start date and time; no code")  # fmt: skip
        # live class reminder
        ctitle = f"Week {RNG.randint(3, 9)}: Linear Regression Q&A"
        args = {"student_name": "Noor Tester", "title": ctitle, "date": date(2026, 12, 4),
                "time": time(16, 0), "batch_name": bname}  # fmt: skip
        body = env.from_string(tpls["live_class_reminder"]).render(**g, **args)
        _add(ident=f"frappelms-live-class-{lid}", group="frappelms-live-class", source="frappelms",
             lang=lid, kind="notice", code=None, repository=LMS_REPO,
             path=f"lms/templates/emails/live_class_reminder.html, lms/lms/doctype/lms_live_class/lms_live_class.py{paths_po}",
             commit=LMS_COMMIT, licence="AGPL-3.0",
             rendered="Jinja2 render with send_mail args, _() from the .po; format_date/format_time by hand (English); frappe wrapper not added",
             sender="Frappe Learning <noreply@learn.school.example>",
             subject=_("Your class on {0} is today").format(ctitle), text=None, html_part=body,
             note="live class reminder with date and time; no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Moodle authentication plugins (not moodle/moodle)

EMAILOTP_REPO = "PawelSuwinski/moodle-auth_emailotp"
EMAILOTP_COMMIT = "17c7d55cd239450b523769fc8c33d5cf138110c9"
MAGIC_REPO = "jport500/moodle-auth_magiclink"
MAGIC_COMMIT = "d6743c448d96864114a5671f7dfa4ab16a24cddc"
BSPD_REPO = "shadman-ahmed-bs23/moodle-auth_bspdpolicy"
BSPD_COMMIT = "06eb94b8c066569625666740f900c0a51a143654"
ADMINAUTH_REPO = "mnm-54/moodle-auth_adminauth"
ADMINAUTH_COMMIT = "720e82018f4171d8e1a84a7f1c24df485afb1579"


def _moodle_strings(text: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$string\['(\w+)'\]\s*=\s*'((?:[^'\\]|\\.)*)';", text, re.S):
        out[m.group(1)] = re.sub(r"\\(['\\])", r"\1", m.group(2))
    return out


def _generate_password() -> str:
    lower, upper, digits = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"
    nonalnum = ".,;:!?_-+/*@#&$"
    chars = [RNG.choice(lower), RNG.choice(upper), RNG.choice(digits), RNG.choice(nonalnum)]
    chars += [RNG.choice(lower + upper) for _ in range(6)]
    RNG.shuffle(chars)
    return "".join(chars)


def moodle_plugins(mirrors: Path) -> None:
    repo = mirrors / "PawelSuwinski+moodle-auth_emailotp" / "repo"
    sites = {"en": "Riverside College Online", "pl": "Platforma e-learningowa ZSE"}
    for lang, site in sites.items():
        st = _moodle_strings(_show(repo, EMAILOTP_COMMIT, f"lang/{lang}/auth_emailotp.php"))
        pw = _generate_password()
        _add(ident=f"moodleemailotp-otp-{lang}", group="moodleemailotp-otp", source="moodleemailotp",
             lang=lang, kind="saas-otp", code=pw, repository=EMAILOTP_REPO,
             path=f"auth.php, lang/{lang}/auth_emailotp.php", commit=EMAILOTP_COMMIT, licence="GPL-3.0",
             rendered="gen_otp: subject site fullname + ': ' + otpgeneratedsubj, body otpgeneratedtext with {$a->password} (generate_password imitated: 10 chars incl. a digit and a symbol); text/plain as email_to_user sends it",
             sender=f"{site} <noreply@moodle.campus.example>",
             subject=f"{site}: {st['otpgeneratedsubj']}", text=st["otpgeneratedtext"].replace("{$a->password}", pw),
             html_part=None, note="one-time password for the session, typed at login; contains a punctuation character")  # fmt: skip
    repo = mirrors / "jport500+moodle-auth_magiclink" / "repo"
    st = _moodle_strings(_show(repo, MAGIC_COMMIT, "lang/en/auth_magiclink.php"))
    site = "Riverside College Online"
    url = f"https://moodle.campus.example/auth/magiclink/verify.php?token={_alnum(64, '0123456789abcdef')}"
    ttl = str(round(900 / 60))
    tpl = st["emailbody_default"]
    text = tpl
    for k, v in {"{$a->firstname}": "Noor", "{$a->lastname}": "Tester", "{$a->sitename}": site,
                 "{$a->link}": url, "{$a->loginlink}": url, "{$a->expiration}": ttl}.items():  # fmt: skip
        text = text.replace(k, v)
    h = tpl
    for k, v in {"{$a->firstname}": "Noor", "{$a->lastname}": "Tester", "{$a->sitename}": html.escape(site),
                 "{$a->link}": html.escape(url), "{$a->expiration}": ttl,
                 "{$a->loginlink}": f'<a href="{html.escape(url)}">{st["loginhere"]}</a>'}.items():  # fmt: skip
        h = h.replace(k, v)
    h = '<div class="text_to_html">' + h.replace("\n", "<br />\n") + "</div>"
    _add(ident="moodlemagiclink-login-en", group="moodlemagiclink-login", source="moodlemagiclink", lang="en",
         kind="notice", code=None, repository=MAGIC_REPO,
         path="classes/email_composer.php, classes/token_manager.php, lang/en/auth_magiclink.php",
         commit=MAGIC_COMMIT, licence="GPL-3.0-or-later",
         rendered="send_login_email placeholders filled (text and HTML sets), text_to_html by hand; multipart text+HTML as email_to_user sends it",
         sender=f"{site} <noreply@moodle.campus.example>", subject=st["emailsubject_default"],
         text=text, html_part=h, note="magic login link (64-hex token), expiry in minutes; no code")  # fmt: skip

    repo = mirrors / "shadman-ahmed-bs23+moodle-auth_bspdpolicy" / "repo"
    st = _moodle_strings(_show(repo, BSPD_COMMIT, "lang/en/auth_bspdpolicy.php"))
    otp = str(RNG.randint(100000, 999999))
    _add(ident="moodlebspd-login-otp-en", group="moodlebspd-login-otp", source="moodlebspd", lang="en",
         kind="saas-otp", code=otp, repository=BSPD_REPO, path="locallib.php, settings.php, lang/en/auth_bspdpolicy.php",
         commit=BSPD_COMMIT, licence="GPL-3.0-or-later",
         rendered="default emailtemplate (defaulttemplate string) with {{OTP}} replaced by rand(100000, 999999); subject emailsubject; text/plain as email_to_user sends it",
         sender="Riverside College Online <noreply@moodle.campus.example>", subject=st["emailsubject"],
         text=st["defaulttemplate"].replace("{{OTP}}", otp), html_part=None)  # fmt: skip

    otp = str(RNG.randint(100000, 999999))
    _add(ident="moodleadminauth-otp-en", group="moodleadminauth-otp", source="moodleadminauth", lang="en",
         kind="saas-otp", code=otp, repository=ADMINAUTH_REPO, path="generate_otp_code.php",
         commit=ADMINAUTH_COMMIT, licence="GPL-3.0-or-later",
         rendered="send_otp_mail: subject 'otp code', text body the bare rand(100000, 999999); text/plain as email_to_user sends it",
         sender="Riverside College Online <noreply@moodle.campus.example>", subject="otp code",
         text=otp, html_part=None, note="the body is only the six digits")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Start Test (anishjoshi1999/Online-Exam-Server)

STARTTEST_REPO = "anishjoshi1999/Online-Exam-Server"
STARTTEST_COMMIT = "2b470a8e26fb4933cf6c7dd148620daa21694e6c"


def _js_mail(src: str, func: str) -> tuple[str, str, str]:
    body = src.split(f"const {func} = async", 1)[1]
    sender = re.search(r"from: `([^`]*)`", body).group(1)
    subject = re.search(r'subject: "([^"]*)"', body).group(1)
    tpl = re.search(r"html: `(.*?)`,\n", body, re.S).group(1)
    return sender, subject, tpl


def starttest(mirrors: Path) -> None:
    repo = mirrors / "anishjoshi1999+Online-Exam-Server" / "repo"
    src = _show(repo, STARTTEST_COMMIT, "utils/email.js")
    domain = "invite.starttest.online"
    common = dict(
        source="starttest",
        lang="en",
        repository=STARTTEST_REPO,
        commit=STARTTEST_COMMIT,
        licence="ISC",
    )

    def sender_of(tpl: str) -> str:
        return tpl.replace("${DOMAIN}", domain)

    # exam invitation with access code (the exam slug)
    exam = RNG.choice(
        ["Grade 10 Chemistry Unit Test", "Loksewa GK Mock Exam", "Data Structures Midterm"]
    )
    slug = re.sub(r"[^a-z0-9]+", "-", f"{exam} {RNG.randint(12, 240)}".lower()).strip("-")
    frm, subj, tpl = _js_mail(src, "sendInviteViaEmail")
    _add(ident="starttest-exam-invite-en", group="starttest-exam-invite", kind="other", code=slug,
         path="utils/email.js, Controllers/inviteController.js, Models/Exam.js",
         rendered="sendInviteViaEmail html literal with ${code} = exam slug (slugify lower/strict of name + count); sender/subject as in the call; text/html only",
         sender=sender_of(frm), subject=subj, text=None, html_part=tpl.replace("${code}", slug),
         note="exam access code to enter under 'Start Test' is the exam slug (letters, digits, hyphens; hyphens are part of it)", **common)  # fmt: skip
    # password reset code
    token = _alnum(6, "0123456789abcdef")
    frm, subj, tpl = _js_mail(src, "sendPasswordResetEmail")
    _add(ident="starttest-reset-code-en", group="starttest-reset-code", kind="saas-otp", code=token,
         path="utils/email.js, Controllers/authController.js",
         rendered="sendPasswordResetEmail html literal with ${token} = uuidv4 hex without dashes, first 6; text/html only",
         sender=sender_of(frm), subject=subj, text=None, html_part=tpl.replace("${token}", token),
         note="6 lowercase hex characters from a UUID (may mix letters and digits)", **common)  # fmt: skip
    # verification link
    frm, subj, tpl = _js_mail(src, "sendVerificationEmail")
    vurl = (
        f"https://api.starttest.online/api/auth/verify-email?token={_alnum(64, '0123456789abcdef')}"
    )
    _add(ident="starttest-verify-link-en", group="starttest-verify-link", kind="notice", code=None,
         path="utils/email.js, Controllers/authController.js",
         rendered="sendVerificationEmail html literal with ${verificationUrl} (BACKEND_SERVER_URL by hand, 64-hex token); text/html only",
         sender=sender_of(frm), subject=subj, text=None, html_part=tpl.replace("${verificationUrl}", vurl),
         note="verification link only; no code", **common)  # fmt: skip
    frm, subj, tpl = _js_mail(src, "sendAccountCreationConfirmationEmail")
    _add(ident="starttest-account-created-en", group="starttest-account-created", kind="notice", code=None,
         path="utils/email.js",
         rendered="sendAccountCreationConfirmationEmail html literal with ${loginUrl} by hand; text/html only",
         sender=sender_of(frm), subject=subj, text=None,
         html_part=tpl.replace("${loginUrl}", "https://starttest.online/login"),
         note="account created from the waiting list; no code", **common)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    a = ap.parse_args()
    sunbird(a.mirrors)
    rosario(a.mirrors)
    lms(a.mirrors)
    moodle_plugins(a.mirrors)
    starttest(a.mirrors)
    ids = [i["id"] for i in ITEMS]
    assert len(ids) == len(set(ids))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "with a code")


if __name__ == "__main__":
    main()
