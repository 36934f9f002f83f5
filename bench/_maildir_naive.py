"""The plain stdlib scan a Maildir read is compared with (issue 14): ``mailbox.Maildir``
parses every message (its default factory, ``email`` with the compat32 policy) and keeps
those whose ``To:`` names the address, newest delivery first by the stamp in the key.

Run as a fresh process by ``bench/maildir_scale.py``:
``python bench/_maildir_naive.py MAILDIR ADDRESS {latest,ten,count,nobody}``; prints one
JSON line (the count, or the subjects found).
"""

from __future__ import annotations

import json
import mailbox
import sys


def main(path: str, address: str, mode: str) -> int:
    box = mailbox.Maildir(path, create=False)
    found = []
    for key, msg in box.iteritems():
        if address in str(msg.get("To", "")).lower():
            found.append((key, str(msg.get("Subject", ""))))
    found.sort(reverse=True)  # the key starts with the delivery time
    if mode == "count":
        print(json.dumps({"count": len(found)}))
    else:
        print(json.dumps({"subjects": [s for _, s in found[: 1 if mode == "latest" else 10]]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
