"""The security documents cannot drift from the suite: every test they name exists
(collected by node id), every claim and threat names its proof, and every test in
``tests/test_security_*.py`` is named in them. SECURITY.md is the short policy that links
``docs/security/claims.md`` (C1, C2, … each with its tests) and
``docs/security/threat-model.md`` (T1, T2, … each citing its claims).
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
CLAIMS_MD = ROOT / "docs" / "security" / "claims.md"
THREAT_MODEL_MD = ROOT / "docs" / "security" / "threat-model.md"
DOCUMENTS = (SECURITY_MD, CLAIMS_MD, THREAT_MODEL_MD)
TEST_ID = re.compile(r"`(tests/[\w/]+\.py::[^`\s]+)`")


def named_tests() -> list[str]:
    return [n for path in DOCUMENTS for n in TEST_ID.findall(path.read_text(encoding="utf-8"))]


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


def test_every_test_named_in_the_security_documents_exists(request: pytest.FixtureRequest) -> None:
    names = named_tests()
    assert len(names) >= 60, "the claims name too few tests: the pattern may be broken"
    # The tests this session collected answer for free; the others are collected anew.
    collected = {item.nodeid for item in request.session.items}
    unknown = [n for n in names if not _matches(n, collected)]
    if unknown:
        collected |= _collect(unknown)
    missing = [n for n in names if not _matches(n, collected)]

    assert missing == [], f"the security documents name tests that do not exist: {missing}"


def _sections(text: str, heading: str) -> list[str]:
    """The blocks that start with ``heading`` (a regex anchored at a line start)."""
    starts = [m.start() for m in re.finditer(heading, text, re.MULTILINE)]
    ends = [*starts[1:], len(text)]
    return [text[a:b] for a, b in zip(starts, ends, strict=True)]


def test_every_claim_and_threat_names_its_proof() -> None:
    claims_text = CLAIMS_MD.read_text(encoding="utf-8")
    text = THREAT_MODEL_MD.read_text(encoding="utf-8")
    claims = _sections(claims_text[claims_text.index("## Claims") :], r"^- \*\*C[0-9]+\.")
    threats = _sections(
        text[text.index("## Threats") : text.index("## Not claimed")], r"^### T[0-9]+\."
    )

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


def test_security_md_is_the_short_policy_that_links_both_documents() -> None:
    text = SECURITY_MD.read_text(encoding="utf-8")

    assert "## Reporting a vulnerability" in text and "## Supported versions" in text
    assert "](docs/security/claims.md)" in text
    assert "](docs/security/threat-model.md)" in text
    assert len(text.splitlines()) <= 60, "SECURITY.md is the policy; details go to docs/security/"


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


def test_every_security_test_is_named_in_the_security_documents() -> None:
    named = {n.split("[", 1)[0] for n in named_tests()}
    tests = _security_tests()

    assert len(tests) >= 30
    assert sorted(tests - named) == [], "security tests the security documents do not name"
