"""A Rust crate used by its own name (a ``Cargo.toml``'s): its tests, examples and benches, and its
workspace's other crates, write ``use nom::bytes::complete::tag;``, ``nom::character::complete::digit1(i)``
or ``rayon_core::current_num_threads()``, which had been outside the repository (nom: three in four of
the calls rg finds that "who calls" missed; "what implements ParseError" missed nom-language's
``VerboseError`` and the tests' ``CustomError``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.facts.cargo import MAX_MANIFEST_CHARS, library
from tests.core.test_graph_resolve import call_targets, graph_of
from tests.trees import write_tree

LIB = "pub mod bytes;\npub mod error;\n"
BYTES = "pub mod complete;\n"
COMPLETE = "pub fn tag(t: &str) -> u8 { 0 }\n"
ERROR = "pub trait ParseError<I> {\n    fn from_error_kind(input: I) -> Self;\n}\n"
TESTS = """\
use nom::bytes::complete::tag;
use nom::error::ParseError;
struct CustomError;
impl ParseError<u8> for CustomError {
    fn from_error_kind(input: u8) -> Self { CustomError }
}
fn t() {
    tag("a");
    nom::bytes::complete::tag("b");
    nom_language::verbose();
}
"""
LANGUAGE = """\
use nom::error::ParseError;
pub struct VerboseError;
impl ParseError<u8> for VerboseError {
    fn from_error_kind(input: u8) -> Self { VerboseError }
}
pub fn verbose() {}
"""
FILES = {
    "Cargo.toml": '[package]\nname = "nom"\n\n[workspace]\nmembers = ["nom-language"]\n',
    "src/lib.rs": LIB,
    "src/bytes/mod.rs": BYTES,
    "src/bytes/complete.rs": COMPLETE,
    "src/error.rs": ERROR,
    "nom-language/Cargo.toml": '[package]\nname = "nom-language"\n',
    "nom-language/src/lib.rs": LANGUAGE,
    "tests/custom_errors.rs": TESTS,
}


@pytest.mark.parametrize(("folder", "text", "found"), [
    ("", '[package]\nname = "nom"\n', ("nom", "src/lib.rs")),
    ("rayon-core", '[package]\nname = "rayon-core"\n', ("rayon_core", "rayon-core/src/lib.rs")),
    ("a", '[package]\nname = "pkg"\n[lib]\nname = "short"\npath = "./lib.rs"\n', ("short", "a/lib.rs")),
    ("a", '[lib]\nname = "x"\npath = "../outside/../a/src/x.rs"\n', ("x", "a/src/x.rs")),
])
def test_a_manifest_names_its_library_and_root(folder: str, text: str, found: tuple[str, str]) -> None:
    assert library(folder, text) == found


@pytest.mark.parametrize("text", [
    '[workspace]\nmembers = ["a", "b"]\n',  # a workspace's own manifest: no crate
    '[package]\nname = "nom"\n[lib]\npath = "../../etc/passwd.rs"\n',  # outside the repository
    '[package]\nname = "nom"\n[lib]\npath = "/abs/lib.rs"\n',
    '[package]\nname = "nom"\n[lib]\npath = "build.py"\n',
    '[package]\nname = "a b"\n',
    '[package]\nname = 3\n',
    '[package]\nname = "core"\n',  # paths name Rust's own core whatever a manifest says
    '[package]\nname = "proc-macro"\n',  # proc_macro to code, Rust's own as well
    '[package\nname = "nom"\n',  # no TOML
    "[package]\nname = 'nom'\n" + "#" * MAX_MANIFEST_CHARS,  # too large to read
    "a = " + "[" * 5000 + "]" * 5000 + "\n",  # nested past the reader's stack
    "[package]\nname = 'nom'\n[x]\n" + "a." * 6000 + "a = 1\n",  # tomllib: quadratic memory in a key's parts
    "",
], ids=["workspace", "outside", "absolute", "not-rust", "spaced", "number", "core", "proc-macro", "no-toml",
        "too-large", "deep", "long-key", "empty"])
def test_a_manifest_naming_no_crate_says_nothing(text: str) -> None:
    assert library("", text) is None
    assert analyze("Cargo.toml", text).imports == ()


@pytest.mark.parametrize("text", [
    "[package]\nname = 'nom'\n[target.'cfg(unix)'.dependencies.libc]\nversion = '0.2'\n",
    "[package]\nname = 'nom'\ndescription = 'a.b.c'\n" + "".join(f"x{i}" + ".x" * 31 + " = 1\n" for i in range(100)),
], ids=["target-key", "keys-of-32-parts"])
def test_a_manifest_with_dotted_keys_still_names_its_crate(text: str) -> None:
    assert library("", text) == ("nom", "src/lib.rs")


def test_tests_and_a_workspace_crate_reach_the_crate_by_its_name() -> None:
    graph = graph_of(FILES)
    tag = "src/bytes/complete.rs::tag"
    assert call_targets(graph, "tests/custom_errors.rs", 8) == {tag}  # imported by the crate's name
    assert call_targets(graph, "tests/custom_errors.rs", 9) == {tag}  # called through its full path
    assert call_targets(graph, "tests/custom_errors.rs", 10) == {"nom-language/src/lib.rs::verbose"}
    trait = "src/error.rs::ParseError"  # what implements ParseError: the other crate's and the tests'
    assert graph.bases["nom-language/src/lib.rs::VerboseError"] == [trait]
    assert graph.bases["tests/custom_errors.rs::CustomError"] == [trait]


def test_a_manifest_renamed_or_added_resolves_its_users_again() -> None:
    graph = graph_of({k: v for k, v in FILES.items() if k != "Cargo.toml"})
    assert call_targets(graph, "tests/custom_errors.rs", 8) == set()  # no manifest: outside the repository
    graph.update({"Cargo.toml": analyze("Cargo.toml", FILES["Cargo.toml"])})
    assert call_targets(graph, "tests/custom_errors.rs", 8) == {"src/bytes/complete.rs::tag"}
    graph.update({"Cargo.toml": analyze("Cargo.toml", '[package]\nname = "other"\n')})
    assert call_targets(graph, "tests/custom_errors.rs", 8) == set()


@pytest.mark.slow  # an index built and searched: 0.4 s
def test_who_calls_counts_a_crates_own_tests(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "repo", FILES)
    engine = Engine(root, tmp_path / "index", static=False)
    try:
        engine.refresh()
        sites = [(s.path, s.line) for s in engine.references("tag", ("call",), 20).entries]
        assert sorted(sites) == [("tests/custom_errors.rs", 8), ("tests/custom_errors.rs", 9)]
    finally:
        engine.close()
