"""The action link of stock auth mails (issue 16): one test per class of miss, then the
user's flow end to end (a real SMTP send, the pytest plugin's ``wait_for_link``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path
from typing import Any

import pytest

from catcher import aiosmtpd_process
from otpmail._decoding._extract import annotate, extract_links, pick_action_link
from otpmail._decoding._message import parse_rfc822
from otpmail._decoding._text import html_to_text
from otpmail._decoding._vocabulary import action_in

pytest_plugins = ["pytester"]

SENDGRID = "https://u4829137.ct.sendgrid.net/ls/click?upn=u001.Xk2b9Qp-2BvL7c-3D-3D"
MAILGUN = "https://email.mg.example.com/c/eJxVkMtOwzAQRX8l8rpJ3Dzaplm1hSIWLCpYgFCFJs6QWHJs"


def mail(subject: str, body: str) -> dict[str, Any]:
    return {"from": "Example <no-reply@example.com>", "subject": subject, "body": body}


def picked(email: dict[str, Any] | str) -> str | None:
    link = pick_action_link(email)
    return None if link is None else link["url"]


# --------------------------------------------------------------------------------------
# 1. A "didn't request this" line next to the call to action


def test_a_disclaimer_that_closes_its_own_sentence_does_not_hide_the_link_after_it() -> None:
    url = "https://example.com/accounts/password/reset/key/1c-4YMEufdt/"
    body = (
        "You're receiving this email because you or someone else has requested a password "
        "reset for your user account.\nIt can be safely ignored if you did not request a "
        f"password reset. Click the link below to reset your password.\n\n{url}\n"
    )

    assert picked(mail("Password Reset Email", body)) == url


def test_a_disclaimer_and_its_otherwise_in_one_sentence_keep_the_link() -> None:
    url = "https://example.com/accounts/password/reset/key/1c-Wl_bCGY6/"
    body = (
        "Se non hai richiesto tu il reset della password, ignora questa mail, altrimenti "
        f"clicca sul link qui sotto per fare il reset della password.\n\n{url}\n"
    )

    assert picked(mail("Email per reimpostare la password", body)) == url


@pytest.mark.parametrize(
    "body",
    [
        "If you did not request this code, please reset your password (https://x.example/reset).",
        "If this was you, enter the code. If not, reset your password (https://x.example/forgot).",
        "If you did not sign in, your password may be compromised. Visit "
        "https://x.example/settings/security to create a new password.",
        "Not you? Secure your account (https://x.example/secure?token=abc)",
    ],
)
def test_a_link_the_disclaimer_is_about_is_not_the_action(body: str) -> None:
    assert picked(mail("Your code", f"Your verification code is 482913.\n\n{body}")) is None


# --------------------------------------------------------------------------------------
# 2. Verbs the vocabulary did not know, and inflected forms


@pytest.mark.parametrize(
    "label",
    [
        "Recover access to your account",
        "Set up account",
        "Join the team",
        "Link accounts",
        "Update your account",
        "Unlock my account",
        "Change my password",
        "Potwierdzić adres e-mail",
        "Potwierdź swoje konto",
        "Подтверждения адреса",
        "Сбросить пароль",
        "Passwort zurückzusetzen",
        "Konto entsperren",
        "Şifreni sıfırla",
        "Hesabımı onayla",
        "パスワードを再設定する",
        "비밀번호 재설정",
        "Repor a minha palavra-passe",
    ],
)
def test_action_labels_are_known_in_their_inflected_forms(label: str) -> None:
    body = f"Hello,\n\n{label} ({MAILGUN})\n\nHelp (https://example.com/help)"

    assert action_in(label)
    assert picked(mail("Example", body)) == MAILGUN


@pytest.mark.parametrize(
    "label",
    [
        "Account settings",
        "Change your notification settings",
        "Impostazioni account",
        "Hesap ayarları",
    ],
)
def test_a_verb_or_an_object_alone_is_no_action(label: str) -> None:
    assert not action_in(label)


# --------------------------------------------------------------------------------------
# 3. Click-tracking hides the path: the sentence and the label decide


def test_a_tracked_bare_url_under_a_pointing_sentence_is_the_action() -> None:
    body = (
        "Your administrator has just requested that you update your Example account. "
        f"Click on the link below to start this process.\n\n{SENDGRID}\n\n"
        "This link will expire within 5 minutes."
    )

    assert picked(mail("Update Your Account", body)) == SENDGRID


def test_a_tracked_link_is_judged_by_its_label_not_by_its_order() -> None:
    help_link = "https://u4829137.ct.sendgrid.net/ls/click?upn=u001.help"
    body = f"Need help? Help center ({help_link})\n\nVerify email address ({SENDGRID})"

    assert picked(mail("Verify your email", body)) == SENDGRID


def test_a_tracking_wrapper_that_carries_its_destination_shows_its_path() -> None:
    url = (
        "https://abc.r.eu-west-1.awstrack.me/L0/https:%2F%2Fexample.com%2Fpassword%2Freset"
        "%3Ftoken%3Dq1w2e3/1/0102018e-000000/Xy=367"
    )

    assert picked(mail("Example", f"Hello\n\n{url}\n")) == url


def test_a_button_in_the_html_part_counts() -> None:
    tracked = SENDGRID
    html = (
        "<p>Welcome to Example.</p>"
        f'<table><tr><td bgcolor="#346df1"><a href="{tracked}">Get going</a></td></tr></table>'
        '<p><a href="https://example.com/blog">Our blog</a></p>'
    )
    email = {"subject": "Sign in to Example", "body": html_to_text(html), "html": html}

    assert picked(email) is None  # a neutral label and no cue: the styling alone is not enough
    html = html.replace("Get going", "Sign in")
    assert picked({"subject": "Example", "body": html_to_text(html), "html": html}) == tracked


# --------------------------------------------------------------------------------------
# 4. Text-part link syntax


def test_label_in_spaced_brackets_is_the_label_of_its_url() -> None:
    url = "https://app.example.com/password/new?token=abc"
    body = f"Reset your password ( {url} )\n\nQuestions? Contact support ( https://example.com/support )"

    assert extract_links(body)[0] == {"url": url, "text": "Reset your password"}
    assert picked(mail("Set up a new password", body)) == url


def test_a_cue_on_the_line_above_the_link_connects_to_it() -> None:
    url = f"{MAILGUN}Zz"
    body = (
        "Verify your account with the following code:\n\n482913\n\n"
        f"or clicking the following link:\n\n{url}\n\nIf this was not you, do nothing."
    )

    assert picked(mail("Please verify your email address", body)) == url


def test_a_sentence_after_the_url_is_not_read_as_part_of_the_links_sentence() -> None:
    url = "https://auth.example.com/self-service/recovery?flow=8c4f&token=YzWcPW"
    html = (
        "Recover access to your account by clicking the following link:\n\n"
        f'<a href="{url}">{url}</a>\n\nIf this was not you, do nothing.'
    )

    assert picked(mail("Recover access to your account", html_to_text(html))) == url


# --------------------------------------------------------------------------------------
# 5. URL ends


def test_a_particle_glued_to_a_urls_end_is_not_part_of_it() -> None:
    url = "https://example.com/accounts/confirm-email/voJByTqMefvWDO9S1m5W/"
    body = f"이메일 주소를 확인하기 위해, {url}을 클릭하세요"

    assert [link["url"] for link in extract_links(body)] == [url]
    assert picked(mail("이메일 주소를 확인하세요", body)) == url


def test_a_url_ending_in_an_underscore_keeps_it_unless_emphasis_wraps_it() -> None:
    url = "https://sso.example.com/login-actions/action-token?key=eyJ&tab_id=9_odjic_EV_"

    assert [link["url"] for link in extract_links(f"Reset:\n{url}\n")] == [url]
    assert [link["url"] for link in extract_links("See _https://x.example/a_b_.")] == [
        "https://x.example/a_b"
    ]


# --------------------------------------------------------------------------------------
# No action: no link


@pytest.mark.parametrize(
    "subject, body",
    [
        (
            "Password reset help",
            "We were unable to find an account with this address.\n\n"
            "Try a different email ( https://example.com/account )\n\n"
            "If you did not request a password reset, please ignore this email or contact "
            "support ( https://example.com/support ) if you have questions.",
        ),
        (
            "Your receipt",
            "Thanks for your purchase.\n\nDownload as PDF (https://example.com/receipts/R-20394.pdf)\n"
            "Questions? Visit our help center: https://example.com/help",
        ),
        (
            "Password changed",
            "Your password was changed. If this wasn't you, secure your account "
            "(https://example.com/account/security?token=abc)",
        ),
        ("Welcome", "Thanks for signing up!\n\nExample (https://example.com/)"),
    ],
)
def test_a_mail_that_asks_for_no_action_gets_no_link(subject: str, body: str) -> None:
    assert picked(mail(subject, body)) is None


# --------------------------------------------------------------------------------------
# 6. The plugin's path


def test_the_plugin_picks_with_the_links_context_as_pick_action_link_does() -> None:
    from otpmail.pytest_plugin import _field

    email = annotate(
        mail(
            "Update Your Account",
            f"Click on the link below to start this process.\n\n{SENDGRID}\n",
        )
    )

    assert pick_action_link(email["links"]) is None  # the bare list has lost the sentence
    assert _field(email, "link") == picked(email) == SENDGRID


# --------------------------------------------------------------------------------------
# End to end: a stock template through a real SMTP catcher, read by the pytest plugin


@pytest.fixture
def catcher(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """aiosmtpd's own ``Mailbox`` handler, a process of its own, delivering into a Maildir."""
    box = tmp_path / "box"
    with aiosmtpd_process(box) as port:
        yield port, box


def _template_mail(template: str, lang: str, style: str, form: str) -> tuple[bytes, str]:
    """One rendering of the collected corpus (``style`` direct or tracked, ``form`` as in
    bench/extraction_corpus.py): its MIME bytes and its action link."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import extraction_corpus

    for r in extraction_corpus.render_corpus():
        if (r.template, r.lang, r.style, r.form) == (template, lang, style, form):
            assert r.action_link is not None
            return r.raw, r.action_link
    raise LookupError(template)


@pytest.mark.loopback
def test_wait_for_link_returns_the_action_of_a_tracked_stock_template_sent_over_smtp(
    pytester: pytest.Pytester, catcher: tuple[int, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, box = catcher
    keycloak, keycloak_link = _template_mail(
        "keycloak-execute-actions", "en", "tracked", "alternative"
    )
    allauth, allauth_link = _template_mail("allauth-password-reset-key", "de", "direct", "text")
    pytester.makefile(
        ".yaml",
        integrations=f"email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n      path: {box}\n",
    )
    pytester.makepyfile(
        f"""
        import os, smtplib
        from email import message_from_bytes, policy

        def send(raw, to):
            msg = message_from_bytes(raw, policy=policy.SMTP)
            del msg["To"]
            msg["To"] = to
            with smtplib.SMTP("127.0.0.1", int(os.environ["CATCHER_PORT"]), timeout=10) as smtp:
                smtp.send_message(msg)

        def test_keycloak_update_account(otpmail):
            send({keycloak!r}, otpmail.address)
            assert otpmail.wait_for_link(timeout=20) == {keycloak_link!r}

        def test_allauth_reset_in_german(otpmail):
            with otpmail.expect() as pending:
                send({allauth!r}, otpmail.address)
            assert pending.link(timeout=20) == {allauth_link!r}
        """
    )
    monkeypatch.setenv("CATCHER_PORT", str(port))

    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly")

    result.assert_outcomes(passed=2)


def test_a_tracked_link_is_picked_the_same_from_the_decoded_mime_message() -> None:
    msg = EmailMessage(policy=SMTP)
    msg["From"], msg["To"], msg["Subject"] = "a@x.example", "b@y.example", "Passwort zurücksetzen"
    msg.set_content(
        "Es wurde eine Änderung der Zugangsdaten angefordert. Wenn Sie diese Änderung "
        f"beantragt haben, klicken Sie auf den unten stehenden Link.\n\n{SENDGRID}\n",
        charset="iso-8859-1",
        cte="quoted-printable",
    )
    email = parse_rfc822(
        msg.as_bytes(), id="1", account="b@y.example", received_at=datetime(2026, 1, 1, tzinfo=UTC)
    ).to_dict()

    assert picked(email) == SENDGRID
