"""A command asked for ``--json`` and refused before it runs still prints its error object on stdout.

``maguyva search Q --json --limit abc`` (an option argparse refuses), ``index --json --no-semantic
--embed full`` and ``--repo ""`` had written their error on stderr alone: a script parsing stdout read
nothing, where ``--limit 0`` gave it ``{"query", "error", "results": []}``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[dict[str, object], str]:
    with pytest.raises(SystemExit) as ended:
        status = cli.main(list(argv))
        raise SystemExit(status)
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and len(out.splitlines()) == 1, (out, err)
    return json.loads(out), err


@pytest.mark.parametrize(("argv", "said"), [
    (["search", "x", "--json", "--limit", "abc"], "argument --limit: invalid int value: 'abc'"),
    (["search", "x", "--json", "-i", "-S"], "argument -S/--smart-case: not allowed with argument -i/--ignore-case"),
    (["graph", "callers", "x", "--json", "--depth", "q"], "argument --depth: invalid int value: 'q'"),
])
def test_an_option_argparse_refuses_is_an_error_object_too(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                           said: str) -> None:
    answer, err = _refused(capsys, *argv)
    assert answer == {"query": None, "error": said, "results": []} and said in err


def test_index_and_an_empty_repository_say_it_in_their_own_shape(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    answer, _ = _refused(capsys, "index", str(tmp_path), "--json", "--no-semantic", "--embed", "full")
    assert answer["path"] is None and str(answer["error"]).startswith("--no-semantic and --embed full do not go together")
    answer, _ = _refused(capsys, "index", "--json", "--lim", "3")
    assert answer == {"path": None, "error": "unrecognized arguments: --lim"}
    answer, _ = _refused(capsys, "search", "x", "--json", "--repo", "")
    assert answer["query"] == "x" and str(answer["error"]).startswith("an empty repository path")


def test_without_json_stdout_stays_empty(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["search", "x", "--limit", "abc"])
    with pytest.raises(SystemExit):
        cli.main(["search", "--", "--json", "--limit", "abc"])  # after --, --json is the question
    assert capsys.readouterr().out == ""
