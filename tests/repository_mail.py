"""The repository's mail in one list, for the tests that hold the decoder to something on
all of it: every ``.eml`` under ``tests/`` (the corpus, the real-world corpus, the
security mails), every hostile mail of ``hostile_mail.py``, and the Maildir benchmark's
mails (``bench/_maildir_corpus.py``: multipart/alternative, encoded names and subjects,
Delivered-To and X-RcptTo); and a decode of one mail as fields, to compare decodes."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hostile_mail import HOSTILE
from otpmail._core._bounds import DEFAULT_LIMITS, Limits

ROOT = Path(__file__).resolve().parent.parent


def bench_mail(folder: Path, count: int, now: datetime) -> list[tuple[str, bytes]]:
    """``count`` of the benchmark's mails, built in ``folder``."""
    spec = importlib.util.spec_from_file_location(
        "_maildir_corpus", ROOT / "bench" / "_maildir_corpus.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("_maildir_corpus", module)
    spec.loader.exec_module(module)
    module.build(folder, count, now=now.timestamp())
    return [(f"bench/{p.name}", p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()]


def repository_mail(folder: Path, bench_count: int, now: datetime) -> list[tuple[str, bytes]]:
    """(name, raw) of every mail above; ``folder`` receives the benchmark's."""
    tests = ROOT / "tests"
    samples = [(p.relative_to(tests).as_posix(), p.read_bytes()) for p in tests.rglob("*.eml")]
    samples += [(f"hostile/{h.name}", h.build()) for h in HOSTILE]
    samples += bench_mail(folder, bench_count, now)
    assert len(samples) > 400
    return samples


def decoded_fields(
    raw: bytes,
    *,
    limits: Limits = DEFAULT_LIMITS,
    facts_only: bool = False,
    now: datetime = datetime(2026, 12, 1, tzinfo=UTC),
) -> dict[str, Any] | tuple[str, str]:
    """Every field of ``raw`` decoded as a Maildir reads it (the catcher's X-RcptTo
    counting), or the refusal as (exception type, message): two decodes compare equal
    when they gave the same email, or refused it the same way."""
    from otpmail._decoding import parse_rfc822  # the checkout a benchmark put first

    try:
        email = parse_rfc822(
            raw,
            id="1",
            account="qa@example.com",
            received_at=now,
            limits=limits,
            envelope_header="X-RcptTo",
            facts_only=facts_only,
        )
    except Exception as exc:  # a refusal must be the same refusal
        return (type(exc).__name__, str(exc))
    return {f.name: getattr(email, f.name) for f in fields(email)}
