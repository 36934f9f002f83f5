"""Imports httplib2 so that ``HTTPLIB2_CA_CERTS`` cannot stop it from importing.

httplib2 reads ``HTTPLIB2_CA_CERTS`` once, at import, for its default CA bundle, and raises
``RuntimeError`` when the variable names no file: every Gmail read then failed as an
unexpected error. otpmail never uses that default (each ``PinnedHttp`` passes certifi's
bundle explicitly, C13), so the variable is hidden while httplib2 is imported and put back
at once. Import this module before httplib2, google-auth-httplib2 and
google-api-python-client (which import httplib2 themselves).
"""

from __future__ import annotations

import importlib
import os
import sys

_VARIABLE = "HTTPLIB2_CA_CERTS"


def _import() -> None:
    if "httplib2" in sys.modules:
        return
    hidden = os.environ.pop(_VARIABLE, None)
    try:
        importlib.import_module("httplib2")
    finally:
        if hidden is not None:
            os.environ[_VARIABLE] = hidden


_import()
