"""Round thirty-two, outdoor and travel guides (collector ``mobility``): a climbing-area guide's
account mail with a generated password, and its notices, rendered by the sender's own engine.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_mobility.py \\
        --mirrors /work/.mirror [--pydeps /tmp/r32mobility-pydeps]

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

External tools (the sender's template engine, the versions of its ``server/Pipfile.lock``):

    python3 -m pip install --target /tmp/r32mobility-pydeps jinja2==3.1.6 markupsafe==3.0.3

``--pydeps`` names that folder (it is put first on ``sys.path``).

- LocalCrag/LocalCragApp (AGPL-3.0-only, ``LICENSE``), LocalCrag, a self-hosted guide to a
  region's climbing areas (crags, sectors, lines, ascents, a ticklist), at
  931c7d309be22aecf091a70f36ee1edc0701c736. Files: ``server/src/util/email.py`` (the senders:
  ``prepare_message`` builds ``MIMEMultipart("alternative")`` with Subject from the mail's
  ``subject`` string and From ``SYSTEM_EMAIL``, and one ``MIMEText(html, "html")`` part;
  ``build_i18n_keyword_arg_dict`` merges ``server/src/i18n/mail_common.py`` with the mail's own
  dictionary for the recipient's ``account_settings.language`` and prefixes keys ``i18n_``;
  ``_apply_instance_branding`` fills ``{instance_name}`` and ``{copyright_owner}`` with
  ``str.format`` and sets ``i18n_thanks`` to the instance's ``mail_greeting``),
  ``server/src/util/email_helpers.py`` (links: ``FRONTEND_HOST`` + path),
  ``server/src/templates/*.html`` (Flask ``render_template``: Jinja2 with autoescape for
  ``.html``), ``server/src/i18n/{create_user,reset_password,change_email_address,
  user_registered,project_climbed,comment_created}_mail.py`` (de, en, fr, it, nl), and
  ``server/src/util/password_util.py`` (``generate_password``: 20 characters drawn by
  ``secrets.choice`` from letters, digits and ``string.punctuation``), called from
  ``server/src/helpers/user_helpers.py`` when an administrator creates an account. Here the
  dictionaries are read from the snapshot with ``ast.literal_eval``, the templates are
  rendered by Jinja2 3.1.6 the way Flask 3.1 configures it (autoescape on ``.html``), and the
  message is built with the same ``email.mime`` classes; Date, Message-ID and the boundary are
  fixed here. Mails, each in the five languages: the new account (``create-user-mail``, the
  generated password to log in with: the code), password reset and e-mail change (links),
  and the administrators' notices of a new user, a climbed project and a new comment. The
  notification digest is not rendered (it needs the digest builder over database rows).
  Each language stands for an instance run in that language, with its own name, owner and
  ``mail_greeting`` (an instance setting).

What a person sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
import sys
from datetime import UTC, datetime
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
SENT = datetime(2026, 12, 9, 7, 52, 31, tzinfo=UTC)
ITEMS: list[dict] = []
OUT_JSON = HERE / "round32" / "mobility.json"

LC_REPO = "LocalCrag/LocalCragApp"
LC_COMMIT = "931c7d309be22aecf091a70f36ee1edc0701c736"
LC_LICENCE = "AGPL-3.0-only"
LC_SOURCE = "localcrag"
LANGS = ("de", "en", "fr", "it", "nl")

# one instance per language: its settings and the people in its mails
INSTANCES = {
    "de": {
        "instance_name": "Kletterführer Frankenjura Nord",
        "copyright_owner": "IG Klettern Frankenjura e.V.",
        "mail_greeting": "Viele Grüße",
        "host": "https://topo.frankenjura-nord.de",
        "from": "noreply@frankenjura-nord.de",
        "user": ("Jonas", "Brückner", "jonas.brueckner@posteo.de"),
        "admin": "Katrin",
        "password": "q7V#Lm2t!Rz9wKe4Xp_H",
    },
    "en": {
        "instance_name": "Peak District Grit",
        "copyright_owner": "Stanage Guidebook Collective",
        "mail_greeting": "Cheers",
        "host": "https://topo.peakgrit.org.uk",
        "from": "noreply@peakgrit.org.uk",
        "user": ("Megan", "Holloway", "megan.holloway@fastmail.com"),
        "admin": "Tom",
        "password": "Tn3w&Yb8{Jd5sQ0fLk2u",
    },
    "fr": {
        "instance_name": "Topo Fontainebleau Sud",
        "copyright_owner": "Association Bleau Sud",
        "mail_greeting": "Cordialement",
        "host": "https://topo.bleau-sud.fr",
        "from": "ne-pas-repondre@bleau-sud.fr",
        "user": ("Élodie", "Marchand", "elodie.marchand@laposte.net"),
        "admin": "Julien",
        "password": "4hGq9Ws@ZcE1x*Ny6bRt",
    },
    "it": {
        "instance_name": "Arco Falesie",
        "copyright_owner": "Guide Alpine Arco",
        "mail_greeting": "Cordiali saluti",
        "host": "https://falesie.arco-guide.it",
        "from": "noreply@arco-guide.it",
        "user": ("Chiara", "Bortolotti", "chiara.bortolotti@libero.it"),
        "admin": "Matteo",
        "password": "Pm8uVd2K$aX5rj7Lw3Qe",
    },
    "nl": {
        "instance_name": "Freyr Topo",
        "copyright_owner": "Klimclub De Boulderbaai",
        "mail_greeting": "Met vriendelijke groet",
        "host": "https://topo.boulderbaai.nl",
        "from": "noreply@boulderbaai.nl",
        "user": ("Sanne", "de Vries", "sanne.devries@ziggo.nl"),
        "admin": "Ruben",
        "password": "bW5e=Hs1yT8kZ?g3NcF6",
    },
}

MAILS = (
    "create_user_mail",
    "reset_password_mail",
    "change_email_address_mail",
    "user_registered_mail",
    "project_climbed_mail",
    "comment_created_mail",
)

PROJECT_MESSAGES = {
    "de": "Endlich durchgestiegen, nach drei Sessions. Griffe waren trocken, Bewertung passt",
    "en": "Sent it on my fourth session, conditions were perfect after the rain cleared",
    "fr": "Enchaîné ce matin au frais, la prise du crux bouge un peu, attention",
    "it": "Chiusa oggi al terzo giro, roccia asciutta e fresca",
    "nl": "Eindelijk geklommen na drie pogingen, de crux is lastig maar eerlijk",
}
COMMENTS = {
    "de": "Der Zustieg ist seit letzter Woche wegen Forstarbeiten gesperrt, bitte über den Parkplatz Süd.",
    "en": "The lower belay bolt is spinning, someone should report it to the bolt fund.",
    "fr": "Le parking du Cuvier est fermé jusqu'à fin mars, prendre celui de la Route Ronde.",
    "it": "Il sentiero di avvicinamento è franato dopo la pioggia, meglio passare dal rifugio.",
    "nl": "Na de regen is het zand onder de startgrepen nog dagen nat, even wachten dus.",
}
CRAG = ("wiesenttal", "sektor-zehnerstein", "hauptwand", "schwarze-magie")


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(repo), *args], capture_output=True, check=True
    ).stdout


def _dict(repo: Path, name: str) -> dict:
    """The one dictionary a module of ``server/src/i18n`` assigns, read without running it."""
    source = _git(repo, "show", f"{LC_COMMIT}:server/src/i18n/{name}.py").decode()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and node.targets[0].id == name:
            return ast.literal_eval(node.value)
    raise KeyError(name)


def _build(common: dict, source: dict, lang: str, inst: dict) -> dict[str, str]:
    # build_i18n_keyword_arg_dict + merge_mail_translations + _apply_instance_branding
    args = {f"i18n_{k}": v for k, v in {**common.get(lang, {}), **source[lang]}.items()}
    branding = {k: inst[k] for k in ("instance_name", "copyright_owner", "mail_greeting")}
    for key, value in list(args.items()):
        if isinstance(value, str) and ("{instance_name}" in value or "{copyright_owner}" in value):
            args[key] = value.format(**branding)
    args["i18n_thanks"] = branding["mail_greeting"]
    args.update(branding)
    return args


def _mime(subject: str, sender: str, to: str, html: str) -> bytes:
    msg = MIMEMultipart("alternative")
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = to
    msg.attach(MIMEText(html, "html"))
    msg["Date"] = format_datetime(SENT)
    msg["Message-ID"] = "<corpus@mail.example>"
    msg.set_boundary("=_corpus_alternative_=")
    return msg.as_bytes().replace(b"\n", b"\r\n")


def _save(*, template, lang, kind, code, raw, note=None):
    ident = f"{LC_SOURCE}-{template}-{lang}"
    rel = f"mail/{LC_SOURCE}/{ident}.eml"
    out = HERE / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(raw)
    item = {
        "id": ident, "group": f"{LC_SOURCE}-{template}", "source": LC_SOURCE, "lang": lang,
        "kind": kind, "code": code, "repository": LC_REPO,
        "path": f"server/src/templates/{template}.html", "commit": LC_COMMIT,
        "licence": LC_LICENCE,
        "rendered": "jinja2 3.1.6 (autoescape on .html, as Flask's render_template) + email.mime",
        "file": rel, "sha256": hashlib.sha256(raw).hexdigest(),
    }  # fmt: skip
    if note:
        item["note"] = note
    ITEMS.append(item)


def localcrag(mirrors: Path) -> None:
    import jinja2

    repo = mirrors / "LocalCrag+LocalCragApp" / "repo"
    common = _dict(repo, "mail_common")
    sources = {name: _dict(repo, name) for name in MAILS}

    def load(name: str) -> str:
        return _git(repo, "show", f"{LC_COMMIT}:server/src/templates/{name}").decode()

    # Flask 3.1: select_jinja_autoescape -> autoescape for .html/.htm/.xml/.xhtml/.svg
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load),
        autoescape=jinja2.select_autoescape(["html", "htm", "xml", "xhtml", "svg"]),
    )
    for lang in LANGS:
        inst = INSTANCES[lang]
        host = inst["host"]
        first, last, mail = inst["user"]
        to = mail

        def render(tpl: str, source: str, **ctx) -> tuple[str, str]:
            args = _build(common, sources[source], lang, inst)  # noqa: B023
            html = env.get_template(tpl).render(frontend_host=host, **ctx, **args)  # noqa: B023
            return args["i18n_subject"], html

        # the new account: send_create_user_email(password, created_user)
        subject, html = render(
            "create-user-mail.html", "create_user_mail", firstname=first, lastname=last,
            action_link=f"{host}/activate-account", password=inst["password"], email=mail,
        )  # fmt: skip
        _save(
            template="create-user-mail",
            lang=lang,
            kind="saas-otp",
            code=inst["password"],
            raw=_mime(subject, inst["from"], to, html),
            note="the password generate_password() made (20 characters of letters, digits and "
            "punctuation), shown under the password label to log in with; its symbols are part "
            "of it (the HTML escapes & and the like, as Jinja2 does)",
        )
        # password reset: a link with the reset hash
        subject, html = render(
            "reset-password-mail.html", "reset_password_mail", name=f"{first} {last}",
            action_link=f"{host}/reset-password/5c0e9b27d4a16f83e2b5a9d70c4f1e68",
        )  # fmt: skip
        _save(template="reset-password-mail", lang=lang, kind="notice", code=None,
              raw=_mime(subject, inst["from"], to, html), note="a reset link only")  # fmt: skip
        # change of address: a link with the new-email hash
        subject, html = render(
            "change-email-address-mail.html", "change_email_address_mail",
            name=f"{first} {last}", action_link=f"{host}/change-email/a93f61c0d7e24b58b1e6f02c9d84a7b3",
        )  # fmt: skip
        _save(template="change-email-address-mail", lang=lang, kind="notice", code=None,
              raw=_mime(subject, inst["from"], to, html), note="a confirmation link only")  # fmt: skip
        # to an administrator: a new user registered
        slug = f"{first}-{last}".lower().replace(" ", "-")
        subject, html = render(
            "user-registered-mail.html", "user_registered_mail", firstname=first, lastname=last,
            action_link=f"{host}/users/{slug}", admin=inst["admin"], user_count=148,
        )  # fmt: skip
        _save(template="user-registered-mail", lang=lang, kind="notice", code=None,
              raw=_mime(subject, inst["from"], to, html),
              note="the user's number (148) is a count, not a code")  # fmt: skip
        # to an administrator: a project reported as climbed
        line = "/".join(CRAG)
        subject, html = render(
            "project-climbed-mail.html", "project_climbed_mail", message=PROJECT_MESSAGES[lang],
            action_link_project=f"{host}/topo/{line}", action_link_user=f"{host}/users/{slug}",
            admin=inst["admin"], climber_mail=mail,
        )  # fmt: skip
        _save(template="project-climbed-mail", lang=lang, kind="notice", code=None,
              raw=_mime(subject, inst["from"], to, html))  # fmt: skip
        # a new comment on a line
        subject, html = render(
            "comment-created-mail.html", "comment_created_mail", receiver_firstname=inst["admin"],
            author_name=f"{first} {last}", message=COMMENTS[lang],
            action_link=f"{host}/topo/{line}/comments#9f2c41d8-6b3e-4a57-b0d1-7e85c2a96f14",
        )  # fmt: skip
        _save(template="comment-created-mail", lang=lang, kind="notice", code=None,
              raw=_mime(subject, inst["from"], to, html))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--pydeps", type=Path, default=Path("/tmp/r32mobility-pydeps"))
    args = parser.parse_args()
    sys.path.insert(0, str(args.pydeps))
    localcrag(args.mirrors)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
