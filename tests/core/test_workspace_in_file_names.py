"""A name written through its file (``who calls pkg/cache.py::cached``) asked of a workspace is that
file's definition, as in its repository alone: the repository holding the file answers, the others'
definitions of the name and their callers are left out. The workspace had read it as the bare name
("pkg/cache.py::cached read as cached") and listed every repository's callers, while its own notice
("ask who calls PATH::NAME for one") offered the question as the way to narrow them (zipp,
importlib_metadata, jaraco.functools, jaraco.text: importlib_metadata vendors ``method_cache``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    """``lib`` defines ``cached`` in ``lib/cache.py`` and calls it; ``app`` vendors its own
    ``cached`` in ``app/_cache.py`` and calls that; ``user`` calls lib's through ``from lib.cache
    import cached`` (its graph leaves the call untied: another repository's package)."""
    base = tmp_path_factory.mktemp("infile")
    lib, app, user = base / "lib", base / "app", base / "user"
    (user / "user").mkdir(parents=True)
    (user / "user" / "run.py").write_text("from lib.cache import cached\n\n\ndef user_run():\n    return cached(2)\n")
    (lib / "lib").mkdir(parents=True)
    (app / "app").mkdir(parents=True)
    (lib / "lib" / "cache.py").write_text("def cached(f):\n    return f\n")
    (lib / "lib" / "use.py").write_text("from lib.cache import cached\n\n\ndef lib_user():\n    return cached(1)\n")
    (app / "app" / "_cache.py").write_text("def cached(f):\n    return f\n")
    (app / "app" / "main.py").write_text("from app._cache import cached\n\n\ndef app_user():\n    return cached(1)\n")
    engines = [Engine(root, base / "indexes", provider=FakeProvider(), static=False) for root in (lib, app, user)]
    for engine in engines:
        engine.refresh()
    coordinator = Coordinator([Shard("lib", engines[0]), Shard("app", engines[1]), Shard("user", engines[2])])
    yield coordinator
    coordinator.close()
    for engine in engines:
        engine.close()


def _listed(coordinator: Coordinator, question: str) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    answer = coordinator.search(SearchRequest(question))
    return [(repo, r.symbol or "") for r, repo in zip(answer.result.results, answer.repos)], answer.result.notices


def test_who_calls_a_name_through_its_file_is_that_file_s(workspace: Coordinator) -> None:
    listed, notices = _listed(workspace, "who calls lib/cache.py::cached")
    assert listed == [("lib", "lib_user"), ("user", "user_run")], (listed, notices)
    assert not any("read as cached" in n for n in notices)


def test_the_other_repository_s_file_answers_for_its_own(workspace: Coordinator) -> None:
    listed, _ = _listed(workspace, "who calls app/_cache.py::cached")
    assert listed == [("app", "app_user")]


def test_the_bare_name_still_lists_both(workspace: Coordinator) -> None:
    listed, _ = _listed(workspace, "who calls cached")
    assert sorted(listed) == [("app", "app_user"), ("lib", "lib_user"), ("user", "user_run")]


def test_the_file_as_the_workspace_shows_it_with_its_repository(workspace: Coordinator) -> None:
    """``lib/lib/cache.py::cached``, the path a result row shows (``repo/path``), copied into the
    question: it had found nothing ("nothing in the graph calls lib/lib/cache.py::cached") and
    blended the engines."""
    listed, notices = _listed(workspace, "who calls lib/lib/cache.py::cached")
    assert listed == [("lib", "lib_user"), ("user", "user_run")], (listed, notices)
    listed, _ = _listed(workspace, "who calls app/app/_cache.py::cached")
    assert listed == [("app", "app_user")]


def _defined(coordinator: Coordinator, question: str) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    answer = coordinator.search(SearchRequest(question))
    return [(repo, r.path) for r, repo in zip(answer.result.results, answer.repos)], answer.result.notices


def test_where_is_a_name_through_its_file_defined(workspace: Coordinator) -> None:
    """As in one repository, the definition in the file written alone: the workspace had listed
    every repository's ``cached`` ("lib/cache.py::cached read as cached")."""
    for question in ("where is lib/cache.py::cached defined", "where is lib/lib/cache.py::cached defined"):
        listed, notices = _defined(workspace, question)
        assert listed == [("lib", "lib/cache.py")], (question, listed, notices)
    listed, _ = _defined(workspace, "where is app/_cache.py::cached defined")
    assert listed == [("app", "app/_cache.py")]
