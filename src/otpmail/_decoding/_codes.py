"""The one-time code of a mail. Pure functions, no I/O.

:func:`extract_code` reads the subject and body (the ``html`` part when the body is empty)
of an email dict, or a string. It normalises a copy of the text, masks the numbers that are
never codes, finds candidates, links each to the labels around it and scores it with
:data:`CODE_WEIGHTS`; the best candidate at :attr:`CodeWeights.threshold` or above wins, and
a tie between two values gives ``None``. ``docs/code-scoring.md`` gives the whole algorithm.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from otpmail._decoding._code_candidates import (
    _DATE8,
    _SECRET_WORD,
    _TOKEN,
    _YEAR,
    _Candidate,
    _candidates,
    _right_after_label,
    _under_a_label_line,
)
from otpmail._decoding._code_text import _normalize
from otpmail._decoding._code_words import (
    _ASKS_ABOVE,
    _ASKS_ABOVE_CJK,
    _CJK,
    _CONFIRMATION,
    _COPULA,
    _GIVEN_SECRET,
    _MEETING,
    _MEETING_CJK,
    _NAMED_CODE,
    _NAMES_THE_CODE_ABOVE,
    _NAMES_THE_CODE_ABOVE_CJK,
    _NEG,
    _NEGATIVE,
    _NEGATIVE_CJK,
    _NEGATIVE_SYMBOLS,
    _OTP_DOC,
    _OTP_DOC_CASED,
    _OTP_DOC_CJK,
    _PERCENT_OFF,
    _POS,
    _POSITIVE,
    _POSITIVE_CASED,
    _POSITIVE_CJK,
    _POSITIVE_SCRIPTS,
    _PROMO_DOC,
    _PROMO_DOC_CJK,
    _STALE,
    _STALE_CJK,
    _TWO_CODES,
    _TWO_CODES_HINT,
    _TXN_DOC,
    _TXN_DOC_CJK,
    _USE_IT,
    _VERB,
    _VERBS,
    _VERBS_CJK,
)
from otpmail._decoding._lines import (
    _DECORATION,
    _MAX_SCAN,
    _alone_on_line,
    _label_ranges,
    _line_below,
    _line_bounds,
    _line_end,
    _segments,
    _window_start,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_REACH",
    "CODE_WEIGHTS",
    "CodeReach",
    "CodeWeights",
    "extract_code",
]

CODE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Every character :func:`extract_code` returns in a one-time code, but for the hyphens
inside a token it returns as shown (``AF63E-273W5``, ``5itLQ-J6o2Kc-ptbbx-mHvH55``) and the
symbols of a generated password or code a label gives (``Password: Shl@9v64vf``), which is
typed as shown, symbols and all, as are the Latin, Greek and Cyrillic letters beyond ASCII
of a password a password word gives (``Пароль: Ладожская2026``)."""


@dataclass(frozen=True, slots=True)
class CodeWeights:
    """The points a candidate gets; ``docs/code-scoring.md`` explains each."""

    label_before: int = 6
    """A code word before it on its line, no number and no sentence end between."""
    label_after: int = 6
    """A code word right after it (``482913 is your code``)."""
    alone_under_label: int = 6
    """Alone on its line under a code word whose sentence runs on to it."""
    alone_after_sentence: int = 5
    """Alone on its line under a code word whose sentence ended above it."""
    copula: int = 5
    """``… code … is <candidate>`` across other numbers on the line."""
    verb: int = 4
    """``enter/use <candidate>``."""
    otp_mail: int = 1
    """The mail speaks of verification, signing in, one-time codes."""
    transaction_mail: int = -3
    """The mail reads as an order, shipping, booking, invoice or promotion mail."""
    four_digits: int = -1
    letters_only: int = -1
    year_or_date: int = -2
    """A year (``2024``) or an eight-digit date (``20240512``)."""
    stale: int = -2
    """Its sentence calls it previous, old or expired."""
    meeting: int = -4
    """On a meeting's dial-in line."""
    veto: int = -100
    """A negative label next to it, or one of a list of codes: never the code."""
    lone_code: int = 5
    """Alone on its line, the only code-shaped candidate of a short mail, whatever its
    language: what a person sees as the code."""
    subject_code_word: int = 5
    """The only code-shaped value of the mail, in a body with no label for it, under a
    subject that names a code (``OTP Request``, ``Your verification code``)."""
    password_label: int = -1
    """Linked to a password or credential word (``Password: bcCE79DF9r``), not a code word:
    a password the mail gives is its code only when no one-time code is."""
    threshold: int = 5
    """The least score a code is returned with."""


CODE_WEIGHTS = CodeWeights()


@dataclass(frozen=True, slots=True)
class CodeReach:
    """How far (in characters, or lines) a label is looked for around a candidate."""

    line_label: int = 160
    """Back on the candidate's line."""
    lines_above: int = 2
    """Non-empty lines above a candidate alone on its line."""
    label_gap: int = 60
    """Most text between a code word and its candidate on one line."""
    negative_gap: int = 24
    """Most text between a negative label and the candidate it vetoes."""
    verb_gap: int = 12
    """Most text between ``enter`` and its candidate."""
    verb_to_label: int = 30
    """Most text between ``enter`` and the code word it governs."""
    copula_tail: int = 16
    """The end of the gap where ``is``/``:`` is looked for."""
    after: int = 60
    """Ahead of the candidate, for a label after it."""
    label_after_gap: int = 40
    """Most text between a candidate and the code word after it."""
    stale: int = 80
    """Each side, for the words that call it old."""
    meeting: int = 160
    """Each side, for a meeting's dial-in words."""
    lone_mail: int = 3000
    """Most characters of a mail body in which a lone candidate counts (``lone_code``)."""
    lone_intro: int = 24
    """Fewest characters of the line above a lone candidate (a sentence that introduces it)."""
    sentence_tail: int = 80
    """Most text between a code word and the end of the sentence a candidate follows inline
    (``Please enter the code below to choose a new password. 930264``)."""


CODE_REACH = CodeReach()


_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)(?!\s*[a-zß-ÿа-яё0-9\x01])|[。！？]")
"""The end of a sentence: not a period an abbreviation ends with ("Nr. 7781", "z. B. die"),
which a number or a lower-case word follows."""
_NUMERIC = re.compile(r"[0-9]{2}|\x01")
_OWN_NUMBER = re.compile(r"(?<![0-9])(?!(?:19|20)[0-9]{2}(?![0-9]))[0-9]{4}|\x01")
"""A number a code word above a candidate could be talking about instead: one as long as a
code, or a masked amount, date or phone number ("expires in 15 perc" is neither; nor is a
year, "… pour accéder à « Contrat 2026 » :")."""


_TITLE_SEPARATOR = re.compile(r"\s[-–—|:]\s")
"""What parts a subject's name from its title (``WSO2 - Email OTP``)."""


class _Label(NamedTuple):
    start: int
    end: int
    kind: int


_LABEL_KINDS = (
    (_POSITIVE, _POS),
    (_POSITIVE_CASED, _POS),
    (_NEGATIVE, _NEG),
    (_NEGATIVE_SYMBOLS, _NEG),
    (_VERBS, _VERB),
)
_LABEL_KINDS_CJK = ((_POSITIVE_CJK, _POS), (_NEGATIVE_CJK, _NEG), (_VERBS_CJK, _VERB))
_LABEL_KINDS_SCRIPTS = ((_POSITIVE_SCRIPTS, _POS),)
# Greek, Armenian, Hebrew, Arabic, the Indic scripts, Sinhala, Thai, Lao, Myanmar, Georgian,
# Ethiopic, Khmer
_OTHER_SCRIPT = re.compile("[\u0370-\u03ff\u0530-\u06ff\u0900-\u0eff\u1000-\u137f\u1780-\u17ff]")
"""Greek, Hebrew, Arabic, the Indic scripts, Sinhala, Thai, Khmer: where those code words are."""


def _labels(seg: str, ranges: list[tuple[int, int]]) -> list[_Label]:
    """The labels in the given ranges of ``seg`` (whole lines, so word boundaries hold),
    a label inside a longer one dropped; sorted by start (and so by end)."""
    found: list[_Label] = []
    kinds: tuple[tuple[re.Pattern[str], int], ...] = _LABEL_KINDS
    if _CJK.search(seg):
        kinds += _LABEL_KINDS_CJK
    if not seg.isascii() and _OTHER_SCRIPT.search(seg):
        kinds += _LABEL_KINDS_SCRIPTS
    for lo, hi in ranges:
        for rx, kind in kinds:
            found.extend(
                _Label(m.start(), m.end(), kind)
                for m in rx.finditer(seg, lo, hi)
                if m.end() > m.start()
            )
    found.sort(key=lambda lab: (lab.start, -lab.end, lab.kind))  # negative first on a tie
    kept: list[_Label] = []
    for lab in found:
        # drop labels contained in an earlier, longer one; also same-end shorter ones
        if kept and lab.end <= kept[-1].end:
            continue
        if kept and lab.start < kept[-1].end:
            # partial overlap: keep the longer
            if lab.end - lab.start > kept[-1].end - kept[-1].start:
                kept[-1] = lab
            continue
        kept.append(lab)
    return kept


_TOKEN_WORD = re.compile(r"(?i)(?:security )?token")


# =======================================================================================
# Linking and scoring


_CODE_LINE = re.compile(r"[0-9A-Za-z]{2,10}(?:[ -][0-9A-Za-z]{1,10}){0,3}")


def _in_list(seg: str, line_start: int, line_end: int) -> bool:
    """Whether the nearest non-empty line above or below also holds nothing but a code."""
    above_start = _window_start(seg, line_start, 1)
    above = seg[above_start : _line_end(seg, above_start)] if above_start < line_start else ""
    below_start, below_end = _line_below(seg, line_end)
    below = seg[below_start:below_end]
    for line in (above, below):
        line = line.strip(_DECORATION)
        if _YEAR.fullmatch(line):
            continue  # the end of a title that names a year is not another code
        if _CODE_LINE.fullmatch(line) and any(ch.isdigit() for ch in line):
            return True
    return False


_PHONE_LABEL = re.compile(
    r"(?i)phone|\btel\b|mobile|fax|whatsapp|hotline|helpline|telefon|téléphone|tel[ée]fono|"
    r"телефон|電話|电话|手机|전화"
)
"""A negative label that names a telephone number (:data:`_NEGATIVE`): what it labels is
digits, never a value with letters."""


def _link_before(
    seg: str, labels: list[_Label], ends: list[int], cand: _Candidate
) -> tuple[int, _Label | None]:
    """Score of the link to the labels before ``cand`` (or the veto), and that label."""
    ls, le = _line_bounds(seg, cand.start, cand.end)
    alone = _alone_on_line(seg, cand.start, cand.end)
    if alone and _in_list(seg, ls, le):
        return CODE_WEIGHTS.veto, None  # one of several codes (backup codes): none is *the* code
    floor = (
        _window_start(seg, ls, CODE_REACH.lines_above)
        if alone
        else max(ls, cand.start - CODE_REACH.line_label)
    )
    idx = bisect.bisect_right(ends, cand.start) - 1
    told_to_enter = False  # "… code is below. Please enter it …": still about that code
    while idx >= 0:
        lab = labels[idx]
        idx -= 1
        if lab.start < floor:
            break
        if lab.end > cand.start:
            continue
        gap = seg[lab.end : cand.start]
        numeric = _NUMERIC.search(gap) is not None
        if lab.kind == _NEG:
            if numeric or len(gap.strip()) > CODE_REACH.negative_gap:
                continue  # that label has its own number, or is too far away
            if cand.given and _SECRET_WORD.search(gap):
                continue  # "с номером счёта noortester и паролем m0a0": the password's
            if cand.letters and _PHONE_LABEL.search(seg, lab.start, min(lab.end + 16, cand.start)):
                # "… dass es sich um deine Telefonnummer handelt:" over MCG8N78T: a phone
                # number ("número de teléfono") has no letters, so it is what the code confirms
                continue
            return CODE_WEIGHTS.veto, lab
        same_line = "\n" not in gap
        broken = _SENTENCE_BREAK.search(gap) is not None
        if lab.kind == _VERB:
            if same_line and not numeric and len(gap.strip(" :")) <= CODE_REACH.verb_gap:
                return CODE_WEIGHTS.verb, lab
            told_to_enter = True
            continue
        if not numeric or (alone and lab.kind == _POS and not _OWN_NUMBER.search(gap)):
            if same_line and not broken and len(gap) <= CODE_REACH.label_gap:
                return CODE_WEIGHTS.label_before, lab
            if alone:
                if broken and not told_to_enter and idx >= 0:
                    # "Enter this code in your browser." above the code: the verb is the
                    # code word's own
                    verb = labels[idx]
                    told_to_enter = verb.kind == _VERB and "\n" not in seg[verb.end : lab.start]
                    told_to_enter = (
                        told_to_enter and lab.start - verb.end <= CODE_REACH.verb_to_label
                    )
                if broken and not told_to_enter:
                    return CODE_WEIGHTS.alone_after_sentence, lab
                return CODE_WEIGHTS.alone_under_label, lab
        if not numeric and same_line and _follows_its_asking_sentence(seg, lab, cand, le):
            return CODE_WEIGHTS.alone_after_sentence, lab
        tail = gap.rstrip()[-CODE_REACH.copula_tail :]
        if (same_line or alone) and not broken and _COPULA.search(tail):
            return CODE_WEIGHTS.copula, lab
        return 0, None
    return 0, None


def _follows_its_asking_sentence(seg: str, lab: _Label, cand: _Candidate, line_end: int) -> bool:
    """Whether ``cand`` ends its line right after the sentence that holds its code word and
    asks for it (``Please enter the code below to choose a new password. <b>930264</b>``: the
    code set inline after its paragraph's sentence)."""
    if lab.kind != _POS or seg[cand.end : line_end].strip(" \t.!"):
        return False
    gap = seg[lab.end : cand.start].rstrip()
    if (
        len(gap) > CODE_REACH.sentence_tail
        or not gap.endswith(".")
        or any(mark in gap[:-1] for mark in ".!?;:")
    ):
        return False
    ls = _line_bounds(seg, lab.start, lab.end)[0]
    asking = seg[max(ls, lab.start - CODE_REACH.verb_to_label) : lab.start]
    start = max((m.end() for m in _SENTENCE_BREAK.finditer(asking)), default=0)
    return _VERBS.search(asking, start) is not None


def _link_after(
    seg: str, labels: list[_Label], starts: list[int], cand: _Candidate
) -> tuple[int, _Label | None]:
    """Score of the link to a label right after ``cand`` (or the veto), and that label."""
    _, le = _line_bounds(seg, cand.start, cand.end)
    idx = bisect.bisect_left(starts, cand.end)
    while idx < len(labels):
        lab = labels[idx]
        idx += 1
        if lab.start > le or lab.start > cand.end + CODE_REACH.after:
            return 0, None
        gap = seg[cand.end : lab.start]
        if _NUMERIC.search(gap) or _SENTENCE_BREAK.search(gap):
            return 0, None
        if lab.kind == _VERB:
            continue
        if _is_given_secret(seg, lab):
            return 0, None  # "POP3 password: …": the password word labels what follows it
        if lab.kind == _POS and cand.letters and _TITLE_SEPARATOR.search(gap):
            # "WSO2 - Email OTP Authentication": a name, then the title ("4830 — код для
            # входа" is a code)
            return 0, None
        if lab.kind == _NEG:
            follow = seg[lab.end : min(le, lab.end + CODE_REACH.negative_gap)]
            if _TOKEN.search(follow) and any(ch.isdigit() for ch in follow):
                return 0, None  # "(order 1234)": the label belongs to the next number
            return (CODE_WEIGHTS.veto if len(gap) <= CODE_REACH.negative_gap else 0), lab
        return (CODE_WEIGHTS.label_after if len(gap) <= CODE_REACH.label_after_gap else 0), lab
    return 0, None


_PIN_LABEL = re.compile(r"(?i)pin[ \t]*[:：]")


def _is_given_secret(seg: str, label: _Label) -> bool:
    """Whether ``label`` is a password or credential word with its colon, or a ``PIN:``
    listed with a password (``Password: 9mRpNoN8`` / ``PIN: rRXaYF``: login credentials,
    not a one-time code that would outrank the password)."""
    if label.kind != _POS:
        return False
    if _GIVEN_SECRET.match(seg, label.start, label.end + 80) is not None:
        return True
    if not _PIN_LABEL.match(seg, label.start, label.end + 4):
        return False
    ls, le = _line_bounds(seg, label.start, label.end)
    near = seg[max(0, ls - 120) : min(len(seg), le + 120)]
    return any(
        _GIVEN_SECRET.search(line) for line in near.splitlines() if _SECRET_WORD.search(line)
    )


def _names_a_code(seg: str, label: _Label, cand: _Candidate) -> bool:
    """Whether the code word a candidate is linked to names a one-time code outright and
    so keeps it the code in an order or booking mail: a confirmation code or number (what
    the mail gives the reader to use, "Confirmation number: 83920475"), a password or
    credential the mail gives ("Password: Km4owRD2"), or a named code
    ("mobileTAN", "Bestätigungscode", "验证码", not just "code") on a line that asks the
    reader to use it ("show it at pickup", "enter this code")."""
    if label.kind != _POS:
        return False
    if _is_given_secret(seg, label):
        return True  # "Zasób jest chroniony następującym hasłem:": a password to use
    lo = max(0, label.start - 20)
    for confirmation in _CONFIRMATION.finditer(seg, lo, min(len(seg), label.end + 20)):
        if confirmation.start() < label.end and confirmation.end() > label.start:
            return True  # "confirmation code", "kodu odbioru": the label is part of it
    if _NAMED_CODE.search(seg, max(0, label.start - 40), label.end) is None:
        return _asked_to_use_it_above(seg, label, cand)
    ls, le = _line_bounds(seg, label.start, cand.end)
    lo = max(ls, label.start - CODE_REACH.line_label)
    return _USE_IT.search(seg, lo, min(le, cand.end + CODE_REACH.line_label)) is not None


def _asked_to_use_it_above(seg: str, label: _Label, cand: _Candidate) -> bool:
    """Whether the candidate stands alone on its line under a line that holds its code word
    and asks the reader to use it (``Use this code in … or click the button below.``): what
    the mail hands over, not a number of the order or ticket it is about."""
    if not _alone_on_line(seg, cand.start, cand.end):
        return False
    ls = _line_bounds(seg, cand.start, cand.end)[0]
    above = _window_start(seg, ls, 1)
    if not above <= label.start < ls:
        return False
    return any(rx.search(seg, above, ls) for rx in (_ASKS_ABOVE, _ASKS_ABOVE_CJK))


def _is_stale(seg: str, cand: _Candidate) -> bool:
    """Whether the candidate's sentence calls it previous, old or expired."""
    ls, le = _line_bounds(seg, cand.start, cand.end)
    head = seg[max(ls, cand.start - CODE_REACH.stale) : cand.start]
    cut = max((m.end() for m in _SENTENCE_BREAK.finditer(head)), default=0)
    # a value cut where the next sentence ran into it ("d9I2Wa7nY3PActivate expired on")
    # ends its sentence there
    glued = cand.end < len(seg) and seg[cand.end].isalpha()
    tail = "" if glued else seg[cand.end : min(le, cand.end + CODE_REACH.stale)]
    stop = _SENTENCE_BREAK.search(tail)
    sentence = head[cut:] + " " + (tail[: stop.start()] if stop else tail)
    return bool(_STALE.search(sentence) or (_CJK.search(sentence) and _STALE_CJK.search(sentence)))


_Linked = tuple[int, str, _Candidate, str, bool]


def _lone_code(subject: str, values: set[str], lone: list[tuple[_Candidate, str]]) -> list[_Linked]:
    """The candidate a person sees as the code in any language: the one code-shaped value of
    the mail, standing alone on its line of a short body, with no label against it."""
    if len(values) != 1 or not lone:
        return []
    cand, seg = lone[0]
    if cand.value.isalpha() and (
        seg.count(cand.value) > 1 or cand.value.lower() in subject.lower()
    ):
        # letters the mail also writes in its prose or its subject are a name ("BoxyHQ",
        # "[OpenSWAD] Confirmation of your email" signed "OpenSWAD")
        return []
    return [(CODE_WEIGHTS.lone_code, cand.value, cand, seg, False)]


def _named_by_subject(
    subject: str, values: set[str], unlinked: list[tuple[_Candidate, str]]
) -> list[_Linked]:
    """The one code-shaped value of the mail when the subject names a code and the body
    gives it no label of its own (``Subject: OTP Request`` over ``… is 620935 and is valid
    for 3 minutes``): what the subject announces is what the body holds. A token is not a
    code one types (``A personal access token was added``), and the caller keeps this only
    in a mail that speaks of verification."""
    if len(values) != 1 or not unlinked or not subject:
        return []
    seg = _normalize(subject)
    if not any(
        lab.kind == _POS and not _TOKEN_WORD.fullmatch(seg, lab.start, lab.end)
        for lab in _labels(seg, [(0, len(seg))])
    ):
        return []
    cand, body = unlinked[0]
    return [(CODE_WEIGHTS.subject_code_word, cand.value, cand, body, False)]


def _is_whole_body(seg: str, cand: _Candidate) -> bool:
    """Whether the body is nothing but ``cand`` (a bank's challenge mailed bare)."""
    return seg.strip(_DECORATION + "\n") == seg[cand.start : cand.end]


def _asks_for_it_alone(seg: str, cands: list[_Candidate], cand: _Candidate, score: int) -> bool:
    """Whether a body of one short line asks the reader to enter its only value, digits
    (``Enter 40718 on screen``): what a person types, whatever the subject."""
    body = seg.strip()
    return (
        score == CODE_WEIGHTS.verb
        and len(cands) == 1
        and not cand.letters
        and len(body) <= 80
        and "\n" not in body
    )


def _negative_below(seg: str, cand: _Candidate) -> bool:
    """Whether the non-empty line under a lone candidate names it as what is never a code
    (``Use the invite code above…``)."""
    below = _line_below(seg, _line_end(seg, cand.end))
    return below[0] < below[1] and any(lab.kind == _NEG for lab in _labels(seg, [below]))


_ONE_OF_A_LIST = re.compile(
    r"[ \t]+(?:and|or|e|ou|y|o|und|oder|et|i|og|och|en)[ \t]+(?=[0-9A-Za-z]*[0-9])[0-9A-Za-z]{4,}\b"
)
"""A value followed by "and" and another value with a digit: one of a list."""


def _named_below(seg: str, cand: _Candidate) -> bool:
    """Whether ``cand`` stands alone on its line and the next non-empty line names it as the
    code (:data:`_NAMES_THE_CODE_ABOVE`)."""
    if not _alone_on_line(seg, cand.start, cand.end) or _negative_below(seg, cand):
        return False  # "Use the invite code above"
    below_start, below_end = _line_below(seg, _line_end(seg, cand.end))
    below = seg[below_start:below_end].lstrip(" \t")
    if _NAMES_THE_CODE_ABOVE.match(below):
        return True
    return _CJK.match(below) is not None and _NAMES_THE_CODE_ABOVE_CJK.match(below) is not None


def _introduced(seg: str, cand: _Candidate) -> bool:
    """Whether the non-empty line above ``cand`` is text that can introduce it: a sentence,
    or a shorter line that ends in a colon (``Mã xác minh của bạn là:``), not a greeting
    such as ``Hi Noor,``."""
    ls = _line_bounds(seg, cand.start, cand.end)[0]
    line = seg[_window_start(seg, ls, 1) : ls].strip(" \t\n")
    above = line.strip(_DECORATION + "\n")
    # a CJK character carries a word or two: it counts twice ("次のパスワードで保護されています。")
    length = len(above) + len(_CJK.findall(above))
    if line.endswith(":") and length >= CODE_REACH.lone_intro // 2:
        return True
    return length >= CODE_REACH.lone_intro


def _says_two_codes(text: str) -> bool:
    """Whether the mail says it gives two codes to copy (:data:`_TWO_CODES`)."""
    low = text.lower()
    return any(hint in low for hint in _TWO_CODES_HINT) and _TWO_CODES.search(text) is not None


def _scored(source: Any) -> list[tuple[int, str]]:
    subject, body = _segments(source)
    if _says_two_codes(f"{subject}\n{body[:_MAX_SCAN]}"):
        return []  # "copy the following two codes into the box": none is the one
    linked: list[_Linked] = []
    values: set[str] = set()
    lone: list[tuple[_Candidate, str]] = []
    unlinked: list[tuple[_Candidate, str]] = []
    for in_body, raw in ((False, subject), (True, body)):
        if not raw:
            continue
        seg = _normalize(raw)
        cands = _candidates(seg)
        # a year is never the code: it does not make a lone code one of two
        values.update(cand.value for cand in cands if not _YEAR.fullmatch(cand.value))
        if not cands:
            continue
        labels = _labels(
            seg, _label_ranges(seg, [(c.start, c.end) for c in cands], CODE_REACH.lines_above)
        )
        ends = [lab.end for lab in labels]
        starts = [lab.start for lab in labels]
        for cand in cands:
            if not cand.given and _ONE_OF_A_LIST.match(seg, cand.end):
                continue  # "participaram …: T210552 e T211948": people's ids, not the code
            before, label = _link_before(seg, labels, ends, cand)
            if before <= CODE_WEIGHTS.veto:
                continue
            after, label_after = _link_after(seg, labels, starts, cand)
            if after <= CODE_WEIGHTS.veto and before < CODE_WEIGHTS.threshold:
                continue
            score = max(before, after)
            if after > before:
                label = label_after
            if (score <= 0 and cand.given) or cand.told:
                # "Password" alone over it (a table's column), or a sentence naming the
                # password before its colon ("It is:") over a nearer, weaker label
                score = max(score, CODE_WEIGHTS.label_before + CODE_WEIGHTS.password_label)
            asked = in_body and _asks_for_it_alone(seg, cands, cand, score)
            if asked:  # "Enter 40718 on screen", all the body says
                score = CODE_WEIGHTS.label_before
            elif score <= 0 and in_body and _named_below(seg, cand):
                # "482913" / "Enter this code to finish signing in."
                score, asked = CODE_WEIGHTS.label_before, True
            if score > 0:
                named = (
                    asked
                    or cand.told
                    or cand.given  # a password word gives it, as "Password:" does
                    or (label is not None and _names_a_code(seg, label, cand))
                )
                if label is not None and _is_given_secret(seg, label):
                    score += CODE_WEIGHTS.password_label
                    cand = cand._replace(given=True)
                linked.append((score, cand.value, cand, seg, named))
            elif in_body and after > CODE_WEIGHTS.veto and not cand.symbolic:
                unlinked.append((cand, seg))
                if (
                    len(seg) <= CODE_REACH.lone_mail
                    and _alone_on_line(seg, cand.start, cand.end)
                    and (_introduced(seg, cand) or _is_whole_body(seg, cand))
                    and not _negative_below(seg, cand)
                ):
                    lone.append((cand, seg))
    linked.extend(_lone_code(subject, values, lone))
    by_subject = [] if linked else _named_by_subject(subject, values, unlinked)
    if not linked and not by_subject:
        return []
    whole = unicodedata.normalize("NFKC", f"{subject}\n{body[:_MAX_SCAN]}")
    cjk = _CJK.search(whole) is not None
    otp_doc = bool(
        _OTP_DOC.search(whole)
        or _OTP_DOC_CASED.search(whole)
        or (cjk and _OTP_DOC_CJK.search(whole))
    )
    promo_doc = not otp_doc and bool(
        _PROMO_DOC.search(whole)
        or _PERCENT_OFF.search(whole)
        or (cjk and _PROMO_DOC_CJK.search(whole))
    )
    if otp_doc:
        linked.extend(by_subject)
    txn_doc = promo_doc or (
        not otp_doc and bool(_TXN_DOC.search(whole) or (cjk and _TXN_DOC_CJK.search(whole)))
    )
    weights, reach = CODE_WEIGHTS, CODE_REACH
    results: list[tuple[int, str]] = []
    for score, value, cand, seg, named in linked:
        if cand.prefixed and not otp_doc:
            continue
        if otp_doc:
            score += weights.otp_mail
        # a password its word gives is a login, not an offer (a hotspot voucher's "Password")
        if (promo_doc and not cand.given) or (txn_doc and not named):
            score += weights.transaction_mail
        if cand.letters:
            if promo_doc and not cand.given:
                continue
            if (
                not any(ch.isdigit() for ch in value)
                and not cand.mixed_case
                and not (value.isupper() and _right_after_label(seg, cand.start))
            ):  # capitals right after "code is:" are the code as much as digits are
                score += weights.letters_only
        if len(value) == 4 and not cand.letters:
            score += weights.four_digits
        # a year right after its code word is the code ("你的验证码是 1992")
        if (
            (len(value) == 4 and _YEAR.fullmatch(value))
            or (len(value) == 8 and _DATE8.fullmatch(value))
        ) and not (
            _right_after_label(seg, cand.start) or _under_a_label_line(seg, cand.start, cand.end)
        ):
            score += weights.year_or_date
        if _is_stale(seg, cand):
            score += weights.stale
        ls, le = _line_bounds(seg, cand.start, cand.end)
        around = seg[max(ls, cand.start - reach.meeting) : min(le, cand.end + reach.meeting)]
        if _MEETING.search(around) or (_CJK.search(around) and _MEETING_CJK.search(around)):
            score += weights.meeting  # a meeting's dial-in passcode
        results.append((score, value))
    return results


def extract_code(email_or_text: Mapping[str, Any] | str) -> str | None:
    """The one-time code of a mail, or ``None`` when there is none or it is not clear.

    Reads the subject and the body of an email dict, or a string of body text. Never
    raises. The code is returned with readability separators removed (``"123 456"`` →
    ``"123456"``, ``"K7P-2QX"`` → ``"K7P2QX"``) and its letters' case kept; a token in
    hyphenated groups of five or more (``"AF63E-273W5"``) or a long random credential keeps
    its hyphens, since it is typed with them. A password the mail gives (``Your password:
    bcCE79DF9r``) is returned as its code, with any symbols it holds (``Shl@9v64vf``).

    >>> extract_code("Your verification code is 482 913. It expires in 10 minutes.")
    '482913'
    >>> extract_code({"subject": "123456 is your Instagram code", "body": ""})
    '123456'
    >>> extract_code("Ihr Bestätigungscode lautet: K7P-2QX")
    'K7P2QX'
    >>> extract_code("Username: noor\\nPassword: pq5Ep75L55!15")
    'pq5Ep75L55!15'
    >>> extract_code("Order #12345678 shipped on 2024-05-01. Call 0800 123 4567.") is None
    True
    """
    try:
        results = _scored(email_or_text)
    except Exception:  # pragma: no cover - a bug here must never fail a caller's read
        return None
    best_score = max((s for s, _ in results), default=0)
    if best_score < CODE_WEIGHTS.threshold:
        return None
    best = {value for score, value in results if score == best_score}
    if len(best) != 1:
        return None
    return best.pop()
