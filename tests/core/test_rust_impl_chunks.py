"""A Rust impl block is a chunk of its own, named by the impl (``impl Display for Utf8Path``):
a hit on its header line had been a window with no symbol. It covers no line for the windows, so
a ``///`` comment above one of its methods is still a window, found as the method where it
stands alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

SOURCE = b"""\
use std::fmt;

pub struct Utf8Path(str);

impl fmt::Display for Utf8Path {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

mod owned {
    impl<'a> From<&'a super::Utf8Path> for Box<super::Utf8Path> {
        fn from(path: &'a super::Utf8Path) -> Box<super::Utf8Path> {
            todo!()
        }
    }
}

impl Utf8Path {
    /// Borrows the path's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
"""


def test_an_impl_block_is_a_chunk_named_by_the_impl() -> None:
    chunks, symbols = extract_definitions(parse("rust", SOURCE), SOURCE, "rust", "lib.rs")
    impls = [(c.start_line, c.end_line, c.symbol) for c in chunks if c.kind == "impl"]
    assert impls == [(5, 9, "impl Display for Utf8Path"), (12, 16, "owned.impl From<&Utf8Path> for Box<Utf8Path>"),
                     (19, 24, "impl Utf8Path")]
    assert not any(s.kind == "impl" for s in symbols)  # a chunk, no symbol: "where is Utf8Path" is the struct
    windows = [(c.start_line, c.end_line) for c in chunks if c.kind == "window"]
    assert any(start <= 20 <= end for start, end in windows)  # the method's /// comment is still in a window


@pytest.mark.slow
def test_a_hit_on_an_impl_header_names_the_impl(tmp_path: Path) -> None:
    root = tmp_path / "camino"
    root.mkdir()
    (root / "lib.rs").write_bytes(SOURCE)
    engine = Engine(root, tmp_path / "index")
    try:
        hits = engine.search("impl fmt::Display for Utf8Path", limit=5, modality="text").results
        assert hits and (hits[0].start_line, hits[0].kind, hits[0].symbol) == (5, "impl", "impl Display for Utf8Path"), hits
    finally:
        engine.close()
