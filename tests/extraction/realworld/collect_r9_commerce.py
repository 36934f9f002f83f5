"""Round nine (commerce): mails a buyer gets from event-ticketing and shop software.

    /work/wt/r3venv/bin/python tests/extraction/realworld/collect_r9_commerce.py \\
        --alfio /work/.mirror/alfio-event+alf.io/repo \\
        --bagisto /work/.mirror/bagisto+bagisto/repo

- ``--alfio``: a git snapshot of alfio-event/alf.io (GPL-3.0), event ticketing. Three mails
  alf.io sends as ``text/plain`` only (``TemplateResource`` gives them no HTML template):
  ``send-reserved-code`` (a reserved promotional code for a restricted ticket category),
  ``reminder-email`` (an offline-payment reservation about to expire) and
  ``waiting-queue-reservation-email`` (a seat freed for a waiting-list subscriber). The
  ``src/main/resources/alfio/templates/<name>-txt.ms`` templates are rendered as
  ``TemplateManager`` does with JMustache (no HTML escaping, standalone section lines
  dropped) and its lambdas: ``i18n`` (``key [arg] [arg]`` parsed with the same regular
  expressions, the message of ``i18n/public_<lang>.properties`` formatted with Java
  ``MessageFormat``, since the message source always uses it) and ``format-date`` (the
  pattern taken as ``parseParams`` takes it, spaces around included; the CLDR month and day
  names Java prints for these locales are written out below). Subjects come from the
  callers (``SpecialPriceManager``, ``TicketReservationManager``,
  ``WaitingQueueSubscriptionProcessor``); URLs as ``EventManager.getEventUrl`` and
  ``ReservationUtil.reservationUrl`` build them; the short reservation id is the first
  eight characters of the UUID upper-cased (alf.io's default). The reserved code is six
  characters of ``SpecialPriceTokenGenerator``'s alphabet. The event is in UTC so that Java
  prints the zone as ``UTC`` in every locale. No mail footer is configured.

- ``--bagisto``: a git snapshot of bagisto/bagisto (MIT), a Laravel shop. Its Blade mail
  views ``packages/Webkul/{Shop,Admin}/src/Resources/views/emails/...`` inside their
  ``emails/layout.blade.php`` are filled by hand in Python following the Blade code line by
  line (``@lang`` / ``trans`` with ``:placeholder`` replacement from
  ``Resources/lang/<lang>/app.php``, ``{{ }}`` HTML-escaped, ``{!! !!}`` raw), prices as
  ``core()->formatPrice`` prints them for USD, subjects from the ``Mail`` classes. Sent as
  one ``text/html`` part, as Laravel sends a Mailable with only an HTML view.

What a person reading the mail sees decides each label (``code``, or ``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Callable

from collect import HERE, message

SENT = datetime(2027, 2, 28, 16, 12, 44, tzinfo=UTC)
OUT = HERE / "round9" / "commerce.json"
ITEMS: list[dict[str, Any]] = []
RNG = random.Random(20261203)


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _write(item: dict[str, Any], raw: bytes) -> None:
    rel = f"mail/{item['source']}/{item['id']}.eml"
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    item["file"] = rel
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# alf.io

ALFIO_COMMIT = "61ee4309768bf0b72b4ac8b8fe0786ce6e5c546c"
ALFIO_REPO = "alfio-event/alf.io"
ALFIO_TPL = "src/main/resources/alfio/templates"
ALFIO_I18N = "src/main/resources/alfio/i18n"

# Java (CLDR) names, format context, for the dates used below.
JAVA_NAMES = {
    "en": {"months": {3: "March"}, "days": {3: "Thursday", 4: "Friday"}},
    "de": {"months": {3: "März"}, "days": {3: "Donnerstag", 4: "Freitag"}},
    "fr": {"months": {3: "mars"}, "days": {3: "jeudi", 4: "vendredi"}},
    "it": {"months": {3: "marzo"}, "days": {3: "giovedì", 4: "venerdì"}},
    "es": {"months": {3: "marzo"}, "days": {3: "jueves", 4: "viernes"}},
    "nl": {"months": {3: "maart"}, "days": {3: "donderdag", 4: "vrijdag"}},
    "pt": {"months": {3: "março"}, "days": {3: "quinta-feira", 4: "sexta-feira"}},
    "tr": {"months": {3: "Mart"}, "days": {3: "Perşembe", 4: "Cuma"}},
}


def _java_properties(text: str) -> dict[str, str]:
    """Parse a .properties file as java.util.Properties does (enough for these files)."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].lstrip()
        i += 1
        if not line or line[0] in "#!":
            continue
        while re.search(r"(?<!\\)(\\\\)*\\$", line) and i < len(lines):
            line = line[:-1] + lines[i].lstrip()
            i += 1
        found = re.match(r"((?:\\.|[^=:\s\\])+)\s*[=:]?\s*(.*)", line, re.S)
        assert found, line
        key, value = found.group(1), found.group(2)

        def unescape(s: str) -> str:
            def one(m: re.Match[str]) -> str:
                c = m.group(1)
                if c.startswith("u"):
                    return chr(int(c[1:], 16))
                return {"n": "\n", "t": "\t", "r": "\r", "f": "\f"}.get(c, c)

            return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, s)

        out[unescape(key)] = unescape(value)
    return out


def _message_format(pattern: str, args: list[str]) -> str:
    """java.text.MessageFormat with plain string arguments ({n} only, quotes as Java)."""
    out, i, quoted = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "'":
            if i + 1 < len(pattern) and pattern[i + 1] == "'":
                out.append("'")
                i += 2
                continue
            quoted = not quoted
            i += 1
            continue
        if c == "{" and not quoted:
            end = pattern.index("}", i)
            index = int(pattern[i + 1 : end].strip())
            out.append(args[index] if index < len(args) else pattern[i : end + 1])
            i = end + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _mustache(template: str, ctx: dict[str, Any], lambdas: dict[str, Callable]) -> str:
    """A small JMustache (escapeHTML false, defaultValue "") for alf.io's text templates."""
    template = re.sub(r"(?m)^[ \t]*(\{\{[#^/][^}]*\}\})[ \t]*\r?\n", r"\1", template)
    tokens = re.split(r"(\{\{[#^/]?[^}]*\}\})", template)

    def lookup(name: str, stack: list[Any]) -> Any:
        for frame in reversed(stack):
            value: Any = frame
            ok = True
            for part in name.split("."):
                if isinstance(value, dict) and part in value:
                    value = value[part]
                else:
                    ok = False
                    break
            if ok:
                return value
        return None

    def parse(pos: int, closing: str | None) -> tuple[list[Any], int]:
        nodes: list[Any] = []
        while pos < len(tokens):
            tok = tokens[pos]
            pos += 1
            if tok.startswith("{{/"):
                assert tok[3:-2].strip() == closing, (tok, closing)
                return nodes, pos
            if tok.startswith("{{#") or tok.startswith("{{^"):
                name = tok[3:-2].strip()
                body, pos = parse(pos, name)
                nodes.append((tok[2], name, body))
            elif tok.startswith("{{"):
                nodes.append(("var", tok[2:-2].strip(), None))
            elif tok:
                nodes.append(("text", tok, None))
        assert closing is None, closing
        return nodes, pos

    def render(nodes: list[Any], stack: list[Any]) -> str:
        out = []
        for kind, name, body in nodes:
            if kind == "text":
                out.append(name)
            elif kind == "var":
                value = lookup(name, stack)
                out.append("" if value is None else str(value))
            elif kind == "#" and name in lambdas:
                out.append(lambdas[name](render(body, stack)))
            else:
                value = lookup(name, stack)
                truthy = bool(value) and value != ""
                if kind == "^":
                    if not truthy:
                        out.append(render(body, stack))
                elif isinstance(value, list):
                    out.extend(render(body, [*stack, v]) for v in value)
                elif truthy:
                    out.append(render(body, [*stack, value] if isinstance(value, dict) else stack))
        return "".join(out)

    nodes, _ = parse(0, None)
    return render(nodes, [ctx])


def _java_date(iso: str, pattern: str, lang: str | None) -> str:
    """DateTimeFormatter.ofPattern(pattern, locale).format(ZonedDateTime.parse(iso))."""
    found = re.match(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):\d\dZ\[UTC\]$", iso)
    assert found, iso
    y, mo, d, h, mi = (int(x) for x in found.groups())
    names = JAVA_NAMES[lang or "en"]
    weekday = datetime(y, mo, d).weekday()
    pieces: dict[str, Callable[[], str]] = {
        "EEEE": lambda: names["days"][weekday], "dd": lambda: f"{d:02d}",
        "MMMM": lambda: names["months"][mo], "yyyy": lambda: str(y),
        "HH": lambda: f"{h:02d}", "mm": lambda: f"{mi:02d}", "z": lambda: "UTC",
    }  # fmt: skip
    return re.sub(r"EEEE|dd|MMMM|yyyy|HH|mm|z", lambda m: pieces[m.group(0)](), pattern)


def _alfio_lambdas(messages: dict[str, str]) -> dict[str, Callable[[str], str]]:
    def i18n(text: str) -> str:
        key_match = re.match(r"^([^\[]+)[\s\[]", text)
        key = key_match.group(1).strip() if key_match else text.strip()
        args = re.findall(r"\[(.*?)]", text)
        return _message_format(messages[key], args)

    def format_date(text: str) -> str:
        execution = text.strip()
        date = execution[: execution.index(" ")].strip()
        label = execution.find("locale:")
        end = label if label != -1 else len(execution)
        pattern = execution[execution.index(" ") : end]
        lang = None
        for part in execution.split():
            if part.startswith("locale:"):
                lang = part[len("locale:") :]
        return _java_date(date, pattern, lang)

    return {"i18n": i18n, "format-date": format_date}


def _alfio_code() -> str:
    alphabet = "ABCDEFGHJKMNPQRSTWXYZ23456789"  # SpecialPriceTokenGenerator
    return "".join(RNG.choice(alphabet) for _ in range(6))


def _uuid() -> str:
    h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


ALFIO_BASE = "https://tickets.devdays-zurich.example"
ALFIO_ORG = {"name": "Dev Days Zürich", "email": "team@devdays-zurich.example"}
ALFIO_EVENT = {
    "displayName": "Dev Days Zürich 2027",
    "shortName": "devdays27",
    "location": "Kongresshaus Zürich, Claridenstrasse 5, 8002 Zürich",
    "begin": "2027-03-18T09:00:00Z[UTC]",
    "end": "2027-03-18T17:30:00Z[UTC]",
    "sameDay": True,
}
ALFIO_PEOPLE = ["Noor Tester", "Lena Haller", "Marco Bianchi", "Sofie de Vries",
                "Inês Rocha", "Elif Kaya", "Julien Marchand", "Lucía Ortega", "Karin Berg"]  # fmt: skip
ALFIO_SENDS = {
    "send-reserved-code": ("en", "de", "fr", "it", "nl", "pt", "tr", "sv"),
    "reminder-email": ("en", "de", "es", "fr", "nl", "tr"),
    "waiting-queue-reservation-email": ("en", "it", "de", "es", "pt", "nl"),
}


def alfio(repo: Path) -> None:
    base = _java_properties(_show(repo, ALFIO_COMMIT, f"{ALFIO_I18N}/public.properties"))
    event_url = f"{ALFIO_BASE}/event/{ALFIO_EVENT['shortName']}/"
    for template, langs in ALFIO_SENDS.items():
        source = _show(repo, ALFIO_COMMIT, f"{ALFIO_TPL}/{template}-txt.ms")
        for n, lang in enumerate(langs):
            own = _java_properties(_show(repo, ALFIO_COMMIT, f"{ALFIO_I18N}/public_{lang}.properties"))
            messages = {**base, **own}  # ResourceBundle parent chain: public_<lang> -> public
            person = ALFIO_PEOPLE[(n + len(template)) % len(ALFIO_PEOPLE)]
            ctx: dict[str, Any] = {"event": ALFIO_EVENT, "organization": ALFIO_ORG,
                                   "hasMailFooter": False}  # fmt: skip
            code: str | None = None
            note = None
            if template == "send-reserved-code":
                promo = messages["show-event.promo-code-type.promotional"]
                secret = _alfio_code()
                ctx.update(code=secret, eventPage=event_url, assignee=person,
                           promoCodeDescription=promo)  # fmt: skip
                subject = _message_format(messages["email-code.subject"], [ALFIO_EVENT["displayName"], promo])
                kind = "shop-order"
                note = (f"the mail gives the reserved {promo!r} code {secret} to enter on the event "
                        "page; a promotional code, so null as the brief says")  # fmt: skip
            else:
                reservation = _uuid()
                url = f"{ALFIO_BASE}/event/{ALFIO_EVENT['shortName']}/reservation/{reservation}?lang={lang}"
                if template == "reminder-email":
                    ctx.update(ticketReservation={"fullName": person, "id": reservation},
                               expirationDate="2027-03-02T23:59:00Z[UTC]", reservationUrl=url)  # fmt: skip
                    subject = _message_format(messages["reservation.reminder.mail.subject"],
                                              [reservation[:8].upper()])  # fmt: skip
                    kind = "shop-order"
                else:
                    ctx.update(subscription={"fullName": person}, reservationUrl=url,
                               reservationTimeout="2027-03-05T14:30:00Z[UTC]")  # fmt: skip
                    subject = _message_format(messages["email-waiting-queue-acquired.subject"],
                                              [ALFIO_EVENT["displayName"]])  # fmt: skip
                    kind = "notice"
            text = _mustache(source, ctx, _alfio_lambdas(messages))
            raw = message(sender=f"{ALFIO_ORG['name']} <noreply@devdays-zurich.example>",
                          subject=subject, text=text, html_part=None, sent=SENT)  # fmt: skip
            item = {
                "id": f"alfio-{template}-{lang}", "group": f"alfio-{template}", "source": "alfio",
                "lang": lang, "kind": kind, "code": code, "repository": ALFIO_REPO,
                "path": f"{ALFIO_TPL}/{template}-txt.ms, {ALFIO_I18N}/public_{lang}.properties",
                "commit": ALFIO_COMMIT, "licence": "GPL-3.0",
                "rendered": "JMustache text template with alf.io's i18n/format-date lambdas re-done in Python; text/plain only, as alf.io sends it",
            }  # fmt: skip
            if note:
                item["note"] = note
            _write(item, raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--alfio", type=Path, required=True)
    parser.add_argument("--bagisto", type=Path)
    args = parser.parse_args()
    alfio(args.alfio)
    if args.bagisto:
        bagisto(args.bagisto)  # noqa: F821 - defined below once written
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": ITEMS}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(ITEMS)} items -> {OUT}")


if __name__ == "__main__":
    main()
