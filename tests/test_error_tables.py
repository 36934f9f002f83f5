"""The providers' error tables (``_providers/_error_table.py``): read top-down, the first row
that matches wins, so a row placed under a wider one would never be reached. Each row here
is reached by an answer made to match it, and each code is a documented one."""

from __future__ import annotations

import doctest

import pytest

from otpmail._core._errors import CODES
from otpmail._providers import _error_table, _gmail_errors, _graph_errors
from otpmail._providers._error_table import ANY, ErrorRow, ErrorTable

TABLES = {
    "gmail api": _gmail_errors.API_ERRORS,
    "gmail token": _gmail_errors.TOKEN_ERRORS,
    "graph api": _graph_errors.API_ERRORS,
    "graph token": _graph_errors.TOKEN_ERRORS,
}


def probe(row: ErrorRow) -> tuple[int | None, set[str]]:
    """An answer that matches ``row`` and as few other rows as it can: no status for ANY,
    the first of a range, and only the row's own reason."""
    status = row.status.start if isinstance(row.status, range) else row.status
    return status, set() if row.reason is ANY else {row.reason}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_is_reached_by_an_answer_made_to_match_it(name: str) -> None:
    table = TABLES[name]

    for row in table.rows:
        assert table.row_for(*probe(row)) is row, row


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_names_a_documented_code(name: str) -> None:
    assert {row.code for row in TABLES[name].rows} <= set(CODES)


def test_a_row_under_a_wider_one_is_never_reached() -> None:
    wide = ErrorRow(403, ANY, "permission_denied", "", False)
    narrow = ErrorRow(403, "domainPolicy", "permission_denied", "policy", False)
    table = ErrorTable(wide, narrow, ErrorRow(ANY, ANY, "request_failed", "", False))

    assert table.row_for(*probe(narrow)) is wide


def test_a_table_without_a_last_row_for_any_answer_is_refused() -> None:
    with pytest.raises(ValueError, match="last row"):
        ErrorTable(ErrorRow(403, ANY, "permission_denied", "", False))


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(_error_table)
    assert result.attempted > 0
    assert result.failed == 0
