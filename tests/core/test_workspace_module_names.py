"""A name written with its module (``wrapt.decorator``, re-exported by the package's
``__init__``), asked of a workspace: each repository's graph is asked the one definition it
names, as the repository alone asks it. The workspace's view reads no one repository's names,
and "who calls wrapt.decorator" over a workspace of wrapt had found nothing in the graph and
blended the engines (wrapt's PKG-INFO prose first), where wrapt alone lists its callers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A package re-exporting ``decorator`` from its submodule, used there and by a test."""
    base = tmp_path_factory.mktemp("modnames")
    root = base / "lib"
    (root / "src" / "lib").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "src" / "lib" / "__init__.py").write_text("from .decorators import decorator\n")
    (root / "src" / "lib" / "decorators.py").write_text(
        "def decorator(wrapper):\n    return wrapper\n\n\n@decorator\ndef synced(f):\n    return f\n")
    (root / "tests" / "test_a.py").write_text("import lib\n\n\n@lib.decorator\ndef wrapped(f):\n    return f\n")
    engine = Engine(root, base / "indexes", provider=FakeProvider(), static=False)
    engine.refresh()
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def workspace(lib: Engine) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard("lib", lib)])
    yield coordinator
    coordinator.close()


@pytest.mark.parametrize("question", ["who calls lib.decorator", "what breaks if I change lib.decorator"])
def test_a_workspace_of_one_asks_its_graph_as_the_repository_does(lib: Engine, workspace: Coordinator,
                                                                  question: str) -> None:
    alone = lib.search(question)
    found = workspace.search(SearchRequest(question)).result
    assert alone.fusion_strategy == "direct"
    assert found.fusion_strategy == alone.fusion_strategy, found.notices
    assert [(r.path, r.start_line) for r in found.results] == [(r.path, r.start_line) for r in alone.results]
    assert ("tests/test_a.py", 4) in [(r.path, r.start_line) for r in found.results]


def test_the_workspace_says_which_definition_the_name_was_read_as(workspace: Coordinator) -> None:
    notices = workspace.search(SearchRequest("who calls lib.decorator")).result.notices
    assert "lib: lib.decorator is decorator of src/lib/decorators.py" in notices, notices
