"""Round twenty, fintech: a Stellar payments wallet and more senders below — the codes they
send to confirm money moves and sign-ins, and the same senders' notices.

    /work/wt/r15venv/bin/python tests/extraction/realworld/collect_r20_fintech.py \\
        --mirrors /work/.mirror

``--mirrors`` is the folder of git snapshots (``owner+name/repo``); every mail is rebuilt from
them at the commit named below, with fixed values, so each run writes the same bytes.

- kresusapp/kresus (AGPL-3.0), a personal-finance manager that syncs bank accounts: the
  mails of ``server/lib/alert-manager.ts`` (transaction-amount and balance alerts, wrapped by
  ``wrapContent``), ``server/lib/report-manager.ts`` (the daily bank report) and
  ``Emailer.sendTestEmail`` (``server/lib/emailer.ts``), with every string from
  ``shared/locales/<l>.json`` (en, es, fr, tr — all the languages it ships) and Polyglot's
  ``%{key}`` interpolation (an unknown key stays as written, as in the Turkish balance
  alert's ``%{bakiye}``); dates as moment's ``L`` format of each locale, amounts in euros as
  ``Intl.NumberFormat`` writes them; text/plain, From ``emailFrom``.

What a person sees decides each label (``code``, or ``null``).
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

from collect import HERE, message

SENT = datetime(2026, 12, 3, 14, 22, 51, tzinfo=UTC)
RNG = random.Random("r20-fintech")
ITEMS: list[dict] = []
OUT_JSON = HERE / "round20" / "fintech.json"
MIRRORS = Path("/work/.mirror")


def _show(repo: str, commit: str, path: str) -> str:
    git_dir = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        capture_output=True, check=True,
    ).stdout.decode("utf-8")  # fmt: skip


def _save(*, source, template, lang, kind, code, repository, path, commit, licence, rendered,
          sender, subject, text, html_part, note=None, variant=""):  # fmt: skip
    raw = message(sender=sender, subject=subject, text=text, html_part=html_part, sent=SENT)
    ident = f"{source}-{template}-{lang}{variant}"
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


def _js_literal(src: str, after: str) -> str:
    """The template literal (between backticks) that follows ``after`` in a JS/TS source."""
    start = src.index("`", src.index(after)) + 1
    end = src.index("`", start)
    return src[start:end]


def _js_fill(literal: str, values: dict[str, str]) -> str:
    def sub(m: re.Match) -> str:
        return values[m.group(1).strip()]

    return re.sub(r"\$\{([^}]*)\}", sub, literal)


# ---------------------------------------------------------------------------------------
# Kresus

KR_REPO = "kresusapp/kresus"
KR_COMMIT = "d9c15e559253e5334eda4050251a59fe51fc07a2"
KR_FROM = "Kresus <kresus@finances.lindenhof.example>"
KR_LANGS = ["en", "es", "fr", "tr"]
# moment's 'L' format per locale
KR_DATE = {"en": "%m/%d/%Y", "es": "%d/%m/%Y", "fr": "%d/%m/%Y", "tr": "%d.%m.%Y"}


def _kr_money(lang: str, value: float) -> str:
    """Intl.NumberFormat(lang, {style: 'currency', currency: 'EUR'}) for amounts below 1000."""
    sign = "-" if value < 0 else ""
    number = f"{abs(value):.2f}"
    if lang == "en":
        return f"{sign}€{number}"
    if lang == "tr":
        return f"{sign}€{number.replace('.', ',')}"
    return f"{sign}{number.replace('.', ',')}\u00a0€"


def _kr_t(strings: dict, key: str, bindings: dict | None = None) -> str:
    node = strings
    for part in key.split("."):
        node = node[part]
    text = node
    for name, value in (bindings or {}).items():
        text = text.replace("%{" + name + "}", value)
    return text


def kresus() -> None:
    path = "server/lib/alert-manager.ts; server/models/entities/alerts.ts; shared/locales/{l}.json"
    for lang in KR_LANGS:
        strings = json.loads(_show(KR_REPO, KR_COMMIT, f"shared/locales/{lang}.json"))
        date_fmt = KR_DATE[lang]
        common = {"source": "kresus", "lang": lang, "repository": KR_REPO, "commit": KR_COMMIT,
                  "licence": "AGPL-3.0", "sender": KR_FROM, "html_part": None}  # fmt: skip

        def wrap(text: str, strings: dict = strings) -> str:
            return (
                f"{_kr_t(strings, 'server.email.hello')}\n\n{text}\n\n"
                f"{_kr_t(strings, 'server.email.seeyoulater.notifications')},\n"
                f"{_kr_t(strings, 'server.email.signature')}\n"
            )

        account = "Crédit Mutuel – Compte chèques 00027 418305 93"
        text = _kr_t(strings, "server.alert.transaction.content", {
            "label": "CB CARREFOUR CITY 2811 LYON 7",
            "account": account,
            "amount": _kr_money(lang, -84.9),
            "cmp": _kr_t(strings, "server.alert.transaction.lessThan"),
            "date": datetime(2026, 11, 28).strftime(date_fmt),
            "limit": _kr_money(lang, -50),
        })  # fmt: skip
        _save(**common, template="transaction-alert", kind="notice", code=None,
              path=path.format(l=lang),
              rendered="alert-manager.send: wrapContent(formatTransactionMessage), subject "
                       "'Kresus - ' + server.alert.transaction.title; text/plain",
              subject=f"Kresus - {_kr_t(strings, 'server.alert.transaction.title')}",
              text=wrap(text),
              note="an alert on a card payment; an account number, amounts and a date, no code")  # fmt: skip
        text = _kr_t(strings, "server.alert.balance.content", {
            "label": account,
            "cmp": _kr_t(strings, "server.alert.balance.lessThan"),
            "limit": _kr_money(lang, 200),
            "balance": _kr_money(lang, 143.27),
        })  # fmt: skip
        _save(**common, template="balance-alert", kind="notice", code=None,
              path=path.format(l=lang),
              rendered="alert-manager.send: wrapContent(formatAccountMessage), subject "
                       "'Kresus - ' + server.alert.balance.title; text/plain",
              subject=f"Kresus - {_kr_t(strings, 'server.alert.balance.title')}",
              text=wrap(text),
              note="a balance alert; amounts and an account number, no code")  # fmt: skip
        today = SENT.strftime(date_fmt)
        content = _kr_t(strings, "server.email.hello") + "\n\n"
        content += _kr_t(strings, "server.email.report.pre", {"today": today}) + "\n"
        accounts = [
            ("Crédit Mutuel – Compte chèques 00027 418305 93", 143.27),
            ("Crédit Mutuel – Livret Bleu 00027 418305 41", 812.5),
            ("Boursorama – Compte courant 40618 80422 00031", 57.04),
        ]
        for name, balance in accounts:
            content += f"\t* {name} : {_kr_money(lang, balance)} ("
            content += _kr_t(strings, "server.email.report.last_sync")
            content += f" {today})\n"
        content += "\n" + _kr_t(strings, "server.email.report.new_transactions") + "\n"
        moves = {
            accounts[0][0]: [
                (datetime(2026, 12, 2), "CB CARREFOUR CITY 2811 LYON 7", "Alimentation", -84.9),
                (datetime(2026, 12, 2), "PRLV SEPA FREE MOBILE FM-0419-2271", "Téléphone", -19.99),
                (datetime(2026, 12, 3), "VIR SEPA LOYER DECEMBRE", None, -640.0),
            ],
            accounts[1][0]: [],
            accounts[2][0]: [(datetime(2026, 12, 3), "VIR INST M. BERTRAND 120326", None, 45.0)],
        }
        for name, trs in moves.items():
            content += f"\n{name}:\n"
            if not trs:
                content += f"\t{_kr_t(strings, 'server.email.report.no_new_transactions')}\n"
            for when, label, category, amount in trs:
                maybe = f"({category}) " if category else ""
                content += f"\t* {when.strftime(date_fmt)} - {label} {maybe}: "
                content += f"{_kr_money(lang, amount)}\n"
        content += "\n" + _kr_t(strings, "server.email.seeyoulater.report") + "\n\n"
        content += _kr_t(strings, "server.email.signature")
        frequency = _kr_t(strings, "server.email.report.daily")
        _save(**common, template="daily-report", kind="notice", code=None,
              path=f"server/lib/report-manager.ts; shared/locales/{lang}.json",
              rendered="report-manager.prepareEmail built line by line as the TS does "
                       "(three accounts, four new transactions); text/plain",
              subject=f"Kresus - {_kr_t(strings, 'server.email.report.subject', {'frequency': frequency})}",
              text=content,
              note="a bank statement digest: balances, account numbers, a SEPA mandate "
                   "reference and amounts; no code")  # fmt: skip
        _save(**common, template="test-email", kind="notice", code=None,
              path=f"server/lib/emailer.ts; shared/locales/{lang}.json",
              rendered="Emailer.sendTestEmail: server.email.test_email subject and content; "
                       "text/plain",
              subject=_kr_t(strings, "server.email.test_email.subject"),
              text=_kr_t(strings, "server.email.test_email.content"),
              note="an SMTP test mail")  # fmt: skip


# ---------------------------------------------------------------------------------------


def main() -> None:
    global MIRRORS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    MIRRORS = parser.parse_args().mirrors
    kresus()
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(ITEMS)} mails, {sum(1 for i in ITEMS if i['code'])} with a code")


if __name__ == "__main__":
    main()
