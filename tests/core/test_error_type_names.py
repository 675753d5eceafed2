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
