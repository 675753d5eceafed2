"""A Rust path's capitalised part is a type, never a module or crate the symbol table leaves out:
``HashMap::new`` and ``Config::new``, over a repository whose one ``new`` is ``Server::new``, had been
"read as Server.new" (the part dropped as C++'s ``fmt::`` is), and "who calls Config::new" listed
``Server::new``'s callers. A lower-case module or crate part is still dropped (``crate::Server::new``,
``mylib::Server::new``), and a C++ namespace of either case too."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "src/lib.rs": """use std::collections::HashMap;

pub struct Server {
    pub size: usize,
}

impl Server {
    pub fn new() -> Self {
        Server { size: HashMap::<u8, u8>::new().len() }
    }
}

pub fn start() -> Server {
    Server::new()
}
""",
    "cpp/json.h": """#define JSON_BEGIN namespace Json {
JSON_BEGIN
class Value {
public:
    int size() const { return 0; }
};
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "rust-paths", FILES)


@pytest.mark.parametrize("question", ["HashMap::new", "Config::new", "who calls Config::new"])
def test_a_type_the_index_does_not_define_is_not_left_out(engine: Engine, question: str) -> None:
    answer = engine.search(question)
    assert not any("read as Server.new" in n for n in answer.notices)
    assert answer.target != "Server.new"


@pytest.mark.parametrize("question", ["who calls crate::Server::new", "who calls mylib::Server::new"])
def test_a_module_or_crate_part_is_still_left_out(engine: Engine, question: str) -> None:
    answer = engine.search(question)
    assert [(r.path, r.symbol) for r in answer.results] == [("src/lib.rs", "start")]


def test_a_cpp_namespace_a_macro_opens_is_still_left_out(engine: Engine) -> None:
    answer = engine.search("Json::Value::size")
    assert [(r.path, r.symbol) for r in answer.results][:1] == [("cpp/json.h", "Value.size")]
