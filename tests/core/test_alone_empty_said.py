"""One engine run alone (``--modality``) that lists nothing says why in one line: ply 3.11's
``Grammar.set_precedence --modality text`` (no line holds the qualified name as written, though the
repository defines it) and zstd's ``ZSTD_ --modality graph`` (a name's start names no symbol, its
word in too many names to rank from) had been ``0 results`` and no word."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.graph import MAX_WORD_SEEDS
from tests.core.test_engine import CountingProvider

GRAMMAR = '''\
class Grammar:
    def __init__(self):
        self.Precedence = {}

    def set_precedence(self, term, assoc, level):
        self.Precedence[term] = (assoc, level)


def build(grammar):
    grammar.set_precedence("PLUS", "left", 1)
'''

PREFIXED = "".join(f"int ZSTD_part{i}(int x) {{ return x + {i}; }}\n" for i in range(MAX_WORD_SEEDS + 1))


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "grammar.py").write_text(GRAMMAR)
    (root / "zstd.c").write_text(PREFIXED)
    found = Engine(root, provider=CountingProvider())
    found.refresh()
    return found


def test_a_qualified_name_no_line_holds_says_where_it_is_defined(engine: Engine) -> None:
    found = engine.search("Grammar.set_precedence", modality="text")
    assert not found.results  # as rg -F finds it: no line holds it as written
    said = [n for n in found.notices if "as written" in n]
    assert len(said) == 1, found.notices
    assert "grammar.py:5" in said[0] and "search set_precedence" in said[0] and "--modality text" in said[0]
    member = engine.search("set_precedence", modality="text")
    assert [r.start_line for r in member.results] and not [n for n in member.notices if "as written" in n]


def test_a_prose_question_no_line_holds_is_said(engine: Engine) -> None:
    found = engine.search("how is the precedence stored", modality="text")
    assert not found.results and any("as written" in n and "by meaning" in n for n in found.notices), found.notices


def test_the_graph_alone_on_a_common_prefix_says_why(engine: Engine) -> None:
    found = engine.search("ZSTD_", modality="graph")
    assert not found.results
    said = [n for n in found.notices if "graph engine" in n]
    assert len(said) == 1 and f"zstd is a word of {MAX_WORD_SEEDS + 1} names" in said[0], found.notices
    nowhere = engine.search("xqzv wobble", modality="graph")
    assert any("no name holds its words" in n for n in nowhere.notices), nowhere.notices


def test_the_structural_engine_alone_says_it_found_nothing(engine: Engine) -> None:
    found = engine.search("xqzv wobble", modality="structural")
    assert not found.results and any("structural engine alone found nothing" in n for n in found.notices), found.notices
