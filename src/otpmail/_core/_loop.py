"""The one event loop that every blocking call of otpmail runs on.

``read_emails_sync``, ``wait_for_email_sync`` and the pytest fixture's sync face all hand
their coroutine to one loop in one daemon thread, started on first use. Keeping one loop
keeps what lives per loop — a mailbox's poll stream, Graph's httpx session — for the whole
process, instead of building it again for each call (what ``asyncio.run`` per call did).

A blocking call made inside a running event loop is refused: it would stall that loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Coroutine
from functools import wraps
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

T = TypeVar("T")
P = ParamSpec("P")
A = TypeVar("A")

THREAD_NAME = "otpmail-loop"


class LoopThread:
    """An event loop running forever in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name=THREAD_NAME, daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop and wait for its result (or its exception).

        Interrupted while it waits (Ctrl-C), it cancels the coroutine too, as
        ``asyncio.run`` would: a wait must not poll on for a caller that is gone.
        """
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            return future.result()
        except BaseException:
            future.cancel()
            raise

    def call(self, function: Callable[[], None]) -> None:
        """Run ``function`` on the loop's thread (asyncio objects are not thread-safe)."""

        async def call() -> None:
            function()

        self.run(call())


_shared: LoopThread | None = None
_shared_lock = threading.Lock()


def shared_loop() -> LoopThread:
    """The process's loop thread, started on first use; it ends with the process."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.loop.is_closed() or not _shared._thread.is_alive():
            _shared = LoopThread()
        return _shared


def run_blocking(name: str, call: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine ``call()`` makes on the shared loop and wait for it.

    Blocking inside a running loop would stall that loop, so it is refused before the
    coroutine is even created; ``name`` is the async function to await instead.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return shared_loop().run(call())
    raise RuntimeError(f"{name}_sync was called inside a running event loop; await {name} instead")


class HasAsyncFace(Protocol):
    """A sync face: it holds the async face it blocks on, and the loop that runs it."""

    @property
    def _aio(self) -> Any: ...

    @property
    def _loop(self) -> LoopThread: ...


S = TypeVar("S", bound=HasAsyncFace)


def blocking(
    method: Callable[Concatenate[A, P], Awaitable[T]],
) -> Callable[Concatenate[S, P], T]:
    """The sync twin of an async face's ``method``: same name, signature and docstring.

    On the sync face ``self._aio`` is the async face, and each call runs the coroutine on
    ``self._loop``, so the sync face works in sync and async tests alike.
    """

    @wraps(method)
    def twin(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        __tracebackhide__ = True

        async def call() -> T:
            return await method(self._aio, *args, **kwargs)

        return self._loop.run(call())

    return twin
