"""Writing hand-authored vcrpy cassettes: shared by the Gmail and Outlook generators."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

Scenarios = Mapping[str, Callable[[], list[dict[str, Any]]]]


def render(interactions: list[dict[str, Any]]) -> str:
    """The YAML text of one cassette (vcrpy's version 1 format)."""
    # A JSON round trip unshares repeated objects, so the YAML has no anchors or aliases.
    document = json.loads(json.dumps({"version": 1, "interactions": interactions}))
    return yaml.safe_dump(
        document, sort_keys=False, allow_unicode=True, width=2**31 - 1, default_flow_style=False
    )


def write_all(directory: Path, scenarios: Scenarios) -> int:
    """Write one cassette per scenario into ``directory`` and remove stale ones."""
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.yaml"):
        if stale.stem not in scenarios:
            stale.unlink()
    for name, build in scenarios.items():
        (directory / f"{name}.yaml").write_text(render(build()), encoding="utf-8")
    print(f"wrote {len(scenarios)} cassettes to {directory}")
    return 0
