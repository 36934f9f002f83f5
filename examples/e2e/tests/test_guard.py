"""The suite reaches nothing but this machine: the test processes (pytest-socket,
``--allow-hosts=127.0.0.1`` in pytest.ini) and the browser (its host-resolver rules)."""

from __future__ import annotations

import socket
from typing import Any

import pytest
import pytest_socket


def test_the_tests_cannot_connect_beyond_loopback() -> None:
    # 203.0.113.0/24 is reserved for documentation: the guard refuses it before any packet.
    with pytest.raises(pytest_socket.SocketConnectBlockedError):
        socket.create_connection(("203.0.113.7", 443), timeout=1)


def test_the_browser_resolves_no_host_name(page: Any, app_url: str) -> None:
    """``localhost`` would resolve without any network; the rule maps every name to
    nothing, so the browser can reach 127.0.0.1 only."""
    by_name = app_url.replace("127.0.0.1", "localhost")

    with pytest.raises(Exception, match="ERR_NAME_NOT_RESOLVED"):
        page.goto(by_name)
    by_address = page.context.new_page()
    by_address.goto(app_url)
    assert by_address.inner_text("h1") == "Sign in to Acme"
