"""Running a command in a process: output that never ends in a traceback, a deadline that
holds in wall time, and the end of the process once the command has answered.

Output: characters stdout cannot encode are escaped, a reader that goes away (``| head``)
is no error, and any other failure of stdout is :class:`OutputFailed` (the command's exit
status 74). The deadline: :func:`run_async` runs the command on its own thread and event
loop and stops waiting for it at the deadline plus :data:`DEADLINE_GRACE`. The end:
:func:`end_process` runs the ``atexit`` handlers and ends the process without waiting for
a thread still running or for the interpreter's teardown.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import IO, Any, NoReturn, TypeVar

from otpmail._core._errors import OtpmailError

DEADLINE_GRACE = 0.5
"""Seconds past its deadline (or timeout) a command is given to answer on its own: the
library's own ``deadline_exceeded`` comes first, unless something holds the event loop."""

_T = TypeVar("_T")


class OutputFailed(Exception):
    """Standard output cannot take what the command has to print."""


# ---------------------------------------------------------------------------------------
# Output: never a traceback, whatever the stream does


def _silence(stream: IO[str]) -> None:
    """Point ``stream``'s descriptor at devnull, so that the interpreter's final flush of
    what is still buffered does not fail again."""
    # OSError, ValueError: no descriptor (a StringIO), or one already gone.
    with contextlib.suppress(OSError, ValueError):
        target = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, target)
        finally:
            os.close(devnull)


def write(text: str, *, err: bool = False) -> None:
    """Write ``text`` to stdout (or stderr) and flush.

    Characters the stream cannot encode (``PYTHONIOENCODING=ascii``, undecodable bytes in
    an argument) are written as backslash escapes. A reader that went away (``| head``)
    is no error. Any other failure of stdout raises :class:`OutputFailed`; a failure of
    stderr is ignored, since there is nowhere left to report it.
    """
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        if err:
            return
        raise OutputFailed("standard output is closed")
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "utf-8"
            stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except BrokenPipeError:
        _silence(stream)
    except (OSError, ValueError) as exc:  # ValueError: write to a closed file
        if err:
            return
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise OutputFailed(reason) from None


def json_text(envelope: dict[str, Any]) -> str:
    """The envelope as JSON, with non-ASCII characters as they are when stdout can encode
    them, else as ``\\u`` escapes: the output is valid JSON on any stdout."""
    text = json.dumps(envelope, ensure_ascii=False, indent=2)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        text = json.dumps(envelope, ensure_ascii=True, indent=2)
    return text + "\n"


def print_json(envelope: dict[str, Any]) -> None:
    write(json_text(envelope))


# ---------------------------------------------------------------------------------------
# Running a command within its deadline, in wall time


def run_async(
    work: Callable[[], Awaitable[_T]], limit: float | None, on_time_out: Callable[[], _T]
) -> _T:
    """``work()`` on a fresh event loop in a daemon thread; its result, or
    ``on_time_out()`` if it has none ``limit`` seconds from now (plus
    :data:`DEADLINE_GRACE`). An exception of ``work`` is raised here.

    The loop's default executor is a :class:`~otpmail._core._workers.WorkerPool`, so
    ``asyncio.run`` does not wait for a worker thread still busy (the Maildir scan runs on
    it), and neither does the interpreter at exit; the providers' own threads are daemon
    threads too. Ctrl-C reaches the main thread, which is only waiting.
    """
    import asyncio

    from otpmail._core._workers import WorkerPool

    outcome: list[tuple[bool, Any]] = []
    done = threading.Event()

    async def main() -> None:
        asyncio.get_running_loop().set_default_executor(WorkerPool(8, "otpmail-cli"))
        try:
            outcome.append((True, await work()))
        except BaseException as exc:
            outcome.append((False, exc))
        finally:
            # Answered: the main thread need not wait for the loop's own shutdown.
            done.set()

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # the loop itself failed before work() could answer
            if not outcome:
                outcome.append((False, exc))
        finally:
            done.set()

    thread = threading.Thread(target=run, name="otpmail-command", daemon=True)
    thread.start()
    if not done.wait(None if limit is None else limit + DEADLINE_GRACE) or not outcome:
        return on_time_out()
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value  # type: ignore[no-any-return]


def out_of_time(what: str, seconds: float) -> Callable[[], dict[str, Any]]:
    """The envelope of a command that did not answer within ``seconds`` in wall time."""

    def envelope() -> dict[str, Any]:
        from otpmail._core._envelope import error

        return error(
            OtpmailError("deadline_exceeded", f"{what} did not finish within {seconds:g} s")
        )

    return envelope


# ---------------------------------------------------------------------------------------
# The end of the process


def status_of(exc: SystemExit) -> int:
    """The exit status the interpreter would give ``exc``: None is 0, a text is printed on
    stderr and is 1."""
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    write(f"{exc.code}\n", err=True)
    return 1


def end_process(status: int) -> NoReturn:
    """End the process now that the command has answered: run the ``atexit`` handlers and
    flush what is written, as the interpreter's exit would, then ``os._exit``, which neither
    waits for a thread still running past the deadline (the interpreter's exit joins every
    non-daemon thread, and its teardown runs alongside the daemon ones) nor tears down the
    SDKs' thousand-odd modules one by one."""
    import atexit

    with contextlib.suppress(Exception):
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    os._exit(status)
