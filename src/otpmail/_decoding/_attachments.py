"""Attachments of a parsed message, listed by name, content type and size. Their content
is never decoded: the size is computed from the transfer-encoded text."""

from __future__ import annotations

import contextlib
from email.message import Message

from otpmail._core._bounds import MAX_MIME_PARTS
from otpmail._decoding._email import Attachment
from otpmail._decoding._headers import decode_words
from otpmail._decoding._mime import is_inline_text, leaf_parts, stored_payload, transfer_encoding

__all__ = ["list_attachments"]


def _encoded_size(part: Message) -> int:
    """The decoded size of a part in bytes, computed from its transfer-encoded text without
    decoding it."""
    total = 0
    stack: list[Message] = [part]
    seen = 0
    while stack and seen < MAX_MIME_PARTS:
        current = stack.pop()
        seen += 1
        payload = stored_payload(current)
        if isinstance(payload, list):  # an attached message: its headers and parts
            stack.extend(p for p in payload if isinstance(p, Message))
            with contextlib.suppress(Exception):
                total += sum(len(str(k)) + len(str(v)) + 4 for k, v in current.raw_items())
            continue
        if not isinstance(payload, str):
            continue
        cte = transfer_encoding(current)
        if cte == "base64":
            data = (
                len(payload)
                - payload.count("\n")
                - payload.count("\r")
                - payload.count(" ")
                - payload.count("\t")
            )
            padding = payload.rstrip().count("=", -3) if data else 0
            total += max(0, data * 3 // 4 - padding)
        elif cte == "quoted-printable":
            total += max(0, len(payload) - 2 * payload.count("="))
        else:
            total += len(payload)
    return total


def list_attachments(msg: Message, shown: set[int]) -> list[Attachment]:
    found: list[Attachment] = []
    for part in leaf_parts(msg):
        if id(part) in shown or is_inline_text(part):
            continue  # shown text, the other alternative, or an inline text fragment
        try:
            name = part.get_filename() or ""
        except Exception:
            name = ""
        try:
            content_type = part.get_content_type()
        except Exception:
            content_type = "application/octet-stream"
        found.append(Attachment(decode_words(str(name)), content_type, _encoded_size(part)))
    return found
