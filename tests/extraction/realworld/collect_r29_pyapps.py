"""Round 29, Python web applications (blind): Kinto, Mozilla's Pyramid JSON storage
service, whose accounts plugin mailed an activation key, an activation confirmation and a
temporary reset password, rendered from a git snapshot at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_pyapps.py \\
        --mirrors /work/.mirror

- Kinto/kinto (Apache-2.0, ``LICENSE``), commit KINTO_COMMIT (c4c4b98d, the parent of
  0086f4d6 "Remove accounts emailing features (#3505)", 2025-02-25: the last tree that
  sends these mails). Files: ``kinto/plugins/accounts/mails.py`` (``Emailer``,
  ``EmailFormatter``, the ``DEFAULT_*`` subject and body templates),
  ``kinto/plugins/accounts/views/__init__.py`` (``activation_key = str(uuid.uuid4())``,
  ``send_activation``), ``kinto/plugins/accounts/views/validation.py`` (``reset_password =
  str(uuid.uuid4())``, ``send_temporary_reset_password``, ``send_confirmation`` on
  activation), ``docs/configuration/settings.rst`` (the example templates of
  ``account_validation.*_template``), ``docs/api/1.x/accounts.rst``.

  How Kinto sends: ``Emailer.send_mail`` formats the subject and body templates with
  ``EmailFormatter`` (``string.Formatter`` leaving unknown keys as ``{key}``) over the user
  record, the extra data (``activation-key`` / ``reset-password``) and the optional
  ``email-context`` sent with the request, and sends a ``pyramid_mailer.message.Message(
  subject, sender, recipients=[user id], body)`` through pyramid_mailer's transactional
  mailer: repoze.sendmail's ``AbstractMailDelivery.send`` runs ``encoding.cleanup_message``,
  adds ``Message-Id`` (``make_msgid("repoze.sendmail")``) and ``Date`` (``formatdate()``),
  and ``SMTPMailer`` sends ``encoding.encode_message(message)``. Sender is
  ``account_validation.email_sender`` (default ``admin@example.com``).

  Rendered here: ``mails.py`` is read from the snapshot with ``git show`` and executed (its
  only imports are ``string`` and pyramid_mailer), and ``Emailer`` is run
  with a stand-in request, ``get_mailer`` replaced by a mailer that keeps the message; the message goes through the real
  ``Message.to_message``, ``cleanup_message`` and ``encode_message``, with a fixed
  Message-Id and Date set where repoze.sendmail sets them. pyramid_mailer is the version
  ``constraints.txt`` pins, installed outside the project with ``pip install --target
  /tmp/r29pyapps-pydeps pyramid_mailer==0.15.1`` (it brings pyramid, repoze.sendmail,
  transaction). Two configurations: the defaults of ``mails.py`` (the activation body is
  the bare key, the reset body the bare temporary password), and the example templates of
  ``docs/configuration/settings.rst`` (read as the strings they spell, ``\\n`` a line
  break), with the ``email-context`` ``form-url`` the accounts API documentation shows.
  The user record is what the accounts resource stores (``id`` the e-mail address,
  ``password`` the bcrypt hash, ``validated``); keys and temporary passwords are
  ``str(uuid.uuid4())`` as the views make them.

  Labels: the activation key is what the person posts to ``/accounts/{id}/validate/{key}``
  (the default mail gives it alone to be used: code; the documented mail gives it only at
  the end of a link: null); the temporary reset password is typed as the account password
  to set a new one (code); the activation confirmation is a notice (null).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, "/tmp/r29pyapps-pydeps")  # see the docstring: pip install --target
from collect import HERE
from repoze.sendmail.encoding import cleanup_message, encode_message

OUT = HERE / "round29" / "pyapps.json"
DATE = "Tue, 08 Dec 2026 07:52:41 -0000"  # email.utils.formatdate() shape

KINTO = "Kinto/kinto"
KINTO_COMMIT = "c4c4b98db14297e1ef4499ccb799cfd89194b69a"
KINTO_USER = {
    "id": "noor.tester@example.com",
    "password": "$2b$12$uR5kq0mO6dJt1Yx3wQf9Ue7oZ8P2nC4sV1bL6hA0gK3jT5yD9rE2m",
    "validated": False,
    "last_modified": 1796716361000,
}
ACTIVATION_KEY = "2f8c7a51-9e3d-4b06-8a1f-6d4e0c9b7235"  # str(uuid.uuid4())
RESET_PASSWORD = "a93e6b10-5c7f-4d28-b4e9-18f2c07d3a6e"  # str(uuid.uuid4())
FORM_URL = "https://notes.rivergate.example.org/accounts/noor.tester@example.com/validate/"
DOCS_SETTINGS = {  # docs/configuration/settings.rst examples, without the kinto. prefix
    "account_validation.email_subject_template": "Account activation",
    "account_validation.email_body_template": (
        "Hello {id},\n you can now activate your account using the following link:\n"
        " {form-url}{activation-key}"
    ),
    "account_validation.email_reset_password_subject_template": (
        "Temporary reset password for {id}"
    ),
    "account_validation.email_reset_password_body_template": (
        "Hello {id},\n you can use the following temporary reset password to change your "
        "password\n{reset-password}"
    ),
}


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


class KeepMailer:
    def __init__(self) -> None:
        self.sent: list = []

    def send(self, message) -> None:
        self.sent.append(message)


class JsonRequest:
    def __init__(self, settings: dict, data: dict | None) -> None:
        self.registry = SimpleNamespace(settings=settings)
        self._data = data

    @property
    def json(self) -> dict:
        if self._data is None:
            raise ValueError("No JSON object could be decoded")
        return {"data": self._data}


def kinto(mirrors: Path) -> list[tuple[dict, bytes]]:
    namespace: dict = {"__name__": "kinto_mails"}
    exec(git_show(mirrors, KINTO, KINTO_COMMIT, "kinto/plugins/accounts/mails.py"), namespace)
    emailer_class = namespace["Emailer"]
    out = []
    configs = [
        ("default", {}, None),
        ("docs", DOCS_SETTINGS, {"email-context": {"form-url": FORM_URL}}),
    ]
    for c, (config, settings, data) in enumerate(configs):
        mails = [
            ("activation", "send_activation", (ACTIVATION_KEY,), KINTO_USER),
            ("confirmation", "send_confirmation", (), dict(KINTO_USER, validated=True)),
            ("reset-password", "send_temporary_reset_password", (RESET_PASSWORD,), KINTO_USER),
        ]
        for n, (name, method, args, user) in enumerate(mails):
            if config == "docs" and name == "confirmation":
                continue  # the documentation gives no example for this one
            request = JsonRequest(settings, data)
            mailer = KeepMailer()
            namespace["get_mailer"] = lambda request, mailer=mailer: mailer
            emailer = emailer_class(request, user)
            getattr(emailer, method)(*args)
            message = mailer.sent[0].to_message()
            cleanup_message(message)
            message["Message-Id"] = (
                f"<17967{c}{n}361.4217.{c}{n}453128@kinto.rivergate.example.org>"
            )
            message["Date"] = DATE
            raw = encode_message(message)
            code = {
                ("default", "activation"): ACTIVATION_KEY,
                ("default", "reset-password"): RESET_PASSWORD,
                ("docs", "reset-password"): RESET_PASSWORD,
            }.get((config, name))
            note = {
                ("default", "activation"): "the default body is the bare activation key, "
                "which the person posts to /accounts/{id}/validate/{key} "
                "(views/validation.py post_validation compares it with the cached key)",
                ("docs", "activation"): "the documented template gives the key only at the "
                "end of the activation link",
                ("default", "reset-password"): "the default body is the bare temporary reset "
                "password (str(uuid.uuid4())), used as the account's password to set a new one",
            }.get((config, name))
            group = f"kinto-{name}-{config}"
            meta = dict(
                id=group,
                group=group,
                source="kinto",
                lang="en",
                kind="saas-otp" if code else "notice",
                code=code,
                repository=KINTO,
                path="kinto/plugins/accounts/mails.py, kinto/plugins/accounts/views/"
                "__init__.py, kinto/plugins/accounts/views/validation.py"
                + (", docs/configuration/settings.rst" if config == "docs" else ""),
                commit=KINTO_COMMIT,
                licence="Apache-2.0",
                rendered="EmailFormatter over the user record; pyramid_mailer 0.15.1 Message, "
                "repoze.sendmail cleanup_message + encode_message, text/plain",
            )
            if note:
                meta["note"] = note
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (kinto,):
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
