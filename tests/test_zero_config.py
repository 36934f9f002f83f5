"""Zero configuration in pytest, as a user meets it: a fresh project with no integrations
file, an app that sends its mail by SMTP to ``otpmail_smtp``, tests that wait for the code.

Each test runs an inner pytest session in a subprocess (pytester), as ``pytest`` in that
project would; the app and the built-in catcher talk over 127.0.0.1 with smtplib and
aiosmtpd, and the fixture reads the catcher's Maildir.
"""

from __future__ import annotations

import re

import pytest

pytest_plugins = ["pytester"]

pytestmark = pytest.mark.loopback

# The app under test: configured by SMTP_HOST / SMTP_PORT, as twelve-factor apps are.
APP = """
import os, secrets, smtplib
from email.message import EmailMessage

CODES = {}

def send_code(address, *, bcc=False):
    code = f"{secrets.randbelow(10**6):06d}"
    while code == CODES.get(address):
        code = f"{secrets.randbelow(10**6):06d}"
    CODES[address] = code
    msg = EmailMessage()
    msg["From"] = "Acme <no-reply@acme.example>"
    msg["To"] = "undisclosed-recipients:;" if bcc else address
    msg["Subject"] = "Your Acme code"
    msg.set_content(f"Your verification code is {code}")
    with smtplib.SMTP(os.environ["SMTP_HOST"], int(os.environ["SMTP_PORT"]), timeout=10) as smtp:
        smtp.send_message(msg, to_addrs=[address])
    return code
"""

# The recipe of the README: the app's SMTP settings point at the built-in catcher.
CONFTEST = """
import os
import pytest

@pytest.fixture(scope="session", autouse=True)
def app_smtp(otpmail_smtp):
    os.environ["SMTP_HOST"] = otpmail_smtp.host
    os.environ["SMTP_PORT"] = str(otpmail_smtp.port)
"""

TESTS = """
import pytest
import app

def test_sign_in_code(otpmail):
    sent = app.send_code(otpmail.address)
    assert otpmail.wait_for_code(timeout=10) == sent

def test_resend_gives_the_new_code(otpmail):
    app.send_code(otpmail.address)
    otpmail.wait_for_code(timeout=10)
    second = app.send_code(otpmail.address)
    assert otpmail.wait_for_code(timeout=10) == second

def test_bcc_style_mail_is_found_by_its_envelope_recipient(otpmail):
    sent = app.send_code(otpmail.address, bcc=True)
    email = otpmail.wait(timeout=10)
    assert email["code"] == sent and otpmail.address not in email["to"]

@pytest.mark.parametrize("n", range(6))
def test_many(otpmail, n):
    with otpmail.expect() as pending:
        sent = app.send_code(otpmail.address)
    assert pending.code(timeout=10) == sent
"""


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner sessions see no integrations file of this run's; ``CI`` is left as it is
    (a missing default file is no reason to fail any more, in CI or not)."""
    monkeypatch.delenv("OTPMAIL_INTEGRATIONS", raising=False)


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(app=APP, test_app=TESTS)
    pytester.makeconftest(CONFTEST)
    pytester.syspathinsert()
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", *args)


SUMMARY = re.compile(
    r"otpmail: (\d+) tests? read mail from the built-in catcher at 127\.0\.0\.1:(\d+), "
    r"Maildir (\S+)"
)


def test_a_project_without_an_integrations_file_reads_the_built_in_catcher(
    project: pytest.Pytester,
) -> None:
    result = run(project)

    result.assert_outcomes(passed=9)
    lines = SUMMARY.findall(result.stdout.str())
    assert len(lines) == 1, result.stdout.str()
    count, port, maildir = lines[0]
    assert int(count) == 9 and int(port) > 0
    assert (project.path / maildir).is_dir() or maildir.startswith("/")


@pytest.mark.parametrize("monkey_ci", ["", "true"])
def test_the_same_project_passes_on_three_xdist_workers(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, monkey_ci: str
) -> None:
    if monkey_ci:
        monkeypatch.setenv("CI", monkey_ci)
    else:
        monkeypatch.delenv("CI", raising=False)

    result = run(project, "-n", "3")

    result.assert_outcomes(passed=9)
    lines = SUMMARY.findall(result.stdout.str())
    # One catcher per worker that ran tests, each on its own port and Maildir.
    assert 2 <= len(lines) <= 3, result.stdout.str()
    assert sum(int(count) for count, _, _ in lines) == 9
    assert len({port for _, port, _ in lines}) == len(lines)
    assert len({maildir for _, _, maildir in lines}) == len(lines)
