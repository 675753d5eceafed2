"""A string to find keeps its ``#``.

``#`` in a name reads as a member (``Base#save`` is ``Base.save``, as Ruby's and Java's docs write
it); the rewrite had reached strings too: `maguyva search '"# type: ignore"'` on pluggy searched
``. type: ignore`` and said no line held it, while ten lines do.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "hooks.py").write_text(
        "import typing\n\n\n"
        "def spec(self):  # type: ignore[override]\n    return self.opts  # see issue #42\n\n\n"
        "class Base:\n    def save(self):\n        return 1\n"
    )
    (root / "style.css").write_text("#main { color: red; }\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize(("question", "lines"), [
    ('"# type: ignore"', [("hooks.py", 4)]),
    ('"issue #42"', [("hooks.py", 5)]),
    ("'#main {'", [("style.css", 1)]),
])
def test_a_quoted_string_with_a_hash_lists_the_lines_holding_it(engine: Engine, question: str,
                                                               lines: list[tuple[str, int]]) -> None:
    answer = engine.search(question, limit=10)
    assert answer.intent == "exact_match" and answer.target == question[1:-1]
    assert answer.lookup_failed is None, answer.notices
    assert [(r.path, line) for r in answer.results for line in r.match_lines] == lines


def test_a_member_named_with_a_hash_is_still_the_member(engine: Engine) -> None:
    answer = engine.search("Base#save", limit=5)
    assert answer.results[0].symbol == "Base.save"
