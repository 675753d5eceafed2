"""Defects an outside tester found in the user-facing surfaces, each pinned by the test that caught it.

The explorer's editor command, the MCP server's intake and the resident server's request handling;
the command line's own findings are in ``tests/test_outside_findings_cli.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.app.editor import NoEditor, open_command

# -- the explorer's "open in editor" ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["-c:!touch pwned", "+:!touch pwned", "--cmd=qa"])
def test_a_file_name_that_looks_like_an_option_reaches_the_editor_as_a_file(name: str) -> None:
    # vim reads "-c:!cmd" as a command to run and "+:!cmd" as one to run at start: a relative name
    # must never reach it as the first characters of an argument
    for editor in ("vim", "emacs -nw", "code --wait", "nano"):
        command = open_command(Path(name), 3, {"EDITOR": editor})
        opened = command[-1]
        assert opened.startswith("/"), command
        assert opened.split(":")[0] == str(Path.cwd() / name).split(":")[0]


def test_an_editor_variable_with_an_unbalanced_quote_is_a_message_not_a_crash() -> None:
    # the explorer catches NoEditor (and shows it); a ValueError from shlex took the app down
    with pytest.raises(NoEditor, match=r"\$EDITOR"):
        open_command(Path("/repo/a.py"), 1, {"EDITOR": 'emacs "-nw'})
    with pytest.raises(NoEditor, match=r"\$VISUAL"):
        open_command(Path("/repo/a.py"), 1, {"VISUAL": "vim 'x"})


def test_names_with_spaces_and_shell_characters_are_one_argument() -> None:
    name = "/repo/a b; rm -rf ~ $(x) `y`.py"
    assert open_command(Path(name), 2, {"EDITOR": "vim"}) == ["vim", "+2", name]


# -- the MCP server's intake -----------------------------------------------------------------------


def test_a_deeply_nested_line_does_not_end_the_mcp_session() -> None:
    # one line of JSON nested 50,000 deep raised RecursionError in the intake thread, which closed
    # the SDK's stdin: the server exited and every later request went unanswered
    pytest.importorskip("mcp")
    import io
    import os
    import threading

    from maguyva_tui.mcp.intake import _pump, repair

    deep = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":' + b"[" * 50_000 + b"]" * 50_000 + b"}\n"
    assert repair(deep) == deep  # no id can be read: it goes on as it came, as a line that is not JSON does
    good = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'
    read_end, write_end = os.pipe()
    thread = threading.Thread(target=_pump, args=(io.BytesIO(deep + good), os.fdopen(write_end, "wb")))
    thread.start()
    with os.fdopen(read_end, "rb") as out:
        received = out.read()
    thread.join()
    assert received.endswith(good)  # the session goes on to the next request


def test_a_json_rpc_batch_is_answered_request_by_request() -> None:
    # the SDK dropped a batch line whole: each of its requests waited for an answer forever
    pytest.importorskip("mcp")
    from mcp import types

    from maguyva_tui.mcp.intake import triage

    batch = [{"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
             {"jsonrpc": "2.0", "id": "b", "method": "tools/call", "params": 7},
             {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    sorted_out = triage(json.dumps(batch).encode() + b"\n")
    out = sorted_out.onward.splitlines()
    assert [json.loads(line).get("id") for line in out] == [1, None]  # what the SDK answers
    refused = [json.loads(line) for line in sorted_out.answers.splitlines()]  # a call of the wrong shape: the intake
    assert [(r["id"], r["error"]["code"]) for r in refused] == [("b", -32602)]
    for line in out:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)  # each one the SDK answers


# -- the walk facing a hostile .gitignore ------------------------------------------------------------


def test_a_gitignore_of_many_stars_and_a_long_name_walk_in_linear_time(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # "*a*a*a*a*a*a*a*b" became a backtracking regex: against a 200-character name of a's the walk
    # (and with it index, the explorer's watcher, the MCP server) did not finish in minutes
    import time

    from maguyva_tui.core.walk import WalkReport, walk

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    root = tmp_path / "repo"
    (root / "deep" / "er").mkdir(parents=True)
    (root / ".gitignore").write_text("*a*a*a*a*a*a*a*b\n/**/x/**/y/**/z/**/w\n")
    for name in ("a" * 200, "a" * 199 + "b", "aaaaaaab.py", "aaab", "xaaaaaaab", "\udcff" * 3 + "aaaaaaab"):
        (root / "deep" / "er" / name).write_text("x = 1\n")
    for folder in ("q/x/r/y/z/s/w", "q/x/r/y"):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "f.py").write_text("x = 1\n")
    started = time.process_time()
    kept = {c.path for c in walk(root, WalkReport())}
    assert time.process_time() - started < 1.0
    # git's verdicts (git status --ignored): a name with seven a's then a final b is ignored, and
    # f.py under x/**/y/**/z/**/w
    assert kept == {".gitignore", "deep/er/" + "a" * 200, "deep/er/aaaaaaab.py", "deep/er/aaab", "q/x/r/y/f.py"}


# -- the resident server and its client -------------------------------------------------------------


def test_a_search_with_stdout_closed_is_run_in_process_not_a_traceback(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # `maguyva search x >&-`: Python starts with sys.stdout None, and the client read its
    # .encoding for the request: AttributeError, a traceback from the launcher
    import sys

    from maguyva_tui.resident import client

    monkeypatch.delenv("MAGUYVA_NO_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr(client, "_at_terminal", lambda: False)
    monkeypatch.setattr(sys, "platform", "linux")
    for stream in ("stdout", "stderr"):
        with monkeypatch.context() as m:
            m.setattr(sys, stream, None)
            assert client.answer(["search", "needle", "--repo", str(tmp_path)]) is None


def _server(root: Path) -> object:
    from maguyva_tui.resident.server import Server

    return Server(str(root), "")


def _search_request(root: Path, **extra: object) -> dict[str, object]:
    import os

    from maguyva_tui.resident import client, place

    return {"v": client.PROTOCOL, "op": "search", "argv": ["search", "needle", "--repo", str(root)], "cwd": "/",
            "env": place.relevant_env(os.environ), **extra}


@pytest.mark.parametrize("encoding", [5, "utf-8", ["utf-8"], ["utf-8", 7], ["no-such-codec", "utf-8"],
                                      ["utf\x00-8", "utf-8"]])
def test_a_request_with_a_malformed_encoding_is_declined_not_a_dead_thread(tmp_path: Path, encoding: object) -> None:
    # tuple(5) raised TypeError in the request's thread (the client got no reply at all); a
    # codec name Python does not know failed inside the search as an "internal error" answer
    server = _server(tmp_path)
    reply = server.answer(_search_request(tmp_path, encoding=encoding))  # type: ignore[attr-defined]
    assert reply["handled"] is False and "encoding" in reply["why"]


def test_a_request_nested_past_the_stack_is_declined(tmp_path: Path) -> None:
    import socket

    server = _server(tmp_path)
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with left, right:
        right.sendall(b"[" * 100_000 + b"]" * 100_000)
        right.shutdown(socket.SHUT_WR)
        reply = server.reply_to(left)  # type: ignore[attr-defined]
    assert reply == {"handled": False, "why": "the request is not JSON"}


def test_server_messages_show_a_folder_name_of_escapes_never_obey_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # `maguyva server status --repo DIR` printed the folder's name raw: a clone named with an
    # escape sequence cleared or retitled the user's terminal
    import sys

    from maguyva_tui.resident.command import main

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    folder = tmp_path / "repo\x1b[2J\x1b]0;owned\x07"
    folder.mkdir()
    assert main(["status", "--repo", str(folder)]) == 1
    assert main(["stop", "--repo", str(folder) + "-gone"]) == 2
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "repo\\x1b[2J\\x1b]0;owned\\x07" in out and "\\x1b" in err


# -- the explorer: names from the repository reach the terminal escaped --------------------------------


def test_the_go_to_list_shows_a_name_of_escapes_never_sends_them() -> None:
    # Textual writes an ESC in a widget's text to the terminal as it is: a file named with OSC 52
    # ("\x1b]52;c;BASE64\x1b\\") set the user's clipboard when go-to listed it
    from rich.console import Console
    from textual.strip import Strip

    from maguyva_tui.app.fuzzy import Target
    from maguyva_tui.app.screens.jump import _label

    osc52 = "\x1b]52;c;ZWNobyBvd25lZA==\x1b\\"
    for target in (Target(f"pkg/{osc52}.py", f"pkg/{osc52}.py", 1, 1),
                   Target(f"Thing{osc52}", f"a{osc52}.py", 3, 9, f"class  a{osc52}.py:3")):
        content = _label(target)
        sent = Strip(list(content.render_segments())).render(Console(force_terminal=True, color_system="truecolor"))
        assert "\x1b]" not in sent and "\\x1b]52" in content.plain


def test_a_repository_nested_hundreds_of_folders_deep_is_walked(tmp_path: Path) -> None:
    # 700 folders "a/a/a/..." (1.4 KB of path, far below PATH_MAX): the recursive walk raised
    # RecursionError, "maguyva: internal error" for index and search alike; and a realpath per
    # folder made the walk cubic in the depth (1,900 deep: 204 s to index)
    import os
    import time

    from maguyva_tui.core.walk import WalkReport, walk

    root = tmp_path / "repo"
    folder = str(root)
    os.mkdir(folder)
    for _ in range(700):
        folder += "/a"
        os.mkdir(folder)
    Path(folder, "deep.py").write_text("def deepest(): pass\n")
    (root / "top.py").write_text("x = 1\n")
    os.symlink(".", root / "a" / "loop")  # a link back up is still a loop, not a descent
    started = time.process_time()
    report = WalkReport()
    kept = [c.path for c in walk(root, report)]
    assert time.process_time() - started < 4  # 0.8 s here; cubic, it was tens of seconds
    assert kept == ["a/" * 700 + "deep.py", "top.py"]
    assert report.skipped["symlink_loop"] == 1


def test_a_latin1_gitignore_pattern_ignores_the_latin1_name_git_ignores(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # the ignore file was decoded with replacement: "caf\xe9*.py" became "caf\ufffd*.py", matched
    # nothing, and the file git ignores (a secret, say) was indexed and searchable
    import os

    from maguyva_tui.core.walk import WalkReport, walk

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    root = tmp_path / "repo"
    root.mkdir()
    (root / ".gitignore").write_bytes(b"caf\xe9*.py\n[\xe0-\xef]x.py\n")
    for name in (b"caf\xe9_secret.py", b"\xe8x.py", b"ok.py", b"caf\xc3\xa9.py"):
        (root / os.fsdecode(name)).write_text("token = 1\n")
    kept = {c.path for c in walk(root, WalkReport())}
    assert kept == {".gitignore", "ok.py", "café.py"}  # as `git status --ignored` says


def test_a_gitignore_that_is_a_link_is_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a .gitignore linked to a file outside the repository was read (and obeyed): git refuses it
    # ("unable to access '.gitignore': Too many levels of symbolic links") and keeps every file
    from maguyva_tui.core.walk import WalkReport, walk

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    (tmp_path / "outside.txt").write_text("secret*\n")
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / ".gitignore").symlink_to(tmp_path / "outside.txt")
    (root / "rules").write_text("*.py\n")
    (root / "sub" / ".gitignore").symlink_to(root / "rules")  # inside the repository: refused all the same
    for name in ("secret.py", "ok.py", "sub/x.py"):
        (root / name).write_text("x = 1\n")
    kept = {c.path for c in walk(root, WalkReport())}
    assert kept == {"ok.py", "rules", "secret.py", "sub/x.py"}  # sub/.gitignore: a duplicate of rules


# -- the semantic engine facing a question it has no word for ----------------------------------------


def test_a_mapped_row_store_reads_no_rows(tmp_path: Path) -> None:
    # `maguyva search $'\xff'` (a byte that is not UTF-8), or a question of combining marks alone:
    # the static tier found no token, asked the mapped rows for none, and memoryview.cast raised:
    # "the semantic engine failed" and a search of one engine fewer
    import numpy as np

    from maguyva_tui.core.embed.store import Rows

    path = tmp_path / "rows.npy"
    np.save(path, np.arange(12, dtype=np.float32).reshape(4, 3))
    with open(path, "rb") as handle:
        rows = Rows(np.load(path, mmap_mode="r"), handle)
        assert rows.mapped
        assert rows[np.array([], np.int64)].shape == (0, 3)
        assert rows[[2]].tolist() == [[6.0, 7.0, 8.0]]


def test_the_transformer_embeds_text_with_a_lone_surrogate() -> None:
    # the tokenizer refuses a str holding a lone surrogate (a query typed in a Latin-1 terminal, a
    # file name that is not UTF-8): "TextEncodeInput must be Union[...]" failed the question
    from maguyva_tui.core.embed.minilm import MiniLMProvider, model_dir
    from maguyva_tui.core.embed.provider import ProviderError

    try:
        model = MiniLMProvider(model_dir(), max_tokens=64)
    except ProviderError as error:
        pytest.skip(str(error))
    vector = model.embed_query("caf\udce9 config")
    assert vector.shape == (384,) and abs(float((vector * vector).sum()) - 1.0) < 1e-3
    assert model.embed_documents(["def caf\udce9(): pass", "x = 1"]).shape == (2, 384)


def test_the_mcp_servers_log_says_an_agents_mistake_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # prompts/get of a prompt that does not exist: the SDK logged a boxed traceback of 150 lines on
    # the server's stderr (the agent's log) for an ordinary, answered mistake
    pytest.importorskip("mcp")
    import io
    import logging

    from maguyva_tui.mcp.server import _one_line_errors, log

    monkeypatch.delenv("MAGUYVA_DEBUG", raising=False)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    monkeypatch.setattr(logging.getLogger(), "handlers", [handler])  # pytest's own handlers get no filter
    monkeypatch.setattr(log, "handlers", [])
    _one_line_errors()
    try:
        raise ValueError("Unknown prompt: x")
    except ValueError:
        logging.getLogger("mcp.shared.jsonrpc_dispatcher").exception("handler for %r raised", "prompts/get")
    assert out.getvalue() == "handler for 'prompts/get' raised: ValueError: Unknown prompt: x\n"


def test_a_tool_argument_sent_as_null_takes_the_tools_default() -> None:
    # {"preset": null} (agents send null for an option they leave unset) was a validation error:
    # "Input should be 'quick', 'default' or 'thorough'"; so were limit, regex, with_source, depth
    pytest.importorskip("mcp")
    from maguyva_tui.mcp.arguments import unset_nulls
    from maguyva_tui.mcp.intake import repair

    line = (b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search","arguments":'
            b'{"query":"x","preset":null,"limit":null,"intent":null}}}\n')
    assert repair(line) is line  # the server reads the nulls: a required argument's is refused as sent null
    sent = json.loads(line)["params"]["arguments"]
    assert unset_nulls(sent, {"required": ["query"]}) == {"query": "x"}
    assert unset_nulls({"query": None}, {"required": ["query"]}) == {"query": None}


def test_a_server_that_cannot_listen_says_why_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # `TMPDIR=<a long path> maguyva server run`: a traceback (socket path too long, or a runtime
    # folder that is not private)
    from maguyva_tui.resident.server import run

    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    (tmp_path / "a-file").write_text("")
    (tmp_path / ("x" * 120)).mkdir()
    for tmpdir in (tmp_path / "a-file", tmp_path / ("x" * 120)):
        monkeypatch.setenv("TMPDIR", str(tmpdir))
        assert run(str(tmp_path), "") == 1
        err = capsys.readouterr().err
        assert err.startswith("maguyva: error: cannot listen: ") and err.count("\n") == 1


def test_two_stars_that_cross_folders_match_a_deep_path_in_linear_time() -> None:
    # "/**/a/**/b" kept Python's re (two repeats): 48 ms for one path 1,500 folders deep, paid for
    # every folder on the way down, so a deep hostile repository's walk took minutes
    import time

    from maguyva_tui.core.ignore import compile_line

    (rule,) = compile_line("/**/a/**/b")
    started = time.process_time()
    assert not rule.matches("a/" * 1500 + "c", False)
    assert time.process_time() - started < 0.01
    # git's verdicts (git status --ignored)
    assert [rule.matches(p, False) for p in ("x/a/y/z/b", "a/b", "b", "c/a/bb")] == [True, True, False, False]
