"""Rows that can be told apart (helper-296's leftover, ramda 0.30.1): at 80 columns "who calls
mergeDeepWithKey" had listed es/mergeDeepRight.js:26 and es/mergeDeepLeft.js:26 both as
``mergeDee….js:26``: a file name cut in its stem kept its start, which names sharing a prefix
share. Cut names that read the same keep the part where they differ."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import PLACE, ResultsTable, cell_plain, clip_place, clip_places
from tests.app.conftest import ask

MERGES = ["es/mergeDeepRight.js:26", "es/mergeDeepLeft.js:26", "es/mergeDeepWith.js:32",
          "src/mergeDeepRight.js:25", "es/mergeDeepWithKey.js:33"]


@pytest.mark.parametrize("width", range(12, 24))
def test_cut_file_names_sharing_a_start_keep_where_they_differ(width: int) -> None:
    clipped = clip_places(MERGES, width)
    assert all(len(cut) <= width for cut in clipped), clipped
    files = [cut.rpartition(":")[0] for cut in clipped]
    assert len({files[0], files[1], files[2], files[4]}) == 4, clipped  # Right, Left, With, WithKey
    assert all(cut.endswith(place.rpartition(".")[2]) for cut, place in zip(clipped, MERGES, strict=True))


def test_the_part_kept_is_the_end_or_what_follows_the_shared_start() -> None:
    assert clip_places(MERGES[:2], 12) == ["…Right.js:26", "…pLeft.js:26"]
    assert clip_places(MERGES[:2], 15) == ["…eepRight.js:26", "…DeepLeft.js:26"]
    assert clip_places(["a/fooBarBazQuxAlphaOne.js:1", "a/fooBarBazQuxBetaOneTwo.js:1"], 14) == [
        "…AlphaOne.js:1", "…BetaOne….js:1"]  # the end would not show where they differ: what follows


def test_names_cut_apart_already_or_alike_whole_keep_their_start() -> None:
    assert clip_places(["es/mergeAll.js:3", "es/propEqual.js:9"], 10) == [
        clip_place("es/mergeAll.js:3", 10), clip_place("es/propEqual.js:9", 10)]
    assert clip_places(["es/mergeDeepRight.js:26", "src/mergeDeepRight.js:25"], 15) == [
        "mergeDee….js:26", "mergeDee….js:25"]  # one name in two folders: nothing in the name tells them apart
    assert clip_places(MERGES[:2], 40) == MERGES[:2]  # whole where they fit


def _repo(root: Path) -> Path:
    (root / "es").mkdir(parents=True)
    (root / "es" / "mergeDeepWithKey.py").write_text(
        "def merge_deep_with_key(fn, left, right):\n    return fn(left, right)\n", encoding="utf-8")
    for side in ("Right", "Left"):
        (root / "es" / f"mergeDeeplyAndRecursively{side}.py").write_text(
            "from es.mergeDeepWithKey import merge_deep_with_key\n\n\n"
            f"def merge_deep_{side.lower()}(left, right):\n"
            "    return merge_deep_with_key(lambda k, a, b: b, left, right)\n", encoding="utf-8")
    (root / "es" / "__init__.py").write_text("", encoding="utf-8")
    return root


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
@pytest.mark.anyio
async def test_at_80_columns_every_caller_row_names_its_own_file(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "who calls merge_deep_with_key")
        table = app.query_one(ResultsTable)
        places = [cell_plain(row[PLACE]) for row in table._row_cells]
        files = [place.rpartition(":")[0] for place in places]
        assert len(places) == 2 and all("…" in file for file in files), places  # cut: the room is short
        assert any("Right" in file for file in files) and any("Left" in file for file in files), places
