"""The suite itself refuses the network: a test that tries to reach it fails."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
import pytest_socket

pytest_plugins = ["pytester"]


def test_opening_an_internet_socket_is_refused(expect_network_attempt: list[str]) -> None:
    with pytest.raises(pytest_socket.SocketBlockedError):
        socket.create_connection(("203.0.113.7", 443), timeout=1)

    assert expect_network_attempt


@pytest.mark.loopback
def test_loopback_tests_still_cannot_leave_the_machine(expect_network_attempt: list[str]) -> None:
    with pytest.raises(pytest_socket.SocketConnectBlockedError):
        socket.create_connection(("203.0.113.7", 443), timeout=1)

    assert expect_network_attempt


def test_a_swallowed_network_attempt_still_fails_the_test(pytester: pytest.Pytester) -> None:
    """An SDK that catches the blocking error cannot hide the attempt."""
    pytester.makepyfile(
        conftest=(Path(__file__).parent / "conftest.py").read_text(),
        test_swallow="""
import socket

def test_swallows():
    try:
        socket.create_connection(("203.0.113.7", 443), timeout=1)
    except Exception:
        pass
""",
    )
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--disable-socket",
        "--allow-unix-socket",
        "-W",
        "ignore::DeprecationWarning",
    )
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*tried to reach the network*"])
