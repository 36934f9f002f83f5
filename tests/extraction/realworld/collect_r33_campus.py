"""Round 33, campus (blind): OneBody, a church's online member directory, its account
verification mails (mobile code, e-mail link) and a member's friend request, in the six
languages whose catalogue translates them.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_campus.py \\
        --mirrors /work/.mirror

- seven1m/onebody (AGPL-3.0-only: ``LICENSE`` is the GNU Affero GPL version 3 text),
  commit ONEBODY_COMMIT.
  Files used: ``app/models/notifier.rb`` (the ActionMailer: ``default charset: 'UTF-8',
  from: get_from_address``, which is the site's name as display name and
  ``Site#noreply_email``, ``noreply@<email_host>``; the subjects ``I18n.t('notifier.<mail>.
  subject')``), the text-only views ``app/views/notifier/mobile_verification.text.erb``,
  ``email_verification.text.erb`` and ``friend_request.text.erb``, the catalogues
  ``config/locales/translation.<locale>.yml`` (``notifier.*``), ``app/models/verification.rb``
  (the code: ``SecureRandom.random_number(MAX_CODE - MIN_CODE) + MIN_CODE`` with
  ``MIN_CODE = 100_000``, so six digits; a verification for a mobile phone mails
  ``mobile_verification`` to the carrier's mail-to-SMS gateway from
  ``config/initializers/mobile_phone.rb``, e.g. ``'Verizon' => '%s@vtext.com'``, otherwise
  ``email_verification`` to the address) and ``app/controllers/accounts_controller.rb``
  (after a mobile verification is created it renders ``verify_code``, the form where the
  code is typed and checked by ``Verification#check!(params[:code])``).
  How the sender renders: ERB views with one text/plain part (no HTML view), strings by
  ``t()`` with Rails-i18n ``%{name}`` interpolation, all output ``raw`` except the code
  (``<%= @verification.code %>``, digits, so escaping changes nothing).
  Rendering here: the view's text is kept byte for byte and each ``<%= ... %>`` tag is
  replaced by its value (the catalogue string, interpolated, or the setting or record
  value below), which is what Erubi does for these views (they have no ``<% %>``
  statements); the mail is one text/plain part in UTF-8 with the subject from the same
  catalogue. Locales: English and the five catalogues that translate these strings (de,
  es-MX, nl-NL, pt-BR, zh-CN); cs, ro and ru repeat the English text, and af-ZA, da and
  fr leave them empty (nil), so ``config.i18n.fallbacks = true`` sends English; those are
  left out as copies of the English mails. Values: site "Riverside Church Directory" at
  ``https://directory.riversidechurch.example/``, community "Riverside Church",
  office phone ``(555) 010-4477``, verification id 4172 with code 482913, friend id 57,
  the requester "Maria Lopez".
  Labels: the mobile mail gives the code to type (482913); the e-mail verification mail
  carries the code only inside its link (null, noted); the friend request has none.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from datetime import UTC, datetime
from email.headerregistry import Address
from pathlib import Path

import yaml
from collect import HERE, message

SENT = datetime(2026, 12, 14, 18, 5, tzinfo=UTC)
OUT = HERE / "round33" / "campus.json"

ONEBODY = "seven1m/onebody"
ONEBODY_COMMIT = "0c109cc676853c8e95397dd59393d59ed7dd4976"
ONEBODY_LICENCE = "AGPL-3.0-only"
LOCALES = ["en", "de", "es-MX", "nl-NL", "pt-BR", "zh-CN"]
SITE_NAME = "Riverside Church Directory"
SITE_URL = "https://directory.riversidechurch.example/"
COMMUNITY = "Riverside Church"
OFFICE_PHONE = "(555) 010-4477"
SENDER = str(Address(SITE_NAME, "noreply", "directory.riversidechurch.example"))
VERIFICATION_ID = 4172
CODE = "482913"  # SecureRandom.random_number(899_999) + 100_000: six digits
REQUESTER = "Maria Lopez"
FRIEND_ID = 57

SETTINGS = {
    "Setting.get(:name, :site)": SITE_NAME,
    "Setting.get(:url, :site)": SITE_URL,
    "Setting.get(:name, :community)": COMMUNITY,
    "Setting.get(:contact, :community_office_phone)": OFFICE_PHONE,
    "@person.name": REQUESTER,
    "@verification.code": CODE,
    '"#{Setting.get(:url, :site)}account/verify_code?id=#{@verification.id}&code=#{@verification.code}"': (
        f"{SITE_URL}account/verify_code?id={VERIFICATION_ID}&code={CODE}"
    ),
    '"#{Setting.get(:url, :site)}people/#{@friend.id}/friends"': f"{SITE_URL}people/{FRIEND_ID}/friends",
}

MAILS = [
    # (view, kind, code, note)
    ("mobile_verification", "other", CODE, None),
    (
        "email_verification",
        "notice",
        None,
        "the mail's verification code 482913 is only inside the link (account/verify_code?"
        "id=4172&code=482913), which the reader clicks; no code is shown to type",
    ),
    ("friend_request", "notice", None, None),
]


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def interpolate(text: str, values: dict[str, str]) -> str:
    return re.sub(r"%\{(\w+)\}", lambda m: values[m.group(1)], text)


def evaluate(expr: str, catalogue: dict) -> str:
    """One ``<%= ... %>`` tag of these views: a ``t()`` call or a setting/record value."""
    expr = " ".join(expr.split())
    call = re.fullmatch(r"t\('([\w.]+)'(.*)\)", expr)
    if call is None:
        return SETTINGS[expr]
    node = catalogue
    for part in call.group(1).split("."):
        node = node[part]
    values = {
        name: SETTINGS[value.strip()]
        for name, value in re.findall(r"(\w+): (Setting\.get\([^)]*\)|@[\w.]+)", call.group(2))
    }
    return interpolate(node, values)


def render(view: str, catalogue: dict) -> str:
    return re.sub(
        r"<%=(?:raw)? (.*?) %>", lambda m: evaluate(m.group(1), catalogue), view, flags=re.S
    )


def onebody(mirrors: Path) -> list[tuple[dict, bytes]]:
    out = []
    for view_name, kind, code, note in MAILS:
        view_path = f"app/views/notifier/{view_name}.text.erb"
        view = git_show(mirrors, ONEBODY, ONEBODY_COMMIT, view_path)
        for locale in LOCALES:
            cat_path = f"config/locales/translation.{locale}.yml"
            catalogue = yaml.safe_load(git_show(mirrors, ONEBODY, ONEBODY_COMMIT, cat_path))
            catalogue = catalogue[locale]
            subject = interpolate(
                catalogue["notifier"][view_name]["subject"], {"person": REQUESTER}
            )
            text = render(view, catalogue)
            raw = message(sender=SENDER, subject=subject, text=text, html_part=None, sent=SENT)
            lang = locale.split("-")[0]
            meta = dict(
                id=f"onebody-{view_name.replace('_', '-')}-{locale.lower()}",
                lang=lang,
                source="onebody",
                kind=kind,
                code=code,
                repository=ONEBODY,
                path=f"{view_path}; {cat_path} (notifier.{view_name}); app/models/notifier.rb",
                commit=ONEBODY_COMMIT,
                licence=ONEBODY_LICENCE,
                rendered=(
                    "the ERB text view with each <%= %> tag replaced by its catalogue string "
                    "(Rails-i18n %{} interpolation) or value, as Erubi renders it; one "
                    "text/plain part in UTF-8 as ActionMailer sends a text-only view"
                ),
                note=note,
                group=f"onebody-{view_name.replace('_', '-')}",
            )
            out.append((meta, raw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (onebody,):
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
            for extra in ("also_code", "note"):
                if meta.get(extra):
                    item[extra] = meta[extra]
            items.append(item)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(items)} mails, {sum(1 for i in items if i['code'])} with a code")


if __name__ == "__main__":
    main()
