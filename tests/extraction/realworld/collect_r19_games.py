"""Round nineteen, games and communities: private-server account sites (World of Warcraft,
Open Tibia), a browser game and forum software — the passwords, keys and codes they mail to
players and members, and the same senders' notices.

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
    fluxbb(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    codes = sum(1 for item in ITEMS if item["code"])
    print(f"{len(ITEMS)} mails, {codes} codes -> {OUT_JSON.relative_to(HERE)}")


if __name__ == "__main__":
    main()
