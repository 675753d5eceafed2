"""A name no indexed file defines, held by a file the index left out for its size (a generated
module over 1 MiB, which ``rg`` reads): "no symbol named BigTable" and the graph's "unknown
symbol" name that file, where they had said nothing of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from maguyva_tui.core.lookup import missing_symbol
from maguyva_tui.core.types import QueryError
from maguyva_tui.core.walk import MAX_FILE_BYTES
from maguyva_tui.graph_command import graph_answer

HELD = "; gen/table.py holds it, not indexed (over 1 MiB)"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("big")
    (root / "gen").mkdir()
    filler = "# " + "x" * 78 + "\n"
    (root / "gen" / "table.py").write_text(filler * (MAX_FILE_BYTES // len(filler) + 1) + "class BigTable:\n    pass\n")
    (root / "main.py").write_text("def run():\n    return BigTable()\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_the_graph_s_unknown_symbol_names_the_big_file_holding_it(engine: Engine) -> None:
    with pytest.raises(QueryError) as told:
        graph_answer(engine, "callers", "BigTable", None, 10)
    assert str(told.value) == f"unknown symbol 'BigTable': no definition of it in the graph{HELD}"


def test_a_name_no_file_holds_says_nothing_of_them(engine: Engine) -> None:
    with pytest.raises(QueryError) as told:
        graph_answer(engine, "callers", "BigTab", None, 10)  # a prefix: not the word
    assert "holds it" not in str(told.value)


def test_the_search_s_missing_symbol_names_it(engine: Engine) -> None:
    failed = missing_symbol(engine.generation, classify("who calls BigTable"), "who calls BigTable")
    assert failed is not None and failed.message.startswith(f"no symbol named BigTable{HELD};"), failed


def test_mcp_s_unknown_symbol_names_it_as_written() -> None:
    from pathlib import Path
    from typing import Any

    from maguyva_tui.core.answers import GraphAnswer
    from maguyva_tui.mcp.answers import AnswerError, _known

    class Spelling:
        root = Path("/repo")

        def spells_whole(self, name: str) -> bool:
            return False

    engine: Any = Spelling()
    with pytest.raises(AnswerError) as raised:
        _known(engine, GraphAnswer("BigTable", (), (), 0, unindexed=("Gen/Table.py",)))
    assert " Gen/Table.py holds it, not indexed (over 1 MiB)." in str(raised.value)
