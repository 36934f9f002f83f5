"""The environment of a timed fresh process of a checkout: ``PYTHONPATH`` at its ``src/``,
no ``OTPMAIL_`` variables, and its bytecode compiled first, as an installed copy has it.

An editable checkout gets its ``__pycache__`` written by the first process that imports
it, unless ``PYTHONDONTWRITEBYTECODE`` is set (as CI images and this machine set it): then
every fresh process compiles each module it imports again: a read of an empty Maildir
took 167 ms from a worktree without a cache and 124 ms compiled (docs/performance.md),
time a user's installed copy does not pay, and more for a checkout that has none than for
one that has an older cache, when two are timed side by side.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

_COMPILED: set[Path] = set()


def fresh_env(tree: Path) -> dict[str, str]:
    """The environment for ``python -m otpmail`` from ``tree``'s ``src/``, compiled once
    per benchmark process (``compileall`` writes what is missing or out of date)."""
    src = (tree / "src").resolve()
    if src not in _COMPILED:
        compileall.compile_dir(src, quiet=1)
        _COMPILED.add(src)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTPMAIL_")}
    env["PYTHONPATH"] = str(src)
    return env
