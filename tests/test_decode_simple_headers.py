"""Plainly written headers are read directly (``_decoding/_simple_headers.py``), with the
same answer as the standard library's header registry.

Whenever the direct reading answers, its answer must equal the registry path's
(``_registry_addresses`` / ``_registry_text``) for every header name otpmail reads that
way: on values generated from the plain grammar (each must be answered), on values of
structure-heavy characters (answered or not, never different), and on every header of
the repository's mail. And a whole decode of every mail, hostile ones included, is the
same field by field with the direct reading switched off, and with the process-wide
cache of parsed MIME structure headers (``_mime._shared_header``) switched off.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from otpmail._core._bounds import DEFAULT_LIMITS
from otpmail._decoding import _headers, _mime, parse_rfc822
from otpmail._decoding._simple_headers import simple_addresses, simple_text
from repository_mail import decoded_fields, repository_mail

NOW = datetime(2026, 12, 1, tzinfo=UTC)
ADDRESS_HEADERS = ("from", "to", "cc", "delivered-to", "x-rcptto")
TEXT_HEADERS = ("subject", "message-id", "date")


def assert_same_addresses(value: str) -> bool:
    """True when the direct reading answered (and agreed) for every name."""
    simple = simple_addresses(value)
    if simple is None:
        return False
    for name in ADDRESS_HEADERS:
        assert simple == _headers._registry_addresses(name, value), (name, value)
    return True


def assert_same_text(name: str, value: str) -> bool:
    simple = simple_text(name, value)
    if simple is None:
        return False
    assert simple == _headers._registry_text(name, value), (name, value)
    return True


# -- generated values ----------------------------------------------------------------

atext = st.sampled_from("abcxyzABCXYZ0189_+-")
atom = st.text(atext, min_size=1, max_size=6)
dot_atom = st.lists(atom, min_size=1, max_size=3).map(".".join)
label = st.text(st.sampled_from("abcz09-"), min_size=1, max_size=6)
domain = st.lists(label, min_size=1, max_size=4).map(".".join)
addr_spec = st.builds(lambda local, dom: f"{local}@{dom}", dot_atom, domain)
word = st.text(st.sampled_from("abcXYZ019"), min_size=1, max_size=6)
phrase = st.lists(word, min_size=1, max_size=4).map(" ".join)
qchar = st.sampled_from([chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"\\'])
quoted = st.lists(st.text(qchar, min_size=1, max_size=5), min_size=1, max_size=4).map(
    lambda words: '"' + " ".join(words) + '"'
)
mailbox = st.one_of(
    addr_spec,
    st.builds(lambda name, spec: f"{name} <{spec}>", st.one_of(phrase, quoted), addr_spec),
)
address_list = st.lists(mailbox, min_size=1, max_size=4).map(", ".join)
noise = st.text(st.sampled_from('ab0 @<>.,"\\()=?:;-_+[]\t\u00e9' + "x"), min_size=0, max_size=40)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(address_list)
@example("Acme <no-reply@acme.example>")
@example('"Acme, Inc." <a@x.example>, b@y.example')
@example('"a@evil.example" <a@x.example>')
@example('"(x)" <a-@-b.example>')
@example('"<b@y.example>" <a@x.example>')
def test_plain_address_lists_are_read_directly_with_the_registry_answer(value: str) -> None:
    assert assert_same_addresses(value)


@settings(max_examples=800, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(noise, st.builds(lambda a, b: a + b, address_list, noise)))
@example("a@b.example,c@d.example")
@example("a@b.example , c@d.example")
@example("Acme  <a@b.example>")
@example("Acme<a@b.example>")
@example('"" <a@b.example>')
@example('" x" <a@b.example>')
@example("a.@b.example")
@example("a@b..example")
@example('"=?utf-8?Q?Miros=C5=82aw?=" <m@x.example>')
def test_any_value_the_direct_reading_answers_it_answers_as_the_registry(value: str) -> None:
    assert_same_addresses(value)
    for name in TEXT_HEADERS:
        assert_same_text(name, value)


subject_word = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1)
subject = st.lists(subject_word, min_size=1, max_size=6).map(" ".join)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(subject)
@example("Your Acme verification code")
@example("Re: [ticket #12] done?")
def test_plain_subjects_are_read_directly(value: str) -> None:
    if "=?" in value:
        assert simple_text("subject", value) is None
    else:
        assert assert_same_text("subject", value)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.builds(lambda left, right: f"<{left}@{right}>", dot_atom, domain))
@example("<400001.qa+many@example.com>")
def test_plain_message_ids_are_read_directly(value: str) -> None:
    assert assert_same_text("message-id", value)


def _date_spellings(moment: datetime) -> list[str]:
    day = moment.strftime("%a")
    return [
        format_datetime(moment),
        moment.strftime("%d %b %Y %H:%M:%S %z"),
        moment.strftime(f"{day}, %d %b %Y %H:%M %z"),
        f"{day}, {moment.day} {moment:%b %Y %H:%M:%S} GMT",
        f"{moment:%d %b %y %H:%M:%S} -0000",
        f"{day}, {moment:%d %b %Y %H:%M:%S} UT",
        f"{moment:%d %b %Y %H:%M:%S} EST",
        f"{day}, {moment:%d %b %Y %H:%M:%S}",
        f"{day}, {moment:%d %b %Y} 25:61:61 +0000",
        f"{day} {moment:%d %b %Y %H:%M:%S} +2400",
    ]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(9998, 12, 31)),
    st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59),
)
def test_dates_read_directly_are_the_registrys(moment: datetime, offset: int) -> None:
    aware = moment.replace(tzinfo=timezone(timedelta(minutes=offset)))
    answered = [assert_same_text("date", value) for value in _date_spellings(aware)]
    assert answered[0]  # the RFC 5322 spelling itself is always read directly


# -- the repository's mail -----------------------------------------------------------


@pytest.fixture(scope="module")
def mail(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, bytes]]:
    return repository_mail(tmp_path_factory.mktemp("box"), 60, NOW)


def test_every_header_of_the_repositorys_mail_read_directly_is_the_registrys(
    mail: list[tuple[str, bytes]],
) -> None:
    answered = 0
    for _name, raw in mail:
        try:
            msg, _ = _mime.parse_message(raw, DEFAULT_LIMITS)
        except Exception:
            continue  # refused before any header is read
        values = _headers.Headers(msg, None, last="x-rcptto")._values
        for header, texts in values.items():
            for text in texts:
                if header in TEXT_HEADERS:
                    answered += assert_same_text(header, text)
                else:
                    answered += assert_same_addresses(text)
    assert answered > 500  # most of the repository's mail is written plainly


def test_a_whole_decode_is_the_same_without_the_direct_reading(
    mail: list[tuple[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    direct = [decoded_fields(raw) for _, raw in mail]
    monkeypatch.setattr(_headers, "simple_addresses", lambda value: None)
    monkeypatch.setattr(_headers, "simple_text", lambda name, value: None)
    for (name, raw), first in zip(mail, direct, strict=True):
        assert decoded_fields(raw) == first, name


def test_a_whole_decode_is_the_same_without_the_shared_mime_header_cache(
    mail: list[tuple[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _mime._shared_header.cache_clear()
    shared = [decoded_fields(raw) for _, raw in mail]
    assert _mime._shared_header.cache_info().hits > 100
    monkeypatch.setattr(_mime, "_SHARED_HEADERS", frozenset())
    for (name, raw), first in zip(mail, shared, strict=True):
        assert decoded_fields(raw) == first, name


def test_the_shared_mime_header_cache_holds_mime_structure_headers_only(
    mail: list[tuple[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What SECURITY.md says the decoder keeps for the process: MIME structure header
    values of at most 200 characters, never an address, a subject or a body."""
    kept: list[tuple[str, str]] = []
    shared = _mime._shared_header

    def recording(name: str, value: str) -> object:
        kept.append((name, value))
        return shared(name, value)

    monkeypatch.setattr(_mime, "_shared_header", recording)
    for _, raw in mail:
        decoded_fields(raw)
    names = {name.lower() for name, _ in kept}
    mime = {"content-type", "content-transfer-encoding", "content-disposition", "mime-version"}
    assert "content-type" in names and names <= mime, names
    assert max(len(value) for _, value in kept) <= 200


def test_the_shared_mime_header_cache_cannot_grow_with_the_mail() -> None:
    parts = "".join(
        f'--b\r\nContent-Type: text/x-{i}; charset="utf-8"\r\n\r\npart {i}\r\n' for i in range(400)
    )
    many_types = (
        'To: qa@example.com\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n'
        + parts
        + "--b--\r\n"
    ).encode()
    _mime._shared_header.cache_clear()
    parse_rfc822(many_types, id="1", account="qa@example.com", received_at=NOW)
    info = _mime._shared_header.cache_info()
    assert info.misses >= 400  # every type was parsed, more than it may keep
    assert info.currsize == info.maxsize == 256

    long_value = "text/plain; x=" + "y" * 300
    raw = f"To: qa@example.com\r\nContent-Type: {long_value}\r\n\r\nhi\r\n".encode()
    _mime._shared_header.cache_clear()
    email = parse_rfc822(raw, id="2", account="qa@example.com", received_at=NOW)
    assert email.body == "hi"
    assert _mime._shared_header.cache_info().currsize == 0  # too long to keep
