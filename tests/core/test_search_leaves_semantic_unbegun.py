"""A search on an index built ``--no-semantic`` answers from what the index holds: it does not
begin the static tier the index was built without (on 100,000 files that had been 17 s of CPU
inside a literal's search, the answer saying "in 321.6 ms"); a question by meaning says so in one
line. An index whose static tier was begun is kept current by a search, as before."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from maguyva_tui.core import engine as engine_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.semantic_index import adopt_static_store, read_census_digests, read_chunk_table, recorded_static

HOUR_NS = 3600 * 10**9


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("def alpha_total():\n    return 1\n")
    (root / "b.py").write_text("BETA = 2\n")
    past = time.time_ns() - HOUR_NS  # written long before the walk: every folder is vouched for
    for folder, _, files in os.walk(root):
        for name in files:
            os.utime(os.path.join(folder, name), ns=(past, past))
        os.utime(folder, ns=(past, past))
    return root


@pytest.fixture
def fills(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the static tier's fills (none is run for real: the model is not loaded here)."""
    counted: list[int] = []

    def fill(self: Engine, *args: object, **kwargs: object) -> None:
        counted.append(1)

    monkeypatch.setattr(engine_module.Engine, "fill_static", fill)
    return counted


def test_a_search_on_a_no_semantic_index_begins_no_static_tier(tmp_path: Path, fills: list[int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)  # what `maguyva index --no-semantic` runs
    engine = Engine(root, tmp_path / "index")
    assert sorted({r.path for r in engine.search("BETA", modality="text").results}) == ["b.py"]
    assert fills == [] and recorded_static(engine.snapshot) is None
    (root / "c.py").write_text("GAMMA = 3\n")  # a search that updates the index: still none begun
    assert [r.path for r in Engine(root, tmp_path / "index").search("GAMMA", modality="text").results] == ["c.py"]
    assert fills == []


def test_a_literal_on_a_no_semantic_index_makes_no_census_of_its_chunks(tmp_path: Path, fills: list[int]) -> None:
    """Its coverage is 0 with no tier to look in: every chunk's key was made and written for it
    (1.4 s of a literal's CPU on 100,000 files)."""
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    engine = Engine(root, tmp_path / "index")
    result = engine.search("BETA")
    assert [r.path for r in result.results] == ["b.py"]
    assert result.semantic_coverage == 0.0 and dict(result.semantic_tiers) == {"static": 0.0, "transformer": 0.0}
    assert read_census_digests(engine.snapshot) is None


def test_a_plain_question_on_a_no_semantic_index_runs_no_semantic_engine_and_writes_no_chunk_table(
        tmp_path: Path, fills: list[int]) -> None:
    """No tier holds a vector: the engine ranks nothing, so it neither reads nor writes the chunks'
    table (100,000 files: 2.8 s of a plain question's CPU and 260 MB), and the page is the same."""
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    engine = Engine(root, tmp_path / "index")
    result = engine.search("how is the total returned")
    assert "semantic" in result.modalities_run and result.results
    assert all(dict(r.votes).get("semantic") is None for r in result.results)
    assert read_chunk_table(engine.snapshot) is None
    assert [n for n in result.notices if "no static tier" in n]


def test_a_graph_question_on_a_no_semantic_index_begins_no_static_tier(tmp_path: Path, fills: list[int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    assert Engine(root, tmp_path / "index").definitions("alpha_total").definitions
    assert fills == []


def test_a_question_by_meaning_says_in_one_line_that_the_index_has_no_static_tier(
        tmp_path: Path, fills: list[int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    result = Engine(root, tmp_path / "index").search("how is the total returned", modality="semantic")
    said = [n for n in result.notices if "no static tier" in n]
    assert len(said) == 1 and "--no-semantic" in said[0] and f"maguyva index {root}" in said[0]
    assert "\n" not in said[0]


def test_the_human_output_says_the_index_has_no_static_tier_and_not_the_tiers_shares(
        tmp_path: Path, fills: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui.cli import _print_human

    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    _print_human(Engine(root, tmp_path / "index").search("how is the total returned"))
    said = [line for line in capsys.readouterr().err.splitlines() if "semantic" in line]
    assert len(said) == 1 and "no static tier" in said[0] and said[0].startswith("maguyva: semantic: only 0%")


def test_a_search_keeps_a_begun_static_tier_current_and_a_first_build_begins_one(
        tmp_path: Path, fills: list[int]) -> None:
    root = _repo(tmp_path)
    first = Engine(root, tmp_path / "index")
    first.search("BETA", modality="text")  # a first build from a search
    assert fills == [1]
    adopt_static_store(first.snapshot, "static_recorded", 8)  # what a fill records as it begins
    (root / "c.py").write_text("GAMMA = 3\n")
    Engine(root, tmp_path / "index").search("GAMMA", modality="text")
    assert fills == [1, 1]


class _Killed(BaseException):
    """What a kill -9 leaves of a command, in this process: nothing after the point it struck."""


def _killed(*args: object, **kwargs: object) -> None:
    raise _Killed


def test_a_search_after_an_index_killed_before_its_static_tier_fills_the_tier(
        tmp_path: Path, fills: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """`maguyva index` killed once its first generation was live, while the static model loaded or
    its weights were fitted (seconds on a large repository): every later search had taken the index
    for one built --no-semantic ("the index has no static tier"), and --modality semantic listed
    nothing, for good."""
    from maguyva_tui import cli

    root = _repo(tmp_path)
    monkeypatch.setattr(cli, "_embed", _killed)
    with pytest.raises(_Killed):
        cli.main(["index", str(root), "--index-dir", str(tmp_path / "index")])
    engine = Engine(root, tmp_path / "index")
    result = engine.search("BETA", modality="text")
    assert [r.path for r in result.results] == ["b.py"] and fills == [1]
    assert not [n for n in result.notices if "no static tier" in n]


def test_a_search_after_a_first_build_killed_before_its_static_tier_fills_the_tier(
        tmp_path: Path, fills: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The same of the explorer's (or a search's) first build, killed between its generation going
    live and the fill."""
    root = _repo(tmp_path)
    monkeypatch.setattr(engine_module.Engine, "fill_static", _killed)
    with pytest.raises(_Killed):
        Engine(root, tmp_path / "index").refresh()
    monkeypatch.undo()
    counted: list[int] = []
    monkeypatch.setattr(engine_module.Engine, "fill_static", lambda *a, **k: counted.append(1))
    Engine(root, tmp_path / "index").search("BETA", modality="text")
    assert counted == [1]


def test_index_no_semantic_still_begins_no_static_tier(tmp_path: Path, fills: list[int]) -> None:
    from maguyva_tui import cli

    root = _repo(tmp_path)
    assert cli.main(["index", str(root), "--index-dir", str(tmp_path / "index"), "--no-semantic"]) == 0
    engine = Engine(root, tmp_path / "index")
    engine.search("BETA", modality="text")
    assert fills == [] and recorded_static(engine.snapshot) is None
