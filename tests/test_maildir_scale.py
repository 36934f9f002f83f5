"""A Maildir read whose cost follows the answer: what it keeps between reads, what makes it
read a file again, and that it stops at the call's deadline.

Speed itself is measured by ``bench/maildir_scale.py``, not here; these tests count the
work (files parsed, folder listings) and check the answers.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conftest import write_config
from otpmail import Reader
from otpmail._core._bounds import DEFAULT_LIMITS
from otpmail._core._config import load
from otpmail._core._criteria import build_criteria
from otpmail._core._match import select
from otpmail._providers._maildir import MaildirProvider, decode
from otpmail._providers._maildir_index import SETTLE_WHOLE_SECONDS_NS, stamp_time
from test_maildir import deliver, message, smtp_catcher

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from _maildir_corpus import NOBODY, RECENT, RECENT_CODE, SPREAD, build  # noqa: E402

CONFIG = "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: box\n"


@pytest.fixture
def box(tmp_path: Path) -> Path:
    path = tmp_path / "box"
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True)
    return path


@pytest.fixture
def provider(tmp_path: Path, box: Path) -> Iterator[MaildirProvider]:
    yield MaildirProvider(load(write_config(tmp_path, CONFIG)).mailboxes[0])  # type: ignore[arg-type]


def settle(box: Path) -> None:
    """Age the folders' times, as a quiet mailbox's are, so that an unchanged time may be
    trusted (the provider never trusts one younger than SETTLE_NS)."""
    old = time.time() - 2 * SETTLE_WHOLE_SECONDS_NS / 1e9
    for sub in ("new", "cur"):
        os.utime(box / sub, (old, old))


def subjects(emails: list[object]) -> list[str]:
    return [e.subject for e in emails]  # type: ignore[attr-defined]


NOW = datetime.now(UTC)


async def test_a_second_read_parses_nothing_again_and_lists_nothing_when_the_folders_are_unchanged(
    provider: MaildirProvider, box: Path
) -> None:
    for n in range(5):
        deliver(box, message("qa@example.com", subject=f"s{n}"), NOW - timedelta(minutes=n))
    deliver(box, message("other@example.com", subject="other"), NOW)
    settle(box)
    criteria = build_criteria("qa@example.com")

    first = await provider.search(criteria)
    parses, _listings = provider.parses, provider._index.listings
    second = await provider.search(criteria)

    assert subjects(first) == subjects(second) == ["s0", "s1", "s2", "s3", "s4"]
    assert parses == 5  # the mail for someone else was never parsed
    assert (provider.parses, provider._index.listings) == (5, 1)


async def test_a_file_moved_from_new_to_cur_keeps_its_identity(
    provider: MaildirProvider, box: Path
) -> None:
    name = deliver(box, message("qa@example.com", subject="moved"), NOW)
    criteria = build_criteria("qa@example.com")
    (before,) = await provider.search(criteria)
    parses = provider.parses

    (box / "new" / name).rename(box / "cur" / f"{name}:2,S")  # what a mail client does
    (after,) = await provider.search(criteria)

    assert after.id == before.id == name
    assert provider.parses == parses  # the same message: not parsed again
    assert provider._index.listings == 2  # the folders changed: listed again


async def test_a_file_replaced_under_the_same_name_is_read_again(
    provider: MaildirProvider, box: Path
) -> None:
    name = deliver(box, message("qa@example.com", subject="first"), NOW)
    criteria = build_criteria("qa@example.com")
    assert subjects(await provider.search(criteria)) == ["first"]

    replacement = box / "tmp" / name
    replacement.write_bytes(bytes(message("qa@example.com", subject="second")))
    replacement.replace(box / "new" / name)  # a new inode under the old name

    assert subjects(await provider.search(criteria)) == ["second"]


async def test_a_file_that_now_names_the_recipient_is_found(
    provider: MaildirProvider, box: Path
) -> None:
    name = deliver(box, message("other@example.com", subject="for someone else"), NOW)
    assert await provider.search(build_criteria("qa@example.com")) == []

    replacement = box / "tmp" / name
    replacement.write_bytes(bytes(message("qa@example.com", subject="now for qa")))
    replacement.replace(box / "new" / name)

    assert subjects(await provider.search(build_criteria("qa@example.com"))) == ["now for qa"]


async def test_an_eml_file_rewritten_in_place_is_read_again(tmp_path: Path) -> None:
    folder = tmp_path / "eml"
    folder.mkdir()
    mail = folder / "code.eml"
    mail.write_bytes(bytes(message("qa@example.com", subject="first", body="Your code is 111111")))
    text = CONFIG.replace("path: box", "path: eml")
    async with Reader(write_config(tmp_path, text)) as reader:
        first = await reader.read_emails("qa@example.com", latest=True)
        with mail.open("r+b") as handle:  # same inode, new content
            handle.truncate(0)
            handle.write(bytes(message("qa@example.com", subject="second", body="code 222222")))
        os.utime(mail, (time.time() + 5, time.time() + 5))
        second = await reader.read_emails("qa@example.com", latest=True)

    assert [e["subject"] for e in first["data"]["emails"]] == ["first"]
    assert [e["subject"] for e in second["data"]["emails"]] == ["second"]


async def test_what_was_learned_of_removed_files_is_dropped(
    provider: MaildirProvider, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("otpmail._providers._maildir._STALE_SLACK", 0)
    names = [deliver(box, message(f"qa+{n}@example.com", subject=f"s{n}"), NOW) for n in range(4)]
    await provider.count(build_criteria("qa@example.com"))
    for name in names[:3]:
        (box / "new" / name).unlink()

    await provider.count(build_criteria("qa@example.com"))

    assert set(provider._recipients) == {names[3]}


async def test_mail_delivered_after_a_read_is_found_by_the_next(
    provider: MaildirProvider, box: Path
) -> None:
    deliver(box, message("qa@example.com", subject="old"), NOW - timedelta(minutes=1))
    settle(box)
    criteria = build_criteria("qa@example.com", latest=True)
    assert subjects(await provider.search(criteria)) == ["old"]

    deliver(box, message("qa@example.com", subject="new"), NOW)

    assert subjects(await provider.search(criteria)) == ["new"]


async def test_the_change_feed_reports_each_new_message_once_and_a_move_not_at_all(
    provider: MaildirProvider, box: Path
) -> None:
    start = await provider.cursor()
    name = deliver(box, message("qa@example.com", subject="a"), NOW)
    first, after_a = await provider.changes(start, NOW, set())
    (box / "new" / name).rename(box / "cur" / f"{name}:2,S")
    moved, after_move = await provider.changes(after_a, NOW, set())
    deliver(box, message("qa@example.com", subject="b"), NOW)
    second, _ = await provider.changes(after_move, NOW, set())

    assert subjects(first) == ["a"]
    assert moved == []
    assert subjects(second) == ["b"]


async def test_an_older_cursor_gets_everything_since_it(
    provider: MaildirProvider, box: Path
) -> None:
    """Two waits may poll one provider from different cursors."""
    start = await provider.cursor()
    deliver(box, message("qa@example.com", subject="a"), NOW - timedelta(seconds=1))
    await provider.changes(start, NOW, set())
    deliver(box, message("qa@example.com", subject="b"), NOW)

    emails, _ = await provider.changes(start, NOW, set())

    assert subjects(emails) == ["b", "a"]


def count_listings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folders the index lists from now on (``os.listdir``: a wait's polls)."""
    listed: list[str] = []
    real = os.listdir
    monkeypatch.setattr(
        "otpmail._providers._maildir_index.os.listdir",
        lambda path: listed.append(Path(path).name) or real(path),
    )
    return listed


async def test_an_idle_poll_reads_no_folder(
    provider: MaildirProvider, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deliver(box, message("qa@example.com"), NOW)
    settle(box)
    cursor = await provider.cursor()
    listed = count_listings(monkeypatch)

    for _ in range(3):
        emails, cursor = await provider.changes(cursor, NOW, set())
        assert emails == []

    assert listed == []
    assert provider.parses == 0


async def test_a_poll_after_a_delivery_lists_only_the_folder_that_changed(
    provider: MaildirProvider, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catcher delivers to new/: cur/, unchanged since its names were read, is not read
    again (at 100,000 files, half the cost of the poll that sees the mail)."""
    deliver(box, message("qa@example.com", subject="old"), NOW - timedelta(seconds=5))
    (box / "cur" / "1700000000.M1P1Q1.test:2,S").write_bytes(bytes(message("qa@example.com")))
    settle(box)
    cursor = await provider.cursor()
    listed = count_listings(monkeypatch)
    deliver(box, message("qa@example.com", subject="new"), NOW)

    emails, cursor = await provider.changes(cursor, NOW - timedelta(minutes=1), set())

    assert subjects(emails) == ["new"]
    assert listed == ["new"]


async def test_a_file_added_to_cur_is_seen_while_new_is_reused(
    provider: MaildirProvider, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deliver(box, message("qa@example.com", subject="old"), NOW - timedelta(seconds=5))
    settle(box)
    cursor = await provider.cursor()
    listed = count_listings(monkeypatch)
    stamp = int(NOW.timestamp())
    (box / "cur" / f"{stamp}.M2P1Q2.test:2,S").write_bytes(
        bytes(message("qa@example.com", subject="in cur"))
    )

    emails, cursor = await provider.changes(cursor, NOW - timedelta(minutes=1), set())

    assert subjects(emails) == ["in cur"]
    assert listed == ["cur"]


async def test_a_folder_whose_time_was_too_young_to_trust_is_listed_again(
    provider: MaildirProvider, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change within the clock tick of the last listing would not move the folder's
    time: a time that was that young when read is not reused, for each folder alone."""
    settle(box)
    cursor = await provider.cursor()
    deliver(box, message("qa@example.com", subject="first"), NOW)  # new/'s time is young now
    emails, cursor = await provider.changes(cursor, NOW - timedelta(minutes=1), set())
    assert subjects(emails) == ["first"]
    listed = count_listings(monkeypatch)
    new_time = os.stat(box / "new").st_mtime_ns
    deliver(box, message("qa@example.com", subject="second"), NOW)
    os.utime(box / "new", ns=(new_time, new_time))  # as if within the same tick

    emails, cursor = await provider.changes(cursor, NOW - timedelta(minutes=1), set())

    assert subjects(emails) == ["second"]
    assert listed == ["new"]  # cur/ was settled and unchanged; new/ was not settled


async def test_latest_reads_only_the_newest_files(provider: MaildirProvider, box: Path) -> None:
    for n in range(200):
        deliver(box, message(f"qa+{n}@example.com", subject=f"s{n}"), NOW - timedelta(seconds=n))

    (email,) = await provider.search(build_criteria("qa+3@example.com", latest=True))

    assert email.subject == "s3"
    assert provider.parses == 1


async def test_the_look_back_ends_the_scan(provider: MaildirProvider, box: Path) -> None:
    for n in range(50):
        deliver(box, message("qa@example.com", subject=f"s{n}"), NOW - timedelta(hours=n))

    found = await provider.count(build_criteria("qa@example.com", after="150m"))

    assert found == 3
    assert provider.parses + provider.header_parses == 3


async def test_a_count_parses_header_blocks_only(provider: MaildirProvider, box: Path) -> None:
    for n in range(5):
        deliver(box, message("qa@example.com", subject=f"s{n}", body="x" * 5000), NOW)

    assert await provider.count(build_criteria("qa@example.com", subject="s3")) == 1
    assert (provider.parses, provider.header_parses) == (0, 5)


async def test_a_count_decodes_its_candidates_in_batches_with_the_same_answer(
    provider: MaildirProvider, box: Path
) -> None:
    """More candidates than a batch, multipart ones among them, and copies of one
    Message-ID in different batches: each distinct match is counted once, every candidate
    is decoded once, and the mail for someone else is not decoded at all."""
    for n in range(150):
        msg = message("qa@example.com", subject=f"s{n}", message_id=f"<{n % 130}@acme.example>")
        if n % 3 == 0:
            msg.add_alternative(f"<p>Code <b>{n:06d}</b></p>", subtype="html")
        deliver(box, msg, NOW - timedelta(seconds=n))
        deliver(box, message("other@example.com", subject=f"o{n}"), NOW - timedelta(seconds=n))

    assert await provider.count(build_criteria("qa@example.com")) == 130
    assert (provider.parses, provider.header_parses) == (50, 100)
    emails = await provider.search(build_criteria("qa@example.com"))
    assert subjects(emails) == [f"s{n}" for n in range(10)]


async def test_a_header_in_the_bodys_charset_is_read_whole_as_before(
    provider: MaildirProvider, box: Path
) -> None:
    """8-bit header text that is not UTF-8 is read in the body's charset (KOI8-R here),
    which the header block alone does not tell: such a file is parsed whole."""
    raw = (
        "To: qa@example.com\r\nSubject: Привет\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=koi8-r\r\n\r\nКод 123456\r\n"
    ).encode("koi8-r")
    (box / "new" / f"{int(time.time())}.M1P1Q1.koi8").write_bytes(raw)

    assert await provider.count(build_criteria("qa@example.com", subject="Привет")) == 1
    assert provider.parses == 1


async def test_a_header_block_past_the_first_read_is_still_judged(
    provider: MaildirProvider, box: Path
) -> None:
    """The first read of a file is 16 KiB; a longer header block is read on to 64 KiB."""
    filler = "".join(f"X-Filler-{n}: {'a' * 200}\r\n" for n in range(150))  # 30 KB
    raw = f"From: a@acme.example\r\n{filler}To: qa@example.com\r\nSubject: long\r\n\r\nx"
    name = f"{int(time.time())}.M1P1Q1.long"
    (box / "new" / name).write_bytes(raw.encode())

    assert subjects(await provider.search(build_criteria("qa@example.com"))) == ["long"]
    assert provider._recipients[name][1] == b"qa@example.com"  # judged, not UNKNOWN


async def test_a_fifo_in_the_maildir_does_not_block_a_read(
    provider: MaildirProvider, box: Path
) -> None:
    os.mkfifo(box / "new" / f"{int(time.time())}.M1P1Q1.fifo")
    deliver(box, message("qa@example.com", subject="real"), NOW - timedelta(seconds=1))

    assert subjects(await provider.search(build_criteria("qa@example.com"))) == ["real"]


def reference(box: Path, criteria_args: dict[str, object]) -> tuple[list[str], int]:
    """What a read answered before: parse every file, then apply the exact rules."""
    emails = []
    for sub in ("new", "cur"):
        for path in (box / sub).iterdir():
            key = path.name.split(":", 1)[0]
            received = stamp_time(key)
            assert received is not None
            emails.append(
                decode(path.read_bytes(), key, "qa@example.com", received, DEFAULT_LIMITS)
            )
    criteria = build_criteria(**criteria_args)  # type: ignore[arg-type]
    return [e.id for e in select(criteria, emails, criteria.limit)], len(select(criteria, emails))


@pytest.mark.parametrize(
    "args",
    [
        {"to": RECENT, "latest": True},
        {"to": SPREAD},
        {"to": NOBODY},
        {"to": "example.com"},
        {"to": "audit@example.com"},
        {"to": "example.com", "sender": "acme.example"},
        {"to": SPREAD, "subject": "code", "after": "20d"},
    ],
)
async def test_the_answers_are_those_of_a_full_parse(
    tmp_path: Path, args: dict[str, object]
) -> None:
    """Cold (the first read of a Reader), and warm: after another address's count has
    read every header block, when the candidates come from the joined recipient texts."""
    box = build(tmp_path / "box", 600)
    settle(box)
    expected_ids, expected_count = reference(box, args)
    counting = {**args, "count": True, "latest": False}
    async with Reader(write_config(tmp_path, CONFIG)) as reader:
        found = await reader.read_emails(**args)  # type: ignore[arg-type]
        counted = await reader.read_emails(**counting)  # type: ignore[arg-type]
    async with Reader(write_config(tmp_path, CONFIG)) as reader:
        await reader.read_emails(NOBODY, count=True)
        warm = await reader.read_emails(**args)  # type: ignore[arg-type]
        warm_counted = await reader.read_emails(**counting)  # type: ignore[arg-type]
        provider = reader.provider_for(reader.config().mailboxes[0])
        assert isinstance(provider, MaildirProvider) and provider._haystack is not None

    ids = [e["id"] for e in found["data"]["emails"]] if found["status"] == "ok" else []
    assert ids == expected_ids
    assert warm == found
    assert counted["data"]["count"] == warm_counted["data"]["count"] == expected_count
    if args["to"] == RECENT:
        assert RECENT_CODE in found["data"]["emails"][0]["body"]


async def test_a_warm_read_still_parses_what_the_prefilter_cannot_judge(
    tmp_path: Path, box: Path
) -> None:
    headers = [
        "To: other@example.com",
        "To: =?utf-8?q?qa?=@example.com",  # an encoded word: judged only by the decoder
        "To: Caf\xe9 <qa@example.com>",  # 8-bit, not UTF-8
        "To: qa@example.com",
    ]
    for n, header in enumerate(headers):
        raw = f"{header}\r\nSubject: s{n}\r\nMessage-ID: <{n}@x>\r\n\r\nbody\r\n"
        stamp = int(time.time()) - 60 + n
        (box / "new" / f"{stamp}.M{n}P1Q{n}.host").write_bytes(raw.encode("latin-1"))
    settle(box)
    expected_ids, expected_count = reference(box, {"to": "qa@example.com"})
    async with Reader(write_config(tmp_path, CONFIG)) as reader:
        await reader.read_emails(NOBODY, count=True)
        found = await reader.read_emails("qa@example.com")
        counted = await reader.read_emails("qa@example.com", count=True)

    assert [e["id"] for e in found["data"]["emails"]] == expected_ids
    assert counted["data"]["count"] == expected_count >= 2


# -- the call's deadline, in wall time ----------------------------------------------------


def matching_maildir(root: Path, n: int) -> Path:
    """``n`` messages all addressed to qa@example.com: every one must be parsed."""
    raw = bytes(message("qa@example.com", subject="x", body="Your code is 123456 " * 40))
    for sub in ("new", "cur", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    start = int(time.time()) - n
    for i in range(n):
        (root / "new" / f"{start + i}.M{i}P1Q{i}.host").write_bytes(
            raw.replace(b"Subject: x", f"Subject: x{i}".encode())
        )
    return root


async def test_a_read_past_its_deadline_stops_parsing(tmp_path: Path) -> None:
    # Header-only parses of 6,000 files take several times the 0.3 s deadline.
    matching_maildir(tmp_path / "box", 6000)
    async with Reader(write_config(tmp_path, CONFIG)) as reader:
        provider = reader.provider_for(reader.config().mailboxes[0])
        assert isinstance(provider, MaildirProvider)
        envelope = await reader.read_emails("qa@example.com", count=True, deadline=0.3)
        # The scan holds the provider's lock while it runs: it has stopped once it is free.
        stopped = await asyncio.to_thread(provider._lock.acquire, timeout=1.0)
        parsed = provider.parses
        provider._lock.release()
        await asyncio.sleep(0.2)
        assert provider.parses == parsed

    assert envelope["code"] == "deadline_exceeded", envelope
    assert stopped, "the scan went on after the call's deadline"
    assert parsed < 6000


def test_the_cli_exits_within_a_second_of_its_deadline_on_a_huge_maildir(tmp_path: Path) -> None:
    """A fresh process, as a CI job runs it: ``--deadline 1`` on a Maildir whose read
    takes several seconds. Before, the scan thread kept parsing after the answer and the
    process only exited when it was done. The process's start-up (measured on an empty
    Maildir) is not part of the call's deadline."""
    # 8,000 header-only parses take several times the deadline (about 1.2 s on a quiet
    # 2-core machine; 4,000 were enough before the decoder read plain headers directly).
    matching_maildir(tmp_path / "box", 8000)
    (tmp_path / "empty" / "new").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTPMAIL_")}

    def run(config: Path, *extra: str) -> tuple[float, str]:
        started = time.monotonic()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "otpmail",
                "read",
                "--to",
                "qa@example.com",
                *extra,
                "--integrations",
                str(config),
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        return time.monotonic() - started, done.stdout + done.stderr

    start_up, _ = run(write_config(tmp_path / "empty", CONFIG.replace("path: box", "path: .")))
    took, out = run(write_config(tmp_path, CONFIG), "--count", "--deadline", "0.3")

    assert json.loads(out)["code"] == "deadline_exceeded", out
    assert took - start_up < 0.3 + 1, f"exited {took:.1f} s after start, start-up {start_up:.1f} s"


# -- the user's flow: a catcher, several reads in one session ------------------------------


@pytest.mark.loopback
async def test_one_reader_finds_each_new_mail_of_a_catcher_as_it_arrives(tmp_path: Path) -> None:
    """Tests of one session share a Reader; each sends a mail through SMTP and reads the
    newest. The second read must see the second mail, not what the first one cached."""
    with smtp_catcher(tmp_path / "box") as send:
        async with Reader(write_config(tmp_path, CONFIG)) as reader:
            send(message("qa+a@example.com", body="Your code is 111111"))
            first = await reader.read_emails("qa+a@example.com", latest=True)
            send(message("qa+a@example.com", body="Your code is 222222"))
            second = await reader.read_emails("qa+a@example.com", latest=True)
            send(message("qa+b@example.com", body="Your code is 333333"))
            other = await reader.read_emails("qa+b@example.com", latest=True)
            count = await reader.read_emails("qa+a@example.com", count=True)

    assert first["data"]["emails"][0]["body"] == "Your code is 111111"
    assert second["data"]["emails"][0]["body"] == "Your code is 222222"
    assert other["data"]["emails"][0]["body"] == "Your code is 333333"
    assert count["data"]["count"] == 2
