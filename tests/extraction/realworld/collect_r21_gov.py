"""Round twenty-one, government and public-sector software: sign-in, subscription and
notice mails of public-sector platforms (Singapore's Open Government Products, British
Columbia's NotifyBC, ...).

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

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
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


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    starter_kit()
    notifybc()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(len(ITEMS), "mails,", sum(1 for i in ITEMS if i["code"]), "codes")


if __name__ == "__main__":
    main()
