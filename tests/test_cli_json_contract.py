"""The ``--json`` outputs as a contract scripts and agents parse strictly (helper-146's findings).

A file name that is not UTF-8 had gone out as a lone surrogate escape (``"caf\\udce9.py"``), which
serde_json refuses and Go's encoding/json turns into U+FFFD without a word; it is now ``caf\\xe9.py``
with the exact bytes in ``path_bytes`` (base64), as ``maguyva_tui.json_out`` says. A list the limit
cut says so in ``truncated``, as MCP's search does; ``index --json`` of one missing path prints its
error line, as each of several did; a full disk under stdout is one line, not an internal error.
"""

from __future__ import annotations

import base64
import io
import json
import os
import sys
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core.engine import Engine
from maguyva_tui.json_out import wire_safe
from maguyva_tui.resident import client
from maguyva_tui.resident import command as server_command
from maguyva_tui.terminal import printable
from tests.core.test_failed_lookup import FirstWordProvider

pytestmark = pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")


def strict(text: str) -> object:
    """Parse as a strict parser does: UTF-8 without a lone surrogate, then JSON without one escaped."""
    data = text.encode("utf-8")  # raises for a lone surrogate in the text
    assert "\\ud" not in text.lower(), text  # nor one escaped as \udcXX
    return json.loads(data)


@pytest.fixture(scope="module")
def latin1_named(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("named")
    (base / "repo").mkdir()
    (base / "repo" / "main.py").write_text(
        "from caf import brewed\n\n\ndef helper():\n    return 1\n\n\ndef serve():\n    return brewed() + helper()\n\n\n"
        "def again():\n    return brewed() + helper()\n")
    with open(os.path.join(os.fsencode(base / "repo"), b"caf\xe9.py"), "wb") as f:
        f.write(b"def brewed():\n    return 'beans'\n")
    Engine(base / "repo", base / "index", provider=FirstWordProvider(), static=False).refresh()  # fast: no model
    return base / "repo", base / "index"


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_path_that_is_not_utf8_is_escaped_with_its_bytes_beside(
        latin1_named: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    repo, index = latin1_named
    code, out, _ = _main(capsys, "search", "--json", "beans", "--repo", str(repo), "--index-dir", str(index))
    assert code == 0
    [hit] = [r for r in strict(out)["results"] if r["path"] != "main.py"]  # type: ignore[index]
    assert hit["path"] == "caf\\xe9.py"
    assert base64.b64decode(hit["path_bytes"]) == b"caf\xe9.py"
    plain = next((r for r in strict(out)["results"] if r["path"] == "main.py"), {})  # type: ignore[index]
    assert "path_bytes" not in plain  # only where needed
    code, out, _ = _main(capsys, "graph", "callers", "brewed", "--json", "--repo", str(repo), "--index-dir", str(index))
    graph = strict(out)
    assert code == 0 and graph["definitions"][0].startswith("caf\\xe9.py")  # type: ignore[index]
    assert base64.b64decode(graph["definitions_bytes"][0]).startswith(b"caf\xe9.py")  # type: ignore[index]


def test_every_string_is_made_safe_and_only_stray_bytes_get_a_bytes_field() -> None:
    safe = wire_safe({"path": "caf\udce9.py", "paths": ["ok", "b\udcff"], "q": "\ud800x", "n": 1, "\udce9": 2})
    assert safe == {"path": "caf\\xe9.py", "path_bytes": "Y2Fm6S5weQ==", "paths": ["ok", "b\\xff"],
                    "paths_bytes": [None, "Yv8="], "q": "\ufffdx", "n": 1, "\\xe9": 2}
    assert wire_safe({"path": "plain.py"}) == {"path": "plain.py"}


def test_two_keys_that_escape_alike_both_stay() -> None:
    """A key with a stray byte (``caf\\udce9``) beside the literal key ``caf\\xe9`` had been one key,
    the value written first lost in silence; in either order both now stay, told apart by the bytes."""
    for keys in (["caf\udce9", "caf\\xe9"], ["caf\\xe9", "caf\udce9"]):
        safe = wire_safe({key: n for n, key in enumerate(keys)})
        assert safe == {"caf\\xe9": keys.index("caf\\xe9"), "caf\\xe9 (bytes Y2Fm6Q==)": keys.index("caf\udce9")}
    assert len(wire_safe({f"a{chr(0xD800 + n)}": n for n in range(3)})) == 3  # each reads a U+FFFD


def test_index_json_of_one_missing_path_prints_its_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"gone\xff"))
    code, out, err = _main(capsys, "index", "--json", missing, "--index-dir", str(tmp_path / "ix"))
    assert code == cli.EXIT_USAGE and err.count("\n") == 1 and "no such directory" in err
    line = strict(out)
    assert line["path"].endswith("gone\\xff") and base64.b64decode(line["path_bytes"]).endswith(b"gone\xff")  # type: ignore[index]
    assert "no such directory" in line["error"]  # type: ignore[index]


def test_search_json_refused_prints_its_error_object(latin1_named: tuple[Path, Path],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A refused ``search --json`` prints one JSON error object, as a --batch line's and ``index
    --json``'s: its stderr line and exit status stay (stdout had been empty, a script read no why)."""
    repo, index = latin1_named
    where = ("--repo", str(repo), "--index-dir", str(index))
    for args, error in ((("(", "--regex"), "invalid regex: missing ): ("), (("beans", "--limit", "0"), "--limit must be at least 1"),
                        (("beans", "--regex", "--intent", "find_definition"), "--intent find_definition does not go")):
        code, out, err = _main(capsys, "search", "--json", *args, *where)
        answer = strict(out)
        assert code == cli.EXIT_USAGE and out.count("\n") == 1 and err.count("\n") == 1, (out, err)
        assert answer["query"] == args[0] and answer["error"].startswith(error) and answer["results"] == []  # type: ignore[index]
        assert err == f"maguyva: error: {answer['error']}\n"  # type: ignore[index]
    code, out, _ = _main(capsys, "search", "--json", "x" * 70_000, *where)
    assert code == cli.EXIT_USAGE and strict(out)["query_chars"] == 70_000  # type: ignore[index]
    code, out, _ = _main(capsys, "search", "--json", "beans", "--repo", str(repo), "--repo", str(repo.parent / "gone"),
                         "--index-dir", str(index), "--limit", "0")  # over several repositories too
    assert code == cli.EXIT_USAGE and strict(out)["error"] == "--limit must be at least 1"  # type: ignore[index]


class _Full(io.StringIO):
    """A stdout on a full disk (``> /dev/full``)."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


def test_output_to_a_full_disk_is_one_line(latin1_named: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """It had read "maguyva: internal error: OSError: [Errno 28] ... (MAGUYVA_DEBUG=1 shows more)"."""
    repo, index = latin1_named
    monkeypatch.setattr(sys, "stdout", _Full())
    code = cli.main(["search", "--json", "beans", "--repo", str(repo), "--index-dir", str(index)])
    assert code == cli.EXIT_OUTPUT
    assert capsys.readouterr().err == "maguyva: error: could not write the output: No space left on device\n"
    code = client.emit({"out": [[1, "1 result\n"], [1, None]], "code": 0})  # a resident server's answer: no traceback
    assert code == 1
    assert capsys.readouterr().err == "maguyva: error: could not write the output: No space left on device\n"


def test_a_list_the_limit_cut_says_so(latin1_named: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    repo, index = latin1_named
    base = ("search", "--regex", "brewed", "--repo", str(repo), "--index-dir", str(index))  # 4 lines hold it
    code, out, _ = _main(capsys, *base, "--json", "--limit", "2")
    answer = strict(out)
    assert code == 0 and len(answer["results"]) == 2  # type: ignore[index]
    assert answer["truncated"] == "showing the first 2; more match: raise --limit or narrow the query"  # type: ignore[index]
    code, out, err = _main(capsys, *base, "--limit", "2")
    assert err.splitlines()[-1] == "maguyva: showing the first 2; more match: raise --limit or narrow the query"
    code, out, err = _main(capsys, *base, "--json", "--limit", "4")
    assert "truncated" not in strict(out) and len(strict(out)["results"]) == 4  # type: ignore[index, operator, arg-type]


def test_server_refuses_an_empty_repo(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``maguyva server status --repo ""`` had taken the current folder, where search and index refuse it."""
    monkeypatch.chdir(tmp_path)
    assert server_command.main(["status", "--repo", ""]) == server_command.USAGE_ERROR
    assert capsys.readouterr().err == "maguyva: error: an empty repository path (leave it out for the current folder)\n"


def test_a_person_reads_such_a_path_with_the_same_escape(latin1_named: tuple[Path, Path],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The human output and error lines had written the byte as ``\\udce9``, the JSON now ``\\xe9``."""
    repo, index = latin1_named
    code, out, _ = _main(capsys, "search", "beans", "--repo", str(repo), "--index-dir", str(index))
    assert code == 0 and "caf\\xe9.py:" in out and "\\udc" not in out
    assert printable("caf\udce9.py \x1b \ud800") == "caf\\xe9.py \\x1b \\ud800"


def test_a_graph_list_the_limit_cut_says_so(latin1_named: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """``graph callers X --limit 5`` had listed 5 of 29 callers (inflect's _pl_special_verb) in silence."""
    repo, index = latin1_named
    base = ("graph", "callers", "helper", "--repo", str(repo), "--index-dir", str(index))
    code, out, _ = _main(capsys, *base, "--json", "--limit", "1")
    answer = strict(out)
    assert code == 0 and len(answer["results"]) == 1 and answer["total"] == 2  # type: ignore[index, arg-type]
    assert answer["truncated"] == "showing 1 of 2; raise --limit to see more"  # type: ignore[index]
    code, out, err = _main(capsys, *base, "--limit", "1")
    assert err.splitlines()[-1] == "maguyva: showing 1 of 2; raise --limit to see more"
    code, out, _ = _main(capsys, *base, "--json")
    assert "truncated" not in strict(out)  # type: ignore[operator]
