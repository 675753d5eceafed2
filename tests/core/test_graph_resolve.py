"""Name resolution per language: aliases, methods, inheritance, shadowing, dynamic calls left unresolved."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze


def graph_of(files: dict[str, str]) -> CodeGraph:
    """Build a graph from inline sources, through the indexer's own analysis."""
    return CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})


def call_targets(graph: CodeGraph, path: str, line: int) -> set[str]:
    """Return the nodes the calls written on one line resolved to."""
    return {s.target for s in graph.sites_out[path] if s.line == line and s.kind == "call"}


def loose_at(graph: CodeGraph, path: str, line: int) -> dict[str, str]:
    """Return name -> outcome of the references on one line that reached no node."""
    return {item.name: item.outcome for item in graph.loose[path] if item.line == line}


PY_CONFIG = """\
def parse_config(text):
    return dict(line.split("=") for line in text.splitlines())


class ConfigLoader:
    def __init__(self, path):
        self.path = path

    def load(self):
        return parse_config(self.read())

    def read(self):
        return open(self.path).read()
"""


class TestPython:
    """Python: imports and aliases, self and bases, locals, return types."""

    def graph(self, user: str) -> CodeGraph:
        return graph_of({"app/__init__.py": "from .config import parse_config\n",
                         "app/config.py": PY_CONFIG, "app/user.py": user})

    def test_self_method_resolves_to_the_enclosing_class(self) -> None:
        graph = self.graph("")
        assert call_targets(graph, "app/config.py", 10) == {"app/config.py::parse_config", "app/config.py::ConfigLoader.read"}

    def test_alias_imports_and_module_aliases(self) -> None:
        graph = self.graph("""\
            from app.config import parse_config as pc
            import app.config as cfg
            from . import config
            pc("a=1")
            cfg.parse_config("a=1")
            config.ConfigLoader("p").load()
            """)
        assert call_targets(graph, "app/user.py", 4) == {"app/config.py::parse_config"}
        assert call_targets(graph, "app/user.py", 5) == {"app/config.py::parse_config"}
        assert call_targets(graph, "app/user.py", 6) == {"app/config.py::ConfigLoader", "app/config.py::ConfigLoader.load"}

    def test_reexport_through_the_package(self) -> None:
        graph = self.graph("from app import parse_config\nparse_config('')\n")
        assert call_targets(graph, "app/user.py", 2) == {"app/config.py::parse_config"}

    def test_inherited_method_and_super(self) -> None:
        graph = self.graph("""\
            from .config import ConfigLoader

            class CachedLoader(ConfigLoader):
                def load(self):
                    data = super().load()
                    return self.read() or data
            """)
        assert call_targets(graph, "app/user.py", 5) == {"app/config.py::ConfigLoader.load"}
        assert call_targets(graph, "app/user.py", 6) == {"app/config.py::ConfigLoader.read"}
        assert graph.bases["app/user.py::CachedLoader"] == ["app/config.py::ConfigLoader"]

    def test_typed_locals_and_return_types(self) -> None:
        graph = self.graph("""\
            from .config import ConfigLoader

            def make() -> ConfigLoader:
                return ConfigLoader("x")

            def use(loader: ConfigLoader):
                fresh = ConfigLoader("y")
                fresh.load()
                loader.read()
                make().load()
            """)
        assert call_targets(graph, "app/user.py", 8) == {"app/config.py::ConfigLoader.load"}
        assert call_targets(graph, "app/user.py", 9) == {"app/config.py::ConfigLoader.read"}
        assert "app/config.py::ConfigLoader.load" in call_targets(graph, "app/user.py", 10)

    def test_a_local_alias_of_a_function_or_method_calls_it(self) -> None:
        # rich's ``get_style = console.get_style``: calling the alias calls the method, never the
        # class the method returns (an alias was read as the call's result: 46 such sites in rich)
        graph = graph_of({"a.py": """\
            class Text:
                def append(self, s) -> "Text":
                    return self

            def make() -> Text:
                return Text()

            def use():
                m = make
                t = m()
                t.append("x")
                text = Text()
                add = text.append
                add("y")
            """})
        assert call_targets(graph, "a.py", 10) == {"a.py::make"}
        assert call_targets(graph, "a.py", 11) == {"a.py::Text.append"}
        assert call_targets(graph, "a.py", 14) == {"a.py::Text.append"}

    def test_bindings_are_read_for_what_other_bindings_name(self) -> None:
        # ``append = result.append`` and ``return result``: ``result`` is called nowhere, yet what
        # it is types both (a list from ``typing``: external); so does a local a function returns
        graph = graph_of({"a.py": """\
            from typing import List

            class Box:
                def open(self):
                    pass

            def collect(values):
                result: List[int] = []
                append = result.append
                for v in values:
                    append(v)
                return result

            def build():
                box = Box()
                return box

            def use():
                build().open()
            """})
        assert loose_at(graph, "a.py", 11) == {"append": "external"}
        assert call_targets(graph, "a.py", 19) >= {"a.py::Box.open"}

    def test_a_method_of_a_literal_is_the_builtin_types(self) -> None:
        # rich's ``", ".join(parts)``: a method of ``str``, external, not a call on an unknown receiver
        graph = graph_of({"a.py": "def f(parts):\n    return ', '.join(parts) + [1].index(1)\n"})
        assert loose_at(graph, "a.py", 2) == {"str.join": "external", "list.index": "external"}

    def test_parameter_shadows_the_global_and_stays_unresolved(self) -> None:
        graph = self.graph("""\
            from .config import parse_config

            def run(parse_config, items):
                parse_config("a")
                items[0]()
                getattr(items, "x")()
                obj = items.pop()
                obj.load()
            """)
        assert call_targets(graph, "app/user.py", 4) == set()
        assert loose_at(graph, "app/user.py", 4) == {"parse_config": "unresolved"}
        assert loose_at(graph, "app/user.py", 5) == {"items[i]": "unresolved"}
        assert loose_at(graph, "app/user.py", 8) == {"obj.load": "unresolved"}

    def test_nested_definition_shadows_the_module_level_one(self) -> None:
        graph = self.graph("""\
            def helper():
                pass

            def outer():
                def helper():
                    pass
                helper()
            """)
        assert call_targets(graph, "app/user.py", 7) == {"app/user.py::outer.helper"}

    def test_builtins_and_libraries_are_external(self) -> None:
        graph = self.graph("import os\nos.path.join('a')\nlen([])\n")
        assert loose_at(graph, "app/user.py", 2) == {"os.path.join": "external"}
        assert loose_at(graph, "app/user.py", 3) == {"len": "external"}

    def test_callers_list_one_site_per_call(self) -> None:
        graph = self.graph("from .config import parse_config\nparse_config('')\nparse_config('')\n")
        sites = callers(graph, "parse_config").sites
        assert [(s.path, s.line, s.caller) for s in sites] == [
            ("app/config.py", 10, "ConfigLoader.load"),
            ("app/user.py", 2, None),
            ("app/user.py", 3, None),
        ]


def test_javascript_imports_require_this_and_extends() -> None:
    graph = graph_of({
        "web/config.js": """\
            export function parseConfig(text) { return text; }
            export default class Store {
              load() { return this.read(); }
              read() { return parseConfig(""); }
            }
            """,
        "web/app.js": """\
            import Store, { parseConfig as pc } from './config';
            const { parseConfig } = require('./config.js');
            class Cached extends Store {
              run(x) { pc(""); parseConfig(""); this.load(); new Store(); x.load(); }
            }
            """,
    })
    assert call_targets(graph, "web/config.js", 3) == {"web/config.js::Store.read"}
    targets = call_targets(graph, "web/app.js", 4)
    assert targets == {"web/config.js::parseConfig", "web/config.js::Store.load"}
    assert graph.bases["web/app.js::Cached"] == ["web/config.js::Store"]
    refs = {s.target for s in graph.sites_out["web/app.js"] if s.kind == "ref"}
    assert "web/config.js::Store" in refs
    assert loose_at(graph, "web/app.js", 4) == {"x.load": "unresolved"}


def test_typescript_implements_types_and_typed_parameters() -> None:
    graph = graph_of({
        "src/api.ts": """\
            export interface Client { send(): void; }
            export class Http implements Client {
              send(): void {}
            }
            """,
        "src/use.tsx": """\
            import { Http, Client } from './api';
            export function go(c: Http, other: Client): Http {
              c.send();
              return c;
            }
            """,
    })
    assert graph.bases["src/api.ts::Http"] == ["src/api.ts::Client"]
    assert call_targets(graph, "src/use.tsx", 3) == {"src/api.ts::Http.send"}
    refs = {s.target for s in graph.sites_out["src/use.tsx"] if s.kind == "ref"}
    assert {"src/api.ts::Http", "src/api.ts::Client"} <= refs


def test_go_package_imports_receivers_and_embedding() -> None:
    graph = graph_of({
        "go.mod": "module example.com/svc\n",
        "svc/config/parse.go": """\
            package config

            func Parse(text string) map[string]string { return nil }
            """,
        "svc/server.go": """\
            package svc

            import cfg "example.com/svc/svc/config"

            type Base struct{}

            func (b *Base) Close() {}

            type Server struct {
                Base
                name string
            }

            func (s *Server) Start() {
                cfg.Parse(s.name)
                s.Close()
                helper()
            }
            """,
        "svc/helper.go": "package svc\n\nfunc helper() {}\n",
    })
    assert call_targets(graph, "svc/server.go", 15) == {"svc/config/parse.go::Parse"}
    assert call_targets(graph, "svc/server.go", 16) == {"svc/server.go::Base.Close"}
    assert call_targets(graph, "svc/server.go", 17) == {"svc/helper.go::helper"}
    assert graph.bases["svc/server.go::Server"] == ["svc/server.go::Base"]


def test_rust_use_lists_paths_and_impl_traits() -> None:
    graph = graph_of({
        "src/lib.rs": "pub mod config;\npub mod server;\n",
        "src/config.rs": """\
            pub trait Load { fn load(&self); }
            pub struct Config;
            impl Config {
                pub fn new() -> Self { Config }
                pub fn parse(&self) {}
            }
            pub fn parse_config() {}
            """,
        "src/server.rs": """\
            use crate::config::{Config, parse_config as pc, Load};
            pub struct Server;
            impl Load for Server {
                fn load(&self) {
                    let c = Config::new();
                    c.parse();
                    pc();
                    self.stop();
                }
            }
            impl Server { fn stop(&self) {} }
            """,
    })
    assert call_targets(graph, "src/server.rs", 5) == {"src/config.rs::Config.new"}
    assert call_targets(graph, "src/server.rs", 6) == {"src/config.rs::Config.parse"}
    assert call_targets(graph, "src/server.rs", 7) == {"src/config.rs::parse_config"}
    assert call_targets(graph, "src/server.rs", 8) == {"src/server.rs::Server.stop"}
    assert graph.bases["src/server.rs::Server"] == ["src/config.rs::Load"]


def test_java_imports_fields_static_calls_and_inheritance() -> None:
    graph = graph_of({
        "src/com/ex/util/Parser.java": """\
            package com.ex.util;
            public class Parser {
                public static Parser create() { return new Parser(); }
                public void parse(String s) {}
            }
            """,
        "src/com/ex/Base.java": "package com.ex;\npublic class Base { void reload() {} }\n",
        "src/com/ex/Service.java": """\
            package com.ex;
            import com.ex.util.Parser;
            public class Service extends Base {
                private Parser parser;
                void run(String text) {
                    Parser.create();
                    parser.parse(text);
                    reload();
                    text.trim();
                }
            }
            """,
    })
    assert call_targets(graph, "src/com/ex/Service.java", 6) == {"src/com/ex/util/Parser.java::Parser.create"}
    assert call_targets(graph, "src/com/ex/Service.java", 7) == {"src/com/ex/util/Parser.java::Parser.parse"}
    assert call_targets(graph, "src/com/ex/Service.java", 8) == {"src/com/ex/Base.java::Base.reload"}
    assert loose_at(graph, "src/com/ex/Service.java", 9) == {"text.trim": "external"}
    assert graph.bases["src/com/ex/Service.java::Service"] == ["src/com/ex/Base.java::Base"]


def test_a_java_test_uses_its_package_under_another_source_root() -> None:
    """``src/test/java/org/ex/util`` is the package of ``src/main/java/org/ex/util``: a test calls
    and extends its classes unimported (jsoup's ValidateTest had left Validate.notNull untied, so
    "what breaks" listed no test), while a one-folder match is no package (``util`` alone)."""
    graph = graph_of({
        "src/main/java/org/ex/util/Validate.java": "package org.ex.util;\npublic class Validate { static void notNull(Object o) {} }\n",
        "src/main/java/org/ex/util/Visitor.java": "package org.ex.util;\npublic interface Visitor {}\n",
        "lib/util/Other.java": "package util;\npublic class Other { static void go() {} }\n",
        "src/test/java/org/ex/util/ValidateTest.java": """\
            package org.ex.util;
            import static org.junit.Assert.*;
            class ValidateTest implements Visitor {
                void test() {
                    Validate.notNull(this);
                    Other.go();
                }
            }
            """,
    })
    test = "src/test/java/org/ex/util/ValidateTest.java"
    assert call_targets(graph, test, 5) == {"src/main/java/org/ex/util/Validate.java::Validate.notNull"}
    assert call_targets(graph, test, 6) == set()
    assert graph.bases[test + "::ValidateTest"] == ["src/main/java/org/ex/util/Visitor.java::Visitor"]


def test_c_includes_link_definitions_and_a_function_pointer_field_is_what_its_call_reaches() -> None:
    # the field is a symbol (``ops.run``), as TypeScript's ``cb: () => void`` is: ``o->run()`` reaches it,
    # as ``this.cb()`` reaches ``A.cb``; the function it points at stays unknown
    graph = graph_of({
        "lib/config.h": "int parse_config(const char *text);\n",
        "lib/config.c": '#include "config.h"\nint parse_config(const char *text) { return 0; }\n',
        "app/main.c": """\
            #include <stdio.h>
            #include "../lib/config.h"
            struct ops { int (*run)(void); };
            int main(struct ops *o) {
                parse_config("x");
                printf("hi");
                o->run();
                return 0;
            }
            """,
    })
    assert call_targets(graph, "app/main.c", 5) == {"lib/config.c::parse_config"}
    assert loose_at(graph, "app/main.c", 6) == {"printf": "external"}
    assert call_targets(graph, "app/main.c", 7) == {"app/main.c::ops.run"}


def test_cpp_bases_this_and_typed_locals() -> None:
    graph = graph_of({
        "src/shape.hpp": """\
            class Shape {
            public:
                double area() const { return 0; }
            };
            class Circle : public Shape {
            public:
                double twice() const { return this->area() * 2; }
            };
            """,
        "src/main.cpp": """\
            #include "shape.hpp"
            double total() {
                Circle c;
                Circle *p = new Circle();
                return c.twice() + p->area();
            }
            """,
    })
    assert graph.bases["src/shape.hpp::Circle"] == ["src/shape.hpp::Shape"]
    assert call_targets(graph, "src/shape.hpp", 7) == {"src/shape.hpp::Shape.area"}
    assert call_targets(graph, "src/main.cpp", 5) == {"src/shape.hpp::Circle.twice", "src/shape.hpp::Shape.area"}


@pytest.mark.parametrize("language,path,source", [
    ("python", "a.py", "def f(g):\n    g()\n"),
    ("javascript", "a.js", "function f(g) { g(); }\n"),
    ("go", "a.go", "package a\nfunc f(g func()) { g() }\n"),
    ("java", "A.java", "class A { void f(Runnable g) { g.run(); } }\n"),
])
def test_calls_through_parameters_are_never_resolved(language: str, path: str, source: str) -> None:
    graph = graph_of({path: source, "other" + path[path.index("."):]: source})
    assert all(s.kind != "call" for s in graph.sites_out[path])


def test_extract_rows_are_the_stored_form_of_extract_facts() -> None:
    from pathlib import Path

    from maguyva_tui.core.parsing.definitions import extract_definitions
    from maguyva_tui.core.parsing.facts import extract_facts, extract_rows
    from maguyva_tui.core.parsing.languages import language_for, parse
    from maguyva_tui.core.store.facts import encode
    from maguyva_tui.core.types import FileFacts

    root = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"
    for path in sorted(p for p in root.rglob("*") if p.is_file() and language_for(p.name)):
        rel, source = path.relative_to(root).as_posix(), path.read_bytes()
        language = language_for(rel)
        assert language is not None
        tree = parse(language, source)
        _, symbols = extract_definitions(tree, source, language, rel)
        references, imports = extract_facts(tree, source, language, rel, symbols)
        stored = encode(FileFacts(rel, language, (), (), tuple(references), tuple(imports)))
        assert extract_rows(tree, source, language, rel, symbols) == (list(stored[3]), list(stored[4]))
