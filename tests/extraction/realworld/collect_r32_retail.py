"""Round 32, retail (blind): VirtueMart, the Joomla shop component, its registration mails
(the shopper's welcome mail with the login name and the password the shopper chose, and the
shop owner's new-shopper notice) in the 33 languages its snapshot ships, rendered in Python
from the snapshot's PHP layouts and Joomla ``.ini`` catalogues at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r32_retail.py \\
        --mirrors /work/.mirror

No tool outside this Python is needed: the layouts are plain PHP ``echo`` statements, each
transcribed below next to the line it copies.

- smartink2512/virtuemart (GPL-2.0-only: ``administrator/components/com_virtuemart/
  virtuemart.xml`` ``<license>http://www.gnu.org/licenses/gpl-2.0.html GNU/GPL</license>``,
  every file's header "GNU/GPL"), commit VM_COMMIT (VirtueMart 3, 2016). Mails:
  ``administrator/components/com_virtuemart/models/user.php`` ``store`` sends
  ``sendRegistrationEmail($user, $password, $doUserActivation)`` after a shopper registers:
  ``$password`` is ``$user->password_clear`` when com_users' ``sendpassword`` is on (Joomla's
  default, 1), the password the shopper typed, read with ``vRequest::getCmd`` (lines
  317-319: letters, digits, ``.``, ``_``, ``-`` only); with ``useractivation`` on (Joomla's
  default, self-activation) the activation token is ``vRequest::getHash(vmCrypt::
  getHumanToken(8))`` (32 hex digits) in ``index.php?option=com_users&task=
  registration.activate&token=...``; ``doVendor`` is com_users' ``mail_to_admin`` (on here).
  ``components/com_virtuemart/helpers/shopfunctionsf.php`` ``renderMail`` /
  ``sendVmMail``: ``VmConfig::loadJLang`` loads en-GB first (``enableEnglish``, default
  on) and the site language over it (``components/com_virtuemart/language/<tag>/`` or the
  root ``language/<tag>/<tag>.com_virtuemart*.ini``; the Arabic file is named
  ``ar_AA.com_virtuemart.ini``, not ``ar-AA...``, so it never loads and Arabic is left out);
  ``components/com_virtuemart/views/user/view.html.php`` ``renderMailLayout`` picks
  ``mail_raw_reguser`` / ``mail_raw_regvendor`` when ``order_mail_html`` is off (the raw
  layouts are used here: the shop's "HTML mails" switch off) and sets the subject
  ``COM_VIRTUEMART_NEW_SHOPPER_SUBJECT`` / ``COM_VIRTUEMART_VENDOR_NEW_SHOPPER_SUBJECT``
  (``sprintf(username, vendor_store_name)``), ``html_entity_decode``d; ``isHTML(false)``
  gives one text/plain part (Joomla's PHPMailer, utf-8), from Joomla's ``mailfrom`` /
  ``fromname`` (``useVendorEmail`` off, the default). The user fields printed are the
  filled ones of ``install/install_essential_data.sql`` in its ``ordering`` (email,
  username, displayed name, first name, last name, address, zip, city, phone; title,
  country and state left unselected), their titles translated from the catalogues (a key a
  catalogue lacks falls back to en-GB, as loaded first). ``mail_raw_reguser.php`` builds the
  activation link as ``'<a class="default" href="' . root . link . '>' . text . '</a>'`` (the
  closing quote missing in the source) and prints it twice; kept as written.
  The nl-NL, pl-PL and ru-RU welcome lines end in a lone ``%`` (``"Witamy w %"``): PHP 5
  and 7, which VirtueMart 3 ran on, print nothing for it, so the name is left out.
  Labels: the welcome mail gives the password to type with the login name (``code`` = the
  password); the shop owner's notice gives no password (``null``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from collect import HERE, message

SENT = datetime(2026, 12, 8, 10, 12, tzinfo=UTC)
OUT = HERE / "round32" / "retail.json"

VM = "smartink2512/virtuemart"
VM_COMMIT = "cde8a8a9dd9fd720fea13b1ef39bd0293ad6d2d5"
VM_LICENCE = "GPL-2.0-only"
VM_RENDERED = "Python transcription of VirtueMart's raw mail layouts and Joomla .ini catalogues"
ROOT = "https://www.lindenhof-laden.example/"
STORE = "Lindenhof Laden"
SENDER = "Lindenhof Laden <shop@lindenhof-laden.example>"
VENDOR_TO = "inhaber@lindenhof-laden.example"

# Site languages of the snapshot (root language/<tag>/), en-GB from the component itself.
LANGS = [
    "en-GB", "bg-BG", "bs-BA", "ca-ES", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-US", "es-ES",
    "et-EE", "fa-IR", "fi-FI", "fr-FR", "hu-HU", "id-ID", "it-IT", "lt-LT", "nb-NO", "nl-NL",
    "pl-PL", "pt-BR", "pt-PT", "ro-RO", "ru-RU", "sk-SK", "sl-SI", "sr-YU", "sv-SE", "th-TH",
    "tr-TR", "zh-CN", "zh-TW",
]  # fmt: skip
# (first name, last name, city, zip, street, password the shopper chose: getCmd characters)
PEOPLE = {
    "en-GB": ("Noor", "Tester", "York", "YO1 7HH", "12 Stonegate", "Hazel.Lane-47"),
    "bg-BG": ("Noor", "Petrova", "Plovdiv", "4000", "ul. Rayko Daskalov 9", "Lipa_2719"),
    "bs-BA": ("Noor", "Hodžić", "Mostar", "88000", "Maršala Tita 41", "Most.Stari88"),
    "ca-ES": ("Noor", "Puig", "Girona", "17004", "Carrer Nou 15", "Garrotxa-315"),
    "cs-CZ": ("Noor", "Novotná", "Brno", "60200", "Masarykova 22", "Spilberk.1645"),
    "da-DK": ("Noor", "Jensen", "Aarhus", "8000", "Søndergade 31", "Bogskov_82"),
    "de-DE": ("Noor", "Becker", "Freiburg", "79098", "Salzstraße 14", "Linde.Baum-93"),
    "el-GR": ("Noor", "Papadaki", "Patra", "26221", "Korinthou 57", "Elia2024.k"),
    "en-US": ("Noor", "Tester", "Portland", "97205", "1402 SW Main St", "Cedar-Porch-19"),
    "es-ES": ("Noor", "García", "Zaragoza", "50001", "Calle Alfonso I 8", "Olivo.Verde7"),
    "et-EE": ("Noor", "Tamm", "Tartu", "51003", "Rüütli 11", "Kask_Mets-5"),
    "fa-IR": ("Noor", "Ahmadi", "Isfahan", "81468", "Chaharbagh 120", "Zayandeh.2031"),
    "fi-FI": ("Noor", "Virtanen", "Tampere", "33100", "Hämeenkatu 9", "Koivu-Pirkka64"),
    "fr-FR": ("Noor", "Martin", "Nantes", "44000", "12 rue Crébillon", "Tilleul.Brun38"),
    "hu-HU": ("Noor", "Kovács", "Pécs", "7621", "Király utca 18", "Hars_Fa.713"),
    "id-ID": ("Noor", "Wijaya", "Bandung", "40111", "Jl. Braga 27", "Kopi.Luwak-26"),
    "it-IT": ("Noor", "Rossi", "Bologna", "40126", "Via dell'Indipendenza 5", "Tiglio-Verde51"),
    "lt-LT": ("Noor", "Kazlauskė", "Kaunas", "44280", "Laisvės al. 60", "Liepa_Gintaras4"),
    "nb-NO": ("Noor", "Hansen", "Bergen", "5014", "Strandgaten 3", "Fjord.Lind-77"),
    "nl-NL": ("Noor", "de Vries", "Utrecht", "3511 LX", "Oudegracht 101", "Linde_Boom.29"),
    "pl-PL": ("Noor", "Kowalska", "Kraków", "31-042", "ul. Floriańska 16", "Lipa.Wisla-84"),
    "pt-BR": ("Noor", "Souza", "Curitiba", "80010-000", "Rua XV de Novembro 300", "Ipe.Amarelo-6"),
    "pt-PT": ("Noor", "Ferreira", "Braga", "4700-312", "Rua do Souto 44", "Tilia_Minho.23"),
    "ro-RO": ("Noor", "Popescu", "Cluj-Napoca", "400114", "Str. Memorandumului 7", "Tei.Somes-58"),
    "ru-RU": ("Noor", "Ivanova", "Kazan", "420111", "ul. Baumana 19", "Lipa_Volga.402"),
    "sk-SK": ("Noor", "Horváthová", "Košice", "04001", "Hlavná 33", "Lipa-Tatry.91"),
    "sl-SI": ("Noor", "Novak", "Maribor", "2000", "Slovenska ulica 6", "Lipa.Drava_12"),
    "sr-YU": ("Noor", "Jovanović", "Novi Sad", "21000", "Zmaj Jovina 4", "Lipa-Fruska.37"),
    "sv-SE": ("Noor", "Lindqvist", "Uppsala", "75310", "Drottninggatan 8", "Lind.Fyris-55"),
    "th-TH": ("Noor", "Saetang", "Chiang Mai", "50200", "Tha Phae Rd 88", "Dok.Mai-2567"),
    "tr-TR": ("Noor", "Yılmaz", "İzmir", "35210", "Kıbrıs Şehitleri Cd. 40", "Ihlamur_Ege.61"),
    "zh-CN": ("Noor", "Wang", "Hangzhou", "310006", "Yan'an Rd 218", "Xihu.Longjing-8"),
    "zh-TW": ("Noor", "Lin", "Tainan", "700", "Zhongzheng Rd 135", "Anping_Fort.1624"),
}
KEY = re.compile(r'^([A-Z0-9_.\-]+)\s*=\s*"(.*)"\s*$')


def git(mirrors: Path, *args: str) -> bytes:
    gd = mirrors / VM.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(gd), *args], check=True, capture_output=True
    ).stdout


def ini(mirrors: Path, path: str) -> dict[str, str]:
    """Joomla's language file: KEY="value" lines, ``_QQ_`` standing for a double quote."""
    out: dict[str, str] = {}
    text = git(mirrors, "show", f"{VM_COMMIT}:{path}").decode("utf-8").lstrip("\ufeff")
    for line in text.splitlines():
        m = KEY.match(line.strip())
        if m:
            out[m.group(1)] = m.group(2).replace('"_QQ_"', '"').replace("_QQ_", '"')
    return out


def catalogue(mirrors: Path, tag: str) -> dict[str, str]:
    """VmConfig::loadJLang: en-GB first (enableEnglish), then the site language over it."""
    tree = set(git(mirrors, "ls-tree", "-r", "--name-only", VM_COMMIT).decode().split("\n"))
    strings: dict[str, str] = {}
    for name in ("com_virtuemart", "com_virtuemart_shoppers", "com_virtuemart_orders"):
        for lang in ("en-GB", tag):
            for base in ("components/com_virtuemart/language", "language"):
                path = f"{base}/{lang}/{lang}.{name}.ini"
                if path in tree:
                    strings.update(ini(mirrors, path))
                    break
    return strings


def php_sprintf(fmt: str, *args: str) -> str:
    """vmText::sprintf: PHP sprintf with %s and %1$s."""
    it = iter(args)

    def sub(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(0) == "%":  # a lone % ending the format: PHP 5/7 print nothing for it
            return ""
        return args[int(m.group(1)) - 1] if m.group(1) else next(it)

    return re.sub(r"%%|%(?:(\d+)\$)?s|%$", sub, fmt)


def fields(t: dict[str, str], tag: str, username: str) -> list[tuple[str, str, str]]:
    first, last, city, zip_code, street, _ = PEOPLE[tag]
    rows = [
        ("email", "COM_VIRTUEMART_REGISTER_EMAIL", "noor.tester@example.com"),
        ("username", "COM_VIRTUEMART_USERNAME", username),
        ("name", "COM_VIRTUEMART_USER_DISPLAYED_NAME", f"{first} {last}"),
        ("first_name", "COM_VIRTUEMART_SHOPPER_FORM_FIRST_NAME", first),
        ("last_name", "COM_VIRTUEMART_SHOPPER_FORM_LAST_NAME", last),
        ("address_1", "COM_VIRTUEMART_SHOPPER_FORM_ADDRESS_1", street),
        ("zip", "COM_VIRTUEMART_SHOPPER_FORM_ZIP", zip_code),
        ("city", "COM_VIRTUEMART_SHOPPER_FORM_CITY", city),
        ("phone_1", "COM_VIRTUEMART_SHOPPER_FORM_PHONE", "+49 761 4071 288"),
    ]
    return [(name, t.get(key, key), value) for name, key, value in rows]


def reguser(t: dict[str, str], tag: str, username: str, password: str, token: str) -> str:
    first, last = PEOPLE[tag][:2]
    li = "\n"
    out = php_sprintf(t["COM_VIRTUEMART_WELCOME_USER"], f"{first} {last}") + li + li
    activation = (
        '<a class="default" href="' + ROOT
        + f"index.php?option=com_users&task=registration.activate&token={token}"
        + ">" + t["COM_VIRTUEMART_LINK_ACTIVATE_ACCOUNT"] + "</a>"
    )  # fmt: skip
    out += activation + li
    out += t["COM_VIRTUEMART_SHOPPER_REGISTRATION_DATA"] + li
    out += t["COM_VIRTUEMART_YOUR_LOGINAME"] + " : " + username + li
    out += t["COM_VIRTUEMART_YOUR_DISPLAYED_NAME"] + " : " + f"{first} {last}" + li
    out += t["COM_VIRTUEMART_YOUR_PASSWORD"] + " : " + password + li
    out += li + t["COM_VIRTUEMART_YOUR_ADDRESS"] + " : " + li
    out += li
    out += activation + li
    for name, title, value in fields(t, tag, username):
        out += title + ": " + value + li
        if name not in ("title", "first_name", "middle_name", "zip"):
            out += li
    out += li
    return out


def regvendor(t: dict[str, str], tag: str, username: str) -> str:
    first, last = PEOPLE[tag][:2]
    li = "\n"
    # the layout opens with "?>\n\n\n<?php echo": PHP eats the newline right after each "?>"
    out = "\n\n"
    out += php_sprintf(t["COM_VIRTUEMART_WELCOME_VENDOR"], STORE) + li + li
    out += t["COM_VIRTUEMART_VENDOR_REGISTRATION_DATA"] + " " + li
    out += t["COM_VIRTUEMART_USERNAME"] + username + li
    out += t["COM_VIRTUEMART_DISPLAYED_NAME"] + f"{first} {last}" + li + li
    out += t["COM_VIRTUEMART_ENTERED_ADDRESS"] + li + "\n\n"
    for _name, title, value in fields(t, tag, username):
        out += title + " " + value + li
    out += li
    out += ROOT + "index.php?option=com_virtuemart&view=user" + li
    out += li
    return out


def virtuemart(mirrors: Path) -> list[dict]:
    items = []
    base = "components/com_virtuemart/views/user/tmpl/"
    for tag in LANGS:
        t = catalogue(mirrors, tag)
        last, password = PEOPLE[tag][1], PEOPLE[tag][5]
        username = f"noor.{last.lower().replace(' ', '')}"
        token = hashlib.md5(f"virtuemart-activation-{tag}".encode()).hexdigest()
        subject = html.unescape(
            php_sprintf(t["COM_VIRTUEMART_NEW_SHOPPER_SUBJECT"], username, STORE)
        )
        raw = message(sender=SENDER, subject=subject, text=reguser(t, tag, username, password, token),
                      html_part=None, sent=SENT)  # fmt: skip
        items.append(
            {
                "id": f"virtuemart-registration-{tag.lower()}",
                "group": "virtuemart-registration",
                "lang": tag,
                "kind": "shop-otp",
                "code": password,
                "path": base + "mail_raw_reguser.php",
                "raw": raw,
                "note": "welcome mail after registration: login name and the password the "
                "shopper chose (com_users sendpassword on), to type at login after activating",
            }
        )
        subject = html.unescape(
            php_sprintf(t["COM_VIRTUEMART_VENDOR_NEW_SHOPPER_SUBJECT"], username, STORE)
        )
        raw = message(sender=SENDER, subject=subject, text=regvendor(t, tag, username),
                      html_part=None, sent=SENT)  # fmt: skip
        raw = raw.replace(b"To: noor.tester@example.com", f"To: {VENDOR_TO}".encode(), 1)
        items.append(
            {
                "id": f"virtuemart-new-shopper-vendor-{tag.lower()}",
                "group": "virtuemart-new-shopper-vendor",
                "lang": tag,
                "kind": "notice",
                "code": None,
                "path": base + "mail_raw_regvendor.php",
                "raw": raw,
                "note": "shop owner's notice of a new shopper: user name and address, no password",
            }
        )
    for item in items:
        item.update(
            source="virtuemart",
            repository=VM,
            commit=VM_COMMIT,
            licence=VM_LICENCE,
            rendered=VM_RENDERED,
            file=f"mail/virtuemart/{item['id']}.eml",
        )
    return items


FIELDS = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
          "licence", "rendered", "file"]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    out_items = []
    for item in virtuemart(args.mirrors):
        raw = item["raw"]
        path = HERE / item["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        row = {k: item[k] for k in FIELDS}
        row["sha256"] = hashlib.sha256(raw).hexdigest()
        row["note"] = item["note"]
        out_items.append(row)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"items": out_items}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(out_items)} mails, {sum(1 for i in out_items if i['code'])} with a code")


if __name__ == "__main__":
    main()
