"""What the words around a link say, in thirteen languages. Pure data and compiled patterns.

The action-link picker (``_links.pick_action_link``) asks whether a link's label and
sentence name an account action, point at the link, say "if this wasn't you", or are about
something else. Words are matched as stems at the start of a word, so every inflected form
counts; how stems, compounds and verb-object pairs are written: docs/decoding.md,
"Link vocabulary".
"""

from __future__ import annotations

import re

__all__ = [
    "action_in",
    "avoid_in",
    "closes",
    "disown_in",
    "generic_label",
    "pointer_in",
]

# --------------------------------------------------------------------------------------
# Stems per language. Latin and Cyrillic stems are lower case and match at a word start.

_STRONG = {
    "en": "sign[- ]?in|sign[- ]?up|log[- ]?in|log[- ]?on|verif|confirm|activat|reset|magic[- ]?link|"
    "unlock|validat|authenticat|authori[sz]|approve|register|registration|recover|passwordless|"
    "it.?s me|it was me|yes,? (?:it|that) was me",
    "de": "~bestätig|~verifizier|~validier|~aktivier|zurück(?:zu|ge)?setz|an(?:zu|ge)?meld|"
    "ein(?:zu|ge)?logg|login|ent(?:zu)?sperr|frei(?:zu|ge)?schalt|registrier|"
    "wiederher(?:zu|ge)?stell|bei(?:zu)?(?:tret|tritt|getreten)|verknüpf|verlink|~magic[- ]?link",
    "fr": "confirm|vérifi|valid(?:er|ez|ation)\\b|activ(?:er|ez|ation)\\b|réinitialis|connexion|"
    "se connecter|connectez-vous|identifiez-vous|s.identifier|déverrouill|débloqu|inscri|rejoin|"
    "rejoign|récupér",
    "es": "confirm|verific|valid(?:ar|a|e|aci[óo]n)\\b|activ(?:ar|a|e|aci[óo]n)\\b|restablec|reestablec|inici(?:ar|a|e) (?:la )?sesi[oó]n|acced|"
    "desbloque|registr|recuper|[úu]nete|unirte|unirse",
    "it": "conferm|verific|convalid|attiv(?:a|are|azione|i)\\b|reimpost|ripristin|acced|sblocc|registr|recuper|"
    "unisciti|partecipa",
    "pt": "confirm|verific|valid(?:ar|e|a|ação)\\b|ativ(?:ar|e|a|ação)\\b|activ(?:ar|e|a|ação)\\b|redefin|recuper|entrar|acess|fazer login|"
    "iniciar sess[ãa]o|desbloque|cadastr|registr",
    "nl": "bevestig|verifi|valideer|valider|activeer|activer|herstel|reset|inlog|log in|aanmeld|"
    "meld (?:je |u )?aan|aan te melden|ontgrendel|registreer|registrer|opnieuw in(?:stellen|te stellen)",
    "pl": "potwierd|potwierdź|weryfik|zweryfik|aktywuj|aktywacj|aktywow|zaloguj|logowa|resetuj|zresetuj|resetowa|"
    "zresetowa|odzysk|odblok|zarejestr|rejestr|dołącz",
    "ru": "подтвер|верифиц|активир|активац|войти|войдите|вход|сброс|сбрас|восстанов|разблокир|"
    "зарегистр|регистрац|присоедин",
    "tr": "doğrula|onayla|etkinleştir|aktifleştir|aktive|giriş yap|oturum aç|sıfırla|"
    "kilidini aç|kaydol|kayıt ol|katıl",
}
_STRONG_CJK = (
    "確認|認証|ログイン|サインイン|リセット|再設定|有効化|アクティベート|ロック解除|登録|参加|承認|検証|"
    "验证|驗證|确认|确定|登录|登入|登陆|重置|重設|重设|激活|启用|啟用|解锁|解鎖|注册|註冊|加入|找回|"
    "인증|확인|로그인|재설정|초기화|활성화|잠금\\s?해제|가입|참여|수락"
)
_VERBS = {
    "en": "change|update|set\\b|set ?up|choose|create|link\\b|linking|accept|join|complete|finish",
    "de": "änder|geänder|zu ändern|aktualisier|fest(?:zu|ge)?leg|setz|erstell|wähl|"
    "an(?:zu|ge)?nehm|vergeb|~update",
    "fr": "chang|modifi|mettre à jour|mise à jour|défini|choisi|cré(?:er|ez|e)\\b|lier|associ|accept",
    "es": "cambi|modific|actualiz|establec|defin(?:ir|e|a)\\b|eleg(?:ir|ir|e|a)\\b|elige|crea(?:r)?\\b|cree\\b|"
    "vincul|acept|complet",
    "it": "cambi|modific|aggiorn|impost(?:a|are)\\b|scegli|crea(?:re)?\\b|collega|accett|complet",
    "pt": "repor\\b|repõe|reponha|alter(?:ar|e)\\b|mud(?:ar|e)\\b|atualiz|defin(?:ir|a|e)\\b|escolh|cri(?:ar|e)\\b|vincul|aceit|conclu",
    "nl": "wijzig|verander|bijwerk|bij te werken|instellen\\b|in te stellen|kies|aanmak|maak|koppel|accepteer",
    "pl": "zmie|zmian|aktualiz|zaktualiz|ustaw\\b|ustawić|ustal|wybierz|utwórz|połącz|akceptuj|zaakceptuj|"
    "przyjmij",
    "ru": "измен|смен|поменя|обнов|установ|задай|задать|придума|созда|связ|привяз|прин[яи]",
    "tr": "değiştir|güncelle|belirle|oluştur|ayarla\\b|ayarlayın|bağla(?:yın|mak)?\\b|kabul",
}
_VERBS_CJK = (
    "変更|更新|を設定|を再設定|作成|リンク|連携|受け入れ|受諾|"
    "更改|修改|设置密码|設定密碼|设置新|設定新|創建|创建|关联|關聯|绑定|綁定|接受|"
    "변경|업데이트|갱신|설정하|생성|연동"
)
_OBJECTS = {
    "en": "password|passphrase|credential|account|access|profile|e-?mail|invit|team|workspace|"
    "organi[sz]ation|project|group",
    "de": "~passwort|~kennwort|~zugangsdaten|~konto|account|~zugang|profil|e-mail|~einladung|"
    "organisation|organization|team",
    "fr": "mot de passe|identifiant|compte|accès|profil|e-mail|adresse|invitation|organisation|équipe",
    "es": "contraseña|clave|credencial|cuenta|acceso|perfil|correo|invitaci|organizaci|equipo",
    "it": "password|credenzial|account|accesso|profilo|e-?mail|invito|organizzazion|team",
    "pt": "senha|palavra-passe|credencia|conta|acesso|perfil|e-?mail|convite|organiza|equipe",
    "nl": "wachtwoord|account|toegang|profiel|e-?mail|uitnodiging|organisatie|team",
    "pl": "hasł|kont|dostęp|profil|e-?mail|zaprosz|organizac|zespoł",
    "ru": "парол|учетн|учётн|аккаунт|доступ|профил|почт|e-?mail|приглаш|организац|команд",
    "tr": "şifre|parola|hesab|hesap|erişim|profil|e-posta|davet|organizasyon|ekip",
}
_OBJECTS_CJK = (
    "パスワード|アカウント|プロフィール|メールアドレス|招待|組織|チーム|"
    "密码|密碼|账户|账号|帳戶|帳號|帐户|帐号|邮箱|電子郵件|邀请|邀請|组织|組織|团队|團隊|"
    "비밀번호|암호|계정|프로필|이메일|초대|조직|팀"
)
_POINTER = {
    "en": "(?:the |this )?(?:link|button|url|address) (?:below|above)|following (?:link|button|url|address)|"
    "click|tap (?:on )?(?:the |this )?(?:link|button|here)|follow (?:the |this )?link|"
    "(?:use|open|visit) (?:the |this )?(?:link|button|url)|copy and paste|paste (?:the |this )?(?:link|url)|"
    "go to|through the link",
    "de": "folgende[nm]? (?:link|adresse|schaltfläche|button)|unten ?stehende[nm]? (?:link|button)|"
    "link unten|klick|rufe|rufen sie|öffnen sie (?:den |diesen )?link|"
    "(?:link|schaltfläche|button) (?:unten|oben)",
    "fr": "(?:lien|bouton) ci-dessous|(?:lien|bouton|adresse) suivante?|cliqu|ouvr(?:ez|ir) (?:le |ce )?lien|"
    "rendez-vous sur",
    "es": "enlace (?:de abajo|siguiente|a continuaci[óo]n)|siguiente (?:enlace|bot[óo]n|v[íi]nculo)|"
    "haz clic|haga clic|pulsa|pincha|bot[óo]n (?:de abajo|siguiente)|ve a|visita",
    "it": "(?:link|pulsante) (?:qui sotto|sottostante|seguente|di seguito)|seguente (?:link|pulsante)|"
    "clicca|fai clic|vai a|visita",
    "pt": "(?:link|bot[ãa]o) (?:abaixo|a seguir)|seguinte (?:link|bot[ãa]o)|clique|clicar|acesse o link|"
    "visite",
    "nl": "onderstaande (?:link|knop)|(?:link|knop) hieronder|volgende (?:link|knop)|klik|ga naar",
    "pl": "poniższ|link poniżej|przycisk poniżej|kliknij|klikając|następując[ya] link|przejdź",
    "ru": "по ссылке|на ссылку|по следующей ссылке|следующую ссылку|ссылк[еуа] ниже|нажмите|перейдите|"
    "кликните|пройдите",
    "tr": "aşağıdaki (?:bağlantı|link|düğme)|bağlantıya tıkla|linke tıkla|tıkla|bağlantıyı ziyaret|"
    "ziyaret edin",
}
_POINTER_CJK = (
    "以下のリンク|下記のリンク|次のリンク|リンクをクリック|ボタンをクリック|下記URL|以下のURL|"
    "にアクセス|をクリック|を開いて|访问|訪問|打开|打開|點選|접속|방문|"
    "以下链接|下面的链接|下方链接|点击链接|點擊連結|点击以下|點擊以下|下面的連結|以下連結|点击此|點擊此|"
    "아래 링크|다음 링크|링크를 클릭|버튼을 클릭|아래 버튼|클릭하"
)
_GENERIC = {
    "en": "link|here|click|tap|button|this|url|address",
    "de": "link|hier|klick|schaltfläche|button|adresse",
    "fr": "lien|ici\\b|cliqu|bouton|adresse",
    "es": "enlace|v[íi]nculo|aqu[íi]|clic|bot[óo]n|direcci[óo]n",
    "it": "link|qui\\b|clicca|pulsante|indirizzo",
    "pt": "link|aqui|clique|bot[ãa]o|endereço",
    "nl": "link|hier|klik|knop|adres",
    "pl": "link|tutaj|kliknij|przycisk|adres",
    "ru": "ссылк|здесь|сюда|нажмите|адрес",
    "tr": "bağlantı|link|buraya|tıkla|adres",
}
_GENERIC_CJK = "こちら|リンク|ここ|这里|這裡|此处|链接|連結|点击|點擊|여기|링크|클릭"
_AVOID = {
    "en": "unsubscribe|opt[- ]?out|preferences|privacy|terms|help|support|contact|faq|"
    "view (?:it |this )?(?:in|online)|browser|download|app store|google play|learn more|blog|"
    "report|manage|remove|revoke|block|cancel|sign[- ]?out|log[- ]?out|twitter|facebook|linkedin|"
    "instagram|youtube|tiktok|feedback|docs|documentation|chat|careers|status",
    "de": "abmelden vom|abbestell|~datenschutz|impressum|agb|nutzungsbedingungen|hilfe|kontakt|"
    "im browser|einstellungen|herunterladen|abmeld",
    "fr": "désabonn|désinscri|confidentialité|conditions|aide|assistance|contact|navigateur|"
    "préférences|télécharg|se déconnecter",
    "es": "darse de baja|cancelar (?:la )?suscripci|privacidad|términos|ayuda|soporte|contact|"
    "navegador|preferencias|descarg",
    "it": "annulla (?:l.)?iscrizione|disiscri|privacy|termini|aiuto|assistenza|contatt|browser|"
    "preferenze|scarica",
    "pt": "cancelar (?:a )?inscri|descadastr|privacidade|termos|ajuda|suporte|contat|navegador|"
    "preferências|baixar",
    "nl": "uitschrijven|afmelden|privacy|voorwaarden|hulp|ondersteuning|contact|browser|"
    "voorkeuren|download",
    "pl": "wypisz|rezygnacj|prywatno|regulamin|pomoc|wsparci|kontakt|przeglądar|preferencj|pobierz",
    "ru": "отписа|конфиденциальн|услови|помощ|поддержк|связаться|браузер|настройк|скача",
    "tr": "abonelik|gizlilik|koşullar|yardım|destek|iletişim|tarayıcı|tercihler|indir\\b|indirin|"
    "indirme",
}
_AVOID_CJK = (
    "配信停止|退订|退訂|수신\\s?거부|ヘルプ|サポート|お問い合わせ|プライバシー|利用規約|"
    "帮助|幫助|支持|客服|联系|聯繫|隐私|隱私|条款|條款|도움말|고객\\s?지원|문의|개인정보|약관"
)
_DISOWN = {
    "en": "not you|n.t you|don.t recogni[sz]e|do not recogni[sz]e|not recogni[sz]e|if not\\b|"
    "if you didn.t|if you did not|if (?:this|it) wasn.t|if (?:this|it) was not|wasn.t you|was not you|"
    "didn.t (?:request|ask|make|try|sign)|did not (?:request|ask|make|try|sign)|secure your account|"
    "not (?:requested|made) by you|someone else",
    "de": "nicht von ihnen|nicht angefordert|nicht sie|nicht du|nicht veranlasst|"
    "(?:falls|wenn) (?:sie|du) .{0,60}nicht",
    "fr": "pas vous|pas à l.origine|si vous n.avez pas|si vous ne|n.êtes pas",
    "es": "no fuiste|no lo solicitaste|si no (?:has|solicitaste|pediste|realizaste|fuiste)|si usted no",
    "it": "non sei stato|non hai richiesto|se non hai|se non sei",
    "pt": "não foi você|não solicitou|se (?:você )?não|caso não",
    "nl": "niet jij|niet aangevraagd|(?:als|indien) (?:je|u) .{0,60}niet",
    "pl": "to nie ty|nie prosiłeś|nie prosiłaś|jeśli nie|jeżeli nie",
    "ru": "не вы|не запрашивали|если вы не|если это были не вы",
    "tr": "siz değilseniz|talep etmediyseniz|haberdar değilseniz|siz yapmadıysanız",
}
_DISOWN_CJK = (
    "心当たりがない|心当たりのない|身に覚えのない|ご本人でない|"
    "不是您|并非您|並非您|如果您没有|如果您沒有|非本人|"
    "본인이 아닌|요청하지 않"
)


_CLOSURE = {
    "en": "ignore|disregard|otherwise|no (?:further )?action is (?:needed|required)|do nothing|"
    "nothing (?:will|needs to) (?:change|be done)|safely",
    "de": "ignorier|sonst|andernfalls|keine weiteren|nichts (?:zu )?tun|nichts geändert",
    "fr": "ignor|sinon|aucune action",
    "es": "ignor|de lo contrario|ninguna acci[óo]n|no (?:es necesario|tienes que) hacer nada",
    "it": "ignor|altrimenti|nessuna azione",
    "pt": "ignor|caso contrário|senão|nenhuma ação",
    "nl": "negeer|negeren|anders|geen actie",
    "pl": "zignor|ignor|w przeciwnym razie|w innym przypadku|nie musisz nic",
    "ru": "проигнорир|игнорир|иначе|в противном случае|ничего не",
    "tr": "dikkate almay|görmezden|yok sayabil|aksi (?:halde|takdirde)|gerek yok",
}
_CLOSURE_CJK = "無視|破棄|そうでない場合|それ以外|忽略|否则|否則|无需|無需|무시|그렇지 않으면"


# --------------------------------------------------------------------------------------
# Compilation


def _compile(tables: dict[str, str], cjk: str) -> re.Pattern[str]:
    """One pattern for every language's stems: word-initial (``~``: anywhere) for letters,
    anywhere for CJK phrases."""
    initial: list[str] = []
    inside: list[str] = []
    for stems in tables.values():
        for stem in stems.split("|"):
            if stem.startswith("~"):
                inside.append(stem[1:])
            else:
                initial.append(stem)
    parts = [r"(?<![\w])(?:" + "|".join(initial) + ")"]
    if inside:
        parts.append("(?:" + "|".join(inside) + ")")
    parts.append("(?:" + cjk + ")")
    return re.compile("|".join(parts), re.I)


_STRONG_RX = _compile(_STRONG, _STRONG_CJK)
_VERB_RX = _compile(_VERBS, _VERBS_CJK)
_OBJECT_RX = _compile(_OBJECTS, _OBJECTS_CJK)
_POINTER_RX = _compile(_POINTER, _POINTER_CJK)
_GENERIC_RX = _compile(_GENERIC, _GENERIC_CJK)
_AVOID_RX = _compile(_AVOID, _AVOID_CJK)
_DISOWN_RX = _compile(_DISOWN, _DISOWN_CJK)
_CLOSURE_RX = _compile(_CLOSURE, _CLOSURE_CJK)

_PAIR_WINDOW = 40
"""Characters a verb and its object may be apart (``update your Example account``)."""


def action_in(text: str) -> bool:
    """Whether ``text`` names an account action (sign in, verify, reset, change password…).

    >>> action_in("Potwierdź swój adres"), action_in("Passwort zurückzusetzen")
    (True, True)
    >>> action_in("Change my password"), action_in("Change your notification settings")
    (True, False)
    """
    if not text:
        return False
    if _STRONG_RX.search(text):
        return True
    verbs = [m.span() for m in _VERB_RX.finditer(text)]
    if not verbs:
        return False
    for obj in _OBJECT_RX.finditer(text):
        for vs, ve in verbs:
            if obj.start() - ve <= _PAIR_WINDOW and vs - obj.end() <= _PAIR_WINDOW:
                return True
    return False


def pointer_in(text: str) -> bool:
    """Whether ``text`` points at a link ("click the link below", "以下のリンク")."""
    return bool(text) and _POINTER_RX.search(text) is not None


def disown_in(text: str, *, side: str = "before") -> bool:
    """Whether ``text``, the words on one ``side`` of a link, makes the link about a request
    the reader did not make ("if this wasn't you, <link>").

    ``side`` is ``"before"`` (the link's sentence up to the link), ``"after"`` (the rest of
    it) or ``"lead"`` (the sentence before the link's own). A disclaimer the sentence closes
    ("… ignore this mail", "otherwise …", "do nothing") is about the other branch: the
    link is not what it disowns.

    >>> disown_in("If this wasn't you, let us know:"), disown_in("If you did not ask, "
    ...     "ignore this mail, otherwise click the link below to reset your password.")
    (True, False)
    >>> disown_in("It can be safely ignored if you did not request a reset.", side="lead")
    False
    """
    if not text:
        return False
    spans = [m.span() for m in _DISOWN_RX.finditer(text)]
    if not spans:
        return False
    if side == "before":
        return _CLOSURE_RX.search(text, spans[-1][1]) is None
    if side == "after":
        head = text[: spans[0][0]]
        return not (action_in(head) or pointer_in(head) or _CLOSURE_RX.search(text))
    return _CLOSURE_RX.search(text) is None


def closes(text: str) -> bool:
    """Whether ``text`` ends a disclaimer's branch ("ignore this mail", "otherwise")."""
    return bool(text) and _CLOSURE_RX.search(text) is not None


def avoid_in(text: str) -> bool:
    """Whether ``text`` names something other than the mail's action (help, privacy…)."""
    return bool(text) and _AVOID_RX.search(text) is not None


def generic_label(text: str) -> bool:
    """Whether a link label says nothing of its own ("here", "this link", "click")."""
    return bool(text) and _GENERIC_RX.search(text) is not None
