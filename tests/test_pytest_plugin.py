"""The pytest plugin, exercised in inner pytest sessions (pytester) against a Maildir."""

from __future__ import annotations

import re
from pathlib import Path

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


@pytest.fixture(autouse=True)
def _not_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner sessions behave as on a laptop unless a test says otherwise: this suite
    itself runs in CI, where ``CI`` is set (which changes nothing any more: a test says so)."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("OTPMAIL_INTEGRATIONS", raising=False)


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


@pytest.mark.loopback
def test_without_an_integrations_file_the_built_in_catcher_serves_the_fixtures(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        "def test_needs_mail(otpmail):\n"
        "    assert otpmail.address.endswith('@example.com')\n"
        "    assert otpmail.read(count=True) == {'status': 'ok', 'data': {'count': 0}}\n"
        "def test_needs_the_reader(otpmail_reader, otpmail_smtp):\n"
        "    assert otpmail_reader.path == otpmail_smtp.integrations\n"
        "def test_needs_no_mail():\n    pass\n"
    )

    result = run(pytester)

    result.assert_outcomes(passed=3)
    # Without -rs too: one line says which mailbox served how many tests.
    result.stdout.fnmatch_lines(
        ["otpmail: 2 tests read mail from the built-in catcher at 127.0.0.1:*, Maildir */maildir"]
    )


@pytest.mark.loopback
def test_the_summary_adds_up_the_tests_of_every_xdist_worker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        "import pytest\n"
        "@pytest.mark.parametrize('n', range(6))\n"
        "def test_needs_mail(otpmail, n):\n    pass\n"
    )

    result = run(pytester, "-n", "2")

    result.assert_outcomes(passed=6)
    counts = re.findall(
        r"otpmail: (\d+) tests? read mail from the built-in catcher at ", result.stdout.str()
    )
    assert counts and sum(map(int, counts)) == 6, result.stdout.str()


@pytest.mark.parametrize("ci", ["", "true"])
@pytest.mark.parametrize("how", ["option", "ini", "env"])
def test_a_named_integrations_file_that_is_missing_is_an_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, how: str, ci: str
) -> None:
    if ci:
        monkeypatch.setenv("CI", ci)
    pytester.makepyfile(
        "def test_needs_mail(otpmail):\n    pass\n"
        "def test_needs_the_catcher(otpmail_smtp):\n    pass\n"
    )
    args = ["--no-otpmail-require"]  # which only concerns a run without any file
    named_by = {"option": "--otpmail-integrations", "ini": "the ini key otpmail_integrations"}
    if how == "option":
        args += ["--otpmail-integrations", "conf/missing.yaml"]
    elif how == "ini":
        pytester.makeini("[pytest]\notpmail_integrations = conf/missing.yaml\n")
    else:
        monkeypatch.setenv("OTPMAIL_INTEGRATIONS", str(pytester.path / "conf/missing.yaml"))

    result = run(pytester, *args)

    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        [
            f"*otpmail: the integrations file {pytester.path}/conf/missing.yaml, named by "
            f"{named_by.get(how, '$OTPMAIL_INTEGRATIONS')}, does not exist*"
        ]
    )
    assert "read mail from" not in result.stdout.str()


@pytest.mark.parametrize("how", ["option", "ini"])
def test_a_file_can_be_demanded_instead_of_the_catcher(pytester: pytest.Pytester, how: str) -> None:
    pytester.makepyfile("def test_needs_mail(otpmail):\n    pass\n")
    args: list[str] = []
    if how == "option":
        args.append("--otpmail-require")
    else:
        pytester.makeini("[pytest]\notpmail_require = true\n")

    result = run(pytester, *args)

    result.assert_outcomes(errors=1)
    demanded_by = "--otpmail-require" if how == "option" else "otpmail_require = true"
    result.stdout.fnmatch_lines(
        [f"*otpmail: no integrations file at *, and {demanded_by} demands one*"]
    )


@pytest.mark.loopback
def test_the_option_overrides_an_ini_demand_for_a_file(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\notpmail_require = true\n")
    pytester.makepyfile("def test_needs_mail(otpmail):\n    pass\n")

    run(pytester, "--no-otpmail-require").assert_outcomes(passed=1)


def test_the_summary_names_the_file_and_its_mailboxes(project: pytest.Pytester) -> None:
    project.makepyfile(
        "def test_one(otpmail):\n    pass\n"
        "def test_two(otpmail_reader):\n    pass\n"
        "def test_none():\n    pass\n"
    )

    result = run(project)

    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        [
            f"otpmail: 2 tests read mail from {project.path}/integrations.yaml (qa@example.com: maildir)"
        ]
    )


def test_with_an_integrations_file_otpmail_smtp_fails_saying_why(project: pytest.Pytester) -> None:
    project.makepyfile("def test_app(otpmail_smtp, otpmail):\n    pass\n")

    result = run(project)

    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            f"*otpmail: this run reads mail through {project.path}/integrations.yaml; the "
            "built-in catcher (otpmail_smtp) serves only runs without an integrations file*"
        ]
    )


@pytest.mark.loopback
def test_a_wait_that_times_out_on_the_catcher_says_where_it_looked(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile("def test_never_sent(otpmail):\n    otpmail.wait(timeout=1)\n")

    result = run(pytester)

    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*MailNotReceived: NO_EMAILS_FOUND: no email matching*",
            "*(mail is read from the built-in catcher at 127.0.0.1:*, Maildir *, as no "
            "integrations file is given: the app under test must send to otpmail_smtp.host and .port)*",
        ]
    )


SHARED_CONFTEST = """
import os
from otpmail.pytest_plugin import start_shared_catcher

def pytest_configure(config):
    smtp = start_shared_catcher(config)
    if not hasattr(config, "workerinput"):  # the controller: the app would start here, once
        os.environ["APP_SMTP_PORT"] = str(smtp.port)
        os.environ["APP_MAILDIR"] = str(smtp.maildir)
"""

SHARED_TESTS = """
import os, smtplib
from email.message import EmailMessage
import pytest

@pytest.mark.parametrize("n", range(6))
def test_the_app_started_once_sends_to_the_one_catcher(otpmail, otpmail_smtp, n):
    assert otpmail_smtp.port == int(os.environ["APP_SMTP_PORT"])
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "no-reply@acme.example", otpmail.address, "Code"
    msg.set_content(f"Your code is 80808{n}")
    with smtplib.SMTP("127.0.0.1", int(os.environ["APP_SMTP_PORT"]), timeout=10) as smtp:
        smtp.send_message(msg)
    assert otpmail.wait_for_code(timeout=10) == f"80808{n}"
"""


@pytest.mark.loopback
@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_a_shared_catcher_serves_every_worker_and_goes_at_the_end(
    pytester: pytest.Pytester, workers: list[str]
) -> None:
    pytester.makeconftest(SHARED_CONFTEST)
    pytester.makepyfile(SHARED_TESTS)

    result = run(pytester, "-s", *workers)

    result.assert_outcomes(passed=6)
    lines = re.findall(
        r"otpmail: (\d+) tests read mail from the built-in catcher at 127\.0\.0\.1:(\d+), "
        r"Maildir (\S+)",
        result.stdout.str(),
    )
    assert len(lines) == 1 and lines[0][0] == "6", result.stdout.str()
    assert not Path(lines[0][2]).exists()  # removed when pytest ended


def test_a_shared_catcher_is_refused_when_a_file_is_given(project: pytest.Pytester) -> None:
    project.makeconftest(SHARED_CONFTEST)
    project.makepyfile("def test_one():\n    pass\n")

    result = run(project)

    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*otpmail: this run reads mail through *integrations.yaml*"])


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
            deliver(otpmail.address, subject="Async again")
            assert (await otpmail.await_email(timeout=5))["subject"] == "Async again"
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
            deliver(otpmail.address, body="Code 135791, link https://acme.example/verify")
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
            deliver(otpmail.address, body="Code 135791, link https://acme.example/verify")
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


def test_each_wait_hands_the_newest_mail_the_test_has_not_got_yet(
    project: pytest.Pytester,
) -> None:
    """Resend, send/wait/send/wait, and an old mail left over: what an e2e suite does."""
    project.makepyfile(
        """
        import time
        from mailhelpers import deliver

        def test_resend_then_wait_for_code_gives_the_new_code(otpmail):
            deliver(otpmail.address, body="Your code is 111111")
            assert otpmail.wait_for_code(timeout=5) == "111111"
            deliver(otpmail.address, body="Your code is 222222")  # "Resend"
            assert otpmail.wait_for_code(timeout=5) == "222222"

        def test_a_resend_that_comes_later_is_waited_for(otpmail):
            deliver(otpmail.address, body="Your code is 111111")
            deliver(otpmail.address, body="Your code is 222222")  # a double click
            assert otpmail.wait_for_code(timeout=5) == "222222"
            deliver(otpmail.address, body="Your code is 333333", delay=0.5)  # "Resend"
            # 111111 is older than what the test already got: never handed out now.
            assert otpmail.wait_for_code(timeout=5) == "333333"

        def test_send_wait_send_wait_gives_both_in_order(otpmail):
            got = []
            for code in ("424242", "434343"):
                deliver(otpmail.address, body=f"Your code is {code}")
                got.append(otpmail.wait_for_code(timeout=5))
            assert got == ["424242", "434343"]

        def test_an_expected_mail_is_not_handed_out_again(otpmail):
            with otpmail.expect() as pending:
                deliver(otpmail.address, body="Your code is 515151")
            assert pending.code(timeout=5) == "515151"
            assert pending.email()["code"] == "515151"  # the same mail, every time
            deliver(otpmail.address, body="Your code is 525252", delay=0.3)
            assert otpmail.wait_for_code(timeout=5) == "525252"

        def test_a_timeout_says_what_this_test_already_got(otpmail):
            deliver(otpmail.address, body="Your code is 616161")
            otpmail.wait_for_code(timeout=5)
            otpmail.wait_for_code(timeout=0.5)
        """
    )

    result = run(project)

    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(
        ["*MailNotReceived: *1 matching message(s) were left out: this test already got them*"]
    )


def test_two_expectations_in_one_test_get_one_mail_each_in_order(
    project: pytest.Pytester,
) -> None:
    """Both mails may come in one poll: the later expectation takes the later mail, and no
    mail goes to both."""
    project.makepyfile(
        """
        import threading, time
        from mailhelpers import deliver

        def test_two_in_one_poll(otpmail):
            def both():
                deliver(otpmail.address, body="Your code is 100001")
                deliver(otpmail.address, body="Your code is 100002")

            with otpmail.expect() as first:
                with otpmail.expect() as second:
                    threading.Timer(0.3, both).start()
            assert (first.code(timeout=5), second.code(timeout=5)) == ("100001", "100002")

        def test_two_in_two_polls(otpmail):
            with otpmail.expect() as first:
                deliver(otpmail.address, body="Your code is 100003", delay=0.2)
                with otpmail.expect() as second:
                    deliver(otpmail.address, body="Your code is 100004", delay=1.0)
            assert (first.code(timeout=5), second.code(timeout=5)) == ("100003", "100004")

        def test_different_criteria(otpmail):
            with otpmail.expect(subject="Welcome") as welcome, otpmail.expect(subject="code") as code:
                deliver(otpmail.address, subject="Your code", body="Your code is 200002")
                deliver(otpmail.address, subject="Welcome", body="Welcome aboard")
            assert code.code(timeout=5) == "200002"
            assert welcome.email(timeout=5)["body"].strip() == "Welcome aboard"
        """
    )

    run(project).assert_outcomes(passed=3)


def test_every_wait_helper_takes_since(project: pytest.Pytester) -> None:
    """A mail delivered a minute ago is outside the default window; since= reaches it."""
    project.makepyfile(
        """
        import os, time
        from datetime import datetime, timedelta, timezone
        import pytest
        from mailhelpers import BOX, deliver

        def deliver_a_minute_ago(to, body):
            deliver(to, body=body)
            newest = max((BOX / "new").iterdir(), key=lambda p: p.stat().st_mtime_ns)
            stamp = time.time() - 60
            newest.rename(newest.with_name(f"{int(stamp)}.M{int(stamp % 1 * 1e6):06d}P1Q{body[-6:]}.test"))

        AGO = timedelta(minutes=2)

        def test_sync(otpmail):
            for code in ("100001", "100002", "100003"):
                deliver_a_minute_ago(otpmail.address, f"Code {code} https://acme.example/verify?c={code}")
            since = datetime.now(timezone.utc) - AGO
            assert otpmail.wait(since=since, timeout=5)["code"] == "100003"
            assert otpmail.wait_for_code(since=since, timeout=5) == "100002"
            assert otpmail.wait_for_link(since=since, timeout=5).endswith("c=100001")

        @pytest.mark.asyncio
        async def test_async(otpmail):
            for code in ("200001", "200002", "200003"):
                deliver_a_minute_ago(otpmail.address, f"Code {code} https://acme.example/verify?c={code}")
            since = datetime.now(timezone.utc) - AGO
            assert (await otpmail.await_email(since=since, timeout=5))["code"] == "200003"
            assert await otpmail.await_code(since=since, timeout=5) == "200002"
            assert (await otpmail.await_link(since=since, timeout=5)).endswith("c=200001")
        """
    )

    run(project).assert_outcomes(passed=2)


def test_aexpect_is_the_async_twin_of_expect(project: pytest.Pytester) -> None:
    project.makepyfile(
        """
        import pytest
        from mailhelpers import deliver
        from otpmail.pytest_plugin import AsyncPendingMail, MailNotReceived, PendingMail

        @pytest.mark.asyncio
        async def test_code_and_link(otpmail):
            async with otpmail.aexpect() as pending:
                deliver(otpmail.address, body="Code 707070 https://acme.example/verify?t=1", delay=0.2)
            assert isinstance(pending, AsyncPendingMail)
            assert await pending.code(timeout=5) == "707070"
            assert await pending.link(timeout=5) == "https://acme.example/verify?t=1"
            assert (await pending.email())["code"] == "707070"

        @pytest.mark.asyncio
        async def test_a_timeout_fails_the_test_like_expect(otpmail):
            async with otpmail.aexpect(sender="acme.example") as pending:
                pass
            with pytest.raises(MailNotReceived, match="NO_EMAILS_FOUND: no email matching"):
                await pending.code(timeout=0.3)

        def test_the_same_methods_sync_and_async():
            public = lambda cls: {n for n in vars(cls) if not n.startswith("_")}
            assert public(PendingMail) <= public(AsyncPendingMail)
        """
    )

    run(project).assert_outcomes(passed=3)


@pytest.mark.loopback
def test_the_sync_and_async_faces_read_the_same_way(project: pytest.Pytester) -> None:
    """The same test, written against ``otpmail`` and against ``aotpmail``: same names."""
    project.makepyfile(
        """
        import pytest
        from mailhelpers import deliver

        def test_sync(otpmail):
            with otpmail.expect() as pending:
                deliver(otpmail.address, body="Your code is 111222", delay=0.2)
            assert pending.code(timeout=10) == "111222"
            assert pending.value(timeout=1)["status"] == "ok"
            deliver(otpmail.address, body="Your code is 333444")
            assert otpmail.wait_for_code(timeout=10) == "333444"
            assert otpmail.read()["status"] == "ok"

        @pytest.mark.asyncio
        async def test_async(aotpmail, otpmail):
            assert aotpmail.address == otpmail.address
            async with aotpmail.expect() as pending:
                deliver(aotpmail.address, body="Your code is 111222", delay=0.2)
            assert await pending.code(timeout=10) == "111222"
            assert (await pending.value(timeout=1))["status"] == "ok"
            deliver(aotpmail.address, body="Your code is 333444")
            assert await aotpmail.wait_for_code(timeout=10) == "333444"
            assert (await aotpmail.read())["status"] == "ok"
        """
    )

    run(project).assert_outcomes(passed=2)
