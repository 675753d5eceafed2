"""The line shown under a Rust method named by its impl (``ArrayVec.fmt (impl Binary)``) is its
``fn fmt`` line, not the ``#[allow(...)]`` its span starts with."""

from __future__ import annotations

from maguyva_tui.cli import _telling_line

LINES = ["  #[allow(clippy::missing_inline_in_public_items)]", "  fn fmt(&self, f: &mut Formatter) -> Result {"]


def test_a_method_named_by_its_impl_shows_its_fn_line() -> None:
    assert _telling_line(LINES, "ArrayVec.fmt (impl Binary)") == LINES[1]
    assert _telling_line(LINES, "ArrayVec.fmt") == LINES[1]
