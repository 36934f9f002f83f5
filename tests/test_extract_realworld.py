"""Codes a person sees in real transactional mail (issue 30): each kind the extractor missed,
read as a caller reads it (a MIME mail through ``parse_rfc822``, or the envelope's dict), and
the hard negatives beside them; then the real-world corpus (``tests/extraction/realworld/``)
held to its floors."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from catcher import aiosmtpd_process
from otpmail._decoding import extract_code, parse_rfc822

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
REALWORLD = ROOT / "tests" / "extraction" / "realworld"


def received(subject: str, *, text: str | None = None, html: str | None = None) -> dict[str, Any]:
    """A mail as a caller's envelope holds it: built as MIME, decoded by ``parse_rfc822``."""
    msg = EmailMessage()
    msg["From"] = "Contoso <no-reply@contoso.example>"
    msg["To"] = "noor.tester@example.com"
    msg["Subject"] = subject
    if text is not None:
        msg.set_content(text, charset="utf-8")
        if html is not None:
            msg.add_alternative(html, subtype="html", charset="utf-8")
    else:
        msg.set_content(html or "", subtype="html", charset="utf-8")
    return parse_rfc822(
        msg.as_bytes(),
        id="1",
        account="noor.tester@example.com",
        received_at=datetime(2026, 12, 3, 9, 0, tzinfo=UTC),
    ).to_dict()


# =======================================================================================
# The kinds the issue names


def test_a_banks_mobile_tan_alone_below_an_amount_an_iban_a_date_and_a_phone_number() -> None:
    mail = received(
        "Ihre Überweisung",
        text=(
            "Sehr geehrte Kundin,\n\n"
            "für Ihre Überweisung über 1.249,90 EUR an\n"
            "IBAN DE89 3704 0044 0532 0130 00\n"
            "vom 03.12.2026 lautet Ihre mobileTAN:\n\n"
            "731028\n\n"
            "Bei Fragen erreichen Sie uns unter 0800 123 4567.\n"
            "Ihre Sparkasse"
        ),
    )
    assert extract_code(mail) == "731028"


def test_a_card_payments_mobile_tan_after_a_sentence_of_numbers_ending_in_lautet() -> None:
    mail = received(
        "Ihre mobileTAN",
        text=(
            "Die mobileTAN für Ihren Einkauf mit Kreditkarte ****4711 am 03.12.2026 bei "
            "Contoso über 49,99 EUR lautet:\n731028\nIhre Bank"
        ),
    )
    assert extract_code(mail) == "731028"


@pytest.mark.parametrize(
    "joiner", ["&#8203;", "&zwnj;", "&zwj;", "&#x2060;", "&#xFEFF;", "&shy;", "<wbr>"]
)
def test_a_code_whose_digits_are_joined_by_invisible_characters(joiner: str) -> None:
    html = f"<p>Your sign-in code:</p><p><b>{joiner.join('731028')}</b></p>"
    assert extract_code(received("Sign in to Contoso", html=html)) == "731028"


@pytest.mark.parametrize(
    "between",
    ["", '<td width="8"></td>', "<td>&nbsp;</td>", '<td style="width:6px">&#160;</td>'],
)
def test_a_code_laid_out_one_digit_per_table_cell(between: str) -> None:
    cells = between.join(
        f'<td style="border:1px solid #ccc;padding:8px;font-size:24px">{d}</td>' for d in "731028"
    )
    html = (
        "<p>Enter this code to verify your email address:</p>"
        f"<table><tr>{cells}</tr></table><p>It expires in 10 minutes.</p>"
    )
    assert extract_code(received("Verify your email", html=html)) == "731028"


@pytest.mark.parametrize(
    "box",
    [
        '<span style="padding:6px;border:1px solid #999">{}</span>',
        '<span class="digit">{}</span>\n',
        '<div style="display:inline-block;width:40px">{}</div>',
        '<code style="border:1px solid #d4d4d4;margin-right:8px">{}</code>',
    ],
)
def test_a_code_laid_out_one_digit_per_span_or_box(box: str) -> None:
    digits = "".join(box.format(d) for d in "731028")
    html = f"<p>Your verification code:</p><div>{digits}</div>"
    assert extract_code(received("Your verification code", html=html)) == "731028"


def test_a_five_digit_confirmation_code_beside_an_order_number_a_price_and_a_zip_code() -> None:
    mail = received(
        "Your order is ready for pickup",
        text=(
            "Thanks for your order #100234 of $149.99, shipping to 94105. Your confirmation "
            "code is 48291; show it at pickup on 12/05/2026."
        ),
    )
    assert extract_code(mail) == "48291"


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        (
            "Your flight to Lisbon",
            "Thank you for booking with Contoso Air. Total paid: $412.60 on 12/01/2026.\n"
            "Your confirmation number is 48213907.\n"
            "Departure 14 Dec 2026 08:45, return 21 Dec 2026 17:10. Seat 14C.",
        ),
        (
            "Reservation confirmed",
            "Check-in: Friday, 13 June 2026\nConfirmation number: 48213907\n"
            "Total: EUR 389.00 (2 nights)\nHotel phone: +351 21 123 4567",
        ),
        (
            "Ihre Buchung",
            "Vielen Dank für Ihre Buchung vom 03.12.2026.\nBestätigungsnummer: 48213907\n"
            "Gesamtpreis: 412,60 EUR",
        ),
        (
            "Su reserva",
            "Gracias por su reserva del 03/12/2026. Número de confirmación: 48213907. "
            "Importe total: 412,60 €",
        ),
    ],
)
def test_an_eight_digit_confirmation_number_among_prices_and_dates(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) == "48213907"


def test_codes_in_languages_whose_code_word_was_unknown() -> None:
    # Appwrite's sign-in mail, as its Turkish, Greek, Hindi and Thai catalogues word it
    samples = {
        "tr": "aşağıdaki doğrulama kodunu girin. Bu kod 15 dakika içinde geçerliliğini yitirecektir.",
        "el": "Εισάγετε τον ακόλουθο κωδικό επαλήθευσης. Θα λήξει σε 15 λεπτά.",
        "hi": "निम्नलिखित सत्यापन कोड दर्ज करें। यह 15 मिनट में समाप्त हो जाएगा।",
        "th": "ป้อนรหัสยืนยันต่อไปนี้ รหัสนี้จะหมดอายุใน 15 นาที.",
    }
    for lang, sentence in samples.items():
        mail = received("Contoso", html=f"<p>{sentence}</p><p><b>731028</b></p>")
        assert extract_code(mail) == "731028", lang


def test_a_lower_case_code_in_two_dashed_groups_ending_in_a_letter() -> None:
    # "5398x" is not "5398 times"; groups of five are kept with their hyphen
    mail = received(
        "Your login code for Linear",
        text="If the link does not work, you can use the login verification code directly:\n\n"
        "tt226-5398x\n",
    )
    assert extract_code(mail) == "tt226-5398x"


# =======================================================================================
# Kinds round three's tuning part showed (national-ID, bank and public-service mail)


def test_a_masked_identity_number_is_never_the_code() -> None:
    otp = received(
        "UIN XXXXXXXX01: OTP Request",
        text="Dear Noor Tester OTP for UIN XXXXXXXX01 is 503867 and is valid for 3 minutes. "
        "(Generated on 24-11-2026 at 08:17:32 Hrs)",
    )
    notice = received(
        "UIN XXXXXXXX38 Authentication Passed",
        text="Dear Noor Tester Your Authentication of UIN XXXXXXXX38 using OTP on 24-11-2026 "
        "at 08:17:41 Hrs Passed at a device deployed by MOSIP Services",
    )
    assert extract_code(otp) == "503867"
    assert extract_code(notice) is None


def test_the_subject_names_the_code_the_body_gives_without_a_label() -> None:
    # the sender's own template says "TP for …": the subject is what names it
    mail = received(
        "Pre-Registration 74050030840455: OTP Request",
        text="Dear Noor Tester, TP for Pre-Registration 74050030840455 is 620935 and is valid "
        "for 3 minutes. (Generated on 24-11-2026 at 08:17:59 Hrs)",
    )
    assert extract_code(mail) == "620935"


def test_a_subject_that_names_a_token_does_not_make_a_zip_code_the_code() -> None:
    mail = received(
        "A fine-grained personal access token has been added to your account",
        text="A fine-grained personal access token (resend) was recently added to your "
        "account.\n\nView your token\n\nGitHub, Inc. ・88 Colin P Kelly Jr Street ・"
        "San Francisco, CA 94107",
    )
    assert extract_code(mail) is None


def test_a_subject_code_word_does_not_reach_into_an_order_mail() -> None:
    mail = received(
        "Your code",
        text="Thanks for shopping with us. Your parcel ships to 94105 this week.",
    )
    assert extract_code(mail) is None


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        # Arabic: "… هو 863355" (is)
        ("طلب OTP", "عزيزي نور، رمز OTP الخاص بـ UIN XXXXXXXX29 هو 863355 وصالح لمدة 3 دقائق."),
        # Hindi: OTP written in Devanagari
        ("वन टाइम पासवर्ड", "प्रिय नूर, noor.tester उपयोगकर्ता नाम के लिए ओटीपी 863355 है।"),
        # a bank's consent challenge (strong customer authentication)
        ("Consent Challenge", "Your consent challenge : 863355, Application: Budget Planner"),
    ],
)
def test_codes_named_in_more_ways(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) == "863355"


# =======================================================================================
# Kinds round three's hold-out missed (scored once, then seen)


def test_a_code_between_arrow_marks_on_its_own_line() -> None:
    mail = received(
        "Login attempt for Noor Tester @ Contoso Cloud",
        text="Your two-factor authentication code for Contoso Cloud is:\n\n>>> 708909 <<<\n\n"
        "The code is valid for 10 minutes.",
    )
    assert extract_code(mail) == "708909"


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        # Indonesian: "kodenya" (the code)
        (
            "kode otentikasi",
            "Kami mengirimkan kode untuk memvalidasi koneksinya.\nIni kodenya: 386274",
        ),
        # Occitan: "còdi"
        ("Còdi d'autentificacion", "Vaquí lo còdi per dintrar : 386274"),
        # Macedonian: "one-time password"
        ("Потврди", "Копирај ја еднократната лозинка 386274 и стави ја на екранот."),
    ],
)
def test_code_words_of_more_languages(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) == "386274"


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        (
            "Your package is ready for pickup from Amazon Hub Locker",
            "Your package with 1 item is ready to be picked up.\nUse this code to pick up your "
            "package\n\nYour pickup code is <b>386274</b>\n\nPICKUP LOCATION:\n1234 Fizbee Rd\n"
            "City, IL 60181-3531\nOrder 111-4396615-4512227",
        ),
        (
            "Poczta Polska S.A. eINFO",
            "Dziś doręczymy Twoją przesyłkę 00111222333444555666.\nKurier tel. 555666777.\n\n"
            "Odbierz za pomoca kodu odbioru: 386274",
        ),
    ],
)
def test_a_pickup_code_in_a_parcel_mail(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) == "386274"


def test_a_parcel_mails_tracking_number_is_still_not_a_code() -> None:
    mail = received(
        "Your parcel is on its way",
        text="Tracking number: 386274\nOut for delivery today. Courier tel. 555666777.",
    )
    assert extract_code(mail) is None


def test_a_lower_case_code_with_one_digit_alone_on_its_line() -> None:
    mail = received(
        "Password reset request",
        text="If you requested a password reset, use the confirmation code below to complete "
        "the process.\n\n> 7fdwfdvq\n\nGetting a lot of password reset emails?",
    )
    assert extract_code(mail) == "7fdwfdvq"
    # inside a sentence such a word is not a code
    assert extract_code(received("Your code", text="Your code is in report7x.")) is None


def test_a_body_that_is_nothing_but_the_number() -> None:
    assert extract_code(received("Challenge request", text="8457506\n")) == "8457506"


# =======================================================================================
# Kinds round four's hold-out missed or picked wrong (scored once, then seen)


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        # Vietnamese: "Mã xác minh" (verification code), code alone below
        ("Mã xác minh đăng nhập", "Mã xác minh của bạn là:\n\n470766\n\nMã sẽ hết hạn sau 1 giờ."),
        # Pashto: "کوډ" (code)
        ("تاييد کوډ", "ستاسو تاييد کوډ دا دی:\n\n470766\n\nدا کوډ ستاسو گڼون ته اړين دی."),
        # Estonian: "tuvastuskood" (verification code)
        ("Kinnitamine", "Selle e-postiaadressi kinnitamiseks vajalik tuvastuskood on: 470766"),
        # Hungarian: "ellenőrzőkódja" (your check code), a compound with ő
        ("Ellenőrzés", "Az ellenőrzőkódja az e-mail-címe megerősítéséhez: 470766"),
        # Uzbek: "kodingiz" (your code)
        (
            "Tasdiqlash",
            "Ushbu elektron pochta manzilini tasdiqlash uchun tasdiqlash kodingiz: 470766",
        ),
    ],
)
def test_code_words_round_four_showed(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) == "470766"


def test_a_banks_tracking_key_is_not_a_code() -> None:
    mail = received(
        "Banorte: Compra de Tiempo Aire",
        text="La siguiente operación ha sido registrada en Banorte Móvil.\n"
        "Numero de Cuenta: *******1111\nTeléfono Destino:  - 0000000000\n"
        "Importe:  $200.00 MN\nClave de Rastreo:  48291367\nGracias por utilizar Banorte Móvil",
    )
    assert extract_code(mail) is None


# =======================================================================================
# "Code" in languages no corpus has yet (written for this test from dictionaries)


@pytest.mark.parametrize(
    "text",
    [
        "Ձեր հաստատման կոդը՝ 482913",  # Armenian
        "თქვენი დადასტურების კოდი: 482913",  # Georgian
        "የማረጋገጫ ኮድዎ፡ 482913",  # Amharic
        "ລະຫັດຢືນຢັນຂອງທ່ານແມ່ນ 482913",  # Lao
        "သင်၏ အတည်ပြုကုဒ်မှာ 482913 ဖြစ်သည်",  # Burmese
        "Zure egiaztapen-kodea: 482913",  # Basque
        "Jūsu verifikācijas kods: 482913",  # Latvian
        "Via konfirma kodo estas 482913",  # Esperanto
        "Codul dvs. de verificare este 482913",  # Romanian
        "Msimbo wako wa uthibitishaji ni 482913",  # Swahili
        "Ikhodi yakho yokuqinisekisa ithi 482913",  # Zulu
        "Koodhkaaga xaqiijinta waa 482913",  # Somali
        "Koodu ìjẹrìsí rẹ ni 482913",  # Yoruba
        "Il-kodiċi ta' verifika tiegħek huwa 482913",  # Maltese
        "Kòd verifikasyon ou se 482913",  # Haitian Creole
        "Ny kaody fanamarinana anao dia 482913",  # Malagasy
        "Рамзи тасдиқ: 482913",  # Tajik
        "کۆدی پشتڕاستکردنەوە: 482913",  # Sorani Kurdish
        "דײַן באַשטעטיקונג קאָד: 482913",  # Yiddish
    ],
)
def test_code_words_of_languages_no_corpus_has(text: str) -> None:
    assert extract_code(received("Contoso", text=text)) == "482913"


def test_a_short_line_ending_in_a_colon_introduces_a_lone_code_in_any_language() -> None:
    # no code word of Finnish is known; what a person sees is the line and the number
    mail = received("Contoso", text="Hei Noor,\n\nTunnuslukusi on:\n\n482913\n\nContoso")
    assert extract_code(mail) == "482913"
    # a greeting is not an introduction
    assert extract_code(received("Contoso", text="Hei Noor:\n\n482913\n")) is None


# =======================================================================================
# Kinds round five's hold-out missed (scored once, then seen): mixed-case codes


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Cód fíoraithe: GxT6NsPTgs\n\nLeanúint ar aghaidh leis an gclárú.", "GxT6NsPTgs"),
        ("Überprüfungscode: FaaN6QPtYB", "FaaN6QPtYB"),
        ("驗證碼：TpxCKsFE6R", "TpxCKsFE6R"),
        ("کد تأیید: LbiT6kQogx", "LbiT6kQogx"),
        # alone on its line; the date below it carries a year, which is never a code
        (
            "Nếu thật là bạn, hãy nhập mã an toàn bên dưới vào trang đăng nhập:\n\n=> ybYbWP\n\n"
            "IP: 198.51.100.214\nThg 11 20, 2026, 09:41",
            "ybYbWP",
        ),
    ],
)
def test_a_mixed_case_code_where_a_code_stands(text: str, code: str) -> None:
    assert extract_code(received("Contoso", text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        "We sent a code to your iPadOS device. Open the YouTube app.",
        "Your code expires soon. Download the JavaScript SDK for DuckDuckGo.",
        "Use the code CoolDeal for 20% off",
    ],
)
def test_brand_names_in_mixed_case_are_not_codes(text: str) -> None:
    assert extract_code(received("Contoso", text=text)) is None


# =======================================================================================
# Kinds round six's hold-out missed (scored once, then seen): long and all-capitals codes


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "Copy and paste the email verification code in the sign up form.\n"
            "9PazD2JMU5Fm7XwPgWRM\nComplete Sign Up",
            "9PazD2JMU5Fm7XwPgWRM",
        ),
        (
            "To finish the registration, enter the verification code that appears below.\n\n"
            "OSF Verification Code: F7VeAlj204alpopPgN6gtDThsRNUZB\n\nSincerely,",
            "F7VeAlj204alpopPgN6gtDThsRNUZB",
        ),
        (
            "Copy and paste the confirmation code into the login form. This confirmation code "
            "will expire in 20 minutes.\nRXJNTSGG\nAlternatively, use the button below.",
            "RXJNTSGG",
        ),
    ],
)
def test_a_long_or_all_capitals_code_where_a_code_stands(text: str, code: str) -> None:
    assert extract_code(received("Verify your email", text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        # a heading in capitals is a word, even alone on its line under a code sentence
        "Your verification code is below.\n\nIMPORTANT\n\nNever share it.",
        # a long token inside a sentence is an identifier, not a code to type
        "Build 9PazD2JMU5Fm7XwPgWRM of your verification service was deployed.",
        "Request ID: F7VeAlj204alpopPgN6gtDThsRNUZB",
    ],
)
def test_words_in_capitals_and_long_identifiers_are_not_codes(text: str) -> None:
    assert extract_code(received("Contoso", text=text)) is None


def test_a_digit_code_still_wins_over_capitals_below_it() -> None:
    text = "Your verification code is 4829.\n\nTHANKS\n"
    assert extract_code(received("Your code", text=text)) == "4829"


# =======================================================================================
# Kinds round seven's hold-out missed (scored once, then seen)


def test_a_title_that_ends_in_a_year_does_not_hide_the_code_below_it() -> None:
    text = (
        'Votre code de vérification pour accéder à "Contrat de location\n2026" :\n\n'
        "361511\n\nSi vous n’avez pas demandé cela, répondez à cet e-mail."
    )
    assert extract_code(received("Vérification par e-mail", text=text)) == "361511"


def test_a_code_in_quotes() -> None:
    assert extract_code(received("کد امنیتی", text="کد امنیتی شما '719851' است")) == "719851"


# =======================================================================================
# End to end: real-world mails through a real SMTP catcher, read by the pytest plugin

# One mail of each kind this rounds added a rule for, as its sender sent it; each
# gave no code (or, the masked one, a wrong one) before those rules.
_END_TO_END = {
    "obp-auth-context-challenge-en": "a bank's challenge mailed bare",
    "mailpackages-pocztapolska-delivering-pl": "a pickup code in a parcel mail",
    "mosip-ida-otp-en": "a code beside a masked identity number",
    "ncregistration-verify-ga": "a mixed-case code in Irish",
    "grafana-signup-started-en": "a 20-character sign-up code",
    "docuseal-submitter-otp-fr": "a code under a title that ends in a year",
    "hestiacp-accountready-en": "a generated password with a symbol (pq5Ep75L55!15)",
    "phpipam-new-account-en": "a password ending in a symbol, once cut short (a wrong pick)",
    "elyby-register-en": "a key of capitals and digits under a line that asks for it",
    "varaamo-confirmed-door-code-en": "a door code in a booking mail with a price",
    "barong-new-beneficiary-en": "a pin-code the mail says is the code",
    "piwigo-verification-code-en-GB": "a code its text part runs into the next sentence",
    "nukeviet-lostpass-code-en": "a key of capitals and digits run into 'This'",
    "packetfence-guest-local-account-creation-en": "a plain-word password under 'Password'",
    "myaac-lost-your-password-en": "a lower-case password after 'New password:'",
    "dotclear-new-password-pl": "a password in capitals with symbols after 'Hasło:'",
    "mailman2-subscribeack-en": "a password alone under 'It is:' after a sentence naming it",
    "ogp-starter-kit-email-otp-1-en": "a code behind a session's prefix of capitals",
    "notifybc-confirmation-1-en": "a body that only says 'Enter 40718 on screen'",
    "ilmomasiina-new-user-en": "a generated password with å and ö",
    "anope-registration-en": "a code inside the IRC command the mail gives",
    "ogp-lostpwd-password-da": "a password its text part runs into 'Når'",
    "phpauth-activation-en-GB": "a key after 'activation key:'",
    "portier-login-code-en": "a pad in two spaced groups of six",
    "bambooinvoice-new-password-de": "a password after 'lautet' on the next wrapped line",
    "yclas-auth-register-en-GB": "an address, 'Password:' and the next sentence run together",
    "sunbird-rc-otp-verification-en": "a code above the organisation's name under 'Regards,'",
    "castopod-subscription-welcome-gd": "a token under Scottish Gaelic 'tòcan'",
    "gathio-rsvp-confirmed-en": "a hyphenated passphrase in a layout's paragraph",
    "xe-core-find-member-account-mail-en": "a password inside tags the text part escapes twice",
    "buildadmin-user_register-en": "a code the mail calls its captcha",
    "yawik-first-socialmedia-login-en": "a password after 'Secret:'",
    "kallithea-password-reset-en": "a 40-digit hex token under a line that asks for it",
    "librelogin-verify-email-en": "a value in a game command alone on its line",
    "primero-welcome-otp-fr": "a random password inside a French sentence about it",
    "opencyclos-activation-password-pt": "a password right after 'senha' in a sentence",
    "nukeviet-lostactive-password-vi": "a password its text part runs into 'Việc'",
    "evolution-cms-websignup-fr": "a password among newlines a template wrote as '\\n'",
    "fred-cznic-mojeid-identification-cs": "a value after a numbered 'PIN1:'",
    "mailman2-subscribeack-ko": "a password under a Korean 'as below' sentence",
    "webasyst-password-en-US": "a password after a link in brackets and its colon",
}


@pytest.fixture
def smtp_catcher(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """aiosmtpd's own ``Mailbox`` handler, a process of its own, delivering into a Maildir."""
    box = tmp_path / "box"
    with aiosmtpd_process(box) as port:
        yield port, box


@pytest.mark.loopback
def test_wait_for_code_reads_real_world_mails_sent_over_smtp(
    pytester: pytest.Pytester, smtp_catcher: tuple[int, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, box = smtp_catcher
    items = {
        item["id"]: item
        for item in json.loads((REALWORLD / "manifest.json").read_text(encoding="utf-8"))["items"]
    }
    mails = {
        name: ((REALWORLD / items[name]["file"]).read_bytes(), items[name]["code"])
        for name in _END_TO_END
    }
    pytester.makefile(
        ".yaml",
        integrations=f"email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: {box}\n",
    )
    pytester.makepyfile(
        f"""
        import os, smtplib
        from email import message_from_bytes, policy

        import pytest

        MAILS = {mails!r}

        def send(raw, to):
            msg = message_from_bytes(raw, policy=policy.SMTP)
            del msg["To"]
            msg["To"] = to
            with smtplib.SMTP("127.0.0.1", int(os.environ["CATCHER_PORT"]), timeout=10) as smtp:
                smtp.send_message(msg)

        @pytest.mark.parametrize("name", sorted(MAILS))
        def test_the_code_a_person_sees(otpmail, name):
            raw, code = MAILS[name]
            send(raw, otpmail.address)
            assert otpmail.wait_for_code(timeout=20) == code
        """
    )
    monkeypatch.setenv("CATCHER_PORT", str(port))

    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly")

    result.assert_outcomes(passed=len(_END_TO_END))


# =======================================================================================
# Hard negatives beside them: never a code


@pytest.mark.parametrize(
    "text",
    [
        # a transfer notice: amount, IBAN, date, phone number, no code
        "Ihre Überweisung über 1.249,90 EUR an IBAN DE89 3704 0044 0532 0130 00 vom "
        "03.12.2026 wurde ausgeführt. Fragen? 0800 123 4567.",
        # an order: order number, price, ZIP code, year
        "Thanks for your order #100234 of $149.99, shipping to 94105. See you in 2026!",
        # a promotion code is not a sign-in code, even with a five-digit number
        "Your order ships soon. Use code 48291 for 20% off your next order.",
        # a session alert with Appwrite's doubled year and an IP address
        "A new session has been created on your account, on November 20, 20262026 at "
        "09:41:07 UTC. IP Address: 203.0.113.42",
        # a reference number in a confirmation
        "Your reservation is confirmed. Reference 73102846. Check-in 12 Dec 2026.",
        # a booking reference, a reservation number and an order number are references
        "Thank you for booking. Booking reference: 73102846. Total paid: $412.60.",
        "Reservation number 73102846, check-in 12 Dec 2026, total EUR 389.00.",
        "Order number: 73102846. Total: $129.99. Delivery by 12/05/2026.",
    ],
)
def test_numbers_that_are_not_codes_stay_unpicked(text: str) -> None:
    assert extract_code(received("Your order", text=text)) is None


def test_two_different_codes_under_code_words_give_none() -> None:
    mail = received(
        "Your codes",
        text="Your verification code:\n\n731028\n\nYour security code:\n\n482913\n",
    )
    assert extract_code(mail) is None


# =======================================================================================
@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a reset token the mail asks to be entered as its verification code
        (
            "To reset your password, you will need to submit this verification code.\n\n"
            "The verification code is bad16c1c627481f73a2d1409e524ea2d\n",
            "bad16c1c627481f73a2d1409e524ea2d",
        ),
        (
            "Le code de vérification est feadb8648cde978d77aa5feb3d9043d4\n",
            "feadb8648cde978d77aa5feb3d9043d4",
        ),
        (
            "Twój kod weryfikacyjny to 558ee41b40b73ec63649dc261f2b340e\n",
            "558ee41b40b73ec63649dc261f2b340e",
        ),
        # letters and one digit right after the code word
        ("Please use below OTP as the password at next login.\nOTP : k5IRCb\nThanks,", "k5IRCb"),
        # a four-digit code that reads as a year, right after its code word
        ("登录模板，你的验证码是  1992", "1992"),
        ("Your verification code: 2019\nIt expires in 10 minutes.", "2019"),
    ],
)
def test_codes_round_nine_showed(text: str, code: str) -> None:
    assert extract_code(received("Your sign-in", text=text)) == code


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        # a hash or a tracking number is not a code: no code word right before it, or capitals
        ("Deployed", "Commit bad16c1c627481f73a2d1409e524ea2d was deployed to production."),
        ("Expediere", "Codul de urmărire: JJD001181558270756731\nLivrare estimată: 5 zile."),
        # a year after a code word that does not stand right before it
        ("Your code", "This code of conduct was last updated in 2019.\nThank you."),
        # a promotion, in Swedish ("your campaign code")
        (
            "Dev Days 2027 - din kampanjkod",
            'Din kod är: A9XRFK. Tryck på "Klicka här om du har en kampanjkod" och ange koden.',
        ),
    ],
)
def test_what_round_nine_showed_is_not_a_code(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) is None


def test_a_product_name_before_the_subjects_title_is_not_the_code() -> None:
    text = (
        "Hi Noor,\nPlease use this one time password 121936 to sign in to your application.\n"
        "Thanks,\nWSO2 Identity Server Team\n© 2018 WSO2"
    )
    assert extract_code(received("WSO2 - Email OTP Authentication", text=text)) == "121936"
    # a code before the title is still the code
    assert extract_code(received("4830 — код для входа", text="Введите код.")) == "4830"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a token in groups of five is typed with its hyphen (the Bluesky PDS compares it so)
        (
            "To confirm this email for your account, please enter the code below in the app.\n\n"
            "AF63E-273W5\n\nIf you didn't request this, ignore this email.",
            "AF63E-273W5",
        ),
        (
            "We received a request. Your confirmation code is:\n\nPZPKC-OXNJF\n\nThanks",
            "PZPKC-OXNJF",
        ),
        # "copy and paste" asks for the code below a finished sentence, in more languages
        ("Copy and paste the code below into your registration form.\n0615\nTerms", "0615"),
        (
            "Kopiere den untenstehenden Code und füge ihn in dein Formular ein.\n5075\nImpressum",
            "5075",
        ),
        ("Kopirajte i zalijepite donji kod u obrazac za registraciju.\n5980\nUvjeti", "5980"),
        # "in order to" is no order
        (
            "In order to re-validate your email address, your account has been deactivated.\n"
            'Should you have any problems, use the code "4406ffdccc".',
            "4406ffdccc",
        ),
        # random letters in both cases after their code word
        (
            "You will need to enter the following:\nUsername: noor\nActivation Code: BPJSeqxl",
            "BPJSeqxl",
        ),
        (
            "You will need to enter the following:\nUsername: noor\nActivation Code: UwnplwSu",
            "UwnplwSu",
        ),
    ],
)
def test_codes_round_ten_showed(text: str, code: str) -> None:
    assert extract_code(received("Your account", text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        "Join us at the HELLO-WORLD meetup.\n\nSee you there!",
        "Your order ABCDE-12345 has shipped and arrives on Monday.",
        "Your code:\n\nWelcome\n\nthe team",  # a capitalised word is a word
        "Please read the code of conduct.\n\nHTTPServer\n\nThanks",  # no code stands there
    ],
)
def test_what_round_ten_showed_is_not_a_code(text: str) -> None:
    assert extract_code(received("Contoso", text=text)) is None


def test_a_password_word_may_be_qualified_before_its_colon() -> None:
    text = "Votre mot de passe OpenAM saisi une fois  : 08856974"
    assert extract_code(received("Mot de passe OpenAM saisi une fois", text=text)) == "08856974"
    text = "Your password for the account noor: Xk29pQz7r"
    assert extract_code(received("Welcome", text=text)) == "Xk29pQz7r"
    # a Wi-Fi password, whichever comes first
    assert extract_code(received("Your stay", text="Password for Wi-Fi: 48291734")) is None


@pytest.mark.parametrize(
    ("subject", "text", "code"),
    [
        # a password a share is protected with, in a mail whose file is called "invoices"
        (
            "Password to access Faktury_2026-11.zip shared to you by Marta",
            "Zasób jest chroniony następującym hasłem:\n\nKm4owRD2\n\n--\nNorthwind Cloud",
            "Km4owRD2",
        ),
        # a CJK line is short in characters but long in words: it introduces a lone code
        (
            "Password to access 見積書.pdf",
            "次のパスワードで保護されています。\n\nKiefer7Mondlicht\n\n--\nNorthwind Cloud",
            "Kiefer7Mondlicht",
        ),
        ("osu! hesap doğrulama", "Doğrulama kodun: 28b986b9\nKodu girebilirsiniz.", "28b986b9"),
    ],
)
def test_codes_round_twelve_showed(subject: str, text: str, code: str) -> None:
    assert extract_code(received(subject, text=text)) == code


def test_a_box_number_under_a_code_word_is_not_a_code() -> None:
    text = (
        "Hello,\nOne of your emergency codes has been armed. Description of the code:\n"
        "Notary Weber (safe box 1147)\n\nThe code will grant access to your account in:\n"
        "604800 sec\n\nIf you don't want that, then please login and delete the emergency code."
    )
    assert extract_code(received("Emergency code armed", text=text)) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a text part whose lines ran together
        ("Hello,your 2FA login-code is: 301733.This is an automatically created e-mail", "301733"),
        ("Hallo,ihr 2FA-Login Code lautet: 346624Dies ist eine automatisch generierte", "346624"),
        # "token" in more languages
        ("Votre jeton de connexion est: 39714137\n\nCe jeton expire.", "39714137"),
        (
            "ログイントークンは次のとおりです：13653685\n\nこのトークンは1回だけ使用できます。",
            "13653685",
        ),
        ("您的登录令牌为：84790774\n\n该令牌只能使用一次。", "84790774"),
        ("귀하의 로그인 토큰은 06454053입니다.\n", "06454053"),
        ("Giriş jetonunuz: 81016737\n\nBu simge yalnızca bir kez kullanılabilir.", "81016737"),
        # a one-time code wins over a password in the same mail
        ("Username: noor\nPassword: Xk29pQz7rT\n\nTo verify, enter this code: 482913", "482913"),
        ("Your verification code is 482913.\nYour temporary password: Xk29pQz7rT", "482913"),
    ],
)
def test_codes_round_thirteen_showed(text: str, code: str) -> None:
    assert extract_code(received("Sign in", text=text)) == code


@pytest.mark.parametrize(
    ("subject", "text", "code"),
    [
        # a PIN code the mail says "is" something is the reader's, not a postal code
        ("New Beneficiary", "Your pin-code for this beneficiary is 585104.", "585104"),
        ("Your PIN", "Your PIN code is 482913. Do not share it.", "482913"),
        ("Ihre PIN", "Ihr PIN-Code lautet 4821", "4821"),
        # a password in a table's row, without a colon
        (
            "Account unlocked",
            "Your login information follows:\n\nUser Name ntester\nPassword eJSCIrAU\n",
            "eJSCIrAU",
        ),
        ("Account created", "Username\tnoor\nPassword\tXk29pQz7rT\n", "Xk29pQz7rT"),
        # capitals three words after their code word and "is"
        ("Password Reset", "Your OTP for recovering password is XXCPY", "XXCPY"),
        # a code that confirms a new address, in a mail whose footer sells reservations
        (
            "Change your email address",
            "Please enter the following code to complete your email address change:\n936691\n"
            "Desk sharing, room reservation and co-working for enterprises.",
            "936691",
        ),
    ],
)
def test_codes_round_fourteen_showed(subject: str, text: str, code: str) -> None:
    assert extract_code(received(subject, text=text)) == code


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        # India's postal PIN code in an address
        ("Order shipped", "Deliver to: 12 MG Road, Bengaluru\nPin code: 560001\n"),
        ("Delivery", "Pincode 560001 is not serviceable yet."),
        # a title is no table row, and an address's ZIP code under it is no code
        ("Password Reset", "Use this link to reset your password.\n\nSan Francisco CA 94102"),
        ("Password changed", "Password changed\nYour password was changed on 3 Dec 2026.\n"),
        # three words and "is" reach capitals, not a name
        ("Sign in", "Enter the code we sent to log in to EspoCRM."),
    ],
)
def test_what_round_fourteen_showed_is_not_a_code(subject: str, text: str) -> None:
    assert extract_code(received(subject, text=text)) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a generated password or code is typed as shown, symbols and all, never in part
        ("Your account is ready.\nUsername: noor\nPassword: pq5Ep75L55!15\n", "pq5Ep75L55!15"),
        ("Your password is:\n~lk:Shsi+{:W4YFS\nOpen the app to sign in.", "~lk:Shsi+{:W4YFS"),
        (
            "Please use credentials username:noortester and password:Shl@9v64vf to log in",
            "Shl@9v64vf",
        ),
        (
            "-  username : noor@example.com\n-  password : IPADo@!PfamtYnCv1iPL58Fn\n",
            "IPADo@!PfamtYnCv1iPL58Fn",
        ),
        ("Enter the following reset code into the app.\n\n  Reset Code: 0r/9RMnL\n", "0r/9RMnL"),
        (
            "Dies ist mit dem folgendem Passwort geschützt:\n\nRuelle#Verte19\n\n--\nNorthwind",
            "Ruelle#Verte19",
        ),
        (
            "An encryption code will be expected from you, please use:\n\n@zJcbqS3E0NP\n",
            "@zJcbqS3E0NP",
        ),
        ("One-time password for current session: ?w1OyFbSdd", "?w1OyFbSdd"),
        # a full stop ends the sentence, not the password
        ("Your temporary password is Xk2#pQz7rT. Change it after signing in.", "Xk2#pQz7rT"),
        # a reset code that begins with a dot, as HestiaCP's random string may
        ("Enter the following reset code:\n.FCfu1uRahDE\n\nIt expires in an hour.", ".FCfu1uRahDE"),
        # a one-time code still wins over such a password
        ("Password: Xk2#pQz7rT\nYour verification code is 482913.", "482913"),
    ],
)
def test_a_password_with_symbols_is_returned_whole(text: str, code: str) -> None:
    assert extract_code(received("Your account", text=text)) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a password after its password word keeps its hyphens: it is typed as shown
        (
            "Ihr Benutzername ist: lukas und das Kennwort: Springer-e4-Rochade",
            "Springer-e4-Rochade",
        ),
        (
            "You have successfully reset your password to: Pier7-Sunrise-Tempo",
            "Pier7-Sunrise-Tempo",
        ),
        ("您已经成功地将密码更改成:Guangquan-f18", "Guangquan-f18"),
        # a password glued to other scripts, or to "is" and its colon
        ("您的用户名是:wang.lei 密码是:Waitan1908sh", "Waitan1908sh"),
        ("あなたのユーザ名はkenji、パスワードはBlueNote1959ykとなります。", "BlueNote1959yk"),
        ("Adgangskoden er:Kajak2026Sommer", "Kajak2026Sommer"),
        # a password that ends in a symbol, or holds a closing bracket
        ("- 아이디 : haneul_k\n- 비밀번호 : Q7TdUdC$\n", "Q7TdUdC$"),
        ("Your password has been reset to: mbW0!d]]", "mbW0!d]]"),
        ("Login: jnavarro\nPassword: 5K55--bc%lCL%\n", "5K55--bc%lCL%"),
        # "is" in more languages, with the password right after
        (
            "A túa contrasinal temporal é =9t&$)66;iJ:. Por favor, usa esta contrasinal.",
            "=9t&$)66;iJ:",
        ),
        (
            "Ang iyong pansamantalang password ay wBipahNTtfmv. Pakigamit ang password.",
            "wBipahNTtfmv",
        ),
        # password words of more scripts
        ("معلومات حسابك:\n* كلمة المرور: 6EoPexD8nA\n", "6EoPexD8nA"),
        ("اطلاعات حساب شما:\n* گذرواژه: Uacf58HXrZ\n", "Uacf58HXrZ"),
        # twelve random letters in both cases, under "lautet:"
        (
            "Hallo Lena,\ndein neues Passwort lautet:\nNIVMkjLRxzTD\nFalls du es vergisst",
            "NIVMkjLRxzTD",
        ),
        # an abbreviation in brackets between the code word and "is:"
        ("Your one-time password (OTP) is: CbcHQM\nThis code is valid for 10 minutes.", "CbcHQM"),
        # capitals in groups made for reading, under a code word of any language
        (
            "Níže najdete váš ověřovací kód. Zadejte jej do okna prohlížeče.\n\nPJWV-BDLV\n",
            "PJWVBDLV",
        ),
        # a sign or a count glued into a password is not a price, a percentage or a colour
        ("Логин: osmirnova\nПароль: aC0b$4bQviqN9\n", "aC0b$4bQviqN9"),
        ("Iniciar sesión: jnavarro\nContraseña: 7x2E9KZT=%kh?\n", "7x2E9KZT=%kh?"),
        ("- Contraseña : yE+RxR2%\n", "yE+RxR2%"),
        ("Usted ha reseteado su contraseña a: Contralto#2026", "Contralto#2026"),
        ("Vous avez réinitialisé votre mot de passe pour: Diaphragme-f2.8", "Diaphragme-f2.8"),
        # a temporary password without a colon, a password in brackets, random hex
        ("Sie können sich mit diesem temporären Passwort ZILmnAum verbinden.", "ZILmnAum"),
        ("Vă puteţi autentifica cu aceasta parolă temporară: hiFjdcxY până la", "hiFjdcxY"),
        ("Log in with your new username (leila.haddad) and password (1UWOlSDD).", "1UWOlSDD"),
        ("Il tuo account\nAccount: giulia\nPassword: 4783119c\n", "4783119c"),
        # a code that reads as a year, right under "Verification code:"
        ("Welcome to Uber\nVerification code:\n1973\nEnter this code on the signup page.", "1973"),
        # "the password is shown below": the code below is the code, not a password
        (
            "Votre code de réinitialisation du mot de passe est indiqué ci-dessous.\n\nKHQV-KMQG\n",
            "KHQVKMQG",
        ),
    ],
)
def test_codes_round_fifteen_showed(text: str, code: str) -> None:
    assert extract_code(received("Your account", text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        # a password word before words, and a changed-password notice with a date
        "Your password is shown on the next page.\n",
        "您的密码已于2026年12月3日更改。如果不是您本人操作，请联系我们。",
        "パスワードは変更されました。\n",
        # words in capitals joined by a hyphen are not a code without a code word
        "The NATO-OTAN summit starts today.\n",
        # a house number, and a year under a line that is no code word's
        "Flat 12b, 221 Baker Street, London\nPassword: see the app\n",
        "Our club was founded in:\n1973\n",
        # prices, percentages, counts and versions stay numbers
        "Order total: US$20.00, 15% off, 3x faster, version 2.8.1\nYour code: see the app",
        "Paid 12.5% of USD1,200.50 on 03.12.2026",
        # CamelCase words where a code stands are not a long random code
        "Your code:\nThisIsMyFavouriteBand\n",
    ],
)
def test_what_round_fifteen_showed_is_not_a_code(text: str) -> None:
    assert extract_code(received("Your account", text=text)) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a key of capitals and digits under a line that asks for it, or after "Code:"
        (
            "or\nInsert this code into form field of our site:\nNVZMBDNM75OEH17HBI\n",
            "NVZMBDNM75OEH17HBI",
        ),
        (
            "lub\nWprowadź ten kod w polu formularza na naszej stronie\n870AAGRX5WY6BNOEIA\n",
            "870AAGRX5WY6BNOEIA",
        ),
        (
            "So you must pass the code below into field on site.\n\nCode: U7AQ59IJU1S9K6J1PO\n",
            "U7AQ59IJU1S9K6J1PO",
        ),
        # a lower-case hex token under "… token is"
        (
            "Your verification token is\n\nc8bdc0cbb0107e55efc634cc\n\nThis token is valid.",
            "c8bdc0cbb0107e55efc634cc",
        ),
        # a password "to" its value, in quotes, glued to a symbol, words joined by a mark
        (
            "Use the following to reset your password to Ruwo4823Kale Please contact us.",
            "Ruwo4823Kale",
        ),
        ('You can access it here and the private code is "Gr33nDoor!".', "Gr33nDoor!"),
        ('You can access it here and the private code is "tartiflette74".', "tartiflette74"),
        ('Vous pouvez accéder à la page ici et le code est "Champagne&Co".', "Champagne&Co"),
        (
            'Your verification code is "3gUKRF5yEqw6jD7qijGbXj", this code is valid.',
            "3gUKRF5yEqw6jD7qijGbXj",
        ),
        # a protocol's name before a password word is not the code
        (
            "POP3 login: noor\nPOP3 password:    LnHjLC08KZFiEZURDJhsKDv2v\n",
            "LnHjLC08KZFiEZURDJhsKDv2v",
        ),
        # more password words; a password that ends in an opening bracket
        ("Nama pengguna: dlestari\nSandi: NLMgPj53\n", "NLMgPj53"),
        ("Имя пользователя: jalbrecht\nПароль: wN[-ynzkCkTw3q[\nEmail: noor", "wN[-ynzkCkTw3q["),
        ("New recovery key!\nRecovery key: L95HK139R9\n--\nSent by MyAAC", "L95HK139R9"),
    ],
)
def test_codes_round_sixteen_showed(text: str, code: str) -> None:
    assert extract_code(received("Your account", text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        # capitals and digits after other words: a transaction id, a serial, a tracking code
        "Transaction ID: 27M48461UW200541E\n\nConfirmation number: 27M48461UW200541E\n",
        "The administrator performed the action /token/disable on your token PIEM1AD1445F.",
        "Poți verifica locația acestuia cu codul JJD001181558270756731 de urmărire.",
        "Your tracking number:\n1Z999AA10123456784\n",
    ],
)
def test_what_round_sixteen_showed_is_not_a_code(text: str) -> None:
    assert extract_code(received("Your receipt", text=text)) is None


@pytest.mark.parametrize(
    ("subject", "text", "code"),
    [
        # a door code in a booking mail with a price and a booking number
        (
            "Your booking is confirmed",
            "Price: 40,00 € (incl. VAT 24 %)\nBooking number: 48213\n\n"
            "You can access the space with the door code.\nDoor code: 871452\n",
            "871452",
        ),
        # a session's three-letter prefix before the digits
        (
            "One-Time Password (OTP) for FormSG",
            "Your OTP is KDW-418275. Please use this to log in.",
            "418275",
        ),
        # a password that holds a colon, after its word
        (
            "Termin bestätigt",
            "Besprechungslink: https://cloud.example/call/x\nPasswort: kLGEH:xK5n\n",
            "kLGEH:xK5n",
        ),
        # a password that starts its line, with the next sentence run on after a wide gap
        (
            "Welcome",
            "Your account has been created.\n    We have generated a password for you:\n"
            "    q7RtVw3k    If you haven't received a password, you can reset it.",
            "q7RtVw3k",
        ),
        # a password word with its suffix ("your password" in Turkish)
        ("Tek Kullanımlık Şifre", "Merhaba!\n\nTek Kullanımlık Şifreniz: 011947\n", "011947"),
    ],
)
def test_codes_round_seventeen_showed(subject: str, text: str, code: str) -> None:
    assert extract_code(received(subject, text=text)) == code


@pytest.mark.parametrize(
    "text",
    [
        # a three-letter prefix before an invoice's or an order's number stays a reference
        "Invoice: INV-123456\nTotal: 40,00 €\n",
        "Your order ORD-482913 has shipped.\n",
        # a table's first cell under an order word is not a code
        "Order details:\nORD4829    2 items    40,00 €\n",
    ],
)
def test_what_round_seventeen_showed_is_not_a_code(text: str) -> None:
    assert extract_code(received("Your order", text=text)) is None


def test_a_tokens_serial_in_brackets_is_not_its_pin() -> None:
    text = "A new email token (LSEMe6b865d7) with pin 'ct8mWe' for Noor has been enrolled."
    assert extract_code(received("New email token", text=text)) in (None, "ct8mWe")


@pytest.mark.parametrize(
    "text",
    [
        # words, links, hosts, addresses, handles, placeholders and run-on sentences with a
        # mark in them are not passwords
        "Your code is below. Thanks!\n\nGithub:\nhttps://github.example/noor",
        "Your password: {{password}}\n",
        "Password: ${PASSWORD}\n",
        "Password: ********\n",
        "Password: same as noor.tester@example.com\n",
        "Your code: cap.so/s/9k2mx7tq4wz8hbe\n",
        "Your code:\n@noor1985\n",
        "Your code:\n#A1B2C3\n",
        "Code: [Verify](\n",
        "Your password:\n../etc/passwd1\n",
    ],
)
def test_what_holds_a_symbol_but_is_no_password(text: str) -> None:
    assert extract_code(received("Your account", text=text)) is None


def test_a_code_run_into_the_next_sentence_is_not_read_as_a_password() -> None:
    # a template whose line breaks came out as the two characters backslash and n
    text = "Your login-code is: 301733.This is an automatically created mail\\n\\nBye"
    assert extract_code(received("Your account", text=text)) == "301733"


@pytest.mark.parametrize(
    "text",
    [
        # numbers glued to more of themselves are no code
        "Release 2.0.1 ships build 4821.5a and version 7.4!2 today.",
    ],
)
def test_only_part_of_a_value_is_never_the_code(text: str) -> None:
    assert extract_code(received("Your account", text=text)) is None


# The real-world corpus (scored by bench/extraction_eval.py)
#
# Measured with `.venv/bin/python bench/extraction_eval.py` before any rule was changed for
# it: tuning part 18/61 codes (recall 0.295), hold-out 6/18 (0.333), none wrong. After:
# tuning part 59/61 (0.967), none wrong; the two it misses are Notion's 20-letter code and a
# Faroese code word. The hold-out, scored once at the end: 15/18 (0.833), none wrong.
# That hold-out, now seen, is part of tuning (79 codes); with the lone-code rule the tuning
# part reaches 78/79 (0.987), the miss Notion's 20-letter code. The second hold-out (Hanko
# in nine languages and Ory Kratos, collected before that rule), scored once: 31/31, none
# wrong (main before the rule also reads 31/31). Round three (267 mails, 29 new sources, split
# by group before scoring): tuning part 0.771 at precision 0.860 -> 0.979 at 1.000; its
# hold-out, scored once: 0.754 (46/61) at 1.000. Round four (169 mails, 25 new sources, held
# out whole), scored once: 0.882 (60/68) at 0.984, one wrong. Round five (97 mails, 13 new
# sources, held out whole), scored once: 0.857 (42/49) at 1.000. Round six (116 mails, 14 new
# repositories, held out whole), scored once: 0.836 (56/67) at 1.000, 9 of its 11 misses
# longer than ten characters. Round seven (105 mails, 14 new repositories, held out whole),
# scored once: 0.896 (43/48) at 1.000. Round eight (133 mails, 9 new repositories, held out
# whole), scored once: 0.851 (57/67) at 1.000, its one-time codes 57/58; nine misses are
# standing voter and meeting passwords. Round nine (159 mails, 21 new repositories, held out
# whole), scored once: 0.871 (54/62) at 0.982, one wrong. Round ten (126 mails, 24 new
# repositories, held out whole), scored once: 0.632 (36/57) at 0.857, six wrong (one
# sender's hyphenated tokens, returned joined). Round eleven (105 mails, 17 new
# repositories, held out whole), scored once: 0.931 (27/29) at 1.000. Round twelve (177
# mails, 19 new repositories, held out whole), scored once: 0.882 (82/93) at 0.988, one
# wrong; 82/85 of its codes of letters and digits. Round thirteen (141 mails, 21 new
# repositories, held out whole), scored once: 0.614 (35/57) at 0.795, nine wrong (six of
# them administrator-chosen passwords its collector labelled null, since relabelled to the
# password as every other round labels one). Round fourteen (120 mails, 20 new repositories,
# held out whole), scored once at the end of a session: 0.771 (27/35) at 1.000; tuned on
# since (a PIN code that "is", a table's password row, three words and "is", an address
# change): 0.914 (32/35), its misses passwords with "@" and two hyphenated words. Round
# fifteen (765 mails, 63 new repositories, held out whole), scored once: 0.776 (229/295) at
# 0.996 (a Danish password glued to "er:"); tuned on since (passwords of words and hyphens
# after a password word, passwords ending in a symbol, password words of more scripts,
# grouped capitals, twelve random letters, a sign glued into a password, a temporary
# password without a colon, a password in brackets, a year under "code:"): 0.959 (283/295).
# Round sixteen (834 mails, 49 new repositories, held out whole), scored once: 0.630
# (177/281) at 0.983 (a password cut before its last "!"); tuned on since (keys of capitals
# and digits under a line that asks for them, hex under "token is", quoted passwords,
# "password to", a protocol's name before a password word): 0.868 (244/281).
# Round seventeen (519 mails, 31 new repositories, held out whole), scored once: 0.620
# (116/187) at 1.000; tuned on since (a door code, a session prefix, a password holding a
# colon, a Turkish password word with its suffix, a value that starts its line before a
# wide gap): 0.818 (153/187). All are seen now and part of tuning, whose
# misses are codes extract_code cannot return (a passphrase, a slash, `#_-@$+!`,
# lower-case letters only), a lower-case "pin", invite codes (a negative), a credential under a word no rule
# has, a code under a line that is only a handle, and a Korean mail its catalogue garbles.
# The recall floor is what the tuning part reaches; precision is 1.0 on every part.
# Round eighteen (640 mails, 48 new repositories, held out whole), scored once: 0.731
# (160/219) at 0.899; tuned on since (a value run into the next sentence, a brand that signs
# the mail, passwords a password word gives in any shape): 0.854 (187/219) at 1.000.
# Round nineteen (673 mails, 52 new repositories, held out whole), scored once: 0.821
# (211/257) at 0.968; tuned on since: 0.856 (220/257) at 1.000.
# Round twenty (332 mails, 24 new repositories, held out whole), scored once: 0.878
# (101/115) at 0.971; tuned on since: 0.922 (106/115) at 1.000.
# Round twenty-one (494 mails, held out whole), scored once: 0.522 (94/180) at 0.887;
# tuned on since (four capitals after "code is:", a password word then "is:", an invite
# code named under a lone value, a password a sentence names before its colon, a session
# prefix before capitals, a bare "Enter 40718 on screen", passwords in letters beyond
# ASCII): 0.933 (168/180) at 1.000.
# Round twenty-two (310 mails, 30 new repositories, held out whole), scored once: 0.730
# (92/126) at 0.968; tuned on since (a code in a chat service's command, values run into a
# word of another alphabet): 0.944 (119/126) at 1.000.
# Round twenty-three (296 mails, 20 new repositories, held out whole), scored once: 0.624
# (63/101) at 1.000; tuned on since (keys to use, spaced pads, wrapped "password is"):
# 0.861 (87/101) at 1.000.
# Round twenty-four (189 mails, 17 new repositories, held out whole), scored once: 0.787
# (48/61) at 1.000; tuned on since (a name under a sign-off, token words of Breton, Gaelic
# and Norwegian): 0.902 (55/61) at 1.000.
# Round twenty-five (228 mails, 23 new repositories, held out whole), scored once: 0.773
# (68/88) at 0.944; tuned on since (a mail that says it gives two codes, "Captcha is:",
# hyphenated passphrases, tags a text part shows escaped, "Secret:"): 0.955 (84/88) at 1.000.
# Round twenty-six (127 mails, 24 new repositories, held out whole), scored once: 0.784
# (29/37) at 0.967; tuned on since (a per-cent sign inside a password, a password with a
# symbol run into the next sentence, "this key into the form:"): 1.000 (37/37) at 1.000.
# Round twenty-seven (393 mails, 20 new repositories, held out whole), scored once: 0.653
# (81/124) at 1.000; tuned on since (a code under "use this code in …", a phone word over a
# code with letters, long labelled tokens, a code inline after the sentence asking for it,
# password words of Portuguese, Azerbaijani and Arabic): 0.968 (120/124) at 1.000.
# Round twenty-eight (355 mails, 16 new repositories, held out whole), scored once: 0.866
# (110/127) at 0.924; tuned on since (a brand the subject names, a salutation's colon,
# door codes, trailing underscores, more password words): 0.976 (124/127) at 1.000.
# Round twenty-nine (130 mails, 14 new repositories, held out whole), scored once: 0.871
# (27/31) at 0.794; tuned on since (invitation codes in seven more languages, UUIDs given as
# a code or password, five small letters and a digit after "code is:"): 0.968 (30/31) at
# 1.000.
# Round thirty (171 mails, 12 new repositories, held out whole), scored once: 0.941 (64/68)
# at 0.985; tuned on since (a password's closing "!" and symbols alone under its sentence,
# a sentence wrapped onto the colon's line, a Wi-Fi voucher's password, a key pasted into
# the field its name names): 1.000 (68/68) at 1.000.
# Round thirty-one (264 mails, 11 new repositories, held out whole), scored once: 0.949
# (94/99) at 1.000; tuned on since (Kazakh and Portuguese one-time password words, Hebrew
# "your password", a value glued between a Japanese password word and its particle): 1.000
# (99/99) at 1.000.
# Round thirty-two (182 mails, 9 new repositories, held out whole), scored once: 0.621
# (54/87) at 0.982, most of the misses one shop's welcome mail in 33 languages; tuned on
# since (a TAN with its sender's prefix, a doubled colon, Estonian "salasõna", a line asking
# for the code wrapped over two lines): 0.977 (85/87) at 1.000.
# Round thirty-three (384 mails, 19 new repositories, held out whole), scored once: 0.937
# (118/126) at 1.000; tuned on since (an authorization key, underscores at a generated
# password's ends, a long key after a code word and four words, one of a list): 1.000 at 1.000.
REALWORLD_TUNING_RECALL_FLOOR = 0.95  # 3329/3436 (0.969): most misses over 32 characters, in
# a link, plain words in a sentence, or a password word no rule has
ROUNDS = {f"round{n}" for n in range(3, 34)}
REDISTRIBUTABLE = {"MIT", "BSD-3-Clause", "Apache-2.0", "AGPL-3.0-only", "AGPL-3.0",
                   "AGPL-3.0-or-later", "GPL-3.0", "GPL-3.0-or-later", "LGPL-3.0", "MPL-2.0",
                   "OSL-3.0", "CC0-1.0", "GPL-2.0-or-later", "BSD-2-Clause",
                   "Unlicense", "GPL-2.0", "EPL-2.0", "GPL-2.0-only", "EUPL-1.1", "EUPL-1.2", "CDDL-1.0", "ISC", "LGPL",
                   "GPL-3.0-only", "LGPL-2.1", "LGPL-3.0-or-later", "GPL-1.0-or-later", "PostgreSQL",
                   "LGPL-2.0-only", "LGPL-2.1-or-later", "LGPL-3.0-only", "LGPL-2.1-only"}  # fmt: skip


def _load_eval() -> Any:
    path = ROOT / "bench" / "extraction_eval.py"
    module = sys.modules.get("extraction_eval")
    if module is None:
        spec = importlib.util.spec_from_file_location("extraction_eval", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["extraction_eval"] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return module


def test_the_realworld_corpus_is_cited_and_split_before_tuning() -> None:
    manifest = json.loads((REALWORLD / "manifest.json").read_text(encoding="utf-8"))["items"]
    assert len(manifest) >= 100
    assert len({item["lang"] for item in manifest}) >= 20
    assert sum(item["code"] is None for item in manifest) >= 40  # the hard negatives
    held = {
        line.strip()
        for line in (REALWORLD / "holdout.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    for item in manifest:
        assert item["repository"] and item["path"] and len(item["commit"]) == 40
        assert item["licence"].split()[0] in REDISTRIBUTABLE, item["licence"]
        # other accepted forms are a list: a string would be read as its characters
        also = item.get("also_code", [])
        assert isinstance(also, list) and all(isinstance(v, str) for v in also), item["id"]
        data = (REALWORLD / item["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == item["sha256"], item["id"]
        assert item["holdout"] == (item["group"] in held)
    first = {
        item["group"] for item in manifest if not item.get("holdout2") and not ROUNDS & item.keys()
    }
    assert 0.2 <= len(held) / len(first) <= 0.4
    second = [item for item in manifest if item.get("holdout2")]
    assert not {item["group"] for item in second} & first  # the second hold-out is new mail
    assert sum(item["code"] is not None for item in second) >= 30


@pytest.mark.parametrize(
    ("round_no", "held_percent"),
    [
        (3, 50),
        (4, 100),
        (5, 100),
        (6, 100),
        (7, 100),
        (8, 100),
        (9, 100),
        (10, 100),
        (11, 100),
        (12, 100),
        (13, 100),
        (14, 100),
        (15, 100),
        (16, 100),
        (17, 100),
        (18, 100),
        (19, 100),
        (20, 100),
        (21, 100),
        (22, 100),
        (23, 100),
        (24, 100),
        (25, 100),
        (26, 100),
        (27, 100),
        (28, 100),
        (29, 100),
        (30, 100),
        (31, 100),
        (32, 100),
        (33, 100),
    ],
)
def test_a_round_is_split_by_group_as_committed_before_it_was_scored(
    round_no: int, held_percent: int
) -> None:
    key = f"round{round_no}"
    manifest = json.loads((REALWORLD / "manifest.json").read_text(encoding="utf-8"))["items"]
    this_round = [item for item in manifest if key in item]
    held = {
        line.strip()
        for line in (REALWORLD / f"holdout{round_no}.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    for item in this_round:
        digest = hashlib.sha256(f"{key}:{item['group']}".encode()).hexdigest()
        assert (int(digest, 16) % 100 < held_percent) == (item["group"] in held)
        assert item[key] == ("holdout" if item["group"] in held else "tuning")
        owner_name = item["repository"].split()[0].replace("/", "+")
        assert (REALWORLD / "LICENSES" / owner_name).is_file(), item["id"]
    others = {item["group"] for item in manifest if key not in item}
    assert not {item["group"] for item in this_round} & others  # new senders only
    assert {item["group"] for item in this_round if item[key] == "holdout"} == held
    assert len({item["source"] for item in this_round}) >= 9
    assert sum(item["code"] is not None for item in this_round if item[key] == "holdout") >= 25


@pytest.mark.parametrize(
    "part",
    [
        "tuning",
        "holdout",
        "holdout2",
        "round3",
        "holdout3",
        "holdout4",
        "holdout5",
        "holdout6",
        "holdout7",
        "holdout8",
        "holdout9",
        "holdout10",
        "holdout11",
        "holdout12",
        "holdout13",
        "holdout14",
        "holdout15",
        "holdout16",
        "holdout17",
        "holdout18",
        "holdout19",
        "holdout20",
        "holdout21",
        "holdout22",
        "holdout23",
        "holdout24",
        "holdout25",
        "holdout26",
        "holdout27",
        "holdout28",
        "holdout29",
        "holdout30",
        "holdout31",
        "holdout32",
        "holdout33",
    ],
)
def test_the_realworld_corpus_never_gets_a_wrong_code(part: str) -> None:
    module = _load_eval()
    tally = module.evaluate_codes(module.load_realworld(part))
    assert tally.wrong == []
    assert tally.precision == 1.0


def test_the_realworld_tuning_part_keeps_its_recall() -> None:
    module = _load_eval()
    tally = module.evaluate_codes(module.load_realworld("tuning"))
    assert tally.recall >= REALWORLD_TUNING_RECALL_FLOOR, tally.missed


def test_a_percentage_is_a_number_beside_a_code_word_not_a_code() -> None:
    # "4.5 %" was read before the split as "4.5" and "%": the percentage pattern was
    # shadowed by the link module's pattern of the same name
    assert extract_code("Your verification code: 2500 %") is None
    assert extract_code("Verification code:\n\n482913\n\nFees: 4.5 %") == "482913"
