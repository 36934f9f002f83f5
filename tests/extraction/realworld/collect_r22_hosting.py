"""Round twenty-two, hosting, infrastructure and network self-service: a multi-server hosting
control panel (i-MSCP), a status page (Kener), a self-hosted PaaS (Coolify), a hosting
sign-up and billing tool (The Hosting Tool Reworked), a game-server panel (Open Game Panel)
and a server monitor (Beszel) — their generated and chosen panel passwords, e-mail
verification codes, sign-in and reset links, and their server, alert, support-ticket,
invoice and domain notices, in the languages they ship.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r22_hosting.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes. No
package beyond the standard library is needed.

- i-MSCP/imscp (GPL-2.0-or-later for the panel, ``COPYING`` -> ``docs/LICENSE-GPL2``),
  i-MSCP, a multi-server hosting control panel (PHP). Five mails, each the default template
  its code falls back to when the reseller has stored none: ``gui/include/Email.php``'s
  ``get_welcome_email`` (new account: type, user name and the password of the add-user
  form, here as its Generate button makes it: ``pGenerator.js`` with the length 16 and no
  special characters that ``imscp.js`` asks for, five capitals, five digits and six small
  letters shuffled), ``get_lostpassword_activation_email`` (renewal link),
  ``get_lostpassword_password_email`` (the new password ``sendPassword`` of
  ``gui/include/LostPassword.php`` makes: ``Crypt::randomStr`` of ``PASSWD_CHARS`` = 6, the
  default of ``gui/src/Application.php``, letters and digits), ``get_alias_order_email``
  (to the reseller: a customer ordered a domain alias, ``gui/public/client/alias_add.php``),
  and the support-ticket answer notice of ``sendTicketNotification`` in
  ``gui/include/Tickets.php``. Each English message is read from the PHP single-quoted
  ``tr('…')`` string, then looked up in ``i18n/po/<locale>.po`` (Zend_Translate's gettext
  catalogue; fuzzy and empty entries are not compiled, so they stay English): every locale
  whose catalogue translates the message is taken (ten, and Greek for the welcome mail
  only; ``uk_UA`` holds the Russian texts and is left out). ``send_mail`` of ``Email.php``
  is followed step by step: ``{NAME}`` (first and last name), ``{USERNAME}``, the panel
  address placeholders and the mail's own placeholders are replaced in PHP ``str_replace``
  order, ``\\n`` becomes ``\\r\\n`` (that value is itself
  run through the replacements, so PHP hands ``mail()`` lines ending in CR CR LF, written
  here as one line break), and the message goes through PHP ``wordwrap($m, 75, "\\r\\n")``
  (ported here: bytes, not characters, are counted, so Cyrillic and CJK lines wrap
  earlier); text/plain, From ``i-MSCP (<host>) <noreply@<host>>``. The ``Reply-To`` and
  ``X-Mailer`` headers are left out. A customer's user name is its domain name, as
  ``reseller/user_add3.php`` makes it.
- rajnandan1/kener (MIT), Kener, a status page: the four general templates of
  ``src/lib/server/templates/general/`` (``subscription_account_code`` — the subscriber
  sign-in code, ``String(GenerateRandomNumber(6))`` of ``SubscriberLogin``, six digits not
  starting with 0 —, ``verify_email``, ``invite_user``, ``forgot_password``), seeded
  unchanged into ``general_email_templates`` (``seeds/generate_template.ts``). Their
  template-literal strings are read from the TypeScript and rendered as
  ``src/lib/server/notification/email_notification.ts`` does: Mustache on subject, HTML and
  text body, ``{{x}}`` escaped as mustache.js escapes (``& < > " ' / ` =``, so the text part's
  links read ``&#x2F;``: that is what Kener sends), ``{{{x}}}`` raw; the site variables of
  ``siteDataToVariables``; nodemailer's text + HTML alternative. Links carry a JWT (HS256,
  ``GenerateToken``'s ``jwt.sign`` with ``expiresIn: "1y"`` over the claims the controllers
  pass: e-mail and ``validTill`` or ``generatedAt``) made here with a fixed secret.
- coollabsio/coolify (Apache-2.0), Coolify, a self-hostable PaaS: the Blade views
  ``resources/views/emails/{email-change-verification,email-verification,reset-password,
  invitation-link,test,server-lost-connection,server-revived,high-disk-usage}.blade.php``
  in ``components/emails/{layout,header,footer}.blade.php``, with the subjects and view data
  of the notifications that send them (``app/Notifications/TransactionalEmails/*``,
  ``app/Notifications/Test.php``, ``app/Notifications/Server/{Unreachable,Reachable,
  HighDiskUsage}.php``, ``app/Models/User.php``). ``MailMessage::view`` renders the view
  alone and the channels send it as text/html only. Blade is reduced by hand: ``{{ $x }}``
  through ``htmlspecialchars``, the component slot trimmed, the newline after a component
  tag eaten by PHP and the one after an echo kept; ``Illuminate\\Mail\\Markdown::parse``
  (league/commonmark) by a small CommonMark converter of what these views use (paragraphs,
  ``###`` headings, links, raw inline ``<br>``, a thematic break; text escaped as
  league/commonmark's ``Xml::escape``: ``& < > "``). The e-mail change code is
  ``sprintf('%06d', random_int(0, 999999))`` of ``User::requestEmailChange``; the password
  reset expiry is ``config/auth.php``'s 10 minutes. English only (Coolify's ``lang/`` holds
  UI strings, none of these mails).
- rickmacgillis/tht-reworked (GPL-3.0, ``LICENSE``), The Hosting Tool Reworked, a hosting
  sign-up and billing system that creates cPanel/WHM accounts: the template files
  ``includes/tpl/email/<dir>/<name>.tpl`` with the subjects of the ``templates`` rows of
  ``install/includes/sql/install.sql``, filled as ``email::parseEmail`` of
  ``includes/classes/class_email.php`` does (``preg_replace('/%KEY%/si', …)``) with the
  arrays its callers build, and sent as its default ``phpmail()`` sends them: the fragment
  alone as text/html, From the ``emailfrom`` setting. New passwords are PHP ``rand()``
  (client reset, ``client/index.php``: up to ten digits) and ``rand(0, 999999)`` (staff
  reset, ``admin/index.php``); the new-account mails carry the password chosen on the order
  form; the name-server list goes through ``nl2br``. The site URL is stored with its
  trailing slash, so ``url . "/client"`` links show ``//``, as the code makes them.
- OpenGamePanel/OGP-Website (GPL-2.0-or-later, ``COPYING``), Open Game Panel, a game-server
  hosting panel: the lost-password module's two mails (``modules/lostpwd/lostpwd.php``: the
  confirmation link, then the new password of its ``makeRandomPassword`` — eight of the 33
  characters of its ``$salt``) and the sign-up mail of ``modules/register/register-exec.php``
  (user name only). The texts are the ``OGP_LANG_*`` constants of
  ``lang/<Language>/modules/{lostpwd,register}.php`` (PHP double-quoted strings), filled by
  ``get_lang_f`` (``vsprintf``), for every language whose file really translates them
  (Italian, Romanian, Serbian and Swedish ship the English text; Portuguese repeats the
  Brazilian one and is left out); the sign-up mail in English. ``mymail`` of
  ``includes/functions.php`` sends with the bundled PHPMailer 5.2.25: ``MsgHTML`` makes the
  HTML part the string itself and the text part its ``html2text`` (``strip_tags``, trim,
  entities decoded), so ``<br>`` vanish and the lines run together, as PHPMailer sends them.
  The confirmation link is ``http(s)://host`` + the request URI + the user id and the md5 of
  the stored password, as the module builds it.
- henrygd/beszel (MIT), Beszel, a server-monitoring hub: three alert mails of
  ``internal/alerts/`` (a system down, CPU above its threshold, a SMART failure), their
  ``fmt.Sprintf`` formats checked against the snapshot and filled as the Go code does
  (``%.2f`` for the average, the emoji of the title dropped from the down message), sent by
  ``SendAlert`` of ``alerts.go`` through PocketBase's mailer: subject the title, text/plain
  body the message, a blank line and ``hub.MakeLink("system", id)``.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import hmac
import html
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 4, 8, 17, 43, tzinfo=UTC)
RNG = random.Random("r22-hosting")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round22" / "hosting.json"
MIRRORS = Path("/work/.mirror")

IMSCP = "i-MSCP/imscp"
IMSCP_COMMIT = "f9487d2948208047029a2490974979793b28b993"
KENER = "rajnandan1/kener"
KENER_COMMIT = "880080cea1ef162e4945c9f306fba98ca3e99898"
COOLIFY = "coollabsio/coolify"
COOLIFY_COMMIT = "379abb252621f34b318190bd49b614aed9818716"
THT = "rickmacgillis/tht-reworked"
THT_COMMIT = "e71b48de33e2e380ea92830fe08f1a5d6490996a"
OGP = "OpenGamePanel/OGP-Website"
OGP_COMMIT = "fdaf297f74cd4d6cce3897d845346bdeed5a5a64"
BESZEL = "henrygd/beszel"
BESZEL_COMMIT = "f1e5797c76a234b1c59a31c815f07edfbee0b0e9"


def _git(repo: str, *args: str) -> bytes:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), *args], capture_output=True, check=True
    ).stdout


def _show(repo: str, commit: str, path: str) -> str:
    return _git(repo, "show", f"{commit}:{path}").decode("utf-8")


def _ls(repo: str, commit: str, folder: str) -> list[str]:
    return _git(repo, "ls-tree", "--name-only", commit, folder).decode().split()


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


def _pick(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _jwt(claims: dict, secret: bytes = b"r22-hosting-fixed-secret") -> str:
    def b64(raw: bytes) -> str:
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    body = b64(json.dumps(claims, separators=(",", ":")).encode())
    sig = hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64(sig)}"


# ---------------------------------------------------------------------------------------
# i-MSCP


def _parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po catalogue as msgfmt compiles it: fuzzy, empty and context
    entries left out."""
    entries: dict[str, str] = {}
    cur: dict[str, str] = {}
    key = None
    fuzzy = False
    for line in [*text.split("\n"), ""]:
        if not line.strip():
            if "msgid" in cur and cur.get("msgstr") and not fuzzy and "msgctxt" not in cur:
                entries[cur["msgid"]] = cur["msgstr"]
            cur, key, fuzzy = {}, None, False
            continue
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
            continue
        if line.startswith("#"):
            continue
        m = re.match(r'(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(".*")$', line)
        if m:
            key = m.group(1)
            cur[key] = ast.literal_eval(m.group(2))
        elif line.startswith('"') and key:
            cur[key] += ast.literal_eval(line)
    return entries


def _php_single_quoted(body: str) -> str:
    return re.sub(r"\\([\\'])", r"\1", body)


def _tr_strings(php: str) -> list[str]:
    """Every ``tr('…')`` literal of a PHP file, in order."""
    return [_php_single_quoted(m) for m in re.findall(r"tr\(\s*'((?:[^'\\]|\\.)*)'", php)]


def _php_wordwrap(text: str, width: int = 75, brk: str = "\r\n") -> str:
    """PHP's wordwrap($text, $width, $break, false) for a multi-byte break string, on the
    UTF-8 bytes as PHP counts them."""
    t = text.encode("utf-8")
    b = brk.encode()
    out = bytearray()
    laststart = lastspace = 0
    current = 0
    n = len(t)
    while current < n:
        if t[current] == b[0] and current + len(b) < n and t[current : current + len(b)] == b:
            out += t[laststart : current + len(b)]
            current += len(b) - 1
            laststart = lastspace = current + 1
        elif t[current] == 0x20:
            if current - laststart >= width:
                out += t[laststart:current] + b
                laststart = current + 1
            lastspace = current
        elif current - laststart >= width and laststart < lastspace:
            out += t[laststart:lastspace] + b
            laststart = lastspace = lastspace + 1
        current += 1
    if laststart != current:
        out += t[laststart:current]
    return out.decode("utf-8")


def _imscp_send_mail(*, fname, lname, username, subject, body, placeholders, host, port):
    """send_mail() of gui/include/Email.php: replacements, CRLF, wordwrap."""
    name = f"{fname} {lname}" if fname and lname else fname or lname or username
    repl = {
        "{NAME}": name,
        "{USERNAME}": username,
        "{BASE_SERVER_VHOST_PREFIX}": "https://",
        "{BASE_SERVER_VHOST}": host,
        "{BASE_SERVER_VHOST_PORT}": f":{port}",
    }
    repl.update(placeholders)
    repl["\n"] = "\r\n"
    search = list(repl)
    values = list(repl.values())

    def str_replace(s: str) -> str:
        for k, v in zip(search, values, strict=True):
            s = s.replace(k, v)
        return s

    # PHP's foreach-by-reference over $replace: each value replaced in turn, later values
    # seeing the already replaced earlier ones
    for i, v in enumerate(values):
        values[i] = str_replace(v)
    subject = str_replace(subject)
    text = _php_wordwrap(str_replace(body), 75, "\r\n")
    # the "\n" => "\r\n" value is itself replaced in the loop above, so PHP hands
    # mail() lines ending in CR CR LF: one line break for a reader, written so here
    return subject, re.sub(r"\r*\n", "\n", text)


IMSCP_LOCALES = {
    "de_DE": "de", "el": "el", "es_ES": "es", "fr_FR": "fr", "hu_HU": "hu", "it_IT": "it",
    "ja_JP": "ja", "nl_NL": "nl", "pl_PL": "pl", "ru_RU": "ru", "uk_UA": "uk",
    "zh_TW": "zh-TW",
}  # fmt: skip


def imscp() -> None:
    email_php = _show(IMSCP, IMSCP_COMMIT, "gui/include/Email.php")
    tickets_php = _show(IMSCP, IMSCP_COMMIT, "gui/include/Tickets.php")
    s = _tr_strings(email_php)
    # get_welcome_email, get_lostpassword_activation_email, get_lostpassword_password_email,
    # get_alias_order_email: subject then message
    assert s[0] == "Welcome {USERNAME} to i-MSCP", s[0]
    assert s[2] == "Please activate your new i-MSCP password", s[2]
    assert s[4] == "Your new i-MSCP login", s[4]
    assert s[6] == "New alias order for {CUSTOMER}", s[6]
    t = _tr_strings(tickets_php)
    answer = next(x for x in t if x.startswith("Dear {NAME},\n\nYou have a new answer"))
    templates = {
        "welcome": (s[0], s[1]),
        "lostpw-link": (s[2], s[3]),
        "lostpw-password": (s[4], s[5]),
        "alias-order": (s[6], s[7]),
        "ticket-answer": (None, answer),
    }
    host, port = "panel.hosting.example", "8443"
    sender = f"i-MSCP ({host}) <noreply@{host}>"
    po_names = {
        p.rsplit("/", 1)[1].removesuffix(".po") for p in _ls(IMSCP, IMSCP_COMMIT, "i18n/po/")
    }
    catalogues = {"en": {}}
    for loc in IMSCP_LOCALES:
        assert loc in po_names, loc
        catalogues[loc] = _parse_po(_show(IMSCP, IMSCP_COMMIT, f"i18n/po/{loc}.po"))
    paths = {
        "welcome": "gui/include/Email.php, gui/include/Shared.php, gui/public/reseller/user_add3.php",
        "lostpw-link": "gui/include/Email.php, gui/include/LostPassword.php",
        "lostpw-password": "gui/include/Email.php, gui/include/LostPassword.php, gui/src/Application.php",
        "alias-order": "gui/include/Email.php, gui/public/client/alias_add.php",
        "ticket-answer": "gui/include/Email.php, gui/include/Tickets.php",
    }  # fmt: skip
    taken: set[tuple[str, str]] = set()
    for loc, cat in catalogues.items():
        lang = IMSCP_LOCALES.get(loc, "en")

        def tr(msg: str, cat: dict[str, str] = cat) -> str:
            return cat.get(msg, msg)

        for name, (subj, body) in templates.items():
            if loc != "en" and body not in cat:
                continue  # the catalogue does not translate this mail: it goes out in English
            if loc != "en" and (name, cat[body]) in taken:
                continue  # a copy of another locale's text (uk_UA holds the Russian)
            taken.add((name, cat.get(body, body)))
            customer = "noor-tester.example"
            fname, lname, username = "Noor", "Tester", customer
            code = None
            note = None
            kind = "notice"
            if name == "welcome":
                # the add-user form's generator (pGenerator, length 16, no special
                # characters): 5 capitals, 5 digits, 6 small letters, shuffled
                chars = list(_pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 5) + _pick("0123456789", 5)
                             + _pick("abcdefghijklmnopqrstuvwxyz", 6))  # fmt: skip
                RNG.shuffle(chars)
                code = "".join(chars)
                ph = {"{USERTYPE}": tr("Customer"), "{PASSWORD}": code}
                kind = "saas-otp"
                note = ("the password the add-user form's Generate button fills in "
                        "(pGenerator: 16 letters and digits), after 'Password:'")  # fmt: skip
            elif name == "lostpw-password":
                code = _pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 6)
                ph = {"{PASSWORD}": code}
                kind = "saas-otp"
                note = "Crypt::randomStr(6, letters and digits): the new panel password"
            elif name == "lostpw-link":
                key = hashlib.sha1(
                    _pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 32).encode()
                ).hexdigest()
                ph = {"{LINK}": f"https://{host}:{port}/lostpassword.php?key={key}"}
                note = "the renewal key (sha1 hex) is only inside the link"
            elif name == "alias-order":
                fname, lname, username = "Ravi", "Okafor", "reseller1"
                ph = {"{CUSTOMER}": customer, "{ALIAS}": "noor-tester.example.net"}
            else:
                ph = {
                    "{PRIORITY}": tr("Medium"),
                    "{MESSAGE}": "Hello Noor, the MX records of noor-tester.example now point "
                    "to mail.hosting.example. Please allow up to one hour for the change to "
                    "propagate.",
                }
            subject = tr(subj) if subj else "i-MSCP - [Ticket] MX records for my domain"
            subject, text = _imscp_send_mail(
                fname=fname, lname=lname, username=username, subject=subject, body=tr(body),
                placeholders=ph, host=host, port=port,
            )  # fmt: skip
            po = f", i18n/po/{loc}.po" if loc != "en" else ""
            _item(
                source="imscp", template=name, lang=lang, kind=kind, code=code,
                repository=IMSCP, path=paths[name] + po, commit=IMSCP_COMMIT,
                licence="GPL-2.0-or-later",
                rendered="default template string of Email.php/Tickets.php translated through "
                "the locale's .po; send_mail placeholders, CRLF and PHP wordwrap 75 ported; "
                "text/plain",
                raw=message(sender=sender, subject=subject, text=text, html_part=None,
                            sent=SENT),
                note=note,
            )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Kener


def _js_literal(src: str) -> str:
    """The value of a JS template literal or double-quoted string body."""
    assert "${" not in src
    out = []
    i = 0
    while i < len(src):
        c = src[i]
        if c == "\\":
            nxt = src[i + 1]
            out.append({"n": "\n", "t": "\t", "\\": "\\", "`": "`", "$": "$", '"': '"',
                        "'": "'"}[nxt])  # fmt: skip
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _kener_template(name: str) -> dict[str, str]:
    ts = _show(KENER, KENER_COMMIT, f"src/lib/server/templates/general/{name}_template.ts")
    html_body = re.search(r"const emailTemplate = `((?:[^`\\]|\\.)*)`;", ts, re.S).group(1)
    subject = re.search(r'template_subject: "((?:[^"\\]|\\.)*)"', ts).group(1)
    text = re.search(r"template_text_body: `((?:[^`\\]|\\.)*)`", ts, re.S).group(1)
    return {"html": _js_literal(html_body), "subject": _js_literal(subject),
            "text": _js_literal(text)}  # fmt: skip


_MUSTACHE_ESCAPE = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
                    "/": "&#x2F;", "`": "&#x60;", "=": "&#x3D;"}  # fmt: skip


def _mustache(template: str, view: dict[str, str]) -> str:
    """mustache.js render for templates of plain variables only."""
    assert not re.search(r"\{\{\s*[#^/!>&]", template), "sections are not used by these"

    def sub(m: re.Match) -> str:
        if m.group(1) is not None:
            return str(view.get(m.group(1).strip(), ""))
        value = str(view.get(m.group(2).strip(), ""))
        return "".join(_MUSTACHE_ESCAPE.get(c, c) for c in value)

    return re.sub(r"\{\{\{(.+?)\}\}\}|\{\{(.+?)\}\}", sub, template)


def kener() -> None:
    site = "https://status.acme-hosting.example/"
    site_vars = {
        "site_url": site,
        "site_name": "Acme Hosting Status",
        "site_logo_url": "https://status.acme-hosting.example/logo.png",
        "colors_up": "#67ab95", "colors_down": "#ca3038", "colors_degraded": "#e1ad4f",
        "colors_maintenance": "#6679cc",
    }  # fmt: skip
    sender = "Acme Hosting Status <status@acme-hosting.example>"
    iat = int(SENT.timestamp())
    email = "noor.tester@example.com"
    code = str(RNG.randint(100000, 999999))  # GenerateRandomNumber(6)
    cases = [
        ("subscription_account_code", "subscription-code", {"email_code": code}, code,
         "src/lib/server/controllers/userSubscriptionsController.ts",
         "six digits from GenerateRandomNumber(6), shown large in the HTML and after "
         "'Your verification code:' in the text"),
        ("verify_email", "verify-email", {"verification_link":
         f"{site}account/verify?view=confirm_token&token="
         + _jwt({"email": email, "validTill": (iat + 86400) * 1000, "iat": iat,
                 "exp": iat + 31536000})}, None,
         "src/lib/server/controllers/userController.ts", "the token is only inside the link"),
        ("invite_user", "invite-user", {"invitation_link":
         f"{site}account/invitation?view=confirm_token&token="
         + _jwt({"email": email, "validTill": (iat + 7 * 86400) * 1000, "iat": iat,
                 "exp": iat + 31536000})}, None,
         "src/lib/server/controllers/userController.ts", "the token is only inside the link"),
        ("forgot_password", "forgot-password", {"reset_link":
         f"{site}account/forgot?view=confirm_token&token="
         + _jwt({"email": email, "generatedAt": iat * 1000, "iat": iat,
                 "exp": iat + 31536000})}, None,
         "src/routes/(account)/account/forgot/api/fogot-password/+server.ts",
         "the token is only inside the link"),
    ]  # fmt: skip
    for name, ident, extra, code_, caller, note in cases:
        tpl = _kener_template(name)
        view = {**site_vars, **extra}
        _item(
            source="kener", template=ident, lang="en",
            kind="saas-otp" if code_ else "notice", code=code_, repository=KENER,
            path=f"src/lib/server/templates/general/{name}_template.ts, "
            f"src/lib/server/notification/email_notification.ts, {caller}",
            commit=KENER_COMMIT, licence="MIT",
            rendered="seeded template rendered with a mustache.js-equivalent renderer "
            "(subject, HTML, text); nodemailer text + HTML alternative",
            raw=message(sender=sender, subject=_mustache(tpl["subject"], view),
                        text=_mustache(tpl["text"], view),
                        html_part=_mustache(tpl["html"], view), sent=SENT),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Coolify


def _blade_e(value: str) -> str:
    """Blade ``{{ }}``: htmlspecialchars(ENT_QUOTES | ENT_SUBSTITUTE)."""
    return html.escape(value, quote=True).replace("&#x27;", "&#039;")


def _cm_escape(text: str) -> str:
    """league/commonmark Xml::escape after entity decoding."""
    text = html.unescape(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))  # fmt: skip


def _cm_inline(text: str) -> str:
    out = []
    pos = 0
    for m in re.finditer(r"\[([^\]]+)\]\(([^)\s]+)\)|<br\s*/?>", text):
        out.append(_cm_escape(text[pos : m.start()]))
        if m.group(1) is not None:
            href = _cm_escape(m.group(2))
            out.append(f'<a href="{href}">{_cm_escape(m.group(1))}</a>')
        else:
            out.append(m.group(0))
        pos = m.end()
    out.append(_cm_escape(text[pos:]))
    return "".join(out)


def _markdown_parse(md: str) -> str:
    """CommonMark for what these views hold: ATX headings, thematic breaks, paragraphs."""
    blocks = re.split(r"\n\s*\n", md.strip("\n"))
    out = []
    for block in blocks:
        lines = block.split("\n")
        if block.strip() == "---":
            out.append("<hr />\n")
        elif m := re.match(r"(#{1,6}) (.*)$", block):
            level = len(m.group(1))
            out.append(f"<h{level}>{_cm_inline(m.group(2).strip())}</h{level}>\n")
        else:
            out.append("<p>" + "\n".join(_cm_inline(x.strip()) for x in lines) + "</p>\n")
    return "".join(out)


def _coolify_view(view: str, data: dict[str, str]) -> str:
    base = "resources/views/"
    src = _show(COOLIFY, COOLIFY_COMMIT, f"{base}emails/{view}.blade.php")
    layout = _show(COOLIFY, COOLIFY_COMMIT, f"{base}components/emails/layout.blade.php")
    header = _show(COOLIFY, COOLIFY_COMMIT, f"{base}components/emails/header.blade.php")
    footer = _show(COOLIFY, COOLIFY_COMMIT, f"{base}components/emails/footer.blade.php")
    m = re.fullmatch(r"<x-emails\.layout>\n(.*)</x-emails\.layout>\n?", src, re.S)
    assert m, view
    assert "@" not in m.group(1), view
    slot = re.sub(r"\{\{ \$(\w+) \}\}", lambda x: _blade_e(data[x.group(1)]), m.group(1))
    slot = slot.replace("{{ config('app.name') }}", "Coolify").strip()
    assert "{{" not in slot, view
    assert layout == (
        "<x-emails.header />\n{{ Illuminate\\Mail\\Markdown::parse($slot) }}\n<x-emails.footer />\n"
    ), layout
    # footer: echo + newline kept, text, echo + newline kept
    foot = footer
    foot = foot.replace("{{ Illuminate\\Mail\\Markdown::parse('---') }}", _markdown_parse("---"))
    foot = foot.replace("{{ config('app.name') ?? 'Coolify' }}", "Coolify")
    foot = foot.replace(
        "{{ Illuminate\\Mail\\Markdown::parse('[Contact Support](https://coolify.io/docs/contact)') }}",
        _markdown_parse("[Contact Support](https://coolify.io/docs/contact)"),
    )
    assert "{{" not in foot, foot
    # header component output; the newline after the tag is eaten (PHP after ?>); the
    # echo keeps its newline; the footer tag's newline is eaten
    return header + _markdown_parse(slot) + "\n" + foot


def coolify() -> None:
    sender = "Coolify <noreply@coolify.hosting.example>"
    base = "https://coolify.hosting.example"
    code = f"{RNG.randint(0, 999999):06d}"
    vtoken = hashlib.sha256(b"noor.tester@example.com").hexdigest()  # sendVerificationEmail
    reset_token = _pick("0123456789abcdef", 64)
    invite = _pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 32)
    expires = int(SENT.timestamp()) + 3600
    sig = _pick("0123456789abcdef", 64)
    cases = [
        ("email-change-verification", "Coolify: Verify Your New Email Address",
         {"newEmail": "noor.new@example.com", "verificationCode": code, "expiryMinutes": "10"},
         code, "app/Notifications/TransactionalEmails/EmailChangeVerification.php, app/Models/User.php",
         "sprintf('%06d', random_int(0, 999999)) after 'Verification Code:'"),
        ("email-verification", "Coolify: Verify your email.",
         {"url": f"{base}/email/verify/3/{vtoken}?expires={expires}&signature={sig}"},
         None, "app/Models/User.php", "the signed verification link only"),
        ("reset-password", "Coolify: Reset Password",
         {"url": f"{base}/reset-password/{reset_token}?email=noor.tester%40example.com",
          "count": "10"},
         None, "app/Notifications/TransactionalEmails/ResetPassword.php, config/auth.php",
         "the reset token is only inside the link"),
        ("invitation-link", "Coolify: Invitation for Acme Hosting",
         {"team": "Acme Hosting", "email": "noor.tester@example.com",
          "invitation_link": f"{base}/invitations/{invite}"},
         None, "app/Notifications/TransactionalEmails/InvitationLink.php",
         "the invitation id is only inside the link"),
        ("test", "Coolify: Test Email", {}, None, "app/Notifications/Test.php", None),
        ("server-lost-connection", "Coolify: Your server (fra-edge-02) is unreachable.",
         {"name": "fra-edge-02"}, None, "app/Notifications/Server/Unreachable.php", None),
        ("server-revived", "Coolify: Server (fra-edge-02) revived.",
         {"name": "fra-edge-02"}, None, "app/Notifications/Server/Reachable.php", None),
        ("high-disk-usage", "Coolify: Server (fra-edge-02) high disk usage detected!",
         {"name": "fra-edge-02", "disk_usage": "87", "threshold": "80"}, None,
         "app/Notifications/Server/HighDiskUsage.php", None),
    ]  # fmt: skip
    for view, subject, data, code_, caller, note in cases:
        page = _coolify_view(view, data)
        _item(
            source="coolify", template=view, lang="en",
            kind="saas-otp" if code_ else "notice", code=code_, repository=COOLIFY,
            path=f"resources/views/emails/{view}.blade.php, "
            "resources/views/components/emails/{layout,header,footer}.blade.php, " + caller,
            commit=COOLIFY_COMMIT, licence="Apache-2.0",
            rendered="Blade view reduced by hand, Markdown::parse by a small CommonMark "
            "converter; MailMessage::view rendered alone, text/html only",
            raw=message(sender=sender, subject=subject, text=None, html_part=page, sent=SENT),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# The Hosting Tool Reworked


def tht() -> None:
    base = "includes/tpl/email/"
    sql = _show(THT, THT_COMMIT, "install/includes/sql/install.sql")
    rows = dict(
        (name, (subject.replace("''", "'"), folder))
        for name, subject, folder in re.findall(
            r"\(\d+, '([\w-]+)', '(?:[^']|'')*', '((?:[^']|'')*)', '([\w/-]+)'\)", sql
        )
    )
    url = "https://hosting.example/"  # config 'url' as the installer stores it
    sender = "billing@hosting.example"  # config 'emailfrom'
    user, domain = "noortester", "noor-tester.example"
    server = {
        "CPPORT": "2083", "RESELLERPORT": "2087", "SERVERIP": "198.51.100.24",
        "NAMESERVERS": "ns1.hosting.example<br />\nns2.hosting.example",  # nl2br
        "USER": user, "EMAIL": "noor.tester@example.com", "FNAME": "Noor", "LNAME": "Tester",
        "DOMAIN": domain, "PACKAGE": "Starter SSD",
    }  # fmt: skip
    chosen = "Lighthouse#482"
    cases = [
        ("client-password-reset", {"PASS": str(RNG.randint(0, 2**31 - 1)),
                                   "LINK": url + "/client"},
         "client/index.php", "PHP rand(): up to ten digits, after 'Password:'"),
        ("admin-password-reset", {"PASS": str(RNG.randint(0, 999999)), "LINK": url + "/admin"},
         "admin/index.php", "PHP rand(0, 999999), after 'Password:'"),
        ("new-account", {**server, "PASS": chosen,
                         "CONFIRM": f"{url}client/confirm.php?u={user}&c=1796372263"},
         "includes/classes/class_server.php",
         "the password chosen on the order form, after the first 'Password:' (the second "
         "'Password:' line is a sentence)"),
        ("new-account-adminval", {**server, "PASS": chosen,
                                  "CONFIRM": f"{url}client/confirm.php?u={user}&c=1796372263"},
         "includes/classes/class_server.php",
         "the password chosen on the order form; the confirmation link holds only a "
         "timestamp"),
        ("upgrade-welcome", {**server}, "includes/classes/class_server.php",
         "the mail says the password is not included"),
        ("account-suspended", {"REASON": "Invoice #1042 is 14 days overdue"},
         "includes/classes/class_server.php", None),
        ("account-unsuspended", {}, "includes/classes/class_server.php", None),
        ("ticket-staff-responded", {
            "TITLE": "SSL certificate for noor-tester.example",
            "STAFF": "Ravi Okafor",
            "CONTENT": "The certificate has been issued and installed. It renews "
            "automatically every 60 days.",
            "LINK": url + "/client/?page=tickets&sub=view&do=7",
        }, "admin/pages/tickets.php", None),
        ("new-invoice", {"USER": user, "AMOUNT": "7.95",
                         "LINK": url + "/client/?page=invoices", "DUE": "12/18/2026"},
         "includes/classes/class_invoice.php", None),
    ]  # fmt: skip
    for name, values, caller, note in cases:
        subject, folder = rows[name]
        content = _show(THT, THT_COMMIT, f"{base}{folder}/{name}.tpl")
        for key, value in values.items():  # email::parseEmail: preg_replace /%KEY%/si
            content = re.sub(f"%{key}%", lambda _m, v=value: v, content, flags=re.I | re.S)
        assert not re.search(r"%[A-Z]+%", content), (name, content)
        code = values.get("PASS")
        _item(
            source="tht", template=name, lang="en",
            kind="saas-otp" if code else "notice", code=code, repository=THT,
            path=f"{base}{folder}/{name}.tpl, includes/classes/class_email.php, "
            f"install/includes/sql/install.sql, {caller}",
            commit=THT_COMMIT, licence="GPL-3.0-only",
            rendered="template file with email::parseEmail's %KEY% replacements, subject "
            "from install.sql, sent as phpmail() does: text/html only",
            raw=message(sender=sender, subject=subject, text=None, html_part=content,
                        sent=SENT),
            note=note,
        )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Open Game Panel

OGP_LANGS = {
    "English": "en", "Arabic": "ar", "Chinese(China)": "zh-CN", "Croatian(Croatia)": "hr",
    "Czech(CzechRepublic)": "cs", "Danish": "da", "Finnish(Finland)": "fi", "French": "fr",
    "German": "de", "Greek(Greece)": "el", "Hebrew(Israel)": "he", "Hungarian": "hu",
    "Persian": "fa", "Polish": "pl", "Portuguese(Brazil)": "pt-BR", "Portuguese": "pt",
    "Russian": "ru", "Spanish": "es", "Turkish(Turkey)": "tr",
}  # fmt: skip


def _php_defines(php: str) -> dict[str, str]:
    """define('OGP_LANG_x', "…") constants, PHP double-quoted escapes resolved."""
    out = {}
    for key, body in re.findall(r"define\('OGP_LANG_(\w+)',\s*\"((?:[^\"\\]|\\.)*)\"\);", php):
        assert not re.search(r"(?<!\\)\$[A-Za-z_{]", body), body
        out[key] = re.sub(
            r"\\([nrt\\$\"])",
            lambda m: {"n": "\n", "r": "\r", "t": "\t"}.get(m.group(1), m.group(1)),
            body,
        )
    return out


def _php_sprintf(fmt: str, *args: str) -> str:
    assert re.findall(r"%.", fmt) == ["%s"] * len(args), fmt
    parts = fmt.split("%s")
    return parts[0] + "".join(a + rest for a, rest in zip(args, parts[1:], strict=True))


def _phpmailer_html2text(body: str) -> str:
    """PHPMailer 5.2.25 html2text: head/style/script dropped, strip_tags, trim,
    html_entity_decode(ENT_QUOTES)."""
    body = re.sub(r"<(head|title|style|script)[^>]*>.*?</\1>", "", body, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", body).strip())


def ogp() -> None:
    panel = "https://panel.fraghost.example"
    sender = "FragHost Game Panel <panel@fraghost.example>"
    en_lost = _php_defines(_show(OGP, OGP_COMMIT, "lang/English/modules/lostpwd.php"))
    en_reg = _php_defines(_show(OGP, OGP_COMMIT, "lang/English/modules/register.php"))
    seen: dict[str, str] = {}
    for folder, lang in OGP_LANGS.items():
        lost = {**en_lost, **_php_defines(
            _show(OGP, OGP_COMMIT, f"lang/{folder}/modules/lostpwd.php"))}  # fmt: skip
        body = lost["password_message"]
        if lang != "en" and body == en_lost["password_message"]:
            continue  # an English copy, not a translation
        if body in seen:
            continue  # the same text as another language's file (Portuguese = Brazilian)
        seen[body] = lang
        path = f"modules/lostpwd/lostpwd.php, lang/{folder}/modules/lostpwd.php, "
        path += "includes/functions.php, includes/lang.php, includes/PHPMailer/class.phpmailer.php"
        rendered = ("lang constant through get_lang_f (vsprintf), mymail(): PHPMailer "
                    "5.2.25 MsgHTML, text part from its html2text")  # fmt: skip
        # makeRandomPassword: eight of the 33 characters of its $salt
        password = _pick("abchefghjkmnpqrstuvwxyz0123456789", 8)
        page = _php_sprintf(body, password)
        _item(
            source="ogp", template="lostpwd-password", lang=lang, kind="saas-otp",
            code=password, repository=OGP, path=path, commit=OGP_COMMIT,
            licence="GPL-2.0-or-later", rendered=rendered,
            raw=message(sender=sender, subject=lost["subject"],
                        text=_phpmailer_html2text(page), html_part=page, sent=SENT),
            note="makeRandomPassword(): eight characters of 'abchefghjkmnpqrstuvwxyz0123456789'; "
            "the text part (PHPMailer's strip_tags) runs the lines together",
        )  # fmt: skip
        # the confirmation mail that comes first: a link with the user id and the md5 of
        # the stored password (users_passwd)
        md5 = hashlib.md5(b"Lighthouse#482").hexdigest()
        url = f"{panel}/index.php?m=lostpwd&user_id=12&ch_pass_uid={md5}"
        link = f'<a href="{url}" >{url}</a>'
        page = _php_sprintf(lost["confirm_change_password_message"], link)
        _item(
            source="ogp", template="lostpwd-confirm", lang=lang, kind="notice", code=None,
            repository=OGP, path=path, commit=OGP_COMMIT, licence="GPL-2.0-or-later",
            rendered=rendered,
            raw=message(sender=sender, subject=lost["confirm_change_subject"],
                        text=_phpmailer_html2text(page), html_part=page, sent=SENT),
            note="the md5 in the link is the stored password hash, not something to type",
        )  # fmt: skip
    page = _php_sprintf(en_reg["register_message"], f"{panel}/", "noortester")
    _item(
        source="ogp", template="register", lang="en", kind="notice", code=None,
        repository=OGP, commit=OGP_COMMIT, licence="GPL-2.0-or-later",
        path="modules/register/register-exec.php, lang/English/modules/register.php, "
        "includes/functions.php, includes/PHPMailer/class.phpmailer.php",
        rendered="lang constant through get_lang_f (vsprintf), mymail(): PHPMailer 5.2.25 "
        "MsgHTML, text part from its html2text",
        raw=message(sender=sender, subject=_php_sprintf(en_reg["subject"], "FragHost Game Panel"),
                    text=_phpmailer_html2text(page), html_part=page, sent=SENT),
        note="the account mail names the user name only; no password is sent",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------
# Beszel


def beszel() -> None:
    status = _show(BESZEL, BESZEL_COMMIT, "internal/alerts/alerts_status.go")
    system = _show(BESZEL, BESZEL_COMMIT, "internal/alerts/alerts_system.go")
    smart = _show(BESZEL, BESZEL_COMMIT, "internal/alerts/alerts_smart.go")
    alerts = _show(BESZEL, BESZEL_COMMIT, "internal/alerts/alerts.go")
    # the formats the Go code uses, checked against the snapshot
    assert (
        'title := fmt.Sprintf("Connection to %s is %s %v", systemName, alertStatus, emoji)'
        in status
    )
    assert "message := strings.TrimSuffix(title, emoji)" in status
    assert 'subject = fmt.Sprintf("%s %s above threshold", systemName, titleAlertName)' in system
    assert (
        'body := fmt.Sprintf("%s averaged %.2f%s for the previous %v %s.", '
        "alert.descriptor, alert.val, alert.unit, alert.min, minutesLabel)"
    ) in system
    assert (
        'title := fmt.Sprintf("SMART %s on %s: %s %s", statusLabel, systemName, '
        "deviceName, smartStateEmoji(newState))"
    ) in smart
    assert (
        'message = fmt.Sprintf("Disk %s (%s) SMART status changed to %s", deviceName, '
        "model, newState)"
    ) in smart
    assert 'Text:    data.Message + fmt.Sprintf("\\n\\n%s", data.Link),' in alerts
    app, sid, name = "https://monitor.hosting.example", "k3v9x2m7q1w8z4p", "fra-edge-02"
    link = f"{app}/system/{sid}"  # hub.MakeLink("system", id)
    title = f"Connection to {name} is down \U0001f534"
    cases = [
        ("status-down", title, title.removesuffix("\U0001f534"), "alerts_status.go"),
        ("cpu-above", f"{name} CPU above threshold",
         "CPU averaged 91.37% for the previous 10 minutes.", "alerts_system.go"),
        ("smart-failure", f"SMART failure on {name}: /dev/sdb \U0001f534",
         "Disk /dev/sdb (WDC WD40EFRX-68N32N0) SMART status changed to FAILED",
         "alerts_smart.go"),
    ]  # fmt: skip
    for ident, subject, body, src in cases:
        _item(
            source="beszel", template=ident, lang="en", kind="notice", code=None,
            repository=BESZEL, commit=BESZEL_COMMIT, licence="MIT",
            path=f"internal/alerts/{src}, internal/alerts/alerts.go, internal/hub/hub.go",
            rendered="Sprintf formats of the alert code, SendAlert's mailer.Message: subject "
            "the title, text the message, a blank line and the link; text/plain",
            raw=message(sender="Beszel <beszel@monitor.hosting.example>", subject=subject,
                        text=f"{body}\n\n{link}", html_part=None, sent=SENT),
        )  # fmt: skip


def main() -> None:
    global MIRRORS
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = ap.parse_args().mirrors
    imscp()
    kener()
    coolify()
    tht()
    ogp()
    beszel()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} codes")


if __name__ == "__main__":
    main()
