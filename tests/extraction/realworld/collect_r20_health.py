"""Round twenty, health software: a clinic-management system's patient e-mail verification
codes and report mails, and a public-health EMR's password-reset mails.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_health.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- chris-khros/clinic-management-system (MIT, only as the ``license`` field of
  ``composer.json``; no licence file), "HealWell", a Laravel clinic system: the patient
  e-mail-verification mail of ``App\\Mail\\OtpVerificationMail`` (subject
  ``'Email Verification - ' . config('app.name')``, view
  ``resources/views/emails/otp-verification.blade.php``) with the code of
  ``Otp::generateCode`` (``str_pad(random_int(0, 999999), 6, '0', STR_PAD_LEFT)``: six
  digits, leading zeros kept), and the report mail of ``DashboardController``
  (``Mail::send('emails.report', ...)``, subject ``config('app.name') . ' - Report'``) for
  the report types the dashboard offers. The Blade views are rendered by a small faithful
  renderer: ``{{ ... }}`` escaped as ``htmlspecialchars``, ``config('app.name')`` the
  default ``HealWell`` of ``config/app.php``, ``date('Y')`` the year of ``SENT``,
  ``$message->embed(...)`` a fixed ``cid:``; ``ucfirst(str_replace('_', ' ', ...))`` done
  in Python. Laravel sends a view-only mailable as text/html; the report's PDF attachment is
  left out (the body is what is read).

- ohcnetwork/care (MIT), Open Healthcare Network's CARE EMR: the password-reset mail of
  ``care/users/signals.py`` (``render_to_string("email/user_reset_password.html")`` through
  Django's engine — here Jinja2, the template uses only ``{{var}}`` — subject
  ``Password Reset for Care``, ``content_subtype = "html"``, From ``DEFAULT_FROM_EMAIL``'s
  default), and the discharge-summary mail of ``email_discharge_summary`` (subject
  ``Patient Discharge Summary``, body ``Please find the attached file`` as text/html; the
  PDF left out). The token is only inside the link.

- ruseltayongski/telemedicine (MIT, only as the ``license`` field of ``composer.json``; no
  licence file), a Laravel telemedicine system: the sign-in code mail of
  ``App\\Mail\\OtpCodeMail`` (From ``no-reply@telemedicine.com`` / ``Telemedicine Support``,
  subject ``🔐 Your One-Time Password (OTP) Code``, view ``resources/views/emails/otp.blade.php``)
  with the code of ``AuthenticatedSessionController`` (``str_pad(rand(0, 999999), 6, '0',
  STR_PAD_LEFT)``), rendered by the same small Blade renderer; text/html only.

- usamaJ17/med_api (MIT, only as the ``license`` field of ``composer.json``; no licence
  file), "Deluxe Hospital", a Laravel API for patients and health professionals: the Blade
  views of ``resources/views/emails/`` sent by the mailables of ``app/Mail/`` — the patient
  and professional sign-up mails (``OtpMail``, ``ProfessionalOtpMail``: the OTP and a
  verify link), ``ForgotPassword``, ``EmailVerification`` (``Email OTP``), the payout OTP
  (``WithdrawalOrPayoutOtp``), and the notices: withdrawal method updated, appointment
  booked (professional), appointment cancelled, payment receipt, appointment reminder and
  booking confirmation (patient). Codes as ``AuthController`` / ``HelperController`` make
  them (``random_int(111111, 999999)``, ``rand(111111,999999)``); ``asset()`` and ``url()``
  on ``APP_URL`` ``https://deluxehospital.com``; ``date('Y-m-d')`` the date of ``SENT``;
  the same small Blade renderer; text/html only; From the mailable's ``Address`` where it
  sets one, else an invented ``MAIL_FROM_ADDRESS`` for the hospital.

- satpal-sekhon/medcare (MIT, only as the ``license`` field of ``composer.json``; no licence
  file), "HealDeal", a Laravel pharmacy / lab-test / doctor-consultation shop: the OTP mail
  of ``App\\Mail\\VerifyEmail`` (view ``emails/verification``, ``User::sendOtp``:
  ``rand(100000, 999999)``), ``ResetPasswordMail`` (a link only), and the order mails
  ``DoctorConsultationOrderConfirmation``, ``OrderStatusUpdated`` (order numbers
  ``DCONS-``/``LPODR-`` and five digits, as the models make them) and ``QuickOrderPlaced``
  (a phone number). Mailables that set no subject get Laravel's default, the class name in
  title case; ``getSetting('site_name')`` is the ``HealDeal`` of the views' footer;
  ``url()`` on an invented ``APP_URL``; text/html only.

- senaite/senaite.core (GPL-2.0), SENAITE LIMS, a laboratory information system: the
  results-published mail of ``bika/lims/browser/publish/emailview.py`` — the default body
  ``senaite/core/browser/setup/templates/email_body_sample_publication.pt`` (made once in
  the site's language when the setup is created: each ``i18n:translate`` paragraph
  replaced by its msgstr from ``senaite/core/locales/<l>/LC_MESSAGES/senaite.core.po``, the
  English msgid where the msgstr is empty, as gettext falls back), then ``$client_name``,
  ``$lab_name`` and ``$recipients`` put in by ``string.Template.safe_substitute`` as
  ``email_body`` and ``send_email`` do; subject ``Analysis Results for {}`` translated;
  From the bare publication address (``compose_email``); text/html. The real mail is
  multipart/mixed with the report PDFs; the PDFs are left out. Languages: those whose
  catalogue translates the subject and the first paragraph.

What a person sees decides each label (``code``, or ``null``).
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

from collect import HERE, message

SENT = datetime(2026, 12, 3, 9, 17, 42, tzinfo=UTC)
RNG = random.Random("r20-health")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "health.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, n, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}-{lang}-{n}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# HealWell (chris-khros/clinic-management-system)

HW_REPO = "chris-khros/clinic-management-system"
HW_COMMIT = "0dc1bdda98eaf9d37b2f61dfb562ab867e25323c"
HW_APP = "HealWell"
HW_FROM = "HealWell <no-reply@healwell-clinic.example>"
HW_CID = "cid:3f9a1c0b7e2d4a6f8b5c1d0e9a7f6b2c@symfony"
HW_NOTE = "licence only as the composer.json field (MIT), no licence file; "


def _blade(tpl: str, values: dict[str, str]) -> str:
    """The Blade subset these two views use: each ``{{ expr }}`` replaced by the escaped
    value of that expression (``htmlspecialchars``, ENT_QUOTES, as ``e()`` does)."""

    def sub(m: re.Match) -> str:
        expr = m.group(1).strip()
        asset = re.fullmatch(r"asset\('([^']*)'\)", expr)
        if asset and "APP_URL" in values:
            value = values["APP_URL"] + "/" + asset.group(1)
        elif expr in values:
            value = values[expr]
        else:
            raise KeyError(expr)
        return html.escape(value, quote=True).replace("&#x27;", "&#039;")

    return re.sub(r"\{\{(.*?)\}\}", sub, tpl)


PATIENTS = [
    ("Amara", "Okafor"), ("Liam", "O'Brien"), ("Siti", "Rahmawati"), ("Mateo", "García"),
    ("Hannah", "Kowalski"), ("Rahul", "Menon"), ("Chloé", "Dubois"), ("Kwame", "Mensah"),
    ("Yuki", "Tanaka"), ("Fatima", "Al-Sayed"), ("Noah", "Schneider"), ("Grace", "Lee"),
]  # fmt: skip


def healwell() -> None:
    path = "resources/views/emails/otp-verification.blade.php"
    tpl = _show(HW_REPO, HW_COMMIT, path)
    for n, (first, last) in enumerate(PATIENTS, 1):
        code = f"{RNG.randint(0, 999999):06d}"
        if n == 3:
            code = "048215"  # a leading zero, as str_pad keeps it
        body = _blade(tpl, {
            "$message->embed(public_path('clinic-logo.png'))": HW_CID,
            "config('app.name')": HW_APP, "date('Y')": str(SENT.year),
            "$patient->first_name": first, "$patient->last_name": last, "$otpCode": code,
        })  # fmt: skip
        _save(
            source="healwell",
            template="otp",
            lang="en",
            n=n,
            kind="health-otp",
            code=code,
            repository=HW_REPO,
            commit=HW_COMMIT,
            licence="MIT",
            path=f"{path}; app/Mail/OtpVerificationMail.php; app/Models/Otp.php",
            rendered="Blade view filled by a small Blade renderer (escaped {{ }}), subject of "
            "OtpVerificationMail::envelope, text/html only (Laravel view mailable)",
            sender=HW_FROM,
            subject=f"Email Verification - {HW_APP}",
            text=None,
            html_part=body,
            note=HW_NOTE + "the six-digit code in the big box the mail asks to enter",
        )
    path = "resources/views/emails/report.blade.php"
    tpl = _show(HW_REPO, HW_COMMIT, path)
    kinds = ["appointments", "patients", "revenue", "doctor_performance", "daily_summary",
             "monthly_summary"]  # fmt: skip
    for n, rtype in enumerate(kinds, 1):
        spaced = rtype.replace("_", " ")
        body = _blade(tpl, {
            "$message->embed(public_path('clinic-logo.png'))": HW_CID,
            "config('app.name')": HW_APP, "date('Y')": str(SENT.year),
            "ucfirst(str_replace('_', ' ', $reportType))": spaced[:1].upper() + spaced[1:],
            "str_replace('_', ' ', $reportType)": spaced,
        })  # fmt: skip
        _save(
            source="healwell",
            template="report",
            lang="en",
            n=n,
            kind="notice",
            code=None,
            repository=HW_REPO,
            commit=HW_COMMIT,
            licence="MIT",
            path=f"{path}; app/Http/Controllers/DashboardController.php",
            rendered="Blade view filled by a small Blade renderer, subject as "
            "DashboardController writes it, text/html; the PDF attachment left out",
            sender=HW_FROM,
            subject=f"{HW_APP} - Report",
            text=None,
            html_part=body,
            note=HW_NOTE + "a report mail: no code",
        )


# ---------------------------------------------------------------------------------------
# CARE (ohcnetwork/care)

CARE_REPO = "ohcnetwork/care"
CARE_COMMIT = "69c2b831457ba1e47b68ada0eae9582d3c32b865"
CARE_FROM = "Open Healthcare Network <ops@care.ohc.network>"
CARE_USERS = ["dr.anjali.nair", "nurse_keralam42", "priya.shenoy", "district_admin_tvm",
              "staff.ravi.k"]  # fmt: skip


def care() -> None:
    import jinja2

    path = "care/templates/email/user_reset_password.html"
    tpl = jinja2.Template(_show(CARE_REPO, CARE_COMMIT, path), keep_trailing_newline=True)
    alphabet = "0123456789abcdef"
    for n, user in enumerate(CARE_USERS, 1):
        key = "".join(RNG.choice(alphabet) for _ in range(40))
        body = tpl.render(
            username=user, reset_password_url=f"https://care.ohc.network/password_reset/{key}"
        )
        _save(
            source="ohccare",
            template="reset",
            lang="en",
            n=n,
            kind="notice",
            code=None,
            repository=CARE_REPO,
            commit=CARE_COMMIT,
            licence="MIT",
            path=f"{path}; care/users/signals.py; config/settings/base.py",
            rendered="render_to_string of the template ({{var}} only, rendered with Jinja2), "
            "EmailMessage with content_subtype html, From DEFAULT_FROM_EMAIL's default",
            sender=CARE_FROM,
            subject="Password Reset for Care",
            text=None,
            html_part=body,
            note="the reset token (django_rest_passwordreset) is only inside the link",
        )
    for n in range(1, 3):
        _save(
            source="ohccare",
            template="discharge",
            lang="en",
            n=n,
            kind="notice",
            code=None,
            repository=CARE_REPO,
            commit=CARE_COMMIT,
            licence="MIT",
            path="care/facility/utils/reports/discharge_summary.py",
            rendered="email_discharge_summary's EmailMessage body as text/html, the PDF left out",
            sender=CARE_FROM,
            subject="Patient Discharge Summary",
            text=None,
            html_part="Please find the attached file",
            note="a discharge-summary mail: no code",
        )


# ---------------------------------------------------------------------------------------
# Telemedicine (ruseltayongski/telemedicine)

TM_REPO = "ruseltayongski/telemedicine"
TM_COMMIT = "e1654ddd730aa9fdcbcd750ca14d8a739d1f9cec"
TM_USERS = [
    "Maria Santos", "Jose Dela Cruz", "Dr. Ana Reyes", "Ramon Villanueva", "Liza Bautista",
    "Carlo Mendoza", "Grace Tan", "Paolo Garcia", "Rosa Lim", "Miguel Fernandez",
    "Jasmine Aquino", "Noel Ramos",
]  # fmt: skip


def telemedicine() -> None:
    path = "resources/views/emails/otp.blade.php"
    tpl = _show(TM_REPO, TM_COMMIT, path)
    for n, name in enumerate(TM_USERS, 1):
        code = f"{RNG.randint(0, 999999):06d}"
        if n == 5:
            code = "007391"  # leading zeros, as str_pad keeps them
        body = _blade(tpl, {"$name": name, "$otp": code, "date('Y')": str(SENT.year)})
        _save(
            source="telemedph",
            template="otp",
            lang="en",
            n=n,
            kind="health-otp",
            code=code,
            repository=TM_REPO,
            commit=TM_COMMIT,
            licence="MIT",
            path=f"{path}; app/Mail/OtpCodeMail.php; "
            "app/Http/Controllers/Auth/AuthenticatedSessionController.php",
            rendered="Blade view filled by a small Blade renderer (escaped {{ }}), From and "
            "subject of OtpCodeMail::build, text/html only",
            sender="Telemedicine Support <no-reply@telemedicine.com>",
            subject="🔐 Your One-Time Password (OTP) Code",
            text=None,
            html_part=body,
            note="licence only as the composer.json field (MIT), no licence file; the "
            "six-digit sign-in code the mail asks to use to complete the login",
        )


# ---------------------------------------------------------------------------------------
# Deluxe Hospital (usamaJ17/med_api)

MA_REPO = "usamaJ17/med_api"
MA_COMMIT = "c8713ec6c8e432b34cfb72944a3e83019833b5b3"
MA_URL = "https://deluxehospital.com"
MA_OTP_FROM = "Deluxe Hospital <otp@deluxehospital.com>"
MA_FROM = "Deluxe Hospital <no-reply@deluxehospital.com>"
MA_NOTE = "licence only as the composer.json field (MIT), no licence file; "
MA_NAMES = [
    "Kwabena Asante", "Efua Mensah", "Dr. Yaw Boateng", "Abena Owusu", "Kofi Adjei",
    "Ama Serwaa", "Nana Agyeman", "Akosua Darko", "Dr. Esi Quaye", "Kojo Antwi",
]  # fmt: skip

# view, mailable, subject, from, kind of code (None: a notice), how many mails, note
MA_MAILS = [
    ("otp", "OtpMail", "Confirm Your Email - Welcome to Deluxe Hospital!", MA_OTP_FROM,
     "otp", 4, "the OTP the mail asks to enter in the app (the link is the other option)"),
    ("professional/professional_otp", "ProfessionalOtpMail",
     "Welcome to Deluxe Hospital! Verify Your Email to Begin Your Exciting Journey!",
     MA_OTP_FROM, "otp", 3, "the OTP the mail asks to enter (a verify link is the other option)"),
    ("forgot-password", "ForgotPassword", "Forgot Password", MA_FROM, "otp", 3,
     "the password-reset OTP"),
    ("verification", "EmailVerification", "Email OTP", MA_FROM, "otp", 3,
     "the e-mail verification OTP"),
    ("professional/withdrawal_or_payout_otp", "professional/WithdrawalOrPayoutOtp",
     "Confirm Your Withdrawal Request with OTP", MA_FROM, "otp", 2,
     "the OTP that confirms a health professional's payout request"),
    ("professional/withdrawal_method_update_confirmation_otp",
     "professional/WithdrawalMethodUpdateConfirmationOtp",
     "Withdrawal Method Updated Successfully", MA_FROM, None, 2,
     "the view is named _otp but shows no code: a notice"),
    ("professional/appointment_booking", "AppointmentBooking",
     "Appointment Confirmed - Get Ready to Make a Difference!", MA_FROM, None, 3,
     "an appointment notice to the professional: patient, age, date and time, no code"),
    ("professional/appointment_cancel", "AppointmentCancel",
     "Appointment Cancellation Notification", MA_FROM, None, 2, "a cancellation notice"),
    ("patient/payment_receipt", "PaymentReceipt",
     "Your Appointment is Booked! Payment Receipt Inside", MA_FROM, None, 3,
     "a receipt: the transaction id and amount are not codes"),
    ("patient/before_appointment", "BeforeAppointment", "Appointment Reminder - Your Consultation with {prof}",
     MA_FROM, None, 2, "an appointment reminder (subject of AppointmentController's 24_hours_before)"),
    ("patient/after_booking_appointment", "AfterBookingAppointment",
     "Appointment Confirmation - Your Booking with {prof}", MA_FROM, None, 2, "a booking confirmation, no code"),
]  # fmt: skip


def med_api() -> None:
    professionals = ["Dr. Yaw Boateng", "Dr. Esi Quaye", "Dr. Selorm Kpodo"]
    ctypes = ["Video Consultation", "Audio Consultation", "Chat Consultation"]
    k = 0
    for view, mailable, subject, sender, what, count, note in MA_MAILS:
        path = f"resources/views/emails/{view}.blade.php"
        tpl = _show(MA_REPO, MA_COMMIT, path)
        for n in range(1, count + 1):
            k += 1
            name = MA_NAMES[k % len(MA_NAMES)]
            code = f"{RNG.randint(111111, 999999)}" if what else None
            day = f"2026-12-{RNG.randint(8, 28):02d}"
            values = {
                "APP_URL": MA_URL, "date('Y-m-d')": SENT.strftime("%Y-%m-%d"), "$name": name,
                "$otp": code or "",
                "url('/verify-email/'.$verification_url)": MA_URL + "/verify-email/"
                + "".join(RNG.choice("0123456789abcdef") for _ in range(40)),
                "$p_name": MA_NAMES[(k + 3) % len(MA_NAMES)], "$age": str(RNG.randint(19, 78)),
                "$appointment_date": day,
                "$appointment_time": f"{RNG.randint(8, 17):02d}:{RNG.choice(['00', '30'])}",
                "$professional": professionals[k % 3], "$consultation_type": ctypes[k % 3],
                "$amount": f"{RNG.randint(8, 60) * 10}.00",
                "$transaction_id": f"T{RNG.randint(10**11, 10**12 - 1)}",
                "$payment_date": SENT.strftime("%Y-%m-%d"),
            }  # fmt: skip
            body = _blade(tpl, values)
            source_tpl = view.split("/")[-1].replace("_", "-")
            _save(
                source="deluxehosp", template=source_tpl, lang="en", n=n,
                kind="health-otp" if what else "notice", code=code,
                repository=MA_REPO, commit=MA_COMMIT, licence="MIT",
                path=f"{path}; app/Mail/{mailable}.php",
                rendered="Blade view filled by a small Blade renderer (escaped {{ }}, asset/url "
                "on APP_URL), subject and From of the mailable's envelope, text/html only",
                sender=sender, subject=subject.replace("{prof}", values["$professional"]),
                text=None, html_part=body, note=MA_NOTE + note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# HealDeal (satpal-sekhon/medcare)

MC_REPO = "satpal-sekhon/medcare"
MC_COMMIT = "776c42c9e3e87a24a4916606b003f81307209a02"
MC_URL = "https://healdeal.example"
MC_FROM = "HealDeal <no-reply@healdeal.example>"
MC_NOTE = "licence only as the composer.json field (MIT), no licence file; "
MC_PEOPLE = [
    ("Harpreet Kaur", "harpreet.kaur@example.com", "+91 98140 27735"),
    ("Arjun Malhotra", "arjun.m@example.com", "+91 99887 10342"),
    ("Simran Gill", "simran.gill@example.com", "+91 97795 66120"),
    ("Vikram Sethi", "vikram.sethi@example.com", "+91 98555 03417"),
    ("Neha Bansal", "neha.bansal@example.com", "+91 94170 88261"),
]  # fmt: skip


def medcare() -> None:
    def send(view, mailable, subject, n, values, code, note):
        path = f"resources/views/emails/{view}.blade.php"
        body = _blade(_show(MC_REPO, MC_COMMIT, path), values)
        _save(
            source="healdeal", template=view, lang="en", n=n,
            kind="health-otp" if code else ("shop-order" if "order" in view else "notice"),
            code=code, repository=MC_REPO, commit=MC_COMMIT, licence="MIT",
            path=f"{path}; app/Mail/{mailable}.php",
            rendered="Blade view filled by a small Blade renderer (escaped {{ }}), subject as "
            "the mailable sets it or Laravel's default from the class name, text/html only",
            sender=MC_FROM, subject=subject, text=None, html_part=body, note=MC_NOTE + note,
        )  # fmt: skip

    year = str(SENT.year)
    for n, (name, _email, _) in enumerate(MC_PEOPLE, 1):
        code = str(RNG.randint(100000, 999999))
        send("verification", "VerifyEmail", "Verify Email", n,
             {"$name ?? $email": name, "$otp": code, "date('Y')": year}, code,
             "the six-digit OTP the mail asks to use to verify the e-mail address")  # fmt: skip
    for n in range(1, 3):
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
        send("reset-password", "ResetPasswordMail", "Reset Password Mail", n,
             {"url('password/reset', $token)": f"{MC_URL}/password/reset/{token}"}, None,
             "the reset token is only inside the link")  # fmt: skip
    doctors = [
        ("Dermatologist", "Dr. Ritu Arora", 700),
        ("General Physician", "Dr. Manpreet Singh", 450),
    ]
    for n, (dtype, dname, fee) in enumerate(doctors, 1):
        name = MC_PEOPLE[n][0]
        send("doctor-consultation-order-confirmation", "DoctorConsultationOrderConfirmation",
             "Doctor Consultation Order Confirmation", n,
             {"$name": name, "$doctor_type": dtype, "$doctor_name": dname,
              "number_format($amount_paid, 2)": f"{fee:,.2f}", "date('Y')": year}, None,
             "a consultation order confirmation: the fee is not a code")  # fmt: skip
    statuses = [("DCONS-00042", "Confirmed"), ("LPODR-00117", "Sample Collected"),
                ("DCONS-00058", "Completed")]  # fmt: skip
    for n, (number, status) in enumerate(statuses, 1):
        send("order-status-updated", "OrderStatusUpdated", "Order Status Updated", n,
             {"$customer_name": MC_PEOPLE[n + 1][0], "$order_number": number,
              "$status": status, "getSetting('site_name') ?? ''": "HealDeal"}, None,
             "an order-status notice: the order number is not a code")  # fmt: skip
    instructions = [
        "Please deliver after 6 pm, ring the bell twice.",
        "Need the prescription medicines from the attached photo, 10 tablets each.",
    ]
    for n, text in enumerate(instructions, 1):
        name, email, phone = MC_PEOPLE[n + 2]
        send("quick-order-placed", "QuickOrderPlaced", "Order Confirmation", n,
             {"$customer_name": name, "$email": email, "$phone_number": phone,
              "$instructions": text, "date('Y')": year,
              "getSetting('site_name') ?? ''": "HealDeal"}, None,
             "a quick-order confirmation with the customer's phone number: no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# SENAITE LIMS (senaite/senaite.core)

SN_REPO = "senaite/senaite.core"
SN_COMMIT = "78a4d3d868ab2c74a6ca4c32fea55bc90df48a1f"
SN_TPL = "src/senaite/core/browser/setup/templates/email_body_sample_publication.pt"
SN_PO = "src/senaite/core/locales/{}/LC_MESSAGES/senaite.core.po"


def _po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (single and continued quoted lines)."""
    out: dict[str, str] = {}
    key = None
    cur: dict[str, list[str]] = {}

    def flush():
        if "msgid" in cur and "msgstr" in cur:
            out["".join(cur["msgid"])] = "".join(cur["msgstr"])

    for line in text.splitlines():
        line = line.strip()
        m = re.match(r'(msgid|msgstr|msgctxt) "(.*)"$', line)
        if m:
            if m.group(1) in ("msgid", "msgctxt") and "msgstr" in cur:
                flush()
                cur = {}
            key = m.group(1)
            cur[key] = [m.group(2)]
        elif line.startswith('"') and key:
            cur[key].append(line[1:-1])
        elif not line:
            key = None
    flush()
    return {k: v.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            for k, v in out.items()}  # fmt: skip


def senaite() -> None:
    from string import Template

    tpl = _show(SN_REPO, SN_COMMIT, SN_TPL)

    def msgid(inner: str) -> str:
        inner = re.sub(r"<tal:client i18n:name=\"(\w+)\"[^>]*>.*?</tal:client>", r"${\1}", inner)
        return " ".join(inner.split())

    paras = re.findall(r'<p i18n:translate="">(.*?)</p>', tpl, flags=re.S)
    ids = [msgid(x) for x in paras]
    subject_id = "Analysis Results for {}"
    git_dir = MIRRORS / "senaite+senaite.core" / "repo"
    langs = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "--name-only", SN_COMMIT,
         "src/senaite/core/locales/"], capture_output=True, check=True, text=True,
    ).stdout.split()  # fmt: skip
    labs = [
        ("Laboratorio Analítico del Valle", "Clínica San Rafael"),
        ("Institut für Labordiagnostik", "Praxis Dr. Weber"),
    ]
    n = 0
    others = [x.rsplit("/", 1)[1] for x in langs]
    for lang in ["en"] + [x for x in others if x != "en" and "." not in x]:
        cat = {} if lang == "en" else _po(_show(SN_REPO, SN_COMMIT, SN_PO.format(lang)))
        if lang != "en" and not (cat.get(subject_id) and cat.get(ids[0])):
            continue
        n += 1
        out = tpl
        for raw, mid in zip(paras, ids, strict=True):
            text = cat.get(mid) or mid
            text = text.replace("${client_name}", "$client_name")
            out = out.replace(f'<p i18n:translate="">{raw}</p>', f"<p>{text}</p>", 1)
        out = re.sub(r"^<tal:template[^>]*>\n", "", out, flags=re.S)
        out = out.replace("</tal:template>\n", "")
        lab, client = labs[n % 2]
        body = Template(out).safe_substitute(client_name=client, lab_name=lab,
                                             lab_address="")  # fmt: skip
        recips = sorted(["ana.moreno@example.org", "m.weber@example.org"])
        body = Template(body).safe_substitute(recipients="<br/>".join(recips))
        subject = (cat.get(subject_id) or subject_id).format(client)
        _save(
            source="senaitelims", template="publish", lang=lang.replace("_", "-"), n=1,
            kind="notice", code=None, repository=SN_REPO, commit=SN_COMMIT,
            licence="GPL-2.0", path=f"{SN_TPL}; src/bika/lims/browser/publish/emailview.py; "
            + SN_PO.format(lang), rendered="the page template's i18n paragraphs translated "
            "from the .po (English fallback), string.Template safe_substitute as emailview "
            "does, html body; the multipart/mixed wrapper and report PDFs left out",
            sender="results@labdiagnostik.example", subject=subject, text=None,
            html_part=body, note="a results-ready mail (report attached): no code",
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    healwell()
    care()
    telemedicine()
    med_api()
    medcare()
    senaite()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON}")


if __name__ == "__main__":
    main()
