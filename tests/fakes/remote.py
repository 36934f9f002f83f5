"""The fakes of one Gmail and one Graph mailbox, served to other processes.

Several worker processes (pytest-xdist workers, CLI calls, separate runs) must reach the
*same* fake mailbox, so that every request any of them makes is counted in one place.
:class:`Upstreams` holds a :class:`~fakes.gmail.FakeGmail` and a :class:`~fakes.graph.FakeGraph`
in the serving process (the test, or a benchmark's loopback process) and answers over a
``multiprocessing`` manager on a Unix socket. In each worker, :func:`gmail_http_factory` and
:func:`graph_transports` plug the real providers into it at the same transport seams the
in-process fakes use, so the worker runs the real SDK stacks.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import datetime
from multiprocessing.managers import BaseManager
from typing import Any

import httpx

from fakes.gmail import FakeGmail, FakeGmailHttp, Fault
from fakes.graph import FakeGraph, GraphFault, _GraphTransport, _TokenTransport

GRAPH_BOX = "otp@contoso.com"


class Upstreams:
    """One fake Gmail and one fake Graph mailbox, answering requests from any process."""

    def __init__(self, latency: float = 0.0) -> None:
        self.gmail = FakeGmail(latency=latency)
        self.graph = FakeGraph(GRAPH_BOX, latency=latency)
        # FakeGraph answers on one event loop (it counts requests in flight there).
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="fake-graph", daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    # -- the seams (called by the workers) ----------------------------------------------

    def gmail_handle(
        self, method: str, url: str, body: Any, timeout: float | None, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        return self.gmail.handle(method, url, body, timeout, headers=headers)

    def graph_answer(
        self, operation: str, method: str, url: str
    ) -> tuple[int, dict[str, str], bytes]:
        future = asyncio.run_coroutine_threadsafe(
            self.graph.answer(operation, method, url), self._loop
        )
        return future.result()

    # -- the mailbox (called by the test) ------------------------------------------------

    def deliver_gmail(self, raw: bytes, at: datetime | None = None) -> str:
        return self.gmail.deliver(raw, at)

    def deliver_gmail_together(self, raws: list[bytes]) -> list[str]:
        """Deliver ``raws`` at one instant for the fake: no request is answered between."""
        return self.gmail.deliver_together(list(raws))

    def deliver_graph(self, **fields: Any) -> str:
        future = asyncio.run_coroutine_threadsafe(_call(self.graph.deliver, **fields), self._loop)
        return future.result()

    def deliver_graph_together(self, mails: list[dict[str, Any]]) -> list[str]:
        """Deliver ``mails`` at one instant for the fake: no request is answered between."""

        async def together() -> list[str]:
            return [self.graph.deliver(**fields) for fields in mails]

        return asyncio.run_coroutine_threadsafe(together(), self._loop).result()

    def fail_gmail(self, operation: str, *faults: Fault) -> None:
        self.gmail.fail(operation, *faults)

    def fail_graph(self, operation: str, *faults: GraphFault) -> None:
        self._loop.call_soon_threadsafe(self.graph.fail, operation, *faults)

    def gmail_count(self, operation: str | None = None) -> int:
        return self.gmail.count(operation)

    def gmail_quota(self) -> int:
        return self.gmail.quota

    def gmail_times(self, operation: str) -> list[float]:
        """When each request of ``operation`` started (``time.monotonic()`` here)."""
        return [r.started for r in self.gmail.requests if r.operation == operation]

    def graph_count(self, operation: str | None = None) -> int:
        return self.graph.count(operation)

    def graph_times(self, operation: str | None = None) -> list[tuple[float, float]]:
        return [
            (r.started, r.ended)
            for r in self.graph.requests
            if operation is None or r.operation == operation
        ]

    def graph_max_in_flight(self) -> int:
        return self.graph.max_in_flight

    def now(self) -> float:
        import time

        return time.monotonic()


async def _call(function: Any, **fields: Any) -> Any:
    return function(**fields)


class _Manager(BaseManager):
    pass


def serve(upstreams: Upstreams, address: str, authkey: bytes) -> Any:
    """Serve ``upstreams`` on the Unix socket ``address`` from a thread of this process;
    returns the server (``server.listener.close()`` stops listening)."""

    class Serving(BaseManager):
        pass

    Serving.register("upstreams", callable=lambda: upstreams)
    server = Serving(address=address, authkey=authkey).get_server()
    threading.Thread(target=server.serve_forever, name="fake-upstreams", daemon=True).start()
    return server


def connect(address: str, authkey: bytes) -> Any:
    """A proxy of the :class:`Upstreams` served at ``address`` (in a worker process)."""
    _Manager.register("upstreams")
    manager = _Manager(address=address, authkey=authkey)
    manager.connect()
    return manager.upstreams()  # type: ignore[attr-defined]


class _GmailUpstream:
    """What :class:`FakeGmailHttp` calls, forwarded to the serving process."""

    def __init__(self, proxy: Any) -> None:
        self._proxy = proxy

    def handle(
        self,
        method: str,
        url: str,
        body: Any,
        timeout: float | None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        result: tuple[int, dict[str, str], bytes] = self._proxy.gmail_handle(
            method, url, body, timeout, dict(headers or {})
        )
        return result


def gmail_http_factory(proxy: Any) -> Any:
    upstream = _GmailUpstream(proxy)
    return lambda: FakeGmailHttp(upstream)  # type: ignore[arg-type]


class _GraphUpstream:
    """What the fake Graph transports call, forwarded to the serving process."""

    def __init__(self, proxy: Any) -> None:
        self._proxy = proxy

    async def answer(
        self, operation: str, method: str, url: str
    ) -> tuple[int, dict[str, str], bytes]:
        result: tuple[int, dict[str, str], bytes] = await asyncio.to_thread(
            self._proxy.graph_answer, operation, method, url
        )
        return result


def graph_transports(proxy: Any) -> tuple[httpx.AsyncBaseTransport, Any]:
    upstream = _GraphUpstream(proxy)
    return _GraphTransport(upstream), _TokenTransport(upstream)  # type: ignore[arg-type]
