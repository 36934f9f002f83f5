"""Round 3 (``shop``): shop and ERP customer mails with and without a one-time code.

    python tests/extraction/realworld/collect_r3_shop.py \\
        --opencart /work/.mirror/opencart+opencart/repo --sylius /work/.mirror/Sylius+Sylius/repo

Writes ``mail/<source>/<id>.eml`` and ``round3/shop.json``. Does not import otpmail; the
labels are what a person reading each mail would type (``code``) or ``null``.

- ``--opencart``: a git snapshot of opencart/opencart (GPL-3.0). The Twig templates under
  ``upload/{catalog,admin}/view/template/mail/`` are rendered with Jinja2 (the templates use
  only ``{{ }}``, ``{% if %}`` and ``{% for %}``) and the strings of
  ``upload/*/language/<lang>/mail/*.php`` (the core ships ``en-gb`` and ``fr-fr``) are filled in,
  with the data the controllers in ``upload/*/controller/mail/`` pass. OpenCart's mail library
  (``system/library/mail/mail.php``) sends ``multipart/alternative`` with a text part made by
  ``strip_tags`` of the HTML when no text is set, so the text part here is the HTML with its
  tags removed. The security code is ``oc_token(6)``: six lowercase hexadecimal characters.
- ``--sylius``: a git snapshot of Sylius/Sylius (MIT). The CoreBundle mail templates
  (``src/Sylius/Bundle/CoreBundle/Resources/views/Email/``) are rendered with Jinja2 (Twig's
  ``null`` read as ``none``, Twig's HTML escaper) as SyliusMailerBundle does: the ``subject``
  block and the whole template (the layout's ``body`` block), HTML only, with the ShopBundle
  loaded. The ``sylius.email.*`` strings come from the Core, Admin and Shop bundle catalogues
  (later bundles override); a language is taken only when every string of the mail is
  translated. Order numbers are nine zero-padded digits (SequentialOrderNumberGenerator).
- PrestaShop (PrestaShop/PrestaShop, OSL-3.0) is too large to fetch: the classic mail theme
  files are held inline below (English; the repository ships only the English catalogue), the
  back-office two-factor code mail and a voucher mail, rendered with Jinja2 and then filled the
  way ``Mail::send`` replaces ``{placeholders}``; the subject gets PrestaShop's ``[shop]``
  prefix. HTML part only, without the CSS inlining of the theme generator.
- Odoo (odoo/odoo, LGPL-3.0) is too large to fetch, so the 16.0 ``auth_totp_mail_enforce``
  mail template ``mail_template_totp_mail_code`` is held inline below: the English body is the
  ``msgid`` and the German, French, Dutch, Italian and Chinese bodies the ``msgstr`` of
  ``i18n/{de,fr,nl,it,zh_CN}.po`` at commit
  ``000472c5614d132ecb8287b5dde1375dbf598b2b`` (in 16.0 the whole ``body_html`` is one
  translation unit); the Spanish body is the ``msgstr`` of ``i18n/es.po`` at the saas~17.1
  commit ``0452ceb7971fe4a2ee2d78e80cb73162f14e1cfa`` (same unit, same template). The QWeb directives are evaluated by hand the way ``models/res_users.py``
  feeds them: the code is ``str(hotp(...)).zfill(6)``, the expiry ``babel.dates.format_timedelta``
  of one hour in the mail's language, the context location, device, browser and IP of the
  request. Only the template body is rendered (HTML part only): Odoo's
  ``mail.mail_notification_light`` wrapper and its html2plaintext alternative are not reproduced.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import jinja2
import yaml
from collect import HERE, message

OPENCART_COMMIT = "01254c2138915763c3a86139e24b26c33b3aeb17"
ODOO_COMMIT = "000472c5614d132ecb8287b5dde1375dbf598b2b"
SYLIUS_COMMIT = "3466cbab1098367b7107e756714f9390bf5e4bf6"
RNG = random.Random("r3-shop")
ITEMS: list[dict[str, Any]] = []


def hex6() -> str:
    return "".join(RNG.choice("0123456789abcdef") for _ in range(6))


def digits6() -> str:
    return str(RNG.randrange(0, 1000000)).zfill(6)


def write(item: dict[str, Any], raw: bytes) -> None:
    target = HERE / item["file"]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw)
    item["sha256"] = hashlib.sha256(raw).hexdigest()
    ITEMS.append(item)


# ---------------------------------------------------------------------------------------
# OpenCart


def _show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _php_strings(source: str) -> dict[str, str]:
    """The ``$_['key'] = '...';`` entries of an OpenCart language file."""
    found = re.findall(r"\$_\['(\w+)'\]\s*=\s*'((?:[^'\\]|\\.)*)';", source)
    return {k: re.sub(r"\\(['\\])", r"\1", v) for k, v in found}


def _strip_tags(markup: str) -> str:
    return re.sub(r"<!--.*?-->|<[^>]*>", "", markup, flags=re.S)


OC_ENV = jinja2.Environment(autoescape=False, keep_trailing_newline=True)  # as OpenCart

OC_STORE = {"en-gb": "Harbour Kitchenware", "fr-fr": "Quincaillerie du Port"}
OC_DATA = {
    "en-gb": {
        "ip": "198.51.100.23",
        "order_id": 1742,
        "date_added": "19/11/2026",
        "payment_method": "Bank Transfer",
        "shipping_method": "Flat Shipping Rate",
        "telephone": "+44 20 7946 0831",
        "order_status": "Pending",
        "comment": "Please transfer the total amount to: Harbour Kitchenware Ltd, "
        "GB33BUKB20201555555555. Your order will not ship until we receive payment.",
        "address": "Noor Tester<br/>14 Marine Parade<br/>Brighton<br/>BN2 1TL<br/>"
        "East Sussex<br/>United Kingdom",
        "products": [
            {
                "name": "Cast Iron Skillet 26 cm",
                "model": "CIS-26",
                "quantity": 1,
                "price": "£34.90",
                "total": "£34.90",
                "option": [{"name": "Colour", "value": "Graphite"}],
            },
            {
                "name": "Linen Tea Towel (set of 3)",
                "model": "LTT-3",
                "quantity": 2,
                "price": "£12.50",
                "total": "£25.00",
                "option": [],
            },
        ],
        "totals": [
            ("Sub-Total", "£59.90"),
            ("Flat Shipping Rate", "£5.00"),
            ("VAT (20%)", "£12.98"),
            ("Total", "£77.88"),
        ],
        "domain": "harbour-kitchenware.example",
    },
    "fr-fr": {
        "ip": "203.0.113.88",
        "order_id": 3081,
        "date_added": "19/11/2026",
        "payment_method": "Virement bancaire",
        "shipping_method": "Livraison forfaitaire",
        "telephone": "+33 4 91 55 27 60",
        "order_status": "En attente",
        "comment": "Veuillez virer le montant total sur le compte : Quincaillerie du Port SARL, "
        "FR7630006000011234567890189. La commande sera expédiée après réception du paiement.",
        "address": "Noor Tester<br/>27 quai de Rive-Neuve<br/>Marseille<br/>13007<br/>"
        "Bouches-du-Rhône<br/>France",
        "products": [
            {
                "name": "Cocotte en fonte 24 cm",
                "model": "CF-24",
                "quantity": 1,
                "price": "89,00€",
                "total": "89,00€",
                "option": [{"name": "Couleur", "value": "Rouge"}],
            },
            {
                "name": "Planche à découper en chêne",
                "model": "PDC-40",
                "quantity": 1,
                "price": "29,50€",
                "total": "29,50€",
                "option": [],
            },
        ],
        "totals": [
            ("Sous-total", "98,75€"),
            ("Livraison forfaitaire", "6,90€"),
            ("TVA (20%)", "19,75€"),
            ("Total", "125,40€"),
        ],
        "domain": "quincaillerie-du-port.example",
    },
}
OC_LANG = {"en-gb": "en", "fr-fr": "fr"}


def _oc_item(template: str, lang: str, code: str | None, kind: str, paths: list[str],
             note: str | None = None) -> dict[str, Any]:  # fmt: skip
    item: dict[str, Any] = {
        "id": f"opencart-{template}-{OC_LANG[lang]}",
        "group": f"opencart-{template}",
        "source": "opencart",
        "lang": OC_LANG[lang],
        "kind": kind,
        "code": code,
        "repository": "opencart/opencart",
        "path": ", ".join(paths),
        "commit": OPENCART_COMMIT,
        "licence": "GPL-3.0",
        "rendered": "Twig template rendered with Jinja2, language file strings and controller "
        "data filled in; text part is strip_tags of the HTML as OpenCart's mail library does",
        "file": f"mail/opencart/opencart-{template}-{OC_LANG[lang]}.eml",
    }
    if note:
        item["note"] = note
    return item


def opencart(repo: Path) -> None:
    for side in ("catalog", "admin"):
        for lang in ("en-gb", "fr-fr"):
            tpl = f"upload/{side}/view/template/mail/authorize.twig"
            lng = f"upload/{side}/language/{lang}/mail/authorize.php"
            strings = _php_strings(_show(repo, OPENCART_COMMIT, lng))
            code = hex6()
            data = dict(strings, code=code, ip=OC_DATA[lang]["ip"], store=OC_STORE[lang],
                        username="noor")  # fmt: skip
            body = OC_ENV.from_string(_show(repo, OPENCART_COMMIT, tpl)).render(data)
            name = "authorize" if side == "catalog" else "admin-authorize"
            item = _oc_item(name, lang, code, "shop-otp", [tpl, lng],
                            note="six lowercase hex characters (oc_token(6))")  # fmt: skip
            dom = OC_DATA[lang]["domain"]
            raw = message(sender=f"{OC_STORE[lang]} <shop@{dom}>", subject=strings["text_subject"],
                          text=_strip_tags(body), html_part=body)  # fmt: skip
            write(item, raw)

    for lang in ("en-gb", "fr-fr"):
        d = OC_DATA[lang]
        dom = d["domain"]
        # authorize_reset: a link to unlock the account after three wrong codes (no code)
        tpl = "upload/catalog/view/template/mail/authorize_reset.twig"
        lng = f"upload/catalog/language/{lang}/mail/authorize_reset.php"
        strings = _php_strings(_show(repo, OPENCART_COMMIT, lng))
        token = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
        reset = (f"https://{dom}/index.php?route=account/authorize.unlock"
                 f"&email=noor.tester@example.com&code={token}")  # fmt: skip
        body = OC_ENV.from_string(_show(repo, OPENCART_COMMIT, tpl)).render(
            dict(strings, reset=reset, ip=d["ip"], store=OC_STORE[lang])
        )
        item = _oc_item("authorize-reset", lang, None, "notice", [tpl, lng],
                        note="only an unlock link (its token is in the URL)")  # fmt: skip
        raw = message(sender=f"{OC_STORE[lang]} <shop@{dom}>", subject=strings["text_subject"],
                      text=_strip_tags(body), html_part=body)  # fmt: skip
        write(item, raw)

        # order_add: the customer's order confirmation
        tpl = "upload/catalog/view/template/mail/order_add.twig"
        lng = f"upload/catalog/language/{lang}/mail/order_add.php"
        strings = _php_strings(_show(repo, OPENCART_COMMIT, lng))
        store = OC_STORE[lang]
        subject = strings["text_subject"] % (store, d["order_id"])
        data = dict(
            strings,
            title=subject,
            text_greeting=strings["text_greeting"] % store,
            logo=f"https://{dom}/image/catalog/logo.png",
            store_url=f"https://{dom}/",
            store_name=store,
            customer_id=58,
            link=f"https://{dom}/index.php?route=account/order.info&order_id={d['order_id']}",
            download="",
            order_id=d["order_id"],
            date_added=d["date_added"],
            payment_method=d["payment_method"],
            shipping_method=d["shipping_method"],
            email="noor.tester@example.com",
            telephone=d["telephone"],
            ip=d["ip"],
            order_status=d["order_status"],
            comment=d["comment"],
            payment_address=d["address"],
            shipping_address=d["address"],
            products=d["products"],
            totals=[{"title": t, "text": v} for t, v in d["totals"]],
        )
        body = OC_ENV.from_string(_show(repo, OPENCART_COMMIT, tpl)).render(data)
        item = _oc_item("order-add", lang, None, "shop-order", [tpl, lng],
                        note="order id, IBAN, prices, postcode; no code")  # fmt: skip
        raw = message(sender=f"{store} <shop@{dom}>", subject=subject,
                      text=_strip_tags(body), html_part=body)  # fmt: skip
        write(item, raw)


# ---------------------------------------------------------------------------------------
# Odoo 16.0 auth_totp_mail_enforce (inline, see the docstring)

ODOO_BODY = {
    "en": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Dear <t t-out="object.partner_id.name or ''"/><br/><br/>
    <p>Someone is trying to log in into your account with a new device.</p>
    <ul>
        <t t-set="not_available">N/A</t>
        <li>Location: <t t-out="ctx.get('location') or not_available"/></li>
        <li>Device: <t t-out="ctx.get('device') or not_available"/></li>
        <li>Browser: <t t-out="ctx.get('browser') or not_available"/></li>
        <li>IP address: <t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
    <p>If this is you, please enter the following code to complete the login:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
    <small>Please note that this code expires in <t t-out="expiration"/>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        If you did NOT initiate this log-in,
        you should immediately change your password to ensure account security.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
        We also strongly recommend enabling the two-factor authentication using an authenticator app to help secure your account.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
            Activate my two-factor authentication
        </a>
    </p>
</div>
            """,
    "de": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Hallo <t t-out="object.partner_id.name or ''"/><br/><br/>
    <p>Jemand versucht, sich mit einem neuen Gerät in Ihrem Account anzumelden.</p>
    <ul>
        <t t-set="not_available">N/A</t>
        <li>Ort: <t t-out="ctx.get('location') or not_available"/></li>
        <li>Gerät: <t t-out="ctx.get('device') or not_available"/></li>
        <li>Browser: <t t-out="ctx.get('browser') or not_available"/></li>
        <li>IP-Adresse: <t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
    <p>Wenn Sie das sind, geben Sie bitte den folgenden Code ein, um die Anmeldung abzuschließen:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
    <small>Dieser Code läuft ab in <t t-out="expiration"/>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        Wenn Sie dieses Log-in NICHT initiiert haben,
sollten Sie sofort Ihr Passwort ändern, um die Sicherheit Ihres Kontos zu gewährleisten.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
        Wir empfehlen außerdem dringend, die Zwei-Faktor-Authentifizierung mit einer Authentifizierungs-App zu aktivieren, um Ihr Konto zu sichern.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
  Aktivieren Sie meine Zwei-Faktor-Authentifizierung
        </a>
    </p>
</div>           """,
    "fr": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Cher/Chère <t t-out="object.partner_id.name or ''"/><br/><br/>
    <p>Quelqu'un essaie de se connecter à votre compte avec un nouvel appareil.</p>
    <ul>
        <t t-set="not_available">N/A</t>
        <li>Lieu : <t t-out="ctx.get('location') or not_available"/></li>
        <li>Appareil : <t t-out="ctx.get('device') or not_available"/></li>
        <li>Navigateur : <t t-out="ctx.get('browser') or not_available"/></li>
        <li>Adresse IP : <t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
    <p>Si c'est vous, veuillez entrer le code suivant pour finaliser la connexion:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
    <small>Veuillez noter que ce code expire dans <t t-out="expiration"/>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        Si vous n'avez PAS initié cette connexion,
        vous devez immédiatement changer votre mot de passe pour assurer la sécurité de votre compte.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
        Nous vous recommandons également fortement d'activer l'authentification à deux facteurs à l'aide d'une application d'authentification pour sécuriser votre compte.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
            Activer mon authentification à deux facteurs
        </a>
    </p>
</div>
            """,
    "nl": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Beste <t t-out="object.partner_id.name or ''"/><br/><br/>
    <p>Iemand probeert in te loggen op je account met een nieuw apparaat.</p>
    <ul>
        <t t-set="not_available">N/B</t>
        <li>Locatie: <t t-out="ctx.get('location') or not_available"/></li>
        <li>Apparaat: <t t-out="ctx.get('device') or not_available"/></li>
        <li>Browser: <t t-out="ctx.get('browser') or not_available"/></li>
        <li>IP adress: <t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
    <p>Als jij dit bent, voer dan de volgende code in om de login te voltooien:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
    <small>Let op: deze code verloopt over <t t-out="expiration"/>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        Als je deze login NIET hebt gestart,
        moet je je wachtwoord onmiddellijk wijzigen om de veiligheid van je account te garanderen.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
        We raden ook ten zeerste aan om de tweestapsverificatie in te schakelen met een authenticator-app om je account te beveiligen.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
            Activeer mijn tweestapsverificatie
        </a>
    </p>
</div>
            """,
    "es": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Estimado/a <t t-out="object.partner_id.name or ''"></t><br><br>
    <p>Alguien está intentando iniciar sesión con su cuenta desde un dispositivo nuevo.</p>
    <ul>
        <t t-set="not_available">N/A</t>
        <li>Ubicación: <t t-out="ctx.get('location') or not_available"></t></li>
        <li>Dispositivo: <t t-out="ctx.get('device') or not_available"></t></li>
        <li>Navegador: <t t-out="ctx.get('browser') or not_available"></t></li>
        <li>Dirección IP: <t t-out="ctx.get('ip') or not_available"></t></li>
    </ul>
    <p>Si es usted, ingrese el siguiente código para poder iniciar sesión:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"></t>
    <t t-set="code" t-value="code_expiration[0]"></t>
    <t t-set="expiration" t-value="code_expiration[1]"></t>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"></span>
    </div>
    <small>Tenga en cuenta que este código vence en <t t-out="expiration"></t>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        Si no es usted quien está iniciando sesión,
        cambie su contraseña inmediatamente para mejorar la seguridad.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
        También le recomendamos activar la autenticación de dos factores con una aplicación de autenticación para ayudarle a asegurar su cuenta.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
            Activar la autenticación de dos factores
        </a>
    </p>
</div>
            """,
    "it": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    Ciao<t t-out="object.partner_id.name or ''"/><br/><br/>
    <p>Qualcuno sta cercando di accedere al tuo account da un nuovo dispositivo.</p>
    <ul>
        <t t-set="not_available">N/A</t>
        <li>Location: <t t-out="ctx.get('location') or not_available"/></li>
        <li>Dispositivo: <t t-out="ctx.get('device') or not_available"/></li>
        <li>Browser: <t t-out="ctx.get('browser') or not_available"/></li>
        <li>Indirizzo IP: <t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
    <p>Se sei tu, inserisci il seguente codice per completare il login:</p>
    <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
    <small>Si prega di notare che questo codice scade in <t t-out="expiration"/>.</small>

    <p style="margin: 16px 0px 16px 0px;">
        Se NON hai iniziato questo log-in,
cambia immediatamente la tua password per garantire la sicurezza dell'account.
    </p>

    <p style="margin: 16px 0px 16px 0px;">
       Raccomandiamo anche vivamente di attivare l'autenticazione a due fattori utilizzando un'app di autenticazione per aiutare a proteggere il tuo account.
    </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
  Attivare la mia autenticazione a due fattori
        </a>
    </p>
</div>""",
    "zh_CN": """<div style="margin: 0px; padding: 0px; font-size: 13px;">
    亲爱的<t t-out="object.partner_id.name or ''"/><br/><br/>
   <p>有人试图用一个新的设备登录您的账户。
</p>   <ul>
        <t t-set="not_available">不适用</t>
        <li>位置。<t t-out="ctx.get('location') or not_available"/></li>
        <li>设备。<t t-out="ctx.get('device') or not_available"/></li>
        <li>浏览器。<t t-out="ctx.get('browser') or not_available"/></li>
        <li>IP地址。<t t-out="ctx.get('ip') or not_available"/></li>
    </ul>
   <p>如果这是您，请输入以下代码以完成登录。
</p>  <t t-set="code_expiration" t-value="object._get_totp_mail_code()"/>
    <t t-set="code" t-value="code_expiration[0]"/>
    <t t-set="expiration" t-value="code_expiration[1]"/>
    <div style="margin: 16px 0px 16px 0px; text-align: center;">
        <span t-out="code" style="background-color:#faf9fa; border: 1px solid #dad8de; padding: 8px 16px 8px 16px; font-size: 24px; color: #875A7B; border-radius: 5px;"/>
    </div>
   <small>请注意，该代码在<t t-out="expiration"/>.
</small>
   <p style="margin: 16px 0px 16px 0px;">
        如果您没有启动这个登录。
        您应该立即更改您的密码，以确保账户安全。
   </p>

   <p style="margin: 16px 0px 16px 0px;">
        我们还强烈建议使用认证器应用程序启用双因素认证，以帮助保护您的账户。
   </p>

    <p style="margin: 16px 0px 16px 0px; text-align: center;">
        <a t-att-href="object.get_totp_invite_url()" style="background-color:#875A7B; padding: 8px 16px 8px 16px; text-decoration: none; color: #fff; border-radius: 5px;">
            激活我的双因素认证
        </a>
    </p>
</div>
            """,
}
ODOO_SUBJECT = {
    "en": "Your two-factor authentication code",
    "de": "Ihr Zwei-Faktor-Authentifizierungscode",
    "fr": "Votre code d'authentification à deux facteurs",
    "nl": "Je tweestapsverificatiecode",
    "es": "Su código de autenticación de dos factores",
    "it": "Il tuo codice di autenticazione a due fattori",
    "zh_CN": "您的双因素认证代码",
}
ODOO_EXPIRY = {
    "en": "1 hour",
    "de": "1 Stunde",
    "fr": "1 heure",
    "nl": "1 uur",
    "es": "1 hora",
    "it": "1 ora",
    "zh_CN": "1小时",
}  # babel, 3600 s, long form
ODOO_LANG_COMMIT = {"es": "0452ceb7971fe4a2ee2d78e80cb73162f14e1cfa"}  # saas~17.1 .po; others 16.0
ODOO_CTX = {
    "en": {"name": "Noor Tester", "location": "Leeds, United Kingdom", "device": "Windows",
           "browser": "Firefox", "ip": "198.51.100.140", "company": "Northwind Traders",
           "domain": "northwind.example"},
    "de": {"name": "Noor Tester", "location": "Köln, Germany", "device": "Macos",
           "browser": "Safari", "ip": "203.0.113.19", "company": "Rheinmöbel GmbH",
           "domain": "rheinmoebel.example"},
    "fr": {"name": "Noor Tester", "location": "Lyon, France", "device": "Linux",
           "browser": "Chrome", "ip": "192.0.2.211", "company": "Atelier Bellecour",
           "domain": "atelier-bellecour.example"},
    "nl": {"name": "Noor Tester", "location": "Utrecht, Netherlands", "device": "Iphone",
           "browser": "Safari", "ip": "203.0.113.201", "company": "Fietsenwinkel Van Dam",
           "domain": "vandam-fietsen.example"},
    "es": {"name": "Noor Tester", "location": "Sevilla, Spain", "device": "Android",
           "browser": "Chrome", "ip": "198.51.100.77", "company": "Ferretería Giralda",
           "domain": "giralda.example"},
    "it": {"name": "Noor Tester", "location": "Bologna, Italy", "device": "Windows",
           "browser": "Edge", "ip": "192.0.2.58", "company": "Ceramiche Emilia",
           "domain": "ceramiche-emilia.example"},
    "zh_CN": {"name": "Noor Tester", "location": "Hangzhou, China", "device": "Macos",
              "browser": "Chrome", "ip": "203.0.113.162", "company": "西湖茶叶",
              "domain": "xihu-tea.example"},
}  # fmt: skip


def _odoo_render(body: str, ctx: dict[str, str], code: str, expiry: str) -> str:
    out = re.sub(r"""<t t-out="object.partner_id.name or ''"(?:/>|></t>)""",
                 lambda _m: html.escape(ctx["name"]), body)  # fmt: skip
    out = re.sub(r'<t t-set="[^"]*"(?: t-value="[^"]*"(?:/>|></t>)|>[^<]*</t>)', "", out)
    for key in ("location", "device", "browser", "ip"):
        out = re.sub(rf"""<t t-out="ctx.get\('{key}'\) or not_available"(?:/>|></t>)""",
                     lambda _m, k=key: html.escape(ctx[k]), out)  # fmt: skip
    out = re.sub(r'<span t-out="code" (style="[^"]*")(?:/>|></span>)',
                 rf"<span \1>{code}</span>", out)  # fmt: skip
    out = re.sub(r'<t t-out="expiration"(?:/>|></t>)', lambda _m: html.escape(expiry), out)
    invite = (
        f"https://{ctx['domain']}/web#action="
        "auth_totp_mail.action_activate_two_factor_authentication"
    )
    out = out.replace('t-att-href="object.get_totp_invite_url()"', f'href="{invite}"')
    assert not re.search(r"<t\b|\st-(?:out|set|att)", out), out
    return out


def odoo() -> None:
    for lang, body in ODOO_BODY.items():
        ctx = ODOO_CTX[lang]
        code = digits6()
        rendered = _odoo_render(body, ctx, code, ODOO_EXPIRY[lang])
        tag = lang.replace("_", "-")
        item = {
            "id": f"odoo-totp-mail-code-{tag}",
            "group": "odoo-totp-mail-code",
            "source": "odoo",
            "lang": tag,
            "kind": "shop-otp",
            "code": code,
            "repository": "odoo/odoo",
            "path": "addons/auth_totp_mail_enforce/data/mail_template_data.xml, "
            f"addons/auth_totp_mail_enforce/i18n/{'de.po (msgid)' if lang == 'en' else lang + '.po'}, "
            "addons/auth_totp_mail_enforce/models/res_users.py",
            "commit": ODOO_LANG_COMMIT.get(lang, ODOO_COMMIT),
            "licence": "LGPL-3.0",
            "rendered": f"{'saas~17.1' if lang in ODOO_LANG_COMMIT else '16.0'} body_html "
            "(msgid/msgstr of the .po) with QWeb directives evaluated "
            "by hand; template body only, HTML part only, without mail_notification_light",
            "file": f"mail/odoo/odoo-totp-mail-code-{tag}.eml",
            "note": "code is six digits (hotp, zero-padded); the mail also lists an IP address",
        }
        raw = message(sender=f'"{ctx["company"]}" <info@{ctx["domain"]}>',
                      subject=ODOO_SUBJECT[lang], text=None, html_part=rendered)  # fmt: skip
        write(item, raw)


# ---------------------------------------------------------------------------------------
# Sylius

SYLIUS_BUNDLES = ("Core", "Admin", "Shop")  # registration order: later bundles override
SYLIUS_LANGS = {
    "order_confirmation": ("en", "de", "fr", "cs", "ru", "uk"),
    "shipment_confirmation": ("en", "de", "nl", "ro", "mn"),
    "password_reset": ("en", "pl"),
}
SYLIUS_TEMPLATE = {
    "order_confirmation": "orderConfirmation",
    "shipment_confirmation": "shipmentConfirmation",
    "password_reset": "passwordReset",
}
SYLIUS_CHANNEL = {
    "en": ("Fashion Web Store", "fashion.example"), "de": ("Modehaus Weber", "modehaus.example"),
    "fr": ("Boutique Lumière", "lumiere.example"), "nl": ("Kledingwinkel Dijk", "dijk.example"),
    "cs": ("Obchod Novák", "novak.example"), "ro": ("Magazin Popescu", "popescu.example"),
    "ru": ("Магазин Берёзка", "berezka.example"), "uk": ("Крамниця Калина", "kalyna.example"),
    "mn": ("Дэлгүүр Тал", "tal.example"), "pl": ("Sklep Kowalski", "kowalski.example"),
}  # fmt: skip
SYLIUS_SHIPPING = {"en": "DHL Express", "de": "DHL Paket", "fr": "Colissimo", "nl": "PostNL",
                   "cs": "PPL", "ro": "FAN Courier", "mn": "Монгол Шуудан"}  # fmt: skip


def _flat(tree: Any, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in (tree or {}).items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _sylius_catalogue(repo: Path, commit: str, lang: str) -> dict[str, str]:
    cat: dict[str, str] = {}
    for bundle in SYLIUS_BUNDLES:
        path = f"src/Sylius/Bundle/{bundle}Bundle/Resources/translations/messages.{lang}.yml"
        try:
            text = _show(repo, commit, path)
        except subprocess.CalledProcessError:
            continue
        cat.update(_flat(yaml.safe_load(text)))
    return cat


def _twig_escape(value: str) -> str:
    """Twig's html escaper (htmlspecialchars with ENT_QUOTES)."""
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#039;"))  # fmt: skip


def sylius(repo: Path, commit: str) -> None:
    core = "src/Sylius/Bundle/CoreBundle/Resources/views/Email/"

    def load(name: str) -> str:
        assert name.startswith("@SyliusCore/Email/"), name
        source = _show(repo, commit, core + name.removeprefix("@SyliusCore/Email/"))
        return re.sub(r"\bnull\b", "none", source)  # Twig null is Jinja none

    class Escaped(str):
        def __html__(self) -> str:
            return self

    env = jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True,
                             finalize=lambda v: v if hasattr(v, "__html__") else
                             Escaped(_twig_escape(str(v))))  # fmt: skip
    env.filters["raw"] = lambda v: jinja2.filters.Markup(v)
    for name, langs in SYLIUS_LANGS.items():
        for lang in langs:
            cat = _sylius_catalogue(repo, commit, lang)
            store, dom = SYLIUS_CHANNEL[lang]

            def trans(key: str, params: dict[str, str] | None = None, _domain: Any = None,
                      _locale: Any = None, cat: dict[str, str] = cat) -> str:  # fmt: skip
                text = cat[key]  # KeyError: no fallback to English is wanted
                for k, v in (params or {}).items():
                    text = text.replace(k, str(v))
                return text

            def path(route: str, params: dict[str, str]) -> str:
                loc = params["_locale"]
                return {
                    "sylius_shop_homepage": f"/{loc}/",
                    "sylius_shop_order_show": f"/{loc}/order/{params.get('tokenValue')}",
                    "sylius_shop_password_reset": f"/{loc}/forgotten-password/{params.get('token')}",
                }[route]  # fmt: skip

            env.filters["trans"] = trans
            env.globals.update(
                path=path,
                asset=lambda p, _pkg=None: f"/{p}",
                sylius_channel_url=lambda p, _channel, d=dom: f"https://{d}{p}",
                sylius_bundle_loaded_checker=lambda b: b == "SyliusShopBundle",
            )
            number = str(RNG.randrange(1, 4000)).zfill(9)  # SequentialOrderNumberGenerator
            token = "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(10))
            data = {
                "localeCode": lang,
                "channel": {"name": store},
                "order": {"number": number, "tokenValue": token},
                "shipment": {"method": SYLIUS_SHIPPING.get(lang),
                             "tracking": "JJD00" + str(RNG.randrange(10**15, 10**16))},
                "user": {"username": "noor.tester@example.com",
                         "passwordResetToken": "".join(RNG.choice("0123456789abcdef")
                                                       for _ in range(32))},
            }  # fmt: skip
            tpl_name = SYLIUS_TEMPLATE[name]
            template = env.get_template(f"@SyliusCore/Email/{tpl_name}.html.twig")
            ctx = template.new_context(data)
            subject = "".join(template.blocks["subject"](ctx)).strip()
            body = template.render(data)
            paths = [core + f"{tpl_name}.html.twig", core + "layout.html.twig"]
            if name == "order_confirmation":
                paths += [core + "Blocks/OrderConfirmation/_subject.html.twig",
                          core + "Blocks/OrderConfirmation/_content.html.twig"]  # fmt: skip
            paths.append("src/Sylius/Bundle/{Core,Admin,Shop}Bundle/Resources/translations/"
                         f"messages.{lang}.yml")  # fmt: skip
            kind, note = {
                "order_confirmation": ("shop-order", "nine-digit order number shown large in "
                                       "a box; no code"),
                "shipment_confirmation": ("shop-order", "order number and a tracking code "
                                          "(called a code); no one-time code"),
                "password_reset": ("notice", "only a reset link"),
            }[name]  # fmt: skip
            item = {
                "id": f"sylius-{name.replace('_', '-')}-{lang}",
                "group": f"sylius-{name.replace('_', '-')}",
                "source": "sylius",
                "lang": lang,
                "kind": kind,
                "code": None,
                "repository": "Sylius/Sylius",
                "path": ", ".join(paths),
                "commit": commit,
                "licence": "MIT",
                "rendered": "Twig templates rendered with Jinja2 (null->none, Twig escaping), "
                "subject and body blocks as SyliusMailerBundle renders them, catalogues of "
                "Core/Admin/Shop bundles merged; HTML only as Sylius sends",
                "file": f"mail/sylius/sylius-{name.replace('_', '-')}-{lang}.eml",
                "note": note,
            }
            raw = message(sender=f"{store} <no-reply@{dom}>", subject=subject, text=None,
                          html_part=body)  # fmt: skip
            write(item, raw)


# ---------------------------------------------------------------------------------------
# PrestaShop (inline: the repository is too large to fetch; English, the catalogue the
# repository ships). Attribution notice (OSL-3.0 section 6): the templates below are from
# PrestaShop's mails/themes/classic/, "2007-2019 PrestaShop and Contributors ... This source
# file is subject to the Open Software License (OSL 3.0) ... @copyright 2007-2019 PrestaShop
# SA and Contributors @license https://opensource.org/licenses/OSL-3.0 Open Software License
# (OSL 3.0) International Registered Trademark & Property of PrestaShop SA". Modified here:
# the Twig licence comment block at the top of each file is left out (Twig comments are not
# rendered); see LICENSES/PrestaShop+PrestaShop.

PS_COMMIT_THEME = "109055641f35ccc450ee5ebcb647f30cd35f23f9"  # layout, header, footer, voucher
PS_COMMIT_2FA = "b2903fe8edbf51e3b2cbe7d865b149bec6d28ce9"  # two_factor_auth_code.html.twig
PS_THEME = "mails/themes/classic/"
PS_TEMPLATES = {
    "components/layout.html.twig": """<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/1999/REC-html401-19991224/strict.dtd">
<html>
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=0" />
    <title>{{ 'Message from {shop_name}'|trans({}, 'EmailsBody', locale) }}</title>
    <link rel="stylesheet" type="text/css" href="{{ mailThemesUrl }}/classic/assets/email.css">
    {% if languageIsRTL %}<link rel="stylesheet" type="text/css" href="{{ mailThemesUrl }}/classic/assets/rtl.css">{% endif %}

    <style>
      /****** responsive ********/
      @media only screen and (max-width: 300px){
        body {
          width:218px !important;
          margin:auto !important;
        }
        .table {width:195px !important;margin:auto !important;}
        .logo, .titleblock, .linkbelow, .box, .footer, .space_footer{width:auto !important;display: block !important;}
        span.title{font-size:20px !important;line-height: 23px !important}
        span.subtitle{font-size: 14px !important;line-height: 18px !important;padding-top:10px !important;display:block !important;}
        td.box p{font-size: 12px !important;font-weight: bold !important;}
        .table-recap table, .table-recap thead, .table-recap tbody, .table-recap th, .table-recap td, .table-recap tr {
          display: block !important;
        }
        .table-recap{width: 200px!important;}
        .table-recap tr td, .conf_body td{text-align:center !important;}
        .address{display: block !important;margin-bottom: 10px !important;}
        .space_address{display: none !important;}
      }

      @media only screen and (min-width: 301px) and (max-width: 500px) {
        body {width:308px!important;margin:auto!important;}
        .table {width:285px!important;margin:auto!important;}
        .logo, .titleblock, .linkbelow, .box, .footer, .space_footer{width:auto!important;display: block!important;}
        .table-recap table, .table-recap thead, .table-recap tbody, .table-recap th, .table-recap td, .table-recap tr {
          display: block !important;
        }
        .table-recap{width: 295px !important;}
        .table-recap tr td, .conf_body td{text-align:center !important;}

      }

      @media only screen and (min-width: 501px) and (max-width: 768px) {
        body {width:478px!important;margin:auto!important;}
        .table {width:450px!important;margin:auto!important;}
        .logo, .titleblock, .linkbelow, .box, .footer, .space_footer{width:auto!important;display: block!important;}
      }


      /* Mobile */

      @media only screen and (max-device-width: 480px) {
        body {width:308px!important;margin:auto!important;}
        .table {width:285px;margin:auto!important;}
        .logo, .titleblock, .linkbelow, .box, .footer, .space_footer{width:auto!important;display: block!important;}

        .table-recap{width: 295px!important;}
        .table-recap tr td, .conf_body td{text-align:center!important;}
        .address{display: block !important;margin-bottom: 10px !important;}
        .space_address{display: none !important;}
      }
    </style>
  </head>
  <body style="-webkit-text-size-adjust:none;" {% if languageIsRTL|default(false) %}dir="rtl"{% endif %}>
    <table class="table table-mail">
      <tr>
        <td id="header-left" class="space">&nbsp;</td>
        <td align="center">
          <table class="table" bgcolor="#ffffff">
            {% block header %}
              {% include '@MailThemes/classic/components/header.html.twig' %}
            {% endblock header %}

            {% block content %}
            {% endblock %}

            {% block footer %}
              {% include '@MailThemes/classic/components/footer.html.twig' %}
            {% endblock footer %}
          </table>
        </td>
        <td id="footer-right" class="space">&nbsp;</td>
      </tr>
    </table>
  </body>
</html>
""",
    "components/header.html.twig": """<tr>
  <td align="center" class="logo" style="border-bottom: 4px solid #333333">
    <a title="{shop_name}" href="{shop_url}" test="{shop_url}">
      <img src="{shop_logo}" alt="{shop_name}" />
    </a>
  </td>
</tr>
""",
    "components/footer.html.twig": """<tr>
  <td class="space_footer">&nbsp;</td>
</tr>
<tr>
  <td class="footer" style="border-top: 4px solid #333333">
    <span>{{ '<a href="{shop_url}">{shop_name}</a> powered by <a href="http://www.prestashop.com/">PrestaShop™</a>'|trans({}, 'EmailsBody', locale)|raw }}</span>
  </td>
</tr>
""",
    "core/voucher.html.twig": """{% extends '@MailThemes/classic/components/layout.html.twig' %}

{% block content %}
<tr>
  <td align="center" class="titleblock">
    <font size="2" face="{{ languageDefaultFont }}Open-sans, sans-serif" color="#555454">
      <span class="title">{{ 'Hi {firstname} {lastname},'|trans({}, 'EmailsBody', locale) }}</span>
    </font>
  </td>
</tr>
<tr>
  <td class="space_footer">&nbsp;</td>
</tr>
<tr>
  <td class="box" style="border:1px solid #D6D4D4;">
    <table class="table">
      <tr>
        <td width="10">&nbsp;</td>
        <td>
          <font size="2" face="{{ languageDefaultFont }}Open-sans, sans-serif" color="#555454">
            <p data-html-only="1" style="border-bottom:1px solid #D6D4D4;">
              {{ 'Order {order_name}'|trans({}, 'EmailsBody', locale) }}&nbsp;-&nbsp;{{ 'Voucher created'|trans({}, 'EmailsBody', locale)|raw }}
            </p>
            <span>
              {{ 'A voucher has been created in your name as a result of your order with the reference <span><strong>{order_name}</strong></span>.'|trans({}, 'EmailsBody', locale)|raw }}<br/><br/>
              {{ '<span><strong>Voucher code: {voucher_num}</strong></span> in the amount of <span><strong>{voucher_amount}</strong></span>'|trans({}, 'EmailsBody', locale)|raw }}<br /><br />
              {{ 'Simply copy/paste this code during the payment process for your next order.'|trans({}, 'EmailsBody', locale)|raw }}
            </span>
          </font>
        </td>
        <td width="10">&nbsp;</td>
      </tr>
    </table>
  </td>
</tr>
{% endblock %}
""",
    "core/two_factor_auth_code.html.twig": """{% extends '@MailThemes/classic/components/layout.html.twig' %}

{% block content %}
<tr>
  <td align="center" class="titleblock">
    <font size="2" face="{{ languageDefaultFont }}Open-sans, sans-serif" color="#555454">
      <span class="title">{{ 'Hi {firstname} {lastname},'|trans({}, 'Emails.Body', locale) }}</span>
    </font>
  </td>
</tr>
<tr>
  <td class="space_footer">&nbsp;</td>
</tr>
<tr>
  <td class="box" style="border:1px solid #D6D4D4;">
    <table class="table">
      <tr>
        <td width="10">&nbsp;</td>
        <td>
          <font size="2" face="{{ languageDefaultFont }}Open-sans, sans-serif" color="#555454">
            {% if templateType == 'html' %}

              <p style="border-bottom:1px solid #D6D4D4;">
                {{ 'Your authentication code'|trans({}, 'Emails.Body', locale) }}
              </p>

{% endif %}
            <span>
              {{ 'Your authentication code is'|trans({}, 'Emails.Body', locale) }} <strong>{auth_code}</strong>
            </span>
          </font>
        </td>
        <td width="10">&nbsp;</td>
      </tr>
    </table>
  </td>
</tr>
{% endblock %}
""",
}


def prestashop() -> None:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: PS_TEMPLATES[name.removeprefix("@MailThemes/classic/")]),
        autoescape=True, finalize=lambda v: v if hasattr(v, "__html__") else
        jinja2.filters.Markup(_twig_escape(str(v))))  # fmt: skip
    env.filters["raw"] = lambda v: jinja2.filters.Markup(v)
    env.filters["trans"] = lambda msg, *_a: msg  # English: the message is its own translation
    shop, dom = "Maison Verte", "maison-verte.example"
    common = {
        "{shop_name}": shop, "{shop_url}": f"https://{dom}/",
        "{shop_logo}": f"https://{dom}/img/logo.png",
        "{firstname}": "Noor", "{lastname}": "Tester",
    }  # fmt: skip
    theme_vars = {"locale": "en-US", "languageDefaultFont": "", "languageIsRTL": False,
                  "mailThemesUrl": f"https://{dom}/mails/themes", "templateType": "html"}  # fmt: skip
    reference = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(9))
    auth_code = str(RNG.randrange(1000, 10000))  # scheb/2fa-email default: 4 digits
    mails = [
        ("two-factor-auth-code", "core/two_factor_auth_code.html.twig", PS_COMMIT_2FA,
         "Your authentication code", {"{auth_code}": auth_code}, auth_code, "shop-otp",
         "back-office sign-in code of four digits (scheb/2fa-email default length)"),
        ("voucher", "core/voucher.html.twig", PS_COMMIT_THEME,
         f"New voucher for your order #{reference}",
         {"{order_name}": reference, "{voucher_num}": f"V0C58O{RNG.randrange(100, 999)}",
          "{voucher_amount}": "€18.50"}, None, "shop-order",
         "a voucher (discount) code to paste at checkout and a nine-letter order reference; "
         "a discount code is not a one-time code"),
    ]  # fmt: skip
    for name, tpl, commit, subject, extra, code, kind, note in mails:
        body = env.get_template(tpl).render(theme_vars)
        for key, value in {**common, **extra}.items():  # Mail::send replaces {vars}
            body = body.replace(key, html.escape(value))
        paths = [PS_THEME + tpl] + [PS_THEME + f"components/{c}.html.twig"
                                    for c in ("layout", "header", "footer")]  # fmt: skip
        item = {
            "id": f"prestashop-{name}-en",
            "group": f"prestashop-{name}",
            "source": "prestashop",
            "lang": "en",
            "kind": kind,
            "code": code,
            "repository": "PrestaShop/PrestaShop",
            "path": ", ".join(paths),
            "commit": commit,
            "licence": "OSL-3.0",
            "rendered": "classic mail theme rendered with Jinja2 (English messages), then the "
            "{placeholders} filled as Mail::send does, subject prefixed [shop name]; HTML part "
            f"only, CSS not inlined; layout/header/footer at {PS_COMMIT_THEME}",
            "file": f"mail/prestashop/prestashop-{name}-en.eml",
            "note": note,
        }
        raw = message(sender=f"{shop} <noreply@{dom}>", subject=f"[{shop}] {subject}",
                      text=None, html_part=body)  # fmt: skip
        write(item, raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opencart", type=Path, required=True)
    parser.add_argument("--sylius", type=Path, required=True)
    args = parser.parse_args()
    opencart(args.opencart)
    odoo()
    sylius(args.sylius, SYLIUS_COMMIT)
    prestashop()
    out = HERE / "round3" / "shop.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"items": ITEMS}, ensure_ascii=False, indent=1) + "\n",
                   encoding="utf-8")  # fmt: skip
    print(f"{len(ITEMS)} mails, {sum(i['code'] is not None for i in ITEMS)} with a code")


if __name__ == "__main__":
    main()
