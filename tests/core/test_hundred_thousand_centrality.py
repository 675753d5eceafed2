"""The files a bounded literal search reads first (the definers, then the central ones, then path
order) are chosen from the centrality columns at once, as one look-up a file chose them (a lone
word in 98,000 files of a 100,000-file repository: 1.6 s one by one)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.centrality import StoredSpans
from maguyva_tui.core.store.snapshot import Snapshot


def _module(number: int) -> str:
    """Files whose first symbol starts on line 1 or later, nested, importing each other."""
    head = "" if number % 3 else f"def first_{number}(): return helper_{number - 1}()\n"
    body = "".join(f"\nclass Holder{number}_{k}:\n    def helper_{number}(self):\n        return helper_{k}()\n"
                   for k in range(number % 4))
    return head + f'"""Module {number}: a helper."""\nfrom pkg import helper_{number // 2}\n' + body + (
        f"\ndef helper_{number}(value):\n    return helper_{number // 3}(value)\n")


@pytest.fixture(scope="module")
def text(tmp_path_factory: pytest.TempPathFactory) -> TextRetriever:
    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp("central") / "repo"
    for number in range(60):
        folder = root / f"pkg_{number % 4}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"mod_{number:02d}.py").write_text(_module(number), encoding="utf-8")
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    return TextRetriever(Snapshot.load(snapshot.folder))


def _one_by_one(text: TextRetriever, chosen: np.ndarray, literal: str, budget: int) -> np.ndarray:
    """The choice as it was made before: a sort key a file."""
    files = text._files()
    definers = text._definition_table().paths_defining(literal, exact_case=False)
    central = text.snapshot.centrality

    def priority(index: int) -> tuple[bool, float, str]:
        path = files.paths[index]
        return (path not in definers, -central.at(path, 1, None), path)

    return np.sort(np.array(sorted(chosen.tolist(), key=priority)[:budget], np.int64))


@pytest.mark.parametrize("seed", range(5))
def test_the_files_chosen_at_once_are_those_chosen_one_by_one(text: TextRetriever, seed: int) -> None:
    assert isinstance(text.snapshot.centrality.files, StoredSpans)
    rng = random.Random(seed)
    files = text._files()
    for literal in ["helper", "helper_7", "Holder", "first_3", "zzz"]:
        chosen = np.array(sorted(rng.sample(range(len(files)), rng.randint(2, len(files)))), np.int64)
        for budget in (1, 3, len(chosen) // 2, len(chosen) - 1):
            assert text._promising(files, chosen, literal, budget).tolist() == _one_by_one(
                text, chosen, literal, budget).tolist(), (literal, budget)


def test_a_value_at_the_first_line_is_the_look_up_of_it(text: TextRetriever) -> None:
    central = text.snapshot.centrality
    paths = text._files().paths
    positions = np.arange(len(paths), dtype=np.int64)
    values = central.at_first_line(paths, positions).tolist()
    assert values == [central.at(path, 1, None) for path in paths]
    bare = central.files.bare_first_lines(paths)
    assert bare is not None and 0 < int((bare[1] <= 1).sum()) < len(paths)  # some files start with a symbol
    assert central.at_first_line(paths[1:], positions[:-1]).tolist() == [central.at(p, 1, None) for p in paths[1:]]


def test_only_the_files_starting_with_a_symbol_are_looked_up(text: TextRetriever,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.store.centrality import CentralityTable

    asked: list[str] = []
    at = CentralityTable.at

    def counting(self: CentralityTable, path: str, start: int, end: int | None = None) -> float:
        asked.append(path)
        return at(self, path, start, end)

    monkeypatch.setattr(CentralityTable, "at", counting)
    files = text._files()
    chosen = np.arange(len(files), dtype=np.int64)
    assert len(text._promising(files, chosen, "helper", 10)) == 10
    assert 0 < len(asked) <= len(files) // 2, len(asked)
