"""Round twenty, civic and non-profit software: the mails of
participatory-democracy and participatory-budgeting platforms and a donations plugin —
their voter-verification tokens, invitations, donor receipts and account notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_civic.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- AjuntamentdeBarcelona/decidim-module-kids (AGPL-3.0), the minors' participation module of
  Decidim (Barcelona's participatory-democracy platform): ``KidsMailer#promote_minor_account``
  (``kids_mailer/promote_minor_account.html.erb``) and the Devise invitation
  ``devise/mailer/invite_minor.html.erb`` sent when a guardian authorises a minor's account,
  in the three languages of ``config/locales/<l>.yml`` (en, ca, es); the ERB is evaluated by
  a small renderer (``t(...)`` looked up in the YAML with ``%{var}`` filled; ``raw`` kept
  unescaped, ``link_to`` made an ``<a href>``); Decidim's mailer layout around the body is
  not reproduced; text/html only. No code: the invitation token is only inside the link.

- Teplitsa/Leyka (GPL-2.0), the donations plugin for non-profits of Teplitsa (WordPress):
  the donor mails whose default texts are the ``default`` of ``email_*`` options in
  ``inc/options-meta/leyka-class-options-meta-controller.php`` (thanks for a donation, first
  and ongoing recurring donation, recurring subscription cancelled, donor account created),
  each through ``__()`` of the language's ``languages/leyka-<l>.mo`` (en, ru_RU, uk: the
  languages that translate the text; ``leyka-bel.mo`` is left out, its texts are Russian
  and Ukrainian), ``#PLACEHOLDER#`` replaced as
  ``Leyka_Donation_Management::send_donor_thanking_email`` does (``str_replace``), then
  ``wpautop`` (its main steps: double ``<br>`` made paragraphs, each wrapped in ``<p>``);
  text/html (``leyka_set_html_content_type``), From ``email_from_name <email_from>``.
  No code: the donor-account activation code is only inside the link.

- openbudgets/participatory-budgeting (AGPL-3.0), OpenBudgets.eu's participatory-budgeting
  app: ``VoterMailer``'s verification, reminder and hint mails
  (``app/views/voter_mailer/*.text.haml`` in the ``= yield`` layout), each ``_()`` through
  the language's ``config/locales/gettext/<l>/LC_MESSAGES/app.mo`` (en, de, el, es, fr) and
  the Haml read as Haml renders it (``= expr`` a line, ``\\`` an empty line); the token is
  ``secure_token.to_i(16).to_s(36)`` (a UUID's 32 hex digits as a base-36 number) and
  ``verify_voters_url`` is ``/voters/verification?token=``; text/plain, From the default
  ``no-reply@openbudgets.eu``.

- halalaninitiative/halalan (GPL-3.0), Halalan, the UP Linux Users' Group's e-voting
  system: the "Halalan Login Credentials" mail of ``admin/voters.php`` (a voter added or
  edited) and ``admin/home.php`` (credentials regenerated) when
  ``password_pin_generation`` is ``email``: the PHP string built as PHP builds it (each
  literal checked to be in the source), the password and PIN of CodeIgniter's
  ``random_string('alnum', n)`` (``halalan.php``: length 4 by default; one election set to
  8 and 6); CodeIgniter ``Email`` text/plain, From the admin's name and address.

- svthalia/concrexit (AGPL-3.0), the membership-management site of Study Association
  Thalia: the text parts of the welcome mail (``members/email/welcome.txt``, the password of
  ``registrations/services.py``: 15 of ``_PASSWORD_CHARS``) and the G Suite account mail
  (``activemembers/email/gsuite_info.txt``, the password of ``gsuite.py``
  ``_generate_password``: 15 letters, digits and ``!@#$%^&*-_=+?``), rendered by a small
  Django-template renderer (``{{ var }}`` and ``{% url %}`` resolved from the ``urls.py``
  paths); subjects of ``emails.py``, From ``DEFAULT_FROM_EMAIL`` (noreply@thalia.nu); only
  the text/plain part is reproduced (the HTML alternative, a base-template layout, is not).
  The same senders' notices without a code (e-mail change, registration accepted/rejected,
  renewal complete, membership expiring, G Suite suspended) from the ``.txt`` templates
  that use only ``{{ var }}``, each subject read from the ``subject=`` just before its
  ``txt_template=`` in the app's ``emails.py``.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import io
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 3, 14, 22, 51, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "civic.json"
MIRRORS = Path("/work/.mirror")


def _show_bytes(repo: str, commit: str, path: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(repo: str, commit: str, path: str) -> str:
    return _show_bytes(repo, commit, path).decode("utf-8")


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    lang = lang.replace("_", "-")
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
# Decidim kids

KI_REPO = "AjuntamentdeBarcelona/decidim-module-kids"
KI_COMMIT = "4979541bd259ff9b317758a36d947ef7a2e4693c"
KI_HOST = "decidim.districte-gracia.example"
KI_SENDER = f"Decidim Gràcia <noreply@{KI_HOST}>"
_KI_T = re.compile(r'(raw )?t\("(\w+)", scope: "([\w.]+)"(?:, recipient: @(\w+)\.(\w+))?\)')


def kids() -> None:
    minor = {"name": "Pau Ferrer", "email": "pau.ferrer.2011@example.cat"}
    token = "sZ4qKpW9xTbN2vYcL7mR"
    accept = (f"https://{KI_HOST}/users/invitation/accept?invitation_token={token}"
              "&amp;invite_redirect=%2F")  # fmt: skip
    mails = [
        ("promote", "app/views/decidim/kids/kids_mailer/promote_minor_account.html.erb",
         "decidim.kids.minor_notifications_mailer.promote.subject",
         "the minor's account promoted to an adult account; no code"),
        ("invite-minor", "app/views/devise/mailer/invite_minor.html.erb",
         "decidim.kids.minor_notifications_mailer.confirmation.subject",
         "the minor's invitation to confirm the e-mail address; the invitation token is only "
         "inside the link; subject taken from the module's confirmation.subject"),
    ]  # fmt: skip
    for lang in ("en", "ca", "es"):
        loc = yaml.safe_load(_show(KI_REPO, KI_COMMIT, f"config/locales/{lang}.yml"))[lang]

        def t(key: str, loc=loc) -> str:
            node = loc
            for part in key.split("."):
                node = node[part]
            return node

        for template, path, subject_key, note in mails:
            src = _show(KI_REPO, KI_COMMIT, path)

            def one(m: re.Match, t=t) -> str:
                value = t(f"{m.group(3)}.{m.group(2)}")
                if m.group(4):
                    value = value.replace("%{recipient}", html.escape(minor[m.group(5)]))
                return value if m.group(1) else html.escape(value).replace("&#x27;", "&#39;")

            src = re.sub(
                r"<%= link_to (t\([^)]*\)),\s*accept_invitation_url\(.*?\) %>",
                lambda m: f'<a href="{accept}">' + m.group(1) + "</a>", src, flags=re.S,
            )  # fmt: skip
            body = re.sub(r"<%= (.*?) %>", lambda m: _KI_T.sub(one, m.group(1)), src, flags=re.S)
            body = re.sub(
                r"\b(raw )?t\(\"\w+\", scope: [^)]*\)", lambda m: _KI_T.sub(one, m.group(0)), body
            )
            _save(
                source="decidim-kids", template=template, lang=lang, kind="notice", code=None,
                repository=KI_REPO, path=f"{path}; config/locales/{lang}.yml", commit=KI_COMMIT,
                licence="AGPL-3.0",
                rendered="ERB body by a small renderer (t() from the locale YAML, %{recipient} "
                "filled, raw unescaped, link_to as <a>); Decidim layout not reproduced; "
                "text/html only",
                sender=KI_SENDER, subject=t(subject_key), text=None, html_part=body, note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Leyka

LE_REPO = "Teplitsa/Leyka"
LE_COMMIT = "21594ceeb07865f29a49da19072bce75c090dd1d"
LE_META = "inc/options-meta/leyka-class-options-meta-controller.php"
LE_SITE = "https://teplydom-fond.example"
LE_SENDER = "Благотворительный фонд «Тёплый дом» <donate@teplydom-fond.example>"
LE_LANGS = {"en": None, "ru": "ru_RU", "uk": "uk"}  # leyka-bel.mo mixes ru and uk texts
# (template id, option prefix, note)
LE_MAILS = [
    ("thanks", "email_thanks", "a donation's thank-you with its amount; no code"),
    ("recurring-init", "email_recurring_init_thanks",
     "first recurring donation with a personal-account link (the activation code is only in "
     "the link); no code"),
    ("recurring-ongoing", "email_recurring_ongoing_thanks", "a monthly rebill notice; no code"),
    ("recurring-cancelled", "recurring_canceling_donor_notification_emails",
     "recurring donations cancelled; no code"),
    ("account-created", "non_init_recurring_donor_registration_emails",
     "donor personal account created, login link only; no code"),
]  # fmt: skip


def _le_default(src: str, option: str) -> str:
    m = re.search(
        r"'" + re.escape(option) + r"' => \[.*?'default' => __\('((?:[^'\\]|\\.)*)', 'leyka'\)",
        src,
        re.S,
    )
    if not m:
        raise ValueError(option)
    return m.group(1).replace("\\'", "'").replace("\\\\", "\\")


def _wpautop(text: str) -> str:
    text = re.sub(r"<br\s*/?>\s*<br\s*/?>", "\n\n", text)
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "".join("<p>" + p.replace("\n", "<br />\n") + "</p>\n" for p in paras)


def leyka() -> None:
    src = _show(LE_REPO, LE_COMMIT, LE_META)
    code = "9f3c2a7be61d"
    for lang, mo_lang in LE_LANGS.items():
        if mo_lang:
            mo = f"languages/leyka-{mo_lang}.mo"
            cat = gettext.GNUTranslations(io.BytesIO(_show_bytes(LE_REPO, LE_COMMIT, mo)))
        else:
            mo, cat = None, gettext.NullTranslations()
        tr = cat.gettext
        account = tr(
            'You may manage your donations in your <a href="%s" target="_blank">personal '
            "account</a>."
        ) % (f"{LE_SITE}/donor-account/login/?activate={code}")
        cancel = tr('<a href="mailto:%s">write us a letter about it</a>') % (
            "help@teplydom-fond.example"
        )
        values = {
            "#DONOR_NAME#": "Анна Кузнецова" if lang != "en" else "Anna Kuznetsova",
            "#SUM#": "500 ₽",
            "#CAMPAIGN_NAME#": "Тёплая зима для подопечных" if lang != "en"
            else "A Warm Winter for Our Wards",
            "#PAYMENT_METHOD_NAME#": "CloudPayments",
            "#ORG_NAME#": "Благотворительный фонд «Тёплый дом»",
            "#DONOR_ACCOUNT_LOGIN_LINK#": account,
            "#RECURRING_SUBSCRIPTION_CANCELLING_LINK#": cancel,
            "#CAMPAIGN_URL#": f"{LE_SITE}/campaign/warm-winter/",
            "#SITE_NAME#": "Тёплый дом",
            "#SITE_EMAIL#": "info@teplydom-fond.example",
            "#SITE_URL#": LE_SITE,
            "#SITE_TECH_SUPPORT_EMAIL#": "help@teplydom-fond.example",
            "#ORG_SHORT_NAME#": "БФ «Тёплый дом»",
            "#DONATION_ID#": "18342",
            "#DONOR_EMAIL#": "anna.kuznetsova@example.ru",
            "#DONOR_COMMENT#": "",
            "#PURPOSE#": "Пожертвование на уставную деятельность" if lang != "en"
            else "Donation for statutory activities",
            "#CAMPAIGN_TARGET#": "300 000 ₽",
            "#DATE#": "03.12.2026",
        }  # fmt: skip
        for template, option, note in LE_MAILS:
            title_id = _le_default(src, option + "_title")
            text_id = _le_default(src, option + "_text")
            title, text = tr(title_id), tr(text_id)
            if mo_lang and text == text_id:
                continue  # untranslated
            for key, value in values.items():
                text = text.replace(key, value)
            _save(
                source="leyka", template=template, lang=lang, kind="invoice"
                if template != "account-created" and template != "recurring-cancelled"
                else "notice", code=None, repository=LE_REPO,
                path=LE_META + (f"; {mo}" if mo else ""), commit=LE_COMMIT,
                licence="GPL-2.0",
                rendered="default option text through __() (the language's leyka .mo, Python "
                "gettext); #PLACEHOLDER# str_replace as Leyka_Donation_Management; wpautop "
                "main steps; text/html",
                sender=LE_SENDER, subject=title, text=None, html_part=_wpautop(text), note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# OpenBudgets participatory budgeting

OB_REPO = "openbudgets/participatory-budgeting"
OB_COMMIT = "6981aa37ee8ea0347217e8c1aea29e79c7b2906a"
OB_HOST = "https://pb.ajuntament-vilanova.example"
OB_SENDER = "no-reply@openbudgets.eu"
OB_LANGS = ["en", "de", "el", "es", "fr"]
OB_UUIDS = {
    "en": "5f0c2b8e9a7d4e61b3c0f2a9d8e17c44", "de": "a3e91d07c6b24f58a1d9e0c7b6f25e13",
    "el": "0d7b4e2a9c1f46e8b5a3d0f9e2c74b61", "es": "c81f5a2e3b9d47c0a6e1f8d2b4c97a35",
    "fr": "7e2d9c1b0a8f4356b9e7d1c3a5f08e62",
}  # fmt: skip
_OB_LINE = re.compile(r"^= _\('((?:[^'\\]|\\.)*)'\)$")


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


def _ob_haml(src: str, tr, token: str) -> str:
    out = []
    for line in src.split("\n"):
        if not line:
            continue
        if line == "\\":
            out.append("")
        elif m := _OB_LINE.match(line):
            out.append(tr(m.group(1).replace("\\'", "'")))
        elif line == "= @voter.verification_token":
            out.append(token)
        elif line == "= verify_voters_url(token: @voter.verification_token)":
            out.append(f"{OB_HOST}/voters/verification?token={token}")
        else:
            raise ValueError(line)
    return "\n".join(out) + "\n"


def openbudgets() -> None:
    mails = [
        ("voter-verification", "voter_verification_email", "Voter verification token"),
        ("voter-reminder", "voter_reminder_email", "Voter verification reminder"),
        ("voter-hint", "voter_hint_email", "Voter verification hint"),
    ]
    for lang in OB_LANGS:
        if lang == "en":
            mo, tr = None, gettext.NullTranslations().gettext
        else:
            mo = f"config/locales/gettext/{lang}/LC_MESSAGES/app.mo"
            tr = gettext.GNUTranslations(io.BytesIO(_show_bytes(OB_REPO, OB_COMMIT, mo))).gettext
        token = _base36(int(OB_UUIDS[lang], 16))
        for template, view, subject in mails:
            path = f"app/views/voter_mailer/{view}.text.haml"
            text = _ob_haml(_show(OB_REPO, OB_COMMIT, path), tr, token)
            english = _ob_haml(_show(OB_REPO, OB_COMMIT, path), lambda x: x, token)
            if lang != "en" and text == english:
                continue  # not translated: the mail would be the English one
            has_code = template != "voter-hint"
            _save(
                source="openbudgets-pb", template=template, lang=lang,
                kind="gov-otp" if has_code else "notice", code=token if has_code else None,
                repository=OB_REPO,
                path=f"{path}; app/mailers/voter_mailer.rb" + (f"; {mo}" if mo else ""),
                commit=OB_COMMIT, licence="AGPL-3.0",
                rendered="Haml text view read as Haml renders it, _() through the language's "
                "app.mo (Python gettext); layout '= yield'; subject _() of VoterMailer; "
                "text/plain",
                sender=OB_SENDER, subject=tr(subject), text=text, html_part=None,
                note="the voter's verification token (a UUID as a base-36 number, 24-25 "
                "lowercase letters and digits) the mail gives under 'This is your verification "
                "token:'; the same token is in the verification link below it (the site has "
                "no form to type it)" if has_code else "no code: census-data hint",
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Halalan

HA_REPO = "halalaninitiative/halalan"
HA_COMMIT = "2f604ea0bc9b84787492cd7ced699d1d3d7a6ec5"
HA_ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
HA_RNG = random.Random("r20-civic-halalan")


def _ha_random(n: int) -> str:
    return "".join(HA_RNG.choice(HA_ALNUM) for _ in range(n))


def halalan() -> None:
    voters_php = "system/application/controllers/admin/voters.php"
    home_php = "system/application/controllers/admin/home.php"
    srcs = {p: _show(HA_REPO, HA_COMMIT, p) for p in (voters_php, home_php)}
    for literal in (
        '"Hello $voter[first_name] $voter[last_name],\\n\\nThe following are your login '
        'credentials:\\nEmail: $voter[username]\\n"',
        '"Password: $password\\n"', '"PIN: $pin\\n"', "'Halalan Administrator'",
        "'Halalan Login Credentials'",
    ):  # fmt: skip
        for p, src in srcs.items():
            if literal not in src:
                raise ValueError(f"{literal} not in {p}")
    admin = ("Ma. Theresa", "Dizon", "comelec@upd-studentcouncil.example")
    sender = f'"{admin[0]} {admin[1]}" <{admin[2]}>'  # CI Email::from quotes the name
    # (template, php, first, last, email, pw length or None, pin length or None, note)
    mails = [
        ("voter-added", voters_php, "Jose Miguel", "Reyes", "jmreyes@up-diliman.example", 4,
         None, "the voter's generated password (random_string alnum, default length 4)"),
        ("voter-added-pin", voters_php, "Andrea", "Villanueva", "avillanueva@up-diliman.example",
         8, 6, "two codes: the password (asked first, 8 alnum) and a PIN (6 alnum); labelled "
         "the password"),
        ("voter-edited-pin", voters_php, "Carlo", "Bautista", "cbautista@up-diliman.example",
         None, 4, "only the PIN was regenerated (voter edited with 'pin' ticked): the PIN"),
        ("regenerated", home_php, "Patricia", "Mendoza", "pmendoza@up-diliman.example", 4, 4,
         "two codes: password then PIN (4 alnum each); labelled the password, asked first"),
        ("regenerated-password", home_php, "Ramon", "Santos", "rsantos@up-diliman.example", 4,
         None, "the regenerated password (4 alnum), no PIN"),
    ]  # fmt: skip
    for template, php, first, last, mail, pw_len, pin_len, note in mails:
        message = (f"Hello {first} {last},\n\nThe following are your login credentials:\n"
                   f"Email: {mail}\n")  # fmt: skip
        password = _ha_random(pw_len) if pw_len else None
        pin = _ha_random(pin_len) if pin_len else None
        if password:
            message += f"Password: {password}\n"
        if pin:
            message += f"PIN: {pin}\n"
        message += "\n" + f"{admin[0]} {admin[1]}" + "\n" + "Halalan Administrator"
        _save(
            source="halalan", template=template, lang="en", kind="gov-otp",
            code=password or pin, repository=HA_REPO,
            path=f"{php}; system/application/config/halalan.php", commit=HA_COMMIT,
            licence="GPL-3.0",
            rendered="the controller's PHP string concatenation (literals checked in the "
            "source), random_string('alnum', n); CodeIgniter Email text/plain",
            sender=sender, subject="Halalan Login Credentials", text=message, html_part=None,
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Thalia concrexit

TH_REPO = "svthalia/concrexit"
TH_COMMIT = "116602b1470b1d6404b6c5e182a21c44799ec67d"
TH_BASE = "https://thalia.nu"
TH_URLS = {
    "members:edit-profile": "/user/edit-profile/",
    "events:ical-help": "/events/ical/help/",
    "facedetection:reference-faces": "/members/photos/facedetection/reference-faces/",
}
TH_RNG = random.Random("r20-civic-thalia")


def _th_render(src: str, ctx: dict[str, str]) -> str:
    src = re.sub(r"\{% url [\"'](.+?)[\"'] %\}", lambda m: TH_URLS[m.group(1)], src)
    return re.sub(r"\{\{ (\w+) \}\}", lambda m: ctx[m.group(1)], src)


def concrexit() -> None:
    reg_chars = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    gs_chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*-_=+?"
    if f'_PASSWORD_CHARS = "{reg_chars}"' not in _show(
        TH_REPO, TH_COMMIT, "website/registrations/services.py"
    ):
        raise ValueError("password alphabet changed")
    people = [("Sanne de Vries", "svries"), ("Thijs Janssen", "tjanssen")]
    sender = "noreply@thalia.nu"
    for n, (full_name, username) in enumerate(people):
        pw = "".join(TH_RNG.choice(reg_chars) for _ in range(15))
        path = "website/members/templates/members/email/welcome.txt"
        text = _th_render(
            _show(TH_REPO, TH_COMMIT, path),
            {"full_name": full_name, "username": username, "password": pw, "url": TH_BASE,
             "base_url": TH_BASE},
        )  # fmt: skip
        _save(
            source="concrexit", template=f"welcome-{n + 1}", lang="en", kind="saas-otp",
            code=pw, repository=TH_REPO, path=f"{path}; website/members/emails.py; "
            "website/registrations/services.py", commit=TH_COMMIT, licence="AGPL-3.0",
            rendered="Django text template by a small renderer ({{ var }}, {% url %} from "
            "urls.py); subject of send_welcome_message; text part only",
            sender=sender, subject="Welcome to Study Association Thalia", text=text,
            html_part=None, note="the new member's generated password (15 characters of "
            "_PASSWORD_CHARS) under 'Your password is:'; the username is above it",
        )  # fmt: skip
        gpw = "".join(TH_RNG.choice(gs_chars) for _ in range(15))
        path = "website/activemembers/templates/activemembers/email/gsuite_info.txt"
        text = _th_render(
            _show(TH_REPO, TH_COMMIT, path),
            {"full_name": full_name, "username": f"{username}@thalia.nu", "password": gpw,
             "url": TH_BASE},
        )  # fmt: skip
        subject = re.search(
            r'subject="([^"]+)",\s*txt_template="activemembers/email/gsuite_info.txt"',
            _show(TH_REPO, TH_COMMIT, "website/activemembers/emails.py"),
        ).group(1)
        _save(
            source="concrexit", template=f"gsuite-info-{n + 1}", lang="en", kind="saas-otp",
            code=gpw, repository=TH_REPO, path=f"{path}; website/activemembers/emails.py; "
            "website/activemembers/gsuite.py", commit=TH_COMMIT, licence="AGPL-3.0",
            rendered="Django text template by a small renderer ({{ var }}); subject of "
            "send_gsuite_info; text part only",
            sender=sender, subject=subject, text=text, html_part=None,
            note="the G Suite account's generated password (15 letters, digits and symbols of "
            "_generate_password, symbols kept)",
        )  # fmt: skip


TH_NOTICES = [
    ("members", "email_change_confirm", "email-change-confirm", "link to confirm; no code"),
    ("members", "email_change_verify", "email-change-verify", "link to verify; no code"),
    ("members", "email_change_completed", "email-change-completed", None),
    ("members", "expiration_announcement", "expiration-announcement", "renewal link and a "
     "discount amount; no code"),
    ("registrations", "registration_accepted", "registration-accepted", "membership fees "
     "and a bank account number; no code"),
    ("registrations", "registration_confirm_mail", "registration-confirm", "link only"),
    ("registrations", "registration_rejected", "registration-rejected", None),
    ("registrations", "renewal_complete", "renewal-complete", None),
    ("activemembers", "gsuite_suspend", "gsuite-suspended", None),
]  # fmt: skip
TH_VALUES = {
    "name": "Sanne de Vries",
    "full_name": "Sanne de Vries",
    "confirm_link": TH_BASE + "/user/change-email/confirm/3f6c1a2e-8b4d-4e7a-9c15-d2b7e0a4f981/",
    "renewal_url": TH_BASE + "/association/renew/",
    "membership_discount": "7.50",
    "fees": "7.50",
}


def concrexit_notices() -> None:
    for app, name, template, note in TH_NOTICES:
        path = f"website/{app}/templates/{app}/email/{name}.txt"
        emails = _show(TH_REPO, TH_COMMIT, f"website/{app}/emails.py")
        m = re.search(
            r'subject="([^"]+)",\s*(?:to=[^\n]*\n\s*)?txt_template="'
            + re.escape(f"{app}/email/{name}.txt") + '"', emails,
        )  # fmt: skip
        if not m:
            raise ValueError(f"no subject for {name}")
        values = dict(TH_VALUES)
        if name == "registration_confirm_mail":
            values["confirm_link"] = (
                TH_BASE
                + "/association/register/confirm-email/9b2e7c41-5d8a-4f03-b6e2-1c7a9d3f0e58/"
            )
        text = _th_render(_show(TH_REPO, TH_COMMIT, path), values)
        _save(
            source="concrexit", template=template, lang="en", kind="notice", code=None,
            repository=TH_REPO, path=f"{path}; website/{app}/emails.py", commit=TH_COMMIT,
            licence="AGPL-3.0",
            rendered="Django text template by a small renderer ({{ var }}); subject from "
            "emails.py; text part only",
            sender="noreply@thalia.nu", subject=m.group(1), text=text, html_part=None,
            note=note,
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    kids()
    leyka()
    openbudgets()
    halalan()
    concrexit()
    concrexit_notices()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON}")


if __name__ == "__main__":
    main()
