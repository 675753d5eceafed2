"""A ``--batch`` run refused as a whole says why on stdout too, as ``--json`` does: one error object,
``"query": null`` (no line's), exit status 2. Stdout had been empty, so a script reading the answer
lines read nothing (an agent author's check: ``--batch missing.jsonl``, ``--limit abc``); and
``--batch --limit 0`` had refused every line, "line N: --limit must be at least 1", exit status 0,
where ``search --limit 0`` is refused once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import engine as _engine  # noqa: F401  (imported at collection: the call times the refusal)


@pytest.mark.parametrize(("extra", "said"), [
    (["--limit", "0"], "--limit must be at least 1"),
    (["--depth", "0"], "--depth must be a whole number of at least 1"),
    (["--limit", "abc"], "argument --limit: invalid int value: 'abc'"),
    (["--explain"], "--explain does not go with --batch"),
    (["a query"], "a QUERY and --batch do not go together"),
])
def test_a_batch_refused_as_a_whole_prints_one_error_object(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            extra: list[str], said: str) -> None:
    lines = tmp_path / "q.jsonl"
    lines.write_text('{"query": "x"}\n{"query": "y"}\n')
    try:
        code = cli.main(["search", "--batch", str(lines), "--repo", str(tmp_path / "nowhere"), *extra])
    except SystemExit as exc:  # argparse's refusal
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and said in err
    (line,) = out.splitlines()
    answer = json.loads(line)
    assert answer["query"] is None and answer["error"].startswith(said) and answer["results"] == []


def test_an_unreadable_batch_file_or_repository_is_said_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["search", "--batch", str(tmp_path / "none.jsonl"), "--repo", str(tmp_path)]) == 2
    assert json.loads(capsys.readouterr().out)["error"].endswith("cannot read the batch file (No such file or directory)")
    (tmp_path / "q.jsonl").write_text('{"query": "x"}\n')
    assert cli.main(["search", "--batch", str(tmp_path / "q.jsonl"), "--repo", str(tmp_path / "gone")]) == 2
    assert json.loads(capsys.readouterr().out) == {"query": None, "error": f"{tmp_path / 'gone'}: no such directory",
                                                   "results": []}
