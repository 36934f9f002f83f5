"""Round 33, iberia (blind): SIGA, the Brazilian federal courts' and São Paulo state's
document and identity system, its account, PIN, password and document mails in Brazilian
Portuguese, rendered in Python from the snapshot's Java and HTML templates at a pinned commit.

    /work/main/.venv/bin/python tests/extraction/realworld/collect_r33_iberia.py \\
        --mirrors /work/.mirror

No tool outside this Python is needed: every mail is a Java string concatenation or an HTML
template filled with ``String.replace``, each transcribed below next to the code it copies.

- projeto-siga/siga (GPL-3.0-or-later: every Java file's header "either version 3 of the
  License, or (at your option) any later version", ``siga-cp/COPYING`` and
  ``siga-ex/COPYING`` GPL-3.0; the root ``LICENSE`` is AGPL-3.0; both kept in
  ``LICENSES/projeto-siga+siga``), commit SIGA_COMMIT (2024-03-26).
  Sender: ``siga-base/src/main/java/br/gov/jfrj/siga/base/Correio.java`` ``enviar``: with
  no HTML (``conteudoHTML == null``) ``msg.setContent(conteudo, "text/plain;charset=UTF-8")``
  (JavaMail picks quoted-printable for mostly-ASCII text); with HTML a
  ``multipart/alternative`` of a text/plain and a text/html part, each
  ``Content-Transfer-Encoding: base64`` given as bouncycastle ``Base64.encode`` output (one
  line, no wrapping). Every HTML caller passes ``""`` as the text, so the text part is empty.
  ``From`` is the bare address ``/siga.smtp.usuario.remetente``; subjects
  ``setSubject(assunto, "utf-8")``; ``/siga.base.teste`` (which appends " - AMBIENTE DE TESTE
  FAVOR DESCONSIDERAR") is taken as off, as in production. ``/siga.email.logo`` keeps its
  default ``/siga/imagens/logo-siga-novo-38px.png`` (``${url}/${logo}`` gives a double slash,
  kept). Two deployments: a federal court (TRF2, ``SigaMessages.isSigaSP()`` false: the
  plain-text mails) and São Paulo's "SP Sem Papel" (``isSigaSP()`` true: the HTML ones,
  ``/siga.email.titulo`` "Governo do Estado de São Paulo"); the template files are read with
  ``BufferedReader.readLine`` and joined with no line break (``conteudo += str``), as here.
  Files and generators:
  ``siga-cp/.../cp/bl/CpBL.java``: ``alterarSenhaDeIdentidade`` ("Esqueci Minha Senha" SP
  HTML / "Alteração de senha " text, new password ``GeraMessageDigest.geraSenha()``: 8 of
  a-z A-Z without o/O and 1-9, at least one lower, upper and digit), ``criarIdentidade`` ("Novo
  Usuário": ``textoEmailNovoUsuario`` text, ``textoEmailNovoUsuarioSP`` HTML,
  ``textoEmailNovoUsuarioExternoSP`` from ``templates/email/novo-usuario-externo.html``; the
  password ``geraSenha()``, or for a network (LDAP) login the sentence that it is the Windows
  one), ``trocarSenhaDeIdentidade`` ("Troca de Senha": the password an administrator typed),
  ``definirSenhaDeIdentidade`` ("Alteração de senha " with the two people who took part),
  ``textoEmailAltOrgaoUsuarioSP`` ("Alteração Usuário": new registration number, password
  unchanged), ``enviarEmailTokenResetSenha`` / ``enviarEmailTokenResetPIN``
  (``templates/email/token-senha-reset.html`` / ``token-pin-reset.html``, code
  ``SigaUtil.randomAlfanumericoSeletivo(8)``: 8 of ``ABCDEFGHJKLMNPQRSTUVWXYZ23456789``,
  ``gerarTokenResetSenha`` / ``gerarTokenResetPin``), ``enviarEmailDefinicaoSenha`` /
  ``enviarEmailDefinicaoPIN`` (``nova-senha-definida.html`` / ``novo-pin-definido.html``,
  bodies from ``siga/.../vraptor/UsuarioController.java`` and ``siga/.../api/v1/Pin*Post.java``).
  ``siga/.../vraptor/UsuarioController.java``: "Troca de Email" (old and new address).
  ``siga/.../vraptor/SubstituicaoController.java``: "Cadastro de Substituição".
  ``siga-ex/.../util/notificador/especifico/ExEmail.java`` with ``siga-ex/src/main/resources/
  templates/email/*.html``: document notices, and ``enviarAoDestinatarioExterno`` ("Código
  para visualização do documento X": reference number ``ExDocumento.getSiglaAssinatura()``
  = id + "-" + |hash % 10000|, access code ``randomAlfanumericoSeletivo(12)`` from
  ``sigaex/.../vraptor/ExMovimentacaoController.java`` ``enviarParaVisualizacaoExternaGravar``,
  also in the link ``/public/app/autenticar?n=...&cod=...``).
  ``sigaex/.../vraptor/ExMovimentacaoController.java``: "Cancelamento de pedido de publicação
  no DJE" (text and HTML; ``mensagemDeTeste`` null in production, ``/siga.ambiente`` prod).
  Labels: a password or code the mail gives to type is the code (the reference number of the
  external document mail is not: the reader is asked to type both, and the access code is
  the secret); notices of a changed PIN or password, of documents and substitutions: null.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import quopri
import re
import subprocess
from datetime import UTC, datetime
from email.header import Header
from email.utils import format_datetime
from pathlib import Path

from collect import HERE

SENT = datetime(2026, 12, 9, 13, 41, tzinfo=UTC)
OUT = HERE / "round33" / "iberia.json"

SIGA = "projeto-siga/siga"
SIGA_COMMIT = "db9e78e3e13e23da0450ac6e0a4ea33c8b63598b"
SIGA_LICENCE = "GPL-3.0-or-later"
SIGA_RENDERED = (
    "Python transcription of SIGA's Java mail strings and HTML templates (Correio.java MIME)"
)

TRF = {"url": "https://siga.trf2.example", "from": "siga@trf2.example"}
SP = {
    "url": "https://www.documentos.spsempapel.example",
    "from": "nao-responda@spsempapel.example",
    "titulo": "Governo do Estado de São Paulo",
}
LOGO = "/siga/imagens/logo-siga-novo-38px.png"
BOUNDARY = "----=_Part_0_1170412356.1796823660000"


def git(mirrors: Path, *args: str) -> str:
    gd = mirrors / SIGA.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(gd), *args], check=True, capture_output=True
    ).stdout.decode("utf-8")


def template(mirrors: Path, path: str) -> str:
    """BufferedReader.readLine in a loop, ``conteudo += str``: the lines joined bare."""
    return "".join(re.split(r"\r\n|\r|\n", git(mirrors, "show", f"{SIGA_COMMIT}:{path}")))


def subject(text: str) -> str:
    """MimeMessage.setSubject(assunto, "utf-8"): an encoded word when not plain ASCII."""
    if text.isascii():
        return text
    return Header(text, "utf-8").encode()


def mail(sender: str, to: list[str], subj: str, text: str, html_part: str | None) -> bytes:
    """Correio.enviarParaServidor: JavaMail's headers, one text part or two base64 parts."""
    head = [
        f"Date: {format_datetime(SENT)}",
        f"From: {sender}",
        "To: " + ", ".join(to),
        "Message-ID: <corpus@mail.example>",
        f"Subject: {subject(subj)}",
        "MIME-Version: 1.0",
    ]
    if html_part is None:
        body = text.replace("\r\n", "\n").encode("utf-8")
        qp = quopri.encodestring(body).replace(b"\n", b"\r\n")
        head += ["Content-Type: text/plain;charset=UTF-8",
                 "Content-Transfer-Encoding: quoted-printable"]  # fmt: skip
        return ("\r\n".join(head) + "\r\n\r\n").encode() + qp
    head += [
        "Content-Type: multipart/alternative; ",
        f'\tboundary="{BOUNDARY}"',
    ]
    parts = []
    for ctype, content in (("text/plain", text), ("text/html", html_part)):
        encoded = base64.b64encode(content.encode("utf-8")).decode("ascii")
        parts.append(
            f"--{BOUNDARY}\r\nContent-Type: {ctype}; charset=UTF-8\r\n"
            f"Content-Transfer-Encoding: base64\r\n\r\n{encoded}\r\n"
        )
    return ("\r\n".join(head) + "\r\n\r\n" + "".join(parts) + f"--{BOUNDARY}--\r\n").encode()


# People and generated values (shapes of the generators named in the docstring).
CARLA = {"nome": "CARLA REGINA MOTTA PEIXOTO", "email": "carla.peixoto@trf2.example",
         "sigla": "T212874"}  # fmt: skip
JOAO = {"nome": "JOÃO BATISTA FERRAZ LEMOS", "email": "joao.lemos@sp.example",
        "sigla": "SGGD40715", "orgao": "Secretaria de Governo e Gestão Digital"}  # fmt: skip
SENHA_ESQUECI_SP = "Kq7mWz3T"  # geraSenha()
SENHA_ESQUECI_TRF = "hP4vRa9L"  # geraSenha()
SENHA_NOVO_TRF = "Tn2xGb8e"  # geraSenha()
SENHA_NOVO_SP = "bY6cJr4N"  # geraSenha()
SENHA_EXTERNO_SP = "Wd3kMu7s"  # geraSenha()
SENHA_ADM = "Manutencao#2026"  # typed by the administrator
SENHA_DEFINIDA = "Ipe.Roxo-4471"  # typed by the user with two witnesses
TOKEN_SENHA = "7QKM4HXT"  # randomAlfanumericoSeletivo(8)
TOKEN_PIN = "R9F2WJNC"  # randomAlfanumericoSeletivo(8)
COD_EXTERNO = "HX4T9PMQ2KRW"  # randomAlfanumericoSeletivo(12)


def sp_fill(page: str, nome: str) -> str:
    return (
        page.replace("${url}", SP["url"])
        .replace("${logo}", LOGO)
        .replace("${titulo}", SP["titulo"])
        .replace("${nomeUsuario}", nome)
    )


def esqueci_sp(nome: str, orgao: str, sigla: str, senha: str) -> str:
    """CpBL.alterarSenhaDeIdentidade, isSigaSP() branch."""
    return ("<table>" + "<tbody>" + "<tr>"
            + "<td style='height: 80px; background-color: #f6f5f6; padding: 10px 20px;'>"
            + "<img style='padding: 10px 0px; text-align: center;' src='" + SP["url"] + "/" + LOGO + "' "
            + "alt='SP Sem Papel' width='108' height='50' /></td>" + "</tr>" + "<tr>"
            + "<td style='background-color: #bbb; padding: 0 20px;'>"
            + "<h3 style='height: 20px;'>Governo do Estado de S&atilde;o Paulo</h3>"
            + "</td>" + "</tr>" + "<tr style='height: 310px;'>"
            + "<td style='height: 310px; padding: 10px 20px;'>" + "<div>"
            + "<h4><span style='color: #808080;'>Prezado Servidor(a) " + "<strong>"
            + nome + "</strong>" + " do(a) " + "<strong>"
            + orgao + "</strong>"
            + ",</span></h4>"
            + "<p><span style='color: #808080;'>Voc&ecirc; est&aacute; recebendo sua nova senha para acesso "
            + "ao Portal SP Sem Papel.</span></p>"
            + "<p><span style='color: #808080;'><strong>"
            + "<p><span style='color: #808080;'>Sua matr&iacute;cula &eacute;:&nbsp;&nbsp;<strong>"
            + sigla + "</strong></span></p>"
            + "<p><span style='color: #808080;'>Sua senha &eacute;:&nbsp;&nbsp;<strong>"
            + senha + "</strong></span></p>" + "</div>" + "</td>" + "</tr>" + "<tr>"
            + "<td style='height: 18px; padding: 0 20px; background-color: #eaecee;'>"
            + "<p><span style='color: #aaa;'><strong>Aten&ccedil;&atilde;o:</strong> esta &eacute; uma mensagem autom&aacute;tica. Por favor n&atilde;o responda&nbsp;</span></p>"
            + "</td>" + "</tr>" + "</tbody>" + "</table>")  # fmt: skip


SP_HEAD = (
    "<table>" "<tbody>" "<tr>"
    "<td style='height: 80px; background-color: #f6f5f6; padding: 10px 20px;'>"
    "<img style='padding: 10px 0px; text-align: center;' src='{url}/{logo}' "
    "alt='SP Sem Papel' width='108' height='50' /></td>"
    "</tr>" "<tr>"
    "<td style='background-color: #bbb; padding: 0 20px;'>"
    "<h3 style='height: 20px;'>Governo do Estado de S&atilde;o Paulo</h3>"
    "</td>" "</tr>"
    "<tr style='height: 310px;'>"
    "<td style='height: 310px; padding: 10px 20px;'>"
    "<div>"
    "<p><span style='color: #808080;'>Prezado Servidor(a) "
)  # fmt: skip
SP_FOOT = (
    "</div>" "</td>" "</tr>" "<tr>"
    "<td style='height: 18px; padding: 0 20px; background-color: #eaecee;'>"
    "<p><span style='color: #aaa;'><strong>Aten&ccedil;&atilde;o:</strong> esta &eacute; uma mensagem autom&aacute;tica. Por favor n&atilde;o responda&nbsp;</span></p>"
    "</td>" "</tr>" "</tbody>" "</table>"
)  # fmt: skip


def novo_usuario_sp(nome: str, orgao: str, matricula: str, senha: str) -> str:
    """CpBL.textoEmailNovoUsuarioSP, autenticaPeloBanco true."""
    out = SP_HEAD.format(url=SP["url"], logo=LOGO)
    out += "<strong>" + nome + "</strong>" + " do(a) " + "<strong>" + orgao + "</strong>"
    out += ",</span></h4>"
    out += ("<p><span style='color: #808080;'>Voc&ecirc; est&aacute; recebendo sua matr&iacute;cula e senha para acesso "
            "ao Portal SP Sem Papel, para acesso ao servi&ccedil;o Documentos Digitais.</span></p>"
            "<p><span style='color: #808080;'>Ao usar o portal para cria&ccedil;&atilde;o de documentos, voc&ecirc; est&aacute; "
            "produzindo documento nato-digital, confirme seus dados cadastrais, nome, cargo e unidade "
            "antes de iniciar o uso e assinar documentos.</span></p>"
            "<p><span style='color: #808080;'>Realize sua capacita&ccedil;&atilde;o no AVA e utilize o ambiente "
            "de capacita&ccedil;&atilde;o para testes e treinamento.</span></p>"
            "<p><span style='color: #808080;'>Sua matr&iacute;cula &eacute;:&nbsp;&nbsp;<strong>")  # fmt: skip
    out += matricula + "</strong></span></p>"
    out += "<p><span style='color: #808080;'>Sua senha &eacute;:&nbsp;&nbsp;<strong>"
    out += senha + "</strong></span></p>"
    return out + SP_FOOT


def alt_orgao_sp(nome: str, orgao: str, matricula: str) -> str:
    """CpBL.textoEmailAltOrgaoUsuarioSP."""
    out = SP_HEAD.format(url=SP["url"], logo=LOGO)
    out += "<strong>" + nome + "</strong>" + " do(a) " + "<strong>" + orgao + "</strong>"
    out += ".</span></h4>"
    out += ("<p><span style='color: #808080;'>Voc&ecirc; est&aacute; recebendo sua Nova matr&iacute;cula para acesso "
            "ao Portal SP Sem Papel, a senha permanece a mesma.</span></p>"
            "<p><span style='color: #808080;'>Ao usar o portal para cria&ccedil;&atilde;o de documentos, voc&ecirc; est&aacute; "
            "produzindo documento nato-digital, confirme seus dados cadastrais, nome, cargo e unidade "
            "antes de iniciar o uso e assinar documentos.</span></p>"
            "<p><span style='color: #808080;'>Sua matr&iacute;cula &eacute;:&nbsp;&nbsp;<strong>")  # fmt: skip
    out += matricula + "</strong></span></p>"
    return out + SP_FOOT


def novo_usuario_texto(matricula: str, senha: str | None) -> str:
    """CpBL.textoEmailNovoUsuario (senha None: login through the network, LDAP)."""
    out = "Seu login é: " + matricula + "\n e sua senha é "
    out += senha if senha is not None else "a mesma usada para logon na rede (Windows)."
    return out + "\n\n Atenção: esta é uma " + "mensagem automática. Por favor não responda "


def ex_fill(page: str, values: dict[str, str]) -> str:
    page = page.replace("${url}", SP["url"]).replace("${logo}", LOGO)
    page = page.replace("${titulo}", SP["titulo"])
    for key, value in values.items():
        page = page.replace("${" + key + "}", value)
    return page


def siga(mirrors: Path) -> list[dict]:
    cp = "siga-cp/src/main/java/br/gov/jfrj/siga/cp/bl/CpBL.java"
    cp_t = "siga-cp/src/main/resources/templates/email/"
    ex_t = "siga-ex/src/main/resources/templates/email/"
    usuario = "siga/src/main/java/br/gov/jfrj/siga/vraptor/UsuarioController.java"
    items: list[dict] = []

    def add(iid, group, kind, code, path, raw, note):
        items.append({"id": iid, "group": group, "kind": kind, "code": code, "path": path,
                      "raw": raw, "note": note})  # fmt: skip

    sp_to = [JOAO["email"]]
    trf_to = [CARLA["email"]]

    # --- codes -------------------------------------------------------------------------
    page = sp_fill(template(mirrors, cp_t + "token-senha-reset.html"), JOAO["nome"])
    page = page.replace("${token}", TOKEN_SENHA)
    add("siga-token-senha-reset", "siga-token-senha-reset", "gov-otp", TOKEN_SENHA,
        cp_t + "token-senha-reset.html",
        mail(SP["from"], sp_to, "Código para redefinição de SENHA ", "", page),
        "password reset code (randomAlfanumericoSeletivo(8)) in a green box under 'Seu código "
        "para definir uma nova SENHA é o seguinte:'")  # fmt: skip

    page = sp_fill(template(mirrors, cp_t + "token-pin-reset.html"), JOAO["nome"])
    page = page.replace("${tokenPin}", TOKEN_PIN)
    add("siga-token-pin-reset", "siga-token-pin-reset", "gov-otp", TOKEN_PIN,
        cp_t + "token-pin-reset.html",
        mail(SP["from"], sp_to, "Código para redefinição de PIN ", "", page),
        "PIN reset code (randomAlfanumericoSeletivo(8)) under 'Seu código para definir um novo "
        "PIN é o seguinte:'")  # fmt: skip

    sigla_doc = "SGGD-OFI-2026/01873-A"
    referencia = "184522-7319"  # getSiglaAssinatura(): id + "-" + |hash % 10000|
    url_doc = (SP["url"] + "/sigaex/public/app/autenticar?n=" + referencia
               + "&cod=" + COD_EXTERNO)  # fmt: skip
    page = ex_fill(template(mirrors, ex_t + "doc-enviado-para-usuario-externo.html"), {
        "nomeDestinatario": "Marina Albuquerque Sales", "siglaDoc": sigla_doc,
        "numeroReferencia": referencia, "cod": COD_EXTERNO, "urlDoc": url_doc,
    })  # fmt: skip
    add("siga-doc-visualizacao-externa", "siga-doc-visualizacao-externa", "gov-otp", COD_EXTERNO,
        ex_t + "doc-enviado-para-usuario-externo.html",
        mail(SP["from"], ["marina.sales@example.com"],
             "Código para visualização do documento " + sigla_doc, "", page),
        "document sent for outside viewing: 'Número de referência' (the document's "
        "reference, not a code) and 'Código de acesso ao documento' (randomAlfanumericoSeletivo"
        "(12), typed with the reference on the public authentication page; also in the link)")  # fmt: skip

    html_part = esqueci_sp(JOAO["nome"], JOAO["orgao"], JOAO["sigla"], SENHA_ESQUECI_SP)
    add("siga-esqueci-senha-sp", "siga-esqueci-senha-sp", "gov-otp", SENHA_ESQUECI_SP, cp,
        mail(SP["from"], sp_to, "Esqueci Minha Senha", "", html_part),
        "forgotten password (SP Sem Papel): a new generated password (geraSenha) after "
        "'Sua senha é:' with the registration number")  # fmt: skip

    text = ("\n" + CARLA["nome"] + "\nMatricula: " + CARLA["sigla"] + "\n"
            + "\nSua senha foi alterada para: " + SENHA_ESQUECI_TRF + "\n\n Atenção: esta é uma "
            + "mensagem automática. Por favor, não responda. ")  # fmt: skip
    add("siga-alteracao-senha", "siga-alteracao-senha", "gov-otp", SENHA_ESQUECI_TRF, cp,
        mail(TRF["from"], trf_to, "Alteração de senha ", text, None),
        "forgotten password (federal court): 'Sua senha foi alterada para:' a generated "
        "password (geraSenha)")  # fmt: skip

    add("siga-novo-usuario", "siga-novo-usuario", "gov-otp", SENHA_NOVO_TRF, cp,
        mail(TRF["from"], trf_to, "Novo Usuário",
             novo_usuario_texto(CARLA["sigla"], SENHA_NOVO_TRF), None),
        "new user (database login): 'Seu login é: <registration>' and 'e sua senha é "
        "<geraSenha()>'")  # fmt: skip
    add("siga-novo-usuario-rede", "siga-novo-usuario", "notice", None, cp,
        mail(TRF["from"], ["rafael.couto@trf2.example"], "Novo Usuário",
             novo_usuario_texto("T213390", None), None),
        "new user whose login goes through the network (LDAP): the password is 'a mesma usada "
        "para logon na rede (Windows)', no password given")  # fmt: skip

    add("siga-novo-usuario-sp", "siga-novo-usuario-sp", "gov-otp", SENHA_NOVO_SP, cp,
        mail(SP["from"], sp_to, "Novo Usuário", "",
             novo_usuario_sp(JOAO["nome"], JOAO["orgao"], JOAO["sigla"], SENHA_NOVO_SP)),
        "new civil servant (SP Sem Papel): registration number and generated password "
        "(geraSenha) after 'Sua senha é:'")  # fmt: skip

    cpf = "38294716052"
    page = template(mirrors, cp_t + "novo-usuario-externo.html")
    page = (page.replace("${nomeUsuario}", "Helena Vasconcelos Prado")
            .replace("${cpfUsuario}", cpf)
            .replace("${url}", SP["url"])
            .replace("${senhaUsuario}", SENHA_EXTERNO_SP))  # fmt: skip
    add("siga-novo-usuario-externo", "siga-novo-usuario-externo", "gov-otp", SENHA_EXTERNO_SP,
        cp_t + "novo-usuario-externo.html",
        mail(SP["from"], ["helena.prado@example.com"], "Novo Usuário", "", page),
        "outside user approved (SP Sem Papel): 'Usuário:' the CPF and 'Senha:' a generated "
        "password (geraSenha)")  # fmt: skip

    text = ("O Administrador do sistema alterou a senha do seguinte usuário, para efetuar "
            + "uma manutenção no sistema: " + "\n" + "\n - Nome: "
            + CARLA["nome"] + "\n - Matricula: "
            + CARLA["sigla"] + "\n - Senha: " + SENHA_ADM
            + "\n\n Antes de utiliza-lo novamente, altere a sua senha "
            + "ou solicite uma nova através da opção 'esqueci minha senha'"
            + "\n\n Atenção: esta é uma "
            + "mensagem automática. Por favor, não responda.")  # fmt: skip
    add("siga-troca-senha-adm", "siga-troca-senha-adm", "gov-otp", SENHA_ADM, cp,
        mail(TRF["from"], trf_to, "Troca de Senha", text, None),
        "an administrator changed the password for maintenance: ' - Senha:' the password the "
        "administrator typed, to use before changing it")  # fmt: skip

    text = ("\n" + CARLA["nome"] + "\nMatricula: " + CARLA["sigla"]
            + "\n" + "\nSua senha foi alterada para: " + SENHA_DEFINIDA
            + ".\n\n As seguintes pessoas participaram da alteração da senha: " + "T210552"
            + " e " + "T211948" + ".\n\n Atenção: esta é uma "
            + "mensagem automática. Por favor, não responda. ")  # fmt: skip
    add("siga-definir-senha", "siga-definir-senha", "gov-otp", SENHA_DEFINIDA, cp,
        mail(TRF["from"], trf_to, "Alteração de senha ", text, None),
        "password set with two witnesses: 'Sua senha foi alterada para: Ipe.Roxo-4471.' (the "
        "sentence's full stop follows the password; the password typed is without it)")  # fmt: skip

    # --- notices without a code ----------------------------------------------------------
    page = sp_fill(template(mirrors, cp_t + "nova-senha-definida.html"), JOAO["nome"])
    page = page.replace("${corpo}", "Você redefiniu sua Senha.")
    add("siga-senha-redefinida", "siga-senha-redefinida", "notice", None,
        cp_t + "nova-senha-definida.html",
        mail(SP["from"], sp_to, "Redefinição de SENHA", "", page),
        "notice that the password was reset, no password")  # fmt: skip

    for suffix, subj, corpo, path in (
        ("novo", "Novo PIN", "Você definiu um novo PIN.", "PinPost.java"),
        ("redefinido", "Redefinição de PIN", "Você redefiniu seu PIN.", "PinResetPost.java"),
        ("alterado", "Alteração de PIN", "Você alterou seu PIN.", "PinTrocarPost.java"),
    ):
        page = sp_fill(template(mirrors, cp_t + "novo-pin-definido.html"), JOAO["nome"])
        page = page.replace("${corpo}", corpo)
        add(f"siga-pin-{suffix}", "siga-pin-definido", "notice", None,
            "siga/src/main/java/br/gov/jfrj/siga/api/v1/" + path,
            mail(SP["from"], sp_to, subj, "", page),
            f"notice '{corpo}' with how to sign with the PIN, no PIN")  # fmt: skip

    add("siga-alteracao-usuario-sp", "siga-alteracao-usuario-sp", "notice", None, cp,
        mail(SP["from"], sp_to, "Alteração Usuário", "",
             alt_orgao_sp(JOAO["nome"], "Secretaria da Fazenda e Planejamento", "SFP52208")),
        "new registration number after a change of body; 'a senha permanece a mesma', no "
        "password")  # fmt: skip

    novo_email = "carla.motta.peixoto@trf2.example"
    for suffix, to, lead in (
        (
            "removido",
            CARLA["email"],
            "O Administrador do sistema removeu este endereço de email do seguinte usuário ",
        ),
        (
            "inserido",
            novo_email,
            "O Administrador do sistema inseriu este endereço de email como seguinte usuário ",
        ),
    ):
        text = (lead + "\n" + "\n - Nome: " + CARLA["nome"] + "\n - Matricula: "
                + CARLA["sigla"] + "\n - Novo email: " + novo_email
                + "\n\n Em caso de dúvidas, favor entrar em contato com o administrador "
                + "\n\n Atenção: esta é uma "
                + "mensagem automática. Por favor, não responda.")  # fmt: skip
        add(f"siga-troca-email-{suffix}", "siga-troca-email", "notice", None, usuario,
            mail(TRF["from"], [to], "Troca de Email", text, None),
            "notice of a changed e-mail address, no code")  # fmt: skip

    text = ("Informamos que a matrícula: " + "T2" + "12874" + " - " + CARLA["nome"]
            + " cadastrou uma substituição da " + " matrícula: " + "T2" + "10552" + " - "
            + "PAULO HENRIQUE DANTAS ROCHA" + " para" + " matricula: " + "T2" + "12874" + " - "
            + CARLA["nome"] + " com inicio em " + "04/01/27" + " e término em " + "29/01/27"
            + "." + "\n\n Atenção: esta é uma " + "mensagem automática. Por favor, não responda.")  # fmt: skip
    add("siga-substituicao", "siga-substituicao", "notice", None,
        "siga/src/main/java/br/gov/jfrj/siga/vraptor/SubstituicaoController.java",
        mail(TRF["from"], [CARLA["email"], "paulo.rocha@trf2.example"],
             "Cadastro de Substituição", text, None),
        "notice of a registered substitution with registration numbers and dates, no code")  # fmt: skip

    codigo = "JFRJ-MEM-2026/00388-A"
    text = ("Informamos que o pedido de publicação no Boletim Interno do documento "
            + codigo + " foi cancelado pela unidade gestora do BI.\n ")  # fmt: skip
    html_part = ("<html><body><p>Informamos que o pedido de publicação no Boletim Interno do documento "
                 + codigo + " foi cancelado pela unidade gestora do BI.</p> " + "</body></html>")  # fmt: skip
    add("siga-cancelamento-publicacao", "siga-cancelamento-publicacao", "notice", None,
        "sigaex/src/main/java/br/gov/jfrj/siga/vraptor/ExMovimentacaoController.java",
        mail(TRF["from"], trf_to, "Cancelamento de pedido de publicação no DJE (SECBI) ",
             text, html_part),
        "notice that a publication request was cancelled, document number only")  # fmt: skip

    people = {
        "nomeDestinatario": "JOÃO BATISTA FERRAZ LEMOS", "siglaDestinatario": "SGGD40715",
        "nomeCadastrante": "LUCIANA TAVARES MOURA", "siglaCadastrante": "SGGD38861",
    }  # fmt: skip
    for name, subj, extra, note in (
        ("doc-tramitado-para-usuario", "Documento tramitado para " + JOAO["nome"],
         {"siglaDoc": sigla_doc}, "document forwarded to the user"),
        ("doc-marcado-tramitado-para-unidade", "Documento tramitado para " + JOAO["nome"],
         {"docSigla": sigla_doc, "marcador": "Urgente"}, "document with a marker forwarded"),
        ("incluido-como-cossignatario", "Documento tramitado para " + JOAO["nome"],
         {"siglaDoc": sigla_doc}, "user marked as co-signer"),
        ("usuario-responsavel-pela-assinatura", "Responsável pela assinatura: " + JOAO["nome"],
         {"siglaDoc": sigla_doc}, "user made responsible for signing"),
        ("doc-tramitado-para-unidade",
         "Documento tramitado para unidade " + "Coordenadoria de Gestão Documental",
         {"docSigla": sigla_doc, "lotaDesc": "Coordenadoria de Gestão Documental",
          "lotaSigla": "SGGD-CGD"}, "document transferred to a unit"),
    ):  # fmt: skip
        page = ex_fill(template(mirrors, ex_t + name + ".html"), {**people, **extra})
        add(f"siga-{name}", f"siga-{name}", "notice", None, ex_t + name + ".html",
            mail(SP["from"], sp_to, subj, "", page),
            f"notice: {note}, document number only, no code")  # fmt: skip

    for item in items:
        item.update(source="siga", lang="pt-BR", repository=SIGA, commit=SIGA_COMMIT,
                    licence=SIGA_LICENCE, rendered=SIGA_RENDERED,
                    file=f"mail/siga/{item['id']}.eml")  # fmt: skip
    return items


FIELDS = ["id", "group", "source", "lang", "kind", "code", "repository", "path", "commit",
          "licence", "rendered", "file"]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    args = parser.parse_args()
    out_items = []
    for item in siga(args.mirrors):
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
