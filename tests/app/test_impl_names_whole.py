"""A Rust method named by its impl (``Utf8Path.as_ref (impl AsRef<str>)``) keeps its type's name in a
wide list (helper-350, camino 1.0.5 at 140 columns): the symbol was cut to 30 cells whatever the
room, its impl label counted in, so "who calls as_str" had listed Utf8Path's and Utf8Component's
``as_ref`` both as ``Utf8….as_ref (impl AsRef<str>)`` beside twenty empty cells. The impl label
is counted beside the name, as a call's label is."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import SYMBOL, ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

TYPES = ("Utf8PrefixComponent", "Utf8ComponentsIter")

CODE = "".join(
    f"pub struct {name};\n"
    f"impl AsRef<str> for {name} {{\n    fn as_ref(&self) -> &str {{ \"\" }}\n}}\n"
    f"impl AsRef<[u8]> for {name} {{\n    fn as_ref(&self) -> &[u8] {{ &[] }}\n}}\n"
    for name in TYPES)


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
async def test_a_wide_list_shows_impl_named_methods_whole(make_app, tmp_path: Path) -> None:
    repo = tmp_path / "paths"
    repo.mkdir()
    (repo / "lib.rs").write_text(CODE, encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=(140, 40)) as pilot:
        await ask(pilot, "as_ref")
        symbols = [cell_plain(row[SYMBOL]) for row in app.query_one(ResultsTable)._row_cells]
        assert sorted(symbols) == sorted(f"{name}.as_ref (impl AsRef<{of}>)"
                                         for name in TYPES for of in ("str", "[u8]")), symbols
