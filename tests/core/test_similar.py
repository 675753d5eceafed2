""""Similar to X" (issue 20.4): X itself left out, its siblings by name, shape and code; an
unknown X and a pasted snippet answered as before. On the pinned requests sdist, with the real
static tier, and on small tables where the arithmetic is the point."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from maguyva_tui.core.retrievers.semantic import SemanticRetriever, TieredRetriever
from maguyva_tui.core.similar import name_parts, name_similarity, named_after, parameters, pattern, sibling_score
from maguyva_tui.core.types import Chunk, Hit, Query, Symbol

SOURCE = ("src/requests/utils.py", "to_key_val_list")
SNIPPET = '''\
def as_ordered_pairs(value):
    if value is None:
        return None
    if isinstance(value, (str, bytes, bool, int)):
        raise ValueError("cannot encode objects that are not 2-tuples")
    return OrderedDict(value)
'''


@pytest.fixture(scope="module")
def engine(requests_repo: Path, requests_index: Path) -> Engine:
    """requests indexed once, with the static tier (the transformer tier has no vectors)."""
    e = Engine(requests_repo, index_base=requests_index)
    e.refresh()
    return e


def similar(name: str) -> Query:
    return Query(f"similar to {name}", target=name, intent="find_similar")


def symbols(hits: Sequence[Hit]) -> list[str | None]:
    return [h.symbol for h in hits]


# -- on requests: the blend ----------------------------------------------------------------------


def test_the_source_is_left_out_and_its_sibling_comes_first(engine: Engine) -> None:
    result = engine.search("similar to to_key_val_list", limit=10)
    assert result.intent == "find_similar" and result.target == "to_key_val_list"
    assert [(r.path, r.symbol) for r in result.results].count(SOURCE) == 0  # before: X itself ranked 1st
    assert result.results[0].symbol == "from_key_val_list"
    assert any(n.startswith("excluding to_key_val_list itself (src/requests/utils.py:") for n in result.notices)


def test_every_engine_leaves_the_source_out_and_ranks_the_sibling_first(engine: Engine) -> None:
    for name in ("semantic", "text", "structural"):
        hits = engine.retriever(name).search(similar("to_key_val_list"), 20)
        assert "to_key_val_list" not in symbols(hits), name
        assert hits[0].symbol == "from_key_val_list", (name, symbols(hits)[:5])
        assert hits[0].reason.startswith("like to_key_val_list"), (name, hits[0].reason)


def test_the_graph_engine_lists_what_shares_the_sources_neighbours_and_the_thorough_blend_leaves_it_out(
    engine: Engine,
) -> None:
    hits = engine.retriever("graph").search(similar("to_key_val_list"), 20)
    assert hits and "to_key_val_list" not in symbols(hits)  # before: personalized PageRank from X ranked X
    assert all(h.reason.startswith("like to_key_val_list: shares ") for h in hits)
    result = engine.search("similar to to_key_val_list", preset="thorough", limit=10)
    assert "graph" in result.modalities_run and result.results[0].symbol == "from_key_val_list"
    assert SOURCE not in [(r.path, r.symbol) for r in result.results]


def test_the_structural_sibling_is_named_by_the_changed_part(engine: Engine) -> None:
    hits = engine.retriever("structural").search(similar("to_key_val_list"), 5)
    assert "name *_key_val_list" in hits[0].reason


def test_the_text_engine_scores_bodies_not_call_sites(engine: Engine) -> None:
    plain = engine.retriever("text").search(Query("similar to to_key_val_list", target="to_key_val_list"), 20)
    assert any("whole identifier" in h.reason for h in plain)  # what it did: the lines naming X
    hits = engine.retriever("text").search(similar("to_key_val_list"), 20)
    assert hits and all("body words" in h.reason and h.end_line > h.start_line for h in hits)


def test_tests_named_after_the_source_come_after_its_likes(engine: Engine) -> None:
    """TestToKeyValList.test_valid is about to_key_val_list, not like it: 3rd and 4th before."""
    result = engine.search("similar to to_key_val_list", limit=10)
    names = [r.symbol or "" for r in result.results]
    assert not any(n.startswith("TestToKeyValList.") for n in names[:5]), names
    hits = engine.retriever("semantic").search(similar("to_key_val_list"), 2000)  # the whole list
    late = [h for h in hits if (h.symbol or "").startswith("TestToKeyValList.")]
    assert late and all(h.reason.endswith("named after to_key_val_list: listed after") for h in late)
    assert hits.index(late[0]) > [i for i, h in enumerate(hits) if h not in late][-1]


def test_siblings_in_the_sources_file_are_all_shown(engine: Engine) -> None:
    """Session.get's siblings (head, options, post, put...) share sessions.py: a find_similar
    answer keeps one result per definition, not one per file."""
    result = engine.search("similar to Session.get", limit=10)
    methods = [r.symbol for r in result.results if r.path == "src/requests/sessions.py"]
    assert "Session.get" not in methods
    assert len(set(methods) & {"Session.head", "Session.options", "Session.post", "Session.put", "Session.patch"}) >= 3


def test_a_class_is_like_classes_and_its_own_methods_are_left_out(engine: Engine) -> None:
    result = engine.search("similar to HTTPAdapter", limit=10)
    names = [r.symbol or "" for r in result.results]
    assert names[0] == "BaseAdapter", names
    assert not any(n == "HTTPAdapter" or n.startswith("HTTPAdapter.") for n in names), names


def test_an_unknown_target_falls_back_to_the_words_and_says_so(engine: Engine) -> None:
    result = engine.search("similar to zebra_unicorn_helper", limit=10)
    assert "no symbol named zebra_unicorn_helper; showing code similar to the words instead" in result.notices
    for name in ("semantic", "text", "structural"):
        asked = engine.retriever(name).search(similar("zebra_unicorn_helper"), 20)
        plain = engine.retriever(name).search(Query("similar to zebra_unicorn_helper", target="zebra_unicorn_helper"), 20)
        assert asked == plain, name  # the engines answer as they did before


def test_a_pasted_snippet_still_finds_the_code_it_resembles(engine: Engine) -> None:
    assert classify(SNIPPET).rule == "code_snippet"
    result = engine.search(SNIPPET, limit=5)
    assert result.intent == "find_similar" and result.target is None
    # on the page, beside its twin to_key_val_list (which shows their file, with its credit)
    assert "from_key_val_list" in [r.symbol for r in result.results]
    assert not any(n.startswith(("excluding", "no symbol named")) for n in result.notices)


# -- the semantic engine: X's stored vector, else its code embedded ----------------------------------


DIM = 16


class TableProvider:
    """Vectors from a table, counting the documents embedded."""

    stores_floats = True

    def __init__(self, table: dict[str, np.ndarray]) -> None:
        self.id, self.dim, self.table = f"table:like:{DIM}", DIM, table
        self.embedded: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded.extend(texts)
        return np.stack([self.table[t] for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self.table[text]


def test_a_source_without_a_stored_vector_is_embedded_from_its_code(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    texts = [f"def f{i}(): ..." for i in range(5)]
    chunks = [(Chunk(f"m{i}.py", 1, 3, "function", f"f{i}", "python"), content_hash(t)) for i, t in enumerate(texts)]
    table = {t: rng.standard_normal(DIM).astype(np.float32) for t in texts}
    table[texts[4]] = table[texts[1]] + 0.05 * rng.standard_normal(DIM).astype(np.float32)  # f4's code is like f1's
    table["similar to f4"] = table[texts[2]]  # the sentence alone would point at f2
    provider = TableProvider(table)
    store = VectorStore.for_provider(tmp_path / "model", provider)
    store.add([content_hash(t) for t in texts[:4]], np.stack([table[t] for t in texts[:4]]))  # f4 not yet embedded
    tiers = TieredRetriever(None, SemanticRetriever(provider, store, chunks), source=lambda c: texts[int(c.path[1])])
    hits = tiers.search(similar("f4"), 3)
    assert provider.embedded == [texts[4]]
    assert hits[0].symbol == "f1" and "f4" not in symbols(hits)
    assert hits[0].reason.startswith("like f4: ")


# -- the sibling score ------------------------------------------------------------------------------


def sym(name: str, signature: str, lines: int = 20, kind: str = "function") -> Symbol:
    return Symbol(name, name, kind, "http.py", 1, lines, "python", signature)


def test_name_parts_in_place_outrank_a_test_named_after_the_source() -> None:
    x = name_parts("parse_options_header")
    assert name_similarity(x, name_parts("parse_dict_header")) > name_similarity(x, name_parts("test_parse_options_header"))
    assert pattern(x, name_parts("parse_dict_header")) == "parse_*_header"
    assert pattern(name_parts("to_key_val_list"), name_parts("from_key_val_list")) == "*_key_val_list"


def test_a_name_holding_the_sources_whole_name_and_more_is_named_after_it() -> None:
    x = name_parts("to_key_val_list")
    assert named_after(x, "TestToKeyValList.test_valid") and named_after(x, "to_key_val_list_impl")
    assert not named_after(x, "from_key_val_list") and not named_after(x, "to_key_val_list")
    assert not named_after(name_parts("get"), "Session.get_adapter")  # one part says too little


def test_shape_orders_siblings_of_one_name_score_and_kinds_must_agree() -> None:
    x = sym("parse_options_header", "def parse_options_header(value: str | None) -> tuple[str, dict[str, str]]:", 120)
    alike = sym("parse_dict_header", "def parse_dict_header(value: str) -> dict[str, str | None]:", 70)
    unlike = sym("parse_range_header", "def parse_range_header(value: str | None, make_inclusive: bool = True):", 10)
    assert parameters(unlike.signature) == ("value", "make_inclusive")
    assert (sibling_score(x, alike) or 0) > (sibling_score(x, unlike) or 0) > 0
    assert sibling_score(x, sym("ParseDictHeader", "class ParseDictHeader:", kind="class")) is None
    assert sibling_score(x, sym("get_host", "def get_host(environ):")) is None
