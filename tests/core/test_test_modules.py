"""Test code a module declared on its own line holds (``#[cfg(test)] mod tests;`` of ``src/lib.rs``,
its code in ``src/tests.rs``; ``#[cfg(test)] #[path = "checks.rs"] mod checks;``), and test code in a
workspace, whichever way its shards run, demoted as each repository alone demotes it.

aho-corasick 0.7.19 (helper-259): ``overlapping search`` had listed ``src/tests.rs``'s ``SearchTest``
2nd and ``src/packed/tests.rs``'s ``SearchTest.offset_both`` 3rd (nothing in those files says they are
tests: ``src/lib.rs`` and ``src/packed/mod.rs`` do); over a workspace of aho-corasick and chrono,
``leftmost first match kind builder`` had listed ``src/tests.rs``'s ``#[test] fn
stream_not_allowed_leftmost_first`` 4th, which the repository alone demotes.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.code_tests import Declaration, declarations, declaring_files, module_files
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.workspace import Coordinator, SearchRequest, open_workspace
from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
from tests.core.test_workspace_twin_files import _Actor, _Ray
from tests.fakes import FakeProvider

LIB = b"""\
//! A crate.
pub mod parser;
#[cfg(test)]
mod tests;
pub(crate) mod deep;

mod outer {
    #[cfg(test)]
    mod deep;
}

/// Checks, on unix only.
#[cfg(all(
    test,
    unix
))]
#[path = "checks.rs"]
mod checks;
#[cfg(unix)]
#[path = "sys/real_impl.rs"]
mod real;
"""


def test_a_files_module_declarations_say_what_their_attributes_say() -> None:
    assert declarations(LIB) == (
        Declaration(2, "parser", None, False), Declaration(4, "tests", None, True), Declaration(5, "deep", None, False),
        Declaration(9, "deep", None, True), Declaration(18, "checks", "checks.rs", True),
        Declaration(21, "real", "sys/real_impl.rs", False))
    assert declarations(b"mod inline {\n    fn a() {}\n}\n") == ()  # an inline module's code is here


def test_a_declared_modules_file_follows_rusts_module_path_rules() -> None:
    tests, checks = Declaration(4, "tests", None, True), Declaration(19, "checks", "checks.rs", True)
    assert module_files("src/lib.rs", tests) == ("src/tests.rs", "src/tests/mod.rs")
    assert module_files("src/a/mod.rs", tests) == ("src/a/tests.rs", "src/a/tests/mod.rs")
    assert module_files("src/a.rs", tests) == ("src/a/tests.rs", "src/a/tests/mod.rs")  # not mod.rs: its stem's folder
    assert module_files("src/a.rs", checks) == ("src/checks.rs",)  # #[path]: beside the declaring file
    assert module_files("src/lib.rs", Declaration(1, "t", "../../t.rs", True)) == ()  # outside the repository
    assert declaring_files("src/a/tests.rs") == ("src/a/lib.rs", "src/a/main.rs", "src/a/mod.rs", "src/a.rs")
    assert declaring_files("src/a/tests/mod.rs") == ("src/a/lib.rs", "src/a/main.rs", "src/a/mod.rs", "src/a.rs")
    assert declaring_files("src/lib.rs") == ("src/main.rs", "src/mod.rs", "src.rs")
    assert declaring_files("mod.rs") == ()


HELPER = "\n".join(f"    // case {i}: the parser reads {'a' * i} as {i} characters" for i in range(12))
CRATE = {
    "Cargo.toml": '[package]\nname = "rx"\nversion = "0.1.0"\n',
    "src/lib.rs": LIB.decode(),
    "src/parser.rs": "pub struct Parser;\n\nimpl Parser {\n    pub fn parse(&self, pattern: &str) -> usize {\n"
                     "        pattern.len()\n    }\n}\n",
    "src/tests.rs": f"use crate::parser::Parser;\n\nfn parse(pattern: &str) -> usize {{\n{HELPER}\n"
                    "    Parser.parse(pattern)\n}\n\n#[test]\nfn parses() {\n    assert_eq!(parse(\"ab\"), 2);\n}\n",
    "src/checks.rs": "mod fixtures;\n\nfn parse_twice(pattern: &str) -> usize {\n    2 * pattern.len()\n}\n",
    "src/checks/fixtures.rs": "pub fn parse_fixture() -> &'static str {\n    \"abc\"\n}\n",
    "src/deep.rs": "pub fn parse_deep(pattern: &str) -> usize {\n    pattern.len() + 1\n}\n",
    "src/sys/real_impl.rs": "pub fn parse_real(pattern: &str) -> usize {\n    pattern.len() + 2\n}\n",
}


class NameProvider(FakeProvider):
    """Vectors seeded by a text's first word: the same in every process, no model to load."""

    id = "test:test-modules:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


def _crate(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("test_modules")
    other = {"Cargo.toml": '[package]\nname = "sx"\nversion = "0.1.0"\n',
             "src/lib.rs": "pub fn parse(text: &str) -> usize {\n    text.len()\n}\n\n#[cfg(test)]\nmod tests {\n"
                           "    fn parse(text: &str) -> usize {\n        super::parse(text) + 1\n    }\n\n"
                           "    #[test]\n    fn parses_the_pattern() {\n        assert_eq!(parse(\"ab\"), 3);\n    }\n}\n"}
    return [_crate(base / "rx", CRATE), _crate(base / "sx", other)]


@pytest.fixture(scope="module")
def index_base(roots: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("test_modules_index")
    for root in roots:
        engine = Engine(root, base, provider=NameProvider(), static=False)
        engine.refresh()
        engine.embed_pending()
        engine.close()
    return base


@pytest.fixture(scope="module")
def engine(roots: list[Path], index_base: Path) -> Iterator[Engine]:
    opened = Engine(roots[0], index_base, provider=NameProvider(), static=False)
    yield opened
    opened.close()


@pytest.mark.slow
def test_the_file_of_a_module_declared_test_code_is_test_code_whole(engine: Engine) -> None:
    generation = engine.generation
    whole = {path: ((1, generation.snapshot.line_count(path)),) for path in CRATE}
    assert generation.test_code_spans("src/tests.rs") == whole["src/tests.rs"]  # #[cfg(test)] mod tests;
    assert generation.test_code_spans("src/checks.rs") == whole["src/checks.rs"]  # #[cfg(all(test, unix))] #[path]
    assert generation.test_code_spans("src/checks/fixtures.rs") == whole["src/checks/fixtures.rs"]  # declared in one
    assert generation.test_code_spans("src/deep.rs") == ()  # outer's test module deep is src/outer/deep.rs
    assert generation.test_code_spans("src/sys/real_impl.rs") == ()  # #[cfg(unix)]: built
    assert generation.test_code_spans("src/parser.rs") == ()


@pytest.mark.slow
def test_a_name_lists_the_crates_own_definition_before_a_test_modules_file(engine: Engine) -> None:
    answer = engine.search("parse", limit=10)
    rows = [(r.path, r.symbol) for r in answer.results]
    assert rows.index(("src/parser.rs", "Parser.parse")) < rows.index(("src/tests.rs", "parse")), rows
    helper = next(r for r in answer.results if r.path == "src/tests.rs" and r.symbol == "parse")
    assert helper.demoted_as == ("secondary",) and helper.demotion == fusion.SECONDARY_DEMOTION
    assert "× demotion 0.5 (a test, example or doc)" in explain_text(answer)


QUESTIONS = ("parse", "the parser reads the pattern characters")


def _alone(roots: list[Path], index_base: Path, question: str) -> list[tuple[str, str | None, float, tuple[str, ...]]]:
    rows = []
    for root in roots:
        engine = Engine(root, index_base, provider=NameProvider(), static=False)
        try:
            answer = engine.search(question, limit=30)
            rows += [(f"{root.name}/{r.path}", r.symbol, r.demotion, r.demoted_as) for r in answer.results]
        finally:
            engine.close()
    return sorted(rows, key=str)


def _workspace_rows(coordinator: Coordinator, question: str) -> list[tuple[str, str | None, float, tuple[str, ...]]]:
    answer = coordinator.search(SearchRequest(question, 60))
    return sorted([(f"{repo}/{r.path}", r.symbol, r.demotion, r.demoted_as)
                   for r, repo in zip(answer.result.results, answer.repos)], key=str)


def _check(coordinator: Coordinator, roots: list[Path], index_base: Path) -> None:
    for question in QUESTIONS:
        alone = {row[:2]: row[2:] for row in _alone(roots, index_base, question)}
        together = {row[:2]: row[2:] for row in _workspace_rows(coordinator, question)}
        tested = {key: alone[key] for key in together if key in alone and alone[key][1]}
        assert any(key[0] == "rx/src/tests.rs" for key in tested) and any(key[0] == "sx/src/lib.rs" for key in tested), \
            (question, alone)
        assert {key: together[key] for key in tested} == tested, question


@pytest.mark.slow
def test_a_workspace_in_this_process_demotes_test_code_as_each_repository_does(
        roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        _check(workspace, roots, index_base)
    finally:
        workspace.close()


@pytest.mark.slow
def test_remote_shards_tell_their_test_code_with_their_lists(roots: list[Path], index_base: Path) -> None:
    calls: Counter[str] = Counter()
    held = tuple((root.name, str(root)) for root in roots)
    host = Host(_Actor(ShardHost(held, str(index_base), NameProvider(), False), calls), _Ray())
    coordinator = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[misc]
    try:
        assert len(coordinator.open()) == len(roots)
        _check(coordinator, roots, index_base)
        # told with the lists, no round trip a file: those asked are the files defining 'parse'
        # (rx's src/parser.rs and src/tests.rs, sx's src/lib.rs), read before any list to know
        # whether test code alone defines it (until one says no)
        assert calls["test_code_spans"] <= 3, calls
    finally:
        coordinator.close()


@pytest.mark.slow
def test_worker_processes_demote_test_code_as_each_repository_does(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False, workers=2)
    try:
        _check(workspace, roots, index_base)
    finally:
        workspace.close()
