"""The suite reaches nothing but this machine: pytest-socket (``--allow-hosts=127.0.0.1``
in pytest.ini) refuses any other connection; the browser's side is
``test_sign_in.py::test_the_browser_resolves_no_host_name``."""

from __future__ import annotations

import socket

import pytest
import pytest_socket


def test_the_tests_cannot_connect_beyond_loopback() -> None:
    # 203.0.113.0/24 is reserved for documentation: the guard refuses it before any packet.
    with pytest.raises(pytest_socket.SocketConnectBlockedError):
        socket.create_connection(("203.0.113.7", 443), timeout=1)
