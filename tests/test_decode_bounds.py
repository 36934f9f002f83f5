"""The four bounds, in order: response bytes refused before parsing, raw body omitted before
conversion, normalised body cut with a marker, result cut keeping whole messages; each one
configurable under ``email.limits`` with a safe default."""

from __future__ import annotations

import base64
import email.headerregistry
import email.message
import json
import logging
import math
from datetime import UTC, datetime, timedelta
from email.parser import BytesFeedParser
from pathlib import Path
from typing import Any

import html2text
import pytest

from conftest import EXAMPLE_CONFIG, write_config
from otpmail import Reader
from otpmail._core._bounds import (
    BODY_TRUNCATED_MARKER,
    DEFAULT_LIMITS,
    JSON_ALLOWANCE,
    MAX_ATTACHMENT_NAME_CHARS,
    MAX_ATTACHMENTS,
    MAX_HEADER_BYTES,
    MAX_HEADER_CHARS,
    MAX_HEADER_FIELDS,
    MAX_MIME_FIELD_CHARS,
    MAX_MIME_FIELDS_CHARS,
    MAX_MIME_PARTS,
    MAX_MULTIPART_DEPTH,
    NON_BODY_MAX_CHARS,
    Carrier,
    Limits,
    bound_body,
    bound_result,
    check_header_section,
    check_message_size,
    check_response_size,
    email_chars,
    html_output_chars,
    max_lines,
    response_limit,
)
from otpmail._core._config import load
from otpmail._core._errors import OtpmailError
from otpmail._decoding import _html, _visible
from otpmail._decoding import _message as message_module
from otpmail._decoding._email import Attachment, Parts, email_from_parts
from otpmail._decoding._message import parse_rfc822

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def mail(body: str, *, subject: str = "Your code", content_type: str = "text/plain") -> bytes:
    return (
        "From: Acme <no-reply@acme.example>\r\nTo: qa@example.com\r\n"
        f"Subject: {subject}\r\nDate: Tue, 01 Dec 2026 09:00:00 +0000\r\n"
        f"Content-Type: {content_type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    ).encode() + base64.encodebytes(body.encode())


# -- configuration ---------------------------------------------------------------------


def config_text(limits: str = "") -> str:
    return (
        "email:\n"
        + limits
        + "  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: box\n"
    )


def test_the_defaults_are_dsh_mail_readers_bounds_with_room_above_gmails_clipping_size() -> None:
    assert (
        Limits(
            response_bytes=16 * 1024 * 1024,
            raw_body_chars=250_000,
            body_chars=20_000,
            result_chars=60_000,
        )
        == DEFAULT_LIMITS
    )
    assert load(EXAMPLE_CONFIG).limits == DEFAULT_LIMITS


def test_limits_are_read_from_the_integrations_file_and_reach_every_mailbox(
    tmp_path: Path,
) -> None:
    path = write_config(
        tmp_path,
        config_text("  limits:\n    response_bytes: 1000000\n    body_chars: 5000\n"),
    )
    config = load(path)

    expected = Limits(response_bytes=1_000_000, body_chars=5_000)
    assert config.limits == expected
    assert all(m.limits == expected for m in config.mailboxes)


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ("    body_char: 10\n", "unknown key 'body_char'"),
        ("    body_chars: 0\n", "email.limits.body_chars must be a positive whole number"),
        ("    body_chars: -5\n", "must be a positive whole number"),
        ("    body_chars: 1.5\n", "must be a positive whole number"),
        ("    body_chars: '100'\n", "must be a positive whole number"),
        ("    body_chars: true\n", "must be a positive whole number"),
        ("    body_chars:\n", "must be a positive whole number"),
        ("    result_chars: 30000\n", "result_chars must be at least body_chars + 25000 (45000)"),
        ("    response_host: x\n", "no setting can change a host"),
    ],
)
def test_a_bad_limit_is_not_configured_and_names_the_field(
    tmp_path: Path, limits: str, message: str
) -> None:
    path = write_config(tmp_path, config_text("  limits:\n" + limits))
    with pytest.raises(OtpmailError) as caught:
        load(path)
    assert caught.value.prefix == "NOT_CONFIGURED"
    assert message in caught.value.message


def test_limits_must_be_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(OtpmailError, match=r"email\.limits must be a mapping"):
        load(write_config(tmp_path, config_text("  limits: 5\n")))


# -- 1. provider response bytes --------------------------------------------------------


def test_an_oversized_response_is_refused_with_its_own_code_before_parsing() -> None:
    check_response_size(16 * 1024 * 1024, DEFAULT_LIMITS, "Gmail messages.get")
    with pytest.raises(OtpmailError) as caught:
        check_response_size(16 * 1024 * 1024 + 1, DEFAULT_LIMITS, "Gmail messages.get")

    error = caught.value
    assert (error.code, error.prefix, error.retryable) == ("response_too_large", "API_ERROR", False)
    assert error.message == (
        "Gmail messages.get refused: the response is 16777217 bytes, more than "
        "email.limits.response_bytes (16777216)"
    )


def test_a_base64_in_json_answer_is_bounded_at_four_thirds_plus_the_json_allowance() -> None:
    """The bound means message bytes: Gmail's format=raw answer for a message of
    ``response_bytes`` is 4/3 of it, and is read; one byte more than the rule allows is
    refused before parsing, with the limit and both figures named."""
    limit = response_limit(DEFAULT_LIMITS, Carrier.BASE64_IN_JSON)
    check_response_size(limit, DEFAULT_LIMITS, "Gmail users.messages.get", Carrier.BASE64_IN_JSON)
    with pytest.raises(OtpmailError) as caught:
        check_response_size(
            limit + 1, DEFAULT_LIMITS, "Gmail users.messages.get", Carrier.BASE64_IN_JSON
        )

    assert limit == math.ceil(16 * 1024 * 1024 * 4 / 3) + JSON_ALLOWANCE == 22_373_718
    assert response_limit(DEFAULT_LIMITS) == response_limit(DEFAULT_LIMITS, Carrier.PLAIN)
    assert response_limit(DEFAULT_LIMITS) == DEFAULT_LIMITS.response_bytes
    error = caught.value
    assert (error.code, error.retryable) == ("response_too_large", False)
    assert error.message == (
        "Gmail users.messages.get refused: the message is more than "
        "email.limits.response_bytes (16777216): its base64 answer is 22373719 bytes, more "
        "than the 22373718 that allows"
    )


def gmail_raw_answer_bytes(message_bytes: int) -> int:
    """The size of a ``messages.get?format=raw`` answer for a message of ``message_bytes``,
    pretty-printed as Google sends it, with every field and a dozen labels (gmail.md §7)."""
    shell = json.dumps(
        {
            "id": "18c1f2a3b4c5d6e7",
            "threadId": "18c1f2a3b4c5d6e7",
            "labelIds": ["UNREAD", "IMPORTANT", "CATEGORY_UPDATES", "INBOX", "STARRED"]
            + [f"Label_{n:019d}" for n in range(7)],
            "snippet": "",
            "sizeEstimate": message_bytes,
            "historyId": "18446744073709551615",
            "internalDate": "1789207195000",
            "raw": "",
        },
        indent=2,
    )
    # base64url with padding: no character of it needs escaping in JSON.
    return len(shell) + 4 * math.ceil(message_bytes / 3)


@pytest.mark.parametrize("message_bytes", [1, 2, 3, 1_000, 16 * 1024 * 1024 + 1, 25_000_000])
def test_the_answer_bound_has_room_for_any_message_of_the_bound(message_bytes: int) -> None:
    limits = Limits(response_bytes=message_bytes)

    assert gmail_raw_answer_bytes(message_bytes) <= response_limit(limits, Carrier.BASE64_IN_JSON)
    # The allowance is small: a message JSON_ALLOWANCE bytes larger no longer fits (what
    # fits in between is refused once decoded, by check_message_size).
    assert gmail_raw_answer_bytes(message_bytes + JSON_ALLOWANCE) > response_limit(
        limits, Carrier.BASE64_IN_JSON
    )


def test_a_decoded_message_is_held_to_the_bound_exactly() -> None:
    check_message_size(16 * 1024 * 1024, DEFAULT_LIMITS, "Gmail messages.get")
    with pytest.raises(OtpmailError) as caught:
        check_message_size(16 * 1024 * 1024 + 1, DEFAULT_LIMITS, "Gmail messages.get")

    assert caught.value.code == "response_too_large"
    assert caught.value.message == (
        "Gmail messages.get refused: the message is 16777217 bytes, more than "
        "email.limits.response_bytes (16777216)"
    )


def deliver(box: Path, raw: bytes, at: datetime, n: int) -> None:
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True, exist_ok=True)
    (box / "new" / f"{int(at.timestamp())}.M{n}P1Q{n}.mx.example.test").write_bytes(raw)


async def test_a_maildir_file_over_the_response_bound_is_skipped_unread_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    deliver(tmp_path / "box", mail("big " * 2000), NOW, 1)
    deliver(tmp_path / "box", mail("Your code is 123456"), NOW - timedelta(minutes=1), 2)
    path = write_config(tmp_path, config_text("  limits:\n    response_bytes: 4000\n"))
    parsed: list[int] = []
    real = message_module.parse_rfc822

    def spy(raw: bytes, **kwargs: Any) -> Any:
        parsed.append(len(raw))
        return real(raw, **kwargs)

    monkeypatch.setattr("otpmail._providers._maildir.parse_rfc822", spy)

    with caplog.at_level(logging.WARNING, logger="otpmail.maildir"):
        async with Reader.from_file(path) as reader:
            envelope = await reader.read_emails("qa@example.com")

    assert [e["body"] for e in envelope["data"]["emails"]] == ["Your code is 123456"]
    assert all(size <= 4000 for size in parsed)  # the big file was never parsed
    assert "refused: the response is" in caplog.text
    assert "big big" not in caplog.text


# -- 2. raw body characters --------------------------------------------------------------


def test_a_body_over_the_raw_bound_is_omitted_before_conversion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    converted: list[str] = []

    def must_not_convert(html: str, *, max_chars: int | None = None) -> tuple[str, bool]:
        converted.append(html)  # recorded: the decoder turns a converter error into ""
        return "", False

    monkeypatch.setattr(_html, "convert", must_not_convert)
    raw = mail("<p>" + "x" * 200 + "</p>", content_type="text/html")

    email = parse_rfc822(
        raw, id="1", account="qa@example.com", received_at=NOW, limits=Limits(raw_body_chars=100)
    )

    assert (email.body, email.body_omitted, email.body_truncated) == ("", True, False)
    assert converted == []
    assert email.to_dict()["body_omitted"] is True
    assert email.subject == "Your code"  # the rest of the message is still there


def test_a_huge_encoded_body_is_omitted_without_being_decoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def must_not_decode(data: bytes, label: str | None) -> str:
        raise AssertionError("an oversized body was decoded")

    monkeypatch.setattr(_visible, "decode_bytes", must_not_decode)
    raw = mail("y" * 4_000_000)  # 5.4 MB of base64, over 12 x 250,000

    email = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)

    assert email.body_omitted and email.body == ""


def test_the_raw_bound_counts_decoded_characters_the_same_for_every_provider() -> None:
    body = "é" * 90  # 180 UTF-8 bytes, 240 base64 characters, 90 characters
    limits = Limits(raw_body_chars=100)
    from_rfc822 = parse_rfc822(
        mail(body), id="1", account="qa@example.com", received_at=NOW, limits=limits
    )
    from_json = email_from_parts(
        Parts(
            id="1",
            account="qa@example.com",
            received_at=NOW,
            date="",
            sender=[],
            to=[],
            subject="",
            body=body,
        ),
        limits=limits,
    )
    assert from_rfc822.body == from_json.body == body
    assert not from_rfc822.body_omitted and not from_json.body_omitted


# -- 3. normalised body characters ------------------------------------------------------


def test_a_long_body_is_cut_with_a_marker_and_never_inside_a_word() -> None:
    text = ("Your code is 1234567890 " * 50).strip()
    body, cut = bound_body(text, Limits(body_chars=100))

    assert cut
    assert len(body) <= 100
    assert body.endswith("\n\n" + BODY_TRUNCATED_MARKER)
    kept = body.removesuffix("\n\n" + BODY_TRUNCATED_MARKER)
    assert text.startswith(kept) and text[len(kept)] == " "  # a whole word, never "12345"


def test_a_word_longer_than_the_backoff_is_cut_hard() -> None:
    body, cut = bound_body("x" * 1000, Limits(body_chars=100))
    assert cut and body == "x" * 82 + "\n\n" + BODY_TRUNCATED_MARKER


def test_the_cut_applies_to_the_converted_text_not_the_markup() -> None:
    html = "<p>" + "<b></b>" * 5000 + "Code 123456</p>"  # 35 KB of markup, 11 characters of text
    email = parse_rfc822(
        mail(html, content_type="text/html"),
        id="1",
        account="qa@example.com",
        received_at=NOW,
        limits=Limits(body_chars=50),
    )
    assert (email.body, email.body_truncated) == ("Code 123456", False)


def test_a_cut_body_is_flagged_in_the_envelope() -> None:
    email = parse_rfc822(mail("word " * 10_000), id="1", account="qa@example.com", received_at=NOW)
    assert email.body_truncated and len(email.body) <= DEFAULT_LIMITS.body_chars
    assert email.to_dict()["body_truncated"] is True
    assert "body_omitted" not in email.to_dict()


# -- fixed per-message caps ------------------------------------------------------------


def test_headers_and_attachment_lists_have_fixed_caps_within_the_non_body_budget() -> None:
    attachments = [
        Attachment("n" * 1000, "application/" + "x" * 500, 10**12)
        for _ in range(MAX_ATTACHMENTS + 7)
    ]
    email = email_from_parts(
        Parts(
            id="1" * 200,
            account="q" * 64 + "@" + "e" * 250,
            received_at=NOW,
            date="d" * 5000,
            sender=[("s" * 5000, "a" * 64 + "@x.example")] * 30,
            to=[("t" * 5000, "b" * 64 + "@x.example")] * 30,
            subject="s" * 50_000,
            body="",
            attachments=attachments,
        )
    )

    assert all(
        len(v) <= MAX_HEADER_CHARS for v in (email.sender, email.to, email.subject, email.date)
    )
    assert len(email.attachments) == MAX_ATTACHMENTS
    assert email.attachments_omitted == 7
    assert all(len(a.name) <= MAX_ATTACHMENT_NAME_CHARS for a in email.attachments)
    assert email_chars(email.to_dict()) <= NON_BODY_MAX_CHARS


# -- 4. result characters ----------------------------------------------------------------


def test_the_result_keeps_whole_messages_newest_first_and_counts_the_rest() -> None:
    emails = [{"id": str(i), "body": "x" * 30} for i in range(5)]
    kept, dropped = bound_result(emails, Limits(result_chars=100))
    assert ([e["id"] for e in kept], dropped) == (["0", "1", "2"], 2)
    assert bound_result(emails, DEFAULT_LIMITS) == (emails, 0)


def test_the_newest_message_is_kept_even_alone_over_the_bound() -> None:
    """Only fields added after decoding (such as extracted links) can make one message
    larger than the bound; a call that matched mail still returns it."""
    emails = [{"id": "0", "links": ["x" * 500]}, {"id": "1", "body": "y"}]
    kept, dropped = bound_result(emails, Limits(result_chars=100))
    assert ([e["id"] for e in kept], dropped) == (["0"], 1)


async def test_read_emails_reports_how_many_messages_the_result_bound_dropped(
    tmp_path: Path,
) -> None:
    for n in range(6):
        deliver(
            tmp_path / "box", mail(f"Code {n} " + "word " * 8_000), NOW - timedelta(minutes=n), n
        )
    path = write_config(tmp_path, config_text())

    async with Reader.from_file(path) as reader:
        envelope = await reader.read_emails("qa@example.com")

    data = envelope["data"]
    assert envelope["status"] == "ok"
    assert set(data) == {"emails", "dropped"}
    # Each body is cut at 20,000 characters, so two whole messages fit in 60,000.
    assert [e["body"].split()[:2] for e in data["emails"]] == [["Code", "0"], ["Code", "1"]]
    assert data["dropped"] == 4
    assert sum(email_chars(e) for e in data["emails"]) <= DEFAULT_LIMITS.result_chars
    assert all(e["body_truncated"] for e in data["emails"])


async def test_an_envelope_within_the_bound_has_exactly_the_specified_data_keys() -> None:
    async with Reader.from_file(EXAMPLE_CONFIG) as reader:
        envelope = await reader.read_emails("otp@example.test")
    assert set(envelope["data"]) == {"emails"}


def test_the_order_omits_before_it_cuts() -> None:
    limits = Limits(raw_body_chars=1_000, body_chars=100)
    long_raw = email_from_parts(
        Parts(
            id="1",
            account="a",
            received_at=NOW,
            date="",
            sender=[],
            to=[],
            subject="",
            body="x " * 600,
        ),
        limits=limits,
    )
    long_text = email_from_parts(
        Parts(
            id="1",
            account="a",
            received_at=NOW,
            date="",
            sender=[],
            to=[],
            subject="",
            body="x " * 400,
        ),
        limits=limits,
    )
    assert (long_raw.body_omitted, long_raw.body_truncated, long_raw.body) == (True, False, "")
    assert (long_text.body_omitted, long_text.body_truncated) == (False, True)


# -- the converter's budget (issue 15, item 1) --------------------------------------------


def test_an_html_body_is_converted_no_further_than_the_output_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[int] = []
    write = html2text.HTML2Text.outtextf

    def counting(self: Any, s: str) -> None:
        written.append(len(s))
        write(self, s)

    monkeypatch.setattr(html2text.HTML2Text, "outtextf", counting)
    limits = Limits(body_chars=500, result_chars=500 + NON_BODY_MAX_CHARS)
    body = "<p>" + "word " * 40_000 + "</p>"  # 200,000 characters, within raw_body_chars

    e = email_from_parts(Parts(**PARTS, body=body, body_is_html=True), limits=limits)

    assert html_output_chars(limits) < sum(written) <= html_output_chars(limits) + 4_096
    assert e.body_truncated and e.body.endswith(BODY_TRUNCATED_MARKER)
    assert len(e.body) <= 500


def test_a_body_whose_conversion_stopped_is_marked_cut_even_when_its_text_is_short() -> None:
    """Line breaks a person never sees count against the budget, then vanish when the text
    is cleaned: the body is short, but it is not the whole mail, and says so."""
    body = "<br>" * 60_000 + "<p>Your code is 123456</p>"

    e = email_from_parts(Parts(**PARTS, body=body, body_is_html=True))

    assert (e.body, e.body_truncated) == (BODY_TRUNCATED_MARKER, True)


PARTS: dict[str, Any] = {
    "id": "1",
    "account": "qa@example.com",
    "received_at": NOW,
    "date": "",
    "sender": [("Acme", "no-reply@acme.example")],
    "to": [("", "qa@example.com")],
    "subject": "Your code",
}


# -- the shape of a message (issue 15, item 2) --------------------------------------------


def shaped(head: bytes = b"", body: bytes = b"Your code is 123456\r\n") -> bytes:
    """A verification mail with ``head`` added to its header section."""
    return (
        b"From: Acme <no-reply@acme.example>\r\nTo: qa@example.com\r\nSubject: Your code\r\n"
        + head
        + b"\r\n"
        + body
    )


BASE_FIELDS = 3  # From, To, Subject


def multipart(*parts: bytes) -> bytes:
    return shaped(
        b'Content-Type: multipart/mixed; boundary="b"\r\n',
        b"".join(b"--b\r\n" + p for p in parts) + b"--b--\r\n",
    )


def field_of(chars: int, name: bytes = b"X-Pad") -> bytes:
    """One header field of exactly ``chars`` characters, line breaks included, folded."""
    head = name + b": "
    rest = chars - len(head) - 2
    lines = [b"x" * min(rest, 900)]
    rest -= len(lines[0])
    while rest > 0:
        take = min(rest - 3, 900) if rest > 3 else rest
        if rest <= 3:
            lines[-1] += b"x" * rest
            break
        lines.append(b"x" * take)
        rest -= take + 3  # "\r\n " before each continuation
    field = head + b"\r\n ".join(lines) + b"\r\n"
    assert len(field) == chars, (len(field), chars)
    return field


def content_type_of(chars: int) -> bytes:
    """A ``Content-Type`` field of exactly ``chars`` characters: text/plain and empty
    parameters, the shape the parameter parser is quadratic on."""
    head = b"Content-Type: text/plain"
    return head + b";" * (chars - len(head) - 2) + b"\r\n"


def attached(n: int) -> bytes:
    return b"Content-Type: message/rfc822\r\n\r\nSubject: inner %d\r\n\r\nhi\r\n" % n


OVER_A_CAP = {
    "header fields": shaped(b"X-H: v\r\n" * (MAX_HEADER_FIELDS - BASE_FIELDS + 1)),
    "header characters": shaped(field_of(MAX_HEADER_BYTES)),
    "one Content-* field": shaped(content_type_of(MAX_MIME_FIELD_CHARS + 1)),
    "one Content-* field of a part": multipart(
        content_type_of(MAX_MIME_FIELD_CHARS + 1) + b"\r\nx\r\n"
    ),
    "Content-* fields in all": multipart(
        *[content_type_of(1_000) + b"\r\nx\r\n"] * (MAX_MIME_FIELDS_CHARS // 1_000 + 1)
    ),
    "lines": shaped(body=b"\r\n" * max_lines(DEFAULT_LIMITS)),
}
PAST_A_PARSE_CAP = {
    # The message, then MAX_MIME_PARTS - 1 parts: the last part is never created.
    "MIME parts": multipart(
        *[b"Content-Type: text/plain\r\n\r\npart %d\r\n" % i for i in range(MAX_MIME_PARTS)]
    ),
    # Each attached message is two objects: its part and the message inside.
    "attached messages": multipart(*[attached(i) for i in range(MAX_MIME_PARTS // 2)]),
    "nesting": shaped(
        b"".join(
            b'Content-Type: multipart/mixed; boundary="n%d"\r\n\r\n--n%d\r\n' % (i, i)
            for i in range(MAX_MULTIPART_DEPTH + 1)
        ),
        b"Content-Type: text/plain\r\n\r\nbottom\r\n",
    ),
}
AT_EACH_CAP = {
    "header fields": shaped(b"X-H: v\r\n" * (MAX_HEADER_FIELDS - BASE_FIELDS)),
    "one Content-* field": shaped(content_type_of(MAX_MIME_FIELD_CHARS)),
    "MIME parts": multipart(*[b"\r\nx\r\n"] * (MAX_MIME_PARTS - 1)),
    "lines": shaped(body=b"\r\n" * (max_lines(DEFAULT_LIMITS) - 4)),
}


@pytest.mark.parametrize("name", OVER_A_CAP)
def test_a_message_over_a_structural_cap_is_unreadable(name: str) -> None:
    with pytest.raises(OtpmailError) as caught:
        parse_rfc822(OVER_A_CAP[name], id="1", account="qa@example.com", received_at=NOW)
    assert caught.value.code == "bad_response"
    assert caught.value.message.startswith("unreadable message: ")
    assert caught.value.message.endswith("(a fixed cap of otpmail's; the message is skipped)")


@pytest.mark.parametrize("name", PAST_A_PARSE_CAP)
def test_a_message_past_the_part_or_nesting_cap_is_read_as_far_as_the_cap(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parse stops at the cap and keeps what it read: the headers, the parts before
    it; the email says ``body_omitted``, and no more message objects were made."""
    created: list[int] = []
    create = email.message.Message.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        created.append(1)
        create(self, *args, **kwargs)

    monkeypatch.setattr(email.message.Message, "__init__", counting)

    e = parse_rfc822(PAST_A_PARSE_CAP[name], id="1", account="qa@example.com", received_at=NOW)

    assert (e.subject, e.recipients, e.body_omitted) == ("Your code", ("qa@example.com",), True)
    assert len(created) <= MAX_MIME_PARTS + 1
    if name == "MIME parts":
        assert "part 0" in e.body and f"part {MAX_MIME_PARTS - 2}" in e.body
        assert f"part {MAX_MIME_PARTS - 1}" not in e.body
    if name == "attached messages":
        assert "inner 0" in e.body and f"inner {MAX_MIME_PARTS // 2 - 1}" not in e.body
    if name == "nesting":
        assert e.body == ""


@pytest.mark.parametrize("name", AT_EACH_CAP)
def test_a_message_at_a_structural_cap_is_read(name: str) -> None:
    raw = AT_EACH_CAP[name]
    e = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)
    assert (e.subject, e.recipients) == ("Your code", ("qa@example.com",))
    # Half a million line breaks are more than raw_body_chars: that bound, not a cap.
    assert e.body_omitted == (name == "lines")


def test_the_line_count_is_checked_before_the_parser_sees_a_byte(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fed: list[int] = []
    feed = BytesFeedParser.feed

    def counting(self: Any, data: bytes) -> None:
        fed.append(len(data))
        feed(self, data)

    monkeypatch.setattr(BytesFeedParser, "feed", counting)
    limits = Limits(response_bytes=64_000)
    with pytest.raises(OtpmailError):
        parse_rfc822(
            shaped(body=b"\r\n" * 2_001), id="1", account="a", received_at=NOW, limits=limits
        )
    assert fed == []
    parse_rfc822(shaped(body=b"\r\n" * 1_900), id="1", account="a", received_at=NOW, limits=limits)
    assert fed != []


@pytest.mark.parametrize("name", ["header fields", "header characters", "one Content-* field"])
def test_check_header_section_refuses_what_the_parse_refuses_without_parsing(name: str) -> None:
    """The function a reader that parses headers first (before deciding to decode) calls on
    the raw top of a message: the same caps, on bytes, whole message or header block."""
    raw = OVER_A_CAP[name]
    head = raw[: raw.index(b"\r\n\r\n") + 4]
    for data in (raw, head):
        with pytest.raises(OtpmailError) as caught:
            check_header_section(data)
        assert caught.value.code == "bad_response"
    check_header_section(AT_EACH_CAP["header fields"])
    check_header_section(AT_EACH_CAP["one Content-* field"])
    check_header_section(PAST_A_PARSE_CAP["MIME parts"])  # parts are the parse's to count


def test_header_values_are_parsed_once_per_message_however_often_they_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parser asks for a part's Content-Type several times, and the decoder again for
    the body and every attachment: each distinct value is parsed once, and a short MIME
    structure value once per process (the next message of the same shape parses none)."""
    from otpmail._decoding import _mime

    _mime._shared_header.cache_clear()
    parsed: list[str] = []
    parse = email.headerregistry.HeaderRegistry.__call__

    def counting(self: Any, name: str, value: str) -> Any:
        parsed.append(name.lower())
        return parse(self, name, value)

    monkeypatch.setattr(email.headerregistry.HeaderRegistry, "__call__", counting)
    raw = multipart(
        b"Content-Type: text/plain\r\n\r\nYour code is 123456\r\n",
        b'Content-Type: application/pdf; name="a.pdf"\r\n'
        b'Content-Disposition: attachment; filename="a.pdf"\r\n\r\nx\r\n',
    )

    e = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)

    assert e.body == "Your code is 123456" and [a.name for a in e.attachments] == ["a.pdf"]
    assert parsed.count("content-type") == 3  # the message's and each part's, once each
    assert parsed.count("content-disposition") == 1
    parsed.clear()
    again = parse_rfc822(raw, id="2", account="qa@example.com", received_at=NOW)
    assert again.body == e.body
    assert parsed.count("content-type") == parsed.count("content-disposition") == 0
