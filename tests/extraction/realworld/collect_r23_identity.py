"""Round 23, identity and access (blind): sign-in codes, activation and reset keys, IAM
verification codes and account-security notices from four auth projects, rendered from git
snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r23_identity.py \\
        --mirrors /work/.mirror

- portier/portier-broker (MIT OR Apache-2.0, Rust email-login broker), commit PORTIER_COMMIT:
  ``src/bridges/email.rs`` (``auth``) makes a 12-character one-time pad with
  ``crypto::random_zbase32`` (alphabet ``13456789abcdefghijkmnopqrstuwxyz``), shows it as two
  groups of six joined by a space, and fills ``tmpl/email_html.mustache`` and
  ``tmpl/email_text.mustache`` with the gettext strings of the compiled ``lang/<lang>.mo``
  (en, de, nl, fr_CA, fr: ``src/config/i18n.rs``; read with Python's gettext); the subject is ``"Finish logging in to" + " " +
  display_origin``. The text template has no gettext: it is English in every language, as
  the broker sends it. The HTML is rendered as rust-mustache 0.9 does it: ``{{ x }}``
  HTML-escaped (``& < > " '``), ``{{{ x }}}`` raw. ``src/agents/mailer/mod.rs`` sends
  multipart/alternative text + html (its ``List-Id`` and ``X-Auto-Response-Suppress``
  headers are not added). The reader types the pad on the login page.
- PHPAuth/PHPAuth (MIT, PHP auth library), commit PHPAUTH_COMMIT: ``sources/Auth.php``
  (``do_SendMail``) fills ``email_activation_*`` and ``email_reset_*`` of
  ``languages/<locale>.php`` through ``Helpers::__lang`` (PHP ``vsprintf``) with site_url,
  the activation/reset page URL (``site_*_page_append_code`` = 0, the default of
  ``database_defs/database_mysql.sql``, so the link does not carry the key) and the key
  from ``Helpers::getRandomKey`` (20 characters of its alphanumeric dictionary,
  ``AuthInterface::TOKEN_LENGTH``). The language file is run by the real PHP interpreter
  (``php`` on this machine) and ``vsprintf`` is PHP's own. The bundled
  ``Mailer/NativeMailer.php`` sends ``$body`` only as text/html (the alt body is dropped):
  one text/html part. The reader types the key on the activation/reset page.
- topiam/eiam (AGPL-3.0-or-later, Java IAM), commit EIAM_COMMIT: ``MailType.java`` gives
  each mail's subject (a FreeMarker template) and content file
  ``eiam-common/src/main/resources/mail/content/*.html``; ``MailUtils.readEmailContent``
  removes the licence comment (``<!-- … -->``), ``MailMsgEventListener`` runs subject and
  content through FreeMarker with the parameters of ``MailMsgEventPublish`` (``client_name``
  "TopIAM 企业数字身份管控平台", ``user_email``, ``time`` as ``yyyy-MM-dd HH:mm:ss``: the
  pattern ``EiamConstants.DEFAULT_DATE_TIME_FORMATTER`` lives in eiam-support, outside
  this repository, this is the assumed value) plus ``verify_code``
  (``OtpContextHelp``: ``RandomStringUtils.randomNumeric(6)``) and ``expire_time`` (default
  5, ``SecuritySettingConstants``), ``password`` (welcome and reset-confirm, from
  ``UserServiceImpl``) or ``expire_days`` (``PasswordExpireWarnTask``). The templates only
  use ``${name}`` interpolations of strings and small integers, so the renderer is a plain
  substitution (FreeMarker's HTML-unaware default output format, no escaping). Sent as one
  text/html part (``sendMailHtml``). Chinese only (the project ships no other mail text).
- onetimesecret/onetimesecret (MIT, Ruby secret sharing), commit OTS_COMMIT:
  ``lib/onetime/mail/views/<name>.rb`` (subject via I18n, computed data such as the
  ``strftime('%B %d, %Y at %H:%M UTC')`` dates, which are English in every locale) and
  ``lib/onetime/mail/templates/<name>.{txt,html}.erb`` wrapped in ``layout.{txt,html}.erb``
  (``views/base.rb``). Strings are ``locales/content/<locale>/email.json`` (``text`` of each
  flat key, what ``locales/scripts/i18n/commands/content.py`` compiles, English fallback
  never needed here). Ruby is not installed: the ERB files are rendered by a small ERB
  subset interpreter below that does what ``ERB.new(src, trim_mode: '-')`` does for these
  files (``<%= %>``, ``<% if %>``/``<% end %>``, ``<%# %>`` comments, ``-%>`` eating the
  next newline, ``<%-`` eating the line's indentation; ``h`` = ``ERB::Util.html_escape``;
  ``t`` = ``I18n.t`` with ``%{name}`` interpolation). Default brand settings (product name
  "Secure Links", colour ``#3B82F6``, no support address, no signature, no logo), site host
  secrets.example.com. Delivery (``delivery/smtp.rb``): multipart text + html. These are
  notices; the magic-link mail's only secret is inside its link.

- voidauth/voidauth (AGPL-3.0-only, Node SSO/OIDC provider), commit VOIDAUTH_COMMIT:
  ``server/util/email.ts`` compiles ``default_email_templates/<name>/{subject,html,text}
  .default.ejs`` with ejs and sends subject, html and text through nodemailer
  (multipart/alternative). Rendered by the real ejs 6.0.1 (the version of the project's
  ``package-lock.json``), installed with ``npm install --prefix /tmp/r23ejs ejs@6.0.1`` and
  run by ``node`` (``--ejs`` option points at it). Locals as the send functions build them:
  APP_TITLE "VoidAuth" and APP_FONT "" (``server/util/config.ts`` defaults), APP_URL
  https://auth.example.com, PRIMARY_COLOR ``#000`` / PRIMARY_CONTRAST_COLOR ``#FFF``
  (``server/util/theme.ts``'s initial values; the Angular Material theme generation that
  replaces them is not run), URLs from ``shared/constants.ts`` REDIRECT_PATHS and
  ``server/db/passwordReset.ts`` (challenge: ``randomBytes(24).toString('base64url')``).
  English only (the mail templates are not translated). Link-only notices.

Labels are what a person reading the mail would type (``code``), else null.
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import io
import json
import re
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 4, 8, 17, 42, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round23" / "identity.json"

PORTIER_COMMIT = "56441029da8f258726ca76d6410dbdb2915868a4"
PHPAUTH_COMMIT = "7aaca53554154081782f2a41bb8a2a71c794a1d5"
EIAM_COMMIT = "a182709052621e77b16f91935284c17db2da606c"
OTS_COMMIT = "de53ff8f7e51f8150f5c183f9b4cd8eebbe4eb24"
VOIDAUTH_COMMIT = "a52534d07749605f5f51049d8d24c2fc70b3cfa2"


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


# ---------------------------------------------------------------- portier-broker


def _mo(repo: Path, commit: str, path: str) -> dict[str, str]:
    """The compiled gettext catalogue the broker loads (``lang/<lang>.mo``)."""
    raw = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    return gettext.GNUTranslations(io.BytesIO(raw))._catalog


def _mustache(tpl: str, params: dict[str, str]) -> str:
    """rust-mustache 0.9 for variable-only templates: {{{x}}} raw, {{x}} HTML-escaped."""
    esc = {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;"}

    def sub(m: re.Match) -> str:
        if m.group(1) is not None:
            return params[m.group(1)]
        return "".join(esc.get(c, c) for c in params[m.group(2)])

    return re.sub(r"\{\{\{\s*(\w+)\s*\}\}\}|\{\{\s*(\w+)\s*\}\}", sub, tpl)


def portier(mirrors: Path) -> None:
    repo = mirrors / "portier+portier-broker" / "repo"
    c = PORTIER_COMMIT
    html_tpl = _show(repo, c, "tmpl/email_html.mustache")
    text_tpl = _show(repo, c, "tmpl/email_text.mustache")
    pads = {"en": "q7kx3mbe1ho9", "de": "wn5ci8ryt4ad", "nl": "z3fpu6eoxk1m",
            "fr_CA": "h9sdbq4wg7nj", "fr": "c1tyr8amp5ue"}  # fmt: skip
    origins = {"en": "https://forum.example.com", "de": "https://verein.example.de",
               "nl": "https://wiki.example.nl", "fr_CA": "https://club.example.ca",
               "fr": "https://blog.example.fr"}  # fmt: skip
    sessions = {"en": "mQ3vZ8r1Kp0bXw7TnL4yHc2eJf9aUd6sGi5oRk1tVzE",
                "de": "Tz8Lq2Wn5xB0cVr7Ky3mPd9fHs1jUa4eNg6oXi2wQbM",
                "nl": "Fp1Xk7Rw3nZc9Lm0Vb5qTy2hJd8sEa4gUo6iKr1tYzA",
                "fr_CA": "Nc4Hb8Qz1mWx6Tr0Lv3kPy9dFs2jGa5eUo7iXn1wRtE",
                "fr": "Ky7Tm2Pc9xLq4Wn0Rb6vZd1hJs8fEa3gUo5iNk2tXzQ"}  # fmt: skip
    for lang in ("en", "de", "nl", "fr_CA", "fr"):
        cat = _mo(repo, c, f"lang/{lang}.mo")

        def g(s: str, cat=cat) -> str:
            return cat.get(s) or s

        pad = pads[lang]
        code_fmt = f"{pad[:6]} {pad[6:]}"
        link = f"https://broker.example.org/confirm?session={sessions[lang]}&code={pad}"
        params = {
            "display_origin": origins[lang], "code": code_fmt, "link": link,
            "title": g("Finish logging in to"),
            "explanation": g("You received this email so that we may confirm your email "
                             "address and finish your login to:"),
            "click": g("Click here to login"),
            "alternate": g("Alternatively, enter the following code on the login page:"),
        }  # fmt: skip
        _save(
            source="portier",
            template="login-code",
            lang=lang,
            kind="saas-otp",
            code=pad,
            repository="portier/portier-broker",
            path=f"src/bridges/email.rs, tmpl/email_html.mustache, tmpl/email_text.mustache, "
            f"src/agents/mailer/mod.rs, src/config/i18n.rs, lang/{lang}.mo",
            commit=c,
            licence="MIT OR Apache-2.0",
            rendered="rust-mustache semantics (escaped {{x}}, raw {{{x}}}) over both templates "
            "with the .mo strings; text part English as shipped; multipart text+html",
            sender="Portier <login@broker.example.org>",
            subject=f"{g('Finish logging in to')} {origins[lang]}",
            text=_mustache(text_tpl, params),
            html_part=_mustache(html_tpl, params),
            note="the pad is shown as two groups of six separated by a space; the broker "
            "strips whitespace from what is entered",
        )


# ---------------------------------------------------------------- PHPAuth

_PHP = r"""<?php
$lang = [];
include $argv[1];
$out = [];
foreach (['activation', 'reset'] as $t) {
    $page = $t === 'activation' ? 'activate' : 'reset';
    $url = $page;  // site_*_page, site_*_page_append_code = 0: the key is not appended
    $key = $t === 'activation' ? $argv[4] : $argv[5];
    $out[$t] = [
        'subject' => vsprintf($lang["email_{$t}_subject"], [$argv[2]]),
        'body' => vsprintf($lang["email_{$t}_body"], [$argv[3], $url, $key]),
    ];
}
echo json_encode($out);
"""


def phpauth(mirrors: Path) -> None:
    repo = mirrors / "PHPAuth+PHPAuth" / "repo"
    c = PHPAUTH_COMMIT
    keys = {
        "en_GB": ("k4Q8b2Xr7Tn1Lw9Fz3Hm", "Pa6Vj1Wd8Ns3Ek5Yq2Gc"),
        "de_DE": ("Rm2Ux9Kc4Zp7Bh1Tw6Jf", "e3Sd8Lq5Na2Vy7Gk1Mr4"),
        "fr_FR": ("H7wC3pT9eK1sM5xB2nQ8", "Yb4Fg9Dk2Lr6Zt1Wv8Pc"),
        "ru_RU": ("t5Nm1Hq8Jx3Cw7Ka2Bs9", "Gz6Pe4Ru1Vy9Lk3Xd7Fn"),
        "ja_JP": ("W2aR8mK5vE1qT7cY4pL9", "d8Jn3Bs6Hx1Gw5Qk9Mt2"),
        "zh_CN": ("Lf9Ze2Ts6Wk1Cp4Rb8Nv", "q1Xm7Yh3Dn5Ka9Ug2Ej6"),
        "es_MX": ("b6Gq2Wz8Kn4Tj1Xc7Rm3", "Vs9Ea5Hp2Ly8Dg4Nu1Bk"),
        "pl_PL": ("Zr3Mk8Pw1Cq6Ft9Jx4Hd", "n7Bv2Se5Ku9Wa3Lg8Yq1"),
    }
    site_name, site_url = "Example Forum", "https://forum.example.com"
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "render.php"
        script.write_text(_PHP)
        for locale, (akey, rkey) in keys.items():
            lf = Path(tmp) / f"{locale}.php"
            lf.write_text(_show(repo, c, f"languages/{locale}.php"))
            res = subprocess.run(
                ["php", str(script), str(lf), site_name, site_url, akey, rkey],
                capture_output=True,
                check=True,
                text=True,
            )
            data = json.loads(res.stdout)
            for typ, key in (("activation", akey), ("reset", rkey)):
                note = (
                    "the link points at the bare activation/reset page (append_code off); "
                    "the 20-character key is typed there"
                )
                if key not in data[typ]["body"]:
                    key = None
                    note = (
                        "this translation leaves the key (%3$s) out and the link does not "
                        "carry it: nothing to type"
                    )
                _save(
                    source="phpauth",
                    template=typ,
                    lang=locale,
                    kind="saas-otp" if key else "notice",
                    code=key,
                    repository="PHPAuth/PHPAuth",
                    path=f"sources/Auth.php, sources/Helpers.php, sources/AuthInterface.php, "
                    f"sources/Mailer/NativeMailer.php, languages/{locale}.php, "
                    "database_defs/database_mysql.sql",
                    commit=c,
                    licence="MIT",
                    rendered="language file run by PHP, vsprintf as __lang does; "
                    "NativeMailer sends the HTML body only (text/html)",
                    sender="PHPAuth Mailer <noreply@example.com>",
                    subject=data[typ]["subject"],
                    text=None,
                    html_part=data[typ]["body"],
                    note=note,
                )


# ---------------------------------------------------------------- TopIAM eiam

_EIAM = [
    # (template id, MailType subject, content file, extra params, code, kind)
    ("bind-email", "您正在绑定邮箱，验证码为：${verify_code}", "bind-mail-content.html",
     {"verify_code": "731406"}, "731406"),
    ("update-bind-email", "您正在修改绑定邮箱，验证码为：${verify_code}",
     "update-bind-mail-content.html", {"verify_code": "258913"}, "258913"),
    ("update-password", "您正在修改密码，验证码为：${verify_code}",
     "update-password-content.html", {"verify_code": "604827"}, "604827"),
    ("reset-password", "您正在重置密码，验证码为：${verify_code}",
     "reset-password-content.html", {"verify_code": "195370"}, "195370"),
    ("login", "您正在登录TopIAM系统，验证码为：${verify_code}，该验证码${expire_time}分钟内有效，"
     "请勿泄露于他人。", "login-content.html", {"verify_code": "862041", "expire_time": "5"},
     "862041"),
    ("reset-password-confirm", "您已成功重置密码，您重置后的密码为：${password} "
     "如非本人操作请立即修改账户密码", "reset-password-confirm-content.html",
     {"password": "Xq7#mR2vLp9w"}, "Xq7#mR2vLp9w"),
    ("welcome", "您已注册成功", "welcome-mail-content.html", {"password": "Hn4$kT8zWc1e"},
     "Hn4$kT8zWc1e"),
    ("password-expiring", "您的密码将于${expire_days}天后过期, 请尽快修改密码。",
     "password-soon-expired-content.html", {"expire_days": "7"}, None),
]  # fmt: skip


def _strip_first_comment(content: str) -> str:
    """MailUtils.readEmailContent: drop the text between the first <!-- and -->, then every
    <!-- and --> (commons-lang StringUtils.remove removes all occurrences)."""
    start = content.find("<!--")
    end = content.find("-->", start + 4)
    if start >= 0 and end >= 0:
        inner = content[start + 4 : end]
        if inner:
            content = content.replace(inner, "")
    return content.replace("<!--", "").replace("-->", "")


def eiam(mirrors: Path) -> None:
    repo = mirrors / "topiam+eiam" / "repo"
    c = EIAM_COMMIT
    base = "eiam-common/src/main/resources/mail/content/"
    common = {
        "client_name": "TopIAM 企业数字身份管控平台",
        "user_email": "noor.tester@example.com",
        "time": "2026-12-04 16:17:42",
    }
    for tid, subject, fname, extra, code in _EIAM:
        params = {**common, **extra}
        content = _strip_first_comment(_show(repo, c, base + fname))

        def ftl(s: str, params=params) -> str:
            return re.sub(r"\$\{(\w+)\}", lambda m: params[m.group(1)], s)

        note = None
        if tid in ("reset-password-confirm", "welcome"):
            note = "the password set by the administrator is given to be typed at sign-in"
        _save(
            source="topiam",
            template=tid,
            lang="zh-CN",
            kind="saas-otp" if code else "notice",
            code=code,
            repository="topiam/eiam",
            path="eiam-common/src/main/java/cn/topiam/employee/common/enums/MailType.java, "
            "eiam-core/src/main/java/cn/topiam/employee/core/message/mail/MailUtils.java, "
            "eiam-core/src/main/java/cn/topiam/employee/core/message/mail/"
            "MailMsgEventListener.java, eiam-core/src/main/java/cn/topiam/employee/core/"
            f"message/mail/MailMsgEventPublish.java, {base}{fname}",
            commit=c,
            licence="AGPL-3.0-or-later",
            rendered="licence comment removed as MailUtils does; FreeMarker ${name} "
            "interpolation of subject and content with the publisher's parameters; text/html",
            sender="系统账户 <noreply@iam.example.com>",
            subject=ftl(subject),
            text=None,
            html_part=ftl(content),
            note=note,
        )


# ---------------------------------------------------------------- Onetime Secret


def _html_escape(v) -> str:
    """ERB::Util.html_escape: & < > " ' (the apostrophe as &#39;)."""
    esc = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
    return "".join(esc.get(ch, ch) for ch in str(v))


class _Erb:
    """The part of Ruby's ERB (trim_mode '-') these templates use, with a tiny evaluator
    for their Ruby expressions: names, 'strings', t('key', k: v), h(x), a || b, a && b,
    show_logo?."""

    TAG = re.compile(r"<%(-|=|#)?(.*?)(-)?%>", re.S)

    def __init__(self, ctx: dict, t, show_logo: bool = False):
        self.ctx, self.t, self.show_logo = ctx, t, show_logo

    def ev(self, expr: str):
        expr = expr.strip()
        py = expr.replace("||", " or ").replace("&&", " and ").replace("show_logo?", "_sl")
        py = re.sub(r"(\w+): ", r"\1=", py)
        ns = dict(self.ctx)
        ns.update(t=self.t, h=_html_escape, _sl=self.show_logo)
        return eval(py, {"__builtins__": {}}, ns)

    def render(self, src: str) -> str:
        out: list[str] = []
        stack: list[bool] = []
        pos = 0
        for m in self.TAG.finditer(src):
            text = src[pos : m.start()]
            lead, body, trail = m.group(1), m.group(2), m.group(3)
            if lead == "-":  # <%- eats the indentation before it on its line
                nl = text.rfind("\n")
                if text[nl + 1 :].strip(" \t") == "":
                    text = text[: nl + 1]
            if all(stack):
                out.append(text)
            pos = m.end()
            if trail and src[pos : pos + 1] == "\n":
                pos += 1
            if lead == "#":
                continue
            if lead == "=":
                if all(stack):
                    v = self.ev(body)
                    out.append("" if v is None else str(v))
                continue
            code = body.strip()
            if code.startswith("if "):
                stack.append(bool(self.ev(code[3:])))
            elif code == "end":
                stack.pop()
            else:
                raise ValueError(f"unsupported ERB code: {code!r}")
        if all(stack):
            out.append(src[pos:])
        return "".join(out)


_OTS_LANGS = ("en", "de", "fr_FR", "es", "ja", "nl")
_OTS_BCP = {"en": "en", "de": "de", "fr_FR": "fr-FR", "es": "es", "ja": "ja", "nl": "nl"}


def ots(mirrors: Path) -> None:
    repo = mirrors / "onetimesecret+onetimesecret" / "repo"
    c = OTS_COMMIT
    tdir = "lib/onetime/mail/templates/"
    host = "secrets.example.com"
    baseuri = f"https://{host}"
    common = {
        "product_name": "Secure Links", "brand_color": "#3B82F6", "support_email": None,
        "signature_name": None, "logo_url": None, "logo_alt": "Secure Links",
        "baseuri": baseuri, "brand_baseuri": baseuri, "brand_host": host,
        "display_domain": host,
    }  # fmt: skip
    when = "December 04, 2026 at 08:15 UTC"
    sec = "/account/settings/profile/security"
    mails = {
        "password_changed": {"changed_at_date": "December 04, 2026",
                             "changed_at_time": "08:15 UTC", "changed_at_formatted": when,
                             "security_settings_path": sec},
        "mfa_enabled": {"enabled_at_formatted": when, "security_settings_path": sec},
        "mfa_disabled": {"disabled_at_formatted": when, "security_settings_path": sec},
        "email_changed": {"old_email": "noor.tester@example.com",
                          "new_email": "noor.haddad@example.net",
                          "changed_at_formatted": when,
                          "support_path": "/feedback?reason=email_change_unauthorized"},
        "new_login_alert": {"login_at_date": "December 04, 2026",
                            "login_at_time": "08:15 UTC",
                            "login_at_formatted": when,
                            "device_info": "Firefox 133 on Windows 11", "location": "DE",
                            "security_settings_path": sec, "support_path": "/support"},
        # Rodauth's email_auth_email_link: /auth (application.rb) + email-login route,
        # key = "<account id>_<HMAC'd random key, base64url>"
        "magic_link": {"magic_link_url": f"{baseuri}/auth/email-login?key=4817_"
                       "Qm9TcXk3ZHVhN1hIc0pwR2x2U2ZqM1ZCcE5wZzBhcTI",
                       "email_address": "noor.tester@example.com"},
    }  # fmt: skip
    layout_txt = _show(repo, c, tdir + "layout.txt.erb")
    layout_html = _show(repo, c, tdir + "layout.html.erb")
    for lang in _OTS_LANGS:
        strings = {
            k: v["text"]
            for k, v in json.loads(_show(repo, c, f"locales/content/{lang}/email.json")).items()
            if isinstance(v, dict) and v.get("text") and not v.get("skip")
        }

        def t(key: str, strings=strings, **kw) -> str:
            return re.sub(r"%\{(\w+)\}", lambda m: str(kw[m.group(1)]), strings[key])

        for name, extra in mails.items():
            ctx = {**common, **extra}
            erb = _Erb(ctx, t)
            text = erb.render(_show(repo, c, f"{tdir}{name}.txt.erb"))
            body = erb.render(_show(repo, c, f"{tdir}{name}.html.erb"))
            lay = _Erb({**common, "content": text}, t)
            text = lay.render(layout_txt)
            html_part = _Erb({**common, "content": body}, t).render(layout_html)
            _save(
                source="onetimesecret",
                template=name.replace("_", "-"),
                lang=_OTS_BCP[lang],
                kind="notice",
                code=None,
                repository="onetimesecret/onetimesecret",
                path=f"lib/onetime/mail/views/base.rb, lib/onetime/mail/views/{name}.rb, "
                f"{tdir}{name}.txt.erb, {tdir}{name}.html.erb, {tdir}layout.txt.erb, "
                f"{tdir}layout.html.erb, lib/onetime/mail/delivery/smtp.rb, "
                f"locales/content/{lang}/email.json",
                commit=c,
                licence="MIT",
                rendered="ERB (trim_mode '-') subset interpreter over body and layout, "
                "I18n strings from the locale's email.json; multipart text+html",
                sender="Secure Links <noreply@secrets.example.com>",
                subject=t(f"email.{name}.subject", display_domain=host),
                text=text,
                html_part=html_part,
                note="sign-in link only; nothing to type" if name == "magic_link" else None,
            )


_EJS_JS = r"""
const ejs = require(process.argv[2]);
const job = JSON.parse(require('fs').readFileSync(0, 'utf-8'));
const out = {};
for (const [part, src] of Object.entries(job.templates)) {
  out[part] = ejs.compile(src)(job.locals);
}
process.stdout.write(JSON.stringify(out));
"""


def voidauth(mirrors: Path, ejs_dir: Path) -> None:
    repo = mirrors / "voidauth+voidauth" / "repo"
    c = VOIDAUTH_COMMIT
    app = "https://auth.example.com"
    base = {
        "primary_color": "#000", "primary_contrast_color": "#FFF", "app_title": "VoidAuth",
        "app_font": "", "app_url": app,
    }  # fmt: skip
    mails = {
        "email_verification": {
            "name": "Noor Haddad",
            "verification_url": f"{app}/verify_email/5b0e7c2a-93d4-4f61-a8e2-1c7f90d3b642/"
            "Xk2pQ9vR4tLm7WcN1bY8zHs3dFgJ6eAu",
        },
        "reset_password": {
            "name": "Noor Haddad",
            "reset_url": f"{app}/reset_password?id=5b0e7c2a-93d4-4f61-a8e2-1c7f90d3b642"
            "&challenge=Pw7nT2kZ9qLc4VxR8mHs1bJd6fYe3GaU",
        },
        "invitation": {
            "name": "noor",
            "invitation_url": f"{app}/invite?invite=e41c8a77-0b2d-4e59-9f3a-6d2b18c5a904"
            "&challenge=Jm3vX8qT1pLw6KcZ9nRb4hYs7dGe2FaU",
        },
        "approved": {"name": "Noor Haddad", "default_url": app},
        "admin_notification": {
            "users": ["noor"],
            "unapproved_users": [{"id": "5b0e7c2a-93d4-4f61-a8e2-1c7f90d3b642",
                                  "username": "noor", "approved": False}],
            "new_users": [],
            "users_url": f"{app}/admin/users",
        },
    }  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        js = Path(tmp) / "render.js"
        js.write_text(_EJS_JS)
        for name, extra in mails.items():
            d = f"default_email_templates/{name}/"
            templates = {
                p: _show(repo, c, f"{d}{p}.default.ejs") for p in ("subject", "html", "text")
            }
            res = subprocess.run(
                ["node", str(js), str(ejs_dir / "node_modules" / "ejs")],
                input=json.dumps({"templates": templates, "locals": {**base, **extra}}),
                capture_output=True,
                check=True,
                text=True,
            )
            out = json.loads(res.stdout)
            _save(
                source="voidauth",
                template=name.replace("_", "-"),
                lang="en",
                kind="notice",
                code=None,
                repository="voidauth/voidauth",
                path=f"server/util/email.ts, server/db/passwordReset.ts, shared/constants.ts, "
                f"server/util/config.ts, server/util/theme.ts, {d}subject.default.ejs, "
                f"{d}html.default.ejs, {d}text.default.ejs",
                commit=c,
                licence="AGPL-3.0-only",
                rendered="ejs 6.0.1 under node with the send function's locals; "
                "nodemailer multipart text+html",
                sender="VoidAuth <noreply@auth.example.com>",
                subject=out["subject"],
                text=out["text"],
                html_part=out["html"],
                note="link only; nothing to type",
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument(
        "--ejs", type=Path, default=Path("/tmp/r23ejs"), help="npm prefix holding ejs 6.0.1"
    )
    args = parser.parse_args()
    portier(args.mirrors)
    phpauth(args.mirrors)
    eiam(args.mirrors)
    ots(args.mirrors)
    voidauth(args.mirrors, args.ejs)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    codes = sum(1 for it in ITEMS if it["code"])
    print(f"{len(ITEMS)} mails, {codes} with a code -> {OUT_JSON}")


if __name__ == "__main__":
    main()
