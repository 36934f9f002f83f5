"""The trace headers Gmail and Exchange Online write on delivery, for the fakes, the cassettes
and the authentication tests. Authored from real messages, with example names and addresses:

- Gmail prepends, topmost first: ``Delivered-To``, two internal ``Received``,
  ``X-Google-Smtp-Source``, ``X-Received``, the ARC set (``ARC-Seal``,
  ``ARC-Message-Signature``, ``ARC-Authentication-Results: i=1; mx.google.com; ...``),
  ``Return-Path``, the entry ``Received: from ... by mx.google.com with ESMTPS``,
  ``Received-SPF`` and ``Authentication-Results: mx.google.com; dkim=...; spf=...;
  dmarc=...``. The report's format (``header.i=@d header.s= header.b=``, the SPF comment that
  repeats the envelope sender, ``dmarc=... (p=... sp=... dis=...) header.from=``, no dmarc
  clause when the domain has no record) is that of the Gmail part of a message Gmail
  received on 2024-11-10 and forwarded on (Message-ID
  ``<kF4Z6m8lS4qxluY2wPzMCA@geopod-ismtpd-6>``, in a public kernel mailing-list archive),
  and of the examples in research/gmail.md's sources.
- Exchange Online (EOP) prepends ``Received`` lines of its internal hops, then
  ``Authentication-Results: spf=... (sender IP is ...) smtp.mailfrom=...; dkim=...
  header.d=...;dmarc=... action=... header.from=...;compauth=... reason=...`` with **no
  authserv-id**, ``Received-SPF: ... (protection.outlook.com: ...)`` and the entry
  ``Received: from <sender> by <server>.mail.protection.outlook.com``; it appends its
  ``X-MS-Exchange-*``/``X-Forefront-Antispam-Report`` headers at the bottom of the header
  block, and renames an ``Authentication-Results`` header that arrived with the message to
  ``Authentication-Results-Original``. Formats from Microsoft's "Anti-spam message headers"
  page (MicrosoftDocs/defender-docs, defender-office-365/message-headers-eop-mdo.md) and two
  real deliveries: the same 2024-11-10 message as it entered an Exchange Online tenant, and
  a 2020 message relayed into one by Proofpoint (both show the renaming).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime

Header = tuple[str, str]


@dataclass(frozen=True)
class Verdict:
    """What the receiving server found: ``None`` leaves a check out of the report."""

    spf: str = "pass"
    dkim: str | None = "pass"
    dmarc: str | None = "pass"
    dkim_domain: str | None = None
    """The signing domain; default: the From domain."""


PASS = Verdict()
FAIL = Verdict(spf="fail", dkim=None, dmarc="fail")


def _domain(address: str) -> str:
    return address.rpartition("@")[2].lower()


def _when(at: datetime) -> str:
    return format_datetime(at.astimezone(UTC))


# ---------------------------------------------------------------------------------------
# Gmail


def gmail_report(
    verdict: Verdict, *, mailfrom: str, from_domain: str, ip: str = "198.51.100.25"
) -> str:
    """Gmail's ``Authentication-Results`` value for ``verdict``."""
    parts = ["mx.google.com"]
    signer = verdict.dkim_domain or from_domain
    if verdict.dkim is not None:
        parts.append(f"dkim={verdict.dkim} header.i=@{signer} header.s=s2026 header.b=Qx7pL2aB")
    spf_comment = {
        "pass": f"domain of {mailfrom} designates {ip} as permitted sender",
        "fail": f"domain of {mailfrom} does not designate {ip} as permitted sender",
        "softfail": f"domain of transitioning {mailfrom} does not designate {ip} as "
        "permitted sender",
    }.get(
        verdict.spf,
        f"{ip} is neither permitted nor denied by best guess record for domain of {mailfrom}",
    )
    parts.append(f"spf={verdict.spf} (google.com: {spf_comment}) smtp.mailfrom={mailfrom}")
    if verdict.dmarc is not None:
        policy = (
            "p=REJECT sp=REJECT dis=NONE"
            if verdict.dmarc == "pass"
            else "p=REJECT sp=REJECT dis=QUARANTINE"
        )
        parts.append(f"dmarc={verdict.dmarc} ({policy}) header.from={from_domain}")
    return ";\r\n       ".join(parts)


def gmail_delivery(
    verdict: Verdict | None,
    *,
    to: str,
    mailfrom: str,
    from_domain: str,
    at: datetime,
    ip: str = "198.51.100.25",
    helo: str = "out-25.mail.acme.example",
) -> list[Header]:
    """The headers Gmail prepends on delivery, topmost first; ``verdict=None`` writes no
    report (mail that did not enter through Gmail's MX)."""
    when = _when(at)
    headers: list[Header] = [
        ("Delivered-To", to),
        (
            "Received",
            f"by 2002:a05:6a11:f5a9:b0:5b8:19a5:f5e3 with SMTP id ic41csp3634005pxc;\r\n        {when}",
        ),
        (
            "X-Google-Smtp-Source",
            "AGHT+IFJQkYmB9GTwj15B1/1zwGBQT+0XCYAP2yV5Mb3/k+AiKvZEl5M4xlQ5xq6uker7",
        ),
        (
            "X-Received",
            f"by 2002:a05:6a00:6caa:b0:71e:427a:68de with SMTP id d2e1a72fcca58;\r\n        {when}",
        ),
    ]
    if verdict is not None:
        report = gmail_report(verdict, mailfrom=mailfrom, from_domain=from_domain, ip=ip)
        headers += [
            (
                "ARC-Seal",
                "i=1; a=rsa-sha256; t=1731251525; cv=none;\r\n        d=google.com; s=arc-20240605;\r\n        b=N/Yo8R/Hq5WkGAi8eRIDoj05U64tN3jtdQxDG5O3dpUKzrsKRMxrNMk1o9OSnce97K",
            ),
            (
                "ARC-Message-Signature",
                "i=1; a=rsa-sha256; c=relaxed/relaxed; d=google.com; s=arc-20240605;\r\n        h=to:subject:message-id:mime-version:from:date;\r\n        bh=9Rj6mi0Kv4LOwjtvDDjhdGOZgsMtLBMs6nouCZPM87E=;\r\n        b=JRWROAKvtlrCjeVU2uMmIvddxQAEqj5f0Juiu+ua8ZfgWDah5/r2mNcRwohyFD4y50",
            ),
            ("ARC-Authentication-Results", "i=1; " + report),
            ("Return-Path", f"<{mailfrom}>"),
            (
                "Received",
                f"from {helo} ({helo}. [{ip}])\r\n        by mx.google.com with ESMTPS id 6a1803df08f44-6cde1122cadsi10025526d6.120.2026.11.30.09.00.05\r\n        for <{to}>\r\n        (version=TLS1_3 cipher=TLS_AES_128_GCM_SHA256 bits=128/128);\r\n        {when}",
            ),
            (
                "Received-SPF",
                f"{verdict.spf} (google.com: domain of {mailfrom} designates {ip} as permitted sender) client-ip={ip};",
            ),
            ("Authentication-Results", report),
        ]
    return headers


# ---------------------------------------------------------------------------------------
# Exchange Online


def exchange_report(
    verdict: Verdict, *, mailfrom_domain: str, from_domain: str, ip: str = "198.51.100.25"
) -> str:
    """Exchange Online's ``Authentication-Results`` value (no authserv-id) for ``verdict``."""
    signer = verdict.dkim_domain or from_domain
    spf_note = f"(sender IP is {ip})"
    parts = [f"spf={verdict.spf} {spf_note}\r\n smtp.mailfrom={mailfrom_domain}"]
    if verdict.dkim is None:
        parts.append(" dkim=none (message not signed)\r\n header.d=none")
    else:
        note = (
            "(signature was verified)" if verdict.dkim == "pass" else "(body hash did not verify)"
        )
        parts.append(f" dkim={verdict.dkim} {note}\r\n header.d={signer}")
    action = "none" if verdict.dmarc in ("pass", "none", "bestguesspass") else "oreject"
    compauth = "pass reason=100" if verdict.dmarc == "pass" else "fail reason=000"
    parts.append(f"dmarc={verdict.dmarc or 'none'} action={action}\r\n header.from={from_domain}")
    parts.append(f"compauth={compauth}")
    return ";".join(parts)


@dataclass(frozen=True)
class ExchangeDelivery:
    """What Exchange Online adds to a message: ``top`` above the sender's headers, ``bottom``
    below them."""

    top: list[Header]
    bottom: list[Header]


ENTRY_HOST = "DS1PEPF0001709A.mail.protection.outlook.com"


def exchange_delivery(
    verdict: Verdict | None,
    *,
    mailfrom_domain: str,
    from_domain: str,
    at: datetime,
    ip: str = "198.51.100.25",
    helo: str = "out-25.mail.acme.example",
) -> ExchangeDelivery:
    """The headers Exchange Online writes on an inbound delivery; ``verdict=None``: mail that
    never entered through Exchange Online's MX (sent inside the tenant), with no report and
    no entry line."""
    when = _when(at)
    top: list[Header] = [
        (
            "Received",
            f"from MN0PR01MB7586.prod.exchangelabs.com (2603:10b6:208:371::9) by\r\n SA1PR01MB8123.prod.exchangelabs.com with HTTPS; {when}",
        ),
        (
            "Received",
            f"from DM6PR02CA0134.namprd02.prod.outlook.com (2603:10b6:5:1b4::36)\r\n by MN0PR01MB7586.prod.exchangelabs.com (2603:10b6:208:371::9) with Microsoft\r\n SMTP Server (version=TLS1_2, cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id\r\n 15.20.8158.13; {when}",
        ),
    ]
    bottom: list[Header] = [
        ("X-MS-Exchange-Organization-Network-Message-Id", "bfbca6a1-4691-4890-b626-08dd019a0baf"),
        (
            "X-MS-Exchange-Organization-MessageDirectionality",
            "Incoming" if verdict else "Originating",
        ),
        ("X-MS-Exchange-Organization-AuthAs", "Anonymous" if verdict else "Internal"),
        ("X-MS-Exchange-Organization-SCL", "1"),
        ("X-Microsoft-Antispam", "BCL:0;ARA:13230040|7093399012|29132699027|43022699015;"),
        (
            "X-Microsoft-Antispam-Message-Info",
            "=?us-ascii?Q?1ZhQEdugqHH+uqyGEO6vbyUGpnMon0SwaBBCKM5Awo3Qj2PFPq7Rk6HxmzZF?=\r\n =?us-ascii?Q?8F3S0WfsRM33WRzd9Dz4capLi1nAeC3wUXdLAHrY1l6zSdSxX/aCiTWveseN?=\r\n =?us-ascii?Q?f0V366od7Hm0uMGFGNZ0XGD7wDAilOqcQEwrefsM3JYasrt2LFrXVclAag3X?=\r\n =?us-ascii?Q?oXoaJfIDJdq1NrmU1/SZYfl+4QXk0RDNs5S/FCEakexBG0SKXuIeqQFGVAu7?=",
        ),
        ("X-OriginatorOrg", "contoso.onmicrosoft.com"),
        (
            "X-MS-Exchange-CrossTenant-OriginalArrivalTime",
            f"{at.astimezone(UTC):%d %b %Y %H:%M:%S}.8978 (UTC)",
        ),
        ("X-MS-Exchange-CrossTenant-FromEntityHeader", "Internet" if verdict else "Hosted"),
        ("X-MS-Exchange-Transport-CrossTenantHeadersStamped", "MN0PR01MB7586"),
    ]
    if verdict is None:
        top.append(
            (
                "Received",
                f"from SYXPR01MB2175.ausprd01.prod.outlook.com\r\n ([fe80::5c77:ca45:a276:6c1a]) by SYXPR01MB2175.ausprd01.prod.outlook.com\r\n ([fe80::5c77:ca45:a276:6c1a%12]) with mapi id 15.20.3654.012; {when}",
            )
        )
        return ExchangeDelivery(top, bottom)
    report = exchange_report(
        verdict, mailfrom_domain=mailfrom_domain, from_domain=from_domain, ip=ip
    )
    top += [
        (
            "Received",
            f"from DS1PEPF0001709A.namprd05.prod.outlook.com\r\n (2603:10b6:5:1b4:cafe::3e) by DM6PR02CA0134.outlook.office365.com\r\n (2603:10b6:5:1b4::36) with Microsoft SMTP Server (version=TLS1_2,\r\n cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.8137.26 via Frontend\r\n Transport; {when}",
        ),
        ("Authentication-Results", report),
        (
            "Received-SPF",
            f"{verdict.spf.capitalize()} (protection.outlook.com: domain of {mailfrom_domain} designates\r\n {ip} as permitted sender) receiver=protection.outlook.com;\r\n client-ip={ip}; helo={helo}; pr=C",
        ),
        (
            "Received",
            f"from {helo} ({ip}) by\r\n {ENTRY_HOST} (10.167.18.104) with Microsoft\r\n SMTP Server (version=TLS1_3, cipher=TLS_AES_256_GCM_SHA384) id 15.20.8158.14\r\n via Frontend Transport; {when}",
        ),
    ]
    bottom[0:0] = [
        ("X-EOPAttributedMessage", "0"),
        ("X-MS-Exchange-Organization-AuthSource", "DS1PEPF0001709A.namprd05.prod.outlook.com"),
        (
            "X-Forefront-Antispam-Report",
            f"CIP:{ip};CTRY:US;LANG:en;SCL:1;SRV:;IPV:NLI;SFV:NSPM;H:{helo};PTR:{helo};CAT:NONE;SFS:(13230040)(7093399012);DIR:INB;",
        ),
    ]
    return ExchangeDelivery(top, bottom)


def graph_headers(delivery: ExchangeDelivery, own: list[Header]) -> list[dict[str, str]]:
    """``internetMessageHeaders`` as Graph serialises them: the message's headers in order,
    each ``{"name", "value"}``, values unfolded."""
    return [
        {"name": name, "value": value.replace("\r\n", "")}
        for name, value in [*delivery.top, *own, *delivery.bottom]
    ]


def raw_message(headers: list[Header], body: str = "Your code is 123456") -> bytes:
    """An RFC 822 message from ``headers`` (topmost first) and a plain-text body."""
    lines = [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n" + body + "\r\n").encode()


def sent_headers(
    *,
    to: str,
    sender: str,
    subject: str,
    at: datetime,
    message_id: str,
    forged: list[Header] = (),  # type: ignore[assignment]
) -> list[Header]:
    """The headers the sender writes, topmost first: any ``forged`` ones (a report the
    sender made up) first, as a sender's own headers come first in what it sends."""
    return [
        *forged,
        ("From", sender),
        ("To", to),
        ("Subject", subject),
        ("Date", _when(at)),
        ("Message-ID", message_id),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=utf-8"),
    ]


def gmail_message(
    *,
    to: str,
    code: str,
    verdict: Verdict | None,
    at: datetime,
    sender: str = "Acme <no-reply@acme.example>",
    mailfrom: str = "bounce@mail.acme.example",
    forged: list[Header] = (),  # type: ignore[assignment]
    above: list[Header] = (),  # type: ignore[assignment]
    subject: str = "Your Acme code",
) -> bytes:
    """A message as Gmail stores it (``format=raw``): Gmail's delivery headers (its report
    on ``verdict``), above them ``above`` (headers written after Gmail's, by nobody real),
    below them the sender's headers with its ``forged`` ones."""
    from_domain = _domain(sender.strip(">").rpartition("<")[2] or sender)
    delivery = gmail_delivery(verdict, to=to, mailfrom=mailfrom, from_domain=from_domain, at=at)
    own = sent_headers(
        to=to,
        sender=sender,
        subject=subject,
        at=at,
        message_id=f"<{code}.{int(at.timestamp())}@{_domain(mailfrom)}>",
        forged=forged,
    )
    return raw_message([*above, *delivery, *own], f"Your code is {code}")
