"""Definitions written through macros: Rust items inside ``cfg_if!`` branches, inside an item macro
in an ``impl`` block, and C functions a macro defines (tested against the files' own lines)."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze


def _symbols(path: str, source: str) -> set[tuple[str, str, int]]:
    return {(s.qualname, s.kind, s.start_line) for s in analyze(path, source).symbols}


def test_rust_items_in_cfg_if_branches_are_definitions_at_their_own_lines() -> None:
    # getrandom's backends.rs and error.rs: every `mod`, `type` and `const` of a `cfg_if!` branch
    # had been bare tokens (30 + 5 items of the crate no symbols)
    source = ("cfg_if! {\n    if #[cfg(unix)] {\n        mod linux_raw;\n        pub use linux_raw::*;\n"
              "    } else if #[cfg(all(x, y))] {\n        /// Raw error code.\n        pub type RawOsError = usize;\n"
              "        const FLAG: u8 = 1;\n    } else {\n        fn fallback() {}\n    }\n}\n"
              "cfg_if::cfg_if!(\n    if #[cfg(y)] { pub struct Word; }\n);\nstruct After;\n")
    found = _symbols("src/backends.rs", source)
    assert {("linux_raw", "module", 3), ("RawOsError", "type", 7), ("FLAG", "constant", 8),
            ("fallback", "function", 10), ("Word", "struct", 14), ("After", "struct", 16)} <= found
    assert not any("cfg_if" in q for q, _, _ in found)


def test_rust_item_macro_inside_an_impl_block_holds_methods() -> None:
    # mio's selector/poll.rs: `cfg_any_os_ext! { pub fn reregister(...) }` inside `impl Selector`
    source = ("impl Selector {\n    cfg_any_os_ext! {\n    pub fn reregister(&self) {}\n    }\n"
              "    pub fn id(&self) -> usize { 0 }\n}\ntrait T {\n    cfg_net! {\n        fn net(&self);\n    }\n}\n")
    found = _symbols("src/poll.rs", source)
    assert {("Selector.reregister", "method", 3), ("Selector.id", "method", 5), ("T.net", "method", 9)} <= found
