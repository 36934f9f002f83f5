"""Round 29, rbexrs (blind): Elixir/Phoenix web applications whose mails carry a code, with
their sibling notices, rendered from git snapshots at pinned commits.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r29_rbexrs.py \\
        --mirrors /work/.mirror

Both senders build their mail with Swoosh (``Swoosh.Email`` with ``text_body`` and
``html_body``) and deliver it through Swoosh's SMTP adapter (gen_smtp's mimemail), which sends
one multipart/alternative with the text/plain part first and the text/html part second, both
charset utf-8 and quoted-printable; a named address is written ``"name" <address>``
(``Swoosh.Email.Render.render_recipient``). That structure is made here with the stdlib ``email``
package; Date and Message-ID are fixed so the files are the same on every run.

- beyond-all-reason/teiserver (MIT, ``license.md``), commit TEI_COMMIT, the Beyond All Reason
  lobby server. File used: ``lib/teiserver/common/email_helper.ex``: ``do_new_user`` (the
  new-account mail with the verification code the client then asks for; From "BAR Teiserver",
  subject "BAR - New account") and ``password_reset`` (a link with a url-safe token, From
  ``noreply_name``, subject ``game_name <> " - Password reset"``). Both bodies are Elixir
  heredocs with ``#{...}`` interpolation, copied here verbatim from the file (asserted). The
  verification code is ``(:rand.uniform(899_999) + 100_000) |> to_string()``
  (``lib/teiserver/data/cache_user.ex``), six digits; the reset token is
  ``Base.url_encode64(:crypto.strong_rand_bytes(32), padding: false)``. ``game_name``,
  ``main_website``, ``discord`` and ``noreply_name`` are the values of ``config/runtime.exs``;
  the host and noreply address are example values. The Date header is
  ``Calendar.strftime(now, "%a, %d %b %Y %H:%M:%S %z")`` (``DateHelper`` ``:email_date``).
- operately/operately (Apache-2.0 outside ``ee/``, ``LICENSE``), commit OP_COMMIT, the
  Operately company-operations app. Files used: ``app/lib/operately_email/emails/
  {email_activation_code,reset_password,company_member_added,guest_invited,
  company_admin_added,billing_limit_reached}_email.ex`` (subject, From, assigns),
  ``app/lib/operately_email/templates/<name>.{html,text}.eex``, the partials
  ``app/lib/operately_email/templates/partials/_{title,spacer,row,cta_button}.html.eex``, the
  layout ``app/lib/operately_email/layouts/activity.html.eex`` (every html part is rendered in
  it, ``NotificationMailer.html``), ``app/lib/operately_email/templates.ex`` (the helpers),
  ``app/lib/operately_email/mailers/activity_mailer.ex`` (From "<full name> (Operately)",
  subject "(<company>) <short name> <action>"), ``app/lib/operately_email.ex`` (``sender``:
  "Operately (<company>)"), ``app/lib/operately/people/person.ex`` (``short_name``: first name
  and the last name's initial) and ``app/lib/operately_web/paths.ex`` (URLs). The confirmation
  code is six characters of ``ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789``
  (``app/lib/operately/people/email_activation_code.ex``, ``generate_code``), shown as
  ``XXX-XXX`` (``format_code``) in the subject and both parts. The EEx templates are rendered
  here by a small Python EEx subset (text kept verbatim, ``<%= %>`` output HTML-escaped as
  Phoenix.HTML does in ``.html.eex``, ``row do ... end`` blocks passed to the row partial);
  the templates are read from the snapshot and each construct used is asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from email.message import EmailMessage
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "round29" / "rbexrs.json"
DATE = "Sat, 12 Dec 2026 09:14:27 +0000"

TEI = "beyond-all-reason/teiserver"
TEI_COMMIT = "14e15e494359f10bdd585dc9756147c5e601e6b2"
OP = "operately/operately"
OP_COMMIT = "8a0d2d12ff38797e0c695534d587da05e1a1ab55"


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def mail(sender: str, to: str, subject: str, text: str, html: str, mid: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = DATE
    msg["Message-ID"] = mid
    msg["MIME-Version"] = "1.0"
    msg.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    msg.set_boundary("=_swoosh_" + hashlib.sha256(mid.encode()).hexdigest()[:24])
    del msg["MIME-Version"]
    msg["MIME-Version"] = "1.0"
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


# ---------------------------------------------------------------- teiserver

TEI_GAME = "Beyond All Reason"  # config/runtime.exs game_name and noreply_name
TEI_WEBSITE = "https://www.beyondallreason.info/"  # config/runtime.exs main_website
TEI_DISCORD = "https://discord.gg/beyond-all-reason"  # config/runtime.exs discord
TEI_HOST = "server4.beyondallreason.info"
TEI_NOREPLY = "noreply@beyondallreason.info"
TEI_USER = ("NoorTester", "noor.tester@example.com")
TEI_CODE = "583027"  # :rand.uniform(899_999) + 100_000
TEI_RESET = "kV3xQ9mT2bLw8ZrN0pYc5HfJ7uAeS4dGi1oK6qXnWzM"  # url_encode64 of 32 bytes


def heredoc(src: str, first: str) -> str:
    """The Elixir heredoc whose first line starts ``first`` (indentation removed as Elixir
    does)."""
    at = src.index('"""\n    ' + first) + 4
    body = src[at : src.index('    """\n', at)]
    return "".join(line[4:] if line.strip() else "\n" for line in body.splitlines(True))


def elixir_interp(text: str, values: dict[str, str]) -> str:
    def sub(m: re.Match) -> str:
        return values[m.group(1)]

    out = re.sub(r"#\{([^}]*)\}", sub, text)
    assert "#{" not in out
    return out


def teiserver(mirrors: Path) -> list[tuple[dict, bytes]]:
    src = git_show(mirrors, TEI, TEI_COMMIT, "lib/teiserver/common/email_helper.ex")
    cache_user = git_show(mirrors, TEI, TEI_COMMIT, "lib/teiserver/data/cache_user.ex")
    assert '"verification_code" => (:rand.uniform(899_999) + 100_000) |> to_string()' in cache_user
    assert '|> Email.from({"BAR Teiserver", Mailer.noreply_address()})' in src
    assert '|> Email.subject("BAR - New account")' in src
    assert (
        'subject = Application.get_env(:teiserver, Teiserver)[:game_name] <> " - Password reset"'
        in src
    )
    to = f'"{TEI_USER[0]}" <{TEI_USER[1]}>'
    out = []
    # new user: the verification code
    new_html = heredoc(src, "<p>Welcome")
    new_text = heredoc(src, "Welcome")
    vals = {
        "game_name": TEI_GAME,
        "verification_code": TEI_CODE,
        "website_url": TEI_WEBSITE,
        "discord": TEI_DISCORD,
    }
    sender = f'"BAR Teiserver" <{TEI_NOREPLY}>'
    eml = mail(
        sender,
        to,
        "BAR - New account",
        elixir_interp(new_text, vals),
        elixir_interp(new_html, vals),
        f"<3f6d2a4e-8c1b-4f7a-9e52-1d0b7c6a9e31@{TEI_HOST}>",
    )
    item = {
        "id": "teiserver-new-account-en",
        "group": "teiserver-new-account",
        "lang": "en",
        "kind": "saas-otp",
        "code": TEI_CODE,
        "path": "lib/teiserver/common/email_helper.ex, lib/teiserver/data/cache_user.ex",
    }
    out.append((item, eml))
    # password reset: a link with a token
    reset_html = heredoc(src, "<p>A password")
    reset_text = heredoc(src, "A password")
    url = f"https://{TEI_HOST}/password_reset/{TEI_RESET}"
    eml = mail(
        f'"{TEI_GAME}" <{TEI_NOREPLY}>',
        to,
        TEI_GAME + " - Password reset",
        elixir_interp(reset_text, {"url": url}),
        elixir_interp(reset_html, {"url": url}),
        f"<5b2e7c90-d3a1-11f1-8a4e-0242ac120002@{TEI_HOST}>",
    )
    item = {
        "id": "teiserver-password-reset-en",
        "group": "teiserver-password-reset",
        "lang": "en",
        "kind": "notice",
        "code": None,
        "path": "lib/teiserver/common/email_helper.ex",
        "note": "The reset token is only inside the link; the mail's 'The code will expire' "
        "refers to that link.",
    }
    out.append((item, eml))
    for item, _ in out:
        item.update(source="teiserver", repository=TEI, commit=TEI_COMMIT, licence="MIT")
    return out


# ---------------------------------------------------------------- operately

OP_URL = "https://app.operately.com"
OP_NOREPLY = "notifications@operately.com"
OP_COMPANY = "Lindqvist Robotics"
OP_COMPANY_PATH = "/lindqvist-robotics-2kqWfN"  # Paths.company_id: slug + short id
OP_AUTHOR = "Marta Lindqvist"
OP_PERSON = ("Noor Tester", "noor.tester@example.com")
OP_CODE = "7KQ2XB"  # generate_code: 6 of A-Z0-9
OP_RESET = "Xb9TqL2mVw7RkP4sN8cZ1dHf6yGj3uAe0oIiKnQrStU"
OP_INVITE = "Jw4nR8tYq2LmZ6xCv0BdKs5hGf9pTa3e"
PARTIALS = ("_title", "_spacer", "_row", "_cta_button")


def phx_escape(s: str) -> str:
    return (
        s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


class Eex:
    """The EEx subset Operately's mail templates use."""

    def __init__(self, partials: dict[str, str], assigns: dict, html: bool) -> None:
        self.partials, self.assigns, self.html = partials, assigns, html

    def partial(self, name: str, **values: str) -> str:
        return Eex(self.partials, values, True).render(self.partials[name], safe_keys=values)

    def value(self, expr: str) -> tuple[str, bool]:
        """(text, safe) of one expression."""
        expr = expr.strip()
        if m := re.fullmatch(r"title\((.*)\)", expr):
            return self.partial("_title", text=self.value(m.group(1))[0], font_size="20"), True
        if expr == "spacer()":
            return self.partial("_spacer"), True
        if m := re.fullmatch(r"cta_button\((.*?), (.*)\)", expr):
            url, text = self.value(m.group(1))[0], self.value(m.group(2))[0]
            return self.partial("_cta_button", url=url, text=text), True
        if m := re.fullmatch(r"short_name\(@(\w+)\)", expr):
            parts = self.assigns[m.group(1)].split(" ")
            return f"{parts[0]} {parts[-1][0]}.", False
        if m := re.fullmatch(r'"(.*)"', expr):
            return re.sub(r"#\{(.*?\)?)\}", lambda n: self.value(n.group(1))[0], m.group(1)), False
        if m := re.fullmatch(r"@(\w+)(?:\.(\w+))?", expr):
            v = self.assigns[m.group(1)]
            return (v[m.group(2)] if m.group(2) else v), False
        raise ValueError(expr)

    def render(self, tpl: str, safe_keys: dict | None = None) -> str:
        def row(m: re.Match) -> str:
            inner = self.render(m.group(1))
            return self.partial("_row", content=inner, padding_top="0", padding_bottom="0")

        tpl = re.sub(r"<%= row do %>(.*?)<% end %>", row, tpl, flags=re.S)

        def out(m: re.Match) -> str:
            expr = m.group(1).strip()
            if safe_keys is not None and expr.startswith("@") and expr[1:] in safe_keys:
                # partial assigns: @content is already safe, the rest is escaped here
                v = safe_keys[expr[1:]]
                return v if expr == "@content" else phx_escape(v)
            text, safe = self.value(expr)
            return text if safe or not self.html else phx_escape(text)

        result = re.sub(r"<%=(.*?)%>", out, tpl, flags=re.S)
        assert "<%" not in result, result
        return result


OP_MAILS = [
    # (template, code?, kind)
    ("email_activation_code", True, "saas-otp"),
    ("reset_password", False, "notice"),
    ("company_member_added", False, "notice"),
    ("guest_invited", False, "notice"),
    ("company_admin_added", False, "notice"),
    ("billing_limit_reached", False, "notice"),
]


def operately(mirrors: Path) -> list[tuple[dict, bytes]]:
    base = "app/lib/operately_email/"

    def show(path: str) -> str:
        return git_show(mirrors, OP, OP_COMMIT, path)

    partials = {p: show(f"{base}templates/partials/{p}.html.eex") for p in PARTIALS}
    layout = show(f"{base}layouts/activity.html.eex")
    helpers = show(f"{base}templates.ex")
    assert 'def title(text), do: title(text, font_size: "20")' in helpers
    assert (
        "def row(do: content), do: row(%{padding_top: 0, padding_bottom: 0}, do: content)"
        in helpers
    )
    activity = show(f"{base}mailers/activity_mailer.ex")
    assert 'NotificationMailer.from(email, person.full_name <> " (Operately)")' in activity
    assert '"(#{where}) #{Person.short_name(who)} #{action}"' in activity
    gen = show("app/lib/operately/people/email_activation_code.ex")
    assert '@allowed_chars "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"' in gen
    short = OP_AUTHOR.split(" ")[0] + " " + OP_AUTHOR.split(" ")[-1][0] + "."
    company = {"name": OP_COMPANY}
    home = OP_URL + OP_COMPANY_PATH
    code = OP_CODE[:3] + "-" + OP_CODE[3:]
    person_from = f'"{OP_AUTHOR} (Operately)" <{OP_NOREPLY}>'
    to = OP_PERSON[1]
    plans = {
        "email_activation_code": (
            f'"Operately" <{OP_NOREPLY}>',
            f"Operately confirmation code: {code}",
            {"code": code},
        ),
        "reset_password": (
            f'"Operately" <{OP_NOREPLY}>',
            "Reset password instructions",
            {"reset_url": f"{OP_URL}/reset-password?token={OP_RESET}"},
        ),
        "company_member_added": (
            person_from,
            f"({OP_COMPANY}) {short} invited you to join {OP_COMPANY}",
            {
                "author": OP_AUTHOR,
                "company": company,
                "action": f"invited you to join {OP_COMPANY}",
                "button_url": f"{OP_URL}/join?token={OP_INVITE}",
                "button_text": f"Join {OP_COMPANY}",
            },
        ),
        "guest_invited": (
            person_from,
            f"({OP_COMPANY}) {short} invited you as an outside collaborator",
            {"author": OP_AUTHOR, "company": company, "login_url": f"{OP_URL}/log_in"},
        ),
        "company_admin_added": (
            person_from,
            f"({OP_COMPANY}) {short} granted you admin privileges",
            {"author": OP_AUTHOR, "link": home},
        ),
        "billing_limit_reached": (
            f'"Operately ({OP_COMPANY})" <{OP_NOREPLY}>',
            f"{OP_COMPANY} has reached its Free plan member limit",
            {
                "headline": f"{OP_COMPANY} has reached its Free plan member limit",
                "usage_summary": f"{OP_COMPANY} has reached its member limit: 10 of 10 "
                "active members.",
                "impact_message": "Adding or restoring people is blocked until the plan is "
                "upgraded.",
                "cta_label": "Review billing",
                "cta_url": home + "/admin/billing",
            },
        ),
    }
    out = []
    for n, (name, has_code, kind) in enumerate(OP_MAILS):
        sender, subject, assigns = plans[name]
        src = show(f"{base}emails/{name}_email.ex")
        if name == "company_member_added":
            assert 'defp get_action(_ = %InviteLink{}, company), do: "invited you to join' in src
        elif name == "billing_limit_reached":
            assert "has reached its Free plan member limit" in src
            assert "Adding or restoring people is blocked until the plan is upgraded." in src
            assert "has reached its member limit: #{format_usage" in src
        elif name == "email_activation_code":
            assert 'subject: "Operately confirmation code: #{formatted_code}"' in src
        elif name == "reset_password":
            assert 'subject: "Reset password instructions"' in src
        else:
            assert subject.split(f"{short} ")[1] in src, name
        assigns = dict(assigns, subject=subject)
        html_tpl = show(f"{base}templates/{name}.html.eex")
        text_tpl = show(f"{base}templates/{name}.text.eex")
        inner = Eex(partials, assigns, True).render(html_tpl)
        html = layout.replace("<%= @subject %>", phx_escape(subject)).replace(
            "<%= @inner_content %>", inner
        )
        text = Eex(partials, assigns, False).render(text_tpl)
        eml = mail(sender, to, subject, text, html, f"<op-{n:02d}-7c1e9b@operately.com>")
        gid = "operately-" + name.replace("_", "-")
        item = {
            "id": gid + "-en",
            "group": gid,
            "lang": "en",
            "kind": kind,
            "code": OP_CODE if has_code else None,
            "path": f"{base}emails/{name}_email.ex, {base}templates/{name}.{{html,text}}.eex",
        }
        if has_code:
            item["note"] = (
                "The mail shows the code as 7KQ-2XB (format_code adds the hyphen for reading); "
                "the stored code is the six characters."
            )
        out.append((item, eml))
        item.update(source="operately", repository=OP, commit=OP_COMMIT, licence="Apache-2.0")
    return out


FIELDS = [
    "id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
    "licence", "rendered", "file", "sha256",
]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args()
    items = []
    for item, eml in teiserver(args.mirrors) + operately(args.mirrors):
        rel = f"mail/{item['source']}/{item['id']}.eml"
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(eml)
        item["rendered"] = "python: " + Path(__file__).name
        item["file"] = rel
        item["sha256"] = hashlib.sha256(eml).hexdigest()
        items.append({k: item[k] for k in FIELDS} | {k: item[k] for k in ("note",) if k in item})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": items}, ensure_ascii=False, indent=2) + "\n")
    print(len(items), "mails,", sum(1 for i in items if i["code"]), "with a code")


if __name__ == "__main__":
    main()
