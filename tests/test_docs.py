"""The README, CI and the code tell the same story."""

from __future__ import annotations

import re

from conftest import ROOT
from otpmail._core._errors import CODES

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
    rows = re.findall(
        r"^\| `(\w+)` \| (\w+) \| (yes|no) \| ([a-z -]+) \| (.+?) \|$", README, flags=re.M
    )

    assert {
        code: (prefix, retry == "yes", answers, remedy)
        for code, prefix, retry, answers, remedy in rows
    } == {
        code: (info.prefix.value, info.retryable, info.answers, info.remedy)
        for code, info in CODES.items()
    }


def test_every_retryable_code_answers_wait_and_retry_and_no_other_does() -> None:
    for info in CODES.values():
        assert info.retryable == (info.answers == "wait and retry")


def test_the_example_integrations_file_is_valid_with_every_entry_uncommented(
    tmp_path: object,
) -> None:
    """The commented entries of integrations.example.yaml are real configuration too."""
    from pathlib import Path

    from otpmail._core._config import load

    text = (ROOT / "integrations.example.yaml").read_text(encoding="utf-8")
    lines = [
        line.replace("# ", "", 1)
        if re.match(r"\s*# (?:-? ?\w+:|  \w+:|\w+:)", line) and "://" not in line.split(":", 1)[0]
        else line
        for line in text.splitlines()
    ]
    folder = Path(str(tmp_path))
    (folder / "examples").symlink_to(ROOT / "examples")
    path = folder / "integrations.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    config = load(path)

    assert [m.provider for m in config.mailboxes] == ["maildir", "gmail", "outlook"]
    assert config.limits.body_chars == 20000


def test_the_readme_links_only_to_files_that_exist() -> None:
    for target in re.findall(r"\]\(((?!https?:)[^)#]+)", README):
        assert (ROOT / target).exists(), target
