"""The table of defined names written at index time (``core/store/definitions.py``): the stored,
mapped table answers as the table made in memory from the same rows, by bisection and one find."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.indexer import index_folder, open_snapshot, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.definitions import build_definitions
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.store.format import IndexUnavailable, current_generation
from maguyva_tui.core.store.snapshot import Snapshot


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text(
        "def expand(x):\n    return x\n\n\nclass Expand:\n    pass\n\n\ndef expand_mul(y):\n    return expand(y)\n"
    )
    (root / "pkg" / "b.py").write_text("def Straße():\n    pass\n\n\ndef übung(z):\n    return z\n")
    (root / "c.py").write_text("from pkg.a import expand\n\nexpand(1)\n\n\ndef EXPAND_ALL():\n    pass\n")
    return root


def _in_memory(snapshot: Snapshot) -> TextRetriever:
    """A text engine over the same snapshot with its facts as rows in memory (a build not yet written)."""
    rows = {path: snapshot.facts.rows[path] for path in snapshot.facts.rows}
    memory = Snapshot(snapshot.root, snapshot.folder, snapshot.manifest, snapshot.blob(), FactsTable(rows),
                      snapshot.trigrams, snapshot.centrality)
    return TextRetriever(memory)


def test_stored_table_answers_as_the_one_made_in_memory(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    snapshot, _ = update_index(root)
    stored, memory = TextRetriever(snapshot), _in_memory(snapshot)
    for name in ("expand", "Expand", "EXPAND", "expand_mul", "EXPAND_ALL", "Straße", "STRASSE", "übung", "missing"):
        assert stored.definers(name) == memory.definers(name), name
        for exact in (True, False):
            assert (stored._definition_table().paths_defining(name, exact)
                    == memory._definition_table().paths_defining(name, exact)), name
    assert stored.definers("expand") == {"pkg/a.py"}  # the class Expand and EXPAND_ALL are other spellings
    assert stored._definition_table().paths_defining("expand", exact_case=False) == {"pkg/a.py"}
    assert stored.definers("STRASSE") == set()  # case-folded ß is ss, but the spelling differs
    assert stored._definition_table().paths_defining("STRASSE", exact_case=False) == {"pkg/b.py"}
    for literal in ("expand", "EXPAND", "mul", "pand_", "übung", "strasse", "nothing", "a"):
        got, want = stored._defined_lines(literal), memory._defined_lines(literal)
        assert (got.exact, got.holding) == (want.exact, want.holding), literal
    found = stored._defined_lines("expand")
    assert found.exact == {"pkg/a.py": {1, 5}} and found.holding == {"pkg/a.py": {9}, "c.py": {6}}


def test_bisection_and_find_over_many_names() -> None:
    rng = np.random.default_rng(7)
    names = sorted({"".join(rng.choice(list("abcXYZ_é"), rng.integers(1, 8))) for _ in range(3000)})
    of_row = rng.integers(0, len(names), 8000)
    table = build_definitions(names, of_row, rng.integers(0, 50, 8000), rng.integers(1, 900, 8000))
    folded = sorted({names[i].casefold() for i in set(of_row.tolist())})  # only the names some symbol has
    assert len(folded) < len({n.casefold() for n in names})
    assert [table.name(i) for i in range(len(table))] == folded
    spellings: dict[str, set[int]] = {}
    for j, n in enumerate(names):
        spellings.setdefault(n.casefold(), set()).add(j)
    for i, name in enumerate(folded):
        assert table.find(name) == i
        assert set(table.rows(i)[:, 2].tolist()) <= spellings[name]
    assert table.find("qqqq") is None and table.find("") is None
    for needle in ("a", "x_", "é", "bca"):
        assert table.holding(needle) == {i for i, n in enumerate(folded) if needle in n}
    assert sum(len(table.rows(i)) for i in range(len(table))) == 8000


def test_a_damaged_table_rebuilds_the_index(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    update_index(root)
    gen = current_generation(index_folder(root))
    sites = np.load(gen / "defs_sites.npy")
    sites[0, 0] = 10_000  # a file that is not there
    with open(gen / "defs_sites.npy", "wb") as handle:
        np.save(handle, sites, allow_pickle=False)
    with pytest.raises(IndexUnavailable):
        open_snapshot(root)
    _, summary = update_index(root)
    assert summary.rebuilt_because and "defs_sites.npy" in summary.rebuilt_because
    assert TextRetriever(open_snapshot(root)).definers("expand") == {"pkg/a.py"}


@pytest.mark.slow
@pytest.mark.parametrize(("member", "cut"), [("defs_names.bin", 3), ("defs_names_offsets.npy", None)])
def test_a_table_cut_short_is_named_in_the_message(tmp_path: Path, member: str, cut: int | None) -> None:
    root = _repo(tmp_path)
    update_index(root)
    gen = current_generation(index_folder(root))
    data = (gen / member).read_bytes()
    (gen / member).write_bytes(data[:-cut] if cut else data[:-8])  # the offsets: one value short
    with pytest.raises(IndexUnavailable, match=rf"the index is corrupt \({member}: "):
        open_snapshot(root)
    _, summary = update_index(root)
    assert summary.rebuilt_because and f"({member}: " in summary.rebuilt_because
    assert TextRetriever(open_snapshot(root)).definers("expand") == {"pkg/a.py"}


class _CountedBlob:
    """A names' blob that counts the names read out of it."""

    def __init__(self, blob: bytes) -> None:
        self.blob, self.reads = blob, 0

    def __getitem__(self, at: slice) -> bytes:
        self.reads += 1
        return self.blob[at]

    def __len__(self) -> int:
        return len(self.blob)


def test_a_name_is_found_among_thousands_by_reading_a_few() -> None:
    """Every name of a 5,000-name table is found at its place, names between or around them are
    not, and a lookup reads a window's few names, not a bisection of them all (8 µs a lone name's
    question on sympy's 24,000, now 3)."""
    names = sorted({f"n{i * 7919 % 100003:05d}" for i in range(5000)} | {"über", "übung", "a"})
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64), np.ones(len(names), np.int64))
    counted = _CountedBlob(bytes(table._blob))
    table._blob = counted  # type: ignore[assignment]
    assert [table.find(n) for n in names] == list(range(len(names)))
    for absent in ("", "0", "n", "n00000_", "zzz", "übung_", "straßf", "\ud800"):
        assert table.find(absent) is None
    counted.reads = 0
    assert table.find(names[2500]) == 2500 and table.find("n50000x") is None
    assert counted.reads <= 2 * 8  # log2 of a window of 64, and the name found compared; a whole bisection reads 13+
