"""Round 27, fintech (blind): SudoSOS, the GEWIS study association's point-of-sale and
prepaid-balance system (its account, PIN, balance, fine and transaction-receipt notices in
English and Dutch), rendered from a git snapshot at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r27_fintech.py \\
        --mirrors /work/.mirror

- GEWIS/sudosos-backend (AGPL-3.0-or-later: LICENSE is the AGPL-3.0 text, every source
  file says "either version 3 of the License, or (at your option) any later version"),
  commit SUDOSOS_COMMIT. Files: ``src/mailer/messages/*.ts`` (one ``MailContentBuilder``
  per language, Dutch ``nl-NL`` and English ``en-US``, each giving subject, title, text and
  HTML as strings or template-literal functions of the notification options),
  ``src/mailer/messages/mail-content-builder.ts``, ``src/mailer/mail-message.ts``
  (``getOptions``: From ``Config.get().smtp.from``, text, html, subject),
  ``src/mailer/mail-body-generator.ts`` (the text gets "Dear <first name>," / "Beste ...,"
  in front and "Kind regards,\\nSudoSOS" / "Met vriendelijke groet,\\nSudoSOS" after; the
  HTML gets ``<p>Dear <first name>,</p>`` in front and goes into
  ``static/mailer/template.html`` by ``replaceAll('{{ key }}', value)`` with subject,
  the subject with spaces as ``&nbsp;``, title, weekday and date of "now" in the mail's
  locale, the service address cut from SMTP_FROM and the reason line) and
  ``src/mailer/mailer.ts`` (nodemailer with ``text`` and ``html``: multipart/alternative,
  text/plain + text/html). SMTP_FROM is the production value from
  ``k8s/overlays/production/patches/backend-config.yaml`` ("SudoSOS <sudosos@gewis.nl>").
  Rendering: the snapshot's own TypeScript is run. The message files, the content
  builder, the body generator and ``mail-message.ts`` are written from the snapshot into a
  temporary tree (with ``static/mailer/template.html``), transpiled by the real TypeScript
  5.9.3 compiler (``ts.transpileModule``, CommonJS; type-only imports are dropped as tsc
  drops them) and run by ``node`` (v20, full ICU for the ``nl-NL`` dates) with the real
  dinero.js 1.9.1 (the versions ``package.json`` pins); ``../config`` is stubbed with the
  SMTP_FROM above, ``Date`` is fixed at the mail's send time (TZ=UTC) and dinero's default
  currency is EUR with precision 2 (``src/config.ts`` defaults, set in ``src/index.ts``).
  Install first: ``npm install --prefix /tmp/r27fintech-render typescript@5.9.3
  dinero.js@1.9.1``. The MIME message is then built here with the corpus's ``message``
  (text/plain + text/html, UTF-8). Option values are made as the callers make them:
  reset tokens are ``randomBytes(32).toString('hex')``
  (``src/service/authentication-service.ts``, ``createResetToken``), the inactive
  administrative cost is ``dinero({ amount }).toFormat()``
  (``src/service/inactive-administrative-cost-service.ts``), the user types are the
  ``UserType`` enum values (``src/service/user-service.ts``, ``updateUserType``), amounts
  are Dinero objects in EUR cents. Every template in ``src/mailer/messages`` the
  ``EmailChannel`` (``src/notifications/channels/mail-channel.ts``) sends, except
  HelloWorld (a test mail), in both languages. Note: at this commit ``Mailer.send`` is
  called without a language and defaults to English; the Dutch variants are the project's
  own shipped translations, built by the same ``getOptions(user, Language.DUTCH)``.
  All are notices: the PIN-changed mail gives no PIN, the password mails carry the reset
  token only inside a link, the receipt and fine mails carry amounts only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 5, 9, 15, tzinfo=UTC)
OUT = HERE / "round27" / "fintech.json"
RENDER_MODULES = "/tmp/r27fintech-render/node_modules"

SUDOSOS = "GEWIS/sudosos-backend"
SUDOSOS_COMMIT = "9633ffc7c2fa2a5fd458d98e03e1b5faf70a7bd2"
SUDOSOS_FROM = "SudoSOS <sudosos@gewis.nl>"
SUDOSOS_URL = "https://sudosos.example.org"
SUDOSOS_TOKEN = "3f9a1c7e52b04d8e96a2f1c3b7d5e0a48c6b2e9f1d7a3c5b0e8f4a2d6c1b9e7f"

# (file stem, class name, options as JavaScript; ``d(cents)`` is a Dinero in EUR)
SUDOSOS_MAILS = [
    ("changed-pin", "{}"),
    ("forgot-event-planning", "{ name: 'Noor', eventName: 'Borrel 11 december' }"),
    (
        "inactive-administrative-cost-notification",
        "{ administrativeCostValue: d(1000).toFormat() }",
    ),
    ("membership-expiry-notification", "{ balance: d(1250) }"),
    ("password-reset", "{ email: EMAIL, resetTokenInfo: { password: TOKEN }, url: URL }"),
    ("transaction-notification", "{ transaction: TRANSACTION, balance: d(1715) }"),
    ("user-account-expired", "{ expiryDate: new Date('2026-12-01T00:00:00Z') }"),
    ("user-debt-notification", "{ url: URL, balance: d(-1575) }"),
    (
        "user-got-fined",
        "{ referenceDate: new Date('2026-12-03T16:00:00Z'), fine: d(500), totalFine: d(1000),"
        " balance: d(-2075) }",
    ),
    ("user-got-inactive-administrative-cost", "{ amount: d(1000) }"),
    ("user-near-expiration", "{ expiryDate: new Date('2027-01-01T00:00:00Z') }"),
    ("user-type-updated", "{ fromType: 'LOCAL_USER', toType: 'MEMBER' }"),
    (
        "user-type-updated-with-reset",
        "{ email: EMAIL, fromType: 'MEMBER', toType: 'LOCAL_USER', url: URL }",
    ),
    (
        "user-will-get-fined",
        "{ referenceDate: new Date('2026-12-03T16:00:00Z'), fine: d(500), balance: d(-1575) }",
    ),
    ("welcome-to-sudosos", "{ url: URL }"),
    ("welcome-with-reset", "{ email: EMAIL, resetTokenInfo: { password: TOKEN }, url: URL }"),
]

HARNESS = r"""
const fs = require('fs');
const path = require('path');
const Module = require('module');
const root = process.argv[2];
const modules = process.argv[3];
const ts = require(path.join(modules, 'typescript'));
const FIXED = Date.parse(process.argv[4]);
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args) { if (args.length === 0) { super(FIXED); } else { super(...args); } }
  static now() { return FIXED; }
}
global.Date = FixedDate;
for (const rel of JSON.parse(process.argv[5])) {
  const src = fs.readFileSync(path.join(root, rel), 'utf8');
  const out = ts.transpileModule(src, { compilerOptions: {
    module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
  fs.writeFileSync(path.join(root, rel.replace(/\.ts$/, '.js')), out.outputText);
}
const origResolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'dinero.js') return origResolve.call(this, path.join(modules, 'dinero.js'), parent, ...rest);
  if (request.endsWith('/config')) return path.join(root, 'config-stub.js');
  return origResolve.call(this, request, parent, ...rest);
};
fs.writeFileSync(path.join(root, 'config-stub.js'),
  'exports.__esModule = true; exports.default = { get: () => ({ smtp: { from: ' + JSON.stringify(process.argv[6]) + ' }, mail: { financialResponsible: "bacpm@gewis.nl" } }) };');
const dinero = require(path.join(modules, 'dinero.js'));
dinero.defaultCurrency = 'EUR';
dinero.defaultPrecision = 2;
const d = (amount) => dinero({ amount });
const cents = (amount) => ({ amount, currency: 'EUR', precision: 2 });
const EMAIL = 'noor.tester@example.com';
const TOKEN = process.argv[7];
const URL = process.argv[8];
const TRANSACTION = {
  from: { id: 4127 }, createdBy: { id: 4127 }, totalPriceInclVat: cents(335),
  subTransactions: [{ subTransactionRows: [
    { amount: 2, product: { name: 'Grolsch 0.3L', priceInclVat: cents(95) }, totalPriceInclVat: cents(190) },
    { amount: 1, product: { name: 'Tosti ham-kaas', priceInclVat: cents(145) }, totalPriceInclVat: cents(145) },
  ] }],
};
const user = { firstName: 'Noor', email: EMAIL };
const results = [];
for (const [stem, opts] of JSON.parse(process.argv[9])) {
  const Cls = require(path.join(root, 'src/mailer/messages', stem + '.js')).default;
  const options = eval('(' + opts + ')');
  for (const lang of ['en-US', 'nl-NL']) {
    const o = new Cls(options).getOptions(user, lang);
    results.push({ stem, lang, from: o.from, subject: o.subject, text: o.text, html: o.html });
  }
}
process.stdout.write(JSON.stringify(results));
"""


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")


def sudosos(mirrors: Path) -> list[tuple[dict, bytes]]:
    def show(path: str) -> str:
        return git_show(mirrors, SUDOSOS, SUDOSOS_COMMIT, path)

    prod = show("k8s/overlays/production/patches/backend-config.yaml")
    assert f'SMTP_FROM: "{SUDOSOS_FROM}"' in prod
    assert "randomBytes(32).toString('hex')" in show("src/service/authentication-service.ts")
    assert len(SUDOSOS_TOKEN) == 64 and int(SUDOSOS_TOKEN, 16) >= 0
    channel = show("src/notifications/channels/mail-channel.ts")
    base = [
        "src/mailer/mail-message.ts",
        "src/mailer/mail-body-generator.ts",
        "src/mailer/messages/mail-content-builder.ts",
    ]
    stems = [stem for stem, _ in SUDOSOS_MAILS]
    files = base + [f"src/mailer/messages/{stem}.ts" for stem in stems]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel in [*files, "static/mailer/template.html"]:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(show(rel), encoding="utf-8")
        (root / "harness.js").write_text(HARNESS, encoding="utf-8")
        out = subprocess.run(
            [
                "node",
                str(root / "harness.js"),
                str(root),
                RENDER_MODULES,
                SENT.isoformat(),
                json.dumps(files),
                SUDOSOS_FROM,
                SUDOSOS_TOKEN,
                SUDOSOS_URL,
                json.dumps(SUDOSOS_MAILS),
            ],
            capture_output=True,
            env={**os.environ, "TZ": "UTC"},
        )
        if out.returncode:
            raise SystemExit(out.stderr.decode("utf-8"))
    out = out.stdout.decode("utf-8")
    results = json.loads(out)
    mails = []
    for r in results:
        lang = "en" if r["lang"] == "en-US" else "nl"
        assert r["from"] == SUDOSOS_FROM
        raw = message(
            sender=r["from"], subject=r["subject"], text=r["text"], html_part=r["html"], sent=SENT
        )
        meta = dict(
            id=f"sudosos-{r['stem']}-{lang}",
            source="sudosos",
            lang=lang,
            kind="notice",
            code=None,
            repository=SUDOSOS,
            path=f"src/mailer/messages/{r['stem']}.ts, "
            + ", ".join(base)
            + ", static/mailer/template.html, src/mailer/mailer.ts",
            commit=SUDOSOS_COMMIT,
            licence="AGPL-3.0-or-later",
            rendered="the snapshot's TypeScript transpiled by typescript 5.9.3 and run by node "
            f"with dinero.js 1.9.1: getOptions(user, '{r['lang']}'); text/plain + text/html",
        )
        if r["stem"] == "changed-pin":
            meta["note"] = "says the PIN was changed; no PIN is shown"
        elif r["stem"] in ("password-reset", "welcome-with-reset"):
            meta["note"] = "the reset token is only inside the link"
        elif r["stem"] == "transaction-notification":
            meta["kind"] = "invoice"
            meta["note"] = "a point-of-sale receipt: quantities and euro amounts only"
        mails.append((meta, raw))
    templates = {t for t in channel.split() if t.endswith("Template,")}
    assert len(templates) >= len(stems), templates
    return mails


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    args = parser.parse_args()
    items = []
    for build in (sudosos,):
        for meta, raw in build(args.mirrors):
            file = f"mail/{meta['source']}/{meta['id']}.eml"
            path = HERE / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            item = dict(
                id=meta["id"],
                group=meta["id"].removesuffix("-" + meta["lang"]),
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
