"""Ctrl-C ends a ``--json`` command with its one error object (``"error": "interrupted"``), as any other
refusal: stdout had been empty, which no JSON parser reads (a helper's outside test: Ctrl-C during
``maguyva search --json`` that was indexing first). The exit status stays 130."""

from __future__ import annotations

import json
from typing import Any, NoReturn

import pytest

from maguyva_tui import cli


def _interrupted(*_: Any, **__: Any) -> NoReturn:
    raise KeyboardInterrupt


@pytest.mark.parametrize(("argv", "target", "told"), [
    (["search", "cr_func", "--json"], "_search", {"query": "cr_func", "error": "interrupted", "results": []}),
    (["graph", "callers", "cr_func", "--json"], "_graph",
     {"query": "callers cr_func", "error": "interrupted", "results": []}),
    (["index", "REPO", "--json"], "_index", {"path": "REPO", "error": "interrupted"}),
])
def test_ctrl_c_leaves_one_json_object(argv: list[str], target: str, told: dict[str, Any], tmp_path: Any,
                                       monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, target, _interrupted)
    monkeypatch.chdir(tmp_path)
    argv = [str(tmp_path) if a == "REPO" else a for a in argv]
    assert cli.main([*argv, "--index-dir", str(tmp_path / "idx")]) == 130
    out, err = capsys.readouterr()
    assert json.loads(out) == {k: str(tmp_path) if v == "REPO" else v for k, v in told.items()}
    assert err == "maguyva: interrupted\n"


def test_without_json_stdout_stays_empty(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "_search", _interrupted)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["search", "cr_func", "--index-dir", str(tmp_path / "idx")]) == 130
    assert capsys.readouterr() == ("", "maguyva: interrupted\n")
