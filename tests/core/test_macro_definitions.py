"""Definitions written through macros: Rust items inside ``cfg_if!`` branches, inside an item macro
in an ``impl`` block, and C functions a macro defines (tested against the files' own lines)."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.c_definers import macro_defined_functions


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


_DEFINER = ("#define WATCHER_DEFINE(name, type) \\\n  int my_##name##_init(loop_t* loop, my_##name##_t* h) { \\\n"
            "    h->type = type; return 0; \\\n  } \\\n  \\\n  void my__run_##name(loop_t* loop) { \\\n"
            "    helper(loop); \\\n  }\n\nWATCHER_DEFINE(idle, IDLE)\nWATCHER_DEFINE(check, CHECK)\n"
            "WATCHER_DEFINE(a(b), X)\n\nint run(loop_t* loop) {\n  my__run_idle(loop);\n  return my_check_init(loop, 0);\n}\n")


def test_c_functions_a_pasting_macro_defines_are_functions_at_each_invocation() -> None:
    # libuv's shape (UV_LOOP_WATCHER_DEFINE(idle, IDLE) defines uv_idle_init, uv__run_idle): the
    # functions were no symbols, and their calls read as external
    found = _symbols("loop-watcher.c", _DEFINER)
    assert {("my_idle_init", "function", 10), ("my__run_idle", "function", 10),
            ("my_check_init", "function", 11), ("my__run_check", "function", 11), ("run", "function", 14)} <= found
    assert not any(q.startswith("my_a") or "helper" in q for q, _, _ in found)  # arguments not plain words


def test_c_function_wrapped_in_a_macro_is_the_function_not_the_macro() -> None:
    # `UV_UNUSED(static void uv__update_time(uv_loop_t* loop)) {` had been a function named UV_UNUSED
    source = ("ATTR_UNUSED(static void update_time(loop_t* loop)) {\n  loop->time = now();\n}\n"
              "ATTR_UNUSED(static int is_active(const loop_t* loop));\nPHP_FUNCTION(strlen)\n{\n}\n"
              "int run(loop_t* loop) {\n  update_time(loop);\n  CHECK(foo(x));\n  return 0;\n}\n")
    found = _symbols("loop.c", source)
    assert {("update_time", "function", 1), ("strlen", "function", 5), ("run", "function", 8)} <= found
    assert not any(q.startswith(("ATTR_UNUSED", "CHECK")) for q, _, _ in found)


def test_c_pasting_macro_invoked_many_times_stays_linear() -> None:
    # a crafted file: one macro of 200 functions invoked 5,000 times makes at most a 16th of its bytes
    body = "".join(f" void f{i}_##n(void) {{ }} \\\n" for i in range(200))
    source = (f"#define MAKE(n) \\\n{body}\n" + "MAKE(x)\n" * 5_000).encode()
    made = macro_defined_functions(source, "crafted.c", "c")
    assert made and len(made) <= len(source) // 16
