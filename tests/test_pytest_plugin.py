"""The pytest plugin, exercised in inner pytest sessions (pytester) against a Maildir."""

from __future__ import annotations

import re

import pytest

from otpmail.pytest_plugin import plus_address

pytest_plugins = ["pytester"]

CONFIG = """\
email:
  mailboxes:
    - provider: maildir
      address: qa@example.com
      path: box
"""

HELPERS = """
import os, threading, time
from email.message import EmailMessage
from pathlib import Path

BOX = Path(__file__).parent / "box"

def deliver(to, subject="Your code", body="Your verification code is 246810", delay=0.0):
    def write():
        time.sleep(delay)
        msg = EmailMessage()
        msg["From"] = "Acme <no-reply@acme.example>"
        msg["To"] = to
        msg["Subject"] = subject
        msg.set_content(body)
        now = time.time()
        name = f"{int(now)}.M{int(now % 1 * 1e6)}P{os.getpid()}Q{threading.get_ident() % 100000}.test"
        for sub in ("tmp", "new", "cur"):
            (BOX / sub).mkdir(parents=True, exist_ok=True)
        (BOX / "tmp" / name).write_bytes(bytes(msg))
        os.replace(BOX / "tmp" / name, BOX / "new" / name)
    if delay:
        threading.Thread(target=write).start()
    else:
        write()
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".yaml", integrations=CONFIG)
    pytester.makepyfile(mailhelpers=HELPERS)
    for sub in ("new", "cur", "tmp"):
        (pytester.path / "box" / sub).mkdir(parents=True)
    pytester.syspathinsert()
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", *args)


def test_tests_using_the_fixture_are_skipped_without_an_integrations_file(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile("def test_needs_mail(otpmail):\n    assert False\n")

    result = run(pytester, "-rs")

    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*otpmail: no integrations file*"])


@pytest.mark.parametrize("how", ["option", "ini"])
def test_a_missing_integrations_file_can_be_made_a_failure(
    pytester: pytest.Pytester, how: str
) -> None:
    pytester.makepyfile("def test_needs_mail(otpmail):\n    pass\n")
    args: list[str] = []
    if how == "option":
        args.append("--otpmail-require")
    else:
        pytester.makeini("[pytest]\notpmail_require = true\n")

    result = run(pytester, *args)

    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*otpmail: no integrations file*"])


@pytest.mark.parametrize("how", ["option", "ini", "env"])
def test_the_integrations_file_comes_from_option_ini_or_environment(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    pytester.mkdir("conf").joinpath("mail.yaml").write_text(
        CONFIG.replace("path: box", "path: ../box")
    )
    pytester.makepyfile(
        "def test_reads(otpmail):\n"
        "    assert otpmail.read(count=True) == {'status': 'ok', 'data': {'count': 0}}\n"
    )
    pytester.mkdir("box")
    args: list[str] = []
    if how == "option":
        args = ["--otpmail-integrations", "conf/mail.yaml"]
    elif how == "ini":
        pytester.makeini("[pytest]\notpmail_integrations = conf/mail.yaml\n")
    else:
        monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(pytester.path / "conf/mail.yaml"))

    run(pytester, *args).assert_outcomes(passed=1)


def test_each_test_gets_its_own_plus_address_per_session(project: pytest.Pytester) -> None:
    project.makepyfile(
        "def test_one(otpmail_address):\n    print('ADDR', otpmail_address)\n"
        "def test_two(otpmail_address):\n    print('ADDR', otpmail_address)\n"
    )

    first = re.findall(r"ADDR (\S+)", run(project, "-s").stdout.str())
    second = re.findall(r"ADDR (\S+)", run(project, "-s").stdout.str())

    assert len(first) == 2 and len(set(first)) == 2
    assert all(re.fullmatch(r"qa\+[0-9a-f]{8}@example\.com", a) for a in first + second)
    assert set(first).isdisjoint(second)


def test_the_base_address_can_be_set(project: pytest.Pytester) -> None:
    project.makepyfile("def test_one(otpmail):\n    assert otpmail.address.startswith('signup+')\n")

    run(project, "--otpmail-address", "signup@example.com").assert_outcomes(passed=1)


def test_a_sync_test_waits_for_the_mail_it_triggered(project: pytest.Pytester) -> None:
    project.makepyfile(
        """
        from mailhelpers import deliver

        def test_sign_up(otpmail):
            deliver("someone-else@example.com", subject="not mine")
            with otpmail.expect() as pending:
                deliver(otpmail.address, subject="Welcome", delay=0.3)
            email = pending.email(timeout=10)
            assert email["subject"] == "Welcome"
            assert email["to"] == otpmail.address

        def test_wait_after_the_fact(otpmail):
            deliver(otpmail.address, subject="Already here")
            assert otpmail.wait(timeout=10)["subject"] == "Already here"
        """
    )

    run(project).assert_outcomes(passed=2)


def test_an_async_test_awaits_the_mail(project: pytest.Pytester) -> None:
    project.makepyfile(
        """
        import pytest
        from mailhelpers import deliver

        @pytest.mark.asyncio
        async def test_async(otpmail):
            async with otpmail.aexpect() as pending:
                deliver(otpmail.address, subject="Async", delay=0.2)
            envelope = await pending.value(timeout=10)
            assert envelope["data"]["emails"][0]["subject"] == "Async"
            assert (await otpmail.await_email(timeout=5))["subject"] == "Async"
        """
    )

    run(project).assert_outcomes(passed=1)


def test_a_timeout_fails_showing_the_criteria_and_what_arrived(project: pytest.Pytester) -> None:
    project.makepyfile(
        """
        from mailhelpers import deliver

        def test_never_comes(otpmail):
            deliver("qa+someone-else@example.com", subject="Wrong recipient", delay=0.2)
            otpmail.wait(sender="acme.example", timeout=1)
        """
    )

    result = run(project)

    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*MailNotReceived: NO_EMAILS_FOUND: no email matching to=qa+* sender=acme.example arrived within*",
            "*mail that did arrive in the window:*",
            "*to qa+someone-else@example.com  subject 'Wrong recipient'*",
        ]
    )


def test_every_wait_helper_takes_the_per_call_deadline(project: pytest.Pytester) -> None:
    """deadline= reaches the library: an invalid one is the library's INVALID message."""
    project.makepyfile(
        """
        import pytest
        from mailhelpers import deliver
        from otpmail.pytest_plugin import MailNotReceived

        INVALID = "INVALID: deadline must be"

        def test_sync(otpmail):
            deliver(otpmail.address, body="Code 135790, link https://acme.example/verify")
            assert otpmail.wait_for_code(timeout=5, deadline=10) == "135790"
            assert otpmail.wait_for_link(timeout=5, deadline=10).endswith("/verify")
            with pytest.raises(MailNotReceived, match=INVALID):
                otpmail.wait(timeout=5, deadline=0)
            with otpmail.expect(deadline=0) as pending:
                pass
            with pytest.raises(MailNotReceived, match=INVALID):
                pending.email(timeout=5)

        @pytest.mark.asyncio
        async def test_async(otpmail):
            deliver(otpmail.address, body="Code 135790, link https://acme.example/verify")
            assert await otpmail.await_code(timeout=5, deadline=10) == "135790"
            assert (await otpmail.await_link(timeout=5, deadline=10)).endswith("/verify")
            with pytest.raises(MailNotReceived, match=INVALID):
                await otpmail.await_email(timeout=5, deadline=0)
            async with otpmail.aexpect(deadline=0) as pending:
                pass
            assert (await pending.value(timeout=5))["error"].startswith(INVALID)
        """
    )

    run(project).assert_outcomes(passed=2)


def test_plus_address_keeps_the_domain_and_drops_an_existing_tag() -> None:
    assert plus_address("QA+base@Example.com", "t::x", salt="a").startswith("QA+")
    assert plus_address("qa+base@example.com", "t::x", salt="a").endswith("@example.com")
    assert plus_address("qa@example.com", "t::x", salt="a") != plus_address(
        "qa@example.com", "t::y", salt="a"
    )
    assert plus_address("qa@example.com", "t::x", salt="a") != plus_address(
        "qa@example.com", "t::x", salt="b"
    )


def test_codes_and_action_links_come_straight_from_the_mail(project: pytest.Pytester) -> None:
    project.makepyfile(
        """
        from mailhelpers import deliver

        def test_code(otpmail):
            deliver(otpmail.address, subject="Your Acme code", body="Your Acme verification code is 318275.")
            assert otpmail.wait_for_code(timeout=10) == "318275"

        def test_link(otpmail):
            deliver(
                otpmail.address,
                subject="Sign in to Globex",
                body="View in browser (https://globex.example/view/1)\\n"
                "Sign in to Globex (https://app.globex.example/auth/magic?token=abc)\\n"
                "Unsubscribe (https://globex.example/unsubscribe)",
            )
            assert otpmail.wait_for_link(timeout=10) == "https://app.globex.example/auth/magic?token=abc"
        """
    )

    run(project).assert_outcomes(passed=2)
