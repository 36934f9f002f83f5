"""Extraction of one-time codes and links (``otpmail._decoding._extract``).

The rules are tested one by one here; ``tests/extraction/`` holds the evaluation set of
whole mails, scored by ``bench/extraction_eval.py`` and guarded at the end of this file.
"""

from __future__ import annotations

import doctest
import functools
import html
import importlib.util
import re
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from otpmail._decoding import _codes, _extract, _links, _vocabulary
from otpmail._decoding._extract import (
    CODE_ALPHABET,
    action_link_score,
    annotate,
    extract_code,
    extract_links,
    pick_action_link,
)
from otpmail._decoding._text import html_to_text

ROOT = Path(__file__).resolve().parent.parent


def mail(subject: str = "", body: str = "", **extra: Any) -> dict[str, Any]:
    """An email dict shaped like the envelope's."""
    return {
        "from": "Contoso <no-reply@contoso.example>",
        "to": "noor.tester@example.com",
        "subject": subject,
        "date": "Mon, 12 May 2025 09:41:00 +0000",
        "body": body,
        "id": "m1",
        "received_at": "2025-05-12T09:41:00Z",
        "account": "noor.tester@example.com",
        **extra,
    }


# =======================================================================================
# Codes: where they are found


def test_a_code_right_after_a_code_word_is_found() -> None:
    assert extract_code("Your verification code is 482913.") == "482913"
    assert extract_code("Security code: 2281") == "2281"


def test_a_code_right_before_a_code_word_is_found() -> None:
    assert extract_code("846205 is your one-time passcode to sign in.") == "846205"


def test_a_code_in_the_subject_is_found() -> None:
    assert extract_code(mail("123456 is your Instagram code", "Welcome back!")) == "123456"
    assert extract_code(mail("Your Contoso code: 731904", "")) == "731904"


def test_a_code_on_its_own_line_under_a_code_word_is_found() -> None:
    body = "Use this code to finish setting up:\n\n583016\n\nIt expires in 24 hours."
    assert extract_code(body) == "583016"


def test_a_code_two_lines_under_the_code_word_is_found() -> None:
    body = "Enter the code below to sign in.\nIt works once.\n\n583016\n"
    assert extract_code(body) == "583016"


def test_a_code_after_enter_is_found_when_the_mail_is_about_signing_in() -> None:
    body = "To finish signing in on your new device, enter 730192."
    assert extract_code(body) == "730192"


def test_a_code_after_an_amount_in_the_same_sentence_is_found() -> None:
    body = (
        "Your OTP for the transaction of INR 2,499.00 on card ending 4321 is 482917. "
        "Valid for 10 mins."
    )
    assert extract_code(body) == "482917"


@pytest.mark.parametrize("digits", range(4, 11))
def test_codes_of_four_to_ten_digits_are_found(digits: int) -> None:
    code = "7315294860"[:digits]
    assert extract_code(f"Your verification code: {code}") == code


@pytest.mark.parametrize("number", ["731", "73152948601", "731529486012"])
def test_numbers_shorter_than_four_or_longer_than_ten_digits_are_not_codes(number: str) -> None:
    assert extract_code(f"Your verification code: {number}") is None


@pytest.mark.parametrize(
    ("written", "code"),
    [("K7P-2QX", "K7P2QX"), ("AB12CD", "AB12CD"), ("7TX4F", "7TX4F"), ("k7m2qp9x", "k7m2qp9x")],
)
def test_codes_of_letters_and_digits_are_found(written: str, code: str) -> None:
    assert extract_code(f"Your sign-in code is {written}") == code


def test_letters_only_codes_are_found_when_written_in_hyphenated_groups() -> None:
    assert extract_code("Your confirmation code:\n\nKXQ-PTZ\n") == "KXQPTZ"


@pytest.mark.parametrize("word", ["EXPIRED", "below", "Burmese Python", "fresh-crane-sturdy"])
def test_words_are_not_codes(word: str) -> None:
    assert extract_code(f"Your security code: {word}") is None


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("123 456", "123456"),
        ("123-456", "123456"),
        ("123–456", "123456"),
        ("123 456 789", "123456789"),
        ("1234 5678", "12345678"),
        ("12345 67890", "1234567890"),
        ("12 34 56", "123456"),
        ("4 8 2 9 1 3", "482913"),
        ("AB12-CD34", "AB12CD34"),
    ],
)
def test_groups_written_for_readability_are_joined(written: str, code: str) -> None:
    assert extract_code(f"Your verification code is {written}.") == code


@pytest.mark.parametrize("written", ["12 345 6789", "1234 567", "12-34-56", "06 12 34 56 78"])
def test_groups_that_are_not_clearly_one_code_are_not_joined(written: str) -> None:
    assert extract_code(f"Your verification code is {written}.") is None


def test_digits_in_separate_table_cells_are_joined() -> None:
    html_body = (
        "<p>Enter this code:</p><table><tr>"
        + "".join(f"<td>{d}</td>" for d in "503917")
        + "</tr></table>"
    )
    assert extract_code(html_to_text(html_body)) == "503917"


def test_a_sender_prefix_before_the_digits_is_dropped() -> None:
    assert extract_code(mail("G-740215 is your Google verification code")) == "740215"
    assert extract_code(mail("FB-58213 is your Facebook confirmation code")) == "58213"


def test_full_width_digits_are_returned_as_ascii() -> None:
    assert extract_code("確認コード：４８２７１９") == "482719"


def test_other_scripts_digits_are_returned_as_ascii() -> None:
    assert extract_code("Your verification code is ٤٨٢٩١٣") == "482913"


@pytest.mark.parametrize("hidden", ["\u200b", "\u200c", "\u2060", "\ufeff", "\u00ad"])
def test_hidden_characters_inside_a_code_are_ignored(hidden: str) -> None:
    assert extract_code(f"Your verification code is 482{hidden}913") == "482913"


@pytest.mark.parametrize(
    "html_part",
    [
        # one box per digit, drawn side by side; a text rendering stacks them
        "<p>Your verification code:</p><div>"
        + "".join(f'<div style="display:inline-block;padding:8px">{d}</div>' for d in "482913")
        + "</div>",
        "<p>Your sign-in code:</p><table><tr>"
        + "".join(f"<td>{c}</td>" for c in "K7P2QX")
        + "</tr></table>",
        "<table><tr><td>Verification code:</td><td><span>48</span><span>29</span>"
        "<span>13</span></td></tr></table>",
    ],
)
def test_a_code_drawn_as_boxes_or_spread_over_elements_is_found(html_part: str) -> None:
    expected = "K7P2QX" if "K" in html_part else "482913"

    assert extract_code(html_to_text(html_part)) == expected


def test_a_letters_only_code_in_dashed_groups_below_an_instruction_is_found() -> None:
    # django-allauth's default: 8 consonants in two dashed halves, on their own line
    body = (
        "Your password reset code is listed below. Please enter it in your open browser "
        "window.\n\nCCCJ-XQWM\n\nThis mail can be safely ignored if you did not initiate "
        "this action."
    )

    assert extract_code(body) == "CCCJXQWM"
    assert extract_code(body.replace("Please enter it", "Please type it")) == "CCCJXQWM"


@pytest.mark.parametrize(
    "body",
    [
        "E-posta onay kodunuz alt kısımda belirtilmiştir. Kodu, açık olan tarayıcı sekmenize "
        "giriniz.\n\nFHFS-NCPH",
        "Je wachtwoordherstelcode staat hieronder. Voer deze code in je geopende "
        "browservenster in.\n\nFHFS-NCPH",
    ],
)
def test_an_inflected_code_word_or_entry_verb_links_the_code_below(body: str) -> None:
    assert extract_code(body) == "FHFSNCPH"


def test_an_abbreviation_is_no_sentence_end_between_the_code_word_and_the_code() -> None:
    body = "Ihre smsTAN für Auftrag Nr. 7781 über 49,90 EUR: 482913"

    assert extract_code(body) == "482913"


def _decoded(
    body: str, subtype: str = "plain", charset: str = "utf-8", cte: str = "8bit"
) -> dict[str, Any]:
    from datetime import UTC, datetime
    from email.message import EmailMessage
    from email.policy import SMTP

    from otpmail._decoding._message import parse_rfc822

    msg = EmailMessage(policy=SMTP)
    msg["From"], msg["To"], msg["Subject"] = "a@x.example", "b@y.example", "Ihre TAN"
    msg.set_content(body, subtype=subtype, charset=charset, cte=cte)
    when = datetime(2026, 1, 1, tzinfo=UTC)
    return parse_rfc822(msg.as_bytes(), id="1", account="b@y.example", received_at=when).to_dict()


@pytest.mark.parametrize(
    "body, subtype, charset, cte",
    [
        ("Your verification code is 48\u200b29\u200b13.", "plain", "utf-8", "base64"),
        (
            "<p>Your verification code is <b>48&#8203;29&zwnj;13</b></p>",
            "html",
            "utf-8",
            "quoted-printable",
        ),
        (
            "Your one-time code is \u201c482913\u201d. Don\u2019t share it.",
            "plain",
            "windows-1252",
            "8bit",
        ),
        ("<p>Your code is \u201c482913\u201d</p>", "html", "windows-1252", "quoted-printable"),
        (
            "Sehr geehrter Kunde,\n\nIhre TAN für die Überweisung lautet: 482913\n",
            "plain",
            "iso-8859-1",
            "quoted-printable",
        ),
        ("<p>Ihre TAN lautet:<br><b>482913</b></p>", "html", "iso-8859-1", "quoted-printable"),
        (
            "Your verification code is 482913. Your order of $19.99 is waiting.",
            "plain",
            "utf-8",
            "8bit",
        ),
        ("Verification code: 482913 (order #A-1234)", "plain", "utf-8", "quoted-printable"),
    ],
)
def test_codes_survive_decoding_of_the_whole_message(
    body: str, subtype: str, charset: str, cte: str
) -> None:
    """Zero-width characters, Windows-1252 quotes, a quoted-printable Latin-1 TAN mail and a
    price or an order number beside the code, through ``parse_rfc822`` as a caller gets them."""
    assert extract_code(_decoded(body, subtype, charset, cte)) == "482913"


def test_markdown_bold_and_headings_from_html_do_not_hide_a_code() -> None:
    assert extract_code("Enter this security code:\n\n**407719**") == "407719"
    assert extract_code("Here is your verification code:\n# 390512") == "390512"


@pytest.mark.parametrize(
    ("lang", "body", "code"),
    [
        ("en", "Your one-time passcode is 630912.", "630912"),
        ("de", "Ihr Bestätigungscode lautet: 318620", "318620"),
        ("de", "Ihre TAN lautet 774213.", "774213"),
        ("fr", "Votre code de vérification est : 493027", "493027"),
        ("es", "Tu código de verificación es 738105.", "738105"),
        ("it", "Il tuo codice di verifica è 216904.", "216904"),
        ("pt", "Seu código de verificação é 628451.", "628451"),
        ("nl", "Je verificatiecode is 319207.", "319207"),
        ("pl", "Twój kod weryfikacyjny to: 483920", "483920"),
        ("ja", "認証コードは「905127」です。", "905127"),
        ("zh", "您的验证码是582604，5分钟内有效。", "582604"),
        ("ko", "요청하신 인증번호는 [604129] 입니다.", "604129"),
        ("ru", "Ваш код подтверждения: 715302", "715302"),
    ],
)
def test_code_words_are_recognised_in_many_languages(lang: str, body: str, code: str) -> None:
    assert extract_code(body) == code, lang


def test_an_email_dict_and_a_string_give_the_same_code() -> None:
    body = "Your verification code is 482913."
    assert extract_code(mail("Hi", body)) == extract_code(body) == "482913"


def test_the_html_part_is_read_when_the_body_is_empty() -> None:
    email = mail("Sign in", "", html="<p>Your sign-in code:</p><h2>551029</h2>")
    assert extract_code(email) == "551029"


def test_a_string_of_html_is_read_as_text() -> None:
    markup = "<html><body><p>Your code is <b>551029</b></p></body></html>"
    assert extract_code(markup) == "551029"


# =======================================================================================
# Codes: what is never taken for one


@pytest.mark.parametrize(
    "body",
    [
        "Your code expires on 2025-05-12.",
        "Your code was sent on 12/05/2025.",
        "Code issued 12.05.2025",
        "Verification code requested on 20250512 by the system; ignore.",
    ],
)
def test_a_date_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "© 2024 Contoso Inc. Enter your code in the app.",
        "What a year 2024 was! Thanks for every code you shipped.",
        "Since 2019 we have sent you a code each time you sign in.",
    ],
)
def test_a_year_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize("body", ["Your code was sent at 14:30.", "Code valid until 10:30:00 AM"])
def test_a_time_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Didn't request a code? Call us on 0345 600 1234.",
        "Questions about your code? Phone: (555) 013-4477",
        "Never share your code. Hotline +49 30 1234 5678",
        "Code questions: 1-800-555-0199",
        "Join by phone +1 347-555-0142 PIN: 981 224 117#",
    ],
)
def test_a_phone_number_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Your code unlocks a price of $1299 today.",
        "Code accepted. Total: 1299 EUR",
        "Montant total : 64,90 € — code client envoyé.",
        "Your code is valid for purchases up to ¥3980.",
    ],
)
def test_a_price_or_amount_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Order number: 10482993",
        "Order #112-4837261-5539420 confirmed. Use the code on the receipt.",
        "Ihre Bestellung 304417 wurde heute versandt.",
        "Tu pedido 408815 ha sido enviado.",
        "注文番号：250512-8841",
        "12345678 is your order number",
    ],
)
def test_an_order_number_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body", ["Your request (ticket #48213) was received.", "Ticket ID: 48213", "Case number 771204"]
)
def test_a_ticket_number_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Ship to: 1234 Elm Street, Springfield, OR 97477",
        "Lieferadresse: Hauptstraße 12, 10115 Berlin (PLZ 10115)",
        "Zip code: 94105",
        "收货地址：上海市浦东新区世纪大道100号，邮编200120",
    ],
)
def test_a_postcode_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "The brand colour code is #102030.",
        "a { color: #1a73e8; } .button { background-color: #34a853; }",
        "Your code:\n#123456",
    ],
)
def test_a_css_colour_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Verify (https://contoso.example/verify?code=482913&uid=55120)",
        "Your code is at https://contoso.example/c/482913",
        "Code sent to user482913@example.com",
    ],
)
def test_numbers_inside_urls_and_addresses_are_not_codes(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Tracking number: 1Z999AA10123456784",
        "Sendungsnummer: 00340434161094027318",
        "Tracking code: JD014600003828463782",
        "Código de rastreamento: BR123456789BR",
    ],
)
def test_a_tracking_id_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Contoso Desktop version 4.12.1 (build 20250512) uses the new code signing.",
        "Code changes in release 2048 are listed below.",
    ],
)
def test_a_version_or_build_number_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "Use the link below to sign in. It is valid for 10 minutes.",
        "The verification link expires in 1440 minutes.",
        "Der Code ist 15 Minuten gültig.",
        "验证码5分钟内有效。",
    ],
)
def test_a_duration_is_not_a_code(body: str) -> None:
    assert extract_code(body) is None


@pytest.mark.parametrize(
    "email",
    [
        mail("20% off everything", "Use code SPRING20 at checkout."),
        mail("A gift for you", "Here's 15% off. Your discount code: 774411"),
        mail("Welcome", "Invite friends. Your referral code: NOOR2025"),
        mail("Sale", "Gutscheincode: SOMMER25 einlösen"),
    ],
)
def test_a_promotional_code_is_not_a_one_time_code(email: dict[str, Any]) -> None:
    assert extract_code(email) is None


def test_a_booking_reference_is_not_a_code() -> None:
    email = mail(
        "Your flight booking confirmation",
        "Thank you for booking.\n\nBooking reference: X7K9P2\nFlight NW 1234, seat 23C",
    )
    assert extract_code(email) is None


def test_an_error_code_is_not_a_one_time_code() -> None:
    assert extract_code("Backup failed. Error code: 80070005") is None


def test_a_card_ending_is_not_a_code() -> None:
    assert extract_code("Paid with Visa ending in 4242. Your code review is done.") is None


def test_a_meeting_passcode_is_not_a_sign_in_code() -> None:
    body = "Dial in: +1 415 555 0100, meeting ID 884 2031 7745, passcode 2210."
    assert extract_code(body) is None


def test_a_list_of_backup_codes_gives_no_code() -> None:
    body = "Here are your backup codes. Each code works once.\n\n4820 1937\n7731 0284\n9910 4467\n"
    assert extract_code(body) is None


def test_two_different_codes_of_equal_standing_give_none() -> None:
    assert extract_code("Your code is 482913. Your code is 730155.") is None


def test_an_old_code_gives_way_to_the_new_one() -> None:
    body = "Your previous code 482913 no longer works.\n\nYour new verification code: 730155"
    assert extract_code(body) == "730155"


def test_a_number_with_no_code_word_near_it_is_not_a_code() -> None:
    assert extract_code("Hi Noor,\n\n482913\n\nSee you soon!") is None
    assert extract_code("We shipped 1024 improvements and 48291 fixes.") is None


def test_what_an_order_mail_calls_its_confirmation_code_is_the_code_not_the_order_number() -> None:
    # what a person sees: the mail gives a confirmation code to use; the order number is not it
    email = mail(
        "Confirm your order", "Order #40021\n\nConfirmation code: 718263\n\nTotal: $129.99"
    )
    assert extract_code(email) == "718263"


@pytest.mark.parametrize("value", [None, 12, b"code 482913", [], {"body": None}, {"body": 5}])
def test_extract_code_returns_none_for_anything_that_is_not_a_mail(value: Any) -> None:
    assert extract_code(value) is None


# =======================================================================================
# Links


def test_links_are_returned_in_document_order_once_each() -> None:
    body = (
        "Sign in (https://a.example/login?t=1)\n"
        "Help: https://a.example/help\n"
        "Sign in again (https://a.example/login?t=1)\n"
        "Privacy (https://a.example/privacy)"
    )
    assert [link["url"] for link in extract_links(body)] == [
        "https://a.example/login?t=1",
        "https://a.example/help",
        "https://a.example/privacy",
    ]


def test_a_rendered_link_keeps_its_text_and_a_bare_url_has_none() -> None:
    body = (
        "Thanks for joining. Verify email (https://a.example/v?t=9)\nOr open https://a.example/v2"
    )
    assert extract_links(body) == [
        {"url": "https://a.example/v?t=9", "text": "Verify email"},
        {"url": "https://a.example/v2", "text": ""},
    ]


def test_a_link_whose_text_is_its_url_has_no_text() -> None:
    body = "https://a.example/y (https://a.example/y)"
    assert extract_links(body) == [{"url": "https://a.example/y", "text": ""}]


def test_markdown_links_keep_their_text() -> None:
    assert extract_links("[Confirm](https://a.example/c)") == [
        {"url": "https://a.example/c", "text": "Confirm"}
    ]


def test_only_http_and_https_links_are_returned() -> None:
    body = (
        "ftp://files.example/a mailto:help@a.example javascript:alert(1) "
        "tel:+15550100 HTTPS://A.EXAMPLE/Up http://a.example/plain"
    )
    assert [link["url"] for link in extract_links(body)] == [
        "HTTPS://A.EXAMPLE/Up",
        "http://a.example/plain",
    ]


@pytest.mark.parametrize(
    ("written", "url"),
    [
        ("See https://a.example/x.", "https://a.example/x"),
        ("See https://a.example/x, then", "https://a.example/x"),
        ("(see https://a.example/x)", "https://a.example/x"),
        ("Go to https://a.example/x!", "https://a.example/x"),
        ("Really https://a.example/x?", "https://a.example/x"),
        ('"https://a.example/x"', "https://a.example/x"),
        ("<https://a.example/x>", "https://a.example/x"),
        ("«https://a.example/x»", "https://a.example/x"),
        ("链接https://a.example/x。", "https://a.example/x"),
        ("Wiki (https://en.example.org/wiki/A_(b))", "https://en.example.org/wiki/A_(b)"),
        ("https://a.example/q?x=1&y=(2)", "https://a.example/q?x=1&y=(2)"),
        ("https://a.example/path/", "https://a.example/path/"),
    ],
)
def test_trailing_punctuation_and_brackets_are_cut_from_urls(written: str, url: str) -> None:
    assert [link["url"] for link in extract_links(written)] == [url]


def test_tracking_wrappers_are_kept_as_they_are() -> None:
    wrapper = "https://click.e.example/ls/click?upn=u001.Zf3Xk-2BqW8vR9yPn0Lq&redirect=https%3A%2F%2Fa.example"
    assert extract_links(f"Verify Login ({wrapper})") == [{"url": wrapper, "text": "Verify Login"}]


def test_html_anchors_give_their_href_and_text() -> None:
    email = mail(
        "Verify",
        "",
        html='<p>Hi</p><a href="https://a.example/v?t=1&amp;u=2"><b>Verify</b> email</a>'
        '<a href="mailto:x@a.example">mail us</a><a href="#top">top</a>',
    )
    assert extract_links(email) == [{"url": "https://a.example/v?t=1&u=2", "text": "Verify email"}]


def test_html_image_buttons_use_their_alt_text() -> None:
    email = mail("", "", html='<a href="https://a.example/l"><img src="b.png" alt="Log in"></a>')
    assert extract_links(email) == [{"url": "https://a.example/l", "text": "Log in"}]


def test_html_anchors_come_first_then_body_links_not_yet_seen() -> None:
    email = mail(
        "",
        "Verify (https://a.example/v)\nAlso https://a.example/extra",
        html='<a href="https://a.example/v">Verify</a>',
    )
    assert [link["url"] for link in extract_links(email)] == [
        "https://a.example/v",
        "https://a.example/extra",
    ]


def test_a_duplicate_link_keeps_the_first_text_that_is_not_empty() -> None:
    body = "https://a.example/v\nConfirm (https://a.example/v)"
    assert extract_links(body) == [{"url": "https://a.example/v", "text": "Confirm"}]


@pytest.mark.parametrize("value", [None, 12, b"https://a.example", [], {"body": None}])
def test_extract_links_returns_an_empty_list_for_anything_that_is_not_a_mail(value: Any) -> None:
    assert extract_links(value) == []


# --------------------------------------------------------------------------------------
# The action link


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("Sign in to Slack", "https://slack.com/z-app/magic/x7Ka2Q"),
        ("Verify email", "https://click.example/ls/click?upn=abc"),
        ("Reset your password", "https://github.com/password_reset/9a7c"),
        ("Confirm my account", "https://a.example/c"),
        ("Accept invitation", "https://invitations.example/redeem?ticket=k"),
        ("Passwort zurücksetzen", "https://konto.example.de/neu?token=V"),
        ("Confirmer mon adresse", "https://a.example.fr/c"),
        ("로그인하기", "https://a.example.kr/m"),
    ],
)
def test_the_action_link_is_picked_by_its_text(text: str, url: str) -> None:
    body = (
        f"Hello.\n\nHelp Center (https://a.example/help)\n{text} ({url})\n"
        "Unsubscribe (https://a.example/unsubscribe)"
    )
    assert pick_action_link(body) == {"url": url, "text": text}


def test_a_bare_action_url_is_picked_by_the_line_above_it() -> None:
    body = (
        "Click the link below to sign in to Medium.\n\nhttps://medium.example/m/callback?token=2b8f"
    )
    picked = pick_action_link(body)
    assert picked is not None
    assert picked["url"] == "https://medium.example/m/callback?token=2b8f"


def test_a_link_offered_in_case_it_was_not_you_is_not_the_action() -> None:
    body = (
        "Your code is 331907.\n"
        "If this wasn't you, reset your password (https://a.example/reset)\n"
        "Didn't request this?\nSecure your account (https://a.example/secure?token=1)"
    )
    assert pick_action_link(body) is None


def test_a_newsletter_has_no_action_link() -> None:
    body = (
        "Read the full story (https://a.example/blog/2025)\n"
        "Unsubscribe (https://a.example/unsubscribe) | Privacy (https://a.example/privacy)"
    )
    assert pick_action_link(body) is None


def test_among_equal_action_links_the_first_wins() -> None:
    body = "Verify email (https://a.example/v1)\nVerify email (https://a.example/v2)"
    assert pick_action_link(body) == {"url": "https://a.example/v1", "text": "Verify email"}


def test_pick_action_link_takes_a_list_of_links() -> None:
    links = extract_links("Help (https://a.example/help)\nLog in (https://a.example/login)")
    assert pick_action_link(links) == {"url": "https://a.example/login", "text": "Log in"}


def test_action_link_score_orders_links_best_first() -> None:
    links = extract_links(
        "Unsubscribe (https://a.example/u)\nRead more (https://a.example/r)\n"
        "Confirm your email (https://a.example/c?token=1)"
    )
    ordered = sorted(links, key=action_link_score, reverse=True)
    assert [link["url"] for link in ordered] == [
        "https://a.example/c?token=1",
        "https://a.example/r",
        "https://a.example/u",
    ]


# =======================================================================================
# annotate


def test_annotate_adds_exactly_code_and_links() -> None:
    email = mail("Your code", "Code: 482913\nVerify (https://a.example/v)")
    annotated = annotate(email)
    assert set(annotated) - set(email) == {"code", "links"}
    assert annotated["code"] == "482913"
    assert annotated["links"] == [{"url": "https://a.example/v", "text": "Verify"}]
    assert {k: annotated[k] for k in email} == email


def test_annotate_leaves_its_argument_unchanged() -> None:
    email = mail("Hi", "Nothing here")
    before = dict(email)
    annotated = annotate(email)
    assert email == before
    assert annotated is not email
    assert annotated["code"] is None
    assert annotated["links"] == []


@pytest.mark.parametrize(
    "hostile",
    [
        "1" * 100_000,
        "1 " * 50_000,
        "-" * 100_000,
        "code 123456 " * 8_000,
        "(" * 50_000 + "https://a.example/" + ")" * 50_000,
        "https://a.example/" + "a" * 100_000,
        "a" * 50_000 + "@" + "b" * 50_000,
        "Your code is 482913. Order #1234. Call +1 555 0100. " * 2_000,
        # a script written without spaces, its vowel signs matched as a word's: DHIS2's Lao
        # subject took minutes when the words before a colon could be split every way
        "[National HMIS] ລະຫັດການຢັ້ງຢືນສອງຂັ້ນຕອນຂອງທ່ານສຳລັບ National HMIS",
    ],
    ids=["digits", "spaced", "dashes", "codes", "parens", "long-url", "address", "mixed", "lao"],
)
def test_hostile_input_is_handled_in_bounded_time(hostile: str) -> None:
    # generous: a quadratic regex on these takes minutes, the extractor well under a second
    start = time.perf_counter()
    extract_code(hostile)
    extract_links(hostile)
    pick_action_link(hostile)
    assert time.perf_counter() - start < 10


def test_the_docstring_examples_hold() -> None:
    attempted = 0
    for module in (_codes, _links, _extract):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
        attempted += result.attempted
    assert attempted >= 8


def test_the_vocabulary_docstring_examples_hold() -> None:
    result = doctest.testmod(_vocabulary, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0


# =======================================================================================
# Properties

# 11-32 only for a long random token; hyphens only between the groups of a credential;
# other symbols only in a password or code of 6-32 printable characters a label gives
_LETTERS = "À-ÖØ-öø-ɏͰ-ϿЀ-ӿ"  # beyond ASCII, only in a password a password word gives
_CODE_RE = re.compile(
    rf"[0-9A-Za-z{_LETTERS}]{{4,32}}|[0-9A-Za-z]{{4,6}}(?:-[0-9A-Za-z]{{4,6}}){{2,5}}"
    rf"|(?=[!-~{_LETTERS}]*[0-9A-Za-z][!-~{_LETTERS}]*[0-9A-Za-z])[!-~{_LETTERS}]{{6,32}}"
)
_FRAGMENTS = st.sampled_from(
    [
        "code", "Code:", "verification code is", "OTP", "PIN", "is your code", "验证码", "コード：",
        "인증번호", "код", "order #", "Total: $", "€", "Tel.", "2024-05-12", "12:30", "#aabbcc",
        "https://a.example/v?code=123456", "(https://a.example/x)", "\n", "\n\n", " ", "-", "|",
        "**", "\u200b", "１２３", "٤٨٢", "minutes", "K7P-2QX", "AB12", "(", ")", ".", ",",
        "<a href='https://a.example/q'>x</a>", "<html>", "&amp;",
    ]
)  # fmt: skip
_TEXTISH = st.lists(
    st.one_of(
        _FRAGMENTS,
        st.integers(min_value=0, max_value=10**12).map(str),
        st.text(max_size=12),
    ),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TEXTISH)
def test_extract_code_never_raises_and_returns_none_or_a_well_formed_code(text: str) -> None:
    _codes._scored(text)  # the public functions catch errors; the inner ones must not raise
    code = extract_code(text)
    assert code is None or _CODE_RE.fullmatch(code)
    if code is not None and not set(code) <= set(CODE_ALPHABET + "-"):
        beyond = {ch for ch in set(code) - set(CODE_ALPHABET + "-") if not ch.isalpha()}
        assert beyond <= set("!#$%&*+/:;<=>?@[]^_{|}~.")
    assert extract_code(text) == code  # deterministic


@settings(max_examples=200, deadline=None)
@given(subject=_TEXTISH, body=_TEXTISH, html_part=st.one_of(st.none(), _TEXTISH))
def test_extract_code_on_a_dict_never_raises(
    subject: str, body: str, html_part: str | None
) -> None:
    email = mail(subject, body) if html_part is None else mail(subject, body, html=html_part)
    _codes._scored(email)
    _links._all_links(email)
    code = extract_code(email)
    assert code is None or _CODE_RE.fullmatch(code)


@settings(max_examples=300, deadline=None)
@given(_TEXTISH)
def test_extract_links_returns_only_http_urls_that_occur_in_the_input(text: str) -> None:
    _links._all_links(text)  # must not raise (extract_links would hide it)
    links = extract_links(text)
    for link in links:
        assert set(link) == {"url", "text"}
        assert link["url"].lower().startswith(("http://", "https://"))
        assert link["url"] in text or link["url"] in html.unescape(text)
    assert len({link["url"] for link in links}) == len(links)


@settings(max_examples=200, deadline=None)
@given(_TEXTISH)
def test_pick_action_link_returns_one_of_the_links_or_none(text: str) -> None:
    picked = pick_action_link(text)
    assert picked is None or picked in extract_links(text)


# =======================================================================================
# The evaluation set (tests/extraction/, scored by bench/extraction_eval.py)

# Measured with `.venv/bin/python bench/extraction_eval.py` when these floors were set:
# 172 cases; codes 99/100 correct, 0 wrong; action links 29/29 correct, 0 wrong.
CODE_RECALL_FLOOR = 0.98
LINK_RECALL_FLOOR = 0.96
REQUIRED_LANGUAGES = {"en", "de", "fr", "es", "it", "pt", "nl", "pl", "ja", "zh", "ko", "ru"}


@functools.cache
def _load_eval() -> ModuleType:
    """``bench/extraction_eval.py``, the one scorer shared by the script and these tests."""
    path = ROOT / "bench" / "extraction_eval.py"
    spec = importlib.util.spec_from_file_location("extraction_eval", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["extraction_eval"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def evaluation() -> Any:
    module = _load_eval()
    cases = module.load_cases()
    return cases, module.evaluate(cases, repeat=0)


def test_the_evaluation_set_is_large_and_covers_the_required_languages(evaluation: Any) -> None:
    cases, _ = evaluation
    assert len(cases) >= 80
    assert {case.lang for case in cases} >= REQUIRED_LANGUAGES
    assert sum(1 for case in cases if case.code is None) >= 30  # the hard negatives


def test_the_evaluation_set_gets_no_wrong_code(evaluation: Any) -> None:
    _, report = evaluation
    assert report.codes.wrong == []


def test_the_evaluation_set_code_recall_stays_above_its_floor(evaluation: Any) -> None:
    _, report = evaluation
    assert report.codes.recall >= CODE_RECALL_FLOOR, report.codes.missed


def test_the_evaluation_set_gets_no_wrong_action_link(evaluation: Any) -> None:
    _, report = evaluation
    assert report.links.wrong == []


def test_the_evaluation_set_action_link_recall_stays_above_its_floor(evaluation: Any) -> None:
    _, report = evaluation
    assert report.links.recall >= LINK_RECALL_FLOOR, report.links.missed


def test_the_evaluation_set_gets_the_same_answers_with_the_html_part(evaluation: Any) -> None:
    module = _load_eval()
    report = module.evaluate(module.load_cases(with_html=True), repeat=0)
    assert report.codes.wrong == []
    assert report.links.wrong == []
    assert report.codes.recall >= CODE_RECALL_FLOOR


# The template corpus (tests/extraction/templates/, rendered as MIME by
# bench/extraction_corpus.py). Measured with `.venv/bin/python bench/extraction_eval.py`
# when these floors were set: tuning part 288/288 action links right, hold-out 447/456
# (its first score, before any rule was changed for it: 446/456); 0 wrong, 0 false picks,
# codes 220/220 with none wrong. The floors are the targets.
CORPUS_LINK_RIGHT_FLOOR = 0.95
CORPUS_LINK_WRONG_CEILING = 0.01
CORPUS_CODE_RECALL_FLOOR = 0.97


@pytest.fixture(scope="module", params=["tuning", "holdout"])
def corpus(request: pytest.FixtureRequest) -> Any:
    module = _load_eval()
    cases = module.load_corpus(request.param)
    return cases, module.evaluate_corpus(cases)


def test_the_corpus_covers_many_templates_languages_link_styles_and_charsets(corpus: Any) -> None:
    cases, _ = corpus
    assert len({c.template for c in cases}) >= 20
    assert {c.lang for c in cases} >= REQUIRED_LANGUAGES | {"tr"}
    assert {c.style for c in cases} == {"direct", "tracked"}
    assert "html" in {c.form for c in cases} and {"text", "alternative"} & {c.form for c in cases}
    assert {c.charset for c in cases} == {"utf-8", "legacy"}
    assert sum(1 for c in cases if c.action_link is None) >= 100  # mails that ask for nothing


def test_the_corpus_action_link_is_right_wrong_rarely_and_never_false(corpus: Any) -> None:
    _, report = corpus
    total = report.total
    assert total.right >= CORPUS_LINK_RIGHT_FLOOR * total.with_action, report.misses
    assert total.wrong <= CORPUS_LINK_WRONG_CEILING * total.with_action, report.misses
    assert total.false == 0, report.misses
    assert total.plugin_right == total.right  # the plugin picks as pick_action_link does


def test_the_corpus_gets_no_wrong_code_and_finds_nearly_all(corpus: Any) -> None:
    _, report = corpus
    assert report.codes.wrong == []
    assert report.codes.recall >= CORPUS_CODE_RECALL_FLOOR, report.codes.missed


def test_every_collected_template_names_its_source_commit_and_licence() -> None:
    for path in sorted((ROOT / "tests" / "extraction" / "templates").glob("*.yaml")):
        source = yaml.safe_load(path.read_text(encoding="utf-8"))["source"]
        assert source["repo"].count("/") == 1, path.name
        assert source["licence"] in {"MIT", "Apache-2.0", "ISC", "BSD-3-Clause"}, path.name
        assert source["copyright"], path.name


def test_annotate_keeps_at_most_fifty_links_in_document_order() -> None:
    body = "\n".join(f"link {i} (https://example.com/p/{i})" for i in range(80))

    links = annotate({"subject": "newsletter", "body": body})["links"]

    assert len(links) == 50
    assert links[0]["url"] == "https://example.com/p/0"
    assert links[-1]["url"] == "https://example.com/p/49"


def test_the_scoring_page_quotes_the_weight_tables() -> None:
    """docs/code-scoring.md names each weight by its field: every field it quotes exists and
    has the points the page gives, and every weight of the tables is on the page."""
    from otpmail._decoding._codes import CODE_WEIGHTS
    from otpmail._decoding._links import LINK_WEIGHTS

    page = (ROOT / "docs" / "code-scoring.md").read_text(encoding="utf-8")
    rows = re.findall(r"^ *\|[^|\n]*\| `(\w+)` \| ([+−-]?[0-9]+) \|$", page, re.M)
    quoted = {name: int(points.replace("−", "-")) for name, points in rows}
    tables = {
        **{f: getattr(CODE_WEIGHTS, f) for f in CODE_WEIGHTS.__dataclass_fields__},
        **{f: getattr(LINK_WEIGHTS, f) for f in LINK_WEIGHTS.__dataclass_fields__},
    }
    assert len(quoted) >= 25
    assert {name: tables.get(name) for name in quoted} == quoted
    unquoted = set(tables) - set(quoted) - {"veto", "threshold"}
    assert not unquoted


# A code alone on its line, the one code-shaped value of a short mail, is what a person sees
# in any language, even one whose code words no rule knows (issue 30: Appwrite's Esperanto,
# Armenian and Vietnamese sign-in mails were missed; Esperanto's word is known since, so
# Faroese, whose "váttanarkota" no rule knows, stands in for a language no rule knows).
_LONE_UNKNOWN = (
    "Hey,\n"
    "Skriva hesa váttanarkotu, tá ið tú verður biðin um hana at rita inn trygt. "
    "Hon gongur út eftir 15 minuttum.\n"
    "601917\n"
    "Takk,\nContoso Notes"
)


def test_a_lone_code_in_a_language_no_rule_knows_is_the_code() -> None:
    assert extract_code({"subject": "Contoso Notes innritan", "body": _LONE_UNKNOWN}) == ("601917")
    armenian = "Բարև,\nմուտքագրեք հետևյալ կոդը։\n479001\nContoso Notes թիմ"
    assert extract_code(armenian) == "479001"


def test_a_lone_code_beside_another_candidate_is_not_guessed() -> None:
    # a second code-shaped value anywhere in the mail (here a reference) leaves two readings
    body = _LONE_UNKNOWN.replace("Takk,", "Tilvísing 5520431. Takk,")
    assert extract_code(body) is None
    assert extract_code({"subject": "Innritan 7741", "body": _LONE_UNKNOWN}) is None
    assert extract_code(_LONE_UNKNOWN.replace("601917", "601917\n482913")) is None


@pytest.mark.parametrize(
    "body",
    [
        "Thanks for your order!\n\n4821907\n\nWe will ship it soon.",  # an order mail
        "Your invoice is attached.\n\n20261120\n\nKind regards",  # an invoice, a date
        "Saluton, jen la resumo de via jaro kun ni:\n\n2026\n\nDankon",  # a year alone
        "Dear guest, your reservation is confirmed.\n\n84720193\n\nSee you soon",  # booking
        "Your parcel has left our depot. Tracking number:\n\n94107\n\nBye",  # not a code
    ],
)
def test_a_lone_number_that_is_not_a_code_stays_none(body: str) -> None:
    assert extract_code(body) is None


def test_a_lone_candidate_needs_a_sentence_above_it() -> None:
    assert extract_code("Saluton Noor,\n\n601917\n\nDankon") is None  # a greeting, then a number


def test_a_lone_candidate_counts_only_in_a_short_mail() -> None:
    padding = "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n" * 60
    assert extract_code(_LONE_UNKNOWN + "\n" + padding) is None


# =======================================================================================
# Passwords and credentials a mail gives to be typed (voting and meeting tools)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (
            "Your voter ID: M-20417\nYour password: bcCE79DF9r\n\nVote here: https://v.example/e/1",
            "bcCE79DF9r",
        ),
        ("Benutzername: NoorTester\nPasswort: mPCWVtvpju\n", "mPCWVtvpju"),
        ("Username: NoorTester\nPassword: 6fgshppbo4\n", "6fgshppbo4"),
        ("Логин: NoorTester\nПароль: fhjRNwrBJN\n", "fhjRNwrBJN"),
        ("ユーザー名：noor\nパスワード：Qw7rTz3k\n", "Qw7rTz3k"),
        ("Your username is noor and your temporary password is Kq7ZtX2m.", "Kq7ZtX2m"),
        ("Nombre de usuario\\: NoorTester\nContraseña\\: DM47zqUdqL\n", "DM47zqUdqL"),
    ],
)
def test_a_password_the_mail_gives_is_its_code(body: str, code: str) -> None:
    assert extract_code(body) == code


@pytest.mark.parametrize(
    "body",
    [
        "Your password was changed on 3 May 2026. If this wasn't you, call 0800 555 0199.",
        "Reset your password: https://acme.example/reset/8f3k2m9x",
        "Wi-Fi network: Contoso-Guest, password: 48291734\nRoom: 412",
        "WLAN-Passwort: Hotel2026gast\nZimmer 412",
        "Password: (the one you chose when you signed up)\nUsername: NoorTester",
        "Username: noor\nPassword: ********",
    ],
)
def test_no_password_given_or_a_wifi_password_is_no_code(body: str) -> None:
    assert extract_code(body) is None


def test_a_long_hyphenated_credential_keeps_its_hyphens() -> None:
    body = "Username: noor@example.com\nYour credential: 5itLQ-J6o2Kc-ptbbx-mHvH55\n"
    assert extract_code(body) == "5itLQ-J6o2Kc-ptbbx-mHvH55"
    assert (
        extract_code("Ihre Zugangsdaten: gmtRD-af6JJA-kkmxy-FwDeCa") == "gmtRD-af6JJA-kkmxy-FwDeCa"
    )
    # one case (a gift card's claim code), or no code word: not a credential; a UUID is an
    # identifier but where a code or password word gives it (round twenty-nine's test)
    assert extract_code("Claim code: 4KQP-X2MN-7TRW\nRedeem it before 31 Dec.") is None
    assert extract_code("Ticket 5itLQ-J6o2Kc-ptbbx-mHvH55 was updated.") is None
    assert extract_code("Request ID: 550e8400-e29b-41d4-a716-446655440000") is None
    uuid = "550e8400-e29b-41d4-a716-446655440000"
    assert extract_code(f"Code: {uuid}") == uuid  # whole, never a piece of it
    # short hyphenated groups are still joined: the hyphen is only for reading
    assert extract_code("Your code: K7P-2QX") == "K7P2QX"


def test_a_random_token_with_one_hump_stands_as_a_code_but_joined_words_do_not() -> None:
    assert extract_code("Your one-time access code:\n\nczKrqn\n\nIt expires soon.") == "czKrqn"
    assert extract_code("Your one-time access code:\n\nYouTube\n\nIt expires soon.") is None
    assert extract_code("Password: NoorTester") is None


def test_a_random_token_after_a_code_word_and_is_stands_as_a_code() -> None:
    assert extract_code("Hello ntester.\nYour OTP login token is UMXBL.\n") == "UMXBL"
    assert extract_code("Your verification code is tXrrAkqAEb.") == "tXrrAkqAEb"
    # words in capitals are not random: two or more vowels
    assert extract_code("Your code is VALID for 10 minutes.") is None
    assert extract_code("Your token is EXPIRED. Ask for a new one.") is None


def test_a_password_word_gives_a_value_of_any_shape_where_it_ends_the_line() -> None:
    # round seventeen's and earlier rounds' shapes: a plain word, letters and digits in one
    # case, a value in quotes, and a table's row laid out in a column
    assert extract_code("Account name: noorvale\nNew password: moss7harbor\n") == "moss7harbor"
    assert extract_code("Password: redcross (can be changed by you)\n") == "redcross"
    mail = 'Sie können mit dem Benutzernamen "noor" und dem Passwort "aQCZQAyp8F" zugreifen.'
    assert extract_code(mail) == "aQCZQAyp8F"
    assert extract_code("Username\nj.moreau@example.com\nPassword\npitiwuna\nBye.") == "pitiwuna"
    assert extract_code('le code d\'accès est "Bivouac#Corse".') == "Bivouac#Corse"


def test_a_plain_word_after_a_password_word_is_not_always_a_password() -> None:
    # a login after more words, a title, the word as a placeholder, a name
    assert extract_code("You asked to reset your password for your account: obrady\n") is None
    assert extract_code({"subject": "Forgot Password: Canvas", "body": "Click below."}) is None
    assert extract_code("Gebruikersnaam: 'gebruikersnaam'\nWachtwoord: 'wachtwoord'\n") is None
    assert extract_code("Password\nchanged\n") is None
    assert extract_code("Password: NoorTester") is None


def test_bold_written_into_a_text_part_keeps_its_lines() -> None:
    # Primero's text part carries <b>…</b>; the lines around it stay lines
    mail = (
        "Usted ha sido agregado(a) como Caseworker.\n\n"
        "Utilice lo siguiente para restablecer su contraseña a <b>Jq3vZ8wNc5Ra</b>\n\n"
        "Por favor contacte su System Administrator si requiere apoyo."
    )
    assert extract_code(mail) == "Jq3vZ8wNc5Ra"
    # after a code word "a" is a preposition, not "set to"
    assert extract_code("Inserisci questo codice per accedere a EspoCRM.\n\nCodice: 0559002") == (
        "0559002"
    )


def test_a_value_run_into_the_next_sentence_ends_before_it() -> None:
    # round eighteen: text parts made by stripping the HTML's tags join the lines
    assert extract_code("Voici votre code de vérification : 975376S'il s'agit d'une erreur") == (
        "975376"
    )
    assert extract_code("Your verification code: 572425If this was not you, ignore it.") == (
        "572425"
    )
    assert extract_code("Mã xác minh: S8XVM10JWSMã này chỉ được sử dụng một lần") == ("S8XVM10JWS")
    # a code's own last capital before a lower-case word stays, and so does a mixed-case
    # code's short ending (a regression the first form of this rule had)
    assert extract_code("Your verification code is K7P2QX and it expires soon.") == "K7P2QX"
    assert extract_code("Your temporary login code is cQ5jAb and is valid.") == "cQ5jAb"


def test_round_eighteen_passwords_and_codes() -> None:
    assert extract_code("Nazwa użytkownika: bartek\nHasło: M8W5!!C$\n") == "M8W5!!C$"
    assert extract_code("Nom d'utilisateur : solene\nMot de passe : KTWfuxQ!\n") == "KTWfuxQ!"
    assert extract_code("Sie können sich nun als noor mit dem Kennwort b401 anmelden.") == "b401"
    assert extract_code("Sign in with the link above.\n\nYou can also use this OTP: fh1zl\n") == (
        "fh1zl"
    )
    # an identifier under "User code:" without a verb is not asked for
    assert extract_code("User code:u0041\nEmail address: x\nPassword:6dC$hvqWUvYRZ4yZ\n") == (
        "6dC$hvqWUvYRZ4yZ"
    )
    # a brand's name that signs the mail and is written in its prose is not a lone code
    mail = "Thank you for signing up for BoxyHQ. Please click the button below.\nBoxyHQ"
    assert extract_code(mail) is None


def test_a_code_name_a_device_model_and_a_cjk_password_word() -> None:
    # a session's prefix is read before digits only: before capitals and digits it was a
    # booking's reference as often (round nineteen's "Confirmation code RES-5378224B")
    assert (
        extract_code("Reservation confirmed.\nConfirmation code RES-5378224B\nTotal 120 EUR")
        is None
    )
    # the name of a code and its number is not the code: "kód PIN1" gave "PIN1" before;
    # with its colon the numbered PIN labels the value after it
    mail = "Pro aktivaci účtu je nutné vložit kód PIN1.\n\nPIN1: xuqDttpq\n"
    assert extract_code(mail) == "xuqDttpq"
    assert extract_code("Pro aktivaci účtu je nutné vložit kód PIN1.\n") is None
    # a device's model is not a code
    assert extract_code("Your account was used on a new device:\n\nSM-S911B\n\nIf not…") is None
    # a password given with a CJK password word stays the code in a booking mail
    mail = "2026年12月9日の予約が承認されました。\n\nミーテイングURL: https://x.example/\nパスワード:&7VZVZsHoe\n"
    assert extract_code(mail) == "&7VZVZsHoe"


def test_password_words_of_more_languages_give_their_password() -> None:
    # Nextcloud Talk's room passwords, seen in rounds sixteen and seventeen
    assert extract_code("Pasfhocal: OAxZuYc88+\n\nGo raibh maith agat") == "OAxZuYc88+"
    assert extract_code("Lykilorð: TeJ=Viy5AL\n\nBestu þakkir") == "TeJ=Viy5AL"
    assert extract_code("암호: RAGTI!KZWj\n\n감사합니다.") == "RAGTI!KZWj"
    assert extract_code("Συνθηματικό: ylHoH-9bBe\n\nΣας ευχαριστούμε") == "ylHoH-9bBe"


def test_round_nineteen_passwords() -> None:
    assert extract_code("Username : Kassandra\nPasswort : orbit-runner-42\n") == "orbit-runner-42"
    assert extract_code("Dein neues Kennwort für die Website lautet:\n65973d1d43de1\n") == (
        "65973d1d43de1"
    )
    assert extract_code("Brugernavn: m.jensen\nKodeord: uDbRK8An\n") == "uDbRK8An"
    assert extract_code("Új jelszót igényelt.\nÚj jelszava: fDsvY1iJ\n") == "fDsvY1iJ"
    assert extract_code("Řetězec pro obnovu hesla je: 089609") == "089609"
    # a path or a link after a password word is not a password
    assert extract_code("Password : see /etc/app/secret-1.txt\n") is None


def test_round_twenty_validation_code_and_credentials() -> None:
    mail = (
        "Your registration has been completed.\n"
        "Please click on this link to confirm your email : https://m.example.fr/confirm?token=160594\n"
        "Or use the validation code directly on the site : 160594\n"
        "Pour gérer vos alertes, abonnement et newsletter, rendez-vous sur votre profil."
    )
    assert extract_code({"subject": "Your subscription", "body": mail}) == "160594"
    # a PIN listed with a password is a credential too: two of them, no guess
    creds = "The following are your login credentials:\nPassword: 9mRpNoN8\nPIN: rRXaYF\n"
    assert extract_code(creds) is None
    # a PIN alone keeps being the code
    assert extract_code("The following are your login credentials:\nPIN: 482913\n") == "482913"


def test_round_twenty_one_codes() -> None:
    assert extract_code("You requested a code.\n\nYour code is: PXKT\n\nReturn to the page.") == (
        "PXKT"
    )
    # four capitals alone or after a field name are an acronym
    assert extract_code("Action: failed\nDiagnostic-Code: SMTP; 550 invalid recipient\n") is None
    assert extract_code("Your Hikers password is: pupadiez\n\nTo make changes, log in.") == (
        "pupadiez"
    )
    # a quoted plain word after "parola" (Italian for word) is a word to send
    assert extract_code('Invia un messaggio con la parola "help" nell\'oggetto.') is None
    invite = "You've been invited!\nubtwGXEv\nUse the invite code above, or click below.\n"
    assert extract_code(invite) is None


def test_a_password_the_sentence_before_its_colon_names() -> None:
    # Mailman 2.1's welcome and reminder mails, in the shapes its 25 languages use
    welcome = (
        "You must know your password to change your options (including changing\n"
        "the password, itself) or to unsubscribe.  It is:\n\n  ehtenici\n\n"
        "Normally, Mailman will remind you of your mailing list passwords once every month."
    )
    assert extract_code({"subject": "Welcome to the Hikers mailing list", "body": welcome}) == (
        "ehtenici"
    )
    assert extract_code("Ihr Passwort fuer die Liste Hikers ist: poewbici\n\nDie hier") == (
        "poewbici"
    )
    assert extract_code("Sie benötigen es für Änderungen. Es\nlautet:\n\n  hobaihve\n") is None
    assert extract_code(
        "Sie benötigen Ihr Passwort für Änderungen. Es\nlautet:\n\n  hobaihve\n"
    ) == ("hobaihve")
    assert extract_code(
        "Pamiętaj o haśle. Twoje hasło dostępu do listy Hikers:\n\n  akgoumsi\n"
    ) == ("akgoumsi")
    assert extract_code("Для команд нужен пароль. Ваш\nпароль:\n\n  irhecoti\n\nЕсли") == (
        "irhecoti"
    )
    assert extract_code("La clave para Hikers es:\n\n  wacuroti\n") == "wacuroti"
    assert extract_code("Uw Hikers paswoord is:\n\n  ocofduhi\n") == "ocofduhi"
    assert extract_code("Вам треба лозинке. Она је:\n\n  taduazeh\n") == "taduazeh"


def test_a_sentence_about_a_password_does_not_make_the_next_value_one() -> None:
    # a list of rules under the colon is not a password
    assert extract_code("Your password must contain:\n\n  letters\n  digits\n") is None
    # an action on the password is not the password
    assert extract_code("To change your password, visit:\n\n  settings\n\nThanks") is None
    # a login's name after "it is"-like words with a noun of its own
    mail = "You requested a password reset.\n\nYour username is: foobar\nUse the link below."
    assert extract_code(mail) is None
    # a link's text after the colon
    assert extract_code("Your password reset link: here (https://x.example/r/abc)\n") is None
    # the name after "Credentials:" is a login, not the password
    mail = "Database: noor_shop92\nUsername: noor_app\nPassword: 5KbTgvt4RD2wDi\n"
    assert extract_code({"subject": "Database Credentials: noor_shop92", "body": mail}) == (
        "5KbTgvt4RD2wDi"
    )


def test_a_session_prefix_a_bare_request_and_a_quoted_title() -> None:
    # a session's prefix before capitals and digits, in a mail about a one-time code
    mail = "Your OTP is KQT-7RZ4M2XH. It will expire on 03 Dec 2026, 2:51pm.\nPlease use this."
    assert extract_code({"subject": "Sign in to permits.example.gov", "body": mail}) == "7RZ4M2XH"
    # not in a booking mail, where such a value is a reference
    booking = "Reservation confirmed.\nConfirmation code RES-5378224B\nTotal 120 EUR"
    assert extract_code(booking) is None
    # a body that only asks for its one number
    bare = {"subject": "Subscription confirmation", "body": "Enter 40718 on screen"}
    assert extract_code(bare) == "40718"
    # not when the body says more, nor for a year
    assert extract_code("Enter 40718 on screen.\nOrder 77812 ships tomorrow.") is None
    assert extract_code("Use 2024 as the year") is None
    # a number inside a quoted title of words is part of a name
    mail = (
        "You requested a code to continue with the ‘Tell HMRC about changes to P11D expenses "
        "and benefits’ service on GOV.UK.\n\nYour code is: FZMC\n\nThe code can only be used once."
    )
    assert extract_code(mail) == "FZMC"
    assert extract_code("Enter the code “48 29 13” in the app.") == "482913"


def test_a_password_in_letters_beyond_ascii() -> None:
    # ilmomasiina's generated passwords hold å, ä and ö; InstantCMS 1's Russian one Cyrillic
    mail = "Email: aino@example.fi\nPassword: p8vjs3åqn6ywe1öcz0fmk4tx\nYou can log in at …"
    assert extract_code(mail) == "p8vjs3åqn6ywe1öcz0fmk4tx"
    assert extract_code("Логин: shchukar\nПароль: Ладожская2026\n\nС уважением") == (
        "Ладожская2026"
    )
    # a plain word is still not a password after a word that does not start its line
    assert extract_code("Для входа введите ваш пароль: ваш\n") is None
    # nor are ideographs (a Japanese sentence run into a word)
    assert extract_code("パスワード: あなたが入力したLike\n") is None


def test_a_code_in_a_command_to_a_chat_service() -> None:
    # IRC services (Anope, Atheme, X3, Ergo) mail the command to type, the code inside it
    mail = (
        "You have requested to register the nickname noor on LocalNet.\n"
        'Please type " /msg NickServ CONFIRM HL45HyCtaEI7XSa " to complete registration.\n'
    )
    assert extract_code(mail) == "HL45HyCtaEI7XSa"
    mail = "you must type the following command on IRC:\n\n/msg NickServ VERIFY REGISTER noor c3Nx0F82u2gRqZX1\n"
    assert extract_code(mail) == "c3Nx0F82u2gRqZX1"
    mail = "issue the following command:\n/MSG NickServ RESETPASS noor hsj9c688uedpumdx897qayfmz6 new_password"
    assert extract_code(mail) == "hsj9c688uedpumdx897qayfmz6"
    mail = "log on and type the following command:\n     /msg AuthServ@X3.Example.Services COOKIE noor vEgiWUjY3Z\n"
    assert extract_code(mail) == "vEgiWUjY3Z"
    # the account's name and sub-commands are not codes; a path is not a command
    assert extract_code("To identify, type:\n/msg NickServ IDENTIFY noor yourpassword\n") is None
    assert extract_code("See https://irc.example/msg NickServ HELP 12345678 for help") is None


def test_a_value_run_into_a_word_of_another_alphabet() -> None:
    # a text part whose lines ran together: the next sentence starts with a capital of
    # another alphabet, a letter of a script without case, or a short capitalised word
    assert extract_code("Yeni Şifreniz: bshz0n9bŞifrenizi değiştirmeyi unutmayın.") == "bshz0n9b"
    assert extract_code("Νέος κωδικός πρόσβασης: pchhh3n2Να θυμάστε") == "pchhh3n2"
    assert extract_code("گذرواژه جدید شما: 7k0sczfhپس از ورود") == "7k0sczfh"
    assert extract_code("Nova Lozinka: eajt7h63Ne zaboravite često promijeniti.") == "eajt7h63"
    assert extract_code("Ny Adgangskode: 6vth796wNår du er logget ind") == "6vth796w"
    assert extract_code("ססמה חדשה: atej9hn8   זכור לשנות") == "atej9hn8"
    assert extract_code("பயனர்பெயர்: kraman\nகடவுச்சொல்: LQP50Hn3qo3apKGT\n") == "LQP50Hn3qo3apKGT"
    # a code in mixed case keeps its last capital before a short word
    assert extract_code("Your code: cQ5jAb and more") == "cQ5jAb"
    # a word glued to a lower-case letter of another alphabet is one word
    assert extract_code("Código: ab12cdé\n") is None


def test_round_twenty_three_keys_passwords_and_pads() -> None:
    # a key the reader is told to use, with its colon, in several languages
    mail = "You then need to use the following activation key: k4Q8b2Xr7Tn1Lw9Fz3Hm\n\nIf you…"
    assert extract_code(mail) == "k4Q8b2Xr7Tn1Lw9Fz3Hm"
    assert extract_code("Sie benötigen folgenden Sicherheitsschlüssel: e3Sd8Lq5Na2Vy7Gk1Mr4\n") == (
        "e3Sd8Lq5Na2Vy7Gk1Mr4"
    )
    # "6Ft9" inside a key is not nine forints
    assert extract_code("Wprowadź tam klucz aktywacji: Zr3Mk8Pw1Cq6Ft9Jx4Hd\n\nJeżeli") == (
        "Zr3Mk8Pw1Cq6Ft9Jx4Hd"
    )
    # a product's key in prose is no label
    assert extract_code("Your activation key arrives with the box, serial K4Q8B2XR7TN1.") is None
    # a pad shown in groups of letters and digits, alone on its line
    mail = "Alternatively, enter the following code on the login page:\n\nq7kx3m be1ho9\n"
    assert extract_code(mail) == "q7kx3mbe1ho9"
    assert extract_code("Upgrade from v2 beta3 to abc1 de2f now") is None
    # a password the sentence says "is", the text wrapped before it
    mail = "Ihr neues Passwort lautet\nX3wGKoeqJa7X und kann nun benutzt werden, um Login."
    assert extract_code(mail) == "X3wGKoeqJa7X"
    assert extract_code("Смяната е успешна. Новата ти\nпарола е nLisCZV3VZej и сега може") == (
        "nLisCZV3VZej"
    )
    # a password in 【】 after a CJK password word and 是
    assert extract_code("您的 TopIAM 账户的初始密码是【Hn4$kT8zWc1e】。\n") == "Hn4$kT8zWc1e"
    # a text part whose lines ran together: an address, the password, the next sentence
    mail = (
        "Remember your user details:Email: noor.tester@example.comPassword: q7RfM2xaWe do "
        "not have your original password anymore.Regards!"
    )
    assert extract_code(mail) == "q7RfM2xa"
    mail = "Brukerdetaljer:E-post: noor@example.noPassord: t5HbV3mZVi har ikke passordet."
    assert extract_code(mail) == "t5HbV3mZ"


def test_round_twenty_four_sign_offs_and_token_words() -> None:
    # the name under "Regards," signs the mail; the code is the number above
    mail = (
        "Use the following one-time password (OTP) to complete identity verification.\n"
        "482951\nIf you didn't initiate this action, please contact support.\n"
        "This OTP will be valid for 10 hours\nRegards,\nUPSMF"
    )
    assert extract_code(mail) == "482951"
    assert extract_code("Your code:\nKXQZT\n\nRegards,\nACME") == "KXQZT"
    # "token" in Breton and Scottish Gaelic, "key" in Nynorsk with its colon
    assert extract_code(
        "Setu an titouroù:\n\n Ho jedouer: NM1g19s3\n Liamm: https://x.example"
    ) == ("NM1g19s3")
    assert extract_code("Seo an teisteanas agad:\n\n Seo an tòcan agad: rVJ8qDTO\n") == "rVJ8qDTO"
    assert extract_code("Her er nykelen:\n\n Nykelen din: 4v1m5v7e\n Den unike lenka: …") == (
        "4v1m5v7e"
    )
    # a Norwegian key in prose is no label
    assert extract_code("Nøkkelen til hytta ligger under matta, kode ikke nødvendig.") is None


def test_round_twenty_five_run_ons_and_passwords_in_sentences() -> None:
    # a password word right before a token already read gives it ("e senha 91ok.")
    mail = "Você pode acessar o sistema com o usuário noortester e senha 91ok. Esta senha é"
    assert extract_code(mail) == "91ok"
    assert extract_code("您可以用用户名 noortester 和密码 6k04 访问系统。此密码是暂时的") == "6k04"
    # the account number before the password word does not veto the password it gives
    mail = "Вы можете войти в Систему с номером счёта noortester и паролем m0a0. Это временный"
    assert extract_code(mail) == "m0a0"
    assert extract_code("Номер счёта: 4417 для оплаты") is None
    # a run-on next sentence ("Activate expired on") does not call the password old
    mail = (
        "Account information:Account: khoa.nguyen88Email:\n"
        "khoa@example.comPassword: d9I2Wa7nY3PActivate expired on 10:31\n04/12/2026This is"
    )
    assert extract_code(mail) == "d9I2Wa7nY3P"
    # an address ends before a capital of a word with letters beyond ASCII ("comMật khẩu")
    mail = (
        "thông tin:Tài khoản: baoanh.leEmail:\nbaoanh@example.comMật khẩu: n2Ae7zhWqQ  L'activation"
    )
    assert extract_code(mail) == "n2Ae7zhWqQ"
    # a run-on into a Vietnamese word ("Việc") ends the value before it
    mail = "Email:\nhan@example.comMật khẩu: q43yv7fLViệc kích hoạt tài khoản chỉ có"
    assert extract_code(mail) == "q43yv7fL"
    # a verification key under its label, the next sentence run into it
    mail = (
        "confirm your new email address by entering the verifykey below:Verifykey:\n"
        "0faa233930073a2648c3cc8ce423c7ccThis key expires on 10:31"
    )
    assert extract_code(mail) == "0faa233930073a2648c3cc8ce423c7cc"
    # a random value of both cases and digits in the sentence of a password word, either
    # side, a word of another script run into it
    mail = "Utilisez les informations suivantes <b>Tb6yHs2kMw4p</b> pour réinitialiser votre mot de passe"
    assert extract_code(mail) == "Tb6yHs2kMw4p"
    assert (
        extract_code("Нууц үгээ сэргээхийн тулд дараах Hn5sPd7xQa2wашиглана уу.") == "Hn5sPd7xQa2w"
    )
    assert extract_code("तुमचा पासवर्ड Gy3kWp8nSd6vला रीसेट करण्यासाठी") == "Gy3kWp8nSd6v"
    # not in another sentence, nor without a password word
    assert extract_code("Your password was changed. Request Xy7Gh2Kq9PzR was logged.") is None
    assert extract_code("Your session Tb6yHs2kMw4p started on the new device.") is None


def test_round_twenty_five_glued_words_literal_newlines_and_keys() -> None:
    # a word with letters beyond ASCII run into a mixed-case password starts at its capital
    mail = "údaje:Email: noor@example.comHeslo: R7dfQ2vMUž nemáme vaše pôvodné heslo."
    assert extract_code(mail) == "R7dfQ2vM"
    mail = "údaje:Email: noor@example.comHeslo: b3XvL8sQJiž nemáme Vaše původní heslo."
    assert extract_code(mail) == "b3XvL8sQ"
    # an ASCII pair after a mixed-case value may still end it ("cQ5jAb and")
    assert extract_code("Your code: cQ5jAb and more") == "cQ5jAb"
    # Malayalam and Persian password words, an address run into the first
    mail = "ഇമെയില് : noor@example.comപാസ്\u200cവേഡ് : P2gkU7fDതുടര്\u200dന്ന് താങ്കളുടെ"
    assert extract_code(mail) == "P2gkU7fD"
    assert extract_code("نام کاربری: m.rahimi\nکلمه ی عبور: gj4AYVeD\n\nپس از ورود") == "gj4AYVeD"
    assert extract_code("رمز عبور: Qx7mTr2K\n") == "Qx7mTr2K"
    # newlines a template wrote as "\n" are line breaks
    mail = (
        "Voici vos paramètres de connexion:\\n\\nNom d'utilisateur: c.moreau\\n"
        "Mot de passe: 4cuvGmTN\\n\\nUne fois connecté"
    )
    assert extract_code(mail) == "4cuvGmTN"
    # a key of capitals with two digits alone under a line that asks for it
    mail = "aŭ\nEnigu ĉi tiun kodon en la formkampon de nia retejo:\nLBRSSHLLY5QGPNCXE9\nEn la"
    assert extract_code(mail) == "LBRSSHLLY5QGPNCXE9"
    # not after other words: a serial or a tracking number
    assert extract_code("Your parcel LBRSSHLLY5QGPNCXE9 left the depot.") is None


def test_round_twenty_five_pins_pads_and_passwords_below() -> None:
    # a numbered PIN with its colon is a label ("PIN1: xFZZHXkp"), not the code's name
    mail = "prostřednictvím kódů PIN1 a PIN2.\n\nPIN1: xFZZHXkp\nPIN2: Vám byl zaslán pomocí SMS."
    assert extract_code(mail) == "xFZZHXkp"
    assert extract_code("Zadejte kód PIN1 do formuláře.") is None
    # five characters of both cases with a digit, alone under the code's line
    assert extract_code("Your security code | Votre code de sécurité\n\nRbT9d") == "RbT9d"
    assert extract_code("Your security code | Votre code de sécurité\n\nab9cd") is None
    # a CJK sentence saying the password is below, the value alone on the next line
    mail = "위해서는 꼭 패스워드를 알아야 합니다. 패스워드는 아래와 같습니다.\n\n  piakmugi\n\n패스워드를"
    assert extract_code(mail) == "piakmugi"
    assert extract_code(
        "退会やオプションの変更には、以下のパスワードを使ってください。\n\n  zocimuap\n"
    ) == ("zocimuap")
    assert extract_code("詳しくは以下のページをご覧ください。\n\n  zocimuap\n") is None
    # a long random value in quotes in a password word's sentence
    mail = "Le mot de passe pour 'noor' est à présent 'YdWVrPNvXAzMxomE'.\n"
    assert extract_code(mail) == "YdWVrPNvXAzMxomE"
    assert extract_code("Le projet 'YdWVrPNvXAzMxomE' est à présent archivé.\n") is None


def test_round_twenty_five_hashes_commands_and_separators() -> None:
    # a SHA-1 or SHA-256 reset token alone under a line asking for it
    mail = (
        "please type the following code into the password reset form:\n"
        "4f0c9a7e21b83d65f0e4a19c7b2d58e3a6c1f907\n\nIf it weren't you"
    )
    assert extract_code(mail) == "4f0c9a7e21b83d65f0e4a19c7b2d58e3a6c1f907"
    # not a commit hash in prose
    assert extract_code("Pushed 4f0c9a7e21b83d65f0e4a19c7b2d58e3a6c1f907 to main.") is None
    # a game command alone on its line under a line asking for a command
    mail = (
        "To confirm this action, please run the following command in-game:\n\n"
        "/verifyemail LBmvpdE89MM0FnO4"
    )
    assert extract_code(mail) == "LBmvpdE89MM0FnO4"
    assert extract_code("See the docs:\n\n/usr/local LBmvpdE89MM0FnO4") is None
    # a dash after the password word gives a value with a digit; a title's dash does not
    assert extract_code("Ваш новый пароль — bdAilD4z\nВы можете") == "bdAilD4z"
    assert (
        extract_code({"subject": "Password reset notification - ClassroomIO", "body": ""}) is None
    )
    # a link in brackets ends before its bracket: the colon after it is the label's
    mail = "Your password to log in (https://shop.example/login/): VCpUtl7*NSz\nIf you did not"
    assert extract_code(mail) == "VCpUtl7*NSz"
    # a tab shown as its sign; "\n" written by a template before a lower-case value
    assert extract_code("Nombre de usuario:⇥pablo\nContraseña:⇥indank9549\n") == "indank9549"
    mail = "重置密码请点击链接:\\n\\n或者您可以\\n输入重置代码:\\nukeYaLs52A\\n\\n如果您没有要求"
    assert extract_code(mail) == "ukeYaLs52A"


def test_round_twenty_five_two_codes_captchas_passphrases_and_escaped_tags() -> None:
    # a mail that says it gives two codes to copy names none of them as the code
    mail = (
        "You will need to copy the following two codes into the box which opens:\n\n"
        "Event group ID: h8Rk2sPq_ZtW4nYc1xLmB\n\n"
        "Event group secret editing code: tq7wm2xc9lr4bv6nz1hd8kp3gs5jf0ya\n"
    )
    assert extract_code(mail) is None
    assert extract_code("Du må kopiere desse to kodene inn i boksen:\n\nKode: 482913\n") is None
    assert extract_code("Event group secret editing code: tq7wm2xc9lr4bv6nz1hd8kp3gs5jf0ya\n") == (
        "tq7wm2xc9lr4bv6nz1hd8kp3gs5jf0ya"
    )
    # what a sender calls its captcha is the code
    assert extract_code("Your Captcha is: A4JV，valid for 10 minutes~") == "A4JV"
    # hyphenated words a password word gives, also a compound's ("slettepassordet:")
    mail = "Head to the event page and use this deletion password: orchard-lantern-pebble\n\nLove,"
    assert extract_code(mail) == "orchard-lantern-pebble"
    mail = "Du kan òg bruke dette slettepassordet: orchard-lantern-pebble\n\nHelsing,"
    assert extract_code(mail) == "orchard-lantern-pebble"
    assert extract_code("Read more: self-service-portal\n") is None
    # not a password word glued to the previous value ("web7Passwort")
    mail = "Benutzername: web7Passwort: wSKxGbHKwRLQVielen Dank,Ihr Administrator"
    assert extract_code(mail) is None
    # "Secret:" gives a login's secret
    assert extract_code("Username: 692f1c83a4e7b\nSecret: 91fa3b\nReturn to YAWIK") == "91fa3b"
    assert extract_code("Our secret sauce is 91fa3b-free.") is None
    # tags a text part shows escaped twice are read as the HTML they mean
    mail = (
        "This is requested account info.&amp;lt;br /&amp;gt;\n&amp;lt;ul&amp;gt;"
        "&amp;lt;li&amp;gt;User ID : jmiller&amp;lt;/li&amp;gt;&amp;lt;li&amp;gt;Password : "
        '&amp;lt;span style="color:red"&amp;gt;Fh4#tYqe&amp;lt;/span&amp;gt;&amp;lt;/li&amp;gt;'
    )
    assert extract_code(mail) == "Fh4#tYqe"
    # a blank line in the text a layout wraps ends the password's paragraph
    mail = (
        "<html><body><table><tr><td>\nYou can also use this deletion password: "
        "orchard-lantern-pebble\n\nLove,\nGathio\n</td></tr></table></body></html>"
    )
    assert extract_code(mail) == "orchard-lantern-pebble"


def test_round_twenty_five_tuning_cjk_glue_cells_vowelless_and_sentences() -> None:
    # a random value written up to CJK text in a password sentence
    assert extract_code("パスワードをg9rWIUThaM9C1k1XCm4へ設定しました") == "g9rWIUThaM9C1k1XCm4"
    # a password alone in its cell under a sentence naming it, a wide gap after it
    mail = "Jelszót hoztunk létre Önnek:\n    Ks6w~q3h    If you haven't received a password"
    assert extract_code(mail) == "Ks6w~q3h"
    # five small letters without a vowel after "OTP:" on a line that asks for it
    assert extract_code("You can also use this OTP: vhqpt\n\nThanks,") == "vhqpt"
    assert extract_code("You can also use this OTP: below\n\nThanks,") is None
    # a password with a dot before capitals is not a sentence run on
    assert extract_code("Link stretnutia: https://x.example/c\nHeslo: A2.PxDVAIU\n\nĎakujem") == (
        "A2.PxDVAIU"
    )
    # a password with symbols in the sentence of a password word, in any word order
    assert extract_code("Zure aldi baterako pasahitza mq95Z7$hx2ce da. Mesedez") == "mq95Z7$hx2ce"
    # a brand with a mark is no password
    assert extract_code("Reimposta la password di Easy!Appointments. Clicca qui.") is None


def test_round_twenty_six_percent_signs_run_on_symbols_and_keys() -> None:
    # a per-cent sign inside a short password is no percentage
    assert extract_code("Anwender Name: Maria14<br><br>Kennwort: 5%tq2@<br><br>") == "5%tq2@"
    assert extract_code("Mot de passe: 4$hz7#9%b\n") == "4$hz7#9%b"
    assert extract_code("Kennwort: siehe oben, Rabatt 5% auf alles") is None
    # a password with a symbol run into the next sentence's first word
    mail = "Hello,Your new password is: h7Rq~2XePlease change it once you are logged in."
    assert extract_code(mail) == "h7Rq~2Xe"
    # a key alone under a line that asks to paste "this key"
    mail = "copy/paste this key into the form:\n\n3f9c0a7be41d5286\n\nIf you believe"
    assert extract_code(mail) == "3f9c0a7be41d5286"
    assert (
        extract_code("Keep this key safe: the spare is under the mat.\n\n3f9c0a7be41d5286") is None
    )


def test_round_twenty_seven_use_this_code_phones_long_tokens_and_inline_codes() -> None:
    hexed = "32a695393b9cfd103ee4c154739317e4571de8ac"
    footer = "\nOpenSupports\nOpen source ticket system\n"
    # a token alone under "use this code in <link>", in a helpdesk's mail ("ticket system")
    mail = f"Use this code in https://x.example/r?token={hexed} or click below.\n{hexed}{footer}"
    assert extract_code(mail) == hexed
    for asking in (
        "Verwenden Sie diesen Code in https://x.example/v oder klicken Sie unten.",
        "इस कोड का उपयोग करें https://x.example/v या नीचे क्लिक करें.",
        "でこのコードを使用 https://x.example/v 下のボタンをクリックしてください.",
    ):
        assert extract_code(f"{asking}\n{hexed}{footer}") == hexed, asking
    # "use" after its object is the password word's, not a label of its own
    mail = "Du kannst dieses Lösch-Passwort verwenden: orchard-lantern-pebble\n\nLiebe Grüße"
    assert extract_code(mail) == "orchard-lantern-pebble"
    # a code with letters that confirms a phone number: the phone word labels no letters
    for confirm in (
        "lucia: bestätige mit folgendem Code, dass es sich um deine Telefonnummer handelt:",
        "kwame: utilice o seguinte código para confirmar que o número de teléfono é seu:",
        "lucia_r: この電話番号は確認待ちです。",
    ):
        assert extract_code(f"{confirm}\n\nMCG8N78T") == "MCG8N78T", confirm
    assert extract_code("Ihre neue Telefonnummer:\n\n01701234567") is None
    # a recovery token longer than a code, right after its word and colon, hyphen kept
    token = "1796544917-d668794a90a3427c3a3fefb32696353418f7c1de"
    assert extract_code(f"Login Name: Noor\n\nPassword recovery token: {token}\n") == token
    assert extract_code(f"Строка сброса пароля: {token}\n") == token
    assert extract_code(f"Request id: {token}\n") is None
    # password words of Portuguese, Azerbaijani, Arabic; Russian "жетон" (token)
    assert extract_code("A sua palavra-chave é : tGyAwkZnHc\nPor favor") == "tGyAwkZnHc"
    assert extract_code("Sizin parolunuz: tGyAwkZnHc\nPlease log in") == "tGyAwkZnHc"
    assert extract_code("الرقم السري الخاص بكم: kQvTzhWpaN\n") == "kQvTzhWpaN"
    assert extract_code("**Жетон:** d80b3c5f1e9a2746c0d8f3b5e1a94c7b\n") == (
        "d80b3c5f1e9a2746c0d8f3b5e1a94c7b"
    )
    # a code set inline after the sentence that asks for it, last on its line
    mail = "Please enter the code below to choose a new password. 930264\nValid for 30 minutes."
    assert extract_code(mail) == "930264"
    assert extract_code("The code below was sent to your old address. 930264\n") is None


def test_round_twenty_eight_brands_clauses_door_codes_and_password_words() -> None:
    # a name the subject also writes, alone on the signature line, is no code
    mail = {
        "subject": "[OpenSWAD] Confirmation of your email",
        "body": "Dear Noor:\nIf you have just requested the confirmation of your email, click "
        "on the link: https://x.example/?key=abc\n\nPlease do not reply.\nOpenSWAD\n",
    }
    assert extract_code(mail) is None
    # a salutation's colon ends a clause: the next line names the password it gives
    mail = "Dear Noor:\nThe following password has been assigned to you: h3VsK8pQ\nIf you want"
    assert extract_code(mail) == "h3VsK8pQ"
    # a door code is the code of a booking mail
    mail = (
        "wir haben den Platz am 12.12.2026 reserviert (Buchungs-Nr: 4822). Tür code: 418275 . "
        "Die Buchung und der code sind erst nach vollständiger Bezahlung gültig.\n"
        "Rechnung:\n- Platz 3 →  18,00 €\nGesamt:  18,00 €"
    )
    assert extract_code(mail) == "418275"
    # a generated password may end in underscores; a placeholder starts with them
    assert extract_code("The new password is: !iF5sA__") == "!iF5sA__"
    assert extract_code("Your password: __password__") is None
    # password words: Croatian, Esperanto, Arabic with its "by", Norwegian definite form
    assert extract_code("Vaša nova šifra je: g#qYWDpc_4") == "g#qYWDpc_4"
    assert extract_code("  * pasvorto: Hx7q%Kd2Wp9r\n") == "Hx7q%Kd2Wp9r"
    assert extract_code('هذا الملف محمي بكلمة المرور التالية: "Brume-Lac-2026"\n') == (
        "Brume-Lac-2026"
    )
    assert extract_code("Filen er beskyttet av passordet «Brume-Lac-2026»\n") == "Brume-Lac-2026"


def test_round_twenty_nine_invitation_codes_uuids_and_short_small_codes() -> None:
    # an invitation code is never the code, in more languages
    for line in (
        "Kutsukoodisi on: o7Pa0Sd3Fg6Hj9Kl2Zx5cQ",
        "Il tuo codice di invito è: w0Qe3Rt6Yu9Io2Pa5Sd8fA",
        "Twój kod zaproszenia to: Mn4Bv7Cx0Zl3Kj6Hg9Fd2g",
        "Ve davet kodunuz: r5Ty8Ui1Op4As7Df0Gh3jQ",
        "Je uitnodigingscode is: Kl2Zx5Cv8Bn1Mq4We7Rt0w",
        "Код вашего приглашения: a1Sd9Kf4Lg7Hj2Qw6Ez0rA",
        "קוד ההזמנה הוא: t9Yu2Io5Pa8Sd1Fg4Hj7kA",
    ):
        assert extract_code(f"https://kanban.example.org/sign-up\n\n{line}\n\nThanks") is None, line
    # a UUID given as the code or password is kept whole; elsewhere it is an identifier
    uuid = "50e016ea-f4f2-47ab-99c7-f0cc45380d34"
    assert extract_code(f"Please use this code {uuid} to reset your password") == uuid
    assert extract_code({"subject": "Reset password", "body": f"{uuid}\n"}) == uuid
    mail = f'You can use the email "noor@example.com" and the password "{uuid}" to sign in.'
    assert extract_code(mail) == uuid
    assert extract_code(f"Your request {uuid} was received. We will reply soon.") is None
    # five small letters and a digit right after the code word and its colon
    assert extract_code("Your verification code is: qe6fu\n") == "qe6fu"
    assert extract_code("Download the file: ab3cd.zip\n") is None


def test_round_thirty_marks_wrapped_clauses_voucher_passwords_and_pasted_keys() -> None:
    # a password alone under its sentence keeps its closing "!" and the symbols it holds
    told = "Hey Michael,\nYou changed your password in CORE. Your new password is:\n{}\n\nBye"
    assert extract_code(told.format("Gr4cePeace2026!")) == "Gr4cePeace2026!"
    assert extract_code(told.format("Hs8!nQ3v.Zk6yPe4")) == "Hs8!nQ3v.Zk6yPe4"
    # the sentence giving it wrapped onto the colon's line
    wrapped = (
        "Sehr geehrte(r) Lena Hoffmann,\n"
        "Das Passwort für Ihren Benutzer mit der Kennung LHOFFMANN\n"
        "auf https://verwaltung.example.org ist:\nHs8!nQ3v.Zk6yPe4\n"
        "Sie müssen das Passwort bei der nächsten Anmeldung ändern."
    )
    assert extract_code(wrapped) == "Hs8!nQ3v.Zk6yPe4"
    # not when the line above names no password: a user name is no password
    assert extract_code(wrapped.replace("Das Passwort", "Der Name")) is None
    # a hotspot voucher's login password beside its word; a voucher's code is still an offer
    voucher = "Voucher Detail\nUsername quietlantern\nPassword Tz9fPc\nPlease contact help desk"
    assert extract_code({"subject": "Your voucher detail", "body": voucher}) == "Tz9fPc"
    offer = "Your voucher: 20% off everything.\nVoucher code: SPRING24X\nShop now"
    assert extract_code({"subject": "Your voucher", "body": offer}) is None
    # a key the sentence asks to paste into the field its name names
    key = "Vq3LmZ8rTa0cWdN5yKpE2hXs7uBj4GfR"
    paste = (
        "If the 'Activation Key' field is empty, copy and paste the following into the field"
        f" - {key}"
    )
    assert extract_code(paste) == key
    assert extract_code(paste.replace("'Activation Key' field", "form")) is None
    assert extract_code(f"Paste it into the box - {key}") is None


def test_round_thirty_one_kazakh_portuguese_hebrew_and_glued_japanese_passwords() -> None:
    # Kazakh "one-time password" names the code below it
    kk = (
        "Екі факторлы аутентификация қосылған, және сіз электрондық пошта\n"
        "арқылы бір реттік құпия сөз жіберуді сұрадыңыз. Оны төменде таба\n"
        "аласыз:\n\n143240\n"
    )
    assert extract_code(kk) == "143240"
    # European Portuguese "senha de utilização única"; "o envio" (the sending) is no parcel
    pt = (
        "Tem a autenticação de dois fatores ativada e solicitou apenas o envio de uma senha de "
        "utilização única por email. Encontre-o abaixo:\n\n905991\n\nObrigado."
    )
    assert extract_code(pt) == "905991"
    # Hebrew "your password" (סיסמתך) gives a plain value after its colon
    he = "כתובת הדוא''ל: noor@example.com\nסיסמתך: qzuvfqos\n\nתודה"
    assert extract_code(he) == "qzuvfqos"
    assert extract_code(he.replace("סיסמתך", "שם המשתמש")) is None
    # a value glued between a Japanese password word and its object particle
    ja = "パスワードchosimpoalを入力しなければ、5の宇宙には戻れない。"
    assert extract_code(ja) == "chosimpoal"
    assert extract_code("ご注文番号chosimpoalを確認してください。") is None


def test_round_thirty_two_prefixed_tans_doubled_colons_and_wrapped_code_lines() -> None:
    # a long TAN with its sender's prefix under "code is:"; the process it answers is no code
    en = "Your Anastasis recovery code is:\nA-2718281828459045\n\nThis is for challenge 7Q3KMB."
    assert extract_code(en) == "2718281828459045"
    de = (
        "Ihr Anastasis Autorisierungscode ist:\nA-2718281828459045\n\n"
        "Dies ist der Code für den Vorgang 7Q3KMB."
    )
    assert extract_code(de) == "2718281828459045"
    assert extract_code("Your account A-2718281828459045 was charged EUR 12.00.") is None
    # a label's colon doubled by the template
    rows = "Your Login Name:  : noor.tester\nyour displayed name:  : Noor Tester\n"
    assert extract_code(rows + "your password:  : Hazel.Lane-47\n") == "Hazel.Lane-47"
    # Estonian "salasõna"
    assert extract_code("Kasutajanimi: kaarelt\nSalasõna: p4xw9ac2\n") == "p4xw9ac2"
    # a line asking for the code wrapped over two lines, the value alone under it
    wrapped = (
        "If you requested this recovery, here is the code to paste into the recovery\n"
        "interface in which you made the request :\nf7c8c8140463532ae469\n"
    )
    assert extract_code(wrapped) == "f7c8c8140463532ae469"
    assert extract_code(wrapped.replace("the code", "the reference")) is None
    ended = wrapped.replace("the recovery\n", "the recovery.\n")
    assert extract_code(ended) is None


@pytest.mark.parametrize(
    ("label", "password"),
    [
        ("Jūsų slaptažodį:", "Xk8pQ2mz"),  # Lithuanian, in its accusative
        ("Parolingiz:", "Xk8pQ2mz"),  # Uzbek, with its possessive
        ("თქვენი პაროლი:", "Xk8pQ2mz"),  # Georgian
        ("Jou wagwoord:", "Xk8pQ2mz"),  # Afrikaans
        ("আপোনাৰ পাছৱৰ্ড:", "Xk8pQ2mz"),  # Assamese: vowel signs and a virama in the word
        ("మీ పాస్\u200cవర్డ్:", "Xk8pQ2mz"),  # Telugu, with its zero-width non-joiner
        ("Salasanasi on", "Xk8pQ2mz"),  # Finnish "is" is "on"
    ],
)
def test_password_words_of_languages_no_sender_has_written_yet(label: str, password: str) -> None:
    # learnt before any mail in these languages was scored: each UI's usual word, its case
    # endings and possessives, and the combining marks that \w does not match
    assert extract_code(f"Hello,\n\n{label} {password}\n\nRegards") == password
    # the word alone, with nothing given after it, gives nothing
    assert extract_code(f"Hello,\n\n{label} changed on 12.05.2026.\n") is None


def test_codes_told_by_the_line_under_them_and_words_glued_to_them() -> None:
    # a value alone on its line, named as the code by the line under it
    for below in (
        "Enter this code to finish signing in.",
        "Use the code above to sign in. It expires in 10 minutes.",
        "Geben Sie diesen Code in der App ein.",
        "上記の認証コードを入力してください。",
    ):
        assert extract_code({"subject": "Sign in", "body": f"Hi,\n\n482913\n\n{below}"}) == (
            "482913"
        ), below
    # not what the line under it names as something else
    invite = "Hi,\n\nubtwGXEv\n\nUse the invite code above, or click the button below."
    assert extract_code({"subject": "Invitation", "body": invite}) is None
    conduct = "Hi,\n\n482913\n\nThe code of conduct applies to every member."
    assert extract_code({"subject": "Welcome", "body": conduct}) is None
    # Finnish and Estonian "on" ("is") after a code word is not "on" a date
    assert extract_code("Vahvistuskoodisi on 482913") == "482913"
    assert extract_code("Kinnituskood on 482913") == "482913"
    # a Turkish case ending after its apostrophe
    assert extract_code("Doğrulama kodunuz 482913'tür.") == "482913"
    assert extract_code("Doğrulama kodunuz 482913'dir.") == "482913"


def test_an_article_after_is_and_a_check_in_code() -> None:
    # "est le", "es el", "è il": the article after "is", not a date's preposition
    assert extract_code("Votre code de vérification est le 482913") == "482913"
    assert extract_code("Tu código de verificación es el 482913") == "482913"
    assert extract_code("Votre rendez-vous est le 12 mai à 14h30.") is None
    assert extract_code("Votre numéro de commande est le 482913.") is None
    # a check-in code is given to be typed at the door, in a booking mail too
    booking = "Your booking reference is ABC123. Check-in code: 4829"
    assert extract_code({"subject": "Booking", "body": booking}) == "4829"


def test_a_thai_possessive_between_the_password_word_and_its_doubled_colon() -> None:
    # "รหัสผ่านของคุณ" ("your password"): the possessive's vowel sign is no \w
    rows = "ชื่อล็อคอินของคุณ:  : noor.saetang\nรหัสผ่านของคุณ:  : Dok.Mai-2567\n"
    assert extract_code(rows) == "Dok.Mai-2567"
    assert extract_code("ชื่อล็อคอินของคุณ:  : noor.saetang\n") is None


def test_round_thirty_three_keys_underscored_passwords_access_codes_and_lists() -> None:
    # an authorization key with symbols alone under its label
    assert extract_code("Authorization key：\nR4w~tN9pe*\n") == "R4w~tN9pe*"
    assert extract_code("認証キー：\nx7Kq#2mVa=\n") == "x7Kq#2mVa="
    # generated passwords with underscores at either end, after their password word
    for pw in ("__48c3au", "XU4I62__", "H__IU_T_"):
        assert extract_code(f"Username: grossi<br>New Password: {pw}<br><br>Bye") == pw
    # a long key after a code word and words that end in a colon
    doc = "Número de referência: 184522-7319\nCódigo de acesso ao documento: HX4T9PMQ2KRW\n"
    assert extract_code(doc) == "HX4T9PMQ2KRW"
    # a value followed by "and" and another is one of a list, not the code
    changed = (
        "Sua senha foi alterada para: Ipe.Roxo-4471.\n\n"
        "As seguintes pessoas participaram da alteração da senha: T210552 e T211948.\n"
    )
    assert extract_code(changed) == "Ipe.Roxo-4471"
