"""Round twenty-seven, public services and shops: a shop's guest-checkout account mail with a
generated login name and password (AbanteCart) and its account notices, the account mails
of the video-classroom front end schools and universities run for BigBlueButton
(Greenlight) in ten languages, and a course platform's sign-in code with its enrolment and
download notices (CourseLit).

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_public.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt
from them at the commit named below, with fixed values, so each run writes the same bytes.
Beyond the standard library and PyYAML (in the project's venv) the script runs ``node``
(20.x) with pug 3.0.3 for CourseLit (the version of its ``pnpm-lock.yaml``), installed
outside the tree: ``npm install --prefix /tmp/r27public-node pug@3.0.3``. The other two
template languages (Mustache for AbanteCart, Rails ERB for Greenlight) are small enough
that the few constructs these templates use are done here, as described.

- abantecart/abantecart-src (OSL-3.0, ``LICENSE.txt``), commit 05a12d53: AbanteCart, a PHP
  shop. Its mails are rows of ``ac_email_templates`` (``text_id``, subject, ``html_body``
  stored HTML-entity-encoded, ``text_body``, ``allowed_placeholders``), inserted by
  ``public_html/install/abantecart_database.sql``; the SQL literals are read here with
  MySQL's escapes (``\\r\\n``, ``\\"``, ``''``). ``core/lib/mail.php`` ``AMail::setTemplate``
  keeps only the allowed placeholders, ``html_entity_decode``s subject and HTML, and renders
  subject, HTML and text with Mustache whose escape function returns the value unchanged
  (so ``{{x}}`` and ``{{{x}}}`` are the same); the template's subject replaces any subject
  set before. Mustache is done here for what these rows use: variables, sections and
  inverted sections, with the spec's standalone-line rule (a line holding only a section
  tag and blanks disappears with its line end). The mail is a Symfony ``Email`` with text
  and html: multipart/alternative. From is ``store_main_email`` (only the address) and
  ``setSender`` adds ``Sender: store_name <store_main_email>``; the password mails also set
  Reply-To. The shop here: "Kestrel Outdoor Supply", https://shop.kestrel-outdoor.example,
  SEO URLs off (``index.php?rt=...``), no mail logo configured (``config_mail_logo`` and
  ``config_logo`` empty, so the ``logo_uri``/``logo_html`` sections render nothing).
  English only: the install ships one language and the rows are per ``language_id``.

  * ``guest-registration`` (code): ``storefront/controller/responses/checkout/pay.php``
    ``_save_customer_account`` creates an account for a guest at fast checkout, with
    ``loginname`` = ``randomWord(7)`` (``prevent_email_as_login`` is 1 in the install's
    settings) and ``password`` = ``randomWord(7)``; ``storefront/model/checkout/
    fast_checkout.php`` ``sendEmailActivation`` mails them with the template
    ``fast_checkout_welcome_email_guest_registration`` (``text_project_label`` is allowed
    but not passed: empty). ``randomWord`` (``core/helper/utils.php``): each character a
    digit, upper-case or lower-case letter at random. The password is what the reader
    types; the login name is a user name (noted).
  * ``welcome-activated`` and ``welcome-approval`` (``model/account/customer.php``
    ``sendWelcomeEmail``, with ``text_project_label`` = ``project_base()``: the base64
    AbanteCart link of ``core/helper/utils.php``, decoded), ``activate-link``
    (``emailActivateLink``: ``activate_url`` is an ``<a>`` around the link, also in the
    text part, as the sender builds it), ``reset-password-link``
    (``controller/pages/account/forgotten.php``: the ``AEncryption`` token only in the
    link) and ``reset-password-notify`` (same file, after the reset): no code.

- bigbluebutton/greenlight (LGPL-3.0-or-later, ``LICENSE``), commit 15db765b: Greenlight v3,
  the room and account front end of BigBlueButton, the virtual classroom used by schools
  and universities (Rails 7.2). ``app/mailers/user_mailer.rb`` sends
  ``activate_account_email``, ``reset_password_email``, ``invitation_email`` and
  ``new_user_signup_email`` with the ``mailer`` layout; each has ``.text.erb`` and
  ``.html.erb`` views, so ActionMailer builds multipart/alternative (text, then html),
  UTF-8. The ERB is rendered here as Rails' Erubi does: ``<%# %>`` and ``<% %>`` tags
  alone on a line vanish with the line, ``<%= %>`` inserts the value HTML-escaped
  (``ERB::Util.html_escape``: ``& < > " '``; Rails escapes text views too), the layouts'
  ``<!-- -->`` comments are output as written (also in the text part), ``<%= yield %>``
  takes the whole view. ``t()`` reads ``config/locales/<locale>.yml`` with ``%{name}``
  interpolation and falls back to ``en`` for a key a locale lacks
  (``config.i18n.fallbacks = %i[en]``). The app never switches locale per user: mails go
  out in ``I18n.default_locale`` = ``ENV['DEFAULT_LOCALE']`` (``config/initializers/
  locales.rb``), so each language here is a deployment with that setting. Values:
  ``PrimaryColor`` #467fcf (``db/data/20220713143528_populate_site_settings.rb``); the
  branding image an administrator uploaded, so ``SettingGetter`` gives
  ``rails_blob_path`` (an Active Storage redirect path with a signed id), made absolute by
  ``image_url(..., host: base_url)`` and shown by ``image_tag`` (``style`` then ``src``);
  activation and reset links are ``root_url`` + ``activate_account/`` or
  ``reset_password/`` + ``SecureRandom.alphanumeric(40)`` (``app/models/user.rb``,
  ``app/controllers/concerns/client_routable.rb``), the invitation link ``root_url``
  ``?inviteToken=`` + the ``has_secure_token`` token (24 characters) of
  ``app/models/invitation.rb``, the admin link ``root_url`` + ``admin/users``. From is
  ``SMTP_SENDER_NAME <SMTP_SENDER_EMAIL>`` (``config/environments/production.rb``; here a
  university's meeting service). Ten of the shipped locales: en, de, fr, es, pt, ru, ar,
  ja, zh_TW, uk. All notices (links only): no code.

- codelitdev/courselit (AGPL-3.0-only: ``LICENSE.md``, the GNU AGPL v3; the root
  ``package.json`` says MIT), commit 62b5abb5: CourseLit, a platform for selling and running
  online courses (Next.js). Each mail is a pug template held as a TypeScript template
  literal in ``apps/web/templates/`` (read here as JavaScript evaluates it: ``\\``` and
  ``\\$`` unescaped), rendered with ``pug.render`` and queued by ``addMailJob``; the queue
  worker (``apps/queue/src/domain/worker.ts``, ``apps/queue/src/mail.ts``) sends it with
  nodemailer as ``html`` only. From is ``getEmailFrom`` (``packages/utils/src/
  get-email-from.ts``: ``name <EMAIL_FROM>``, the school's title). Here a school at
  learn.riverside-academy.example, CourseLit branding shown. English only.

  * ``sign-in-code`` (code): ``apps/web/auth.ts``, better-auth's ``emailOTP`` plugin
    (better-auth 1.6.11, whose default OTP is six digits) renders ``magic-code-email.ts``
    with the code; subject ``responses.sign_in_mail_prefix`` ("Sign in to",
    ``apps/web/config/strings.ts``) and the request's host.
  * ``course-enroll`` (``apps/web/graphql/users/logic.ts``) and ``download-link``
    (``apps/web/graphql/mails/helpers.ts``, the download token only in the link): no code.

Labels (``code``) are what a person would type: the generated password and the sign-in
code; links are not.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collect import HERE

MIRRORS = Path("/work/.mirror")
OUT = HERE / "round27" / "public.json"
SENT = datetime(2026, 12, 5, 7, 48, 31, tzinfo=UTC)
TO = "noor.tester@example.com"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(mirrors / repo / "repo"), "show", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")


def build(
    *,
    sender: str,
    subject: str,
    text: str | None,
    html_part: str,
    extra: list[tuple[str, str]] = (),  # type: ignore[assignment]
) -> bytes:
    """multipart/alternative (text, then html), or html alone when there is no text, with
    fixed Date, Message-ID and boundary."""
    msg = EmailMessage()
    msg["From"] = sender
    for name, value in extra:
        msg[name] = value
    msg["To"] = TO
    msg["Subject"] = subject
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    if text is None:
        msg.set_content(html_part, subtype="html", charset="utf-8")
    else:
        msg.set_content(text, subtype="plain", charset="utf-8")
        msg.add_alternative(html_part, subtype="html", charset="utf-8")
        msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


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
# AbanteCart

ABANTE = "abantecart+abantecart-src"
ABANTE_COMMIT = "05a12d530ce6b0891b8352aedfd2a6aa4835d57a"
ABANTE_SQL = "public_html/install/abantecart_database.sql"

_SQL_TOKEN = re.compile(r"'((?:[^'\\]|\\.|'')*)'|(-?\d+)|([(),])|\s+")
_SQL_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "Z": "\x1a"}


def _sql_unescape(value: str) -> str:
    value = re.sub(r"\\(.)", lambda m: _SQL_ESCAPES.get(m.group(1), m.group(1)), value)
    return value.replace("''", "'")


def abante_rows(sql: str) -> dict[str, dict[str, str]]:
    start = sql.index("INSERT INTO `ac_email_templates`")
    end = sql.index(";\n", start)
    body = sql[sql.index("VALUES", start) + 6 : end]
    rows, row = [], None
    for m in _SQL_TOKEN.finditer(body):
        if m.group(3) == "(":
            row = []
        elif m.group(3) == ")":
            rows.append(row)
            row = None
        elif m.group(1) is not None:
            row.append(_sql_unescape(m.group(1)))
        elif m.group(2) is not None and row is not None:
            row.append(int(m.group(2)))
    cols = ["id", "status", "text_id", "language_id", "headers", "subject", "html_body",
            "text_body", "allowed_placeholders", "store_id"]  # fmt: skip
    return {r[2]: dict(zip(cols, r, strict=True)) for r in rows}


_TAG = re.compile(r"{{([{#^/!]?)\s*([\w.]+)\s*}?}}")


def mustache(template: str, ctx: dict[str, str]) -> str:
    """Mustache for variables, sections and inverted sections (values are strings: a
    section renders when the value is non-empty), no escaping (AMail's escape function),
    with the standalone-line rule for section tags."""
    tokens: list[tuple[str, str, str]] = []  # (kind, name, literal)
    pos = 0
    for m in _TAG.finditer(template):
        kind = m.group(1)
        start, end = m.start(), m.end()
        if kind in "#^/!" and kind:
            line_start = template.rfind("\n", 0, start) + 1
            nl = template.find("\n", end)
            line_end = len(template) if nl < 0 else nl + 1
            before = template[line_start:start]
            after = template[end:line_end]
            if before.strip(" \t") == "" and after.strip(" \t\r\n") == "" and line_start >= pos:
                start, end = line_start, line_end
        tokens.append(("text", "", template[pos:start]))
        tokens.append((kind or "var", m.group(2), ""))
        pos = end
    tokens.append(("text", "", template[pos:]))

    def render(i: int, stop: str | None) -> tuple[str, int]:
        out = []
        while i < len(tokens):
            kind, name, literal = tokens[i]
            if kind == "text":
                out.append(literal)
            elif kind in ("var", "{"):
                out.append(ctx.get(name, ""))
            elif kind in ("#", "^"):
                inner, i = render(i + 1, name)
                if bool(ctx.get(name)) == (kind == "#"):
                    out.append(inner)
                continue
            elif kind == "/":
                assert name == stop, (name, stop)
                return "".join(out), i + 1
            i += 1
        assert stop is None, stop
        return "".join(out), i

    return render(0, None)[0]


def abantecart(mirrors: Path, w: Writer) -> None:
    rows = abante_rows(git_show(mirrors, ABANTE, ABANTE_COMMIT, ABANTE_SQL))
    utils = git_show(mirrors, ABANTE, ABANTE_COMMIT, "public_html/core/helper/utils.php")
    parts = re.search(
        r"function project_base\(\)\s*{\s*\$base = '([^']+)';\s*\$base \.= '([^']+)';", utils
    )
    project_label = base64.b64decode(parts.group(1) + parts.group(2)).decode()
    store = "Kestrel Outdoor Supply"
    email = "orders@kestrel-outdoor.example"
    url = "https://shop.kestrel-outdoor.example/"
    login_url = url + "index.php?rt=account/login"
    enc = "cUhWeHdOTkZ6Y0pXSnVaL2lqU3ZnR0E3a3E4dUVoQ1JQbmRsYkx2cGt6bz0"
    activate = f"{url}index.php?rt=account/login&ac={enc}"
    reset = f"{url}index.php?rt=account/forgotten/reset&rtoken={enc}"
    password = "4kQz7Rb"
    mails = [
        # group, text_id, placeholders, code, reply-to, files, note
        (
            "guest-registration",
            "fast_checkout_welcome_email_guest_registration",
            {"store_name": store, "login_url": login_url, "login": "tH3w9Ka",
             "password": password},
            password,
            False,
            ["public_html/storefront/controller/responses/checkout/pay.php",
             "public_html/storefront/model/checkout/fast_checkout.php"],
            "The mail gives 'Your Login Name: tH3w9Ka' and 'Your Password: 4kQz7Rb', both "
            "randomWord(7); the password is labelled (the login name is a user name).",
        ),
        (
            "welcome-activated",
            "storefront_welcome_email_activated",
            {"store_name": store, "login_url": login_url, "store_url": url,
             "text_project_label": project_label},
            None, False, ["public_html/storefront/model/account/customer.php"], None,
        ),
        (
            "welcome-approval",
            "storefront_welcome_email_approval",
            {"store_name": store, "login_url": login_url, "store_url": url,
             "text_project_label": project_label},
            None, False, ["public_html/storefront/model/account/customer.php"], None,
        ),
        (
            "activate-link",
            "storefront_send_activate_link",
            {"store_name": store, "activate_url": f'<a href="{activate}">{activate}</a>',
             "store_url": url, "text_project_label": project_label},
            None, False, ["public_html/storefront/model/account/customer.php"], None,
        ),
        (
            "reset-password-link",
            "storefront_reset_password_link",
            {"store_name": store, "reset_link": reset},
            None, True, ["public_html/storefront/controller/pages/account/forgotten.php"], None,
        ),
        (
            "reset-password-notify",
            "storefront_reset_password_notify",
            {"store_name": store},
            None, True, ["public_html/storefront/controller/pages/account/forgotten.php"], None,
        ),
    ]  # fmt: skip
    for group, text_id, values, code, reply, files, note in mails:
        row = rows[text_id]
        allowed = [p.strip() for p in row["allowed_placeholders"].split(",")]
        ctx = {k: v for k, v in values.items() if k in allowed}
        subject = mustache(html.unescape(row["subject"]), ctx)
        html_body = mustache(html.unescape(row["html_body"]), ctx)
        text_body = mustache(row["text_body"], ctx)
        extra = [("Sender", f"{store} <{email}>")]
        if reply:
            extra.append(("Reply-To", email))
        raw = build(sender=email, subject=subject, text=text_body, html_part=html_body,
                    extra=extra)  # fmt: skip
        fields = {
            "kind": "shop-otp" if code else "notice",
            "code": code,
            "repository": "abantecart/abantecart-src",
            "path": ", ".join(
                [
                    ABANTE_SQL,
                    *files,
                    "public_html/core/lib/mail.php",
                    "public_html/core/helper/utils.php",
                ]
            ),
            "commit": ABANTE_COMMIT,
            "licence": "OSL-3.0",
            "rendered": f"ac_email_templates row {text_id} (install SQL), html_entity_decode "
            "and Mustache without escaping as AMail::setTemplate does; Symfony Email "
            "text + html",
        }
        if note:
            fields["note"] = note
        w.add(source="abantecart", group=f"abantecart-{group}", lang="en", raw=raw, **fields)


# ---------------------------------------------------------------------------------------
# Greenlight

GREENLIGHT = "bigbluebutton+greenlight"
GREENLIGHT_COMMIT = "15db765b7fab10414df1a838ae8b3501b215cec4"
GREENLIGHT_LOCALES = ["en", "de", "fr", "es", "pt", "ru", "ar", "ja", "zh_TW", "uk"]
_ERB_TRIM = re.compile(r"^[ \t]*<%(?![=])[\s\S]*?%>[ \t]*\n", re.M)
_ERB_OUT = re.compile(r"<%=\s*([\s\S]*?)\s*%>")


def erb_escape(value: str) -> str:
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def erb(template: str, expr) -> str:
    """Erubi as Rails runs it, for these views: statement and comment tags alone on a line
    vanish with the line (the layout's one ``if`` is true here), output tags are escaped
    except ``yield`` and ``image_tag`` (already HTML)."""
    template = _ERB_TRIM.sub("", template)
    return _ERB_OUT.sub(lambda m: expr(m.group(1)), template)


def greenlight(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, GREENLIGHT, GREENLIGHT_COMMIT, path)

    en = yaml.safe_load(show("config/locales/en.yml"))["en"]
    base = "https://meet.northfield-college.example"
    root = base + "/"
    brand_image = (
        base + "/rails/active_storage/blobs/redirect/eyJfcmFpbHMiOnsiZGF0YSI6MSwicHVyIjoiYmxvY"
        "l9pZCJ9fQ==--5f0c2b8e6a41d3f97c0e1b2a4d8c6e9f0a7b3d12/northfield-logo.png"
    )
    image_style = (
        "max-width: 300px; max-height: 200px; padding-top: 64px; padding-bottom: 16px; "
        "display: block; margin-left: auto; margin-right: auto;"
    )
    user_name, user_email = "Noor Tester", TO
    mails = [
        # group, mailer method, subject key, values
        ("activate-account", "activate_account_email", "email.activation.account_activation",
         {"@activation_url": root + "activate_account/q8RbX2kLm4Tz7VwN0cJ5hYd3GfP9sA1eU6iKoZxC"}),
        ("reset-password", "reset_password_email", "email.reset.password_reset",
         {"@reset_url": root + "reset_password/W3nH7uQa0Lk2ZyXp5Rt8Mv1Bc6Jd9Fs4Ge0Nq3Ow"}),
        ("invitation", "invitation_email", "email.invitation.invitation_to_join",
         {"@signup_url": root + "?inviteToken=Zt8QmWc3rJ5vX9nK2pLs6HdB", "@name": "Dana Okafor"}),
        ("new-user-signup", "new_user_signup_email", "email.new_user_signup.new_user",
         {"@admin_panel_url": root + "admin/users"}),
    ]  # fmt: skip
    layout_text = show("app/views/layouts/mailer.text.erb")
    layout_html = show("app/views/layouts/mailer.html.erb")
    for lang in GREENLIGHT_LOCALES:
        table = yaml.safe_load(show(f"config/locales/{lang}.yml"))[lang]

        def t(key: str, table=table, **args: str) -> str:
            for source in (table, en):
                node = source
                for part in key.split("."):
                    node = node.get(part) if isinstance(node, dict) else None
                if node is not None:
                    return re.sub(r"%{(\w+)}", lambda m: args[m.group(1)], str(node))
            raise KeyError(key)

        for group, method, subject_key, values in mails:

            def expr(code: str, values=values) -> str:
                call = re.fullmatch(r"t\('([\w.]+)'(?:, (\w+): @(\w+)\.?(\w+)?)?\)", code)
                if call:
                    key, arg, obj, attr = call.groups()
                    if arg is None:
                        return erb_escape(t(key))
                    value = {"@user.name": user_name, "@user.email": user_email}.get(
                        f"@{obj}.{attr}" if attr else "", values.get(f"@{obj}")
                    )
                    return erb_escape(t(key, **{arg: value}))
                if code == "@brand_color":
                    return "#467fcf"
                if code in values:
                    return erb_escape(values[code])
                raise ValueError(code)

            def layout_expr(code: str, view: str) -> str:
                if code == "yield":
                    return view
                if code.startswith("image_tag @brand_image"):
                    return f'<img style="{image_style}" src="{brand_image}" />'
                raise ValueError(code)

            text_view = erb(show(f"app/views/user_mailer/{method}.text.erb"), expr)
            html_view = erb(show(f"app/views/user_mailer/{method}.html.erb"), expr)
            text = erb(layout_text, lambda c, v=text_view: layout_expr(c, v))
            html_part = erb(layout_html, lambda c, v=html_view: layout_expr(c, v))
            raw = build(
                sender="Northfield College Meetings <no-reply@meet.northfield-college.example>",
                subject=t(subject_key),
                text=text,
                html_part=html_part,
            )
            w.add(
                source="greenlight",
                group=f"greenlight-{group}",
                lang=lang.replace("_", "-"),
                raw=raw,
                kind="notice",
                code=None,
                repository="bigbluebutton/greenlight",
                path=", ".join(
                    [
                        "app/mailers/user_mailer.rb",
                        f"app/views/user_mailer/{method}.text.erb",
                        f"app/views/user_mailer/{method}.html.erb",
                        "app/views/layouts/mailer.text.erb",
                        "app/views/layouts/mailer.html.erb",
                        f"config/locales/{lang}.yml",
                        "config/locales/en.yml",
                    ]
                ),
                commit=GREENLIGHT_COMMIT,
                licence="LGPL-3.0-or-later",
                rendered="Rails ERB (Erubi trim, html_escape) of the text and html views in "
                "the mailer layout, I18n with en fallback; ActionMailer multipart/alternative",
            )


# ---------------------------------------------------------------------------------------
# CourseLit

COURSELIT = "codelitdev+courselit"
COURSELIT_COMMIT = "62b5abb55e4ed197e20ff8f8cd1dee7ad43bbc76"
PUG_NODE_MODULES = Path("/tmp/r27public-node/node_modules")
PUG_SCRIPT = """
const pug = require("pug");
const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(jobs.map(([t, locals]) => pug.render(t, locals))));
"""


def ts_template(source: str) -> str:
    """The template literal of ``const x = `...`;`` as JavaScript evaluates it (these hold
    only the escapes \\` and \\$ and no interpolation)."""
    body = re.search(r"= `([\s\S]*?)`;\s*\n\s*export default", source).group(1)
    assert "${" not in body.replace("\\${", ""), "unexpected interpolation"
    return re.sub(r"\\([`$\\])", r"\1", body)


def courselit(mirrors: Path, w: Writer) -> None:
    def show(path: str) -> str:
        return git_show(mirrors, COURSELIT, COURSELIT_COMMIT, path)

    host = "learn.riverside-academy.example"
    address = f"https://{host}"
    sender = "Riverside Academy <hello@riverside-academy.example>"
    code = "508217"
    mails = [
        # group, template file, locals, subject, code, sending file
        ("sign-in-code", "magic-code-email.ts",
         {"code": code, "hideCourseLitBranding": False},
         f"Sign in to {host}", code, "apps/web/auth.ts"),
        ("course-enroll", "course-enroll.ts",
         {"courseName": "Foundations of Algebra", "loginLink": f"{address}/login",
          "hideCourseLitBranding": False},
         "You have been invited to Foundations of Algebra", None,
         "apps/web/graphql/users/logic.ts"),
        ("download-link", "download-link.ts",
         {"downloadLink": f"{address}/api/download/Xq3vN8kT2mRb7cLw9pZs4",
          "loginLink": f"{address}/login", "courseName": "Exam Revision Pack: Chemistry",
          "name": "Priya Raman", "hideCourseLitBranding": False},
         "Thank you for signing up for Exam Revision Pack: Chemistry", None,
         "apps/web/graphql/mails/helpers.ts"),
    ]  # fmt: skip
    jobs = [[ts_template(show(f"apps/web/templates/{f}")), loc] for _, f, loc, *_ in mails]
    rendered = json.loads(
        subprocess.run(
            ["node", "-e", PUG_SCRIPT],
            input=json.dumps(jobs),
            capture_output=True,
            check=True,
            text=True,
            env={**os.environ, "NODE_PATH": str(PUG_NODE_MODULES)},
        ).stdout
    )
    for (group, template, _, subject, label, sending), body in zip(mails, rendered, strict=True):
        raw = build(sender=sender, subject=subject, text=None, html_part=body)
        w.add(
            source="courselit",
            group=f"courselit-{group}",
            lang="en",
            raw=raw,
            kind="saas-otp" if label else "notice",
            code=label,
            repository="codelitdev/courselit",
            path=", ".join(
                [
                    f"apps/web/templates/{template}",
                    sending,
                    "apps/web/config/strings.ts",
                    "packages/utils/src/get-email-from.ts",
                    "apps/queue/src/domain/worker.ts",
                    "apps/queue/src/mail.ts",
                ]
            ),
            commit=COURSELIT_COMMIT,
            licence="AGPL-3.0-only",
            rendered="pug 3.0.3 render of the template string; nodemailer html only",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    w = Writer()
    abantecart(args.mirrors, w)
    greenlight(args.mirrors, w)
    courselit(args.mirrors, w)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": w.items}, indent=1, ensure_ascii=False) + "\n")
    print(len(w.items), "mails,", sum(i["code"] is not None for i in w.items), "with a code")


if __name__ == "__main__":
    main()
