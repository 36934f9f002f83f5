"""The async forms: ``aexpect``, ``await_code``, and an async Playwright page.

In a module of its own: Playwright's sync API keeps an event loop running while it is open
(the ``browser`` fixture, one per module), and pytest-asyncio cannot run a test inside it.
"""

from __future__ import annotations

from typing import Any


async def test_async_sign_in_with_a_magic_link(apage: Any, app_url: str, otpmail: Any) -> None:
    await apage.goto(app_url)
    await apage.fill("#email", otpmail.address)
    async with otpmail.aexpect() as pending:
        await apage.click("text=Email me a link")
    await apage.goto(await pending.link(timeout=30))

    assert await apage.inner_text("h1") == f"Signed in as {otpmail.address}"


async def test_async_resend(apage: Any, app_url: str, otpmail: Any) -> None:
    await apage.goto(app_url)
    await apage.fill("#email", otpmail.address)
    await apage.click("text=Send code")
    first = await otpmail.await_code(timeout=30)
    await apage.click("text=Resend code")
    second = await otpmail.await_code(timeout=30)

    assert first != second
    await apage.fill("#code", second)
    await apage.click("text=Verify")
    assert await apage.inner_text("h1") == f"Signed in as {otpmail.address}"
