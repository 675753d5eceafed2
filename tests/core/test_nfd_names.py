"""A name is the same name written composed (NFC) or decomposed (NFD, as macOS pastes it): the
index stores names in the form the language reads them (NFC, NFKC for Python), a question's names
are read composed, and a quoted literal is still found byte for byte, as ``rg -F`` finds it.

Before: ``café_order`` typed NFD said "no symbol named _order" (split at the accent), ``café_menu``
typed NFC found no definition of the NFD ``def café_menu``, and the graph tied no call written in
the other form (``who calls café_order`` missed the NFD call)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from maguyva_tui.core.parsing.analyze import analyze, analyze_row


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


FILES = {
    "nfc_mod.py": f"def {nfc('café_order')}(x):\n    return x\n",
    "nfd_mod.py": (f"from nfc_mod import {nfd('café_order')}\n\n\n"
                   f"def {nfd('café_menu')}(y):\n    return {nfd('café_order')}(y)\n"),
    "use.py": f"from nfd_mod import {nfc('café_menu')}\n\n\ndef serve():\n    return {nfc('café_menu')}(1)\n",
    "micro.py": "def \u00b5_scale(v):\n    return v\n",  # MICRO SIGN: Python defines μ_scale (GREEK MU)
    "a.js": f"export function {nfd('naïve')}(x) {{ return x }}\n",
    "b.js": f'import {{ {nfc("naïve")} }} from "./a.js"\nexport function run() {{ return {nfc("naïve")}(2) }}\n',
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("nfd_names")
    for name, text in FILES.items():
        (root / name).write_text(text, encoding="utf-8")
    engine = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    engine.search("serve", limit=1)  # builds the index here, not inside the first test
    yield engine
    engine.close()


def test_a_decomposed_name_in_a_question_is_one_name() -> None:
    found = classify(nfd("café_order"))
    assert found.target == nfc("café_order")
    assert classify(nfd("who calls café_order")).target == nfc("café_order")


def test_a_quoted_literal_stays_as_typed() -> None:
    assert classify(nfd('"café"')).target == nfd("café")


@pytest.mark.parametrize("typed", [nfc("café_order"), nfd("café_order")])
def test_a_name_typed_either_way_finds_its_definition(engine: Engine, typed: str) -> None:
    answer = engine.search(typed, limit=5)
    assert (answer.results[0].path, answer.results[0].start_line) == ("nfc_mod.py", 1)
    assert answer.lookup_failed is None


def test_a_decomposed_definition_is_found_by_its_composed_name(engine: Engine) -> None:
    answer = engine.search(nfc("café_menu"), limit=5)
    assert (answer.results[0].path, answer.results[0].start_line) == ("nfd_mod.py", 4)
    assert answer.lookup_failed is None


@pytest.mark.parametrize(("name", "caller"), [
    (nfc("café_order"), ("nfd_mod.py", 5)),  # called decomposed
    (nfd("café_order"), ("nfd_mod.py", 5)),
    (nfc("café_menu"), ("use.py", 5)),  # defined decomposed, called composed
    (nfd("naïve"), ("b.js", 2)),  # JavaScript too
])
def test_the_graph_ties_calls_across_spellings(engine: Engine, name: str, caller: tuple[str, int]) -> None:
    answer = engine.callers(name, limit=5)
    assert [(site.path, site.line) for site in answer.entries] == [caller]


def test_python_reads_names_nfkc() -> None:
    facts = analyze("micro.py", FILES["micro.py"])
    assert [s.name for s in facts.symbols] == ["\u03bc_scale"]
    assert facts.chunks[0].symbol == "\u03bc_scale"
    row = analyze_row("micro.py", FILES["micro.py"])
    assert row[2][0][0] == "\u03bc_scale"


@pytest.mark.parametrize(("literal", "lines"), [
    (nfd("café_order("), {("nfd_mod.py", 5)}),
    (nfc("café_order("), {("nfc_mod.py", 1)}),
])
def test_a_quoted_literal_finds_the_lines_spelling_it_so(engine: Engine, literal: str, lines: set[tuple[str, int]]) -> None:
    answer = engine.search(f'"{literal}"', limit=10)  # as rg -F finds it
    assert {(hit.path, hit.start_line) for hit in answer.results} == lines


@pytest.mark.parametrize("typed", ["\u00b5_scale", "who calls \u00b5_scale"])
def test_a_python_name_typed_as_written_is_the_name_python_reads(engine: Engine, typed: str) -> None:
    answer = engine.search(typed, limit=5)  # MICRO SIGN typed, GREEK MU stored (NFKC)
    assert answer.lookup_failed is None
    assert answer.results[0].path == "micro.py"
    assert any("as Python reads it" in notice or "the name Python reads it as" in notice for notice in answer.notices)
