"""examples/e2e runs as a user would run it: its own pytest session, in its own folder,
on three pytest-xdist workers, with no integrations file (each worker's app sends to that
worker's built-in catcher, ``otpmail_smtp``) and a real Chromium.

The example refuses the network itself (pytest-socket ``--allow-hosts=127.0.0.1`` in its
pytest.ini; the browser's host-resolver rules): this test only starts it and reads the
outcome. Where ``/usr/bin/chromium`` is missing its browser tests skip, saying why, unless
``CI`` is set: then they fail, and so does this test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "e2e"
CHROMIUM = Path("/usr/bin/chromium")
WORKERS = 3


def test_the_e2e_example_passes_on_several_workers(tmp_path: Path) -> None:
    report = tmp_path / "e2e.xml"
    # The example has no integrations file; nothing of this run's may give it one.
    assert not (EXAMPLE / "integrations.yaml").exists()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTPMAIL_", "PYTEST_"))}
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-n", str(WORKERS), "-p", "no:cacheprovider"),
            *("-q", f"--junitxml={report}"),
        ],
        cwd=EXAMPLE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = result.stdout[-6000:] + result.stderr[-2000:]

    assert report.exists(), output
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None, output
    counts = {k: int(suite.get(k, "0")) for k in ("tests", "failures", "errors", "skipped")}
    assert counts["tests"] >= 12, output
    workers = {p.get("value") for p in suite.iter("property") if p.get("name") == "worker"}
    assert len(workers) > 1 and workers <= {f"gw{i}" for i in range(WORKERS)}, workers
    # The summary names each worker's catcher and how many of its tests read mail there.
    served = re.findall(
        r"^otpmail: (\d+) tests? read mail from the built-in catcher at 127\.0\.0\.1:\d+, "
        r"Maildir \S+/popen-gw\d/otpmail-catcher\d+/maildir$",
        result.stdout,
        re.M,
    )
    # All but the two guard tests read mail.
    assert 1 <= len(served) <= WORKERS and sum(map(int, served)) == counts["tests"] - 2, output
    if CHROMIUM.exists() or os.environ.get("CI"):
        assert result.returncode == 0, output
        assert counts == {"tests": counts["tests"], "failures": 0, "errors": 0, "skipped": 0}
    else:  # a laptop without Chromium: the rest still runs, and the skips say why
        assert counts["failures"] == counts["errors"] == 0, output
        assert counts["skipped"] > 0 and f"no Chromium at {CHROMIUM}" in output, output
