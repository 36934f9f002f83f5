"""The TLS client context of otpmail's own transports (httpx for Graph, aiohttp for Entra).

Built from ``ssl.SSLContext`` directly, not ``ssl.create_default_context``, because the latter
reads the environment, which otpmail does not trust (docs/security/threat-model.md, "Trust
model"): ``SSLKEYLOGFILE`` would log every session's secrets and ``SSL_CERT_FILE`` /
``SSL_CERT_DIR`` would change the CAs. This context trusts certifi's CAs only, verifies the
certificate and host name, requires TLS 1.2 or later and writes no key log (claim C47 in
docs/security/claims.md).
"""

from __future__ import annotations

import ssl

import certifi


def client_context() -> ssl.SSLContext:
    """A fresh client context: certifi's CAs, hostname checked, TLS 1.2+, no key log.

    >>> context = client_context()
    >>> context.check_hostname, context.verify_mode == ssl.CERT_REQUIRED, context.keylog_filename
    (True, True, None)
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # CERT_REQUIRED, check_hostname
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_verify_locations(cafile=certifi.where())
    return context


__all__ = ["client_context"]
