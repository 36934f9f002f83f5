"""Round-eight real-world mails from civic tech / e-voting software (helper ``civic``).

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r8_civic.py \\
        --helios /work/.mirror/benadida+helios-server/repo \\
        --openslides /work/.mirror/OpenSlides+openslides-backend/repo \\
        --access-codes /work/.mirror/openpoke+decidim-module-access_codes/repo \\
        --hypha /work/.mirror/HyphaApp+hypha/repo

- ``--helios``: a git snapshot of benadida/helios-server (Apache-2.0). Its voter mails are
  Django text templates ``helios/templates/email/<name>_{subject,body}.txt`` and
  ``server_ui/templates/email/cast_vote_*.txt``, sent as a single ``text/plain`` part by
  ``helios_auth/auth_systems/password.py`` (``send_mail`` from ``SERVER_EMAIL``). They are
  filled here with Jinja2 (same ``{{ }}``/``{% if %}`` syntax; no value holds a character
  Django would escape) with the variables ``helios/tasks.py`` and ``helios/views.py`` pass:
  the election URL ``URL_HOST/helios/e/<short_name>/vote``, the opt-out URL with the HMAC
  code, the voter's ID and the ten-character password that ``Voter.generate_password``
  draws from ``abcdefghjkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789``. The custom
  subject/message are what an election administrator types into the form (written here).
- ``--openslides``: a git snapshot of OpenSlides/openslides-backend (MIT). The invitation
  mail ("access data") is what ``action/actions/user/send_invitation_email.py`` sends: the
  meeting's ``users_email_subject``/``users_email_body``, whose defaults
  (``models/models.py``) ``meeting/create.py`` translates into the meeting language with
  ``i18n/messages/<lang>.po``, filled by ``str.format_map`` with a dict that prints a
  missing key as ``'key'`` (so the French, Dutch and Czech catalogues, which translate the
  placeholder names themselves, give mails without the password: labelled ``null``). The
  password is ``get_random_password()`` (ten characters of ``PASSWORD_CHARS``). The
  forgotten-password mail is ``user/forget_password.py``'s template (a link with a token),
  translated the same way. Both are sent as one ``text/plain`` part (``html=False``) with
  the preamble ``send_email_mixin.py`` sets; the .po files are read by a small parser
  (msgstr if not empty, else the English msgid, as ``i18n/translator.py`` does).
- ``--access-codes``: a git snapshot of openpoke/decidim-module-access_codes (AGPL-3.0), a
  Decidim verification module: ``AccessCodeMailer#send_code`` renders
  ``app/views/decidim/access_codes/access_code_mailer/send_code.html.erb`` with the strings
  of ``config/locales/{en,ca,es}.yml`` inside Decidim's mailer layout
  (decidim/decidim ``decidim-core/app/views/layouts/decidim/mailer.html.erb`` at
  034c3cafd8336886da220551c300d712b99fe6dc and ``_mailer_logo.html.erb`` at
  0e9a268ba1e5fd0a3f3b1901026836084b07686d, read with ``read_file`` and held inline, ERB
  filled by hand for an organisation without logo). The layout's last footnote
  (``decidim.newsletter_mailer.newsletter.no_reply_notice``) could not be read and is left
  empty. One ``text/html`` part. The code is eight hex digits (``access_code_length``).
- ``--hypha``: a git snapshot of HyphaApp/hypha (BSD-3-Clause), grant-management software
  for NGOs. ``users/views.py`` sends ``users/emails/confirm_access.md`` (six random digits,
  ``generate_numeric_token``) and ``login_notification.md`` through ``core/mail.py``'s
  ``MarkdownMail``: the Django template rendered in English (the catalogues leave these
  strings untranslated), ``remove_extra_empty_lines`` for the text part and Markdown to
  HTML (mistune) for the alternative. Rendered here with Jinja2 after dropping the
  ``{% load %}``/``{% base_url_setting %}`` tags and the ``{% blocktrans %}`` wrappers; the
  HTML is the paragraphs mistune makes of it, written by hand.

Labels are what a person reading the mail would type (the voting password), else ``null``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import html
import json
import random
import re
import subprocess
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import jinja2
import yaml
from collect import HERE, SENT, message

HELIOS_COMMIT = "c7d5e60fbf9123be13d250a2ad9dae9efd8978e3"
HELIOS_ALPHABET = "abcdefghjkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
HELIOS_FROM = "Elections Committee <helios@vote.civic.example>"
URL_HOST = "https://vote.civic.example"
RNG = random.Random("r8-civic")
OPENSLIDES_COMMIT = "755f68b3a9132ee08228dd191eea930cf1d273d7"
OPENSLIDES_PASSWORD_CHARS = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPRSTUVWXYZ23456789"
OPENSLIDES_LANGS = ("en", "de", "fr", "it", "es", "nl", "cs", "ru")
OPENSLIDES_URL = "https://assembly.civic.example"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _b64hash(seed: str) -> str:
    """Helios' hashes: base64 of a SHA-256, padding removed (43 characters)."""
    return base64.b64encode(hashlib.sha256(seed.encode()).digest()).decode().rstrip("=")


def _password() -> str:
    return "".join(RNG.choice(HELIOS_ALPHABET) for _ in range(10))


def _write(items: list[dict], item: dict, raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    items.append(item)


def helios(repo: Path, items: list[dict]) -> None:
    env = jinja2.Environment(autoescape=False, keep_trailing_newline=True)

    def render(path: str, data: dict) -> str:
        return env.from_string(_show(repo, HELIOS_COMMIT, path)).render(**data)

    short = "board-2027"
    election = {
        "name": "Board of Trustees Election 2027",
        "short_name": short,
        "use_voter_aliases": False,
    }
    email = "noor.tester@example.com"
    optout = hmac.new(b"helios-optout-secret", f"{email}:optout".encode(), hashlib.sha256)
    common = {
        "election": election,
        "election_vote_url": f"{URL_HOST}/helios/e/{short}/vote",
        "election_url": f"{URL_HOST}/helios/e/{short}",
        "unsubscribe_url": f"{URL_HOST}/optout/confirm/{email}/{optout.hexdigest()}/",
    }
    election_hash = _b64hash("election-board-2027")

    def voter(**extra: object) -> dict:
        base = {"name": "Noor Tester", "voter_login_id": "M-20417", "voter_password": None,
                "voter_type": "password", "vote_hash": None, "alias": "V37",
                "election": {**election, "hash": election_hash}}  # fmt: skip
        base.update(extra)
        return base

    cases: list[tuple[str, str, str, dict, str | None, str]] = []
    # (template id, subject path stem, body path, data, code, note)
    pw = _password()
    cases.append(
        (
            "vote",
            "helios/templates/email/vote",
            "notice",
            {
                "voter": voter(voter_password=pw),
                "custom_subject": election["name"],
                "custom_message": "Voting for the Board of Trustees is now open and closes on "
                "15 March 2027 at 18:00 CET.\nThree seats are up for election; "
                "you may choose up to three candidates.",
            },
            pw,
            "voter ID M-20417 and a ten-character password; election fingerprint (43 "
            "base64 chars) at the end",
        )
    )
    pw = _password()
    cases.append(
        (
            "vote-revote-alias",
            "helios/templates/email/vote",
            "notice",
            {
                "voter": voter(voter_password=pw, vote_hash=_b64hash("ballot-1"), alias="V112"),
                "election": {**election, "use_voter_aliases": True},
                "custom_subject": "Reminder: " + election["name"],
                "custom_message": "This is a reminder that voting closes tomorrow, 15 March 2027, "
                "at 18:00 CET.",
            },
            pw,
            "re-sent vote mail with a recorded ballot tracker (43 base64 chars), voter "
            "alias V112 and voter ID M-20417 besides the password",
        )
    )
    pw = _password()
    cases.append(
        (
            "simple",
            "helios/templates/email/simple",
            "notice",
            {
                "voter": voter(voter_password=pw, voter_login_id="4471"),
                "custom_subject": "How to vote: " + election["name"],
                "custom_message": "Please find below your personal credentials for the 2027 "
                "Board of Trustees election.",
            },
            pw,
            "voter ID 4471 and the password under 'How to Vote'",
        )
    )
    pw = _password()
    cases.append(
        (
            "password-resend",
            "helios/templates/email/password_resend",
            "notice",
            {
                "voter": voter(voter_password=pw),
            },
            pw,
            "credentials re-sent on the voter's request; voter ID M-20417",
        )
    )
    cases.append(
        (
            "vote-github",
            "helios/templates/email/vote",
            "notice",
            {
                "voter": voter(voter_type="github"),
                "custom_subject": election["name"],
                "custom_message": "Voting is open until 15 March 2027, 18:00 CET.",
            },
            None,
            "voter logs in with a GitHub account: no password in the mail",
        )
    )
    cases.append(
        (
            "result",
            "helios/templates/email/result",
            "notice",
            {
                "voter": voter(vote_hash=_b64hash("ballot-2")),
                "custom_subject": election["name"],
                "custom_message": "Turnout was 61.4% (1,283 of 2,090 eligible members).",
            },
            None,
            "tally released; shows the voter's ballot tracker (a hash to compare, not to type)",
        )
    )
    cases.append(
        (
            "info",
            "helios/templates/email/info",
            "notice",
            {
                "voter": voter(),
                "custom_subject": "Candidate statements: " + election["name"],
                "custom_message": "Candidate statements are now online. The hustings will take "
                "place on 2 March 2027 at 19:30 in Room 2.14.",
            },
            None,
            "free-form information mail",
        )
    )
    tiny = _b64hash("ballot-3")[:10]
    cases.append(
        (
            "cast-vote",
            "server_ui/templates/email/cast_vote",
            "notice",
            {
                "voter": voter(),
                "cast_vote": {"vote_hash": _b64hash("ballot-3")},
                "cast_vote_url": f"{URL_HOST}/helios/v/{tiny}",
                "custom_subject": f"{election['name']} - vote cast",
            },
            None,
            "vote-cast receipt with ballot tracker and archive URL",
        )
    )

    for name, stem, kind, data, code, note in cases:
        full = {**common, **data}
        subject = render(stem + "_subject.txt", full).strip()
        body = render(stem + "_body.txt", full)
        raw = message(sender=HELIOS_FROM, subject=subject, text=body, html_part=None)
        _write(
            items,
            {
                "id": f"helios-{name}-en",
                "group": f"helios-{name}",
                "source": "helios",
                "lang": "en",
                "kind": "other" if code else kind,
                "code": code,
                "repository": "benadida/helios-server",
                "path": f"{stem}_subject.txt; {stem}_body.txt; helios/tasks.py; helios/models.py",
                "commit": HELIOS_COMMIT,
                "licence": "Apache-2.0",
                "rendered": "Django text templates filled with Jinja2 with the variables "
                "helios/tasks.py passes; admin subject/message written; text/plain",
                "note": note,
            },
            raw,
        )


def _po_unquote(literal: str) -> str:
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), literal[1:-1])


def _po_catalog(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no context, no plural, not fuzzy)."""
    catalog: dict[str, str] = {}
    entry: dict[str, str] = {}
    field = ""
    fuzzy = False
    for line in [*text.splitlines(), ""]:
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        found = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")$', line)
        if found:
            field = found.group(1)
            entry[field] = _po_unquote(found.group(2))
        elif line.startswith('"') and field:
            entry[field] += _po_unquote(line)
        elif not line.strip():
            if "msgid" in entry and "msgstr" in entry and "msgctxt" not in entry and not fuzzy:
                catalog[entry["msgid"]] = entry["msgstr"]
            entry, field, fuzzy = {}, "", False
    return catalog


class _FormatDict(dict):
    """OpenSlides' ``format_dict``: a missing key prints as ``'key'``."""

    def __missing__(self, key: str) -> str:
        return f"'{key}'"


def _openslides_mail(sender: str, subject: str, body: str) -> bytes:
    """As ``EmailUtils.send_email(..., html=False)`` builds it (fixed Date, Message-ID)."""
    msg = EmailMessage()
    msg.set_content(body)
    msg["From"] = sender
    msg["To"] = "noor.tester@example.com"
    msg.preamble = "You will not see this in a MIME-aware mail reader.\n"
    msg.add_header("Subject", subject)
    msg.add_header("Date", format_datetime(SENT))
    msg.add_header("Message-ID", "<corpus@mail.example>")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def openslides(repo: Path, items: list[dict]) -> None:
    models = _show(repo, OPENSLIDES_COMMIT, "openslides_backend/models/models.py")
    body_default = re.search(
        r'users_email_body = fields\.TextField\(\s*default="(.*?)"\s*\)', models, re.S
    )
    assert body_default
    body_en = body_default.group(1).encode().decode("unicode_escape")
    forget = _show(
        repo, OPENSLIDES_COMMIT, "openslides_backend/action/actions/user/forget_password.py"
    )
    forget_found = re.search(r'PW_FORGET_EMAIL_TEMPLATE = _\(\s*"""(.*?)"""', forget, re.S)
    assert forget_found
    forget_en = forget_found.group(1)
    sender = "OpenSlides <noreply@assembly.civic.example>"
    for lang in OPENSLIDES_LANGS:
        catalog: dict[str, str] = {}
        if lang != "en":
            po = f"openslides_backend/i18n/messages/{lang}.po"
            catalog = _po_catalog(_show(repo, OPENSLIDES_COMMIT, po))

        def tr(msg: str, catalog: dict[str, str] = catalog) -> str:
            return catalog.get(msg) or msg

        password = "".join(RNG.choice(OPENSLIDES_PASSWORD_CHARS) for _ in range(10))
        user = _FormatDict(event_name="Annual General Meeting 2027", name="Noor Tester",
                           username="NoorTester", title="", first_name="Noor",
                           last_name="Tester", groups="Delegates", structure_levels="")  # fmt: skip
        body = tr(body_en).format_map(_FormatDict(password=password, url=OPENSLIDES_URL,
                                                  **user))  # fmt: skip
        subject = tr("OpenSlides access data").format_map(user)
        shown = password in body
        note = (
            "password under the user name, ten characters"
            if shown
            else "the catalogue translates the placeholder names, so format_map prints "
            "them as 'key' and the mail carries no password"
        )
        raw = _openslides_mail(sender, subject, body)
        paths = (
            "openslides_backend/action/actions/user/send_invitation_email.py; "
            "openslides_backend/models/models.py"
        )
        if lang != "en":
            paths += f"; openslides_backend/i18n/messages/{lang}.po"
        _write(
            items,
            {
                "id": f"openslides-access-data-{lang}",
                "group": "openslides-access-data",
                "source": "openslides",
                "lang": lang,
                "kind": "other" if shown else "notice",
                "code": password if shown else None,
                "repository": "OpenSlides/openslides-backend",
                "path": paths,
                "commit": OPENSLIDES_COMMIT,
                "licence": "MIT",
                "rendered": "default users_email_subject/body translated with the .po catalogue "
                "and filled by format_map as send_invitation_email.py does; "
                "text/plain as EmailUtils.send_email(html=False)",
                "note": note,
            },
            raw,
        )

        token = "bearer%20" + base64.urlsafe_b64encode(
            hashlib.sha256(f"os-token-{lang}".encode()).digest() * 3
        ).decode().rstrip("=")
        body = tr(forget_en).format_map(
            _FormatDict(user_id=17, token=token, username="NoorTester", url=OPENSLIDES_URL)
        )
        subject = tr("Reset your OpenSlides password") + ": NoorTester"
        raw = _openslides_mail("noreply@assembly.civic.example", subject, body)
        paths = "openslides_backend/action/actions/user/forget_password.py"
        if lang != "en":
            paths += f"; openslides_backend/i18n/messages/{lang}.po"
        _write(
            items,
            {
                "id": f"openslides-forget-password-{lang}",
                "group": "openslides-forget-password",
                "source": "openslides",
                "lang": lang,
                "kind": "notice",
                "code": None,
                "repository": "OpenSlides/openslides-backend",
                "path": paths,
                "commit": OPENSLIDES_COMMIT,
                "licence": "MIT",
                "rendered": "PW_FORGET_EMAIL_TEMPLATE translated with the .po catalogue and "
                "filled by format_map; token stands for the auth service's "
                "URL-quoted token; text/plain from DEFAULT_FROM_EMAIL",
                "note": "password-reset link valid 10 minutes; user_id and token only in the URL",
            },
            raw,
        )


ACCESS_CODES_COMMIT = "e99e003b2b744256a4b62ff891fd40f28e029ee4"
# decidim/decidim decidim-core/app/views/layouts/decidim/mailer.html.erb at
# 034c3cafd8336886da220551c300d712b99fe6dc, ERB filled by hand: stylesheet_pack_tag as a
# <link>, no "see on website", no official header image, no note/unsubscribe blocks; the
# logo partial (_mailer_logo.html.erb at 0e9a268ba1e5fd0a3f3b1901026836084b07686d) for an
# organisation without logo; the no_reply_notice footnote left empty (not read).
DECIDIM_LAYOUT = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" \
"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <meta name="viewport" content="width=device-width">
    <link rel="stylesheet" href="/decidim-packs/css/decidim_email.css" />
  </head>

  <body>
    <!-- <style> -->
    <table class="body">
      <tr>
        <td class="float-center" align="center" valign="top">
          <center>
            <table class="main container">
              <tr>
                <td class="decidim-bar">
                  <table class="row collapse">
                    <tr>
                      <th class="small-3 large-3 first columns decidim-bar">
                        <table>
                          <tr>
                            <th>
                            </th>
                          </tr>
                        </table>
                      </th>
                      <th class="small-6 large-6 columns decidim-bar">
                        <table>
                          <tr>
                            <th>
                              <center>
                                <a href="{root}">
      <span>{org}</span>
      <style>
       .logo-wrapper span{{
         color: white;
         font-weight: 600;
         font-size: 1.4em;
         display: inline-block;
         text-align: left;
         padding-left: 8px;
         line-height: 1;
         position: relative;
       }}
       .logo-wrapper span:before{{
         content: "";
         display: block;
         position: absolute;
         border-left: 4px solid white;
         height: 88%;
         top: 6%; left: 0;
       }}
      </style>
</a>
                              </center>
                            </th>
                          </tr>
                        </table>
                      </th>
                      <th class="small-3 large-3 last columns decidim-bar">
                        <table>
                          <tr>
                            <th>
                            </th>
                          </tr>
                        </table>
                      </th>
                      <th class="expander"></th>
                    </tr>
                  </table>
                </td>
              </tr>
              <tr>
                <td>
                  <table class="spacer">
                    <tbody>
                      <tr>
                        <td height="40px" style="font-size:40px;line-height:40px;"> </td>
                      </tr>
                    </tbody>
                  </table>

                  <table class="row content">
                    <tr>
                      <th class="small-12 first columns">
                        {content}
                      </th>
                      <th class="expander"></th>
                    </tr>
                  </table>

                  <table class="row">
                    <tr>
                      <th class="small-12 first columns">
                      </th>
                      <th class="expander"></th>
                    </tr>
                  </table>

                  <table class="row">
                    <tr>
                      <th class="expander"></th>
                      <th class="small-12 first columns cityhall-bar">
                        <div class="decidim-logo" style="float: right; text-align: right; \
padding-right: 16px">
                          <a href="{root}">{org}</a>
                        </div>
                      </th>
                    </tr>
                  </table>
                </td>
              </tr>
            </table>
          </center>
        </td>
      </tr>
      <tr>
        <td class="float-center" align="center" valign="top">
          <center>
            <table class="container">
              <tr>
                <td height="10px" style="font-size:10px;line-height:10px;"> </td>
              </tr>
              <tr>
                <th class="small-12 first columns footnote">
                </th>
              </tr>
            </table>
          </center>
        </td>
      </tr>
    </table>
  </body>
</html>
"""
DECIDIM_ORGS = {"en": "Civic Assembly of Northfield", "ca": "Ajuntament de Vilanova",
                "es": "Ayuntamiento de Villaverde"}  # fmt: skip


def _rails_escape(text: str) -> str:
    """ERB::Util.html_escape: & < > " ' (the last as &#39;)."""
    return html.escape(text).replace("&#x27;", "&#39;")


def access_codes(repo: Path, items: list[dict]) -> None:
    view = _show(
        repo,
        ACCESS_CODES_COMMIT,
        "app/views/decidim/access_codes/access_code_mailer/send_code.html.erb",
    )
    for lang, org in DECIDIM_ORGS.items():
        path = f"config/locales/{lang}.yml"
        strings = yaml.safe_load(_show(repo, ACCESS_CODES_COMMIT, path))[lang]["decidim"][
            "access_codes"
        ]["access_code_mailer"]["send_code"]
        code = "".join(RNG.choice("0123456789abcdef") for _ in range(8))
        root = "https://participa.civic.example/"
        authorize = "https://participa.civic.example/access_codes/authorizations/new"
        fill = {
            '<%= t(".greeting", organization_name: translated_attribute(@organization.name)) %>': _rails_escape(
                strings["greeting"].replace("%{organization_name}", org)
            ),
            '<%== t(".instructions_1") %>': strings["instructions_1"],
            "<%= @access_code.code %>": code,
            '<%== t(".instructions_2") %>': strings["instructions_2"],
            '<%= link_to t(".verify"), @authorize_url %>': f'<a href="{authorize}">{_rails_escape(strings["verify"])}</a>',
            '<%== t(".footer") %>': strings["footer"],
        }
        content = view
        for erb, value in fill.items():
            assert erb in content, erb
            content = content.replace(erb, value)
        body = DECIDIM_LAYOUT.format(root=root, org=_rails_escape(org), content=content)
        subject = strings["subject"].replace("%{organization_name}", org)
        raw = message(sender=f"{org} <participa@civic.example>", subject=subject, text=None,
                      html_part=body)  # fmt: skip
        _write(
            items,
            {
                "id": f"decidim-access-code-{lang}",
                "group": "decidim-access-code",
                "source": "decidim-access-codes",
                "lang": lang,
                "kind": "gov-otp",
                "code": code,
                "repository": "openpoke/decidim-module-access_codes",
                "path": "app/views/decidim/access_codes/access_code_mailer/send_code.html.erb; "
                f"app/mailers/decidim/access_codes/access_code_mailer.rb; {path}",
                "commit": ACCESS_CODES_COMMIT,
                "licence": "AGPL-3.0",
                "rendered": "module ERB view filled by hand with its locale strings inside "
                "Decidim core's mailer layout (inline, read_file); text/html only; "
                "no_reply_notice footnote left empty",
                "note": "eight hex digits in an <h2> after 'Your access code is'; "
                "a verify link follows",
            },
            raw,
        )


HYPHA_COMMIT = "ff57f8d5f3dabc752ac3be4ffced95493f45504d"


def hypha(repo: Path, items: list[dict]) -> None:
    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True)
    context = {
        "user": "Noor Tester",
        "ORG_LONG_NAME": "Open Grants Fund",
        "ORG_SHORT_NAME": "OGF",
        "ORG_EMAIL": "grants@ogf.example",
        "site": {"root_url": "https://apply.ogf.example"},
        "timeout_minutes": 900 // 60,
        "login_time": "20 Nov 2026 10:41 CET",
    }
    token = "".join(RNG.choice("0123456789") for _ in range(6))
    mails = {
        "confirm-access": (f"Confirmation code for Open Grants Fund: {token}", token,
                           "six digits on a line of their own and in the subject"),
        "login-notification": ("Successful login to Open Grants Fund", None,
                               "new-login notice with the login time"),
    }  # fmt: skip
    for name, (subject, code, note) in mails.items():
        path = f"hypha/apply/users/templates/users/emails/{name.replace('-', '_')}.md"
        source = _show(repo, HYPHA_COMMIT, path)
        source = re.sub(r"\{% load [^%]*%\}\{% base_url_setting as base_url %\}", "", source)
        source = re.sub(r"\{% (?:blocktrans[^%]*|endblocktrans) %\}", "", source)
        rendered = env.from_string(source).render(token=code or "", **context)
        text = re.sub(r"\n\s*\n", "\n\r", rendered)
        paragraphs = [p.strip("\n") for p in re.split(r"\n\s*\n", rendered) if p.strip()]
        body_html = "".join(f"<p>{p}</p>\n" for p in paragraphs)
        raw = message(sender="Open Grants Fund <noreply@ogf.example>", subject=subject,
                      text=text, html_part=body_html)  # fmt: skip
        _write(
            items,
            {
                "id": f"hypha-{name}-en",
                "group": f"hypha-{name}",
                "source": "hypha",
                "lang": "en",
                "kind": "saas-otp" if code else "notice",
                "code": code,
                "repository": "HyphaApp/hypha",
                "path": f"{path}; hypha/apply/users/views.py; hypha/core/mail.py",
                "commit": HYPHA_COMMIT,
                "licence": "BSD-3-Clause",
                "rendered": "Django template rendered with Jinja2 (i18n tags dropped, English); "
                "text part via remove_extra_empty_lines, HTML paragraphs by hand",
                "note": note,
            },
            raw,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--helios", type=Path, required=True)
    parser.add_argument("--openslides", type=Path, required=True)
    parser.add_argument("--access-codes", type=Path, required=True)
    parser.add_argument("--hypha", type=Path, required=True)
    args = parser.parse_args()
    items: list[dict] = []
    helios(args.helios, items)
    openslides(args.openslides, items)
    access_codes(args.access_codes, items)
    hypha(args.hypha, items)
    out = HERE / "round8" / "civic.json"
    out.write_text(json.dumps({"items": items}, indent=1, ensure_ascii=False) + "\n")
    print(len(items), "items")


if __name__ == "__main__":
    main()
