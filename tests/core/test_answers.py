"""The engine's typed answers about one name, on the fixture: definitions, callers, callees, uses, impact."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.answers import Callee, ImpactEntry, Site
from maguyva_tui.core.engine import Engine


@pytest.fixture
def engine(indexed_polyglot: Path) -> Engine:
    """An engine on the session's indexed copy of the fixture (the tests below only ask)."""
    e = Engine(indexed_polyglot)
    e.refresh()
    return e


def test_definitions_by_name_and_kind(engine: Engine) -> None:
    found = engine.definitions("parse_config")
    assert found.known and found.total == len(found.entries) >= 3
    first = found.entries[0]
    assert first.symbol is not None and (first.symbol.path, first.symbol.start_line) == ("app/config.py", 12)
    assert first.node == "app/config.py::parse_config"
    assert {d.symbol.language for d in found.entries if d.symbol} >= {"python", "c", "rust"}
    assert not engine.definitions("parse_config", ("class",)).known
    method = engine.definitions("ConfigLoader.load").entries
    assert [d.node for d in method] == ["app/config.py::ConfigLoader.load"]


def test_an_unknown_name_is_not_known_and_close_names_are_offered(engine: Engine) -> None:
    for answer in (engine.definitions("parse_confg"), engine.callers("parse_confg", 10),
                   engine.impact("parse_confg", 2, 10), engine.references("parse_confg")):
        assert not answer.known and answer.entries == () and answer.total == 0
        assert answer.suggestions[0] == "parse_config"  # spelled like it first, as a search offers it


def test_callers_are_call_sites_with_the_caller(engine: Engine) -> None:
    answer = engine.callers("parse_config", 50)
    assert len(answer.definitions) > 1 and answer.nodes[0].endswith("::parse_config")
    site = next(s for s in answer.entries if s.caller == "ConfigLoader.load")
    assert isinstance(site, Site)
    assert (site.path, site.line, site.kind, site.reason) == ("app/config.py", 44, "call", "calls parse_config of app/config.py:12")
    assert site.caller_node == "app/config.py::ConfigLoader.load" and site.target in answer.nodes
    cut = engine.callers("parse_config", 1)
    assert len(cut.entries) == 1 and cut.total == answer.total > 1 and cut.truncated


def test_callees_name_what_a_function_calls(engine: Engine) -> None:
    answer = engine.callees("ConfigLoader.load", 10)
    assert all(isinstance(c, Callee) for c in answer.entries)
    called = {c.symbol: c for c in answer.entries}
    assert called["parse_config"].lines == (44,) and called["parse_config"].reason == "called at line 44"


def test_references_count_each_kind_and_filter_by_kind(engine: Engine) -> None:
    answer = engine.references("parse_config", limit=200)
    counts = dict(answer.counts)
    assert counts["call"] >= 2 and counts.get("import", 0) >= 1 and sum(counts.values()) == answer.total
    kinds = [s.kind for s in answer.entries]
    assert kinds == sorted(kinds, key=("call", "inherit", "ref", "import").index)  # calls first
    calls = engine.references("parse_config", ("call",), 200)
    assert {s.kind for s in calls.entries} == {"call"} and calls.total == counts["call"]


def test_impact_nearest_first_counted_by_depth(engine: Engine) -> None:
    answer = engine.impact("parse_config", 2, 200)
    assert all(isinstance(d, ImpactEntry) for d in answer.entries)
    by_symbol = {d.symbol: d for d in answer.entries if d.symbol}
    assert (by_symbol["ConfigLoader.load"].depth, by_symbol["ConfigLoader.load"].edge) == (1, "call")
    assert by_symbol["Server.__init__"].via == "app/config.py::ConfigLoader.load"
    depths = [d.depth for d in answer.entries]
    assert depths == sorted(depths) and max(depths) <= 2
    assert sum(n for _, n in answer.by_depth) == answer.total == len(answer.entries)
    shallow = engine.impact("parse_config", 1, 1)
    assert len(shallow.entries) == 1 and shallow.truncated and shallow.entries[0].node == answer.entries[0].node


def test_results_json_is_the_search_results_shape(engine: Engine) -> None:
    results = engine.impact("parse_config", 1, 5).results_json()
    assert results and [r["modalities"]["graph"]["rank"] for r in results] == list(range(len(results)))
    first = results[0]
    assert {"path", "start_line", "end_line", "symbol", "kind", "language", "score", "snippet", "depth"} <= set(first)
    assert first["modalities"]["graph"]["reason"].startswith("depends on parse_config (")


def test_an_answer_reads_its_lines_from_the_index_it_was_computed_on(polyglot: Path) -> None:
    engine = Engine(polyglot)  # its own copy: the test edits a file
    engine.refresh()
    answer = engine.callers("parse_config", 50)
    site = next(s for s in answer.entries if s.caller == "ConfigLoader.load")
    before = answer.lines(site.path, site.line, site.line)
    config = polyglot / "app" / "config.py"
    config.write_text("# a new first line moves every line down\n" + config.read_text())
    engine.refresh()
    assert answer.lines(site.path, site.line, site.line) == before  # the answer's own generation
    assert "parse_config(handle.read())" in before[0]
    assert engine.source_lines(site.path, site.line, site.line) != before  # the engine reads the new one


def test_references_list_a_line_of_two_calls_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``g(1) + g(2)`` is one reference (path, line, caller): the MCP tool had listed it twice, alike."""
    from tests.trees import indexed

    engine = indexed(tmp_path_factory, "twice", {"m.py": "def g(x):\n    return x\n\ndef f():\n    return g(1) + g(2)\n"})
    answer = engine.references("g")
    assert [(s.path, s.line, s.caller) for s in answer.entries] == [("m.py", 5, "f")]
    assert answer.total == 1 and dict(answer.counts) == {"call": 1}
