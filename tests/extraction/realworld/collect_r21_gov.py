"""Round twenty-one, government and public-sector software: sign-in, subscription and
notice mails of public-sector platforms (Singapore's Open Government Products, British
Columbia's NotifyBC, Argentina's Mi Argentina, ...).

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r21_gov.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- opengovsg/starter-kit (MIT), the starter kit of Open Government Products (GovTech
  Singapore) for its public-sector apps: the e-mail OTP sign-in of
  ``apps/web/src/server/modules/auth/auth.service.ts`` (``emailLogin``), sent through
  ``sendMail`` (``mail.service.ts``: Postman, the Singapore government's transactional-mail
  API, whose ``body`` is HTML). The subject ``Sign in to ${url.host}`` and the body template
  literal are read from the source and filled as JavaScript fills them: the prefix of
  ``createVfnPrefix`` (3 of ``ABCDEFGHJKLMNPQRSTUVWXYZ``), the token of ``createVfnToken``
  (``OTP_LENGTH`` 8 of ``23456789ABCDEFGHJKLMNPQRSTUVWXYZ``, ``auth.utils.ts`` and
  ``validators/auth.ts``), the expiry ``issuedAt`` + ``OTP_EXPIRY`` (600 s, ``env.ts``) in
  date-fns ``dd MMM yyyy, h:mmaaa`` (Singapore time). text/html only; From is Postman's
  sender address as an app would configure it (invented). Several apps built on the kit are
  shown, each its own host and values (one group, the same template).

- bcgov/NotifyBC (Apache-2.0), the Province of British Columbia's notification service for
  government sites (subscriptions to road-closure, wildfire, tender and other public
  notices): the e-mails of ``src/config.ts``'s defaults (``subscription.confirmationRequest
  .email``: the confirmation code of ``\\d{5}`` made by ``RandExp``;
  ``duplicatedSubscriptionNotification.email``; ``anonymousUnsubscription.acknowledgements
  .notification.email``) and the duplicate-subscription text ``docs/docs/config/
  subscription.md`` gives for replacing a subscription; each ``{token}`` filled as
  ``CommonService.mailMerge`` (``src/common/common.service.ts``) fills it (service names
  ``pluralize('service', n) + ' ' + toSentence(names)``; URLs ``httpHost + restApiRoot
  ('/api') + '/subscriptions/' + id + ...``); text/plain, and text/plain with text/html for
  the acknowledgement (nodemailer sends both); From the configured default
  ``no_reply@invalid.local`` replaced by an invented provincial address (a deployment sets
  its own), subjects from the config. Every literal is checked to be in the source.

- argob/id-mi-argentina-distro (MIT), the public distribution of the sign-in system (OpenID
  Connect) of Mi Argentina, the Argentine national government's citizen portal: the mails of
  ``id/models.py`` and ``id/modules/api/accounts/views.py`` (account activation, activation
  re-sent, e-mail changed, password reset, account deleted), each ``render_to_string`` of its
  ``id/templates/emails/<name>.html`` by a small Django-template renderer (``{% extends %}``
  with ``{% block %}`` put into ``emails/base.html``, ``{% load %}`` empty, ``{% trans %}``
  literals kept unescaped as Django keeps them (the project ships no translations: Spanish
  only), ``{% get_setting %}`` of a deployment's ``SITE_URL``/``MIAR_URL``, ``{{ var }}``
  escaped); the tokens are ``uuid4().hex.upper()`` inside ``/activar-email/?token=`` or
  ``/password/reset/?token=``; subjects of the ``send_email`` calls; text/html only
  (``content_subtype = 'html'``), From ``SERVER_EMAIL`` of ``id/settings.py``.

- Five more apps of Open Government Products (GovTech Singapore), each MIT (GovTech's MIT
  text with a Singapore-law clause): opengovsg/askgovsg (AskGov, public servants answering
  citizens' questions), opengovsg/checkfirst (CheckFirst, eligibility checkers for
  government schemes), opengovsg/letters (Letters, official letters issued by agencies),
  opengovsg/memos (Memos) and opengovsg/spotlightsg (Spotlight): each app's sign-in OTP
  mail, its HTML body the template literal read from the app's source (JavaScript's
  backslash-newline continuation removed as JavaScript removes it) and its ``${...}`` filled:
  AskGov's ``generateRandomDigits(6)`` and the requester's IP; the others' ``otplib``
  ``totp`` (6 digits) and ``timeLeft`` = ``floor(step / 60)`` (the config's default
  ``OTP_EXPIRY`` 300 s; CheckFirst's step is half of it), CheckFirst's ``appHost``
  (``checkfirst.gov.sg``) and IP; subjects and From as the code sets them (config defaults
  where it reads config: Letters' ``otp.sender_name``/``otp.email``, Memos' ``mailFrom``);
  text/html only. AskGov's other mail, ``sendEnquiry`` (a citizen's enquiry forwarded to
  the agency: subject the question title, text/plain the description, From ``Enquiry via
  AskGov <MAIL_FROM>``), is shown with invented enquiries that carry reference numbers.

- hmrc/hmrc-email-renderer (Apache-2.0), the service that renders HM Revenue & Customs'
  (UK tax authority) e-mails: the confirmation-code mails of its GOV.UK forms (``eeitt``:
  Alternative Dispute Resolution, Challenge a Childcare decision, Coronavirus Job Retention
  Scheme, Corporation Tax dormancy, Import One-Stop Shop, the dynamic code template, CDS,
  P11D, Corporation Tax...), the Government Gateway e-mail verification passcode (``gg``),
  HMRC's e-mail verification code (``cir``), the licence applicant's tax check code
  (``hec``), a retrieved Government Gateway User ID (``lostcredentials``),
  and notices without a code (application and registration confirmations, the Capital Gains
  Tax on UK property verification link), each in English and, where the repository has one,
  Welsh (``_cy``/``Welsh`` templates). Each mail is rendered as ``TemplateRenderer.render``
  does it: the ``.scala.txt`` and ``.scala.html`` Twirl templates by a small Twirl renderer
  (output after the signature; ``@params("k")`` and ``@{params("k")}`` filled, escaped in
  HTML as Twirl escapes; the txt footers ``template_footer``/``_cy``; the HTML body put in
  ``helpers/template_main.scala.html`` with its ``@if`` branches chosen by the call's
  arguments (``isWelsh``, ``showHeading1``), its ``@title``, the common parameters of
  ``conf/application.conf`` ``templates.config`` and ``footer_image``); subject and From of
  the template's ``MessageTemplate.create`` in ``<service>Templates.scala`` (From
  ``FromAddress.noReply(name)`` at ``tax.service.gov.uk``; dynamic subjects their default);
  text/plain and text/html. Codes: the forms' ``confirmationCode`` in the shape of the
  renderer's own preview parameters (``app/preview/TemplateParams.scala``: four capital
  consonants, ``HGDY``) and the passcode in the shape of its ``examples/GG.scala``
  (six capital consonants, ``NVFYRY``); submission references in the preview's shape
  (``NC38-N2ZC-TH68``).

- opendatateam/udata (AGPL-3.0), the open-data portal software behind data.gouv.fr (the
  French government's open-data platform, Etalab): account and organization mails of
  ``udata/core/user/mails.py`` and ``udata/core/organization/mails.py`` (account deleted,
  inactive account deleted, membership request / accepted / refused, organization certified
  / identified as a public service), each ``MailMessage`` rendered as ``udata/mail.py``
  ``send_mail`` does it: ``mail/message.txt`` and ``mail/message.html`` with Jinja2 (Flask's
  defaults: HTML autoescaped, ``_()`` the i18n extension's new-style gettext), the lazy
  strings through the language's ``udata/translations/<l>/LC_MESSAGES/udata.po`` (fuzzy
  entries left out, as ``pybabel compile`` leaves them; untranslated ones stay English),
  ``ParagraphWithLinks`` made a link as its ``html`` property makes it, URLs by ``cdata_url``
  of a deployment's ``CDATA_BASE_URL``; en and fr (the only language that translates every
  string used); text/plain and text/html; From a deployment's ``MAIL_DEFAULT_SENDER``
  (invented), ``SITE_TITLE`` ``data.gouv.fr``.

- betagouv/Aidants_Connect (MIT), the French State's service (ANCT) that lets accredited
  helpers carry out online procedures on behalf of citizens: the habilitation (accreditation)
  mails — e-mail address confirmation (``aidants_connect_habilitation/signals.py``,
  ``email/email_confirmation.txt``) and the request accepted / refused mails of
  ``aidants_connect_habilitation/admin.py`` (``demande_acceptee.txt`` /
  ``demande_refusee.txt`` put into ``email/empty.txt`` as ``send_acceptance_email`` does),
  rendered by a small Django-template renderer (``{{ a.b }}`` escaped as Django escapes it,
  the already-rendered body kept safe); subjects and From of the code and
  ``aidants_connect/settings.py`` defaults (``SUPPORT_EMAIL``); the habilitation number
  ``int(zipcode[:3] + generate_new_datapass_id())``. Only the text/plain part is reproduced
  (the HTML alternative is MJML compiled by ``mjml2html``); French only.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import re
import subprocess
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 6, 41, 17, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round21" / "gov.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, sent=SENT):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=sent)
    ident = f"{source}-{template}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    group = f"{source}-{template.rsplit('-', 1)[0]}" if template[-1].isdigit() else None
    item = {
        "id": ident, "group": group or f"{source}-{template}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# OGP starter kit

SK_REPO = "opengovsg/starter-kit"
SK_COMMIT = "bff7fbc9cd180764426121d640708c858f347353"
SK_PATH = "apps/web/src/server/modules/auth/auth.service.ts"
SGT = timezone(timedelta(hours=8))
# (host, sender name, prefix, token, minutes after SENT)
SK_APPS = [
    ("permits.hdb-renovation.example.gov.sg", "Renovation Permits", "KQT", "7RZ4M2XH", 0),
    ("grants.community-fund.example.gov.sg", "Community Grants", "BWN", "M8F3KP2A", 37),
    ("licences.food-stalls.example.gov.sg", "Hawker Stall Licensing", "HAP", "2QW9NNE5", 95),
    ("checkin.polling-stations.example.gov.sg", "Polling Station Check-in", "ZEC", "AAC6TJ7V",
     214),
    ("claims.civil-service.example.gov.sg", "Staff Claims", "RMD", "5HX8D3UL", 402),
]  # fmt: skip


def _date_fns(d: datetime) -> str:
    """date-fns ``dd MMM yyyy, h:mmaaa``."""
    hour = d.hour % 12 or 12
    return f"{d:%d %b %Y}, {hour}:{d:%M}{'am' if d.hour < 12 else 'pm'}"


def starter_kit() -> None:
    src = _show(SK_REPO, SK_COMMIT, SK_PATH)
    subj_tpl = re.search(r"subject: `([^`]*)`", src).group(1)
    body_tpl = re.search(r"body: `([^`]*)`", src, flags=re.S).group(1)
    assert subj_tpl == "Sign in to ${url.host}"
    for i, (host, name, prefix, token, minutes) in enumerate(SK_APPS, 1):
        sent = SENT + timedelta(minutes=minutes)
        expiry = (sent + timedelta(seconds=600)).astimezone(SGT)
        body = body_tpl.replace("${otpPrefix}", prefix).replace("${token}", token)
        body = re.sub(r"\$\{format\(\s*expiry,\s*'dd MMM yyyy, h:mmaaa'\s*\)\}",
                      _date_fns(expiry), body)  # fmt: skip
        assert "${" not in body
        _save(
            source="ogp-starter-kit", template=f"email-otp-{i}", lang="en", kind="gov-otp",
            code=token, repository=SK_REPO,
            path=f"{SK_PATH}; apps/web/src/server/modules/auth/auth.utils.ts; "
            "apps/web/src/validators/auth.ts; apps/web/src/env.ts", commit=SK_COMMIT,
            licence="MIT",
            rendered="subject and body template literal read from the source and filled as "
            "JavaScript fills them (date-fns format reproduced); text/html only (Postman body)",
            sender=f"{name} <donotreply@mail.postman.gov.sg>", subject=f"Sign in to {host}",
            text=None, html_part=body, sent=sent,
            note=f"the OTP is shown as {prefix}-{token}: the 3-letter prefix is only for "
            "matching the mail to the sign-in page (the page shows it beside the input); the "
            "person types the 8-character token in bold",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# NotifyBC

NB_REPO = "bcgov/NotifyBC"
NB_COMMIT = "24343c02cff5eb37cc32afcc78b75a0b556dc9b6"
NB_HOST = "https://notify.example.gov.bc.ca"
NB_SENDER = "Government of B.C. Notifications <no_reply@notify.example.gov.bc.ca>"
NB_CONFIRM = "Enter {subscription_confirmation_code} on screen"
NB_DUP = (
    "A duplicated subscription was submitted and rejected. You will continue receiving "
    "notifications. If the request was not created by you, please ignore this message."
)
NB_DUP_REPLACE = (
    "A duplicated subscription was submitted. If the request is not submitted by you, please "
    "ignore this message. Otherwise if you want to replace existing subscription with this "
    "one, click {subscription_confirmation_url}&replace=true."
)
NB_UNSUB_TEXT = (
    "This is to acknowledge you have been un-subscribed from receiving notification for "
    "{unsubscription_service_names}. If you did not authorize this change or if you changed "
    "your mind, open {unsubscription_reversion_url} to revert."
)
NB_UNSUB_HTML = (
    "This is to acknowledge you have been un-subscribed from receiving notification for "
    "{unsubscription_service_names}. If you did not authorize this change or if you changed "
    'your mind, click <a href="{unsubscription_reversion_url}">here</a> to revert.'
)


def _nb_merge(text: str, sub: dict) -> str:
    names = [sub["service"], *sub.get("more", [])]
    sentence = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    base = f"{NB_HOST}/api/subscriptions/{sub['id']}"
    values = {
        "subscription_confirmation_code": sub.get("code", ""),
        "unsubscription_service_names": ("service " if len(names) == 1 else "services ") + sentence,
        "subscription_confirmation_url": f"{base}/verify?confirmationCode={sub.get('code')}",
        "unsubscription_reversion_url": f"{base}/unsubscribe/undo?unsubscriptionCode="
        f"{sub['unsub']}",
    }
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    assert "{" not in text.replace("{}", "")
    return text


def notifybc() -> None:
    config = _show(NB_REPO, NB_COMMIT, "src/config.ts")
    docs = _show(NB_REPO, NB_COMMIT, "docs/docs/config/subscription.md")
    for literal in (NB_CONFIRM, NB_DUP, NB_UNSUB_TEXT, NB_UNSUB_HTML):
        assert literal in re.sub(r"'\s*\+?\s*\n\s*'?", "", config), literal[:40]
    assert NB_DUP_REPLACE in docs
    common = dict(source="notifybc", lang="en", repository=NB_REPO, commit=NB_COMMIT,
                  licence="Apache-2.0", sender=NB_SENDER)  # fmt: skip
    merge = "tokens filled as CommonService.mailMerge fills them"
    subs = [
        {"id": "6571c3e2a9f04b1d8e2c7a15", "service": "Highway 1 Road Closures",
         "code": "40718", "unsub": "93152"},
        {"id": "6571c8f0b2e14c7a9d3e5b20", "service": "BC Bid Tender Notices",
         "code": "58236", "unsub": "27409"},
        {"id": "6571d104c6a24e9b8f1a3c47", "service": "Wildfire Evacuation Alerts",
         "code": "09514", "unsub": "61873"},
    ]  # fmt: skip
    for i, sub in enumerate(subs, 1):
        _save(
            template=f"confirmation-{i}", kind="gov-otp", code=sub["code"],
            path="src/config.ts (subscription.confirmationRequest.email); "
            "src/common/common.service.ts; src/api/subscriptions/subscriptions.controller.ts",
            rendered=f"config default text; {merge}; text/plain",
            subject="Subscription confirmation", text=_nb_merge(NB_CONFIRM, sub),
            html_part=None, sent=SENT + timedelta(hours=i),
            note="the 5-digit subscription confirmation code (RandExp of \\d{5}) to enter "
            "on screen; it can start with 0",
            **common,
        )  # fmt: skip
    _save(
        template="duplicated", kind="notice", code=None,
        path="src/config.ts (subscription.duplicatedSubscriptionNotification.email)",
        rendered="config default text; text/plain", subject="Duplicated Subscription",
        text=NB_DUP, html_part=None, sent=SENT + timedelta(hours=4),
        note="a duplicated subscription rejected; no code", **common,
    )  # fmt: skip
    _save(
        template="duplicated-replace", kind="notice", code=None,
        path="docs/docs/config/subscription.md (duplicatedSubscriptionNotification example)",
        rendered=f"the documented configuration text; {merge}; text/plain",
        subject="Duplicated Subscription", text=_nb_merge(NB_DUP_REPLACE, subs[1]),
        html_part=None, sent=SENT + timedelta(hours=5),
        note="a duplicated subscription that can replace the existing one; the confirmation "
        "code 58236 is only inside the link, so no code", **common,
    )  # fmt: skip
    unsubs = [subs[0], {**subs[2], "more": ["Air Quality Advisories", "Flood Warnings"]}]
    for i, sub in enumerate(unsubs, 1):
        _save(
            template=f"unsubscribed-{i}", kind="notice", code=None,
            path="src/config.ts (anonymousUnsubscription.acknowledgements.notification.email)",
            rendered=f"config default text and html; {merge}; text/plain and text/html",
            subject="Un-subscription acknowledgement", text=_nb_merge(NB_UNSUB_TEXT, sub),
            html_part=_nb_merge(NB_UNSUB_HTML, sub), sent=SENT + timedelta(hours=5 + i),
            note="un-subscription acknowledged; the un-subscription code is only inside the "
            "revert link; no code", **common,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Mi Argentina (ID)

AR_REPO = "argob/id-mi-argentina-distro"
AR_COMMIT = "ba013f8a06d4b68464a599a1bfaad917e801eeef"
AR_SENDER = "Mi Argentina <contacto@mailsender.com>"
AR_SETTINGS = {"SITE_URL": "https://id.argentina.gob.ar", "MIAR_URL": "https://mi.argentina.gob.ar"}


def _dj_escape(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))  # fmt: skip


def _dj_render(name: str, context: dict) -> str:
    child = _show(AR_REPO, AR_COMMIT, f"id/templates/emails/{name}")
    base = _show(AR_REPO, AR_COMMIT, "id/templates/emails/base.html")
    assert child.startswith('{% extends "emails/base.html" %}')
    blocks = dict(re.findall(r"{% block (\w+) %}(.*?){% endblock %}", child, flags=re.S))
    out = re.sub(r"{% block (\w+) %}{% endblock %}", lambda m: blocks.get(m.group(1), ""), base)
    out = re.sub(r"{% load [\w ]+ %}", "", out)
    out = re.sub(r"{% trans '([^']*)' %}", lambda m: m.group(1), out)
    out = re.sub(r"{% get_setting '(\w+)' %}", lambda m: _dj_escape(AR_SETTINGS[m.group(1)]), out)
    out = re.sub(r"{{ (\w+) }}", lambda m: _dj_escape(context[m.group(1)]), out)
    assert "{%" not in out and "{{" not in out, name
    return out


def mi_argentina() -> None:
    email = "juana.gimenez@example.com.ar"
    site = AR_SETTINGS["SITE_URL"]
    tokens = ["9F2C41A7E05B4D8C93A6B1E07D5F2C48", "3B7E90D2C64A4F1E8A05D9C2B7163E4F",
              "C05A8E13F7294B6D9E2A41C8F3B0D75E", "71D4B8E2A9C34F05B6E1D0A7C3F2984B"]  # fmt: skip
    mails = [
        ("activation", "email_activation.html", "Activá tu cuenta.", "id/models.py "
         "(send_activation_email)",
         {"first_name": "Juana", "id_number": email,
          "activation_url": f"/activar-email/?token={tokens[0]}",
          "next": AR_SETTINGS["MIAR_URL"]},
         "account activation; the activation token is only inside the link; the bold "
         "'número de' value is the account's username, which create_id_user sets to the "
         "e-mail address; no code"),
        ("activation-resent", "resend_email_activation.html",
         "Activá tu cuenta de Mi Argentina.", "id/models.py (resend_activation_email)",
         {"activation_url": f"/activar-email/?token={tokens[1]}",
          "next": AR_SETTINGS["MIAR_URL"]},
         "activation mail re-sent; the token is only inside the link; no code"),
        ("email-changed", "send_email_changed.html", "Activá tu cuenta de Mi Argentina.",
         "id/models.py (send_email_changed)",
         {"activation_url": f"/activar-email/?token={tokens[2]}",
          "next": AR_SETTINGS["MIAR_URL"]},
         "confirm the changed e-mail address; the token is only inside the link; no code"),
        ("password-reset", "password_reset.html", "Cambiá tu contraseña",
         "id/models.py (reset_password)",
         {"first_name": "Juana", "reset_url": f"/password/reset/?token={tokens[3]}"},
         "password reset; the token is only inside the link; no code"),
        ("account-deleted", "account_deleted.html", "Borraste tu cuenta de Mi Argentina.",
         "id/modules/api/accounts/views.py (MeViewSet.delete)", {},
         "account deleted; no code"),
    ]  # fmt: skip
    for i, (template, name, subject, caller, context, note) in enumerate(mails):
        body = _dj_render(name, context)
        assert site in body or template == "account-deleted"
        _save(
            source="mi-argentina-id", template=template, lang="es", kind="notice", code=None,
            repository=AR_REPO, path=f"id/templates/emails/{name}; id/templates/emails/"
            f"base.html; {caller}; id/utils/emails.py", commit=AR_COMMIT, licence="MIT",
            rendered="Django template by a small renderer (extends/block into base.html, "
            "trans literals unescaped, get_setting of a deployment's URLs, variables "
            "escaped); text/html only",
            sender=AR_SENDER, subject=subject, text=None, html_part=body,
            sent=SENT + timedelta(hours=8 + i), note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Open Government Products apps (AskGov, CheckFirst, Letters, Memos, Spotlight)

# source, repo, commit, path, start of the template literal, subject, From, values, codes
OGP_APPS = [
    ("askgov", "opengovsg/askgovsg", "03b4ca8727cc8b0a5393f1b45a6f822a74f62a02",
     "server/src/modules/mail/mail.util.ts", "Your OTP for AskGov is",
     "One-Time Password for AskGov", "donotreply@mail.ask.gov.sg",
     [{"otp": "418207", "ip": "116.86.14.203"}, {"otp": "093561", "ip": "203.127.50.38"},
      {"otp": "775140", "ip": "2406:3003:2007:1b4f::7a2"}]),
    ("checkfirst", "opengovsg/checkfirst", "9671b26fa77a715b1f551430d8a86f7658d4040c",
     "src/server/auth/AuthService.ts", "Your OTP is",
     "One-Time Password (OTP) for CheckFirst",
     "CheckFirst.gov.sg <donotreply@mail.checkfirst.gov.sg>",
     [{"otp": "602918", "timeLeft": "2", "this.appHost": "checkfirst.gov.sg",
       "ip": "175.156.201.77"},
      {"otp": "051374", "timeLeft": "2", "this.appHost": "checkfirst.gov.sg",
       "ip": "8.29.231.14"}]),
    ("ogp-letters", "opengovsg/letters", "8997a8c7183cbe3773a776c49c7dd6ca85e2870e",
     "backend/src/auth/auth.service.ts", "Your OTP is",
     "One-Time Password (OTP) for Letters", "Letters <donotreply@mail.postman.gov.sg>",
     [{"token": "284630", "timeLeft": "5"}, {"token": "917402", "timeLeft": "5"}]),
    ("ogp-memos", "opengovsg/memos", "b78dc1c771af4aa59345b7a6e345ad536aaafec2",
     "backend/src/auth/auth.service.ts", "Your OTP is", "One-Time Password (OTP) for Memo",
     "donotreply@memo.hack.gov.sg", [{"token": "530817", "timeLeft": "5"}]),
    ("spotlightsg", "opengovsg/spotlightsg", "ffeb369af78bbba3efdaac259d92f52d489cfdb5",
     "backend/src/auth/auth.service.ts", "Your OTP is",
     "One-Time Password (OTP) for Spotlight", "Spotlight <donotreply@spotlight.hack.gov.sg>",
     [{"token": "746095", "timeLeft": "5"}]),
]  # fmt: skip


def _template_literal(src: str, start: str) -> str:
    i = src.index("`" + start) + 1
    return src[i : src.index("`", i)].replace("\\\n", "")


def ogp_apps() -> None:
    hour = 10
    for source, repo, commit, path, start, subject, sender, fills in OGP_APPS:
        src = _show(repo, commit, path)
        where = src if source != "askgov" else _show(repo, commit, path.replace("util", "service"))
        assert subject in where or "sender_name" in where, source
        tpl = _template_literal(src, start)
        for i, values in enumerate(fills, 1):
            body = re.sub(r"\$\{([\w.]+)\}", lambda m, v=values: v[m.group(1)], tpl)
            assert "${" not in body
            code = values.get("otp") or values["token"]
            hour += 1
            _save(
                source=source, template=f"login-otp-{i}", lang="en", kind="gov-otp",
                code=code, repository=repo, commit=commit, licence="MIT",
                path=path + ("; server/src/modules/mail/mail.service.ts (sendLoginOtp)"
                             if source == "askgov" else ""),
                rendered="the HTML template literal read from the source with its ${...} "
                "filled; subject and From as the code sets them; text/html only",
                sender=sender, subject=subject, text=None, html_part=body,
                sent=SENT + timedelta(hours=hour, minutes=7 * i),
                note="the 6-digit sign-in OTP in bold"
                + ("; an IP address follows it" if "ip" in values else ""),
            )  # fmt: skip
    # AskGov's forwarded enquiry
    repo, commit = "opengovsg/askgovsg", "03b4ca8727cc8b0a5393f1b45a6f822a74f62a02"
    svc = _show(repo, commit, "server/src/modules/mail/mail.service.ts")
    assert "from: `Enquiry via AskGov <${this.mailFromEmail}>`" in svc
    enquiries = [
        ("Baby Bonus cash gift not credited",
         "Hello, I applied for the Baby Bonus for my son born on 14 Sep 2026 (application "
         "ref BB-2026-0918-4471). The first cash gift of $3,000 was supposed to be credited "
         "by 15 Nov but I have not received it in my DBS account ending 6620. Could you check "
         "the status? My contact number is 9123 4587.\n\nThank you,\nSiti Rahmah"),
        ("Renewal of hawker stall licence - stall 01-245",
         "Dear Sir/Madam,\n\nMy hawker stall licence (licence no. PH/24/018832) at Block 85 "
         "Bedok North Road, stall 01-245, expires on 31 Jan 2027. The renewal page says to "
         "enter a GIRO reference but I only have the payment advice number 7043 1186 52. "
         "Which one should I use?\n\nRegards,\nTan Boon Huat"),
    ]  # fmt: skip
    for i, (title, description) in enumerate(enquiries, 1):
        _save(
            source="askgov", template=f"enquiry-{i}", lang="en", kind="notice", code=None,
            repository=repo, path="server/src/modules/mail/mail.service.ts (sendEnquiry)",
            commit=commit, licence="MIT",
            rendered="sendEnquiry's mail: subject the question title, text/plain the "
            "description (invented enquiry); From as the code sets it",
            sender="Enquiry via AskGov <donotreply@mail.ask.gov.sg>", subject=title,
            text=description, html_part=None, sent=SENT + timedelta(hours=20, minutes=i),
            note="a citizen's enquiry forwarded to the agency; its application, licence and "
            "payment numbers are references, no code",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# HMRC email renderer

HM_REPO = "hmrc/hmrc-email-renderer"
HM_COMMIT = "a7bc52fc142fa07088bab25da3122e3ea1496007"
HM_T = "app/uk/gov/hmrc/hmrcemailrenderer/templates"
HM_COMMON = {
    "staticAssetUrlPrefix": "https://www.tax.service.gov.uk",
    "staticAssetVersion": "/assets/2.230.0",
    "staticHmrcFrontendVersion": "/assets/hmrc-frontend/6.86.0",
    "borderColour": "005EA5",
}


def _twirl_escape(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))  # fmt: skip


def _after_signature(src: str, signature: str) -> str:
    i = src.index(signature)
    return src[i + len(signature) :]


def _matching(src: str, i: int) -> int:
    """Index of the brace closing the one at ``src[i]``."""
    depth = 0
    for j in range(i, len(src)):
        if src[j] == "{":
            depth += 1
        elif src[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced")


def _twirl_ifs(src: str, conds: dict) -> str:
    out = []
    i = 0
    while (k := src.find("@if(", i)) >= 0:
        out.append(src[i:k])
        close = src.index(")", k)
        cond = conds[src[k + 4 : close]]
        open1 = src.index("{", close)
        end1 = _matching(src, open1)
        branch, rest = src[open1 + 1 : end1], end1 + 1
        m = re.match(r"\s*else\s*\{", src[rest:])
        other = ""
        if m:
            open2 = rest + m.end() - 1
            end2 = _matching(src, open2)
            other, rest = src[open2 + 1 : end2], end2 + 1
        out.append(_twirl_ifs(branch if cond else other, conds))
        i = rest
    out.append(src[i:])
    return "".join(out)


def _hm_params(text: str, params: dict, escape) -> str:
    text = re.sub(r'@\{params\("(\w+)"\)\}', lambda m: escape(params[m.group(1)]), text)
    return re.sub(r'@params\("(\w+)"\)', lambda m: escape(params[m.group(1)]), text)


def _hm_txt(name: str, params: dict) -> str:
    src = _show(HM_REPO, HM_COMMIT, f"{HM_T}/{name}.scala.txt").replace("@@", "\0")
    body = _hm_params(_after_signature(src, "@(params: Map[String, Any])"), params, str)
    for foot in ("template_footer_cy", "template_footer"):
        call = "@{uk.gov.hmrc.hmrcemailrenderer.templates.helpers.txt." + foot + "()}"
        if call in body:
            text = _after_signature(_show(HM_REPO, HM_COMMIT, f"{HM_T}/helpers/{foot}.scala.txt"),
                                    "@()")  # fmt: skip
            body = body.replace(call, text)
    assert "@" not in body, name
    return body.replace("\0", "@")


def _hm_html(name: str, params: dict) -> str:
    src = _show(HM_REPO, HM_COMMIT, f"{HM_T}/{name}.scala.html").replace("@@", "\0")
    src = _after_signature(src, "@(params: Map[String, Any])")
    call = "@uk.gov.hmrc.hmrcemailrenderer.templates.helpers.html.template_main("
    k = src.index(call)
    m = re.compile(r'params, "([^"]*)"((?:, \w+ = \w+)*)\)').match(src, k + len(call))
    title, args, args_end = m.group(1), m.group(2), m.end()
    named = dict(re.findall(r"(\w+) = (\w+)", args))
    open1 = src.index("{", args_end)
    end1 = _matching(src, open1)
    content = _hm_params(src[open1 + 1 : end1], params, _twirl_escape)
    main = _show(HM_REPO, HM_COMMIT, f"{HM_T}/helpers/template_main.scala.html")
    sig = main[main.index("@(params: Map[String, Any], title") :]
    main = sig[sig.index("(content: Html)") + len("(content: Html)") :]
    conds = {
        "isWelsh": named.get("isWelsh") == "true",
        "showHmrcBanner": named.get("showHmrcBanner", "true") == "true",
        "showHeading1": named.get("showHeading1", "true") == "true",
        "footerMessage.isDefined": False,
    }
    main = _twirl_ifs(main, conds)
    image = _after_signature(_show(HM_REPO, HM_COMMIT, f"{HM_T}/helpers/footer_image.scala.html"),
                             "@(params: Map[String, Any])")  # fmt: skip
    main = main.replace("@uk.gov.hmrc.hmrcemailrenderer.templates.helpers.html.footer_image(params)",
                        _hm_params(image, HM_COMMON, _twirl_escape))  # fmt: skip
    main = _hm_params(main, HM_COMMON, _twirl_escape)
    main = main.replace("@title", _twirl_escape(title))
    main = main.replace("@content", content)
    out = src[:k] + main + src[end1 + 1 :]
    assert "@" not in out, name
    return out.replace("\0", "@")


def _hm_registry() -> dict:
    """txt template name -> (templateId, From, subject) of every MessageTemplate.create."""
    reg = {}
    for service in ("eeitt/EeittTemplates.scala", "gg/GgTemplates.scala",
                    "cgtpd/CgtpdTemplates.scala", "cir/CirTemplates.scala",
                    "hec/HecTemplates.scala",
                    "lostcredentials/LostCredentialsTemplates.scala"):  # fmt: skip
        src = _show(HM_REPO, HM_COMMIT, f"{HM_T}/{service}")
        named = dict(re.findall(r'val (\w+): String = (FromAddress\.noReply\("[^"]+"\))', src))
        defaults = dict(re.findall(r'val (\w+): Map\[String, String\] => String =\s*'
                                   r'_\.getOrElse\("\w+", "([^"]*)"\)', src))  # fmt: skip
        for block in re.split(r"MessageTemplate\.create(?:WithDynamicSubject)?\(", src)[1:]:
            tid = re.search(r'templateId\s*=\s*"([^"]+)"', block).group(1)
            frm = re.search(r"fromAddress\s*=\s*([^,]+),", block).group(1).strip()
            frm = named.get(frm, frm)
            sub = re.search(r'subject\s*=\s*(?:"([^"]*)"|(\w+))', block, flags=re.S)
            name = re.search(r"plainTemplate\s*=\s*txt\.(\w+)\.f", block).group(1)
            if frm == "govUkTeamAddress":
                frm = "Gov.uk Team"
            elif frm == "govUkTeamAddressWelsh":
                frm = "Gov.uk Tîm"
            else:
                frm = re.fullmatch(r'FromAddress\.noReply\("([^"]+)"\)', frm).group(1)
            subject = sub.group(1) if sub.group(1) is not None else defaults[sub.group(2)]
            reg.setdefault(name, (tid, f"{frm} <noreply@tax.service.gov.uk>", subject))
    return reg


def hmrc() -> None:
    reg = _hm_registry()
    dyn_en = {
        "emailHeading": "Confirm your email address",
        "emailFormName": "Apply for Alternative Dispute Resolution to settle a tax dispute",
        "emailContact": "HMRC",
        "emailTeam": "HMRC Alternative Dispute Resolution team",
    }
    dyn_cy = {
        "emailHeading": "Cadarnhau’ch cyfeiriad e-bost",
        "emailFormName": "Gwneud cais am Ddull Amgen o Ddatrys Anghydfod (ADR) i setlo "
        "anghydfod treth",
        "emailContact": "CThEF",
        "emailTeam": "Tîm Ddull Amgen o Ddatrys Anghydfod",
    }
    # (group, template en, template cy, kind, params en, params cy, code key, note)
    mails = [
        ("gg-passcode", "gg/EmailVerificationPasscode", "gg/EmailVerificationPasscodeWelsh",
         "gov-otp", {"passcode": "KQDTZW", "team_name": "Government Gateway"},
         {"passcode": "BHXRMP", "team_name": "Government Gateway"}, "passcode",
         "the Government Gateway e-mail confirmation code (six capital consonants)"),
        ("adr-code", "eeitt/adrCode", "eeitt/adrCode_cy", "gov-otp",
         {"confirmationCode": "PXKT"}, {"confirmationCode": "GMWB"}, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("childcare-code", "eeitt/challengeChildcareCode", "eeitt/challengeChildcareCode_cy",
         "gov-otp", {"confirmationCode": "TRZF"}, {"confirmationCode": "NDSQ"},
         "confirmationCode", "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("cjrs-code", "eeitt/cjrsCode", "eeitt/cjrsCode_cy", "gov-otp",
         {"confirmationCode": "HWLC"}, {"confirmationCode": "ZBVK"}, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("ct-dormancy-code", "eeitt/ctDormancyCode", "eeitt/ctDormancyCode_cy", "gov-otp",
         {"confirmationCode": "MJRP"}, {"confirmationCode": "CFXT"}, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("ioss-code", "eeitt/iossCode", "eeitt/iossCode_cy", "gov-otp",
         {"confirmationCode": "VGKS"}, {"confirmationCode": "QPHD"}, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("dynamic-code", "eeitt/dynamicCodeTemplate", "eeitt/dynamicCodeTemplate_cy",
         "gov-otp", {**dyn_en, "confirmationCode": "LSBW"},
         {**dyn_cy, "confirmationCode": "RKZN"}, "confirmationCode",
         "the dynamic code template of GOV.UK forms (form name, contact and team filled); "
         "four capital letters"),
        ("cds-code", "eeitt/cdsCode", None, "gov-otp", {"confirmationCode": "DWHT"}, None,
         "confirmationCode", "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("p11d-code", "eeitt/p11dCode", None, "gov-otp", {"confirmationCode": "FZMC"}, None,
         "confirmationCode", "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("ct-code", "eeitt/corporationTaxCode", None, "gov-otp",
         {"confirmationCode": "XNPG"}, None, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters)"),
        ("elcb-code", None, "eeitt/elcbCode_cy", "gov-otp", None,
         {"confirmationCode": "BTJV"}, "confirmationCode",
         "a GOV.UK form's e-mail confirmation code (four capital letters); Welsh only in the "
         "repository"),
        ("adr-confirmation", "eeitt/adrConfirmation", None, "notice",
         {"customerName": "Priya Raman", "submissionReference": "KX47-T9QB-2MWD"}, None, None,
         "ADR application received; the submission reference (grouped) is a reference, no "
         "code; a phone number follows"),
        ("c117-confirmation", "eeitt/c117ApplicationConfirmation",
         "eeitt/c117ApplicationConfirmation_cy", "notice",
         {"customerName": "Gareth Morgan", "submissionReference": "RB62-7HNC-WQ3F"},
         {"customerName": "Gareth Morgan", "submissionReference": "JD95-MXK4-8TPL"}, None,
         "application received with its submission reference; no code"),
        ("al-registration", "eeitt/alRegistrationConfirmation",
         "eeitt/alRegistrationConfirmation_cy", "notice", {}, {}, None,
         "Aggregates Levy registration received; no code"),
        ("apd-registration", "eeitt/apdRegistrationConfirmation",
         "eeitt/apdRegistrationConfirmation_cy", "notice", {}, {}, None,
         "Air Passenger Duty registration received; no code"),
        ("cgtpd-verification", "cgtpd/cgtpdEmailVerification",
         "cgtpd/cgtpdEmailVerification_cy", "notice",
         {"name": "Eleanor Hughes",
          "verificationLink": "https://www.tax.service.gov.uk/capital-gains-tax-uk-property/"
          "verify-email/3f1c9a7e-52b4-4d0e-9c61-8a2e7b5d04f3"},
         {"name": "Eleanor Hughes",
          "verificationLink": "https://www.tax.service.gov.uk/capital-gains-tax-uk-property/"
          "verify-email/b84e2d19-6c7a-4f35-a0d2-19e5c3f7a68b"}, None,
         "e-mail address verification by a link only; no code"),
        ("cds-confirmation", "eeitt/cdsConfirmation", None, "notice",
         {"customerName": "Oliver Bennett", "submissionReference": "TQ83-WX5N-6KRB",
          "emailTeam": "HMRC Customs Declaration Service team"}, None, None,
         "CDS query received: reference number and a helpline number; no code"),
        ("ct-dormancy-confirmation", "eeitt/ctDormancyConfirmation", None, "notice",
         {"customerName": "Aisha Khan", "submissionReference": "MF29-J4DP-XT71"}, None, None,
         "dormancy notice received with its submission reference; no code"),
        ("ioss-confirmation", "eeitt/iossConfirmation", "eeitt/iossConfirmation_cy", "notice",
         {"businessName": "Pennant Imports Ltd", "customerName": "Rhys Evans",
          "submissionReference": "WB56-LK8Q-D2HN"},
         {"businessName": "Mewnforion Pennant Cyf", "customerName": "Rhys Evans",
          "submissionReference": "CZ41-9PTM-H6VR"}, None,
         "Import One-Stop Shop registration notice received with its reference; no code"),
        ("gb-eori-confirmation", "eeitt/gbEORIConfirmation", None, "notice",
         {"customerName": "Hannah Clarke", "submissionReference": "PL72-N3WK-5BXC"}, None, None,
         "EORI application received with its reference; no code"),
        ("creative-confirmation", "eeitt/creativeIndustriesConfirmation", None, "notice",
         {"companyName": "Northlight Animation Ltd", "customerName": "Sam Fielding",
          "submissionReference": "HD38-QZ6T-R9MF"}, None, None,
         "creative industries claim received with its reference; no code"),
        ("cir-return", "eeitt/cirReturnConfirmation", "eeitt/cirReturnConfirmation_cy",
         "notice", {}, {}, None, "Corporate Interest Restriction return received; no code"),
        ("apd-return", "eeitt/apdReturnConfirmation", "eeitt/apdReturnConfirmation_cy",
         "notice", {}, {}, None, "Air Passenger Duty return received; no code"),
        ("consultation-complaint", "eeitt/consultationComplaintConfirmation", None, "notice",
         {"customerName": "Margaret Doyle",
          "consultationName": "Tackling non-compliance in the umbrella company market"},
         None, None, "consultation complaint received; no code"),
        ("cir-verification", "cir/EmailVerification", "cir/EmailVerificationWelsh",
         "gov-otp", {"verification_code": "HQMXRV"}, {"verification_code": "TZKWPL"},
         "verification_code", "HMRC's e-mail verification service code (six capital "
         "letters, the shape of the preview's ABCDEF)"),
        ("hec-tax-check-code", "hec/hecTaxCheckCode", "hec/hecTaxCheckCode_cy", "gov-otp",
         {"currentDate": "3 December 2026", "licenceType": "Taxi and private hire driver",
          "hecTaxCheckCode": "TK7 MWD 4PX", "expiresAfter": "2 April 2027"},
         {"currentDate": "3 Rhagfyr 2026",
          "licenceType": "Gyrrwr tacsis a cherbydau hurio preifat",
          "hecTaxCheckCode": "BR2 QHN 9XZ", "expiresAfter": "2 Ebrill 2027"},
         "hecTaxCheckCode", "the tax check code a licence applicant gives the licensing body "
         "(shown in groups of three, as the preview's FK9 BRG 2JJ); the spaces are for "
         "reading, so the code is labelled without them"),
        ("gg-user-id", "lostcredentials/lostCredentialsRetrieveUseridNotificationEmail", None,
         "gov-otp", {"full_name": "Daniel Price", "user_id": "483920175614"}, None,
         "user_id", "a retrieved Government Gateway User ID (12 digits, the preview's shape), "
         "a generated credential the person types to sign in ('you'll need it whenever you "
         "sign in'); labelled as the code the mail gives to be typed"),
    ]  # fmt: skip
    n = 0
    for group, en, cy, kind, p_en, p_cy, key, note in mails:
        for lang, name, params in (("en", en, p_en), ("cy", cy, p_cy)):
            if name is None:
                continue
            folder, base = name.split("/")
            tid, sender, subject = reg[base]
            text = _hm_txt(name, params)
            body = _hm_html(name, params)
            n += 1
            _save(
                source="hmrc-email", template=group, lang=lang, kind=kind,
                code=params[key].replace(" ", "") if key else None, repository=HM_REPO,
                path=f"{HM_T}/{name}.scala.txt; {HM_T}/{name}.scala.html; "
                f"{HM_T}/helpers/template_main.scala.html; {HM_T}/{folder}/*Templates.scala "
                f"({tid})", commit=HM_COMMIT, licence="Apache-2.0",
                rendered="Twirl .txt and .html by a small Twirl renderer (params filled, "
                "template_main with its @if branches, footers); subject and From of the "
                "MessageTemplate; text/plain and text/html",
                sender=sender, subject=subject, text=text, html_part=body,
                sent=SENT + timedelta(days=1, minutes=13 * n), note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# udata (data.gouv.fr)

UD_REPO = "opendatateam/udata"
UD_COMMIT = "25b5a2ddd43798da1d7594823e5e9c10ddba34a1"
UD_BASE = "https://www.data.gouv.fr"
UD_SENDER = "data.gouv.fr <ne-pas-repondre@data.gouv.fr>"
UD_LOGO = "https://www.data.gouv.fr/nuxt_images/udata_mails_external_logo.png"


class _Lazy:
    """flask_babel's LazyString: translated and %-formatted when shown; safe in HTML."""

    def __init__(self, tr, msgid: str, **kwargs):
        self.tr, self.msgid, self.kwargs = tr, msgid, kwargs

    def __str__(self) -> str:
        text = self.tr(self.msgid)
        return text % {k: str(v) for k, v in self.kwargs.items()} if self.kwargs else text

    def __html__(self) -> str:
        return str(self)


class MailCTA:  # the names are what the templates test (item.__class__.__name__)
    def __init__(self, label, link):
        self.label, self.link = label, link


class LabelledContent:
    def __init__(self, label, content, inline=False, truncated_at=200):
        self.label, self.content, self.inline = label, content, inline
        self.truncated_at = truncated_at

    @property
    def truncated_content(self) -> str:
        c = self.content
        return c[: self.truncated_at] + "…" if len(c) > self.truncated_at else c


class _Linked:
    def __init__(self, name: str, url: str):
        self.name, self.url = name, url

    def __str__(self) -> str:
        return self.name


class ParagraphWithLinks:
    def __init__(self, paragraph: _Lazy):
        self.paragraph = paragraph

    def __str__(self) -> str:
        return str(self.paragraph)

    @property
    def html(self) -> str:
        kwargs = {
            k: f'<a href="{v.url}" style="color: #000000; text-decoration: underline;">'
            f"{html.escape(str(v))}</a>" if isinstance(v, _Linked) else v
            for k, v in self.paragraph.kwargs.items()
        }  # fmt: skip
        return str(_Lazy(self.paragraph.tr, self.paragraph.msgid, **kwargs))


def _ud_translations(lang: str):
    if lang == "en":
        return lambda s: s
    from babel.messages.pofile import read_po

    po = _show(UD_REPO, UD_COMMIT, f"udata/translations/{lang}/LC_MESSAGES/udata.po")
    cat = read_po(io.BytesIO(po.encode("utf-8")))
    table = {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}
    return lambda s: table.get(s, s)


def udata() -> None:
    import jinja2

    users = _show(UD_REPO, UD_COMMIT, "udata/core/user/mails.py")
    orgs = _show(UD_REPO, UD_COMMIT, "udata/core/organization/mails.py")
    org = _Linked("Communauté d'agglomération du Grand Dole", f"{UD_BASE}/organizations/"
                  "communaute-d-agglomeration-du-grand-dole")  # fmt: skip
    org_id = "6570a3f1c2b94e1d7f5a2b83"
    requester = _Linked("Mathilde Roussel", f"{UD_BASE}/users/mathilde-roussel")
    site = "data.gouv.fr"
    for lang in ("en", "fr"):
        tr = _ud_translations(lang)

        def _(msgid, tr=tr, **kw):
            assert f'"{msgid}"' in users + orgs, msgid
            return _Lazy(tr, msgid, **kw)

        mails = [
            ("account-deleted", _("Account deletion"),
             [_("Your account has now been deleted")], "user",
             "udata/core/user/mails.py (account_deletion)", "account deleted; no code"),
            ("inactive-deleted",
             _("Deletion of your inactive %(site)s account", site=site),
             [_("Your account on %(site)s has been deleted due to inactivity", site=site)],
             "user", "udata/core/user/mails.py (inactive_account_deleted)",
             "inactive account deleted; no code"),
            ("membership-request", _("New membership request"),
             [ParagraphWithLinks(_("You received a membership request from %(user)s for your "
                                   "organization %(org)s", user=requester, org=org)),
              LabelledContent(_("Reason for the request:"),
                              "Je suis chargée de mission SIG à l'agglomération et je publie "
                              "les jeux de données du PLUi et des arrêtés de voirie."),
              MailCTA(_("See the request"), f"{UD_BASE}/admin/organizations/{org_id}/members")],
             "admin", "udata/core/organization/mails.py (new_membership_request)",
             "a membership request to an organization's admins; no code"),
            ("membership-accepted",
             _("Your invitation to join an organization has been accepted"),
             [ParagraphWithLinks(_("Good news! Your request to join the organization %(org)s "
                                   "has been approved.", org=org)),
              MailCTA(_("View the organization"),
                      f"{UD_BASE}/admin/organizations/{org_id}/datasets")],
             "user", "udata/core/organization/mails.py (membership_accepted)",
             "membership accepted; no code"),
            ("membership-refused", _("Membership refused"),
             [ParagraphWithLinks(_("Your membership for the organization %(org)s has been "
                                   "refused", org=org))],
             "user", "udata/core/organization/mails.py (membership_refused)",
             "membership refused; no code"),
            ("org-certified", _("Your organization has been certified"),
             [ParagraphWithLinks(_("Good news! Your organization %(org)s has been certified "
                                   "by our team. A badge is now associated with your "
                                   "organization.", org=org)),
              MailCTA(_("View the organization"), org.url)],
             "admin", "udata/core/organization/mails.py (badge_added_certified)",
             "organization certified; no code"),
            ("org-public-service",
             _("Your organization has been identified as a public service"),
             [ParagraphWithLinks(_("Good news! Your organization %(org)s has been identified "
                                   "by our team as a public service. A badge is now "
                                   "associated with your organization.", org=org)),
              MailCTA(_("View the organization"), org.url)],
             "admin", "udata/core/organization/mails.py (badge_added_public_service)",
             "organization marked as a public service; no code"),
        ]  # fmt: skip
        for i, (template, subject, paragraphs, who, path, note) in enumerate(mails):
            recipient = {"first_name": "Mathilde" if who == "user" else "Bertrand"}
            message_obj = type("MailMessage", (), {"subject": subject,
                                                    "paragraphs": paragraphs})  # fmt: skip
            parts = {}
            for ext in ("txt", "html"):
                env = jinja2.Environment(autoescape=ext == "html",
                                         extensions=["jinja2.ext.i18n"])  # fmt: skip
                env.install_gettext_callables(tr, lambda s, p, n: s if n == 1 else p,
                                              newstyle=True)  # fmt: skip
                tpl = env.from_string(_show(UD_REPO, UD_COMMIT, f"udata/templates/mail/"
                                            f"message.{ext}"))  # fmt: skip
                parts[ext] = tpl.render(
                    message=message_obj, recipient=recipient,
                    config={"SITE_TITLE": site, "MAIL_LOGO_URL": UD_LOGO},
                )  # fmt: skip
            _save(
                source="udata", template=template, lang=lang, kind="notice", code=None,
                repository=UD_REPO, path=f"{path}; udata/mail.py; udata/templates/mail/"
                f"message.txt; udata/templates/mail/message.html"
                + (f"; udata/translations/{lang}/LC_MESSAGES/udata.po" if lang != "en" else ""),
                commit=UD_COMMIT, licence="AGPL-3.0",
                rendered="MailMessage through the message.txt/.html Jinja2 templates (i18n "
                "new-style gettext, HTML autoescaped) with the .po translations; text/plain "
                "and text/html",
                sender=UD_SENDER, subject=str(subject), text=parts["txt"],
                html_part=parts["html"], sent=SENT + timedelta(days=2, hours=i), note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Aidants Connect

AC_REPO = "betagouv/Aidants_Connect"
AC_COMMIT = "42814c5ac62f758b769c33c1e36affd217b689ab"
AC_HAB = "aidants_connect_habilitation/templates/email"
AC_SUPPORT = "connexion@aidantsconnect.beta.gouv.fr"


def _ac_render(path: str, context: dict, safe: tuple = ()) -> str:
    src = _show(AC_REPO, AC_COMMIT, path)

    def one(m: re.Match) -> str:
        node = context
        for part in m.group(1).split("."):
            node = node[part]
        return str(node) if m.group(1) in safe else _dj_escape(str(node))

    out = re.sub(r"{{ ([\w.]+) }}", one, src)
    assert "{{" not in out and "{%" not in out, path
    return out


def aidants_connect() -> None:
    settings = _show(AC_REPO, AC_COMMIT, "aidants_connect/settings.py")
    admin = _show(AC_REPO, AC_COMMIT, "aidants_connect_habilitation/admin.py")
    assert f'SUPPORT_EMAIL = "{AC_SUPPORT}"' in settings
    confirm_subject = ("Merci de confirmer votre adresse email pour le processus d'habilitation "
                       "Aidant Connect.")  # fmt: skip
    assert '"Merci de confirmer votre adresse email pour le processus d\'habilitation "' in settings
    link = ("https://aidantsconnect.beta.gouv.fr/habilitation/demandeur/"
            "8d4f2a61-3c7e-4b90-a5d2-6e1f0b9c7a34/confirmer-email/"
            "k7mq2x9vtb4wz3rn8hc5yd6pfj")  # fmt: skip
    text = _ac_render(f"{AC_HAB}/email_confirmation.txt", {"confirmation_link": link})
    common = dict(source="aidants-connect", lang="fr", kind="notice", code=None,
                  repository=AC_REPO, commit=AC_COMMIT, licence="MIT", html_part=None,
                  sender=AC_SUPPORT)  # fmt: skip
    _save(
        template="email-confirmation", path=f"{AC_HAB}/email_confirmation.txt; "
        "aidants_connect_habilitation/signals.py; aidants_connect/settings.py",
        rendered="Django template by a small renderer; text/plain only (MJML HTML not "
        "reproduced)", subject=confirm_subject, text=text,
        sent=SENT + timedelta(days=3), note="confirm the e-mail address by a link; no code",
        **common,
    )  # fmt: skip
    orgs = [
        ("acceptee", "acceptée", {"data_pass_id": 3914827,
                                   "name": "Centre communal d'action sociale de Dole",
                                   "issuer": "Claire Vautrin"}),
        ("refusee", "refusée", {"data_pass_id": 6931052, "name": "Cabinet Conseil Démarches "
                                 "Express", "issuer": "Julien Marchal"}),
    ]  # fmt: skip
    for i, (state, word, org) in enumerate(orgs, 1):
        assert f'"email/demande_{state}.txt"' in admin
        body = _ac_render(f"{AC_HAB}/demande_{state}.txt", {"organisation": org})
        text = _ac_render(f"{AC_HAB}/empty.txt", {"content": body}, safe=("content",))
        subject = (
            f"Aidants Connect - la demande d'habilitation n° {org['data_pass_id']} a été {word}"
        )
        _save(
            template=f"demande-{state}", path=f"{AC_HAB}/demande_{state}.txt; "
            f"{AC_HAB}/empty.txt; aidants_connect_habilitation/admin.py",
            rendered="Django templates by a small renderer (the body put into empty.txt); "
            "text/plain only (MJML HTML not reproduced)", subject=subject, text=text,
            sent=SENT + timedelta(days=3, hours=i),
            note=f"accreditation request {word}: the habilitation number is a reference"
            + ("; the first-login code is only announced (sent later by SMS); no code"
               if state == "acceptee" else "; no code"),
            **{**common, "sender": AC_SUPPORT},
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    starter_kit()
    notifybc()
    mi_argentina()
    ogp_apps()
    hmrc()
    udata()
    aidants_connect()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
