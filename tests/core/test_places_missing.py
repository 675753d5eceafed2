"""A path the index does not hold is said to be missing, not answered in silence.

`maguyva search src/pluggy/nothere.py` (a file that is not there) showed the lines its words
matched, ``_PYPY = hasattr(...)`` first, with no word that no such file is indexed: the place rule
found nothing and the question was asked again as words, quietly.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.locations import LOCATION_RULE
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "pkg").mkdir()
    (root / "pkg" / "hooks.py").write_text("def call_hooks(names):\n    return [n for n in names]\n")
    (root / "pkg" / "manager.py").write_text("from pkg.hooks import call_hooks\n\n\ndef run():\n    return call_hooks([])\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


def test_a_path_the_index_does_not_hold_says_so(engine: Engine) -> None:
    answer = engine.search("pkg/nothere.py", limit=5)
    assert answer.rule != LOCATION_RULE
    assert "no indexed file is pkg/nothere.py; searching the question's words instead" in answer.notices
    with_line = engine.search("pkg/nothere.py:12", limit=5)
    assert any(n.startswith("no indexed file is pkg/nothere.py;") for n in with_line.notices)


def test_a_trace_through_other_files_only_names_them(engine: Engine) -> None:
    trace = ('File "/usr/lib/python3.11/json/decoder.py", line 3, in x\n'
             'File "/usr/lib/python3.11/json/__init__.py", line 9, in loads\nKeyError: foo')
    answer = engine.search(trace, limit=5)
    said = [n for n in answer.notices if n.startswith("none of the 2 places it names is an indexed file")]
    assert said and "/usr/lib/python3.11/json/decoder.py" in said[0]


def test_a_path_the_index_holds_says_nothing_of_the_kind(engine: Engine) -> None:
    answer = engine.search("pkg/hooks.py", limit=5)
    assert answer.rule == LOCATION_RULE and answer.results[0].path == "pkg/hooks.py"
    assert not [n for n in answer.notices if "indexed file" in n]
