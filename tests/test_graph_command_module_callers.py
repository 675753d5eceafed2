"""``maguyva graph callers`` of a module, file or folder lists the lines importing it, as MCP's
find_references does, and says so.

Found by an outside tester on pyasn1 0.6.1: ``maguyva graph callers pyasn1.codec.ber.decoder``
failed with "unknown symbol 'pyasn1.codec.ber.decoder': no definition of it in the graph" while
``maguyva graph impact`` and ``importers`` of the same name answered it as the module
pyasn1/codec/ber/decoder.py, and MCP's find_references listed its two importing lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import references_answer

FILES = {
    "pkg/__init__.py": "",
    "pkg/codec/__init__.py": "",
    "pkg/codec/decoder.py": "def decode(data):\n    return data\n",
    "pkg/user.py": "from pkg.codec import decoder\n\n\ndef run():\n    return decoder.decode(b'')\n",
    "pkg/lone.py": "def alone():\n    return 1\n",
}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("modcallers")
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    index = str(tmp_path_factory.mktemp("ix"))
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0
    return str(root), index


def _graph(repo: tuple[str, str], capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    capsys.readouterr()
    status = cli.main(["graph", *args, "--repo", repo[0], "--index-dir", repo[1], "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("written", ["pkg.codec.decoder", "pkg/codec/decoder.py"])
def test_callers_of_a_module_are_the_lines_importing_it(
    repo: tuple[str, str], capsys: pytest.CaptureFixture[str], written: str
) -> None:
    status, answer = _graph(repo, capsys, "callers", written)
    assert status == 0 and "error" not in answer
    assert answer["definitions"] == ["pkg/codec/decoder.py"]
    assert [(r["path"], r["start_line"], r["kind"]) for r in answer["results"]] == [("pkg/user.py", 1, "import")]
    assert answer["notes"] == [f"{written} is a module or file, not a function: the lines importing it are listed "
                               f"(`maguyva graph impact {written}` lists what depends on it)"]
    mcp = references_answer(Engine(Path(repo[0]), Path(repo[1])), written, None, 50)["references"]
    assert [(r["path"], r["line"]) for r in mcp] == [(r["path"], r["start_line"]) for r in answer["results"]]


def test_callers_of_a_module_nothing_imports_say_so(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = _graph(repo, capsys, "callers", "pkg/lone.py")
    assert status == 0 and answer["results"] == []
    assert answer["notes"][0].startswith("pkg/lone.py is a module or file, not a function: no line of the repository "
                                         "imports it")


def test_an_unknown_name_is_still_refused(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = _graph(repo, capsys, "callers", "nothere_zz")
    assert status != 0 and answer["error"].startswith("unknown symbol 'nothere_zz'")
