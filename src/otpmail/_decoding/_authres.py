"""Authentication-Results (RFC 8601): the receiving server's verdict on a message, and the
rule for whose verdict to believe.

:func:`parse_authentication_results` reads one header by the RFC 8601 grammar, so text the
sender controls inside comments and quoted strings never becomes a result;
:class:`AuthTrust` names the receiving server's own header (Gmail's, Exchange Online's);
:func:`authenticate` turns it into :class:`Authentication`. Pure: no I/O, no DNS. The rules
and their reasons: docs/decoding.md, "Authentication-Results", and claim C36 in
docs/security/claims.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from otpmail._core._match import vouches

__all__ = [
    "TRUST_EXCHANGE_ONLINE",
    "TRUST_GMAIL",
    "AuthResults",
    "AuthTrust",
    "Authentication",
    "Resinfo",
    "authenticate",
    "organisational_domain",
    "parse_authentication_results",
]

MAX_AUTHRES_CHARS = 8_192
"""A longer header is cut here (and is then malformed): a real one is well under 2,000."""
MAX_REPORTS_READ = 100
"""At most this many ``Authentication-Results`` headers are parsed per message."""
_MAX_COMMENT_DEPTH = 16
_MAX_DOMAIN_CHARS = 253

EXCHANGE_ONLINE_ID = "protection.outlook.com"
"""How otpmail names Exchange Online, which writes no authserv-id: the receiver name its own
``Received-SPF`` header uses."""
EXCHANGE_ENTRY_SUFFIX = ".mail.protection.outlook.com"
"""The ``by`` host of the ``Received`` line Exchange Online writes when mail enters it."""

# RFC 5321 Keyword / ldh-str, with the dot of ptype.property and "_" seen in the wild.
_KEYWORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_RESULT = re.compile(r"[a-z][a-z0-9-]{0,31}")
_VERSION = re.compile(r"[0-9]{1,9}")
# What a bare pvalue may not contain: whitespace and the RFC 8601 delimiters.
_PVALUE_END = frozenset(' \t\r\n;()"')
# A DNS name of two or more labels; internationalised labels are letters of any script.
_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})+")
_BY_HOST = re.compile(r"(?:^|\s)by\s+([A-Za-z0-9.-]+)", re.IGNORECASE)

# The ptypes a method's properties may carry (RFC 8601 §2.7); "policy" goes with any, and
# Exchange Online writes DMARC's "action" with no ptype. A property outside these means the
# header is not what the receiving server wrote: it is refused.
_PTYPES = {
    "spf": frozenset({"smtp", "policy"}),
    "dkim": frozenset({"header", "policy"}),
    "dmarc": frozenset({"header", "policy", "action"}),
}
# Methods a receiving server reports at most once per message.
_ONCE = ("spf", "dmarc")


class _Malformed(Exception):
    """Not RFC 8601, nor Exchange Online's variant of it."""


@dataclass(frozen=True)
class Resinfo:
    """One ``method=result`` of a header, with its properties (``ptype.property`` lowercased,
    or ``reason`` and ``action``) in the order written."""

    method: str
    result: str
    properties: tuple[tuple[str, str], ...] = ()

    def get(self, name: str) -> str | None:
        """The first value of property ``name`` (``"smtp.mailfrom"``, ``"header.d"``)."""
        for key, value in self.properties:
            if key == name:
                return value
        return None


@dataclass(frozen=True)
class AuthResults:
    """One parsed header. ``authserv_id`` is ``None`` for Exchange Online's id-less form;
    ``results`` is ``None`` when the header could be identified but not read whole."""

    authserv_id: str | None
    results: tuple[Resinfo, ...] | None


class _Scanner:
    """A cursor over one header value, for the recursive-descent reading of §2.2."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def at_end(self) -> bool:
        self.skip_cfws()
        return self.pos >= len(self.text)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_cfws(self) -> None:
        """Whitespace and comments; a comment nests and may hold quoted-pairs (RFC 5322
        §3.2.2). Quotes inside a comment are ordinary text, as the grammar says."""
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n":
                self.pos += 1
            elif char == "(":
                depth = 0
                while True:
                    if self.pos >= len(text):
                        raise _Malformed
                    char = text[self.pos]
                    if char == "\\":
                        self.pos += 2
                        continue
                    self.pos += 1
                    if char == "(":
                        depth += 1
                        if depth > _MAX_COMMENT_DEPTH:
                            raise _Malformed
                    elif char == ")":
                        depth -= 1
                        if depth == 0:
                            break
            elif char == ")":
                raise _Malformed
            else:
                return

    def expect(self, char: str) -> None:
        self.skip_cfws()
        if self.peek() != char:
            raise _Malformed
        self.pos += 1

    def keyword(self) -> str:
        self.skip_cfws()
        match = _KEYWORD.match(self.text, self.pos)
        if not match:
            raise _Malformed
        self.pos = match.end()
        return match.group().lower()

    def quoted(self) -> str:
        """A quoted-string at the cursor, unquoted."""
        text = self.text
        self.pos += 1
        out: list[str] = []
        while True:
            if self.pos >= len(text):
                raise _Malformed
            char = text[self.pos]
            if char == "\\":
                if self.pos + 1 >= len(text):
                    raise _Malformed
                out.append(text[self.pos + 1])
                self.pos += 2
                continue
            self.pos += 1
            if char == '"':
                return "".join(out)
            out.append(char)

    def bare(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in _PVALUE_END:
            self.pos += 1
        return self.text[start : self.pos]

    def value(self) -> str:
        """A ``value`` (token or quoted-string) or an address-like pvalue
        (``"local"@domain``, ``@domain``, ``user@domain``)."""
        self.skip_cfws()
        if self.peek() == '"':
            quoted = self.quoted()
            return quoted + self.bare() if self.peek() == "@" else quoted
        word = self.bare()
        if not word:
            raise _Malformed
        return word


def parse_authentication_results(value: str) -> AuthResults | None:
    """Parse one ``Authentication-Results`` value; ``None`` when not even its first part
    (the authserv-id, or Exchange Online's first ``method=``) can be read.

    >>> r = parse_authentication_results(
    ...     "mx.google.com; dkim=pass header.i=@acme.example header.s=s1; "
    ...     "spf=pass (google.com: domain of a@acme.example designates 192.0.2.1 as permitted "
    ...     "sender) smtp.mailfrom=a@acme.example; dmarc=pass (p=REJECT) header.from=acme.example")
    >>> r.authserv_id, [(x.method, x.result) for x in r.results]
    ('mx.google.com', [('dkim', 'pass'), ('spf', 'pass'), ('dmarc', 'pass')])
    >>> parse_authentication_results("spf=pass (sender IP is 192.0.2.1) smtp.mailfrom=acme."
    ...     "example; dkim=none (message not signed) header.d=none;dmarc=pass action=none "
    ...     "header.from=acme.example;compauth=pass reason=100").authserv_id is None
    True
    """
    scanner = _Scanner(value[:MAX_AUTHRES_CHARS])
    try:
        authserv_id = _authserv_id(scanner)
    except _Malformed:
        return None
    try:
        results = _resinfos(scanner, id_less=authserv_id is None)
    except _Malformed:
        return AuthResults(authserv_id, None)
    return AuthResults(authserv_id, results)


def _authserv_id(scanner: _Scanner) -> str | None:
    """The authserv-id (lowercased), or ``None`` for the id-less form (``spf=...`` first),
    leaving the cursor before the first resinfo."""
    scanner.skip_cfws()
    start = scanner.pos
    match = _KEYWORD.match(scanner.text, start)
    if match:
        scanner.pos = match.end()
        scanner.skip_cfws()
        if scanner.peek() == "=":
            scanner.pos = start
            return None
        scanner.pos = start
    ident = scanner.value().lower()
    if not ident or ";" in ident:
        raise _Malformed
    scanner.skip_cfws()
    version = _VERSION.match(scanner.text, scanner.pos)
    if version and scanner.text[version.end() : version.end() + 1] in {"", ";", "(", " ", "\t"}:
        scanner.pos = version.end()  # authres-version
    return ident


def _resinfos(scanner: _Scanner, *, id_less: bool) -> tuple[Resinfo, ...]:
    results: list[Resinfo] = []
    first = True
    while not scanner.at_end():
        if not (id_less and first):
            scanner.expect(";")
        first = False
        if scanner.at_end() or scanner.peek() == ";":
            continue  # an empty resinfo (a trailing or doubled ";")
        start = scanner.pos
        method = scanner.keyword()
        scanner.skip_cfws()
        if scanner.peek() == "/":  # method-version
            scanner.pos += 1
            scanner.keyword()
            scanner.skip_cfws()
        if scanner.peek() != "=":
            if not results and method == "none" and not id_less and scanner.at_end():
                return ()  # RFC 8601 no-result: "authserv-id; none"
            if id_less and "." in method and (scanner.at_end() or scanner.peek() == ";"):
                # Exchange Online has written the recipient's domain as a resinfo of its
                # own ("smtp.mailfrom=a.example; contoso.com; dkim=..."): it carries nothing.
                continue
            scanner.pos = start
            raise _Malformed
        scanner.pos += 1
        result = scanner.keyword()
        if not _RESULT.fullmatch(result):
            raise _Malformed
        properties: list[tuple[str, str]] = []
        while not scanner.at_end() and scanner.peek() != ";":
            name = scanner.keyword()
            scanner.expect("=")
            properties.append((name, scanner.value()))
        results.append(Resinfo(method, result, tuple(properties)))
    return tuple(results)


# ---------------------------------------------------------------------------------------
# Whose report


@dataclass(frozen=True)
class AuthTrust:
    """Which ``Authentication-Results`` header is the receiving server's own.

    ``authserv_id``: the topmost header bearing exactly this id (Gmail, or a Maildir whose
    MTA the configuration names). ``None``: Exchange Online's rule, the topmost id-less
    header, counted only above the ``Received`` line of its entry server.
    """

    authserv_id: str | None

    @classmethod
    def for_authserv_id(cls, authserv_id: str) -> AuthTrust:
        """Trust the topmost report by ``authserv_id`` (compared without case)."""
        return cls(authserv_id.strip().lower())


TRUST_GMAIL = AuthTrust("mx.google.com")
TRUST_EXCHANGE_ONLINE = AuthTrust(None)


def _unfold(value: str) -> str:
    return value.replace("\r", "").replace("\n", "")


def select_report(
    headers: Iterable[tuple[str, str]], trust: AuthTrust
) -> tuple[AuthResults | None, str | None]:
    """The receiving server's report among ``headers`` (name, value; topmost first) and the
    id to name it by; ``(None, None)`` when there is none to trust.

    Headers below the chosen one are never read, and neither is any other header name
    (``ARC-Authentication-Results``, ``Authentication-Results-Original``, ...).
    """
    chosen: AuthResults | None = None
    read = 0
    for name, raw in headers:
        key = name.strip().lower()
        if key == "received" and trust.authserv_id is None:
            host = _BY_HOST.search(_unfold(raw))
            if host and host.group(1).lower().endswith(EXCHANGE_ENTRY_SUFFIX):
                # The entry into Exchange Online: everything below it came from outside.
                return (chosen, EXCHANGE_ONLINE_ID) if chosen is not None else (None, None)
            continue
        if key != "authentication-results" or chosen is not None:
            continue
        read += 1
        if read > MAX_REPORTS_READ:
            break
        report = parse_authentication_results(_unfold(raw))
        if report is None:
            continue
        if trust.authserv_id is None:
            if report.authserv_id is None:
                chosen = report  # still needs the entry line below it
        elif report.authserv_id == trust.authserv_id:
            return report, report.authserv_id
    return None, None


# ---------------------------------------------------------------------------------------
# The verdict


@dataclass(frozen=True)
class Authentication:
    """What the trusted report says. ``checked`` is False when there is no such report (or
    it contradicts itself): neither a pass nor a fail."""

    checked: bool = False
    authserv_id: str | None = None
    spf: str | None = None
    dkim: str | None = None
    dmarc: str | None = None
    mailed_by: str | None = None
    """The envelope sender's domain SPF checked (``smtp.mailfrom``)."""
    signed_by: str | None = None
    """The domain of the DKIM signature reported in ``dkim`` (``header.d``/``header.i``)."""
    header_from: str | None = None
    """The From domain DMARC evaluated (``header.from``)."""
    dkim_aligned: bool | None = None
    """Whether ``signed_by`` has the From domain's organisational domain; ``None`` when
    either is unknown."""
    authenticated: bool = False
    """Whether this report vouches for the From domain by otpmail's rule
    (:func:`otpmail._core._match.vouches`): what ``authenticated=True`` reads demand."""

    def to_dict(self) -> dict[str, Any]:
        """The envelope form: every key, ``null`` where the report says nothing."""
        return {
            "authenticated": self.authenticated,
            "checked": self.checked,
            "authserv_id": self.authserv_id,
            "spf": self.spf,
            "dkim": self.dkim,
            "dmarc": self.dmarc,
            "mailed_by": self.mailed_by,
            "signed_by": self.signed_by,
            "header_from": self.header_from,
            "dkim_aligned": self.dkim_aligned,
        }


UNCHECKED = Authentication()


@lru_cache(maxsize=1)
def _psl() -> Any:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def _ascii_domain(domain: str) -> str:
    try:
        return domain.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return domain.lower()


def organisational_domain(domain: str) -> str:
    """The registrable domain of ``domain`` by the bundled Public Suffix List (RFC 7489
    §3.2), lowercased, in its ASCII form; a public suffix is its own.

    >>> organisational_domain("news.Bank.co.uk"), organisational_domain("a.github.io")
    ('bank.co.uk', 'a.github.io')
    """
    ascii_form = _ascii_domain(domain.strip().rstrip("."))
    return str(_psl().privatesuffix(ascii_form) or ascii_form)


def _domain(value: str | None) -> str | None:
    """The domain of a property value (``a@x.example``, ``@x.example``, ``x.example``), or
    ``None`` when it is not a domain name."""
    if not value:
        return None
    domain = value.rpartition("@")[2].strip().rstrip(".").lower()
    if not domain or len(domain) > _MAX_DOMAIN_CHARS or not _DOMAIN.fullmatch(domain):
        return None
    return domain


def _consistent(results: Sequence[Resinfo]) -> bool:
    """False when the report holds what its server would not write: SPF or DMARC twice, or
    a property of the wrong kind (an ``smtp.`` property on DMARC). That is the mark of text
    smuggled into a comment the server copied from the sender."""
    for method in _ONCE:
        if sum(1 for r in results if r.method == method) > 1:
            return False
    for result in results:
        allowed = _PTYPES.get(result.method)
        if allowed is None:
            continue
        for name, _ in result.properties:
            if name != "reason" and name.split(".", 1)[0] not in allowed:
                return False
    return True


def _from_domain(from_addresses: Sequence[str]) -> str | None:
    """The one From domain DMARC speaks of; none for zero or several From addresses."""
    domains = {_domain(a) for a in from_addresses}
    if len(from_addresses) != 1 or len(domains) != 1:
        return None
    return domains.pop()


def _aligned(signer: str | None, from_domain: str | None) -> bool | None:
    if signer is None or from_domain is None:
        return None
    return organisational_domain(signer) == organisational_domain(from_domain)


def authenticate(
    headers: Iterable[tuple[str, str]],
    trust: AuthTrust | None,
    from_addresses: Sequence[str],
) -> Authentication:
    """The verdict of the receiving server's report among ``headers`` (topmost first), as
    ``trust`` defines it, on a message from ``from_addresses``. ``trust=None`` (a mailbox
    nobody vouches for) is always unchecked.

    >>> a = authenticate([("Authentication-Results", "mx.google.com; dkim=pass "
    ...     "header.i=@acme.example; spf=pass smtp.mailfrom=bounce@mail.acme.example; "
    ...     "dmarc=pass (p=REJECT) header.from=acme.example")], TRUST_GMAIL,
    ...     ["no-reply@acme.example"])
    >>> a.checked, a.dmarc, a.mailed_by, a.signed_by, a.dkim_aligned
    (True, 'pass', 'mail.acme.example', 'acme.example', True)
    """
    if trust is None:
        return UNCHECKED
    report, authserv_id = select_report(headers, trust)
    if report is None or report.results is None or not _consistent(report.results):
        return UNCHECKED
    results = report.results
    from_domain = _from_domain(from_addresses)
    spf = next((r for r in results if r.method == "spf"), None)
    dmarc = next((r for r in results if r.method == "dmarc"), None)
    signatures = [
        (r, _domain(r.get("header.d")) or _domain(r.get("header.i")))
        for r in results
        if r.method == "dkim"
    ]
    # The signature to report: an aligned pass, else any pass, else the first.
    ranked = sorted(
        signatures,
        key=lambda s: (s[0].result != "pass", _aligned(s[1], from_domain) is not True),
    )
    dkim, signer = ranked[0] if ranked else (None, None)
    verdict = Authentication(
        checked=True,
        authserv_id=authserv_id,
        spf=spf.result if spf else None,
        dkim=dkim.result if dkim else None,
        dmarc=dmarc.result if dmarc else None,
        mailed_by=_domain(spf.get("smtp.mailfrom")) if spf else None,
        signed_by=signer,
        header_from=_domain(dmarc.get("header.from")) if dmarc else None,
        dkim_aligned=_aligned(signer, from_domain),
    )
    return replace(verdict, authenticated=vouches(verdict.to_dict(), from_addresses))
