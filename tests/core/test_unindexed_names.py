"""A name no indexed file defines, held by a file the index left out for its size (a generated
module over 1 MiB, which ``rg`` reads): "no symbol named BigTable" and the graph's "unknown
symbol" name that file, where they had said nothing of it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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
    (root / "gen" / "table.py").write_text(filler * (MAX_FILE_BYTES // len(filler) + 1) + "class BigTable:\n    pass\n"
                                           "ONLY_HERE = 1\n")
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


def _stamped(tmp_path: Any, rel: str, size: int) -> Any:
    """A snapshot whose generation's walk stamp lists ``rel`` as a file left out for its size (as the
    index saw it; the disk may have changed since, as between a refresh and the question)."""
    import json
    from types import SimpleNamespace

    from maguyva_tui.core.store.walk_stamp import STAMP_FILE, STAMP_VERSION

    generation = tmp_path / "generation"
    generation.mkdir()
    stamp = {"version": STAMP_VERSION, "max_bytes": MAX_FILE_BYTES, "watched": [[rel, size, 0]]}
    (generation / STAMP_FILE).write_text(json.dumps(stamp))
    root = tmp_path / "repo"
    (root / "gen").mkdir(parents=True)
    return SimpleNamespace(generation=generation, root=root)


def test_a_big_file_swapped_for_a_link_out_of_the_root_is_not_read(tmp_path: Any) -> None:
    # the stamp's big file, a link to a file outside the repository since: reading it had told an agent
    # whether any file it could name held a word ("gen/table.py holds it")
    from maguyva_tui.core.unread_files import big_files_holding

    snapshot = _stamped(tmp_path, "gen/table.py", MAX_FILE_BYTES + 100)
    outside = tmp_path / "outside.txt"
    outside.write_text("SecretName = 1\n" + "x" * (MAX_FILE_BYTES + 100))
    (snapshot.root / "gen" / "table.py").symlink_to(outside)
    assert big_files_holding(snapshot, "SecretName") == ()
    inside = snapshot.root / "real.py"  # a link that stays inside the root is read, as the walk reads it
    inside.write_text("class SecretName:\n    pass\n" + "#" * (MAX_FILE_BYTES + 100))
    (snapshot.root / "gen" / "table.py").unlink()
    (snapshot.root / "gen" / "table.py").symlink_to(inside)
    assert big_files_holding(snapshot, "SecretName") == ("gen/table.py",)


def test_a_big_file_swapped_for_a_fifo_does_not_hang_the_question(tmp_path: Any) -> None:
    # open() of a FIFO waits for a writer: the lookup (and the MCP call, the server's thread) had waited for good
    import os
    import threading

    from maguyva_tui.core.unread_files import big_files_holding

    snapshot = _stamped(tmp_path, "gen/table.py", MAX_FILE_BYTES + 100)
    fifo = snapshot.root / "gen" / "table.py"
    os.mkfifo(fifo)
    found: list[tuple[str, ...]] = []
    asking = threading.Thread(target=lambda: found.append(big_files_holding(snapshot, "BigTable")), daemon=True)
    asking.start()
    asking.join(1.0)
    hung = asking.is_alive()
    if hung:  # release it: a writer opens the FIFO
        os.close(os.open(fifo, os.O_WRONLY))
        asking.join(2.0)
    assert not hung and found == [()]


def test_a_miss_over_a_minified_file_costs_a_find_not_a_regex_per_byte(tmp_path: Any) -> None:
    # a 50 MB minified one-line .js made every question naming no definition take 2 s more: the
    # look-behind regex was tried at every byte; 8 MiB here took 0.3 s, a find takes milliseconds
    import time

    from maguyva_tui.core.unread_files import big_files_holding

    line = b"function f(a,b){return a+b*7};var v1=f(1,2);" * (8 * 1024 * 1024 // 45)
    snapshot = _stamped(tmp_path, "gen/table.py", len(line) + 40)
    (snapshot.root / "gen" / "table.py").write_bytes(line + b"$NeedleX=1;Needle_=2;var Needle=3")
    started = time.perf_counter()
    assert big_files_holding(snapshot, "Missing") == ()
    assert time.perf_counter() - started < 0.1
    assert big_files_holding(snapshot, "NeedleX") == ()  # `$NeedleX`: part of a longer name
    assert big_files_holding(snapshot, "Needle") == ("gen/table.py",)  # `var Needle=` at the very end
    assert big_files_holding(snapshot, "unction") == ()


def test_a_string_no_indexed_line_holds_names_the_big_file_holding_it(engine: Engine) -> None:
    # "no indexed line holds "class BigTable:" (1 file over 1 MiB not indexed)" had not said which file
    # rg finds it in
    failed = engine.search('"class BigTable:"', limit=5).lookup_failed
    assert failed is not None and failed.message.startswith(
        f'no indexed line holds "class BigTable:" (1 file over 1 MiB not indexed){HELD}; showing related code'), failed
    failed = engine.search('"class bigtable:"', limit=5, case="insensitive").lookup_failed
    assert failed is not None and HELD in failed.message
    failed = engine.search('"class BigTable::"', limit=5).lookup_failed
    assert failed is not None and "table.py" not in failed.message


def test_a_quoted_name_says_the_big_file_once(engine: Engine) -> None:
    # a quoted name no indexed line holds is read again as a name: both misses had named the big file
    failed = engine.search('"ONLY_HERE"', limit=5).lookup_failed
    assert failed is not None and failed.message.count("table.py holds it") == 1, failed
    assert failed.message.startswith(f'no indexed line holds "ONLY_HERE" (1 file over 1 MiB not indexed) and no '
                                     f'symbol is named ONLY_HERE{HELD}; '), failed


def test_a_missing_name_says_how_many_paths_could_not_be_read(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    # a file without read permission (the walk counts it unreadable) may define the name: "no symbol named
    # cr_func" had said nothing of it, where a missing string said "(1 unreadable path not indexed)"
    monkeypatch.setitem(engine.generation.snapshot.manifest.skipped, "unreadable", 1)
    failed = missing_symbol(engine.generation, classify("who calls BigTable"), "who calls BigTable")
    assert failed is not None and failed.message.startswith(
        f"no symbol named BigTable (1 unreadable path not indexed){HELD};"), failed


def test_the_graph_s_unknown_symbol_says_how_many_paths_could_not_be_read(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engine.generation.snapshot.manifest.skipped, "unreadable", 2)
    with pytest.raises(QueryError) as told:
        graph_answer(engine, "callers", "BigTable", None, 10)
    assert str(told.value) == f"unknown symbol 'BigTable': no definition of it in the graph (2 unreadable paths not indexed){HELD}"
