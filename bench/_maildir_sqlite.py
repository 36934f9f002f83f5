"""The persistent-index option for the Maildir, measured but not shipped (issue 14).

A prototype: the Maildir provider as shipped, plus a stdlib ``sqlite3`` file outside the
mailbox that keeps, between processes, what the in-process cache keeps within one — each
file's id, inode and recipient text (``_maildir_prefilter.recipient_text``). A fresh
process loads it instead of reading every file's header block; rows of files that changed
(another inode) are simply not used. It answers the question "what would an on-disk index
buy a fresh process?" with the same scan, so that the two options differ only in that.

Run by ``bench/maildir_scale.py --index``; by hand:
``python bench/_maildir_sqlite.py CONFIG CACHE_DIR ADDRESS {latest,ten,count,nobody}``
prints the wall time in the process, the rows loaded and written, and the answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from otpmail import Reader  # noqa: E402
from otpmail._core._config import MaildirMailbox  # noqa: E402
from otpmail._providers._maildir import MaildirProvider  # noqa: E402


class IndexedMaildir(MaildirProvider):
    """The shipped provider with its recipient texts loaded from, and saved to, SQLite."""

    def __init__(self, mailbox: MaildirMailbox, cache: Path) -> None:
        super().__init__(mailbox)
        digest = hashlib.sha256(os.fsencode(os.path.realpath(mailbox.path))).hexdigest()[:24]
        cache.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.db_path = cache / f"maildir-{digest}.sqlite3"
        self.db = sqlite3.connect(self.db_path)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, inode INTEGER, text BLOB)"
        )
        rows = self.db.execute("SELECT key, inode, text FROM seen").fetchall()
        self._recipients.update((key, (inode, text)) for key, inode, text in rows)
        self.loaded = len(rows)
        self._saved = dict(self._recipients)
        self.written = 0

    def save(self) -> None:
        fresh = [
            (key, value[0], value[1])
            for key, value in self._recipients.items()
            if isinstance(value[0], int) and self._saved.get(key) != value
        ]
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO seen VALUES (?, ?, ?)", fresh)
        self.written = len(fresh)


async def main(config: str, cache: str, address: str, mode: str) -> dict[str, Any]:
    started = time.perf_counter()
    made: list[IndexedMaildir] = []

    def factory(mailbox: Any) -> IndexedMaildir:
        made.append(IndexedMaildir(mailbox, Path(cache)))
        return made[-1]

    async with Reader(config, provider_factory=factory) as reader:
        envelope = await reader.read_emails(address, latest=mode == "latest", count=mode == "count")
        made[0].save()
    return {
        "seconds": time.perf_counter() - started,
        "loaded": made[0].loaded,
        "written": made[0].written,
        "index_bytes": made[0].db_path.stat().st_size,
        "status": envelope["status"],
        "count": envelope.get("data", {}).get("count"),
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(*sys.argv[1:5]))))
