"""A function's description written above it (JSDoc, Rust's ``///``, Go's ``//``) is found as the
function: a question in plain English lists ``app.engine``, not a window of prose with no symbol."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core import doc_comments
from maguyva_tui.core.engine import Engine

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
