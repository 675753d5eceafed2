"""A member named through a whole module's binding: ts-pattern's ``P.when``, ``P`` bound by
``export { Pattern as P }`` of ``import * as Pattern from './patterns'``. The graph tied the
``P.when(...)`` calls to ``when``, yet "who calls P.when" had said no symbol is named so."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "src/patterns.ts": "export function when(f: unknown) { return f }\n\nexport function not(f: unknown) { return f }\n",
    "src/index.ts": "import * as Pattern from './patterns'\n\nexport { Pattern, Pattern as P }\n",
    "tests/when.test.ts": "import { P } from '../src'\n\nexport function t() {\n  return P.when(1)\n}\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_who_calls_a_member_of_a_module_bound_by_name(engine: Engine) -> None:
    answer = engine.search("who calls P.when")
    assert answer.lookup_failed is None
    assert [(r.path, r.start_line) for r in answer.results][:1] == [("tests/when.test.ts", 4)]
    assert "P.when read as when: P is imported as a whole module (src/patterns.ts:1)" in answer.notices
    assert list(engine.callers("P.when", 10).nodes) == ["src/patterns.ts::when"]
    assert list(engine.callers("Pattern.when", 10).nodes) == ["src/patterns.ts::when"]


def test_a_member_the_module_does_not_define_stays_unknown(engine: Engine) -> None:
    assert not engine.callers("P.nothing", 10).known
    assert not engine.callers("Q.when", 10).known
