"""Round fourteen, public-service senders: e-government and civic-reporting mail.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r14_public.py \\
        --egov /work/.mirror/egovernments+egov-smartcity-suite/repo \\
        --fms /work/.mirror/mysociety+fixmystreet/repo \\
        --digit /work/.mirror/egovernments+Digit-Core/repo \\
        --ottehr /work/.mirror/masslight+ottehr/repo \\
        --proconnect /work/.mirror/proconnect-gouv+proconnect-identite/repo \\
        --hcx /work/.mirror/Swasth-Digital-Health-Foundation+hcx-platform/repo \\
        --ban /work/.mirror/BaseAdresseNationale+api-depot/repo \\
        --libreclinica /work/.mirror/reliatec-gmbh+LibreClinica/repo

- ``--egov``: a git snapshot of egovernments/egov-smartcity-suite (repository LICENSE MIT,
  source files headed GPL-3.0-or-later). Its mails are plain text sent through
  ``NotificationService.sendEmail(email, subject, message)``: the subject and body are Java
  ``.properties`` messages filled with ``MessageFormat`` (``{0}`` ...), read here from the
  snapshot and filled the same way. The password-recovery OTP is built in
  ``IdentityRecoveryService.generateAndSendUserPasswordRecovery`` as
  ``"Your OTP for recovering password is " + token`` with the token
  ``uniqueString(5).toUpperCase()`` (five letters a-z, upper-cased), subject
  ``Password Reset``. The stakeholder mail gives the username and password to log in with.
  The collection payment confirmation is ``payment-gateway.properties``' ``%s`` strings.
- ``--fms``: a git snapshot of mysociety/fixmystreet (AGPL-3.0). Its Template Toolkit text
  templates (``templates/email/default/``, Welsh in ``cy/``) are filled by hand for the
  default cobrand (the branches a default site takes, the site name FixMyStreet, the
  signature from ``signature.txt``); only the text part is built (FixMyStreet also sends an
  HTML alternative, not rendered here). None of these mails gives a code.

- ``--digit``: a git snapshot of egovernments/Digit-Core (MIT). ``user-otp``'s
  ``OtpEmailRepository`` sends a plain-text mail (``egov-notification-mail`` sends
  ``isHTML`` false as ``SimpleMailMessage``) whose subject and body are the localisation
  messages of ``localization of email notification.postman_collection.json`` (the same as
  the repository's built-in defaults), ``%s`` filled with the ``egov-otp`` token
  (``randomNumeric(egov.otp.length)``, 6 by default).
- ``--ottehr``: a git snapshot of masslight/ottehr (MIT). Its SendGrid dynamic templates
  (``packages/utils/lib/ottehr-config/sendgrid/template_html/*.html``) are filled like
  Handlebars does (``{{x}}`` HTML-escaped, ``{{{x}}}`` raw, ``{{#if}}``), with the
  ``branding`` object of ``ottehr-config/branding`` and the subjects of
  ``ottehr-config/sendgrid/index.ts``; HTML only, as the templates are.
- ``--proconnect``: a git snapshot of proconnect-gouv/proconnect-identite (MIT), the French
  State's ProConnect identity provider. Its JSX mails are taken from the package's own
  rendering tests (``packages/email/src/*.test.tsx.snapshot``: the component rendered with
  the story's props, formatted by prettier) with the story's values replaced by ours; the
  subject is the one ``src/managers`` passes to ``sendMail``, which also adds a text part
  made with html-to-text (approximated here by stripping the markup).

- ``--hcx``: a git snapshot of Swasth-Digital-Health-Foundation/hcx-platform (MIT, the
  LICENSE file added at its head ffcf9c0d covers the project). Its onboarding mails are
  FreeMarker templates (``hcx-onboard/src/main/resources/templates/*.ftl``) sent as
  ``text/html`` only by ``EmailService.sendMail``, read at the commits where
  ``ParticipantService`` / ``OnboardService`` send them, with the subjects of that commit's
  ``application.yml``: the e-mail OTP is ``DecimalFormat("000000")`` of a random int, the
  generated password ``generateRandomPassword(24)`` over the class's alphabet.

- ``--ban``: a git snapshot of BaseAdresseNationale/api-depot (MIT), the French national
  address base's deposit API. Its Handlebars mails (``src/email-templates/*.hbs``, sent as
  HTML by ``@nestjs-modules/mailer``; its CSS inlining is not reproduced) are filled with the
  context the services pass, the subjects of their ``sendMail`` calls: the PIN is
  ``randomNumber(0, 999_999)`` padded to six digits, the client token 32 letters/digits.

- ``--libreclinica``: a git snapshot of reliatec-gmbh/LibreClinica (GNU LGPL per its headers),
  clinical-trial data capture. The administrator's password-reset and unlock mails are
  HTML bodies concatenated in ``EditUserAccountServlet.sendResetPasswordEmail`` and
  ``UnLockUserServlet.sendRestoreEmail`` from the ``words``/``notes`` resource bundles
  (read here as Java properties), with a password from ``SecurityManager.genPassword()``
  (eight letters/digits).

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

EGOV_COMMIT = "361238c743d046080d66b7fcbe44673a8a784be2"
FMS_COMMIT = "84d7c80c5d9abd0d330325742c6b9eedc30b19fd"
SENT = datetime(2026, 11, 19, 8, 41, 7, tzinfo=UTC)
RNG = random.Random("r14-public")
ITEMS: list[dict] = []


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _properties(text: str) -> dict[str, str]:
    """Java .properties: continuation lines joined, escapes \\n \\t \\r decoded."""
    out: dict[str, str] = {}
    logical: list[str] = []
    buf = ""
    for raw in text.splitlines():
        line = raw.lstrip() if buf else raw
        if line.endswith("\\") and not line.endswith("\\\\"):
            buf += line[:-1]
            continue
        logical.append(buf + line)
        buf = ""
    for line in logical:
        if not line.strip() or line.lstrip().startswith(("#", "!")):
            continue
        found = re.match(r"\s*([^=:\s]+)\s*[=:]\s?(.*)$", line)
        if not found:
            continue
        value = found.group(2).lstrip()
        value = value.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r")
        out[found.group(1)] = value
    return out


def _fmt(pattern: str, *args: str) -> str:
    return re.sub(r"\{(\d+)\}", lambda m: args[int(m.group(1))], pattern)


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=None, sent=SENT)
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


# ---------------------------------------------------------------------------------------
# eGov SmartCity suite

EGOV_LICENCE = "MIT (repository LICENSE); GPL-3.0-or-later (file headers)"
EGOV_FROM = "eGov ULB Portal <no-reply@egov.example>"


def egov(repo: Path) -> None:
    c = EGOV_COMMIT

    def props(path: str) -> dict[str, str]:
        return _properties(_show(repo, c, path))

    def save(template, kind, code, path, rendered, subject, text, note=None):  # fmt: skip
        _save(source="egov", template=template, lang="en", kind=kind, code=code,
              repository="egovernments/egov-smartcity-suite", path=path, commit=c,
              licence=EGOV_LICENCE, rendered=rendered, sender=EGOV_FROM, subject=subject,
              text=text, note=note)  # fmt: skip

    java = "egov/egov-egi/src/main/java/org/egov/infra/admin/common/service/IdentityRecoveryService.java"
    src = _show(repo, c, java)
    assert '"Your OTP for recovering password is " + identityRecovery.getToken()' in src
    token = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5)).upper()
    save("pwd-otp", "gov-otp", token, java + "; egov/egov-egi/src/main/java/org/egov/infra/utils/StringUtils.java",
         "string built in generateAndSendUserPasswordRecovery, token uniqueString(5) a-z upper-cased",
         "Password Reset", "Your OTP for recovering password is " + token)  # fmt: skip

    path = "egov/egov-portal/src/main/resources/messages/service-message-portal.properties"
    p = props(path)
    save("citizen-reg", "notice", None, path,
         "citizen.reg.mail.* filled as CitizenService.create (MessageFormat)",
         p["citizen.reg.mail.subject"],
         _fmt(p["citizen.reg.mail.body"], "Noor Tester", "https://tirupati.egov.example/egi/login/secure",
              "Tirupati Municipal Corporation"))  # fmt: skip

    path = "egov/egov-bpa/src/main/resources/messages/service-message-bpa.properties"
    p = props(path)
    password = "Shl@" + "".join(RNG.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(6))
    save("stakeholder-reg", "gov-otp", password, path + "; egov/egov-bpa/src/main/java/org/egov/bpa/utils/BPASmsAndEmailService.java",
         "msg.newstakeholder.email.* filled as buildMessageDetails (name, code, username, password)",
         p["msg.newstakeholder.email.subject"],
         _fmt(p["msg.newstakeholder.email.body"], "Noor Tester", "STK/2026/000418", "noortester", password),
         note="gives a username and a password to log in with; reference number STK/2026/000418 is not a code")  # fmt: skip
    appno = "BPA/27/2026/00%04d" % RNG.randint(100, 9999)  # noqa: UP031
    save("bpa-application", "notice", None, path, "msg.bpa.newappln.email.* filled (MessageFormat)",
         _fmt(p["msg.bpa.newappln.email.subject"], appno),
         _fmt(p["msg.bpa.newappln.email.body"], "Noor Tester", appno))  # fmt: skip
    save("bpa-scrutiny", "notice", None, path, "msg.bpa.doc.scruty.schedule.email.* filled (MessageFormat)",
         _fmt(p["msg.bpa.doc.scruty.schedule.email.subject"], "24/11/2026", "11:30 AM", "Town Planning Section, Ward 12", appno),
         _fmt(p["msg.bpa.doc.scruty.schedule.email.body"], "Noor Tester", "24/11/2026", "11:30 AM",
              "Town Planning Section, Ward 12", appno))  # fmt: skip

    path = "egov/egov-stms/src/main/resources/messages/service-message-stms.properties"
    p = props(path)
    ack = "SWA%08d" % RNG.randint(10**7, 10**8 - 1)  # noqa: UP031
    save("sewerage-application", "notice", None, path, "msg.newconnectioncreate.email.* filled (MessageFormat)",
         _fmt(p["msg.newconnectioncreate.email.subject"], ack),
         _fmt(p["msg.newconnectioncreate.email.body"], "Noor Tester", ack, "Tirupati Municipal Corporation", "1,500"),
         note="acknowledgement number to quote as reference, not a code to type")  # fmt: skip
    save("sewerage-payment", "invoice", None, path, "msg.newconnectionOnDemandAndDonation.email.body filled; subject key of the same service",
         _fmt(p["msg.newconnectionOnDemandAndDonation.email.subject"], ack) if "msg.newconnectionOnDemandAndDonation.email.subject" in p else "Sewerage connection demand and donation amount received",
         _fmt(p["msg.newconnectionOnDemandAndDonation.email.body"], "Noor Tester", "18,250", ack, "Tirupati Municipal Corporation"))  # fmt: skip
    shsc = "1016%06d" % RNG.randint(0, 999999)  # noqa: UP031
    save("sewerage-execution", "notice", None, path, "msg.newconnectionOnExecutionDate.email.body filled",
         _fmt(p["msg.newconnectionOnExecutionDate.email.subject"], shsc) if "msg.newconnectionOnExecutionDate.email.subject" in p else "Sewerage connection installed",
         _fmt(p["msg.newconnectionOnExecutionDate.email.body"], "Noor Tester", shsc, "17/11/2026", "240", "Tirupati Municipal Corporation"))  # fmt: skip

    path = "egov/egov-worksweb/src/main/java/org/egov/works/web/actions/package.properties"
    p = props(path)
    reqno = "RC/EMG/%05d/2026-27" % RNG.randint(1, 99999)  # noqa: UP031
    save("roadcut-application", "notice", None, path, "applicant.email.*.emergencyCut filled (MessageFormat)",
         _fmt(p["applicant.email.subject"], "19/11/2026"),
         _fmt(p["applicant.email.body.emergencyCut"], "Noor Tester", reqno, "DW-RC-0418", "86,400",
              "Tirupati Municipal Corporation"),
         note="application request number and deposit code (format assumed) are references for payment, not codes to type")  # fmt: skip

    path = "egov/egov-pgr/src/main/resources/messages/service-message-pgr.properties"
    p = props(path)
    crn = "%08d" % RNG.randint(10**7, 10**8 - 1)  # noqa: UP031
    save("grievance-registered", "notice", None, path, "msg.complaint.registered.email.* filled (MessageFormat)",
         p["msg.complaint.registered.email.subject"].strip(),
         _fmt(p["msg.complaint.registered.email.body"], "Noor Tester", "Garbage not collected", "48",
              "https://tirupati.egov.example", crn, "Tirupati Municipal Corporation"))  # fmt: skip

    path = "egov/egov-collection/src/main/resources/config/payment-gateway.properties"
    p = props(path)
    save("payment-confirmation", "invoice", None, path, "email.subject.message / email.body.message filled (%s); receipt PDF attachment left out",
         p["email.subject.message"].replace("%s", "Tirupati Municipal Corporation"),
         p["email.body.message"] % ("Tirupati Municipal Corporation", "4,312.00", "Property Tax",
                                    "1016047231", "19/11/2026", "Tirupati Municipal Corporation"))  # fmt: skip


# ---------------------------------------------------------------------------------------
# FixMyStreet

FMS_FROM = "FixMyStreet <team@fixmystreet.example>"
FMS_LICENCE = "AGPL-3.0-or-later"
FMS_DIR = "templates/email/default/"


def _tt(template: str, values: dict[str, str], blocks: list[tuple[str, str]]) -> str:
    """Fill a Template Toolkit text by hand: each (directive text, replacement) in ``blocks``
    resolves one IF/TRY/INCLUDE construct as the default cobrand takes it, then every
    ``[% name %]`` left is replaced from ``values``; the ``Subject:`` header line is split off."""
    for old, new in blocks:
        assert old in template, old[:60]
        template = template.replace(old, new)
    out = re.sub(r"\[%\s*([\w.]+)\s*%\]", lambda m: values[m.group(1)], template)
    assert "[%" not in out, out
    return out


def _split(text: str) -> tuple[str, str]:
    head, _, body = text.partition("\n\n")
    assert head.startswith("Subject: ")
    return head[len("Subject: ") :].strip(), body


def fms(repo: Path) -> None:
    c = FMS_COMMIT

    def tpl(path: str) -> str:
        return _show(repo, c, FMS_DIR + path)

    def save(template, lang, kind, path, subject, text, note=None):  # fmt: skip
        _save(source="fixmystreet", template=template, lang=lang, kind=kind, code=None,
              repository="mysociety/fixmystreet", path=FMS_DIR + path, commit=c,
              licence=FMS_LICENCE,
              rendered="Template Toolkit text template filled by hand for the default cobrand (text part only)",
              sender=FMS_FROM, subject=subject, text=text, note=note)  # fmt: skip

    rid = str(RNG.randint(4_000_000, 6_999_999))
    values = {
        "site_name": "FixMyStreet",
        "report.name": "Noor Tester",
        "report.body": "Cardiff Council",
        "report.title": "Pothole outside 14 Heol y Felin",
        "report.detail": "Deep pothole about 40cm across near the bus stop, opposite number 14.",
        "token_url": "https://www.fixmystreet.example/P/Xq7Lm2Rt9vKd",
        "title": "Pothole outside 14 Heol y Felin",
        "bodies_name": "Cardiff Council",
        "url": f"https://www.fixmystreet.example/report/{rid}",
        "report.view_url": f"/report/{rid}",
        "cobrand.base_url_for_report(report)": "https://www.fixmystreet.example",
    }
    signature = {"en": tpl("signature.txt").strip(), "cy": tpl("cy/signature.txt").strip()}

    # problem-confirm: a confirmation link, no code.
    t = tpl("problem-confirm.txt")
    blocks = [
        ("[% IF report.non_public %]Note that your report will not be\npublished for public viewing on the [% site_name %] website but will be sent to [% report.body %].\n[% ELSE %]Note that your report will also appear on the [% site_name %] website.[% END %]",
         "Note that your report will also appear on the [% site_name %] website."),
        ("[% IF c.cobrand.is_council && !c.cobrand.owns_problem( report ) %]\nPlease note that [% c.cobrand.council_name %] is not responsible for this type\nof problem, so it will instead be sent to [% report.body %].\n[% END %]\n", ""),
        ("[% TRY %][% INCLUDE '_problem-confirm_extra.txt' %][% CATCH file %][% END %]\n", ""),
        ("[% signature %]", signature["en"]),
    ]  # fmt: skip
    subject, body = _split(_tt(t, values, blocks))
    save("problem-confirm", "en", "notice", "problem-confirm.txt", subject, body)
    t = tpl("cy/problem-confirm.txt")
    blocks = [
        ("[% UNLESS report.non_public %] Nodwch y bydd eich adroddiad hefyd\nyn arddangos ar y wefan [site_name %] .[% END %]",
         " Nodwch y bydd eich adroddiad hefyd\nyn arddangos ar y wefan [site_name %] ."),
        ("[% IF c.cobrand.is_council && !c.cobrand.owns_problem( report ) %]\nNodwch nad yw [% c.cobrand.council_name %] yn gyfrifol am y math yma\no broblem, felly bydd yn cael ei anfon at [% report.body %].\n[% END %]\n", ""),
        ("[% TRY %][% INCLUDE '_problem-confirm_extra.txt' %][% CATCH file %][% END %]\n", ""),
        ("[% signature %]", signature["cy"]),
    ]  # fmt: skip
    subject, body = _split(_tt(t, values, blocks))
    save("problem-confirm", "cy", "notice", "cy/problem-confirm.txt", subject, body,
         note="the Welsh template's own slip '[site_name %]' is kept as sent")  # fmt: skip

    # confirm_report_sent
    for lang, path in (("en", "confirm_report_sent.txt"), ("cy", "cy/confirm_report_sent.txt")):
        subject, body = _split(_tt(tpl(path), values, [("[% signature %]", signature[lang])]))
        save("report-sent", lang, "notice", path, subject, body)

    # other-reported (default branch: not waste)
    for lang, path in (("en", "other-reported.txt"), ("cy", "cy/other-reported.txt")):
        t = tpl(path)
        if lang == "en":
            head = t.index("Subject:")
            t = t[head : t.rindex("[% END %]")]
            t = t.replace("[% IF cobrand.moniker == 'northnorthants' %]\nYour report to [% report.body %] has been logged on the Highways reporting system.\n[% ELSE %]\nYour report to [% report.body %] has been logged on [% site_name %].\n[% END %]",
                          "Your report to [% report.body %] has been logged on [% site_name %].")  # fmt: skip
        pub = re.search(r"\[% IF report.non_public ~%\].*?\[% END ~%\]\n", t, re.S)
        assert pub
        t = t.replace(pub.group(0), "")
        cb = re.search(r"\[% IF cobrand.is_council .*?\[% END %\]\n\[% END %\]\n", t, re.S)
        assert cb
        t = t.replace(cb.group(0), "\n")
        t = t.replace(
            "[% cobrand.base_url_for_report(report) %]", "https://www.fixmystreet.example"
        )
        subject, body = _split(_tt(t, values, [("[% signature %]", signature[lang])]))
        save("report-logged", lang, "notice", path, subject, body,
             note=f"report number {rid} appears in the link only")  # fmt: skip

    # submit: the report as sent to the council, with Report ID, phone, coordinates.
    t = tpl("submit.txt")
    v = dict(values)
    v.update({
        "missing": "", "multiple": "", "fuzzy": "To view a map of the precise location of this issue",
        "url": f"https://www.fixmystreet.example/report/{rid}", "has_photo": "",
        "report.id": rid, "report.category_display": "Potholes",
        "report.latitude": "51.481583", "report.longitude": "-3.179090",
        "osm_url": "https://www.openstreetmap.org/?mlat=51.481583&mlon=-3.179090#map=18/51.481583/-3.179090",
        "closest_address": "Nearest road to the pin placed on the map (automatically generated by Bing Maps): Heol y Felin, Cardiff CF14 2ND\n\n",
        "signature": signature["en"], "category_footer": "Potholes",
    })  # fmt: skip
    blocks = [
        ('[% report.user.email OR "None provided" %]', "noor.tester@example.com"),
        ('[% report.user.phone OR "None provided" %]', "029 2087 2087"),
        ("[% FOR field IN report.get_extra_fields %][% IF field.value_label OR field.value.length ~%]\n[% field.description OR field.name %]: [% field.value_label OR field.value %]\n\n[% END %][% END ~%]\n", ""),
    ]  # fmt: skip
    subject, body = _split(_tt(t, v, blocks))
    save("submit", "en", "notice", "submit.txt", subject, body,
         note="report ID, phone number, coordinates and postcode; nothing to type")  # fmt: skip


# ---------------------------------------------------------------------------------------
# DIGIT (egovernments/Digit-Core)

DIGIT_COMMIT = "8ea570250c59b296dc74e66711c788966e0aa5a5"


def digit(repo: Path) -> None:
    c = DIGIT_COMMIT
    coll = "core-services/user-otp/src/main/resources/localization of email notification.postman_collection.json"
    java = "core-services/user-otp/src/main/java/org/egov/persistence/repository/OtpEmailRepository.java"
    messages: dict[str, str] = {}

    def walk(x: object) -> None:
        if isinstance(x, dict):
            raw = x.get("raw")
            if isinstance(raw, str) and '"messages"' in raw:
                for m in json.loads(raw)["messages"]:
                    messages[m["code"]] = m["message"]
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(_show(repo, c, coll)))
    assert "LOCALIZATION_KEY_LOGIN_BODY_EMAIL" in _show(repo, c, java)
    for template, sub, body in (("login-otp", "email.login.otp.sub", "email.login.otp.body"),
                                ("pwd-reset-otp", "email.pwd.reset.otp.sub", "email.pwd.reset.otp.body")):  # fmt: skip
        otp = "".join(RNG.choice("0123456789") for _ in range(6))
        _save(source="digit", template=template, lang="en", kind="gov-otp", code=otp,
              repository="egovernments/Digit-Core", path=f"{java}; {coll}", commit=c,
              licence="MIT", rendered="localisation subject/body (en_IN) with %s = six-digit OTP; plain text",
              sender="DIGIT Citizen Services <no-reply@digit.example>", subject=messages[sub],
              text=messages[body] % otp)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Ottehr (masslight/ottehr)

OTTEHR_COMMIT = "e62070ba7b72849f12f7b2ff88e12f21a65f28c3"


def _handlebars(template: str, data: dict[str, str]) -> str:
    """Handlebars as SendGrid runs it: a name it is not given prints as nothing."""

    def cond(m: re.Match[str]) -> str:
        return m.group(2) if data.get(m.group(1)) else ""

    template = re.sub(r"\{\{#if ([\w.-]+)\}\}(.*?)\{\{/if\}\}", cond, template, flags=re.S)
    template = re.sub(r"\{\{\{\s*([\w.-]+)\s*\}\}\}", lambda m: data[m.group(1)], template)
    out = re.sub(
        r"\{\{\s*([\w.-]+)\s*\}\}", lambda m: html.escape(data.get(m.group(1), "")), template
    )
    assert "{{" not in out, out[:200]
    return out


def ottehr(repo: Path) -> None:
    c = OTTEHR_COMMIT
    base = "packages/utils/lib/ottehr-config/sendgrid/"
    index = _show(repo, c, base + "index.ts")
    brand = {
        "branding.projectName": "Ottehr", "branding.email.logoURL": "",
        "branding.email.palette.headerText": "#0F347C", "branding.email.palette.bodyText": "#000000DE",
        "branding.email.palette.footerText": "#212130", "branding.email.palette.buttonColor": "#295F75",
        "branding.email.supportPhoneNumber": "(202) 555-0147", "env": "",
    }  # fmt: skip
    visit = "https://intake.ottehr.example/visit/5b2e9c41-7d0a-4f63-9a1e-2c8d4b7f0e15"
    common = {
        "location": "Ottehr Urgent Care - Georgetown", "time": "Monday, November 23 at 10:45 AM EST",
        "address": "1350 Wisconsin Ave NW, Washington, DC 20007",
        "address-url": "https://www.google.com/maps/search/?api=1&query=1350+Wisconsin+Ave+NW%2C+Washington%2C+DC+20007",
        "modify-visit-url": visit + "/reschedule", "cancel-visit-url": visit + "/cancel",
        "paperwork-url": "https://intake.ottehr.example/paperwork/5b2e9c41-7d0a-4f63-9a1e-2c8d4b7f0e15",
        "join-visit-url": "https://intake.ottehr.example/waiting-room?appointment_id=5b2e9c41-7d0a-4f63-9a1e-2c8d4b7f0e15",
        "patient-name": "Noor Tester", "recipient-name": "Noor Tester", "date": "11/23/2026",
        "book-again-url": "https://intake.ottehr.example/home", "visit-note-url": visit + "/note",
    }  # fmt: skip
    data = {**brand, **common}
    for key, name in (("inPersonConfirmation", "in-person-confirmation"), ("inPersonCancelation", "in-person-cancelation"), ("inPersonReceipt", "in-person-receipt"),
                      ("telemedConfirmation", "telemed-confirmation"), ("telemedInvitation", "telemed-invitation")):  # fmt: skip
        block = index[index.index(f"    {key}: {{") :]
        subject = re.search(r"subject: '([^']*)'", block).group(1)
        subject = _handlebars(subject, data).replace("\\u26A0\\uFE0F", "")
        body = _handlebars(_show(repo, c, f"{base}template_html/{name}.html"), data)
        raw = message(sender="Ottehr <support@ottehr.example>", subject=html.unescape(subject),
                      text=None, html_part=body, sent=SENT)  # fmt: skip
        ident = f"ottehr-{name}-en"
        rel = f"mail/ottehr/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        ITEMS.append({
            "id": ident, "group": f"ottehr-{name}", "source": "ottehr", "lang": "en",
            "kind": "notice" if name != "in-person-receipt" else "invoice", "code": None,
            "repository": "masslight/ottehr", "path": f"{base}template_html/{name}.html; {base}index.ts",
            "commit": c, "licence": "MIT",
            "rendered": "SendGrid Handlebars template filled (branding defaults, support phone set); HTML only",
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest(),
            "note": "appointment mail with date, time, address, phone and visit links; no code",
        })  # fmt: skip


# ---------------------------------------------------------------------------------------
# ProConnect Identité (proconnect-gouv/proconnect-identite)

PROCONNECT_COMMIT = "1b2c1a6ef4c4c3ed24ca1bd115af01615a707720"


def _html_text(markup: str) -> str:
    body = markup[markup.index("<body") :]
    body = re.sub(r"<br\s*/?>|</p>|</tr>|</h\d>", "\n", body)
    body = re.sub(r"<a [^>]*href=\"([^\"]*)\"[^>]*>(.*?)</a\s*>", r"\2 [\1]", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    lines = [" ".join(html.unescape(line).split()) for line in body.split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip() + "\n"


def proconnect(repo: Path) -> None:
    c = PROCONNECT_COMMIT

    def snap(name: str, index: int = 0) -> tuple[str, str]:
        path = f"packages/email/src/{name}.test.tsx.snapshot"
        text = _show(repo, c, path)
        parts = re.findall(r"= `\n(.*?)\n`;", text, re.S)
        return parts[index], path

    def save(template, kind, code, name, subject, replace, manager, note=None):  # fmt: skip
        markup, path = snap(name)
        for old, new in replace:
            assert old in markup, old
            markup = markup.replace(old, new)
        raw = message(sender="ProConnect <nepasrepondre@proconnect.example>", subject=subject,
                      text=_html_text(markup), html_part=markup, sent=SENT)  # fmt: skip
        ident = f"proconnect-{template}-fr"
        rel = f"mail/proconnect/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item = {
            "id": ident, "group": f"proconnect-{template}", "source": "proconnect", "lang": "fr",
            "kind": kind, "code": code, "repository": "proconnect-gouv/proconnect-identite",
            "path": f"packages/email/src/{name}.tsx; {path}; {manager}", "commit": c, "licence": "MIT",
            "rendered": "package test snapshot (story props replaced by ours) as HTML + stripped-markup text part; subject from sendMail call",
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest(),
        }  # fmt: skip
        if note:
            item["note"] = note
        ITEMS.append(item)

    pin = "".join(RNG.choice("0123456789") for _ in range(10))
    save("verify-email", "gov-otp", pin, "VerifyEmail", "Vérification de votre adresse email",
         [(">579687<", f">{pin}<")], "src/managers/user.ts",
         note="ten-digit code from generatePinToken")  # fmt: skip
    words = _show(repo, c, "packages/core/src/data/diceware-wordlist-fr-alt.ts")
    wordlist = re.findall(r'"[1-6]{5}": "([^"]+)"', words)
    phrase = "-".join(RNG.choice(wordlist) for _ in range(2))
    save("official-contact", "gov-otp", phrase, "OfficialContactEmailVerification",
         "[ProConnect] Authentifier un email sur ProConnect",
         [(">contrit-muscle<", f">{phrase}<"), ("marie.dupont@ville.fr", "noor.tester@example.com"),
          ("Marie", "Noor"), ("Dupont", "Tester"), ("Commune de Michel", "Commune de Saint-Ambroix")],
         "src/managers/organization/official-contact-email-verification.ts",
         note="two diceware words joined by a hyphen (generateDicewarePassword), to copy-paste as shown")  # fmt: skip
    save("add-2fa", "notice", None, "Add2fa", "Double authentification activée",
         [("marie.dupont@example.com", "noor.tester@example.com"), ("Marie", "Noor"), ("Dupont", "Tester")],
         "src/managers/user.ts")  # fmt: skip
    save("welcome", "notice", None, "Welcome", "Votre compte ProConnect a bien été créé",
         [("#/../src/Welcome.stories.tsx", "https://identite.proconnect.example"), ("Marie", "Noor"), ("Dupont", "Tester")],
         "src/managers/organization/join.ts")  # fmt: skip
    token = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(64))
    save("magic-link", "notice", None, "MagicLink", "Lien de connexion à ProConnect",
         [("#/../src/MagicLink.stories.tsx",
           f"https://identite.proconnect.example/users/sign-in-with-magic-link?magic_link_token={token}")],
         "src/managers/user.ts", note="sign-in link only; the token is inside the link")  # fmt: skip


# ---------------------------------------------------------------------------------------
# HCX (Swasth-Digital-Health-Foundation/hcx-platform)

HCX_OTP_COMMIT = "9acb7a8c5ccf81b0d8f3735cfb9317b3dfa7788b"
HCX_PWD_COMMIT = "fdf18c122e3dd5903c4431638d40f7f55ba62aa9"
HCX_TEMPLATES = "hcx-onboard/src/main/resources/templates/"


def hcx(repo: Path) -> None:
    def save(template, kind, code, commit, fill, subject, java, note=None):  # fmt: skip
        path = HCX_TEMPLATES + template + ".ftl"
        body = _show(repo, commit, path)
        for key, value in fill.items():
            assert "${" + key + "}" in body, key
            body = body.replace("${" + key + "}", value)
        assert "${" not in body
        raw = message(sender="HCX Team <no-reply@hcx.example>", subject=subject, text=None,
                      html_part=body, sent=SENT)  # fmt: skip
        ident = f"hcx-{template}-en"
        rel = f"mail/hcx/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item = {
            "id": ident, "group": f"hcx-{template}", "source": "hcx", "lang": "en", "kind": kind,
            "code": code, "repository": "Swasth-Digital-Health-Foundation/hcx-platform",
            "path": f"{path}; {java}; hcx-onboard/src/main/resources/application.yml",
            "commit": commit, "licence": "MIT",
            "rendered": "FreeMarker ${...} filled as the service's model; text/html only; subject default of application.yml",
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest(),
        }  # fmt: skip
        if note:
            item["note"] = note
        ITEMS.append(item)

    participant = "noorclinic.%d@swasth-hcx-dev" % RNG.randint(100000, 999999)  # noqa: UP031
    otp = "%06d" % RNG.randint(0, 999998)  # noqa: UP031
    psvc = "hcx-onboard/src/main/java/org/swasth/hcx/services/ParticipantService.java"
    save("send-otp", "health-otp", otp, HCX_OTP_COMMIT,
         {"USER_NAME": "Noor Clinic", "PARTICIPANT_CODE": participant, "RANDOM_CODE": otp},
         "HCX - Onboarding Started", psvc,
         note=f"participant code {participant} is an identifier; the OTP is the code to enter")  # fmt: skip
    save("onboard-success", "notice", None, HCX_OTP_COMMIT,
         {"USER_NAME": "Noor Clinic", "ONBOARDING_SUCCESS_URL": "https://docs.hcx.example/onboarding/success"},
         "HCX - Onboarding Successful", psvc)  # fmt: skip
    save("identity-success", "notice", None, HCX_OTP_COMMIT, {}, "HCX - Identity Verified", psvc)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%&*"
    password = "".join(RNG.choice(alphabet.replace("&", "")) for _ in range(24))
    save("password-generate", "health-otp", password, HCX_PWD_COMMIT,
         {"PARTICIPANT_NAME": "Noor Clinic", "USERNAME": "noor.tester@example.com", "PASSWORD": password},
         "HCX - Password Generate", "hcx-onboard/src/main/java/org/swasth/hcx/services/OnboardService.java",
         note="generated 24-character password given with the username to use for token generation (drawn here without &, which the unescaped HTML would show differently)")  # fmt: skip


# ---------------------------------------------------------------------------------------
# API dépôt (BaseAdresseNationale/api-depot)

BAN_COMMIT = "8026de9cd6c92dea6eab91d12359cd57cb6ba1a1"


def ban(repo: Path) -> None:
    c = BAN_COMMIT
    api = "https://plateforme.adresse.example/api-depot"

    def save(template, kind, code, data, subject, service, note=None):  # fmt: skip
        path = f"src/email-templates/{template}.hbs"
        body = _handlebars(_show(repo, c, path), data)
        raw = message(sender="adresse.data.gouv.fr <adresse@data.gouv.example>", subject=subject,
                      text=None, html_part=body, sent=SENT)  # fmt: skip
        ident = f"apidepot-{template}-fr"
        rel = f"mail/apidepot/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        item = {
            "id": ident, "group": f"apidepot-{template}", "source": "apidepot", "lang": "fr",
            "kind": kind, "code": code, "repository": "BaseAdresseNationale/api-depot",
            "path": f"{path}; {service}", "commit": c, "licence": "MIT",
            "rendered": "Handlebars template filled with the service's context; HTML only (CSS not inlined)",
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest(),
        }  # fmt: skip
        if note:
            item["note"] = note
        ITEMS.append(item)

    pin = "%06d" % RNG.randint(0, 999_999)  # noqa: UP031
    save("code-pin", "gov-otp", pin, {"apiUrl": api, "nomCommune": "Saint-Ambroix", "pinCode": pin},
         "Demande de code d’identification", "src/modules/habilitation/habilitation.service.ts",
         note="six-digit authentication code under 'Voici votre code :'")  # fmt: skip
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    token = "".join(RNG.choice(chars) for _ in range(32))
    save("new-client", "gov-otp", token,
         {"apiUrl": api, "client.nom": "Mes Adresses", "client.token": token,
          "mandataire.nom": "Noor Tester", "mandataire.email": "noor.tester@example.com",
          "chefDeFile": "", "chefDeFile.nom": "", "chefDeFile.email": ""},
         "Accès à l’API dépôt d’une Base Adresse Locale", "src/modules/client/client.service.ts",
         note="API access token ('Voici votre jeton :') given to the client to use; a credential, labelled as one")  # fmt: skip
    save("partners-on-force-publish", "notice", None,
         {"apiUrl": api, "commune.nom": "Saint-Ambroix", "balId": "6571c3a2f4e8b90012ab34cd"},
         "La commune de Saint-Ambroix a repris la main sur sa Base Adresse Locale",
         "src/modules/revision/notify.service.ts")  # fmt: skip


# ---------------------------------------------------------------------------------------
# LibreClinica (reliatec-gmbh/LibreClinica)

LIBRECLINICA_COMMIT = "0d054777c0a1a798e4d21a73cea6141918ddd512"


def libreclinica(repo: Path) -> None:
    c = LIBRECLINICA_COMMIT
    i18n = "web/src/main/resources/org/akaza/openclinica/i18n/"
    word = _properties(_show(repo, c, i18n + "words.properties"))
    text = _properties(_show(repo, c, i18n + "notes.properties"))
    admin = "web/src/main/java/org/akaza/openclinica/control/admin/"
    url = "https://trials.libreclinica.example/LibreClinica/MainMenu"
    base = "https://trials.libreclinica.example/LibreClinica/"
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    def save(template, code, subject, body, java, note):  # fmt: skip
        raw = message(sender="LibreClinica <libreclinica@trials.example>", subject=subject,
                      text=None, html_part=body, sent=SENT)  # fmt: skip
        ident = f"libreclinica-{template}-en"
        rel = f"mail/libreclinica/{ident}.eml"
        (HERE / rel).parent.mkdir(parents=True, exist_ok=True)
        (HERE / rel).write_bytes(raw)
        ITEMS.append({
            "id": ident, "group": f"libreclinica-{template}", "source": "libreclinica", "lang": "en",
            "kind": "health-otp", "code": code, "repository": "reliatec-gmbh/LibreClinica",
            "path": f"{admin}{java}; {i18n}words.properties; {i18n}notes.properties; core/src/main/java/org/akaza/openclinica/core/SecurityManager.java",
            "commit": c, "licence": "LGPL (source headers: GNU LGPL); repository LICENSE file holds the GPL-3.0 text",
            "rendered": "body string built as the servlet concatenates it from the resource bundles; text/html",
            "file": rel, "sha256": hashlib.sha256(raw).hexdigest(), "note": note,
        })  # fmt: skip

    pw = "".join(RNG.choice(chars) for _ in range(8))
    body = (word["dear"] + " " + "Noor" + " " + "Tester" + ",<br/>\n"
            + text["your_password_has_been_reset_on_openclinica"] + ":<br/><br/>\n\n"
            + word["user_name"] + ": " + "ntester" + "<br/>\n"
            + word["password"] + ": " + pw + "<br/><br/>\n\n"
            + text["please_test_your_login_information_and_let"] + "<br/>\n" + "<a href='"
            + url + "'>" + url + "</a><br/>\n" + text["openclinica_system_administrator"])  # fmt: skip
    save("password-reset", pw, text["your_openclinica_account_password_reset"], body,
         "EditUserAccountServlet.java", "new eight-character password set by the administrator, given with the user name")  # fmt: skip
    pw = "".join(RNG.choice(chars) for _ in range(8))
    body = (word["dear"] + "Noor" + " " + "Tester" + ",<br>"
            + text["your_account_has_been_unlocked_and_password_reset"] + ":<br><br>"
            + word["user_name"] + "ntester" + "<br>" + word["password"] + pw + "<br><br>"
            + text["please_test_your_login_information_and_let"] + "<br>" + "<A HREF='"
            + base + "'>" + base + "</A> <br><br>" + text["openclinica_system_administrator"])  # fmt: skip
    save("unlock", pw, text["your_new_openclinica_account_has_been_restored"], body,
         "UnLockUserServlet.java",
         "the servlet glues 'Password' + tab straight onto the new password (no colon); the password is what follows the tab")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--egov", type=Path, required=True)
    ap.add_argument("--fms", type=Path, required=True)
    ap.add_argument("--digit", type=Path, required=True)
    ap.add_argument("--ottehr", type=Path, required=True)
    ap.add_argument("--proconnect", type=Path, required=True)
    ap.add_argument("--hcx", type=Path, required=True)
    ap.add_argument("--ban", type=Path, required=True)
    ap.add_argument("--libreclinica", type=Path, required=True)
    args = ap.parse_args()
    egov(args.egov)
    fms(args.fms)
    digit(args.digit)
    ottehr(args.ottehr)
    proconnect(args.proconnect)
    hcx(args.hcx)
    ban(args.ban)
    libreclinica(args.libreclinica)
    out = HERE / "round14" / "public.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(ITEMS), "items;", sum(i["code"] is not None for i in ITEMS), "with a code")


if __name__ == "__main__":
    main()
