"""The providers' error tables (``_providers/_error_table.py``): read top-down, the first
row that matches wins, so a row placed under a wider one would never be reached. Each row
here is reached by an answer made to match it, and each code is a documented one."""

from __future__ import annotations

import doctest

import pytest

from otpmail._core._errors import CODES
from otpmail._providers import _error_table, _gmail_errors
from otpmail._providers._error_table import ANY, ErrorRow, first_match

TABLES = {
    "gmail api": _gmail_errors.API_ERRORS,
    "gmail token": _gmail_errors.TOKEN_ERRORS,
}


def probe(row: ErrorRow) -> tuple[int | None, set[str]]:
    """An answer that matches ``row`` and as few rows as it can: no status for ANY, the
    first of a range, and only the row's own reason."""
    status = row.status.start if isinstance(row.status, range) else row.status
    return status, set() if row.reason is ANY else {row.reason}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_is_reached_by_an_answer_made_to_match_it(name: str) -> None:
    table = TABLES[name]

    for row in table:
        status, reasons = probe(row)
        assert first_match(table, status, reasons) is row, row


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_names_a_documented_code_and_the_last_row_matches_anything(name: str) -> None:
    table = TABLES[name]

    assert {row.code for row in table} <= set(CODES)
    assert table[-1][:2] == (ANY, ANY)


def test_a_row_under_a_wider_one_is_never_reached() -> None:
    wide = ErrorRow(403, ANY, "permission_denied", None, False)
    narrow = ErrorRow(403, "domainPolicy", "permission_denied", "policy", False)

    assert first_match((wide, narrow), *probe(narrow)) is wide


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(_error_table)
    assert result.attempted > 0
    assert result.failed == 0
