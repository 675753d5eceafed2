"""The static tier counts a chunk's own text: the doc comment ``embedding_text`` writes above a method
for the transformer (commit ede7f65) does not move the method's static vector nor the repository's fit."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.static import StaticModel, own_text
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.semantic_index import _text_from_lines

KINDS = ("bool", "i32", "u64", "f64", "char", "str", "option", "unit", "seq", "map")
TRAITS = '''\
/// A data structure that can be deserialized from any data format.
pub trait Deserialize<'de>: Sized {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>;
}

pub trait Deserializer<'de>: Sized {
    type Error;
''' + "".join(f'''
    /// Hint that the `Deserialize` type is expecting a `{kind}` value.
    #[inline]
    fn deserialize_{kind}<V>(self, visitor: V) -> Result<V::Value, Self::Error>
    where
        V: Visitor<'de>;
''' for kind in KINDS) + "}\n"
"""serde's traits in small: every method of ``Deserializer`` says ``Deserialize`` in its summary."""


@pytest.fixture(scope="module")
def model() -> StaticModel:
    try:
        loaded = StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))
    loaded.fit(["src/a.rs function f\nfn f() {}"])  # scipy's import and the tokeniser's first words: once
    return loaded


def _texts(source: str, language: str = "rust", path: str = "src/de.rs") -> dict[str | None, str]:
    chunks, _ = extract_definitions(parse(language, source.encode()), source.encode(), language, path)
    return {c.symbol: _text_from_lines(c, source.split("\n")) for c in chunks}


def _without_summary(text: str) -> str:
    """A chunk's text as it was before its summary came into it: its name line, then its code."""
    head, *lines = text.split("\n")
    while lines and lines[0].strip().startswith("///"):
        lines.pop(0)
    return "\n".join([head, *lines])


def test_a_trait_methods_summary_reaches_the_transformer_not_its_static_vector(model: StaticModel) -> None:
    """The method's text keeps its summary (what the transformer reads: php-nette-utils MRR 0.538 ->
    0.769), while its static vector is its own code's, as if the summary were not there: the
    trait's name said in every sibling's summary no longer pulls them all towards the questions about
    the trait (serde, the static tier alone: NDCG@10 0.412, 0.515 without)."""
    texts = _texts(TRAITS)
    method = texts["Deserializer.deserialize_bool"]
    assert "Hint that the `Deserialize` type is expecting a `bool` value." in method
    provider = model.provider(model.fit(list(texts.values())))
    before = [_without_summary(t) if name else t for name, t in texts.items()]  # a window keeps its comment
    assert provider.id == model.provider(model.fit(before)).id
    methods = [t for name, t in texts.items() if name and name.startswith("Deserializer.deserialize_")]
    assert len(methods) == len(KINDS)
    vectors = provider.embed_documents(methods)
    own = provider.embed_documents([_without_summary(t) for t in methods])
    assert np.array_equal(vectors, own)
    assert own_text(method) == _without_summary(method) and "#[inline]" in own_text(method)


def test_a_window_and_a_definition_keep_their_own_comment_and_preprocessor_lines() -> None:
    window = "src/de.rs\n// Copyright 2024 Example Ltd.\nuse std::fmt;"
    define = "src/uv.h macro uv__queue_data\n#define uv__queue_data(pointer, type, field) \\\n  ((type*) ((char*) (pointer)))"
    code = "src/de.rs function parse\nfn parse() {}\n// the end"
    for text in (window, define, code, "a question in words", "src/de.rs method T.f\n\n    /// after a blank line"):
        assert own_text(text) == text
    assert own_text("src/Cart.php method Cart.add\n    /**\n     * Add an item.\n    public function add() {}") \
        == "src/Cart.php method Cart.add\n    public function add() {}"
