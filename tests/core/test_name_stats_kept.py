"""The name words' counts are written by the build (and by every update) beside the generation,
equal to the count a question would make; a generation without them still answers the same."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.structural import NAME_STATS, NameStats, StructuralRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Query

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"
SENTENCES = ("how are config values parsed from a file", "where is the user session stored and loaded")


def _arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as archive:
        return {key: archive[key] for key in archive.files}


def _assert_kept_as_counted(snapshot: Snapshot, tmp_path: Path) -> None:
    """The generation's kept counts are, array by array, what a recount of its stored symbols makes."""
    assert snapshot.generation is not None
    kept = snapshot.generation / NAME_STATS
    assert kept.is_file()  # written by the build, before any question
    table = Snapshot.load(snapshot.folder).stored_symbols()
    assert table is not None
    counted = tmp_path / f"counted-{snapshot.generation.name}.npz"
    NameStats.of(table).save(counted)
    found, expected = _arrays(kept), _arrays(counted)
    assert sorted(found) == sorted(expected)
    for key, array in expected.items():
        assert found[key].dtype == array.dtype, key
        assert np.array_equal(found[key], array), key


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    return root


def test_a_build_keeps_the_name_word_counts_a_recount_would_make(repo: Path, tmp_path: Path) -> None:
    snapshot, _ = update_index(repo, tmp_path / "index")
    _assert_kept_as_counted(snapshot, tmp_path)


def test_an_update_keeps_the_counts_of_its_own_generation(repo: Path, tmp_path: Path) -> None:
    first, _ = update_index(repo, tmp_path / "index")
    extra = repo / "app" / "session_words.py"
    extra.write_text("def load_stored_session_values(path):\n    return path\n\n\n"
                     "class ParsedConfigValue:\n    pass\n")
    second, summary = update_index(repo, tmp_path / "index")
    assert summary.parsed == 1 and second.generation != first.generation
    _assert_kept_as_counted(second, tmp_path)
    question = Query("how are stored session values loaded")
    expected = StructuralRetriever(Snapshot.load(second.folder).symbols).search(question, 10)
    assert any((hit.symbol or "").endswith("load_stored_session_values") for hit in expected)
    assert StructuralRetriever.of(Snapshot.load(second.folder)).search(question, 10) == expected


@pytest.mark.parametrize("sentence", SENTENCES)
def test_a_generation_without_the_counts_answers_the_same_and_keeps_them(
        repo: Path, tmp_path: Path, sentence: str) -> None:
    snapshot, _ = update_index(repo, tmp_path / "index")
    assert snapshot.generation is not None
    question = Query(sentence)
    with_counts = StructuralRetriever.of(Snapshot.load(snapshot.folder)).search(question, 10)
    assert with_counts == StructuralRetriever(Snapshot.load(snapshot.folder).symbols).search(question, 10)
    (snapshot.generation / NAME_STATS).unlink()  # as a generation written before builds kept them
    assert StructuralRetriever.of(Snapshot.load(snapshot.folder)).search(question, 10) == with_counts
    _assert_kept_as_counted(snapshot, tmp_path)  # counted by that question, and kept


def test_a_first_build_keeps_the_counts_before_its_early_answer(repo: Path, tmp_path: Path) -> None:
    kept_then: list[bool] = []

    def early(partial: Snapshot) -> None:
        assert partial.generation is not None
        kept_then.append((partial.generation / NAME_STATS).is_file())

    snapshot, _ = update_index(repo, tmp_path / "index", early=early)
    assert kept_then == [True]  # a sentence asked of the early generation reads them too
    _assert_kept_as_counted(snapshot, tmp_path)


def test_a_count_that_fails_fails_no_build(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(cls: type[NameStats], table: object) -> NameStats:
        raise ValueError("a name the count cannot take")

    monkeypatch.setattr(NameStats, "of", classmethod(broken))
    snapshot, summary = update_index(repo, tmp_path / "index")
    assert snapshot.generation is not None and summary.files > 0
    assert not (snapshot.generation / NAME_STATS).exists()  # left to the first sentence


def test_facts_that_cannot_be_read_back_for_the_count_fail_no_build(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count reads the generation's facts back; that read failing (a CI run's workspace build
    met a SystemError from numpy there) had failed the whole build, where the count is optional."""
    from maguyva_tui.core import indexer

    read = indexer.load_facts

    def fails_after_the_write(folder: Path) -> object:
        if (folder / "facts_files.npy").exists() and not (folder.parent / "CURRENT").exists():
            raise SystemError("error return without exception set")
        return read(folder)

    monkeypatch.setattr(indexer, "load_facts", fails_after_the_write)
    snapshot, summary = update_index(repo, tmp_path / "index")
    assert snapshot.generation is not None and summary.files > 0
    assert not (snapshot.generation / NAME_STATS).exists()  # left to the first sentence
