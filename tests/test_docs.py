"""The README, the docs, CI and the code tell the same story."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT
from otpmail._core._errors import CODES

pytest_plugins = ["pytester"]

README = (ROOT / "README.md").read_text(encoding="utf-8")
ERRORS_MD = ROOT / "docs" / "errors.md"


def _commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", README)[:2]


def test_the_readme_opens_with_the_main_job_and_the_test_command() -> None:
    main_job, tests = _commands()

    assert "otpmail read" in main_job and "integrations.example.yaml" in main_job
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = _commands()

    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.+?)```", text, flags=re.S)


def test_the_readme_shows_a_test_that_reads_a_code_right_after_the_commands() -> None:
    """The first example a newcomer meets is a whole pytest file of under ten lines."""
    example = _python_blocks(README)[0]

    assert README.index(example) < README.index("## Install")
    assert len([line for line in example.splitlines() if line.strip()]) < 10
    assert "def test_" in example and "wait_for_code" in example


@pytest.mark.loopback
def test_the_readme_test_example_passes_as_written(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's example runs unchanged in a fresh project with no integrations file."""
    monkeypatch.delenv("OTPMAIL_INTEGRATIONS", raising=False)
    pytester.makepyfile(test_readme_example=_python_blocks(README)[0])

    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly")

    result.assert_outcomes(passed=1)


def test_the_error_code_table_matches_the_code() -> None:
    rows = re.findall(
        r"^\| `(\w+)` \| (\w+) \| (yes|no) \| ([a-z -]+) \| (.+?) \|$",
        ERRORS_MD.read_text(encoding="utf-8"),
        flags=re.M,
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
        if re.match(r"\s*# (?:-? ?\w+:| +\w+:|\w+:)", line) and "://" not in line.split(":", 1)[0]
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
    gmail = config.mailboxes[1]
    assert getattr(gmail, "push", None) is not None, "the push example did not load"


@pytest.mark.parametrize("name", ["README.md", "docs/configuration.md"])
def test_the_documented_integrations_files_load(name: str) -> None:
    """Each whole integrations file the docs show is valid configuration."""
    import yaml

    from otpmail._core._config import parse

    text = (ROOT / name).read_text(encoding="utf-8")
    blocks = [
        b for b in re.findall(r"```yaml\n(.+?)```", text, flags=re.S) if b.startswith("email:")
    ]

    assert blocks, f"{name} shows no integrations file"
    for block in blocks:
        assert parse(yaml.safe_load(block), ROOT / "integrations.yaml").mailboxes


# Pages other branches of this round add; each link to one is checked once it exists. When
# this test says one exists, take it off the list (the list is meant to end up empty).
PENDING_PAGES = {}

TOP_LEVEL = ["README.md", "SECURITY.md", "CONTRIBUTING.md", "CHANGELOG.md"]
DOCUMENTS = sorted([*(ROOT / name for name in TOP_LEVEL), *(ROOT / "docs").rglob("*.md")])


def _prose(path: Path) -> str:
    """The text of a Markdown file without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a file's headings."""
    headings = re.findall(r"^#+ (.+)$", _prose(path), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


def test_the_pending_pages_are_still_pending() -> None:
    arrived = sorted(page for page in PENDING_PAGES if (ROOT / page).exists())

    assert arrived == [], f"these pages exist now: take them off PENDING_PAGES: {arrived}"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_docs_link_only_to_files_and_headings_that_exist(path: Path) -> None:
    for link in re.findall(r"\]\(((?!https?:|mailto:)[^)\s]+)\)", _prose(path)):
        target, _, anchor = link.partition("#")
        file = (path.parent / target).resolve() if target else path
        if str(file.relative_to(ROOT)) in PENDING_PAGES:
            continue
        assert file.exists(), link
        if anchor and file.suffix == ".md":
            assert anchor in _anchors(file), link


def test_the_readme_stays_an_introduction_that_reaches_every_page() -> None:
    """Reference material goes to one page per topic under docs/, each linked from the README."""
    linked = set(re.findall(r"\]\((docs/[\w/.-]+\.md)\)", README))
    pages = {str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md")}

    assert len(README.splitlines()) <= 300
    assert sorted(pages - linked) == [], "pages the README's table does not link"
