"""Acme's sign-in, end to end: a real browser on the form, real SMTP, the otpmail fixture.

Each test gets its own address (``otpmail.address``): the tests could even share one app
and one Maildir across pytest-xdist workers without seeing each other's mail.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest


def sign_in_page(page: Any, app_url: str, address: str) -> None:
    page.goto(app_url)
    page.fill("#email", address)


def test_sign_in_with_a_code(page: Any, app_url: str, otpmail: Any) -> None:
    sign_in_page(page, app_url, otpmail.address)
    with otpmail.expect() as pending:
        page.click("text=Send code")
    page.fill("#code", pending.code(timeout=30))
    page.click("text=Verify")

    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"


def test_resend_gives_the_new_code_and_the_old_one_is_void(
    page: Any, app_url: str, otpmail: Any
) -> None:
    sign_in_page(page, app_url, otpmail.address)
    page.click("text=Send code")
    first = otpmail.wait_for_code(timeout=30)
    page.click("text=Resend code")
    second = otpmail.wait_for_code(timeout=30)  # the new mail, never the first again

    page.fill("#code", first)
    page.click("text=Verify")
    assert page.inner_text("h1") == "Wrong code"
    page.fill("#code", second)
    page.click("text=Verify")
    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"


def test_two_expectations_in_one_test(page: Any, app_url: str, otpmail: Any) -> None:
    """Create account sends two mails at once: each expectation gets its own."""
    sign_in_page(page, app_url, otpmail.address)
    with (
        otpmail.expect(subject="Confirm your address") as confirm,
        otpmail.expect(subject="Your Acme code") as code,
    ):
        page.click("text=Create account")
    page.fill("#code", code.code(timeout=30))
    page.click("text=Verify")
    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"

    page.goto(confirm.link(timeout=30))
    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"


def test_the_magic_link_signs_in_once(page: Any, app_url: str, otpmail: Any) -> None:
    sign_in_page(page, app_url, otpmail.address)
    page.click("text=Email me a link")
    link = otpmail.wait_for_link(timeout=30)  # the sign-in link, not "view in browser"

    page.goto(link)
    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"
    page.goto(link)
    assert page.inner_text("h1") == "Link expired"


@pytest.mark.parametrize("times", [1, 2, 3])
def test_each_resend_voids_the_code_before(
    page: Any, app_url: str, otpmail: Any, times: int
) -> None:
    sign_in_page(page, app_url, otpmail.address)
    page.click("text=Send code")
    codes = [otpmail.wait_for_code(timeout=30)]
    for _ in range(times):
        page.click("text=Resend code")
        codes.append(otpmail.wait_for_code(timeout=30))

    page.fill("#code", codes[-1])
    page.click("text=Verify")
    assert page.inner_text("h1") == f"Signed in as {otpmail.address}"


def test_a_bcc_style_notice_is_found_by_its_envelope_recipient(app_url: str, otpmail: Any) -> None:
    """``To: undisclosed-recipients:;``: only the SMTP envelope names the address (no
    browser: the app's API sends it)."""
    with urlopen(f"{app_url}/api/notify", urlencode({"email": otpmail.address}).encode()) as r:
        assert r.status == 200

    email = otpmail.wait(subject="Security notice", timeout=30)

    assert email["to"] == ""
    assert email["code"] and len(email["code"]) == 6


def test_the_browser_resolves_no_host_name(page: Any, app_url: str) -> None:
    """``localhost`` would resolve without any network; the rule maps every name to
    nothing, so the browser can reach 127.0.0.1 only."""
    by_name = app_url.replace("127.0.0.1", "localhost")

    with pytest.raises(Exception, match="ERR_NAME_NOT_RESOLVED"):
        page.goto(by_name)
    by_address = page.context.new_page()
    by_address.goto(app_url)
    assert by_address.inner_text("h1") == "Sign in to Acme"
