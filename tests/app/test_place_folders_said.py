"""A results row whose path is cut says so, and rows listing one symbol in files of one name keep the
end of their folders that tells them apart. On retrofit, at 100 columns ``OkHttpCall`` had listed
``OkHttpCall.java:33`` (retrofit/src/main/java/retrofit2/, read as a file at the top: the place had
exactly its file name's width), and at 80 columns rxjava/Result.java:26 and rxjava2/Result.java:26
had both read ``Result.java:26`` beside ``Res….error``. A call's caller's name and label keep their
cells at 80 columns (tests/app/test_call_labels.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import SYMBOL_FLOOR, ResultsTable, _apart_need, _name_need, _share, clip_places
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

RX = "retrofit-adapters/rxjava/src/main/java/retrofit2/adapter/rxjava/Result.java"
RX2 = "retrofit-adapters/rxjava2/src/main/java/retrofit2/adapter/rxjava2/Result.java"


def test_a_file_in_a_folder_needs_the_mark_beside_its_name() -> None:
    assert _name_need("retrofit/src/main/java/retrofit2/OkHttpCall.java:33") == len("…OkHttpCall.java:33")
    assert _name_need("OkHttpCall.java:33") == len("OkHttpCall.java:33")  # at the top: nothing cut


def test_one_symbol_in_files_of_one_name_needs_the_end_telling_them_apart() -> None:
    places = [f"{RX}:26", f"{RX2}:26"]
    assert _apart_need(places, ["Result.error", "Result.error"]) == len("…a/Result.java:26")
    assert clip_places(places, len("…a/Result.java:26")) == ["…a/Result.java:26", "…2/Result.java:26"]
    # other symbols tell the rows apart: the file names need nothing more
    assert _apart_need(places, ["Result.error", "Result.response"]) == 0
    # a file at the top and one of its name in a folder: the top one whole
    assert _apart_need(["Result.java:3", "a/Result.java:3"], ["R", "R"]) == len("a/Result.java:3")


def test_the_folders_telling_files_apart_come_after_a_calls_narrowest_label() -> None:
    # the symbol's floor, the names, a call's narrowest label, then the folders telling files apart
    assert _share(30, (40, 14, 0, 17), (30, 0, 12)) == (18, 12)  # then the rest of the folders
    assert _share(27, (26, 9, 0, 11), (37, 16, 24)) == (11, 16)
    assert _share(20, (26, 9, 0, 11), (37, 16, 24)) == (9, 11)
    assert _share(20, (23, 14, 0), (30, 0, 8)) == (14, SYMBOL_FLOOR)  # as before, without it


def _cells(table: ResultsTable, column: int) -> list[str]:
    return sorted("".join(text for text, _ in cells[column][0]) for cells in table._row_cells)


def _java(root: Path) -> Path:
    for flavour in ("rxjava", "rxjava2"):
        folder = root / f"retrofit-adapters/{flavour}/src/main/java/retrofit2/adapter/{flavour}"
        folder.mkdir(parents=True)
        (folder / "Result.java").write_text(
            f"package retrofit2.adapter.{flavour};\n\npublic final class Result<T> {{\n"
            "  public static <T> Result<T> error(Throwable error) {\n    return new Result<>(error);\n  }\n\n"
            "  private Result(Throwable error) {\n  }\n}\n")
    return root


@pytest.mark.slow
async def test_same_named_files_listing_one_symbol_read_apart_at_80_columns(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_java(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await ask(pilot, "Result.error")
        table = app.query_one(ResultsTable)
        # both had read Result.java:4 (then …2/ and …a/ beside Resu….error, before the empty engines'
        # headings were narrowed to their letters)
        assert _cells(table, 2) == ["…/rxjava/Result.java:4", "…rxjava2/Result.java:4"]
        assert _cells(table, 3) == ["Result.error", "Result.error"]  # had read Res….error
        assert table.virtual_size.width <= table.size.width


def _calls(root: Path) -> Path:
    for folder, body in (("flaskr", "x + 1"), ("task_app", "x * 2")):
        (root / "examples" / folder).mkdir(parents=True)
        (root / "examples" / folder / "__init__.py").write_text(f"def create_app(x):\n    return {body}\n")
        (root / "examples" / folder / "use.py").write_text(
            f"from examples.{folder} import create_app\n\n\ndef run_{folder}():\n"
            "    return create_app(1)\n")
    return root


@pytest.mark.slow
async def test_a_place_as_wide_as_its_file_name_says_its_folders_were_cut(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_calls(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await ask(pilot, "who calls create_app")
        table = app.query_one(ResultsTable)
        assert _cells(table, 2) == ["…use.py:5", "…use.py:5"]  # had read use.py:5, as a file at the top
        assert _cells(table, 3) == ["run_flaskr → flaskr/…:1", "run_task_app → task_ap…:1"]  # as test_call_labels
        assert table.virtual_size.width <= table.size.width
