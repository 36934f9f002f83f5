"""The words that decide what a number in a mail is: code words, words that make the next
number something else, the verbs that ask for a code, and the words that say what kind of
mail it is. Pure data and compiled patterns; :mod:`otpmail._decoding._codes` reads them
(``docs/code-scoring.md`` says how).
"""

from __future__ import annotations

import re

_POS, _NEG, _VERB = 1, -1, 2


def _split_alternatives(*chunks: str) -> list[str]:
    """The top-level ``|`` alternatives of regex source ``chunks``."""
    alternatives: list[str] = []
    for chunk in chunks:
        depth, current, i = 0, "", 0
        while i < len(chunk):
            ch = chunk[i]
            if ch == "\\":
                current += chunk[i : i + 2]
                i += 2
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "|" and depth == 0:
                alternatives.append(current)
                current, i = "", i + 1
                continue
            current += ch
            i += 1
        if current:
            alternatives.append(current)
    return alternatives


def _words(*chunks: str, cased: bool = False) -> re.Pattern[str]:
    """One regex for word-initial alternatives (``|``-separated in ``chunks``). The shared
    ``\\b`` lets the engine skip every position inside a word, and alternatives are grouped
    by their first letter so that a word start tries one group, not the whole list: this
    keeps long lists fast."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for alt in _split_alternatives(*chunks):
        first = alt[0]
        if first.isalpha() and alt[1:2] not in ("?", "*", "+", "{"):
            key = first if cased else first.lower()
            groups.setdefault(key, []).append(alt[1:])
        else:
            rest.append(alt)
    parts = [f"{key}(?:{'|'.join(alts)})" for key, alts in groups.items()] + rest
    flags = "" if cased else "(?i)"
    return re.compile(flags + r"\b(?:" + "|".join(parts) + ")")


def _phrases(*chunks: str) -> re.Pattern[str]:
    """Alternatives in scripts written without spaces (CJK): no boundary."""
    return re.compile("|".join(_split_alternatives(*chunks)))


_CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")

_SECRET_WORDS = (
    "password", "passwort", "kennwort", "mot de passe", "contraseña", "senha", "wachtwoord",
    r"hasł(?:o|em)", "parol[aă]", "lösenord", "adgangskode", "kodeord", "passord", "salasana",
    r"hesl(?:o|a|em)", r"jelszó\w*", r"jelszav\w*", r"şifre\w*", "geslo", r"lozink\w*", "parool", "mật khẩu", "kata sandi",
    r"парол(?:ь|ем|я|ю)", r"лозинк\w*", "парола", "clave", "clau de pas", "paswoord", "credential", "zugangsdaten", "credenziali",
    "contrasinal", "pasahitza?", "گذرواژه", r"کلمه ?ی عبور", "رمز عبور", "كلمة المرور", "كلمة السر", "ה?סיסמה", r"סיסמת\w*", "ה?סיסמא", "ה?ססמה", "கடவுச்சொல்",
    "contrasenya", "sandi", "нууц үг", "сырсөз", "recovery key",
    r"credenciale?s?", "κωδικό[ςσ]? πρόσβασης", "συνθηματικό", "pasfhocal", "lykilorð",
    "parole", "nenosiri", "پارول", r"գաղտնաբառ\w*", "पासवर्ड", "പാസ്വേഡ്", r"fjalëkalim\w*",
    "kata laluan", "cyfrinair", "şifrə", r"құпия ?сөз\w*", r"secret(?= ?[:：])",
    r"palavra[- ](?:chave|passe)", r"parolu\w*", "الرقم السري", "کلمه عبور", r"šifr[aeu]",
    "pasvorto", r"salasõna\w*", "بكلمة المرور", "بكلمة السر", "passordet", "lösenordet", "adgangskoden",
    "kodeordet",
    # languages no sender of the corpus wrote yet, from their UIs' usual word
    r"პაროლ\w*", "wagwoord", "wachtwurd", "passwuert", "parol", r"slaptažod\w*", "серсүз",
    "şîfre", "وشەی نهێنی", "پاس ورڈ", "পাসওয়ার্ড", "পাছৱৰ্ড", "పాస్\u200cవర్డ్", "పాస్వర్డ్",
    "ಪಾಸ್\u200cವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್", "પાસવર્ડ", "ਪਾਸਵਰਡ", "ପାସୱାର୍ଡ", "මුරපදය", "စကားဝှက်",
    "የይለፍ ቃል", "açar sözi", "kalmar sirri", "iphasiwedi", "tenimiafina", "modpas", "senhal",
    "facal-faire", "ger-tremen",
    # a compound ending in a password word, with its colon ("slettepassordet:",
    # "Löschpasswort:"); its first parts listed, since a pattern that looks for the word
    # inside any word is tried at every letter of every mail
    r"(?:slette|lösch|loesch|start|initial|zugangs|anmelde|login|konto|admin|app|gast|gäste)"
    r"(?:passord|passwort|kennwort|wachtwoord)\w{0,3}(?= ?[:：])",
)  # fmt: skip
_CJK_SECRET_WORDS = "密码|密碼|パスワード|비밀번호|패스워드|암호|ລະຫັດຜ່ານ|លេខសំងាត់|ពាក្យសម្ងាត់|รหัสผ่าน"
"""Password words of scripts written without spaces between words (no word boundary)."""
_SCRIPT_MARKS = r"\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u200c"
"""The Indic, Thai, Lao, Burmese and Khmer blocks, whose vowel signs and viramas (combining
marks) ``\\w`` leaves out (``পাসওয়ার্ড``, ``ของคุณ``), and the zero-width non-joiner."""
_MARKED_WORD = rf"[\w{_SCRIPT_MARKS}-]"
"""A word's character, combining marks included."""
_INFLECTED = rf"[\w{_SCRIPT_MARKS}]{{0,5}}"
"""A case ending or possessive glued to a password word (Lithuanian ``slaptažodį``, Uzbek
``parolingiz``, Finnish ``salasanasi``)."""
_GIVEN_SECRET_WORDS = "|".join(
    w
    + _INFLECTED
    + rf"(?=(?: {_MARKED_WORD}+){{0,4}}(?:[ \t]*\([^()\n]{{1,200}}\))?[ \t]*\\?[:：])"
    for w in _SECRET_WORDS
)
"""A password or credential word followed by its colon (up to four words between): one
alternative a word, so that :func:`_words` groups them by their first letter."""
_SECRET_BEFORE_VALUE = r"(?=[ \t]+(?=[^\s:]*(?-i:[0-9]|[a-z][A-Z]))[^\s:]+[ \t]*(?:\n|\Z))"
_SECRET_IN_TABLE = "|".join(w + _SECRET_BEFORE_VALUE for w in _SECRET_WORDS)
"""A password word before one random value that ends its line: a table's row (``User Name
ntester`` / ``Password  eJSCIrAU``), which gives it without a colon; not a title
(``Password Reset``). One alternative a word, as for :data:`_GIVEN_SECRET_WORDS`."""
_IS_WORDS = "is|ist|lautet|est|es|è|é|är|er|je|jest|ay|е|је"
"""The word for "is" where a mail says a password or code "is" a value (``Passwort
lautet``, ``mot de passe est``, Bulgarian ``парола е``): one list for every pattern that
needs it, each adding what only it allows."""
_SECRET_IS = "|".join(
    w + rf"(?=(?: [\w-]+){{0,2}}[ \t]+(?:{_IS_WORDS}|wynosi|to|a|à)"
    r"[ \t]+(?=\S*(?-i:[0-9]|[a-z][A-Z])|\S*[!#$%&*+/:;<=>?@^_{|}~]\S))"
    for w in _SECRET_WORDS
)
"""A password word that the sentence says "is" a random value (``Your password is``, ``A
túa contrasinal temporal é``, ``Ang iyong pansamantalang password ay``; not ``… mot de passe
est indiqué ci-dessous``)."""
_SECRET_IS += "|" + "|".join(
    w + r"\w{0,4}(?= on[ \t]+(?=\S*(?-i:[0-9]|[a-z][A-Z])|\S*[!#$%&*+/:;<=>?@^_{|}~]\S))"
    for w in ("salasana", "parool", "salasõna")
)
"""Finnish and Estonian say "is" with ``on`` (``Salasanasi on Xk8pQ2mz``)."""
_SECRET_IN_BRACKETS = "|".join(w + r"[ \t]*\((?=[^()\s]{4,32}\))" for w in _SECRET_WORDS)
"""A password word and its value in brackets (``and password (1UWOlSDD)``)."""
_TEMPORARY_PASSWORD = (
    r"temporary password\b|temp password\b|initial password\b|"
    # a temporary password is given to be typed, with or without a colon
    r"tempor[äa]r\w* (?:passwort|kennwort)\b|tijdelijke? wachtwoord\b|"
    r"тимчасов\w* парол\w*|временн\w* парол\w*|contraseña temporal\b|senha temporária\b"
)
_GIVEN_SECRET = re.compile(
    f"(?i){_GIVEN_SECRET_WORDS}|{_SECRET_IN_BRACKETS}|{_SECRET_IN_TABLE}|{_SECRET_IS}|"
    f"{_TEMPORARY_PASSWORD}|(?:{_CJK_SECRET_WORDS})(?=[ \t]*[:：])"
)
"""Such a label: what it gives is given to be used, in any kind of mail."""

_PIN_CODE_IS = r"(?:[ \t]+(?:for|für|pour)\b[^\n.]{0,40})?[ \t]+(?:is|ist|lautet|est)\b"
"""What makes a PIN code the reader's: ``is`` after it (``Your PIN code is``, ``Ihr
PIN-Code lautet``), not an address's colon (``Pin code: 560001``)."""

# Code words. A word ending in "code" counts (Bestätigungscode, verificatiecode); the
# negative compounds (Gutscheincode, promo code) are as long or longer and win.
_POSITIVE = _words(
    # "code" alone or ending a compound, and its kin in more languages (verifieringskod,
    # bekræftelseskode, vahvistuskoodi, kódot, kóða)
    # Finnish and Estonian "on" is "is" ("Vahvistuskoodisi on 482913"), not "on" a date
    r"[a-zà-öø-ÿß\u0100-\u017f]*?(?:code(?![a-z])|"
    r"kood on(?= )|(?:kode|koden|kodu|kodą|kodin|kodhi|kodas|koda|kod|kood)\b|"
    r"koodi\w*(?: on(?= ))?|(?:kód|kóð)\w*|kodenya\b|c[òó]di\b|kodingiz\b|kodni\b|kodi\b|"
    # Basque, Latvian, Esperanto, Romanian, Maltese, Yoruba/Igbo, Somali, Zulu, Xhosa, Swahili
    r"kodea\b|kods\b|kodo\w*|codul\b|kodiċi\b|koodu\b|koodh\w*|ikhodi\b|ikhowudi\b|"
    r"msimbo\b|kòd\b|kaody\b)|"
    r"pass ?code\b|otp\b|2fa\b|captcha\b|mã (?:xác (?:minh|nhận|thực)|otp|bảo mật|đăng nhập|kích hoạt)|one[- ]time (?:password|pin)\b|"
    r"security token\b|token\b|tòcan\b|jedouer\b|(?:nykel|nøkkel)\w*(?=(?: din)? ?[:：])|jeton\w*|жетон\w*|belirteç\w*|verification pin\b|einmal-?(?:passwort|kennwort)\b|"
    r"mot de passe (?:à usage unique|temporaire|unique)\b|c[óo]digo\b|clave\b|"
    r"contraseña (?:de un solo uso|temporal|única)\b|codice\b|"
    r"password (?:monouso|temporanea|usa e getta)\b|senha (?:de (?:uso|utilização) única?|temporária|única)\b|"
    r"eenmalig wachtwoord\b|kod(?:u|em|zie|y|unuz|unu|unuzu|un|a)?\b|has(?:ło|ła) jednorazow\w*|"
    r"код\w*|одноразов\w* парол\w*|(?:еднократн|једнократн)\w* (?:лозинк|парол)\w*|бір реттік құпия ?сөз\w*|"
    r"рамз\w*|"
    r"codi\b|codicem\b|cód\b|cod\b|"
    # what a mail calls its confirmation number is given to be used (not an order's number)
    # a bank's challenge for strong customer authentication ("Your consent challenge : …")
    r"challenge(?= ?[:=])|"
    # a key the reader is told to use, with its colon ("use the following activation key:
    # k4Q8b2Xr…"), not a product's licence key in prose
    r"(?:activation|security|verification|authori[sz]ation|authentication) key(?= ?[:：])|verify ?key(?= ?[:：])|"
    # "copy/paste this key into the form:" over it
    r"(?:this|the following) key(?=[^\n.]{0,40}[:：][ \t]*(?:\n|$))|(?:aktivierungs|sicherheits)schlüssel(?= ?[:：])|"
    r"clé d'activation(?= ?[:：])|ключ\w* активации(?= ?[:：])|klucz\w* aktywac\w*(?= ?[:：])|",
    rf"pin[ -]?codes?(?={_PIN_CODE_IS})",
    # a password or credential the mail gives to be typed ("Your password: bcCE79DF9r",
    # "Passwort: mPCWVtvpju", "Your credential: 5itLQ-J6o2Kc-…"): only with its colon, so
    # "password changed" or "reset your password" is no label
    _GIVEN_SECRET_WORDS,
    _SECRET_IN_BRACKETS,
    _SECRET_IN_TABLE,
    _SECRET_IS,
    _TEMPORARY_PASSWORD,
    r"confirmation (?:number|no\b\.?|#)|bestätigungsnummer\b|"
    r"n[úu]mero de (?:confirmaci[óo]n|confirma[çc][ãa]o)\b|num[ée]ro de confirmation\b|"
    r"numero di conferma\b|bevestigingsnummer\b|numer potwierdzenia\b",
)
_POSITIVE_CASED = _words(
    r"PIN\b|PIN[1-9](?= ?:)|TAN\b|mTAN\b|smsTAN\b|pushTAN\b|mobileTAN\b|chipTAN\b|photoTAN\b|appTAN\b|"
    r"SMS-TAN\b|TAN-Nummer\b",
    cased=True,
)
_POSITIVE_SCRIPTS = _phrases(
    # "code" in scripts \b does not suit (joined or combining letters): Arabic, Persian, Urdu,
    # Sindhi, Hebrew, Greek, the Indic scripts, Sinhala, Thai, Khmer
    r"رمز|كود|کد|کوڈ|کوډ|کۆد|ڪوڊ|קוד|קאָד|κωδικ|Κωδικ|कोड|কোড|કોડ|ਕੋਡ|ಕೋಡ್|கோட|குறியீ|కోడ్|കോഡ്|କୋଡ|"
    r"කේත|รหัส|កូដ|"
    # Armenian, Georgian, Amharic, Lao, Burmese
    r"կոդ|კოდ|ኮድ|ລະຫັດ|ကုဒ်|"
    # "OTP" as Indic scripts spell it
    r"ओटीपी|ওটিপি|ஓடிபி|ఓటీపీ|ಒಟಿಪಿ|ഒടിപി|ઓટીપી|ਓਟੀਪੀ"
)
"""Applied to text that is not ASCII only."""
_POSITIVE_CJK = _phrases(
    r"確認コード|認証コード|認証番号|ワンタイムパスワード|ワンタイムコード|セキュリティコード|"
    r"ログインコード|認証キー|検証コード|パスコード|暗証番号|コード|验证码|驗證碼|校验码|校驗碼|动态码|激活密钥|激活金鑰|"
    r"動態碼|动态密码|動態密碼|一次性密码|一次性密碼|安全码|安全碼|确认码|確認碼|认证码|認證碼|"
    r"登录码|登入碼|验证代码|驗證代碼|代码|代碼|인증\s?번호|인증\s?코드|확인\s?코드|"
    r"보안\s?코드|일회용\s?비밀번호|로그인\s?코드|코드|토큰|トークン|令牌|"
    # with its colon, a few characters on ("密码更改成:"), or "is" ("パスワードは…")
    rf"(?:{_CJK_SECRET_WORDS})(?=[^\n:：]{{0,6}}[:：]|\s?(?:は|是|为|為|는|은))"
)

_NAMED_CODE = re.compile(
    r"(?i)(?:verification|confirmation|security|authentication|one[- ]time|login|log-in|"
    r"sign[- ]in|access|pickup|collection)[ -](?:code|pin)\b|"
    r"\b(?:bestätigungs|sicherheits|verifizierungs|anmelde|einmal|zugangs|freigabe|abhol)code\b|"
    r"\b(?:verificatie|bevestigings|beveiligings|inlog)code\b|"
    r"c[óo]digo de (?:verificaci[óo]n|confirmaci[óo]n|seguridad|verifica[çc][ãa]o|confirma[çc][ãa]o|seguran[çc]a)|"
    r"code de (?:v[ée]rification|confirmation|s[ée]curit[ée])|codice di (?:verifica|conferma|sicurezza)|"
    r"kod (?:weryfikacyjny|potwierdzaj\w*|bezpiecze\w*)|код (?:подтверждения|безопасности)|"
    r"(?:mobile|chip|photo|push|sms|app|m)?TAN\b|"
    r"验证码|驗證碼|認証コード|確認コード|認証番号|인증\s?번호|인증\s?코드|확인\s?코드"
)
"""A code word that names a one-time code outright (read around the linked label)."""
_CONFIRMATION = re.compile(
    r"(?i)(?:pick-?up|collection|delivery|locker) (?:code|pin)|abholcode|kod(?:u|em)? odbioru|"
    r"code de retrait|c[óo]digo de (?:recogida|retirada|retiro)|codice di ritiro|"
    r"confirmation (?:code|number|no\b\.?|#)|bestätigungs(?:code|nummer)\b|"
    r"c[óo]digo de confirma(?:ci[óo]n|[çc][ãa]o)|n[úu]mero de confirma(?:ci[óo]n|[çc][ãa]o)|"
    r"(?:code|num[ée]ro) de confirmation|(?:codice|numero) di conferma|"
    r"bevestigings(?:code|nummer)\b|kod potwierdz\w*|numer potwierdzenia|код подтверждения|"
    # a door's or a gate's code is given to be typed at it, in a booking mail too
    r"(?:door|gate|entry|keypad|access|check-?in) code|ovikoodi|dörrkod|tür-? ?code|code (?:de la )?porte"
)
"""What a mail calls its confirmation code or number, or its pickup code: given to the
reader to use, so it is the code even in an order, booking or parcel mail (what the mail
calls an order number, a tracking number or a reference is not)."""
_USE_IT = _words(
    r"(?:enter|type|use|show|present|provide|quote|input|give)(?: (?:it|this|that|the|your)\b)|"
    r"(?:geben sie|zeigen sie|nennen sie) (?:ihn|sie|diesen|diese|den|die)\b|"
    r"(?:saisissez|entrez|présentez|montrez|indiquez)-?(?:le|la)?\b|"
    r"(?:introduce|ingresa|ingrese|muestra|presenta|indica)(?:lo|la)?\b|"
    r"(?:eingeben|vorzeigen|angeben)\b"
)
"""Words that ask the reader to use a code: enter it, show it at pickup."""

_ROUTER_PASSWORD = (
    r"[^\n]{0,40}?(?:password|passwort|kennwort|key|schlüssel|mot de passe|contraseña|senha|"
    r"wachtwoord)\b"
)
"""From a Wi-Fi word to the password word after it on its line (a negative label)."""
_NEGATIVE = _words(
    r"promo(?:tion(?:al)?)?[ -]?codes?\b|discount[ -]?codes?\b|coupon[ -]?codes?\b|"
    r"voucher[ -]?codes?\b|gift ?card[ -]?codes?\b|gift[ -]?codes?\b|referral[ -]?codes?\b|"
    r"invit(?:e|ation)[ -]?codes?\b|error[ -]?codes?\b|status[ -]?codes?\b|diagnostic[ -]?codes?\b|"
    r"response[ -]?codes?\b|product[ -]?codes?\b|item[ -]?codes?\b|area[ -]?codes?\b|"
    r"country[ -]?codes?\b|sort[ -]?codes?\b|swift[ -]?codes?\b|bic[ -]?codes?\b|"
    r"qr[ -]?codes?\b|bar[ -]?codes?\b|source[ -]?codes?\b|embed[ -]?codes?\b|"
    r"html[ -]?codes?\b|reference[ -]?codes?\b|booking[ -]?codes?\b|reservation[ -]?codes?\b|"
    r"tracking[ -]?codes?\b|order[ -]?codes?\b|zip[ -]?codes?\b|postal[ -]?codes?\b|"
    # India's postal "PIN code" is an address; a PIN code the mail says "is" something is
    # the reader's ("Your pin-code for this beneficiary is 585104")
    rf"post[ -]?codes?\b|pin[ -]?codes?\b(?!{_PIN_CODE_IS})|colou?r[ -]?codes?\b|tax[ -]?codes?\b|"
    r"tariff[ -]?codes?\b|vat[ -]?codes?\b|activation key[ -]?codes?\b|redeem[ -]?codes?\b|"
    r"redemption[ -]?codes?\b|claim[ -]?codes?\b|offer[ -]?codes?\b|club[ -]?codes?\b|"
    r"gutscheincode\b|"
    r"rabattcode\b|aktionscode\b|postcode\b|promocode\b|barcode\b|qr-code\b|fehlercode\b|"
    r"zipcode\b|pincode\b|kortingcode\b|kortingscode\b|actiecode\b|cadeaucode\b|"
    r"track(?:ing)?s?code\b|"
    # a Wi-Fi password is typed into a router, not into the product ("Wi-Fi network:
    # Contoso-Guest, password: 48291734"): the span up to the password word vetoes
    # (the long spans first: at one position the first alternative that matches wins)
    rf"wi-?fi\b{_ROUTER_PASSWORD}|wlan\b{_ROUTER_PASSWORD}|wireless\b{_ROUTER_PASSWORD}|"
    rf"ssid\b{_ROUTER_PASSWORD}|wi-?fi\b|"
    # a box's number ("safe box 1147", "Box 12") is a place, not a code
    r"box(?= #?[0-9])|"
    r"code[ -]?(?:reviews?|owners?|freeze|coverage|snippets?|blocks?|changes?|base)\b|"
    # "Dies ist der Code für den Vorgang 7Q3KMB": the value names the process, not the code
    r"code (?:für den vorgang|for (?:the )?(?:operation|challenge|transaction))\b|"
    r"code (?:promo(?:tionnel)?|de (?:réduction|remise|parrainage|suivi)|d'invitation|cadeau|client|postal|barre)\b|"
    r"einladungscodes?\b|رمز الدعوة|आमंत्रण कोड|"
    # an invitation code in the words of more languages ("Kutsukoodisi on:")
    r"codice di invito\b|kod(?:u)? zaproszeni\w*|davet kod\w*|uitnodigingscode\b|"
    r"kutsukoodi\w*|код (?:вашего )?приглашения|קוד (?:ה)?הזמנה|"
    r"c[óo]digo (?:promocional|de (?:descuento|desconto|seguimiento|rastreamento|rastreio|barras|reserva|cupom|cup[óo]n|invitaci[óo]n|convite)|postal|do (?:pedido|produto)|del pedido)\b|"
    r"codice (?:fiscale|sconto|promozionale|postale|cliente|(?:dell')?ordine|di tracciamento|tracking|prodotto|articolo|a barre|coupon)\b|"
    r"kod(?:u|em)? (?:pocztow\w*|rabatow\w*|promocyjn\w*|kreskow\w*|qr|śledzenia|zamówienia|produktu)\b|"
    r"код (?:товара|заказа|купона|скидки|приглашения)|пригласительн\w* код\w*|промокод\w*|почтовый индекс|индекс\b|трек-?номер\w*|"
    r"номер заказа|source\b|pull request\b|pr\b|issue\b|commit\b|merge request\b|"
    # an article after "is" is not a date's ("code … est le 482913", "es el", "è il")
    r"(?<!est )(?<!es )(?<!è )(?<!é )"
    r"(?:on|since|until|till|before|after|dated|from|at|am|vom|seit|bis|le|depuis|el|desde|hasta|il|dal|em|op|sinds|dnia|od|от|до)(?= [0-9])|"
    r"(?<!in )order(?: (?:number|no\b\.?|id\b|#))?(?! to\b)|invoice(?: (?:number|no\b\.?|#))?|"
    r"receipt(?: (?:number|no\b\.?|#))?|ticket(?: (?:number|no\b\.?|#|id\b))?|"
    r"case (?:number|no\b\.?|#|id\b)|reference(?: (?:number|no\b\.?|#))?|ref\b\.?|"
    r"booking(?: (?:reference|number|id))?|reservation(?: number)?|"
    r"tracking(?: (?:number|no\b\.?|id))?|shipment\b|"
    r"parcel\b|waybill\b|customer (?:number|id|no\b\.?)|account (?:number|no\b\.?|id\b)|"
    r"member(?:ship)? (?:number|no\b\.?|id\b)|card ending(?: in)?|ending (?:in|with)\b|"
    r"last (?:4|four) digits|card number|phone(?: number)?(?= *[:#])|phone number|telephone\b|"
    r"tel\b\.?|mobile (?:number|no\b\.?)|call(?: us)?(?: at| on| free)?\b|fax\b|whatsapp\b|"
    r"hotline\b|helpline\b|price\b|sub-?total\b|total\b|amount\b|balance\b|saldo\b|zip\b|"
    r"postcode\b|postal code\b|post code\b|copyright\b|version\b|build\b|release\b|"
    r"serial(?: number)?\b|model\b|sku\b|item(?: (?:number|no\b\.?))?|article\b|room\b|"
    r"flight\b|seat\b|gate\b|terminal\b|suite\b|p\.?o\.? box\b|id\b:?|no\b\.|nr\b\.?|n[°º]|"
    r"num(?:ber)?\b\.?|points?\b|miles\b|pts\b|iban\b|routing number\b|cvv\b|cvc\b|loyalty\b|"
    r"bestell(?:ung|nummer)\b|auftrags?(?:nummer)?\b|rechnung(?:snummer)?\b|betrag\b|summe\b|"
    r"gesamt(?:betrag)?\b|telefon(?:nummer)?\b|sendung(?:snummer)?\b|kundennummer\b|"
    r"vorgangsnummer\b|plz\b|postleitzahl\b|buchung(?:snummer)?\b|commande\b|facture\b|"
    r"montant\b|téléphone\b|appelez\b|colis\b|numéro\b|pedido\b|factura\b|importe\b|"
    r"tel[ée]fono\b|ll[áa]m(?:e|enos)\b|env[íi]o\b|seguimiento\b|clave de rastreo\b|"
    r"rastreo\b|n[úu]mero\b|ordine\b|"
    r"fattura\b|importo\b|totale\b|chiam(?:a|aci)\b|spedizione\b|encomenda\b|fatura\b|valor\b|"
    r"telefone\b|rastreamento\b|cep\b|bestel(?:ling|nummer)\b|factuur\b|bedrag\b|totaal\b|"
    r"telefoon\b|zending\b|klantnummer\b|zamówieni[ae]\b|faktur[ay]\b|kwota\b|razem\b|"
    r"przesyłk[ia]\b|numer\b|заказ\w*|сч[её]т\w*|сумм\w*|итого\b|телефон\w*|посылк\w*|номер\b"
)
_TWO_CODES_HINT = ("code", "códigos", "codigos", "kod", "кода", "コード", "码", "碼")
"""Words one of which :data:`_TWO_CODES` needs: a cheap test before the pattern."""
_TWO_CODES = re.compile(
    r"(?i)\b(?:(?:the )?(?:following )?(?:two|both) codes|(?:zwei|beide[n]?) codes|"
    r"(?:deux|les deux) codes|(?:dos|ambos|los dos) c[óo]digos|(?:desse |dei )?to kod(?:ar|ane|ene|er|erne)|"
    r"twee codes|två koder|dwa kody|два кода)\b|2 ?つのコード|二つのコード|两个(?:验证)?码|兩個(?:驗證)?碼"
)
"""A mail that says it gives two codes to copy (``copy the following two codes``): no one of
them is *the* code."""
_NEGATIVE_SYMBOLS = re.compile(r"©|\([cC]\)|#|№")
_NEGATIVE_CJK = _phrases(
    r"クーポンコード|割引コード|プロモーションコード|郵便番号|注文番号|追跡番号|"
    r"お問い合わせ番号|予約番号|会員番号|電話番号|問い合わせ番号|伝票番号|优惠码|優惠碼|兑换码|"
    r"兌換碼|邀请码|邀請碼|招待コード|초대\s?코드|取件码|邮编|邮政编码|郵遞區號|订单号|訂單號|订单编号|運單號|运单号|"
    r"快递单号|手机号|电话|電話|金额|金額|发票号|쿠폰\s?코드|할인\s?코드|추천인\s?코드|"
    r"프로모션\s?코드|우편\s?번호|주문\s?번호|운송장\s?번호|송장\s?번호|전화\s?번호|"
    r"예약\s?번호|注文|請求|合計|配送|订单|訂單|发票|合计|总计|快递|주문|청구|금액|합계|전화|"
    r"배송"
)
_VERB_WORDS = (
    "enter", "type", "use", "input", "paste", "copy", r"kopiere\w*", "einfügen", "copiez",
    "collez", "copia", "pega", "pegue", "incolla", "cole", "kopieer", "plak", "kopiuj",
    "skopiuj", "wklej", r"kopir\w*", r"zalijepi\w*", "kopiera", "kopiér", "kopioi",
    "zkopírujte", "másold", "скопируйте", "вставьте", "eingeben", "gib", "geben sie",
    "saisissez", "saisir", "entrez", "introduce", "introduzca", "introdúzcalo", "introduza",
    "ingresa", "ingrese", "escriba", "inserisci", "inserire", "digita", "digite", "insira",
    "voer", "vul", "wpisz", "wprowadź", "podaj", "введите", "укажите", "girin", "giriniz",
    "girerek",
)  # fmt: skip
# one alternative a word (each with its own \b), so that _words groups them by letter
_VERBS = _words("|".join(rf"{verb}\b" for verb in _VERB_WORDS))
_VERBS_CJK = _phrases(r"入力|输入|輸入|입력")
_USE_WORDS = (
    "verwenden", "utilisez", "используйте", "kullanın", "gebruik", "χρησιμοποιήστε",
    "उपयोग कर",  # not "करें": \b falls before its vowel sign, not after
)  # fmt: skip
_ASKS_ABOVE = _words("|".join(rf"{verb}\b" for verb in _VERB_WORDS + _USE_WORDS))
_ASKS_ABOVE_CJK = _phrases(r"入力|输入|輸入|입력|使用")
"""A line that asks the reader to enter or use what stands alone under it (``Verwenden Sie
diesen Code in …``, ``でこのコードを使用``). The words for "use" count only there, not as
labels (:data:`_VERBS`): German, Turkish, Hindi and Japanese put the verb after its object,
so it does not introduce what follows it on its line (``dieses Lösch-Passwort verwenden:
orchard-lantern-pebble`` is linked to the password word)."""

# Mail-level signals (the mail as a whole)
_OTP_DOC = _words(
    r"verif|one[- ]time|otp\b|passcode|sign(?:ing)?[- ]?in\b|log(?:ging)?[- ]?in\b|login\b|2fa|"
    r"two[- ]factor|two[- ]step|security code|authenticat|expire|didn.t request|"
    r"did not request|wasn.t you|bestätigungscode|sicherheitscode|einmal|anmeld|verifizier|"
    r"connexion|se connecter|vérification|iniciar sesión|verificaci[óo]n|acceso|accesso|"
    r"verifica|verificação|entrar|inloggen|verificatie|weryfikac|logowani|jednorazow|подтвержд|"
    r"вход|одноразов|аутентификац|бір реттік|autentica|"
    # a code in a password-reset or sign-in mail is a one-time code too
    r"password reset|reset (?:your|the) password|reset code|zurücksetz|zurückzusetz|réinitialis|"
    r"restablec|reimpost|redefini|wachtwoord herstel|resetowa|сброс|sıfırla|"
    r"inicio de sesi[óo]n|iniciar sess[ãa]o|connexion|anmeldung|aanmeld|giriş|oturum|"
    r"[a-zäöü]*(?:bestätigungs|sicherheits|verifizierungs|anmelde|einmal|zugangs|verificatie|beveiligings|inlog)code|"
    # a code to confirm a new address is a verification code, whatever the footer sells
    r"e-?mail address change|change (?:of )?(?:your )?e-?mail address|"
    # a validation code the mail gives to confirm an address or an account
    r"validation code|code de validation|confirm your e-?mail|confirmer votre (?:adresse )?e-?mail"
)
_OTP_DOC_CASED = _words(r"PIN\b|TAN\b|mobileTAN\b|chipTAN\b|photoTAN\b|pushTAN\b", cased=True)
_OTP_DOC_CJK = _phrases(r"認証|確認コード|ログイン|验证|驗證|登录|登入|인증|로그인")
_TXN_DOC = _words(
    r"(?<!in )order\b(?! to\b)|shipped\b|shipping\b|delivery\b|tracking\b|invoice\b|"
    r"receipt\b|booking\b|"
    r"reservation\b|flight\b|itinerary\b|ticket\b|subscription\b|payment\b|discount|coupon|"
    r"promo|voucher|sale\b|newsletter|bestellung|lieferung|rechnung|buchung|gutschein|rabatt|"
    r"commande|livraison|facture|réservation|réduction|pedido|env[íi]o|factura|reserva|"
    r"descuento|ordine|spedizione|fattura|prenotazione|sconto|encomenda|entrega|fatura|"
    r"desconto|bestelling|levering|factuur|boeking|korting|zamówieni|dostaw|faktur|rezerwac|"
    r"zniżk|rabat|заказ|доставк|сч[её]т|брониров|скидк|kampanj|kampagne|alennus|tarjous"
)
_PROMO_DOC = _words(
    r"discount|coupon|promo|voucher|sale\b|gutschein|rabatt|réduction|descuento|sconto|"
    r"desconto|korting|zniżk|скидк|промокод|kampanj|kampagne|alennus|tarjous"
)
_PERCENT_OFF = re.compile(r"%\s?(?:off|de descuento|de réduction|rabatt|sconto|korting)", re.I)
_TXN_DOC_CJK = _phrases(
    r"注文|配送|予約|割引|クーポン|订单|訂單|发货|快递|预订|优惠|折扣|주문|배송|예약|할인|쿠폰"
)
_PROMO_DOC_CJK = _phrases(r"割引|クーポン|优惠|折扣|할인|쿠폰")
_COPULA = re.compile(
    r"(?i)(?:\b(?:is|ist|lautet|est|es|é|è|to|wynosi|это|is:|är|er|je|jest|là|adalah|ir|yra|"
    r"ni)|[:=]|هو|هي|是|为|為|は|가|는|은)[ \t]*[:\"'“”«»「『(\[]?[ \t]*$"
)
_STALE = _words(
    r"previous\b|old\b|older\b|earlier\b|expired\b|no longer\b|invalid\b|vorherige[nrs]?\b|"
    r"alte[nr]?\b|abgelaufen\b|ancien\b|précédent\b|expiré\b|anterior\b|caducado\b|"
    r"precedente\b|scaduto\b|vorige\b|oude\b|verlopen\b|poprzedni\b|stary\b|предыдущ\w*|стар\w*"
)
_STALE_CJK = _phrases(r"以前の|之前的|旧的|舊的|이전")
_MEETING = _words(
    r"dial[- ]?in\b|meeting (?:id|number|code)\b|conference (?:id|number|line|code)\b|"
    r"webinar\b|participant (?:pin|code)\b|join by phone\b|einwahl|konferenz-?id|"
    r"id de (?:réunion|reunión)|id riunione|vergader-?id|id spotkania|идентификатор конференции"
)
_MEETING_CJK = _phrases(r"ミーティングID|会议号|회의 ID")

_CODE_NOUN = (
    r"(?:[\w-]*code|codes|pin|otp|passcode|password|kod\w*|c[óo]digo|codice|код\w*|koodi\w*)"
)
_NAMES_THE_CODE_ABOVE = re.compile(
    r"(?i)^[ \t*>•·-]*(?:please[ ,]+)?"
    r"(?:(?:enter|use|type|input|copy|paste|provide|submit|geben sie|saisissez|entrez|"
    r"utilisez|introduce|ingresa|utilice|usa|digite|insira|inserisci|voer|gebruik|"
    r"wpisz|podaj|użyj|введите|используйте|girin|ange|angiv|oppgi)[ \t]+)?"
    r"(?:(?:this|that|the above|above|diesen|dieser|den obigen|der obige|ce|este|esse|"
    r"questo|deze|de bovenstaande|ten|powyższy|этот|данный|указанный|цей|bu|denna|denne)"
    rf"[ \t]+(?:[\w-]+[ \t]+){{0,2}}?{_CODE_NOUN}\b|"
    rf"(?:the|le|el|o|il|de|den)[ \t]+(?:[\w-]+[ \t]+){{0,2}}?{_CODE_NOUN}[ \t]+"
    r"(?:above|ci-dessus|anterior|de arriba|acima|(?:qui )?sopra|hierboven|oben|ovan|ovenfor)\b|"
    rf"(?:is|was)[ \t]+your[ \t]+(?:[\w-]+[ \t]+){{0,2}}?{_CODE_NOUN}\b)"
    r"(?![ \t]+(?:of|for (?:the )?(?:order|booking|reservation))\b)"
)
"""The line under a value that names it as the code (``Enter this code to finish signing
in``, ``Use the code above…``, ``… is your login code``): a label from below, where the code
stands alone over it; not ``the code of conduct``."""
_NAMES_THE_CODE_ABOVE_CJK = _phrases(
    r"^上記の[^\n。]{0,6}(?:コード|番号|パスワード)|^(?:以上|上述|上面)的?[^\n。]{0,4}(?:验证码|驗證碼|代码|代碼)|"
    r"^위의? [^\n.]{0,8}(?:코드|번호)"
)
"""The same, in CJK (``上記の認証コードを入力してください``)."""
