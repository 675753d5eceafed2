"""A function's description written above it (JSDoc, Rust's ``///``, Go's ``//``) is found as the
function: a question in plain English lists ``app.engine``, not a window of prose with no symbol."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core import doc_comments
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.definitions import extract_definitions, smallest_chunk_at
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.types import Chunk

APPLICATION = '''\
'use strict';

var app = exports = module.exports = {};

function noop() {}

/**
 * Register the given template engine callback `fn` as `ext`.
 *
 * By default will require() the engine based on the file extension.
 *
 * @param {String} ext
 * @return {app} for chaining
 * @public
 */

app.engine = function engine(ext, fn) {
  var extension = ext[0] !== '.' ? '.' + ext : ext;
  this.engines[extension] = fn;
  return this;
};

/**
 * Listen for connections on the given port and host.
 */

app.listen = function listen() {
  var server = http.createServer(this);
  return server.listen.apply(server, arguments);
};

// a note on the module, then code: not a description of what follows
var cache = {};

function clearCache() {
  cache = {};
}
'''

LIB = '''\
/// Parses a duration written as a number of seconds followed by an s, such as 30s.
#[inline]
pub fn parse_duration(text: &str) -> Option<u64> {
    text.strip_suffix('s')?.parse().ok()
}
'''


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "application.js").write_text(APPLICATION)
    (root / "lib.rs").write_text(LIB)
    return root


def _semantic(engine: Engine, question: str) -> list[tuple[int, str | None, str]]:
    result = engine.search(question, limit=10, modality="semantic")
    return [(r.start_line, r.symbol, dict(r.votes)["semantic"].reason or "") for r in result.results]


def test_a_question_in_the_words_of_a_doc_comment_finds_the_function(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index")
    try:
        lines = APPLICATION.splitlines()
        doc, defined = lines.index("/**") + 1, lines.index("app.engine = function engine(ext, fn) {") + 1
        found = _semantic(engine, "Register the given template engine callback fn as ext")
        assert found[0][:2] == (defined, "app.engine"), found
        assert "by its doc comment" in found[0][2]
        assert all(symbol is not None or not doc <= line < defined for line, symbol, _ in found), found
        assert [line for line, _, _ in found].count(defined) == 1
        rust = _semantic(engine, "Parses a duration written as a number of seconds")
        assert rust[0][1] == "parse_duration", rust
    finally:
        engine.close()


def test_a_comment_above_other_code_stays_a_window(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine(repo, tmp_path / "index")
    try:
        found = _semantic(engine, "a note on the module, then code")
        assert all(symbol != "clearCache" or "doc comment" not in reason for _, symbol, reason in found)
        monkeypatch.setattr(doc_comments, "ENABLED", 0)
        engine.generation.forget("semantic")
        plain = _semantic(engine, "Register the given template engine callback fn as ext")
        assert not any("doc comment" in reason for _, _, reason in plain)
    finally:
        engine.close()


def _reader(text: str, path: str = "lib/faraday/encoder.rb") -> tuple[doc_comments.ChunkAt, doc_comments.Lines]:
    """A one-file ``chunk_at`` (its one definition, at the line ``module``/``func``/``class`` opens)
    and ``lines`` over ``text``."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines, 1) if line.startswith(("module ", "func ", "class ", "function ")))
    definition = Chunk(path, start, len(lines), "module", "Faraday", "ruby")
    return ((lambda p, line: definition if p == path and start <= line <= len(lines) else None),
            (lambda p, first, last: lines[first - 1 : last]))


@pytest.mark.parametrize("head", [
    "# frozen_string_literal: true",  # faraday's every file: it had been the doc comment of module Faraday
    "# -*- coding: utf-8 -*-",
    "# typed: strict\n# frozen_string_literal: true",
    "#!/usr/bin/env ruby\n# encoding: utf-8",
    "//go:build linux\n// +build linux",
    "// @ts-nocheck\n/* eslint-disable no-console */",
    "# Copyright 2020 Example Ltd.\n# Licensed under the MIT license.",
])
def test_a_pragma_or_a_licence_describes_nothing(head: str) -> None:
    text = f"{head}\n\nmodule Faraday\n  VERSION = '1.1.0'\nend\n"
    chunk_at, lines = _reader(text)
    window = Chunk("lib/faraday/encoder.rb", 1, len(head.splitlines()), "window", None, "ruby")
    assert doc_comments.described(window, chunk_at, lines) is None
    assert doc_comments.says_nothing(window, lines) is ("Copyright" not in head)


@pytest.mark.parametrize("head", [
    "# frozen_string_literal: true\n\n# Encodes params as a flat hash.",
    "// Copyright 2020 Example Ltd.\n\n// Foo decodes the body.",
    "// Foo decodes the body.\n//go:noinline",
    "# Type of the connection: one per host.",
    "# global state for the encoder",
])
def test_a_description_beside_a_pragma_still_describes(head: str) -> None:
    text = f"{head}\nmodule Faraday\nend\n"
    chunk_at, lines = _reader(text)
    window = Chunk("lib/faraday/encoder.rb", 1, len(head.splitlines()), "window", None, "ruby")
    found = doc_comments.described(window, chunk_at, lines)
    assert found is not None and found.symbol == "Faraday"
    assert not doc_comments.says_nothing(window, lines)


RUBY_FILES = {
    "lib/faraday/flat_params_encoder.rb": "module FlatParamsEncoder\n    # Encodes params as a flat query string.\n"
                                          "    def self.encode(params)\n      params.map { |k, v| \"#{k}=#{v}\" }.join('&')\n    end\n  end",
    "lib/faraday/retry.rb": "class Retry\n    # Retries a failed request up to max times.\n    def call(env)\n      @app.call(env)\n    end\n  end",
}


@pytest.mark.slow
def test_a_magic_comment_is_not_found_as_the_module_under_it(tmp_path: Path) -> None:
    root = tmp_path / "faraday"
    for path, body in RUBY_FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f"# frozen_string_literal: true\n\nmodule Faraday\n  {body}\nend\n")
    engine = Engine(root, tmp_path / "index")
    try:
        found = _semantic(engine, "flat params encoder")
        assert found, found
        assert not any("doc comment" in reason for _, _, reason in found), found
        assert all(line != 1 for line, _, _ in found), found  # the pragma's window is not listed
    finally:
        engine.close()


LONG_DOC = "".join(f"/// {line}\n" for line in [
    "An owned, mutable UTF-8 path (akin to [`String`]).", "",
    "This type provides methods like [`push`] and [`set_extension`] that mutate the path in place.",
    "", "# Examples", "", "```", "use camino::Utf8PathBuf;", "",
    *[f"path.push(\"part{n}\");" for n in range(40)], "```", "",
])
PATHS = f"""\
mod paths;

{LONG_DOC}#[derive(Clone, Default)]
#[repr(transparent)]
pub struct Utf8PathBuf(PathBuf);

/// Borrows the buffer's text.
pub fn as_str(path: &Utf8PathBuf) -> &str {{
    path.0.to_str().unwrap()
}}
"""


def test_each_window_of_a_long_doc_comment_describes_the_definition_under_it() -> None:
    source = PATHS.encode()
    chunks, _ = extract_definitions(parse("rust", source), source, "rust", "lib.rs")
    lines = PATHS.splitlines()
    struct = lines.index("#[derive(Clone, Default)]") + 1
    prose = [c for c in chunks if c.kind == "window" and c.end_line < struct and c.end_line >= 3]
    assert [c.start_line for c in prose] == [3, 35]  # the comment alone, after the module above it
    chunk_at = lambda path, line: smallest_chunk_at(chunks, line)  # noqa: E731
    found = [doc_comments.described(c, chunk_at, lambda path, a, b: lines[a - 1 : b]) for c in prose]
    assert [c and c.symbol for c in found] == ["Utf8PathBuf", "Utf8PathBuf"]


@pytest.mark.slow
def test_a_doc_comment_longer_than_a_window_describes_the_definition_under_it(tmp_path: Path) -> None:
    """camino's 40 ``///`` lines above ``pub struct Utf8PathBuf`` are two windows: the first, which
    holds the comment's summary line, had been listed as prose with no symbol."""
    root = tmp_path / "camino"
    root.mkdir()
    (root / "lib.rs").write_text(PATHS)
    engine = Engine(root, tmp_path / "index")
    try:
        struct = PATHS.splitlines().index("#[derive(Clone, Default)]") + 1
        found = _semantic(engine, "An owned, mutable UTF-8 path, akin to String")
        assert found[0][1] == "Utf8PathBuf", found
        prose = [c for c in engine.generation.snapshot.chunks() if c.kind == "window" and 3 <= c.end_line < struct]
        assert len(prose) == 2 and prose[0].start_line == 3, prose  # the comment alone, in two windows
        hits = engine.search("An owned, mutable UTF-8 path, akin to String", limit=10, modality="semantic").results
        assert all(h.symbol is not None for h in hits if h.end_line >= 3 and h.start_line < struct), hits
        doc = doc_comments.described(prose[0], engine.generation.chunk_locator.at, engine.generation.snapshot.lines)
        assert doc is not None and doc.symbol == "Utf8PathBuf"
    finally:
        engine.close()


CART = '''\
<?php
// Copyright 2024 Example Ltd. Licensed under the MIT license.

namespace Shop;

/**
 * A shopping cart holding line items.
 */
class Cart
{
    private array $items = [];

    /**
     * Add an item to the cart, merging the quantities of one product.
     *
     * @param string $sku the product code
     */
    public function add(string $sku, int $qty): void
    {
        $this->items[$sku] = ($this->items[$sku] ?? 0) + $qty;
    }

    /**
     * Compute the total price, value added tax included.
     */
    #[Pure]
    public function total(array $prices): float
    {
        $sum = 0;
        foreach ($this->items as $sku => $qty) {
            $sum += $prices[$sku] * $qty;
        }
        return $sum * 1.2;
    }

    public function clear(): void
    {
        $this->items = [];
    }
}
'''

METHODS = {
    "php": ("Cart.php", CART, "Cart.total", "Compute the total price"),
    "java": ("Cart.java", '''\
package shop;

public class Cart {
    private int count;

    /**
     * Returns how many items the cart holds.
     */
    @Override
    public int size() {
        return count;
    }
}
''', "Cart.size", "how many items the cart holds"),
    "typescript": ("cart.ts", '''\
export class Cart {
  private items = new Map<string, number>();

  /** Empties the cart, forgetting every line item. */
  clear(): void {
    this.items.clear();
  }
}
''', "Cart.clear", "forgetting every line item"),
    "cpp": ("cart.hpp", '''\
class Cart {
public:
    /// Removes one product from the cart.
    void remove(int sku) {
        items.erase(sku);
    }
};
''', "Cart.remove", "Removes one product"),
    "rust": ("cart.rs", '''\
pub struct Cart;

impl Cart {
    /// Counts the distinct products in the cart.
    #[inline]
    pub fn distinct(&self) -> usize {
        0
    }
}
''', "Cart.distinct", "Counts the distinct products"),
    "ruby": ("cart.rb", '''\
class Cart
  # Tells whether the cart holds nothing.
  def empty?
    @items.empty?
  end
end
''', "Cart.empty?", "Tells whether the cart holds nothing"),
}


def _texts(language: str, path: str, source: str) -> dict[str | None, tuple[Chunk, str]]:
    from maguyva_tui.core.semantic_index import _text_from_lines

    chunks, _ = extract_definitions(parse(language, source.encode()), source.encode(), language, path)
    return {c.symbol: (c, _text_from_lines(c, source.split("\n"))) for c in chunks if c.symbol is not None}


@pytest.mark.parametrize("language", sorted(METHODS))
def test_a_method_is_embedded_with_the_doc_comment_above_it_inside_its_class(language: str) -> None:
    """A method's JSDoc, Javadoc, PHPDoc, ``///`` or ``#`` lines stand inside its class's span,
    where no window is left: the method's chunk still starts at its signature (or the attributes
    on it), and the text it is embedded as holds its description."""
    path, source, method, words = METHODS[language]
    texts = _texts(language, path, source)
    chunk, text = texts[method]
    assert words in text, text
    assert words not in source.splitlines()[chunk.start_line - 1], "the chunk starts at the definition"
    assert text.index(words) < text.index(source.splitlines()[chunk.start_line - 1].strip())


def test_a_method_is_embedded_with_its_summary_alone_and_a_top_level_definition_without_its_comment() -> None:
    """A method's text holds its comment's first paragraph, not its tags, the comment of the
    method above, a licence or a pragma; a class at the top level keeps its text (its comment is
    a window of its own, found as it)."""
    texts = _texts("php", "Cart.php", CART)
    assert "A shopping cart" not in texts["Cart"][1] and "Copyright" not in texts["Cart"][1]
    assert "merging the quantities" in texts["Cart.add"][1] and "@param" not in texts["Cart.add"][1]
    assert "Compute the total" not in texts["Cart.add"][1]
    clear = texts["Cart.clear"][1]
    assert "*/" not in clear and "return $sum" not in clear  # the method above is code, not its description
    assert doc_comments.doc_comment(["  // eslint-disable-next-line", "  f() {}"], 1) == []
    lines = ["  /**", "   * Far above.", "   */", "", "", "", "  f() {}"]
    assert doc_comments.doc_comment(lines, 6) == []  # more blank lines than GAP
    assert doc_comments.doc_comment(lines[:3] + lines[5:], 4) == ["   * Far above."]
    assert doc_comments.doc_comment(["// Copyright 2020 Example Ltd.", "  int f() {}"], 1) == []
    assert doc_comments.doc_comment(["/// Top level.", "fn f() {}"], 1) == []


def test_a_method_is_found_by_its_doc_comment_at_its_signature_line(tmp_path: Path) -> None:
    """Once the transformer tier has embedded it (the static tier counts a method's own text alone:
    ``maguyva_tui.core.embed.static.own_text``)."""
    from tests.core.test_documented_descriptions import WordsProvider

    root = tmp_path / "shop"
    root.mkdir()
    (root / "Cart.php").write_text(CART)
    engine = Engine(root, tmp_path / "index", provider=WordsProvider())
    try:
        engine.refresh()
        engine.embed_pending()
        signature = CART.splitlines().index("    public function add(string $sku, int $qty): void") + 1
        found = _semantic(engine, "Add an item to the cart, merging the quantities of one product")
        assert found[0][:2] == (signature, "Cart.add"), found
    finally:
        engine.close()


def test_a_changed_doc_comment_re_embeds_the_method_under_it(tmp_path: Path) -> None:
    """Only the method whose comment changed gets a new key (its vector is made again); the method
    beside it keeps its own."""
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.semantic_index import embedding_keys

    root = tmp_path / "shop"
    root.mkdir()
    (root / "Cart.php").write_text(CART)
    snapshot, _ = update_index(root, tmp_path / "ix")
    before = {chunk.symbol: key for chunk, key in embedding_keys(snapshot)}
    (root / "Cart.php").write_text(CART.replace("Compute the total price", "Sum the prices"))
    snapshot, _ = update_index(root, tmp_path / "ix")
    after = {chunk.symbol: key for chunk, key in embedding_keys(snapshot)}
    assert after["Cart.total"] != before["Cart.total"]
    assert after["Cart.add"] == before["Cart.add"] and after["Cart.clear"] == before["Cart.clear"]
