"""Add a collected round of the real-world corpus to ``manifest.json`` and split it.

    python tests/extraction/realworld/merge_round.py --round 3 --held 50
    python tests/extraction/realworld/merge_round.py --round 4 --held 100

A round is collected by people working apart, each writing a ``collect_r<N>_<name>.py``
that renders their mails and a ``round<N>/<name>.json`` that lists them with repository,
path, commit, licence and the code a person sees. This script checks each item (the file
exists and has the recorded sha256, the fields are there, the group is new) and splits the
round by group, one template of one source in all its languages: a group is held out when
``sha256("round<N>:" + group) % 100 < held``. The groups held out are written to
``holdout<N>.txt``, committed before any mail of the round is scored.

Each item lands in the manifest with ``"round<N>": "tuning"`` or ``"round<N>": "holdout"``
(and ``"holdout": false``: the first hold-out is another round). Items already in the
manifest from an earlier run for the same round are replaced, the rest kept as they are.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIELDS = ("id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
          "licence", "rendered", "file", "sha256")  # fmt: skip
KINDS = {"bank-tan", "payment-3ds", "fintech-otp", "shop-otp", "shop-order", "travel-otp",
         "travel-booking", "gov-otp", "health-otp", "utility-otp", "saas-otp", "notice",
         "invoice", "other"}  # fmt: skip


def held_out(round_no: int, group: str, held: int) -> bool:
    digest = hashlib.sha256(f"round{round_no}:{group}".encode()).hexdigest()
    return int(digest, 16) % 100 < held


def checked(item: dict[str, object], origin: str) -> list[str]:
    problems = [f"{origin}: {item.get('id')}: no {f}" for f in FIELDS if f not in item]
    path = HERE / str(item.get("file", ""))
    if not path.is_file():
        problems.append(f"{origin}: {item.get('id')}: no file {path}")
    elif hashlib.sha256(path.read_bytes()).hexdigest() != item.get("sha256"):
        problems.append(f"{origin}: {item.get('id')}: sha256 differs from the file")
    if item.get("kind") not in KINDS:
        problems.append(f"{origin}: {item.get('id')}: kind {item.get('kind')!r}")
    commit = str(item.get("commit", ""))
    if len(commit) != 40 or any(ch not in "0123456789abcdef" for ch in commit):
        problems.append(f"{origin}: {item.get('id')}: commit {commit!r} is not 40 hex digits")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, required=True, dest="round_no")
    parser.add_argument("--held", type=int, required=True, help="percent of groups held out")
    args = parser.parse_args()
    key = f"round{args.round_no}"
    items: list[dict[str, object]] = []
    problems: list[str] = []
    for path in sorted((HERE / key).glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8"))["items"]:
            problems += checked(item, path.name)
            items.append(item)
    ids = [str(item["id"]) for item in items]
    problems += [f"duplicate id {i}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    manifest_path = HERE / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    kept = [item for item in manifest["items"] if key not in item]
    known = {str(item["id"]) for item in kept}
    clash = sorted(known.intersection(ids))
    if clash:
        print(f"ids already in the manifest: {', '.join(clash)}", file=sys.stderr)
        return 1
    groups = sorted({str(item["group"]) for item in items})
    reused = sorted(set(groups) & {str(item["group"]) for item in kept})
    if reused:
        print(f"groups of earlier rounds: {', '.join(reused)}", file=sys.stderr)
        return 1
    out = sorted(g for g in groups if held_out(args.round_no, g, args.held))
    for item in items:
        item["holdout"] = False
        item[key] = "holdout" if item["group"] in out else "tuning"
    manifest["items"] = kept + items
    manifest_path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    header = (
        f"# Round {args.round_no}: groups kept out of tuning: sha256('{key}:' + group) % 100"
        f" < {args.held}\n# (merge_round.py), fixed before any mail of the round was scored;"
        f" scored once,\n# at the end (bench/extraction_eval.py --set holdout{args.round_no}).\n"
    )
    (HERE / f"holdout{args.round_no}.txt").write_text(header + "".join(g + "\n" for g in out))
    held = sum(1 for item in items if item[key] == "holdout")
    print(f"{len(items)} mails in {len(groups)} groups: {held} held out ({len(out)} groups)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
