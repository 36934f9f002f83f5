"""CLI start-up: ``import otpmail``, ``otpmail read`` against the bundled example Maildir,
and which heavy SDKs a Maildir or a Gmail read loads. Each measurement is a fresh
interpreter (``python -X importtime`` and wall-clock timing of the process)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _fresh import fresh_env

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
HEAVY = ("msgraph", "msgraph_core", "azure", "kiota_abstractions", "kiota_http", "httpx", "aiohttp")
GOOGLE = ("googleapiclient", "google_auth_httplib2", "httplib2")
CLI_ARGS = [
    "read",
    "--to",
    "otp@example.test",
    "--latest",
    "--integrations",
    str(ROOT / "integrations.example.yaml"),
]


def _env() -> dict[str, str]:
    return fresh_env(ROOT)


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=_env())


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    _run(command)
    return time.perf_counter() - started


def _imports(stderr: str) -> dict[str, int]:
    """``-X importtime`` lines → {module: cumulative µs}."""
    found: dict[str, int] = {}
    for line in stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line.split("|", 2)
            if cumulative.strip().isdigit():
                found[name.strip()] = int(cumulative)
    return found


def _loaded(modules: object, prefixes: tuple[str, ...]) -> list[str]:
    names = modules if isinstance(modules, list | dict | set) else []
    return sorted({m.split(".")[0] for m in names if m.split(".")[0] in prefixes})


def measure() -> dict[str, Any]:
    python = sys.executable
    cli = Path(python).parent / "otpmail"
    cli_command = [str(cli), *CLI_ARGS] if cli.exists() else [python, "-m", "otpmail", *CLI_ARGS]

    import_us: list[int] = []
    slowest: dict[str, int] = {}
    for _ in range(RUNS):
        found = _imports(_run([python, "-X", "importtime", "-c", "import otpmail"]).stderr)
        import_us.append(found.get("otpmail", 0))
        slowest = found
    plugin_us: list[int] = []
    for _ in range(3):
        found = _imports(
            _run([python, "-X", "importtime", "-c", "import pytest, otpmail.pytest_plugin"]).stderr
        )
        plugin_us.append(found.get("otpmail.pytest_plugin", 0))
    bare = statistics.median(_wall([python, "-c", "pass"]) for _ in range(RUNS))
    with_import = statistics.median(_wall([python, "-c", "import otpmail"]) for _ in range(RUNS))
    read = _run(cli_command)
    cli_wall = statistics.median(_wall(cli_command) for _ in range(RUNS))
    traced = _run([python, "-X", "importtime", "-m", "otpmail", *CLI_ARGS])
    maildir_modules = _imports(traced.stderr)
    child = _run([python, str(Path(__file__).with_name("run.py")), "--child", "gmail-read"])
    try:
        gmail = json.loads(child.stdout)
    except ValueError:
        gmail = {"error": (child.stderr or child.stdout)[-500:]}
    top = sorted(
        ((n, us) for n, us in slowest.items() if n.startswith("otpmail.")),
        key=lambda item: -item[1],
    )[:3]
    try:
        status = json.loads(read.stdout).get("status")
    except ValueError:
        status = None
    return {
        "import_ms": statistics.median(import_us) / 1000,
        "plugin_ms": statistics.median(plugin_us) / 1000,
        "import_top": [(n, us / 1000) for n, us in top],
        "bare_ms": bare * 1000,
        "import_wall_ms": with_import * 1000,
        "cli_ms": cli_wall * 1000,
        "cli_exit": read.returncode,
        "cli_status": status,
        "cli_modules": len(maildir_modules),
        "maildir_heavy": _loaded(list(maildir_modules), HEAVY),
        "maildir_google": _loaded(list(maildir_modules), GOOGLE),
        "gmail_heavy": _loaded(gmail.get("modules"), HEAVY),
        "gmail_status": gmail.get("status"),
        "gmail_error": gmail.get("error"),
    }


def gmail_child() -> int:
    """A Gmail read against the fake in this fresh interpreter; prints which top-level
    modules are loaded afterwards."""
    import asyncio

    from _harness import BenchGmail, guard_network, make_files
    from _reads import gmail_mail, gmail_reader

    guard_network()
    files = make_files()
    fake = BenchGmail(0.0)
    gmail_mail(fake, "qa+one@example.com", 1, start=20)
    reader = gmail_reader(files.gmail, fake)

    async def read() -> dict[str, Any]:
        try:
            return await reader.read_emails("qa+one@example.com", after="5m", latest=True)
        finally:
            await reader.aclose()

    envelope = asyncio.run(read())
    print(json.dumps({"status": envelope.get("status"), "modules": sorted(sys.modules)}))
    return 0


def graph_child(variant: str) -> int:
    """The first Graph ten-message read of a fresh interpreter (otpmail or the naive
    baseline), no latency; prints its figures and the process's maximum RSS."""
    import asyncio
    import warnings

    warnings.simplefilter("ignore", DeprecationWarning)
    # The same modules in both variants before the read: the client stacks, not yet used.
    import msgraph  # noqa: F401
    from _harness import GRAPH_BOX, Probe, graph_fake, guard_network, make_files
    from _naive import NaiveGraph
    from _reads import graph_mail, graph_reader
    from msgraph.graph_service_client import GraphServiceClient  # noqa: F401

    import otpmail._providers._outlook  # noqa: F401

    guard_network()
    files = make_files()
    fake = graph_fake(0.0)
    graph_mail(fake, "otp+many@contoso.com", 12, start=10)
    reader: Any = (
        graph_reader(files.graph, fake)
        if variant == "otpmail"
        else NaiveGraph(fake.transport, fake.token_transport, GRAPH_BOX)
    )
    before = _status_kib("VmRSS")
    probe = Probe(fake)
    probe.start()
    envelope = asyncio.run(reader.read_emails("otp+many@contoso.com", after="5m"))
    figures = probe.stop()
    print(
        json.dumps(
            {
                "status": envelope.get("status"),
                "requests": figures.requests,
                "round_trips": figures.round_trips,
                "cpu": figures.cpu,
                "wall": figures.wall,
                "rss_before": before * 1024,
                # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent.
                "max_rss": _status_kib("VmHWM") * 1024,
                "msgraph_modules": sum(1 for m in sys.modules if m.startswith("msgraph")),
            }
        )
    )
    return 0


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def fresh_graph_reads() -> list[dict[str, Any]]:
    """Both variants of :func:`graph_child`, each in its own interpreter."""
    results = []
    for variant in ("otpmail", "naive"):
        out = _run(
            [sys.executable, str(Path(__file__).with_name("run.py")), "--child", f"graph-{variant}"]
        )
        try:
            result = json.loads(out.stdout)
        except ValueError:
            result = {"error": (out.stderr or out.stdout)[-500:]}
        result["variant"] = variant
        results.append(result)
    return results
