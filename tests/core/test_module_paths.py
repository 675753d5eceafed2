"""A name written with its module path as the language writes it: a folder's own file is the folder
(``__init__.py``, Rust's ``mod.rs``, ``index.js``), and a Rust file under a crate's ``src/`` goes
by its crate path (``mycrate::de::Visitor``, ``crate::de::Visitor``). Before, ``de::Visitor`` was
"no symbol named de::Visitor": the module of ``src/de/mod.rs`` was ``mod``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.structural import package_names
from maguyva_tui.core.similar import module_names
from tests.core.small_repo import indexed


@pytest.mark.parametrize(("path", "names"), [
    ("mycrate/src/de/mod.rs", ("de", "src.de", "mycrate.src.de", "mycrate.de", "crate.de")),
    ("mycrate/src/lib.rs", ("lib", "src.lib", "mycrate.src.lib", "mycrate", "crate")),
    ("src/lib.rs", ("lib", "src.lib", "crate")),
    ("lib/router/index.js", ("router", "lib.router")),
    ("src/flask/__init__.py", ("flask", "src.flask")),
    ("src/flask/helpers.py", ("helpers", "flask.helpers", "src.flask.helpers")),
    ("a/mod.py", ("mod", "a.mod")),
])
def test_the_names_a_module_goes_by(path: str, names: tuple[str, ...]) -> None:
    assert module_names(path) == names


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = indexed(tmp_path_factory, {
        "mycrate/Cargo.toml": '[package]\nname = "mycrate"\n',
        "mycrate/src/lib.rs": "pub mod de;\npub mod other;\n\npub fn version() -> u32 {\n    1\n}\n",
        "mycrate/src/de/mod.rs": "pub trait Visitor {\n    fn visit_str(&self, v: &str);\n}\n",
        "mycrate/src/other.rs": "pub trait Visitor {\n    fn walk(&self);\n}\n",
        "lib/router/index.js": "function Router(options) {\n  return options;\n}\n",
    })
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "path", "symbol"), [
    ("de::Visitor", "mycrate/src/de/mod.rs", "Visitor"),
    ("mycrate::de::Visitor", "mycrate/src/de/mod.rs", "Visitor"),
    ("crate::de::Visitor::visit_str", "mycrate/src/de/mod.rs", "Visitor.visit_str"),
    ("other::Visitor", "mycrate/src/other.rs", "Visitor"),
    ("mycrate::version", "mycrate/src/lib.rs", "version"),
    ("router.Router", "lib/router/index.js", "Router"),
])
def test_a_name_with_its_module_path_finds_that_definition(engine: Engine, question: str, path: str,
                                                            symbol: str) -> None:
    result = engine.search(question)
    assert result.lookup_failed is None, question
    assert (result.results[0].path, result.results[0].symbol) == (path, symbol)


@pytest.mark.parametrize(("path", "packages"), [
    ("src/flask/app.py", ("flask", "src", "src.flask")),
    ("binding/json.go", ("binding",)),
    ("binding/json_test.go", ("binding", "binding_test")),  # Go's external test package
    ("src/flask/__init__.py", ("src",)),
    ("app.py", ()),
])
def test_the_packages_a_module_lies_in(path: str, packages: tuple[str, ...]) -> None:
    assert package_names(path) == packages


@pytest.fixture(scope="module")
def packaged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = indexed(tmp_path_factory, {
        "src/pkg/__init__.py": "from .app import App as App\n",
        "src/pkg/app.py": "class App:\n    def route(self, rule):\n        return rule\n",
        "src/pkg/other.py": "from pkg.app import App\n\n\ndef make():\n    return App()\n",
        "binding/form.go": "package binding\n\ntype Form struct{}\n",
        "binding/xml.go": "package binding\n\nfunc use() Form { return Form{} }\n",
        "binding/json.go": "package binding\n\ntype JSON struct{}\n",
        "binding/json_test.go": "package binding_test\n\nfunc checkDecode(s string) string { return s }\n",
    })
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "path", "symbol"), [
    ("pkg.App", "src/pkg/app.py", "App"),  # re-exported by the package: before, the lines naming it
    ("pkg.App.route", "src/pkg/app.py", "App.route"),
    ("binding.Form", "binding/form.go", "Form"),  # Go: the package is the folder
    ("binding.JSON", "binding/json.go", "JSON"),  # read as a file's name, but a symbol is defined so
    ("pkg.app.App", "src/pkg/app.py", "App"),
    ("binding_test.checkDecode", "binding/json_test.go", "checkDecode"),  # as a goroutine trace names it
])
def test_a_name_with_its_package_finds_the_definition_in_one_of_its_modules(
        packaged: Engine, question: str, path: str, symbol: str) -> None:
    result = packaged.search(question)
    assert result.lookup_failed is None, question
    assert result.intent == "find_definition", question
    assert (result.results[0].path, result.results[0].symbol) == (path, symbol)
