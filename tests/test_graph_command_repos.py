"""``maguyva graph`` given ``--repo`` twice says it answers over one repository.

Found by an outside tester: ``maguyva graph callers tokenize --repo parso --repo sqlparse`` answered
from sqlparse alone (argparse kept the last ``--repo``), while ``maguyva search`` reads the same
options as a workspace of both: the user read one repository's callers as both repositories'.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli


def _repo(base: Path, name: str) -> Path:
    (base / name).mkdir()
    (base / name / "a.py").write_text("def helper():\n    return 1\n\n\ndef run():\n    return helper()\n")
    return base / name


def test_two_repositories_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = _repo(tmp_path, "one"), _repo(tmp_path, "two")
    index = str(tmp_path / "ix")
    code = cli.main(["graph", "callers", "helper", "--repo", str(one), "--repo", str(two), "--index-dir", index])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["maguyva: error: maguyva graph answers over one repository (--repo given 2 "
                                        'times); `maguyva search "who calls NAME" --repo A --repo B` asks across several']
    assert cli.main(["graph", "callers", "helper", "--repo", str(one), "--index-dir", index, "--json"]) == 0
    assert [r["symbol"] for r in json.loads(capsys.readouterr().out)["results"]] == ["run"]
