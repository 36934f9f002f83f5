"""Round nineteen, games and communities: private-server account sites (World of Warcraft,
Open Tibia), browser games (a German shop game, OGame- and Travian-like strategy games), a
Minetest two-factor service, an esports bracket platform and forum software — the passwords,
keys and codes they mail to players and members, and the same senders' notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r19_games.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- masterking32/WoWSimpleRegistration (GPL-3.0), a registration and account site for World of
  Warcraft private servers (TrinityCore/AzerothCore): the inline messages of
  ``application/include/user.php`` sent by ``include/functions.php::send_phpmailer`` (PHPMailer,
  ``isHTML``, no AltBody, so HTML only; From ``smtp_mail``). The restore-link mail's subject is
  ``lang('restore_account_password')`` from each shipped ``application/language/*.php`` (the
  body is English in every language); the new password is ``generateRandomString(12)``
  ([0-9a-z]); the 2FA secret is ``PHPGangsta_GoogleAuthenticator::createSecret()`` (16 base32
  characters) with the library's ``getQRCodeGoogleUrl`` image URL.

- Znote/ZnoteAAC (MIT), an Open Tibia server website: the inline bodies of ``recovery.php``,
  ``myaccount.php`` and ``engine/function/users.php`` sent by ``engine/function/mail.php``
  (PHPMailer: Body HTML, AltBody the body with ``<br>`` made newlines and tags stripped; From
  ``fromName`` / ``email``); subjects use ``HTTP_HOST`` and ``site_title``. The recovered
  password is ``rand(100000000, 999999999)``.

- bratkartoffel/blm2 (MIT), "Der Bioladenmanager 2", a German browser game: ``mails/*.html.tpl``
  and ``*.txt.tpl`` filled as ``include/functions.inc.php::sendMail`` fills them (lists as
  ``<li>`` in HTML, lines in text), PHPMailer HTML with the text as AltBody, From
  ``admin_name`` / ``admin_email``; subjects ``<game_title>: …`` as the actions write them. The
  new password is ``createRandomPassword()`` (base64 of 16 bytes without ``+``/``/``, 12
  characters).

- elkarte/Elkarte (BSD-3-Clause), forum software: the templates of
  ``sources/ElkArte/Languages/EmailTemplates/English.php`` filled as
  ``sources/subs/Mail.subs.php::loadEmailTemplate`` fills them (its default replacements and
  ``regards_team`` of ``Languages/Index/English.php``), sent as plain text from the forum name
  and webmaster address. Activation codes, reset passwords and the secret-question password
  are ``generateValidationCode(14)`` (letters and digits); the activation link is
  ``index.php?action=register;sa=activate;u=…;code=…``. English only (other languages are
  separate packages).

- sofar/mt2fa-server (ISC, in its readme), the e-mail two-factor service of Minetest servers:
  the four inline messages of ``main.go`` sent by ``do_email`` (gomail, text/plain, the one
  subject it writes); the token is ``make_token`` (base32 of 24 random bytes, last character
  dropped), only inside the confirmation link.

- TourneyForge/Tournament_Bracket_Generator (MIT), an esports/tournament bracket platform on
  CodeIgniter 4 and Shield: the views of ``app/Views/email/`` run as PHP would run them (each
  ``<?= ?>`` expression evaluated with the values the controllers pass, the newline after
  ``?>`` dropped), subjects from ``app/Language/en/{Auth,Emails,Profile}.php``; the two Shield
  strings the app does not override (``Auth.emailActivateMailBody``, ``Auth.login``) as
  Shield's English ships them. HTML only (``mailType`` html), From ``Email.fromEmail`` /
  ``fromName``. The activation code is Shield's ``random_string('nozero', 6)``; the new-address
  code ``random_int(100000, 999999)``.

- jkroepke/2Moons (MIT), an OGame-like browser space-strategy game: the plain-text templates of
  ``language/<lang>/templates/`` (every shipped language: cn de en es fr pl pt ru tr) filled as
  ``includes/pages/login/ShowLostPasswordPage``, ``ShowRegisterPage``, ``ShowVertifyPage`` and
  ``cronjob/InactiveMailCronjob`` fill them, subjects from each language's ``PUBLIC.php`` /
  ``INGAME.php``; sent by ``includes/classes/Mail.class.php`` (PHPMailer, plain text, From
  ``smtp_sendmail`` / ``game_name``). The new password is PHP's ``uniqid()`` (13 hex
  digits); the registration mail repeats the password the player chose. A template's own byte
  order mark (pt) is kept, as ``getTemplate`` reads the file whole; the Spanish
  ``email_lost_password_changed.txt`` is Latin-1 (sent as UTF-8 it would be broken) and is left
  out.

- Shadowss/TravianZ (GPL-3.0, the repository's LICENSE), a Travian-like browser strategy game:
  the inline messages of ``GameEngine/Mailer.php`` (``sendActivate``, ``sendPassword``,
  ``sendInvite``) sent with PHP ``mail()`` and only a From header (``ADMIN_EMAIL``), plain
  text. The activation code is ``generateRandStr(10)``, the new password
  ``generateRandStr(7)`` ([0-9A-Za-z]).

- fluxbb/fluxbb (GPL-2.0), forum software: ``lang/English/mail_templates/*.tpl`` read as
  ``login.php`` / ``register.php`` / ``post.php`` read them (first line ``Subject:``, the rest
  trimmed, ``<tag>``s replaced), sent by ``include/email.php::pun_mail``: plain text only,
  From ``"<board title> Mailer" <webmaster>``. The new password and the welcome password are
  ``random_pass`` (``random_key(len, true)``: [A-Za-z0-9]), 12 characters.

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 3, 18, 41, 7, tzinfo=UTC)
RNG = random.Random("r19-games")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round19" / "games.json"


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, ident, group, lang, kind, code, repository, path, commit, licence,
          rendered, sender, subject, text, html_part, note=None):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{ident}-{lang}"
    rel = f"mail/{source}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{source}-{group}", "source": source, "lang": lang,
        "kind": kind, "code": code, "repository": repository, "path": path, "commit": commit,
        "licence": licence, "rendered": rendered, "file": rel,
        "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def _rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


LOWER36 = "0123456789abcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
ALNUM62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _php_date_r(d: datetime) -> str:
    return d.strftime("%a, %d %b %Y %H:%M:%S +0000")


# ---------------------------------------------------------------------------------------
# WoWSimpleRegistration

WS_REPO = "masterking32/WoWSimpleRegistration"
WS_COMMIT = "c434f29229c3ac6ca1671d3dc30ca50cba22b71b"
WS_LANGS = {
    "en": "english", "de": "german", "fr": "french", "es": "spanish", "it": "italian",
    "pt": "portugues", "sv": "swedish", "ru": "russian", "fa": "persian", "ko": "korean",
    "zh-CN": "chinese-simplified", "zh-TW": "chinese-traditional",
}  # fmt: skip
WS_BASE = "https://wow.azerothforge.example"
WS_SENDER = "no-reply@azerothforge.example"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def wowsr(mirrors: Path) -> None:
    repo = mirrors / "masterking32+WoWSimpleRegistration" / "repo"
    common = dict(source="wowsimplereg", repository=WS_REPO, commit=WS_COMMIT,
                  licence="GPL-3.0", path="application/include/user.php")  # fmt: skip
    send = "; send_phpmailer: PHPMailer isHTML, no AltBody (HTML only), From smtp_mail"
    users = ["ARTHASFAN", "GRIMTOTEM", "LIADRIN", "VOLJIN", "THRALLSON", "KAELBOY", "MOONGLAIVE",
             "IRONFOE", "SHADOWMEND", "BRANNFAN", "SYLVANA", "TAURENMAN"]  # fmt: skip
    for (lang, name), user in zip(WS_LANGS.items(), users, strict=True):
        src = _show(repo, WS_COMMIT, f"application/language/{name}.php")
        m = re.search(r"\$language\['restore_account_password'\]\s*=\s*'((?:\\.|[^'])*)';", src)
        subject = m.group(1).replace("\\'", "'")
        key = hashlib.md5(f"{user}{RNG.random()}".encode()).hexdigest() + str(
            RNG.randint(10000, 99999)
        )
        url = f"{WS_BASE}/index.php?restore={user.lower()}&key={key}"
        body = f"For restore you game account open <a href='{url}' target='_blank'>this link</a>: <BR>{url}"
        _save(**common, ident="restore-link", group="restore-link", lang=lang, kind="notice",
              code=None, rendered="user.php::restorepassword: the inline message, the subject "
              f"lang('restore_account_password') of application/language/{name}.php" + send,
              sender=WS_SENDER, subject=subject, text=None, html_part=body,
              note="a restore link only (the key is inside it); the subject is translated, the "
              "body is written in English in the code")  # fmt: skip

    pw = _rand(LOWER36, 12)
    body = f"Your new account information : <br>Username: grimtotem<br>Password: {pw}"
    _save(**common, ident="new-password", group="new-password", lang="en", kind="saas-otp",
          code=pw, rendered="user.php::restorepassword_setnewpw (battlenet_support off): the "
          "inline message" + send, sender=WS_SENDER, subject="New Account Password", text=None,
          html_part=body, note="the new password generateRandomString(12) made ([0-9a-z]), with "
          "the lower-cased username")  # fmt: skip
    pw = _rand(LOWER36, 12)
    body = f"Your new account information : <br>Email: liadrin.sunstrider@mailbox.example<br>Password: {pw}"
    _save(**common, ident="new-password-bnet", group="new-password", lang="en", kind="saas-otp",
          code=pw, rendered="user.php::restorepassword_setnewpw (battlenet_support on): the "
          "inline message" + send, sender=WS_SENDER, subject="New Account Password", text=None,
          html_part=body, note="the new password generateRandomString(12) made, with the "
          "Battle.net e-mail as the login")  # fmt: skip
    vkey = hashlib.md5(f"voljin{RNG.random()}".encode()).hexdigest()
    url = f"{WS_BASE}/index.php?enabletfa={vkey}&account=voljin"
    body = (
        "Hey, to enable Two-Factor Authentication (2FA), Please open  <a href='"
        + url
        + "' target='_blank'>this link</a>: <BR>"
        + url
    )
    _save(**common, ident="enable-2fa", group="enable-2fa", lang="en", kind="notice", code=None,
          rendered="user.php::account_enable_2fa: the inline message" + send,
          sender=WS_SENDER, subject="Enable Account 2FA", text=None, html_part=body,
          note="a link only, the key is inside it")  # fmt: skip
    secret = _rand(B32, 16)
    otpauth = urllib.parse.quote_plus(f"otpauth://totp/voljin?secret={secret}")
    qr = f"https://chart.googleapis.com/chart?chs=200x200&chld=M|0&cht=qr&chl={otpauth}"
    body = (
        "Two-Factor Authentication (2FA) enabled on your account.<br>Please scan the barcode "
        "with Google Authenticator.<BR>"
    )
    body += f'<img src="{qr}"><BR>'
    body += f"or you can add this code to Google Authenticator: <B>{secret}</B>.<BR>"
    _save(**common, ident="2fa-enabled", group="2fa-enabled", lang="en", kind="saas-otp",
          code=secret, rendered="user.php::account_set_2fa: the inline message, the QR URL of "
          "PHPGangsta_GoogleAuthenticator::getQRCodeGoogleUrl (chart.googleapis.com form)" + send,
          sender=WS_SENDER, subject="Account 2FA enabled", text=None, html_part=body,
          note="the authenticator secret (createSecret(): 16 base32 characters) the mail asks "
          "to add to Google Authenticator by typing it; it is also inside the QR image URL")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Znote AAC

ZN_REPO = "Znote/ZnoteAAC"
ZN_COMMIT = "dbc1e14ea7826942ebbc14b6671db860ccd059f2"


def znote(mirrors: Path) -> None:
    _ = mirrors  # the bodies are written inline in the PHP pages (cited per item)
    host, name, site = "frostmere-ot.example", "Frostmere", "https://frostmere-ot.example/"
    sender = f"{name} <noreply@frostmere-ot.example>"
    common = dict(source="znoteaac", lang="en", repository=ZN_REPO, commit=ZN_COMMIT,
                  licence="MIT")  # fmt: skip
    tail = (
        "; Mail::sendMail (engine/function/mail.php): PHPMailer Body as HTML, AltBody the "
        "body with <br> made newlines and tags stripped"
    )

    def send(ident, path, subject, body, *, kind, code, note, why):
        text = body.replace("<br>", "\n").replace("<br\\>", "\n").replace("<br \\>", "\n")
        text = re.sub(r"<[^>]*>", "", text)
        _save(**common, ident=ident, group=ident, kind=kind, code=code, path=path,
              rendered=why + tail, sender=sender, subject=subject, text=text, html_part=body,
              note=note)  # fmt: skip

    newpass = str(RNG.randint(100000000, 999999999))
    body = "<h1>Account Recovery</h1>"
    body += f"<p>Your new password is: <b>{newpass}</b><br>"
    body += "We recommend you to login and change it before you continue playing. <br>"
    body += f"Enjoy your stay at {name}. <br>"
    body += "<hr>I am an automatic no-reply e-mail. Any emails sent back to me will be ignored.</p>"
    send("new-password", "recovery.php", f"{host}: Your new password", body, kind="saas-otp",
         code=newpass, why="recovery.php (recover password): the inline body",
         note="the new password rand(100000000, 999999999) made: nine digits")  # fmt: skip
    body = "<h1>Account Recovery</h1>"
    body += "<p>Your username is: <b>icewarden88</b><br>"
    body += f"Enjoy your stay at {name}. <br>"
    body += "<hr>I am an automatic no-reply e-mail. Any emails sent back to me will be ignored.</p>"
    send("username", "recovery.php", f"{host}: Your username", body, kind="notice", code=None,
         why="recovery.php (recover username): the inline body",
         note="the account name is reminded, not a code to type as a credential")  # fmt: skip
    link = f"{site}/recovery.php?a=1842&k={RNG.randint(100000000, 999999999)}"
    body = "<h1>Remove Two-Factor Authentication</h1>"
    body += "<p>If you really want to remove Two-Factor Authentication, click on the following link:<br>"
    body += f"<a href='{link}' target='_BLANK'>{link}</a><br>"
    body += f"Enjoy your stay at {name}. <br>"
    body += "<hr>I am an automatic no-reply e-mail. Any emails sent back to me will be ignored.</p>"
    send("remove-2fa", "recovery.php", "Frostmere OT: Remove Two-Factor Authentication link",
         body, kind="notice", code=None, why="recovery.php (token): the inline body, site_title "
         "'Frostmere OT'", note="a link only; its key is inside it")  # fmt: skip
    url = f"{site}myaccount.php?authenticate&u=1842&k={RNG.randint(100000000, 999999999)}"
    body = "<h1>Please click on the following link to authenticate your account:</h1>"
    body += f"<p><a href='{url}'>{url}</a></p>"
    body += f"<p>Thank you for verifying your email and enjoy your stay at {name}.</p>"
    body += (
        "<hr><p>I am an automatic no-reply e-mail. Any emails sent back to me will be ignored.</p>"
    )
    send("verify-email", "myaccount.php", f"Please authenticate your email at {host}.", body,
         kind="notice", code=None, why="myaccount.php (verify e-mail): the inline body",
         note="a link only; the nine-digit activekey is inside it")  # fmt: skip
    url = f"{site}/register.php?authenticate&u=1977&k={RNG.randint(100000000, 999999999)}"
    body = "<h1>Please click on the following link to authenticate your account:</h1>"
    body += f"<p><a href='{url}'>{url}</a></p>"
    body += f"<p>Thank you for registering and enjoy your stay at {name}.</p>"
    body += (
        "<hr><p>I am an automatic no-reply e-mail. Any emails sent back to me will be ignored.</p>"
    )
    send("register", "engine/function/users.php", f"Please authenticate your account at {host}.",
         body, kind="notice", code=None, why="users.php::user_create_account (mail register "
         "on): the inline body; site_url (ending in /) then REQUEST_URI, as written",
         note="a link only; the nine-digit activekey is inside it")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Der Bioladenmanager 2

BL_REPO = "bratkartoffel/blm2"
BL_COMMIT = "4dedc61ddc39d777ea910fb46e896b661689a47d"
BL_TITLE = "Der Bioladenmanager 2"
BL_URL = "https://blm2.spielwiese.example"


def blm2(mirrors: Path) -> None:
    repo = mirrors / "bratkartoffel+blm2" / "repo"
    admin_name, admin_email = "Simon vom BLM-Team", "team@blm2.spielwiese.example"
    common = dict(source="blm2", lang="de", repository=BL_REPO, commit=BL_COMMIT,
                  licence="MIT")  # fmt: skip

    def send(tpl, subject, repl, *, kind, code, note, why):
        html_t = _show(repo, BL_COMMIT, f"mails/{tpl}.html.tpl")
        txt_t = _show(repo, BL_COMMIT, f"mails/{tpl}.txt.tpl")
        repl = {**repl, "{{GAME_TITLE}}": BL_TITLE, "{{GAME_URL}}": BL_URL,
                "{{ADMIN_EMAIL}}": admin_email, "{{ADMIN_NAME}}": admin_name}  # fmt: skip
        for key, value in repl.items():
            if isinstance(value, list):
                html_t = html_t.replace(key, "\n".join(f"<li>{v}</li>" for v in value))
                txt_t = txt_t.replace(key, "\n".join(value))
            else:
                html_t = html_t.replace(key, value)
                txt_t = txt_t.replace(key, value)
        assert "{{" not in html_t + txt_t, tpl
        _save(**common, ident=tpl.replace("_", "-"), group=tpl.replace("_", "-"), kind=kind,
              code=code, path=f"mails/{tpl}.html.tpl", rendered=why + "; "
              "include/functions.inc.php::sendMail: both templates str_replace'd, PHPMailer "
              "HTML with the text template as AltBody, From admin_email / admin_name",
              sender=f"{admin_name} <{admin_email}>", subject=f"{BL_TITLE}: {subject}",
              text=txt_t, html_part=html_t, note=note)  # fmt: skip

    pw = "".join(RNG.choice(ALNUM62) for _ in range(12))
    send("password_reset", "Dein neues Passwort", {"{{USERNAME}}": "Kräuterhexe",
         "{{PASSWORD}}": pw}, kind="saas-otp", code=pw,
         why="actions/pwd_reset.php::sendPasswordMail",
         note="the new password createRandomPassword() made (base64 of 16 random bytes, + and "
         "/ removed, first 12 characters)")  # fmt: skip
    token = hashlib.sha1(f"reset{RNG.random()}".encode()).hexdigest()
    send("password_recovery", "Passwort vergessen", {"{{USERNAME}}": "Bio-Barbara",
         "{{RESET_LINK}}": f"{BL_URL}/actions/pwd_reset.php?a=2&id=318&token={token}"},
         kind="notice", code=None, why="actions/pwd_reset.php::sendRecoveryMail",
         note="a reset link only; the sha1 token is inside it")  # fmt: skip
    code = hashlib.sha1(f"reg{RNG.random()}".encode()).hexdigest()
    send("registration", "Registrierung", {"{{USERNAME}}": "GemüseGustav",
         "{{ACTIVATION_LINK}}": f"{BL_URL}/actions/activate.php?user=Gem%C3%BCseGustav&code={code}"},
         kind="notice", code=None, why="actions/registrieren.php",
         note="an activation link only")  # fmt: skip
    code = hashlib.sha1(f"mail{RNG.random()}".encode()).hexdigest()
    send("email_change", "Änderung EMail-Addresse", {"{{USERNAME}}": "Kräuterhexe",
         "{{ACTIVATION_LINK}}": f"{BL_URL}/actions/activate.php?email=kraeuterhexe%40mailbox.example&code={code}"},
         kind="notice", code=None, why="actions/einstellungen.php (new e-mail address)",
         note="an activation link only")  # fmt: skip
    eur = lambda v: f"{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") + " €"  # noqa: E731
    pts = lambda v: f"{v:,}".replace(",", ".")  # noqa: E731
    send("round_end", "Rundenende", {
        "{{USERNAME}}": "GemüseGustav",
        "{{EXPENSE_BUILDINGS_LIST}}": [f"Bio-Barbara ({eur(4812377.5)})", f"Kräuterhexe ({eur(3990120.0)})", f"Tofutiger ({eur(2750044.25)})"],
        "{{EXPENSE_RESEARCH_LIST}}": [f"Tofutiger ({eur(1208830.0)})", f"GemüseGustav ({eur(988412.75)})", f"Bio-Barbara ({eur(870005.0)})"],
        "{{EXPENSE_MAFIA_LIST}}": [f"Kräuterhexe ({eur(402118.0)})", f"Rübezahl ({eur(150900.5)})"],
        "{{MAFIA_GODFATHER_LIST}}": [f"Kräuterhexe (führte {pts(1284)} Aktionen aus, davon {pts(733)} erfolgreich)"],
        "{{MAFIA_VICTIM_LIST}}": [f"Tofutiger (war das Ziel von {pts(412)} Aktionen, davon {pts(198)} erfolgreich)"],
        "{{MAFIA_ATTACKS_LIST}}": [f"Diebstahl ({pts(2210)} Angriffe, davon {pts(1034)} erfolgreich. Geklaute Menge: {pts(88310)} Tonnen)",
                                   f"Raub ({pts(930)} Angriffe, davon {pts(402)} erfolgreich. Geraubte Summe: {eur(2311870.4)})",
                                   f"Spionage ({pts(1502)} Angriffe, davon {pts(1230)} erfolgreich)"],
        "{{POINTS_LIST}}": [f"Bio-Barbara ({pts(18420331)})", f"Kräuterhexe ({pts(17998012)})", f"Tofutiger ({pts(12004877)})"],
        "{{NEXT_START}}": "01.01.2027 12:00:00",
    }, kind="notice", code=None, why="include/functions.inc.php (round end cron): the lists as "
         "it formats them (formatCurrency / formatPoints, German)",
         note="a round-end newsletter; sums, counts and a date, no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# ElkArte

EK_REPO = "elkarte/Elkarte"
EK_COMMIT = "f9d3d6a0a3ce2025a48c301e9e29579a0e1aa636"
EK_PATH = "sources/ElkArte/Languages/EmailTemplates/English.php"


def _php_txt(src: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$txt\['([^']+)'\]\s*=\s*'((?:\\.|[^'\\])*)';", src, re.S):
        out[m.group(1)] = m.group(2).replace("\\'", "'").replace("\\\\", "\\")
    for m in re.finditer(r'\$txt\[\'([^\']+)\'\]\s*=\s*"((?:\\.|[^"\\])*)";', src, re.S):
        out[m.group(1)] = m.group(2).replace("\\n", "\n").replace('\\"', '"')
    return out


def elkarte(mirrors: Path) -> None:
    repo = mirrors / "elkarte+Elkarte" / "repo"
    txt = _php_txt(_show(repo, EK_COMMIT, EK_PATH))
    index = _php_txt(_show(repo, EK_COMMIT, "sources/ElkArte/Languages/Index/English.php"))
    forum, board = "Arcade Cabinet Collectors", "https://forum.arcadecabinets.example"
    script = board + "/index.php"
    sender = f'"{forum}" <noreply@arcadecabinets.example>'
    regards = index["regards_team"].replace("{forum_name_html_unsafe}", forum)
    common = dict(source="elkarte", lang="en", repository=EK_REPO, commit=EK_COMMIT,
                  licence="BSD-3-Clause", path=EK_PATH)  # fmt: skip

    def code14() -> str:
        return _rand("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 14)

    def send(tpl, repl, *, kind, code, note, why):
        base = {"FORUMNAME": forum, "FORUMNAMESHORT": forum, "EMAILREGARDS": "",
                "FORUMURL": board, "SCRIPTURL": script, "REGARDS": regards,
                "FORGOTPASSWORDLINK": script + "?action=reminder"}  # fmt: skip
        subject, body = txt[tpl + "_subject"], txt[tpl + "_body"]
        for key, value in {**repl, **base}.items():
            subject = subject.replace("{" + key + "}", value)
            body = body.replace("{" + key + "}", value)
        assert not re.search(r"\{[A-Z_]+\}", subject + body), tpl
        _save(**common, ident=tpl.replace("_", "-"), group=tpl.replace("_", "-"), kind=kind,
              code=code, rendered=f"{why}: loadEmailTemplate's replacements (the default ones "
              "and regards_team of Languages/Index/English.php), sent as plain text, From the "
              "forum name and webmaster address", sender=sender, subject=subject,
              text=body + "\n", html_part=None, note=note)  # fmt: skip

    def act(uid: int, code: str) -> dict[str, str]:
        return {"ACTIVATIONLINK": f"{script}?action=register;sa=activate;u={uid};code={code}",
                "ACTIVATIONLINKWITHOUTCODE": f"{script}?action=register;sa=activate;u={uid}",
                "ACTIVATIONCODE": code}  # fmt: skip

    fallback = (
        "the 14-character activation code (generateValidationCode(14)) the mail asks to "
        "enter on the activation page if the link fails; it is also in the link"
    )
    c = code14()
    send("register_activate", {"REALNAME": "Dale Hutchins", "USERNAME": "galaga_dale", **act(1204, c)},
         kind="saas-otp", code=c, why="Register.php (registration, activation by e-mail)",
         note=fallback)  # fmt: skip
    c = code14()
    send("resend_activate_message", {"REALNAME": "Marisol Vega", "USERNAME": "joust_queen",
         **act(1211, c)}, kind="saas-otp", code=c, why="Register.php (resend activation)",
         note=fallback)  # fmt: skip
    c = code14()
    send("admin_approve_activation", {"USERNAME": "pinball_wiz", **act(1187, c)},
         kind="saas-otp", code=c, why="ManageMembers.php (approved, then activation)",
         note=fallback)  # fmt: skip
    c = code14()
    send(
        "admin_approve_remind",
        {"USERNAME": "crt_restorer", **act(1190, c)},
        kind="saas-otp",
        code=c,
        why="ManageMembers.php (activation reminder)",
        note=fallback,
    )
    c = code14()
    send(
        "activate_reactivate",
        {**act(1033, c)},
        kind="saas-otp",
        code=c,
        why="ProfileFields.php (e-mail changed, account to re-activate)",
        note=fallback,
    )
    pw, c = "Q*bert1982!", code14()
    send("admin_register_activate", {"USERNAME": "qbert_fan", "PASSWORD": pw, **act(1215, c)},
         kind="saas-otp", code=pw, why="Members.subs.php (registered by an admin, activation on)",
         note="two codes: the password the admin set, given first with the username, and the "
         f"activation code {c} for the activation page (also in the link); labelled the "
         "password, the first the mail gives to type")  # fmt: skip
    pw = _rand("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 10)
    send("admin_register_immediate", {"USERNAME": "tempest_tom", "PASSWORD": pw},
         kind="saas-otp", code=pw, why="Members.subs.php (registered by an admin, no activation)",
         note="the account's password, given with the username to log in")  # fmt: skip
    pw = code14()
    send("change_password", {"USERNAME": "marble_madness", "PASSWORD": pw}, kind="saas-otp",
         code=pw, why="Reminder.php (secret-question reset: generateValidationCode(14))",
         note="the new password, given in quotes with the username")  # fmt: skip
    send("forgot_password", {"REALNAME": "Dale Hutchins", "MEMBERNAME": "galaga_dale",
         "IP": "98.207.14.66", "REMINDLINK": f"{script}?action=reminder;sa=setpassword;u=1204;code={code14()}"},
         kind="notice", code=None, why="Reminder.php (forgotten password)",
         note="a reset link only; the IP and username are not codes")  # fmt: skip
    send(
        "register_immediate",
        {"REALNAME": "Ken Ito", "USERNAME": "kenito_sf2"},
        kind="notice",
        code=None,
        why="Register.php (no activation)",
        note="a welcome, no code",
    )
    send("register_pending", {"REALNAME": "Ruth Abernathy", "USERNAME": "centipede_ruth"},
         kind="notice", code=None, why="Register.php (admin approval)",
         note="a pending-registration notice")  # fmt: skip
    send("admin_approve_accept", {"NAME": "Ruth Abernathy", "USERNAME": "centipede_ruth",
         "PROFILELINK": f"{script}?action=profile;u=1222"}, kind="notice", code=None,
         why="ManageMembers.php (approved)", note="an approval notice, no code")  # fmt: skip
    send(
        "admin_approve_reject",
        {"USERNAME": "spambot9000"},
        kind="notice",
        code=None,
        why="ManageMembers.php (rejected)",
        note="a rejection notice",
    )
    send(
        "admin_approve_delete",
        {"USERNAME": "defender_dan"},
        kind="notice",
        code=None,
        why="ManageMembers.php (deleted)",
        note="an account-deleted notice",
    )
    send("mc_group_approve", {"USERNAME": "pinball_wiz", "GROUPNAME": "Restoration Experts"},
         kind="notice", code=None, why="Groups.subs.php (membership approved)",
         note="a group notice")  # fmt: skip
    send("paid_subscription_reminder", {"REALNAME": "Marisol Vega", "SUBSCRIPTION": "Gold Token Supporter",
         "PROFILE_LINK": f"{script}?action=profile;area=subscriptions;u=1211", "END_DATE": "December 17, 2026"},
         kind="notice", code=None, why="ScheduledTasks (paid subscription reminder)",
         note="a subscription reminder with a date")  # fmt: skip


# ---------------------------------------------------------------------------------------
# mt2fa-server (Minetest two-factor service)

MT_REPO = "sofar/mt2fa-server"
MT_COMMIT = "3900d7f89108b9a5300b2072db87a28a839b1b81"


def mt2fa(mirrors: Path) -> None:
    _ = mirrors  # the bodies are written inline in main.go
    import base64

    base = "https://2fa.voxelheim.example/"
    sender = "Voxelheim 2FA <2fa@voxelheim.example>"
    common = dict(source="mt2fa", lang="en", repository=MT_REPO, commit=MT_COMMIT,
                  licence="ISC", path="main.go")  # fmt: skip

    def token() -> str:
        s = base64.b32encode(bytes(RNG.randrange(256) for _ in range(24))).decode()
        return s[:-1]

    texts = [
        ("register", "registered this email\naddress on a minetest server at \"Voxelheim Survival\".",
         "confirm your registration", "REG request"),
        ("auth", "wants to authenticate\nusing this email address on a minetest server at \"Voxelheim Survival\".",
         "confirm your authentication", "AUTH request"),
        ("server", "wants to register\na server using this email address at \"203.0.113.58\".",
         "confirm your server registration", "SERVER request"),
        ("server-ip", "wants to change the IP\naddress of a server using this email address at \"198.51.100.23\".",
         "confirm your server IP change", "SERVERIP request"),
    ]  # fmt: skip
    for ident, what, confirm, why in texts:
        body = ("\nHello,\n\n"
                f"You've received this request because you or someone {what}\n\n"
                "If this wasn't you, you can safely ignore this email. If it was you, please\n"
                f"click the following link to {confirm}:\n\n"
                f"  {base}confirm?t={token()}\n\n")  # fmt: skip
        _save(**common, ident=ident, group=ident, kind="notice", code=None,
              rendered=f"main.go, the {why}: the inline message, do_email (gomail, text/plain, "
              "subject as written, From email_sender)", sender=sender,
              subject="Minetest 2-factor confirmation request", text=body, html_part=None,
              note="a confirmation link only; its base32 token is inside it")  # fmt: skip


# ---------------------------------------------------------------------------------------
# Tourney Forge (Tournament Bracket Generator)

TF_REPO = "TourneyForge/Tournament_Bracket_Generator"
TF_COMMIT = "cb5696e6e5a03bf48811c402eaa298c807cb4d52"
TF_BASE = "https://tourneyforge.com/"
# two strings of the CodeIgniter Shield package (vendor, src/Language/en/Auth.php), which the
# app's app/Language/en/Auth.php does not override
SHIELD_EN = {
    "Auth.emailActivateMailBody": "Please use the code below to activate your account and start using the site.",
    "Auth.login": "Login",
}  # fmt: skip


def tourneyforge(mirrors: Path) -> None:
    repo = mirrors / "TourneyForge+Tournament_Bracket_Generator" / "repo"
    lang = {}
    for name in ("Auth", "Emails", "Profile"):
        src = _show(repo, TF_COMMIT, f"app/Language/en/{name}.php")
        for m in re.finditer(r"'(\w+)'\s*=>\s*(['\"])((?:\\.|(?!\2).)*)\2", src):
            value = m.group(3)
            value = value.replace("\\'", "'") if m.group(2) == "'" else value.replace('\\"', '"')
            lang[f"{name}.{m.group(1)}"] = value
    lang.update(SHIELD_EN)
    sender = "Tourney Forge <info@tourneyforge.com>"
    common = dict(source="tourneyforge", lang="en", repository=TF_REPO, commit=TF_COMMIT,
                  licence="MIT")  # fmt: skip

    def esc(v: str) -> str:
        return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#039;")  # fmt: skip

    def render(view: str, env: dict[str, str]) -> str:
        src = _show(repo, TF_COMMIT, f"app/Views/email/{view}.php")

        def expr(m: re.Match) -> str:
            e = m.group(1).strip()
            if m.group(0).startswith("<?php") and e.startswith("$user ="):
                return ""
            if e in env:
                return env[e]
            if mm := re.fullmatch(r"lang\('([\w.]+)'\)", e):
                return lang[mm.group(1)]
            if e == "setting('Email.fromName')":
                return "Tourney Forge"
            if mm := re.fullmatch(r"base_url\((?:'([^']*)')?\)", e):
                return TF_BASE + (mm.group(1) or "")
            if mm := re.fullmatch(r"url_to\('([^']*)'\)", e):
                return TF_BASE + {"verify-magic-link": "login/verify-magic-link"}.get(
                    mm.group(1), mm.group(1)
                )
            if mm := re.fullmatch(r"esc\(\$(\w+)\)", e):
                return esc(env["$" + mm.group(1)])
            raise KeyError(e)

        return re.sub(r"<\?(?:=|php)\s*(.*?)\s*\?>\n?", expr, src, flags=re.S)

    def send(view, subject, env, *, kind, code, note, why):
        _save(**common, ident=view.replace("_", "-"), group=view.replace("_", "-"), kind=kind,
              code=code, path=f"app/Views/email/{view}.php",
              rendered=f"{why}: the CodeIgniter view run as PHP would run it (its <?= ?> "
              "expressions filled, the newline after ?> dropped); CodeIgniter Email mailType "
              "html, From Email.fromEmail / fromName (app/Config/Email.php)",
              sender=sender, subject=subject, text=None, html_part=render(view, env), note=note)  # fmt: skip

    t = {"name": "Valorant Spring Cup 2027", "id": "418"}
    tenv = {"$tournament->name": t["name"], "base_url(\"tournaments/$tournament->id/view\")":
            f"{TF_BASE}tournaments/{t['id']}/view", "$tournamentCreatorName": "Tourney Forge",
            "$user ? \"$user->username ($user->email)\" : \"Guest User\"": "shadowcaster (shadowcaster@mailbox.example)",
            "$creator ? \"$creator->username ($creator->email)\" : 'Guest'": "shadowcaster (shadowcaster@mailbox.example)",
            "$creator ? \"$creator->name ($creator->email)\" : 'Guest'": "Shadow Caster (shadowcaster@mailbox.example)",
            "$creator ? \"($creator->email)\" : ''": "(shadowcaster@mailbox.example)",
            '$groupName ?? "None (Individual Participant)"': "None (Individual Participant)"}  # fmt: skip

    code = "".join(RNG.choice("123456789") for _ in range(6))
    send(
        "email_activate_email",
        lang["Auth.emailActivateSubject"],
        {"$code": code},
        kind="saas-otp",
        code=code,
        why="Shield EmailActivator::show (random_string('nozero', 6))",
        note="the six-digit activation code (digits 1-9) to paste on the activation page",
    )
    code = str(RNG.randint(100000, 999999))
    send("new-email-verification", lang["Auth.emailUpdateVerificationSubject"],
         {"$username": "fragqueen", "$sendername": "Tourney Forge", "$code": code,
          "$newEmail": "fragqueen.new@mailbox.example"}, kind="saas-otp", code=code,
         why="ProfileController (EmailVerificationModel::generateCode: random_int(100000, 999999))",
         note="the six-digit code to enter to confirm the new address")  # fmt: skip
    send("magic_link_email", lang["Auth.magicLinkSubject"],
         {"$username": "fragqueen", "$sendername": "Tourney Forge", "$token": _rand(
             "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 20)},
         kind="notice", code=None, why="CustomMagicLinkController (random_string('crypto', 20))",
         note="a login link only; the token is inside the button's link")  # fmt: skip
    send(
        "welcome_email",
        lang["Auth.welcomeEmailSubject"].replace("{0}", "Tourney Forge"),
        {"auth()->user()->username": "fragqueen"},
        kind="notice",
        code=None,
        why="EmailActivator::sendWelcomeEmail",
        note="a welcome, no code",
    )
    send(
        "password_changed",
        lang["Auth.passwordChangeEmailSubject"],
        {"$username": "clutchking", "$sendername": "Tourney Forge"},
        kind="notice",
        code=None,
        why="ProfileController (password changed)",
        note="a password-changed notice",
    )
    send("old-email-notification", lang["Auth.emailUpdateNotificationSubject"].replace("{0}", "Tourney Forge"),
         {"$username": "fragqueen", "$sendername": "Tourney Forge",
          "$oldEmail": "fragqueen@mailbox.example", "$newEmail": "fragqueen.new@mailbox.example"},
         kind="notice", code=None, why="ProfileController (mail to the old address)",
         note="an address-changed notice")  # fmt: skip
    send("close-account-email", lang["Profile.closeAccountEmailSubject"].replace("{0}", "Tourney Forge"),
         {"$username": "lowping_larry", "$sendername": "Tourney Forge"}, kind="notice", code=None,
         why="ProfileController (account closed)", note="an account-deleted notice")  # fmt: skip
    send(
        "invite-to-tournament",
        lang["Emails.inviteToTournamentEmailSubject"],
        {
            "$username": "clutchking",
            **tenv,
            '$groupName ?? "None (Individual Participant)"': "Individual Participant",
        },
        kind="notice",
        code=None,
        why="Api/BracketsController (participant added)",
        note="an invitation, no code",
    )
    send(
        "removed-from-tournament",
        lang["Emails.removedFromTournamentEmailSubject"],
        {"$username": "lowping_larry", **tenv},
        kind="notice",
        code=None,
        why="Api/BracketsController (participant removed)",
        note="a removal notice",
    )
    send("tournament-started", lang["Emails.tournamentStartedEmailSubject"].replace("{0}", t["name"]),
         {"$username": "clutchking", "$role": "Participant", **tenv}, kind="notice", code=None,
         why="Commands/RunScheduledTask (start time reached)", note="a tournament notice")  # fmt: skip
    send("tournament-completed", lang["Emails.tournamentCompletedEmailSubject"].replace("{0}", t["name"]),
         {"$username": "fragqueen", **tenv}, kind="notice", code=None,
         why="Commands/RunScheduledTask (end time reached)", note="a tournament notice")  # fmt: skip
    send(
        "tournament-champion-won",
        lang["Emails.tournamentChampionWonEmailSubject"],
        {"$username": "clutchking", **tenv},
        kind="notice",
        code=None,
        why="Api/BracketsController (final won)",
        note="a champion notice",
    )
    send("tournament-availability-update", lang["Emails.tournamentAvailabilityUpdateEmailSubject"],
         {"$username": "fragqueen", "$startTime": "2027-03-06 18:00", "$endTime": "2027-03-07 23:00",
          **tenv}, kind="notice", code=None, why="Api/TournamentController (availability changed)",
         note="dates and times, no code")  # fmt: skip
    share = {"base_url(\"tournaments/shared/{$share['token']}\")":
             TF_BASE + "tournaments/shared/" + _rand("0123456789abcdef", 32)}  # fmt: skip
    send("tournament-share", lang["Emails.tournamentShareEmailSubject"],
         {"$username": "caster_mo", "$role": "Editor", **tenv, **share}, kind="notice", code=None,
         why="Api/TournamentController (tournament shared)",
         note="a share notice; the share token is only in the link")  # fmt: skip
    send(
        "tournament-delete",
        lang["Emails.tournamentDeleteEmailSubject"],
        {"$username": "clutchking", **tenv},
        kind="notice",
        code=None,
        why="Libraries/TournamentLibrary (tournament deleted)",
        note="a deletion notice",
    )
    send("inactivity-30", lang["Emails.inactive30DaysNotifyEmailSubject"],
         {"$username": "lowping_larry", "$tournamentCreatorName": "Tourney Forge"}, kind="notice",
         code=None, why="Commands/RunScheduledTask (30 days inactive)",
         note="a come-back newsletter")  # fmt: skip


# ---------------------------------------------------------------------------------------
# 2Moons

TM_REPO = "jkroepke/2Moons"
TM_COMMIT = "b45cbc11d0a99e25058ab3ff1a63076cb7b93a72"
TM_LANGS = {"en": "en", "de": "de", "fr": "fr", "es": "es", "pl": "pl", "pt": "pt", "ru": "ru",
            "tr": "tr", "zh": "cn"}  # fmt: skip


def _php_lng(src: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"\$LNG\['([^']+)'\]\s*=\s*'((?:\\.|[^'\\])*)';", src):
        out[m.group(1)] = m.group(2).replace("\\'", "'").replace("\\\\", "\\")
    return out


def twomoons(mirrors: Path) -> None:
    repo = mirrors / "jkroepke+2Moons" / "repo"
    game, uni, http = "Nebula Wars", "Andromeda", "https://nebulawars.example/"
    sender = f"{game} <noreply@nebulawars.example>"
    gamename = f"{game} - {uni}"
    common = dict(source="2moons", repository=TM_REPO, commit=TM_COMMIT, licence="MIT")
    tail = (
        "; Mail::send: PHPMailer, the template's text as the plain-text Body, From "
        "smtp_sendmail / game_name"
    )
    players = ["Zephyr", "Kassandra", "DarkNova", "Orion77", "Valkyrie", "Mercator", "Sokol",
               "Yildiz", "LongWei"]  # fmt: skip

    def tpl(code: str, name: str) -> str:
        return _show(repo, TM_COMMIT, f"language/{code}/templates/{name}.txt")

    def fill(text: str, repl: dict[str, str]) -> str:
        for key, value in repl.items():
            text = text.replace("{" + key + "}", value)
        assert not re.search(r"\{[A-Z]+\}", text), text
        return text

    for (lang, code), player in zip(TM_LANGS.items(), players, strict=True):
        lng = _php_lng(_show(repo, TM_COMMIT, f"language/{code}/PUBLIC.php"))
        pw = f"{0x6578A3F1 + RNG.randint(0, 9999999):08x}{RNG.randint(0, 0xFFFFF):05x}"
        try:
            changed = tpl(code, "email_lost_password_changed")
        except UnicodeDecodeError:  # es: a Latin-1 file sent as UTF-8, left out
            changed = None
        if changed is not None:
            _save(**common, ident="lost-password-changed", group="lost-password-changed",
              lang=lang, kind="saas-otp", code=pw,
              path=f"language/{code}/templates/email_lost_password_changed.txt",
              rendered="ShowLostPasswordPage (newPassword): the template str_replace'd, subject "
              f"passwordChangedMailTitle of language/{code}/PUBLIC.php" + tail, sender=sender,
              subject=lng["passwordChangedMailTitle"] % game,
              text=fill(changed, {"USERNAME": player,
                        "GAMENAME": gamename, "GAMEMAIL": "noreply@nebulawars.example", "PASSWORD": pw}),
              html_part=None, note="the new password uniqid() made (13 hex digits from the "
              "time), on its own line")  # fmt: skip
        pw = ["Sternenstaub!7", "orbit-runner-42", "Kx9#polaris", "Andromeda2027", "ZielonaGwiazda8",
              "Estrela_Nova5", "Kosmos-1961", "Yildizlar77", "Xingyun888"][players.index(player)]  # fmt: skip
        vid, vkey = RNG.randint(1000, 9999), hashlib.md5(f"{player}v".encode()).hexdigest()
        _save(**common, ident="vaild-reg", group="vaild-reg", lang=lang, kind="saas-otp",
              code=pw, path=f"language/{code}/templates/email_vaild_reg.txt",
              rendered="ShowRegisterPage (user_valid on): the template str_replace'd, subject "
              f"registerMailVertifyTitle of language/{code}/PUBLIC.php" + tail, sender=sender,
              subject=lng["registerMailVertifyTitle"] % game,
              text=fill(tpl(code, "email_vaild_reg"), {"USERNAME": player, "PASSWORD": pw,
                        "GAMENAME": gamename, "GAMEMAIL": "noreply@nebulawars.example",
                        "VERTIFYURL": f"{http}index.php?page=vertify&i={vid}&k={vkey}"}),
              html_part=None, note="the login data: the password the player chose at "
              "registration, under the username; the activation key is only in the link")  # fmt: skip
        vkey = hashlib.md5(f"{player}l".encode()).hexdigest()
        _save(**common, ident="lost-password-validation", group="lost-password-validation",
              lang=lang, kind="notice", code=None,
              path=f"language/{code}/templates/email_lost_password_validation.txt",
              rendered="ShowLostPasswordPage (request): the template str_replace'd, subject "
              f"passwordValidMailTitle of language/{code}/PUBLIC.php" + tail, sender=sender,
              subject=lng["passwordValidMailTitle"] % game,
              text=fill(tpl(code, "email_lost_password_validation"), {"USERNAME": player,
                        "GAMENAME": gamename,
                        "VALIDURL": f"{http}index.php?page=lostPassword&mode=newPassword&u={vid}&k={vkey}"}),
              html_part=None, note="a link only; the key is inside it")  # fmt: skip
        if lang in ("en", "de", "fr", "es"):
            _save(**common, ident="reg-done", group="reg-done", lang=lang, kind="notice",
                  code=None, path=f"language/{code}/templates/email_reg_done.txt",
                  rendered="ShowVertifyPage (mail_active): the template str_replace'd, subject "
                  f"registerMailCompleteTitle of language/{code}/PUBLIC.php" + tail,
                  sender=sender, subject=lng["registerMailCompleteTitle"] % game,
                  text=fill(tpl(code, "email_reg_done"), {"USERNAME": player, "GAMENAME": gamename,
                            "GAMEMAIL": "noreply@nebulawars.example"}),
                  html_part=None, note="a welcome, no code")  # fmt: skip
            ingame = _php_lng(_show(repo, TM_COMMIT, f"language/{code}/INGAME.php"))
            _save(**common, ident="inactive", group="inactive", lang=lang, kind="notice",
                  code=None, path=f"language/{code}/templates/email_inactive.txt",
                  rendered="InactiveMailCronjob: the template str_replace'd (LASTDATE in "
                  "php_tdformat 'd. M Y, H:i:s'), subject spec_mail_inactive_title of "
                  f"language/{code}/INGAME.php" + tail, sender=sender,
                  subject=ingame["spec_mail_inactive_title"] % gamename,
                  text=fill(tpl(code, "email_inactive"), {"USERNAME": player, "GAMENAME": gamename,
                            "LASTDATE": "14. Sep 2026, 21:07:33", "HTTPPATH": http}),
                  html_part=None, note="an inactivity reminder with a date, no code")  # fmt: skip


# ---------------------------------------------------------------------------------------
# TravianZ

TZ_REPO = "Shadowss/TravianZ"
TZ_COMMIT = "0f58d238f19370bbf8586c749fcc3180462229ed"


def _twomoons_cn_note() -> None:
    for item in ITEMS:
        if item["source"] == "2moons" and item["lang"] == "zh":
            item["note"] += "; language/cn ships the English body text, only the subject is Chinese"


def travianz(mirrors: Path) -> None:
    _ = mirrors  # the bodies are written inline in GameEngine/Mailer.php
    server_name, server = "TravianZ Speed x3", "https://s3.travianz-speed.example/"
    sender = "admin@travianz-speed.example"
    alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    common = dict(source="travianz", lang="en", repository=TZ_REPO, commit=TZ_COMMIT,
                  licence="GPL-3.0", path="GameEngine/Mailer.php")  # fmt: skip
    tail = "; PHP mail() with only a From header (ADMIN_EMAIL): plain text"

    pw, act = "Gaul-Druid-77", _rand(alnum, 10)
    text = ("Hello Ambiorix\n\nThank you for your registration.\n\n----------------------------\n"
            f"Name: Ambiorix\nPassword: {pw}\nActivation code: {act}\n"
            "----------------------------\n\n"
            "Click the following link in order to activate your account:\n"
            f"{server}activate.php?code={act}\n\nGreetings,\nTravian administration")  # fmt: skip
    _save(**common, ident="activate", group="activate", kind="saas-otp", code=pw,
          rendered="Mailer::sendActivate (Account.php, registration with activation): the "
          "inline message" + tail, sender=sender, subject=f"Welcome to {server_name}",
          text=text, html_part=None,
          note="two codes in a box: the password the player chose, listed first, and the "
          f"activation code {act} (generateRandStr(10), also in the link); labelled the "
          "password, the first the mail gives")  # fmt: skip
    npw, cpw = _rand(alnum, 7), _rand(alnum, 10)
    text = ("Hello Vercingetorix\n\nYou have requested a new password for Travian.\n\n"
            "----------------------------\nName: Vercingetorix\n"
            f"Password: {npw}\n----------------------------\n\n"
            "Please click this link to activate your new password. The old password then "
            "becomes invalid:\n\n"
            f"http://s3.travianz-speed.example/password.php?cpw={cpw}&npw=2841\n\n"
            "If you want to change your new password, you can enter a new one in your profile\n"
            "on tab \"account\".\n\nIn case you did not request a new password you may ignore "
            "this email.\n\nTravian")  # fmt: skip
    _save(**common, ident="password", group="password", kind="saas-otp", code=npw,
          rendered="Mailer::sendPassword (password.php): the inline message, the link's host "
          "HTTP_HOST" + tail, sender=sender, subject="Password forgotten", text=text,
          html_part=None, note="the new password generateRandStr(7) made; it becomes valid "
          "once the link is followed (the link's cpw key is not typed)")  # fmt: skip
    text = ("Hello User\n\n" f"Try the new {server_name}!\n\n\n"
            f"Link: {server}anmelden.php?id=ref1375\n\n"
            "Hey, we're starting a Teuton wing on the new speed server, join my alliance "
            "[SPQR] — coords (-42|17).\n\n\nGreetings,\nTravian")  # fmt: skip
    _save(**common, ident="invite", group="invite", kind="notice", code=None,
          rendered="Mailer::sendInvite (plus.php, a player's invitation text)" + tail,
          sender=sender, subject=f"{server_name} registration", text=text, html_part=None,
          note="a referral invitation; the ref id is only in the link, the alliance tag and "
          "coordinates are not codes")  # fmt: skip


# ---------------------------------------------------------------------------------------
# FluxBB

FX_REPO = "fluxbb/fluxbb"
FX_COMMIT = "5a2f95a34ef426f2b12103a32d5d4ba24a14391a"
FX_DIR = "lang/English/mail_templates/"


def fluxbb(mirrors: Path) -> None:
    repo = mirrors / "fluxbb+fluxbb" / "repo"
    boards = [
        ("Speedrun Archive Forums", "https://forum.speedrun-archive.example", "webmaster@speedrun-archive.example"),
        ("Retro Handheld Club", "https://rhc-forum.example", "admin@rhc-forum.example"),
        ("Guild of Emberfall", "https://emberfall-guild.example/forum", "officers@emberfall-guild.example"),
    ]  # fmt: skip
    common = dict(source="fluxbb", lang="en", repository=FX_REPO, commit=FX_COMMIT,
                  licence="GPL-2.0")  # fmt: skip

    def mail(ident, board, tpl, tags, *, kind, code, note, why):
        src = _show(repo, FX_COMMIT, FX_DIR + tpl + ".tpl").strip()
        first = src.index("\n")
        subject = src[8:first].strip()
        body = src[first:].strip()
        tags = {"base_url": board[1] + "/", "board_mailer": board[0], "board_title": board[0],
                **tags}  # fmt: skip
        for key, value in tags.items():
            subject = subject.replace(f"<{key}>", value)
            body = body.replace(f"<{key}>", value)
        left = re.findall(r"<[a-z_]+>", subject + body)
        assert not left, (tpl, left)
        _save(**common, ident=ident, group=tpl.replace("_", "-"), kind=kind, code=code,
              path=FX_DIR + tpl + ".tpl", rendered=f"{why}: first line the subject, tags "
              "replaced; pun_mail: text/plain only, From \"<board> Mailer\"",
              sender=f'"{board[0]} Mailer" <{board[2]}>', subject=subject, text=body + "\n",
              html_part=None, note=note)  # fmt: skip

    pw = _rand(ALNUM62, 12)
    key = _rand(ALNUM62, 8)
    b = boards[0]
    mail("activate-password", b, "activate_password",
         {"username": "glitchless_gwen", "new_password": pw,
          "activation_url": f"{b[1]}/profile.php?id=2187&action=change_pass&key={key}"},
         kind="saas-otp", code=pw, why="login.php (forgotten password)",
         note="the new password random_pass(12) made; it takes effect once the activation "
         "link is visited, then it is typed to log in (the 8-character key is only in the "
         "link)")  # fmt: skip
    pw = _rand(ALNUM62, 12)
    b = boards[1]
    mail(
        "welcome",
        b,
        "welcome",
        {"username": "dmg_collector", "password": pw, "login_url": f"{b[1]}/login.php"},
        kind="saas-otp",
        code=pw,
        why="register.php (o_regs_verify on)",
        note="the account password random_pass(12) made, given with the username to log in",
    )
    b = boards[2]
    key = _rand(ALNUM62, 8)
    mail(
        "activate-email",
        b,
        "activate_email",
        {
            "username": "Vashti Emberfall",
            "activation_url": f"{b[1]}/profile.php?action=change_email&id=64&key={key}",
        },
        kind="notice",
        code=None,
        why="profile.php (change email)",
        note="an activation link only",
    )
    b = boards[0]
    mail("new-reply", b, "new_reply",
         {"replier": "TASbot_fan", "topic_subject": "Any% glitched route 3.2 — 41:07 WR?",
          "post_url": f"{b[1]}/viewtopic.php?pid=88412#p88412",
          "unsubscribe_url": f"{b[1]}/misc.php?action=unsubscribe&tid=5120"},
         kind="notice", code=None, why="post.php (subscription, short)",
         note="a reply notice; the time 41:07 and post id are not codes")  # fmt: skip
    b = boards[1]
    mail("new-reply-full", b, "new_reply_full",
         {"replier": "capacitor_kate", "topic_subject": "GBA SP AGS-101 backlight swap",
          "post_url": f"{b[1]}/viewtopic.php?pid=20933#p20933",
          "message": "Ordered the kit on the 28th (order #RH-40715), arrived today. Ribbon "
          "cable goes in shiny side up. Took about 25 minutes with a PH00 driver.",
          "unsubscribe_url": f"{b[1]}/misc.php?action=unsubscribe&tid=1874"},
         kind="notice", code=None, why="post.php (subscription, full post)",
         note="a reply notice with the post quoted; its order number and model number are not "
         "codes")  # fmt: skip
    b = boards[2]
    mail("new-topic", b, "new_topic",
         {"poster": "Officer Brannoc", "topic_subject": "Raid signups: Molten Keep, Sat 20:00 CET",
          "forum_name": "Raids & Events", "topic_url": f"{b[1]}/viewtopic.php?id=733",
          "unsubscribe_url": f"{b[1]}/misc.php?action=unsubscribe&fid=4"},
         kind="notice", code=None, why="post.php (forum subscription)",
         note="a new-topic notice")  # fmt: skip
    b = boards[0]
    mail(
        "rename",
        b,
        "rename",
        {"old_username": "Gwen", "new_username": "Gwen2"},
        kind="notice",
        code=None,
        why="db_update.php (username clash)",
        note="the new username is not a code",
    )
    b = boards[1]
    mail("new-user", b, "new_user",
         {"username": "pocketmonk", "profile_url": f"{b[1]}/profile.php?id=3310",
          "admin_url": f"{b[1]}/profile.php?section=admin&id=3310"},
         kind="notice", code=None, why="register.php (o_mailing_list alert)",
         note="an administrator's new-registration alert")  # fmt: skip
    b = boards[2]
    mail("form-email", b, "form_email",
         {"mail_subject": "Your spare Emberfall mount code?", "sender": "Lyra Quickfoot",
          "mail_message": "Hey! Saw you still had the promo mount code from the anniversary "
          "event (EMBR-7Q2K-X9LD). If you're not using it I'd trade 500 gold for it."},
         kind="notice", code=None, why="misc.php (member's email form)",
         note="a member's message forwarded by the forum; the game's promotion code it "
         "mentions does not count")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    wowsr(args.mirrors)
    znote(args.mirrors)
    blm2(args.mirrors)
    elkarte(args.mirrors)
    mt2fa(args.mirrors)
    tourneyforge(args.mirrors)
    twomoons(args.mirrors)
    _twomoons_cn_note()
    travianz(args.mirrors)
    fluxbb(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for item in ITEMS if item["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON.relative_to(HERE)}")


if __name__ == "__main__":
    main()
