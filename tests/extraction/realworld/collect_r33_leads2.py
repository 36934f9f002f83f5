"""Round thirty-three, unused leads (collector ``leads2``): the e-mail factor of Catalyst's
Moodle multi-factor plugin (the login confirmation code, English and Brazilian Portuguese), a
university library's card-registration service (welcome and PIN-reset mails, Swedish and
English, no code) and CheckTick's key-recovery notices (request codes that are references,
no code).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_leads2.py \\
        --mirrors /work/.mirror [--djlib /tmp/r33b-djlib]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commits named below with fixed values, so each run writes the same bytes. Writes
``mail/<source>/<id>.eml`` and ``round33/leads2.json``. CheckTick's mails are rendered by its
own ``email_utils.py`` with Django and Python-Markdown, which are not in the project's venv:
``python3 -m pip install --target /tmp/r33b-djlib "django==5.2.*" "markdown==3.*"`` (here
Django 5.2.19, Markdown 3.11.3; CheckTick pins ``django ~5.2.11`` and ``markdown ^3.6``); the
script puts ``--djlib`` on ``sys.path``.

- catalyst/moodle-tool_mfa (GPL-3.0-or-later: every file's header; the repository has no
  licence file), Moodle's multi-factor authentication admin tool. English at
  9b7c45ba99234924cac991e88ba69e29be493d49 (``MOODLE_400_STABLE``, the snapshot's HEAD; its
  ``lang/`` folders hold ``en`` only); Brazilian Portuguese at
  ff55ca125f79c5e22d5595b8e17fbe2cdf30d4ac ("Portuguese version", the one commit whose tree
  has ``factor/email/lang/pt_br/``; the same renderer and template, except that the location
  line is ``email:geoinfo`` without the later "unknown" fallback). Files:
  ``factor/email/classes/factor.php`` (``generate_and_email_code``: ``random_int(100000,
  999999)``; ``email_verification_code``: ``email_to_user($USER, $noreplyuser, $subject,
  $body, $body)`` with subject ``email:subject``), ``factor/email/renderer.php``
  (``generate_email``: ``get_string`` of ``email:message`` with ``{$a->secret}`` and
  ``{$a->link}`` = ``html_writer::link`` of ``/admin/tool/mfa/factor/email/email.php?
  instance=…&pass=1&secret=…`` (``moodle_url::out`` writes ``&amp;``), ``email:originatingip``
  with the request IP, ``email:geoinfo`` with ``iplookup_find_location``'s city and country,
  the user agent as the label, ``email:revokelink`` with a link to ``email.php?instance=…``),
  ``factor/email/templates/email.mustache`` (``{{x}}`` escaped by Moodle's ``s()``:
  ``htmlspecialchars`` with ENT_QUOTES, ``'`` as ``&#039;``; ``{{{x}}}`` raw; its two
  standalone comment blocks dropped with their lines), ``factor/email/lang/{en,pt_br}/
  factor_email.php``. Moodle core's ``email_to_user`` (lib/moodlelib.php, not fetched: the
  core repository is too big here) passes both bodies through ``core/email_text`` and
  ``core/email_html`` (``{{{body}}}``) and, for a user whose mail format is HTML (the
  default), sets PHPMailer's ``Body`` to the HTML and ``AltBody`` to ``"\\n$messagetext\\n"``:
  as the plugin passes the HTML as the text too, the text/plain part is the same HTML source
  between two newlines. From is the no-reply user (``noreplyname`` "Do not reply to this
  email", ``noreply@`` the site's host).
- ChalmersLibrary/libcardreg (MIT, ``LICENSE``), Chalmers University of Technology Library's
  library-card registration and PIN-reset service (Node, SendGrid), at
  802143a3bc4df70d9b8563f8cc99f483737fa35c. Files: ``routes/index.js`` (account created:
  ``sgMail.send`` with ``subject: text.createdMailSubject``, ``text: req.body.cid ?
  text.createdMailTextChalmers : text.createdMailTextlPublic`` — the public key is misspelt,
  so a public (non-Chalmers) patron's mail has no text part, only ``createdMailHtmlPublic``;
  PIN reset: ``pinResetMailSubject`` and ``pinResetMailText``/``pinResetMailHtml`` with
  ``{{url}}`` replaced by ``BASE_URL + "/pin-reset?t=" + token``, the token 48 random bytes
  from ``tokens/tokenManager.js`` ``generateUniqueToken``, hex), ``resources/translation.js``,
  ``resources/languages/{svSe,enGB}.js`` (subjects) and ``resources/languages/mail/*.js``
  (bodies: JS template literals without substitutions, read verbatim). SendGrid sends text
  and HTML as multipart/alternative. ``SENDER_EMAIL`` and ``BASE_URL`` are deployment
  values (``.env_example`` leaves them empty): ``biblioteket@lib.chalmers.se`` and the
  service's own ``https://libcard.azurewebsites.net`` (the address the mails link to).
  No mail carries a code: the patron chose the PIN, and the reset token is only in the link.
- eatyourpeas/checktick (GPL-3.0-only, ``LICENSE``: GNU GPL version 3 without "or later"),
  a clinical survey platform, at d015e2424dd4a87c8447179888962e5183616929. Its own
  ``checktick_app/core/email_utils.py`` is run (a stub ``checktick_app.core.models.SiteBranding``
  with no row, so ``get_platform_branding`` takes the settings defaults: title CheckTick,
  primary colour #3b82f6, fonts of ``settings.py``), with Django settings of
  ``checktick_app/settings.py`` that matter (``LANGUAGE_CODE`` en-gb, ``DEFAULT_FROM_EMAIL``
  default ``no-reply@example.com``, ``SITE_URL`` a deployment's
  ``https://checktick.example.org``), templates ``checktick_app/templates/emails/base_email.html``
  and ``emails/recovery/*.md`` (rendered by ``render_to_string``, then
  ``markdown.markdown(extensions=["extra", "nl2br", "sane_lists"])``, wrapped in
  ``base_email.html``; the text part is ``strip_tags`` of the Markdown's HTML;
  ``EmailMultiAlternatives`` text then HTML). The send functions are called with the
  arguments of their callers in ``checktick_app/api/views.py`` (``approve``, ``reject``,
  ``check_time_delay``, ``_send_request_notifications``, ``_send_cancellation_notification``)
  and ``checktick_app/surveys/views.py`` (completed). ``request_id`` is the recovery request's
  ``request_code`` (``surveys/models.py`` ``_generate_request_code``: three upper-case letters,
  three digits, three letters, hyphenated): a reference shown to the reader, not a code to
  type. The ``.po`` catalogues translate none of these mails' strings, so they are English
  only. ``send_recovery_verification_needed_email`` has no caller and is not rendered.

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
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 14, 8, 41, 5, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round33" / "leads2.json"
RNG = random.Random("r33-leads2")

MFA = "catalyst/moodle-tool_mfa"
MFA_EN = "9b7c45ba99234924cac991e88ba69e29be493d49"
MFA_PT = "ff55ca125f79c5e22d5595b8e17fbe2cdf30d4ac"
LCR = "ChalmersLibrary/libcardreg"
LCR_COMMIT = "802143a3bc4df70d9b8563f8cc99f483737fa35c"
CT = "eatyourpeas/checktick"
CT_COMMIT = "d015e2424dd4a87c8447179888962e5183616929"


def _show_bytes(mirrors: Path, repo: str, commit: str, path: str) -> bytes:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


def _show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    return _show_bytes(mirrors, repo, commit, path).decode("utf-8")


def _save(*, source, ident, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    name = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{name}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": name, "group": f"{source}-{ident}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# catalyst/moodle-tool_mfa: factor_email


def _php_lang(source: str) -> dict[str, str]:
    """``$string['key'] = '…';`` (single-quoted: only ``\\'`` and ``\\\\`` are escapes) and
    ``"…"`` strings of a Moodle lang file."""
    out = {}
    for key, sq, dq in re.findall(
        r"\$string\['([^']+)'\]\s*=\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")\s*;",
        source,
    ):
        out[key] = (sq or dq).replace("\\'", "'").replace("\\\\", "\\") if sq else dq
    return out


def _s(value: str) -> str:
    """Moodle's s(): htmlspecialchars with ENT_QUOTES | ENT_HTML401 (``'`` as ``&#039;``)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _get_string(strings: dict[str, str], key: str, a: object = None) -> str:
    value = strings[key]
    if isinstance(a, dict):
        for name, val in a.items():
            value = value.replace("{$a->" + name + "}", val)
    elif a is not None:
        value = value.replace("{$a}", str(a))
    return value


def _mustache(template: str, data: dict[str, str]) -> str:
    # The template's two comment blocks stand alone on their lines: dropped with them.
    template = re.sub(r"\{\{!.*?\}\}\n", "", template, flags=re.S)
    template = re.sub(r"\{\{\{(\w+)\}\}\}", lambda m: data[m.group(1)], template)
    out = re.sub(r"\{\{(\w+)\}\}", lambda m: _s(data[m.group(1)]), template)
    assert "{{" not in out, out
    return out


def moodle_mfa(mirrors: Path) -> None:
    site = "https://moodle.example.edu"
    sender = '"Do not reply to this email" <noreply@moodle.example.edu>'
    rendered = (
        "factor_email renderer generate_email: get_string of lang/<lang>/factor_email.php into "
        "templates/email.mustache (s() escaping); email_to_user with the HTML as both bodies: "
        'text/plain part is the same HTML between newlines (AltBody "\\n$messagetext\\n"), '
        "text/html the HTML; multipart/alternative"
    )
    cases = [
        # lang, commit, moodle lang dir, instance id, IP, city, country, user agent
        ("en", MFA_EN, "en", "4127", "203.0.113.58", "Dunedin", "New Zealand",
         "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:122.0) Gecko/20100101 Firefox/122.0"),
        ("pt", MFA_PT, "pt_br", "958", "198.51.100.37", "Porto Alegre", "Brazil",
         "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/110.0.0.0 Safari/537.36"),
    ]  # fmt: skip
    for lang, commit, langdir, instance, ip, city, country, agent in cases:
        lang_path = f"factor/email/lang/{langdir}/factor_email.php"
        strings = _php_lang(_show(mirrors, MFA, commit, lang_path))
        template = _show(mirrors, MFA, commit, "factor/email/templates/email.mustache")
        renderer = _show(mirrors, MFA, commit, "factor/email/renderer.php")
        assert "['instance' => $instance->id, 'pass' => 1, 'secret' => $instance->secret]" in (
            renderer
        )
        factor = _show(mirrors, MFA, commit, "factor/email/classes/factor.php")
        assert "random_int(100000, 999999)" in factor
        secret = str(RNG.randint(100000, 999999))
        url = f"{site}/admin/tool/mfa/factor/email/email.php"
        link_text = _s(_get_string(strings, "email:link"))
        authlink = (
            f'<a href="{url}?instance={instance}&amp;pass=1&amp;secret={secret}">{link_text}</a>'
        )
        blocklink = f'<a href="{url}?instance={instance}">{link_text}</a>'
        data = {
            "title": _get_string(strings, "email:subject"),
            "message": _get_string(strings, "email:message", {"secret": secret, "link": authlink}),
            "ipinformation": _get_string(strings, "email:ipinfo"),
            "ip": _get_string(strings, "email:originatingip", ip),
            "geoinfo": _get_string(strings, "email:geoinfo", {"city": city, "country": country}),
            "uadescription": _get_string(strings, "email:uadescription"),
            "ua": agent,
            "linkstring": _get_string(strings, "email:revokelink", blocklink),
        }
        body = _mustache(template, data)
        _save(
            source="moodletoolmfa", ident="email-code", lang=lang, kind="saas-otp", code=secret,
            repository=MFA, path=f"factor/email/renderer.php; {lang_path}", commit=commit,
            licence="GPL-3.0-or-later", rendered=rendered, sender=sender,
            subject=_get_string(strings, "email:subject"), text=f"\n{body}\n", html_part=body,
            note="the mail gives the six-digit login confirmation code in quotes "
            "(random_int(100000, 999999)); the same number is also in the authorise link",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# ChalmersLibrary/libcardreg


def _js_literal(source: str, key: str) -> str:
    """The template literal (or quoted string) assigned to ``key`` in a resource file."""
    m = re.search(key + r":\s*`([^`]*)`", source)
    if m:
        assert "${" not in m.group(1)
        return m.group(1)
    m = re.search(key + r':\s*"((?:[^"\\]|\\.)*)"', source)
    assert m, key
    return m.group(1).replace('\\"', '"')


def libcardreg(mirrors: Path) -> None:
    sender = "biblioteket@lib.chalmers.se"
    base_url = "https://libcard.azurewebsites.net"
    routes = _show(mirrors, LCR, LCR_COMMIT, "routes/index.js")
    assert "text.createdMailTextlPublic" in routes  # misspelt key: public mail is HTML only
    assert 'process.env.BASE_URL + "/pin-reset?t=" + token' in routes
    mail_dir = "resources/languages/mail/"
    rendered = (
        "@sendgrid/mail send from routes/index.js with the subject of resources/languages/"
        "<lang>.js and the bodies of resources/languages/mail/*.js; multipart/alternative"
    )
    for lang, suffix, lang_file in (("sv", "Sve", "svSe.js"), ("en", "Eng", "enGB.js")):
        strings = _show(mirrors, LCR, LCR_COMMIT, "resources/languages/" + lang_file)
        created_subject = _js_literal(strings, "createdMailSubject")
        reset_subject = _js_literal(strings, "pinResetMailSubject")

        def body(name: str, key: str) -> str:
            return _js_literal(_show(mirrors, LCR, LCR_COMMIT, mail_dir + name + ".js"), key)

        files = f"routes/index.js; resources/languages/{lang_file}; {mail_dir}"
        _save(
            source="chalmerslibcard", ident="created-chalmers", lang=lang, kind="notice",
            code=None, repository=LCR, path=files + f"MailTextChalmers{suffix}.js",
            commit=LCR_COMMIT, licence="MIT", rendered=rendered, sender=sender,
            subject=created_subject,
            text=body(f"MailTextChalmers{suffix}", "createdMailTextChalmers"),
            html_part=body(f"mailHtmlChalmers{suffix}", "createdMailHtmlChalmers"),
            note="welcome to a Chalmers patron: the PIN is the one the patron chose at "
            "registration and is not in the mail",
        )  # fmt: skip
        _save(
            source="chalmerslibcard", ident="created-public", lang=lang, kind="notice",
            code=None, repository=LCR, path=files + f"mailHtmlPublic{suffix}.js",
            commit=LCR_COMMIT, licence="MIT",
            rendered=rendered.replace("; multipart", " (text key misspelt in routes/index.js: "
                                      "HTML part only); single"),
            sender=sender, subject=created_subject, text=None,
            html_part=body(f"mailHtmlPublic{suffix}", "createdMailHtmlPublic"),
            note="welcome to a public patron: personnummer and the chosen PIN log in; "
            "neither is in the mail",
        )  # fmt: skip
        token = RNG.randbytes(48).hex()
        url = f"{base_url}/pin-reset?t={token}"
        _save(
            source="chalmerslibcard", ident="pin-reset", lang=lang, kind="notice", code=None,
            repository=LCR, path=files + f"pinResetTextChalmers{suffix}.js", commit=LCR_COMMIT,
            licence="MIT", rendered=rendered, sender=sender, subject=reset_subject,
            text=body(f"pinResetTextChalmers{suffix}", "pinResetMailText").replace("{{url}}", url),
            html_part=body(f"pinResetHtmlChalmers{suffix}", "pinResetMailHtml").replace(
                "{{url}}", url
            ),
            note="PIN reset: the token (96 hex, tokenManager.generateUniqueToken) is only "
            "inside the link",
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# eatyourpeas/checktick


def _request_code() -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return (
        "".join(RNG.choices(letters, k=3))
        + "-"
        + "".join(RNG.choices("0123456789", k=3))
        + "-"
        + "".join(RNG.choices(letters, k=3))
    )


def checktick(mirrors: Path, djlib: Path) -> None:
    sys.path.insert(0, str(djlib))
    import django
    from django.conf import settings

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pkg = tmp / "checktick_app"
        (pkg / "core").mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "core" / "__init__.py").write_text("")
        (pkg / "core" / "models.py").write_text(
            "class _Manager:\n    def first(self):\n        return None\n\n\n"
            "class SiteBranding:\n    objects = _Manager()\n"
        )
        (pkg / "core" / "email_utils.py").write_bytes(
            _show_bytes(mirrors, CT, CT_COMMIT, "checktick_app/core/email_utils.py")
        )
        names = subprocess.run(
            ["git", "--git-dir", str(mirrors / "eatyourpeas+checktick" / "repo"), "ls-tree",
             "-r", "--name-only", CT_COMMIT, "checktick_app/templates/emails/"],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        for name in names:
            out = tmp / "templates" / name.removeprefix("checktick_app/templates/")
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(_show_bytes(mirrors, CT, CT_COMMIT, name))
        settings_src = _show(mirrors, CT, CT_COMMIT, "checktick_app/settings.py")
        assert 'LANGUAGE_CODE = "en-gb"' in settings_src
        assert 'DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="no-reply@example.com")' in (
            settings_src
        )
        settings.configure(
            USE_I18N=True,
            LANGUAGE_CODE="en-gb",
            TIME_ZONE="UTC",
            USE_TZ=True,
            DEFAULT_FROM_EMAIL="no-reply@example.com",
            SITE_URL="https://checktick.example.org",
            BRAND_TITLE="CheckTick",
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
            INSTALLED_APPS=[],
            TEMPLATES=[
                {
                    "BACKEND": "django.template.backends.django.DjangoTemplates",
                    "DIRS": [str(tmp / "templates")],
                    "OPTIONS": {},
                }
            ],
        )
        django.setup()
        sys.path.insert(0, str(tmp))
        from checktick_app.core import email_utils as eu  # type: ignore[import-not-found]
        from django.core import mail

        mail.outbox = []
        site = "https://checktick.example.org"
        user, email = "aoife.brennan", "aoife.brennan@example.org"
        survey = "Paediatric Asthma Follow-up 2026"
        code = _request_code()
        reason = "I lost my survey passphrase after my laptop was replaced."
        calls = [
            ("request-submitted", "emails/recovery/request_submitted.md",
             eu.send_recovery_request_submitted_email,
             dict(to_email=email, user_name=user, request_id=code, survey_name=survey,
                  reason=reason)),
            ("admin-notification", "emails/recovery/admin_notification.md",
             eu.send_recovery_admin_notification_email,
             dict(to_email="platform.admin@example.org", admin_name="platform.admin",
                  request_id=code, requester_name=user, requester_email=email,
                  survey_name=survey, reason=reason,
                  dashboard_url=f"{site}/admin/recovery/7f3c2a9e-1b4d-4e8a-9c61-2d5f80b7e413/")),
            ("security-alert", "emails/recovery/security_alert.md",
             eu.send_recovery_security_alert_email,
             dict(to_email=email, user_name=user, request_id=code, survey_name=survey,
                  alert_type="Recovery Request Initiated",
                  alert_details="A key recovery request was submitted for your account. "
                  "If you did not initiate this request, please report it immediately.",
                  action_url=f"{site}/security/report-unauthorized/")),
            ("approved", "emails/recovery/approved.md", eu.send_recovery_approved_email,
             dict(to_email=email, user_name=user, request_id=code, survey_name=survey,
                  time_delay_hours=48, access_available_at="2026-12-16 09:05 UTC",
                  approved_by="Platform Administrator")),
            ("ready", "emails/recovery/ready.md", eu.send_recovery_ready_email,
             dict(to_email=email, user_name=user, request_id=code, survey_name=survey,
                  recovery_url=f"{site}/recovery/complete/{code}/")),
            ("completed", "emails/recovery/completed.md", eu.send_recovery_completed_email,
             dict(to_email=email, user_name="Aoife Brennan", request_id=code,
                  survey_name=survey,
                  survey_url=f"{site}/surveys/paediatric-asthma-follow-up-2026/dashboard/")),
            ("rejected", "emails/recovery/rejected.md", eu.send_recovery_rejected_email,
             dict(to_email=email, user_name=user, request_id=_request_code(),
                  survey_name=survey, reason="Identity could not be verified.",
                  rejected_by="Platform Administrator")),
            ("cancelled", "emails/recovery/cancelled.md", eu.send_recovery_cancelled_email,
             dict(to_email=email, user_name=user, request_id=_request_code(),
                  survey_name=survey, cancelled_by="You",
                  reason="Found my passphrase in my password manager.")),
        ]  # fmt: skip
        rendered = (
            "checktick_app/core/email_utils.py run with Django 5.2 and Python-Markdown: "
            "render_to_string of the .md, markdown (extra, nl2br, sane_lists) into "
            "emails/base_email.html; text part strip_tags of the Markdown HTML; "
            "EmailMultiAlternatives multipart/alternative"
        )
        for ident, template, func, kwargs in calls:
            assert func(**kwargs), ident
            sent = mail.outbox[-1]
            (html_part, mime) = sent.alternatives[0]
            assert mime == "text/html"
            _save(
                source="checktick", ident=f"recovery-{ident}", lang="en", kind="notice",
                code=None, repository=CT,
                path=f"checktick_app/core/email_utils.py; checktick_app/templates/{template}",
                commit=CT_COMMIT, licence="GPL-3.0-only", rendered=rendered,
                sender=sent.from_email, subject=sent.subject, text=sent.body,
                html_part=html_part,
                note="the request ID (ABC-123-XYZ, _generate_request_code) is a reference "
                "shown in code style and in the subject, not a code the reader types",
            )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--djlib", type=Path, default=Path("/tmp/r33b-djlib"))
    args = ap.parse_args()
    moodle_mfa(args.mirrors)
    libcardreg(args.mirrors)
    checktick(args.mirrors, args.djlib)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(
        json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
