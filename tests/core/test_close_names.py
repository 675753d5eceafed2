"""A missed name's close names are read from the names alone: the same offers as comparing every
symbol's normalized name, without making the symbols (100,000 files: 10 s of a missed name)."""

from __future__ import annotations

import difflib
import re

import pytest

from maguyva_tui.core import lookup
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.names import normalize

NAMES = [
    "parse_config", "parseConfig", "ParseConfig", "_parse_config", "__parse_config__", "parse_configs",
    "parseHTTP2Config", "parse_http_config", "load_config", "Ärger", "ärgern", "x2y", "X2Y", "_2fast",
    "helper_1", "helper_12", "helper_123", "make_thing", "makeThings", "MAX_SIZE", "max_sizes",
]
JS_NAMES = ["$parseConfig", "$$", "_$loadConfig"]


def _reference(symbols: list[str], name: str) -> tuple[str, ...]:
    """The close names as comparing every symbol's normalized name gives them (the code before)."""
    bare = re.split(r"\.|::|->", name)[-1]
    wanted = normalize(bare)
    scored = []
    for candidate in set(symbols):
        norm = normalize(candidate)
        if not norm or norm[0] != wanted[0] or abs(len(norm) - len(wanted)) > lookup.LENGTH_SLACK:
            continue
        if candidate == bare:
            continue
        ratio = difflib.SequenceMatcher(None, norm, wanted).ratio()
        if norm == wanted or ratio >= lookup.CLOSE_RATIO:
            spelled = difflib.SequenceMatcher(None, bare, candidate).ratio()
            scored.append((-1.0 if norm == wanted else -ratio, -spelled, candidate))
    return tuple(candidate for *_, candidate in sorted(scored)[: lookup.CLOSE_NAMES])


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "names.py").write_text("".join(f"def {n}():\n    return 1\n\n\n" for n in NAMES), encoding="utf-8")
    (root / "names.js").write_text("".join(f"function {n}() {{ return 1; }}\n" for n in JS_NAMES))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


@pytest.mark.parametrize("question", [
    "parse_confg", "parseconfig", "PARSE_CONFIG", "parse_cfg", "parseHttp2Config", "arger", "Ärgern",
    "x2z", "helper_124", "make_things", "max_size", "$parseConfg", "loadConfig", "nothing_like_this",
])
def test_the_offers_are_those_of_comparing_every_symbols_name(engine: Engine, question: str) -> None:
    generation = engine.generation
    symbols = [symbol.name for symbol in generation.snapshot.symbols]
    assert lookup.close_names(generation, question) == _reference(symbols, question)


def test_a_stored_generation_names_its_symbols_without_making_them(engine: Engine,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    reopened = Engine(engine.root, engine.index_base, static=False)  # as a second process opens it
    generation = reopened.generation
    made = []
    table = type(generation.snapshot)
    monkeypatch.setattr(table, "symbols", property(lambda self: made.append(1) or []))
    assert lookup.close_names(generation, "parse_confg")[0] == "parse_config"
    assert not made
