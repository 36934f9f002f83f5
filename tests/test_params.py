"""The front ends' parameters are declared once (``_frontends/_params.py``): the command's
``--help``, the MCP tools' input schemas and the validation agree on every one of them."""

from __future__ import annotations

import argparse
import doctest
import re
from pathlib import Path

import pytest

from otpmail._core._criteria import (
    MAX_FILTER_CHARS,
    MAX_TIMEOUT,
    MIN_POLL_INTERVAL,
    build_criteria,
    check_timing,
)
from otpmail._core._errors import CODES, OtpmailError, Prefix
from otpmail._core._retry import MAX_DEADLINE, check_deadline
from otpmail._frontends import _cli, _mcp, _params, _process
from otpmail._frontends._params import Param

FRONTENDS = Path(_cli.__file__).resolve().parent

# Every flag the command documented before the table existed: none may go.
DOCUMENTED_FLAGS = {
    "read": "--to --sender --subject --authenticated --no-authenticated --after --latest "
    "--count --deadline --integrations",
    "wait": "--to --sender --subject --authenticated --no-authenticated --timeout --since "
    "--poll-interval --deadline --integrations",
    "code": "--to --sender --subject --authenticated --no-authenticated --timeout --since "
    "--poll-interval --deadline --integrations",
    "check": "--deep --deadline --integrations",
    "watch": "mailbox --topic --deadline --integrations",
    "mcp": "--integrations",
    "catch": "maildir --host --port --address --write-integrations",
    "login": "name --device-code --export --grant-file --no-browser --timeout --integrations",
}
# Every MCP property and its JSON type, as tools/list has always listed them.
DOCUMENTED_PROPERTIES = {
    "read_emails": {
        "to": "string",
        "sender": "string",
        "subject": "string",
        "after": "string",
        "latest": "boolean",
        "count": "boolean",
        "authenticated": "boolean",
    },
    "wait_for_email": {
        "to": "string",
        "sender": "string",
        "subject": "string",
        "timeout": "number",
        "since": "string",
        "authenticated": "boolean",
    },
}


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = _cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def options(command: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in command._actions if not isinstance(a, argparse._HelpAction)]


def table() -> dict[str, list[Param]]:
    """The table's rows by command-line flag (``--timeout`` of ``wait`` and of ``login``
    are two rows: they bound different things)."""
    rows: dict[str, list[Param]] = {}
    for value in vars(_params).values():
        if isinstance(value, Param):
            rows.setdefault(value.flag, []).append(value)
    return rows


def help_text(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        _cli.main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", sorted(DOCUMENTED_FLAGS))
def test_every_documented_flag_is_still_there(command: str) -> None:
    flags = {s for a in options(subcommands()[command]) for s in a.option_strings or [a.dest]}

    assert flags == set(DOCUMENTED_FLAGS[command].split())


@pytest.mark.parametrize("command", sorted(DOCUMENTED_FLAGS))
def test_each_option_is_a_row_of_the_table_with_its_help(command: str) -> None:
    rows = table()
    for action in options(subcommands()[command]):
        flag = action.option_strings[0] if action.option_strings else action.dest
        candidates = rows[flag]
        if flag == "--deadline":  # its help names what it bounds, per command
            candidates = [_params.deadline_of(str(action.help).split(" may take", 1)[0])]
        matching = [r for r in candidates if r.cli_help() == action.help]
        row = matching[0] if matching else candidates[0]
        assert action.help == row.cli_help(), flag
        assert action.required == row.required, flag


def test_the_mcp_schemas_are_the_tables_rows_and_keep_every_property() -> None:
    for tool, params in (("read_emails", _mcp.READ_PARAMS), ("wait_for_email", _mcp.WAIT_PARAMS)):
        schema = {t.name: t.input_schema for t in _mcp.TOOLS}[tool]
        properties = schema["properties"]

        assert {k: v["type"] for k, v in properties.items()} == DOCUMENTED_PROPERTIES[tool]
        assert properties == {p.name: p.schema() for p in params}
        assert schema["required"] == ["to"] and schema["additionalProperties"] is False


def test_the_authenticated_sentence_is_written_once_and_said_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sources = "".join(p.read_text(encoding="utf-8") for p in sorted(FRONTENDS.glob("*.py")))
    phrase = "the receiving server authenticated for its From domain"

    assert sources.count(phrase) == 1
    for command in ("read", "wait", "code"):
        assert _params.AUTHENTICATED_HELP in help_text(command, capsys)
    for schema in (_mcp.READ_INPUT_SCHEMA, _mcp.WAIT_INPUT_SCHEMA):
        description = schema["properties"]["authenticated"]["description"]
        assert description.startswith(_params.AUTHENTICATED_HELP[0].upper())
        assert _params.AUTHENTICATED_HELP[1:] in description


def test_timeout_bounds_agree_in_the_help_the_schema_and_the_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert f"above 0, at most {MAX_TIMEOUT:g}" in help_text("wait", capsys)
    check_timing(MAX_TIMEOUT, None)
    with pytest.raises(OtpmailError, match=f"at most {MAX_TIMEOUT:g}"):
        check_timing(MAX_TIMEOUT + 1, None)
    status = _cli.main(["wait", "--to", "qa@example.com", "--timeout", f"{MAX_TIMEOUT + 1:g}"])
    assert status == _cli.EXIT_CODES[Prefix.INVALID]
    assert f"at most {MAX_TIMEOUT:g}" in capsys.readouterr().out

    # The MCP tool's own ceiling is shorter than the library's, and checked before it.
    timeout = _mcp.WAIT_INPUT_SCHEMA["properties"]["timeout"]
    assert timeout["maximum"] == _mcp.MAX_WAIT_TIMEOUT <= MAX_TIMEOUT
    assert f"at most {_mcp.MAX_WAIT_TIMEOUT:g}" in timeout["description"]
    schema = _mcp.WAIT_INPUT_SCHEMA
    _mcp.check_arguments("wait_for_email", schema, {"to": "a@b.example", "timeout": 600})
    with pytest.raises(OtpmailError, match="at most 600"):
        _mcp.check_arguments("wait_for_email", schema, {"to": "a@b.example", "timeout": 600.5})


@pytest.mark.parametrize("command", ["read", "wait", "code", "check"])
def test_deadline_bounds_agree_in_the_help_and_the_check(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert f"above 0, at most {MAX_DEADLINE:g}" in help_text(command, capsys)
    assert check_deadline(MAX_DEADLINE) == MAX_DEADLINE
    with pytest.raises(OtpmailError, match=f"at most {MAX_DEADLINE:g}"):
        check_deadline(MAX_DEADLINE + 1)


def test_poll_interval_bounds_agree_in_the_help_and_the_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert f"at least {MIN_POLL_INTERVAL:g}, at most the timeout" in help_text("wait", capsys)
    assert check_timing(10, MIN_POLL_INTERVAL) == (10, MIN_POLL_INTERVAL)
    with pytest.raises(OtpmailError):
        check_timing(10, MIN_POLL_INTERVAL / 2)
    with pytest.raises(OtpmailError):
        check_timing(10, 11)


@pytest.mark.parametrize("name", ["to", "sender", "subject"])
def test_filter_lengths_agree_in_the_schema_and_the_check(name: str) -> None:
    for schema in (_mcp.READ_INPUT_SCHEMA, _mcp.WAIT_INPUT_SCHEMA):
        assert schema["properties"][name]["maxLength"] == MAX_FILTER_CHARS
    too_long = "a" * (MAX_FILTER_CHARS - len("@b.example") + 1) + "@b.example"
    filters = {"to": "a@b.example", name: too_long}
    with pytest.raises(OtpmailError):
        build_criteria(**filters)
    with pytest.raises(OtpmailError, match=f"longer than {MAX_FILTER_CHARS}"):
        _mcp.check_arguments("read_emails", _mcp.READ_INPUT_SCHEMA, filters)


def test_the_exit_statuses_in_the_help_are_the_commands_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("read", "wait", "code"):
        text = help_text(command, capsys)
        for prefix in Prefix:
            assert f" {_cli.EXIT_CODES[prefix]} {prefix.value}: " in text, (command, prefix)
        for status in (_cli.EXIT_UNEXPECTED, _cli.EXIT_OUTPUT_FAILED, _cli.EXIT_INTERRUPTED):
            assert f" {status} " in text
    # The epilogs are built, not patched: no text is cut out of another.
    assert ".replace(" not in re.sub(r"#.*", "", (FRONTENDS / "_cli.py").read_text("utf-8"))


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_exit_status_comes_from_the_envelopes_code(code: str) -> None:
    # The message is not parsed: a message without its prefix still gets its status.
    envelope = {"status": "error", "error": "a message", "code": code, "retryable": False}

    assert _cli.exit_status(envelope) == _cli.EXIT_CODES[CODES[code].prefix]


def test_an_envelope_without_a_known_code_is_a_bug() -> None:
    envelope = {"status": "error", "error": "INVALID: x", "code": "no_such_code"}

    assert _cli.exit_status(envelope) == _cli.EXIT_UNEXPECTED
    assert _cli.exit_status({"status": "ok", "data": {"count": 0}}) == _cli.EXIT_OK


def test_a_new_subcommand_is_one_function_and_its_table_rows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # What docs/cli-internals.md tells a contributor to write, run end to end.
    name = Param("name", "string", "the mailbox's name", positional=True)
    topic = Param("topic", "string", "the Pub/Sub topic", metavar="TOPIC", required=True)

    def hello(args: argparse.Namespace) -> int:
        _process.write(f"{args.name} {args.topic} {args.deadline}\n")
        return _cli.EXIT_OK

    def add_hello(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        command = _cli._new(commands, "hello", help="say hello", description="Say hello.")
        _cli._add(command, name, topic, _params.deadline_of("the call"), _params.INTEGRATIONS)
        command.set_defaults(run=hello)

    monkeypatch.setattr(_cli, "_SUBCOMMANDS", [*_cli._SUBCOMMANDS, add_hello])

    argv = ["hello", "qa", "--topic", "projects/p/topics/t", "--deadline", "5"]
    assert _cli.main(argv) == 0
    assert capsys.readouterr().out == "qa projects/p/topics/t 5\n"
    text = help_text("hello", capsys)
    assert "name the mailbox's name" in text and "--topic TOPIC the Pub/Sub topic" in text
    assert f"at most {MAX_DEADLINE:g}" in text
    with pytest.raises(SystemExit) as caught:  # NAME is required
        _cli.main(["hello", "--topic", "t"])
    assert caught.value.code == 2
    assert "the following arguments are required: name" in capsys.readouterr().err


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(_params)

    assert result.attempted > 0 and result.failed == 0
