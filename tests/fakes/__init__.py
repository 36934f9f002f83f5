"""In-process fakes of the providers, at the SDK transport seams."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Timed(Protocol):
    operation: str
    started: float
    ended: float


def sequential_round_trips(requests: Iterable[Timed], operations: set[str] | None = None) -> int:
    """The longest chain of requests each started after the previous one ended: the round
    trips a caller waited for one after another (overlapping requests count once)."""
    chosen = sorted(
        (r for r in requests if operations is None or r.operation in operations),
        key=lambda r: r.started,
    )
    chain: list[int] = []
    for i, request in enumerate(chosen):
        before = [chain[j] for j in range(i) if chosen[j].ended <= request.started]
        chain.append(1 + max(before, default=0))
    return max(chain, default=0)
