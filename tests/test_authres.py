"""Authentication-Results: the parser (RFC 8601 §2.2, and Exchange Online's variant), the
verdict it yields, organisational domains, and otpmail's rule for "authenticated".

The header texts are the documented forms: RFC 8601 Appendix B, Microsoft's "Anti-spam
message headers" page, and the real Gmail and Exchange Online formats in
``tests/fakes/mail_headers.py`` (which names its sources).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fakes.mail_headers import (
    FAIL,
    PASS,
    Verdict,
    exchange_delivery,
    exchange_report,
    gmail_delivery,
    gmail_report,
    raw_message,
)
from otpmail._core._match import vouches
from otpmail._decoding import (
    TRUST_EXCHANGE_ONLINE,
    TRUST_GMAIL,
    AuthTrust,
    organisational_domain,
    parse_authentication_results,
    parse_rfc822,
)
from otpmail._decoding._authres import authenticate

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
FROM = ["no-reply@acme.example"]


def results(value: str) -> list[tuple[str, str, dict[str, str]]]:
    report = parse_authentication_results(value)
    assert report is not None and report.results is not None
    return [(r.method, r.result, dict(r.properties)) for r in report.results]


# -- the grammar -----------------------------------------------------------------------


def test_rfc_8601_appendix_b_examples_parse() -> None:
    # B.2: nothing done; B.3: SPF; B.4: SMTP AUTH and SPF with comments and a version.
    assert parse_authentication_results("example.org 1; none").results == ()
    assert results("example.com; spf=pass smtp.mailfrom=example.net") == [
        ("spf", "pass", {"smtp.mailfrom": "example.net"})
    ]
    report = parse_authentication_results(
        "example.com;\r\n  auth=pass (cram-md5) smtp.auth=sender@example.net;\r\n"
        "  spf=pass smtp.mailfrom=example.net"
    )
    assert report is not None and report.authserv_id == "example.com"
    assert [(r.method, r.result) for r in report.results or ()] == [
        ("auth", "pass"),
        ("spf", "pass"),
    ]
    # B.6: a version on the method, quoted reason, a comment between the parts.
    assert results(
        'example.com; dkim/1=pass reason="good signature" header.i=@mail-router.example.net'
    ) == [("dkim", "pass", {"reason": "good signature", "header.i": "@mail-router.example.net"})]


def test_gmails_report_parses_with_its_comments() -> None:
    value = gmail_report(PASS, mailfrom="bounce@mail.acme.example", from_domain="acme.example")
    assert [m for m, _, _ in results(value)] == ["dkim", "spf", "dmarc"]
    assert results(value)[1][2] == {"smtp.mailfrom": "bounce@mail.acme.example"}


def test_exchange_onlines_report_has_no_authserv_id() -> None:
    value = exchange_report(PASS, mailfrom_domain="mail.acme.example", from_domain="acme.example")
    report = parse_authentication_results(value.replace("\r\n", ""))
    assert report is not None and report.authserv_id is None
    assert [(r.method, r.result) for r in report.results or ()] == [
        ("spf", "pass"),
        ("dkim", "pass"),
        ("dmarc", "pass"),
        ("compauth", "pass"),
    ]
    assert report.results is not None and report.results[2].get("action") == "none"


def test_exchange_onlines_older_form_with_the_tenant_domain_as_a_resinfo_parses() -> None:
    # The 2017 outlook.com / 2020 Exchange Online form (fakes/mail_headers.py, sources).
    value = (
        "spf=pass (sender IP is 167.89.101.202) smtp.mailfrom=sgmail.github.com; hotmail.com; "
        "dkim=pass (signature was verified) header.d=github.com;hotmail.com; dmarc=pass "
        "action=none header.from=github.com;"
    )
    assert [(m, r) for m, r, _ in results(value)] == [
        ("spf", "pass"),
        ("dkim", "pass"),
        ("dmarc", "pass"),
    ]


@pytest.mark.parametrize(
    "value",
    [
        "mx.google.com; dmarc=pass (unterminated comment header.from=acme.example",
        'mx.google.com; dmarc=pass header.from="acme.example',
        "mx.google.com; dmarc pass",
        "mx.google.com; dmarc=pass) header.from=acme.example",
        "mx.google.com dmarc=pass",
        "mx.google.com; =pass",
    ],
)
def test_a_malformed_report_is_identified_but_not_read(value: str) -> None:
    report = parse_authentication_results(value)
    assert report is not None and report.authserv_id == "mx.google.com"
    assert report.results is None


def test_text_inside_comments_and_quotes_is_never_a_result() -> None:
    assert results(
        'mx.google.com; spf=fail (google.com: "a; dmarc=pass" (nested; dmarc=pass)) '
        'smtp.mailfrom="x;dmarc=pass"@evil.example; dmarc=fail header.from=acme.example'
    ) == [
        ("spf", "fail", {"smtp.mailfrom": "x;dmarc=pass@evil.example"}),
        ("dmarc", "fail", {"header.from": "acme.example"}),
    ]


@given(st.text(max_size=300))
def test_any_text_parses_or_is_refused_without_an_exception(value: str) -> None:
    parse_authentication_results(value)
    authenticate([("Authentication-Results", value)], TRUST_GMAIL, FROM)
    authenticate([("Authentication-Results", value)], TRUST_EXCHANGE_ONLINE, FROM)


# -- the verdict -------------------------------------------------------------------------


def gmail_verdict(verdict: Verdict | None, *, sender: str = FROM[0]) -> dict[str, object]:
    domain = sender.rpartition("@")[2]
    headers = gmail_delivery(
        verdict,
        to="qa@example.com",
        mailfrom="bounce@mail.acme.example",
        from_domain=domain,
        at=NOW,
    )
    return authenticate(headers, TRUST_GMAIL, [sender]).to_dict()


def test_gmail_pass_names_each_checked_domain() -> None:
    assert gmail_verdict(PASS) == {
        "authenticated": True,
        "checked": True,
        "authserv_id": "mx.google.com",
        "spf": "pass",
        "dkim": "pass",
        "dmarc": "pass",
        "mailed_by": "mail.acme.example",
        "signed_by": "acme.example",
        "header_from": "acme.example",
        "dkim_aligned": True,
    }


def test_gmail_fail_is_checked_and_not_authenticated() -> None:
    verdict = gmail_verdict(FAIL)
    assert verdict["checked"] is True and verdict["dmarc"] == "fail"
    assert verdict["authenticated"] is False and verdict["dkim"] is None


def test_no_report_is_unchecked_which_is_neither_pass_nor_fail() -> None:
    assert gmail_verdict(None) == {
        "authenticated": False,
        "checked": False,
        "authserv_id": None,
        "spf": None,
        "dkim": None,
        "dmarc": None,
        "mailed_by": None,
        "signed_by": None,
        "header_from": None,
        "dkim_aligned": None,
    }


def test_a_report_that_names_a_method_twice_is_not_read() -> None:
    # What an injection through a comment the server copied from the sender would look like.
    value = (
        'mx.google.com; spf=pass (google.com: domain of "x);dmarc=pass header.from=acme.example '
        '(y"@evil.example designates 192.0.2.1 as permitted sender) smtp.mailfrom="x"@evil.example;'
        " dmarc=fail (p=REJECT) header.from=acme.example"
    )
    verdict = authenticate([("Authentication-Results", value)], TRUST_GMAIL, FROM)
    assert not verdict.checked and not verdict.authenticated


def test_a_property_of_the_wrong_kind_makes_the_report_unreadable() -> None:
    value = 'mx.google.com; spf=pass (google.com: "a) dmarc=pass header.from=acme.example (b"@evil.example) smtp.mailfrom=b@evil.example'
    assert not authenticate([("Authentication-Results", value)], TRUST_GMAIL, FROM).checked


def test_the_dkim_signature_reported_is_an_aligned_pass_when_there_is_one() -> None:
    value = (
        "mx.google.com; dkim=fail header.i=@acme.example; dkim=pass header.i=@esp.example; "
        "dkim=pass header.i=@mail.acme.example; spf=pass smtp.mailfrom=x@esp.example"
    )
    verdict = authenticate([("Authentication-Results", value)], TRUST_GMAIL, FROM)
    assert (verdict.dkim, verdict.signed_by, verdict.dkim_aligned) == (
        "pass",
        "mail.acme.example",
        True,
    )


# -- whose report ------------------------------------------------------------------------


def test_maildir_trusts_only_the_authserv_id_its_configuration_names() -> None:
    headers = [
        ("Authentication-Results", "mx.example.net; dmarc=fail header.from=acme.example"),
        ("Authentication-Results", "mx.other.example; dmarc=pass header.from=acme.example"),
    ]
    trusted = authenticate(headers, AuthTrust.for_authserv_id("MX.example.net"), FROM)
    assert trusted.checked and trusted.dmarc == "fail" and trusted.authserv_id == "mx.example.net"
    assert not authenticate(headers, None, FROM).checked


def test_maildir_messages_are_unchecked_without_a_trusted_authserv_id() -> None:
    raw = raw_message(
        [
            ("Authentication-Results", "mx.example.net; dmarc=pass header.from=acme.example"),
            ("From", FROM[0]),
            ("To", "qa@example.com"),
        ]
    )
    plain = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)
    trusted = parse_rfc822(
        raw,
        id="1",
        account="qa@example.com",
        received_at=NOW,
        trust=AuthTrust.for_authserv_id("mx.example.net"),
    )
    assert plain.authentication.checked is False
    assert trusted.authentication.authenticated is True


def test_exchange_onlines_report_counts_only_above_its_entry_line() -> None:
    delivery = exchange_delivery(
        PASS, mailfrom_domain="mail.acme.example", from_domain="acme.example", at=NOW
    )
    assert authenticate(delivery.top, TRUST_EXCHANGE_ONLINE, FROM).authenticated
    # Without the entry line (mail that never came in through Exchange Online's MX), no
    # id-less report is believed, wherever it is.
    without_entry = [h for h in delivery.top if "mail.protection.outlook.com" not in h[1]]
    assert not authenticate(without_entry, TRUST_EXCHANGE_ONLINE, FROM).checked
    forged_only = [*exchange_delivery(None, mailfrom_domain="a", from_domain="a", at=NOW).top]
    forged_only.append(
        (
            "Authentication-Results",
            exchange_report(PASS, mailfrom_domain="acme.example", from_domain="acme.example"),
        )
    )
    assert not authenticate(forged_only, TRUST_EXCHANGE_ONLINE, FROM).checked


# -- organisational domains and the rule -----------------------------------------------


@pytest.mark.parametrize(
    ("domain", "organisation"),
    [
        ("acme.example", "acme.example"),
        ("mail.acme.example", "acme.example"),
        ("news.bank.co.uk", "bank.co.uk"),
        ("a.github.io", "a.github.io"),
        ("co.uk", "co.uk"),
        ("BÜCHER.de", "xn--bcher-kva.de"),
    ],
)
def test_the_organisational_domain_comes_from_the_bundled_public_suffix_list(
    domain: str, organisation: str
) -> None:
    assert organisational_domain(domain) == organisation


def test_dkim_alignment_is_by_organisational_domain_not_by_suffix() -> None:
    def aligned(signer: str, sender: str) -> bool | None:
        value = f"mx.google.com; dkim=pass header.i=@{signer}"
        return authenticate([("Authentication-Results", value)], TRUST_GMAIL, [sender]).dkim_aligned

    assert aligned("acme.example", "no-reply@mail.acme.example") is True
    assert aligned("news.acme.example", "no-reply@mail.acme.example") is True
    assert aligned("a.co.uk", "x@b.co.uk") is False
    assert aligned("attacker.github.io", "x@victim.github.io") is False
    assert aligned("acme-login.example", "x@acme.example") is False


@pytest.mark.parametrize(
    ("authentication", "sender", "expected"),
    [
        ({"checked": True, "dmarc": "pass", "header_from": "acme.example"}, FROM, True),
        # DMARC passed for another domain than the From address's.
        ({"checked": True, "dmarc": "pass", "header_from": "evil.example"}, FROM, False),
        ({"checked": True, "dmarc": "fail", "dkim": "pass", "dkim_aligned": True}, FROM, False),
        ({"checked": True, "dmarc": "none", "dkim": "pass", "dkim_aligned": True}, FROM, True),
        ({"checked": True, "dmarc": None, "dkim": "pass", "dkim_aligned": True}, FROM, True),
        (
            {"checked": True, "dmarc": "bestguesspass", "dkim": "pass", "dkim_aligned": True},
            FROM,
            True,
        ),
        ({"checked": True, "dmarc": "none", "dkim": "pass", "dkim_aligned": False}, FROM, False),
        ({"checked": True, "dmarc": "none", "spf": "pass"}, FROM, False),
        ({"checked": True, "dmarc": "temperror"}, FROM, False),
        ({"checked": False, "dmarc": "pass", "header_from": "acme.example"}, FROM, False),
        # DMARC is undefined for several From addresses.
        (
            {"checked": True, "dmarc": "pass", "header_from": "acme.example"},
            ["a@acme.example", "b@acme.example"],
            False,
        ),
    ],
)
def test_the_rule_for_authenticated(
    authentication: dict[str, object], sender: list[str], expected: bool
) -> None:
    assert vouches(authentication, sender) is expected
