"""A PHP name with its namespace is no file: ``League\\CommonMark\\Node\\Node`` answered with the
class ``Node`` had said 'no indexed file is League/CommonMark/Node/Node; searching the question's
words instead' above its definition (league/commonmark); a typed path still says it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    e = indexed(tmp_path_factory, {
        "src/Node/Node.php": "<?php\n\nnamespace League\\CommonMark\\Node;\n\nabstract class Node\n{\n"
                             "    public function parent(): ?Node\n    {\n        return null;\n    }\n}\n",
        "src/Node/helpers.py": "def node_parent():\n    return None\n",
    })
    yield e
    e.close()


@pytest.mark.parametrize("question", ["League\\CommonMark\\Node\\Node", "\\League\\CommonMark\\Node\\Node::parent"])
def test_a_namespaced_php_name_is_answered_without_a_missing_file(engine: Engine, question: str) -> None:
    result = engine.search(question)
    assert result.results[0].path == "src/Node/Node.php" and result.lookup_failed is None
    assert not any("no indexed file" in n for n in result.notices), result.notices


def test_a_typed_path_that_is_no_file_still_says_so(engine: Engine) -> None:
    result = engine.search("src/Node/Nothere.php")
    assert any(n.startswith("no indexed file is src/Node/Nothere.php") for n in result.notices)


def test_a_quoted_namespaced_name_lists_the_lines_holding_it_without_a_missing_file(engine: Engine) -> None:
    """whoops' "Whoops\\Run", quoted: its 8 lines came with 'no indexed file is Whoops/Run;
    searching the question's words instead', as if a file had been asked for and not found."""
    result = engine.search('"League\\CommonMark\\Node"')
    assert [(r.path, r.start_line) for r in result.results] == [("src/Node/Node.php", 3)]
    assert result.lookup_failed is None and not any("no indexed file" in n for n in result.notices), result.notices
