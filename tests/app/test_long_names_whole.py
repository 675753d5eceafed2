"""A long name is cut only where the pane has no room for it (helper-350, go-yaml v3 at 140
columns, "what breaks if I change yaml_parser_fetch_more_tokens"): every symbol had been cut to 30
cells whatever the width, so yaml_parser_parse_flow_mapping_key and yaml_parser_parse_flow_mapping_value
both read ``yaml_parser_parse_flow_mappin…`` beside forty empty cells. A narrow pane still cuts it."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import SYMBOL, ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

NAMES = ("yaml_parser_parse_flow_mapping_key", "yaml_parser_parse_flow_mapping_value",
         "yaml_parser_parse_block_sequence_entry_in_document")

CODE = "def fetch_more_tokens(parser):\n    return parser\n\n\n" + "".join(
    f"def {name}(parser):\n    return fetch_more_tokens(parser)\n\n\n" for name in NAMES)


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
@pytest.mark.parametrize(("width", "whole"), [(140, True), (80, False)])
async def test_long_names_are_whole_where_the_pane_has_room(make_app, tmp_path: Path, width: int, whole: bool) -> None:
    repo = tmp_path / "yamlish"
    repo.mkdir()
    (repo / "parserc.py").write_text(CODE, encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=(width, 30)) as pilot:
        await ask(pilot, "who calls fetch_more_tokens")
        table = app.query_one(ResultsTable)
        symbols = sorted(cell_plain(row[SYMBOL]) for row in table._row_cells)
        if whole:
            assert symbols == sorted(NAMES), symbols  # had read yaml_parser_parse_flow_mappin… twice
        else:
            assert all("…" in symbol for symbol in symbols), symbols  # cut to the room
            assert len(set(symbols)) == len(NAMES), symbols  # told apart by their ends (test_cut_names_apart)
            assert table.virtual_size.width <= table.size.width  # every engine's column in view
