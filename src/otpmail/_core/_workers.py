"""Blocking work off the event loop, bounded by the call's deadline, on threads that never
hold the process.

Slow work (decoding, HTML conversion, parsing a listing) runs on a worker thread
(:func:`run_off_loop`) so the event loop stays free and the deadline can fire. A
:class:`WorkerPool` uses daemon threads that nothing joins, because the standard
``ThreadPoolExecutor`` joins its threads at shutdown and at exit, which once kept
``otpmail read --deadline 5`` alive for half a minute. Details: docs/internals.md.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextvars
import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from otpmail._core._errors import OtpmailError
from otpmail._core._retry import remaining

T = TypeVar("T")

_Task = tuple["concurrent.futures.Future[Any]", Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class WorkerPool(concurrent.futures.ThreadPoolExecutor):
    """A thread pool of up to ``max_workers`` daemon threads, never joined.

    A ``ThreadPoolExecutor`` subclass only so that ``loop.set_default_executor`` takes it;
    none of the base class's machinery (its threads, queue and exit hook) is used.
    ``shutdown(wait=True)`` does not wait either: work still running finishes on its own
    thread, whose sockets and deadline bound it, and a process may end before it does.

    >>> pool = WorkerPool(2, "doc")
    >>> pool.submit(sum, [1, 2]).result()
    3
    >>> pool.shutdown()
    """

    def __init__(self, max_workers: int, thread_name_prefix: str) -> None:
        super().__init__(max_workers=max_workers, thread_name_prefix=thread_name_prefix)
        self._size = max(1, max_workers)
        self._prefix = thread_name_prefix
        self._tasks: collections.deque[_Task] = collections.deque()
        self._ready = threading.Condition(threading.Lock())
        self._started = 0
        self._idle = 0
        """Threads waiting for work that no submitted task has been promised to."""
        self._closed = False

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            self._tasks.append((future, fn, args, kwargs))
            if self._idle:
                self._idle -= 1
                self._ready.notify()
            elif self._started < self._size:
                self._started += 1
                threading.Thread(
                    target=self._work, name=f"{self._prefix}_{self._started}", daemon=True
                ).start()
        return future

    def _next(self) -> _Task | None:
        with self._ready:
            while True:
                if self._tasks:
                    return self._tasks.popleft()
                if self._closed:
                    return None
                self._idle += 1
                # submit() takes this thread off the idle count when it wakes it.
                self._ready.wait()

    def _work(self) -> None:
        while (task := self._next()) is not None:
            _run(task)
            del task  # nothing of it stays alive while the thread waits for the next

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more work; with ``cancel_futures``, cancel what has not started. Never
        waits (see the class)."""
        with self._ready:
            self._closed = True
            self._idle = 0
            dropped = list(self._tasks) if cancel_futures else []
            if cancel_futures:
                self._tasks.clear()
            self._ready.notify_all()
        for future, *_ in dropped:
            future.cancel()


def _run(task: _Task) -> None:
    future, fn, args, kwargs = task
    if not future.set_running_or_notify_cancel():
        return
    try:
        result = fn(*args, **kwargs)
    except BaseException as exc:
        future.set_exception(exc)
    else:
        future.set_result(result)


async def run_off_loop(pool: concurrent.futures.Executor, work: Callable[[], T], what: str) -> T:
    """Run ``work`` on ``pool`` with the caller's context (its deadline), and stop waiting at
    the call's deadline: ``deadline_exceeded``, naming ``what``. Without a deadline, wait
    until it is done."""
    context = contextvars.copy_context()
    loop = asyncio.get_running_loop()
    left = remaining()
    if left is None:
        return await loop.run_in_executor(pool, functools.partial(context.run, work))
    if left <= 0:
        raise OtpmailError("deadline_exceeded", f"{what} did not start before the deadline")
    scope = asyncio.timeout(left)
    try:
        async with scope:
            return await loop.run_in_executor(pool, functools.partial(context.run, work))
    except TimeoutError:
        if not scope.expired():
            raise
    raise OtpmailError("deadline_exceeded", f"{what} did not finish before the deadline")


__all__ = ["WorkerPool", "run_off_loop"]
