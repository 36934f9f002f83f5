"""The examples in the decoder's docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from otpmail._core import _bounds
from otpmail._core._bounds import _limits, _result, _shape, _wire
from otpmail._decoding import _addresses, _charset, _email, _html, _message, _sanitize, _text
from otpmail._frontends import _render


@pytest.mark.parametrize(
    "module",
    [
        _limits,
        _result,
        _shape,
        _bounds._text,
        _wire,
        _addresses,
        _charset,
        _email,
        _html,
        _message,
        _render,
        _sanitize,
        _text,
    ],
    ids=lambda m: m.__name__,
)
def test_the_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
