"""The structural engine over a stored generation tells whether a file is vendored, built or
generated only for the files its question's candidates lie in, each file once, and in one pass
over their paths (every path of a 100,000-file repository was read on every structural question:
33 ms of ``def helper_31337``, which one file defines). The ranks are those :func:`is_demoted` gives."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.paths import DEMOTED_DIRS, is_demoted
from maguyva_tui.core.retrievers import structural
from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import indexed_engines


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    def module(number: int) -> str:
        return f"def helper_{number}(value):\n    return value\n\nclass Store{number % 4}:\n    pass\n"

    return indexed_engines(tmp_path_factory, module, "demotion")


def _told(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The paths each call of :func:`structural._demoted` is given."""
    calls: list[list[str]] = []
    real = structural._demoted

    def noted(paths: list[str]) -> np.ndarray:
        calls.append(list(paths))
        return real(paths)

    monkeypatch.setattr(structural, "_demoted", noted)
    return calls


def test_a_name_one_file_defines_tells_that_file_alone(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    eager, stored = engines
    assert isinstance(stored, MappedStructural)
    calls = _told(monkeypatch)
    query = Query(text="helper_13", intent="find_definition", target="helper_13")
    hits = stored.search(query, 10)
    assert [(h.path, h.start_line) for h in hits] == [(h.path, h.start_line) for h in eager.search(query, 10)]
    assert calls and all(len(paths) < 36 for paths in calls)  # not every path: 36 files
    asked = [path for paths in calls for path in paths]
    assert len(asked) == len(set(asked))  # each file once
    assert {h.path for h in hits} <= set(asked)


def test_a_file_told_once_is_not_told_again(engines: tuple[StructuralRetriever, StructuralRetriever],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _, stored = engines
    calls = _told(monkeypatch)
    for name in ("helper_5", "Store1", "helper_5", "Store1"):
        stored.search(Query(text=name, intent="find_definition", target=name), 20)
    asked = [path for paths in calls for path in paths]
    assert len(asked) == len(set(asked))


_FOLDER = st.sampled_from(["src", "lib", "Vendor", "THIRD_PARTY", "third-party", "node_modules", "büild", "app",
                           "Generated", "dist", "distutils", "archives", "x.pb.y", "bUiLd", "vendored", "é"])
_NAME = st.sampled_from(["a.py", "a_pb2.py", "A_PB2.PY", "x.min.js", "X.MIN.JS", "generated.go", "gen.go",
                         "models.pb.go", "naïve.py", "build.py", "vendor.py", "Dist.py", "__generated__.ts"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(_FOLDER, max_size=3), _NAME), max_size=12))
def test_demoted_paths_are_those_is_demoted_tells(parts: list[tuple[list[str], str]]) -> None:
    paths = ["/".join([*folders, name]) for folders, name in parts]
    assert structural._demoted(paths).tolist() == [is_demoted(path) for path in paths]


def test_every_hint_in_any_case() -> None:
    paths = [f"{hint.upper()}/a.py" for hint in sorted(DEMOTED_DIRS)] + ["pkg/a.PY", "Pkg/B_Pb2.py", "ok/no.py"]
    assert structural._demoted(paths).tolist() == [is_demoted(path) for path in paths]


def test_a_word_of_most_files_tells_every_file_at_once(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``helper``, held by names of every file, tells every path in one pass, once (its ranking
    asks again and again; sorting 98,000 file numbers to find the new ones took 44 ms)."""
    _, stored = engines
    assert isinstance(stored, MappedStructural)
    stored.__dict__.pop("_demotion", None)  # as a new process finds it
    calls: list[list[str]] = []
    real = structural._demoted

    def noted(paths: list[str]) -> np.ndarray:
        calls.append(paths)
        return real(paths)

    monkeypatch.setattr(structural, "_demoted", noted)
    stored.search(Query(text="helper", intent="find_definition", target="helper"), 20)
    stored.search(Query(text="helper_3", intent="find_definition", target="helper_3"), 20)
    assert len(calls) == 1 and calls[0] is stored._table.paths
