"""``--modality text`` lists the lines holding the question as typed, as ``rg -F`` does: "class
Reader" had listed every line naming Reader (28 in PyYAML where rg finds 3), "import yaml" every
line naming yaml (1,104 where rg finds 24), since the text engine was given the classifier's target,
the bare name after the keyword. The classifier's reading is still reported; the blend is unchanged."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

READER = '''\
import yaml


class ReaderError(Exception):
    pass


class Reader:
    """A Reader reads; yaml.Reader is its name."""

    def make(self):
        return Reader()
'''


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "reader.py").write_text(READER)
    (root / "use.py").write_text("import yaml\nfrom reader import Reader\nyaml.load(Reader())\n")
    found = Engine(root, provider=CountingProvider())
    found.refresh()
    return found


def test_forced_text_lists_the_phrase_as_typed(engine: Engine) -> None:
    classes = engine.search("class Reader", modality="text", limit=50)
    assert sorted((r.path, r.start_line) for r in classes.results) == [("reader.py", 4), ("reader.py", 8)]
    assert classes.results[0].start_line == 8  # ranked as a text search ranks: the definition first
    assert (classes.intent, classes.target) == ("find_definition", "Reader")  # the classifier's reading, still shown
    imports = engine.search("import yaml", modality="text", limit=50)
    assert sorted((r.path, r.start_line) for r in imports.results) == [("reader.py", 1), ("use.py", 1)]


def test_forced_text_reads_a_quoted_question_inside_its_quotes(engine: Engine) -> None:
    quoted = engine.search('"import yaml"', modality="text", limit=50)
    assert sorted((r.path, r.start_line) for r in quoted.results) == [("reader.py", 1), ("use.py", 1)]
