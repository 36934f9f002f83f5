"""The folder list is the architecture (CONTRIBUTING.md, "Layout"): each layer imports only
from the layers below it, and from decoding only through its one public face."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "otpmail"

# Lower first. The top-level modules (the public API, the pytest plugin) sit above all.
LAYERS = ["_core", "_signin", "_decoding", "_providers", "_sharing", "_reading", "_frontends"]


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "otpmail":
        return -1
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else len(LAYERS)


def _runtime_imports(path: Path) -> list[str]:
    """Every ``otpmail`` module imported at run time, lazy imports in functions included;
    imports under ``if TYPE_CHECKING:`` are for the type checker only."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for child in node.body for n in ast.walk(child))
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("otpmail"):
            found.append(node.module)
            found.extend(f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_"))
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("otpmail"))
    return found


MODULES = sorted(p for p in SRC.rglob("*.py") if p.parent != SRC)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_a_layer_imports_only_from_the_layers_below_it(path: Path) -> None:
    own = LAYERS.index(path.relative_to(SRC).parts[0])
    above = [m for m in _runtime_imports(path) if _layer(m) > own]
    assert above == []


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_decoding_is_used_through_its_public_face(path: Path) -> None:
    if path.relative_to(SRC).parts[0] == "_decoding":
        return
    inner = [m for m in _runtime_imports(path) if m.startswith("otpmail._decoding._")]
    assert inner == []


def test_every_layer_is_a_folder_with_its_own_docstring() -> None:
    for layer in LAYERS:
        init = SRC / layer / "__init__.py"
        assert ast.get_docstring(ast.parse(init.read_text())), layer
