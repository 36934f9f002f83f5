"""Round nineteen, shops: the mails of e-commerce platforms — the passwords a shop gives its
customers to type, and the same shops' order, newsletter and account notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_shops.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- thelia/thelia (GPL-3.0-or-later), the French e-commerce platform, at the last Thelia 2
  commit that still ships the ``templates/email/default`` mail template (Smarty):
  ``password`` (``lost_password``: a new ``Password::generateRandom(8)`` — eight of
  ``a-zA-Z0-9`` — given to type), ``account_created_by_admin`` (``customer_account_created``:
  the admin's ``CustomerController::getCreationEvent`` makes the password with
  ``generateRandom(8)``), ``account_changed_by_admin`` (``customer_account_changed``: the new
  password an administrator typed into the customer form), ``customer_confirmation`` and
  ``newsletter_subscription_confirmation`` (notices), and ``admin_password``
  (``new_admin_password``, a renewal link; sent in the shop's default language, here
  en_US or fr_FR). Each is rendered as
  ``Message::buildMessage`` does. The subject is the ``message_i18n`` subject that the
  shipped ``setup/insert.sql`` installs for the locale, rendered as a Smarty string: a NULL
  one (every it_IT and cs_CZ subject, and some de_DE, es_ES and ru_RU ones) gives an empty
  Subject, a ``%store`` left in one stays; the es_ES subjects of ``lost_password`` and
  ``customer_account_changed`` hold ``{tecla config = ...}``, a machine translation of the
  tag that Smarty cannot compile, so those two mails are never sent and are left out. The
  HTML part is the ``.html`` template (extending ``email-layout.tpl``, its blocks replaced by
  the child's), the text part the ``.txt`` template with ``<br>`` made a newline; both
  through SmartyParser's ``trimWhitespaces`` output filter at level 1 (the shipped
  ``html_output_trim_level``). The Smarty is run by a small renderer below that knows the
  tags these files use (``intl`` with the ``templates/email/default/I18n/<locale>.php``
  strings, falling back to the English source string as Thelia's translator does;
  ``config``, ``url`` with ``resolvePath``, ``loop`` customer/country, ``local_media``,
  ``hook``/``elsehook``, ``if``, ``assign``, auto-escaped variables). The languages are those
  ``insert.sql`` installs that the template translates: en_US, fr_FR, de_DE, es_ES, it_IT
  (which translates only three of the strings; the rest falls back to English), cs_CZ,
  ru_RU (nl_NL is installed but has no translation file), and four the template also
  translates that an administrator adds as shop languages — pt_BR, hu_HU, sk_SK, pl_PL —
  for which ``insert.sql`` has no ``message_i18n`` row, so the Subject is empty. Store
  name, address, e-mail and URL are an invented shop's; the logo is the store's uploaded
  logo (``local_media`` gives its URL). From is ``ConfigQuery::getStoreName()`` and ``getStoreEmail()``.

- shopizer-ecommerce/shopizer (Apache-2.0), a Java e-commerce platform: the FreeMarker mail
  templates ``sm-core/src/main/resources/templates/email/*.ftl`` filled with the tokens that
  ``EmailTemplatesUtils`` / ``CustomerFacadeImpl`` / ``EmailUtils.createEmailObjectsMap`` put
  in (the strings from ``sm-shop/src/main/resources/bundles/shopizer[_fr].properties``, run
  through Java's ``MessageFormat`` when they take arguments, as Spring's message source does —
  so a lone apostrophe starts a quoted run). ``DefaultEmailSenderImpl`` sends a
  multipart/alternative whose text/plain part is the rendered template itself (HTML
  source) and whose text/html part (inside multipart/related, left out here) is the same;
  From the store's name and address. Mails: the registration mail
  (``sendRegistrationEmail``: user name and the password the customer chose), the order
  confirmation (``sendOrderEmail``), the password-reset-link mail
  (``store/facade/customer/CustomerFacadeImpl``) and the
  contact-form mail to the store. English and French (the bundles it ships).

- osCommerce/oscommerce2 (GPL-2.0), osCommerce 2.2 (RC2a), at the last commit before the
  German and Spanish language files were removed: ``catalog/password_forgotten.php`` (a new
  password, ``tep_create_random_value(ENTRY_PASSWORD_MIN_LENGTH)`` — five letters and digits
  with the shipped minimum — mailed to log in with), ``create_account.php`` (the welcome
  mail) and ``checkout_process.php`` (the order mail, its text concatenated as the file does:
  products, order totals, addresses, payment method). The ``define``s of
  ``catalog/includes/languages/<english|german|espanol>/*.php`` (ISO-8859-1) are evaluated
  by a small reader below; ``$REMOTE_ADDR`` is empty, as it is with register_globals off.
  ``tep_mail`` with the shipped ``EMAIL_USE_HTML`` false: ``strip_tags`` of the body, text
  only (entities such as ``&uuml;`` in a language string stay as they are). From is the
  store owner's name and address.

- modified-shop/modified-shop (GPL-2.0), "modified eCommerce", the German shop software
  descended from xt:Commerce, with its default template ``tpl_modified_nova``: the
  account an administrator creates (``admin/create_account.php``; the form's default
  password is ``xtc_RandomString(8)``, letters and digits), the confirmation link for a new
  password (``password_double_opt.php``), a gift voucher and a discount coupon the admin
  sends (``admin/gv_mail.php``: a ``create_coupon_code`` of ten hex characters, and the
  coupon's code — voucher and promotion codes, null) and the customer's welcome mail with
  the sign-up voucher and coupon (``create_account.php``, null). The Smarty mail files
  (ISO-8859-15) are filled by a small renderer of the constructs they use (``if``/``elseif``/``else``, variables, the logo's ``versioning``
  modifier, which appends the file's mtime), then put together as ``inc/xtc_php_mail.inc.php``
  does: ``[SIGNATUR]`` replaced by ``signatur.html`` / ``signatur.txt`` filled with the
  shipped e-mail signature content (content group 11 of ``_installer/includes/sql/
  modified.sql``), the text part's ``<br />`` made a space and a newline, tags stripped, entities decoded,
  and wrapped at the shipped ``EMAIL_WORD_WRAP`` of 50 as PHPMailer's ``wrapText`` does;
  both parts (``EMAIL_USE_HTML`` true). From, subjects and sender names are the shipped
  multi-language configuration values (``EMAIL_SUPPORT_*``, ``EMAIL_BILLING_*``) and
  language constants; the voucher's subject and message are what an admin would type.
  German and English.

- cubecart/v6 (GPL-3.0), CubeCart 6: the shipped English mail contents of
  ``language/email_en-GB.xml`` — ``cart.gift_certificate`` (a gift card whose claim code,
  ``Order::_createCertificate``, is five groups of four hex characters joined by hyphens:
  a gift-card code, null), ``cart.order_complete`` (with a carrier tracking number),
  ``cart.order_cancelled``, ``cart.payment_received`` and ``account.password_recovery``
  (a link) — filled as ``Mailer::loadContent`` / ``sendEmail`` do: the content's Smarty
  (``{$DATA.x}``, ``|capitalize``, ``{if !empty(...)}``) by a small renderer, then placed
  into ``{$EMAIL_CONTENT}`` of the default e-mail template that
  ``setup/db/install/email.sql`` installs, with its ``DATA`` macros (logo, store name and
  URL); HTML body and text AltBody. CubeCart order numbers are its ``ymd-His-NNNN`` form.

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
from urllib.parse import quote_plus

from collect import HERE, message

SENT = datetime(2026, 12, 3, 10, 41, 7, tzinfo=UTC)
RNG = random.Random("r19-shops")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "shops.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _show_bytes(repo: Path, commit: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip


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


def _alnum(n: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(RNG.choice(letters) for _ in range(n))


# ---------------------------------------------------------------------------------------
# Thelia

TH_REPO = "thelia/thelia"
TH_COMMIT = "e01e80553986730f90392693f723074762df1d80"
TH_DIR = "templates/email/default/"
TH_LOCALES = ["en_US", "fr_FR", "de_DE", "es_ES", "it_IT", "cs_CZ", "ru_RU"]
# languages an administrator adds in the back office: the template translates them, but
# insert.sql has no message_i18n row for them, so their subject is empty
TH_ADDED_LOCALES = ["pt_BR", "hu_HU", "sk_SK", "pl_PL"]
TH_CONFIG = {
    "store_name": "Maison Lumière",
    "store_email": "boutique@maison-lumiere.example",
    "url_site": "https://www.maison-lumiere.example",
    "store_address1": "14 rue des Tanneurs",
    "store_address2": "",
    "store_address3": "",
    "store_zipcode": "69002",
    "store_city": "Lyon",
    "store_country": "64",
}
# the country table's title of France (id 64) in each locale
TH_COUNTRY = {
    "en_US": "France", "fr_FR": "France", "de_DE": "Frankreich", "es_ES": "Francia", "it_IT": "Francia",
    "cs_CZ": "Francie", "ru_RU": "Франция", "pt_BR": "França", "hu_HU": "Franciaország",
    "sk_SK": "Francúzsko", "pl_PL": "Francja",
}  # fmt: skip
TH_LOGO = "https://www.maison-lumiere.example/cache/images/store/logo-maison-lumiere.png"

_PHP_PAIR = re.compile(r"""(['"])((?:\\.|(?!\1).)*)\1\s*=>\s*(['"])((?:\\.|(?!\3).)*)\3""", re.S)


def _php_unquote(quote: str, s: str) -> str:
    if quote == "'":
        return re.sub(r"\\([\\'])", r"\1", s)
    table = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "$": "$"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), "\\" + m.group(1)), s)


def _php_array(text: str) -> dict[str, str]:
    out = {}
    for m in _PHP_PAIR.finditer(text):
        out[_php_unquote(m.group(1), m.group(2))] = _php_unquote(m.group(3), m.group(4))
    return out


def _strtr(s: str, pairs: dict[str, str]) -> str:
    """PHP strtr with an array: longest keys first, no re-replacement."""
    if not pairs:
        return s
    keys = sorted(pairs, key=len, reverse=True)
    pat = re.compile("|".join(re.escape(k) for k in keys))
    return pat.sub(lambda m: pairs[m.group(0)], s)


def _tokenize(src: str) -> list:
    """Text and tags of a Smarty template (comments dropped, literal kept as text; a brace
    followed by white space is text, Smarty's auto_literal)."""
    out: list = []
    i, buf = 0, []
    while i < len(src):
        c = src[i]
        if c != "{" or i + 1 >= len(src) or src[i + 1] in " \t\r\n":
            buf.append(c)
            i += 1
            continue
        if src.startswith("{*", i):
            i = src.index("*}", i) + 2
            continue
        if src.startswith("{literal}", i):
            end = src.index("{/literal}", i)
            buf.append(src[i + 9 : end])
            i = end + 10
            continue
        j = _scan_tag(src, i) - 1  # the closing brace, minding quotes and nested tags
        if buf:
            out.append("".join(buf))
            buf = []
        out.append(("tag", src[i + 1 : j]))
        i = j + 1
    if buf:
        out.append("".join(buf))
    return out


def _parse(tokens: list, pos: int = 0, stop: tuple = ()) -> tuple[list, int, str | None]:
    """Nest block tags: returns (nodes, next position, the stop tag met)."""
    nodes: list = []
    while pos < len(tokens):
        tok = tokens[pos]
        if isinstance(tok, str):
            nodes.append(tok)
            pos += 1
            continue
        body = tok[1]
        name = re.match(r"[/\w$']*", body).group(0)
        if name in stop:
            return nodes, pos, name
        pos += 1
        if name in ("block", "if", "loop", "local_media", "elsehook"):
            closing = "/" + name
            inner, pos, met = _parse(tokens, pos, (closing, "else"))
            other = []
            if met == "else":
                other, pos, met = _parse(tokens, pos + 1, (closing,))
            pos += 1
            nodes.append((name, body, inner, other))
        else:
            nodes.append(("tag", body))
    return nodes, pos, None


def _scan_tag(s: str, i: int) -> int:
    """The index just past the tag that opens at s[i] ('{'), minding quotes and nesting."""
    depth, j = 0, i
    while True:
        ch = s[j]
        if ch in "'\"":
            j = _scan_quoted(s, j)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1


def _scan_quoted(s: str, i: int) -> int:
    """The index just past the quoted string at s[i]; a double-quoted one may hold tags."""
    quote, j = s[i], i + 1
    while s[j] != quote:
        if s[j] == "\\":
            j += 2
        elif quote == '"' and s[j] == "{" and s[j + 1] not in " \t\n":
            j = _scan_tag(s, j)
        else:
            j += 1
    return j + 1


_ARGNAME = re.compile(r"\s*(\w+)\s*=\s*")


def _split_args(body: str) -> list[tuple[str, str]]:
    out, i = [], 0
    while i < len(body):
        m = _ARGNAME.match(body, i)
        if not m:
            i += 1
            continue
        j = m.end()
        if body[j] in "'\"":
            k = _scan_quoted(body, j)
        elif body[j] == "{":
            k = _scan_tag(body, j)
        else:
            k = j
            while k < len(body) and not body[k].isspace() and body[k] != "}":
                k += 1
        out.append((m.group(1), body[j:k]))
        i = k
    return out


class Smarty:
    def __init__(self, repo: Path, locale: str, variables: dict):
        self.repo, self.locale = repo, locale
        self.vars = dict(variables)
        self.vars["locale"] = locale
        self.strings = _php_array(_show(repo, TH_COMMIT, f"{TH_DIR}I18n/{locale}.php"))
        self.blocks: dict[str, list] = {}

    def intl(self, key: str, params: dict) -> str:
        text = self.strings.get(key) or key
        return _strtr(text, {"%" + k: v for k, v in params.items()})

    def value(self, raw: str) -> str:
        if raw.startswith('"'):
            inner = re.sub(r'\\(["\\])', r"\1", raw[1:-1])
            # a double-quoted string interpolates its $variables and {tags}
            inner = re.sub(r"\$(\w+)", lambda m: str(self.vars.get(m.group(1), "")), inner)
            if "{" in inner:
                return self.render_string(inner, escape=False)
            return inner
        if raw.startswith("'"):
            return re.sub(r"\\([\\'])", r"\1", raw[1:-1])
        if raw.startswith("{"):
            return self.render_nodes(_parse(_tokenize(raw))[0], escape=False)
        if raw.startswith("$"):
            return str(self.vars.get(raw[1:], ""))
        return raw

    def args(self, body: str) -> dict[str, str]:
        return {k: self.value(v) for k, v in _split_args(body)}

    def cond(self, expr: str) -> bool:
        expr = expr.strip()
        m = re.fullmatch(r"not\s+\$(\w+)", expr)
        if m:
            return not self.vars.get(m.group(1))
        m = re.fullmatch(r"!\s*empty\(\$(\w+)\)", expr)
        if m:
            return bool(self.vars.get(m.group(1)))
        if "||" in expr:
            return any(self.cond(part) for part in expr.split("||"))
        m = re.fullmatch(r"\$(\w+)", expr)
        if m:
            return bool(self.vars.get(m.group(1)))
        if expr.startswith("{"):
            return bool(self.value(expr))
        raise ValueError(expr)

    def url(self, args: dict) -> str:
        path = args.pop("path")
        for key in [k for k in args if "%" + k in path]:  # UrlGenerator::resolvePath
            path = path.replace("%" + key, html.escape(args.pop(key)))
        base = TH_CONFIG["url_site"].rstrip("/") + "/" + path.lstrip("/")
        query = "&".join(f"{quote_plus(k)}={quote_plus(v)}" for k, v in args.items())
        return base + ("?" + query if query else "")

    def tag(self, body: str, escape: bool) -> str:
        m = re.match(r"(\$\w+)(\s+nofilter)?\s*$", body)
        if m:
            val = str(self.vars.get(m.group(1)[1:], ""))
            return html.escape(val) if escape and not m.group(2) else val
        if body == "'Y'|date":
            return str(SENT.year)
        name = body.split(None, 1)[0]
        rest = body[len(name) :]
        if name in ("default_translation_domain", "default_locale", "declare_assets", "hook"):
            return ""
        if name == "extends":
            return ""
        if name == "assign":
            a = self.args(rest)
            self.vars[a["var"]] = a["value"]
            return ""
        if name == "intl":
            a = self.args(rest)
            key = a.pop("l")
            return self.intl(key, a)
        if name == "config":
            return TH_CONFIG[self.args(rest)["key"]]
        if name == "url":
            return self.url(self.args(rest))
        raise ValueError(body)

    def render_nodes(self, nodes: list, escape: bool = True) -> str:
        out = []
        for node in nodes:
            if isinstance(node, str):
                out.append(node)
                continue
            kind = node[0]
            if kind == "tag":
                out.append(self.tag(node[1], escape))
            elif kind == "block":
                name = self.args(node[1][5:])["name"]
                out.append(self.render_nodes(self.blocks.get(name, node[2]), escape))
            elif kind == "if":
                branch = node[2] if self.cond(node[1][2:]) else node[3]
                out.append(self.render_nodes(branch, escape))
            elif kind == "loop":
                a = self.args(node[1][4:])
                saved = dict(self.vars)
                if a["type"] == "customer":
                    self.vars.update(self.vars["customer"])
                elif a["type"] == "country":
                    self.vars["TITLE"] = TH_COUNTRY[self.locale]
                out.append(self.render_nodes(node[2], escape))
                self.vars = saved
            elif kind == "local_media":
                self.vars["MEDIA_URL"] = TH_LOGO
                out.append(self.render_nodes(node[2], escape))
            elif kind == "elsehook":
                out.append(self.render_nodes(node[2], escape))
        return "".join(out)

    def render_string(self, src: str, escape: bool = True) -> str:
        return self.render_nodes(_parse(_tokenize(src))[0], escape)

    def render_file(self, name: str) -> str:
        src = _show(self.repo, TH_COMMIT, TH_DIR + name)
        nodes = _parse(_tokenize(src))[0]
        m = re.match(r"\s*\{extends file=\"([^\"]+)\"\}", src)
        if m:
            # a child: its blocks replace the parent's
            for node in nodes:
                if isinstance(node, tuple) and node[0] == "block":
                    self.blocks[self.args(node[1][5:])["name"]] = node[2]
            parent = _show(self.repo, TH_COMMIT, TH_DIR + m.group(1))
            out = self.render_string(parent)
        else:
            out = self.render_nodes(nodes)
        return _trim_whitespaces(out)


def _trim_whitespaces(source: str) -> str:
    """SmartyParser::trimWhitespaces at html_output_trim_level 1."""
    source = re.sub(r"\r\n|\r|\n", "\n", source)
    source = re.sub(
        r"""(([a-z0-9]\s*=\s*(["'])[^\x03]*?\3)|<[a-z0-9_]+)\s+([a-z/>])""",
        r"\1 \4", source, flags=re.I | re.S,
    )  # fmt: skip
    return re.sub(r"(^[\n]*|[\n]+)[\s\t]*[\n]+", "\n", source)


TH_MAILS = [
    # template, message name and id in setup/insert.sql, kind
    ("password", "lost_password", 2, "shop-otp"),
    ("account_created_by_admin", "customer_account_created", 5, "shop-otp"),
    ("account_changed_by_admin", "customer_account_changed", 4, "shop-otp"),
    ("customer_confirmation", "customer_confirmation", 8, "notice"),
    ("newsletter_subscription_confirmation", "newsletter_subscription_confirmation", 7, "notice"),
]
_SQL_STR = r"NULL|'(?:\\.|[^'\\])*'"
_TH_ROW = re.compile(rf"\(\s*(\d+),\s*'(\w+)',\s*({_SQL_STR}),\s*({_SQL_STR}),")


def _th_subjects(sql: str) -> dict[tuple[int, str], str | None]:
    """The message_i18n subjects that setup/insert.sql installs (None for NULL)."""
    block = sql[sql.index("INSERT INTO `message_i18n`") :]
    block = block[: block.index(";\n")]
    out = {}
    for m in _TH_ROW.finditer(block):
        raw = m.group(4)
        out[int(m.group(1)), m.group(2)] = (
            None if raw == "NULL" else re.sub(r"\\(.)", r"\1", raw[1:-1])
        )
    return out


TH_PEOPLE = {
    "en_US": ("Megan", "Holloway", "megan.holloway@example.net"),
    "fr_FR": ("Camille", "Roux", "camille.roux@example.fr"),
    "de_DE": ("Jana", "Kessler", "jana.kessler@example.de"),
    "es_ES": ("Lucía", "Ortega", "lucia.ortega@example.es"),
    "it_IT": ("Giulia", "Bernardi", "giulia.bernardi@example.it"),
    "cs_CZ": ("Tereza", "Dvořáková", "tereza.dvorakova@example.cz"),
    "ru_RU": ("Ирина", "Соколова", "irina.sokolova@example.ru"),
    "pt_BR": ("Mariana", "Albuquerque", "mariana.albuquerque@example.com.br"),
    "hu_HU": ("Zsófia", "Kovács", "zsofia.kovacs@example.hu"),
    "sk_SK": ("Lucia", "Horváthová", "lucia.horvathova@example.sk"),
    "pl_PL": ("Agnieszka", "Wróbel", "agnieszka.wrobel@example.pl"),
}  # fmt: skip

# the new passwords administrators typed in the customer form (account_changed_by_admin)
TH_ADMIN_PASSWORDS = {
    "en_US": "Harbour7lights", "fr_FR": "Tilleul2027", "de_DE": "Sommerwiese42",
    "es_ES": "Naranjo-58", "it_IT": "Girasole31", "cs_CZ": "Vltava2026", "ru_RU": "Zarya1984",
    "pt_BR": "Ipe-Amarelo7", "hu_HU": "Balaton2026", "sk_SK": "Tatry-1955", "pl_PL": "Wisla2027",
}  # fmt: skip


def thelia(mirrors: Path) -> None:
    repo = mirrors / "thelia+thelia" / "repo"
    sender = f"{TH_CONFIG['store_name']} <{TH_CONFIG['store_email']}>"
    subjects = _th_subjects(_show(repo, TH_COMMIT, "setup/insert.sql"))
    for locale in TH_LOCALES + TH_ADDED_LOCALES:
        first, last, email = TH_PEOPLE[locale]
        for template, msg, msg_id, kind in TH_MAILS:
            stored = subjects.get((msg_id, locale))
            if stored is not None and "{tecla" in stored:
                # es_ES: the machine-translated subject's {tecla config = ...} is no Smarty
                # tag; rendering it throws, sendEmailMessage logs the error, nothing is sent
                continue
            variables = {
                "customer_id": "31",
                "customer": {"EMAIL": email, "FIRSTNAME": first, "LASTNAME": last},
            }
            code, note = None, None
            if template == "password":
                code = variables["password"] = _alnum(8)
                note = "the new password Password::generateRandom(8) made, given to type"
            elif template == "account_created_by_admin":
                code = variables["password"] = _alnum(8)
                note = ("the account's password, made by the back office's generateRandom(8), "
                        "given with the login e-mail")  # fmt: skip
            elif template == "account_changed_by_admin":
                code = variables["password"] = TH_ADMIN_PASSWORDS[locale]
                note = (
                    "the new password an administrator typed into the customer form; a hyphen "
                    "in it is part of the password, not a separator"
                )
            elif template == "customer_confirmation":
                token = "".join(RNG.choice("0123456789abcdef") for _ in range(64))
                variables["customer"]["CONFIRMATION_TOKEN"] = token
                note = "the account-confirmation link (a 64-hex token only in the URL), no code"
            else:
                variables.update(email=email, firstname=first, lastname=last)
                note = "a newsletter confirmation with an unsubscribe link, no code"
            # the subject stored at install: translated with setup/I18n, then rendered
            sm = Smarty(repo, locale, variables)
            subject = "" if stored is None else sm.render_string(stored)
            html_part = Smarty(repo, locale, variables).render_file(template + ".html")
            text = Smarty(repo, locale, variables).render_file(template + ".txt")
            text = re.sub(r"<br>", "\n", text, flags=re.I)
            _save(source="thelia", template=template.replace("_", "-"), lang=locale,
                  kind=kind, code=code, repository=TH_REPO,
                  path=f"{TH_DIR}{template}.html, {TH_DIR}{template}.txt, "
                  f"{TH_DIR}email-layout.tpl, {TH_DIR}I18n/{locale}.php, "
                  "setup/insert.sql",
                  commit=TH_COMMIT, licence="GPL-3.0-or-later",
                  rendered=f"Message::buildMessage ({msg}): the Smarty templates by a small "
                  "renderer of their tags, trimWhitespaces level 1; text and HTML",
                  sender=sender, subject=subject, text=text, html_part=html_part,
                  note=note)  # fmt: skip


# ---------------------------------------------------------------------------------------
# Shopizer

SZ_REPO = "shopizer-ecommerce/shopizer"
SZ_COMMIT = "7460ceb86cb7c5feac5f0b057632655ae1cc9e5b"
SZ_TPL = "sm-core/src/main/resources/templates/email/"
SZ_BUNDLES = "sm-shop/src/main/resources/bundles/"
SZ_STORE = "Northwoods Outfitters"
SZ_STORE_EMAIL = "orders@northwoods-outfitters.example"
SZ_DOMAIN = "www.northwoods-outfitters.example"
SZ_SENDER = f"{SZ_STORE} <{SZ_STORE_EMAIL}>"


_PROP_ESC = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _prop_unescape(v: str) -> str:
    def one(e: re.Match) -> str:
        s = e.group(1)
        if s[0] == "u" and len(s) == 5:
            return chr(int(s[1:], 16))
        return _PROP_ESC.get(s, s)

    return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, v)


def _properties(text: str) -> dict[str, str]:
    """A Java .properties file (read as UTF-8, as the shop's message source does)."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while re.search(r"(?<!\\)(\\\\)*\\$", line) and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        m = re.match(r"((?:\\.|[^=:\s\\])*)\s*[=:\s]\s*(.*)", line, re.S)
        if not m:
            out[line] = ""
            continue
        key, value = m.group(1), m.group(2)
        out.setdefault(_prop_unescape(key), _prop_unescape(value))
    return out


def _message_format(pattern: str, args: list[str]) -> str:
    """java.text.MessageFormat with string arguments: '' is a quote, '...' is literal."""
    out, i, quoted = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "'":
            if i + 1 < len(pattern) and pattern[i + 1] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
            i += 1
            continue
        if c == "{" and not quoted:
            end = pattern.index("}", i)
            out.append(args[int(pattern[i + 1 : end].split(",")[0])])
            i = end + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


class Labels:
    """LabelUtils over Spring's message source: bundles shopizer, messages, shipping, payment,
    each basename's locale file, then its base file; MessageFormat only when there are args."""

    def __init__(self, repo: Path, lang: str):
        self.files = []
        for base in ("shopizer", "messages", "shipping", "payment"):
            names = ([f"{base}_{lang}.properties"] if lang != "en" else []) + [f"{base}.properties"]
            self.files.append([_properties(_show(repo, SZ_COMMIT, SZ_BUNDLES + n)) for n in names])

    def __call__(self, key: str, args: list[str] | None = None) -> str:
        value = None
        for chain in self.files:  # each basename: the locale's file, then the base file
            value = next((props[key] for props in chain if key in props), None)
            if value is not None:
                break
        if value is None:
            raise KeyError(key)
        return _message_format(value, args) if args else value


def _ftl(template: str, tokens: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}", lambda m: tokens[m.group(1)], template)


def _sz_common(labels: Labels) -> dict[str, str]:
    """EmailUtils.createEmailObjectsMap (no store logo: LOGOPATH is the store's name)."""
    return {
        "EMAIL_ADMIN_LABEL": labels("email.message.from", [SZ_STORE]),
        "EMAIL_STORE_NAME": SZ_STORE,
        "EMAIL_FOOTER_COPYRIGHT": labels("email.copyright", [SZ_STORE, str(SENT.year)]),
        "EMAIL_DISCLAIMER": labels("email.disclaimer", [SZ_STORE_EMAIL]),
        "EMAIL_SPAM_DISCLAIMER": labels("email.spam.disclaimer"),
        "LOGOPATH": SZ_STORE,
    }


SZ_PEOPLE = {
    "en": ("Dana", "Whitaker", "dana.whitaker@example.ca", "ON", "Ontario", "Toronto",
           "88 Queen Street East", "M5C 1S1", "whitakerd", "Cedar&Pine2027"),
    "fr": ("Étienne", "Gagnon", "etienne.gagnon@example.ca", "QC", "Québec", "Montréal",
           "2150 rue Saint-Denis", "H2X 3K8", "egagnon", "Erable!Rouge58"),
}  # fmt: skip


def shopizer(mirrors: Path) -> None:
    repo = mirrors / "shopizer-ecommerce+shopizer" / "repo"
    for lang in ("en", "fr"):
        labels = Labels(repo, lang)
        first, last, _email, _zc, zone, city, street, postal, user, pw = SZ_PEOPLE[lang]
        base = {
            "LABEL_HI": labels("label.generic.hi"),
            "EMAIL_CUSTOMER_FIRSTNAME": first,
            "EMAIL_CUSTOMER_LASTNAME": last,
        }
        common = dict(source="shopizer", lang=lang, repository=SZ_REPO, commit=SZ_COMMIT,
                      licence="Apache-2.0", sender=SZ_SENDER)  # fmt: skip

        def send(template, ftl, subject, tokens, kind, code, note, rendered, common=common):
            body = _ftl(_show(repo, SZ_COMMIT, SZ_TPL + ftl), tokens)
            # DefaultEmailSenderImpl: a text/plain part and a text/html part, both the
            # rendered template (the HTML one inside multipart/related, left out here)
            _save(template=template, kind=kind, code=code, path=SZ_TPL + ftl,
                  rendered=rendered, subject=subject, text=body, html_part=body, note=note,
                  **common)  # fmt: skip

        # the registration mail
        tokens = _sz_common(labels) | base
        tokens |= {
            "EMAIL_CUSTOMER_GREETING": labels(
                "email.customer.greeting", [SZ_STORE, "http", SZ_STORE_EMAIL]
            ),
            "EMAIL_USERNAME_LABEL": labels("label.generic.username"),
            "EMAIL_PASSWORD_LABEL": labels("label.generic.password"),
            "CUSTOMER_ACCESS_LABEL": labels("label.customer.accessportal"),
            "ACCESS_NOW_LABEL": labels("label.customer.accessnow"),
            "EMAIL_USER_NAME": user,
            "EMAIL_CUSTOMER_PASSWORD": pw,
            "CUSTOMER_ACCESS_URL": "http",
        }
        send("registration", "email_template_customer.ftl", labels("email.newuser.title"),
             tokens, "shop-otp", pw,
             "the password the customer chose at registration (its symbols are part of it), "
             "given under the user name "
             "(customer.getPassword()); the customer-section link is the SHOP_SCHEME value "
             "'http' that sendRegistrationEmail passes as its context path",
             "EmailTemplatesUtils.sendRegistrationEmail: the FreeMarker ${TOKEN}s filled, "
             "bundle strings through MessageFormat; text/plain and text/html both the HTML")  # fmt: skip

        # the order confirmation
        order_id = "10482" if lang == "en" else "10517"
        day = SENT.strftime("%Y-%m-%d")
        items = [("Merino Trail Hoodie", "NW-HD-2207", "1", "$119.00"),
                 ("Waxed Canvas Daypack", "NW-BP-0419", "1", "$89.50"),
                 ("Wool Hiking Socks (3 pack)", "NW-SK-1130", "2", "$24.00")]  # fmt: skip
        tax = ("HST", "$33.80") if lang == "en" else ("TPS + TVQ", "$38.99")
        totals = [(labels("order.total.subtotal") + ": ", "$256.50"),
                  (labels("order.total.shipping") + ": ", "$18.00"),
                  (tax[0] + ": ", tax[1]),
                  (labels("order.total.total") + ": ",
                   "$308.30" if lang == "en" else "$313.49")]  # fmt: skip
        table = ['<table width="100%">']
        for name, sku, qty, price in items:
            table.append(
                f'<tr><td valign="top">{name} - {sku}</td><td valign="top">'
                f'{labels("label.quantity")}: {qty}</td><td valign="top">{price}</td></tr>'
            )
        for label, amount in totals:
            table.append(
                '<tr class="border"><td valign="top"></td><td valign="top"><strong>'
                f'{label}</strong></td><td valign="top"><strong>{amount}</strong></td></tr>'
            )
        table.append("</table>")
        billing = f"{first} {last}<br/>{street}<br/>{city}, {zone}<br/>Canada {postal}"
        status = labels("label.order.ORDERED")
        tokens = _sz_common(labels) | base
        tokens |= {
            "EMAIL_ORDER_NUMBER": labels("email.order.confirmation", [order_id]),
            "EMAIL_ORDER_DATE": labels("email.order.ordered", [day]),
            "EMAIL_ORDER_THANKS": labels("email.order.thanks"),
            "ADDRESS_BILLING": billing,
            "ORDER_PRODUCTS_DETAILS": "".join(table),
            "EMAIL_ORDER_DETAILS_TITLE": labels("label.order.details"),
            "ADDRESS_BILLING_TITLE": labels("label.customer.billinginformation"),
            "PAYMENT_METHOD_TITLE": labels("label.order.paymentmode"),
            "PAYMENT_METHOD_DETAILS": labels("payment.type.CREDITCARD"),
            "SHIPPING_METHOD_DETAILS": labels("module.shipping.canadapost", [SZ_STORE]),
            "ADDRESS_SHIPPING_TITLE": labels("label.order.shippingmethod"),
            "ADDRESS_DELIVERY_TITLE": labels("label.customer.shippinginformation"),
            "SHIPPING_METHOD_TITLE": labels("label.customer.shippinginformation"),
            "ADDRESS_DELIVERY": billing,
            "ORDER_STATUS": labels("email.order.status", [day, status]),
        }
        send("order-confirmation", "email_template_checkout.ftl",
             labels("email.order.title", [SZ_STORE, order_id]), tokens, "shop-order", None,
             "an order confirmation: order number, SKUs, quantities, prices and totals, no code",
             "EmailTemplatesUtils.sendOrderEmail: the product and totals table and addresses "
             "built as the method builds them, the FreeMarker ${TOKEN}s filled; prices as "
             "NumberFormat.getCurrencyInstance(en_CA) formats CAD; text/plain and text/html "
             "both the HTML")  # fmt: skip

        # the password-reset link
        token = "1f0c9e52-7a4b-4d8e-b6f3-2c5a91e07d34" if lang == "en" else (
            "8b3d27f4-05e1-4c9a-9f62-d4a7e1b3c580")  # fmt: skip
        link = f"https://{SZ_DOMAIN}/customer/DEFAULT/reset/{token}"
        tokens = _sz_common(labels) | base
        tokens |= {
            "RESET_PASSWORD_LINK": link,
            "RESET_PASSWORD_TEXT": labels("email.reset.password.text", [SZ_STORE]),
            "LABEL_LINK_TITLE": labels("email.link.reset.password.title"),
            "LABEL_LINK": labels("email.link"),
            "EMAIL_CONTACT_OWNER": labels("email.contactowner", [SZ_STORE_EMAIL]),
        }
        send("password-reset-link", "email_template_password_reset_request_customer.ftl",
             labels("email.link.reset.password.title"), tokens, "notice", None,
             "a password-reset link (a UUID only in the URL), no code",
             "store/facade/customer/CustomerFacadeImpl.resetPasswordRequest: the FreeMarker "
             "${TOKEN}s filled, MessageFormat as Spring runs it (the French text's apostrophes "
             "quote its {0}); text/plain and text/html both the HTML")  # fmt: skip

        # the contact-form mail to the store
        contact = {
            "en": ("Priya Raman", "priya.raman@example.com", "Sizing on the Merino Trail Hoodie",
                   "Hi, does the hoodie run true to size? I'm usually a medium in your jackets."),
            "fr": ("Louis Tremblay", "louis.tremblay@example.ca", "Retour d'un sac à dos",
                   "Bonjour, est-ce possible d'échanger le sac à dos contre la version 28 L ?"),
        }[lang]  # fmt: skip
        tokens = _sz_common(labels) | {
            "EMAIL_CONTACT_NAME": contact[0],
            "EMAIL_CONTACT_EMAIL": contact[1],
            "EMAIL_CONTACT_CONTENT": contact[3],
            "EMAIL_CUSTOMER_CONTACT": labels("email.contact", [contact[2]]),
            "EMAIL_CONTACT_NAME_LABEL": labels("label.entity.name"),
            "EMAIL_CONTACT_EMAIL_LABEL": labels("label.generic.email"),
        }
        body = _ftl(_show(repo, SZ_COMMIT, SZ_TPL + "email_template_contact.ftl"), tokens)
        _save(template="contact-form", kind="notice", code=None,
              path=SZ_TPL + "email_template_contact.ftl",
              rendered="EmailTemplatesUtils.sendContactEmail: the FreeMarker ${TOKEN}s filled; "
              "From the visitor's name with the store's address; text/plain and text/html "
              "both the HTML", subject=labels("email.contact.title"), text=body,
              html_part=body, note="a contact-form message relayed to the store, no code",
              **(common | {"sender": f"{contact[0]} <{SZ_STORE_EMAIL}>"}))  # fmt: skip


# ---------------------------------------------------------------------------------------
# osCommerce 2.2

OSC_REPO = "osCommerce/oscommerce2"
OSC_COMMIT = "8ecc4d92f68c7afd3534c59c6e3dc6f1ca5e3b14"
OSC_LANG = "catalog/includes/languages/"
OSC_SHOP = {
    "english": ("en", "Harbor Street Books", "Maggie Doyle", "orders@harborstreetbooks.example",
                "https://www.harborstreetbooks.example/catalog/"),
    "german": ("de", "Buchhandlung am Kanal", "Jörg Lindner", "bestellung@buch-am-kanal.example",
               "https://www.buch-am-kanal.example/catalog/"),
    "espanol": ("es", "Librería del Puerto", "Inés Calderón", "pedidos@libreria-puerto.example",
                "https://www.libreria-puerto.example/catalog/"),
}  # fmt: skip
_OSC_TOKEN = re.compile(
    r"""\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|(stripslashes\(\$HTTP_POST_VARS\['(\w+)'\]\))"""
    r"""|\$(\w+)|(\w+))\s*(\.|$)""",
    re.S,
)


_PHP_DQ = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "$": "$"}


def _php_dq_escape(e: re.Match) -> str:
    return _PHP_DQ.get(e.group(1), e.group(0))


def _osc_defines(text: str, consts: dict[str, str]) -> dict[str, str]:
    """The define('NAME', <concatenation>) lines of an osCommerce language file, evaluated:
    quoted strings, constants already defined, and the request values in ``consts``."""
    out: dict[str, str] = {}
    for m in re.finditer(r"define\('(\w+)',\s*(.*?)\);\s*(?://.*)?$", text, re.M):
        expr, pos, parts = m.group(2), 0, []
        while pos < len(expr):
            t = _OSC_TOKEN.match(expr, pos)
            if not t:
                raise ValueError(expr[pos:])
            if t.group(1) is not None:
                parts.append(re.sub(r"\\([\\'])", r"\1", t.group(1)))
            elif t.group(2) is not None:
                parts.append(re.sub(r"\\(.)", _php_dq_escape, t.group(2)))
            elif t.group(3):
                parts.append(consts["post:" + t.group(4)])
            elif t.group(5):
                parts.append(consts.get("$" + t.group(5), ""))
            else:
                parts.append(out.get(t.group(6), consts.get(t.group(6), t.group(6))))
            pos = t.end()
        out[m.group(1)] = "".join(parts)
    return out


def _strip_tags(text: str) -> str:
    return re.sub(r"<[^>]*>", "", text)


OSC_DAYS = {
    "english": ("Thursday", "December", "{a} {d} {b}, {y}"),
    "german": ("Donnerstag", "Dezember", "{a}, {d}. {b} {y}"),
    "espanol": ("jueves", "diciembre", "{a} {d} {b}, {y}"),
}  # fmt: skip

OSC_PEOPLE = {
    "english": ("Rebecca", "Lindqvist", "rebecca.lindqvist@example.com",
                "Rebecca Lindqvist\n410 Brickell Avenue\nMiami, FL    33131\nUnited States"),
    "german": ("Matthias", "Brandt", "matthias.brandt@example.de",
               "Matthias Brandt\nTorstraße 118\n10119 Berlin\nGermany"),
    "espanol": ("Alba", "Serrano", "alba.serrano@example.es",
                "Alba Serrano\nCalle de Atocha 54\nMadrid\n28012 - Madrid, Spain"),
}  # fmt: skip


def oscommerce(mirrors: Path) -> None:
    repo = mirrors / "osCommerce+oscommerce2" / "repo"
    for folder, (lang, store, owner, owner_email, base_url) in OSC_SHOP.items():
        first, last, _email, address = OSC_PEOPLE[folder]
        consts = {
            "STORE_NAME": store, "STORE_OWNER": owner,
            "STORE_OWNER_EMAIL_ADDRESS": owner_email,
            "post:firstname": first, "post:lastname": last,
        }  # fmt: skip

        def load(name: str, consts=consts, folder=folder) -> dict[str, str]:
            raw = _show_bytes(repo, OSC_COMMIT, f"{OSC_LANG}{folder}/{name}.php")
            return _osc_defines(raw.decode("iso-8859-1"), consts)

        sender = f"{owner} <{owner_email}>"
        common = dict(source="oscommerce", lang=lang, repository=OSC_REPO, commit=OSC_COMMIT,
                      licence="GPL-2.0-only", sender=sender, html_part=None)  # fmt: skip
        how = ("tep_mail with EMAIL_USE_HTML false (the shipped setting): strip_tags of the "
               "body, text only; the language file's defines evaluated")  # fmt: skip

        # password_forgotten.php: a new tep_create_random_value(ENTRY_PASSWORD_MIN_LENGTH)
        d = load("password_forgotten")
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        password = "".join(RNG.choice(alphabet) for _ in range(5))
        body = d["EMAIL_PASSWORD_REMINDER_BODY"].replace("%s", password, 1)
        _save(template="password-forgotten", kind="shop-otp", code=password,
              path=f"catalog/password_forgotten.php, {OSC_LANG}{folder}/password_forgotten.php",
              rendered="password_forgotten.php: " + how + "; $REMOTE_ADDR is empty with "
              "register_globals off, so the sentence ends in ' .'",
              subject=d["EMAIL_PASSWORD_REMINDER_SUBJECT"], text=_strip_tags(body),
              note="the new password (tep_create_random_value of ENTRY_PASSWORD_MIN_LENGTH, "
              "5 by default: letters and digits), indented under the sentence, to log in with",
              **common)  # fmt: skip

        # create_account.php: the welcome mail (gender on, so Mr/Ms by the form)
        d = load("create_account")
        greet = d["EMAIL_GREET_MR"]
        body = (greet.replace("%s", last, 1) if "%s" in greet else greet) + d["EMAIL_WELCOME"]
        body += d["EMAIL_TEXT"] + d["EMAIL_CONTACT"] + d["EMAIL_WARNING"]
        _save(template="welcome", kind="notice", code=None,
              path=f"catalog/create_account.php, {OSC_LANG}{folder}/create_account.php",
              rendered="create_account.php: " + how, subject=d["EMAIL_SUBJECT"],
              text=_strip_tags(body), note="a welcome mail listing the shop's services, no code",
              **common)  # fmt: skip

        # checkout_process.php: the order mail
        d = load("checkout_process")
        mod = {}
        for name in ("order_total/ot_subtotal", "order_total/ot_shipping", "order_total/ot_tax",
                     "order_total/ot_total", "shipping/flat", "payment/cod"):  # fmt: skip
            mod |= load("modules/" + name)
        order_id = {"english": "1187", "german": "2204", "espanol": "1352"}[folder]
        day, month, fmt = OSC_DAYS[folder]
        date_long = fmt.format(a=day, d=SENT.strftime("%d"), b=month, y=SENT.year)
        ship = f"{mod['MODULE_SHIPPING_FLAT_TEXT_TITLE']} ({mod['MODULE_SHIPPING_FLAT_TEXT_WAY']})"
        if folder == "english":
            money = "${}".format
            lines = [
                ("2", "The Shipping News", "BK-PROU-1993", "31.98"),
                ("1", "A Field Guide to the Atlantic Coast", "BK-FG-0427", "24.50"),
            ]
            totals = [
                (mod["MODULE_ORDER_TOTAL_SUBTOTAL_TITLE"] + ":", "56.48"),
                (ship + ":", "5.00"),
                ("FL TAX 7.0%:", "3.95"),
                (mod["MODULE_ORDER_TOTAL_TOTAL_TITLE"] + ":", "65.43"),
            ]
        else:
            money = "{}EUR".format
            lines = [
                (
                    "1",
                    "Die Vermessung der Welt" if folder == "german" else "La sombra del viento",
                    "BK-KEHL-2005" if folder == "german" else "BK-RZ-2001",
                    "22.05",
                ),
                (
                    "3",
                    "Notizbuch A5, liniert" if folder == "german" else "Cuaderno A5 rayado",
                    "NB-A5-L",
                    "13.20",
                ),
            ]
            totals = [(mod["MODULE_ORDER_TOTAL_SUBTOTAL_TITLE"] + ":", "35.25"),
                      (ship + ":", "5.52"),
                      (mod["MODULE_ORDER_TOTAL_TOTAL_TITLE"] + ":", "40.77")]  # fmt: skip
        products = "".join(f"{q} x {n} ({m}) = {money(p)}\n" for q, n, m, p in lines)
        sep = d["EMAIL_SEPARATOR"]
        body = (f"{store}\n{sep}\n{d['EMAIL_TEXT_ORDER_NUMBER']} {order_id}\n"
                f"{d['EMAIL_TEXT_INVOICE_URL']} {base_url}account_history_info.php?order_id="
                f"{order_id}\n{d['EMAIL_TEXT_DATE_ORDERED']} {date_long}\n\n"
                f"{d['EMAIL_TEXT_PRODUCTS']}\n{sep}\n{products}{sep}\n")  # fmt: skip
        for title, value in totals:
            body += f"{_strip_tags(title)} {money(value)}\n"
        body += f"\n{d['EMAIL_TEXT_DELIVERY_ADDRESS']}\n{sep}\n{address}\n"
        body += f"\n{d['EMAIL_TEXT_BILLING_ADDRESS']}\n{sep}\n{address}\n\n"
        body += (
            f"{d['EMAIL_TEXT_PAYMENT_METHOD']}\n{sep}\n{mod['MODULE_PAYMENT_COD_TEXT_TITLE']}\n\n"
        )
        _save(template="order", kind="shop-order", code=None,
              path=f"catalog/checkout_process.php, {OSC_LANG}{folder}/checkout_process.php",
              rendered="checkout_process.php: the order text as it concatenates it (order "
              "totals ot_subtotal, ot_shipping with the flat-rate module, ot_tax where the "
              "Florida tax applies, ot_total; cash on delivery; the shipped currencies USD and "
              "EUR), then " + how, subject=d["EMAIL_TEXT_SUBJECT"], text=_strip_tags(body),
              note="an order mail: order number, invoice link, products with models, totals "
              "and addresses, no code", **common)  # fmt: skip


# ---------------------------------------------------------------------------------------
# modified eCommerce

MOD_REPO = "modified-shop/modified-shop"
MOD_COMMIT = "0a4cacee916322327703e92e9caad0ef4cbb6b98"
MOD_TPL = "templates/tpl_modified_nova/"
MOD_SHOP = "https://www.teehaus-elbufer.example/"
MOD_LOGO_MTIME = "1764581220"  # filemtime of the template's img/logo.gif on the shop
# the content_manager signature rows (group 11) that _installer/includes/sql/modified.sql adds
MOD_SIGNATURE = {
    "english": "<b>Company</b><br />Address<br />Location<br />Homepage<br />E-mail:<br />"
    "Phone:<br />Fax:<br />CEO:<br />VAT Reg No:",
    "german": "Firma<br />Adresse<br />Ort<br />Homepage<br />E-Mail:<br />Fon:<br />Fax:<br />"
    "USt-IdNr.:<br />Handelsregister<br />Geschäftsführer:",
}


def _mod_smarty(src: str, variables: dict[str, str]) -> str:
    """The Smarty of these mail files: {if}/{elseif}/{else} chains (not nested) comparing a
    variable with a string or testing it, variables, the logo's versioning modifier."""

    def cond(expr: str) -> bool:
        m = re.fullmatch(r"\s*\$(\w+)\s*==\s*'([^']*)'\s*", expr)
        if m:
            return variables.get(m.group(1), "") == m.group(2)
        m = re.fullmatch(r"\s*\$(\w+)\s*(?:==\s*true\s*)?", expr)
        if m:
            return bool(variables.get(m.group(1)))
        raise ValueError(expr)

    def chain(m: re.Match) -> str:
        parts = re.split(r"\{(elseif [^}]*|else)\}", m.group(2))
        tests = [m.group(1), *parts[1::2]]
        for test, body in zip(tests, parts[0::2], strict=True):
            if test == "else" or cond(test.removeprefix("elseif ")):
                return body
        return ""

    src = re.sub(r"\{if ([^}]*)\}(.*?)\{/if\}", chain, src, flags=re.S)
    src = src.replace("{'logo.gif'|versioning}", f"logo.gif?v={MOD_LOGO_MTIME}")
    return re.sub(r"\{\$([\w.]+)\}", lambda m: variables[m.group(1)], src)


def _phpmailer_wrap(message: str, length: int) -> str:
    """PHPMailer::wrapText outside quoted-printable mode (line ends as \n here)."""
    message = re.sub(r"\r\n|\r", "\n", message)
    message = message.removesuffix("\n")
    out = []
    for line in message.split("\n"):
        buf, first = "", True
        for word in line.split(" "):
            buf_o = buf
            if not first:
                buf += " "
            buf += word
            if buf_o != "" and len(buf.encode("iso8859_15")) > length:
                out.append(buf_o + "\n")
                buf = word
            first = False
        out.append(buf + "\n")
    return "".join(out)


def _php_entity_decode(text: str) -> str:
    return html.unescape(text)


def modified(mirrors: Path) -> None:
    repo = mirrors / "modified-shop+modified-shop" / "repo"

    def tpl(path: str) -> str:
        return _show_bytes(repo, MOD_COMMIT, MOD_TPL + path).decode("iso8859_15")

    for folder, lang in (("german", "de"), ("english", "en")):
        sig_vars = {"SIGNATURE_HTML": MOD_SIGNATURE[folder], "SIGNATURE_TXT": MOD_SIGNATURE[folder]}
        sig_html = _mod_smarty(tpl(f"mail/{folder}/signatur.html"), sig_vars)
        sig_txt = _mod_smarty(tpl(f"mail/{folder}/signatur.txt"), sig_vars)
        common_vars = {
            "logo_path": MOD_SHOP + MOD_TPL + "img/",
            "tpl_path": MOD_SHOP + MOD_TPL,
            "language": folder,
        }

        def mail(html_src: str, txt_src: str, variables: dict, strip_first: bool = False,
                 common_vars=common_vars, sig_html=sig_html, sig_txt=sig_txt):  # fmt: skip
            """xtc_php_mail: [SIGNATUR] replaced, the text part's <br> made " \n", tags
            stripped, entities decoded, wrapped at EMAIL_WORD_WRAP 50 (AltBody)."""
            variables = common_vars | variables
            body_html = _mod_smarty(html_src, variables).replace("[SIGNATUR]", sig_html)
            txt = _mod_smarty(txt_src, variables)
            if strip_first:
                txt = _strip_tags(txt)
            txt = txt.replace("[SIGNATUR]", sig_txt)
            for br in ("<br />", "<br/>", "<br>"):
                txt = txt.replace(br, " \n")
            txt = _php_entity_decode(_strip_tags(txt))
            body_html = re.sub(r"\r\n|\r", "\n", body_html)
            return _phpmailer_wrap(txt, 50), body_html

        common = dict(source="modified", lang=lang, repository=MOD_REPO, commit=MOD_COMMIT,
                      licence="GPL-2.0-only")  # fmt: skip
        support = "Support System <support@teehaus-elbufer.example>"
        billing = ("Verrechnungssystem" if lang == "de" else "Billingsystem") + (
            " <billing@teehaus-elbufer.example>")  # fmt: skip
        person = {"de": ("f", "Henrike", "Albers", "henrike.albers@example.de"),
                  "en": ("m", "Oliver", "Pratt", "oliver.pratt@example.co.uk")}[lang]  # fmt: skip

        # admin/create_account.php: the account an admin created, with its password
        password = "".join(
            RNG.choice("aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ1234567890")
            for _ in range(8)
        )
        text, body = mail(
            tpl(f"admin/mail/{folder}/create_account_mail.html"),
            tpl(f"admin/mail/{folder}/create_account_mail.txt"),
            {"GENDER": person[0], "FIRSTNAME": person[1], "LASTNAME": person[2],
             "NAME": f"{person[1]} {person[2]}", "EMAIL": person[3], "COMMENTS": "",
             "PASSWORD": password},
        )  # fmt: skip
        _save(template="account-created-by-admin", kind="shop-otp", code=password,
              path=f"admin/create_account.php, {MOD_TPL}admin/mail/{folder}/"
              "create_account_mail.html, .txt, inc/xtc_php_mail.inc.php",
              rendered="admin/create_account.php then xtc_php_mail: the Smarty mail files "
              "filled, [SIGNATUR] from signatur.html/.txt with the shipped signature content; "
              "text part as xtc_php_mail makes it, wrapped at 50 by PHPMailer; text and HTML "
              "(EMAIL_USE_HTML true); ISO-8859-15 files decoded",
              sender=support, subject="Ihr Kundenkonto" if lang == "de" else
              "Your customer account", text=text, html_part=body,
              note="the password of the account the shop's admin created (the form's default, "
              "xtc_RandomString(8): letters and digits), given with the e-mail to log in",
              **common)  # fmt: skip

        # password_double_opt.php: the confirmation link for a new password
        key = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))
        link = f"{MOD_SHOP}password_double_opt.php?action=verified&customers_id=57&key={key}"
        text, body = mail(
            tpl(f"mail/{folder}/new_password_mail.html"),
            tpl(f"mail/{folder}/new_password_mail.txt"),
            {"EMAIL": person[3], "LINK": link, "VALID_REQUEST_TIME": "60"},
        )
        subject = ("Bestätigungs-E-Mail für Passwortänderung" if lang == "de"
                   else "Confirmation mail for password renewal")  # fmt: skip
        _save(template="new-password-link", kind="notice", code=None,
              path=f"password_double_opt.php, {MOD_TPL}mail/{folder}/new_password_mail.html, "
              ".txt, lang/*/*.php (TEXT_EMAIL_PASSWORD_FORGOTTEN)",
              rendered="password_double_opt.php then xtc_php_mail as above; the subject's "
              "entities decoded (encode_utf8)", sender=support, subject=subject, text=text,
              html_part=body, note="a confirmation link for a new password (its key only in "
              "the URL), no code", **common)  # fmt: skip

        # admin/gv_mail.php: a gift voucher sent by the admin
        voucher = "".join(RNG.choice("0123456789abcdef") for _ in range(10))
        msg = ("Vielen Dank für Ihre Treue! Als kleines Dankeschön schenken wir Ihnen einen "
               "Gutschein für Ihren nächsten Einkauf." if lang == "de" else
               "Thank you for being a loyal customer! Here is a small gift towards your next "
               "order.")  # fmt: skip
        text, body = mail(
            tpl(f"admin/mail/{folder}/send_gift.html"),
            tpl(f"admin/mail/{folder}/send_gift.txt"),
            {"MESSAGE": msg, "WEBSITE": MOD_SHOP,
             "AMMOUNT": "15,00 EUR",
             "GIFT_ID": voucher, "GIFT_LINK": f"{MOD_SHOP}gv_redeem.php?gv_no={voucher}"},
            strip_first=True,
        )  # fmt: skip
        _save(template="gift-voucher", kind="notice", code=None,
              path=f"admin/gv_mail.php, {MOD_TPL}admin/mail/{folder}/send_gift.html, .txt",
              rendered="admin/gv_mail.php send_gv_mail then xtc_php_mail as above; subject and "
              "message as an admin types them; From the billing address",
              sender=billing, subject="Ein Gutschein für Sie" if lang == "de" else
              "A gift voucher for you", text=text, html_part=body,
              note="a gift voucher: its code (create_coupon_code, ten hex characters) is a "
              "voucher code to redeem at checkout, not a code to sign in: null by the rules",
              **common)  # fmt: skip

        # create_account.php: the customer's welcome mail with the sign-up gift voucher and
        # the sign-up discount coupon (NEW_SIGNUP_GIFT_VOUCHER_AMOUNT, NEW_SIGNUP_DISCOUNT_COUPON)
        gift = "".join(RNG.choice("0123456789abcdef") for _ in range(10))
        coupon = "WILLKOMMEN10" if lang == "de" else "WELCOME10"
        text, body = mail(
            tpl(f"mail/{folder}/create_account_mail.html"),
            tpl(f"mail/{folder}/create_account_mail.txt"),
            {"GENDER": person[0], "FIRSTNAME": person[1], "LASTNAME": person[2],
             "NAME": f"{person[1]} {person[2]}", "EMAIL": person[3],
             "content.MAIL_REPLY_ADDRESS": "service@teehaus-elbufer.example",
             "SEND_GIFT": "true", "GIFT_AMMOUNT": "5,00 EUR", "GIFT_CODE": gift,
             "GIFT_LINK": f"{MOD_SHOP}gv_redeem.php?gv_no={gift}",
             "SEND_COUPON": "true", "COUPON_CODE": coupon,
             "COUPON_DESC": "10 % Rabatt auf Ihre erste Bestellung" if lang == "de"
             else "10% off your first order"},
        )  # fmt: skip
        _save(template="welcome-voucher", kind="notice", code=None,
              path=f"create_account.php, {MOD_TPL}mail/{folder}/create_account_mail.html, .txt",
              rendered="create_account.php with a sign-up gift voucher and a sign-up coupon "
              "configured, then xtc_php_mail as above", sender=support,
              subject="Ihr Kundenkonto" if lang == "de" else "Your customer account",
              text=text, html_part=body,
              note="a welcome mail carrying a gift-voucher code (create_coupon_code) and a "
              "discount-coupon code: voucher and promotion codes, null by the rules",
              **common)  # fmt: skip

        # admin/gv_mail.php with a coupon: the admin sends a discount coupon
        text, body = mail(
            tpl(f"admin/mail/{folder}/send_coupon.html"),
            tpl(f"admin/mail/{folder}/send_coupon.txt"),
            {"MESSAGE": "Unser Sommerangebot: 25 % auf alle Grüntees bis Ende August."
             if lang == "de" else "Our summer offer: 25% off all green teas until the end "
             "of August.", "WEBSITE": MOD_SHOP, "COUPON_ID": "SOMMERTEE25",
             "COUPON_AMOUNT": "25%"},
            strip_first=True,
        )  # fmt: skip
        _save(template="coupon", kind="notice", code=None,
              path=f"admin/gv_mail.php, {MOD_TPL}admin/mail/{folder}/send_coupon.html, .txt",
              rendered="admin/gv_mail.php send_gv_mail (a coupon id given) then xtc_php_mail "
              "as above; subject and message as an admin types them", sender=billing,
              subject="Sommerangebot im Teehaus" if lang == "de" else "Summer offer",
              text=text, html_part=body,
              note="a discount coupon code sent by the shop: a promotion code, null",
              **common)  # fmt: skip


def thelia_admin(mirrors: Path) -> None:
    """new_admin_password: sent in the shop's default language (Lang::getDefaultLanguage)."""
    repo = mirrors / "thelia+thelia" / "repo"
    sender = f"{TH_CONFIG['store_name']} <{TH_CONFIG['store_email']}>"
    subjects = _th_subjects(_show(repo, TH_COMMIT, "setup/insert.sql"))
    for locale in ("en_US", "fr_FR"):
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(32))  # md5(random_bytes)
        variables = {"token": token}
        subject = Smarty(repo, locale, variables).render_string(subjects[6, locale])
        html_part = Smarty(repo, locale, variables).render_file("admin_password.html")
        text = Smarty(repo, locale, variables).render_file("admin_password.txt")
        text = re.sub(r"<br>", "\n", text, flags=re.I)
        _save(source="thelia", template="admin-password", lang=locale, kind="notice",
              code=None, repository=TH_REPO,
              path=f"{TH_DIR}admin_password.html, {TH_DIR}admin_password.txt, "
              f"{TH_DIR}email-layout.tpl, {TH_DIR}I18n/{locale}.php, setup/insert.sql",
              commit=TH_COMMIT, licence="GPL-3.0-or-later",
              rendered="Action/Administrator (new_admin_password) in the shop's default "
              "language, then Message::buildMessage as the customer mails; text and HTML",
              sender=sender, subject=subject, text=text, html_part=html_part,
              note="an administrator's password-renewal link (an md5 token only in the URL), "
              "no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# CubeCart

CC_REPO = "cubecart/v6"
CC_COMMIT = "21cd944181aafda4c74aad958ea5e44dd2c500d8"
CC_STORE = "Cedar and Salt Provisions"
CC_URL = "https://shop.cedarandsalt.example"
CC_SENDER = f"{CC_STORE} <hello@cedarandsalt.example>"


def _cc_smarty(src: str, data: dict[str, str], extra: dict[str, str] | None = None) -> str:
    """The Smarty of CubeCart's mail contents: {if !empty($DATA.x)} blocks, {$DATA.x} with
    an optional |capitalize, and the wrapper's {$EMAIL_CONTENT}."""
    extra = extra or {}

    def block(m: re.Match) -> str:
        return m.group(2) if data.get(m.group(1)) else ""

    src = re.sub(r"\{if !empty\(\$DATA\.(\w+)\)\}(.*?)\{/if\}", block, src, flags=re.S)

    def var(m: re.Match) -> str:
        value = data[m.group(1)]
        if m.group(2):  # smarty capitalize: the first letter of each word
            value = re.sub(r"\b([a-z])", lambda c: c.group(1).upper(), value)
        return value

    src = re.sub(r"\{\$DATA\.(\w+)(\|capitalize)?\}", var, src)
    return re.sub(r"\{\$(\w+)\}", lambda m: extra[m.group(1)], src)


def _cc_contents(xml: str) -> dict[str, dict[str, str]]:
    out = {}
    for m in re.finditer(r'<email name="([\w.]+)">(.*?)</email>', xml, re.S):
        body = m.group(2)
        out[m.group(1)] = {
            "subject": re.search(r"<subject><!\[CDATA\[(.*?)\]\]></subject>", body, re.S)[1],
            "content_html": re.search(
                r'<content type="html"><!\[CDATA\[(.*?)\]\]></content>', body, re.S)[1],
            "content_text": re.search(
                r'<content type="text"><!\[CDATA\[(.*?)\]\]></content>', body, re.S)[1],
        }  # fmt: skip
    return out


def _cc_wrapper(sql: str) -> tuple[str, str]:
    """The default e-mail template (id 1) that setup/db/install/email.sql installs."""
    line = sql.splitlines()[0]
    strings = re.findall(r"'((?:\\.|[^'\\])*)'", line)
    table = {"r": "\r", "n": "\n", "t": "\t", "'": "'", '"': '"', "\\": "\\"}

    def unq(v: str) -> str:
        return re.sub(r"\\(.)", lambda e: table.get(e.group(1), e.group(1)), v)

    return unq(strings[2]), unq(strings[3])


def cubecart(mirrors: Path) -> None:
    repo = mirrors / "cubecart+v6" / "repo"
    contents = _cc_contents(_show(repo, CC_COMMIT, "language/email_en-GB.xml"))
    wrap_html, wrap_text = _cc_wrapper(_show(repo, CC_COMMIT, "setup/db/install/email.sql"))
    macros = {"logoURL": f"{CC_URL}/images/logos/cedar-and-salt-email.png",
              "store_name": CC_STORE, "storeName": CC_STORE, "storeURL": CC_URL}  # fmt: skip
    order = {"first_name": "hannah", "last_name": "okafor", "cart_order_id": "261203-104107-4821",
             "total": "$86.40", "ship_tracking": "1Z 999 AA1 01 2345 6784"}  # fmt: skip
    gift_code = "-".join(
        "".join(RNG.choice("0123456789ABCDEF") for _ in range(4)) for _ in range(5)
    )
    validation = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    mails = [
        ("gift-card", "cart.gift_certificate",
         {"name": "Lena Fischer", "first_name": "hannah", "last_name": "okafor",
          "value": "$50.00", "code": gift_code,
          "message": "Happy birthday! Treat yourself to something from the pantry."},
         "a gift card: its claim code (Order::_createCertificate, five groups of four hex "
         "characters) is a gift-card code to enter at checkout, null by the rules",
         "Order::_sendCoupon"),
        ("order-complete", "cart.order_complete", order,
         "an order-complete notice with the order number and a tracking number, no code",
         "Order::_manageStock/orderStatus (status complete)"),
        ("order-cancelled", "cart.order_cancelled", order,
         "an order-cancelled notice with the order number, no code", "Order::orderStatus"),
        ("payment-received", "cart.payment_received", order,
         "a payment receipt with the amount and order number, no code", "Order::paymentStatus"),
        ("password-recovery", "account.password_recovery",
         {"first_name": "hannah", "last_name": "okafor",
          "reset_link": f"{CC_URL}/index.php?_a=recovery&validate={validation}"},
         "a password-reset link (the validation key only in the URL), no code",
         "User::passwordRequest"),
    ]  # fmt: skip
    for template, name, data, note, where in mails:
        c = contents[name]
        subject = re.sub(r"<[^>]*>", "", _cc_smarty(c["subject"], data))
        inner_html = _cc_smarty(c["content_html"], data)
        inner_text = _cc_smarty(c["content_text"], data)
        html_part = _cc_smarty(wrap_html, macros, {"EMAIL_CONTENT": inner_html})
        text = _cc_smarty(wrap_text, macros, {"EMAIL_CONTENT": inner_text})
        html_part = html_part.replace("\r\n", "\n")
        text = text.replace("\r\n", "\n")
        _save(source="cubecart", template=template, lang="en", kind="notice", code=None,
              repository=CC_REPO, path=f"language/email_en-GB.xml ({name}), "
              "setup/db/install/email.sql, classes/mailer.class.php", commit=CC_COMMIT,
              licence="GPL-3.0-only",
              rendered=f"{where} then Mailer::loadContent/sendEmail: the content's Smarty "
              "(DATA, capitalize, if) filled, then put into the default e-mail template's "
              "{$EMAIL_CONTENT} with its DATA macros; subject strip_tags; text and HTML",
              sender=CC_SENDER, subject=subject, text=text, html_part=html_part,
              note=note)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    thelia(args.mirrors)
    thelia_admin(args.mirrors)
    shopizer(args.mirrors)
    oscommerce(args.mirrors)
    modified(args.mirrors)
    cubecart(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
