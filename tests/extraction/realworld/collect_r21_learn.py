"""Round twenty-one, education software: sign-in codes, PINs and reset codes of course
platforms, LMSs and an open-textbook publisher's accounts, and the same senders' notices (a
live-quiz platform's account mails, an exam system's registration and result mails, course
enrolment, grading, session and payment notices).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_learn.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- zoonk/zoonk (MIT), Zoonk, a learning platform of AI-made courses: the sign-in code mail of
  ``packages/auth/src/plugins/otp.ts`` (Better Auth's ``emailOTP`` plugin, its default code
  of six digits), the HTML body built as the template literal builds it from
  ``packages/auth/src/translations/<l>.json`` (de, en, es, fr, pt: every language it ships);
  sent through ``packages/mailer/src/client.ts`` (ZeptoMail, ``htmlBody`` only, From
  ``Zoonk <hello@zoonk.com>``): text/html only.

- mawoka-myblock/ClassQuiz (MPL-2.0), an open-source quiz platform for classrooms (a Kahoot
  alternative): ``send_register_email`` and ``send_forgotten_password_email`` of
  ``classquiz/emails/__init__.py``, each Jinja2 template of ``classquiz/emails/templates``
  rendered with Jinja2 as the code does (the token ``os.urandom(16).hex()`` /
  ``os.urandom(32).hex()``), text/html only (``MIMEText(template, "html")``); English only.
  No code: the tokens are only inside the links.

- tecnickcom/tcexam (AGPL-3.0), TCExam, computer-based assessment (exam) software: the
  registration-verification mail of ``shared/code/tce_functions_user_registration.php``
  (Subject ``w_registration_verification``, HTML body ``m_email_registration`` with
  ``#EMAIL#``, ``#USERIP#``, ``#SUBSCRIBEURL#``, ``#TCEXAMURL#`` replaced by ``str_replace``),
  in each language of ``shared/config.default/lang/language_tmx.xml`` whose body is
  translated (the ones still in English are left out); only the HTML part is reproduced (its
  PHPMailer AltBody, made by ``F_html_to_text``, is not). And the result mail of
  ``admin/code/tce_functions_email_reports.php`` (``F_send_report_emails`` with mode 1, no PDF
  attached, display mode 1): its AltBody built line by line as the PHP does it and the HTML
  body ``MsgHeader`` + AltBody with ``<br />`` + ``MsgFooter`` of
  ``shared/config.default/tce_email_config.php``, in a set of the translated languages; From
  ``TCExam <exam@school.example>`` (``FromName`` of the config). No code in either: the
  registration's verification code is only inside the link, the result mail gives scores.

- classroomio/classroomio (AGPL-3.0), ClassroomIO, an LMS for bootcamps and companies: nine
  mails of ``packages/email/src/emails/*.ts`` (sign-up and e-mail-change verification, password
  reset and reset done, quiz assigned, submission graded, course welcome, live-session reminder
  and update), each ``render()`` run in node 20 (v20.20.2, no packages: imports dropped, zod and
  ``defineEmail`` stubbed, the three type annotations of ``templates/default.ts`` removed,
  ``Date`` fixed), subject through ``sanitizeEmailSubject``; nodemailer ``html`` only, From
  ``DEFAULT_EMAIL_FROM``. No code: links only.

- Aaryan120/StudyNotion-An-Online-Education-Platform (MIT), a course-marketplace (StudyNotion /
  LearnSphere) MERN app: the sign-up OTP mail of ``server/models/OTP.js`` (six digits of
  ``otp-generator``) and the enrolment, password-updated, payment-received (Razorpay order and
  payment ids), contact-form and reset-link mails of its controllers, each template module of
  ``server/mail/templates`` run in node 20 with the controller's arguments; ``mailSender``'s
  nodemailer ``html`` only, From its display name with an invented address.

- pupilfirst/pupilfirst (MIT), the Pupilfirst LMS: ``UserSessionMailer#send_login_token``
  (six-digit input token of ``AuthenticationToken.generate_input_token`` plus a sign-in link)
  and ``#send_reset_password_token``, each view in the ``mail/school`` layout read as Erubi
  renders it, ``t()`` from ``config/locales/<l>.yml`` (en, ar, pt-br, ru, zh-cn: every locale
  it ships, missing keys falling back to en); text/html only, From the school's sender
  signature.

- openstax/accounts (AGPL-3.0-or-later), OpenStax Accounts (Rice University's open-textbook
  sign-in): the e-mail confirmation mails with and without the six-digit PIN
  (``NewflowMailer#signup_email_confirmation``, ``ConfirmationMailer#instructions``,
  ``SignupConfirmationMailer#instructions``; PIN of ``TokenMaker``), the usernames reminder and
  four password-link mails, each view through a small Erubi renderer, subject prefixed
  ``[OpenStax]`` by ``ApplicationMailer``; text/html only, the two inline logo images left out.

- learnhouse/learnhouse (AGPL-3.0), LearnHouse, an open-source course platform: the password
  reset mail with its eight-character code (``generate_secure_reset_code``) in all 20 languages
  of ``apps/api/src/services/email/translations.py``, the platform variant in six, the
  organisation invitation with an invite code (ten languages), e-mail verification and
  role-changed notices (five each): ``users/emails.py`` executed as it is with ``t()`` of the
  translations module and a ``send_email`` that returns the mail; Resend ``html`` only, From
  ``LearnHouse <system address>``.

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
import tempfile
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

import jinja2
import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 3, 16, 41, 7, tzinfo=UTC)
RNG = random.Random("r21-learn")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "learn.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _item(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          raw, note=None):  # fmt: skip
    ident = f"{source}-{template}-{lang}"
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


def _save(*, sender, subject, text, html_part, **kw):
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    _item(raw=raw, **kw)


def _chars(n: int, alphabet: str) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------
# Zoonk

ZO_REPO = "zoonk/zoonk"
ZO_COMMIT = "67f7097e5bd1405c0dc19277c804e3f4d70e9cf3"


def zoonk() -> None:
    for lang in ("en", "de", "es", "fr", "pt"):
        path = f"packages/auth/src/translations/{lang}.json"
        t = json.loads(_show(ZO_REPO, ZO_COMMIT, path))
        otp = _chars(6, "0123456789")
        body = f"""
      <p>{t["otpIntro"]}</p>
      <h2>{otp}</h2>
      <p>{t["otpExpiry"]}</p>
      <p>{t["otpDisclaimer"]}</p>
    """
        _save(
            source="zoonk", template="sign-in-otp", lang=lang, kind="saas-otp", code=otp,
            repository=ZO_REPO, path=f"packages/auth/src/plugins/otp.ts, {path}",
            commit=ZO_COMMIT, licence="MIT",
            rendered="otp.ts's htmlBody template literal filled from the locale's JSON; "
            "Better Auth emailOTP's default six-digit code; From of packages/mailer/src/"
            "client.ts; text/html only (htmlBody)",
            sender="Zoonk <hello@zoonk.com>", subject=t["otpSubject"], text=None,
            html_part=body,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# ClassQuiz

CQ_REPO = "mawoka-myblock/ClassQuiz"
CQ_COMMIT = "4d1f1d31653752718cd41b13ca7820621f5626a7"


def classquiz() -> None:
    templates = {
        name: _show(CQ_REPO, CQ_COMMIT, f"classquiz/emails/templates/{name}.jinja2")
        for name in ("footer", "register", "forgotten_password")
    }
    env = jinja2.Environment(
        loader=jinja2.DictLoader({f"{k}.jinja2": v for k, v in templates.items()}),
        autoescape=jinja2.select_autoescape(["html", "xml"]),
    )
    for name, subject, nbytes, template in (
        ("register", "Verify your email", 16, "register"),
        ("forgotten_password", "Reset your password", 32, "password-reset"),
    ):
        token = _chars(2 * nbytes, "0123456789abcdef")
        body = env.get_template(f"{name}.jinja2").render(
            base_url="https://classquiz.school.example", token=token
        )
        _save(
            source="classquiz", template=template, lang="en", kind="notice", code=None,
            repository=CQ_REPO,
            path=f"classquiz/emails/__init__.py, classquiz/emails/templates/{name}.jinja2, "
            "classquiz/emails/templates/footer.jinja2",
            commit=CQ_COMMIT, licence="MPL-2.0",
            rendered=f"Jinja2 as classquiz/emails/__init__.py renders it (select_autoescape), "
            f"token os.urandom({nbytes}).hex(); text/html only",
            sender="ClassQuiz <noreply@classquiz.school.example>", subject=subject, text=None,
            html_part=body,
            note="The token is only inside the link (the button); nothing to type.",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# TCExam

TC_REPO = "tecnickcom/tcexam"
TC_COMMIT = "36640d7886bdd1ff12e9500d4973ee3f1a343199"
TC_TMX = "shared/config.default/lang/language_tmx.xml"
TC_HOST = "https://exam.school.example"
TC_RESULT_LANGS = ("EN", "DE", "FR", "IT", "ES", "BR", "RU", "PL", "AR", "CN", "HU", "EL")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _tmx() -> dict[str, dict[str, str]]:
    root = ET.fromstring(_show_bytes(TC_REPO, TC_COMMIT, TC_TMX))
    out: dict[str, dict[str, str]] = {}
    for tu in root.iter("tu"):
        for tuv in tu.iter("tuv"):
            out.setdefault(tu.get("tuid"), {})[tuv.get(XML_LANG)] = tuv.find("seg").text or ""
    return out


def _lang(code: str) -> str:
    return {"BR": "pt-BR", "CN": "zh", "JP": "ja", "VN": "vi", "EL": "el"}.get(code, code.lower())


def tcexam() -> None:
    tmx = _tmx()

    def lk(key: str, lang: str) -> str:
        return tmx[key].get(lang) or tmx[key]["EN"]

    # registration verification, in each language whose body is translated
    for lang in sorted(tmx["m_email_registration"]):
        body = tmx["m_email_registration"][lang]
        if lang != "EN" and "This is an automated response" in body:
            continue
        email = f"{_chars(6, 'abcdefghijklmnopqrstuvwxyz')}@students.example"
        verifycode = _chars(32, "0123456789abcdef")  # md5 hex of the registration
        user_id = RNG.randint(20, 900)
        url = (f"{TC_HOST}/tcexam/public/code/tce_user_verification.php?a={email}"
               f"&amp;b={verifycode}&amp;c={user_id}")  # fmt: skip
        body = body.replace("#EMAIL#", email).replace("#USERIP#", "203.0.113.57")
        body = body.replace("#SUBSCRIBEURL#", url).replace("#TCEXAMURL#", f"{TC_HOST}/tcexam/")
        _save(
            source="tcexam", template="registration", lang=_lang(lang), kind="notice",
            code=None, repository=TC_REPO,
            path=f"shared/code/tce_functions_user_registration.php, {TC_TMX}",
            commit=TC_COMMIT, licence="AGPL-3.0",
            rendered="F_send_user_reg_email: the language's m_email_registration with "
            "str_replace of its four placeholders; only the HTML part (PHPMailer's AltBody "
            "from F_html_to_text is not reproduced)",
            sender="TCExam <exam@school.example>",
            subject=lk("w_registration_verification", lang), text=None, html_part=body,
            note="The verification code is only inside the confirmation link; nothing to type.",
        )  # fmt: skip

    header = (
        "\n<!DOCTYPE html>\n<html lang=\"#LANG#\" dir=\"#LANGDIR#\">\n<head>\n"
        "<meta charset=\"#CHARSET#\" />\n</head>\n<body>\n"
    )  # fmt: skip
    footer = "</body></html>"
    tests = ["Biology 2B - Cell structure", "Mathematics Year 10 - Quadratics",
             "Chemistry midterm", "History: the Industrial Revolution"]  # fmt: skip
    for lang in TC_RESULT_LANGS:
        test_name = RNG.choice(tests)
        threshold = RNG.choice([20, 24, 28])  # of a 40-point test
        total = RNG.randint(12, 40)
        right = RNG.randint(6, 20)
        wrong = RNG.randint(1, 8)
        unanswered = RNG.randint(0, 3)
        undisplayed = RNG.randint(0, 2)
        n = right + wrong + unanswered + undisplayed
        perc = 100 * total / 40
        day, hour, minute, second = (RNG.randint(1, 3), RNG.randint(8, 15), RNG.randint(0, 59),
                                     RNG.randint(0, 59))  # fmt: skip
        created = f"2026-12-0{day} {hour:02d}:{minute:02d}:{second:02d}"

        def pct(x: float) -> str:
            return "(" + f"{round(x):3d}".replace(" ", "&nbsp;") + "%)"

        nl = "\n"
        alt = f"{lk('t_result_user', lang)} [{created}]{nl}"
        alt += f"{lk('w_test', lang)}: {test_name}{nl}"
        alt += f"{lk('w_test_score_threshold', lang)}: {threshold}"
        passmsg = " - " + lk("w_passed" if total >= threshold else "w_not_passed", lang)
        alt += nl
        alt += f"{lk('w_score', lang)}: {total:.3f} {pct(perc)}{passmsg}{nl}"
        for key, val in (("w_answers_right", right), ("w_answers_wrong", wrong),
                         ("w_questions_unanswered", unanswered),
                         ("w_questions_undisplayed", undisplayed)):  # fmt: skip
            alt += f"{lk(key, lang)}: {val}&nbsp;{pct(100 * val / n)}{nl}"
        body = header + alt.replace(nl, "<br />" + nl) + footer
        body = body.replace("#CHARSET#", lk("a_meta_charset", lang))
        body = body.replace("#LANG#", lk("a_meta_language", lang))
        body = body.replace("#LANGDIR#", lk("a_meta_dir", lang))
        _save(
            source="tcexam", template="test-result", lang=_lang(lang), kind="notice",
            code=None, repository=TC_REPO,
            path="admin/code/tce_functions_email_reports.php, "
            f"shared/config.default/tce_email_config.php, {TC_TMX}",
            commit=TC_COMMIT, licence="AGPL-3.0",
            rendered="F_send_report_emails (mode 1: no PDF; display mode 1): AltBody built "
            "line by line, HTML = MsgHeader + AltBody with <br /> + MsgFooter, placeholders "
            "replaced; F_formatFloat / F_formatPercentage as in tce_functions_general.php",
            sender="TCExam <exam@school.example>", subject=lk("t_result_user", lang),
            text=alt, html_part=body,
            note="A test-result notice: scores, counts and percentages, no code.",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# ClassroomIO

CI_REPO = "classroomio/classroomio"
CI_COMMIT = "045c25084baf837cbf427ed86beba0dd6eaf7947"
CI_DIR = "packages/email/src"
CI_FROM = '"Best from ClassroomIO" <notify@mail.classroomio.com>'
CI_TYPES = (  # the only TypeScript in the files run: type annotations of default.ts
    ("(value: string): string", "(value)"),
    ("(branding: EmailBranding): string", "(branding)"),
    ("(content: string, branding?: EmailBranding): string", "(content, branding)"),
)
CI_STUBS = """
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...a) { if (a.length === 0) { super('%s'); } else { super(...a); } }
};
const z = new Proxy(function () {}, { get: () => z, apply: () => z });
const ZEmailBranding = z;
const defineEmail = (c) => c;
"""
CI_BRAND = {"orgName": "Northfield Coding Bootcamp", "themeColor": "#0d9488"}
CI_MAILS = [
    # template, file, export, fields
    ("verify-email", "verify-email.ts", "verifyEmailEmail",
     {"link": "https://app.classroomio.com/verify-email?token=%s", "userName": "Amara Okafor",
      "orgName": "Northfield Coding Bootcamp", "branding": CI_BRAND}),
    ("verify-email-change", "verify-email.ts", "verifyEmailEmail",
     {"link": "https://app.classroomio.com/verify-email?token=%s", "userName": "Amara Okafor",
      "newEmail": "amara.okafor@northfield.example", "orgName": "Northfield Coding Bootcamp",
      "branding": CI_BRAND}),
    ("forgot-password", "forgot-password.ts", "forgotPasswordEmail",
     {"email": "amara.okafor@example.com", "name": "Amara Okafor",
      "link": "https://app.classroomio.com/reset?token=%s"}),
    ("password-reset-done", "on-password-reset.ts", "onPasswordResetEmail",
     {"name": "Amara Okafor"}),
    ("quiz-assigned", "quiz-assigned.ts", "quizAssignedEmail",
     {"orgName": "Northfield Coding Bootcamp", "courseName": "Full-Stack JavaScript 2026",
      "exerciseTitle": "Week 4: Promises and async/await",
      "quizUrl": "https://northfield.classroomio.com/courses/8c1f/exercises/552",
      "branding": CI_BRAND}),
    ("submission-graded", "submission-graded.ts", "submissionGradedEmail",
     {"orgName": "Northfield Coding Bootcamp", "studentName": "Amara Okafor",
      "exerciseTitle": "Build a REST API", "courseName": "Full-Stack JavaScript 2026",
      "statusText": "Graded", "score": "87/100",
      "exerciseLink": "https://northfield.classroomio.com/courses/8c1f/exercises/561",
      "lessonTitle": "Lesson 9: Express routing", "branding": CI_BRAND}),
    ("course-welcome", "student-course-welcome.ts", "studentCourseWelcomeEmail",
     {"orgName": "Northfield Coding Bootcamp", "courseName": "Full-Stack JavaScript 2026",
      "loginUrl": "https://northfield.classroomio.com/login", "branding": CI_BRAND}),
    ("session-reminder", "session.ts", "sessionReminderEmail",
     {"orgName": "Northfield Coding Bootcamp", "courseName": "Full-Stack JavaScript 2026",
      "sessionTitle": "Office hours: debugging Node", "whenLabel": "in 1 hour",
      "sessionTimeLabel": "Thursday, 10 December 2026, 18:00 - 19:00 (GMT)",
      "joinUrl": "https://meet.example/nfb-oh-1210", "branding": CI_BRAND}),
    ("session-updated", "session.ts", "sessionUpdatedEmail",
     {"orgName": "Northfield Coding Bootcamp", "courseName": "Full-Stack JavaScript 2026",
      "sessionTitle": "Office hours: debugging Node",
      "sessionTimeLabel": "Friday, 11 December 2026, 17:30 - 18:30 (GMT)",
      "joinUrl": "https://meet.example/nfb-oh-1211", "branding": CI_BRAND}),
]  # fmt: skip


def _ci_js(source: str) -> str:
    lines = [ln for ln in source.splitlines() if not ln.startswith("import ")]
    return "\n".join(lines).replace("export const ", "const ")


def classroomio() -> None:
    default = _show(CI_REPO, CI_COMMIT, f"{CI_DIR}/templates/default.ts")
    for old, new in CI_TYPES:
        assert old in default, old
        default = default.replace(old, new)
    js = [CI_STUBS % SENT.strftime("%Y-%m-%dT%H:%M:%SZ"), _ci_js(default)]
    for name in sorted({m[1] for m in CI_MAILS}):
        js.append(_ci_js(_show(CI_REPO, CI_COMMIT, f"{CI_DIR}/emails/{name}")))
    calls = []
    for _template, _file, export, fields in CI_MAILS:
        if "link" in fields:
            fields = {**fields, "link": fields["link"] % _chars(40, "0123456789abcdef")}
        args = json.dumps(fields)
        calls.append(
            f"(() => {{ const f = {args}; const s = {export}.subject; "
            f"return [typeof s === 'function' ? s(f) : s, {export}.render(f)]; }})()"
        )
    js.append("console.log(JSON.stringify([" + ",\n".join(calls) + "]));")
    out = subprocess.run(
        ["node", "-e", "\n".join(js)], capture_output=True, text=True, check=True
    ).stdout
    for (template, file, _export, _fields), (subject, body) in zip(
        CI_MAILS, json.loads(out), strict=True
    ):
        subject = " ".join(subject.split())  # sanitizeEmailSubject
        _save(
            source="classroomio", template=template, lang="en", kind="notice", code=None,
            repository=CI_REPO,
            path=f"{CI_DIR}/emails/{file}, {CI_DIR}/templates/default.ts, "
            f"{CI_DIR}/utils/constants.ts",
            commit=CI_COMMIT, licence="AGPL-3.0",
            rendered="the template's render() run in node 20 (imports dropped, zod and "
            "defineEmail stubbed, default.ts's three type annotations removed, Date fixed to "
            "the sent date); subject through sanitizeEmailSubject; nodemailer html only, "
            "From DEFAULT_EMAIL_FROM",
            sender=CI_FROM, subject=subject, text=None, html_part=body,
            note="A notice; any token is only inside a link, scores and dates are not codes.",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# StudyNotion (LearnSphere)

SN_REPO = "Aaryan120/StudyNotion-An-Online-Education-Platform"
SN_COMMIT = "8e9d45d76e4438d082ae873729e192812ba2b7f4"
SN_T = "server/mail/templates"
SN_FROM = '"StudyNotion - by Raj Aryan" <learnsphere.mailer@gmail.example>'


def _sn_git_dir() -> Path:
    base = MIRRORS / SN_REPO.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def studynotion() -> None:
    files = ("emailVerificationTemplate", "courseEnrollmentEmail", "passwordUpdate",
             "paymentSuccessEmail", "contactFormRes")  # fmt: skip
    otp = _chars(6, "0123456789")  # otpGenerator.generate(6, digits only)
    order = "order_" + _chars(14, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    pay = "pay_" + _chars(14, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    token = _chars(40, "0123456789abcdef")  # crypto.randomBytes(20).toString("hex")
    with tempfile.TemporaryDirectory() as tmp:
        for name in files:
            src = subprocess.run(
                ["git", "--git-dir", str(_sn_git_dir()), "show", f"{SN_COMMIT}:{SN_T}/{name}.js"],
                capture_output=True, check=True,
            ).stdout  # fmt: skip
            (Path(tmp) / f"{name}.js").write_bytes(src)
        script = f"""
const t = (n) => require({json.dumps(tmp)} + '/' + n + '.js');
console.log(JSON.stringify([
  t('emailVerificationTemplate')({json.dumps(otp)}),
  t('courseEnrollmentEmail').courseEnrollmentEmail('Data Structures in Java', 'Priya Nair'),
  t('passwordUpdate').passwordUpdated('priya.nair@example.com',
    'Password updated successfully for Priya Nair'),
  t('paymentSuccessEmail').paymentSuccessEmail('Priya Nair', 349900 / 100,
    {json.dumps(order)}, {json.dumps(pay)}),
  t('contactFormRes').contactUsEmail('priya.nair@example.com', 'Priya', 'Nair',
    'Is there a student discount for the Java course?', '9876543210', '+91'),
]));
"""
        out = json.loads(
            subprocess.run(
                ["node", "-e", script], capture_output=True, text=True, check=True
            ).stdout
        )
    reset_url = (
        "https://study-notion-an-online-education-platform-8gei.vercel.app/update-password/" + token
    )
    mails = [
        # template, subject, body, kind, code, path, note
        ("otp", "Verification OTP from Learn-Sphere", out[0], "saas-otp", otp,
         f"server/models/OTP.js, server/controllers/Auth.js, {SN_T}/emailVerificationTemplate.js",
         None),
        ("course-enrolled", "Successfully Enrolled into Data Structures in Java", out[1],
         "notice", None, f"server/controllers/Payment.js, {SN_T}/courseEnrollmentEmail.js",
         "An enrolment confirmation; no code."),
        ("password-updated", "Password for your account has been updated", out[2], "notice",
         None, f"server/controllers/Auth.js, {SN_T}/passwordUpdate.js",
         "A password-changed notice; no code."),
        ("payment-received", "Payment Received", out[3], "shop-order", None,
         f"server/controllers/Payment.js, {SN_T}/paymentSuccessEmail.js",
         "A Razorpay payment receipt: the Payment ID and Order ID are references, not codes."),
        ("contact-received", "Your Data is Sent Successfully", out[4], "notice", None,
         f"server/controllers/ContactUs.js, {SN_T}/contactFormRes.js",
         "A contact-form copy with a phone number; no code."),
        ("reset-link", "Reset Password link",
         f"Your Link for email verification is {reset_url}. Please click this url to reset your "
         "password", "notice", None, "server/controllers/ResetPassword.js",
         "The reset token is only inside the link."),
    ]  # fmt: skip
    for template, subject, body, kind, code, path, note in mails:
        _save(
            source="studynotion-learnsphere", template=template, lang="en", kind=kind,
            code=code, repository=SN_REPO, path=f"{path}, server/utils/mailSender.js",
            commit=SN_COMMIT, licence="MIT",
            rendered="the template module run in node 20 with the controller's arguments; "
            "mailSender's nodemailer html only; From 'StudyNotion - by Raj Aryan' (an invented "
            "address added, as the SMTP account would supply)",
            sender=SN_FROM, subject=subject, text=None, html_part=body, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Pupilfirst

PF_REPO = "pupilfirst/pupilfirst"
PF_COMMIT = "001ec461da8042f94d31288931a434898fc29a2a"
PF_LANGS = ("en", "ar", "pt-br", "ru", "zh-cn")
PF_HOST = "learn.riverbend-academy.example"
PF_SCHOOL = "Riverbend Academy"
PF_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _pf_t(locales: dict, lang: str, key: str, **kw: str) -> tuple[str, str]:
    """Rails ``t``: the key in the locale, else (fallbacks on) in en; %{var} filled. Returns
    (text, locale it came from)."""
    for loc in (lang, "en"):
        node = locales[loc][loc]
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, str):
            for k, v in kw.items():
                node = node.replace("%{" + k + "}", v)
            return node, loc
    raise KeyError(key)


def _pf_layout(salutation: str, body: str, thanks: str) -> str:
    layout = _show(PF_REPO, PF_COMMIT, "app/views/layouts/mail/school.html.erb")
    lines = []
    for line in layout.split("\n"):
        stripped = line.strip()
        if stripped.startswith("<%") and not stripped.startswith("<%=") and stripped.endswith("%>"):
            continue  # Erubi trims a statement tag alone on its line
        lines.append(line)
    out = "\n".join(lines)
    out = out.replace("<%= yield :salutation %>", salutation)
    out = out.replace("<%= yield :body %>", body)
    out = re.sub(r"\n\s*<%= yield :signature %>", "", out)
    out = out.replace('<%= t("mailers.layouts.mail.thanks") %>', thanks)
    return out.replace(
        "<%= link_to presenter.school_name, presenter.school_url %>",
        f'<a href="https://{PF_HOST}">{PF_SCHOOL}</a>',
    )


def pupilfirst() -> None:
    locales = {
        lang: yaml.safe_load(_show(PF_REPO, PF_COMMIT, f"config/locales/{lang}.yml"))
        for lang in PF_LANGS
    }
    names = {"en": "Daniel Mensah", "ar": "ليلى حداد", "pt-br": "Beatriz Almeida",
             "ru": "Ирина Соколова", "zh-cn": "王晓明"}  # fmt: skip
    for lang in PF_LANGS:

        def t(key: str, lang: str = lang, **kw: str) -> tuple[str, str]:
            return _pf_t(locales, lang, key, **kw)

        fallback = sorted({loc for loc in (t("shared.salutation_name", name="x")[1],
                                           t("mailers.layouts.mail.thanks")[1]) if loc != lang})  # fmt: skip
        name = html.escape(names[lang])
        salutation = "  " + t("shared.salutation_name", name=name)[0] + "\n"
        thanks = t("mailers.layouts.mail.thanks")[0]

        fb_text = t("mailers.link_fallback.link_fallback")[0]

        def fallback_p(url: str, fb_text: str = fb_text) -> str:
            u = html.escape(url)
            return (f"<p>\n  {fb_text}\n</p>\n\n"
                    f'<p><a href="{u}">{u}</a></p>')  # fmt: skip

        # sign-in code
        code = str(RNG.randint(100_000, 999_999))  # SecureRandom.random_number(100_000..999_999)
        token = _chars(22, PF_B64)
        login_url = f"https://{PF_HOST}/users/token?shared_device=false&token={token}"
        link = t("mailers.user_session.send_login_token.body.link_to")[0]
        stamp = f"December 3, 2026 at {RNG.randint(1, 11)}:{RNG.randint(10, 59)} PM"
        body = (
            "  <p>\n    "
            + t("mailers.user_session.send_login_token.body.input_token_html",
                input_token=code, school_name=PF_SCHOOL)[0]
            + "\n  </p>\n  <p>\n    "
            + t("mailers.user_session.send_login_token.body.verification_code_html",
                link_to=f'<a href="{html.escape(login_url)}">{link}</a>',
                school_name=PF_SCHOOL)[0]
            + "\n  </p>\n  " + fallback_p(login_url) + "\n  <p>\n    "
            + t("shared.login_token_expiration_warning_html", timestamp=stamp,
                login_url=f"https://{PF_HOST}/users/sign_in")[0]
            + "\n  </p>\n"
        )  # fmt: skip
        subject = t("mailers.user_session.send_login_token.subject", school_name=PF_SCHOOL)[0]
        note = (
            f"Lines not translated in {lang} come from en (i18n fallbacks)." if fallback else None
        )
        _save(
            source="pupilfirst", template="sign-in-code", lang=lang, kind="saas-otp", code=code,
            repository=PF_REPO,
            path="app/mailers/user_session_mailer.rb, app/services/mail_login_token_service.rb, "
            "app/views/user_session_mailer/send_login_token.html.erb, "
            "app/views/layouts/mail/school.html.erb, app/views/mailers/_link_fallback.html.erb, "
            f"config/locales/{lang}.yml",
            commit=PF_COMMIT, licence="MIT",
            rendered="the ERB view in the mail/school layout read as Erubi renders it (statement "
            "lines trimmed, t() from the locale YAML, _html keys unescaped, link_to an <a>); the "
            "input token of AuthenticationToken.generate_input_token (six digits); text/html "
            "only; From sender_signature (school name <default sender>)",
            sender=f"{PF_SCHOOL} <noreply@pupilfirst.example>", subject=subject, text=None,
            html_part=_pf_layout(salutation, body, thanks), note=note,
        )  # fmt: skip

        # password reset (a link only)
        reset_url = f"https://{PF_HOST}/users/reset_password?token={_chars(22, PF_B64)}"
        main = t("mailers.user_session.send_reset_password_token.body.main_html",
                 school_name=PF_SCHOOL,
                 link_to=f'<a href="{html.escape(reset_url)}">'
                 f'{t("mailers.user_session.send_reset_password_token.body.link_to")[0]}</a>')[0]  # fmt: skip
        body = "  " + main + "\n\n  " + fallback_p(reset_url) + "\n\n"
        subject = f"{PF_SCHOOL} " + t("mailers.user_session.send_reset_password_token.subject")[0]
        _save(
            source="pupilfirst", template="reset-password", lang=lang, kind="notice", code=None,
            repository=PF_REPO,
            path="app/mailers/user_session_mailer.rb, "
            "app/views/user_session_mailer/send_reset_password_token.html.erb, "
            "app/views/layouts/mail/school.html.erb, app/views/mailers/_link_fallback.html.erb, "
            f"config/locales/{lang}.yml",
            commit=PF_COMMIT, licence="MIT",
            rendered="as the sign-in code mail (same renderer and layout)",
            sender=f"{PF_SCHOOL} <noreply@pupilfirst.example>", subject=subject, text=None,
            html_part=_pf_layout(salutation, body, thanks),
            note="The reset token is only inside the link.",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# OpenStax Accounts

OS_REPO = "openstax/accounts"
OS_COMMIT = "f29b1947d42f4c27c1d9fd19c6377b74b1b52447"
OS_HOST = "https://accounts.openstax.org"
OS_FROM = "OpenStax Accounts <noreply@openstax.org>"
ERB_TAG = re.compile(r"<%(=?)(.*?)%>", re.S)


def _erb(src: str, exprs: dict[str, str], conds: dict[str, bool]) -> str:
    """A small Erubi: statement tags alone on their line are trimmed with their line, ``if`` /
    ``else`` / ``end`` are followed, output tags take the value given for their expression."""
    out: list[str] = []
    keep = [True]
    pos = 0
    for m in ERB_TAG.finditer(src):
        start, end = m.start(), m.end()
        text = src[pos:start]
        if not m.group(1):
            line_start = text.rfind("\n") + 1
            if not text[line_start:].strip() and src[end : end + 1] == "\n":
                text = text[:line_start]  # trim the indent before and the newline after
                end += 1
        if all(keep):
            out.append(text)
        body = " ".join(m.group(2).split())
        if m.group(1):
            if all(keep):
                out.append(exprs[body])
        elif body.startswith("if "):
            keep.append(conds[body[3:]])
        elif body == "else":
            keep[-1] = not keep[-1]
        elif body == "end":
            keep.pop()
        pos = end
    if all(keep):
        out.append(src[pos:])
    return "".join(out)


def openstax() -> None:
    closing = _erb(
        _show(OS_REPO, OS_COMMIT, "app/views/shared/_email_closing.html.erb"),
        {"TEAM_NAME": "OpenStax"}, {},
    )  # fmt: skip
    render_closing = "render :partial => 'shared/email_closing'"
    email = "maria.gonzalez@students.example.edu"
    mails = []
    for show in (True, False):
        pin = f"{RNG.randrange(1_000_000):06d}"  # TokenMaker.contact_info_confirmation_pin
        code = _chars(64, "0123456789abcdef")  # SecureRandom.hex(32)
        url = f"{OS_HOST}/i/verify_email_by_code/{code}"
        exprs = {
            "@confirmation_url": url, "@confirmation_pin": pin, "@email_value": email,
            "attachments['openstax-logo.png'].url": "cid:openstax-logo.png",
            "attachments['rice-logo.png'].url": "cid:rice-logo.png",
        }  # fmt: skip
        subject = (
            f"Your OpenStax account PIN has arrived: {pin}"
            if show
            else "Confirm your email address"
        )
        mails.append((
            "signup-pin" if show else "signup-link", "newflow_mailer/signup_email_confirmation",
            "app/mailers/newflow_mailer.rb", subject, exprs, {"@should_show_pin": show},
            pin if show else None,
            "The PIN is in the subject and the body; the confirmation code is only in the links."
            if show else "No PIN shown (show_pin false after failed attempts): the code is only "
            "in the links.",
        ))  # fmt: skip
    for show in (True, False):
        pin = f"{RNG.randrange(1_000_000):06d}"
        url = f"{OS_HOST}/confirm?code={_chars(64, '0123456789abcdef')}"
        exprs = {
            "@email_address.user.casual_name": "Maria", "@email_address.confirmation_pin": pin,
            "link_to token_url, token_url": f'<a href="{url}">{url}</a>',
            "@email_address.value": "maria.gonzalez@alumni.example.org",
            render_closing: closing,
        }  # fmt: skip
        subject = (f"Use PIN {pin} to confirm your email address" if show
                   else "Confirm your email address")  # fmt: skip
        mails.append((
            "add-email-pin" if show else "add-email-link", "confirmation_mailer/instructions",
            "app/mailers/confirmation_mailer.rb", subject, exprs, {"@show_pin": show},
            pin if show else None,
            "The PIN is in the subject and the body." if show
            else "No PIN: the confirmation code is only in the link.",
        ))  # fmt: skip
    pin = f"{RNG.randrange(1_000_000):06d}"
    url = f"{OS_HOST}/signup/verify_by_token?code={_chars(64, '0123456789abcdef')}"
    mails.append((
        "legacy-signup-pin", "signup_confirmation_mailer/instructions",
        "app/mailers/signup_confirmation_mailer.rb",
        f"Use PIN {pin} to confirm your email address",
        {"@pre_auth_state.confirmation_pin": pin,
         "link_to token_url, token_url": f'<a href="{url}">{url}</a>',
         "@pre_auth_state.contact_info_value": email, render_closing: closing},
        {"@show_pin": True}, pin, "The PIN is in the subject and the body.",
    ))  # fmt: skip
    mails.append((
        "usernames", "sign_in_help_mailer/multiple_accounts", "app/mailers/sign_in_help_mailer.rb",
        "Your OpenStax usernames",
        {"@email_address": email,
         '@usernames.map{|un| "<b>#{un}</b>"}.to_sentence.html_safe':
         "<b>mgonzalez</b> and <b>maria_g_2019</b>", render_closing: closing},
        {}, None, "Lists the account's usernames to sign in with; a username is not a secret "
        "code or password, labelled null.",
    ))  # fmt: skip
    token = _chars(32, "0123456789abcdef")  # SecureRandom.hex(16)
    for template, view, mailer, subject, link_expr, url in (
        ("reset-password", "sign_in_help_mailer/reset_password", "sign_in_help_mailer.rb",
         "Reset your OpenStax password",
         'link_to "Click here to reset your OpenStax password", password_reset_url(token: '
         "@user.login_token)", f"{OS_HOST}/password/reset?token={token}"),
        ("add-password", "sign_in_help_mailer/add_password", "sign_in_help_mailer.rb",
         "Add a password to your OpenStax account",
         'link_to "Click here to add a password to your OpenStax account", password_add_url('
         "token: @user.login_token)", f"{OS_HOST}/password/add?token={token}"),
        ("newflow-reset-password", "newflow_mailer/reset_password_email", "newflow_mailer.rb",
         "Reset your OpenStax password",
         'link_to "Reset my password", change_password_form_url(token: @user.login_token)',
         f"{OS_HOST}/i/change_password_form?token={token}"),
        ("newflow-create-password", "newflow_mailer/create_password_email", "newflow_mailer.rb",
         "Set up a password for your OpenStax account",
         'link_to "Set up your password", create_password_form_url(token: @user.login_token)',
         f"{OS_HOST}/i/create_password_form?token={token}"),
    ):  # fmt: skip
        label = re.search(r'link_to "([^"]*)"', link_expr).group(1)
        mails.append((
            template, view, f"app/mailers/{mailer}", subject,
            {"@user.casual_name": "Maria", link_expr: f'<a href="{url}">{label}</a>',
             render_closing: closing},
            {}, None, "The login token is only inside the link.",
        ))  # fmt: skip
    for template, view, mailer, subject, exprs, conds, code, note in mails:
        path = f"app/views/{view}.html.erb"
        body = _erb(_show(OS_REPO, OS_COMMIT, path), exprs, conds)
        _save(
            source="openstax-accounts", template=template, lang="en",
            kind="saas-otp" if code else "notice", code=code, repository=OS_REPO,
            path=f"{mailer}, {path}, app/mailers/application_mailer.rb, lib/token_maker.rb",
            commit=OS_COMMIT, licence="AGPL-3.0-or-later",
            rendered="the view through a small Erubi renderer (statement lines trimmed, if/else "
            "followed, link_to an <a>, shared/_email_closing rendered with TEAM_NAME); subject "
            "prefixed '[OpenStax] ' by ApplicationMailer#mail; From its default; text/html "
            "only (no mailer layout); the newflow mail's two inline logo images are left out, "
            "their cid: references kept",
            sender=OS_FROM, subject=f"[OpenStax] {subject}", text=None, html_part=body, note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# LearnHouse

LH_REPO = "learnhouse/learnhouse"
LH_COMMIT = "6fcca07134068e708cacf0be994ba080c2749cd9"
LH_DIR = "apps/api/src/services"
LH_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


class _LhUser:
    def __init__(self, username: str, user_uuid: str) -> None:
        self.username = username
        self.user_uuid = user_uuid


class _LhOrg:
    def __init__(self, org_uuid: str) -> None:
        self.org_uuid = org_uuid


def _lh_module() -> dict:
    """emails.py and translations.py run as they are: the imports of the API's own modules
    replaced by the translations module's ``t`` and a ``send_email`` that returns the mail."""
    trans: dict = {}
    exec(_show(LH_REPO, LH_COMMIT, f"{LH_DIR}/email/translations.py"), trans)
    src = _show(LH_REPO, LH_COMMIT, f"{LH_DIR}/users/emails.py")
    src = "\n".join(
        ln for ln in src.split("\n") if not ln.startswith(("from pydantic", "from src."))
    )
    mod: dict = {
        "EmailStr": str, "OrganizationRead": _LhOrg, "UserRead": _LhUser, "t": trans["t"],
        "send_email": lambda to, subject, body: (subject, body),
    }  # fmt: skip
    exec(src, mod)
    return mod


def learnhouse() -> None:
    mod = _lh_module()
    langs = ("en", "fr", "de", "es", "ar", "ja", "pt", "ru", "zh", "hi",
             "ko", "it", "tr", "vi", "id", "pl", "uk", "nl", "th", "bn")  # fmt: skip
    users = ["amelie_durand", "jonas.weber", "sofia_rm", "omar.haddad", "yuki_t", "lucas.p",
             "nadia_k", "chen_wei", "arjun.m", "minji_park"]  # fmt: skip
    base = "https://riverside-college.learnhouse.app"
    path_common = (
        f"{LH_DIR}/users/emails.py, {LH_DIR}/email/translations.py, {LH_DIR}/email/utils.py"
    )
    rendered = ("emails.py's function run as it is (its f-strings and _email_layout), t() of "
                "translations.py; send_email's From 'LearnHouse <system address>'; Resend "
                "'html' only")  # fmt: skip
    sender = "LearnHouse <noreply@learnhouse.app>"
    for i, lang in enumerate(langs):
        user = _LhUser(users[i % len(users)], f"user_{_chars(8, '0123456789abcdef')}")
        code = _chars(8, LH_ALNUM)  # generate_secure_reset_code: 8 of letters and digits
        subject, body = mod["send_password_reset_email"](
            code, user, _LhOrg("org_x"), f"{user.username.replace('.', '_')}@example.com", base,
            lang,
        )  # fmt: skip
        _save(
            source="learnhouse", template="password-reset-code", lang=lang, kind="saas-otp",
            code=code, repository=LH_REPO,
            path=f"{LH_DIR}/users/password_reset.py, {path_common}", commit=LH_COMMIT,
            licence="AGPL-3.0", rendered=rendered, sender=sender, subject=subject, text=None,
            html_part=body,
            note="An eight-character reset code of mixed-case letters and digits, shown in a "
            "code box and also inside the button's link.",
        )  # fmt: skip
    for lang in ("en", "fr", "es", "pt", "de", "it"):
        user = _LhUser(RNG.choice(users), f"user_{_chars(8, '0123456789abcdef')}")
        code = _chars(8, LH_ALNUM)
        subject, body = mod["send_password_reset_email_platform"](
            code, user, "learner@example.com", "https://www.learnhouse.app", lang
        )
        _save(
            source="learnhouse", template="platform-password-reset-code", lang=lang,
            kind="saas-otp", code=code, repository=LH_REPO,
            path=f"{LH_DIR}/users/password_reset.py, {path_common}", commit=LH_COMMIT,
            licence="AGPL-3.0", rendered=rendered, sender=sender, subject=subject, text=None,
            html_part=body,
            note="The platform (no organisation) variant: the same eight-character code box, "
            "another link and footer.",
        )  # fmt: skip
    for lang in langs[:10]:
        invite = _chars(8, LH_ALNUM)
        subject, body = mod["send_invitation_email"](
            "new.member@example.com", "Riverside College", "ms_okafor",
            f"{base}/signup?inviteCode={invite}", invite, lang,
        )  # fmt: skip
        _save(
            source="learnhouse", template="invitation-code", lang=lang, kind="notice", code=None,
            repository=LH_REPO, path=f"{LH_DIR}/orgs/invites.py, {path_common}",
            commit=LH_COMMIT, licence="AGPL-3.0", rendered=rendered, sender=sender,
            subject=subject, text=None, html_part=body,
            note="An organisation invite code in a code box: an invite code, not labelled "
            "(the brief's rule), though the mail suggests using it to sign up.",
        )  # fmt: skip
    for lang in langs[10:15]:
        user = _LhUser(
            "student_" + _chars(4, "0123456789"), f"user_{_chars(8, '0123456789abcdef')}"
        )
        subject, body = mod["send_email_verification_email"](
            _chars(43, LH_ALNUM + "-_"), user, _LhOrg(f"org_{_chars(8, '0123456789abcdef')}"),
            "learner@example.com", base, lang,
        )  # fmt: skip
        _save(
            source="learnhouse", template="email-verification", lang=lang, kind="notice",
            code=None, repository=LH_REPO, path=path_common, commit=LH_COMMIT,
            licence="AGPL-3.0", rendered=rendered, sender=sender, subject=subject, text=None,
            html_part=body, note="The verification token is only inside the link.",
        )  # fmt: skip
    for lang in langs[15:]:
        subject, body = mod["send_role_changed_email"](
            "learner@example.com", "dara_ng", "Riverside College", "Instructor", lang
        )
        _save(
            source="learnhouse", template="role-changed", lang=lang, kind="notice", code=None,
            repository=LH_REPO, path=path_common, commit=LH_COMMIT, licence="AGPL-3.0",
            rendered=rendered, sender=sender, subject=subject, text=None, html_part=body,
            note="A role-change notice; no code.",
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    zoonk()
    classquiz()
    tcexam()
    classroomio()
    studynotion()
    pupilfirst()
    openstax()
    learnhouse()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} codes")


if __name__ == "__main__":
    main()
