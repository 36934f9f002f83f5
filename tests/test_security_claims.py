"""SECURITY.md cannot drift from the suite: every test it names exists (collected by node
id), every claim and threat names its proof, and every test in ``tests/test_security_*.py``
is named in it.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECURITY_MD = ROOT / "SECURITY.md"
TEST_ID = re.compile(r"`(tests/[\w/]+\.py::[^`\s]+)`")


def named_tests() -> list[str]:
    return TEST_ID.findall(SECURITY_MD.read_text(encoding="utf-8"))


def _matches(name: str, collected: set[str]) -> bool:
    """``name`` is a collected node id, or the function of one or more parametrized ids."""
    return name in collected or any(c.startswith(f"{name}[") for c in collected)


def _collect(names: list[str]) -> set[str]:
    """Node ids pytest collects for ``names``' files, in a separate process."""
    files = sorted({n.split("::", 1)[0] for n in names})
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return {line.strip() for line in result.stdout.splitlines() if "::" in line}


def test_every_test_named_in_security_md_exists(request: pytest.FixtureRequest) -> None:
    names = named_tests()
    assert len(names) >= 60, "SECURITY.md names too few tests: the pattern may be broken"
    # The tests this session collected answer for free; the others are collected anew.
    collected = {item.nodeid for item in request.session.items}
    unknown = [n for n in names if not _matches(n, collected)]
    if unknown:
        collected |= _collect(unknown)
    missing = [n for n in names if not _matches(n, collected)]

    assert missing == [], f"SECURITY.md names tests that do not exist: {missing}"


def _sections(text: str, heading: str) -> list[str]:
    """The blocks that start with ``heading`` (a regex anchored at a line start)."""
    starts = [m.start() for m in re.finditer(heading, text, re.MULTILINE)]
    ends = [*starts[1:], len(text)]
    return [text[a:b] for a, b in zip(starts, ends, strict=True)]


def test_every_claim_and_threat_names_its_proof() -> None:
    text = SECURITY_MD.read_text(encoding="utf-8")
    claims_part = text[text.index("## Claims") : text.index("## Not claimed")]
    claims = _sections(claims_part, r"^- \*\*C[0-9]+\.")
    threats = _sections(text[text.index("## Threats") : text.index("## Claims")], r"^### T[0-9]+\.")

    assert len(claims) >= 25 and len(threats) >= 6
    numbers = [int(re.match(r"- \*\*C([0-9]+)", c).group(1)) for c in claims]  # type: ignore[union-attr]
    assert numbers == list(range(1, len(claims) + 1)), "claims are numbered C1, C2, … in order"
    for claim in claims:
        assert TEST_ID.search(claim), f"a claim without a test: {claim[:80]!r}"
    for threat in threats:
        title = threat.splitlines()[0]
        assert "**Mitigation.**" in threat, f"{title} has no mitigation"
        assert "**Residual.**" in threat, f"{title} states no residual risk"
        cited = {int(n) for n in re.findall(r"\bC([0-9]+)\b", threat)}
        assert cited and cited <= set(numbers), f"{title} must cite the claims that prove it"
    for section in ("## Trust model", "## Data flow", "## Not claimed", "## Non-goals"):
        assert section in text


def _security_tests() -> set[str]:
    """Every test function of the security modules, as a node id without parameters."""
    found = set()
    for path in sorted(ROOT.glob("tests/test_security_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test_"
            ):
                found.add(f"tests/{path.name}::{node.name}")
    return found


def test_every_security_test_is_named_in_security_md() -> None:
    named = {n.split("[", 1)[0] for n in named_tests()}
    tests = _security_tests()

    assert len(tests) >= 30
    assert sorted(tests - named) == [], "security tests SECURITY.md does not name"
