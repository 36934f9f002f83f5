"""The integrations file's authentication settings, and ``authenticated=`` as an argument."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conftest import write_config
from fakes.mail_headers import raw_message
from otpmail import Reader
from otpmail._core._config import parse
from otpmail._core._errors import OtpmailError

MTA = "mx.example.net"


def deliver(box: Path, name: str, verdict: str, at: datetime) -> None:
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True, exist_ok=True)
    raw = raw_message(
        [
            ("Authentication-Results", f"{MTA}; dmarc={verdict} header.from=acme.example"),
            ("From", "Acme <no-reply@acme.example>"),
            ("To", "qa@example.com"),
            ("Subject", verdict),
        ],
        f"Your code is {'123456' if verdict == 'pass' else '666666'}",
    )
    stamp = at.timestamp()
    (box / "new" / f"{int(stamp)}.M{int(stamp % 1 * 1e6)}P1Q{name}.test").write_bytes(raw)


def reader(tmp_path: Path, extra: str) -> Reader:
    now = datetime.now(UTC)
    deliver(tmp_path / "box", "real", "pass", now - timedelta(seconds=20))
    deliver(tmp_path / "box", "forged", "fail", now - timedelta(seconds=10))
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        f"      path: box\n      trusted_authserv_id: {MTA}\n{extra}",
    )
    return Reader(config)


async def test_a_mailbox_can_make_authenticated_reads_its_default(tmp_path: Path) -> None:
    box = reader(tmp_path, "      authenticated: true\n")

    default = await box.read_emails("qa@example.com", latest=True)
    off = await box.read_emails("qa@example.com", latest=True, authenticated=False)
    waited = await box.wait_for_email(
        "qa@example.com", timeout=2, since=datetime(2026, 1, 1, tzinfo=UTC)
    )

    assert default["data"]["emails"][0]["code"] == "123456"
    assert off["data"]["emails"][0]["code"] == "666666"
    assert waited["data"]["emails"][0]["code"] == "123456"


async def test_without_the_setting_reads_take_every_match(tmp_path: Path) -> None:
    box = reader(tmp_path, "")

    assert (await box.read_emails("qa@example.com", latest=True))["data"]["emails"][0][
        "code"
    ] == "666666"
    assert (await box.read_emails("qa@example.com", count=True, authenticated=True))["data"] == {
        "count": 1
    }


async def test_authenticated_must_be_true_or_false(tmp_path: Path) -> None:
    box = reader(tmp_path, "")

    envelope = await box.read_emails("qa@example.com", authenticated="yes")  # type: ignore[arg-type]

    assert envelope["error"] == "INVALID: authenticated must be true or false"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "provider: maildir\n      path: box\n      authenticated: yes-please",
            "authenticated must be true or false",
        ),
        (
            "provider: maildir\n      path: box\n      trusted_authserv_id: 'mx example'",
            "trusted_authserv_id must be",
        ),
        (
            "provider: gmail\n      service_account_file: sa.json\n      trusted_authserv_id: mx.google.com",
            "unknown key 'trusted_authserv_id'",
        ),
    ],
)
def test_bad_settings_are_refused_naming_the_field(entry: str, message: str) -> None:
    import yaml

    document = yaml.safe_load(
        f"email:\n  mailboxes:\n    - address: qa@example.com\n      {entry}\n"
    )
    with pytest.raises(OtpmailError) as caught:
        parse(document, Path("integrations.yaml"))

    assert str(caught.value).startswith("NOT_CONFIGURED:")
    assert message in str(caught.value)
