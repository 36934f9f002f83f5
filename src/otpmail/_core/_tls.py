"""The TLS client context of otpmail's own transports (httpx for Graph, aiohttp for Entra).

Built from ``ssl.SSLContext`` directly, not ``ssl.create_default_context``, because the
latter reads the environment, which otpmail does not trust (SECURITY.md, trust model):
``SSLKEYLOGFILE`` makes it write every TLS session's secrets to that file (with a packet
capture, they decrypt the client secret and the bearer token), and without an explicit CA
file it loads ``SSL_CERT_FILE`` and ``SSL_CERT_DIR``. This context trusts certifi's CAs
only, verifies the certificate and the host name, speaks TLS 1.2 or later, and writes no
key log. (httplib2, Gmail's transport, builds its contexts the same way itself, from
``ssl.SSLContext`` with the CA file it is given: certifi's.)
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
