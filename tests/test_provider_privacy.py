"""A provider's private methods and attributes are used only inside ``_providers/``: the
front ends (``check --deep`` included) go through the probe classes instead."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

SRC = ROOT / "src" / "otpmail"
PROVIDERS = SRC / "_providers"
PROVIDER_MODULES = ("_gmail.py", "_outlook.py", "_maildir.py")


def private_names(path: Path) -> set[str]:
    """The private names a provider module's classes define: methods and ``self._x``."""
    names: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        names.update(
            n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and isinstance(node.ctx, ast.Store)
        ):
            names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def uses(root: Path, names: set[str]) -> list[str]:
    """``module:line .name`` for each use of one of ``names`` on anything but ``self``,
    outside ``_providers/``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.is_relative_to(root / "_providers"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in names
                and not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"})
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
    return found


def test_no_module_outside_the_providers_uses_a_providers_private_names() -> None:
    names = set().union(*(private_names(PROVIDERS / m) for m in PROVIDER_MODULES))

    assert {"_call", "_fetch_all", "_page", "_session", "_credential"} <= names
    assert uses(SRC, names) == []


def test_the_scan_finds_a_front_end_calling_a_private_method(tmp_path: Path) -> None:
    (tmp_path / "_providers").mkdir()
    (tmp_path / "_frontends").mkdir()
    (tmp_path / "_frontends" / "_x.py").write_text(
        "async def f(provider):\n    return await provider._fetch_all([])\n", encoding="utf-8"
    )

    assert uses(tmp_path, {"_fetch_all"}) == ["_frontends/_x.py:2 ._fetch_all"]
