"""A reference or importer that is an import statement written over several lines points at the line
holding the imported name, not at the statement's first line (found by an outside tester on postcss
8.5.34: ``find_references AtRule`` listed ``lib/stringifier.d.ts:1`` reading ``import {`` and
``lib/postcss.d.mts:1`` reading ``export {``, where ``AtRule`` is written lines below, so an agent
renaming it found nothing to edit there; "who imports alpha" said the same first line)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import references_answer
from tests.trees import indexed

FILES = {
    "pkg/a.ts": "export function alpha(x: number): number {\n  return x + 1\n}\nexport function beta(): void {}\n",
    "pkg/b.ts": "import {\n  beta,\n  alpha\n} from './a'\n\nexport function gamma() {\n  return alpha(2) + beta()\n}\n",
    "pkg/one.ts": "import { alpha } from './a'\n\nexport const one = alpha(1)\n",
    "lib/m.py": "def one():\n    pass\n\n\ndef two():\n    pass\n",
    "lib/n.py": "from lib.m import (\n    two,\n    one,\n)\n\n\ndef three():\n    return one() + two()\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "import-name-lines", FILES)


def _imports(answer: dict[str, object]) -> list[tuple[str, int, str]]:
    refs = answer["references"]
    assert isinstance(refs, list)
    return [(r["path"], r["line"], r["text"]) for r in refs if r["kind"] == "import"]


def test_a_typescript_import_over_several_lines_points_at_the_name(engine: Engine) -> None:
    assert _imports(references_answer(engine, "alpha", None, 50)) == [
        ("pkg/b.ts", 3, "alpha"), ("pkg/one.ts", 1, "import { alpha } from './a'")]
    assert _imports(references_answer(engine, "beta", None, 50)) == [("pkg/b.ts", 2, "beta,")]


def test_a_python_parenthesised_import_points_at_the_name(engine: Engine) -> None:
    assert _imports(references_answer(engine, "one", None, 50)) == [("lib/n.py", 3, "one,")]
    assert _imports(references_answer(engine, "lib.m.two", None, 50)) == [("lib/n.py", 2, "two,")]


def test_who_imports_a_symbol_lists_the_line_naming_it(engine: Engine) -> None:
    assert [(e.path, e.line) for e in engine.symbol_importers("alpha", 20).entries] == [("pkg/b.ts", 3), ("pkg/one.ts", 1)]
    found = engine.search("who imports two", limit=10)
    assert [(r.path, r.start_line) for r in found.results] == [("lib/n.py", 2)]
