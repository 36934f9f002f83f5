"""The live job's gate (tests/live/live_gate.py): skipped without credentials, required
once they are given, so a green live job always means the live checks ran."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from live import live_gate
from live.live_gate import gate


def test_the_docstrings_hold() -> None:
    assert doctest.testmod(live_gate).failed == 0


def test_nothing_given_skips() -> None:
    assert gate({}).outcome == "skip"
    assert gate({"CI": "true", "GITHUB_ACTIONS": "true"}).outcome == "skip"


@pytest.mark.parametrize("value", ["0", "false", "no", "off"])
def test_an_explicit_no_skips_even_with_a_file(tmp_path: Path, value: str) -> None:
    config = tmp_path / "live.yaml"
    config.write_text("email: {}\n")

    assert gate({"OTPMAIL_LIVE": value, "OTPMAIL_LIVE_INTEGRATIONS": str(config)}).outcome == "skip"


@pytest.mark.parametrize(
    "environ",
    [
        {"OTPMAIL_LIVE": "1"},
        # A secret a fork's pull request does not get expands to an empty string.
        {"OTPMAIL_LIVE": "1", "OTPMAIL_LIVE_INTEGRATIONS": ""},
        {"OTPMAIL_LIVE": "true", "OTPMAIL_LIVE_INTEGRATIONS": "   "},
        {"OTPMAIL_LIVE": "1", "OTPMAIL_LIVE_INTEGRATIONS": "/nonexistent/live.yaml"},
        {"OTPMAIL_LIVE_INTEGRATIONS": "/nonexistent/live.yaml"},
    ],
)
def test_once_asked_a_missing_variable_or_file_fails(environ: dict[str, str]) -> None:
    decided = gate(environ)

    assert decided.outcome == "fail"
    assert "OTPMAIL_LIVE_INTEGRATIONS" in decided.reason


def test_the_file_alone_is_asking(tmp_path: Path) -> None:
    config = tmp_path / "live.yaml"
    config.write_text("email: {}\n")

    decided = gate({"OTPMAIL_LIVE_INTEGRATIONS": str(config)})

    assert (decided.outcome, decided.integrations, decided.denied) == ("run", config, None)


def test_a_denied_file_that_is_not_there_fails(tmp_path: Path) -> None:
    config = tmp_path / "live.yaml"
    config.write_text("email: {}\n")
    environ = {
        "OTPMAIL_LIVE": "1",
        "OTPMAIL_LIVE_INTEGRATIONS": str(config),
        "OTPMAIL_LIVE_DENIED_INTEGRATIONS": str(tmp_path / "missing.yaml"),
    }

    assert gate(environ).outcome == "fail"
    environ["OTPMAIL_LIVE_DENIED_INTEGRATIONS"] = str(config)
    assert gate(environ).denied == config
