"""The README, CI and the code tell the same story."""

from __future__ import annotations

import re

from conftest import ROOT
from otpmail._errors import CODES

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", README)[:2]


def test_the_readme_opens_with_the_main_job_and_the_test_command() -> None:
    main_job, tests = _commands()

    assert "otpmail read" in main_job and "integrations.example.yaml" in main_job
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = _commands()

    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_error_code_table_matches_the_code() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\w+) \| (yes|no) \| (.+?) \|$", README, flags=re.M)

    assert {code: (prefix, retry == "yes", remedy) for code, prefix, retry, remedy in rows} == {
        code: (info.prefix.value, info.retryable, info.remedy) for code, info in CODES.items()
    }
