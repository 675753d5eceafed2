"""A source-map annotation ending a built file (Babel's and TypeScript's
``//# sourceMappingURL=data:application/json;base64,...``) is a tool's line, not code: no chunk
holds it, so its base64 counts in no chunk's words or meaning (superagent 9.0.2's
``lib/node/parsers/json.js``, 24 lines of code and 1,500 characters of map, came sixth for "how are
JSON responses parsed")."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from maguyva_tui.core.bm25 import question_stems
from maguyva_tui.core.chunk_words import open_index
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.parsing.chunks import window_chunks
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

PARSER = """\
"use strict";

module.exports = function (res, fn) {
  res.text = '';
  res.on('data', chunk => {
    res.text += chunk;
  });
  res.on('end', () => {
    let body;
    try {
      body = res.text && JSON.parse(res.text);
    } finally {
      fn(null, body);
    }
  });
};
"""
MAP = {"version": 3, "names": ["module", "exports", "res", "text", "chunk", "body", "JSON", "parse"],
       "sources": ["../../src/node/parsers/json.js"], "mappings": "AAAAA,MAAM,CAACC,OAAO,GAAG,UAAUC" * 20}
ANNOTATION = ("//# sourceMappingURL=data:application/json;charset=utf-8;base64,"
              + base64.b64encode(json.dumps(MAP).encode()).decode())


def test_no_chunk_holds_a_source_map_annotation() -> None:
    text = PARSER + ANNOTATION + "\n"
    last = text.count("\n")
    source = text.encode()
    chunks, _ = extract_definitions(parse("javascript", source), source, "javascript", "lib/json.js")
    assert chunks and all(c.end_line < last for c in chunks)
    assert [(w.start_line, w.end_line) for w in window_chunks("a.css", "a { color: red }\n/*# sourceMappingURL=a.css.map */\n")] == [(1, 1)]
    assert [(w.start_line, w.end_line) for w in window_chunks("a.js", "x = 1\n// see sourceMappingURL= in the spec\n")] == [(1, 2)]


def test_a_built_file_scores_as_its_code_without_the_map(tmp_path: Path) -> None:
    scores = []
    for name, text in (("plain", PARSER), ("built", PARSER + ANNOTATION + "\n")):
        root = tmp_path / name
        (root / "lib").mkdir(parents=True)
        (root / "lib" / "json.js").write_text(text)
        (root / "lib" / "other.js").write_text("function other(res) {\n  return res.status;\n}\n")
        found = open_index(update_index(root)[0]).search(question_stems("parse the JSON text of a response"), 5)
        scores.append([(m.chunk.path, round(m.score, 6)) for m in found])
    assert scores[1] == scores[0]
