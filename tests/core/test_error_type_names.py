"""A bare name the classifier reads as an error's (``HTTPError``, ``BindingError``) still lists the
lines naming it, but when the project defines it, the defining file's lines come first (found on
labstack/echo 4.2.1 by ``bench/symbol_duplicates.py``, against universal-ctags: ``binder.go``'s
embedded ``*HTTPError`` had been first, path order). A name the project does not define
(``ValueError``) keeps its order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("echo")
    # binder.go sorts first and names HTTPError twice: the text engine's path order had put it first
    (root / "binder.go").write_text(
        "package echo\n\ntype BindingError struct {\n\t*HTTPError\n\tField string\n}\n\n"
        "func NewBindingError(f string) error {\n\treturn &BindingError{HTTPError: &HTTPError{Code: 400}, Field: f}\n}\n")
    (root / "echo.go").write_text(
        "package echo\n\ntype (\n\tEcho struct {\n\t\tDebug bool\n\t}\n\n"
        "\tHTTPError struct {\n\t\tCode int\n\t}\n)\n\nfunc (he *HTTPError) Error() string {\n\treturn \"\"\n}\n")
    (root / "main.py").write_text("def run():\n    raise ValueError('no')\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_an_error_type_the_project_defines_lists_its_file_first(engine: Engine) -> None:
    answer = engine.search("HTTPError", limit=5)
    assert (answer.intent, answer.rule) == ("exact_match", "error_token")  # still every line naming it
    assert (answer.results[0].path, answer.results[0].start_line) == ("echo.go", 8)
    assert {r.path for r in answer.results} == {"echo.go", "binder.go"}


def test_an_error_name_the_project_does_not_define_lists_its_lines(engine: Engine) -> None:
    answer = engine.search("ValueError", limit=5)
    assert (answer.intent, [r.path for r in answer.results]) == ("exact_match", ["main.py"])


def test_only_the_defining_line_comes_first_not_its_whole_file(tmp_path_factory: pytest.TempPathFactory) -> None:
    """zod's ``ZodError``: moving every line of the defining file first had filled the page with
    ``v3/ZodError.ts`` and pushed the other files naming it off it."""
    root = tmp_path_factory.mktemp("zodlike")
    (root / "a_use.ts").write_text("import { AppError } from './b_errors';\nthrow new AppError('x');\n")
    (root / "b_errors.ts").write_text(
        "export class AppError extends Error {\n  code = 1;\n}\n"
        + "".join(f"export function check{i}(e: unknown): e is AppError {{ return e instanceof AppError; }}\n"
                  for i in range(8)))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    try:
        e.refresh()
        answer = e.search("AppError", limit=5)
        assert answer.rule == "error_token"
        assert (answer.results[0].path, answer.results[0].start_line) == ("b_errors.ts", 1)
        assert "a_use.ts" in {r.path for r in answer.results}
    finally:
        e.close()


def test_a_member_of_an_error_type_is_its_definition(tmp_path_factory: pytest.TempPathFactory) -> None:
    """toml_edit 0.14.4: ``TomlError::new`` had been read as the error name ``TomlError`` and listed
    the lines naming it, the struct first, never ``new``; ``Key::new`` found its method."""
    root = tmp_path_factory.mktemp("tomlish")
    (root / "errors.rs").write_text(
        "pub struct TomlError {\n    message: String,\n}\n\nimpl TomlError {\n"
        "    pub(crate) fn new(message: String) -> Self {\n        Self { message }\n    }\n}\n")
    (root / "use.rs").write_text(
        "use crate::errors::TomlError;\n\nfn fail() -> TomlError {\n    TomlError::new(String::new())\n}\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    try:
        e.refresh()
        for query in ("TomlError::new", "TomlError.new"):
            answer = e.search(query, limit=5)
            assert answer.intent == "find_definition", query
            assert (answer.results[0].path, answer.results[0].start_line, answer.results[0].symbol) == (
                "errors.rs", 6, "TomlError.new"), query
        assert e.search("TomlError", limit=5).rule == "error_token"  # the bare name still lists its lines
    finally:
        e.close()
