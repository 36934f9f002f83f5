"""Round twenty-four, developer and ops tools: a database administration UI (pgAdmin 4), a
self-hosted code-hosting and review server (Kallithea) and the account service of a software
forge (sourcehut's meta.sr.ht) — an e-mail multi-factor verification code, a password-reset
token to type, and password, two-factor, new-user and code-review notices, in the languages
their catalogues translate them into.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r24_devtools.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. jinja2
3.1.6 and Mako 1.4.3 (with markupsafe) are the only packages beyond the standard library; where
the project's environment lacks them they are taken from ``/tmp/r24pkgs``
(``pip install --target /tmp/r24pkgs jinja2==3.1.6 mako==1.4.3``).

- pgadmin-org/pgadmin4 (PostgreSQL licence, ``LICENSE``), pgAdmin 4, the PostgreSQL
  administration web UI (Flask + Flask-Security-Too). Two mails:

  * the MFA e-mail code: ``_send_code_to_email`` of ``web/pgadmin/authenticate/mfa/email.py``
    makes the code with ``__generate_otp`` (hex of time, user name and a random number, summed
    in six-hex-digit windows modulo 1 000 000, ``zfill(6)``: six digits, leading zeros
    possible) and calls Flask-Security's ``send_mail`` with the subject
    ``_("{} - Verification Code").format(config.APP_NAME)`` (``MFA_EMAIL_SUBJECT`` is None in
    ``web/config.py``; ``APP_NAME`` is ``'pgAdmin 4'`` in ``web/branding.py``) and the
    template ``send_email_otp``: ``web/pgadmin/authenticate/mfa/templates/security/email/
    send_email_otp.{txt,html}``. The subject is looked up in
    ``web/pgadmin/translations/<locale>/LC_MESSAGES/messages.po`` (flask-babel; an empty
    msgstr stays English, so ``de`` and ``pl`` are left out); the templates themselves hold
    no gettext calls, so the body is English in every language, as pgAdmin sends it. Three
    locales are taken (en, ja, zh_Hans_CN).
  * the password-changed notice: ``web/pgadmin/templates/security/email/change_notice.
    {txt,html}`` with ``SECURITY_EMAIL_SUBJECT_PASSWORD_CHANGE_NOTICE`` of ``web/config.py``
    (a plain string, not translated); ``security.recoverable`` is true (``web/pgadmin/
    __init__.py`` sets ``SECURITY_RECOVERABLE``), ``url_for('browser.forgot_password',
    _external=True)`` is the ``/browser/reset_password`` route of ``web/pgadmin/browser/
    __init__.py`` on a fixed host.

  Both templates are rendered with jinja2 as Flask does (autoescape for ``.html``, no
  ``trim_blocks``, the final newline dropped) and sent as Flask-Security sends them: text and
  HTML parts as a multipart/alternative, From ``SECURITY_EMAIL_SENDER``
  (``no-reply@localhost`` by default, here ``no-reply@pgadmin.example.com``).
- NexMirror/Kallithea (GPL-3.0-only, ``LICENSE.md`` + ``COPYING``; a mirror of the Kallithea
  Mercurial repository, last commit 2020-05-06), Kallithea, a Mercurial/Git hosting and code
  review server (TurboGears 2, Mako). The Mako templates of
  ``kallithea/templates/email_templates/`` (``main.html`` layout, ``header.{txt,html}``,
  ``button.{txt,html}``) are rendered with Mako 1.x as ``EmailNotificationModel.get_email_tmpl``
  of ``kallithea/model/notification.py`` does: ``_`` is gettext over
  ``kallithea/i18n/<locale>/LC_MESSAGES/kallithea.po`` (the request's language; untranslated
  strings stay English), the HTML style values of that function, and TurboGears' Mako
  settings (every ``${}`` through ``markupsafe.escape_silent`` unless ``|n``; ``unicode`` is
  ``str``). Both parts go out through ``tasks.send_email`` (``kallithea/lib/celerylib/
  tasks.py``) as text + HTML alternatives, ``email_prefix`` unset, From ``app_email_from``
  (here ``Kallithea <kallithea-noreply@example.com>``; a notification names its author:
  ``"<full name> (no-reply)" <address>``).

  * ``password_reset``: ``UserModel.send_reset_password_email`` (``kallithea/model/user.py``)
    with subject ``_("Password reset link")``, ``user`` = first and last name, the token of
    ``get_reset_password_token`` (an HMAC-SHA1 hexdigest: 40 lower-case hex digits; fixed
    values here) and the ``reset_password_confirmation`` URL of ``kallithea/config/
    routing.py`` (``/_admin/password_reset_confirmation?email=…&timestamp=…&token=…``).
    en, el, fr, ru (the catalogues that translate its sentences; the title ``Password Reset
    Request`` is translated in none of them).
  * ``registration``: the admins' notice of ``UserModel.create_registration`` through
    ``NotificationModel.create``, subject ``_('New user %(new_username)s registered')``,
    link to ``/_admin/users/<id>/edit``. en, de, fr, ru.
  * ``pull_request``: the reviewer notice of ``PullRequestModel.add_reviewers``
    (``kallithea/model/pull_request.py``) with its ``email_kwargs`` and subject
    ``[Review] … PR #n "…" from <branch> by <user>``; the text part gets the description
    as typed, the HTML part ``h.render_w_mentions`` of it (``urlify_text``: escaped, line
    breaks as ``<br/>``, in a ``formatted-fixed`` div; the descriptions here hold no links,
    hashes or mentions, so nothing else applies), ``h.shorter`` and the ``changeset_home``
    and ``pullrequest_show`` URLs (with ``urlreadable`` of ``/_/<branch>``). en, el, fr, ru.

  The ``X-Kallithea-Notification-Type`` and ``References`` headers that notifications add are
  left out (``collect.message`` writes a fixed set of headers).
- artoj/meta.sr.ht (AGPL-3.0-only, ``LICENSE``; a GitHub mirror of sourcehut's meta.sr.ht,
  last commit 2023-03-31), the account service of the sourcehut forge. Its Python side
  writes each mail as a ``string.Template`` holding ``Subject:`` (and ``Reply-To:``) headers,
  a blank line and the body, and hands it to the ``sendEmail`` GraphQL mutation
  (``metasrht/email.py``; ``sendEmailNotification`` of ``api/graph/resolver.go`` takes the
  headers and sends the single text/plain part). Four English mails (sourcehut ships no
  translations): ``issue_reset`` of ``metasrht/blueprints/auth.py`` (the reset link; the hash
  is ``gen_reset_hash`` of ``metasrht/types/user.py``, base64url of 18 random bytes, only
  inside the link) and the ``audit_log`` security notice of ``metasrht/audit.py`` for TOTP
  enabled (``metasrht/blueprints/security.py``), a recovery code used and the password reset
  (``metasrht/blueprints/auth.py``), each with the subject and details its caller passes.
  The templates are read from the Python source and substituted with Python's own
  ``string.Template``; the configuration (``[sr.ht] site-name``, ``owner-name``,
  ``owner-email``, ``[meta.sr.ht] origin``, ``config.example.ini``) has fixed example
  values. Left out: the ``Reply-To`` header and the PGP signature an instance adds when it
  has a signing key configured (core-sr.ht's mailer): the mails are written unsigned.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import string
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

try:
    import jinja2
    import mako.lookup
    import markupsafe
except ModuleNotFoundError:
    sys.path.insert(0, "/tmp/r24pkgs")
    import jinja2
    import mako.lookup
    import markupsafe
from collect import HERE, message

# The %-formatting below is the senders' own (Kallithea's), kept as written.
# ruff: noqa: UP031

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round24" / "devtools.json"
SENT = datetime(2026, 12, 4, 10, 17, 43, tzinfo=UTC)

PGADMIN = "pgadmin-org/pgadmin4"
PGADMIN_COMMIT = "bc58657d3d3ab4209cdadea6d191b632cf1572cc"
PGADMIN_HOST = "https://pgadmin.example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def read_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue (fuzzy and empty entries left out, as
    msgfmt/babel compile it)."""
    out: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        if "#, fuzzy" in block or "#~" in block:
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            m = re.match(r'(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(".*")$', line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid") and fields.get("msgstr"):
            out[fields["msgid"]] = fields["msgstr"]
    return out


class Writer:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, *, source: str, group: str, lang: str, raw: bytes, **fields) -> None:
        item_id = f"{group}-{lang}"
        rel = f"mail/{source}/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        item = {
            "id": item_id,
            "group": group,
            "source": source,
            "lang": lang,
            "kind": fields.pop("kind"),
            "code": fields.pop("code"),
            "repository": fields.pop("repository"),
            "path": fields.pop("path"),
            "commit": fields.pop("commit"),
            "licence": fields.pop("licence"),
            "rendered": fields.pop("rendered"),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        if "note" in fields:
            item["note"] = fields.pop("note")
        assert not fields, fields
        self.items.append(item)


# ---------------------------------------------------------------------------------------
# pgAdmin 4


def flask_env(templates: dict[str, str]) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        autoescape=jinja2.select_autoescape(["html"]),
    )


def pgadmin(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, PGADMIN, PGADMIN_COMMIT, path)

    mfa = "web/pgadmin/authenticate/mfa/templates/security/email/send_email_otp"
    notice = "web/pgadmin/templates/security/email/change_notice"
    env = flask_env(
        {
            "otp.txt": show(mfa + ".txt"),
            "otp.html": show(mfa + ".html"),
            "notice.txt": show(notice + ".txt"),
            "notice.html": show(notice + ".html"),
        }
    )
    app_name = re.search(r"APP_NAME = '([^']*)'", show("web/branding.py")).group(1)
    sender = "no-reply@pgadmin.example.com"

    def url_for(endpoint: str, _external: bool = False) -> str:
        assert endpoint == "browser.forgot_password" and _external
        return PGADMIN_HOST + "/browser/reset_password"

    common = {
        "repository": PGADMIN,
        "commit": PGADMIN_COMMIT,
        "licence": "PostgreSQL",
    }
    codes = {"en": "048217", "ja": "360941", "zh-Hans": "092684"}
    locales = {"en": None, "ja": "ja", "zh-Hans": "zh_Hans_CN"}
    for lang, locale in locales.items():
        msgid = "{} - Verification Code"
        po_path = f"web/pgadmin/translations/{locale}/LC_MESSAGES/messages.po"
        subject = msgid
        if locale:
            subject = read_po(show(po_path))[msgid]
        subject = subject.format(app_name)
        ctx = {"code": codes[lang], "user": None}
        raw = message(
            sender=sender,
            subject=subject,
            text=env.get_template("otp.txt").render(ctx),
            html_part=env.get_template("otp.html").render(ctx),
            sent=SENT,
        )
        w.add(
            source="pgadmin",
            group="pgadmin-mfa-email-code",
            lang=lang,
            raw=raw,
            kind="saas-otp",
            code=codes[lang],
            path=", ".join(
                ["web/pgadmin/authenticate/mfa/email.py", mfa + ".txt", mfa + ".html"]
                + (["web/branding.py"] if not locale else ["web/branding.py", po_path])
            ),
            rendered="jinja2 as Flask renders the txt and html templates; subject from the "
            "flask-babel catalogue, body English as shipped; multipart text+html",
            **common,
            **(
                {"note": "only the subject is translated; the template body is English"}
                if locale
                else {}
            ),
        )

    config = show("web/config.py")
    m = re.search(
        r'SECURITY_EMAIL_SUBJECT_PASSWORD_CHANGE_NOTICE = \\\n\s*"([^"]*)" % APP_NAME', config
    )
    subject = m.group(1) % app_name
    ctx = {"security": {"recoverable": True}, "url_for": url_for}
    raw = message(
        sender=sender,
        subject=subject,
        text=env.get_template("notice.txt").render(ctx),
        html_part=env.get_template("notice.html").render(ctx),
        sent=SENT,
    )
    w.add(
        source="pgadmin",
        group="pgadmin-password-changed",
        lang="en",
        raw=raw,
        kind="notice",
        code=None,
        path=", ".join(
            [
                notice + ".txt",
                notice + ".html",
                "web/config.py",
                "web/pgadmin/__init__.py",
                "web/pgadmin/browser/__init__.py",
            ]
        ),
        rendered="jinja2 as Flask renders the txt and html templates, url_for stubbed to the "
        "reset_password route; multipart text+html",
        **common,
    )


# ---------------------------------------------------------------------------------------
# Kallithea

KALLITHEA = "NexMirror/Kallithea"
KALLITHEA_COMMIT = "8faf05839de525924644175fa5ba844c81e78b21"
KALLITHEA_HOST = "https://code.example.com"
KALLITHEA_TIMESTAMP = 1796379463  # 2026-12-04 10:17:43 UTC, int(time.time()) when asked
KALLITHEA_FROM = "Kallithea <kallithea-noreply@example.com>"
KALLITHEA_TEMPLATES = (
    "main.html",
    "header.html",
    "header.txt",
    "button.html",
    "button.txt",
    "password_reset.html",
    "pull_request.html",
    "pull_request.txt",
    "password_reset.txt",
    "registration.html",
    "registration.txt",
)
KALLITHEA_HTML_STYLE = {
    "color_text": "#202020",
    "color_emph": "#395fa0",
    "color_link": "#395fa0",
    "color_border": "#ddd",
    "color_background_grey": "#f9f9f9",
    "color_button": "#395fa0",
    "monospace_style": "font-family:Lucida Console,Consolas,Monaco,Inconsolata,"
    "Liberation Mono,monospace",
    "sans_style": "font-family:Helvetica,Arial,sans-serif",
}


def kallithea_style() -> dict[str, str]:
    """The style values ``EmailNotificationModel.get_email_tmpl`` adds for HTML."""
    kw = dict(KALLITHEA_HTML_STYLE)
    kw["default_style"] = (
        "%(sans_style)s;font-weight:200;font-size:14px;line-height:17px;color:%(color_text)s" % kw
    )
    kw["comment_style"] = "%(monospace_style)s;white-space:pre-wrap" % kw
    kw["data_style"] = "border:%(color_border)s 1px solid;background:%(color_background_grey)s" % kw
    kw["emph_style"] = "font-weight:600;color:%(color_emph)s" % kw
    kw["link_style"] = "color:%(color_link)s;text-decoration:none" % kw
    kw["link_text_style"] = (
        "color:%(color_text)s;text-decoration:none;border:%(color_border)s 1px solid;"
        "background:%(color_background_grey)s" % kw
    )
    return kw


def kallithea_reset(lang, user, token, gettext, render, paths, w: Writer) -> None:
    """The password-reset mail of ``UserModel.send_reset_password_email``."""
    first, last, mail = user
    common = {"repository": KALLITHEA, "commit": KALLITHEA_COMMIT, "licence": "GPL-3.0-only"}
    timestamp = KALLITHEA_TIMESTAMP
    link = f"{KALLITHEA_HOST}/_admin/password_reset_confirmation?" + urlencode(
        {"email": mail, "timestamp": timestamp, "token": token}
    )
    kw = {"user": f"{first} {last}", "reset_token": token, "reset_url": link}
    raw = message(
        sender=KALLITHEA_FROM,
        subject=gettext("Password reset link"),
        text=render("password_reset", "txt", gettext, **kw),
        html_part=render("password_reset", "html", gettext, **kw),
        sent=SENT,
    )
    w.add(
        source="kallithea",
        group="kallithea-password-reset",
        lang=lang,
        raw=raw,
        kind="saas-otp",
        code=token,
        path=", ".join(paths),
        rendered="Mako (TurboGears filters: escape by default, |n,unicode raw) over the "
        "txt and html templates with the gettext catalogue; multipart text+html",
        note="the 40-hex HMAC-SHA1 reset token the mail asks to type into the reset form "
        "if the link cannot be used",
        **common,
    )


class KallitheaHelpers:
    """The two ``kallithea.lib.helpers`` functions the pull-request templates call."""

    @staticmethod
    def shorter(s: str, size: int = 20, firstline: bool = False, postfix: str = "...") -> str:
        if firstline:
            s = s.split("\n", 1)[0].rstrip()
        if len(s) > size:
            return s[: size - len(postfix)] + postfix
        return s

    @staticmethod
    def canonical_url(endpoint: str, repo_name: str, revision: str) -> str:
        assert endpoint == "changeset_home"
        return f"{KALLITHEA_HOST}/{repo_name}/changeset/{revision}"


class KallitheaUser:
    def __init__(self, first: str, last: str, username: str) -> None:
        self.full_name_and_username = f"{first} {last} ({username})"


def render_w_mentions(source: str) -> str:
    """``h.render_w_mentions`` for a description without links, hashes, mentions or
    ``*bold*``: ``urlify_text`` escapes it (``html_escape``), turns line breaks into
    ``<br/>`` and ``&apos;`` into ``&#39;``, then wraps it in a div."""
    s = source.rstrip()
    s = (
        s.replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )
    s = s.replace("\r\n", "<br/>").replace("\n", "<br/>").replace("&apos;", "&#39;")
    return markupsafe.Markup('<div class="formatted-fixed">%s</div>' % s)


KALLITHEA_PRS = {
    "en": {
        "title": "Fix session timeout on the login page",
        "description": "The login form kept a stale CSRF token after the session expired.\n"
        "This refreshes the token and adds a test for it.",
        "revisions": [
            (
                "3f2a9c1d7e4b8a6f0c5d2e9b1a7f4c3d8e6b0a21",
                "login: refresh CSRF token after "
                "session expiry\n\nThe old token was kept in the form.",
            ),
            ("a81c4e7f2b9d3c6a0e5f1b8d4c7a2e9f6b3d0c15", "tests: cover expired login sessions"),
        ],
        "owner": ("Mark", "Johnson", "mjohnson"),
        "repo": "webapps/portal",
        "id": 128,
        "source": "fix-login-timeout",
    },
    "el": {
        "title": "Διόρθωση μετάφρασης στη σελίδα ρυθμίσεων",
        "description": "Διορθώνει τις ετικέτες της σελίδας ρυθμίσεων που έμεναν αμετάφραστες.",
        "revisions": [
            ("5b0e8d3a1c7f9e2b6d4a0c8f3e1b7d5a9c2f6e04", "i18n: μετάφραση ετικετών ρυθμίσεων"),
        ],
        "owner": ("Νίκος", "Αντωνίου", "nantoniou"),
        "repo": "infra/dashboard",
        "id": 37,
        "source": "settings-i18n",
    },
    "fr": {
        "title": "Ajout de l'export CSV des factures",
        "description": "Ajoute un bouton d'export CSV sur la liste des factures.\n"
        "Les montants sont exportés avec le séparateur décimal de la langue choisie.",
        "revisions": [
            ("c4d7a1e9b3f6082d5e1c9a7b4f0d3e6a8c2b5f17", "factures : export CSV"),
            (
                "9e3b6f0a2d8c5e1b7a4f9c0d6e2a8b5c1f7d3e90",
                "factures : séparateur décimal selon la langue",
            ),
        ],
        "owner": ("Julie", "Moreau", "jmoreau"),
        "repo": "compta/factures",
        "id": 64,
        "source": "export-csv",
    },
    "ru": {
        "title": "Исправить пагинацию в списке задач",
        "description": "При переходе на вторую страницу терялся фильтр по статусу.\n"
        "Теперь фильтр сохраняется в параметрах запроса.",
        "revisions": [
            ("e1f5b9c3a7d20e6f4b8c1a5d9e3f7b0c2a6d4e81", "tasks: сохранять фильтр при пагинации"),
        ],
        "owner": ("Сергей", "Кузнецов", "skuznetsov"),
        "repo": "internal/tracker",
        "id": 212,
        "source": "fix-pagination",
    },
}


def kallithea_pull_request(lang, gettext, render, paths, w: Writer) -> None:
    """The reviewer notice of ``PullRequestModel.add_reviewers``."""
    pr = KALLITHEA_PRS[lang]
    first, last, username = pr["owner"]
    owner = KallitheaUser(first, last, username)
    extra = re.sub(r"[^-a-zA-Z0-9./]+", "_", "/_/" + pr["source"]).rstrip("_")
    pr_url = f"{KALLITHEA_HOST}/{pr['repo']}/pull-request/{pr['id']}{extra}"
    repo_url = f"{KALLITHEA_HOST}/{pr['repo']}"
    kw = {
        "pr_title": pr["title"],
        "pr_title_short": KallitheaHelpers.shorter(pr["title"], 50),
        "pr_user_created": owner.full_name_and_username,
        "pr_repo_url": repo_url,
        "pr_url": pr_url,
        "pr_revisions": pr["revisions"],
        "repo_name": pr["repo"],
        "org_repo_name": pr["repo"],
        "pr_nice_id": "#%s" % pr["id"],
        "pr_target_repo": repo_url,
        "pr_target_branch": "default",
        "pr_source_repo": repo_url,
        "pr_source_branch": pr["source"],
        "pr_owner": owner,
        "pr_owner_username": username,
        "pr_username": username,
        "is_mention": False,
        "h": KallitheaHelpers,
    }
    subject = (
        gettext(
            '[Review] %(repo_name)s PR %(pr_nice_id)s "%(pr_title_short)s" from '
            "%(pr_source_branch)s by %(pr_owner_username)s"
        )
        % kw
    )
    raw = message(
        sender=f'"{first} {last} (no-reply)" <kallithea-noreply@example.com>',
        subject=subject,
        text=render("pull_request", "txt", gettext, body=pr["description"], **kw),
        html_part=render(
            "pull_request", "html", gettext, body=render_w_mentions(pr["description"]), **kw
        ),
        sent=SENT,
    )
    w.add(
        source="kallithea",
        group="kallithea-pull-request-review",
        lang=lang,
        raw=raw,
        kind="notice",
        code=None,
        path=", ".join(paths),
        rendered="Mako (TurboGears filters: escape by default, |n,unicode raw) over the "
        "txt and html templates with the gettext catalogue; multipart text+html",
        repository=KALLITHEA,
        commit=KALLITHEA_COMMIT,
        licence="GPL-3.0-only",
    )


def kallithea(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, KALLITHEA, KALLITHEA_COMMIT, path)

    lookup = mako.lookup.TemplateLookup(
        default_filters=["escape"],
        imports=["from markupsafe import escape_silent as escape"],
    )
    tdir = "kallithea/templates/email_templates/"
    for name in KALLITHEA_TEMPLATES:
        lookup.put_string("/email_templates/" + name, show(tdir + name))

    def render(name: str, content_type: str, gettext, **kwargs) -> str:
        kw = {"_": gettext, "h": None, "c": None}
        kw.update(kwargs)
        if content_type == "html":
            kw.update(kallithea_style())
        tmpl = lookup.get_template(f"/email_templates/{name}.{content_type}")
        return tmpl.render_unicode(**kw)

    common = {"repository": KALLITHEA, "commit": KALLITHEA_COMMIT, "licence": "GPL-3.0-only"}
    # (BCP 47, catalogue folder); en is the source text
    langs = {"en": None, "de": "de", "el": "el", "fr": "fr", "ru": "ru"}
    # only where the catalogue translates the mail's sentences: the reset mail in el, fr,
    # ru; the registration notice (subject and field names) in de, fr, ru
    reset_langs = {"en", "el", "fr", "ru"}
    registration_langs = {"en", "de", "fr", "ru"}
    pr_langs = {"en", "el", "fr", "ru"}
    tokens = {
        "en": "4f0c9a7e21b83d65f0e4a19c7b2d58e3a6c1f907",
        "de": "b27e61d4c09f3a85e7d1620b4fa9c3e58d7016a2",
        "fr": "e93a05c7d1b64f2809ae3c5b71d6e40f82b9c157",
        "el": "0d6b8e24f7a193c5e02d9b47a6f1c83e5b70d29a",
        "ru": "7ac41f9e3d0b26c85e1a94d7f3b60c2e98a5d41b",
    }
    users = {
        "en": ("Emily", "Carter", "emily.carter@example.com"),
        "de": ("Jonas", "Becker", "jonas.becker@example.com"),
        "fr": ("Camille", "Lefèvre", "camille.lefevre@example.com"),
        "el": ("Γιώργος", "Παπαδόπουλος", "giorgos.papadopoulos@example.com"),
        "ru": ("Дмитрий", "Соколов", "dmitry.sokolov@example.com"),
    }
    new_users = {
        "en": ("mjohnson", "Mark Johnson", "mark.johnson@example.com", 42),
        "de": ("lschmidt", "Lena Schmidt", "lena.schmidt@example.com", 57),
        "fr": ("pmartin", "Paul Martin", "paul.martin@example.com", 63),
        "ru": ("aivanova", "Анна Иванова", "anna.ivanova@example.com", 88),
    }
    for lang, folder in langs.items():
        po_path = f"kallithea/i18n/{folder}/LC_MESSAGES/kallithea.po"
        catalogue = read_po(show(po_path)) if folder else {}

        def gettext(msg: str, catalogue=catalogue) -> str:
            return catalogue.get(msg, msg)

        paths = [
            tdir + "password_reset.txt",
            tdir + "password_reset.html",
            tdir + "main.html",
            tdir + "header.txt",
            tdir + "header.html",
            "kallithea/model/user.py",
            "kallithea/model/notification.py",
            "kallithea/lib/celerylib/tasks.py",
            "kallithea/config/routing.py",
        ] + ([po_path] if folder else [])

        if lang in reset_langs:
            kallithea_reset(lang, users[lang], tokens[lang], gettext, render, paths, w)
        if lang in pr_langs:
            pr_paths = [
                tdir + "pull_request.txt",
                tdir + "pull_request.html",
                tdir + "main.html",
                tdir + "header.txt",
                tdir + "header.html",
                tdir + "button.txt",
                tdir + "button.html",
                "kallithea/model/pull_request.py",
                "kallithea/model/notification.py",
                "kallithea/model/db.py",
                "kallithea/lib/helpers.py",
                "kallithea/lib/celerylib/tasks.py",
                "kallithea/config/routing.py",
            ]
            kallithea_pull_request(
                lang, gettext, render, pr_paths + ([po_path] if folder else []), w
            )
        if lang not in registration_langs:
            continue
        username, full_name, new_mail, uid = new_users[lang]
        kw = {
            "registered_user_url": f"{KALLITHEA_HOST}/_admin/users/{uid}/edit",
            "new_username": username,
            "new_email": new_mail,
            "new_full_name": full_name,
        }
        subject = gettext("New user %(new_username)s registered") % kw
        from_addr = f'"{full_name} (no-reply)" <kallithea-noreply@example.com>'
        raw = message(
            sender=from_addr,
            subject=subject,
            text=render("registration", "txt", gettext, **kw),
            html_part=render("registration", "html", gettext, **kw),
            sent=SENT,
        )
        paths = [
            tdir + "registration.txt",
            tdir + "registration.html",
            tdir + "main.html",
            tdir + "header.txt",
            tdir + "header.html",
            tdir + "button.txt",
            tdir + "button.html",
            "kallithea/model/user.py",
            "kallithea/model/notification.py",
            "kallithea/lib/celerylib/tasks.py",
            "kallithea/config/routing.py",
        ] + ([po_path] if folder else [])
        w.add(
            source="kallithea",
            group="kallithea-new-user-registered",
            lang=lang,
            raw=raw,
            kind="notice",
            code=None,
            path=", ".join(paths),
            rendered="Mako (TurboGears filters: escape by default, |n,unicode raw) over the "
            "txt and html templates with the gettext catalogue; multipart text+html",
            **common,
        )


# ---------------------------------------------------------------------------------------
# sourcehut meta.sr.ht

SRHT = "artoj/meta.sr.ht"
SRHT_COMMIT = "8c90d8eedfd70e998bc584373f69f9de47eb2128"
SRHT_CFG = {
    "site-name": "sourcehut",
    "owner-name": "Riley Morgan",
    "owner-email": "support@example.com",
    "origin": "https://meta.example.com",
}
SRHT_FROM = "sourcehut <outgoing@example.com>"


def srht_template(source: str, function: str) -> str:
    """The ``Template(\"\"\"…\"\"\")`` string inside a function of a Python file."""
    body = source[source.index(f"def {function}(") :]
    return re.search(r'Template\("""(.*?)"""\)', body, re.S).group(1)


def srht_send(rendered: str) -> tuple[str, str]:
    """``sendEmail``: the rendered text is a message of headers and a body; the subject is
    taken from it (``Reply-To`` is left out here), the body sent as text/plain."""
    head, body = rendered.split("\n\n", 1)
    subject = re.search(r"^Subject: (.*)$", head, re.M).group(1)
    return subject, body


def sourcehut(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, SRHT, SRHT_COMMIT, path)

    auth = show("metasrht/blueprints/auth.py")
    security = show("metasrht/blueprints/security.py")
    audit = string.Template(srht_template(show("metasrht/audit.py"), "audit_log"))
    site = SRHT_CFG["site-name"]
    common = {"repository": SRHT, "commit": SRHT_COMMIT, "licence": "AGPL-3.0-only"}
    username = "kwame"

    reset = string.Template(srht_template(auth, "issue_reset")).substitute(
        owner_email=SRHT_CFG["owner-email"],
        owner_name=SRHT_CFG["owner-name"],
        site_name=site,
        reset="Xq3vR9kLm2Tz8wPb5HnJ7cYd",
        root=SRHT_CFG["origin"],
        username=username,
    )
    subject, body = srht_send(reset)
    w.add(
        source="sourcehut",
        group="sourcehut-password-reset-link",
        lang="en",
        raw=message(sender=SRHT_FROM, subject=subject, text=body, html_part=None, sent=SENT),
        kind="notice",
        code=None,
        path="metasrht/blueprints/auth.py, metasrht/email.py, metasrht/types/user.py, "
        "api/graph/resolver.go, config.example.ini",
        rendered="string.Template of issue_reset substituted as the code does; subject taken "
        "from the rendered headers by sendEmail; text/plain",
        note="the reset hash (base64url of 18 random bytes) is only inside the link",
        **common,
    )

    def audit_mail(group: str, subject_expr: str, details: str, path: str) -> None:
        subject = subject_expr.replace("{cfg('sr.ht', 'site-name')}", site)
        owner = f"{SRHT_CFG['owner-name']} <{SRHT_CFG['owner-email']}>"
        rendered = audit.substitute(
            subject=subject,
            reply_to=owner,
            username=username,
            site_name=site,
            email_details=details,
            owner_name=SRHT_CFG["owner-name"],
        )
        subj, body = srht_send(rendered)
        w.add(
            source="sourcehut",
            group=group,
            lang="en",
            raw=message(sender=SRHT_FROM, subject=subj, text=body, html_part=None, sent=SENT),
            kind="notice",
            code=None,
            path=f"metasrht/audit.py, {path}, metasrht/email.py, api/graph/resolver.go, "
            "config.example.ini",
            rendered="string.Template of audit_log with the caller's subject and details; "
            "subject taken from the rendered headers by sendEmail; text/plain",
            **common,
        )

    for group, text, fn, path in (
        (
            "sourcehut-totp-enabled",
            security,
            "2FA via TOTP was enabled",
            "metasrht/blueprints/security.py",
        ),
        (
            "sourcehut-recovery-code-used",
            auth,
            "Two-factor authentication recovery code used",
            "metasrht/blueprints/auth.py",
        ),
        (
            "sourcehut-password-was-reset",
            auth,
            "Account password reset",
            "metasrht/blueprints/auth.py",
        ),
    ):
        m = re.search(r'subject=f"([^"]*)",\s*email_details="' + re.escape(fn) + '"', text)
        audit_mail(group, m.group(1), fn, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    pgadmin(args.mirrors, w)
    kallithea(args.mirrors, w)
    sourcehut(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
