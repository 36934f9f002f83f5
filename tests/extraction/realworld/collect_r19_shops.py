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
  password an administrator typed into the customer form) and
  ``newsletter_subscription_confirmation`` (notice). Each is rendered as
  ``Message::buildMessage`` does: the subject is the ``message_i18n`` subject that
  ``setup/insert.sql.tpl`` writes at install (translated through ``setup/I18n/<locale>.php``,
  then rendered as a Smarty string), the HTML part is the ``.html`` template (extending
  ``email-layout.tpl``, its blocks replaced by the child's), the text part the ``.txt``
  template with ``<br>`` made a newline; both through SmartyParser's ``trimWhitespaces``
  output filter at level 1 (the shipped ``html_output_trim_level``). The Smarty is run by a
  small renderer below that knows the tags these files use (``intl`` with the
  ``templates/email/default/I18n/<locale>.php`` strings, falling back to the English source
  string as Thelia's translator does; ``config``, ``url``, ``loop`` customer/country,
  ``local_media``, ``hook``/``elsehook``, ``if``, ``assign``, auto-escaped variables). The
  languages are the installed ones the template translates: en_US, fr_FR, de_DE, es_ES,
  cs_CZ, ru_RU (it_IT translates only three strings and is left out). Store name, address,
  e-mail and URL are an invented shop's; the logo is the store's uploaded logo
  (``local_media`` gives its URL). From is ``ConfigQuery::getStoreName()`` and
  ``getStoreEmail()``.

- shopizer-ecommerce/shopizer (Apache-2.0), a Java e-commerce platform: the FreeMarker mail
  templates ``sm-core/src/main/resources/templates/email/*.ftl`` filled with the tokens that
  ``EmailTemplatesUtils`` / ``CustomerFacadeImpl`` / ``EmailUtils.createEmailObjectsMap`` put
  in (the strings from ``sm-shop/src/main/resources/bundles/shopizer[_fr].properties``, run
  through Java's ``MessageFormat`` when they take arguments, as Spring's message source does —
  so a lone apostrophe starts a quoted run); HTML only (``sendHtmlEmail``), From the store's
  name and address. Mails: the registration mail (``sendRegistrationEmail``: user name and the
  password the customer chose), the order confirmation (``sendOrderEmail``), the order status
  update, the password-reset-link mail (``store/facade/customer/CustomerFacadeImpl``) and the
  contact-form mail to the store. English and French (the bundles it ships).

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
TH_LOCALES = ["en_US", "fr_FR", "de_DE", "es_ES", "cs_CZ", "ru_RU"]
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
    "en_US": "France", "fr_FR": "France", "de_DE": "Frankreich", "es_ES": "Francia",
    "cs_CZ": "Francie", "ru_RU": "Франция",
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
            if "{" in inner or "$" in inner:
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
    # template, message id (setup/insert.sql.tpl), subject source string, kind
    ("password", "lost_password", 'Your new password for {config key="store_name"}', "shop-otp"),
    ("account_created_by_admin", "customer_account_created",
     'A {config key="store_name"} account has been created for you', "shop-otp"),
    ("account_changed_by_admin", "customer_account_changed",
     'Your account information on {config key="store_name"} has been changed.', "shop-otp"),
    ("newsletter_subscription_confirmation", "newsletter_subscription_confirmation",
     "Your subscription to %store newsletter", "notice"),
]  # fmt: skip

TH_PEOPLE = {
    "en_US": ("Megan", "Holloway", "megan.holloway@example.net"),
    "fr_FR": ("Camille", "Roux", "camille.roux@example.fr"),
    "de_DE": ("Jana", "Kessler", "jana.kessler@example.de"),
    "es_ES": ("Lucía", "Ortega", "lucia.ortega@example.es"),
    "cs_CZ": ("Tereza", "Dvořáková", "tereza.dvorakova@example.cz"),
    "ru_RU": ("Ирина", "Соколова", "irina.sokolova@example.ru"),
}  # fmt: skip

# the new passwords administrators typed in the customer form (account_changed_by_admin)
TH_ADMIN_PASSWORDS = {
    "en_US": "Harbour7lights", "fr_FR": "Tilleul2027", "de_DE": "Sommerwiese42",
    "es_ES": "Naranjo-58", "cs_CZ": "Vltava2026", "ru_RU": "Zarya1984",
}  # fmt: skip


def thelia(mirrors: Path) -> None:
    repo = mirrors / "thelia+thelia" / "repo"
    sender = f"{TH_CONFIG['store_name']} <{TH_CONFIG['store_email']}>"
    for locale in TH_LOCALES:
        setup = _php_array(_show(repo, TH_COMMIT, f"setup/I18n/{locale}.php"))
        first, last, email = TH_PEOPLE[locale]
        for template, msg, subject_src, kind in TH_MAILS:
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
                note = "the new password an administrator typed into the customer form"
            else:
                variables.update(email=email, firstname=first, lastname=last)
                note = "a newsletter confirmation with an unsubscribe link, no code"
            # the subject stored at install: translated with setup/I18n, then rendered
            sm = Smarty(repo, locale, variables)
            subject_text = setup.get(subject_src) or subject_src
            if "%store" in subject_text:
                # insert.sql.tpl gives no store parameter here: the placeholder stays
                pass
            subject = sm.render_string(subject_text)
            html_part = Smarty(repo, locale, variables).render_file(template + ".html")
            text = Smarty(repo, locale, variables).render_file(template + ".txt")
            text = re.sub(r"<br>", "\n", text, flags=re.I)
            _save(source="thelia", template=template.replace("_", "-"), lang=locale,
                  kind=kind, code=code, repository=TH_REPO,
                  path=f"{TH_DIR}{template}.html, {TH_DIR}{template}.txt, "
                  f"{TH_DIR}email-layout.tpl, {TH_DIR}I18n/{locale}.php, "
                  f"setup/insert.sql.tpl, setup/I18n/{locale}.php",
                  commit=TH_COMMIT, licence="GPL-3.0-or-later",
                  rendered=f"Message::buildMessage ({msg}): the Smarty templates by a small "
                  "renderer of their tags, trimWhitespaces level 1; text and HTML",
                  sender=sender, subject=subject, text=text, html_part=html_part,
                  note=note)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    thelia(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
