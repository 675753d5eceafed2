"""A file whose module level depends on a name is shown at the first line of the kind of use its edge
says (found by an outside tester on ky: test/hooks.ts, whose tests call isHTTPError, was "lines 3,
edge call", and line 3 is its import)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "lib.py": "def check(x):\n    return x\n",
    "test_lib.py": "from lib import (\n    check,\n)\n\nassert check(1)\nassert check(2)\n",
    "only_imports.py": "from lib import check\n\n__all__ = ['check']\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "impactlines", FILES)


def test_a_file_that_calls_is_shown_at_its_first_call_not_its_import(engine: Engine) -> None:
    files = {d.path: (d.edge, d.start_line) for d in engine.impact("check", 2, 10).entries if d.symbol is None}
    assert files == {"test_lib.py": ("call", 5), "only_imports.py": ("import", 1)}
