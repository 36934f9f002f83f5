"""Round five (big): code mails of large multilingual projects read file by file.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r5_big.py

Mastodon (mastodon/mastodon, AGPL-3.0) is too large to fetch whole; every file below was read
with ``read_file`` and the strings needed are held inline, each with the repository path and the
commit the read reported.

- ``sign_in_token`` (Mastodon 3.x e-mail sign-in token, sent when a sign-in comes from an
  unknown IP): ``app/views/user_mailer/sign_in_token.text.erb`` (commit ab7825e4...) filled as
  ``UserMailer#sign_in_token`` does: title, ``===``, explanation, ``=> <token>``, details,
  ``sessions.ip``/``sessions.browser`` lines, the timestamp with the locale's
  ``time.formats.default`` (month abbreviation of rails-i18n, filled by hand), further actions and
  the account-settings URL; then ``app/views/layouts/mailer.text.erb`` (commit 2b116131...,
  ``Mastodon notifications from <domain>``). The subject is ``user_mailer.sign_in_token.subject``.
  The HTML alternative is a plain HTML rendering of the structure of ``sign_in_token.html.haml``
  (commit 4aab897f...): heading title and subtitle, the token in ``<strong>`` in a frame cell,
  details with IP / browser / date, an account-settings button, further actions. The token is
  ``Devise.friendly_token(6)`` (``app/models/user.rb``: six URL-safe base64 characters with
  ``lIO0`` replaced by ``sxyz``), drawn here from a seeded RNG.
- ``backup_ready`` (archive ready, no code) in the same 3.x locales, and ``suspicious_sign_in``
  (Mastodon 4.x new-IP sign-in notice, no code: IP address, browser, date) from locales at 4.x
  commits: ``backup_ready.text.erb`` / ``suspicious_sign_in.text.erb`` (commit 1a92f5b6...).
  The 4.x locales read carry no ``time.formats.with_time_zone``, so Rails falls back to the
  English ``"%b %d, %Y, %H:%M %Z"`` with the locale's month abbreviation (filled by hand).

Rocket.Chat (RocketChat/Rocket.Chat, MIT) is too large to fetch as well; read the same way.

- ``email2fa``: the e-mail two-factor code of ``apps/meteor/app/2fa/server/code/EmailCheck.ts``
  (commit 063ff50e...): six digits (``Random._randomString(6, '0123456789')``), shown as
  ``123-456`` (``random.replace(/^(\\d{3})/, '$1-')``), subject ``Authentication code`` (not
  translated), text and HTML bodies built from three i18n strings of the user's language
  (``packages/i18n/src/locales/<lang>.i18n.json``). ``Mailer.send`` (``app/mailer/server/api.ts``,
  commit 0956d4ea...) wraps both in the default ``Email_Header``/``Email_Footer`` settings
  (``apps/meteor/server/settings/email.ts``, commit 0a90231c...); the HTML part is that wrapped
  HTML (the ``email_style`` CSS that juice would inline is left out), the text part is what
  ``string-strip-html`` leaves of the wrapped text (whitespace approximated by hand). Only
  languages whose catalogue carries all three strings are taken (ka-GE, fi, hu, da; sq and lv
  lack them).
  No Rocket.Chat notice was collected (its notice templates need many more catalogue keys).

authentik (goauthentik/authentik, MIT outside ``authentik/enterprise``) likewise.

- ``emailotp``: the e-mail authenticator stage's code mail
  (``authentik/stages/authenticator_email/templates/email/email_otp.{html,txt}``, commits
  c57344ac... / 7ac547e9...), composed as ``EmailDevice._compose_email`` does (``models.py``,
  commit 44410e17...: subject ``_(stage.subject)``, default ``authentik``; context user, token,
  expires) and sent as ``TemplateEmailMessage`` (``authentik/stages/email/utils.py``, commit
  02fd22b7...): the ``.txt`` rendering as body, the HTML (inside ``email/base.html``, commit
  8f09955d...) as alternative. The Django templates are filled by hand with the ``django.po``
  strings (``locale/{hr_HR,fi_FI,cs_CZ}/LC_MESSAGES/django.po``, commit per item; English = the
  msgids; for en items the commit given is that of hr_HR's catalogue, whose msgids were used);
  ``expires|timeuntil`` is ``29 minutes`` (default 30-minute expiry, rendered just after the
  token is made; Django joins number and unit with a no-break space). The token is six digits
  (``SideChannelDevice.generate_token``). The inline logo part is left out and the base.html <style> block is abridged.
- ``passwordreset``: the e-mail stage's password-reset mail (``password_reset.{html,txt}``,
  commits 44c2eb33... / 07b41fff...), same machinery, a recovery link with a flow token; in
  hr, fi and cs the button label ``Reset Password`` stays English (its msgstr was not located).

What a person reading the mail would type decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import hashlib
import html
import json
import random

from collect import HERE, message

REPO = "mastodon/mastodon"
LICENCE = "AGPL-3.0"
SOURCE = "mastodon"
DOMAIN = "social.example"
SENDER = f"Mastodon <notifications@{DOMAIN}>"
SETTINGS_URL = f"https://{DOMAIN}/auth/edit"
BACKUP_URL = f"https://{DOMAIN}/backups/4172/download"

TEXT_COMMITS = {
    "sign_in_token": "ab7825e4298bcf40f8efc9a653932c38fe46cae1",
    "backup_ready": "1a92f5b63ab05cd169d0ae18637453ad491d5f92",
    "suspicious_sign_in": "1a92f5b63ab05cd169d0ae18637453ad491d5f92",
}
HTML_COMMIT_SIGN_IN = "4aab897f18f2a405637deee394c20918fcb7562a"
LAYOUT_COMMIT = "2b116131d78460e5cbb8eacc30aaaf04106ea0fa"

# config/locales/<lang>.yml, the keys the mails use (read with read_file at the commit given).
LOCALES: dict[str, dict] = {
    "is": {
        "commit": "010ffc58664c721cddd2bf15cca766c508f936e1",
        "sign_in_token": {
            "details": "Hér eru nánari upplýsingar um atvikið:",
            "explanation": "Við sjáum að reynt hefur verið að skrá sig inn á aðganginn þinn frá "
            "óþekktu IP-vistfangi. Ef það varst þú, skaltu setja inn öryggiskóðann neðst á "
            "staðfestingarsíðu innskráningar:",
            "further_actions": "Ef þetta varst ekki þú, skaltu endilega skipta um lykilorð og "
            "virkja tveggja-þrepa auðkenningu fyrir aðganginn þinn. Þú getur gert það hér:",
            "subject": "Endilega staðfestu tilraun til innskráningar",
            "title": "Tilraun til innskráningar",
        },
        "backup_ready": {
            "explanation": "Þú baðst um fullt öryggisafrit af Mastodon notandaaðgangnum þínum. "
            "Það er núna tilbúið til niðurhals!",
            "subject": "Safnskráin þín er tilbúin til niðurhals",
            "title": "Taka út í safnskrá",
        },
        "ip": "IP-vistfang",
        "browser": "Vafri",
        "description": "%{browser} á %{platform}",
        "account_settings": "Stillingar notandaaðgangs",
        # time.formats.default "%d. %b, %Y, %H:%M", rails-i18n is abbr. month 11 "nóv."
        "when": "20. nóv., 2026, 09:41",
    },
    "vi": {
        "commit": "00159addf7ccce5ecfbb9f08c3b091c0c309a7be",
        "sign_in_token": {
            "details": "Chi tiết cụ thể:",
            "explanation": "Tài khoản của bạn vừa đăng nhập từ một địa chỉ IP lạ. Nếu thật là "
            "bạn, hãy nhập mã an toàn bên dưới vào trang đăng nhập:",
            "further_actions": "Nếu không phải là bạn, hãy lập tức thay đổi mật khẩu và kích "
            "hoạt xác thực hai bước ở đây:",
            "subject": "Xác nhận đăng nhập",
            "title": "Đăng nhập",
        },
        "backup_ready": {
            "explanation": "Bạn đã yêu cầu sao lưu toàn bộ tài khoản Mastodon của mình. Bây giờ "
            "có thể tải về!",
            "subject": "Dữ liệu cá nhân của bạn đã sẵn sàng để tải về",
            "title": "Nhận dữ liệu cá nhân",
        },
        "ip": "IP",
        "browser": "Trình duyệt",
        "description": "%{browser} trên %{platform}",
        "account_settings": "Cài đặt tài khoản",
        # time.formats.default "%b %d, %Y, %H:%M", rails-i18n vi abbr. month 11 "Thg 11"
        "when": "Thg 11 20, 2026, 09:41",
    },
    "cy": {
        "commit": "00dfc47b410dbe670b627f87a337ddfb3994fb05",
        "suspicious_sign_in": {
            "change_password": "newidiwch eich cyfrinair",
            "details": "Dyma fanylion y mewngofnodi:",
            "explanation": "Rydym wedi canfod mewngofnodi i'ch cyfrif o gyfeiriad IP newydd.",
            "further_actions_html": "Os nad chi oedd hwn, rydym yn argymell eich bod yn "
            "%{action} ar unwaith ac yn galluogi dilysu dau ffactor i gadw'ch cyfrif yn ddiogel.",
            "subject": "Mae eich cyfrif wedi'i gyrchu o gyfeiriad IP newydd",
            "title": "Mewngofnodiad newydd",
        },
        "backup_ready": {
            "explanation": "Fe wnaethoch chi gais am gopi wrth gefn llawn o'ch cyfrif Mastodon. "
            "Mae nawr yn barod i'w lawrlwytho!",
            "subject": "Mae eich archif yn barod i'w lawrlwytho",
            "title": "Allfudo archif",
        },
        "ip": "IP",
        "browser": "Porwr",
        "description": "%{browser} ar %{platform}",
        "account_settings": "Gosodiadau'r cyfrif",
        "when": "Tach 20, 2026, 09:41 UTC",
    },
    "eu": {
        "commit": "00104920e1dfca7a6cc528a8d46c28d1fa2816f2",
        "suspicious_sign_in": {
            "change_password": "aldatu pasahitza",
            "details": "Hemen daude saio hasieraren xehetasunak:",
            "explanation": "Zure kontuan IP helbide berri batetik saioa hasi dela detektatu dugu.",
            "further_actions_html": "Ez bazara zu izan, lehenbailehen %{action} gomendatzen "
            "dizugu eta bi faktoreko autentifikazioa gaitzea zure kontua seguru mantentzeko.",
            "subject": "Zure kontura sarbidea egon da IP helbide berri batetik",
            "title": "Saio hasiera berria",
        },
        "backup_ready": {
            "explanation": "Zure Mastodon kontuaren babes-kopia osoa eskatu duzu. Deskargatzeko prest dago!",
            "subject": "Zure artxiboa deskargatzeko prest dago",
            "title": "Artxiboa jasotzea",
        },
        "ip": "IP-a",
        "browser": "Nabigatzailea",
        "description": "%{browser} - %{platform}",
        "account_settings": "Kontuaren ezarpenak",
        "when": "aza. 20, 2026, 09:41 UTC",
    },
    "sl": {
        "commit": "0012b5989541d3532b0173edc5cd8949cc48ddfd",
        "suspicious_sign_in": {
            "change_password": "spremenite svoje geslo",
            "details": "Tukaj so podrobnosti prijave:",
            "explanation": "Zaznali smo prijavo v vaš račun z novega naslova IP.",
            "further_actions_html": "Če to niste bili vi, priporočamo da takoj ukrepate "
            "(%{action}) in omogočite dvo-ravensko overjanje (2FA), da ohranite račun varen.",
            "subject": "Do vašega računa je bil opravljen dostop z novega naslova IP",
            "title": "Nova prijava",
        },
        "backup_ready": {
            "explanation": "Zahtevali ste popolno varnostno kopijo računa Mastodon. Zdaj je pripravljen "
            "za prenos!",
            "subject": "Vaš arhiv je pripravljen za prenos",
            "title": "Prevzem arhiva",
        },
        "ip": "IP",
        "browser": "Brskalnik",
        "description": "%{browser} na %{platform}",
        "account_settings": "Nastavitve računa",
        "when": "nov. 20, 2026, 09:41 UTC",
    },
}
IPS = {"is": "203.0.113.58", "vi": "198.51.100.214", "cy": "192.0.2.77", "eu": "203.0.113.9",
       "sl": "198.51.100.31"}  # fmt: skip
FRIENDLY = "".join(c for c in
                   "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                   if c not in "lIO0")  # fmt: skip


def friendly_token(seed: str) -> str:
    """Six characters as ``Devise.friendly_token(6)`` gives (``tr('lIO0', 'sxyz')`` means those
    four never occur), fixed by the item's name."""
    rng = random.Random(seed)
    return "".join(rng.choice(FRIENDLY) for _ in range(6))


def _browser(loc: dict) -> str:
    return loc["description"].replace("%{browser}", "Firefox").replace("%{platform}", "Linux")


def _layout_text(body: str) -> str:
    return f"{body}\n\n---\n\nMastodon notifications from {DOMAIN}\n"


def _html(lang: str, title: str, subtitle: str, inner: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}'
        "</title></head>\n<body>\n"
        '<table class="email-w-full" cellspacing="0" cellpadding="0" border="0" role="presentation">'
        f"<tr><td><h1>{html.escape(title)}</h1><p>{html.escape(subtitle)}</p></td></tr></table>\n"
        f"{inner}\n"
        f'<p>Mastodon notifications from <a href="https://{DOMAIN}">{DOMAIN}</a></p>\n'
        "</body></html>\n"
    )


def _details_html(loc: dict, ip: str) -> str:
    return (
        f"<p><strong>{html.escape(loc['ip'])}:</strong> {ip}<br/>"
        f"<strong>{html.escape(loc['browser'])}:</strong> "
        f'<span title="Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0">'
        f"{html.escape(_browser(loc))}</span><br/>{html.escape(loc['when'])}</p>"
    )


def sign_in_token(lang: str, loc: dict, token: str) -> tuple[str, str, str]:
    s = loc["sign_in_token"]
    ip = IPS[lang]
    text = (
        f"{s['title']}\n\n===\n\n{s['explanation']}\n\n=> {token}\n\n{s['details']}\n\n"
        f"{loc['ip']}: {ip}\n{loc['browser']}: {_browser(loc)}\n{loc['when']}\n\n"
        f"{s['further_actions']}\n\n=> {SETTINGS_URL}"
    )
    inner = (
        '<table class="email-inner-card-table" cellspacing="0" cellpadding="0" border="0" '
        'role="presentation"><tr><td class="email-frame-wrapper-td">'
        f"<strong>{html.escape(token)}</strong></td></tr></table>\n"
        f"<p>{html.escape(s['details'])}</p>\n{_details_html(loc, ip)}\n"
        f'<p><a class="email-btn" href="{SETTINGS_URL}">{html.escape(loc["account_settings"])}</a></p>\n'
        f'<p>{html.escape(s["further_actions"])} <a href="{SETTINGS_URL}">{SETTINGS_URL}</a></p>'
    )
    return s["subject"], _layout_text(text), _html(lang, s["title"], s["explanation"], inner)


def backup_ready(lang: str, loc: dict) -> tuple[str, str, str]:
    s = loc["backup_ready"]
    text = f"{s['title']}\n\n===\n\n{s['explanation']}\n\n=> {BACKUP_URL}"
    inner = f'<p><a class="email-btn" href="{BACKUP_URL}">{BACKUP_URL}</a></p>'
    return s["subject"], _layout_text(text), _html(lang, s["title"], s["explanation"], inner)


def suspicious_sign_in(lang: str, loc: dict) -> tuple[str, str, str]:
    s = loc["suspicious_sign_in"]
    ip = IPS[lang]
    further = s["further_actions_html"].replace("%{action}", s["change_password"])
    text = (
        f"{s['title']}\n\n===\n\n{s['explanation']}\n\n{s['details']}\n\n"
        f"{loc['ip']}: {ip}\n{loc['browser']}: {_browser(loc)}\n{loc['when']}\n\n"
        f"{further}\n\n=> {SETTINGS_URL}"
    )
    link = f'<a href="{SETTINGS_URL}">{html.escape(s["change_password"])}</a>'
    further_html = html.escape(s["further_actions_html"]).replace("%{action}", link)
    inner = (
        f"<p>{html.escape(s['details'])}</p>\n{_details_html(loc, ip)}\n"
        f'<p><a class="email-btn" href="{SETTINGS_URL}">{html.escape(loc["account_settings"])}</a></p>\n'
        f"<p>{further_html}</p>"
    )
    return s["subject"], _layout_text(text), _html(lang, s["title"], s["explanation"], inner)


def mastodon() -> list[dict]:
    items = []
    for lang, loc in LOCALES.items():
        for template in ("sign_in_token", "backup_ready", "suspicious_sign_in"):
            if template not in loc:
                continue
            item_id = f"{SOURCE}-{template.replace('_', '')}-{lang}"
            code = None
            if template == "sign_in_token":
                code = friendly_token(item_id)
                subject, text, html_part = sign_in_token(lang, loc, code)
                kind = "saas-otp"
                note = "the e-mail security code is Devise.friendly_token(6), shown after '=>' and in bold"
            elif template == "backup_ready":
                subject, text, html_part = backup_ready(lang, loc)
                kind = "notice"
                note = "archive ready to download: a download link, no code"
            else:
                subject, text, html_part = suspicious_sign_in(lang, loc)
                kind = "notice"
                note = "new-IP sign-in notice: IP address, browser, date; no code"
            raw = message(sender=SENDER, subject=subject, text=text, html_part=html_part)
            rel = f"mail/{SOURCE}/{item_id}.eml"
            path = HERE / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            paths = [f"app/views/user_mailer/{template}.text.erb", f"config/locales/{lang}.yml"]
            if template == "sign_in_token":
                paths.insert(1, "app/views/user_mailer/sign_in_token.html.haml")
            items.append({
                "id": item_id,
                "group": f"{SOURCE}-{template.replace('_', '')}",
                "source": SOURCE,
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": REPO,
                "path": " + ".join(paths),
                "commit": loc["commit"],
                "licence": LICENCE,
                "rendered": (
                    f"text part from {template}.text.erb (commit {TEXT_COMMITS[template]}) and the "
                    f"mailer text layout (commit {LAYOUT_COMMIT}) filled by hand with the "
                    f"{lang}.yml strings (commit given); a plain HTML part after the haml structure"
                    + (f" (sign_in_token.html.haml commit {HTML_COMMIT_SIGN_IN})"
                       if template == "sign_in_token" else "")
                    + "; all read with read_file"
                ),
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
                "note": note,
            })  # fmt: skip
    return items


RC_REPO = "RocketChat/Rocket.Chat"
RC_SITE = "https://chat.example/"
RC_SENDER = "Rocket.Chat <no-reply@chat.example>"
RC_EMAILCHECK_COMMIT = "063ff50e4908df88131dc336431c91e7af16e4ce"
RC_API_COMMIT = "0956d4ea9e79ce5282bca1db900aa27402774859"
RC_SETTINGS_COMMIT = "0a90231cbf844e37a1508ae9eca8ab5b648fb20f"
RC_HEADER = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
    '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml">'
    '<head><!-- If you delete this tag, the sky will fall on your head --><meta name="viewport" '
    'content="width=device-width" /><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />'
    '<title>Rocket.Chat Cloud</title></head><body bgcolor="#F7F8FA"><table class="body" bgcolor="#F7F8FA" '
    'width="100%"><tr><td><!-- HEADER --><table class="wrap" bgcolor="#F7F8FA"><tr><td class="header '
    'container"><div class="header-content"><table bgcolor="#F7F8FA" width="100%"><tr><td><img '
    'src="[Site_Url_Slash]assets/logo.png" alt="Rocket.chat" width="150px" /></td></tr></table></div></td>'
    '</tr></table><!-- /HEADER --></td></tr><tr><td><!-- BODY --><table class="wrap"><tr><td '
    'class="container" bgcolor="#FFFFFF"><div class="content"><table><tr><td>'
)
RC_FOOTER = (
    '</td></tr></table></div></td></tr></table><!-- /BODY --></td></tr><tr style="margin: 0; padding: 0;">'
    '<td style="margin: 0; padding: 0;"><!-- FOOTER --><table class="wrap"><tr><td class="container">'
    '<!-- content --><div class="content"><table width="100%"><tr><td align="center" class="social"><a '
    'href="https://rocket.chat/blog">Blog</a> | <a href="https://github.com/RocketChat">Github</a> | <a '
    'href="https://www.facebook.com/RocketChatApp">Facebook</a> | <a '
    'href="https://www.instagram.com/rocket.chat">Instagram</a></td></tr><tr><td align="center"><h6>© '
    "Rocket.Chat Technologies Corp.</h6><h6>Made with ❤️ in 🇧🇷 🇨🇦 🇩🇪 🇮🇳 🇬🇧 🇺🇸 </h6></td></tr>"
    "</table></div><!-- /content --></td></tr></table><!-- /FOOTER --></td></tr></table></body></html>"
)
# packages/i18n/src/locales/<lang>.i18n.json at commit 0113ef600f9e925881762e23b1771e8488aeba5b
RC_LOCALES = {
    "ka-GE": {
        "here": "აქ არის თქვენი ავტორიზაციის კოდი:",
        "donot": "არ მიაწოდოთ ეს კოდი არავის",
        "ignore": "თუ არ ცდილობდით თქვენს ანგარიშში შესვლას, გთხოვთ, უგულებელყოთ ეს ელ.წერილი.",
    },
    "fi": {
        "here": "Tämä on todennuskoodisi:",
        "donot": "Älä anna tätä koodia kenellekään.",
        "ignore": "Jos et ole yrittänyt kirjautua tilillesi, ohita tämä sähköpostiviesti.",
    },
    "hu": {
        "here": "Itt van a hitelesítési kódja:",
        "donot": "Ne adja át ezt a kódot senkinek.",
        "ignore": "Ha nem Ön próbált bejelentkezni a fiókjába, akkor hagyja figyelmen kívül ezt az üzenetet.",
    },
    "da": {
        "here": "Her er din godkendelseskode:",
        "donot": "Giv ikke denne kode til nogen.",
        "ignore": "Hvis du ikke forsøgte at logge ind på din konto kan du venligst ignorere denne e-mail.",
    },
}
RC_LOCALE_COMMIT = "0113ef600f9e925881762e23b1771e8488aeba5b"


def rocketchat() -> list[dict]:
    items = []
    header = RC_HEADER.replace("[Site_Url_Slash]", RC_SITE)
    for lang, t in RC_LOCALES.items():
        item_id = f"rocketchat-email2fa-{lang}"
        rng = random.Random(item_id)
        code = "".join(rng.choice("0123456789") for _ in range(6))
        shown = f"{code[:3]}-{code[3:]}"
        html_body = (
            f'\n\t\t\t\t<p>{t["here"]}</p>\n\t\t\t\t<p style="font-size: 30px;">\n'
            f"\t\t\t\t\t<b>{shown}</b>\n\t\t\t\t</p>\n\t\t\t\t<p>{t['donot']}</p>\n"
            f"\t\t\t\t<p>{t['ignore']}</p>\n\t\t\t"
        )
        html_part = f"{header} {html_body} {RC_FOOTER}"
        text = (
            f"Rocket.Chat Cloud\n\n{t['here']}\n\n{shown}\n\n{t['donot']}\n{t['ignore']}\n\n"
            "Blog | Github | Facebook | Instagram\n© Rocket.Chat Technologies Corp.\n"
            "Made with ❤️ in 🇧🇷 🇨🇦 🇩🇪 🇮🇳 🇬🇧 🇺🇸\n"
        )
        raw = message(
            sender=RC_SENDER, subject="Authentication code", text=text, html_part=html_part
        )
        rel = f"mail/rocketchat/{item_id}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        items.append({
            "id": item_id,
            "group": "rocketchat-email2fa",
            "source": "rocketchat",
            "lang": lang,
            "kind": "saas-otp",
            "code": code,
            "repository": RC_REPO,
            "path": ("apps/meteor/app/2fa/server/code/EmailCheck.ts + apps/meteor/app/mailer/server/api.ts"
                     " + apps/meteor/server/settings/email.ts"
                     f" + packages/i18n/src/locales/{lang}.i18n.json"),
            "commit": RC_LOCALE_COMMIT,
            "licence": "MIT",
            "rendered": (
                f"EmailCheck.send2FAEmail (commit {RC_EMAILCHECK_COMMIT}) filled by hand with the {lang}"
                f" strings (commit given), wrapped in the default Email_Header/Email_Footer (settings commit"
                f" {RC_SETTINGS_COMMIT}) as Mailer.send does (api.ts commit {RC_API_COMMIT}); text part"
                " approximates string-strip-html of the wrapped text; CSS not inlined; read with read_file"
            ),
            "file": rel,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "note": f"the code is shown as {shown} (the mail inserts a dash after three digits)",
        })  # fmt: skip
    return items


AK_REPO = "goauthentik/authentik"
AK_PO_COMMIT = "1b122e33197f855334ff86f42a1583e44561f8d7"
AK_SENDER = "authentik <system@auth.example>"
AK_BASE_HEAD = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
    '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
    '<html xmlns="http://www.w3.org/1999/xhtm=l">\n  <head>\n'
    '    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n'
    '    <meta name="viewport" content="width=device-width">\n\n'
    '    <style type="text/css">\n      body {\n        font-family: Arial, sans-serif;\n'
    "        font-size: 14px;\n        color: #212124;\n      }\n"
    "      .btn-primary {\n        text-decoration: none;\n        color: #FFF;\n"
    "        background-color: #348eda;\n        border: solid #348eda;\n        width: 100%;\n"
    "        line-height: 2em;\n        font-weight: bold;\n        text-align: center;\n"
    "        cursor: pointer;\n        display: inline-block;\n        text-transform: capitalize;\n"
    "      }\n      .btn-primary a {\n        color: #fff;\n      }\n    </style>\n  </head>\n\n"
    '  <body>\n    <div class="wrapper">\n      <center>\n        <div style="-ms-text-size-adjust: '
    "100%; -webkit-text-size-adjust: 100%; table-layout: fixed; width: 100%; max-width: 448px; "
    'padding: 60px 20px; font-size: 14px;">\n          <table border="0" align="center" width="100%">\n'
    '            <tr>\n              <td style="padding: 20px;border: 1px solid #c1c1c1;">\n'
    '                <table width="100%" style="background-color: #FFFFFF; border-spacing: 0; '
    'margin-top: 15px;">\n                  <tr height="80">\n                    <td align="center" '
    'style="padding: 20px 0;">\n                      <img src="cid:logo.png" border="0=" '
    'alt="authentik logo" class="flexibleImage logo">\n                    </td>\n                  </tr>\n'
)
AK_BASE_MID = (
    "                </table>\n              </td>\n            </tr>\n            <tr>\n"
    '              <td>\n                <table border="0" style="margin-top: 10px;" width="100%">\n'
    '                  <tr>\n                    <td style="background: #FAFBFB;">\n'
    '                      <table style="width: 100%;">\n'
)
AK_BASE_TAIL = (
    "                      </table>\n                    </td>\n                  </tr>\n"
    "                </table>\n              </td>\n            </tr>\n            <tr>\n"
    '              <td align="center">\n                Powered by <a href="https://goauthentik.io?'
    'utm_source=authentik&utm_medium=email">authentik</a>.\n              </td>\n            </tr>\n'
    "          </table>\n        </div>\n      </center>\n    </div>\n  </body>\n</html>\n"
)
# the msgstr of locale/hr_HR/LC_MESSAGES/django.po; English is the msgid itself
AK_STRINGS = {
    "en": {
        "hi_html": "\n      Hi %(username)s,\n      ",
        "hi_txt": "Hi %(username)s,",
        "otp_html": "\n          Email MFA code.\n          ",
        "otp_txt": "\nEmail MFA code\n",
        "otp_ignore_html": "\n    If you did not request this code, please ignore this email. The code above "
        "is valid for %(expires)s.\n    ",
        "otp_ignore_txt": "\nIf you did not request this code, please ignore this email. The code above "
        "is valid for %(expires)s.\n",
        "pw_html": "\n          You recently requested to change your password for your authentik account. "
        "Use the button below to set a new password.\n          ",
        "pw_txt": "\nYou recently requested to change your password for your authentik account. Use "
        "the link below to set a new password.\n",
        "pw_ignore_html": "\n    If you did not request a password change, please ignore this email. The "
        "link above is valid for %(expires)s.\n    ",
        "pw_ignore_txt": "\nIf you did not request a password change, please ignore this email. The link "
        "above is valid for %(expires)s.\n",
        "reset": "Reset Password",
        "expires": "29\u00a0minutes",
    },
    "hr": {
        "hi_html": "\nBok %(username)s,\n      ",
        "hi_txt": "Bok %(username)s,",
        "otp_html": "\nPošaljite MFA kod e-poštom.\n          ",
        "otp_txt": "\nPošaljite MFA kod e-poštom\n",
        "otp_ignore_html": "\nAko niste tražili ovaj kod, molimo ignorirajte ovaj e-mail. Gore navedeni "
        "kod vrijedi za %(expires)s.\n    ",
        "otp_ignore_txt": "\nAko niste tražili ovaj kod, molimo ignorirajte ovaj e-mail. Gore navedeni "
        "kod vrijedi za %(expires)s.\n",
        "pw_html": "\nNedavno ste zatražili promjenu lozinke za svoj authentik račun. Koristite gumb "
        "ispod za postavljanje nove lozinke.\n          ",
        "pw_txt": "\nNedavno ste zatražili promjenu lozinke za svoj authentik račun. Koristite donju "
        "poveznicu za postavljanje nove lozinke.\n",
        "pw_ignore_html": "\nAko niste zatražili promjenu lozinke, molimo ignorirajte ovaj email. Gornja "
        "poveznica vrijedi za %(expires)s.\n    ",
        "pw_ignore_txt": "\nAko niste zatražili promjenu lozinke, molimo ignorirajte ovaj email. Gornja "
        "poveznica vrijedi za %(expires)s.\n",
        "reset": "Reset Password",
        "expires": "29\u00a0minuta",
        "po": ("locale/hr_HR/LC_MESSAGES/django.po", "1b122e33197f855334ff86f42a1583e44561f8d7"),
    },
    "fi": {
        "hi_html": "\n      Hei %(username)s,\n      ",
        "hi_txt": "Hei %(username)s,",
        "otp_html": "\n          Lähetä MFA-koodi sähköpostilla.\n          ",
        "otp_txt": "\nLähetä MFA-koodi sähköpostilla\n",
        "otp_ignore_html": "\n    Jos et pyytänyt tätä koodia, jätä tämä viesti huomiotta. Yllä oleva koodi "
        "on voimassa %(expires)s.\n    ",
        "otp_ignore_txt": "\nJos et pyytänyt tätä koodia, jätä tämä viesti huomiotta. Yllä oleva koodi on "
        "voimassa %(expires)s.\n",
        "pw_html": "\n          Olet pyytänyt salasanan vaihtoa authentik-tunnuksellesi. Paina alla olevaa "
        "painiketta asettaaksesi uuden salasanan.\n          ",
        "pw_txt": "\nOlet pyytänyt salasanan vaihtoa authentik-tunnuksellesi. Avaa alla oleva linkki "
        "asettaaksesi uuden salasanan.\n",
        "pw_ignore_html": "\n    Jos et ole pyytänyt salasanan vaihtoa, jätä tämä viesti huomiotta. Yllä oleva "
        "linkki on voimassa  %(expires)s.\n    ",
        "pw_ignore_txt": "\nJos et ole pyytänyt salasanan vaihtoa, jätä tämä viesti huomiotta. Yllä oleva "
        "linkki on voimassa %(expires)s.\n",
        "reset": "Reset Password",
        "expires": "29\u00a0minuuttia",
        "po": ("locale/fi_FI/LC_MESSAGES/django.po", "6b7761ba1dc29aa93a472d1fc9c7baf491cc705b"),
    },
    "cs": {
        "hi_html": "\n      Ahoj %(username)s,\n      ",
        "hi_txt": "Ahoj %(username)s,",
        "otp_html": "\n          Emailový kód MFA.\n          ",
        "otp_txt": "\nEmailový kód MFA\n",
        "otp_ignore_html": "\nPokud jste nepožádali o tento kód, tento email prosím ignorujte. Kód je platný "
        "po dobu %(expires)s.\n ",
        "otp_ignore_txt": "\nPokud jste tento kód nepožadovali, prosím, ignorujte tento email. Kód uvedený "
        "výše je platný po dobu %(expires)s.\n",
        "pw_html": "\n          Nedávno jste požádali o změnu hesla k účtu authentik. Pro nastavení nového "
        "hesla použijte níže uvedené tlačítko.\n          ",
        "pw_txt": "\nNedávno jste požádali o změnu hesla k účtu authentik. Pro nastavení nového hesla "
        "použijte níže uvedený odkaz.\n",
        "pw_ignore_html": "\nPokud jste nepožádali o změnu hesla, tento email prosím ignorujte. Odkaz výše "
        "je platný po dobu %(expires)s.\n ",
        "pw_ignore_txt": "\nPokud jste nepožádali o změnu hesla, tento email prosím ignorujte. Odkaz výše je "
        "platný po dobu %(expires)s.\n",
        "reset": "Reset Password",
        "expires": "29\u00a0minut",
        "po": ("locale/cs_CZ/LC_MESSAGES/django.po", "043f467c213252f68201e4492ff8f02407647b00"),
    },
}


def _ak_html(hi: str, body: str, middle: str, sub: str) -> str:
    content = (
        f'<tr>\n  <td align="center">\n    <h1>\n      {hi}\n    </h1>\n  </td>\n</tr>\n<tr>\n'
        f'  <td align="center">\n    <table border="0">\n      <tr>\n        <td align="center" '
        f'style="max-width: 300px; padding: 20px 0; color: #212124;">\n          {body}\n        </td>\n'
        f'      </tr>\n      <tr>\n        <td align="center" class="btn btn-primary">\n'
        f"          {middle}\n        </td>\n      </tr>\n    </table>\n  </td>\n</tr>\n"
    )
    sub_content = (
        f'<tr>\n  <td style="padding: 20px; font-size: 12px; color: #212124;" align="center">\n'
        f"    {sub}\n  </td>\n</tr>\n"
    )
    return AK_BASE_HEAD + content + AK_BASE_MID + sub_content + AK_BASE_TAIL


def authentik() -> list[dict]:
    items = []
    for lang, t in AK_STRINGS.items():
        user = "noor"
        hi_h = html.escape(t["hi_html"] % {"username": user})
        hi_t = t["hi_txt"] % {"username": user}
        for template in ("emailotp", "passwordreset"):
            if template == "passwordreset" and "pw_txt" not in t:
                continue
            item_id = f"authentik-{template}-{lang}"
            rng = random.Random(item_id)
            if template == "emailotp":
                code = "".join(rng.choice("0123456789") for _ in range(6))
                text = (
                    f"{hi_t}\n\n{t['otp_txt']}\n{code}\n"
                    f"{t['otp_ignore_txt'] % {'expires': t['expires']}}\n\n-- \nPowered by goauthentik.io.\n\n"
                )
                html_part = _ak_html(
                    hi_h,
                    html.escape(t["otp_html"]),
                    code,
                    html.escape(t["otp_ignore_html"] % {"expires": t["expires"]}),
                )
                paths = (
                    "authentik/stages/authenticator_email/templates/email/email_otp.html + .txt"
                    " + authentik/stages/authenticator_email/models.py"
                )
                kind, note = "saas-otp", "six-digit e-mail MFA code in its own cell and line"
            else:
                code = None
                flow_token = "".join(
                    rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                    for _ in range(64)
                )
                url = f"https://auth.example/if/flow/default-recovery-flow/?query=&flow_token={flow_token}"
                text = (
                    f"{hi_t}\n\n{t['pw_txt']}\n{url}\n"
                    f"{t['pw_ignore_txt'] % {'expires': t['expires']}}\n\n-- \nPowered by goauthentik.io.\n\n"
                )
                button = (
                    f'<a\n            id="confirm"\n            href="{html.escape(url)}"\n'
                    f'            rel="noopener noreferrer"\n            target="_blank"\n'
                    f"            >{t['reset']}</a\n          >"
                )
                html_part = _ak_html(
                    hi_h,
                    html.escape(t["pw_html"]),
                    button,
                    html.escape(t["pw_ignore_html"] % {"expires": t["expires"]}),
                )
                paths = "authentik/stages/email/templates/email/password_reset.html + .txt"
                kind, note = (
                    "notice",
                    "password-reset link with a 64-character flow token; no code to type",
                )
            raw = message(sender=AK_SENDER, subject="authentik", text=text, html_part=html_part)
            rel = f"mail/authentik/{item_id}.eml"
            path = HERE / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            items.append({
                "id": item_id,
                "group": f"authentik-{template}",
                "source": "authentik",
                "lang": lang,
                "kind": kind,
                "code": code,
                "repository": AK_REPO,
                "path": paths + (f" + {t['po'][0]}" if "po" in t else "")
                + " + authentik/stages/email/templates/email/base.html",
                "commit": t["po"][1] if "po" in t else AK_PO_COMMIT,
                "licence": "MIT",
                "rendered": ("Django templates filled by hand (blocktrans with the django.po strings of the"
                             " commit given, English = msgids), text body + HTML alternative as"
                             " TemplateEmailMessage sends them, subject 'authentik'; logo part omitted, CSS abridged;"
                             " read with read_file"),
                "file": rel,
                "sha256": hashlib.sha256(raw).hexdigest(),
                "note": note,
            })  # fmt: skip
    return items


def main() -> None:
    items = mastodon() + rocketchat() + authentik()
    out = HERE / "round5" / "big.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} items -> {out}")


if __name__ == "__main__":
    main()
