"""Round 28, media and personal apps (blind): Tracim, the collaborative file-sharing and
team-space platform (guest download shares and guest upload links with their passwords,
accounts created for invited people with a generated password, password resets and upload
notices), in the twelve languages its back end ships, rendered from a git snapshot at a
pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r28_media.py \\
        --mirrors /work/.mirror

- tracim/tracim (the back end is MIT: LICENSE.md names "MIT for the backend", the
  front-end apps LGPL/AGPL, none of which is used here), commit TRACIM_COMMIT. Files:
  ``backend/tracim_backend/templates/mail/{created_account,reset_password,
  shared_content_to_emitter,shared_content_to_receiver,upload_permission_to_emitter,
  upload_permission_to_receiver,new_upload_event}_body_html.mak`` (Mako templates),
  ``backend/tracim_backend/locale/<lang>/LC_MESSAGES/tracim_backend.po`` (ar, cs, de, en,
  eo, es, fr, it, ja, nb_NO, nl, pt), ``lib/mail_notifier/notifier.py``
  (``notify_created_account``, ``notify_reset_password``, ``_render_template``,
  ``_get_sender``), ``lib/mail_notifier/utils.py`` (``EmailNotificationMessage``,
  ``EmailAddress``), ``lib/utils/sanitizer.py`` with ``lib/mail_fetcher/email_processing/
  sanitizer_config/*.py``, ``lib/utils/translation.py`` (``Translator``),
  ``lib/utils/utils.py`` (URLs, ``EmailUser``, ``password_generator``), ``config.py``
  (subjects, defaults), ``applications/share/{application,email_manager,lib,
  models_in_context}.py`` and ``applications/upload_permissions/{application,
  email_manager,lib}.py``.

  How Tracim sends: ``_render_template`` renders the template with
  ``mako.template.Template(filename=..., default_filters=["html_escape"], imports=[
  "from mako.filters import html_escape", "from lxml.html.diff import htmldiff",
  "import humanize"])`` and ``_`` = ``Translator.get_translation``: the message looked up
  in ``locale/<lang>/backend.json``, which ``backend/update_i18n_json_file.sh`` makes from
  each ``.po`` with i18next-conv (every msgid to its msgstr, fuzzy entries kept, empty
  msgstr kept as ""), an empty or missing entry falling back to English, then to the
  msgid. Subjects are the config defaults (``config.py``, ``applications/*/
  application.py``), translated the same way and filled with ``str.format`` (the created
  account and reset subjects with ``.replace("{website_title}", ...)``).
  ``EmailNotificationMessage`` is a ``MIMEMultipart("alternative")`` with Message-ID,
  Date, Content-Language, From, To, Subject, X-Auto-Response-Suppress and Auto-Submitted,
  a text/plain part ``html2text.HTML2Text().handle(HtmlSanitizer(body_html).sanitize())``
  and the text/html body, both ``MIMEText(..., "utf-8")``; ``smtplib.send_message``
  flattens it with CRLF. From is ``"Tracim Notifications" <from.email with {user_id}
  → 0>`` or, for the mails a guest receives, ``"<emitter> via Tracim" <from.email with
  the emitter's id>``. The share and upload-permission mails to the guest use the
  emitter's language (``Translator(default_lang=emitter.lang)``).

  Rendered here: the snapshot's templates and ``.po`` files are read with ``git show``;
  the ``.po`` files are turned into the same flat dictionaries (Babel's ``read_po``,
  obsolete entries dropped, fuzzy kept) and looked up with the Translator's fallback;
  the templates are rendered by the real Mako with the same arguments; the sanitizer is
  ``HtmlSanitizer.sanitize`` copied from the snapshot (its configuration lists are executed
  from the snapshot) on BeautifulSoup; html2text and the MIME message are the real
  libraries. The Python packages are the versions ``backend/requirements.txt`` pins,
  installed outside the project with ``pip install --target /tmp/r28media-pydeps
  mako==1.2.2 html2text==2020.1.16 beautifulsoup4==4.9.3 soupsieve==2.2.1 humanize==3.9.0
  babel==2.9.1`` (lxml comes from the project's venv). Date, Message-ID and boundary are
  fixed. The objects the templates read are stand-ins with the attributes the templates
  use, their values built as the code builds them: share and upload tokens
  ``str(uuid.uuid4())``, guest download ``{base}/ui/guest-download/{token}`` and direct
  ``{base}/api/public/guest-download/{token}/{quoted filename}``, upload
  ``{base}/ui/guest-upload/{token}``, reset ``{base}/ui/reset-password?token=..&email=..``
  (``urlencode``), workspace ``{base}/ui/workspaces/{id}``, content ``{base}/ui/
  workspaces/{id}/contents/file/{id}``, the reset lifetime the default 900 s. The account
  password is ``password_generator()``'s shape (12 of the letters and digits without
  ``0Oo1lI`` plus ``!#%@+=?``, as ``workspace_controller.py`` creates an invited user);
  share and upload passwords are chosen by the person sharing (free text).

  Labels: the created-account mail gives the password to type (code); the mails to the
  person who shared a file or opened an upload link repeat the password they set, which
  they pass on to be typed (code); the guest's mails say the file or upload is protected
  and to ask for the password, the reset mail has its token only in a link, and the
  new-upload notice is a notice (null).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import sys
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import formataddr
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote, urlencode

sys.path.insert(0, "/tmp/r28media-pydeps")  # see the docstring: pip install --target
import html2text
import humanize
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from collect import HERE
from mako.template import Template

OUT = HERE / "round28" / "media.json"
DATE = "Fri, 04 Dec 2026 09:41:17 +0000"

TRACIM = "tracim/tracim"
TRACIM_COMMIT = "ba327506146cf60ab70e588668be51727d26dad4"
TRACIM_LANGS = ["ar", "cs", "de", "en", "eo", "es", "fr", "it", "ja", "nb_NO", "nl", "pt"]
BACKEND = "backend/tracim_backend/"
BASE_URL = "https://files.rivergate.example.org"
FROM_EMAIL = "notifications+{user_id}@files.rivergate.example.org"
FROM_LABEL = "Tracim Notifications"  # email.notification.from.default_label default
TITLE = "Rivergate Files"
ACCOUNT_PASSWORD = "Hx7q%Kd2Wp9r"  # password_generator(): 12 of ALLOWED_AUTOGEN_PASSWORD_CHAR
SHARE_PASSWORD = "Brume-Lac-2026"
UPLOAD_PASSWORD = "KestrelDocs84"
SHARE_TOKEN = "6f1c2a9e-4b7d-4e38-9a51-0c3d8e7f2b64"
UPLOAD_TOKEN = "b83e5d17-2c46-4f9a-8e0b-7a19d4c6e2f5"
RESET_TOKEN = "3QyZ7mRkT1vW9bN4"
AUTOGEN = "".join(
    c
    for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%@+=?"
    if c not in "0Oo1lI"
)

SUBJECTS = {  # config.py and applications/*/application.py defaults (msgids)
    "created_account": "[{website_title}] Someone created an account for you",
    "reset_password": "[{website_title}] A password reset has been requested",
    "shared_content_to_receiver": (
        '[{website_title}] {emitter_name} shared the file "{content_filename}" with you'
    ),
    "shared_content_to_emitter": (
        '[{website_title}] You shared "{content_filename}" with {nb_receivers} people'
    ),
    "upload_permission_to_receiver": (
        '{emitter_name} invited you to upload files on "{website_title}"'
    ),
    "upload_permission_to_emitter": (
        '[{website_title}] You invited {nb_receivers} people to upload files on "{workspace_name}"'
    ),
    "new_upload_event": (
        "[{website_title}] {uploader_username} shared {nb_uploaded_contents} files in "
        '"{workspace_name}"'
    ),
}


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def show(mirrors: Path, path: str) -> str:
    return git_show(mirrors, TRACIM, TRACIM_COMMIT, BACKEND + path)


# --- the sender's pieces, as in the snapshot ------------------------------------------


class EmailUser:
    """``lib/utils/utils.py`` ``EmailUser``."""

    def __init__(self, user_email: str, username: str | None = None) -> None:
        from email.utils import parseaddr

        email_username, email_address = parseaddr(user_email)
        self.username = username or email_username or ""
        self.email_address = email_address

    @property
    def email_link(self) -> str:
        return f"mailto:{self.email_address}"


def load_sanitizer_config(mirrors: Path) -> dict:
    config = {}
    base = "lib/mail_fetcher/email_processing/sanitizer_config/"
    for name in ("attrs_whitelist", "class_blacklist", "id_blacklist", "tag_blacklist"):
        namespace: dict = {}
        exec(show(mirrors, base + name + ".py"), namespace)  # plain list literals
        config[name] = namespace[name.upper()]
    namespace = {}
    exec(show(mirrors, base + "tag_whitelist.py"), namespace)
    config["tag_whitelist"] = namespace["TAG_WHITELIST"]
    return config


def sanitize(body_html: str, config: dict) -> str | None:
    """``HtmlSanitizer(body_html).sanitize()`` (``lib/utils/sanitizer.py``)."""
    soup = BeautifulSoup(body_html, "html.parser")
    for tag in soup.findAll():
        extract = tag.name.lower() in config["tag_blacklist"]
        if not extract and "class" in tag.attrs:
            extract = any(elem in tag.attrs["class"] for elem in config["class_blacklist"])
        if not extract and "id" in tag.attrs:
            extract = any(elem in tag.attrs["id"] for elem in config["id_blacklist"])
        if extract:
            tag.extract()
        elif tag.name.lower() in config["tag_whitelist"]:
            for attr in dict(tag.attrs):
                if attr not in config["attrs_whitelist"]:
                    del tag.attrs[attr]
        else:
            tag.unwrap()
    img = soup.find("img")
    txt = soup.get_text().replace("\n", "").strip()
    if not img and not txt:
        return None
    return str(soup)


def load_translations(mirrors: Path) -> dict[str, dict[str, str]]:
    """``backend.json`` as i18next-conv makes it: msgid -> msgstr, fuzzy kept."""
    out = {}
    for lang in TRACIM_LANGS:
        po = show(mirrors, f"locale/{lang}/LC_MESSAGES/tracim_backend.po")
        catalog = read_po(io.StringIO(po), ignore_obsolete=True)
        out[lang] = {m.id: m.string for m in catalog if m.id and isinstance(m.id, str)}
    return out


def translator(translations: dict, lang: str):
    """``Translator(config, default_lang=lang).get_translation`` (fallback ``en``)."""

    def get_translation(message: str) -> str:
        for code in (lang, "en"):
            value = translations.get(code, {}).get(message)
            if value:
                return value
        return message

    return get_translation


def address(label: str, email: str) -> str:
    """``EmailAddress(label, email).address``."""
    return formataddr((label, email)) if label else email


def message(subject: str, sender: str, to: str, body_html: str, lang: str, config) -> bytes:
    """``EmailNotificationMessage``, flattened as ``smtplib.send_message`` does."""
    msg = MIMEMultipart("alternative")
    msg["Message-ID"] = "<corpus@mail.example>"
    msg["Date"] = DATE
    msg["Content-Language"] = lang
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["X-Auto-Response-Suppress"] = "All"
    msg["Auto-Submitted"] = "auto-generated"
    body_text = html2text.HTML2Text().handle(sanitize(body_html, config))
    msg.attach(MIMEText(body_text, "plain", "utf-8"))
    msg.attach(MIMEText(body_html, "html", "utf-8"))
    msg.set_boundary("===============corpus_alternative==")
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


# --- Tracim ----------------------------------------------------------------------------

NOTES = {
    "created_account": "the account an invited person gets, with the password "
    "password_generator() made, under 'Your credentials are:' ('password: ...')",
    "shared_content_to_emitter": "to the person who shared the file: repeats the share "
    "password they set, to pass on to the recipient, who types it on the download page",
    "upload_permission_to_emitter": "to the person who opened the upload link: repeats "
    "the upload password they set, which the guest types on the upload page",
    "shared_content_to_receiver": "tells the guest the file is password-protected and to "
    "ask the sender for it: no code in the mail",
    "upload_permission_to_receiver": "tells the guest the upload is password-protected and "
    "to ask the sender for it: no code in the mail",
    "reset_password": "the reset token is only inside the link",
}


def tracim(mirrors: Path) -> list[tuple[dict, bytes]]:
    translations = load_translations(mirrors)
    sanitizer_config = load_sanitizer_config(mirrors)
    licence_text = git_show(mirrors, TRACIM, TRACIM_COMMIT, "LICENSE.md")
    assert "[MIT](https://opensource.org/licenses/MIT) for the [backend]" in licence_text
    utils = show(mirrors, "lib/mail_notifier/utils.py")
    assert "body_text = html2text.HTML2Text().handle(HtmlSanitizer(body_html).sanitize())" in (
        utils
    )
    notifier = show(mirrors, "lib/mail_notifier/notifier.py")
    assert 'default_filters=["html_escape"]' in notifier
    assert 'mail_sender_name = "{name} via Tracim".format(name=user.display_name)' in notifier
    config_py = show(mirrors, "config.py")
    for key in ("created_account", "reset_password"):
        assert f'_("{SUBJECTS[key]}")' in config_py, key
    share_app = show(mirrors, "applications/share/application.py")
    upload_app = show(mirrors, "applications/upload_permissions/application.py")
    for key in ("shared_content_to_receiver", "shared_content_to_emitter"):
        assert f"_('{SUBJECTS[key]}')" in share_app, key
    assert f"_('{SUBJECTS['upload_permission_to_receiver']}')" in upload_app
    assert "'[{website_title}] You invited {nb_receivers} people to upload files on " in (
        upload_app
    )
    assert "'[{website_title}] {uploader_username} shared {nb_uploaded_contents} files in " in (
        upload_app
    )
    assert 'defaut_reset_password_validity = "900"' in config_py
    assert len(ACCOUNT_PASSWORD) == 12 and all(c in AUTOGEN for c in ACCOUNT_PASSWORD)
    assert 'allowed_special_characters = "!#%@+=?"' in show(mirrors, "lib/utils/utils.py")

    config = SimpleNamespace(
        WEBSITE__TITLE=TITLE,
        WEBSITE__BASE_URL=BASE_URL,
        USER__RESET_PASSWORD__TOKEN_LIFETIME=900,
    )
    ui = BASE_URL + "/ui/"
    owner = SimpleNamespace(
        user_id=7, display_name="Inès Marchetti", email="ines.marchetti@example.com"
    )
    invited = SimpleNamespace(
        user_id=31, display_name="Noor Tester", email="noor.tester@example.com"
    )
    workspace = SimpleNamespace(
        workspace_id=12, label="Festival 2027 - Photos", frontend_url=ui + "workspaces/12"
    )
    filename = "affiche-festival-A3.pdf"
    shared_content = SimpleNamespace(filename=filename, size=4_718_592)
    guest = "Noor Tester <noor.tester@example.com>"
    share = SimpleNamespace(
        email_user=EmailUser(user_email=guest),
        url=ui + "guest-download/" + SHARE_TOKEN,
        direct_url=f"{BASE_URL}/api/public/guest-download/{SHARE_TOKEN}/{quote(filename)}",
    )
    upload = SimpleNamespace(
        email_user=EmailUser(user_email=guest), url=ui + "guest-upload/" + UPLOAD_TOKEN
    )
    uploaded = [
        SimpleNamespace(
            filename="concert-scene-nord-014.jpg",
            size=6_291_456,
            frontend_url=ui + "workspaces/12/contents/file/418",
        ),
        SimpleNamespace(
            filename="concert-scene-nord-015.jpg",
            size=5_872_025,
            frontend_url=ui + "workspaces/12/contents/file/419",
        ),
    ]
    uploader = EmailUser(username="Noor Tester", user_email="noor.tester@example.com")
    reset_url = "{}reset-password?{}".format(
        ui, urlencode({"token": RESET_TOKEN, "email": invited.email})
    )
    system_from = address(FROM_LABEL, FROM_EMAIL.replace("{user_id}", "0"))
    owner_via = address(
        f"{owner.display_name} via Tracim", FROM_EMAIL.replace("{user_id}", str(owner.user_id))
    )

    out = []
    for lang in TRACIM_LANGS:
        _ = translator(translations, lang)
        mails: dict = {}
        if lang == "eo":
            # its fuzzy entry for this subject is the new-upload subject: str.format
            # raises KeyError('uploader_username') and Tracim sends no such mail
            mails["upload_permission_to_emitter"] = None
        mails = {
            "created_account": (
                _(SUBJECTS["created_account"]).replace("{website_title}", TITLE),
                owner_via,  # _get_sender(origin_user)
                address(invited.display_name, invited.email),
                dict(
                    origin_user=owner,
                    user=invited,
                    password=ACCOUNT_PASSWORD,
                    logo_url="",
                    login_url=ui + "login",
                ),
                ACCOUNT_PASSWORD,
                "saas-otp",
            ),
            "reset_password": (
                _(SUBJECTS["reset_password"]).replace("{website_title}", TITLE),
                system_from,
                address(invited.display_name, invited.email),
                dict(user=invited, logo_url="", reset_password_url=reset_url),
                None,
                "notice",
            ),
            "shared_content_to_emitter": (
                _(SUBJECTS["shared_content_to_emitter"]).format(
                    website_title=TITLE, content_filename=filename, nb_receivers=1
                ),
                system_from,
                address(owner.display_name, owner.email),
                dict(
                    emitter=owner,
                    shared_content=shared_content,
                    content_share_receivers=[share],
                    share_password=SHARE_PASSWORD,
                ),
                SHARE_PASSWORD,
                "saas-otp",
            ),
            "shared_content_to_receiver": (
                _(SUBJECTS["shared_content_to_receiver"]).format(
                    website_title=TITLE, content_filename=filename, emitter_name=owner.display_name
                ),
                owner_via,
                address("Noor Tester", "noor.tester@example.com"),
                dict(
                    emitter=owner,
                    shared_content=shared_content,
                    content_share=share,
                    share_password_enabled=True,
                    receiver=EmailUser(user_email=guest),
                ),
                None,
                "notice",
            ),
            "upload_permission_to_emitter": None
            if "upload_permission_to_emitter" in mails
            else (
                _(SUBJECTS["upload_permission_to_emitter"]).format(
                    website_title=TITLE, nb_receivers=1, workspace_name=workspace.label
                ),
                system_from,
                address(owner.display_name, owner.email),
                dict(
                    emitter=owner,
                    workspace=workspace,
                    upload_permission_receivers=[upload],
                    upload_permission_password=UPLOAD_PASSWORD,
                ),
                UPLOAD_PASSWORD,
                "saas-otp",
            ),
            "upload_permission_to_receiver": (
                _(SUBJECTS["upload_permission_to_receiver"]).format(
                    website_title=TITLE, emitter_name=owner.display_name
                ),
                owner_via,
                address("Noor Tester", "noor.tester@example.com"),
                dict(
                    emitter=owner,
                    workspace=workspace,
                    upload_permission=upload,
                    upload_permission_password_enabled=True,
                    receiver=EmailUser(user_email=guest),
                ),
                None,
                "notice",
            ),
            "new_upload_event": (
                _(SUBJECTS["new_upload_event"]).format(
                    website_title=TITLE,
                    uploader_username=uploader.username,
                    nb_uploaded_contents=len(uploaded),
                    workspace_name=workspace.label,
                ),
                system_from,
                address(owner.display_name, owner.email),
                dict(
                    receiver=owner,
                    workspace=workspace,
                    uploader=uploader,
                    uploaded_contents=uploaded,
                    uploader_message="Voici les photos de samedi soir, scène nord.",
                ),
                None,
                "notice",
            ),
        }
        for name, mail in mails.items():
            if mail is None:
                continue
            subject, sender, to, context, code, kind = mail
            path = f"templates/mail/{name}_body_html.mak"
            template = Template(
                text=show(mirrors, path),
                default_filters=["html_escape"],
                imports=[
                    "from mako.filters import html_escape",
                    "from lxml.html.diff import htmldiff",
                    "import humanize",
                ],
            )
            try:
                body_html = template.render(_=_, config=config, lang=lang, **context)
            except KeyError as exc:  # Tracim: EmailTemplateError, no mail is sent
                print(f"not sent: {name} {lang}: KeyError {exc}")
                continue
            raw = message(subject, sender, to, body_html, lang, sanitizer_config)
            group = "tracim-" + name.replace("_", "-")
            meta = dict(
                id=f"{group}-{lang.lower().replace('_', '-')}",
                group=group,
                source="tracim",
                lang=lang.lower().replace("_", "-"),
                kind=kind,
                code=code,
                repository=TRACIM,
                path=f"{BACKEND}{path}, {BACKEND}locale/{lang}/LC_MESSAGES/tracim_backend.po, "
                f"{BACKEND}lib/mail_notifier/notifier.py, {BACKEND}lib/mail_notifier/utils.py, "
                f"{BACKEND}lib/utils/sanitizer.py",
                commit=TRACIM_COMMIT,
                licence="MIT",
                rendered="Mako (html_escape default filter) with the .po as backend.json "
                "(fallback en); multipart/alternative: html2text of the sanitized HTML + "
                "the HTML, utf-8",
            )
            if name in NOTES:
                meta["note"] = NOTES[name]
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    assert humanize.naturalsize(4_718_592) == "4.7 MB"
    items = []
    for build in (tracim,):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["group"],
                source=meta["source"],
                lang=meta["lang"],
                kind=meta["kind"],
                code=meta["code"],
                repository=meta["repository"],
                path=meta["path"],
                commit=meta["commit"],
                licence=meta["licence"],
                rendered=meta["rendered"],
                file=file,
                sha256=hashlib.sha256(raw).hexdigest(),
            )
            if meta.get("note"):
                item["note"] = meta["note"]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
